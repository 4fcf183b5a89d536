//! What a team pairing system is asked and what it answers: the round of a [`TeamEvent`] to
//! pair with the teams absent from it ([`TeamRequest`]), and the matches by board-1 colour plus
//! the pairing-allocated bye ([`TeamPairing`]); the colour preferences the event's `192` code
//! names ([`ColourType`], C.04.6 1.7). A system pairs them through
//! [`crate::System::pair_team`].
//!
//! ```
//! use swisslab_engine::team::{TeamPairing, TeamRequest};
//! use swisslab_engine::{trf, System};
//!
//! // Four teams of two boards, no round played yet.
//! let mut text = String::from("012 Example\n192 FIDE_TEAM\nXXR 5\n352 WB\n");
//! for (i, name) in ["Alpha", "Beta", "Gamma", "Delta"].iter().enumerate() {
//!     for b in 1..=2 {
//!         let id = 2 * i + b;
//!         text += &format!("001 {id:>4}      {:<33} 2000\n", format!("{name} {b}"));
//!     }
//!     text += &format!("310 {:>3} {name:<32}{:33}{:>4} {:>4}\n", i + 1, "", 2 * i + 1, 2 * i + 2);
//! }
//! let event = trf::read_team_str(&text)?;
//! let req = TeamRequest::next_round(&event);
//! assert_eq!((req.round, req.total_rounds), (1, 5));
//! let system = System::from_trf(&event.tournament)?.expect("192 names it");
//! assert!(system.pairs_teams());
//! // Round 1: the top half against the bottom half, team 1 White on board 1 (4.1, 4.2).
//! assert_eq!(
//!     system.pair_team(&event, &req)?,
//!     TeamPairing { matches: vec![(1, 3), (4, 2)], bye: None }
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{TeamEvent, TeamId, TeamRound, TeamRounds};
use crate::model::Color;
use crate::pairing::Request;
use std::fmt::Write as _;

/// A request to pair one round of a team event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRequest {
    /// The round to pair, 1-based. The history is rounds `1 .. round`.
    pub round: usize,
    /// The number of rounds of the event (`XXR` / `142`); `0` when the file does not declare
    /// it: then no round is taken as one of the last two (C7, C10, 1.7.2), as the individual
    /// systems take no round as the last without `XXR`.
    pub total_rounds: usize,
    /// Teams not paired this round (GHR 3.2, 3.3), by pairing number.
    pub absent: Vec<TeamId>,
}

impl TeamRequest {
    /// The next round of a team file: the round after the last one with a match or a PAB;
    /// the number of rounds from `XXR` / `142`. A team none of whose members is to be paired
    /// (each absent in `XXZ`, written absent in that round's column, or withdrawn:
    /// [`Request::next_round`]) is absent, as is a team a `240` record names for the round; a
    /// team with a member to pair is paired.
    pub fn next_round(event: &TeamEvent) -> TeamRequest {
        let t = &event.tournament;
        let round = t.rounds_paired().max(event.last_team_record_round()) + 1;
        let players = Request::next_round(t);
        // A `240` bye or absence of the round to pair takes the team out of it too.
        let announced: Vec<TeamId> = event
            .byes
            .iter()
            .filter(|b| b.round as usize == round)
            .flat_map(|b| b.teams.iter().copied())
            .collect();
        let absent = event
            .teams
            .iter()
            .filter(|team| {
                announced.contains(&team.tpn)
                    || (!team.members.is_empty()
                        && team.members.iter().all(|m| !players.present.contains(m)))
            })
            .map(|team| team.tpn)
            .collect();
        TeamRequest {
            round,
            total_rounds: total_rounds(event),
            absent,
        }
    }

    /// Round `round` as the file has it (for checking): the teams absent from it (neither a
    /// match nor the PAB) are the absent ones.
    pub fn replay(event: &TeamEvent, rounds: &TeamRounds, round: usize) -> TeamRequest {
        let absent = rounds
            .teams
            .iter()
            .zip(&rounds.rounds)
            .filter(|(_, rs)| {
                matches!(
                    rs.get(round.wrapping_sub(1)),
                    None | Some(TeamRound::Absent)
                )
            })
            .map(|(&tpn, _)| tpn)
            .collect();
        TeamRequest {
            round,
            total_rounds: total_rounds(event),
            absent,
        }
    }
}

/// `XXR` / `142`, else `0`.
fn total_rounds(event: &TeamEvent) -> usize {
    event.tournament.total_rounds.map_or(0, |r| r as usize)
}

/// The pairing of a team round.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TeamPairing {
    /// Matches as (the team White on board 1, the team Black on board 1), in board order (GHR
    /// 3.6).
    pub matches: Vec<(TeamId, TeamId)>,
    /// The team receiving the pairing-allocated bye (C.04.6 1.4), if any.
    pub bye: Option<TeamId>,
}

impl TeamPairing {
    /// The pairing of round `round` (1-based) as a team file has it: each match by its board-1
    /// colours (a match whose board 1 carries no colour, forfeited as a whole, by the `330`
    /// record's White team, else the smaller pairing number first), in the order of the teams
    /// White; the PAB.
    pub fn from_round(rounds: &TeamRounds, round: usize) -> TeamPairing {
        let mut matches = Vec::new();
        let mut bye = None;
        for (&tpn, rs) in rounds.teams.iter().zip(&rounds.rounds) {
            match rs.get(round.wrapping_sub(1)) {
                Some(TeamRound::Match(m)) => {
                    let white = match m.color {
                        Some(c) => c == Color::White,
                        None => tpn < m.opponent,
                    };
                    if white {
                        matches.push((tpn, m.opponent));
                    }
                }
                Some(TeamRound::Pab { .. }) => bye = Some(tpn),
                _ => {}
            }
        }
        TeamPairing { matches, bye }
    }

    /// The engine output format of the individual systems, with team pairing numbers: the
    /// number of pairs, then `white black` per match, the PAB as `N 0` (reference §10: no
    /// format is defined for teams; this one is reused).
    pub fn to_engine_text(&self) -> String {
        let mut s = String::new();
        let n = self.matches.len() + usize::from(self.bye.is_some());
        let _ = writeln!(s, "{n}");
        for (w, b) in &self.matches {
            let _ = writeln!(s, "{w} {b}");
        }
        if let Some(b) = self.bye {
            let _ = writeln!(s, "{b} 0");
        }
        s
    }

    /// The matches as an order-independent set of unordered pairs (smaller number first).
    pub fn pair_set(&self) -> std::collections::BTreeSet<(TeamId, TeamId)> {
        self.matches
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect()
    }
}

/// Which colour preferences a team competition uses (C.04.6 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourType {
    /// 1.7.1, the default.
    TypeA,
    /// 1.7.2: strong and mild preferences.
    TypeB,
    /// No colour preferences.
    NoPreferences,
}

impl ColourType {
    /// The colour type a `192` code names: `_TYPEA` / `_TYPEB`; a code with neither names no
    /// colour preferences when it names a score (`FIDE_TEAM_MP_GP`, and `CUSTOM_TEAM_SWISS…`,
    /// which names none of the FIDE types), else Type A (`FIDE_TEAM`, `FIDE_TEAM_BAKU`:
    /// `FIDE_TEAM_TYPEA_MP_GP`); swiss-team-2026.md §10, the reading of Gacrux and
    /// MarkDechamps. `None` for a code that is no team Swiss code.
    pub fn from_code(code: &str) -> Option<ColourType> {
        super::ScoreUse::from_code(code)?;
        let code = code.trim().to_ascii_uppercase();
        if code.starts_with("CUSTOM_TEAM_SWISS") {
            return Some(ColourType::NoPreferences);
        }
        let parts: Vec<&str> = code.split('_').collect();
        Some(if parts.contains(&"TYPEA") {
            ColourType::TypeA
        } else if parts.contains(&"TYPEB") {
            ColourType::TypeB
        } else if parts.contains(&"MP") || parts.contains(&"GP") {
            ColourType::NoPreferences
        } else {
            ColourType::TypeA
        })
    }
}

impl TeamEvent {
    /// The colour preferences of the event: from its `192` code, else Type A (C.04.6 1.7.1,
    /// the default).
    pub fn colour_type(&self) -> ColourType {
        self.tournament
            .system_code()
            .and_then(ColourType::from_code)
            .unwrap_or(ColourType::TypeA)
    }
}
