//! Buchholz (BH), Fore Buchholz (FB) and the Average of Opponents' Buchholz (AOB) of C.07:
//! the sum of the opponents' scores, with the unplayed-round rules and cuts of
//! [`super::opponents`].
//!
//! - BH: the sum of the (adjusted, 16.3) scores of the participant's opponents, a dummy
//!   opponent standing in for each round without a game (16.4).
//! - FB: as BH, with every game of the last round evaluated as a draw.
//! - AOB: the average, over the opponents met over the board, of their Buchholz (or Fore
//!   Buchholz with `/F`), to the hundredth, rounded half up.

use super::opponents::{adjusted_scores, cut_sum, entries};
use super::rounds::Context;
use super::{Edition, Spec, Value};

/// Buchholz (or Fore Buchholz when `fore`) of every player, in tenths, with the cuts of `spec`.
pub(crate) fn buchholz(ctx: &Context, spec: &Spec, fore: bool, edition: Edition) -> Vec<i64> {
    let (adjusted, own) = adjusted_scores(ctx, fore);
    (0..ctx.players.len())
        .map(|i| {
            let e = entries(ctx, i, &adjusted, &own, fore, edition, |score, _| score);
            cut_sum(e, spec.cut_low, spec.cut_high)
        })
        .collect()
}

/// BH or FB as values.
pub(crate) fn compute(ctx: &Context, spec: &Spec, fore: bool, edition: Edition) -> Vec<Value> {
    buchholz(ctx, spec, fore, edition)
        .into_iter()
        .map(Value::tenths)
        .collect()
}

/// AOB: the average of the opponents' Buchholz over the games played.
pub(crate) fn average_of_opponents(ctx: &Context, spec: &Spec, edition: Edition) -> Vec<Value> {
    let plain = Spec::plain(spec.kind);
    let bh = buchholz(ctx, &plain, spec.fore, edition);
    ctx.players
        .iter()
        .map(|p| {
            let (sum, n) = p
                .rounds
                .iter()
                .filter(|r| r.played)
                .filter_map(|r| r.opp)
                .fold((0i64, 0i64), |(s, n), o| (s + bh[o], n + 1));
            if n == 0 {
                Value::Undefined
            } else {
                // Tenths to hundredths, rounded half up.
                Value::hundredths(super::div_round_half_up(sum * 10, n))
            }
        })
        .collect()
}
