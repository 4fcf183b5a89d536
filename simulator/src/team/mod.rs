//! Team events in the simulator (`--system swiss-team`): teams of players planned from the
//! configured field ([`plan`]), every round paired by the engine's team pairing and played
//! board by board by the game model into the engine's team model ([`event`]), checked by team
//! invariants written apart from the engine ([`invariants`]).
//!
//! Modules: `plan` (teams, members in board order, TPNs by strength, line-ups, absences),
//! `event` (the `TeamEvent` and each round played into it), `invariants` (C1, C2, the PAB,
//! board colours, match points from game points; the feasibility check of a refused round).

pub mod event;
pub mod invariants;
pub mod plan;
