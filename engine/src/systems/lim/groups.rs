//! Lim System (C.04.4.3) Art. 1.1, 7.1 and 2.2: the pairing-allocated bye, the scoregroups, the
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
//!
//! 7.1 (round 1, old Rule 15 verbatim): with an odd number the bye goes to "the lowest rated
//! player".

use super::LimPlayer;
use crate::model::PointSystem;
use crate::score::Score;

/// Which way a scoregroup is paired (Art. 2.2): the groups above the median and the median
/// itself downward, the groups below it upward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
    Downward,
    Upward,
}

impl Direction {
    /// The players `v` in the order this direction scrutinises them (4.1): downward from the
    /// highest numbered (#1, the smallest pairing number), upward from the lowest numbered.
    pub fn arrange(self, players: &[LimPlayer], v: &mut [usize]) {
        match self {
            Direction::Downward => v.sort_by_key(|&i| players[i].id),
            Direction::Upward => v.sort_by_key(|&i| std::cmp::Reverse(players[i].id)),
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Direction::Downward => "downward",
            Direction::Upward => "upward",
        }
    }
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

/// Where a scoregroup stands against the Median Scoregroup (Art. 2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Side {
    Above,
    Median,
    Below,
}

/// The side of the median a score is on.
pub(super) fn side(score: Score, median_twice: i64) -> Side {
    match (2 * i64::from(score.0)).cmp(&median_twice) {
        std::cmp::Ordering::Greater => Side::Above,
        std::cmp::Ordering::Equal => Side::Median,
        std::cmp::Ordering::Less => Side::Below,
    }
}

/// Why the bye goes where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ByeRule {
    /// 7.1: the lowest rated player (round 1).
    Rated,
    /// 1.1: the lowest rank in the lowest scoregroup.
    Rank,
    /// 1.1 when nobody of the lowest scoregroup may receive it (Basic Rules Art. 4): the
    /// lowest-ranked player who may, i.e. the lowest rank in the lowest scoregroup that has one.
    Eligible,
}

/// Art. 1.1 / 7.1 with the Basic Rules (2026) Art. 3-4, for an odd number of players: the
/// candidates in the order the text gives the bye to them, each with the rule that names him.
/// The first whose bye leaves the others pairable receives it (`procedure`).
pub(super) fn bye_order(players: &[LimPlayer], round: usize) -> Vec<(usize, ByeRule)> {
    let n = players.len();
    let eligible = |i: &usize| players[*i].bye_eligible;
    if round == 1 {
        // 7.1: rating ascending (unrated: 0), ties to the lower rank.
        let mut v: Vec<usize> = (0..n).filter(eligible).collect();
        v.sort_by_key(|&i| (players[i].rating, std::cmp::Reverse(i)));
        return v.into_iter().map(|i| (i, ByeRule::Rated)).collect();
    }
    // Rank order is score descending then TPN: the lowest rank is the last index.
    let lowest = players.last().map(|p| p.score);
    (0..n)
        .rev()
        .filter(eligible)
        .map(|i| {
            let rule = if Some(players[i].score) == lowest {
                ByeRule::Rank
            } else {
                ByeRule::Eligible
            };
            (i, rule)
        })
        .collect()
}
