//! Chart data to inline SVG with plotters' SVG backend (text as `<text>` elements, no fonts
//! embedded, no system libraries).
//!
//! Bars: grouped bars over categories (series side by side) with error bars; none on an
//! empty bar. Lines: one line with markers per series over a numeric axis, with error bars.
//! A logarithmic y axis (bars or lines) plots log10 of the values and labels the ticks with the
//! values themselves, so that rare categories show next to common ones; it starts at least half
//! a decade below the smallest bar or interval end, so that the smallest bar keeps a visible
//! height, and
//! an empty bar (0 cannot sit on a log axis) shows its interval's upper end from the floor.
//! Points with a label (a share's events, both runs' events of a difference) print it: above
//! the bar, or in a row per series at the top of a line chart. The legend sits under the plot,
//! in as many rows as the names need, so that no name is cut.

use crate::format;
use crate::model::{Chart, ChartKind};
use crate::ReportError;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;

/// Width and height of every chart, in SVG pixels.
pub const SIZE: (u32, u32) = (760, 400);

/// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(213, 94, 0),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

const FONT: &str = "sans-serif";

/// Renders a chart to an SVG document (a single `<svg>` element). The root element carries the
/// plot area's pixel box as `data-plot="left top right bottom"`, so that a test can tell the
/// plot from the axes, labels and legend around it.
pub fn render(chart: &Chart) -> Result<String, ReportError> {
    let mut svg = String::new();
    let plot_box = {
        let rows = legend_layout(chart);
        let extra = rows.last().map_or(0, |r| r.0 as u32 * LEGEND_ROW + 12);
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, SIZE.1 + extra)).into_drawing_area();
        let (plot, legend) = root.split_vertically(SIZE.1);
        let drawn = (|| -> Result<PlotBox, Box<dyn Error>> {
            root.fill(&WHITE)?;
            let plot_box = match &chart.kind {
                ChartKind::Bars { categories, log_y } => {
                    draw_bars(&plot, chart, categories, *log_y)?
                }
                ChartKind::Lines { log_y, x_ticks } => {
                    draw_lines(&plot, chart, *log_y, x_ticks.as_deref())?
                }
            };
            draw_legend(&legend, chart, &rows)?;
            root.present()?;
            Ok(plot_box)
        })();
        drawn.map_err(|e| ReportError::Chart {
            chart: chart.id.clone(),
            message: e.to_string(),
        })?
    };
    let (x, y) = plot_box;
    Ok(svg.replacen(
        "<svg ",
        &format!(
            "<svg data-plot=\"{} {} {} {}\" ",
            x.start, y.start, x.end, y.end
        ),
        1,
    ))
}

/// The plot area's pixels, x and y.
type PlotBox = (std::ops::Range<i32>, std::ops::Range<i32>);

/// Height of a row of the legend.
const LEGEND_ROW: u32 = 24;

/// Font size of the legend (plotters' size; the SVG gets size / 1.24 pixels).
const LEGEND_FONT: u32 = 15;

/// A generous width of `text` at plotters' font size `size` in a sans-serif face, in pixels.
fn text_width(text: &str, size: u32) -> i32 {
    (text.chars().count() as f64 * f64::from(size) / 1.24 * 0.62).ceil() as i32
}

/// Row and x of each legend entry, laid out left to right under the plot (none for one series
/// unless the chart asks for it).
fn legend_layout(chart: &Chart) -> Vec<(i32, i32)> {
    if chart.series.len() < 2 && !chart.legend {
        return Vec::new();
    }
    let (mut row, mut x) = (0, 0);
    let mut out = Vec::new();
    for s in &chart.series {
        let w = 28 + text_width(&s.name, LEGEND_FONT) + 24;
        if x > 0 && x + w > SIZE.0 as i32 - 40 {
            row += 1;
            x = 0;
        }
        out.push((row, x));
        x += w;
    }
    // Rows counted from 1 for the height.
    out.iter().map(|&(r, x)| (r + 1, x)).collect()
}

/// The legend, under the plot so that it never hides data: a swatch and the name per series.
fn draw_legend(area: &Area, chart: &Chart, rows: &[(i32, i32)]) -> Result<(), Box<dyn Error>> {
    let bars = matches!(chart.kind, ChartKind::Bars { .. });
    for (i, (s, &(row, x))) in chart.series.iter().zip(rows).enumerate() {
        let c = colour(i);
        let (x, y) = (x + 20, (row - 1) * LEGEND_ROW as i32 + 12);
        if bars {
            area.draw(&Rectangle::new(
                [(x + 4, y - 6), (x + 18, y + 6)],
                c.filled(),
            ))?;
        } else {
            area.draw(&PathElement::new(
                vec![(x, y), (x + 20, y)],
                c.stroke_width(3),
            ))?;
            area.draw(&Circle::new((x + 10, y), 3, c.filled()))?;
        }
        area.draw(&Text::new(
            s.name.clone(),
            (x + 26, y),
            (FONT, LEGEND_FONT)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// Font size of the labels printed at points.
const LABEL_FONT: u32 = 13;

fn label_style(c: RGBColor, v: VPos) -> TextStyle<'static> {
    (FONT, LABEL_FONT)
        .into_font()
        .color(&c)
        .pos(Pos::new(HPos::Center, v))
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

fn y_extent(chart: &Chart, f: impl Fn(f64) -> f64) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for p in chart.series.iter().flat_map(|s| &s.points) {
        for v in [Some(p.y), p.ci.map(|c| c.0), p.ci.map(|c| c.1)]
            .into_iter()
            .flatten()
        {
            let v = f(v);
            if v.is_finite() {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
    }
    if !lo.is_finite() {
        (0.0, 1.0)
    } else {
        (lo, hi)
    }
}

/// One axis: its range, the values of its ticks and their texts.
struct Axis {
    range: std::ops::Range<f64>,
    ticks: Vec<f64>,
    labels: Vec<String>,
}

impl Axis {
    fn label(&self, v: f64) -> String {
        self.ticks
            .iter()
            .position(|t| (t - v).abs() < 1e-9)
            .map(|i| self.labels[i].clone())
            .unwrap_or_default()
    }

    /// A linear axis over `range` with at most `max` ticks ([`format::linear_ticks`]).
    fn linear(range: std::ops::Range<f64>, max: usize) -> Axis {
        let t = format::linear_ticks(range.start, range.end, max);
        let labels = t.values.iter().map(|&v| t.label(v)).collect();
        Axis {
            range,
            ticks: t.values,
            labels,
        }
    }

    /// A logarithmic axis drawn at log10 of the values: a tick at each power of ten in `range`
    /// (none above 100% for a share), labelled by [`format::log_tick`].
    fn log(range: std::ops::Range<f64>, percent: bool) -> Axis {
        let top = if percent {
            range.end.min(2.0)
        } else {
            range.end
        };
        let ticks: Vec<f64> = ((range.start - 1e-9).ceil() as i32..=(top + 1e-9).floor() as i32)
            .map(f64::from)
            .collect();
        let labels = ticks
            .iter()
            .map(|&e| format::log_tick(e, percent))
            .collect();
        Axis {
            range,
            ticks,
            labels,
        }
    }
}

/// Font size of the tick labels.
const TICK_FONT: u32 = 15;

/// Font size of the axis descriptions, at most (a long one gets smaller to fit its axis).
const DESC_FONT: u32 = 17;

/// The height of the plot area, in pixels (the chart less its margins, title and x axis).
const PLOT_HEIGHT: i32 = 280;

/// The largest font size up to [`DESC_FONT`] at which `text` fits in `room` pixels.
fn fitting(text: &str, room: i32) -> u32 {
    (9..=DESC_FONT)
        .rev()
        .find(|&size| text_width(text, size) <= room)
        .unwrap_or(9)
}

/// A linear coordinate whose ticks and grid lines are exactly the given values.
struct Ticked {
    inner: RangedCoordf64,
    ticks: Vec<f64>,
}

impl Ticked {
    fn new(axis: &Axis) -> Ticked {
        Ticked {
            inner: axis.range.clone().into(),
            ticks: axis.ticks.clone(),
        }
    }
}

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }
}

type Cc<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<Ticked, Ticked>>;

/// The chart's title, axes, ticks and grid: the y label area as wide as the widest tick text
/// and the axis description need, the descriptions small enough to fit along their axis.
fn frame<'a, 'b>(
    root: &'a Area<'b>,
    chart: &Chart,
    x: &Axis,
    y: &Axis,
) -> Result<Cc<'a, 'b>, Box<dyn Error>> {
    let bars = matches!(chart.kind, ChartKind::Bars { .. });
    let desc = fitting(&chart.y_label, PLOT_HEIGHT - 10).min(fitting(&chart.x_label, 600));
    let widest = y
        .labels
        .iter()
        .map(|l| text_width(l, TICK_FONT))
        .max()
        .unwrap_or(0);
    let y_area = widest + 12 + (f64::from(desc) / 1.24 * 1.3).ceil() as i32 + 12;
    let mut cc = ChartBuilder::on(root)
        .caption(&chart.title, (FONT, 24))
        .margin(12)
        .x_label_area_size(58)
        .y_label_area_size(y_area.max(60) as u32)
        .build_cartesian_2d(Ticked::new(x), Ticked::new(y))?;
    let mut mesh = cc.configure_mesh();
    if bars {
        // Categories need no vertical grid lines.
        mesh.disable_x_mesh();
    }
    mesh.x_label_formatter(&|v: &f64| x.label(*v))
        .y_label_formatter(&|v: &f64| y.label(*v))
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .label_style((FONT, TICK_FONT))
        .axis_desc_style((FONT, desc))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .draw()?;
    Ok(cc)
}

/// The pixel offset that keeps a label of `text` centred at `at` inside the plot area.
fn inside(cc: &Cc, at: (f64, f64), text: &str) -> i32 {
    let px = cc.backend_coord(&at).0;
    let (xr, _) = cc.plotting_area().get_pixel_range();
    let half = text_width(text, LABEL_FONT) / 2 + 2;
    let (lo, hi) = (xr.start + half - px, xr.end - half - px);
    if lo > hi {
        lo
    } else {
        0.clamp(lo, hi)
    }
}

fn draw_bars(
    root: &Area,
    chart: &Chart,
    categories: &[String],
    log_y: bool,
) -> Result<PlotBox, Box<dyn Error>> {
    let n = categories.len().max(1);
    let k = chart.series.len().max(1);
    let ty = |v: f64| if log_y { v.max(1e-12).log10() } else { v };
    let labels = chart
        .series
        .iter()
        .any(|s| s.points.iter().any(|p| p.label.is_some()));
    let percent = chart.percent();
    let y = if log_y {
        // From the power of ten at least half a decade below the smallest non-empty bar or
        // interval end (so that the smallest bar keeps a visible height), to the power of ten
        // above the highest bar or interval (100% at most for a share), with room for the
        // counts.
        let positive = |v: f64| if v > 0.0 { v.log10() } else { f64::NAN };
        let (lo, hi) = y_extent(chart, positive);
        let hi = if percent { hi.min(2.0) } else { hi };
        let lo = if lo.is_finite() && lo <= hi {
            lo
        } else {
            hi - 1.0
        };
        let ylo = (lo - 0.5).floor().max(hi.ceil() - 8.0);
        let top = if percent {
            hi.ceil().min(2.0)
        } else {
            hi.ceil()
        };
        let yhi = top.max(hi + if labels { 0.5 } else { 0.0 });
        Axis::log(ylo..yhi.max(ylo + 1.0), percent)
    } else {
        let (_, hi) = y_extent(chart, |v| v);
        let room = if labels { 1.2 } else { 1.1 };
        Axis::linear(0.0..if hi > 0.0 { hi * room } else { 1.0 }, 8)
    };
    let (ylo, yhi) = (y.range.start, y.range.end);
    // Every category named, every other (or fewer) when there are more than 25.
    let every = n.div_ceil(25);
    let x = Axis {
        range: -0.5..(n as f64 - 0.5),
        ticks: (0..categories.len())
            .step_by(every)
            .map(|i| i as f64)
            .collect(),
        labels: categories.iter().step_by(every).cloned().collect(),
    };
    let mut cc = frame(root, chart, &x, &y)?;
    let group = 0.8;
    let width = group / k as f64;
    // Pixels per bar, to print only the counts that fit over their bar.
    let bar_px = f64::from(SIZE.0 - 78 - 24) / n as f64 * width;
    for (si, s) in chart.series.iter().enumerate() {
        let c = colour(si);
        let offset = -group / 2.0 + si as f64 * width;
        let finite = || s.points.iter().filter(|p| p.y.is_finite());
        let shown = || finite().filter(|p| p.y > 0.0 || !log_y);
        cc.draw_series(shown().map(|p| {
            Rectangle::new(
                [
                    (p.x + offset, ylo),
                    (p.x + offset + width * 0.9, ty(p.y).min(yhi)),
                ],
                c.filled(),
            )
        }))?;
        // Error bars; an empty bar on a log axis shows its upper end from the floor.
        cc.draw_series(finite().filter_map(|p| {
            let (lo, hi) = p.ci?;
            if hi <= 0.0 && log_y {
                return None;
            }
            let low = if lo > 0.0 || !log_y {
                ty(lo).max(ylo)
            } else {
                ylo
            };
            let mid = if p.y > 0.0 || !log_y { ty(p.y) } else { ylo };
            Some(ErrorBar::new_vertical(
                p.x + offset + width * 0.45,
                low,
                mid.clamp(ylo, yhi),
                ty(hi).min(yhi),
                BLACK.mix(0.7).stroke_width(1),
                6,
            ))
        }))?;
        let placed: Vec<_> = finite()
            .filter_map(|p| {
                let label = p.label.as_ref()?;
                if f64::from(text_width(label, LABEL_FONT)) > bar_px * 1.5 {
                    return None;
                }
                let top = p.ci.map_or(p.y, |(_, hi)| hi.max(p.y));
                let y = if top > 0.0 || !log_y { ty(top) } else { ylo };
                let at = (p.x + offset + width * 0.45, y.clamp(ylo, yhi));
                Some((at, inside(&cc, at, label), label.clone()))
            })
            .collect();
        cc.draw_series(placed.into_iter().map(|(at, dx, label)| {
            EmptyElement::at(at) + Text::new(label, (dx, -3), label_style(c, VPos::Bottom))
        }))?;
    }
    Ok(cc.plotting_area().get_pixel_range())
}

fn draw_lines(
    root: &Area,
    chart: &Chart,
    log_y: bool,
    x_ticks: Option<&[(f64, String)]>,
) -> Result<PlotBox, Box<dyn Error>> {
    let ty = |v: f64| if log_y { v.max(1e-9).log10() } else { v };
    let (mut xlo, mut xhi) = (f64::INFINITY, f64::NEG_INFINITY);
    for p in chart.series.iter().flat_map(|s| &s.points) {
        xlo = xlo.min(p.x);
        xhi = xhi.max(p.x);
    }
    for (t, _) in x_ticks.unwrap_or(&[]) {
        xlo = xlo.min(*t);
        xhi = xhi.max(*t);
    }
    if !xlo.is_finite() {
        (xlo, xhi) = (0.0, 1.0);
    }
    let pad = if xhi > xlo { (xhi - xlo) * 0.05 } else { 1.0 };
    let (lo, hi) = y_extent(chart, ty);
    let label_rows = chart
        .series
        .iter()
        .filter(|s| s.points.iter().any(|p| p.label.is_some()))
        .count();
    let percent = chart.percent();
    let y = if log_y {
        let hi = if percent { hi.min(2.0) } else { hi };
        Axis::log(lo.floor()..hi.ceil().max(lo.floor() + 1.0), percent)
    } else {
        let lo = lo.min(0.0);
        let span = if hi > lo { hi - lo } else { 1.0 };
        // Room under the lowest interval end, so that its cap shows above the axis.
        let below = if lo < 0.0 { span * 0.04 } else { 0.0 };
        Axis::linear(
            (lo - below)..(hi + span * (0.1 + 0.1 * label_rows as f64)),
            8,
        )
    };
    let x = match x_ticks {
        Some(ticks) => Axis {
            range: (xlo - pad)..(xhi + pad),
            ticks: ticks.iter().map(|t| t.0).collect(),
            labels: ticks.iter().map(|t| t.1.clone()).collect(),
        },
        None => {
            // Whole numbers only (rounds, deciles).
            let mut a = Axis::linear((xlo - pad)..(xhi + pad), 16);
            let whole: Vec<usize> = (0..a.ticks.len())
                .filter(|&i| a.ticks[i].fract() == 0.0)
                .collect();
            a.labels = whole
                .iter()
                .map(|&i| format!("{:.0}", a.ticks[i]))
                .collect();
            a.ticks = whole.iter().map(|&i| a.ticks[i]).collect();
            a
        }
    };
    let yhi = y.range.end;
    let mut cc = frame(root, chart, &x, &y)?;
    for (si, s) in chart.series.iter().enumerate() {
        let c = colour(si);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|p| p.y.is_finite())
            .map(|p| (p.x, ty(p.y)))
            .collect();
        cc.draw_series(LineSeries::new(pts.iter().copied(), c.stroke_width(2)))?;
        cc.draw_series(pts.iter().map(|&(x, y)| Circle::new((x, y), 3, c.filled())))?;
        cc.draw_series(s.points.iter().filter_map(|p| {
            let (lo, hi) = p.ci?;
            Some(ErrorBar::new_vertical(
                p.x,
                ty(lo),
                ty(p.y),
                ty(hi),
                c.mix(0.8).stroke_width(1),
                6,
            ))
        }))?;
    }
    // Labels: one row per labelled series, at the top of the plot, kept inside it.
    let labelled = chart
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| s.points.iter().any(|p| p.label.is_some()));
    for (row, (si, s)) in labelled.enumerate() {
        let c = colour(si);
        let placed: Vec<_> = s
            .points
            .iter()
            .filter_map(|p| {
                let label = p.label.as_ref()?;
                Some(((p.x, yhi), inside(&cc, (p.x, yhi), label), label.clone()))
            })
            .collect();
        cc.draw_series(placed.into_iter().map(|(at, dx, label)| {
            EmptyElement::at(at)
                + Text::new(label, (dx, 4 + 16 * row as i32), label_style(c, VPos::Top))
        }))?;
    }
    Ok(cc.plotting_area().get_pixel_range())
}
