//! The tie-breaks that count rounds, and the points themselves (C.07):
//!
//! - PTS: the points.
//! - WIN: rounds in which the participant scored the points of a win, with or without
//!   playing (forfeit wins, full-point and pairing-allocated byes worth a win count).
//! - WON: games won over the board.
//! - BPG: games played over the board with Black.
//! - BWG: games won over the board with Black.
//! - GE (REP in the 2026 list): games one elected to play: the rounds minus the voluntary
//!   unplayed rounds (16.2): games played, forfeit wins, full-point and pairing-allocated
//!   byes.

use super::rounds::Context;
use super::{Kind, Value};

pub(crate) fn compute(ctx: &Context, kind: Kind) -> Vec<Value> {
    ctx.players
        .iter()
        .map(|p| {
            if kind == Kind::Pts {
                return Value::tenths(i64::from(p.total));
            }
            let n = p
                .rounds
                .iter()
                .filter(|r| {
                    let win = r.pts == ctx.win;
                    let otb = r.played && r.opp.is_some();
                    match kind {
                        Kind::Win => win,
                        Kind::Won => win && otb,
                        Kind::Bpg => r.black,
                        Kind::Bwg => r.black && win,
                        Kind::Ge | Kind::Rep => r.played || win,
                        _ => false,
                    }
                })
                .count();
            Value::int(n as i64)
        })
        .collect()
}
