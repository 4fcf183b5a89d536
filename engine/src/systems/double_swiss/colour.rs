//! Article 4, colours: "colour" is the colour of game 1 of the match; game 2 is played with the
//! colours reversed (4.4). Article 4 as reconstructed (lim-and-double-swiss-2026.md B.4, from three summaries),
//! the handbook page being readable only to 1.3.2.
//!
//! 4.3, for a pair whose higher-ranked player (HRP: higher score, then smaller TPN, 4.2) is `a`:
//! 1. neither has a colour yet: the HRP gets the initial colour if its TPN is odd, the other
//!    colour if even;
//! 2. White to the player with fewer Whites;
//! 3. alternate to the most recent match in which one had White and the other Black, the
//!    histories of matches with a colour aligned at their ends (General Handling Rules 3.4);
//! 4. alternate the HRP's last colour;
//! 5. alternate the opponent's last colour.

use super::readings;
use super::view::Entrant;
use crate::model::Color;

/// Which rule of 4.3 decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    Initial,
    FewerWhites,
    LastDifference,
    HrpAlternates,
    OpponentAlternates,
}

impl Rule {
    pub fn article(self) -> &'static str {
        match self {
            Rule::Initial => "4.3.1 initial colour by the HRP's TPN",
            Rule::FewerWhites => "4.3.2 fewer Whites",
            Rule::LastDifference => "4.3.3 last match with different colours",
            Rule::HrpAlternates => "4.3.4 the HRP alternates",
            Rule::OpponentAlternates => "4.3.5 the opponent alternates",
        }
    }
}

/// The game-1 colour of `hrp` against `opp` (HRP first), with the rule that decided.
pub(crate) fn hrp_colour(hrp: &Entrant, opp: &Entrant, initial: Color) -> (Color, Rule) {
    if readings::neither_has_a_colour(hrp, opp) {
        let c = if hrp.id % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return (c, Rule::Initial);
    }
    let whites = |e: &Entrant| e.colours.iter().filter(|&&c| c == Color::White).count();
    let (wa, wb) = (whites(hrp), whites(opp));
    if wa != wb {
        let c = if wa < wb { Color::White } else { Color::Black };
        return (c, Rule::FewerWhites);
    }
    // 4.3.3 with GHR 3.4: the histories of matches with a colour, aligned at their ends.
    if let Some(c) = readings::last_difference(&hrp.colours, &opp.colours) {
        return (c.opposite(), Rule::LastDifference);
    }
    if let Some(&c) = hrp.colours.last() {
        return (c.opposite(), Rule::HrpAlternates);
    }
    let c = opp.colours.last().copied().unwrap_or(Color::Black);
    (c, Rule::OpponentAlternates)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(id: u32, colours: &[Option<Color>]) -> Entrant {
        Entrant {
            id,
            score: crate::score::Score::ZERO,
            colours: colours.iter().flatten().copied().collect(),
            met: Vec::new(),
            matches_played: 0,
            pab_ok: true,
            floated: false,
            preference: None,
        }
    }

    use Color::{Black as B, White as W};

    #[test]
    fn the_rules_of_4_3_in_order() {
        // 4.3.1: odd TPN takes the initial colour, even the other.
        assert_eq!(hrp_colour(&e(1, &[]), &e(4, &[]), W), (W, Rule::Initial));
        assert_eq!(hrp_colour(&e(2, &[]), &e(5, &[]), W), (B, Rule::Initial));
        assert_eq!(hrp_colour(&e(3, &[]), &e(5, &[]), B), (B, Rule::Initial));
        // 4.3.2: fewer Whites.
        assert_eq!(
            hrp_colour(&e(1, &[Some(W), Some(W)]), &e(2, &[Some(W), Some(B)]), W),
            (B, Rule::FewerWhites)
        );
        // 4.3.3: the latest match where they differ, here the first.
        assert_eq!(
            hrp_colour(&e(1, &[Some(W), Some(B)]), &e(2, &[Some(B), Some(W)]), W),
            (W, Rule::LastDifference)
        );
        // Played matches aligned at their ends (GHR 3.4): B W against W B, the last differ.
        assert_eq!(
            hrp_colour(
                &e(1, &[Some(B), Some(W), None]),
                &e(2, &[Some(W), None, Some(B)]),
                W
            ),
            (B, Rule::LastDifference)
        );
        // 4.3.4: no difference, the HRP alternates.
        assert_eq!(
            hrp_colour(&e(1, &[Some(W), None]), &e(2, &[None, Some(W)]), B),
            (B, Rule::HrpAlternates)
        );
        // 4.3.5: the HRP has no colour: the opponent alternates.
        assert_eq!(
            hrp_colour(&e(1, &[None]), &e(2, &[Some(B)]), W),
            (B, Rule::OpponentAlternates)
        );
    }
}
