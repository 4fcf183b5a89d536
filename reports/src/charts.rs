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

use crate::model::{Chart, ChartKind};
use crate::ReportError;
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

/// Renders a chart to an SVG document (a single `<svg>` element).
pub fn render(chart: &Chart) -> Result<String, ReportError> {
    let mut svg = String::new();
    {
        let rows = legend_layout(chart);
        let extra = rows.last().map_or(0, |r| r.0 as u32 * LEGEND_ROW + 12);
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, SIZE.1 + extra)).into_drawing_area();
        let (plot, legend) = root.split_vertically(SIZE.1);
        let drawn = root
            .fill(&WHITE)
            .map_err(|e| Box::new(e) as Box<dyn Error>)
            .and_then(|_| match &chart.kind {
                ChartKind::Bars { categories, log_y } => {
                    draw_bars(&plot, chart, categories, *log_y)
                }
                ChartKind::Lines { log_y, x_ticks } => {
                    draw_lines(&plot, chart, *log_y, x_ticks.as_deref())
                }
            })
            .and_then(|_| draw_legend(&legend, chart, &rows))
            .and_then(|_| root.present().map_err(|e| Box::new(e) as Box<dyn Error>));
        drawn.map_err(|e| ReportError::Chart {
            chart: chart.id.clone(),
            message: e.to_string(),
        })?;
    }
    Ok(svg)
}

/// Height of a row of the legend.
const LEGEND_ROW: u32 = 24;

/// Font size of the legend (plotters' size; the SVG gets size / 1.24 pixels).
const LEGEND_FONT: u32 = 15;

/// A generous width of `text` at plotters' font size `size` in a sans-serif face, in pixels.
fn text_width(text: &str, size: u32) -> i32 {
    (text.chars().count() as f64 * f64::from(size) / 1.24 * 0.62).ceil() as i32
}

/// Row and x of each legend entry, laid out left to right under the plot (none for one series).
fn legend_layout(chart: &Chart) -> Vec<(i32, i32)> {
    if chart.series.len() < 2 {
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

fn draw_bars(
    root: &Area,
    chart: &Chart,
    categories: &[String],
    log_y: bool,
) -> Result<(), Box<dyn Error>> {
    let n = categories.len().max(1);
    let k = chart.series.len().max(1);
    let ty = |v: f64| if log_y { v.max(1e-12).log10() } else { v };
    let labels = chart
        .series
        .iter()
        .any(|s| s.points.iter().any(|p| p.label.is_some()));
    let (ylo, yhi) = if log_y {
        // From the power of ten at least half a decade below the smallest non-empty bar or
        // interval end (so that the smallest bar keeps a visible height), to the one above the
        // highest bar or interval with room for the counts.
        let positive = |v: f64| if v > 0.0 { v.log10() } else { f64::NAN };
        let (lo, hi) = y_extent(chart, positive);
        let lo = if lo.is_finite() && lo <= hi {
            lo
        } else {
            hi - 1.0
        };
        let ylo = (lo - 0.5).floor().max(hi.ceil() - 8.0);
        let yhi = (hi + if labels { 0.35 } else { 0.0 }).ceil();
        (ylo, yhi.max(ylo + 1.0))
    } else {
        let (_, hi) = y_extent(chart, |v| v);
        let room = if labels { 1.2 } else { 1.1 };
        (0.0, if hi > 0.0 { hi * room } else { 1.0 })
    };
    let mut cc = ChartBuilder::on(root)
        .caption(&chart.title, (FONT, 24))
        .margin(12)
        .x_label_area_size(58)
        .y_label_area_size(78)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), ylo..yhi)?;
    let label = |x: &f64| {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < categories.len() {
            categories[i as usize].clone()
        } else {
            String::new()
        }
    };
    cc.configure_mesh()
        .disable_x_mesh()
        .x_labels(n.min(25))
        .x_label_formatter(&label)
        .y_labels(if log_y { (yhi - ylo) as usize + 1 } else { 8 })
        .y_label_formatter(&|y: &f64| {
            if log_y {
                log_label(*y)
            } else if yhi >= 5.0 {
                format!("{y:.0}")
            } else {
                format!("{y:.2}")
            }
        })
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .label_style((FONT, 15))
        .axis_desc_style((FONT, 17))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .draw()?;
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
                [(p.x + offset, ylo), (p.x + offset + width * 0.9, ty(p.y))],
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
                mid.max(ylo),
                ty(hi).min(yhi),
                BLACK.mix(0.7).stroke_width(1),
                6,
            ))
        }))?;
        cc.draw_series(finite().filter_map(|p| {
            let label = p.label.as_ref()?;
            if f64::from(text_width(label, LABEL_FONT)) > bar_px * 1.5 {
                return None;
            }
            let top = p.ci.map_or(p.y, |(_, hi)| hi.max(p.y));
            let y = if top > 0.0 || !log_y { ty(top) } else { ylo };
            Some(
                EmptyElement::at((p.x + offset + width * 0.45, y.clamp(ylo, yhi)))
                    + Text::new(label.clone(), (0, -3), label_style(c, VPos::Bottom)),
            )
        }))?;
    }
    Ok(())
}

/// A short label for a tick of a logarithmic axis drawn at log10(value).
fn log_label(v: f64) -> String {
    let x = 10f64.powf(v);
    if x >= 1e6 {
        format!("{:.0}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.0}k", x / 1e3)
    } else if x >= 1.0 {
        format!("{x:.0}")
    } else {
        // 0.1, 0.01, 0.001: as many decimals as the power of ten needs.
        let decimals = (-x.log10()).ceil().max(1.0) as usize;
        format!("{x:.decimals$}")
    }
}

fn draw_lines(
    root: &Area,
    chart: &Chart,
    log_y: bool,
    x_ticks: Option<&[(f64, String)]>,
) -> Result<(), Box<dyn Error>> {
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
    let (ylo, yhi) = if log_y {
        (lo.floor(), hi.ceil().max(lo.floor() + 1.0))
    } else {
        let lo = lo.min(0.0);
        let span = if hi > lo { hi - lo } else { 1.0 };
        // Room under the lowest interval end, so that its cap shows above the axis.
        let below = if lo < 0.0 { span * 0.04 } else { 0.0 };
        (lo - below, hi + span * (0.1 + 0.1 * label_rows as f64))
    };
    let mut cc = ChartBuilder::on(root)
        .caption(&chart.title, (FONT, 24))
        .margin(12)
        .x_label_area_size(58)
        .y_label_area_size(78)
        .build_cartesian_2d((xlo - pad)..(xhi + pad), ylo..yhi)?;
    let x_label = |x: &f64| match x_ticks {
        Some(ticks) => ticks
            .iter()
            .find(|(t, _)| (t - x).abs() < 1e-6)
            .map(|(_, l)| l.clone())
            .unwrap_or_default(),
        None => {
            if (x - x.round()).abs() < 1e-6 {
                format!("{x:.0}")
            } else {
                String::new()
            }
        }
    };
    let y_label = |y: &f64| {
        if log_y {
            log_label(*y)
        } else if (yhi - ylo) < 0.5 {
            format!("{y:.3}")
        } else if (yhi - ylo) < 5.0 {
            format!("{y:.2}")
        } else {
            format!("{y:.0}")
        }
    };
    let span = (xhi - xlo).round().max(1.0) as usize + 1;
    cc.configure_mesh()
        .x_labels(x_ticks.map_or(span.min(16), |t| t.len().max(2)))
        .x_label_formatter(&x_label)
        .y_labels(if log_y { (yhi - ylo) as usize + 1 } else { 8 })
        .y_label_formatter(&y_label)
        .x_desc(chart.x_label.as_str())
        .y_desc(chart.y_label.as_str())
        .label_style((FONT, 15))
        .axis_desc_style((FONT, 17))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .draw()?;
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
    // Labels: one row per labelled series, at the top of the plot.
    let labelled = chart
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| s.points.iter().any(|p| p.label.is_some()));
    for (row, (si, s)) in labelled.enumerate() {
        let c = colour(si);
        cc.draw_series(s.points.iter().filter_map(|p| {
            let label = p.label.as_ref()?;
            Some(
                EmptyElement::at((p.x, yhi))
                    + Text::new(
                        label.clone(),
                        (0, 4 + 16 * row as i32),
                        label_style(c, VPos::Top),
                    ),
            )
        }))?;
    }
    Ok(())
}
