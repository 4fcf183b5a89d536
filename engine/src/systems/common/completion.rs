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

#[cfg(test)]
mod tests {
    use super::completable;
    use crate::test_rng::Rng;

    /// Brute force: pair the lowest unpaired player with every partner in turn, or leave him
    /// for the bye when the count is odd and nobody has been left yet.
    fn brute(left: &[usize], ok: &[Vec<bool>], bye: &[bool], bye_used: bool) -> bool {
        let Some(&a) = left.first() else {
            return true;
        };
        let rest: Vec<usize> = left[1..].to_vec();
        if !bye_used && left.len() % 2 == 1 && bye[a] && brute(&rest, ok, bye, true) {
            return true;
        }
        for (k, &b) in rest.iter().enumerate() {
            if ok[a][b] {
                let mut r: Vec<usize> = rest.clone();
                r.remove(k);
                if brute(&r, ok, bye, bye_used) {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn agrees_with_brute_force_on_random_sets() {
        let mut rng = Rng::new(27);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..3000 {
            let n = rng.range(0, 9);
            let density = rng.range(10, 90) as u64;
            let mut ok = vec![vec![false; n]; n];
            for a in 0..n {
                for b in a + 1..n {
                    let e = rng.chance(density, 100);
                    ok[a][b] = e;
                    ok[b][a] = e;
                }
            }
            let bye: Vec<bool> = (0..n).map(|_| rng.chance(60, 100)).collect();
            let all: Vec<usize> = (0..n).collect();
            let expected = brute(&all, &ok, &bye, false);
            assert_eq!(
                completable(n, |a, b| ok[a][b], |a| bye[a]),
                expected,
                "n {n}, pairs {ok:?}, bye {bye:?}"
            );
            if expected {
                yes += 1;
            } else {
                no += 1;
            }
        }
        // Both answers are exercised.
        assert!(yes > 300 && no > 300, "{yes} completable, {no} not");
    }
}
