//! The readings swisslab takes where the Swiss Team text (C.04.6, 2026, as
//! `../shared/reference/swiss-team-2026.md` reconstructs it) is open, each in one place. The
//! open points of that reference's table (§8) and where each is decided; docs/systems/
//! swiss-team.md ("Readings") gives the text, the reading and why for each.
//!
//! - A1 (Type B, last round, CD 0 with the last two colours alike): [`strong_in_last_round`].
//! - A3 (a forfeited match is no meeting) and A9 (3.4.3 counts played matches only):
//!   [`match_was_played`], used by `history`.
//! - A4 (C2's own list: PAB, forfeit win, full-point bye; a half-point bye does not bar):
//!   [`pab_barred`].
//! - A5 (C5 from the lowest upfloater score), A6 (C6 graded, with its "unless" clause), A7
//!   ("complies" = the least value, then the first in order), A12 (4.3.6 on played-only
//!   histories aligned at their ends) and the counting of C10 in a pair of two upfloaters: shared
//!   with the Double-Swiss text, taken once in [`crate::systems::common::brackets::readings`].
//! - A13 (the team's colour is board 1's scheduled colour in a played match): `history`.
//! - The PAB's game points with an odd number of boards, and the PAB as no floater:
//!   [`pab_game_points`], [`floater`].
//! - The last two rounds of C7 and C10: [`float_criteria`].

use super::input::Team;
use crate::score::Score;

/// A1: under Type B, in the last round, a team with CD 0 whose last two played matches had the
/// same colour keeps its strong preference: the "no preference ... CD zero ... last round"
/// sentence of 1.7.2 closes the mild CD-0 clause only (the reading of Gacrux, chesspairing and
/// pairing-core).
pub(crate) const fn strong_in_last_round() -> bool {
    true
}

/// A3, A9 (GHR 3.5, 1.6.1): a match counts as played (a meeting for C1, a match played for
/// 3.4.3, a colour for 1.6, a float for 1.5) unless it ended by forfeit as a whole; a match with
/// at least one board played is played.
pub(crate) fn match_was_played(forfeited: bool) -> bool {
    !forfeited
}

/// A4, C2 (2.1.2): the team text's own list bars the PAB: a PAB received, a match won by
/// forfeit, a full-point bye. A half-point bye does not.
pub(crate) fn pab_barred(t: &Team) -> bool {
    t.had_pab || t.won_by_forfeit || t.had_full_bye
}

/// 1.4: the PAB scores "the match points and game points of a draw": half the boards' game
/// points (a half point with an odd number of boards), game points counted 1 per board won. A
/// team file's PAB takes the same reading in the team model
/// ([`crate::team::TeamEvent::pab_game_points`], under the event's `162`), or the `320` values.
#[cfg(test)]
pub(crate) fn pab_game_points(boards: u32) -> Score {
    Score(i32::try_from(boards).unwrap_or(i32::MAX / 10) * 5)
}

/// 1.5: a floater plays against an opponent with a different (primary) score, looked at for the
/// previous round only. A PAB is no opponent, and a forfeited match is not played: neither makes
/// a floater.
pub(crate) fn floater(played: bool, own: Score, opponent: Score) -> bool {
    played && own != opponent
}

/// 2.3.4, 2.3.7: C7 and C10 apply except in the last two rounds (rounds n-1 and n of n).
pub(crate) fn float_criteria(round: usize, total_rounds: usize) -> bool {
    round + 1 < total_rounds
}
