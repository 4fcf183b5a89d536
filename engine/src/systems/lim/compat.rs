//! Lim System (C.04.4.3) Art. 2.1: when two players are compatible.
//!
//! > 2.1 Two players who have not yet played each other are said to be compatible provided
//! > that the pairing will not require either player to have the same colour in three
//! > successive rounds, or to have three more of one colour than the other.
//!
//! "Successive rounds" counts played games only (C.04.2, colour history of unplayed rounds:
//! BWBuW is read as uBWBW); a forfeit is not a game played (C.04.2: two players whose game was
//! not played may meet again). A pair the arbiter forbids (`XXP`, TRF-2026 `260`) is read as
//! a pair that has played.

use super::LimPlayer;
use crate::model::Color;

/// Whether a player with played colours `colours` may receive `c` under Art. 2.1: not a third
/// `c` in a row, and not three more of one colour than the other after the game.
pub(super) fn colour_allowed(colours: &[Color], c: Color) -> bool {
    let third_in_row = matches!(colours, [.., x, y] if *x == c && *y == c);
    let diff: i32 = colours
        .iter()
        .chain(std::iter::once(&c))
        .map(|x| if *x == Color::White { 1 } else { -1 })
        .sum();
    !third_in_row && diff.abs() < 3
}

/// The colours `a` may receive against `b` without requiring either of them to break Art. 2.1
/// (`a` White and `b` Black, or the reverse).
pub(super) fn allocations(a: &LimPlayer, b: &LimPlayer) -> Vec<Color> {
    [Color::White, Color::Black]
        .into_iter()
        .filter(|&c| colour_allowed(&a.colours, c) && colour_allowed(&b.colours, c.opposite()))
        .collect()
}

/// Art. 2.1: `a` and `b` have not played each other (nor are forbidden to meet), and some
/// colour allocation requires neither of them to break the colour limits.
pub(super) fn compatible(a: &LimPlayer, b: &LimPlayer) -> bool {
    a.id != b.id && !a.met.contains(&b.id) && !allocations(a, b).is_empty()
}
