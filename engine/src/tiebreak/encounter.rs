//! Direct Encounter (DE), C.07 Article 6: among participants still tied, the points scored
//! in the games between them decide (6.1; several games against one opponent count as their
//! average, 6.1.2). In a Swiss tournament the tied participants have not always all met
//! (6.2): a participant is ranked ahead only when his points exceed the most any other tied
//! participant could have scored had the missing games been won. The ranking is applied again
//! inside each subgroup still tied, until nothing changes.
//!
//! The value is the participant's place inside his tie group (1 first), or 0 for everyone in
//! a group DE does not separate at all; lower is better.
//!
//! The same procedure ranks players (their games) and teams (their matches, C.07 for teams:
//! DE on the primary score, [`super::team`]): it reads only [`Encounters`].

use super::rounds::Context;
use super::Value;

/// What DE reads: each participant's encounters played over the board, as (opponent index,
/// points scored), and the points of a win (the most one encounter can give).
pub(crate) struct Encounters {
    pub played: Vec<Vec<(usize, i64)>>,
    pub win: i64,
}

impl Encounters {
    /// The games played over the board by every player.
    fn of_players(ctx: &Context) -> Encounters {
        Encounters {
            played: ctx
                .players
                .iter()
                .map(|p| {
                    p.rounds
                        .iter()
                        .filter(|r| r.played)
                        .filter_map(|r| r.opp.map(|o| (o, i64::from(r.pts))))
                        .collect()
                })
                .collect(),
            win: i64::from(ctx.win),
        }
    }
}

/// DE of every player. `order` lists player indices in the order of the ranking before DE,
/// `rank[i]` is player i's rank in it (tied players share the rank of the first of them).
pub(crate) fn compute(ctx: &Context, order: &[usize], rank: &[usize]) -> Vec<Value> {
    compute_encounters(&Encounters::of_players(ctx), order, rank)
}

/// DE of every participant of `enc` (see [`compute`] for `order` and `rank`).
pub(crate) fn compute_encounters(enc: &Encounters, order: &[usize], rank: &[usize]) -> Vec<Value> {
    compute_chain(&[enc], order, rank)
}

/// DE applied with each of `encs` in turn (C.07 13.3.1 for teams: the primary score, then,
/// where it breaks no more ties, the secondary score, and again the first wherever the
/// second broke a tie), until none of them separates anyone more. One element is plain DE.
pub(crate) fn compute_chain(encs: &[&Encounters], order: &[usize], rank: &[usize]) -> Vec<Value> {
    let n = order.len();
    let mut de: Vec<usize> = rank.to_vec();
    let mut more = vec![true; n];
    let mut ro: Vec<usize> = order.to_vec();
    // The encounters applied now, and which of them broke no tie the last time they ran.
    let mut now = 0;
    let mut spent = vec![false; encs.len()];
    // A generous bound on the passes (each pass that changes anything splits a group; between
    // two such passes each of `encs` runs once without change at most).
    for _ in 0..(n.max(1) + 1) * (encs.len() + 1) {
        let Some(enc) = encs.get(now) else { break };
        let mut changes = 0;
        let mut start = 0;
        while start < ro.len() {
            let v = de[ro[start]];
            let stop = (start..ro.len())
                .find(|&k| de[ro[k]] != v)
                .unwrap_or(ro.len());
            if more[ro[start]] {
                let group = &ro[start..stop];
                let c = if group.len() == 1 {
                    0
                } else {
                    separate(enc, group, &mut de)
                };
                for &p in group {
                    more[p] = c > 0;
                }
                changes += c;
            }
            start = stop;
        }
        ro.sort_by_key(|&p| (rank[p], de[p], p));
        if changes == 0 {
            spent[now] = true;
            if spent.iter().all(|&s| s) {
                break;
            }
            now = (now + 1) % encs.len();
            more.iter_mut().for_each(|m| *m = true);
        } else {
            spent.iter_mut().for_each(|s| *s = false);
        }
    }
    // Places within each group of equal prior rank: 1, 2, … or 0 if DE separated no one.
    let mut out = vec![Value::int(0); n];
    let mut start = 0;
    while start < ro.len() {
        let r = rank[ro[start]];
        let stop = (start..ro.len())
            .find(|&k| rank[ro[k]] != r)
            .unwrap_or(ro.len());
        let first = de[ro[start]];
        let offset = if first != de[ro[stop - 1]] {
            first - 1
        } else {
            first
        };
        for &p in &ro[start..stop] {
            out[p] = Value::int((de[p] - offset) as i64);
        }
        start = stop;
    }
    out
}

/// One pass of 6.1/6.2 over one tied group (all sharing `de` value); returns how many players
/// got a new place.
fn separate(enc: &Encounters, group: &[usize], de: &mut [usize]) -> usize {
    let current = de[group[0]];
    let win = enc.win;
    let mut score = Vec::with_capacity(group.len());
    let mut all_met = true;
    for &p in group {
        // Points against each tied opponent met over the board, averaged per opponent.
        let mut per_opp: Vec<(usize, i64, i64)> = Vec::new();
        for &(o, pts) in enc.played.get(p).map_or(&[][..], Vec::as_slice) {
            if de[o] == current {
                match per_opp.iter_mut().find(|e| e.0 == o) {
                    Some(e) => {
                        e.1 += pts;
                        e.2 += 1;
                    }
                    None => per_opp.push((o, pts, 1)),
                }
            }
        }
        // Exact averages: scale every opponent's sum to a common denominator (games ≤ 12).
        let val: i64 = per_opp.iter().map(|&(_, s, c)| s * 27720 / c).sum();
        let met = per_opp.len();
        let missing = (group.len() - 1).saturating_sub(met) as i64;
        if missing > 0 {
            all_met = false;
        }
        score.push((p, val, val + missing * win * 27720));
    }
    let mut changes = 0;
    if all_met {
        score.sort_by_key(|&(p, v, _)| (std::cmp::Reverse(v), p));
        let mut crank = current;
        let mut val = score[0].1;
        for (k, &(p, v, _)) in score.iter().enumerate().skip(1) {
            if v != val {
                crank = current + k;
                val = v;
                changes += 1;
            }
            de[p] = crank;
        }
    } else {
        score.sort_by_key(|&(p, v, m)| (std::cmp::Reverse(v), std::cmp::Reverse(m), p));
        let mut crank = current;
        let mut val = score[0].1;
        let mut unique = true;
        for k in 1..score.len() {
            let best_rest = score[k..].iter().map(|s| s.2).max().unwrap_or(0);
            let (p, v, _) = score[k];
            if unique && val > best_rest {
                crank = current + k;
                changes += 1;
            } else {
                unique = false;
            }
            de[p] = crank;
            val = v;
        }
    }
    changes
}
