//! The readings swisslab takes where the Double-Swiss text (as `../shared/reference/
//! lim-and-double-swiss-2026.md` B reconstructs it, most of it from the Swiss Team text C.04.6
//! that C.04.5 shares word for word) is open, each in one place. docs/systems/double-swiss.md
//! gives, for each, the text as reconstructed, the reading, and why.
//!
//! The readings of the wording C.04.5 shares with C.04.6 (C5, C6, C8 = C.04.6 C10, 4.3.3 =
//! C.04.6 4.3.6) are taken once for both, in [`crate::systems::common::brackets::readings`],
//! and re-exported here; the ones below are C.04.5's own.

use super::view::Entrant;
use crate::score::Score;

pub(super) use crate::systems::common::brackets::readings::last_difference;

/// 1.5: "a floater is a player who plays against an opponent with a different score". A match
/// ended by forfeit (Preface: one player forfeited both games) is not played, so it makes
/// nobody a floater; a regular match (a single forfeited game included) does.
pub(super) fn match_makes_floater(regular: bool, own: Score, opponent: Score) -> bool {
    regular && own != opponent
}

/// 4.3.1: "both players have yet to play a match": neither has a colour (1.6: a match has a
/// colour when at least one of its games was played). A match ended by forfeit, a bye and a
/// regular match whose two games were both forfeited (one by each player) give no colour and
/// leave 4.3.1 to apply; read otherwise, such a pair would have no rule of 4.3 at all.
pub(super) fn neither_has_a_colour(a: &Entrant, b: &Entrant) -> bool {
    a.colours.is_empty() && b.colours.is_empty()
}

#[cfg(test)]
mod tests {
    //! One test per reading, each on a field built so that the reading decides, run through
    //! the fast procedure and the literal one alike.
    use super::super::colour;
    use super::super::view::{Entrant, Field};
    use super::*;
    use crate::model::Color;
    use crate::systems::common::brackets::readings::{c5_key, c6_applies, float_count};
    use crate::systems::common::brackets::{literal, procedure};

    fn entrant(id: u32, tenths: i32) -> Entrant {
        Entrant {
            id,
            score: Score(tenths),
            colours: Vec::new(),
            met: Vec::new(),
            matches_played: 0,
            pab_ok: true,
            floated: false,
            preference: None,
        }
    }

    /// A field of `(id, score in tenths)` in the 1.2 order, `met` the pairs that may not meet.
    fn field(players: &[(u32, i32)], met: &[(u32, u32)]) -> Field {
        let units: Vec<Entrant> = players.iter().map(|&(id, s)| entrant(id, s)).collect();
        let compat = Field::compatibility(&units, |a, b| {
            met.contains(&(a, b)) || met.contains(&(b, a))
        });
        Field {
            system: "Double-Swiss",
            units,
            compat,
            float_criteria: true,
            last_round: false,
            round: 3,
            initial_colour: Color::White,
        }
    }

    /// The first bracket's upfloaters (ids), by the fast procedure and by the literal one.
    fn first_upfloaters(f: &Field) -> Vec<u32> {
        let ids = |o: procedure::Outcome| -> Vec<u32> {
            o.brackets[0]
                .upfloaters
                .iter()
                .map(|&i| f.units[i].id)
                .collect()
        };
        let fast = ids(procedure::pair_field(f).expect("pairable"));
        assert_eq!(fast, ids(literal::pair_field(f).expect("pairable")));
        fast
    }

    #[test]
    fn c5_compares_the_upfloaters_scores_from_the_lowest() {
        // 1 and 2 (4 points) have met: two upfloaters (C4). 3 has 3 points, 4 and 5 have 2, 6
        // has 1; 5-6 and 4-6 have met, so {3,4} and {3,5} leave the rest unpairable. Left:
        // {3,6} (3 and 1: differences 1 and 3) and {4,5} (2 and 2: differences 2 and 2). C5
        // minimises the differences taken in descending order (3 against 2): {4,5}.
        let f = field(
            &[(1, 40), (2, 40), (3, 30), (4, 20), (5, 20), (6, 10)],
            &[(1, 2), (5, 6), (4, 6)],
        );
        assert_eq!(first_upfloaters(&f), [4, 5]);
        assert!(c5_key([Score(20), Score(20)]) < c5_key([Score(30), Score(10)]));
    }

    #[test]
    fn c6_does_not_apply_when_the_following_scoregroup_became_upfloaters() {
        // 1-2 have met: two upfloaters. C5 takes the only 3-pointer (3, the whole following
        // scoregroup) and a 2-pointer. 5, 6 and 7 have all met: with 4 taken they need three
        // upfloaters, with 5 taken one. C6 is not applied (its scoregroup is empty): C7 has no
        // floater to count, and the 3.5.4 order takes {3,4}.
        let f = field(
            &[
                (1, 40),
                (2, 40),
                (3, 30),
                (4, 20),
                (5, 20),
                (6, 20),
                (7, 20),
                (8, 10),
                (9, 10),
                (10, 10),
            ],
            &[(1, 2), (5, 6), (5, 7), (6, 7)],
        );
        assert_eq!(first_upfloaters(&f), [3, 4]);
        // With a second 3-pointer left behind, C6 applies and is graded.
        assert!(c6_applies(&[2, 3, 4], |i| Score([30, 30, 20][i - 2]), &[2]));
        assert!(!c6_applies(&[2, 3], |i| Score([30, 20][i - 2]), &[2]));
    }

    #[test]
    fn a_match_ended_by_forfeit_makes_no_floater() {
        assert!(!match_makes_floater(false, Score(20), Score(10)));
        assert!(match_makes_floater(true, Score(20), Score(10)));
        assert!(!match_makes_floater(true, Score(20), Score(20)));
    }

    #[test]
    fn c8_counts_each_member_of_a_pair_of_two_upfloaters() {
        // Upfloaters 0 and 1 paired together, both floaters in the previous match.
        assert_eq!(float_count(&[0, 1], |_| true, 0, 1), 2);
        assert_eq!(float_count(&[0, 1], |i| i == 1, 0, 1), 1);
        // A resident (2) against an upfloater: only the resident is the upfloater's opponent.
        assert_eq!(float_count(&[0], |_| true, 0, 2), 1);
    }

    #[test]
    fn the_4_3_1_initial_colour_goes_to_a_pair_without_colours() {
        // 1 has played a regular match whose two games were both forfeited (one each): no
        // colour. 4.3.1 decides, by the HRP's odd TPN.
        let mut a = entrant(1, 10);
        a.matches_played = 1;
        let b = entrant(4, 10);
        assert!(neither_has_a_colour(&a, &b));
        assert_eq!(
            colour::hrp_colour(&a, &b, Color::White),
            (Color::White, colour::Rule::Initial)
        );
    }

    #[test]
    fn the_4_3_3_histories_are_aligned_at_their_ends_without_unplayed_matches() {
        // GHR 3.4's example: BWBuW is compared as uBWBW. HRP B W - (played B W), opponent
        // W - B (played W B): the last played matches differ (W against B), so the HRP
        // alternates from White. Match by match, match 1 (B against W) would have decided.
        use Color::{Black as B, White as W};
        assert_eq!(last_difference(&[B, W], &[W, B]), Some(W));
        assert_eq!(last_difference(&[B, W, B, W], &[W, B, B]), Some(W));
        assert_eq!(last_difference(&[W, B], &[B, W, B]), None);
    }
}
