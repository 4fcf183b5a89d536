//! The parts of a round's pairing that the engines drive alike: the round number checked, the
//! players to pair found in the tournament, the score groups taken top down (Dutch 2017 A.3 / 2026 Art. 1.3.1, 2012 and rating-based 1998
//! A.3), and, for the engines of the 2012 procedure (Dutch 2012 and its predecessor, the
//! rating-based system of 1998), the scores before each round (for the floats of A.4-A.5) and
//! the round's pairing from the pairs found, each with its colours (E.1-E.5), in C.04.2 board
//! order.

use crate::model::{PlayerId, RoundEntry, Tournament, Unplayed};
use crate::pairing::{Pairing, PairingError, Request};
use crate::score::Score;

/// Rounds are numbered from 1: round 0 is not a request.
pub(crate) fn check_round_number(round: usize) -> Result<(), PairingError> {
    if round == 0 {
        return Err(PairingError::InvalidRequest(
            "rounds are numbered from 1".into(),
        ));
    }
    Ok(())
}

/// The players to pair in round `req.round`, in the order of `req.present`, each with his index
/// in `t.players`; a player the tournament does not hold makes the request invalid.
pub(crate) fn present(
    t: &Tournament,
    req: &Request,
) -> Result<Vec<(PlayerId, usize)>, PairingError> {
    req.present
        .iter()
        .map(|&id| {
            t.index_of(id).map(|i| (id, i)).ok_or_else(|| {
                PairingError::InvalidRequest(format!("player {id} is not in the tournament"))
            })
        })
        .collect()
}

/// The score of every player (by index in `t.players`) before each of the rounds `0..=rounds`
/// (`[r][i]`: player `i` before round `r + 1`); an entry missing from a round is an absence.
pub(crate) fn scores_before(t: &Tournament, rounds: usize) -> Vec<Vec<Score>> {
    let mut before = vec![vec![Score::ZERO; t.players.len()]; rounds + 1];
    for r in 0..rounds {
        for (i, p) in t.players.iter().enumerate() {
            let e = p
                .rounds
                .get(r)
                .copied()
                .unwrap_or(RoundEntry::Unplayed(Unplayed::Absent));
            before[r + 1][i] = before[r][i] + t.points.points(&e);
        }
    }
    before
}

/// A.3: the players `0..n` (in A.2 order) in groups of equal score, top down.
pub(crate) fn score_groups(n: usize, score: impl Fn(usize) -> Score) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        match groups.last_mut() {
            Some(g) if score(g[0]) == score(i) => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    groups
}

/// The round's pairing from its pairs and bye (player indices in A.2 order): in each pair the
/// higher-ranked player (the smaller index) gets White when `white_for_high` says so, and the
/// boards are put in C.04.2 order.
pub(crate) fn pairing_of(
    t: &Tournament,
    round: usize,
    games: Vec<(usize, usize)>,
    bye: Option<usize>,
    id: impl Fn(usize) -> PlayerId,
    white_for_high: impl Fn(usize, usize) -> bool,
) -> Pairing {
    let mut pairing = Pairing::default();
    for (a, b) in games {
        let (hi, lo) = if a < b { (a, b) } else { (b, a) };
        let (w, bl) = if white_for_high(hi, lo) {
            (hi, lo)
        } else {
            (lo, hi)
        };
        pairing.games.push((id(w), id(bl)));
    }
    pairing.bye = bye.map(id);
    pairing.sort_boards(t, round);
    pairing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::tests::line;
    use crate::trf;

    /// Two rounds of five: round 1 1-3 (1-0), 4-2 (½-½), 5 the bye; round 2 2-1 (0-1), 3-5
    /// (0-1), 4 has no entry.
    fn two_rounds() -> Tournament {
        let text = [
            line(1, "2.0", "   3 w 1     2 b 1"),
            line(2, "0.5", "   4 b =     1 w 0"),
            line(3, "0.0", "   1 b 0     5 w 0"),
            line(4, "0.5", "   2 w ="),
            line(5, "2.0", "0000 - U     3 b 1"),
        ]
        .join("\n");
        trf::read_str(&text).unwrap()
    }

    #[test]
    fn round_zero_is_not_a_request() {
        assert!(matches!(
            check_round_number(0),
            Err(PairingError::InvalidRequest(_))
        ));
        assert_eq!(check_round_number(1), Ok(()));
    }

    #[test]
    fn the_players_to_pair_are_found_by_pairing_number() {
        let t = two_rounds();
        let req = Request {
            round: 3,
            present: [2, 5].into(),
        };
        assert_eq!(present(&t, &req), Ok(vec![(2, 1), (5, 4)]));
        let req = Request {
            round: 3,
            present: [2, 6].into(),
        };
        let e = present(&t, &req).unwrap_err();
        assert_eq!(
            e,
            PairingError::InvalidRequest("player 6 is not in the tournament".into())
        );
    }

    #[test]
    fn scores_before_each_round_count_a_missing_entry_as_an_absence() {
        let t = two_rounds();
        let h = |x: i32| Score(x * 5);
        let before = scores_before(&t, 2);
        assert_eq!(before.len(), 3);
        assert_eq!(before[0], vec![Score::ZERO; 5]);
        assert_eq!(before[1], [h(2), h(1), h(0), h(1), h(2)]);
        assert_eq!(before[2], [h(4), h(1), h(0), h(1), h(4)]);
        assert_eq!(scores_before(&t, 0), vec![vec![Score::ZERO; 5]]);
    }

    /// A.3: equal scores next to each other form a group; an equal score further down after a
    /// different one starts a new group (the players are in A.2 order).
    #[test]
    fn score_groups_are_runs_of_equal_scores() {
        let scores = [3, 3, 2, 1, 1, 1, 3];
        let groups = score_groups(scores.len(), |i| Score(scores[i]));
        assert_eq!(groups, [vec![0, 1], vec![2], vec![3, 4, 5], vec![6]]);
        assert!(score_groups(0, |_| Score::ZERO).is_empty());
    }

    /// The higher-ranked player (smaller index) gets White when the system says so, whichever
    /// way round the pair is given; boards in C.04.2 order (round 1: by the higher player).
    #[test]
    fn a_pairing_from_pairs_colours_each_and_orders_the_boards() {
        let t = two_rounds();
        let id = |i: usize| u32::try_from(i).unwrap() + 1;
        let p = pairing_of(&t, 1, vec![(3, 2), (1, 0)], Some(4), id, |hi, _| hi != 2);
        assert_eq!(p.games, [(1, 2), (4, 3)]);
        assert_eq!(p.bye, Some(5));
        let p = pairing_of(&t, 1, vec![(0, 1)], None, id, |_, lo| lo == 0);
        assert_eq!(p.games, [(2, 1)]);
        assert_eq!(p.bye, None);
        // White to the higher-ranked player always: the pair's order does not matter.
        for pair in [(0, 1), (1, 0)] {
            let p = pairing_of(&t, 1, vec![pair], None, id, |_, _| true);
            assert_eq!(p.games, [(1, 2)]);
        }
    }
}
