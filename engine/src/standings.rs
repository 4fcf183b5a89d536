//! Standings of a tournament file: the system the file names (`192`, `092`) says which games
//! count as played ([`System::seen_for_standings`]: Double-Swiss counts a single forfeited
//! game of a regular match as played, C.04.5 Preface), then the tie-breaks of
//! [`crate::tiebreak`] rank the players (C.07 4.2). The tie-break module itself asks nothing
//! of the systems.
//!
//! ```
//! use swisslab_engine::standings::standings;
//! use swisslab_engine::tiebreak::{parse_list, Edition};
//! use swisslab_engine::trf;
//!
//! // Two rounds of four players: Alpha won both.
//! let text = "012 Example\nXXR 2\n\
//!     001    1      Alpha                             2000                             2.0          3 w 1     2 b 1\n\
//!     001    2      Beta                              1900                             1.0          4 b 1     1 w 0\n\
//!     001    3      Gamma                             1800                             0.0          1 b 0     4 w 0\n\
//!     001    4      Delta                             1700                             1.0          2 w 0     3 b 1\n";
//! let t = trf::read_str(text)?;
//! let specs = parse_list("PTS BH")?;
//! let st = standings(&t, &specs, Edition::Fide2026);
//! assert_eq!(st.rows[0].id, 1);
//! assert_eq!(st.rows[0].values[0].to_string(), "2.0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::model::Tournament;
use crate::system::System;
use crate::tiebreak::{self, Edition, Spec, Standings};

/// Ranks `t`'s players by points and the tie-breaks of `specs` in order, with the games its
/// system counts as played ([`tiebreak::standings`] on the tournament as the system sees it).
pub fn standings(t: &Tournament, specs: &[Spec], edition: Edition) -> Standings {
    let seen = System::from_trf(t)
        .ok()
        .flatten()
        .and_then(|s| s.seen_for_standings(t));
    tiebreak::standings(seen.as_ref().unwrap_or(t), specs, edition)
}
