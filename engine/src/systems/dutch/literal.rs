//! A literal, enumerating implementation of the pairing of one bracket (C.04.3 B and D; for
//! the 2026 edition Art. 3 and 4 with its criteria C6-C21), used as a test oracle for the
//! matching engine of `bracket`.
//!
//! The 2026 criteria, where they differ from 2017 (`ctx.rules.edition`): C7 compares the
//! downfloaters' scores only; C8 the following bracket's pairs and downfloaters' scores, among
//! its pairings that complete the round when the bracket is paired for the completion (C4);
//! C9 the games played by the bye's receiver when the bracket's only downfloater takes the
//! bye (in the last bracket, or left over by a best pairing of the following bracket); C14-C21
//! count resident downfloaters, MDPs' opponents and MDPs (see `floats_2026`); the MDP sets of
//! S1 are ordered by their smallest differing BSN (4.4.2).
//!
//! `bracket::solve` never builds the candidates of section B: it encodes the criteria as edge
//! weights and resolves the generation order with further matchings. This module does what the
//! text says, one candidate at a time, for small brackets (up to about 10-12 players; the cost
//! is exponential), so that the two can be compared on many random instances (see the tests).
//! It is compiled for tests only.
//!
//! Articles implemented:
//! - B.1: M0; MaxPairs and M1 by brute force over all legal pairings of the bracket (MaxPairs
//!   the largest number of pairs, M1 the largest number of paired MDPs among those, both among
//!   the pairings that comply with C.4 where it applies). "Among those" has two readings (see
//!   [`M1Reading`]): with MaxPairs pairs, or with MaxPairs pairs and the best PSD (C.6, which
//!   B.1.c refers to); they differ when C.6 prefers an MDP unpaired;
//! - B.2-B.3: S1 / S2 / Limbo, the MDP-pairing, the remainder with S1R / S2R (S1R holds as many
//!   players as the remainder can pair, computed the same way);
//! - B.6-B.7 and D.1-D.3: the nested sequence of alterations, outermost first: D.3 MDP exchange
//!   (S1 ↔ Limbo, sorted by a-b), D.1 transposition of S2 (the MDP-pairing, lexicographic in the
//!   first N1 BSNs), D.2 resident exchange of the remainder (S1R ↔ S2R, sorted by a-d), D.1
//!   transposition of S2R;
//! - B.4: every candidate is evaluated; a candidate with an illegal pair (C.1-C.3, and an MDP
//!   never meets an MDP) is not a candidate; C.4 (the PPB) and the completion of the last
//!   bracket (A.9, C.2: at most one player left, who may take the bye) are treated as absolute;
//!   the quality criteria C.5-C.19 form a vector compared lexicographically ([`Quality`]);
//! - B.4 / B.8: the first perfect candidate is taken, else the best one, ties going to the one
//!   generated first. "Perfect" is read as: every quality criterion at the best value any legal
//!   pairing of the bracket reaches (computed by brute force). Such a candidate is also the
//!   earliest of the best ones, so the early stop never changes the result; it only saves time.
//!
//! Readings, the same as `bracket` uses (the oracle checks the matching machinery and the
//! generation order, not these readings):
//! - A.8: a downfloater's SD is its score minus (the lowest score of the bracket minus one
//!   point); PSDs are sorted high to low and compared lexicographically, a proper prefix being
//!   smaller (the engine's digit encoding compares the same way).
//! - C.7 (Lookahead brackets only): the following bracket is made of this bracket's
//!   downfloaters (as MDPs, who pair only with residents, never with each other) and the next
//!   scoregroup. Its number of pairs is the largest one; when the following bracket is the last
//!   one, a player left unpaired there who may take the bye counts as one more "pair" (the
//!   engine's bye vertex). Then its PSD (A.8, measured against the next scoregroup's score) is
//!   minimised among those pairings; the bye player counts as unpaired in it.
//! - C.4: the downfloaters of the PPB, together with all the lower players, must allow a
//!   complete pairing in which the downfloaters (MDPs of the collapsed last bracket) do not
//!   meet each other, and the one player left over (odd number) may take the bye.
//! - C.8-C.11: colours as E.1-E.5 allocate them (`RoundCtx::white_first`); C.8 and C.9 count
//!   both players of a pair in which a topscorer plays.
//! - C.12-C.19 (A.4): a player receives a downfloat in this round when he is an MDP, when he is
//!   left unpaired (downfloater, or the bye in the last bracket), or when his opponent has a lower
//!   score; an upfloat when his opponent has a higher score. The "score difference" of C.16 /
//!   C.18 is the pair's SD for a player who downfloats in a pair, the A.8 downfloater SD for an
//!   unpaired player, and zero for a player who does not downfloat; C.17 / C.19 sum the pair's
//!   SD over the upfloaters. C.16-C.19 minimise the plain sum.
//! - D.2 b: in a remainder, the BSNs are counted within the remainder (1 for its highest
//!   player), as `bracket` does; D.1 and D.2 a, c, d do not depend on this choice.

use super::bracket::{BracketResult, Mode};
use super::RoundCtx;
use crate::colour::{gets_difference_beyond_two, third_in_a_row};
use crate::history::{Edition, Float, PreferenceStrength};
use crate::model::Color;
use crate::pairing::PairingError;
use crate::score::Score;
use crate::systems::common::subsets::k_subsets_of;
use std::cmp::Reverse;
use std::collections::HashMap;

const ONE: Score = Score(10);

/// A predicate on pairs of vertices.
type PairOk<'a> = &'a dyn Fn(usize, usize) -> bool;
/// A visitor of matchings.
type Visit<'a> = &'a mut dyn FnMut(&[(usize, usize)]);
/// A visitor of candidates that may stop the enumeration (returning `true`).
type VisitStop<'a> = &'a mut dyn FnMut(&[(usize, usize)]) -> bool;

/// The quality criteria of one candidate (2017 C.5-C.19, 2026 C6-C21); smaller is better,
/// fields in priority order, named by what they measure.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Quality {
    /// The number of players left unpaired (minimising it maximises the pairs): 2017 C.5,
    /// 2026 C6.
    pub unpaired: usize,
    /// The PSD (2017 C.6) / the downfloaters' scores (2026 C7), high to low.
    pub scores: Vec<Score>,
    /// Pairs of the following bracket (more is better), then its PSD / downfloaters' scores:
    /// 2017 C.7, 2026 C8.
    pub next_pairs: Reverse<usize>,
    pub next_scores: Vec<Score>,
    /// 2026 C9: the games played by the bye's receiver (more is better), when the bracket
    /// downfloats exactly one player who takes the bye; 0 otherwise (and always in 2017).
    pub bye_played: Reverse<usize>,
    /// Colour and float counts: 2017 C.8 … C.15, 2026 C10 … C17.
    pub counts: [u32; 8],
    /// Sums of score differences of repeated floats: 2017 C.16 … C.19, 2026 C18 … C21.
    pub sums: [i32; 4],
}

impl Quality {
    /// Componentwise best of the two (the "ideal" used to recognise a perfect candidate).
    fn meet(&mut self, o: &Quality) {
        self.unpaired = self.unpaired.min(o.unpaired);
        self.scores = self.scores.clone().min(o.scores.clone());
        self.next_pairs = self.next_pairs.min(o.next_pairs);
        self.next_scores = self.next_scores.clone().min(o.next_scores.clone());
        self.bye_played = self.bye_played.min(o.bye_played);
        for (a, b) in self.counts.iter_mut().zip(&o.counts) {
            *a = (*a).min(*b);
        }
        for (a, b) in self.sums.iter_mut().zip(&o.sums) {
            *a = (*a).min(*b);
        }
    }
}

/// Calls `f` with every matching of the vertices `0..n` (as pairs `(a, b)`, `a < b`) whose
/// pairs satisfy `ok`, including the empty one.
fn each_matching(n: usize, ok: PairOk, f: Visit) {
    fn rec(n: usize, left: u64, ok: PairOk, cur: &mut Vec<(usize, usize)>, f: Visit) {
        if left == 0 {
            f(cur);
            return;
        }
        let v = left.trailing_zeros() as usize;
        let rest = left & !(1u64 << v);
        rec(n, rest, ok, cur, f);
        for u in v + 1..n {
            if rest & (1u64 << u) != 0 && ok(v, u) {
                cur.push((v, u));
                rec(n, rest & !(1u64 << u), ok, cur, f);
                cur.pop();
            }
        }
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    rec(n, all, ok, &mut Vec::new(), f);
}

/// The bracket being paired, with local indices `0..n` in BSN order (MDPs first).
struct Oracle<'a> {
    ctx: &'a RoundCtx,
    /// Round-player index of each local player.
    g: Vec<usize>,
    m0: usize,
    mode: Mode<'a>,
    /// The lowest score of the bracket (A.8).
    low: Score,
    cache4: HashMap<u64, bool>,
    cache7: HashMap<u64, NextBracket>,
    /// The 2026 edition's criteria (else 2017's).
    y2026: bool,
}

/// The comparable value of a pairing of the following bracket: its pairs (more is better), then
/// its PSD or downfloaters' scores.
type NextKey = (Reverse<usize>, Vec<Score>);

/// The best pairing of the following bracket given the downfloaters (2017 C.7, 2026 C8): its
/// pairs, its PSD (2017) or downfloaters' scores (2026), and whether, among such best
/// pairings, one leaves the bracket's only downfloater to take the bye (2026 C9).
#[derive(Clone, Debug, Default)]
struct NextBracket {
    pairs: usize,
    scores: Vec<Score>,
    single_floater_bye: bool,
}

impl<'a> Oracle<'a> {
    fn new(ctx: &'a RoundCtx, mdps: &[usize], residents: &[usize], mode: Mode<'a>) -> Self {
        let mut g = mdps.to_vec();
        g.sort_unstable();
        let mut r = residents.to_vec();
        r.sort_unstable();
        g.extend(r);
        assert!(g.len() <= 40, "the literal oracle is for small brackets");
        let low = g
            .iter()
            .map(|&x| ctx.players[x].score)
            .min()
            .unwrap_or_default();
        Oracle {
            ctx,
            g,
            m0: mdps.len(),
            mode,
            low,
            cache4: HashMap::new(),
            cache7: HashMap::new(),
            y2026: ctx.rules.edition == Edition::Y2026,
        }
    }

    fn n(&self) -> usize {
        self.g.len()
    }

    fn score(&self, v: usize) -> Score {
        self.ctx.players[self.g[v]].score
    }

    /// C.1-C.3 (the compatibility matrix), and B.3: MDPs are paired with residents only.
    fn legal(&self, a: usize, b: usize) -> bool {
        !(a < self.m0 && b < self.m0) && self.ctx.compat.get(self.g[a], self.g[b])
    }

    /// A.8: the SD of a downfloater.
    fn fsd(&self, v: usize) -> Score {
        self.score(v) - (self.low - ONE)
    }

    /// C.4 for the PPB and the completion of the last bracket (A.9, C.2), for a set of
    /// unpaired players (bit mask of local indices).
    fn completes(&mut self, floaters: u64) -> bool {
        match self.mode {
            Mode::Lookahead(..) => true,
            Mode::Last => match floaters.count_ones() {
                0 => true,
                1 => self.ctx.players[self.g[floaters.trailing_zeros() as usize]].bye_ok,
                _ => false,
            },
            Mode::Penultimate(below, _) => {
                if let Some(&r) = self.cache4.get(&floaters) {
                    return r;
                }
                let mut who: Vec<usize> = (0..self.n())
                    .filter(|&v| floaters & (1u64 << v) != 0)
                    .map(|v| self.g[v])
                    .collect();
                let nf = who.len();
                who.extend(below);
                let ctx = self.ctx;
                let ok = |a: usize, b: usize| !(a < nf && b < nf) && ctx.compat.get(who[a], who[b]);
                let bye = |a: usize| ctx.players[who[a]].bye_ok;
                let n = who.len();
                let all = (1u64 << n) - 1;
                let r = complete_rec(n, all, n % 2 == 1, &ok, &bye);
                self.cache4.insert(floaters, r);
                r
            }
        }
    }

    /// 2017 C.7 / 2026 C8: the best pairing of the following bracket, given the downfloaters.
    /// The following bracket is the downfloaters (as MDPs, never paired with each other) and
    /// the next scoregroup. In a bracket paired for the completion of the round (2026 C4,
    /// `Penultimate` with a lookahead), only the pairings of the following bracket whose
    /// leftover players complete the round with the players after it count (the leftover
    /// players pair only with those, or take the bye).
    fn next_bracket(&mut self, floaters: u64) -> NextBracket {
        let (next, next_last, after): (&[usize], bool, &[usize]) = match self.mode {
            Mode::Lookahead(next, last) => (next, last, &[]),
            Mode::Penultimate(below, k) if k > 0 => {
                let k = k.min(below.len());
                (&below[..k], k == below.len(), &below[k..])
            }
            Mode::Penultimate(below, _) => {
                // No lookahead: only whether the only downfloater can take the bye.
                let single = floaters.count_ones() == 1
                    && self.ctx.players[self.g[floaters.trailing_zeros() as usize]].bye_ok
                    && self.completes_with(&[], below, false);
                return NextBracket {
                    single_floater_bye: single,
                    ..NextBracket::default()
                };
            }
            Mode::Last => return NextBracket::default(),
        };
        let completion = matches!(self.mode, Mode::Penultimate(..));
        if let Some(r) = self.cache7.get(&floaters) {
            return r.clone();
        }
        let mut who: Vec<usize> = (0..self.n())
            .filter(|&v| floaters & (1u64 << v) != 0)
            .map(|v| self.g[v])
            .collect();
        let nf = who.len();
        who.extend(next);
        let ctx = self.ctx;
        let sc = |a: usize| ctx.players[who[a]].score;
        let low_next = next
            .first()
            .map(|&x| ctx.players[x].score)
            .unwrap_or_default();
        let ok = |a: usize, b: usize| !(a < nf && b < nf) && ctx.compat.get(who[a], who[b]);
        let n = who.len();
        let mut matchings: Vec<Vec<(usize, usize)>> = Vec::new();
        each_matching(n, &ok, &mut |m| matchings.push(m.to_vec()));
        let mut best: Option<(NextKey, bool)> = None;
        for m in &matchings {
            let mut paired = 0u64;
            let mut psd = Vec::with_capacity(n);
            for &(a, b) in m {
                paired |= (1u64 << a) | (1u64 << b);
                if !self.y2026 {
                    psd.push(Score((sc(a) - sc(b)).0.abs()));
                }
            }
            let left: Vec<usize> = (0..n)
                .filter(|&v| paired & (1u64 << v) == 0)
                .map(|v| who[v])
                .collect();
            if completion && !self.completes_with(&left, after, true) {
                continue;
            }
            let mut bye = false;
            for (v, &x) in who.iter().enumerate() {
                if paired & (1u64 << v) == 0 {
                    psd.push(sc(v) - (low_next - ONE));
                    bye |= next_last && ctx.players[x].bye_ok;
                }
            }
            psd.sort_unstable_by(|x, y| y.cmp(x));
            // 2026 C9: the bracket's only downfloater, left over here, takes the bye.
            let single = nf == 1
                && paired & 1 == 0
                && ctx.players[who[0]].bye_ok
                && if completion {
                    let rest: Vec<usize> = left[1..].to_vec();
                    self.completes_with(&rest, after, false)
                } else {
                    next_last
                };
            let key = (Reverse(m.len() + usize::from(bye)), psd);
            match &mut best {
                Some((b, s)) if *b == key => *s |= single,
                Some((b, _)) if *b < key => {}
                _ => best = Some((key, single)),
            }
        }
        let r = best
            .map(|((Reverse(pairs), scores), single)| NextBracket {
                pairs,
                scores,
                single_floater_bye: single,
            })
            .unwrap_or_default();
        self.cache7.insert(floaters, r.clone());
        r
    }

    /// True when `left` (players who may not meet each other) and `after` can all be paired,
    /// one of them taking the bye when their number is odd and `bye_allowed`.
    fn completes_with(&self, left: &[usize], after: &[usize], bye_allowed: bool) -> bool {
        let mut who = left.to_vec();
        let nl = who.len();
        who.extend(after);
        let n = who.len();
        if n % 2 == 1 && !bye_allowed {
            return false;
        }
        let ctx = self.ctx;
        let ok = |a: usize, b: usize| !(a < nl && b < nl) && ctx.compat.get(who[a], who[b]);
        let bye = |a: usize| ctx.players[who[a]].bye_ok;
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        complete_rec(n, all, n % 2 == 1, &ok, &bye)
    }

    /// B.4: the quality of a candidate (local pairs), `None` when it breaks C.4 / the
    /// completion of the last bracket.
    fn eval(&mut self, pairs: &[(usize, usize)]) -> Option<Quality> {
        let n = self.n();
        let mut opp = vec![usize::MAX; n];
        for &(a, b) in pairs {
            opp[a] = b;
            opp[b] = a;
        }
        let floaters: u64 = (0..n)
            .filter(|&v| opp[v] == usize::MAX)
            .fold(0, |m, v| m | (1u64 << v));
        if !self.completes(floaters) {
            return None;
        }
        let p = &self.ctx.players;
        let mut c6 = Vec::with_capacity(n);
        if !self.y2026 {
            // 2017 A.8: the PSD counts the pairs' score differences too.
            for &(a, b) in pairs {
                c6.push(Score((self.score(a) - self.score(b)).0.abs()));
            }
        }
        for (v, &o) in opp.iter().enumerate() {
            if o == usize::MAX {
                // A.8's SD of a downfloater; 2026 C7: its score (the same order).
                c6.push(self.fsd(v));
            }
        }
        c6.sort_unstable_by(|x, y| y.cmp(x));
        let next = self.next_bracket(floaters);
        // 2026 C9: the bracket downfloats exactly one player, who takes the bye.
        let c9 = match self.mode {
            _ if !self.y2026 || floaters.count_ones() != 1 => 0,
            Mode::Last => p[self.g[floaters.trailing_zeros() as usize]].played,
            _ if next.single_floater_bye => p[self.g[floaters.trailing_zeros() as usize]].played,
            _ => 0,
        };
        let mut counts = [0u32; 8];
        let mut sums = [0i32; 4];
        // Colours, C.8-C.11.
        for &(a, b) in pairs {
            let (ga, gb) = (self.g[a], self.g[b]);
            let (w, _) = self.ctx.white_first(ga, gb);
            let top = p[ga].top || p[gb].top;
            for x in [ga, gb] {
                let c = if x == w { Color::White } else { Color::Black };
                let f = &p[x].colour;
                if top && gets_difference_beyond_two(f, c) {
                    counts[0] += 1;
                }
                if top && third_in_a_row(f, c) {
                    counts[1] += 1;
                }
                if let Some(pref) = f.preference {
                    if pref.color != c {
                        counts[2] += 1;
                        if pref.strength >= PreferenceStrength::Strong {
                            counts[3] += 1;
                        }
                    }
                }
            }
        }
        if self.y2026 {
            self.floats_2026(&opp, &mut counts, &mut sums);
        }
        // Floats, C.12-C.19 (A.4).
        for v in (0..n).filter(|_| !self.y2026) {
            let pl = &p[self.g[v]];
            let (down, up, sd) = if opp[v] == usize::MAX {
                (true, false, self.fsd(v).0)
            } else {
                let (s, t) = (self.score(v), self.score(opp[v]));
                (v < self.m0 || s > t, s < t, (s - t).0.abs())
            };
            let mut t = Tally {
                counts: &mut counts,
                sums: &mut sums,
            };
            if down {
                t.repeat(pl, Float::Down, Some(sd), true);
            }
            if up {
                t.repeat(pl, Float::Up, Some(sd), true);
            }
        }
        Some(Quality {
            unpaired: floaters.count_ones() as usize,
            scores: c6,
            next_pairs: Reverse(next.pairs),
            next_scores: next.scores,
            bye_played: Reverse(c9),
            counts,
            sums,
        })
    }

    /// 2026 C14-C21 (`opp`: each player's opponent, `usize::MAX` when unpaired), into the
    /// same slots as 2017 C.12-C.19: C14/C16 count the resident downfloaters with a downfloat
    /// one / two rounds before; C15/C17 the MDPs' opponents with an upfloat; C18/C20 sum the
    /// score differences of the MDPs with a downfloat (a paired MDP's pair, an MDP floating on
    /// at its A.8 SD); C19/C21 those of the MDPs' opponents with an upfloat.
    fn floats_2026(&self, opp: &[usize], counts: &mut [u32; 8], sums: &mut [i32; 4]) {
        let p = &self.ctx.players;
        let mut t = Tally { counts, sums };
        for (v, &o) in opp.iter().enumerate() {
            let pl = &p[self.g[v]];
            let unpaired = o == usize::MAX;
            if v >= self.m0 && unpaired {
                t.repeat(pl, Float::Down, None, true);
            }
            if v >= self.m0 && !unpaired && o < self.m0 {
                t.repeat(pl, Float::Up, Some((self.score(o) - self.score(v)).0), true);
            }
            if v < self.m0 {
                let sd = if unpaired {
                    self.fsd(v).0
                } else {
                    (self.score(v) - self.score(o)).0
                };
                t.repeat(pl, Float::Down, Some(sd), false);
            }
        }
    }
}

/// The float criteria's slots of a candidate's quality (2017 C.12-C.19, 2026 C14-C21): counts
/// of repeated downfloats and upfloats one and two rounds before, and their score differences.
struct Tally<'a> {
    counts: &'a mut [u32; 8],
    sums: &'a mut [i32; 4],
}

impl Tally<'_> {
    /// A player floating `dir` now: counted (`count`) and his score difference `sd` summed, for
    /// each of the two previous rounds in which he floated the same way.
    fn repeat(&mut self, pl: &super::RoundPlayer, dir: Float, sd: Option<i32>, count: bool) {
        let base = usize::from(dir == Float::Up);
        for (k, f) in [pl.float1, pl.float2].into_iter().enumerate() {
            if f == dir {
                self.counts[4 + base + 2 * k] += u32::from(count);
                self.sums[base + 2 * k] += sd.unwrap_or(0);
            }
        }
    }
}

/// True when the players of `left` can all be paired (`ok`), one of them taking the bye
/// (`bye`) when `need_bye`.
fn complete_rec(
    n: usize,
    left: u64,
    need_bye: bool,
    ok: &dyn Fn(usize, usize) -> bool,
    bye: &dyn Fn(usize) -> bool,
) -> bool {
    if left == 0 {
        return !need_bye;
    }
    let v = left.trailing_zeros() as usize;
    let rest = left & !(1u64 << v);
    if need_bye && bye(v) && complete_rec(n, rest, false, ok, bye) {
        return true;
    }
    (v + 1..n).any(|u| {
        rest & (1u64 << u) != 0
            && ok(v, u)
            && complete_rec(n, rest & !(1u64 << u), need_bye, ok, bye)
    })
}

/// D.2: the resident exchanges between S1 (`s1`) and S2 (`s2`) as (out of S1, into S1), sorted
/// by a-d, the empty exchange (the original subgroups) first. `bsn` gives the BSN of a player.
fn resident_exchanges(
    s1: &[usize],
    s2: &[usize],
    bsn: &dyn Fn(usize) -> usize,
) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut all: Vec<(Vec<usize>, Vec<usize>)> = vec![(Vec::new(), Vec::new())];
    for k in 1..=s1.len().min(s2.len()) {
        for out in k_subsets_of(s1, k) {
            for inn in k_subsets_of(s2, k) {
                all.push((out.clone(), inn));
            }
        }
    }
    let key = |(out, inn): &(Vec<usize>, Vec<usize>)| {
        let sum_in: usize = inn.iter().map(|&v| bsn(v)).sum();
        let sum_out: usize = out.iter().map(|&v| bsn(v)).sum();
        // c: the highest different BSN moved S1 → S2 wins: descending lists, larger first.
        let mut out_desc: Vec<usize> = out.iter().map(|&v| bsn(v)).collect();
        out_desc.sort_unstable_by(|a, b| b.cmp(a));
        // d: the lowest different BSN moved S2 → S1 wins: ascending lists, smaller first.
        let mut in_asc: Vec<usize> = inn.iter().map(|&v| bsn(v)).collect();
        in_asc.sort_unstable();
        (
            out.len(),
            sum_in as i64 - sum_out as i64,
            Reverse(out_desc),
            in_asc,
        )
    };
    all.sort_by_cached_key(key);
    all
}

/// The running search: the best candidate so far (B.8: strictly better replaces, so ties keep
/// the earliest), the ideal quality, and whether a perfect candidate was met (B.4).
struct Search {
    ideal: Quality,
    best: Option<(Quality, Vec<(usize, usize)>)>,
    done: bool,
    /// Candidates evaluated (for tests and curiosity).
    count: usize,
    /// Position in the D.2 order of the exchange being tried, and of the best candidate's.
    exchange: usize,
    best_exchange: usize,
}

impl Search {
    fn offer(&mut self, o: &mut Oracle, pairs: &[(usize, usize)]) {
        self.count += 1;
        let Some(q) = o.eval(pairs) else {
            return;
        };
        if q == self.ideal {
            self.done = true;
        }
        if self.best.as_ref().is_none_or(|(b, _)| q < *b) {
            self.best = Some((q, pairs.to_vec()));
            self.best_exchange = self.exchange;
        }
    }
}

/// D.1: every ordered choice of `s1.len()` partners from `s2` (lexicographic in their BSNs,
/// `s2` being in BSN order) that makes legal pairs, for each calling `f`.
fn transpositions(
    o: &Oracle,
    s1: &[usize],
    s2: &[usize],
    cur: &mut Vec<(usize, usize)>,
    used: u64,
    f: VisitStop,
) -> bool {
    let i = cur.len();
    if i == s1.len() {
        return f(cur);
    }
    for &y in s2 {
        if used & (1u64 << y) == 0 && o.legal(s1[i].min(y), s1[i].max(y)) {
            cur.push((s1[i].min(y), s1[i].max(y)));
            let stop = transpositions(o, s1, s2, cur, used | (1u64 << y), f);
            cur.pop();
            if stop {
                return true;
            }
        }
    }
    false
}

/// How M1 (B.1.c) is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum M1Reading {
    /// "The maximum number of MDPs that can be paired in the bracket": the most MDPs paired by
    /// a pairing with MaxPairs pairs.
    MostMdps,
    /// "(see C.6)": the most MDPs paired by a pairing with MaxPairs pairs and the lowest PSD.
    /// The two differ only when C.6 prefers leaving an MDP unpaired, which can happen when the
    /// residents have different scores (a collapsed last bracket); `bracket` follows C.6.
    PsdBest,
}

/// Pairs one bracket by the literal procedure of B and D, M1 read as `bracket` reads it. Same
/// contract as `bracket::solve`.
pub(crate) fn solve(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
) -> Result<BracketResult, PairingError> {
    solve_counted(ctx, mdps, residents, mode, M1Reading::PsdBest).map(|(r, _)| r)
}

/// What the search went through.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    /// Candidates generated.
    pub candidates: usize,
    /// Position in the D.2 order of the remainder exchange that produced the chosen candidate.
    pub exchange: usize,
}

/// `solve` with a reading of M1, also returning what the search went through.
pub(crate) fn solve_counted(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
    reading: M1Reading,
) -> Result<(BracketResult, Stats), PairingError> {
    let mut o = Oracle::new(ctx, mdps, residents, mode);
    let n = o.n();
    let m0 = o.m0;
    // B.1: MaxPairs and M1 (and the ideal quality) by brute force over the legal pairings.
    let mut ideal: Option<Quality> = None;
    let mut shape: Option<(Reverse<usize>, Vec<Score>, Reverse<usize>)> = None;
    let mut all: Vec<Vec<(usize, usize)>> = Vec::new();
    each_matching(n, &|a, b| o.legal(a, b), &mut |m| all.push(m.to_vec()));
    for m in &all {
        if let Some(q) = o.eval(m) {
            let mdp_paired = m.iter().filter(|(a, _)| *a < m0).count();
            let psd = match reading {
                M1Reading::MostMdps => Vec::new(),
                M1Reading::PsdBest => q.scores.clone(),
            };
            let s = (Reverse(m.len()), psd, Reverse(mdp_paired));
            if shape.as_ref().is_none_or(|x| s < *x) {
                shape = Some(s);
            }
            match &mut ideal {
                None => ideal = Some(q),
                Some(i) => i.meet(&q),
            }
        }
    }
    let (Some(ideal), Some((_, _, Reverse(m1)))) = (ideal, shape) else {
        return Err(PairingError::NoValidPairing(
            "no pairing of the bracket complies with C.1-C.4".into(),
        ));
    };
    let mut search = Search {
        ideal,
        best: None,
        done: false,
        count: 0,
        exchange: 0,
        best_exchange: 0,
    };
    // B.2 / D.3: the choices of the MDPs in S1, sorted (a: highest different score, b: lowest
    // BSNs). The first one is the original S1.
    let mdp_list: Vec<usize> = (0..m0).collect();
    let mut s1_choices = k_subsets_of(&mdp_list, m1);
    s1_choices.sort_by_cached_key(|s| {
        let mut scores: Vec<Score> = s.iter().map(|&v| o.score(v)).collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        // 2026 4.4.2: the sets sorted by their smallest differing BSN only (those leaving a
        // Limbo that breaks C7 lose on C7 anyway).
        if o.y2026 {
            scores.clear();
        }
        (Reverse(scores), s.clone())
    });
    let res_list: Vec<usize> = (m0..n).collect();
    for s1 in &s1_choices {
        let limbo: u64 = (0..m0)
            .filter(|v| !s1.contains(v))
            .fold(0, |m, v| m | (1u64 << v));
        // D.1 on S2 (all residents): the MDP-pairings.
        let mut mdp_pairings: Vec<Vec<(usize, usize)>> = Vec::new();
        transpositions(&o, s1, &res_list, &mut Vec::new(), 0, &mut |p| {
            mdp_pairings.push(p.to_vec());
            false
        });
        for mp in &mdp_pairings {
            let used: u64 = mp.iter().fold(0, |m, &(_, r)| m | (1u64 << r));
            let rem: Vec<usize> = res_list
                .iter()
                .copied()
                .filter(|&v| used & (1u64 << v) == 0)
                .collect();
            remainder(&mut o, &mut search, mp, &rem, limbo);
            if search.done {
                break;
            }
        }
        if search.done {
            break;
        }
    }
    let stats = Stats {
        candidates: search.count,
        exchange: search.best_exchange,
    };
    let Some((_, pairs)) = search.best else {
        return Err(PairingError::NoValidPairing(
            "no candidate complies with C.1-C.4".into(),
        ));
    };
    let mut out = BracketResult::default();
    let mut paired = 0u64;
    for &(a, b) in &pairs {
        out.pairs.push((o.g[a], o.g[b]));
        paired |= (1u64 << a) | (1u64 << b);
    }
    let left: Vec<usize> = (0..n)
        .filter(|&v| paired & (1u64 << v) == 0)
        .map(|v| o.g[v])
        .collect();
    if let Mode::Last = mode {
        out.bye = left.first().copied();
    } else {
        out.floaters = left;
    }
    Ok((out, stats))
}

/// B.6 on a remainder (or a homogeneous bracket) `rem`, after the MDP-pairing `mdp_pairs`,
/// with the Limbo `limbo`: D.2 exchanges of S1R and S2R, and D.1 transpositions of S2R.
fn remainder(
    o: &mut Oracle,
    search: &mut Search,
    mdp_pairs: &[(usize, usize)],
    rem: &[usize],
    limbo: u64,
) {
    // S1R holds as many players as the remainder can pair (with C.4 where it applies).
    let nr = rem.len();
    let mut shapes: Vec<(usize, u64)> = Vec::new();
    each_matching(nr, &|a, b| o.legal(rem[a], rem[b]), &mut |m| {
        let mut paired = 0u64;
        for &(a, b) in m {
            paired |= (1u64 << rem[a]) | (1u64 << rem[b]);
        }
        let floaters = limbo
            | rem
                .iter()
                .filter(|&&v| paired & (1u64 << v) == 0)
                .fold(0, |acc, &v| acc | (1u64 << v));
        shapes.push((m.len(), floaters));
    });
    shapes.sort_unstable_by_key(|s| Reverse(s.0));
    let n1 = shapes
        .into_iter()
        .find(|&(_, f)| o.completes(f))
        .map(|(k, _)| k);
    let Some(n1) = n1 else {
        return;
    };
    let (s1, s2) = rem.split_at(n1);
    // BSNs within the remainder (see the module doc on D.2 b).
    let bsn = |v: usize| rem.iter().position(|&x| x == v).unwrap_or(0) + 1;
    for (xi, (out, inn)) in resident_exchanges(s1, s2, &bsn).into_iter().enumerate() {
        search.exchange = xi;
        let mut s1p: Vec<usize> = s1
            .iter()
            .copied()
            .filter(|v| !out.contains(v))
            .chain(inn.iter().copied())
            .collect();
        s1p.sort_unstable();
        let mut s2p: Vec<usize> = s2
            .iter()
            .copied()
            .filter(|v| !inn.contains(v))
            .chain(out.iter().copied())
            .collect();
        s2p.sort_unstable();
        let mut cur: Vec<(usize, usize)> = mdp_pairs.to_vec();
        let base = cur.len();
        let mut todo: Vec<Vec<(usize, usize)>> = Vec::new();
        transpositions(o, &s1p, &s2p, &mut Vec::new(), 0, &mut |p| {
            todo.push(p.to_vec());
            false
        });
        for p in todo {
            cur.truncate(base);
            cur.extend(p);
            search.offer(o, &cur);
            if search.done {
                return;
            }
        }
    }
}

/// The quality (by this module's evaluation) of a bracket pairing made elsewhere, `None` when
/// it is not a legal candidate (for diagnosing disagreements).
pub(crate) fn quality_of(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
    res: &BracketResult,
) -> Option<Quality> {
    let mut o = Oracle::new(ctx, mdps, residents, mode);
    let local = |x: usize| o.g.iter().position(|&y| y == x);
    let mut pairs = Vec::new();
    for &(a, b) in &res.pairs {
        let (a, b) = (local(a)?, local(b)?);
        if !o.legal(a.min(b), a.max(b)) {
            return None;
        }
        pairs.push((a.min(b), a.max(b)));
    }
    o.eval(&pairs)
}

#[cfg(test)]
mod tests;
