//! Sonneborn-Berger (SB) of C.07: for each round, the opponent's score times the points the
//! participant scored against him, summed; rounds without a game use the dummy opponent of
//! 16.4 (see [`super::opponents`]) and the points scored in the round.

use super::opponents::{adjusted_scores, cut_sum, entries};
use super::rounds::Context;
use super::{Edition, Spec, Value};

/// SB of every player, in hundredths (tenths of the opponent's score times tenths of the
/// points), with the cuts of `spec`.
pub(crate) fn compute(ctx: &Context, spec: &Spec, edition: Edition) -> Vec<Value> {
    let (adjusted, own) = adjusted_scores(ctx, false);
    (0..ctx.players.len())
        .map(|i| {
            let e = entries(ctx, i, &adjusted, &own, false, edition, |score, pts| {
                score * pts
            });
            cut_sum(e, spec.cut_low, spec.cut_high).map_or(Value::int(0), Value::hundredths)
        })
        .collect()
}
