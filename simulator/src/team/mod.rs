//! Team events in the simulator (`--system swiss-team`): teams of players planned from the
//! configured field ([`plan`]), every round paired by the engine's team pairing
//! (`System::pair_team`) and played board by board by the game model into the engine's team
//! model ([`event`]), checked by team invariants written apart from the engine
//! ([`invariants`]), counted ([`stats`]), one event at a time ([`play`]) or many in parallel
//! ([`runner`]).
//!
//! Modules: `plan` (teams, members in board order, TPNs by strength, line-ups, absences),
//! `event` (the `TeamEvent` and each round played into it), `invariants` (C1, C2, the PAB,
//! board colours, match points from game points; the feasibility check of a refused round),
//! `play` (one event: the round loop under a panic guard), `stats` (the row of `teams.csv`),
//! `runner` (`simulate`: the events in parallel, streamed), `fuzz` (the team inputs of the fuzz
//! target `tournament`).

pub mod event;
pub mod fuzz;
pub mod invariants;
pub mod plan;
pub mod play;
pub mod runner;
pub mod stats;
