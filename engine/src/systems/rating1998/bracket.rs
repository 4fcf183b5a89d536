//! One score bracket of the 1998 rules: the definitions of C.1-C.14 and D.1-D.2 that the
//! matching search (`search`) and the literal enumeration (`literal`) share, and the driver
//! that runs the attempts of C.14 and the levels of C.9-C.11 in order.
//!
//! The reading (shared by both solvers):
//! - C.1: a player with no possible opponent in the bracket (B.1, B.2) is moved down at once;
//!   the others form the bracket;
//! - A.3, A.6, C.3-C.4: heterogeneous when it holds players moved down and they are fewer than
//!   half of it; then S1 = the p highest players (first p = all moved-down players), S2 the
//!   rest, and the players of S2 not paired with S1 form the remainder, paired as homogeneous
//!   with pr pairs (its S1 the pr highest); homogeneous: S1 = the p highest, S2 the rest;
//! - C.14: p is lowered from its start (the moved-down players, or half the bracket) to 1; for
//!   each p of a heterogeneous bracket, the remainder's pr from half of it down to 0; when no p
//!   works a heterogeneous bracket is tried as homogeneous (A.3), and at last the whole bracket
//!   is moved down (p = 0);
//! - C.2, C.9-C.11 (`levels`): for the pairs P the attempt makes, the requirement levels in the
//!   order of the text: x (A.8, lowered by one per pair below half the bracket, C.14), then B.6
//!   and B.5 for downfloats dropped (C.9), then B.6 and B.5 for upfloats (C.10), then x raised
//!   one by one up to P (C.11) with the float criteria left dropped (nothing in the text
//!   restores them). The whole bracket, moved-down pairs and remainder, shares one level and
//!   one x (x is defined for the score bracket; C.11 undoes the moved-down pairs too);
//! - C.6-C.8, D.1-D.2: at each level the first candidate in the order: the transpositions of S2
//!   pairing S1 (D.1, ascending), then for the remainder or a homogeneous bracket the exchanges
//!   (D.2: fewest players, then the smallest difference of the numbers exchanged, then the
//!   lowest players of S1, then S2 top down), each with its transpositions;
//! - a candidate meets a level when its pairs are legal (B.1, B.2), at most x of them join two
//!   players preferring the same colour (B.4), no lower player of a pair with unequal scores
//!   repeats an upfloat (B.5 one round back, B.6 two), no player of this score moved down
//!   repeats a downfloat (a moved-down player's downfloat was decided by the bracket that moved
//!   him), players over 50% in the last round being exempt; and the caller accepts its
//!   downfloaters (C.12-C.13, [`Condition`]).

use super::Round98;
use crate::history::Float;
use crate::pairing::PairingError;

/// What the caller demands of the players moved down from a bracket (C.12, C.13, B.1.b).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Condition {
    /// Any downfloaters (the first pairing of a bracket).
    Any,
    /// C.12: every downfloater can be paired at once, with another downfloater or a player of
    /// the next bracket (these players).
    Covers(Vec<usize>),
    /// C.13: the downfloaters and the lowest bracket (these players) can all be paired but one
    /// at most, who may take the bye (B.1.b).
    Completes(Vec<usize>),
    /// The lowest bracket: one player left over at most, who takes the bye (B.1.b).
    Bye,
}

impl Condition {
    /// The caller accepts `floaters` as the players moved down.
    pub fn accepts(&self, r: &Round98, floaters: &[usize]) -> bool {
        match self {
            Condition::Any => true,
            Condition::Covers(next) => {
                let mut all = floaters.to_vec();
                all.extend_from_slice(next);
                r.covers(floaters, &all)
            }
            Condition::Completes(below) => {
                let mut all = floaters.to_vec();
                all.extend_from_slice(below);
                r.completable(&all)
            }
            Condition::Bye => floaters.len() <= 1 && floaters.iter().all(|&i| r.players[i].bye_ok),
        }
    }
}

/// One bracket to pair.
pub(crate) struct Task {
    /// Players (indices, A.2 order).
    pub players: Vec<usize>,
    /// Those moved down from higher brackets.
    pub moved: Vec<usize>,
    /// The caller's condition on the players moved down from this bracket.
    pub cond: Condition,
}

impl Task {
    pub fn new(moved: &[usize], residents: &[usize], cond: Condition) -> Self {
        let mut players: Vec<usize> = moved.iter().chain(residents).copied().collect();
        players.sort_unstable();
        let mut moved = moved.to_vec();
        moved.sort_unstable();
        Task {
            players,
            moved,
            cond,
        }
    }

    /// The lowest bracket: the player left over takes the bye, so B.1.b bars players who
    /// scored a point without playing from being left over.
    pub fn last(&self) -> bool {
        self.cond == Condition::Bye
    }
}

/// The pairing of one bracket: pairs (indices) and players moved down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Out {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// One set of current requirements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Level {
    /// B.4 / A.8: at most `x` pairs not fulfilling all colour preferences.
    pub x: usize,
    /// How many float criteria are dropped: B.6 down, B.5 down (C.9), B.6 up, B.5 up (C.10).
    pub drops: u8,
}

impl Level {
    fn b6_down(self) -> bool {
        self.drops < 1
    }
    fn b5_down(self) -> bool {
        self.drops < 2
    }
    fn b6_up(self) -> bool {
        self.drops < 3
    }
    fn b5_up(self) -> bool {
        self.drops < 4
    }
}

/// C.2, C.9-C.11, C.14: the levels for an attempt making `pairs` pairs in a bracket of `n`
/// players whose A.8 value is `x0`.
///
/// The first x is a lower bound of the colour conflicts of every such candidate: with w
/// players preferring White (w >= b), a pair without two of them holds one at most, so the
/// pairs hold at most `pairs + (pairs of two White)` of them and the players left over
/// `n - 2 pairs`: at least `w - n + pairs = x0 - (n/2 - pairs)` pairs of two White (q + n/2 =
/// n, rounding included). So a level's candidates are those with exactly x conflicts (for a
/// raised x, the level below had none with fewer): `search` relies on it.
pub(crate) fn levels(x0: usize, n: usize, pairs: usize) -> Vec<Level> {
    // C.14: x goes down with p when it was above zero.
    let start = x0.saturating_sub(n / 2 - pairs.min(n / 2)).min(pairs);
    let mut out: Vec<Level> = (0..=4).map(|drops| Level { x: start, drops }).collect();
    out.extend((start + 1..=pairs).map(|x| Level { x, drops: 4 }));
    out
}

/// A.8: x = max(w, b) - q with q half the bracket rounded up; at least 0.
pub(crate) fn x_of(r: &Round98, players: &[usize]) -> usize {
    let (mut w, mut b) = (0usize, 0usize);
    for &i in players {
        match r.players[i].colour.preference.map(|p| p.color) {
            Some(crate::model::Color::White) => w += 1,
            Some(crate::model::Color::Black) => b += 1,
            None => {}
        }
    }
    let q = players.len().div_ceil(2);
    if b > w {
        b.saturating_sub(q)
    } else {
        w.saturating_sub(q)
    }
}

/// One way of pairing the bracket (C.14): `p` pairs between S1 (the `p` highest) and S2, and,
/// for a heterogeneous attempt, `pr` pairs in the remainder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Attempt {
    Heterogeneous { p: usize, pr: usize },
    Homogeneous { p: usize },
}

impl Attempt {
    pub fn pairs(self) -> usize {
        match self {
            Attempt::Heterogeneous { p, pr } => p + pr,
            Attempt::Homogeneous { p } => p,
        }
    }
}

/// The bracket after C.1: the players who stay, and those moved down at once.
pub(crate) fn after_c1(r: &Round98, task: &Task) -> (Vec<usize>, Vec<usize>) {
    task.players
        .iter()
        .partition(|&&a| task.players.iter().any(|&b| r.pairable(a, b)))
}

/// The attempts in the order of C.14 for a bracket of `players` of which `m` were moved down.
pub(crate) fn attempts(n: usize, m: usize) -> Vec<Attempt> {
    let mut out = Vec::new();
    if m > 0 && 2 * m < n {
        for p in (1..=m).rev() {
            for pr in (0..=(n - 2 * p) / 2).rev() {
                out.push(Attempt::Heterogeneous { p, pr });
            }
        }
    }
    out.extend((1..=n / 2).rev().map(|p| Attempt::Homogeneous { p }));
    out
}

/// What a level demands of a pair: legal (B.1, B.2) and no repeated upfloat (B.5, B.6).
pub(crate) fn pair_ok(r: &Round98, lv: Level, a: usize, b: usize) -> bool {
    if !r.pairable(a, b) {
        return false;
    }
    let (pa, pb) = (&r.players[a], &r.players[b]);
    if pa.score == pb.score {
        return true;
    }
    let lo = if pa.score < pb.score { pa } else { pb };
    !repeats(lo, Float::Up, lv.b5_up(), lv.b6_up())
}

/// The player would repeat float `f` against B.5 or B.6 while they apply.
fn repeats(p: &super::Player98, f: Float, b5: bool, b6: bool) -> bool {
    !p.top && ((b5 && p.float1 == f) || (b6 && p.float2 == f))
}

/// A player of this score moved down would repeat a downfloat (B.5, B.6 while they apply).
/// In the lowest bracket, also a player who may not take the bye (B.1.b).
pub(crate) fn must_stay(r: &Round98, task: &Task, lv: Level, i: usize) -> bool {
    (task.last() && !r.players[i].bye_ok)
        || (task.moved.binary_search(&i).is_err()
            && repeats(&r.players[i], Float::Down, lv.b5_down(), lv.b6_down()))
}

/// The whole check of a complete candidate at a level (the definition both solvers share).
pub(crate) fn accepts(
    r: &Round98,
    task: &Task,
    lv: Level,
    pairs: &[(usize, usize)],
    floaters: &[usize],
) -> bool {
    pairs.iter().all(|&(a, b)| pair_ok(r, lv, a, b))
        && pairs.iter().filter(|&&(a, b)| r.colour_bad(a, b)).count() <= lv.x
        && !floaters.iter().any(|&i| must_stay(r, task, lv, i))
        && task.cond.accepts(r, floaters)
}

/// The players of the bracket after C.1 and those C.1 moves down: what both solvers start
/// from.
pub(crate) struct Start {
    pub players: Vec<usize>,
    pub c1: Vec<usize>,
}

/// Runs the attempts (C.14) and levels (C.9-C.11) in order, `first` giving the first candidate
/// of one attempt at one level; at the end the whole bracket moves down (p = 0).
pub(crate) fn run(
    r: &Round98,
    task: &Task,
    mut first: impl FnMut(&Start, Attempt, Level) -> Result<Option<Out>, PairingError>,
) -> Result<Option<Out>, PairingError> {
    let (players, c1) = after_c1(r, task);
    let m = players
        .iter()
        .filter(|i| task.moved.binary_search(i).is_ok())
        .count();
    let x0 = x_of(r, &players);
    let start = Start { players, c1 };
    let n = start.players.len();
    for at in attempts(n, m) {
        for lv in levels(x0, n, at.pairs()) {
            if let Some(out) = first(&start, at, lv)? {
                return Ok(Some(out));
            }
        }
    }
    // C.14: p = 0, the whole bracket moves down.
    let mut all = start.players;
    all.extend(&start.c1);
    all.sort_unstable();
    Ok(task.cond.accepts(r, &all).then(|| Out {
        pairs: Vec::new(),
        floaters: all,
    }))
}
