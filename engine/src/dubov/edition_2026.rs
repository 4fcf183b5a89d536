//! The Dubov system, 2026 edition (C.04.4.1 approved 28/10/2025, applied from 1 February
//! 2026), as far as its text is known (other-systems-notes.md C.1-C.2: the opening verbatim,
//! further articles as quoted in py4swiss docstrings).
//!
//! Articles, and where they are implemented:
//! - 1.6 colour preferences (Dutch 1.7.1-1.7.3; 1.6.4 no games: mild Black): [`preference`].
//! - 1.7 ARO rounded half up: `super::Aro::rounded`.
//! - 1.8 maximum upfloater, MaxT = 2 + [Rnds/5]: [`max_t`].
//! - C1 (no rematch), C3 (no two equal absolute preferences; no topscorer exception): the
//!   compatibility of the round ([`compatible`]); C2 (BR Art. 4): `history::may_get_pab`.
//! - 3.1 the pairing-allocated bye first: [`choose_bye`].
//! - 3.2.1-3.2.2 the upfloaters of a scoregroup, C4 (completion), C5-C10 and the 4.2 order:
//!   [`choose_upfloaters`].
//! - 3.2.3-3.2.5 G1/G2, the shifts in the 4.3 order, S1 and the first transposition T2 (4.4):
//!   [`pair_bracket`].
//! - 5.2 colour allocation: [`white_first`].

use super::{first_assignment, Entrant, Round};
use crate::colour::{high_gets_white, ColourFacts};
use crate::history::{Edition, Preference, PreferenceStrength};
use crate::matching::max_weight_matching;
use crate::model::{Color, Tournament};
use crate::pairing::{Pairing, PairingError, Request};
use ethnum::I256;
use std::fmt::Write as _;

/// 1.8.2: MaxT = 2 + [Rnds/5]. Without a declared number of rounds, the rounds so far.
fn max_t(r: &Round) -> u32 {
    2 + r.total_rounds.unwrap_or(r.round as u32) / 5
}

/// C3 (2.1.3): two players with the same absolute colour preference shall not meet.
fn compatible(a: &Entrant, b: &Entrant) -> bool {
    !matches!((a.preference, b.preference), (Some(pa), Some(pb))
        if pa.strength == PreferenceStrength::Absolute
            && pb.strength == PreferenceStrength::Absolute
            && pa.color == pb.color)
}

/// 1.6: the colour preference; 1.6.4 a player without games has a mild preference for Black.
fn preference(p: &Entrant) -> Preference {
    p.preference.unwrap_or(Preference {
        color: Color::Black,
        strength: PreferenceStrength::Mild,
    })
}

/// True when `p` seeks White (G1 of 3.2.3).
fn seeks_white(p: &Entrant) -> bool {
    preference(p).color == Color::White
}

/// One bracket as paired, for `explain`.
struct Trace {
    residents: Vec<usize>,
    upfloaters: Vec<usize>,
    pairs: Vec<(usize, usize)>,
}

/// Pairs round `req.round` of `t` with the Dubov system, 2026 edition.
pub fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    pair_traced(t, req).map(|(p, _, _)| p)
}

fn pair_traced(
    t: &Tournament,
    req: &Request,
) -> Result<(Pairing, Vec<Trace>, Round), PairingError> {
    let r = Round::prepare(t, req, Edition::Y2026, compatible)?;
    let mut left: Vec<usize> = (0..r.players.len()).collect();
    let bye = if left.len() % 2 == 1 {
        let b = choose_bye(&r, &left)?;
        left.retain(|&i| i != b);
        Some(b)
    } else {
        None
    };
    let mut traces = Vec::new();
    let mut games = Vec::new();
    while let Some(&top) = left.first() {
        let score = r.players[top].score;
        let residents: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&i| r.players[i].score == score)
            .collect();
        let lower: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&i| r.players[i].score != score)
            .collect();
        let ups = choose_upfloaters(&r, &residents, &lower)?;
        let bracket: Vec<usize> = residents.iter().chain(&ups).copied().collect();
        let pairs = pair_bracket(&r, &bracket)?;
        for &(a, b) in &pairs {
            let (w, bl) = if white_first(&r, a, b) {
                (a, b)
            } else {
                (b, a)
            };
            games.push((r.players[w].id, r.players[bl].id));
        }
        left.retain(|i| !bracket.contains(i));
        traces.push(Trace {
            residents,
            upfloaters: ups,
            pairs,
        });
    }
    let mut pairing = Pairing {
        games,
        bye: bye.map(|b| r.players[b].id),
    };
    pairing.sort_boards(t, req.round);
    Ok((pairing, traces, r))
}

/// 3.1: the bye goes to the player who (3.1.1) may receive it (C2), (3.1.2) leaves a complete
/// pairing of the others (C4), (3.1.3) has the lowest score, (3.1.4) has played the most games,
/// (3.1.5) has the largest TPN.
fn choose_bye(r: &Round, left: &[usize]) -> Result<usize, PairingError> {
    let mut cands: Vec<usize> = left
        .iter()
        .copied()
        .filter(|&i| r.players[i].bye_ok)
        .collect();
    cands.sort_by(|&a, &b| {
        let (pa, pb) = (&r.players[a], &r.players[b]);
        pa.score
            .cmp(&pb.score)
            .then(pb.played.cmp(&pa.played))
            .then(pb.id.cmp(&pa.id))
    });
    r.first_bye(left, &cands).ok_or_else(|| {
        PairingError::NoValidPairing(
            "no player can take the bye and leave the others pairable (3.1)".into(),
        )
    })
}

/// The C8, C9, C10 penalties of an upfloater (none in the last round).
fn float_marks(r: &Round, i: usize) -> (u32, u32, u32) {
    if r.last_round() {
        return (0, 0, 0);
    }
    let p = &r.players[i];
    let max = p.upfloats >= max_t(r);
    (
        u32::from(max),                   // C8: a maximum upfloater
        if max { p.upfloats } else { 0 }, // C9: times a maximum upfloater upfloated
        u32::from(p.upfloated_last),      // C10: upfloated in the previous round
    )
}

/// C7 of a bracket: the fewest players who miss their colour preference (one per pair of
/// players seeking the same colour) over the legal pairings of `who`; `None` when `who` cannot
/// be paired.
fn colour_misses(r: &Round, who: &[usize]) -> Option<usize> {
    let whites = who.iter().filter(|&&i| seeks_white(&r.players[i])).count();
    let ideal = whites.abs_diff(who.len() - whites) / 2;
    // Cross pairs first, greedily.
    let cross = |a: usize, b: usize| seeks_white(&r.players[a]) != seeks_white(&r.players[b]);
    let mut order: Vec<usize> = who.to_vec();
    order.sort_by_key(|&i| !seeks_white(&r.players[i]));
    let ok_cross = |a: usize, b: usize| r.compat[a][b] && cross(a, b);
    let mut taken = vec![false; who.len()];
    let mut n_cross = 0;
    for x in 0..order.len() {
        if taken[x] {
            continue;
        }
        if let Some(y) = (x + 1..order.len()).find(|&y| !taken[y] && ok_cross(order[x], order[y])) {
            taken[x] = true;
            taken[y] = true;
            n_cross += 1;
        }
    }
    let rest: Vec<usize> = (0..order.len())
        .filter(|&x| !taken[x])
        .map(|x| order[x])
        .collect();
    let pairs = who.len() / 2;
    if r.pairable(&rest) && pairs - n_cross == ideal {
        return Some(ideal);
    }
    let mut edges = Vec::new();
    for x in 0..who.len() {
        for y in x + 1..who.len() {
            let (a, b) = (who[x], who[y]);
            if r.compat[a][b] {
                edges.push((x, y, if cross(a, b) { 2i64 } else { 1 }));
            }
        }
    }
    let mate = max_weight_matching(who.len(), &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return None;
    }
    let n_cross = (0..who.len())
        .filter(|&x| mate[x].is_some_and(|y| x < y && cross(who[x], who[y])))
        .count();
    Some(pairs - n_cross)
}

/// 3.2.1-3.2.2: the upfloaters for the residents `res` from the players below `lower` (in the
/// 4.2 order: score descending, TPN ascending). Their number is the minimum that lets the
/// residents be paired legally with the rest of the round still complete (C4, C5); among the
/// sets of that size the best by C6 (highest scores, the lowest first), C7 (colour
/// preferences in the bracket), C8-C10 (maximum and repeated upfloaters), then the first in
/// the 4.2 order.
fn choose_upfloaters(
    r: &Round,
    res: &[usize],
    lower: &[usize],
) -> Result<Vec<usize>, PairingError> {
    if res.len().is_multiple_of(2) && r.pairable(res) && r.pairable(lower) {
        return Ok(Vec::new());
    }
    if res.len() % 2 == 1 {
        if let Some(u) = single_upfloater(r, res, lower) {
            return Ok(vec![u]);
        }
    }
    general_upfloaters(r, res, lower)
}

/// The order of single upfloaters after C6: C7 (colour misses), C8, C9, C10, TPN.
type SingleKey = (usize, u32, u32, u32, u32);

/// The common case of an odd scoregroup that one upfloater completes: by C6 the highest score
/// level with a candidate that works, and in it the best by C7, C8-C10, then TPN. C7 is bounded
/// below by the colour balance of the bracket and computed exactly only while it can still win.
fn single_upfloater(r: &Round, res: &[usize], lower: &[usize]) -> Option<usize> {
    let whites = res.iter().filter(|&&i| seeks_white(&r.players[i])).count();
    let mut start = 0;
    while start < lower.len() {
        let score = r.players[lower[start]].score;
        let end = start
            + lower[start..]
                .iter()
                .take_while(|&&i| r.players[i].score == score)
                .count();
        let mut keyed: Vec<(SingleKey, usize)> = lower[start..end]
            .iter()
            .filter(|&&c| res.iter().any(|&x| r.compat[x][c]))
            .map(|&c| {
                let w = whites + usize::from(seeks_white(&r.players[c]));
                let lb = w.abs_diff(res.len() + 1 - w) / 2;
                let (c8, c9, c10) = float_marks(r, c);
                ((lb, c8, c9, c10, r.players[c].id), c)
            })
            .collect();
        keyed.sort();
        let mut best: Option<(SingleKey, usize)> = None;
        for (key, c) in keyed {
            if best.is_some_and(|(b, _)| b <= key) {
                break;
            }
            let rest: Vec<usize> = lower.iter().copied().filter(|&x| x != c).collect();
            if !r.pairable(&rest) {
                continue;
            }
            let bracket: Vec<usize> = res.iter().copied().chain([c]).collect();
            if let Some(misses) = colour_misses(r, &bracket) {
                let exact = (misses, key.1, key.2, key.3, key.4);
                if best.is_none_or(|(b, _)| exact < b) {
                    best = Some((exact, c));
                }
            }
        }
        if let Some((_, c)) = best {
            return Some(c);
        }
        start = end;
    }
    None
}

/// The general case, by maximum-weight perfect matchings over the residents and everybody
/// below: the weight of a matching orders C5 (pairs among residents), C6 (upfloaters' score
/// levels, the lowest first), C7 (pairs in the bracket with different colour preferences), C8,
/// C9, C10; the 4.2 order then decides among the optimal sets, upfloater by upfloater.
fn general_upfloaters(
    r: &Round,
    res: &[usize],
    lower: &[usize],
) -> Result<Vec<usize>, PairingError> {
    let all: Vec<usize> = res.iter().chain(lower).copied().collect();
    let n = all.len();
    let nr = res.len();
    // Stage 1: the fewest upfloaters (C5) with a complete pairing (C4).
    let mut edges = Vec::new();
    for x in 0..n {
        for y in x + 1..n {
            if r.compat[all[x]][all[y]] {
                edges.push((x, y, if y < nr { 2i64 } else { 1 }));
            }
        }
    }
    let mate = max_weight_matching(n, &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return Err(PairingError::NoValidPairing(format!(
            "the players from score {} down cannot all be paired (C4)",
            r.players[res[0]].score
        )));
    }
    let rr = (0..nr).filter(|&x| mate[x].is_some_and(|y| y < nr)).count() / 2;
    let u = nr - 2 * rr;
    if u == 0 {
        return Ok(Vec::new());
    }
    // Stage 2: the weights.
    let mut levels: Vec<_> = lower.iter().map(|&i| r.players[i].score).collect();
    levels.dedup();
    let big = |v: u64| I256::new(i128::from(v));
    let u1 = big(u as u64 + 1);
    let max_up = lower
        .iter()
        .map(|&i| r.players[i].upfloats)
        .max()
        .unwrap_or(0);
    let m9 = u1; // C10 total <= u
    let m8 = m9 * big(u as u64 * u64::from(max_up) + 1); // C9 total
    let m7 = m8 * u1; // C8 total <= u
    let m6 = m7 * big(n as u64 / 2 + 1); // C7 total <= pairs
    let mut level_pen = vec![m6; levels.len()];
    for j in 1..levels.len() {
        level_pen[j] = level_pen[j - 1] * u1;
    }
    let pen = |i: usize| -> I256 {
        let j = levels
            .iter()
            .position(|s| *s == r.players[i].score)
            .unwrap_or(0);
        let (c8, c9, c10) = float_marks(r, i);
        level_pen[j] + m8 * big(u64::from(c8)) + m9 * big(u64::from(c9)) + big(u64::from(c10))
    };
    let max_pen = level_pen.last().copied().unwrap_or(m6) * u1;
    let x_rr = max_pen * big(n as u64 + 1);
    if 256 - (x_rr + max_pen).leading_zeros() > 240 {
        return Err(PairingError::Engine(
            "the upfloater criteria need wider weights than supported".into(),
        ));
    }
    let cross = |a: usize, b: usize| seeks_white(&r.players[a]) != seeks_white(&r.players[b]);
    let weight = |x: usize, y: usize, forced: &[bool], banned: &[bool]| -> Option<I256> {
        let (a, b) = (all[x], all[y]);
        if !r.compat[a][b] {
            return None;
        }
        let c7 = if cross(a, b) { m7 } else { I256::ZERO };
        if y < nr {
            Some(max_pen + x_rr + c7)
        } else if x < nr {
            (!banned[y]).then(|| max_pen - pen(b) + c7)
        } else {
            (!forced[x] && !forced[y]).then_some(max_pen)
        }
    };
    let solve = |forced: &[bool], banned: &[bool]| -> Option<I256> {
        let mut edges = Vec::new();
        for x in 0..n {
            for y in x + 1..n {
                if let Some(w) = weight(x, y, forced, banned) {
                    edges.push((x, y, w));
                }
            }
        }
        let mate = max_weight_matching(n, &edges, true);
        if mate.iter().any(|m| m.is_none()) {
            return None;
        }
        let mut total = I256::ZERO;
        for (x, m) in mate.iter().enumerate() {
            if let Some(y) = m.filter(|&y| x < y) {
                total += weight(x, y, forced, banned)?;
            }
        }
        Some(total)
    };
    let mut forced = vec![false; n];
    let mut banned = vec![false; n];
    let best = solve(&forced, &banned).ok_or_else(|| {
        PairingError::NoValidPairing("no complete pairing with the upfloaters (C4)".into())
    })?;
    let mut chosen = Vec::new();
    for y in nr..n {
        if chosen.len() == u {
            break;
        }
        if !(0..nr).any(|x| r.compat[all[x]][all[y]]) {
            banned[y] = true;
            continue;
        }
        forced[y] = true;
        if solve(&forced, &banned) == Some(best) {
            chosen.push(all[y]);
        } else {
            forced[y] = false;
            banned[y] = true;
        }
    }
    Ok(chosen)
}

/// The 4.3 sequence of a subgroup: sorted (4.3.2: White seekers by ARO then TPN, Black seekers
/// by TPN), then numbered from the (remaining) middle, the higher position first when two are
/// in the middle (4.3.3).
fn shift_order(r: &Round, group: &[usize], whites: bool) -> Vec<usize> {
    let mut list = group.to_vec();
    if whites {
        list.sort_by_key(|&i| (r.players[i].aro.rounded(), r.players[i].id));
    } else {
        list.sort_by_key(|&i| r.players[i].id);
    }
    let mut out = Vec::with_capacity(list.len());
    while !list.is_empty() {
        out.push(list.remove((list.len() - 1) / 2));
    }
    out
}

/// Shifts `q` players of `from` into `to` (3.2.4.2): the first set in the `order` (4.3) such
/// that the two groups can then be paired across completely. Decided player by player, each
/// kept when a complete cross pairing still exists with it shifted (a maximum matching in
/// which a pair inside `from` is one shifted and one staying player).
fn shift(r: &Round, from: &[usize], to: &[usize], q: usize, order: &[usize]) -> Option<Vec<usize>> {
    let mut forced: Vec<usize> = Vec::new();
    let mut banned: Vec<usize> = Vec::new();
    let who: Vec<usize> = from.iter().chain(to).copied().collect();
    let feasible = |forced: &[usize], banned: &[usize]| {
        let ok = |a: usize, b: usize| {
            if !r.compat[a][b] {
                return false;
            }
            let (fa, fb) = (from.contains(&a), from.contains(&b));
            match (fa, fb) {
                (false, false) => false,
                (true, true) => {
                    let both = |set: &[usize]| set.contains(&a) && set.contains(&b);
                    !both(forced) && !both(banned)
                }
                (true, false) => !forced.contains(&a),
                (false, true) => !forced.contains(&b),
            }
        };
        r.perfect_matching(&who, &ok).is_some()
    };
    if q == 0 {
        return feasible(&forced, &banned).then_some(Vec::new());
    }
    if !feasible(&forced, &banned) {
        return None;
    }
    for &x in order {
        if forced.len() == q {
            break;
        }
        forced.push(x);
        if !feasible(&forced, &banned) {
            forced.pop();
            banned.push(x);
        }
    }
    (forced.len() == q).then_some(forced)
}

/// 3.2.3-3.2.5: pairs a bracket (residents and upfloaters). Returns the pairs (S1 player, T2
/// player).
fn pair_bracket(r: &Round, bracket: &[usize]) -> Result<Vec<(usize, usize)>, PairingError> {
    // 3.2.3: G1 the White seekers, or the first half by TPN when nobody has played.
    let (mut g1, mut g2): (Vec<usize>, Vec<usize>);
    if bracket.iter().all(|&i| r.players[i].played == 0) {
        let mut by_tpn = bracket.to_vec();
        by_tpn.sort_by_key(|&i| r.players[i].id);
        g2 = by_tpn.split_off(by_tpn.len() / 2);
        g1 = by_tpn;
    } else {
        (g1, g2) = bracket.iter().partition(|&&i| seeks_white(&r.players[i]));
    }
    // 3.2.4.1: players of the smaller subgroup (G1 when equal) who must be paired together.
    let g1_small = g1.len() <= g2.len();
    let (small, large) = if g1_small { (&g1, &g2) } else { (&g2, &g1) };
    let in_small = |i: usize| small.contains(&i);
    let mut edges = Vec::new();
    for x in 0..bracket.len() {
        for y in x + 1..bracket.len() {
            let (a, b) = (bracket[x], bracket[y]);
            if r.compat[a][b] {
                let w = if in_small(a) != in_small(b) {
                    3i64
                } else if in_small(a) {
                    1
                } else {
                    2
                };
                edges.push((x, y, w));
            }
        }
    }
    let mate = max_weight_matching(bracket.len(), &edges, true);
    if mate.iter().any(|m| m.is_none()) {
        return Err(PairingError::NoValidPairing(
            "a bracket cannot be paired (3.2)".into(),
        ));
    }
    let small_pairs = (0..bracket.len())
        .filter(|&x| mate[x].is_some_and(|y| x < y && in_small(bracket[x]) && in_small(bracket[y])))
        .count();
    let (small, large) = (small.clone(), large.clone());
    let small_is_g1 = g1_small;
    // The groups after both shifts, as (new small, new large) membership.
    let finish = |moved: &[usize]| -> Option<(Vec<usize>, Vec<usize>)> {
        let s: Vec<usize> = small
            .iter()
            .copied()
            .filter(|i| !moved.contains(i))
            .collect();
        let l: Vec<usize> = large.iter().chain(moved).copied().collect();
        // 3.2.4.2: equalise, shifting from the larger subgroup into the smaller one.
        let (from, to, from_is_g1) = if l.len() >= s.len() {
            (l, s, !small_is_g1)
        } else {
            (s, l, small_is_g1)
        };
        let q = (from.len() - to.len()) / 2;
        let order = shift_order(r, &from, from_is_g1);
        let shifted = shift(r, &from, &to, q, &order)?;
        let from2: Vec<usize> = from
            .iter()
            .copied()
            .filter(|i| !shifted.contains(i))
            .collect();
        let to2: Vec<usize> = to.iter().chain(&shifted).copied().collect();
        Some(if from_is_g1 {
            (from2, to2)
        } else {
            (to2, from2)
        })
    };
    let (new_g1, new_g2) = if small_pairs == 0 {
        finish(&[])
    } else {
        // 3.2.4.1: the first set (4.3 order) of that many players that still allows a pairing.
        let order = shift_order(r, &small, small_is_g1);
        combinations(order.len(), small_pairs)
            .find_map(|c| finish(&c.iter().map(|&k| order[k]).collect::<Vec<_>>()))
    }
    .ok_or_else(|| PairingError::NoValidPairing("no shift of G1/G2 pairs the bracket".into()))?;
    g1 = new_g1;
    g2 = new_g2;
    // 3.2.5: S1 by ascending ARO then TPN; T2 the first transposition of G2 (by TPN, 4.4).
    g1.sort_by_key(|&i| (r.players[i].aro.rounded(), r.players[i].id));
    g2.sort_by_key(|&i| r.players[i].id);
    let t2 = first_assignment(&g1, &g2, &|a, b| r.compat[a][b])
        .ok_or_else(|| PairingError::NoValidPairing("no transposition of G2 (3.2.5)".into()))?;
    Ok(g1.into_iter().zip(t2).collect())
}

/// The k-subsets of `0..n` in lexicographic order.
fn combinations(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut cur: Option<Vec<usize>> = (k <= n).then(|| (0..k).collect());
    std::iter::from_fn(move || {
        let out = cur.clone()?;
        let mut next = out.clone();
        let mut i = k;
        cur = loop {
            if i == 0 {
                break None;
            }
            i -= 1;
            if next[i] < n - k + i {
                next[i] += 1;
                for j in i + 1..k {
                    next[j] = next[j - 1] + 1;
                }
                break Some(next);
            }
        };
        Some(out)
    })
}

/// 5.2: true when `a` gets White against `b`.
fn white_first(r: &Round, a: usize, b: usize) -> bool {
    let (pa, pb) = (&r.players[a], &r.players[b]);
    // The higher ranked: more points, then the smaller TPN (5.2.1).
    let a_high = (pa.score, std::cmp::Reverse(pa.id)) > (pb.score, std::cmp::Reverse(pb.id));
    let (high, low) = if a_high { (pa, pb) } else { (pb, pa) };
    let high_white = if high.played == 0 && low.played == 0 {
        // 5.2.1: the higher ranked gets the initial colour with an odd TPN.
        (high.id % 2 == 1) == (r.initial == Color::White)
    } else {
        // 5.2.2-5.2.5, with 1.6.4 for a player without games.
        let facts = |p: &Entrant| ColourFacts {
            tpn: p.id,
            colors: p.colors.clone(),
            preference: Some(preference(p)),
            difference: p.difference,
        };
        high_gets_white(&facts(high), &facts(low), r.initial)
    };
    high_white == a_high
}

/// A human-readable account of how round `req.round` is paired under the 2026 edition.
pub fn explain(t: &Tournament, req: &Request, _pairing: &Pairing) -> String {
    let mut s = String::new();
    match pair_traced(t, req) {
        Err(e) => {
            let _ = writeln!(s, "round {}: {e}", req.round);
        }
        Ok((p, traces, r)) => {
            let _ = writeln!(s, "Dubov 2026, round {}", req.round);
            if let Some(b) = p.bye {
                let _ = writeln!(s, "3.1 bye: {b}");
            }
            let id = |i: usize| r.players[i].id;
            for tr in traces {
                let _ = writeln!(
                    s,
                    "bracket {}: residents {:?}, upfloaters {:?} (3.2.1-3.2.2)",
                    r.players[tr.residents[0]].score,
                    tr.residents.iter().map(|&i| id(i)).collect::<Vec<_>>(),
                    tr.upfloaters.iter().map(|&i| id(i)).collect::<Vec<_>>()
                );
                for (a, b) in tr.pairs {
                    let _ = writeln!(
                        s,
                        "  S1 {} (ARO {}) - T2 {}",
                        id(a),
                        r.players[a].aro.rounded(),
                        id(b)
                    );
                }
            }
        }
    }
    s
}
