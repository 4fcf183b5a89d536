//! What is computed once for a bracket (`bracket`'s search): D.4's least B.3 factor, B.3's
//! lowest floaters, the maximum matchings of `may_meet`, and the bounds of the branches of the
//! search (`bound`).
//!
//! The search asks these caches at almost every node, mostly for what it asked before, so a
//! lookup allocates nothing: the key (the players as 32-bit words, after a few words for the
//! level and the shape) is written into a buffer kept here and hashed with FxHash; only a
//! miss stores a copy of it. The bounds of one branch shape (`Rest`) share one entry, found by
//! one lookup, which holds each kind of bound once computed.

use super::bound::Rest;
use super::bracket::{least_b3, lowest_floaters};
use super::levels::Level;
use super::Round12;
use crate::score::Score;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// B.3's lowest floaters of a branch's completions and their fewest colour conflicts.
pub(crate) type FloatersBound = Option<(Vec<Score>, u64)>;

/// A cache keyed by words.
type Map<V> = FxHashMap<Box<[u32]>, V>;

/// The bounds of one branch shape at one level (each `None` until computed); `b3` and
/// `floaters` per kind of extra cost (0: X, 1: Z, 2: the level's budget).
#[derive(Default)]
struct RestBounds {
    below: Option<bool>,
    wanted: Option<bool>,
    b3: [Option<Option<(u64, u64)>>; 3],
    floaters: [Option<FloatersBound>; 3],
}

#[derive(Default)]
pub(crate) struct Memo {
    least: RefCell<Map<Option<u64>>>,
    floaters: RefCell<Map<Option<Vec<Score>>>>,
    /// Branch shapes to their index in `bounds`.
    rests: RefCell<Map<usize>>,
    bounds: RefCell<Vec<RestBounds>>,
    /// `may_meet`'s maximum numbers of pairs, per graph.
    pairs: RefCell<Map<[Option<usize>; 3]>>,
    /// The key being built.
    key: RefCell<Vec<u32>>,
}

/// The level's legal pairs (B.2, A.7.d, the float criteria dropped): what `bracket::legal`
/// reads of it.
fn level_word(lv: &Level) -> u32 {
    u32::from(lv.b2) | u32::from(lv.a7d) << 1 | u32::from(lv.floats_dropped) << 2
}

/// A player index as a key word (indices are far below 2³²).
fn word(i: usize) -> u32 {
    i as u32
}

impl Memo {
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

    /// D.4's least B.3 factor of `players` (`least_b3`), cached.
    pub fn least_b3(&self, r: &Round12, players: &[usize]) -> Option<u64> {
        let hit = self.with_key(&[], &[players], |k| self.least.borrow().get(k).copied());
        if let Some(v) = hit {
            return v;
        }
        let v = least_b3(r, players);
        self.with_key(&[], &[players], |k| {
            self.least.borrow_mut().insert(k.into(), v)
        });
        v
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
        let hit = self.with_key(&head, &[players], |k| {
            self.floaters.borrow().get(k).cloned()
        });
        if let Some(v) = hit {
            return v;
        }
        let v = lowest_floaters(r, players, p, bye_only);
        self.with_key(&head, &[players], |k| {
            self.floaters.borrow_mut().insert(k.into(), v.clone())
        });
        v
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
        let hit = self.with_key(&head, &parts, |k| self.rests.borrow().get(k).copied());
        if let Some(slot) = hit {
            return slot;
        }
        let mut bounds = self.bounds.borrow_mut();
        let slot = bounds.len();
        bounds.push(RestBounds::default());
        self.with_key(&head, &parts, |k| {
            self.rests.borrow_mut().insert(k.into(), slot)
        });
        slot
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
        compute: impl FnOnce() -> Option<(u64, u64)>,
    ) -> Option<(u64, u64)> {
        self.cached(slot, |b| &mut b.b3[usize::from(kind)], compute)
    }

    /// B.3's bound of the entry `slot` for the extra cost `kind` (`Rest::lowest_floaters`),
    /// handed to `judge`.
    pub fn floaters<T>(
        &self,
        slot: usize,
        kind: u8,
        compute: impl FnOnce() -> FloatersBound,
        judge: impl FnOnce(&FloatersBound) -> T,
    ) -> T {
        let k = usize::from(kind);
        {
            let bounds = self.bounds.borrow();
            if let Some(v) = &bounds[slot].floaters[k] {
                return judge(v);
            }
        }
        let v = compute();
        let out = judge(&v);
        self.bounds.borrow_mut()[slot].floaters[k] = Some(v);
        out
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
