//! The orders of section D that are lists: D.3's choices of moved-down players and C.12's sets
//! of downfloaters, the `k`-subsets in lexicographic order, cut at a limit that is reported
//! (D.2's exchanges are `exchange`; D.1's transpositions are the search's own order).

use super::Round12;
use crate::systems::common::subsets::k_subsets;

/// The most choices listed by `combinations`: D.3's sets of M1 moved-down players (21 choose
/// 10 is already 352,716), and C.12's sets of downfloaters with the same scores. A list cut
/// here may leave out the choice the rules would take (no pairing found in the corpora or the
/// stress runs comes near it), so reaching it is counted with the searches given up
/// (`Round12::give_up`), never silent. D.2's exchanges are not cut: `exchange` lists them in
/// order, only as far as the search's node budget goes.
pub(crate) const CHOICE_LIMIT: usize = 200_000;

/// The `k`-subsets of `0..n`, increasing, in lexicographic order (also the D.3 order); at most
/// `CHOICE_LIMIT` of them, and a list cut there is counted in the round's diagnostics
/// (`Round12::give_up`).
pub(crate) fn combinations(r: &Round12, n: usize, k: usize) -> Vec<Vec<usize>> {
    let (out, cut) = combinations_upto(n, k, CHOICE_LIMIT);
    if cut {
        r.give_up();
    }
    out
}

/// The first `limit` `k`-subsets of `0..n` in lexicographic order, and whether there are more.
fn combinations_upto(n: usize, k: usize, limit: usize) -> (Vec<Vec<usize>>, bool) {
    let out: Vec<Vec<usize>> = k_subsets(n, k).take(limit).collect();
    let cut = out.len() >= limit && choose_exceeds(n, k, limit);
    (out, cut)
}

/// `n` choose `k` is more than `limit`.
fn choose_exceeds(n: usize, k: usize, limit: usize) -> bool {
    if k > n {
        return false;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // (n choose i) * (n - i) = (n choose i + 1) * (i + 1): exact at every step.
        c = c * (n - i) as u128 / (i + 1) as u128;
        if c > limit as u128 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{choose_exceeds, combinations_upto, CHOICE_LIMIT};

    /// At the bound: 20 moved-down players choose 10 (184,756) are all listed, 21 choose 10
    /// (352,716) are cut at `CHOICE_LIMIT` and the cut is reported (counted by
    /// `combinations`); a list exactly at the limit is not a cut.
    #[test]
    fn the_choice_lists_are_cut_only_past_the_limit_and_say_so() {
        let (all, cut) = combinations_upto(20, 10, CHOICE_LIMIT);
        assert_eq!((all.len(), cut), (184_756, false));
        let (head, cut) = combinations_upto(21, 10, CHOICE_LIMIT);
        assert_eq!((head.len(), cut), (CHOICE_LIMIT, true));
        assert_eq!(head[0], (0..10).collect::<Vec<_>>());
        assert!(head.windows(2).all(|w| w[0] < w[1]), "lexicographic order");
        let (exact, cut) = combinations_upto(6, 3, 20);
        assert_eq!((exact.len(), cut), (20, false));
        let (short, cut) = combinations_upto(6, 3, 19);
        assert_eq!((short.len(), cut), (19, true));
        assert!(!choose_exceeds(5, 7, 0));
        assert!(choose_exceeds(100, 50, usize::MAX));
    }

    /// A list cut at the bound is counted in the diagnostics of the round being paired, which
    /// the round's result carries (`Diagnosed`); a whole list is not.
    #[test]
    fn a_cut_list_is_counted_in_the_rounds_diagnostics() {
        use crate::model::{Player, Tournament};
        use crate::pairing::Request;
        let t = Tournament {
            players: (1..=4)
                .map(|id| Player {
                    id,
                    name: format!("P{id}"),
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        };
        let r = super::super::prepare(&t, &Request::next_round(&t)).expect("a valid round");
        assert_eq!(super::combinations(&r, 20, 10).len(), 184_756);
        assert!(r.diagnostics.get().is_empty());
        assert_eq!(super::combinations(&r, 21, 10).len(), CHOICE_LIMIT);
        assert_eq!(r.diagnostics.get().searches_given_up, 1);
    }
}
