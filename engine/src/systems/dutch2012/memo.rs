//! What is computed once for a bracket (`search`): D.4's least B.3 factor, B.3's
//! lowest floaters, the maximum matchings of `may_meet`, and the bounds of the branches of the
//! search (`bound`).
//!
//! The search asks these caches at almost every node, mostly for what it asked before, so a
//! lookup allocates nothing: the key (the players as 32-bit words, after a few words for the
//! level and the shape) is written into a buffer kept here and hashed with FxHash; only a
//! miss stores a copy of it. The bounds of one branch shape (`Rest`) share one entry, found by
//! one lookup, which holds each kind of bound once computed.
//!
//! The bipartite matchings of `Search::can_complete` (at every node) run on bit masks: per
//! level, the rows of the bracket's pair graphs (legal, legal without a colour conflict,
//! legal without a strong one), each row computed when first needed. A bracket of more than
//! `MASK_PLAYERS` players keeps the same rows in words of 64 bits (`Wide`), its matchings
//! started from the ones the caller hands in (the parent node's, `Memo::matching`).

use super::bound::{Bounded, Completion, Rest};
use super::graph::{
    least_b3, least_b3_with, lowest_floaters, lowest_floaters_below, max_pairs, BelowFloaters,
};
use super::levels::Level;
use super::ordering::combinations;
use super::weights::legal;
use super::Round12;
use crate::score::Score;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// B.3's lowest floaters of a branch's completions and their fewest colour conflicts.
pub(crate) type FloatersBound = Option<(Vec<Score>, u64)>;

/// B.3's lowest floaters of a branch with a best completion (`Rest::lowest_floaters`).
type FloatersFound = Bounded<(Vec<Score>, u64)>;

/// A cache keyed by words.
type Map<V> = FxHashMap<Box<[u32]>, V>;

/// D.2's exchange lists (positions) by (n, p, k).
type Exchanges = FxHashMap<(usize, usize, usize), Rc<[usize]>>;

/// The bounds of one branch shape at one level (each `None` until computed); `b3` and
/// `floaters` per kind of extra cost (0: X, 1: Z, 2: the level's budget).
#[derive(Default)]
struct RestBounds {
    below: Option<bool>,
    wanted: Option<bool>,
    b3: [Option<Option<(u64, u64)>>; 3],
    floaters: [Option<FloatersBound>; 3],
    /// The best completions found for each kind (the first kind's read by `Memo::first_b3`
    /// and `first_floaters`; each handed down to the branch's children by `Memo::b3_child`
    /// and `floaters_child`).
    b3_best: [Option<Bounded<(u64, u64)>>; 3],
    floaters_best: [Option<FloatersFound>; 3],
}

/// The most players of a bracket whose pair graphs are kept as bit masks (one `u128` a row).
const MASK_PLAYERS: usize = 128;

/// The pair graphs of `Search::can_complete`, as bit masks over the bracket's players (their
/// positions in `Memo::players`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Graph {
    /// The level's legal pairs (`weights::legal`), row `a` holding `b` when `legal(a, b)`.
    Legal,
    /// Legal and without a colour conflict (A.8 X).
    Good,
    /// Legal and without a strong colour conflict (A.8 Z).
    Fine,
    /// The legal pairs the other way: row `b` holding `a` when `legal(a, b)`.
    Reversed,
}

/// The rows of the pair graphs at one level; a row is valid once its bit is in `done`.
struct Rows {
    /// A level with these legal pairs (`level_word`).
    level: Level,
    word: u32,
    done: u128,
    legal: [u128; MASK_PLAYERS],
    good: [u128; MASK_PLAYERS],
    fine: [u128; MASK_PLAYERS],
    /// `Graph::Reversed`, built whole with the first row asked.
    reversed: Option<Box<[u128; MASK_PLAYERS]>>,
}

/// The rows of the pair graphs at one level of a bracket of more than `MASK_PLAYERS`
/// players, `words` words of 64 bits a row, each graph's row computed when first needed (its
/// bit in the graph's `done`); a graph's table allocated (zeroed) when first asked.
struct Wide {
    level: Level,
    word: u32,
    words: usize,
    /// Per `Graph` (in its order): the rows, and the rows computed.
    rows: [Vec<u64>; 4],
    done: [Vec<u64>; 4],
}

impl Wide {
    /// Row `a` of `graph` (positions in the bracket), computed if not done yet.
    fn row(&mut self, r: &Round12, players: &[usize], graph: Graph, a: usize) -> &[u64] {
        let g = graph as usize;
        let w = self.words;
        if self.rows[g].is_empty() {
            self.rows[g] = vec![0; players.len() * w];
            self.done[g] = vec![0; w];
        }
        if self.done[g][a / 64] & 1 << (a % 64) == 0 {
            let row = &mut self.rows[g][a * w..(a + 1) * w];
            let pa = players[a];
            for (k, &pb) in players.iter().enumerate() {
                let on = match graph {
                    Graph::Legal => legal(r, &self.level, pa, pb),
                    Graph::Good => legal(r, &self.level, pa, pb) && !r.colour_bad(pa, pb),
                    Graph::Fine => legal(r, &self.level, pa, pb) && !r.strong_bad(pa, pb),
                    Graph::Reversed => legal(r, &self.level, pb, pa),
                };
                if on {
                    row[k / 64] |= 1 << (k % 64);
                }
            }
            self.done[g][a / 64] |= 1 << (a % 64);
        }
        &self.rows[g][a * w..(a + 1) * w]
    }
}

#[derive(Default)]
pub(crate) struct Memo {
    /// The bracket's players (sorted) and, per player of the round, the position among them
    /// (`u32::MAX` outside the bracket).
    players: Vec<usize>,
    position: Vec<u32>,
    /// The pair graphs of the levels searched so far (`Graph`).
    rows: RefCell<Vec<Box<Rows>>>,
    /// The same for a bracket of more than `MASK_PLAYERS` players.
    wide: RefCell<Vec<Wide>>,
    /// `Memo::matching`'s buffers: the right players' set, their index by position, the
    /// positions seen by a search.
    scratch: RefCell<Scratch>,
    least: RefCell<Map<Option<u64>>>,
    /// `least_b3_het` by M1 (the bracket's players and moved-down players are fixed).
    least_het: RefCell<FxHashMap<usize, Option<u64>>>,
    /// `lowest_floaters_below` by pairs and players (the lower players are the bracket's).
    floaters_below: RefCell<Map<BelowFloaters>>,
    floaters: RefCell<Map<Option<Vec<Score>>>>,
    /// Branch shapes to their index in `bounds`.
    rests: RefCell<Map<usize>>,
    bounds: RefCell<Vec<RestBounds>>,
    /// `may_meet`'s maximum numbers of pairs, per graph.
    pairs: RefCell<Map<[Option<usize>; 3]>>,
    /// The key being built.
    key: RefCell<Vec<u32>>,
    /// Vectors for `gather`, kept for the next lists.
    spare: RefCell<Vec<Vec<usize>>>,
    /// D.2's exchanges (positions) of `k` players for S1 = the first `p` of `n`, when all of
    /// them were listed.
    exchanges: RefCell<Exchanges>,
}

/// The level's legal pairs (B.2, A.7.d, the float criteria dropped): what `weights::legal`
/// reads of it.
fn level_word(lv: &Level) -> u32 {
    u32::from(lv.b2) | u32::from(lv.a7d) << 1 | u32::from(lv.floats_dropped) << 2
}

/// A player index as a key word (indices are far below 2³²).
fn word(i: usize) -> u32 {
    i as u32
}

impl Memo {
    /// The caches of the bracket of `players` (sorted).
    pub fn new(r: &Round12, players: &[usize]) -> Memo {
        let mut memo = Memo {
            players: players.to_vec(),
            position: vec![u32::MAX; r.players.len()],
            ..Memo::default()
        };
        for (k, &i) in players.iter().enumerate() {
            memo.position[i] = k as u32;
        }
        memo
    }

    /// The most pairs among `players` (of the bracket) in the pair graph `graph` of level `lv`
    /// (a pair `players[i]`, `players[j]`, `i < j`, where row `players[i]` holds
    /// `players[j]`), read from the rows of `Wide`; `ok` (the same graph) for a bracket of
    /// `MASK_PLAYERS` players or fewer.
    pub fn pairs_in(
        &self,
        r: &Round12,
        lv: &Level,
        graph: Graph,
        players: &[usize],
        ok: &dyn Fn(usize, usize) -> bool,
    ) -> usize {
        if self.players.len() <= MASK_PLAYERS {
            return max_pairs(players, ok);
        }
        let mut all = self.wide.borrow_mut();
        let wide = self.wide_at(&mut all, lv);
        let at: Vec<usize> = players.iter().map(|&i| self.position[i] as usize).collect();
        let mut edges = Vec::new();
        for (i, &a) in at.iter().enumerate() {
            let row = wide.row(r, &self.players, graph, a);
            for (j, &b) in at.iter().enumerate().skip(i + 1) {
                if row[b / 64] & 1 << (b % 64) != 0 {
                    edges.push((i, j));
                }
            }
        }
        super::solve::max_pairs(players.len(), &edges)
    }

    /// The rows of `Wide` at level `lv` in `all`, added when first asked.
    fn wide_at<'a>(&self, all: &'a mut Vec<Wide>, lv: &Level) -> &'a mut Wide {
        let word = level_word(lv);
        let at = match all.iter().position(|t| t.word == word) {
            Some(at) => at,
            None => {
                all.push(Wide {
                    level: *lv,
                    word,
                    words: self.players.len().div_ceil(64),
                    rows: Default::default(),
                    done: Default::default(),
                });
                all.len() - 1
            }
        };
        &mut all[at]
    }

    /// A maximum matching between `left` and `right` (players of the bracket) in the pair
    /// graph `graph` of level `lv`, from the matching `owner` (`owner[j]`: the index in `left`
    /// of the partner of `right[j]`, pairs of the graph, each left player at most once), on
    /// the rows of `Wide`: Kuhn's augmenting paths for the left players not in it (a maximum
    /// matching from any matching, each player left out tried once). Its size, `owner`
    /// holding it; `None` for a bracket of `MASK_PLAYERS` players or fewer (the caller's
    /// own matching, or `covers`).
    pub fn matching(
        &self,
        r: &Round12,
        lv: &Level,
        graph: Graph,
        (left, right): (&[usize], &[usize]),
        owner: &mut [Option<usize>],
    ) -> Option<usize> {
        let n = self.players.len();
        if n <= MASK_PLAYERS {
            return None;
        }
        let words = n.div_ceil(64);
        let mut all = self.wide.borrow_mut();
        let wide = self.wide_at(&mut all, lv);
        let mut scratch = self.scratch.borrow_mut();
        let s = &mut *scratch;
        s.prepare(n, words);
        for (j, &i) in right.iter().enumerate() {
            let b = self.position[i] as usize;
            s.index[b] = j as u32;
            s.right[b / 64] |= 1 << (b % 64);
        }
        let mut lefts = Vec::with_capacity(left.len());
        for &i in left {
            lefts.push(self.position[i] as usize);
        }
        let mut matched = vec![false; left.len()];
        let mut count = 0;
        for (j, o) in owner.iter().enumerate() {
            if let Some(l) = *o {
                matched[l] = true;
                count += 1;
                let b = self.position[right[j]] as usize;
                s.taken[b / 64] |= 1 << (b % 64);
            }
        }
        for (l, &done) in matched.iter().enumerate() {
            if done {
                continue;
            }
            s.seen.iter_mut().for_each(|v| *v = 0);
            let mut m = Match {
                r,
                players: &self.players,
                graph,
                wide: &mut *wide,
                lefts: &lefts,
                s: &mut *s,
                owner: &mut *owner,
            };
            if m.augment(l) {
                count += 1;
            }
        }
        Some(count)
    }

    /// For each `(graph, need)` of `checks`, in order: a matching between `left` and `right`
    /// (players of the bracket) in the pair graph `graph` of level `lv` covers at least `need`
    /// players of `left`, on bit masks (Kuhn's augmenting paths); false at the first that
    /// fails; `None` when the bracket is too large for them.
    pub fn covers(
        &self,
        r: &Round12,
        lv: &Level,
        left: &[usize],
        right: &[usize],
        checks: &[(Graph, usize)],
    ) -> Option<bool> {
        if self.players.len() > MASK_PLAYERS || left.len() > MASK_PLAYERS {
            return None;
        }
        let mut lefts = [0u8; MASK_PLAYERS];
        let mut left_set = 0u128;
        for (k, &i) in left.iter().enumerate() {
            let a = self.local(i)?;
            lefts[k] = a;
            left_set |= 1 << a;
        }
        let lefts = &lefts[..left.len()];
        let mut rights = 0u128;
        for &i in right {
            rights |= 1 << self.local(i)?;
        }
        let word = level_word(lv);
        let mut all = self.rows.borrow_mut();
        let at = match all.iter().position(|t| t.word == word) {
            Some(at) => at,
            None => {
                all.push(Box::new(Rows {
                    level: *lv,
                    word,
                    done: 0,
                    legal: [0; MASK_PLAYERS],
                    good: [0; MASK_PLAYERS],
                    fine: [0; MASK_PLAYERS],
                    reversed: None,
                }));
                all.len() - 1
            }
        };
        let rows = &mut all[at];
        for &(graph, need) in checks {
            if need > left.len() {
                return Some(false);
            }
            if need == 0 {
                continue;
            }
            let masks: &[u128; MASK_PLAYERS] = if graph == Graph::Reversed {
                self.reversed(r, rows)
            } else {
                if left_set & !rows.done != 0 {
                    for &a in lefts {
                        self.fill(r, rows, a);
                    }
                }
                match graph {
                    Graph::Legal => &rows.legal,
                    Graph::Good => &rows.good,
                    _ => &rows.fine,
                }
            };
            if !kuhn(lefts, rights, masks, need) {
                return Some(false);
            }
        }
        Some(true)
    }

    /// The players of `items` in a vector kept from before: the per-node lists of the search
    /// without a heap allocation each.
    pub fn gather(&self, items: impl Iterator<Item = usize>) -> Gathered<'_> {
        let mut players = self.spare.borrow_mut().pop().unwrap_or_default();
        players.clear();
        players.extend(items);
        Gathered {
            memo: self,
            players,
        }
    }

    /// The position of player `i` in the bracket (`None` outside it).
    fn local(&self, i: usize) -> Option<u8> {
        let k = *self.position.get(i)?;
        u8::try_from(k).ok()
    }

    /// Computes row `a` of the `Legal`, `Good` and `Fine` graphs, if not done yet.
    fn fill(&self, r: &Round12, rows: &mut Rows, a: u8) {
        let bit = 1u128 << a;
        if rows.done & bit != 0 {
            return;
        }
        let pa = self.players[usize::from(a)];
        let (mut legal_row, mut good, mut fine) = (0u128, 0u128, 0u128);
        for (k, &pb) in self.players.iter().enumerate() {
            if legal(r, &rows.level, pa, pb) {
                legal_row |= 1 << k;
                if !r.colour_bad(pa, pb) {
                    good |= 1 << k;
                }
                if !r.strong_bad(pa, pb) {
                    fine |= 1 << k;
                }
            }
        }
        let a = usize::from(a);
        (rows.legal[a], rows.good[a], rows.fine[a]) = (legal_row, good, fine);
        rows.done |= bit;
    }

    /// The `Reversed` graph of the level, computed whole when first asked.
    fn reversed<'a>(&self, r: &Round12, rows: &'a mut Rows) -> &'a [u128; MASK_PLAYERS] {
        let level = rows.level;
        rows.reversed.get_or_insert_with(|| {
            let mut rev = Box::new([0u128; MASK_PLAYERS]);
            for (a, &pa) in self.players.iter().enumerate() {
                for (b, &pb) in self.players.iter().enumerate() {
                    if legal(r, &level, pa, pb) {
                        rev[b] |= 1 << a;
                    }
                }
            }
            rev
        })
    }

    /// D.2's exchanges of `k` players for S1 = the first `p` of `n` players, at most `limit`
    /// of them (`list` lists them): a list kept from before when it was complete (shorter
    /// than its limit then) and is within this limit, so that the same list comes back.
    pub fn exchanges(
        &self,
        n: usize,
        p: usize,
        k: usize,
        limit: usize,
        list: impl FnOnce() -> Vec<usize>,
    ) -> Rc<[usize]> {
        let kept = self.exchanges.borrow().get(&(n, p, k)).cloned();
        if let Some(kept) = kept.filter(|l| n > 0 && l.len() / n < limit) {
            return kept;
        }
        let fresh: Rc<[usize]> = list().into();
        if n > 0 && fresh.len() / n < limit {
            self.exchanges
                .borrow_mut()
                .insert((n, p, k), Rc::clone(&fresh));
        }
        fresh
    }

    /// Writes the key `head` then `players` into the buffer and runs `f` on it.
    fn with_key<T>(&self, head: &[u32], players: &[&[usize]], f: impl FnOnce(&[u32]) -> T) -> T {
        let mut key = self.key.borrow_mut();
        key.clear();
        key.extend_from_slice(head);
        for part in players {
            key.extend(part.iter().map(|&i| word(i)));
        }
        f(&key)
    }

    /// The value of `map` at the key `head` then `parts`, computed by `compute` and kept on a
    /// miss.
    fn keyed<V: Clone>(
        &self,
        map: &RefCell<Map<V>>,
        head: &[u32],
        parts: &[&[usize]],
        compute: impl FnOnce() -> V,
    ) -> V {
        if let Some(v) = self.with_key(head, parts, |k| map.borrow().get(k).cloned()) {
            return v;
        }
        let v = compute();
        self.with_key(head, parts, |k| {
            map.borrow_mut().insert(k.into(), v.clone())
        });
        v
    }

    /// D.4's least B.3 factor of `players` (`least_b3`), cached.
    pub fn least_b3(&self, r: &Round12, players: &[usize]) -> Option<u64> {
        self.keyed(&self.least, &[], &[players], || least_b3(r, players))
    }

    /// D.4's least B.3 factor of the bracket's `players` among the pairings where `m1` of its
    /// moved-down players `mdps` (any D.3 set) meet residents, cached by `m1`.
    pub fn least_b3_het(
        &self,
        r: &Round12,
        players: &[usize],
        mdps: &[usize],
        m1: usize,
    ) -> Option<u64> {
        if let Some(&v) = self.least_het.borrow().get(&m1) {
            return v;
        }
        let v = combinations(r, mdps.len(), m1)
            .iter()
            .filter_map(|chosen| {
                let s1: Vec<usize> = chosen.iter().map(|&k| mdps[k]).collect();
                least_b3_with(r, players, &s1, mdps)
            })
            .min();
        self.least_het.borrow_mut().insert(m1, v);
        v
    }

    /// `lowest_floaters_below`, cached.
    pub fn lowest_floaters_below(
        &self,
        r: &Round12,
        players: &[usize],
        p: usize,
        below: &[usize],
    ) -> BelowFloaters {
        self.keyed(&self.floaters_below, &[word(p)], &[players], || {
            lowest_floaters_below(r, players, p, below)
        })
    }

    /// Forgets what depends on the legal pairs (the pair graphs, the matchings of `may_meet`
    /// and the branch bounds): when a bracket turns homogeneous, B.5 / B.6 for upfloaters no
    /// longer hold (`Round12::up_floats`), so the legal pairs of a level change.
    pub fn forget_legal(&self) {
        self.rows.borrow_mut().clear();
        self.wide.borrow_mut().clear();
        self.rests.borrow_mut().clear();
        self.bounds.borrow_mut().clear();
        self.pairs.borrow_mut().clear();
    }

    /// B.3's lowest floaters of `p` pairs among `players` (`lowest_floaters`), cached.
    pub fn lowest_floaters(
        &self,
        r: &Round12,
        players: &[usize],
        p: usize,
        bye_only: bool,
    ) -> Option<Vec<Score>> {
        let head = [word(p), u32::from(bye_only)];
        self.keyed(&self.floaters, &head, &[players], || {
            lowest_floaters(r, players, p, bye_only)
        })
    }

    /// The entry of the bounds of the branch shape `rest` at level `lv` (the lowest bracket's
    /// bye: `bye_only`).
    pub fn rest_slot(&self, lv: &Level, bye_only: bool, rest: &Rest) -> usize {
        let head = [
            level_word(lv) | u32::from(bye_only) << 8 | u32::from(rest.pool) << 9,
            word(rest.pairs),
            word(rest.must.len()),
            word(rest.partners.len()),
        ];
        let parts = [rest.must, rest.partners, rest.waiting];
        self.keyed(&self.rests, &head, &parts, || {
            let mut bounds = self.bounds.borrow_mut();
            bounds.push(RestBounds::default());
            bounds.len() - 1
        })
    }

    /// C.13's bound of the entry `slot` (`Rest::completes_below`), computed once.
    pub fn below(&self, slot: usize, compute: impl FnOnce() -> bool) -> bool {
        self.cached(slot, |b| &mut b.below, compute)
    }

    /// C.12's bound of the entry `slot` (`Rest::leaves_exactly` for some wanted set).
    pub fn wanted(&self, slot: usize, compute: impl FnOnce() -> bool) -> bool {
        self.cached(slot, |b| &mut b.wanted, compute)
    }

    /// D.4's bound of the entry `slot` for the extra cost `kind` (`Rest::least_b3`).
    pub fn b3(
        &self,
        slot: usize,
        kind: u8,
        compute: impl FnOnce() -> Option<Bounded<(u64, u64)>>,
    ) -> Option<(u64, u64)> {
        let k = usize::from(kind);
        if let Some(v) = self.bounds.borrow()[slot].b3[k] {
            return v;
        }
        let found = compute();
        let v = found.as_ref().map(|b| b.value);
        let mut bounds = self.bounds.borrow_mut();
        bounds[slot].b3[k] = Some(v);
        bounds[slot].b3_best[k] = found;
        v
    }

    /// B.3's bound of the entry `slot` for the extra cost `kind` (`Rest::lowest_floaters`),
    /// handed to `judge`.
    pub fn floaters<T>(
        &self,
        slot: usize,
        kind: u8,
        compute: impl FnOnce() -> Option<FloatersFound>,
        judge: impl FnOnce(&FloatersBound) -> T,
    ) -> T {
        let k = usize::from(kind);
        {
            let bounds = self.bounds.borrow();
            if let Some(v) = &bounds[slot].floaters[k] {
                return judge(v);
            }
        }
        let found = compute();
        let v = found.as_ref().map(|b| b.value.clone());
        let out = judge(&v);
        let mut bounds = self.bounds.borrow_mut();
        bounds[slot].floaters[k] = Some(v);
        bounds[slot].floaters_best[k] = found;
        out
    }

    /// D.4's bound of kind `kind` of the child of the entry `parent` that fixes `pair`, from
    /// the parent's best completion (`Bounded::without`), when it has that pair.
    pub fn b3_child(
        &self,
        parent: usize,
        kind: u8,
        pair: (usize, usize),
        child: impl FnOnce(&(u64, u64), (usize, usize)) -> Option<(u64, u64)>,
    ) -> Option<Bounded<(u64, u64)>> {
        let bounds = self.bounds.borrow();
        bounds[parent].b3_best[usize::from(kind)]
            .as_ref()?
            .without(pair, child)
    }

    /// B.3's bound of kind `kind` of the child of the entry `parent` that fixes `pair`, from
    /// the parent's best completion (`Bounded::without`), when it has that pair.
    pub fn floaters_child(
        &self,
        parent: usize,
        kind: u8,
        pair: (usize, usize),
        child: impl FnOnce(&(Vec<Score>, u64), (usize, usize)) -> Option<(Vec<Score>, u64)>,
    ) -> Option<FloatersFound> {
        let bounds = self.bounds.borrow();
        bounds[parent].floaters_best[usize::from(kind)]
            .as_ref()?
            .without(pair, child)
    }

    /// `f` of the least B.3 factor of the first kind (X) of the entry `slot` and the best
    /// completion found with it, once computed.
    pub fn first_b3<T>(&self, slot: usize, f: impl FnOnce(u64, &Completion) -> T) -> Option<T> {
        let bounds = self.bounds.borrow();
        let entry = &bounds[slot];
        let (factor, _) = entry.b3[0]??;
        Some(f(factor, &entry.b3_best[0].as_ref()?.best))
    }

    /// `f` of the best completion found for B.3's floaters of the first kind (X) of the entry
    /// `slot`, once computed.
    pub fn first_floaters<T>(&self, slot: usize, f: impl FnOnce(&Completion) -> T) -> Option<T> {
        let bounds = self.bounds.borrow();
        Some(f(&bounds[slot].floaters_best[0].as_ref()?.best))
    }

    /// The value `field` of the entry `slot`, computed once (outside any borrow).
    fn cached<T: Copy>(
        &self,
        slot: usize,
        field: impl Fn(&mut RestBounds) -> &mut Option<T>,
        compute: impl FnOnce() -> T,
    ) -> T {
        if let Some(v) = *field(&mut self.bounds.borrow_mut()[slot]) {
            return v;
        }
        let v = compute();
        *field(&mut self.bounds.borrow_mut()[slot]) = Some(v);
        v
    }

    /// `may_meet`'s maximum number of pairs among `players` in the graph `which` (0: the
    /// level's legal pairs, 1: those without a colour conflict, 2: without a strong one).
    pub fn max_pairs(
        &self,
        lv: &Level,
        which: usize,
        players: &[usize],
        compute: impl FnOnce() -> usize,
    ) -> usize {
        let head = [level_word(lv)];
        let hit = self.with_key(&head, &[players], |k| {
            self.pairs.borrow().get(k).and_then(|v| v[which])
        });
        if let Some(v) = hit {
            return v;
        }
        let v = compute();
        self.with_key(&head, &[players], |k| {
            self.pairs.borrow_mut().entry(k.into()).or_default()[which] = Some(v)
        });
        v
    }
}

/// A list of players lent by `Memo::gather` (its vector goes back to the memo when dropped).
pub(crate) struct Gathered<'a> {
    memo: &'a Memo,
    players: Vec<usize>,
}

impl std::ops::Deref for Gathered<'_> {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.players
    }
}

impl Drop for Gathered<'_> {
    fn drop(&mut self) {
        let players = std::mem::take(&mut self.players);
        if let Ok(mut spare) = self.memo.spare.try_borrow_mut() {
            spare.push(players);
        }
    }
}

/// A matching between the positions `left` and the set `right`, row `a` of `rows` holding the
/// partners of `a`, covers at least `need` of `left` (`need` at most `left.len()`). Kuhn's
/// augmenting paths on bit masks, after a greedy start: one search per player left unmatched
/// (a player without an augmenting path never gets one later), stopping once more players
/// stay unmatched than `need` allows.
fn kuhn(left: &[u8], right: u128, rows: &[u128; MASK_PLAYERS], need: usize) -> bool {
    /// `owner[j]`: the index in `left` matched to `j`, where `taken` has `j`.
    struct State<'a> {
        left: &'a [u8],
        right: u128,
        rows: &'a [u128; MASK_PLAYERS],
        owner: [u8; MASK_PLAYERS],
        taken: u128,
        seen: u128,
    }
    /// Finds an augmenting path from `left[l]`, a free partner first.
    fn augment(s: &mut State, l: usize) -> bool {
        let row = s.rows[usize::from(s.left[l])] & s.right;
        let free = row & !s.taken & !s.seen;
        if free != 0 {
            let j = free.trailing_zeros() as usize;
            s.owner[j] = l as u8;
            s.taken |= 1 << j;
            return true;
        }
        loop {
            let next = row & !s.seen;
            if next == 0 {
                return false;
            }
            let j = next.trailing_zeros() as usize;
            s.seen |= 1 << j;
            if augment(s, usize::from(s.owner[j])) {
                s.owner[j] = l as u8;
                return true;
            }
        }
    }
    let mut s = State {
        left,
        right,
        rows,
        owner: [0; MASK_PLAYERS],
        taken: 0,
        seen: 0,
    };
    let mut waiting = [0u8; MASK_PLAYERS];
    let mut n_waiting = 0;
    for (l, &a) in left.iter().enumerate() {
        let free = rows[usize::from(a)] & right & !s.taken;
        if free != 0 {
            let j = free.trailing_zeros() as usize;
            s.owner[j] = l as u8;
            s.taken |= 1 << j;
        } else {
            waiting[n_waiting] = l as u8;
            n_waiting += 1;
        }
    }
    let mut missing = left.len() - need;
    for &l in &waiting[..n_waiting] {
        s.seen = 0;
        if !augment(&mut s, usize::from(l)) {
            if missing == 0 {
                return false;
            }
            missing -= 1;
        }
    }
    true
}

/// `Memo::matching`'s buffers, per position in the bracket (kept for the next call).
#[derive(Default)]
struct Scratch {
    /// The right players (bits), those matched, those a search has seen.
    right: Vec<u64>,
    taken: Vec<u64>,
    seen: Vec<u64>,
    /// The index in the right players of each right player's position.
    index: Vec<u32>,
}

impl Scratch {
    /// Empty sets of `words` words, an index of `n` positions.
    fn prepare(&mut self, n: usize, words: usize) {
        for set in [&mut self.right, &mut self.taken, &mut self.seen] {
            set.clear();
            set.resize(words, 0);
        }
        self.index.resize(n, 0);
    }
}

/// One run of `Memo::matching`.
struct Match<'a> {
    r: &'a Round12,
    players: &'a [usize],
    graph: Graph,
    wide: &'a mut Wide,
    /// The left players' positions.
    lefts: &'a [usize],
    s: &'a mut Scratch,
    owner: &'a mut [Option<usize>],
}

impl Match<'_> {
    /// Finds an augmenting path from the left player `l`, a free partner first.
    fn augment(&mut self, l: usize) -> bool {
        let a = self.lefts[l];
        let words = self.wide.words;
        // The free partners first.
        let row = self.wide.row(self.r, self.players, self.graph, a);
        for (w, &bits) in row.iter().enumerate().take(words) {
            let free = bits & self.s.right[w] & !self.s.taken[w];
            if free != 0 {
                let b = w * 64 + free.trailing_zeros() as usize;
                self.owner[self.s.index[b] as usize] = Some(l);
                self.s.taken[w] |= 1 << (b % 64);
                return true;
            }
        }
        for w in 0..words {
            loop {
                let row = self.wide.row(self.r, self.players, self.graph, a);
                let next = row[w] & self.s.right[w] & !self.s.seen[w];
                if next == 0 {
                    break;
                }
                let b = w * 64 + next.trailing_zeros() as usize;
                self.s.seen[w] |= 1 << (b % 64);
                let j = self.s.index[b] as usize;
                let Some(k) = self.owner[j] else {
                    continue;
                };
                if self.augment(k) {
                    self.owner[j] = Some(l);
                    return true;
                }
            }
        }
        false
    }
}
