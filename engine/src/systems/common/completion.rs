//! Whether a set of players can be paired completely: everybody paired but one at most, who
//! must be allowed the pairing-allocated bye (Dutch 2017 A.9 / C.1-C.2, 2026 C4; Dutch 2012
//! and rating-based 1998 B.1-B.2, where the C.12-C.13 backtracking must end).

use crate::matching::max_weight_matching_dense;

/// True when players `0..n` allow a complete pairing over the pairs `pairable` allows: all
/// paired but at most one, for whom `bye_ok` holds.
///
/// A greedy pairing usually proves it at once: in the given order, else with the players who
/// may not take the bye first (so that the one left over may); a maximum-cardinality matching
/// with a bye vertex decides otherwise.
pub(crate) fn completable(
    n: usize,
    pairable: impl Fn(usize, usize) -> bool,
    bye_ok: impl Fn(usize) -> bool,
) -> bool {
    if n == 0 {
        return true;
    }
    let greedy = |order: &[usize]| {
        let mut taken = vec![false; n];
        let mut left = Vec::new();
        for (k, &i) in order.iter().enumerate() {
            if taken[i] {
                continue;
            }
            taken[i] = true;
            let next = order[k + 1..]
                .iter()
                .find(|&&j| !taken[j] && pairable(i, j));
            match next {
                Some(&j) => taken[j] = true,
                None => left.push(i),
            }
        }
        match left.as_slice() {
            [] => true,
            [x] => bye_ok(*x),
            _ => false,
        }
    };
    let order: Vec<usize> = (0..n).collect();
    if greedy(&order) {
        return true;
    }
    let mut bye_last = order;
    bye_last.sort_by_key(|&i| bye_ok(i));
    if greedy(&bye_last) {
        return true;
    }
    // Unit weights: the matching only counts pairs (64-bit weights, a dense matrix); vertex `n`
    // stands for the bye when `n` is odd.
    let total = n + n % 2;
    let mate = max_weight_matching_dense(
        total,
        |i, j| {
            let ok = if j == n { bye_ok(i) } else { pairable(i, j) };
            ok.then_some(1i64)
        },
        true,
    );
    mate.iter().all(|m| m.is_some())
}

