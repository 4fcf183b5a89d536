//! swisslab-engine: the tournament model, TRF reading and writing, and the FIDE pairing systems.
//!
//! Layers, bottom up: `score` (exact points), `model` (what a TRF file holds), `history` (facts
//! derived from the rounds played), `trf` (reading and writing files), `matching` (maximum-weight
//! matching), `colour` (colour allocation), `dutch` (the FIDE Dutch system), `dutch2012` (its
//! Istanbul 2012 edition), `rating1998` (the FIDE Swiss system based on rating, 1998), `system` (the seam every caller reaches a pairing system through),
//! `pairing` (requests and results), `checker` (re-pairing a whole tournament and comparing),
//! `acceleration` (the virtual points of accelerated pairings, C.04.7, for every system), `io`
//! (atomic file output), `fuzzing` (the oracle shared by the fuzz targets and their regression
//! tests).

pub mod acceleration;
pub mod checker;
pub mod colour;
pub mod dubov;
pub mod dutch;
pub mod dutch2012;
pub mod fuzzing;
pub mod history;
pub mod io;
pub mod matching;
pub mod model;
pub mod pairing;
pub mod rating1998;
pub mod score;
pub mod system;
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
