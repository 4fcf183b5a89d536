//! `swisslab trf --repair` end to end: an old export whose points column counts blank rounds
//! as half-point byes is refused with a message naming the repair; with `--repair` each change
//! is named on stderr and the repaired file is written, the original untouched.
//!
//! On `testdata/repair/blank-half-byes.trf` (made for this test, in the form of the Irish
//! Krause exports) and on one of those exports in `../shared/real-trf` (skipped with a notice
//! when it is absent).

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn trf(args: &[&str], file: &Path) -> Output {
    swisslab().arg("trf").args(args).arg(file).output().unwrap()
}

#[test]
fn blank_rounds_counted_as_byes_are_refused_then_repaired() {
    let src = root().join("testdata/repair/blank-half-byes.trf");
    let o = trf(&["--no-standings"], &src);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("probably meant as `0000 - H`") && err.contains("trf --repair"),
        "{err}"
    );

    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let before = std::fs::read(&src).unwrap();
    let o = trf(&["--no-standings", "--repair", "--out-dir", out_dir], &src);
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(0), "{err}");
    // Players 3 and 4 count a blank round as half a point; player 6 counts none of his.
    assert!(
        err.contains(
            "player 3, round 1: `     -  ` -> `0000 - H` (points written 1.5, results 1.0)"
        ),
        "{err}"
    );
    assert!(err.contains("player 4, round 3:"), "{err}");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("repaired:")).count(),
        2,
        "{err}"
    );
    assert!(out.contains("repaired:     2 round field(s)"), "{out}");
    assert_eq!(
        std::fs::read(&src).unwrap(),
        before,
        "the original is never changed"
    );

    let repaired = dir.path().join("blank-half-byes.repaired.trf");
    let text = std::fs::read_to_string(&repaired).unwrap();
    let original = String::from_utf8(before).unwrap();
    assert_eq!(
        text.replacen("0000 - H", "     -  ", 2),
        original,
        "only the two round fields differ"
    );
    // The repaired file reads as it is, and needs no further repair.
    let o = trf(&["--no-standings"], &repaired);
    assert_eq!(o.status.code(), Some(0));
    let o = trf(&["--no-standings", "--repair"], &repaired);
    assert!(String::from_utf8_lossy(&o.stdout).contains("nothing to repair"));
    // The normalised file of --out-dir is the repaired tournament.
    let o = trf(&["--no-standings"], &dir.path().join("blank-half-byes.trf"));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_real_irish_export_is_repaired() {
    let Some(src) = support::skip::shared_path(
        "a_real_irish_export_is_repaired",
        "real-trf/icu_tournament/spec/samples/krause/bunratty_major_2011.tab",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let o = swisslab()
        .args(["trf", "--no-standings", "--repair", "--out-dir"])
        .arg(dir.path())
        .arg(&src)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("repaired:")).count(),
        11,
        "{err}"
    );
    assert!(
        err.contains("player 1, round 2: `     -  ` -> `0000 - H`"),
        "{err}"
    );
    let o = trf(
        &["--no-standings"],
        &dir.path().join("bunratty_major_2011.repaired.tab"),
    );
    assert_eq!(o.status.code(), Some(0));
}
