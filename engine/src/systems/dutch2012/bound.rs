//! Necessary conditions on a branch of the search of `bracket`, for the conditions the rules
//! check only on a complete candidate: D.4's least B.3 factor (the lowest bracket joined by
//! C.13), B.3's lowest floaters and C.13's pairable lowest bracket.
//!
//! A branch fixes some pairs; what is left has a known shape (`Rest`): the S1 players not yet
//! paired each take a free S2 player (D.1), and either the free S2 players left over float
//! (a homogeneous bracket or remainder), or they join the moved-down players waiting for the
//! remainder, which pairs some of them among themselves (a heterogeneous bracket). Every
//! completion of the branch is a perfect matching of a graph built on that shape, with one
//! extra vertex for each player left unpaired; a maximum-weight perfect matching of it gives
//! the best completion for one criterion (the least B.3 factor, or the lowest scores left
//! unpaired), and among those the least of one extra cost (`Extra`: the colour conflicts of
//! A.8's X or Z, or the cost of C.10's dropped float criteria), so a branch whose best
//! completion misses the target, or whose completions meeting it all exceed X, Z or the
//! level's budget, cannot lead to an accepted candidate. C.13's pairable lowest bracket is a
//! relaxed cardinality test (`completes_below`).

use super::solve::{assignment, max_weight_matching, perfect, Pooled};
use super::Round12;
use crate::matching::Weight;
use crate::score::Score;
use ethnum::I256;

/// What a branch of the search leaves to pair (players are indices into `Round12::players`).
#[derive(Clone, Copy)]
pub(crate) struct Rest<'a> {
    /// S1 players not paired yet: each takes one of `partners` (D.1).
    pub must: &'a [usize],
    /// The S2 players still free.
    pub partners: &'a [usize],
    /// The moved-down players waiting for the remainder (C.8.b, a heterogeneous bracket).
    pub waiting: &'a [usize],
    /// The free S2 players not taken by `must` join `waiting` in the remainder, which pairs
    /// some of them among themselves; otherwise they are left unpaired (they float).
    pub pool: bool,
    /// The pairs still to make among all these players (`must`'s included).
    pub pairs: usize,
}

/// A completion: its pairs and the players it leaves unpaired.
pub(crate) type Completion = (Vec<(usize, usize)>, Vec<usize>);

/// A bound of a branch (`value`: D.4's least factor or B.3's lowest floaters, and the least
/// extra cost among the completions with it) and a best completion with that value.
pub(crate) struct Bounded<V> {
    pub value: V,
    pub best: Completion,
    /// The weights ordered the completions by the criterion and then by the extra cost (the
    /// extra cost was not left out for want of bits), so `best` is the least of all by that
    /// order, and the same completion less one of its pairs is the least of the branch that
    /// fixes that pair (`Bounded::without`).
    pub whole: bool,
}

impl<V> Bounded<V> {
    /// The bound of the child branch that fixes `pair`, when `best` has that pair and the
    /// order was whole: every completion of the child plus `pair` is a completion of this
    /// branch, ordered as by the child's own weights (the same criterion, then the same extra
    /// cost, up to the pair's constant share), so `best` less the pair is a least completion
    /// of the child, and its value follows (`child` maps the value, given the pair).
    pub fn without(
        &self,
        pair: (usize, usize),
        child: impl FnOnce(&V, (usize, usize)) -> Option<V>,
    ) -> Option<Bounded<V>> {
        if !self.whole {
            return None;
        }
        let (pairs, left) = &self.best;
        let at = pairs
            .iter()
            .position(|&(a, b)| (a, b) == pair || (b, a) == pair)?;
        // The pair as the completion holds it (the extra cost is read in that order).
        let value = child(&self.value, pairs[at])?;
        let mut rest = pairs.clone();
        rest.remove(at);
        Some(Bounded {
            value,
            best: (rest, left.clone()),
            whole: true,
        })
    }
}

impl<'a> Rest<'a> {
    /// Any `pairs` pairs among `players`, the others left unpaired: a homogeneous bracket or
    /// remainder before its search (its root).
    pub fn pool_of(players: &'a [usize], pairs: usize) -> Self {
        Rest {
            must: &[],
            partners: &[],
            waiting: players,
            pool: true,
            pairs,
        }
    }

    /// The players of the branch, `must` first.
    pub(crate) fn players(&self) -> Vec<usize> {
        self.must
            .iter()
            .chain(self.partners)
            .chain(self.waiting)
            .copied()
            .collect()
    }

    /// The best completion for the weights given (`pair_w` of a pair, `float_w` of a player
    /// left unpaired), among the perfect matchings of the completion graph: `ok` allows a pair,
    /// `floatable` a player left unpaired. `None` when the branch has no completion.
    pub(crate) fn best<W: Pooled>(
        &self,
        ok: &dyn Fn(usize, usize) -> bool,
        floatable: &dyn Fn(usize) -> bool,
        pair_w: &dyn Fn(usize, usize) -> W,
        float_w: &dyn Fn(usize) -> W,
    ) -> Option<Completion> {
        let all = self.players();
        let n = all.len();
        let extra = n.checked_sub(2 * self.pairs)?;
        let nm = self.must.len();
        if !self.pool && self.waiting.is_empty() && self.pairs == nm {
            return self.assigned(ok, floatable, pair_w, float_w);
        }
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                // S1 players pair with S2 players only; the others among themselves only in a
                // remainder.
                let shape = if i < nm {
                    j >= nm && j < nm + self.partners.len()
                } else {
                    self.pool
                };
                if shape && ok(all[i], all[j]) {
                    edges.push((i, j, pair_w(all[i], all[j])));
                }
            }
            if i >= nm && floatable(all[i]) {
                for e in 0..extra {
                    edges.push((i, n + e, float_w(all[i])));
                }
            }
        }
        let total = n + extra;
        if total == 0 {
            return Some((Vec::new(), Vec::new()));
        }
        let mate = max_weight_matching(total, &edges, true);
        if mate.iter().any(|m| m.is_none()) {
            return None;
        }
        let mut pairs = Vec::new();
        let mut left = Vec::new();
        for (i, m) in mate.iter().enumerate().take(n) {
            match *m {
                Some(j) if j >= n => left.push(all[i]),
                Some(j) if i < j => pairs.push((all[i], all[j])),
                _ => {}
            }
        }
        Some((pairs, left))
    }

    /// `best` where the S2 players left over float (no remainder): the graph is bipartite, S1's
    /// players and the floaters' slots on one side, S2's on the other, so the best completion
    /// is an assignment (`solve::assignment`). Any best completion has the same weight, and
    /// what the callers read of it (the B.3 factor or floaters, and the extra cost) follows
    /// from the weight alone.
    fn assigned<W: Pooled>(
        &self,
        ok: &dyn Fn(usize, usize) -> bool,
        floatable: &dyn Fn(usize) -> bool,
        pair_w: &dyn Fn(usize, usize) -> W,
        float_w: &dyn Fn(usize) -> W,
    ) -> Option<Completion> {
        let (must, partners) = (self.must, self.partners);
        let col = assignment(partners.len(), |i, j| {
            let b = partners[j];
            match must.get(i) {
                Some(&a) => ok(a, b).then(|| pair_w(a, b)),
                None => floatable(b).then(|| float_w(b)),
            }
        })?;
        let pairs = must.iter().zip(&col).map(|(&a, &j)| (a, partners[j]));
        let left = col[must.len()..].iter().map(|&j| partners[j]);
        Some((pairs.collect(), left.collect()))
    }

    /// C.13: some completion of the branch leaves players who can be paired, together with
    /// `below` (the lower brackets), all but one at most, who may take the bye (B.1, B.2 for
    /// non-top scorers). Relaxed: the free players who are not in S1 may pair with each other
    /// or with `below` in any way (in the remainder or lower down), so this is a necessary
    /// condition only.
    pub fn completes_below(
        &self,
        r: &Round12,
        below: &[usize],
        ok: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        let mut all = self.players();
        all.extend_from_slice(below);
        let n = all.len();
        let nm = self.must.len();
        let np = self.partners.len();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let edge = if i < nm {
                    j >= nm && j < nm + np && ok(all[i], all[j])
                } else {
                    r.pairable(all[i], all[j])
                };
                if edge {
                    edges.push((i, j));
                }
            }
            if n % 2 == 1 && i >= nm && r.players[all[i]].bye_ok {
                edges.push((i, n));
            }
        }
        perfect(n + n % 2, &edges)
    }

    /// Some completion of the branch leaves exactly the players of `w` (sorted) unpaired:
    /// every other player still free is paired as the shape allows (S1's with S2's; in a
    /// heterogeneous bracket the rest in the remainder), `w` being all free and none of S1.
    /// Exact for the shape, up to the level's colour and float limits (C.12's wanted sets of
    /// downfloaters, asked by the driver).
    pub fn leaves_exactly(&self, w: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> bool {
        let inside = |i: &usize| w.binary_search(i).is_ok();
        if self.must.iter().any(inside) {
            return false;
        }
        let waiting: &[usize] = if self.pool { self.waiting } else { &[] };
        let free = self
            .partners
            .iter()
            .chain(waiting)
            .filter(|i| inside(i))
            .count();
        if free != w.len() {
            return false;
        }
        let partners: Vec<usize> = self
            .partners
            .iter()
            .copied()
            .filter(|i| !inside(i))
            .collect();
        let waiting: Vec<usize> = waiting.iter().copied().filter(|i| !inside(i)).collect();
        let (nm, np) = (self.must.len(), partners.len());
        let all: Vec<usize> = self
            .must
            .iter()
            .chain(&partners)
            .chain(&waiting)
            .copied()
            .collect();
        let n = all.len();
        if n % 2 == 1 || n / 2 != self.pairs || (!self.pool && np != nm) {
            return false;
        }
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                // S1's players take S2's; the others pair in the remainder (pool only).
                let edge = if i < nm { j < nm + np } else { self.pool };
                if edge && j >= nm && ok(all[i], all[j]) {
                    edges.push((i, j));
                }
            }
        }
        perfect(n, &edges)
    }

    /// D.4: the least B.3 factor of the branch's completions (their pairs and the bye terms of
    /// all the players they leave unpaired, the bye counting as an opponent one point below
    /// `lowest`), and the least `extra` cost among the completions with that factor; `None`
    /// when there is no completion. With a completion that has them.
    pub fn least_b3(
        &self,
        r: &Round12,
        lowest: Score,
        ok: &dyn Fn(usize, usize) -> bool,
        floatable: &dyn Fn(usize) -> bool,
        extra: &Extra,
    ) -> Option<Bounded<(u64, u64)>> {
        let bye_opponent = lowest - Score::points(1);
        let players = self.players();
        let cost = |a: usize, b: usize| sq(r.players[a].score, r.players[b].score);
        let bye = |i: usize| sq(r.players[i].score, bye_opponent);
        let worst = players
            .iter()
            .flat_map(|&a| players.iter().map(move |&b| (a, b)))
            .map(|(a, b)| cost(a, b))
            .chain(players.iter().map(|&i| bye(i)))
            .max()
            .unwrap_or(0);
        let big = i64::try_from(worst).unwrap_or(i64::MAX / 2) + 1;
        // The factor first, then the extra cost (less than `k` in all): when that does not
        // fit in i64, the factor only.
        let k = extra.limit(&players);
        let (k, whole) = match i64::try_from(k) {
            Ok(k) if big.checked_mul(k).and_then(|w| w.checked_mul(64)).is_some() => (k, true),
            _ => (1, false),
        };
        let pair_w = |a: usize, b: usize| {
            (big - cost(a, b) as i64) * k - if k > 1 { (extra.pair)(a, b) as i64 } else { 0 }
        };
        let float_w =
            |i: usize| (big - bye(i) as i64) * k - if k > 1 { (extra.float)(i) as i64 } else { 0 };
        let (pairs, left) = self.best::<i64>(ok, floatable, &pair_w, &float_w)?;
        let factor = pairs.iter().map(|&(a, b)| cost(a, b)).sum::<u64>()
            + left.iter().map(|&i| bye(i)).sum::<u64>();
        let spent = if k > 1 { extra.total(&pairs, &left) } else { 0 };
        Some(Bounded {
            value: (factor, spent),
            best: (pairs, left),
            whole,
        })
    }

    /// B.3: the scores (highest first) of the players left unpaired by the completion that
    /// leaves the lowest scores unpaired (compared from the highest), and the least `extra`
    /// cost among those completions, with such a completion; `None` when there is no
    /// completion. Each paired player
    /// weighs more than all the players of lower scores together (i64 weights where they fit,
    /// else 128 bits, else 256 bits; the extra cost only where it fits too). The weights are
    /// the same integers in any of these types, so the completion found is the same.
    pub fn lowest_floaters(
        &self,
        r: &Round12,
        ok: &dyn Fn(usize, usize) -> bool,
        floatable: &dyn Fn(usize) -> bool,
        extra: &Extra,
    ) -> Option<Bounded<(Vec<Score>, u64)>> {
        let players = self.players();
        let mut levels: Vec<Score> = players.iter().map(|&i| r.players[i].score).collect();
        levels.sort_unstable();
        levels.dedup();
        let base = players.len() as u64 + 1;
        let rank = |i: usize| levels.partition_point(|&s| s < r.players[i].score) as u32;
        let k = extra.limit(&players);
        let bits = |k: u64| (base as f64).log2() * (levels.len() as f64 + 2.0) + (k as f64).log2();
        let whole = bits(k) < 240.0;
        let (pairs, left, k) = if bits(k) < 52.0 {
            let (p, l) = self.floaters_with::<i64>(base, k, &rank, ok, floatable, extra)?;
            (p, l, k)
        } else if bits(k) < 110.0 {
            let (p, l) = self.floaters_with::<i128>(base, k, &rank, ok, floatable, extra)?;
            (p, l, k)
        } else if bits(k) < 240.0 {
            let (p, l) = self.floaters_with::<I256>(base, k, &rank, ok, floatable, extra)?;
            (p, l, k)
        } else {
            let (p, l) = self.floaters_with::<I256>(base, 1, &rank, ok, floatable, extra)?;
            (p, l, 1)
        };
        let spent = if k > 1 { extra.total(&pairs, &left) } else { 0 };
        Some(Bounded {
            value: (scores_desc(r, &left), spent),
            best: (pairs, left),
            whole,
        })
    }

    /// `lowest_floaters` with weights of type `W`: the floaters first, then the extra cost
    /// (less than `k` in all; ignored when `k` is 1).
    fn floaters_with<W: Pooled>(
        &self,
        base: u64,
        k: u64,
        rank: &dyn Fn(usize) -> u32,
        ok: &dyn Fn(usize, usize) -> bool,
        floatable: &dyn Fn(usize) -> bool,
        extra: &Extra,
    ) -> Option<Completion> {
        let players = self.must.iter().chain(self.partners).chain(self.waiting);
        let max_rank = players.map(|&i| rank(i)).max().unwrap_or(0);
        let mut powers = vec![W::from_i64(1)];
        for e in 0..=max_rank as usize {
            powers.push(mul(powers[e], base));
        }
        let big = mul(powers[max_rank as usize + 1], 4);
        // (big + worth(a) + worth(c)) * k, as the sum of the products, computed once each.
        let big_k = mul(big, k);
        let worth_k: Vec<W> = powers.iter().map(|&w| mul(w, k)).collect();
        let worth = |i: usize| worth_k[rank(i) as usize];
        let less = |v: u64| W::from_i64(if k > 1 { v as i64 } else { 0 });
        let pair_w = |a: usize, c: usize| big_k + worth(a) + worth(c) - less((extra.pair)(a, c));
        let float_w = |i: usize| big_k - less((extra.float)(i));
        self.best::<W>(ok, floatable, &pair_w, &float_w)
    }
}

/// A second cost, the least of it sought among the best completions: per pair and per player
/// left unpaired (the colour conflicts of A.8 X or Z, or the cost of C.10's dropped float
/// criteria).
pub(crate) struct Extra<'a> {
    pub pair: &'a dyn Fn(usize, usize) -> u64,
    pub float: &'a dyn Fn(usize) -> u64,
    /// No pair and no player left unpaired costs more than this (1 for the colour conflicts),
    /// when known: `limit` stops looking for the dearest once it meets it.
    pub ceiling: Option<u64>,
}

impl Extra<'_> {
    /// More than the extra cost of any completion of `players`: each of them in one pair or
    /// left unpaired at the dearest.
    fn limit(&self, players: &[usize]) -> u64 {
        let mut dearest = 0;
        let costs = players
            .iter()
            .flat_map(|&a| players.iter().map(move |&b| (a, b)))
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (self.pair)(a, b))
            .chain(players.iter().map(|&i| (self.float)(i)));
        for cost in costs {
            dearest = dearest.max(cost);
            if Some(dearest) == self.ceiling {
                break;
            }
        }
        dearest
            .saturating_mul(players.len() as u64)
            .saturating_add(1)
    }

    /// The extra cost of a completion.
    pub fn total(&self, pairs: &[(usize, usize)], left: &[usize]) -> u64 {
        pairs.iter().map(|&(a, b)| (self.pair)(a, b)).sum::<u64>()
            + left.iter().map(|&i| (self.float)(i)).sum::<u64>()
    }
}

/// `a * k` (the weight types have no product), by doubling.
fn mul<W: Weight>(a: W, k: u64) -> W {
    let (mut out, mut power, mut k) = (W::ZERO, a, k);
    while k > 0 {
        if k & 1 == 1 {
            out += power;
        }
        k >>= 1;
        if k > 0 {
            power = power.double();
        }
    }
    out
}

/// D.4: the square of a score difference, in tenths of a point.
pub(crate) fn sq(a: Score, b: Score) -> u64 {
    let d = u64::from((a.tenths() - b.tenths()).unsigned_abs());
    d * d
}

/// D.4: the B.3 factor of a pairing of the lowest bracket: the sum of the squared score
/// differences of its pairs, the bye counting as an opponent one point below the lowest score.
pub(crate) fn b3_factor(
    r: &Round12,
    pairs: &[(usize, usize)],
    rest: &[usize],
    lowest: Option<Score>,
) -> u64 {
    let bye_opponent = lowest.map(|s| s - Score::points(1));
    let pairs: u64 = pairs
        .iter()
        .map(|&(a, b)| sq(r.players[a].score, r.players[b].score))
        .sum();
    let bye: u64 = rest
        .iter()
        .zip(bye_opponent)
        .map(|(&i, o)| sq(r.players[i].score, o))
        .sum();
    pairs + bye
}

/// The scores of `who`, highest first.
pub(crate) fn scores_desc(r: &Round12, who: &[usize]) -> Vec<Score> {
    let mut v: Vec<Score> = who.iter().map(|&i| r.players[i].score).collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v
}

/// `scores_desc(r, who) == scores`, without a vector for the usual small sets.
pub(crate) fn scores_are(r: &Round12, who: &[usize], scores: &[Score]) -> bool {
    const ON_STACK: usize = 32;
    if who.len() != scores.len() {
        return false;
    }
    if who.len() > ON_STACK {
        return scores_desc(r, who) == scores;
    }
    let mut v = [Score::ZERO; ON_STACK];
    for (k, &i) in who.iter().enumerate() {
        v[k] = r.players[i].score;
    }
    let v = &mut v[..who.len()];
    v.sort_unstable_by(|a, b| b.cmp(a));
    v == scores
}
