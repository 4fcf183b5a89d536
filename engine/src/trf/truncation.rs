//! Telling a truncated file (an interrupted download or copy: the bytes stop) from a malformed
//! one.
//!
//! A file cut short fails to read for a reason far from the cut: the last player's missing
//! rounds make his opponents' games one-sided (blamed on the opponent's line), the players cut
//! off are "unknown opponents" (blamed on the first line that names one), a line cut inside a
//! header record reads as no tournament at all. When the read fails, [`diagnose`] looks at how
//! the file ends and names the cut instead, as [`ErrorKind::TruncatedFile`] at the end of the
//! last line, the error the damaged text gives kept in the message:
//!
//! - the file ends inside its last line (no line end after it), and that line stops before a
//!   field it must hold, or it is a player line shorter than the others and the error is on it;
//! - the file ends inside a player line (no line end) shorter than the other player lines, and
//!   the error is a game one-sided because of that player, or a player number without a line;
//! - the last line is a complete player line, the player lines hold the pairing numbers 1 to N
//!   without a gap and the opponents without a line are N+1 and more: the lines after it are
//!   missing;
//! - the file ends inside a line (no line end) before any player line.
//!
//! A file that reads without error is a truncated file only when it stops (no line end) inside
//! its last player line, before the points column every other player line fills, or short of
//! the one length every other player line has (a writer that fills every round block)
//! ([`check_read`]). A cut that leaves a consistent tournament otherwise cannot be seen.

use super::error::{ErrorKind, TrfError};
use std::collections::BTreeSet;

/// How the file ends, gathered while its lines are read.
#[derive(Clone, Debug, Default)]
pub(super) struct Ending {
    /// The last non-blank line: number and text (trailing blanks removed).
    last: Option<(usize, String)>,
    /// The file ends with a line end (CR or LF, trailing blanks aside).
    line_end: bool,
    /// The longest player line before the last, in characters.
    longest_player_line: usize,
    /// The shortest player line before the last, in characters (`usize::MAX` when none).
    shortest_player_line: usize,
    /// The pairing numbers of the player lines.
    ids: BTreeSet<u32>,
    /// The opponents' pairing numbers in their round blocks.
    opponents: BTreeSet<u32>,
}

impl Ending {
    /// Starts with whether the text ends with a line end.
    pub(super) fn new(text: &str) -> Ending {
        Ending {
            line_end: text.trim_end_matches([' ', '\t']).ends_with(['\r', '\n']),
            shortest_player_line: usize::MAX,
            ..Ending::default()
        }
    }

    /// Records one non-blank line (trailing blanks removed), in file order.
    pub(super) fn line(&mut self, no: usize, text: &str) {
        if let Some((_, prev)) = &self.last {
            if is_player_line(prev) {
                let len = prev.chars().count();
                self.longest_player_line = self.longest_player_line.max(len);
                self.shortest_player_line = self.shortest_player_line.min(len);
            }
        }
        if is_player_line(text) {
            let chars: Vec<char> = text.chars().collect();
            let number = |from: usize| -> Option<u32> {
                let s: String = chars
                    .get(from..(from + 4).min(chars.len()))?
                    .iter()
                    .collect();
                s.trim().parse().ok().filter(|n| *n > 0)
            };
            if let Some(id) = number(4) {
                self.ids.insert(id);
            }
            // Round blocks: the opponent in columns 92 + 10(r-1) to 95 + 10(r-1).
            let mut from = 91;
            while from < chars.len() {
                if let Some(o) = number(from) {
                    self.opponents.insert(o);
                }
                from += 10;
            }
        }
        self.last = Some((no, text.to_string()));
    }
}

fn is_player_line(text: &str) -> bool {
    text.starts_with("001")
}

impl Ending {
    /// The highest pairing number of a player line (0 when none).
    fn max_id(&self) -> u32 {
        self.ids.last().copied().unwrap_or(0)
    }

    /// The lines of the highest pairing numbers are missing: the player lines hold 1 to N
    /// without a gap, and the opponents without a line are N+1 and more, N+1 among them
    /// (`strict`; else any above N, as when the cut also took part of the last line).
    fn missing_tail(&self, strict: bool) -> bool {
        let n = self.max_id();
        let complete = usize::try_from(n).is_ok_and(|n| n == self.ids.len());
        let unknown: Vec<u32> = self.opponents.difference(&self.ids).copied().collect();
        complete
            && match unknown.first() {
                Some(&first) if strict => first == n + 1,
                Some(&first) => first > n,
                None => false,
            }
    }
}

/// Last column of the points field, which every player line of a tournament in progress fills.
const POINTS_END: usize = 84;

/// A file that reads but stops inside its last player line, before the points column that
/// every other player line fills (and with no line end after it): a truncated file all the same.
pub(super) fn check_read(end: &Ending) -> Result<(), TrfError> {
    let Some((no, text)) = &end.last else {
        return Ok(());
    };
    let len = text.chars().count();
    let (shortest, longest) = (end.shortest_player_line, end.longest_player_line);
    if end.line_end || !is_player_line(text) || shortest == usize::MAX {
        return Ok(());
    }
    let expected = if len < POINTS_END && shortest >= POINTS_END {
        format!(
            "the rest of the player line: the points (columns 81-{POINTS_END}) and the rounds, \
             as every other player line has them"
        )
    } else if len < shortest && shortest == longest {
        // A writer that fills every round block writes lines of one length.
        format!("the rest of the player line: every other player line runs to column {longest}")
    } else {
        return Ok(());
    };
    Err(TrfError::new(
        ErrorKind::TruncatedFile,
        *no,
        len.saturating_add(1),
        format!("line {no}"),
        expected,
        Some("the end of the file".into()),
    ))
}

/// `err` as a truncated file when the way the file ends explains it (module docs); else `err`.
pub(super) fn diagnose(err: TrfError, end: &Ending) -> TrfError {
    if matches!(
        err.kind,
        ErrorKind::Io
            | ErrorKind::TooLarge
            | ErrorKind::Encoding
            | ErrorKind::Empty
            | ErrorKind::ControlCharacter
            | ErrorKind::TruncatedFile
    ) {
        return err;
    }
    let Some((no, text)) = &end.last else {
        return err;
    };
    let (no, len) = (*no, text.chars().count());
    let player = is_player_line(text) || "001".starts_with(text.as_str());
    let id: Option<u32> = text
        .chars()
        .skip(4)
        .take(4)
        .collect::<String>()
        .trim()
        .parse()
        .ok()
        .filter(|_| is_player_line(text));
    let whose = match id {
        Some(id) => format!("player {id}'s line"),
        None => format!("line {no}"),
    };
    let read_as_is = |e: &TrfError| {
        let mut e = e.clone();
        e.file = None;
        let shown = e.to_string();
        shown.strip_prefix("<input>:").unwrap_or(&shown).to_string()
    };
    let cut_inside = |expected: String| {
        TrfError::new(
            ErrorKind::TruncatedFile,
            no,
            len.saturating_add(1),
            whose.clone(),
            expected,
            Some(format!(
                "the end of the file (read as it stands, the file gives {})",
                read_as_is(&err)
            )),
        )
    };
    let unknown = err.kind == ErrorKind::UnknownPlayer;
    let unknown_above = unknown && end.missing_tail(true);
    if !end.line_end {
        if err.kind == ErrorKind::NoPlayers {
            return cut_inside(format!(
                "the rest of line {no} and the player lines (001) after it"
            ));
        }
        // A player line shorter than the others, or that stops inside or before its points.
        let shorter = player && (len < end.longest_player_line || len < POINTS_END);
        // Rounds cut off the line leave its points above its results.
        let cut_rounds = player
            && (err.kind == ErrorKind::PointsMismatch || (unknown && end.missing_tail(false)));
        if err.line == no && (err.kind == ErrorKind::Truncated || shorter || cut_rounds) {
            return cut_inside(format!("the rest of line {no} and a line end"));
        }
        let one_sided_because_of_it = err.kind == ErrorKind::AsymmetricGame
            && id.is_some_and(|id| err.expected.starts_with(&format!("player {id}'s ")));
        if shorter && (one_sided_because_of_it || unknown) {
            return cut_inside(format!(
                "the rest of the line (the other player lines run to column {})",
                end.longest_player_line
            ));
        }
    }
    if unknown_above && is_player_line(text) {
        let missing = end.max_id().saturating_add(1);
        return TrfError::new(
            ErrorKind::TruncatedFile,
            no.saturating_add(1),
            1,
            "end of file",
            format!(
                "the line of player {missing} after {whose} (line {no}), the last line of the file"
            ),
            Some(format!(
                "the end of the file (read as it stands, the file gives {})",
                read_as_is(&err)
            )),
        );
    }
    err
}

#[cfg(test)]
mod tests {
    use super::super::read_str;
    use super::*;

    const FILE: &str = "012 Cut\n\
        001    1      Alpha                             2100                             1.5    1     3 w 1     2 b =\n\
        001    2      Beta                              2000                             1.5    2     4 b 1     1 w =\n\
        001    3      Gamma                             1900                             0.5    3     1 b 0     4 w =\n\
        001    4      Delta                             1800                             0.5    4     2 w 0     3 b =\n";

    /// Every cut of the file inside its records is named as a truncated file, at the last line
    /// (or just after it); only the whole file, with or without its last line end, reads.
    #[test]
    fn every_cut_is_a_truncated_file() {
        let whole = read_str(FILE).unwrap();
        for cut in 1..FILE.len() {
            let part = &FILE[..cut];
            match read_str(part) {
                // The first player line cut inside the name or the rating: all that is left is a
                // one-player entry list, which no reader can tell from a real one.
                Ok(t) if t.players.len() == 1 && t.rounds_recorded() == 0 => {}
                Ok(t) => {
                    assert_eq!(t, whole, "a cut at byte {cut} read as another tournament");
                    assert!(cut >= FILE.len() - 1, "cut at {cut} read");
                }
                // Cut after the header's line end: a file of no player line, as it says.
                Err(e) if part.ends_with('\n') && !part.contains("001") => {
                    assert_eq!(e.kind, ErrorKind::NoPlayers, "cut at {cut}: {e}");
                }
                Err(e) => {
                    assert_eq!(e.kind, ErrorKind::TruncatedFile, "cut at {cut}: {e}");
                    let last = part.trim_end().lines().count();
                    assert!(e.line == last || e.line == last + 1, "cut at {cut}: {e}");
                    assert!(e.to_string().contains(": truncated file: "), "{e}");
                }
            }
        }
    }

    #[test]
    fn a_malformed_file_that_ends_whole_is_not_called_truncated() {
        let bad = FILE.replace("     2 b =\n", "     2 b 1\n");
        let e = read_str(&bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::AsymmetricGame, "{e}");
        // Its last line cut short of its points, but the file ends with a line end: a short line,
        // not a cut file.
        let short = FILE.replace(
            "001    4      Delta                             1800                             0.5    4     2 w 0     3 b =\n",
            "001    4      Delta\n",
        );
        let e = read_str(&short).unwrap_err();
        assert_eq!(e.kind, ErrorKind::AsymmetricGame, "{e}");
    }
}
