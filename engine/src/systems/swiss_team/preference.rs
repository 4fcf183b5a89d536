//! Colour difference (1.6.2) and colour preferences (1.7): Type A (1.7.1), Type B (1.7.2) or
//! none, from the board-1 colours of a team's played matches (1.6.1).

use super::input::ColourType;
use super::readings;
use crate::model::Color::{self, Black, White};
use crate::systems::common::brackets::{Preference, Strength};

/// 1.6.2: matches with White minus matches with Black.
pub(crate) fn colour_difference(colours: &[Color]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == White { 1 } else { -1 })
        .sum()
}

/// 1.7: the preference of a team with played colours `colours` (oldest first) under `kind`,
/// `last_round` when pairing the event's last round.
pub(crate) fn preference(colours: &[Color], kind: ColourType, last_round: bool) -> Preference {
    if kind == ColourType::NoPreferences || colours.is_empty() {
        return None;
    }
    let cd = colour_difference(colours);
    let last2 =
        |c: Color| colours.len() >= 2 && colours[colours.len() - 2..].iter().all(|&x| x == c);
    // 1.7.1 (Type A) and the strong preferences of 1.7.2 (Type B): CD beyond one, or CD 0 or one
    // towards the colour with the last two played matches of the other colour.
    let simple = if cd < -1 || ((cd == 0 || cd == -1) && last2(Black)) {
        Some(White)
    } else if cd > 1 || ((cd == 0 || cd == 1) && last2(White)) {
        Some(Black)
    } else {
        None
    };
    match kind {
        ColourType::A => simple.map(|c| (c, Strength::Simple)),
        ColourType::B => {
            if let Some(c) = simple {
                // A1: CD 0 in the last round keeps a strong preference.
                if cd != 0 || !last_round || readings::strong_in_last_round() {
                    return Some((c, Strength::Strong));
                }
                return None;
            }
            let last = colours.last().copied();
            match cd {
                -1 => Some((White, Strength::Mild)),
                1 => Some((Black, Strength::Mild)),
                0 if !last_round => last.map(|c| (c.opposite(), Strength::Mild)),
                _ => None,
            }
        }
        ColourType::NoPreferences => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Strength::{Mild, Simple, Strong};

    fn col(s: &str) -> Vec<Color> {
        s.chars()
            .map(|c| if c == 'w' { White } else { Black })
            .collect()
    }

    #[test]
    fn the_truth_table_of_1_7() {
        // (history, last round, Type A, Type B), the reference's table and Gacrux's vectors.
        let rows: [(&str, bool, Preference, Preference); 14] = [
            ("", false, None, None),
            ("bb", false, Some((White, Simple)), Some((White, Strong))),
            ("ww", false, Some((Black, Simple)), Some((Black, Strong))),
            ("bwb", false, None, Some((White, Mild))),
            ("wbb", false, Some((White, Simple)), Some((White, Strong))),
            ("bww", false, Some((Black, Simple)), Some((Black, Strong))),
            ("wbw", false, None, Some((Black, Mild))),
            ("wbww", false, Some((Black, Simple)), Some((Black, Strong))),
            ("bwbb", false, Some((White, Simple)), Some((White, Strong))),
            ("wwwbb", false, None, Some((Black, Mild))),
            ("wb", false, None, Some((White, Mild))),
            ("wb", true, None, None),
            ("wbw", true, None, Some((Black, Mild))),
            // A1: CD 0, the last two alike, the last round: still strong.
            ("bbww", true, Some((Black, Simple)), Some((Black, Strong))),
        ];
        for (h, lr, a, b) in rows {
            assert_eq!(preference(&col(h), ColourType::A, lr), a, "{h} A");
            assert_eq!(preference(&col(h), ColourType::B, lr), b, "{h} B");
            assert_eq!(preference(&col(h), ColourType::NoPreferences, lr), None);
        }
        assert_eq!(colour_difference(&col("wwb")), 1);
    }
}
