//! `--system lim` end to end: `pair` (with `--explain`, the procedure's account article by
//! article), `generate` and `check` (a tournament the engine paired re-pairs the same, and a
//! round paired otherwise is named by the article where it departs), `simulate`, `bench` and
//! `standings`; a `092` line naming the system is read as `--system lim`.

use std::path::Path;
use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn run(cmd: &mut Command) -> (Option<i32>, String, String) {
    let o = cmd.output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn generate(dir: &Path, name: &str, players: u32, rounds: u32, seed: u32) -> std::path::PathBuf {
    let file = dir.join(name);
    let (code, _, err) = run(swisslab()
        .args(["generate", "--system", "lim", "--seed"])
        .arg(seed.to_string())
        .arg("--players")
        .arg(players.to_string())
        .arg("--rounds")
        .arg(rounds.to_string())
        .arg("-o")
        .arg(&file));
    assert_eq!(code, Some(0), "{err}");
    file
}

#[test]
fn pair_explains_the_procedure() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.trf");
    let (code, _, err) = run(swisslab()
        .args([
            "generate",
            "--seed",
            "5",
            "--players",
            "12",
            "--rounds",
            "3",
        ])
        .arg("-o")
        .arg(&file));
    assert_eq!(code, Some(0), "{err}");
    let (code, out, err) = run(swisslab()
        .args(["pair", "--system", "lim", "--explain"])
        .arg(&file));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().next(), Some("6"), "six boards: {out}");
    assert!(
        err.contains("Lim System (C.04.4.3), round 4, 12 players"),
        "{err}"
    );
    assert!(err.contains("Art. 2.2: Median Scoregroup 1.5"), "{err}");
    assert!(err.contains("colours:"), "{err}");
    // The same file naming the system in a 092 line instead of its 192 (ETT26 has no Lim code).
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("192 FIDE_DUTCH_2025\n"), "{text}");
    let named = dir.path().join("named.trf");
    std::fs::write(
        &named,
        text.replace("192 FIDE_DUTCH_2025\n", "092 Individual  Swiss Lim rules\n"),
    )
    .unwrap();
    let (code, by_name, err) = run(swisslab().arg("pair").arg(&named));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(by_name, out);
}

#[test]
fn generate_check_bench_and_standings() {
    let dir = tempfile::tempdir().unwrap();
    let file = generate(dir.path(), "g.trf", 40, 7, 11);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("092 Individual  Swiss Lim rules"), "{text}");
    // The file names the system: check re-pairs it by Lim, round for round.
    let (code, out, err) = run(swisslab().arg("check").arg(&file));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("rounds: 7, discrepancies: 0"), "{out}");
    // A tournament paired by Dutch 2026, checked by Lim: every differing round names the
    // article where it departs from the procedure.
    let dutch = dir.path().join("dutch.trf");
    let (code, _, err) = run(swisslab()
        .args([
            "generate",
            "--seed",
            "11",
            "--players",
            "40",
            "--rounds",
            "7",
        ])
        .arg("-o")
        .arg(&dutch));
    assert_eq!(code, Some(0), "{err}");
    let (code, out, _) = run(swisslab().args(["check", "--system", "lim"]).arg(&dutch));
    assert_eq!(code, Some(1), "{out}");
    let differing = out.matches("first difference: Art. ").count();
    assert!(
        differing > 0 && out.contains(&format!("discrepancies: {differing}")),
        "{out}"
    );
    // bench times the checks of Lim.
    let (code, out, err) = run(swisslab().args(["bench", "--system", "lim"]).arg(&file));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("g.trf") && out.contains("40"), "{out}");
    // standings of a Lim tournament.
    let (code, out, err) = run(swisslab().arg("standings").arg(&file));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().count() > 40, "{out}");
}

#[test]
fn simulate_runs_lim_tournaments() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sim");
    let (code, stdout, err) = run(swisslab()
        .args([
            "simulate",
            "--system",
            "lim",
            "--players",
            "24",
            "--rounds",
            "7",
            "--tournaments",
            "12",
            "--seed",
            "3",
            "--threads",
            "2",
            "--no-progress",
        ])
        .arg("--out")
        .arg(&out));
    assert_eq!(code, Some(0), "{stdout}{err}");
    assert!(stdout.contains("completed 12"), "{stdout}");
    assert!(out.join("rounds.csv").is_file());
}
