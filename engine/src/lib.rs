//! swisslab-engine: the tournament model, TRF reading and writing, and the FIDE pairing systems.
//!
//! Layers, bottom up: `score` (exact points), `model` (what a TRF file holds), `history` (facts
//! derived from the rounds played), `trf` (reading and writing files).

pub mod history;
pub mod matching;
pub mod model;
pub mod score;

pub use model::{
    Color, GameKind, GameResult, Player, PlayerId, PointSystem, RoundEntry, Tournament, Unplayed,
};
pub use score::Score;
