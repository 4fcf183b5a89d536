//! The one interface every pairing system implements: [`PairingSystem`], the entry points a
//! caller needs of a system (in the manner of bbpPairings' per-system `Info`).
//!
//! A system is one type in its own folder (`systems/<system>/`) implementing
//! [`PairingSystem`]; the registry ([`crate::System`]) holds one value of each behind
//! [`AnySystem`], and every command, the checker, the simulator and the fuzz targets reach the
//! system through the registry only. Nothing outside the system's folder knows how it pairs.
//! The trait lives here, below the systems and the registry, so that both depend on it and it
//! on neither.
//!
//! A system whose pairing unit is a team (the Swiss Team System) implements the team methods
//! (`pairs_teams`, `pair_team`, `explain_team`, `first_team_difference`) and refuses a players'
//! round in `prepare`; every other system keeps their defaults, which refuse a team event.

use super::invariants::Invariants;
use super::{Diagnosed, Pairing, PairingError, Request};
use crate::model::{Color, Tournament};
use crate::team::{TeamEvent, TeamPairing, TeamRequest};

/// What a system declares of itself: its names on the command line, in output files and in
/// tournament files, and the absolute rules its pairings meet.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Info {
    /// The name used on the command line and in output files (`dutch-2017`).
    pub name: &'static str,
    /// Other names accepted on the command line (`burstein` for the edition in force).
    pub aliases: &'static [&'static str],
    /// The short name people use, in prose (`Dutch 2026`).
    pub label: &'static str,
    /// One line saying which rules these are.
    pub title: &'static str,
    /// The TRF-2026 `192` tournament types that name it (each also with `_BAKU`), the one it
    /// is written with first; empty when no code names it (then a `092` line does).
    pub codes_192: &'static [&'static str],
    /// The `092` tournament type it is written with (JaVaFo's wording where it has one).
    pub text_092: &'static str,
    /// True when the free text of a `092` line (upper-cased) names this system. The registry
    /// asks the systems in its order (`System::ALL`) and takes the first that answers
    /// yes, so a text naming two systems is read as the one each predicate leaves it to.
    pub names_in_092: fn(&str) -> bool,
    /// The absolute rules its pairings meet, as the checkers written apart from the engine
    /// read them (the simulator's invariants, the fuzz oracle).
    pub invariants: Invariants,
}

/// A literal reference implementation of a system: the round paired by plain enumeration of
/// the candidates in the order of the rules (a test oracle, exponential).
#[cfg(feature = "oracle")]
pub(crate) type LiteralOracle = fn(&Tournament, &Request) -> Result<Pairing, PairingError>;

/// One pairing system: one edition of one set of rules, behind the same entry points as every
/// other. Implemented once per system, in the system's folder.
pub(crate) trait PairingSystem: Sync {
    /// The round as the system reads it before pairing it: its players ranked with the facts
    /// its articles read, the pairs its absolute criteria allow.
    type Round;

    /// Its names, codes and absolute rules.
    fn info(&self) -> Info;

    /// Reads round `req.round` of `t` (rounds `1 .. req.round` are the history) for pairing;
    /// a request that does not fit the tournament is [`PairingError::InvalidRequest`].
    fn prepare(&self, t: &Tournament, req: &Request) -> Result<Self::Round, PairingError>;

    /// Pairs the prepared round, with what the engine reports besides the pairing
    /// ([`crate::pairing::Diagnostics`]). The pairing numbers are those of `t`.
    fn pair(
        &self,
        t: &Tournament,
        req: &Request,
        round: &Self::Round,
    ) -> Result<Diagnosed, PairingError>;

    /// A human-readable account of how round `req.round` is paired (`pair --explain`);
    /// `pairing` is the pairing being explained.
    fn explain(&self, t: &Tournament, req: &Request, pairing: &Pairing) -> String;

    /// The first criterion, by article, on which `file` and `ours` (two pairings of round
    /// `req.round`) differ (`check`); `None` when the system does not weigh candidates by
    /// criteria.
    fn first_difference(
        &self,
        _t: &Tournament,
        _req: &Request,
        _file: &Pairing,
        _ours: &Pairing,
    ) -> Option<String> {
        None
    }

    /// The initial colour of `t`: declared, else as the system infers it from round 1.
    fn initial_colour(&self, t: &Tournament) -> Color {
        crate::colour::initial_colour(t)
    }

    /// Why the system reads no `_BAKU` `192` code (the Baku Acceleration, C.04.7), or `None`
    /// when it reads them ([`crate::acceleration`] accelerates its players).
    fn no_baku(&self) -> Option<&'static str> {
        None
    }

    /// True when the system pairs teams (its rounds are [`PairingSystem::pair_team`]'s).
    fn pairs_teams(&self) -> bool {
        false
    }

    /// Pairs round `req.round` of the team event `ev`; a system that pairs players refuses.
    fn pair_team(&self, _ev: &TeamEvent, _req: &TeamRequest) -> Result<TeamPairing, PairingError> {
        Err(refuse_teams(self.info()))
    }

    /// A human-readable account of how round `req.round` of `ev` is paired (`pair --explain`).
    fn explain_team(
        &self,
        _ev: &TeamEvent,
        _req: &TeamRequest,
        _pairing: &TeamPairing,
    ) -> Result<String, PairingError> {
        Err(refuse_teams(self.info()))
    }

    /// The first criterion, by article, on which `file` and `ours` (two pairings of round
    /// `req.round` of `ev`) differ (`check`); `None` when they do not, or the system pairs
    /// players.
    fn first_team_difference(
        &self,
        _ev: &TeamEvent,
        _req: &TeamRequest,
        _file: &TeamPairing,
        _ours: &TeamPairing,
    ) -> Option<String> {
        None
    }

    /// The round columns one pairing round takes in a tournament file (two for a match of two
    /// games).
    fn columns_per_round(&self) -> usize {
        1
    }

    /// The tournament as standings and tie-breaks see it, when the system changes which games
    /// count as played (Double-Swiss: a single forfeited game of a regular match); `None` when
    /// it changes nothing.
    fn seen_for_standings(&self, _t: &Tournament) -> Option<Tournament> {
        None
    }

    /// The system's literal reference implementation, or `None` when it has none.
    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle> {
        None
    }
}

/// The refusal of a team event by a system that pairs players.
fn refuse_teams(info: Info) -> PairingError {
    PairingError::InvalidRequest(format!(
        "{} pairs players, not teams: a team event (310 or 013 team records) is paired by the \
         Swiss Team system (swiss-team)",
        info.label
    ))
}

/// The entry points of a [`PairingSystem`] behind a reference, so that the registry can hold
/// one of each system: `prepare` then `pair` as one call. Implemented for every
/// [`PairingSystem`], never by hand.
pub(crate) trait AnySystem: Sync {
    fn info(&self) -> Info;
    fn pair_diagnosed(&self, t: &Tournament, req: &Request) -> Result<Diagnosed, PairingError>;
    fn explain(&self, t: &Tournament, req: &Request, pairing: &Pairing) -> String;
    fn first_difference(
        &self,
        t: &Tournament,
        req: &Request,
        file: &Pairing,
        ours: &Pairing,
    ) -> Option<String>;
    fn initial_colour(&self, t: &Tournament) -> Color;
    fn no_baku(&self) -> Option<&'static str>;
    fn pairs_teams(&self) -> bool;
    fn pair_team(&self, ev: &TeamEvent, req: &TeamRequest) -> Result<TeamPairing, PairingError>;
    fn explain_team(
        &self,
        ev: &TeamEvent,
        req: &TeamRequest,
        pairing: &TeamPairing,
    ) -> Result<String, PairingError>;
    fn first_team_difference(
        &self,
        ev: &TeamEvent,
        req: &TeamRequest,
        file: &TeamPairing,
        ours: &TeamPairing,
    ) -> Option<String>;
    fn columns_per_round(&self) -> usize;
    fn seen_for_standings(&self, t: &Tournament) -> Option<Tournament>;
    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle>;
}

impl<S: PairingSystem> AnySystem for S {
    fn info(&self) -> Info {
        PairingSystem::info(self)
    }

    fn pair_diagnosed(&self, t: &Tournament, req: &Request) -> Result<Diagnosed, PairingError> {
        let round = self.prepare(t, req)?;
        PairingSystem::pair(self, t, req, &round)
    }

    fn explain(&self, t: &Tournament, req: &Request, pairing: &Pairing) -> String {
        PairingSystem::explain(self, t, req, pairing)
    }

    fn first_difference(
        &self,
        t: &Tournament,
        req: &Request,
        file: &Pairing,
        ours: &Pairing,
    ) -> Option<String> {
        PairingSystem::first_difference(self, t, req, file, ours)
    }

    fn initial_colour(&self, t: &Tournament) -> Color {
        PairingSystem::initial_colour(self, t)
    }

    fn no_baku(&self) -> Option<&'static str> {
        PairingSystem::no_baku(self)
    }

    fn pairs_teams(&self) -> bool {
        PairingSystem::pairs_teams(self)
    }

    fn pair_team(&self, ev: &TeamEvent, req: &TeamRequest) -> Result<TeamPairing, PairingError> {
        PairingSystem::pair_team(self, ev, req)
    }

    fn explain_team(
        &self,
        ev: &TeamEvent,
        req: &TeamRequest,
        pairing: &TeamPairing,
    ) -> Result<String, PairingError> {
        PairingSystem::explain_team(self, ev, req, pairing)
    }

    fn first_team_difference(
        &self,
        ev: &TeamEvent,
        req: &TeamRequest,
        file: &TeamPairing,
        ours: &TeamPairing,
    ) -> Option<String> {
        PairingSystem::first_team_difference(self, ev, req, file, ours)
    }

    fn columns_per_round(&self) -> usize {
        PairingSystem::columns_per_round(self)
    }

    fn seen_for_standings(&self, t: &Tournament) -> Option<Tournament> {
        PairingSystem::seen_for_standings(self, t)
    }

    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle> {
        PairingSystem::literal_oracle(self)
    }
}
