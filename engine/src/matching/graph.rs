//! How the matcher reads a graph: the doubled weight of each pair of vertices, one pair at a
//! time or a whole row at a time. A dense matrix is one such graph; a caller whose weights
//! follow from a few numbers per vertex can give them without storing `n * n` of them.

use super::Weight;

/// A graph on the vertices `0..n` as the matcher reads it.
///
/// Weights are doubled (`2 w`) and must lie in `0..=2 * max_edge_weight()`; a negative value
/// means that there is no edge, and every vertex has no edge to itself.
pub trait EdgeWeights<W: Weight> {
    /// The number of vertices.
    fn vertices(&self) -> usize;

    /// `2 w(u, v)` for the edge `{u, v}`, or a negative value when there is none (always for
    /// `u == v`). Symmetric.
    fn weight2(&self, u: usize, v: usize) -> W;

    /// Row `u`: `row[v] == weight2(u, v)` for every `v`. `buf` may hold it (a graph that stores
    /// its rows returns them directly).
    fn row2<'s>(&'s self, u: usize, buf: &'s mut Vec<W>) -> &'s [W] {
        let n = self.vertices();
        buf.clear();
        buf.extend((0..n).map(|v| self.weight2(u, v)));
        buf
    }

    /// Row `u` after the diagonal: `row[i] == weight2(u, u + 1 + i)` for `u < u + 1 + i < n`,
    /// the pairs a symmetric question needs once each (half the row's weights computed).
    fn row2_after<'s>(&'s self, u: usize, buf: &'s mut Vec<W>) -> &'s [W] {
        let n = self.vertices();
        buf.clear();
        buf.extend((u + 1..n).map(|v| self.weight2(u, v)));
        buf
    }

    /// The largest doubled weight, `W::ZERO` without edges.
    fn max_weight2(&self) -> W {
        let mut buf = Vec::new();
        (0..self.vertices())
            .map(|u| {
                let row = self.row2(u, &mut buf);
                row.iter().copied().max().unwrap_or(W::ZERO)
            })
            .max()
            .unwrap_or(W::ZERO)
            .max(W::ZERO)
    }
}

/// A graph stored as a dense `n x n` matrix of doubled weights (`W::MIN` where there is no
/// edge).
pub(super) struct Dense<'a, W> {
    pub n: usize,
    pub w2: &'a [W],
}

impl<W: Weight> EdgeWeights<W> for Dense<'_, W> {
    fn vertices(&self) -> usize {
        self.n
    }

    #[inline]
    fn weight2(&self, u: usize, v: usize) -> W {
        self.w2[u * self.n + v]
    }

    #[inline]
    fn row2<'s>(&'s self, u: usize, _buf: &'s mut Vec<W>) -> &'s [W] {
        &self.w2[u * self.n..(u + 1) * self.n]
    }

    #[inline]
    fn row2_after<'s>(&'s self, u: usize, _buf: &'s mut Vec<W>) -> &'s [W] {
        &self.w2[u * self.n + u + 1..(u + 1) * self.n]
    }

    fn max_weight2(&self) -> W {
        self.w2
            .iter()
            .copied()
            .max()
            .unwrap_or(W::ZERO)
            .max(W::ZERO)
    }
}
