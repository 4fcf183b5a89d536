//! The bracket's compatibility graph (C.1-C.3): its vertices in BSN order, the players below
//! it that C.7 / C8 or the completion look at, the bye vertex, and every allowed pair with its
//! quality fields packed into one weight (`pack`).

use super::fields::{lower_edges, score_digits, PairFields};
use super::knobs::Knobs;
use super::mode::Mode;
use super::pack::{pack_edges, Packed};
use super::vertices::Vertices;
use crate::pairing::PairingError;
use crate::systems::dutch::RoundCtx;

/// The bracket graph: vertices 0..nb are the bracket's players in BSN order (MDPs first),
/// then the players below (next scoregroup or all lower players), then maybe the bye vertex.
pub(super) struct Graph<'a> {
    /// The round.
    pub ctx: &'a RoundCtx,
    /// The solver's settings and counters.
    pub knobs: &'a Knobs,
    /// Round-player index of each vertex (`usize::MAX` for the bye vertex).
    pub global: Vec<usize>,
    /// The bracket's players are the vertices `0..nb`.
    pub nb: usize,
    pub edges: Vec<Packed>,
    /// Bits taken by the packed quality fields.
    pub qbits: u32,
}

/// The pairs decided so far: their vertices are out of every further matching.
pub(super) struct Decided {
    /// Vertices already paired (or otherwise out of play).
    pub removed: Vec<bool>,
    /// The pairs fixed, `(lower vertex, higher vertex)`.
    pub fixed: Vec<(usize, usize)>,
}

impl Decided {
    /// Nothing decided yet, in a graph of `n` vertices.
    pub(super) fn new(n: usize) -> Decided {
        Decided {
            removed: vec![false; n],
            fixed: Vec::new(),
        }
    }

    /// Fixes the pair `{v, u}`.
    pub(super) fn pair(&mut self, v: usize, u: usize) {
        self.removed[v] = true;
        self.removed[u] = true;
        self.fixed.push((v.min(u), v.max(u)));
    }
}

impl<'a> Graph<'a> {
    /// The bye vertex, when the graph has one.
    pub(super) fn bye_vertex(&self) -> Option<usize> {
        let last = self.global.len().checked_sub(1)?;
        (self.global[last] == usize::MAX).then_some(last)
    }

    /// Whether the graph has no vertex beyond the bracket but maybe the bye vertex (then D.1
    /// can be decided on the tight subgraph, `tight_earliest`).
    pub(super) fn bye_only_beyond(&self) -> bool {
        let n = self.global.len();
        n == self.nb || (n == self.nb + 1 && self.bye_vertex().is_some())
    }

    /// `bye_played`: the bye edges carry 2026 C9 (the bracket downfloats exactly one player,
    /// who takes the bye).
    pub(super) fn build(
        ctx: &'a RoundCtx,
        mdps: &[usize],
        residents: &[usize],
        mode: Mode,
        bye_played: bool,
        knobs: &'a Knobs,
    ) -> Result<Graph<'a>, PairingError> {
        let vx = Vertices::new(ctx, mdps, residents, mode);
        let nb = vx.nb;
        let (digits6, digits7) = score_digits(&vx)?;
        let fields = PairFields {
            vx: &vx,
            digits6,
            digits7,
            max_sd: (0..nb).map(|v| vx.fsd(v).0).max().unwrap_or(0) as i64,
            // B.1.c, B.2: every candidate pairs M1 MDPs, the most that a pairing with MaxPairs
            // pairs and the best PSD (C.6) pairs. When the residents share a score, pairings
            // with the same PSD pair the same number k of MDPs: the PSD's zero entries are
            // exactly the MaxPairs - k resident pairs (an MDP's SD is never zero). In a
            // collapsed last bracket, whose residents have different scores, equal PSDs can
            // come with different k, and only those with M1 are candidates: a field right
            // below C.6 keeps them.
            mixed_residents: (vx.m..nb).any(|v| vx.score(v) != vx.score(vx.m)),
        };
        let lower = lower_edges(&vx, fields.digits7.as_ref(), bye_played);
        let (edges, qbits) = pack_edges(&fields, lower);
        Ok(Graph {
            ctx,
            knobs,
            global: vx.global,
            nb,
            edges,
            qbits,
        })
    }
}
