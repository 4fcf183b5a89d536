//! Ranking quality: how well the final standings reflect true strength.
//!
//! The final standing orders players by score, then Buchholz Cut-1 (both from players.csv);
//! players equal on both stay tied (the pairing-number tiebreak of the `rank` column is not
//! used, since pairing numbers follow rating). Kendall's tau-b is computed per tournament
//! between that standing and the true-strength order (`strength`), over all players of the
//! tournament, ties in either order accounted for; the normalized Kendall distance is the share
//! of player pairs ordered the opposite way (tied pairs count as agreeing). Both are averaged
//! over tournaments. "The strongest player wins" means a player of the highest strength has
//! `rank` 1.

use crate::load::{RunData, Tournament};
use crate::model::{bars, ci_cells, num, Chart, ChartKind, Metric, Point, Section, Series, Table};
use crate::stats::{decile, kendall, Estimate, Kendall, Sample};

/// Tau-b and distance of one tournament's standing against strength.
pub fn tournament_kendall(t: &Tournament) -> Kendall {
    let standing: Vec<f64> = standing_keys(t);
    let strength: Vec<f64> = t.players.iter().map(|p| p.strength).collect();
    kendall(&standing, &strength)
}

/// A number per player that orders like (score, Buchholz Cut-1), equal for ties.
fn standing_keys(t: &Tournament) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..t.players.len()).collect();
    let key = |i: usize| (t.players[i].score, t.players[i].buchholz_cut1);
    idx.sort_by(|&a, &b| {
        let (ka, kb) = (key(a), key(b));
        ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
    let mut out = vec![0.0; idx.len()];
    let mut level = 0.0;
    for (pos, &i) in idx.iter().enumerate() {
        if pos > 0 && key(idx[pos - 1]) != key(i) {
            level += 1.0;
        }
        out[i] = level;
    }
    out
}

pub fn section(run: &RunData) -> Section {
    let mut taus = Vec::new();
    let mut dists = Vec::new();
    let (mut wins, mut top3, mut counted) = (0u64, 0u64, 0u64);
    let mut failed = 0u64;
    let mut per_decile: Vec<Vec<f64>> = vec![Vec::new(); 10];
    let mut t_tour = Table::new(
        "ranking_per_tournament",
        "Ranking quality per tournament",
        &[
            "tournament",
            "players",
            "kendall_tau_b",
            "kendall_distance",
            "rank_of_strongest",
            "failed",
        ],
    );
    for t in &run.tournaments {
        if t.row.failed {
            failed += 1;
        }
        if t.players.len() < 2 {
            continue;
        }
        let k = tournament_kendall(t);
        taus.push(k.tau_b);
        dists.push(k.distance);
        let best = t
            .players
            .iter()
            .map(|p| p.strength)
            .fold(f64::NEG_INFINITY, f64::max);
        let rank_best = t
            .players
            .iter()
            .filter(|p| p.strength == best)
            .map(|p| p.rank)
            .min()
            .unwrap_or(0);
        counted += 1;
        if rank_best == 1 {
            wins += 1;
        }
        if rank_best <= 3 {
            top3 += 1;
        }
        t_tour.push(vec![
            t.row.tournament.to_string(),
            t.players.len().to_string(),
            num(k.tau_b),
            num(k.distance),
            rank_best.to_string(),
            (t.row.failed as u8).to_string(),
        ]);
        // Final rank percentile (0 = winner, 1 = last) by strength decile.
        let mut order: Vec<_> = t.players.iter().collect();
        order.sort_by(|a, b| {
            b.strength
                .total_cmp(&a.strength)
                .then(a.player.cmp(&b.player))
        });
        let n = order.len();
        let mut sums = [(0.0, 0u32); 10];
        for (i, p) in order.iter().enumerate() {
            let d = decile(i, n) - 1;
            sums[d].0 += (p.rank.max(1) - 1) as f64 / (n - 1) as f64;
            sums[d].1 += 1;
        }
        for (d, (s, c)) in sums.iter().enumerate() {
            if *c > 0 {
                per_decile[d].push(s / *c as f64);
            }
        }
    }
    let n_t = run.tournaments.len() as u64;
    let metrics = vec![
        Metric::new(
            "ranking.kendall_tau_b",
            "Kendall tau-b, final standing vs true strength",
            "tournaments",
            Estimate::mean(&taus),
        ),
        Metric::new(
            "ranking.kendall_distance",
            "Normalized Kendall distance (share of discordant pairs)",
            "tournaments",
            Estimate::mean(&dists),
        ),
        Metric::new(
            "ranking.strongest_wins",
            "The strongest player wins",
            "tournaments",
            Estimate::proportion(wins, counted),
        )
        .percent(),
        Metric::new(
            "ranking.strongest_top3",
            "The strongest player finishes in the top three",
            "tournaments",
            Estimate::proportion(top3, counted),
        )
        .percent(),
        Metric::new(
            "ranking.unpaired",
            "Tournaments in which a round could not be paired",
            "tournaments",
            Estimate::proportion(failed, n_t),
        )
        .percent(),
    ];

    // Histogram of tau-b over tournaments, bins of 0.05.
    let valid: Vec<f64> = taus.iter().copied().filter(|x| !x.is_nan()).collect();
    let mut charts = Vec::new();
    if !valid.is_empty() {
        let lo = (valid.iter().copied().fold(f64::INFINITY, f64::min) * 20.0).floor() as i64;
        let hi = (valid.iter().copied().fold(f64::NEG_INFINITY, f64::max) * 20.0).floor() as i64;
        let mut counts = vec![0u64; (hi - lo + 1) as usize];
        for x in &valid {
            counts[((x * 20.0).floor() as i64 - lo) as usize] += 1;
        }
        let cats = (lo..=hi)
            .map(|b| format!("{:.2}", b as f64 / 20.0))
            .collect();
        let ests = counts
            .iter()
            .map(|&c| Estimate::proportion(c, valid.len() as u64))
            .collect();
        charts.push(bars(
            "kendall-histogram",
            "Kendall tau-b per tournament",
            "Distribution over tournaments of Kendall's tau-b between the final standing (score, then Buchholz Cut-1) and true strength; each bar is a bin of width 0.05 starting at its label; error bars are 95% Wilson intervals.",
            "Kendall tau-b (bin start)",
            "tournaments (%)",
            cats,
            vec![("tournaments".into(), ests)],
            100.0,
        ));
    }
    let mut t_dec = Table::new(
        "rank_by_strength_decile",
        "Final rank position (0 = winner, 1 = last) by true-strength decile (1 = strongest)",
        &[
            "decile",
            "mean_rank_position",
            "ci_low",
            "ci_high",
            "tournaments",
        ],
    );
    let mut pts = Vec::new();
    for (d, v) in per_decile.iter().enumerate() {
        let s = Sample::of(v);
        let [lo, hi] = ci_cells(s.ci());
        t_dec.push(vec![
            (d + 1).to_string(),
            num(s.mean),
            lo,
            hi,
            s.n.to_string(),
        ]);
        if s.n > 0 {
            pts.push(Point {
                x: (d + 1) as f64,
                y: s.mean,
                ci: s.ci(),
            });
        }
    }
    charts.push(Chart {
        id: "rank-by-strength".into(),
        title: "Final rank by true-strength decile".into(),
        caption: "Mean final rank position (0 = winner, 1 = last) of the players in each true-strength decile (1 = strongest), averaged over tournaments; error bars are 95% t intervals. A perfect ranking climbs from 0.05 to 0.95.".into(),
        x_label: "true-strength decile (1 = strongest)".into(),
        y_label: "final rank position".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: Some((1..=10).map(|d| (d as f64, d.to_string())).collect()),
        },
        series: vec![Series {
            name: "players".into(),
            points: pts,
        }],
    });

    Section {
        id: "ranking",
        title: "Ranking quality",
        intro: "Final standing: score, then Buchholz Cut-1; players equal on both are tied. \
                Kendall's tau-b (1 = standing in true-strength order, 0 = unrelated) and the normalized Kendall distance (share of player pairs the standing orders against strength) are computed per tournament and averaged. \
                Tournament shares carry Wilson intervals."
            .into(),
        metrics,
        charts,
        tables: vec![t_tour, t_dec],
    }
}
