//! The runs of a team forecast summed, as the individual forecast sums its runs
//! ([`super::tally`]): counts per remaining round and per team, never the runs themselves, all
//! of whole numbers, so the tally and its CSV files are the same whatever the order in which
//! runs finish or the number of threads. Every probability is a share of runs with its 95%
//! Wilson interval and the number of runs it is taken over.

use super::play::RoundStatus;
use super::tally::{keep_failures, quantile, share, BANDS};
use super::team_event::TeamForecastEvent;
use super::team_play::TeamRunOutcome;
use crate::runner::{csv_bytes, RunError};
use serde::Serialize;
use std::collections::BTreeMap;
use swisslab_engine::Score;

/// The counts of one remaining round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamRoundTally {
    pub round: usize,
    /// Runs that reached the round (tried to pair it), stopped in it, failed in it.
    pub reached: u64,
    pub stopped: u64,
    pub failed: u64,
    /// Runs in which the round had a PAB.
    pub pab: u64,
}

impl TeamRoundTally {
    /// Runs that paired the round.
    pub fn paired(&self) -> u64 {
        self.reached - self.stopped - self.failed
    }
}

/// Everything the runs of a team forecast add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamTally {
    pub runs: u64,
    pub rounds: Vec<TeamRoundTally>,
    /// Per team (by index): final match points (tenths) -> runs, final game points -> runs.
    pub match_points: Vec<BTreeMap<i32, u64>>,
    pub game_points: Vec<BTreeMap<i32, u64>>,
    /// Per team: place (1-based, index place-1) -> runs.
    pub places: Vec<Vec<u64>>,
    /// Per team: runs with a PAB in a remaining round.
    pub pab: Vec<u64>,
    /// Failed runs, and the messages of the first few (by run index).
    pub failed_runs: u64,
    pub failures: BTreeMap<u64, String>,
}

impl TeamTally {
    /// An empty tally for `fe`.
    pub fn new(fe: &TeamForecastEvent) -> TeamTally {
        let n = fe.ev.teams.len();
        TeamTally {
            runs: 0,
            rounds: (fe.first_round..=fe.total_rounds)
                .map(|round| TeamRoundTally {
                    round,
                    ..TeamRoundTally::default()
                })
                .collect(),
            match_points: vec![BTreeMap::new(); n],
            game_points: vec![BTreeMap::new(); n],
            places: vec![vec![0; n]; n],
            pab: vec![0; n],
            failed_runs: 0,
            failures: BTreeMap::new(),
        }
    }

    /// Adds one run.
    pub fn add(&mut self, fe: &TeamForecastEvent, r: &TeamRunOutcome) {
        self.runs += 1;
        let mut pabs = r.pabs.iter();
        for (rt, status) in self.rounds.iter_mut().zip(&r.rounds) {
            match status {
                RoundStatus::NotReached => continue,
                RoundStatus::Stopped => rt.stopped += 1,
                RoundStatus::Failed => rt.failed += 1,
                RoundStatus::Paired => {
                    rt.pab += u64::from(pabs.next().is_some_and(Option::is_some));
                }
            }
            rt.reached += 1;
        }
        for (i, &(mp, gp)) in r.points.iter().enumerate() {
            *self.match_points[i].entry(mp.0).or_default() += 1;
            *self.game_points[i].entry(gp.0).or_default() += 1;
        }
        for (i, &p) in r.places.iter().enumerate() {
            if let Some(c) = self.places[i].get_mut(p.saturating_sub(1)) {
                *c += 1;
            }
        }
        let mut had: Vec<usize> = r
            .pabs
            .iter()
            .flatten()
            .filter_map(|&t| fe.ev.index_of(t))
            .collect();
        had.sort_unstable();
        had.dedup();
        for i in had {
            self.pab[i] += 1;
        }
        if let Some(f) = &r.failure {
            self.failed_runs += 1;
            keep_failures(&mut self.failures, [(r.index, f.clone())]);
        }
    }

    /// Adds another tally of the same event.
    pub fn merge(&mut self, o: TeamTally) {
        self.runs += o.runs;
        for (a, b) in self.rounds.iter_mut().zip(o.rounds) {
            a.reached += b.reached;
            a.stopped += b.stopped;
            a.failed += b.failed;
            a.pab += b.pab;
        }
        for (mine, theirs) in [
            (&mut self.match_points, o.match_points),
            (&mut self.game_points, o.game_points),
        ] {
            for (a, b) in mine.iter_mut().zip(theirs) {
                for (k, v) in b {
                    *a.entry(k).or_default() += v;
                }
            }
        }
        for (a, b) in self.places.iter_mut().zip(o.places) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (a, b) in self.pab.iter_mut().zip(o.pab) {
            *a += b;
        }
        self.failed_runs += o.failed_runs;
        keep_failures(&mut self.failures, o.failures);
    }

    /// Runs in which team `i` finished in the first `last` places.
    pub fn within(&self, i: usize, last: usize) -> u64 {
        self.places[i].iter().take(last).sum()
    }
}

/// One row of `teams.csv`.
#[derive(Debug, Default, Serialize)]
pub struct TeamCsv {
    pub team: u32,
    pub name: String,
    /// Mean rating of the first `boards` members.
    pub strength: String,
    pub match_points_now: String,
    pub game_points_now: String,
    pub runs: u64,
    pub mean_match_points: String,
    pub match_points_p10: String,
    pub match_points_p50: String,
    pub match_points_p90: String,
    pub mean_game_points: String,
    pub game_points_p10: String,
    pub game_points_p50: String,
    pub game_points_p90: String,
    pub mean_place: String,
    pub place_p10: usize,
    pub place_p50: usize,
    pub place_p90: usize,
    pub first: String,
    pub first_low: String,
    pub first_high: String,
    pub top3: String,
    pub top3_low: String,
    pub top3_high: String,
    pub top10: String,
    pub top10_low: String,
    pub top10_high: String,
    pub pab: String,
    pub pab_low: String,
    pub pab_high: String,
}

/// One row of `team-points.csv`: the chance of a final total.
#[derive(Debug, Default, Serialize)]
pub struct TeamPointsCsv {
    pub team: u32,
    /// `MP` or `GP`.
    pub score: &'static str,
    pub points: String,
    pub runs: u64,
    pub events: u64,
    pub probability: String,
    pub ci_low: String,
    pub ci_high: String,
}

/// One row of `rounds.csv`: a measure of a remaining round.
#[derive(Debug, Default, Serialize)]
pub struct TeamRoundCsv {
    pub round: usize,
    pub measure: &'static str,
    /// Runs the probability is taken over: every run for `reached`, those that reached the
    /// round for `no_valid_pairing` and `engine_failure`, those that paired it for
    /// `pairing_allocated_bye`.
    pub runs: u64,
    pub events: u64,
    pub probability: String,
    pub ci_low: String,
    pub ci_high: String,
}

/// The mean of a histogram of tenths, in points.
fn mean(h: &BTreeMap<i32, u64>) -> String {
    let n: u64 = h.values().sum();
    if n == 0 {
        return String::new();
    }
    let sum: i64 = h.iter().map(|(&k, &v)| i64::from(k) * v as i64).sum();
    format!("{:.3}", sum as f64 / 10.0 / n as f64)
}

/// The `q` quantile of a histogram of tenths, as points.
fn points_quantile(h: &BTreeMap<i32, u64>, q: f64) -> String {
    let v: Vec<(i32, u64)> = h.iter().map(|(&k, &v)| (k, v)).collect();
    quantile(&v, q).map_or(String::new(), |t| Score(t).to_string())
}

impl TeamTally {
    pub fn team_rows(&self, fe: &TeamForecastEvent) -> Vec<TeamCsv> {
        let n = self.runs;
        let now = fe.points_now();
        fe.ev
            .teams
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let places: Vec<(usize, u64)> = self.places[i]
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| (k + 1, v))
                    .filter(|x| x.1 > 0)
                    .collect();
                let sum_place: u64 = places.iter().map(|&(k, v)| k as u64 * v).sum();
                let (first, first_low, first_high) = share(self.within(i, BANDS[0].1), n);
                let (top3, top3_low, top3_high) = share(self.within(i, BANDS[1].1), n);
                let (top10, top10_low, top10_high) = share(self.within(i, BANDS[2].1), n);
                let (pab, pab_low, pab_high) = share(self.pab[i], n);
                let (mp, gp) = (&self.match_points[i], &self.game_points[i]);
                TeamCsv {
                    team: t.tpn,
                    name: t.name.clone(),
                    strength: format!("{:.0}", fe.strengths[i]),
                    match_points_now: now[i].0.to_string(),
                    game_points_now: now[i].1.to_string(),
                    runs: n,
                    mean_match_points: mean(mp),
                    match_points_p10: points_quantile(mp, 0.1),
                    match_points_p50: points_quantile(mp, 0.5),
                    match_points_p90: points_quantile(mp, 0.9),
                    mean_game_points: mean(gp),
                    game_points_p10: points_quantile(gp, 0.1),
                    game_points_p50: points_quantile(gp, 0.5),
                    game_points_p90: points_quantile(gp, 0.9),
                    mean_place: if n > 0 {
                        format!("{:.2}", sum_place as f64 / n as f64)
                    } else {
                        String::new()
                    },
                    place_p10: quantile(&places, 0.1).unwrap_or(0),
                    place_p50: quantile(&places, 0.5).unwrap_or(0),
                    place_p90: quantile(&places, 0.9).unwrap_or(0),
                    first,
                    first_low,
                    first_high,
                    top3,
                    top3_low,
                    top3_high,
                    top10,
                    top10_low,
                    top10_high,
                    pab,
                    pab_low,
                    pab_high,
                }
            })
            .collect()
    }

    pub fn points_rows(&self, fe: &TeamForecastEvent) -> Vec<TeamPointsCsv> {
        let mut out = Vec::new();
        for (i, t) in fe.ev.teams.iter().enumerate() {
            for (score, h) in [("MP", &self.match_points[i]), ("GP", &self.game_points[i])] {
                for (&k, &v) in h {
                    let (probability, ci_low, ci_high) = share(v, self.runs);
                    out.push(TeamPointsCsv {
                        team: t.tpn,
                        score,
                        points: Score(k).to_string(),
                        runs: self.runs,
                        events: v,
                        probability,
                        ci_low,
                        ci_high,
                    });
                }
            }
        }
        out
    }

    pub fn round_rows(&self) -> Vec<TeamRoundCsv> {
        let mut out = Vec::new();
        for r in &self.rounds {
            for (measure, runs, events) in [
                ("reached", self.runs, r.reached),
                ("no_valid_pairing", r.reached, r.stopped),
                ("engine_failure", r.reached, r.failed),
                ("pairing_allocated_bye", r.paired(), r.pab),
            ] {
                let (probability, ci_low, ci_high) = share(events, runs);
                out.push(TeamRoundCsv {
                    round: r.round,
                    measure,
                    runs,
                    events,
                    probability,
                    ci_low,
                    ci_high,
                });
            }
        }
        out
    }

    /// The CSV files: (name, bytes).
    pub fn csv_files(
        &self,
        fe: &TeamForecastEvent,
    ) -> Result<Vec<(&'static str, Vec<u8>)>, RunError> {
        Ok(vec![
            ("rounds.csv", csv_bytes(&self.round_rows(), true)?),
            ("teams.csv", csv_bytes(&self.team_rows(fe), true)?),
            ("team-points.csv", csv_bytes(&self.points_rows(fe), true)?),
        ])
    }
}
