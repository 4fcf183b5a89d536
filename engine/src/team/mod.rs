//! Team events: teams of players, their matches round by round, match points and game points.
//!
//! A team event is an individual [`Tournament`] (the players' `001` lines: every board's game
//! with its opponent player, colour and result; the `162` game-point system) plus the teams
//! that group its players. This module holds what C.04.6 (Swiss Team Pairing System, 2026)
//! and the TRF-2026 team records need to say about teams:
//!
//! - [`Team`]: its Tournament Pairing Number (C.04.6 1.1: given by the competition, never
//!   derived), name, and members in default board order (`310`, or TRF-16 `013`);
//! - the event's settings: the board colour pattern (`352`), the match-point values (`362`,
//!   [`MatchScoring`]), the team pairing-allocated bye (`320`, [`TeamPab`]: by default the match
//!   and game points of a draw, C.04.6 1.4), whole-match forfeits (`330`), line-ups out of the
//!   default order (`300`), and which score is primary ([`ScoreUse`], C.04.6 1.2.1-1.2.2, from
//!   the `192` code);
//! - module [`matches`]: each team's rounds derived from its players' games ([`TeamRound`]): the
//!   opponent team, the board-1 colour as scheduled (1.6.1), the boards, game points and match
//!   points (1.2), the PAB (1.4), absences; and every way the players' games can contradict the
//!   teams ([`TeamIssue`]). The TRF reader turns an issue into an error naming file, line and
//!   column (`trf::read_team`);
//! - [`TeamRequest`] and [`TeamPairing`]: a team round to pair and its pairing, what
//!   [`crate::System::pair_team`] is asked and answers; [`ColourType`], the colour preferences
//!   the `192` code names (C.04.6 1.7).

pub mod matches;
mod pairing;

pub use matches::{Board, Match, TeamIssue, TeamRound, TeamRounds};
pub use pairing::{ColourType, TeamPairing, TeamRequest};

use crate::model::{Color, PlayerId, Tournament};
use crate::score::Score;

/// A team's Tournament Pairing Number (C.04.6 1.1), 1..=999 (three digits in `310`).
pub type TeamId = u32;

/// Largest team pairing number (`310` columns 5-7).
pub const MAX_TEAM_ID: TeamId = 999;

/// One team.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Team {
    /// Tournament Pairing Number (C.04.6 1.1.1: unique, from 1; 1.1.2: set by the competition's
    /// rules, so read, never derived).
    pub tpn: TeamId,
    /// Name (`310` columns 9-40; `013` columns 5-36).
    pub name: String,
    /// Short name used by the cross-tables (`310` columns 42-46), empty if none.
    pub nickname: String,
    /// Strength factor as written (`310` columns 48-53), empty if none.
    pub strength: String,
    /// Match points the file states (`310` columns 55-60), checked against the games.
    pub match_points: Option<Score>,
    /// Game points the file states (`310` columns 62-67), checked against the games.
    pub game_points: Option<Score>,
    /// Rank the file states (`310` columns 69-71; ties allowed).
    pub rank: Option<u32>,
    /// Members (pairing numbers of their `001` lines) in default board order.
    pub members: Vec<PlayerId>,
}

/// Which record declared the teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TeamRecords {
    /// TRF-2026 `310`.
    #[default]
    Trf2026,
    /// TRF-16 `013` (no pairing number in the record: the teams are numbered in file order).
    Trf16,
}

/// Match points of a match won, drawn and lost (TRF-2026 `362`: `TW`, `TD`, `TL`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchScoring {
    pub win: Score,
    pub draw: Score,
    pub loss: Score,
}

impl Default for MatchScoring {
    /// 2 / 1 / 0, the values `362` takes when the record is absent.
    fn default() -> Self {
        MatchScoring {
            win: Score::points(2),
            draw: Score::points(1),
            loss: Score::ZERO,
        }
    }
}

/// One of the two scores of a team event (C.04.6 1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreKind {
    /// Match points (MP).
    MatchPoints,
    /// Game points (GP).
    GamePoints,
}

impl ScoreKind {
    /// `MP` or `GP`, as the `192` codes and the tie-break names write it.
    pub fn abbreviation(self) -> &'static str {
        match self {
            ScoreKind::MatchPoints => "MP",
            ScoreKind::GamePoints => "GP",
        }
    }
}

/// Which score ranks teams, and which one (if any) the colour allocation uses (C.04.6 1.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreUse {
    pub primary: ScoreKind,
    /// The secondary score, used only by 4.2.2 (the first-team for colours).
    pub secondary: Option<ScoreKind>,
}

impl Default for ScoreUse {
    /// C.04.6 1.2.2: match points primary, game points for colour allocation.
    fn default() -> Self {
        ScoreUse {
            primary: ScoreKind::MatchPoints,
            secondary: Some(ScoreKind::GamePoints),
        }
    }
}

impl ScoreUse {
    /// The scores a `192` code names: `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]` and
    /// `CUSTOM_TEAM_SWISS[_MP|_GP]` (swiss-team-2026.md §10): the first of `MP`/`GP` is the
    /// primary score, a second one the secondary; a code naming neither gives the default
    /// (1.2.2). `None` for a code that is no team Swiss code.
    pub fn from_code(code: &str) -> Option<ScoreUse> {
        let code = code.trim().to_ascii_uppercase();
        let rest = code
            .strip_prefix("FIDE_TEAM")
            .or_else(|| code.strip_prefix("CUSTOM_TEAM_SWISS"))?;
        let mut scores = Vec::new();
        for part in rest.split('_').filter(|p| !p.is_empty()) {
            match part {
                "MP" => scores.push(ScoreKind::MatchPoints),
                "GP" => scores.push(ScoreKind::GamePoints),
                "TYPEA" | "TYPEB" | "BAKU" => {}
                _ => return None,
            }
        }
        match scores.as_slice() {
            [] => Some(ScoreUse::default()),
            [p] => Some(ScoreUse {
                primary: *p,
                secondary: None,
            }),
            [p, s] if p != s => Some(ScoreUse {
                primary: *p,
                secondary: Some(*s),
            }),
            _ => None,
        }
    }
}

/// The team pairing-allocated bye (TRF-2026 `320`; C.04.6 1.4).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TeamPab {
    /// Match points of a PAB (`320` columns 5-8); `None`: a drawn match's (1.4).
    pub match_points: Option<Score>,
    /// Game points of a PAB (`320` columns 10-13); `None`: a drawn match's, half the boards'
    /// game points of a win (1.4).
    pub game_points: Option<Score>,
    /// The PAB team of each round, round 1 first (`320` from column 15; `None` = no PAB).
    pub teams: Vec<Option<TeamId>>,
    /// True when the file has a `320` record (written back only then).
    pub declared: bool,
}

/// How a whole match was forfeited (`330` columns 5-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForfeitKind {
    /// `+-`: the team scheduled White on board 1 won by forfeit.
    WhiteWins,
    /// `-+`: the team scheduled Black won by forfeit.
    BlackWins,
    /// `--`: both teams forfeited.
    Double,
}

impl ForfeitKind {
    /// The two characters of `330`.
    pub fn code(self) -> &'static str {
        match self {
            ForfeitKind::WhiteWins => "+-",
            ForfeitKind::BlackWins => "-+",
            ForfeitKind::Double => "--",
        }
    }
}

/// A forfeited match (`330`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchForfeit {
    pub kind: ForfeitKind,
    /// 1-based round.
    pub round: u32,
    /// The team scheduled White on board 1.
    pub white: TeamId,
    pub black: TeamId,
}

/// A line-up out of the default board order for one round (`300`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Lineup {
    /// 1-based round.
    pub round: u32,
    pub team: TeamId,
    /// The opponent team, `None` when the record leaves it blank or `000`.
    pub opponent: Option<TeamId>,
    /// The player on each board, board 1 first; `None` is an empty board (`0000`).
    pub boards: Vec<Option<PlayerId>>,
}

/// The kind of a team's bye in a `240` record (column 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamByeKind {
    /// `F`: full-point bye.
    Full,
    /// `H`: half-point bye.
    Half,
    /// `Z`: zero-point bye.
    Zero,
}

impl TeamByeKind {
    /// The letter of `240` column 5.
    pub fn letter(self) -> char {
        match self {
            TeamByeKind::Full => 'F',
            TeamByeKind::Half => 'H',
            TeamByeKind::Zero => 'Z',
        }
    }
}

/// A `240` record of a team file: teams not paired in one round (a requested bye, an announced
/// absence). A round after the rounds played makes the teams absent when that round is
/// paired ([`TeamRequest::next_round`]); in a round already played only a zero-point bye of a
/// team without a match nor the PAB there is read (the file gives no points for a team's full
/// or half-point bye).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamBye {
    pub kind: TeamByeKind,
    /// 1-based round.
    pub round: u32,
    /// The teams, as listed.
    pub teams: Vec<TeamId>,
}

/// A team event: the players' tournament and the teams.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TeamEvent {
    /// Players, their games (`001`), the game-point system (`162`), rounds (`142`), initial
    /// colour (`152`) and every other record; the team records are held below, not in its
    /// `records`.
    pub tournament: Tournament,
    /// Teams sorted by pairing number.
    pub teams: Vec<Team>,
    /// Which record declared the teams.
    pub source: TeamRecords,
    /// The board colour pattern of the team scheduled White on board 1 (`352`, e.g. `WBWB`);
    /// its length is the number of boards.
    pub board_colors: Option<Vec<Color>>,
    /// Match-point values (`362`), when declared.
    pub match_scoring: Option<MatchScoring>,
    pub pab: TeamPab,
    /// Forfeited matches (`330`), in file order.
    pub forfeits: Vec<MatchForfeit>,
    /// Line-ups out of the default order (`300`), in file order.
    pub lineups: Vec<Lineup>,
    /// Team byes and announced absences (`240`), in file order.
    pub byes: Vec<TeamBye>,
    /// The informative cross-table records `801` / `802` verbatim (code, rest of the line):
    /// their totals are checked by the reader, the lines written back as read.
    pub cross_tables: Vec<(String, String)>,
}

impl TeamEvent {
    /// The match-point values: `362`, else 2 / 1 / 0.
    pub fn scoring(&self) -> MatchScoring {
        self.match_scoring.unwrap_or_default()
    }

    /// Primary and secondary score from the `192` code, else the default of C.04.6 1.2.2.
    pub fn score_use(&self) -> ScoreUse {
        self.tournament
            .system_code()
            .and_then(ScoreUse::from_code)
            .unwrap_or_default()
    }

    /// The team with pairing number `tpn`.
    pub fn team(&self, tpn: TeamId) -> Option<&Team> {
        self.teams
            .binary_search_by_key(&tpn, |t| t.tpn)
            .ok()
            .and_then(|i| self.teams.get(i))
    }

    /// Index of team `tpn` in `teams`.
    pub fn index_of(&self, tpn: TeamId) -> Option<usize> {
        self.teams.binary_search_by_key(&tpn, |t| t.tpn).ok()
    }

    /// The team player `id` belongs to.
    pub fn team_of(&self, id: PlayerId) -> Option<TeamId> {
        self.teams
            .iter()
            .find(|t| t.members.contains(&id))
            .map(|t| t.tpn)
    }

    /// The number of boards: the length of `352`, else the most boards any team's members
    /// filled in one round (read from the games), else the size of the largest team.
    pub fn board_count(&self) -> usize {
        if let Some(p) = &self.board_colors {
            return p.len();
        }
        let rounds = self.tournament.rounds_recorded();
        let most_in_a_round = self
            .teams
            .iter()
            .flat_map(|t| {
                (0..rounds).map(move |r| {
                    t.members
                        .iter()
                        .filter(|&&m| {
                            self.tournament
                                .player(m)
                                .and_then(|p| p.rounds.get(r))
                                .is_some_and(|e| {
                                    matches!(e, crate::model::RoundEntry::Game { .. })
                                        || e.is_forfeit_win()
                                })
                        })
                        .count()
                })
            })
            .max()
            .unwrap_or(0);
        if most_in_a_round > 0 {
            most_in_a_round
        } else {
            self.teams
                .iter()
                .map(|t| t.members.len())
                .max()
                .unwrap_or(0)
        }
    }

    /// Match points of a PAB: `320`, else a drawn match's (C.04.6 1.4).
    pub fn pab_match_points(&self) -> Score {
        self.pab.match_points.unwrap_or(self.scoring().draw)
    }

    /// Game points of a PAB: `320`, else a drawn match's: one draw per board (C.04.6 1.4).
    pub fn pab_game_points(&self) -> Score {
        self.pab.game_points.unwrap_or_else(|| {
            let boards = i32::try_from(self.board_count()).unwrap_or(i32::MAX);
            Score(self.tournament.points.draw.0.saturating_mul(boards))
        })
    }

    /// The PAB team of round `round` (1-based), if any.
    pub fn pab_team(&self, round: usize) -> Option<TeamId> {
        self.pab.teams.get(round.wrapping_sub(1)).copied().flatten()
    }

    /// The last round a team record names: a PAB team (`320`) or a forfeited match (`330`);
    /// 0 when none does.
    pub(crate) fn last_team_record_round(&self) -> usize {
        let last_pab = self
            .pab
            .teams
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1);
        let last_forfeit = self.forfeits.iter().map(|f| f.round as usize).max();
        last_pab.max(last_forfeit.unwrap_or(0))
    }

    /// Every team's rounds, derived from the players' games ([`matches`]).
    pub fn rounds(&self) -> Result<TeamRounds, TeamIssue> {
        matches::derive(self)
    }
}

#[cfg(test)]
mod tests;
