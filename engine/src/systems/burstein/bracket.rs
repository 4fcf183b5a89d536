//! The pairing of one Burstein bracket (C.04.4.2 3.2 and 4), exactly and in polynomial time.
//!
//! 3.2.1: the maximum number of pairs in the bracket under C1-C5 fixes the outgoing floaters;
//! 3.2.2: of the pairings that comply best with C5-C8, the first in the order of Article 4
//! (4.1 BSN by the 1.8 ranking; 4.2 one virtual player of BSN 0 per outgoing floater; 4.3 a
//! pairing precedes another when BSN 1's opponent has the larger BSN, then BSN 2's, …).
//!
//! One maximum-weight perfect matching over every player still to pair decides it. Its
//! cardinality is C4 (the round completes); its weight orders, in this priority:
//! - C5 (2.3.1): pairs inside the bracket;
//! - C6 (2.3.2): the outgoing floaters' scores taken in descending order, minimised: for each
//!   score level of the bracket from the highest, the players of that level who are paired;
//! - C7 (2.3.3): the following bracket (the outgoing floaters and the next scoregroup) complies
//!   with C5 and C6 at best: its pairs, then its players paired level by level;
//! - C8 (2.3.4): pairs in the bracket whose colour preferences can both be granted;
//! - the 4.3 order, lowest: for the next players in BSN order not yet fixed, the BSN of their
//!   opponent (0 for a floater), each position weighted above all later ones.
//!
//! The 4.3 order needs about log2(bracket size) bits per BSN: the criteria take what they need
//! of a 256-bit weight and the BSNs are fixed in chunks that fill the rest, one matching per
//! chunk, each fixing its players' opponents (or floats) for the next. Criteria that do not fit
//! in 256 bits at all are a [`PairingError::TooLarge`], never a silent cut.

use super::{Round, Trace};
use crate::matching::max_weight_matching;
use crate::pairing::PairingError;
use crate::score::Score;
use ethnum::I256;

/// Bits of a weight the criteria and the order may use (`max_edge_weight` of I256 is 2^252).
const WEIGHT_BITS: f64 = 248.0;

/// Where a player stands relative to the bracket being paired.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Bracket,
    Next,
    Lower,
}

/// The weights' layout: one multiplier per criterion component.
struct Layout {
    c5: I256,
    c6: Vec<I256>,
    c7: I256,
    c7_levels: Vec<I256>,
    c8: I256,
    /// The radix of a BSN in the order component (bracket size + 1).
    radix: u64,
    /// BSN positions ordered per matching.
    chunk: usize,
}

fn big(v: u64) -> I256 {
    I256::new(i128::from(v))
}

/// Distinct scores of `who`, highest first.
fn levels(r: &Round, who: &[usize]) -> Vec<Score> {
    let mut l: Vec<Score> = who.iter().map(|&i| r.players[i].score).collect();
    l.sort_by(|a, b| b.cmp(a));
    l.dedup();
    l
}

fn count_at(r: &Round, who: &[usize], s: Score) -> u64 {
    who.iter().filter(|&&i| r.players[i].score == s).count() as u64
}

impl Layout {
    fn new(r: &Round, bracket: &[usize], next: &[usize]) -> Result<Layout, PairingError> {
        let both: Vec<usize> = bracket.iter().chain(next).copied().collect();
        let lb = levels(r, bracket);
        let lbn = levels(r, &both);
        // Components from the highest priority down, with their largest totals.
        let mut maxima: Vec<u64> = vec![bracket.len() as u64 / 2];
        maxima.extend(lb.iter().map(|&s| count_at(r, bracket, s)));
        maxima.push(both.len() as u64 / 2);
        maxima.extend(lbn.iter().map(|&s| count_at(r, &both, s)));
        maxima.push(bracket.len() as u64 / 2);
        let crit_bits: f64 = maxima.iter().map(|&m| ((m + 1) as f64).log2()).sum();
        let radix = bracket.len() as u64 + 1;
        let per = (radix as f64).log2();
        let room = WEIGHT_BITS - crit_bits - 1.0;
        if room < per {
            return Err(PairingError::TooLarge(format!(
                "the criteria C5-C8 of a bracket of {} players need {crit_bits:.0} bits of a \
                 256-bit weight",
                bracket.len()
            )));
        }
        let chunk = ((room / per).floor() as usize).max(1);
        let mut span = I256::ONE;
        for _ in 0..chunk {
            span *= big(radix);
        }
        // Multipliers from the lowest priority up.
        let mut mults = vec![I256::ZERO; maxima.len()];
        let mut m = span;
        for k in (0..maxima.len()).rev() {
            mults[k] = m;
            m *= big(maxima[k] + 1);
        }
        let mut it = mults.into_iter();
        let mut take = || it.next().unwrap_or(I256::ZERO);
        let c5 = take();
        let c6 = lb.iter().map(|_| take()).collect();
        let c7 = take();
        let c7_levels = lbn.iter().map(|_| take()).collect();
        let c8 = take();
        Ok(Layout {
            c5,
            c6,
            c7,
            c7_levels,
            c8,
            radix,
            chunk,
        })
    }
}

/// C8: a pair in which not both players can get their colour preference (both have one, for
/// the same colour; a player without games has none, 1.5.4).
pub(crate) fn colour_clash(r: &Round, a: usize, b: usize) -> bool {
    matches!((r.players[a].preference, r.players[b].preference),
        (Some(x), Some(y)) if x.color == y.color)
}

/// A bracket before it is paired: the highest scoregroup of the players still to pair outside
/// the incoming floaters, the bracket in BSN order and the scoregroup after it.
pub(crate) struct Parts {
    /// The residents' score (`None` when only incoming floaters are left).
    pub top: Option<Score>,
    pub residents: Vec<usize>,
    /// 4.1: the incoming floaters and the residents in BSN order (1.8).
    pub bsn: Vec<usize>,
    /// The next scoregroup (C7 looks at it).
    pub next: Vec<usize>,
}

/// The parts of the bracket of `incoming` (the floaters of the bracket above) and the highest
/// scoregroup of the other players of `left` (every player still to pair, in score order).
pub(crate) fn parts(r: &Round, left: &[usize], incoming: &[usize]) -> Parts {
    let rest: Vec<usize> = left
        .iter()
        .copied()
        .filter(|i| !incoming.contains(i))
        .collect();
    let top = rest.first().map(|&i| r.players[i].score);
    let (residents, below): (Vec<usize>, Vec<usize>) =
        rest.iter().partition(|&&i| Some(r.players[i].score) == top);
    let next_score = below.first().map(|&i| r.players[i].score);
    let next: Vec<usize> = below
        .into_iter()
        .filter(|&i| Some(r.players[i].score) == next_score)
        .collect();
    let mut bsn: Vec<usize> = incoming.iter().chain(&residents).copied().collect();
    bsn.sort_by(|&a, &b| r.players[b].rank_key().cmp(&r.players[a].rank_key()));
    Parts {
        top,
        residents,
        bsn,
        next,
    }
}

/// Pairs the bracket made of `incoming` (the floaters of the bracket above) and the highest
/// scoregroup of the other players of `left` (every player still to pair, in score order).
pub(crate) fn pair_bracket(
    r: &Round,
    left: &[usize],
    incoming: &[usize],
) -> Result<Trace, PairingError> {
    let Parts {
        top,
        residents,
        bsn,
        next,
    } = parts(r, left, incoming);
    let (pairs, outgoing) = solve(r, left, &bsn, &next)?;
    let score = top
        .or_else(|| incoming.first().map(|&i| r.players[i].score))
        .unwrap_or_default();
    Ok(Trace {
        score,
        incoming: incoming.to_vec(),
        residents,
        bsn,
        pairs,
        outgoing,
    })
}

/// The pairs of a bracket and its outgoing floaters.
type Solved = (Vec<(usize, usize)>, Vec<usize>);

/// The pairs of the bracket `bsn` (in BSN order) and its outgoing floaters.
fn solve(r: &Round, left: &[usize], bsn: &[usize], next: &[usize]) -> Result<Solved, PairingError> {
    let n_all = r.players.len();
    let mut role = vec![Role::Lower; n_all];
    let mut pos = vec![usize::MAX; n_all];
    for (k, &i) in bsn.iter().enumerate() {
        role[i] = Role::Bracket;
        pos[i] = k;
    }
    for &i in next {
        role[i] = Role::Next;
    }
    let layout = Layout::new(r, bsn, next)?;
    let lb = levels(r, bsn);
    let both: Vec<usize> = bsn.iter().chain(next).copied().collect();
    let lbn = levels(r, &both);
    let level = |l: &[Score], i: usize| l.iter().position(|&s| s == r.players[i].score);
    // Fixed so far: pairs of the bracket, and players who float.
    let mut done = vec![false; n_all];
    let mut floats = vec![false; n_all];
    let mut pairs = Vec::new();
    let mut outgoing = Vec::new();
    let mut first = 0;
    while first < bsn.len() {
        // The next chunk of BSN positions not yet fixed.
        let chunk: Vec<usize> = (first..bsn.len())
            .filter(|&k| !done[bsn[k]] && !floats[bsn[k]])
            .take(layout.chunk)
            .collect();
        if chunk.is_empty() {
            break;
        }
        let mut place = vec![usize::MAX; bsn.len()];
        for (q, &k) in chunk.iter().enumerate() {
            place[k] = q;
        }
        let mut powers = vec![I256::ONE; chunk.len()];
        for q in (0..chunk.len().saturating_sub(1)).rev() {
            powers[q] = powers[q + 1] * big(layout.radix);
        }
        let verts: Vec<usize> = left.iter().copied().filter(|&i| !done[i]).collect();
        let weight = |a: usize, b: usize| -> Option<I256> {
            if !r.compat[a][b] {
                return None;
            }
            let (ra, rb) = (role[a], role[b]);
            if ra == Role::Bracket && rb == Role::Bracket {
                if floats[a] || floats[b] {
                    return None;
                }
                let mut w = layout.c5;
                for x in [a, b] {
                    w += level(&lb, x).map_or(I256::ZERO, |j| layout.c6[j]);
                }
                if !colour_clash(r, a, b) {
                    w += layout.c8;
                }
                let (lo, hi) = if pos[a] < pos[b] { (a, b) } else { (b, a) };
                let q = place[pos[lo]];
                if q != usize::MAX {
                    w += big(pos[hi] as u64 + 1) * powers[q];
                }
                Some(w)
            } else if ra != Role::Lower && rb != Role::Lower {
                let mut w = layout.c7;
                for x in [a, b] {
                    w += level(&lbn, x).map_or(I256::ZERO, |j| layout.c7_levels[j]);
                }
                Some(w)
            } else {
                Some(I256::ZERO)
            }
        };
        // The bracket and the next scoregroup alone first: when the rest of the round still
        // pairs completely around that optimum, it is the optimum of the whole (every edge
        // touching a lower player weighs nothing); otherwise the whole round decides (C4).
        let inner: Vec<usize> = verts
            .iter()
            .copied()
            .filter(|&i| role[i] != Role::Lower)
            .collect();
        let mut mate = optimum(n_all, &inner, &weight, false);
        let rest: Vec<usize> = verts
            .iter()
            .copied()
            .filter(|&i| mate[i].is_none())
            .collect();
        if !r.pairable(&rest) {
            mate = optimum(n_all, &verts, &weight, true);
            if verts.iter().any(|&i| mate[i].is_none()) {
                return Err(PairingError::NoValidPairing(format!(
                    "the players from score {} down cannot all be paired (C4)",
                    r.players[bsn[0]].score
                )));
            }
        }
        for &k in &chunk {
            let a = bsn[k];
            if done[a] {
                continue;
            }
            // Paired in the bracket, or floating (paired below, or left to the players below
            // when the bracket and the next scoregroup were solved alone).
            if let Some(b) = mate[a].filter(|&b| role[b] == Role::Bracket) {
                done[a] = true;
                done[b] = true;
                pairs.push((a, b));
            } else {
                floats[a] = true;
                outgoing.push(a);
            }
        }
        first = chunk.last().map_or(bsn.len(), |&k| k + 1);
        // Positions skipped because fixed earlier stay fixed; continue after the chunk.
        while first < bsn.len() && (done[bsn[first]] || floats[bsn[first]]) {
            first += 1;
        }
    }
    Ok((pairs, outgoing))
}

/// A maximum-weight matching of the players `who` under `weight` (with `max_cardinality`, the
/// largest one of the greatest weight), as each player's partner by player index.
fn optimum(
    n_all: usize,
    who: &[usize],
    weight: &dyn Fn(usize, usize) -> Option<I256>,
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let mut edges = Vec::new();
    for x in 0..who.len() {
        for y in x + 1..who.len() {
            if let Some(w) = weight(who[x], who[y]) {
                edges.push((x, y, w));
            }
        }
    }
    let local = max_weight_matching(who.len(), &edges, max_cardinality);
    let mut mate = vec![None; n_all];
    for (x, m) in local.iter().enumerate() {
        mate[who[x]] = m.map(|y| who[y]);
    }
    mate
}
