//! The pairing systems swisslab implements, behind one seam: the registry [`System`].
//!
//! Every command (`pair`, `check`, `bench`, `generate`, `simulate`, `--explain`), the checker,
//! the fuzz targets and the simulator reach a pairing system through [`System`]; no caller
//! names a system's module. Each system is one type in its own folder (`systems/<system>/`)
//! implementing the one trait `PairingSystem` (`pairing/interface.rs`), whose folder names the
//! rule articles it implements; this module only chooses one. Adding a system is its folder, one
//! line in the registry below, and its docs page.
//!
//! Which system a tournament file asks for (TRF-2026 `192`, else a `092` line naming one) is
//! read by [`System::from_trf`] (`codes.rs`); the command line wins over the file, and with
//! neither the edition in force is used ([`System::DEFAULT`]). A `192` code swisslab does
//! not read (`FIDE_LIM`, which ETT26 does not define: Lim is named by a `092` line; a typo) is
//! an [`UnsupportedCode`] error listing the codes it reads, never a silent Dutch pairing. The `_BAKU` suffix of a `192` code asks for the Baku
//! Acceleration, which [`crate::acceleration`] applies for every system.
//!
//! ```
//! use swisslab_engine::pairing::Request;
//! use swisslab_engine::{trf, System};
//!
//! let text = "012 Example\nXXR 3\n\
//!     001    1      Alpha                             2000\n\
//!     001    2      Beta                              1900\n\
//!     001    3      Gamma                             1800\n\
//!     001    4      Delta                             1700\n";
//! let t = trf::read_str(text)?;
//! let system: System = "dutch-2026".parse()?;
//! assert_eq!(System::resolve(None, &t)?, System::DEFAULT);
//! let pairing = system.pair(&t, &Request::next_round(&t))?;
//! // Round 1: the top half against the bottom half, the initial colour (White) on board 1.
//! assert_eq!(pairing.games, [(1, 3), (4, 2)]);
//! assert_eq!(pairing.bye, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod codes;
#[cfg(test)]
mod tests;

pub use codes::{UnknownSystem, UnsupportedCode};

use crate::model::{Color, Tournament};
use crate::pairing::{AnySystem, Diagnosed, Invariants, Pairing, PairingError, Request};
use crate::positional::Positional;
use crate::systems;
use crate::team::{TeamEvent, TeamPairing, TeamRequest};
use std::fmt;

/// Declares [`System`] with one variant per registry line, [`System::ALL`] in the order of
/// the lines, and the implementation each variant chooses.
macro_rules! registry {
    ($( $(#[doc = $doc:literal])* $(#[cfg($cfg:meta)])? $variant:ident => $imp:expr, )+) => {
        /// A pairing system (one edition of one set of FIDE rules). The variants are declared
        /// in the order `--help` lists them, which is also their order ([`Ord`]).
        ///
        /// ```
        /// use swisslab_engine::System;
        ///
        /// // The command line's names and aliases, and what each system declares.
        /// let s: System = "burstein".parse()?;
        /// assert_eq!(s, System::Burstein2026);
        /// assert_eq!(s.name(), "burstein-2026");
        /// assert_eq!(System::DoubleSwiss.columns_per_round(), 2);
        /// assert_eq!(System::ALL[0], System::DEFAULT);
        /// assert!("dutch-1990".parse::<System>().is_err());
        /// # Ok::<(), swisslab_engine::system::UnknownSystem>(())
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum System {
            $( $(#[doc = $doc])* $(#[cfg($cfg)])? $variant, )+
        }

        impl System {
            /// Every system, in the order `--help` lists them.
            pub const ALL: &'static [System] = &[ $( $(#[cfg($cfg)])? System::$variant, )+ ];

            /// The implementation this variant chooses.
            fn imp(self) -> &'static dyn AnySystem {
                match self {
                    $( $(#[cfg($cfg)])? System::$variant => &$imp, )+
                }
            }
        }
    };
}

// The registry: one line per system, in the order `--help` lists them.
registry! {
    /// FIDE (Dutch) System, C.04.3 approved 28/10/2025 (in force from 1 February 2026).
    Dutch2026 => systems::dutch::edition_2026::DUTCH_2026,
    /// FIDE (Dutch) System, C.04.3 of Baku 2016 / Goynuk 2017 (in force until 31 January 2026).
    Dutch2017 => systems::dutch::edition_2017::DUTCH_2017,
    /// FIDE (Dutch) System as agreed by the 83rd FIDE Congress, Istanbul 2012 (2012-2016).
    Dutch2012 => systems::dutch2012::Dutch2012,
    /// Dubov System, C.04.4.1 approved 28/10/2025 (in force from 1 February 2026).
    Dubov2026 => systems::dubov::edition_2026::Dubov2026,
    /// Dubov System, approved by the 1997 General Assembly.
    Dubov1997 => systems::dubov::edition_1997::Dubov1997,
    /// FIDE Swiss System based on rating, approved by the 1992, 1997 and 1998 General
    /// Assemblies.
    Rating1998 => systems::rating1998::Rating1998,
    /// Lim System, C.04.4.3 approved 28/10/2025 (in force from 1 February 2026).
    Lim => systems::lim::Lim,
    /// Burstein System, C.04.4.2 approved 28/10/2025 (in force from 1 February 2026).
    Burstein2026 => systems::burstein::Burstein2026,
    /// Double-Swiss System, C.04.5 approved 28/10/2025 (in force from 1 February 2026): every
    /// pairing is a match of two games, written as two round columns.
    DoubleSwiss => systems::double_swiss::DoubleSwiss,
    /// Swiss Team Pairing System, C.04.6 approved 28/10/2025 (in force from 1 February 2026):
    /// teams paired, by [`System::pair_team`] on a team event.
    SwissTeam => systems::swiss_team::SwissTeam,
    /// A toy system of the engine's own tests (`systems/toy`).
    #[cfg(test)]
    Toy => systems::toy::Toy,
}

impl System {
    /// The system used when neither the command line nor the file names one: the edition in
    /// force.
    pub const DEFAULT: System = System::Dutch2026;

    /// The name used on the command line and in output files (`dutch-2017`).
    pub fn name(self) -> &'static str {
        self.imp().info().name
    }

    /// Other names accepted on the command line: `burstein` for the edition in force.
    pub fn aliases(self) -> &'static [&'static str] {
        self.imp().info().aliases
    }

    /// The short name people use, in prose (`Dutch 2026`, `rating-based 1998`).
    pub fn label(self) -> &'static str {
        self.imp().info().label
    }

    /// One line saying which rules these are.
    pub fn title(self) -> &'static str {
        self.imp().info().title
    }

    /// The TRF-2026 `192` tournament type this system is written with (`FIDE_DUTCH_2025`, what
    /// bbpPairings v6 and Gacrux read as the 2026 rules), or `None` when no code names it (then
    /// [`System::trf_text`] goes into `092`). With `baku`, the `_BAKU` variant (C.04.7).
    /// A system that reads no `_BAKU` code (the Swiss Team System) has no Baku code: `None`.
    pub fn trf_code(self, baku: bool) -> Option<String> {
        let base = self.imp().info().codes_192.first()?;
        if baku && self.imp().no_baku().is_some() {
            return None;
        }
        Some(if baku {
            format!("{base}_BAKU")
        } else {
            base.to_string()
        })
    }

    /// The `092` tournament type this system is written with, read back by
    /// [`System::from_code`] (JaVaFo's wording where it has one).
    pub fn trf_text(self) -> &'static str {
        self.imp().info().text_092
    }

    /// Pairs round `req.round` of `t` among `req.present`.
    /// With `XXC rank` the round is paired by the positions of the `001` lines
    /// ([`Positional`]) and reported in the file's pairing numbers.
    pub fn pair(self, t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
        self.pair_diagnosed(t, req).map(|d| d.pairing)
    }

    /// [`System::pair`], with what the engine reports besides the pairing (a search limit
    /// reached: [`Diagnostics`](crate::pairing::Diagnostics)).
    pub fn pair_diagnosed(self, t: &Tournament, req: &Request) -> Result<Diagnosed, PairingError> {
        if let Some(pos) = Positional::of(t) {
            return self
                .imp()
                .pair_diagnosed(&pos.tournament, &pos.request(req))
                .map(|d| Diagnosed {
                    pairing: pos.to_file(&d.pairing),
                    ..d
                });
        }
        self.imp().pair_diagnosed(t, req)
    }

    /// True when the system pairs teams (the Swiss Team System): its rounds are paired by
    /// [`System::pair_team`], and [`System::pair`] refuses a players' tournament.
    pub fn pairs_teams(self) -> bool {
        self.imp().pairs_teams()
    }

    /// Pairs round `req.round` of the team event `event` among the teams not absent. A system
    /// that pairs players refuses ([`PairingError::InvalidRequest`]).
    pub fn pair_team(
        self,
        event: &TeamEvent,
        req: &TeamRequest,
    ) -> Result<TeamPairing, PairingError> {
        self.imp().pair_team(event, req)
    }

    /// A human-readable account of how a team round was paired (`pair --explain`): per
    /// bracket, what the procedure did.
    pub fn explain_team(
        self,
        event: &TeamEvent,
        req: &TeamRequest,
        pairing: &TeamPairing,
    ) -> Result<String, PairingError> {
        self.imp().explain_team(event, req, pairing)
    }

    /// Why `file` and `ours`, two pairings of round `req.round` of a team event, differ: the
    /// first criterion or colour rule by article, with both values; `None` when they pair alike
    /// (colours included) or the system pairs players.
    pub fn first_team_difference(
        self,
        event: &TeamEvent,
        req: &TeamRequest,
        file: &TeamPairing,
        ours: &TeamPairing,
    ) -> Option<String> {
        self.imp().first_team_difference(event, req, file, ours)
    }

    /// A human-readable account of how the round was paired (`pair --explain`).
    pub fn explain(self, t: &Tournament, req: &Request, pairing: &Pairing) -> String {
        if let Some(pos) = Positional::of(t) {
            let text = self.imp().explain(
                &pos.tournament,
                &pos.request(req),
                &pos.to_positions(pairing),
            );
            return format!(
                "XXC rank: paired by the positions of the 001 lines; the numbers below are \
                 those positions\n{text}"
            );
        }
        self.imp().explain(t, req, pairing)
    }

    /// Why `file` and `ours` (the engine's), two pairings of round `req.round` of `t`, differ:
    /// the first criterion by article on which they differ, with both values, or that they tie
    /// and differ by the generation order. `None` for a system whose engine does not weigh
    /// candidates by criteria (the 2012 procedure of requirement levels).
    pub fn first_difference(
        self,
        t: &Tournament,
        req: &Request,
        file: &Pairing,
        ours: &Pairing,
    ) -> Option<String> {
        if let Some(pos) = Positional::of(t) {
            let (file, ours) = (pos.to_positions(file), pos.to_positions(ours));
            return self
                .imp()
                .first_difference(&pos.tournament, &pos.request(req), &file, &ours);
        }
        self.imp().first_difference(t, req, file, ours)
    }

    /// A test oracle: the round paired by the system's literal, enumerating reference
    /// implementation of its candidate sequence (for small fields only; exponential), or `None`
    /// when the system has none. Only with the `oracle` feature.
    #[cfg(feature = "oracle")]
    pub fn pair_with_literal_oracle(
        self,
        t: &Tournament,
        req: &Request,
    ) -> Option<Result<Pairing, PairingError>> {
        self.imp().literal_oracle().map(|pair| pair(t, req))
    }

    /// The round columns one pairing round takes in a tournament file: two for Double-Swiss
    /// (a match of two games, one column per game, C.04.5 Preface), one otherwise.
    pub fn columns_per_round(self) -> usize {
        self.imp().columns_per_round()
    }

    /// The initial colour of `t`: declared, else as this system infers it from round 1.
    pub fn initial_colour(self, t: &Tournament) -> Color {
        self.imp().initial_colour(t)
    }

    /// The absolute rules this system's pairings meet, for the checkers written apart from the
    /// engine (the simulator's invariants, the fuzz oracle).
    pub fn invariants(self) -> Invariants {
        self.imp().info().invariants
    }

    /// `t` as standings and tie-breaks see it under this system: Double-Swiss counts a single
    /// forfeited game of a regular match as played (C.04.5 Preface); `None` when the system
    /// changes nothing.
    pub fn seen_for_standings(self, t: &Tournament) -> Option<Tournament> {
        self.imp().seen_for_standings(t)
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
