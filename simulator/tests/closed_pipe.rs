//! Every command, its standard output read by a reader that stops early (`swisslab X | head
//! -1`), ends quietly: exit status 141 when it had more to write (0 when it had nothing), no
//! panic message, no backtrace (docs/guide/exit-codes.md).
//!
//! Two readers: one that has closed the pipe before the command writes anything, so that the
//! command's first write meets the closed pipe (deterministic), and a shell pipeline into
//! `head -1`, as a user types it.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn testdata(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata")
        .join(rel)
        .display()
        .to_string()
}

/// Runs `swisslab ARGS` with its standard output a pipe whose reader is already gone; returns
/// the exit status and standard error. The command starts (a shell `exec`s it) only once told
/// on its standard input, after the read end is closed, so that its first write meets the
/// closed pipe whatever the timing.
fn with_closed_stdout(args: &[String]) -> (Option<i32>, String) {
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(r#"read -r _; exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_swisslab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    drop(child.stdout.take());
    let mut go = child.stdin.take().expect("stdin");
    go.write_all(b"go\n").expect("the shell waits for it");
    drop(go);
    let out = child.wait_with_output().expect("swisslab ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts the quiet end: `expected` status, and nothing on standard error that a panic or a
/// failed print leaves.
fn assert_quiet(what: &str, (code, stderr): (Option<i32>, String), expected: i32) {
    assert!(
        !stderr.contains("panicked")
            && !stderr.contains("Broken pipe")
            && !stderr.contains("RUST_BACKTRACE"),
        "{what}: a closed pipe must end the command quietly; stderr:\n{stderr}"
    );
    assert_eq!(
        code,
        Some(expected),
        "{what}: exit status; stderr:\n{stderr}"
    );
}

/// A command line as words (the paths of the tests hold no blank).
fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

/// Runs `swisslab LINE`, which must succeed (standard output discarded).
fn ok(line: &str) {
    let st = swisslab()
        .args(words(line))
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(st.success(), "swisslab {line}");
}

/// The command lines of every subcommand and the status each ends with, with the files they
/// need made in `dir`.
fn every_command(dir: &Path) -> Vec<(Vec<String>, i32)> {
    let d = |p: &str| dir.join(p).display().to_string();
    ok(&format!(
        "generate --seed 3 --players 12 --rounds 4 -o {}",
        d("t.trf")
    ));
    let small = "--tournaments 2 --players 10 --rounds 3 --no-progress --threads 1";
    ok(&format!("simulate {small} --out {}", d("run")));
    ok(&format!("simulate {small} --shard 0/2 --out {}", d("s0")));
    ok(&format!("simulate {small} --shard 1/2 --out {}", d("s1")));
    let sample = testdata("sample.trf");
    let t = d("t.trf");
    [
        ("--help".to_string(), 0),
        (format!("trf {sample}"), 141),
        (format!("standings {sample}"), 141),
        (format!("standings {sample} -f tsv"), 141),
        (format!("pair {sample}"), 141),
        (format!("check {t}"), 141),
        (format!("bench --runs 1 {t}"), 141),
        (format!("report {}", d("run")), 141),
        (format!("report --headline {}", d("run")), 141),
        // generate writes its file and nothing on standard output.
        (
            format!("generate --seed 1 --players 8 --rounds 2 -o {}", d("g.trf")),
            0,
        ),
        (format!("simulate {small} --out {}", d("sim")), 141),
        (
            format!("merge {} {} {}", d("merged"), d("s0"), d("s1")),
            141,
        ),
        (
            format!(
                "forecast {t} --runs 4 --rounds 6 --no-progress --out {}",
                d("fc")
            ),
            141,
        ),
    ]
    .into_iter()
    .map(|(line, code)| (words(&line), code))
    .collect()
}

#[cfg(unix)]
#[test]
fn every_command_ends_quietly_when_its_reader_has_gone() {
    let dir = tempfile::tempdir().unwrap();
    for (args, expected) in every_command(dir.path()) {
        let what = format!("swisslab {}", args.join(" "));
        assert_quiet(&what, with_closed_stdout(&args), expected);
    }
    // The files written before the summary are whole: the run, the merge, the forecast.
    for f in ["sim/summary.csv", "merged/summary.csv", "fc/forecast.html"] {
        assert!(dir.path().join(f).is_file(), "{f} written");
    }
}

/// `swisslab X | head -1` in a shell, on a file whose standings run to more than a pipe holds
/// (500 players): the command's status is 141 or 0 (it may finish before `head` exits), and
/// nothing but the first line reaches the terminal.
#[cfg(unix)]
#[test]
fn a_pipeline_into_head_ends_quietly() {
    let big = testdata("bench/dutch2017-p0500-r11-s500.trf");
    let bin = env!("CARGO_BIN_EXE_swisslab");
    for cmd in ["standings", "trf"] {
        let script = format!("'{bin}' {cmd} '{big}' | head -1; exit ${{PIPESTATUS[0]}}");
        let o = Command::new("bash")
            .arg("-c")
            .arg(&script)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(stdout.lines().count(), 1, "{cmd}: {stdout}");
        assert!(
            matches!(o.status.code(), Some(0 | 141)),
            "{cmd}: status {:?}, stderr:\n{stderr}",
            o.status.code()
        );
        assert!(stderr.is_empty(), "{cmd}: stderr:\n{stderr}");
    }
}
