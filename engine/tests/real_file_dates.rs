//! The start and end dates (`042`, `052`) of every real file of `../shared/real-trf`, in the
//! forms their writers chose: each file's own dates read as the calendar dates written below
//! (read by a person from the event: the name, the season, the end date), no warning for any
//! of them, and the tie-break edition that follows. The files are read in place, never copied;
//! without `../shared` the test is skipped with a notice (failed under `SWISSLAB_REQUIRE`).

mod support;

use swisslab_engine::tiebreak::Edition;
use swisslab_engine::trf::dates::{Date, EventDates};
use swisslab_engine::trf::{self, ErrorKind};

/// (042 text, 052 text, the start date they mean).
const DATES: &[(&str, &str, (u32, u32, u32))] = &[
    // Tornello (bbpPairings inputs of an Italian club): day first, as the end 15/06 shows.
    ("04/05/2025", "15/06/2025", (2025, 5, 4)),
    ("18/06/2025", "03/08/2025", (2025, 6, 18)),
    ("21/03/2026", "30/06/2026", (2026, 3, 21)),
    ("21/07/2025", "27/07/2025", (2025, 7, 21)),
    // Armstrong Cup 2010-11 and 2011-12 (Leinster league): two-digit year first; read day
    // first, each season would end before it starts.
    ("10.09.13", "11.03.13", (2010, 9, 13)),
    ("11.09.26", "12.04.01", (2011, 9, 26)),
    ("2008-02-01", "2008-02-03", (2008, 2, 1)),
    ("2010-04-11", "2010-04-13", (2010, 4, 11)),
    ("2011-11-25", "2011-11-27", (2011, 11, 25)),
    ("2011/07/02", "2011/07/03", (2011, 7, 2)),
    ("2012-03-17", "2012-03-31", (2012, 3, 17)),
    // XX Open Internacional de Gros (CompetiChess, echecsjs, sklangen), 24 September 2010.
    ("24/09/2010", "02/10/2010", (2010, 9, 24)),
    ("25.02.2011", "27.02.2011", (2011, 2, 25)),
    // 9. Karl-Mala-Gedenkturnier, July 2005.
    ("28. 07. 2005", "31. 07. 2005", (2005, 7, 28)),
    ("30/09/2011", "02/10/2011", (2011, 9, 30)),
    ("Feb 14, 2026", "Feb 14, 2026", (2026, 2, 14)),
    ("Feb 20, 2021", "Feb 20, 2021", (2021, 2, 20)),
    ("Feb 28, 2026", "Feb 28, 2026", (2026, 2, 28)),
    ("Jun 26, 2020", "Jun 26, 2020", (2020, 6, 26)),
    ("Mar 3, 2026", "Mar 3, 2026", (2026, 3, 3)),
    ("May 10, 2020", "May 10, 2020", (2020, 5, 10)),
    ("May 29, 2020", "May 29, 2020", (2020, 5, 29)),
    ("Oct 13, 2024", "Oct 13, 2024", (2024, 10, 13)),
];

/// The text of the first `code` record of a file (Latin-1 or UTF-8, any line end).
fn record(bytes: &[u8], code: &str) -> Option<String> {
    let text: String = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    };
    text.split(['\r', '\n'])
        .find(|l| l.starts_with(code))
        .map(|l| l[3..].trim().to_string())
}

#[test]
fn every_real_file_dates_its_event() {
    let Some(dir) = support::skip::shared_path("every_real_file_dates_its_event", "real-trf")
    else {
        return;
    };
    let (mut dated, mut undated) = (0, 0);
    for f in support::real_files(&dir) {
        let path = dir.join(&f);
        let bytes = std::fs::read(&path).unwrap();
        let (start, end) = (record(&bytes, "042"), record(&bytes, "052"));
        let Some(start) = start else {
            undated += 1;
            continue;
        };
        dated += 1;
        let end = end.unwrap_or_default();
        let &(_, _, (y, m, d)) = DATES
            .iter()
            .find(|(s, e, _)| *s == start && *e == end)
            .unwrap_or_else(|| panic!("{f}: no expected date for 042 '{start}', 052 '{end}'"));
        let expected = Date::new(y, m, d).unwrap();
        let ev = EventDates::read(Some(&start), Some(&end));
        assert_eq!(ev.start_date(), Some(expected), "{f}: 042 '{start}'");
        match trf::read_file_with_warnings(&path) {
            Ok((t, warnings)) => {
                assert!(warnings.is_empty(), "{f}: {warnings:?}");
                let edition = if (y, m, d) < (2026, 3, 1) {
                    Edition::Fide2024
                } else {
                    Edition::Fide2026
                };
                assert_eq!(Edition::for_tournament(&t), edition, "{f}");
            }
            // The Irish exports refused for their points column.
            Err(e) => assert_eq!(e.kind, ErrorKind::PointsMismatch, "{f}: {e}"),
        }
    }
    assert!(dated >= 34, "{dated} dated files");
    eprintln!("{dated} real files dated, {undated} without 042");
}

/// A date no layout reads is a warning that names the record's line and column.
#[test]
fn an_unreadable_date_is_a_warning_naming_its_line() {
    let text = "012 Test\n042 the first of May\n052 2026/05/03\n\
        001    1      Alpha                             2100                             0.0    1\n";
    let (_, warnings) = trf::read_with_warnings(text.as_bytes(), &Default::default()).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let w = warnings[0].to_string();
    assert!(
        w.starts_with("<input>:2:5: 042 start date: expected one date")
            && w.ends_with("found 'the first of May'"),
        "{w}"
    );
    // Readings on both sides of the 2026 edition, the end date leaving both open (its own two
    // readings fall under the same rules: no warning for it).
    let text = text
        .replace("the first of May", "02/03/2026")
        .replace("2026/05/03", "04/03/2026");
    let (_, warnings) = trf::read_with_warnings(text.as_bytes(), &Default::default()).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]
            .to_string()
            .ends_with("found '02/03/2026', which reads as 2026/03/02 or 2026/02/03"),
        "{}",
        warnings[0]
    );
}
