//! Estimates and their 95% confidence intervals.
//!
//! Conventions used throughout the report:
//!
//! - **Averages over tournaments** (and over any other independent units) carry a Student-t
//!   interval with `n - 1` degrees of freedom, for every `n` (the t quantile is computed from
//!   the regularized incomplete beta function, so there is no switch to the normal quantile at
//!   `n >= 30`; for large `n` the two agree to three decimals). With `n < 2` there is no
//!   interval.
//! - **Proportions of counted events** (tournaments won by the strongest player, byes per
//!   rating decile, preferences granted) carry a Wilson score interval.
//! - **Differences** between two runs: Welch's interval (Welch–Satterthwaite degrees of freedom)
//!   for means, Newcombe's hybrid score interval (built from the two Wilson intervals) for
//!   proportions.

use std::cmp::Ordering;

/// The 97.5% quantile of the standard normal distribution.
pub const Z975: f64 = 1.959_963_984_540_054;

/// A sample of per-unit values summarised by its size, mean and (n - 1) variance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub n: usize,
    pub mean: f64,
    pub var: f64,
}

impl Sample {
    /// Summarises values (NaN values are skipped).
    pub fn of(values: &[f64]) -> Sample {
        let xs: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
        let n = xs.len();
        if n == 0 {
            return Sample {
                n: 0,
                mean: f64::NAN,
                var: f64::NAN,
            };
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64
        } else {
            f64::NAN
        };
        Sample { n, mean, var }
    }

    /// The 95% t interval of the mean, `None` with fewer than two values.
    pub fn ci(&self) -> Option<(f64, f64)> {
        if self.n < 2 {
            return None;
        }
        let half = t_quantile(0.975, (self.n - 1) as f64) * (self.var / self.n as f64).sqrt();
        Some((self.mean - half, self.mean + half))
    }
}

/// An estimate shown in the report: a mean over units or a proportion of events.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Estimate {
    /// The mean of per-unit values (t interval).
    Mean(Sample),
    /// `successes` out of `trials` (Wilson interval).
    Proportion { successes: u64, trials: u64 },
}

impl Estimate {
    pub fn mean(values: &[f64]) -> Estimate {
        Estimate::Mean(Sample::of(values))
    }

    pub fn proportion(successes: u64, trials: u64) -> Estimate {
        Estimate::Proportion { successes, trials }
    }

    /// The point estimate (NaN when there is no data).
    pub fn value(&self) -> f64 {
        match *self {
            Estimate::Mean(s) => s.mean,
            Estimate::Proportion { successes, trials } => {
                if trials == 0 {
                    f64::NAN
                } else {
                    successes as f64 / trials as f64
                }
            }
        }
    }

    /// The 95% confidence interval, when it exists.
    pub fn ci(&self) -> Option<(f64, f64)> {
        match *self {
            Estimate::Mean(s) => s.ci(),
            Estimate::Proportion { successes, trials } => wilson(successes, trials),
        }
    }

    /// The number of units (mean) or trials (proportion).
    pub fn n(&self) -> u64 {
        match *self {
            Estimate::Mean(s) => s.n as u64,
            Estimate::Proportion { trials, .. } => trials,
        }
    }

    /// How the interval was computed, for the tables.
    pub fn method(&self) -> &'static str {
        match self {
            Estimate::Mean(_) => "t",
            Estimate::Proportion { .. } => "wilson",
        }
    }
}

/// The Wilson score interval of `k` successes in `n` trials at 95%.
pub fn wilson(k: u64, n: u64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = Z975 * Z975;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z975 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// A difference `b - a` between two estimates with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub value: f64,
    pub ci: Option<(f64, f64)>,
    /// "welch" or "newcombe".
    pub method: &'static str,
}

/// The difference `b - a`; Welch for two means, Newcombe for two proportions. Mixed kinds
/// (which the report never produces) get no interval.
pub fn difference(a: &Estimate, b: &Estimate) -> Difference {
    let value = b.value() - a.value();
    match (a, b) {
        (Estimate::Mean(x), Estimate::Mean(y)) => Difference {
            value,
            ci: welch(x, y),
            method: "welch",
        },
        (
            Estimate::Proportion {
                successes: k1,
                trials: n1,
            },
            Estimate::Proportion {
                successes: k2,
                trials: n2,
            },
        ) => Difference {
            value,
            ci: newcombe(*k1, *n1, *k2, *n2),
            method: "newcombe",
        },
        _ => Difference {
            value,
            ci: None,
            method: "none",
        },
    }
}

/// Welch's 95% interval of `b.mean - a.mean`.
pub fn welch(a: &Sample, b: &Sample) -> Option<(f64, f64)> {
    if a.n < 2 || b.n < 2 {
        return None;
    }
    let va = a.var / a.n as f64;
    let vb = b.var / b.n as f64;
    let d = b.mean - a.mean;
    let se2 = va + vb;
    if se2 == 0.0 {
        return Some((d, d));
    }
    let df = se2 * se2 / (va * va / (a.n - 1) as f64 + vb * vb / (b.n - 1) as f64);
    let half = t_quantile(0.975, df) * se2.sqrt();
    Some((d - half, d + half))
}

/// Newcombe's hybrid score 95% interval of `k2/n2 - k1/n1`.
pub fn newcombe(k1: u64, n1: u64, k2: u64, n2: u64) -> Option<(f64, f64)> {
    let (l1, u1) = wilson(k1, n1)?;
    let (l2, u2) = wilson(k2, n2)?;
    let p1 = k1 as f64 / n1 as f64;
    let p2 = k2 as f64 / n2 as f64;
    let d = p2 - p1;
    let lo = d - ((p2 - l2).powi(2) + (u1 - p1).powi(2)).sqrt();
    let hi = d + ((u2 - p2).powi(2) + (p1 - l1).powi(2)).sqrt();
    Some((lo, hi))
}

/// The natural logarithm of the gamma function (Lanczos approximation, g = 7, 9 terms).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection formula.
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + 7.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The continued fraction of the incomplete beta function (modified Lentz).
fn beta_cf(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut c = 1.0;
    let mut d = 1.0 - (a + b) * x / (a + 1.0);
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..500 {
        let m = m as f64;
        // Even step.
        let num = m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        d = 1.0 + num * d;
        d = if d.abs() < TINY { 1.0 / TINY } else { 1.0 / d };
        c = 1.0 + num / c;
        if c.abs() < TINY {
            c = TINY;
        }
        h *= d * c;
        // Odd step.
        let num = -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
        d = 1.0 + num * d;
        d = if d.abs() < TINY { 1.0 / TINY } else { 1.0 / d };
        c = 1.0 + num / c;
        if c.abs() < TINY {
            c = TINY;
        }
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// The regularized incomplete beta function I_x(a, b).
fn inc_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    if x < (a + 1.0) / (a + b + 2.0) {
        ln_front.exp() * beta_cf(x, a, b) / a
    } else {
        1.0 - ln_front.exp() * beta_cf(1.0 - x, b, a) / b
    }
}

/// The cumulative distribution function of Student's t with `df` degrees of freedom.
pub fn t_cdf(t: f64, df: f64) -> f64 {
    let tail = 0.5 * inc_beta(df / (df + t * t), df / 2.0, 0.5);
    if t >= 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// The `p` quantile (0.5 < p < 1) of Student's t with `df` (> 0, may be fractional) degrees of
/// freedom, by bisection on the distribution function.
pub fn t_quantile(p: f64, df: f64) -> f64 {
    if !df.is_finite() || df > 1e7 {
        return Z975;
    }
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    while t_cdf(hi, df) < p {
        hi *= 2.0;
        if hi > 1e12 {
            return f64::INFINITY;
        }
    }
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if t_cdf(mid, df) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Kendall's rank correlation between two orders of the same items.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kendall {
    /// Tau-b, ties in either order accounted for; NaN when one order is all ties.
    pub tau_b: f64,
    /// Discordant pairs over all pairs: 0 identical orders, 1 reversed (tied pairs count 0).
    pub distance: f64,
    pub concordant: u64,
    pub discordant: u64,
}

/// Kendall's tau-b and the normalized Kendall distance of `x` against `y` (equal lengths;
/// larger is better in both; `partial_cmp` decides ties). O(n^2), fine for a tournament.
pub fn kendall(x: &[f64], y: &[f64]) -> Kendall {
    assert_eq!(x.len(), y.len());
    let n = x.len();
    let (mut c, mut d, mut tx, mut ty) = (0u64, 0u64, 0u64, 0u64);
    for i in 0..n {
        for j in (i + 1)..n {
            let a = x[i].partial_cmp(&x[j]).unwrap_or(Ordering::Equal);
            let b = y[i].partial_cmp(&y[j]).unwrap_or(Ordering::Equal);
            match (a, b) {
                (Ordering::Equal, Ordering::Equal) => {
                    tx += 1;
                    ty += 1;
                }
                (Ordering::Equal, _) => tx += 1,
                (_, Ordering::Equal) => ty += 1,
                (a, b) if a == b => c += 1,
                _ => d += 1,
            }
        }
    }
    let n0 = (n * n.saturating_sub(1) / 2) as f64;
    let denom = ((n0 - tx as f64) * (n0 - ty as f64)).sqrt();
    Kendall {
        tau_b: if denom > 0.0 {
            (c as f64 - d as f64) / denom
        } else {
            f64::NAN
        },
        distance: if n0 > 0.0 { d as f64 / n0 } else { f64::NAN },
        concordant: c,
        discordant: d,
    }
}

/// The decile (1 = the top tenth, 10 = the bottom tenth) of each position `0..n` in an order.
pub fn decile(position: usize, n: usize) -> usize {
    if n == 0 {
        return 1;
    }
    position * 10 / n + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn t_quantiles_match_tables() {
        assert!(close(t_quantile(0.975, 1.0), 12.7062, 1e-3));
        assert!(close(t_quantile(0.975, 2.0), 4.3027, 1e-3));
        assert!(close(t_quantile(0.975, 9.0), 2.2622, 1e-3));
        assert!(close(t_quantile(0.975, 29.0), 2.0452, 1e-3));
        assert!(close(t_quantile(0.975, 299.0), 1.9679, 1e-3));
        assert!(close(t_quantile(0.975, 1e9), Z975, 1e-9));
        assert!(close(t_cdf(0.0, 5.0), 0.5, 1e-12));
    }

    #[test]
    fn mean_interval() {
        let s = Sample::of(&[1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(s.n, 5);
        assert!(close(s.mean, 3.0, 1e-12));
        assert!(close(s.var, 2.5, 1e-12));
        let (lo, hi) = s.ci().unwrap();
        // 3 ± 2.7764 * sqrt(2.5 / 5)
        assert!(close(lo, 3.0 - 1.963_243, 1e-4), "{lo}");
        assert!(close(hi, 3.0 + 1.963_243, 1e-4), "{hi}");
        assert!(Sample::of(&[1.0]).ci().is_none());
    }

    #[test]
    fn wilson_known_values() {
        // 81 of 263: Wilson interval 0.2553 .. 0.3662 (Newcombe 1998, example).
        let (lo, hi) = wilson(81, 263).unwrap();
        assert!(close(lo, 0.2553, 1e-3), "{lo}");
        assert!(close(hi, 0.3662, 1e-3), "{hi}");
        let (lo, hi) = wilson(0, 10).unwrap();
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.2775, 1e-3));
        assert!(wilson(0, 0).is_none());
    }

    #[test]
    fn newcombe_known_values() {
        // Newcombe (1998) example: 56/70 vs 48/80, difference 0.2, CI 0.0524 .. 0.3339.
        let (lo, hi) = newcombe(48, 80, 56, 70).unwrap();
        assert!(close(lo, 0.0524, 1e-3), "{lo}");
        assert!(close(hi, 0.3339, 1e-3), "{hi}");
    }

    #[test]
    fn welch_symmetric() {
        let a = Sample::of(&[1.0, 2.0, 3.0, 4.0]);
        let b = Sample::of(&[2.0, 4.0, 6.0, 8.0, 10.0]);
        let (lo, hi) = welch(&a, &b).unwrap();
        let d = b.mean - a.mean;
        assert!(close((lo + hi) / 2.0, d, 1e-9));
        // se = sqrt(1.6667/4 + 10/5) = 1.5546; df = 5.26 -> t = 2.54 approx
        assert!(hi - d > 3.8 && hi - d < 4.1, "{}", hi - d);
    }

    #[test]
    fn kendall_with_ties() {
        let k = kendall(&[1.0, 2.0, 3.0, 4.0], &[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(k.tau_b, 1.0);
        assert_eq!(k.distance, 0.0);
        let k = kendall(&[1.0, 2.0, 3.0, 4.0], &[4.0, 3.0, 2.0, 1.0]);
        assert_eq!(k.tau_b, -1.0);
        assert_eq!(k.distance, 1.0);
        // x = (1,2,2,3), y = (1,2,3,3): C = 4, D = 0, tx = 1, ty = 1, n0 = 6 -> 4/5.
        let k = kendall(&[1.0, 2.0, 2.0, 3.0], &[1.0, 2.0, 3.0, 3.0]);
        assert!(close(k.tau_b, 0.8, 1e-12));
        assert_eq!(k.discordant, 0);
    }

    #[test]
    fn deciles() {
        assert_eq!(decile(0, 300), 1);
        assert_eq!(decile(29, 300), 1);
        assert_eq!(decile(30, 300), 2);
        assert_eq!(decile(299, 300), 10);
        assert_eq!(decile(4, 5), 9);
    }
}
