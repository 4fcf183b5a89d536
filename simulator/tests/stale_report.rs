//! `simulate` into a folder that holds an older run and its report: the report outputs of the
//! older run (report.html, tables/, compare/) go, files the report did not write stay.

use std::path::Path;
use std::process::Command;

fn swisslab(args: &[&str], out: &Path) {
    let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .args(args)
        .arg(out)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

const RUN: [&str; 9] = [
    "simulate",
    "--players",
    "12",
    "--rounds",
    "4",
    "--tournaments",
    "3",
    "--no-progress",
    "--out",
];

#[test]
fn a_new_run_leaves_no_report_of_the_old_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    swisslab(&RUN, &out);
    swisslab(&["report"], &out);
    let compare = out.join("compare");
    let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .args(["report", "--compare"])
        .args([&out, &out])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.join("report.html").is_file() && out.join("tables/metrics.csv").is_file());
    assert!(compare.join("compare.html").is_file());
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    std::fs::create_dir(out.join("plots")).unwrap();

    // Another seed into the same folder: no report until one is asked for.
    let mut again: Vec<&str> = RUN[..RUN.len() - 1].to_vec();
    again.extend(["--seed", "2", "--out"]);
    swisslab(&again, &out);
    assert!(!out.join("report.html").exists(), "stale report.html left");
    assert!(!out.join("tables").exists(), "stale tables left");
    assert!(!compare.exists(), "stale comparison left");
    assert!(out.join("notes.txt").is_file() && out.join("plots").is_dir());

    // With --report, the new run's report.
    let mut with: Vec<&str> = RUN[..RUN.len() - 1].to_vec();
    with.extend(["--seed", "3", "--report", "--out"]);
    swisslab(&with, &out);
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        html.contains("Run: seed 3,"),
        "not the report of the new run"
    );
}
