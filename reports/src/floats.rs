//! Floats: downfloats and upfloats per player, repeated floats, floats by rating decile and by
//! final rank decile, and the score difference of floated pairs.
//!
//! Deciles are taken within each tournament over the players who played at least one game:
//! decile 1 is the highest-rated tenth (ties by pairing number) or the best-ranked tenth. A
//! decile's value is the mean number of floats per player in it, averaged over tournaments
//! (t interval). "Repeated" shares are repeated floats over all floats of that kind in a
//! tournament (from rounds.csv), averaged over tournaments that had any float of that kind.

use crate::load::{PlayerRow, RunData, Tournament};
use crate::model::{bars, ci_cells, num, Chart, ChartKind, Metric, Point, Section, Series, Table};
use crate::stats::{decile, Estimate, Sample};
use std::collections::BTreeMap;

fn played(t: &Tournament) -> Vec<&PlayerRow> {
    t.players.iter().filter(|p| p.games > 0).collect()
}

/// Per decile, the per-tournament means of `value` with players ordered by `order`.
fn by_decile(
    run: &RunData,
    order: impl Fn(&PlayerRow, &PlayerRow) -> std::cmp::Ordering,
    value: impl Fn(&PlayerRow) -> f64,
) -> Vec<Sample> {
    let mut per: Vec<Vec<f64>> = vec![Vec::new(); 10];
    for t in &run.tournaments {
        let mut ps = played(t);
        ps.sort_by(|a, b| order(a, b));
        let n = ps.len();
        let mut sums = [(0.0, 0u32); 10];
        for (i, p) in ps.iter().enumerate() {
            let d = decile(i, n) - 1;
            sums[d].0 += value(p);
            sums[d].1 += 1;
        }
        for (d, (s, c)) in sums.iter().enumerate() {
            if *c > 0 {
                per[d].push(s / *c as f64);
            }
        }
    }
    per.iter().map(|v| Sample::of(v)).collect()
}

fn decile_chart(
    id: &str,
    title: &str,
    caption: &str,
    x_label: &str,
    down: &[Sample],
    up: &[Sample],
) -> Chart {
    let series = [("downfloats", down), ("upfloats", up)]
        .iter()
        .map(|(name, s)| Series {
            name: name.to_string(),
            points: s
                .iter()
                .enumerate()
                .filter(|(_, s)| s.n > 0)
                .map(|(i, s)| Point {
                    x: (i + 1) as f64,
                    y: s.mean,
                    ci: s.ci(),
                })
                .collect(),
        })
        .collect();
    Chart {
        id: id.into(),
        title: title.into(),
        caption: caption.into(),
        x_label: x_label.into(),
        y_label: "floats per player".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: Some((1..=10).map(|d| (d as f64, d.to_string())).collect()),
        },
        series,
    }
}

pub fn section(run: &RunData) -> Section {
    let mut down_pp = Vec::new();
    let mut up_pp = Vec::new();
    let mut rep_down = Vec::new();
    let mut rep_up = Vec::new();
    let mut two_down = Vec::new();
    let mut two_up = Vec::new();
    let mut pair_diff = Vec::new();
    let mut dist_down: BTreeMap<u32, u64> = BTreeMap::new();
    let mut dist_up: BTreeMap<u32, u64> = BTreeMap::new();
    let mut players_total = 0u64;
    // round -> per-tournament mean score difference of floated pairs
    let mut diff_by_round: BTreeMap<u32, Vec<f64>> = BTreeMap::new();

    for t in &run.tournaments {
        let ps = played(t);
        if !ps.is_empty() {
            let n = ps.len() as f64;
            down_pp.push(ps.iter().map(|p| p.downfloats as f64).sum::<f64>() / n);
            up_pp.push(ps.iter().map(|p| p.upfloats as f64).sum::<f64>() / n);
        }
        for p in &ps {
            *dist_down.entry(p.downfloats).or_default() += 1;
            *dist_up.entry(p.upfloats).or_default() += 1;
            players_total += 1;
        }
        let sum = |f: &dyn Fn(&crate::load::RoundRow) -> f64| t.rounds.iter().map(f).sum::<f64>();
        let down = sum(&|r| r.downfloats as f64);
        let up = sum(&|r| r.upfloats as f64);
        if down > 0.0 {
            rep_down.push(sum(&|r| r.repeated_downfloats as f64) / down);
            two_down.push(sum(&|r| r.downfloats_two_before as f64) / down);
        }
        if up > 0.0 {
            rep_up.push(sum(&|r| r.repeated_upfloats as f64) / up);
            two_up.push(sum(&|r| r.upfloats_two_before as f64) / up);
        }
        let pairs = sum(&|r| r.floated_pairs as f64);
        if pairs > 0.0 {
            pair_diff.push(sum(&|r| r.floated_score_diff) / pairs);
        }
        for r in &t.rounds {
            if r.floated_pairs > 0 {
                diff_by_round
                    .entry(r.round)
                    .or_default()
                    .push(r.floated_score_diff / r.floated_pairs as f64);
            }
        }
    }

    let metrics = vec![
        Metric::new(
            "floats.downfloats_per_player",
            "Downfloats per player",
            "tournaments",
            Estimate::mean(&down_pp),
        ),
        Metric::new(
            "floats.upfloats_per_player",
            "Upfloats per player",
            "tournaments",
            Estimate::mean(&up_pp),
        ),
        Metric::new(
            "floats.repeated_downfloats",
            "Downfloats repeating a downfloat of the previous round (share)",
            "tournaments",
            Estimate::mean(&rep_down),
        )
        .percent(),
        Metric::new(
            "floats.repeated_upfloats",
            "Upfloats repeating an upfloat of the previous round (share)",
            "tournaments",
            Estimate::mean(&rep_up),
        )
        .percent(),
        Metric::new(
            "floats.downfloats_two_before",
            "Downfloats of players who downfloated two rounds before (share)",
            "tournaments",
            Estimate::mean(&two_down),
        )
        .percent(),
        Metric::new(
            "floats.upfloats_two_before",
            "Upfloats of players who upfloated two rounds before (share)",
            "tournaments",
            Estimate::mean(&two_up),
        )
        .percent(),
        Metric::new(
            "floats.pair_score_diff",
            "Score difference of a floated pair (points)",
            "tournaments",
            Estimate::mean(&pair_diff),
        ),
    ];

    // Distribution of floats per player.
    let max = dist_down
        .keys()
        .chain(dist_up.keys())
        .copied()
        .max()
        .unwrap_or(0);
    let mut t_dist = Table::new(
        "floats_per_player",
        "Floats per player: players by number of downfloats and upfloats",
        &[
            "floats",
            "players_downfloats",
            "players_upfloats",
            "share_downfloats",
            "share_upfloats",
        ],
    );
    let mut cats = Vec::new();
    let (mut ed, mut eu) = (Vec::new(), Vec::new());
    for k in 0..=max {
        let d = dist_down.get(&k).copied().unwrap_or(0);
        let u = dist_up.get(&k).copied().unwrap_or(0);
        let (a, b) = (
            Estimate::proportion(d, players_total),
            Estimate::proportion(u, players_total),
        );
        t_dist.push(vec![
            k.to_string(),
            d.to_string(),
            u.to_string(),
            num(a.value()),
            num(b.value()),
        ]);
        cats.push(k.to_string());
        ed.push(a);
        eu.push(b);
    }
    let dist_chart = bars(
        "floats-per-player",
        "Floats per player",
        "Share of players by number of downfloats and upfloats over the tournament, pooled over all tournaments; error bars are 95% Wilson intervals.",
        "floats in the tournament",
        "players (%)",
        cats,
        vec![("downfloats".into(), ed), ("upfloats".into(), eu)],
        100.0,
    );

    let by_rating_down = by_decile(
        run,
        |a, b| b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player)),
        |p| p.downfloats as f64,
    );
    let by_rating_up = by_decile(
        run,
        |a, b| b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player)),
        |p| p.upfloats as f64,
    );
    let by_rank_down = by_decile(run, |a, b| a.rank.cmp(&b.rank), |p| p.downfloats as f64);
    let by_rank_up = by_decile(run, |a, b| a.rank.cmp(&b.rank), |p| p.upfloats as f64);
    let mut t_dec = Table::new(
        "floats_by_decile",
        "Floats per player by rating decile and by final rank decile (1 = top)",
        &[
            "order",
            "decile",
            "kind",
            "mean",
            "ci_low",
            "ci_high",
            "tournaments",
        ],
    );
    for (order, down, up) in [
        ("rating", &by_rating_down, &by_rating_up),
        ("rank", &by_rank_down, &by_rank_up),
    ] {
        for (kind, s) in [("downfloats", down), ("upfloats", up)] {
            for (d, s) in s.iter().enumerate() {
                let [lo, hi] = ci_cells(s.ci());
                t_dec.push(vec![
                    order.into(),
                    (d + 1).to_string(),
                    kind.into(),
                    num(s.mean),
                    lo,
                    hi,
                    s.n.to_string(),
                ]);
            }
        }
    }
    let rating_chart = decile_chart(
        "floats-by-rating",
        "Floats by rating decile",
        "Mean downfloats and upfloats per player by rating decile within the tournament (1 = highest rated), averaged over tournaments; error bars are 95% t intervals.",
        "rating decile (1 = highest)",
        &by_rating_down,
        &by_rating_up,
    );
    let rank_chart = decile_chart(
        "floats-by-rank",
        "Floats by final rank decile",
        "Mean downfloats and upfloats per player by final-rank decile (1 = top of the final standings), averaged over tournaments; error bars are 95% t intervals.",
        "final rank decile (1 = top)",
        &by_rank_down,
        &by_rank_up,
    );

    let mut t_round = Table::new(
        "floated_pairs_by_round",
        "Score difference of floated pairs per round (mean over tournaments)",
        &[
            "round",
            "mean_score_diff",
            "ci_low",
            "ci_high",
            "tournaments",
        ],
    );
    let mut pts = Vec::new();
    for (round, v) in &diff_by_round {
        let s = Sample::of(v);
        let [lo, hi] = ci_cells(s.ci());
        t_round.push(vec![
            round.to_string(),
            num(s.mean),
            lo,
            hi,
            s.n.to_string(),
        ]);
        pts.push(Point {
            x: *round as f64,
            y: s.mean,
            ci: s.ci(),
        });
    }
    let round_chart = Chart {
        id: "floated-pair-diff".into(),
        title: "Score difference of floated pairs".into(),
        caption: "Mean score difference (points) between the two players of a game between different scores, per round, averaged over tournaments; error bars are 95% t intervals.".into(),
        x_label: "round".into(),
        y_label: "score difference (points)".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: None,
        },
        series: vec![Series {
            name: "floated pairs".into(),
            points: pts,
        }],
    };

    Section {
        id: "floats",
        title: "Floats",
        intro: "A downfloat is a player paired against a lower score group, an upfloat one paired against a higher score group. \
                Per-player counts come from players.csv, repeated floats and floated pairs from rounds.csv. \
                Deciles are taken within each tournament (1 = highest rated or best ranked) and averaged over tournaments."
            .into(),
        metrics,
        charts: vec![dist_chart, rating_chart, rank_chart, round_chart],
        tables: vec![t_dist, t_dec, t_round],
    }
}
