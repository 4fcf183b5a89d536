//! The number of pairs of a bracket (2017 C.5 and B.1.b MaxPairs, 2026 C6): by a greedy
//! pairing when it pairs everybody but at most one, else by a maximum-cardinality matching on
//! the round's compatibility bits (C.1-C.3), which stores nothing per pair.

use super::graph::Graph;
use super::mode::Mode;
use crate::matching::{EdgeWeights, Matcher, Weight};
use crate::systems::dutch::RoundCtx;

/// The largest weight matrix a matching of [`PlayerPairs`] stores (a bracket of 2000 players
/// in 128-bit weights): a smaller graph is read into a matrix once, which is faster than
/// reading its rows from the compatibility bits at every scan; a larger one is read row by row.
pub(super) const PLAYER_MATRIX_BYTES: usize = 64 << 20;

/// The players `who` of a round as a graph for the matcher: the first `m` (MDPs) meet only the
/// others, every pair the round allows (C.1-C.3) is an edge, and an edge weighs `pair` plus the
/// weights of its two players. Read from the compatibility bits as the matcher goes, so a
/// matching on it stores nothing of size `n * n`.
pub(super) struct PlayerPairs<'a, W> {
    pub ctx: &'a RoundCtx,
    pub who: &'a [usize],
    pub m: usize,
    pub pair: W,
    /// Each player's weight (empty: zero for everybody).
    pub own: Vec<W>,
}

impl<W: Weight> PlayerPairs<'_, W> {
    fn own(&self, i: usize) -> W {
        self.own.get(i).copied().unwrap_or(W::ZERO)
    }
}

impl<W: Weight> EdgeWeights<W> for PlayerPairs<'_, W> {
    fn vertices(&self) -> usize {
        self.who.len()
    }

    fn weight2(&self, u: usize, v: usize) -> W {
        if u == v || (u < self.m && v < self.m) || !self.ctx.compat.get(self.who[u], self.who[v]) {
            return W::MIN;
        }
        (self.pair + self.own(u) + self.own(v)).double()
    }
}

/// A greedy pairing of the round players `who`: each in turn with the first free one he may
/// meet, the first `m` (MDPs) only with the others. Returns the number of pairs and who is
/// paired.
fn greedy_pairing(ctx: &RoundCtx, who: &[usize], m: usize) -> (usize, Vec<bool>) {
    let n = who.len();
    let mut taken = vec![false; n];
    let mut pairs = 0;
    for i in 0..n {
        if taken[i] {
            continue;
        }
        if let Some(j) = ((i + 1).max(m)..n).find(|&j| !taken[j] && ctx.compat.get(who[i], who[j]))
        {
            taken[i] = true;
            taken[j] = true;
            pairs += 1;
        }
    }
    (pairs, taken)
}

/// The largest number of pairs the bracket can make (MDPs only with residents): MaxPairs of
/// B.1.b.
pub(crate) fn max_pairs(ctx: &RoundCtx, mdps: &[usize], residents: &[usize]) -> usize {
    let n = mdps.len() + residents.len();
    let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let m = mdps.len();
    // A greedy pairing that pairs all but at most one player is maximum; the exact matching
    // decides otherwise.
    let (greedy, _) = greedy_pairing(ctx, &all, m);
    if greedy == n / 2 {
        return greedy;
    }
    let graph = PlayerPairs {
        ctx,
        who: &all,
        m,
        pair: 1i64,
        own: Vec::new(),
    };
    let mut matcher = Matcher::new();
    let mate = matcher.solve_graph_within(&graph, true, PLAYER_MATRIX_BYTES);
    mate.iter().filter(|x| x.is_some()).count() / 2
}

/// The number of pairs of a best candidate of the last bracket (A.9, C.4, C.5), when a greedy
/// pairing of the `players` (each in turn with the first free one he may meet) pairs all of them
/// but at most one, who may take the bye (C.2): then the round is complete and no candidate
/// has more pairs. `None` in any other mode, or when the greedy pairing leaves more.
pub(super) fn greedy_last_pairs(g: &Graph, mode: Mode, players: &[usize]) -> Option<usize> {
    if !matches!(mode, Mode::Last) {
        return None;
    }
    let ctx = g.ctx;
    let who: Vec<usize> = players.iter().map(|&v| g.global[v]).collect();
    let (pairs, taken) = greedy_pairing(ctx, &who, 0);
    let mut left = (0..who.len()).filter(|&i| !taken[i]);
    match (left.next(), left.next()) {
        (None, _) => Some(pairs),
        (Some(i), None) if ctx.players[who[i]].bye_ok => Some(pairs),
        _ => None,
    }
}
