//! ARO spread within score groups: how far apart the average ratings of the opponents (ARO,
//! Dubov 1997 art. 1; C.04.4.1 (2026) 1.7.1) of players with the same score are. The Dubov
//! system pairs to make them equal (1997 preface: "the attempt to equalise the average rating of
//! the opponents of all players of a score group"); every system is measured alike, so that a
//! comparison shows what Dubov buys.
//!
//! Two views, both from the run's CSV files:
//!
//! - **after each round** (`groups.csv`, `aro_*`): the players to pair in one score group of a
//!   round, their AROs after that round's games: the spread that round's pairing of the group
//!   leaves;
//! - **final** (`players.csv`, `aro`): the players grouped by final score.
//!
//! A group's spread is the population standard deviation (and the range, max - min) of the AROs
//! of its players who have one (a game over the board); groups with fewer than two such players
//! show no spread and are left out. Per tournament, the groups' spreads are averaged weighted by
//! those players (the spread the average player's group shows); figures are means over
//! tournaments with Student-t intervals, so clustered by tournament.

use crate::colour::FIFTHS;
use crate::load::{PerTournament, PlayerRow, RunData, Tournament};
use crate::model::{
    bar_chart, ci_cells, num, Chart, ChartKind, ChartText, Metric, Point, Section, Series, Table,
};
use crate::stats::Estimate;
use std::collections::BTreeMap;

/// Weighted sums of spreads: (sum of sd * players, sum of range * players, players).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Acc {
    sd: f64,
    range: f64,
    players: f64,
}

impl Acc {
    fn add(&mut self, sd: f64, range: f64, players: f64) {
        self.sd += sd * players;
        self.range += range * players;
        self.players += players;
    }

    /// The weighted mean standard deviation and range; `None` without a group.
    pub(crate) fn means(&self) -> Option<(f64, f64)> {
        (self.players > 0.0).then(|| (self.sd / self.players, self.range / self.players))
    }
}

/// The population standard deviation and range of `v` (at least two values).
pub(crate) fn spread(v: &[f64]) -> Option<(f64, f64)> {
    if v.len() < 2 {
        return None;
    }
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let max = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = v.iter().copied().fold(f64::INFINITY, f64::min);
    Some((var.sqrt(), max - min))
}

/// Per round, the tournament's weighted ARO spread after the round (`groups.csv`).
fn by_round(t: &Tournament) -> BTreeMap<u32, Acc> {
    let mut out: BTreeMap<u32, Acc> = BTreeMap::new();
    for g in &t.groups {
        if let (true, Some(sd), Some(range)) = (g.aro_players >= 2, g.aro_sd, g.aro_range) {
            out.entry(g.round)
                .or_default()
                .add(sd, range, f64::from(g.aro_players));
        }
    }
    out
}

/// The tournament's weighted ARO spread within final score groups, over all groups and per
/// fifth of the standing (`players.csv`).
fn final_spread(t: &Tournament) -> (Acc5, Acc) {
    final_spread_of(t, |p| p.aro)
}

/// The tournament's weighted spread of a player's `value` within final score groups (players
/// without one left out), over all groups and per fifth of the standing (`players.csv`).
pub(crate) fn final_spread_of(
    t: &Tournament,
    value: impl Fn(&PlayerRow) -> Option<f64>,
) -> (Acc5, Acc) {
    // Score (in thousandths of a point, highest first) -> values.
    let mut groups: BTreeMap<std::cmp::Reverse<i64>, Vec<f64>> = BTreeMap::new();
    for p in &t.players {
        if let Some(a) = value(p) {
            groups
                .entry(std::cmp::Reverse((p.score * 1000.0).round() as i64))
                .or_default()
                .push(a);
        }
    }
    let n: usize = groups.values().map(Vec::len).sum();
    let (mut fifths, mut all) = (Acc5::default(), Acc::default());
    let mut above = 0;
    for aros in groups.values() {
        let middle = (above as f64 + aros.len() as f64 / 2.0) / n as f64;
        above += aros.len();
        if let Some((sd, range)) = spread(aros) {
            let w = aros.len() as f64;
            all.add(sd, range, w);
            fifths.0[((middle * 5.0) as usize).min(4)].add(sd, range, w);
        }
    }
    (fifths, all)
}

/// Per-tournament values `(tournament, value)`, for [`Estimate::mean`].
type Units = Vec<(u64, f64)>;

/// Spreads by fifth of the standing.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Acc5(pub(crate) [Acc; 5]);

/// What the ARO section counts per tournament, gathered in one pass over the run.
#[derive(Default)]
struct Tally {
    final_sd: Units,
    final_range: Units,
    round_sd: Units,
    round_range: Units,
    per_round: BTreeMap<u32, (Units, Units)>,
    per_fifth: [Units; 5],
}

impl PerTournament for Tally {
    /// The spreads of tournament `t`: final, by fifth, by round.
    fn add(&mut self, t: &Tournament) {
        let id = t.row.tournament;
        let (fifths, all) = final_spread(t);
        if let Some((sd, range)) = all.means() {
            self.final_sd.push((id, sd));
            self.final_range.push((id, range));
        }
        for (f, acc) in fifths.0.iter().enumerate() {
            if let Some((sd, _)) = acc.means() {
                self.per_fifth[f].push((id, sd));
            }
        }
        let rounds = by_round(t);
        let mut total = Acc::default();
        for (&r, acc) in &rounds {
            // Round 1 pairs every system's way (top half against bottom half, no ARO yet): it
            // is charted but left out of the overall figure.
            if r > 1 {
                total.sd += acc.sd;
                total.range += acc.range;
                total.players += acc.players;
            }
            if let Some((sd, range)) = acc.means() {
                let e = self.per_round.entry(r).or_default();
                e.0.push((id, sd));
                e.1.push((id, range));
            }
        }
        if let Some((sd, range)) = total.means() {
            self.round_sd.push((id, sd));
            self.round_range.push((id, range));
        }
    }
}

/// The headline figures of the ARO spread.
fn metrics(t: &Tally) -> Vec<Metric> {
    vec![
        Metric::new(
            "aro.final_sd",
            "ARO standard deviation within final score groups (rating points)",
            "tournaments",
            Estimate::mean(&t.final_sd),
        ),
        Metric::new(
            "aro.final_range",
            "ARO range (max - min) within final score groups (rating points)",
            "tournaments",
            Estimate::mean(&t.final_range),
        ),
        Metric::new(
            "aro.round_sd",
            "ARO standard deviation within a round's score groups after the round, rounds 2 on (rating points)",
            "tournaments",
            Estimate::mean(&t.round_sd),
        ),
        Metric::new(
            "aro.round_range",
            "ARO range within a round's score groups after the round, rounds 2 on (rating points)",
            "tournaments",
            Estimate::mean(&t.round_range),
        ),
    ]
}

/// The spread by round; no chart without rounds.
fn rounds_figure(t: &Tally) -> (Table, Option<Chart>) {
    let mut t_round = Table::new(
        "aro_spread_by_round",
        "ARO spread within the round's score groups after the round, by round",
        &[
            "round",
            "sd",
            "sd_ci_low",
            "sd_ci_high",
            "range",
            "range_ci_low",
            "range_ci_high",
            "tournaments",
        ],
    );
    let (mut sd_pts, mut range_pts) = (Vec::new(), Vec::new());
    for (&r, (sd, range)) in &t.per_round {
        let (es, er) = (Estimate::mean(sd), Estimate::mean(range));
        let [slo, shi] = ci_cells(es.ci());
        let [rlo, rhi] = ci_cells(er.ci());
        t_round.push(vec![
            r.to_string(),
            num(es.value()),
            slo,
            shi,
            num(er.value()),
            rlo,
            rhi,
            es.clusters().to_string(),
        ]);
        for (pts, e) in [(&mut sd_pts, &es), (&mut range_pts, &er)] {
            pts.push(Point::of(f64::from(r), e, 1.0));
        }
    }
    let chart = (!t.per_round.is_empty()).then(|| Chart {
        id: "aro-spread-by-round".into(),
        title: "ARO spread within score groups, by round".into(),
        caption: "For each round, the standard deviation and the range (max − min) of the AROs after the round of the players of each score group of that round (groups.csv; groups with at least two players who have an ARO), averaged over the groups weighted by those players, then over tournaments; error bars are 95% t intervals over tournaments (clustered by tournament).".into(),
        x_label: "round".into(),
        y_label: "rating points".into(),
        kind: ChartKind::Lines {
            log_y: false,
            x_ticks: Some(t.per_round.keys().map(|&r| (f64::from(r), r.to_string())).collect()),
        },
        legend: false,
        series: vec![
            Series {
                name: "standard deviation".into(),
                points: sd_pts,
            },
            Series {
                name: "range".into(),
                points: range_pts,
            },
        ],
    });
    (t_round, chart)
}

/// The final spread by place in the standing; no chart without a value.
fn places_figure(t: &Tally) -> (Table, Option<Chart>) {
    let mut t_place = Table::new(
        "aro_spread_by_final_place",
        "ARO standard deviation within final score groups, by the group's place in the standing",
        &["place", "sd", "ci_low", "ci_high", "tournaments"],
    );
    let place_est: Vec<Estimate> = t.per_fifth.iter().map(|v| Estimate::mean(v)).collect();
    for (place, e) in FIFTHS.iter().zip(&place_est) {
        let [lo, hi] = ci_cells(e.ci());
        t_place.push(vec![
            place.to_string(),
            num(e.value()),
            lo,
            hi,
            e.clusters().to_string(),
        ]);
    }
    let chart = place_est.iter().any(|e| !e.value().is_nan()).then(|| {
        bar_chart(
            ChartText {
                id: "aro-spread-by-final-place",
                title: "ARO spread within final score groups, by place",
                caption: "Standard deviation of the final AROs of the players of each final score group (players.csv), by the group's place in the final standing (fifths of the players with an ARO, by the middle of the group; the top fifth holds the leaders), averaged over the groups weighted by their players, then over tournaments; error bars are 95% t intervals over tournaments (clustered by tournament).",
                x_label: "final score group's place in the standing",
                y_label: "standard deviation (rating points)",
                counted: None,
            },
            FIFTHS.iter().map(|s| s.to_string()).collect(),
            vec![("standard deviation".into(), place_est)],
            1.0,
        )
    });
    (t_place, chart)
}

/// The section; `dubov` puts the system's own aim in the title and the introduction.
pub fn section(run: &RunData, dubov: bool) -> Section {
    let tally = Tally::of(run);
    let metrics = metrics(&tally);
    let (t_round, round_chart) = rounds_figure(&tally);
    let (t_place, place_chart) = places_figure(&tally);
    let charts = round_chart.into_iter().chain(place_chart).collect();
    let aim = "The Dubov system pairs to equalise this figure (1997 preface, C.04.4.1 (2026)): \
               players of one score group should have met opponents of the same average rating. ";
    let intro = format!(
        "{}ARO: the average rating of the opponents a player met over the board (forfeits left out), rounded to the nearest integer, halves up (Dubov 1997 art. 1; C.04.4.1 1.7.1); players without a game have none and are left out. \
         Spread of a group: population standard deviation and range (max − min) of its players' AROs, for groups with at least two of them; per tournament the groups are averaged weighted by their players. \
         \"After the round\": each round's score groups (the players to pair with one pairing score), with their AROs once the round is played (groups.csv); the overall figure leaves round 1 out (no player has an ARO to equalise yet; the chart shows it). \"Final\": players grouped by final score (players.csv). \
         Every figure is a mean over tournaments with a Student-t interval (clustered by tournament). The same figures are computed for every system, so comparisons are fair.",
        if dubov { aim } else { "" }
    );
    Section {
        id: "aro",
        title: if dubov {
            "ARO spread within score groups (what the Dubov system equalises)"
        } else {
            "ARO spread within score groups"
        },
        intro,
        metrics,
        charts,
        tables: vec![t_round, t_place],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_is_the_population_deviation_and_the_range() {
        let (sd, range) = spread(&[1850.0, 1801.0, 1800.0]).unwrap();
        assert!((sd - (1634.0f64 / 3.0).sqrt()).abs() < 1e-9);
        assert_eq!(range, 50.0);
        assert_eq!(spread(&[1800.0]), None);
    }
}
