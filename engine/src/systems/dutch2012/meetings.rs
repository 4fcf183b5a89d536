//! B.1.a (and the forbidden pairs of the file): which players of a round may meet, as a table
//! read by the 2012 engine.
//!
//! Built from each player's list of opponents (a handful per player) rather than by asking
//! every pair whether it met: n² cells written, not n² list scans and binary searches, which
//! at 5 000 players took a second a round.

use crate::forbidden::ForbiddenPairs;
use crate::history::PlayerHistory;
use crate::model::{PlayerId, Tournament};

/// `table[i][j]`: the players `ids[i]` and `ids[j]` may meet in round `round` of `t` (B.1.a:
/// `ids[j]` is not among the opponents of `ids[i]`'s history, `hist[history_of(ids[i])]`,
/// none when `history_of` gives `None`; and the pair is not forbidden). Row `i` reads player
/// `i`'s history only, as the rules ask of him; the diagonal is false.
pub(crate) fn may_meet(
    t: &Tournament,
    round: usize,
    hist: &[PlayerHistory],
    ids: &[PlayerId],
    history_of: impl Fn(PlayerId) -> Option<usize>,
) -> Vec<Vec<bool>> {
    let n = ids.len();
    // Each pairing number's place in `ids`.
    let top = ids.iter().map(|&id| id as usize + 1).max().unwrap_or(0);
    let mut place = vec![None; top];
    for (k, &id) in ids.iter().enumerate() {
        place[id as usize] = Some(k);
    }
    let forbidden = ForbiddenPairs::new(t, round);
    let any_forbidden = !forbidden.is_empty();
    (0..n)
        .map(|i| {
            let mut row = vec![true; n];
            row[i] = false;
            if let Some(h) = history_of(ids[i]).and_then(|k| hist.get(k)) {
                for &o in &h.opponents {
                    if let Some(&Some(j)) = place.get(o as usize) {
                        row[j] = false;
                    }
                }
            }
            if any_forbidden {
                for (j, cell) in row.iter_mut().enumerate() {
                    *cell = *cell && !forbidden.contains(ids[i], ids[j]);
                }
            }
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::histories;
    use crate::model::{Color, GameKind, GameResult, Player, RoundEntry};
    use crate::test_rng::Rng;

    /// `n` players and `rounds` rounds of random games (rematches and absences included) and
    /// a few forbidden lists.
    fn event(rng: &mut Rng, n: u32, rounds: usize) -> Tournament {
        let mut t = Tournament::default();
        for id in 1..=n {
            let player = Player {
                id,
                ..Player::default()
            };
            t.players.push(player);
        }
        for _ in 0..rounds {
            let mut order: Vec<usize> = (0..n as usize).collect();
            for k in (1..order.len()).rev() {
                order.swap(k, rng.range(0, k));
            }
            for p in &mut t.players {
                p.rounds
                    .push(RoundEntry::Unplayed(crate::model::Unplayed::Absent));
            }
            for pair in order
                .chunks(2)
                .filter(|p| p.len() == 2 && !rng.chance(1, 8))
            {
                for (me, them, color) in [
                    (pair[0], pair[1], Color::White),
                    (pair[1], pair[0], Color::Black),
                ] {
                    let opponent = t.players[them].id;
                    *t.players[me].rounds.last_mut().expect("a round") = RoundEntry::Game {
                        opponent,
                        color,
                        result: GameResult::Draw,
                        kind: GameKind::Rated,
                    };
                }
            }
        }
        for _ in 0..rng.range(0, 3) {
            let list = (0..rng.range(2, 4)).map(|_| rng.range(1, n as usize) as PlayerId);
            t.forbidden.push(list.collect());
        }
        t
    }

    /// The table equals the pair-by-pair reading (`has_met`, `ForbiddenPairs::contains`) on
    /// random events with forbidden pairs, the players in another order than the file's, some
    /// of them without a history.
    #[test]
    fn table_equals_the_pair_by_pair_reading() {
        let mut rng = Rng::new(17);
        for case in 0..200 {
            let n = rng.range(1, 40) as u32;
            let rounds = rng.range(0, 8);
            let t = event(&mut rng, n, rounds);
            let round = rounds + 1;
            let hist = histories(&t, rounds);
            let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
            for k in (1..ids.len()).rev() {
                ids.swap(k, rng.range(0, k));
            }
            let history_of = |id: PlayerId| t.index_of(id).filter(|&k| k % 5 != 4);
            let table = may_meet(&t, round, &hist, &ids, history_of);
            let forbidden = ForbiddenPairs::new(&t, round);
            for (i, &a) in ids.iter().enumerate() {
                for (j, &b) in ids.iter().enumerate() {
                    let met = history_of(a).is_some_and(|k| hist[k].has_met(b));
                    let want = i != j && !met && !forbidden.contains(a, b);
                    assert_eq!(table[i][j], want, "case {case}: {a} {b}");
                }
            }
        }
    }
}
