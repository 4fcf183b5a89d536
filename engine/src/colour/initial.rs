//! The initial colour of a tournament: the colour drawn by lot for the highest-ranked player of
//! round 1, on which every system's colour allocation of round 1 (and its later tie-breaks by
//! pairing number) depends.
//!
//! A file that does not declare it (`XXC white1/black1`, TRF-2026 `152`) shows it in its first
//! round with colours: C.04.3 E.5 (2026 5.2.5) gives the higher-ranked player of a pair the
//! initial colour when his number is odd, the opposite when it is even, numbering only the
//! players taken into account for the pairing (GHR 2.4: a player yet to arrive has no number;
//! `dutch::has_arrived`). Read backwards: the highest-ranked player paired in that round who
//! received a colour has the initial colour if his number among those paired is odd, else the
//! opposite. This is TRF-2026 `152`'s "colour of the highest ranked participant who was
//! paired in the first round" when that participant got a colour; when he got none (a
//! pairing-allocated bye or a forfeit win written without opponent: the PAB has no colour),
//! the next one's colour says it through the parity. bbpPairings infers it so too.

use crate::model::{Color, PlayerId, RoundEntry, Tournament};

/// The initial colour: declared (`XXC white1/black1`), else inferred from
/// the first round with colours (module doc), else White.
pub(crate) fn initial_colour(t: &Tournament) -> Color {
    t.initial_color
        .or_else(|| inferred(t))
        .unwrap_or(Color::White)
}

/// The initial colour the first round with colours shows (module doc), if any round has one.
fn inferred(t: &Tournament) -> Option<Color> {
    // The colour a player received in round index `r`: a game (played or forfeited) whose
    // colour the file gives (not a forfeit written with colour `-`).
    let coloured = |id: PlayerId, r: usize| -> Option<Color> {
        let round = u32::try_from(r + 1).unwrap_or(u32::MAX);
        match t.player(id)?.rounds.get(r) {
            Some(RoundEntry::Game { color, .. })
                if !t.uncoloured_forfeits.contains(&(id, round)) =>
            {
                Some(*color)
            }
            _ => None,
        }
    };
    let order = pairing_order(t);
    let first =
        (0..t.rounds_recorded()).find(|&r| order.iter().any(|&id| coloured(id, r).is_some()))?;
    let mut number = 0usize;
    for &id in &order {
        let paired = t
            .player(id)
            .is_some_and(|p| p.rounds.iter().take(first + 1).any(RoundEntry::was_paired));
        if !paired {
            continue;
        }
        number += 1;
        if let Some(c) = coloured(id, first) {
            return Some(if number % 2 == 1 { c } else { c.opposite() });
        }
    }
    None
}

/// The players in pairing-number order: the order of the `001` lines under `XXC rank`, else
/// by pairing number.
fn pairing_order(t: &Tournament) -> Vec<PlayerId> {
    if t.by_rank && t.rank_order.len() == t.players.len() {
        t.rank_order.clone()
    } else {
        t.players.iter().map(|p| p.id).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trf;

    /// A `001` line with round fields.
    fn line(id: u32, points: &str, rounds: &[&str]) -> String {
        let head = format!("001 {id:>4}      {:<33} {:>4}", format!("P{id}"), 2000 - id);
        format!("{head:<80}{points:>4}       {}", rounds.join("  "))
    }

    fn read(lines: &[String]) -> Tournament {
        trf::read_str(&lines.join("\n")).unwrap()
    }

    /// E.5 / 5.2.5 read backwards: player 1 has the round-1 bye (TRF-06 `0000 - +`, the
    /// pairing-allocated bye, no colour) and is number 1 of the players paired; player 2,
    /// number 2, got Black, the opposite of the initial colour: White. Without player 1's
    /// bye (absent, not paired), player 2 is number 1 and his Black is the initial colour.
    #[test]
    fn a_top_player_with_the_bye_keeps_his_number() {
        let with_bye = [
            line(1, "1.0", &["0000 - +"]),
            line(2, "1.0", &["   4 b 1"]),
            line(3, "1.0", &["   5 w 1"]),
            line(4, "0.0", &["   2 w 0"]),
            line(5, "0.0", &["   3 b 0"]),
        ];
        assert_eq!(initial_colour(&read(&with_bye)), Color::White);
        let absent = [
            line(1, "0.0", &["        "]),
            with_bye[1].clone(),
            with_bye[2].clone(),
            with_bye[3].clone(),
            with_bye[4].clone(),
        ];
        assert_eq!(initial_colour(&read(&absent)), Color::Black);
        // The same with TRF-16 codes: `0000 - U` (paired), `0000 - H` (not paired).
        let u = [
            with_bye[0].replace("0000 - +", "0000 - U"),
            with_bye[1].clone(),
            with_bye[2].clone(),
            with_bye[3].clone(),
            with_bye[4].clone(),
        ];
        assert_eq!(initial_colour(&read(&u)), Color::White);
        let h = [
            with_bye[0]
                .replace("1.0", "0.5")
                .replace("0000 - +", "0000 - H"),
            with_bye[1].clone(),
            with_bye[2].clone(),
            with_bye[3].clone(),
            with_bye[4].clone(),
        ];
        assert_eq!(initial_colour(&read(&h)), Color::Black);
        // Declared, it is not inferred.
        let declared = format!("XXC black1\n{}", with_bye.join("\n"));
        assert_eq!(
            initial_colour(&trf::read_str(&declared).unwrap()),
            Color::Black
        );
    }

    /// The usual case: the top player plays round 1 and his colour is the initial colour; a
    /// file without colours anywhere falls back to White.
    #[test]
    fn the_top_players_colour_is_the_initial_colour() {
        let t = read(&[
            line(1, "1.0", &["   3 b 1"]),
            line(2, "0.0", &["   4 w 0"]),
            line(3, "0.0", &["   1 w 0"]),
            line(4, "1.0", &["   2 b 1"]),
        ]);
        assert_eq!(initial_colour(&t), Color::Black);
        let none = read(&[line(1, "0.0", &["0000 - Z"]), line(2, "0.0", &["0000 - Z"])]);
        assert_eq!(initial_colour(&none), Color::White);
    }
}
