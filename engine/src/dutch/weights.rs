//! Lexicographic weights: several criteria, each a non-negative field, packed into one wide
//! integer so that a maximum-weight matching optimises them in priority order.
//!
//! A field's width is the number of bits of the largest total it can reach over one matching,
//! so a lower field can never carry into a higher one. Score-difference lists compared
//! lexicographically (the PSD of C.04.3 A.8) become one field of "digits": each distinct value
//! gets a digit whose base exceeds the number of entries.

use crate::matching::I512;
use crate::score::Score;
use ethnum::I256;

/// The same value in 512 bits.
pub fn widen(v: I256) -> I512 {
    // 32 bytes always fit in 64; the slice is sign-extended.
    I512::from_le_slice(&v.to_le_bytes()).unwrap_or(I512::ZERO)
}

/// The widest weight packed into 256 bits (the matching needs three bits of headroom).
pub const MAX_BITS_256: u32 = 250;
/// The widest weight packed into 512 bits.
pub const MAX_BITS: u32 = 506;

/// Number of bits needed to hold `v`.
pub fn bits(v: I256) -> u32 {
    if v <= I256::ZERO {
        0
    } else {
        256 - v.leading_zeros()
    }
}

/// Field widths and offsets, the first field the most significant.
#[derive(Clone, Debug)]
pub struct Layout {
    offsets: Vec<u32>,
    pub total_bits: u32,
}

impl Layout {
    /// A layout for fields whose totals never exceed `bounds` (in priority order).
    /// `None` when the fields do not fit in `MAX_BITS`.
    pub fn new(bounds: &[I256]) -> Option<Layout> {
        let mut offsets = vec![0; bounds.len()];
        let mut off = 0u32;
        for (i, b) in bounds.iter().enumerate().rev() {
            offsets[i] = off;
            off += bits(*b);
        }
        if off > MAX_BITS {
            return None;
        }
        Some(Layout {
            offsets,
            total_bits: off,
        })
    }

    /// Bit offset of each field.
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// True when the packed weights fit a 256-bit integer.
    pub fn fits_256(&self) -> bool {
        self.total_bits <= MAX_BITS_256
    }

    /// Packs one edge's field values into 512 bits.
    pub fn pack_512(&self, values: &[I256]) -> I512 {
        let mut w = I512::ZERO;
        for (v, off) in values.iter().zip(&self.offsets) {
            if *v != I256::ZERO {
                w += widen(*v) << *off;
            }
        }
        w
    }

    /// Packs one edge's field values (the layout must fit 256 bits).
    pub fn pack(&self, values: &[I256]) -> I256 {
        let mut w = I256::ZERO;
        for (v, off) in values.iter().zip(&self.offsets) {
            if *v != I256::ZERO {
                w += *v << *off;
            }
        }
        w
    }
}

/// Digit weights for lexicographic minimisation of a sorted list of score differences (A.8).
#[derive(Clone, Debug)]
pub struct Digits {
    values: Vec<Score>,
    base_bits: u32,
}

impl Digits {
    /// Digits for the given possible values; at most `max_entries` entries in one list.
    /// `None` when a list's total would not fit the 256-bit field (very many distinct values:
    /// odd point systems give many distinct score differences).
    pub fn new(mut values: Vec<Score>, max_entries: usize) -> Option<Digits> {
        values.sort_unstable();
        values.dedup();
        let base_bits = bits(I256::from(max_entries as u64 + 1));
        let width = (values.len().max(1) as u64) * u64::from(base_bits) + u64::from(base_bits);
        (width <= u64::from(MAX_BITS_256)).then_some(Digits { values, base_bits })
    }

    /// The weight of one entry with value `v` (which must be one of the possible values).
    pub fn weight(&self, v: Score) -> I256 {
        let rank = self.values.partition_point(|x| *x < v) as u32;
        I256::ONE << (rank * self.base_bits)
    }

    /// An upper bound of a field built from at most `entries` entries.
    pub fn bound(&self, entries: usize) -> I256 {
        let top = self.values.len().max(1) as u32;
        (I256::ONE << (top * self.base_bits)) * I256::from(entries as u64 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_do_not_overlap() {
        let l = Layout::new(&[I256::from(3u32), I256::from(5u32), I256::from(1u32)]).unwrap();
        assert_eq!(l.total_bits, 2 + 3 + 1);
        let a = l.pack(&[I256::from(1u32), I256::ZERO, I256::ZERO]);
        let b = l.pack(&[I256::ZERO, I256::from(5u32), I256::from(1u32)]);
        assert!(a > b);
    }

    #[test]
    fn widening_keeps_values() {
        assert_eq!(widen(I256::from(-5i32)), I512::from(-5i64));
        assert_eq!(widen(I256::ONE << 200u32), I512::ONE << 200u32);
    }

    #[test]
    fn too_many_digits_are_refused() {
        let many: Vec<Score> = (0..100).map(Score).collect();
        assert!(Digits::new(many.clone(), 10).is_none());
        assert!(Digits::new(many[..40].to_vec(), 10).is_some());
    }

    #[test]
    fn digits_order_lexicographically() {
        let d = Digits::new(vec![Score(0), Score(5), Score(10), Score(15)], 10).unwrap();
        // One entry of 1.5 outweighs ten entries of 1.0.
        assert!(d.weight(Score(15)) > d.weight(Score(10)) * I256::from(10u32));
    }
}
