//! swisslab-engine: the tournament model, TRF reading and writing, and the FIDE pairing systems.
//!
//! Layers, bottom up: `score` (exact points), `model` (what a TRF file holds), `history` (facts
//! derived from the rounds played), `trf` (reading and writing files), `matching`
//! (maximum-weight matching), `colour` (colour allocation and the initial colour), `pairing`
//! (requests and results, and the one trait every system implements), `tiebreak` (the FIDE
//! tie-breaks, which know no system), `systems` (the pairing systems, one folder each, private
//! to the crate: `dutch` with its 2017 and 2026 editions, `dutch2012`, `rating1998`, `dubov`
//! with its 1997 and 2026 editions, `lim`, `burstein`, `double_swiss`, `swiss_team` (which pairs
//! team events), and what they share in `systems::common`), `system` (the registry [`System`], the seam every caller reaches a
//! pairing system through; [`System::ALL`] lists them), `standings` (the standings of a file,
//! its system's reading of which games count), `team` (team events: teams, matches, match and game
//! points, C.04.6 1.x, and the team round a system is asked to pair), `checker` (re-pairing a whole tournament and
//! comparing), `acceleration` (the virtual points of accelerated pairings, C.04.7, for every
//! system), `io` (atomic file output), `fuzzing` (the oracle shared by the fuzz targets and
//! their regression tests).

pub mod acceleration;
mod bracket_trace;
pub mod checker;
pub mod colour;
pub mod forbidden;
pub mod fuzzing;
pub mod history;
pub mod io;
pub mod matching;
pub mod model;
pub mod pairing;
pub mod positional;
pub mod score;
pub mod standings;
pub mod system;
mod systems;
pub mod team;
pub mod tiebreak;
pub mod trf;

#[cfg(test)]
mod test_rng;

pub use model::{
    Color, GameKind, GameResult, Player, PlayerId, PointSystem, Prohibited, RoundEntry, Tournament,
    Unplayed,
};
pub use score::Score;
pub use system::System;
