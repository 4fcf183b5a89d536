//! What a pairing system is asked and what it answers: the round to pair with the players
//! present, and the games (White first) plus the pairing-allocated bye; the one interface every
//! system implements (`PairingSystem`, in `interface`) and the absolute rules a system declares
//! for the checkers written apart from the engine ([`Invariants`]).
//!
//! Board order follows the C.04.2 recommendation: (1) the higher score of the higher-ranked
//! player of the pair, (2) the higher sum of both scores, (3) the smaller pairing number of the
//! higher-ranked player. The bye is written last, as `N 0` (JaVaFo / bbpPairings output).

mod interface;
mod invariants;

#[cfg(feature = "oracle")]
pub(crate) use interface::LiteralOracle;
pub(crate) use interface::{AnySystem, Info, PairingSystem};
pub use invariants::{ByeRule, ColourRule, Invariants};

use crate::history::histories;
use crate::model::{PlayerId, RoundEntry, Tournament, Unplayed};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A request to pair one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The round to pair, 1-based. The history is rounds `1 .. round`.
    pub round: usize,
    /// Pairing numbers of the players to pair this round.
    pub present: BTreeSet<PlayerId>,
}

impl Request {
    /// The next round of a tournament file: the round after the last paired one. Players with a
    /// requested bye or an absence already written in that round's column (`H`, `F`, `Z`,
    /// `0000 - Z`), in `XXZ`, or withdrawn, are not paired; everybody else is.
    pub fn next_round(t: &Tournament) -> Request {
        let round = t.rounds_paired() + 1;
        let present = t
            .players
            .iter()
            .filter(|p| !t.absent_next.contains(&p.id))
            .filter(|p| match p.rounds.get(round - 1) {
                None | Some(RoundEntry::Unplayed(Unplayed::Absent)) => {
                    // Withdrawn earlier means withdrawn for good.
                    !p.rounds
                        .contains(&RoundEntry::Unplayed(Unplayed::Withdrawn))
                }
                Some(e) => e.was_paired(),
            })
            .map(|p| p.id)
            .collect();
        Request { round, present }
    }

    /// A round already in the file (for checking): the players who were paired in it, i.e. who
    /// have a game, a forfeit or the pairing-allocated bye in that round.
    pub fn replay(t: &Tournament, round: usize) -> Request {
        let present = t
            .players
            .iter()
            .filter(|p| p.rounds.get(round - 1).is_some_and(|e| e.was_paired()))
            .map(|p| p.id)
            .collect();
        Request { round, present }
    }
}

/// The pairing of a round.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Pairing {
    /// Games as (white, black), in board order.
    pub games: Vec<(PlayerId, PlayerId)>,
    /// The player receiving the pairing-allocated bye, if any.
    pub bye: Option<PlayerId>,
}

impl Pairing {
    /// The pairing as read from round `round` of a tournament file (for comparisons).
    pub fn from_round(t: &Tournament, round: usize) -> Pairing {
        let mut games = Vec::new();
        let mut bye = None;
        for p in &t.players {
            match p.rounds.get(round - 1) {
                Some(RoundEntry::Game {
                    opponent, color, ..
                }) if *color == crate::model::Color::White => games.push((p.id, *opponent)),
                Some(RoundEntry::Unplayed(Unplayed::Pab)) => bye = Some(p.id),
                _ => {}
            }
        }
        let mut pairing = Pairing { games, bye };
        pairing.sort_boards(t, round);
        pairing
    }

    /// The pairing of `games` (White, Black) and `bye` given as indices, `id` naming each
    /// index's player, in C.04.2 board order for round `round`.
    pub(crate) fn from_indices(
        t: &Tournament,
        round: usize,
        id: impl Fn(usize) -> PlayerId,
        games: &[(usize, usize)],
        bye: Option<usize>,
    ) -> Pairing {
        let mut p = Pairing {
            games: games.iter().map(|&(w, b)| (id(w), id(b))).collect(),
            bye: bye.map(&id),
        };
        p.sort_boards(t, round);
        p
    }

    /// Puts the games in C.04.2 board order, with scores before round `round`.
    pub fn sort_boards(&mut self, t: &Tournament, round: usize) {
        let h = histories(t, round.saturating_sub(1));
        let score = |id: PlayerId| {
            t.index_of(id)
                .map(|i| h[i].pairing_score())
                .unwrap_or_default()
        };
        let key = |&(w, b): &(PlayerId, PlayerId)| {
            let (sw, sb) = (score(w), score(b));
            // The higher-ranked player: higher score, then smaller pairing number (A.2).
            let (hs, hid) = if (sw, std::cmp::Reverse(w)) >= (sb, std::cmp::Reverse(b)) {
                (sw, w)
            } else {
                (sb, b)
            };
            (std::cmp::Reverse(hs), std::cmp::Reverse(sw + sb), hid)
        };
        self.games.sort_by_key(key);
    }

    /// The engine output format: number of pairs, then `white black` per board, the bye as `N 0`.
    pub fn to_engine_text(&self) -> String {
        let mut s = String::new();
        let n = self.games.len() + usize::from(self.bye.is_some());
        let _ = writeln!(s, "{n}");
        for (w, b) in &self.games {
            let _ = writeln!(s, "{w} {b}");
        }
        if let Some(b) = self.bye {
            let _ = writeln!(s, "{b} 0");
        }
        s
    }

    /// The games as an order-independent set of (white, black).
    pub fn game_set(&self) -> BTreeSet<(PlayerId, PlayerId)> {
        self.games.iter().copied().collect()
    }
}

/// What an engine reports besides a pairing: facts a caller should pass on (a search limit
/// reached), which are not part of the pairing itself. Summed over rounds with
/// [`Diagnostics::add`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    /// Dutch 2012: requirement levels whose search reached the node limit and were taken as
    /// not met (the safety net deciding instead of the rules, so the round may not be paired
    /// as JaVaFo 1.4 pairs it).
    pub searches_given_up: u64,
}

impl Diagnostics {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Diagnostics) {
        self.searches_given_up += other.searches_given_up;
    }

    /// Nothing to report.
    pub fn is_empty(&self) -> bool {
        *self == Diagnostics::default()
    }
}

/// A round's pairing with the engine's diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnosed {
    pub pairing: Pairing,
    pub diagnostics: Diagnostics,
}

impl From<Pairing> for Diagnosed {
    /// A pairing with nothing to report.
    fn from(pairing: Pairing) -> Diagnosed {
        Diagnosed {
            pairing,
            diagnostics: Diagnostics::default(),
        }
    }
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (C.04.3 A.9: the arbiter decides).
    #[error("no valid pairing exists: {0}")]
    NoValidPairing(String),
    /// The request does not fit the tournament.
    #[error("invalid request: {0}")]
    InvalidRequest(String),
    /// The round is beyond a capacity limit of the engine (weights wider than its integers, a
    /// search's node limit, a literal oracle's field size): not a verdict of the rules.
    #[error("too large for this engine: {0}")]
    TooLarge(String),
    /// The engine itself failed: an external program that could not be run, ran past its time
    /// limit, exited with an error or answered with output that does not parse.
    #[error("engine failure: {0}")]
    Engine(String),
}
