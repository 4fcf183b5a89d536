//! The Lim System, C.04.4.3 (approved by the 1987 General Assembly, amended in 1988, 1989, 1997,
//! 1998 and 1999; approved again by the Council on 28/10/2025, applied from 1 February 2026), as
//! far as its text could be read (docs/systems/lim.md gives the source and the readings):
//!
//! - Art. 1.1, the pairing-allocated bye (with the Basic Rules' eligibility), in `groups`;
//! - Art. 2.1, compatibility, in `compat`;
//! - Art. 2.2, scoregroups, the Median Scoregroup and the order of pairing, in `groups`;
//! - Art. 2.3 (2.3.1-2.3.4), the players transferred to a neighbouring scoregroup, in
//!   `transfer`.
//!
//! The text after Art. 2.3 (how the floater is selected "if a choice is available", how a
//! scoregroup is paired, how transferred players are paired where they arrive, the colours, the
//! first round) could not be read. The round is followed in the order of Art. 2.2 (`walk`) as
//! long as Art. 1.1-2.3 decide every step; the first step they leave open is refused with
//! [`PairingError::TextUnavailable`], naming the article and the scoregroup. Nothing is guessed.
//! `pair --explain` prints what the readable articles decided up to there (`account`).

mod account;
mod compat;
mod groups;
#[cfg(test)]
mod tests;
mod transfer;
mod walk;

use crate::forbidden::ForbiddenPairs;
use crate::history::{histories_in, Edition};
use crate::model::{Color, PlayerId, Tournament};
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::score::Score;
use crate::systems::common::round::{check_round_number, present};
use std::collections::BTreeSet;

/// A player to pair, as the Lim articles read him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LimPlayer {
    /// Pairing number (TPN).
    pub id: PlayerId,
    /// Score for pairing (with the acceleration's virtual points, C.04.7).
    pub score: Score,
    /// Colours of the games played, in order (C.04.2: unplayed rounds left out).
    pub colours: Vec<Color>,
    /// The players he has played over the board, and those the arbiter forbids him (Art. 2.1).
    pub met: BTreeSet<PlayerId>,
    /// May receive the pairing-allocated bye (Basic Rules 2026 Art. 4).
    pub bye_eligible: bool,
}

/// The round to pair: its number, the players present in rank order
/// (score descending, then TPN: the "rank" of Art. 1.1).
#[derive(Clone, Debug)]
pub(crate) struct LimRound {
    pub round: usize,
    pub players: Vec<LimPlayer>,
    /// Twice the score of the Median Scoregroup, in tenths (Art. 2.2).
    pub median_twice: i64,
}

/// Reads round `req.round` of `t` for the Lim articles.
fn prepare(t: &Tournament, req: &Request) -> Result<LimRound, PairingError> {
    check_round_number(req.round)?;
    let rounds = req.round - 1;
    let hist = histories_in(t, rounds, Edition::Y2026);
    let forbidden = ForbiddenPairs::new(t, req.round);
    let mut players = Vec::with_capacity(req.present.len());
    for (id, i) in present(t, req)? {
        let h = &hist[i];
        let mut met: BTreeSet<PlayerId> = h.opponents.iter().copied().collect();
        if forbidden.names(id) {
            met.extend(
                req.present
                    .iter()
                    .copied()
                    .filter(|&o| forbidden.contains(id, o)),
            );
        }
        players.push(LimPlayer {
            id,
            score: h.pairing_score(),
            colours: h.colors.clone(),
            met,
            bye_eligible: h.may_get_pab(Edition::Y2026),
        });
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    Ok(LimRound {
        round: req.round,
        median_twice: groups::median_twice(&t.points, rounds),
        players,
    })
}

/// The Lim System, as far as its text could be read.
pub(crate) struct Lim;

impl PairingSystem for Lim {
    type Round = LimRound;

    fn info(&self) -> Info {
        Info {
            name: "lim",
            label: "Lim 2026 (Art. 1.1-2.3)",
            aliases: &[],
            title: "Lim System, C.04.4.3 approved 28/10/2025 (in force from 1 February 2026): Art. 1.1-2.3 only",
            // ETT26 has no Lim code (trf-formats.md, E): it is named by a 092 line.
            codes_192: &[],
            text_092: "Individual  Swiss Lim rules",
            // A text naming Double-Swiss is Double-Swiss's.
            names_in_092: |c| c.contains("SWISS LIM") && !c.contains("DOUBLE-SWISS"),
            invariants: Invariants {
                // Art. 1.1 adds to the Basic Rules' Art. 3; their Art. 4 bars as in 2026.
                bye: ByeRule::ByeOrWinWithoutPlaying,
                // Art. 2.1: no third colour in a row, never three more of one colour; no exception
                // is named.
                colours: ColourRule::PerPlayer {
                    topscorer_exempt: false,
                },
                lowest_bye_score: false,
                partial_text: true,
            },
        }
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<LimRound, PairingError> {
        prepare(t, req)
    }

    /// A round Art. 1.1-2.3 decide entirely (no player, or one player and his bye) is paired;
    /// any other is refused with [`PairingError::TextUnavailable`] naming the first article
    /// not read that it needs.
    fn pair(
        &self,
        _t: &Tournament,
        _req: &Request,
        r: &LimRound,
    ) -> Result<Diagnosed, PairingError> {
        let w = walk::walk(r);
        if let Some(why) = w.refused {
            return Err(PairingError::TextUnavailable(format!(
                "C.04.4.3 Lim System, round {}: {why} (pair --explain shows what Art. 1.1-2.3 \
                 decide; docs/systems/lim.md)",
                r.round
            )));
        }
        Ok(Pairing {
            games: Vec::new(),
            bye: w.bye.map(|i| r.players[i].id),
        }
        .into())
    }

    /// What Art. 1.1-2.3 decide of round `req.round`, scoregroup by scoregroup, and where the
    /// readable text ends.
    fn explain(&self, t: &Tournament, req: &Request, _pairing: &Pairing) -> String {
        match prepare(t, req) {
            Ok(r) => account::render(&r, &walk::walk(&r)),
            Err(e) => format!("Lim System (C.04.4.3), round {}: {e}\n", req.round),
        }
    }
}

/// Pairs round `req.round` of `t` as far as Art. 1.1-2.3 decide it (for the tests).
#[cfg(test)]
pub(crate) fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    let r = prepare(t, req)?;
    Lim.pair(t, req, &r).map(|d| d.pairing)
}

/// `pair --explain` of round `req.round` (for the tests).
#[cfg(test)]
pub(crate) fn explain(t: &Tournament, req: &Request) -> String {
    Lim.explain(t, req, &Pairing::default())
}
