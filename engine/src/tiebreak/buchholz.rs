//! Buchholz (BH), Fore Buchholz (FB) and the Average of Opponents' Buchholz (AOB) of C.07:
//! the sum of the opponents' scores, with the unplayed-round rules and cuts of
//! [`super::opponents`].
//!
//! - BH: the sum of the (adjusted, 16.3) scores of the participant's opponents, a dummy
//!   opponent standing in for each round without a game (16.4).
//! - FB: as BH, with every game of the final round evaluated as a draw (C.07 8.3): the
//!   event's final round (`XXR` / `142`, else the last round recorded), so that FB equals BH
//!   until that round is paired.
//! - AOB: the average, over the opponents met over the board, of their Buchholz (or Fore
//!   Buchholz with `/F`), to the hundredth, rounded half up.

use super::opponents::{adjusted_scores, cut_sum, entries};
use super::rounds::Context;
use super::{Edition, Spec, Value};

/// Buchholz (or Fore Buchholz when `fore`) of every player, in tenths, with the cuts of `spec`;
/// `None` when no round is left after the cuts. Fore Buchholz treats the final round's games as
/// draws only once the final round is paired (C.07 8.3, [`Context::fore_round`]): before, it is
/// the Buchholz.
pub(crate) fn buchholz(
    ctx: &Context,
    spec: &Spec,
    fore: bool,
    edition: Edition,
) -> Vec<Option<i64>> {
    let fore = fore && ctx.fore_round().is_some();
    let (adjusted, own) = adjusted_scores(ctx, fore);
    (0..ctx.players.len())
        .map(|i| {
            let e = entries(ctx, i, &adjusted, &own, fore, edition, |score, _| score);
            cut_sum(e, spec.cut_low, spec.cut_high)
        })
        .collect()
}

/// BH or FB as values (a sum of no round prints as a bare 0).
pub(crate) fn compute(ctx: &Context, spec: &Spec, fore: bool, edition: Edition) -> Vec<Value> {
    buchholz(ctx, spec, fore, edition)
        .into_iter()
        .map(|v| v.map_or(Value::int(0), Value::tenths))
        .collect()
}

/// AOB: the average of the opponents' Buchholz over the games played, to the hundredth. An
/// average of 0 keeps the form of the values averaged (`0.0`, or `0` when every opponent's
/// Buchholz is a sum of no round), as FIDE's calculator prints it.
pub(crate) fn average_of_opponents(ctx: &Context, spec: &Spec, edition: Edition) -> Vec<Value> {
    let plain = Spec::plain(spec.kind);
    let bh = buchholz(ctx, &plain, spec.fore, edition);
    ctx.players
        .iter()
        .map(|p| {
            let (mut sum, mut n, mut any) = (0i64, 0i64, false);
            for o in p.rounds.iter().filter(|r| r.played).filter_map(|r| r.opp) {
                sum += bh[o].unwrap_or(0);
                any |= bh[o].is_some();
                n += 1;
            }
            match (n, sum) {
                (0, _) => Value::Undefined,
                (_, 0) if any => Value::tenths(0),
                (_, 0) => Value::int(0),
                // Tenths to hundredths, rounded half up.
                _ => Value::hundredths(super::div_round_half_up(sum * 10, n)),
            }
        })
        .collect()
}
