//! Pairing one score bracket by the procedure of section C (C.2-C.14), taking the candidates in
//! the order of section D.
//!
//! - C.1: players without a possible opponent are set aside first and moved down.
//! - C.2 / A.6: P0 = half the bracket, M0 = the moved-down players; A.3: a bracket with at
//!   least half its players moved down is paired as homogeneous (also a lowest bracket joined
//!   by C.13, as D.4 words it).
//! - B.3: a homogeneous pairing or remainder of players with different scores first keeps to
//!   the pairings moving down the lowest scores (`lowest_floaters`), through every level, and
//!   only then to the others; in a lowest bracket joined by C.13 it keeps to the least B.3
//!   factor of D.4 instead (`least_b3`).
//! - Heterogeneous (C.6, C.8.b, C.9, C.14.b): M1 moved-down players chosen in the order of D.3
//!   form S1, the rest of the bracket S2; the transpositions of S2 (D.1.2) pair them; the
//!   players left form the homogeneous remainder, which must give P1 - M1 pairs. When no
//!   level allows it, P1 is lowered if the remainder was reached (C.14.b.1), else M1
//!   (C.14.b.2); with M1 = 0 the bracket is paired as homogeneous. In C.13's search of the
//!   penultimate bracket M1 starts at M0 and P1 goes on below M1 (C.13: "if in the
//!   penultimate score bracket P becomes zero"): there M1 is lowered when the M1 moved-down
//!   players can still be paired within max(X1, P1) colour conflicts (A.8's X1 of the whole
//!   bracket, C.10.e raising X up to P1), else only the P1 highest of S1 are paired (C.3.a,
//!   C.4) and P1 goes on down, to zero (`Hints::c13`). Where C.14.b.1 lowered P1 below M1
//!   and the M1 pairs need more than X1: M1 is lowered, after the P1 highest of S1 when the
//!   round has a bye to give (`Compatible::c13_highest_first`). While P1 is above M1 there, M1
//!   is lowered before P1 (A.11: the most pairs first); where P0 is below M1 from the start
//!   and every moved-down player is a top scorer (A.10), M1 is not lowered within the colour
//!   budget (`Compatible::mdps_all_top`).
//! - Homogeneous or remainder (C.4-C.8.a, C.14.a): S1 = the P highest players, S2 the rest; the
//!   exchanges of D.2 (fewest players first, then the smallest difference of numbers, then the
//!   S1 list top down, then the S2 list top down) outside, the transpositions of D.1 inside.
//! - Each level of `levels` (C.10) is tried in turn; a candidate meets the level when its pairs
//!   are legal (B.1, B.2, A.7.d), its colour counts stay within X and Z, no upfloater repeats
//!   an upfloat (B.5, B.6) and no downfloater a downfloat, and the downfloaters can still be
//!   paired with the lower brackets (the end of C.12-C.13 backtracking, see the module doc of
//!   `dutch2012`). C.10's last line: a level that drops float criteria drops them "only for
//!   the minimum number of pairs": it is searched budget by budget, the fewest pairs breaking
//!   A.7.d first (odd rounds, once C.10.f dropped it), then the fewest players breaking B.5
//!   down, B.6 down, B.5 up, B.6 up (`budgeted`, `dropped_cost`). A.7.d's fewest pairs hold
//!   across the levels after C.10.f, not only within one: every one of them takes only the
//!   number of A.7.d pairs its loosest level needs (A.7.d yields to P and B.3 only;
//!   `run_levels`).
//! - B.3 in a heterogeneous bracket: the downfloaters of the whole bracket (the moved-down
//!   players left unpaired, the bye in the lowest bracket) with the lowest scores first; in a
//!   lowest bracket joined by C.13 the least B.3 factor of D.4 counts all its pairs, and it
//!   alone stands for B.3 there (the bye counts in it as an opponent one point below the
//!   lowest score), not the lowest downfloaters too.
//!
//! Each level is first searched as below for `FIRST_NODES` nodes, then decided by `exact`
//! (weighted matchings, no search); the search alone decides, to its node limit, what `exact`
//! cannot tell (see its module doc) and brackets too large for its weights:
//!
//! The transpositions are enumerated depth first, S1's players in order each taking the
//! earliest S2 player left; a branch is cut as soon as the remaining S1 players cannot all be
//! given an S2 player (a bipartite matching), so the first candidate of a level is found
//! without listing the ones that cannot work. A level that no pairing of the bracket can meet
//! (fewer than P legal pairs, or more colour conflicts than X or Z in every set of P pairs,
//! decided by maximum-cardinality matchings) is skipped without search. The conditions that
//! only a complete candidate shows (D.4's least B.3 factor, B.3's lowest floaters, C.13's
//! pairable lowest bracket) cut branches too, at every node and at the level's root, by the
//! best completion of the branch (`bound`); a lowest bracket's level with more than one player
//! left over is not searched. Players who may not float must stay coverable (by pairs without
//! a conflict once X or Z is spent), and a level with a budget (C.10's last line) cuts a long
//! search's branches whose least-cost completion passes it (`Search::within_budget`).

use super::bound::{b3_factor, scores_are, scores_desc, sq, Completion, Extra, Rest};
use super::exact::{Judge, Judges};
use super::exchange::exchanges;
use super::levels::{budgets, levels, Level};
use super::memo::{FloatersBound, Graph, Memo};
use super::solve::max_weight_matching;
use super::Round12;
use crate::history::Float;
use crate::score::Score;
use crate::systems::common::subsets::k_subsets;
use ethnum::I256;
use std::cell::Cell;
use std::collections::HashMap;
use std::ops::ControlFlow;

/// The most search nodes spent on one requirement level of a bracket; a level not decided
/// within it is taken as not met (a safety net against exponential searches, see docs/systems/dutch-2012.md).
/// A limit of 20 000 is too low: stress runs found lowest brackets joined by C.13 where it gave
/// every level up and left no pairing (`testdata/dutch-2012-search-limit/`); those brackets are
/// now decided by `exact`, and only the levels it cannot tell still search this far.
const NODE_LIMIT: u64 = 400_000;
/// The search nodes spent on a level that `exact` can decide before it does: a level the
/// depth-first search decides within them costs less than the matchings (most levels, where
/// the first candidate comes at once or none can be), one it does not costs them too.
const FIRST_NODES: u64 = 2_000;
/// The most search nodes spent on all the budgets of one level (C.10's last line).
const LEVEL_LIMIT: u64 = 5 * NODE_LIMIT;
/// The search nodes of a level after which its branches are cut by the bounds of `bound` (a
/// search that finds its candidate sooner does not pay for them; the level's root is always
/// checked).
const BOUND_AFTER: u64 = 64;
/// The search nodes of a level after which its branches are cut by the least cost of their
/// completions too (`Search::within_budget`, a level with a budget): a cut that only searches
/// long enough to near the node limit need.
const BUDGET_AFTER: u64 = 1_000;
/// The most choices listed by `combinations`: D.3's sets of M1 moved-down players (21 choose
/// 10 is already 352,716), and C.12's sets of downfloaters with the same scores. A list cut
/// here may leave out the choice the rules would take (no pairing found in the corpora or the
/// stress runs comes near it), so reaching it is counted with the searches given up
/// (`Round12::give_up`), never silent. D.2's exchanges are not cut: `exchange` lists them in
/// order, only as far as the search's node budget goes.
pub(crate) const CHOICE_LIMIT: usize = 200_000;

/// How the levels are decided: the depth-first search's first nodes, then `exact`'s matchings
/// (`Both`, the engine); tests also compare the two alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decide {
    Both,
    #[cfg_attr(not(test), allow(dead_code))]
    SearchOnly,
    #[cfg_attr(not(test), allow(dead_code))]
    MatchingsOnly,
}

#[cfg(test)]
thread_local! {
    /// Tests: how this thread's levels are decided.
    pub(crate) static DECIDE: Cell<Decide> = const { Cell::new(Decide::Both) };
}

/// How the levels are decided (`Both` but in tests that ask otherwise).
fn decide() -> Decide {
    #[cfg(test)]
    return DECIDE.with(Cell::get);
    #[cfg(not(test))]
    Decide::Both
}

/// Where a bracket stands among the brackets of the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// Its players left over move down to the next bracket.
    Upper,
    /// The lowest bracket: the one player left over, if any, takes the bye.
    Lowest,
    /// The lowest bracket joined by C.13 (D.4).
    Merged,
}

/// The pairing of one bracket: its pairs (indices) and the players it moves down.
pub(crate) struct BracketOut {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// A visitor of complete candidates: pairs, unpaired players, colour counts (X, Z).
type Leaf<'a> = &'a mut dyn FnMut(&[(usize, usize)], &[usize], usize, usize) -> bool;

struct Search<'a> {
    r: &'a Round12,
    lv: Level,
    /// The driver's condition on the set of downfloaters (C.12, C.13).
    fits: &'a dyn Fn(&[usize]) -> bool,
    nodes: &'a Cell<u64>,
    /// The most nodes this search may spend (`NODE_LIMIT`, or `FIRST_NODES` where `exact` can
    /// decide the level after it).
    limit: u64,
    /// C.10's last line: what the pairs so far cost in broken dropped criteria, and the least
    /// cost over the level's budget met by the search (the next budget to try).
    spent: &'a Cell<usize>,
    over: &'a Cell<usize>,
    /// The candidate accepted, once found.
    found: Option<BracketOut>,
    /// The S2 players left over by the transposition float (homogeneous bracket or
    /// remainder), rather than wait for a remainder.
    floating: bool,
    /// D.4: the lowest bracket after C.13 joined brackets; its homogeneous part (or
    /// remainder) takes only pairings with the least B.3 factor.
    b3: bool,
    /// Set while the floaters of the homogeneous search are held to the lowest scores.
    lowest_floaters: bool,
    /// The players left over take the bye (the lowest bracket).
    bye_only: bool,
    /// B.3 in a heterogeneous bracket: the scores (highest first) its downfloaters must have.
    het_best: Option<Vec<Score>>,
    /// What is computed once for the bracket (targets and bounds of `bound`).
    memo: &'a Memo,
    /// D.4: while set, the least B.3 factor every candidate must have (with `lowest`, the
    /// lowest score of the bracket, and `b3_base`, the factor of the pairs fixed before this
    /// search: a heterogeneous bracket's moved-down players' pairs).
    least: Option<u64>,
    lowest: Option<Score>,
    b3_base: u64,
    /// B.3: the scores (highest first) the players left unpaired must have, each of them.
    targets: Vec<Vec<Score>>,
    /// A heterogeneous bracket (S2's players left over go to the remainder): the moved-down
    /// players waiting for it and the pairs it must make.
    waiting: Vec<usize>,
    p_rem: usize,
    /// C.13: the players of the lower brackets the downfloaters must be paired with (the
    /// driver's `fits` asks it), when known.
    below: Option<&'a [usize]>,
    /// C.12: the only sets of downfloaters (sorted) the driver's `fits` accepts, when known.
    wanted: Option<&'a [Vec<usize>]>,
}

/// What the driver knows of its condition `fits` on the downfloaters, for the search to cut
/// branches with (`pair_bracket`).
#[derive(Clone, Copy, Default)]
pub(crate) struct Hints<'a> {
    /// C.13: `fits` asks that the downfloaters and these lower players can all be paired.
    pub below: Option<&'a [usize]>,
    /// C.12: `fits` accepts only these sets of downfloaters (sorted indices).
    pub wanted: Option<&'a [Vec<usize>]>,
    /// C.13's search of the penultimate bracket for a pairing that lets the lowest one be
    /// paired: a heterogeneous bracket starts at M1 = M0 and lowers P1 as C.14.b.1 does while
    /// the remainder was reached, on below M1 ("if in the penultimate score bracket P becomes
    /// zero"). With P1 below M1, M1 is lowered (C.14.b.2, P1 back at its top) when the M1
    /// moved-down players can still be paired within the colour budget, X1 of the whole bracket
    /// (A.8) or P1 when that is more (C.10.e) (they get to
    /// the remainder again, with no pair left to make there); when they cannot, P1 pairs are
    /// made with the P1 highest of S1 (C.4), and P1 goes on down to zero, where the two
    /// lowest brackets are joined (`pair_compatible`).
    pub c13: bool,
    /// The driver's condition is the lowest bracket's: one player at most is left, who may
    /// take the bye (B.1.b). Its levels are then decided by `exact`'s matchings.
    pub lowest: bool,
    /// The driver's condition accepts any set of downfloaters (an upper bracket paired the
    /// first time): its levels are decided by `exact`'s matchings too.
    pub any: bool,
}

/// B.3's lowest floaters among the pairings whose floaters leave the lower players pairable
/// (C.13): `Some(Some(scores))`, `Some(None)` when no such pairing has `p` pairs, `None` when
/// the matching cannot tell (more than `p` pairs fit).
pub(crate) type BelowFloaters = Option<Option<Vec<Score>>>;

impl Search<'_> {
    /// The pair is legal at this level: B.1, B.2 (top scorers: until C.10.g), A.7.d, and no
    /// repeated upfloat (B.5, B.6 for upfloaters).
    fn allowed(&self, a: usize, b: usize) -> bool {
        legal(self.r, &self.lv, a, b)
    }

    /// Depth first over the transpositions (D.1): S1[d] takes each free S2 player in order.
    #[allow(clippy::too_many_arguments)]
    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        d: usize,
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        x: usize,
        z: usize,
        leaf: Leaf,
    ) -> bool {
        if self.nodes.get() > self.limit {
            return false;
        }
        self.nodes.set(self.nodes.get() + 1);
        if d == s1.len() {
            let unpaired = self.memo.gather(unused(s2, used));
            return leaf(pairs, &unpaired, x, z);
        }
        let free = self.memo.gather(unused(s2, used));
        if !self.can_complete(s1, &free, d, x, z) || !self.branch_ok(s1, &free, d, pairs, x, z) {
            return false;
        }
        drop(free);
        let a = s1[d];
        for j in 0..s2.len() {
            if used[j] || !self.allowed(a, s2[j]) {
                continue;
            }
            let b = s2[j];
            let nx = x + usize::from(self.r.colour_bad(a, b));
            let nz = z + usize::from(self.r.even && self.r.strong_bad(a, b));
            if nx > self.lv.x || nz > self.lv.z {
                continue;
            }
            let cost = self.spent.get() + dropped_cost(self.r, &self.lv, a, b);
            if cost > self.lv.budget {
                self.over.set(self.over.get().min(cost));
                continue;
            }
            let before = self.spent.replace(cost);
            used[j] = true;
            pairs.push((a, b));
            let done = self.transpose(s1, s2, d + 1, used, pairs, nx, nz, leaf);
            pairs.pop();
            used[j] = false;
            self.spent.set(before);
            if done {
                return true;
            }
        }
        false
    }

    /// The rest of the branch can still meet the level: S1[d..] can each get a different free
    /// S2 player, the colour conflicts that cannot be avoided stay within X and Z (each bound
    /// from a bipartite matching on the pairs without conflict), and, when the S2 players left
    /// over float, every free S2 player who may not float (B.5, B.6; in the lowest bracket, B.1.b:
    /// who may not take the bye) can still be paired
    /// (Mendelsohn-Dulmage: both coverings together exist when each exists).
    fn can_complete(&self, s1: &[usize], free: &[usize], d: usize, x: usize, z: usize) -> bool {
        let rem = &s1[d..];
        let ok = |a: usize, b: usize| self.allowed(a, b);
        let r = self.r;
        // The conflicts that cannot be avoided, x + rem.len() - good, within X (and Z):
        // enough of `rem` matched into `free` in each graph, on the bracket's bit masks where
        // it has them.
        let need_good = (x + rem.len()).saturating_sub(self.lv.x);
        let need_fine = (z + rem.len()).saturating_sub(self.lv.z);
        let checks = [
            (Graph::Legal, rem.len()),
            (Graph::Good, need_good),
            (Graph::Fine, need_fine),
        ];
        let checks = if r.even { &checks[..] } else { &checks[..2] };
        let masked = self.memo.covers(r, &self.lv, rem, free, checks);
        if !masked.unwrap_or_else(|| {
            bipartite(rem, free, &ok) >= rem.len()
                && bipartite(rem, free, &|a, b| ok(a, b) && !r.colour_bad(a, b)) >= need_good
                && (!r.even
                    || bipartite(rem, free, &|a, b| ok(a, b) && !r.strong_bad(a, b)) >= need_fine)
        }) {
            return false;
        }
        if self.floating {
            let lv = self.lv;
            let stay = free.iter().copied().filter(|&i| self.stays(i));
            let stay = &*self.memo.gather(stay);
            let checks = [(Graph::Reversed, stay.len())];
            let masked = self.memo.covers(r, &lv, stay, rem, &checks);
            if !masked.unwrap_or_else(|| bipartite(stay, rem, &|a, b| ok(b, a)) >= stay.len()) {
                return false;
            }
            // With X (or Z) spent, every pair left must be without a colour conflict (or a
            // strong one): those who may not float must be covered in that graph, as the S1
            // players are (Mendelsohn-Dulmage again).
            let (tight_x, tight_z) = (x >= lv.x, r.even && z >= lv.z);
            if (tight_x || tight_z) && !stay.is_empty() {
                let fits = |a: usize, b: usize| {
                    ok(b, a) && !(tight_x && r.colour_bad(a, b)) && !(tight_z && r.strong_bad(a, b))
                };
                if bipartite(stay, rem, &fits) < stay.len() {
                    return false;
                }
            }
        }
        // Last, as the dearest (an assignment); a branch the cheaper tests above refuse has no
        // completion at this level, whose cost could not be a next budget.
        !(self.lv.drops_any(r.even)
            && self.nodes.get() >= BUDGET_AFTER
            && !self.within_budget(rem, free))
    }

    /// Player `i` may not float at this level: B.5 / B.6 for downfloaters kept, or (the lowest
    /// bracket) B.1.b: he may not take the bye.
    fn stays(&self, i: usize) -> bool {
        let (r, lv) = (self.r, &self.lv);
        (lv.b5_down() && r.repeats_down(i, true))
            || (lv.b6_down() && r.repeats_down(i, false))
            || (self.bye_only && !r.players[i].bye_ok)
    }

    /// C.10's last line: the rest of the branch can still stay within the level's budget. The
    /// least cost of its completions, pairs and floaters (a minimum-cost assignment of S1[d..]
    /// into the free players, the free players left floating or, in a heterogeneous bracket,
    /// waiting for the remainder at no cost), must fit what is left of it. A branch cut here
    /// records that least cost as a next budget (`over`), as the search does for the
    /// candidates it turns away.
    fn within_budget(&self, rem: &[usize], free: &[usize]) -> bool {
        let (r, lv) = (self.r, &self.lv);
        let spent = self.spent.get();
        let room = lv.budget.saturating_sub(spent);
        let cost = |a: usize, b: usize| dropped_cost(r, lv, a, b);
        let float = |i: usize| {
            if self.floating {
                down_cost(r, lv, i)
            } else {
                0
            }
        };
        // `assignment` maximises weights and takes no negative one: a constant above every
        // cost, less the cost.
        const TOP: i128 = 1 << 64;
        let weight = |i: usize, j: usize| -> Option<i128> {
            let b = free[j];
            match rem.get(i) {
                None => (!(self.floating && self.stays(b))).then(|| TOP - float(b) as i128),
                Some(&a) => self.allowed(a, b).then(|| TOP - cost(a, b) as i128),
            }
        };
        let Some(cols) = super::solve::assignment::<i128>(free.len(), weight) else {
            return false;
        };
        let pairs: usize = rem.iter().zip(&cols).map(|(&a, &j)| cost(a, free[j])).sum();
        let floats: usize = cols[rem.len()..].iter().map(|&j| float(free[j])).sum();
        let least = pairs.saturating_add(floats);
        if least > room {
            self.over
                .set(self.over.get().min(spent.saturating_add(least)));
            return false;
        }
        true
    }

    /// The branch can still give a candidate with D.4's least B.3 factor and B.3's lowest
    /// floaters, where they are required (`bound`): the pairs so far, then S1[d..] each with a
    /// free S2 player, and the S2 players left over floating or, in a heterogeneous bracket,
    /// joining the remainder.
    #[allow(clippy::too_many_arguments)]
    fn branch_ok(
        &self,
        s1: &[usize],
        free: &[usize],
        d: usize,
        pairs: &[(usize, usize)],
        x: usize,
        z: usize,
    ) -> bool {
        if self.least.is_none()
            && self.targets.is_empty()
            && self.below.is_none()
            && self.wanted.is_none()
        {
            return true;
        }
        if self.nodes.get() < BOUND_AFTER {
            return true;
        }
        let pool = !self.floating;
        let rest = Rest {
            must: &s1[d..],
            partners: free,
            waiting: if pool { &self.waiting } else { &[] },
            pool,
            pairs: s1.len() - d + if pool { self.p_rem } else { 0 },
        };
        let r = self.r;
        let fixed: u64 = pairs
            .iter()
            .map(|&(a, b)| sq(r.players[a].score, r.players[b].score))
            .sum();
        self.rest_ok(&rest, self.b3_base + fixed, x, z)
    }

    /// What is left (`rest`, after pairs of B.3 factor `fixed`) can still meet D.4's least
    /// B.3 factor, B.3's lowest floaters and C.13's pairable lower brackets where they are
    /// required: the best completion of each kind (a maximum-weight perfect matching, cached)
    /// reaches the target.
    fn rest_ok(&self, rest: &Rest, fixed: u64, x: usize, z: usize) -> bool {
        if self.least.is_none()
            && self.targets.is_empty()
            && self.below.is_none()
            && self.wanted.is_none()
        {
            return true;
        }
        let (r, lv, bye_only) = (self.r, self.lv, self.bye_only);
        let slot = self.memo.rest_slot(&lv, bye_only, rest);
        let ok = |a: usize, b: usize| legal(r, &lv, a, b);
        let floatable = |i: usize| !self.stays(i);
        if let Some(below) = self.below {
            if !self
                .memo
                .below(slot, || rest.completes_below(r, below, &ok))
            {
                return false;
            }
        }
        if let Some(wanted) = self.wanted {
            let fine = || wanted.iter().any(|w| rest.leaves_exactly(w, &ok));
            if !self.memo.wanted(slot, fine) {
                return false;
            }
        }
        // The colour conflicts left within X, and within Z in even rounds (A.8); the cost of
        // the dropped float criteria within the level's budget (C.10's last line).
        let none = |_: usize| 0;
        let colour = |a: usize, b: usize| u64::from(r.colour_bad(a, b));
        let strong = |a: usize, b: usize| u64::from(r.strong_bad(a, b));
        let dropped = |a: usize, b: usize| dropped_cost(r, &lv, a, b) as u64;
        let down = |i: usize| down_cost(r, &lv, i) as u64;
        let budgets = [
            (
                0u8,
                Extra {
                    pair: &colour,
                    float: &none,
                },
                lv.x.saturating_sub(x),
            ),
            (
                1,
                Extra {
                    pair: &strong,
                    float: &none,
                },
                lv.z.saturating_sub(z),
            ),
            (
                2,
                Extra {
                    pair: &dropped,
                    float: &down,
                },
                lv.budget.saturating_sub(self.spent.get()),
            ),
        ];
        let wanted = |kind: u8| match kind {
            0 => true,
            1 => r.even,
            _ => lv.drops_any(r.even),
        };
        // The kinds after the first (X) share its best completions' B.3 factor and floaters
        // (they come before the extra cost); where the first kind's best completion costs no
        // more than this kind's room, the least cost of this kind does not either, and its
        // bound cannot cut.
        for (kind, extra, room) in budgets.iter().filter(|b| wanted(b.0)) {
            let (kind, room) = (*kind, *room as u64);
            let within = |(pairs, left): &Completion| extra.total(pairs, left) <= room;
            if let (Some(least), Some(lowest)) = (self.least, self.lowest) {
                let cannot_cut = kind > 0
                    && self
                        .memo
                        .first_b3(slot, |factor, best| fixed + factor < least || within(best))
                        .unwrap_or(false);
                let bound = if cannot_cut {
                    None
                } else {
                    Some(self.memo.b3(slot, kind, || {
                        rest.least_b3(r, lowest, &ok, &floatable, extra)
                    }))
                };
                if let Some(bound) = bound {
                    // D.4: no completion reaches the least factor; or those that do (when the
                    // best completion has it) all break X, Z or the budget.
                    let Some((factor, fewest)) = bound else {
                        return false;
                    };
                    if fixed + factor > least
                        || (fixed + factor == least && self.over_room(kind, fewest, room))
                    {
                        return false;
                    }
                }
            }
            let cannot_cut = kind > 0 && self.memo.first_floaters(slot, within).unwrap_or(false);
            if !self.targets.is_empty() && !cannot_cut {
                let compute = || rest.lowest_floaters(r, &ok, &floatable, extra);
                // B.3: no completion leaves the target floaters, or all that do break X, Z or
                // the budget.
                let miss = |best: &FloatersBound| {
                    let Some((scores, fewest)) = best else {
                        return true;
                    };
                    // A target can be worse than the branch's best (C.13's target keeps the
                    // lower players pairable, which the bound does not see): then nothing is
                    // known.
                    self.targets.iter().any(|t| scores > t)
                        || (self.targets.iter().all(|t| t == scores)
                            && self.over_room(kind, *fewest, room))
                };
                if self.memo.floaters(slot, kind, compute, miss) {
                    return false;
                }
            }
        }
        true
    }

    /// The least extra cost of the branch's best completions (`fewest`) exceeds what is left
    /// of X, Z or the budget (`room`). For the budget (C.10's last line), the least cost the
    /// branch would need is kept as a candidate for the next budget (`over`), as the search
    /// keeps the costs it turns away.
    fn over_room(&self, kind: u8, fewest: u64, room: u64) -> bool {
        if fewest <= room {
            return false;
        }
        if kind == 2 {
            let need = self.spent.get().saturating_add(fewest as usize);
            self.over.set(self.over.get().min(need));
        }
        true
    }

    /// Some `p` pairs among `players` may still meet the level, given the `x` and `z` colour
    /// conflicts spent already (necessary conditions from maximum matchings: enough legal
    /// pairs, and the conflicts that every set of `p` pairs must have within X and Z). Decides
    /// a hopeless remainder before its exchanges are listed one by one.
    fn may_meet(&self, players: &[usize], p: usize, x: usize, z: usize) -> bool {
        let r = self.r;
        let ok = |a: usize, b: usize| self.allowed(a, b);
        let max_pairs = |which: usize, ok: &dyn Fn(usize, usize) -> bool| {
            self.memo
                .max_pairs(&self.lv, which, players, || max_pairs(players, ok))
        };
        if max_pairs(0, &ok) < p {
            return false;
        }
        let good = max_pairs(1, &|a, b| ok(a, b) && !r.colour_bad(a, b));
        if x + p.saturating_sub(good) > self.lv.x {
            return false;
        }
        if r.even {
            let fine = max_pairs(2, &|a, b| ok(a, b) && !r.strong_bad(a, b));
            if z + p.saturating_sub(fine) > self.lv.z {
                return false;
            }
        }
        true
    }

    /// A homogeneous bracket or remainder (C.4-C.8.a): `p` pairs among `players` (A.2 order).
    fn homogeneous(&mut self, players: &[usize], p: usize, x: usize, z: usize, leaf: Leaf) -> bool {
        if self.b3 {
            let least = self.memo.least_b3(self.r, players);
            if least.is_none() {
                // No complete pairing: no candidate has the least B.3 factor.
                return false;
            }
            self.b3 = false;
            let held = std::mem::replace(&mut self.lowest_floaters, true);
            let r = self.r;
            let lowest = players.iter().map(|&i| r.players[i].score).min();
            let (held_least, held_lowest) = (self.least, self.lowest);
            (self.least, self.lowest) = (least, lowest);
            let mut only_least = |pairs: &[(usize, usize)], rest: &[usize], x: usize, z: usize| {
                Some(b3_factor(r, pairs, rest, lowest)) == least && leaf(pairs, rest, x, z)
            };
            let found = self.homogeneous(players, p, x, z, &mut only_least);
            (self.least, self.lowest) = (held_least, held_lowest);
            self.lowest_floaters = held;
            self.b3 = true;
            return found;
        }
        if !self.b3 && !self.lowest_floaters {
            let r = self.r;
            let first = players.first().map(|&i| r.players[i].score);
            if players.iter().any(|&i| Some(r.players[i].score) != first) {
                // B.3 across brackets: of the pairings with P pairs, those moving down the
                // players with the lowest scores.
                // C.13: among the pairings whose floaters leave the lower players pairable,
                // where the matching can tell.
                let fitting = self
                    .below
                    .and_then(|below| self.memo.lowest_floaters_below(r, players, p, below));
                let best = match fitting {
                    Some(best) => best,
                    None => self.memo.lowest_floaters(r, players, p, self.bye_only),
                };
                let Some(best) = best else {
                    // Not `p` pairs at all: no candidate has the lowest floaters.
                    return false;
                };
                self.lowest_floaters = true;
                self.targets.push(best.clone());
                let mut only_best =
                    |pairs: &[(usize, usize)], rest: &[usize], x: usize, z: usize| {
                        scores_are(r, rest, &best) && leaf(pairs, rest, x, z)
                    };
                let found = self.homogeneous(players, p, x, z, &mut only_best);
                self.targets.pop();
                self.lowest_floaters = false;
                return found;
            }
        }
        if 2 * p > players.len() {
            return false;
        }
        // The level's root: any `p` pairs among the players (D.4, B.3 where required).
        let root = Rest::pool_of(players, p);
        if !self.rest_ok(&root, self.b3_base, x, z) {
            return false;
        }
        if p == 0 {
            return leaf(&[], players, x, z);
        }
        if !self.may_meet(players, p, x, z) {
            return false;
        }
        // D.2: fewest players exchanged first.
        let (mut s1, mut s2) = (Vec::with_capacity(p), Vec::with_capacity(players.len() - p));
        let (mut used, mut pairs) = (Vec::new(), Vec::with_capacity(p));
        for k in 0..=p.min(players.len() - p) {
            let budget = self.limit.saturating_sub(self.nodes.get()) as usize;
            if budget == 0 {
                return false;
            }
            let n = players.len();
            // D.2's order exactly, cut only where the search would stop: each exchange listed
            // costs a node, so the ones past the budget could not be tried.
            let list = self
                .memo
                .exchanges(n, p, k, budget, || exchanges(n, p, k, budget));
            self.nodes.set(self.nodes.get() + (list.len() / n) as u64);
            for e in list.chunks(n) {
                s1.clear();
                s1.extend(e[..p].iter().map(|&i| players[i]));
                s2.clear();
                s2.extend(e[p..].iter().map(|&i| players[i]));
                used.clear();
                used.resize(s2.len(), false);
                pairs.clear();
                if self.transpose(&s1, &s2, 0, &mut used, &mut pairs, x, z, leaf) {
                    return true;
                }
                if self.nodes.get() > self.limit {
                    return false;
                }
            }
        }
        false
    }

    /// The search spent its nodes without deciding the level.
    fn gave_up(&self) -> bool {
        self.nodes.get() > self.limit
    }
}

/// C.10's last line, "any criterion may be dropped only for the minimum number of pairs": the
/// cost of the players breaking a dropped float criterion, so that the fewest break B.5 for
/// downfloaters, then B.6 for downfloaters, then B.5 for upfloaters, then B.6 for upfloaters
/// (their order of importance, C.10 d, c, b, a); a bracket has fewer than 1 000 players.
const UP_B6: usize = 1;
const UP_B5: usize = 1_000 * UP_B6;
const DOWN_B6: usize = 1_000 * UP_B5;
const DOWN_B5: usize = 1_000 * DOWN_B6;
/// A pair breaking A.7.d (odd rounds, both strongly or absolutely due the same colour), once
/// C.10.f has dropped it: dropped after the float criteria, so it weighs more than them all.
const A7D: usize = 1_000 * DOWN_B5;
/// A pair of top scorers breaking B.2 once C.10.g has dropped it (dropped last, so it weighs
/// the most).
const B2: usize = 1_000 * A7D;

/// The cost of the pair breaking A.7.d, and of its upfloater breaking B.5 / B.6, where the level
/// drops them.
pub(crate) fn dropped_cost(r: &Round12, lv: &Level, a: usize, b: usize) -> usize {
    let a7d = A7D * usize::from(!r.even && !lv.a7d && r.strong_bad(a, b))
        + B2 * usize::from(!lv.b2 && r.clash[a][b]);
    let Some(up) = r.upfloater(a, b) else {
        return a7d;
    };
    a7d + UP_B5 * usize::from(!lv.b5_up() && up.float1 == Float::Up)
        + UP_B6 * usize::from(!lv.b6_up() && up.float2 == Float::Up)
}

/// The cost of a downfloater breaking B.5 / B.6 where the level drops them.
pub(crate) fn down_cost(r: &Round12, lv: &Level, i: usize) -> usize {
    DOWN_B5 * usize::from(!lv.b5_down() && r.repeats_down(i, true))
        + DOWN_B6 * usize::from(!lv.b6_down() && r.repeats_down(i, false))
}

/// The pair is legal at level `lv`.
pub(crate) fn legal(r: &Round12, lv: &Level, a: usize, b: usize) -> bool {
    if !r.compat[a][b] {
        return false;
    }
    let (pa, pb) = (&r.players[a], &r.players[b]);
    if r.clash[a][b] && (lv.b2 || !(pa.top || pb.top)) {
        return false;
    }
    if lv.a7d && !r.even && r.strong_bad(a, b) {
        return false;
    }
    if let Some(up) = r.upfloater(a, b) {
        if (lv.b5_up() && up.float1 == Float::Up) || (lv.b6_up() && up.float2 == Float::Up) {
            return false;
        }
    }
    true
}

/// The `k`-subsets of `0..n`, increasing, in lexicographic order (also the D.3 order); at most
/// `CHOICE_LIMIT` of them, and a list cut there is counted in the round's diagnostics
/// (`Round12::give_up`).
pub(crate) fn combinations(r: &Round12, n: usize, k: usize) -> Vec<Vec<usize>> {
    let (out, cut) = combinations_upto(n, k, CHOICE_LIMIT);
    if cut {
        r.give_up();
    }
    out
}

/// The first `limit` `k`-subsets of `0..n` in lexicographic order, and whether there are more.
fn combinations_upto(n: usize, k: usize, limit: usize) -> (Vec<Vec<usize>>, bool) {
    let out: Vec<Vec<usize>> = k_subsets(n, k).take(limit).collect();
    let cut = out.len() >= limit && choose_exceeds(n, k, limit);
    (out, cut)
}

/// `n` choose `k` is more than `limit`.
fn choose_exceeds(n: usize, k: usize, limit: usize) -> bool {
    if k > n {
        return false;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // (n choose i) * (n - i) = (n choose i + 1) * (i + 1): exact at every step.
        c = c * (n - i) as u128 / (i + 1) as u128;
        if c > limit as u128 {
            return true;
        }
    }
    false
}

/// D.4: the least B.3 factor of a complete pairing of `players` (B.1, B.2 for non-top scorers,
/// at most one player left, who may take the bye), by a minimum-weight perfect matching;
/// `None` when there is no complete pairing.
pub(crate) fn least_b3(r: &Round12, players: &[usize]) -> Option<u64> {
    least_b3_with(r, players, &[], &[])
}

/// `least_b3` where each player of `s1` meets one of the players not in `mdps` (the
/// heterogeneous part of a bracket with these moved-down players in S1).
pub(crate) fn least_b3_with(
    r: &Round12,
    players: &[usize],
    s1: &[usize],
    mdps: &[usize],
) -> Option<u64> {
    let n = players.len();
    let lowest = players.iter().map(|&i| r.players[i].score).min()?;
    let bye_opponent = lowest - Score::points(1);
    let worst = players
        .iter()
        .map(|&i| sq(r.players[i].score, bye_opponent))
        .max()
        .unwrap_or(0);
    let big = I256::from(worst + 1);
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (players[i], players[j]);
            let held = |x: usize, y: usize| s1.contains(&x) && mdps.contains(&y);
            if r.pairable(a, b) && !held(a, b) && !held(b, a) {
                let w = big - I256::from(sq(r.players[a].score, r.players[b].score));
                edges.push((i, j, w));
            }
        }
        if n % 2 == 1 && r.players[players[i]].bye_ok && !s1.contains(&players[i]) {
            let w = big - I256::from(sq(r.players[players[i]].score, bye_opponent));
            edges.push((i, n, w));
        }
    }
    let total = n + n % 2;
    let mate = max_weight_matching(total, &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return None;
    }
    let mut pairs = Vec::new();
    let mut rest = Vec::new();
    for (i, m) in mate.iter().enumerate().take(n) {
        match *m {
            Some(j) if j == n => rest.push(players[i]),
            Some(j) if i < j => pairs.push((players[i], players[j])),
            _ => {}
        }
    }
    Some(b3_factor(r, &pairs, &rest, Some(lowest)))
}

/// The scores (highest first) of the players left unpaired by the pairing of `players` with
/// `p` pairs (B.1, B.2 for non-top scorers; `bye_only`: the players left may take the bye)
/// that leaves the lowest scores unpaired, compared
/// from the highest; `None` when there are not `p` pairs. A maximum-weight perfect matching in
/// which `n - 2p` extra vertices take the players left, each paired player weighing more than
/// all the players of lower scores together.
pub(crate) fn lowest_floaters(
    r: &Round12,
    players: &[usize],
    p: usize,
    bye_only: bool,
) -> Option<Vec<Score>> {
    let n = players.len();
    let (worth, top) = score_worths(r, players);
    let big = top * I256::from(4u32);
    let extra = n.checked_sub(2 * p)?;
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (players[i], players[j]);
            if r.pairable(a, b) {
                edges.push((i, j, big + worth(a) + worth(b)));
            }
        }
        if !bye_only || r.players[players[i]].bye_ok {
            for e in 0..extra {
                edges.push((i, n + e, big));
            }
        }
    }
    let mate = max_weight_matching(n + extra, &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return None;
    }
    let rest: Vec<usize> = (0..n)
        .filter(|&i| mate[i].is_some_and(|j| j >= n))
        .map(|i| players[i])
        .collect();
    Some(scores_desc(r, &rest))
}

/// B.3's weights of `players` by score: a player weighs more than all the players of lower
/// scores together (powers of `n + 1`, one per score level), so a maximum-weight matching
/// pairs the highest scores first; with `top`, the weight above every player's.
fn score_worths<'a>(r: &'a Round12, players: &[usize]) -> (impl Fn(usize) -> I256 + 'a, I256) {
    let mut levels: Vec<Score> = players.iter().map(|&i| r.players[i].score).collect();
    levels.sort_unstable();
    levels.dedup();
    let base = I256::from(players.len() as u64 + 1);
    let top = (0..levels.len()).fold(I256::ONE, |acc, _| acc * base);
    let worth = move |i: usize| {
        let k = levels.partition_point(|&s| s < r.players[i].score);
        (0..k).fold(I256::ONE, |acc, _| acc * base)
    };
    (worth, top)
}

/// `lowest_floaters` among the pairings of `players` whose floaters can be paired with the
/// lower players `below` (all of them, one at most left who may take the bye): a maximum-weight
/// perfect matching of the players and the lower players, where a pair of `players` weighs
/// more than all the other pairs together (the most such pairs), then by the scores of its
/// players as in `lowest_floaters`. Exact when the most is `p` (`Some`; `Some(None)` when it is
/// less); more than `p`: `None`, the matching cannot tell.
pub(crate) fn lowest_floaters_below(
    r: &Round12,
    players: &[usize],
    p: usize,
    below: &[usize],
) -> BelowFloaters {
    let n = players.len();
    let all: Vec<usize> = players.iter().chain(below).copied().collect();
    let total = all.len();
    let (worth, top) = score_worths(r, players);
    let one = I256::ONE;
    let inside = top * I256::from(4 * (n as u64 + 1));
    let mut edges = Vec::new();
    for i in 0..total {
        for j in i + 1..total {
            let (a, b) = (all[i], all[j]);
            if !r.pairable(a, b) {
                continue;
            }
            let w = if j < n {
                one + inside + worth(a) + worth(b)
            } else {
                one
            };
            edges.push((i, j, w));
        }
        if total % 2 == 1 && r.players[all[i]].bye_ok {
            edges.push((i, total, one));
        }
    }
    let mate = max_weight_matching(total + total % 2, &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return Some(None);
    }
    let pairs = (0..n).filter(|&i| mate[i].is_some_and(|j| j < n)).count() / 2;
    match pairs.cmp(&p) {
        std::cmp::Ordering::Less => Some(None),
        std::cmp::Ordering::Greater => None,
        std::cmp::Ordering::Equal => {
            let rest: Vec<usize> = (0..n)
                .filter(|&i| mate[i].is_some_and(|j| j >= n))
                .map(|i| players[i])
                .collect();
            Some(Some(scores_desc(r, &rest)))
        }
    }
}

/// A.8 / C.10.e: the fewest pairs not fulfilling all colour preferences (X) among the
/// pairings of `m1` of the moved-down players with residents (B.1, B.2 for non-top scorers),
/// `None` when no `m1` of them can be paired: C.13's search, P1 below M1.
fn least_conflicts(r: &Round12, mdps: &[usize], residents: &[usize], m1: usize) -> Option<usize> {
    if m1 > residents.len() || m1 > mdps.len() {
        return None;
    }
    // A maximum-weight assignment: rows the moved-down players, then `residents - m1`
    // stand-ins taking residents only; columns the residents, then `mdps - m1` places for
    // the moved-down players left out. Exactly `m1` of them meet residents.
    const TOP: i128 = 1 << 40;
    let n = mdps.len() + residents.len() - m1;
    let weight = |i: usize, j: usize| -> Option<i128> {
        match (mdps.get(i), residents.get(j)) {
            (Some(&a), Some(&b)) => r
                .pairable(a, b)
                .then(|| TOP - i128::from(r.colour_bad(a, b))),
            (Some(_), None) | (None, Some(_)) => Some(TOP),
            (None, None) => None,
        }
    };
    let cols = super::solve::assignment::<i128>(n, weight)?;
    let conflicts = (0..mdps.len())
        .filter(|&i| cols[i] < residents.len() && r.colour_bad(mdps[i], residents[cols[i]]))
        .count();
    Some(conflicts)
}

/// The most moved-down players that can be paired with residents (B.1, B.2).
pub(crate) fn mdp_pairs(r: &Round12, mdps: &[usize], residents: &[usize]) -> usize {
    bipartite(mdps, residents, &|a, b| r.pairable(a, b))
}

/// The players of `s2` not `used`, in order.
fn unused<'a>(s2: &'a [usize], used: &'a [bool]) -> impl Iterator<Item = usize> + 'a {
    s2.iter().zip(used).filter(|(_, u)| !**u).map(|(p, _)| *p)
}

/// The size of a maximum matching between `left` and `right` with pairs passing `ok`
/// (Kuhn's augmenting paths).
fn bipartite(left: &[usize], right: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> usize {
    fn aug(
        l: usize,
        left: &[usize],
        right: &[usize],
        ok: &dyn Fn(usize, usize) -> bool,
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for j in 0..right.len() {
            if seen[j] || !ok(left[l], right[j]) {
                continue;
            }
            seen[j] = true;
            let free = match owner[j] {
                None => true,
                Some(k) => aug(k, left, right, ok, owner, seen),
            };
            if free {
                owner[j] = Some(l);
                return true;
            }
        }
        false
    }
    // A greedy start (each left player takes the first free partner), then augmenting paths
    // for the players it left out; one `seen` buffer, cleared per path.
    let mut owner = vec![None; right.len()];
    let mut matched = vec![false; left.len()];
    let mut count = 0;
    for (l, m) in matched.iter_mut().enumerate() {
        if let Some(j) = (0..right.len()).find(|&j| owner[j].is_none() && ok(left[l], right[j])) {
            owner[j] = Some(l);
            *m = true;
            count += 1;
        }
    }
    let mut seen = vec![false; right.len()];
    let unmatched = matched
        .iter()
        .enumerate()
        .filter(|(_, m)| !**m)
        .map(|(l, _)| l);
    for l in unmatched {
        seen.iter_mut().for_each(|v| *v = false);
        if aug(l, left, right, ok, &mut owner, &mut seen) {
            count += 1;
        }
    }
    count
}

/// The largest number of pairs among `players` with pairs that pass `ok`.
pub(crate) fn max_pairs(players: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> usize {
    let n = players.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if ok(players[i], players[j]) {
                edges.push((i, j));
            }
        }
    }
    super::solve::max_pairs(n, &edges)
}

/// Whether a level can be met at all with `p` pairs among `players` (necessary conditions).
struct Bounds<'a> {
    r: &'a Round12,
    players: &'a [usize],
    /// Per (b2, a7d, floats dropped): (legal pairs, pairs without colour conflict, pairs
    /// without a strong conflict).
    cache: HashMap<(bool, bool, u8), (usize, usize, usize)>,
}

impl Bounds<'_> {
    fn possible(&mut self, lv: &Level, p: usize) -> bool {
        let (r, players) = (self.r, self.players);
        let key = (lv.b2, lv.a7d, lv.floats_dropped);
        let &mut (all, good, strong) = self.cache.entry(key).or_insert_with(|| {
            let all = max_pairs(players, &|a, b| legal(r, lv, a, b));
            let good = max_pairs(players, &|a, b| legal(r, lv, a, b) && !r.colour_bad(a, b));
            let strong = max_pairs(players, &|a, b| legal(r, lv, a, b) && !r.strong_bad(a, b));
            (all, good, strong)
        });
        all >= p && p.saturating_sub(good) <= lv.x && (!r.even || p.saturating_sub(strong) <= lv.z)
    }
}

/// Pairs the bracket made of the moved-down players `mdps` and the `residents`; `fits` is the
/// driver's condition on the downfloaters; `place`: an upper bracket, the lowest one or the
/// lowest one joined by C.13 (D.4's least B.3 factor; the driver's condition there is that one
/// player at most is left, who may take the bye); `max_p`: no more pairs than this (known to
/// be the most `fits` allows); `hints`: what is known of `fits` (C.13's lower players, C.12's
/// wanted sets of downfloaters), which the search then also uses to cut branches. `None` when
/// no candidate meets it (or the search limit is hit).
pub(crate) fn pair_bracket(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    place: Place,
    max_p: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    hints: Hints,
) -> Option<BracketOut> {
    let score = mdps
        .iter()
        .chain(residents)
        .map(|&i| r.players[i].score)
        .min();
    let before = r.bracket_score.replace(score);
    let out = r.joined_if(place == Place::Merged, residents, || {
        pair_bracket_in(r, mdps, residents, place, max_p, fits, hints)
    });
    r.bracket_score.set(before);
    out
}

/// `pair_bracket` once the bracket's score is recorded (`Round12::bracket_score`, which B.5 /
/// B.6 for downfloaters read to tell the bracket's own players from the moved-down ones).
fn pair_bracket_in(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    place: Place,
    max_p: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    hints: Hints,
) -> Option<BracketOut> {
    // C.1: a player without any possible opponent in the bracket (B.1, B.2 except for top
    // scorers) is set aside and moved down; the bracket is the players left (P0, M0, A.3).
    let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let alone: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| !all.iter().any(|&j| j != i && r.pairable(i, j)))
        .collect();
    if alone.is_empty() {
        return pair_compatible(r, mdps, residents, place, max_p, fits, hints);
    }
    let keep =
        |v: &[usize]| -> Vec<usize> { v.iter().copied().filter(|i| !alone.contains(i)).collect() };
    let with_alone = |f: &[usize]| {
        let mut v = f.to_vec();
        v.extend(&alone);
        v.sort_unstable();
        v
    };
    let fits_all = |f: &[usize]| fits(&with_alone(f));
    // The players set aside go down with the downfloaters.
    let below_all = hints.below.map(&with_alone);
    // The wanted sets hold the players set aside; the search sees the others.
    let wanted_rest: Option<Vec<Vec<usize>>> = hints.wanted.map(|sets| {
        sets.iter()
            .filter(|w| alone.iter().all(|a| w.contains(a)))
            .map(|w| keep(w))
            .collect()
    });
    let mut out = pair_compatible(
        r,
        &keep(mdps),
        &keep(residents),
        place,
        max_p,
        &fits_all,
        Hints {
            below: below_all.as_deref(),
            wanted: wanted_rest.as_deref(),
            c13: hints.c13,
            // The players set aside are left unpaired too: not the lowest bracket's condition
            // (any set of downfloaters is still any).
            lowest: false,
            any: hints.any,
        },
    )?;
    out.floaters = with_alone(&out.floaters);
    Some(out)
}

/// `pair_bracket` for a bracket where every player has a possible opponent.
fn pair_compatible(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    place: Place,
    max_p: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    hints: Hints,
) -> Option<BracketOut> {
    let bracket = Compatible::new(r, mdps, residents, place, max_p, fits, hints);
    let mut bounds = Bounds {
        r,
        players: &bracket.all,
        cache: HashMap::new(),
    };
    let p_zero = match bracket.heterogeneous_part(&mut bounds) {
        ControlFlow::Break(found) => return found,
        ControlFlow::Continue(p_zero) => p_zero,
    };
    let top_p = if p_zero { 0 } else { bracket.p0 };
    // Paired as homogeneous: no upfloaters (C.3.g-h).
    let held = r.up_floats.replace(false);
    // The legal pairs change with it.
    bounds.cache.clear();
    bracket.memo.forget_legal();
    let found = bracket.homogeneous_part(&mut bounds, top_p);
    r.up_floats.set(held);
    found
}

/// One bracket of `pair_compatible` (C.2-C.14): its players, the driver's condition and what
/// its searches share.
struct Compatible<'a> {
    r: &'a Round12,
    /// The bracket's players and its moved-down players, sorted.
    all: Vec<usize>,
    mdps: Vec<usize>,
    place: Place,
    fits: &'a dyn Fn(&[usize]) -> bool,
    hints: Hints<'a>,
    /// P0 (A.6), no more than the lower brackets allow (`max_p`).
    p0: usize,
    tops: bool,
    /// The players left unpaired take the bye (the lowest bracket).
    bye_only: bool,
    nodes: Cell<u64>,
    spent: Cell<usize>,
    over: Cell<usize>,
    level_nodes: Cell<u64>,
    memo: Memo,
    /// C.10 a-d: whether anybody in the bracket could break B.6 up, B.5 up, B.6 down, B.5 down.
    breakable: [bool; 4],
    /// The levels are decided by `exact`'s matchings after the search's first nodes.
    exact: bool,
    /// B.3 across brackets: the passes, holding the lowest floaters or not.
    holds: &'static [bool],
}

impl<'a> Compatible<'a> {
    /// C.2: the bracket's players and what is known of it before the first level.
    fn new(
        r: &'a Round12,
        mdps: &[usize],
        residents: &[usize],
        place: Place,
        max_p: usize,
        fits: &'a dyn Fn(&[usize]) -> bool,
        hints: Hints<'a>,
    ) -> Self {
        let mut all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        all.sort_unstable();
        let mut mdps: Vec<usize> = mdps.to_vec();
        mdps.sort_unstable();
        let n = all.len();
        let tops = all.iter().any(|&i| r.players[i].top);
        let bye_only = place != Place::Upper;
        let memo = Memo::new(r, &all);
        // A level dropping a float criterion that nobody in the bracket could break is the
        // level before it again (C.10 a-d: B.6 up, B.5 up, B.6 down, B.5 down), already tried.
        let has = |f: &dyn Fn(&super::Player12) -> bool| all.iter().any(|&i| f(&r.players[i]));
        let breakable = [
            has(&|p| p.float2 == Float::Up),
            has(&|p| p.float1 == Float::Up),
            has(&|p| p.float2 == Float::Down),
            has(&|p| p.float1 == Float::Down),
        ];
        // The levels are decided by weighted matchings (`exact`) after the search's first
        // nodes, where the values fit, for every condition of the driver's that they can
        // weigh: none (an upper bracket paired the first time), the lowest bracket's, C.12's
        // sets, C.13's lower brackets.
        let exact = decide() != Decide::SearchOnly
            && if bye_only {
                hints.lowest
            } else {
                // C.12's wanted sets were listed among those that leave the lower brackets
                // pairable, so its `below` adds nothing to them.
                hints.any || hints.wanted.is_some() || hints.c13
            };
        // B.3 across brackets: while it can be done, the floaters of a homogeneous pairing (or
        // remainder) with players of different scores are those with the lowest scores.
        let mixed = all.iter().any(|&i| {
            all.first()
                .is_some_and(|&f| r.players[i].score != r.players[f].score)
        });
        let holds: &'static [bool] = if mixed { &[true, false] } else { &[false] };
        Compatible {
            r,
            all,
            mdps,
            place,
            fits,
            hints,
            p0: (n / 2).min(max_p),
            tops,
            bye_only,
            nodes: Cell::new(0),
            spent: Cell::new(0),
            over: Cell::new(usize::MAX),
            level_nodes: Cell::new(0),
            memo,
            breakable,
            exact,
            holds,
        }
    }

    /// C.10 a-d: the level drops a float criterion nobody could break (the level before it).
    fn same_as_before(&self, lv: &Level) -> bool {
        lv.floats_dropped > 0 && !self.breakable[usize::from(lv.floats_dropped) - 1]
    }

    /// B.1.b: the lowest bracket leaves one player at most (the driver's condition there): a
    /// level with fewer pairs is hopeless.
    fn hopeless(&self, p1: usize) -> bool {
        self.bye_only && self.all.len() - 2 * p1 > 1
    }

    /// C.10: a fresh search of one level (`hold`: B.3's lowest floaters first; `first`:
    /// `exact` decides the level if the search's first nodes do not).
    fn search(
        &self,
        lv: Level,
        hold: bool,
        het_best: Option<Vec<Score>>,
        first: bool,
    ) -> Search<'_> {
        let r = self.r;
        // The node limit holds for each budget of a level, up to `LEVEL_LIMIT` for all its
        // budgets together.
        if lv.budget <= usize::from(lv.drops_any(r.even)) {
            self.level_nodes.set(0);
            self.nodes.set(0);
        } else {
            self.level_nodes
                .set(self.level_nodes.get() + self.nodes.get());
            if self.level_nodes.get() < LEVEL_LIMIT {
                self.nodes.set(0);
            }
        }
        Search {
            r,
            lv,
            fits: self.fits,
            nodes: &self.nodes,
            limit: if first { FIRST_NODES } else { NODE_LIMIT },
            spent: &self.spent,
            over: &self.over,
            found: None,
            floating: true,
            b3: self.place == Place::Merged,
            lowest_floaters: !hold,
            bye_only: self.bye_only,
            het_best,
            memo: &self.memo,
            least: None,
            lowest: None,
            b3_base: 0,
            targets: Vec::new(),
            waiting: Vec::new(),
            p_rem: 0,
            below: self.hints.below,
            wanted: self.hints.wanted,
        }
    }

    /// C.12 asking for one of several sets of downfloaters: one judge per set that P1 pairs
    /// leave unpaired; C.13: the downfloaters pairable with the lower brackets' players.
    fn judges_of<'j>(&self, judge: Judge<'j>, p1: usize) -> Judges<'j> {
        let below = self.hints.below.filter(|_| self.hints.c13);
        Judges::of(judge, self.hints.wanted, below, self.all.len() - 2 * p1)
    }

    /// The search's first nodes did not decide the level: their count and the budget they
    /// turned away are forgotten (the matchings, or the search again to its limit, find it).
    fn matchings_turn(&self) {
        self.nodes.set(0);
        self.over.set(usize::MAX);
    }

    /// The levels of P1 (with its X1, Z1: A.8) in the order of C.10 (`run_levels`), each
    /// searched by `run` (true once the bracket's pairing is found); a search that fails past
    /// the node limit is counted as given up.
    fn try_levels(
        &self,
        p1: usize,
        bounds: &mut Bounds,
        run: &mut dyn FnMut(Level) -> bool,
    ) -> bool {
        let r = self.r;
        let (x1, z1) = budgets(r, &self.all, p1);
        let mut counted = |lv: Level| {
            let ok = run(lv);
            if !ok && self.nodes.get() > NODE_LIMIT {
                r.give_up();
            }
            ok
        };
        run_levels(
            &levels(p1, x1, z1, r.even, self.tops),
            r.even,
            &self.over,
            &|lv| self.same_as_before(lv),
            &mut |lv| bounds.possible(lv, p1),
            &mut counted,
        )
    }

    /// A.3, C.13, C.14.b: the heterogeneous bracket, M1 and P1 lowered in turn; breaks with
    /// the pairing found, else continues with whether P became zero (C.13's search).
    fn heterogeneous_part(&self, bounds: &mut Bounds) -> ControlFlow<Option<BracketOut>, bool> {
        let (r, all, mdps, hints) = (self.r, &self.all, &self.mdps, self.hints);
        let (n, m0, p0) = (all.len(), mdps.len(), self.p0);
        // A.3: heterogeneous unless at least half the players were moved down.
        // `turn`: paired as homogeneous (C.14.b.2 or A.3 with C.1).
        if m0 == 0 || 2 * m0 >= n || r.homogeneous_turn.get() {
            return ControlFlow::Continue(false);
        }
        // C.13's search starts at M1 = M0: the most pairs the lower brackets allow (`max_p`)
        // bound P1, and P1 below M1 is taken as below (C.14.b).
        let m1_top = if hints.c13 { n } else { p0 };
        let (mut m1, mut p1) = (m0.min(n - m0).min(m1_top), p0);
        let residents: Vec<usize> = all.iter().copied().filter(|i| !mdps.contains(i)).collect();
        while m1 > 0 {
            if p1 < m1 {
                // C.13's search only: P1 has gone below M1 ("P becomes zero": the brackets
                // are joined at zero).
                if p1 == 0 {
                    r.zero_with_one.set(m1 == 1);
                    return ControlFlow::Continue(true);
                }
                let x1 = budgets(r, all, n / 2).0;
                match least_conflicts(r, mdps, &residents, m1) {
                    // The M1 moved-down players cannot be paired: the remainder is not
                    // reached, M1 is lowered (C.14.b.2).
                    None => {
                        m1 -= 1;
                        continue;
                    }
                    // P1 lowered below M1 by C.14.b.1 (P0 >= M1) and the M1 pairs over X1:
                    // with a bye to give, the P1 highest of S1 first (`c13_highest_first`);
                    // then, or at once without a bye, M1 is lowered (C.14.b.2).
                    Some(conflicts) if p0 >= m1 && conflicts > x1 => {
                        if r.players.len() % 2 == 1 {
                            if let ControlFlow::Break(found) =
                                self.c13_highest_first(bounds, m1, p1)
                            {
                                return ControlFlow::Break(found);
                            }
                        }
                        m1 -= 1;
                        p1 = p0;
                        continue;
                    }
                    // They can within the colour budget, X1 of the whole bracket (A.8, P0 its
                    // half) or P1 when that is more (C.10.e raises X up to P1): the procedure
                    // gets to the remainder again with P1 - M1 < 0 pairs to make there, which
                    // gives no new pairing: M1 is lowered, P1 back at its top (C.14.b.2).
                    // Not where P0 is below M1 from the start and every moved-down player is a
                    // top scorer (A.10, B.2's note): the P1 highest of S1, then P zero.
                    Some(conflicts)
                        if conflicts <= x1.max(p1) && (p0 >= m1 || !self.mdps_all_top()) =>
                    {
                        m1 -= 1;
                        p1 = p0;
                        continue;
                    }
                    // They cannot: P = P1 pairs, the P1 highest of S1 paired (C.3.a, C.4).
                    Some(_) => {}
                }
            }
            let mut reached = false;
            if let ControlFlow::Break(found) =
                self.heterogeneous_passes(bounds, m1, p1, &mut reached)
            {
                return ControlFlow::Break(found);
            }
            // C.14.b: the remainder counts as reached when M1 moved-down players can be
            // paired at all, also when the levels were skipped without search.
            reached = reached || mdp_pairs(r, mdps, &residents) >= m1;
            if reached && hints.c13 && p1 > m1 && m1 > 1 {
                // C.13's search, P1 above M1: M1 is lowered before P1 (C.14.b.2 before
                // C.14.b.1), the most pairs first (A.11), as JaVaFo 1.4 pairs it.
                m1 -= 1;
            } else if reached && (p1 > m1 || hints.c13) {
                // C.14.b.1; in C.13's search on below M1 (above), to zero: with one
                // moved-down player left that is P zero, the homogeneous turn of C.14.b.2
                // being weighed against it by `turn`.
                p1 -= 1;
            } else {
                m1 -= 1;
                p1 = p0;
            }
        }
        ControlFlow::Continue(false)
    }

    /// A.10: every moved-down player of the bracket is a top scorer (the last round).
    fn mdps_all_top(&self) -> bool {
        self.mdps.iter().all(|&i| self.r.players[i].top)
    }

    /// C.13's search with a bye to give (an odd number of players, A.5), P1 lowered below M1
    /// by C.14.b.1 (the bracket could first make its M1 pairs, P0 >= M1) and the M1
    /// moved-down players' pairs needing more colour conflicts than X1 of the whole bracket
    /// (A.8): before M1 is lowered (C.14.b.2), which would send a moved-down player down to
    /// the lowest bracket, the P1 highest of S1 are paired (C.3.a, C.4), P1 on down to one,
    /// as JaVaFo 1.4 pairs it (a reading of its behaviour, see
    /// docs/systems/dutch-2012-readings.md). Breaks with the first pairing found.
    fn c13_highest_first(
        &self,
        bounds: &mut Bounds,
        m1: usize,
        p1: usize,
    ) -> ControlFlow<Option<BracketOut>> {
        for p in (1..=p1).rev() {
            let mut reached = false;
            if let ControlFlow::Break(found) =
                self.heterogeneous_passes(bounds, m1, p, &mut reached)
            {
                return ControlFlow::Break(found);
            }
        }
        ControlFlow::Continue(())
    }

    /// C.4-C.10 with M1 moved-down players and P1 pairs: B.3's passes through the levels;
    /// breaks with the pairing found (`reached`: the remainder was, C.14.b).
    fn heterogeneous_passes(
        &self,
        bounds: &mut Bounds,
        m1: usize,
        p1: usize,
        reached: &mut bool,
    ) -> ControlFlow<Option<BracketOut>> {
        let (r, all) = (self.r, &self.all);
        // D.4: in a lowest bracket joined by C.13, B.3 is the least B.3 factor of the whole
        // bracket (the bye counted as an opponent one point below its lowest score), not
        // the lowest downfloaters too: no pass holding them.
        let holds_here: &[bool] = if self.hopeless(p1) {
            &[]
        } else if self.place == Place::Merged {
            &[false]
        } else {
            self.holds
        };
        for &hold in holds_here {
            // B.3: the downfloaters of the whole bracket (the moved-down players left
            // unpaired included) with the lowest scores, while that can be done.
            let het_best = if !hold {
                None
            } else if let Some(Some(best)) = self
                .hints
                .below
                .and_then(|below| self.memo.lowest_floaters_below(r, all, p1, below))
            {
                // C.13: among the pairings that leave the lower players pairable.
                Some(best)
            } else {
                self.memo.lowest_floaters(r, all, p1, self.bye_only)
            };
            let mut found = None;
            let mut run = |lv: Level| {
                self.heterogeneous_level(lv, hold, &het_best, (m1, p1), reached, &mut found)
            };
            if self.try_levels(p1, bounds, &mut run) {
                return ControlFlow::Break(found);
            }
        }
        ControlFlow::Continue(())
    }

    /// C.10, one level of the heterogeneous bracket: the search (its first nodes, when the
    /// matchings can take over), then the matchings; where they cannot tell or their values do
    /// not fit, the search again to its node limit. True once `found` holds the pairing.
    fn heterogeneous_level(
        &self,
        lv: Level,
        hold: bool,
        het_best: &Option<Vec<Score>>,
        (m1, p1): (usize, usize),
        reached: &mut bool,
        found: &mut Option<BracketOut>,
    ) -> bool {
        let (r, all, mdps) = (self.r, &self.all, &self.mdps);
        let k = m1.min(p1);
        let mut first = self.exact && k == m1;
        loop {
            if !(first && decide() == Decide::MatchingsOnly) {
                let mut s = self.search(lv, hold, het_best.clone(), first);
                let ok = heterogeneous(&mut s, mdps, all, m1, k, p1 - k, reached);
                *found = s.found.take();
                if ok || !s.gave_up() || !first {
                    return ok;
                }
            }
            first = false;
            self.matchings_turn();
            // D.4's least factor with M1 moved-down players meeting residents.
            let least = match self.place {
                Place::Merged => match self.memo.least_b3_het(r, all, mdps, m1) {
                    None => return false,
                    least => least,
                },
                _ => None,
            };
            let judge = Judge::new(r, lv, all, self.bye_only, least, het_best.clone());
            let Some(judges) = judge.map(|j| self.judges_of(j, p1)) else {
                continue;
            };
            if let Some(out) = judges.heterogeneous(all, mdps, (m1, p1), &self.over, reached) {
                *found = out;
                return found.is_some();
            }
        }
    }

    /// C.14.a (and C.14.b.2 with M1 = 0): homogeneous, P1 from `top_p` down, B.3's passes
    /// through the levels.
    fn homogeneous_part(&self, bounds: &mut Bounds, top_p: usize) -> Option<BracketOut> {
        for p1 in (0..=top_p).rev().filter(|&p1| !self.hopeless(p1)) {
            for &hold in self.holds {
                let mut cand: Option<BracketOut> = None;
                let mut run = |lv: Level| self.homogeneous_level(lv, hold, p1, &mut cand);
                if self.try_levels(p1, bounds, &mut run) {
                    return cand;
                }
            }
        }
        None
    }

    /// C.10, one level of the homogeneous bracket: as in the heterogeneous part, the search's
    /// first nodes, the matchings, the search to its node limit where they cannot tell or do
    /// not fit. True once `cand` holds the pairing.
    fn homogeneous_level(
        &self,
        lv: Level,
        hold: bool,
        p1: usize,
        cand: &mut Option<BracketOut>,
    ) -> bool {
        let (r, all) = (self.r, &self.all);
        let mut first = self.exact;
        loop {
            if !(first && decide() == Decide::MatchingsOnly) {
                let mut s = self.search(lv, hold, None, first);
                let ok = s.homogeneous(all, p1, 0, 0, &mut |pairs, unpaired, _, _| {
                    let fits = accept_ok(r, &lv, self.fits, unpaired, self.spent.get(), &self.over);
                    if fits {
                        *cand = Some(BracketOut {
                            pairs: pairs.to_vec(),
                            floaters: unpaired.to_vec(),
                        });
                    }
                    fits
                });
                if ok || !s.gave_up() || !first {
                    return ok;
                }
            }
            first = false;
            self.matchings_turn();
            // D.4 alone stands for B.3 in a lowest bracket joined by C.13; else B.3's lowest
            // floater, while it is held.
            let (least, target) = match self.place {
                Place::Merged => match self.memo.least_b3(r, all) {
                    None => return false,
                    least => (least, None),
                },
                // C.13: among the pairings that leave the lower players pairable, where the
                // matching can tell.
                _ if hold => match self
                    .hints
                    .below
                    .and_then(|below| self.memo.lowest_floaters_below(r, all, p1, below))
                    .unwrap_or_else(|| self.memo.lowest_floaters(r, all, p1, self.bye_only))
                {
                    None => return false,
                    target => (None, target),
                },
                _ => (None, None),
            };
            let judge = Judge::new(r, lv, all, self.bye_only, least, target);
            let Some(judges) = judge.map(|j| self.judges_of(j, p1)) else {
                continue;
            };
            if let Some(out) = judges.homogeneous(all, p1, &self.over) {
                *cand = out;
                return cand.is_some();
            }
        }
    }
}

/// Tries the levels in order, each budget by budget (`budgeted`), with `run` (true once it has
/// found the bracket's pairing); `same_as_before` and `possible` skip levels without search.
///
/// A.7.d (odd rounds), dropped by C.10.f "only for the minimum number of pairs in the score
/// bracket": the levels after C.10.f (X from X1 again, B.5 / B.6 back, then dropped one by one)
/// take only pairings with the fewest pairs breaking A.7.d that any of them allows, the number
/// found first at the loosest of them (X = P1, every float criterion dropped). A.7.d itself
/// names what may override it, "additional floaters or floaters with an higher score or pairs
/// with a higher score difference" (P, M1, B.3: outside these levels), not the colour count X
/// nor B.5 / B.6, and C.10 drops it after them: the fewest A.7.d pairs rank above X and the
/// float criteria, not only within one level (`medium/p080-r07-i000908` round 3, see
/// docs/systems/dutch-2012.md).
fn run_levels(
    levels: &[Level],
    even: bool,
    over: &Cell<usize>,
    same_as_before: &dyn Fn(&Level) -> bool,
    possible: &mut dyn FnMut(&Level) -> bool,
    run: &mut dyn FnMut(Level) -> bool,
) -> bool {
    // The most a candidate of the levels without A.7.d may cost (`budgeted`), for each B.2
    // (C.10.g restarts them): `None` when no candidate meets the loosest of them.
    let mut caps: [Option<Option<usize>>; 2] = [None, None];
    for base in levels {
        let cap = if even || base.a7d {
            Some(usize::MAX)
        } else if let Some(cap) = caps[usize::from(base.b2)] {
            cap
        } else {
            let same = |l: &&Level| l.b2 == base.b2 && !l.a7d;
            let x = levels.iter().filter(same).map(|l| l.x).max();
            let loosest = Level {
                floats_dropped: 4,
                x: x.unwrap_or(base.x),
                ..*base
            };
            let mut cap = None;
            if possible(&loosest) {
                // Its first candidate has the least cost (the budgets rise through every cost
                // turned away); A.7.d weighs more than all the float criteria together, so the
                // cap keeps its number of A.7.d pairs (and of B.2 pairs, once C.10.g dropped B.2)
                // and lets the floats cost anything.
                for lv in budgeted(loosest, even, over, usize::MAX) {
                    if run(lv) {
                        cap = Some((lv.budget / A7D + 1) * A7D - 1);
                        break;
                    }
                }
            }
            caps[usize::from(base.b2)] = Some(cap);
            cap
        };
        let Some(cap) = cap else {
            continue;
        };
        if same_as_before(base) || !possible(base) {
            continue;
        }
        for lv in budgeted(*base, even, over, cap) {
            if run(lv) {
                return true;
            }
        }
    }
    false
}

/// The level `base`, then, when it drops a criterion, the same level with the budgets of
/// C.10's last line from the least up: each next budget is the least cost the search before it
/// turned away (`over`), until no candidate was turned away or the next passes `cap`.
fn budgeted(
    base: Level,
    even: bool,
    over: &Cell<usize>,
    cap: usize,
) -> impl Iterator<Item = Level> + '_ {
    let mut started = false;
    std::iter::from_fn(move || {
        let budget = if started {
            let next = over.get();
            if !base.drops_any(even) || next == usize::MAX || next > cap {
                return None;
            }
            next
        } else {
            started = true;
            usize::from(base.drops_any(even))
        };
        over.set(usize::MAX);
        Some(Level { budget, ..base })
    })
}

/// The downfloaters meet the level's B.5 / B.6 (those it drops within its budget, the pairs
/// having cost `spent` already) and the driver's condition.
fn accept_ok(
    r: &Round12,
    lv: &Level,
    fits: &dyn Fn(&[usize]) -> bool,
    unpaired: &[usize],
    spent: usize,
    over: &Cell<usize>,
) -> bool {
    let repeats = unpaired.iter().any(|&i| {
        (lv.b5_down() && r.repeats_down(i, true)) || (lv.b6_down() && r.repeats_down(i, false))
    });
    if repeats {
        return false;
    }
    let cost = spent + unpaired.iter().map(|&i| down_cost(r, lv, i)).sum::<usize>();
    if cost > lv.budget {
        over.set(over.get().min(cost));
        return false;
    }
    fits(unpaired)
}

/// The heterogeneous part (C.6, C.8.b, C.9): M1 moved-down players in S1 (D.3 order), paired
/// by the transpositions of S2, then the remainder with `p_rem` pairs. In C.13's search with
/// P1 below M1, only the `k` highest players of each such S1 are paired (C.4: "the highest P
/// players"), the others wait for the remainder; otherwise `k` is M1.
#[allow(clippy::too_many_arguments)]
fn heterogeneous(
    s: &mut Search,
    mdps: &[usize],
    all: &[usize],
    m1: usize,
    k: usize,
    p_rem: usize,
    reached: &mut bool,
) -> bool {
    let r = s.r;
    let fits = s.fits;
    let lv = s.lv;
    // D.4 in a lowest bracket joined by C.13: the least B.3 factor over all its pairs (the
    // moved-down players' included), rather than within the remainder only, among the
    // candidates of this M1 (the players of S1 meet residents).
    let lowest = all.iter().map(|&i| r.players[i].score).min();
    let least = if s.b3 {
        let least = s.memo.least_b3_het(r, all, mdps, m1);
        if least.is_none() {
            // No complete pairing of the joined bracket with M1 moved-down players meeting
            // residents.
            return false;
        }
        least
    } else {
        None
    };
    (s.least, s.lowest) = (least, lowest);
    s.targets = s.het_best.iter().cloned().collect();
    s.p_rem = p_rem;
    // The level's root: any P1 pairs of the bracket (D.4, B.3 where required).
    let root = Rest::pool_of(all, k + p_rem);
    if !s.rest_ok(&root, 0, 0, 0) {
        return false;
    }
    let mut tried: Vec<Vec<usize>> = Vec::new();
    for chosen in combinations(r, mdps.len(), m1) {
        let s1: Vec<usize> = chosen.iter().take(k).map(|&c| mdps[c]).collect();
        if k < m1 {
            if tried.contains(&s1) {
                continue;
            }
            tried.push(s1.clone());
        }
        // S2: the residents; the moved-down players not chosen wait for the remainder.
        let s2: Vec<usize> = all.iter().copied().filter(|i| !mdps.contains(i)).collect();
        let waiting: Vec<usize> = mdps.iter().copied().filter(|i| !s1.contains(i)).collect();
        let mut used = vec![false; s2.len()];
        let mut pairs = Vec::new();
        let mut result: Option<BracketOut> = None;
        let (nodes, limit) = (s.nodes, s.limit);
        let (spent, over) = (s.spent, s.over);
        let held = s.lowest_floaters;
        let bye_only = s.bye_only;
        let het_best = s.het_best.clone();
        let memo = s.memo;
        let (below, wanted) = (s.below, s.wanted);
        s.waiting.clone_from(&waiting);
        s.floating = false;
        let found = s.transpose(
            &s1,
            &s2,
            0,
            &mut used,
            &mut pairs,
            0,
            0,
            &mut |hp, rest, x, z| {
                *reached = true;
                let mut inner = Search {
                    r,
                    lv,
                    fits,
                    nodes,
                    limit,
                    spent,
                    over,
                    found: None,
                    floating: true,
                    b3: false,
                    lowest_floaters: held,
                    bye_only,
                    het_best: None,
                    memo,
                    least,
                    lowest,
                    b3_base: hp
                        .iter()
                        .map(|&(a, b)| sq(r.players[a].score, r.players[b].score))
                        .sum(),
                    targets: het_best.iter().cloned().collect(),
                    waiting: Vec::new(),
                    p_rem: 0,
                    below,
                    wanted,
                };
                let mut rest: Vec<usize> = rest.iter().chain(&waiting).copied().collect();
                rest.sort_unstable();
                inner.homogeneous(&rest, p_rem, x, z, &mut |rp, unpaired, _, _| {
                    if het_best
                        .as_ref()
                        .is_some_and(|b| !scores_are(r, unpaired, b))
                    {
                        return false;
                    }
                    let mut pairs = hp.to_vec();
                    pairs.extend_from_slice(rp);
                    if least.is_some() && Some(b3_factor(r, &pairs, unpaired, lowest)) != least {
                        return false;
                    }
                    let ok = accept_ok(r, &lv, fits, unpaired, spent.get(), over);
                    if ok {
                        result = Some(BracketOut {
                            pairs,
                            floaters: unpaired.to_vec(),
                        });
                    }
                    ok
                })
            },
        );
        if found {
            s.found = result;
            return true;
        }
        if s.gave_up() {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod choice_tests {
    use super::{choose_exceeds, combinations_upto, CHOICE_LIMIT};

    /// At the bound: 20 moved-down players choose 10 (184,756) are all listed, 21 choose 10
    /// (352,716) are cut at `CHOICE_LIMIT` and the cut is reported (counted by
    /// `combinations`); a list exactly at the limit is not a cut.
    #[test]
    fn the_choice_lists_are_cut_only_past_the_limit_and_say_so() {
        let (all, cut) = combinations_upto(20, 10, CHOICE_LIMIT);
        assert_eq!((all.len(), cut), (184_756, false));
        let (head, cut) = combinations_upto(21, 10, CHOICE_LIMIT);
        assert_eq!((head.len(), cut), (CHOICE_LIMIT, true));
        assert_eq!(head[0], (0..10).collect::<Vec<_>>());
        assert!(head.windows(2).all(|w| w[0] < w[1]), "lexicographic order");
        let (exact, cut) = combinations_upto(6, 3, 20);
        assert_eq!((exact.len(), cut), (20, false));
        let (short, cut) = combinations_upto(6, 3, 19);
        assert_eq!((short.len(), cut), (19, true));
        assert!(!choose_exceeds(5, 7, 0));
        assert!(choose_exceeds(100, 50, usize::MAX));
    }

    /// A list cut at the bound is counted in the diagnostics of the round being paired, which
    /// the round's result carries (`Diagnosed`); a whole list is not.
    #[test]
    fn a_cut_list_is_counted_in_the_rounds_diagnostics() {
        use crate::model::{Player, Tournament};
        use crate::pairing::Request;
        let t = Tournament {
            players: (1..=4)
                .map(|id| Player {
                    id,
                    name: format!("P{id}"),
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        };
        let r = super::super::prepare(&t, &Request::next_round(&t)).expect("a valid round");
        assert_eq!(super::combinations(&r, 20, 10).len(), 184_756);
        assert!(r.diagnostics.get().is_empty());
        assert_eq!(super::combinations(&r, 21, 10).len(), CHOICE_LIMIT);
        assert_eq!(r.diagnostics.get().searches_given_up, 1);
    }
}
