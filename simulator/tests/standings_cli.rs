//! `swisslab standings` end to end: formats, the list's sources and the exit codes.

use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn sample() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/sample.trf")
}

#[test]
fn tsv_has_the_calculator_layout() {
    let o = swisslab()
        .arg("standings")
        .arg(sample())
        .args(["--tiebreaks", "BH/C1, SB", "--format", "tsv"])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("Rank\tStartNo\tPTS\tBH/C1\tSB"));
    let first: Vec<&str> = lines.next().unwrap().split('\t').collect();
    assert_eq!(first.len(), 5);
    assert_eq!(first[0], "1");
    assert!(first[4].contains('.') && first[4].split('.').nth(1).unwrap().len() == 2);
}

#[test]
fn unknown_specifier_is_a_usage_error_naming_it() {
    let o = swisslab()
        .arg("standings")
        .arg(sample())
        .args(["-t", "BH,XYZ"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown tie-break 'XYZ'"));
}

#[test]
fn damaged_record_names_file_line_and_specifier() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.trf");
    let text = std::fs::read_to_string(sample()).unwrap();
    let damaged = text.replacen("012 ", "202 BH/C1,SB/Q2\n012 ", 1);
    std::fs::write(&path, damaged).unwrap();
    let o = swisslab().arg("standings").arg(&path).output().unwrap();
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("t.trf:1:") && err.contains("record 202"),
        "{err}"
    );
    assert!(err.contains("'/Q2'"), "{err}");
    // Without a damaged record the file's list is used (PTS first).
    let fixed = text.replacen("012 ", "202 BH/C1,SB\n012 ", 1);
    std::fs::write(&path, fixed).unwrap();
    let o = swisslab().arg("standings").arg(&path).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("tie-breaks: PTS BH/C1 SB (from the file's 202 record"),
        "{out}"
    );
}

#[test]
fn json_and_csv_list_every_player() {
    for (fmt, starts) in [
        ("json", "{\"edition\":\"2026\""),
        ("csv", "rank,start_no,name"),
    ] {
        let o = swisslab()
            .arg("standings")
            .arg(sample())
            .args(["--format", fmt, "--edition", "2026"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&o.stdout).starts_with(starts));
    }
}
