//! Floats: downfloats and upfloats per player, with and without the pairing-allocated bye,
//! repeated floats, floats by rating decile and by final rank decile, and floated pairs.
//!
//! The simulator counts the pairing-allocated bye (PAB) as a downfloat (C.04.3 A.4.b); the
//! figures "without the PAB" subtract each player's `pabs` from his `downfloats`. Repeated
//! floats come from rounds.csv, which cannot separate the PAB, so they include it.
//!
//! Deciles are taken within each tournament over the players who played at least one game:
//! decile 1 is the highest-rated tenth (ties by pairing number) or the best-ranked tenth. A
//! decile's value is the mean number of floats per player in it, averaged over tournaments
//! (t interval). "Repeated" shares pool the repeated floats over all floats of that kind of the
//! run (ratio estimator, cluster-robust by tournament).

use crate::load::{PerTournament, PlayerRow, RunData, Tournament};
use crate::model::{
    bar_chart, ci_cells, num, Chart, ChartKind, ChartText, Metric, Point, Section, Series, Table,
};
use crate::stats::{decile, share_of_category, shares_by_category, Estimate};
use std::collections::BTreeMap;

fn played(t: &Tournament) -> Vec<&PlayerRow> {
    t.players.iter().filter(|p| p.games > 0).collect()
}

/// Per decile, the per-tournament means of `value` with players ordered by `order`.
fn by_decile(
    run: &RunData,
    order: impl Fn(&PlayerRow, &PlayerRow) -> std::cmp::Ordering,
    value: impl Fn(&PlayerRow) -> f64,
) -> Vec<Estimate> {
    let mut per: Vec<Vec<(u64, f64)>> = vec![Vec::new(); 10];
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
                per[d].push((t.row.tournament, s / *c as f64));
            }
        }
    }
    per.iter().map(|v| Estimate::mean(v)).collect()
}

fn decile_chart(
    id: &str,
    title: &str,
    caption: &str,
    x_label: &str,
    series: &[(&str, &[Estimate])],
) -> Chart {
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
        legend: false,
        series: series.iter().map(|(n, s)| decile_series(n, s)).collect(),
    }
}

/// A chart series of per-decile means (deciles without data left out).
fn decile_series(name: &str, s: &[Estimate]) -> Series {
    Series {
        name: name.to_string(),
        points: s
            .iter()
            .enumerate()
            .filter(|(_, e)| e.clusters() > 0)
            .map(|(i, e)| Point::of((i + 1) as f64, e, 1.0))
            .collect(),
    }
}

/// The pairings of a round other than the bye, from the players paired: one per two players
/// however many games a pairing holds (a match of two games is one pairing), so the share of
/// floated pairs means the same for every system.
fn pairings(r: &crate::load::RoundRow) -> f64 {
    f64::from(
        r.players_paired
            .saturating_sub(u32::from(r.bye_player != 0)),
    ) / 2.0
}

/// What the floats section counts per tournament, gathered in one pass over the run.
#[derive(Default)]
struct Tally {
    down_pp: Vec<(u64, f64)>,
    down_no_pab: Vec<(u64, f64)>,
    up_pp: Vec<(u64, f64)>,
    rep_down: Vec<(u64, f64, f64)>,
    rep_up: Vec<(u64, f64, f64)>,
    two_down: Vec<(u64, f64, f64)>,
    two_up: Vec<(u64, f64, f64)>,
    pair_diff: Vec<(u64, f64)>,
    dist_down: Vec<(u64, BTreeMap<u32, f64>, f64)>,
    dist_up: Vec<(u64, BTreeMap<u32, f64>, f64)>,
    /// round -> per tournament (floated pairs, pairings)
    pairs_by_round: BTreeMap<u32, Vec<(u64, f64, f64)>>,
}

impl PerTournament for Tally {
    /// The floats of tournament `t`: per player, repeated, floated pairs.
    fn add(&mut self, t: &Tournament) {
        let id = t.row.tournament;
        let ps = played(t);
        let n = ps.len() as f64;
        if !ps.is_empty() {
            let mean = |f: &dyn Fn(&PlayerRow) -> f64| ps.iter().map(|p| f(p)).sum::<f64>() / n;
            self.down_pp.push((id, mean(&|p| f64::from(p.downfloats))));
            self.down_no_pab.push((
                id,
                mean(&|p| f64::from(p.downfloats.saturating_sub(p.pabs))),
            ));
            self.up_pp.push((id, mean(&|p| f64::from(p.upfloats))));
        }
        let (mut dd, mut du): (BTreeMap<u32, f64>, BTreeMap<u32, f64>) = Default::default();
        for p in &ps {
            *dd.entry(p.downfloats).or_default() += 1.0;
            *du.entry(p.upfloats).or_default() += 1.0;
        }
        self.dist_down.push((id, dd, n));
        self.dist_up.push((id, du, n));
        let sum = |f: &dyn Fn(&crate::load::RoundRow) -> f64| t.rounds.iter().map(f).sum::<f64>();
        let down = sum(&|r| f64::from(r.downfloats));
        let up = sum(&|r| f64::from(r.upfloats));
        self.rep_down
            .push((id, sum(&|r| f64::from(r.repeated_downfloats)), down));
        self.two_down
            .push((id, sum(&|r| f64::from(r.downfloats_two_before)), down));
        self.rep_up
            .push((id, sum(&|r| f64::from(r.repeated_upfloats)), up));
        self.two_up
            .push((id, sum(&|r| f64::from(r.upfloats_two_before)), up));
        let pairs = sum(&|r| f64::from(r.floated_pairs));
        if pairs > 0.0 {
            self.pair_diff
                .push((id, sum(&|r| r.floated_score_diff) / pairs));
        }
        for r in &t.rounds {
            self.pairs_by_round.entry(r.round).or_default().push((
                id,
                f64::from(r.floated_pairs),
                pairings(r),
            ));
        }
    }
}

/// The headline figures of floats.
fn metrics(t: &Tally) -> Vec<Metric> {
    vec![
        Metric::new(
            "floats.downfloats_per_player",
            "Downfloats per player, the pairing-allocated bye included",
            "tournaments",
            Estimate::mean(&t.down_pp),
        ),
        Metric::new(
            "floats.downfloats_per_player_no_pab",
            "Downfloats per player, the pairing-allocated bye left out",
            "tournaments",
            Estimate::mean(&t.down_no_pab),
        ),
        Metric::new(
            "floats.upfloats_per_player",
            "Upfloats per player",
            "tournaments",
            Estimate::mean(&t.up_pp),
        ),
        Metric::new(
            "floats.repeated_downfloats",
            "Downfloats repeating a downfloat of the previous round (PAB included)",
            "downfloats",
            Estimate::ratio(&t.rep_down),
        )
        .percent(),
        Metric::new(
            "floats.repeated_upfloats",
            "Upfloats repeating an upfloat of the previous round",
            "upfloats",
            Estimate::ratio(&t.rep_up),
        )
        .percent(),
        Metric::new(
            "floats.downfloats_two_before",
            "Downfloats of players who downfloated two rounds before (PAB included)",
            "downfloats",
            Estimate::ratio(&t.two_down),
        )
        .percent(),
        Metric::new(
            "floats.upfloats_two_before",
            "Upfloats of players who upfloated two rounds before",
            "upfloats",
            Estimate::ratio(&t.two_up),
        )
        .percent(),
        Metric::new(
            "floats.pair_score_diff",
            "Score difference of a floated pair (points, mean over tournaments)",
            "tournaments",
            Estimate::mean(&t.pair_diff),
        ),
    ]
}

/// Distribution of floats per player.
fn per_player_figure(t: &Tally) -> (Table, Chart) {
    let sd = shares_by_category(&t.dist_down);
    let su = shares_by_category(&t.dist_up);
    let max = sd.keys().chain(su.keys()).copied().max().unwrap_or(0);
    let mut t_dist = Table::new(
        "floats_per_player",
        "Floats per player: players by number of downfloats (PAB included) and upfloats",
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
        // A count no player reached: 0 players of the run, with its exact interval.
        let a = &sd
            .get(&k)
            .cloned()
            .unwrap_or_else(|| share_of_category(&t.dist_down, &k));
        let b = &su
            .get(&k)
            .cloned()
            .unwrap_or_else(|| share_of_category(&t.dist_up, &k));
        let count = |e: &Estimate| num(e.counts().map_or(0.0, |c| c.0));
        t_dist.push(vec![
            k.to_string(),
            count(a),
            count(b),
            num(a.value()),
            num(b.value()),
        ]);
        cats.push(k.to_string());
        ed.push(a.clone());
        eu.push(b.clone());
    }
    let dist_chart = bar_chart(
        ChartText {
            id: "floats-per-player",
            title: "Floats per player",
            caption: "Share of players by number of downfloats (the pairing-allocated bye counted as a downfloat) and upfloats over the tournament, pooled over all tournaments, log scale; error bars are 95% clustered intervals (cluster-robust by tournament).",
            x_label: "floats in the tournament",
            y_label: "players (%, log scale)",
            counted: Some("players"),
        },
        cats,
        vec![("downfloats".into(), ed), ("upfloats".into(), eu)],
        100.0,
    )
    .log_y();
    (t_dist, dist_chart)
}

/// Floats by rating decile and by final rank decile.
fn decile_figures(run: &RunData) -> (Table, Chart, Chart) {
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
    let by_rating_no_pab = by_decile(
        run,
        |a, b| b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player)),
        |p| p.downfloats.saturating_sub(p.pabs) as f64,
    );
    let by_rank_down = by_decile(run, |a, b| a.rank.cmp(&b.rank), |p| p.downfloats as f64);
    let by_rank_no_pab = by_decile(
        run,
        |a, b| a.rank.cmp(&b.rank),
        |p| p.downfloats.saturating_sub(p.pabs) as f64,
    );
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
                    num(s.value()),
                    lo,
                    hi,
                    s.clusters().to_string(),
                ]);
            }
        }
    }
    let rating_chart = decile_chart(
        "floats-by-rating",
        "Floats by rating decile",
        "Mean downfloats (with and without the pairing-allocated bye, which counts as a downfloat) and upfloats per player by rating decile within the tournament (1 = highest rated), averaged over tournaments; error bars are 95% t intervals over tournaments.",
        "rating decile (1 = highest)",
        &[
            ("downfloats with PAB", &by_rating_down),
            ("downfloats without PAB", &by_rating_no_pab),
            ("upfloats", &by_rating_up),
        ],
    );
    let rank_chart = decile_chart(
        "floats-by-rank",
        "Floats by final rank decile",
        "Mean downfloats (with and without the pairing-allocated bye, which counts as a downfloat) and upfloats per player by final-rank decile (1 = top of the final standings), averaged over tournaments; error bars are 95% t intervals over tournaments.",
        "final rank decile (1 = top)",
        &[
            ("downfloats with PAB", &by_rank_down),
            ("downfloats without PAB", &by_rank_no_pab),
            ("upfloats", &by_rank_up),
        ],
    );
    (t_dec, rating_chart, rank_chart)
}

/// Floated pairs per round.
fn rounds_figure(t: &Tally) -> (Table, Chart) {
    let mut t_round = Table::new(
        "floated_pairs_by_round",
        "Floated pairs (pairings between different scores) per round, share of the round's pairings (column games: pairings, a match of two games counting one)",
        &[
            "round",
            "floated_pairs",
            "games",
            "share",
            "ci_low",
            "ci_high",
        ],
    );
    let mut pts = Vec::new();
    for (round, units) in &t.pairs_by_round {
        let e = Estimate::ratio(units);
        let Some((k, n)) = e.counts() else { continue };
        let [lo, hi] = ci_cells(e.ci());
        t_round.push(vec![
            round.to_string(),
            num(k),
            num(n),
            num(e.value()),
            lo,
            hi,
        ]);
        pts.push(Point::of(f64::from(*round), &e, 100.0));
    }
    let round_chart = Chart {
        id: "floated-pairs".into(),
        title: "Floated pairs per round".into(),
        caption: "Share of the games of each round played between players of different scores (a floated pair), pooled over tournaments; error bars are 95% clustered intervals (cluster-robust by tournament). The mean score difference of a floated pair is a figure of the table above; it barely moves from round to round, so it is not drawn.".into(),
        x_label: "round".into(),
        y_label: "games between different scores (%)".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: None,
        },
        legend: false,
        series: vec![Series {
            name: "floated pairs".into(),
            points: pts,
        }],
    };
    (t_round, round_chart)
}

/// The floats section of the report: its metrics, then one figure (chart and table) each.
pub fn section(run: &RunData) -> Section {
    let tally = Tally::of(run);
    let (t_dist, dist_chart) = per_player_figure(&tally);
    let (t_dec, rating_chart, rank_chart) = decile_figures(run);
    let (t_round, round_chart) = rounds_figure(&tally);
    Section {
        id: "floats",
        title: "Floats",
        intro: "A downfloat is a player paired against a lower score group, an upfloat one paired against a higher score group. \
                The pairing-allocated bye counts as a downfloat (C.04.3 A.4.b); the figures without it subtract each player's byes. \
                Per-player counts come from players.csv, repeated floats and floated pairs from rounds.csv. \
                Deciles are taken within each tournament (1 = highest rated or best ranked) and averaged over tournaments."
            .into(),
        metrics: metrics(&tally),
        charts: vec![dist_chart, rating_chart, rank_chart, round_chart],
        tables: vec![t_dist, t_dec, t_round],
    }
}
