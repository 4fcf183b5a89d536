//! The start and end dates of an event (`042`, `052`) in every form tournament files write
//! them.
//!
//! TRF-16 gives no layout for these records and TRF-2026 asks for `YYYY/MM/DD`; real files
//! write, among others, `2008-02-01`, `2011/07/02`, `25.02.2011`, `28. 07. 2005`,
//! `24/09/2010`, `10.09.13` (two-digit year first), `Feb 14, 2026` and `14 February 2026`.
//! [`parse`] reads each form into every calendar date it can mean: one for most, two or three
//! for day/month or two-digit-year orders that the digits alone do not decide (`04/05/2025`,
//! `10.09.13`). [`EventDates::of`] then reads the two records together, as the same writer wrote
//! them in the same layout: the reading under which the event ends on or after its start, and
//! within a year of it, is kept; what is still open is left [`DateReading::Ambiguous`].
//!
//! Nothing here guesses silently: a text that is no date is [`DateReading::Unreadable`] and
//! the reader warns about it, naming its line (`Parser::check_dates`).

use crate::model::Tournament;
use std::fmt;

/// A calendar date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// The date, when it exists in the Gregorian calendar (years 1900 to 2199).
    pub fn new(year: u32, month: u32, day: u32) -> Option<Date> {
        if !(1900..2200).contains(&year) || !(1..=12).contains(&month) || day == 0 {
            return None;
        }
        let leap =
            (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        (day <= days).then(|| Date {
            year: u16::try_from(year).unwrap_or(u16::MAX),
            month: u8::try_from(month).unwrap_or(u8::MAX),
            day: u8::try_from(day).unwrap_or(u8::MAX),
        })
    }

    /// Days since 1 January 1900 (for spans between dates).
    fn day_number(self) -> i64 {
        // Days from civil (Howard Hinnant's algorithm), shifted to 1900-01-01.
        let (y, m, d) = (
            i64::from(self.year),
            i64::from(self.month),
            i64::from(self.day),
        );
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 693_901
    }
}

impl fmt::Display for Date {
    /// `2026/03/01`, the TRF-2026 layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}/{:02}/{:02}", self.year, self.month, self.day)
    }
}

/// The ways a date's numbers can be ordered; one reading per layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Year, month, day (`2011/07/02`, `2008-02-01`, `10.09.13`).
    YearMonthDay,
    /// Day, month, year (`25.02.2011`, `24/09/2010`, `28. 07. 2005`).
    DayMonthYear,
    /// Month, day, year (`02/14/2026`).
    MonthDayYear,
    /// A month named in words (`Feb 14, 2026`, `14 February 2026`).
    Named,
}

/// What a date text says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateReading {
    /// One date.
    Date(Date),
    /// Several dates the text can mean (with the layout of each), in the order the layouts are
    /// tried: day-month-year before month-day-year, year first last for two-digit years.
    Ambiguous(Vec<(Layout, Date)>),
    /// No date.
    Unreadable,
}

impl DateReading {
    /// The one date, when there is one.
    pub fn date(&self) -> Option<Date> {
        match self {
            DateReading::Date(d) => Some(*d),
            _ => None,
        }
    }

    /// Every date the text can mean.
    pub fn candidates(&self) -> Vec<Date> {
        match self {
            DateReading::Date(d) => vec![*d],
            DateReading::Ambiguous(v) => v.iter().map(|(_, d)| *d).collect(),
            DateReading::Unreadable => Vec::new(),
        }
    }
}

/// The month a word names (English, full or abbreviated to three letters or more, `Sept.`).
fn month_word(w: &str) -> Option<u32> {
    let w = w.trim_end_matches('.').to_ascii_lowercase();
    let full = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    if w.len() < 3 {
        return None;
    }
    full.iter()
        .position(|m| m.starts_with(w.as_str()))
        .and_then(|i| u32::try_from(i + 1).ok())
}

/// A four-digit year, or a two-digit one read as 19YY for 70-99 and 20YY otherwise.
fn year(text: &str) -> Option<u32> {
    let n: u32 = text.parse().ok()?;
    match text.len() {
        4 => Some(n),
        2 if n >= 70 => Some(1900 + n),
        2 => Some(2000 + n),
        _ => None,
    }
}

/// Reads one date text (module docs for the forms). A time after the date (`2026/03/01
/// 10:00`) is ignored.
pub fn parse(text: &str) -> DateReading {
    let found = readings(text);
    match found.len() {
        0 => DateReading::Unreadable,
        1 => DateReading::Date(found[0].1),
        _ => DateReading::Ambiguous(found),
    }
}

/// Every date `text` can mean, with the layout of each reading.
fn readings(text: &str) -> Vec<(Layout, Date)> {
    let text = text.trim();
    // A time of day after the date.
    let text = match text.split_once(|c: char| c.is_whitespace()) {
        Some((date, rest)) if rest.trim().contains(':') && !date.is_empty() => date,
        _ => text,
    };
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '/' | '-'))
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != 3 {
        return Vec::new();
    }
    if let Some(d) = named(&words) {
        return vec![(Layout::Named, d)];
    }
    if !words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        return Vec::new();
    }
    let dots = text.contains('.');
    let (a, b, c) = (words[0], words[1], words[2]);
    let num = |s: &str| s.parse::<u32>().ok().filter(|_| s.len() <= 2);
    let mut found: Vec<(Layout, Date)> = Vec::new();
    let mut push = |layout, d: Option<Date>| {
        if let Some(d) = d {
            if !found.iter().any(|(_, e)| *e == d) {
                found.push((layout, d));
            }
        }
    };
    if a.len() == 4 {
        push(
            Layout::YearMonthDay,
            year(a).and_then(|y| Date::new(y, num(b)?, num(c)?)),
        );
    } else if c.len() == 4 || c.len() == 2 {
        push(
            Layout::DayMonthYear,
            year(c).and_then(|y| Date::new(y, num(b)?, num(a)?)),
        );
        // Month first is a US layout, written with slashes or dashes, never with dots.
        if !dots {
            push(
                Layout::MonthDayYear,
                year(c).and_then(|y| Date::new(y, num(a)?, num(b)?)),
            );
        }
        if c.len() == 2 && a.len() == 2 {
            push(
                Layout::YearMonthDay,
                year(a).and_then(|y| Date::new(y, num(b)?, num(c)?)),
            );
        }
    }
    found
}

/// `Feb 14, 2026`, `February 14 2026`, `14 Feb 2026`, `14. Februar`-style forms with an English
/// month word.
fn named(words: &[&str]) -> Option<Date> {
    let [a, b, c] = words else { return None };
    let y = year(c).filter(|_| c.len() == 4)?;
    if let Some(m) = month_word(a) {
        return Date::new(y, m, b.parse().ok()?);
    }
    let m = month_word(b)?;
    Date::new(y, m, a.parse().ok()?)
}

/// The dates of one record (`042` or `052`) of a tournament: its text, what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateRecord {
    pub text: String,
    pub reading: DateReading,
}

/// An event's start and end dates, read together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventDates {
    /// `042`, when the file has one.
    pub start: Option<DateRecord>,
    /// `052`, when the file has one.
    pub end: Option<DateRecord>,
}

/// The longest an event is taken to last, in days, when the end date decides the layout.
const MAX_EVENT_DAYS: i64 = 400;

impl EventDates {
    /// The `042` and `052` records of `t` (the first of each), each ambiguity the other decides
    /// resolved: both read in one layout, the end on or after the start and within
    /// [`MAX_EVENT_DAYS`] of it.
    pub fn of(t: &Tournament) -> EventDates {
        let text = |code: &str| {
            t.records
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, text)| text.trim().to_string())
        };
        EventDates::read(text("042").as_deref(), text("052").as_deref())
    }

    /// [`EventDates::of`] on the two texts.
    pub fn read(start: Option<&str>, end: Option<&str>) -> EventDates {
        let record = |t: &str| DateRecord {
            text: t.to_string(),
            reading: parse(t),
        };
        let mut start = start.map(record);
        let mut end = end.map(record);
        if let (Some(s), Some(e)) = (&mut start, &mut end) {
            let fit = |same_layout: bool| -> Vec<(Date, Date)> {
                let mut fits = Vec::new();
                for (ls, ds) in readings(&s.text) {
                    for (le, de) in readings(&e.text) {
                        let span = de.day_number() - ds.day_number();
                        if (!same_layout || ls == le) && (0..=MAX_EVENT_DAYS).contains(&span) {
                            fits.push((ds, de));
                        }
                    }
                }
                fits
            };
            // The same writer wrote both in one layout; mixed layouts only when none agrees.
            let mut fits = fit(true);
            if fits.is_empty() {
                fits = fit(false);
            }
            let starts: Vec<Date> = dedup(fits.iter().map(|f| f.0));
            let ends: Vec<Date> = dedup(fits.iter().map(|f| f.1));
            narrow(&mut s.reading, &starts);
            narrow(&mut e.reading, &ends);
        }
        EventDates { start, end }
    }

    /// The start date, when it is known (one reading).
    pub fn start_date(&self) -> Option<Date> {
        self.start.as_ref().and_then(|r| r.reading.date())
    }
}

fn dedup(it: impl Iterator<Item = Date>) -> Vec<Date> {
    let mut v: Vec<Date> = Vec::new();
    for d in it {
        if !v.contains(&d) {
            v.push(d);
        }
    }
    v
}

/// Keeps only the readings of an ambiguous date that are among `keep` (when some are).
fn narrow(r: &mut DateReading, keep: &[Date]) {
    if let DateReading::Ambiguous(v) = r {
        let kept: Vec<(Layout, Date)> = v
            .iter()
            .filter(|(_, d)| keep.contains(d))
            .cloned()
            .collect();
        *r = match kept.len() {
            0 => return,
            1 => DateReading::Date(kept[0].1),
            _ => DateReading::Ambiguous(kept),
        };
    }
}

/// The dates at which the rules swisslab applies change: the 2024 and 2026 editions of the
/// tie-break regulations (C.07), and the 2026 pairing systems. An ambiguous date whose readings
/// fall on both sides of one of them changes the rules; one that does not, does not.
pub const RULE_CHANGES: [(u16, u8, u8); 3] = [(2024, 8, 1), (2026, 2, 1), (2026, 3, 1)];

/// True when the readings of `r` fall on both sides of a date of [`RULE_CHANGES`].
pub fn straddles_a_rule_change(r: &DateReading) -> bool {
    let c = r.candidates();
    RULE_CHANGES.iter().any(|&(y, m, d)| {
        let at = Date {
            year: y,
            month: m,
            day: d,
        };
        c.iter().any(|x| *x < at) && c.iter().any(|x| *x >= at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: u32, m: u32, dd: u32) -> Date {
        Date::new(y, m, dd).unwrap()
    }

    #[test]
    fn every_form_of_the_real_files_reads() {
        for (text, date) in [
            ("2008-02-01", d(2008, 2, 1)),
            ("2011/07/02", d(2011, 7, 2)),
            ("25.02.2011", d(2011, 2, 25)),
            ("28. 07. 2005", d(2005, 7, 28)),
            ("24/09/2010", d(2010, 9, 24)),
            ("30/09/2011", d(2011, 9, 30)),
            ("Feb 14, 2026", d(2026, 2, 14)),
            ("Mar 3, 2026", d(2026, 3, 3)),
            ("May 10, 2020", d(2020, 5, 10)),
            ("14 February 2026", d(2026, 2, 14)),
            ("Sept. 3, 2024", d(2024, 9, 3)),
            ("2026/03/01 10:30", d(2026, 3, 1)),
        ] {
            assert_eq!(parse(text), DateReading::Date(date), "{text}");
        }
    }

    #[test]
    fn digits_that_do_not_decide_give_every_reading() {
        assert_eq!(
            parse("04/05/2025").candidates(),
            vec![d(2025, 5, 4), d(2025, 4, 5)]
        );
        // Dots are never month first.
        assert_eq!(parse("01.02.2008"), DateReading::Date(d(2008, 2, 1)));
        assert_eq!(
            parse("10.09.13").candidates(),
            vec![d(2013, 9, 10), d(2010, 9, 13)]
        );
        assert_eq!(
            parse("01/02/08").candidates(),
            vec![d(2008, 2, 1), d(2008, 1, 2), d(2001, 2, 8)]
        );
    }

    #[test]
    fn what_is_no_date_is_unreadable() {
        for text in [
            "",
            "2026",
            "soon",
            "31/02/2026",
            "13/13/2026",
            "2026-13-01",
            "1.2.3.4",
            "Febr 30, 2026",
            "Foo 3, 2026",
            "12/05",
        ] {
            assert_eq!(parse(text), DateReading::Unreadable, "{text}");
        }
    }

    #[test]
    fn the_end_date_decides_the_layout() {
        // Day first: the end, 15/06/2025, has no month 15.
        let e = EventDates::read(Some("04/05/2025"), Some("15/06/2025"));
        assert_eq!(e.start_date(), Some(d(2025, 5, 4)));
        // Two-digit year first: read day first, the event would end before it starts.
        let e = EventDates::read(Some("10.09.13"), Some("11.03.13"));
        assert_eq!(e.start_date(), Some(d(2010, 9, 13)));
        let e = EventDates::read(Some("11.09.26"), Some("12.04.01"));
        assert_eq!(e.start_date(), Some(d(2011, 9, 26)));
        // An end date that leaves two readings open.
        let e = EventDates::read(Some("01/02/2008"), Some("03/02/2008"));
        assert_eq!(
            e.start.unwrap().reading.candidates(),
            vec![d(2008, 2, 1), d(2008, 1, 2)]
        );
        // No end date: the start stays open.
        assert_eq!(
            EventDates::read(Some("04/05/2025"), None).start_date(),
            None
        );
    }

    #[test]
    fn ambiguity_matters_only_across_a_rule_change() {
        assert!(!straddles_a_rule_change(&parse("01/02/2008")));
        assert!(straddles_a_rule_change(&parse("03/01/2026")));
        assert!(straddles_a_rule_change(&parse("02/03/2026")));
        assert!(!straddles_a_rule_change(&parse("2026/03/01")));
    }

    #[test]
    fn day_numbers_count_days() {
        assert_eq!(d(1900, 1, 1).day_number(), 0);
        assert_eq!(d(2000, 3, 1).day_number() - d(2000, 2, 28).day_number(), 2);
        assert_eq!(d(2026, 1, 1).day_number() - d(2025, 1, 1).day_number(), 365);
    }
}
