//! A literal, exhaustive implementation of the 2012 procedure (C.1-C.14 with the orders of D),
//! for small fields only (at most [`MAX_PLAYERS`] players; the cost is exponential): the test
//! oracle of the fast engine (`bracket`, a pruned depth-first search with matchings).
//!
//! Nothing here is pruned or decided by a matching: every candidate of a bracket is listed in
//! the order of section D, every requirement level in the order of C.3 / C.10, and every pairing
//! of a set of players is enumerated where a bound is needed.
//!
//! - C.1: a player with no possible opponent in his bracket (B.1, B.2 except top scorers) is set
//!   aside and moved down (the reading of docs/systems/dutch-2012.md).
//! - C.2 / A.6 / A.8: P0, M0, X1 and Z1 (the formulas of A.8 with W, B, w, b, a); A.3: a
//!   bracket of which at least half was moved down is homogeneous.
//! - C.3 / C.10: the requirement levels, listed by stepping through C.10 a-g as written
//!   ([`levels`]).
//! - C.4-C.9 with D: a homogeneous bracket or remainder lists the exchanges of D.2 (the exact
//!   procedure with DELTA, S1LIST and S2LIST, numbers counted within the group) and, for each,
//!   the transpositions of D.1 (the orderings of S2 in lexicographic order; only the first
//!   |S1| places pair); a heterogeneous bracket lists the sets of M1 moved-down players of D.3,
//!   the transpositions of the residents pairing them, then the candidates of the remainder.
//! - The iteration "for each level, the first candidate meeting it" is computed in one pass:
//!   each candidate's earliest level is found, and the candidate with the earliest level wins,
//!   ties going to the first listed; the same choice, since a level's first candidate is the
//!   first one whose earliest level is at most that level.
//! - C.10's last sentence, "any criterion may be dropped only for the minimum number of pairs
//!   in the score bracket", read for the float criteria: among the candidates of a level that
//!   dropped B.5 / B.6, the fewest players breaking B.5 for downfloaters, then B.6 for
//!   downfloaters, B.5 for upfloaters, B.6 for upfloaters (their order of importance in C.10)
//!   go first, then the order of D (the fast engine takes it too, budget by budget); on the
//!   tiny files of the corpus it agrees with JaVaFo 1.4 on 19 rounds where the level's first
//!   candidate does not, and on 2 fewer where it does. A.7.d, dropped by C.10.f,
//!   the same way but across the levels that follow it: the fewest pairs breaking it rank
//!   before X and the float criteria (`a7d_group`; A.7.d yields to the floaters and the score
//!   differences only). B.2 for top scorers, dropped by C.10.g, for the fewest pairs too
//!   (ranked before A.7.d's pairs), as the fast engine reads it.
//! - C.14: P1 lowered in a homogeneous bracket; in a heterogeneous one P1 while the remainder
//!   was reached (C.14.b.1), else M1 (C.14.b.2), and with M1 = 0 the bracket is homogeneous.
//!   In C.13's search of the penultimate bracket M1 starts at M0 and P1 goes on down below
//!   M1 while the remainder was reached, to zero ("if in the penultimate score bracket P
//!   becomes zero"; with one moved-down player that is P zero, the homogeneous turn of C.14.b.2
//!   left to `turn`, as in the fast engine). With P1 below M1,
//!   M1 is lowered (P1 back at P0) when the M1 moved-down players can still be paired within
//!   max(X1, P1) colour conflicts (X1 of the whole bracket, A.8); else P1 pairs are made with
//!   the P1 highest of S1 (C.4). Where the lowest bracket allowed M1 pairs here and the M1
//!   pairs need more than X1: M1 is lowered, after the P1 highest of S1 when the round has a
//!   bye to give. While P1 is above M1 (within the lower brackets' most pairs), M1 is
//!   lowered before P1 (A.11: the most pairs first); where P0 is below M1 from the start and
//!   every moved-down player is a top scorer (A.10), M1 is not lowered within the colour
//!   budget. A search that ends with no pair makes the lowest bracket a joined one (D.4).
//! - D.4 in a joined lowest bracket paired as heterogeneous: the least B.3 factor of the whole
//!   bracket among the complete candidates of the current M1.
//! - C.12 / C.13 and B.3 across brackets, D.4: the readings recorded in docs/systems/dutch-2012.md (chosen on
//!   JaVaFo 1.4's pairings), the bounds they need computed by enumerating every pairing. C.12
//!   is reached where the fast engine reaches it (tried after every bracket instead, 7 rounds
//!   of tiny/ are off JaVaFo either way, and 72 random rounds off the fast engine where the
//!   triggers leave 37): a downfloater without a possible
//!   opponent in the next bracket (C.1), a next bracket that cannot make its P0 pairs once
//!   C.10 has lowered every requirement (P0 after C.1; another pairing taken when it lets the
//!   next bracket make P1 pairs, P1 from P0 down as C.14 lowers it), and from the penultimate
//!   bracket a lowest bracket whose bye can only go to a player moved down from it.
//!   tiny/p007-r04-i000216 round 4: 3 and 5 on 1.5, 3 has met 6 and 7 on 1.0; 1-5 would leave
//!   3 the bye, JaVaFo pairs 1-3, 5-7 and 6 takes the bye; tiny/p008-r04-i000720 round 3: 3-8
//!   would float 4 (1.0) to the bye, JaVaFo pairs 3-4 and 8-5 and 7 (0.5) takes the bye,
//!   although floating 8 breaks B.6.
//!   And B.3 across brackets (the lowest floaters first) compares a candidate's floaters with
//!   the lowest ones among the pairings whose floaters the driver accepts (C.12, C.13), not
//!   among all pairings (4 more rounds of tiny/ agree with JaVaFo so, none fewer); in a
//!   heterogeneous bracket with the downfloaters of the whole bracket (the moved-down players
//!   left unpaired included, the bye in the lowest bracket), not those of the remainder alone
//!   (`tiny/p007-r04-i000501` round 4: 2-6, 4-7 and the bye to 3 (2.0), not 3-4, 6-7 and the
//!   bye to 2 (3.0)). `C12::EveryBracket`, a test variant, sends every bracket back (C.12
//!   tried after every bracket; read so, the fast engine pairs 13 rounds of the larger files
//!   otherwise than JaVaFo and 3 more as it does, docs/systems/dutch-2012.md).
//!
//! Facts about the players (scores, colour preferences A.7, floats A.4, bye eligibility B.1.b,
//! top scorers A.10) and the colour allocation of E are the fast engine's (`prepare`,
//! `white_for_high`): the oracle guards the procedure, not the reading of the history.

#![cfg(any(test, feature = "oracle"))]

use super::levels::Level;
use super::{prepare, white_for_high, Round12};
use crate::history::Float;
use crate::model::Tournament;
use crate::pairing::{Pairing, PairingError, Request};
use crate::score::Score;
use crate::systems::common::round::{check_round_number, pairing_of, score_groups};
use crate::systems::common::subsets::k_subsets_of;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;

#[cfg(test)]
pub(crate) mod tests;

mod procedure;
use procedure::Procedure;

/// The largest field the literal procedure pairs.
pub const MAX_PLAYERS: usize = 13;

/// Pairs round `req.round` of `t` with the 2012 rules, literally; an error above
/// [`MAX_PLAYERS`] players.
pub fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    pair_reading(t, req, C12::Trigger)
}

/// [`pair`] with C.12 tried after every bracket (`C12::EveryBracket`, see the module doc).
#[cfg(test)]
pub(crate) fn pair_c12_every_bracket(
    t: &Tournament,
    req: &Request,
) -> Result<Pairing, PairingError> {
    pair_reading(t, req, C12::EveryBracket)
}

/// When C.12 sends a bracket back for other downfloaters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum C12 {
    /// C.1's trigger: a downfloater without a possible opponent in the next bracket, or (from
    /// the penultimate bracket) the lowest bracket's bye only for a player moved down from it
    /// (the fast engine's reading, `dutch2012::c12_again`).
    Trigger,
    /// After every bracket that moves players down (the literal's first reading).
    #[cfg_attr(not(test), allow(dead_code))]
    EveryBracket,
}

/// [`pair`] with the given C.12 reading.
fn pair_reading(t: &Tournament, req: &Request, c12: C12) -> Result<Pairing, PairingError> {
    check_round_number(req.round)?;
    if req.present.len() > MAX_PLAYERS {
        return Err(PairingError::TooLarge(format!(
            "the literal 2012 procedure pairs at most {MAX_PLAYERS} players, not {}",
            req.present.len()
        )));
    }
    let r = prepare(t, req)?;
    let (games, bye) = Literal::new(&r, c12).round()?;
    // E: the colours of the pair, the higher ranked player first.
    Ok(pairing_of(
        t,
        req.round,
        games,
        bye,
        |i| r.players[i].id,
        |hi, lo| white_for_high(&r.players[hi].colour, &r.players[lo].colour, r.initial),
    ))
}

/// The levels of C.3 / C.10 for P1 pairs, stepping through C.10 as written.
pub(crate) fn levels(p1: usize, x1: usize, z1: usize, even: bool, tops: bool) -> Vec<Level> {
    // C.3: everything in force, X = X1, Z = Z1.
    let start = Level {
        x: x1,
        z: z1,
        a7d: !even,
        b2: true,
        floats_dropped: 0,
        // The fast engine's budget of C.10's last line; the literal ranks the candidates of a
        // level by their float breakers itself (module doc), so it keeps none.
        budget: 0,
    };
    let mut lv = start;
    let mut out = Vec::new();
    loop {
        out.push(lv);
        // C.10 a-d: B.6 / B.5 for upfloaters, then for downfloaters.
        if lv.floats_dropped < 4 {
            lv.floats_dropped += 1;
            continue;
        }
        // C.10.e: X (odd rounds), Z then X (even rounds); restart from C.3.e (B.5 / B.6 back).
        lv.floats_dropped = 0;
        if !even && lv.x < p1 {
            lv.x += 1;
            continue;
        }
        if even && lv.z < lv.x {
            lv.z += 1;
            continue;
        }
        if even && lv.x < p1 {
            lv.x += 1;
            lv.z = z1;
            continue;
        }
        // C.10.f (odd rounds): drop A.7.d, restart from C.3.d (X = X1).
        if !even && lv.a7d {
            lv = Level {
                a7d: false,
                ..start
            };
            lv.b2 = out.last().is_some_and(|l| l.b2);
            continue;
        }
        // C.10.g (top scorers): drop B.2, restart from C.3.c (A.7.d back).
        if tops && lv.b2 {
            lv = Level { b2: false, ..start };
            continue;
        }
        return out;
    }
}

/// The rank of level `i` before the pairs breaking A.7.d: the level itself, except that every
/// level after C.10.f (odd rounds, A.7.d dropped; for each B.2) ranks as the first of them.
/// C.10's last line drops A.7.d "only for the minimum number of pairs in the score bracket",
/// and A.7.d yields only to the number and scores of the floaters and the score differences
/// (P and B.3, outside the levels): the fewest A.7.d pairs come before X and the float
/// criteria (the fast engine's reading, `bracket::run_levels`).
fn a7d_group(levels: &[Level], i: usize, even: bool) -> usize {
    let l = levels[i];
    if even || l.a7d {
        return i;
    }
    levels
        .iter()
        .position(|m| m.b2 == l.b2 && !m.a7d)
        .unwrap_or(i)
}

/// Where a bracket stands among the brackets of the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// Its players left over move down.
    Upper,
    /// The lowest bracket: the player left over takes the bye.
    Lowest,
    /// The lowest bracket joined by C.13 (D.4).
    Merged,
}

/// A bracket's pairing: its pairs and the players it moves down.
struct Out {
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

/// Pairs of players (indices).
type Pairs = [(usize, usize)];
/// A visitor of candidates: pairs, players left unpaired; returns true to stop.
type Visit<'a> = &'a mut dyn FnMut(&Pairs, &[usize]) -> bool;
/// A visitor of pairings of a set of players: pairs, players left unpaired.
type PairingVisit<'a> = &'a mut dyn FnMut(&Pairs, &[usize]);
/// The cache of `lowest_floaters`: (players, pairs, bye only) to the scores left unpaired.
type LowestCache = HashMap<(Vec<usize>, usize, bool), Option<Vec<Score>>>;
/// A candidate's rank: pass, earliest level up to C.10.f (`a7d_group`), the pairs of top scorers
/// breaking B.2 (once C.10.g dropped it), the pairs breaking A.7.d (odd rounds, once C.10.f
/// dropped it), the earliest level, then the players breaking B.5 down, B.6 down, B.5 up, B.6
/// up (C.10: "any criterion may be dropped only for the minimum number").
type Key = (usize, usize, usize, usize, usize, [usize; 4]);
/// C.12's measure of the next bracket: its pairs, then (reversed: greater is better) the scores
/// it moves down or, the lowest bracket, the score of its bye.
type NextQuality = (usize, std::cmp::Reverse<Option<Vec<Score>>>);
/// A round's games and its bye.
type RoundResult = (Vec<(usize, usize)>, Option<usize>);

/// The literal procedure on one round, with the bounds it needs cached by set of players.
struct Literal<'a> {
    r: &'a Round12,
    c12: C12,
    complete: RefCell<HashMap<Vec<usize>, bool>>,
    lowest: RefCell<LowestCache>,
    least: RefCell<HashMap<Vec<usize>, Option<u64>>>,
    /// C.13's search: the most pairs the penultimate bracket can make with the lowest bracket
    /// paired (`Round12::most_pairs_within`), set before the search.
    c13_most: std::cell::Cell<usize>,
}

/// The scores of `who`, highest first.
fn scores_desc(r: &Round12, who: &[usize]) -> Vec<Score> {
    let mut v: Vec<Score> = who.iter().map(|&i| r.players[i].score).collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v
}

/// D.4: the square of a score difference, in tenths.
fn square(a: Score, b: Score) -> u64 {
    let d = u64::from((a.tenths() - b.tenths()).unsigned_abs());
    d * d
}

/// The union of two sets of players, sorted (A.2 order).
fn union(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = a.iter().chain(b).copied().collect();
    v.sort_unstable();
    v
}

/// D.2, "exact procedure for exchange of N players": the (S1, S2) of each exchange of `k`
/// players between S1 (the first `p` of `players`) and S2 (the others), in order; players are
/// numbered 1.. within `players`. Both returned in A.2 order.
pub(crate) fn exchanges(players: &[usize], p: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let n = players.len();
    let s1: Vec<usize> = (1..=p).collect();
    let s2: Vec<usize> = (p + 1..=n).collect();
    // S1LIST: subsets written high to low, in decreasing lexicographic order.
    let mut s1list: Vec<Vec<usize>> = k_subsets_of(&s1, k)
        .into_iter()
        .map(|mut s| {
            s.reverse();
            s
        })
        .collect();
    s1list.sort_unstable_by(|a, b| b.cmp(a));
    // S2LIST: subsets in increasing lexicographic order.
    let s2list = k_subsets_of(&s2, k);
    let diff = |i: usize, j: usize| {
        s2list[j].iter().sum::<usize>() as i64 - s1list[i].iter().sum::<usize>() as i64
    };
    let mut out = Vec::new();
    let (Some(last1), Some(last2)) = (s1list.len().checked_sub(1), s2list.len().checked_sub(1))
    else {
        return out;
    };
    let (min, max) = (diff(0, 0), diff(last1, last2));
    for delta in min..=max {
        for (i, a) in s1list.iter().enumerate() {
            for (j, b) in s2list.iter().enumerate() {
                if diff(i, j) != delta {
                    continue;
                }
                // The group keeps its players but `out` for `inn` (A.2 order after it).
                let swap = |group: &[usize], out: &[usize], inn: &[usize]| {
                    let mut v: Vec<usize> = group
                        .iter()
                        .filter(|x| !out.contains(x))
                        .chain(inn)
                        .map(|&x| players[x - 1])
                        .collect();
                    v.sort_unstable();
                    v
                };
                out.push((swap(&s1, a, b), swap(&s2, b, a)));
            }
        }
    }
    out
}

/// D.1: the transpositions of `s2` in lexicographic order, `s1[i]` against the `i`-th of S2;
/// the S2 players after the first `s1.len()` places stay unpaired. Orderings differing only in
/// those places give the same candidate, listed once.
fn transpositions(s1: &[usize], s2: &[usize], visit: Visit) -> bool {
    fn rec(
        s1: &[usize],
        s2: &[usize],
        taken: &mut Vec<usize>,
        pairs: &mut Vec<(usize, usize)>,
        visit: Visit,
    ) -> bool {
        if pairs.len() == s1.len() {
            let left: Vec<usize> = s2.iter().copied().filter(|b| !taken.contains(b)).collect();
            return visit(pairs, &left);
        }
        for &b in s2 {
            if taken.contains(&b) {
                continue;
            }
            taken.push(b);
            pairs.push((s1[pairs.len()], b));
            let stop = rec(s1, s2, taken, pairs, visit);
            pairs.pop();
            taken.pop();
            if stop {
                return true;
            }
        }
        false
    }
    s2.len() >= s1.len() && rec(s1, s2, &mut Vec::new(), &mut Vec::new(), visit)
}

/// C.4-C.8.a: a homogeneous bracket or remainder with `p` pairs: S1 the `p` highest players,
/// the exchanges of D.2 by number of players exchanged, the transpositions of D.1 in each.
fn homogeneous(players: &[usize], p: usize, visit: Visit) -> bool {
    let n = players.len();
    if p == 0 {
        return visit(&[], players);
    }
    if 2 * p > n {
        return false;
    }
    for k in 0..=p.min(n - p) {
        for (s1, s2) in exchanges(players, p, k) {
            if transpositions(&s1, &s2, visit) {
                return true;
            }
        }
    }
    false
}

/// C.6-C.9 with D.3: a heterogeneous bracket; the sets of `m1` moved-down players in S1 (D.3:
/// lexicographic), the residents as S2 in the order of D.1, then the remainder (the residents
/// left and the moved-down players not chosen) with `p_rem` pairs. The visitor also gets the
/// remainder and its pairs. With `k` below `m1` (C.13's search, P1 below M1) only the `k`
/// highest of each S1 are paired (C.4), each such set once.
fn heterogeneous(
    mdps: &[usize],
    residents: &[usize],
    m1: usize,
    k: usize,
    p_rem: usize,
    visit: Visit,
) -> bool {
    let mut tried: Vec<Vec<usize>> = Vec::new();
    for s1 in k_subsets_of(mdps, m1) {
        let s1: Vec<usize> = s1[..k].to_vec();
        if tried.contains(&s1) {
            continue;
        }
        tried.push(s1.clone());
        let waiting: Vec<usize> = mdps.iter().copied().filter(|m| !s1.contains(m)).collect();
        let stop = transpositions(&s1, residents, &mut |head, left| {
            let rest = union(left, &waiting);
            homogeneous(&rest, p_rem, &mut |tail, floaters| {
                let mut pairs = head.to_vec();
                pairs.extend_from_slice(tail);
                visit(&pairs, floaters)
            })
        });
        if stop {
            return true;
        }
    }
    false
}

/// What a candidate needs dropped or raised to be accepted (B.2, A.7.d, B.5, B.6, X, Z).
#[derive(Default)]
struct Needs {
    /// Pairs of top scorers breaking B.2: C.10's last line drops it only for the fewest (the
    /// docs/systems/dutch-2012.md's reading, the fast engine's `weights::B2` weight).
    b2: usize,
    /// Pairs breaking A.7.d (odd rounds): C.10's last line drops it only for the fewest.
    a7d: usize,
    dropped: u8,
    x: usize,
    z: usize,
    /// Players breaking B.5 down, B.6 down, B.5 up, B.6 up.
    floats: [usize; 4],
}

impl<'a> Literal<'a> {
    fn new(r: &'a Round12, c12: C12) -> Self {
        Literal {
            r,
            c12,
            complete: RefCell::new(HashMap::new()),
            lowest: RefCell::new(HashMap::new()),
            least: RefCell::new(HashMap::new()),
            c13_most: std::cell::Cell::new(0),
        }
    }

    /// Every pairing of `who` (pairs allowed by B.1 and B.2, top scorers exempt) leaving at
    /// most `alone_max` players unpaired.
    fn pairings(&self, who: &[usize], alone_max: usize, visit: PairingVisit) {
        fn rec(
            l: &Literal,
            rest: &[usize],
            alone_max: usize,
            pairs: &mut Vec<(usize, usize)>,
            alone: &mut Vec<usize>,
            visit: PairingVisit,
        ) {
            let Some((&a, tail)) = rest.split_first() else {
                visit(pairs, alone);
                return;
            };
            if alone.len() < alone_max {
                alone.push(a);
                rec(l, tail, alone_max, pairs, alone, visit);
                alone.pop();
            }
            for (k, &b) in tail.iter().enumerate() {
                if !l.r.pairable(a, b) {
                    continue;
                }
                let others: Vec<usize> = tail[..k].iter().chain(&tail[k + 1..]).copied().collect();
                pairs.push((a, b));
                rec(l, &others, alone_max, pairs, alone, visit);
                pairs.pop();
            }
        }
        rec(
            self,
            who,
            alone_max,
            &mut Vec::new(),
            &mut Vec::new(),
            visit,
        );
    }

    /// All of `who` can be paired but one at most, who may take the bye (B.1, B.2).
    fn completable(&self, who: &[usize]) -> bool {
        let key = union(who, &[]);
        if let Some(&v) = self.complete.borrow().get(&key) {
            return v;
        }
        let mut ok = false;
        self.pairings(&key, key.len() % 2, &mut |_, alone| {
            ok = ok || alone.iter().all(|&i| self.r.players[i].bye_ok);
        });
        self.complete.borrow_mut().insert(key, ok);
        ok
    }

    /// The most pairs among `who`.
    fn most_pairs(&self, who: &[usize]) -> usize {
        let mut most = 0;
        self.pairings(who, who.len(), &mut |pairs, _| most = most.max(pairs.len()));
        most
    }

    /// B.3 across brackets: the lowest scores (highest first, compared from the highest) left
    /// unpaired by a pairing of `who` with `p` pairs (`bye_only`: those left may take the bye).
    fn lowest_floaters(&self, who: &[usize], p: usize, bye_only: bool) -> Option<Vec<Score>> {
        let key = (union(who, &[]), p, bye_only);
        if let Some(v) = self.lowest.borrow().get(&key) {
            return v.clone();
        }
        let best = self.lowest_floaters_where(&key.0, p, bye_only, &|_| true);
        self.lowest.borrow_mut().insert(key, best.clone());
        best
    }

    /// [`Self::lowest_floaters`] among the pairings whose players left over pass `fits`.
    fn lowest_floaters_where(
        &self,
        who: &[usize],
        p: usize,
        bye_only: bool,
        fits: &dyn Fn(&[usize]) -> bool,
    ) -> Option<Vec<Score>> {
        let mut best: Option<Vec<Score>> = None;
        let left = who.len().checked_sub(2 * p)?;
        self.pairings(who, left, &mut |pairs, alone| {
            if pairs.len() != p
                || (bye_only && !alone.iter().all(|&i| self.r.players[i].bye_ok))
                || !fits(alone)
            {
                return;
            }
            let s = scores_desc(self.r, alone);
            if best.as_ref().is_none_or(|b| s < *b) {
                best = Some(s);
            }
        });
        best
    }

    /// D.4: the B.3 factor of pairs and players left over (the bye as an opponent one point
    /// below the lowest score of `group`).
    fn b3_factor(&self, group: &[usize], pairs: &[(usize, usize)], alone: &[usize]) -> u64 {
        let p = &self.r.players;
        let lowest = group.iter().map(|&i| p[i].score).min().unwrap_or_default();
        let bye = lowest - Score::points(1);
        pairs
            .iter()
            .map(|&(a, b)| square(p[a].score, p[b].score))
            .chain(alone.iter().map(|&i| square(p[i].score, bye)))
            .sum()
    }

    /// D.4: the least B.3 factor of a complete pairing of `group`.
    fn least_b3(&self, group: &[usize]) -> Option<u64> {
        let key = union(group, &[]);
        if let Some(&v) = self.least.borrow().get(&key) {
            return v;
        }
        let mut best: Option<u64> = None;
        self.pairings(&key, key.len() % 2, &mut |pairs, alone| {
            if alone.iter().all(|&i| self.r.players[i].bye_ok) {
                let f = self.b3_factor(&key, pairs, alone);
                best = Some(best.map_or(f, |b| b.min(f)));
            }
        });
        self.least.borrow_mut().insert(key, best);
        best
    }

    /// A.8: X1 and Z1 for `p1` pairs among `who`.
    fn budgets(&self, who: &[usize], p1: usize) -> (usize, usize) {
        use crate::history::PreferenceStrength::Mild;
        use crate::model::Color::{Black, White};
        let (mut big_w, mut big_b, mut w, mut b, mut a) = (0, 0, 0, 0, 0);
        let (mut strong_w, mut strong_b) = (0, 0);
        for &i in who {
            match self.r.players[i].colour.preference {
                None => a += 1,
                Some(pref) => {
                    let mild = pref.strength == Mild;
                    // w, b: mild preferences (in even rounds the players with an odd number of
                    // unplayed games, A.7.e); W, B: the others.
                    match (pref.color, mild) {
                        (White, true) => w += 1,
                        (Black, true) => b += 1,
                        (White, false) => big_w += 1,
                        (Black, false) => big_b += 1,
                    }
                    strong_w += usize::from(pref.color == White && !mild);
                    strong_b += usize::from(pref.color == Black && !mild);
                }
            }
        }
        let x1 = if big_b + b > big_w + w {
            p1 as i64 - (big_w + w) as i64 - a as i64
        } else {
            p1 as i64 - (big_b + b) as i64 - a as i64
        };
        let z1 = if strong_b > strong_w {
            p1 as i64 - strong_w as i64 - (b + w) as i64 - a as i64
        } else {
            p1 as i64 - strong_b as i64 - (b + w) as i64 - a as i64
        };
        (x1.max(0) as usize, z1.max(0) as usize)
    }

    /// What a candidate needs: `None` when a pair breaks B.1 or B.2 between non-top scorers.
    fn needs(&self, pairs: &[(usize, usize)], floaters: &[usize], up: bool) -> Option<Needs> {
        let r = self.r;
        let mut n = Needs::default();
        for &(a, b) in pairs {
            let (pa, pb) = (&r.players[a], &r.players[b]);
            if !r.compat[a][b] {
                return None;
            }
            if r.clash[a][b] {
                if !(pa.top || pb.top) {
                    return None;
                }
                n.b2 += 1;
            }
            n.a7d += usize::from(!r.even && r.strong_bad(a, b));
            n.x += usize::from(r.colour_bad(a, b));
            n.z += usize::from(r.even && r.strong_bad(a, b));
            // B.6 / B.5 for the upfloater (a heterogeneous bracket): C.10.a / C.10.b.
            if let Some(up) = r.upfloater(a, b).filter(|_| up) {
                if up.float2 == Float::Up {
                    n.dropped = n.dropped.max(1);
                    n.floats[3] += 1;
                }
                if up.float1 == Float::Up {
                    n.dropped = n.dropped.max(2);
                    n.floats[2] += 1;
                }
            }
        }
        // The bracket's score: a moved-down player moved down again floated down already.
        let bracket = pairs
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .chain(floaters.iter().copied())
            .map(|i| r.players[i].score)
            .min();
        for &f in floaters {
            // B.6 / B.5 for the downfloaters: C.10.c / C.10.d.
            let p = &r.players[f];
            if bracket.is_some_and(|s| p.score > s) {
                continue;
            }
            if p.float2 == Float::Down {
                n.dropped = n.dropped.max(3);
                n.floats[1] += 1;
            }
            if p.float1 == Float::Down {
                n.dropped = n.dropped.max(4);
                n.floats[0] += 1;
            }
        }
        Some(n)
    }

    /// The first level (index into `levels`) the candidate meets.
    fn earliest(&self, levels: &[Level], n: &Needs) -> Option<usize> {
        levels.iter().position(|lv| {
            (n.b2 == 0 || !lv.b2)
                && (n.a7d == 0 || !lv.a7d)
                && n.dropped <= lv.floats_dropped
                && n.x <= lv.x
                && (!self.r.even || n.z <= lv.z)
        })
    }

    /// C.1 then the bracket: players without a possible opponent are moved down at once.
    fn bracket(
        &self,
        mdps: &[usize],
        residents: &[usize],
        place: Place,
        c13: bool,
        fits: &dyn Fn(&[usize]) -> bool,
    ) -> Option<Out> {
        let all = union(mdps, residents);
        let alone: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| !all.iter().any(|&j| j != i && self.r.pairable(i, j)))
            .collect();
        let keep = |v: &[usize]| -> Vec<usize> {
            v.iter().copied().filter(|i| !alone.contains(i)).collect()
        };
        let fits_all = |f: &[usize]| fits(&union(f, &alone));
        // D.4: the joined brackets' own players paired together make no upfloat.
        let mut out = self.r.joined_if(place == Place::Merged, residents, || {
            self.procedure(&keep(mdps), &keep(residents), place, c13, &fits_all)
        })?;
        out.floaters = union(&out.floaters, &alone);
        Some(out)
    }

    /// C.2-C.14 on a bracket whose players all have a possible opponent (`c13`: C.13's search
    /// of the penultimate bracket).
    fn procedure(
        &self,
        mdps: &[usize],
        residents: &[usize],
        place: Place,
        c13: bool,
        fits: &dyn Fn(&[usize]) -> bool,
    ) -> Option<Out> {
        let bracket = Procedure::new(self, mdps, residents, place, c13, fits);
        match bracket.heterogeneous() {
            ControlFlow::Break(out) => Some(out),
            ControlFlow::Continue(top) => bracket.homogeneous(top),
        }
    }

    /// A.8 / C.10.e: the fewest pairs not fulfilling all colour preferences among the pairings
    /// of `m1` of the moved-down players with residents (B.1, B.2), every one listed; `None`
    /// when no `m1` of them can be paired.
    fn least_conflicts(&self, mdps: &[usize], residents: &[usize], m1: usize) -> Option<usize> {
        let r = self.r;
        let mut least: Option<usize> = None;
        for s1 in k_subsets_of(mdps, m1) {
            transpositions(&s1, residents, &mut |head, _| {
                if head.iter().all(|&(a, b)| r.pairable(a, b)) {
                    let c = head.iter().filter(|&&(a, b)| r.colour_bad(a, b)).count();
                    least = Some(least.map_or(c, |l| l.min(c)));
                }
                false
            });
        }
        least
    }

    /// C.12's measure of the next bracket with these moved-down players: the most pairs, then
    /// the lowest scores moved down from it (greater is better).
    fn next_quality(&self, mdps: &[usize], next: &[usize], lowest: bool) -> NextQuality {
        let all = union(mdps, next);
        if lowest {
            // The lowest bracket: complete pairings only, the bye to a player who may take it.
            if !self.completable(&all) {
                return (0, std::cmp::Reverse(None));
            }
            let p = all.len() / 2;
            return (p, std::cmp::Reverse(self.lowest_floaters(&all, p, true)));
        }
        let p = self.most_pairs(&all);
        (p, std::cmp::Reverse(self.lowest_floaters(&all, p, false)))
    }

    /// C.12: another pairing of the bracket (`mdps`, `residents`) with another set of
    /// downfloaters with the same scores as `floaters`, or `None`. Reached as the fast engine
    /// reaches it (`super::c12_again`): from C.1, a downfloater without a possible opponent in
    /// the next bracket, or from the penultimate bracket a lowest bracket whose bye can only go
    /// to a player moved down from here, each taken when the next bracket makes more pairs or
    /// moves down lower scores (the lowest bracket: gives the bye to a lower score; from C.1,
    /// lower scores only with every moved-down player given a possible opponent); from C.10,
    /// a next bracket that cannot make its P0 pairs (P0 after C.1), taken when it "now allows
    /// P1 pairings": P1 from P0 down (C.14), the first pairing in the order of C and D that
    /// lets the next bracket make P1 pairs; from C.14.b.2, a heterogeneous next bracket that
    /// cannot pair all its moved-down players, taken when it then can, with no fewer pairs.
    fn c12(
        &self,
        mdps: &[usize],
        residents: &[usize],
        floaters: &[usize],
        next: &[usize],
        penultimate: bool,
    ) -> Option<Out> {
        let r = self.r;
        let scores = scores_desc(r, floaters);
        let all = union(floaters, next);
        let stranded = super::mdp_stranded(r, floaters, next);
        let pairs = self.most_pairs(&all);
        if !stranded && pairs < super::p0_after_c1(r, &all) {
            // The last round (A.10): a top scorer C.1 moved down from the next bracket under
            // the first set is not brought back (`super::judged_residents`).
            let judged = super::judged_residents(r, floaters, next);
            for p1 in (pairs + 1..=all.len() / 2).rev() {
                let allows = |f: &[usize]| {
                    let below = union(f, next);
                    scores_desc(r, f) == scores
                        && (!penultimate || self.completable(&below))
                        && self.most_pairs(&union(f, &judged)) >= p1
                };
                let other = self.bracket(mdps, residents, Place::Upper, false, &allows);
                if other.is_some() {
                    return other;
                }
            }
            return None;
        }
        // From C.14.b.2: a heterogeneous next bracket that cannot pair all its moved-down
        // players with its residents; taken when it then can (or is homogeneous), with no
        // fewer pairs. The lowest bracket too (C.12 before C.13 lowers M1), left pairable.
        let het = |f: &[usize]| 2 * f.len() < f.len() + next.len();
        let all_paired = |f: &[usize]| !het(f) || super::graph::mdp_pairs(r, f, next) == f.len();
        if !stranded && !all_paired(floaters) {
            let again = |f: &[usize]| {
                let below = union(f, next);
                scores_desc(r, f) == scores
                    && all_paired(f)
                    && (!penultimate || self.completable(&below))
                    && self.most_pairs(&below) >= pairs
            };
            return self.bracket(mdps, residents, Place::Upper, false, &again);
        }
        let now = self.next_quality(floaters, next, penultimate);
        let bye = penultimate && super::mdp_bye(r, &now.1 .0, residents, next);
        if !stranded && !bye && self.c12 != C12::EveryBracket {
            return None;
        }
        // From C.1, as many pairs moving down lower scores count only when every moved-down
        // player has a possible opponent in the next bracket (C.1's cause gone).
        let again = |f: &[usize]| {
            let q = self.next_quality(f, next, penultimate);
            let cured = !stranded || q.0 > now.0 || !super::mdp_stranded(r, f, next);
            scores_desc(r, f) == scores && q > now && cured
        };
        self.bracket(mdps, residents, Place::Upper, false, &again)
    }

    /// The round: brackets top down (A.3) with C.12 and C.13.
    fn round(&self) -> Result<RoundResult, PairingError> {
        let r = self.r;
        let n = r.players.len();
        if n == 0 {
            return Ok((Vec::new(), None));
        }
        let everybody: Vec<usize> = (0..n).collect();
        if !self.completable(&everybody) {
            return Err(PairingError::NoValidPairing(format!(
                "the {n} players cannot all be paired without a rematch (B.1), a colour \
                 conflict (B.2) or a second bye (B.1.b)"
            )));
        }
        let groups = score_groups(n, |i| r.players[i].score);
        let unpaired = || PairingError::NoValidPairing("a bracket could not be paired".into());
        let mut lowest = groups.len() - 1;
        let mut zero = false;
        let (games, mdps) = 'merge: loop {
            let mut games = Vec::new();
            let mut mdps: Vec<usize> = Vec::new();
            let upto = lowest;
            for gi in 0..upto {
                let below: Vec<usize> = groups[gi + 1..].concat();
                let penultimate = gi + 1 == upto;
                let mut out = self
                    .bracket(&mdps, &groups[gi], Place::Upper, false, &|_| true)
                    .ok_or_else(unpaired)?;
                let mut searched = false;
                let complete = |f: &[usize]| self.completable(&union(f, &below));
                if penultimate && !complete(&out.floaters) {
                    // C.13: another pairing of the penultimate bracket that lets the lowest
                    // one be paired; none: the two are joined.
                    r.zero_with_one.set(false);
                    let here = union(&mdps, &groups[gi]);
                    self.c13_most
                        .set(self.r.most_pairs_within(&here, &below).unwrap_or(0));
                    match self.bracket(&mdps, &groups[gi], Place::Upper, true, &complete) {
                        Some(other) => {
                            searched = true;
                            out = other;
                        }
                        None => {
                            lowest -= 1;
                            continue 'merge;
                        }
                    }
                }
                // C.12 looks at the next bracket; from the penultimate one, at the lowest (all
                // the groups below, joined by C.13).
                let next: &[usize] = if penultimate { &below } else { &groups[gi + 1] };
                // C.12's last line: no backtracking while backtracking from a lower bracket
                // already (C.13's search just paired this one again).
                if !out.floaters.is_empty() && !searched {
                    if let Some(other) =
                        self.c12(&mdps, &groups[gi], &out.floaters, next, penultimate)
                    {
                        out = other;
                    }
                }
                // C.14.b.2 or A.3 with C.1: the penultimate bracket paired as homogeneous.
                if penultimate {
                    let zero_here = searched && out.pairs.is_empty();
                    let here = super::turn::Penultimate {
                        groups: &groups,
                        lowest,
                        mdps: &mdps,
                        residents: &groups[gi],
                        below: &below,
                        games: &games,
                    };
                    if let Some(other) = self.homogeneous_instead(&here, &out, zero_here) {
                        out = other;
                    }
                }
                // C.13's search ended with P zero: the lowest bracket is a joined one (D.4).
                zero = searched && out.pairs.is_empty();
                games.extend(out.pairs);
                mdps = out.floaters;
            }
            break (games, mdps);
        };
        self.lowest(&groups, lowest, zero, &mdps, games)
    }

    /// The lowest bracket (joined by C.13 where `lowest` or `zero` say so) with the players
    /// `mdps` moved down into it, after the upper brackets' `games`.
    fn lowest(
        &self,
        groups: &[Vec<usize>],
        lowest: usize,
        zero: bool,
        mdps: &[usize],
        mut games: Vec<(usize, usize)>,
    ) -> Result<RoundResult, PairingError> {
        let unpaired = || PairingError::NoValidPairing("a bracket could not be paired".into());
        let merged = lowest + 1 < groups.len() || zero;
        let residents: Vec<usize> = groups[lowest..].concat();
        let place = if merged { Place::Merged } else { Place::Lowest };
        let last = |f: &[usize]| f.len() <= 1 && self.completable(f);
        let out = self
            .bracket(mdps, &residents, place, false, &last)
            .ok_or_else(unpaired)?;
        games.extend(out.pairs);
        match out.floaters.as_slice() {
            [] => Ok((games, None)),
            [one] => Ok((games, Some(*one))),
            _ => Err(PairingError::NoValidPairing(
                "more than one player left unpaired in the lowest bracket".into(),
            )),
        }
    }
}

impl Literal<'_> {
    /// C.13 with C.14.b.2, A.3 with C.1 (`turn`): the penultimate bracket `p`, first paired as
    /// `first`, paired as homogeneous instead when the text leaves it open and the lowest
    /// bracket then gives the bye to a lower score with a lower B.3 factor; `zero`: C.13's
    /// search ended with P zero.
    fn homogeneous_instead(
        &self,
        p: &super::turn::Penultimate,
        first: &Out,
        zero: bool,
    ) -> Option<Out> {
        let r = self.r;
        if !super::turn::open(r, p.mdps, p.residents, zero) {
            return None;
        }
        let complete = |f: &[usize]| self.completable(&union(f, p.below));
        r.homogeneous_turn.set(true);
        let other = self.bracket(p.mdps, p.residents, Place::Upper, false, &complete);
        r.homogeneous_turn.set(false);
        let other = other?;
        if other.pairs == first.pairs && other.floaters == first.floaters {
            return None;
        }
        let with = |pairs: &[(usize, usize)]| [p.games, pairs].concat();
        let (groups, lowest) = (p.groups, p.lowest);
        let joined = self.lowest(groups, lowest, zero, &first.floaters, with(&first.pairs));
        let turned = self.lowest(groups, lowest, false, &other.floaters, with(&other.pairs));
        let here = union(p.mdps, p.residents);
        let better = super::turn::better(r, &here, p.below, &joined.ok()?, &turned.ok()?);
        better.then_some(other)
    }
}

/// B.3 across brackets: whether the group has players of different scores.
fn mixed(r: &Round12, g: &[usize]) -> bool {
    g.iter()
        .any(|&i| r.players[i].score != r.players[g[0]].score)
}
