//! Forecasting a real event: the tournament file as it stands, its remaining rounds played many
//! times by the simulator's machinery (the engine or an external program through the pairing
//! seam, the invariants of C.04.1 / C.04.2 checking every round, the seeded per-game result
//! draws of [`crate::model`]), and the chances gathered run by run.
//!
//! - [`event`]: what the file says about the continuation (next round, its absences and
//!   requested byes, later `240` byes, withdrawals, strengths, draw rate) and when a file cannot
//!   be continued;
//! - [`play`]: one continuation (run `index` of master seed `seed`), reduced to a small
//!   [`play::RunOutcome`];
//! - [`tally`]: the outcomes summed (counts only, so memory does not grow with the number of
//!   runs and the sums do not depend on the order or the thread count), written as CSV;
//! - [`page`]: the HTML page in the report's style.
//!
//! A team event (`--system swiss-team`, a team file) is continued the same way by the team
//! simulator's machinery: [`team_event`] (the file as it stands), [`team_play`] (one
//! continuation), [`team_tally`] (the sums and their CSV files), [`team_page`] (the page);
//! [`forecast_team`] and [`write_team`] run and write it.

pub mod event;
pub mod page;
pub mod play;
pub mod tally;
pub mod team_event;
pub mod team_page;
pub mod team_play;
pub mod team_tally;

pub use event::{Event, EventOptions, ForecastError};
pub use play::{play_run, RunOutcome};
pub use tally::Tally;
pub use team_event::TeamForecastEvent;
pub use team_tally::TeamTally;

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Plays runs `0 .. runs` of `ev` in parallel (the current rayon pool) and sums them. Each
/// worker sums a chunk of 32 runs and adds it to the total under a lock, so that at most one
/// chunk tally per thread and the total are alive, whatever `runs`; `tick` is called once per
/// finished run (the progress bar).
pub fn forecast(
    ev: &Event,
    engine: &crate::sim::Engine,
    seed: u64,
    runs: u64,
    tick: &(dyn Fn() + Sync),
) -> Tally {
    forecast_until(ev, engine, seed, runs, &AtomicBool::new(false), tick)
}

/// [`forecast`], stopped early when `stop` is set (by a caller's Ctrl-C): no run starts after
/// it, and the tally covers only the runs finished (`Tally::runs` says how many), so a caller
/// that stops it discards the tally.
pub fn forecast_until(
    ev: &Event,
    engine: &crate::sim::Engine,
    seed: u64,
    runs: u64,
    stop: &AtomicBool,
    tick: &(dyn Fn() + Sync),
) -> Tally {
    sum_runs(
        runs,
        stop,
        tick,
        &|| Tally::new(ev),
        &|t, index| t.add(&play_run(ev, engine, seed, index)),
        &Tally::merge,
    )
}

/// Plays runs `0 .. runs` in parallel (the current rayon pool) and sums them: each worker sums a
/// chunk of 32 runs into a tally of its own (`new`, `add`) and merges it into the total under a
/// lock, so that at most one chunk tally per thread and the total are alive, whatever `runs`;
/// `tick` is called once per finished run (the progress bar), and no run starts once `stop` is
/// set. The tallies hold sums of whole numbers, so the order of the merges changes nothing.
pub fn sum_runs<T: Send>(
    runs: u64,
    stop: &AtomicBool,
    tick: &(dyn Fn() + Sync),
    new: &(dyn Fn() -> T + Sync),
    add: &(dyn Fn(&mut T, u64) + Sync),
    merge: &(dyn Fn(&mut T, T) + Sync),
) -> T {
    const CHUNK: u64 = 32;
    let chunks = runs.div_ceil(CHUNK);
    let total = std::sync::Mutex::new(new());
    (0..chunks).into_par_iter().for_each(|c| {
        let mut t = new();
        for index in c * CHUNK..((c + 1) * CHUNK).min(runs) {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            add(&mut t, index);
            tick();
        }
        match total.lock() {
            Ok(mut g) => merge(&mut g, t),
            Err(p) => merge(&mut p.into_inner(), t),
        }
    });
    total.into_inner().unwrap_or_else(|p| p.into_inner())
}

/// The run's parameters (`forecast.csv`, one row).
#[derive(Debug, serde::Serialize)]
pub struct ParamsCsv {
    pub file: String,
    pub players: usize,
    pub rounds_played: usize,
    pub total_rounds: usize,
    pub runs: u64,
    pub seed: u64,
    pub system: String,
    pub engine: String,
    pub result_model: String,
    /// The profile and why it applies.
    pub profile: String,
    /// The file's games over the board, its draws, the draws the profile expected of them, and
    /// the mean draw factor of the runs.
    pub file_games: u64,
    pub file_draws: u64,
    pub expected_draws: String,
    pub draw_factor: String,
    /// Players written withdrawn in the file.
    pub withdrawn: usize,
    /// `none`, the method named on the command line, or `the file's` (`250`, `XXA`, `192`).
    pub acceleration: String,
    /// What orders players on equal points.
    pub tiebreaks: String,
    pub failed_runs: u64,
    pub swisslab_version: String,
}

impl ParamsCsv {
    /// The parameters of `runs` runs of `ev` from `seed` by `engine` (`file` as the caller
    /// names it; `acceleration` as asked for, else the file's), with the tally's failures.
    pub fn new(
        ev: &Event,
        file: String,
        (runs, seed): (u64, u64),
        engine: &crate::sim::Engine,
        acceleration: Option<swisslab_engine::acceleration::Method>,
        tally: &Tally,
    ) -> ParamsCsv {
        ParamsCsv {
            file,
            players: ev.t.players.len(),
            rounds_played: ev.first_round - 1,
            total_rounds: ev.total_rounds,
            runs,
            seed,
            system: ev.system.name().into(),
            engine: engine.name(),
            result_model: ev.config.results.model.name().into(),
            profile: ev.profile_source.clone(),
            file_games: crate::strength::Filter::games_played(&ev.t),
            file_draws: ev.own_draws.observed as u64,
            expected_draws: format!("{:.2}", ev.own_draws.expected),
            draw_factor: format!("{:.4}", ev.own_draws.mean()),
            withdrawn: ev.withdrawn.len(),
            acceleration: if ev.t.acceleration.is_empty() {
                "none".into()
            } else {
                acceleration.map_or("the file's".into(), |a| a.name().to_string())
            },
            tiebreaks: ev.tiebreak_source.clone(),
            failed_runs: tally.failed_runs,
            swisslab_version: env!("CARGO_PKG_VERSION").into(),
        }
    }
}

/// Writes the CSV files and `forecast.html` into `dir` (created if needed), each written
/// whole and renamed into place.
pub fn write(
    dir: &std::path::Path,
    ev: &Event,
    tally: &Tally,
    params: &ParamsCsv,
) -> Result<(), crate::runner::RunError> {
    use crate::runner::{csv_bytes, write_whole};
    let mut files = vec![(
        "forecast.csv",
        csv_bytes(std::slice::from_ref(params), true)?,
    )];
    files.extend(tally.csv_files(ev)?);
    let line = format!(
        "{}, seed {}, {} runs, {}, swisslab {}",
        params.file, params.seed, params.runs, params.system, params.swisslab_version
    );
    let html = page::render(ev, tally, &line, &params.engine);
    files.push(("forecast.html", html.into_bytes()));
    for (name, bytes) in &files {
        write_whole(dir, name, bytes)?;
    }
    let _ = std::fs::remove_dir(dir.join(".tmp"));
    Ok(())
}

/// Plays runs `0 .. runs` of the team event `fe` in parallel (the current rayon pool) and sums
/// them ([`sum_runs`]); `tick` is called once per finished run.
pub fn forecast_team(
    fe: &TeamForecastEvent,
    seed: u64,
    runs: u64,
    stop: &AtomicBool,
    tick: &(dyn Fn() + Sync),
) -> TeamTally {
    sum_runs(
        runs,
        stop,
        tick,
        &|| TeamTally::new(fe),
        &|t, index| t.add(fe, &team_play::play_team_run(fe, seed, index)),
        &TeamTally::merge,
    )
}

/// The team run's parameters (`forecast.csv`, one row).
#[derive(Debug, serde::Serialize)]
pub struct TeamParamsCsv {
    pub file: String,
    pub teams: usize,
    pub boards: usize,
    pub players: usize,
    pub rounds_played: usize,
    pub total_rounds: usize,
    pub runs: u64,
    pub seed: u64,
    pub system: String,
    pub engine: String,
    pub result_model: String,
    /// The profile and why it applies.
    pub profile: String,
    /// The file's games over the board, its draws, the draws the profile expected of them, and
    /// the mean draw factor of the runs.
    pub file_games: u64,
    pub file_draws: u64,
    pub expected_draws: String,
    pub draw_factor: String,
    /// The primary score (C.04.6 1.2.1) and the match points of a won, drawn, lost match (`362`).
    pub primary_score: String,
    pub match_points: String,
    /// Teams absent from the next round as the file says, and teams withdrawn (all members).
    pub absent_next: String,
    pub withdrawn: String,
    /// What orders the teams.
    pub tiebreaks: String,
    pub failed_runs: u64,
    pub swisslab_version: String,
}

impl TeamParamsCsv {
    /// The parameters of `runs` runs of `fe` from `seed` (`file` as the caller names it), with
    /// the tally's failures.
    pub fn new(
        fe: &TeamForecastEvent,
        file: String,
        (runs, seed): (u64, u64),
        tally: &TeamTally,
    ) -> TeamParamsCsv {
        let list = |v: &[u32]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let s = fe.ev.scoring();
        TeamParamsCsv {
            file,
            teams: fe.ev.teams.len(),
            boards: fe.boards,
            players: fe.ev.tournament.players.len(),
            rounds_played: fe.first_round - 1,
            total_rounds: fe.total_rounds,
            runs,
            seed,
            system: fe.system.name().into(),
            engine: format!("swisslab:{}", fe.system),
            result_model: fe.config.results.model.name().into(),
            profile: fe.profile_source.clone(),
            file_games: crate::strength::Filter::games_played(&fe.ev.tournament),
            file_draws: fe.own_draws.observed as u64,
            expected_draws: format!("{:.2}", fe.own_draws.expected),
            draw_factor: format!("{:.4}", fe.own_draws.mean()),
            primary_score: fe.ev.score_use().primary.abbreviation().into(),
            match_points: format!("{} / {} / {}", s.win, s.draw, s.loss),
            absent_next: list(&fe.first_absent),
            withdrawn: list(&fe.gone),
            tiebreaks: fe.tiebreak_source.clone(),
            failed_runs: tally.failed_runs,
            swisslab_version: env!("CARGO_PKG_VERSION").into(),
        }
    }
}

/// The files of an individual forecast that a team forecast does not write, removed so that
/// no file of the folder describes another forecast.
const INDIVIDUAL_FILES: &[&str] = &[
    "players.csv",
    "player-points.csv",
    "top-boards.csv",
    "pairing-time.csv",
];

/// Writes the team forecast's CSV files and `forecast.html` into `dir` (created if needed),
/// each written whole and renamed into place.
pub fn write_team(
    dir: &std::path::Path,
    fe: &TeamForecastEvent,
    tally: &TeamTally,
    params: &TeamParamsCsv,
) -> Result<(), crate::runner::RunError> {
    use crate::runner::{csv_bytes, write_whole};
    let mut files = vec![(
        "forecast.csv",
        csv_bytes(std::slice::from_ref(params), true)?,
    )];
    files.extend(tally.csv_files(fe)?);
    let line = format!(
        "{}, seed {}, {} runs, {}, swisslab {}",
        params.file, params.seed, params.runs, params.system, params.swisslab_version
    );
    files.push((
        "forecast.html",
        team_page::render(fe, tally, &line).into_bytes(),
    ));
    for (name, bytes) in &files {
        write_whole(dir, name, bytes)?;
    }
    for name in INDIVIDUAL_FILES {
        let p = dir.join(name);
        if p.is_file() {
            std::fs::remove_file(&p).map_err(|source| crate::runner::RunError::Io {
                path: p.clone(),
                source,
            })?;
        }
    }
    let _ = std::fs::remove_dir(dir.join(".tmp"));
    Ok(())
}
