//! Errors of the TRF reader and writer: one typed error, positioned to the character.
//!
//! Every error names the file (when known), the 1-based line and the 1-based **character**
//! column (not byte column: UTF-8 names count one column per character), the field
//! (`"rating"`, `"round 3 result"`, …), what was expected and what was found, and a
//! machine-readable [`ErrorKind`]. The `Display` form is the usual compiler-style
//! `file.trf:12:99: round 1 result: expected one of 1 0 = + - W D L H F U Z, found 'x'`; a
//! short line or a file cut short says so first (`file.trf:52:97: truncated file: …`).

use std::fmt;
use std::path::PathBuf;

/// What went wrong, independent of where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The file could not be read or written (operating-system error).
    Io,
    /// The input exceeds a documented limit (size, players, rounds).
    TooLarge,
    /// The bytes mix valid UTF-8 sequences with bytes that are not UTF-8, or the file is
    /// UTF-16.
    Encoding,
    /// The file holds nothing but blanks (or nothing at all).
    Empty,
    /// A byte no TRF file holds: NUL or another control character outside the line ends.
    ControlCharacter,
    /// The file has no player line (`001`): it is not a tournament report.
    NoPlayers,
    /// A line ends before a field that must be present (a short line inside the file).
    Truncated,
    /// The file stops inside a record, or before the player lines its records name: it was cut
    /// short (an interrupted download or copy). The message keeps what the damaged text gives
    /// when read as it stands.
    TruncatedFile,
    /// A field that must hold a whole number does not.
    BadNumber,
    /// A number is outside its allowed range (pairing number 1..=9999, rounds, …).
    OutOfRange,
    /// A points value (`11.5`) is malformed.
    BadScore,
    /// A round result code is not one of `1 0 = + - W D L H F U Z` or blank.
    BadResult,
    /// A colour is not one of `w b -` or blank.
    BadColor,
    /// A keyword or code is not recognised (`XXC`, `XXS`, `152`, `162` values).
    BadValue,
    /// A character where the layout requires a blank (a shifted column).
    Misaligned,
    /// A round block is self-contradictory (bye code with an opponent, game without one, …).
    InvalidRound,
    /// Two `001` lines with the same pairing number.
    DuplicatePlayer,
    /// A pairing number that no `001` line declares (opponent, `XXA`, `XXP`, `XXZ`).
    UnknownPlayer,
    /// A player paired against himself.
    SelfPairing,
    /// The two players of a game disagree about it (opponent, colour or result).
    AsymmetricGame,
    /// The points column disagrees with the results under the point system.
    PointsMismatch,
    /// More rounds are recorded than `XXR` / `142` declares.
    TooManyRounds,
    /// Two records contradict each other (`XXR` vs `142`, `white1` and `black1`, …).
    Conflict,
    /// Two team records (`310`) with the same team pairing number.
    DuplicateTeam,
    /// A team number that no `310` (or `013`) record declares (`320`, `330`, `300`, `802`).
    UnknownTeam,
    /// A player in two teams, or playing for a team outside its line-up.
    TeamMember,
    /// The teams of a match disagree about it: a board facing another team, or a `330` / `300`
    /// / `320` record naming another opponent than the games.
    AsymmetricMatch,
    /// A team's games contradict its match result or its totals (`330`, `310`, `802`).
    MatchResult,
    /// Valid TRF that this crate cannot represent (colour-dependent point systems).
    Unsupported,
}

/// A TRF reading or writing error with its position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct TrfError {
    pub kind: ErrorKind,
    /// The file, when reading from or writing to a path.
    pub file: Option<PathBuf>,
    /// 1-based line number; 0 when the error is not tied to a line (I/O, size).
    pub line: usize,
    /// 1-based character column; 0 when the error concerns the whole line or file.
    pub column: usize,
    /// The field concerned, e.g. `"rating"`, `"round 3 result"`, `"XXR"`.
    pub field: String,
    /// What the field should have held.
    pub expected: String,
    /// What it held, if there is something to show.
    pub found: Option<String>,
}

impl TrfError {
    /// A new error at `line:column` (1-based; 0 = not applicable).
    pub fn new(
        kind: ErrorKind,
        line: usize,
        column: usize,
        field: impl Into<String>,
        expected: impl Into<String>,
        found: Option<String>,
    ) -> TrfError {
        TrfError {
            kind,
            file: None,
            line,
            column,
            field: field.into(),
            expected: expected.into(),
            found,
        }
    }

    /// The same error, attributed to `path`.
    pub fn with_file(mut self, path: impl Into<PathBuf>) -> TrfError {
        self.file = Some(path.into());
        self
    }

    /// An I/O error on `path`.
    pub fn io(path: Option<PathBuf>, what: &str, err: &std::io::Error) -> TrfError {
        TrfError {
            kind: ErrorKind::Io,
            file: path,
            line: 0,
            column: 0,
            field: "file".into(),
            expected: what.into(),
            found: Some(err.to_string()),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut loc = match &self.file {
            Some(p) => p.display().to_string(),
            None => "<input>".to_string(),
        };
        if self.line > 0 {
            loc.push_str(&format!(":{}", self.line));
            if self.column > 0 {
                loc.push_str(&format!(":{}", self.column));
            }
        }
        let what = match self.kind {
            ErrorKind::Truncated => "truncated line: ",
            ErrorKind::TruncatedFile => "truncated file: ",
            _ => "",
        };
        write!(f, "{loc}: {what}{}: expected {}", self.field, self.expected)?;
        if let Some(found) = &self.found {
            write!(f, ", found {found}")?;
        }
        Ok(())
    }
}

/// Quotes a found value for messages: `'x'`, or `end of line` for nothing.
pub(crate) fn quoted(s: &str) -> String {
    if s.is_empty() {
        "end of line".to_string()
    } else {
        format!("'{s}'")
    }
}
