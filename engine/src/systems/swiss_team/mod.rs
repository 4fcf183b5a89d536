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
//! - `event`: a team event of the team model ([`crate::team::TeamEvent`]) as the round to pair;
//!   `explain`: `pair --explain`'s account of a round.
//!
//! [`SwissTeam`] is the system of the registry ([`crate::System::SwissTeam`]): it pairs team
//! events ([`crate::System::pair_team`]) and refuses a players' tournament.

pub(crate) mod colour;
pub(crate) mod difference;
pub(crate) mod event;
mod explain;
pub(crate) mod history;
pub(crate) mod input;
#[cfg(test)]
mod peer;
pub(crate) mod preference;
pub(crate) mod readings;
#[cfg(test)]
mod tests;
pub(crate) mod view;

use crate::model::{Color, Tournament};
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::systems::common::brackets::procedure::{self, Outcome};
use crate::systems::common::brackets::Field;
use crate::team::{self, TeamEvent, TeamRequest};
use input::{RoundInput, TeamPairing};

/// The Swiss Team Pairing System, C.04.6 (2026), as the registry holds it.
pub(crate) struct SwissTeam;

/// The `192` codes of the system (swiss-team-2026.md §10): `FIDE_TEAM[_TYPEA|_TYPEB]`, with
/// no score, one (primary) or two (primary, secondary); `FIDE_TEAM` is written.
const CODES: &[&str] = &[
    "FIDE_TEAM",
    "FIDE_TEAM_MP",
    "FIDE_TEAM_GP",
    "FIDE_TEAM_MP_GP",
    "FIDE_TEAM_GP_MP",
    "FIDE_TEAM_TYPEA",
    "FIDE_TEAM_TYPEA_MP",
    "FIDE_TEAM_TYPEA_GP",
    "FIDE_TEAM_TYPEA_MP_GP",
    "FIDE_TEAM_TYPEA_GP_MP",
    "FIDE_TEAM_TYPEB",
    "FIDE_TEAM_TYPEB_MP",
    "FIDE_TEAM_TYPEB_GP",
    "FIDE_TEAM_TYPEB_MP_GP",
    "FIDE_TEAM_TYPEB_GP_MP",
];

/// The refusal of a players' tournament.
const PLAYERS: &str = "Swiss Team pairs teams, not players: the file has no team records (310, or \
     013 with a FIDE_TEAM 192 code)";

impl PairingSystem for SwissTeam {
    type Round = ();

    fn info(&self) -> Info {
        Info {
            name: "swiss-team",
            label: "Swiss Team 2026",
            aliases: &["team", "fide-team"],
            title: "Swiss Team Pairing System, C.04.6 approved 28/10/2025 (in force from 1 \
                    February 2026)",
            codes_192: CODES,
            text_092: "Team Swiss Team 2026 rules",
            names_in_092: |c| c.contains("SWISS TEAM") || c.contains("TEAM SWISS"),
            invariants: Invariants {
                // C2: a PAB, a match won by forfeit or a full-point bye bars the PAB.
                bye: ByeRule::ByeOrForfeitWin,
                // No colour criterion among C1-C3 (Preface: Basic Rules 6 and 7 never apply).
                colours: ColourRule::Unlimited,
                // 3.4.2: the PAB goes to the lowest score.
                lowest_bye_score: true,
            },
        }
    }

    fn prepare(&self, _t: &Tournament, _req: &Request) -> Result<(), PairingError> {
        Err(PairingError::InvalidRequest(PLAYERS.to_string()))
    }

    fn pair(&self, _t: &Tournament, _req: &Request, _: &()) -> Result<Diagnosed, PairingError> {
        Err(PairingError::InvalidRequest(PLAYERS.to_string()))
    }

    fn explain(&self, _t: &Tournament, _req: &Request, _pairing: &Pairing) -> String {
        format!("{PLAYERS}\n")
    }

    fn no_baku(&self) -> Option<&'static str> {
        Some(
            "the Baku Acceleration of team events is not implemented: C.04.6 leaves open \
             whether a floater is judged on the accelerated or the real score \
             (swiss-team-2026.md §8 A8), and the acceleration gives virtual points to players, \
             not teams",
        )
    }

    fn pairs_teams(&self) -> bool {
        true
    }

    fn pair_team(
        &self,
        ev: &TeamEvent,
        req: &TeamRequest,
    ) -> Result<team::TeamPairing, PairingError> {
        let (input, _) = event::round_input(ev, req)?;
        pair_round(&input).map(public)
    }

    fn explain_team(
        &self,
        ev: &TeamEvent,
        req: &TeamRequest,
        pairing: &team::TeamPairing,
    ) -> Result<String, PairingError> {
        let (input, _) = event::round_input(ev, req)?;
        explain::explain(&input, ev, pairing)
    }

    fn first_team_difference(
        &self,
        ev: &TeamEvent,
        req: &TeamRequest,
        file: &team::TeamPairing,
        _ours: &team::TeamPairing,
    ) -> Option<String> {
        let (input, _) = event::round_input(ev, req).ok()?;
        let (f, order) = view::field(&input).ok()?;
        let out = procedure::pair_field(&f).ok()?;
        let theirs = TeamPairing {
            pairs: file.matches.clone(),
            bye: file.bye,
        };
        difference::first(&input, (&f, &order), &out, &theirs)
    }
}

/// The pairing as the team model's callers see it.
fn public(p: TeamPairing) -> team::TeamPairing {
    team::TeamPairing {
        matches: p.pairs,
        bye: p.bye,
    }
}

/// Pairs one round of a team event (Articles 3 and 4).
pub(crate) fn pair_round(input: &RoundInput) -> Result<TeamPairing, PairingError> {
    let (f, order) = view::field(input)?;
    let out = procedure::pair_field(&f)?;
    Ok(to_pairing(input, &f, &order, &out))
}

/// Pairs one round by the literal procedure (plain enumeration), the test oracle of
/// [`pair_round`].
#[cfg(test)]
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
