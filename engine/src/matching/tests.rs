use super::*;
use ethnum::I256;

use crate::test_rng::Rng;

/// Best (cardinality, weight) by exhaustive search over all matchings.
fn brute<W: Weight>(n: usize, edges: &[(usize, usize, W)], max_card: bool) -> (usize, W) {
    let mut wm: Vec<Option<W>> = vec![None; n * n];
    for &(u, v, w) in edges {
        if u == v || w < W::ZERO {
            continue;
        }
        let cur = wm[u * n + v];
        if cur.is_none_or(|c| w > c) {
            wm[u * n + v] = Some(w);
            wm[v * n + u] = Some(w);
        }
    }
    let mut memo: Vec<Option<(usize, W)>> = vec![None; 1 << n];
    fn better<W: Weight>(a: (usize, W), b: (usize, W), max_card: bool) -> bool {
        if max_card {
            a > b
        } else {
            a.1 > b.1
        }
    }
    fn go<W: Weight>(
        mask: usize,
        n: usize,
        wm: &[Option<W>],
        memo: &mut [Option<(usize, W)>],
        max_card: bool,
    ) -> (usize, W) {
        if mask == 0 {
            return (0, W::ZERO);
        }
        if let Some(r) = memo[mask] {
            return r;
        }
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut best = go(rest, n, wm, memo, max_card);
        for j in 0..n {
            if rest & (1 << j) != 0 {
                if let Some(w) = wm[i * n + j] {
                    let (c, s) = go(rest & !(1 << j), n, wm, memo, max_card);
                    let cand = (c + 1, s + w);
                    if better(cand, best, max_card) {
                        best = cand;
                    }
                }
            }
        }
        memo[mask] = Some(best);
        best
    }
    go((1usize << n) - 1, n, &wm, &mut memo, max_card)
}

fn cardinality(mate: &[Option<usize>]) -> usize {
    mate.iter().filter(|m| m.is_some()).count() / 2
}

/// Solves, checks validity, and returns (cardinality, weight); also checks the dense entry point
/// and the dual certificate (without `max_card`).
fn solve_checked<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_card: bool,
    m: &mut Matcher<W>,
) -> (usize, W) {
    let mate = m.solve(n, edges, max_card).to_vec();
    if !max_card {
        verify_certificate(m);
    }
    let w = matching_weight(n, edges, &mate).expect("invalid matching");
    let r = (cardinality(&mate), w);
    // The free function and the dense form must agree on the value.
    let mate2 = max_weight_matching(n, edges, max_card);
    let w2 = matching_weight(n, edges, &mate2).expect("invalid matching");
    let mut dense: Vec<Option<W>> = vec![None; n * n];
    for &(u, v, w) in edges {
        if u != v && w >= W::ZERO && dense[u * n + v].is_none_or(|c| w > c) {
            dense[u * n + v] = Some(w);
            dense[v * n + u] = Some(w);
        }
    }
    let mate3 = max_weight_matching_dense(n, |u, v| dense[u * n + v], max_card);
    let w3 = matching_weight(n, edges, &mate3).expect("invalid matching");
    if max_card {
        assert_eq!((cardinality(&mate2), w2), r);
        assert_eq!((cardinality(&mate3), w3), r);
    } else {
        assert_eq!(w2, r.1);
        assert_eq!(w3, r.1);
    }
    r
}

/// Checks Galil's optimality conditions on the final state of a plain (not max-cardinality)
/// solve: duals nonnegative, every edge has nonnegative slack, matched edges are tight, free
/// vertices have zero dual, and blossoms with positive dual are full.
fn verify_certificate<W: Weight>(m: &Matcher<W>) {
    let n = m.n;
    for v in 0..n {
        assert!(m.dual[v] >= W::ZERO, "negative vertex dual");
        if m.mate[v] == NONE {
            assert_eq!(m.dual[v], W::ZERO, "free vertex with positive dual");
        }
    }
    // Ancestor blossoms of each vertex.
    let anc: Vec<Vec<usize>> = (0..n)
        .map(|v| {
            let mut a = Vec::new();
            let mut b = m.parent[v];
            while b != NONE {
                a.push(b);
                b = m.parent[b];
            }
            a
        })
        .collect();
    for u in 0..n {
        for v in u + 1..n {
            let w2 = m.w2[u * n + v];
            if w2 < W::ZERO {
                continue;
            }
            let mut s = m.dual[u] + m.dual[v] - w2;
            for &b in &anc[u] {
                if anc[v].contains(&b) {
                    s += m.dual[b].double();
                }
            }
            assert!(s >= W::ZERO, "negative slack on ({u}, {v})");
            if m.mate[u] == v {
                assert_eq!(s, W::ZERO, "matched edge ({u}, {v}) not tight");
            }
        }
    }
    for b in n..2 * n {
        if m.base[b] == NONE {
            continue;
        }
        assert!(m.dual[b] >= W::ZERO, "negative blossom dual");
        if m.dual[b] > W::ZERO {
            let mut lv = Vec::new();
            m.push_leaves(b, &mut lv);
            let inside = lv
                .iter()
                .filter(|&&x| m.mate[x] != NONE && lv.contains(&m.mate[x]))
                .count();
            assert_eq!(
                inside,
                lv.len() - 1,
                "blossom with positive dual is not full"
            );
        }
    }
}

fn random_graph<W: Weight>(
    rng: &mut Rng,
    n: usize,
    density: u64,
    weight: &mut impl FnMut(&mut Rng) -> W,
) -> Vec<(usize, usize, W)> {
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.chance(density, 100) {
                let (a, b) = if rng.chance(1, 2) { (u, v) } else { (v, u) };
                edges.push((a, b, weight(rng)));
                if rng.chance(1, 20) {
                    // A parallel edge.
                    edges.push((b, a, weight(rng)));
                }
            }
        }
        if rng.chance(1, 30) {
            edges.push((u, u, weight(rng)));
        }
    }
    // Shuffle.
    for i in (1..edges.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        edges.swap(i, j);
    }
    edges
}

fn brute_force_family<W: Weight>(
    seed: u64,
    graphs: usize,
    mut weight: impl FnMut(&mut Rng) -> W,
    max_card_modes: &[bool],
) {
    let mut rng = Rng::new(seed);
    let mut m = Matcher::<W>::new();
    for g in 0..graphs {
        let n = 1 + rng.below(12) as usize;
        let density = [15, 30, 50, 80, 100][rng.below(5) as usize];
        let edges = random_graph(&mut rng, n, density, &mut weight);
        for &mc in max_card_modes {
            let got = solve_checked(n, &edges, mc, &mut m);
            let want = brute(n, &edges, mc);
            if mc {
                assert_eq!(got, want, "graph {g} (n={n}, max_card) {edges:?}");
            } else {
                assert_eq!(got.1, want.1, "graph {g} (n={n}) {edges:?}");
            }
        }
    }
}

#[test]
fn brute_force_small_weights_many_ties() {
    brute_force_family::<i64>(1, 3000, |r| r.below(4) as i64, &[false, true]);
}

#[test]
fn brute_force_medium_weights() {
    brute_force_family::<i64>(2, 3000, |r| r.below(1000) as i64, &[false, true]);
}

#[test]
fn brute_force_i64_near_limit() {
    let lim = max_edge_weight::<i64>();
    brute_force_family::<i64>(3, 1500, move |r| lim - r.below(5) as i64, &[false]);
    brute_force_family::<i64>(4, 1500, move |r| lim - r.below(lim as u64) as i64, &[false]);
    // With max_cardinality the duals can go negative: keep a few spare bits.
    let lim_mc = lim >> 5;
    brute_force_family::<i64>(
        5,
        1500,
        move |r| lim_mc - r.below(lim_mc as u64) as i64,
        &[true],
    );
}

#[test]
fn brute_force_i128_shifted_2_pow_100() {
    let base = 1i128 << 100;
    brute_force_family::<i128>(6, 2000, move |r| base + r.below(6) as i128, &[false, true]);
}

fn i256_near_limit(r: &mut Rng) -> I256 {
    let lim = max_edge_weight::<I256>();
    match r.below(3) {
        0 => lim - I256::from_i64(r.below(4) as i64),
        1 => lim - (I256::new(r.next() as i128) << 120u32),
        _ => lim.halve() + (I256::new(r.next() as i128) << 140u32),
    }
}

#[test]
fn brute_force_i256_near_limit() {
    brute_force_family::<I256>(7, 2000, i256_near_limit, &[false]);
    let shift = I256::ONE << 100u32;
    brute_force_family::<I256>(
        8,
        1500,
        move |r| shift + I256::from_i64(r.below(5) as i64),
        &[false, true],
    );
    // max_cardinality near the limit, with a few spare bits (see the module docs).
    brute_force_family::<I256>(9, 1500, |r| i256_near_limit(r) >> 5u32, &[true]);
}

#[test]
fn same_weight_in_all_types() {
    let mut rng = Rng::new(10);
    let mut m64 = Matcher::<i64>::new();
    let mut m128 = Matcher::<i128>::new();
    let mut m256 = Matcher::<I256>::new();
    for _ in 0..400 {
        let n = 1 + rng.below(40) as usize;
        let density = [10, 40, 100][rng.below(3) as usize];
        let maxw = [3u64, 100, 1 << 40][rng.below(3) as usize];
        let edges = random_graph(&mut rng, n, density, &mut |r: &mut Rng| {
            r.below(maxw) as i64
        });
        let e128: Vec<_> = edges.iter().map(|&(u, v, w)| (u, v, w as i128)).collect();
        let e256: Vec<_> = edges
            .iter()
            .map(|&(u, v, w)| (u, v, I256::from_i64(w)))
            .collect();
        for mc in [false, true] {
            let a = solve_checked(n, &edges, mc, &mut m64);
            let b = solve_checked(n, &e128, mc, &mut m128);
            let c = solve_checked(n, &e256, mc, &mut m256);
            assert_eq!(a.1 as i128, b.1);
            assert_eq!(I256::new(b.1), c.1);
            if mc {
                assert_eq!(a.0, b.0);
                assert_eq!(b.0, c.0);
            }
        }
    }
}

#[test]
fn medium_random_graphs_have_certificates() {
    // solve_checked verifies the dual certificate for the plain problem.
    let mut rng = Rng::new(11);
    let mut m = Matcher::<i128>::new();
    for _ in 0..60 {
        let n = 20 + rng.below(100) as usize;
        let density = [5, 20, 60, 100][rng.below(4) as usize];
        let maxw = [2u64, 20, 1 << 50][rng.below(3) as usize];
        let edges = random_graph(&mut rng, n, density, &mut |r: &mut Rng| {
            r.below(maxw) as i128
        });
        solve_checked(n, &edges, false, &mut m);
        solve_checked(n, &edges, true, &mut m);
    }
}

fn w(edges: &[(usize, usize, i64)], n: usize, mc: bool) -> (usize, i64) {
    let mut m = Matcher::new();
    let got = solve_checked(n, edges, mc, &mut m);
    assert_eq!(got, {
        let b = brute(n, edges, mc);
        if mc {
            b
        } else {
            (got.0, b.1)
        }
    });
    got
}

#[test]
fn trivial_graphs() {
    assert!(max_weight_matching::<i64>(0, &[], false).is_empty());
    assert_eq!(max_weight_matching::<i64>(1, &[], true), vec![None]);
    assert_eq!(
        max_weight_matching::<i64>(1, &[(0, 0, 5)], false),
        vec![None]
    );
    assert_eq!(
        max_weight_matching::<i64>(2, &[(0, 1, 0)], true),
        vec![Some(1), Some(0)]
    );
    assert_eq!(
        max_weight_matching::<i64>(4, &[(1, 2, 7)], false),
        vec![None, Some(2), Some(1), None]
    );
    // Parallel edges: the heaviest counts.
    assert_eq!(w(&[(0, 1, 2), (1, 0, 9), (0, 1, 4)], 2, false), (1, 9));
    // Negative weights are ignored, even with max_cardinality.
    assert_eq!(
        max_weight_matching::<i64>(2, &[(0, 1, -1)], true),
        vec![None, None]
    );
    assert_eq!(
        max_weight_matching_dense::<i64>(3, |_, _| None, true),
        vec![None; 3]
    );
}

#[test]
fn max_cardinality_changes_the_answer() {
    // Path 0-1-2-3 with a heavy middle edge.
    let e = [(0, 1, 2), (1, 2, 5), (2, 3, 2)];
    assert_eq!(w(&e, 4, false), (1, 5));
    assert_eq!(w(&e, 4, true), (2, 4));
}

#[test]
fn blossom_cases() {
    // Triangle with a pendant edge: an S-blossom is formed and used for augmentation.
    assert_eq!(
        w(&[(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)], 4, false).1,
        15
    );
    // Two triangles joined by an edge.
    let e = [
        (0, 1, 6),
        (1, 2, 6),
        (0, 2, 6),
        (3, 4, 6),
        (4, 5, 6),
        (3, 5, 6),
        (2, 3, 1),
    ];
    assert_eq!(w(&e, 6, false), (3, 13));
    // A 5-cycle with pendants: blossom whose expansion is needed.
    let e = [
        (0, 1, 10),
        (1, 2, 10),
        (2, 3, 10),
        (3, 4, 10),
        (4, 0, 10),
        (0, 5, 9),
        (2, 6, 9),
        (3, 7, 9),
    ];
    w(&e, 8, false);
    w(&e, 8, true);
    // Nested blossoms: a triangle inside a 5-cycle of blossoms, with outside edges.
    let e = [
        (0, 1, 9),
        (0, 2, 9),
        (1, 2, 10),
        (1, 3, 8),
        (2, 4, 8),
        (3, 4, 10),
        (4, 5, 6),
        (3, 6, 5),
        (5, 7, 3),
        (6, 8, 2),
    ];
    w(&e, 9, false);
    w(&e, 9, true);
    // T-blossom expansion: heavy blossom that gets relabelled.
    let e = [
        (1, 2, 23),
        (1, 5, 22),
        (1, 6, 15),
        (2, 3, 25),
        (3, 4, 22),
        (4, 5, 25),
        (4, 8, 14),
        (5, 7, 13),
    ];
    w(&e, 9, false);
    w(&e, 9, true);
    // Nested S-blossom relabelled as T and expanded.
    let e = [
        (1, 2, 19),
        (1, 3, 20),
        (1, 8, 8),
        (2, 3, 25),
        (2, 4, 18),
        (3, 5, 18),
        (4, 5, 13),
        (4, 7, 7),
        (5, 6, 7),
    ];
    w(&e, 9, false);
    w(&e, 9, true);
    // Odd cycles of every length up to 11, all weights equal.
    for k in (3..=11).step_by(2) {
        let e: Vec<_> = (0..k).map(|i| (i, (i + 1) % k, 4)).collect();
        assert_eq!(w(&e, k, false), (k / 2, 4 * (k as i64 / 2)));
    }
}

#[test]
fn complete_graph_300_known_optimum() {
    // weight(i, j) = p_i + p_j - s_ij with s_ij >= 0 and s = 0 exactly on a hidden perfect
    // matching M*: every matching M has weight sum(p over matched) - sum(s) <= sum(p), and M*
    // attains it, so the optimum is sum(p) and is reached only by perfect matchings with s = 0.
    let n = 300;
    let mut rng = Rng::new(12);
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        perm.swap(i, j);
    }
    let mut partner = vec![0; n];
    for k in (0..n).step_by(2) {
        partner[perm[k]] = perm[k + 1];
        partner[perm[k + 1]] = perm[k];
    }
    let p: Vec<i128> = (0..n)
        .map(|_| (rng.below(1 << 40) + (1 << 41)) as i128)
        .collect();
    let mut s = vec![0i128; n * n];
    for u in 0..n {
        for v in u + 1..n {
            if partner[u] != v {
                // Many small slacks (near-ties) and some large ones.
                let x = if rng.chance(1, 2) {
                    1 + rng.below(3) as i128
                } else {
                    rng.below(1 << 41) as i128
                };
                s[u * n + v] = x;
                s[v * n + u] = x;
            }
        }
    }
    let total: i128 = p.iter().sum();
    let weight = |u: usize, v: usize| Some(p[u] + p[v] - s[u * n + v]);
    for mc in [false, true] {
        let mate = max_weight_matching_dense(n, weight, mc);
        let mut sum = 0i128;
        for u in 0..n {
            let v = mate[u].expect("perfect matching");
            assert_eq!(mate[v], Some(u));
            if u < v {
                sum += weight(u, v).unwrap();
            }
        }
        assert_eq!(sum, total);
        // Same in I256, shifted into the high bits.
        let mate = max_weight_matching_dense(
            n,
            |u, v| Some(I256::new(weight(u, v).unwrap()) << 150u32),
            mc,
        );
        assert!((0..n).all(|u| mate[u].is_some_and(|v| s[u * n + v] == 0)));
    }
}

#[test]
fn matcher_reuse_across_sizes() {
    let mut rng = Rng::new(13);
    let mut m = Matcher::<i64>::new();
    for _ in 0..300 {
        let n = rng.below(30) as usize;
        let edges = random_graph(&mut rng, n, 50, &mut |r: &mut Rng| r.below(50) as i64);
        for mc in [false, true] {
            let reused = m.solve(n, &edges, mc).to_vec();
            let fresh = max_weight_matching(n, &edges, mc);
            let a = matching_weight(n, &edges, &reused).unwrap();
            let b = matching_weight(n, &edges, &fresh).unwrap();
            assert_eq!(a, b);
            if mc {
                assert_eq!(cardinality(&reused), cardinality(&fresh));
            }
        }
    }
}

#[test]
#[should_panic(expected = "exceeds max_edge_weight")]
fn too_large_weight_panics() {
    max_weight_matching::<i64>(2, &[(0, 1, i64::MAX / 4)], false);
}

#[test]
#[should_panic(expected = "out of range")]
fn endpoint_out_of_range_panics() {
    max_weight_matching::<i64>(2, &[(0, 2, 1)], false);
}

/// A path 0-1-...-(2k+1) whose odd edges weigh `heavy` and even edges zero: the maximum
/// cardinality matching takes the k + 1 zero edges, so the duals of free vertices must fall
/// far below zero.
fn heavy_path(k: usize, heavy: i64) -> Vec<(usize, usize, i64)> {
    (0..2 * k + 1)
        .map(|i| (i, i + 1, if i % 2 == 1 { heavy } else { 0 }))
        .collect()
}

#[test]
fn max_cardinality_with_headroom_is_exact() {
    let k = 5;
    let e = heavy_path(k, max_edge_weight::<i64>() >> 4);
    assert_eq!(w(&e, 2 * k + 2, true), (k + 1, 0));
    assert_eq!(
        w(&e, 2 * k + 2, false).1,
        k as i64 * (max_edge_weight::<i64>() >> 4)
    );
}

#[test]
#[should_panic(expected = "safe range")]
fn max_cardinality_without_headroom_panics_cleanly() {
    let k = 5;
    max_weight_matching(2 * k + 2, &heavy_path(k, max_edge_weight::<i64>()), true);
}

/// `certifies`: whenever the duals of a solve on part of the edges cover the others, the
/// matching found is optimal on all of them (checked by brute force); and the test does not
/// merely pass by never certifying.
#[test]
fn certificates_of_partial_solves_are_sound() {
    let mut rng = Rng::new(77);
    let mut m = Matcher::<i64>::new();
    let (mut certified, mut refused) = (0, 0);
    for g in 0..3000 {
        let n = 2 + rng.below(11) as usize;
        let density = [30, 60, 100][rng.below(3) as usize];
        let edges = random_graph(&mut rng, n, density, &mut |r| r.below(20) as i64);
        let (kept, extra): (Vec<_>, Vec<_>) = edges.iter().partition(|_| rng.chance(3, 4));
        let mate = m.solve(n, &kept, false).to_vec();
        if m.certifies(&extra) {
            certified += 1;
            let got = matching_weight(n, &kept, &mate).expect("a matching");
            let want = brute(n, &edges, false).1;
            assert_eq!(
                got, want,
                "graph {g}: certified but not optimal; kept {kept:?}, extra {extra:?}"
            );
        } else {
            refused += 1;
        }
    }
    assert!(
        certified > 300 && refused > 300,
        "certified {certified}, refused {refused}"
    );
}

/// `certifies_shifted`: a bipartite solve (every edge between the marked and the unmarked
/// vertices) whose shifted duals cover the extra edges is optimal on all of them (checked by
/// brute force); the test counts both answers so that it does not pass by never certifying.
#[test]
fn shifted_certificates_of_bipartite_solves_are_sound() {
    let mut rng = Rng::new(78);
    let mut m = Matcher::<i64>::new();
    let (mut certified, mut plain, mut refused) = (0, 0, 0);
    for g in 0..4000 {
        let half = 1 + rng.below(5) as usize;
        let n = 2 * half;
        let side: Vec<bool> = (0..n).map(|v| v < half).collect();
        let mut kept = Vec::new();
        let mut extra = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                let w = 10 + rng.below(20) as i64;
                if side[u] != side[v] {
                    if rng.chance(3, 4) || v == u + half {
                        kept.push((u, v, w));
                    }
                } else if rng.chance(1, 3) {
                    extra.push((u, v, w));
                }
            }
        }
        let mate = m.solve(n, &kept, false).to_vec();
        if m.certifies_shifted(&side, &extra) {
            certified += 1;
            plain += usize::from(m.certifies(&extra));
            let got = matching_weight(n, &kept, &mate).expect("a matching");
            let all: Vec<_> = kept.iter().chain(&extra).copied().collect();
            assert_eq!(
                got,
                brute(n, &all, false).1,
                "graph {g}: certified but not optimal; kept {kept:?}, extra {extra:?}"
            );
        } else {
            refused += 1;
        }
    }
    assert!(
        certified > 300 && refused > 300 && certified > plain + 100,
        "certified {certified} (of which {plain} without a shift), refused {refused}"
    );
}

/// `certifies_shifted` refuses a graph with an edge between two marked vertices.
#[test]
fn shifted_certificates_need_a_bipartite_graph() {
    let mut m = Matcher::<i64>::new();
    m.solve(4, &[(0, 2, 10), (1, 3, 10), (0, 1, 1)], false);
    assert!(!m.certifies_shifted(&[true, true, false, false], &[]));
    m.solve(4, &[(0, 2, 10), (1, 3, 10)], false);
    assert!(m.certifies_shifted(&[true, true, false, false], &[(2, 3, 12)]));
    assert!(!m.certifies(&[(2, 3, 12)]));
    assert!(!m.certifies_shifted(&[true, true, false, false], &[(2, 3, 25)]));
    assert!(!m.certifies_shifted(&[true, true, false, false], &[(2, 3, 12), (0, 1, 12)]));
}

/// A graph read one weight at a time (the default `row2`), as an implicit graph is.
struct Implicit<W> {
    n: usize,
    w2: Vec<W>,
}

impl<W: Weight> Implicit<W> {
    fn new(n: usize, edges: &[(usize, usize, W)]) -> Self {
        let mut w2 = vec![W::MIN; n * n];
        for &(u, v, w) in edges {
            if u != v && w >= W::ZERO && w.double() > w2[u * n + v] {
                w2[u * n + v] = w.double();
                w2[v * n + u] = w.double();
            }
        }
        Implicit { n, w2 }
    }
}

impl<W: Weight> EdgeWeights<W> for Implicit<W> {
    fn vertices(&self) -> usize {
        self.n
    }
    fn weight2(&self, u: usize, v: usize) -> W {
        self.w2[u * self.n + v]
    }
}

/// `solve_graph` on a graph read weight by weight finds the matching `solve` finds on its
/// edge list, with the same certificates.
#[test]
fn implicit_graphs_solve_as_edge_lists() {
    let mut rng = Rng::new(91);
    let (mut listed, mut implicit) = (Matcher::<i64>::new(), Matcher::<i64>::new());
    for g in 0..2000 {
        let n = 1 + rng.below(14) as usize;
        let density = [15, 30, 50, 80, 100][rng.below(5) as usize];
        let edges = random_graph(&mut rng, n, density, &mut |r: &mut Rng| r.below(9) as i64);
        let mut extra = random_graph(&mut rng, n, 20, &mut |r: &mut Rng| r.below(12) as i64);
        extra.retain(|e| e.0 != e.1);
        for mc in [false, true] {
            let want = listed.solve(n, &edges, mc).to_vec();
            let graph = Implicit::new(n, &edges);
            let got = implicit.solve_graph(&graph, mc).to_vec();
            assert_eq!(got, want, "graph {g} (mc {mc}) {edges:?}");
            let extra_graph = Implicit::new(n, &extra);
            assert_eq!(
                implicit.certifies_graph(&extra_graph),
                listed.certifies(&extra),
                "graph {g}"
            );
            for u in 0..n {
                for v in 0..n {
                    assert_eq!(implicit.is_tight_in(&graph, u, v), listed.is_tight(u, v));
                }
            }
            let side: Vec<bool> = (0..n).map(|v| v % 2 == 0).collect();
            assert_eq!(
                implicit.certifies_shifted_graph(&graph, &side, &extra_graph),
                listed.certifies_shifted(&side, &extra),
                "graph {g}"
            );
        }
    }
}

/// `solve_graph_within` finds the matching `solve` finds, whether the graph fits its budget
/// (read once into a matrix) or not (read as it goes).
#[test]
fn graphs_solve_alike_within_any_budget() {
    let mut rng = Rng::new(92);
    let (mut listed, mut within) = (Matcher::<i64>::new(), Matcher::<i64>::new());
    for g in 0..1000 {
        let n = 1 + rng.below(14) as usize;
        let density = [15, 30, 50, 80, 100][rng.below(5) as usize];
        let edges = random_graph(&mut rng, n, density, &mut |r: &mut Rng| r.below(9) as i64);
        let graph = Implicit::new(n, &edges);
        for mc in [false, true] {
            let want = listed.solve(n, &edges, mc).to_vec();
            for budget in [0, usize::MAX] {
                let got = within.solve_graph_within(&graph, mc, budget).to_vec();
                assert_eq!(got, want, "graph {g} (mc {mc}, budget {budget}) {edges:?}");
                for u in 0..n {
                    for v in 0..n {
                        assert_eq!(within.is_tight_in(&graph, u, v), listed.is_tight(u, v));
                    }
                }
            }
        }
    }
}

/// `adopt` takes a matching and duals from outside exactly when they prove themselves optimal:
/// those of a solve of the same graph always (with the same certificates after), those of a
/// solve of a perturbed graph sometimes, and whenever it takes them the matching is optimal
/// (checked by brute force). Both answers are counted, so that the test cannot pass by never
/// adopting or by always adopting.
#[test]
fn adopted_matchings_are_optimal() {
    let mut rng = Rng::new(93);
    let (mut solver, mut other, mut adopter) = (
        Matcher::<i64>::new(),
        Matcher::<i64>::new(),
        Matcher::<i64>::new(),
    );
    let (mut taken, mut refused) = (0, 0);
    for g in 0..3000 {
        let n = 1 + rng.below(10) as usize;
        let density = [30, 60, 100][rng.below(3) as usize];
        let edges = random_graph(&mut rng, n, density, &mut |r: &mut Rng| {
            2 * r.below(8) as i64
        });
        let graph = Implicit::new(n, &edges);
        let mate = solver.solve_graph(&graph, false).to_vec();
        if solver.duals_are_vertex_only() {
            let y = solver.vertex_duals2().to_vec();
            assert!(adopter.adopt(&graph, &mate, &y), "graph {g}: its own solve");
            let extra = Implicit::new(
                n,
                &random_graph(&mut rng, n, 20, &mut |r: &mut Rng| r.below(12) as i64),
            );
            assert_eq!(
                adopter.certifies_graph(&extra),
                solver.certifies_graph(&extra)
            );
            assert_eq!(adopter.vertex_duals2(), solver.vertex_duals2());
        }
        // The solve of a graph with a few weights changed, as a warm start.
        let mut changed = edges.clone();
        for e in changed.iter_mut() {
            if rng.chance(1, 4) {
                e.2 = (e.2 + 2 * rng.below(3) as i64 - 2).max(0);
            }
        }
        let warm = other
            .solve_graph(&Implicit::new(n, &changed), false)
            .to_vec();
        let y = other.vertex_duals2().to_vec();
        if adopter.adopt(&graph, &warm, &y) {
            taken += 1;
            let got = matching_weight(n, &edges, &warm).expect("a matching");
            assert_eq!(
                got,
                brute(n, &edges, false).1,
                "graph {g}: adopted but not optimal"
            );
        } else {
            refused += 1;
        }
    }
    assert!(
        taken > 300 && refused > 300,
        "adopted {taken}, refused {refused}"
    );
}
