//! One matching of the 1998 bracket search: the best completion of a partial candidate, or the
//! proof that there is none.
//!
//! A [`Query`] describes a partial candidate of one attempt at one level: pairs already chosen,
//! the moved-down players of S1 still to pair with the group (D.1 of a heterogeneous bracket),
//! and the homogeneous group (the bracket or the remainder) with what is already decided of its
//! S1' (D.2) and of its transposition (D.1). [`complete`] builds one weighted graph and one
//! maximum-weight matching answers, in this priority:
//! 1. every player who must be paired is paired, and the caller's condition on the downfloaters
//!    holds (C.12, C.13);
//! 2. the most pairs (at most the attempt's: an attempt with more pairs came earlier in C.14's
//!    order and had no candidate, so the count is exact; it is checked);
//! 3. the fewest pairs joining two players who prefer the same colour (B.4): A.8's x is a lower
//!    bound of that number for every candidate of the attempt (`bracket::levels`), and a level
//!    with x raised is only reached when the level below had no candidate, so a level's
//!    candidates are exactly those with the least number, x;
//! 4. D.2 in the group: the fewest players exchanged, then the least difference of the numbers
//!    exchanged (with each pair's higher player in S1', both are sums over the pairs);
//! 5. the lowest partner of one player (`tie`): the next decision of D.1;
//! 6. pairs close to C.6's (S1'[i] with S2'[i]), so that a completion found usually follows the
//!    order of D.1 and saves the matchings of later decisions.
//!
//! The condition on the downfloaters is a matching condition too, put in the same graph: a
//! group player who may float has two more vertices, `a'` (joined to him and to `r_a`) and `r_a`
//! (his place among the downfloaters). Either he is paired in the bracket and `a'` takes `r_a`,
//! or he takes `a'` (he floats) and `r_a` must be paired below: with another downfloater or a
//! player of the next bracket (C.12: each downfloater paired), or so that the downfloaters and
//! the lowest bracket are all paired but one who may take the bye (C.13). Without a condition a
//! player who floats is simply left unpaired.

use super::bracket::{must_stay, pair_ok, Condition, Level, Task};
use super::Round98;
use crate::matching::{max_edge_weight, Matcher};
use crate::pairing::PairingError;

/// What is decided of a group player's side in D.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Not decided.
    Free,
    /// In S1': paired with a lower player of the group.
    Upper,
    /// In S2': paired with a higher player of the group, or left over.
    Lower,
}

/// A partial candidate (see the module documentation).
pub(super) struct Query<'q> {
    /// Pairs already chosen (they are out of the graph).
    pub fixed: &'q [(usize, usize)],
    /// Moved-down players of S1 still to pair, each with a player of `group`.
    pub moved: &'q [usize],
    /// The other players, A.2 order (ascending indices).
    pub group: &'q [usize],
    /// The size of the group's S1 (the exchange counts and sums are taken against it).
    pub q: usize,
    /// Per group position: what is decided of his side.
    pub roles: &'q [Role],
    /// Per group position: the partner position decided for him (D.1).
    pub pins: &'q [Option<usize>],
    /// The pairs of the attempt, `fixed` included.
    pub pairs: usize,
    /// The vertex (moved players first, then the group) whose partner's position in the group
    /// is to be the lowest possible.
    pub tie: Option<usize>,
    /// Whether D.2's keys count: the group is the one being exchanged.
    pub costs: bool,
    /// Whether closeness to D.1's order counts (for decisions taken one matching each).
    pub near: bool,
}

/// The keys of a completion that the decisions compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    /// B.4: pairs of two players preferring the same colour, `fixed` included.
    pub bad: usize,
    /// D.2: group players exchanged into S1'.
    pub k: usize,
    /// D.2: the sum of the positions of S1' (the difference of the numbers exchanged, plus a
    /// constant).
    pub sum: usize,
}

/// A completion: the pairs the matching added and the group players it leaves over.
#[derive(Clone, Debug)]
pub(super) struct Completion {
    /// Pairs (lower index first), `fixed` not included.
    pub pairs: Vec<(usize, usize)>,
    pub left: Vec<usize>,
    pub key: Key,
}

impl Completion {
    /// The partner of `a` in the pairs the matching added.
    pub fn partner(&self, a: usize) -> Option<usize> {
        self.pairs.iter().find_map(|&(x, y)| {
            if x == a {
                Some(y)
            } else if y == a {
                Some(x)
            } else {
                None
            }
        })
    }

    /// `a` is the higher player of his pair (in S1').
    pub fn upper(&self, a: usize) -> bool {
        self.partner(a).is_some_and(|b| b > a)
    }
}

/// The weights, in decreasing priority (see the module documentation), for `n` bracket vertices;
/// the priorities a query does not use take no room.
struct Units {
    near: i128,
    tie: i128,
    sum: i128,
    k: i128,
    bad: i128,
    pair: i128,
    cover: i128,
}

impl Units {
    /// Each unit exceeds the largest total of the units below it over a whole matching; `None`
    /// when the largest weight would not fit the matching's range (brackets of about 10^4
    /// players).
    fn new(n: usize, q: &Query) -> Option<Units> {
        let n = n.max(2) as i128;
        let near = 1i128;
        let mut unit = if q.near { n.checked_pow(3)? + 1 } else { 1 };
        let tie = unit;
        if q.tie.is_some() {
            unit = unit.checked_mul(n + 1)?;
        }
        let sum = unit;
        if q.costs {
            unit = unit.checked_mul(n * n + 1)?;
        }
        let k = unit;
        if q.costs {
            unit = unit.checked_mul(n + 1)?;
        }
        let bad = unit;
        let pair = bad.checked_mul(n + 5)?;
        let cover = pair.checked_mul(n + 1)?;
        (cover.checked_mul(4)? <= max_edge_weight::<i128>()).then_some(Units {
            near,
            tie,
            sum,
            k,
            bad,
            pair,
            cover,
        })
    }
}

/// The matching solvers (64-bit weights when they fit, else 128-bit), kept between calls, and
/// the optimal duals of the last solve.
#[derive(Default)]
pub(super) struct Matchers {
    small: Matcher<i64>,
    big: Matcher<i128>,
    used_big: bool,
}

impl Matchers {
    fn solve(&mut self, n: usize, edges: &[(usize, usize, i128)]) -> Vec<Option<usize>> {
        let top = edges.iter().map(|e| e.2).max().unwrap_or(0);
        self.used_big = top > i128::from(max_edge_weight::<i64>());
        if self.used_big {
            self.big.solve(n, edges, false).to_vec()
        } else {
            let small: Vec<(usize, usize, i64)> =
                edges.iter().map(|&(a, b, w)| (a, b, w as i64)).collect();
            self.small.solve(n, &small, false).to_vec()
        }
    }

    fn vertex_duals_only(&self) -> bool {
        if self.used_big {
            self.big.duals_are_vertex_only()
        } else {
            self.small.duals_are_vertex_only()
        }
    }

    fn is_tight(&self, u: usize, v: usize) -> bool {
        if self.used_big {
            self.big.is_tight(u, v)
        } else {
            self.small.is_tight(u, v)
        }
    }

    fn must_cover(&self, v: usize) -> bool {
        if self.used_big {
            self.big.must_cover(v)
        } else {
            self.small.must_cover(v)
        }
    }
}

/// An inconsistency of the search (a decision it proved possible could not be completed):
/// reported, never turned into a pairing.
pub(super) fn internal(what: &str) -> PairingError {
    PairingError::Engine(format!("rating-1998 bracket search: {what}"))
}

/// The best completion of `q` (module documentation), or `None` when no completion pairs
/// everybody who must be paired with the attempt's number of pairs under the caller's
/// condition. Errors: a completion with more pairs than the attempt's (impossible when the
/// attempts run in C.14's order), or a bracket too large for the weights.
pub(super) fn complete(
    r: &Round98,
    task: &Task,
    lv: Level,
    c1: &[usize],
    q: &Query,
    matcher: &mut Matchers,
) -> Result<Option<Completion>, PairingError> {
    let nm = q.moved.len();
    let ng = q.group.len();
    // The group positions still open (a pinned pair is decided: out of the graph).
    let gpos: Vec<usize> = (0..ng).filter(|&g| q.pins[g].is_none()).collect();
    let verts = Vertices { q, nm, gpos };
    let nb = verts.count();
    let u = Units::new(nm + ng, q).ok_or_else(|| {
        PairingError::TooLarge(format!(
            "a rating-1998 bracket of {} players needs weights wider than the engine supports",
            nm + ng
        ))
    })?;
    let player = |v: usize| verts.player(v);
    let pos = |v: usize| verts.pos(v);
    let may_float = |g: usize| {
        q.roles[g] != Role::Upper && q.pins[g].is_none() && !must_stay(r, task, lv, q.group[g])
    };
    let mut pinned: Vec<(usize, usize)> = Vec::new();
    for g in 0..ng {
        if let Some(h) = q.pins[g] {
            if g < h {
                pinned.push((g, h));
            }
        }
    }
    let to_pair = q.pairs - q.fixed.len() - pinned.len();
    let left_count = (nb + c1.len()).saturating_sub(2 * to_pair);
    // The graph below the bracket for the caller's condition.
    let (below, all_below_required): (&[usize], bool) = match &task.cond {
        Condition::Covers(next) => (next, false),
        Condition::Completes(low) => (low, true),
        Condition::Any | Condition::Bye => (&[], false),
    };
    let gadget = matches!(task.cond, Condition::Covers(_) | Condition::Completes(_));
    let mut required: Vec<bool> = (0..nb)
        .map(|v| v < nm || gadget || !may_float(pos(v)))
        .collect();
    // a' and r_a of each group player who may float (gadget only).
    let mut float_v: Vec<Option<(usize, usize)>> = vec![None; nb];
    let mut nv = nb;
    // Vertices below: r of each player who may float, r of each C.1 player, the players of
    // `below`, and the bye (C.13, odd count).
    let mut down: Vec<(usize, usize)> = Vec::new(); // (vertex, player)
    if gadget {
        for (v, slot) in float_v.iter_mut().enumerate().skip(nm) {
            if may_float(pos(v)) {
                *slot = Some((nv, nv + 1));
                down.push((nv + 1, player(v)));
                nv += 2;
            }
        }
        for &c in c1 {
            down.push((nv, c));
            nv += 1;
        }
    }
    let first_below = nv;
    if gadget {
        nv += below.len();
    }
    let bye = (gadget && all_below_required && (left_count + below.len()) % 2 == 1).then(|| {
        nv += 1;
        nv - 1
    });
    required.resize(nv, true);
    if gadget && !all_below_required {
        for req in &mut required[first_below..first_below + below.len()] {
            *req = false;
        }
    }
    let mut edges: Vec<(usize, usize, i128)> = Vec::new();
    let cover = |a: usize, b: usize| u.cover * (i128::from(required[a]) + i128::from(required[b]));
    // Bracket pairs.
    bracket_edges(r, lv, &u, &verts, &cover, &mut edges);
    // The downfloaters' side (C.12, C.13).
    for (a, fv) in float_v.iter().enumerate() {
        if let Some((a1, ra)) = *fv {
            edges.push((a, a1, cover(a, a1)));
            edges.push((a1, ra, cover(a1, ra)));
        }
    }
    for (i, &(va, pa)) in down.iter().enumerate() {
        for &(vb, pb) in &down[i + 1..] {
            if r.pairable(pa, pb) {
                edges.push((va, vb, cover(va, vb)));
            }
        }
        for (k, &y) in below.iter().enumerate() {
            if r.pairable(pa, y) {
                edges.push((va, first_below + k, cover(va, first_below + k)));
            }
        }
        if let Some(z) = bye {
            if r.players[pa].bye_ok {
                edges.push((va, z, cover(va, z)));
            }
        }
    }
    if gadget && all_below_required {
        for (k, &y) in below.iter().enumerate() {
            let vy = first_below + k;
            for (l, &y2) in below.iter().enumerate().skip(k + 1) {
                if r.pairable(y, y2) {
                    edges.push((vy, first_below + l, cover(vy, first_below + l)));
                }
            }
            if let Some(z) = bye {
                if r.players[y].bye_ok {
                    edges.push((vy, z, cover(vy, z)));
                }
            }
        }
    }
    let mate = matcher.solve(nv, &edges);
    if (0..nv).any(|v| required[v] && mate[v].is_none()) {
        return Ok(None);
    }
    read_completion(r, &verts, &mate, &pinned, to_pair)
}

/// The vertices of `complete`'s graph that stand for the bracket's players: the `nm`
/// moved-down players of the query first, then the group positions still open (`gpos`).
struct Vertices<'q, 'a> {
    q: &'q Query<'a>,
    nm: usize,
    gpos: Vec<usize>,
}

impl Vertices<'_, '_> {
    /// How many there are (`nb`).
    fn count(&self) -> usize {
        self.nm + self.gpos.len()
    }

    /// The player of vertex `v`.
    fn player(&self, v: usize) -> usize {
        if v < self.nm {
            self.q.moved[v]
        } else {
            self.q.group[self.gpos[v - self.nm]]
        }
    }

    /// The group position of vertex `v` (0 for a moved-down player).
    fn pos(&self, v: usize) -> usize {
        if v < self.nm {
            0
        } else {
            self.gpos[v - self.nm]
        }
    }
}

/// The edges of the bracket's own pairs (vertices `0..nb`, the `nm` moved-down players first)
/// for `complete`: a pair allowed at the level, weighted by the query's priorities (B.4
/// colours, C.14's k and position sum, closeness to D.1's order, the tie-break).
fn bracket_edges(
    r: &Round98,
    lv: Level,
    u: &Units,
    verts: &Vertices<'_, '_>,
    cover: &dyn Fn(usize, usize) -> i128,
    edges: &mut Vec<(usize, usize, i128)>,
) {
    let (q, nm, nb) = (verts.q, verts.nm, verts.count());
    let (player, pos) = (|v| verts.player(v), |v| verts.pos(v));
    let ng = q.group.len();
    for a in 0..nb {
        for b in (a + 1).max(nm)..nb {
            let (pa, pb) = (player(a), player(b));
            if !pair_ok(r, lv, pa, pb) {
                continue;
            }
            let (ga, gb) = (pos(a), pos(b));
            let mut cost = u.bad * i128::from(r.colour_bad(pa, pb));
            // Closeness to D.1's order: the higher a player, the more his partner's position
            // weighs.
            if a < nm {
                // A moved-down player of S1 with a group player (D.1 of the moved-down).
                if q.roles[gb] != Role::Free {
                    continue;
                }
                if q.near {
                    cost += u.near * ((nm - a) * gb) as i128;
                }
            } else {
                let ok_a = matches!(q.roles[ga], Role::Free | Role::Upper);
                let ok_b = matches!(q.roles[gb], Role::Free | Role::Lower);
                if !(ok_a && ok_b) {
                    continue;
                }
                if q.costs {
                    cost += u.k * i128::from(ga >= q.q) + u.sum * ga as i128;
                }
                if q.near {
                    cost += u.near * ((ng - ga) * gb) as i128;
                }
            }
            let tie_at = |v: usize| q.tie == Some(if v < nm { v } else { nm + pos(v) });
            if tie_at(a) {
                cost += u.tie * gb as i128;
            } else if tie_at(b) {
                cost += u.tie * ga as i128;
            }
            edges.push((a, b, cover(a, b) + u.pair - cost));
        }
    }
}

/// The completion a matching `mate` of `complete`'s graph gives: the pinned pairs and the
/// matched bracket pairs with their keys, the players left; `None` when it makes fewer pairs
/// than the attempt's.
fn read_completion(
    r: &Round98,
    verts: &Vertices<'_, '_>,
    mate: &[Option<usize>],
    pinned: &[(usize, usize)],
    to_pair: usize,
) -> Result<Option<Completion>, PairingError> {
    let (q, nm, nb) = (verts.q, verts.nm, verts.count());
    let (player, pos) = (|v| verts.player(v), |v| verts.pos(v));
    let mut key = Key {
        bad: 0,
        k: 0,
        sum: 0,
    };
    let mut pairs = Vec::new();
    let mut left = Vec::new();
    for &(g, h) in pinned {
        key.k += usize::from(g >= q.q);
        key.sum += g;
        pairs.push((q.group[g], q.group[h]));
    }
    for (v, m) in mate.iter().enumerate().take(nb) {
        match *m {
            Some(w) if w < nb => {
                if v < w {
                    let (a, b) = (player(v), player(w));
                    if v >= nm {
                        key.k += usize::from(pos(v) >= q.q);
                        key.sum += pos(v);
                    }
                    pairs.push((a.min(b), a.max(b)));
                }
            }
            _ => left.push(player(v)),
        }
    }
    if pairs.len() > to_pair + pinned.len() {
        return Err(internal("more pairs than the attempt makes"));
    }
    key.bad = q
        .fixed
        .iter()
        .chain(&pairs)
        .filter(|&&(a, b)| r.colour_bad(a, b))
        .count();
    left.sort_unstable();
    Ok((pairs.len() == to_pair + pinned.len()).then_some(Completion { pairs, left, key }))
}

/// D.1 for a group whose S1' is decided (`roles`, every one `Upper` or `Lower`; no condition on
/// the downfloaters), from the last matching (`matchers`, which found `best`, a completion of
/// the group `q.group` with the least keys, vertices = group positions): S1' top down, each with
/// the lowest S2' player a candidate allows. When the optimal duals have no blossom part, the
/// candidates of the level are exactly the matchings of tight edges that cover every vertex
/// with a positive dual (LP complementary slackness), and with S1' decided they pair S1'
/// against S2' only, a bipartite graph: each choice is then made with alternating paths,
/// O(edges) each. `None` when the duals have a blossom part (the caller solves again on the
/// bipartite graph, or decides with one matching per choice).
pub(super) fn first_transposition(
    task: &Task,
    group: &[usize],
    roles: &[Role],
    best: &Completion,
    matchers: &Matchers,
) -> Result<Option<Completion>, PairingError> {
    if !matches!(task.cond, Condition::Any | Condition::Bye) || !matchers.vertex_duals_only() {
        return Ok(None);
    }
    let n = group.len();
    let at = |a: usize| group.binary_search(&a).ok();
    let mut mate: Vec<Option<usize>> = vec![None; n];
    for &(a, b) in &best.pairs {
        let (Some(i), Some(j)) = (at(a), at(b)) else {
            return Err(internal("a pair outside the group"));
        };
        mate[i] = Some(j);
        mate[j] = Some(i);
    }
    let tight = |i: usize, j: usize| matchers.is_tight(i, j);
    let must = |j: usize| matchers.must_cover(j);
    let mut fixed = vec![false; n];
    for a in 0..n {
        if roles[a] != Role::Upper {
            continue;
        }
        let mut chosen = false;
        for j in a + 1..n {
            if roles[j] != Role::Lower || fixed[j] || !tight(a, j) {
                continue;
            }
            if mate[a] == Some(j) || try_pair(&mut mate, &fixed, a, j, &tight, &must, roles) {
                fixed[a] = true;
                fixed[j] = true;
                chosen = true;
                break;
            }
        }
        if !chosen {
            return Err(internal("no D.1 choice for an S1' player"));
        }
    }
    let mut pairs = Vec::new();
    let mut left = Vec::new();
    for (i, m) in mate.iter().enumerate() {
        match *m {
            Some(j) if i < j => pairs.push((group[i], group[j])),
            Some(_) => {}
            None => left.push(group[i]),
        }
    }
    Ok(Some(Completion {
        pairs,
        left,
        key: best.key,
    }))
}

/// Re-matches `mate` (a matching of tight edges covering every S1' player and every S2' player
/// with a positive dual) so that it pairs `a` (S1') with `j` (S2') and keeps the `fixed`
/// players' pairs: the S1' player who loses `j` is re-paired along an alternating path of
/// tight edges, then `a`'s old partner, if he must be covered, along another. Leaves `mate`
/// unchanged and returns false when that is impossible (then no such matching exists: the
/// symmetric difference with one would hold both paths).
fn try_pair(
    mate: &mut [Option<usize>],
    fixed: &[bool],
    a: usize,
    j: usize,
    tight: &dyn Fn(usize, usize) -> bool,
    must: &dyn Fn(usize) -> bool,
    roles: &[Role],
) -> bool {
    let mut m = mate.to_vec();
    let old = m[a];
    let u = m[j];
    if let Some(o) = old {
        m[o] = None;
    }
    if let Some(x) = u {
        m[x] = None;
    }
    m[a] = Some(j);
    m[j] = Some(a);
    let blocked = |v: usize| fixed[v] || v == a || v == j;
    // The S1' player who lost j: an augmenting path to a free S2' player.
    if let Some(x) = u {
        let free = |m: &[Option<usize>], y: usize| m[y].is_none();
        if !shift(&mut m, x, Role::Lower, &blocked, tight, &free, roles) {
            return false;
        }
    }
    // a's old partner, when he must be paired: he takes an S1' player whose partner may go
    // free, along an alternating path.
    if let Some(o) = old {
        if m[o].is_none() && must(o) {
            let spare = |m: &[Option<usize>], l: usize| m[l].is_some_and(|y| !must(y));
            if !shift(&mut m, o, Role::Upper, &blocked, tight, &spare, roles) {
                return false;
            }
        }
    }
    mate.copy_from_slice(&m);
    true
}

/// An alternating path of tight edges from the unpaired `start` through players of the side
/// `side` (each followed by his partner) to one that `stop` accepts; the pairs along it are
/// shifted so that `start` is paired and that player's old partner, if any, is not. False (and
/// `m` unchanged) when there is no such path.
fn shift(
    m: &mut [Option<usize>],
    start: usize,
    side: Role,
    blocked: &dyn Fn(usize) -> bool,
    tight: &dyn Fn(usize, usize) -> bool,
    stop: &dyn Fn(&[Option<usize>], usize) -> bool,
    roles: &[Role],
) -> bool {
    let n = m.len();
    let mut from: Vec<Option<usize>> = vec![None; n];
    let mut queue = vec![start];
    let mut end = None;
    'search: while let Some(v) = queue.pop() {
        for w in 0..n {
            if roles[w] != side || from[w].is_some() || blocked(w) || !tight(v.min(w), v.max(w)) {
                continue;
            }
            from[w] = Some(v);
            if stop(m, w) {
                end = Some(w);
                break 'search;
            }
            if let Some(next) = m[w] {
                queue.push(next);
            }
        }
    }
    let Some(mut w) = end else {
        return false;
    };
    if let Some(f) = m[w] {
        m[f] = None;
    }
    while let Some(v) = from[w] {
        let next = m[v];
        m[w] = Some(v);
        m[v] = Some(w);
        match next {
            Some(w2) if v != start => w = w2,
            _ => break,
        }
    }
    true
}
