//! The opposition Index of the Burstein System (C.04.4.2, 2026: Articles 1.7 and 1.8.1), built
//! from this module's Buchholz and Sonneborn-Berger machinery with the text's own rules for
//! rounds without a game:
//!
//! - 1.7.1.1 Buchholz: the sum of the (current) scores of the opponents met;
//! - 1.7.1.2 Sonneborn-Berger: the sum of each opponent's (current) score times the points
//!   scored against him;
//! - 1.7.2: a round of the player's own without a game counts as a game against himself with the
//!   result that gave the registered points (the dummy opponent of C.07 16.4 with the player's
//!   own score, uncapped as in the 2024 regulations);
//! - 1.7.2.3: when a player's latest results are a series of zero-point byes up to the current
//!   round, each of them counts as a draw for the player's over-the-board opponents (C.07 16.3
//!   counts every voluntary unplayed round at the end as a draw; Burstein only the zero-point
//!   byes);
//! - virtual points of an acceleration are not part of any score here (the scores are the
//!   points of the rounds only).

use super::opponents::entries;
use super::rounds::Context;
use super::Edition;
use crate::model::{RoundEntry, Tournament, Unplayed};

/// Buchholz (tenths) and Sonneborn-Berger (hundredths) of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OppositionIndex {
    pub buchholz: i64,
    pub sonneborn_berger: i64,
}

/// The Index of every player of `t` (in the order of `t.players`), from the rounds `t` records:
/// pass the tournament as it stood before the round to pair.
pub(crate) fn burstein_index(t: &Tournament) -> Vec<OppositionIndex> {
    let ctx = Context::new(t);
    let draw = i64::from(ctx.draw);
    // 1.7.2.3: the trailing zero-point byes of each player count as draws for his opponents.
    let adjusted: Vec<i64> = t
        .players
        .iter()
        .zip(&ctx.players)
        .map(|(p, c)| {
            let recorded = &p.rounds[..p.rounds.len().min(ctx.rounds)];
            let trailing = recorded
                .iter()
                .rev()
                .take_while(|e| {
                    matches!(
                        e,
                        RoundEntry::Unplayed(
                            Unplayed::ZeroBye | Unplayed::Absent | Unplayed::Withdrawn
                        )
                    )
                })
                .count();
            let played_any = recorded.iter().any(RoundEntry::is_played_game);
            let bonus = if played_any {
                draw * trailing as i64
            } else {
                0
            };
            i64::from(c.total) + bonus
        })
        .collect();
    let own: Vec<i64> = ctx.players.iter().map(|c| i64::from(c.total)).collect();
    (0..ctx.players.len())
        .map(|i| {
            let bh = entries(&ctx, i, &adjusted, &own, false, Edition::Fide2024, |s, _| s);
            let sb = entries(
                &ctx,
                i,
                &adjusted,
                &own,
                false,
                Edition::Fide2024,
                |s, p| s * p,
            );
            OppositionIndex {
                buchholz: bh.iter().map(|e| e.value).sum(),
                sonneborn_berger: sb.iter().map(|e| e.value).sum(),
            }
        })
        .collect()
}
