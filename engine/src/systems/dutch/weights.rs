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

    /// Packs one edge's field values into 512 bits.
    pub fn pack_512(&self, values: &[I256]) -> I512 {
        if self.total_bits < 255 {
            // Narrow enough to pack in 256-bit arithmetic, which is much cheaper.
            return widen(self.pack(values));
        }
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
///
/// Each possible value gets a digit, the larger values the more significant ones, and each
/// digit is as wide as the number of entries of that value one list can hold: a value that
/// occurs at most `c` times in any list gets the `bits(c)` that hold a digit 0..=c. A list's
/// weight is then the sum of its entries' weights, and no digit carries into the next, so
/// comparing weights compares the lists from their largest entries down. Sizing each digit by its own count,
/// not by the list length, keeps the field narrow under odd point systems, where most score
/// differences occur only once or twice in a bracket.
#[derive(Clone, Debug)]
pub struct Digits {
    values: Vec<Score>,
    offsets: Vec<u32>,
}

impl Digits {
    /// Digits for the possible values given with the number of times each can occur in one
    /// list (a value may come several times; the counts add up), and at most `max_entries`
    /// entries in one list. `None` when a list's total would not fit the 256-bit field (very
    /// many distinct values: odd point systems give many distinct score differences).
    pub fn new(mut values: Vec<(Score, usize)>, max_entries: usize) -> Option<Digits> {
        values.sort_unstable_by_key(|&(v, _)| v);
        let mut merged: Vec<(Score, usize)> = Vec::new();
        for (v, c) in values {
            match merged.last_mut() {
                Some((last, n)) if *last == v => *n += c,
                _ => merged.push((v, c)),
            }
        }
        let mut offsets = Vec::with_capacity(merged.len());
        let mut off = 0u32;
        for &(_, c) in &merged {
            offsets.push(off);
            off += bits(I256::from(c.clamp(1, max_entries.max(1)) as u64));
        }
        // The top digit's offset plus room for a sum of `max_entries` edges of the field.
        let width = off + bits(I256::from(max_entries as u64 + 1));
        (width <= MAX_BITS_256).then_some(Digits {
            values: merged.into_iter().map(|(v, _)| v).collect(),
            offsets,
        })
    }

    /// The weight of one entry with value `v` (which must be one of the possible values).
    pub fn weight(&self, v: Score) -> I256 {
        let rank = self.values.partition_point(|x| *x < v);
        I256::ONE << self.offsets.get(rank).copied().unwrap_or(0)
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
        let many: Vec<(Score, usize)> = (0..300).map(|v| (Score(v), 1)).collect();
        assert!(Digits::new(many.clone(), 10).is_none());
        assert!(Digits::new(many[..200].to_vec(), 10).is_some());
        // Counts widen the digits: 60 values occurring up to 10 times need 4 bits each.
        let counted: Vec<(Score, usize)> = (0..60).map(|v| (Score(v), 10)).collect();
        assert!(Digits::new(counted.clone(), 10).is_some());
        let counted: Vec<(Score, usize)> = (0..70).map(|v| (Score(v), 10)).collect();
        assert!(Digits::new(counted, 10).is_none());
    }

    #[test]
    fn a_bracket_of_21_players_always_fits() {
        // The worst case for C.6: every player's downfloat SD and every pair's SD distinct
        // (21 + 210 values occurring once each). A digit of a value occurring c times takes
        // bits(c) <= c bits, so any other bracket of 21 players needs fewer bits.
        let n = 21;
        let distinct: Vec<(Score, usize)> = (0..n + n * (n - 1) / 2)
            .map(|v| (Score(v as i32), 1))
            .collect();
        assert!(Digits::new(distinct, n).is_some());
        let n = 22;
        let distinct: Vec<(Score, usize)> = (0..n + n * (n - 1) / 2)
            .map(|v| (Score(v as i32), 1))
            .collect();
        assert!(Digits::new(distinct, n).is_none());
    }

    #[test]
    fn digits_order_lexicographically() {
        let d = Digits::new(
            vec![
                (Score(0), 10),
                (Score(5), 10),
                (Score(10), 10),
                (Score(15), 10),
            ],
            10,
        )
        .unwrap();
        // One entry of 1.5 outweighs ten entries of 1.0.
        assert!(d.weight(Score(15)) > d.weight(Score(10)) * I256::from(10u32));
    }

    #[test]
    fn digits_are_sized_by_their_own_counts() {
        // 1.0 occurs at most once, 0.5 up to three times (counts given in two parts).
        let d = Digits::new(
            vec![(Score(5), 2), (Score(10), 1), (Score(0), 4), (Score(5), 1)],
            8,
        )
        .unwrap();
        assert_eq!(d.weight(Score(0)), I256::ONE);
        assert_eq!(d.weight(Score(5)), I256::ONE << 3u32);
        assert_eq!(d.weight(Score(10)), I256::ONE << 5u32);
        // Three entries of 0.5 and four of 0.0 stay below one entry of 1.0.
        assert!(d.weight(Score(10)) > d.weight(Score(5)) * I256::from(3u32) + I256::from(4u32));
    }

    #[test]
    fn digit_weights_compare_lists_lexicographically() {
        // Every list of up to 4 entries over the values 0, 1, 2 (with counts capped as given)
        // compares by weight as it compares lexicographically from the largest entry down.
        let d = Digits::new(vec![(Score(0), 4), (Score(1), 2), (Score(2), 1)], 4).unwrap();
        let mut lists = Vec::new();
        for c0 in 0..=4usize {
            for c1 in 0..=2usize {
                for c2 in 0..=1usize {
                    if c0 + c1 + c2 <= 4 {
                        let mut l = vec![2; c2];
                        l.extend(vec![1; c1]);
                        l.extend(vec![0; c0]);
                        lists.push(l);
                    }
                }
            }
        }
        let weight = |l: &Vec<i32>| l.iter().fold(I256::ZERO, |s, &v| s + d.weight(Score(v)));
        for a in &lists {
            for b in &lists {
                assert_eq!(a.cmp(b), weight(a).cmp(&weight(b)), "{a:?} against {b:?}");
            }
        }
    }
}
