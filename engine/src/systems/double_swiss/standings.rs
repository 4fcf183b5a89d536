//! The Double-Swiss event as standings and tie-breaks see it (C.04.5 Preface): "A match ends by
//! forfeit only if at least one player forfeits both games. [...] In all other cases, the match
//! is considered as regularly played and, for the purposes of tie-breaks and standings, any
//! forfeited (single) game shall be treated as played. (This rule does not apply to rating.)"

use super::view::{read_match, MatchEntry};
use crate::model::{GameKind, GameResult, RoundEntry, Tournament};

/// `t` with every single forfeited game of a regular match turned into a played, unrated game
/// with its result ([`GameKind::Unrated`]: played for tie-breaks and standings, not for
/// rating). A game both players forfeited (0-0) has no result a played game could have and
/// stays a forfeit; matches the file does not write as two games (an odd last column, a
/// malformed pair) stay as written. `None` when nothing changes.
pub(crate) fn with_single_forfeits_played(t: &Tournament) -> Option<Tournament> {
    let matches = t.rounds_paired() / 2;
    // Cloned at the first change only: most events have no single forfeit.
    let mut out: Option<Tournament> = None;
    for (i, p) in t.players.iter().enumerate() {
        for m in 1..=matches {
            let Ok(MatchEntry::Match {
                opponent,
                meeting: true,
                ..
            }) = read_match(t, p.id, m)
            else {
                continue;
            };
            for c in [2 * m - 2, 2 * m - 1] {
                let Some(RoundEntry::Game {
                    kind: GameKind::Forfeit,
                    result,
                    ..
                }) = p.rounds.get(c)
                else {
                    continue;
                };
                let theirs = t.player(opponent).and_then(|o| o.rounds.get(c));
                let both_lost = *result == GameResult::Loss
                    && matches!(
                        theirs,
                        Some(RoundEntry::Game {
                            result: GameResult::Loss,
                            ..
                        })
                    );
                if both_lost {
                    continue;
                }
                let seen = out.get_or_insert_with(|| t.clone());
                if let Some(RoundEntry::Game { kind, .. }) = seen.players[i].rounds.get_mut(c) {
                    *kind = GameKind::Unrated;
                }
            }
        }
    }
    out
}
