//! The subcommands of the `swisslab` command, one module each, and the exit codes they share.
//!
//! To add a subcommand: write `cli/<name>.rs` with an `Args` struct (clap derive) and a
//! `run(&Args) -> ExitCode`, declare the module here and add one variant to `Command` in
//! `main.rs`; then its guide page `docs/guide/<name>.md` (listed in `docs/SUMMARY.md`) and its
//! row in the README's table of commands, which `tests/lists.rs` holds to `--help`.

pub mod bench;
pub mod check;
pub mod fit;
pub mod forecast;
pub mod generate;
pub mod merge;
pub mod model_args;
pub mod out;
pub mod pair;
pub mod report;
pub mod simulate;
pub mod standings;
mod standings_team;
pub mod team;
pub mod trf;

use std::process::ExitCode;
use swisslab_engine::acceleration::Method;
use swisslab_engine::pairing::Diagnostics;
use swisslab_engine::trf::dates::{Date, EventDates};
use swisslab_engine::System;

pub use swisslab_simulator::exit_codes::{
    EXIT_CODES, EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_INVALID, EXIT_IO, EXIT_NO_PAIRING, EXIT_OK,
};

/// The long description of `swisslab --help`: what the toolkit is, the pairing systems it
/// pairs (`System::ALL`) and the exit codes ([`EXIT_CODES`]).
pub fn long_about() -> String {
    let systems: Vec<String> = System::ALL
        .iter()
        .map(|&s| {
            if s == System::DEFAULT {
                format!("{s} (the default)")
            } else {
                s.to_string()
            }
        })
        .collect();
    let codes: Vec<String> = EXIT_CODES
        .iter()
        .map(|(code, meaning)| format!("{code} {meaning}"))
        .collect();
    format!(
        "swisslab: a toolkit for FIDE Swiss-system pairing.\n\n\
         Pairing systems (--system): {}.\n\n\
         Exit codes: {}.\n\n\
         Every command that writes files takes them with one option, -o/--out.",
        systems.join(", "),
        codes.join(", ")
    )
}

/// The process exit code for one of the constants above.
pub fn exit(code: u8) -> ExitCode {
    ExitCode::from(code)
}

/// Says on stderr how many level searches of the Dutch 2012 engine reached its node limit in
/// the rounds paired (`diagnostics`, from their results: each is taken as not met, so that
/// round's pairing may not be the reference engine's); silent when none did, as on the whole
/// JaVaFo 1.4 corpus.
pub fn warn_node_limit(diagnostics: Diagnostics) {
    let n = diagnostics.searches_given_up;
    if n > 0 {
        eprintln!(
            "warning: {n} dutch-2012 level search(es) reached the node limit and were taken as \
             not met: those rounds may not be paired as JaVaFo 1.4 pairs them"
        );
    }
}

/// A pairing system on the command line (`--system NAME`): every [`System`] of the engine,
/// listed with its title in `--help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SystemArg(pub System);

impl clap::ValueEnum for SystemArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: std::sync::OnceLock<Vec<SystemArg>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| System::ALL.iter().copied().map(SystemArg).collect())
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(
            clap::builder::PossibleValue::new(self.0.name())
                .help(self.0.title())
                .aliases(self.0.aliases().iter().copied()),
        )
    }
}

/// An acceleration method on the command line (`--acceleration baku|none`), listed with its
/// title in `--help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccelerationArg(pub Method);

impl clap::ValueEnum for AccelerationArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[AccelerationArg(Method::None), AccelerationArg(Method::Baku)]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()).help(self.0.title()))
    }
}

/// Readies a tournament read from `path` for pairing: the system (`--system`, else the file's
/// `192` / `092` record, else the edition in force; a `192` naming a system swisslab does not
/// pair is an error) and the acceleration (`--acceleration`, else the file's `250` / `XXA`
/// lines, else a `192` ending in `_BAKU`: C.04.7), written into `t` as virtual points.
pub fn prepare(
    path: &std::path::Path,
    t: &mut swisslab_engine::Tournament,
    system: Option<SystemArg>,
    acceleration: Option<AccelerationArg>,
) -> Result<System, String> {
    let sys = System::resolve(system.map(|s| s.0), t)
        .map_err(|e| format!("{}: {e}; pass --system to pair it anyway", path.display()))?;
    swisslab_engine::acceleration::apply(t, acceleration.map(|a| a.0), sys.columns_per_round())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(sys)
}

/// Reads a tournament, printing the reader's warnings (a date it cannot read); on failure
/// prints the error and turns it into the exit code.
pub fn read_tournament(path: &std::path::Path) -> Result<swisslab_engine::Tournament, ExitCode> {
    match swisslab_engine::trf::read_file_with_warnings(path) {
        Ok((t, warnings)) => {
            print_warnings(&warnings);
            Ok(t)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(exit(if e.kind == swisslab_engine::trf::ErrorKind::Io {
                EXIT_IO
            } else {
                EXIT_INVALID
            }))
        }
    }
}

/// Prints the reader's warnings on standard error.
pub fn print_warnings(warnings: &[swisslab_engine::trf::TrfError]) {
    for w in warnings {
        eprintln!("warning: {w}");
    }
}

/// The date `system` came into force, and the older systems swisslab pairs by, for systems
/// that have an older edition or none before that date.
fn in_force_from(system: System) -> Option<(Date, &'static str)> {
    let date = |year, month, day| Date::new(year, month, day);
    match system {
        System::Dutch2026 => Some((
            date(2026, 2, 1)?,
            "dutch-2017 (from 1 July 2017) and dutch-2012 pair by the rules before it",
        )),
        System::Dutch2017 => Some((date(2017, 7, 1)?, "dutch-2012 pairs by the rules before it")),
        System::Dubov2026 => Some((date(2026, 2, 1)?, "dubov-1997 pairs by the rules before it")),
        System::Burstein2026 | System::Lim | System::DoubleSwiss | System::SwissTeam => {
            Some((date(2026, 2, 1)?, "swisslab pairs no earlier edition of it"))
        }
        System::Dutch2012 | System::Dubov1997 | System::Rating1998 => None,
    }
}

/// Warns (`pair`, `check`) when the event started before `system` came into force and the
/// system was not asked for on the command line: the file was then paired by older rules, and
/// its rounds may differ for that reason alone.
pub fn warn_if_older_than(path: &std::path::Path, t: &swisslab_engine::Tournament, system: System) {
    let Some(start) = EventDates::of(t).start_date() else {
        return;
    };
    let Some((from, older)) = in_force_from(system) else {
        return;
    };
    if start < from {
        eprintln!(
            "warning: {}: the event started on {start} (042), before {system} came into force \
             ({from}); {older}: pass --system to choose",
            path.display()
        );
    }
}
