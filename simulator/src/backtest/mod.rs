//! `swisslab forecast --backtest FILES --after-round K|middle`: how good the forecast is. Each
//! finished event is cut after round K, its remaining rounds forecast, and what really
//! happened scored:
//!
//! - **first, top 3, top 10**: the Brier score (the squared differences between the chance
//!   given and what happened, summed over the players) and the log loss (chances kept within
//!   0.001 and 0.999), against two baselines: the current leaders share the places ("leaders":
//!   the players above the k-th best score now take a place each, those on it share the rest)
//!   and chances in proportion to the points now ("points": k times the player's share of the
//!   points, at most 1). The skill is 1 - the forecast's score / the baseline's, pooled: summed
//!   over the events first;
//! - **reliability**: the chances given, in tenths, against the share that happened;
//! - **points intervals**: the share of players whose final points fall within the range the
//!   forecast page shows (the central range holding the share of runs nearest to 80%), beside
//!   the forecast's own chance of it; the same share as the randomised PIT counts it (a value
//!   on an end counts by the part of its probability inside the central 80%, so that a
//!   calibrated forecast scores 80% whatever the steps of half a point); and the share within
//!   the 10%-90% quantiles, both ends in (80% or more when calibrated);
//! - **what the forecast expects of itself**: the skill and the coverage it would score if its
//!   own chances were exactly right (what happens drawn from them): its expected Brier score is
//!   the sum of p(1 - p), a baseline's the sum of (b - p)² + p(1 - p). A skill well under its
//!   expected value says the model is wrong; one near it, that the events allowed no more;
//! - **byes and absences** per remaining round: the forecast's chance of a pairing-allocated
//!   bye and its mean number of players not paired, against the real ones.
//!
//! With a fitting set (`--fit-set`), each event is forecast with a profile fitted on the
//! events of its kind in the set, less the event itself (leave one event out).

pub mod page;

use crate::config::Config;
use crate::fit::events::{self as events, Event as Finished};
use crate::forecast::event::{Cut, EventOptions, ForecastError};
use crate::forecast::{self, Event};
use crate::sim::Engine;
use serde::Serialize;
use swisslab_engine::{RoundEntry, Unplayed};

/// The place bands scored.
pub const TARGETS: [(&str, usize); 3] = [("first", 1), ("top3", 3), ("top10", 10)];
/// The forecasts scored: the model and the two baselines.
pub const MODELS: [&str; 3] = ["forecast", "leaders", "points"];
/// Chances are kept within this of 0 and 1 for the log loss.
pub const EPS: f64 = 0.001;

/// How one event was scored.
#[derive(Clone, Debug)]
pub struct Scored {
    pub file: String,
    pub kind: String,
    pub profile: String,
    pub players: usize,
    pub played: usize,
    pub cut: usize,
    pub runs: u64,
    pub failed_runs: u64,
    /// [model][target] Brier score and log loss.
    pub brier: [[f64; 3]; 3],
    /// [model][target] the Brier score expected if the forecast's chances were right.
    pub expected: [[f64; 3]; 3],
    pub log_loss: [[f64; 3]; 3],
    /// (target, chance, happened) of every player, the forecast's.
    pub chances: Vec<(usize, f64, bool)>,
    /// The points intervals' coverage, summed over the players.
    pub coverage: Coverage,
    /// Per remaining round: (round, chance of a PAB, real PAB, mean players not paired, real).
    pub rounds: Vec<(usize, f64, bool, f64, usize)>,
}

/// Places of the final standings: the file's ranks when they are the standings (1..n once
/// each, and no player ranked above another with more points), else points then the event's
/// tie-breaks as the forecast computes them. Some exports (lichess') write the pairing number
/// in the rank column: such ranks do not follow the points and are not taken.
fn final_places(fin: &Finished, ev: &Event) -> Vec<usize> {
    let mut t = fin.t.truncated(fin.played);
    for p in &mut t.players {
        p.points = Some(p.rounds.iter().map(|e| t.points.points(e)).sum());
    }
    match file_ranks(&t) {
        Some(ranks) => ranks,
        None => forecast::play::places_of(ev, &t),
    }
}

/// The rank column of `t` (points up to date) when it is a ranking of the standings.
fn file_ranks(t: &swisslab_engine::Tournament) -> Option<Vec<usize>> {
    let n = t.players.len();
    let ranks: Vec<usize> = t
        .players
        .iter()
        .map(|p| p.rank.map(|r| r as usize))
        .collect::<Option<_>>()?;
    let mut by_rank: Vec<(usize, swisslab_engine::Score)> = ranks
        .iter()
        .zip(&t.players)
        .map(|(&r, p)| (r, p.points.unwrap_or(swisslab_engine::Score::ZERO)))
        .collect();
    by_rank.sort_unstable_by_key(|x| x.0);
    let permutation = by_rank.iter().enumerate().all(|(i, x)| x.0 == i + 1);
    let follows_points = by_rank.windows(2).all(|w| w[0].1 >= w[1].1);
    (ranks.len() == n && permutation && follows_points).then_some(ranks)
}

/// The two baselines' chances of finishing in the first `k` from the points now.
fn baselines(now: &[f64], k: usize) -> [Vec<f64>; 2] {
    let mut sorted = now.to_vec();
    sorted.sort_by(|a, b| b.total_cmp(a));
    let kth = sorted.get(k.min(sorted.len()) - 1).copied().unwrap_or(0.0);
    let above = now.iter().filter(|&&s| s > kth).count();
    let on = now.iter().filter(|&&s| s == kth).count().max(1);
    let share = (k.saturating_sub(above)) as f64 / on as f64;
    let leaders = now
        .iter()
        .map(|&s| {
            if s > kth {
                1.0
            } else if s == kth {
                share.min(1.0)
            } else {
                0.0
            }
        })
        .collect();
    let sum: f64 = now.iter().sum::<f64>().max(1e-9);
    let points = now.iter().map(|&s| (k as f64 * s / sum).min(1.0)).collect();
    [leaders, points]
}

fn brier_and_log(p: &[f64], o: &[bool]) -> (f64, f64) {
    let mut b = 0.0;
    let mut l = 0.0;
    for (&p, &o) in p.iter().zip(o) {
        let y = f64::from(u8::from(o));
        b += (p - y).powi(2);
        let q = p.clamp(EPS, 1.0 - EPS);
        l -= if o { q.ln() } else { (1.0 - q).ln() };
    }
    (b, l)
}

/// Scores `fin` cut at `cut` with `profile`, `runs` runs of master seed `seed`.
pub fn score(
    fin: &Finished,
    profile: Option<Config>,
    cut: Cut,
    runs: u64,
    seed: u64,
) -> Result<Scored, ForecastError> {
    let opts = EventOptions {
        profile,
        after_round: Some(cut),
        ..EventOptions::default()
    };
    let ev = Event::new(fin.t.clone(), "", &fin.file, &opts)?;
    let engine = Engine::Swisslab(ev.system);
    let tally = forecast::forecast(&ev, &engine, seed, runs, &|| {});
    let n = ev.t.players.len();
    let real = final_places(fin, &ev);
    let now: Vec<f64> =
        ev.t.players
            .iter()
            .map(|p| {
                f64::from(
                    p.rounds
                        .iter()
                        .map(|e| ev.t.points.points(e))
                        .sum::<swisslab_engine::Score>()
                        .0,
                ) / 10.0
            })
            .collect();
    let mut brier = [[0.0; 3]; 3];
    let mut log_loss = [[0.0; 3]; 3];
    let mut expected = [[0.0; 3]; 3];
    let mut chances = Vec::new();
    for (k, &(_, band)) in TARGETS.iter().enumerate() {
        let o: Vec<bool> = real.iter().map(|&r| r <= band).collect();
        let p: Vec<f64> = (0..n)
            .map(|i| tally.places[i].iter().take(band).sum::<u64>() as f64 / runs as f64)
            .collect();
        let [leaders, points] = baselines(&now, band);
        for (m, probs) in [&p, &leaders, &points].into_iter().enumerate() {
            let (b, l) = brier_and_log(probs, &o);
            brier[m][k] = b;
            log_loss[m][k] = l;
            expected[m][k] = probs
                .iter()
                .zip(&p)
                .map(|(&b, &p)| (b - p).powi(2) + p * (1.0 - p))
                .sum();
        }
        chances.extend(p.iter().zip(&o).map(|(&p, &o)| (k, p, o)));
    }
    let coverage = coverage(fin, &tally);
    let rounds = tally
        .rounds
        .iter()
        .map(|r| {
            let paired = (r.reached - r.stopped - r.failed).max(1) as f64;
            let col = r.round - 1;
            let pab = fin
                .t
                .players
                .iter()
                .any(|p| p.rounds.get(col) == Some(&RoundEntry::Unplayed(Unplayed::Pab)));
            let absent = fin
                .t
                .players
                .iter()
                .filter(|p| !p.rounds.get(col).is_some_and(RoundEntry::was_paired))
                .count();
            (
                r.round,
                r.bye as f64 / paired,
                pab,
                r.absent as f64 / paired,
                absent,
            )
        })
        .collect();
    Ok(Scored {
        file: fin.file.display().to_string(),
        kind: fin.kind.name().into(),
        profile: ev.profile_source.clone(),
        players: n,
        played: fin.played,
        cut: ev.first_round - 1,
        runs,
        failed_runs: tally.failed_runs,
        brier,
        expected,
        log_loss,
        chances,
        coverage,
        rounds,
    })
}

/// Players whose final points fall in the page's range of points (the central range holding
/// the share of runs nearest to 80%, [`forecast::tally::central_range`]), the forecast's own
/// chance of that range summed (a calibrated forecast's expected count), the randomised-PIT
/// share summed over the players, and the players within the 10%-90% quantiles, both ends in.
fn coverage(fin: &Finished, tally: &forecast::Tally) -> Coverage {
    let mut c = Coverage::default();
    for (i, p) in fin.t.players.iter().enumerate() {
        let real: i32 = p
            .rounds
            .iter()
            .take(fin.played)
            .map(|e| fin.t.points.points(e).0)
            .sum();
        let h: Vec<(i32, u64)> = tally.points[i].iter().map(|(&k, &v)| (k, v)).collect();
        let total: u64 = h.iter().map(|x| x.1).sum();
        let Some((lo, hi, held)) = forecast::tally::central_range(&h) else {
            continue;
        };
        c.inside += u64::from(real >= lo && real <= hi);
        c.expected += held as f64 / total as f64;
        let (q10, q90) = (
            forecast::tally::quantile(&h, 0.1).unwrap_or(0),
            forecast::tally::quantile(&h, 0.9).unwrap_or(0),
        );
        c.quantiles += u64::from(real >= q10 && real <= q90);
        let below: u64 = h.iter().filter(|x| x.0 < real).map(|x| x.1).sum();
        let at: u64 = h.iter().filter(|x| x.0 == real).map(|x| x.1).sum();
        let (a, b) = (
            below as f64 / total as f64,
            (below + at) as f64 / total as f64,
        );
        c.pit += if at == 0 {
            f64::from(u8::from((0.1..=0.9).contains(&a)))
        } else {
            ((b.min(0.9) - a.max(0.1)).max(0.0)) / (b - a)
        };
    }
    c
}

/// The points intervals' coverage of one event, summed over its players.
#[derive(Clone, Copy, Debug, Default)]
pub struct Coverage {
    /// Players within the page's range.
    pub inside: u64,
    /// The forecast's own chances of its ranges, summed.
    pub expected: f64,
    /// The randomised PIT's share, summed.
    pub pit: f64,
    /// Players within the 10%-90% quantiles, both ends in.
    pub quantiles: u64,
}

/// Options of a backtest.
pub struct Options {
    pub cut: Cut,
    pub runs: u64,
    pub seed: u64,
    /// A profile for every event (`--profile`); else the shipped profile of its kind.
    pub profile: Option<Config>,
    /// Fit each event's profile on these events of its kind, less itself.
    pub fit_set: Option<events::Set>,
}

/// Scores every finished event of `set`; `note` hears of each as it is done. Events not
/// finished (a declared total beyond the rounds played) are left out with a note.
pub fn run(
    set: &events::Set,
    opts: &Options,
    note: &dyn Fn(&str),
) -> Result<Vec<Scored>, ForecastError> {
    let mut out = Vec::new();
    for fin in &set.events {
        if fin.total > fin.played {
            note(&format!(
                "{}: left out: not finished ({} of {} rounds played)",
                fin.file.display(),
                fin.played,
                fin.total
            ));
            continue;
        }
        let profile = match &opts.fit_set {
            Some(fs) => {
                let rest = events::Set {
                    events: fs
                        .events
                        .iter()
                        .filter(|e| e.kind == fin.kind && !e.same_event(fin))
                        .cloned()
                        .collect(),
                    left_out: Vec::new(),
                };
                if rest.events.is_empty() {
                    opts.profile.clone()
                } else {
                    let name = format!("{} without this event", fin.kind.name());
                    let mut c = crate::fit::fit(&rest, &name, "").config;
                    c.source = format!("{name} ({} events)", rest.events.len());
                    Some(c)
                }
            }
            None => opts.profile.clone(),
        };
        let s = score(fin, profile, opts.cut, opts.runs, opts.seed)?;
        note(&format!(
            "{}: cut after {} of {}, {} players, Brier first/top3/top10 {:.3}/{:.3}/{:.3} (leaders {:.3}/{:.3}/{:.3})",
            s.file, s.cut, s.played, s.players, s.brier[0][0], s.brier[0][1], s.brier[0][2],
            s.brier[1][0], s.brier[1][1], s.brier[1][2]
        ));
        out.push(s);
    }
    Ok(out)
}

/// Pooled skill of the forecast against baseline `m` for target `k`: 1 - the sum of the
/// forecast's Brier scores / the sum of the baseline's, over `which` events (not a number
/// when the baseline scored 0: an event whose leaders all finished where they stood).
pub fn skill(scored: &[&Scored], m: usize, k: usize) -> f64 {
    pooled_skill(scored, |s| &s.brier, m, k)
}

/// 1 - the forecast's summed score / baseline `m`'s, for target `k` (NaN for a baseline of 0).
fn pooled_skill(
    scored: &[&Scored],
    of: impl Fn(&Scored) -> &[[f64; 3]; 3],
    m: usize,
    k: usize,
) -> f64 {
    let f: f64 = scored.iter().map(|s| of(s)[0][k]).sum();
    let b: f64 = scored.iter().map(|s| of(s)[m][k]).sum();
    if b > 1e-12 {
        1.0 - f / b
    } else {
        f64::NAN
    }
}

/// The pooled skill the forecast expects of itself against baseline `m` for target `k`: the
/// skill if what happened were drawn from its own chances.
pub fn expected_skill(scored: &[&Scored], m: usize, k: usize) -> f64 {
    pooled_skill(scored, |s| &s.expected, m, k)
}

/// One row of `backtest-events.csv`: an event, or the pool of a kind (`all`, `otb`, `online`).
#[derive(Debug, Serialize)]
pub struct EventCsv {
    pub event: String,
    pub kind: String,
    pub profile: String,
    pub players: usize,
    pub rounds: usize,
    pub cut_after: usize,
    pub runs: u64,
    pub failed_runs: u64,
    pub brier_first: String,
    pub brier_top3: String,
    pub brier_top10: String,
    pub leaders_brier_first: String,
    pub leaders_brier_top3: String,
    pub leaders_brier_top10: String,
    pub points_brier_first: String,
    pub points_brier_top3: String,
    pub points_brier_top10: String,
    pub log_loss_first: String,
    pub log_loss_top3: String,
    pub log_loss_top10: String,
    pub leaders_log_loss_first: String,
    pub leaders_log_loss_top3: String,
    pub leaders_log_loss_top10: String,
    pub points_log_loss_first: String,
    pub points_log_loss_top3: String,
    pub points_log_loss_top10: String,
    pub skill_leaders_first: String,
    pub skill_leaders_top3: String,
    pub skill_leaders_top10: String,
    pub skill_points_first: String,
    pub skill_points_top3: String,
    pub skill_points_top10: String,
    pub expected_skill_leaders_first: String,
    pub expected_skill_leaders_top3: String,
    pub expected_skill_leaders_top10: String,
    pub interval_coverage: String,
    pub interval_expected: String,
    pub pit_coverage: String,
    pub quantile_coverage: String,
    pub byes_forecast: String,
    pub byes_real: usize,
    pub absent_forecast: String,
    pub absent_real: usize,
}

/// The rows of `backtest-events.csv`: every event, then the pools (all, and each kind).
pub fn event_rows(scored: &[Scored]) -> Vec<EventCsv> {
    let mut rows: Vec<EventCsv> = scored.iter().map(|s| row(s.file.clone(), &[s])).collect();
    for kind in ["all", "otb", "online"] {
        let pool: Vec<&Scored> = scored
            .iter()
            .filter(|s| kind == "all" || s.kind == kind)
            .collect();
        if !pool.is_empty() {
            let mut r = row(format!("pooled: {kind}"), &pool);
            r.kind = kind.into();
            rows.push(r);
        }
    }
    rows
}

fn row(event: String, pool: &[&Scored]) -> EventCsv {
    let sum = |f: &dyn Fn(&Scored) -> f64| pool.iter().map(|s| f(s)).sum::<f64>();
    let per = |v: f64| format!("{:.4}", v / pool.len() as f64);
    let b = |m: usize, k: usize| per(sum(&|s| s.brier[m][k]));
    let l = |m: usize, k: usize| per(sum(&|s| s.log_loss[m][k]));
    let players: usize = pool.iter().map(|s| s.players).sum();
    let fixed = |v: f64| {
        if v.is_finite() {
            format!("{v:.4}")
        } else {
            String::new()
        }
    };
    let sk = |m: usize, k: usize| fixed(skill(pool, m, k));
    let ex = |k: usize| fixed(expected_skill(pool, 1, k));
    let one = pool[0];
    EventCsv {
        event,
        kind: one.kind.clone(),
        profile: if pool.len() == 1 {
            one.profile.clone()
        } else {
            String::new()
        },
        players,
        rounds: pool.iter().map(|s| s.played).sum(),
        cut_after: pool.iter().map(|s| s.cut).sum(),
        runs: one.runs,
        failed_runs: pool.iter().map(|s| s.failed_runs).sum(),
        brier_first: b(0, 0),
        brier_top3: b(0, 1),
        brier_top10: b(0, 2),
        leaders_brier_first: b(1, 0),
        leaders_brier_top3: b(1, 1),
        leaders_brier_top10: b(1, 2),
        points_brier_first: b(2, 0),
        points_brier_top3: b(2, 1),
        points_brier_top10: b(2, 2),
        log_loss_first: l(0, 0),
        log_loss_top3: l(0, 1),
        log_loss_top10: l(0, 2),
        leaders_log_loss_first: l(1, 0),
        leaders_log_loss_top3: l(1, 1),
        leaders_log_loss_top10: l(1, 2),
        points_log_loss_first: l(2, 0),
        points_log_loss_top3: l(2, 1),
        points_log_loss_top10: l(2, 2),
        skill_leaders_first: sk(1, 0),
        skill_leaders_top3: sk(1, 1),
        skill_leaders_top10: sk(1, 2),
        skill_points_first: sk(2, 0),
        skill_points_top3: sk(2, 1),
        skill_points_top10: sk(2, 2),
        expected_skill_leaders_first: ex(0),
        expected_skill_leaders_top3: ex(1),
        expected_skill_leaders_top10: ex(2),
        interval_coverage: format!(
            "{:.4}",
            pool.iter().map(|s| s.coverage.inside).sum::<u64>() as f64 / players.max(1) as f64
        ),
        interval_expected: format!(
            "{:.4}",
            sum(&|s| s.coverage.expected) / players.max(1) as f64
        ),
        pit_coverage: format!("{:.4}", sum(&|s| s.coverage.pit) / players.max(1) as f64),
        quantile_coverage: format!(
            "{:.4}",
            pool.iter().map(|s| s.coverage.quantiles).sum::<u64>() as f64 / players.max(1) as f64
        ),
        byes_forecast: format!("{:.3}", sum(&|s| s.rounds.iter().map(|r| r.1).sum::<f64>())),
        byes_real: pool
            .iter()
            .map(|s| s.rounds.iter().filter(|r| r.2).count())
            .sum(),
        absent_forecast: format!("{:.2}", sum(&|s| s.rounds.iter().map(|r| r.3).sum::<f64>())),
        absent_real: pool
            .iter()
            .map(|s| s.rounds.iter().map(|r| r.4).sum::<usize>())
            .sum(),
    }
}

/// One row of `backtest-reliability.csv`.
#[derive(Debug, Serialize)]
pub struct ReliabilityCsv {
    pub target: String,
    pub bin: String,
    pub players: u64,
    pub mean_chance: String,
    pub happened: u64,
    pub share: String,
    pub ci_low: String,
    pub ci_high: String,
}

/// Chances in tenths against the share that happened, per target.
pub fn reliability_rows(scored: &[Scored]) -> Vec<ReliabilityCsv> {
    let mut out = Vec::new();
    for (k, &(target, _)) in TARGETS.iter().enumerate() {
        for bin in 0..10 {
            let (lo, hi) = (bin as f64 / 10.0, (bin + 1) as f64 / 10.0);
            let inb: Vec<(f64, bool)> = scored
                .iter()
                .flat_map(|s| &s.chances)
                .filter(|c| c.0 == k && c.1 >= lo && (c.1 < hi || (bin == 9 && c.1 <= 1.0)))
                .map(|c| (c.1, c.2))
                .collect();
            let n = inb.len() as u64;
            let happened = inb.iter().filter(|c| c.1).count() as u64;
            let (cl, ch) = swisslab_reports::stats::wilson(happened, n).unwrap_or((0.0, 1.0));
            out.push(ReliabilityCsv {
                target: target.into(),
                bin: format!("{lo:.1}-{hi:.1}"),
                players: n,
                mean_chance: if n > 0 {
                    format!("{:.4}", inb.iter().map(|c| c.0).sum::<f64>() / n as f64)
                } else {
                    String::new()
                },
                happened,
                share: if n > 0 {
                    format!("{:.4}", happened as f64 / n as f64)
                } else {
                    String::new()
                },
                ci_low: format!("{cl:.4}"),
                ci_high: format!("{ch:.4}"),
            });
        }
    }
    out
}

/// One row of `backtest-rounds.csv`.
#[derive(Debug, Serialize)]
pub struct RoundCsv {
    pub event: String,
    pub round: usize,
    pub bye_chance: String,
    pub bye_real: u8,
    pub not_paired_forecast: String,
    pub not_paired_real: usize,
}

pub fn round_rows(scored: &[Scored]) -> Vec<RoundCsv> {
    scored
        .iter()
        .flat_map(|s| {
            s.rounds.iter().map(|r| RoundCsv {
                event: s.file.clone(),
                round: r.0,
                bye_chance: format!("{:.4}", r.1),
                bye_real: u8::from(r.2),
                not_paired_forecast: format!("{:.2}", r.3),
                not_paired_real: r.4,
            })
        })
        .collect()
}

/// Writes the CSV files and `backtest.html` into `dir`, each whole.
pub fn write(
    dir: &std::path::Path,
    scored: &[Scored],
    line: &str,
) -> Result<(), crate::runner::RunError> {
    use crate::runner::{csv_bytes, write_whole};
    let files = vec![
        ("backtest-events.csv", csv_bytes(&event_rows(scored), true)?),
        (
            "backtest-reliability.csv",
            csv_bytes(&reliability_rows(scored), true)?,
        ),
        ("backtest-rounds.csv", csv_bytes(&round_rows(scored), true)?),
        ("backtest.html", page::render(scored, line).into_bytes()),
    ];
    for (name, bytes) in &files {
        write_whole(dir, name, bytes)?;
    }
    let _ = std::fs::remove_dir(dir.join(".tmp"));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(ranks: &[u32]) -> swisslab_engine::Tournament {
        // Four players, two rounds: 1 beats 2 and 3, 4 beats 3 and draws 2.
        let mut t = swisslab_engine::trf::read_str(concat!(
            "012 Test\n",
            "XXR 2\n",
            "001    1      A                                 2000                             2.0    1     2 w 1     3 b 1 \n",
            "001    2      B                                 1900                             0.5    2     1 b 0     4 w = \n",
            "001    3      C                                 1800                             0.0    3     4 w 0     1 w 0 \n",
            "001    4      D                                 1700                             1.5    4     3 b 1     2 b = \n",
        ))
        .unwrap();
        for (p, &r) in t.players.iter_mut().zip(ranks) {
            p.rank = Some(r);
        }
        t
    }

    #[test]
    fn a_rank_column_counts_only_when_it_orders_the_points() {
        // The standings: 1 (2), 4 (1.5), 2 (0.5), 3 (0).
        assert_eq!(file_ranks(&event(&[1, 3, 4, 2])), Some(vec![1, 3, 4, 2]));
        // Pairing numbers in the rank column (lichess' exports): not the standings.
        assert_eq!(file_ranks(&event(&[1, 2, 3, 4])), None);
        // Not a permutation.
        assert_eq!(file_ranks(&event(&[1, 1, 4, 2])), None);
    }
}
