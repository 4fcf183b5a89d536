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
            Ok(self.solve_in::<i128>(&phase))
        } else if total <= weights::MAX_BITS_256 {
            Ok(self.solve_in::<I256>(&phase))
        } else {
            Ok(self.solve_in::<I512>(&phase))
        }
    }

    fn solve_in<W: PackW>(&self, phase: &Phase) -> Solved {
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
        self.knobs.count_matching();
        let (small, certified, y2) = self.reuse.with(|matcher: &mut Matcher<W>| {
            let small = matcher
                .solve_graph_within(&kept, false, MATRIX_BYTES)
                .to_vec();
            let certified = matcher.certifies_graph(&others)
                || phase.side.is_some_and(|side| {
                    let marks: Vec<bool> = back.iter().map(|&v| side(v)).collect();
                    matcher.certifies_shifted_graph(&kept, &marks, &others)
                });
            let y2 = matcher.duals_are_vertex_only().then(|| {
                let mut y2 = vec![I512::ZERO; n];
                for (i, y) in matcher.vertex_duals2().iter().enumerate() {
                    y2[back[i]] = y.to_i512();
                }
                y2
            });
            (small, certified, y2)
        });
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
        (mate, total.to_i512(), certified, duals)
    }
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
