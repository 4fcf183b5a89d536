//! Every tournament of the conformance corpora reads without error and survives the round
//! trip read → write → read; line endings do not matter. The Dutch 2012 corpus is old TRF-06
//! (`0000 - +`, `0000 - =`, `0000 - -`, an undeclared point system inferred from the scores).

mod support;

use std::time::Instant;
use swisslab_engine::score::Score;
use swisslab_engine::trf::{self, Format, LineEnding, WriteOptions};
use swisslab_engine::{PointSystem, Tournament};

fn check_corpus(name: &str, expected_files: usize) {
    let files = support::corpus_trf(name);
    assert_eq!(files.len(), expected_files, "{name}: number of TRF files");
    let start = Instant::now();
    let mut tournaments = Vec::with_capacity(files.len());
    for (path, bytes) in &files {
        match trf::read(bytes) {
            Ok(t) => tournaments.push(t),
            Err(e) => panic!("{name}/{path}: {e}"),
        }
    }
    let read_time = start.elapsed();
    let mut non_default = 0;
    for ((path, _), t) in files.iter().zip(&tournaments) {
        assert!(!t.players.is_empty(), "{path}: no players");
        assert_eq!(
            t.total_rounds,
            Some(t.rounds_recorded() as u32),
            "{path}: XXR equals the rounds played"
        );
        if !t.points.is_default() {
            non_default += 1;
        }
        for opts in [LineEnding::Lf, LineEnding::Cr, LineEnding::CrLf] {
            let text = trf::write_with(
                t,
                &WriteOptions {
                    line_ending: opts,
                    ..WriteOptions::default()
                },
            );
            let back = trf::read_str(&text).unwrap_or_else(|e| panic!("{path} rewritten: {e}"));
            // The writer declares an inferred point system, so the copy does not infer it.
            let expected = Tournament {
                points_inferred: false,
                ..t.clone()
            };
            assert_eq!(back, expected, "{path}: round trip with {opts:?}");
        }
        // TRF-2026: the same tournament back; 142 and 162 as bbpPairings v6 writes them.
        let text = trf::write_with(
            t,
            &WriteOptions {
                format: Format::Trf26,
                ..WriteOptions::default()
            },
        );
        let back = trf::read_str(&text).unwrap_or_else(|e| panic!("{path} as TRF-2026: {e}"));
        let expected = Tournament {
            points_inferred: false,
            ..t.clone()
        };
        assert_eq!(back, expected, "{path}: TRF-2026 round trip");
        assert!(
            text.contains(&format!("\n142 {}\n", t.rounds_recorded())),
            "{path}"
        );
        let p = t.points;
        if p.is_default() {
            assert!(!text.contains("\n162"), "{path}");
        } else {
            let line = format!(
                "\n162  W{:>4}    D{:>4}\n",
                p.win.to_string(),
                p.draw.to_string()
            );
            assert!(text.contains(&line), "{path}: {line:?} in\n{text}");
        }
    }
    assert!(non_default > 0, "{name}: some files use 3/1/0 or 2/1/0");
    eprintln!(
        "{name}: {} files read in {:.3} s, all round-tripped ({} with a non-default point system)",
        files.len(),
        read_time.as_secs_f64(),
        non_default
    );
}

#[test]
fn dutch_2017_reads_and_round_trips() {
    check_corpus("dutch-2017", 1500);
}

#[test]
fn dutch_2025_reads_and_round_trips() {
    check_corpus("dutch-2025", 1000);
}

#[test]
fn dutch_2025_names_its_system_and_keeps_its_162() {
    let (mut with_162, mut files) = (0, 0);
    for (path, bytes) in support::corpus_trf("dutch-2025") {
        let t = trf::read(&bytes).unwrap();
        assert_eq!(t.system_code(), Some("FIDE_DUTCH_2025"), "{path}");
        let text = String::from_utf8(bytes).unwrap();
        let original = text.split('\r').find(|l| l.starts_with("162"));
        let written = trf::write_with(
            &t,
            &WriteOptions {
                format: Format::Trf26,
                ..WriteOptions::default()
            },
        );
        if let Some(line) = original {
            assert!(written.lines().any(|l| l == line), "{path}: {line}");
            with_162 += 1;
        }
        assert!(written.contains("\n092 FIDE_DUTCH_2025\n"), "{path}");
        files += 1;
    }
    assert_eq!(files, 1000);
    assert!(with_162 > 100, "{with_162} files with 162");
}

#[test]
fn dutch_2012_reads_and_round_trips() {
    check_corpus("dutch-2012", 997);
}

#[test]
fn manifest_point_systems_match() {
    for name in ["dutch-2012", "dutch-2017", "dutch-2025"] {
        let all = support::corpus(name);
        let manifest = all
            .iter()
            .find(|(p, _)| p.ends_with("manifest.csv"))
            .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
            .expect("manifest");
        let mut lines = manifest.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let col = |n: &str| header.iter().position(|h| *h == n).unwrap();
        // The 2012 manifest has no PAB column: there the bye scores a win.
        let (f, w, d, pab) = (
            col("file"),
            col("points_win"),
            col("points_draw"),
            header.iter().position(|h| *h == "points_pab"),
        );
        let mut checked = 0;
        for row in lines.filter(|l| !l.is_empty()) {
            let cells: Vec<&str> = row.split(',').collect();
            let path = format!("{name}/{}", cells[f]);
            let (_, bytes) = all
                .iter()
                .find(|(p, _)| *p == path)
                .expect("file of manifest");
            let t = trf::read(bytes).unwrap();
            let expect = PointSystem::with_win_draw(
                Score::parse(cells[w]).unwrap(),
                Score::parse(cells[d]).unwrap(),
            );
            assert_eq!(t.points, expect, "{path}");
            let expect_pab = pab.map_or(expect.win, |c| Score::parse(cells[c]).unwrap());
            assert_eq!(t.points.pab, expect_pab, "{path}");
            assert_eq!(
                t.points_inferred,
                name == "dutch-2012" && !expect.is_default(),
                "{path}: inferred exactly when undeclared and not 1 / ½ / 0"
            );
            checked += 1;
        }
        assert!(checked > 900, "{name}: {checked} manifest rows");
    }
}

#[test]
fn line_endings_give_the_same_tournament() {
    let files = support::corpus_trf("dutch-2025");
    for (path, bytes) in files.iter().take(50) {
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            text.contains('\r') && !text.contains('\n'),
            "{path}: bare CR"
        );
        let cr = trf::read_str(&text).unwrap();
        let lf = trf::read_str(&text.replace('\r', "\n")).unwrap();
        let crlf = trf::read_str(&text.replace('\r', "\r\n")).unwrap();
        assert_eq!(cr, lf, "{path}");
        assert_eq!(cr, crlf, "{path}");
    }
}
