//! One round block of a `001` player line (`trf-formats.md` §B.2, "Round blocks"): for round r,
//! with s = 92 + 10·(r−1), the opponent's starting-rank number in columns s…s+3 (`0000` or
//! blanks for none), the scheduled colour in s+5 (`w`, `b`, `-` or blank) and the result code
//! in s+7; columns s+4, s+6 and s+8…s+9 are blanks.
//!
//! Each column is read by its own function; [`parse_block`] then makes the round a game (an
//! opponent, §B.2 codes `1 0 = + - W D L`) or an unplayed round (no opponent, codes
//! `+ - U H F Z` or blank).

use super::error::quoted;
use super::{block_start, parse_number_token, ErrorKind, Line, TrfError, RESULT_CODES};
use crate::model::{Color, GameKind, GameResult, PlayerId, RoundEntry, Unplayed};

/// One round block of a `001` line (§B.2): opponent at s..s+3, colour s+5, result s+7; and
/// whether it is a forfeit with an opponent but colour `-` (coloured in `finish`).
pub(super) fn parse_block(l: &Line, r: usize) -> Result<(RoundEntry, bool), TrfError> {
    let s = block_start(r);
    check_separators(l, r, s)?;
    let opp_text = l.cols(s, s + 3);
    let opp_trim = opp_text.trim();
    let opponent = parse_opponent(l, r, s, opp_trim)?;
    let color = parse_colour(l, r, s)?;
    let result = parse_result_code(l, r, s, opponent.is_some())?;
    match opponent {
        Some(opponent) => game_entry(l, r, s, opponent, color, result),
        None => unplayed_entry(l, r, s, opp_trim, color, result).map(|e| (e, false)),
    }
}

/// Columns s+4, s+6, s+8 and s+9 must be blank (§B.2).
fn check_separators(l: &Line, r: usize, s: usize) -> Result<(), TrfError> {
    for c in [s + 4, s + 6, s + 8, s + 9] {
        if let Some(ch) = l.at(c).filter(|ch| !ch.is_whitespace()) {
            return Err(l.err(
                ErrorKind::Misaligned,
                c,
                format!("round {r}"),
                format!(
                    "a blank in column {c} (round blocks: opponent {s}-{}, colour {}, result {})",
                    s + 3,
                    s + 5,
                    s + 7
                ),
                Some(quoted(&ch.to_string())),
            ));
        }
    }
    Ok(())
}

/// Columns s…s+3: the opponent's starting-rank number; `0000` or blanks for none (§B.2).
fn parse_opponent(
    l: &Line,
    r: usize,
    s: usize,
    opp_trim: &str,
) -> Result<Option<PlayerId>, TrfError> {
    if opp_trim.is_empty() {
        return Ok(None);
    }
    match parse_number_token(opp_trim) {
        Some(0) => Ok(None),
        Some(n) => Ok(Some(n)),
        None => Err(l.err(
            ErrorKind::BadNumber,
            s,
            format!("round {r} opponent"),
            format!("a pairing number or 0000 in columns {s}-{}", s + 3),
            Some(quoted(opp_trim)),
        )),
    }
}

/// Column s+5: the scheduled colour `w`/`b`, or `None` for `-` or blank (§B.2).
fn parse_colour(l: &Line, r: usize, s: usize) -> Result<Option<Color>, TrfError> {
    match l.at(s + 5) {
        None | Some(' ' | '-') => Ok(None),
        Some('w' | 'W') => Ok(Some(Color::White)),
        Some('b' | 'B') => Ok(Some(Color::Black)),
        Some(c) if c.is_whitespace() => Ok(None),
        Some(c) => Err(l.err(
            ErrorKind::BadColor,
            s + 5,
            format!("round {r} colour"),
            "one of w b - or blank",
            Some(quoted(&c.to_string())),
        )),
    }
}

/// Column s+7: the result code, upper-cased, or `None` when blank; a line that ends before it
/// is truncated when the round has an opponent (§B.2 code table).
fn parse_result_code(
    l: &Line,
    r: usize,
    s: usize,
    has_opponent: bool,
) -> Result<Option<char>, TrfError> {
    match l.at(s + 7) {
        None => {
            if has_opponent {
                return Err(l.err(
                    ErrorKind::Truncated,
                    s + 7,
                    format!("round {r} result"),
                    format!("a result code in column {}", s + 7),
                    Some(quoted("")),
                ));
            }
            Ok(None)
        }
        Some(c) if c.is_whitespace() => Ok(None),
        Some(c) => {
            let u = c.to_ascii_uppercase();
            if !"10=+-WDLHFUZ".contains(u) {
                return Err(l.err(
                    ErrorKind::BadResult,
                    s + 7,
                    format!("round {r} result"),
                    RESULT_CODES,
                    Some(quoted(&c.to_string())),
                ));
            }
            Ok(Some(u))
        }
    }
}

/// The character found in a column, quoted for a message.
fn found_char(c: Option<char>) -> String {
    quoted(&c.map_or(String::new(), |c| c.to_string()))
}

/// A round with an opponent: a game, rated (`1 = 0`), unrated (`W D L`) or forfeited (`+ -`),
/// with colour `w` or `b`; a forfeit with colour `-` is returned White with the flag set, to be
/// coloured in `finish`.
fn game_entry(
    l: &Line,
    r: usize,
    s: usize,
    opponent: PlayerId,
    color: Option<Color>,
    result: Option<char>,
) -> Result<(RoundEntry, bool), TrfError> {
    let (res, kind) = match result {
        Some('1') => (GameResult::Win, GameKind::Rated),
        Some('=') => (GameResult::Draw, GameKind::Rated),
        Some('0') => (GameResult::Loss, GameKind::Rated),
        Some('W') => (GameResult::Win, GameKind::Unrated),
        Some('D') => (GameResult::Draw, GameKind::Unrated),
        Some('L') => (GameResult::Loss, GameKind::Unrated),
        Some('+') => (GameResult::Win, GameKind::Forfeit),
        Some('-') => (GameResult::Loss, GameKind::Forfeit),
        other => {
            return Err(l.err(
                ErrorKind::InvalidRound,
                s + 7,
                format!("round {r} result"),
                "a game result (one of 1 0 = + - W D L) for a round with an opponent",
                Some(if other.is_none() {
                    "a blank".into()
                } else {
                    found_char(other)
                }),
            ))
        }
    };
    if color.is_none() && kind == GameKind::Forfeit && l.at(s + 5) == Some('-') {
        let e = RoundEntry::Game {
            opponent,
            color: Color::White,
            result: res,
            kind,
        };
        return Ok((e, true));
    }
    let Some(color) = color else {
        return Err(l.err(
            ErrorKind::InvalidRound,
            s + 5,
            format!("round {r} colour"),
            "w or b for a round with an opponent",
            Some(found_char(l.at(s + 5)).replace("' '", "a blank")),
        ));
    };
    Ok((
        RoundEntry::Game {
            opponent,
            color,
            result: res,
            kind,
        },
        false,
    ))
}

/// A round without opponent (`0000` or blanks): absent (blank result), forfeit win or loss
/// (`+ -`), pairing-allocated bye (`U`), half-, full- or zero-point bye (`H F Z`); the colour
/// must be `-` or blank.
fn unplayed_entry(
    l: &Line,
    r: usize,
    s: usize,
    opp_trim: &str,
    color: Option<Color>,
    result: Option<char>,
) -> Result<RoundEntry, TrfError> {
    let unplayed = match result {
        None => Unplayed::Absent,
        Some('+') => Unplayed::ForfeitWin,
        Some('-') => Unplayed::ForfeitLoss,
        Some('U') => Unplayed::Pab,
        Some('H') => Unplayed::HalfBye,
        Some('F') => Unplayed::FullBye,
        Some('Z') => Unplayed::ZeroBye,
        // TRF-06: `0000 - =` is the half-point bye (see `trf06`).
        Some('=') => Unplayed::HalfBye,
        Some(c) => {
            return Err(l.err(
                ErrorKind::InvalidRound,
                s,
                format!("round {r} opponent"),
                format!("an opponent for the played result '{c}'"),
                Some(
                    quoted(if opp_trim.is_empty() { "" } else { opp_trim })
                        .replace("end of line", "a blank"),
                ),
            ))
        }
    };
    if color.is_some() {
        return Err(l.err(
            ErrorKind::InvalidRound,
            s + 5,
            format!("round {r} colour"),
            "- or blank for a round without opponent",
            Some(found_char(l.at(s + 5))),
        ));
    }
    Ok(RoundEntry::Unplayed(unplayed))
}
