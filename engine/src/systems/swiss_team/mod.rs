//! The Swiss Team Pairing System, C.04.6 (approved 28/10/2025, applied from 1 February 2026):
//! teams paired by match points (or game points), with weak colour preferences and no
//! downfloaters.
//!
//! Sources: the handbook page (https://handbook.fide.com/chapter/SwissTeamPairingSystem202602)
//! as `../shared/reference/swiss-team-2026.md` reconstructs it article by article from two
//! independent verbatim quotations. The readings taken where it is open are in `readings`, with
//! the reasons in docs/systems/swiss-team.md.
//!
//! Articles, and where they are implemented:
//! - Preface: Basic Rules 6 and 7 never apply (no colour rule is absolute: there is no colour
//!   criterion among C1-C3), GHR 3.2-3.5 (absent teams not paired, forfeits no meeting).
//! - 1.1 TPN (kept by absent teams), 1.2 primary and secondary score, 1.4 PAB as a drawn match,
//!   1.5 floaters of the previous round, 1.6.1 board 1's colour in played matches, C2's list:
//!   `input` (the facts per team) and `history` (the facts from an event's matches).
//! - 1.6.2 colour difference, 1.7 Type A, Type B or no preferences: `preference`.
//! - 1.3 brackets, Art. 2 criteria C1-C10 and Art. 3 procedure (3.4 PAB first, 3.5 upfloaters,
//!   3.6 bracket pairing by identifier): the procedure shared with the Double-Swiss text,
//!   [`crate::systems::common::brackets`], on the view of `view`.
//! - Art. 4 colour allocation (4.2 first-team, 4.3.1-4.3.9): `colour`.
//! - GHR 3.6 board order: [`pair_round`].
//! - `difference`: the first article at which another pairing of the round departs; `peer`
//!   (tests): the pairing-core corpus re-paired and tallied.
//!
//! Not yet reachable through [`crate::System`]: the team model and the team TRF records fill
//! [`input::RoundInput`] in a later step.

pub(crate) mod colour;
pub(crate) mod difference;
pub(crate) mod history;
pub(crate) mod input;
#[cfg(test)]
mod peer;
pub(crate) mod preference;
pub(crate) mod readings;
#[cfg(test)]
mod tests;
pub(crate) mod view;

use crate::model::Color;
use crate::pairing::PairingError;
use crate::systems::common::brackets::procedure::{self, Outcome};
use crate::systems::common::brackets::Field;
use input::{RoundInput, TeamPairing};

/// Pairs one round of a team event (Articles 3 and 4).
pub(crate) fn pair_round(input: &RoundInput) -> Result<TeamPairing, PairingError> {
    let (f, order) = view::field(input)?;
    let out = procedure::pair_field(&f)?;
    Ok(to_pairing(input, &f, &order, &out))
}

/// Pairs one round by the literal procedure (plain enumeration), the test oracle of
/// [`pair_round`].
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn pair_round_literal(input: &RoundInput) -> Result<TeamPairing, PairingError> {
    let (f, order) = view::field(input)?;
    let out = crate::systems::common::brackets::literal::pair_field(&f)?;
    Ok(to_pairing(input, &f, &order, &out))
}

/// The White and Black team (TPNs) of the pair of field indices `x`, `y` (Article 4), with the
/// step of 4.3 that decided.
pub(crate) fn colours(
    input: &RoundInput,
    f: &Field,
    order: &[usize],
    (x, y): (usize, usize),
) -> (u32, u32, colour::Rule) {
    let e = &input.event;
    let (tx, ty) = (&input.teams[order[x]], &input.teams[order[y]]);
    let (first, other) = if colour::a_is_first(e, tx, ty) {
        (x, y)
    } else {
        (y, x)
    };
    let (c, rule) = colour::first_team_colour(
        e.colour_type,
        e.initial_colour,
        &f.units[first],
        &f.units[other],
    );
    let (a, b) = (f.units[first].id, f.units[other].id);
    match c {
        Color::White => (a, b, rule),
        Color::Black => (b, a, rule),
    }
}

/// The pairs with their colours, in the board order of GHR 3.6 (the higher score of the pair's
/// higher-ranked team, then the higher sum of scores, then the smaller TPN of the higher-ranked
/// team), and the PAB.
fn to_pairing(input: &RoundInput, f: &Field, order: &[usize], out: &Outcome) -> TeamPairing {
    let mut keyed = Vec::new();
    for b in &out.brackets {
        for &(x, y) in &b.pairs {
            // Field indices follow the 1.2 order: the smaller index ranks higher.
            let (hi, lo) = (x.min(y), x.max(y));
            let key = (
                std::cmp::Reverse(f.units[hi].score),
                std::cmp::Reverse(f.units[hi].score + f.units[lo].score),
                f.units[hi].id,
            );
            let (w, bl, _) = colours(input, f, order, (x, y));
            keyed.push((key, (w, bl)));
        }
    }
    keyed.sort();
    TeamPairing {
        pairs: keyed.into_iter().map(|(_, p)| p).collect(),
        bye: out.bye.map(|i| f.units[i].id),
    }
}
