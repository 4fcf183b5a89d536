//! Pairing one score bracket by C.1-C.14 of the 1998 rules, the candidates taken in the order of
//! D.1-D.2, with a matching deciding at every step whether the step can still lead to a
//! candidate that meets the current requirements.
//!
//! The reading (shared with `literal`, which enumerates the same order without matchings):
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
//!   downfloaters (C.12-C.13).
//!
//! The search is depth first in that order. Before each step a maximum-weight matching decides
//! whether the rest of the candidate can still be completed (exactly the pairs of the attempt,
//! stand-in vertices taking the players left over; the players who may not float; the colour
//! budget x), so a level that cannot be met costs one matching and,
//! when the caller accepts any downfloaters or the group leaves one player over (the players
//! the caller refuses as that player must then be paired in the same matching), the
//! transpositions never backtrack further than one position: at most p x |S2| matchings per
//! split. The exchanges of a homogeneous group are listed one by one (D.2 orders them by a sum
//! of numbers under a colour budget, a budgeted matching question that one matching per
//! decision does not answer); see [`EXCHANGE_LIMIT`].

use super::Round98;
use crate::history::Float;
use crate::matching::max_weight_matching;
use crate::pairing::PairingError;
use std::cell::{Cell, OnceCell};

/// The most exchanges of one size listed for one group (D.2): past it, the bracket is reported
/// as not paired rather than searched for hours.
pub(crate) const EXCHANGE_LIMIT: usize = 500_000;

/// The most search steps spent on one bracket when the caller's condition on the downfloaters
/// (C.12, C.13) makes the search backtrack: past it the bracket is reported as not paired.
pub(crate) const NODE_LIMIT: u64 = 2_000_000;

/// The most sets of downfloaters of one group weighed against the caller's condition; past it
/// the search checks the condition on complete candidates only.
const GOOD_LIMIT: usize = 5_000;

/// One bracket to pair.
pub(crate) struct Task<'a> {
    /// Players (indices, A.2 order).
    pub players: Vec<usize>,
    /// Those moved down from higher brackets.
    pub moved: Vec<usize>,
    /// The caller's condition on the players moved down from this bracket (C.12, C.13).
    pub fits: &'a dyn Fn(&[usize]) -> bool,
    /// The lowest bracket: the player left over takes the bye, so B.1.b bars players who
    /// scored a point without playing from being left over.
    pub last: bool,
    /// `fits` may refuse sets of downfloaters (false for the first pairing of a bracket, which
    /// accepts any).
    pub constrained: bool,
}

impl<'a> Task<'a> {
    pub fn new(moved: &[usize], residents: &[usize], fits: &'a dyn Fn(&[usize]) -> bool) -> Self {
        let mut players: Vec<usize> = moved.iter().chain(residents).copied().collect();
        players.sort_unstable();
        let mut moved = moved.to_vec();
        moved.sort_unstable();
        Task {
            players,
            moved,
            fits,
            last: false,
            constrained: true,
        }
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    (task.last && !r.players[i].bye_ok)
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
        && (task.fits)(floaters)
}

/// D.2: the exchanges of `k` players between S1 = positions `0..p` and S2 = `p..n`, in order:
/// the smallest difference of the numbers exchanged, then the lowest S1 players, then S2 top
/// down. Each as the positions of the new S1 and S2, ascending. `None` past [`EXCHANGE_LIMIT`].
pub(crate) fn exchanges(n: usize, p: usize, k: usize) -> Option<Vec<(Vec<usize>, Vec<usize>)>> {
    let from_s1 = subsets(p, k, EXCHANGE_LIMIT)?;
    let from_s2 = subsets(n - p, k, EXCHANGE_LIMIT)?;
    if from_s1.len().saturating_mul(from_s2.len()) > EXCHANGE_LIMIT {
        return None;
    }
    // (difference, S1 set read from its lowest player, index in from_s1, index in from_s2)
    let mut list: Vec<(usize, Vec<usize>, usize, usize)> = Vec::new();
    for (ia, a) in from_s1.iter().enumerate() {
        let mut desc: Vec<usize> = a.clone();
        desc.reverse();
        for (ib, b) in from_s2.iter().enumerate() {
            let diff = b.iter().map(|x| x + p).sum::<usize>() - a.iter().sum::<usize>();
            list.push((diff, desc.clone(), ia, ib));
        }
    }
    // Lowest S1 players first: the exchanged S1 set, read from its lowest player, larger first;
    // then S2 top down (the subsets are listed in lexicographic order).
    list.sort_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)).then(x.3.cmp(&y.3)));
    Some(
        list.into_iter()
            .map(|(_, _, ia, ib)| {
                let a = &from_s1[ia];
                let b: Vec<usize> = from_s2[ib].iter().map(|x| x + p).collect();
                let mut s1: Vec<usize> = (0..p).filter(|x| !a.contains(x)).collect();
                s1.extend(&b);
                s1.sort_unstable();
                let mut s2: Vec<usize> = (p..n).filter(|x| !b.contains(x)).collect();
                s2.extend(a);
                s2.sort_unstable();
                (s1, s2)
            })
            .collect(),
    )
}

/// The `k`-subsets of `0..n` (ascending sets, lexicographic order); `None` past `limit`.
fn subsets(n: usize, k: usize, limit: usize) -> Option<Vec<Vec<usize>>> {
    fn rec(
        start: usize,
        n: usize,
        k: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        limit: usize,
    ) -> bool {
        if cur.len() == k {
            out.push(cur.clone());
            return out.len() <= limit;
        }
        for i in start..n {
            if n - i < k - cur.len() {
                break;
            }
            cur.push(i);
            let ok = rec(i + 1, n, k, cur, out, limit);
            cur.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    rec(0, n, k, &mut Vec::new(), &mut out, limit).then_some(out)
}

fn limit_error() -> PairingError {
    PairingError::NoValidPairing(format!(
        "a score bracket needs more than {EXCHANGE_LIMIT} exchanges (D.2) of one size"
    ))
}

fn node_error() -> PairingError {
    PairingError::NoValidPairing(format!(
        "a score bracket needs more than {NODE_LIMIT} search steps"
    ))
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
    Ok((task.fits)(&all).then(|| Out {
        pairs: Vec::new(),
        floaters: all,
    }))
}

/// Pairs one bracket with the matching-guided search.
pub(crate) fn solve(r: &Round98, task: &Task) -> Result<Option<Out>, PairingError> {
    let nodes = Cell::new(0);
    run(r, task, |start, at, lv| {
        // Every candidate moves the C.1 players down: when one of them may not float at this
        // level, none is accepted, and the search would visit them all to learn it.
        if start.c1.iter().any(|&i| must_stay(r, task, lv, i)) {
            return Ok(None);
        }
        let s = Search {
            r,
            task,
            lv,
            c1: &start.c1,
            nodes: &nodes,
        };
        s.attempt(&start.players, at)
    })
}

/// The sets of players a group may leave over, listed when first needed.
struct Leftovers<'b> {
    players: &'b [usize],
    k: usize,
    sets: OnceCell<Option<Vec<Vec<usize>>>>,
}

impl Leftovers<'_> {
    /// The accepted sets, or `None` when there are too many to list.
    fn get(&self, s: &Search) -> Option<&Vec<Vec<usize>>> {
        self.sets
            .get_or_init(|| s.good_leftovers(self.players, self.k))
            .as_ref()
    }

    /// With one player left over, the players the caller does not accept as that player (a
    /// completion is accepted exactly when it pairs all of them), or `None` otherwise.
    fn refused_singles(&self, s: &Search) -> Option<Vec<usize>> {
        if self.k != 1 {
            return None;
        }
        let sets = self.get(s)?;
        Some(
            self.players
                .iter()
                .copied()
                .filter(|i| !sets.iter().any(|l| l[0] == *i))
                .collect(),
        )
    }
}

/// The weights of the feasibility matchings, in decreasing priority.
struct Units {
    diag: i64,
    good: i64,
    stay: i64,
    card: i64,
    must: i64,
}

impl Units {
    fn new(n: usize) -> Units {
        let n = n as i64 + 2;
        let good = n;
        let stay = good * n;
        let card = stay * (2 * n);
        let must = card * n;
        Units {
            diag: 1,
            good,
            stay,
            card,
            must,
        }
    }
}

struct Search<'a> {
    r: &'a Round98,
    task: &'a Task<'a>,
    lv: Level,
    c1: &'a [usize],
    nodes: &'a Cell<u64>,
}

impl Search<'_> {
    fn step(&self) -> Result<(), PairingError> {
        self.nodes.set(self.nodes.get() + 1);
        if self.nodes.get() > NODE_LIMIT {
            return Err(node_error());
        }
        Ok(())
    }

    fn floaters(&self, left: &[usize]) -> Vec<usize> {
        let mut f: Vec<usize> = left.iter().chain(self.c1).copied().collect();
        f.sort_unstable();
        f
    }

    fn attempt(&self, players: &[usize], at: Attempt) -> Result<Option<Out>, PairingError> {
        match at {
            Attempt::Homogeneous { p } => self.group(players, p, self.lv.x, &mut Vec::new()),
            Attempt::Heterogeneous { p, pr } => {
                let (s1, s2) = players.split_at(p);
                let mut used = vec![false; s2.len()];
                let mut pairs = Vec::new();
                self.moved_pairs(s1, s2, pr, 0, &mut used, &mut pairs, 0)
            }
        }
    }

    /// The transpositions of S2 pairing the moved-down S1 (D.1), depth first: S1[d] takes each
    /// free S2 player in order, then the remainder.
    #[allow(clippy::too_many_arguments)]
    fn moved_pairs(
        &self,
        s1: &[usize],
        s2: &[usize],
        pr: usize,
        d: usize,
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        bad: usize,
    ) -> Result<Option<Out>, PairingError> {
        self.step()?;
        let free: Vec<usize> = (0..s2.len()).filter(|&j| !used[j]).map(|j| s2[j]).collect();
        if d == s1.len() {
            return self.group(&free, pr, self.lv.x - bad, pairs);
        }
        if !self.mixed_feasible(&s1[d..], &free, pr, self.lv.x - bad) {
            return Ok(None);
        }
        let a = s1[d];
        for j in 0..s2.len() {
            if used[j] || !pair_ok(self.r, self.lv, a, s2[j]) {
                continue;
            }
            let nb = bad + usize::from(self.r.colour_bad(a, s2[j]));
            if nb > self.lv.x {
                continue;
            }
            used[j] = true;
            pairs.push((a, s2[j]));
            let got = self.moved_pairs(s1, s2, pr, d + 1, used, pairs, nb)?;
            pairs.pop();
            used[j] = false;
            if got.is_some() {
                return Ok(got);
            }
        }
        Ok(None)
    }

    /// A homogeneous group (bracket or remainder) of `players` making `p` pairs with at most
    /// `budget` colour conflicts: the exchanges (D.2) outside, the transpositions inside.
    fn group(
        &self,
        players: &[usize],
        p: usize,
        budget: usize,
        done: &mut Vec<(usize, usize)>,
    ) -> Result<Option<Out>, PairingError> {
        let n = players.len();
        if 2 * p > n {
            return Ok(None);
        }
        let Some(plain) = self.mixed_completion(&[], players, p, budget, &[]) else {
            return Ok(None);
        };
        // The sets of players this group may leave over (C.12, C.13 through `fits`), each
        // weighed once; a level none of them allows is given up without search.
        let lazy = Leftovers {
            players,
            k: n - 2 * p,
            sets: OnceCell::new(),
        };
        let good = self.task.constrained.then_some(&lazy);
        if let Some(lz) = good {
            // A completion without condition whose leftover is accepted settles it; else the
            // accepted leftover sets are listed and tried.
            let feasible = self.accepted(&plain)
                || if let Some(keep) = lz.refused_singles(self) {
                    // One player left over: he must be one the caller accepts (C.12, C.13).
                    self.mixed_completion(&[], players, p, budget, &keep)
                        .is_some()
                } else {
                    lz.get(self).is_none_or(|sets| {
                        sets.iter().any(|l| {
                            let rest: Vec<usize> =
                                players.iter().copied().filter(|i| !l.contains(i)).collect();
                            self.mixed_feasible(&[], &rest, p, budget)
                        })
                    })
                };
            if !feasible {
                return Ok(None);
            }
        }
        for k in 0..=p.min(n - p) {
            let list = exchanges(n, p, k).ok_or_else(limit_error)?;
            for (s1, s2) in list {
                let s1: Vec<usize> = s1.iter().map(|&i| players[i]).collect();
                let s2: Vec<usize> = s2.iter().map(|&i| players[i]).collect();
                let mut used = vec![false; s2.len()];
                let before = done.len();
                let got = self.transpose(&s1, &s2, 0, &mut used, done, budget, None, good)?;
                done.truncate(before);
                if got.is_some() {
                    return Ok(got);
                }
            }
        }
        Ok(None)
    }

    /// The transpositions of S2 (D.1) for S1 in a homogeneous group, depth first. `mate` is a
    /// completion found by the last matching (S1 position -> S2 position), reused while the
    /// search follows it.
    #[allow(clippy::too_many_arguments)]
    fn transpose(
        &self,
        s1: &[usize],
        s2: &[usize],
        d: usize,
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        budget: usize,
        mate: Option<Vec<usize>>,
        good: Option<&Leftovers>,
    ) -> Result<Option<Out>, PairingError> {
        self.step()?;
        if d == s1.len() {
            let left: Vec<usize> = (0..s2.len()).filter(|&j| !used[j]).map(|j| s2[j]).collect();
            let floaters = self.floaters(&left);
            return Ok(
                accepts(self.r, self.task, self.lv, pairs, &floaters).then(|| Out {
                    pairs: pairs.clone(),
                    floaters,
                }),
            );
        }
        let mate = match mate {
            Some(m) => m,
            None => {
                let free_of = |l: &Vec<usize>| {
                    l.iter()
                        .all(|x| (0..s2.len()).any(|j| !used[j] && s2[j] == *x))
                };
                let found = match good {
                    None => self.completion(s1, s2, d, used, budget, &[], &[]),
                    Some(lz) => {
                        // The completion without condition, when what it leaves over is
                        // accepted; else the accepted sets, the lowest players first.
                        let plain = self.completion(s1, s2, d, used, budget, &[], &[]);
                        let plain_ok = plain.as_ref().is_some_and(|m| {
                            let left: Vec<usize> = (0..s2.len())
                                .filter(|&j| !used[j] && !m[d..].contains(&j))
                                .map(|j| s2[j])
                                .collect();
                            self.accepted(&left)
                        });
                        if plain_ok {
                            plain
                        } else if let Some(keep) = lz.refused_singles(self) {
                            // One player left over: one matching pairing those refused.
                            self.completion(s1, s2, d, used, budget, &[], &keep)
                        } else {
                            match lz.get(self) {
                                None => plain,
                                Some(sets) => {
                                    sets.iter().rev().filter(|l| free_of(l)).find_map(|l| {
                                        self.completion(s1, s2, d, used, budget, l, &[])
                                    })
                                }
                            }
                        }
                    }
                };
                match found {
                    Some(m) => m,
                    None => return Ok(None),
                }
            }
        };
        let a = s1[d];
        for j in 0..s2.len() {
            if used[j] || !pair_ok(self.r, self.lv, a, s2[j]) {
                continue;
            }
            let bad = usize::from(self.r.colour_bad(a, s2[j]));
            if bad > budget {
                continue;
            }
            // The last completion pairs S1[d] with this player: the rest of it still fits.
            let next = if mate[d] == j {
                Some(mate.clone())
            } else {
                None
            };
            used[j] = true;
            pairs.push((a, s2[j]));
            let got = self.transpose(s1, s2, d + 1, used, pairs, budget - bad, next, good)?;
            pairs.pop();
            used[j] = false;
            if got.is_some() {
                return Ok(got);
            }
        }
        Ok(None)
    }

    /// A completion of S1[d..] with the free S2 players meeting the level (all of S1 paired,
    /// every free player who may not float paired, at most `budget` colour conflicts), as S1
    /// position -> S2 position, or `None` when there is none. The players of `exclude` are
    /// left out; those of `keep` (ascending) must be paired, like those who may not float.
    #[allow(clippy::too_many_arguments)]
    fn completion(
        &self,
        s1: &[usize],
        s2: &[usize],
        d: usize,
        used: &[bool],
        budget: usize,
        exclude: &[usize],
        keep: &[usize],
    ) -> Option<Vec<usize>> {
        let stays =
            |b: usize| must_stay(self.r, self.task, self.lv, b) || keep.binary_search(&b).is_ok();
        let rem = &s1[d..];
        let free: Vec<usize> = (0..s2.len())
            .filter(|&j| !used[j] && !exclude.contains(&s2[j]))
            .collect();
        let nr = rem.len();
        let u = Units::new(nr + free.len());
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for (i, &a) in rem.iter().enumerate() {
            for (k, &j) in free.iter().enumerate() {
                let b = s2[j];
                if !pair_ok(self.r, self.lv, a, b) {
                    continue;
                }
                let mut w = u.card;
                if stays(b) {
                    w += u.stay;
                }
                if !self.r.colour_bad(a, b) {
                    w += u.good;
                }
                if k == i {
                    w += u.diag;
                }
                edges.push((i, nr + k, w));
            }
        }
        let mate = max_weight_matching(nr + free.len(), &edges, true);
        if mate[..nr].iter().any(Option::is_none) {
            return None;
        }
        let stays_unpaired = free
            .iter()
            .enumerate()
            .any(|(k, &j)| mate[nr + k].is_none() && stays(s2[j]));
        let bad = (0..nr)
            .filter(|&i| {
                let k = mate[i].unwrap_or(nr) - nr;
                self.r.colour_bad(rem[i], s2[free[k]])
            })
            .count();
        if stays_unpaired || bad > budget {
            return None;
        }
        let mut out = vec![usize::MAX; s1.len()];
        for i in 0..nr {
            out[d + i] = free[mate[i].unwrap_or(nr) - nr];
        }
        Some(out)
    }

    /// The caller accepts `left` (with those C.1 moved down) as downfloaters and the level
    /// lets them float.
    fn accepted(&self, left: &[usize]) -> bool {
        !left
            .iter()
            .any(|&i| must_stay(self.r, self.task, self.lv, i))
            && (self.task.fits)(&self.floaters(left))
    }

    /// The `k`-sets of `players` the caller accepts as downfloaters (with those C.1 moved
    /// down) and the level lets float, or `None` when there are more than [`GOOD_LIMIT`].
    fn good_leftovers(&self, players: &[usize], k: usize) -> Option<Vec<Vec<usize>>> {
        let sets = subsets(players.len(), k, GOOD_LIMIT)?;
        Some(
            sets.into_iter()
                .map(|s| s.iter().map(|&i| players[i]).collect::<Vec<usize>>())
                .filter(|l| self.accepted(l))
                .collect(),
        )
    }

    /// Whether `rem` (players that must each be paired with one of `free`) and `pr` more pairs
    /// among the other free players can be made at this level with at most `budget` colour
    /// conflicts, every free player who may not float being paired. Exact (the caller's
    /// condition on the downfloaters aside).
    fn mixed_feasible(&self, rem: &[usize], free: &[usize], pr: usize, budget: usize) -> bool {
        self.mixed_completion(rem, free, pr, budget, &[]).is_some()
    }

    /// [`Self::mixed_feasible`], with the players a completion found leaves unpaired (only
    /// meaningful when `pr` is the most the rest allows). The players of `keep` (ascending)
    /// must be paired, like those who may not float.
    fn mixed_completion(
        &self,
        rem: &[usize],
        free: &[usize],
        pr: usize,
        budget: usize,
        keep: &[usize],
    ) -> Option<Vec<usize>> {
        let stays =
            |b: usize| must_stay(self.r, self.task, self.lv, b) || keep.binary_search(&b).is_ok();
        let nr = rem.len();
        let all: Vec<usize> = rem.iter().chain(free).copied().collect();
        let n = all.len();
        let target = nr + pr;
        if 2 * target > n {
            return None;
        }
        // Exactly `target` pairs: each player left over is taken by a stand-in vertex (joined
        // to every free player), and the matching must cover everybody.
        let extra = n - 2 * target;
        let u = Units::new(n + extra);
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for d in n..n + extra {
            edges.extend((nr..n).map(|j| (j, d, u.card)));
        }
        for i in 0..n {
            for j in (i + 1).max(nr)..n {
                let (a, b) = (all[i], all[j]);
                if !pair_ok(self.r, self.lv, a, b) {
                    continue;
                }
                let mut w = u.card;
                w += u.must * i64::from(i < nr);
                w += u.stay * (i64::from(stays(a)) + i64::from(stays(b)));
                if !self.r.colour_bad(a, b) {
                    w += u.good;
                }
                edges.push((i, j, w));
            }
        }
        let mate = max_weight_matching(n + extra, &edges, false);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        // A real pair: both players of the bracket.
        let real = |i: usize| mate[i].filter(|&j| j < n);
        let card = (0..n).filter(|&i| real(i).is_some()).count() / 2;
        if card < target {
            return None;
        }
        let left: Vec<usize> = (0..n)
            .filter(|&i| real(i).is_none())
            .map(|i| all[i])
            .collect();
        let stays_unpaired = (0..n).any(|i| real(i).is_none() && stays(all[i]));
        let bad = (0..n)
            .filter(|&i| real(i).is_some_and(|j| i < j && self.r.colour_bad(all[i], all[j])))
            .count();
        (!stays_unpaired && bad <= budget).then_some(left)
    }
}
