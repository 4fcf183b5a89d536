//! The pairs that must not meet in one round, asked once per pair of players.
//!
//! Two records forbid pairings: `XXP` lists (JaVaFo TRF(x): no two players of one list meet,
//! every round) and TRF-2026 `260` records (the same for a range of rounds). C.1 (Dutch), the
//! Dubov and rating-based systems' "no two players meet twice" treat a forbidden pair like a
//! pair that has met. [`Tournament::is_forbidden`] scans every record; an engine that asks it
//! for each of the n² pairs pays n² × (records), hundreds of times the pairing itself for 500
//! players and 10,000 `XXP` pairs. [`ForbiddenPairs`] is built once per round instead: every
//! pair of a short list goes into both players' sorted lists of forbidden opponents, and the
//! rare long list (more than [`SHORT_LIST`] players, whose pairs would fill memory
//! quadratically) is kept as a group that each of its players names. A question costs a binary
//! search in the first player's forbidden opponents plus a walk through the few long groups of
//! the two players.

use crate::model::{PlayerId, Tournament};

/// Lists of at most this many players are expanded pair by pair (at most 120 pairs each);
/// longer ones are kept as groups. Either way every pair of a list is forbidden: the bound only
/// chooses the representation, never the answer.
pub const SHORT_LIST: usize = 16;

/// The forbidden pairs of one round, indexed by pairing number.
#[derive(Clone, Debug, Default)]
pub struct ForbiddenPairs {
    /// For each pairing number, the players a short list forbids him, ascending.
    opponents: Vec<Vec<PlayerId>>,
    /// For each pairing number, the indices of his long lists, ascending.
    groups: Vec<Vec<usize>>,
    /// True for every player named by a record in force.
    named: Vec<bool>,
}

impl ForbiddenPairs {
    /// The pairs forbidden in round `round` (1-based): every `XXP` list, and the `260` records
    /// whose rounds include `round`. The same answers as [`Tournament::is_forbidden`].
    pub fn new(t: &Tournament, round: usize) -> Self {
        let lists = t.forbidden.iter().map(Vec::as_slice).chain(
            t.prohibited
                .iter()
                .filter(|p| (p.first_round as usize..=p.last_round as usize).contains(&round))
                .map(|p| p.players.as_slice()),
        );
        Self::from_lists(lists)
    }

    fn from_lists<'a>(lists: impl Iterator<Item = &'a [PlayerId]>) -> Self {
        let mut me = Self::default();
        let mut long = 0;
        for list in lists {
            let mut ids = list.to_vec();
            ids.sort_unstable();
            ids.dedup();
            let Some(&top) = ids.last() else { continue };
            let size = top as usize + 1;
            if me.named.len() < size {
                me.named.resize(size, false);
                me.opponents.resize(size, Vec::new());
                me.groups.resize(size, Vec::new());
            }
            for &a in &ids {
                me.named[a as usize] = true;
            }
            if ids.len() <= SHORT_LIST {
                for &a in &ids {
                    let mine = &mut me.opponents[a as usize];
                    mine.extend(ids.iter().copied().filter(|&b| b != a));
                }
            } else {
                for &a in &ids {
                    me.groups[a as usize].push(long);
                }
                long += 1;
            }
        }
        for v in &mut me.opponents {
            v.sort_unstable();
            v.dedup();
        }
        me
    }

    /// True when `a` and `b` must not be paired.
    pub fn contains(&self, a: PlayerId, b: PlayerId) -> bool {
        if a == b || !self.names(a) || !self.names(b) {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        self.opponents[a].binary_search(&(b as PlayerId)).is_ok()
            || sorted_intersect(&self.groups[a], &self.groups[b])
    }

    /// True when some record in force names player `a`.
    pub fn names(&self, a: PlayerId) -> bool {
        self.named.get(a as usize).copied().unwrap_or(false)
    }

    /// True when no pair is forbidden.
    pub fn is_empty(&self) -> bool {
        !self.named.iter().any(|&x| x)
    }
}

/// True when two ascending lists share an element.
fn sorted_intersect(x: &[usize], y: &[usize]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        match x[i].cmp(&y[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return true,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Prohibited;

    /// A tournament of `n` players (no rounds) with the given `XXP` lists and `260` records.
    fn tournament(n: u32, xxp: Vec<Vec<PlayerId>>, p260: Vec<Prohibited>) -> Tournament {
        Tournament {
            players: (1..=n)
                .map(|id| crate::model::Player {
                    id,
                    ..Default::default()
                })
                .collect(),
            forbidden: xxp,
            prohibited: p260,
            ..Default::default()
        }
    }

    /// The set answers as `Tournament::is_forbidden` does for every pair and round, with short
    /// lists, a list longer than `SHORT_LIST`, overlapping lists and round ranges.
    #[test]
    fn same_answers_as_the_scan() {
        let long: Vec<PlayerId> = (1..=(SHORT_LIST as u32 + 6)).rev().collect();
        let long2: Vec<PlayerId> = (60..=140).collect();
        let t = tournament(
            150,
            vec![vec![1, 2], vec![3, 4, 5], long, vec![145, 146, 145]],
            vec![
                Prohibited {
                    first_round: 2,
                    last_round: 3,
                    players: vec![100, 120, 149],
                },
                Prohibited {
                    first_round: 3,
                    last_round: 5,
                    players: long2,
                },
            ],
        );
        for round in 1..=6 {
            let set = ForbiddenPairs::new(&t, round);
            for a in 1..=150 {
                for b in 1..=150 {
                    let want = a != b && t.is_forbidden(a, b, round);
                    assert_eq!(set.contains(a, b), want, "{a}-{b} round {round}");
                }
            }
        }
    }

    #[test]
    fn empty_and_round_ranges() {
        let t = tournament(
            4,
            vec![vec![1, 2]],
            vec![Prohibited {
                first_round: 1,
                last_round: 9,
                players: vec![3, 4],
            }],
        );
        assert!(ForbiddenPairs::new(&tournament(4, vec![], vec![]), 1).is_empty());
        let all = ForbiddenPairs::new(&t, 1);
        assert!(all.contains(2, 1) && all.contains(4, 3) && !all.contains(1, 3));
        assert!(all.names(1) && !all.names(5));
        let later = ForbiddenPairs::new(&t, 10);
        assert!(later.contains(1, 2) && !later.contains(3, 4) && !later.names(3));
    }
}
