//! The literal procedure of C.1-C.14 for one bracket, for small brackets only (exponential): a
//! test oracle for `bracket::solve`.
//!
//! Written straight from the text, without matchings: for each attempt of C.14 and each level of
//! C.9-C.11 in turn, every candidate is listed in the order of D (the transpositions of S2 for
//! the moved-down S1 as all orderings of S2 in ascending order, D.1; then for the remainder or a
//! homogeneous bracket every exchange of D.2, each with all orderings of its S2), and the first
//! one the level accepts is taken. The definitions (levels, x, the check of a candidate) are
//! `bracket`'s; the exchange order of D.2 is listed here ([`exchanges`]), which the matching
//! search (`search`) decides without listing.

use super::bracket::{accepts, run, Attempt, Level, Out, Task};
use super::Round98;
use crate::pairing::PairingError;
use crate::systems::common::subsets::k_subsets;

/// The most exchanges of one size the literal procedure lists (it is for small brackets).
const EXCHANGE_LIMIT: usize = 500_000;

/// D.2: the exchanges of `k` players between S1 = positions `0..p` and S2 = `p..n`, in order:
/// the smallest difference of the numbers exchanged, then the lowest S1 players, then S2 top
/// down. Each as the positions of the new S1 and S2, ascending. `None` past [`EXCHANGE_LIMIT`].
pub(crate) fn exchanges(n: usize, p: usize, k: usize) -> Option<Vec<(Vec<usize>, Vec<usize>)>> {
    // The `k`-subsets of `0..m`, `None` past the limit.
    let within_limit = |m: usize| {
        let v: Vec<Vec<usize>> = k_subsets(m, k).take(EXCHANGE_LIMIT + 1).collect();
        (v.len() <= EXCHANGE_LIMIT).then_some(v)
    };
    let from_s1 = within_limit(p)?;
    let from_s2 = within_limit(n - p)?;
    if from_s1.len().saturating_mul(from_s2.len()) > EXCHANGE_LIMIT {
        return None;
    }
    // (difference, S1 set read from its lowest player, index in from_s1, index in from_s2)
    let mut list: Vec<(usize, Vec<usize>, usize, usize)> = Vec::new();
    for (ia, a) in from_s1.iter().enumerate() {
        let mut desc: Vec<usize> = a.clone();
        desc.reverse();
        for (ib, b) in from_s2.iter().enumerate() {
            let diff = b.iter().map(|x| x + p).sum::<usize>() - a.iter().sum::<usize>();
            list.push((diff, desc.clone(), ia, ib));
        }
    }
    // Lowest S1 players first: the exchanged S1 set, read from its lowest player, larger first;
    // then S2 top down (the subsets are listed in lexicographic order).
    list.sort_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)).then(x.3.cmp(&y.3)));
    Some(
        list.into_iter()
            .map(|(_, _, ia, ib)| {
                let a = &from_s1[ia];
                let b: Vec<usize> = from_s2[ib].iter().map(|x| x + p).collect();
                let mut s1: Vec<usize> = (0..p).filter(|x| !a.contains(x)).collect();
                s1.extend(&b);
                s1.sort_unstable();
                let mut s2: Vec<usize> = (p..n).filter(|x| !b.contains(x)).collect();
                s2.extend(a);
                s2.sort_unstable();
                (s1, s2)
            })
            .collect(),
    )
}

/// Every ordering of `s2` (ascending, D.1) paired with `s1`; `visit` gets the pairs and the
/// players of S2 left over (in A.2 order) and returns true to stop. Orderings that differ only
/// after the first `s1.len()` places give the same pairs, so only those places are listed.
fn orderings(
    s1: &[usize],
    s2: &[usize],
    prefix: &mut Vec<usize>,
    visit: &mut dyn FnMut(Vec<(usize, usize)>, Vec<usize>) -> bool,
) -> bool {
    if prefix.len() == s1.len().min(s2.len()) {
        let pairs: Vec<(usize, usize)> = s1
            .iter()
            .zip(prefix.iter())
            .map(|(&a, &b)| (a, b))
            .collect();
        let left: Vec<usize> = s2.iter().copied().filter(|b| !prefix.contains(b)).collect();
        return visit(pairs, left);
    }
    for &b in s2 {
        if prefix.contains(&b) {
            continue;
        }
        prefix.push(b);
        let stop = orderings(s1, s2, prefix, visit);
        prefix.pop();
        if stop {
            return true;
        }
    }
    false
}

/// A homogeneous group making `p` pairs: S1 its `p` highest players, every exchange of D.2,
/// every ordering of S2.
fn group(
    players: &[usize],
    p: usize,
    visit: &mut dyn FnMut(Vec<(usize, usize)>, Vec<usize>) -> bool,
) -> Result<bool, PairingError> {
    let n = players.len();
    if 2 * p > n {
        return Ok(false);
    }
    for k in 0..=p.min(n - p) {
        let list = exchanges(n, p, k).ok_or_else(|| {
            PairingError::TooLarge(format!(
                "a bracket with more than {EXCHANGE_LIMIT} exchanges of one size, the limit of \
                 the literal procedure"
            ))
        })?;
        for (s1, s2) in list {
            let s1: Vec<usize> = s1.iter().map(|&i| players[i]).collect();
            let s2: Vec<usize> = s2.iter().map(|&i| players[i]).collect();
            if orderings(&s1, &s2, &mut Vec::new(), visit) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The first candidate of one attempt that meets `lv`.
fn first(
    r: &Round98,
    task: &Task,
    players: &[usize],
    c1: &[usize],
    at: Attempt,
    lv: Level,
) -> Result<Option<Out>, PairingError> {
    let mut found = None;
    let mut check = |pairs: Vec<(usize, usize)>, left: Vec<usize>| {
        let mut floaters: Vec<usize> = left.iter().chain(c1).copied().collect();
        floaters.sort_unstable();
        if accepts(r, task, lv, &pairs, &floaters) {
            found = Some(Out { pairs, floaters });
            true
        } else {
            false
        }
    };
    match at {
        Attempt::Homogeneous { p } => {
            group(players, p, &mut check)?;
        }
        Attempt::Heterogeneous { p, pr } => {
            let (s1, s2) = players.split_at(p);
            let mut err = None;
            orderings(s1, s2, &mut Vec::new(), &mut |moved, rest| {
                let mut inner = |pairs: Vec<(usize, usize)>, left: Vec<usize>| {
                    let mut all = moved.clone();
                    all.extend(pairs);
                    check(all, left)
                };
                match group(&rest, pr, &mut inner) {
                    Ok(stop) => stop,
                    Err(e) => {
                        err = Some(e);
                        true
                    }
                }
            });
            if let Some(e) = err {
                return Err(e);
            }
        }
    }
    Ok(found)
}

/// Pairs one bracket by listing every candidate in order.
pub(crate) fn solve(r: &Round98, task: &Task) -> Result<Option<Out>, PairingError> {
    run(r, task, |start, at, lv| {
        first(r, task, &start.players, &start.c1, at, lv)
    })
}

/// A visitor of the pairs of one ordering.
#[cfg(test)]
pub(super) type PairsVisit<'a> = dyn FnMut(&[(usize, usize)]) -> bool + 'a;

/// The orderings of D.1 as the literal procedure lists them (for the test of the example).
#[cfg(test)]
pub(super) fn tests_orderings(s1: &[usize], s2: &[usize], visit: &mut PairsVisit) {
    orderings(s1, s2, &mut Vec::new(), &mut |pairs, _| visit(&pairs));
}
