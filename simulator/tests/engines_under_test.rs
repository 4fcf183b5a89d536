//! External engines under test (`--engine cmd:…`): a deliberately faulty engine
//! (`tests/engines/faulty_engine.py`, which pairs like swisslab except in a chosen round) is
//! caught each time it crashes, hangs, prints garbage, exits with an error or breaks a rule; the
//! run goes on, and the failure files replay the question. A second engine, py4swiss (PyPI,
//! installed by `.ci/run`), pairs seeded tournaments with swisslab compared on every round; the
//! rounds where they differ are named.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn faulty_engine() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/faulty_engine.py")
}

fn spec(mode: &str, round: usize) -> String {
    format!(
        "cmd:python3 {} {mode} {round} {} {{in}} {{out}}",
        faulty_engine().display(),
        env!("CARGO_BIN_EXE_swisslab")
    )
}

/// A simulate run of 3 small tournaments paired by `engine`. The time limit is generous (a
/// loaded machine must not time a good round out), except for the engine that hangs.
fn simulate(dir: &Path, engine: &str, extra: &[&str]) -> std::process::Output {
    let timeout = if engine.contains(" hang ") {
        "8"
    } else {
        "120"
    };
    swisslab()
        .args([
            "simulate",
            "--tournaments",
            "3",
            "--players",
            "11",
            "--rounds",
            "4",
            "--seed",
            "5",
            "--threads",
            "2",
            "--system",
            "dutch-2017",
            "--no-progress",
            "--engine-timeout",
            timeout,
            "--engine",
            engine,
            "--out",
        ])
        .arg(dir)
        .args(extra)
        .output()
        .expect("swisslab runs")
}

#[test]
fn every_kind_of_engine_failure_is_caught_and_replays() {
    let cases = [
        ("crash", "exited with signal"),
        ("hang", "no answer within"),
        ("garbage", "expected the number of pairs"),
        ("exit", "exited with exit status: 2"),
        ("drop", "invariant broken"),
    ];
    for (mode, message) in cases {
        let dir = tempfile::tempdir().unwrap();
        let out = simulate(dir.path(), &spec(mode, 2), &[]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(4), "{mode}: {stdout}");
        assert!(
            stdout.contains("completed 0") && stdout.contains("failed 3"),
            "{mode}: every tournament fails in round 2, and the run goes on: {stdout}"
        );
        for t in 0..3 {
            let stem = dir.path().join(format!("failures/t{t:06}-r02"));
            let text = std::fs::read_to_string(stem.with_extension("txt")).unwrap();
            assert!(text.contains(message), "{mode}: {text}");
            if mode != "drop" {
                let engine = std::fs::read_to_string(stem.with_extension("engine.txt")).unwrap();
                assert!(engine.starts_with("command: python3 "), "{engine}");
            }
            // The failing question replays: swisslab pairs it, and the faulty engine fails on
            // it again.
            let trf = stem.with_extension("trf");
            let pair = swisslab()
                .args(["pair", "--system", "dutch-2017"])
                .arg(&trf)
                .output()
                .unwrap();
            assert_eq!(pair.status.code(), Some(0), "{mode}: {pair:?}");
            if mode == "hang" {
                continue;
            }
            let again = swisslab()
                .args(["pair", "--system", "dutch-2017", "--engine", &spec(mode, 2)])
                .arg(&trf)
                .output()
                .unwrap();
            let same = match mode {
                "drop" => again.stdout != pair.stdout,
                _ => again.status.code() != Some(0),
            };
            assert!(same, "{mode}: the replay does not fail again: {again:?}");
        }
    }
}

#[test]
fn a_well_behaved_external_engine_agrees_with_swisslab() {
    let dir = tempfile::tempdir().unwrap();
    let out = simulate(
        dir.path(),
        &spec("none", 0),
        &["--compare-engine", "swisslab"],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("0 rounds differ, in 0 of 3"), "{stdout}");
    let csv = std::fs::read_to_string(dir.path().join("disagreements.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1, "only the header: {csv}");
    assert!(dir.path().join("histograms/compare-us.hlog").is_file());
}

#[test]
fn a_disagreeing_engine_is_counted_round_by_round() {
    // The compared engine drops a board in round 3: a disagreement, not a failure.
    let dir = tempfile::tempdir().unwrap();
    let out = simulate(
        dir.path(),
        "swisslab",
        &["--compare-engine", &spec("drop", 3)],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("3 rounds differ, in 3 of 3"), "{stdout}");
    let csv = std::fs::read_to_string(dir.path().join("disagreements.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{csv}");
    assert!(
        rows.iter().all(|r| r.split(',').nth(1) == Some("3")),
        "{csv}"
    );
}

#[test]
fn check_runs_an_external_engine() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("t.trf");
    let st = swisslab()
        .args([
            "generate",
            "--seed",
            "3",
            "--players",
            "12",
            "--rounds",
            "4",
            "--system",
            "dutch-2017",
            "-o",
        ])
        .arg(&trf)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    let check = |engine: &str| {
        swisslab()
            .args(["check", "--system", "dutch-2017", "--engine", engine])
            .arg(&trf)
            .output()
            .unwrap()
    };
    let good = check(&spec("none", 0));
    assert_eq!(good.status.code(), Some(0), "{good:?}");
    assert!(String::from_utf8_lossy(&good.stdout).contains("rounds: 4, discrepancies: 0"));
    let bad = check(&spec("exit", 3));
    assert_eq!(bad.status.code(), Some(1), "{bad:?}");
    let text = String::from_utf8_lossy(&bad.stdout);
    assert!(
        text.contains("round 3:") && text.contains("discrepancies: 1"),
        "{text}"
    );
}

#[test]
fn bad_engine_specifications_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = simulate(dir.path(), "cmd:engine --dutch {in}", &[]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("{out}"), "{err}");
}

/// A simulate run of seeded tournaments (2017 rules) paired by `engine`, every round paired
/// again by swisslab on the same history (`--compare-engine swisslab`).
fn compared_run(
    dir: &Path,
    engine: &str,
    tournaments: &str,
    players: &str,
    rounds: &str,
) -> String {
    let out = swisslab()
        .args([
            "simulate",
            "--tournaments",
            tournaments,
            "--players",
            players,
        ])
        .args(["--rounds", rounds, "--seed", "11", "--system", "dutch-2017"])
        .args([
            "--no-progress",
            "--engine-timeout",
            "300",
            "--engine",
            engine,
        ])
        .args(["--compare-engine", "swisslab", "--out"])
        .arg(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    stdout
}

/// bbpPairings v5.0.1 (2017 rules) against swisslab's 2017 engine, every round compared. Where
/// `../shared/engines` does not hold it (no registry has it), the stand-in
/// `tests/engines/standin_engine.py` (its command line, swisslab's pairing run on the file as
/// written) plays it, with a notice: that tests the protocol, not a second engine. The second
/// engine is py4swiss, below.
#[test]
fn the_reference_engine_agrees_with_swisslab_2017() {
    let bbp = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/engines/bbpPairings-5.0.1/bbpPairings");
    let program = if bbp.is_file() {
        bbp.display().to_string()
    } else {
        let standin = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/standin_engine.py");
        support::skip::notice(
            "the_reference_engine_agrees_with_swisslab_2017",
            &format!(
                "{} not found: {} plays it (the protocol is tested, not a second engine)",
                bbp.display(),
                standin.display()
            ),
        );
        format!(
            "python3 {} {}",
            standin.display(),
            env!("CARGO_BIN_EXE_swisslab")
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let spec = format!("cmd:{program} --dutch {{in}} -p {{out}}");
    let stdout = compared_run(dir.path(), &spec, "10", "45", "9");
    assert!(stdout.contains("0 rounds differ, in 0 of 10"), "{stdout}");
}

/// py4swiss (PyPI, pinned by `.ci/run`; `$SWISSLAB_PY4SWISS`, else on the `PATH`), a second,
/// independent Dutch 2017 engine, as `--engine cmd:…`: it writes JaVaFo's pairs format itself.
fn py4swiss(test: &str) -> Option<String> {
    let found = support::skip::program("SWISSLAB_PY4SWISS", &["py4swiss"]);
    if found.is_none() {
        support::skip::skip(
            test,
            "py4swiss",
            "pip install py4swiss==0.3.1, or set SWISSLAB_PY4SWISS; .ci/run installs it",
        );
    }
    found.map(|p| format!("cmd:{} -t {{in}} -e dutch -p {{out}}", p.display()))
}

/// py4swiss pairs every round of seeded tournaments (2017 rules, 24 players, 7 rounds, the
/// default configuration's late entries, byes and forfeits) and swisslab's 2017 engine pairs
/// each round again on the same history: the rounds where the two differ are exactly those
/// named here (none for these seeds). py4swiss's known defects (its README and
/// `../shared/conformance/*-py4swiss/README.md`: the colour parity of a numbering that still
/// counts absent players; the pairing-allocated bye after forfeits) lie outside this sample;
/// the next test shows the first of them.
#[test]
fn py4swiss_agrees_with_swisslab_2017() {
    let Some(spec) = py4swiss("py4swiss_agrees_with_swisslab_2017") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let stdout = compared_run(dir.path(), &spec, "6", "24", "7");
    assert!(stdout.contains("rounds paired 42"), "{stdout}");
    let csv = std::fs::read_to_string(dir.path().join("disagreements.csv")).unwrap();
    let differing: Vec<&str> = csv.lines().skip(1).collect();
    const KNOWN: &[&str] = &[];
    assert_eq!(differing, KNOWN, "42 rounds compared: {csv}");
}

/// py4swiss's known colour defect, live: in round 1 of a 40-player event whose players 10, 37
/// and 40 are absent (requested byes; 39 has the pairing-allocated bye), it allocates the colours
/// by a numbering that still counts the absent (its README), so the boards below player 10 get
/// the opposite colours; swisslab, and bbpPairings, number the players present. Every pair is
/// the same.
#[test]
fn py4swiss_differs_where_its_known_colour_defect_lies() {
    let Some(spec) = py4swiss("py4swiss_differs_where_its_known_colour_defect_lies") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("t.trf");
    // Requested byes drawn at a fixed rate, so that the seed gives absences in round 1.
    let config = dir.path().join("c.toml");
    std::fs::write(&config, "[events]\nmodel = \"rates\"\nbye_rate = 0.03\n").unwrap();
    let st = swisslab()
        .args(["generate", "--config"])
        .arg(&config)
        .args(["--seed", "11", "--index", "1", "--players", "40"])
        .args([
            "--rounds",
            "9",
            "--until-round",
            "1",
            "--system",
            "dutch-2017",
            "-o",
        ])
        .arg(&trf)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    let out = swisslab()
        .args(["check", "--system", "dutch-2017", "--engine-timeout", "300"])
        .args(["--engine", &spec])
        .arg(&trf)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("round 1:")
            && stdout
                .contains("expected only: 11-29 13-31 15-33 17-35 19-38 30-12 32-14 34-16 36-18")
            && stdout
                .contains("produced only: 12-30 14-32 16-34 18-36 29-11 31-13 33-15 35-17 38-19")
            && stdout.contains("tournaments: 1, rounds: 1, discrepancies: 1"),
        "{stdout}"
    );
}
