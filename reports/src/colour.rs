//! Colour fairness: final colour differences, same colour three times in a row, colour
//! preferences granted, White's score, and the score of players with one White more.
//!
//! Per-tournament shares (e.g. of players at |difference| >= 2) are averaged over tournaments
//! with a t interval, so that players of one tournament are not treated as independent. The
//! distribution of colour differences and the preferences granted per round pool all players
//! (Wilson intervals over players: narrower than a clustered interval would be).
//!
//! White's score counts played games only (`white_wins`, `draws`, `black_wins` of rounds.csv).
//! The extra-White effect (Csató and Krumer) is, per tournament, the mean score of players who
//! ended with colour difference +1 minus that of players who ended with -1 (tournaments lacking
//! either group are skipped); it is not adjusted for strength.

use crate::load::RunData;
use crate::model::{bars, num, Chart, ChartKind, Metric, Point, Section, Series, Table};
use crate::stats::{wilson, Estimate};
use std::collections::BTreeMap;

pub fn section(run: &RunData) -> Section {
    let mut metrics = Vec::new();
    let mut ge2 = Vec::new();
    let mut mean_abs = Vec::new();
    let mut three = Vec::new();
    let mut top_three = Vec::new();
    let mut top_over2 = Vec::new();
    let mut white_pct = Vec::new();
    let mut gain = Vec::new();
    let mut dist: BTreeMap<i32, u64> = BTreeMap::new();
    let mut players_total = 0u64;
    // round -> kind -> (preferences, denied)
    let mut prefs: BTreeMap<u32, [(u64, u64); 3]> = BTreeMap::new();

    for t in &run.tournaments {
        let played: Vec<_> = t.players.iter().filter(|p| p.games > 0).collect();
        if !played.is_empty() {
            let n = played.len() as f64;
            ge2.push(played.iter().filter(|p| p.colour_diff.abs() >= 2).count() as f64 / n);
            mean_abs.push(
                played
                    .iter()
                    .map(|p| p.colour_diff.abs() as f64)
                    .sum::<f64>()
                    / n,
            );
            three.push(
                played
                    .iter()
                    .filter(|p| p.longest_same_colour_run >= 3)
                    .count() as f64
                    / n,
            );
        }
        for p in &played {
            *dist.entry(p.colour_diff).or_default() += 1;
            players_total += 1;
        }
        let plus: Vec<f64> = played
            .iter()
            .filter(|p| p.colour_diff == 1)
            .map(|p| p.score)
            .collect();
        let minus: Vec<f64> = played
            .iter()
            .filter(|p| p.colour_diff == -1)
            .map(|p| p.score)
            .collect();
        if !plus.is_empty() && !minus.is_empty() {
            gain.push(
                plus.iter().sum::<f64>() / plus.len() as f64
                    - minus.iter().sum::<f64>() / minus.len() as f64,
            );
        }
        let (mut ww, mut dr, mut bw) = (0u64, 0u64, 0u64);
        for r in &t.rounds {
            ww += r.white_wins as u64;
            dr += r.draws as u64;
            bw += r.black_wins as u64;
            let e = prefs.entry(r.round).or_default();
            e[0].0 += r.pref_absolute as u64;
            e[0].1 += r.denied_absolute as u64;
            e[1].0 += r.pref_strong as u64;
            e[1].1 += r.denied_strong as u64;
            e[2].0 += r.pref_mild as u64;
            e[2].1 += r.denied_mild as u64;
            if r.last_round && r.topscorers > 0 {
                top_three.push(r.topscorers_three_in_row as f64 / r.topscorers as f64);
                top_over2.push(r.topscorers_diff_over_2 as f64 / r.topscorers as f64);
            }
        }
        let games = ww + dr + bw;
        if games > 0 {
            white_pct.push((ww as f64 + 0.5 * dr as f64) / games as f64);
        }
    }

    metrics.push(
        Metric::new(
            "colour.abs_diff_ge2",
            "Players ending with |colour difference| >= 2 (share per tournament)",
            "tournaments",
            Estimate::mean(&ge2),
        )
        .percent(),
    );
    metrics.push(Metric::new(
        "colour.mean_abs_diff",
        "Mean |colour difference| per player",
        "tournaments",
        Estimate::mean(&mean_abs),
    ));
    metrics.push(
        Metric::new(
            "colour.three_in_row",
            "Players who had the same colour three times in a row (share per tournament)",
            "tournaments",
            Estimate::mean(&three),
        )
        .percent(),
    );
    metrics.push(
        Metric::new(
            "colour.topscorers_three_in_row",
            "Final round: topscorers with the same colour three times in a row (share)",
            "tournaments",
            Estimate::mean(&top_three),
        )
        .percent(),
    );
    metrics.push(
        Metric::new(
            "colour.topscorers_diff_over_2",
            "Final round: topscorers with |colour difference| > 2 (share)",
            "tournaments",
            Estimate::mean(&top_over2),
        )
        .percent(),
    );
    let kinds = ["absolute", "strong", "mild"];
    for (k, kind) in kinds.iter().enumerate() {
        let (p, d) = prefs
            .values()
            .fold((0, 0), |(p, d), e| (p + e[k].0, d + e[k].1));
        metrics.push(
            Metric::new(
                &format!("colour.pref_granted_{kind}"),
                &format!("{kind} colour preferences granted (all rounds)"),
                "preferences",
                Estimate::proportion(p - d.min(p), p),
            )
            .percent(),
        );
    }
    metrics.push(
        Metric::new(
            "colour.white_score",
            "White's score in played games (per tournament)",
            "tournaments",
            Estimate::mean(&white_pct),
        )
        .percent(),
    );
    metrics.push(Metric::new(
        "colour.extra_white_gain",
        "Score of players at colour difference +1 minus players at -1 (points)",
        "tournaments",
        Estimate::mean(&gain),
    ));

    // Tables and charts.
    let mut t_dist = Table::new(
        "colour_difference",
        "Final colour difference (whites - blacks), all players who played",
        &["colour_diff", "players", "share", "ci_low", "ci_high"],
    );
    let mut cats = Vec::new();
    let mut ests = Vec::new();
    for (&d, &c) in &dist {
        let e = Estimate::proportion(c, players_total);
        let ci = wilson(c, players_total).unwrap_or((f64::NAN, f64::NAN));
        t_dist.push(vec![
            d.to_string(),
            c.to_string(),
            num(e.value()),
            num(ci.0),
            num(ci.1),
        ]);
        cats.push(format!("{d:+}"));
        ests.push(e);
    }
    let dist_chart = bars(
        "colour-difference",
        "Final colour difference",
        "Share of players by final colour difference (whites minus blacks), pooled over all tournaments; error bars are 95% Wilson intervals.",
        "colour difference (whites - blacks)",
        "players (%)",
        cats,
        vec![("players".to_string(), ests)],
        100.0,
    );

    let mut t_pref = Table::new(
        "colour_preferences_by_round",
        "Colour preferences granted per round and kind",
        &[
            "round",
            "kind",
            "preferences",
            "granted",
            "share",
            "ci_low",
            "ci_high",
        ],
    );
    let mut series: Vec<Series> = kinds
        .iter()
        .map(|k| Series {
            name: k.to_string(),
            points: Vec::new(),
        })
        .collect();
    for (&round, e) in &prefs {
        for (k, kind) in kinds.iter().enumerate() {
            let (p, d) = e[k];
            let g = p - d.min(p);
            let est = Estimate::proportion(g, p);
            let ci = est.ci();
            t_pref.push(vec![
                round.to_string(),
                kind.to_string(),
                p.to_string(),
                g.to_string(),
                num(est.value()),
                num(ci.map_or(f64::NAN, |c| c.0)),
                num(ci.map_or(f64::NAN, |c| c.1)),
            ]);
            if p > 0 {
                series[k].points.push(Point {
                    x: round as f64,
                    y: est.value() * 100.0,
                    ci: ci.map(|(a, b)| (a * 100.0, b * 100.0)),
                });
            }
        }
    }
    let pref_chart = Chart {
        id: "colour-preferences".into(),
        title: "Colour preferences granted per round".into(),
        caption: "Share of paired players with an absolute, strong or mild colour preference who received their preferred colour, per round, pooled over all tournaments; error bars are 95% Wilson intervals.".into(),
        x_label: "round".into(),
        y_label: "preferences granted (%)".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: None,
        },
        series,
    };

    Section {
        id: "colour",
        title: "Colour",
        intro: "Colour difference = whites minus blacks at the end (players who played at least one game). \
                Shares per tournament are averaged over tournaments (t interval); pooled shares carry Wilson intervals over players. \
                The extra-White effect compares, within each tournament, the mean score of players who ended with one White more than Black (+1) against those with one Black more (-1), not adjusted for strength."
            .into(),
        metrics,
        charts: vec![dist_chart, pref_chart],
        tables: vec![t_dist, t_pref],
    }
}
