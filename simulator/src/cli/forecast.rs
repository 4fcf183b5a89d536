//! `swisslab forecast FILE`: the rest of a real event played many times from its tournament
//! file (see `swisslab_simulator::forecast` and docs/guide/forecast.md).
//!
//! Exit status 0 when every run went through (some may have stopped because no valid pairing
//! exists: that is a finding, not an error), 4 when at least one run failed (engine error, panic
//! or broken invariant), 3 when the file cannot be continued (nothing is written), 5 when a file
//! cannot be read or written.

use super::model_args::{finish, EngineArgs};
use super::{AccelerationArg, SystemArg, EXIT_FAILURES, EXIT_INVALID, EXIT_OK};
use anyhow::Context;
use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use swisslab_simulator::config::Config;
use swisslab_simulator::forecast::{self, Event, EventOptions, ParamsCsv};

/// Options of `swisslab forecast`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The event's tournament file (TRF-16, TRF-06 or TRF-2026): an entry list, or the event
    /// after any number of rounds.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Number of continuations to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub runs: u64,

    /// Master seed: the same seed gives the same CSV files (pairing-time.csv aside), whatever
    /// the number of threads.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The pairing system. Default: the file's (192 / 092), else the edition in force.
    #[arg(long, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,

    /// The acceleration method (C.04.7). Default: the file's explicit virtual points (`250`,
    /// `XXA`), else a `192` tournament type ending in `_BAKU`, else none.
    #[arg(long, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,

    /// Total number of rounds, when the file does not declare it (XXR / 142) or to override it.
    #[arg(long, value_name = "R")]
    pub rounds: Option<usize>,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// Worker threads (default: the number of CPUs). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,

    /// Output folder (created if needed; the forecast's files in it are replaced).
    #[arg(long, value_name = "DIR", default_value = "forecast-out")]
    pub out: PathBuf,

    /// Do not show the progress bar (it is never shown when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    finish(run_inner(args))
}

fn run_inner(args: &Args) -> anyhow::Result<u8> {
    if args.runs == 0 {
        eprintln!("error: --runs must be at least 1");
        return Ok(EXIT_INVALID);
    }
    let opts = EventOptions {
        system: args.system.map(|s| s.0),
        rounds: args.rounds,
        acceleration: args.acceleration.map(|a| a.0),
        config: Config::default(),
    };
    let ev = match Event::read(&args.file, &opts) {
        Ok(ev) => ev,
        Err(e) => {
            eprintln!("error: {e}");
            let io = matches!(&e, forecast::ForecastError::Trf(t)
                if t.kind == swisslab_engine::trf::ErrorKind::Io);
            return Ok(if io { super::EXIT_IO } else { EXIT_INVALID });
        }
    };
    if ev.system.columns_per_round() > 1 {
        // The forecast plays one column per round; a Double-Swiss match takes two.
        eprintln!(
            "error: {}: forecast does not continue {} events (a match of two games takes two \
             round columns); simulate and generate do",
            args.file.display(),
            ev.system
        );
        return Ok(EXIT_INVALID);
    }
    let engine = args.engine.engine(ev.system)?;
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let bar = if args.no_progress {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(Some(args.runs), ProgressDrawTarget::stderr())
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} runs, {per_sec}, ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let start = Instant::now();
    let tally =
        pool.install(|| forecast::forecast(&ev, &engine, args.seed, args.runs, &|| bar.inc(1)));
    bar.finish_and_clear();
    let wall = start.elapsed().as_secs_f64();
    let params = ParamsCsv::new(
        &ev,
        args.file.display().to_string(),
        (args.runs, args.seed),
        &engine,
        args.acceleration.map(|a| a.0),
        &tally,
    );
    forecast::write(&args.out, &ev, &tally, &params)
        .with_context(|| format!("forecast into {}", args.out.display()))?;
    let stopped: u64 = tally.rounds.iter().map(|r| r.stopped).sum();
    println!(
        "swisslab forecast: {} ({} players, {} of {} rounds played), {} runs, seed {}, {}, engine {}",
        args.file.display(),
        ev.t.players.len(),
        ev.first_round - 1,
        ev.total_rounds,
        args.runs,
        args.seed,
        ev.system.name(),
        engine.name()
    );
    println!("  results: {}", forecast::page::draw_text(&ev));
    println!("  places: {}", ev.tiebreak_source);
    if !ev.withdrawn.is_empty() {
        println!(
            "  taken as withdrawn (absent in the last two rounds): {}",
            ev.withdrawn
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    println!(
        "  runs stopped (no valid pairing exists) {stopped}  failed {}",
        tally.failed_runs
    );
    for (i, f) in &tally.failures {
        println!("  FAILED run {i}: {f}");
    }
    println!(
        "  wall time {wall:.1} s ({:.1} runs/s), {threads} thread(s)",
        args.runs as f64 / wall.max(1e-9)
    );
    println!("  output: {}", args.out.join("forecast.html").display());
    super::warn_node_limit(swisslab_engine::pairing::Diagnostics {
        searches_given_up: tally.searches_given_up,
    });
    Ok(if tally.failed_runs > 0 {
        EXIT_FAILURES
    } else {
        EXIT_OK
    })
}
