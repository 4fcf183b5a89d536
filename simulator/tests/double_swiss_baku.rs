//! The Baku Acceleration (C.04.7) with the Double-Swiss System (C.04.5): a round is a match and
//! the virtual points are a game won's (docs/systems/double-swiss.md, "Acceleration"), written
//! in both columns of the match. `generate` writes them (`XXA`), `check` re-pairs the file
//! without a discrepancy from those lines or from the `192 …_BAKU` code alone, `pair` pairs
//! match 1 inside group A, and `simulate` keeps every invariant with them, reporting each
//! match's points.

use std::path::Path;
use std::process::Command;
use swisslab_engine::{trf, Score, System};
use swisslab_simulator::config::{Acceleration, Config};
use swisslab_simulator::sim::{self, RunOptions, Simulation};

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn run(c: &mut Command) -> (bool, String) {
    let o = c.output().unwrap();
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), all)
}

fn check(file: &Path, extra: &[&str]) -> String {
    let (_, out) = run(swisslab().arg("check").arg(file).args(extra));
    out
}

/// 5 matches: 3 accelerated, a game won's point in matches 1-2, ½ in match 3; by column.
const FIVE_MATCHES: [Score; 10] = [
    Score(10),
    Score(10),
    Score(10),
    Score(10),
    Score(5),
    Score(5),
    Score::ZERO,
    Score::ZERO,
    Score::ZERO,
    Score::ZERO,
];

#[test]
fn a_generated_accelerated_event_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ds-baku.trf");
    let (ok, out) = run(swisslab()
        .args([
            "generate",
            "--system",
            "double-swiss",
            "--acceleration",
            "baku",
        ])
        .args(["--players", "40", "--rounds", "5", "--seed", "5", "-o"])
        .arg(&file));
    assert!(ok, "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("192 FIDE_DOUBLESWISS_BAKU") && text.contains("XXR 10"),
        "{text}"
    );
    let t = trf::read_str(&text).unwrap();
    // Group A: 2 x ceil(40/4) = 20 players (those entered before round 1 among the 40 of the
    // plan; player 1 always is), each with a match's points in both its columns.
    let ones: Vec<Score> = (1..=10).map(|c| t.acceleration_for(1, c)).collect();
    assert_eq!(ones, FIVE_MATCHES);
    let last = t.players.iter().map(|p| p.id).max().unwrap();
    assert_eq!(t.acceleration_for(last, 1), Score::ZERO);
    // The file's XXA lines, then the 192 code alone (the points recomputed by match), re-pair
    // every match as generated.
    let out = check(&file, &[]);
    assert!(out.contains("discrepancies: 0"), "{out}");
    let bare: String = text
        .lines()
        .filter(|l| !l.starts_with("XXA"))
        .map(|l| format!("{l}\n"))
        .collect();
    let bare_file = dir.path().join("ds-baku-code.trf");
    std::fs::write(&bare_file, bare).unwrap();
    let out = check(&bare_file, &[]);
    assert!(out.contains("discrepancies: 0"), "{out}");
    // Without the virtual points the matches are paired otherwise: they matter.
    let out = check(&file, &["--acceleration", "none"]);
    assert!(!out.contains("discrepancies: 0"), "{out}");
}

#[test]
fn match_one_pairs_group_a_among_itself() {
    // 16 players, 5 matches: group A (1-8) has a game won's point, so the top bracket of
    // match 1 is 1-8 (1-5, 2-6, 3-7, 4-8 by the 3.6 identifier), 9-16 the next.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("012 Baku Double-Swiss\n192 FIDE_DOUBLESWISS_BAKU\nXXR 10\n");
    for i in 1..=16u32 {
        text.push_str(&format!(
            "001 {i:>4}      Player {i:04}                       {:>4}                             0.0\n",
            2600 - i * 10
        ));
    }
    let file = dir.path().join("b16.trf");
    std::fs::write(&file, text).unwrap();
    let pairs = |extra: &[&str]| -> Vec<(u32, u32)> {
        let (ok, out) = run(swisslab().arg("pair").arg(&file).args(extra));
        assert!(ok, "{out}");
        out.lines()
            .filter_map(|l| {
                let mut it = l.split_whitespace().map(|w| w.parse::<u32>());
                match (it.next(), it.next(), it.next()) {
                    (Some(Ok(a)), Some(Ok(b)), None) => Some((a.min(b), a.max(b))),
                    _ => None,
                }
            })
            .collect()
    };
    let mut accelerated = pairs(&[]);
    accelerated.sort_unstable();
    assert_eq!(
        accelerated,
        [
            (1, 5),
            (2, 6),
            (3, 7),
            (4, 8),
            (9, 13),
            (10, 14),
            (11, 15),
            (12, 16)
        ]
    );
    let mut plain = pairs(&["--acceleration", "none"]);
    plain.sort_unstable();
    assert_eq!(plain[0], (1, 9));
}

#[test]
fn simulate_keeps_the_invariants_and_reports_each_match_s_points() {
    let mut cfg = Config {
        players: 30,
        players_max: Some(36),
        rounds: 5,
        acceleration: Acceleration::Baku,
        ..Config::default()
    };
    cfg.events.late_entry_rate = 0.05;
    cfg.events.withdrawal_rate = 0.05;
    cfg.events.bye_rate = 0.04;
    cfg.results.forfeit_rate = 0.04;
    let sim = Simulation::new(cfg)
        .unwrap()
        .with_system(System::DoubleSwiss);
    for index in 0..30 {
        let r = sim::run_tournament(&sim, 13, index, RunOptions::default());
        assert!(r.failure.is_none(), "tournament {index}: {:?}", r.failure);
        let t = &r.tournament;
        let ones: Vec<Score> = (1..=10).map(|c| t.acceleration_for(1, c)).collect();
        assert_eq!(ones, FIVE_MATCHES, "tournament {index}");
        // rounds.csv: a match's row (game 1's column) carries that match's points.
        let by_match: Vec<String> = r
            .rounds
            .iter()
            .filter(|row| row.round % 2 == 1)
            .map(|row| row.virtual_points.clone())
            .collect();
        assert_eq!(
            by_match,
            ["1.0", "1.0", "0.5", "0.0", "0.0"],
            "tournament {index}"
        );
        let report = swisslab_engine::checker::check(t, System::DoubleSwiss);
        assert!(
            report.discrepancies.is_empty(),
            "{:?}",
            report.discrepancies
        );
    }
}
