//! What the optimal duals of a solve prove (LP duality): that the matching stays optimal with
//! extra edges, which edges are tight, which vertices every maximum-weight matching covers.

use super::graph::Dense;
use super::{max_edge_weight, EdgeWeights, Matcher, Weight, NONE};

impl<W: Weight> Matcher<W> {
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

    /// Takes the matching `mate` and the doubled vertex duals `dual2` (`Y = 2 u`, one per
    /// vertex of `g`) as the result of a solve of `g` without `max_cardinality`, when they
    /// prove themselves optimal (LP duality): every dual non-negative, every edge covered
    /// (`Y_u + Y_v >= 2 w`), every pair of `mate` an edge of `g` with zero slack, and every
    /// vertex left unmatched at zero. Then the questions after a solve
    /// ([`Matcher::certifies_graph`], [`Matcher::certifies_shifted_graph`],
    /// [`Matcher::is_tight_in`], [`Matcher::vertex_duals2`], ...) ask about them, as after
    /// [`Matcher::solve_graph`]; returns `false` otherwise, and the solver then holds no solve.
    /// One pass over the pairs of `g` and no matching: a matching and duals carried over from
    /// a related graph (a warm start) cost a check instead of a solve when they still hold.
    pub fn adopt<G: EdgeWeights<W>>(&mut self, g: &G, mate: &[Option<usize>], dual2: &[W]) -> bool {
        let n = g.vertices();
        self.n = 0;
        self.out.clear();
        if mate.len() != n || dual2.len() != n {
            return false;
        }
        for (v, (&m, &y)) in mate.iter().zip(dual2).enumerate() {
            let ok = match m {
                None => y == W::ZERO,
                Some(u) => u < n && u != v && mate[u] == Some(v) && y >= W::ZERO,
            };
            if !ok {
                return false;
            }
        }
        let limit = max_edge_weight::<W>().double();
        let mut buf = Vec::new();
        for u in 0..n {
            let row = g.row2_after(u, &mut buf);
            let du = dual2[u];
            for (v, &w2) in (u + 1..n).zip(row) {
                let sum = du + dual2[v];
                if mate[u] == Some(v) {
                    if w2 < W::ZERO || w2 > limit || sum != w2 {
                        return false;
                    }
                } else if w2 >= W::ZERO && (w2 > limit || sum < w2) {
                    return false;
                }
            }
        }
        self.n = n;
        self.max_cardinality = false;
        self.w2.clear();
        self.dual.clear();
        self.dual.extend_from_slice(dual2);
        self.dual.resize(2 * n, W::ZERO);
        self.mate.clear();
        self.mate.extend(mate.iter().map(|m| m.unwrap_or(NONE)));
        self.base.clear();
        self.base.extend(0..n);
        self.base.resize(2 * n, NONE);
        self.out.extend_from_slice(mate);
        true
    }

    /// [`Matcher::certifies`] for every edge of the graph `extra` (on the vertices of the last
    /// graph).
    pub fn certifies_graph<G: EdgeWeights<W>>(&self, extra: &G) -> bool {
        let n = self.n;
        if self.max_cardinality || extra.vertices() != n {
            return false;
        }
        let mut buf = Vec::new();
        (0..n).all(|u| {
            let row = extra.row2_after(u, &mut buf);
            let du = self.dual[u];
            let later = &self.dual[u + 1..n];
            row.iter()
                .zip(later)
                .all(|(&w2, &dv)| w2 < W::ZERO || du + dv >= w2)
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

    /// After a solve of a matrix ([`Matcher::solve`], [`Matcher::solve_dense`]): whether the
    /// edge `{u, v}` of the last graph has zero slack under the vertex duals (see
    /// [`Matcher::duals_are_vertex_only`]); `false` when there is no such edge.
    pub fn is_tight(&self, u: usize, v: usize) -> bool {
        self.is_tight_in(&self.dense(), u, v)
    }

    /// [`Matcher::is_tight`] after a solve of the graph `g` ([`Matcher::solve_graph`]).
    pub fn is_tight_in<G: EdgeWeights<W>>(&self, g: &G, u: usize, v: usize) -> bool {
        let w2 = g.weight2(u, v);
        w2 >= W::ZERO && self.dual[u] + self.dual[v] == w2
    }

    /// After a solve: the doubled vertex duals (`2 u_v`, `Y` in the module documentation) of
    /// the optimal dual solution found, one per vertex of the last graph. With
    /// [`Matcher::duals_are_vertex_only`] they alone are an optimal dual solution.
    pub fn vertex_duals2(&self) -> &[W] {
        &self.dual[..self.n]
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
        let mut edges = extra.iter().filter(|e| e.2 >= W::ZERO);
        if edges.clone().any(|&(u, v, _)| u >= n || v >= n) {
            return false;
        }
        if !self.shift_allowed(&self.dense(), side) {
            return false;
        }
        let mut shift = Shift::new(self, side);
        edges.all(|&(u, v, w)| shift.cover(u, v, w.double())) && shift.exists()
    }

    /// [`Matcher::certifies_shifted`] after a solve of the graph `solved`, for every edge of
    /// the graph `extra`.
    pub fn certifies_shifted_graph<G: EdgeWeights<W>, H: EdgeWeights<W>>(
        &self,
        solved: &G,
        side: &[bool],
        extra: &H,
    ) -> bool {
        let n = self.n;
        if extra.vertices() != n || !self.shift_allowed(solved, side) {
            return false;
        }
        let mut shift = Shift::new(self, side);
        let mut buf = Vec::new();
        for u in 0..n {
            let row = extra.row2_after(u, &mut buf);
            for (v, &w2) in (u + 1..n).zip(row) {
                if w2 >= W::ZERO && !shift.cover(u, v, w2) {
                    return false;
                }
            }
        }
        shift.exists()
    }

    /// The conditions of [`Matcher::certifies_shifted`] on the solve of `solved` (read from
    /// the matrix when the solve stored one: the same weights).
    fn shift_allowed<G: EdgeWeights<W>>(&self, solved: &G, side: &[bool]) -> bool {
        let n = self.n;
        if self.max_cardinality
            || side.len() != n
            || !self.duals_are_vertex_only()
            || self.mate[..n].contains(&NONE)
        {
            return false;
        }
        if self.w2.len() == n * n {
            return Self::one_side_free(&self.dense(), side);
        }
        Self::one_side_free(solved, side)
    }

    /// Whether no edge of `g` joins two vertices of one side.
    fn one_side_free<G: EdgeWeights<W>>(g: &G, side: &[bool]) -> bool {
        let n = side.len();
        let mut buf = Vec::new();
        (0..n).all(|u| {
            let row = g.row2_after(u, &mut buf);
            !(u + 1..n)
                .zip(row)
                .any(|(v, &w2)| w2 >= W::ZERO && side[u] == side[v])
        })
    }

    /// The matrix of the last dense solve.
    pub(super) fn dense(&self) -> Dense<'_, W> {
        Dense {
            n: self.n,
            w2: &self.w2,
        }
    }
}

/// The bounds on the shift of [`Matcher::certifies_shifted`]: the doubled duals `Y` move by
/// `T = 2t`, and the bounds are on `X = 2T`: `lo2 <= X <= hi2`.
struct Shift<'a, W> {
    dual: &'a [W],
    side: &'a [bool],
    lo2: Option<W>,
    hi2: Option<W>,
}

impl<'a, W: Weight> Shift<'a, W> {
    /// The bounds that keep every dual non-negative: `Y_v - T >= 0` when marked, `Y_v + T >= 0`
    /// otherwise.
    fn new(m: &'a Matcher<W>, side: &'a [bool]) -> Self {
        let mut s = Shift {
            dual: &m.dual,
            side,
            lo2: None,
            hi2: None,
        };
        for (v, &marked) in side.iter().enumerate() {
            let y2 = m.dual[v].double();
            if marked {
                s.upper(y2);
            } else {
                s.lower(W::ZERO - y2);
            }
        }
        s
    }

    fn upper(&mut self, v: W) {
        self.hi2 = Some(self.hi2.map_or(v, |x| x.min(v)));
    }

    fn lower(&mut self, v: W) {
        self.lo2 = Some(self.lo2.map_or(v, |x| x.max(v)));
    }

    /// Adds the edge `{u, v}` of doubled weight `w2` to cover; `false` when no shift can.
    fn cover(&mut self, u: usize, v: usize, w2: W) -> bool {
        // Y_u + Y_v - 2w, plus 2T between unmarked vertices, minus 2T between marked.
        let slack = self.dual[u] + self.dual[v] - w2;
        match (self.side[u], self.side[v]) {
            (true, true) => self.upper(slack),
            (false, false) => self.lower(W::ZERO - slack),
            _ => return slack >= W::ZERO,
        }
        true
    }

    /// Whether a shift meets every bound (it need not be an integer: any real dual solution
    /// certifies).
    fn exists(&self) -> bool {
        match (self.lo2, self.hi2) {
            (Some(lo), Some(hi)) => lo <= hi,
            _ => true,
        }
    }
}
