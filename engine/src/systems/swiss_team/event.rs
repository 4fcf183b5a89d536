//! A team event ([`TeamEvent`], read from a team file) as the round the Swiss Team pairing reads
//! ([`RoundInput`]): the one mapping from the team model to the pairing's input.
//!
//! - The event's rules: the colour type (1.7) and the primary and secondary score (1.2.1) from
//!   the `192` code; the number of rounds from `XXR` / `142` (undeclared: no round is one of
//!   the last two); the initial-colour (4.1) declared by `152` / `XXC`, else read back from the
//!   first match of round 1 with a colour through 4.3.1, else White.
//! - Each team's facts ([`history::Fact`]) from its derived rounds ([`TeamEvent::rounds`]):
//!   the match and game points the model computed (`162`, `362`, the `320` PAB values), board
//!   1's scheduled colour, whether the match was played (one board over the board), a win by
//!   forfeit; a round with neither a match nor the PAB is an absence. [`history::teams_before`]
//!   applies Article 1 to them.

use super::history::{self, Fact};
use super::input::{ColourType, Event, Primary, RoundInput};
use super::readings;
use crate::model::{Color, GameResult};
use crate::pairing::PairingError;
use crate::team::{self, ScoreKind, TeamEvent, TeamRequest, TeamRound, TeamRounds};

/// The round `req` of `ev` as the pairing reads it, with the event's derived rounds.
pub(crate) fn round_input(
    ev: &TeamEvent,
    req: &TeamRequest,
) -> Result<(RoundInput, TeamRounds), PairingError> {
    let invalid = |why: String| PairingError::InvalidRequest(format!("Swiss Team: {why}"));
    let rounds = ev
        .rounds()
        .map_err(|e| invalid(format!("the team event's rounds do not add up: {e}")))?;
    if req.round == 0 {
        return Err(invalid("round 0 is no round (rounds count from 1)".into()));
    }
    let n = u32::try_from(ev.teams.len()).map_err(|_| invalid("too many teams".into()))?;
    for (i, t) in ev.teams.iter().enumerate() {
        if t.tpn as usize != i + 1 {
            return Err(invalid(format!(
                "the teams are numbered 1 to {n} (C.04.6 1.1.1): team {:?} has number {} where \
                 {} is expected",
                t.name,
                t.tpn,
                i + 1
            )));
        }
    }
    let played: Vec<Vec<Fact>> = (0..req.round - 1)
        .map(|r| {
            rounds
                .rounds
                .iter()
                .map(|rs| rs.get(r).map_or(Fact::Absent, fact))
                .collect()
        })
        .collect();
    let score_use = ev.score_use();
    let primary = match score_use.primary {
        ScoreKind::MatchPoints => Primary::MatchPoints,
        ScoreKind::GamePoints => Primary::GamePoints,
    };
    let total_rounds = match req.total_rounds {
        0 => req.round + 2,
        n => n,
    };
    let event = Event {
        colour_type: match ev.colour_type() {
            team::ColourType::TypeA => ColourType::A,
            team::ColourType::TypeB => ColourType::B,
            team::ColourType::NoPreferences => ColourType::NoPreferences,
        },
        primary,
        secondary_for_colours: score_use.secondary.is_some(),
        round: req.round,
        total_rounds,
        initial_colour: initial_colour(ev, &rounds),
        forbidden: Vec::new(),
    };
    let teams = history::teams_before(n, &played, primary, &req.absent);
    Ok((RoundInput { event, teams }, rounds))
}

/// One team's round as a [`Fact`].
fn fact(r: &TeamRound) -> Fact {
    match r {
        TeamRound::Match(m) => Fact::Match {
            opponent: m.opponent,
            colour: m.color,
            played: readings::match_was_played(!m.played),
            won: m.result == GameResult::Win,
            match_points: m.match_points,
            game_points: m.game_points,
        },
        TeamRound::Pab {
            match_points,
            game_points,
        } => Fact::Pab {
            match_points: *match_points,
            game_points: *game_points,
        },
        TeamRound::Absent => Fact::Absent,
    }
}

/// 4.1: declared, else read back from round 1 (module doc), else White.
fn initial_colour(ev: &TeamEvent, rounds: &TeamRounds) -> Color {
    if let Some(c) = ev.tournament.initial_color {
        return c;
    }
    // In round 1 no team has a score or a colour: the first-team of a pair is the one with the
    // smaller TPN (4.2.3), White when its TPN is odd under a White initial-colour (4.3.1).
    rounds
        .teams
        .iter()
        .zip(&rounds.rounds)
        .find_map(|(&tpn, rs)| match rs.first() {
            Some(TeamRound::Match(m)) if tpn < m.opponent => {
                m.color.map(|c| if tpn % 2 == 1 { c } else { c.opposite() })
            }
            _ => None,
        })
        .unwrap_or(Color::White)
}
