//! Each player's rounds as the tie-breaks see them (C.07 Article 16, "unplayed rounds"):
//! points, opponent, whether the game was played, colour, and whether the round is a
//! voluntary unplayed round.
//!
//! C.07 16.2 sorts a participant's rounds into played games (16.2.1), forfeit wins and
//! full-point byes, pairing-allocated byes, and the rest: half- and zero-point byes, absences,
//! forfeit losses, rounds after a withdrawal or before a late entry. The last kind are the
//! "voluntary unplayed rounds" (VUR): they are the first to be cut (16.5), and, after the
//! participant's last round that is not one (16.2.5), they count as draws in the score the
//! participant gives his opponents' Buchholz (16.3). The pairing-allocated bye is "played"
//! for the tie-breaks (it is not a VUR and it counts among the games one elected to play),
//! but has no opponent.

use crate::model::{Color, GameKind, GameResult, RoundEntry, Tournament, Unplayed};

/// One round of one player.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Round {
    /// Points scored in the round, in tenths, under the tournament's point system.
    pub pts: i32,
    /// Index (into [`Context::players`]) of the opponent, played or forfeited.
    pub opp: Option<usize>,
    /// A game played over the board (rated or not), or the pairing-allocated bye.
    pub played: bool,
    /// Black in a game played over the board.
    pub black: bool,
    /// A voluntary unplayed round (16.2): no game played, and not won (forfeit win, full-point
    /// bye) nor a pairing-allocated bye.
    pub vur: bool,
    /// The game's result for rating purposes in half points (2 win, 1 draw, 0 loss), for
    /// games played over the board.
    pub half_points: i32,
}

/// One player.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub rounds: Vec<Round>,
    /// Points after all rounds, in tenths.
    pub total: i32,
    /// FIDE rating, `None` when unrated (0 in the file).
    pub rating: Option<u32>,
    /// Last round (1-based) that is not a VUR, 0 if none.
    pub last_not_vur: usize,
    /// Last round (1-based) with an opponent or a pairing-allocated bye, 0 if none.
    pub last_paired: usize,
}

/// The tournament reduced to what tie-breaks need.
#[derive(Clone, Debug)]
pub(crate) struct Context {
    pub players: Vec<Player>,
    /// Rounds taken into account: the rounds paired.
    pub rounds: usize,
    /// The event's final round: the rounds declared (`XXR`, `142`), else the rounds recorded
    /// (a column of byes declared for the next round counts: the event goes on).
    pub final_round: usize,
    /// Points for a win and for a draw, in tenths.
    pub win: i32,
    pub draw: i32,
}

impl Context {
    /// The round whose games Fore Buchholz evaluates as draws: the final round, once it is
    /// paired (C.07 8.3); `None` while the event has rounds to go (then FB is BH).
    pub fn fore_round(&self) -> Option<usize> {
        (self.rounds > 0 && self.final_round == self.rounds).then_some(self.rounds)
    }

    pub fn new(t: &Tournament) -> Context {
        let rounds = t.rounds_paired();
        let ps = &t.points;
        let players = t
            .players
            .iter()
            .map(|p| {
                let rounds: Vec<Round> = (0..rounds)
                    .map(|r| {
                        let e = p.rounds.get(r).copied();
                        let e = e.unwrap_or(RoundEntry::Unplayed(Unplayed::Absent));
                        let pts = ps.points(&e).tenths();
                        match e {
                            RoundEntry::Game {
                                opponent,
                                color,
                                result,
                                kind,
                            } => {
                                let played = kind != GameKind::Forfeit;
                                Round {
                                    pts,
                                    opp: t.index_of(opponent),
                                    played,
                                    black: played && color == Color::Black,
                                    vur: !played && result != GameResult::Win,
                                    half_points: match result {
                                        GameResult::Win => 2,
                                        GameResult::Draw => 1,
                                        GameResult::Loss => 0,
                                    },
                                }
                            }
                            RoundEntry::Unplayed(u) => Round {
                                pts,
                                opp: None,
                                played: u == Unplayed::Pab,
                                black: false,
                                vur: !matches!(
                                    u,
                                    Unplayed::Pab | Unplayed::FullBye | Unplayed::ForfeitWin
                                ),
                                half_points: 0,
                            },
                        }
                    })
                    .collect();
                let total = rounds.iter().map(|r| r.pts).sum();
                let last_not_vur = rounds.iter().rposition(|r| !r.vur).map_or(0, |i| i + 1);
                let last_paired = rounds
                    .iter()
                    .rposition(|r| r.played || r.opp.is_some())
                    .map_or(0, |i| i + 1);
                Player {
                    rounds,
                    total,
                    rating: (p.rating > 0).then_some(u32::from(p.rating)),
                    last_not_vur,
                    last_paired,
                }
            })
            .collect();
        let declared = t
            .total_rounds
            .map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
        Context {
            players,
            rounds,
            final_round: declared.max(t.rounds_recorded()),
            win: ps.win.tenths(),
            draw: ps.draw.tenths(),
        }
    }
}

/// `t` as if its last round paired were its final round: no declared total, no column after
/// the rounds paired. Fore Buchholz computed on it evaluates the last round played as the
/// final one (`swisslab standings --fore-round last-played`), the reading of an unfinished
/// event that C.07 8.3's "final round" does not take.
pub fn as_finished(t: &Tournament) -> Tournament {
    let mut f = t.clone();
    let paired = f.rounds_paired();
    f.total_rounds = None;
    for p in &mut f.players {
        p.rounds.truncate(paired);
    }
    f
}
