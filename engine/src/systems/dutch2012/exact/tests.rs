//! D.2's keys of `exact` against the literal procedure's list of exchanges (`literal`, written
//! from the text's examples): the least sum of keys over the allowed pairings is the first
//! exchange in that list that has an allowed pairing. And the engine with `exact` against the
//! same engine searching every level depth first, on fields larger than the literal's.

use super::{item_keys, KEYS};
use crate::model::{PointSystem, Tournament};
use crate::pairing::Request;
use crate::systems::dutch2012::bracket::Decide;
use crate::systems::dutch2012::literal::exchanges;
use crate::systems::dutch2012::literal::tests::{random_tournament_against, three_one_zero};
use crate::systems::dutch2012::pair_deciding;
use crate::test_rng::Rng;
use ethnum::I256;

/// Every pairing with `p` pairs of the positions `0..n` whose pairs pass `ok` (the others are
/// left unpaired).
fn pairings(n: usize, p: usize, ok: &dyn Fn(usize, usize) -> bool) -> Vec<Vec<(usize, usize)>> {
    fn rec(
        free: &mut Vec<usize>,
        left: usize,
        p: usize,
        cur: &mut Vec<(usize, usize)>,
        ok: &dyn Fn(usize, usize) -> bool,
        out: &mut Vec<Vec<(usize, usize)>>,
    ) {
        if cur.len() == p {
            out.push(cur.clone());
            return;
        }
        let Some(&a) = free.first() else {
            return;
        };
        free.remove(0);
        for j in 0..free.len() {
            let b = free[j];
            if ok(a, b) {
                free.remove(j);
                cur.push((a, b));
                rec(free, left, p, cur, ok, out);
                cur.pop();
                free.insert(j, b);
            }
        }
        // `a` left unpaired, while players may still be.
        if left > 0 {
            rec(free, left - 1, p, cur, ok, out);
        }
        free.insert(0, a);
    }
    let mut out = Vec::new();
    let mut free: Vec<usize> = (0..n).collect();
    rec(
        &mut free,
        n.saturating_sub(2 * p),
        p,
        &mut Vec::new(),
        ok,
        &mut out,
    );
    out
}

/// The summed keys of a pairing (its players left unpaired included).
fn summed(n: usize, p: usize, pairs: &[(usize, usize)]) -> [I256; KEYS] {
    let mut sum = [I256::ZERO; KEYS];
    let paired = |i: usize| pairs.iter().any(|&(a, b)| a == i || b == i);
    let items = pairs
        .iter()
        .map(|&(a, b)| item_keys(n, p, Some(a), b))
        .chain(
            (0..n)
                .filter(|&i| !paired(i))
                .map(|i| item_keys(n, p, None, i)),
        );
    for k in items {
        for (s, v) in sum.iter_mut().zip(k) {
            *s += v;
        }
    }
    sum
}

/// S1's players (positions, sorted) can each take an S2 player through allowed pairs.
fn transposable(s1: &[usize], s2: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> bool {
    fn rec(
        d: usize,
        s1: &[usize],
        s2: &[usize],
        used: &mut [bool],
        ok: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        if d == s1.len() {
            return true;
        }
        for j in 0..s2.len() {
            if !used[j] && ok(s1[d], s2[j]) {
                used[j] = true;
                if rec(d + 1, s1, s2, used, ok) {
                    return true;
                }
                used[j] = false;
            }
        }
        false
    }
    rec(0, s1, s2, &mut vec![false; s2.len()], ok)
}

#[test]
fn least_keys_give_the_first_exchange_with_a_pairing() {
    let mut rng = Rng::new(2012);
    let mut compared = 0;
    for case in 0..4000 {
        let n = rng.range(2, 11);
        let p = rng.range(1, n / 2 + 1);
        let density = rng.range(2, 9) as u64;
        let mut allowed = std::collections::HashSet::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.chance(density, 10) {
                    allowed.insert((a, b));
                }
            }
        }
        let ok = |a: usize, b: usize| allowed.contains(&(a.min(b), a.max(b)));
        let all = pairings(n, p, &ok);
        // The literal list: the first exchange with an allowed transposition.
        let players: Vec<usize> = (1..=n).collect();
        let first = (0..=p.min(n - p))
            .flat_map(|k| exchanges(&players, p, k))
            .find(|(s1, s2)| {
                let pos = |v: &[usize]| v.iter().map(|x| x - 1).collect::<Vec<_>>();
                transposable(&pos(s1), &pos(s2), &ok)
            });
        let least = all.iter().min_by_key(|pairs| summed(n, p, pairs));
        match (first, least) {
            (None, None) => {}
            (Some((s1, _)), Some(pairs)) => {
                // The exchange of the least pairing: the higher player of each pair in S1.
                let mut mine: Vec<usize> = pairs.iter().map(|&(a, b)| a.min(b) + 1).collect();
                mine.sort_unstable();
                assert_eq!(mine, s1, "case {case}: n {n}, p {p}, pairs {pairs:?}");
                compared += 1;
            }
            (first, least) => panic!("case {case}: {first:?} against {least:?}"),
        }
    }
    assert!(compared > 2000, "{compared}");
}

/// The keys of every exchange, summed over its S1 players sent to S2 (as S1 players left
/// unpaired) and its S2 players brought to S1 (as the higher of two S2 players), rise strictly
/// along the literal list of D.2 (every size, the difference of numbers, then the S1 and S2
/// players exchanged).
#[test]
fn keys_rise_along_the_literal_list_of_exchanges() {
    for n in 2..=11 {
        for p in 1..=n / 2 {
            let players: Vec<usize> = (1..=n).collect();
            let mut before: Option<[I256; KEYS]> = None;
            for k in 0..=p.min(n - p) {
                for (s1, s2) in exchanges(&players, p, k) {
                    let out = (1..=p).filter(|x| !s1.contains(x)).map(|x| x - 1);
                    let inn = (p + 1..=n).filter(|x| !s2.contains(x)).map(|x| x - 1);
                    let mut key = [I256::ZERO; KEYS];
                    let items = out
                        .map(|a| item_keys(n, p, None, a))
                        .chain(inn.map(|b| item_keys(n, p, Some(b), b)));
                    for item in items {
                        for (s, v) in key.iter_mut().zip(item) {
                            *s += v;
                        }
                    }
                    if let Some(b) = before {
                        assert!(b < key, "n {n}, p {p}: {s1:?} {s2:?}");
                    }
                    before = Some(key);
                }
            }
        }
    }
}

/// The engine with every level it can decided by `exact` alone (no search first) pairs random
/// rounds of 14 to 40 players (late rounds, absences, half-point byes, forfeits; standard and
/// 3 / 1 / 0 scoring) as the same engine searching every level depth first does (exact on the
/// corpus, where none of its searches reaches the node limit); a round where that search
/// reaches it would be printed and may differ, and none does here.
#[test]
fn matchings_against_the_depth_first_search() {
    let searched = |t: &Tournament, req: &Request| {
        pair_deciding(t, req, Decide::SearchOnly).map(|d| d.pairing)
    };
    let (mut rounds, mut differ) = (0, 0);
    for seed in 0..1000u64 {
        let n = 14 + (seed % 27) as u32;
        let points = if seed % 3 == 2 {
            three_one_zero()
        } else {
            PointSystem::default()
        };
        let played = 5 + (seed % 7) as u32;
        let (c, d) = random_tournament_against(
            seed,
            n,
            played,
            points,
            Decide::MatchingsOnly,
            "searched",
            &searched,
        );
        rounds += c;
        differ += d;
    }
    eprintln!("dutch-2012: {rounds} random rounds, matchings and search differ on {differ}");
    assert!(rounds > 7000, "{rounds} rounds");
    assert_eq!(differ, 0);
}
