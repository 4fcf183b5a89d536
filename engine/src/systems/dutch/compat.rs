//! Which players of a round may meet (C.1 no rematch, C.3 absolute colour preferences,
//! forbidden pairs), one bit per pair: a round of 9999 players takes 12 MB instead of the
//! 100 MB of a matrix of booleans, and a row is a few cache lines.

/// A symmetric relation on the players `0..n` of a round, stored as one bit per ordered pair.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compat {
    /// 64-bit words per row.
    words: usize,
    bits: Vec<u64>,
}

impl Compat {
    /// Every pair of different players allowed.
    pub(crate) fn all(n: usize) -> Compat {
        let words = n.div_ceil(64);
        let mut c = Compat {
            words,
            bits: vec![u64::MAX; n * words],
        };
        let tail = n % 64;
        for i in 0..n {
            if tail != 0 {
                c.bits[i * words + words - 1] = (1u64 << tail) - 1;
            }
            c.clear(i, i);
        }
        c
    }

    /// The relation that `ok` gives for every pair `i < j` (taken as symmetric), asked in the
    /// order `(0, 1), (0, 2), ..., (1, 2), ...`.
    #[cfg(test)]
    pub(crate) fn from_fn(n: usize, mut ok: impl FnMut(usize, usize) -> bool) -> Compat {
        let mut c = Compat::all(n);
        for i in 0..n {
            for j in i + 1..n {
                if !ok(i, j) {
                    c.forbid(i, j);
                }
            }
        }
        c
    }

    /// Whether `a` and `b` may meet.
    #[inline]
    pub(crate) fn get(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Forbids the pair `{a, b}`.
    pub(crate) fn forbid(&mut self, a: usize, b: usize) {
        self.clear(a, b);
        self.clear(b, a);
    }

    /// Forbids every pair of two different members of `group` (a sorted or unsorted list).
    pub(crate) fn forbid_within(&mut self, group: &[usize]) {
        let mut mask = vec![0u64; self.words];
        for &g in group {
            mask[g / 64] |= 1 << (g % 64);
        }
        for &g in group {
            let row = &mut self.bits[g * self.words..(g + 1) * self.words];
            for (w, m) in row.iter_mut().zip(&mask) {
                *w &= !m;
            }
        }
    }

    fn clear(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] &= !(1 << (b % 64));
    }
}

#[cfg(test)]
mod tests {
    use super::Compat;

    #[test]
    fn bits_follow_the_relation() {
        let n = 130;
        let ok = |i: usize, j: usize| !(i * 7 + j * 3).is_multiple_of(5);
        let mut c = Compat::from_fn(n, ok);
        assert!(Compat::all(n).get(5, 100));
        for i in 0..n {
            assert!(!c.get(i, i));
            for j in i + 1..n {
                assert_eq!(c.get(i, j), ok(i, j), "{i} {j}");
                assert_eq!(c.get(j, i), ok(i, j), "{j} {i}");
            }
        }
        c.forbid_within(&[3, 64, 129]);
        assert!(!c.get(3, 129) && !c.get(129, 64) && !c.get(64, 3));
    }
}
