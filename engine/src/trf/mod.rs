//! Reading and writing FIDE Tournament Report Files (TRF) into and from [`Tournament`].
//!
//! Implements (section numbers refer to `shared/reference/trf-formats.md`):
//! - TRF-16 / TRF-06 (§B): header records `012`…`132` kept verbatim in
//!   [`Tournament::records`]; `001` player lines in fixed **character** columns (§B.2), one
//!   10-column block per round with the result codes `1 0 = + - W D L H F U Z` (case-insensitive)
//!   and blanks. The old TRF-06 dialect (`0000 - +`, `0000 - =`, `0000 - -` for unplayed
//!   rounds, an undeclared point system inferred from the points column) is read by `trf06`.
//! - JaVaFo TRF(x) (§C): `XXR`, `XXC` (`white1`, `black1`, `rank`), `XXA`, `XXS`, `XXP`, `XXZ`.
//! - bbpPairings TRF(bx) (§D): `BBW BBD BBL BBZ BBF BBU`, value from column 5.
//! - TRF-2026 (§E): `142` (rounds), `152 W|B` (initial colour), `162` (point system), and
//!   `240` byes, `250` acceleration, `260` prohibited pairings (module `records2026`); `192`
//!   and every other record are kept verbatim, and so are `###` comment lines.
//!
//! Records are dispatched through the table [`RECORDS`] (code → handler): adding a TRF-2026
//! record means writing one handler and adding one row.
//!
//! **Input rules.** Lines end with CR, LF or CRLF (the FIDE files use a bare CR); trailing
//! blanks and blank lines are ignored; a byte-order mark is skipped. Input that is
//! valid UTF-8 is read as UTF-8. Input that is not is taken to be an old Latin-1 (ISO 8859-1)
//! file and decoded byte for byte, which is lossless; but input that mixes valid multi-byte
//! UTF-8 sequences with invalid bytes is ambiguous and rejected ([`ErrorKind::Encoding`]).
//! Input that is no tournament report is rejected (module `input`): an empty file
//! ([`ErrorKind::Empty`]), a control character other than the line ends, at its line and
//! column ([`ErrorKind::ControlCharacter`]), UTF-16 ([`ErrorKind::Encoding`]), no `001` line
//! ([`ErrorKind::NoPlayers`]). A file cut short (it stops inside a record, or before the player
//! lines its records name) is told from a malformed one and named as such
//! ([`ErrorKind::TruncatedFile`], module `truncation`). Limits: at most [`MAX_INPUT_BYTES`] bytes (64 MiB), pairing numbers 1..=[`MAX_PLAYER_ID`]
//! (so at most 9999 players) and at most [`MAX_ROUNDS`] rounds ([`ErrorKind::TooLarge`],
//! [`ErrorKind::OutOfRange`]).
//!
//! **Validation** (module `validate`; every failure is a positioned [`TrfError`]): unique pairing numbers in
//! range; every game symmetric (same opponent, opposite colours, complementary results; a
//! forfeit `+`/`-` pairs with `-`/`+`, or `-`/`-` for a double forfeit); nobody meets himself;
//! opponents exist; `XXR`/`142` not smaller than the rounds recorded; the points column agrees
//! with the results under the point system (as bbpPairings accepts it: with or without the
//! acceleration, and with or without the points of byes already recorded for the next round).
//! A blank points column is not checked.
//!
//! The reader never panics: every column access is bounds-checked and all arithmetic is
//! bounded.
//!
//! # Example
//!
//! ```
//! use swisslab_engine::trf;
//!
//! // One round of four players: 1 beat 3 with White, 2 beat 4 with Black.
//! let text = "012 Example\nXXR 5\n\
//!     001    1      Alpha                             2000                             1.0          3 w 1\n\
//!     001    2      Beta                              1900                             1.0          4 b 1\n\
//!     001    3      Gamma                             1800                             0.0          1 b 0\n\
//!     001    4      Delta                             1700                             0.0          2 w 0\n";
//! let t = trf::read_str(text)?;
//! assert_eq!(t.players.len(), 4);
//! assert_eq!(t.players[1].name, "Beta");
//! assert_eq!(t.total_rounds, Some(5));
//! assert_eq!(t.rounds_recorded(), 1);
//!
//! // A bad field is an error that names its line, column and what was expected.
//! let bad = text.replace("1900", "19x0");
//! let e = trf::read_str(&bad).unwrap_err();
//! assert_eq!((e.line, e.column), (4, 49));
//! assert!(e.to_string().starts_with("<input>:4:49: rating: expected"));
//! # Ok::<(), trf::TrfError>(())
//! ```

pub mod dates;
mod error;
mod input;
mod records2026;
mod repair;
mod round_block;
mod team;
mod trf06;
mod truncation;
mod validate;
mod writer;
mod writer2026;

pub use error::{ErrorKind, TrfError};
pub use repair::{repair, repair_file, Change, Repaired};
pub use team::{
    has_team_records, is_team_event, read_team, read_team_file, read_team_str, write_team,
};
pub use writer::{
    complete_for_engines, write, write_to, write_with, Format, LineEnding, WriteOptions,
};

use crate::model::{Color, Player, PlayerId, Tournament};
use crate::score::Score;
use error::quoted;
use round_block::parse_block;
use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

/// Largest input accepted, in bytes (64 MiB).
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;
/// Largest pairing number (TRF columns 5-8 hold four digits).
pub const MAX_PLAYER_ID: PlayerId = 9999;
/// Most rounds a file may record or declare.
pub const MAX_ROUNDS: usize = 999;

/// The result codes accepted in a round block, for messages.
const RESULT_CODES: &str = "one of 1 0 = + - W D L H F U Z";

/// Limits applied while reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// Largest input in bytes.
    pub max_bytes: usize,
    /// Most rounds recorded or declared.
    pub max_rounds: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            max_bytes: MAX_INPUT_BYTES,
            max_rounds: MAX_ROUNDS,
        }
    }
}

/// Reads a TRF file from bytes with the default limits.
pub fn read(bytes: &[u8]) -> Result<Tournament, TrfError> {
    read_with(bytes, &ReadOptions::default())
}

/// Reads a TRF file from text with the default limits.
pub fn read_str(text: &str) -> Result<Tournament, TrfError> {
    read(text.as_bytes())
}

/// Reads a TRF file from bytes.
pub fn read_with(bytes: &[u8], opts: &ReadOptions) -> Result<Tournament, TrfError> {
    read_with_warnings(bytes, opts).map(|(t, _)| t)
}

/// Reads a TRF file from bytes, with the warnings of what was accepted but not fully read (a
/// start or end date that cannot be read, or that reads as dates under different rules), each
/// positioned like an error.
pub fn read_with_warnings(
    bytes: &[u8],
    opts: &ReadOptions,
) -> Result<(Tournament, Vec<TrfError>), TrfError> {
    if bytes.len() > opts.max_bytes {
        return Err(too_large(bytes.len(), opts.max_bytes));
    }
    input::reject_utf16(bytes)?;
    input::reject_control_bytes(bytes)?;
    let text = decode(bytes)?;
    let lines: Vec<(usize, &str)> = split_lines(&text)
        .into_iter()
        .enumerate()
        // A byte-order mark is ignored (at the start of the file, and of any line, so that
        // no record can begin with one); so are trailing blanks and blank lines.
        .map(|(i, raw)| {
            (
                i.saturating_add(1),
                raw.trim_start_matches('\u{feff}').trim_end(),
            )
        })
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let mut ending = truncation::Ending::new(&text);
    for &(no, l) in &lines {
        ending.line(no, l);
    }
    let read =
        read_lines(&lines, bytes.len(), opts).map_err(|e| truncation::diagnose(e, &ending))?;
    truncation::check_read(&ending)?;
    Ok(read)
}

/// Reads the non-blank lines of a file (number, text).
fn read_lines(
    lines: &[(usize, &str)],
    len: usize,
    opts: &ReadOptions,
) -> Result<(Tournament, Vec<TrfError>), TrfError> {
    if lines.is_empty() {
        return Err(input::empty(len));
    }
    let mut p = Parser::new(*opts);
    for &(no, text) in lines {
        p.line(&Line::new(no, text))?;
    }
    if p.player_line.is_empty() {
        return Err(input::no_players(lines.len()));
    }
    p.finish()
}

/// Reads a TRF file from disk; errors carry the path.
///
/// ```
/// use swisslab_engine::trf;
///
/// let path = std::env::temp_dir().join(format!("swisslab-doc-{}.trf", std::process::id()));
/// std::fs::write(&path, "012 Example\n001    1      Alpha\n001    2      Beta\n")?;
/// let t = trf::read_file(&path)?;
/// assert_eq!(t.players.len(), 2);
/// std::fs::remove_file(&path)?;
///
/// let e = trf::read_file(&path).unwrap_err(); // gone now: the error names the file
/// assert_eq!(e.file.as_deref(), Some(path.as_path()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_file(path: impl AsRef<Path>) -> Result<Tournament, TrfError> {
    read_file_with_warnings(path).map(|(t, _)| t)
}

/// Reads a TRF file from disk, with its warnings ([`read_with_warnings`]); errors and warnings
/// carry the path.
pub fn read_file_with_warnings(
    path: impl AsRef<Path>,
) -> Result<(Tournament, Vec<TrfError>), TrfError> {
    let path = path.as_ref();
    let bytes = read_bytes(path)?;
    match read_with_warnings(&bytes, &ReadOptions::default()) {
        Ok((t, warnings)) => Ok((t, warnings.into_iter().map(|w| w.with_file(path)).collect())),
        Err(e) => Err(e.with_file(path)),
    }
}

/// The bytes of `path`, at most one more than [`MAX_INPUT_BYTES`] (so that the size check
/// still sees a file too large).
fn read_bytes(path: &Path) -> Result<Vec<u8>, TrfError> {
    let file = std::fs::File::open(path)
        .map_err(|e| TrfError::io(Some(path.to_path_buf()), "a readable file", &e))?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| TrfError::io(Some(path.to_path_buf()), "a readable file", &e))?;
    Ok(bytes)
}

fn too_large(len: usize, max: usize) -> TrfError {
    TrfError::new(
        ErrorKind::TooLarge,
        0,
        0,
        "file",
        format!("at most {max} bytes"),
        Some(if len > max {
            format!("more than {max} bytes")
        } else {
            format!("{len} bytes")
        }),
    )
}

/// UTF-8 if valid; otherwise Latin-1, unless valid multi-byte UTF-8 also occurs (mixed).
fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, TrfError> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(Cow::Borrowed(s)),
        Err(e) => {
            let has_utf8 = bytes
                .utf8_chunks()
                .any(|c| c.valid().bytes().any(|b| b >= 0x80));
            if has_utf8 {
                let upto = e.valid_up_to();
                let prefix = bytes.get(..upto).unwrap_or_default();
                let prefix = std::str::from_utf8(prefix).unwrap_or_default();
                let lines = split_lines(prefix);
                let line_no = lines.len().max(1);
                // The prefix ends inside the offending line, unless it ends with a terminator.
                let ends_line = prefix.ends_with(['\r', '\n']);
                let (line_no, partial) = if ends_line {
                    (line_no.saturating_add(1), "")
                } else {
                    (line_no, lines.last().copied().unwrap_or(""))
                };
                let column = partial.chars().count().saturating_add(1);
                let found = bytes
                    .get(upto)
                    .map_or(String::new(), |b| format!("0x{b:02X}"));
                Err(TrfError::new(
                    ErrorKind::Encoding,
                    line_no,
                    column,
                    field_of_player_column(partial, column),
                    "UTF-8 text (the file mixes UTF-8 with other bytes)",
                    Some(format!("byte {found}")),
                ))
            } else {
                Ok(Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()))
            }
        }
    }
}

/// The name of the `001` field at `column` when `line` is a player line, else `"text"`.
fn field_of_player_column(line: &str, column: usize) -> String {
    if !line.starts_with("001") {
        return "text".into();
    }
    let name = match column {
        1..=4 => "record code",
        5..=8 => "starting rank",
        9..=10 => "sex",
        11..=13 => "title",
        14..=47 => "name",
        48..=52 => "rating",
        53..=56 => "federation",
        57..=68 => "FIDE id",
        69..=79 => "birth date",
        80..=84 => "points",
        85..=91 => "rank",
        c => return format!("round {}", (c - 92) / 10 + 1),
    };
    name.into()
}

/// Splits on CR, LF and CRLF.
fn split_lines(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b.get(i) {
            Some(b'\r') => {
                out.push(text.get(start..i).unwrap_or(""));
                if b.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            Some(b'\n') => {
                out.push(text.get(start..i).unwrap_or(""));
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < b.len() {
        out.push(text.get(start..).unwrap_or(""));
    }
    out
}

/// One non-blank line, addressed by 1-based character columns.
struct Line {
    no: usize,
    chars: Vec<char>,
}

impl Line {
    fn new(no: usize, text: &str) -> Line {
        Line {
            no,
            chars: text.chars().collect(),
        }
    }

    /// Number of characters.
    fn len(&self) -> usize {
        self.chars.len()
    }

    /// Characters in columns `from..=to` (1-based), clipped to the line.
    fn cols(&self, from: usize, to: usize) -> String {
        let a = from.saturating_sub(1).min(self.len());
        let b = to.min(self.len());
        self.chars
            .get(a..b)
            .map_or(String::new(), |s| s.iter().collect())
    }

    /// The character at column `col` (1-based).
    fn at(&self, col: usize) -> Option<char> {
        self.chars.get(col.checked_sub(1)?).copied()
    }

    /// The record code: the first three characters.
    fn code(&self) -> String {
        self.cols(1, 3)
    }

    /// Whitespace-separated tokens from column `from` on, with their 1-based columns.
    fn tokens(&self, from: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut cur: Option<(usize, String)> = None;
        for (i, &c) in self.chars.iter().enumerate() {
            let col = i + 1;
            if col < from {
                continue;
            }
            if c.is_whitespace() {
                if let Some(t) = cur.take() {
                    out.push(t);
                }
            } else {
                match &mut cur {
                    Some((_, s)) => s.push(c),
                    None => cur = Some((col, c.to_string())),
                }
            }
        }
        if let Some(t) = cur {
            out.push(t);
        }
        out
    }

    /// The one word after the record code, with its column: a missing word is a truncated
    /// line (`what` was expected), a second word is a bad value (`single` was expected).
    fn single_token(
        &self,
        field: &str,
        what: &str,
        single: &str,
    ) -> Result<(usize, String), TrfError> {
        let toks = self.tokens(4);
        match toks.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(self.err(
                ErrorKind::Truncated,
                self.len() + 1,
                field,
                what,
                Some(quoted("")),
            )),
            [_, (c, t), ..] => {
                Err(self.err(ErrorKind::BadValue, *c, field, single, Some(quoted(t))))
            }
        }
    }

    fn err(
        &self,
        kind: ErrorKind,
        column: usize,
        field: impl Into<String>,
        expected: impl Into<String>,
        found: Option<String>,
    ) -> TrfError {
        TrfError::new(kind, self.no, column, field, expected, found)
    }
}

/// A handler for one record code.
type Handler = fn(&mut Parser, &Line) -> Result<(), TrfError>;

/// The records the reader interprets; every other line is kept verbatim in
/// [`Tournament::records`]. To support a new TRF-2026 record, add a handler and a row here.
const RECORDS: &[(&str, Handler)] = &[
    ("001", Parser::player),
    ("042", Parser::date),
    ("052", Parser::date),
    ("XXR", Parser::rounds),
    ("142", Parser::rounds),
    ("XXC", Parser::xxc),
    ("152", Parser::initial_color_2026),
    ("XXS", Parser::xxs),
    ("162", Parser::point_system_2026),
    ("240", Parser::byes_2026),
    ("250", Parser::acceleration_2026),
    ("260", Parser::prohibited_2026),
    ("XXA", Parser::xxa),
    ("XXP", Parser::xxp),
    ("XXZ", Parser::xxz),
    ("BBW", Parser::bb),
    ("BBD", Parser::bb),
    ("BBL", Parser::bb),
    ("BBZ", Parser::bb),
    ("BBF", Parser::bb),
    ("BBU", Parser::bb),
];

/// Where a value came from, for later checks.
#[derive(Clone, Copy, Debug)]
struct At {
    line: usize,
    column: usize,
}

/// A list of pairing numbers read from a record, checked once all players are known.
struct IdList {
    code: &'static str,
    ids: Vec<(PlayerId, At)>,
}

struct Parser {
    opts: ReadOptions,
    t: Tournament,
    /// Line of each player's `001` record.
    player_line: HashMap<PlayerId, usize>,
    /// Declared rounds, per record code (`XXR`, `142`).
    declared_rounds: Vec<(String, u32, At)>,
    /// Declared initial colours (`XXC`, `152`).
    colors: Vec<(String, Color, At)>,
    /// `BB*` values: code, value.
    bb: Vec<(String, Score)>,
    /// `162` entries: code, value.
    p162: Vec<(char, Score)>,
    /// `XXS` entries: code, value, position.
    xxs: Vec<(String, Score, At)>,
    /// Ids to check after reading.
    id_lists: Vec<IdList>,
    /// TRF-2026 `240` and `250` records, applied in `finish`.
    y2026: records2026::Pending,
    /// Forfeits written with an opponent and colour `-` (player, 1-based round).
    uncoloured: Vec<(PlayerId, usize)>,
    /// The first `042` and `052` records: code and position (for warnings).
    date_lines: Vec<(String, At)>,
    /// A record TRF-2026 introduced was read: the file is not in the TRF-06 dialect.
    trf2026: bool,
}

impl Parser {
    fn new(opts: ReadOptions) -> Parser {
        Parser {
            opts,
            t: Tournament::default(),
            player_line: HashMap::new(),
            declared_rounds: Vec::new(),
            colors: Vec::new(),
            bb: Vec::new(),
            p162: Vec::new(),
            xxs: Vec::new(),
            id_lists: Vec::new(),
            y2026: records2026::Pending::default(),
            uncoloured: Vec::new(),
            date_lines: Vec::new(),
            trf2026: false,
        }
    }

    fn line(&mut self, l: &Line) -> Result<(), TrfError> {
        let code = l.code();
        self.trf2026 |= trf06::TRF2026_CODES.contains(&code.as_str());
        match RECORDS.iter().find(|(c, _)| *c == code) {
            Some((_, handler)) => handler(self, l),
            None => {
                self.keep(l);
                Ok(())
            }
        }
    }

    /// Keeps a record verbatim in [`Tournament::records`].
    fn keep(&mut self, l: &Line) {
        let rest = l
            .chars
            .get(3..)
            .map_or(String::new(), |s| s.iter().collect());
        self.t.records.push((l.code(), rest));
    }

    /// `042` / `052`, the start and end dates: kept verbatim, read by `dates` (a date that
    /// cannot be read is a warning, `check_dates`).
    fn date(&mut self, l: &Line) -> Result<(), TrfError> {
        let code = l.code();
        if !self.date_lines.iter().any(|(c, _)| *c == code) {
            let column = l.tokens(4).first().map_or(5, |(c, _)| *c);
            self.date_lines.push((code, At { line: l.no, column }));
        }
        self.keep(l);
        Ok(())
    }

    /// Warnings for the `042` / `052` dates: one that is no date, and one whose readings fall
    /// under different rules (`dates::RULE_CHANGES`) when the other record does not decide.
    fn check_dates(&self) -> Vec<TrfError> {
        let ev = dates::EventDates::of(&self.t);
        let mut out = Vec::new();
        for (code, at) in &self.date_lines {
            let (record, what) = if code == "042" {
                (&ev.start, "start date")
            } else {
                (&ev.end, "end date")
            };
            let Some(record) = record else { continue };
            let found = match &record.reading {
                dates::DateReading::Unreadable => quoted(&record.text),
                r @ dates::DateReading::Ambiguous(v) if dates::straddles_a_rule_change(r) => {
                    format!(
                        "{}, which reads as {}",
                        quoted(&record.text),
                        v.iter()
                            .map(|(_, d)| d.to_string())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    )
                }
                _ => continue,
            };
            out.push(TrfError::new(
                ErrorKind::BadValue,
                at.line,
                at.column,
                format!("{code} {what}"),
                "one date, such as 2026/03/01, 2026-03-01, 01.03.2026, 01/03/2026 or Mar 1, 2026",
                Some(found),
            ));
        }
        out
    }

    /// `001`: a player line (§B.2).
    fn player(&mut self, l: &Line) -> Result<(), TrfError> {
        let id_text = l.cols(5, 8);
        if id_text.trim().is_empty() && l.len() < 8 {
            return Err(l.err(
                ErrorKind::Truncated,
                l.len().saturating_add(1).max(5),
                "starting rank",
                "a pairing number in columns 5-8",
                Some(quoted("")),
            ));
        }
        let id = parse_uint(l, 5, 8, "starting rank")?.ok_or_else(|| {
            l.err(
                ErrorKind::BadNumber,
                5,
                "starting rank",
                "a pairing number in columns 5-8",
                Some("blanks".into()),
            )
        })?;
        if id == 0 || id > MAX_PLAYER_ID {
            return Err(l.err(
                ErrorKind::OutOfRange,
                5,
                "starting rank",
                format!("a pairing number from 1 to {MAX_PLAYER_ID}"),
                Some(quoted(id_text.trim())),
            ));
        }
        if let Some(first) = self.player_line.get(&id) {
            return Err(l.err(
                ErrorKind::DuplicatePlayer,
                5,
                "starting rank",
                format!("a pairing number not used before (player {id} is on line {first})"),
                Some(quoted(id_text.trim())),
            ));
        }
        if l.len() < 15 {
            // The name (columns 15-47) is the one field after the pairing number every player
            // line has.
            return Err(l.err(
                ErrorKind::Truncated,
                l.len().saturating_add(1),
                "name",
                "a name in columns 15-47",
                Some(quoted("")),
            ));
        }
        let rating = parse_uint(l, 49, 52, "rating")?.unwrap_or(0);
        let points = match l.cols(81, 84).trim() {
            "" => None,
            s => Some(Score::parse(s).ok_or_else(|| {
                l.err(
                    ErrorKind::BadScore,
                    81,
                    "points",
                    "points like 11.5 in columns 81-84",
                    Some(quoted(s)),
                )
            })?),
        };
        let rank = parse_uint(l, 86, 89, "rank")?;
        let mut rounds = Vec::new();
        if l.len() > 91 {
            let blocks = (l.len() - 91).div_ceil(10);
            if blocks > self.opts.max_rounds {
                return Err(l.err(
                    ErrorKind::TooLarge,
                    92,
                    "rounds",
                    format!("at most {} rounds", self.opts.max_rounds),
                    Some(format!("{blocks} round blocks")),
                ));
            }
            for r in 1..=blocks {
                let (entry, uncoloured) = parse_block(l, r)?;
                if uncoloured {
                    self.uncoloured.push((id, r));
                }
                rounds.push(entry);
            }
        }
        let sex = l.at(10).filter(|c| !c.is_whitespace());
        self.t.players.push(Player {
            id,
            sex,
            title: crate::model::fide_title(&l.cols(11, 13)),
            name: l.cols(15, 47).trim().to_string(),
            // Four digits at most, so it fits.
            rating: u16::try_from(rating).unwrap_or(u16::MAX),
            federation: l.cols(54, 56).trim().to_string(),
            fide_id: l.cols(58, 68).trim().to_string(),
            birth_date: l.cols(70, 79).trim().to_string(),
            points,
            rank,
            rounds,
        });
        self.player_line.insert(id, l.no);
        Ok(())
    }

    /// `XXR n` (JaVaFo) and `142 n` (TRF-2026): the total number of rounds.
    fn rounds(&mut self, l: &Line) -> Result<(), TrfError> {
        let code = l.code();
        let (col, text) =
            l.single_token(&code, "the number of rounds", "a single number of rounds")?;
        let n = parse_number_token(&text).ok_or_else(|| {
            l.err(
                ErrorKind::BadNumber,
                col,
                code.clone(),
                "the number of rounds",
                Some(quoted(&text)),
            )
        })?;
        if n == 0 || n as usize > self.opts.max_rounds {
            return Err(l.err(
                ErrorKind::OutOfRange,
                col,
                code,
                format!("a number of rounds from 1 to {}", self.opts.max_rounds),
                Some(quoted(&text)),
            ));
        }
        self.declared_rounds.push((
            code,
            n,
            At {
                line: l.no,
                column: col,
            },
        ));
        Ok(())
    }

    /// `XXC [rank] [white1|black1]` (JaVaFo configuration).
    fn xxc(&mut self, l: &Line) -> Result<(), TrfError> {
        for (col, tok) in l.tokens(4) {
            let at = At {
                line: l.no,
                column: col,
            };
            match tok.to_ascii_lowercase().as_str() {
                "rank" => self.t.by_rank = true,
                "white1" => self.colors.push(("XXC".into(), Color::White, at)),
                "black1" => self.colors.push(("XXC".into(), Color::Black, at)),
                _ => {
                    return Err(l.err(
                        ErrorKind::BadValue,
                        col,
                        "XXC",
                        "one of rank white1 black1",
                        Some(quoted(&tok)),
                    ))
                }
            }
        }
        Ok(())
    }

    /// `152 W|B` (TRF-2026): the initial colour.
    fn initial_color_2026(&mut self, l: &Line) -> Result<(), TrfError> {
        let toks = l.tokens(4);
        let (col, tok) = match toks.as_slice() {
            [one] => one.clone(),
            [] => (l.len() + 1, String::new()),
            [_, second, ..] => second.clone(),
        };
        let color = match (toks.len(), tok.as_str()) {
            (1, "W" | "w") => Color::White,
            (1, "B" | "b") => Color::Black,
            _ => {
                return Err(l.err(
                    ErrorKind::BadValue,
                    col,
                    "152",
                    "W or B",
                    Some(quoted(&tok)),
                ))
            }
        };
        self.colors.push((
            "152".into(),
            color,
            At {
                line: l.no,
                column: col,
            },
        ));
        Ok(())
    }

    /// `XXS CODE=VALUE …` (JaVaFo point system), applied left to right, top down.
    fn xxs(&mut self, l: &Line) -> Result<(), TrfError> {
        const CODES: [&str; 14] = [
            "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D",
        ];
        for (col, tok) in l.tokens(4) {
            let bad =
                |kind, what: &str| l.err(kind, col, "XXS", what.to_string(), Some(quoted(&tok)));
            let (code, value) = tok
                .split_once('=')
                .ok_or_else(|| bad(ErrorKind::BadValue, "CODE=VALUE"))?;
            let code = code.to_ascii_uppercase();
            if !CODES.contains(&code.as_str()) {
                return Err(bad(
                    ErrorKind::BadValue,
                    "a code among WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D",
                ));
            }
            let v = Score::parse(value)
                .ok_or_else(|| bad(ErrorKind::BadScore, "CODE=VALUE with points like 1.5"))?;
            self.xxs.push((
                code,
                v,
                At {
                    line: l.no,
                    column: col,
                },
            ));
        }
        Ok(())
    }

    /// `162` (TRF-2026 point system): code at column 6, points at 7-10, every 9 columns.
    fn point_system_2026(&mut self, l: &Line) -> Result<(), TrfError> {
        let mut k: usize = 0;
        loop {
            let code_col = 6 + 9 * k;
            if code_col > l.len() {
                break;
            }
            let code = l.at(code_col).unwrap_or(' ');
            let pts = l.cols(code_col + 1, code_col + 4);
            k += 1;
            if code.is_whitespace() && pts.trim().is_empty() {
                continue;
            }
            let code = code.to_ascii_uppercase();
            if !matches!(code, 'W' | 'D' | 'L' | 'A' | 'Z' | 'P' | 'X') {
                return Err(l.err(
                    ErrorKind::BadValue,
                    code_col,
                    "162",
                    "a point code among W D L A P X",
                    Some(quoted(&code.to_string())),
                ));
            }
            let v = Score::parse(&pts).ok_or_else(|| {
                l.err(
                    ErrorKind::BadScore,
                    code_col + 1,
                    "162",
                    format!(
                        "points like 1.0 in columns {}-{}",
                        code_col + 1,
                        code_col + 4
                    ),
                    Some(quoted(pts.trim())),
                )
            })?;
            self.p162.push((code, v));
        }
        Ok(())
    }

    /// `BBW BBD BBL BBZ BBF BBU` (bbpPairings point system), value from column 5.
    fn bb(&mut self, l: &Line) -> Result<(), TrfError> {
        let code = l.code();
        let text = l.cols(5, l.len());
        let v = Score::parse(&text).ok_or_else(|| {
            l.err(
                ErrorKind::BadScore,
                5,
                code.clone(),
                "points like 3.0 from column 5",
                Some(quoted(text.trim())),
            )
        })?;
        self.bb.push((code, v));
        Ok(())
    }

    /// `XXA NNNN pp.p pp.p …`: id at 5-8, round r's fictitious points at 10+5(r-1).
    fn xxa(&mut self, l: &Line) -> Result<(), TrfError> {
        let id = parse_uint(l, 5, 8, "XXA player")?.ok_or_else(|| {
            l.err(
                ErrorKind::BadNumber,
                5,
                "XXA player",
                "a pairing number in columns 5-8",
                Some(quoted(l.cols(5, 8).trim())),
            )
        })?;
        let mut values = Vec::new();
        let mut r = 1usize;
        loop {
            let col = 10 + 5 * (r - 1);
            if col > l.len() {
                break;
            }
            if r > self.opts.max_rounds {
                return Err(l.err(
                    ErrorKind::TooLarge,
                    col,
                    "XXA",
                    format!("at most {} rounds", self.opts.max_rounds),
                    None,
                ));
            }
            let text = l.cols(col, col + 3);
            let v = if text.trim().is_empty() {
                Score::ZERO
            } else {
                Score::parse(&text).ok_or_else(|| {
                    l.err(
                        ErrorKind::BadScore,
                        col,
                        format!("XXA round {r}"),
                        format!("points like 1.0 in columns {}-{}", col, col + 3),
                        Some(quoted(text.trim())),
                    )
                })?
            };
            values.push(v);
            r += 1;
        }
        self.id_lists.push(IdList {
            code: "XXA",
            ids: vec![(
                id,
                At {
                    line: l.no,
                    column: 5,
                },
            )],
        });
        self.t.acceleration.push((id, values));
        Ok(())
    }

    /// `XXP ids…`: players who must not be paired against each other.
    fn xxp(&mut self, l: &Line) -> Result<(), TrfError> {
        let ids = self.id_tokens(l, "XXP")?;
        self.t
            .forbidden
            .push(ids.iter().map(|(id, _)| *id).collect());
        self.id_lists.push(IdList { code: "XXP", ids });
        Ok(())
    }

    /// `XXZ ids…`: players absent from the next round.
    fn xxz(&mut self, l: &Line) -> Result<(), TrfError> {
        let ids = self.id_tokens(l, "XXZ")?;
        self.t.absent_next.extend(ids.iter().map(|(id, _)| *id));
        self.id_lists.push(IdList { code: "XXZ", ids });
        Ok(())
    }

    fn id_tokens(&self, l: &Line, code: &str) -> Result<Vec<(PlayerId, At)>, TrfError> {
        self.id_tokens_from(l, 4, code)
    }

    /// Blank-separated pairing numbers from column `from` on.
    fn id_tokens_from(
        &self,
        l: &Line,
        from: usize,
        code: &str,
    ) -> Result<Vec<(PlayerId, At)>, TrfError> {
        let mut ids = Vec::new();
        for (col, tok) in l.tokens(from) {
            let id = parse_number_token(&tok).ok_or_else(|| {
                l.err(
                    ErrorKind::BadNumber,
                    col,
                    code,
                    "a pairing number",
                    Some(quoted(&tok)),
                )
            })?;
            if id == 0 || id > MAX_PLAYER_ID {
                return Err(l.err(
                    ErrorKind::OutOfRange,
                    col,
                    code,
                    format!("a pairing number from 1 to {MAX_PLAYER_ID}"),
                    Some(quoted(&tok)),
                ));
            }
            ids.push((
                id,
                At {
                    line: l.no,
                    column: col,
                },
            ));
        }
        Ok(ids)
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// First column of round `r`'s block (1-based round).
fn block_start(r: usize) -> usize {
    92usize.saturating_add(r.saturating_sub(1).saturating_mul(10))
}

/// A whole number of at most 4 digits in a token, or `None`.
fn parse_number_token(tok: &str) -> Option<u32> {
    if tok.is_empty() || tok.len() > 9 || !tok.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    tok.parse().ok()
}

/// A right-aligned whole number in columns `from..=to`: `None` when blank.
fn parse_uint(l: &Line, from: usize, to: usize, field: &str) -> Result<Option<u32>, TrfError> {
    let text = l.cols(from, to);
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    parse_number_token(t).map(Some).ok_or_else(|| {
        l.err(
            ErrorKind::BadNumber,
            from,
            field,
            format!("a whole number in columns {from}-{to}"),
            Some(quoted(t)),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameKind, GameResult, PointSystem, RoundEntry};

    #[test]
    fn splits_all_line_endings() {
        assert_eq!(split_lines("a\rb\nc\r\nd"), vec!["a", "b", "c", "d"]);
        assert_eq!(split_lines("a\r\r\nb\r"), vec!["a", "", "b"]);
        assert_eq!(split_lines(""), Vec::<&str>::new());
    }

    #[test]
    fn latin1_is_decoded_and_mixed_is_rejected() {
        assert_eq!(decode(b"M\xfcller").unwrap(), "Müller");
        let e = decode("Mü\rM\u{fc}".as_bytes()).unwrap();
        assert_eq!(e, "Mü\rMü");
        let err = decode(b"M\xc3\xbcller\rX\xfc").unwrap_err();
        assert_eq!(
            (err.kind, err.line, err.column),
            (ErrorKind::Encoding, 2, 2)
        );
    }

    #[test]
    fn columns_are_characters() {
        let l = Line::new(1, "001 ÄÖü");
        assert_eq!(l.cols(5, 6), "ÄÖ");
        assert_eq!(l.at(7), Some('ü'));
        assert_eq!(l.at(8), None);
        assert_eq!(l.cols(9, 20), "");
    }

    /// A file of one player and the given header.
    fn with_player(header: &str) -> String {
        format!("{header}001    1      A\n")
    }

    #[test]
    fn point_system_sources() {
        let t = read_str(&with_player("XXS W=3 D=1\n")).unwrap();
        assert_eq!(t.points.win, Score(30));
        assert_eq!(t.points.pab, Score(10), "XXS leaves PAB at its default");
        let t = read_str(&with_player("162  W 3.0    D 1.0\n")).unwrap();
        assert_eq!(t.points, PointSystem::with_win_draw(Score(30), Score(10)));
        let t = read_str(&with_player("BBW  2.0\nBBD  1.0\n")).unwrap();
        assert_eq!(t.points, PointSystem::with_win_draw(Score(20), Score(10)));
        let e = read_str(&with_player("XXS WW=1 BW=2\n")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
    }

    #[test]
    fn input_that_is_not_a_tournament() {
        let e = read(b"").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Empty);
        assert!(e.to_string().ends_with("found an empty file"), "{e}");
        assert_eq!(read(b" \r\n\n").unwrap_err().kind, ErrorKind::Empty);
        let e = read_str("012 Only a header\nXXR 5\n").unwrap_err();
        assert_eq!(e.kind, ErrorKind::NoPlayers);
        assert!(
            e.to_string().ends_with("found none in 2 non-blank lines"),
            "{e}"
        );
        // A control byte is named before any encoding question, by character column.
        let e = read(b"012 M\xfcller\n001 \x00").unwrap_err();
        assert_eq!(
            (e.kind, e.line, e.column),
            (ErrorKind::ControlCharacter, 2, 5)
        );
        let e = read(b"012 \xc3\xa9\r\n\xc3\xa9\x01\xff").unwrap_err();
        assert_eq!(
            (e.kind, e.line, e.column),
            (ErrorKind::ControlCharacter, 2, 2)
        );
    }

    /// A forfeit written with an opponent and colour `-` (`2 - +` / `1 - -`, as an old
    /// Swiss-Chess export writes it) is a forfeit without colour: read, listed, written back.
    #[test]
    fn forfeits_without_colour_are_read_and_written_back() {
        let text = "012 Uncoloured forfeit\n\
        001    1      Alpha                             1500                             2.0          2 - +     3 w 1\n\
        001    2      Beta                              1500                             0.0          1 - -     4 b 0\n\
        001    3      Gamma                             1500                             1.0          4 w 1     1 b 0\n\
        001    4      Delta                             1500                             1.0          3 b 0     2 w 1\n";
        let t = read_str(text).unwrap();
        assert_eq!(t.uncoloured_forfeits, vec![(1, 1), (2, 1)]);
        let e = t.players[0].rounds[0];
        assert!(
            matches!(
                e,
                RoundEntry::Game {
                    opponent: 2,
                    kind: GameKind::Forfeit,
                    result: GameResult::Win,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(
            e.played_color(),
            None,
            "a forfeit has no colour for the pairing"
        );
        let written = write(&t);
        assert!(written.contains("   2 - +     3 w 1"), "{written}");
        assert!(written.contains("   1 - -     4 b 0"), "{written}");
        assert_eq!(read_str(&written).unwrap(), t);
        // A played game still needs its colour.
        let bad = text
            .replace("   2 - +", "   2 - 1")
            .replace("   1 - -", "   1 - 0");
        assert_eq!(read_str(&bad).unwrap_err().kind, ErrorKind::InvalidRound);
    }

    /// Points that count blank rounds as half-point byes (old Krause exports): refused, with
    /// what is probably meant.
    #[test]
    fn blank_rounds_counted_as_half_byes_are_named() {
        let text = "012 Blank half byes\n\
            001    1      Alpha                             1500                             1.5          2 w 1\n\
            001    2      Beta                              1500                             0.0          1 b 0     3 w 0\n\
            001    3      Gamma                             1500                             1.0                    2 b 1\n";
        let e = read_str(text).unwrap_err();
        assert_eq!((e.kind, e.line), (ErrorKind::PointsMismatch, 2));
        assert!(
            e.to_string()
                .contains("count 1 of the player's 1 blank round(s) as half-point byes"),
            "{e}"
        );
        let fixed = read_str(&text.replace("1.5", "1.0")).unwrap();
        assert_eq!(fixed.players.len(), 3);
    }
}
