//! The procedure of `procedure` by plain enumeration, its test oracle: every set of
//! upfloaters and every pairing of a bracket is listed and the criteria compared as the
//! articles state them, with no shortcut (exponential: small fields only).
//!
//! 3.4 PAB; 3.5 upfloaters by C4, C5 (the lowest score first), C6 (not when the following
//! scoregroup is emptied), C7 and the 3.5.4 order among the sets leaving the bracket (C1) and
//! the rest (C3) pairable; 3.6 the fewest C8, then C9, then C10 penalties (each counted
//! separately, compared in turn), then the first identifier.

use super::procedure::{Bracket, Outcome};
use super::readings::{self, Penalties};
use super::Field;
use crate::pairing::PairingError;
use std::cmp::Reverse;

/// The largest field the oracle enumerates.
pub(crate) const MAX_UNITS: usize = 14;

/// Every perfect matching of `set` (pairs as given by `set` order).
fn matchings(f: &Field, set: &[usize]) -> Vec<Vec<(usize, usize)>> {
    if set.is_empty() {
        return vec![Vec::new()];
    }
    if set.len() % 2 == 1 {
        return Vec::new();
    }
    let a = set[0];
    let mut out = Vec::new();
    for (j, &b) in set.iter().enumerate().skip(1) {
        if !f.compat[a][b] {
            continue;
        }
        let rest: Vec<usize> = set[1..]
            .iter()
            .enumerate()
            .filter(|&(i, _)| i + 1 != j)
            .map(|(_, &x)| x)
            .collect();
        for mut m in matchings(f, &rest) {
            m.push((a, b));
            out.push(m);
        }
    }
    out
}

fn pairable(f: &Field, set: &[usize]) -> bool {
    !matchings(f, set).is_empty()
}

fn no(f: &Field, why: &str) -> PairingError {
    PairingError::NoValidPairing(format!("{} (literal): {why}", f.system))
}

/// Pairs the field by enumeration (at most [`MAX_UNITS`] units).
pub(crate) fn pair_field(f: &Field) -> Result<Outcome, PairingError> {
    let n = f.units.len();
    if n > MAX_UNITS {
        return Err(PairingError::TooLarge(format!(
            "the literal {} oracle enumerates at most {MAX_UNITS} units",
            f.system
        )));
    }
    let all: Vec<usize> = (0..n).collect();
    let mut bye = None;
    if n % 2 == 1 {
        let mut cands: Vec<usize> = all.clone();
        // 3.4: lowest score, most matches played, largest TPN.
        cands.sort_by_key(|&i| {
            let p = &f.units[i];
            (p.score, Reverse(p.matches_played), Reverse(p.id))
        });
        bye = cands.into_iter().find(|&c| {
            f.units[c].pab_ok
                && pairable(
                    f,
                    &all.iter().copied().filter(|&i| i != c).collect::<Vec<_>>(),
                )
        });
        if bye.is_none() {
            return Err(no(f, "no PAB"));
        }
    } else if !pairable(f, &all) {
        return Err(no(f, "not pairable"));
    }
    let mut rest: Vec<usize> = all.into_iter().filter(|&i| Some(i) != bye).collect();
    let mut brackets = Vec::new();
    while !rest.is_empty() {
        let (s, ups) = bracket_of(f, &rest).ok_or_else(|| no(f, "no upfloaters"))?;
        let mut members: Vec<usize> = s.iter().chain(&ups).copied().collect();
        members.sort_unstable();
        let (pairs, penalties) = pair_bracket(f, &members, &ups).ok_or_else(|| no(f, "bracket"))?;
        rest.retain(|i| !members.contains(i));
        brackets.push(Bracket {
            residents: s,
            upfloaters: ups,
            pairs,
            penalties,
        });
    }
    Ok(Outcome { bye, brackets })
}

/// The legal sets of upfloaters for the top scoregroup of `rest`: (scoregroup, sets).
fn legal_sets(f: &Field, rest: &[usize]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let top = f.units[rest[0]].score;
    let s: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&i| f.units[i].score == top)
        .collect();
    let l: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&i| f.units[i].score != top)
        .collect();
    let mut sets = Vec::new();
    for mask in 0u32..(1 << l.len()) {
        let ups: Vec<usize> = (0..l.len())
            .filter(|&j| mask >> j & 1 == 1)
            .map(|j| l[j])
            .collect();
        if (s.len() + ups.len()) % 2 == 1 {
            continue;
        }
        let bracket: Vec<usize> = s.iter().chain(&ups).copied().collect();
        let others: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|i| !bracket.contains(i))
            .collect();
        if pairable(f, &bracket) && pairable(f, &others) {
            sets.push(ups);
        }
    }
    (s, sets)
}

/// 3.5: the top scoregroup of `rest` and its upfloaters.
fn bracket_of(f: &Field, rest: &[usize]) -> Option<(Vec<usize>, Vec<usize>)> {
    let (s, sets) = legal_sets(f, rest);
    let key = |ups: &Vec<usize>| {
        let bracket: Vec<usize> = s.iter().chain(ups).copied().collect();
        let others: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|i| !bracket.contains(i))
            .collect();
        let c5 = readings::c5_key(ups.iter().map(|&i| f.units[i].score));
        let lower: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&i| f.units[i].score != f.units[rest[0]].score)
            .collect();
        let c6 = if !readings::c6_applies(&lower, |i| f.units[i].score, ups) {
            0
        } else {
            legal_sets(f, &others)
                .1
                .iter()
                .map(Vec::len)
                .min()
                .unwrap_or(usize::MAX)
        };
        let c7 = if f.float_criteria {
            ups.iter().filter(|&&i| f.units[i].floated).count()
        } else {
            0
        };
        let mut order = ups.clone();
        order.sort_unstable();
        (ups.len(), c5, c6, c7, order)
    };
    let ups = sets.iter().min_by_key(|u| key(u))?.clone();
    Some((s, ups))
}

/// 3.6 by enumeration: the fewest C8, then C9, then C10 penalties, then the least identifier.
fn pair_bracket(
    f: &Field,
    members: &[usize],
    ups: &[usize],
) -> Option<(Vec<(usize, usize)>, Penalties)> {
    matchings(f, members)
        .into_iter()
        .map(|m| {
            let mut pairs: Vec<(usize, usize)> = m
                .into_iter()
                .map(|(a, b)| {
                    if f.units[a].id < f.units[b].id {
                        (a, b)
                    } else {
                        (b, a)
                    }
                })
                .collect();
            pairs.sort_by_key(|&(a, _)| f.units[a].id);
            let pen: Penalties = pairs
                .iter()
                .map(|&(a, b)| readings::pair_penalties(f, ups, a, b))
                .sum();
            let tpns: Vec<(u32, u32)> = pairs
                .iter()
                .map(|&(a, b)| (f.units[a].id, f.units[b].id))
                .collect();
            let id = identifier(&tpns);
            ((pen, id), pairs)
        })
        .min()
        .map(|((pen, _), pairs)| (pairs, pen))
}

/// 3.6.1-3.6.2: the identifier of a pairing given as pairs of TPNs: in each pair the smaller TPN
/// is the top member; the top members in ascending order, then the bottom member of each.
pub(crate) fn identifier(pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut p: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    p.sort_unstable();
    p.iter()
        .map(|&(t, _)| t)
        .chain(p.iter().map(|&(_, b)| b))
        .collect()
}
