//! Pairing one bracket (C.04.3 B) by maximum-weight matching.
//!
//! The candidates of section B are the ways of pairing the bracket (MDPs with residents,
//! residents with residents) that respect C.1-C.3. Instead of enumerating them in the order of
//! D.1-D.3, the bracket's compatibility graph gets edge weights with one field per criterion,
//! most important first (see `weights`):
//!
//! | field | criterion |
//! |---|---|
//! | COMPL | C.4 / A.9: complete the round (penultimate and last brackets only) |
//! | C5 | maximise the number of pairs |
//! | C6 | minimise the PSD (A.8), as digits |
//! | C7A, C7B | pairs and PSD of the following bracket (C.7), given the downfloaters |
//! | C8 … C19 | the colour and float criteria, counts and score differences |
//!
//! A maximum-weight matching then is a best candidate by C.4-C.19. Among the best candidates,
//! B.8 takes the one generated first; the generation order is resolved in further matchings
//! with low-priority fields: the MDPs of S1 (D.3: lowest BSNs), the MDP-pairing transposition
//! (D.1, lexicographic), the remainder's exchange (D.2 a-b as fields, c-d by enumeration), and
//! the remainder's transposition (D.1), fixing pairs as they are decided.

use super::weights::{widen, Digits, Layout};
use super::RoundCtx;
use crate::colour::{difference_after, third_in_a_row};
use crate::history::{Float, PreferenceStrength};
use crate::matching::{max_weight_matching, Weight, I512};
use crate::model::Color;
use crate::pairing::PairingError;
use crate::score::Score;
use ethnum::I256;

/// How the bracket sits in the round (A.9).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode<'a> {
    /// An ordinary bracket; C.7 looks at the following scoregroup (the flag: it is the last
    /// one, so its unpaired player must be able to take the bye).
    Lookahead(&'a [usize], bool),
    /// The PPB: the downfloaters must allow the lower players to complete the round (C.4).
    Penultimate(&'a [usize]),
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

const COMPL: usize = 0;
const C5: usize = 1;
const C6: usize = 2;
const C7A: usize = 3;
const C7B: usize = 4;
const C8: usize = 5;
const C9: usize = 6;
const C10: usize = 7;
const C11: usize = 8;
const C12: usize = 9;
const C13: usize = 10;
const C14: usize = 11;
const C15: usize = 12;
const C16: usize = 13;
const C17: usize = 14;
const C18: usize = 15;
const C19: usize = 16;
const NQ: usize = 17;

/// One edge of the bracket graph with its quality field values.
struct Edge {
    a: usize,
    b: usize,
    q: [I256; NQ],
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
    edges: Vec<Edge>,
    quality_bounds: [I256; NQ],
}

impl Graph {
    fn build(ctx: &RoundCtx, mdps: &[usize], residents: &[usize], mode: Mode) -> Graph {
        let p = &ctx.players;
        let mut global: Vec<usize> = mdps.to_vec();
        global.sort_unstable();
        let m = global.len();
        let mut res = residents.to_vec();
        res.sort_unstable();
        global.extend(&res);
        let nb = global.len();
        let (below, completion, lookahead, next_last) = match mode {
            Mode::Lookahead(x, last) => (x, false, true, last),
            Mode::Penultimate(x) => (x, true, false, false),
            Mode::Last => (&[][..], true, false, false),
        };
        global.extend(below);
        let nx = below.len();
        // The bye vertex: in the last bracket, and when C.7 looks into the last bracket (whose
        // one unpaired player, if any, must be able to take the bye, C.2).
        let dummy = (completion && (nb + nx) % 2 == 1) || next_last;
        if dummy {
            global.push(usize::MAX);
        }
        let is_mdp = |v: usize| v < m;
        let score = |v: usize| p[global[v]].score;
        let low = (0..nb).map(score).min().unwrap_or_default();
        let one = Score(10);
        // A.8: a downfloater's SD is measured against one point less than the lowest score.
        let fsd = |v: usize| score(v) - low + one;
        let compat = |a: usize, b: usize| ctx.compat[global[a]][global[b]];
        let pair_ok = |a: usize, b: usize| compat(a, b) && !(is_mdp(a) && is_mdp(b));

        let mut d6 = Vec::new();
        for a in 0..nb {
            d6.push(fsd(a));
            for b in a + 1..nb {
                if pair_ok(a, b) {
                    d6.push(Score((score(a) - score(b)).0.abs()));
                }
            }
        }
        let digits6 = Digits::new(d6, nb);
        let low_next = below.first().map(|&x| p[x].score).unwrap_or_default();
        let fsd_next = |v: usize| score(v) - low_next + one;
        let digits7 = if lookahead {
            let mut d7 = vec![Score(0)];
            for a in 0..nb + nx {
                d7.push(fsd_next(a));
                if a < nb {
                    for b in nb..nb + nx {
                        d7.push(score(a) - score(b));
                    }
                }
            }
            Some(Digits::new(d7, nb + nx))
        } else {
            None
        };
        let max_sd = (0..nb).map(|v| (score(v) - low + one).0).max().unwrap_or(0) as i64;

        let mut edges = Vec::new();
        for a in 0..nb {
            for b in a + 1..nb {
                if !pair_ok(a, b) {
                    continue;
                }
                let mut q = [I256::ZERO; NQ];
                if completion {
                    q[COMPL] = I256::ONE;
                }
                q[C5] = I256::ONE;
                let (sa, sb) = (score(a), score(b));
                q[C6] = digits6.weight(fsd(a)) + digits6.weight(fsd(b))
                    - digits6.weight(Score((sa - sb).0.abs()));
                if let Some(d7) = &digits7 {
                    q[C7B] = d7.weight(fsd_next(a)) + d7.weight(fsd_next(b));
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
                        if difference_after(f, c).abs() > 2 {
                            c8 += 1;
                        }
                        if third_in_a_row(f, c) {
                            c9 += 1;
                        }
                    }
                }
                q[C8] = i(2 - c8);
                q[C9] = i(2 - c9);
                q[C10] = i(2 - c10);
                q[C11] = i(2 - c11);
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
                    let gain = sc(fsd(v)) - i(paired_sd);
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
                q[C12] = i(c12);
                q[C14] = i(c14);
                q[C16] = c16;
                q[C18] = c18;
                let pb = &p[gb];
                let up1 = a_down && pb.float1 == Float::Up;
                let up2 = a_down && pb.float2 == Float::Up;
                q[C13] = i(1 - i64::from(up1));
                q[C15] = i(1 - i64::from(up2));
                q[C17] = i(max_sd - if up1 { sd } else { 0 });
                q[C19] = i(max_sd - if up2 { sd } else { 0 });
                edges.push(Edge { a, b, q });
            }
        }
        for a in 0..nb + nx {
            for b in a.max(nb)..nb + nx {
                if a == b || !compat(a, b) {
                    continue;
                }
                let mut q = [I256::ZERO; NQ];
                if completion {
                    q[COMPL] = I256::ONE;
                }
                if let Some(d7) = &digits7 {
                    q[C7A] = I256::ONE;
                    q[C7B] = d7.weight(fsd_next(a)) + d7.weight(fsd_next(b))
                        - d7.weight(Score((score(a) - score(b)).0.abs()));
                }
                edges.push(Edge { a, b, q });
            }
        }
        if dummy {
            let d = nb + nx;
            for a in 0..d {
                if p[global[a]].bye_ok {
                    let mut q = [I256::ZERO; NQ];
                    if completion {
                        q[COMPL] = I256::ONE;
                    } else {
                        q[C7A] = I256::ONE;
                    }
                    edges.push(Edge { a, b: d, q });
                }
            }
        }
        let nv = global.len();
        let mut quality_bounds = [I256::ZERO; NQ];
        let half = i(nv as i64 / 2 + 1);
        for e in &edges {
            for f in 0..NQ {
                if e.q[f] > quality_bounds[f] {
                    quality_bounds[f] = e.q[f];
                }
            }
        }
        for b in &mut quality_bounds {
            *b *= half;
        }
        Graph {
            global,
            nb,
            edges,
            quality_bounds,
        }
    }

    /// Solves with extra low-priority fields `gen` (values per edge, bounds), on the edges kept
    /// by `keep` and not touching a `removed` vertex. Returns the mates and the total weight.
    fn solve(
        &self,
        gen_bounds: &[I256],
        gen: &dyn Fn(&Edge) -> Vec<I256>,
        keep: &dyn Fn(&Edge) -> bool,
        removed: &[bool],
    ) -> Result<(Vec<Option<usize>>, I512), PairingError> {
        let mut bounds: Vec<I256> = self.quality_bounds.to_vec();
        bounds.extend_from_slice(gen_bounds);
        let layout = Layout::new(&bounds).ok_or_else(|| {
            PairingError::InvalidRequest(format!(
                "a bracket of {} players needs weights wider than the engine supports",
                self.nb
            ))
        })?;
        let mut vals = Vec::with_capacity(NQ + gen_bounds.len());
        let mut kept = Vec::with_capacity(self.edges.len());
        for e in &self.edges {
            if removed[e.a] || removed[e.b] || !keep(e) {
                continue;
            }
            vals.clear();
            vals.extend_from_slice(&e.q);
            vals.extend(gen(e));
            kept.push((e.a, e.b, vals.clone()));
        }
        let n = self.global.len();
        let (mate, total) = if layout.fits_256() {
            let edges: Vec<(usize, usize, I256)> = kept
                .iter()
                .map(|(a, b, v)| (*a, *b, layout.pack(v)))
                .filter(|e| e.2 > I256::ZERO)
                .collect();
            let mate = max_weight_matching(n, &edges, false);
            let total = matched_total(&edges, &mate);
            (mate, widen(total))
        } else {
            let edges: Vec<(usize, usize, I512)> = kept
                .iter()
                .map(|(a, b, v)| (*a, *b, layout.pack_512(v)))
                .filter(|e| e.2 > I512::ZERO)
                .collect();
            let mate = max_weight_matching(n, &edges, false);
            let total = matched_total(&edges, &mate);
            (mate, total)
        };
        Ok((mate, total))
    }
}

/// The total weight of the matched edges.
fn matched_total<W: Weight>(edges: &[(usize, usize, W)], mate: &[Option<usize>]) -> W {
    edges
        .iter()
        .filter(|(a, b, _)| mate[*a] == Some(*b))
        .fold(W::ZERO, |s, e| s + e.2)
}

/// Bits for one position of a lexicographic sequence over `n` choices.
fn pos_bits(n: usize) -> u32 {
    super::weights::bits(I256::from(n as u64 + 1))
}

/// Pairs the bracket made of `mdps` and `residents` (round-player indices).
pub(crate) fn solve(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
) -> Result<BracketResult, PairingError> {
    let g = Graph::build(ctx, mdps, residents, mode);
    let nb = g.nb;
    let nv = g.global.len();
    let m = mdps.len();
    let mut removed = vec![false; nv];
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    let no_gen = |_: &Edge| Vec::new();
    let keep_all = |_: &Edge| true;
    // Edges between an MDP and a resident that are still allowed.
    let mut mdp_ok = vec![true; nb];

    if m > 0 {
        // D.3: the MDPs in S1 are those with the lowest BSNs among the best candidates.
        let mb = m.min(120) as u32;
        let bonus = |e: &Edge| {
            let v = if e.a < m && e.b >= m && e.b < nb && (e.a as u32) < mb {
                I256::ONE << (mb - 1 - e.a as u32)
            } else {
                I256::ZERO
            };
            vec![v]
        };
        let (mate, _) = g.solve(&[I256::ONE << mb], &bonus, &keep_all, &removed)?;
        for (v, ok) in mdp_ok.iter_mut().enumerate().take(m) {
            *ok = matches!(mate[v], Some(r) if r >= m && r < nb);
        }
        let s1: Vec<usize> = (0..m).filter(|&v| mdp_ok[v]).collect();
        // D.1 on the MDP-pairing: partners in S2 as early as possible, S1 in order.
        let keep_mdp = |e: &Edge| !(e.a < m && e.b < nb && !mdp_ok[e.a]);
        fix_lexicographic(
            &g,
            &s1,
            &(m..nb).collect::<Vec<_>>(),
            &keep_mdp,
            &mut removed,
            &mut fixed,
        )?;
    }

    // The (remainder of the) bracket, paired as a homogeneous bracket (B.6).
    let keep_base = |e: &Edge| !(e.a < m && e.b < nb && !mdp_ok[e.a]);
    let rem: Vec<usize> = (m..nb).filter(|&v| !removed[v]).collect();
    let (mate, _) = g.solve(&[], &no_gen, &keep_base, &removed)?;
    let pr = rem
        .iter()
        .filter(|&&v| matches!(mate[v], Some(u) if u > v && u < nb))
        .count();
    if pr > 0 {
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
        let gen_ab = |e: &Edge| {
            if is_rem(e.a) && is_rem(e.b) {
                let ga = if in_s2(e.a) && in_s2(e.b) {
                    I256::ZERO
                } else {
                    I256::ONE
                };
                vec![ga, kb - I256::from(rbsn[e.a.min(e.b)] as u64)]
            } else {
                vec![I256::ZERO, I256::ZERO]
            }
        };
        let ab_bounds = [I256::from(pr as u64 + 1), kb * I256::from(pr as u64 + 1)];
        let (mate, best) = g.solve(&ab_bounds, &gen_ab, &keep_base, &removed)?;
        let mut k = 0usize;
        let mut tsum = 0i64;
        for &v in &rem {
            if let Some(u) = mate[v] {
                if u > v && u < nb {
                    if in_s2(v) && in_s2(u) {
                        k += 1;
                    }
                    tsum += rbsn[v] as i64;
                }
            }
        }
        let s1sum: i64 = s1r.iter().map(|&v| rbsn[v] as i64).sum();
        let d = tsum - s1sum;
        let mut s1p: Vec<usize> = s1r.clone();
        if k > 0 {
            let found = find_exchange(&s1r, &s2r, k, d, &|v| rbsn[v] as i64, |s1: &[usize]| {
                let set: Vec<bool> = (0..nb).map(|v| s1.contains(&v)).collect();
                let keep = |e: &Edge| {
                    keep_base(e) && (!(is_rem(e.a) && is_rem(e.b)) || set[e.a] != set[e.b])
                };
                g.solve(&ab_bounds, &gen_ab, &keep, &removed)
                    .map(|(_, w)| w == best)
                    .unwrap_or(false)
            });
            if let Some(s) = found {
                s1p = s;
            }
        }
        s1p.sort_unstable();
        let set: Vec<bool> = (0..nb).map(|v| s1p.contains(&v)).collect();
        let s2p: Vec<usize> = rem.iter().copied().filter(|&v| !set[v]).collect();
        let keep =
            |e: &Edge| keep_base(e) && (!(is_rem(e.a) && is_rem(e.b)) || set[e.a] != set[e.b]);
        fix_lexicographic(&g, &s1p, &s2p, &keep, &mut removed, &mut fixed)?;
    }

    let mut out = BracketResult::default();
    for (a, b) in &fixed {
        out.pairs.push((g.global[*a], g.global[*b]));
    }
    let floaters: Vec<usize> = (0..nb).filter(|&v| !removed[v]).collect();
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

/// D.1: pairs each vertex of `s1` (in order) with the earliest vertex of `s2` that still allows
/// a best candidate, deciding a chunk of positions per matching, and fixes those pairs.
fn fix_lexicographic(
    g: &Graph,
    s1: &[usize],
    s2: &[usize],
    keep: &dyn Fn(&Edge) -> bool,
    removed: &mut [bool],
    fixed: &mut Vec<(usize, usize)>,
) -> Result<(), PairingError> {
    let nb = g.nb;
    let pb = pos_bits(s2.len());
    let chunk = (60 / pb).max(1) as usize;
    let mut rank = vec![usize::MAX; g.global.len()];
    for (r, &v) in s2.iter().enumerate() {
        rank[v] = r;
    }
    let mut start = 0;
    while start < s1.len() {
        let part = &s1[start..(start + chunk).min(s1.len())];
        let mut pos = vec![usize::MAX; g.global.len()];
        for (p, &v) in part.iter().enumerate() {
            pos[v] = p;
        }
        let k = part.len() as u32;
        let n2 = s2.len() as u64;
        let gen = |e: &Edge| {
            let (x, y) = if pos[e.a] != usize::MAX {
                (e.a, e.b)
            } else {
                (e.b, e.a)
            };
            if pos[x] != usize::MAX && y < nb && rank[y] != usize::MAX {
                let shift = pb * (k - 1 - pos[x] as u32);
                vec![I256::from(n2 - rank[y] as u64) << shift]
            } else {
                vec![I256::ZERO]
            }
        };
        let bound = [I256::ONE << (pb * k)];
        let (mate, _) = g.solve(&bound, &gen, keep, removed)?;
        for &v in part {
            if let Some(u) = mate[v] {
                if u < nb && !removed[u] {
                    removed[v] = true;
                    removed[u] = true;
                    fixed.push((v.min(u), v.max(u)));
                }
            }
        }
        start += part.len();
    }
    Ok(())
}

/// D.2 c-d: among the exchanges of `k` players between S1R and S2R whose BSN sums differ by
/// `d`, the first in the order of D.2 c (highest BSN moved down) and d (lowest BSN moved up)
/// for which `feasible(new S1)` holds.
fn find_exchange(
    s1: &[usize],
    s2: &[usize],
    k: usize,
    d: i64,
    bsn: &dyn Fn(usize) -> i64,
    mut feasible: impl FnMut(&[usize]) -> bool,
) -> Option<Vec<usize>> {
    let mut tried = 0usize;
    // Subsets of S1 of size k, best first by D.2 c: compare descending-sorted lists, higher
    // first.
    let mut outs: Vec<Vec<usize>> = Vec::new();
    combinations(s1.len(), k, &mut |c| {
        outs.push(c.iter().map(|&i| s1[i]).collect())
    });
    for o in &mut outs {
        o.sort_unstable_by(|a, b| b.cmp(a));
    }
    outs.sort_by(|a, b| b.cmp(a));
    for out in outs {
        let out_sum: i64 = out.iter().map(|&v| bsn(v)).sum();
        let target = d + out_sum;
        // Subsets of S2 of size k with BSN sum `target`, lexicographically smallest first.
        let mut ins: Vec<Vec<usize>> = Vec::new();
        combinations(s2.len(), k, &mut |c| {
            let s: i64 = c.iter().map(|&i| bsn(s2[i])).sum();
            if s == target {
                ins.push(c.iter().map(|&i| s2[i]).collect());
            }
        });
        ins.sort();
        for inn in ins {
            tried += 1;
            if tried > 5000 {
                return None;
            }
            let mut new_s1: Vec<usize> = s1.iter().copied().filter(|v| !out.contains(v)).collect();
            new_s1.extend(&inn);
            if feasible(&new_s1) {
                return Some(new_s1);
            }
        }
    }
    None
}

/// Calls `f` with every k-subset of 0..n (as ascending index lists), capped for safety.
fn combinations(n: usize, k: usize, f: &mut dyn FnMut(&[usize])) {
    if k > n {
        return;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    let mut count = 0usize;
    loop {
        f(&idx);
        count += 1;
        if count > 200_000 {
            return;
        }
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if idx[i] != i + n - k {
                break;
            }
            if i == 0 {
                return;
            }
        }
        if idx[i] == i + n - k {
            return;
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}
