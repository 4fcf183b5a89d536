//! Pairing time by field size.
//!
//! Percentiles come from the HdrHistogram log (`histograms/pairing-us.hlog`, one histogram per
//! field size, microseconds per round pairing); the averages with intervals come from
//! tournaments.csv: per tournament, `pair_us_total / rounds_paired`, averaged over the
//! tournaments of each field size.

use crate::load::RunData;
use crate::model::{num, Chart, ChartKind, Metric, Point, Section, Series, Table};
use crate::stats::Estimate;
use std::collections::BTreeMap;

/// Quantiles plotted, on the "nines" axis x = -log10(1 - q).
const QUANTILES: [f64; 10] = [0.0, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.995, 0.999, 0.9999];

pub fn section(run: &RunData) -> Section {
    let mut per_field: BTreeMap<u32, Vec<(u64, f64)>> = BTreeMap::new();
    let mut all = Vec::new();
    for t in &run.tournaments {
        if t.row.rounds_paired > 0 {
            let v = t.row.pair_us_total / t.row.rounds_paired as f64;
            per_field
                .entry(t.row.players)
                .or_default()
                .push((t.row.tournament, v));
            all.push((t.row.tournament, v));
        }
    }
    let mut metrics = vec![Metric::new(
        "performance.mean_round_us",
        "Mean pairing time per round, all field sizes (µs)",
        "tournaments",
        Estimate::mean(&all),
    )
    .untested()];
    if per_field.len() > 1 {
        for (players, v) in &per_field {
            metrics.push(
                Metric::new(
                    &format!("performance.mean_round_us.players={players}"),
                    &format!("Mean pairing time per round, {players} players (µs)"),
                    "tournaments",
                    Estimate::mean(v),
                )
                .untested(),
            );
        }
    }

    let mut table = Table::new(
        "pairing_time",
        "Pairing time per round by field size (µs), from the HdrHistogram log",
        &[
            "players", "rounds", "mean", "p50", "p90", "p99", "p99_9", "max",
        ],
    );
    let mut series = Vec::new();
    for fh in &run.histograms {
        let h = &fh.histogram;
        let q = |x: f64| h.value_at_quantile(x) as f64;
        table.push(vec![
            fh.players.to_string(),
            h.len().to_string(),
            num(h.mean()),
            num(q(0.5)),
            num(q(0.9)),
            num(q(0.99)),
            num(q(0.999)),
            num(h.max() as f64),
        ]);
        series.push(Series {
            name: format!("{} players", fh.players),
            points: QUANTILES
                .iter()
                .map(|&p| Point::plain(-(1.0 - p).log10(), q(p).max(1.0)))
                .collect(),
        });
    }
    let mut charts = Vec::new();
    if !series.is_empty() {
        charts.push(Chart {
            id: "pairing-time".into(),
            title: "Pairing time per round".into(),
            caption: "Distribution of the time to pair one round: one line per field size, named in the legend, at the value below which the given share of round pairings fall (HdrHistogram log; log scale).".into(),
            x_label: "percentile".into(),
            y_label: "pairing time (µs)".into(),
            kind: ChartKind::Lines {
                log_y: true,
                x_ticks: Some(vec![
                    (0.0, "0%".into()),
                    (-(0.5f64).log10(), "50%".into()),
                    (1.0, "90%".into()),
                    (2.0, "99%".into()),
                    (3.0, "99.9%".into()),
                    (4.0, "99.99%".into()),
                ]),
            },
            legend: true,
            series,
        });
    }
    let mut intro = String::from(
        "Time to pair one round (microseconds). Percentiles from the HdrHistogram log; means per tournament from tournaments.csv. \
         Times depend on the machine and on its load while the run was made: a comparison shows them but does not test them.",
    );
    if run.histograms.is_empty() {
        intro.push_str(" This run has no histograms/pairing-us.hlog, so no percentiles are shown.");
    }
    if let Some(s) = &run.summary {
        intro.push_str(&format!(
            " The whole run took {:.1} s for {} rounds paired.",
            s.wall_seconds, s.rounds_paired
        ));
    }
    Section {
        id: "performance",
        title: "Performance",
        intro,
        metrics,
        charts,
        tables: vec![table],
    }
}
