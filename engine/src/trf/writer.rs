//! Writing a [`Tournament`] as TRF-16 with the JaVaFo and bbpPairings extensions.
//!
//! Output order: the verbatim records of [`Tournament::records`] in their order (`012`…,
//! `###` comments, `192`, unknown records), then `XXR`, `XXC`, the point system (only when it
//! is not 1 / ½ / 0: `BBW BBD BBL BBZ BBF BBU` for bbpPairings **and** `XXS` for JaVaFo, so both
//! engines read the same system, §C and §D of trf-formats.md), the `001` lines sorted by
//! pairing number, then `XXA`, `XXP`, `XXZ`.
//!
//! Lines end with LF by default (what editors, `diff` and git expect); [`LineEnding::Cr`]
//! writes the bare CR of the FIDE specification and bbpPairings. Trailing blanks are not
//! written. The points column is written as the model holds it (blank when `None`; not
//! recomputed). A value that does not fit its 4 columns even without the decimal is left
//! blank. The `BB*` and `XXS` values have no width limit and are written whole, in their
//! shortest form (`3`, `0.5`), so that every value the reader accepts is read back. Unplayed rounds: `Absent` is written `0000 -` with a blank result (so the round
//! count survives), `Withdrawn` and `NotEntered` as `0000 - Z`.
//!
//! For any tournament produced by the reader, reading the output gives it back unchanged
//! (`read(write(t)) == t`).

use crate::model::{Color, GameKind, GameResult, Player, RoundEntry, Tournament, Unplayed};
use crate::score::Score;
use std::fmt::Write as _;
use std::io;

/// Line terminator of written files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineEnding {
    /// `\n` (default).
    #[default]
    Lf,
    /// `\r`, as in the FIDE specification and bbpPairings output.
    Cr,
    /// `\r\n`.
    CrLf,
}

impl LineEnding {
    fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::Cr => "\r",
            LineEnding::CrLf => "\r\n",
        }
    }
}

/// Options of the writer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    pub line_ending: LineEnding,
}

/// The tournament as TRF-16 text with LF line endings.
pub fn write(t: &Tournament) -> String {
    write_with(t, &WriteOptions::default())
}

/// Writes the tournament as TRF-16 to `out`.
pub fn write_to<W: io::Write>(t: &Tournament, out: &mut W, opts: &WriteOptions) -> io::Result<()> {
    out.write_all(write_with(t, opts).as_bytes())
}

/// The tournament as TRF-16 text.
pub fn write_with(t: &Tournament, opts: &WriteOptions) -> String {
    let mut lines: Vec<String> = Vec::new();
    for (code, rest) in &t.records {
        lines.push(format!("{code}{rest}"));
    }
    if let Some(n) = t.total_rounds {
        lines.push(format!("XXR {n}"));
    }
    let mut xxc = Vec::new();
    if t.by_rank {
        xxc.push("rank");
    }
    match t.initial_color {
        Some(Color::White) => xxc.push("white1"),
        Some(Color::Black) => xxc.push("black1"),
        None => {}
    }
    if !xxc.is_empty() {
        lines.push(format!("XXC {}", xxc.join(" ")));
    }
    let ps = &t.points;
    if !ps.is_default() {
        for (code, v) in [
            ("BBW", ps.win),
            ("BBD", ps.draw),
            ("BBL", ps.loss),
            ("BBZ", ps.zero_bye),
            ("BBF", ps.forfeit_loss),
            ("BBU", ps.pab),
        ] {
            // The value runs from column 5 to the end of the line: no width limit, so write it
            // whole (a value wider than four columns used to be dropped, and the line rejected).
            lines.push(format!("{code} {}", points_text(v)));
        }
        let p = points_text;
        lines.push(format!(
            "XXS WW={} BW={} WD={} BD={} WL={} BL={} ZPB={} HPB={} FPB={} PAB={} FW={} FL={}",
            p(ps.win),
            p(ps.win),
            p(ps.draw),
            p(ps.draw),
            p(ps.loss),
            p(ps.loss),
            p(ps.zero_bye),
            p(ps.half_bye),
            p(ps.full_bye),
            p(ps.pab),
            p(ps.forfeit_win),
            p(ps.forfeit_loss)
        ));
    }
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.id);
    for p in players {
        lines.push(player_line(p));
    }
    for (id, values) in &t.acceleration {
        let mut l = format!("XXA {id:>4}");
        for v in values {
            let _ = write!(l, " {:>4}", fit(*v, 4));
        }
        lines.push(l);
    }
    for list in &t.forbidden {
        let mut l = String::from("XXP");
        for id in list {
            let _ = write!(l, " {id:>4}");
        }
        lines.push(l);
    }
    if !t.absent_next.is_empty() {
        let mut l = String::from("XXZ");
        for id in &t.absent_next {
            let _ = write!(l, " {id:>4}");
        }
        lines.push(l);
    }
    let eol = opts.line_ending.as_str();
    let mut out = String::new();
    for l in lines {
        out.push_str(l.trim_end());
        out.push_str(eol);
    }
    out
}

/// `v` in at most `width` characters: `11.5`, or `100` when the decimal does not fit, or
/// blank when nothing fits.
/// Points in their shortest form, `3` rather than `3.0`: every value the reader accepts
/// (at most nine characters, see [`Score::parse`]) is written back within nine characters
/// (`20224201.0` would be ten and rejected).
fn points_text(v: Score) -> String {
    if v.tenths() % 10 == 0 {
        (v.tenths() / 10).to_string()
    } else {
        v.to_string()
    }
}

fn fit(v: Score, width: usize) -> String {
    let s = v.to_string();
    if s.len() <= width {
        return s;
    }
    if v.tenths() % 10 == 0 {
        let s = (v.tenths() / 10).to_string();
        if s.len() <= width {
            return s;
        }
    }
    String::new()
}

fn player_line(p: &Player) -> String {
    let sex = p.sex.unwrap_or(' ');
    let rating = if p.rating == 0 {
        String::new()
    } else {
        p.rating.to_string()
    };
    let points = p.points.map_or(String::new(), |v| fit(v, 4));
    let rank = p.rank.map_or(String::new(), |r| r.to_string());
    let rank = if rank.len() > 4 { String::new() } else { rank };
    let rating = if rating.len() > 4 {
        String::new()
    } else {
        rating
    };
    let mut l = format!(
        "001 {:>4} {sex}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}  ",
        p.id,
        cut(&p.title, 3),
        cut(&p.name, 33),
        rating,
        cut(&p.federation, 3),
        cut(&p.fide_id, 11),
        cut(&p.birth_date, 10),
        points,
        rank
    );
    for e in &p.rounds {
        l.push_str(&block(e));
    }
    l
}

/// The first `n` characters of `s` (fields never spill into the next column).
fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The 10-column block of one round.
pub(crate) fn block(e: &RoundEntry) -> String {
    match e {
        RoundEntry::Game {
            opponent, color, ..
        } => format!("{opponent:>4} {} {}  ", color_code(*color), result_code(e)),
        RoundEntry::Unplayed(_) => format!("0000 - {}  ", result_code(e)),
    }
}

pub(crate) fn color_code(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

/// The result code written for an entry.
pub(crate) fn result_code(e: &RoundEntry) -> char {
    match *e {
        RoundEntry::Game { result, kind, .. } => match (kind, result) {
            (GameKind::Rated, GameResult::Win) => '1',
            (GameKind::Rated, GameResult::Draw) => '=',
            (GameKind::Rated, GameResult::Loss) => '0',
            (GameKind::Unrated, GameResult::Win) => 'W',
            (GameKind::Unrated, GameResult::Draw) => 'D',
            (GameKind::Unrated, GameResult::Loss) => 'L',
            (GameKind::Forfeit, GameResult::Win) => '+',
            (GameKind::Forfeit, GameResult::Loss) => '-',
            // Not a TRF result; never built by the reader.
            (GameKind::Forfeit, GameResult::Draw) => '=',
        },
        RoundEntry::Unplayed(u) => match u {
            Unplayed::Pab => 'U',
            Unplayed::HalfBye => 'H',
            Unplayed::FullBye => 'F',
            Unplayed::ZeroBye | Unplayed::Withdrawn | Unplayed::NotEntered => 'Z',
            Unplayed::Absent => ' ',
            Unplayed::ForfeitWin => '+',
            Unplayed::ForfeitLoss => '-',
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_points_in_four_columns() {
        assert_eq!(fit(Score(115), 4), "11.5");
        assert_eq!(fit(Score(1000), 4), "100");
        assert_eq!(fit(Score(99990), 4), "9999");
        assert_eq!(fit(Score(1005), 4), "");
        assert_eq!(fit(Score(-5), 4), "-0.5");
    }

    #[test]
    fn player_line_columns() {
        let p = Player {
            id: 7,
            sex: Some('m'),
            title: "g".into(),
            name: "Müller, Jörg".into(),
            rating: 2501,
            federation: "GER".into(),
            fide_id: "4600000".into(),
            birth_date: "1990/01/02".into(),
            points: Some(Score(15)),
            rank: Some(3),
            rounds: vec![
                RoundEntry::Game {
                    opponent: 12,
                    color: Color::White,
                    result: GameResult::Win,
                    kind: GameKind::Rated,
                },
                RoundEntry::Unplayed(Unplayed::HalfBye),
            ],
        };
        let l: Vec<char> = player_line(&p).chars().collect();
        let col = |a: usize, b: usize| l[a - 1..b].iter().collect::<String>();
        assert_eq!(col(5, 8), "   7");
        assert_eq!(col(10, 13), "m  g");
        assert_eq!(col(15, 26), "Müller, Jörg");
        assert_eq!(col(49, 52), "2501");
        assert_eq!(col(54, 56), "GER");
        assert_eq!(col(58, 68), "    4600000");
        assert_eq!(col(70, 79), "1990/01/02");
        assert_eq!(col(81, 84), " 1.5");
        assert_eq!(col(86, 89), "   3");
        assert_eq!(col(92, 99), "  12 w 1");
        assert_eq!(col(102, 109), "0000 - H");
    }
}
