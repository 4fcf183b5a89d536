//! What makes a byte stream a candidate TRF file at all, before any record is read.
//!
//! A TRF (trf-formats.md §B, §E) is text in fixed columns, one record per line: it holds no
//! NUL and no other control character except the line ends CR and LF (Remark 1 of TRF-16 and
//! TRF-2026), it is not UTF-16, it is not empty, and it has at least one player line (`001`).
//! These checks turn binary files, PDF, CSV, JSON, HTML or UTF-16 files given by mistake into
//! a positioned error instead of a "valid" tournament of 0 players.

use super::error::{ErrorKind, TrfError};

/// UTF-16 with a byte-order mark (`FF FE` or `FE FF`): not a TRF encoding.
pub(super) fn reject_utf16(bytes: &[u8]) -> Result<(), TrfError> {
    let bom = match bytes.get(..2) {
        Some([0xFF, 0xFE]) => "FF FE (UTF-16 little-endian)",
        Some([0xFE, 0xFF]) => "FE FF (UTF-16 big-endian)",
        _ => return Ok(()),
    };
    Err(TrfError::new(
        ErrorKind::Encoding,
        1,
        1,
        "text",
        "UTF-8 or Latin-1 text (save the file as UTF-8)",
        Some(format!("the byte-order mark {bom}")),
    ))
}

/// The first control byte (C0 or DEL) outside the line ends is an error at its line and
/// character column. These bytes are the control characters themselves in UTF-8 and Latin-1
/// alike, so they are found before the text is decoded, and binary input is named as such
/// rather than as an encoding mix-up. Lines are counted as the reader splits them (CR, LF or
/// CRLF); the column counts characters when the line's start is UTF-8, bytes otherwise.
pub(super) fn reject_control_bytes(bytes: &[u8]) -> Result<(), TrfError> {
    let is_control = |b: &u8| b.is_ascii_control() && *b != b'\r' && *b != b'\n';
    let Some(at) = bytes.iter().position(is_control) else {
        return Ok(());
    };
    let before = bytes.get(..at).unwrap_or_default();
    let start = before
        .iter()
        .rposition(|b| *b == b'\r' || *b == b'\n')
        .map_or(0, |i| i + 1);
    let mut line = 1usize;
    let mut prev = 0u8;
    for &b in before {
        // CRLF is one line end.
        if b == b'\r' || (b == b'\n' && prev != b'\r') {
            line += 1;
        }
        prev = b;
    }
    let prefix = bytes.get(start..at).unwrap_or_default();
    let column = std::str::from_utf8(prefix).map_or(prefix.len(), |s| {
        s.trim_start_matches('\u{feff}').chars().count()
    }) + 1;
    let byte = bytes.get(at).copied().unwrap_or(0);
    let name = match byte {
        0 => "NUL".to_string(),
        b'\t' => "a tab".to_string(),
        b => format!("the control character {}", char::from(b).escape_unicode()),
    };
    Err(TrfError::new(
        ErrorKind::ControlCharacter,
        line,
        column,
        "text",
        "printable text (a TRF holds no control characters except the line ends CR and LF)",
        Some(format!("{name} (byte 0x{byte:02X})")),
    ))
}

/// A file with nothing but blanks.
pub(super) fn empty(len: usize) -> TrfError {
    TrfError::new(
        ErrorKind::Empty,
        0,
        0,
        "file",
        "a tournament report (records such as 012 and 001 player lines)",
        Some(if len == 0 {
            "an empty file".into()
        } else {
            format!("only blanks ({len} bytes)")
        }),
    )
}

/// A file whose lines hold no `001` record.
pub(super) fn no_players(lines: usize) -> TrfError {
    TrfError::new(
        ErrorKind::NoPlayers,
        0,
        0,
        "file",
        "at least one player line (a record starting with 001)",
        Some(format!(
            "none in {lines} non-blank line{}",
            if lines == 1 { "" } else { "s" }
        )),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bytes_are_positioned() {
        assert!(reject_control_bytes("012 Name äé\r\n001".as_bytes()).is_ok());
        let e = reject_control_bytes(b"x\r\ny\rab\0c").unwrap_err();
        assert_eq!(
            (e.kind, e.line, e.column),
            (ErrorKind::ControlCharacter, 3, 3)
        );
        assert!(e.to_string().contains("NUL (byte 0x00)"), "{e}");
        let e = reject_control_bytes("\n\né\u{7f}".as_bytes()).unwrap_err();
        assert_eq!((e.line, e.column), (3, 2));
        let e = reject_control_bytes(b"\xe9\xe9\t").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3), "Latin-1: one column per byte");
    }

    #[test]
    fn utf16_is_named() {
        assert!(reject_utf16(b"012").is_ok());
        let e = reject_utf16(&[0xFF, 0xFE, b'0', 0]).unwrap_err();
        assert!(e.to_string().contains("UTF-16 little-endian"), "{e}");
    }
}
