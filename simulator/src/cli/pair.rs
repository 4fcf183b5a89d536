//! `swisslab pair`: pair the next round of a tournament file, or replay an earlier one.
//!
//! The round to pair is the one after the last round with a game or a pairing-allocated bye;
//! players with `H`, `F` or `Z` already written in that round's column, or listed in `XXZ`,
//! are absent. `--round N` pairs round N of the file instead, from the file as it stood before
//! round N and with the players the file pairs in it, exactly as `check` re-pairs it. Output is
//! the format of JaVaFo and bbpPairings: the number of pairs, then one `white black` line per
//! board in C.04.2 board order, the bye as `N 0`.
//!
//! A team file (`310`, or `013` records of a team event) is paired by the Swiss Team System
//! ([`super::team`]): the same format with team numbers (the board-1 White team first, in the
//! board order of GHR 3.6, the PAB as `N 0`), or with `--boards` each match with the team names
//! and its board pairings; absent teams are those none of whose members is to be paired.

use super::{
    exit, prepare, read_tournament, AccelerationArg, SystemArg, EXIT_INVALID, EXIT_IO,
    EXIT_NO_PAIRING, EXIT_OK,
};
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::ExitCode;
use swisslab_engine::pairing::{PairingError, Request};
use swisslab_engine::{checker, io, System, Tournament};
use swisslab_simulator::sim::Engine;

/// Options of `swisslab pair`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The tournament file (TRF-16 with the JaVaFo/bbpPairings extensions; `XXR` tells which
    /// round is the last, which matters for the topscorer rules).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Pair round N of the file (from 1 to one past the last paired round) instead of the next
    /// round: the file is cut to the rounds before N and the players the file pairs in round N
    /// are paired, as `check` does when it re-pairs that round; with `--explain`, this shows why
    /// a round of a corpus went the way it did. For a Double-Swiss event, N is the first
    /// column of a match (odd). Default: the next round.
    #[arg(long, value_name = "N")]
    pub round: Option<usize>,

    /// Write the pairing to OUT (atomically) instead of standard output.
    #[arg(short = 'o', long = "out", alias = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// The pairing system. Default: the one the file names (TRF-2026 `192`, or `092`), else
    /// the edition in force.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,

    /// The acceleration method (C.04.7). Default: the file's explicit virtual points (`250`,
    /// `XXA`), else Baku when its `192` tournament type ends in `_BAKU`, else none.
    #[arg(long, value_enum, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,

    /// A team file: print each match with the team names and its boards (the players by the
    /// default board order, colours by the `352` pattern), the PAB and the absent teams,
    /// instead of the engine format.
    #[arg(long)]
    pub boards: bool,

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
    match super::team::is_team_file(&args.file, &t, args.system.map(|s| s.0)) {
        Ok(true) => return pair_team(args),
        Ok(false) if args.boards => {
            eprintln!(
                "error: {}: --boards lists the boards of a team file's matches; the file has no \
                 team records",
                args.file.display()
            );
            return exit(EXIT_INVALID);
        }
        Ok(false) => {}
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INVALID);
        }
    }
    let mut req = Request::next_round(&t);
    let system = match prepare(&args.file, &mut t, args.system, args.acceleration) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INVALID);
        }
    };
    if args.system.is_none() {
        super::warn_if_older_than(&args.file, &t, system);
    }
    if let Some(n) = args.round {
        if let Err(e) = replayable(&t, system, n) {
            eprintln!("error: {}: --round {n}: {e}", args.file.display());
            return exit(EXIT_INVALID);
        }
        if n < req.round {
            (t, req) = checker::round_state(&t, system, n);
        }
    }
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
    write_out(args, &pairing.to_engine_text())
}

/// Writes `text` to `-o` (atomically) or standard output.
fn write_out(args: &Args, text: &str) -> ExitCode {
    match &args.output {
        Some(out) => {
            if let Err(e) = io::write_atomic(out, text.as_bytes()) {
                eprintln!("error: cannot write {}: {e}", out.display());
                return exit(EXIT_IO);
            }
        }
        None => {
            if let Err(e) = super::out::print(text) {
                return e.exit();
            }
        }
    }
    exit(EXIT_OK)
}

/// `pair` of a team file (module doc).
fn pair_team(args: &Args) -> ExitCode {
    use super::team;
    let path = &args.file;
    let ev = match team::read(path) {
        Ok(ev) => ev,
        Err((e, io)) => {
            eprintln!("error: {e}");
            return exit(if io { EXIT_IO } else { EXIT_INVALID });
        }
    };
    let prepared = team::resolve(path, &ev, args.system.map(|s| s.0)).and_then(|system| {
        if args.acceleration.is_some() {
            return Err(
                "--acceleration: the acceleration of team events is not implemented \
                        (C.04.6 leaves open which score makes a floater under it)"
                    .to_string(),
            );
        }
        match args.engine.engine(system) {
            Ok(Engine::Swisslab(_)) => {}
            Ok(_) => {
                return Err("--engine: team events are paired by swisslab's own engine only".into())
            }
            Err(e) => return Err(format!("{e:#}")),
        }
        let rounds = team::rounds(path, &ev)?;
        let req = team::request(&ev, &rounds, args.round)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok((system, req))
    });
    let (system, req) = match prepared {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INVALID);
        }
    };
    let pairing = match system.pair_team(&ev, &req) {
        Ok(p) => p,
        Err(e @ PairingError::InvalidRequest(_)) => {
            eprintln!("error: {}: round {}: {e}", path.display(), req.round);
            return exit(EXIT_INVALID);
        }
        Err(e) => {
            eprintln!("{}: round {}: {e}", path.display(), req.round);
            return exit(EXIT_NO_PAIRING);
        }
    };
    if args.explain {
        match system.explain_team(&ev, &req, &pairing) {
            Ok(text) => eprint!("{text}"),
            Err(e) => eprintln!("--explain: {e}"),
        }
    }
    let text = if args.boards {
        team::boards_text(&ev, &req, &pairing)
    } else {
        pairing.to_engine_text()
    };
    write_out(args, &text)
}

/// Whether `--round n` names a round `pair` can pair: 1 to one past the last paired round, and
/// for a system whose round takes two columns (Double-Swiss, C.04.5 4.4) the first of a match.
fn replayable(t: &Tournament, system: System, n: usize) -> Result<(), String> {
    let next = t.rounds_paired() + 1;
    if n == 0 || n > next {
        let paired = match next - 1 {
            0 => "no round paired".to_string(),
            1 => "1 round paired".to_string(),
            k => format!("{k} rounds paired"),
        };
        return Err(format!(
            "expected a round from 1 to {next} (the file has {paired})"
        ));
    }
    let per = system.columns_per_round();
    if per > 1 && !(n - 1).is_multiple_of(per) {
        let first = n - (n - 1) % per;
        return Err(format!(
            "round {n} is game {} of the match in columns {first} and {}; {system} pairs a \
             match at its first column (pass --round {first})",
            (n - 1) % per + 1,
            first + per - 1
        ));
    }
    Ok(())
}
