//! The report and the comparison of a small run, rendered in headless Chromium: fails on text
//! overflowing its box (at 1280 pixels on screen, and on an A4 page with the print style sheet),
//! on a chart with no data drawn, on a console error, and on each kind of chart defect the check
//! reads from the SVG (`browser/check.js`, `axes`): a tick reading `-0`, `1k` or above 100% on
//! an axis of percentages, a tick with more decimals than its step needs, a label over the plot
//! area or a count label outside it, an axis label taller than its plot or nesting brackets, a
//! difference of shares not in `pp` (chart axis and table), a caption promising one line per
//! something without a legend, count labels no caption explains, a method name broken in a
//! table cell. Skipped with a printed notice when
//! Chromium is not installed (set `SWISSLAB_CHROMIUM` to its path when it is not on PATH as
//! `chromium`, `chromium-browser`, `google-chrome` or `google-chrome-stable`).
//!
//! The page is loaded with a checking script (`browser/check.js`) added at the top of its head
//! and read back with `--dump-dom`; no DevTools connection is needed.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CHECK: &str = include_str!("browser/check.js");

/// The window widths checked: a 1280-pixel screen, and the width of an A4 page's printable area
/// (210 mm less 2 x 12 mm margins at 96 pixels per inch) laid out with the print rules.
const LAYOUTS: [(u32, bool); 2] = [(1280, false), (703, true)];

/// Headless Chromium (`$SWISSLAB_CHROMIUM`, else on the `PATH`); when missing the test is
/// skipped visibly, or fails under `SWISSLAB_REQUIRE` (`.ci/run` installs it).
fn chromium(test: &str) -> Option<PathBuf> {
    let found = support::skip::program(
        "SWISSLAB_CHROMIUM",
        &[
            "chromium",
            "chromium-browser",
            "google-chrome",
            "google-chrome-stable",
        ],
    );
    if found.is_none() {
        support::skip::skip(
            test,
            "headless Chromium",
            "install chromium or set SWISSLAB_CHROMIUM; the report was not checked in a browser",
        );
    }
    found
}

fn swisslab(args: &[&str], out: &Path) {
    let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .args(args)
        .arg(out)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "swisslab {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn simulate(out: &Path, seed: &str, system: &str) {
    swisslab(
        &[
            "simulate",
            "--players",
            "30",
            "--rounds",
            "7",
            "--tournaments",
            "16",
            "--seed",
            seed,
            "--system",
            system,
            "--no-progress",
            "--out",
        ],
        out,
    );
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The problems the checking script finds in `html` at `width` pixels (empty when none).
fn problems(browser: &Path, html: &Path, width: u32, print: bool) -> Vec<String> {
    let page = std::fs::read_to_string(html).unwrap();
    let flag = if print {
        "window.__swisslabPrint = true;\n"
    } else {
        ""
    };
    let script = format!("<head>\n<script>\n{flag}{CHECK}</script>\n");
    assert!(page.contains("<head>\n"), "{}: no <head>", html.display());
    let checked = html.with_file_name(".browser-check.html");
    std::fs::write(&checked, page.replacen("<head>\n", &script, 1)).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--window-size={width},1000"))
        .arg("--dump-dom")
        .arg(format!("file://{}", checked.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut s).map(|_| s)
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{}: Chromium did not finish in 120 s", html.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let dom = reader.join().unwrap().unwrap();
    std::fs::remove_file(&checked).unwrap();
    let start = "<pre id=\"swisslab-check\">";
    // The last one: the script's own text names the element too.
    let Some(at) = dom.rfind(start) else {
        panic!(
            "{}: the checking script did not run ({} bytes of DOM)",
            html.display(),
            dom.len()
        );
    };
    let rest = &dom[at + start.len()..];
    let text = unescape(&rest[..rest.find("</pre>").unwrap_or(rest.len())]);
    if text.trim() == "OK" {
        return Vec::new();
    }
    let layout = if print { "print" } else { "screen" };
    text.lines()
        .map(|l| format!("{} ({width} px, {layout}): {l}", html.display()))
        .collect()
}

#[test]
fn report_and_comparison_render_cleanly_in_chromium() {
    let Some(browser) = chromium("report_and_comparison_render_cleanly_in_chromium") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c) = (
        dir.path().join("a"),
        dir.path().join("b"),
        dir.path().join("c"),
    );
    // A and B: same seed and configuration, two editions (a paired comparison); C: another seed.
    simulate(&a, "5", "dutch-2026");
    simulate(&b, "5", "dutch-2017");
    simulate(&c, "6", "dutch-2026");
    swisslab(&["report"], &a);
    let (paired, unpaired) = (dir.path().join("ab"), dir.path().join("ac"));
    for (other, out) in [(&b, &paired), (&c, &unpaired)] {
        let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
            .args(["report", "--compare"])
            .args([&a, other])
            .arg("--out")
            .arg(out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let pages = [
        a.join("report.html"),
        paired.join("compare.html"),
        unpaired.join("compare.html"),
    ];
    let text = std::fs::read_to_string(&pages[1]).unwrap();
    assert!(text.contains("Paired comparison"), "A and B should pair");
    let mut found = Vec::new();
    for page in &pages {
        for (width, print) in LAYOUTS {
            found.extend(problems(&browser, page, width, print));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The check itself: a page with a console error, a cell wider than the page, a chart text
/// outside its chart and a chart without data must each be reported.
#[test]
fn the_browser_check_finds_what_it_looks_for() {
    let Some(browser) = chromium("the_browser_check_finds_what_it_looks_for") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("bad.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html>\n<html>\n<head>\n<title>bad</title>\n</head>\n<body>\n<main style=\"max-width:600px\">\n\
         <table><tr><td style=\"white-space:nowrap\">a-cell-that-is-far-too-wide-for-its-page-\
         a-cell-that-is-far-too-wide-for-its-page-a-cell-that-is-far-too-wide-for-its-page</td></tr></table>\n\
         <figure id=\"fig-x\"><svg width=\"200\" height=\"100\" viewBox=\"0 0 200 100\">\
         <rect x=\"0\" y=\"0\" width=\"200\" height=\"100\" fill=\"#FFFFFF\"/>\
         <text x=\"150\" y=\"50\">a legend cut at the right</text></svg></figure>\n\
         <script>console.error('boom');</script>\n</main>\n</body>\n</html>\n",
    )
    .unwrap();
    let found = problems(&browser, &page, 800, false).join("\n");
    for want in [
        "console\terror: boom",
        "a-cell-that-is-far",
        "chart text \"a legend cut at the right\" outside the chart",
        "#fig-x: no data drawn",
    ] {
        assert!(found.contains(want), "{want:?} not found in:\n{found}");
    }
}

/// A chart as `charts::render` lays it out (the plot area in `data-plot`), drawn at two thirds
/// of its size so that the check's scaling from the chart's pixels to the page's is used, with
/// `texts` inside and `caption` under it.
fn bad_figure(id: &str, texts: &str, caption: &str) -> String {
    format!(
        "<figure id=\"{id}\"><svg data-plot=\"100 40 740 330\" width=\"500\" height=\"263\" viewBox=\"0 0 760 400\">\
         <rect x=\"0\" y=\"0\" width=\"760\" height=\"400\" fill=\"#FFFFFF\"/>\
         <rect x=\"200\" y=\"100\" width=\"60\" height=\"230\" fill=\"#0072B2\"/>{texts}</svg>\
         <figcaption>{caption}</figcaption></figure>\n"
    )
}

/// Each kind of chart and table defect the check looks for, on a page made to have them all: a
/// negative zero tick, "1k" on a log axis of percentages, ticks with more decimals than their
/// step, a count label over the y axis, a text in the plot area, an axis label taller than its
/// plot and with brackets in brackets, a difference of shares in "%" (on the axis and in the
/// table), a caption promising one line per something without a legend, count labels
/// explained nowhere, a method name broken over two lines. The report test above passes only
/// when the real pages have none of them.
#[test]
fn the_browser_check_finds_each_kind_of_chart_defect() {
    let Some(browser) = chromium("the_browser_check_finds_each_kind_of_chart_defect") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("bad-charts.html");
    let ticks = "<text x=\"90\" y=\"330\" text-anchor=\"end\">-0.00</text>\
                 <text x=\"90\" y=\"250\" text-anchor=\"end\">1.00</text>\
                 <text x=\"90\" y=\"170\" text-anchor=\"end\">2.00</text>\
                 <text x=\"90\" y=\"90\" text-anchor=\"end\">1k</text>";
    let shares = format!(
        "<text x=\"30\" y=\"185\" transform=\"rotate(270, 30, 185)\">players (%, log scale)</text>{ticks}\
         <text x=\"100\" y=\"60\" text-anchor=\"middle\" fill=\"#0072B2\">12 345→12 400</text>\
         <text x=\"400\" y=\"200\">runs into the plot</text>"
    );
    let difference = format!(
        "<text x=\"30\" y=\"185\" transform=\"rotate(270, 30, 185)\">B − A (players (%)), \
         a description far too long to fit along the height of its plot area</text>{ticks}"
    );
    let body = format!(
        "{}{}<table><thead><tr><th>Figure</th><th>A</th><th>B − A</th><th>Interval</th></tr></thead>\
         <tbody><tr><td>share</td><td>1.0%</td><td>+0.5%</td><td style=\"width:1px\">cluster-ratio-t</td></tr></tbody></table>\n",
        bad_figure("fig-y", &shares, "Pairing time, one line per field size."),
        bad_figure("fig-y-difference", &difference, "The difference."),
    );
    std::fs::write(
        &page,
        format!(
            "<!DOCTYPE html>\n<html>\n<head>\n<title>bad</title>\n</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
        ),
    )
    .unwrap();
    let found = problems(&browser, &page, 1280, false).join("\n");
    for want in [
        "#fig-y: tick \"-0.00\" is a negative zero",
        "#fig-y: percentage tick \"1k\"",
        "#fig-y: tick \"1.00\" has more decimals than its step 1 needs",
        "#fig-y: count label \"12 345→12 400\" outside the plot area",
        "#fig-y: text \"runs into the plot\" runs into the plot area",
        "#fig-y: the caption promises one line per something, the chart has no legend",
        "#fig-y: the numbers at the bars or points are explained nowhere",
        "#fig-y-difference: axis label \"B − A (players (%)), a description",
        "is taller than its plot",
        "nests brackets",
        "#fig-y-difference: a difference of shares labelled",
        "method name \"cluster-ratio-t\" broken over 2 lines",
        "difference of shares \"+0.5%\" not in pp",
    ] {
        assert!(found.contains(want), "{want:?} not found in:\n{found}");
    }
}
