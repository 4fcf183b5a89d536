//! The maximum-weight matchings of a bracket graph: the packed quality fields above the
//! low-priority fields of one phase (the generation order), on the edges the phase keeps and
//! the vertices still in play, in the narrowest integer type that holds the weights. The
//! matcher reads the weights row by row from the graph's class table (`graph`), so a matching
//! stores nothing per pair.

use super::graph::{Graph, TypedEdges};
use super::pack::PackW;
use crate::matching::{EdgeWeights, Matcher, I512};
use crate::pairing::PairingError;
use crate::systems::dutch::weights::{self, Layout};
use ethnum::I256;
use std::cell::RefCell;

/// The largest matrix of weights a matching stores (`Matcher::solve_graph_within`): the
/// weights of a bracket are computed from its class table as they are read, so a matching
/// reads each of them once into a matrix when the matrix fits (a bracket of 4500 players in
/// 128-bit weights), and reads them row by row as it goes otherwise.
pub(super) const MATRIX_BYTES: usize = 320 << 20;

/// The optimal dual solution of a matching of a phase, when it has no blossom with a positive
/// dual (always so for a bipartite graph): the doubled vertex duals (`2 u_v`) of the graph's
/// vertices (zero for those out of play), for weights that carry the quality fields `shift`
/// bits above the phase's own fields.
pub(super) struct Duals {
    pub y2: Vec<I512>,
    pub shift: u32,
}

/// A phase's matching: the mates, the total weight, whether the certificate held (see
/// `Graph::solve_certified`) and the optimal duals (see [`Duals`]).
pub(super) type Solved = (Vec<Option<usize>>, I512, bool, Option<Duals>);

/// Whether a phase keeps the edge `(a, b)`, `a < b`.
pub(super) type Keep<'a> = dyn Fn(usize, usize) -> bool + 'a;

/// The edges a phase keeps, those its certificate covers besides, and the side of a bipartite
/// graph each vertex is on (see `Graph::solve_certified`).
pub(super) type Choice<'a> = (
    &'a Keep<'a>,
    &'a Keep<'a>,
    Option<&'a dyn Fn(usize) -> bool>,
);

/// Appends the generation-order field values of the edge `(a, b)`, `a < b` (the low-priority
/// fields of one matching).
pub(super) type Gen<'a> = dyn Fn(usize, usize, &mut Vec<I256>) + 'a;

/// The graph one matching of a phase reads: the vertices still in play (renumbered), the
/// edges `keep` selects, each weighing its quality fields above the phase's fields.
struct PhaseGraph<'p, W> {
    edges: &'p TypedEdges<'p, W>,
    /// The graph vertex of each local vertex.
    back: &'p [usize],
    keep: &'p Keep<'p>,
    gen: &'p Gen<'p>,
    glayout: &'p Layout,
    fields: RefCell<Vec<I256>>,
}

impl<'p, W: PackW> PhaseGraph<'p, W> {
    fn new(
        edges: &'p TypedEdges<'p, W>,
        back: &'p [usize],
        keep: &'p Keep<'p>,
        phase: &'p Phase<'p>,
    ) -> Self {
        PhaseGraph {
            edges,
            back,
            keep,
            gen: phase.gen,
            glayout: phase.glayout,
            fields: RefCell::new(Vec::new()),
        }
    }

    /// The weight of the edge between the graph vertices `a < b`, if it is in this graph.
    #[inline]
    fn weight(&self, a: usize, b: usize) -> Option<W> {
        // The phase's choice of edges first: it costs less than the weight's look-up.
        if !(self.keep)(a, b) {
            return None;
        }
        let q = self.edges.edge(a, b)?;
        let mut w = q;
        let mut fields = self.fields.borrow_mut();
        fields.clear();
        (self.gen)(a, b, &mut fields);
        for (v, off) in fields.iter().zip(self.glayout.offsets()) {
            if *v != I256::ZERO {
                w += W::from_i256(*v) << *off;
            }
        }
        (w > W::ZERO).then_some(w)
    }
}

impl<W: PackW> EdgeWeights<W> for PhaseGraph<'_, W> {
    fn vertices(&self) -> usize {
        self.back.len()
    }

    fn weight2(&self, u: usize, v: usize) -> W {
        if u == v {
            return W::MIN;
        }
        let (a, b) = (self.back[u], self.back[v]);
        self.weight(a.min(b), a.max(b))
            .map_or(W::MIN, |w| w.double())
    }
}

impl Graph<'_> {
    /// Solves with extra low-priority fields `gen` (values per edge, bounds), on the edges kept
    /// by `keep` and not touching a `removed` vertex. Returns the mates and the total weight.
    pub(super) fn solve(
        &self,
        gen_bounds: &[I256],
        gen: &Gen,
        keep: &Keep,
        removed: &[bool],
    ) -> Result<(Vec<Option<usize>>, I512), PairingError> {
        self.solve_certified(gen_bounds, gen, keep, &|_, _| false, None, removed)
            .map(|(m, w, _, _)| (m, w))
    }

    /// The total weight of `mate` under the quality fields and the low-priority fields `gen`
    /// (as `solve` weighs it), over the pairs not touching a `removed` vertex.
    pub(super) fn total(
        &self,
        mate: &[Option<usize>],
        gen_bounds: &[I256],
        gen: &Gen,
        removed: &[bool],
    ) -> I512 {
        let Some(glayout) = Layout::new(gen_bounds) else {
            return I512::ZERO;
        };
        let mut fields = Vec::new();
        let mut total = I512::ZERO;
        for (a, m) in mate.iter().enumerate() {
            let Some(b) = *m else { continue };
            if b <= a || removed[a] || removed[b] {
                continue;
            }
            if let Some(qw) = self.edge(a, b) {
                fields.clear();
                gen(a, b, &mut fields);
                total += (qw << glayout.total_bits) + glayout.pack_512(&fields);
            }
        }
        total
    }

    /// `solve`, also telling whether the matching found is optimal as well on the graph that
    /// adds the edges `extra` selects (among those `keep` leaves out): see
    /// `Matcher::certifies`, and `Matcher::certifies_shifted` when `side` marks one side of a
    /// bipartite graph. A smaller graph is usually much faster to solve.
    pub(super) fn solve_certified(
        &self,
        gen_bounds: &[I256],
        gen: &Gen,
        keep: &Keep,
        extra: &Keep,
        side: Option<&dyn Fn(usize) -> bool>,
        removed: &[bool],
    ) -> Result<Solved, PairingError> {
        self.phase_in(gen_bounds, gen, (keep, extra, side), removed, None)
            .map(|s| s.expect("a solve always gives a matching"))
    }

    /// `solve_certified` without a matching when `warm`, a matching of another phase on these
    /// vertices with its optimal duals, is optimal for this one as well: its duals, rescaled
    /// from that phase's low fields to this one's (`warm_duals`), are checked by LP duality
    /// over every edge this phase keeps (`Matcher::adopt`), and the certificate of the edges
    /// `extra` selects is then asked as after a solve. `None` when the check fails (then the
    /// phase needs its own matching).
    pub(super) fn adopt_certified(
        &self,
        gen_bounds: &[I256],
        gen: &Gen,
        (keep, extra, side): Choice,
        removed: &[bool],
        warm: (&[Option<usize>], &Duals),
    ) -> Result<Option<Solved>, PairingError> {
        self.phase_in(gen_bounds, gen, (keep, extra, side), removed, Some(warm))
    }

    fn phase_in(
        &self,
        gen_bounds: &[I256],
        gen: &Gen,
        (keep, extra, side): Choice,
        removed: &[bool],
        warm: Option<(&[Option<usize>], &Duals)>,
    ) -> Result<Option<Solved>, PairingError> {
        let glayout = Layout::new(gen_bounds);
        let too_wide = || {
            PairingError::TooLarge(format!(
                "a bracket of {} players needs weights wider than the engine supports",
                self.nb
            ))
        };
        let glayout = glayout.ok_or_else(too_wide)?;
        let total = self.qbits.saturating_add(glayout.total_bits);
        if total > weights::MAX_BITS {
            return Err(too_wide());
        }
        let phase = Phase {
            glayout: &glayout,
            gen,
            keep,
            extra,
            side,
            removed,
        };
        if total <= 124 {
            Ok(self.solve_in::<i128>(&phase, warm))
        } else if total <= weights::MAX_BITS_256 {
            Ok(self.solve_in::<I256>(&phase, warm))
        } else {
            Ok(self.solve_in::<I512>(&phase, warm))
        }
    }

    fn solve_in<W: PackW>(
        &self,
        phase: &Phase,
        warm: Option<(&[Option<usize>], &Duals)>,
    ) -> Option<Solved> {
        let removed = phase.removed;
        // Removed vertices (fixed pairs) are left out and the others renumbered, so that the
        // matchings get smaller as the pairs are decided.
        let n = self.global.len();
        let back: Vec<usize> = (0..n).filter(|&v| !removed[v]).collect();
        let edges = self.typed::<W>(phase.glayout.total_bits);
        let kept = PhaseGraph::new(&edges, &back, phase.keep, phase);
        let (keep, extra) = (phase.keep, phase.extra);
        let others_keep = |a: usize, b: usize| !keep(a, b) && extra(a, b);
        let others = PhaseGraph::new(&edges, &back, &others_keep, phase);
        let marks: Option<Vec<bool>> = phase
            .side
            .map(|side| back.iter().map(|&v| side(v)).collect());
        let warm = match warm {
            Some((mate, duals)) => {
                let local = local_index(n, &back);
                let mate: Vec<Option<usize>> = back
                    .iter()
                    .map(|&v| mate[v].filter(|&u| !removed[u]).map(|u| local[u]))
                    .collect();
                let y2 = warm_duals::<W>(
                    &kept,
                    &back,
                    &mate,
                    duals,
                    marks.as_deref(),
                    phase.glayout.total_bits,
                );
                Some((mate, y2))
            }
            None => {
                self.knobs.count_matching();
                None
            }
        };
        let (small, certified, y2) = self.reuse.with(|matcher: &mut Matcher<W>| {
            let small = match &warm {
                Some((mate, y2)) => {
                    if !matcher.adopt(&kept, mate, y2) {
                        return None;
                    }
                    mate.clone()
                }
                None => matcher
                    .solve_graph_within(&kept, false, MATRIX_BYTES)
                    .to_vec(),
            };
            let certified = matcher.certifies_graph(&others)
                || marks
                    .as_ref()
                    .is_some_and(|marks| matcher.certifies_shifted_graph(&kept, marks, &others));
            let y2 = matcher.duals_are_vertex_only().then(|| {
                let mut y2 = vec![I512::ZERO; n];
                for (i, y) in matcher.vertex_duals2().iter().enumerate() {
                    y2[back[i]] = y.to_i512();
                }
                y2
            });
            Some((small, certified, y2))
        })?;
        if warm.is_some() {
            self.knobs.count_warm_start();
        }
        let mut mate = vec![None; n];
        let mut total = W::ZERO;
        for (i, m) in small.iter().enumerate() {
            mate[back[i]] = m.map(|j| back[j]);
            if let Some(j) = *m {
                if j > i {
                    total += kept.weight2(i, j).halve();
                }
            }
        }
        let duals = y2.map(|y2| Duals {
            y2,
            shift: phase.glayout.total_bits,
        });
        Some((mate, total.to_i512(), certified, duals))
    }
}

/// The local index of each graph vertex among `back` (`usize::MAX` when out of play).
fn local_index(n: usize, back: &[usize]) -> Vec<usize> {
    let mut local = vec![usize::MAX; n];
    for (i, &v) in back.iter().enumerate() {
        local[v] = i;
    }
    local
}

/// Candidate duals of a phase (doubled, local vertices) from the optimal duals of another
/// phase whose weights carry the same quality fields `duals.shift` bits up, where this phase
/// carries them `shift` bits up: each dual rescaled (rounded down on the side `marks` marks and
/// up on the other, so that an edge across keeps a non-negative slack and a matched edge
/// across, tight before, stays tight by its quality), then each matched pair's remaining
/// weight (this phase's low fields on it) split between its two ends, and zero for a vertex
/// left unmatched. Only a candidate: `Matcher::adopt` checks it.
fn warm_duals<W: PackW>(
    kept: &PhaseGraph<'_, W>,
    back: &[usize],
    mate: &[Option<usize>],
    duals: &Duals,
    marks: Option<&[bool]>,
    shift: u32,
) -> Vec<W> {
    let scaled: Vec<I512> = back
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let y = duals.y2[v];
            if shift >= duals.shift {
                y << (shift - duals.shift)
            } else {
                let t = duals.shift - shift;
                let down = marks.is_none_or(|m| m[i]);
                if down {
                    y >> t
                } else {
                    (y + (I512::ONE << t) - I512::ONE) >> t
                }
            }
        })
        .collect();
    let mut y: Vec<W> = vec![W::ZERO; back.len()];
    for (i, m) in mate.iter().enumerate() {
        let Some(j) = *m else { continue };
        let w2 = kept.weight2(i, j);
        if w2 < W::ZERO || scaled[i] < I512::ZERO || scaled[j] < I512::ZERO {
            continue;
        }
        let rest = w2.to_i512() - scaled[i] - scaled[j];
        // The lower-numbered end takes the odd unit.
        let half = rest >> 1u32;
        let mine = if i < j { rest - half } else { half };
        y[i] = W::from_i512(scaled[i] + mine);
    }
    y
}

/// What one matching of a phase is asked: its low-priority fields, the edges it keeps, the
/// edges its certificate covers, the sides of a bipartite graph, the vertices out of play.
struct Phase<'p> {
    glayout: &'p Layout,
    gen: &'p Gen<'p>,
    keep: &'p Keep<'p>,
    extra: &'p Keep<'p>,
    side: Option<&'p dyn Fn(usize) -> bool>,
    removed: &'p [bool],
}
