//! The initial colour of a tournament: the colour drawn by lot for the highest-ranked player of
//! round 1, on which every system's colour allocation of round 1 (and its later tie-breaks by
//! pairing number) depends.

use crate::model::{Color, RoundEntry, Tournament};

/// The initial colour: declared (`XXC white1/black1`), else `fallback`, else inferred from
/// round 1 as other engines do (the colour the highest-ranked player paired in round 1
/// received), else White.
pub(crate) fn initial_colour(t: &Tournament, fallback: Option<Color>) -> Color {
    if let Some(c) = t.initial_color.or(fallback) {
        return c;
    }
    for p in &t.players {
        if let Some(RoundEntry::Game { color, .. }) = p.rounds.first() {
            return *color;
        }
    }
    Color::White
}
