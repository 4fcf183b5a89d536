//! The runs of a forecast summed: counts per remaining round, per player and per top board,
//! never the runs themselves, so memory does not grow with the number of runs. Every sum is of
//! whole numbers, so the tally (and the CSV files written from it) is the same whatever the
//! order in which runs finish or the number of threads; only `pairing-time.csv` holds
//! measured times.
//!
//! Every probability is a share of runs with its 95% Wilson score interval
//! ([`swisslab_reports::stats::wilson`]) and the number of runs it is taken over.

use super::event::Event;
use super::play::{RoundStatus, RunOutcome};
use crate::runner::{csv_bytes, RunError};
use crate::stats::RoundRow;
use hdrhistogram::Histogram;
use serde::Serialize;
use std::collections::BTreeMap;
use swisslab_engine::{PlayerId, Score};
use swisslab_reports::stats::wilson;

/// A per-round measure: its column name, what it counts, and how to read it from a round.
pub struct Measure {
    pub name: &'static str,
    pub meaning: &'static str,
    pub get: fn(&RoundRow) -> u32,
}

/// The relaxations and rare events counted in each remaining round (the simulator's own
/// per-round counts, `simulator/OUTPUT.md`).
pub const MEASURES: &[Measure] = &[
    Measure {
        name: "denied_absolute",
        meaning:
            "a player denied an absolute colour preference (topscorers, last round, C.04.3 A.7)",
        get: |r| r.denied_absolute,
    },
    Measure {
        name: "denied_strong",
        meaning: "a player denied a strong colour preference",
        get: |r| r.denied_strong,
    },
    Measure {
        name: "topscorer_three_in_row",
        meaning: "a topscorer given the same colour a third time in a row (A.7 exception)",
        get: |r| r.topscorers_three_in_row,
    },
    Measure {
        name: "topscorer_diff_over_2",
        meaning: "a topscorer whose colour difference goes beyond 2 (A.7 exception)",
        get: |r| r.topscorers_diff_over_2,
    },
    Measure {
        name: "repeated_downfloat",
        meaning: "a player downfloated in two rounds in a row (A.4.b)",
        get: |r| r.repeated_downfloats,
    },
    Measure {
        name: "repeated_upfloat",
        meaning: "a player upfloated in two rounds in a row (A.4.b)",
        get: |r| r.repeated_upfloats,
    },
    Measure {
        name: "downfloat_two_before",
        meaning: "a player downfloated who downfloated two rounds before",
        get: |r| r.downfloats_two_before,
    },
    Measure {
        name: "upfloat_two_before",
        meaning: "a player upfloated who upfloated two rounds before",
        get: |r| r.upfloats_two_before,
    },
];

/// Place bands of `players.csv`: (column, last place of the band).
pub const BANDS: &[(&str, usize)] = &[("first", 1), ("top3", 3), ("top10", 10)];

/// The counts of one remaining round.
#[derive(Clone, Debug)]
pub struct RoundTally {
    pub round: usize,
    /// Runs that reached the round (tried to pair it), stopped in it, failed in it.
    pub reached: u64,
    pub stopped: u64,
    pub failed: u64,
    /// Per measure: runs in which the round had at least one, and the total count.
    pub with: Vec<u64>,
    pub total: Vec<u64>,
    /// Runs in which the round had a pairing-allocated bye.
    pub bye: u64,
    /// Players not paired in the round (absent, a requested bye, not yet arrived, withdrawn),
    /// summed over the runs that paired it.
    pub absent: u64,
    pub pair_us: Histogram<u64>,
}

/// Everything the runs of a forecast add up to.
#[derive(Clone, Debug)]
pub struct Tally {
    pub runs: u64,
    /// Players of the event.
    pub players: usize,
    pub rounds: Vec<RoundTally>,
    /// Per player (by index): final score (tenths) -> runs.
    pub points: Vec<BTreeMap<i32, u64>>,
    /// Per player: place (1-based, index place-1) -> runs.
    pub places: Vec<Vec<u64>>,
    /// Per player: runs with a pairing-allocated bye in a remaining round.
    pub pab: Vec<u64>,
    /// Per player: runs in which he floated the same way twice in a row.
    pub floated_twice: Vec<u64>,
    /// (round, board, white, black) -> runs.
    pub boards: BTreeMap<(usize, usize, PlayerId, PlayerId), u64>,
    /// Failed runs, and the messages of the first few (by run index).
    pub failed_runs: u64,
    pub failures: BTreeMap<u64, String>,
    /// Dutch 2012 level searches that reached the node limit, over all runs.
    pub searches_given_up: u64,
}

const KEEP_FAILURES: usize = 20;

/// Adds `more` failures (run index, message) to `kept`, keeping the first few by run index.
pub(super) fn keep_failures(
    kept: &mut BTreeMap<u64, String>,
    more: impl IntoIterator<Item = (u64, String)>,
) {
    kept.extend(more);
    while kept.len() > KEEP_FAILURES {
        kept.pop_last();
    }
}

fn histogram() -> Histogram<u64> {
    // Three significant digits up to about an hour: recording cannot fail below that, and
    // larger values are clamped.
    Histogram::new_with_bounds(1, 3_600_000_000, 3).unwrap_or_else(|_| {
        Histogram::new(3).unwrap_or_else(|_| unreachable!("3 significant digits are valid"))
    })
}

impl Tally {
    /// An empty tally for `ev`.
    pub fn new(ev: &Event) -> Tally {
        let n = ev.t.players.len();
        Tally {
            runs: 0,
            players: n,
            rounds: (ev.first_round..=ev.total_rounds)
                .map(|round| RoundTally {
                    round,
                    reached: 0,
                    stopped: 0,
                    failed: 0,
                    with: vec![0; MEASURES.len()],
                    total: vec![0; MEASURES.len()],
                    bye: 0,
                    absent: 0,
                    pair_us: histogram(),
                })
                .collect(),
            points: vec![BTreeMap::new(); n],
            places: vec![vec![0; n]; n],
            pab: vec![0; n],
            floated_twice: vec![0; n],
            boards: BTreeMap::new(),
            failed_runs: 0,
            failures: BTreeMap::new(),
            searches_given_up: 0,
        }
    }

    /// Adds one run.
    pub fn add(&mut self, r: &RunOutcome) {
        self.runs += 1;
        self.searches_given_up += r.searches_given_up;
        for (rt, ro) in self.rounds.iter_mut().zip(&r.rounds) {
            match ro.status {
                RoundStatus::NotReached => continue,
                RoundStatus::Stopped => rt.stopped += 1,
                RoundStatus::Failed => rt.failed += 1,
                RoundStatus::Paired => {
                    for (k, m) in MEASURES.iter().enumerate() {
                        let v = u64::from((m.get)(&ro.row));
                        rt.total[k] += v;
                        rt.with[k] += u64::from(v > 0);
                    }
                    rt.bye += u64::from(ro.row.bye_player != 0);
                    rt.absent += self.players.saturating_sub(ro.row.players_paired) as u64;
                    rt.pair_us.saturating_record(ro.row.pair_us.max(1));
                }
            }
            rt.reached += 1;
        }
        for (i, s) in r.scores.iter().enumerate() {
            *self.points[i].entry(s.0).or_default() += 1;
        }
        for (i, &p) in r.places.iter().enumerate() {
            if let Some(c) = self.places[i].get_mut(p.saturating_sub(1)) {
                *c += 1;
            }
        }
        for &i in &r.pab {
            self.pab[i] += 1;
        }
        for &i in &r.floated_twice {
            self.floated_twice[i] += 1;
        }
        for &b in &r.boards {
            *self.boards.entry(b).or_default() += 1;
        }
        if let Some(f) = &r.failure {
            self.failed_runs += 1;
            keep_failures(&mut self.failures, [(r.index, f.clone())]);
        }
    }

    /// Adds another tally of the same event.
    pub fn merge(&mut self, o: Tally) {
        self.runs += o.runs;
        self.searches_given_up += o.searches_given_up;
        for (a, b) in self.rounds.iter_mut().zip(o.rounds) {
            a.reached += b.reached;
            a.stopped += b.stopped;
            a.failed += b.failed;
            a.bye += b.bye;
            a.absent += b.absent;
            for k in 0..MEASURES.len() {
                a.with[k] += b.with[k];
                a.total[k] += b.total[k];
            }
            // Same bounds on both sides: adding cannot fail.
            let _ = a.pair_us.add(&b.pair_us);
        }
        for (a, b) in self.points.iter_mut().zip(o.points) {
            for (k, v) in b {
                *a.entry(k).or_default() += v;
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
        for (a, b) in self.floated_twice.iter_mut().zip(o.floated_twice) {
            *a += b;
        }
        for (k, v) in o.boards {
            *self.boards.entry(k).or_default() += v;
        }
        self.failed_runs += o.failed_runs;
        keep_failures(&mut self.failures, o.failures);
    }
}

/// A share with its interval, formatted for CSV.
pub(super) fn share(k: u64, n: u64) -> (String, String, String) {
    if n == 0 {
        return (String::new(), String::new(), String::new());
    }
    let (lo, hi) = wilson(k, n).unwrap_or((0.0, 1.0));
    (
        format!("{:.6}", k as f64 / n as f64),
        format!("{lo:.6}"),
        format!("{hi:.6}"),
    )
}

/// One row of `rounds.csv`: a measure of a remaining round.
#[derive(Debug, Default, Serialize)]
pub struct RoundCsv {
    pub round: usize,
    pub measure: String,
    /// Runs the probability is taken over (those that reached the round; for `reached` and
    /// `no_valid_pairing`, and `engine_failure`, every run for `reached`).
    pub runs: u64,
    /// Runs in which it happened.
    pub events: u64,
    pub probability: String,
    pub ci_low: String,
    pub ci_high: String,
    /// Mean count per run among the runs that paired the round (empty for run-level events).
    pub mean_count: String,
}

/// One row of `players.csv`.
#[derive(Debug, Default, Serialize)]
pub struct PlayerCsv {
    pub player: PlayerId,
    pub name: String,
    pub rating: u16,
    pub points_now: String,
    pub runs: u64,
    pub mean_points: String,
    pub points_p10: String,
    pub points_p50: String,
    pub points_p90: String,
    pub points_range_low: String,
    pub points_range_high: String,
    pub points_range_share: String,
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
    pub bye: String,
    pub bye_low: String,
    pub bye_high: String,
    /// A repeated float (the same way in two rounds in a row) in the remaining rounds.
    pub floated_twice: String,
    pub floated_twice_low: String,
    pub floated_twice_high: String,
}

/// One row of `player-points.csv`.
#[derive(Debug, Default, Serialize)]
pub struct PointsCsv {
    pub player: PlayerId,
    pub points: String,
    pub runs: u64,
    pub events: u64,
    pub probability: String,
    pub ci_low: String,
    pub ci_high: String,
}

/// One row of `top-boards.csv`.
#[derive(Debug, Default, Serialize)]
pub struct BoardCsv {
    pub round: usize,
    pub board: usize,
    pub white: PlayerId,
    pub black: PlayerId,
    pub runs: u64,
    pub events: u64,
    pub probability: String,
    pub ci_low: String,
    pub ci_high: String,
}

/// One row of `pairing-time.csv` (measured: not reproducible byte for byte).
#[derive(Debug, Default, Serialize)]
pub struct TimeCsv {
    pub round: usize,
    pub rounds_paired: u64,
    pub p50_us: u64,
    pub p90_us: u64,
    pub p99_us: u64,
    pub max_us: u64,
}

/// A pairing with the runs it occurred in: (runs, white, black).
type Counted = (u64, PlayerId, PlayerId);

/// Pairings listed per board and round in `top-boards.csv`.
pub const BOARD_PAIRINGS: usize = 5;

/// The share of runs the page's range of final points is meant to hold.
pub const RANGE_SHARE: f64 = 0.8;

/// The page's range of a player's final points: the central range holding the share of runs
/// nearest to [`RANGE_SHARE`]. Points move in half-point steps, so the range between the 10%
/// and 90% quantiles with both ends in holds 80% or more (often 90%); each end is kept or left
/// out, whichever of the four ranges holds the share nearest to 80% (the wider on a tie, never
/// an empty one). `h` is ascending (value, count); returns (low, high, runs inside).
pub fn central_range(h: &[(i32, u64)]) -> Option<(i32, i32, u64)> {
    let n: u64 = h.iter().map(|x| x.1).sum();
    let (lo, hi) = (quantile(h, 0.1)?, quantile(h, 0.9)?);
    let inside =
        |a: i32, b: i32| -> u64 { h.iter().filter(|x| x.0 >= a && x.0 <= b).map(|x| x.1).sum() };
    let support: Vec<i32> = h
        .iter()
        .filter(|x| x.1 > 0 && x.0 >= lo && x.0 <= hi)
        .map(|x| x.0)
        .collect();
    let (first, last) = (*support.first()?, *support.last()?);
    let second = support.get(1).copied().unwrap_or(first);
    let before_last = support.len().checked_sub(2).map_or(last, |i| support[i]);
    let target = RANGE_SHARE * n as f64;
    let mut best: Option<(i32, i32, u64)> = None;
    for (a, b) in [
        (first, last),
        (second, last),
        (first, before_last),
        (second, before_last),
    ] {
        if a > b {
            continue;
        }
        let c = inside(a, b);
        let better = best.is_none_or(|(_, _, bc)| {
            let (d, bd) = ((c as f64 - target).abs(), (bc as f64 - target).abs());
            d < bd - 1e-9 || ((d - bd).abs() <= 1e-9 && c > bc)
        });
        if better {
            best = Some((a, b, c));
        }
    }
    best
}

/// The `q` quantile (0..1) of a histogram given as ascending (value, count).
pub fn quantile<T: Copy>(h: &[(T, u64)], q: f64) -> Option<T> {
    let n: u64 = h.iter().map(|x| x.1).sum();
    if n == 0 {
        return None;
    }
    let target = ((q * n as f64).ceil() as u64).max(1);
    let mut acc = 0;
    for &(v, c) in h {
        acc += c;
        if acc >= target {
            return Some(v);
        }
    }
    h.last().map(|x| x.0)
}

impl Tally {
    pub fn round_rows(&self) -> Vec<RoundCsv> {
        let mut out = Vec::new();
        for r in &self.rounds {
            let paired = r.reached - r.stopped - r.failed;
            let mut push = |measure: &str, runs: u64, events: u64, mean: String| {
                let (p, lo, hi) = share(events, runs);
                out.push(RoundCsv {
                    round: r.round,
                    measure: measure.into(),
                    runs,
                    events,
                    probability: p,
                    ci_low: lo,
                    ci_high: hi,
                    mean_count: mean,
                });
            };
            push("reached", self.runs, r.reached, String::new());
            push("no_valid_pairing", r.reached, r.stopped, String::new());
            push("engine_failure", r.reached, r.failed, String::new());
            push("pairing_allocated_bye", paired, r.bye, String::new());
            let absent = if paired > 0 {
                format!("{:.4}", r.absent as f64 / paired as f64)
            } else {
                String::new()
            };
            push("players_not_paired", paired, 0, absent);
            for (k, m) in MEASURES.iter().enumerate() {
                let mean = if paired > 0 {
                    format!("{:.4}", r.total[k] as f64 / paired as f64)
                } else {
                    String::new()
                };
                push(m.name, paired, r.with[k], mean);
            }
        }
        out
    }

    pub fn time_rows(&self) -> Vec<TimeCsv> {
        self.rounds
            .iter()
            .map(|r| TimeCsv {
                round: r.round,
                rounds_paired: r.pair_us.len(),
                p50_us: r.pair_us.value_at_quantile(0.5),
                p90_us: r.pair_us.value_at_quantile(0.9),
                p99_us: r.pair_us.value_at_quantile(0.99),
                max_us: r.pair_us.max(),
            })
            .collect()
    }

    pub fn player_rows(&self, ev: &Event) -> Vec<PlayerCsv> {
        let n = self.runs;
        ev.t.players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let pts: Vec<(i32, u64)> = self.points[i].iter().map(|(&k, &v)| (k, v)).collect();
                let places: Vec<(usize, u64)> = self.places[i]
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| (k + 1, v))
                    .filter(|x| x.1 > 0)
                    .collect();
                let sum_pts: i64 = pts.iter().map(|&(k, v)| i64::from(k) * v as i64).sum();
                let range = central_range(&pts);
                let sum_place: u64 = places.iter().map(|&(k, v)| k as u64 * v).sum();
                let in_band = |last: usize| -> u64 { self.places[i].iter().take(last).sum() };
                let score = |x: Option<i32>| x.map_or(String::new(), |t| Score(t).to_string());
                let (first, first_low, first_high) = share(in_band(BANDS[0].1), n);
                let (top3, top3_low, top3_high) = share(in_band(BANDS[1].1), n);
                let (top10, top10_low, top10_high) = share(in_band(BANDS[2].1), n);
                let (bye, bye_low, bye_high) = share(self.pab[i], n);
                let (floated_twice, floated_twice_low, floated_twice_high) =
                    share(self.floated_twice[i], n);
                let now: Score = p.rounds.iter().map(|e| ev.t.points.points(e)).sum();
                PlayerCsv {
                    player: p.id,
                    name: p.name.clone(),
                    rating: p.rating,
                    points_now: now.to_string(),
                    runs: n,
                    mean_points: if n > 0 {
                        format!("{:.3}", sum_pts as f64 / 10.0 / n as f64)
                    } else {
                        String::new()
                    },
                    points_p10: score(quantile(&pts, 0.1)),
                    points_p50: score(quantile(&pts, 0.5)),
                    points_p90: score(quantile(&pts, 0.9)),
                    points_range_low: score(range.map(|r| r.0)),
                    points_range_high: score(range.map(|r| r.1)),
                    points_range_share: range
                        .map_or(String::new(), |r| format!("{:.4}", r.2 as f64 / n as f64)),
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
                    bye,
                    bye_low,
                    bye_high,
                    floated_twice,
                    floated_twice_low,
                    floated_twice_high,
                }
            })
            .collect()
    }

    pub fn points_rows(&self, ev: &Event) -> Vec<PointsCsv> {
        let mut out = Vec::new();
        for (i, p) in ev.t.players.iter().enumerate() {
            for (&k, &v) in &self.points[i] {
                let (pr, lo, hi) = share(v, self.runs);
                out.push(PointsCsv {
                    player: p.id,
                    points: Score(k).to_string(),
                    runs: self.runs,
                    events: v,
                    probability: pr,
                    ci_low: lo,
                    ci_high: hi,
                });
            }
        }
        out
    }

    /// The [`BOARD_PAIRINGS`] most frequent pairings of each top board of each round (most
    /// frequent first, then by pairing numbers).
    pub fn board_rows(&self) -> Vec<BoardCsv> {
        let mut by: BTreeMap<(usize, usize), Vec<Counted>> = BTreeMap::new();
        for (&(round, board, w, b), &v) in &self.boards {
            by.entry((round, board)).or_default().push((v, w, b));
        }
        let mut out = Vec::new();
        for ((round, board), mut v) in by {
            v.sort_by(|a, b| b.0.cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
            let runs = self
                .rounds
                .iter()
                .find(|r| r.round == round)
                .map_or(0, |r| r.reached - r.stopped - r.failed);
            for (events, white, black) in v.into_iter().take(BOARD_PAIRINGS) {
                let (p, lo, hi) = share(events, runs);
                out.push(BoardCsv {
                    round,
                    board,
                    white,
                    black,
                    runs,
                    events,
                    probability: p,
                    ci_low: lo,
                    ci_high: hi,
                });
            }
        }
        out
    }

    /// The CSV files: (name, bytes). `pairing-time.csv` last (the only measured one).
    pub fn csv_files(&self, ev: &Event) -> Result<Vec<(&'static str, Vec<u8>)>, RunError> {
        Ok(vec![
            ("rounds.csv", csv_bytes(&self.round_rows(), true)?),
            ("players.csv", csv_bytes(&self.player_rows(ev), true)?),
            ("player-points.csv", csv_bytes(&self.points_rows(ev), true)?),
            ("top-boards.csv", csv_bytes(&self.board_rows(), true)?),
            ("pairing-time.csv", csv_bytes(&self.time_rows(), true)?),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_holds_the_share_nearest_to_80_percent() {
        // 10 runs at 3, 30 at 3.5, 40 at 4, 20 at 4.5 (points in tenths): the 10% and 90%
        // quantiles are 3 and 4.5, holding all 100 runs; leaving out 3 holds 90, leaving out
        // 4.5 holds 80, both 70: the range is 3 to 4.
        let h = [(30, 10), (35, 30), (40, 40), (45, 20)];
        assert_eq!(quantile(&h, 0.1), Some(30));
        assert_eq!(quantile(&h, 0.9), Some(45));
        assert_eq!(central_range(&h), Some((30, 40, 80)));
        // A single value: the range is that value, whatever its share.
        assert_eq!(central_range(&[(50, 7)]), Some((50, 50, 7)));
        // Two values of 50 runs each: 100 (both) is as far from 80 as 50 is not; both kept.
        assert_eq!(central_range(&[(10, 50), (15, 50)]), Some((10, 15, 100)));
        // On a tie the wider range: 70 and 90 runs are equally near to 80.
        let h = [(0, 10), (5, 60), (10, 30)];
        assert_eq!(central_range(&h), Some((5, 10, 90)));
        assert_eq!(central_range(&[] as &[(i32, u64)]), None);
    }
}
