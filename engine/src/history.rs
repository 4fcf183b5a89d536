//! Facts derived from the rounds already played, computed once per round to pair.
//!
//! Implements the definitions every pairing system needs:
//! - score and pairing score (score plus acceleration, C.04.3 A.2 and `XXA`);
//! - colour history of played games only (C.04.2 "colour history of unplayed rounds": BWBuW is
//!   treated as uBWBW), colour difference and colour preference (C.04.3 A.6 a-d);
//! - floats (C.04.3 A.4.b, 2026 Art. 1.4.2): after two players with different scores played
//!   each other, the higher one received a downfloat and the lower one an upfloat; the floats
//!   of unplayed rounds depend on the edition ([`unplayed_float`]: 2017 A.4.b, 2026 1.4.3-1.4.4);
//! - bye history and eligibility for the pairing-allocated bye, per edition
//!   ([`PlayerHistory::may_get_pab`]: 2017 C.04.1.d, 2026 C.04.1 Art. 4);
//! - opponents met in played games (forfeits are not meetings, C.04.2).

use crate::model::{Color, GameKind, PlayerId, PointSystem, RoundEntry, Tournament, Unplayed};
use crate::score::Score;

/// The strength of a colour preference (C.04.3 A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PreferenceStrength {
    /// A.6.c: colour difference 0, alternate the last colour.
    Mild,
    /// A.6.b: colour difference +1 or -1.
    Strong,
    /// A.6.a: colour difference beyond ±1, or the same colour in the two latest games.
    Absolute,
}

/// A colour preference: the colour a player should ideally get next, and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preference {
    pub color: Color,
    pub strength: PreferenceStrength,
}

/// The edition of the FIDE rules for Swiss systems (C.04.1 Basic Rules, C.04.2 General Handling
/// Rules, C.04.3 Dutch system): the rules derived from the history that changed between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// Baku 2016 / Goynuk 2017, in force until 31 January 2026.
    #[default]
    Y2017,
    /// Approved 28/10/2025, in force from 1 February 2026.
    Y2026,
}

/// The float an unplayed round gives (`entry` is not a played game).
/// - 2017 A.4.b: "a player who, for whatever reason, does not play in a round, also receives a
///   downfloat".
/// - 2026 1.4.3-1.4.4: only the pairing-allocated bye and an unplayed round scoring more than a
///   loss give a downfloat (half- and full-point byes, forfeit wins); a zero-point bye, a forfeit
///   loss or an absence gives no float.
pub fn unplayed_float(edition: Edition, entry: &RoundEntry, points: &PointSystem) -> Float {
    match edition {
        Edition::Y2017 => Float::Down,
        Edition::Y2026 => {
            if *entry == RoundEntry::Unplayed(Unplayed::Pab) || points.points(entry) > points.loss {
                Float::Down
            } else {
                Float::None
            }
        }
    }
}

/// A float received in one round (C.04.3 A.4.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Float {
    #[default]
    None,
    Down,
    Up,
}

/// Everything the pairing systems need to know about one player before a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerHistory {
    pub id: PlayerId,
    /// Points from the rounds before this one, under the tournament's point system.
    pub score: Score,
    /// Fictitious points for this round (`XXA`), added to `score` for pairing only.
    pub acceleration: Score,
    /// Colours of played games in order, one per played game (unplayed rounds left out).
    pub colors: Vec<Color>,
    /// Float per round (index 0 = round 1), for every round before this one.
    pub floats: Vec<Float>,
    /// Opponents met over the board (forfeits excluded), in round order.
    pub opponents: Vec<PlayerId>,
    /// Received a pairing-allocated bye (TRF `U`).
    pub had_pab: bool,
    /// Scored a forfeit win (TRF `+`).
    pub had_forfeit_win: bool,
    /// Scored, in one round without playing (a bye, an absence or a forfeit), at least as many
    /// points as a win.
    pub had_unplayed_win: bool,
}

impl PlayerHistory {
    /// The score used for pairing: score plus acceleration.
    pub fn pairing_score(&self) -> Score {
        self.score + self.acceleration
    }

    /// Games played (forfeits and byes do not count).
    pub fn games_played(&self) -> usize {
        self.colors.len()
    }

    /// Number of white games minus number of black games (A.6).
    pub fn color_difference(&self) -> i32 {
        self.colors
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum()
    }

    /// The colour of the last played game.
    pub fn last_color(&self) -> Option<Color> {
        self.colors.last().copied()
    }

    /// True when the two latest played games had the same colour.
    pub fn same_color_twice(&self) -> Option<Color> {
        match self.colors.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        }
    }

    /// The colour preference per C.04.3 A.6, `None` for a player who has not played (A.6.d).
    pub fn preference(&self) -> Option<Preference> {
        let last = self.last_color()?;
        let diff = self.color_difference();
        let (color, strength) = if diff < -1 {
            (Color::White, PreferenceStrength::Absolute)
        } else if diff > 1 {
            (Color::Black, PreferenceStrength::Absolute)
        } else if let Some(c) = self.same_color_twice() {
            (c.opposite(), PreferenceStrength::Absolute)
        } else if diff == -1 {
            (Color::White, PreferenceStrength::Strong)
        } else if diff == 1 {
            (Color::Black, PreferenceStrength::Strong)
        } else {
            (last.opposite(), PreferenceStrength::Mild)
        };
        Some(Preference { color, strength })
    }

    /// True when this player met `other` over the board.
    pub fn has_met(&self, other: PlayerId) -> bool {
        self.opponents.contains(&other)
    }

    /// May receive the pairing-allocated bye:
    /// - 2017 C.04.1.d: not after a pairing-allocated bye or a forfeit win;
    /// - 2026 C.04.1 Art. 4: not after a pairing-allocated bye (of any value), nor after scoring
    ///   in one round without playing as many points as a win (a full-point bye or a forfeit
    ///   win bars it, a half-point bye does not).
    pub fn may_get_pab(&self, edition: Edition) -> bool {
        match edition {
            Edition::Y2017 => !self.had_pab && !self.had_forfeit_win,
            Edition::Y2026 => !self.had_pab && !self.had_unplayed_win,
        }
    }

    /// The float received `rounds_ago` rounds before this one (1 = the previous round).
    pub fn float_before(&self, rounds_ago: usize) -> Float {
        if rounds_ago == 0 || rounds_ago > self.floats.len() {
            return Float::None;
        }
        self.floats[self.floats.len() - rounds_ago]
    }
}

/// Derives every player's history from rounds `1 ..= rounds` of `t` (the state before round
/// `rounds + 1`), with the floats of the 2017 rules. Returns one entry per player, in the order
/// of `t.players`.
pub fn histories(t: &Tournament, rounds: usize) -> Vec<PlayerHistory> {
    histories_in(t, rounds, Edition::Y2017)
}

/// [`histories`] under the rules of `edition` (the floats of unplayed rounds).
pub fn histories_in(t: &Tournament, rounds: usize, edition: Edition) -> Vec<PlayerHistory> {
    let n = t.players.len();
    let mut out: Vec<PlayerHistory> = t
        .players
        .iter()
        .map(|p| PlayerHistory {
            id: p.id,
            score: Score::ZERO,
            acceleration: t.acceleration_for(p.id, rounds + 1),
            colors: Vec::new(),
            floats: Vec::with_capacity(rounds),
            opponents: Vec::new(),
            had_pab: false,
            had_forfeit_win: false,
            had_unplayed_win: false,
        })
        .collect();
    for r in 0..rounds {
        // Scores before round r+1 (with that round's acceleration), to tell floats apart.
        let before: Vec<Score> = (0..n)
            .map(|i| out[i].score + t.acceleration_for(t.players[i].id, r + 1))
            .collect();
        for i in 0..n {
            let entry = t.players[i]
                .rounds
                .get(r)
                .copied()
                .unwrap_or(RoundEntry::Unplayed(Unplayed::Absent));
            let h = &mut out[i];
            h.score += t.points.points(&entry);
            let float = match entry {
                RoundEntry::Game {
                    opponent,
                    color,
                    kind,
                    ..
                } if kind != GameKind::Forfeit => {
                    h.colors.push(color);
                    h.opponents.push(opponent);
                    match t.index_of(opponent) {
                        Some(j) if before[j] < before[i] => Float::Down,
                        Some(j) if before[j] > before[i] => Float::Up,
                        _ => Float::None,
                    }
                }
                _ => unplayed_float(edition, &entry, &t.points),
            };
            h.floats.push(float);
            if entry == RoundEntry::Unplayed(Unplayed::Pab) {
                h.had_pab = true;
            }
            if entry.is_forfeit_win() {
                h.had_forfeit_win = true;
            }
            if !entry.is_played_game()
                && t.points.points(&entry) >= t.points.win
                && t.points.win > Score::ZERO
            {
                h.had_unplayed_win = true;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameResult, Player, PointSystem};

    fn game(opp: PlayerId, color: Color, result: GameResult) -> RoundEntry {
        RoundEntry::Game {
            opponent: opp,
            color,
            result,
            kind: GameKind::Rated,
        }
    }

    fn hist(colors: &[Color]) -> PlayerHistory {
        PlayerHistory {
            id: 1,
            score: Score::ZERO,
            acceleration: Score::ZERO,
            colors: colors.to_vec(),
            floats: vec![],
            opponents: vec![],
            had_pab: false,
            had_forfeit_win: false,
            had_unplayed_win: false,
        }
    }

    use Color::{Black as B, White as W};

    #[test]
    fn preferences_follow_a6() {
        assert_eq!(hist(&[]).preference(), None);
        let p = |c: &[Color]| hist(c).preference().unwrap();
        assert_eq!(p(&[W]).strength, PreferenceStrength::Strong);
        assert_eq!(p(&[W]).color, B);
        assert_eq!(p(&[W, B]).strength, PreferenceStrength::Mild);
        assert_eq!(p(&[W, B]).color, W);
        assert_eq!(p(&[B, W]).color, B);
        assert_eq!(p(&[W, W]).strength, PreferenceStrength::Absolute);
        assert_eq!(p(&[W, W]).color, B);
        // Colour difference -2 wins over "same colour twice" only in direction: both say White.
        assert_eq!(
            p(&[B, W, B, B]),
            Preference {
                color: W,
                strength: PreferenceStrength::Absolute
            }
        );
        // Difference +2 with last two different: absolute black.
        assert_eq!(p(&[W, W, B, W]).strength, PreferenceStrength::Absolute);
        assert_eq!(p(&[W, W, B, W]).color, B);
        // BWBuW is treated as uBWBW: the unplayed round is simply left out.
        assert_eq!(p(&[B, W, B, W]).strength, PreferenceStrength::Mild);
        assert_eq!(p(&[B, W, B, W]).color, B);
    }

    fn two_player_tournament() -> Tournament {
        // Round 1: 1 beats 2 (1 white). Round 2: 1 has the PAB, 2 absent. Round 3: 2 forfeits to 1.
        let p1 = Player {
            id: 1,
            rounds: vec![
                game(2, W, GameResult::Win),
                RoundEntry::Unplayed(Unplayed::Pab),
                RoundEntry::Game {
                    opponent: 2,
                    color: B,
                    result: GameResult::Win,
                    kind: GameKind::Forfeit,
                },
            ],
            ..Player::default()
        };
        let p2 = Player {
            id: 2,
            rounds: vec![
                game(1, B, GameResult::Loss),
                RoundEntry::Unplayed(Unplayed::ZeroBye),
                RoundEntry::Game {
                    opponent: 1,
                    color: W,
                    result: GameResult::Loss,
                    kind: GameKind::Forfeit,
                },
            ],
            ..Player::default()
        };
        Tournament {
            players: vec![p1, p2],
            points: PointSystem::default(),
            ..Tournament::default()
        }
    }

    #[test]
    fn scores_byes_and_meetings() {
        let t = two_player_tournament();
        let h = histories(&t, 3);
        assert_eq!(h[0].score, Score(30));
        assert_eq!(h[1].score, Score(0));
        assert!(h[0].had_pab && h[0].had_forfeit_win);
        assert!(!h[1].had_pab && !h[1].had_forfeit_win);
        // The forfeit is not a meeting and gives no colour.
        assert_eq!(h[0].opponents, vec![2]);
        assert_eq!(h[0].colors, vec![W]);
        assert_eq!(h[1].color_difference(), -1);
        let h2 = histories(&t, 1);
        assert_eq!(h2[0].score, Score(10));
    }

    #[test]
    fn floats_follow_a4() {
        let t = two_player_tournament();
        let h = histories(&t, 3);
        // Round 1: equal scores, no float. Rounds 2 and 3: not played, downfloat.
        assert_eq!(h[0].floats, vec![Float::None, Float::Down, Float::Down]);
        assert_eq!(h[1].floats, vec![Float::None, Float::Down, Float::Down]);
        assert_eq!(h[0].float_before(1), Float::Down);
        assert_eq!(h[0].float_before(3), Float::None);
        assert_eq!(h[0].float_before(4), Float::None);
    }

    #[test]
    fn floats_of_unplayed_rounds_follow_the_edition() {
        // Round 2: 1 has the PAB, 2 a zero-point bye; round 3: 1 wins by forfeit against 2.
        let t = two_player_tournament();
        let h = histories_in(&t, 3, Edition::Y2026);
        assert_eq!(h[0].floats, vec![Float::None, Float::Down, Float::Down]);
        assert_eq!(h[1].floats, vec![Float::None, Float::None, Float::None]);
        let mut t = two_player_tournament();
        t.players[1].rounds[1] = RoundEntry::Unplayed(Unplayed::HalfBye);
        let h = histories_in(&t, 2, Edition::Y2026);
        assert_eq!(h[1].floats, vec![Float::None, Float::Down]);
    }

    #[test]
    fn pab_eligibility_follows_the_edition() {
        let mut t = two_player_tournament();
        t.players[0].rounds = vec![RoundEntry::Unplayed(Unplayed::FullBye)];
        t.players[1].rounds = vec![RoundEntry::Unplayed(Unplayed::HalfBye)];
        let h = histories(&t, 1);
        // 2017: only a PAB or a forfeit win bars it; 2026: a full-point bye bars it too.
        assert!(h[0].may_get_pab(Edition::Y2017));
        assert!(!h[0].may_get_pab(Edition::Y2026));
        assert!(h[1].may_get_pab(Edition::Y2017) && h[1].may_get_pab(Edition::Y2026));
        let h = histories(&two_player_tournament(), 3);
        assert!(!h[0].may_get_pab(Edition::Y2017) && !h[0].may_get_pab(Edition::Y2026));
        assert!(h[1].may_get_pab(Edition::Y2026));
    }

    #[test]
    fn floats_between_different_scores() {
        let mut t = two_player_tournament();
        t.players[0].rounds = vec![
            RoundEntry::Unplayed(Unplayed::Pab),
            game(2, W, GameResult::Draw),
        ];
        t.players[1].rounds = vec![
            RoundEntry::Unplayed(Unplayed::ZeroBye),
            game(1, B, GameResult::Draw),
        ];
        let h = histories(&t, 2);
        assert_eq!(h[0].floats, vec![Float::Down, Float::Down]);
        assert_eq!(h[1].floats, vec![Float::Down, Float::Up]);
        assert_eq!(h[0].score, Score(15));
    }
}
