//! `swisslab generate`: one seeded tournament, every round paired by the engine, checked and
//! its results drawn, written as TRF (with `XXR` and `XXC white1/black1`).
//!
//! `--seed S --index I --until-round K` reproduces tournament I of `swisslab simulate --seed S`
//! up to round K (with the same `--config`, `--players`, `--rounds`). When a round fails (engine
//! error or panic, broken invariant) the file written is the tournament before that round with
//! its absences, the failure is printed and the exit status is 4. When a round cannot be paired
//! because no valid pairing exists, the file holds the rounds played and that round's absences
//! (exit status 0), so that any engine can be asked the same question.
//!
//! With a system that pairs teams (`--system swiss-team`, with `--teams N --boards B`) the file
//! is a team event in TRF-2026 (`192`, `142`, `152`, `162`, `352`, `362`, the players' `001`
//! lines, `310`, `320`, and `300` / `330` where a line-up or a forfeited match needs them;
//! `swisslab::team`); `--seed S --index I --until-round K` reproduces team event I of
//! `simulate --system swiss-team` the same way.

use super::model_args::{finish, ModelArgs};
use super::{EXIT_FAILURES, EXIT_IO, EXIT_OK};
use anyhow::Context;
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use swisslab_simulator::sim::{self, RunOptions};
use swisslab_simulator::team::play::{self, TeamSimulation};

/// Options of `swisslab generate`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    #[command(flatten)]
    pub model: ModelArgs,

    /// Master seed.
    #[arg(long, value_name = "S")]
    pub seed: u64,

    /// Index of the tournament within a simulate run (each index has its own random stream).
    #[arg(long, value_name = "I", default_value_t = 0)]
    pub index: u64,

    /// Stop after round K (default: all rounds).
    #[arg(long, value_name = "K")]
    pub until_round: Option<usize>,

    /// The TRF file to write (replaced atomically).
    #[arg(short = 'o', long = "out", alias = "output", value_name = "OUT.trf")]
    pub output: PathBuf,
}

/// Runs the subcommand: 0 written, 4 a round failed (file written up to it), 3 invalid
/// configuration, 5 a file cannot be read or written.
pub fn run(args: &Args) -> ExitCode {
    finish(run_inner(args))
}

fn run_inner(args: &Args) -> anyhow::Result<u8> {
    let sim = args.model.simulation()?;
    if args.until_round == Some(0) {
        anyhow::bail!(swisslab_simulator::config::ConfigError::Invalid(
            "--until-round must be at least 1".into()
        ));
    }
    if let Some(team) = TeamSimulation::of(&sim) {
        return team_event(args, &team);
    }
    let r = sim::run_tournament(
        &sim,
        args.seed,
        args.index,
        RunOptions {
            until_round: args.until_round,
        },
    );
    super::warn_node_limit(r.diagnostics);
    let code = match &r.failure {
        Some(f) => {
            eprintln!("tournament {}: {}", args.index, f.message);
            EXIT_FAILURES
        }
        None => {
            if r.summary.rounds_paired
                < args
                    .until_round
                    .unwrap_or(r.summary.rounds)
                    .min(r.summary.rounds)
            {
                eprintln!("tournament {}: {}", args.index, r.summary.failure);
            }
            EXIT_OK
        }
    };
    // A stopped tournament is written with the absences of the round that could not be paired.
    Ok(write(args, r.trf(), code))
}

/// Writes `text` (if any) to the output file: `code`, or 5 when the file cannot be written.
fn write(args: &Args, text: Option<String>, code: u8) -> u8 {
    let Some(text) = text else {
        return code;
    };
    if let Err(e) = swisslab_engine::io::write_atomic(&args.output, text.as_bytes())
        .with_context(|| format!("cannot write {}", args.output.display()))
    {
        eprintln!("error: {e:#}");
        return EXIT_IO;
    }
    code
}

/// A team event: written as team TRF-2026; the exit codes of an individual event.
fn team_event(args: &Args, sim: &TeamSimulation) -> anyhow::Result<u8> {
    let r = play::run(sim, args.seed, args.index, args.until_round);
    let code = match &r.failure {
        Some(f) => {
            eprintln!("tournament {}: {}", args.index, f.message);
            EXIT_FAILURES
        }
        None => {
            if r.row.stopped == 1 {
                eprintln!("tournament {}: {}", args.index, r.row.failure);
            }
            EXIT_OK
        }
    };
    Ok(write(args, r.trf(), code))
}
