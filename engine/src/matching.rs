//! Maximum-weight matching on general graphs with exact integer weights.
//!
//! # What it is for
//!
//! The Dutch pairing engine pairs a score bracket by a maximum-weight matching on the bracket's
//! compatibility graph. The edge weights encode many pairing criteria in strict priority order,
//! so they are wide integers (often more than 64 bits, sometimes more than 128): everything here
//! is generic over an exact integer [`Weight`] type (`i64`, `i128`, [`ethnum::I256`]) and never
//! uses floating point.
//!
//! # Algorithm
//!
//! Edmonds' blossom algorithm with dual variables in the primal-dual formulation described by
//! Galil ("Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys,
//! 1986), following Gabow's O(n^3) organisation:
//!
//! * The algorithm runs in *stages*; each stage grows alternating trees from every free vertex
//!   (labelled S; their tree neighbours reached by a tight edge are labelled T), shrinks odd
//!   cycles of S-vertices into *blossoms*, and ends with an augmentation or with proof of
//!   optimality. There are at most n/2 + 1 stages.
//! * When no tight edge can extend the forest, the duals are changed by the largest `delta` that
//!   keeps them feasible: (1) a free vertex's dual reaches zero (only without
//!   `max_cardinality`), (2) an edge from an S-vertex to an unlabelled vertex becomes tight,
//!   (3) an edge between two S-blossoms becomes tight, (4) the dual of a T-blossom reaches zero
//!   (the blossom is then expanded).
//! * Least-slack edges are maintained per vertex (to S-vertices) and per S-blossom (to other
//!   S-blossoms, with Galil's per-blossom candidate lists rebuilt when a blossom is formed), so
//!   every stage costs O(n^2) and the whole algorithm O(n^3) time, O(n^2) memory.
//!
//! The graph is stored as a dense n x n matrix of (doubled) weights, so scanning a vertex is one
//! sequential pass over a matrix row: this is the fastest layout for the near-complete
//! bracket graphs the engine produces, and sparse input costs the same O(n^3) bound.
//!
//! # Integer duals
//!
//! In Galil's notation the vertex duals `u` and blossom duals `z` satisfy, for an edge (i, j),
//! `slack = u_i + u_j - w_ij + sum(z_B : B contains i and j) >= 0`, with `u` starting at
//! `max w / 2`, and `delta` is one of: `u` of a free vertex, the slack of an S-to-unlabelled
//! edge, half the slack of an S-to-S edge, half the `z` of a T-blossom (S-blossom `z` grows by
//! `2 delta`, T-blossom `z` shrinks by `2 delta`). We store `Y = 2u` for vertices and `z` itself
//! for blossoms, and apply `D = 2 delta`; the slack of an edge between different top-level
//! blossoms is then `Y_i + Y_j - 2 w_ij` (twice Galil's), the four candidates become `Y_free`,
//! that slack, half that slack, and `z`, and blossom duals move by `D`.
//!
//! *Claim: everything stays integral.* `Y`, `z`, `w` start integral and the only division is
//! the halving of an S-to-S slack, so it suffices that such a slack is always even. Every edge
//! of an alternating tree and every edge of a blossom's cycle is tight, and a tight edge has
//! `Y_i + Y_j = 2 w_ij - 2 sum(z)`, i.e. `Y_i = Y_j (mod 2)`. So every labelled vertex has the
//! parity of its tree's root, which is a free vertex. All free vertices have the same `Y`: they
//! start equal, and every free vertex is the root of a tree (an S-vertex) in every stage, so all
//! of them receive identical updates. Hence all S-vertices share one parity and the slack
//! `Y_i + Y_j - 2 w_ij` of any S-to-S edge is even. (A `debug_assert!` checks it.)
//!
//! # Ranges
//!
//! Weights must satisfy `0 <= w <= W::MAX / 8` ([`max_edge_weight`]); larger weights panic and
//! negative weights are ignored (the edge is treated as absent). Without `max_cardinality` the
//! duals provably stay in range: `u_v >= 0` (the free vertices have the least `u`, and delta (1)
//! keeps it nonnegative), `u_v <= w(matched edge) <= max w` (matched edges are tight and
//! `z >= 0`), and `z_B <= max w` (any tight edge inside B), so every `Y`, `z`, slack and delta
//! lies in `[-W::MAX/2, W::MAX/2]`.
//!
//! With `max_cardinality` the duals of free vertices can become negative (about `-k * max w`
//! when a larger matching must give up `k` heavy edges). The solver checks `|Y|, z <= W::MAX / 4`
//! after every dual update, which keeps every intermediate value in range, and panics with a
//! clear message instead of ever overflowing or returning a wrong answer. In the tests, weights
//! up to `max_edge_weight() / 4` never tripped the check on graphs of up to 12 vertices; as a
//! rule of thumb keep `log2(n)` bits of headroom below [`max_edge_weight`] in that mode (or
//! encode cardinality in the weights yourself).
//!
//! # Usage
//!
//! [`max_weight_matching`] and [`max_weight_matching_dense`] are one-shot; [`Matcher`] keeps its
//! buffers (including the n x n weight matrix) between calls, for the many small solves of a
//! tournament.
//!
//! ```
//! use swisslab_engine::matching::{max_weight_matching, Matcher};
//!
//! // A triangle 0-1-2 with a pendant vertex 3: the best matching is {0-1, 2-3}.
//! let edges = [(0, 1, 8i64), (0, 2, 9), (1, 2, 10), (2, 3, 7)];
//! let mate = max_weight_matching(4, &edges, false);
//! assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
//!
//! // Reusing allocations, with a dense weight function and 128-bit weights.
//! let mut m = Matcher::<i128>::with_capacity(4);
//! let mate = m.solve_dense(4, |u, v| Some((u + v) as i128), true);
//! assert!(mate.iter().all(|x| x.is_some()));
//! ```

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Sub, SubAssign};

use ethnum::I256;

/// An exact signed integer type usable as an edge weight.
pub trait Weight:
    Copy + Ord + Default + Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign
{
    /// Zero.
    const ZERO: Self;
    /// The least value of the type.
    const MIN: Self;
    /// The greatest value of the type.
    const MAX: Self;
    /// `self / 2`, rounding towards minus infinity (an arithmetic shift); exact when even.
    fn halve(self) -> Self;
    /// `2 * self`.
    fn double(self) -> Self {
        self + self
    }
    /// Whether `self` is even.
    fn is_even(self) -> bool;
    /// Conversion from `i64` (exact for all the provided types).
    fn from_i64(v: i64) -> Self;
}

macro_rules! impl_weight_prim {
    ($t:ty) => {
        impl Weight for $t {
            const ZERO: Self = 0;
            const MIN: Self = <$t>::MIN;
            const MAX: Self = <$t>::MAX;
            #[inline]
            fn halve(self) -> Self {
                self >> 1
            }
            #[inline]
            fn is_even(self) -> bool {
                self & 1 == 0
            }
            #[inline]
            fn from_i64(v: i64) -> Self {
                v as $t
            }
        }
    };
}

/// A 512-bit signed integer, for brackets whose criteria need more than 256 bits of weight.
pub type I512 = bnum::BInt<8>;

impl Weight for I512 {
    const ZERO: Self = I512::ZERO;
    const MIN: Self = I512::MIN;
    const MAX: Self = I512::MAX;
    #[inline]
    fn halve(self) -> Self {
        self >> 1u32
    }
    #[inline]
    fn is_even(self) -> bool {
        (self & I512::ONE) == I512::ZERO
    }
    #[inline]
    fn from_i64(v: i64) -> Self {
        I512::from(v)
    }
}

impl_weight_prim!(i64);
impl_weight_prim!(i128);

impl Weight for I256 {
    const ZERO: Self = I256::ZERO;
    const MIN: Self = I256::MIN;
    const MAX: Self = I256::MAX;
    #[inline]
    fn halve(self) -> Self {
        self >> 1u32
    }
    #[inline]
    fn is_even(self) -> bool {
        (self & I256::ONE) == I256::ZERO
    }
    #[inline]
    fn from_i64(v: i64) -> Self {
        I256::new(v as i128)
    }
}

/// The largest accepted edge weight for `W`: `W::MAX / 8`.
pub fn max_edge_weight<W: Weight>() -> W {
    W::MAX.halve().halve().halve()
}

/// Maximum-weight matching of the graph on vertices `0..n` with the given edges.
///
/// `edges` holds `(u, v, w)` with `u, v < n`. Self-loops are ignored, of parallel edges the
/// heaviest counts, and edges with a negative weight are ignored (treated as absent: they could
/// never increase the weight of a matching, but note that they are not used to increase the
/// cardinality either). Zero-weight edges are kept but, without `max_cardinality`, may or may
/// not be used.
///
/// If `max_cardinality`, the matching has the largest possible number of pairs and, among those,
/// the largest weight; otherwise it just has the largest weight.
///
/// Returns `mate` with `mate[v] == Some(u)` when `v` is matched to `u`.
///
/// # Panics
///
/// If an endpoint is `>= n`, if a weight exceeds [`max_edge_weight`], or (only with
/// `max_cardinality`, for weights close to that limit) if the dual variables would leave the
/// range of `W` (see the module documentation).
pub fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let mut m = Matcher::new();
    m.solve(n, edges, max_cardinality).to_vec()
}

/// Maximum-weight matching of a graph given by a weight function.
///
/// `weight(u, v)` is called once for every pair `u < v < n` and returns the weight of the edge
/// `{u, v}` or `None` when there is no edge; negative weights are treated as `None`. Otherwise
/// as [`max_weight_matching`].
pub fn max_weight_matching_dense<W: Weight>(
    n: usize,
    weight: impl FnMut(usize, usize) -> Option<W>,
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let mut m = Matcher::new();
    m.solve_dense(n, weight, max_cardinality).to_vec()
}

/// The total weight of `mate` as a matching of the graph given by `edges` (the heaviest of
/// parallel edges counts; negative edges are ignored). Returns `None` if `mate` is not a valid
/// matching of that graph (asymmetric, or using a pair that is not an edge).
pub fn matching_weight<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    mate: &[Option<usize>],
) -> Option<W> {
    if mate.len() != n {
        return None;
    }
    let mut best: std::collections::HashMap<(usize, usize), W> = std::collections::HashMap::new();
    for &(u, v, w) in edges {
        if u == v || w < W::ZERO {
            continue;
        }
        let key = (u.min(v), u.max(v));
        let e = best.entry(key).or_insert(w);
        if w > *e {
            *e = w;
        }
    }
    let mut total = W::ZERO;
    for (v, &m) in mate.iter().enumerate() {
        if let Some(u) = m {
            if u >= n || mate[u] != Some(v) {
                return None;
            }
            if v < u {
                total += *best.get(&(v, u))?;
            }
        }
    }
    Some(total)
}

const NONE: usize = usize::MAX;
const NO_EDGE: (usize, usize) = (NONE, NONE);
const FREE: u8 = 0;
const LABEL_S: u8 = 1;
const LABEL_T: u8 = 2;

/// A reusable maximum-weight matching solver: keeps its allocations between calls to
/// [`Matcher::solve`] / [`Matcher::solve_dense`].
///
/// Vertices are `0..n`; blossoms get ids `n..2n`. All per-vertex and per-blossom state lives in
/// flat vectors indexed by those ids.
#[derive(Debug, Default)]
pub struct Matcher<W> {
    n: usize,
    max_cardinality: bool,
    /// `2 * w(u, v)` at `u * n + v`, or `W::MIN` when there is no edge.
    w2: Vec<W>,
    /// `Y_v = 2 u_v` for vertices (ids `< n`), `z_B` for blossoms (ids `>= n`).
    dual: Vec<W>,
    /// Mate of each vertex, or `NONE`.
    mate: Vec<usize>,
    /// Top-level blossom containing each vertex (the vertex itself when not in a blossom).
    inb: Vec<usize>,
    /// Parent blossom of each vertex or blossom, or `NONE` when top-level.
    parent: Vec<usize>,
    /// Base vertex of each blossom (a vertex is its own base); `NONE` for unused blossom ids.
    base: Vec<usize>,
    /// Sub-blossoms of a blossom in cycle order, starting with the one containing the base.
    children: Vec<Vec<usize>>,
    /// `cedges[b][i] = (x, y)`: edge with `x` in `children[b][i]`, `y` in the next child.
    cedges: Vec<Vec<(usize, usize)>>,
    /// Label of each top-level blossom: `FREE`, `LABEL_S` or `LABEL_T`.
    label: Vec<u8>,
    /// Edge `(outer, inner)` through which a top-level blossom got its label; `inner` lies in
    /// the blossom. For roots `outer == NONE`.
    lend: Vec<(usize, usize)>,
    /// For a vertex not in an S-blossom: the S-vertex of its least-slack edge to an S-vertex.
    best_s: Vec<usize>,
    /// Key of `best_s`: `Y_s - 2 w` (the slack minus `Y` of the vertex itself); `W::MAX` when
    /// unset. Rebased in `apply_delta`.
    best_s_key: Vec<W>,
    /// For a top-level S-blossom: least-slack edge `(x, y)` to another S-blossom, `x` inside.
    best_e: Vec<(usize, usize)>,
    /// Slack of `best_e`. Rebased in `apply_delta`.
    best_e_key: Vec<W>,
    /// Galil's candidate lists: for an S-blossom formed in this stage, least-slack edges to
    /// other S-blossoms (at most one per blossom at the time of formation).
    lists: Vec<Vec<(usize, usize)>>,
    has_list: Vec<bool>,
    free_ids: Vec<usize>,
    queue: Vec<usize>,
    mark: Vec<bool>,
    tmp_best: Vec<(usize, usize)>,
    scratch: Vec<usize>,
    scratch2: Vec<usize>,
    out: Vec<Option<usize>>,
}

impl<W: Weight> Matcher<W> {
    /// An empty solver; it grows to the size of the graphs it is given.
    pub fn new() -> Self {
        Matcher {
            n: 0,
            max_cardinality: false,
            w2: Vec::new(),
            dual: Vec::new(),
            mate: Vec::new(),
            inb: Vec::new(),
            parent: Vec::new(),
            base: Vec::new(),
            children: Vec::new(),
            cedges: Vec::new(),
            label: Vec::new(),
            lend: Vec::new(),
            best_s: Vec::new(),
            best_s_key: Vec::new(),
            best_e: Vec::new(),
            best_e_key: Vec::new(),
            lists: Vec::new(),
            has_list: Vec::new(),
            free_ids: Vec::new(),
            queue: Vec::new(),
            mark: Vec::new(),
            tmp_best: Vec::new(),
            scratch: Vec::new(),
            scratch2: Vec::new(),
            out: Vec::new(),
        }
    }

    /// An empty solver with buffers reserved for graphs of up to `n` vertices.
    pub fn with_capacity(n: usize) -> Self {
        let mut m = Self::new();
        m.w2.reserve(n * n);
        m.dual.reserve(2 * n);
        m
    }

    /// Solves [`max_weight_matching`] for an edge list, reusing this solver's memory.
    pub fn solve(
        &mut self,
        n: usize,
        edges: &[(usize, usize, W)],
        max_cardinality: bool,
    ) -> &[Option<usize>] {
        self.reset_matrix(n);
        let limit = max_edge_weight::<W>();
        for &(u, v, w) in edges {
            assert!(
                u < n && v < n,
                "matching: edge ({u}, {v}) out of range 0..{n}"
            );
            if u == v || w < W::ZERO {
                continue;
            }
            assert!(
                w <= limit,
                "matching: weight {w:?} exceeds max_edge_weight {limit:?}"
            );
            let w2 = w.double();
            if w2 > self.w2[u * n + v] {
                self.w2[u * n + v] = w2;
                self.w2[v * n + u] = w2;
            }
        }
        self.run(max_cardinality)
    }

    /// Solves [`max_weight_matching_dense`], reusing this solver's memory.
    pub fn solve_dense(
        &mut self,
        n: usize,
        mut weight: impl FnMut(usize, usize) -> Option<W>,
        max_cardinality: bool,
    ) -> &[Option<usize>] {
        self.reset_matrix(n);
        let limit = max_edge_weight::<W>();
        for u in 0..n {
            for v in u + 1..n {
                if let Some(w) = weight(u, v) {
                    if w < W::ZERO {
                        continue;
                    }
                    assert!(
                        w <= limit,
                        "matching: weight {w:?} exceeds max_edge_weight {limit:?}"
                    );
                    let w2 = w.double();
                    self.w2[u * n + v] = w2;
                    self.w2[v * n + u] = w2;
                }
            }
        }
        self.run(max_cardinality)
    }

    /// After a solve without `max_cardinality`: whether the optimal dual solution found also
    /// covers the extra edges `(u, v, w)` (vertex indices of the last graph), i.e. whether
    /// `u_u + u_v >= w` for each. When it does, the matching is optimal as well for the graph
    /// with those edges added (the duals stay feasible and complementary slackness still holds:
    /// LP duality). Blossom duals only add to an edge's slack, so they are left out: the test is
    /// sufficient, not necessary.
    pub fn certifies(&self, extra: &[(usize, usize, W)]) -> bool {
        !self.max_cardinality
            && extra.iter().all(|&(u, v, w)| {
                u < self.n
                    && v < self.n
                    && (w < W::ZERO || self.dual[u] + self.dual[v] >= w.double())
            })
    }

    /// After a solve without `max_cardinality`: whether the optimal dual solution found has no
    /// blossom with a positive dual. Then the maximum-weight matchings of the last graph are
    /// exactly its matchings that use only tight edges ([`Matcher::is_tight`]) and cover every
    /// vertex with a positive dual ([`Matcher::must_cover`]): complementary slackness with this
    /// optimal dual solution (LP duality). Always the case for a bipartite graph, where no
    /// blossom ever forms.
    pub fn duals_are_vertex_only(&self) -> bool {
        !self.max_cardinality
            && (self.n..2 * self.n)
                .all(|b| self.base.get(b).is_none_or(|&x| x == NONE) || self.dual[b] == W::ZERO)
    }

    /// After a solve: whether the edge `{u, v}` of the last graph has zero slack under the vertex
    /// duals (see [`Matcher::duals_are_vertex_only`]); `false` when there is no such edge.
    pub fn is_tight(&self, u: usize, v: usize) -> bool {
        let w2 = self.w2[u * self.n + v];
        w2 >= W::ZERO && self.dual[u] + self.dual[v] == w2
    }

    /// After a solve: whether vertex `v` has a positive dual, so that every maximum-weight
    /// matching covers it (see [`Matcher::duals_are_vertex_only`]).
    pub fn must_cover(&self, v: usize) -> bool {
        self.dual[v] > W::ZERO
    }

    /// After a solve without `max_cardinality` of a graph whose every edge joins a vertex
    /// `side` marks to an unmarked one, when every vertex is matched and no blossom has a
    /// positive dual (always so for a bipartite graph): whether the vertex duals, shifted by one
    /// amount `t` down on the marked vertices and up on the others, certify the extra edges as
    /// [`Matcher::certifies`] does. The shift leaves every edge's slack unchanged, so the
    /// shifted duals are optimal for the last graph as long as none becomes negative
    /// (complementary slackness holds: every vertex is matched); when they also cover the extra
    /// edges, the matching is optimal with them added (LP duality). `false` when no such `t`
    /// exists or a condition fails.
    pub fn certifies_shifted(&self, side: &[bool], extra: &[(usize, usize, W)]) -> bool {
        let n = self.n;
        if self.max_cardinality
            || side.len() != n
            || !self.duals_are_vertex_only()
            || self.mate[..n].contains(&NONE)
        {
            return false;
        }
        for u in 0..n {
            let row = &self.w2[u * n..(u + 1) * n];
            if (u + 1..n).any(|v| row[v] >= W::ZERO && side[u] == side[v]) {
                return false;
            }
        }
        // The doubled duals Y move by T = 2t; the bounds are on X = 2T: `lo2 <= X <= hi2`.
        let mut lo2: Option<W> = None;
        let mut hi2: Option<W> = None;
        let tighten = |b: &mut Option<W>, v: W, lower: bool| {
            *b = Some(match *b {
                Some(x) if (lower && x >= v) || (!lower && x <= v) => x,
                _ => v,
            });
        };
        for (v, &marked) in side.iter().enumerate() {
            // Y_v - T >= 0 when marked, Y_v + T >= 0 otherwise.
            let y2 = self.dual[v].double();
            if marked {
                tighten(&mut hi2, y2, false);
            } else {
                tighten(&mut lo2, W::ZERO - y2, true);
            }
        }
        for &(u, v, w) in extra {
            if u >= n || v >= n {
                return false;
            }
            if w < W::ZERO {
                continue;
            }
            // Y_u + Y_v - 2w, plus 2T between unmarked vertices, minus 2T between marked.
            let slack = self.dual[u] + self.dual[v] - w.double();
            match (side[u], side[v]) {
                (true, true) => tighten(&mut hi2, slack, false),
                (false, false) => tighten(&mut lo2, W::ZERO - slack, true),
                _ => {
                    if slack < W::ZERO {
                        return false;
                    }
                }
            }
        }
        // (t need not be an integer: any real dual solution certifies.)
        match (lo2, hi2) {
            (Some(lo), Some(hi)) => lo <= hi,
            _ => true,
        }
    }

    fn reset_matrix(&mut self, n: usize) {
        self.n = n;
        self.w2.clear();
        self.w2.resize(n * n, W::MIN);
    }

    #[inline]
    fn slack(&self, x: usize, y: usize) -> W {
        self.dual[x] + self.dual[y] - self.w2[x * self.n + y]
    }

    /// Appends the vertices of blossom `b` to `out`.
    fn push_leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.push_leaves(c, out);
            }
        }
    }

    fn init(&mut self) {
        let n = self.n;
        let mut maxw2 = W::ZERO;
        for &w in &self.w2 {
            if w > maxw2 {
                maxw2 = w;
            }
        }
        // Y = 2u = max w.
        let y0 = maxw2.halve();
        let m = 2 * n;
        self.dual.clear();
        self.dual.resize(m, W::ZERO);
        self.dual[..n].fill(y0);
        self.mate.clear();
        self.mate.resize(n, NONE);
        self.inb.clear();
        self.inb.extend(0..n);
        self.parent.clear();
        self.parent.resize(m, NONE);
        self.base.clear();
        self.base.extend(0..n);
        self.base.resize(m, NONE);
        if self.children.len() < m {
            self.children.resize_with(m, Vec::new);
            self.cedges.resize_with(m, Vec::new);
            self.lists.resize_with(m, Vec::new);
        }
        for b in 0..m {
            self.children[b].clear();
            self.cedges[b].clear();
            self.lists[b].clear();
        }
        self.label.clear();
        self.label.resize(m, FREE);
        self.lend.clear();
        self.lend.resize(m, NO_EDGE);
        self.best_s.clear();
        self.best_s.resize(n, NONE);
        self.best_s_key.clear();
        self.best_s_key.resize(n, W::MAX);
        self.best_e.clear();
        self.best_e.resize(m, NO_EDGE);
        self.best_e_key.clear();
        self.best_e_key.resize(m, W::MAX);
        self.has_list.clear();
        self.has_list.resize(m, false);
        self.mark.clear();
        self.mark.resize(m, false);
        self.tmp_best.clear();
        self.tmp_best.resize(m, NO_EDGE);
        self.free_ids.clear();
        self.free_ids.extend((n..m).rev());
        self.queue.clear();
    }

    fn run(&mut self, max_cardinality: bool) -> &[Option<usize>] {
        self.max_cardinality = max_cardinality;
        self.init();
        let n = self.n;
        loop {
            // Start a stage.
            self.label.fill(FREE);
            self.best_e.fill(NO_EDGE);
            self.best_s.fill(NONE);
            self.best_s_key.fill(W::MAX);
            for b in 0..2 * n {
                if self.has_list[b] {
                    self.lists[b].clear();
                    self.has_list[b] = false;
                }
            }
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inb[v]] == FREE {
                    self.assign_label(v, LABEL_S, NONE);
                }
            }
            if self.queue.is_empty() {
                break;
            }
            let augmented = self.stage();
            if !augmented {
                break;
            }
            // End of stage: expand S-blossoms whose dual reached zero.
            for b in n..2 * n {
                if self.base[b] != NONE
                    && self.parent[b] == NONE
                    && self.label[b] == LABEL_S
                    && self.dual[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        self.out.clear();
        self.out.extend(
            self.mate
                .iter()
                .map(|&m| if m == NONE { None } else { Some(m) }),
        );
        &self.out
    }

    /// Runs one stage; returns whether it augmented the matching.
    fn stage(&mut self) -> bool {
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan_vertex(v) {
                    return true;
                }
            }
            // No tight edge left to use: compute the dual change.
            let (kind, delta, edge, blossom) = self.choose_delta();
            if kind == 0 {
                // Maximum cardinality reached and no dual change can help.
                return false;
            }
            debug_assert!(delta >= W::ZERO, "negative delta {delta:?} (kind {kind})");
            self.apply_delta(delta);
            match kind {
                1 => return false,
                2 => {
                    let (s, u) = edge;
                    if self.label[self.inb[u]] == FREE {
                        self.assign_label(u, LABEL_T, s);
                    }
                }
                3 => {
                    let (x, y) = edge;
                    if self.inb[x] != self.inb[y] {
                        let base = self.scan_blossom(x, y);
                        if base != NONE {
                            self.add_blossom(base, x, y);
                        } else {
                            self.augment(x, y);
                            return true;
                        }
                    }
                }
                _ => self.expand_blossom(blossom, false),
            }
        }
    }

    /// The dual change: `(kind, delta, edge, blossom)` with `kind` 1 to 4 as in the module
    /// docs, or 0 when no change is possible (only with `max_cardinality`).
    #[inline(never)]
    fn choose_delta(&self) -> (u8, W, (usize, usize), usize) {
        let n = self.n;
        let mut kind = 0u8;
        let mut delta = W::ZERO;
        let mut edge = NO_EDGE;
        let mut blossom = NONE;
        if !self.max_cardinality {
            kind = 1;
            delta = self.dual[..n].iter().copied().min().unwrap_or(W::ZERO);
        }
        for u in 0..n {
            let s = self.best_s[u];
            if s != NONE && self.label[self.inb[u]] == FREE {
                let sl = self.best_s_key[u] + self.dual[u];
                if kind == 0 || sl < delta {
                    kind = 2;
                    delta = sl;
                    edge = (s, u);
                }
            }
        }
        for b in 0..2 * n {
            let top = if b < n {
                self.inb[b] == b
            } else {
                self.base[b] != NONE && self.parent[b] == NONE
            };
            if !top {
                continue;
            }
            if self.label[b] == LABEL_S && self.best_e[b].0 != NONE {
                let sl = self.best_e_key[b];
                debug_assert!(sl.is_even(), "odd S-S slack");
                let d = sl.halve();
                if kind == 0 || d < delta {
                    kind = 3;
                    delta = d;
                    edge = self.best_e[b];
                }
            } else if b >= n && self.label[b] == LABEL_T {
                let d = self.dual[b];
                if kind == 0 || d < delta {
                    kind = 4;
                    delta = d;
                    blossom = b;
                }
            }
        }
        (kind, delta, edge, blossom)
    }

    #[inline(never)]
    fn apply_delta(&mut self, delta: W) {
        let n = self.n;
        let lim = W::MAX.halve().halve();
        let neg_lim = W::ZERO - lim;
        for v in 0..n {
            match self.label[self.inb[v]] {
                LABEL_S => self.dual[v] -= delta,
                LABEL_T => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                match self.label[b] {
                    LABEL_S => self.dual[b] += delta,
                    LABEL_T => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
        // Rebase the least-slack records: S-vertex duals dropped by delta, so S-to-other slacks
        // drop by delta and S-to-S slacks by 2 delta.
        for u in 0..n {
            if self.best_s[u] != NONE {
                self.best_s_key[u] -= delta;
            }
        }
        let delta2 = delta.double();
        for b in 0..2 * n {
            if self.best_e[b].0 != NONE && self.label[b] == LABEL_S {
                self.best_e_key[b] -= delta2;
            }
        }
        if self.max_cardinality {
            // With |Y|, z <= MAX / 4 and 2w <= MAX / 4 every slack, key and delta lies in
            // [-3 MAX / 4, 3 MAX / 4].
            let ok = self.dual.iter().all(|&y| y >= neg_lim && y <= lim);
            assert!(
                ok,
                "matching: dual variables left the safe range of the weight type \
                 (max_cardinality with weights too close to max_edge_weight); use a wider type"
            );
        }
    }

    /// Scans the edges of S-vertex `v`; returns whether an augmentation happened.
    fn scan_vertex(&mut self, v: usize) -> bool {
        let n = self.n;
        let mut start = 0;
        while start < n {
            let u = self.scan_range(v, start);
            if u == NONE {
                return false;
            }
            start = u + 1;
            // The edge (v, u) is tight and needs structural work.
            if self.label[self.inb[u]] == LABEL_S {
                let base = self.scan_blossom(v, u);
                if base != NONE {
                    self.add_blossom(base, v, u);
                } else {
                    self.augment(v, u);
                    return true;
                }
            } else {
                self.assign_label(u, LABEL_T, v);
            }
        }
        false
    }

    /// The hot loop: scans row `v` from `start`, updating the least-slack records, until a tight
    /// edge to an S-vertex of another blossom or to an unlabelled vertex is found (returns its
    /// other end) or the row ends (returns `NONE`).
    #[inline(never)]
    fn scan_range(&mut self, v: usize, start: usize) -> usize {
        let n = self.n;
        let bv = self.inb[v];
        let dv = self.dual[v];
        // best_s key of (v, u): Y_v - 2w; its slack is key + Y_u.
        let row = &self.w2[v * n..(v + 1) * n];
        let inb = &self.inb[..n];
        let dual = &self.dual[..n];
        let label = &self.label[..];
        let best_s = &mut self.best_s[..n];
        let best_s_key = &mut self.best_s_key[..n];
        let mut be = self.best_e[bv];
        // W::MAX when unset, so that one comparison updates the record.
        let mut be_key = if be.0 == NONE {
            W::MAX
        } else {
            self.best_e_key[bv]
        };
        let mut hit = NONE;
        for u in start..n {
            let w2 = row[u];
            if w2 < W::ZERO {
                continue;
            }
            let bu = inb[u];
            if label[bu] == LABEL_S {
                // (An edge inside v's own blossom is never scanned.)
                if bu == bv {
                    continue;
                }
                let sl = dv + dual[u] - w2;
                if sl == W::ZERO {
                    hit = u;
                    break;
                }
                if sl < be_key {
                    be = (v, u);
                    be_key = sl;
                }
            } else {
                // best_s_key is W::MAX when unset. A tight edge to an unlabelled vertex always
                // improves on a non-tight record; a tie with an earlier tight record (possible
                // only after a T-blossom expansion) is caught by a zero delta of kind 2.
                let key = dv - w2;
                if key < best_s_key[u] {
                    best_s[u] = v;
                    best_s_key[u] = key;
                    if label[bu] == FREE && key + dual[u] == W::ZERO {
                        hit = u;
                        break;
                    }
                }
            }
        }
        self.best_e[bv] = be;
        self.best_e_key[bv] = be_key;
        hit
    }

    /// Labels the top-level blossom containing `w` with `t`, reached from `from` (or a root when
    /// `from == NONE`). A T-label propagates an S-label to the mate of the base.
    fn assign_label(&mut self, w: usize, t: u8, from: usize) {
        let b = self.inb[w];
        debug_assert_eq!(self.label[b], FREE);
        self.label[b] = t;
        self.lend[b] = (from, w);
        self.best_e[b] = NO_EDGE;
        self.has_list[b] = false;
        if t == LABEL_S {
            let mut q = std::mem::take(&mut self.queue);
            self.push_leaves(b, &mut q);
            self.queue = q;
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            debug_assert_ne!(m, NONE);
            self.assign_label(m, LABEL_S, base);
        }
    }

    /// Traces the trees of S-vertices `v` and `w` upwards; returns the base of their nearest
    /// common blossom, or `NONE` when they are in different trees.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = std::mem::take(&mut self.scratch);
        path.clear();
        let mut result = NONE;
        while v != NONE || w != NONE {
            if v != NONE {
                let b = self.inb[v];
                if self.mark[b] {
                    result = self.base[b];
                    break;
                }
                self.mark[b] = true;
                path.push(b);
                let t = self.lend[b].0;
                v = if t == NONE {
                    NONE
                } else {
                    self.lend[self.inb[t]].0
                };
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &path {
            self.mark[b] = false;
        }
        self.scratch = path;
        result
    }

    /// Shrinks the odd cycle closed by the tight edge `(v, w)` into a new S-blossom.
    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let n = self.n;
        let bb = self.inb[base];
        let mut bv = self.inb[v];
        let mut bw = self.inb[w];
        let b = self.free_ids.pop().expect("blossom ids exhausted");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut ch = std::mem::take(&mut self.children[b]);
        let mut ed = std::mem::take(&mut self.cedges[b]);
        ch.clear();
        ed.clear();
        ch.push(bb);
        while bw != bb {
            self.parent[bw] = b;
            ch.push(bw);
            ed.push(self.lend[bw]);
            bw = self.inb[self.lend[bw].0];
        }
        ch[1..].reverse();
        ed.reverse();
        ed.push((w, v));
        while bv != bb {
            self.parent[bv] = b;
            ch.push(bv);
            let (o, i) = self.lend[bv];
            ed.push((i, o));
            bv = self.inb[o];
        }
        debug_assert!(ch.len() % 2 == 1 && ch.len() >= 3);
        self.label[b] = LABEL_S;
        self.lend[b] = self.lend[bb];
        self.dual[b] = W::ZERO;
        self.children[b] = ch;
        self.cedges[b] = ed;

        // Relabel the vertices; former T-vertices become S and must be scanned.
        let mut lv = std::mem::take(&mut self.scratch2);
        lv.clear();
        self.push_leaves(b, &mut lv);
        for &x in &lv {
            if self.label[self.inb[x]] == LABEL_T {
                self.queue.push(x);
            }
            self.inb[x] = b;
        }

        // Build the candidate list of least-slack edges to other S-blossoms.
        let mut touched = std::mem::take(&mut self.scratch);
        touched.clear();
        for ci in 0..self.children[b].len() {
            let c = self.children[b][ci];
            if self.has_list[c] {
                let list = std::mem::take(&mut self.lists[c]);
                for &(x, y) in &list {
                    self.consider(b, x, y, &mut touched);
                }
                self.lists[c] = list;
                self.lists[c].clear();
                self.has_list[c] = false;
            } else {
                lv.clear();
                self.push_leaves(c, &mut lv);
                for &x in &lv {
                    let row = x * n;
                    for y in 0..n {
                        if self.w2[row + y] >= W::ZERO {
                            self.consider(b, x, y, &mut touched);
                        }
                    }
                }
            }
            self.best_e[c] = NO_EDGE;
        }
        let mut list = std::mem::take(&mut self.lists[b]);
        list.clear();
        let mut best = NO_EDGE;
        let mut best_sl = W::ZERO;
        for &t in &touched {
            let e = self.tmp_best[t];
            self.tmp_best[t] = NO_EDGE;
            list.push(e);
            let sl = self.slack(e.0, e.1);
            if best.0 == NONE || sl < best_sl {
                best = e;
                best_sl = sl;
            }
        }
        self.lists[b] = list;
        self.has_list[b] = true;
        self.best_e[b] = best;
        self.best_e_key[b] = best_sl;
        self.scratch = touched;
        self.scratch2 = lv;
    }

    #[inline]
    fn consider(&mut self, b: usize, x: usize, y: usize, touched: &mut Vec<usize>) {
        let by = self.inb[y];
        if by == b || self.label[by] != LABEL_S {
            return;
        }
        let cur = self.tmp_best[by];
        if cur.0 == NONE {
            touched.push(by);
            self.tmp_best[by] = (x, y);
        } else if self.slack(x, y) < self.slack(cur.0, cur.1) {
            self.tmp_best[by] = (x, y);
        }
    }

    /// Expands blossom `b`. Mid-stage (`endstage == false`) `b` is a T-blossom whose dual
    /// reached zero and its children are relabelled; at the end of a stage children with zero
    /// dual are expanded recursively.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let n = self.n;
        let ch = std::mem::take(&mut self.children[b]);
        let ed = std::mem::take(&mut self.cedges[b]);
        let mut lv = std::mem::take(&mut self.scratch2);
        for &s in &ch {
            self.parent[s] = NONE;
            if s < n {
                self.inb[s] = s;
            } else if endstage && self.dual[s] == W::ZERO {
                self.scratch2 = lv;
                self.expand_blossom(s, endstage);
                lv = std::mem::take(&mut self.scratch2);
            } else {
                lv.clear();
                self.push_leaves(s, &mut lv);
                for &x in &lv {
                    self.inb[x] = s;
                }
            }
        }
        self.scratch2 = lv;
        if !endstage && self.label[b] == LABEL_T {
            for &s in &ch {
                self.label[s] = FREE;
                self.has_list[s] = false;
                self.best_e[s] = NO_EDGE;
            }
            let k = ch.len();
            let (mut x, mut y) = self.lend[b];
            let entry = self.inb[y];
            let mut j = ch.iter().position(|&c| c == entry).expect("entry child");
            let forward = j % 2 == 1;
            // Walk the even-length path from the entry child to the base child, labelling
            // T, S, T, ..., T.
            loop {
                if (forward && j == k) || (!forward && j == 0) {
                    break;
                }
                self.assign_label(y, LABEL_T, x);
                if forward {
                    let (a, c) = ed[j + 1];
                    x = a;
                    y = c;
                    j += 2;
                } else {
                    let (a, c) = ed[j - 2];
                    x = c;
                    y = a;
                    j -= 2;
                }
            }
            let c0 = ch[0];
            self.label[c0] = LABEL_T;
            self.lend[c0] = (x, y);
            self.best_e[c0] = NO_EDGE;
        }
        // Recycle the blossom id.
        let mut ch = ch;
        let mut ed = ed;
        ch.clear();
        ed.clear();
        self.children[b] = ch;
        self.cedges[b] = ed;
        self.lists[b].clear();
        self.has_list[b] = false;
        self.base[b] = NONE;
        self.parent[b] = NONE;
        self.label[b] = FREE;
        self.lend[b] = NO_EDGE;
        self.best_e[b] = NO_EDGE;
        self.dual[b] = W::ZERO;
        self.free_ids.push(b);
    }

    /// Makes vertex `v` the base of blossom `b`, rematching along the even path of its cycle.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let n = self.n;
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= n {
            self.augment_blossom(t, v);
        }
        let k = self.children[b].len();
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("child of blossom");
        if i != 0 {
            // New matched edges: e_{i+1}, e_{i+3}, ..., e_{k-1} (i odd, forward) or
            // e_{i-2}, e_{i-4}, ..., e_0 (i even, backward).
            let mut j = if i % 2 == 1 { i + 1 } else { i - 2 };
            loop {
                let (x, y) = self.cedges[b][j];
                let cx = self.children[b][j];
                let cy = self.children[b][(j + 1) % k];
                if cx >= n {
                    self.augment_blossom(cx, x);
                }
                if cy >= n {
                    self.augment_blossom(cy, y);
                }
                self.mate[x] = y;
                self.mate[y] = x;
                if i % 2 == 1 {
                    j += 2;
                    if j >= k {
                        break;
                    }
                } else {
                    if j == 0 {
                        break;
                    }
                    j -= 2;
                }
            }
            self.children[b].rotate_left(i);
            self.cedges[b].rotate_left(i);
        }
        self.base[b] = v;
    }

    /// Augments the matching along the path through the tight edge `(v, w)` between two
    /// S-blossoms of different trees.
    fn augment(&mut self, v: usize, w: usize) {
        let n = self.n;
        for (mut s, mut j) in [(v, w), (w, v)] {
            loop {
                let bs = self.inb[s];
                if bs >= n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = j;
                let t = self.lend[bs].0;
                if t == NONE {
                    break;
                }
                let bt = self.inb[t];
                let (s2, j2) = self.lend[bt];
                if bt >= n {
                    self.augment_blossom(bt, j2);
                }
                self.mate[j2] = s2;
                s = s2;
                j = j2;
            }
        }
    }
}

#[cfg(test)]
mod tests;
