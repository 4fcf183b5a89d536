//! `swisslab forecast` end to end: reproducible CSV files, the refusals (with the line, and
//! nothing written), an entry list played whole, and real files of other tournament managers
//! read from ../shared/real-trf (skipped with a notice when absent).

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

/// A generated event of `players` players and `rounds` rounds, played up to `until`.
fn event(dir: &Path, players: u32, rounds: u32, until: u32) -> PathBuf {
    let out = dir.join(format!("e{players}-{rounds}-{until}.trf"));
    let st = swisslab()
        .args(["generate", "--seed", "3", "--players"])
        .arg(players.to_string())
        .arg("--rounds")
        .arg(rounds.to_string())
        .arg("--until-round")
        .arg(until.to_string())
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    out
}

fn forecast(file: &Path, out: &Path, extra: &[&str]) -> Output {
    swisslab()
        .arg("forecast")
        .arg(file)
        .arg("--out")
        .arg(out)
        .arg("--no-progress")
        .args(extra)
        .output()
        .unwrap()
}

const REPRODUCIBLE: &[&str] = &[
    "forecast.csv",
    "rounds.csv",
    "players.csv",
    "player-points.csv",
    "top-boards.csv",
];

#[test]
fn same_seed_same_files_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path(), 30, 7, 3);
    let (a, b, c) = (
        dir.path().join("a"),
        dir.path().join("b"),
        dir.path().join("c"),
    );
    let oa = forecast(
        &file,
        &a,
        &["--runs", "40", "--seed", "5", "--threads", "1"],
    );
    assert_eq!(oa.status.code(), Some(0), "{oa:?}");
    let ob = forecast(
        &file,
        &b,
        &["--runs", "40", "--seed", "5", "--threads", "2"],
    );
    assert_eq!(ob.status.code(), Some(0), "{ob:?}");
    for f in REPRODUCIBLE {
        let x = std::fs::read(a.join(f)).unwrap();
        let y = std::fs::read(b.join(f)).unwrap();
        assert!(x == y, "{f} differs between 1 and 2 threads");
    }
    assert!(a.join("forecast.html").exists() && a.join("pairing-time.csv").exists());
    assert!(!a.join(".tmp").exists());
    // Another seed gives other runs.
    let oc = forecast(&file, &c, &["--runs", "40", "--seed", "6"]);
    assert_eq!(oc.status.code(), Some(0));
    assert_ne!(
        std::fs::read(a.join("player-points.csv")).unwrap(),
        std::fs::read(c.join("player-points.csv")).unwrap()
    );
    // The counts add up: 40 runs reach round 4, each player's point shares sum to the runs.
    let rounds = std::fs::read_to_string(a.join("rounds.csv")).unwrap();
    assert!(rounds.contains("\n4,reached,40,40,"), "{rounds}");
    assert!(!rounds.contains(",3,reached,"));
    let points = std::fs::read_to_string(a.join("player-points.csv")).unwrap();
    let total: u64 = points
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("1,"))
        .map(|l| l.split(',').nth(3).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 40);
    let html = std::fs::read_to_string(a.join("forecast.html")).unwrap();
    assert!(html.contains("Can every round be paired?") && html.contains("Who can finish first?"));
}

#[test]
fn an_entry_list_is_played_whole() {
    let dir = tempfile::tempdir().unwrap();
    let played = event(dir.path(), 15, 5, 1);
    // The entry list: the same players with no round.
    let text = std::fs::read_to_string(&played).unwrap();
    let list: String = text
        .lines()
        .map(|l| {
            if l.starts_with("001") {
                format!("{}\n", l[..80.min(l.len())].trim_end())
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let file = dir.path().join("entries.trf");
    std::fs::write(&file, list).unwrap();
    let out = dir.path().join("o");
    let o = forecast(&file, &out, &["--runs", "10"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let rounds = std::fs::read_to_string(out.join("rounds.csv")).unwrap();
    assert!(rounds.contains("\n1,reached,10,10,"), "{rounds}");
    assert!(rounds.contains("\n5,reached,10,"));
    // 15 players: a bye every round of every run.
    assert!(
        rounds.contains("\n1,pairing_allocated_bye,10,10,"),
        "{rounds}"
    );
}

/// Replaces columns `from..=to` (1-based) of line `line` (1-based) of `text`.
fn patch(text: &str, line: usize, from: usize, to: usize, with: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let l = &mut lines[line - 1];
    while l.len() < to {
        l.push(' ');
    }
    l.replace_range(from - 1..to, &format!("{with:<w$}", w = to - from + 1));
    lines.join("\n") + "\n"
}

fn line_of(text: &str, id: u32) -> usize {
    text.lines()
        .position(|l| l.starts_with("001") && l[4..8].trim() == id.to_string())
        .unwrap()
        + 1
}

/// The opponent of player `id` in round `r` (TRF-16 round block at columns 92 + 10(r-1)).
fn opponent(text: &str, id: u32, r: usize) -> u32 {
    let l = text.lines().nth(line_of(text, id) - 1).unwrap();
    let s = 91 + 10 * (r - 1);
    l[s..s + 4].trim().parse().unwrap()
}

fn refused(file: &Path, dir: &Path, needle: &str) {
    let out = dir.join("refused-out");
    let o = forecast(file, &out, &["--runs", "5"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains(needle), "expected {needle:?} in {err}");
    assert!(!out.exists(), "nothing is written for a refused file");
}

#[test]
fn files_that_cannot_be_continued_are_refused_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path(), 12, 6, 3);
    let text = std::fs::read_to_string(&file).unwrap();

    // The last round half-entered: a game of round 3 not written yet (blank, points blank),
    // between two players who both played round 2.
    let played = |p: u32, r: usize| opponent(&text, p, r) != 0;
    let a = (1..=12)
        .find(|&p| played(p, 2) && played(p, 3) && played(opponent(&text, p, 3), 2))
        .unwrap();
    let b = opponent(&text, a, 3);
    let (la, lb) = (line_of(&text, a), line_of(&text, b));
    let mut t = patch(&text, la, 92 + 20, 99 + 20, "");
    t = patch(&t, lb, 92 + 20, 99 + 20, "");
    t = patch(&t, la, 81, 84, "");
    t = patch(&t, lb, 81, 84, "");
    let f = dir.path().join("half.trf");
    std::fs::write(&f, t).unwrap();
    refused(
        &f,
        dir.path(),
        &format!(
            "half.trf:{}: round 3 is half-entered: player {}",
            la.min(lb),
            a.min(b)
        ),
    );

    // Rounds beyond XXR.
    let xxr = text.lines().position(|l| l.starts_with("XXR")).unwrap() + 1;
    let f = dir.path().join("xxr.trf");
    std::fs::write(&f, patch(&text, xxr, 1, 6, "XXR 2")).unwrap();
    refused(&f, dir.path(), "xxr.trf:");

    // A player in two games: player 1's round-1 opponent changed to someone else's.
    let other = (2..=12).find(|&p| p != opponent(&text, 1, 1)).unwrap();
    let f = dir.path().join("twice.trf");
    std::fs::write(&f, patch(&text, la, 92, 95, &format!("{other:>4}"))).unwrap();
    refused(&f, dir.path(), "twice.trf:");

    // Every round played.
    let done = event(dir.path(), 12, 3, 3);
    refused(&done, dir.path(), "all 3 rounds are played");
}

/// Real files of other tournament managers (chess-results / Swiss-Manager, lichess, JaVaFo,
/// bbpPairings inputs), read from ../shared/real-trf, never copied.
#[test]
fn real_files_of_several_managers() {
    let test = "real_files_of_several_managers";
    let Some(real) = support::skip::shared_path(test, "real-trf") else {
        return;
    };
    let files = [
        "swisspairing/benchmarks/fixtures/chess_results/aeroflot_open_2026/aeroflot_open_2026_r05.trf",
        "swisspairing/benchmarks/fixtures/lichess/lichess_swiss_2026.02.14_cY3wR140_weekly-agca-prize-50-dollars.trf",
        "py4swiss/tests/data/javafo_example.trf",
        "Tornello/211fe3c/bbppairings/input_bbp.trf",
        "CompetiChess/test/backend/testTrfFile.txt",
    ];
    let dir = tempfile::tempdir().unwrap();
    for (k, f) in files.iter().enumerate() {
        let path = real.join(f);
        if !path.exists() {
            support::skip::skip(test, &format!("../shared/real-trf/{f}"), "an older shared/");
            continue;
        }
        let out = dir.path().join(k.to_string());
        let o = forecast(&path, &out, &["--runs", "3"]);
        assert_eq!(o.status.code(), Some(0), "{f}: {o:?}");
        assert!(out.join("forecast.html").exists(), "{f}");
    }
}

#[test]
fn acceleration_and_tiebreaks_are_passed_through() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path(), 40, 9, 2);
    let (a, b) = (dir.path().join("baku"), dir.path().join("plain"));
    let oa = forecast(&file, &a, &["--runs", "20", "--acceleration", "baku"]);
    assert_eq!(oa.status.code(), Some(0), "{oa:?}");
    let ob = forecast(&file, &b, &["--runs", "20"]);
    assert_eq!(ob.status.code(), Some(0), "{ob:?}");
    let params = std::fs::read_to_string(a.join("forecast.csv")).unwrap();
    assert!(params.contains(",baku,"), "{params}");
    assert!(params.contains("points, then BH/C1"), "{params}");
    let plain = std::fs::read_to_string(b.join("forecast.csv")).unwrap();
    assert!(plain.contains(",none,"), "{plain}");
    // The virtual points change who meets whom.
    assert_ne!(
        std::fs::read(a.join("top-boards.csv")).unwrap(),
        std::fs::read(b.join("top-boards.csv")).unwrap()
    );
}
