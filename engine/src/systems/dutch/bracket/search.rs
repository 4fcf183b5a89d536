//! The maximum-weight matchings of a bracket graph: the packed quality fields above the
//! low-priority fields of one phase (the generation order), on the edges the phase keeps and
//! the vertices still in play, in the narrowest integer type that holds the weights.

use super::graph::Graph;
use super::pack::Packed;
use crate::matching::{Matcher, Weight, I512};
use crate::pairing::PairingError;
use crate::systems::dutch::weights::{self, widen, Layout};
use bnum::cast::As;
use ethnum::I256;

/// Appends an edge's generation-order field values (the low-priority fields of one matching).
pub(super) type Gen<'a> = dyn Fn(&Packed, &mut Vec<I256>) + 'a;

/// The integer types a bracket's weights are packed into, narrowest first.
pub(super) trait PackW: Weight + std::ops::Shl<u32, Output = Self> {
    fn from_i512(v: I512) -> Self;
    fn from_i256(v: I256) -> Self;
    fn to_i512(self) -> I512;
}

impl PackW for i128 {
    fn from_i512(v: I512) -> Self {
        v.as_::<i128>()
    }
    fn from_i256(v: I256) -> Self {
        v.as_i128()
    }
    fn to_i512(self) -> I512 {
        I512::from(self)
    }
}

impl PackW for I256 {
    fn from_i512(v: I512) -> Self {
        I256::from_words((v >> 128u32).as_::<i128>(), v.as_::<u128>() as i128)
    }
    fn from_i256(v: I256) -> Self {
        v
    }
    fn to_i512(self) -> I512 {
        widen(self)
    }
}

impl PackW for I512 {
    fn from_i512(v: I512) -> Self {
        v
    }
    fn from_i256(v: I256) -> Self {
        widen(v)
    }
    fn to_i512(self) -> I512 {
        self
    }
}

impl Graph<'_> {
    /// Solves with extra low-priority fields `gen` (values per edge, bounds), on the edges kept
    /// by `keep` and not touching a `removed` vertex. Returns the mates and the total weight.
    pub(super) fn solve(
        &self,
        gen_bounds: &[I256],
        gen: &Gen,
        keep: &dyn Fn(&Packed) -> bool,
        removed: &[bool],
    ) -> Result<(Vec<Option<usize>>, I512), PairingError> {
        self.solve_certified(gen_bounds, gen, keep, &|_| false, None, removed)
            .map(|(m, w, _)| (m, w))
    }

    /// The total weight of `mate` under the quality fields and the low-priority fields `gen`
    /// (as `solve` weighs it), over the edges not touching a `removed` vertex.
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
        for e in &self.edges {
            if removed[e.a] || removed[e.b] || mate[e.a] != Some(e.b) {
                continue;
            }
            fields.clear();
            gen(e, &mut fields);
            total += (e.qw << glayout.total_bits) + glayout.pack_512(&fields);
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
        keep: &dyn Fn(&Packed) -> bool,
        extra: &dyn Fn(&Packed) -> bool,
        side: Option<&dyn Fn(usize) -> bool>,
        removed: &[bool],
    ) -> Result<(Vec<Option<usize>>, I512, bool), PairingError> {
        let glayout = Layout::new(gen_bounds);
        let too_wide = || {
            PairingError::TooLarge(format!(
                "a bracket of {} players needs weights wider than the engine supports",
                self.nb
            ))
        };
        let glayout = glayout.ok_or_else(too_wide)?;
        let gbits = glayout.total_bits;
        let total = self.qbits.saturating_add(gbits);
        if total > weights::MAX_BITS {
            return Err(too_wide());
        }
        if total <= 124 {
            Ok(self.solve_in::<i128>(&glayout, gen, keep, extra, side, removed))
        } else if total <= weights::MAX_BITS_256 {
            Ok(self.solve_in::<I256>(&glayout, gen, keep, extra, side, removed))
        } else {
            Ok(self.solve_in::<I512>(&glayout, gen, keep, extra, side, removed))
        }
    }

    fn solve_in<W: PackW>(
        &self,
        glayout: &Layout,
        gen: &Gen,
        keep: &dyn Fn(&Packed) -> bool,
        extra: &dyn Fn(&Packed) -> bool,
        side: Option<&dyn Fn(usize) -> bool>,
        removed: &[bool],
    ) -> (Vec<Option<usize>>, I512, bool) {
        let gbits = glayout.total_bits;
        // Removed vertices (fixed pairs) are left out and the others renumbered, so that the
        // matchings get smaller as the pairs are decided.
        let n = self.global.len();
        let mut local = vec![usize::MAX; n];
        let mut back = Vec::with_capacity(n);
        for v in 0..n {
            if !removed[v] {
                local[v] = back.len();
                back.push(v);
            }
        }
        let mut edges: Vec<(usize, usize, W)> = Vec::with_capacity(self.edges.len());
        let mut others: Vec<(usize, usize, W)> = Vec::new();
        let mut fields = Vec::new();
        for e in &self.edges {
            if removed[e.a] || removed[e.b] {
                continue;
            }
            let kept = keep(e);
            if !kept && !extra(e) {
                continue;
            }
            let mut w = W::from_i512(e.qw) << gbits;
            fields.clear();
            gen(e, &mut fields);
            for (v, off) in fields.iter().zip(glayout.offsets()) {
                if *v != I256::ZERO {
                    w += W::from_i256(*v) << *off;
                }
            }
            if w > W::ZERO {
                let list = if kept { &mut edges } else { &mut others };
                list.push((local[e.a], local[e.b], w));
            }
        }
        self.knobs.count_matching();
        let mut matcher = Matcher::new();
        let small = matcher.solve(back.len(), &edges, false).to_vec();
        let certified = matcher.certifies(&others)
            || side.is_some_and(|side| {
                let marks: Vec<bool> = back.iter().map(|&v| side(v)).collect();
                matcher.certifies_shifted(&marks, &others)
            });
        let mut mate = vec![None; n];
        for (i, m) in small.iter().enumerate() {
            mate[back[i]] = m.map(|j| back[j]);
        }
        let total = matched_total(&edges, &small).to_i512();
        (mate, total, certified)
    }
}

/// The total weight of the matched edges.
fn matched_total<W: Weight>(edges: &[(usize, usize, W)], mate: &[Option<usize>]) -> W {
    edges
        .iter()
        .filter(|(a, b, _)| mate[*a] == Some(*b))
        .fold(W::ZERO, |s, e| s + e.2)
}
