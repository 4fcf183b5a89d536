//! Options shared by `generate` and `simulate`: the configuration file and the overrides
//! that change what a tournament is, so that both build the very same tournaments.

use super::{SystemArg, EXIT_INVALID, EXIT_IO};
use anyhow::Context;
use clap::Args as ClapArgs;
use std::path::{Path, PathBuf};
use swisslab_simulator::config::{Config, ConfigError};
use swisslab_simulator::runner::RunError;
use swisslab_simulator::sim::Simulation;

/// The tournament model options.
#[derive(Debug, Clone, ClapArgs)]
pub struct ModelArgs {
    /// Configuration file: TOML (see the README), or a JaVaFo / bbpPairings generator file of
    /// `Key=Value` lines (PlayersNumber, RoundsNumber, DrawPercentage, ForfeitRate, …).
    /// Without it the embedded defaults apply.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Players per tournament (late entrants included); overrides the configuration.
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,

    /// Rounds per tournament; overrides the configuration.
    #[arg(long, value_name = "R")]
    pub rounds: Option<u32>,

    /// The pairing system that pairs every round, and whose rules the invariants check.
    /// Default: the edition in force.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,
}

impl ModelArgs {
    /// The configuration with the overrides applied, validated; warnings go to stderr.
    pub fn simulation(&self) -> anyhow::Result<Simulation> {
        let mut cfg = match &self.config {
            Some(p) => {
                let (cfg, warnings) =
                    Config::load(p).with_context(|| format!("configuration {}", p.display()))?;
                for w in warnings {
                    eprintln!("warning: {w}");
                }
                cfg
            }
            None => Config::default(),
        };
        if let Some(n) = self.players {
            cfg.players = n;
            cfg.players_max = None;
        }
        if let Some(r) = self.rounds {
            cfg.rounds = r;
        }
        let base = self
            .config
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."))
            .to_path_buf();
        cfg.resolve(&base).context("configuration")?;
        let sim = Simulation::new(cfg).context("configuration")?;
        Ok(match self.system {
            Some(s) => sim.with_system(s.0),
            None => sim,
        })
    }

    /// These options as command-line text (for replay commands), with a leading space.
    pub fn replay_args(&self) -> String {
        let mut s = String::new();
        if let Some(c) = &self.config {
            s.push_str(&format!(
                " --config {}",
                shell_quote(&c.display().to_string())
            ));
        }
        if let Some(n) = self.players {
            s.push_str(&format!(" --players {n}"));
        }
        if let Some(r) = self.rounds {
            s.push_str(&format!(" --rounds {r}"));
        }
        if let Some(sys) = self.system {
            s.push_str(&format!(" --system {}", sys.0.name()));
        }
        s
    }
}

fn shell_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The exit code for an error of `generate` / `simulate`.
/// Turns the result of an anyhow-based subcommand into its exit code, printing the error with
/// its context chain.
pub fn finish(result: anyhow::Result<u8>) -> std::process::ExitCode {
    match result {
        Ok(code) => super::exit(code),
        Err(e) => {
            eprintln!("error: {e:#}");
            super::exit(error_code(&e))
        }
    }
}

pub fn error_code(e: &anyhow::Error) -> u8 {
    for cause in e.chain() {
        if let Some(c) = cause.downcast_ref::<ConfigError>() {
            return match c {
                ConfigError::Read { .. } => EXIT_IO,
                _ => EXIT_INVALID,
            };
        }
        if cause.downcast_ref::<RunError>().is_some()
            || cause.downcast_ref::<std::io::Error>().is_some()
        {
            return EXIT_IO;
        }
    }
    EXIT_IO
}
