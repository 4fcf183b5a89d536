//! Koya System (KS) of C.07: the points scored against the opponents who finished with at
//! least half of the maximum score (the limit is a percentage, `KS/L60`). Forfeited games
//! count: the opponent was paired.

use super::rounds::Context;
use super::{Spec, Value};

pub(crate) fn compute(ctx: &Context, spec: &Spec) -> Vec<Value> {
    // opponent's score >= percent/100 * win * rounds, in exact integers.
    let limit_x100 = i64::from(spec.koya_percent) * i64::from(ctx.win) * ctx.rounds as i64;
    ctx.players
        .iter()
        .map(|p| {
            let mut counted = false;
            let mut sum = 0i64;
            for r in &p.rounds {
                if let Some(o) = r.opp {
                    if i64::from(ctx.players[o].total) * 100 >= limit_x100 {
                        counted = true;
                        sum += i64::from(r.pts);
                    }
                }
            }
            // Nothing counted prints as a bare 0, as FIDE's calculator prints it.
            if counted {
                Value::tenths(sum)
            } else {
                Value::int(0)
            }
        })
        .collect()
}
