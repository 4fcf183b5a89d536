//! `swisslab pair`: pair the next round of a tournament file.
//!
//! The round to pair is the one after the last round with a game or a pairing-allocated bye;
//! players with `H`, `F` or `Z` already written in that round's column, or listed in `XXZ`,
//! are absent. Output is the format of JaVaFo and bbpPairings: the number of pairs, then one
//! `white black` line per board in C.04.2 board order, the bye as `N 0`.

use super::{
    exit, prepare, read_tournament, AccelerationArg, SystemArg, EXIT_INVALID, EXIT_IO,
    EXIT_NO_PAIRING, EXIT_OK,
};
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use swisslab_engine::io;
use swisslab_engine::pairing::{PairingError, Request};
use swisslab_simulator::sim::Engine;

/// Options of `swisslab pair`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The tournament file (TRF-16 with the JaVaFo/bbpPairings extensions; `XXR` tells which
    /// round is the last, which matters for the topscorer rules).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Write the pairing to OUT (atomically) instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// The pairing system. Default: the one the file names (TRF-2026 `192`, or `092`), else
    /// the edition in force.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,

    /// The acceleration method (C.04.7). Default: the file's explicit virtual points (`250`,
    /// `XXA`), else Baku when its `192` tournament type ends in `_BAKU`, else none.
    #[arg(long, value_enum, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,

    /// Also print, on standard error, bracket by bracket: the moved-down players and the
    /// residents with their scores, each pair with its colours and the criteria it does not
    /// fully meet (a colour preference not granted, a repeated float), the downfloaters, and
    /// the bye, so that an arbiter can follow the result.
    #[arg(long)]
    pub explain: bool,

    #[command(flatten)]
    pub engine: super::model_args::EngineArgs,
}

/// Runs the subcommand: 0 paired, 1 no valid pairing, 3 invalid input, 5 file access.
pub fn run(args: &Args) -> ExitCode {
    let mut t = match read_tournament(&args.file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let req = Request::next_round(&t);
    let system = match prepare(&args.file, &mut t, args.system, args.acceleration) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INVALID);
        }
    };
    let engine = match args.engine.engine(system) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e:#}");
            return exit(EXIT_INVALID);
        }
    };
    let (result, transcript) = engine.pair_diagnosed(&t, &req);
    super::warn_node_limit(result.as_ref().map(|d| d.diagnostics).unwrap_or_default());
    let result = result.map(|d| d.pairing);
    if let (Err(_), Some(tr)) = (&result, &transcript) {
        eprint!("{}{}", tr.stdout, tr.stderr);
    }
    let pairing = match result {
        Ok(p) => p,
        Err(PairingError::NoValidPairing(why)) => {
            eprintln!(
                "{}: round {}: no valid pairing: {why}",
                args.file.display(),
                req.round
            );
            return exit(EXIT_NO_PAIRING);
        }
        Err(e) => {
            // A system paired only as far as its text is known (Lim) explains how far it went.
            if let (true, PairingError::TextUnavailable(_), Engine::Swisslab(s)) =
                (args.explain, &e, &engine)
            {
                eprint!("{}", s.explain(&t, &req, &Default::default()));
            }
            eprintln!("{}: round {}: {e}", args.file.display(), req.round);
            return exit(EXIT_NO_PAIRING);
        }
    };
    if args.explain {
        match engine {
            Engine::Swisslab(s) => eprint!("{}", s.explain(&t, &req, &pairing)),
            _ => eprintln!("--explain: only swisslab's own engines explain their pairings"),
        }
    }
    let text = pairing.to_engine_text();
    match &args.output {
        Some(out) => {
            if let Err(e) = io::write_atomic(out, text.as_bytes()) {
                eprintln!("error: cannot write {}: {e}", out.display());
                return exit(EXIT_IO);
            }
        }
        None => print!("{text}"),
    }
    exit(EXIT_OK)
}
