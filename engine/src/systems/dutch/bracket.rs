//! Pairing one bracket (C.04.3 B) by maximum-weight matching.
//!
//! The candidates of section B are the ways of pairing the bracket (MDPs with residents,
//! residents with residents) that respect C.1-C.3. Instead of enumerating them in the order of
//! D.1-D.3, the bracket's compatibility graph gets edge weights with one field per criterion,
//! most important first (see `weights`):
//!
//! | field | 2017 criterion | 2026 criterion |
//! |---|---|---|
//! | COMPLETION | C.4 / A.9: complete the round (penultimate and last brackets only) | C4 (C5 through the bye candidates) |
//! | PAIRS | C.5: maximise the number of pairs | C6 |
//! | SCORES | C.6: minimise the PSD (A.8), as digits | C7: the downfloaters' scores, as digits |
//! | MDPS | pair M1 MDPs (B.1.c, B.2), in a collapsed last bracket only | (no collapsed bracket) |
//! | NEXT_PAIRS, NEXT_SCORES | C.7: pairs and PSD of the following bracket, given the downfloaters | C8: pairs and downfloaters' scores there |
//! | BYE_UNPLAYED | — | C9: fewest unplayed games for the bye (last bracket) |
//! | TOP_COLOUR_DIFFERENCE, TOP_THIRD_COLOUR | C.8, C.9 | C10, C11 |
//! | PREFERENCE, STRONG_PREFERENCE | C.10, C.11 | C12, C13 |
//! | DOWN_AGAIN, UP_AGAIN, DOWN_TWO_BEFORE, UP_TWO_BEFORE | C.12-C.15: repeated floats | C14-C17 |
//! | DOWN_AGAIN_SCORES … UP_TWO_BEFORE_SCORES | C.16-C.19: their score differences | C18-C21 |
//!
//! The edition's [`Rules`](super::Rules) say where the criteria differ: what the score field
//! counts, whom the float score differences count, and whether C9 applies.
//!
//! A maximum-weight matching then is a best candidate by C.4-C.19. Among the best candidates,
//! B.8 takes the one generated first; the generation order is resolved in further matchings
//! with low-priority fields: the MDPs of S1 (D.3: lowest BSNs), the MDP-pairing transposition
//! (D.1, lexicographic), the remainder's exchange (D.2 a-b as fields, c-d by enumeration), and
//! the remainder's transposition (D.1), fixing pairs as they are decided.

use super::tight::Tight;
use super::weights::{widen, Digits, Layout};
use super::{RoundCtx, RoundPlayer};
use crate::colour::{gets_difference_beyond_two, third_in_a_row};
use crate::history::{Float, PreferenceStrength};
use crate::matching::{max_weight_matching, Matcher, Weight, I512};
use crate::model::Color;
use crate::pairing::PairingError;
use crate::score::Score;
use bnum::cast::As;
use ethnum::I256;

/// How the bracket sits in the round (A.9).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode<'a> {
    /// An ordinary bracket; C.7 looks at the following scoregroup (the flag: it is the last
    /// one, so its unpaired player must be able to take the bye).
    Lookahead(&'a [usize], bool),
    /// The PPB (2017), or a bracket paired for the completion of the round (2026 C4): the
    /// downfloaters must allow the lower players to complete the round (C.4). The number: how
    /// many of the lower players are the following scoregroup, for the lookahead (2026 C8; 0
    /// for none).
    Penultimate(&'a [usize], usize),
    /// The last bracket (or the CLB): everybody paired, the one left gets the bye.
    Last,
}

/// A bracket's pairing: pairs and downfloaters (round-player indices), and the bye in the last
/// bracket.
#[derive(Clone, Debug, Default)]
pub(crate) struct BracketResult {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
    pub bye: Option<usize>,
}

// The weight fields, most important first, named by what they measure; each comment gives the
// criterion in the 2017 edition (C.x) and in the 2026 edition (Cx).

/// Complete the round: 2017 C.4 / A.9 (penultimate and last brackets only); 2026 C4 (and C5
/// through the bye candidates).
const COMPLETION: usize = 0;
/// Maximise the number of pairs: 2017 C.5; 2026 C6.
const PAIRS: usize = 1;
/// Minimise the PSD (2017 C.6, A.8) / the downfloaters' scores (2026 C7), as digits.
const SCORES: usize = 2;
/// Pair M1 MDPs (2017 B.1.c, B.2), in a collapsed last bracket only; 2026 has none.
const MDPS: usize = 3;
/// Pairs of the following bracket, given the downfloaters: 2017 C.7; 2026 C8.
const NEXT_PAIRS: usize = 4;
/// PSD (2017 C.7) / downfloaters' scores (2026 C8) of the following bracket.
const NEXT_SCORES: usize = 5;
/// Fewest unplayed games for the bye's assignee (last bracket): 2026 C9; not in 2017.
const BYE_UNPLAYED: usize = 6;
/// Topscorers or their opponents with a colour difference beyond ±2: 2017 C.8; 2026 C10.
const TOP_COLOUR_DIFFERENCE: usize = 7;
/// Topscorers or their opponents with the same colour three times in a row: 2017 C.9; 2026
/// C11.
const TOP_THIRD_COLOUR: usize = 8;
/// Players who do not get their colour preference: 2017 C.10; 2026 C12.
const PREFERENCE: usize = 9;
/// Players who do not get their strong colour preference: 2017 C.11; 2026 C13.
const STRONG_PREFERENCE: usize = 10;
/// The same downfloat as the previous round: 2017 C.12; 2026 C14 (resident downfloaters).
const DOWN_AGAIN: usize = 11;
/// The same upfloat as the previous round: 2017 C.13; 2026 C15 (MDP opponents).
const UP_AGAIN: usize = 12;
/// The same downfloat as two rounds before: 2017 C.14; 2026 C16.
const DOWN_TWO_BEFORE: usize = 13;
/// The same upfloat as two rounds before: 2017 C.15; 2026 C17.
const UP_TWO_BEFORE: usize = 14;
/// Score differences of [`DOWN_AGAIN`]'s players: 2017 C.16; 2026 C18.
const DOWN_AGAIN_SCORES: usize = 15;
/// Score differences of [`UP_AGAIN`]'s players: 2017 C.17; 2026 C19.
const UP_AGAIN_SCORES: usize = 16;
/// Score differences of [`DOWN_TWO_BEFORE`]'s players: 2017 C.18; 2026 C20.
const DOWN_TWO_BEFORE_SCORES: usize = 17;
/// Score differences of [`UP_TWO_BEFORE`]'s players: 2017 C.19; 2026 C21.
const UP_TWO_BEFORE_SCORES: usize = 18;
/// The number of fields.
const NQ: usize = 19;

/// One edge of the bracket graph with its quality field values.
struct Edge {
    a: usize,
    b: usize,
    q: Fields,
}

/// The quality field values of an edge. Only the PSD fields (C.6, C.7) need wide integers;
/// the others are small counts and sums, kept narrow so that the edges of a large bracket stay
/// compact.
#[derive(Clone, Copy)]
struct Fields {
    small: [i64; NQ],
    scores: I256,
    next_scores: I256,
}

impl Fields {
    const ZERO: Fields = Fields {
        small: [0; NQ],
        scores: I256::ZERO,
        next_scores: I256::ZERO,
    };

    fn get(&self, f: usize) -> I256 {
        match f {
            SCORES => self.scores,
            NEXT_SCORES => self.next_scores,
            _ => I256::from(self.small[f]),
        }
    }

    fn set(&mut self, f: usize, v: I256) {
        match f {
            SCORES => self.scores = v,
            NEXT_SCORES => self.next_scores = v,
            // Counts and score sums of one pair: far inside i64.
            _ => self.small[f] = v.as_i64(),
        }
    }

    fn all(&self) -> [I256; NQ] {
        std::array::from_fn(|f| self.get(f))
    }

    /// The fields packed by `l`: in 128-bit arithmetic when the layout fits (most brackets),
    /// which is much cheaper for the millions of pairs of a large bracket.
    fn pack(&self, l: &Layout) -> I512 {
        if l.total_bits > 126 {
            return l.pack_512(&self.all());
        }
        let mut w = 0i128;
        for (f, &off) in l.offsets().iter().enumerate() {
            // Each value is below 2^(126 - off): the layout's bounds.
            let v = match f {
                SCORES => self.scores.as_i128(),
                NEXT_SCORES => self.next_scores.as_i128(),
                _ => i128::from(self.small[f]),
            };
            w += v << off;
        }
        I512::from(w)
    }
}

/// An edge with its quality fields packed (see `Graph::qlayout`).
struct Packed {
    a: usize,
    b: usize,
    qw: I512,
}

/// Appends an edge's generation-order field values (the low-priority fields of one matching).
type Gen<'a> = dyn Fn(&Packed, &mut Vec<I256>) + 'a;

/// The integer types a bracket's weights are packed into, narrowest first.
trait PackW: Weight + std::ops::Shl<u32, Output = Self> {
    fn from_i512(v: I512) -> Self;
    fn from_i256(v: I256) -> Self;
    fn to_i512(self) -> I512;
}

impl PackW for i128 {
    fn from_i512(v: I512) -> Self {
        v.as_::<i128>()
    }
    fn from_i256(v: I256) -> Self {
        v.as_i128()
    }
    fn to_i512(self) -> I512 {
        I512::from(self)
    }
}

impl PackW for I256 {
    fn from_i512(v: I512) -> Self {
        I256::from_words((v >> 128u32).as_::<i128>(), v.as_::<u128>() as i128)
    }
    fn from_i256(v: I256) -> Self {
        v
    }
    fn to_i512(self) -> I512 {
        widen(self)
    }
}

impl PackW for I512 {
    fn from_i512(v: I512) -> Self {
        v
    }
    fn from_i256(v: I256) -> Self {
        widen(v)
    }
    fn to_i512(self) -> I512 {
        self
    }
}

fn i(v: i64) -> I256 {
    I256::from(v)
}

fn sc(s: Score) -> I256 {
    I256::from(s.0)
}

/// The bracket graph: vertices 0..nb are the bracket's players in BSN order (MDPs first),
/// then the players below (next scoregroup or all lower players), then maybe the bye vertex.
struct Graph {
    /// Round-player index of each vertex (`usize::MAX` for the bye vertex).
    global: Vec<usize>,
    nb: usize,
    edges: Vec<Packed>,
    /// Bits taken by the packed quality fields.
    qbits: u32,
}

impl Graph {
    /// The bye vertex, when the graph has one.
    fn bye_vertex(&self) -> Option<usize> {
        let last = self.global.len().checked_sub(1)?;
        (self.global[last] == usize::MAX).then_some(last)
    }

    /// Whether the graph has no vertex beyond the bracket but maybe the bye vertex (then D.1
    /// can be decided on the tight subgraph, `tight_earliest`).
    fn bye_only_beyond(&self) -> bool {
        let n = self.global.len();
        n == self.nb || (n == self.nb + 1 && self.bye_vertex().is_some())
    }

    /// `bye_played`: the bye edges carry 2026 C9 (the bracket downfloats exactly one player,
    /// who takes the bye).
    fn build(
        ctx: &RoundCtx,
        mdps: &[usize],
        residents: &[usize],
        mode: Mode,
        bye_played: bool,
    ) -> Result<Graph, PairingError> {
        let vx = Vertices::new(ctx, mdps, residents, mode);
        let nb = vx.nb;
        let (digits6, digits7) = score_digits(&vx)?;
        let fields = PairFields {
            vx: &vx,
            digits6,
            digits7,
            max_sd: (0..nb).map(|v| vx.fsd(v).0).max().unwrap_or(0) as i64,
            // B.1.c, B.2: every candidate pairs M1 MDPs, the most that a pairing with MaxPairs
            // pairs and the best PSD (C.6) pairs. When the residents share a score, pairings
            // with the same PSD pair the same number k of MDPs: the PSD's zero entries are
            // exactly the MaxPairs - k resident pairs (an MDP's SD is never zero). In a
            // collapsed last bracket, whose residents have different scores, equal PSDs can
            // come with different k, and only those with M1 are candidates: a field right
            // below C.6 keeps them.
            mixed_residents: (vx.m..nb).any(|v| vx.score(v) != vx.score(vx.m)),
        };
        let lower = lower_edges(&vx, fields.digits7.as_ref(), bye_played);
        let (edges, qbits) = pack_edges(&fields, lower);
        Ok(Graph {
            global: vx.global,
            nb,
            edges,
            qbits,
        })
    }

    /// Solves with extra low-priority fields `gen` (values per edge, bounds), on the edges kept
    /// by `keep` and not touching a `removed` vertex. Returns the mates and the total weight.
    fn solve(
        &self,
        gen_bounds: &[I256],
        gen: &Gen,
        keep: &dyn Fn(&Packed) -> bool,
        removed: &[bool],
    ) -> Result<(Vec<Option<usize>>, I512), PairingError> {
        self.solve_certified(gen_bounds, gen, keep, &|_| false, None, removed)
            .map(|(m, w, _)| (m, w))
    }

    /// The total weight of `mate` under the quality fields and the low-priority fields `gen`
    /// (as `solve` weighs it), over the edges not touching a `removed` vertex.
    fn total(
        &self,
        mate: &[Option<usize>],
        gen_bounds: &[I256],
        gen: &Gen,
        removed: &[bool],
    ) -> I512 {
        let Some(glayout) = Layout::new(gen_bounds) else {
            return I512::ZERO;
        };
        let mut fields = Vec::new();
        let mut total = I512::ZERO;
        for e in &self.edges {
            if removed[e.a] || removed[e.b] || mate[e.a] != Some(e.b) {
                continue;
            }
            fields.clear();
            gen(e, &mut fields);
            total += (e.qw << glayout.total_bits) + glayout.pack_512(&fields);
        }
        total
    }

    /// `solve`, also telling whether the matching found is optimal as well on the graph that
    /// adds the edges `extra` selects (among those `keep` leaves out): see
    /// `Matcher::certifies`, and `Matcher::certifies_shifted` when `side` marks one side of a
    /// bipartite graph. A smaller graph is usually much faster to solve.
    fn solve_certified(
        &self,
        gen_bounds: &[I256],
        gen: &Gen,
        keep: &dyn Fn(&Packed) -> bool,
        extra: &dyn Fn(&Packed) -> bool,
        side: Option<&dyn Fn(usize) -> bool>,
        removed: &[bool],
    ) -> Result<(Vec<Option<usize>>, I512, bool), PairingError> {
        let glayout = Layout::new(gen_bounds);
        let too_wide = || {
            PairingError::TooLarge(format!(
                "a bracket of {} players needs weights wider than the engine supports",
                self.nb
            ))
        };
        let glayout = glayout.ok_or_else(too_wide)?;
        let gbits = glayout.total_bits;
        let total = self.qbits.saturating_add(gbits);
        if total > super::weights::MAX_BITS {
            return Err(too_wide());
        }
        if total <= 124 {
            Ok(self.solve_in::<i128>(&glayout, gen, keep, extra, side, removed))
        } else if total <= super::weights::MAX_BITS_256 {
            Ok(self.solve_in::<I256>(&glayout, gen, keep, extra, side, removed))
        } else {
            Ok(self.solve_in::<I512>(&glayout, gen, keep, extra, side, removed))
        }
    }

    fn solve_in<W: PackW>(
        &self,
        glayout: &Layout,
        gen: &Gen,
        keep: &dyn Fn(&Packed) -> bool,
        extra: &dyn Fn(&Packed) -> bool,
        side: Option<&dyn Fn(usize) -> bool>,
        removed: &[bool],
    ) -> (Vec<Option<usize>>, I512, bool) {
        let gbits = glayout.total_bits;
        // Removed vertices (fixed pairs) are left out and the others renumbered, so that the
        // matchings get smaller as the pairs are decided.
        let n = self.global.len();
        let mut local = vec![usize::MAX; n];
        let mut back = Vec::with_capacity(n);
        for v in 0..n {
            if !removed[v] {
                local[v] = back.len();
                back.push(v);
            }
        }
        let mut edges: Vec<(usize, usize, W)> = Vec::with_capacity(self.edges.len());
        let mut others: Vec<(usize, usize, W)> = Vec::new();
        let mut fields = Vec::new();
        for e in &self.edges {
            if removed[e.a] || removed[e.b] {
                continue;
            }
            let kept = keep(e);
            if !kept && !extra(e) {
                continue;
            }
            let mut w = W::from_i512(e.qw) << gbits;
            fields.clear();
            gen(e, &mut fields);
            for (v, off) in fields.iter().zip(glayout.offsets()) {
                if *v != I256::ZERO {
                    w += W::from_i256(*v) << *off;
                }
            }
            if w > W::ZERO {
                let list = if kept { &mut edges } else { &mut others };
                list.push((local[e.a], local[e.b], w));
            }
        }
        #[cfg(test)]
        test_knobs::count_matching();
        let mut matcher = Matcher::new();
        let small = matcher.solve(back.len(), &edges, false).to_vec();
        let certified = matcher.certifies(&others)
            || side.is_some_and(|side| {
                let marks: Vec<bool> = back.iter().map(|&v| side(v)).collect();
                matcher.certifies_shifted(&marks, &others)
            });
        let mut mate = vec![None; n];
        for (i, m) in small.iter().enumerate() {
            mate[back[i]] = m.map(|j| back[j]);
        }
        let total = matched_total(&edges, &small).to_i512();
        (mate, total, certified)
    }
}

/// The total weight of the matched edges.
fn matched_total<W: Weight>(edges: &[(usize, usize, W)], mate: &[Option<usize>]) -> W {
    edges
        .iter()
        .filter(|(a, b, _)| mate[*a] == Some(*b))
        .fold(W::ZERO, |s, e| s + e.2)
}

/// B.3-B.4: the first candidate of a homogeneous bracket (S1[i] against S2[i]) when it is
/// perfect: every pair allowed, every colour preference granted, no topscorer colour problem,
/// and no floats. With an even number of players there are no floats; with an odd number (the
/// last bracket only, where the one player left gets the bye) the last player of S2 is left:
/// he must be able to take the bye (C.2), and the bye, which counts as a downfloat (A.4), must
/// not repeat one of the two previous rounds (C.12, C.14; C.16 and C.18 then count nothing
/// either). In a homogeneous bracket the PSD (C.6) is the same for every candidate that pairs
/// all but one. A perfect candidate is accepted at once, and it is the first of the sequence.
fn perfect_first(ctx: &RoundCtx, residents: &[usize]) -> Option<BracketResult> {
    let mut sorted = residents.to_vec();
    sorted.sort_unstable();
    let half = sorted.len() / 2;
    let bye = if sorted.len() % 2 == 1 {
        let b = *sorted.last()?;
        let p = &ctx.players[b];
        if !p.bye_ok || p.float1 == Float::Down || p.float2 == Float::Down {
            return None;
        }
        // 2026 C9: no other player of the bracket who may take the bye has played more games.
        if ctx.rules.bye_played_games
            && sorted
                .iter()
                .any(|&o| ctx.players[o].bye_ok && ctx.players[o].played > p.played)
        {
            return None;
        }
        Some(b)
    } else {
        None
    };
    let mut pairs = Vec::with_capacity(half);
    for i in 0..half {
        let (a, b) = (sorted[i], sorted[i + half]);
        if !ctx.compat[a][b] {
            return None;
        }
        let (w, _) = ctx.white_first(a, b);
        let top = ctx.players[a].top || ctx.players[b].top;
        for g in [a, b] {
            let c = if g == w { Color::White } else { Color::Black };
            let f = &ctx.players[g].colour;
            if f.preference.is_some_and(|p| p.color != c) {
                return None;
            }
            if top && (gets_difference_beyond_two(f, c) || third_in_a_row(f, c)) {
                return None;
            }
        }
        pairs.push((a, b));
    }
    Some(BracketResult {
        pairs,
        floaters: Vec::new(),
        bye,
    })
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
        if let Some(j) = ((i + 1).max(m)..n).find(|&j| !taken[j] && ctx.compat[who[i]][who[j]]) {
            taken[i] = true;
            taken[j] = true;
            pairs += 1;
        }
    }
    (pairs, taken)
}

/// One point, in the units of [`Score`].
const ONE_POINT: Score = Score(10);

/// A bracket's graph vertices (the MDPs, then the residents, each in BSN order; the players
/// below it when C.7 / C8 or the completion looks there; the bye vertex) with what the weight
/// fields of their edges are computed from.
struct Vertices<'a> {
    ctx: &'a RoundCtx,
    /// Round-player index of each vertex (`usize::MAX` for the bye vertex).
    global: Vec<usize>,
    /// MDPs (`0..m`), bracket players (`0..nb`).
    m: usize,
    nb: usize,
    /// The following scoregroup's players (`nb..nb + nnext`), all the players below
    /// (`nb..nb + nx`).
    nnext: usize,
    nx: usize,
    /// The bracket is paired for the completion of the round (C.4 / C4).
    completion: bool,
    /// C.7 / C8 look into the following scoregroup.
    lookahead: bool,
    /// The graph has a bye vertex (last vertex).
    dummy: bool,
    /// The lowest score in the bracket, and in the following scoregroup.
    low: Score,
    low_next: Score,
}

impl<'a> Vertices<'a> {
    fn new(ctx: &'a RoundCtx, mdps: &[usize], residents: &[usize], mode: Mode) -> Vertices<'a> {
        let p = &ctx.players;
        let mut global: Vec<usize> = mdps.to_vec();
        global.sort_unstable();
        let m = global.len();
        let mut res = residents.to_vec();
        res.sort_unstable();
        global.extend(&res);
        let nb = global.len();
        let (below, completion, nnext, next_last) = match mode {
            Mode::Lookahead(x, last) => (x, false, x.len(), last),
            Mode::Penultimate(x, k) => (x, true, k.min(x.len()), false),
            Mode::Last => (&[][..], true, 0, false),
        };
        global.extend(below);
        let nx = below.len();
        // The bye vertex: in the last bracket, and when C.7 looks into the last bracket (whose
        // one unpaired player, if any, must be able to take the bye, C.2).
        let dummy = (completion && (nb + nx) % 2 == 1) || next_last;
        if dummy {
            global.push(usize::MAX);
        }
        let low = (0..nb)
            .map(|v| p[global[v]].score)
            .min()
            .unwrap_or_default();
        let low_next = below.first().map(|&x| p[x].score).unwrap_or_default();
        Vertices {
            ctx,
            global,
            m,
            nb,
            nnext,
            nx,
            completion,
            lookahead: nnext > 0,
            dummy,
            low,
            low_next,
        }
    }

    fn player(&self, v: usize) -> &RoundPlayer {
        &self.ctx.players[self.global[v]]
    }

    fn score(&self, v: usize) -> Score {
        self.player(v).score
    }

    fn is_mdp(&self, v: usize) -> bool {
        v < self.m
    }

    /// A.8: a downfloater's SD is measured against one point less than the lowest score.
    fn fsd(&self, v: usize) -> Score {
        self.score(v) - self.low + ONE_POINT
    }

    /// The same in the following scoregroup (C.7 / C8).
    fn fsd_next(&self, v: usize) -> Score {
        self.score(v) - self.low_next + ONE_POINT
    }

    fn compat(&self, a: usize, b: usize) -> bool {
        self.ctx.compat[self.global[a]][self.global[b]]
    }

    /// A pair the bracket may make (C.1, C.3; two MDPs are never paired together).
    fn pair_ok(&self, a: usize, b: usize) -> bool {
        self.compat(a, b) && !(self.is_mdp(a) && self.is_mdp(b))
    }

    /// The bracket's allowed pairs `(a, b)`, `a < b < nb`.
    fn bracket_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let nb = self.nb;
        (0..nb).flat_map(move |a| {
            (a + 1..nb)
                .filter(move |&b| self.pair_ok(a, b))
                .map(move |b| (a, b))
        })
    }
}

/// The digits of the PSD (2017 C.6) / downfloaters' scores (2026 C7) field and, when C.7 / C8
/// look into the following scoregroup, of its field there.
fn score_digits(vx: &Vertices) -> Result<(Digits, Option<Digits>), PairingError> {
    let rules = vx.ctx.rules;
    let (nb, nnext, lookahead) = (vx.nb, vx.nnext, vx.lookahead);
    let score = |v: usize| vx.score(v);
    let fsd = |v: usize| vx.fsd(v);
    let fsd_next = |v: usize| vx.fsd_next(v);
    let pair_ok = |a: usize, b: usize| vx.pair_ok(a, b);
    // The PSD entries a candidate can have: each player's SD when unpaired, each allowed
    // pair's SD; a value occurs in a candidate at most as often as it occurs here.
    // (Counted per value first: a bracket has few distinct values and many pairs.)
    let mut d6 = std::collections::BTreeMap::new();
    for a in 0..nb {
        *d6.entry(fsd(a)).or_insert(0) += 1;
        for b in a + 1..nb {
            if rules.score_counts_pairs && pair_ok(a, b) {
                *d6.entry(Score((score(a) - score(b)).0.abs())).or_insert(0) += 1;
            }
        }
    }
    let d6: Vec<(Score, usize)> = d6.into_iter().collect();
    let too_wide = || {
        PairingError::TooLarge(format!(
            "a bracket of {nb} players has too many distinct score differences for the \
             engine's 256-bit PSD weights (C.6/C.7); the point system is unusual"
        ))
    };
    let digits6 = Digits::new(d6, nb).ok_or_else(too_wide)?;
    let digits7 = if lookahead {
        // The following scoregroup's own pairs (SD 0 in a scoregroup), the floaters' pairs
        // in it, and the players left unpaired there.
        let mut below_scores: Vec<Score> = (nb..nb + nnext).map(score).collect();
        below_scores.sort_unstable();
        below_scores.dedup();
        let mut d7 = Vec::new();
        let pairs_below = if rules.score_counts_pairs {
            &below_scores[..]
        } else {
            &[][..]
        };
        for (k, &s) in pairs_below.iter().enumerate() {
            for &t in &below_scores[..=k] {
                d7.push((s - t, nnext / 2));
            }
        }
        for a in 0..nb + nnext {
            d7.push((fsd_next(a), 1));
            if a < nb {
                // A floater is in one pair at most, whichever player below it meets.
                for &s in pairs_below {
                    d7.push((Score((score(a) - s).0.abs()), 1));
                }
            }
        }
        Some(Digits::new(d7, nb + nnext).ok_or_else(too_wide)?)
    } else {
        None
    };
    Ok((digits6, digits7))
}

/// The quality fields of the bracket's own pairs.
struct PairFields<'a> {
    vx: &'a Vertices<'a>,
    digits6: Digits,
    digits7: Option<Digits>,
    /// The largest SD of a bracket player (the upfloat score differences count down from it).
    max_sd: i64,
    /// The residents have different scores (a collapsed last bracket): the MDPS field counts.
    mixed_residents: bool,
}

impl PairFields<'_> {
    /// The quality fields of the bracket pair (a, b), a < b < nb. In a large bracket (millions
    /// of pairs) they are computed twice (once for the normalisation, once to pack them) rather
    /// than stored; a small bracket's are kept between the passes.
    fn of(&self, a: usize, b: usize) -> Fields {
        let vx = self.vx;
        let (ctx, rules, p, global) = (vx.ctx, vx.ctx.rules, &vx.ctx.players, &vx.global);
        let (completion, mixed_residents, max_sd) =
            (vx.completion, self.mixed_residents, self.max_sd);
        let (digits6, digits7) = (&self.digits6, &self.digits7);
        let score = |v: usize| vx.score(v);
        let fsd = |v: usize| vx.fsd(v);
        let fsd_next = |v: usize| vx.fsd_next(v);
        let is_mdp = |v: usize| vx.is_mdp(v);
        let mut q = Fields::ZERO;
        if completion {
            q.set(COMPLETION, I256::ONE);
        }
        q.set(PAIRS, I256::ONE);
        if mixed_residents && is_mdp(a) {
            q.set(MDPS, I256::ONE);
        }
        let (sa, sb) = (score(a), score(b));
        let pair_psd = if rules.score_counts_pairs {
            digits6.weight(Score((sa - sb).0.abs()))
        } else {
            I256::ZERO
        };
        q.set(
            SCORES,
            digits6.weight(fsd(a)) + digits6.weight(fsd(b)) - pair_psd,
        );
        if let Some(d7) = &digits7 {
            q.set(NEXT_SCORES, d7.weight(fsd_next(a)) + d7.weight(fsd_next(b)));
        }
        // Colours (C.8-C.11), with the allocation E.1-E.5 would make.
        let (ga, gb) = (global[a], global[b]);
        let (w, _) = ctx.white_first(ga, gb);
        let topish = p[ga].top || p[gb].top;
        let (mut c8, mut c9, mut c10, mut c11) = (0, 0, 0, 0);
        for g in [ga, gb] {
            let c = if g == w { Color::White } else { Color::Black };
            let f = &p[g].colour;
            if let Some(pref) = f.preference {
                if pref.color != c {
                    c10 += 1;
                    if pref.strength >= PreferenceStrength::Strong {
                        c11 += 1;
                    }
                }
            }
            if topish {
                if gets_difference_beyond_two(f, c) {
                    c8 += 1;
                }
                if third_in_a_row(f, c) {
                    c9 += 1;
                }
            }
        }
        q.set(TOP_COLOUR_DIFFERENCE, i(2 - c8));
        q.set(TOP_THIRD_COLOUR, i(2 - c9));
        q.set(PREFERENCE, i(2 - c10));
        q.set(STRONG_PREFERENCE, i(2 - c11));
        // Floats (C.12-C.19). `a` is the higher ranked: with different scores it gets
        // a downfloat and `b` an upfloat (A.4.b). A downfloater's SD is its fsd.
        let a_down = sa > sb;
        let sd = (sa - sb).0 as i64;
        let mut c12 = 0;
        let mut c14 = 0;
        let mut c16 = I256::ZERO;
        let mut c18 = I256::ZERO;
        for v in [a, b] {
            let pl = &p[global[v]];
            let down_here = v == a && a_down;
            let paired_sd = if down_here { sd } else { 0 };
            let gain = if rules.float_sd_counts_residents || is_mdp(v) {
                sc(fsd(v)) - i(paired_sd)
            } else {
                I256::ZERO
            };
            if pl.float1 == Float::Down {
                if !down_here && !is_mdp(v) {
                    c12 += 1;
                }
                c16 += gain;
            }
            if pl.float2 == Float::Down {
                if !down_here && !is_mdp(v) {
                    c14 += 1;
                }
                c18 += gain;
            }
        }
        q.set(DOWN_AGAIN, i(c12));
        q.set(DOWN_TWO_BEFORE, i(c14));
        q.set(DOWN_AGAIN_SCORES, c16);
        q.set(DOWN_TWO_BEFORE_SCORES, c18);
        let pb = &p[gb];
        let up1 = a_down && pb.float1 == Float::Up;
        let up2 = a_down && pb.float2 == Float::Up;
        q.set(UP_AGAIN, i(1 - i64::from(up1)));
        q.set(UP_TWO_BEFORE, i(1 - i64::from(up2)));
        q.set(UP_AGAIN_SCORES, i(max_sd - if up1 { sd } else { 0 }));
        q.set(UP_TWO_BEFORE_SCORES, i(max_sd - if up2 { sd } else { 0 }));
        q
    }
}

/// The edges with a player below the bracket (C.7 / C8, the completion), and the bye's.
fn lower_edges(vx: &Vertices, digits7: Option<&Digits>, bye_played: bool) -> Vec<Edge> {
    let (rules, p, global) = (vx.ctx.rules, &vx.ctx.players, &vx.global);
    let (nb, nx, nnext) = (vx.nb, vx.nx, vx.nnext);
    let (completion, lookahead, dummy) = (vx.completion, vx.lookahead, vx.dummy);
    let score = |v: usize| vx.score(v);
    let fsd_next = |v: usize| vx.fsd_next(v);
    let compat = |a: usize, b: usize| vx.compat(a, b);
    // The edges with a player below the bracket, and the bye's.
    let mut lower = Vec::new();
    for a in 0..nb + nx {
        for b in a.max(nb)..nb + nx {
            if a == b || !compat(a, b) {
                continue;
            }
            let mut q = Fields::ZERO;
            if completion {
                q.set(COMPLETION, I256::ONE);
            }
            let in_next = a < nb + nnext && b < nb + nnext;
            if let Some(d7) = digits7.filter(|_| in_next) {
                q.set(NEXT_PAIRS, I256::ONE);
                let pair_psd = if rules.score_counts_pairs {
                    d7.weight(Score((score(a) - score(b)).0.abs()))
                } else {
                    I256::ZERO
                };
                q.set(
                    NEXT_SCORES,
                    d7.weight(fsd_next(a)) + d7.weight(fsd_next(b)) - pair_psd,
                );
            }
            lower.push(Edge { a, b, q });
        }
    }
    if dummy {
        let d = nb + nx;
        for a in 0..d {
            if p[global[a]].bye_ok {
                let mut q = Fields::ZERO;
                if bye_played && a < nb {
                    // 2026 C9: the bye to a player with the most games played.
                    q.set(BYE_UNPLAYED, i(p[global[a]].played as i64));
                }
                if completion {
                    q.set(COMPLETION, I256::ONE);
                    if lookahead && nnext == nx {
                        // The following bracket is the last: its bye counts as a pair.
                        q.set(NEXT_PAIRS, I256::ONE);
                    }
                } else {
                    q.set(NEXT_PAIRS, I256::ONE);
                }
                lower.push(Edge { a, b: d, q });
            }
        }
    }
    lower
}

/// The edges packed into their weights: the fields below C.5 that only bracket pairs carry
/// are normalised first (shifted and divided by their common factor), then the quality fields
/// are packed once (the generation-order fields of each phase go below). Returns the edges and
/// the bits the quality fields take (`u32::MAX`: too wide).
fn pack_edges(fields: &PairFields, lower: Vec<Edge>) -> (Vec<Packed>, u32) {
    let vx = fields.vx;
    let (nb, nv) = (vx.nb, vx.global.len());
    let bracket_pairs = || vx.bracket_pairs();
    let pair_fields = |a: usize, b: usize| fields.of(a, b);
    // The fields below C.5 that only bracket pairs carry: the number of bracket pairs is the
    // same in every candidate that is best by C.5, so a constant added to every bracket pair
    // changes nothing. Shift them to start at zero and divide out a common factor, or drop
    // them when they are the same for every pair: the weights get much narrower.
    // One pass over the pairs for the minima, maxima and common factors, one for the shift
    // and division and the packing. The small fields in i64, the PSD digits (C.6) in 256
    // bits.
    const SMALL: [usize; 14] = [
        MDPS,
        BYE_UNPLAYED,
        TOP_COLOUR_DIFFERENCE,
        TOP_THIRD_COLOUR,
        PREFERENCE,
        STRONG_PREFERENCE,
        DOWN_AGAIN,
        UP_AGAIN,
        DOWN_TWO_BEFORE,
        UP_TWO_BEFORE,
        DOWN_AGAIN_SCORES,
        UP_AGAIN_SCORES,
        DOWN_TWO_BEFORE_SCORES,
        UP_TWO_BEFORE_SCORES,
    ];
    // First pass over the bracket pairs: each field's least and largest value, and the
    // common factor of its differences (those to the first pair's value have the same gcd
    // as those to the least value).
    let count = bracket_pairs().count();
    // Up to this many pairs, the fields are kept for the second pass.
    const KEEP: usize = 1 << 19;
    let mut kept = Vec::with_capacity(if count <= KEEP { count } else { 0 });
    let mut first: Option<Fields> = None;
    let mut min = [i64::MAX; NQ];
    let mut max = [i64::MIN; NQ];
    let mut factor = [0i64; NQ];
    let (mut min6, mut max6, mut factor6) = (I256::MAX, I256::MIN, I256::ZERO);
    let mut bounds = Fields::ZERO;
    for (a, b) in bracket_pairs() {
        let q = pair_fields(a, b);
        if count <= KEEP {
            kept.push(q);
        }
        let f0 = *first.get_or_insert(q);
        for f in SMALL {
            let v = q.small[f];
            min[f] = min[f].min(v);
            max[f] = max[f].max(v);
            // Once the factor is 1 it stays 1.
            if factor[f] != 1 {
                factor[f] = gcd(factor[f], (v - f0.small[f]).abs());
            }
        }
        for f in [COMPLETION, PAIRS, NEXT_PAIRS] {
            bounds.small[f] = bounds.small[f].max(q.small[f]);
        }
        min6 = min6.min(q.scores);
        max6 = max6.max(q.scores);
        if factor6 != I256::ONE && q.scores != f0.scores {
            factor6 = gcd_with(factor6, (q.scores - f0.scores).abs());
        }
        bounds.next_scores = bounds.next_scores.max(q.next_scores);
    }
    // The shift and division of one pair's fields.
    let normalise = |q: &mut Fields| {
        for f in SMALL {
            let v = &mut q.small[f];
            *v = if factor[f] == 0 {
                0
            } else {
                (*v - min[f]) / factor[f]
            };
        }
        let v = q.scores - min6;
        q.scores = if factor6 == I256::ZERO {
            I256::ZERO
        } else if factor6.count_ones() == 1 {
            v >> factor6.trailing_zeros()
        } else {
            v / factor6
        };
    };
    if first.is_some() {
        let mut top = Fields::ZERO;
        top.small = max;
        top.scores = max6;
        normalise(&mut top);
        for f in SMALL {
            bounds.small[f] = bounds.small[f].max(top.small[f]);
        }
        bounds.scores = bounds.scores.max(top.scores);
    }
    for e in &lower {
        for (bound, v) in bounds.small.iter_mut().zip(&e.q.small) {
            *bound = (*bound).max(*v);
        }
        bounds.scores = bounds.scores.max(e.q.scores);
        bounds.next_scores = bounds.next_scores.max(e.q.next_scores);
    }
    let mut quality_bounds = bounds.all();
    // At most nb/2 bracket pairs; the fields that edges below the bracket carry can be on
    // nv/2 of them.
    for (f, b) in quality_bounds.iter_mut().enumerate() {
        let pairs = if f == COMPLETION || f == NEXT_PAIRS || f == NEXT_SCORES {
            nv / 2
        } else {
            nb / 2
        };
        *b *= i(pairs as i64 + 1);
    }
    // Pack the quality fields once; the generation-order fields of each phase go below.
    // (Second pass over the bracket pairs.)
    let (edges, qbits) = match Layout::new(&quality_bounds) {
        Some(l) => {
            let mut edges = Vec::with_capacity(count + lower.len());
            let mut kept = kept.into_iter();
            for (a, b) in bracket_pairs() {
                let mut q = kept.next().unwrap_or_else(|| pair_fields(a, b));
                normalise(&mut q);
                edges.push(Packed {
                    a,
                    b,
                    qw: q.pack(&l),
                });
            }
            edges.extend(lower.into_iter().map(|e| Packed {
                a: e.a,
                b: e.b,
                qw: e.q.pack(&l),
            }));
            (edges, l.total_bits)
        }
        None => (Vec::new(), u32::MAX),
    };
    (edges, qbits)
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
    let mut edges = Vec::new();
    for i in 0..n {
        for j in (i + 1).max(m)..n {
            if ctx.compat[all[i]][all[j]] {
                edges.push((i, j, 1i64));
            }
        }
    }
    let mate = max_weight_matching(n, &edges, true);
    mate.iter().filter(|x| x.is_some()).count() / 2
}

/// C.7 is the same for every candidate that is best by C.5 and C.6 when the following bracket
/// reaches its ideal whichever `f` players of this bracket float into it: every downfloater
/// paired with one of `below` (the next scoregroup), the others all paired, and, when the
/// following bracket is the last one (`last`) and has an odd number of players, the one left
/// able to take the bye (C.2). Its number of pairs is then the same for every candidate, and its
/// PSD depends only on the scores of the downfloaters, which C.6 already fixes: the PSD of this
/// bracket counts each MDP once, at its SD when paired and one point higher when floating, and
/// each floating resident at one point, so equal PSDs mean equal floater scores. The lookahead
/// can then be left out of the graph, which makes it much smaller.
///
/// Sufficient condition used (Dirac's theorem: a graph on N >= 3 vertices whose every vertex
/// has degree >= N/2 has a Hamiltonian cycle, hence a perfect matching when N is even, and one
/// leaving out any chosen vertex when N is odd): in the following bracket's graph (downfloaters
/// and `below`, downfloaters never meeting each other), every vertex has degree >= N/2 whatever
/// the downfloaters are.
fn following_always_ideal(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    below: &[usize],
    last: bool,
    f: usize,
) -> bool {
    let big_n = f + below.len();
    if big_n < 3 {
        return false;
    }
    let ok = |deg: usize| 2 * deg >= big_n;
    // A bye-eligible player of `below` to leave out when the last bracket is odd.
    if last && big_n % 2 == 1 && !below.iter().any(|&r| ctx.players[r].bye_ok) {
        return false;
    }
    let bracket = mdps.iter().chain(residents);
    for &x in bracket.clone() {
        if !ok(below.iter().filter(|&&r| ctx.compat[x][r]).count()) {
            return false;
        }
    }
    below.iter().all(|&r| {
        let mates = below.iter().filter(|&&o| ctx.compat[r][o]).count();
        let apart = bracket.clone().filter(|&&x| !ctx.compat[r][x]).count();
        ok(mates + f.saturating_sub(apart))
    })
}

/// `gcd(g, x)`, without a division in the common case of the digit fields: `g` a power of two
/// that divides `x`.
fn gcd_with(g: I256, x: I256) -> I256 {
    if g.count_ones() == 1 && x.trailing_zeros() >= g.trailing_zeros() {
        g
    } else {
        gcd(g, x)
    }
}

/// Greatest common divisor of two non-negative numbers (`i64` for the small fields, `I256` for
/// the digit fields).
fn gcd<T: Copy + Default + PartialEq + std::ops::Rem<Output = T>>(mut a: T, mut b: T) -> T {
    while b != T::default() {
        (a, b) = (b, a % b);
    }
    a
}

/// Bits for one position of a lexicographic sequence over `n` choices.
fn pos_bits(n: usize) -> u32 {
    super::weights::bits(I256::from(n as u64 + 1))
}

/// 2026 C8 with C4: whether the following bracket, made of the `floaters` (as MDPs) and the
/// scoregroup `next`, reaches under the completion of the round (the players `after` it) the
/// same number of pairs and the same downfloaters' scores (C6, C7) as without it. When it does,
/// the bracket's best pairing by the one-bracket lookahead is also best under C4 (the
/// completion only removes candidates). A best pairing of the following bracket whose leftover
/// players complete the round proves it at once; else both are computed.
pub(crate) fn next_bracket_completes(
    ctx: &RoundCtx,
    floaters: &[usize],
    next: &[usize],
    after: &[usize],
) -> Result<bool, PairingError> {
    let left = |g: &Graph, mate: &[Option<usize>]| -> Vec<usize> {
        (0..g.nb)
            .filter(|&v| !matches!(mate[v], Some(u) if u < g.nb))
            .map(|v| g.global[v])
            .collect()
    };
    let scores = |l: &[usize]| {
        let mut s: Vec<Score> = l.iter().map(|&v| ctx.players[v].score).collect();
        s.sort_unstable();
        s
    };
    let mut rest = match best_by_pairs_and_scores(ctx, floaters, next) {
        Some(l) => l,
        None => {
            let free = Graph::build(ctx, floaters, next, Mode::Lookahead(&[], false), false)?;
            let (mate, _) =
                free.solve(&[], &|_, _| {}, &|_| true, &vec![false; free.global.len()])?;
            left(&free, &mate)
        }
    };
    let unconstrained = scores(&rest);
    rest.extend(after);
    if ctx.completable(&rest) {
        return Ok(true);
    }
    let bound = Graph::build(ctx, floaters, next, Mode::Penultimate(after, 0), false)?;
    let (mate, _) = bound.solve(&[], &|_, _| {}, &|_| true, &vec![false; bound.global.len()])?;
    Ok(scores(&left(&bound, &mate)) == unconstrained)
}

/// The players a best pairing of the bracket of `mdps` and `residents` leaves over, best by its
/// number of pairs and then by the scores of those left over (2026 C6, C7: highest first), in
/// one matching with only those two fields; `None` when the score digits do not fit.
fn best_by_pairs_and_scores(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
) -> Option<Vec<usize>> {
    let who: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let (n, m) = (who.len(), mdps.len());
    let mut counts: Vec<(Score, usize)> = who.iter().map(|&v| (ctx.players[v].score, 1)).collect();
    counts.sort_unstable();
    let digits = Digits::new(counts, n)?;
    // Each player's digit, then the pairs field above every digit sum.
    let pair_bit = super::weights::bits(
        who.iter()
            .map(|&v| digits.weight(ctx.players[v].score))
            .fold(I256::ZERO, |a, b| a + b),
    );
    if pair_bit + super::weights::bits(I256::from(n as u64)) > super::weights::MAX_BITS_256 {
        return None;
    }
    let mut edges = Vec::new();
    for i in 0..n {
        for j in (i + 1).max(m)..n {
            if ctx.compat[who[i]][who[j]] {
                let w = (I256::ONE << pair_bit)
                    + digits.weight(ctx.players[who[i]].score)
                    + digits.weight(ctx.players[who[j]].score);
                edges.push((i, j, w));
            }
        }
    }
    let mate = max_weight_matching(n, &edges, false);
    Some(
        (0..n)
            .filter(|&i| mate[i].is_none())
            .map(|i| who[i])
            .collect(),
    )
}

/// Pairs the bracket made of `mdps` and `residents` (round-player indices).
pub(crate) fn solve(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
) -> Result<BracketResult, PairingError> {
    // (Not for the PPB: there the downfloaters are chosen for the completion, C.4.)
    let odd_last = matches!(mode, Mode::Last) && !residents.len().is_multiple_of(2);
    if mdps.is_empty()
        && (residents.len().is_multiple_of(2) || odd_last)
        && !matches!(mode, Mode::Penultimate(..))
    {
        if let Some(res) = perfect_first(ctx, residents) {
            return Ok(res);
        }
    }
    let (mode, max_pairs) = lookahead_needed(ctx, mdps, residents, mode);
    let g = bracket_graph(ctx, mdps, residents, mode)?;
    let nb = g.nb;
    let nv = g.global.len();
    let m = mdps.len();
    let mut removed = vec![false; nv];
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    let no_gen = |_: &Packed, _: &mut Vec<I256>| {};
    // Edges between an MDP and a resident that are still allowed.
    let mut mdp_ok = vec![true; nb];
    // The number of resident pairs in a best candidate, once a best candidate is known.
    let resident_pairs = if m > 0 {
        Some(pair_mdps(&g, m, &mut mdp_ok, &mut removed, &mut fixed)?)
    } else {
        None
    };

    // The (remainder of the) bracket, paired as a homogeneous bracket (B.6).
    let keep_base = |e: &Packed| !(e.a < m && e.b < nb && !mdp_ok[e.a]);
    let rem: Vec<usize> = (m..nb).filter(|&v| !removed[v]).collect();
    // The remainder's number of pairs: where C.5 leads, MaxPairs less the MDP pairs; else
    // from a best candidate.
    let pr = match (max_pairs, resident_pairs) {
        (Some(mp), _) => mp.saturating_sub(fixed.len()),
        (None, Some(pairs)) => pairs,
        (None, None) => match greedy_last_pairs(ctx, &g, mode, &rem) {
            Some(pairs) => pairs,
            None => {
                let (mate, _) = g.solve(&[], &no_gen, &keep_base, &removed)?;
                rem.iter()
                    .filter(|&&v| matches!(mate[v], Some(u) if u > v && u < nb))
                    .count()
            }
        },
    };
    if pr > 0 {
        return pair_remainder(
            ctx,
            &g,
            mode,
            (m, &mdp_ok),
            &rem,
            pr,
            &mut removed,
            &mut fixed,
        );
    }
    finish(ctx, &g, mode, &removed, &fixed)
}

/// C.7 (2017) / C8 (2026) only matter when the bracket has downfloaters: when every player of
/// the bracket can be paired in it (C.5 / C6 come first), or the following bracket is ideal
/// whatever they are, the following bracket need not be in the graph. Returns the mode to pair
/// with and, for a bracket with a following one, its MaxPairs.
fn lookahead_needed<'a>(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode<'a>,
) -> (Mode<'a>, Option<usize>) {
    let n = mdps.len() + residents.len();
    let max_pairs = match mode {
        Mode::Lookahead(..) => Some(max_pairs(ctx, mdps, residents)),
        _ => None,
    };
    let mode = match mode {
        Mode::Lookahead(..) if max_pairs == Some(n / 2) && n.is_multiple_of(2) => {
            Mode::Lookahead(&[], false)
        }
        Mode::Lookahead(below, last)
            if following_always_ideal(
                ctx,
                mdps,
                residents,
                below,
                last,
                n - 2 * max_pairs.unwrap_or(0),
            ) =>
        {
            Mode::Lookahead(&[], false)
        }
        m => m,
    };
    (mode, max_pairs)
}

/// The bracket's graph (`Graph::build`) with 2026 C9 where it applies.
fn bracket_graph(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
) -> Result<Graph, PairingError> {
    // 2026 C9 applies to a bracket that downfloats exactly one player, who takes the bye: the
    // last bracket with an odd number of players, or a bracket paired for the completion of
    // the round (C4), or followed by the last one, that leaves one of its players unpaired (C6
    // fixes how many).
    let c9_last = ctx.rules.bye_played_games && matches!(mode, Mode::Last);
    let g = Graph::build(ctx, mdps, residents, mode, c9_last)?;
    Ok(match mode {
        _ if !ctx.rules.bye_played_games => g,
        Mode::Last => g,
        Mode::Penultimate(..) | Mode::Lookahead(_, true) => {
            let removed = vec![false; g.global.len()];
            let (mate, _) = g.solve(&[], &|_, _| {}, &|_| true, &removed)?;
            let left = (0..g.nb)
                .filter(|&v| !matches!(mate[v], Some(u) if u < g.nb))
                .count();
            if left == 1 {
                Graph::build(ctx, mdps, residents, mode, true)?
            } else {
                g
            }
        }
        Mode::Lookahead(_, false) => g,
    })
}

/// The MDPs of a heterogeneous bracket (`m` > 0): D.3, the MDPs in S1 are those with the
/// lowest BSNs among the best candidates, and D.1 on the MDP-pairing, decided in the first
/// matching for the first MDPs, then position by position. Marks in `mdp_ok` the MDPs that
/// stay paired with residents and fixes their pairs; returns the number of resident pairs of a
/// best candidate.
fn pair_mdps(
    g: &Graph,
    m: usize,
    mdp_ok: &mut [bool],
    removed: &mut [bool],
    fixed: &mut Vec<(usize, usize)>,
) -> Result<usize, PairingError> {
    let nb = g.nb;
    // D.3: the MDPs in S1 are those with the lowest BSNs among the best candidates: a bit
    // per MDP, the first the highest. More MDPs than one field holds are decided field by
    // field first (`d3_in_s1`); the matching below then pairs exactly those.
    let field = d3_field();
    let in_s1 = if m > field {
        Some(d3_in_s1(g, m, field, removed)?)
    } else {
        None
    };
    let mb = m.min(field) as u32;
    let cross = |e: &Packed| e.a < m && e.b >= m && e.b < nb;
    let bonus = |e: &Packed| match &in_s1 {
        None if cross(e) && (e.a as u32) < mb => I256::ONE << (mb - 1 - e.a as u32),
        Some(s1) if cross(e) && s1[e.a] => I256::ONE,
        _ => I256::ZERO,
    };
    let keep_s1 = |e: &Packed| in_s1.as_ref().is_none_or(|s1| !cross(e) || s1[e.a]);
    // D.1 on the MDP-pairing, decided in the same matching for the first MDPs: a position
    // per MDP in BSN order; the MDPs left out of S1 (fixed by the D.3 field above) have no
    // partner, so the comparison is the one of S1's positions.
    let residents_left: Vec<usize> = (m..nb).collect();
    let lex = Lex::new(g, &residents_left, mb + 1);
    let all_mdps: Vec<usize> = (0..m).collect();
    let first: Vec<usize> = all_mdps[..lex.chunk.min(m)].to_vec();
    let first_part = lex.part(&first);
    let gen = |e: &Packed, out: &mut Vec<I256>| {
        out.push(bonus(e));
        lex.values(&first_part, e, out);
    };
    let mut bounds = vec![match in_s1 {
        None => I256::ONE << mb,
        Some(_) => I256::from(m as u64 + 1),
    }];
    bounds.extend(lex.bounds(first.len()));
    let (mate, _) = g.solve(&bounds, &gen, &keep_s1, removed)?;
    // A best candidate: every best candidate pairs as many residents among themselves
    // (C.5 fixes the pairs, B.1.c the MDPs paired), so the remainder's pairs are counted here.
    let resident_pairs = (m..nb)
        .filter(|&v| matches!(mate[v], Some(u) if u > v && u < nb))
        .count();
    for (v, ok) in mdp_ok.iter_mut().enumerate().take(m) {
        *ok = matches!(mate[v], Some(r) if r >= m && r < nb);
    }
    lex.fix(&first, &mate, removed, fixed);
    let s1: Vec<usize> = (first.len()..m).filter(|&v| mdp_ok[v]).collect();
    let keep_mdp = |e: &Packed| !(e.a < m && e.b < nb && !mdp_ok[e.a]);
    fix_lexicographic(g, &s1, &residents_left, &keep_mdp, removed, fixed, None)?;
    Ok(resident_pairs)
}

/// The remainder `rem` of the bracket (after the MDP-pairing), paired as a homogeneous bracket
/// (B.6) with `pr` pairs: D.2 a-b as weight fields (fewest exchanged players, smallest BSN-sum
/// difference), D.2 c-d player by player when an exchange is needed, then D.1.
#[expect(clippy::too_many_arguments)] // split by the owner of this module
fn pair_remainder(
    ctx: &RoundCtx,
    g: &Graph,
    mode: Mode,
    (m, mdp_ok): (usize, &[bool]),
    rem: &[usize],
    pr: usize,
    removed: &mut [bool],
    fixed: &mut Vec<(usize, usize)>,
) -> Result<BracketResult, PairingError> {
    let nb = g.nb;
    let nv = g.global.len();
    let keep_base = |e: &Packed| !(e.a < m && e.b < nb && !mdp_ok[e.a]);
    // BSNs of the remainder count within the remainder (the corpus shows that D.2's sums
    // are taken over the remainder's own numbering).
    let mut rbsn = vec![0usize; nv];
    for (k, &v) in rem.iter().enumerate() {
        rbsn[v] = k + 1;
    }
    let s1r: Vec<usize> = rem[..pr].to_vec();
    let s2r: Vec<usize> = rem[pr..].to_vec();
    let in_s2 = |v: usize| v < nb && v >= rem[pr];
    let is_rem = |v: usize| v >= m && v < nb;
    // D.2 a-b as fields: fewest exchanged players, then the smallest sum difference, which
    // for a candidate is (sum over pairs of the smaller BSN) minus the sum of S1R.
    let kb = I256::from(nb as u64 + 1);
    let ga = |e: &Packed| {
        if is_rem(e.a) && is_rem(e.b) && !(in_s2(e.a) && in_s2(e.b)) {
            I256::ONE
        } else {
            I256::ZERO
        }
    };
    let gen_ab = |e: &Packed, out: &mut Vec<I256>| {
        out.push(ga(e));
        out.push(if is_rem(e.a) && is_rem(e.b) {
            kb - I256::from(rbsn[e.a.min(e.b)] as u64)
        } else {
            I256::ZERO
        });
    };
    let ab_bounds = [I256::from(pr as u64 + 1), kb * I256::from(pr as u64 + 1)];
    // Usually no exchange is needed (D.2 a: zero exchanged): then the first positions of the
    // transposition (D.1) are decided in the same matching.
    // D.2 b does not matter then (every candidate without an exchange has the same BSN
    // sums); leaving it out of this matching keeps its weights from favouring S1R's first
    // players one by one, which makes the matching much faster.
    // Without the players below, D.1 is decided afterwards on the tight subgraph
    // (`tight_earliest`), so this matching carries no positions and stays narrow.
    let lex = Lex::new(g, &s2r, pos_bits(pr));
    let positions = if g.bye_only_beyond() {
        0
    } else {
        lex.chunk.min(pr)
    };
    let first: Vec<usize> = s1r[..positions].to_vec();
    let mut bounds = vec![ab_bounds[0]];
    bounds.extend(lex.bounds(first.len()));
    let first_part = lex.part(&first);
    let gen_first = |e: &Packed, out: &mut Vec<I256>| {
        out.push(ga(e));
        lex.values(&first_part, e, out);
    };
    // Usually no exchange is needed: solve first on the edges of S1R x S2R only (a bipartite
    // remainder: no blossoms, much faster), and take that matching when its duals prove it
    // optimal on the whole remainder as well; else solve the whole remainder.
    // (The bye vertex counts on S1's side: its edges to S2 are cross edges.)
    let bye_v = g.bye_vertex();
    let cross = |e: &Packed| {
        if Some(e.a) == bye_v || Some(e.b) == bye_v {
            in_s2(e.a) || in_s2(e.b)
        } else {
            !(is_rem(e.a) && is_rem(e.b)) || in_s2(e.a) != in_s2(e.b)
        }
    };
    let keep_cross = |e: &Packed| keep_base(e) && cross(e);
    let (mut mate, _, certified) = g.solve_certified(
        &bounds,
        &gen_first,
        &keep_cross,
        &|e: &Packed| keep_base(e) && !cross(e),
        Some(&|v: usize| !in_s2(v)),
        removed,
    )?;
    if !certified {
        mate = g.solve(&bounds, &gen_first, &keep_base, removed)?.0;
    }
    let k = rem
        .iter()
        .filter(|&&v| matches!(mate[v], Some(u) if u > v && u < nb && in_s2(v) && in_s2(u)))
        .count();
    if k == 0 {
        let set: Vec<bool> = (0..nb).map(|v| v < nv && s1r.contains(&v)).collect();
        let keep =
            |e: &Packed| keep_base(e) && (!(is_rem(e.a) && is_rem(e.b)) || set[e.a] != set[e.b]);
        lex.fix(&first, &mate, removed, fixed);
        fix_lexicographic(
            g,
            &s1r[first.len()..],
            &s2r,
            &keep,
            removed,
            fixed,
            Some(mate),
        )?;
        return finish(ctx, g, mode, removed, fixed);
    }
    // An exchange is needed: D.2 a-b decide the smallest BSN-sum difference.
    let (_, best) = g.solve(&ab_bounds, &gen_ab, &keep_base, removed)?;
    // D.2 c-d: which k players move, decided player by player (each check one matching).
    let mut s1p = choose_exchange(
        g,
        &Exchange {
            s1: &s1r,
            s2: &s2r,
            k,
            is_rem: &is_rem,
            keep: &keep_base,
            bounds: &ab_bounds,
            gen: &gen_ab,
            best,
        },
        removed,
    )?;
    s1p.sort_unstable();
    let set: Vec<bool> = (0..nb).map(|v| s1p.contains(&v)).collect();
    let s2p: Vec<usize> = rem.iter().copied().filter(|&v| !set[v]).collect();
    let keep = |e: &Packed| keep_base(e) && (!(is_rem(e.a) && is_rem(e.b)) || set[e.a] != set[e.b]);
    fix_lexicographic(g, &s1p, &s2p, &keep, removed, fixed, None)?;
    finish(ctx, g, mode, removed, fixed)
}

/// The number of pairs of a best candidate of the last bracket (A.9, C.4, C.5), when a greedy
/// pairing of the `players` (each in turn with the first free one he may meet) pairs all of them
/// but at most one, who may take the bye (C.2): then the round is complete and no candidate
/// has more pairs. `None` in any other mode, or when the greedy pairing leaves more.
fn greedy_last_pairs(ctx: &RoundCtx, g: &Graph, mode: Mode, players: &[usize]) -> Option<usize> {
    if !matches!(mode, Mode::Last) {
        return None;
    }
    let who: Vec<usize> = players.iter().map(|&v| g.global[v]).collect();
    let (pairs, taken) = greedy_pairing(ctx, &who, 0);
    let mut left = (0..who.len()).filter(|&i| !taken[i]);
    match (left.next(), left.next()) {
        (None, _) => Some(pairs),
        (Some(i), None) if ctx.players[who[i]].bye_ok => Some(pairs),
        _ => None,
    }
}

/// The bracket's result from the fixed pairs: the players left are the downfloaters, or in the
/// last bracket the bye.
fn finish(
    ctx: &RoundCtx,
    g: &Graph,
    mode: Mode,
    removed: &[bool],
    fixed: &[(usize, usize)],
) -> Result<BracketResult, PairingError> {
    let mut out = BracketResult::default();
    for (a, b) in fixed {
        out.pairs.push((g.global[*a], g.global[*b]));
    }
    let floaters: Vec<usize> = (0..g.nb).filter(|&v| !removed[v]).collect();
    if let Mode::Last = mode {
        // Whatever is left is the bye (C.2-eligible by construction).
        match floaters.as_slice() {
            [] => {}
            [b] if ctx.players[g.global[*b]].bye_ok => out.bye = Some(g.global[*b]),
            _ => {
                return Err(PairingError::NoValidPairing(format!(
                    "the last bracket leaves {} players unpaired",
                    floaters.len()
                )))
            }
        }
    } else {
        out.floaters = floaters.iter().map(|&v| g.global[v]).collect();
    }
    Ok(out)
}

/// How many moved-down players one D.3 field orders: a bit each, in 256-bit weights beside the
/// quality fields and the D.1 positions of the same matching. It bounds only the width of one
/// matching's field, never the order: a bracket with more MDPs decides them field by field
/// (`d3_in_s1`), each field a matching.
pub(crate) const D3_FIELD: usize = 120;

/// [`D3_FIELD`], lowered by the tests to drive every bracket through the field-by-field path.
fn d3_field() -> usize {
    #[cfg(test)]
    {
        test_knobs::D3_FIELD_CAP.with(|c| c.get()).min(D3_FIELD)
    }
    #[cfg(not(test))]
    {
        D3_FIELD
    }
}

/// D.3 for more than `field` MDPs (the first `m` vertices of `g`): which of them are in S1 (are
/// paired with a resident) in a best candidate, the lowest BSNs first. The MDPs are taken
/// `field` at a time, in BSN order; each matching keeps the quality optimum (the criteria come
/// first in every weight), keeps paired with residents the MDPs found in S1 so far (a
/// higher-priority count field) and out of S1 those found out of it (their edges to residents
/// removed), and orders the next `field` MDPs a bit each, the first the highest: the
/// lexicographic order of D.3 over all MDPs, one field at a time.
fn d3_in_s1(
    g: &Graph,
    m: usize,
    field: usize,
    removed: &[bool],
) -> Result<Vec<bool>, PairingError> {
    #[cfg(test)]
    test_knobs::D3_FIELDS.with(|c| c.set(c.get() + 1));
    let nb = g.nb;
    let mut in_s1 = vec![false; m];
    for lo in (0..m).step_by(field.max(1)) {
        let hi = (lo + field.max(1)).min(m);
        let cross = |e: &Packed| e.a < m && e.b >= m && e.b < nb;
        let gen = |e: &Packed, out: &mut Vec<I256>| {
            let kept = cross(e) && e.a < lo && in_s1[e.a];
            out.push(if kept { I256::ONE } else { I256::ZERO });
            out.push(if cross(e) && e.a >= lo && e.a < hi {
                I256::ONE << (hi - 1 - e.a) as u32
            } else {
                I256::ZERO
            });
        };
        let keep = |e: &Packed| !(cross(e) && e.a < lo && !in_s1[e.a]);
        let bounds = [I256::from(lo as u64 + 1), I256::ONE << (hi - lo) as u32];
        let (mate, _) = g.solve(&bounds, &gen, &keep, removed)?;
        for (v, s) in in_s1.iter_mut().enumerate().take(hi).skip(lo) {
            *s = matches!(mate[v], Some(r) if r >= m && r < nb);
        }
    }
    Ok(in_s1)
}

/// The positions a matching decides (see `Lex::part`): each vertex's position, or
/// `usize::MAX`.
struct Part {
    at: Vec<usize>,
    len: usize,
}

/// Lexicographic positions (D.1): the partners of S1's players, in order, as early in S2 as a
/// best candidate allows. A chunk of positions is decided per matching, each position a digit of
/// a low-priority field.
struct Lex {
    /// Rank of each vertex in S2 (`usize::MAX` outside S2).
    rank: Vec<usize>,
    n2: u64,
    /// Bits per position.
    pb: u32,
    /// Positions per matching.
    chunk: usize,
    nb: usize,
}

impl Lex {
    /// `reserved`: bits taken by the other generation-order fields of the same matchings.
    fn new(g: &Graph, s2: &[usize], reserved: u32) -> Lex {
        let pb = pos_bits(s2.len());
        // As many positions per matching as the 256-bit weights have room for (a field per
        // 240 bits of positions, each taking one bit more than its positions).
        let room = super::weights::MAX_BITS_256
            .saturating_sub(g.qbits + reserved + 4)
            .max(60);
        let mut rank = vec![usize::MAX; g.global.len()];
        for (r, &v) in s2.iter().enumerate() {
            rank[v] = r;
        }
        let chunk = (room / pb).max(1) as usize;
        #[cfg(test)]
        let chunk = chunk.min(test_knobs::CHUNK_CAP.with(|c| c.get()));
        Lex {
            rank,
            n2: s2.len() as u64,
            pb,
            chunk,
            nb: g.nb,
        }
    }

    /// Positions per field: each field stays well inside 256 bits.
    fn per_field(&self) -> usize {
        (240 / self.pb).max(1) as usize
    }

    /// The bounds of the fields for `positions` positions, the earliest positions first.
    fn bounds(&self, positions: usize) -> Vec<I256> {
        let per = self.per_field();
        (0..positions)
            .step_by(per)
            .map(|start| I256::ONE << (self.pb * (positions - start).min(per) as u32))
            .collect()
    }

    /// The positions being decided: `part`'s vertices in order.
    fn part(&self, part: &[usize]) -> Part {
        let mut at = vec![usize::MAX; self.rank.len()];
        for (p, &v) in part.iter().enumerate() {
            at[v] = p;
        }
        Part {
            at,
            len: part.len(),
        }
    }

    /// Appends to `out` the field values of edge `e` when `part` are the positions being
    /// decided.
    fn values(&self, part: &Part, e: &Packed, out: &mut Vec<I256>) {
        let per = self.per_field();
        let start = out.len();
        out.resize(start + part.len.div_ceil(per), I256::ZERO);
        let (y, p) = match (part.at[e.a], part.at[e.b]) {
            (p, _) if p != usize::MAX => (e.b, p),
            (_, p) if p != usize::MAX => (e.a, p),
            _ => return,
        };
        if y < self.nb && self.rank[y] != usize::MAX {
            let field = p / per;
            let len = (part.len - field * per).min(per);
            let shift = self.pb * (len - 1 - (p - field * per)) as u32;
            out[start + field] = I256::from(self.n2 - self.rank[y] as u64) << shift;
        }
    }

    /// Fixes the pairs the matching gave the players of `part`.
    fn fix(
        &self,
        part: &[usize],
        mate: &[Option<usize>],
        removed: &mut [bool],
        fixed: &mut Vec<(usize, usize)>,
    ) {
        for &v in part {
            if let Some(u) = mate[v] {
                if u < self.nb && !removed[u] {
                    removed[v] = true;
                    removed[u] = true;
                    fixed.push((v.min(u), v.max(u)));
                }
            }
        }
    }
}

/// D.1: pairs each vertex of `s1` (in order) with the earliest vertex of `s2` that still allows
/// a best candidate, deciding a chunk of positions per matching, and fixes those pairs.
///
/// `optimal`, when given, is a matching of the vertices still in play that is best by the
/// quality fields (C.4-C.19) on the edges `keep` allows. When the graph is bipartite between
/// `s1` and `s2` (no other vertex has an edge), the pairing that gives each player of `s1` in
/// turn the earliest free partner of `s2` is tried first: if it is as good by quality as that
/// matching, it is the first best candidate in the order of D.1, and no further matching is
/// needed. This is the usual case in large brackets.
fn fix_lexicographic(
    g: &Graph,
    s1: &[usize],
    s2: &[usize],
    keep: &dyn Fn(&Packed) -> bool,
    removed: &mut [bool],
    fixed: &mut Vec<(usize, usize)>,
    mut optimal: Option<Vec<Option<usize>>>,
) -> Result<(), PairingError> {
    let lex = Lex::new(g, s2, 0);
    let bipartite = g.global.len() == g.nb;
    let tight_ready = g.bye_only_beyond();
    let mut start = 0;
    while start < s1.len() {
        if let (true, Some(opt)) = (bipartite, &optimal) {
            if let Some(pairs) = earliest_if_best(g, &s1[start..], s2, keep, removed, opt) {
                for (v, u) in pairs {
                    removed[v] = true;
                    removed[u] = true;
                    fixed.push((v.min(u), v.max(u)));
                }
                return Ok(());
            }
        }
        if tight_ready {
            if let Some(pairs) = tight_earliest(g, &s1[start..], s2, keep, removed) {
                for (v, u) in pairs {
                    removed[v] = true;
                    removed[u] = true;
                    fixed.push((v.min(u), v.max(u)));
                }
                return Ok(());
            }
        }
        let part = &s1[start..(start + lex.chunk).min(s1.len())];
        let positions = lex.part(part);
        let gen = |e: &Packed, out: &mut Vec<I256>| lex.values(&positions, e, out);
        let (mate, _) = g.solve(&lex.bounds(part.len()), &gen, keep, removed)?;
        lex.fix(part, &mate, removed, fixed);
        optimal = Some(mate);
        start += part.len();
    }
    Ok(())
}

/// D.1 in a bipartite bracket without further weighted matchings: one maximum-weight matching
/// by the quality fields on the edges `keep` allows, then the earliest partners on the tight
/// subgraph of its optimal duals (see `tight`). The bye vertex, when there is one, joins S1 as
/// its last player (its partner, the bye, is what D.1 leaves over); its edges to S1 are left out
/// of that matching and must have a positive slack under its duals, so that no best candidate
/// uses them. `None` when an edge in play joins neither S1 to S2 nor the bye vertex to S1, when
/// such a bye edge may be in a best candidate, or when the duals are not vertex duals only
/// (never for a bipartite graph).
fn tight_earliest(
    g: &Graph,
    s1: &[usize],
    s2: &[usize],
    keep: &dyn Fn(&Packed) -> bool,
    removed: &[bool],
) -> Option<Vec<(usize, usize)>> {
    let nv = g.global.len();
    let mut idx = vec![usize::MAX; nv];
    let mut s1: Vec<usize> = s1.iter().copied().filter(|&v| !removed[v]).collect();
    let s2: Vec<usize> = s2.iter().copied().filter(|&v| !removed[v]).collect();
    let bye = g.bye_vertex().filter(|&d| !removed[d]);
    let real = s1.len();
    s1.extend(bye);
    for (i, &v) in s1.iter().chain(&s2).enumerate() {
        idx[v] = i;
    }
    let p = s1.len();
    let mut edges = Vec::new();
    let mut aside = Vec::new();
    for e in &g.edges {
        if removed[e.a] || removed[e.b] || !keep(e) || e.qw <= I512::ZERO {
            continue;
        }
        let (x, y) = (idx[e.a], idx[e.b]);
        if x == usize::MAX || y == usize::MAX {
            return None;
        }
        if (x < p) == (y < p) {
            if bye.is_some() && x.max(y) == p - 1 {
                aside.push((x.min(y), x.max(y), e.qw));
                continue;
            }
            return None;
        }
        edges.push((x.min(y), x.max(y), e.qw));
    }
    let n = p + s2.len();
    let tight = if g.qbits <= 124 {
        tight_in::<i128>(n, p, &edges, &aside)
    } else if g.qbits <= super::weights::MAX_BITS_256 {
        tight_in::<I256>(n, p, &edges, &aside)
    } else {
        tight_in::<I512>(n, p, &edges, &aside)
    }?;
    let partners = tight.earliest();
    Some(
        partners
            .iter()
            .take(real)
            .enumerate()
            .filter_map(|(i, j)| j.map(|j| (s1[i], s2[j])))
            .collect(),
    )
}

/// The tight subgraph of a maximum-weight matching of the bipartite graph on `0..n` (S1 the
/// first `p`), for `tight_earliest`; `None` unless every edge `aside` has a positive slack.
fn tight_in<W: PackW>(
    n: usize,
    p: usize,
    edges: &[(usize, usize, I512)],
    aside: &[(usize, usize, I512)],
) -> Option<Tight> {
    let local: Vec<(usize, usize, W)> = edges
        .iter()
        .map(|&(a, b, w)| (a, b, W::from_i512(w)))
        .collect();
    #[cfg(test)]
    test_knobs::count_matching();
    let mut matcher = Matcher::new();
    let mate = matcher.solve(n, &local, false).to_vec();
    if !matcher.duals_are_vertex_only() {
        return None;
    }
    // A slack of at least one unit (twice the doubled duals' half unit) is positive.
    let one = W::from_i64(1);
    let aside: Vec<(usize, usize, W)> = aside
        .iter()
        .map(|&(a, b, w)| (a, b, W::from_i512(w) + one))
        .collect();
    if !matcher.certifies(&aside) {
        return None;
    }
    let tight: Vec<(usize, usize)> = edges
        .iter()
        .filter(|&&(a, b, _)| matcher.is_tight(a, b))
        .map(|&(a, b, _)| (a, b - p))
        .collect();
    let cover1 = (0..p).map(|v| matcher.must_cover(v)).collect();
    let cover2 = (p..n).map(|v| matcher.must_cover(v)).collect();
    let mate1: Vec<Option<usize>> = mate[..p].iter().map(|m| m.map(|j| j - p)).collect();
    Some(Tight::new(&tight, cover1, cover2, &mate1))
}

/// The greedy D.1 pairing of `s1` (each in turn with the earliest free vertex of `s2` it has an
/// edge to), when its quality equals that of `optimal` on the vertices still in play; `None`
/// otherwise (or when `optimal` uses an edge `keep` does not allow).
fn earliest_if_best(
    g: &Graph,
    s1: &[usize],
    s2: &[usize],
    keep: &dyn Fn(&Packed) -> bool,
    removed: &[bool],
    optimal: &[Option<usize>],
) -> Option<Vec<(usize, usize)>> {
    let nv = g.global.len();
    let mut idx1 = vec![usize::MAX; nv];
    for (i, &v) in s1.iter().enumerate() {
        idx1[v] = i;
    }
    let mut idx2 = vec![usize::MAX; nv];
    for (j, &u) in s2.iter().enumerate() {
        if !removed[u] {
            idx2[u] = j;
        }
    }
    let n2 = s2.len();
    let mut w: Vec<Option<I512>> = vec![None; s1.len() * n2];
    let mut best = I512::ZERO;
    let mut optimal_pairs = 0;
    let mut optimal_kept = 0;
    for v in 0..nv {
        if !removed[v] && matches!(optimal[v], Some(u) if u > v && !removed[u]) {
            optimal_pairs += 1;
        }
    }
    for e in &g.edges {
        if removed[e.a] || removed[e.b] || !keep(e) {
            continue;
        }
        if optimal[e.a] == Some(e.b) {
            best += e.qw;
            optimal_kept += 1;
        }
        let (i, j) = if idx1[e.a] != usize::MAX && idx2[e.b] != usize::MAX {
            (idx1[e.a], idx2[e.b])
        } else if idx1[e.b] != usize::MAX && idx2[e.a] != usize::MAX {
            (idx1[e.b], idx2[e.a])
        } else {
            continue;
        };
        w[i * n2 + j] = Some(e.qw);
    }
    if optimal_kept != optimal_pairs {
        return None;
    }
    let mut taken = vec![false; n2];
    let mut total = I512::ZERO;
    let mut pairs = Vec::with_capacity(s1.len());
    for (i, &v) in s1.iter().enumerate() {
        if let Some(j) = (0..n2).find(|&j| !taken[j] && w[i * n2 + j].is_some()) {
            taken[j] = true;
            total += w[i * n2 + j].unwrap_or_default();
            pairs.push((v, s2[j]));
        }
    }
    (total == best).then_some(pairs)
}

/// What D.2 c-d choose among: the remainder's S1 and S2 (vertices in BSN order), the number
/// `k` of players to exchange (D.2 a), the remainder's vertices, the edges allowed, and the
/// D.2 a-b fields with the total weight `best` a best candidate reaches with them.
struct Exchange<'a> {
    s1: &'a [usize],
    s2: &'a [usize],
    k: usize,
    is_rem: &'a dyn Fn(usize) -> bool,
    keep: &'a dyn Fn(&Packed) -> bool,
    bounds: &'a [I256],
    gen: &'a Gen<'a>,
    best: I512,
}

/// A remainder player's part in the exchange, as decided so far.
#[derive(Clone, Copy, PartialEq)]
enum Move {
    Open,
    /// From S1 to S2 (the higher BSN of his pair, or unpaired).
    Out,
    /// Stays in S1 (the lower BSN of his pair).
    Stays,
    /// From S2 to S1 (the lower BSN of his pair).
    In,
    /// Stays in S2.
    Kept,
}

/// D.2 c-d: the exchange of `x.k` players between S1 and S2, with the smallest BSN-sum
/// difference (D.2 b, fixed by `x.best`), that comes first: the highest different BSN moved out
/// of S1 (c), then the lowest different BSN moved into S2's place (d). Returns the new S1.
///
/// In a best candidate of such an exchange every pair's lower BSN is in the new S1 (else the
/// same pairs would make an exchange with a smaller difference), so a player moves out of S1
/// exactly when he is the higher BSN of his pair or unpaired, and into S1 exactly when he is
/// the lower BSN of his pair. The exchange is then decided position by position: the highest
/// S1 player that can move out with those decided before him, and so on (c), then the lowest
/// S2 player that can move in (d); each check is one matching that forbids the pairs the
/// decisions exclude, and must reach `x.best` with every player decided to be a pair's lower
/// BSN paired. At most |S1| + |S2| matchings, whatever `k`.
fn choose_exchange(g: &Graph, x: &Exchange, removed: &[bool]) -> Result<Vec<usize>, PairingError> {
    let nv = g.global.len();
    let mut mv = vec![Move::Open; nv];
    let feasible = |mv: &[Move]| -> Result<bool, PairingError> {
        let in_rem = |e: &Packed| (x.is_rem)(e.a) && (x.is_rem)(e.b);
        let allowed = |e: &Packed| {
            if !(x.keep)(e) {
                return false;
            }
            if !in_rem(e) {
                return true;
            }
            let (lo, hi) = (e.a.min(e.b), e.a.max(e.b));
            !matches!(mv[lo], Move::Out | Move::Kept) && !matches!(mv[hi], Move::Stays | Move::In)
        };
        // First: pair every player decided to be a lower BSN; then D.2 a-b.
        let must = |e: &Packed| {
            let n = [e.a, e.b]
                .iter()
                .filter(|&&v| matches!(mv[v], Move::Stays | Move::In))
                .count();
            I256::from(if in_rem(e) { n as u64 } else { 0 })
        };
        let gen = |e: &Packed, out: &mut Vec<I256>| {
            out.push(must(e));
            (x.gen)(e, out);
        };
        let mut bounds = vec![I256::from(nv as u64 + 1)];
        bounds.extend_from_slice(x.bounds);
        let (mate, _) = g.solve(&bounds, &gen, &allowed, removed)?;
        let paired = (0..nv).all(|v| {
            !matches!(mv[v], Move::Stays | Move::In) || matches!(mate[v], Some(u) if (x.is_rem)(u))
        });
        Ok(paired && g.total(&mate, x.bounds, x.gen, removed) == x.best)
    };
    // D.2 c: the players moved out of S1, highest BSN first; D.2 d: those moved into S1,
    // lowest BSN first.
    let moved = decide(
        &mut mv,
        x.s1.iter().rev(),
        x.k,
        Move::Out,
        Move::Stays,
        &feasible,
    )?;
    let entered = decide(&mut mv, x.s2.iter(), x.k, Move::In, Move::Kept, &feasible)?;
    if moved != x.k || entered != x.k {
        return Err(PairingError::InvalidRequest(format!(
            "no exchange of {} players between S1 and S2 reaches the best candidate (D.2); \
             please report this round",
            x.k
        )));
    }
    Ok(x.s1
        .iter()
        .chain(x.s2)
        .copied()
        .filter(|&v| matches!(mv[v], Move::Stays | Move::In))
        .collect())
}

/// Gives each player of `order` in turn the move `yes` when `feasible` still holds with it,
/// else `no`, until `k` have `yes` (the rest get `no`). Returns how many got `yes`.
fn decide<'a>(
    mv: &mut [Move],
    order: impl Iterator<Item = &'a usize>,
    k: usize,
    yes: Move,
    no: Move,
    feasible: &dyn Fn(&[Move]) -> Result<bool, PairingError>,
) -> Result<usize, PairingError> {
    let mut count = 0;
    for &v in order {
        mv[v] = yes;
        if count == k || !feasible(mv)? {
            mv[v] = no;
        } else {
            count += 1;
        }
    }
    Ok(count)
}

/// Test-only settings that make small brackets take the paths large ones take.
#[cfg(test)]
pub(crate) mod test_knobs {
    use std::cell::Cell;
    thread_local! {
        /// Most positions of D.1 decided per matching (large brackets need several matchings).
        pub static CHUNK_CAP: Cell<usize> = const { Cell::new(usize::MAX) };
        /// The weighted matchings of bracket graphs solved on this thread.
        pub static MATCHINGS: Cell<usize> = const { Cell::new(0) };
        /// Most MDPs one D.3 field orders (`super::D3_FIELD` unless lowered).
        pub static D3_FIELD_CAP: Cell<usize> = const { Cell::new(usize::MAX) };
        /// Brackets whose D.3 took the field-by-field path on this thread.
        pub static D3_FIELDS: Cell<usize> = const { Cell::new(0) };
    }

    /// Counts one weighted matching of a bracket graph.
    pub(crate) fn count_matching() {
        MATCHINGS.with(|c| c.set(c.get() + 1));
    }
}
