//! The matchings of the 2012 engine, with their memory reused: a search of one bracket asks
//! for thousands of small maximum-weight matchings (the bounds of `bound`, the necessary
//! conditions of `bracket`), and a fresh `Matcher` allocates some twenty vectors each time.
//! One solver per thread and weight type is kept instead; each solve starts from a clean
//! state (`Matcher::solve` resets everything it reads), so the matchings are the same.
//!
//! Where only the number of pairs counts (a perfect matching exists, the most pairs), the
//! weights were all one: Edmonds' maximum-cardinality matching (`Cardinality`) answers that
//! without the weighted solver's duals, and a perfect-matching test stops at the first
//! player left without an augmenting path.
//!
//! A branch whose S2 players left over float (`bound::Rest` without a remainder) is completed
//! by an assignment: S1's players and one slot per floater, each to a distinct S2 player.
//! The Hungarian method (`assignment`) solves it in n³ small steps for n S2 players, where the
//! general solver's blossoms, duals and lists cost far more on these small graphs.

use crate::matching::{Matcher, Weight};
use ethnum::I256;
use std::cell::RefCell;
use std::thread::LocalKey;

/// Graphs up to this many vertices go to the kept solver (its edge matrix is n² weights);
/// larger ones, rare and dearer anyway, get a solver of their own.
const KEEP_UP_TO: usize = 256;

/// A weight type with solvers kept per thread.
pub(crate) trait Pooled: Weight + 'static {
    fn pool() -> &'static LocalKey<RefCell<Matcher<Self>>>;
    fn hungarian() -> &'static LocalKey<RefCell<Hungarian<Self>>>;
}

thread_local! {
    static I64: RefCell<Matcher<i64>> = RefCell::new(Matcher::new());
    static I128: RefCell<Matcher<i128>> = RefCell::new(Matcher::new());
    static WIDE: RefCell<Matcher<I256>> = RefCell::new(Matcher::new());
    static HUNGARIAN_I64: RefCell<Hungarian<i64>> = RefCell::new(Hungarian::default());
    static HUNGARIAN_I128: RefCell<Hungarian<i128>> = RefCell::new(Hungarian::default());
    static HUNGARIAN_WIDE: RefCell<Hungarian<I256>> = RefCell::new(Hungarian::default());
}

impl Pooled for i64 {
    fn pool() -> &'static LocalKey<RefCell<Matcher<i64>>> {
        &I64
    }
    fn hungarian() -> &'static LocalKey<RefCell<Hungarian<i64>>> {
        &HUNGARIAN_I64
    }
}

impl Pooled for i128 {
    fn pool() -> &'static LocalKey<RefCell<Matcher<i128>>> {
        &I128
    }
    fn hungarian() -> &'static LocalKey<RefCell<Hungarian<i128>>> {
        &HUNGARIAN_I128
    }
}

impl Pooled for I256 {
    fn pool() -> &'static LocalKey<RefCell<Matcher<I256>>> {
        &WIDE
    }
    fn hungarian() -> &'static LocalKey<RefCell<Hungarian<I256>>> {
        &HUNGARIAN_WIDE
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

/// No vertex.
const NIL: u32 = u32::MAX;

/// Edmonds' maximum-cardinality matching (blossoms shrunk by relabelling their base, one
/// breadth-first search per unmatched vertex after a greedy start), with its buffers kept.
#[derive(Default)]
struct Cardinality {
    /// The adjacency matrix, `words` 64-bit words a row.
    words: usize,
    adj: Vec<u64>,
    mate: Vec<u32>,
    parent: Vec<u32>,
    base: Vec<u32>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    path: Vec<bool>,
    queue: Vec<u32>,
    /// The number of neighbours of each vertex.
    degree: Vec<u32>,
}

thread_local! {
    static CARDINALITY: RefCell<Cardinality> = RefCell::new(Cardinality::default());
}

impl Cardinality {
    /// Loads the graph on `0..n` with `edges` (self-loops ignored).
    fn load(&mut self, n: usize, edges: &[(usize, usize)]) {
        let words = n.div_ceil(64);
        self.words = words;
        self.adj.clear();
        self.adj.resize(n * words, 0);
        for &(u, v) in edges {
            if u != v {
                self.adj[u * words + v / 64] |= 1 << (v % 64);
                self.adj[v * words + u / 64] |= 1 << (u % 64);
            }
        }
        self.mate.clear();
        self.mate.resize(n, NIL);
        self.parent.clear();
        self.parent.resize(n, NIL);
        self.base.clear();
        self.base.resize(n, 0);
        self.used.clear();
        self.used.resize(n, false);
        self.blossom.clear();
        self.blossom.resize(n, false);
        self.path.clear();
        self.path.resize(n, false);
    }

    /// The first neighbour of `v` from `from` on, if any.
    fn next_neighbour(&self, v: u32, from: usize) -> Option<usize> {
        let row = &self.adj[v as usize * self.words..(v as usize + 1) * self.words];
        let mut w = from / 64;
        let mut bits = row.get(w)? & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
            w += 1;
            bits = *row.get(w)?;
        }
    }

    /// The size of a maximum matching; with `perfect`, stops (returning less than n / 2
    /// pairs) at the first vertex that stays unmatched, or at once when a vertex has no
    /// neighbour.
    fn solve(&mut self, perfect: bool) -> usize {
        let n = self.mate.len();
        let words = self.words;
        self.degree.clear();
        self.degree.extend(
            self.adj
                .chunks(words.max(1))
                .take(n)
                .map(|row| row.iter().map(|w| w.count_ones()).sum::<u32>()),
        );
        if perfect && self.degree.contains(&0) {
            return 0;
        }
        // Greedy start, the vertices with the fewest neighbours first (they have the fewest
        // ways to be matched), each with its free neighbour of fewest neighbours.
        self.queue.clear();
        self.queue.extend(0..n as u32);
        let degree = &self.degree;
        self.queue
            .sort_unstable_by_key(|&v| (degree[v as usize], v));
        let mut pairs = 0;
        for q in 0..n {
            let v = self.queue[q];
            if self.mate[v as usize] != NIL {
                continue;
            }
            let mut best: Option<(u32, u32)> = None;
            let mut next = self.next_neighbour(v, 0);
            while let Some(k) = next {
                next = self.next_neighbour(v, k + 1);
                if self.mate[k] == NIL {
                    let d = self.degree[k];
                    if best.is_none_or(|(_, bd)| d < bd) {
                        best = Some((k as u32, d));
                    }
                }
            }
            if let Some((u, _)) = best {
                self.mate[u as usize] = v;
                self.mate[v as usize] = u;
                pairs += 1;
            }
        }
        // An exposed vertex without an augmenting path never gets one later (Edmonds), so one
        // search per vertex is enough.
        for v in 0..n as u32 {
            if self.mate[v as usize] != NIL {
                continue;
            }
            let end = self.find_path(v);
            if end == NIL {
                if perfect {
                    return pairs;
                }
                continue;
            }
            let mut w = end;
            while w != NIL {
                let pw = self.parent[w as usize];
                let next = self.mate[pw as usize];
                self.mate[w as usize] = pw;
                self.mate[pw as usize] = w;
                w = next;
            }
            pairs += 1;
        }
        pairs
    }

    /// The end of an augmenting path from the exposed `root` (followed back by `parent` and
    /// `mate`), or `NIL`.
    fn find_path(&mut self, root: u32) -> u32 {
        let n = self.mate.len();
        self.used.fill(false);
        self.parent.fill(NIL);
        for (v, b) in self.base.iter_mut().enumerate() {
            *b = v as u32;
        }
        self.used[root as usize] = true;
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let mut next = self.next_neighbour(v, 0);
            while let Some(k) = next {
                next = self.next_neighbour(v, k + 1);
                let to = k as u32;
                let (vi, ti) = (v as usize, to as usize);
                if self.base[vi] == self.base[ti] || self.mate[vi] == to {
                    continue;
                }
                let odd_cycle = to == root
                    || (self.mate[ti] != NIL && self.parent[self.mate[ti] as usize] != NIL);
                if odd_cycle {
                    let b = self.lca(v, to);
                    self.blossom.fill(false);
                    self.mark_path(v, b, to);
                    self.mark_path(to, b, v);
                    for i in 0..n {
                        if self.blossom[self.base[i] as usize] {
                            self.base[i] = b;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i as u32);
                            }
                        }
                    }
                } else if self.parent[ti] == NIL {
                    self.parent[ti] = v;
                    let next = self.mate[ti];
                    if next == NIL {
                        return to;
                    }
                    self.used[next as usize] = true;
                    self.queue.push(next);
                }
            }
        }
        NIL
    }

    /// The base of the blossom closed by the edge `a`-`b`.
    fn lca(&mut self, a: u32, b: u32) -> u32 {
        self.path.fill(false);
        let mut a = a;
        loop {
            a = self.base[a as usize];
            self.path[a as usize] = true;
            let m = self.mate[a as usize];
            if m == NIL {
                break;
            }
            a = self.parent[m as usize];
        }
        let mut b = b;
        loop {
            b = self.base[b as usize];
            if self.path[b as usize] {
                return b;
            }
            b = self.parent[self.mate[b as usize] as usize];
        }
    }

    /// Marks the blossom's bases on the path from `v` down to the base `b`, pointing the
    /// parents across the cycle (`child`: the vertex on the other side of the closing edge).
    fn mark_path(&mut self, mut v: u32, b: u32, mut child: u32) {
        while self.base[v as usize] != b {
            let m = self.mate[v as usize];
            self.blossom[self.base[v as usize] as usize] = true;
            self.blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }
}

/// Runs `f` on the thread's kept `Cardinality` (a fresh one if it is in use).
fn with_cardinality<T>(f: impl FnOnce(&mut Cardinality) -> T) -> T {
    CARDINALITY.with(|c| match c.try_borrow_mut() {
        Ok(mut c) => f(&mut c),
        Err(_) => f(&mut Cardinality::default()),
    })
}

/// The most pairs of the graph on `0..n` with `edges`.
pub(crate) fn max_pairs(n: usize, edges: &[(usize, usize)]) -> usize {
    with_cardinality(|c| {
        c.load(n, edges);
        c.solve(false)
    })
}

/// The graph on `0..n` with `edges` has a perfect matching (true for `n` = 0).
pub(crate) fn perfect(n: usize, edges: &[(usize, usize)]) -> bool {
    n.is_multiple_of(2)
        && with_cardinality(|c| {
            c.load(n, edges);
            c.solve(true) * 2 == n
        })
}

/// The buffers of `assignment`.
#[derive(Default)]
pub(crate) struct Hungarian<W> {
    cost: Vec<Option<W>>,
    u: Vec<W>,
    v: Vec<W>,
    least: Vec<Option<W>>,
    row_of: Vec<usize>,
    way: Vec<usize>,
    used: Vec<bool>,
    placed: Vec<bool>,
}

/// A maximum-weight perfect assignment of the rows `0..n` to the columns `0..n`: the column
/// of each row, or `None` when there is none. `weight(i, j)` is the weight of row `i` in
/// column `j`, `None` (or negative, as the general solver ignores negative edges) where not
/// allowed. The Hungarian method with potentials, minimising the negated weights, on the
/// thread's kept buffers, from a greedy start (`Start::Greedy`). Where several assignments
/// have the greatest weight, which one comes back is not specified: every caller reads only
/// what the weight decides.
pub(crate) fn assignment<W: Pooled>(
    n: usize,
    weight: impl Fn(usize, usize) -> Option<W>,
) -> Option<Vec<usize>> {
    W::hungarian().with(|h| match h.try_borrow_mut() {
        Ok(mut h) => h.solve(n, weight, Start::Greedy),
        Err(_) => Hungarian::default().solve(n, weight, Start::Greedy),
    })
}

/// How `Hungarian::solve` starts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Start {
    /// Every row from nothing: n rounds of shortest augmenting paths (the tests' oracle).
    #[cfg_attr(not(test), allow(dead_code))]
    Empty,
    /// Row reduction and a greedy matching first: each row's potential is its least cost and
    /// it takes the first free column where that least is reached. The potentials stay
    /// feasible (no reduced cost below zero) and every pair taken is tight, so the method goes
    /// on from there for the rows left over. Most rows of the bounds' graphs have many columns
    /// at their least cost (equal pairs), and n rounds of n² become a few.
    Greedy,
}

impl<W: Weight> Hungarian<W> {
    fn solve(
        &mut self,
        n: usize,
        weight: impl Fn(usize, usize) -> Option<W>,
        start: Start,
    ) -> Option<Vec<usize>> {
        // Costs (negated weights) with a row and a column 0 in front (rows and columns 1..=n).
        let m = n + 1;
        let cost = &mut self.cost;
        cost.clear();
        cost.resize(m * m, None);
        for i in 0..n {
            for j in 0..n {
                cost[(i + 1) * m + j + 1] =
                    weight(i, j).filter(|&w| w >= W::ZERO).map(|w| W::ZERO - w);
            }
        }
        let (u, v) = (&mut self.u, &mut self.v);
        u.clear();
        u.resize(m, W::ZERO);
        v.clear();
        v.resize(m, W::ZERO);
        // The row in each column (0: none), and the column before each on the path found.
        let (row_of, way) = (&mut self.row_of, &mut self.way);
        row_of.clear();
        row_of.resize(m, 0);
        way.clear();
        way.resize(m, 0);
        let (least, used) = (&mut self.least, &mut self.used);
        least.clear();
        least.resize(m, None);
        used.clear();
        used.resize(m, false);
        // Rows placed by the greedy start (`Start::Greedy`).
        let mut placed = std::mem::take(&mut self.placed);
        placed.clear();
        placed.resize(m, false);
        if start == Start::Greedy {
            for i in 1..=n {
                let row = &cost[i * m + 1..(i + 1) * m];
                // A row without any allowed column: no assignment (as the method finds).
                let least = row.iter().flatten().min().copied()?;
                u[i] = least;
                let free = (1..=n).find(|&j| row_of[j] == 0 && row[j - 1] == Some(least));
                if let Some(j) = free {
                    row_of[j] = i;
                    placed[i] = true;
                }
            }
        }
        for i in 1..=n {
            if placed[i] {
                continue;
            }
            row_of[0] = i;
            let mut j0 = 0;
            least.fill(None);
            used.fill(false);
            loop {
                used[j0] = true;
                let i0 = row_of[j0];
                let mut delta: Option<W> = None;
                let mut j1 = 0;
                for j in 1..=n {
                    if used[j] {
                        continue;
                    }
                    if let Some(c) = cost[i0 * m + j] {
                        let cur = c - u[i0] - v[j];
                        if least[j].is_none_or(|l| cur < l) {
                            least[j] = Some(cur);
                            way[j] = j0;
                        }
                    }
                    if let Some(l) = least[j] {
                        if delta.is_none_or(|d| l < d) {
                            delta = Some(l);
                            j1 = j;
                        }
                    }
                }
                // No column left within reach: row `i` cannot be assigned.
                let Some(delta) = delta else {
                    self.placed = placed;
                    return None;
                };
                for j in 0..=n {
                    if used[j] {
                        u[row_of[j]] += delta;
                        v[j] -= delta;
                    } else if let Some(l) = least[j].as_mut() {
                        *l -= delta;
                    }
                }
                j0 = j1;
                if row_of[j0] == 0 {
                    break;
                }
            }
            loop {
                let j1 = way[j0];
                row_of[j0] = row_of[j1];
                j0 = j1;
                if j0 == 0 {
                    break;
                }
            }
        }
        self.placed = placed;
        let mut col = vec![0usize; n];
        for j in 1..=n {
            col[row_of[j] - 1] = j - 1;
        }
        Some(col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A linear congruential generator from `seed`: the random graphs of these tests.
    fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        }
    }

    /// The kept solver gives the fresh solver's matching, graph after graph of different sizes
    /// and weight types.
    #[test]
    fn kept_solver_matches_fresh_one() {
        let mut next = lcg(7);
        for round in 0..300 {
            let n = (next() % 24) as usize + usize::from(round % 7 == 0) * 40;
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if next().is_multiple_of(3) {
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

    /// Edmonds' cardinality matching finds as many pairs as the weighted solver with all
    /// weights one, and the perfect-matching test agrees with it.
    #[test]
    fn cardinality_matches_weighted_solver() {
        let mut next = lcg(11);
        for round in 0..3000 {
            let n = (next() % 30) as usize + usize::from(round % 50 == 0) * 60;
            let (density, scale) = (next() % 8 + 1, if round % 3 == 0 { 40 } else { 10 });
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if next() % scale < density {
                        edges.push((u, v));
                    }
                }
            }
            let weighted: Vec<(usize, usize, i64)> =
                edges.iter().map(|&(u, v)| (u, v, 1)).collect();
            let mate = crate::matching::max_weight_matching(n, &weighted, true);
            let most = mate.iter().filter(|m| m.is_some()).count() / 2;
            assert_eq!(max_pairs(n, &edges), most, "graph {round}: {n} {edges:?}");
            assert_eq!(perfect(n, &edges), 2 * most == n, "graph {round}");
        }
    }

    /// The Hungarian assignment has the weight of the general solver's maximum-weight perfect
    /// matching of the same bipartite graph, and exists exactly when that matching is perfect.
    #[test]
    fn assignment_matches_weighted_solver() {
        let mut next = lcg(5);
        for round in 0..3000 {
            let n = (next() % 9) as usize + usize::from(round % 40 == 0) * 12;
            let density = next() % 10 + 1;
            let mut table = vec![None; n * n];
            for cell in table.iter_mut() {
                if next() % 10 < density {
                    *cell = Some((next() % 1000) as i64 * if round % 2 == 0 { 1 } else { 1 << 40 });
                }
            }
            let mut edges = Vec::new();
            for i in 0..n {
                for j in 0..n {
                    if let Some(w) = table[i * n + j] {
                        edges.push((i, n + j, w));
                    }
                }
            }
            let mate = crate::matching::max_weight_matching(2 * n, &edges, true);
            let perfect = mate.iter().all(|m| m.is_some());
            let got = assignment(n, |i, j| table[i * n + j]);
            assert_eq!(got.is_some(), perfect, "instance {round}");
            if let Some(col) = got {
                let mut seen = vec![false; n];
                let mut total = 0;
                for (i, &j) in col.iter().enumerate() {
                    assert!(!seen[j]);
                    seen[j] = true;
                    total += table[i * n + j].expect("an allowed cell");
                }
                let best: i64 = (0..n)
                    .map(|i| mate[i].map_or(0, |j| table[i * n + j - n].unwrap_or(0)))
                    .sum();
                assert_eq!(total, best, "instance {round}");
            }
        }
    }

    /// The greedy start finds an assignment of the same weight as the method started from
    /// nothing, and finds one exactly when it does, on tables shaped like the bounds' (rows of
    /// equal weights with a few lower ones, forbidden cells, rows with a single weight for all
    /// their columns, whole rows or columns forbidden) in i64 and 256-bit weights.
    #[test]
    fn greedy_start_matches_empty_start() {
        let mut next = lcg(29);
        let (mut greedy, mut empty) = (Hungarian::<i64>::default(), Hungarian::<i64>::default());
        let (mut wide_greedy, mut wide_empty) =
            (Hungarian::<I256>::default(), Hungarian::<I256>::default());
        let mut found = 0;
        for round in 0..4000 {
            let n = (next() % 14) as usize + usize::from(round % 25 == 0) * 30;
            let (forbid, levels) = (next() % 6, next() % 4 + 1);
            let mut table = vec![None; n * n];
            for i in 0..n {
                // A floater's row: one weight wherever allowed.
                let flat = next().is_multiple_of(4);
                let row_weight = 1000 + (next() % levels) as i64;
                for j in 0..n {
                    if next() % 10 < forbid {
                        continue;
                    }
                    table[i * n + j] = Some(if flat {
                        row_weight
                    } else {
                        1000 + (next() % levels) as i64 * if round % 2 == 0 { 1 } else { 7 }
                    });
                }
            }
            let weight = |i: usize, j: usize| table[i * n + j];
            let total = |col: &[usize]| -> i64 {
                col.iter()
                    .enumerate()
                    .map(|(i, &j)| table[i * n + j].expect("an allowed cell"))
                    .sum()
            };
            let a = greedy.solve(n, weight, Start::Greedy);
            let b = empty.solve(n, weight, Start::Empty);
            assert_eq!(a.is_some(), b.is_some(), "instance {round}");
            if let (Some(a), Some(b)) = (&a, &b) {
                let mut seen = vec![false; n];
                for &j in a {
                    assert!(!std::mem::replace(&mut seen[j], true), "instance {round}");
                }
                assert_eq!(total(a), total(b), "instance {round}");
                found += 1;
            }
            let wide = |i: usize, j: usize| table[i * n + j].map(|w| I256::from(w) << 120u32);
            let a = wide_greedy.solve(n, wide, Start::Greedy);
            let b = wide_empty.solve(n, wide, Start::Empty);
            assert_eq!(
                a.map(|c| total(&c)),
                b.map(|c| total(&c)),
                "instance {round}"
            );
        }
        assert!(found > 1000, "only {found} instances have an assignment");
    }
}
