//! End-to-end tests on the hand-written fixture run in `tests/data/run-a` (see its README),
//! with an HdrHistogram interval log written here by the hdrhistogram crate.

use hdrhistogram::serialization::interval_log::{IntervalLogWriterBuilder, Tag};
use hdrhistogram::serialization::V2DeflateSerializer;
use hdrhistogram::Histogram;
use std::path::{Path, PathBuf};
use std::time::Duration;
use swisslab_reports::{compare, write_report, ReportError, ReportOptions};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/run-a")
}

/// Copies the fixture run into a fresh temporary folder.
fn copy_run(with_hlog: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(fixture()).unwrap() {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "csv") {
            std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
    }
    if with_hlog {
        write_hlog(&dir.path().join("histograms"));
    }
    dir
}

/// Two field sizes, the smaller split over two intervals (which the reader adds up).
fn write_hlog(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let mut buf = Vec::new();
    let mut serializer = V2DeflateSerializer::new();
    let mut writer = IntervalLogWriterBuilder::new()
        .add_comment("swisslab pairing time, microseconds per round")
        .begin_log_with(&mut buf, &mut serializer)
        .unwrap();
    let mut h5 = Histogram::<u64>::new(3).unwrap();
    for v in [280u64, 300, 310, 324, 330, 350, 610, 900] {
        h5.record(v).unwrap();
    }
    let mut h5b = Histogram::<u64>::new(3).unwrap();
    h5b.record(1000).unwrap();
    let mut h300 = Histogram::<u64>::new(3).unwrap();
    for i in 0..2000u64 {
        h300.record(20_000 + (i * 37) % 15_000).unwrap();
    }
    h300.record(250_000).unwrap();
    let second = Duration::from_secs(1);
    writer
        .write_histogram(&h5, Duration::ZERO, second, Tag::new("players=5"))
        .unwrap();
    writer
        .write_histogram(&h300, second, second, Tag::new("players=300"))
        .unwrap();
    writer
        .write_histogram(&h5b, second * 2, second, Tag::new("players=5"))
        .unwrap();
    drop(writer);
    std::fs::write(dir.join("pairing-us.hlog"), buf).unwrap();
}

/// Checks that every element is closed in order (void elements and `/>` excepted), quotes
/// are balanced inside tags, and returns the element names in document order.
fn check_well_formed(html: &str) -> Vec<String> {
    const VOID: [&str; 6] = ["meta", "br", "hr", "img", "link", "input"];
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let bytes = html.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'<' {
            assert!(bytes[i] != b'>', "stray '>' at byte {i}");
            i += 1;
            continue;
        }
        if html[i..].starts_with("<!--") {
            i += html[i..].find("-->").expect("unclosed comment") + 3;
            continue;
        }
        // Find the end of the tag, outside quotes.
        let mut j = i + 1;
        let mut quote: Option<u8> = None;
        while j < bytes.len() {
            match (quote, bytes[j]) {
                (None, b'"') | (None, b'\'') => quote = Some(bytes[j]),
                (Some(q), c) if c == q => quote = None,
                (None, b'>') => break,
                (None, b'<') => panic!("'<' inside a tag at byte {j}"),
                _ => {}
            }
            j += 1;
        }
        assert!(j < bytes.len(), "unclosed tag at byte {i}");
        let tag = &html[i + 1..j];
        i = j + 1;
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        if let Some(end) = tag.strip_prefix('/') {
            let name = end.trim().to_ascii_lowercase();
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(open, name, "</{name}> closes <{open}>");
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ':')
            .collect::<String>()
            .to_ascii_lowercase();
        assert!(!name.is_empty(), "empty tag name near byte {i}");
        names.push(name.clone());
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        stack.push(name);
    }
    assert!(stack.is_empty(), "unclosed elements: {stack:?}");
    names
}

fn metric(summary: &swisslab_reports::ReportSummary, key: &str) -> f64 {
    summary
        .metrics
        .iter()
        .find(|m| m.key == key)
        .unwrap_or_else(|| panic!("no metric {key}"))
        .estimate
        .value()
}

#[test]
fn report_is_well_formed_and_complete() {
    let dir = copy_run(true);
    let summary = write_report(dir.path(), &ReportOptions::default()).unwrap();
    assert_eq!(summary.tournaments, 3);
    let html = std::fs::read_to_string(&summary.html).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    let names = check_well_formed(&html);
    for id in ["colour", "floats", "byes", "ranking", "performance"] {
        assert!(
            html.contains(&format!("<section id=\"{id}\">")),
            "missing section {id}"
        );
    }
    // Every chart is an inline SVG with a caption naming the run's parameters.
    let svgs = names.iter().filter(|n| *n == "svg").count();
    let captions = html.matches("<figcaption>").count();
    assert!(svgs >= 11, "{svgs} charts");
    assert_eq!(svgs, captions);
    assert_eq!(html.matches("Run: seed 7, 3 tournaments").count(), svgs + 1);
    // Self-contained: no scripts, no external resources.
    assert!(!html.contains("<script"));
    assert!(!html.contains("src="));
    let without_ns = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!without_ns.contains("http://") && !without_ns.contains("https://"));
    // Tables.
    for t in [
        "metrics",
        "colour_difference",
        "colour_preferences_by_round",
        "floats_per_player",
        "floats_by_decile",
        "floated_pairs_by_round",
        "byes_by_rating_decile",
        "byes_by_score",
        "ranking_per_tournament",
        "rank_by_strength_decile",
        "pairing_time",
    ] {
        let p = dir.path().join("tables").join(format!("{t}.csv"));
        assert!(p.exists(), "missing table {t}");
        assert!(summary.tables.contains(&p));
    }
    // For looking at charts with a real log: copy it where the variable says.
    if let Some(dest) = std::env::var_os("SWISSLAB_REPORTS_KEEP_HLOG") {
        std::fs::copy(dir.path().join("histograms/pairing-us.hlog"), dest).unwrap();
    }
    let timing = std::fs::read_to_string(dir.path().join("tables/pairing_time.csv")).unwrap();
    let lines: Vec<&str> = timing.lines().collect();
    assert_eq!(lines[0], "players,rounds,mean,p50,p90,p99,p99_9,max");
    assert!(lines[1].starts_with("5,9,"), "{}", lines[1]);
    assert!(lines[2].starts_with("300,2001,"), "{}", lines[2]);
}

#[test]
fn figures_of_the_fixture() {
    let dir = copy_run(true);
    let s = write_report(dir.path(), &ReportOptions::default()).unwrap();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    // |colour difference| >= 2: 2/5, 2/5, 1/5.
    assert!(close(metric(&s, "colour.abs_diff_ge2"), 1.0 / 3.0));
    // Strong preferences: 3 + 2 + 3 + 2 + 3 = 13 asked, 5 denied.
    assert!(close(metric(&s, "colour.pref_granted_strong"), 8.0 / 13.0));
    assert!(close(metric(&s, "colour.pref_granted_mild"), 1.0));
    // White's score, pooled over played games: T1 3 of 6, T2 3.5 of 6, T3 1.5 of 4 points.
    assert!(close(metric(&s, "colour.white_score"), 8.0 / 16.0));
    // Extra White: T1 2.5 - 2.0, T2 1.5 - 0.0; T3 has no player at -1.
    assert!(close(
        metric(&s, "colour.extra_white_gain"),
        (0.5 + 1.5) / 2.0
    ));
    // Ranking: T1 tau-b 0.8 (players 4 and 5 swapped).
    assert!(close(metric(&s, "ranking.strongest_wins"), 1.0 / 3.0));
    assert!(close(metric(&s, "ranking.unpaired"), 1.0 / 3.0));
    assert!(close(metric(&s, "byes.per_tournament"), 8.0 / 3.0));
    // Repeated downfloats, pooled: 0 of 3, 1 of 4, 0 of 1.
    assert!(close(metric(&s, "floats.repeated_downfloats"), 1.0 / 8.0));
    let per_t =
        std::fs::read_to_string(dir.path().join("tables/ranking_per_tournament.csv")).unwrap();
    assert!(per_t.contains("\n1,5,0.8000,0.1000,1,0\n"), "{per_t}");
    let m = std::fs::read_to_string(dir.path().join("tables/metrics.csv")).unwrap();
    assert!(m.contains("ranking,ranking.strongest_wins,"));
}

#[test]
fn missing_histogram_log_and_summary_are_tolerated() {
    let dir = copy_run(false);
    std::fs::remove_file(dir.path().join("summary.csv")).unwrap();
    let s = write_report(dir.path(), &ReportOptions::default()).unwrap();
    let html = std::fs::read_to_string(&s.html).unwrap();
    check_well_formed(&html);
    assert!(html.contains("no histograms/pairing-us.hlog"));
}

#[test]
fn bad_csv_names_file_line_and_column() {
    let dir = copy_run(false);
    let p = dir.path().join("players.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    let bad = text.replacen("1,2,1900,1880", "1,2,19x0,1880", 1);
    std::fs::write(&p, bad).unwrap();
    let err = write_report(dir.path(), &ReportOptions::default()).unwrap_err();
    match &err {
        ReportError::Csv {
            path, line, column, ..
        } => {
            assert!(path.ends_with("players.csv"));
            assert_eq!(*line, 3);
            assert_eq!(*column, 3);
        }
        other => panic!("{other:?}"),
    }
    let text = err.to_string();
    assert!(text.contains("players.csv:3:3: "), "{text}");
    assert!(!dir.path().join("report.html").exists());

    // A bye to somebody who is not in the tournament.
    let dir = copy_run(false);
    let p = dir.path().join("rounds.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, text.replacen("1,1,5,2,5,0.0", "1,1,5,2,9,0.0", 1)).unwrap();
    let err = write_report(dir.path(), &ReportOptions::default()).unwrap_err();
    assert!(
        err.to_string().contains("rounds.csv:2: bye_player 9"),
        "{err}"
    );
}

#[test]
fn compare_two_runs() {
    let a = copy_run(true);
    // Run B: run A without its failed tournament 3.
    let b = copy_run(true);
    for f in ["tournaments.csv", "players.csv", "rounds.csv"] {
        let p = b.path().join(f);
        let text = std::fs::read_to_string(&p).unwrap();
        let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with("3,")).collect();
        std::fs::write(&p, kept.join("\n") + "\n").unwrap();
    }
    let out = tempfile::tempdir().unwrap();
    let s = compare(a.path(), b.path(), out.path(), &ReportOptions::default()).unwrap();
    assert_eq!(s.tournaments, 5);
    let html = std::fs::read_to_string(out.path().join("compare.html")).unwrap();
    check_well_formed(&html);
    for id in ["colour", "floats", "byes", "ranking", "performance"] {
        assert!(html.contains(&format!("<section id=\"{id}\">")));
    }
    assert!(html.contains("A: dutch") || html.contains("<strong>A</strong>"));
    let table = std::fs::read_to_string(out.path().join("tables/compare.csv")).unwrap();
    let row = table
        .lines()
        .find(|l| l.starts_with("ranking,ranking.unpaired,"))
        .unwrap();
    // 1/3 failed in A, 0/2 in B: difference -1/3 with a Newcombe interval.
    assert!(row.contains(",-0.3333,"), "{row}");
    assert!(row.contains(",newcombe,"), "{row}");
    assert!(html.contains("Unpaired comparison"));
    let row = table
        .lines()
        .find(|l| l.starts_with("ranking,ranking.kendall_tau_b,"))
        .unwrap();
    assert!(row.contains(",welch,"), "{row}");
}

#[test]
fn same_seed_and_configuration_are_compared_in_pairs() {
    let a = copy_run(true);
    // Run B: the same seed and configuration, another system and other results in tournament
    // 2 (the games of round 2 end the other way).
    let b = copy_run(true);
    let p = b.path().join("run.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, text.replace("dutch-2017", "dutch-2026")).unwrap();
    let out = tempfile::tempdir().unwrap();
    compare(a.path(), b.path(), out.path(), &ReportOptions::default()).unwrap();
    let html = std::fs::read_to_string(out.path().join("compare.html")).unwrap();
    check_well_formed(&html);
    assert!(html.contains("Paired comparison"), "not paired");
    assert!(html.contains("href=\"tables/compare.csv\""));
    let table = std::fs::read_to_string(out.path().join("tables/compare.csv")).unwrap();
    let row = table
        .lines()
        .find(|l| l.starts_with("ranking,ranking.kendall_tau_b,"))
        .unwrap();
    // Identical tournaments: difference 0, interval 0 - 0, p = 1, no discovery.
    assert!(row.ends_with(",0,0,0,paired-t,1,0"), "{row}");
    // A different seed: unpaired.
    std::fs::write(&p, text.replacen("7,", "8,", 1)).unwrap();
    compare(a.path(), b.path(), out.path(), &ReportOptions::default()).unwrap();
    let html = std::fs::read_to_string(out.path().join("compare.html")).unwrap();
    assert!(html.contains("Unpaired comparison"));
}

#[test]
fn no_tables_leaves_no_links_to_them() {
    let dir = copy_run(true);
    let opts = ReportOptions {
        tables: false,
        ..ReportOptions::default()
    };
    let s = write_report(dir.path(), &opts).unwrap();
    let html = std::fs::read_to_string(&s.html).unwrap();
    assert!(!html.contains("tables/"), "a link to a table not written");
    assert!(!dir.path().join("tables").exists());
    let s = write_report(dir.path(), &ReportOptions::default()).unwrap();
    let html = std::fs::read_to_string(&s.html).unwrap();
    assert!(html.contains("href=\"tables/metrics.csv\""));
    // Counts beside proportions: 8 of 13 strong preferences granted.
    assert!(html.contains("8 / 13 preferences"), "no counts");
}

/// A run with `--compare-engine` output: the disagreement rate overall, by field size and by
/// event, from disagreements.csv and tournaments.csv; a row naming an unknown tournament is an
/// error with its line.
#[test]
fn disagreements_by_field_size_and_event() {
    let dir = copy_run(true);
    let p = dir.path().join("tournaments.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    // Tournament 2 holds a forfeit.
    let with_forfeit = text.replacen("2,12,5,3,3,0,,0,0,0,0,", "2,12,5,3,3,0,,0,0,1,0,", 1);
    assert_ne!(with_forfeit, text);
    std::fs::write(&p, with_forfeit).unwrap();
    let d = dir.path().join("disagreements.csv");
    let header = "tournament,round,players,engine,compared,engine_only,compared_only\n";
    let rows = "1,2,4,2-1 5-3,1-2 3-5,,\n2,1,5,1-3 4-2 bye 5,3-1 2-4 bye 5,,\n2,3,5,1-4 5-2 bye 3,4-1 2-5 bye 3,,\n";
    std::fs::write(&d, format!("{header}{rows}")).unwrap();
    let s = write_report(dir.path(), &ReportOptions::default()).unwrap();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    // 3 of the 3 + 3 + 2 rounds paired; 2 of 3 tournaments.
    assert!(close(metric(&s, "engines.rounds_differing"), 3.0 / 8.0));
    assert!(close(
        metric(&s, "engines.tournaments_differing"),
        2.0 / 3.0
    ));
    let by_event =
        std::fs::read_to_string(dir.path().join("tables/disagreements_by_event.csv")).unwrap();
    assert!(
        by_event.contains("\nwith forfeits,1,3,2,0.6667,"),
        "{by_event}"
    );
    assert!(
        by_event.contains("\nwithout forfeits,2,5,1,0.2000,"),
        "{by_event}"
    );
    let by_field =
        std::fs::read_to_string(dir.path().join("tables/disagreements_by_field_size.csv")).unwrap();
    assert!(by_field.contains("\n0-24,3,8,3,0.3750,"), "{by_field}");
    let html = std::fs::read_to_string(&s.html).unwrap();
    check_well_formed(&html);
    assert!(html.contains("<section id=\"engines\">"));

    // Compared with a run without disagreements.csv: the section is shown for A only.
    let b = copy_run(true);
    let out = tempfile::tempdir().unwrap();
    compare(dir.path(), b.path(), out.path(), &ReportOptions::default()).unwrap();
    let html = std::fs::read_to_string(out.path().join("compare.html")).unwrap();
    check_well_formed(&html);
    assert!(html.contains("<section id=\"engines\">"));

    std::fs::write(&d, format!("{header}{rows}9,1,5,,,,\n")).unwrap();
    let err = write_report(dir.path(), &ReportOptions::default()).unwrap_err();
    assert!(
        err.to_string()
            .contains("disagreements.csv:5: tournament 9 is not in tournaments.csv"),
        "{err}"
    );
    // Round 3 of tournament 3 was not paired.
    std::fs::write(&d, format!("{header}3,3,5,,,,\n")).unwrap();
    let err = write_report(dir.path(), &ReportOptions::default()).unwrap_err();
    assert!(
        err.to_string().contains("disagreements.csv:2: round 3"),
        "{err}"
    );
}

/// Adds the `aro` column to the copied players.csv: the AROs of the fixture's pairings (see its
/// README; tournaments 1 and 2 pair alike, tournament 3 stops after round 2), over-the-board
/// opponents only, rounded half up. Tournament 1: 1 meets 3, 2, 4: 5400/3 = 1800; 2 meets 4,
/// 1, 5: 5300/3 = 1766.7 -> 1767; 3 meets 1, 5: 1800; 4 meets 2, 1: 1950; 5 meets 3, 2: 1850.
/// Tournament 3: 1 (3, 2) 1850; 2 (4, 1) 1850; 3 (1, 5) 1800; 4 (2) 1900; 5 (3) 1800.
fn add_aro_column(dir: &Path) {
    let aro = [
        1800, 1767, 1800, 1950, 1850, 1800, 1767, 1800, 1950, 1850, 1850, 1850, 1800, 1900, 1800,
    ];
    let p = dir.join("players.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    let mut lines = text.lines();
    let mut out = format!("{},aro\n", lines.next().unwrap());
    for (line, a) in lines.zip(aro) {
        out.push_str(&format!("{line},{a}\n"));
    }
    std::fs::write(&p, out).unwrap();
}

/// The ARO spread within final score groups, worked out by hand. Tournament 1: only the group
/// on 2 points has two players, 2 and 3 (1767, 1800): standard deviation 16.5, range 33.
/// Tournament 2: 3 points {4, 5} (1950, 1850): 50 and 100; 1.5 points {1, 3} (1800, 1800): 0
/// and 0; weighted by players 25 and 50. Tournament 3: 1.5 points {1, 2}: 0 and 0; 1 point
/// {3, 4, 5} (1800, 1900, 1800): sqrt(20000/9) = 47.14 and 100; weighted (0 * 2 + 3 x) / 5:
/// 28.28 and 60. Means over the tournaments: 23.26 and 47.67. The run has no groups.csv (written
/// before it): the per-round figure is missing, not zero.
#[test]
fn aro_spread_of_the_fixture() {
    let dir = copy_run(false);
    add_aro_column(dir.path());
    let summary = write_report(dir.path(), &ReportOptions::default()).unwrap();
    let sd = (16.5 + 25.0 + (20000.0f64 / 9.0).sqrt() * 3.0 / 5.0) / 3.0;
    assert!((metric(&summary, "aro.final_sd") - sd).abs() < 1e-9);
    assert!((metric(&summary, "aro.final_range") - (33.0 + 50.0 + 60.0) / 3.0).abs() < 1e-9);
    assert!(metric(&summary, "aro.round_sd").is_nan());
    let html = std::fs::read_to_string(&summary.html).unwrap();
    check_well_formed(&html);
    // Not a Dubov run: the section follows the ranking, without the Dubov title.
    let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("no {s}"));
    assert!(at("<section id=\"ranking\">") < at("<section id=\"aro\">"));
    assert!(!html.contains("what the Dubov system equalises"));
    assert!(dir
        .path()
        .join("tables/aro_spread_by_final_place.csv")
        .exists());
}

/// A Dubov run shows the ARO spread first, named as the figure the system equalises.
#[test]
fn dubov_runs_lead_with_the_aro_spread() {
    let dir = copy_run(false);
    add_aro_column(dir.path());
    let p = dir.path().join("run.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, text.replace("dutch-2017", "dubov-2026")).unwrap();
    let summary = write_report(dir.path(), &ReportOptions::default()).unwrap();
    let html = std::fs::read_to_string(&summary.html).unwrap();
    let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("no {s}"));
    assert!(at("<section id=\"aro\">") < at("<section id=\"colour\">"));
    assert!(html.contains("ARO spread within score groups (what the Dubov system equalises)"));
}

/// `compare` writes the headline table: both runs with intervals, the paired difference.
#[test]
fn compare_writes_the_headline_table() {
    let a = copy_run(false);
    let b = copy_run(false);
    for d in [&a, &b] {
        add_aro_column(d.path());
    }
    let p = b.path().join("run.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, text.replace("dutch-2017", "dubov-2026")).unwrap();
    let out = tempfile::tempdir().unwrap();
    compare(a.path(), b.path(), out.path(), &ReportOptions::default()).unwrap();
    let md = std::fs::read_to_string(out.path().join("headline.md")).unwrap();
    assert!(md.contains("| Figure | dutch-2017 | dubov-2026 | dubov-2026 − dutch-2017 |"));
    assert!(md.contains("paired (same seed and configuration)"));
    let row = md
        .lines()
        .find(|l| l.starts_with("| Kendall tau-b"))
        .unwrap();
    // Identical runs: the same value twice, a zero difference (its zero-width interval left out).
    assert!(row.contains("| 0.000 (p = 1.00) |"), "{row}");
    assert!(md.contains("| ARO standard deviation within final score groups"));
    assert!(md.contains("\\|colour difference\\|"));
    assert!(md.contains("| Mean rating gap of the games of rounds 1-3"));
}
