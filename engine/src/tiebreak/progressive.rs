//! Progressive Score (PS) of C.07: the sum of the participant's running scores after each
//! round; Cut-n leaves out the first n rounds' running scores.

use super::rounds::Context;
use super::{Spec, Value};

pub(crate) fn compute(ctx: &Context, spec: &Spec) -> Vec<Value> {
    ctx.players
        .iter()
        .map(|p| {
            let mut running = 0i64;
            let mut sum = 0i64;
            for (i, r) in p.rounds.iter().enumerate() {
                running += i64::from(r.pts);
                if i as u32 >= spec.cut_low {
                    sum += running;
                }
            }
            Value::tenths(sum)
        })
        .collect()
}
