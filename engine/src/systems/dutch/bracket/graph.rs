//! The bracket's compatibility graph (C.1-C.3): its vertices in BSN order, the players below
//! it that C.7 / C8 or the completion look at, the bye vertex, and the packed quality weight
//! of every allowed pair.
//!
//! The weights are not stored per pair: a pair's fields depend only on the classes of its two
//! players (`Vertices::class_key`: score, MDP, colour preference and the colour criteria
//! C.8-C.9, floats; or score and scoregroup below the bracket) and on who gets White, so they
//! are computed and packed once per pair of classes, and a pair's weight is a table entry
//! (with E.1-E.5 asked only for the class pairs whose weight depends on the colours). A
//! bracket of 4000 players has 8 million pairs but a few hundred pairs of classes.

use super::fields::{bye_fields, lower_fields, score_digits, Fields, PairFields};
use super::knobs::Knobs;
use super::mode::Mode;
use super::pack::{quality_layout, Normaliser, PackW};
use super::reuse::Reuse;
use super::vertices::{ClassKey, Vertices};
use crate::matching::I512;
use crate::pairing::PairingError;
use crate::systems::dutch::weights::Layout;
use crate::systems::dutch::RoundCtx;
use std::collections::HashMap;

/// The bracket graph: vertices 0..nb are the bracket's players in BSN order (MDPs first),
/// then the players below (next scoregroup or all lower players), then maybe the bye vertex.
pub(super) struct Graph<'a> {
    /// The round.
    pub ctx: &'a RoundCtx,
    /// The solver's settings and counters.
    pub knobs: &'a Knobs,
    /// The solver kept between the bracket's matchings.
    pub reuse: Reuse,
    /// Round-player index of each vertex (`usize::MAX` for the bye vertex).
    pub global: Vec<usize>,
    /// The bracket's players are the vertices `0..nb`.
    pub nb: usize,
    /// Bits taken by the packed quality fields (`u32::MAX`: too wide, and no edge).
    pub qbits: u32,
    /// The MDPs are the vertices `0..m` (never paired together).
    m: usize,
    /// The class of each vertex but the bye vertex.
    class: Vec<u32>,
    /// The number of classes.
    k: usize,
    /// The packed weights (`Graph::slot`): of a pair by the classes of its lower and its
    /// higher vertex, and whether the lower one gets White (`2 * (k * c1 + c2) + white`), then
    /// of each vertex's edge to the bye vertex. Empty when the fields are too wide.
    weights: Vec<Option<I512>>,
    /// The class pairs whose weight depends on who gets White.
    by_colour: Vec<bool>,
    /// How the bracket pairs' fields are normalised, and the quality fields' layout (`None`:
    /// too wide).
    normaliser: Normaliser,
    layout: Option<Layout>,
}

/// The pairs of two classes, as the pairs of the bracket show them.
struct ClassPair {
    /// The fields when the higher vertex gets White, when the lower one does.
    fields: [Fields; 2],
    /// A pair of the bracket (else a pair with a player below it).
    bracket: bool,
    /// The fields differ by the colours.
    by_colour: bool,
    /// Which colour variants some pair has.
    seen: [bool; 2],
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

    /// Where the weight of the edge `{a, b}`, `a < b`, stands in `weights`, or `None` when the
    /// pair may not be made.
    #[inline]
    fn slot(&self, a: usize, b: usize) -> Option<usize> {
        debug_assert!(a < b);
        if self.weights.is_empty() {
            return None;
        }
        let (ga, gb) = (self.global[a], self.global[b]);
        if gb == usize::MAX {
            return Some(2 * self.k * self.k + a);
        }
        if b < self.m || !self.ctx.compat.get(ga, gb) {
            return None;
        }
        let e = self.class[a] as usize * self.k + self.class[b] as usize;
        let white = self.by_colour[e] && self.ctx.white_first(ga, gb).0 == ga;
        Some(2 * e + usize::from(white))
    }

    /// The packed quality weight of the edge `{a, b}`, `a < b`, or `None` when the pair may not
    /// be made.
    #[inline]
    pub(super) fn edge(&self, a: usize, b: usize) -> Option<I512> {
        self.weights[self.slot(a, b)?]
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
        let real = vx.nb + vx.nx;
        let mut ids: HashMap<ClassKey, u32> = HashMap::new();
        let class: Vec<u32> = (0..real)
            .map(|v| {
                let next = ids.len() as u32;
                *ids.entry(vx.class_key(v)).or_insert(next)
            })
            .collect();
        let k = ids.len();
        let (slot, pairs) = class_pairs(&vx, &fields, &class, k);
        let bye: Vec<Option<Fields>> = (0..real)
            .map(|a| bye_fields(&vx, bye_played, a).filter(|_| vx.dummy))
            .collect();
        let bracket: Vec<Fields> = pairs
            .iter()
            .filter(|p| p.bracket)
            .flat_map(|p| (0..2).filter(|&x| p.seen[x]).map(|x| p.fields[x]))
            .collect();
        let others: Vec<Fields> = pairs
            .iter()
            .filter(|p| !p.bracket)
            .map(|p| p.fields[0])
            .chain(bye.iter().flatten().copied())
            .collect();
        let (normaliser, layout) = quality_layout(&bracket, &others, (nb, vx.global.len()));

        let mut g = Graph {
            ctx,
            knobs,
            reuse: Reuse::default(),
            global: Vec::new(),
            nb,
            qbits: u32::MAX,
            m: vx.m,
            class,
            k,
            weights: Vec::new(),
            by_colour: vec![false; k * k],
            normaliser,
            layout,
        };
        if let Some(l) = g.layout.clone() {
            g.qbits = l.total_bits;
            g.weights = vec![Some(I512::ZERO); 2 * k * k];
            for (e, &s) in slot.iter().enumerate() {
                let Some(p) = pairs.get(s as usize) else {
                    continue;
                };
                g.by_colour[e] = p.by_colour;
                for x in (0..2).filter(|&x| p.seen[x]) {
                    let mut q = p.fields[x];
                    if p.bracket {
                        g.normaliser.apply(&mut q);
                    }
                    g.weights[2 * e + x] = Some(q.pack(&l));
                    if !p.by_colour {
                        g.weights[2 * e + 1 - x] = g.weights[2 * e + x];
                    }
                }
            }
            g.weights.extend(bye.iter().map(|q| q.map(|q| q.pack(&l))));
        }
        g.global = vx.global;
        Ok(g)
    }
}

/// The edges of a graph with their weights in one integer type, shifted left by the bits of
/// the low-priority fields of a phase.
pub(super) struct TypedEdges<'g, W> {
    g: &'g Graph<'g>,
    weights: Vec<Option<W>>,
}

impl<W: PackW> TypedEdges<'_, W> {
    /// The shifted weight of the edge `{a, b}`, `a < b`, or `None` when there is no such edge.
    #[inline]
    pub(super) fn edge(&self, a: usize, b: usize) -> Option<W> {
        self.weights[self.g.slot(a, b)?]
    }
}

impl Graph<'_> {
    /// The edges' weights in `W`, shifted left by `shift` bits.
    pub(super) fn typed<W: PackW>(&self, shift: u32) -> TypedEdges<'_, W> {
        TypedEdges {
            g: self,
            weights: self
                .weights
                .iter()
                .map(|w| w.map(|w| W::from_i512(w) << shift))
                .collect(),
        }
    }
}

/// The class pairs that some allowed pair of the graph has (`slot[k * c1 + c2]` indexes
/// them, `u32::MAX` where none does), with their fields and the colour variants seen.
fn class_pairs(
    vx: &Vertices,
    fields: &PairFields,
    class: &[u32],
    k: usize,
) -> (Vec<u32>, Vec<ClassPair>) {
    let (nb, m) = (vx.nb, vx.m);
    let real = class.len();
    let mut slot = vec![u32::MAX; k * k];
    let mut pairs: Vec<ClassPair> = Vec::new();
    for a in 0..real {
        for b in (a + 1).max(m)..real {
            if !vx.compat(a, b) {
                continue;
            }
            let e = class[a] as usize * k + class[b] as usize;
            if slot[e] == u32::MAX {
                slot[e] = pairs.len() as u32;
                pairs.push(if b < nb {
                    let f = [fields.of(a, b, false), fields.of(a, b, true)];
                    ClassPair {
                        fields: f,
                        bracket: true,
                        by_colour: f[0] != f[1],
                        seen: [false; 2],
                    }
                } else {
                    let f = lower_fields(vx, fields.digits7.as_ref(), a, b);
                    ClassPair {
                        fields: [f, f],
                        bracket: false,
                        by_colour: false,
                        seen: [false; 2],
                    }
                });
            }
            let p = &mut pairs[slot[e] as usize];
            let x = if p.by_colour {
                let (ga, gb) = (vx.global[a], vx.global[b]);
                usize::from(vx.ctx.white_first(ga, gb).0 == ga)
            } else {
                0
            };
            p.seen[x] = true;
        }
    }
    (slot, pairs)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Every pair's weight from the class table equals its own fields, computed for that pair
    /// (with E.1-E.5 for its colours), normalised and packed as the table's are: the classes
    /// hold everything the criteria read.
    pub(crate) fn weights_match_the_pairs(
        ctx: &RoundCtx,
        mdps: &[usize],
        residents: &[usize],
        mode: Mode,
    ) {
        let knobs = Knobs::default();
        let Ok(g) = Graph::build(ctx, mdps, residents, mode, false, &knobs) else {
            return;
        };
        let vx = Vertices::new(ctx, mdps, residents, mode);
        let (digits6, digits7) = score_digits(&vx).expect("digits");
        let fields = PairFields {
            vx: &vx,
            digits6,
            digits7,
            max_sd: (0..vx.nb).map(|v| vx.fsd(v).0).max().unwrap_or(0) as i64,
            mixed_residents: (vx.m..vx.nb).any(|v| vx.score(v) != vx.score(vx.m)),
        };
        let (Some(layout), normaliser) = (&g.layout, &g.normaliser) else {
            return;
        };
        let n = g.global.len();
        let real = vx.nb + vx.nx;
        for a in 0..n {
            for b in a + 1..n {
                let direct = if b >= real {
                    bye_fields(&vx, false, a).map(|q| q.pack(layout))
                } else if (b < vx.m) || !vx.compat(a, b) {
                    None
                } else if b < vx.nb {
                    let (ga, gb) = (vx.global[a], vx.global[b]);
                    let mut q = fields.of(a, b, ctx.white_first(ga, gb).0 == ga);
                    normaliser.apply(&mut q);
                    Some(q.pack(layout))
                } else {
                    Some(lower_fields(&vx, fields.digits7.as_ref(), a, b).pack(layout))
                };
                assert_eq!(g.edge(a, b), direct, "pair ({a}, {b})");
            }
        }
    }
}
