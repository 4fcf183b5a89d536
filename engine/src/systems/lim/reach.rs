//! The questions the Lim procedure asks without deciding them itself: can these players all be
//! paired (the "available" opponent of 3.8 and Art. 4, the blocked median of 2.6), how many
//! pairs can they make at most (4.4, 3.10.2), and can each of these floaters have an opponent
//! of its own in the adjacent scoregroup (3.3). [`Matching`] answers them with a matching;
//! the literal oracle (`literal`) by enumeration.

use super::LimRound;
use crate::matching::max_weight_matching_dense;
use crate::systems::common::completion::completable;

/// Answers to the existence questions of the procedure, over Art. 2.1 compatibility.
pub(super) trait Reach {
    /// Whether the players `who` can all be paired among themselves.
    fn complete(&self, r: &LimRound, who: &[usize]) -> bool;
    /// The most pairs the players `who` can make among themselves.
    fn max_pairs(&self, r: &LimRound, who: &[usize]) -> usize;
    /// Whether each of `floaters` can have a compatible opponent of its own among `pool`.
    fn assignable(&self, r: &LimRound, floaters: &[usize], pool: &[usize]) -> bool;
}

/// The answers by maximum matchings (Edmonds' blossom algorithm; augmenting paths for 3.3).
pub(super) struct Matching;

impl Reach for Matching {
    fn complete(&self, r: &LimRound, who: &[usize]) -> bool {
        who.len().is_multiple_of(2)
            && completable(who.len(), |a, b| r.compatible(who[a], who[b]), |_| false)
    }

    fn max_pairs(&self, r: &LimRound, who: &[usize]) -> usize {
        if self.complete(r, who) {
            return who.len() / 2;
        }
        let mate = max_weight_matching_dense(
            who.len(),
            |a, b| r.compatible(who[a], who[b]).then_some(1i64),
            true,
        );
        mate.iter().filter(|m| m.is_some()).count() / 2
    }

    fn assignable(&self, r: &LimRound, floaters: &[usize], pool: &[usize]) -> bool {
        // Kuhn's augmenting paths on the bipartite graph floaters × pool.
        fn augment(
            r: &LimRound,
            f: usize,
            floaters: &[usize],
            pool: &[usize],
            owner: &mut [Option<usize>],
            seen: &mut [bool],
        ) -> bool {
            for (k, &q) in pool.iter().enumerate() {
                if seen[k] || !r.compatible(floaters[f], q) {
                    continue;
                }
                seen[k] = true;
                let free = match owner[k] {
                    None => true,
                    Some(g) => augment(r, g, floaters, pool, owner, seen),
                };
                if free {
                    owner[k] = Some(f);
                    return true;
                }
            }
            false
        }
        let mut owner = vec![None; pool.len()];
        (0..floaters.len()).all(|f| {
            let mut seen = vec![false; pool.len()];
            augment(r, f, floaters, pool, &mut owner, &mut seen)
        })
    }
}
