//! The Burstein procedure as written, for small fields: the oracle of the matching engine.
//!
//! 3.1: the bye candidates in the order of 3.1.3-3.1.5, the first whose bye leaves the others
//! pairable (C4, by enumeration). 3.2: for each bracket from the highest, every pairing of the
//! bracket is generated in the order of Article 4 (BSN 1's opponent from the largest BSN down,
//! then BSN 0, i.e. a float; then BSN 2's; …); a pairing is kept when the rest of the round can
//! still be paired completely (C4) and it is better than every earlier one by C5, C6, C7 (the
//! best pairing of the following bracket by C5 and C6, by enumeration) and C8, in that order.
//! Exponential: refuses fields over [`MAX_PLAYERS`].

use super::{choose_bye, white_first, Round};
use crate::model::Tournament;
use crate::pairing::{Pairing, PairingError, Request};
use crate::score::Score;

/// The largest field the oracle enumerates.
pub const MAX_PLAYERS: usize = 14;

/// True when `who` can be paired completely among themselves (by enumeration).
fn pairable(r: &Round, who: &[usize]) -> bool {
    let Some((&a, rest)) = who.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(k, &b)| {
        r.compat[a][b] && {
            let others: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|&(x, _)| x != k)
                .map(|(_, &y)| y)
                .collect();
            pairable(r, &others)
        }
    })
}

/// Every pairing of `bsn` (players in BSN order; pairs and floaters), in the order of 4.3.
fn pairings(r: &Round, bsn: &[usize]) -> Vec<Vec<Option<usize>>> {
    fn go(
        r: &Round,
        bsn: &[usize],
        k: usize,
        cur: &mut Vec<Option<usize>>,
        set: &mut Vec<bool>,
        out: &mut Vec<Vec<Option<usize>>>,
    ) {
        if k == bsn.len() {
            out.push(cur.clone());
            return;
        }
        if set[k] {
            return go(r, bsn, k + 1, cur, set, out);
        }
        set[k] = true;
        for j in (k + 1..bsn.len()).rev() {
            if !set[j] && r.compat[bsn[k]][bsn[j]] {
                set[j] = true;
                cur[k] = Some(j);
                cur[j] = Some(k);
                go(r, bsn, k + 1, cur, set, out);
                cur[k] = None;
                cur[j] = None;
                set[j] = false;
            }
        }
        go(r, bsn, k + 1, cur, set, out);
        set[k] = false;
    }
    let mut out = Vec::new();
    go(
        r,
        bsn,
        0,
        &mut vec![None; bsn.len()],
        &mut vec![false; bsn.len()],
        &mut out,
    );
    out
}

/// The players of `bsn` a pairing leaves unpaired, and its pairs (as player indices).
fn split(bsn: &[usize], p: &[Option<usize>]) -> (Vec<usize>, Vec<(usize, usize)>) {
    let floaters = (0..bsn.len())
        .filter(|&k| p[k].is_none())
        .map(|k| bsn[k])
        .collect();
    let pairs = (0..bsn.len())
        .filter_map(|k| p[k].filter(|&j| k < j).map(|j| (bsn[k], bsn[j])))
        .collect();
    (floaters, pairs)
}

/// C6 key: the outgoing floaters' scores in descending order (smaller is better).
fn c6(r: &Round, floaters: &[usize]) -> Vec<Score> {
    let mut s: Vec<Score> = floaters.iter().map(|&i| r.players[i].score).collect();
    s.sort_by(|a, b| b.cmp(a));
    s
}

/// The rank of a pairing by C5-C8 (greater is better): pairs, floaters' scores (negated order
/// by `Reverse`), the following bracket's best (pairs, floaters), colour misses.
type Key = (
    usize,
    std::cmp::Reverse<Vec<Score>>,
    (usize, std::cmp::Reverse<Vec<Score>>),
    std::cmp::Reverse<usize>,
);

/// A bracket pairing kept so far: its key, floaters and pairs.
type Candidate = (Key, Vec<usize>, Vec<(usize, usize)>);

/// The highest scoregroup of `left` outside `incoming`, and the one after it.
fn groups(r: &Round, left: &[usize], incoming: &[usize]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let rest: Vec<usize> = left
        .iter()
        .copied()
        .filter(|i| !incoming.contains(i))
        .collect();
    let top = rest.first().map(|&i| r.players[i].score);
    let (res, below): (Vec<usize>, Vec<usize>) =
        rest.iter().partition(|&&i| Some(r.players[i].score) == top);
    let next_score = below.first().map(|&i| r.players[i].score);
    let (next, lower): (Vec<usize>, Vec<usize>) = below
        .iter()
        .partition(|&&i| Some(r.players[i].score) == next_score);
    (res, next, lower)
}

fn in_bsn_order(r: &Round, who: Vec<usize>) -> Vec<usize> {
    let mut v = who;
    v.sort_by(|&a, &b| r.players[b].rank_key().cmp(&r.players[a].rank_key()));
    v
}

/// C7: the best (C5, C6) of the following bracket (`floaters` and `next`) with the rest of the
/// round (`lower`) still complete; `None` when nothing completes.
fn following(
    r: &Round,
    floaters: &[usize],
    next: &[usize],
    lower: &[usize],
) -> Option<(usize, std::cmp::Reverse<Vec<Score>>)> {
    let nb = in_bsn_order(r, floaters.iter().chain(next).copied().collect());
    pairings(r, &nb)
        .iter()
        .filter_map(|p| {
            let (fl, pairs) = split(&nb, p);
            let rest: Vec<usize> = fl.iter().chain(lower).copied().collect();
            pairable(r, &rest).then(|| (pairs.len(), std::cmp::Reverse(c6(r, &fl))))
        })
        .max()
}

/// Pairs round `req.round` of `t` by the literal procedure.
pub fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    if super::is_seeding_round(t, req) {
        return crate::pairing::AnySystem::pair_diagnosed(
            &crate::systems::dutch::edition_2026::DUTCH_2026,
            t,
            req,
        )
        .map(|d| d.pairing);
    }
    let r = Round::prepare(t, req)?;
    if r.players.len() > MAX_PLAYERS {
        return Err(PairingError::TooLarge(format!(
            "the literal Burstein procedure enumerates at most {MAX_PLAYERS} players"
        )));
    }
    let mut left: Vec<usize> = (0..r.players.len()).collect();
    let mut bye = None;
    if left.len() % 2 == 1 {
        let b = choose_bye(&r, &left)?;
        left.retain(|&i| i != b);
        bye = Some(r.players[b].id);
    }
    if !pairable(&r, &left) {
        return Err(PairingError::NoValidPairing("C4".into()));
    }
    let mut games = Vec::new();
    let mut incoming: Vec<usize> = Vec::new();
    while !left.is_empty() {
        let (res, next, lower) = groups(&r, &left, &incoming);
        let bsn = in_bsn_order(&r, incoming.iter().chain(&res).copied().collect());
        let mut best: Option<Candidate> = None;
        for p in pairings(&r, &bsn) {
            let (fl, pairs) = split(&bsn, &p);
            let below: Vec<usize> = next.iter().chain(&lower).copied().collect();
            let rest: Vec<usize> = fl.iter().chain(&below).copied().collect();
            if !pairable(&r, &rest) {
                continue;
            }
            let Some(c7) = following(&r, &fl, &next, &lower) else {
                continue;
            };
            let misses = pairs
                .iter()
                .filter(|&&(a, b)| super::bracket::colour_clash(&r, a, b))
                .count();
            let key: Key = (
                pairs.len(),
                std::cmp::Reverse(c6(&r, &fl)),
                c7,
                std::cmp::Reverse(misses),
            );
            if best.as_ref().is_none_or(|(k, _, _)| key > *k) {
                best = Some((key, fl, pairs));
            }
        }
        let (_, fl, pairs) =
            best.ok_or_else(|| PairingError::NoValidPairing("no bracket pairing (C4)".into()))?;
        for (a, b) in pairs {
            let (w, bl) = if white_first(&r, a, b) {
                (a, b)
            } else {
                (b, a)
            };
            games.push((r.players[w].id, r.players[bl].id));
        }
        left.retain(|i| !bsn.contains(i) || fl.contains(i));
        incoming = fl;
    }
    let mut pairing = Pairing { games, bye };
    pairing.sort_boards(t, req.round);
    Ok(pairing)
}
