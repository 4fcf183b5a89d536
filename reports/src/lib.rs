//! Fairness and quality statistics of a `swisslab simulate` run, as CSV tables and one
//! self-contained HTML report.
//!
//! ```no_run
//! use std::path::Path;
//! let summary = swisslab_reports::write_report(Path::new("study-out"), &Default::default())?;
//! println!("{}", summary.html.display());
//! # Ok::<(), swisslab_reports::ReportError>(())
//! ```
//!
//! [`write_report`] reads the output folder (see [`load`] for how the CSV contract is read),
//! computes one [`Section`](model::Section) per family ([`colour`], [`floats`], [`byes`],
//! [`ranking`], [`acceleration`] (the Baku method's early rating gap and boundary floats),
//! [`aro`] (first for a Dubov run), [`opposition`] (the spread of opponents' strength within
//! score groups, whom the winner met), [`engines`] when the run compared two
//! engines, [`performance`]) and writes `DIR/report.html` and `DIR/tables/*.csv`
//! (`tables/metrics.csv` holds every figure with its interval). [`compare`] does the same for
//! two runs side by side, with differences and their intervals, paired by tournament when the
//! two runs share seed and configuration, and a Benjamini-Hochberg marking over all of them.
//! Interval methods: see [`stats`].
//!
//! Choices where the output contract leaves room (details in each module):
//!
//! - columns are matched by header name; `run.csv` is text; `summary.csv` and the histogram
//!   log may be missing; empty `withdrawn_after`/`bye_player_*` fields are accepted;
//! - the error column is the CSV field number (1-based) of the bad field;
//! - `bye_player_score` is the receiver's score before the round;
//! - White's score counts played games only (`white_wins`, `draws`, `black_wins`);
//! - the final standing for Kendall's tau-b is score, then Buchholz Cut-1, players equal on
//!   both tied (the pairing-number tiebreak of `rank` is not used); "the strongest player wins"
//!   uses `rank` = 1;
//! - intervals of shares are clipped to [0, 1].

pub mod acceleration;
pub mod aro;
pub mod byes;
pub mod charts;
pub mod colour;
pub mod engines;
pub mod floats;
pub mod format;
pub mod headline;
pub mod html;
pub mod load;
pub mod model;
pub mod opposition;
pub mod performance;
pub mod ranking;
pub mod stats;
pub mod team;
pub mod team_study;

use model::{ChartKind, Metric, Section, Table};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Everything that can go wrong while reading a run or writing its report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Bad CSV input; `column` is the 1-based field number (0 when not about one field).
    #[error("{}:{line}:{column}: {message}", path.display())]
    Csv {
        path: PathBuf,
        line: u64,
        column: u64,
        message: String,
    },
    /// Well-formed CSV that contradicts the rest of the run (line 0: the whole file).
    #[error("{}:{line}: {message}", path.display())]
    Invalid {
        path: PathBuf,
        line: u64,
        message: String,
    },
    /// A bad HdrHistogram interval log; `offset` is a byte offset into the file.
    #[error("{}: byte {offset}: {message}", path.display())]
    Hlog {
        path: PathBuf,
        offset: usize,
        message: String,
    },
    #[error("chart {chart}: {message}")]
    Chart { chart: String, message: String },
}

/// Options of [`write_report`] and [`compare`].
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// Write the CSV tables (default true).
    pub tables: bool,
    /// The page title (default "swisslab report: DIR").
    pub title: Option<String>,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            tables: true,
            title: None,
        }
    }
}

/// What was written.
#[derive(Clone, Debug)]
pub struct ReportSummary {
    /// The HTML file.
    pub html: PathBuf,
    /// The CSV tables written.
    pub tables: Vec<PathBuf>,
    /// Tournaments read (both runs for a comparison).
    pub tournaments: usize,
    /// Every figure of the report (of run A for a comparison).
    pub metrics: Vec<Metric>,
}

/// The report's sections for a loaded run, in page order. The ARO spread comes first when the
/// run's system is Dubov (the figure that system pairs to equalise), after the ranking otherwise.
pub fn sections(run: &load::RunData) -> Vec<Section> {
    let dubov = is_dubov(&run.run.system);
    let mut out = vec![
        colour::section(run),
        floats::section(run),
        byes::section(run),
        ranking::section(run),
        acceleration::section(run),
    ];
    let aro = aro::section(run, dubov);
    if dubov {
        out.insert(0, aro);
    } else {
        out.push(aro);
    }
    out.push(opposition::section(run));
    // Two engines compared: only for a run with disagreements.csv.
    out.extend(engines::section(run));
    out.push(performance::section(run));
    // A chart with nothing to draw (no bye in the whole run, ...) is left out; its table says
    // why.
    for s in &mut out {
        s.charts.retain(|c| {
            c.series
                .iter()
                .any(|s| s.points.iter().any(|p| p.y.is_finite()))
        });
    }
    out
}

/// Whether `system` (run.csv) names an edition of the Dubov system (`dubov-1997`, `dubov-2026`).
pub fn is_dubov(system: &str) -> bool {
    system.trim().to_ascii_lowercase().starts_with("dubov")
}

pub(crate) fn write_file(path: &Path, contents: &[u8]) -> Result<(), ReportError> {
    let io = |source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    };
    let tmp = path.with_extension("tmp~");
    std::fs::write(&tmp, contents).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

pub(crate) fn write_table(dir: &Path, table: &Table) -> Result<PathBuf, ReportError> {
    let path = dir.join(format!("{}.csv", table.name));
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| ReportError::Io {
        path: path.clone(),
        source: std::io::Error::other(e.to_string()),
    };
    w.write_record(&table.header).map_err(err)?;
    for r in &table.rows {
        w.write_record(r).map_err(err)?;
    }
    let bytes = w.into_inner().map_err(|e| ReportError::Io {
        path: path.clone(),
        source: std::io::Error::other(e.to_string()),
    })?;
    write_file(&path, &bytes)?;
    Ok(path)
}

fn metrics_table(name: &str, sections: &[Section]) -> Table {
    let mut t = Table::new(
        name,
        "Every figure of the report with its 95% interval",
        &[
            "family",
            "key",
            "label",
            "value",
            "ci_low",
            "ci_high",
            "events",
            "n",
            "unit",
            "tournaments",
            "method",
        ],
    );
    for s in sections {
        for m in &s.metrics {
            let [lo, hi] = model::ci_cells(m.ci());
            t.push(vec![
                s.id.to_string(),
                m.key.clone(),
                m.label.clone(),
                model::num(m.estimate.value()),
                lo,
                hi,
                m.estimate
                    .counts()
                    .map_or(String::new(), |(k, _)| model::num(k)),
                m.estimate.n().to_string(),
                m.unit.to_string(),
                m.estimate.clusters().to_string(),
                m.estimate.method().to_string(),
            ]);
        }
    }
    t
}

fn create_dir(path: &Path) -> Result<(), ReportError> {
    std::fs::create_dir_all(path).map_err(|source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads the simulate output folder `dir` and writes `dir/report.html` and `dir/tables/`.
/// A folder of team events (`teams.csv`, no `run.csv`) gets the team report ([`team`]).
pub fn write_report(dir: &Path, opts: &ReportOptions) -> Result<ReportSummary, ReportError> {
    let (parameters, sections, tournaments) = if team::is_team_run(dir) {
        let run = team::load(dir)?;
        (run.parameters(), team::sections(&run), run.events.len())
    } else {
        let run = load::load(dir)?;
        (run.parameters(), sections(&run), run.tournaments.len())
    };
    let title = opts
        .title
        .clone()
        .unwrap_or_else(|| format!("swisslab report: {}", dir.display()));
    let page = html::report_page(&title, &parameters, &sections, opts.tables)?;
    let html_path = dir.join("report.html");
    let mut tables = Vec::new();
    if opts.tables {
        let tdir = dir.join("tables");
        create_dir(&tdir)?;
        tables.push(write_table(&tdir, &metrics_table("metrics", &sections))?);
        for s in &sections {
            for t in &s.tables {
                tables.push(write_table(&tdir, t)?);
            }
        }
    }
    write_file(&html_path, page.as_bytes())?;
    Ok(ReportSummary {
        html: html_path,
        tables,
        tournaments,
        metrics: sections.into_iter().flat_map(|s| s.metrics).collect(),
    })
}

/// Category labels in order: numerically when every label is a number, else first-seen.
fn merge_categories(a: &[String], b: &[String]) -> Vec<String> {
    let mut all: Vec<String> = a.to_vec();
    for c in b {
        if !all.contains(c) {
            all.push(c.clone());
        }
    }
    let parsed: Option<Vec<f64>> = all
        .iter()
        .map(|c| c.trim_start_matches('+').parse::<f64>().ok())
        .collect();
    if let Some(values) = parsed {
        let mut pairs: Vec<(f64, String)> = values.into_iter().zip(all).collect();
        pairs.sort_by(|x, y| x.0.total_cmp(&y.0));
        pairs.into_iter().map(|p| p.1).collect()
    } else {
        all
    }
}

/// Run B's chart beside run A's: bars side by side in each category, lines shifted a little
/// to the right so that neither hides the other. A category of shares one run lacks is drawn
/// for it with 0 events (see [`model::bars`]).
fn merge_chart(a: &model::Chart, b: &model::Chart) -> model::Chart {
    let name = |run: &str, s: &model::Series, n: usize| {
        if n == 1 {
            run.to_string()
        } else {
            format!("{run}: {}", s.name)
        }
    };
    let mut out = a.clone();
    out.caption = format!("{} Run A and run B side by side.", a.caption);
    out.series.clear();
    match (&a.kind, &b.kind) {
        (
            ChartKind::Bars {
                categories: ca,
                log_y,
            },
            ChartKind::Bars { categories: cb, .. },
        ) => {
            let cats = merge_categories(ca, cb);
            for (run, chart, own) in [("A", a, ca), ("B", b, cb)] {
                for s in &chart.series {
                    let mut s2 = s.clone();
                    s2.name = name(run, s, chart.series.len());
                    s2.points = bar_points(s, own, &cats);
                    out.series.push(s2);
                }
            }
            out.kind = ChartKind::Bars {
                categories: cats,
                log_y: *log_y,
            };
        }
        _ => {
            let step = line_step(a);
            for (run, chart, shift) in [("A", a, -0.08 * step), ("B", b, 0.08 * step)] {
                for s in &chart.series {
                    let mut s2 = s.clone();
                    s2.name = name(run, s, chart.series.len());
                    for p in &mut s2.points {
                        p.x += shift;
                    }
                    out.series.push(s2);
                }
            }
        }
    }
    out
}

/// A bar series' points placed on the merged categories `cats` (its own are `own`), one per
/// category: a category of shares the series lacks gets 0 events over the same trials.
fn bar_points(s: &model::Series, own: &[String], cats: &[String]) -> Vec<model::Point> {
    let zero = s
        .points
        .iter()
        .find_map(|p| p.estimate.as_ref())
        .and_then(|(e, scale)| Some((e.without_events()?, *scale)));
    cats.iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let found = s
                .points
                .iter()
                .find(|p| own.get(p.x as usize) == Some(c))
                .cloned();
            let mut p = match (found, &zero) {
                (Some(p), _) => p,
                (None, Some((e, scale))) => model::Point {
                    label: Some("0".into()),
                    ..model::Point::of(i as f64, e, *scale)
                },
                (None, None) => return None,
            };
            p.x = i as f64;
            Some(p)
        })
        .collect()
}

/// The smallest gap between two x values of a line chart (1 when there is none).
fn line_step(c: &model::Chart) -> f64 {
    let mut xs: Vec<f64> = c
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.x))
        .collect();
    xs.sort_by(f64::total_cmp);
    let step = xs
        .windows(2)
        .map(|w| w[1] - w[0])
        .filter(|d| *d > 1e-9)
        .fold(f64::INFINITY, f64::min);
    if step.is_finite() {
        step
    } else {
        1.0
    }
}

/// The difference B - A of every point the two charts share (same series, same x; a bar
/// category of shares one run lacks counts 0 events there), with the interval of the table
/// beside the chart: [`stats::difference`] of the two points' estimates, paired by tournament
/// when `paired`. `None` for charts without estimates behind their points.
fn difference_chart(a: &model::Chart, b: &model::Chart, paired: bool) -> Option<model::Chart> {
    let (cats, bars) = match (&a.kind, &b.kind) {
        (ChartKind::Bars { categories: ca, .. }, ChartKind::Bars { categories: cb, .. }) => {
            let cats = merge_categories(ca, cb);
            (cats.clone(), Some((ca.clone(), cb.clone(), cats)))
        }
        _ => (Vec::new(), None),
    };
    let mut series = Vec::new();
    let mut methods: Vec<&'static str> = Vec::new();
    for sa in &a.series {
        let Some(sb) = b.series.iter().find(|s| s.name == sa.name) else {
            continue;
        };
        let (pa, pb) = match &bars {
            Some((ca, cb, cats)) => (bar_points(sa, ca, cats), bar_points(sb, cb, cats)),
            None => (sa.points.clone(), sb.points.clone()),
        };
        let mut points = Vec::new();
        for p in &pa {
            let Some(q) = pb.iter().find(|q| (q.x - p.x).abs() < 1e-9) else {
                continue;
            };
            let (Some((ea, scale)), Some((eb, _))) = (&p.estimate, &q.estimate) else {
                continue;
            };
            let d = stats::difference(ea, eb, paired);
            if d.value.is_nan() {
                continue;
            }
            if d.ci.is_some() && !methods.contains(&d.method) {
                methods.push(d.method);
            }
            let label = match (ea.counts(), eb.counts()) {
                (Some((ka, _)), Some((kb, _))) => Some(format!(
                    "{}→{}",
                    model::compact_count(ka),
                    model::compact_count(kb)
                )),
                _ => None,
            };
            points.push(model::Point {
                x: p.x,
                y: d.value * scale,
                ci: d.ci.map(|(lo, hi)| (lo * scale, hi * scale)),
                estimate: None,
                label,
            });
        }
        if !points.is_empty() {
            series.push(model::Series {
                name: sa.name.clone(),
                points,
            });
        }
    }
    if series.is_empty() {
        return None;
    }
    let x_ticks = match &a.kind {
        ChartKind::Bars { .. } => Some(
            cats.iter()
                .enumerate()
                .map(|(i, c)| (i as f64, c.clone()))
                .collect(),
        ),
        ChartKind::Lines { x_ticks, .. } => x_ticks.clone(),
    };
    // The difference is drawn on a linear axis whatever the chart above used.
    let unit = difference_unit(&a.y_label, a.percent());
    let how = if paired {
        "paired by tournament, as the runs share seed and configuration"
    } else {
        "unpaired, as the runs differ in seed or configuration"
    };
    let counts = if series
        .iter()
        .any(|s| s.points.iter().any(|p| p.label.is_some()))
    {
        " The numbers at the top are the events of run A → run B."
    } else {
        ""
    };
    Some(model::Chart {
        id: format!("{}-difference", a.id),
        title: format!("{}: B − A", a.title),
        caption: format!(
            "The difference B − A of each point of the chart above (linear scale) with its 95% interval, the same as in the table: {how} (method {}; see the methods below).{counts} Unit: {}.",
            if methods.is_empty() { "none".to_string() } else { methods.join(", ") },
            unit.1
        ),
        x_label: a.x_label.clone(),
        y_label: format!("B − A ({})", unit.0),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks,
        },
        legend: false,
        series,
    })
}

/// The unit of a difference of a chart's values with y axis `y_label`, short for the axis and
/// in words for the caption: percentage points for shares (`pp`, never `%`), else the unit in
/// the label's brackets (`rating points`) or the whole label (`floats per player`), without
/// its log-scale note, so that the axis reads `B − A (pp)` with no brackets inside brackets.
fn difference_unit(y_label: &str, percent: bool) -> (String, String) {
    if percent {
        return ("pp".into(), "percentage points (pp)".into());
    }
    let label = y_label
        .replace(", log scale", "")
        .replace(" (log scale)", "");
    let unit = match (label.rfind('('), label.ends_with(')')) {
        (Some(open), true) => label[open + 1..label.len() - 1].to_string(),
        _ => label,
    };
    (unit.clone(), unit)
}

/// Every difference B − A of the figures of A (`None` where B lacks the figure), in the order
/// of A's sections and metrics: an untested figure is shown without a p-value or interval.
fn differences(
    sa: &[Section],
    b_metrics: &BTreeMap<&str, &Metric>,
    paired: bool,
) -> Vec<Vec<Option<stats::Difference>>> {
    sa.iter()
        .map(|s| {
            s.metrics
                .iter()
                .map(|m| {
                    b_metrics.get(m.key.as_str()).map(|o| {
                        let d = stats::difference(&m.estimate, &o.estimate, paired);
                        if m.tested {
                            d
                        } else {
                            // Shown, not tested: no p-value, no interval to read as a test.
                            stats::Difference {
                                ci: None,
                                p: f64::NAN,
                                method: "not tested",
                                ..d
                            }
                        }
                    })
                })
                .collect()
        })
        .collect()
}

/// The table of the comparison (`tables/compare.csv`), without rows.
fn compare_table() -> Table {
    Table::new(
        "compare",
        "Every figure of runs A and B with the difference B - A",
        &[
            "family",
            "key",
            "label",
            "a",
            "a_ci_low",
            "a_ci_high",
            "a_n",
            "b",
            "b_ci_low",
            "b_ci_high",
            "b_n",
            "diff",
            "diff_ci_low",
            "diff_ci_high",
            "method",
            "p",
            "bh_fdr_5",
        ],
    )
}

/// One row of the comparison: run A's figure `m`, run B's (`other`), the difference and its
/// Benjamini-Hochberg marking, for the table.
fn compare_cells(
    family: &str,
    m: &Metric,
    other: Option<&Metric>,
    diff: &Option<stats::Difference>,
    discovery: bool,
) -> Vec<String> {
    let [alo, ahi] = model::ci_cells(m.ci());
    let (bv, [blo, bhi], bn) = match other {
        Some(o) => (
            model::num(o.estimate.value()),
            model::ci_cells(o.ci()),
            o.estimate.n().to_string(),
        ),
        None => (String::new(), [String::new(), String::new()], String::new()),
    };
    let (dv, [dlo, dhi], method, pv) = match diff {
        Some(d) => (
            model::num(d.value),
            model::ci_cells(d.ci),
            d.method,
            model::num(d.p),
        ),
        None => (
            String::new(),
            [String::new(), String::new()],
            "",
            String::new(),
        ),
    };
    vec![
        family.to_string(),
        m.key.clone(),
        m.label.clone(),
        model::num(m.estimate.value()),
        alo,
        ahi,
        m.estimate.n().to_string(),
        bv,
        blo,
        bhi,
        bn,
        dv,
        dlo,
        dhi,
        method.to_string(),
        pv,
        u8::from(discovery).to_string(),
    ]
}

/// The sections of run A with B's figures beside each (`rows`) and each chart merged with
/// B's and followed by the difference; every row is written to `table` too.
fn merged_sections<'a>(
    (sa, sb): (&'a [Section], &'a [Section]),
    b_metrics: &BTreeMap<&str, &'a Metric>,
    diffs: &[Vec<Option<stats::Difference>>],
    discoveries: &[bool],
    paired: bool,
    table: &mut Table,
) -> Vec<(Section, Vec<html::CompareRow<'a>>)> {
    let mut merged = Vec::new();
    let mut flat = 0;
    for (s, ds) in sa.iter().zip(diffs) {
        // Sections are matched by id: a section one run lacks (engines) has no charts to pair.
        let no_charts = Vec::new();
        let b_charts = sb
            .iter()
            .find(|x| x.id == s.id)
            .map_or(&no_charts, |x| &x.charts);
        let mut rows = Vec::new();
        for (m, diff) in s.metrics.iter().zip(ds) {
            let other = b_metrics.get(m.key.as_str()).copied();
            let discovery = discoveries[flat];
            flat += 1;
            table.push(compare_cells(s.id, m, other, diff, discovery));
            rows.push(html::CompareRow {
                a: m,
                b: other,
                diff: *diff,
                discovery,
            });
        }
        let mut section = s.clone();
        section.charts = s
            .charts
            .iter()
            .filter_map(|c| b_charts.iter().find(|d| d.id == c.id).map(|d| (c, d)))
            .flat_map(|(c, d)| {
                std::iter::once(merge_chart(c, d)).chain(difference_chart(c, d, paired))
            })
            .collect();
        merged.push((section, rows));
    }
    merged
}

/// Compares two runs: writes `out/compare.html`, `out/tables/compare.csv` (B − A for every
/// figure with its interval and p-value, paired when the runs share seed and configuration,
/// with the Benjamini-Hochberg marking) and `out/headline.md` (the [`headline`] figures of
/// both runs as a Markdown table), and returns run A's figures.
pub fn compare(
    dir_a: &Path,
    dir_b: &Path,
    out: &Path,
    opts: &ReportOptions,
) -> Result<ReportSummary, ReportError> {
    for dir in [dir_a, dir_b] {
        if team::is_team_run(dir) {
            return Err(ReportError::Invalid {
                path: dir.join("teams.csv"),
                line: 0,
                message: "a run of team events: --compare compares individual runs; a team run \
                          against an individual run of the same fields is --team-study"
                    .into(),
            });
        }
    }
    let a = load::load(dir_a)?;
    let b = load::load(dir_b)?;
    let paired = a.pairs_with(&b);
    let sa = sections(&a);
    let sb = sections(&b);
    let b_metrics: BTreeMap<&str, &Metric> = sb
        .iter()
        .flat_map(|s| &s.metrics)
        .map(|m| (m.key.as_str(), m))
        .collect();
    // Every difference first, for the false-discovery-rate marking over all of them.
    let diffs = differences(&sa, &b_metrics, paired);
    let p: Vec<f64> = diffs
        .iter()
        .flatten()
        .map(|d| d.map_or(f64::NAN, |d| d.p))
        .collect();
    let discoveries = stats::benjamini_hochberg(&p, FDR);
    let mut table = compare_table();
    let merged = merged_sections(
        (&sa, &sb),
        &b_metrics,
        &diffs,
        &discoveries,
        paired,
        &mut table,
    );
    let compared = p.iter().filter(|p| !p.is_nan()).count();
    let summary = html::CompareSummary {
        paired,
        compared,
        significant: diffs
            .iter()
            .flatten()
            .flatten()
            .filter(|d| d.significant())
            .count(),
        discoveries: discoveries.iter().filter(|d| **d).count(),
        tables: opts.tables,
    };
    let page = html::compare_page(&a.parameters(), &b.parameters(), &merged, &summary)?;
    create_dir(out)?;
    let mut tables = Vec::new();
    if opts.tables {
        let tdir = out.join("tables");
        create_dir(&tdir)?;
        tables.push(write_table(&tdir, &table)?);
    }
    let html_path = out.join("compare.html");
    write_file(&html_path, page.as_bytes())?;
    // The headline figures of both runs as a Markdown table.
    let names = headline::names(&[&a, &b]);
    let md = headline::markdown(&[
        headline::Column {
            name: names[0].clone(),
            run: &a,
            sections: &sa,
        },
        headline::Column {
            name: names[1].clone(),
            run: &b,
            sections: &sb,
        },
    ]);
    write_file(&out.join("headline.md"), md.as_bytes())?;
    Ok(ReportSummary {
        html: html_path,
        tables,
        tournaments: a.tournaments.len() + b.tournaments.len(),
        metrics: sa.into_iter().flat_map(|s| s.metrics).collect(),
    })
}

/// The false-discovery rate of the Benjamini-Hochberg marking on the compare page.
pub const FDR: f64 = 0.05;

#[cfg(test)]
mod tests {
    use super::*;
    use stats::Estimate;

    fn shares(counts: &[&[f64]]) -> Vec<Estimate> {
        counts
            .iter()
            .map(|per| {
                let units: Vec<(u64, f64, f64)> = per
                    .iter()
                    .enumerate()
                    .map(|(i, &k)| (i as u64, k, 40.0))
                    .collect();
                Estimate::ratio(&units)
            })
            .collect()
    }

    fn chart(cats: &[&str], ests: Vec<Estimate>) -> model::Chart {
        model::bar_chart(
            model::ChartText {
                id: "c",
                title: "C",
                caption: "",
                x_label: "x",
                y_label: "players (%, log scale)",
                counted: Some("players"),
            },
            cats.iter().map(|c| c.to_string()).collect(),
            vec![("players".into(), ests)],
            100.0,
        )
        .log_y()
    }

    #[test]
    fn difference_charts_keep_zero_categories_and_take_the_tables_interval() {
        // Run A has 2 players at +3 (tournaments 1 and 4); run B has none, so its chart lacks +3.
        let a = chart(
            &["+0", "+1", "+3"],
            shares(&[
                &[20.0, 21.0, 19.0, 20.0, 22.0],
                &[20.0, 19.0, 21.0, 20.0, 18.0],
                &[0.0, 1.0, 0.0, 0.0, 1.0],
            ]),
        );
        let b = chart(
            &["+0", "+1"],
            shares(&[
                &[21.0, 20.0, 19.0, 22.0, 20.0],
                &[19.0, 20.0, 21.0, 18.0, 20.0],
            ]),
        );
        let d = difference_chart(&a, &b, true).unwrap();
        let pts = &d.series[0].points;
        assert_eq!(pts.len(), 3, "the +3 category is kept");
        let p3 = &pts[2];
        assert_eq!(p3.label.as_deref(), Some("2→0"));
        let (lo, hi) = p3.ci.unwrap();
        // -2/200 = -1%; the exact ends keep the interval wide on both sides of it.
        assert!((p3.y + 1.0).abs() < 1e-9, "{}", p3.y);
        assert!(lo < -2.0 && hi > 0.0, "{lo} {hi}");
        assert!(d.caption.contains("paired by tournament"), "{}", d.caption);
        assert!(d.caption.contains("paired-mover"), "{}", d.caption);
        // The same interval as the table's.
        let ea = Estimate::ratio(&[
            (0, 0.0, 40.0),
            (1, 1.0, 40.0),
            (2, 0.0, 40.0),
            (3, 0.0, 40.0),
            (4, 1.0, 40.0),
        ]);
        let eb = ea.without_events().unwrap();
        let t = stats::difference(&ea, &eb, true).ci.unwrap();
        assert!((t.0 * 100.0 - lo).abs() < 1e-9 && (t.1 * 100.0 - hi).abs() < 1e-9);
        // The merged chart draws the +3 bar of run B with 0 players.
        let m = merge_chart(&a, &b);
        let zero = &m.series[1].points[2];
        assert_eq!(zero.y, 0.0);
        assert_eq!(zero.label.as_deref(), Some("0"));
        assert!(zero.ci.unwrap().1 > 0.0);
        // Unpaired: Newcombe's interval, said so.
        let u = difference_chart(&a, &b, false).unwrap();
        assert!(u.caption.contains("unpaired"), "{}", u.caption);
        assert!(u.caption.contains("newcombe"), "{}", u.caption);
    }

    /// The texts of an SVG chart (`<text>` elements, trimmed).
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                let body = &t[t.find('>')? + 1..];
                Some(body[..body.find("</text>")?].trim().to_string())
            })
            .collect()
    }

    #[test]
    fn a_log_axis_of_shares_reads_in_percent_up_to_100() {
        // 95% and 0.5% of the players: the axis ends above 100% for the count, with no tick
        // there ("1k" was 1000%).
        let c = chart(
            &["a", "b"],
            shares(&[&[38.0, 38.0, 38.0, 38.0, 38.0], &[0.0, 1.0, 0.0, 0.0, 0.0]]),
        );
        let t = texts(&charts::render(&c).unwrap());
        for want in ["0.1%", "1%", "10%", "100%", "players (%, log scale)"] {
            assert!(t.iter().any(|x| x == want), "{want} in {t:?}");
        }
        assert!(!t.iter().any(|x| x == "1k" || x == "1000%"), "{t:?}");
        assert!(c
            .caption
            .contains("number above each bar is its count of players"));
    }

    #[test]
    fn difference_charts_read_pp_without_brackets_in_brackets() {
        let a = chart(
            &["+0", "+1"],
            shares(&[
                &[20.0, 21.0, 19.0, 20.0, 22.0],
                &[20.0, 19.0, 21.0, 20.0, 18.0],
            ]),
        );
        let b = chart(
            &["+0", "+1"],
            shares(&[
                &[21.0, 20.0, 19.0, 22.0, 20.0],
                &[19.0, 20.0, 21.0, 18.0, 20.0],
            ]),
        );
        let d = difference_chart(&a, &b, true).unwrap();
        assert_eq!(d.y_label, "B − A (pp)");
        assert!(
            d.caption.contains("Unit: percentage points (pp)."),
            "{}",
            d.caption
        );
        let t = texts(&charts::render(&d).unwrap());
        // Ticks around 0 (the differences straddle it): no negative zero, one step's decimals.
        assert!(
            t.iter().any(|x| x == "0" || x == "0.0" || x == "0.00"),
            "{t:?}"
        );
        assert!(
            !t.iter()
                .any(|x| x.starts_with("-0") && x.trim_start_matches(['-', '0', '.']).is_empty()),
            "{t:?}"
        );
        assert_eq!(
            difference_unit("ARO standard deviation (rating points)", false).0,
            "rating points"
        );
        assert_eq!(
            difference_unit("floats per player", false).0,
            "floats per player"
        );
        assert_eq!(
            difference_unit("pairing time (µs, log scale)", false).0,
            "µs"
        );
    }

    #[test]
    fn a_single_named_line_gets_its_legend_when_asked() {
        let mut c = model::Chart {
            id: "t".into(),
            title: "T".into(),
            caption: "one line per field size".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            kind: ChartKind::Lines {
                log_y: true,
                x_ticks: None,
            },
            legend: true,
            series: vec![model::Series {
                name: "500 players".into(),
                points: vec![
                    model::Point::plain(0.0, 100.0),
                    model::Point::plain(1.0, 2e5),
                ],
            }],
        };
        let t = texts(&charts::render(&c).unwrap());
        assert!(t.iter().any(|x| x == "500 players"), "{t:?}");
        // Not a share: a log axis of times reads 1k, 10k.
        assert!(
            t.iter().any(|x| x == "1k") && t.iter().any(|x| x == "100k"),
            "{t:?}"
        );
        c.legend = false;
        let t = texts(&charts::render(&c).unwrap());
        assert!(!t.iter().any(|x| x == "500 players"), "{t:?}");
    }
}
