//! The usual repair of old Krause / TRF-06 exports whose points column counts blank rounds as
//! byes (seven Irish exports of 2010-2011 do: `swisslab trf --repair`).
//!
//! Such a file contradicts itself: a player's points are more than his results give, by half
//! points that his blank rounds (no opponent, no result) would give as half-point byes. The
//! reader refuses it, as bbpPairings does, and says what is probably meant. The repair writes
//! what is probably meant: for each such player, his first blank rounds become `0000 - H` until
//! the results add up to the points written; when the difference is more than half a point per
//! blank round, every blank round becomes a bye and the first ones full-point byes (`0000 - F`),
//! as the icu_tournament gem's own repair of these files does (`H`, then `F`). Nothing else of
//! the file changes: each repaired round field is rewritten in place (the line padded with
//! blanks when it stopped before that round), the line ends and the encoding (UTF-8, or Latin-1
//! byte for byte) are kept. The repaired text must then read without error; if it does not (the
//! points disagree in another way), the reader's error is returned and nothing is repaired.

use super::{decode, read, ErrorKind, TrfError};
use crate::model::{PlayerId, RoundEntry, Tournament, Unplayed};
use crate::score::Score;
use std::borrow::Cow;
use std::fmt;
use std::path::Path;

/// One round field the repair rewrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// 1-based line of the player's `001` record.
    pub line: usize,
    pub player: PlayerId,
    /// 1-based round.
    pub round: usize,
    /// The round field as it was (8 characters, blanks where the line stopped before it).
    pub before: String,
    /// The round field written.
    pub after: String,
    /// The player's points column and what his results gave before the repair.
    pub points: Score,
    pub results: Score,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, player {}, round {}: `{}` -> `{}` (points written {}, results {})",
            self.line, self.player, self.round, self.before, self.after, self.points, self.results
        )
    }
}

/// A repaired file: its bytes, the changes made (none when the file read as it was) and the
/// tournament it holds.
#[derive(Clone, Debug)]
pub struct Repaired {
    pub bytes: Vec<u8>,
    pub changes: Vec<Change>,
    pub tournament: Tournament,
}

/// Reads `bytes`, repairing blank rounds counted as byes in the points column (module doc).
/// A file that reads as it is comes back unchanged with no changes; any other error is the
/// reader's.
pub fn repair(bytes: &[u8]) -> Result<Repaired, TrfError> {
    let original_error = match read(bytes) {
        Ok(tournament) => {
            return Ok(Repaired {
                bytes: bytes.to_vec(),
                changes: Vec::new(),
                tournament,
            })
        }
        Err(e) if e.kind == ErrorKind::PointsMismatch => e,
        Err(e) => return Err(e),
    };
    let text = decode(bytes)?;
    let latin1 = matches!(text, Cow::Owned(_));
    let mut lines = split_keeping_ends(&text);
    // The tournament with every points column blanked (a blank column is not checked), to
    // know each player's results and blank rounds.
    let blanked: String = lines
        .iter()
        .map(|(l, end)| {
            let mut l = l.clone();
            if is_player(&l) {
                put(&mut l, 80, "    ");
            }
            l.extend(end.chars());
            l.into_iter().collect::<String>()
        })
        .collect();
    let t = read(blanked.as_bytes()).map_err(|_| original_error.clone())?;
    let mut changes = Vec::new();
    for (i, (line, _)) in lines.iter_mut().enumerate() {
        if is_player(line) {
            changes.extend(repair_line(&t, i + 1, line));
        }
    }
    if changes.is_empty() {
        return Err(original_error);
    }
    let repaired: String = lines
        .into_iter()
        .map(|(l, end)| l.into_iter().chain(end.chars()).collect::<String>())
        .collect();
    let bytes = if latin1 {
        // Decoded from Latin-1 byte for byte; the repair adds only ASCII.
        repaired
            .chars()
            .map(|c| u8::try_from(c).unwrap_or(b'?'))
            .collect()
    } else {
        repaired.into_bytes()
    };
    let tournament = read(&bytes)?;
    Ok(Repaired {
        bytes,
        changes,
        tournament,
    })
}

/// [`repair`] of a file on disk; errors carry the path.
pub fn repair_file(path: impl AsRef<Path>) -> Result<Repaired, TrfError> {
    let path = path.as_ref();
    let bytes = std::fs::read(path)
        .map_err(|e| TrfError::io(Some(path.to_path_buf()), "a readable file", &e))?;
    if bytes.len() > super::MAX_INPUT_BYTES {
        return Err(super::too_large(bytes.len(), super::MAX_INPUT_BYTES).with_file(path));
    }
    repair(&bytes).map_err(|e| e.with_file(path))
}

/// Lines as characters, each with its line end (`\r`, `\n`, `\r\n` or none), so that joining
/// them gives the text back.
fn split_keeping_ends(text: &str) -> Vec<(Vec<char>, &str)> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (line, end) = match rest.find(['\r', '\n']) {
            Some(i) => {
                let len = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                (&rest[..i], &rest[i..i + len])
            }
            None => (rest, ""),
        };
        out.push((line.chars().collect(), end));
        rest = &rest[line.len() + end.len()..];
    }
    out
}

/// A `001` record (a byte-order mark before it allowed, as the reader allows it).
fn is_player(l: &[char]) -> bool {
    let start = usize::from(l.first() == Some(&'\u{feff}'));
    l.get(start..start + 3) == Some(&['0', '0', '1'][..])
}

/// Writes `s` at 0-based character index `at`, padding the line with blanks first.
fn put(l: &mut Vec<char>, at: usize, s: &str) {
    let n = s.chars().count();
    if l.len() < at + n {
        l.resize(at + n, ' ');
    }
    for (i, c) in s.chars().enumerate() {
        l[at + i] = c;
    }
}

/// The 0-based index of round `r`'s field (1-based `r`; TRF column 92 + 10 (r - 1)).
fn field_start(r: usize) -> usize {
    91 + 10 * (r - 1)
}

/// Repairs one `001` line (1-based line `no`) in place; returns what it changed.
fn repair_line(t: &Tournament, no: usize, line: &mut Vec<char>) -> Vec<Change> {
    let start = usize::from(line.first() == Some(&'\u{feff}'));
    let field = |from: usize, to: usize| -> String {
        line.get(start + from..(start + to).min(line.len()))
            .map_or(String::new(), |s| s.iter().collect())
    };
    let Some(id) = field(4, 8).trim().parse::<PlayerId>().ok() else {
        return Vec::new();
    };
    let (Some(points), Some(p)) = (Score::parse(field(80, 84).trim()), t.player(id)) else {
        return Vec::new();
    };
    let results: Score = p.rounds.iter().map(|e| t.points.points(e)).sum();
    let blanks: Vec<usize> = (0..p.rounds.len())
        .filter(|&r| p.rounds[r] == RoundEntry::Unplayed(Unplayed::Absent))
        .collect();
    let Some(byes) = byes_for(points - results, blanks.len(), t) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (&r, code) in blanks.iter().zip(byes) {
        let at = start + field_start(r + 1);
        let mut before: String = line.iter().skip(at).take(8).collect();
        before = format!("{before:<8}");
        let after = format!("0000 - {code}");
        put(line, at, &after);
        out.push(Change {
            line: no,
            player: id,
            round: r + 1,
            before,
            after,
            points,
            results,
        });
    }
    out
}

/// The byes (`H`, `F`) the first blank rounds get so that they add `extra`, with `blanks`
/// blank rounds: half-point byes while they suffice, else every blank round a bye and the first
/// ones full-point byes. None when no such choice adds exactly `extra`.
pub(super) fn byes_for(extra: Score, blanks: usize, t: &Tournament) -> Option<Vec<char>> {
    let (half, full) = (t.points.half_bye, t.points.full_bye);
    if extra <= Score::ZERO || half <= Score::ZERO || extra.0 % half.0 != 0 {
        return None;
    }
    let halves = usize::try_from(extra.0 / half.0).ok()?;
    if halves <= blanks {
        return Some(vec!['H'; halves]);
    }
    // Every blank round a bye: f full and (blanks - f) half, f (full - half) = extra - all halves.
    let step = (full - half).0;
    let short = extra.0 - i32::try_from(blanks).ok()? * half.0;
    if step <= 0 || short % step != 0 {
        return None;
    }
    let fulls = usize::try_from(short / step).ok()?;
    (fulls <= blanks).then(|| {
        let mut v = vec!['F'; fulls];
        v.resize(blanks, 'H');
        v
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `001` line with `points` and round fields (8 characters each).
    fn player(id: u32, name: &str, points: &str, rounds: &[&str]) -> String {
        let head = format!("001 {id:>4}      {name:<33} {:>4}", 1500);
        format!("{head:<80}{points:>4}       {}", rounds.join("  "))
    }

    fn file(lines: &[String], end: &str) -> String {
        let mut s = format!("012 Repair{end}");
        for l in lines {
            s.push_str(l);
            s.push_str(end);
        }
        s
    }

    const BLANK: &str = "        ";

    #[test]
    fn blank_rounds_counted_in_the_points_become_half_point_byes() {
        // Player 2 has 1.5 written, 1.0 from his results: his blank round 2 was a bye; player
        // 3 likewise in round 1. Player 4's round 1 written `     -  ` stays: his points
        // count no bye.
        let text = file(
            &[
                player(1, "A", "2.0", &["   2 w 1", "   3 b 1", "   2 b 0"]),
                player(2, "B", "1.5", &["   1 b 0", BLANK, "   1 w 1"]),
                player(3, "C", "1.5", &[BLANK, "   1 w 0", "   4 w 1"]),
                player(4, "D", "0.0", &["     -  ", BLANK, "   3 b 0"]),
            ],
            "\r\n",
        );
        let e = read(text.as_bytes()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::PointsMismatch);
        let r = repair(text.as_bytes()).unwrap();
        let got: Vec<(PlayerId, usize, &str, &str)> = r
            .changes
            .iter()
            .map(|c| (c.player, c.round, c.before.as_str(), c.after.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![(2, 2, BLANK, "0000 - H"), (3, 1, BLANK, "0000 - H")]
        );
        assert_eq!((r.changes[0].line, r.changes[1].line), (3, 4));
        let repaired = String::from_utf8(r.bytes.clone()).unwrap();
        assert_eq!(
            repaired.replacen("0000 - H", BLANK, 2),
            text,
            "nothing else changed, line ends included"
        );
        let entry = |id: PlayerId, r: usize| r_entry(&repaired, id, r);
        assert_eq!(entry(3, 0), RoundEntry::Unplayed(Unplayed::HalfBye));
        assert_eq!(entry(2, 1), RoundEntry::Unplayed(Unplayed::HalfBye));
        assert_eq!(entry(4, 0), RoundEntry::Unplayed(Unplayed::Absent));
        assert!(r.changes[0].to_string().contains("player 2, round 2"));
    }

    fn r_entry(text: &str, id: PlayerId, r: usize) -> RoundEntry {
        read(text.as_bytes()).unwrap().player(id).unwrap().rounds[r]
    }

    #[test]
    fn more_than_half_a_point_per_blank_round_gives_full_point_byes() {
        let lines = |p3: &str| {
            file(
                &[
                    player(1, "A", "1.0", &["   2 w 1"]),
                    player(2, "B", "0.0", &["   1 b 0"]),
                    player(3, "C", p3, &[]),
                ],
                "\n",
            )
        };
        // Player 3: blank in the only round, 1.5 written: no bye of one round gives that; the
        // reader's error comes back.
        let e = repair(lines("1.5").as_bytes()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::PointsMismatch);
        let r = repair(lines("1.0").as_bytes()).unwrap();
        assert_eq!(r.changes.len(), 1);
        assert_eq!(r.changes[0].after, "0000 - F");
        let t = &r.tournament;
        assert_eq!(byes_for(Score(15), 2, t), Some(vec!['F', 'H']));
        assert_eq!(byes_for(Score(10), 2, t), Some(vec!['H', 'H']));
        assert_eq!(byes_for(Score(25), 2, t), None);
        assert_eq!(byes_for(Score(-5), 2, t), None);
    }

    #[test]
    fn a_valid_file_is_returned_unchanged_and_other_errors_are_the_readers() {
        let text = file(
            &[
                player(1, "A", "1.0", &["   2 w 1"]),
                player(2, "B", "0.0", &["   1 b 0"]),
            ],
            "\n",
        );
        let r = repair(text.as_bytes()).unwrap();
        assert!(r.changes.is_empty());
        assert_eq!(r.bytes, text.as_bytes());
        let bad = text.replace("   1 b 0", "   1 w 0");
        assert_eq!(
            repair(bad.as_bytes()).unwrap_err(),
            read(bad.as_bytes()).unwrap_err()
        );
    }

    #[test]
    fn latin1_is_kept_byte_for_byte_and_short_lines_are_padded() {
        let text = file(
            &[
                player(1, "A", "1.5", &["   2 w 1"]),
                player(2, "B", "0.5", &["   1 b 0", "0000 - ="]),
                player(3, "M\u{ed}che\u{e1}l", "1.0", &[]),
            ],
            "\r",
        );
        let bytes: Vec<u8> = text.chars().map(|c| c as u8).collect();
        assert!(std::str::from_utf8(&bytes).is_err());
        let r = repair(&bytes).unwrap();
        let got: Vec<(PlayerId, usize)> = r.changes.iter().map(|c| (c.player, c.round)).collect();
        assert_eq!(got, vec![(1, 2), (3, 1), (3, 2)]);
        assert!(r.bytes.contains(&0xed) && std::str::from_utf8(&r.bytes).is_err());
        let t = &r.tournament;
        assert_eq!(t.player(3).unwrap().name, "M\u{ed}che\u{e1}l");
        assert_eq!(
            t.player(3).unwrap().rounds,
            vec![RoundEntry::Unplayed(Unplayed::HalfBye); 2]
        );
    }

    /// Random byte edits of `testdata/repair/blank-half-byes.trf` never make the repair panic;
    /// what it repairs reads, and every change turns a blank round into a bye.
    #[test]
    fn edited_files_never_panic() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../testdata/repair/blank-half-byes.trf"
        );
        let original = std::fs::read(path).unwrap();
        assert_eq!(repair(&original).unwrap().changes.len(), 2);
        let alphabet = b" 0123456789.-+=wbHFUZ\r\n\xe9";
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let (mut repaired, mut refused) = (0, 0);
        for _ in 0..2000 {
            let mut b = original.clone();
            for _ in 0..1 + next(3) {
                let pos = next(b.len());
                let ch = alphabet[next(alphabet.len())];
                match next(3) {
                    0 => b.insert(pos, ch),
                    1 => {
                        b.remove(pos);
                    }
                    _ => b[pos] = ch,
                }
            }
            match repair(&b) {
                Ok(r) => {
                    repaired += usize::from(!r.changes.is_empty());
                    assert!(read(&r.bytes).is_ok());
                    for c in &r.changes {
                        assert!(
                            c.after.starts_with("0000 - ") && c.points > c.results,
                            "{c}"
                        );
                    }
                }
                Err(_) => refused += 1,
            }
        }
        assert!(
            repaired > 0 && refused > 0,
            "{repaired} repaired, {refused} refused"
        );
    }
}
