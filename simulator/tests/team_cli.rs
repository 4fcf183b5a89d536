//! Team files through the command line: `pair` (the engine format with team numbers,
//! `--boards`, `--explain`, `--round`), `check` (a file swisslab pairs alike passes, a round
//! with two teams' opponents swapped fails naming the first difference), `bench`, and the
//! refusals: a players' file under `--system swiss-team`, a team file under a players' system,
//! a team Baku code.

use std::path::PathBuf;
use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn run(cmd: &mut Command) -> (Option<i32>, String, String) {
    let o = cmd.output().expect("swisslab runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn team_files(kind: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/team-files")
        .join(kind)
}

/// The first pass file.
fn pass_file() -> PathBuf {
    team_files("pass").join("corpus-event-3.trf")
}

/// `pass_file` cut to its first `rounds` rounds (the round columns after them dropped).
fn cut(dir: &std::path::Path, rounds: usize) -> PathBuf {
    let text = std::fs::read_to_string(pass_file()).expect("the team file");
    let out: String = text
        .lines()
        .map(|l| {
            if l.starts_with("001") {
                l.get(..91 + 10 * rounds)
                    .unwrap_or(l)
                    .trim_end()
                    .to_string()
            } else if let Some(rest) = l.strip_prefix("320") {
                // Keep the PAB teams of the rounds kept (15-17, 19-21, ...).
                let keep = 14 + 4 * rounds;
                format!("320{}", rest.get(..keep - 3).unwrap_or(rest))
                    .trim_end()
                    .to_string()
            } else if l.starts_with("330") {
                let round: usize = l
                    .get(7..10)
                    .and_then(|r| r.trim().parse().ok())
                    .unwrap_or(0);
                if round > rounds {
                    String::new()
                } else {
                    l.to_string()
                }
            } else {
                l.to_string()
            }
        })
        .filter(|l| !l.is_empty())
        .map(|l| l + "\n")
        .collect();
    let path = dir.join("cut.trf");
    std::fs::write(&path, out).expect("written");
    path
}

#[test]
fn check_passes_the_corpus_team_files_and_names_the_first_difference_of_a_swapped_round() {
    let (code, out, err) = run(swisslab().arg("check").arg(team_files("pass")));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("tournaments: 3, rounds: 15, discrepancies: 0"),
        "{out}"
    );
    let (code, out, err) = run(swisslab().arg("check").arg(team_files("fail")));
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        out.contains("corpus-event-3-swapped.trf: round 2 (teams, White first):")
            && out.contains("first difference: Art. ")
            && out.contains("discrepancies: 1"),
        "{out}"
    );
}

#[test]
fn pair_prints_the_next_round_of_a_team_file() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = cut(dir.path(), 3);
    let (code, out, err) = run(swisslab().arg("pair").arg(&file));
    assert_eq!(code, Some(0), "{err}");
    // What `check` re-pairs round 4 from is what the file has: the same pairs.
    let (code, replay, err) = run(swisslab().args(["pair", "--round", "4"]).arg(pass_file()));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, replay);
    let lines: Vec<&str> = out.lines().collect();
    let n: usize = lines[0].parse().expect("a count");
    assert_eq!(n + 1, lines.len());
    // --boards: team names and boards; --explain on standard error.
    let (code, out, err) = run(swisslab()
        .args(["pair", "--boards", "--explain"])
        .arg(&file));
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("round 4: ") && out.contains("board 2: "),
        "{out}"
    );
    assert!(
        err.contains("Swiss Team (C.04.6), round 4 of 5") && err.contains("3.6 "),
        "{err}"
    );
    // -o writes the same as standard output.
    let o = dir.path().join("pairs.txt");
    let (code, _, err) = run(swisslab().arg("pair").arg(&file).arg("-o").arg(&o));
    assert_eq!(code, Some(0), "{err}");
    let (_, again, _) = run(swisslab().arg("pair").arg(&file));
    assert_eq!(std::fs::read_to_string(&o).expect("written"), again);
}

#[test]
fn the_team_and_players_systems_refuse_each_other_s_files() {
    let (code, _, err) = run(swisslab()
        .args(["pair", "--system", "dutch-2026"])
        .arg(pass_file()));
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("pairs players, not teams"), "{err}");
    let (code, _, err) = run(swisslab()
        .args(["check", "--system", "dutch-2026"])
        .arg(pass_file()));
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("pairs players, not teams"), "{err}");
    let dir = tempfile::tempdir().expect("a folder");
    let players = dir.path().join("players.trf");
    std::fs::write(
        &players,
        "012 T\nXXR 3\n001    1      A                                 1000\n001    2      B                                 1000\n",
    )
    .expect("written");
    for cmd in ["pair", "check", "bench"] {
        let (code, _, err) = run(swisslab()
            .args([cmd, "--system", "swiss-team"])
            .arg(&players));
        // `bench` exits 5 whenever a file's measuring child fails; the others 3 (invalid).
        let want = if cmd == "bench" { 5 } else { 3 };
        assert_eq!(code, Some(want), "{cmd}: {err}");
        assert!(err.contains("has no team records"), "{cmd}: {err}");
    }
    // A team Baku code: refused with the reason, even under --system swiss-team.
    let text = std::fs::read_to_string(pass_file()).expect("the team file");
    let baku = dir.path().join("baku.trf");
    std::fs::write(
        &baku,
        text.replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_BAKU"),
    )
    .expect("written");
    let (code, _, err) = run(swisslab()
        .args(["pair", "--system", "swiss-team"])
        .arg(&baku));
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("_BAKU suffix is not read here") && err.contains("A8"),
        "{err}"
    );
}

#[test]
fn bench_measures_team_files() {
    let (code, out, err) = run(swisslab()
        .args(["bench", "--runs", "1"])
        .arg(team_files("pass")));
    assert_eq!(code, Some(0), "{err}");
    let row = out
        .lines()
        .find(|l| l.starts_with("corpus-event-3.trf"))
        .unwrap_or_else(|| panic!("{out}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    // Teams, rounds, ..., no round differing.
    assert_eq!(cols[2], "5", "{row}");
    assert_eq!(cols[7], "0", "{row}");
}
