//! Progressive Score (PS) of C.07: the sum of the participant's running scores after each
//! round; Cut-n leaves out the first n rounds' running scores.

use super::rounds::Context;
use super::{Spec, Value};

pub(crate) fn compute(ctx: &Context, spec: &Spec) -> Vec<Value> {
    ctx.players
        .iter()
        .map(|p| {
            let mut running = 0i64;
            let mut sum = None;
            for (i, r) in p.rounds.iter().enumerate() {
                running += i64::from(r.pts);
                if i as u32 >= spec.cut_low {
                    sum = Some(sum.unwrap_or(0) + running);
                }
            }
            // No round left after the cut prints as a bare 0, as FIDE's calculator prints it.
            sum.map_or(Value::int(0), Value::tenths)
        })
        .collect()
}
