//! The depth-first search of one requirement level of a bracket: the candidates in the order of
//! section D (the exchanges of D.2 outside, the transpositions of D.1 inside; in a
//! heterogeneous bracket the choices of D.3, then the transpositions pairing them, then the
//! remainder), each branch cut as soon as it cannot give a candidate meeting the level.
//!
//! The transpositions are enumerated depth first, S1's players in order each taking the
//! earliest S2 player left; a branch is cut as soon as the remaining S1 players cannot all be
//! given an S2 player (a bipartite matching), so the first candidate of a level is found
//! without listing the ones that cannot work. The conditions that only a complete candidate
//! shows (D.4's least B.3 factor, B.3's lowest floaters, C.13's pairable lowest bracket) cut
//! branches too, at every node and at the level's root, by the best completion of the branch
//! (`bound`). Players who may not float must stay coverable (by pairs without a conflict once X
//! or Z is spent), and a level with a budget (C.10's last line) cuts a long search's branches
//! whose least-cost completion passes it (`Search::within_budget`).
//!
//! A node hands its children what it computed: its bipartite matchings (a child's start from
//! them less the pair it adds, one augmenting path or none away from a maximum one), and its
//! best completions of `bound` (a child whose pair the parent's best completion has takes
//! that completion less the pair, an optimum of its own branch, instead of a matching).

use super::bound::{b3_factor, scores_are, sq, Completion, Extra, Rest};
use super::exchange::exchanges;
use super::graph::{bipartite, bipartite_from};
use super::levels::Level;
use super::memo::{FloatersBound, Graph, Memo};
use super::ordering::combinations;
use super::weights::{down_cost, dropped_cost, legal};
use super::Round12;
use crate::score::Score;
use std::cell::Cell;

/// The most search nodes spent on one requirement level of a bracket; a level not decided
/// within it is taken as not met (a safety net against exponential searches, see docs/systems/dutch-2012.md).
/// A limit of 20 000 is too low: stress runs found lowest brackets joined by C.13 where it gave
/// every level up and left no pairing (`testdata/dutch-2012-search-limit/`); those brackets are
/// now decided by `exact`, and only the levels it cannot tell still search this far.
pub(super) const NODE_LIMIT: u64 = 400_000;
/// The search nodes spent on a level that `exact` can decide before it does: a level the
/// depth-first search decides within them costs less than the matchings (most levels, where
/// the first candidate comes at once or none can be), one it does not costs them too.
pub(super) const FIRST_NODES: u64 = 2_000;
/// The most search nodes spent on all the budgets of one level (C.10's last line).
pub(super) const LEVEL_LIMIT: u64 = 5 * NODE_LIMIT;
/// The search nodes of a level after which its branches are cut by the bounds of `bound` (a
/// search that finds its candidate sooner does not pay for them; the level's root is always
/// checked).
const BOUND_AFTER: u64 = 64;
/// The search nodes of a level after which its branches are cut by the least cost of their
/// completions too (`Search::within_budget`, a level with a budget): a cut that only searches
/// long enough to near the node limit need.
const BUDGET_AFTER: u64 = 1_000;

/// The pairing of one bracket: its pairs (indices) and the players it moves down.
pub(crate) struct BracketOut {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// A visitor of complete candidates: pairs, unpaired players, colour counts (X, Z).
type Leaf<'a> = &'a mut dyn FnMut(&[(usize, usize)], &[usize], usize, usize) -> bool;

/// The entry of the bounds (`Memo`) of the branch a node of the transpositions comes from,
/// and the pair the node adds to it (`Bounded::without`).
type FromSlot = Option<(usize, (usize, usize))>;

/// The maximum matchings of `Search::can_complete` at a node (S1's players left into the free
/// S2 players; `owner[j]`: the position among S1's players left of the partner of the free
/// player `j`, `NO_OWNER` for none), per graph (legal, without a colour conflict, without a
/// strong one); empty where not computed. A child starts its matchings from its parent's less
/// the pair it adds. Kept along the path of the search, so in 32 bits.
type Owners = [Vec<u32>; 3];

/// A free player without a partner (`Owners`).
const NO_OWNER: u32 = u32::MAX;

/// What a node of the transpositions knows of the node it comes from.
struct Parent<'o> {
    /// The entry of the parent's bounds, where it has one.
    slot: Option<usize>,
    /// The pair the node adds: S1's first player left and the free S2 player at `at`.
    pair: (usize, usize),
    at: usize,
    owners: &'o Owners,
}

/// `rest_ok`'s verdict: `None` when the branch is cut, else the entry of its bounds where it
/// has one (handed to its children as their `Parent`).
type Kept = Option<Option<usize>>;

pub(super) struct Search<'a> {
    pub(super) r: &'a Round12,
    pub(super) lv: Level,
    /// The driver's condition on the set of downfloaters (C.12, C.13).
    pub(super) fits: &'a dyn Fn(&[usize]) -> bool,
    pub(super) nodes: &'a Cell<u64>,
    /// The most nodes this search may spend (`NODE_LIMIT`, or `FIRST_NODES` where `exact` can
    /// decide the level after it).
    pub(super) limit: u64,
    /// C.10's last line: what the pairs so far cost in broken dropped criteria, and the least
    /// cost over the level's budget met by the search (the next budget to try).
    pub(super) spent: &'a Cell<usize>,
    pub(super) over: &'a Cell<usize>,
    /// The candidate accepted, once found.
    pub(super) found: Option<BracketOut>,
    /// The S2 players left over by the transposition float (homogeneous bracket or
    /// remainder), rather than wait for a remainder.
    pub(super) floating: bool,
    /// D.4: the lowest bracket after C.13 joined brackets; its homogeneous part (or
    /// remainder) takes only pairings with the least B.3 factor.
    pub(super) b3: bool,
    /// Set while the floaters of the homogeneous search are held to the lowest scores.
    pub(super) lowest_floaters: bool,
    /// The players left over take the bye (the lowest bracket).
    pub(super) bye_only: bool,
    /// B.3 in a heterogeneous bracket: the scores (highest first) its downfloaters must have.
    pub(super) het_best: Option<Vec<Score>>,
    /// What is computed once for the bracket (targets and bounds of `bound`).
    pub(super) memo: &'a Memo,
    /// D.4: while set, the least B.3 factor every candidate must have (with `lowest`, the
    /// lowest score of the bracket, and `b3_base`, the factor of the pairs fixed before this
    /// search: a heterogeneous bracket's moved-down players' pairs).
    pub(super) least: Option<u64>,
    pub(super) lowest: Option<Score>,
    pub(super) b3_base: u64,
    /// B.3: the scores (highest first) the players left unpaired must have, each of them.
    pub(super) targets: Vec<Vec<Score>>,
    /// A heterogeneous bracket (S2's players left over go to the remainder): the moved-down
    /// players waiting for it and the pairs it must make.
    pub(super) waiting: Vec<usize>,
    pub(super) p_rem: usize,
    /// C.13: the players of the lower brackets the downfloaters must be paired with (the
    /// driver's `fits` asks it), when known.
    pub(super) below: Option<&'a [usize]>,
    /// C.12: the only sets of downfloaters (sorted) the driver's `fits` accepts, when known.
    pub(super) wanted: Option<&'a [Vec<usize>]>,
}

impl Search<'_> {
    /// The pair is legal at this level: B.1, B.2 (top scorers: until C.10.g), A.7.d, and no
    /// repeated upfloat (B.5, B.6 for upfloaters).
    fn allowed(&self, a: usize, b: usize) -> bool {
        legal(self.r, &self.lv, a, b)
    }

    /// Depth first over the transpositions (D.1): S1[d] takes each free S2 player in order
    /// (`from`: the branch this node comes from); `(x, z)`: the colour conflicts of the pairs
    /// so far (A.8).
    fn transpose(
        &mut self,
        (s1, s2): (&[usize], &[usize]),
        (d, from): (usize, Option<Parent>),
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        (x, z): (usize, usize),
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
        let Some(owners) = self.can_complete(s1, &free, d, (x, z), from.as_ref()) else {
            return false;
        };
        let slot = from.and_then(|p| Some((p.slot?, p.pair)));
        let Some(here) = self.branch_ok(s1, &free, d, pairs, (x, z), slot) else {
            return false;
        };
        drop(free);
        let a = s1[d];
        // The position of `s2[j]` among the free players.
        let mut at = 0;
        for j in 0..s2.len() {
            if used[j] {
                continue;
            }
            at += 1;
            if !self.allowed(a, s2[j]) {
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
            let child = Parent {
                slot: here,
                pair: (a, b),
                at: at - 1,
                owners: &owners,
            };
            let child = (d + 1, Some(child));
            let done = self.transpose((s1, s2), child, used, pairs, (nx, nz), leaf);
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
    /// (Mendelsohn-Dulmage: both coverings together exist when each exists). `None` when the
    /// branch is cut, else the matchings made on the way (`Owners`), for the children.
    fn can_complete(
        &self,
        s1: &[usize],
        free: &[usize],
        d: usize,
        (x, z): (usize, usize),
        from: Option<&Parent>,
    ) -> Option<Owners> {
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
        let mut owners = Owners::default();
        let covered = masked.unwrap_or_else(|| {
            // Each matching from the parent's less the pair added (its S1 player, the first,
            // and its free player at `at`): a matching of this node's graph.
            let graphs = [Graph::Legal, Graph::Good, Graph::Fine];
            let mut run = |g: usize, ok: &dyn Fn(usize, usize) -> bool, need: usize| {
                let mut owner = vec![None; free.len()];
                if let Some(p) = from {
                    let prev = &p.owners[g];
                    if prev.len() == free.len() + 1 {
                        for (j, &l) in prev.iter().enumerate() {
                            if l != NO_OWNER && l > 0 && j != p.at {
                                owner[if j < p.at { j } else { j - 1 }] = Some(l as usize - 1);
                            }
                        }
                    }
                }
                let found = self
                    .memo
                    .matching(r, &self.lv, graphs[g], (rem, free), &mut owner)
                    .unwrap_or_else(|| bipartite_from(rem, free, ok, &mut owner));
                owners[g] = owner
                    .iter()
                    .map(|l| l.map_or(NO_OWNER, |l| l as u32))
                    .collect();
                found >= need
            };
            run(0, &ok, rem.len())
                && run(1, &|a, b| ok(a, b) && !r.colour_bad(a, b), need_good)
                && (!r.even || run(2, &|a, b| ok(a, b) && !r.strong_bad(a, b), need_fine))
        });
        if !covered {
            return None;
        }
        if self.floating {
            let lv = self.lv;
            let stay = free.iter().copied().filter(|&i| self.stays(i));
            let stay = &*self.memo.gather(stay);
            let checks = [(Graph::Reversed, stay.len())];
            let masked = self.memo.covers(r, &lv, stay, rem, &checks);
            let covered = masked.unwrap_or_else(|| {
                let mut owner = vec![None; rem.len()];
                let found = self
                    .memo
                    .matching(r, &lv, Graph::Reversed, (stay, rem), &mut owner)
                    .unwrap_or_else(|| bipartite(stay, rem, &|a, b| ok(b, a)));
                found >= stay.len()
            });
            if !covered {
                return None;
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
                    return None;
                }
            }
        }
        // Last, as the dearest (an assignment); a branch the cheaper tests above refuse has no
        // completion at this level, whose cost could not be a next budget.
        let over = self.lv.drops_any(r.even)
            && self.nodes.get() >= BUDGET_AFTER
            && !self.within_budget(rem, free);
        (!over).then_some(owners)
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
    fn branch_ok(
        &self,
        s1: &[usize],
        free: &[usize],
        d: usize,
        pairs: &[(usize, usize)],
        (x, z): (usize, usize),
        from: FromSlot,
    ) -> Kept {
        if self.least.is_none()
            && self.targets.is_empty()
            && self.below.is_none()
            && self.wanted.is_none()
        {
            return Some(None);
        }
        if self.nodes.get() < BOUND_AFTER {
            return Some(None);
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
        self.rest_ok(&rest, self.b3_base + fixed, (x, z), from)
    }

    /// What is left (`rest`, after pairs of B.3 factor `fixed`) can still meet D.4's least
    /// B.3 factor, B.3's lowest floaters and C.13's pairable lower brackets where they are
    /// required: the best completion of each kind (a maximum-weight perfect matching, cached)
    /// reaches the target. A branch whose parent's best completion of a kind has the pair it
    /// adds takes that completion less the pair (`Bounded::without`) instead of a matching.
    fn rest_ok(&self, rest: &Rest, fixed: u64, (x, z): (usize, usize), from: FromSlot) -> Kept {
        if self.least.is_none()
            && self.targets.is_empty()
            && self.below.is_none()
            && self.wanted.is_none()
        {
            return Some(None);
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
                return None;
            }
        }
        if let Some(wanted) = self.wanted {
            let fine = || wanted.iter().any(|w| rest.leaves_exactly(w, &ok));
            if !self.memo.wanted(slot, fine) {
                return None;
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
                    ceiling: Some(1),
                },
                lv.x.saturating_sub(x),
            ),
            (
                1,
                Extra {
                    pair: &strong,
                    float: &none,
                    ceiling: Some(1),
                },
                lv.z.saturating_sub(z),
            ),
            (
                2,
                Extra {
                    pair: &dropped,
                    float: &down,
                    ceiling: None,
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
                    // The child of a branch: D.4's factor less the pair's, the extra cost
                    // less the pair's.
                    let child = |&(factor, spent): &(u64, u64), (a, b): (usize, usize)| {
                        let pair = sq(r.players[a].score, r.players[b].score);
                        Some((
                            factor.checked_sub(pair)?,
                            spent.checked_sub((extra.pair)(a, b))?,
                        ))
                    };
                    let inherited = || {
                        let (parent, pair) = from?;
                        self.memo.b3_child(parent, kind, pair, child)
                    };
                    Some(self.memo.b3(slot, kind, || {
                        inherited().or_else(|| rest.least_b3(r, lowest, &ok, &floatable, extra))
                    }))
                };
                if let Some(bound) = bound {
                    // D.4: no completion reaches the least factor; or those that do (when the
                    // best completion has it) all break X, Z or the budget.
                    let (factor, fewest) = bound?;
                    if fixed + factor > least
                        || (fixed + factor == least && self.over_room(kind, fewest, room))
                    {
                        return None;
                    }
                }
            }
            let cannot_cut = kind > 0 && self.memo.first_floaters(slot, within).unwrap_or(false);
            if !self.targets.is_empty() && !cannot_cut {
                // The child of a branch: the same floaters, the extra cost less the pair's.
                let child = |(scores, spent): &(Vec<Score>, u64), (a, b): (usize, usize)| {
                    Some((scores.clone(), spent.checked_sub((extra.pair)(a, b))?))
                };
                let inherited = || {
                    let (parent, pair) = from?;
                    self.memo.floaters_child(parent, kind, pair, child)
                };
                let compute =
                    || inherited().or_else(|| rest.lowest_floaters(r, &ok, &floatable, extra));
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
                    return None;
                }
            }
        }
        Some(Some(slot))
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
        let graphs = [Graph::Legal, Graph::Good, Graph::Fine];
        let max_pairs = |which: usize, ok: &dyn Fn(usize, usize) -> bool| {
            self.memo.max_pairs(&self.lv, which, players, || {
                self.memo.pairs_in(r, &self.lv, graphs[which], players, ok)
            })
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
    pub(super) fn homogeneous(
        &mut self,
        players: &[usize],
        p: usize,
        x: usize,
        z: usize,
        leaf: Leaf,
    ) -> bool {
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
        if self.rest_ok(&root, self.b3_base, (x, z), None).is_none() {
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
                let root = (0, None);
                if self.transpose((&s1, &s2), root, &mut used, &mut pairs, (x, z), leaf) {
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
    pub(super) fn gave_up(&self) -> bool {
        self.nodes.get() > self.limit
    }
}

/// The players of `s2` not `used`, in order.
fn unused<'a>(s2: &'a [usize], used: &'a [bool]) -> impl Iterator<Item = usize> + 'a {
    s2.iter().zip(used).filter(|(_, u)| !**u).map(|(p, _)| *p)
}

/// The downfloaters meet the level's B.5 / B.6 (those it drops within its budget, the pairs
/// having cost `spent` already) and the driver's condition.
pub(super) fn accept_ok(
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
pub(super) fn heterogeneous(
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
    if s.rest_ok(&root, 0, (0, 0), None).is_none() {
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
            (&s1, &s2),
            (0, None),
            &mut used,
            &mut pairs,
            (0, 0),
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
