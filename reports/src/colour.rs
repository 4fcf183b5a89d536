//! Colour fairness: final colour differences, same-colour runs, colour preferences granted,
//! White's score, who gets the extra White, and the score of players with one White more,
//! raw and adjusted for strength.
//!
//! Shares of players, preferences or games are pooled over the run and carry the clustered
//! interval of [`crate::stats`] (ratio estimator, cluster-robust by tournament); the count is
//! shown beside each. White's score counts played games only (`white_wins`, `draws`,
//! `black_wins` of rounds.csv). The extra-White effect (Csató and Krumer) is, per tournament,
//! the mean score of players who ended with colour difference +1 minus that of players who
//! ended with -1 (tournaments lacking either group are skipped); the adjusted effect is the
//! coefficient of "+1" in a least-squares fit of the score on "+1" and true strength with one
//! intercept per tournament, over the players at +1 or -1 (cluster-robust by tournament).

use crate::load::{PerTournament, PlayerRow, RunData, Tournament};
use crate::model::{
    bar_chart, num, Chart, ChartKind, ChartText, Metric, Point, Section, Series, Table,
};
use crate::stats::{decile, shares_by_category, within_regression, Estimate};
use std::collections::BTreeMap;

const KINDS: [&str; 3] = ["absolute", "strong", "mild"];

/// Per tournament: (tournament, events, trials).
type Units = Vec<(u64, f64, f64)>;

fn share(units: &[(u64, f64, f64)]) -> Estimate {
    Estimate::ratio(units)
}

/// Per decile (1..=10) of the played players ordered by `order`, the clustered share with an
/// extra White (colour difference > 0).
fn extra_white_by_decile(
    run: &RunData,
    order: impl Fn(&PlayerRow, &PlayerRow) -> std::cmp::Ordering,
) -> BTreeMap<usize, Estimate> {
    let mut units: BTreeMap<usize, Vec<(u64, f64, f64)>> = BTreeMap::new();
    for t in &run.tournaments {
        let mut ps: Vec<&PlayerRow> = t.players.iter().filter(|p| p.games > 0).collect();
        ps.sort_by(|a, b| order(a, b));
        let n = ps.len();
        let mut per = [(0.0, 0.0); 10];
        for (i, p) in ps.iter().enumerate() {
            let d = decile(i, n) - 1;
            per[d].0 += f64::from(u8::from(p.colour_diff > 0));
            per[d].1 += 1.0;
        }
        for (d, (k, m)) in per.iter().enumerate() {
            units
                .entry(d + 1)
                .or_default()
                .push((t.row.tournament, *k, *m));
        }
    }
    units.into_iter().map(|(d, u)| (d, share(&u))).collect()
}

/// The table of a distribution of players over categories, with the chart's labels and
/// estimates.
fn category_table<K: std::fmt::Display>(
    name: &str,
    title: &str,
    key: &str,
    shares: &BTreeMap<K, Estimate>,
    label: impl Fn(&K) -> String,
) -> (Table, Vec<String>, Vec<Estimate>) {
    let mut t = Table::new(
        name,
        title,
        &[
            key,
            "players",
            "all_players",
            "share",
            "ci_low",
            "ci_high",
            "method",
        ],
    );
    let (mut cats, mut ests) = (Vec::new(), Vec::new());
    for (c, e) in shares {
        let (k, n) = e.counts().unwrap_or((0.0, 0.0));
        let [lo, hi] = crate::model::ci_cells(e.ci());
        t.push(vec![
            c.to_string(),
            num(k),
            num(n),
            num(e.value()),
            lo,
            hi,
            e.method().into(),
        ]);
        cats.push(label(c));
        ests.push(e.clone());
    }
    (t, cats, ests)
}

/// What the colour section counts per tournament, gathered in one pass over the run.
#[derive(Default)]
struct Tally {
    /// Players ending with |colour difference| >= 2, of those who played.
    ge2: Units,
    mean_abs: Vec<(u64, f64)>,
    three: Units,
    top_three: Units,
    top_over2: Units,
    /// White's points of the games played.
    white: Units,
    /// The extra-White effect: score at +1 minus score at -1, and the players of the
    /// regression (score, +1, strength).
    gain: Vec<(u64, f64)>,
    regression: Vec<(u64, f64, f64, f64)>,
    /// Players by final colour difference and by longest same-colour run.
    dist: Vec<(u64, BTreeMap<i32, f64>, f64)>,
    runs: Vec<(u64, BTreeMap<u32, f64>, f64)>,
    /// Preferences granted, per kind, over all rounds and per round.
    granted: [Units; 3],
    by_round: BTreeMap<u32, [Units; 3]>,
}

impl PerTournament for Tally {
    fn add(&mut self, t: &Tournament) {
        self.players(t);
        self.rounds(t);
    }
}

impl Tally {
    /// The players' figures of tournament `t`: colour differences, runs, the extra White.
    fn players(&mut self, t: &Tournament) {
        let id = t.row.tournament;
        let played: Vec<_> = t.players.iter().filter(|p| p.games > 0).collect();
        let n = played.len() as f64;
        let count = |f: &dyn Fn(&PlayerRow) -> bool| played.iter().filter(|p| f(p)).count() as f64;
        self.ge2.push((id, count(&|p| p.colour_diff.abs() >= 2), n));
        self.three
            .push((id, count(&|p| p.longest_same_colour_run >= 3), n));
        if !played.is_empty() {
            self.mean_abs.push((
                id,
                played
                    .iter()
                    .map(|p| p.colour_diff.abs() as f64)
                    .sum::<f64>()
                    / n,
            ));
        }
        let mut d: BTreeMap<i32, f64> = BTreeMap::new();
        let mut r: BTreeMap<u32, f64> = BTreeMap::new();
        for p in &played {
            *d.entry(p.colour_diff).or_default() += 1.0;
            *r.entry(p.longest_same_colour_run).or_default() += 1.0;
        }
        self.dist.push((id, d, n));
        self.runs.push((id, r, n));
        let mean_score = |c: i32| {
            let s: Vec<f64> = played
                .iter()
                .filter(|p| p.colour_diff == c)
                .map(|p| p.score)
                .collect();
            (!s.is_empty()).then(|| s.iter().sum::<f64>() / s.len() as f64)
        };
        if let (Some(plus), Some(minus)) = (mean_score(1), mean_score(-1)) {
            self.gain.push((id, plus - minus));
        }
        for p in played.iter().filter(|p| p.colour_diff.abs() == 1) {
            self.regression.push((
                id,
                p.score,
                f64::from(u8::from(p.colour_diff == 1)),
                p.strength / 100.0,
            ));
        }
    }

    /// The rounds' figures of tournament `t`: White's score, preferences granted, the final
    /// round's topscorers.
    fn rounds(&mut self, t: &Tournament) {
        let id = t.row.tournament;
        let (mut ww, mut dr, mut bw) = (0.0, 0.0, 0.0);
        let mut totals = [(0.0, 0.0); 3];
        for r in &t.rounds {
            ww += f64::from(r.white_wins);
            dr += f64::from(r.draws);
            bw += f64::from(r.black_wins);
            let asked = [r.pref_absolute, r.pref_strong, r.pref_mild];
            let denied = [r.denied_absolute, r.denied_strong, r.denied_mild];
            let e = self.by_round.entry(r.round).or_default();
            for k in 0..3 {
                let g = f64::from(asked[k] - denied[k].min(asked[k]));
                e[k].push((id, g, f64::from(asked[k])));
                totals[k].0 += g;
                totals[k].1 += f64::from(asked[k]);
            }
            if r.last_round && r.topscorers > 0 {
                let n = f64::from(r.topscorers);
                self.top_three
                    .push((id, f64::from(r.topscorers_three_in_row), n));
                self.top_over2
                    .push((id, f64::from(r.topscorers_diff_over_2), n));
            }
        }
        for (units, (got, asked)) in self.granted.iter_mut().zip(totals) {
            units.push((id, got, asked));
        }
        self.white.push((id, ww + 0.5 * dr, ww + dr + bw));
    }
}

/// The headline figures of colour fairness.
fn metrics(t: &Tally) -> Vec<Metric> {
    let mut metrics = vec![
        Metric::new(
            "colour.abs_diff_ge2",
            "Players ending with |colour difference| >= 2",
            "players",
            share(&t.ge2),
        )
        .percent(),
        Metric::new(
            "colour.mean_abs_diff",
            "Mean |colour difference| per player (mean over tournaments)",
            "tournaments",
            Estimate::mean(&t.mean_abs),
        ),
        Metric::new(
            "colour.three_in_row",
            "Players who had the same colour three times in a row",
            "players",
            share(&t.three),
        )
        .percent(),
        Metric::new(
            "colour.topscorers_three_in_row",
            "Final round: topscorers with the same colour three times in a row",
            "topscorers",
            share(&t.top_three),
        )
        .percent(),
        Metric::new(
            "colour.topscorers_diff_over_2",
            "Final round: topscorers with |colour difference| > 2",
            "topscorers",
            share(&t.top_over2),
        )
        .percent(),
    ];
    for (k, kind) in KINDS.iter().enumerate() {
        metrics.push(
            Metric::new(
                &format!("colour.pref_granted_{kind}"),
                &format!("{kind} colour preferences granted (all rounds)"),
                "preferences",
                share(&t.granted[k]),
            )
            .percent(),
        );
    }
    metrics.push(
        Metric::new(
            "colour.white_score",
            "White's score in played games (points per game)",
            "games",
            share(&t.white),
        )
        .percent(),
    );
    metrics.push(Metric::new(
        "colour.extra_white_gain",
        "Score of players at colour difference +1 minus players at -1 (points, not adjusted)",
        "tournaments",
        Estimate::mean(&t.gain),
    ));
    if let Some(e) = within_regression(&t.regression) {
        metrics.push(Metric::new(
            "colour.extra_white_gain_adjusted",
            "Score of players at +1 minus players at -1, adjusted for true strength (points, regression)",
            "tournaments",
            e,
        ));
    }
    metrics
}

/// Final colour difference, log scale so that ±2 and beyond show.
fn difference_figure(t: &Tally) -> (Table, Chart) {
    let (table, cats, ests) = category_table(
        "colour_difference",
        "Final colour difference (whites - blacks), all players who played",
        "colour_diff",
        &shares_by_category(&t.dist),
        |d| format!("{d:+}"),
    );
    let chart = bar_chart(
        ChartText {
            id: "colour-difference",
            title: "Final colour difference",
            caption: "Share of players by final colour difference (whites minus blacks), pooled over all tournaments, on a log scale so that the rare differences of ±2 and beyond show; error bars are 95% clustered intervals (ratio estimator, cluster-robust by tournament; exact Korn-Graubard for fewer than 10 players).",
            x_label: "colour difference (whites - blacks)",
            y_label: "players (%, log scale)",
            counted: Some("players"),
        },
        cats,
        vec![("players".to_string(), ests)],
        100.0,
    )
    .log_y();
    (table, chart)
}

/// Longest same-colour run.
fn runs_figure(t: &Tally) -> (Table, Chart) {
    let (table, cats, ests) = category_table(
        "same_colour_runs",
        "Players by their longest run of the same colour in consecutive played games",
        "longest_run",
        &shares_by_category(&t.runs),
        |r| r.to_string(),
    );
    let chart = bar_chart(
        ChartText {
            id: "same-colour-runs",
            title: "Longest same-colour run",
            caption: "Share of players by the longest run of the same colour in their played games, pooled over all tournaments (log scale); error bars are 95% clustered intervals (cluster-robust by tournament).",
            x_label: "longest run of the same colour (games)",
            y_label: "players (%, log scale)",
            counted: Some("players"),
        },
        cats,
        vec![("players".to_string(), ests)],
        100.0,
    )
    .log_y();
    (table, chart)
}

/// Preferences granted per round.
fn preferences_figure(t: &Tally) -> (Table, Chart) {
    let mut table = Table::new(
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
    let mut series: Vec<Series> = KINDS
        .iter()
        .map(|k| Series {
            name: k.to_string(),
            points: Vec::new(),
        })
        .collect();
    for (&round, e) in &t.by_round {
        for (k, kind) in KINDS.iter().enumerate() {
            let est = share(&e[k]);
            let Some((g, p)) = est.counts().filter(|c| c.1 > 0.0) else {
                continue;
            };
            let ci = est.ci();
            let [lo, hi] = crate::model::ci_cells(ci);
            table.push(vec![
                round.to_string(),
                kind.to_string(),
                num(p),
                num(g),
                num(est.value()),
                lo,
                hi,
            ]);
            if p > 0.0 {
                series[k]
                    .points
                    .push(Point::of(f64::from(round), &est, 100.0));
            }
        }
    }
    let chart = Chart {
        id: "colour-preferences".into(),
        title: "Colour preferences granted per round".into(),
        caption: "Share of paired players with an absolute, strong or mild colour preference who received their preferred colour, per round, pooled over all tournaments; error bars are 95% clustered intervals (ratio estimator, cluster-robust by tournament).".into(),
        x_label: "round".into(),
        y_label: "preferences granted (%)".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: None,
        },
        legend: false,
        series,
    };
    (table, chart)
}

/// Who gets the extra White.
fn extra_white_figure(run: &RunData) -> (Table, Chart) {
    let by_rating = extra_white_by_decile(run, |a, b| {
        b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player))
    });
    let by_rank = extra_white_by_decile(run, |a, b| a.rank.cmp(&b.rank));
    let mut table = Table::new(
        "extra_white_by_decile",
        "Players ending with more Whites than Blacks, by rating decile and final rank decile (1 = top)",
        &["order", "decile", "players", "all_players", "share", "ci_low", "ci_high"],
    );
    let mut extra_series = Vec::new();
    for (name, m) in [
        ("by rating decile", &by_rating),
        ("by final rank decile", &by_rank),
    ] {
        let mut pts = Vec::new();
        for (d, e) in m {
            let (k, n) = e.counts().unwrap_or((0.0, 0.0));
            let [lo, hi] = crate::model::ci_cells(e.ci());
            table.push(vec![
                name.trim_start_matches("by ").replace(" decile", ""),
                d.to_string(),
                num(k),
                num(n),
                num(e.value()),
                lo,
                hi,
            ]);
            if n > 0.0 {
                pts.push(Point::of(*d as f64, e, 100.0));
            }
        }
        extra_series.push(Series {
            name: name.into(),
            points: pts,
        });
    }
    let chart = Chart {
        id: "extra-white".into(),
        title: "Who gets the extra White".into(),
        caption: "Share of players ending with more Whites than Blacks (colour difference > 0), by rating decile and by final-rank decile within the tournament (1 = highest rated / best ranked), pooled over tournaments; error bars are 95% clustered intervals (cluster-robust by tournament).".into(),
        x_label: "decile (1 = top)".into(),
        y_label: "players with an extra White (%)".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: Some((1..=10).map(|d| (d as f64, d.to_string())).collect()),
        },
        legend: false,
        series: extra_series,
    };
    (table, chart)
}

/// The colour section of the report: its metrics, then one figure (chart and table) each.
pub fn section(run: &RunData) -> Section {
    let tally = Tally::of(run);
    let (t_dist, dist_chart) = difference_figure(&tally);
    let (t_runs, runs_chart) = runs_figure(&tally);
    let (t_pref, pref_chart) = preferences_figure(&tally);
    let (t_extra, extra_chart) = extra_white_figure(run);
    let (group_chart, t_group) = denied_by_score_group(run);
    Section {
        id: "colour",
        title: "Colour",
        intro: "Colour difference = whites minus blacks at the end (players who played at least one game). \
                Shares of players, preferences or games are pooled over the run; their 95% intervals account for the clustering by tournament \
                (ratio estimator with a cluster-robust variance, t with tournaments - 1 degrees of freedom; exact Korn-Graubard intervals below 10 events), and the counts are shown beside them. \
                The extra-White effect compares, within each tournament, the mean score of players who ended with one White more than Black (+1) against those with one Black more (-1); \
                the adjusted effect is the coefficient of +1 in a regression of the score on +1 and true strength with one intercept per tournament (cluster-robust by tournament)."
            .into(),
        metrics: metrics(&tally),
        charts: [dist_chart, runs_chart, pref_chart, extra_chart]
            .into_iter()
            .chain(group_chart)
            .collect(),
        tables: vec![t_dist, t_runs, t_pref, t_extra, t_group],
    }
}

/// The places of a score group in its round's field: fifths of the players to pair, by the
/// middle of the group (players with a higher score, plus half the group).
pub(crate) const FIFTHS: [&str; 5] = [
    "top fifth",
    "second fifth",
    "middle fifth",
    "fourth fifth",
    "bottom fifth",
];

/// Colour preferences denied by score group (`groups.csv`): per kind, the share denied to the
/// players of groups in each fifth of the field; no chart for a run without `groups.csv`.
fn denied_by_score_group(run: &RunData) -> (Option<Chart>, Table) {
    let mut table = Table::new(
        "colour_denied_by_score_group",
        "Colour preferences denied by the score group's place in the field",
        &[
            "place",
            "kind",
            "preferences",
            "denied",
            "share",
            "ci_low",
            "ci_high",
        ],
    );
    // fifth -> kind -> per-tournament (denied, preferences)
    let mut units: [[Units; 3]; 5] = Default::default();
    let mut any = false;
    for t in &run.tournaments {
        let id = t.row.tournament;
        let mut sums = [[(0.0, 0.0); 3]; 5];
        let field: BTreeMap<u32, u32> = t
            .rounds
            .iter()
            .map(|r| (r.round, r.players_paired))
            .collect();
        for g in &t.groups {
            let Some(&n) = field.get(&g.round).filter(|&&n| n > 0) else {
                continue;
            };
            any = true;
            let middle = (f64::from(g.players_above) + f64::from(g.players) / 2.0) / f64::from(n);
            let fifth = ((middle * 5.0) as usize).min(4);
            let asked = [g.pref_absolute, g.pref_strong, g.pref_mild];
            let denied = [g.denied_absolute, g.denied_strong, g.denied_mild];
            for k in 0..3 {
                sums[fifth][k].0 += f64::from(denied[k].min(asked[k]));
                sums[fifth][k].1 += f64::from(asked[k]);
            }
        }
        for (f, row) in sums.iter().enumerate() {
            for (k, &(d, a)) in row.iter().enumerate() {
                if a > 0.0 {
                    units[f][k].push((id, d, a));
                }
            }
        }
    }
    if !any {
        return (None, table);
    }
    let mut series: Vec<(String, Vec<Estimate>)> = Vec::new();
    for (k, kind) in KINDS.iter().enumerate() {
        let mut ests = Vec::new();
        for (f, place) in FIFTHS.iter().enumerate() {
            let est = share(&units[f][k]);
            if let Some((d, p)) = est.counts().filter(|c| c.1 > 0.0) {
                let [lo, hi] = crate::model::ci_cells(est.ci());
                table.push(vec![
                    place.to_string(),
                    kind.to_string(),
                    num(p),
                    num(d),
                    num(est.value()),
                    lo,
                    hi,
                ]);
            }
            ests.push(est);
        }
        series.push((kind.to_string(), ests));
    }
    let chart = bar_chart(
        ChartText {
            id: "denied-by-score-group",
            title: "Colour preferences denied, by score group",
            caption: "Share of preferences (absolute, strong, mild) not granted to the players of a score group, by the group's place in its round's field (fifths of the players to pair, by the middle of the group; the top fifth holds the leaders), pooled over rounds and tournaments from groups.csv (log scale); error bars are 95% clustered intervals (ratio estimator, cluster-robust by tournament).",
            x_label: "score group's place in the field",
            y_label: "preferences denied (%, log scale)",
            counted: Some("preferences denied"),
        },
        FIFTHS.iter().map(|s| s.to_string()).collect(),
        series,
        100.0,
    )
    .log_y();
    (Some(chart), table)
}
