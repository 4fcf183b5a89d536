//! `swisslab simulate`: thousands of seeded tournaments, paired by the engine round by round,
//! checked by the invariants of C.04.1 / C.04.2, with statistics streamed to CSV files (the
//! columns are in `simulator/OUTPUT.md`) and a summary table printed at the end.
//!
//! Exit status 0 when every tournament ran, 4 when at least one failed (an invariant broken, an
//! engine error or panic): the run goes on, each failure is written under `DIR/failures/` with
//! a one-line replay command.
//!
//! Ctrl-C (or SIGTERM) stops the run cleanly: no new tournament starts, those in progress finish
//! and are written, the summary files cover what was done, and the exit status is 130. A
//! second Ctrl-C aborts at once; the streamed CSV files still hold every tournament written.
//!
//! With a system that pairs teams (`--system swiss-team`, `--teams N --boards B`) the events are
//! team events (`swisslab_simulator::team`): every round checked by the team invariants, one
//! row per event streamed to `DIR/teams.csv` and one per team to `DIR/team_standings.csv`,
//! failures under `DIR/failures/` as for individual events, the same exit codes; `--report`
//! writes the team report.
//!
//! `--shard K/N` runs only the K-th of N contiguous ranges of the tournament indices (one
//! worker of a cluster job); `swisslab merge` puts the N folders together.

use super::model_args::{finish, ModelArgs};
use super::out::{self, outln};
use super::{EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK};
use anyhow::Context;
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use swisslab_simulator::runner::{self, RunConfig, RunSummary};
use swisslab_simulator::shard::Shard;
use swisslab_simulator::stats::SummaryRow;
use swisslab_simulator::team::play::TeamSimulation;
use swisslab_simulator::team::runner::{self as team_runner, TeamRunConfig, TeamRunSummary};

/// Options of `swisslab simulate`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    #[command(flatten)]
    pub model: ModelArgs,

    /// Number of tournaments (default: the configuration's, 100 embedded).
    #[arg(long, value_name = "T")]
    pub tournaments: Option<u64>,

    /// Master seed (default: the configuration's, 1 embedded).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Run only shard K of N (0 <= K < N): the tournaments K*T/N .. (K+1)*T/N, into a complete
    /// folder of its own; `swisslab merge` joins the N folders into the whole run's output.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,

    /// Worker threads (default: the number of CPUs). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,

    /// Output folder (created if needed; files of a previous run are replaced, and its report
    /// (report.html, tables/, compare/) removed, so that no report describes another run).
    #[arg(short = 'o', long, value_name = "DIR", default_value = "swisslab-out")]
    pub out: PathBuf,

    /// Write 0 in every timing column, so that two runs can be compared byte for byte.
    #[arg(long)]
    pub no_timing: bool,

    /// Do not show the progress bar (it is never shown when stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,

    /// At the end, write the fairness report: DIR/report.html and DIR/tables/*.csv (as
    /// `swisslab report DIR` does).
    #[arg(long)]
    pub report: bool,
}

/// Runs the subcommand: 0 all tournaments ran, 4 some failed, 3 invalid configuration, 5 a
/// file cannot be read or written, 130 interrupted (even when some failed before).
pub fn run(args: &Args) -> ExitCode {
    finish(run_inner(args))
}

fn run_inner(args: &Args) -> anyhow::Result<u8> {
    let sim = args.model.simulation()?;
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let rc = RunConfig {
        out: args.out.clone(),
        tournaments: args.tournaments.unwrap_or(sim.cfg.tournaments),
        seed: args.seed.unwrap_or(sim.cfg.seed),
        shard: args.shard.unwrap_or_default(),
        threads,
        system: sim.system.name().into(),
        no_timing: args.no_timing,
        progress: !args.no_progress,
        replay_args: args.model.replay_args(),
        interrupt: Default::default(),
        written: Default::default(),
    };
    if let Some(team) = TeamSimulation::of(&sim) {
        return team_run(args, &team, &rc);
    }
    on_interrupt(rc.interrupt.clone());
    let s =
        runner::run(&sim, &rc).with_context(|| format!("simulate into {}", rc.out.display()))?;
    out::print(&table(&sim, &rc, &s))?;
    super::warn_node_limit(s.diagnostics);
    report_or_hint(args.report, &rc.out)?;
    // Interrupted first: the files hold part of the run, whatever failed in it (a shard runner
    // takes 4 as "done, with failures to gather", never an interrupted run).
    Ok(if s.interrupted {
        EXIT_INTERRUPTED
    } else if s.summary.failed > 0 {
        EXIT_FAILURES
    } else {
        EXIT_OK
    })
}

/// With `--report`, writes the report of the run in `dir` (the team report for team events);
/// else says how to.
fn report_or_hint(report: bool, dir: &std::path::Path) -> anyhow::Result<()> {
    if report {
        let r = swisslab_reports::write_report(dir, &swisslab_reports::ReportOptions::default())
            .with_context(|| format!("report on {}", dir.display()))?;
        outln!("report: {}", r.html.display())?;
    } else {
        outln!(
            "next: swisslab report {}   (writes {} and its tables)",
            dir.display(),
            dir.join("report.html").display()
        )?;
    }
    Ok(())
}

/// The Ctrl-C handler: the first interrupt sets `flag` (the run finishes the events in
/// progress), the second aborts.
fn on_interrupt(flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
    // Without a handler (e.g. one already installed) Ctrl-C simply ends the process, and the
    // streamed files still hold every tournament written.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, std::sync::atomic::Ordering::SeqCst) {
            eprintln!("\nswisslab simulate: aborted");
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
        eprintln!(
            "\nswisslab simulate: interrupted; finishing the tournaments in progress \
             (Ctrl-C again to abort)"
        );
    });
}

/// A run of team events (`--system swiss-team`).
fn team_run(args: &Args, sim: &TeamSimulation, rc: &RunConfig) -> anyhow::Result<u8> {
    if args.shard.is_some() {
        anyhow::bail!(swisslab_simulator::config::ConfigError::Invalid(
            "--shard does not apply to team events yet".into()
        ));
    }
    let trc = TeamRunConfig {
        out: rc.out.clone(),
        tournaments: rc.tournaments,
        seed: rc.seed,
        threads: rc.threads,
        no_timing: rc.no_timing,
        progress: rc.progress,
        replay_args: rc.replay_args.clone(),
        interrupt: rc.interrupt.clone(),
    };
    on_interrupt(trc.interrupt.clone());
    let s = team_runner::run(sim, &trc)
        .with_context(|| format!("simulate into {}", trc.out.display()))?;
    out::print(&team_table(sim, &trc, &s))?;
    report_or_hint(args.report, &trc.out)?;
    Ok(if s.interrupted {
        EXIT_INTERRUPTED
    } else if s.failed > 0 {
        EXIT_FAILURES
    } else {
        EXIT_OK
    })
}

/// The summary table of a team run.
fn team_table(sim: &TeamSimulation, rc: &TeamRunConfig, s: &TeamRunSummary) -> String {
    let c = &sim.cfg;
    let secs = s.wall.as_secs_f64();
    let mut out = format!(
        "swisslab simulate: {} team events x {} teams x {} boards x {} rounds, seed {}, {} thread(s), engine {}, results {}\n",
        rc.tournaments, c.team.teams, c.team.boards, c.rounds, rc.seed, rc.threads, sim.engine.name(), c.results.model.name()
    );
    if s.interrupted {
        out.push_str(&format!(
            "  INTERRUPTED after {} of {} team events (teams.csv holds events 0 to {})\n",
            s.tournaments,
            rc.tournaments,
            s.tournaments.saturating_sub(1)
        ));
    }
    out.push_str(&format!(
        "  team events  completed {}  stopped (no valid pairing exists) {}  failed {}\n  rounds paired {}  pairing-allocated byes {}  rematches {}\n",
        s.completed, s.stopped, s.failed, s.rounds_paired, s.pabs, s.rematches
    ));
    if let Some(r) = s.mean_spearman {
        out.push_str(&format!(
            "  final standing against team strength: mean Spearman correlation {r:.3}\n"
        ));
    }
    out.push_str(&format!("  wall time {secs:.1} s\n"));
    for f in &s.failures {
        out.push_str(&format!("  FAILED {f}\n"));
    }
    out.push_str(&format!(
        "  output: {}\n",
        rc.out.join("teams.csv").display()
    ));
    out
}

/// The summary table printed at the end.
fn table(sim: &swisslab_simulator::sim::Simulation, rc: &RunConfig, s: &RunSummary) -> String {
    let c = &sim.cfg;
    let players = match c.players_max {
        Some(m) if m > c.players => format!("{}-{m}", c.players),
        _ => c.players.to_string(),
    };
    let sm = &s.summary;
    let secs = s.wall.as_secs_f64();
    let mut out = format!(
        "swisslab simulate: {} tournaments x {players} players x {} rounds, seed {}, {} thread(s), {}, engine {}, results {}\n",
        rc.tournaments, c.rounds, rc.seed, rc.threads, rc.system, sim.engine.name(), c.results.model.name()
    );
    let range = &s.indices;
    if rc.shard != Shard::WHOLE {
        out.push_str(&format!(
            "  shard {}: tournaments {} to {} ({})\n",
            rc.shard,
            range.start,
            range.end.saturating_sub(1),
            range.end - range.start
        ));
    }
    if s.interrupted {
        out.push_str(&format!(
            "  INTERRUPTED after {} of {} tournaments (the files hold tournaments {} to {})\n",
            sm.tournaments,
            range.end - range.start,
            range.start,
            (range.start + sm.tournaments).saturating_sub(1)
        ));
    }
    out.push_str(&counts_lines(sm, s.stopped));
    out.push_str(&format!(
        "  wall time {secs:.1} s  ({:.2} tournaments/s)\n",
        if secs > 0.0 {
            sm.tournaments as f64 / secs
        } else {
            0.0
        }
    ));
    if let Some(other) = &sim.compare {
        out.push_str(&format!(
            "  compared with {}: {} rounds differ, in {} of {} tournaments (disagreements.csv)\n",
            other.name(),
            s.disagreeing_rounds,
            s.disagreeing_tournaments,
            sm.tournaments
        ));
    }
    out.push_str(&times_lines(&s.by_size, &s.failures, &rc.out));
    out
}

/// The lines of the summary table counting tournaments, rounds, games and byes (also `merge`).
pub(super) fn counts_lines(sm: &SummaryRow, stopped: u64) -> String {
    format!(
        "  tournaments  completed {}  stopped (no valid pairing exists) {}  failed {}\n  rounds paired {}  games {}  pairing-allocated byes {}\n",
        sm.completed, stopped, sm.failed, sm.rounds_paired, sm.games, sm.byes
    )
}

/// The pairing-time table, the failures and the output folder (also `merge`).
pub(super) fn times_lines(
    by_size: &[(usize, u64, u64, u64, u64)],
    failures: &[String],
    dir: &std::path::Path,
) -> String {
    let mut out = String::from("  pairing time per round (us):\n");
    out.push_str(&format!(
        "    {:>10} {:>10} {:>10} {:>10} {:>10}\n",
        "players", "p50", "p90", "p99", "max"
    ));
    for (size, a, b, c, d) in by_size {
        out.push_str(&format!("    {size:>10} {a:>10} {b:>10} {c:>10} {d:>10}\n"));
    }
    for f in failures {
        out.push_str(&format!("  FAILED {f}\n"));
    }
    out.push_str(&format!("  output: {}\n", dir.display()));
    out
}
