//! The transposition order of D.1 (2017 D.1, 2026 Art. 4.2): each S1 player in turn with the
//! earliest S2 player a best candidate allows. Decided by the greedy pairing when it is best,
//! on the tight subgraph of one optimal dual solution when the graph allows (`tight`), else
//! by matchings whose low-priority fields are the positions, a chunk per matching.

use super::graph::{Decided, Graph, TypedEdges};
use super::pack::PackW;
use super::search::{Duals, Keep, MATRIX_BYTES};
use super::tight::Tight;
use crate::matching::{EdgeWeights, Matcher, I512};
use crate::pairing::PairingError;
use crate::systems::dutch::weights;
use ethnum::I256;

/// Bits for one position of a lexicographic sequence over `n` choices.
pub(super) fn pos_bits(n: usize) -> u32 {
    weights::bits(I256::from(n as u64 + 1))
}

/// The positions a matching decides (see `Lex::part`): each vertex's position, or
/// `usize::MAX`.
pub(super) struct Part {
    at: Vec<usize>,
    len: usize,
}

/// Lexicographic positions (D.1): the partners of S1's players, in order, as early in S2 as a
/// best candidate allows. A chunk of positions is decided per matching, each position a digit of
/// a low-priority field.
pub(super) struct Lex {
    /// Rank of each vertex in S2 (`usize::MAX` outside S2).
    rank: Vec<usize>,
    n2: u64,
    /// Bits per position.
    pb: u32,
    /// Positions per matching.
    pub chunk: usize,
    nb: usize,
}

impl Lex {
    /// `reserved`: bits taken by the other generation-order fields of the same matchings.
    pub(super) fn new(g: &Graph, s2: &[usize], reserved: u32) -> Lex {
        let pb = pos_bits(s2.len());
        // As many positions per matching as the 256-bit weights have room for (a field per
        // 240 bits of positions, each taking one bit more than its positions).
        let room = weights::MAX_BITS_256
            .saturating_sub(g.qbits + reserved + 4)
            .max(60);
        let mut rank = vec![usize::MAX; g.global.len()];
        for (r, &v) in s2.iter().enumerate() {
            rank[v] = r;
        }
        let chunk = ((room / pb).max(1) as usize).min(g.knobs.chunk_cap.max(1));
        Lex {
            rank,
            n2: s2.len() as u64,
            pb,
            chunk,
            nb: g.nb,
        }
    }

    /// Positions per field: each field stays well inside 256 bits.
    fn per_field(&self) -> usize {
        (240 / self.pb).max(1) as usize
    }

    /// The bounds of the fields for `positions` positions, the earliest positions first.
    pub(super) fn bounds(&self, positions: usize) -> Vec<I256> {
        let per = self.per_field();
        (0..positions)
            .step_by(per)
            .map(|start| I256::ONE << (self.pb * (positions - start).min(per) as u32))
            .collect()
    }

    /// The positions being decided: `part`'s vertices in order.
    pub(super) fn part(&self, part: &[usize]) -> Part {
        let mut at = vec![usize::MAX; self.rank.len()];
        for (p, &v) in part.iter().enumerate() {
            at[v] = p;
        }
        Part {
            at,
            len: part.len(),
        }
    }

    /// Appends to `out` the field values of edge `e` when `part` are the positions being
    /// decided.
    pub(super) fn values(&self, part: &Part, a: usize, b: usize, out: &mut Vec<I256>) {
        let per = self.per_field();
        let start = out.len();
        out.resize(start + part.len.div_ceil(per), I256::ZERO);
        let (y, p) = match (part.at[a], part.at[b]) {
            (p, _) if p != usize::MAX => (b, p),
            (_, p) if p != usize::MAX => (a, p),
            _ => return,
        };
        if y < self.nb && self.rank[y] != usize::MAX {
            let field = p / per;
            let len = (part.len - field * per).min(per);
            let shift = self.pb * (len - 1 - (p - field * per)) as u32;
            out[start + field] = I256::from(self.n2 - self.rank[y] as u64) << shift;
        }
    }

    /// Fixes the pairs the matching gave the players of `part`.
    pub(super) fn fix(&self, part: &[usize], mate: &[Option<usize>], decided: &mut Decided) {
        for &v in part {
            if let Some(u) = mate[v] {
                if u < self.nb && !decided.removed[u] {
                    decided.pair(v, u);
                }
            }
        }
    }
}

/// D.1: pairs each vertex of `s1` (in order) with the earliest vertex of `s2` that still allows
/// a best candidate, deciding a chunk of positions per matching, and fixes those pairs.
///
/// `optimal`, when given, is a matching of the vertices still in play that is best by the
/// quality fields (C.4-C.19) on the edges `keep` allows. When the graph is bipartite between
/// `s1` and `s2` (no other vertex has an edge), the pairing that gives each player of `s1` in
/// turn the earliest free partner of `s2` is tried first: if it is as good by quality as that
/// matching, it is the first best candidate in the order of D.1, and no further matching is
/// needed. This is the usual case in large brackets. `duals`, when given with `optimal`, are
/// optimal duals of `optimal` for weights that carry the quality fields above a field of at
/// most one unit per pair (see `tight_from_duals`): D.1 on the tight subgraph then tries them
/// before a matching of its own.
pub(super) fn fix_lexicographic(
    g: &Graph,
    s1: &[usize],
    s2: &[usize],
    keep: &Keep,
    decided: &mut Decided,
    (mut optimal, duals): (Option<Vec<Option<usize>>>, Option<&Duals>),
) -> Result<(), PairingError> {
    let lex = Lex::new(g, s2, 0);
    let bipartite = g.global.len() == g.nb;
    let tight_ready = g.bye_only_beyond();
    let mut start = 0;
    while start < s1.len() {
        if let (true, Some(opt)) = (bipartite, &optimal) {
            let earliest = earliest_if_best(g, &s1[start..], s2, keep, &decided.removed, opt);
            if let Some(pairs) = earliest {
                for (v, u) in pairs {
                    decided.pair(v, u);
                }
                return Ok(());
            }
        }
        if tight_ready {
            // The duals describe the first matching only, before any pair is fixed here.
            let prior = match (&optimal, duals) {
                (Some(mate), Some(d)) if start == 0 => Some((mate.as_slice(), d)),
                _ => None,
            };
            let removed = &decided.removed;
            if let Some(pairs) = tight_earliest(g, &s1[start..], s2, keep, removed, prior) {
                for (v, u) in pairs {
                    decided.pair(v, u);
                }
                return Ok(());
            }
        }
        let part = &s1[start..(start + lex.chunk).min(s1.len())];
        let positions = lex.part(part);
        let gen = |a: usize, b: usize, out: &mut Vec<I256>| lex.values(&positions, a, b, out);
        let (mate, _) = g.solve(&lex.bounds(part.len()), &gen, keep, &decided.removed)?;
        lex.fix(part, &mate, decided);
        optimal = Some(mate);
        start += part.len();
    }
    Ok(())
}

/// D.1 in a bipartite bracket without further weighted matchings: one maximum-weight matching
/// by the quality fields on the edges `keep` allows, then the earliest partners on the tight
/// subgraph of its optimal duals (see `tight`). The bye vertex, when there is one, joins S1 as
/// its last player (its partner, the bye, is what D.1 leaves over); its edges to S1 are left out
/// of that matching and must have a positive slack under its duals, so that no best candidate
/// uses them. `None` when an edge in play joins neither S1 to S2 nor the bye vertex to S1, when
/// such a bye edge may be in a best candidate, or when the duals are not vertex duals only
/// (never for a bipartite graph). `prior`: a best matching (graph vertices) and the optimal
/// duals of a matching whose weights put the quality fields above a low field, tried first
/// (`tight_from_duals`).
fn tight_earliest(
    g: &Graph,
    s1: &[usize],
    s2: &[usize],
    keep: &Keep,
    removed: &[bool],
    prior: Option<(&[Option<usize>], &Duals)>,
) -> Option<Vec<(usize, usize)>> {
    let nv = g.global.len();
    let mut idx = vec![usize::MAX; nv];
    let mut s1: Vec<usize> = s1.iter().copied().filter(|&v| !removed[v]).collect();
    let s2: Vec<usize> = s2.iter().copied().filter(|&v| !removed[v]).collect();
    let bye = g.bye_vertex().filter(|&d| !removed[d]);
    let real = s1.len();
    s1.extend(bye);
    for (i, &v) in s1.iter().chain(&s2).enumerate() {
        idx[v] = i;
    }
    let p = s1.len();
    // Every edge in play must join S1 to S2, or S1 to the bye vertex (set aside).
    let mut aside = Vec::new();
    for a in (0..nv).filter(|&a| !removed[a]) {
        for b in (a + 1..nv).filter(|&b| !removed[b]) {
            let Some(qw) = g.edge(a, b).filter(|&w| w > I512::ZERO && keep(a, b)) else {
                continue;
            };
            let (x, y) = (idx[a], idx[b]);
            if x == usize::MAX || y == usize::MAX {
                return None;
            }
            if (x < p) == (y < p) {
                if bye.is_some() && x.max(y) == p - 1 {
                    aside.push((x.min(y), x.max(y), qw));
                    continue;
                }
                return None;
            }
        }
    }
    let local: Vec<usize> = s1.iter().chain(&s2).copied().collect();
    let sides = Sides {
        g,
        local: &local,
        p,
        keep,
    };
    let prior = prior.map(|(mate, duals)| Prior {
        mate: local.iter().map(|&v| mate[v].map(|u| idx[u])).collect(),
        duals,
    });
    let tight = if g.qbits <= 124 {
        tight_for::<i128>(&sides, &aside, prior.as_ref())
    } else if g.qbits <= weights::MAX_BITS_256 {
        tight_for::<I256>(&sides, &aside, prior.as_ref())
    } else {
        tight_for::<I512>(&sides, &aside, prior.as_ref())
    }?;
    let partners = tight.earliest();
    Some(
        partners
            .iter()
            .take(real)
            .enumerate()
            .filter_map(|(i, j)| j.map(|j| (s1[i], s2[j])))
            .collect(),
    )
}

/// The bipartite graph of `tight_earliest`: the vertices `local` (S1 the first `p`), the edges
/// between S1 and S2 that `keep` allows, weighing their quality fields.
struct Sides<'s> {
    g: &'s Graph<'s>,
    local: &'s [usize],
    p: usize,
    keep: &'s Keep<'s>,
}

/// [`Sides`] with its weights in `W`.
struct TypedSides<'s, W> {
    sides: &'s Sides<'s>,
    edges: TypedEdges<'s, W>,
}

impl<W: PackW> EdgeWeights<W> for TypedSides<'_, W> {
    fn vertices(&self) -> usize {
        self.sides.local.len()
    }

    fn weight2(&self, u: usize, v: usize) -> W {
        let s = self.sides;
        if (u < s.p) == (v < s.p) {
            return W::MIN;
        }
        let (a, b) = (s.local[u].min(s.local[v]), s.local[u].max(s.local[v]));
        match self.edges.edge(a, b) {
            Some(w) if w > W::ZERO && (s.keep)(a, b) => w.double(),
            _ => W::MIN,
        }
    }
}

/// A best matching of the local vertices (each vertex's local mate; `usize::MAX` for a mate
/// outside them) and the optimal duals (graph vertices) of a matching that found it.
struct Prior<'p> {
    mate: Vec<Option<usize>>,
    duals: &'p Duals,
}

/// The tight subgraph for `tight_earliest`: from the duals of `prior` when they give an optimal
/// dual solution of `sides`, else from a matching of its own.
fn tight_for<W: PackW>(
    sides: &Sides,
    aside: &[(usize, usize, I512)],
    prior: Option<&Prior>,
) -> Option<Tight> {
    if let Some(t) = prior.and_then(|p| tight_from_duals::<W>(sides, aside, p)) {
        sides.g.knobs.count_reused_duals();
        return Some(t);
    }
    sides.g.knobs.count_matching();
    tight_in::<W>(sides, aside)
}

/// The tight subgraph of `sides` from another matching's optimal duals, without a matching of
/// its own (LP duality). `prior`'s matching is best on `sides`' edges by weights `2^s q + c`,
/// `q` the quality fields and `0 <= c <= 1` a low field (the remainder's exchange count, D.2
/// a), with optimal duals `Y` (doubled). Scaled down, `Y / 2^s` covers every edge's `q` but
/// leaves a slack of up to `c / 2^s` on the matched ones; rounded to integers (down, or up on
/// one side), they are an optimal dual solution of `sides` by quality alone exactly when they
/// still cover every edge, the matched edges become tight and every vertex left unmatched has
/// zero: all three are checked here, over every edge. The rounding that passes gives the
/// tight subgraph; `None` when none does (then `tight_in` solves the graph) or when an edge
/// `aside` may be tight.
fn tight_from_duals<W: PackW>(
    sides: &Sides,
    aside: &[(usize, usize, I512)],
    prior: &Prior,
) -> Option<Tight> {
    let graph = TypedSides {
        sides,
        edges: sides.g.typed::<W>(0),
    };
    let (n, p) = (sides.local.len(), sides.p);
    let mate = &prior.mate;
    // The matching must be one of `sides`: pairs across, on its edges.
    for (a, m) in mate.iter().enumerate() {
        if let Some(b) = *m {
            if b == usize::MAX || mate[b] != Some(a) || graph.weight2(a, b) < W::ZERO {
                return None;
            }
        }
    }
    let shift = prior.duals.shift;
    let y2: Vec<I512> = sides.local.iter().map(|&v| prior.duals.y2[v]).collect();
    if y2.iter().any(|&y| y < I512::ZERO) {
        return None;
    }
    let unit = I512::ONE << shift;
    let rounded = |up1: bool, up2: bool| -> Vec<W> {
        (0..n)
            .map(|v| {
                let up = if v < p { up1 } else { up2 };
                let y = if up { y2[v] + unit - I512::ONE } else { y2[v] };
                W::from_i512(y >> shift)
            })
            .collect()
    };
    // Complementary slackness: matched edges tight, unmatched vertices at zero.
    let slack_free = |y: &[W]| {
        (0..n).all(|a| match mate[a] {
            None => y[a] == W::ZERO,
            Some(b) => b < a || y[a] + y[b] == graph.weight2(a, b),
        })
    };
    let y = [(false, false), (false, true), (true, false)]
        .into_iter()
        .map(|(u1, u2)| rounded(u1, u2))
        .find(|y| slack_free(y))?;
    // Feasibility on every edge, and the tight ones.
    let mut adj = Vec::with_capacity(p);
    for a in 0..p {
        let mut row = Vec::new();
        for b in p..n {
            let w2 = graph.weight2(a, b);
            if w2 < W::ZERO {
                continue;
            }
            let sum = y[a] + y[b];
            if sum < w2 {
                return None;
            }
            if sum == w2 {
                row.push(b - p);
            }
        }
        adj.push(row);
    }
    // A slack of at least one unit on the edges set aside.
    let one = W::from_i64(1);
    if aside
        .iter()
        .any(|&(a, b, w)| y[a] + y[b] < (W::from_i512(w) + one).double())
    {
        return None;
    }
    let cover1 = (0..p).map(|v| y[v] > W::ZERO).collect();
    let cover2 = (p..n).map(|v| y[v] > W::ZERO).collect();
    let mate1: Vec<Option<usize>> = mate[..p].iter().map(|m| m.map(|j| j - p)).collect();
    Some(Tight::new(adj, cover1, cover2, &mate1))
}

/// The tight subgraph of a maximum-weight matching of the bipartite graph `sides`, for
/// `tight_earliest`; `None` unless every edge `aside` (local vertices) has a positive slack.
fn tight_in<W: PackW>(sides: &Sides, aside: &[(usize, usize, I512)]) -> Option<Tight> {
    let graph = TypedSides {
        sides,
        edges: sides.g.typed::<W>(0),
    };
    let (n, p) = (sides.local.len(), sides.p);
    sides.g.reuse.with(|matcher: &mut Matcher<W>| {
        let mate = matcher
            .solve_graph_within(&graph, false, MATRIX_BYTES)
            .to_vec();
        if !matcher.duals_are_vertex_only() {
            return None;
        }
        // A slack of at least one unit (twice the doubled duals' half unit) is positive.
        let one = W::from_i64(1);
        let aside: Vec<(usize, usize, W)> = aside
            .iter()
            .map(|&(a, b, w)| (a, b, W::from_i512(w) + one))
            .collect();
        if !matcher.certifies(&aside) {
            return None;
        }
        let adj: Vec<Vec<usize>> = (0..p)
            .map(|a| {
                (p..n)
                    .filter(|&b| matcher.is_tight_in(&graph, a, b))
                    .map(|b| b - p)
                    .collect()
            })
            .collect();
        let cover1 = (0..p).map(|v| matcher.must_cover(v)).collect();
        let cover2 = (p..n).map(|v| matcher.must_cover(v)).collect();
        let mate1: Vec<Option<usize>> = mate[..p].iter().map(|m| m.map(|j| j - p)).collect();
        Some(Tight::new(adj, cover1, cover2, &mate1))
    })
}

/// The greedy D.1 pairing of `s1` (each in turn with the earliest free vertex of `s2` it has an
/// edge to), when its quality equals that of `optimal` on the vertices still in play; `None`
/// otherwise (or when `optimal` uses an edge `keep` does not allow).
fn earliest_if_best(
    g: &Graph,
    s1: &[usize],
    s2: &[usize],
    keep: &Keep,
    removed: &[bool],
    optimal: &[Option<usize>],
) -> Option<Vec<(usize, usize)>> {
    let edge = |v: usize, u: usize| {
        let (a, b) = (v.min(u), v.max(u));
        if removed[a] || removed[b] || !keep(a, b) {
            None
        } else {
            g.edge(a, b)
        }
    };
    // Every pair of `optimal` in play must be an edge `keep` allows.
    let mut best = I512::ZERO;
    for (v, m) in optimal.iter().enumerate() {
        match *m {
            Some(u) if u > v && !removed[v] && !removed[u] => best += edge(v, u)?,
            _ => {}
        }
    }
    let mut taken: Vec<bool> = s2.iter().map(|&u| removed[u]).collect();
    let mut total = I512::ZERO;
    let mut pairs = Vec::with_capacity(s1.len());
    for &v in s1 {
        let first = (0..s2.len()).find_map(|j| {
            if taken[j] {
                None
            } else {
                edge(v, s2[j]).map(|w| (j, w))
            }
        });
        if let Some((j, w)) = first {
            taken[j] = true;
            total += w;
            pairs.push((v, s2[j]));
        }
    }
    (total == best).then_some(pairs)
}
