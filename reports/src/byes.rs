//! The pairing-allocated bye (PAB): who receives it, by rating decile and by score.
//!
//! Receivers come from rounds.csv (`bye_player`, `bye_player_score`); the rating decile is the
//! receiver's place among all players of the tournament ordered by rating (ties by pairing
//! number), decile 1 = highest rated. Shares of byes per decile pool all byes of the run, with
//! the clustered interval of [`crate::stats`] (ratio estimator, cluster-robust by tournament;
//! exact Korn-Graubard below 10 byes). `bye_player_score` is read as the receiver's score
//! before the round.

use crate::load::{PerTournament, RunData, Tournament};
use crate::model::{bar_chart, ci_cells, num, Chart, ChartText, Metric, Section, Table};
use crate::stats::{decile, share_of_category, shares_by_category, Estimate};
use std::collections::BTreeMap;

/// What the byes section counts per tournament, gathered in one pass over the run.
#[derive(Default)]
struct Tally {
    per_tournament: Vec<(u64, f64)>,
    /// Byes by the receiver's rating decile, and by his score in half points.
    by_decile: Vec<(u64, BTreeMap<usize, f64>, f64)>,
    by_score: Vec<(u64, BTreeMap<i64, f64>, f64)>,
    bottom: Vec<(u64, f64, f64)>,
    twice: Vec<(u64, f64, f64)>,
    percentile: Vec<(u64, f64)>,
    total: u64,
}

impl PerTournament for Tally {
    /// The byes of tournament `t` and who received them.
    fn add(&mut self, t: &Tournament) {
        let id = t.row.tournament;
        let mut order: Vec<_> = t.players.iter().collect();
        order.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player)));
        let n = order.len();
        let mut count = 0.0;
        let mut pct = Vec::new();
        let mut dec: BTreeMap<usize, f64> = BTreeMap::new();
        let mut score: BTreeMap<i64, f64> = BTreeMap::new(); // score in half points
        for r in t.rounds.iter().filter(|r| r.bye_player != 0) {
            count += 1.0;
            if let Some(pos) = order.iter().position(|p| p.player == r.bye_player) {
                *dec.entry(decile(pos, n)).or_default() += 1.0;
                pct.push(if n > 1 {
                    pos as f64 / (n - 1) as f64
                } else {
                    0.0
                });
            }
            if let Some(s) = r.bye_player_score {
                *score.entry((s * 2.0).round() as i64).or_default() += 1.0;
            }
        }
        self.total += count as u64;
        self.per_tournament.push((id, count));
        if !pct.is_empty() {
            self.percentile
                .push((id, pct.iter().sum::<f64>() / pct.len() as f64));
        }
        self.bottom
            .push((id, dec.get(&10).copied().unwrap_or(0.0), count));
        let scored: f64 = score.values().sum();
        self.by_decile.push((id, dec, count));
        self.by_score.push((id, score, scored));
        let receivers = t.players.iter().filter(|p| p.pabs > 0).count() as f64;
        let more = t.players.iter().filter(|p| p.pabs > 1).count() as f64;
        self.twice.push((id, more, receivers));
    }
}

/// The headline figures of the byes.
fn metrics(t: &Tally) -> Vec<Metric> {
    vec![
        Metric::new(
            "byes.per_tournament",
            "Pairing-allocated byes per tournament",
            "tournaments",
            Estimate::mean(&t.per_tournament),
        ),
        Metric::new(
            "byes.rating_position",
            "Rating position of the bye receiver (0 = highest rated, 1 = lowest)",
            "tournaments",
            Estimate::mean(&t.percentile),
        ),
        Metric::new(
            "byes.bottom_decile",
            "Byes given to the lowest-rated tenth of the field",
            "byes",
            Estimate::ratio(&t.bottom),
        )
        .percent(),
        Metric::new(
            "byes.more_than_one",
            "Bye receivers who received more than one pairing-allocated bye",
            "receivers",
            Estimate::ratio(&t.twice),
        )
        .percent(),
    ]
}

/// Byes by rating decile.
fn deciles_figure(t: &Tally) -> (Table, Chart) {
    let shares = shares_by_category(&t.by_decile);
    let mut t_dec = Table::new(
        "byes_by_rating_decile",
        "Pairing-allocated byes by the receiver's rating decile (1 = highest rated)",
        &["decile", "byes", "share", "ci_low", "ci_high", "method"],
    );
    let mut cats = Vec::new();
    let mut ests = Vec::new();
    for d in 1..=10usize {
        // A decile without a bye: 0 of the run's byes, with its exact interval.
        let e = &shares
            .get(&d)
            .cloned()
            .unwrap_or_else(|| share_of_category(&t.by_decile, &d));
        let c = e.counts().map_or(0.0, |c| c.0);
        let [lo, hi] = ci_cells(e.ci());
        t_dec.push(vec![
            d.to_string(),
            num(c),
            num(e.value()),
            lo,
            hi,
            e.method().into(),
        ]);
        cats.push(d.to_string());
        ests.push(e.clone());
    }
    let dec_chart = bar_chart(
        ChartText {
            id: "byes-by-rating",
            title: "Byes by rating decile",
            caption: "Share of all pairing-allocated byes received by each rating decile of the field (1 = highest rated), log scale; error bars are 95% clustered intervals (ratio estimator, cluster-robust by tournament; exact Korn-Graubard below 10 byes); empty bars have none.",
            x_label: "rating decile of the receiver (1 = highest)",
            y_label: "byes (%, log scale)",
            counted: Some("byes"),
        },
        cats,
        vec![("byes".into(), ests)],
        100.0,
    )
    .log_y();
    (t_dec, dec_chart)
}

/// Byes by score.
fn scores_figure(t: &Tally) -> (Table, Chart) {
    let shares = shares_by_category(&t.by_score);
    let mut t_score = Table::new(
        "byes_by_score",
        "Pairing-allocated byes by the receiver's score before the round",
        &["score", "byes", "share", "ci_low", "ci_high"],
    );
    let mut cats = Vec::new();
    let mut ests = Vec::new();
    for (&half, e) in &shares {
        let score = half as f64 / 2.0;
        let [lo, hi] = ci_cells(e.ci());
        t_score.push(vec![
            format!("{score:.1}"),
            num(e.counts().map_or(0.0, |c| c.0)),
            num(e.value()),
            lo,
            hi,
        ]);
        cats.push(format!("{score:.1}"));
        ests.push(e.clone());
    }
    let score_chart = bar_chart(
        ChartText {
            id: "byes-by-score",
            title: "Byes by score",
            caption: "Share of all pairing-allocated byes by the receiver's score before the round; error bars are 95% clustered intervals (cluster-robust by tournament).",
            x_label: "score of the receiver (points)",
            y_label: "byes (%)",
            counted: Some("byes"),
        },
        cats,
        vec![("byes".into(), ests)],
        100.0,
    );
    (t_score, score_chart)
}

/// The byes section of the report: its metrics, then one figure (chart and table) each.
pub fn section(run: &RunData) -> Section {
    let tally = Tally::of(run);
    let (t_dec, dec_chart) = deciles_figure(&tally);
    let (t_score, score_chart) = scores_figure(&tally);
    let total = tally.total;
    let metrics = metrics(&tally);
    Section {
        id: "byes",
        title: "Byes",
        intro: format!(
            "{} pairing-allocated byes in {} tournaments. The bye should go to a low-rated player of the lowest score group who has not had one. \
             Shares of byes pool the run; their intervals account for the clustering by tournament.",
            crate::model::group_digits(total as f64),
            run.tournaments.len()
        ),
        metrics,
        charts: vec![dec_chart, score_chart],
        tables: vec![t_dec, t_score],
    }
}
