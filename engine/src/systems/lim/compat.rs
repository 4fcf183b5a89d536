//! Lim System (C.04.4.3) Art. 2.1 and Art. 6: when two players are compatible.
//!
//! > 2.1 Two players who have not yet played each other are said to be compatible provided
//! > that the pairing will not require either player to have the same colour in three
//! > successive rounds, or to have three more of one colour than the other.
//!
//! "Successive rounds" counts played games only (C.04.2 Art. 3.4: BWBuW is read as uBWBW); a
//! forfeit is not a game played (C.04.2: two players whose game was not played may meet
//! again). A pair the arbiter forbids (`XXP`, TRF-2026 `260`) is read as a pair that has
//! played. Art. 6: in the last round pairing players of the same score goes before the colour
//! rules, even at the cost of a third colour in a row or a difference of three; compatibility
//! is then "have not played each other" alone (`readings::LAST_ROUND_LIFTS_COLOUR_LIMITS`).

use super::LimPlayer;
use crate::model::Color;

/// Whether a player with played colours `colours` may receive `c` under Art. 5.1.1-5.1.2
/// (the limits 2.1 names): not a third `c` in a row, and not three more of one colour than
/// the other after the game.
pub(super) fn colour_allowed(colours: &[Color], c: Color) -> bool {
    let third_in_row = matches!(colours, [.., x, y] if *x == c && *y == c);
    let diff = difference(colours) + if c == Color::White { 1 } else { -1 };
    !third_in_row && diff.abs() < 3
}

/// Whites minus Blacks among the games played.
pub(super) fn difference(colours: &[Color]) -> i32 {
    colours
        .iter()
        .map(|x| if *x == Color::White { 1 } else { -1 })
        .sum()
}

/// The colours `a` may receive against `b` without requiring either of them to break the
/// limits of Art. 2.1 (`a` White and `b` Black, or the reverse).
pub(super) fn allocations(a: &LimPlayer, b: &LimPlayer) -> Vec<Color> {
    [Color::White, Color::Black]
        .into_iter()
        .filter(|&c| colour_allowed(&a.colours, c) && colour_allowed(&b.colours, c.opposite()))
        .collect()
}

/// Art. 2.1: `a` and `b` have not played each other (nor are forbidden to meet), and some
/// colour allocation requires neither of them to break the colour limits; in the last round
/// (Art. 6) only the first condition.
pub(super) fn compatible(a: &LimPlayer, b: &LimPlayer, last_round: bool) -> bool {
    a.id != b.id
        && !a.met.contains(&b.id)
        && ((last_round && super::readings::LAST_ROUND_LIFTS_COLOUR_LIMITS)
            || !allocations(a, b).is_empty())
}
