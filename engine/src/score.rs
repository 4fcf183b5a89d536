//! Exact scores: points counted in tenths, never floats.
//!
//! Every point value that appears in a TRF file (`11.5`, `BBW  3.0`, `XXS W=3`) has at most one
//! decimal, so a score is stored as an integer number of tenths of a point. Arithmetic and
//! comparison are exact, whatever the point system (1/½/0, 3/1/0, 2/1/0, …).

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub};

/// A score in tenths of a point (`Score(15)` is 1.5 points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    pub const ZERO: Score = Score(0);

    /// A whole or half number of points: `Score::points(1)` is 1.0.
    pub const fn points(p: i32) -> Score {
        Score(p * 10)
    }

    /// Tenths of a point.
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// Parses `11.5`, `3`, `-0.5`, ` 1.0` (surrounding spaces allowed, at most one decimal).
    /// Returns `None` on anything else; callers turn that into a positioned error.
    pub fn parse(text: &str) -> Option<Score> {
        let t = text.trim();
        if t.is_empty() || t.len() > 9 {
            return None;
        }
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = match body.split_once(['.', ',']) {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Accept trailing zeros after the first decimal ("1.50"), nothing finer than a tenth.
        if frac.len() > 1 && frac[1..].bytes().any(|b| b != b'0') {
            return None;
        }
        let whole: i32 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let tenth: i32 = frac.bytes().next().map_or(0, |b| i32::from(b - b'0'));
        let v = whole.checked_mul(10)?.checked_add(tenth)?;
        Some(Score(if neg { -v } else { v }))
    }
}

impl fmt::Display for Score {
    /// Formats with one decimal, as TRF writes points: `1.5`, `11.0`, `-0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let s = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&s)
    }
}

impl Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score(self.0.saturating_add(o.0))
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}

impl Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        Score(self.0.saturating_sub(o.0))
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_trf_points() {
        assert_eq!(Score::parse("11.5"), Some(Score(115)));
        assert_eq!(Score::parse(" 3"), Some(Score(30)));
        assert_eq!(Score::parse("0.0"), Some(Score(0)));
        assert_eq!(Score::parse("-0.5"), Some(Score(-5)));
        assert_eq!(Score::parse("1.50"), Some(Score(15)));
        assert_eq!(Score::parse(".5"), Some(Score(5)));
        assert_eq!(Score::parse("1.25"), None);
        assert_eq!(Score::parse("x"), None);
        assert_eq!(Score::parse(""), None);
        assert_eq!(Score::parse("."), None);
    }

    #[test]
    fn displays_one_decimal() {
        assert_eq!(Score(115).to_string(), "11.5");
        assert_eq!(Score(0).to_string(), "0.0");
        assert_eq!(Score(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>4}", Score(15)), " 1.5");
    }
}
