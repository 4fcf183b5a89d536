//! What the commands make of a file's dates (`042`/`052`, docs/formats.md#dates): `check` and
//! `pair` warn when the event started before the system they pair with came into force, unless
//! `--system` chose it; a start date that cannot be read is a warning naming its line, and
//! `standings` says which edition it then applies.

use std::path::Path;
use std::process::{Command, Output};

fn swisslab(args: &[&str], file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .args(args)
        .arg(file)
        .output()
        .unwrap()
}

/// A generated 8-player tournament of 3 rounds (4 declared, so that `pair` has a round to
/// pair) whose start date is `date`.
fn dated(dir: &Path, date: &str) -> std::path::PathBuf {
    let name: String = date.chars().filter(char::is_ascii_alphanumeric).collect();
    let path = dir.join(format!("t-{name}.trf"));
    let st = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .args(["generate", "--seed", "3", "--players", "8", "--rounds", "4"])
        .args(["--until-round", "3", "-o"])
        .arg(&path)
        .status()
        .unwrap();
    assert!(st.success());
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let date_line = format!("042 {date}");
    lines.insert(1, &date_line);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn check_and_pair_warn_of_an_event_older_than_its_system() {
    let dir = tempfile::tempdir().unwrap();
    let old = dated(dir.path(), "24/09/2010");
    let warning = "the event started on 2010/09/24 (042), before dutch-2026 came into force \
                   (2026/02/01); dutch-2017 (from 1 July 2017) and dutch-2012 pair by the rules \
                   before it: pass --system to choose";
    for cmd in ["check", "pair"] {
        let o = swisslab(&[cmd], &old);
        assert!(o.status.success(), "{cmd}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains(&format!("warning: {}: {warning}", old.display())),
            "{cmd}: {err}"
        );
        // Chosen on the command line: no warning.
        let o = swisslab(&[cmd, "--system", "dutch-2026"], &old);
        assert!(
            o.status.success() && !stderr(&o).contains("warning"),
            "{cmd}"
        );
    }
    // The system in force at the start date: no warning.
    let recent = dated(dir.path(), "2026-03-14");
    for cmd in ["check", "pair"] {
        let o = swisslab(&[cmd], &recent);
        assert!(
            o.status.success() && !stderr(&o).contains("warning"),
            "{cmd}"
        );
    }
}

#[test]
fn an_unreadable_start_date_is_a_warning_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dated(dir.path(), "someday");
    let line = format!(
        "warning: {}:2:5: 042 start date: expected one date, such as 2026/03/01, 2026-03-01, \
         01.03.2026, 01/03/2026 or Mar 1, 2026, found 'someday'",
        bad.display()
    );
    for cmd in ["trf", "check", "pair", "standings"] {
        let o = swisslab(&[cmd], &bad);
        assert!(o.status.success(), "{cmd}: {}", stderr(&o));
        assert!(stderr(&o).contains(&line), "{cmd}: {}", stderr(&o));
    }
    let o = swisslab(&["standings"], &bad);
    assert!(
        stderr(&o).contains(
            "the start date (042) does not read as one date: the tie-breaks follow the edition \
             in force today (2026); --edition chooses"
        ),
        "{}",
        stderr(&o)
    );
    // A date read two ways on both sides of a change of the rules is a warning too.
    let open = dated(dir.path(), "02/03/2026");
    let o = swisslab(&["standings"], &open);
    assert!(
        stderr(&o).contains("found '02/03/2026', which reads as 2026/03/02 or 2026/02/03"),
        "{}",
        stderr(&o)
    );
}
