//! `swisslab forecast FILE`: the rest of a real event played many times from its tournament
//! file (see `swisslab_simulator::forecast` and docs/guide/forecast.md). A team file (team
//! records, as `pair` and `check` detect them, or `--system swiss-team`) is forecast team by
//! team.
//!
//! Exit status 0 when every run went through (some may have stopped because no valid pairing
//! exists: that is a finding, not an error), 4 when at least one run failed (engine error, panic
//! or broken invariant), 3 when the file cannot be continued (nothing is written), 5 when a file
//! cannot be read or written.

use super::model_args::{finish, EngineArgs};
use super::out::outln;
use super::{AccelerationArg, SystemArg, EXIT_FAILURES, EXIT_INVALID, EXIT_OK};
use anyhow::Context;
use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use swisslab_simulator::config::Config;
use swisslab_simulator::forecast::event::Cut;
use swisslab_simulator::forecast::{self, Event, EventOptions, ParamsCsv};
use swisslab_simulator::profile::Kind;

/// `--after-round K|middle`.
fn parse_cut(s: &str) -> Result<Cut, String> {
    if s == "middle" {
        return Ok(Cut::Middle);
    }
    match s.parse::<usize>() {
        Ok(k) if k >= 1 => Ok(Cut::After(k)),
        _ => Err(format!(
            "expected a round number (1 or more) or `middle`, found {s:?}"
        )),
    }
}

/// The profile `--profile` names: a shipped one, or a file.
pub fn profile_of(name: Option<&str>) -> anyhow::Result<Option<Config>> {
    let Some(name) = name else { return Ok(None) };
    if let Some(k) = Kind::from_name(name) {
        let mut c = Config::profile(k);
        c.source = k.name().into();
        return Ok(Some(c));
    }
    let path = std::path::Path::new(name);
    let (c, warnings) = Config::load(path)?;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    Ok(Some(c))
}

/// Options of `swisslab forecast`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The event's tournament file (TRF-16, TRF-06 or TRF-2026): an entry list, or the event
    /// after any number of rounds. A team file (team records `310`, or `013` with a
    /// `FIDE_TEAM` code) is forecast team by team: teams.csv instead of players.csv.
    #[arg(value_name = "FILE", required_unless_present = "backtest")]
    pub file: Option<PathBuf>,

    /// Backtest: cut each finished event of these files or folders after --after-round
    /// (default `middle`), forecast the rest and score what happened (Brier score and log loss
    /// for first / top 3 / top 10 against two baselines, reliability, points intervals, byes
    /// and absences): backtest-*.csv and backtest.html under --out.
    #[arg(long, value_name = "PATHS", num_args = 1.., conflicts_with = "file")]
    pub backtest: Vec<PathBuf>,

    /// With --backtest: fit each event's profile on these events of its kind, less the event
    /// itself (leave one event out).
    #[arg(long, value_name = "PATHS", num_args = 1.., requires = "backtest")]
    pub fit_set: Vec<PathBuf>,

    /// Number of continuations to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub runs: u64,

    /// Master seed: the same seed gives the same CSV files (pairing-time.csv aside), whatever
    /// the number of threads.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The pairing system. Default: the file's (192 / 092), else the edition in force (for a
    /// team file, swiss-team).
    #[arg(long, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,

    /// The acceleration method (C.04.7). Default: the file's explicit virtual points (`250`,
    /// `XXA`), else a `192` tournament type ending in `_BAKU`, else none.
    #[arg(long, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,

    /// Total number of rounds, when the file does not declare it (XXR / 142) or to override it
    /// (the engine's last round included).
    #[arg(long, value_name = "R")]
    pub rounds: Option<usize>,

    /// The event profile: `otb`, `online` (the shipped profiles) or a profile file written by
    /// `swisslab fit`. Default: the shipped profile of the event's kind (online when the file's
    /// name, city or federation names lichess, chess.com or "online").
    #[arg(long, value_name = "NAME|FILE")]
    pub profile: Option<String>,

    /// Forecast from the file cut after round K (`middle`: after round ⌈R/2⌉ of R played), the
    /// event's length the rounds the file records; with --backtest, where each event is cut.
    #[arg(long, value_name = "K|middle", value_parser = parse_cut)]
    pub after_round: Option<Cut>,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// Worker threads (default: the number of CPUs). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,

    /// Output folder (created if needed; the forecast's files in it are replaced).
    #[arg(short = 'o', long, value_name = "DIR", default_value = "forecast-out")]
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
    let Some(file) = &args.file else {
        return backtest(args);
    };
    let profile = match profile_of(args.profile.as_deref()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(EXIT_INVALID);
        }
    };
    let opts = EventOptions {
        system: args.system.map(|s| s.0),
        rounds: args.rounds,
        acceleration: args.acceleration.map(|a| a.0),
        profile,
        after_round: args.after_round,
    };
    match team_file(file, args) {
        Ok(true) => return team_forecast(args, file, &opts),
        Ok(false) => {}
        Err(code) => return Ok(code),
    }
    let ev = match read(Event::read(file, &opts), |ev| &ev.warnings) {
        Ok(ev) => ev,
        Err(code) => return Ok(code),
    };
    let engine = args.engine.engine(ev.system)?;
    let (threads, pool) = pool_of(args)?;
    let bar = progress_bar(args);
    let start = Instant::now();
    let tally =
        pool.install(|| forecast::forecast(&ev, &engine, args.seed, args.runs, &|| bar.inc(1)));
    bar.finish_and_clear();
    let wall = start.elapsed().as_secs_f64();
    let params = ParamsCsv::new(
        &ev,
        file.display().to_string(),
        (args.runs, args.seed),
        &engine,
        args.acceleration.map(|a| a.0),
        &tally,
    );
    forecast::write(&args.out, &ev, &tally, &params)
        .with_context(|| format!("forecast into {}", args.out.display()))?;
    let stopped: u64 = tally.rounds.iter().map(|r| r.stopped).sum();
    outln!(
        "swisslab forecast: {} ({} players, {} of {} rounds played), {} runs, seed {}, {}, engine {}",
        file.display(),
        ev.t.players.len(),
        ev.first_round - 1,
        ev.total_rounds,
        args.runs,
        args.seed,
        ev.system.name(),
        engine.name()
    )?;
    outln!("  results: {}", forecast::page::draw_text(&ev))?;
    outln!("  places: {}", ev.tiebreak_source)?;
    if !ev.withdrawn.is_empty() {
        outln!(
            "  written withdrawn (never paired again): {}",
            ev.withdrawn
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        )?;
    }
    summary_tail(
        args,
        (stopped, tally.failed_runs),
        &tally.failures,
        wall,
        threads,
    )?;
    super::warn_node_limit(swisslab_engine::pairing::Diagnostics {
        searches_given_up: tally.searches_given_up,
    });
    Ok(if tally.failed_runs > 0 {
        EXIT_FAILURES
    } else {
        EXIT_OK
    })
}

/// The event read, its warnings printed; else the error printed and the exit status (5 for a
/// file that cannot be read, 3 for one that cannot be forecast).
fn read<T>(
    read: Result<T, forecast::ForecastError>,
    warnings: fn(&T) -> &[String],
) -> Result<T, u8> {
    match read {
        Ok(ev) => {
            for w in warnings(&ev) {
                eprintln!("warning: {w}");
            }
            Ok(ev)
        }
        Err(e) => {
            eprintln!("error: {e}");
            let io = matches!(&e, forecast::ForecastError::Trf(t)
                if t.kind == swisslab_engine::trf::ErrorKind::Io);
            Err(if io { super::EXIT_IO } else { EXIT_INVALID })
        }
    }
}

/// Whether `file` is a team event (team records, as `pair` and `check` detect them); the exit
/// status when it cannot be read or names a team system without team records.
fn team_file(file: &std::path::Path, args: &Args) -> Result<bool, u8> {
    let t = match swisslab_engine::trf::read_file(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            let io = e.kind == swisslab_engine::trf::ErrorKind::Io;
            return Err(if io { super::EXIT_IO } else { EXIT_INVALID });
        }
    };
    super::team::is_team_file(file, &t, args.system.map(|s| s.0)).map_err(|e| {
        eprintln!("error: {e}");
        EXIT_INVALID
    })
}

/// The progress bar of `runs` runs (hidden with --no-progress).
fn progress_bar(args: &Args) -> ProgressBar {
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
    bar
}

/// `swisslab forecast` of a team file: its remaining rounds played by the team pairing
/// (`swisslab_simulator::forecast::team_play`), summed per team.
fn team_forecast(args: &Args, file: &std::path::Path, opts: &EventOptions) -> anyhow::Result<u8> {
    use swisslab_simulator::forecast::{team_page, TeamForecastEvent, TeamParamsCsv};
    use swisslab_simulator::sim::Engine;
    if !matches!(
        args.engine.engine(swisslab_engine::System::SwissTeam)?,
        Engine::Swisslab(_)
    ) {
        eprintln!("error: --engine: team events are paired by swisslab's own engine only");
        return Ok(EXIT_INVALID);
    }
    let fe = match read(TeamForecastEvent::read(file, opts), |fe| &fe.warnings) {
        Ok(fe) => fe,
        Err(code) => return Ok(code),
    };
    let (threads, pool) = pool_of(args)?;
    let bar = progress_bar(args);
    let start = Instant::now();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let tally =
        pool.install(|| forecast::forecast_team(&fe, args.seed, args.runs, &stop, &|| bar.inc(1)));
    bar.finish_and_clear();
    let wall = start.elapsed().as_secs_f64();
    let params = TeamParamsCsv::new(
        &fe,
        file.display().to_string(),
        (args.runs, args.seed),
        &tally,
    );
    forecast::write_team(&args.out, &fe, &tally, &params)
        .with_context(|| format!("forecast into {}", args.out.display()))?;
    let stopped: u64 = tally.rounds.iter().map(|r| r.stopped).sum();
    outln!(
        "swisslab forecast: {} ({} teams of {} boards, {} of {} rounds played), {} runs, seed {}, {}, engine {}",
        file.display(),
        fe.ev.teams.len(),
        fe.boards,
        fe.first_round - 1,
        fe.total_rounds,
        args.runs,
        args.seed,
        fe.system.name(),
        params.engine
    )?;
    outln!("  results: {}", team_page::draw_text(&fe))?;
    outln!(
        "  places: {}; match points {} (won / drawn / lost)",
        fe.tiebreak_source,
        params.match_points
    )?;
    if !fe.first_absent.is_empty() {
        outln!(
            "  absent from round {}: teams {}",
            fe.first_round,
            params.absent_next
        )?;
    }
    if !fe.gone.is_empty() {
        outln!(
            "  withdrawn (never paired again): teams {}",
            params.withdrawn
        )?;
    }
    summary_tail(
        args,
        (stopped, tally.failed_runs),
        &tally.failures,
        wall,
        threads,
    )?;
    Ok(if tally.failed_runs > 0 {
        EXIT_FAILURES
    } else {
        EXIT_OK
    })
}

/// The last lines of the summary: runs stopped and failed (the first failures), the time, the
/// page.
fn summary_tail(
    args: &Args,
    (stopped, failed): (u64, u64),
    failures: &std::collections::BTreeMap<u64, String>,
    wall: f64,
    threads: usize,
) -> anyhow::Result<()> {
    outln!("  runs stopped (no valid pairing exists) {stopped}  failed {failed}")?;
    for (i, f) in failures {
        outln!("  FAILED run {i}: {f}")?;
    }
    outln!(
        "  wall time {wall:.1} s ({:.1} runs/s), {threads} thread(s)",
        args.runs as f64 / wall.max(1e-9)
    )?;
    outln!("  output: {}", args.out.join("forecast.html").display())?;
    Ok(())
}

/// The worker threads (`--threads`, else the CPUs) and their pool.
fn pool_of(args: &Args) -> anyhow::Result<(usize, rayon::ThreadPool)> {
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .context("cannot start the worker threads")?;
    Ok((threads, pool))
}

/// `--backtest`: every finished event scored (see `swisslab_simulator::backtest`).
fn backtest(args: &Args) -> anyhow::Result<u8> {
    use swisslab_simulator::backtest::{self, Options};
    use swisslab_simulator::fit::events;
    let read = |paths: &[PathBuf]| match events::read_set(paths, None) {
        Ok(s) => {
            for l in &s.left_out {
                eprintln!("note: {l}");
            }
            Ok(s)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(EXIT_INVALID)
        }
    };
    let set = match read(&args.backtest) {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    let fit_set = if args.fit_set.is_empty() {
        None
    } else {
        match read(&args.fit_set) {
            Ok(s) => Some(s),
            Err(code) => return Ok(code),
        }
    };
    let profile = match profile_of(args.profile.as_deref()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(EXIT_INVALID);
        }
    };
    let (_, pool) = pool_of(args)?;
    let opts = Options {
        cut: args.after_round.unwrap_or(Cut::Middle),
        runs: args.runs,
        seed: args.seed,
        profile,
        fit_set,
    };
    let start = Instant::now();
    let scored = match pool.install(|| backtest::run(&set, &opts, &|l| eprintln!("  {l}"))) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(EXIT_INVALID);
        }
    };
    let line = format!(
        "{} events, cut after {}, {} runs, seed {}, {}, swisslab {}",
        scored.len(),
        match opts.cut {
            Cut::Middle => "the middle round".to_string(),
            Cut::After(k) => format!("round {k}"),
        },
        args.runs,
        args.seed,
        if opts.fit_set.is_some() {
            "profiles fitted leaving each event out"
        } else {
            "shipped profiles"
        },
        env!("CARGO_PKG_VERSION")
    );
    backtest::write(&args.out, &scored, &line)
        .with_context(|| format!("backtest into {}", args.out.display()))?;
    println!("swisslab forecast --backtest: {line}");
    for r in backtest::event_rows(&scored)
        .iter()
        .filter(|r| r.event.starts_with("pooled"))
    {
        println!(
            "  {:<16} skill vs leaders first {} top3 {} top10 {} (expected if calibrated {} {} {}); vs points {} {} {}; points within the 80% range {} (expected {}, PIT {}, within 10-90% quantiles {}); PABs {} forecast / {} real",
            r.event,
            r.skill_leaders_first,
            r.skill_leaders_top3,
            r.skill_leaders_top10,
            r.expected_skill_leaders_first,
            r.expected_skill_leaders_top3,
            r.expected_skill_leaders_top10,
            r.skill_points_first,
            r.skill_points_top3,
            r.skill_points_top10,
            r.interval_coverage,
            r.interval_expected,
            r.pit_coverage,
            r.quantile_coverage,
            r.byes_forecast,
            r.byes_real
        );
    }
    println!(
        "  wall time {:.1} s; output: {}",
        start.elapsed().as_secs_f64(),
        args.out.join("backtest.html").display()
    );
    Ok(EXIT_OK)
}
