//! The quality fields packed into one weight: the fields below C.5 that only the bracket's
//! own pairs carry are normalised first (shifted to start at zero and divided by their common
//! factor), so that the weights of a large bracket stay narrow; then each field gets its bits.

use super::fields::*;
use crate::matching::{Weight, I512};
use crate::systems::dutch::weights::{widen, Layout};
use bnum::cast::As;
use ethnum::I256;

/// The fields below C.5 that only bracket pairs carry: the number of bracket pairs is the same
/// in every candidate that is best by C.5, so a constant added to every bracket pair changes
/// nothing. They are shifted to start at zero and divided by their common factor, or dropped
/// when they are the same for every pair: the weights get much narrower.
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

/// The shift and division of the bracket pairs' fields (the small fields in `i64`, the PSD
/// digits of C.6 in 256 bits).
pub(super) struct Normaliser {
    min: [i64; NQ],
    factor: [i64; NQ],
    min6: I256,
    factor6: I256,
}

impl Normaliser {
    /// Normalises one bracket pair's fields.
    pub(super) fn apply(&self, q: &mut Fields) {
        for f in SMALL {
            let v = &mut q.small[f];
            *v = if self.factor[f] == 0 {
                0
            } else {
                (*v - self.min[f]) / self.factor[f]
            };
        }
        let v = q.scores - self.min6;
        q.scores = if self.factor6 == I256::ZERO {
            I256::ZERO
        } else if self.factor6.count_ones() == 1 {
            v >> self.factor6.trailing_zeros()
        } else {
            v / self.factor6
        };
    }
}

/// The normalisation of the bracket pairs' fields (`bracket`: every value a bracket pair
/// has, each at least once) and the layout of the quality fields, `others` the fields of the
/// edges below the bracket and of the bye's. `None` for the layout when the fields do not fit
/// (the solves report it).
pub(super) fn quality_layout(
    bracket: &[Fields],
    others: &[Fields],
    (nb, nv): (usize, usize),
) -> (Normaliser, Option<Layout>) {
    // Each field's least and largest value, and the common factor of its differences (those
    // to the first pair's value have the same gcd as those to the least value).
    let mut min = [i64::MAX; NQ];
    let mut max = [i64::MIN; NQ];
    let mut factor = [0i64; NQ];
    let (mut min6, mut max6, mut factor6) = (I256::MAX, I256::MIN, I256::ZERO);
    let mut bounds = Fields::ZERO;
    let first = bracket.first().copied();
    for q in bracket {
        let f0 = first.unwrap_or(Fields::ZERO);
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
    let normaliser = Normaliser {
        min,
        factor,
        min6,
        factor6,
    };
    if first.is_some() {
        let mut top = Fields::ZERO;
        top.small = max;
        top.scores = max6;
        normaliser.apply(&mut top);
        for f in SMALL {
            bounds.small[f] = bounds.small[f].max(top.small[f]);
        }
        bounds.scores = bounds.scores.max(top.scores);
    }
    for q in others {
        for (bound, v) in bounds.small.iter_mut().zip(&q.small) {
            *bound = (*bound).max(*v);
        }
        bounds.scores = bounds.scores.max(q.scores);
        bounds.next_scores = bounds.next_scores.max(q.next_scores);
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
    (normaliser, Layout::new(&quality_bounds))
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

/// The integer types a bracket's weights are packed into, narrowest first.
pub(super) trait PackW: Weight + std::ops::Shl<u32, Output = Self> + 'static {
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
