//! The exact integer types a weight can have (`i64`, `i128`, 256 and 512 bits) and the range the matcher accepts.

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Sub, SubAssign};

use ethnum::I256;

/// An exact signed integer type usable as an edge weight.
pub trait Weight:
    Copy + Ord + Default + Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign
{
    /// Zero.
    const ZERO: Self;
    /// The least value of the type.
    const MIN: Self;
    /// The greatest value of the type.
    const MAX: Self;
    /// `self / 2`, rounding towards minus infinity (an arithmetic shift); exact when even.
    fn halve(self) -> Self;
    /// `2 * self`.
    fn double(self) -> Self {
        self + self
    }
    /// Whether `self` is even.
    fn is_even(self) -> bool;
    /// Conversion from `i64` (exact for all the provided types).
    fn from_i64(v: i64) -> Self;
}

macro_rules! impl_weight_prim {
    ($t:ty) => {
        impl Weight for $t {
            const ZERO: Self = 0;
            const MIN: Self = <$t>::MIN;
            const MAX: Self = <$t>::MAX;
            #[inline]
            fn halve(self) -> Self {
                self >> 1
            }
            #[inline]
            fn is_even(self) -> bool {
                self & 1 == 0
            }
            #[inline]
            fn from_i64(v: i64) -> Self {
                v as $t
            }
        }
    };
}

/// A 512-bit signed integer, for brackets whose criteria need more than 256 bits of weight.
pub type I512 = bnum::BInt<8>;

impl Weight for I512 {
    const ZERO: Self = I512::ZERO;
    const MIN: Self = I512::MIN;
    const MAX: Self = I512::MAX;
    #[inline]
    fn halve(self) -> Self {
        self >> 1u32
    }
    #[inline]
    fn is_even(self) -> bool {
        (self & I512::ONE) == I512::ZERO
    }
    #[inline]
    fn from_i64(v: i64) -> Self {
        I512::from(v)
    }
}

impl_weight_prim!(i64);
impl_weight_prim!(i128);

impl Weight for I256 {
    const ZERO: Self = I256::ZERO;
    const MIN: Self = I256::MIN;
    const MAX: Self = I256::MAX;
    #[inline]
    fn halve(self) -> Self {
        self >> 1u32
    }
    #[inline]
    fn is_even(self) -> bool {
        (self & I256::ONE) == I256::ZERO
    }
    #[inline]
    fn from_i64(v: i64) -> Self {
        I256::new(v as i128)
    }
}

/// The largest accepted edge weight for `W`: `W::MAX / 8`.
pub fn max_edge_weight<W: Weight>() -> W {
    W::MAX.halve().halve().halve()
}
