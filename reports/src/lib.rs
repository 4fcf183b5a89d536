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
//! [`ranking`], [`performance`]) and writes `DIR/report.html` and `DIR/tables/*.csv`
//! (`tables/metrics.csv` holds every figure with its interval). [`compare`] does the same for
//! two runs side by side, with differences and their intervals. Interval methods: see
//! [`stats`].
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
//! - intervals of shares averaged over tournaments are clipped to [0, 1].

pub mod byes;
pub mod charts;
pub mod colour;
pub mod floats;
pub mod html;
pub mod load;
pub mod model;
pub mod performance;
pub mod ranking;
pub mod stats;

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

/// The report's sections for a loaded run, in page order.
pub fn sections(run: &load::RunData) -> Vec<Section> {
    vec![
        colour::section(run),
        floats::section(run),
        byes::section(run),
        ranking::section(run),
        performance::section(run),
    ]
}

fn write_file(path: &Path, contents: &[u8]) -> Result<(), ReportError> {
    let io = |source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    };
    let tmp = path.with_extension("tmp~");
    std::fs::write(&tmp, contents).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

fn write_table(dir: &Path, table: &Table) -> Result<PathBuf, ReportError> {
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
            "family", "key", "label", "value", "ci_low", "ci_high", "n", "unit", "method",
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
                m.estimate.n().to_string(),
                m.unit.to_string(),
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
pub fn write_report(dir: &Path, opts: &ReportOptions) -> Result<ReportSummary, ReportError> {
    let run = load::load(dir)?;
    let sections = sections(&run);
    let title = opts
        .title
        .clone()
        .unwrap_or_else(|| format!("swisslab report: {}", dir.display()));
    let page = html::report_page(&title, &run.parameters(), &sections)?;
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
        tournaments: run.tournaments.len(),
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

/// Overlays the chart of run B on the same chart of run A.
fn merge_chart(a: &model::Chart, b: &model::Chart) -> model::Chart {
    let name = |run: &str, s: &model::Series, n: usize| {
        if n == 1 {
            run.to_string()
        } else {
            format!("{run}: {}", s.name)
        }
    };
    let mut out = a.clone();
    out.caption = format!("{} Run A and run B overlaid.", a.caption);
    out.series.clear();
    match (&a.kind, &b.kind) {
        (ChartKind::Bars { categories: ca }, ChartKind::Bars { categories: cb }) => {
            let cats = merge_categories(ca, cb);
            for (run, chart, own) in [("A", a, ca), ("B", b, cb)] {
                for s in &chart.series {
                    let mut s2 = s.clone();
                    s2.name = name(run, s, chart.series.len());
                    for p in &mut s2.points {
                        let label = &own[p.x as usize];
                        p.x = cats.iter().position(|c| c == label).unwrap_or(0) as f64;
                    }
                    out.series.push(s2);
                }
            }
            out.kind = ChartKind::Bars { categories: cats };
        }
        _ => {
            for (run, chart) in [("A", a), ("B", b)] {
                for s in &chart.series {
                    let mut s2 = s.clone();
                    s2.name = name(run, s, chart.series.len());
                    out.series.push(s2);
                }
            }
        }
    }
    out
}

/// Compares two runs: writes `out/compare.html` and `out/tables/compare.csv` (B − A for every
/// figure, Welch or Newcombe intervals) and returns run A's figures.
pub fn compare(
    dir_a: &Path,
    dir_b: &Path,
    out: &Path,
    opts: &ReportOptions,
) -> Result<ReportSummary, ReportError> {
    let a = load::load(dir_a)?;
    let b = load::load(dir_b)?;
    let sa = sections(&a);
    let sb = sections(&b);
    let b_metrics: BTreeMap<&str, &Metric> = sb
        .iter()
        .flat_map(|s| &s.metrics)
        .map(|m| (m.key.as_str(), m))
        .collect();
    let mut table = Table::new(
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
        ],
    );
    let mut merged = Vec::new();
    for (s, s_b) in sa.iter().zip(&sb) {
        let mut rows = Vec::new();
        for m in &s.metrics {
            let other = b_metrics.get(m.key.as_str()).copied();
            let diff = other.map(|o| stats::difference(&m.estimate, &o.estimate));
            let [alo, ahi] = model::ci_cells(m.ci());
            let (bv, [blo, bhi], bn) = match other {
                Some(o) => (
                    model::num(o.estimate.value()),
                    model::ci_cells(o.ci()),
                    o.estimate.n().to_string(),
                ),
                None => (String::new(), [String::new(), String::new()], String::new()),
            };
            let (dv, [dlo, dhi], method) = match &diff {
                Some(d) => (model::num(d.value), model::ci_cells(d.ci), d.method),
                None => (String::new(), [String::new(), String::new()], ""),
            };
            table.push(vec![
                s.id.to_string(),
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
            ]);
            rows.push(html::CompareRow {
                a: m,
                b: other,
                diff,
            });
        }
        let mut section = s.clone();
        section.charts = s
            .charts
            .iter()
            .filter_map(|c| {
                s_b.charts
                    .iter()
                    .find(|d| d.id == c.id)
                    .map(|d| merge_chart(c, d))
            })
            .collect();
        merged.push((section, rows));
    }
    let page = html::compare_page(&a.parameters(), &b.parameters(), &merged)?;
    create_dir(out)?;
    let mut tables = Vec::new();
    if opts.tables {
        let tdir = out.join("tables");
        create_dir(&tdir)?;
        tables.push(write_table(&tdir, &table)?);
    }
    let html_path = out.join("compare.html");
    write_file(&html_path, page.as_bytes())?;
    Ok(ReportSummary {
        html: html_path,
        tables,
        tournaments: a.tournaments.len() + b.tournaments.len(),
        metrics: sa.into_iter().flat_map(|s| s.metrics).collect(),
    })
}
