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
