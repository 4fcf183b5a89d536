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
//!
//! [`Matcher::solve_graph`] takes any [`EdgeWeights`]: a graph whose weights follow from a few
//! numbers per vertex need not be stored as a matrix (only `O(n)` state is kept besides it).

mod blossom;
mod certificate;
mod graph;
mod weight;

pub use graph::EdgeWeights;
pub use weight::{max_edge_weight, Weight, I512};

use graph::Dense;

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
    /// Rows of an implicit graph being scanned.
    rowbuf: Vec<W>,
    rowbuf2: Vec<W>,
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
            rowbuf: Vec::new(),
            rowbuf2: Vec::new(),
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
        self.run_dense(max_cardinality)
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
        self.run_dense(max_cardinality)
    }

    /// Solves [`max_weight_matching`] for the graph `g`, which the solver reads as it goes
    /// (nothing of size `n * n` is stored). After it, [`Matcher::is_tight_in`],
    /// [`Matcher::certifies_graph`] and [`Matcher::certifies_shifted_graph`] ask about `g`.
    ///
    /// # Panics
    ///
    /// If a weight exceeds [`max_edge_weight`] (as [`max_weight_matching`]).
    pub fn solve_graph<G: EdgeWeights<W>>(
        &mut self,
        g: &G,
        max_cardinality: bool,
    ) -> &[Option<usize>] {
        self.n = g.vertices();
        self.w2.clear();
        self.run(g, max_cardinality)
    }

    /// [`Matcher::solve_graph`], reading each weight of `g` once into a dense matrix first when
    /// the matrix takes at most `max_bytes` (the solver reads a row several times: a graph
    /// whose weights cost more than a load to compute is solved faster so); otherwise as
    /// [`Matcher::solve_graph`], storing nothing of size `n * n`. The questions after a solve
    /// ([`Matcher::is_tight_in`], [`Matcher::certifies_graph`], ...) take `g` either way.
    ///
    /// # Panics
    ///
    /// If a weight exceeds [`max_edge_weight`] (as [`max_weight_matching`]).
    pub fn solve_graph_within<G: EdgeWeights<W>>(
        &mut self,
        g: &G,
        max_cardinality: bool,
        max_bytes: usize,
    ) -> &[Option<usize>] {
        let n = g.vertices();
        let bytes = n.saturating_mul(n).saturating_mul(std::mem::size_of::<W>());
        if bytes > max_bytes {
            return self.solve_graph(g, max_cardinality);
        }
        self.reset_matrix(n);
        for u in 0..n {
            for v in u + 1..n {
                let w2 = g.weight2(u, v);
                self.w2[u * n + v] = w2;
                self.w2[v * n + u] = w2;
            }
        }
        self.run_dense(max_cardinality)
    }

    /// Runs on the matrix of the last `solve` / `solve_dense` call.
    fn run_dense(&mut self, max_cardinality: bool) -> &[Option<usize>] {
        let w2 = std::mem::take(&mut self.w2);
        let dense = Dense { n: self.n, w2: &w2 };
        self.run(&dense, max_cardinality);
        self.w2 = w2;
        &self.out
    }

    fn reset_matrix(&mut self, n: usize) {
        self.n = n;
        self.w2.clear();
        self.w2.resize(n * n, W::MIN);
    }

    fn init<G: EdgeWeights<W>>(&mut self, g: &G) {
        let n = self.n;
        let maxw2 = g.max_weight2();
        assert!(
            maxw2 <= max_edge_weight::<W>().double(),
            "matching: weight {:?} exceeds max_edge_weight {:?}",
            maxw2.halve(),
            max_edge_weight::<W>()
        );
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

    fn run<G: EdgeWeights<W>>(&mut self, g: &G, max_cardinality: bool) -> &[Option<usize>] {
        self.max_cardinality = max_cardinality;
        self.init(g);
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
            let augmented = self.stage(g);
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
}

#[cfg(test)]
mod tests;
