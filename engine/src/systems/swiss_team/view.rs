//! The Swiss Team view of a round: the present teams as units of the shared procedure
//! ([`crate::systems::common::brackets`]), in the order of 1.2 and 1.3.1 (primary score
//! descending, TPN ascending), with C1 (and the competition's forbidden pairs), C2, 1.5 and 1.7.

use super::input::{RoundInput, Team};
use super::{preference, readings};
use crate::pairing::PairingError;
use crate::systems::common::brackets::{Field, Unit};

/// The field of the round, and the team behind each unit (index into `input.teams`).
pub(crate) fn field(input: &RoundInput) -> Result<(Field, Vec<usize>), PairingError> {
    input.validate()?;
    let e = &input.event;
    let last_round = e.round == e.total_rounds;
    let mut order: Vec<usize> = (0..input.teams.len())
        .filter(|&i| input.teams[i].present)
        .collect();
    let t = |i: usize| &input.teams[i];
    order.sort_by(|&a, &b| {
        t(b).primary(e.primary)
            .cmp(&t(a).primary(e.primary))
            .then(t(a).tpn.cmp(&t(b).tpn))
    });
    let units: Vec<Unit> = order
        .iter()
        .map(|&i| unit(t(i), input, last_round))
        .collect();
    let forbidden = |a: u32, b: u32| e.forbidden.contains(&(a, b)) || e.forbidden.contains(&(b, a));
    let compat = Field::compatibility(&units, forbidden);
    Ok((
        Field {
            system: "Swiss Team",
            units,
            compat,
            float_criteria: readings::float_criteria(e.round, e.total_rounds),
            last_round,
            round: e.round,
            initial_colour: e.initial_colour,
        },
        order,
    ))
}

fn unit(t: &Team, input: &RoundInput, last_round: bool) -> Unit {
    let e = &input.event;
    Unit {
        id: t.tpn,
        score: t.primary(e.primary),
        colours: t.colours.clone(),
        met: t.met.clone(),
        matches_played: t.matches_played,
        pab_ok: !readings::pab_barred(t),
        floated: t.floated,
        preference: preference::preference(&t.colours, e.colour_type, last_round),
    }
}
