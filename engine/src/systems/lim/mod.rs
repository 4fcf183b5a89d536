//! The Lim System, C.04.4.3 (approved by the 1987 General Assembly, amended in 1988, 1989, 1997,
//! 1998 and 1999; approved again by the Council on 28/10/2025, applied from 1 February 2026),
//! article by article as the shared data set's `reference/lim-and-double-swiss-2026.md`
//! reconstructs it
//! (docs/systems/lim.md gives each statement's backing and the readings chosen where the text is
//! silent, all of them in `readings`):
//!
//! - Art. 1.1 and 7.1, the pairing-allocated bye, and Art. 2.2, the scoregroups, the Median
//!   Scoregroup and the order of pairing, in `groups`;
//! - Art. 2.1 and Art. 6, compatibility (the last round lifts the colour limits), in `compat`;
//! - Art. 2.3, the players transferred before a scoregroup is paired, in `transfer`;
//! - Art. 3 (3.2-3.5, 3.9, 3.10), the choice of a floater, in `floaters`;
//! - Art. 2.4-2.5 and 4, the proposed pairings and the exchanges, with 3.6-3.8 (the floaters
//!   first) and 5.2 (the second scrutiny, for colour), in `scrutiny` and `exchange`;
//! - Art. 4.4, a scoregroup that cannot be paired completely, in `scrutiny` and `procedure`;
//! - Art. 2.6, the blocked Median Scoregroup, and the round as a whole, in `procedure`;
//! - Art. 5 and 7.2, the colours, in `colour`.
//!
//! The procedure asks two kinds of question it does not decide itself: can these players all
//! be paired, and how many pairs can they make at most (4.4, 2.6, 3.10.2, and "available" in
//! 3.8 and 4). `reach` answers them with a matching; `literal` (the oracle of the tests) is the
//! same procedure answering them by enumeration. `pair --explain` prints the procedure's
//! account (`account`), and `check` names the first step at which a file's pairing departs
//! from it (`difference`).

mod account;
mod colour;
mod compat;
mod difference;
mod exchange;
mod floaters;
mod groups;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod literal;
mod procedure;
mod reach;
mod readings;
mod scrutiny;
#[cfg(test)]
mod tests;
mod trace;
mod transfer;

use crate::forbidden::ForbiddenPairs;
use crate::history::{histories_in, Edition};
use crate::model::{Color, PlayerId, RoundEntry, Tournament};
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::score::Score;
use crate::systems::common::round::{check_round_number, present};
use std::collections::BTreeSet;

/// A player to pair, as the Lim articles read him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LimPlayer {
    /// Pairing number (TPN): #1 is the "highest numbered" player (4.2).
    pub id: PlayerId,
    /// Score for pairing (with the acceleration's virtual points, C.04.7).
    pub score: Score,
    /// Rating (0 when unrated): Art. 7.1 and the Maxi-tournament limits (3.2.3, 3.8, 5.7).
    pub rating: u16,
    /// Colours of the games played, in order (C.04.2 Art. 3.4: unplayed rounds left out).
    pub colours: Vec<Color>,
    /// The players he has played over the board, and those the arbiter forbids him (Art. 2.1).
    pub met: BTreeSet<PlayerId>,
    /// May receive the pairing-allocated bye (Basic Rules 2026 Art. 4).
    pub bye_eligible: bool,
    /// Was paired in the previous round with an opponent of another score (3.10).
    pub floated_last: bool,
    /// The colour due to him this round (`readings::due_colour`), none before his first game.
    pub due: Option<Color>,
}

/// The round to pair.
#[derive(Clone, Debug)]
pub(crate) struct LimRound {
    pub round: usize,
    /// The players present in rank order (score descending, then TPN: the "rank" of 1.1).
    pub players: Vec<LimPlayer>,
    /// Twice the score of the Median Scoregroup, in tenths (Art. 2.2).
    pub median_twice: i64,
    /// The last round (Art. 6): the total of rounds is known and this is it.
    pub last_round: bool,
    /// A Maxi-tournament (3.2.3, 3.8, 5.7), as `readings::maxi_tournament` decides.
    pub maxi: bool,
    /// The colour drawn by lot for #1 (Art. 7.2).
    pub initial: Color,
    /// For Art. 7.2: each player's number among the players present, in pairing-number order.
    pub number: Vec<usize>,
    /// Art. 2.1 (with Art. 6): `compat[i][j]`.
    pub compat: Vec<Vec<bool>>,
}

impl LimRound {
    /// Art. 2.1 (Art. 6 in the last round).
    pub fn compatible(&self, i: usize, j: usize) -> bool {
        self.compat[i][j]
    }

    /// The pairing number of the player at index `i`.
    pub fn id(&self, i: usize) -> PlayerId {
        self.players[i].id
    }
}

/// Whether round `round` of `t`'s player `id` was paired (a game, played or forfeited) with an
/// opponent whose pairing score before that round differed from his (3.10).
fn floated_in(t: &Tournament, id: PlayerId, round: usize) -> bool {
    if round == 0 {
        return false;
    }
    let score_before = |who: PlayerId| -> Score {
        let Some(p) = t.player(who) else {
            return Score::ZERO;
        };
        p.rounds
            .iter()
            .take(round - 1)
            .map(|e| t.points.points(e))
            .sum::<Score>()
            + t.acceleration_for(who, round)
    };
    match t.player(id).and_then(|p| p.rounds.get(round - 1)) {
        Some(RoundEntry::Game { opponent, .. }) => score_before(*opponent) != score_before(id),
        _ => false,
    }
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
            rating: t.players[i].rating,
            colours: h.colors.clone(),
            met,
            bye_eligible: h.may_get_pab(Edition::Y2026),
            floated_last: floated_in(t, id, rounds),
            due: readings::due_colour(&h.colors, req.round),
        });
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let mut by_number: Vec<usize> = (0..players.len()).collect();
    by_number.sort_by_key(|&i| players[i].id);
    let mut number = vec![0; players.len()];
    for (k, &i) in by_number.iter().enumerate() {
        number[i] = k + 1;
    }
    let last_round = t
        .total_rounds
        .is_some_and(|total| total as usize == req.round);
    let n = players.len();
    let mut compat = vec![vec![false; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let ok = compat::compatible(&players[i], &players[j], last_round);
            compat[i][j] = ok;
            compat[j][i] = ok;
        }
    }
    Ok(LimRound {
        round: req.round,
        median_twice: groups::median_twice(&t.points, rounds),
        last_round,
        maxi: readings::maxi_tournament(t.players.len(), t.total_rounds),
        initial: crate::colour::initial_colour(t),
        number,
        compat,
        players,
    })
}

/// The Lim System (C.04.4.3), every article as reconstructed.
pub(crate) struct Lim;

impl PairingSystem for Lim {
    type Round = LimRound;

    fn info(&self) -> Info {
        Info {
            name: "lim",
            label: "Lim 2026",
            aliases: &[],
            title: "Lim System, C.04.4.3 approved 28/10/2025 (in force from 1 February 2026)",
            // ETT26 has no Lim code (trf-formats.md, E): it is named by a 092 line.
            codes_192: &[],
            text_092: "Individual  Swiss Lim rules",
            // A text naming Double-Swiss is Double-Swiss's.
            names_in_092: |c| c.contains("SWISS LIM") && !c.contains("DOUBLE-SWISS"),
            invariants: Invariants {
                // Art. 1.1 adds to the Basic Rules' Art. 3; their Art. 4 bars as in 2026.
                bye: ByeRule::ByeOrWinWithoutPlaying,
                // Art. 2.1: no third colour in a row, never three more of one colour; Art. 6:
                // in the last round same-score pairing goes before the colour limits.
                colours: ColourRule::PerPlayer {
                    topscorer_exempt: false,
                    last_round_exempt: true,
                },
                lowest_bye_score: false,
            },
        }
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<LimRound, PairingError> {
        prepare(t, req)
    }

    /// Pairs the round by the procedure of Art. 1-8.
    fn pair(
        &self,
        t: &Tournament,
        _req: &Request,
        r: &LimRound,
    ) -> Result<Diagnosed, PairingError> {
        procedure::pair_round(r, &reach::Matching)
            .pairing(t, r)
            .map(Diagnosed::from)
    }

    /// The procedure's account of round `req.round`, step by step with the article of each
    /// step.
    fn explain(&self, t: &Tournament, req: &Request, _pairing: &Pairing) -> String {
        match prepare(t, req) {
            Ok(r) => account::render(&r, &procedure::pair_round(&r, &reach::Matching)),
            Err(e) => format!("Lim System (C.04.4.3), round {}: {e}\n", req.round),
        }
    }

    /// The first step, by article, at which `file` departs from the procedure.
    fn first_difference(
        &self,
        t: &Tournament,
        req: &Request,
        file: &Pairing,
        _ours: &Pairing,
    ) -> Option<String> {
        Some(first_difference(t, req, file))
    }

    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<crate::pairing::LiteralOracle> {
        Some(literal::pair)
    }
}

/// Pairs round `req.round` of `t` by the Lim System.
#[cfg(test)]
pub(crate) fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    let r = prepare(t, req)?;
    Lim.pair(t, req, &r).map(|d| d.pairing)
}

/// `pair --explain` of round `req.round`.
#[cfg(test)]
pub(crate) fn explain(t: &Tournament, req: &Request) -> String {
    Lim.explain(t, req, &Pairing::default())
}

/// Why `file` (a pairing of round `req.round` of `t` that differs from swisslab's) is not
/// what the Lim procedure pairs: the first step, by article, at which it departs from the
/// procedure, with the deciding values.
pub(crate) fn first_difference(t: &Tournament, req: &Request, file: &Pairing) -> String {
    match prepare(t, req) {
        Ok(r) => difference::first(&r, &procedure::pair_round(&r, &reach::Matching), file),
        Err(e) => format!("the round cannot be read: {e}"),
    }
}
