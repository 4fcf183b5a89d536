//! Team tie-breaks: the standings of a [`TeamEvent`] by its scores and the C.07 tie-breaks
//! computed on match points (MP) or game points (GP), named as FIDE's calculator
//! (TieBreakServer) and the TRF-2026 tie-break codes (MTB26) name them.
//!
//! | Code | Value |
//! |---|---|
//! | `MP`, `GP` | the team's match / game points (C.04.6 1.2) |
//! | `PTS` | the primary score (C.04.6 1.2.1; `192`, MP by default, 1.2.2) |
//! | `MPVGP` | the score that is not primary |
//! | `BH:MP`, `BH:GP` (`BH` = primary) | Buchholz (C.07 8.1): the opponents' scores |
//! | `SB:MP`, `SB:GP` (`SB` = primary) | Sonneborn-Berger (C.07 9.1): each opponent's score times the team's score of that match, both in the same kind |
//! | `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB` | extended Sonneborn-Berger: the opponent's score in the first kind times the team's score of the match in the second (`ESB:MP` = `EMGSB`, `ESB:GP` = `EGMSB`) |
//! | `DE` (`DE:MP`, `DE:GP`) | direct encounter (C.07 Article 6) on the primary score of the matches played between the teams still tied; the place in the tie group, lower ranks higher |
//! | `BC` | board count (C.07 12.1): the sum over the rounds of each board's game points times its board number; lower ranks higher |
//!
//! Unplayed rounds follow C.07 Article 16 as [`super::rounds`] applies it to players, with a
//! match in the place of a game: a match is played when one board was played over the board
//! (a forfeited match, the PAB and an absence are not).
//! - 16.2: a team's voluntary unplayed rounds (VUR) are its absences and the matches it did
//!   not play and did not win (a forfeited match lost, a double forfeit), as a forfeit loss
//!   is a player's; the PAB and a match won by forfeit are not;
//! - 16.3: the score a team gives its opponents counts its rounds without opponent after its
//!   last round that was no VUR (16.2.5) as drawn matches, a forfeited match as scored;
//! - 16.4: a round without a match played counts, in the team's own BH and SB, as a match
//!   against a dummy opponent with the team's own score; edition 2026 caps it at the
//!   forfeiting opponent's 16.3 score (16.4.1) and, without opponent, at a drawn match in
//!   every round (16.4.2).
//!
//! No modifier (cuts, medians) is read for team tie-breaks.

use super::encounter::{compute_encounters, Encounters};
use super::{refine, Edition, Row, SpecError, Value};
use crate::model::GameResult;
use crate::score::Score;
use crate::team::{ScoreKind, TeamEvent, TeamIssue, TeamRound, TeamRounds};

/// What a team tie-break computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamKind {
    /// A score (MP, GP, the primary, the other).
    Points,
    /// Buchholz (C.07 8.1).
    Buchholz,
    /// Sonneborn-Berger and its extended forms (C.07 9.1): the opponent's score of the first
    /// kind times the team's match score of the second.
    SonnebornBerger,
    /// Direct encounter (C.07 Article 6) on the score of `score`; lower ranks higher.
    DirectEncounter,
    /// Board count (C.07 12.1); lower ranks higher.
    BoardCount,
}

impl TeamKind {
    /// True when a lower value ranks higher.
    pub fn lower_is_better(self) -> bool {
        matches!(self, TeamKind::DirectEncounter | TeamKind::BoardCount)
    }
}

/// One team tie-break of a list.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TeamSpec {
    /// As written (upper case).
    pub text: String,
    pub kind: TeamKind,
    /// The score summed (points), or the opponents' score (BH, SB).
    pub score: ScoreKind,
    /// SB: the kind of the team's own score of the match.
    pub own: ScoreKind,
}

/// The team tie-breaks applied when neither the command line nor the file gives a list: the
/// primary score, the other score, then Buchholz and Sonneborn-Berger on the primary score.
pub const DEFAULT_TEAM_LIST: &str = "PTS MPVGP BH SB";

/// Parses a list of team tie-breaks (blanks or commas between them); `primary` resolves `PTS`,
/// `MPVGP`, and `BH`/`SB` without a score.
pub fn parse_team_list(list: &str, primary: ScoreKind) -> Result<Vec<TeamSpec>, SpecError> {
    let other = match primary {
        ScoreKind::MatchPoints => ScoreKind::GamePoints,
        ScoreKind::GamePoints => ScoreKind::MatchPoints,
    };
    list.split([' ', ',', '\t'])
        .filter(|s| !s.is_empty())
        .map(|raw| {
            let text = raw.to_ascii_uppercase();
            let err = |reason: &str| SpecError {
                spec: raw.to_string(),
                reason: reason.to_string(),
            };
            let (name, score) = match text.split_once(':') {
                Some((n, "MP")) => (n, Some(ScoreKind::MatchPoints)),
                Some((n, "GP")) => (n, Some(ScoreKind::GamePoints)),
                Some(_) => return Err(err("the score after ':' is MP or GP")),
                None => (text.as_str(), None),
            };
            if name.contains('/') {
                return Err(err("team tie-breaks take no modifier"));
            }
            let kind_of = |c: char| {
                if c == 'M' {
                    ScoreKind::MatchPoints
                } else {
                    ScoreKind::GamePoints
                }
            };
            let (kind, score, own) = match (name, score) {
                ("MP", None) => (TeamKind::Points, ScoreKind::MatchPoints, primary),
                ("GP", None) => (TeamKind::Points, ScoreKind::GamePoints, primary),
                ("PTS", s) => (TeamKind::Points, s.unwrap_or(primary), primary),
                ("MPVGP", None) => (TeamKind::Points, other, primary),
                ("BH", s) => {
                    let s = s.unwrap_or(primary);
                    (TeamKind::Buchholz, s, s)
                }
                ("SB", s) => {
                    let s = s.unwrap_or(primary);
                    (TeamKind::SonnebornBerger, s, s)
                }
                ("DE", s) => {
                    let s = s.unwrap_or(primary);
                    (TeamKind::DirectEncounter, s, s)
                }
                ("BC", None) => (
                    TeamKind::BoardCount,
                    ScoreKind::GamePoints,
                    ScoreKind::GamePoints,
                ),
                ("ESB", s) => {
                    let s = s.unwrap_or(primary);
                    let own = if s == ScoreKind::MatchPoints {
                        ScoreKind::GamePoints
                    } else {
                        ScoreKind::MatchPoints
                    };
                    (TeamKind::SonnebornBerger, s, own)
                }
                (n, None)
                    if n.len() == 5
                        && n.starts_with('E')
                        && n.ends_with("SB")
                        && n[1..3].chars().all(|c| c == 'M' || c == 'G') =>
                {
                    let mut c = n[1..3].chars();
                    let opp = kind_of(c.next().unwrap_or('M'));
                    let own = kind_of(c.next().unwrap_or('M'));
                    (TeamKind::SonnebornBerger, opp, own)
                }
                _ => {
                    return Err(err(
                        "a team tie-break: MP GP PTS MPVGP BH[:MP|:GP] SB[:MP|:GP] ESB[:MP|:GP] EMMSB EMGSB EGMSB EGGSB DE[:MP|:GP] BC",
                    ))
                }
            };
            Ok(TeamSpec {
                text,
                kind,
                score,
                own,
            })
        })
        .collect()
}

/// Team standings: rows in rank order (ties by pairing number), `id` the team's pairing number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandings {
    pub specs: Vec<TeamSpec>,
    pub edition: Edition,
    pub rows: Vec<Row>,
}

/// A drawn match's points of `kind`: `362`'s draw, or one drawn game per board.
fn draw(ev: &TeamEvent, kind: ScoreKind) -> Score {
    match kind {
        ScoreKind::MatchPoints => ev.scoring().draw,
        ScoreKind::GamePoints => {
            let boards = i32::try_from(ev.board_count()).unwrap_or(i32::MAX);
            Score(ev.tournament.points.draw.0.saturating_mul(boards))
        }
    }
}

/// 16.2: a voluntary unplayed round of a team: an absence, or a match not played (no board
/// played over the board) and not won, as a forfeit loss is a player's.
fn voluntary(round: &TeamRound) -> bool {
    match round {
        TeamRound::Absent => true,
        TeamRound::Pab { .. } => false,
        TeamRound::Match(m) => !m.played && m.result != GameResult::Win,
    }
}

/// The scores every team's tie-breaks read.
struct Scores<'a> {
    ev: &'a TeamEvent,
    r: &'a TeamRounds,
    edition: Edition,
}

impl Scores<'_> {
    fn total(&self, i: usize, kind: ScoreKind) -> Score {
        self.r.total(i, kind)
    }

    /// 16.3: the score team `i` gives its opponents: its rounds without opponent after its
    /// last round that was no VUR (16.2.5: a withdrawal, trailing absences) as drawn
    /// matches; a match, forfeited or not, as scored.
    fn given(&self, i: usize, kind: ScoreKind) -> Score {
        let rounds = self.r.rounds.get(i).map_or(&[][..], Vec::as_slice);
        let last = rounds
            .iter()
            .rposition(|x| !voluntary(x))
            .map_or(0, |p| p + 1);
        rounds
            .iter()
            .enumerate()
            .map(|(k, x)| {
                if k < last || x.as_match().is_some() {
                    x.points(kind)
                } else {
                    draw(self.ev, kind)
                }
            })
            .sum()
    }

    /// The opponent's score of team `i`'s round `k` in its BH and SB (16.4 for rounds
    /// without a match played).
    fn opponent_score(&self, i: usize, round: &TeamRound, kind: ScoreKind) -> Score {
        let own = self.total(i, kind);
        let opponent = round
            .as_match()
            .and_then(|m| self.r.index_of(m.opponent).map(|j| (m, j)));
        match (opponent, self.edition) {
            (Some((m, j)), _) if m.played => self.given(j, kind),
            (_, Edition::Fide2024) => own,
            (Some((_, j)), Edition::Fide2026) => own.min(self.given(j, kind)),
            (None, Edition::Fide2026) => {
                let rounds = i32::try_from(self.r.round_count()).unwrap_or(i32::MAX);
                own.min(Score(draw(self.ev, kind).0.saturating_mul(rounds)))
            }
        }
    }

    fn value(&self, i: usize, spec: &TeamSpec) -> Value {
        let rounds = self.r.rounds.get(i).map_or(&[][..], Vec::as_slice);
        match spec.kind {
            TeamKind::Points => Value::tenths(i64::from(self.total(i, spec.score).0)),
            TeamKind::Buchholz => Value::tenths(
                rounds
                    .iter()
                    .map(|x| i64::from(self.opponent_score(i, x, spec.score).0))
                    .sum(),
            ),
            TeamKind::SonnebornBerger => Value::hundredths(
                rounds
                    .iter()
                    .map(|x| {
                        i64::from(self.opponent_score(i, x, spec.score).0)
                            * i64::from(x.points(spec.own).0)
                    })
                    .sum(),
            ),
            TeamKind::BoardCount => Value::tenths(
                rounds
                    .iter()
                    .map(|x| i64::from(self.board_count(x).0))
                    .sum(),
            ),
            // Computed on the whole ranking ([`team_standings`]).
            TeamKind::DirectEncounter => Value::int(0),
        }
    }

    /// C.07 12.1: one round's board numbers times the game points scored on them. A match
    /// counts its boards as written (a forfeited board with its forfeit's points); the PAB,
    /// worth a drawn match (C.04.6 1.4), a draw on every board; an absence nothing.
    fn board_count(&self, round: &TeamRound) -> Score {
        let points = &self.ev.tournament.points;
        match round {
            TeamRound::Match(m) => m
                .boards
                .iter()
                .filter_map(|b| {
                    let number = i32::try_from(b.board).ok()?;
                    Some(Score(points.points(&b.entry?).0.saturating_mul(number)))
                })
                .sum(),
            TeamRound::Pab { .. } => {
                let boards = i32::try_from(self.ev.board_count()).unwrap_or(i32::MAX);
                // 1 + 2 + ... + boards, a draw on each.
                Score(points.draw.0.saturating_mul(boards * (boards + 1) / 2))
            }
            TeamRound::Absent => Score::ZERO,
        }
    }

    /// Article 6 for teams: each team's matches played over the board (one board played),
    /// with its points of `kind`; a match won gives the most.
    fn encounters(&self, kind: ScoreKind) -> Encounters {
        let played = self
            .r
            .rounds
            .iter()
            .map(|rounds| {
                rounds
                    .iter()
                    .filter_map(TeamRound::as_match)
                    .filter(|m| m.played)
                    .filter_map(|m| {
                        let j = self.r.index_of(m.opponent)?;
                        let pts = match kind {
                            ScoreKind::MatchPoints => m.match_points,
                            ScoreKind::GamePoints => m.game_points,
                        };
                        Some((j, i64::from(pts.0)))
                    })
                    .collect()
            })
            .collect();
        let win = match kind {
            ScoreKind::MatchPoints => self.ev.scoring().win,
            ScoreKind::GamePoints => {
                let boards = i32::try_from(self.ev.board_count()).unwrap_or(i32::MAX);
                Score(self.ev.tournament.points.win.0.saturating_mul(boards))
            }
        };
        Encounters {
            played,
            win: i64::from(win.0),
        }
    }
}

/// Ranks the teams by `specs` in order (C.07 4.2); a tie left after the last is shared.
pub fn team_standings(
    ev: &TeamEvent,
    specs: &[TeamSpec],
    edition: Edition,
) -> Result<TeamStandings, TeamIssue> {
    let r = ev.rounds()?;
    let s = Scores { ev, r: &r, edition };
    let n = ev.teams.len();
    let mut order: Vec<usize> = (0..n).collect();
    let mut rank = vec![1usize; n];
    let mut table: Vec<Vec<Value>> = vec![Vec::with_capacity(specs.len()); n];
    for spec in specs {
        let vals: Vec<Value> = if spec.kind == TeamKind::DirectEncounter {
            compute_encounters(&s.encounters(spec.score), &order, &rank)
        } else {
            (0..n).map(|i| s.value(i, spec)).collect()
        };
        refine(&mut order, &mut rank, &vals, spec.kind.lower_is_better());
        for (row, v) in table.iter_mut().zip(vals) {
            row.push(v);
        }
    }
    let rows = order
        .iter()
        .map(|&i| Row {
            id: ev.teams[i].tpn,
            rank: rank[i],
            values: std::mem::take(&mut table[i]),
        })
        .collect();
    Ok(TeamStandings {
        specs: specs.to_vec(),
        edition,
        rows,
    })
}
