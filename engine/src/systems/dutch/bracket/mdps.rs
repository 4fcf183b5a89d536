//! The moved-down players of a heterogeneous bracket: which are in S1 (2017 D.3, 2026 Art.
//! 4.3: the lowest BSNs among the best candidates) and their partners (D.1 on the MDP-pairing).

use super::graph::{Decided, Graph};
use super::order::{fix_lexicographic, Lex};
use super::search::{Duals, Gen, Keep};
use crate::pairing::PairingError;
use ethnum::I256;

/// The MDPs of a heterogeneous bracket (`m` > 0): D.3, the MDPs in S1 are those with the
/// lowest BSNs among the best candidates, and D.1 on the MDP-pairing, decided in the first
/// matching for the first MDPs, then position by position. Marks in `mdp_ok` the MDPs that
/// stay paired with residents and fixes their pairs; returns the number of resident pairs of a
/// best candidate, and that first matching with its optimal duals when they are vertex duals
/// (a warm start for the remainder's matching).
pub(super) fn pair_mdps(
    g: &Graph,
    m: usize,
    mdp_ok: &mut [bool],
    decided: &mut Decided,
) -> Result<(usize, Option<Warm>), PairingError> {
    let nb = g.nb;
    // D.3: the MDPs in S1 are those with the lowest BSNs among the best candidates: a bit
    // per MDP, the first the highest. More MDPs than one field holds are decided field by
    // field first (`d3_in_s1`); the matching below then pairs exactly those.
    let field = g.knobs.d3_field();
    let in_s1 = if m > field {
        Some(d3_in_s1(g, m, field, &decided.removed)?)
    } else {
        None
    };
    let mb = m.min(field) as u32;
    let cross = |a: usize, b: usize| a < m && b >= m && b < nb;
    let bonus = |a: usize, b: usize| match &in_s1 {
        None if cross(a, b) && (a as u32) < mb => I256::ONE << (mb - 1 - a as u32),
        Some(s1) if cross(a, b) && s1[a] => I256::ONE,
        _ => I256::ZERO,
    };
    let keep_s1 = |a: usize, b: usize| in_s1.as_ref().is_none_or(|s1| !cross(a, b) || s1[a]);
    // D.1 on the MDP-pairing, decided in the same matching for the first MDPs: a position
    // per MDP in BSN order; the MDPs left out of S1 (fixed by the D.3 field above) have no
    // partner, so the comparison is the one of S1's positions.
    let residents_left: Vec<usize> = (m..nb).collect();
    let lex = Lex::new(g, &residents_left, mb + 1);
    let all_mdps: Vec<usize> = (0..m).collect();
    let first: Vec<usize> = all_mdps[..lex.chunk.min(m)].to_vec();
    let first_part = lex.part(&first);
    let gen = |a: usize, b: usize, out: &mut Vec<I256>| {
        out.push(bonus(a, b));
        lex.values(&first_part, a, b, out);
    };
    let mut bounds = vec![match in_s1 {
        None => I256::ONE << mb,
        Some(_) => I256::from(m as u64 + 1),
    }];
    bounds.extend(lex.bounds(first.len()));
    let (mate, duals) = solve_split(g, m, (&bounds, &gen), &keep_s1, &decided.removed)?;
    // A best candidate: every best candidate pairs as many residents among themselves
    // (C.5 fixes the pairs, B.1.c the MDPs paired), so the remainder's pairs are counted here.
    let resident_pairs = (m..nb)
        .filter(|&v| matches!(mate[v], Some(u) if u > v && u < nb))
        .count();
    for (v, ok) in mdp_ok.iter_mut().enumerate().take(m) {
        *ok = matches!(mate[v], Some(r) if r >= m && r < nb);
    }
    lex.fix(&first, &mate, decided);
    let s1: Vec<usize> = (first.len()..m).filter(|&v| mdp_ok[v]).collect();
    let keep_mdp = |a: usize, b: usize| !(a < m && b < nb && !mdp_ok[a]);
    fix_lexicographic(g, &s1, &residents_left, &keep_mdp, decided, (None, None))?;
    Ok((resident_pairs, duals.map(|d| (mate, d))))
}

/// A matching of the bracket graph with its optimal vertex duals.
pub(super) type Warm = (Vec<Option<usize>>, Duals);

/// The best candidate of the first MDP matching, found on a bipartite graph first when its
/// duals prove it best on the whole bracket. A best candidate usually pairs the MDPs with the
/// first residents and the rest of the residents among themselves, top half against bottom
/// half: so one side is the first `(R + m) / 2` residents (R residents), the other the MDPs
/// and the residents below them, and the edges within a side are left out (no blossoms: much
/// faster in a large bracket). When the matching's duals, shifted if need be
/// (`Matcher::certifies_shifted`), cover those edges as well, it is optimal on the whole
/// bracket (LP duality); else the whole bracket is solved. Every decision taken from this
/// matching (which MDPs are paired, the partners of the first MDPs, the resident pairs) is
/// fixed by its weight, so any best candidate gives the same. A bracket smaller than
/// `Knobs::split_min` is solved whole at once. The optimal duals come with the matching when
/// they are vertex duals only and the bracket is as large as the split's.
fn solve_split(
    g: &Graph,
    m: usize,
    (bounds, gen): (&[I256], &Gen),
    keep: &Keep,
    removed: &[bool],
) -> Result<(Vec<Option<usize>>, Option<Duals>), PairingError> {
    let nb = g.nb;
    let whole = || {
        g.solve_certified(bounds, gen, keep, &|_, _| false, None, removed)
            .map(|(mate, _, _, duals)| (mate, duals))
    };
    if nb < g.knobs.split_min {
        // A smaller bracket's remainder is solved, not warm-started: its matching costs
        // about what the check of the warm start does.
        return whole().map(|(mate, _)| (mate, None));
    }
    let top = (m + nb / 2).min(nb);
    // Side A (marked): the MDPs and the residents from `top` on; side B: the residents above.
    let marked = |v: usize| v < m || v >= top;
    // An edge touching a vertex beyond the bracket is always kept.
    let cross = |a: usize, b: usize| b >= nb || marked(a) != marked(b);
    let (mate, _, certified, duals) = g.solve_certified(
        bounds,
        gen,
        &|a: usize, b: usize| keep(a, b) && cross(a, b),
        &|a: usize, b: usize| keep(a, b) && !cross(a, b),
        Some(&|v: usize| v < nb && marked(v)),
        removed,
    )?;
    if certified {
        g.knobs.count_mdp_split();
        // The split's duals leave out the edges within a side: not the whole bracket's.
        return Ok((mate, duals));
    }
    whole()
}

/// D.3 for more than `field` MDPs (the first `m` vertices of `g`): which of them are in S1 (are
/// paired with a resident) in a best candidate, the lowest BSNs first. The MDPs are taken
/// `field` at a time, in BSN order; each matching keeps the quality optimum (the criteria come
/// first in every weight), keeps paired with residents the MDPs found in S1 so far (a
/// higher-priority count field) and out of S1 those found out of it (their edges to residents
/// removed), and orders the next `field` MDPs a bit each, the first the highest: the
/// lexicographic order of D.3 over all MDPs, one field at a time.
fn d3_in_s1(
    g: &Graph,
    m: usize,
    field: usize,
    removed: &[bool],
) -> Result<Vec<bool>, PairingError> {
    g.knobs.count_d3_fields();
    let nb = g.nb;
    let mut in_s1 = vec![false; m];
    for lo in (0..m).step_by(field.max(1)) {
        let hi = (lo + field.max(1)).min(m);
        let cross = |a: usize, b: usize| a < m && b >= m && b < nb;
        let gen = |a: usize, b: usize, out: &mut Vec<I256>| {
            let kept = cross(a, b) && a < lo && in_s1[a];
            out.push(if kept { I256::ONE } else { I256::ZERO });
            out.push(if cross(a, b) && a >= lo && a < hi {
                I256::ONE << (hi - 1 - a) as u32
            } else {
                I256::ZERO
            });
        };
        let keep = |a: usize, b: usize| !(cross(a, b) && a < lo && !in_s1[a]);
        let bounds = [I256::from(lo as u64 + 1), I256::ONE << (hi - lo) as u32];
        let (mate, _) = g.solve(&bounds, &gen, &keep, removed)?;
        for (v, s) in in_s1.iter_mut().enumerate().take(hi).skip(lo) {
            *s = matches!(mate[v], Some(r) if r >= m && r < nb);
        }
    }
    Ok(in_s1)
}
