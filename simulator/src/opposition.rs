//! Whom a player met: the opposition columns of `players.csv` (`opponents`, `opp_strength`,
//! `opponent_ids`), the data of the studies that compare pairing systems by the opposition
//! they give (the spread of opponents' strength within score groups that the Dubov and
//! Burstein systems pair to equalise, the share of the field the winner met).
//!
//! An opponent counts once however many times he was met: a pairing that is a match of two
//! games, or the same pairing repeated after a forfeited match, is one opponent, so systems
//! that play one game per pairing and systems that play matches are measured alike. Only games
//! played over the board count (forfeits left out, as for the ARO and the meetings of C.04.1
//! b); the players come from [`RoundEntry::played_opponent`], so no number of games per
//! round is assumed.

use swisslab_engine::{PlayerId, RoundEntry, Tournament};

/// The distinct opponents met over the board in `rounds`, each once, in the order first met.
pub fn opponents_met(rounds: &[RoundEntry]) -> Vec<PlayerId> {
    let mut out: Vec<PlayerId> = Vec::new();
    for o in rounds.iter().filter_map(RoundEntry::played_opponent) {
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The mean of `strength` over `opponents` (players of `t`; an id not in `t` is skipped);
/// `None` without one.
pub fn mean_strength(t: &Tournament, opponents: &[PlayerId], strength: &[f64]) -> Option<f64> {
    let v: Vec<f64> = opponents
        .iter()
        .filter_map(|&o| t.index_of(o))
        .filter_map(|j| strength.get(j).copied())
        .collect();
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// The three columns of one player: how many distinct opponents, their mean true strength
/// (one decimal, empty without one) and their pairing numbers, blank-separated, in the order
/// first met.
pub fn columns(t: &Tournament, rounds: &[RoundEntry], strength: &[f64]) -> (u32, String, String) {
    let met = opponents_met(rounds);
    let mean = mean_strength(t, &met, strength).map_or(String::new(), |m| format!("{m:.1}"));
    let ids: Vec<String> = met.iter().map(ToString::to_string).collect();
    (met.len() as u32, mean, ids.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use swisslab_engine::{Color, GameKind, GameResult, Player, Unplayed};

    fn game(opponent: PlayerId, kind: GameKind) -> RoundEntry {
        RoundEntry::Game {
            opponent,
            color: Color::White,
            result: GameResult::Draw,
            kind,
        }
    }

    fn field(n: u32) -> Tournament {
        Tournament {
            players: (1..=n)
                .map(|id| Player {
                    id,
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        }
    }

    /// Player met 4, 2 (twice: a match of two games), 4 again (a repeated pairing) and 3 by
    /// forfeit only, with a bye between: two opponents, 4 then 2.
    #[test]
    fn an_opponent_counts_once_and_forfeits_not_at_all() {
        let rounds = [
            game(4, GameKind::Rated),
            game(2, GameKind::Rated),
            game(2, GameKind::Rated),
            RoundEntry::Unplayed(Unplayed::Pab),
            game(3, GameKind::Forfeit),
            game(4, GameKind::Rated),
        ];
        assert_eq!(opponents_met(&rounds), vec![4, 2]);
        // Strengths of players 1..5: the mean of 4 (1700) and 2 (2150) is 1925.
        let t = field(5);
        let strength = [2000.0, 2150.0, 1500.0, 1700.0, 1900.0];
        assert_eq!(mean_strength(&t, &[4, 2], &strength), Some(1925.0));
        let (n, mean, ids) = columns(&t, &rounds, &strength);
        assert_eq!((n, mean.as_str(), ids.as_str()), (2, "1925.0", "4 2"));
    }

    #[test]
    fn no_game_no_opponent_no_mean() {
        let t = field(3);
        let rounds = [
            RoundEntry::Unplayed(Unplayed::HalfBye),
            game(2, GameKind::Forfeit),
        ];
        assert_eq!(
            columns(&t, &rounds, &[1.0, 2.0, 3.0]),
            (0, String::new(), String::new())
        );
        // One decimal, rounded: (1800.25 + 1800.0) / 2 = 1800.125 -> 1800.1.
        let (_, mean, _) = columns(
            &t,
            &[game(2, GameKind::Rated), game(3, GameKind::Rated)],
            &[0.0, 1800.25, 1800.0],
        );
        assert_eq!(mean, "1800.1");
    }
}
