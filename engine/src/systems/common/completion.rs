//! Whether a set of players can be paired completely: everybody paired but one at most, who
//! must be allowed the pairing-allocated bye (Dutch 2017 A.9 / C.1-C.2, 2026 C4; Dutch 2012
//! and rating-based 1998 B.1-B.2, where the C.12-C.13 backtracking must end) —
//! [`completable`]; or everybody paired (Dubov's and Burstein's C4, Double-Swiss C3):
//! [`pairable`], and the pairing itself, [`perfect_pairing`].

use crate::matching::{max_weight_matching, max_weight_matching_dense};

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

/// A pairing of every player of `who` over the pairs `ok` allows (`ok` and the pairs name
/// members of `who`, each pair in the order of `who`), or `None` when there is none. A greedy
/// pass in the order of `who` usually finds one; the maximum matching decides otherwise, and
/// gives the pairing.
pub(crate) fn perfect_pairing(
    who: &[usize],
    ok: impl Fn(usize, usize) -> bool,
) -> Option<Vec<(usize, usize)>> {
    if who.len() % 2 == 1 {
        return None;
    }
    greedy_pairing(who, &ok).or_else(|| matching_pairing(who, &ok))
}

/// True when every player of `who` can be paired over the pairs `ok` allows: the greedy pass
/// of [`perfect_pairing`]; else Dirac's theorem (every player with a possible opponent among
/// at least half of the others has one in a perfect matching) or a player without any; else
/// the maximum matching.
pub(crate) fn pairable(who: &[usize], ok: impl Fn(usize, usize) -> bool) -> bool {
    let n = who.len();
    if n % 2 == 1 {
        return false;
    }
    if greedy_pairing(who, &ok).is_some() {
        return true;
    }
    let min_degree = who
        .iter()
        .map(|&a| who.iter().filter(|&&b| b != a && ok(a, b)).count())
        .min()
        .unwrap_or(0);
    if min_degree * 2 >= n {
        return true;
    }
    if min_degree == 0 {
        return false;
    }
    matching_pairing(who, &ok).is_some()
}

/// Each player of `who` in turn, when not yet paired, with the first later one still free that
/// `ok` allows; `None` when one is left without.
fn greedy_pairing(
    who: &[usize],
    ok: &impl Fn(usize, usize) -> bool,
) -> Option<Vec<(usize, usize)>> {
    let n = who.len();
    let mut taken = vec![false; n];
    let mut pairs = Vec::with_capacity(n / 2);
    for i in 0..n {
        if taken[i] {
            continue;
        }
        taken[i] = true;
        let j = (i + 1..n).find(|&j| !taken[j] && ok(who[i], who[j]))?;
        taken[j] = true;
        pairs.push((who[i], who[j]));
    }
    Some(pairs)
}

/// A perfect pairing of `who` by the maximum matching over the pairs `ok` allows, or `None`.
fn matching_pairing(
    who: &[usize],
    ok: &impl Fn(usize, usize) -> bool,
) -> Option<Vec<(usize, usize)>> {
    let n = who.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if ok(who[i], who[j]) {
                edges.push((i, j, 1i64));
            }
        }
    }
    let mate = max_weight_matching(n, &edges, true);
    if mate.iter().any(Option::is_none) {
        return None;
    }
    Some(
        (0..n)
            .filter_map(|i| mate[i].filter(|&j| i < j).map(|j| (who[i], who[j])))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::{completable, pairable, perfect_pairing};
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

    /// Which pairs of `0..n` may meet, each with probability `density` percent.
    #[allow(clippy::needless_range_loop)]
    fn random_pairs(rng: &mut Rng, n: usize, density: u64) -> Vec<Vec<bool>> {
        let mut ok = vec![vec![false; n]; n];
        for a in 0..n {
            for b in a + 1..n {
                let e = rng.chance(density, 100);
                ok[a][b] = e;
                ok[b][a] = e;
            }
        }
        ok
    }

    #[test]
    fn agrees_with_brute_force_on_random_sets() {
        let mut rng = Rng::new(27);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..3000 {
            let n = rng.range(0, 9);
            let density = rng.range(10, 90) as u64;
            let ok = random_pairs(&mut rng, n, density);
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

    /// When the greedy pass fails (0-1 taken first leaves 2 and 3, who may not meet), the
    /// matching finds the pairing, each pair in the order of `who`, even when `ok` would let
    /// a player meet himself.
    #[test]
    fn the_matching_pairs_what_the_greedy_pass_cannot() {
        let allowed = [(0, 1), (0, 2), (1, 3)];
        let ok =
            |a: usize, b: usize| a == b || allowed.contains(&(a, b)) || allowed.contains(&(b, a));
        let who = [0, 1, 2, 3];
        assert_eq!(perfect_pairing(&who, ok), Some(vec![(0, 2), (1, 3)]));
        assert!(pairable(&who, ok));
        assert!(completable(4, ok, |_| false));
        // The same players listed the other way round: pairs in that order.
        assert_eq!(
            perfect_pairing(&[3, 2, 1, 0], ok),
            Some(vec![(3, 1), (2, 0)])
        );
        assert_eq!(perfect_pairing(&[0, 1, 2], |_, _| true), None);
        assert!(!pairable(&[0, 1, 2], |_, _| true));
    }

    /// A perfect pairing exists exactly when the complete pairing without a bye does; the
    /// pairing found uses allowed pairs and every player once.
    #[test]
    fn perfect_pairings_agree_with_brute_force() {
        let mut rng = Rng::new(43);
        for _ in 0..3000 {
            let n = rng.range(0, 10);
            let density = rng.range(10, 95) as u64;
            let ok = random_pairs(&mut rng, n, density);
            let all: Vec<usize> = (0..n).collect();
            let expected = n.is_multiple_of(2) && brute(&all, &ok, &vec![false; n], false);
            assert_eq!(pairable(&all, |a, b| ok[a][b]), expected, "{ok:?}");
            let found = perfect_pairing(&all, |a, b| ok[a][b]);
            assert_eq!(found.is_some(), expected, "{ok:?}");
            if let Some(pairs) = found {
                let mut seen: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
                assert!(pairs.iter().all(|&(a, b)| ok[a][b]));
                seen.sort_unstable();
                assert_eq!(seen, all);
            }
        }
    }
}
