//! The quality fields packed into one weight per edge: the fields below C.5 that only the
//! bracket's own pairs carry are normalised first (shifted to start at zero and divided by
//! their common factor), so that the weights of a large bracket stay narrow.

use super::fields::*;
use crate::matching::I512;
use crate::systems::dutch::weights::Layout;
use ethnum::I256;

/// An edge with its quality fields packed (see `Graph::qlayout`).
pub(super) struct Packed {
    pub a: usize,
    pub b: usize,
    pub qw: I512,
}

/// The edges packed into their weights: the fields below C.5 that only bracket pairs carry
/// are normalised first (shifted and divided by their common factor), then the quality fields
/// are packed once (the generation-order fields of each phase go below). Returns the edges and
/// the bits the quality fields take (`u32::MAX`: too wide).
pub(super) fn pack_edges(fields: &PairFields, lower: Vec<Edge>) -> (Vec<Packed>, u32) {
    let vx = fields.vx;
    let (nb, nv) = (vx.nb, vx.global.len());
    let bracket_pairs = || vx.bracket_pairs();
    let pair_fields = |a: usize, b: usize| fields.of(a, b);
    // The fields below C.5 that only bracket pairs carry: the number of bracket pairs is the
    // same in every candidate that is best by C.5, so a constant added to every bracket pair
    // changes nothing. Shift them to start at zero and divide out a common factor, or drop
    // them when they are the same for every pair: the weights get much narrower.
    // One pass over the pairs for the minima, maxima and common factors, one for the shift
    // and division and the packing. The small fields in i64, the PSD digits (C.6) in 256
    // bits.
    const SMALL: [usize; 14] = [
        MDPS,
        BYE_UNPLAYED,
        TOP_COLOUR_DIFFERENCE,
        TOP_THIRD_COLOUR,
        PREFERENCE,
        STRONG_PREFERENCE,
        DOWN_AGAIN,
        UP_AGAIN,
        DOWN_TWO_BEFORE,
        UP_TWO_BEFORE,
        DOWN_AGAIN_SCORES,
        UP_AGAIN_SCORES,
        DOWN_TWO_BEFORE_SCORES,
        UP_TWO_BEFORE_SCORES,
    ];
    // First pass over the bracket pairs: each field's least and largest value, and the
    // common factor of its differences (those to the first pair's value have the same gcd
    // as those to the least value).
    let count = bracket_pairs().count();
    // Up to this many pairs, the fields are kept for the second pass.
    const KEEP: usize = 1 << 19;
    let mut kept = Vec::with_capacity(if count <= KEEP { count } else { 0 });
    let mut first: Option<Fields> = None;
    let mut min = [i64::MAX; NQ];
    let mut max = [i64::MIN; NQ];
    let mut factor = [0i64; NQ];
    let (mut min6, mut max6, mut factor6) = (I256::MAX, I256::MIN, I256::ZERO);
    let mut bounds = Fields::ZERO;
    for (a, b) in bracket_pairs() {
        let q = pair_fields(a, b);
        if count <= KEEP {
            kept.push(q);
        }
        let f0 = *first.get_or_insert(q);
        for f in SMALL {
            let v = q.small[f];
            min[f] = min[f].min(v);
            max[f] = max[f].max(v);
            // Once the factor is 1 it stays 1.
            if factor[f] != 1 {
                factor[f] = gcd(factor[f], (v - f0.small[f]).abs());
            }
        }
        for f in [COMPLETION, PAIRS, NEXT_PAIRS] {
            bounds.small[f] = bounds.small[f].max(q.small[f]);
        }
        min6 = min6.min(q.scores);
        max6 = max6.max(q.scores);
        if factor6 != I256::ONE && q.scores != f0.scores {
            factor6 = gcd_with(factor6, (q.scores - f0.scores).abs());
        }
        bounds.next_scores = bounds.next_scores.max(q.next_scores);
    }
    // The shift and division of one pair's fields.
    let normalise = |q: &mut Fields| {
        for f in SMALL {
            let v = &mut q.small[f];
            *v = if factor[f] == 0 {
                0
            } else {
                (*v - min[f]) / factor[f]
            };
        }
        let v = q.scores - min6;
        q.scores = if factor6 == I256::ZERO {
            I256::ZERO
        } else if factor6.count_ones() == 1 {
            v >> factor6.trailing_zeros()
        } else {
            v / factor6
        };
    };
    if first.is_some() {
        let mut top = Fields::ZERO;
        top.small = max;
        top.scores = max6;
        normalise(&mut top);
        for f in SMALL {
            bounds.small[f] = bounds.small[f].max(top.small[f]);
        }
        bounds.scores = bounds.scores.max(top.scores);
    }
    for e in &lower {
        for (bound, v) in bounds.small.iter_mut().zip(&e.q.small) {
            *bound = (*bound).max(*v);
        }
        bounds.scores = bounds.scores.max(e.q.scores);
        bounds.next_scores = bounds.next_scores.max(e.q.next_scores);
    }
    let mut quality_bounds = bounds.all();
    // At most nb/2 bracket pairs; the fields that edges below the bracket carry can be on
    // nv/2 of them.
    for (f, b) in quality_bounds.iter_mut().enumerate() {
        let pairs = if f == COMPLETION || f == NEXT_PAIRS || f == NEXT_SCORES {
            nv / 2
        } else {
            nb / 2
        };
        *b *= i(pairs as i64 + 1);
    }
    // Pack the quality fields once; the generation-order fields of each phase go below.
    // (Second pass over the bracket pairs.)
    let (edges, qbits) = match Layout::new(&quality_bounds) {
        Some(l) => {
            let mut edges = Vec::with_capacity(count + lower.len());
            let mut kept = kept.into_iter();
            for (a, b) in bracket_pairs() {
                let mut q = kept.next().unwrap_or_else(|| pair_fields(a, b));
                normalise(&mut q);
                edges.push(Packed {
                    a,
                    b,
                    qw: q.pack(&l),
                });
            }
            edges.extend(lower.into_iter().map(|e| Packed {
                a: e.a,
                b: e.b,
                qw: e.q.pack(&l),
            }));
            (edges, l.total_bits)
        }
        None => (Vec::new(), u32::MAX),
    };
    (edges, qbits)
}

/// `gcd(g, x)`, without a division in the common case of the digit fields: `g` a power of two
/// that divides `x`.
fn gcd_with(g: I256, x: I256) -> I256 {
    if g.count_ones() == 1 && x.trailing_zeros() >= g.trailing_zeros() {
        g
    } else {
        gcd(g, x)
    }
}

/// Greatest common divisor of two non-negative numbers (`i64` for the small fields, `I256` for
/// the digit fields).
fn gcd<T: Copy + Default + PartialEq + std::ops::Rem<Output = T>>(mut a: T, mut b: T) -> T {
    while b != T::default() {
        (a, b) = (b, a % b);
    }
    a
}
