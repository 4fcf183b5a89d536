//! The team variant of the fuzz target `tournament`: an input that starts with [`MAGIC`] is a
//! team event, its size, rates and seed read from the bytes after it ([`Input`]), simulated
//! round by round through the engine's team pairing with every round checked by the team
//! invariants ([`super::play`]), then written as team TRF-2026 and read back: the reader must
//! accept what the simulator wrote and derive the same rounds from it.
//!
//! The target (`fuzz/fuzz_targets/tournament.rs`) and the regression tests
//! (`simulator/tests/team_sim_fuzz.rs`, on `fuzz/seeds/tournament/team-*` and
//! `fuzz/regressions/tournament-team/`) call [`check`], so a crash replays through the code
//! that found it.

use super::play::{self, TeamEngine, TeamSimulation};
use crate::config::{Config, TeamColours};
use swisslab_engine::System;

/// The first bytes of a team input.
pub const MAGIC: &[u8] = b"TEAM";

/// A team event as the bytes after [`MAGIC`] describe it (missing bytes read as 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub teams: u32,
    pub boards: u32,
    pub rounds: u32,
    pub reserves: u32,
    pub absence_rate: f64,
    pub match_forfeit_rate: f64,
    pub forfeit_rate: f64,
    pub colours: TeamColours,
    pub seed: u64,
    pub index: u64,
}

impl Input {
    /// Reads a team input: `None` unless `data` starts with [`MAGIC`].
    pub fn read(data: &[u8]) -> Option<Input> {
        let rest = data.strip_prefix(MAGIC)?;
        let b = |i: usize| rest.get(i).copied().unwrap_or(0);
        let rate = |i: usize, max: f64| f64::from(b(i)) / 255.0 * max;
        let word = |from: usize| {
            let mut x = [0u8; 8];
            for (k, v) in x.iter_mut().enumerate() {
                *v = b(from + k);
            }
            u64::from_le_bytes(x)
        };
        Some(Input {
            teams: 2 + u32::from(b(0)) % 19,
            boards: 1 + u32::from(b(1)) % 6,
            rounds: 1 + u32::from(b(2)) % 11,
            reserves: u32::from(b(3)) % 3,
            absence_rate: rate(4, 0.4),
            match_forfeit_rate: rate(5, 0.4),
            forfeit_rate: rate(6, 0.3),
            colours: match b(7) % 3 {
                0 => TeamColours::TypeA,
                1 => TeamColours::TypeB,
                _ => TeamColours::None,
            },
            seed: word(8),
            index: u64::from(b(16)),
        })
    }

    /// The simulation this input describes, paired by `system`.
    pub fn simulation(&self, system: System) -> Result<TeamSimulation, String> {
        let mut cfg = Config {
            rounds: self.rounds,
            ..Config::default()
        };
        cfg.team.teams = self.teams;
        cfg.team.boards = self.boards;
        cfg.team.reserves = self.reserves;
        cfg.team.absence_rate = self.absence_rate;
        cfg.team.match_forfeit_rate = self.match_forfeit_rate;
        cfg.team.colours = self.colours;
        cfg.results.forfeit_rate = self.forfeit_rate;
        cfg.resolve(std::path::Path::new("."))
            .map_err(|e| e.to_string())?;
        let points = cfg.point_system().map_err(|e| e.to_string())?;
        Ok(TeamSimulation {
            cfg,
            points,
            engine: TeamEngine::Swisslab(system),
        })
    }
}

/// The check of a team input (`Ok` for an input that is not one): the event simulated with
/// no failure (a stop, when no pairing meeting C1 and C2 exists, is fine), its team TRF read
/// back to the same rounds.
pub fn check(data: &[u8]) -> Result<(), String> {
    let Some(input) = Input::read(data) else {
        return Ok(());
    };
    let sim = input.simulation(System::SwissTeam)?;
    let r = play::run(&sim, input.seed, input.index, None);
    let replay = format!(
        "{input:?}: swisslab generate --system swiss-team --teams {} --boards {} --rounds {} --seed {} --index {}",
        input.teams, input.boards, input.rounds, input.seed, input.index
    );
    if let Some(f) = &r.failure {
        return Err(format!("{} ({replay})", f.message));
    }
    let text = play::write(&r.event);
    let back = swisslab_engine::trf::read_team_str(&text)
        .map_err(|e| format!("the team file written is refused: {e} ({replay})\n{text}"))?;
    let (ours, theirs) = (r.event.rounds(), back.rounds());
    if ours != theirs {
        return Err(format!(
            "the team file written reads back to other rounds ({replay})\n{text}"
        ));
    }
    if play::write(&back) != text {
        return Err(format!(
            "the team file written is not written back alike ({replay})"
        ));
    }
    Ok(())
}
