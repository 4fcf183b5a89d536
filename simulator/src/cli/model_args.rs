//! Options shared by `generate` and `simulate`: the configuration file and the overrides
//! that change what a tournament is, so that both build the very same tournaments.

use super::out::OutError;
use super::{AccelerationArg, SystemArg, EXIT_INVALID, EXIT_IO};
use anyhow::Context;
use clap::Args as ClapArgs;
use std::path::{Path, PathBuf};
use std::time::Duration;
use swisslab_engine::System;
use swisslab_simulator::config::{Config, ConfigError};
use swisslab_simulator::engine::EngineSpec;
use swisslab_simulator::runner::RunError;
use swisslab_simulator::sim::{Engine, Overrides, Simulation};

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

    /// Teams per event (team systems only, `--system swiss-team`); overrides the
    /// configuration's `[team] teams` (default 40).
    #[arg(long, value_name = "N")]
    pub teams: Option<u32>,

    /// Boards per match (team systems only); overrides `[team] boards` (default 4). Each team
    /// also has 0 to `[team] reserves` reserves (default 2).
    #[arg(long, value_name = "B")]
    pub boards: Option<u32>,

    /// With an individual system: each tournament's field is the players of the team event
    /// `--system swiss-team` plans with the same seed, index, `--teams` and `--boards` (the same
    /// ratings, true strengths and presence), paired individually; `players.csv` keeps each
    /// player's team. For studies of team events against individual ones on the same fields.
    #[arg(long)]
    pub team_field: bool,

    /// The pairing system that pairs every round, and whose rules the invariants check.
    /// Default: the edition in force.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,

    /// The acceleration method (C.04.7): `baku` gives group A (the first 2 x ceil(N/4)
    /// players) virtual points in the first half of the rounds; every file written carries
    /// them as `XXA` lines. Overrides the configuration's `acceleration` key. Default: none.
    #[arg(long, value_enum, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,

    #[command(flatten)]
    pub engine: EngineArgs,

    /// Pair every round a second time with this engine, on the same history, and count the
    /// rounds where the two differ (`DIR/disagreements.csv`); the first engine's pairing is
    /// played. Same forms as --engine.
    #[arg(long, value_name = "SPEC")]
    pub compare_engine: Option<EngineSpec>,
}

/// The engine under test (`pair`, `generate`, `simulate`, `check`).
#[derive(Debug, Clone, ClapArgs)]
pub struct EngineArgs {
    /// The engine that pairs: `swisslab` (the built-in --system, default), `swisslab:SYSTEM`, or
    /// an external program in the JaVaFo / bbpPairings convention, `cmd:PROGRAM ARGS` with
    /// `{in}` (the tournament file it reads) and `{out}` (the pairing file it writes), e.g.
    /// `cmd:bbpPairings --dutch {in} -p {out}`.
    #[arg(long, value_name = "SPEC")]
    pub engine: Option<EngineSpec>,

    /// Time limit of one external pairing, in seconds; the program is killed after it.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub engine_timeout: f64,
}

impl EngineArgs {
    /// The engine to pair with, under `system`'s rules.
    pub fn engine(&self, system: System) -> anyhow::Result<Engine> {
        engine_of(self.engine.as_ref(), system, self.engine_timeout)
    }
}

/// The engine a specification names, with the time limit for an external one.
pub fn engine_of(
    spec: Option<&EngineSpec>,
    system: System,
    timeout: f64,
) -> anyhow::Result<Engine> {
    if !(timeout.is_finite() && timeout > 0.0) {
        anyhow::bail!(ConfigError::Invalid(format!(
            "--engine-timeout must be a positive number of seconds, not {timeout}"
        )));
    }
    let mut engine = match spec {
        Some(s) => Engine::from_spec(s, system),
        None => Engine::Swisslab(system),
    };
    if let Engine::External(x) = &mut engine {
        x.timeout = Duration::from_secs_f64(timeout);
    }
    Ok(engine)
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
        let base = self
            .config
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."))
            .to_path_buf();
        if let Some(n) = self.teams {
            cfg.team.teams = n;
        }
        if let Some(b) = self.boards {
            cfg.team.boards = b;
        }
        if self.team_field {
            cfg.team.field = true;
        }
        if cfg.team.field {
            // The field's size is the teams' (each `boards` players plus 0 to `reserves`).
            cfg.players = cfg.team.teams * cfg.team.boards;
            cfg.players_max = Some(cfg.team.teams * (cfg.team.boards + cfg.team.reserves));
        }
        let over = Overrides {
            players: self.players,
            rounds: self.rounds,
            system: self.system.map(|s| s.0),
            acceleration: self.acceleration.map(|a| a.0),
        };
        let mut sim = Simulation::configured(cfg, &base, &over).context("configuration")?;
        self.check_team_options(sim.system)?;
        sim.engine = self.engine.engine(sim.system)?;
        sim.compare = match &self.compare_engine {
            Some(spec) => Some(engine_of(
                Some(spec),
                sim.system,
                self.engine.engine_timeout,
            )?),
            None => None,
        };
        Ok(sim)
    }

    /// `--teams` and `--boards` only for a system that pairs teams, `--players`, the
    /// acceleration and the engine options only for one that does not.
    fn check_team_options(&self, system: System) -> anyhow::Result<()> {
        let invalid = |m: String| Err(ConfigError::Invalid(m).into());
        if system.pairs_teams() {
            if self.players.is_some() {
                return invalid(format!(
                    "--players does not apply to {system}, which pairs teams: use --teams and --boards"
                ));
            }
            if self.acceleration.is_some()
                || self.engine.engine.is_some()
                || self.compare_engine.is_some()
            {
                return invalid(format!(
                    "--acceleration, --engine and --compare-engine do not apply to {system}'s team events yet"
                ));
            }
            if self.team_field {
                return invalid(format!(
                    "--team-field applies to individual systems (the field of a team event \
                     paired individually), not to {system}"
                ));
            }
        } else if self.team_field {
            if self.players.is_some() {
                return invalid(
                    "--players does not apply with --team-field: the field is the teams' \
                     players (--teams and --boards)"
                        .into(),
                );
            }
        } else if self.teams.is_some() || self.boards.is_some() {
            return invalid(format!(
                "--teams and --boards apply to team systems (--system swiss-team) and to \
                 --team-field, not to {system}"
            ));
        }
        Ok(())
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
        if let Some(n) = self.teams {
            s.push_str(&format!(" --teams {n}"));
        }
        if let Some(b) = self.boards {
            s.push_str(&format!(" --boards {b}"));
        }
        if self.team_field {
            s.push_str(" --team-field");
        }
        if let Some(sys) = self.system {
            s.push_str(&format!(" --system {}", sys.0.name()));
        }
        if let Some(a) = self.acceleration {
            s.push_str(&format!(" --acceleration {}", a.0.name()));
        }
        if let Some(e) = &self.engine.engine {
            s.push_str(&format!(" --engine {}", shell_quote(&e.to_string())));
            s.push_str(&format!(" --engine-timeout {}", self.engine.engine_timeout));
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
        // A closed standard output ends the command quietly (cli/out.rs).
        Err(e) if e.downcast_ref::<OutError>().is_some() => match e.downcast::<OutError>() {
            Ok(out) => out.exit(),
            Err(e) => super::exit(error_code(&e)),
        },
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
