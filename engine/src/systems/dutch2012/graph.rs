//! The bracket's pair graph and what maximum matchings on it tell: D.4's least B.3 factor,
//! B.3's lowest floaters (with C.13's lower brackets pairable), the fewest colour conflicts of
//! C.13's moved-down players, the most pairs of a set of players, and whether a requirement
//! level can be met at all with P pairs (the necessary conditions that skip a level without a
//! search).

use super::bound::{b3_factor, scores_desc, sq};
use super::levels::Level;
use super::memo::{Graph, Memo};
use super::solve::max_weight_matching;
use super::weights::legal;
use super::Round12;
use crate::score::Score;
use ethnum::I256;
use std::collections::HashMap;

/// B.3's lowest floaters among the pairings whose floaters leave the lower players pairable
/// (C.13): `Some(Some(scores))`, `Some(None)` when no such pairing has `p` pairs, `None` when
/// the matching cannot tell (more than `p` pairs fit).
pub(crate) type BelowFloaters = Option<Option<Vec<Score>>>;

/// D.4: the least B.3 factor of a complete pairing of `players` (B.1, B.2 for non-top scorers,
/// at most one player left, who may take the bye), by a minimum-weight perfect matching;
/// `None` when there is no complete pairing.
pub(crate) fn least_b3(r: &Round12, players: &[usize]) -> Option<u64> {
    least_b3_with(r, players, &[], &[])
}

/// `least_b3` where each player of `s1` meets one of the players not in `mdps` (the
/// heterogeneous part of a bracket with these moved-down players in S1).
pub(crate) fn least_b3_with(
    r: &Round12,
    players: &[usize],
    s1: &[usize],
    mdps: &[usize],
) -> Option<u64> {
    let n = players.len();
    let lowest = players.iter().map(|&i| r.players[i].score).min()?;
    let bye_opponent = lowest - Score::points(1);
    let worst = players
        .iter()
        .map(|&i| sq(r.players[i].score, bye_opponent))
        .max()
        .unwrap_or(0);
    let big = I256::from(worst + 1);
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (players[i], players[j]);
            let held = |x: usize, y: usize| s1.contains(&x) && mdps.contains(&y);
            if r.pairable(a, b) && !held(a, b) && !held(b, a) {
                let w = big - I256::from(sq(r.players[a].score, r.players[b].score));
                edges.push((i, j, w));
            }
        }
        if n % 2 == 1 && r.players[players[i]].bye_ok && !s1.contains(&players[i]) {
            let w = big - I256::from(sq(r.players[players[i]].score, bye_opponent));
            edges.push((i, n, w));
        }
    }
    let total = n + n % 2;
    let mate = max_weight_matching(total, &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return None;
    }
    let mut pairs = Vec::new();
    let mut rest = Vec::new();
    for (i, m) in mate.iter().enumerate().take(n) {
        match *m {
            Some(j) if j == n => rest.push(players[i]),
            Some(j) if i < j => pairs.push((players[i], players[j])),
            _ => {}
        }
    }
    Some(b3_factor(r, &pairs, &rest, Some(lowest)))
}

/// The scores (highest first) of the players left unpaired by the pairing of `players` with
/// `p` pairs (B.1, B.2 for non-top scorers; `bye_only`: the players left may take the bye)
/// that leaves the lowest scores unpaired, compared
/// from the highest; `None` when there are not `p` pairs. A maximum-weight perfect matching in
/// which `n - 2p` extra vertices take the players left, each paired player weighing more than
/// all the players of lower scores together.
pub(crate) fn lowest_floaters(
    r: &Round12,
    players: &[usize],
    p: usize,
    bye_only: bool,
) -> Option<Vec<Score>> {
    let n = players.len();
    let (worth, top) = score_worths(r, players);
    let big = top * I256::from(4u32);
    let extra = n.checked_sub(2 * p)?;
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (players[i], players[j]);
            if r.pairable(a, b) {
                edges.push((i, j, big + worth(a) + worth(b)));
            }
        }
        if !bye_only || r.players[players[i]].bye_ok {
            for e in 0..extra {
                edges.push((i, n + e, big));
            }
        }
    }
    let mate = max_weight_matching(n + extra, &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return None;
    }
    let rest: Vec<usize> = (0..n)
        .filter(|&i| mate[i].is_some_and(|j| j >= n))
        .map(|i| players[i])
        .collect();
    Some(scores_desc(r, &rest))
}

/// B.3's weights of `players` by score: a player weighs more than all the players of lower
/// scores together (powers of `n + 1`, one per score level), so a maximum-weight matching
/// pairs the highest scores first; with `top`, the weight above every player's.
fn score_worths<'a>(r: &'a Round12, players: &[usize]) -> (impl Fn(usize) -> I256 + 'a, I256) {
    let mut levels: Vec<Score> = players.iter().map(|&i| r.players[i].score).collect();
    levels.sort_unstable();
    levels.dedup();
    let base = I256::from(players.len() as u64 + 1);
    let top = (0..levels.len()).fold(I256::ONE, |acc, _| acc * base);
    let worth = move |i: usize| {
        let k = levels.partition_point(|&s| s < r.players[i].score);
        (0..k).fold(I256::ONE, |acc, _| acc * base)
    };
    (worth, top)
}

/// `lowest_floaters` among the pairings of `players` whose floaters can be paired with the
/// lower players `below` (all of them, one at most left who may take the bye): a maximum-weight
/// perfect matching of the players and the lower players, where a pair of `players` weighs
/// more than all the other pairs together (the most such pairs), then by the scores of its
/// players as in `lowest_floaters`. Exact when the most is `p` (`Some`; `Some(None)` when it is
/// less); more than `p`: `None`, the matching cannot tell.
pub(crate) fn lowest_floaters_below(
    r: &Round12,
    players: &[usize],
    p: usize,
    below: &[usize],
) -> BelowFloaters {
    let n = players.len();
    let all: Vec<usize> = players.iter().chain(below).copied().collect();
    let total = all.len();
    let (worth, top) = score_worths(r, players);
    let one = I256::ONE;
    let inside = top * I256::from(4 * (n as u64 + 1));
    let mut edges = Vec::new();
    for i in 0..total {
        for j in i + 1..total {
            let (a, b) = (all[i], all[j]);
            if !r.pairable(a, b) {
                continue;
            }
            let w = if j < n {
                one + inside + worth(a) + worth(b)
            } else {
                one
            };
            edges.push((i, j, w));
        }
        if total % 2 == 1 && r.players[all[i]].bye_ok {
            edges.push((i, total, one));
        }
    }
    let mate = max_weight_matching(total + total % 2, &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return Some(None);
    }
    let pairs = (0..n).filter(|&i| mate[i].is_some_and(|j| j < n)).count() / 2;
    match pairs.cmp(&p) {
        std::cmp::Ordering::Less => Some(None),
        std::cmp::Ordering::Greater => None,
        std::cmp::Ordering::Equal => {
            let rest: Vec<usize> = (0..n)
                .filter(|&i| mate[i].is_some_and(|j| j >= n))
                .map(|i| players[i])
                .collect();
            Some(Some(scores_desc(r, &rest)))
        }
    }
}

/// A.8 / C.10.e: the fewest pairs not fulfilling all colour preferences (X) among the
/// pairings of `m1` of the moved-down players with residents (B.1, B.2 for non-top scorers),
/// `None` when no `m1` of them can be paired: C.13's search, P1 below M1.
pub(super) fn least_conflicts(
    r: &Round12,
    mdps: &[usize],
    residents: &[usize],
    m1: usize,
) -> Option<usize> {
    if m1 > residents.len() || m1 > mdps.len() {
        return None;
    }
    // A maximum-weight assignment: rows the moved-down players, then `residents - m1`
    // stand-ins taking residents only; columns the residents, then `mdps - m1` places for
    // the moved-down players left out. Exactly `m1` of them meet residents.
    const TOP: i128 = 1 << 40;
    let n = mdps.len() + residents.len() - m1;
    let weight = |i: usize, j: usize| -> Option<i128> {
        match (mdps.get(i), residents.get(j)) {
            (Some(&a), Some(&b)) => r
                .pairable(a, b)
                .then(|| TOP - i128::from(r.colour_bad(a, b))),
            (Some(_), None) | (None, Some(_)) => Some(TOP),
            (None, None) => None,
        }
    };
    let cols = super::solve::assignment::<i128>(n, weight)?;
    let conflicts = (0..mdps.len())
        .filter(|&i| cols[i] < residents.len() && r.colour_bad(mdps[i], residents[cols[i]]))
        .count();
    Some(conflicts)
}

/// The most moved-down players that can be paired with residents (B.1, B.2).
pub(crate) fn mdp_pairs(r: &Round12, mdps: &[usize], residents: &[usize]) -> usize {
    bipartite(mdps, residents, &|a, b| r.pairable(a, b))
}

/// The size of a maximum matching between `left` and `right` with pairs passing `ok`
/// (Kuhn's augmenting paths).
pub(super) fn bipartite(
    left: &[usize],
    right: &[usize],
    ok: &dyn Fn(usize, usize) -> bool,
) -> usize {
    bipartite_from(left, right, ok, &mut vec![None; right.len()])
}

/// `bipartite` from a matching already made: `owner[j]`, the position in `left` of the
/// partner of `right[j]`, holds pairs passing `ok`, each left player at most once. A greedy
/// start (each left player not in it takes the first free partner), then augmenting paths for
/// the players left out; Kuhn's method finds a maximum matching from any matching, each
/// player left out tried once. The size; `owner` holds the maximum matching found.
pub(super) fn bipartite_from(
    left: &[usize],
    right: &[usize],
    ok: &dyn Fn(usize, usize) -> bool,
    owner: &mut [Option<usize>],
) -> usize {
    fn aug(
        l: usize,
        left: &[usize],
        right: &[usize],
        ok: &dyn Fn(usize, usize) -> bool,
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for j in 0..right.len() {
            if seen[j] || !ok(left[l], right[j]) {
                continue;
            }
            seen[j] = true;
            let free = match owner[j] {
                None => true,
                Some(k) => aug(k, left, right, ok, owner, seen),
            };
            if free {
                owner[j] = Some(l);
                return true;
            }
        }
        false
    }
    let mut matched = vec![false; left.len()];
    let mut count = 0;
    for &l in owner.iter().flatten() {
        matched[l] = true;
        count += 1;
    }
    for (l, m) in matched.iter_mut().enumerate() {
        if *m {
            continue;
        }
        if let Some(j) = (0..right.len()).find(|&j| owner[j].is_none() && ok(left[l], right[j])) {
            owner[j] = Some(l);
            *m = true;
            count += 1;
        }
    }
    // One `seen` buffer, cleared per path.
    let mut seen = vec![false; right.len()];
    let unmatched = matched
        .iter()
        .enumerate()
        .filter(|(_, m)| !**m)
        .map(|(l, _)| l);
    for l in unmatched {
        seen.iter_mut().for_each(|v| *v = false);
        if aug(l, left, right, ok, owner, &mut seen) {
            count += 1;
        }
    }
    count
}

/// The largest number of pairs among `players` with pairs that pass `ok`.
pub(crate) fn max_pairs(players: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> usize {
    let n = players.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if ok(players[i], players[j]) {
                edges.push((i, j));
            }
        }
    }
    super::solve::max_pairs(n, &edges)
}

/// Whether a level can be met at all with `p` pairs among `players` (necessary conditions).
pub(super) struct Bounds<'a> {
    pub r: &'a Round12,
    pub players: &'a [usize],
    /// The bracket's pair graphs (`Memo::pairs_in`).
    pub memo: &'a Memo,
    /// Per (b2, a7d, floats dropped): (legal pairs, pairs without colour conflict, pairs
    /// without a strong conflict).
    pub cache: HashMap<(bool, bool, u8), (usize, usize, usize)>,
}

impl Bounds<'_> {
    pub fn possible(&mut self, lv: &Level, p: usize) -> bool {
        let (r, players) = (self.r, self.players);
        let key = (lv.b2, lv.a7d, lv.floats_dropped);
        let memo = self.memo;
        let &mut (all, good, strong) = self.cache.entry(key).or_insert_with(|| {
            let all = memo.pairs_in(r, lv, Graph::Legal, players, &|a, b| legal(r, lv, a, b));
            let good = |a, b| legal(r, lv, a, b) && !r.colour_bad(a, b);
            let good = memo.pairs_in(r, lv, Graph::Good, players, &good);
            let strong = |a, b| legal(r, lv, a, b) && !r.strong_bad(a, b);
            let strong = memo.pairs_in(r, lv, Graph::Fine, players, &strong);
            (all, good, strong)
        });
        all >= p && p.saturating_sub(good) <= lv.x && (!r.even || p.saturating_sub(strong) <= lv.z)
    }
}
