//! What every statistics family hands to the HTML and CSV writers: scalar metrics with
//! intervals, tables and chart data (charts are data here so that a comparison can overlay two
//! runs; `charts` turns them into SVG).

use crate::stats::Estimate;

/// One figure of the report.
#[derive(Clone, Debug)]
pub struct Metric {
    /// Stable identifier, e.g. `colour.abs_diff_ge2`; comparisons match metrics by it.
    pub key: String,
    /// What it is, in words.
    pub label: String,
    /// What the units of `n` are ("tournaments", "players", "preferences", ...).
    pub unit: &'static str,
    pub estimate: Estimate,
    /// Shown as a percentage.
    pub percent: bool,
    /// Compared between runs with a test; false for figures that depend on the machine and its
    /// load (pairing times), which a comparison shows but does not test.
    pub tested: bool,
}

impl Metric {
    pub fn new(key: &str, label: &str, unit: &'static str, estimate: Estimate) -> Metric {
        Metric {
            key: key.to_string(),
            label: label.to_string(),
            unit,
            estimate,
            percent: false,
            tested: true,
        }
    }

    /// A figure shown but not tested in comparisons (see [`Metric::tested`]).
    pub fn untested(mut self) -> Metric {
        self.tested = false;
        self
    }

    pub fn percent(mut self) -> Metric {
        self.percent = true;
        self
    }

    /// Events out of trials, for a proportion: `1 / 21 805`.
    pub fn counts_text(&self) -> Option<String> {
        let (k, n) = self.estimate.counts()?;
        Some(format!("{} / {}", group_digits(k), group_digits(n)))
    }

    /// The 95% interval; for a share (`percent`) clipped to [0, 1], since a t interval of a
    /// mean of shares can reach past the bounds.
    pub fn ci(&self) -> Option<(f64, f64)> {
        let ci = self.estimate.ci()?;
        Some(if self.percent {
            (ci.0.max(0.0), ci.1.min(1.0))
        } else {
            ci
        })
    }
}

/// A CSV table, written to `tables/<name>.csv`.
#[derive(Clone, Debug)]
pub struct Table {
    pub name: String,
    pub title: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(name: &str, title: &str, header: &[&str]) -> Table {
        Table {
            name: name.to_string(),
            title: title.to_string(),
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }
}

/// A point of a chart series; `ci` draws an error bar.
#[derive(Clone, Debug)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub ci: Option<(f64, f64)>,
    /// The estimate drawn and the factor from its value to `y` (100 for a percentage): a
    /// comparison takes the difference of two runs' points with the same interval as its
    /// table ([`crate::stats::difference`]), and a share's counts are printed at the point.
    pub estimate: Option<(Estimate, f64)>,
    /// Text printed at the point (the events of a share's bar, both runs' events of a
    /// difference).
    pub label: Option<String>,
}

impl Point {
    /// A point of an estimate, `y` its value times `scale`, with its interval.
    pub fn of(x: f64, e: &Estimate, scale: f64) -> Point {
        Point {
            x,
            y: e.value() * scale,
            ci: e.ci().map(|(lo, hi)| (lo * scale, hi * scale)),
            estimate: Some((e.clone(), scale)),
            label: None,
        }
    }

    /// A point without an estimate behind it (a count, a time).
    pub fn plain(x: f64, y: f64) -> Point {
        Point {
            x,
            y,
            ci: None,
            estimate: None,
            label: None,
        }
    }

    /// Events of a share, to print at the point (`None` for other estimates).
    pub fn events(&self) -> Option<f64> {
        self.estimate.as_ref()?.0.counts().map(|c| c.0)
    }
}

#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub points: Vec<Point>,
}

#[derive(Clone, Debug)]
pub enum ChartKind {
    /// Grouped bars; point `x` is the index into `categories`; a logarithmic y axis shows rare
    /// categories next to common ones.
    Bars {
        categories: Vec<String>,
        log_y: bool,
    },
    /// Lines with markers over a numeric x axis; optional named ticks and log y axis.
    Lines {
        log_y: bool,
        x_ticks: Option<Vec<(f64, String)>>,
    },
}

#[derive(Clone, Debug)]
pub struct Chart {
    pub id: String,
    pub title: String,
    /// What the chart shows (the run's parameters are appended by the HTML writer).
    pub caption: String,
    pub x_label: String,
    pub y_label: String,
    pub kind: ChartKind,
    /// A legend even for a single series, whose name then says what the one line is (two or
    /// more series always have one).
    pub legend: bool,
    pub series: Vec<Series>,
}

impl Chart {
    /// Every point with an estimate behind it is a share shown in percent (a bar or line of
    /// shares): a logarithmic axis then reads in percent and ends at 100%.
    pub fn percent(&self) -> bool {
        let mut scales = self
            .series
            .iter()
            .flat_map(|s| &s.points)
            .filter_map(|p| p.estimate.as_ref().map(|e| e.1));
        scales.next() == Some(100.0) && scales.all(|s| s == 100.0)
    }

    /// The same chart with a logarithmic y axis (bars and lines alike).
    pub fn log_y(mut self) -> Chart {
        match &mut self.kind {
            ChartKind::Bars { log_y, .. } | ChartKind::Lines { log_y, .. } => *log_y = true,
        }
        self
    }
}

/// One family of statistics: a section of the report.
#[derive(Clone, Debug)]
pub struct Section {
    pub id: &'static str,
    pub title: &'static str,
    /// A paragraph of plain text explaining definitions.
    pub intro: String,
    pub metrics: Vec<Metric>,
    pub charts: Vec<Chart>,
    pub tables: Vec<Table>,
}

/// A count with its thousands separated by thin spaces (`21 805`); halves kept (`12.5`).
pub fn group_digits(x: f64) -> String {
    let whole = x.trunc() as u64;
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(c);
    }
    let frac = x - x.trunc();
    if frac.abs() > 1e-9 {
        out.push_str(&format!("{frac:.1}")[1..]);
    }
    out
}

/// A count short enough to print over a bar: `7`, `1 234`, `12k`, `1.2M` (halves rounded).
pub fn compact_count(x: f64) -> String {
    let x = x.round();
    if x < 10_000.0 {
        group_digits(x)
    } else if x < 1e6 {
        format!("{:.0}k", x / 1e3)
    } else if x < 1e7 {
        format!("{:.1}M", x / 1e6)
    } else {
        format!("{:.0}M", x / 1e6)
    }
}

/// Formats a number for tables: integers as such, otherwise 4 significant decimals.
pub fn num(x: f64) -> String {
    if x.is_nan() {
        String::new()
    } else if x.fract() == 0.0 && x.abs() < 1e15 {
        // `+ 0.0` turns -0 into 0.
        format!("{:.0}", x + 0.0)
    } else if x.abs() < 0.01 {
        // Small shares keep three significant digits: 1 in 89 998 is 0.0000111.
        let decimals = ((-x.abs().log10()).floor() as usize + 3).min(12);
        format!("{x:.decimals$}")
    } else {
        format!("{x:.4}")
    }
}

/// The interval as two table cells (empty when missing).
pub fn ci_cells(ci: Option<(f64, f64)>) -> [String; 2] {
    match ci {
        Some((lo, hi)) => [num(lo), num(hi)],
        None => [String::new(), String::new()],
    }
}

/// What a chart says in words: its id (the HTML anchor), title, caption and axis labels.
#[derive(Clone, Copy, Debug)]
pub struct ChartText<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub caption: &'a str,
    pub x_label: &'a str,
    pub y_label: &'a str,
    /// What the number printed above each bar of shares counts (`players`, `byes`), said in
    /// the caption; `None` for bars without counts.
    pub counted: Option<&'a str>,
}

/// [`bar_chart`] with its words as separate arguments, as `simulator/src/forecast/page.rs`
/// calls it: shares of runs, so the numbers above the bars count runs.
#[expect(clippy::too_many_arguments)] // the forecast's owner moves page.rs to bar_chart
pub fn bars(
    id: &str,
    title: &str,
    caption: &str,
    x_label: &str,
    y_label: &str,
    categories: Vec<String>,
    series: Vec<(String, Vec<Estimate>)>,
    scale: f64,
) -> Chart {
    let text = ChartText {
        id,
        title,
        caption,
        x_label,
        y_label,
        counted: Some("runs"),
    };
    bar_chart(text, categories, series, scale)
}

/// Bar chart data from parallel series of estimates over categories (values times `scale`).
///
/// A share's category that one run lacks holds no event of it: a comparison then draws the
/// category with 0 events over the same trials as the series' other categories (every bar
/// chart of shares pools one set of units, players or byes, over its categories).
pub fn bar_chart(
    text: ChartText,
    categories: Vec<String>,
    series: Vec<(String, Vec<Estimate>)>,
    scale: f64,
) -> Chart {
    let counts = series
        .iter()
        .flat_map(|s| &s.1)
        .any(|e| e.counts().is_some());
    let caption = match text.counted {
        Some(what) if counts => format!(
            "{} The number above each bar is its count of {what} (12k: about 12 000).",
            text.caption
        ),
        _ => text.caption.to_string(),
    };
    Chart {
        id: text.id.to_string(),
        title: text.title.to_string(),
        caption,
        x_label: text.x_label.to_string(),
        y_label: text.y_label.to_string(),
        kind: ChartKind::Bars {
            categories,
            log_y: false,
        },
        legend: false,
        series: series
            .into_iter()
            .map(|(name, est)| Series {
                name,
                points: est
                    .iter()
                    .enumerate()
                    .map(|(i, e)| Point {
                        label: e.counts().map(|c| compact_count(c.0)),
                        ..Point::of(i as f64, e, scale)
                    })
                    .collect(),
            })
            .collect(),
    }
}
