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
    event_with(dir, players, rounds, until, &[])
}

/// [`event`] with more `generate` options (`--system`, ...).
fn event_with(dir: &Path, players: u32, rounds: u32, until: u32, extra: &[&str]) -> PathBuf {
    let out = dir.join(format!("e{players}-{rounds}-{until}{}.trf", extra.join("")));
    let st = swisslab()
        .args(["generate", "--seed", "3", "--players"])
        .arg(players.to_string())
        .arg("--rounds")
        .arg(rounds.to_string())
        .arg("--until-round")
        .arg(until.to_string())
        .args(extra)
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

/// Double-Swiss (C.04.5) goes through the round loop `simulate` uses: a match is two round
/// columns, game 2 the pairs of game 1 with the colours reversed. A file cut after game 1 of a
/// match is continued with that match's game 2.
#[test]
fn a_double_swiss_event_is_forecast() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_with(dir.path(), 21, 5, 2, &["--system", "double-swiss"]);
    let out = dir.path().join("whole");
    let o = forecast(&file, &out, &["--runs", "20"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let rounds = std::fs::read_to_string(out.join("rounds.csv")).unwrap();
    // Columns 5 to 10 (matches 3 to 5), every run reaching the last.
    assert!(rounds.contains("\n5,reached,20,20,"), "{rounds}");
    assert!(rounds.contains("\n10,reached,20,20,"), "{rounds}");

    // Cut after game 1 of match 2 (column 3): game 2 repeats its pairs, colours reversed.
    let t = swisslab_engine::trf::read_file(&file).unwrap();
    let mut cut = t.truncated(3);
    for p in &mut cut.players {
        p.points = Some(p.rounds.iter().map(|e| cut.points.points(e)).sum());
    }
    let half = dir.path().join("half.trf");
    std::fs::write(&half, swisslab_engine::trf::write(&cut)).unwrap();
    let out = dir.path().join("half");
    let o = forecast(&half, &out, &["--runs", "5"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let boards = std::fs::read_to_string(out.join("top-boards.csv")).unwrap();
    let game_one = swisslab_engine::pairing::Pairing::from_round(&cut, 3);
    // Column 4 is not paired again (no top boards of its own), column 5 is.
    assert!(!boards.lines().any(|l| l.starts_with("4,")), "{boards}");
    assert!(boards.lines().any(|l| l.starts_with("5,")), "{boards}");
    assert!(!game_one.games.is_empty());
}

/// The 14 finished real events of ../shared/real-trf with at least 7 rounds (one file per
/// event; the Armstrong Cup, a team league, left out), cut after their middle round.
const BACKTEST_EVENTS: &[&str] = &[
    "CompetiChess/test/backend/testLargeFile.trf",
    "sharly-chess/tests/trf/2020_06.trf",
    "sharly-chess/tests/trf/2021_03.trf",
    "openswisspairings_lib/lichess_swiss_2024.10.13_hId1KZmF_rapid.trf",
    "swisspairing/benchmarks/fixtures/lichess/lichess_swiss_2026.02.14_cY3wR140_weekly-agca-prize-50-dollars.trf",
    "swisspairing/benchmarks/fixtures/lichess/lichess_swiss_2026.02.28_KQYWuizM_weekly-agca-prize-50-dollars.trf",
    "swisspairing/benchmarks/fixtures/lichess/lichess_swiss_2026.03.03_7TYuxURK_bullet-increment.trf",
    "swisspairing/benchmarks/fixtures/chess_results/aeroflot_open_2026/aeroflot_open_2026_r09.trf",
    "swisspairing/benchmarks/fixtures/chess_results/budapest_spring_festival_2026_group_a_2200/budapest_spring_festival_2026_group_a_2200_r09.trf",
    "swisspairing/benchmarks/fixtures/chess_results/budapest_spring_festival_2026_group_b_2250/budapest_spring_festival_2026_group_b_2250_r09.trf",
    "swisspairing/benchmarks/fixtures/chess_results/international_chessopen_graz_2026_a/international_chessopen_graz_2026_a_r09.trf",
    "swisspairing/benchmarks/fixtures/chess_results/prague_international_chess_festival_2026_d/prague_international_chess_festival_2026_d_r09.trf",
    "swisspairing/benchmarks/fixtures/chess_results/spring_2026_chesshouse/spring_2026_chesshouse_r09.trf",
    "sharly-chess/tests/trf/example_trf16.trf",
];

/// The backtest of the 14 events, each with a profile fitted leaving it out, as a ratchet:
/// the pooled skill against the leaders and the points intervals may not get worse (40 runs
/// an event; docs/guide/forecast.md has the 1000-run figures).
#[test]
fn backtest_of_the_real_events_holds_its_skill() {
    let test = "backtest_of_the_real_events_holds_its_skill";
    let Some(real) = support::skip::shared_path(test, "real-trf") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bt");
    let o = swisslab()
        .arg("forecast")
        .arg("--backtest")
        .args(BACKTEST_EVENTS.iter().map(|f| real.join(f)))
        .arg("--fit-set")
        .arg(&real)
        .args(["--runs", "40", "--no-progress", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let csv = std::fs::read_to_string(out.join("backtest-events.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let pooled = csv.lines().find(|l| l.starts_with("pooled: all")).unwrap();
    let cols: Vec<&str> = pooled.split(',').collect();
    let get = |name: &str| -> f64 {
        let i = header.iter().position(|h| *h == name).unwrap();
        cols[i].parse().unwrap()
    };
    assert_eq!(csv.lines().count(), 1 + 14 + 3, "{csv}");
    // 40 runs an event: first +0.21, top 3 +0.15, top 10 +0.29.
    assert!(get("skill_leaders_first") >= 0.15, "{pooled}");
    assert!(get("skill_leaders_top3") >= 0.12, "{pooled}");
    assert!(get("skill_leaders_top10") >= 0.25, "{pooled}");
    let pit = get("pit_coverage");
    assert!((0.74..=0.86).contains(&pit), "{pooled}");
    // The page's range of points is the central range holding the share of runs nearest to
    // 80% (the points move in half-point steps): the share of players it covers is within
    // 75-85%, over the board and online alike; its own chance is at least 75% (more where a
    // player's points are all but certain: online, the players who play no more); the 10%-90%
    // quantiles with both ends in cover more.
    for kind in ["all", "otb", "online"] {
        let line = csv
            .lines()
            .find(|l| l.starts_with(&format!("pooled: {kind},")))
            .unwrap();
        let cols: Vec<&str> = line.split(',').collect();
        let get = |name: &str| -> f64 {
            let i = header.iter().position(|h| *h == name).unwrap();
            cols[i].parse().unwrap()
        };
        let covered = get("interval_coverage");
        assert!((0.75..=0.85).contains(&covered), "{kind}: {line}");
        assert!(get("interval_expected") >= 0.75, "{kind}: {line}");
        assert!(
            get("quantile_coverage") > get("interval_coverage"),
            "{line}"
        );
    }
    for k in ["first", "top3", "top10"] {
        let e = get(&format!("expected_skill_leaders_{k}"));
        assert!(e > 0.0 && e < 1.0, "{pooled}");
    }
    // The lichess exports' rank column holds pairing numbers: the final standings are
    // computed, and the skill against the leaders stays finite (the leaders' Brier score of
    // an event where they all finish first is 0).
    assert!(
        !csv.contains("e+") && !csv.contains("-inf") && !csv.contains("NaN"),
        "{csv}"
    );
    assert!(out.join("backtest.html").exists());
}

/// A file too short to fit and a profile with an unknown key are refused with their line,
/// and nothing is written.
#[test]
fn bad_fit_and_profile_inputs_are_refused_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let short = event(dir.path(), 10, 5, 1);
    let out = dir.path().join("p.toml");
    let o = swisslab()
        .arg("fit")
        .arg(&short)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("{}:", short.display())) && err.contains("1 rounds played"),
        "{err}"
    );
    assert!(!out.exists());
    let profile = dir.path().join("bad.toml");
    std::fs::write(&profile, "[events.fitted]\nleave = -4\nleav = 1\n").unwrap();
    let file = event(dir.path(), 12, 6, 3);
    let fo = dir.path().join("fo");
    let o = forecast(&file, &fo, &["--profile", profile.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("bad.toml:3:1: unknown field `leav`"), "{err}");
    assert!(!fo.exists());
    // A cut out of range.
    let o = forecast(&file, &fo, &["--after-round", "3"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("--after-round 3 is out of range"), "{err}");
    assert!(!fo.exists());
}
