//! The headline figures of several runs as one Markdown table, ready for a README: colour
//! balance, floats, ranking quality (Kendall tau), the ARO and opposition spread within score
//! groups, whom the winner met, and what an acceleration (C.04.7) changes (the rating gap of
//! the first rounds' games, the floats at group A's boundary); each run's value with its 95%
//! interval, and each run's difference from the first with its interval and p-value (paired by
//! tournament when the two runs share seed and configuration, as in
//! [`compare`](crate::compare)). Written as `headline.md` by `compare` and by `swisslab report
//! --headline DIR...` for any number of runs (e.g. one per pairing system).

use crate::format::{fixed, interval_decimals as decimals, value as fmt_value};
use crate::load::{self, RunData};
use crate::model::{Metric, Section};
use crate::stats::difference;
use crate::ReportError;
use std::path::PathBuf;

/// The figures of the table, in order, by metric key.
pub const HEADLINE: [&str; 18] = [
    "colour.abs_diff_ge2",
    "colour.mean_abs_diff",
    "colour.pref_granted_strong",
    "colour.pref_granted_mild",
    "floats.downfloats_per_player",
    "floats.upfloats_per_player",
    "floats.repeated_downfloats",
    "floats.repeated_upfloats",
    "ranking.kendall_tau_b",
    "ranking.strongest_wins",
    "aro.final_sd",
    "aro.round_sd",
    "opposition.strength_sd_final",
    "opposition.winner_field_share",
    "opposition.winner_top10_share",
    "acceleration.rating_gap_rounds_1_3",
    "acceleration.boundary_a_downfloats",
    "acceleration.boundary_b_upfloats",
];

/// One run of the table: its column name, its data (for pairing) and its sections.
pub struct Column<'a> {
    pub name: String,
    pub run: &'a RunData,
    pub sections: &'a [Section],
}

impl Column<'_> {
    fn metric(&self, key: &str) -> Option<&Metric> {
        self.sections
            .iter()
            .flat_map(|s| &s.metrics)
            .find(|m| m.key == key)
    }
}

/// `value [low, high]` (shares in percent), decimals from the interval's width.
pub(crate) fn cell(m: &Metric) -> String {
    let scale = if m.percent { 100.0 } else { 1.0 };
    let unit = if m.percent { "%" } else { "" };
    // A zero-width interval (every tournament gave the same figure) says nothing the value
    // does not: the value alone.
    match m.ci().filter(|(lo, hi)| hi > lo) {
        Some((lo, hi)) => {
            let d = decimals((hi - lo) * scale / 2.0);
            format!(
                "{}{unit} [{}, {}]",
                fixed(m.estimate.value() * scale, d, false),
                fixed(lo * scale, d, false),
                fixed(hi * scale, d, false)
            )
        }
        None => fmt_value(m.estimate.value(), m.percent),
    }
}

/// A difference `value [low, high]` with signs; shares in percentage points.
pub(crate) fn diff_cell(value: f64, ci: Option<(f64, f64)>, percent: bool) -> String {
    let scale = if percent { 100.0 } else { 1.0 };
    let unit = if percent { " pp" } else { "" };
    match ci.filter(|(lo, hi)| hi > lo) {
        Some((lo, hi)) => {
            let d = decimals((hi - lo) * scale / 2.0);
            format!(
                "{}{unit} [{}, {}]",
                fixed(value * scale, d, true),
                fixed(lo * scale, d, true),
                fixed(hi * scale, d, true)
            )
        }
        None => format!("{}{unit}", fixed(value * scale, 3, true)),
    }
}

/// The column names: each run's system (with its acceleration, C.04.7), or its folder when
/// two runs share both.
pub fn names(runs: &[&RunData]) -> Vec<String> {
    let systems: Vec<String> = runs
        .iter()
        .map(|r| match r.run.acceleration.trim() {
            "" | "none" => r.run.system.trim().to_string(),
            a => format!("{} {a}", r.run.system.trim()),
        })
        .collect();
    let distinct = systems
        .iter()
        .enumerate()
        .all(|(i, s)| !s.is_empty() && !systems[..i].contains(s));
    if distinct {
        systems
    } else {
        runs.iter().map(|r| r.dir.display().to_string()).collect()
    }
}

/// The Markdown table of `columns` (the first is the baseline of the differences).
pub fn markdown(columns: &[Column]) -> String {
    let mut out = String::new();
    let Some(base) = columns.first() else {
        return out;
    };
    out.push_str(&format!("Runs: {}.\n\n", base.run.parameters()));
    for c in &columns[1..] {
        out.push_str(&format!(
            "Differences {} − {}: {} by tournament.\n\n",
            c.name,
            base.name,
            if base.run.pairs_with(c.run) {
                "paired (same seed and configuration)"
            } else {
                "unpaired (different seed or configuration)"
            }
        ));
    }
    out.push_str("| Figure |");
    for c in columns {
        out.push_str(&format!(" {} |", c.name));
    }
    for c in &columns[1..] {
        out.push_str(&format!(" {} − {} |", c.name, base.name));
    }
    out.push_str("\n|---|");
    for _ in 0..(2 * columns.len() - 1) {
        out.push_str("---|");
    }
    out.push('\n');
    for key in HEADLINE {
        let Some(first) = columns.iter().find_map(|c| c.metric(key)) else {
            continue;
        };
        out.push_str(&format!("| {} |", first.label.replace('|', "\\|")));
        for c in columns {
            let text = c.metric(key).map_or("—".into(), cell);
            out.push_str(&format!(" {text} |"));
        }
        for c in &columns[1..] {
            let text = match (base.metric(key), c.metric(key)) {
                (Some(a), Some(b)) => {
                    let d = difference(&a.estimate, &b.estimate, base.run.pairs_with(c.run));
                    let text = diff_cell(d.value, d.ci, a.percent);
                    if d.p.is_nan() {
                        text
                    } else {
                        format!("{text} (p = {})", p_text(d.p))
                    }
                }
                _ => "—".into(),
            };
            out.push_str(&format!(" {text} |"));
        }
        out.push('\n');
    }
    out.push_str(
        "\n95% intervals in brackets (clustered by tournament; methods in each run's \
         tables/metrics.csv). p-values are not corrected for multiplicity: `report --compare` \
         marks the differences that survive Benjamini-Hochberg over all figures.\n",
    );
    out
}

/// A p-value with two decimals, three below 0.01 and four below 0.001 (so 0.0002 does not print
/// as 0.00), and "< 0.0001" below that.
pub(crate) fn p_text(p: f64) -> String {
    if p.is_nan() {
        "—".into()
    } else if p < 0.0001 {
        "< 0.0001".into()
    } else if p < 0.001 {
        format!("{p:.4}")
    } else if p < 0.01 {
        format!("{p:.3}")
    } else {
        format!("{p:.2}")
    }
}

/// Loads the runs in `dirs` and returns their headline table.
pub fn headline(dirs: &[PathBuf]) -> Result<String, ReportError> {
    let runs: Vec<RunData> = dirs
        .iter()
        .map(|d| load::load(d))
        .collect::<Result<_, _>>()?;
    let sections: Vec<Vec<Section>> = runs.iter().map(crate::sections).collect();
    let names = names(&runs.iter().collect::<Vec<_>>());
    let columns: Vec<Column> = runs
        .iter()
        .zip(&sections)
        .zip(names)
        .map(|((run, sections), name)| Column {
            name,
            run,
            sections,
        })
        .collect();
    Ok(markdown(&columns))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_show_two_digits_of_their_interval() {
        assert_eq!(
            diff_cell(0.0243, Some((0.0214, 0.0272)), true),
            "+2.43 pp [+2.14, +2.72]"
        );
        assert_eq!(
            diff_cell(-0.0004, Some((-0.0014, 0.0006)), false),
            "-0.0004 [-0.0014, +0.0006]"
        );
        assert_eq!(
            diff_cell(0.0, Some((-0.2, 0.2)), false),
            "0.00 [-0.20, +0.20]"
        );
        assert_eq!(fixed(-0.00001, 3, true), "0.000");
        assert_eq!(diff_cell(0.0, Some((0.0, 0.0)), true), "0.000 pp");
    }

    #[test]
    fn small_p_values_keep_their_digits() {
        assert_eq!(p_text(0.00002), "< 0.0001");
        assert_eq!(p_text(0.0002), "0.0002");
        assert_eq!(p_text(0.00234), "0.002");
        assert_eq!(p_text(0.00042), "0.0004");
        assert_eq!(p_text(0.0042), "0.004");
        assert_eq!(p_text(0.042), "0.04");
        assert_eq!(p_text(0.5), "0.50");
    }
}
