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
use crate::model::{ci_cells, num, Chart, ChartKind, Metric, Point, Section, Series, Table};
use crate::stats::{decile, kendall, Estimate, Kendall};

/// A histogram with bins chosen from the data.
struct Histogram {
    counts: Vec<u64>,
    labels: Vec<String>,
    width_label: String,
}

/// Freedman-Diaconis bins (width 2 IQR / n^(1/3), rounded to 1, 2 or 5 times a power of ten
/// so the labels stay short), at most 40; `None` without data.
fn histogram(values: &[f64]) -> Option<Histogram> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    let (min, max) = (v[0], v[v.len() - 1]);
    let iqr = q(0.75) - q(0.25);
    let raw = if iqr > 0.0 {
        2.0 * iqr / (v.len() as f64).cbrt()
    } else {
        ((max - min) / 10.0).max(1e-3)
    };
    let raw = raw.max((max - min) / 40.0).max(1e-6);
    let mag = 10f64.powf(raw.log10().floor());
    let width = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|w| *w >= raw)
        .unwrap_or(10.0 * mag);
    let lo = (min / width).floor() as i64;
    let hi = (max / width).floor() as i64;
    let mut counts = vec![0u64; (hi - lo + 1) as usize];
    for x in &v {
        counts[((x / width).floor() as i64 - lo) as usize] += 1;
    }
    let decimals = (-width.log10().floor()).max(0.0) as usize;
    let labels = (lo..=hi)
        .map(|b| format!("{:.*}", decimals, b as f64 * width))
        .collect();
    Some(Histogram {
        counts,
        labels,
        width_label: format!("{width:.decimals$}"),
    })
}

/// Tau-b and distance of one tournament's standing against strength.
pub fn tournament_kendall(t: &Tournament) -> Kendall {
    let standing: Vec<f64> = standing_keys(t);
    let strength: Vec<f64> = t.players.iter().map(|p| p.strength).collect();
    kendall(&standing, &strength)
}

/// A number per player that orders like the final standing: `rank` (points, then the run's
/// tie-break list), players equal on points and every tie-break value tied. Runs written
/// before the `tiebreaks` column fall back to score then Buchholz Cut-1.
fn standing_keys(t: &Tournament) -> Vec<f64> {
    let p = &t.players;
    let mut idx: Vec<usize> = (0..p.len()).collect();
    let listed = p.iter().any(|x| !x.tiebreaks.is_empty());
    if listed {
        idx.sort_by_key(|&i| (p[i].rank, p[i].player));
    } else {
        idx.sort_by(|&a, &b| {
            p[b].score
                .total_cmp(&p[a].score)
                .then(p[b].buchholz_cut1.total_cmp(&p[a].buchholz_cut1))
        });
    }
    let tied = |a: usize, b: usize| {
        p[a].score == p[b].score
            && if listed {
                p[a].tiebreaks == p[b].tiebreaks
            } else {
                p[a].buchholz_cut1 == p[b].buchholz_cut1
            }
    };
    // Level 0 is the lowest standing, as strength is highest for the strongest.
    let mut out = vec![0.0; idx.len()];
    let mut level = idx.len() as f64;
    for (pos, &i) in idx.iter().enumerate() {
        if pos > 0 && !tied(idx[pos - 1], i) {
            level -= 1.0;
        }
        out[i] = level;
    }
    out
}

/// The share of the `min(10, N)` strongest players (by `strength`, then pairing number) whose
/// `rank` is within the top `min(10, N)`, and the strength rank (1 = strongest; ties by
/// pairing number) of the player ranked first.
pub fn top_ten_and_winner(t: &Tournament) -> (f64, f64) {
    let mut order: Vec<_> = t.players.iter().collect();
    order.sort_by(|a, b| {
        b.strength
            .total_cmp(&a.strength)
            .then(a.player.cmp(&b.player))
    });
    let k = order.len().min(10);
    if k == 0 {
        return (f64::NAN, f64::NAN);
    }
    let in_top = order[..k].iter().filter(|p| p.rank as usize <= k).count();
    let winner = order
        .iter()
        .position(|p| p.rank == 1)
        .map_or(f64::NAN, |i| (i + 1) as f64);
    (in_top as f64 / k as f64, winner)
}

/// What the ranking section counts per tournament, gathered in one pass over the run.
struct Tally {
    taus: Vec<(u64, f64)>,
    dists: Vec<(u64, f64)>,
    wins: Vec<(u64, bool)>,
    top3: Vec<(u64, bool)>,
    top10: Vec<(u64, f64)>,
    winner_rank: Vec<(u64, f64)>,
    failed: Vec<(u64, bool)>,
    /// Per strength decile, each tournament's mean final rank position.
    per_decile: Vec<Vec<(u64, f64)>>,
    /// One row per tournament.
    t_tour: Table,
}

impl Tally {
    fn of(run: &RunData) -> Tally {
        let mut tally = Tally {
            taus: Vec::new(),
            dists: Vec::new(),
            wins: Vec::new(),
            top3: Vec::new(),
            top10: Vec::new(),
            winner_rank: Vec::new(),
            failed: Vec::new(),
            per_decile: vec![Vec::new(); 10],
            t_tour: Table::new(
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
            ),
        };
        for t in &run.tournaments {
            tally.add(t);
        }
        tally
    }

    /// The ranking of tournament `t` against true strength.
    fn add(&mut self, t: &crate::load::Tournament) {
        let id = t.row.tournament;
        self.failed.push((id, t.row.failed));
        if t.players.len() < 2 {
            return;
        }
        let k = tournament_kendall(t);
        self.taus.push((id, k.tau_b));
        self.dists.push((id, k.distance));
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
        self.wins.push((id, rank_best == 1));
        self.top3.push((id, rank_best <= 3));
        let (share, winner) = top_ten_and_winner(t);
        self.top10.push((id, share));
        self.winner_rank.push((id, winner));
        self.t_tour.push(vec![
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
                self.per_decile[d].push((id, s / *c as f64));
            }
        }
    }
}

/// The headline figures of ranking quality.
fn metrics(t: &Tally) -> Vec<Metric> {
    vec![
        Metric::new(
            "ranking.kendall_tau_b",
            "Kendall tau-b, final standing vs true strength",
            "tournaments",
            Estimate::mean(&t.taus),
        ),
        Metric::new(
            "ranking.kendall_distance",
            "Normalized Kendall distance (share of discordant pairs)",
            "tournaments",
            Estimate::mean(&t.dists),
        ),
        Metric::new(
            "ranking.strongest_wins",
            "The strongest player wins",
            "tournaments",
            Estimate::proportion(&t.wins),
        )
        .percent(),
        Metric::new(
            "ranking.strongest_top3",
            "The strongest player finishes in the top three",
            "tournaments",
            Estimate::proportion(&t.top3),
        )
        .percent(),
        Metric::new(
            "ranking.top10_share",
            "Share of the 10 strongest players who finish in the top 10",
            "tournaments",
            Estimate::mean(&t.top10),
        )
        .percent(),
        Metric::new(
            "ranking.winner_strength_rank",
            "Strength rank of the winner (1 = the strongest player)",
            "tournaments",
            Estimate::mean(&t.winner_rank),
        ),
        Metric::new(
            "ranking.unpaired",
            "Tournaments in which a round could not be paired",
            "tournaments",
            Estimate::proportion(&t.failed),
        )
        .percent(),
    ]
}

/// Histogram of tau-b over tournaments, bins from the data; none without a valid tau-b.
fn kendall_chart(t: &Tally) -> Option<Chart> {
    let valid: Vec<f64> = t.taus.iter().map(|t| t.1).filter(|x| !x.is_nan()).collect();
    let h = histogram(&valid)?;
    let counts: Vec<f64> = h.counts.iter().map(|&c| c as f64).collect();
    let series = Series {
        name: "tournaments".into(),
        points: counts
            .iter()
            .enumerate()
            .map(|(i, &c)| Point::plain(i as f64, c))
            .collect(),
    };
    Some(Chart {
        id: "kendall-histogram".into(),
        title: "Kendall tau-b per tournament".into(),
        caption: format!(
            "Number of tournaments by Kendall's tau-b between the final standing (score, then Buchholz Cut-1) and true strength; {} bins of width {} chosen from the data (Freedman-Diaconis), each labelled by its start.",
            h.counts.len(),
            h.width_label
        ),
        x_label: "Kendall tau-b (bin start)".into(),
        y_label: "tournaments".into(),
        kind: ChartKind::Bars {
            categories: h.labels,
            log_y: false,
        },
        legend: false,
        series: vec![series],
    })
}

/// Final rank by true-strength decile.
fn decile_figure(t: &Tally) -> (Table, Chart) {
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
    for (d, v) in t.per_decile.iter().enumerate() {
        let e = Estimate::mean(v);
        let [lo, hi] = ci_cells(e.ci());
        t_dec.push(vec![
            (d + 1).to_string(),
            num(e.value()),
            lo,
            hi,
            e.clusters().to_string(),
        ]);
        if e.clusters() > 0 {
            pts.push(Point::of((d + 1) as f64, &e, 1.0));
        }
    }
    let chart = Chart {
        id: "rank-by-strength".into(),
        title: "Final rank by true-strength decile".into(),
        caption: "Mean final rank position (0 = winner, 1 = last) of the players in each true-strength decile (1 = strongest), averaged over tournaments; error bars are 95% t intervals. A perfect ranking climbs from 0.05 to 0.95.".into(),
        x_label: "true-strength decile (1 = strongest)".into(),
        y_label: "final rank position".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: Some((1..=10).map(|d| (d as f64, d.to_string())).collect()),
        },
        legend: false,
        series: vec![Series {
            name: "players".into(),
            points: pts,
        }],
    };
    (t_dec, chart)
}

/// The ranking section of the report: its metrics, then one figure (chart and table) each.
pub fn section(run: &RunData) -> Section {
    let tally = Tally::of(run);
    let (t_dec, dec_chart) = decile_figure(&tally);
    let charts = kendall_chart(&tally)
        .into_iter()
        .chain([dec_chart])
        .collect();
    let metrics = metrics(&tally);
    Section {
        id: "ranking",
        title: "Ranking quality",
        intro: "Final standing: players.csv's rank, by score then the run's tie-break list (configuration key tiebreaks, \
                default BH/C1 BH SB DE WIN BWG, FIDE C.07); players equal on score and every tie-break are tied (runs without the tiebreaks column: score, then Buchholz Cut-1). \
                Kendall's tau-b (1 = standing in true-strength order, 0 = unrelated) and the normalized Kendall distance (share of player pairs the standing orders against strength) are computed per tournament and averaged. \
                The top-10 share counts the 10 strongest players (by true strength) who finish in the top 10 (final rank); the winner's strength rank is 1 when the strongest player wins. \
                Shares of tournaments carry Wilson intervals (exact Clopper-Pearson below 10 tournaments); tournaments are independent."
            .into(),
        metrics,
        charts,
        tables: vec![tally.t_tour, t_dec],
    }
}
