//! Each team's rounds, derived from its players' games (swiss-team-2026.md §10, "How a round of
//! a team event is represented"): no record states a team's colour or match result directly.
//!
//! For round r and team T:
//! 1. **Line-up**: a `300` record for (r, T) names the player on each board. Without one, with a
//!    `352` pattern of N boards, board k holds T's k-th member (`310` order); a member after the
//!    N-th who plays needs a `300` line-up. Without `352`, the members who sat at a board (a
//!    game, or a forfeit written without an opponent) in member order.
//! 2. **Opponent**: the team of the board opponents (all the same team); a match whose boards
//!    name no opponent player (an absent team's opponent) takes it from `330` or `300`.
//! 3. **Colour** (C.04.6 1.6.1): the colour the board-1 player was scheduled; with an empty
//!    board 1 and a `352` pattern, the colour the pattern gives board 1 from the first filled
//!    board. A team "had" the colour only if the match was played: at least one board played
//!    over the board (Gacrux's reading; the text says "actually played").
//! 4. **Game points** (1.2): the sum of the boards' points under `162` (a forfeit win scores
//!    `W`, an empty board nothing).
//! 5. **Match result**: the higher game-point total wins (TRF `362`; C.04.6 leaves the match
//!    result to the competition's rules); a `330` forfeit must agree with the game points, and a
//!    double forfeit (`--`) loses for both.
//! 6. **PAB** (1.4): the `320` team of the round, with its match and game points (a drawn
//!    match's by default); its players have no game that round.
//! 7. Anything else is **absent** (GHR 3.3: not paired, no points).

use super::{ForfeitKind, ScoreKind, TeamEvent, TeamId};
use crate::model::{Color, GameResult, PlayerId, RoundEntry, Unplayed};
use crate::score::Score;
use std::collections::HashMap;

/// One board of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// 1-based board number.
    pub board: usize,
    /// The player on the board, `None` for an empty board.
    pub player: Option<PlayerId>,
    /// The player's round entry (a game, a forfeit), `None` for an empty board.
    pub entry: Option<RoundEntry>,
}

/// A team's match in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub opponent: TeamId,
    /// The colour board 1 was scheduled (1.6.1), `None` when no board carries a colour.
    pub color: Option<Color>,
    /// True when at least one board was played over the board.
    pub played: bool,
    /// The `330` record's kind, for a match forfeited as a whole.
    pub forfeit: Option<ForfeitKind>,
    pub boards: Vec<Board>,
    pub game_points: Score,
    pub opponent_game_points: Score,
    pub result: GameResult,
    pub match_points: Score,
}

impl Match {
    /// The colour the team "had" (1.6.1): only for a match played.
    pub fn played_color(&self) -> Option<Color> {
        self.color.filter(|_| self.played)
    }
}

/// What a team did in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamRound {
    Match(Match),
    /// The pairing-allocated bye (C.04.6 1.4), with its points.
    Pab {
        match_points: Score,
        game_points: Score,
    },
    /// Not paired (GHR 3.3): no points.
    Absent,
}

impl TeamRound {
    /// Match points of the round.
    pub fn match_points(&self) -> Score {
        match self {
            TeamRound::Match(m) => m.match_points,
            TeamRound::Pab { match_points, .. } => *match_points,
            TeamRound::Absent => Score::ZERO,
        }
    }

    /// Game points of the round.
    pub fn game_points(&self) -> Score {
        match self {
            TeamRound::Match(m) => m.game_points,
            TeamRound::Pab { game_points, .. } => *game_points,
            TeamRound::Absent => Score::ZERO,
        }
    }

    /// The points of `kind`.
    pub fn points(&self, kind: ScoreKind) -> Score {
        match kind {
            ScoreKind::MatchPoints => self.match_points(),
            ScoreKind::GamePoints => self.game_points(),
        }
    }

    /// The match, if the team was paired against a team.
    pub fn as_match(&self) -> Option<&Match> {
        match self {
            TeamRound::Match(m) => Some(m),
            _ => None,
        }
    }
}

/// Every team's rounds: `rounds[i][r]` is team `teams[i]`'s round r + 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRounds {
    /// Pairing numbers, in the order of [`TeamEvent::teams`].
    pub teams: Vec<TeamId>,
    pub rounds: Vec<Vec<TeamRound>>,
}

impl TeamRounds {
    /// Total points of `kind` of the team at index `i`.
    pub fn total(&self, i: usize, kind: ScoreKind) -> Score {
        self.rounds
            .get(i)
            .map_or(Score::ZERO, |rs| rs.iter().map(|r| r.points(kind)).sum())
    }

    /// Index of team `tpn`.
    pub fn index_of(&self, tpn: TeamId) -> Option<usize> {
        self.teams.iter().position(|&t| t == tpn)
    }

    /// Number of rounds.
    pub fn round_count(&self) -> usize {
        self.rounds.first().map_or(0, Vec::len)
    }
}

/// Which record a team's opponent came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The players' games (their `001` lines); the player named.
    Games(PlayerId),
    /// The `330` record at this index of [`TeamEvent::forfeits`].
    Forfeit(usize),
    /// The `300` record at this index of [`TeamEvent::lineups`].
    Lineup(usize),
    /// The `320` record.
    Pab,
}

/// A contradiction between the teams and the players' games, without position: the TRF
/// reader names the line and column ([`TeamIssue`] says which record and field).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamIssue {
    #[error("player {player} in one team only (already in team {first})")]
    PlayerInTwoTeams {
        player: PlayerId,
        first: TeamId,
        second: TeamId,
        /// Index of the player in `second`'s members.
        member: usize,
    },
    #[error("a player with a 001 line as member of team {team}")]
    UnknownMember {
        team: TeamId,
        player: PlayerId,
        member: usize,
    },
    #[error("a player with a 001 line on board {} of team {team}'s round {round} line-up", board + 1)]
    UnknownLineupPlayer {
        round: usize,
        team: TeamId,
        player: PlayerId,
        lineup: usize,
        board: usize,
    },
    #[error("a member of team {team} on board {} of its round {round} line-up (player {player} is in {})", board + 1, other.map_or("no team".to_string(), |t| format!("team {t}")))]
    LineupPlayerOfOtherTeam {
        round: usize,
        team: TeamId,
        player: PlayerId,
        other: Option<TeamId>,
        lineup: usize,
        board: usize,
    },
    #[error("player {player} of team {team} in its round {round} line-up (a 300 record) to play")]
    NotInLineup {
        round: usize,
        team: TeamId,
        player: PlayerId,
    },
    #[error("at most {boards} boards for team {team} in round {round} (352), player {player} is one more")]
    TooManyBoards {
        round: usize,
        team: TeamId,
        player: PlayerId,
        boards: usize,
    },
    #[error(
        "an opponent of player {player} who is a member of a team (player {opponent} is in none)"
    )]
    OpponentWithoutTeam {
        round: usize,
        player: PlayerId,
        opponent: PlayerId,
    },
    #[error(
        "an opponent from another team (players {player} and {opponent} are both in team {team})"
    )]
    SameTeam {
        round: usize,
        player: PlayerId,
        opponent: PlayerId,
        team: TeamId,
    },
    #[error("an opponent from team {expected}, team {team}'s opponent in round {round} on an earlier board, found team {found}")]
    MixedOpponents {
        round: usize,
        team: TeamId,
        player: PlayerId,
        expected: TeamId,
        found: TeamId,
    },
    #[error("team {team}'s round {round} opponent to be {}, as {} says, found {}", show(*expected), source_name(*expected_from), show(*found))]
    Conflict {
        round: usize,
        team: TeamId,
        expected: Option<TeamId>,
        expected_from: Source,
        found: Option<TeamId>,
        via: Source,
    },
    #[error("team {opponent} to play team {team} in round {round} as well, found {}", show(*opponent_plays))]
    AsymmetricMatch {
        round: usize,
        team: TeamId,
        opponent: TeamId,
        opponent_plays: Option<TeamId>,
        via: Source,
    },
    #[error("no game for the players of team {team}, which has the pairing-allocated bye of round {round} (player {player} has one)")]
    PabWithGames {
        round: usize,
        team: TeamId,
        player: PlayerId,
    },
    #[error("an opponent team for team {team} in round {round} (player {player} has a forfeit without opponent, and no 330 or 300 record names the team)")]
    MissingOpponent {
        round: usize,
        team: TeamId,
        player: PlayerId,
    },
    #[error("colour {} on board {board} of team {team} in round {round} (352 pattern), found {}", letter(*expected), letter(*found))]
    BoardColour {
        round: usize,
        team: TeamId,
        player: PlayerId,
        board: usize,
        expected: Color,
        found: Color,
    },
    #[error("a {} forfeit of teams {white} and {black} in round {round} to agree with their games, which give {white} {white_gp} and {black} {black_gp} game points", kind.code())]
    ForfeitAgainstGames {
        round: usize,
        forfeit: usize,
        kind: ForfeitKind,
        white: TeamId,
        black: TeamId,
        white_gp: Score,
        black_gp: Score,
    },
    #[error(
        "team {white} scheduled White on board 1 in round {round} (330), its games give it Black"
    )]
    ForfeitColour {
        round: usize,
        forfeit: usize,
        white: TeamId,
    },
    #[error("no game played over the board in the double forfeit of round {round} (player {player} played)")]
    DoubleForfeitPlayed {
        round: usize,
        forfeit: usize,
        player: PlayerId,
    },
    #[error("{derived} {} for team {team}, as its games give (under 162 and 362), found {recorded}", kind.abbreviation())]
    TotalsDiffer {
        team: TeamId,
        kind: ScoreKind,
        recorded: Score,
        derived: Score,
    },
}

fn show(t: Option<TeamId>) -> String {
    t.map_or("no opponent".to_string(), |t| format!("team {t}"))
}

fn letter(c: Color) -> char {
    c.letter()
}

fn source_name(s: Source) -> String {
    match s {
        Source::Games(p) => format!("player {p}'s game"),
        Source::Forfeit(_) => "330".to_string(),
        Source::Lineup(_) => "300".to_string(),
        Source::Pab => "320".to_string(),
    }
}

/// True when the entry puts a player at a board: a game (even forfeited) or a forfeit written
/// without an opponent.
fn sits(e: &RoundEntry) -> bool {
    matches!(
        e,
        RoundEntry::Game { .. }
            | RoundEntry::Unplayed(Unplayed::ForfeitWin | Unplayed::ForfeitLoss)
    )
}

/// A match before its result is known.
struct Draft {
    opponent: TeamId,
    color: Option<Color>,
    played: bool,
    boards: Vec<Board>,
    game_points: Score,
}

/// Derives every team's rounds (module doc), or the first contradiction.
pub(super) fn derive(ev: &TeamEvent) -> Result<TeamRounds, TeamIssue> {
    let t = &ev.tournament;
    let team_of = membership(ev)?;
    let rounds = t.rounds_recorded().max(ev.last_team_record_round());
    let pattern = ev.board_colors.as_deref();
    let mut drafts: Vec<Vec<Option<Draft>>> = Vec::with_capacity(ev.teams.len());
    let mut out: Vec<Vec<TeamRound>> = vec![Vec::with_capacity(rounds); ev.teams.len()];
    for team in &ev.teams {
        let mut row = Vec::with_capacity(rounds);
        for r in 1..=rounds {
            row.push(draft(ev, &team_of, team.tpn, r, pattern)?);
        }
        drafts.push(row);
    }
    for (i, team) in ev.teams.iter().enumerate() {
        for r in 1..=rounds {
            let round = match drafts.get(i).and_then(|row| row.get(r - 1)) {
                Some(Some(d)) => TeamRound::Match(result(ev, &drafts, team.tpn, r, d)?),
                _ if ev.pab_team(r) == Some(team.tpn) => TeamRound::Pab {
                    match_points: ev.pab_match_points(),
                    game_points: ev.pab_game_points(),
                },
                _ => TeamRound::Absent,
            };
            if let Some(row) = out.get_mut(i) {
                row.push(round);
            }
        }
    }
    let rounds = TeamRounds {
        teams: ev.teams.iter().map(|t| t.tpn).collect(),
        rounds: out,
    };
    for (i, team) in ev.teams.iter().enumerate() {
        for (kind, recorded) in [
            (ScoreKind::MatchPoints, team.match_points),
            (ScoreKind::GamePoints, team.game_points),
        ] {
            let derived = rounds.total(i, kind);
            if let Some(recorded) = recorded.filter(|&r| r != derived) {
                return Err(TeamIssue::TotalsDiffer {
                    team: team.tpn,
                    kind,
                    recorded,
                    derived,
                });
            }
        }
    }
    Ok(rounds)
}

/// Player → team, checking that nobody is in two teams and every member has a `001` line.
fn membership(ev: &TeamEvent) -> Result<HashMap<PlayerId, TeamId>, TeamIssue> {
    let mut team_of = HashMap::new();
    for team in &ev.teams {
        for (member, &player) in team.members.iter().enumerate() {
            if ev.tournament.player(player).is_none() {
                return Err(TeamIssue::UnknownMember {
                    team: team.tpn,
                    player,
                    member,
                });
            }
            if let Some(&first) = team_of.get(&player) {
                return Err(TeamIssue::PlayerInTwoTeams {
                    player,
                    first,
                    second: team.tpn,
                    member,
                });
            }
            team_of.insert(player, team.tpn);
        }
    }
    Ok(team_of)
}

/// The entry of player `id` in round `r` (1-based), if recorded.
fn entry(ev: &TeamEvent, id: PlayerId, r: usize) -> Option<RoundEntry> {
    ev.tournament
        .player(id)
        .and_then(|p| p.rounds.get(r - 1))
        .copied()
}

/// The players on the boards of team `tpn` in round `r` (steps 1 of the module doc).
fn lineup(
    ev: &TeamEvent,
    team_of: &HashMap<PlayerId, TeamId>,
    tpn: TeamId,
    r: usize,
) -> Result<(Vec<Option<PlayerId>>, Option<usize>), TeamIssue> {
    let members: &[PlayerId] = ev.team(tpn).map_or(&[], |t| t.members.as_slice());
    let sitting = |p: &PlayerId| entry(ev, *p, r).is_some_and(|e| sits(&e));
    let record = ev
        .lineups
        .iter()
        .position(|l| l.round as usize == r && l.team == tpn);
    let boards: Vec<Option<PlayerId>> = match record.and_then(|i| ev.lineups.get(i)) {
        Some(l) => {
            let i = record.unwrap_or(0);
            for (board, p) in l.boards.iter().enumerate() {
                let Some(p) = *p else { continue };
                if ev.tournament.player(p).is_none() {
                    return Err(TeamIssue::UnknownLineupPlayer {
                        round: r,
                        team: tpn,
                        player: p,
                        lineup: i,
                        board,
                    });
                }
                if team_of.get(&p) != Some(&tpn) {
                    return Err(TeamIssue::LineupPlayerOfOtherTeam {
                        round: r,
                        team: tpn,
                        player: p,
                        other: team_of.get(&p).copied(),
                        lineup: i,
                        board,
                    });
                }
            }
            l.boards.clone()
        }
        None => match &ev.board_colors {
            Some(p) => members.iter().take(p.len()).map(|&m| Some(m)).collect(),
            None => members
                .iter()
                .filter(|p| sitting(p))
                .map(|&m| Some(m))
                .collect(),
        },
    };
    if let Some(n) = ev.board_colors.as_ref().map(Vec::len) {
        if boards.len() > n {
            let player = boards.get(n).copied().flatten().unwrap_or(0);
            return Err(TeamIssue::TooManyBoards {
                round: r,
                team: tpn,
                player,
                boards: n,
            });
        }
    }
    for m in members.iter().filter(|p| sitting(p)) {
        if !boards.contains(&Some(*m)) {
            return Err(TeamIssue::NotInLineup {
                round: r,
                team: tpn,
                player: *m,
            });
        }
    }
    Ok((boards, record))
}

/// Team `tpn`'s match of round `r` before its result (steps 1-4), `None` when it has none.
fn draft(
    ev: &TeamEvent,
    team_of: &HashMap<PlayerId, TeamId>,
    tpn: TeamId,
    r: usize,
    pattern: Option<&[Color]>,
) -> Result<Option<Draft>, TeamIssue> {
    let (seats, lineup_record) = lineup(ev, team_of, tpn, r)?;
    let mut boards = Vec::with_capacity(seats.len());
    let mut opponent: Option<(TeamId, Source)> = None;
    let mut color = None;
    let mut played = false;
    let mut game_points = Score::ZERO;
    let mut unopposed: Option<PlayerId> = None;
    for (k, seat) in seats.iter().enumerate() {
        let e = seat.and_then(|p| entry(ev, p, r)).filter(sits);
        if let (Some(p), Some(e)) = (seat, e) {
            game_points += ev.tournament.points.points(&e);
            played |= e.is_played_game();
            match e {
                RoundEntry::Game {
                    opponent: op,
                    color: c,
                    ..
                } => {
                    let found = *team_of.get(&op).ok_or(TeamIssue::OpponentWithoutTeam {
                        round: r,
                        player: *p,
                        opponent: op,
                    })?;
                    if found == tpn {
                        return Err(TeamIssue::SameTeam {
                            round: r,
                            player: *p,
                            opponent: op,
                            team: tpn,
                        });
                    }
                    match opponent {
                        Some((expected, _)) if expected != found => {
                            return Err(TeamIssue::MixedOpponents {
                                round: r,
                                team: tpn,
                                player: *p,
                                expected,
                                found,
                            })
                        }
                        Some(_) => {}
                        None => opponent = Some((found, Source::Games(*p))),
                    }
                    if let Some(pat) = pattern {
                        let (Some(&first), Some(&own)) = (pat.first(), pat.get(k)) else {
                            continue;
                        };
                        let board1 = if own == first { c } else { c.opposite() };
                        match color {
                            None => color = Some(board1),
                            Some(expected) if expected != board1 => {
                                let expected = if own == first {
                                    expected
                                } else {
                                    expected.opposite()
                                };
                                return Err(TeamIssue::BoardColour {
                                    round: r,
                                    team: tpn,
                                    player: *p,
                                    board: k + 1,
                                    expected,
                                    found: c,
                                });
                            }
                            Some(_) => {}
                        }
                    } else if color.is_none() {
                        color = Some(c);
                    }
                }
                _ => {
                    unopposed.get_or_insert(*p);
                }
            }
        }
        boards.push(Board {
            board: k + 1,
            player: *seat,
            entry: e,
        });
    }
    // The opponent named by 330 and 300 must agree with the games.
    let mut named: Vec<(TeamId, Source)> = Vec::new();
    for (i, f) in ev.forfeits.iter().enumerate() {
        if f.round as usize == r && (f.white == tpn || f.black == tpn) {
            let other = if f.white == tpn { f.black } else { f.white };
            named.push((other, Source::Forfeit(i)));
        }
    }
    if let Some(i) = lineup_record {
        if let Some(op) = ev.lineups.get(i).and_then(|l| l.opponent) {
            named.push((op, Source::Lineup(i)));
        }
    }
    for (other, source) in named {
        match opponent {
            Some((expected, from)) if expected != other => {
                return Err(TeamIssue::Conflict {
                    round: r,
                    team: tpn,
                    expected: Some(expected),
                    expected_from: from,
                    found: Some(other),
                    via: source,
                })
            }
            Some(_) => {}
            None => opponent = Some((other, source)),
        }
    }
    let pab = ev.pab_team(r) == Some(tpn);
    match opponent {
        Some((op, from)) if pab => Err(match from {
            Source::Games(player) => TeamIssue::PabWithGames {
                round: r,
                team: tpn,
                player,
            },
            _ => TeamIssue::Conflict {
                round: r,
                team: tpn,
                expected: None,
                expected_from: Source::Pab,
                found: Some(op),
                via: from,
            },
        }),
        Some((opponent, _)) => Ok(Some(Draft {
            opponent,
            color,
            played,
            boards,
            game_points,
        })),
        None => match unopposed {
            Some(player) if pab => Err(TeamIssue::PabWithGames {
                round: r,
                team: tpn,
                player,
            }),
            Some(player) => Err(TeamIssue::MissingOpponent {
                round: r,
                team: tpn,
                player,
            }),
            None => Ok(None),
        },
    }
}

/// The match of team `tpn` in round `r` with its result (step 5), checking the opponent's side.
fn result(
    ev: &TeamEvent,
    drafts: &[Vec<Option<Draft>>],
    tpn: TeamId,
    r: usize,
    d: &Draft,
) -> Result<Match, TeamIssue> {
    let other = ev
        .index_of(d.opponent)
        .and_then(|j| drafts.get(j))
        .and_then(|row| row.get(r - 1))
        .and_then(Option::as_ref);
    let source = d
        .boards
        .iter()
        .find_map(|b| b.player.filter(|_| b.entry.is_some()))
        .map_or(Source::Pab, Source::Games);
    let source = ev
        .forfeits
        .iter()
        .position(|f| f.round as usize == r && (f.white == tpn || f.black == tpn))
        .map_or(source, Source::Forfeit);
    let Some(other) = other.filter(|o| o.opponent == tpn) else {
        return Err(TeamIssue::AsymmetricMatch {
            round: r,
            team: tpn,
            opponent: d.opponent,
            opponent_plays: other.map(|o| o.opponent),
            via: source,
        });
    };
    let by_points = match d.game_points.cmp(&other.game_points) {
        std::cmp::Ordering::Greater => GameResult::Win,
        std::cmp::Ordering::Equal => GameResult::Draw,
        std::cmp::Ordering::Less => GameResult::Loss,
    };
    let record = ev
        .forfeits
        .iter()
        .enumerate()
        .find(|(_, f)| f.round as usize == r && (f.white == tpn || f.black == tpn));
    let mut forfeit = None;
    let result = match record {
        None => by_points,
        Some((i, f)) => {
            forfeit = Some(f.kind);
            let white = f.white == tpn;
            if let Some(c) = d.color {
                if (c == Color::White) != white && d.played {
                    return Err(TeamIssue::ForfeitColour {
                        round: r,
                        forfeit: i,
                        white: f.white,
                    });
                }
            }
            let (white_gp, black_gp) = if white {
                (d.game_points, other.game_points)
            } else {
                (other.game_points, d.game_points)
            };
            match f.kind {
                ForfeitKind::Double => {
                    if let Some(player) = d
                        .boards
                        .iter()
                        .find(|b| b.entry.is_some_and(|e| e.is_played_game()))
                        .and_then(|b| b.player)
                    {
                        return Err(TeamIssue::DoubleForfeitPlayed {
                            round: r,
                            forfeit: i,
                            player,
                        });
                    }
                    GameResult::Loss
                }
                ForfeitKind::WhiteWins | ForfeitKind::BlackWins => {
                    let white_won = f.kind == ForfeitKind::WhiteWins;
                    if (white_gp > black_gp) != white_won || white_gp == black_gp {
                        return Err(TeamIssue::ForfeitAgainstGames {
                            round: r,
                            forfeit: i,
                            kind: f.kind,
                            white: f.white,
                            black: f.black,
                            white_gp,
                            black_gp,
                        });
                    }
                    by_points
                }
            }
        }
    };
    let scoring = ev.scoring();
    let match_points = match result {
        GameResult::Win => scoring.win,
        GameResult::Draw => scoring.draw,
        GameResult::Loss => scoring.loss,
    };
    Ok(Match {
        opponent: d.opponent,
        color: d.color,
        played: d.played,
        forfeit,
        boards: d.boards.clone(),
        game_points: d.game_points,
        opponent_game_points: other.game_points,
        result,
        match_points,
    })
}
