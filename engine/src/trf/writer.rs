//! Writing a [`Tournament`] as TRF-16 with the JaVaFo and bbpPairings extensions, or as
//! TRF-2026 ([`Format::Trf26`], the records of module `writer2026`).
//!
//! TRF-16 output order: the verbatim records of [`Tournament::records`] in their order (`012`…,
//! `###` comments, `192`, unknown records), then `XXR`, `XXC`, the point system (only when it
//! is not 1 / ½ / 0: `BBW BBD BBL BBZ BBF BBU` for bbpPairings **and** `XXS` for JaVaFo, so both
//! engines read the same system, §C and §D of trf-formats.md), the `001` lines sorted by
//! pairing number (in the order of the file with `XXC rank`, which pairs by that order), then `XXA`, `260` (prohibited pairings for a range of rounds: TRF-2026 has
//! no older equivalent), `XXP`, `XXZ`. TRF-2026 output: the same records, `142` and `152` before
//! `XXR` and `XXC` (kept for older readers, as trf-formats.md §E.4 advises), `162` before
//! `BB*` (kept for bbpPairings v5; `XXS` only for a system `162` cannot express), and after the player lines `240`
//! (the byes of the round to pair, also kept in the player columns), `250` instead of `XXA`,
//! `260`, `XXP`, `XXZ`.
//!
//! Lines end with LF by default (what editors, `diff` and git expect); [`LineEnding::Cr`]
//! writes the bare CR of the FIDE specification and bbpPairings. Trailing blanks are not
//! written. The points column is written as the model holds it (blank when `None`; not
//! recomputed). A value that does not fit its 4 columns even without the decimal is left
//! blank. The `BB*` values are written with one decimal in columns 5-8 (`BBW  3.0`, as
//! bbpPairings requires), running on when wider; the `XXS` values in their shortest form (`3`,
//! `0.5`, as in the JaVaFo manual's examples); so every value the reader accepts is read back.
//! Unplayed rounds: `Absent` is written `0000 -` with a blank result (so the round count
//! survives), `Withdrawn` and `NotEntered` as `0000 - Z`; in the round to pair, an
//! `Absent` player (one to be paired) gets no block, as the engines expect
//! ([`blocks_to_write`]).
//!
//! For any tournament produced by the reader, reading the output gives it back unchanged
//! (`read(write(t)) == t`).

use super::writer2026;
use crate::model::{
    Color, GameKind, GameResult, Player, PlayerId, PointSystem, RoundEntry, Tournament, Unplayed,
};
use crate::score::Score;
use std::borrow::Cow;
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

/// Which edition of the format to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// TRF-16 with the JaVaFo (`XX*`) and bbpPairings (`BB*`) extensions (default).
    #[default]
    Trf16,
    /// TRF-2026: `142`, `152`, `162`, `240`, `250`, `260` (module `writer2026`), with `XXR` and
    /// `XXC` kept for older readers.
    Trf26,
}

/// Options of the writer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    pub line_ending: LineEnding,
    pub format: Format,
}

/// The tournament as TRF-16 text with LF line endings.
pub fn write(t: &Tournament) -> String {
    write_with(t, &WriteOptions::default())
}

/// Writes the tournament as TRF-16 to `out`.
pub fn write_to<W: io::Write>(t: &Tournament, out: &mut W, opts: &WriteOptions) -> io::Result<()> {
    out.write_all(write_with(t, opts).as_bytes())
}

/// The tournament as TRF text in the format of `opts`.
pub fn write_with(t: &Tournament, opts: &WriteOptions) -> String {
    write_players(t, opts, PlayerByes::Write)
}

/// Whether the players' requested byes and absences of the round to pair go to TRF-2026 `240`
/// records: not in a team file, whose `240` records name teams (its players' absences stay in
/// their round columns).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PlayerByes {
    Write,
    Omit,
}

/// [`write_with`], with the players' `240` records as `byes` says.
pub(super) fn write_players(t: &Tournament, opts: &WriteOptions, byes: PlayerByes) -> String {
    let mut lines: Vec<String> = Vec::new();
    for (code, rest) in &t.records {
        lines.push(format!("{code}{rest}"));
    }
    if opts.format == Format::Trf26 {
        lines.extend(writer2026::rounds_and_colour(t));
    }
    rounds_and_colour(t, &mut lines);
    match opts.format {
        Format::Trf16 => point_system(&t.points, &mut lines),
        Format::Trf26 => {
            // 162, then BB* for bbpPairings v5 (which reads no 162), then XXS if needed.
            let (p162, xxs) = writer2026::point_system(&t.points);
            lines.extend(p162);
            bb_lines(&t.points, &mut lines);
            lines.extend(xxs);
        }
    }
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.id);
    // `XXC rank` pairs by the order of the 001 lines: keep it.
    if t.by_rank && t.rank_order.len() == players.len() {
        let place: std::collections::HashMap<PlayerId, usize> = t
            .rank_order
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, i))
            .collect();
        players.sort_by_key(|p| place.get(&p.id).copied().unwrap_or(usize::MAX));
    }
    let blocks = blocks_to_write(t);
    for p in players {
        let mut line = player_line(p, blocks(p));
        uncolour_forfeits(t, p.id, &mut line);
        lines.push(line);
    }
    match opts.format {
        Format::Trf16 => acceleration(t, &mut lines),
        Format::Trf26 => {
            if byes == PlayerByes::Write {
                lines.extend(writer2026::byes(t));
            }
            lines.extend(writer2026::acceleration(t));
        }
    }
    lines.extend(writer2026::prohibited(t));
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
        out.push_str(&whole_last_block(l.trim_end()));
        out.push_str(eol);
    }
    out
}

/// A `001` line whose last round block is cut short by the trimmed blanks (`0000 -`, an
/// absence with a blank result) gets its 8-character round field back (`0000 -  `):
/// bbpPairings rejects the line otherwise ("Invalid line").
fn whole_last_block(line: &str) -> Cow<'_, str> {
    let len = line.chars().count();
    if !line.starts_with("001") || len < 92 {
        return Cow::Borrowed(line);
    }
    // Round r's field is columns s..=s+7 with s = 92 + 10 (r - 1).
    let s = 92 + (len - 92) / 10 * 10;
    if len >= s + 7 {
        return Cow::Borrowed(line);
    }
    Cow::Owned(format!("{line:<width$}", width = s + 7))
}

/// The tournament as handed to another engine (`check --engine`, `simulate --engine`, `trf
/// --out`): every `001` field the format defines is filled, as py4swiss requires: a
/// missing points column gets the points of the results, a missing rank the place in the
/// standings (points, then pairing number).
pub fn complete_for_engines(t: &Tournament) -> Tournament {
    let mut t = t.clone();
    for i in 0..t.players.len() {
        if t.players[i].points.is_none() {
            let pts: Score = t.players[i].rounds.iter().map(|e| t.points.points(e)).sum();
            t.players[i].points = Some(pts);
        }
    }
    if t.players.iter().any(|p| p.rank.is_none()) {
        let mut order: Vec<(Score, PlayerId)> = t
            .players
            .iter()
            .map(|p| (p.points.unwrap_or(Score::ZERO), p.id))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (place, (_, id)) in order.iter().enumerate() {
            if let Some(p) = t.players.iter_mut().find(|p| p.id == *id) {
                if p.rank.is_none() {
                    p.rank = Some(u32::try_from(place + 1).unwrap_or(u32::MAX));
                }
            }
        }
    }
    t
}

/// `XXR` and `XXC` (JaVaFo, trf-formats.md §C).
fn rounds_and_colour(t: &Tournament, lines: &mut Vec<String>) {
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
}

/// A non-standard point system as `BB*` (bbpPairings, §D) and `XXS` (JaVaFo, §C).
fn point_system(ps: &PointSystem, lines: &mut Vec<String>) {
    if !ps.is_default() {
        bb_lines(ps, lines);
        lines.push(xxs_line(ps));
    }
}

/// A non-standard point system as `BB*` lines (bbpPairings, §D).
fn bb_lines(ps: &PointSystem, lines: &mut Vec<String>) {
    if !ps.is_default() {
        for (code, v) in [
            ("BBW", ps.win),
            ("BBD", ps.draw),
            ("BBL", ps.loss),
            ("BBZ", ps.zero_bye),
            ("BBF", ps.forfeit_loss),
            ("BBU", ps.pab),
        ] {
            lines.push(format!("{code} {}", bb_value(v)));
        }
    }
}

/// The whole point system as one `XXS` line (§C), which overrides every other source.
pub(super) fn xxs_line(ps: &PointSystem) -> String {
    let p = points_text;
    format!(
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
    )
}

/// `XXA` lines (§C): one per acceleration entry.
fn acceleration(t: &Tournament, lines: &mut Vec<String>) {
    for (id, values) in &t.acceleration {
        lines.push(xxa_line(*id, values));
    }
}

/// One `XXA` line: the pairing number at 5-8, round r's points at 10+5(r-1).
pub(super) fn xxa_line(id: PlayerId, values: &[Score]) -> String {
    let mut l = format!("XXA {id:>4}");
    for v in values {
        let _ = write!(l, " {:>4}", fit(*v, 4));
    }
    l
}

/// Points in their shortest form, `3` rather than `3.0`: every value the reader accepts
/// (at most nine characters, see [`Score::parse`]) is written back within nine characters
/// (`20224201.0` would be ten and rejected).
pub(super) fn points_text(v: Score) -> String {
    if v.tenths() % 10 == 0 {
        (v.tenths() / 10).to_string()
    } else {
        v.to_string()
    }
}

/// A `BB*` value (trf-formats.md §D): one decimal, right-aligned in columns 5-8 (`BBW  3.0`,
/// `BBW 10.5`), as bbpPairings reads it (it rejects `BBW 3` and `BBW 3.0`); a wider value
/// runs on from column 5 (`BBW 100.0`). A value whose one-decimal form would pass the nine
/// characters the reader accepts is written in its shortest form (no engine reads such
/// scores anyway: bbpPairings stops at 199.8).
fn bb_value(v: Score) -> String {
    let s = v.to_string();
    if s.len() <= 9 {
        format!("{s:>4}")
    } else {
        points_text(v)
    }
}

/// `v` in at most `width` characters: `11.5`, or `100` when the decimal does not fit, or
/// blank when nothing fits.
pub(super) fn fit(v: Score, width: usize) -> String {
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

/// How many round blocks of a player's line to write. In the rounds after the last paired one
/// (the round to pair), a player with nothing recorded (`Absent`) gets no block at all: there
/// the engines read a written blank result as an absence (blank ≡ `Z`, trf-formats.md §B.2,
/// §D), while it means "to be paired" to this crate. The blocks are kept when leaving them out
/// would lose the round count (no player has anything else in those rounds).
fn blocks_to_write(t: &Tournament) -> impl Fn(&Player) -> usize {
    let paired = t.rounds_paired();
    let trimmed = move |p: &Player| {
        let absent = |e: &&RoundEntry| **e == RoundEntry::Unplayed(Unplayed::Absent);
        let tail = p
            .rounds
            .iter()
            .skip(paired)
            .rev()
            .take_while(absent)
            .count();
        p.rounds.len() - tail
    };
    let keep_all = t.players.iter().map(trimmed).max().unwrap_or(0) < t.rounds_recorded();
    move |p: &Player| if keep_all { p.rounds.len() } else { trimmed(p) }
}

fn player_line(p: &Player, blocks: usize) -> String {
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
        cut(&crate::model::fide_title(&p.title), 3),
        cut(&p.name, 33),
        rating,
        cut(&p.federation, 3),
        cut(&p.fide_id, 11),
        cut(&p.birth_date, 10),
        points,
        rank
    );
    for e in p.rounds.iter().take(blocks) {
        l.push_str(&block(e));
    }
    l
}

/// Forfeits the file wrote with colour `-` (`Tournament::uncoloured_forfeits`) get it back.
fn uncolour_forfeits(t: &Tournament, id: PlayerId, line: &mut String) {
    if t.uncoloured_forfeits.is_empty() {
        return;
    }
    let mut chars: Vec<char> = line.chars().collect();
    for &(_, r) in t.uncoloured_forfeits.iter().filter(|(p, _)| *p == id) {
        // Colour column of round r: 92 + 10 (r - 1) + 5, 1-based.
        let at = 96usize.saturating_add(10usize.saturating_mul(r.saturating_sub(1) as usize));
        if let Some(c @ ('w' | 'b')) = chars.get_mut(at) {
            *c = '-';
        }
    }
    *line = chars.into_iter().collect();
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
        let l: Vec<char> = player_line(&p, 2).chars().collect();
        let col = |a: usize, b: usize| l[a - 1..b].iter().collect::<String>();
        assert_eq!(col(5, 8), "   7");
        assert_eq!(col(10, 13), "m GM");
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

    /// What other engines need of a `001` line: a last absence keeps its whole round field
    /// (bbpPairings), every field is filled and titles are in the specification's form
    /// (py4swiss).
    #[test]
    fn lines_other_engines_read() {
        let text = "XXR 3\n\
            001    1    g Alpha\n\
            001    2   wf Beta\n";
        let t = crate::trf::read_str(text).unwrap();
        assert_eq!(t.players[0].title, "GM");
        assert_eq!(t.players[1].title, "WFM");
        let mut t2 = t.clone();
        t2.players[1].points = Some(Score(10));
        t2.players[0].points = Some(Score(0));
        for p in &mut t2.players {
            p.rounds = vec![RoundEntry::Unplayed(Unplayed::Absent); 2];
        }
        t2.players[1].rounds[0] = RoundEntry::Unplayed(Unplayed::FullBye);
        let written = write(&crate::trf::complete_for_engines(&t2));
        let lines: Vec<&str> = written.lines().filter(|l| l.starts_with("001")).collect();
        for l in &lines {
            assert_eq!(l.chars().count(), 109, "{l:?}");
            assert!(l.ends_with("0000 -  "), "{l:?}");
        }
        assert_eq!(&lines[0][10..13], " GM");
        assert_eq!(&lines[1][10..13], "WFM");
        // Ranks from the standings: Beta (1.0) first.
        assert_eq!(&lines[1][85..89], "   1");
        assert_eq!(&lines[0][85..89], "   2");
        let back = crate::trf::read_str(&written).unwrap();
        assert_eq!(back.players[0].rounds, t2.players[0].rounds);
    }
}
