//! The Double-Swiss view of a tournament file: one match per two round columns.
//!
//! A TRF-2026 player line has one opponent, colour and result per round, so a match of two games
//! (C.04.5 Preface) is written as two consecutive round columns, one per game: match `m` is
//! columns `2m-1` (game 1) and `2m` (game 2), with the same opponent and opposite colours. The
//! pairing-allocated bye is written `U` in the game-1 column and `H` in the game-2 column, so that
//! the file's points add up to "a match winning a game and drawing the other" (1.4) under any
//! reader; a requested bye or an absence is written with the same code in both columns.
//!
//! Articles read here:
//! - Preface: a match ends by forfeit only if at least one player forfeits both games; then it is
//!   not a meeting (the same pairing may be repeated). Any other match is a meeting.
//! - 1.2 order (score, then TPN) and 1.3.1 scoregroups: [`Field`] lists the players in that order.
//! - 1.4 the PAB's points, C2 (no PAB after a PAB, a match won by forfeit or a full-point bye).
//! - 1.5 floaters: a player who played the previous match (not one ended by forfeit) against a
//!   different score ([`super::readings::match_makes_floater`]).
//! - 1.6 colour: the game-1 colour of a match in which at least one game was played.

use super::readings;
use crate::model::{Color, GameKind, GameResult, PlayerId, RoundEntry, Tournament, Unplayed};
use crate::pairing::{PairingError, Request};
use crate::score::Score;

/// One player's match in one pairing round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchEntry {
    /// A match against `opponent`; `colour` is the game-1 colour when at least one game was
    /// played (1.6); `meeting` is false for a match ended by forfeit (Preface); `won_by_forfeit`
    /// when the opponent forfeited both games and this player did not.
    Match {
        opponent: PlayerId,
        colour: Option<Color>,
        meeting: bool,
        won_by_forfeit: bool,
    },
    /// The pairing-allocated bye (1.4).
    Pab,
    /// A full-point bye (C2 bars a later PAB).
    FullBye,
    /// Any other unplayed match: a requested bye, an absence.
    Unplayed,
}

/// Everything the procedure needs about one player before the match to pair: `score` is the
/// points before the match (game points, the PAB as a game won and a game drawn) plus any
/// virtual points of acceleration; `colours` the game-1 colours of the matches with a colour
/// (1.6); `met` the opponents of matches not ended by forfeit; `matches_played` the regular
/// matches (3.4.3); no colour preference (C.04.5 has none).
pub(crate) use crate::systems::common::brackets::Unit as Entrant;

/// The players to pair, in the 1.2 order (score descending, TPN ascending), with their
/// compatibility (C1 and the file's forbidden pairs); `round` is the match being paired and the
/// float criteria C7/C8 are off in the last match.
pub(crate) use crate::systems::common::brackets::Field;

/// The match a request pairs: column `2m-1` is game 1 of match `m`.
pub(crate) fn match_of(req: &Request) -> Result<usize, PairingError> {
    if req.round == 0 || req.round.is_multiple_of(2) {
        return Err(PairingError::InvalidRequest(format!(
            "Double-Swiss: round column {} is not the first game of a match (a match of two games \
             takes two round columns, 2m-1 and 2m; the next match starts at an odd column)",
            req.round
        )));
    }
    Ok(req.round.div_ceil(2))
}

/// The two columns of match `m` (1-based) of a player, as a match, or an error naming the player
/// and the columns when they do not describe one match.
pub(super) fn read_match(
    t: &Tournament,
    id: PlayerId,
    m: usize,
) -> Result<MatchEntry, PairingError> {
    let p = t.player(id).ok_or_else(|| {
        PairingError::InvalidRequest(format!("Double-Swiss: no player {id} in the file"))
    })?;
    let col = |c: usize| p.rounds.get(c).copied();
    let (g1, g2) = (col(2 * m - 2), col(2 * m - 1));
    let bad = |why: &str| {
        PairingError::InvalidRequest(format!(
            "Double-Swiss: player {id}, match {m} (round columns {} and {}): {why}",
            2 * m - 1,
            2 * m
        ))
    };
    match (g1, g2) {
        (
            Some(RoundEntry::Game {
                opponent: o1,
                color: c1,
                result: r1,
                kind: k1,
            }),
            Some(RoundEntry::Game {
                opponent: o2,
                color: c2,
                result: r2,
                kind: k2,
            }),
        ) => {
            if o1 != o2 || c1 == c2 {
                return Err(bad(
                    "the two games of a match must have the same opponent and opposite colours",
                ));
            }
            let forfeited =
                |r: GameResult, k: GameKind| k == GameKind::Forfeit && r == GameResult::Loss;
            let mine = forfeited(r1, k1) && forfeited(r2, k2);
            let theirs = k1 == GameKind::Forfeit
                && k2 == GameKind::Forfeit
                && r1 != GameResult::Loss
                && r2 != GameResult::Loss;
            let opp_both = opponent_forfeited_both(t, o1, m);
            let any_played = k1 != GameKind::Forfeit || k2 != GameKind::Forfeit;
            Ok(MatchEntry::Match {
                opponent: o1,
                colour: any_played.then_some(c1),
                meeting: !(mine || theirs || opp_both),
                won_by_forfeit: (theirs || opp_both) && !mine,
            })
        }
        (
            Some(RoundEntry::Unplayed(Unplayed::Pab)),
            Some(RoundEntry::Unplayed(Unplayed::HalfBye | Unplayed::Pab)),
        ) => Ok(MatchEntry::Pab),
        (Some(RoundEntry::Unplayed(Unplayed::FullBye)), Some(RoundEntry::Unplayed(_)) | None)
        | (Some(RoundEntry::Unplayed(_)) | None, Some(RoundEntry::Unplayed(Unplayed::FullBye)))
        | (
            Some(RoundEntry::Unplayed(Unplayed::ForfeitWin)),
            Some(RoundEntry::Unplayed(Unplayed::ForfeitWin)),
        ) => Ok(MatchEntry::FullBye),
        (Some(RoundEntry::Game { .. }), _) | (_, Some(RoundEntry::Game { .. })) => Err(bad(
            "a match is two games against one opponent: one column holds a game and the other not",
        )),
        (Some(RoundEntry::Unplayed(Unplayed::Pab)), _)
        | (_, Some(RoundEntry::Unplayed(Unplayed::Pab))) => Err(bad(
            "the pairing-allocated bye is written U in game 1 and H in game 2",
        )),
        _ => Ok(MatchEntry::Unplayed),
    }
}

/// True when player `o` forfeited both games of match `m` (forfeit losses in both columns).
fn opponent_forfeited_both(t: &Tournament, o: PlayerId, m: usize) -> bool {
    let Some(p) = t.player(o) else { return false };
    [2 * m - 2, 2 * m - 1].iter().all(|&c| {
        matches!(
            p.rounds.get(c),
            Some(RoundEntry::Game {
                kind: GameKind::Forfeit,
                result: GameResult::Loss,
                ..
            })
        )
    })
}

/// Every player's matches before match `m`, by player index, checked.
pub(crate) fn matches_before(
    t: &Tournament,
    m: usize,
) -> Result<Vec<Vec<MatchEntry>>, PairingError> {
    t.players
        .iter()
        .map(|p| (1..m).map(|k| read_match(t, p.id, k)).collect())
        .collect()
}

/// Points of the two columns of match `k` of player index `i`.
fn match_points(t: &Tournament, i: usize, k: usize) -> Score {
    let p = &t.players[i];
    [2 * k - 2, 2 * k - 1]
        .iter()
        .filter_map(|&c| p.rounds.get(c))
        .map(|e| t.points.points(e))
        .sum()
}

/// The field of match `m`: the players of `req`, in the 1.2 order.
pub(crate) fn field(t: &Tournament, req: &Request) -> Result<Field, PairingError> {
    let m = match_of(req)?;
    let all = matches_before(t, m)?;
    let n = t.players.len();
    // Scores before every match (index k: before match k+1).
    let mut before = vec![vec![Score::ZERO; m]; n];
    for (i, row) in before.iter_mut().enumerate() {
        for k in 1..m {
            row[k] = row[k - 1] + match_points(t, i, k);
        }
    }
    let mut players = Vec::with_capacity(req.present.len());
    for &id in &req.present {
        let i = t.index_of(id).ok_or_else(|| {
            PairingError::InvalidRequest(format!("Double-Swiss: no player {id} in the file"))
        })?;
        players.push(entrant(t, &all, &before, i, m));
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let compat = Field::compatibility(&players, |a, b| t.is_forbidden(a, b, req.round));
    let total_matches = t.total_rounds.map(|r| (r as usize).div_ceil(2));
    let last_round = total_matches.is_some_and(|tm| m >= tm);
    Ok(Field {
        system: "Double-Swiss",
        units: players,
        compat,
        // C7 and C8: not in the last round.
        float_criteria: !last_round,
        last_round,
        round: m,
        initial_colour: crate::colour::initial_colour(t),
    })
}

/// One player's facts before match `m`.
fn entrant(
    t: &Tournament,
    all: &[Vec<MatchEntry>],
    before: &[Vec<Score>],
    i: usize,
    m: usize,
) -> Entrant {
    let id = t.players[i].id;
    let mut e = Entrant {
        id,
        score: before[i][m - 1] + t.acceleration_for(id, 2 * m - 1),
        colours: Vec::new(),
        met: Vec::new(),
        matches_played: 0,
        pab_ok: true,
        floated: false,
        preference: None,
    };
    for (k, entry) in all[i].iter().enumerate() {
        let mut colour = None;
        match *entry {
            MatchEntry::Match {
                opponent,
                colour: c,
                meeting,
                won_by_forfeit,
            } => {
                colour = c;
                if meeting {
                    e.met.push(opponent);
                    e.matches_played += 1;
                }
                if won_by_forfeit {
                    e.pab_ok = false;
                }
                if k + 1 == m - 1 {
                    let o = t.index_of(opponent).unwrap_or(i);
                    e.floated = readings::match_makes_floater(meeting, before[i][k], before[o][k]);
                }
            }
            MatchEntry::Pab | MatchEntry::FullBye => e.pab_ok = false,
            MatchEntry::Unplayed => {}
        }
        e.colours.extend(colour);
    }
    e
}
