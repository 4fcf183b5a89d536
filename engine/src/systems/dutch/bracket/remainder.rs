//! The remainder of a bracket paired as a homogeneous bracket (2017 B.6, 2026 Art. 4): the
//! exchange between S1 and S2 (D.2 a-b as weight fields, c-d in `exchange`) and then the
//! transposition (D.1, in `order`).

use super::exchange::{choose_exchange, Exchange};
use super::graph::{Decided, Graph};
use super::mdps::Warm;
use super::order::{fix_lexicographic, pos_bits, Lex};
use crate::pairing::PairingError;
use ethnum::I256;

/// The remainder `rem` of the bracket (after the MDP-pairing), paired as a homogeneous bracket
/// (B.6) with `pr` pairs: D.2 a-b as weight fields (fewest exchanged players, smallest BSN-sum
/// difference), D.2 c-d player by player when an exchange is needed, then D.1. `warm`: the
/// MDP-pairing's first matching with its optimal duals, tried as the remainder's first matching
/// before solving it.
pub(super) fn pair_remainder(
    g: &Graph,
    (m, mdp_ok): (usize, &[bool]),
    rem: &[usize],
    pr: usize,
    warm: Option<&Warm>,
    decided: &mut Decided,
) -> Result<(), PairingError> {
    let nb = g.nb;
    let nv = g.global.len();
    let keep_base = |a: usize, b: usize| !(a < m && b < nb && !mdp_ok[a]);
    // BSNs of the remainder count within the remainder (the corpus shows that D.2's sums
    // are taken over the remainder's own numbering).
    let mut rbsn = vec![0usize; nv];
    for (k, &v) in rem.iter().enumerate() {
        rbsn[v] = k + 1;
    }
    let s1r: Vec<usize> = rem[..pr].to_vec();
    let s2r: Vec<usize> = rem[pr..].to_vec();
    let in_s2 = |v: usize| v < nb && v >= rem[pr];
    let is_rem = |v: usize| v >= m && v < nb;
    // D.2 a-b as fields: fewest exchanged players, then the smallest sum difference, which
    // for a candidate is (sum over pairs of the smaller BSN) minus the sum of S1R.
    let kb = I256::from(nb as u64 + 1);
    let ga = |a: usize, b: usize| {
        if is_rem(a) && is_rem(b) && !(in_s2(a) && in_s2(b)) {
            I256::ONE
        } else {
            I256::ZERO
        }
    };
    let gen_ab = |a: usize, b: usize, out: &mut Vec<I256>| {
        out.push(ga(a, b));
        out.push(if is_rem(a) && is_rem(b) {
            kb - I256::from(rbsn[a.min(b)] as u64)
        } else {
            I256::ZERO
        });
    };
    let ab_bounds = [I256::from(pr as u64 + 1), kb * I256::from(pr as u64 + 1)];
    // Usually no exchange is needed (D.2 a: zero exchanged): then the first positions of the
    // transposition (D.1) are decided in the same matching.
    // D.2 b does not matter then (every candidate without an exchange has the same BSN
    // sums); leaving it out of this matching keeps its weights from favouring S1R's first
    // players one by one, which makes the matching much faster.
    // Without the players below, D.1 is decided afterwards on the tight subgraph
    // (`tight_earliest`), so this matching carries no positions and stays narrow.
    let lex = Lex::new(g, &s2r, pos_bits(pr));
    let positions = if g.bye_only_beyond() {
        0
    } else {
        lex.chunk.min(pr)
    };
    let first: Vec<usize> = s1r[..positions].to_vec();
    let mut bounds = vec![ab_bounds[0]];
    bounds.extend(lex.bounds(first.len()));
    let first_part = lex.part(&first);
    let gen_first = |a: usize, b: usize, out: &mut Vec<I256>| {
        out.push(ga(a, b));
        lex.values(&first_part, a, b, out);
    };
    // Usually no exchange is needed: solve first on the edges of S1R x S2R only (a bipartite
    // remainder: no blossoms, much faster), and take that matching when its duals prove it
    // optimal on the whole remainder as well; else solve the whole remainder.
    // (The bye vertex counts on S1's side: its edges to S2 are cross edges.)
    let bye_v = g.bye_vertex();
    let cross = |a: usize, b: usize| {
        if Some(a) == bye_v || Some(b) == bye_v {
            in_s2(a) || in_s2(b)
        } else {
            !(is_rem(a) && is_rem(b)) || in_s2(a) != in_s2(b)
        }
    };
    let keep_cross = |a: usize, b: usize| keep_base(a, b) && cross(a, b);
    let extra = |a: usize, b: usize| keep_base(a, b) && !cross(a, b);
    let side = |v: usize| !in_s2(v);
    // The MDP-pairing's first matching, on the same players less the MDPs' pairs, is
    // usually the remainder's as well: its duals, rescaled, are checked first (LP duality:
    // exact when they hold), and the remainder is solved only when they do not. (Only
    // without D.1 positions in this matching: that matching does not order them.)
    let warm = match warm.filter(|_| first.is_empty()) {
        Some((mate, duals)) => g.adopt_certified(
            &bounds,
            &gen_first,
            (&keep_cross, &extra, Some(&side)),
            &decided.removed,
            (mate, duals),
        )?,
        None => None,
    };
    let (mut mate, _, certified, mut duals) = match warm {
        Some(solved) => solved,
        None => g.solve_certified(
            &bounds,
            &gen_first,
            &keep_cross,
            &extra,
            Some(&side),
            &decided.removed,
        )?,
    };
    if !certified {
        duals = None;
        mate = g
            .solve(&bounds, &gen_first, &keep_base, &decided.removed)?
            .0;
    }
    let k = rem
        .iter()
        .filter(|&&v| matches!(mate[v], Some(u) if u > v && u < nb && in_s2(v) && in_s2(u)))
        .count();
    if k == 0 {
        let set: Vec<bool> = (0..nb).map(|v| v < nv && s1r.contains(&v)).collect();
        let keep =
            |a: usize, b: usize| keep_base(a, b) && (!(is_rem(a) && is_rem(b)) || set[a] != set[b]);
        lex.fix(&first, &mate, decided);
        // The duals of the cross matching serve D.1 on the tight subgraph (`order`) when no
        // pair was fixed from it: its graph is then the same S1R x S2R.
        let duals = duals.filter(|_| first.is_empty());
        return fix_lexicographic(
            g,
            &s1r[first.len()..],
            &s2r,
            &keep,
            decided,
            (Some(mate), duals.as_ref()),
        );
    }
    // An exchange is needed: D.2 a-b decide the smallest BSN-sum difference.
    let (_, best) = g.solve(&ab_bounds, &gen_ab, &keep_base, &decided.removed)?;
    // D.2 c-d: which k players move, decided player by player (each check one matching).
    let mut s1p = choose_exchange(
        g,
        &Exchange {
            s1: &s1r,
            s2: &s2r,
            k,
            is_rem: &is_rem,
            keep: &keep_base,
            bounds: &ab_bounds,
            gen: &gen_ab,
            best,
        },
        &decided.removed,
    )?;
    s1p.sort_unstable();
    let set: Vec<bool> = (0..nb).map(|v| s1p.contains(&v)).collect();
    let s2p: Vec<usize> = rem.iter().copied().filter(|&v| !set[v]).collect();
    let keep =
        |a: usize, b: usize| keep_base(a, b) && (!(is_rem(a) && is_rem(b)) || set[a] != set[b]);
    fix_lexicographic(g, &s1p, &s2p, &keep, decided, (None, None))
}
