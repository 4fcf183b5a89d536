//! The matchings of the 2012 engine, with their memory reused: a search of one bracket asks
//! for thousands of small maximum-weight matchings (the bounds of `bound`, the necessary
//! conditions of `bracket`), and a fresh `Matcher` allocates some twenty vectors each time.
//! One solver per thread and weight type is kept instead; each solve starts from a clean
//! state (`Matcher::solve` resets everything it reads), so the matchings are the same.

use crate::matching::{Matcher, Weight};
use ethnum::I256;
use std::cell::RefCell;
use std::thread::LocalKey;

/// Graphs up to this many vertices go to the kept solver (its edge matrix is n² weights);
/// larger ones, rare and dearer anyway, get a solver of their own.
const KEEP_UP_TO: usize = 256;

/// A weight type with a solver kept per thread.
pub(crate) trait Pooled: Weight + 'static {
    fn pool() -> &'static LocalKey<RefCell<Matcher<Self>>>;
}

thread_local! {
    static I64: RefCell<Matcher<i64>> = RefCell::new(Matcher::new());
    static WIDE: RefCell<Matcher<I256>> = RefCell::new(Matcher::new());
}

impl Pooled for i64 {
    fn pool() -> &'static LocalKey<RefCell<Matcher<i64>>> {
        &I64
    }
}

impl Pooled for I256 {
    fn pool() -> &'static LocalKey<RefCell<Matcher<I256>>> {
        &WIDE
    }
}

/// `crate::matching::max_weight_matching`, on the thread's kept solver.
pub(crate) fn max_weight_matching<W: Pooled>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    if n <= KEEP_UP_TO {
        let kept = W::pool().with(|m| {
            m.try_borrow_mut()
                .ok()
                .map(|mut m| m.solve(n, edges, max_cardinality).to_vec())
        });
        if let Some(mate) = kept {
            return mate;
        }
    }
    crate::matching::max_weight_matching(n, edges, max_cardinality)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept solver gives the fresh solver's matching, graph after graph of different sizes
    /// and weight types.
    #[test]
    fn kept_solver_matches_fresh_one() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        for round in 0..300 {
            let n = (next() % 24) as usize + usize::from(round % 7 == 0) * 40;
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if next() % 3 == 0 {
                        edges.push((u, v, (next() % 50) as i64));
                    }
                }
            }
            let card = round % 2 == 0;
            assert_eq!(
                max_weight_matching(n, &edges, card),
                crate::matching::max_weight_matching(n, &edges, card)
            );
            let wide: Vec<(usize, usize, I256)> = edges
                .iter()
                .map(|&(u, v, w)| (u, v, I256::from(w) << 100u32))
                .collect();
            assert_eq!(
                max_weight_matching(n, &wide, card),
                crate::matching::max_weight_matching(n, &wide, card)
            );
        }
    }
}
