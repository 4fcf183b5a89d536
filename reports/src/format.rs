//! Numbers as the report prints them: axis ticks (a step of 1, 2 or 5 times a power of ten,
//! every tick of an axis with the decimals of that step, no negative zero), the ticks of a
//! logarithmic axis (a share reads as a percentage: `0.1%`, `100%`, never `1k`), and
//! estimates with their intervals to the precision the interval allows (one or two significant
//! digits of its half-width, the value and both ends alike), differences of shares in percentage
//! points (`pp`).

/// Ticks of a linear axis: their values and the decimals every one of them is printed with.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticks {
    pub values: Vec<f64>,
    pub decimals: usize,
}

impl Ticks {
    /// The text of tick `v`.
    pub fn label(&self, v: f64) -> String {
        fixed(v, self.decimals, false)
    }
}

/// At most `max` ticks (at least 2) over `lo..=hi`, at the multiples of the smallest step of
/// 1, 2 or 5 times a power of ten that keeps to that number.
pub fn linear_ticks(lo: f64, hi: f64, max: usize) -> Ticks {
    let max = max.max(2);
    let (lo, hi) = (lo.min(hi), lo.max(hi));
    if !(lo.is_finite() && hi.is_finite()) || hi - lo < 1e-12 {
        let v = if lo.is_finite() { lo } else { 0.0 };
        return Ticks {
            values: vec![v],
            decimals: decimals_of_step(1.0),
        };
    }
    let mut power = 10f64.powf(((hi - lo) / max as f64).log10().floor());
    let step = loop {
        let fits = [1.0, 2.0, 5.0]
            .into_iter()
            .map(|m| m * power)
            .find(|&s| (((hi / s).floor() - (lo / s).ceil()) as usize) < max);
        match fits {
            Some(s) => break s,
            None => power *= 10.0,
        }
    };
    let (first, last) = ((lo / step - 1e-9).ceil(), (hi / step + 1e-9).floor());
    let decimals = decimals_of_step(step);
    let values = (first as i64..=last as i64)
        .map(|i| {
            // Rounded to the step's decimals so that 0.1 * 3 is 0.3.
            let v = i as f64 * step;
            let f = 10f64.powi(decimals as i32);
            (v * f).round() / f
        })
        .collect();
    Ticks { values, decimals }
}

/// The decimals that print a multiple of `step` (a 1, 2 or 5 times a power of ten) exactly.
fn decimals_of_step(step: f64) -> usize {
    (-(step.log10() + 1e-9).floor()).max(0.0) as usize
}

/// The label of the tick at 10^`exponent` of a logarithmic axis: a share's axis in percent
/// (`0.01%`, `1%`, `100%`), any other in short form (`100`, `1k`, `10M`, `0.001`).
pub fn log_tick(exponent: f64, percent: bool) -> String {
    let e = exponent.round() as i32;
    let x = 10f64.powi(e);
    let plain = || {
        if e >= 0 {
            format!("{x:.0}")
        } else {
            format!("{x:.*}", (-e) as usize)
        }
    };
    if percent {
        format!("{}%", plain())
    } else if e >= 6 {
        format!("{:.0}M", x / 1e6)
    } else if e >= 3 {
        format!("{:.0}k", x / 1e3)
    } else {
        plain()
    }
}

/// `x` with `d` decimals; a sign when `sign` and x is not zero at that precision; never `-0`.
pub fn fixed(x: f64, d: usize, sign: bool) -> String {
    let s = format!("{x:.d$}");
    let zero = s
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.');
    if zero {
        s.trim_start_matches('-').to_string()
    } else if sign && x > 0.0 {
        format!("+{s}")
    } else {
        s
    }
}

/// Decimals that show an interval's half-width `half` to two significant digits when they begin
/// with 1 or 2 (0.15, 0.29), to one otherwise (0.7, 0.007): the last digit printed is the first
/// the interval leaves uncertain. 3 when the interval is empty or unknown.
pub fn interval_decimals(half: f64) -> usize {
    if half.is_finite() && half > 0.0 {
        let power = half.log10().floor();
        let digits = if half / 10f64.powf(power) < 3.0 {
            2.0
        } else {
            1.0
        };
        (digits - 1.0 - power).clamp(0.0, 8.0) as usize
    } else {
        3
    }
}

/// A value with no interval to judge its precision by: a share (`percent`, a fraction) with two
/// significant digits of its distance to 0% or 100%, whichever is nearer, at least one decimal
/// (1 in 89 998 is `0.0011%`); a count or mean by its magnitude (`1234`, `12.3`, `0.123`).
pub fn value(v: f64, percent: bool) -> String {
    if v.is_nan() {
        return "—".into();
    }
    if percent {
        let near = (v.min(1.0 - v) * 100.0).abs();
        let decimals = if near > 0.0 && near < 1.0 {
            ((-near.log10()).floor() as usize + 2).min(6)
        } else {
            1
        };
        format!("{}%", fixed(v * 100.0, decimals, false))
    } else {
        let a = v.abs();
        let d = if a >= 100.0 {
            0
        } else if a >= 10.0 {
            1
        } else {
            3
        };
        fixed(v, d, false)
    }
}

/// An estimate and its 95% interval as printed: `(value, "low – high")`, with the decimals of
/// the interval's half-width ([`interval_decimals`]) for all three (a share in percent). A
/// share of exactly 0 or 1 prints as `0%` or `100%`; without a usable interval the value alone
/// by [`value`] and `—`.
pub fn estimate(v: f64, ci: Option<(f64, f64)>, percent: bool) -> (String, String) {
    let scale = if percent { 100.0 } else { 1.0 };
    let unit = if percent { "%" } else { "" };
    let exact = |x: f64, d: usize| {
        if percent && (x == 0.0 || x == 1.0) {
            format!("{:.0}%", x * 100.0)
        } else {
            format!("{}{unit}", fixed(x * scale, d, false))
        }
    };
    match ci.filter(|(lo, hi)| lo.is_finite() && hi.is_finite() && hi > lo) {
        Some((lo, hi)) if v.is_finite() => {
            let d = interval_decimals((hi - lo) * scale / 2.0);
            (exact(v, d), format!("{} – {}", exact(lo, d), exact(hi, d)))
        }
        _ => (value(v, percent), "—".into()),
    }
}

/// A difference B − A and its 95% interval as printed, signed, a difference of shares in
/// percentage points (`+1.2 pp`, `-0.4 pp – +2.1 pp`), decimals as in [`estimate`].
pub fn difference(v: f64, ci: Option<(f64, f64)>, percent: bool) -> (String, String) {
    if v.is_nan() {
        return ("—".into(), "—".into());
    }
    let scale = if percent { 100.0 } else { 1.0 };
    let unit = if percent { " pp" } else { "" };
    match ci.filter(|(lo, hi)| lo.is_finite() && hi.is_finite() && hi > lo) {
        Some((lo, hi)) => {
            let d = interval_decimals((hi - lo) * scale / 2.0);
            let s = |x: f64| format!("{}{unit}", fixed(x * scale, d, true));
            (s(v), format!("{} – {}", s(lo), s(hi)))
        }
        None => (format!("{}{unit}", fixed(v * scale, 3, true)), "—".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_ticks_step_by_one_two_or_five_with_the_steps_decimals() {
        let t = linear_ticks(0.0, 4.4, 8);
        assert_eq!(t.values, vec![0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(t.label(2.0), "2", "a step of 1 prints no decimals");
        let t = linear_ticks(0.0, 0.33, 8);
        assert_eq!(t.values, vec![0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]);
        assert_eq!(t.label(0.1), "0.10");
        let t = linear_ticks(0.0, 1500.0, 8);
        assert_eq!(
            t.values,
            vec![0.0, 200.0, 400.0, 600.0, 800.0, 1000.0, 1200.0, 1400.0]
        );
        let t = linear_ticks(-0.012, 0.031, 8);
        assert_eq!(t.decimals, 2);
        assert!(t.values.contains(&0.0));
        assert!(t.values.len() <= 8 && t.values.len() >= 4, "{t:?}");
    }

    #[test]
    fn no_tick_reads_negative_zero() {
        let t = linear_ticks(-0.3, 0.3, 8);
        let labels: Vec<String> = t.values.iter().map(|&v| t.label(v)).collect();
        assert!(labels.contains(&"0.0".to_string()), "{labels:?}");
        assert!(!labels
            .iter()
            .any(|l| l.starts_with("-0") && l.trim_start_matches(['-', '0', '.']).is_empty()));
        assert_eq!(t.label(-1e-17), "0.0");
        assert_eq!(fixed(-0.0004, 2, false), "0.00");
        assert_eq!(fixed(-0.0, 0, true), "0");
        assert_eq!(fixed(0.5, 1, true), "+0.5");
    }

    #[test]
    fn a_log_axis_of_shares_reads_in_percent() {
        let percent: Vec<String> = (-2..=2).map(|e| log_tick(e as f64, true)).collect();
        assert_eq!(percent, ["0.01%", "0.1%", "1%", "10%", "100%"]);
        assert_eq!(log_tick(3.0, false), "1k");
        assert_eq!(log_tick(6.0, false), "1M");
        assert_eq!(log_tick(-3.0, false), "0.001");
        assert_eq!(log_tick(2.0, false), "100");
    }

    #[test]
    fn estimates_show_the_digits_their_interval_allows() {
        // 99.9949% over an interval 0.02 pp wide is three decimals, not four.
        assert_eq!(
            estimate(0.999949, Some((0.99985, 0.99999)), true),
            ("99.995%".into(), "99.985% – 99.999%".into())
        );
        assert_eq!(
            estimate(5.510, Some((5.157, 5.863)), false),
            ("5.5".into(), "5.2 – 5.9".into())
        );
        assert_eq!(
            estimate(72876.0, Some((69676.0, 76076.0)), false),
            ("72876".into(), "69676 – 76076".into())
        );
        assert_eq!(
            estimate(0.0, Some((0.0, 0.0067)), true),
            ("0%".into(), "0% – 0.7%".into())
        );
        assert_eq!(estimate(0.5, None, true), ("50.0%".into(), "—".into()));
        assert_eq!(estimate(0.00006, Some((0.00006, 0.00006)), true).1, "—");
    }

    #[test]
    fn differences_of_shares_are_percentage_points() {
        assert_eq!(
            difference(0.0243, Some((0.0214, 0.0272)), true),
            ("+2.43 pp".into(), "+2.14 pp – +2.72 pp".into())
        );
        assert_eq!(
            difference(-0.0004, Some((-0.0014, 0.0006)), false),
            ("-0.0004".into(), "-0.0014 – +0.0006".into())
        );
        assert_eq!(difference(-0.0, None, true).0, "0.000 pp");
        assert_eq!(difference(f64::NAN, None, true).0, "—");
    }

    #[test]
    fn values_without_an_interval_keep_two_digits_near_the_ends() {
        assert_eq!(value(1.0 / 89998.0, true), "0.0011%");
        assert_eq!(value(28829.0 / 28830.0, true), "99.9965%");
        assert_eq!(value(-0.0001, false), "0.000");
        assert_eq!(value(1234.4, false), "1234");
    }
}
