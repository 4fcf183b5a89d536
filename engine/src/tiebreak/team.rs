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
//! | `TBR` | top-board result (C.07 12.2): the game points on board 1, then board 2, … among the teams still tied; the place in the tie group, lower ranks higher |
//! | `BBE` | bottom-board elimination (C.07 12.3): the game points without the bottom board, then without the two bottom boards, …; the place in the tie group, lower ranks higher |
//! | `EDE` | extended direct encounter (C.07 13.3.1): DE on the primary score, then on the secondary score where the first breaks no more ties; the place in the tie group, lower ranks higher |
//! | `SSSC` | score and strength combination (C.07 13.4): the secondary score plus the Buchholz on the primary score divided by a normalising factor |
//!
//! The board tie-breaks (BC, TBR, BBE) read each board's game points summed over the rounds,
//! with C.07 12's rule for unplayed games: a forfeited game counts as a standard win or loss
//! and the PAB as a win on every board.
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

use super::encounter::{compute_chain, compute_encounters, Encounters};
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
    /// Top-board result (C.07 12.2): the place in the tie group; lower ranks higher.
    TopBoard,
    /// Bottom-board elimination (C.07 12.3): the place in the tie group; lower ranks higher.
    BottomBoards,
    /// Extended direct encounter (C.07 13.3.1) on `score`, then on `own` (the other score).
    ExtendedEncounter,
    /// Score and strength combination (C.07 13.4): `own` (the secondary score) plus the
    /// Buchholz on `score` (the primary) over the normalising factor.
    ScoreStrength,
}

impl TeamKind {
    /// True when a lower value ranks higher.
    pub fn lower_is_better(self) -> bool {
        matches!(
            self,
            TeamKind::DirectEncounter
                | TeamKind::BoardCount
                | TeamKind::TopBoard
                | TeamKind::BottomBoards
                | TeamKind::ExtendedEncounter
        )
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
                ("TBR", None) => (
                    TeamKind::TopBoard,
                    ScoreKind::GamePoints,
                    ScoreKind::GamePoints,
                ),
                ("BBE", None) => (
                    TeamKind::BottomBoards,
                    ScoreKind::GamePoints,
                    ScoreKind::GamePoints,
                ),
                ("EDE", None) => (TeamKind::ExtendedEncounter, primary, other),
                ("EDEC" | "EDET" | "EDEB" | "EDEBT" | "EDEBB", None) => {
                    return Err(err(
                        "the chained forms of EDE (C.07 13.3.2) are not computed (docs/tiebreaks.md, \
                         Team events); EDE is",
                    ))
                }
                ("SSSC", None) => (TeamKind::ScoreStrength, primary, other),
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
                        "a team tie-break: MP GP PTS MPVGP BH[:MP|:GP] SB[:MP|:GP] ESB[:MP|:GP] EMMSB EMGSB EGMSB EGGSB DE[:MP|:GP] EDE BC TBR BBE SSSC",
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
            TeamKind::Buchholz => Value::tenths(self.buchholz(i, spec.score)),
            TeamKind::SonnebornBerger => Value::hundredths(
                rounds
                    .iter()
                    .map(|x| {
                        i64::from(self.opponent_score(i, x, spec.score).0)
                            * i64::from(x.points(spec.own).0)
                    })
                    .sum(),
            ),
            // C.07 12.1: each board's number times the game points scored on it.
            TeamKind::BoardCount => Value::tenths(
                self.board_points(i)
                    .iter()
                    .zip(1i64..)
                    .map(|(p, number)| p * number)
                    .sum(),
            ),
            TeamKind::ScoreStrength => Value::hundredths(self.score_strength(i, spec)),
            // Computed on the whole ranking ([`team_standings`]).
            TeamKind::DirectEncounter
            | TeamKind::ExtendedEncounter
            | TeamKind::TopBoard
            | TeamKind::BottomBoards => Value::int(0),
        }
    }

    /// Buchholz (C.07 8.1) of team `i` on the score of `kind`, in tenths.
    fn buchholz(&self, i: usize, kind: ScoreKind) -> i64 {
        let rounds = self.r.rounds.get(i).map_or(&[][..], Vec::as_slice);
        rounds
            .iter()
            .map(|x| i64::from(self.opponent_score(i, x, kind).0))
            .sum()
    }

    /// C.07 13.4: the secondary score (`spec.own`) plus the Buchholz on the primary score
    /// (`spec.score`) divided by the normalising factor, the highest primary score the
    /// tournament allows over the highest secondary score of one match, rounded towards
    /// zero (at least 1); in hundredths, rounded half up.
    fn score_strength(&self, i: usize, spec: &TeamSpec) -> i64 {
        let rounds = self
            .ev
            .tournament
            .total_rounds
            .map_or(self.r.round_count(), |r| r as usize);
        let rounds = i64::try_from(rounds).unwrap_or(i64::MAX);
        let most = |kind| i64::from(self.win(kind).0);
        let factor = (rounds.saturating_mul(most(spec.score)) / most(spec.own).max(1)).max(1);
        let secondary = i64::from(self.total(i, spec.own).0) * 10;
        let strength = self.buchholz(i, spec.score) * 10;
        secondary + (2 * strength + factor) / (2 * factor)
    }

    /// A won match's points of `kind`: `362`'s win, or a win on every board.
    fn win(&self, kind: ScoreKind) -> Score {
        match kind {
            ScoreKind::MatchPoints => self.ev.scoring().win,
            ScoreKind::GamePoints => {
                let boards = i32::try_from(self.ev.board_count()).unwrap_or(i32::MAX);
                Score(self.ev.tournament.points.win.0.saturating_mul(boards))
            }
        }
    }

    /// Team `i`'s game points on each board (index 0 = board 1), summed over the rounds, in
    /// tenths, as C.07 12 counts them for the board tie-breaks: a match's boards as written
    /// (a forfeited game as a standard win or loss), the PAB as a win on every board, an
    /// absence as nothing.
    fn board_points(&self, i: usize) -> Vec<i64> {
        let points = &self.ev.tournament.points;
        let mut out = vec![0i64; self.ev.board_count()];
        for round in self.r.rounds.get(i).map_or(&[][..], Vec::as_slice) {
            match round {
                TeamRound::Match(m) => {
                    for b in &m.boards {
                        let Some(entry) = &b.entry else { continue };
                        let Some(k) = b.board.checked_sub(1) else {
                            continue;
                        };
                        if out.len() <= k {
                            out.resize(k + 1, 0);
                        }
                        out[k] += i64::from(points.points(entry).0);
                    }
                }
                TeamRound::Pab { .. } => {
                    for p in &mut out {
                        *p += i64::from(points.win.0);
                    }
                }
                TeamRound::Absent => {}
            }
        }
        out
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
        Encounters {
            played,
            win: i64::from(self.win(kind).0),
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
        let vals: Vec<Value> = match spec.kind {
            TeamKind::DirectEncounter => {
                compute_encounters(&s.encounters(spec.score), &order, &rank)
            }
            // C.07 13.3.1: the primary score, then the secondary.
            TeamKind::ExtendedEncounter => compute_chain(
                &[&s.encounters(spec.score), &s.encounters(spec.own)],
                &order,
                &rank,
            ),
            // C.07 12.2: board 1's game points, then board 2's, …
            TeamKind::TopBoard => {
                let keys: Vec<Vec<i64>> = (0..n).map(|i| s.board_points(i)).collect();
                places(&keys, &order, &rank)
            }
            // C.07 12.3: the game points without the bottom board, then without the two
            // bottom boards, …
            TeamKind::BottomBoards => {
                let keys: Vec<Vec<i64>> = (0..n)
                    .map(|i| {
                        let boards = s.board_points(i);
                        (1..=boards.len())
                            .map(|cut| boards[..boards.len() - cut].iter().sum())
                            .collect()
                    })
                    .collect();
                places(&keys, &order, &rank)
            }
            _ => (0..n).map(|i| s.value(i, spec)).collect(),
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

/// Each team's place inside its tie group (teams of equal `rank`) when the group is ordered by
/// `keys` compared element by element, higher first (1 + the members with a better key), or
/// 0 for the whole group when the keys separate no one; lower ranks higher. `order` is the
/// ranking before, tie groups adjacent.
fn places(keys: &[Vec<i64>], order: &[usize], rank: &[usize]) -> Vec<Value> {
    let mut out = vec![Value::int(0); keys.len()];
    let mut start = 0;
    while start < order.len() {
        let r = rank[order[start]];
        let stop = (start..order.len())
            .find(|&k| rank[order[k]] != r)
            .unwrap_or(order.len());
        let group = &order[start..stop];
        if group.iter().any(|&t| keys[t] != keys[group[0]]) {
            for &t in group {
                let better = group.iter().filter(|&&o| keys[o] > keys[t]).count();
                out[t] = Value::int(1 + better as i64);
            }
        }
        start = stop;
    }
    out
}
