//! The readings swisslab takes where the Lim text (as `../shared/reference/
//! lim-and-double-swiss-2026.md` reconstructs it) is silent or open, each in one place.
//! docs/systems/lim.md gives the evidence for each: what the text says, what the public
//! implementations (pairing-core 0.4.1, MarkDechamps/fide-swiss-pairing-engine, chesspairing)
//! do, and why this reading.

use super::compat::{colour_allowed, difference};
use super::LimPlayer;
use crate::model::Color;

/// "Maxi-tournament" (3.2.3, 3.8, 5.7): the 1988 definition, a tournament "in which the number
/// of participants is greater than 2^n … where n is the number of rounds" (FIDE Handbook 2003,
/// C.04.2, the note that came with the 1988 amendment). The 2026 text does not define the term
/// again; with the total of rounds unknown, no tournament is one.
pub(super) fn maxi_tournament(participants: usize, total_rounds: Option<u32>) -> bool {
    match total_rounds {
        Some(n) if n < 63 => participants as u128 > 1u128 << n,
        _ => false,
    }
}

/// The rating band of the Maxi-tournament limits (3.2.3, 3.8, 5.7): "100 points or less".
pub(super) const MAXI_BAND: u16 = 100;

/// Art. 6 (wording not found): in the last round same-score pairing takes priority over the
/// colour rules "even at the cost of a third colour in a row or a difference of 3", read by
/// both public implementations as compatibility without the colour limits (only "have not
/// played each other").
pub(super) const LAST_ROUND_LIFTS_COLOUR_LIMITS: bool = true;

/// The colour a player with played colours `colours` is due in round `round` (3.2.2, 3.8, 5.2,
/// 5.4-5.6): the colour the absolute limits (5.1.1, 5.1.2, 5.3) leave him, if they leave one;
/// else, in an odd round, the alternating colour (5.5: "the alternating colour decides"); in
/// an even round the equalising colour when his colours are unequal (5.6: "the equalising
/// colour decides"), the alternating one when they are level; none before his first game.
/// The round's parity is the round's number, not the player's count of games.
pub(super) fn due_colour(colours: &[Color], round: usize) -> Option<Color> {
    let last = *colours.last()?;
    let white = colour_allowed(colours, Color::White);
    let black = colour_allowed(colours, Color::Black);
    if white != black {
        return Some(if white { Color::White } else { Color::Black });
    }
    if round % 2 == 1 {
        return Some(last.opposite());
    }
    Some(match difference(colours) {
        d if d > 0 => Color::Black,
        d if d < 0 => Color::White,
        _ => last.opposite(),
    })
}

/// 5.4, "the higher-ranked player" of a pair whose histories are identical (and 7.2's pair of
/// two players without games): the one with the smaller pairing number, as both public
/// implementations read it, even in a floater's pair of two scores. `(higher, lower)`.
pub(super) fn ranked(players: &[LimPlayer], a: usize, b: usize) -> (usize, usize) {
    if players[a].id < players[b].id {
        (a, b)
    } else {
        (b, a)
    }
}

/// The alternating colour alone (the opposite of the last played), which is the due colour of
/// 5.5 in odd rounds; the first difference names it where a file's pairing follows it in an
/// even round (`difference`).
pub(super) fn alternating(colours: &[Color]) -> Option<Color> {
    colours.last().map(|c| c.opposite())
}

/// Art. 3: the order in which the considerations of the text choose a floater (to make a
/// scoregroup's number even, 2.3.4) among the players of the scoregroup. Each keeps, of the
/// players still in the running, those it prefers (all of them when it prefers none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FloaterRule {
    /// 3.9.2: avoid a floater of type a, then b, then c (3.9.1).
    Type,
    /// 3.10: not a player who floated in the previous round, unless the scoregroup would lose
    /// a pairing (3.10.2; 3.10.1, a worse type, is settled by `Type` coming first).
    NotFloatedLast,
    /// 3.2.2 (with 3.2.3 in a Maxi-tournament): a player due the colour more players of the
    /// scoregroup are due, which equalises the numbers due White and due Black.
    Colour,
    /// 3.3 / 3.4: a player with a compatible opponent in the adjacent scoregroup not needed by
    /// the floaters chosen before him.
    Opponent,
    /// 3.2.4: the lowest numbered player downward (the largest pairing number: "#1, the
    /// highest numbered player", 4.2), the highest numbered upward.
    Number,
}

/// The order of the considerations of Art. 3. The text does not state it; 3.10 names as its
/// exceptions a worse type (3.10.1) and a lost pairing (3.10.2), so the type comes before it
/// and the colour (3.2.2) after it; 3.2.4 decides "otherwise, or when 3.2.2 leaves a tie", so
/// last; 3.3 refines 3.2.4's choice.
pub(super) const FLOATER_ORDER: [FloaterRule; 5] = [
    FloaterRule::Type,
    FloaterRule::NotFloatedLast,
    FloaterRule::Colour,
    FloaterRule::Opponent,
    FloaterRule::Number,
];
