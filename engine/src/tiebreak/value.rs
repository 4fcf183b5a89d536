//! A tie-break value: an exact decimal with the number of decimals FIDE's calculator prints
//! (points with one, Sonneborn-Berger and averages of Buchholz with two, ratings and counts
//! with none), or undefined (a rating tie-break without rated opponents, printed `-0`).

use std::cmp::Ordering;
use std::fmt;

/// An exact tie-break value.
#[derive(Clone, Copy, Debug)]
pub enum Value {
    /// `units / 10^decimals`.
    Num { units: i64, decimals: u8 },
    /// No value (no opponent to average over, or a rating tie-break dropped because of
    /// unrated players).
    Undefined,
}

impl Value {
    /// A whole number.
    pub const fn int(n: i64) -> Value {
        Value::Num {
            units: n,
            decimals: 0,
        }
    }

    /// Points in tenths.
    pub const fn tenths(n: i64) -> Value {
        Value::Num {
            units: n,
            decimals: 1,
        }
    }

    /// Hundredths.
    pub const fn hundredths(n: i64) -> Value {
        Value::Num {
            units: n,
            decimals: 2,
        }
    }

    /// The value in hundredths (for comparing), `None` when undefined.
    pub fn in_hundredths(self) -> Option<i64> {
        match self {
            Value::Num { units, decimals } => {
                Some(units.saturating_mul(10i64.pow(u32::from(2u8.saturating_sub(decimals)))))
            }
            Value::Undefined => None,
        }
    }

    /// The value as a float (for studies and plots), `None` when undefined.
    pub fn as_f64(self) -> Option<f64> {
        self.in_hundredths().map(|h| h as f64 / 100.0)
    }
}

impl PartialEq for Value {
    /// Numeric equality (`1.0` equals `1.00`); undefined equals undefined.
    fn eq(&self, o: &Value) -> bool {
        self.in_hundredths() == o.in_hundredths()
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, o: &Value) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Value {
    /// Numeric order, undefined below every number.
    fn cmp(&self, o: &Value) -> Ordering {
        self.in_hundredths().cmp(&o.in_hundredths())
    }
}

impl fmt::Display for Value {
    /// `7.0`, `37.00`, `2244`, and `-0` for undefined, as FIDE's calculator prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match *self {
            Value::Undefined => "-0".to_string(),
            Value::Num { units, decimals: 0 } => units.to_string(),
            Value::Num { units, decimals } => {
                let p = 10u64.pow(u32::from(decimals));
                let a = units.unsigned_abs();
                let sign = if units < 0 { "-" } else { "" };
                format!(
                    "{sign}{}.{:0width$}",
                    a / p,
                    a % p,
                    width = usize::from(decimals)
                )
            }
        };
        f.pad(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_the_calculator() {
        assert_eq!(Value::tenths(70).to_string(), "7.0");
        assert_eq!(Value::hundredths(3700).to_string(), "37.00");
        assert_eq!(Value::hundredths(4511).to_string(), "45.11");
        assert_eq!(Value::int(2244).to_string(), "2244");
        assert_eq!(Value::Undefined.to_string(), "-0");
        assert_eq!(Value::tenths(-5).to_string(), "-0.5");
        assert_eq!(Value::int(0), Value::tenths(0));
        assert!(Value::Undefined < Value::int(-800));
    }
}
