//! `simulate --system swiss-team`: many team events in parallel, each event's row streamed to
//! `DIR/teams.csv` and its teams' rows to `DIR/team_standings.csv` in index order (columns in
//! `simulator/OUTPUT.md`), failures under
//! `DIR/failures/` with a one-line replay command, a progress bar as the individual runs have.
//!
//! The events run in batches of four per thread on a local rayon pool; each batch is written in
//! index order and flushed before the next starts, so memory does not grow with the run and an
//! interrupted run leaves valid CSV holding every event written, with no gap.

use super::play::{self, TeamResult, TeamSimulation};
use super::stats::{self, TeamRow, TeamStandingRow};
use crate::runner::{self, RunError};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Options of a team simulate run.
#[derive(Clone, Debug, Default)]
pub struct TeamRunConfig {
    pub out: PathBuf,
    pub tournaments: u64,
    pub seed: u64,
    pub threads: usize,
    /// Write 0 in the timing columns, so that two runs can be compared byte for byte.
    pub no_timing: bool,
    pub progress: bool,
    /// The replay command's options after `--seed S --index I --until-round K`.
    pub replay_args: String,
    /// Set from outside (a signal handler) to stop the run early, keeping what is done.
    pub interrupt: Arc<AtomicBool>,
}

/// What a team run produced.
#[derive(Clone, Debug, Default)]
pub struct TeamRunSummary {
    /// Events written.
    pub tournaments: u64,
    pub completed: u64,
    pub stopped: u64,
    pub failed: u64,
    pub rounds_paired: u64,
    pub pabs: u64,
    pub rematches: u64,
    /// One line per failure, with its replay command.
    pub failures: Vec<String>,
    pub interrupted: bool,
    pub wall: Duration,
    /// Mean Spearman correlation of final standing with team strength over the events that
    /// have one.
    pub mean_spearman: Option<f64>,
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> RunError + '_ {
    move |source| RunError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The files an individual run writes, removed so that no file of the folder describes
/// another run.
const INDIVIDUAL_FILES: &[&str] = &[
    "run.csv",
    "summary.csv",
    "tournaments.csv",
    "players.csv",
    "rounds.csv",
    "groups.csv",
    "disagreements.csv",
    "report.html",
];

/// Runs the team events and writes everything under `rc.out`.
pub fn run(sim: &TeamSimulation, rc: &TeamRunConfig) -> Result<TeamRunSummary, RunError> {
    let started = Instant::now();
    let dir = &rc.out;
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    runner::remove_stale_report(dir)?;
    for name in INDIVIDUAL_FILES {
        let p = dir.join(name);
        if p.is_file() {
            fs::remove_file(&p).map_err(io_err(&p))?;
        }
    }
    let fdir = dir.join("failures");
    if fdir.is_dir() {
        fs::remove_dir_all(&fdir).map_err(io_err(&fdir))?;
    }
    let path = dir.join("teams.csv");
    let mut csv_file = File::create(&path).map_err(io_err(&path))?;
    csv_file
        .write_all(&runner::header::<TeamRow>()?)
        .map_err(io_err(&path))?;
    let standings_path = dir.join("team_standings.csv");
    let mut standings_file = File::create(&standings_path).map_err(io_err(&standings_path))?;
    standings_file
        .write_all(&runner::header::<TeamStandingRow>()?)
        .map_err(io_err(&standings_path))?;
    let threads = rc.threads.max(1);
    let pool = runner::pool(threads)?;
    let bar = progress_bar(rc);
    let mut s = TeamRunSummary::default();
    let mut spearman = (0.0, 0u64);
    let batch = 4 * threads as u64;
    let mut start = 0;
    while start < rc.tournaments && !rc.interrupt.load(Ordering::SeqCst) {
        let end = (start + batch).min(rc.tournaments);
        let results: Vec<TeamResult> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let r = play::run(sim, rc.seed, i, None);
                    bar.inc(1);
                    r
                })
                .collect()
        });
        let mut rows = Vec::with_capacity(results.len());
        let mut standings = Vec::new();
        for mut r in results {
            if let Some(plan) = &r.plan {
                standings.extend(stats::standing_rows(r.index, plan, &r.event, &r.rounds));
            }
            if rc.no_timing {
                r.row.pair_us_total = 0;
                r.row.pair_us_max = 0;
            }
            count(&mut s, &r.row);
            if let Ok(x) = r.row.standing_strength_spearman.parse::<f64>() {
                spearman.0 += x;
                spearman.1 += 1;
            }
            if let Some(f) = &r.failure {
                s.failures.push(write_failure(rc, &fdir, &r, f)?);
                bar.set_message(format!("({} failed)", s.failed));
            }
            rows.push(r.row);
        }
        // The teams first: an event in teams.csv always has its teams' rows.
        standings_file
            .write_all(&runner::csv_bytes(&standings, false)?)
            .map_err(io_err(&standings_path))?;
        standings_file.flush().map_err(io_err(&standings_path))?;
        csv_file
            .write_all(&runner::csv_bytes(&rows, false)?)
            .map_err(io_err(&path))?;
        csv_file.flush().map_err(io_err(&path))?;
        start = end;
    }
    bar.finish_and_clear();
    s.interrupted = s.tournaments < rc.tournaments;
    s.wall = started.elapsed();
    s.mean_spearman = (spearman.1 > 0).then(|| spearman.0 / spearman.1 as f64);
    Ok(s)
}

/// Adds an event's row to the summary.
fn count(s: &mut TeamRunSummary, row: &TeamRow) {
    s.tournaments += 1;
    s.failed += u64::from(row.failed);
    s.stopped += u64::from(row.stopped);
    s.completed += u64::from(row.failed == 0 && row.stopped == 0);
    s.rounds_paired += row.rounds_paired as u64;
    s.pabs += u64::from(row.pabs);
    s.rematches += u64::from(row.rematches);
}

/// Writes a failure's files (the event before the failing round, and the text with the replay
/// command); returns the summary line.
fn write_failure(
    rc: &TeamRunConfig,
    fdir: &Path,
    r: &TeamResult,
    f: &play::TeamFailure,
) -> Result<String, RunError> {
    let stem = format!("t{:06}-r{:02}", r.index, f.round);
    fs::create_dir_all(fdir).map_err(io_err(fdir))?;
    let replay = format!(
        "swisslab generate{} --seed {} --index {} --until-round {} -o {stem}.trf",
        rc.replay_args,
        rc.seed,
        r.index,
        f.round.max(1)
    );
    let mut text = format!(
        "tournament: {}\nseed: {}\nround: {}\nfailure: {}\nreplay: {replay}\n",
        r.index, rc.seed, f.round, f.message
    );
    if let Some(trf) = &f.trf {
        let p = fdir.join(format!("{stem}.trf"));
        fs::write(&p, trf).map_err(io_err(&p))?;
        text.push_str(&format!(
            "file: {stem}.trf (the team event before round {}, team TRF-2026)\n",
            f.round
        ));
    }
    let p = fdir.join(format!("{stem}.txt"));
    fs::write(&p, text).map_err(io_err(&p))?;
    Ok(format!(
        "tournament {}: {} | replay: {replay}",
        r.index, f.message
    ))
}

/// The progress bar of a run (hidden without `rc.progress`).
fn progress_bar(rc: &TeamRunConfig) -> ProgressBar {
    let bar = if rc.progress {
        ProgressBar::with_draw_target(Some(rc.tournaments), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} team events, {per_sec}, ETA {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}
