//! swisslab-engine: the tournament model, TRF reading and writing, and the FIDE pairing systems.
//!
//! Layers, bottom up: `score` (exact points), `model` (what a TRF file holds), `history` (facts
//! derived from the rounds played), `trf` (reading and writing files), `matching` (maximum-weight
//! matching), `colour` (colour allocation), `systems` (the pairing systems, private to the
//! crate: `dutch` with its 2017 and 2026 editions, `dutch2012`, `rating1998`, `dubov`, and
//! what they share in `systems::common`), `system` (the seam every caller reaches a pairing
//! system through),
//! `pairing` (requests and results), `checker` (re-pairing a whole tournament and comparing),
//! `acceleration` (the virtual points of accelerated pairings, C.04.7, for every system), `io`
//! (atomic file output), `fuzzing` (the oracle shared by the fuzz targets and their regression
//! tests).

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
