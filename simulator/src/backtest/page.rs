//! The backtest's HTML page (`backtest.html`), in the report's style: the skill of the
//! forecast against the two baselines, per event and pooled; the reliability table and
//! diagram; the points intervals' coverage; byes and absences per remaining round.

use super::{event_rows, expected_skill, reliability_rows, skill, Scored, MODELS, TARGETS};
use std::fmt::Write as _;
use swisslab_reports::html::escape;

/// The page; `line` describes the run.
pub fn render(scored: &[Scored], line: &str) -> String {
    let mut b = String::new();
    let _ = writeln!(
        b,
        "<h1>Forecast backtest</h1>\n<p class=\"params\">{}</p>\n<p>Each finished event cut, \
         its remaining rounds forecast, and what happened scored. Brier score: the squared \
         differences between the chance given and what happened, summed over the players \
         (lower is better); skill: 1 - the forecast's pooled score / the baseline's. Baselines: \
         <em>leaders</em> (the players above the k-th best score now take a place each, those \
         on it share the rest) and <em>points</em> (k times the share of the points now). \
         <em>Expected</em>: what the forecast would score if its own chances were exactly right \
         (the outcomes drawn from them): a skill well under it says the model is wrong, one \
         near it that the events allowed no more.</p>",
        escape(line)
    );
    skill_section(&mut b, scored);
    events_section(&mut b, scored);
    reliability_section(&mut b, scored);
    rounds_section(&mut b, scored);
    b.push_str("<footer><p>Written by swisslab forecast --backtest.</p></footer>\n");
    swisslab_reports::html::page("Forecast backtest", &b)
}

fn skill_section(b: &mut String, scored: &[Scored]) {
    b.push_str("<section id=\"skill\"><h2>Skill, pooled</h2>\n<table><thead><tr><th>Events</th><th>Baseline</th>");
    for (t, _) in TARGETS {
        let _ = write!(b, "<th>{t}</th>");
    }
    b.push_str("<th>points within the page's 80% range (expected)</th><th>PIT coverage (80% if calibrated)</th></tr></thead><tbody>\n");
    for kind in ["all", "otb", "online"] {
        let pool: Vec<&Scored> = scored
            .iter()
            .filter(|s| kind == "all" || s.kind == kind)
            .collect();
        if pool.is_empty() {
            continue;
        }
        let players: usize = pool.iter().map(|s| s.players).sum();
        let inside =
            pool.iter().map(|s| s.coverage.inside).sum::<u64>() as f64 / players.max(1) as f64;
        let pit = pool.iter().map(|s| s.coverage.pit).sum::<f64>() / players.max(1) as f64;
        let expected =
            pool.iter().map(|s| s.coverage.expected).sum::<f64>() / players.max(1) as f64;
        for (m, model) in MODELS.iter().enumerate().skip(1) {
            let _ = write!(
                b,
                "<tr><td>{kind} ({} events, {players} players)</td><td>{}</td>",
                pool.len(),
                model
            );
            for k in 0..TARGETS.len() {
                if m == 1 {
                    let _ = write!(
                        b,
                        "<td>{:+.3} (expected {:+.3})</td>",
                        skill(&pool, m, k),
                        expected_skill(&pool, m, k)
                    );
                } else {
                    let _ = write!(b, "<td>{:+.3}</td>", skill(&pool, m, k));
                }
            }
            let _ = writeln!(
                b,
                "<td>{:.1}% ({:.1}%)</td><td>{:.1}%</td></tr>",
                100.0 * inside,
                100.0 * expected,
                100.0 * pit
            );
        }
    }
    b.push_str("</tbody></table></section>\n");
}

fn events_section(b: &mut String, scored: &[Scored]) {
    b.push_str("<section id=\"events\"><h2>Per event</h2>\n<table><thead><tr><th>Event</th><th>Kind</th><th>Players</th><th>Cut after</th><th>Brier first (leaders, points)</th><th>Brier top 3</th><th>Brier top 10</th><th>Points within the 80% range</th><th>PABs forecast / real</th><th>Not paired per round forecast / real</th></tr></thead><tbody>\n");
    for r in event_rows(scored) {
        let rounds = (r.rounds - r.cut_after).max(1) as f64;
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{} of {}</td><td>{} ({}, {})</td><td>{} ({}, {})</td><td>{} ({}, {})</td><td>{}</td><td>{} / {}</td><td>{:.1} / {:.1}</td></tr>",
            escape(&r.event),
            r.kind,
            r.players,
            r.cut_after,
            r.rounds,
            r.brier_first,
            r.leaders_brier_first,
            r.points_brier_first,
            r.brier_top3,
            r.leaders_brier_top3,
            r.points_brier_top3,
            r.brier_top10,
            r.leaders_brier_top10,
            r.points_brier_top10,
            r.interval_coverage,
            r.byes_forecast,
            r.byes_real,
            r.absent_forecast.parse::<f64>().unwrap_or(0.0) / rounds,
            r.absent_real as f64 / rounds
        );
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"backtest-events.csv\">backtest-events.csv</a></p></section>\n");
}

fn reliability_section(b: &mut String, scored: &[Scored]) {
    let rows = reliability_rows(scored);
    b.push_str("<section id=\"reliability\"><h2>Reliability</h2>\n<p>The chances given, in tenths, against the share of players to whom it happened (95% Wilson interval). A reliable forecast lies on the diagonal.</p>\n");
    b.push_str(&diagram(&rows));
    b.push_str("<table><thead><tr><th>Target</th><th>Chance given</th><th>Players</th><th>Mean chance</th><th>Happened</th><th>Share [95%]</th></tr></thead><tbody>\n");
    for r in rows.iter().filter(|r| r.players > 0) {
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} [{}, {}]</td></tr>",
            r.target, r.bin, r.players, r.mean_chance, r.happened, r.share, r.ci_low, r.ci_high
        );
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"backtest-reliability.csv\">backtest-reliability.csv</a></p></section>\n");
}

/// The reliability diagram: mean chance (x) against the share that happened (y), one series
/// per target, the intervals as bars, the diagonal for reference.
fn diagram(rows: &[super::ReliabilityCsv]) -> String {
    let (w, h, m) = (420.0, 420.0, 50.0);
    let x = |v: f64| m + v * (w - 2.0 * m);
    let y = |v: f64| h - m - v * (h - 2.0 * m);
    let mut s = format!(
        "<figure id=\"fig-reliability\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"reliability diagram\">\n\
         <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n\
         <rect x=\"{m}\" y=\"{m}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#444\"/>\n\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">chance given</text>\n\
         <text x=\"14\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 {})\">share that happened</text>\n",
        x(0.0), y(0.0), x(1.0), y(1.0), w - 2.0 * m, h - 2.0 * m, w / 2.0, h - 12.0, h / 2.0, h / 2.0
    );
    for t in 0..=10 {
        let v = t as f64 / 10.0;
        if t % 2 == 0 {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{v:.1}</text><text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\">{v:.1}</text>",
                x(v), h - m + 14.0, m - 4.0, y(v) + 3.0
            );
        }
    }
    let colours = ["#1f77b4", "#d62728", "#2ca02c"];
    for (k, (target, _)) in TARGETS.iter().enumerate() {
        let pts: Vec<(f64, f64, f64, f64)> = rows
            .iter()
            .filter(|r| r.target == *target && r.players > 0)
            .filter_map(|r| {
                Some((
                    r.mean_chance.parse().ok()?,
                    r.share.parse().ok()?,
                    r.ci_low.parse().ok()?,
                    r.ci_high.parse().ok()?,
                ))
            })
            .collect();
        let c = colours[k];
        for &(px, py, lo, hi) in &pts {
            let _ = writeln!(
                s,
                "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"{c}\" opacity=\"0.5\"/><circle cx=\"{0}\" cy=\"{3}\" r=\"3.5\" fill=\"{c}\"/>",
                x(px), y(lo), y(hi), y(py)
            );
        }
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{c}\"/><text x=\"{}\" y=\"{}\" font-size=\"11\">{target}</text>",
            m + 8.0, m + 8.0 + 16.0 * k as f64, m + 22.0, m + 17.0 + 16.0 * k as f64
        );
    }
    s.push_str("</svg><figcaption><strong>Reliability.</strong> Mean chance given in each tenth against the share that happened, with 95% intervals; the dashed line is a perfect forecast.</figcaption></figure>\n");
    s
}

fn rounds_section(b: &mut String, scored: &[Scored]) {
    b.push_str("<section id=\"rounds\"><h2>Byes and absences per remaining round</h2>\n<table><thead><tr><th>Event</th><th>Round</th><th>Chance of a PAB</th><th>Real PAB</th><th>Players not paired, forecast</th><th>Real</th></tr></thead><tbody>\n");
    for s in scored {
        for r in &s.rounds {
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td>{}</td><td>{:.1}%</td><td>{}</td><td>{:.1}</td><td>{}</td></tr>",
                escape(&s.file),
                r.0,
                100.0 * r.1,
                if r.2 { "yes" } else { "no" },
                r.3,
                r.4
            );
        }
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"backtest-rounds.csv\">backtest-rounds.csv</a></p></section>\n");
}
