//! The `generate`, `simulate`, `check`, `pair` and `trf` commands end to end: exit codes and
//! files.

use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

/// `swisslab generate ARGS -o OUT`, which must succeed.
fn generate(out: &std::path::Path, args: &str) {
    let st = swisslab()
        .arg("generate")
        .args(args.split_whitespace())
        .arg("-o")
        .arg(out)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0), "generate {args}");
}

#[test]
fn generate_then_check() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.trf");
    generate(&out, "--seed 9 --index 4 --players 24 --rounds 6");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("XXR 6") && text.contains("XXC "), "{text}");
    let o = swisslab().arg("check").arg(&out).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("discrepancies: 0"));
}

/// `check` on a folder visits each file once: a link back to the folder (`self -> .`), a link
/// to the file and a second path to the folder add nothing; a dangling link is ignored.
#[cfg(unix)]
#[test]
fn check_visits_each_file_once_through_symlink_loops() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("d");
    std::fs::create_dir(&sub).unwrap();
    generate(&sub.join("t.trf"), "--seed 3 --players 8 --rounds 3");
    let link = std::os::unix::fs::symlink;
    link(".", sub.join("self")).unwrap();
    link("..", sub.join("up")).unwrap();
    link("t.trf", sub.join("again.trf")).unwrap();
    link("missing", sub.join("dangling")).unwrap();
    let o = swisslab()
        .arg("check")
        .arg(dir.path())
        .arg(&sub)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("tournaments: 1,"), "{stdout}");
}

#[test]
fn simulate_accepts_generator_files_and_rejects_bad_configs() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("bench.cfg");
    std::fs::write(
        &cfg,
        "PlayersNumber=30\nRoundsNumber=5\nDrawPercentage=30\nForfeitRate=30\nRetiredRate=50\n\
         HalfPointByeRate=20\nHighestRating=2800\nLowestRating=1200\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = swisslab()
        .args([
            "simulate",
            "--tournaments",
            "5",
            "--threads",
            "2",
            "--config",
        ])
        .arg(&cfg)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("completed 5"), "{stdout}");
    for f in [
        "run.csv",
        "summary.csv",
        "tournaments.csv",
        "players.csv",
        "rounds.csv",
        "groups.csv",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "players = 1\n").unwrap();
    // Captured, so that a passing test run prints no `error:` line.
    let o = swisslab()
        .args(["simulate", "--tournaments", "1", "--config"])
        .arg(&bad)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("players must be 2..=9999"));
    let o = swisslab()
        .args(["simulate", "--config", "/nonexistent/x.toml"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
}

#[test]
fn trf_rejects_what_is_not_a_tournament_and_writes_trf26() {
    let dir = tempfile::tempdir().unwrap();
    let malformed = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/malformed/");
    for (file, message) in [
        (
            "binary-garbage.bin",
            "binary-garbage.bin:1:8: text: expected printable text",
        ),
        ("empty.trf", "empty.trf: file: expected a tournament report"),
        ("players.csv", "expected at least one player line"),
    ] {
        let o = swisslab()
            .arg("trf")
            .arg(format!("{malformed}{file}"))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(3), "{file}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(message), "{file}: {err}");
    }
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/sample.trf");
    let o = swisslab()
        .args(["trf", "--no-standings", "--format", "trf26", "--out-dir"])
        .arg(dir.path())
        .arg(sample)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(dir.path().join("sample.trf")).unwrap();
    assert!(text.contains("\n142 5\n"), "{text}");
    let again = swisslab_engine::trf::read_str(&text).unwrap();
    assert_eq!(again, swisslab_engine::trf::read_file(sample).unwrap());
}

/// `check` names, for each discrepancy, the first criterion on which the file and swisslab
/// differ: a tournament paired under the 2017 rules, checked under the 2026 ones.
#[test]
fn check_names_the_first_criterion_that_differs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.trf");
    generate(
        &out,
        "--system dutch-2017 --seed 3 --index 1 --players 21 --rounds 8",
    );
    let o = swisslab()
        .args(["check", "--system", "dutch-2026"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    let rounds = text.matches(": round ").count();
    assert!(rounds > 0, "{text}");
    assert_eq!(
        text.matches("  first difference: ").count(),
        rounds,
        "{text}"
    );
}

/// Two systems on the same seed, then `report --headline`: one Markdown table with both
/// columns, the paired difference, and the ARO spread the simulator now writes.
#[test]
fn report_headline_of_two_systems() {
    let dir = tempfile::tempdir().unwrap();
    for system in ["dutch-2017", "dutch-2026"] {
        let o = swisslab()
            .args([
                "simulate",
                "--system",
                system,
                "--tournaments",
                "3",
                "--players",
                "20",
                "--rounds",
                "5",
                "--seed",
                "4",
                "--no-progress",
                "--out",
            ])
            .arg(dir.path().join(system))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
    }
    let o = swisslab()
        .args(["report", "--headline"])
        .arg(dir.path().join("dutch-2017"))
        .arg(dir.path().join("dutch-2026"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(
        md.contains("| Figure | dutch-2017 | dutch-2026 | dutch-2026 − dutch-2017 |"),
        "{md}"
    );
    assert!(md.contains("paired (same seed and configuration)"), "{md}");
    let aro = md
        .lines()
        .find(|l| l.starts_with("| ARO standard deviation within final score groups"))
        .unwrap_or_else(|| panic!("{md}"));
    // A value with its interval in both columns (not "—": the columns were written).
    assert_eq!(aro.matches(" [").count(), 3, "{aro}");
}

/// `pair --round N` re-pairs round N of a file from the rounds before it: on a file the engine
/// paired itself it gives back every round, games, colours and bye, and the round after the last
/// is the default's; a round out of range, or game 2 of a Double-Swiss match, is refused.
#[test]
fn pair_round_replays_every_round_of_a_file() {
    use swisslab_engine::pairing::Pairing;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.trf");
    generate(&file, "--seed 11 --players 21 --rounds 7");
    let t = swisslab_engine::trf::read_file(&file).unwrap();
    let pair = |file: &std::path::Path, extra: &[&str]| {
        swisslab()
            .arg("pair")
            .arg(file)
            .args(extra)
            .output()
            .unwrap()
    };
    let paired = |extra: &[&str]| {
        let o = pair(&file, extra);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{err}");
        String::from_utf8(o.stdout).unwrap()
    };
    for round in 1..=7 {
        let text = paired(&["--round", &round.to_string()]);
        let mut produced = Pairing::default();
        for line in text.lines().skip(1) {
            let (w, b) = line.split_once(' ').unwrap();
            let (w, b) = (w.parse().unwrap(), b.parse().unwrap());
            if b == 0 {
                produced.bye = Some(w);
            } else {
                produced.games.push((w, b));
            }
        }
        let expected = Pairing::from_round(&t, round);
        assert_eq!(produced.game_set(), expected.game_set(), "round {round}");
        assert_eq!(produced.bye, expected.bye, "round {round}");
        let paired_count = 2 * produced.games.len() + usize::from(produced.bye.is_some());
        assert_eq!(
            produced.bye.is_some(),
            paired_count % 2 == 1,
            "a bye exactly when an odd number is paired, round {round}"
        );
    }
    assert_eq!(paired(&["--round", "8"]), paired(&[]));
    for bad in ["0", "9"] {
        let o = pair(&file, &["--round", bad]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{err}");
        assert!(
            err.contains("expected a round from 1 to 8 (the file has 7 rounds paired)"),
            "{err}"
        );
    }
    let ds = dir.path().join("d.trf");
    generate(
        &ds,
        "--seed 11 --players 12 --rounds 4 --system double-swiss",
    );
    let o = pair(&ds, &["--round", "4"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("(pass --round 3)"), "{err}");
    assert_eq!(pair(&ds, &["--round", "3"]).status.code(), Some(0));
}
