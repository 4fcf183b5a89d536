//! The pairing procedure the Swiss Team text (C.04.6, 2026) and the Double-Swiss text (C.04.5,
//! 2026) share word for word ("team" for "player"): Articles 3.3-3.6 with the criteria C1-C7
//! and the bracket criteria of 3.6.4, on a view of the units to pair (players or teams) that each
//! system fills from its own records.
//!
//! - 1.3.2 brackets of residents and upfloaters (no downfloaters), 3.3 the outline (the PAB
//!   first, then the top scoregroup with its upfloaters, bracket by bracket): `procedure`.
//! - 3.4 the PAB (C2 eligibility, C3 completion, lowest score, most matches played, largest
//!   TPN): `procedure`, with [`crate::systems::common::bye::lowest_bye`].
//! - 3.5 the upfloaters (C4, C5, C6, C7 and the 3.5.4 order): `procedure`.
//! - 3.6 the bracket pairing (C1, the team text's colour criteria C8 and C9, the float criterion
//!   C10 = C.04.5 C8, then the first identifier of 3.6.2): `procedure` and `feasible`.
//! - The readings the two texts share (C5's order, C6's "unless" clause, the counting of the
//!   float criterion, the colour criteria per pair): `readings`.
//! - `literal`: the same procedure by plain enumeration, the oracle of the fast one.
//! - `account`: the shared part of a `pair --explain` account (the PAB, the brackets' residents
//!   and upfloaters).
//! - `difference`: the first step of Article 3 at which another pairing of the round departs.
//!
//! The Double-Swiss text has no colour criteria: its units carry no colour preference, so C8
//! and C9 count nothing there.

pub(crate) mod account;
pub(crate) mod difference;
pub(crate) mod feasible;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod literal;
pub(crate) mod procedure;
pub(crate) mod readings;

use crate::model::{Color, PlayerId};
use crate::score::Score;

/// The strength of a colour preference (C.04.6 1.7): Type A knows one ("simple"), Type B two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// Type B 1.7.2, a mild preference.
    Mild,
    /// Type A 1.7.1, the only strength of Type A.
    Simple,
    /// Type B 1.7.2, a strong preference (the Type A conditions).
    Strong,
}

/// A unit's colour preference for the round being paired (C.04.6 1.7), if any.
pub(crate) type Preference = Option<(Color, Strength)>;

/// One unit (a player of a Double-Swiss match, a team) before the round to pair.
#[derive(Clone, Debug)]
pub(crate) struct Unit {
    /// The TPN (1.1).
    pub id: PlayerId,
    /// The score the scoregroups are made of (C.04.6 1.2 the primary score; C.04.5 game
    /// points), with any virtual points of acceleration.
    pub score: Score,
    /// The colours of the rounds with a colour (1.6), oldest first.
    pub colours: Vec<Color>,
    /// Opponents met (C1).
    pub met: Vec<PlayerId>,
    /// Matches played (3.4.3).
    pub matches_played: u32,
    /// C2: may receive the PAB.
    pub pab_ok: bool,
    /// 1.5: a floater in the previous round.
    pub floated: bool,
    /// C.04.6 1.7: the colour preference (always `None` in C.04.5).
    pub preference: Preference,
}

/// The units to pair, in the 1.2 order (score descending, TPN ascending), with their
/// compatibility (C1 and the competition's forbidden pairs).
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// The system's name, for messages.
    pub system: &'static str,
    pub units: Vec<Unit>,
    /// `compat[i][j]`: units `i` and `j` (indices in `units`) may be paired.
    pub compat: Vec<Vec<bool>>,
    /// The float criteria (C7 and C10; C.04.5 C7 and C8) apply this round.
    pub float_criteria: bool,
    /// The last round (match) of the event.
    pub last_round: bool,
    /// The round (C.04.5: match) being paired, 1-based.
    pub round: usize,
    /// The initial colour (4.1).
    pub initial_colour: Color,
}

impl Field {
    /// The compatibility matrix of `units` (in the 1.2 order): not the same unit, not met
    /// (C1, by either's record), and not forbidden by `forbidden`.
    pub fn compatibility(
        units: &[Unit],
        forbidden: impl Fn(PlayerId, PlayerId) -> bool,
    ) -> Vec<Vec<bool>> {
        units
            .iter()
            .map(|a| {
                units
                    .iter()
                    .map(|b| {
                        a.id != b.id
                            && !a.met.contains(&b.id)
                            && !b.met.contains(&a.id)
                            && !forbidden(a.id, b.id)
                    })
                    .collect()
            })
            .collect()
    }
}
