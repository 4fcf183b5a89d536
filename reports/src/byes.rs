//! The pairing-allocated bye (PAB): who receives it, by rating decile and by score.
//!
//! Receivers come from rounds.csv (`bye_player`, `bye_player_score`); the rating decile is the
//! receiver's place among all players of the tournament ordered by rating (ties by pairing
//! number), decile 1 = highest rated. Shares of byes per decile pool all byes of the run
//! (Wilson intervals). `bye_player_score` is read as the receiver's score before the round.

use crate::load::RunData;
use crate::model::{bars, num, Metric, Section, Table};
use crate::stats::{decile, wilson, Estimate};
use std::collections::BTreeMap;

pub fn section(run: &RunData) -> Section {
    let mut per_tournament = Vec::new();
    let mut by_decile = [0u64; 10];
    let mut by_score: BTreeMap<i64, u64> = BTreeMap::new(); // score in half points
    let mut total = 0u64;
    let mut receivers = 0u64;
    let mut twice = 0u64;
    let mut percentile = Vec::new();
    for t in &run.tournaments {
        let mut order: Vec<_> = t.players.iter().collect();
        order.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player)));
        let n = order.len();
        let mut count = 0u64;
        let mut pct = Vec::new();
        for r in t.rounds.iter().filter(|r| r.bye_player != 0) {
            count += 1;
            if let Some(pos) = order.iter().position(|p| p.player == r.bye_player) {
                by_decile[decile(pos, n) - 1] += 1;
                pct.push(if n > 1 {
                    pos as f64 / (n - 1) as f64
                } else {
                    0.0
                });
            }
            if let Some(s) = r.bye_player_score {
                *by_score.entry((s * 2.0).round() as i64).or_default() += 1;
            }
        }
        total += count;
        per_tournament.push(count as f64);
        if !pct.is_empty() {
            percentile.push(pct.iter().sum::<f64>() / pct.len() as f64);
        }
        for p in &t.players {
            if p.pabs > 0 {
                receivers += 1;
                if p.pabs > 1 {
                    twice += 1;
                }
            }
        }
    }

    let metrics = vec![
        Metric::new(
            "byes.per_tournament",
            "Pairing-allocated byes per tournament",
            "tournaments",
            Estimate::mean(&per_tournament),
        ),
        Metric::new(
            "byes.rating_position",
            "Rating position of the bye receiver (0 = highest rated, 1 = lowest)",
            "tournaments",
            Estimate::mean(&percentile),
        ),
        Metric::new(
            "byes.bottom_decile",
            "Byes given to the lowest-rated tenth of the field",
            "byes",
            Estimate::proportion(by_decile[9], total),
        )
        .percent(),
        Metric::new(
            "byes.more_than_one",
            "Bye receivers who received more than one pairing-allocated bye",
            "receivers",
            Estimate::proportion(twice, receivers),
        )
        .percent(),
    ];

    let mut t_dec = Table::new(
        "byes_by_rating_decile",
        "Pairing-allocated byes by the receiver's rating decile (1 = highest rated)",
        &["decile", "byes", "share", "ci_low", "ci_high"],
    );
    let mut cats = Vec::new();
    let mut ests = Vec::new();
    for (d, &c) in by_decile.iter().enumerate() {
        let e = Estimate::proportion(c, total);
        let (lo, hi) = wilson(c, total).unwrap_or((f64::NAN, f64::NAN));
        t_dec.push(vec![
            (d + 1).to_string(),
            c.to_string(),
            num(e.value()),
            num(lo),
            num(hi),
        ]);
        cats.push((d + 1).to_string());
        ests.push(e);
    }
    let dec_chart = bars(
        "byes-by-rating",
        "Byes by rating decile",
        "Share of all pairing-allocated byes received by each rating decile of the field (1 = highest rated); error bars are 95% Wilson intervals.",
        "rating decile of the receiver (1 = highest)",
        "byes (%)",
        cats,
        vec![("byes".into(), ests)],
        100.0,
    );

    let score_total: u64 = by_score.values().sum();
    let mut t_score = Table::new(
        "byes_by_score",
        "Pairing-allocated byes by the receiver's score before the round",
        &["score", "byes", "share"],
    );
    let mut cats = Vec::new();
    let mut ests = Vec::new();
    for (&half, &c) in &by_score {
        let score = half as f64 / 2.0;
        let e = Estimate::proportion(c, score_total);
        t_score.push(vec![format!("{score:.1}"), c.to_string(), num(e.value())]);
        cats.push(format!("{score:.1}"));
        ests.push(e);
    }
    let score_chart = bars(
        "byes-by-score",
        "Byes by score",
        "Share of all pairing-allocated byes by the receiver's score before the round; error bars are 95% Wilson intervals.",
        "score of the receiver (points)",
        "byes (%)",
        cats,
        vec![("byes".into(), ests)],
        100.0,
    );

    Section {
        id: "byes",
        title: "Byes",
        intro: format!(
            "{total} pairing-allocated byes in {} tournaments. The bye should go to a low-rated player of the lowest score group who has not had one.",
            run.tournaments.len()
        ),
        metrics,
        charts: vec![dec_chart, score_chart],
        tables: vec![t_dec, t_score],
    }
}
