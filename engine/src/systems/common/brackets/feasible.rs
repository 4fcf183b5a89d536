//! Whether a set of units can all be paired (C1 with C3, completion), and the bracket pairing
//! of 3.6: the first pairing in the order of its identifier (the TPNs of the top members of the
//! pairs in ascending order, then the TPN of each one's opponent), among those with the least
//! penalty (the bracket criteria of 3.6.4, as one number).
//!
//! Polynomial: a set is pairable when a perfect matching exists. Dirac's theorem (a graph on `m`
//! vertices whose every degree is at least `m/2` has a Hamiltonian cycle, hence, for even `m`, a
//! perfect matching) answers at once for the near-complete graphs of a Swiss field, from an
//! upper bound of each unit's incompatibilities; otherwise `common::completion::pairable`
//! decides. The first identifier is found
//! greedily, each choice kept only when a completion exists (a bipartite augmenting path, or a
//! matching for the rarer cases), and the least penalty by a maximum-weight matching.

use super::Field;
use crate::matching::max_weight_matching_dense;
use crate::systems::common::completion::pairable;

/// Pairability checks over one field, with the number of checks made.
pub(crate) struct Checker<'a> {
    pub field: &'a Field,
    /// Per unit, the number of field units it may not meet (an upper bound of its
    /// incompatibilities within any subset).
    incompat: Vec<usize>,
    pub checks: u64,
}

impl<'a> Checker<'a> {
    pub fn new(field: &'a Field) -> Checker<'a> {
        let incompat = field
            .compat
            .iter()
            .enumerate()
            .map(|(i, row)| {
                row.iter()
                    .enumerate()
                    .filter(|&(j, &ok)| j != i && !ok)
                    .count()
            })
            .collect();
        Checker {
            field,
            incompat,
            checks: 0,
        }
    }

    /// True when the units `set` (field indices) can all be paired among themselves.
    pub fn pairable(&mut self, set: &[usize]) -> bool {
        self.checks += 1;
        let m = set.len();
        if m % 2 == 1 {
            return false;
        }
        if m == 0 {
            return true;
        }
        let worst = set.iter().map(|&v| self.incompat[v]).max().unwrap_or(0);
        if (m - 1).saturating_sub(worst) * 2 >= m {
            return true;
        }
        let c = &self.field.compat;
        pairable(set, |a, b| c[a][b])
    }
}

/// The smallest total penalty of a perfect matching of the graph on `0..m` (`pen(a, b)` is
/// `None` for no edge), or `None` when none exists.
pub(crate) fn min_penalty(m: usize, pen: impl Fn(usize, usize) -> Option<u64>) -> Option<u64> {
    // Weight (largest penalty + 1) - penalty: every perfect matching (max cardinality) has m/2
    // edges, so the heaviest has the least penalty.
    let top = (0..m)
        .flat_map(|a| (a + 1..m).map(move |b| (a, b)))
        .filter_map(|(a, b)| pen(a, b))
        .max()
        .unwrap_or(0);
    let top = i64::try_from(top).ok()? + 1;
    let weight = |p: u64| i64::try_from(p).map_or(1, |p| top - p);
    let mate = max_weight_matching_dense::<i64>(m, |a, b| pen(a, b).map(weight), true);
    let mut total = 0;
    for (a, b) in mate.iter().enumerate() {
        let b = (*b)?;
        if a < b {
            total += pen(a, b)?;
        }
    }
    Some(total)
}

/// The first pairing of `0..m` (local indices in TPN order) in identifier order (3.6) whose
/// pairs are edges of `edge` and whose penalties add up to at most `budget`, as (top, bottom)
/// pairs in the order of the top members; `None` when none exists. `pen` gives each edge's
/// penalty.
pub(crate) fn first_identifier(
    m: usize,
    edge: &dyn Fn(usize, usize) -> bool,
    pen: &dyn Fn(usize, usize) -> u64,
    budget: u64,
) -> Option<Vec<(usize, usize)>> {
    if budget == 0 {
        if let Some(p) = first_identifier_plain(m, &|a, b| edge(a, b) && pen(a, b) == 0) {
            return Some(p);
        }
    }
    first_identifier_general(m, edge, pen, budget)
}

/// The fast case, no penalties to count: the top members are the first half when a pairing with
/// them exists (then they are the least possible), and the opponents are chosen in order by
/// bipartite augmenting paths. `None` when the first half cannot be the top members.
fn first_identifier_plain(
    m: usize,
    edge: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<(usize, usize)>> {
    let k = m / 2;
    let mut g = Halves {
        k,
        m,
        edge,
        mate: vec![None; k],
        owner: vec![None; m - k],
    };
    for t in 0..k {
        if let Some(b) = (k..m).find(|&b| g.owner[b - k].is_none() && edge(t, b)) {
            g.mate[t] = Some(b);
            g.owner[b - k] = Some(t);
        }
    }
    for t in 0..k {
        if g.mate[t].is_none() && !g.augment(t, &mut vec![false; m - k], 0) {
            return None;
        }
    }
    // Lexicographically least opponents: fix the tops in order, each to its least bottom for
    // which the others can still be matched (tops below `t` stay fixed).
    for t in 0..k {
        for b in k..m {
            if !edge(t, b) {
                continue;
            }
            if g.mate[t] == Some(b) {
                break;
            }
            // Try to move b's owner o to t's old bottom through an alternating path avoiding
            // the fixed tops 0..=t.
            let (old, o) = (g.mate[t]?, g.owner[b - k]?);
            if o < t {
                continue;
            }
            let (save_m, save_o) = (g.mate.clone(), g.owner.clone());
            g.mate[t] = Some(b);
            g.owner[b - k] = Some(t);
            g.owner[old - k] = None;
            g.mate[o] = None;
            if g.augment(o, &mut vec![false; m - k], t + 1) {
                break;
            }
            g.mate = save_m;
            g.owner = save_o;
        }
    }
    Some((0..k).filter_map(|t| g.mate[t].map(|b| (t, b))).collect())
}

/// A bipartite matching of the tops `0..k` into the bottoms `k..m` over `edge`.
struct Halves<'e> {
    k: usize,
    m: usize,
    edge: &'e dyn Fn(usize, usize) -> bool,
    /// mate[t] = bottom (k..m) of top t (0..k); owner[b - k] = top of bottom b.
    mate: Vec<Option<usize>>,
    owner: Vec<Option<usize>>,
}

impl Halves<'_> {
    /// Kuhn's augmenting path from top `t`, never re-routing tops below `fixed`.
    fn augment(&mut self, t: usize, seen: &mut [bool], fixed: usize) -> bool {
        let k = self.k;
        for b in k..self.m {
            if seen[b - k] || !(self.edge)(t, b) {
                continue;
            }
            seen[b - k] = true;
            let free = match self.owner[b - k] {
                None => true,
                Some(o) => o >= fixed && self.augment(o, seen, fixed),
            };
            if free {
                self.mate[t] = Some(b);
                self.owner[b - k] = Some(t);
                return true;
            }
        }
        false
    }
}

/// The general case: choose the top members in ascending order, then each top member's least
/// opponent, keeping a choice only when a pairing within the penalty budget completes it.
fn first_identifier_general(
    m: usize,
    edge: &dyn Fn(usize, usize) -> bool,
    pen: &dyn Fn(usize, usize) -> u64,
    budget: u64,
) -> Option<Vec<(usize, usize)>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Role {
        Open,
        Top,
        Bottom,
    }
    let mut role = vec![Role::Open; m];
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    let feasible = |role: &[Role], fixed: &[(usize, usize)]| {
        let used: Vec<bool> = (0..m)
            .map(|v| fixed.iter().any(|&(a, b)| a == v || b == v))
            .collect();
        let spent: u64 = fixed.iter().map(|&(a, b)| pen(a, b)).sum();
        if spent > budget {
            return false;
        }
        let free: Vec<usize> = (0..m).filter(|&v| !used[v]).collect();
        let ok = |a: usize, b: usize| {
            let (lo, hi) = (free[a.min(b)], free[a.max(b)]);
            edge(lo, hi) && role[lo] != Role::Bottom && role[hi] != Role::Top
        };
        min_penalty(free.len(), |a, b| {
            ok(a, b).then(|| pen(free[a.min(b)], free[a.max(b)]))
        })
        .is_some_and(|p| spent + p <= budget)
    };
    if m == 0 {
        return Some(Vec::new());
    }
    role[0] = Role::Top;
    let mut tops = 1;
    for v in 1..m {
        if tops < m / 2 {
            role[v] = Role::Top;
            if feasible(&role, &fixed) {
                tops += 1;
                continue;
            }
        }
        role[v] = Role::Bottom;
    }
    if !feasible(&role, &fixed) {
        return None;
    }
    for t in (0..m).filter(|&v| role[v] == Role::Top) {
        let b = (t + 1..m).find(|&b| {
            role[b] == Role::Bottom && edge(t, b) && !fixed.iter().any(|&(_, x)| x == b) && {
                fixed.push((t, b));
                let ok = feasible(&role, &fixed);
                fixed.pop();
                ok
            }
        })?;
        fixed.push((t, b));
    }
    Some(fixed)
}
