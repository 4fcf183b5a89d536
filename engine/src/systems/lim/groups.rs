//! Lim System (C.04.4.3) Art. 1.1 and 2.2: the pairing-allocated bye, the scoregroups, the
//! Median Scoregroup and the order in which the scoregroups are paired.
//!
//! > 1.1 In addition of what is stated in Article 3 of the Basic Rules for Swiss Systems, the
//! > pairing-allocated bye is awarded to the player with the lowest rank in the lowest
//! > scoregroup.
//!
//! > 2.2 The players with the same score form a scoregroup. The Median Scoregroup is the
//! > scoregroup with players having the score equal to half the number of rounds that have
//! > been played. Pairing begins with the highest scoregroup and proceeds downward until just
//! > before the Median Scoregroup, then continues with the lowest scoregroup and proceeds
//! > upwards to the Median Scoregroup which is paired last. The Median-Scoregroup is paired
//! > downward.

use super::LimPlayer;
use crate::model::PointSystem;
use crate::score::Score;

/// Which way a scoregroup is paired (Art. 2.2): the groups above the median and the median
/// itself downward, the groups below it upward. Its players are transferred (Art. 2.3) to the
/// neighbouring scoregroup not yet paired: the next lower one when paired downward, the next
/// higher one when paired upward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
    Downward,
    Upward,
}

/// A scoregroup: its score and its players (indices into the rank order, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Group {
    pub score: Score,
    pub players: Vec<usize>,
}

/// Art. 2.2: the players (in rank order: score descending) with the same score, top down.
pub(super) fn scoregroups(players: &[LimPlayer], among: &[usize]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for &i in among {
        match groups.last_mut() {
            Some(g) if g.score == players[i].score => g.players.push(i),
            _ => groups.push(Group {
                score: players[i].score,
                players: vec![i],
            }),
        }
    }
    groups
}

/// Art. 2.2: the score of the Median Scoregroup, "half the number of rounds that have been
/// played", counted in points of a win (with 1/½/0 the text's own number), as twice that score
/// in tenths (so that half a tenth is kept: it is then nobody's score).
pub(super) fn median_twice(points: &PointSystem, rounds_played: usize) -> i64 {
    i64::from(points.win.0).saturating_mul(i64::try_from(rounds_played).unwrap_or(i64::MAX))
}

/// The score `twice` tenths halved, as points (`0.75` when it falls between tenths).
pub(super) fn half_display(twice: i64) -> String {
    match i32::try_from(twice / 2) {
        Ok(t) if twice % 2 == 0 => Score(t).to_string(),
        Ok(t) => format!("{}5", Score(t)),
        Err(_) => format!("{twice}/20"),
    }
}

/// Art. 2.2: the indices of `groups` (top down) in the order they are paired, each with its
/// direction: those above the median top down, then those below it from the lowest upwards,
/// the Median Scoregroup last (downward). Without a Median Scoregroup (nobody has its score)
/// the order is the same without it. `median_twice`: twice the median score, in tenths.
pub(super) fn pairing_order(groups: &[Group], median_twice: i64) -> Vec<(usize, Direction)> {
    let twice = |g: &Group| 2 * i64::from(g.score.0);
    let mut order: Vec<(usize, Direction)> = (0..groups.len())
        .filter(|&k| twice(&groups[k]) > median_twice)
        .map(|k| (k, Direction::Downward))
        .collect();
    order.extend(
        (0..groups.len())
            .rev()
            .filter(|&k| twice(&groups[k]) < median_twice)
            .map(|k| (k, Direction::Upward)),
    );
    order.extend(
        (0..groups.len())
            .filter(|&k| twice(&groups[k]) == median_twice)
            .map(|k| (k, Direction::Downward)),
    );
    order
}

/// Art. 1.1 with the Basic Rules (2026) Art. 3-4, for an odd number of players `among` (rank
/// order): the lowest-ranked player of the lowest scoregroup who may receive the bye.
/// `Err` when nobody of the lowest scoregroup may (the text does not say who receives it then).
pub(super) fn bye(players: &[LimPlayer], among: &[usize]) -> Result<usize, String> {
    let groups = scoregroups(players, among);
    let Some(lowest) = groups.last() else {
        return Err("Art. 1.1: no player to receive the pairing-allocated bye".into());
    };
    lowest
        .players
        .iter()
        .rev()
        .copied()
        .find(|&i| players[i].bye_eligible)
        .ok_or_else(|| {
            format!(
                "Art. 1.1: no player of the lowest scoregroup ({}) may receive the \
                 pairing-allocated bye (Basic Rules Art. 4); the readable text does not say who \
                 receives it then",
                lowest.score
            )
        })
}
