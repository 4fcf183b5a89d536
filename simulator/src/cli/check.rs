//! `swisslab check`: re-pair every round of every tournament from the history before it and
//! compare with the file (pairs, colours and the bye; board order is not compared).
//!
//! Files run in parallel (rayon). Each discrepancy is printed with the file, the round, and the
//! games only one side has; the last line is `tournaments: T, rounds: R, discrepancies: D`
//! (with `, refused: N (not checked)` when some files were refused; no such line when every
//! file was refused, whose errors are on standard error).
//!
//! A team file ([`super::team`]) is checked round by round the same way by the Swiss Team
//! System: each discrepancy names the matches (team numbers, board-1 White first) and the PAB
//! only one side has, and the first criterion or colour rule of C.04.6 on which they differ.

use super::{
    exit, prepare, AccelerationArg, SystemArg, EXIT_INVALID, EXIT_IO, EXIT_NO_PAIRING, EXIT_OK,
};
use clap::Args as ClapArgs;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use swisslab_engine::pairing::Diagnostics;
use swisslab_engine::trf::{self, ErrorKind};
use swisslab_engine::{checker, System, Tournament};
use swisslab_simulator::sim::Engine;

/// Options of `swisslab check`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// TRF files, or folders searched recursively for `*.trf`.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// The pairing system the files were paired with. Default: the one each file names
    /// (TRF-2026 `192`, or `092`), else the edition in force.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,

    /// The acceleration method the files were paired with (C.04.7). Default: each file's
    /// explicit virtual points (`250`, `XXA`), else Baku when its `192` ends in `_BAKU`.
    #[arg(long, value_enum, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,

    #[command(flatten)]
    pub engine: super::model_args::EngineArgs,

    /// Print only the summary line, not each discrepancy.
    #[arg(short, long)]
    pub quiet: bool,
}

/// Collects the `.trf` files under `paths` (a file named on the command line whatever its
/// name), sorted, each file once: symbolic links are followed, but a link back to a folder being
/// walked is not entered again (walkdir detects the loop), and a file reached by two paths
/// (a link to it, a folder reached twice, a path named twice) is kept under the first in
/// sorted order (same canonical path). A dangling link not named `*.trf` is ignored.
pub fn collect_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for p in paths {
        for entry in walkdir::WalkDir::new(p).follow_links(true) {
            let entry = match entry {
                Ok(e) => e,
                Err(e) if e.loop_ancestor().is_some() => continue,
                Err(e) if e.depth() > 0 && !e.path().is_some_and(is_trf) => continue,
                Err(e) => return Err(e.into()),
            };
            if entry.file_type().is_dir() || (entry.depth() > 0 && !is_trf(entry.path())) {
                continue;
            }
            found.push(entry.into_path());
        }
    }
    found.sort();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for path in found {
        let id = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        if seen.insert(id) {
            out.push(path);
        }
    }
    Ok(out)
}

fn is_trf(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"))
}

enum Outcome {
    Checked(checker::CheckReport),
    /// A team file: the rounds checked and the discrepancies.
    Team(usize, Vec<super::team::Discrepancy>),
    Invalid(String, bool),
}

/// Runs the subcommand: 0 when no discrepancy, 1 otherwise, 3 an invalid file, 5 unreadable.
pub fn run(args: &Args) -> ExitCode {
    let files = match collect_files(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_IO);
        }
    };
    if let Err(e) = args.engine.engine(System::DEFAULT) {
        eprintln!("error: {e:#}");
        return exit(EXIT_INVALID);
    }
    let outcomes: Vec<(PathBuf, Outcome)> = files
        .par_iter()
        .map(|path| (path.clone(), check_file(path, args)))
        .collect();
    let (mut t, mut r, mut d, mut refused) = (0usize, 0usize, 0usize, 0usize);
    let mut diagnostics = Diagnostics::default();
    let mut worst = EXIT_OK;
    let mut report = String::new();
    for (path, outcome) in &outcomes {
        match outcome {
            Outcome::Checked(rep) => {
                t += 1;
                r += rep.rounds;
                d += rep.discrepancies.len();
                diagnostics.add(rep.diagnostics);
                if !args.quiet {
                    for disc in &rep.discrepancies {
                        report.push_str(&format!("{}: {disc}", path.display()));
                    }
                }
            }
            Outcome::Team(rounds, discrepancies) => {
                t += 1;
                r += rounds;
                d += discrepancies.len();
                if !args.quiet {
                    for disc in discrepancies {
                        report.push_str(&format!("{}: {disc}", path.display()));
                    }
                }
            }
            Outcome::Invalid(msg, io) => {
                eprintln!("error: {msg}");
                refused += 1;
                worst = worst.max(if *io { EXIT_IO } else { EXIT_INVALID });
            }
        }
    }
    super::warn_node_limit(diagnostics);
    if let Some(line) = summary_line(t, r, d, refused) {
        report.push_str(&line);
        report.push('\n');
    }
    if let Err(e) = super::out::print(&report) {
        return e.exit();
    }
    if worst != EXIT_OK {
        exit(worst)
    } else if d > 0 {
        exit(EXIT_NO_PAIRING)
    } else {
        exit(EXIT_OK)
    }
}

/// The last line: `tournaments: T, rounds: R, discrepancies: D`, with `, refused: N (not
/// checked)` when files were refused; none when every file was refused (the errors say why, and
/// a line of zeros would read like a clean check).
fn summary_line(t: usize, r: usize, d: usize, refused: usize) -> Option<String> {
    let line = format!("tournaments: {t}, rounds: {r}, discrepancies: {d}");
    match (t, refused) {
        (0, n) if n > 0 => None,
        (_, 0) => Some(line),
        (_, n) => Some(format!("{line}, refused: {n} (not checked)")),
    }
}

/// Reads, readies and checks one file; the reader's warnings and the notes on what was assumed
/// go to standard error as it goes.
fn check_file(path: &Path, args: &Args) -> Outcome {
    let (mut t, warnings) = match trf::read_file_with_warnings(path) {
        Ok(read) => read,
        Err(e) => return Outcome::Invalid(e.to_string(), e.kind == ErrorKind::Io),
    };
    super::print_warnings(&warnings);
    match super::team::is_team_file(path, &t, args.system.map(|s| s.0)) {
        Ok(true) => return check_team(path, args),
        Ok(false) => {}
        Err(e) => return Outcome::Invalid(e, false),
    }
    note_assumptions(path, &t, args.quiet);
    let sys = match prepare(path, &mut t, args.system, args.acceleration) {
        Ok(sys) => sys,
        Err(e) => return Outcome::Invalid(e, false),
    };
    if args.system.is_none() {
        super::warn_if_older_than(path, &t, sys);
    }
    match args.engine.engine(sys) {
        // swisslab's own systems also name the first criterion that differs.
        Ok(Engine::Swisslab(s)) => Outcome::Checked(checker::check(&t, s)),
        Ok(engine) => Outcome::Checked(checker::check_tournament(&t, &|h, r| engine.pair(h, r).0)),
        Err(e) => Outcome::Invalid(format!("{e:#}"), false),
    }
}

/// Checks one team file (module doc).
fn check_team(path: &Path, args: &Args) -> Outcome {
    use super::team;
    let ev = match team::read(path) {
        Ok(ev) => ev,
        Err((e, io)) => return Outcome::Invalid(e, io),
    };
    let checked = team::resolve(path, &ev, args.system.map(|s| s.0)).and_then(|system| {
        if args.acceleration.is_some() {
            return Err(format!(
                "{}: --acceleration: the acceleration of team events is not implemented",
                path.display()
            ));
        }
        if !matches!(args.engine.engine(system), Ok(Engine::Swisslab(_))) {
            return Err(format!(
                "{}: --engine: team events are paired by swisslab's own engine only",
                path.display()
            ));
        }
        if !system.pairs_teams() {
            return Err(format!(
                "{}: {system} pairs players, not teams: the file is a team event (310 or 013 \
                 team records), paired by swiss-team",
                path.display()
            ));
        }
        let rounds = team::rounds(path, &ev)?;
        Ok(team::check(&ev, &rounds, system))
    });
    match checked {
        Ok((rounds, discrepancies)) => Outcome::Team(rounds, discrepancies),
        Err(e) => Outcome::Invalid(e, false),
    }
}

/// The notes `check` prints (unless `--quiet`) on what it assumed of a file: a file without
/// `XXR` / `142` has as many rounds as it records, as bbpPairings takes them; forfeits written
/// with colour `-` are forfeits without colour.
fn note_assumptions(path: &Path, t: &Tournament, quiet: bool) {
    if quiet {
        return;
    }
    if t.total_rounds.is_none() {
        eprintln!(
            "note: {}: no XXR / 142 record; the {} rounds it records are taken as the total (as \
             bbpPairings does), so its last round is paired with the topscorer rules",
            path.display(),
            checker::assumed_total(t)
        );
    }
    if !t.uncoloured_forfeits.is_empty() {
        eprintln!(
            "note: {}: {} forfeits written with an opponent and colour '-' read as forfeits \
             without colour",
            path.display(),
            t.uncoloured_forfeits.len()
        );
    }
}
