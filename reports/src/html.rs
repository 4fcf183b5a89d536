//! The self-contained HTML page: inline CSS, inline SVG charts, no scripts, no network.

use crate::charts;
use crate::format;
use crate::model::{Chart, Metric, Section};
use crate::stats::Difference;
use crate::ReportError;

/// Escapes text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;margin:0;color:#1b1b1b;background:#fafafa;line-height:1.45}
main{max-width:1180px;margin:0 auto;padding:8px 24px 48px;background:#fff}
h1{font-size:1.7em;margin:0.6em 0 0.2em}
h2{font-size:1.35em;border-bottom:2px solid #0072b2;padding-bottom:4px;margin-top:2em}
p.params{color:#444;margin-top:0}
nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px 18px}
nav a{color:#0072b2;text-decoration:none;font-weight:600}
table{border-collapse:collapse;margin:12px 0;font-size:0.92em;width:100%}
th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:right;vertical-align:top}
th:first-child,td:first-child{text-align:left;min-width:12em}
td:not(:first-child){overflow-wrap:normal}
thead th{background:#f0f4f8}
td.sig{font-weight:600}
td.method,footer b{white-space:nowrap;hyphens:none}
figure{margin:20px 0;padding:8px;border:1px solid #e3e3e3;border-radius:4px;background:#fff}
figure svg{display:block;max-width:100%;height:auto;margin:0 auto}
figcaption{font-size:0.9em;color:#333;margin-top:6px}
figcaption .run{display:block;color:#666;font-size:0.92em;margin-top:2px}
p.tables{font-size:0.9em;color:#444}
p.tables a{color:#0072b2;margin-right:10px}
span.count{color:#555;font-size:0.88em;white-space:nowrap}
p.fdr{background:#f0f4f8;padding:6px 10px;border-radius:4px}
footer{font-size:0.85em;color:#555;margin-top:3em;border-top:1px solid #ddd;padding-top:8px}
@media (max-width:900px){main{padding:8px 10px 32px}table{font-size:0.82em}th,td{padding:3px 4px}th:first-child,td:first-child{min-width:8em}}
@page{size:A4;margin:12mm}
@media print{body{background:#fff;font-size:10pt}main{max-width:none;padding:0}nav{display:none}table{font-size:8pt}th,td{padding:2px 3px}th:first-child,td:first-child{min-width:8em}thead{display:table-header-group}tr,figure{break-inside:avoid}h2{break-after:avoid}figure{border:none;padding:0}a{color:inherit;text-decoration:none}}
";

/// Formats a value of a metric without its interval (see [`format::value`]).
pub fn fmt_value(v: f64, percent: bool) -> String {
    format::value(v, percent)
}

fn head(out: &mut String, title: &str) {
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!("<title>{}</title>\n", escape(title)));
    out.push_str(&format!(
        "<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
    ));
}

/// A page in the report's style around `body` (HTML already escaped), for other commands'
/// pages (`swisslab forecast`).
pub fn page(title: &str, body: &str) -> String {
    let mut out = String::new();
    head(&mut out, title);
    out.push_str(body);
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

fn nav(out: &mut String, sections: &[Section]) {
    out.push_str("<nav><ul>\n");
    for s in sections {
        out.push_str(&format!(
            "<li><a href=\"#{}\">{}</a></li>\n",
            s.id,
            escape(s.title)
        ));
    }
    out.push_str("</ul></nav>\n");
}

fn figure(out: &mut String, chart: &Chart, number: usize, params: &str) -> Result<(), ReportError> {
    let svg = charts::render(chart)?;
    out.push_str(&format!("<figure id=\"fig-{}\">\n", escape(&chart.id)));
    out.push_str(svg.trim());
    out.push_str(&format!(
        "\n<figcaption><strong>Figure {number}. {}.</strong> {}<span class=\"run\">{}</span></figcaption>\n</figure>\n",
        escape(&chart.title),
        escape(&chart.caption),
        escape(params)
    ));
    Ok(())
}

/// The data behind a figure: `1 / 21 805 players, 300 tournaments` or `300 tournaments`.
fn basis(m: &Metric) -> String {
    let g = m.estimate.clusters();
    match m.counts_text() {
        Some(c) if m.unit == "tournaments" => format!("{c} {}", m.unit),
        Some(c) => format!("{c} {}, {g} tournaments", m.unit),
        None => format!("{} {}", m.estimate.n(), m.unit),
    }
}

fn metric_row(m: &Metric) -> String {
    let (value, ci) = format::estimate(m.estimate.value(), m.ci(), m.percent);
    format!(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"method\">{}</td></tr>\n",
        escape(&m.label),
        value,
        ci,
        escape(&basis(m)),
        m.estimate.method()
    )
}

const FOOTER: &str = "<footer><p>Methods (the column \u{201c}interval\u{201d} names the one used): \
<b>t</b>: mean of per-tournament values, Student-t with tournaments − 1 degrees of freedom; \
<b>cluster-ratio-t</b>: a share pooled over the run, ratio estimator with a cluster-robust variance by tournament (linearisation), t with tournaments − 1 degrees of freedom — \
players, games and rounds of one tournament are not independent, tournaments are; \
<b>korn-graubard</b>: the same share with fewer than 10 events or non-events, exact Clopper-Pearson interval on the effective sample size (n divided by the design effect); \
<b>wilson</b> / <b>clopper-pearson</b>: a share of independent tournaments (Clopper-Pearson below 10); \
<b>cluster-robust-t</b>: a regression coefficient with a cluster-robust variance by tournament. \
Differences between runs: paired by tournament index when both runs share seed and configuration (paired-t on the per-tournament contributions; \
<b>paired-mover</b> for a share with fewer than 10 events or non-events in either run: the two runs' exact intervals combined with their correlation over tournaments, so that rare events keep a real interval), \
else Welch's interval for means and Newcombe's method for shares. Kendall's tau-b accounts for ties. Written by swisslab-reports.</p></footer>\n";

/// The report page of one run; `tables` when the CSV tables are written beside it.
pub fn report_page(
    title: &str,
    params: &str,
    sections: &[Section],
    tables: bool,
) -> Result<String, ReportError> {
    let mut out = String::new();
    head(&mut out, title);
    out.push_str(&format!(
        "<h1>{}</h1>\n<p class=\"params\">Run: {}</p>\n",
        escape(title),
        escape(params)
    ));
    nav(&mut out, sections);
    if tables {
        out.push_str("<p class=\"tables\">Every figure with its interval, counts and method: <a href=\"tables/metrics.csv\">metrics.csv</a></p>\n");
    }
    let mut number = 0;
    for s in sections {
        out.push_str(&format!(
            "<section id=\"{}\">\n<h2>{}</h2>\n<p>{}</p>\n",
            s.id,
            escape(s.title),
            escape(&s.intro)
        ));
        if !s.metrics.is_empty() {
            out.push_str("<table class=\"metrics\">\n<thead><tr><th>Figure</th><th>Estimate</th><th>95% CI</th><th>Data</th><th>Interval</th></tr></thead>\n<tbody>\n");
            for m in &s.metrics {
                out.push_str(&metric_row(m));
            }
            out.push_str("</tbody>\n</table>\n");
        }
        for c in &s.charts {
            number += 1;
            figure(&mut out, c, number, &format!("Run: {params}"))?;
        }
        if tables {
            tables_line(&mut out, s);
        }
        out.push_str("</section>\n");
    }
    out.push_str(FOOTER);
    out.push_str("</main>\n</body>\n</html>\n");
    Ok(out)
}

fn tables_line(out: &mut String, s: &Section) {
    if s.tables.is_empty() {
        return;
    }
    out.push_str("<p class=\"tables\">Tables (CSV): ");
    for t in &s.tables {
        out.push_str(&format!(
            "<a href=\"tables/{0}.csv\" title=\"{1}\">{0}.csv</a> ",
            escape(&t.name),
            escape(&t.title)
        ));
    }
    out.push_str("</p>\n");
}

/// One row of a comparison: a metric of A, its counterpart in B and the difference.
pub struct CompareRow<'a> {
    pub a: &'a Metric,
    pub b: Option<&'a Metric>,
    pub diff: Option<Difference>,
    /// Significant after the Benjamini-Hochberg marking over every figure of the page.
    pub discovery: bool,
}

/// What the comparison did, for the page's opening paragraph.
pub struct CompareSummary {
    /// Tournaments paired by index (same seed and configuration).
    pub paired: bool,
    /// Figures with a difference and an interval.
    pub compared: usize,
    /// Intervals excluding 0.
    pub significant: usize,
    /// Benjamini-Hochberg discoveries at a false-discovery rate of 5%.
    pub discoveries: usize,
    /// The CSV table is written beside the page.
    pub tables: bool,
}

/// A run's figure and its interval in a comparison, the figure with its counts under it.
fn value_with_counts(m: &Metric) -> (String, String) {
    let (v, ci) = format::estimate(m.estimate.value(), m.ci(), m.percent);
    let v = match m.counts_text() {
        Some(c) => format!("{v}<br><span class=\"count\">{}</span>", escape(&c)),
        None => v,
    };
    (v, ci)
}

fn compare_intro(out: &mut String, s: &CompareSummary) {
    let how = if s.paired {
        "<strong>Paired comparison.</strong> Both runs have the same seed and configuration (run.csv) and the same tournaments, \
         so with the same number of rounds they share the field, the events and every game result the two pairings have in common (common random numbers); \
         with different numbers of rounds (matches of two games against single games) tournament i of each run comes from the same seed and index, \
         its field drawn apart, and the pairs stay independent of one another: \
         each difference is taken tournament by tournament and its 95% interval is a paired t interval over the tournaments; \
         for a share with fewer than 10 events (or non-events) in either run, where that interval would shrink to nothing, \
         the two runs' exact intervals combined with their correlation over the tournaments (paired-mover)."
    } else {
        "<strong>Unpaired comparison.</strong> The runs differ in seed or configuration (run.csv), so their tournaments are independent: \
         differences of means carry Welch's interval, differences of shares Newcombe's (the two runs' intervals combined)."
    };
    let expected = s.compared as f64 * 0.05;
    out.push_str(&format!(
        "<p>Each figure of run A and run B with the difference B − A and its 95% interval. {how}</p>\n\
         <p class=\"fdr\">{} figures are compared. If the two runs did not differ at all, about {expected:.1} of them \
         (5%) would still show an interval excluding 0 by chance. Here {} (in bold); \
         after the Benjamini-Hochberg correction for {} comparisons at a false-discovery rate of 5%, \
         <strong>{}</strong> remain (marked ◆).{}</p>\n",
        s.compared,
        match s.significant {
            1 => "one does".to_string(),
            n => format!("{n} do"),
        },
        s.compared,
        s.discoveries,
        if s.tables {
            " All figures, intervals and p-values: <a href=\"tables/compare.csv\">compare.csv</a>."
        } else {
            ""
        }
    ));
}

/// The comparison page.
pub fn compare_page(
    params_a: &str,
    params_b: &str,
    sections: &[(Section, Vec<CompareRow>)],
    summary: &CompareSummary,
) -> Result<String, ReportError> {
    let mut out = String::new();
    head(&mut out, "swisslab comparison");
    out.push_str("<h1>swisslab comparison</h1>\n");
    out.push_str(&format!(
        "<p class=\"params\"><strong>A</strong>: {}<br><strong>B</strong>: {}</p>\n",
        escape(params_a),
        escape(params_b)
    ));
    compare_intro(&mut out, summary);
    let only: Vec<Section> = sections.iter().map(|(s, _)| s.clone()).collect();
    nav(&mut out, &only);
    let both = format!("A: {params_a}. B: {params_b}.");
    let mut number = 0;
    for (s, rows) in sections {
        out.push_str(&format!(
            "<section id=\"{}\">\n<h2>{}</h2>\n<p>{}</p>\n",
            s.id,
            escape(s.title),
            escape(&s.intro)
        ));
        out.push_str("<table class=\"metrics\">\n<thead><tr><th>Figure</th><th>A</th><th>A 95% CI</th><th>B</th><th>B 95% CI</th><th>B − A</th><th>95% CI</th><th>p</th></tr></thead>\n<tbody>\n");
        for r in rows {
            let pct = r.a.percent;
            let (a, aci) = value_with_counts(r.a);
            let (b, bci) = match r.b {
                Some(o) => value_with_counts(o),
                None => ("—".into(), "—".into()),
            };
            // A difference of shares is in percentage points.
            let (d, dci, p, sig) = match &r.diff {
                Some(d) => {
                    let (v, ci) = format::difference(d.value, d.ci, pct);
                    (v, ci, fmt_p(d.p), d.significant())
                }
                None => ("—".into(), "—".into(), "—".into(), false),
            };
            let class = if sig { " class=\"sig\"" } else { "" };
            let mark = if r.discovery { " ◆" } else { "" };
            out.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td{class}>{}{mark}</td><td{class}>{}</td><td>{}</td></tr>\n",
                escape(&r.a.label),
                a,
                aci,
                b,
                bci,
                d,
                dci,
                p
            ));
        }
        out.push_str("</tbody>\n</table>\n");
        for c in &s.charts {
            number += 1;
            figure(&mut out, c, number, &both)?;
        }
        out.push_str("</section>\n");
    }
    out.push_str(FOOTER);
    out.push_str("</main>\n</body>\n</html>\n");
    Ok(out)
}

/// A p-value as the headline table writes it, escaped.
fn fmt_p(p: f64) -> String {
    escape(&crate::headline::p_text(p))
}
