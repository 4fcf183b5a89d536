//! Reading and writing team events ([`TeamEvent`]): the TRF-2026 team records and TRF-16 `013`
//! (column layouts from swiss-team-2026.md §10 and trf-formats.md §B.3, §E.2).
//!
//! - `310` team: pairing number 5-7, name 9-40, nickname 42-46, strength factor 48-53, match
//!   points 55-60, game points 62-67, rank 69-71, members' pairing numbers at 74-77, 79-82, …
//!   in default board order.
//! - `013` (TRF-16) team: name 5-36, members at 37-40, 42-45, …; no pairing number: the teams
//!   are numbered in file order. With `310` records present, `013` lines are kept verbatim (as
//!   Gacrux ignores them).
//! - `320` team PAB: match points 5-8, game points 10-13, the PAB team of round 1, 2, … at
//!   15-17, 19-21, … (`000` = none).
//! - `330` forfeited match: `+-`/`-+`/`--` at 5-6, round 8-10, White team 12-14, Black 16-18.
//! - `300` line-up: round 5-7, team 9-11, opponent 13-15, players on boards 1, 2, … at 17-20,
//!   22-25, … (`0000` = empty board).
//! - `352` board colours (`WBWB`): the length is the number of boards.
//! - `362` match points: `TW`/`TD`/`TL` at 5-6, 14-15, 23-24 with the points at 7-10, 16-19,
//!   25-28.
//! - `801`/`802` cross-tables (informative): kept verbatim; an `802`'s team (5-7), match points
//!   (15-20) and game points (22-27) are checked against the games. Their round blocks are not
//!   read: the layout of their sub-fields is not known well enough to check them.
//!
//! - `240` team byes (a team file's `240` names teams, not players): type `F`/`H`/`Z` at 5,
//!   round 7-9, teams at 11-14, 16-19, … (4 digits, trf-formats.md §E.2, swiss-team-2026.md
//!   §10). One of a round not played yet takes its teams out of that round's pairing
//!   ([`crate::team::TeamRequest::next_round`]); one of a round played must be a zero-point
//!   bye (`Z`) of teams without a match nor the PAB there: the file gives no points for a
//!   team's full- or half-point bye, so `F`/`H` of a round played is refused
//!   ([`ErrorKind::Unsupported`]), as is a bye of a team that played that round
//!   ([`ErrorKind::Conflict`]).
//!
//! Every contradiction between the teams and the players' games ([`TeamIssue`]) is an error
//! naming the line and column of the record that states it. In a team file the `250`, `260`
//! and `299` records name teams, not players: the reader refuses them
//! ([`ErrorKind::Unsupported`]) rather than apply them to the players of those numbers.

use super::error::quoted;
use super::{decode, parse_uint, split_lines, ErrorKind, Line, ReadOptions, TrfError};
use crate::model::{Color, PlayerId};
use crate::score::Score;
use crate::team::matches::Source;
use crate::team::{
    ForfeitKind, Lineup, MatchForfeit, MatchScoring, ScoreKind, Team, TeamBye, TeamByeKind,
    TeamEvent, TeamId, TeamIssue, TeamPab, TeamRecords, TeamRound, MAX_TEAM_ID,
};
use std::collections::HashMap;
use std::path::Path;

/// The records of team events this module reads (the others stay in `Tournament::records`).
const TEAM_CODES: &[&str] = &[
    "310", "320", "330", "300", "352", "362", "801", "802", "240",
];

/// Team-file records with team numbers the reader does not apply.
const TEAM_ID_RECORDS: &[&str] = &["250", "260", "299"];

/// True when the text has team records (`310` or `013`).
fn has_teams(lines: &[(usize, &str)]) -> bool {
    lines
        .iter()
        .any(|(_, l)| l.starts_with("310") || l.starts_with("013"))
}

/// Reads a team event from bytes.
pub fn read_team(bytes: &[u8]) -> Result<TeamEvent, TrfError> {
    let text = match decode(bytes) {
        Ok(text) => text,
        Err(e) => {
            return Err(super::read_with(bytes, &ReadOptions::default())
                .err()
                .unwrap_or(e))
        }
    };
    // The players' reader sees a team file's `240` records as blank lines (their numbers are
    // teams); the line numbers stay.
    let t = if has_teams(
        &split_lines(&text)
            .into_iter()
            .enumerate()
            .collect::<Vec<_>>(),
    ) {
        let players: Vec<&str> = split_lines(&text)
            .into_iter()
            .map(|l| {
                if l.trim_start_matches('\u{feff}').starts_with("240") {
                    ""
                } else {
                    l
                }
            })
            .collect();
        super::read_with(players.join("\n").as_bytes(), &ReadOptions::default())
    } else {
        super::read_with(bytes, &ReadOptions::default())
    };
    let lines: Vec<(usize, &str)> = split_lines(&text)
        .into_iter()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.trim_start_matches('\u{feff}').trim_end()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if has_teams(&lines) {
        if let Some((no, l)) = lines
            .iter()
            .find(|(_, l)| TEAM_ID_RECORDS.iter().any(|c| l.starts_with(c)))
        {
            return Err(TrfError::new(
                ErrorKind::Unsupported,
                *no,
                1,
                l.get(..3).unwrap_or(""),
                "no 250, 260 or 299 record in a team file (their team numbers are not read yet)",
                Some(quoted(l.get(..3).unwrap_or(""))),
            ));
        }
    }
    let t = t?;
    let mut r = TeamReader::default();
    r.ev.tournament = t;
    for &(no, text) in &lines {
        r.line(&Line::new(no, text))?;
    }
    r.finish()
}

/// Reads a team event from text.
pub fn read_team_str(text: &str) -> Result<TeamEvent, TrfError> {
    read_team(text.as_bytes())
}

/// Reads a team event from disk; errors carry the path.
pub fn read_team_file(path: impl AsRef<Path>) -> Result<TeamEvent, TrfError> {
    let path = path.as_ref();
    let bytes = super::read_bytes(path)?;
    read_team(&bytes).map_err(|e| e.with_file(path))
}

/// True when a tournament read by [`super::read`] keeps team records (`310` or `013`).
pub fn has_team_records(t: &crate::model::Tournament) -> bool {
    t.records.iter().any(|(c, _)| c == "310" || c == "013")
}

/// True when a tournament read by [`super::read`] is a team event: it has `310` records, or
/// `013` records and a team Swiss `192` code. An individual event may list teams in `013`
/// records for a team prize (TRF-16 has no other team record), its players paired one by one.
pub fn is_team_event(t: &crate::model::Tournament) -> bool {
    t.records.iter().any(|(c, _)| c == "310")
        || (has_team_records(t)
            && t.system_code()
                .and_then(crate::team::ScoreUse::from_code)
                .is_some())
}

/// Where each record is, for the errors of [`TeamReader::finish`].
#[derive(Default)]
struct Places {
    team: HashMap<TeamId, usize>,
    player: HashMap<PlayerId, usize>,
    forfeit: Vec<usize>,
    lineup: Vec<usize>,
    /// Each `240`'s line.
    bye: Vec<usize>,
    pab: usize,
}

#[derive(Default)]
struct TeamReader {
    ev: TeamEvent,
    at: Places,
    /// `013` teams, used when no `310` exists: (line, name, members).
    trf16: Vec<(usize, String, Vec<PlayerId>)>,
    /// Lines of the `802` records, in the order of `cross_tables` among the `802`s.
    lines_802: Vec<usize>,
    seen_352: Option<usize>,
    seen_362: Option<usize>,
}

impl TeamReader {
    fn line(&mut self, l: &Line) -> Result<(), TrfError> {
        match l.code().as_str() {
            "001" => {
                if let Ok(Some(id)) = parse_uint(l, 5, 8, "starting rank") {
                    self.at.player.entry(id).or_insert(l.no);
                }
                Ok(())
            }
            "310" => self.team(l),
            "013" => self.team16(l),
            "320" => self.pab(l),
            "330" => self.forfeit(l),
            "300" => self.lineup(l),
            "240" => self.bye(l),
            "352" => self.board_colors(l),
            "362" => self.match_scoring(l),
            "801" | "802" => {
                if l.code() == "802" {
                    self.lines_802.push(l.no);
                }
                self.ev.cross_tables.push((l.code(), rest(l)));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// `310`.
    fn team(&mut self, l: &Line) -> Result<(), TrfError> {
        let tpn = team_id(l, 5, 7, "310 team pairing number")?.ok_or_else(|| {
            l.err(
                ErrorKind::BadNumber,
                5,
                "310 team pairing number",
                format!("a team pairing number from 1 to {MAX_TEAM_ID} in columns 5-7"),
                Some(quoted(l.cols(5, 7).trim())),
            )
        })?;
        if let Some(first) = self.at.team.get(&tpn) {
            return Err(l.err(
                ErrorKind::DuplicateTeam,
                5,
                "310 team pairing number",
                format!("a team pairing number not used before (team {tpn} is on line {first})"),
                Some(quoted(l.cols(5, 7).trim())),
            ));
        }
        let score = |from, to, field| optional_score(l, from, to, field);
        let match_points = score(55, 60, "310 match points")?;
        let game_points = score(62, 67, "310 game points")?;
        let rank = parse_uint(l, 69, 71, "310 rank")?;
        let members = ids_every_5(l, 74, "310 member")?;
        self.at.team.insert(tpn, l.no);
        self.ev.teams.push(Team {
            tpn,
            name: l.cols(9, 40).trim().to_string(),
            nickname: l.cols(42, 46).trim().to_string(),
            strength: l.cols(48, 53).trim().to_string(),
            match_points,
            game_points,
            rank,
            members,
        });
        Ok(())
    }

    /// `013` (TRF-16).
    fn team16(&mut self, l: &Line) -> Result<(), TrfError> {
        let members = ids_every_5(l, 37, "013 member")?;
        self.trf16
            .push((l.no, l.cols(5, 36).trim().to_string(), members));
        Ok(())
    }

    /// `320`.
    fn pab(&mut self, l: &Line) -> Result<(), TrfError> {
        if self.ev.pab.declared {
            return Err(l.err(
                ErrorKind::Conflict,
                1,
                "320",
                format!("one 320 record (the first is on line {})", self.at.pab),
                None,
            ));
        }
        let score = |from, to, field| optional_score(l, from, to, field);
        let match_points = score(5, 8, "320 match points")?;
        let game_points = score(10, 13, "320 game points")?;
        let mut teams = Vec::new();
        let mut col = 15;
        while col <= l.len() {
            let field = format!("320 round {} PAB team", teams.len() + 1);
            let id = team_id(l, col, col + 2, &field)?;
            teams.push(id);
            col += 4;
        }
        while teams.last() == Some(&None) {
            teams.pop();
        }
        self.ev.pab = TeamPab {
            match_points,
            game_points,
            teams,
            declared: true,
        };
        self.at.pab = l.no;
        Ok(())
    }

    /// `330`.
    fn forfeit(&mut self, l: &Line) -> Result<(), TrfError> {
        let kind = match l.cols(5, 6).as_str() {
            "+-" => ForfeitKind::WhiteWins,
            "-+" => ForfeitKind::BlackWins,
            "--" => ForfeitKind::Double,
            other => {
                return Err(l.err(
                    ErrorKind::BadValue,
                    5,
                    "330 forfeit",
                    "+-, -+ or -- in columns 5-6",
                    Some(quoted(other)),
                ))
            }
        };
        let round = round_field(l, 8, 10, "330 round")?;
        let white = required_team(l, 12, 14, "330 White team")?;
        let black = required_team(l, 16, 18, "330 Black team")?;
        if white == black {
            return Err(l.err(
                ErrorKind::SelfPairing,
                16,
                "330 Black team",
                format!("a team other than the White team {white}"),
                Some(quoted(l.cols(16, 18).trim())),
            ));
        }
        self.ev.forfeits.push(MatchForfeit {
            kind,
            round,
            white,
            black,
        });
        self.at.forfeit.push(l.no);
        Ok(())
    }

    /// `300`.
    fn lineup(&mut self, l: &Line) -> Result<(), TrfError> {
        let round = round_field(l, 5, 7, "300 round")?;
        let team = required_team(l, 9, 11, "300 team")?;
        let opponent = team_id(l, 13, 15, "300 opponent")?;
        if let Some(i) = self
            .ev
            .lineups
            .iter()
            .position(|x| x.round == round && x.team == team)
        {
            return Err(l.err(
                ErrorKind::Conflict,
                9,
                "300 team",
                format!(
                    "one line-up of team {team} in round {round} (the first is on line {})",
                    self.at.lineup.get(i).copied().unwrap_or(0)
                ),
                Some(quoted(l.cols(9, 11).trim())),
            ));
        }
        let mut boards = Vec::new();
        let mut col = 17;
        while col <= l.len() {
            let field = format!("300 board {}", boards.len() + 1);
            let id = parse_uint(l, col, col + 3, &field)?;
            boards.push(id.filter(|&p| p != 0));
            col += 5;
        }
        self.ev.lineups.push(Lineup {
            round,
            team,
            opponent,
            boards,
        });
        self.at.lineup.push(l.no);
        Ok(())
    }

    /// `240`: a team bye or absence (module doc).
    fn bye(&mut self, l: &Line) -> Result<(), TrfError> {
        let kind = match super::records2026::bye_type(l)? {
            'F' => TeamByeKind::Full,
            'H' => TeamByeKind::Half,
            _ => TeamByeKind::Zero,
        };
        let round = round_field(l, 7, 9, "240 round")?;
        let mut teams = Vec::new();
        let mut col = 11;
        while col <= l.len() {
            let field = format!("240 team {}", teams.len() + 1);
            if let Some(t) = team_id(l, col, col + 3, &field)? {
                if teams.contains(&t) {
                    return Err(l.err(
                        ErrorKind::Conflict,
                        col,
                        field,
                        format!("each team once (team {t} is listed before)"),
                        Some(quoted(&t.to_string())),
                    ));
                }
                teams.push(t);
            }
            col += 5;
        }
        if teams.is_empty() {
            return Err(l.err(
                if l.len() < 11 {
                    ErrorKind::Truncated
                } else {
                    ErrorKind::BadNumber
                },
                11,
                "240 team 1",
                "a team pairing number in columns 11-14",
                Some(quoted(l.cols(11, 14).trim())),
            ));
        }
        self.ev.byes.push(TeamBye { kind, round, teams });
        self.at.bye.push(l.no);
        Ok(())
    }

    /// `240` records of rounds already played: a zero-point bye of teams that neither played
    /// nor had the PAB there (module doc).
    fn check_byes(&self, rounds: &crate::team::TeamRounds) -> Result<(), TrfError> {
        for (i, b) in self.ev.byes.iter().enumerate() {
            let line = self.at.bye.get(i).copied().unwrap_or(0);
            let r = b.round as usize;
            if r > rounds.round_count() {
                continue;
            }
            if b.kind != TeamByeKind::Zero {
                return Err(TrfError::new(
                    ErrorKind::Unsupported,
                    line,
                    5,
                    "240 bye type",
                    format!(
                        "Z for round {r}, a round played: a team's full- or half-point bye has no \
                         points in the file"
                    ),
                    Some(quoted(&b.kind.letter().to_string())),
                ));
            }
            for (k, &t) in b.teams.iter().enumerate() {
                let Some(ti) = rounds.index_of(t) else {
                    continue;
                };
                if !matches!(
                    rounds.rounds.get(ti).and_then(|rs| rs.get(r - 1)),
                    None | Some(TeamRound::Absent)
                ) {
                    return Err(TrfError::new(
                        ErrorKind::Conflict,
                        line,
                        11 + 5 * k,
                        format!("240 team {}", k + 1),
                        format!("a team without a match nor the PAB in round {r}"),
                        Some(quoted(&t.to_string())),
                    ));
                }
            }
        }
        Ok(())
    }

    /// `352`: one letter `W`/`B` per board.
    fn board_colors(&mut self, l: &Line) -> Result<(), TrfError> {
        if let Some(first) = self.seen_352 {
            return Err(l.err(
                ErrorKind::Conflict,
                1,
                "352",
                format!("one 352 record (the first is on line {first})"),
                None,
            ));
        }
        let (col, text) = l.single_token(
            "352 board colours",
            "the board colours, such as WBWB",
            "one word of W and B letters",
        )?;
        let mut colors = Vec::new();
        for (i, ch) in text.chars().enumerate() {
            colors.push(match ch.to_ascii_uppercase() {
                'W' => Color::White,
                'B' => Color::Black,
                _ => {
                    return Err(l.err(
                        ErrorKind::BadColor,
                        col + i,
                        "352 board colours",
                        "W or B",
                        Some(quoted(&ch.to_string())),
                    ))
                }
            });
        }
        self.ev.board_colors = Some(colors);
        self.seen_352 = Some(l.no);
        Ok(())
    }

    /// `362`: `TW`, `TD`, `TL` with their match points.
    fn match_scoring(&mut self, l: &Line) -> Result<(), TrfError> {
        if let Some(first) = self.seen_362 {
            return Err(l.err(
                ErrorKind::Conflict,
                1,
                "362",
                format!("one 362 record (the first is on line {first})"),
                None,
            ));
        }
        let mut s = MatchScoring::default();
        let mut col = 5;
        while col <= l.len() {
            let sym = l.cols(col, col + 1);
            let value = l.cols(col + 2, col + 5);
            let points = Score::parse(&value).ok_or_else(|| {
                l.err(
                    if value.trim().is_empty() {
                        ErrorKind::Truncated
                    } else {
                        ErrorKind::BadScore
                    },
                    col + 2,
                    format!("362 {}", sym.trim()),
                    format!("points like 2.0 in columns {}-{}", col + 2, col + 5),
                    Some(quoted(value.trim())),
                )
            })?;
            match sym.to_ascii_uppercase().as_str() {
                "TW" => s.win = points,
                "TD" => s.draw = points,
                "TL" => s.loss = points,
                other => {
                    return Err(l.err(
                        ErrorKind::BadValue,
                        col,
                        "362 symbol",
                        format!("TW, TD or TL in columns {col}-{}", col + 1),
                        Some(quoted(other)),
                    ))
                }
            }
            col += 9;
        }
        self.ev.match_scoring = Some(s);
        self.seen_362 = Some(l.no);
        Ok(())
    }

    fn finish(mut self) -> Result<TeamEvent, TrfError> {
        if self.ev.teams.is_empty() {
            if self.trf16.is_empty() {
                return Err(TrfError::new(
                    ErrorKind::NoPlayers,
                    0,
                    0,
                    "teams",
                    "a 310 or 013 team record",
                    Some("none".into()),
                ));
            }
            self.ev.source = TeamRecords::Trf16;
            for (i, (no, name, members)) in std::mem::take(&mut self.trf16).into_iter().enumerate()
            {
                let tpn = TeamId::try_from(i + 1).unwrap_or(TeamId::MAX);
                if tpn > MAX_TEAM_ID {
                    return Err(TrfError::new(
                        ErrorKind::TooLarge,
                        no,
                        1,
                        "013",
                        format!("at most {MAX_TEAM_ID} teams"),
                        None,
                    ));
                }
                self.at.team.insert(tpn, no);
                self.ev.teams.push(Team {
                    tpn,
                    name,
                    members,
                    ..Team::default()
                });
            }
        }
        // 013 beside 310 stays in the records as written.
        let drop_013 = self.ev.source == TeamRecords::Trf16;
        self.ev
            .tournament
            .records
            .retain(|(c, _)| !(TEAM_CODES.contains(&c.as_str()) || (c == "013" && drop_013)));
        self.ev.teams.sort_by_key(|t| t.tpn);
        self.check_numbers()?;
        let rounds = self.ev.rounds().map_err(|issue| self.place(issue))?;
        self.check_cross_tables(&rounds)?;
        self.check_byes(&rounds)?;
        Ok(self.ev)
    }

    /// C.04.6 1.1.1: pairing numbers 1..=n; and every team a record names exists.
    fn check_numbers(&self) -> Result<(), TrfError> {
        let n = self.ev.teams.len();
        for t in &self.ev.teams {
            if t.tpn as usize > n {
                let line = self.at.team.get(&t.tpn).copied().unwrap_or(0);
                return Err(TrfError::new(
                    ErrorKind::OutOfRange,
                    line,
                    5,
                    "310 team pairing number",
                    format!(
                        "a team pairing number from 1 to the number of teams, {n} (C.04.6 1.1.1)"
                    ),
                    Some(quoted(&t.tpn.to_string())),
                ));
            }
        }
        let unknown = |line: usize, col: usize, field: &str, tpn: TeamId| {
            TrfError::new(
                ErrorKind::UnknownTeam,
                line,
                col,
                field,
                "the pairing number of a team of a 310 record",
                Some(quoted(&tpn.to_string())),
            )
        };
        let exists = |tpn: TeamId| self.ev.index_of(tpn).is_some();
        for (r, t) in self.ev.pab.teams.iter().enumerate() {
            if let Some(t) = t.filter(|&t| !exists(t)) {
                return Err(unknown(self.at.pab, 15 + 4 * r, "320 PAB team", t));
            }
        }
        for (i, f) in self.ev.forfeits.iter().enumerate() {
            let line = self.at.forfeit.get(i).copied().unwrap_or(0);
            for (col, field, t) in [
                (12, "330 White team", f.white),
                (16, "330 Black team", f.black),
            ] {
                if !exists(t) {
                    return Err(unknown(line, col, field, t));
                }
            }
        }
        for (i, b) in self.ev.byes.iter().enumerate() {
            let line = self.at.bye.get(i).copied().unwrap_or(0);
            if let Some((k, &t)) = b.teams.iter().enumerate().find(|(_, &t)| !exists(t)) {
                return Err(unknown(line, 11 + 5 * k, &format!("240 team {}", k + 1), t));
            }
        }
        for (i, l) in self.ev.lineups.iter().enumerate() {
            let line = self.at.lineup.get(i).copied().unwrap_or(0);
            if !exists(l.team) {
                return Err(unknown(line, 9, "300 team", l.team));
            }
            if let Some(o) = l.opponent.filter(|&o| !exists(o)) {
                return Err(unknown(line, 13, "300 opponent", o));
            }
        }
        Ok(())
    }

    /// `802` totals against the games.
    fn check_cross_tables(&self, rounds: &crate::team::TeamRounds) -> Result<(), TrfError> {
        let lines = self.ev.cross_tables.iter().filter(|(c, _)| c == "802");
        for ((code, rest_text), &no) in lines.zip(&self.lines_802) {
            let l = Line::new(no, &format!("{code}{rest_text}"));
            let Ok(Some(tpn)) = team_id(&l, 5, 7, "802 team") else {
                continue;
            };
            let Some(i) = rounds.index_of(tpn) else {
                return Err(TrfError::new(
                    ErrorKind::UnknownTeam,
                    no,
                    5,
                    "802 team",
                    "the pairing number of a team of a 310 record",
                    Some(quoted(&tpn.to_string())),
                ));
            };
            for (from, to, kind) in [
                (15, 20, ScoreKind::MatchPoints),
                (22, 27, ScoreKind::GamePoints),
            ] {
                let text = l.cols(from, to);
                let Some(stated) = Score::parse(&text) else {
                    continue;
                };
                let derived = rounds.total(i, kind);
                if stated != derived {
                    return Err(TrfError::new(
                        ErrorKind::MatchResult,
                        no,
                        from,
                        format!("802 team {tpn} {}", kind.abbreviation()),
                        format!("{derived}, as the games give"),
                        Some(quoted(text.trim())),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The positioned error of an issue.
    fn place(&self, issue: TeamIssue) -> TrfError {
        let team_line = |t: TeamId| self.at.team.get(&t).copied().unwrap_or(0);
        let player_line = |p: PlayerId| self.at.player.get(&p).copied().unwrap_or(0);
        let member_col = if self.ev.source == TeamRecords::Trf16 {
            37
        } else {
            74
        };
        let record = if self.ev.source == TeamRecords::Trf16 {
            "013"
        } else {
            "310"
        };
        let round_col = |r: usize| 92 + 10 * (r.saturating_sub(1));
        let source_at = |s: Source, round: usize| match s {
            Source::Games(p) => (player_line(p), round_col(round), format!("round {round}")),
            Source::Forfeit(i) => (
                self.at.forfeit.get(i).copied().unwrap_or(0),
                12,
                "330".to_string(),
            ),
            Source::Lineup(i) => (
                self.at.lineup.get(i).copied().unwrap_or(0),
                13,
                "300 opponent".to_string(),
            ),
            Source::Pab => (
                self.at.pab,
                15 + 4 * round.saturating_sub(1),
                "320".to_string(),
            ),
        };
        let (kind, line, column, field) = match &issue {
            TeamIssue::PlayerInTwoTeams { second, member, .. } => (
                ErrorKind::TeamMember,
                team_line(*second),
                member_col + 5 * member,
                format!("{record} member"),
            ),
            TeamIssue::UnknownMember { team, member, .. } => (
                ErrorKind::UnknownPlayer,
                team_line(*team),
                member_col + 5 * member,
                format!("{record} member"),
            ),
            TeamIssue::UnknownLineupPlayer { lineup, board, .. } => (
                ErrorKind::UnknownPlayer,
                self.at.lineup.get(*lineup).copied().unwrap_or(0),
                17 + 5 * board,
                format!("300 board {}", board + 1),
            ),
            TeamIssue::LineupPlayerOfOtherTeam { lineup, board, .. } => (
                ErrorKind::TeamMember,
                self.at.lineup.get(*lineup).copied().unwrap_or(0),
                17 + 5 * board,
                format!("300 board {}", board + 1),
            ),
            TeamIssue::NotInLineup { round, player, .. }
            | TeamIssue::TooManyBoards { round, player, .. } => (
                ErrorKind::TeamMember,
                player_line(*player),
                round_col(*round),
                format!("round {round}"),
            ),
            TeamIssue::OpponentWithoutTeam { round, player, .. }
            | TeamIssue::SameTeam { round, player, .. }
            | TeamIssue::MixedOpponents { round, player, .. }
            | TeamIssue::PabWithGames { round, player, .. }
            | TeamIssue::MissingOpponent { round, player, .. } => (
                ErrorKind::AsymmetricMatch,
                player_line(*player),
                round_col(*round),
                format!("round {round} opponent"),
            ),
            TeamIssue::BoardColour { round, player, .. } => (
                ErrorKind::BadColor,
                player_line(*player),
                round_col(*round) + 5,
                format!("round {round} colour"),
            ),
            TeamIssue::Conflict {
                round, via: source, ..
            }
            | TeamIssue::AsymmetricMatch {
                round, via: source, ..
            } => {
                let (line, col, field) = source_at(*source, *round);
                (ErrorKind::AsymmetricMatch, line, col, field)
            }
            TeamIssue::ForfeitAgainstGames { forfeit, .. }
            | TeamIssue::DoubleForfeitPlayed { forfeit, .. } => (
                ErrorKind::MatchResult,
                self.at.forfeit.get(*forfeit).copied().unwrap_or(0),
                5,
                "330 forfeit".to_string(),
            ),
            TeamIssue::ForfeitColour { forfeit, .. } => (
                ErrorKind::MatchResult,
                self.at.forfeit.get(*forfeit).copied().unwrap_or(0),
                12,
                "330 White team".to_string(),
            ),
            TeamIssue::TotalsDiffer { team, kind, .. } => (
                ErrorKind::MatchResult,
                team_line(*team),
                if *kind == ScoreKind::MatchPoints {
                    55
                } else {
                    62
                },
                format!(
                    "310 {}",
                    if *kind == ScoreKind::MatchPoints {
                        "match points"
                    } else {
                        "game points"
                    }
                ),
            ),
        };
        TrfError::new(kind, line, column, field, issue.to_string(), None)
    }
}

/// Points in `from..=to`, `None` for blanks.
fn optional_score(
    l: &Line,
    from: usize,
    to: usize,
    field: &str,
) -> Result<Option<Score>, TrfError> {
    match l.cols(from, to).trim() {
        "" => Ok(None),
        s => Score::parse(s).map(Some).ok_or_else(|| {
            l.err(
                ErrorKind::BadScore,
                from,
                field,
                format!("points like 11.5 in columns {from}-{to}"),
                Some(quoted(s)),
            )
        }),
    }
}

/// The line after its three-character code.
fn rest(l: &Line) -> String {
    l.chars
        .get(3..)
        .map_or(String::new(), |s| s.iter().collect())
}

/// A team number in `from..=to`: `None` for blanks or `000`.
fn team_id(l: &Line, from: usize, to: usize, field: &str) -> Result<Option<TeamId>, TrfError> {
    match parse_uint(l, from, to, field)? {
        None | Some(0) => Ok(None),
        Some(t) if t <= MAX_TEAM_ID => Ok(Some(t)),
        Some(t) => Err(l.err(
            ErrorKind::OutOfRange,
            from,
            field,
            format!("a team pairing number from 1 to {MAX_TEAM_ID}"),
            Some(quoted(&t.to_string())),
        )),
    }
}

/// A team number that must be there.
fn required_team(l: &Line, from: usize, to: usize, field: &str) -> Result<TeamId, TrfError> {
    team_id(l, from, to, field)?.ok_or_else(|| {
        l.err(
            if l.len() < from {
                ErrorKind::Truncated
            } else {
                ErrorKind::BadNumber
            },
            from,
            field,
            format!("a team pairing number in columns {from}-{to}"),
            Some(quoted(l.cols(from, to).trim())),
        )
    })
}

/// A round number in `from..=to`, 1..=[`super::MAX_ROUNDS`].
fn round_field(l: &Line, from: usize, to: usize, field: &str) -> Result<u32, TrfError> {
    match parse_uint(l, from, to, field)? {
        Some(r) if r >= 1 && r as usize <= super::MAX_ROUNDS => Ok(r),
        other => Err(l.err(
            if other.is_none() && l.len() < from {
                ErrorKind::Truncated
            } else {
                ErrorKind::OutOfRange
            },
            from,
            field,
            format!(
                "a round from 1 to {} in columns {from}-{to}",
                super::MAX_ROUNDS
            ),
            Some(quoted(l.cols(from, to).trim())),
        )),
    }
}

/// Pairing numbers of 4 digits every 5 columns from `from` (blank fields skipped).
fn ids_every_5(l: &Line, from: usize, field: &str) -> Result<Vec<PlayerId>, TrfError> {
    let mut out = Vec::new();
    let mut col = from;
    while col <= l.len() {
        let f = format!("{field} {}", out.len() + 1);
        match parse_uint(l, col, col + 3, &f)? {
            Some(0) | None => {}
            Some(id) if id <= super::MAX_PLAYER_ID => out.push(id),
            Some(id) => {
                return Err(l.err(
                    ErrorKind::OutOfRange,
                    col,
                    f,
                    format!("a pairing number from 1 to {}", super::MAX_PLAYER_ID),
                    Some(quoted(&id.to_string())),
                ))
            }
        }
        col += 5;
    }
    Ok(out)
}

/// A team event as TRF text: the players' tournament in `opts`'s format, with `352` and `362`
/// among the header records and the team records after the player lines (`310` or `013`,
/// `320`, `330`, `300`, `240`, then `801`/`802` as read).
pub fn write_team(ev: &TeamEvent, opts: &super::WriteOptions) -> String {
    let mut t = ev.tournament.clone();
    if let Some(p) = &ev.board_colors {
        t.records.push((
            "352".into(),
            format!(" {}", p.iter().map(|c| c.letter()).collect::<String>()),
        ));
    }
    if let Some(s) = ev.match_scoring {
        t.records.push((
            "362".into(),
            format!(" TW{:>4}   TD{:>4}   TL{:>4}", s.win, s.draw, s.loss),
        ));
    }
    let mut out = super::writer::write_players(&t, opts, super::writer::PlayerByes::Omit);
    let nl = match opts.line_ending {
        super::LineEnding::Lf => "\n",
        super::LineEnding::Cr => "\r",
        super::LineEnding::CrLf => "\r\n",
    };
    let mut lines = Vec::new();
    for team in &ev.teams {
        let members: String = team.members.iter().map(|m| format!("{m:>4} ")).collect();
        let opt = |s: Option<Score>| s.map_or(String::new(), |s| s.to_string());
        let line = match ev.source {
            TeamRecords::Trf2026 => format!(
                "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}",
                team.tpn,
                clip(&team.name, 32),
                clip(&team.nickname, 5),
                clip(&team.strength, 6),
                opt(team.match_points),
                opt(team.game_points),
                team.rank.map_or(String::new(), |r| r.to_string()),
                members
            ),
            TeamRecords::Trf16 => format!("013 {:<32}{}", clip(&team.name, 32), members),
        };
        lines.push(line.trim_end().to_string());
    }
    if ev.pab.declared {
        let opt = |s: Option<Score>| s.map_or(String::new(), |s| s.to_string());
        let mut line = format!(
            "320 {:>4} {:>4}",
            opt(ev.pab.match_points),
            opt(ev.pab.game_points)
        );
        for t in &ev.pab.teams {
            line.push_str(&format!(" {:03}", t.unwrap_or(0)));
        }
        lines.push(line.trim_end().to_string());
    }
    for f in &ev.forfeits {
        lines.push(format!(
            "330 {} {:03} {:03} {:03}",
            f.kind.code(),
            f.round,
            f.white,
            f.black
        ));
    }
    for l in &ev.lineups {
        let mut line = format!(
            "300 {:03} {:03} {:03}",
            l.round,
            l.team,
            l.opponent.unwrap_or(0)
        );
        for p in &l.boards {
            line.push_str(&format!(
                " {:>4}",
                p.map_or("0000".to_string(), |p| p.to_string())
            ));
        }
        lines.push(line);
    }
    for b in &ev.byes {
        let mut line = format!("240 {} {:03}", b.kind.letter(), b.round);
        for t in &b.teams {
            line.push_str(&format!(" {t:04}"));
        }
        lines.push(line);
    }
    for (code, rest) in &ev.cross_tables {
        lines.push(format!("{code}{rest}"));
    }
    for l in lines {
        out.push_str(&l);
        out.push_str(nl);
    }
    out
}

/// At most `n` characters of `s`.
fn clip(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
