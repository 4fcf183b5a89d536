//! The literal procedure of C.1-C.14 for one bracket, for small brackets only (exponential): a
//! test oracle for `bracket::solve`.
//!
//! Written straight from the text, without matchings: for each attempt of C.14 and each level of
//! C.9-C.11 in turn, every candidate is listed in the order of D (the transpositions of S2 for
//! the moved-down S1 as all orderings of S2 in ascending order, D.1; then for the remainder or a
//! homogeneous bracket every exchange of D.2, each with all orderings of its S2), and the first
//! one the level accepts is taken. The definitions (levels, x, exchange order, the check of a
//! candidate) are `bracket`'s; only the search differs.

use super::bracket::{accepts, exchanges, run, Attempt, Level, Out, Task};
use super::Round98;
use crate::pairing::PairingError;

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
            PairingError::NoValidPairing("bracket too large for the literal procedure".into())
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
