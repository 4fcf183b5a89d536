//! The rating tie-breaks of C.07: Average Rating of Opponents (ARO, with cuts), Tournament
//! Performance Rating (TPR), Perfect Tournament Performance (PTP), and the averages of the
//! opponents' TPR (APRO) and PTP (APPO).
//!
//! Only games played over the board count (forfeits and byes have no rating). C.07 drops
//! these tie-breaks when unrated players take part, unless the regulations say how to rate
//! them: without `/Un` (rating `n` for the unrated) every value is undefined (`-0`) then.
//!
//! - ARO: the average of the opponents' ratings, rounded to the nearest whole number
//!   (half up); Cut-n / Median-n drop the lowest / highest rated opponents.
//! - TPR: ARO plus `dp` of the percentage scored (table 8.1(a) of the rating regulations),
//!   the percentage rounded to a whole percent (half up).
//! - PTP: the lowest rating whose expected score against the opponents (table 8.1(b)) is
//!   at least the score; a zero score gives the lowest opponent's rating minus 800.
//! - APRO / APPO: the average of the opponents' TPR / PTP, rounded (half up).

use super::fide_tables::{expected_percent, DP};
use super::rounds::Context;
use super::{div_round_half_up, Kind, Spec, Value};

/// The opponents' ratings and the score (in half points) of player `i`'s games played over
/// the board, after the cuts of `spec`; `None` when the tie-break is dropped (unrated players
/// and no `/U`).
fn rated_games(ctx: &Context, spec: &Spec, i: usize) -> Option<(Vec<i64>, i64)> {
    let rating =
        |k: usize| -> Option<i64> { ctx.players[k].rating.or(spec.unrated).map(i64::from) };
    let mut games: Vec<(i64, i64)> = Vec::new();
    for r in ctx.players[i].rounds.iter().filter(|r| r.played) {
        if let Some(o) = r.opp {
            games.push((rating(o)?, i64::from(r.half_points)));
        }
    }
    games.sort_by_key(|g| g.0);
    let low = (spec.cut_low as usize).min(games.len());
    let high = (spec.cut_high as usize).min(games.len() - low);
    let kept = &games[low..games.len() - high];
    Some((
        kept.iter().map(|g| g.0).collect(),
        kept.iter().map(|g| g.1).sum(),
    ))
}

fn all_rated(ctx: &Context, spec: &Spec) -> bool {
    spec.unrated.is_some() || ctx.players.iter().all(|p| p.rating.is_some())
}

fn aro(ratings: &[i64]) -> Option<i64> {
    (!ratings.is_empty()).then(|| div_round_half_up(ratings.iter().sum(), ratings.len() as i64))
}

fn tpr(ratings: &[i64], half_points: i64) -> Option<i64> {
    let n = ratings.len() as i64;
    let a = aro(ratings)?;
    // Percentage scored, rounded half up: half points * 50 / games.
    let p = div_round_half_up(half_points * 50, n).clamp(0, 100) as usize;
    Some(a + i64::from(DP[p]))
}

fn ptp(ratings: &[i64], half_points: i64) -> Option<i64> {
    let (&min, &max) = (ratings.iter().min()?, ratings.iter().max()?);
    if half_points == 0 {
        return Some(min - 800);
    }
    // Expected percent summed over the games against the score in percent: the smallest
    // rating reaching it. Below min - 800 every expected score is 0, at max + 800 all are 100.
    let target = half_points * 50;
    let reaches = |r: i64| ratings.iter().map(|&o| expected_percent(r, o)).sum::<i64>() >= target;
    let (mut lo, mut hi) = (min - 801, max + 800);
    if !reaches(hi) {
        return Some(hi);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if reaches(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// ARO, TPR or PTP of every player.
fn own_values(ctx: &Context, spec: &Spec, kind: Kind) -> Vec<Option<i64>> {
    let valid = all_rated(ctx, spec);
    (0..ctx.players.len())
        .map(|i| {
            if !valid {
                return None;
            }
            let (ratings, hp) = rated_games(ctx, spec, i)?;
            match kind {
                Kind::Aro => aro(&ratings),
                Kind::Tpr => tpr(&ratings, hp),
                _ => ptp(&ratings, hp),
            }
        })
        .collect()
}

pub(crate) fn compute(ctx: &Context, spec: &Spec) -> Vec<Value> {
    let to_value = |v: Option<i64>| v.map_or(Value::Undefined, Value::int);
    match spec.kind {
        Kind::Apro | Kind::Appo => {
            let base = Spec {
                cut_low: 0,
                cut_high: 0,
                ..spec.clone()
            };
            let inner = if spec.kind == Kind::Apro {
                Kind::Tpr
            } else {
                Kind::Ptp
            };
            let perf = own_values(ctx, &base, inner);
            ctx.players
                .iter()
                .map(|p| {
                    let vals: Vec<i64> = p
                        .rounds
                        .iter()
                        .filter(|r| r.played)
                        .filter_map(|r| r.opp)
                        .filter_map(|o| perf[o])
                        .collect();
                    to_value(aro(&vals))
                })
                .collect()
        }
        k => own_values(ctx, spec, k).into_iter().map(to_value).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn performance_of_small_cases() {
        // 50% against 2000 and 2100: ARO 2050, TPR 2050, PTP the lowest rating expecting 1 point (2047: 57% + 43%).
        assert_eq!(aro(&[2000, 2101]), Some(2051));
        assert_eq!(tpr(&[2000, 2100], 2), Some(2050));
        assert_eq!(ptp(&[2000, 2100], 2), Some(2047));
        assert_eq!(ptp(&[2000, 2100], 0), Some(1200));
        // A perfect score: 736 above the best opponent.
        assert_eq!(ptp(&[2000, 2100], 4), Some(2836));
        assert_eq!(tpr(&[2000], 2), Some(2800));
    }
}
