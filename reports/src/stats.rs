//! Estimates and their 95% confidence intervals, built for a clustered design: the
//! tournaments of a run are independent, the players, games and rounds of one tournament are
//! not.
//!
//! Every [`Estimate`] keeps its value and, per tournament, its linearised influence `z_i`
//! (the first-order change the tournament makes to the estimate), so the cluster-robust
//! variance is `G/(G-1) * sum z_i^2` over the `G` tournaments. Kinds:
//!
//! - **Mean over tournaments** ([`Estimate::mean`]): a per-tournament value averaged; Student-t
//!   interval with `G - 1` degrees of freedom (`z_i = (x_i - mean)/G`, which gives `s^2/G`).
//! - **Pooled proportion of clustered events** ([`Estimate::ratio`]): `sum k_i / sum n_i` over
//!   tournaments (preferences granted, byes to the lowest tenth, ...), the ratio estimator with
//!   its cluster-robust (linearisation, CR1) variance, `z_i = (k_i - R n_i) / sum n`, and a t
//!   interval with `G - 1` degrees of freedom. With fewer than 10 events (or non-events), the
//!   exact Clopper-Pearson interval on the effective sample size `n / deff` (Korn and Graubard
//!   1998; `deff` the design effect from the same variance, at least 1) instead.
//! - **Proportion of independent units** ([`Estimate::proportion`]: tournaments in which the
//!   strongest player wins, ...): Wilson score interval, Clopper-Pearson below 10 events or
//!   non-events.
//! - **Regression coefficient** ([`Estimate::coefficient`]): value and per-tournament influence
//!   from a least-squares fit; cluster-robust t interval with `G - 1` degrees of freedom.
//!
//! **Differences** between two runs ([`difference`]): **paired** when the runs share the seed
//! and the configuration (common random numbers): the difference of the per-tournament
//! influences, tournament by tournament, gives the variance of `B - A` (for a mean, exactly the
//! paired t interval of the per-tournament differences); t interval with `G - 1` degrees of
//! freedom. For proportions with fewer than 10 events (or non-events) in either run, where the
//! per-tournament differences are mostly 0 and the paired t interval shrinks to nothing (2
//! events against 2 in the same tournaments gives 0 - 0), the **correlated MOVER** instead
//! (Newcombe 1998 method 10, Zou and Donner 2008): each run's own exact interval
//! (Korn-Graubard) combined with the correlation of the two estimates over the tournaments;
//! it keeps the width of the exact ends and reduces to the paired t interval when the two
//! intervals are symmetric (`tests/coverage.rs` measures its coverage). **Unpaired** otherwise: Welch's interval (Welch-Satterthwaite degrees of freedom) for
//! means and coefficients, Newcombe's method (MOVER: the two intervals above combined, for
//! Wilson intervals Newcombe's hybrid score interval) for proportions. Each difference carries a
//! two-sided p-value consistent with its interval, for [`benjamini_hochberg`].

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// The 97.5% quantile of the standard normal distribution.
pub const Z975: f64 = 1.959_963_984_540_054;

/// Below this many events (or non-events) a proportion gets an exact Clopper-Pearson interval.
pub const SMALL_COUNT: f64 = 10.0;

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

/// What an estimate is, which decides its interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Mean of per-tournament values.
    Mean,
    /// Pooled proportion of events clustered in tournaments (ratio estimator).
    Ratio,
    /// Proportion of independent units.
    Proportion,
    /// Least-squares coefficient with a cluster-robust variance.
    Coefficient,
}

/// An estimate shown in the report, with what its interval and comparisons need.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    pub kind: Kind,
    value: f64,
    /// Per tournament (by index): the linearised influence on the estimate.
    influence: BTreeMap<u64, f64>,
    /// Events and trials, for proportions.
    counts: Option<(f64, f64)>,
    /// Per tournament: the trials of a proportion (empty for other kinds).
    trials: BTreeMap<u64, f64>,
}

impl Estimate {
    /// The mean of per-tournament values `(tournament, value)` (NaN values skipped).
    pub fn mean(units: &[(u64, f64)]) -> Estimate {
        let xs: Vec<(u64, f64)> = units.iter().copied().filter(|u| !u.1.is_nan()).collect();
        let g = xs.len() as f64;
        let value = if xs.is_empty() {
            f64::NAN
        } else {
            xs.iter().map(|u| u.1).sum::<f64>() / g
        };
        Estimate {
            kind: Kind::Mean,
            value,
            influence: xs.iter().map(|&(i, x)| (i, (x - value) / g)).collect(),
            counts: None,
            trials: BTreeMap::new(),
        }
    }

    /// The pooled proportion `sum k / sum n` of per-tournament counts `(tournament, k, n)`;
    /// tournaments with `n = 0` hold no event and are left out.
    pub fn ratio(units: &[(u64, f64, f64)]) -> Estimate {
        let xs: Vec<_> = units.iter().copied().filter(|u| u.2 > 0.0).collect();
        let k: f64 = xs.iter().map(|u| u.1).sum();
        let n: f64 = xs.iter().map(|u| u.2).sum();
        let value = if n > 0.0 { k / n } else { f64::NAN };
        Estimate {
            kind: Kind::Ratio,
            value,
            influence: xs
                .iter()
                .map(|&(i, ki, ni)| (i, (ki - value * ni) / n))
                .collect(),
            counts: Some((k, n)),
            trials: xs.iter().map(|&(i, _, ni)| (i, ni)).collect(),
        }
    }

    /// A proportion of the same kind over the same trials, tournament by tournament, with no
    /// event: what a category another run has and this one lacks holds. `None` for other kinds.
    pub fn without_events(&self) -> Option<Estimate> {
        self.counts?;
        let units: Vec<(u64, f64, f64)> = self.trials.iter().map(|(&i, &n)| (i, 0.0, n)).collect();
        let mut e = Estimate::ratio(&units);
        e.kind = self.kind;
        Some(e)
    }

    /// The share of independent units `(tournament, yes)` that are yes.
    pub fn proportion(units: &[(u64, bool)]) -> Estimate {
        let mut e = Estimate::ratio(
            &units
                .iter()
                .map(|&(i, y)| (i, f64::from(u8::from(y)), 1.0))
                .collect::<Vec<_>>(),
        );
        e.kind = Kind::Proportion;
        e
    }

    /// A regression coefficient with its per-tournament influence.
    pub fn coefficient(value: f64, influence: BTreeMap<u64, f64>) -> Estimate {
        Estimate {
            kind: Kind::Coefficient,
            value,
            influence,
            counts: None,
            trials: BTreeMap::new(),
        }
    }

    /// The point estimate (NaN when there is no data).
    pub fn value(&self) -> f64 {
        self.value
    }

    /// Events and trials of a proportion.
    pub fn counts(&self) -> Option<(f64, f64)> {
        self.counts
    }

    /// The number of tournaments that carry the estimate.
    pub fn clusters(&self) -> usize {
        self.influence.len()
    }

    /// The number of units (mean, coefficient) or trials (proportions).
    pub fn n(&self) -> u64 {
        match self.counts {
            Some((_, n)) => n.round() as u64,
            None => self.influence.len() as u64,
        }
    }

    /// The cluster-robust variance `G/(G-1) * sum z_i^2` (NaN with fewer than 2 clusters).
    pub fn variance(&self) -> f64 {
        robust_variance(self.influence.values().copied())
    }

    fn small(&self) -> bool {
        self.counts
            .is_some_and(|(k, n)| k < SMALL_COUNT || n - k < SMALL_COUNT)
    }

    /// The 95% confidence interval, when it exists.
    pub fn ci(&self) -> Option<(f64, f64)> {
        if self.value.is_nan() {
            return None;
        }
        let g = self.clusters();
        match (self.kind, self.counts) {
            (Kind::Proportion, Some((k, n))) => {
                if self.small() {
                    clopper_pearson(k, n)
                } else {
                    wilson(k.round() as u64, n.round() as u64)
                }
            }
            (Kind::Ratio, Some((k, n))) => {
                let var = self.variance();
                if self.small() || g < 2 {
                    // Korn-Graubard: Clopper-Pearson on the effective sample size.
                    let p = k / n;
                    let n_eff = if var > 0.0 && p > 0.0 && p < 1.0 {
                        (p * (1.0 - p) / var).min(n)
                    } else {
                        n
                    };
                    clopper_pearson(p * n_eff, n_eff)
                } else {
                    let half = t_quantile(0.975, (g - 1) as f64) * var.sqrt();
                    Some(((self.value - half).max(0.0), (self.value + half).min(1.0)))
                }
            }
            _ => {
                if g < 2 {
                    return None;
                }
                let half = t_quantile(0.975, (g - 1) as f64) * self.variance().sqrt();
                Some((self.value - half, self.value + half))
            }
        }
    }

    /// How the interval was computed, for the tables.
    pub fn method(&self) -> &'static str {
        match self.kind {
            Kind::Mean => "t",
            Kind::Coefficient => "cluster-robust-t",
            Kind::Proportion if self.small() => "clopper-pearson",
            Kind::Proportion => "wilson",
            Kind::Ratio if self.small() || self.clusters() < 2 => "korn-graubard",
            Kind::Ratio => "cluster-ratio-t",
        }
    }
}

/// Per category, the pooled share of one tournament's units in that category over its units,
/// from `(tournament, counts by category, units)`; every category gets every tournament (a
/// tournament without the category counts 0 of its units).
pub fn shares_by_category<K: Ord + Clone>(
    per_tournament: &[(u64, BTreeMap<K, f64>, f64)],
) -> BTreeMap<K, Estimate> {
    let mut keys: Vec<K> = per_tournament
        .iter()
        .flat_map(|t| t.1.keys().cloned())
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|k| {
            let e = share_of_category(per_tournament, &k);
            (k, e)
        })
        .collect()
}

/// The pooled share of one category, as [`shares_by_category`] computes it; 0 events over every
/// tournament's units when no tournament holds the category.
pub fn share_of_category<K: Ord>(
    per_tournament: &[(u64, BTreeMap<K, f64>, f64)],
    k: &K,
) -> Estimate {
    let units: Vec<(u64, f64, f64)> = per_tournament
        .iter()
        .map(|(i, c, n)| (*i, c.get(k).copied().unwrap_or(0.0), *n))
        .collect();
    Estimate::ratio(&units)
}

/// The coefficient of `x` in the least-squares fit of `y` on `x`, `z` and one intercept per
/// tournament, from `(tournament, y, x, z)` rows; its influence per tournament gives the
/// cluster-robust (by tournament) variance. `None` when the design is singular.
pub fn within_regression(rows: &[(u64, f64, f64, f64)]) -> Option<Estimate> {
    // Demean within tournament (the per-tournament intercepts, Frisch-Waugh-Lovell).
    let mut sums: BTreeMap<u64, (f64, f64, f64, f64)> = BTreeMap::new();
    for &(t, y, x, z) in rows {
        let e = sums.entry(t).or_default();
        *e = (e.0 + y, e.1 + x, e.2 + z, e.3 + 1.0);
    }
    let centred: Vec<(u64, f64, f64, f64)> = rows
        .iter()
        .map(|&(t, y, x, z)| {
            let s = sums[&t];
            (t, y - s.0 / s.3, x - s.1 / s.3, z - s.2 / s.3)
        })
        .collect();
    let (mut sxx, mut sxz, mut szz, mut sxy, mut szy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for &(_, y, x, z) in &centred {
        sxx += x * x;
        sxz += x * z;
        szz += z * z;
        sxy += x * y;
        szy += z * y;
    }
    let det = sxx * szz - sxz * sxz;
    if det.abs() < 1e-12 * (sxx * szz).max(1e-300) || det == 0.0 {
        return None;
    }
    // Inverse of [[sxx, sxz], [sxz, szz]], first row.
    let (i11, i12) = (szz / det, -sxz / det);
    let beta = i11 * sxy + i12 * szy;
    let gamma = (-sxz * sxy + sxx * szy) / det;
    let mut influence: BTreeMap<u64, f64> = BTreeMap::new();
    for &(t, y, x, z) in &centred {
        let e = y - beta * x - gamma * z;
        *influence.entry(t).or_default() += i11 * x * e + i12 * z * e;
    }
    Some(Estimate::coefficient(beta, influence))
}

/// `G/(G-1) * sum z_i^2` over `G` influences; NaN with fewer than two.
fn robust_variance(z: impl Iterator<Item = f64>) -> f64 {
    let (mut g, mut s) = (0usize, 0.0);
    for x in z {
        g += 1;
        s += x * x;
    }
    if g < 2 {
        f64::NAN
    } else {
        s * g as f64 / (g - 1) as f64
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

/// The exact (Clopper-Pearson) 95% interval of `k` events in `n` trials; both may be
/// fractional (an effective sample size).
pub fn clopper_pearson(k: f64, n: f64) -> Option<(f64, f64)> {
    if n <= 0.0 || k < 0.0 || k > n {
        return None;
    }
    let lo = if k <= 0.0 {
        0.0
    } else {
        beta_quantile(0.025, k, n - k + 1.0)
    };
    let hi = if k >= n {
        1.0
    } else {
        beta_quantile(0.975, k + 1.0, n - k)
    };
    Some((lo, hi))
}

/// The `p` quantile of the Beta(a, b) distribution, by bisection on the distribution function.
fn beta_quantile(p: f64, a: f64, b: f64) -> f64 {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if inc_beta(mid, a, b) < p {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-15 {
            break;
        }
    }
    0.5 * (lo + hi)
}

/// A difference `b - a` between two estimates with its 95% interval and p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub value: f64,
    pub ci: Option<(f64, f64)>,
    /// Two-sided p-value of "no difference", consistent with `ci` (NaN without an interval).
    pub p: f64,
    /// "paired-t", "paired-mover", "welch" or "newcombe".
    pub method: &'static str,
}

impl Difference {
    /// The interval excludes 0.
    pub fn significant(&self) -> bool {
        self.ci.is_some_and(|(lo, hi)| lo > 0.0 || hi < 0.0)
    }
}

/// The difference `b - a`: paired (per-tournament influences subtracted, tournament by
/// tournament) when `paired`, else Welch for means and coefficients and Newcombe for
/// proportions. Mixed kinds (which the report never produces) get no interval.
pub fn difference(a: &Estimate, b: &Estimate, paired: bool) -> Difference {
    let value = b.value() - a.value();
    let none = Difference {
        value,
        ci: None,
        p: f64::NAN,
        method: "none",
    };
    if a.kind != b.kind || value.is_nan() {
        return none;
    }
    if paired {
        if matches!(a.kind, Kind::Ratio | Kind::Proportion) && (a.small() || b.small()) {
            return paired_mover(a, b).unwrap_or(none);
        }
        let mut z: BTreeMap<u64, f64> = b.influence.clone();
        for (i, za) in &a.influence {
            *z.entry(*i).or_default() -= za;
        }
        let g = z.len();
        let var = robust_variance(z.values().copied());
        if g < 2 || var.is_nan() {
            return none;
        }
        let df = (g - 1) as f64;
        let se = var.sqrt();
        let half = t_quantile(0.975, df) * se;
        return Difference {
            value,
            ci: Some((value - half, value + half)),
            p: t_p_value(value, se, df),
            method: "paired-t",
        };
    }
    match a.kind {
        Kind::Mean | Kind::Coefficient => {
            let (va, vb) = (a.variance(), b.variance());
            let (ga, gb) = (a.clusters(), b.clusters());
            if va.is_nan() || vb.is_nan() {
                return none;
            }
            let se2 = va + vb;
            let df = if se2 > 0.0 {
                se2 * se2 / (va * va / (ga - 1) as f64 + vb * vb / (gb - 1) as f64)
            } else {
                f64::INFINITY
            };
            let half = t_quantile(0.975, df) * se2.sqrt();
            Difference {
                value,
                ci: Some((value - half, value + half)),
                p: t_p_value(value, se2.sqrt(), df),
                method: "welch",
            }
        }
        Kind::Ratio | Kind::Proportion => match (a.ci(), b.ci()) {
            (Some(ca), Some(cb)) => {
                let ci = mover(a.value(), ca, b.value(), cb);
                // The standard error on the side of 0 that the interval implies.
                let half = if value >= 0.0 {
                    value - ci.0
                } else {
                    ci.1 - value
                };
                Difference {
                    value,
                    ci: Some(ci),
                    p: t_p_value(value, half / Z975, f64::INFINITY),
                    method: "newcombe",
                }
            }
            _ => none,
        },
    }
}

/// MOVER (Newcombe's method): the interval of `pb - pa` from the two intervals.
fn mover(pa: f64, ca: (f64, f64), pb: f64, cb: (f64, f64)) -> (f64, f64) {
    mover_correlated(pa, ca, pb, cb, 0.0)
}

/// MOVER for correlated estimates (Newcombe 1998, method 10, for paired proportions; Zou and
/// Donner 2008 in general): the interval of `pb - pa` from the two intervals and the
/// correlation `r` of the two estimates. With `r = 0` it is Newcombe's unpaired interval; with
/// symmetric intervals it is the Wald interval of the paired variance `va + vb - 2 cov`.
fn mover_correlated(
    pa: f64,
    (la, ua): (f64, f64),
    pb: f64,
    (lb, ub): (f64, f64),
    r: f64,
) -> (f64, f64) {
    let d = pb - pa;
    let side = |x: f64, y: f64| (x * x + y * y - 2.0 * r * x * y).max(0.0).sqrt();
    (d - side(pb - lb, ua - pa), d + side(ub - pb, pa - la))
}

/// The correlation of two estimates over the tournaments, from their per-tournament influences
/// (a tournament one of them lacks contributes 0 to it); 0 when either does not vary, since
/// nothing then measures it (Newcombe's convention for an empty margin).
fn correlation(a: &Estimate, b: &Estimate) -> f64 {
    let mut both: BTreeMap<u64, (f64, f64)> = BTreeMap::new();
    for (i, z) in &a.influence {
        both.entry(*i).or_default().0 = *z;
    }
    for (i, z) in &b.influence {
        both.entry(*i).or_default().1 = *z;
    }
    let (mut saa, mut sbb, mut sab) = (0.0, 0.0, 0.0);
    for (za, zb) in both.values() {
        saa += za * za;
        sbb += zb * zb;
        sab += za * zb;
    }
    if saa > 0.0 && sbb > 0.0 {
        (sab / (saa * sbb).sqrt()).clamp(-1.0, 1.0)
    } else {
        0.0
    }
}

/// The paired difference of two proportions when either has few events (or non-events): the
/// correlated MOVER from each run's own interval (exact Korn-Graubard or Clopper-Pearson for
/// small counts, so the ends keep their width at 2 events against 2, where the per-tournament
/// differences may all be 0) and the correlation of the two estimates over the tournaments.
fn paired_mover(a: &Estimate, b: &Estimate) -> Option<Difference> {
    let (ca, cb) = (a.ci()?, b.ci()?);
    let value = b.value() - a.value();
    let ci = mover_correlated(a.value(), ca, b.value(), cb, correlation(a, b));
    let half = if value >= 0.0 {
        value - ci.0
    } else {
        ci.1 - value
    };
    Some(Difference {
        value,
        ci: Some(ci),
        p: t_p_value(value, half / Z975, f64::INFINITY),
        method: "paired-mover",
    })
}

/// Newcombe's hybrid score 95% interval of `k2/n2 - k1/n1`.
pub fn newcombe(k1: u64, n1: u64, k2: u64, n2: u64) -> Option<(f64, f64)> {
    let c1 = wilson(k1, n1)?;
    let c2 = wilson(k2, n2)?;
    Some(mover(k1 as f64 / n1 as f64, c1, k2 as f64 / n2 as f64, c2))
}

/// Two-sided p-value of `value / se` against Student's t with `df` degrees of freedom.
fn t_p_value(value: f64, se: f64, df: f64) -> f64 {
    if se.is_nan() {
        return f64::NAN;
    }
    if se <= 0.0 {
        return if value == 0.0 { 1.0 } else { 0.0 };
    }
    let t = (value / se).abs();
    if df.is_finite() && df <= 1e7 {
        2.0 * (1.0 - t_cdf(t, df))
    } else {
        // Normal tail: t_cdf with a huge df.
        2.0 * (1.0 - t_cdf(t, 1e7))
    }
}

/// Benjamini-Hochberg: which of the p-values are discoveries at false-discovery rate `q`
/// (NaN p-values are never discoveries and do not count).
pub fn benjamini_hochberg(p: &[f64], q: f64) -> Vec<bool> {
    let mut idx: Vec<usize> = (0..p.len()).filter(|&i| !p[i].is_nan()).collect();
    idx.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let m = idx.len() as f64;
    let mut cut = 0;
    for (rank, &i) in idx.iter().enumerate() {
        if p[i] <= (rank + 1) as f64 / m * q {
            cut = rank + 1;
        }
    }
    let mut out = vec![false; p.len()];
    for &i in &idx[..cut] {
        out[i] = true;
    }
    out
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

/// Each value's rank, 1 for the largest, ties sharing their mean rank.
pub fn mean_ranks(v: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&a, &b| v[b].total_cmp(&v[a]));
    let mut out = vec![0.0; v.len()];
    let mut start = 0;
    while start < order.len() {
        let end = (start..order.len())
            .find(|&j| v[order[j]] != v[order[start]])
            .unwrap_or(order.len());
        // Positions start..end share the rank (start + 1 + end) / 2.
        for &k in &order[start..end] {
            out[k] = (start + 1 + end) as f64 / 2.0;
        }
        start = end;
    }
    out
}

/// Spearman's rank correlation of `x` and `y` (equal lengths): the Pearson correlation of
/// their mean ranks; `None` with fewer than two items or when either is all ties.
pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    assert_eq!(x.len(), y.len());
    if x.len() < 2 {
        return None;
    }
    let (rx, ry) = (mean_ranks(x), mean_ranks(y));
    let m = (x.len() + 1) as f64 / 2.0;
    let sxy: f64 = rx.iter().zip(&ry).map(|(a, b)| (a - m) * (b - m)).sum();
    let sxx: f64 = rx.iter().map(|a| (a - m) * (a - m)).sum();
    let syy: f64 = ry.iter().map(|b| (b - m) * (b - m)).sum();
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
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

    fn units(xs: &[f64]) -> Vec<(u64, f64)> {
        xs.iter().enumerate().map(|(i, &x)| (i as u64, x)).collect()
    }

    #[test]
    fn welch_symmetric() {
        let a = Estimate::mean(&units(&[1.0, 2.0, 3.0, 4.0]));
        let b = Estimate::mean(&units(&[2.0, 4.0, 6.0, 8.0, 10.0]));
        let diff = difference(&a, &b, false);
        let (lo, hi) = diff.ci.unwrap();
        let d = b.value() - a.value();
        assert_eq!(diff.method, "welch");
        assert!(close((lo + hi) / 2.0, d, 1e-9));
        // se = sqrt(1.6667/4 + 10/5) = 1.5546; df = 5.26 -> t = 2.54 approx
        assert!(hi - d > 3.8 && hi - d < 4.1, "{}", hi - d);
        // The p-value agrees with the interval: 3.5 / 1.5546 = 2.25 on 5.26 df.
        assert!(diff.p > 0.05 && diff.p < 0.1, "{}", diff.p);
    }

    #[test]
    fn mean_influence_gives_the_t_interval_and_the_paired_t() {
        let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
        let e = Estimate::mean(&units(&xs));
        assert_eq!(e.ci(), Sample::of(&xs).ci());
        // Paired: B = A + (0.5, 1.5, 0.5, 1.5, 1.0), differences with sd 0.5.
        let ys = [1.5, 3.5, 3.5, 5.5, 6.0];
        let d = difference(&e, &Estimate::mean(&units(&ys)), true);
        let diffs: Vec<f64> = xs.iter().zip(&ys).map(|(x, y)| y - x).collect();
        let (lo, hi) = Sample::of(&diffs).ci().unwrap();
        let (dl, dh) = d.ci.unwrap();
        assert!(close(lo, dl, 1e-12) && close(hi, dh, 1e-12));
        assert_eq!(d.method, "paired-t");
    }

    #[test]
    fn paired_rare_events_keep_their_width() {
        // 2 events against 2, in the same tournaments of 300 players each: every per-tournament
        // difference is 0, yet the interval must say that 2 events cannot tell 0 from 1 in 10 000.
        let units: Vec<(u64, f64, f64)> = (0..30)
            .map(|i| (i, if i == 4 || i == 17 { 1.0 } else { 0.0 }, 300.0))
            .collect();
        let a = Estimate::ratio(&units);
        let d = difference(&a, &a.clone(), true);
        assert_eq!(d.method, "paired-mover");
        let (lo, hi) = d.ci.unwrap();
        assert!(lo < -1e-4 && hi > 1e-4, "{lo} {hi}");
        assert!(close(d.p, 1.0, 1e-9), "{}", d.p);
        // 0 against 3: the zero run's exact upper end enters, the interval excludes nothing.
        let zero = Estimate::ratio(&units.iter().map(|u| (u.0, 0.0, u.2)).collect::<Vec<_>>());
        let three = Estimate::ratio(
            &units
                .iter()
                .map(|u| (u.0, if u.0 < 3 { 1.0 } else { 0.0 }, u.2))
                .collect::<Vec<_>>(),
        );
        let d = difference(&zero, &three, true);
        let (lo, hi) = d.ci.unwrap();
        assert!(lo < 0.0 && hi > 3.0 / 9000.0, "{lo} {hi}");
        // Many events: the paired t interval.
        let many: Vec<(u64, f64, f64)> =
            (0..30).map(|i| (i, 30.0 + (i % 7) as f64, 300.0)).collect();
        let more: Vec<(u64, f64, f64)> =
            (0..30).map(|i| (i, 33.0 + (i % 5) as f64, 300.0)).collect();
        let d = difference(&Estimate::ratio(&many), &Estimate::ratio(&more), true);
        assert_eq!(d.method, "paired-t");
    }

    #[test]
    fn correlated_mover_is_the_paired_wald_interval_when_symmetric() {
        // Symmetric intervals of half-widths 1.96 sa and 1.96 sb: with correlation r the MOVER
        // half-width is 1.96 sqrt(sa^2 + sb^2 - 2 r sa sb).
        let (sa, sb, r) = (0.02, 0.03, 0.6);
        let h = |s: f64| Z975 * s;
        let (lo, hi) = mover_correlated(
            0.3,
            (0.3 - h(sa), 0.3 + h(sa)),
            0.35,
            (0.35 - h(sb), 0.35 + h(sb)),
            r,
        );
        let want = Z975 * (sa * sa + sb * sb - 2.0 * r * sa * sb).sqrt();
        assert!(close(hi - 0.05, want, 1e-12) && close(0.05 - lo, want, 1e-12));
    }

    #[test]
    fn ratio_counts_and_small_counts() {
        // 1 event in 21 805 trials spread over 3 tournaments: exact-type interval, not 0 - 0.
        let e = Estimate::ratio(&[(0, 1.0, 7000.0), (1, 0.0, 7000.0), (2, 0.0, 7805.0)]);
        assert_eq!(e.counts(), Some((1.0, 21805.0)));
        assert_eq!(e.method(), "korn-graubard");
        let (lo, hi) = e.ci().unwrap();
        assert!(lo > 0.0 && lo < e.value() && hi > 1e-4, "{lo} {hi}");
        // Nothing in any tournament: Clopper-Pearson on all trials, 3.69 / n.
        let z = Estimate::ratio(&[(0, 0.0, 500.0), (1, 0.0, 500.0)]);
        let (lo, hi) = z.ci().unwrap();
        assert_eq!(lo, 0.0);
        assert!(close(hi, 3.6889 / 1000.0, 2e-5), "{hi}");
        // A tournament without trials is not a cluster.
        assert_eq!(
            Estimate::ratio(&[(0, 0.0, 0.0), (1, 3.0, 9.0)]).clusters(),
            1
        );
    }

    #[test]
    fn clopper_pearson_known_values() {
        // 0 of 10: upper 0.3085; 1 of 10: 0.0025 .. 0.4450; 5 of 10: 0.1871 .. 0.8129.
        let (lo, hi) = clopper_pearson(0.0, 10.0).unwrap();
        assert_eq!(lo, 0.0);
        assert!(close(hi, 0.3085, 1e-4), "{hi}");
        let (lo, hi) = clopper_pearson(1.0, 10.0).unwrap();
        assert!(
            close(lo, 0.00253, 1e-4) && close(hi, 0.4450, 1e-4),
            "{lo} {hi}"
        );
        let (lo, hi) = clopper_pearson(5.0, 10.0).unwrap();
        assert!(
            close(lo, 0.1871, 1e-4) && close(hi, 0.8129, 1e-4),
            "{lo} {hi}"
        );
    }

    #[test]
    fn within_regression_recovers_a_known_effect() {
        // y = 2 x + 0.01 z + tournament effect + noise that cancels within tournaments.
        let mut rows = Vec::new();
        for t in 0..6u64 {
            for i in 0..8 {
                let x = f64::from(i % 2);
                let z = 1500.0 + 37.0 * f64::from(i) + 11.0 * t as f64;
                let noise = if i < 4 { 0.1 } else { -0.1 } * if t % 2 == 0 { 1.0 } else { -1.0 };
                rows.push((t, 2.0 * x + 0.01 * z + t as f64 + noise, x, z));
            }
        }
        let e = within_regression(&rows).unwrap();
        assert!(close(e.value(), 2.0, 0.05), "{}", e.value());
        let (lo, hi) = e.ci().unwrap();
        assert!(lo < e.value() && e.value() < hi);
        assert_eq!(e.clusters(), 6);
        // No variation in x: singular.
        let flat: Vec<_> = rows.iter().map(|r| (r.0, r.1, 1.0, r.3)).collect();
        assert!(within_regression(&flat).is_none());
    }

    #[test]
    fn benjamini_hochberg_known_case() {
        // m = 5, q = 0.05: thresholds 0.01 0.02 0.03 0.04 0.05; the largest p(k) <= k q / m
        // is p(4) = 0.04, so the four smallest are discoveries, p(2) = 0.021 > 0.02 too.
        let p = [0.04, 0.001, 0.9, 0.021, 0.025];
        assert_eq!(
            benjamini_hochberg(&p, 0.05),
            vec![true, true, false, true, true]
        );
        // With p(4) = 0.045 the cut is p(3) = 0.025.
        let p = [0.045, 0.001, 0.9, 0.021, 0.025];
        assert_eq!(
            benjamini_hochberg(&p, 0.05),
            vec![false, true, false, true, true]
        );
        assert_eq!(
            benjamini_hochberg(&[0.2, f64::NAN], 0.05),
            vec![false, false]
        );
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
