//! The subcommands of the `swisslab` command, one module each, and the exit codes they share.
//!
//! To add a subcommand: write `cli/<name>.rs` with an `Args` struct (clap derive) and a
//! `run(&Args) -> ExitCode`, declare the module here and add one variant to `Command` in
//! `main.rs`; then its guide page `docs/guide/<name>.md` (listed in `docs/SUMMARY.md`) and its
//! row in the README's table of commands, which `tests/lists.rs` holds to `--help`.

pub mod bench;
pub mod check;
pub mod forecast;
pub mod generate;
pub mod merge;
pub mod model_args;
pub mod pair;
pub mod report;
pub mod simulate;
pub mod standings;
pub mod trf;

use std::process::ExitCode;
use swisslab_engine::acceleration::Method;
use swisslab_engine::pairing::Diagnostics;
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
         Exit codes: {}.",
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
    swisslab_engine::acceleration::apply(t, acceleration.map(|a| a.0))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(sys)
}

/// Reads a tournament, printing the error and turning it into the exit code on failure.
pub fn read_tournament(path: &std::path::Path) -> Result<swisslab_engine::Tournament, ExitCode> {
    swisslab_engine::trf::read_file(path).map_err(|e| {
        eprintln!("error: {e}");
        exit(if e.kind == swisslab_engine::trf::ErrorKind::Io {
            EXIT_IO
        } else {
            EXIT_INVALID
        })
    })
}
