//! `swisslab report` of a run of team events (`simulate --system swiss-team`): the team report
//! from `teams.csv` and `team_standings.csv`, written by `simulate --report` and by `report
//! DIR` alike, its figures present with their intervals, the same for the same seed; and a
//! folder whose files disagree is refused with the file and line.

use std::path::Path;
use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

fn run(args: &str, out: &Path) -> String {
    let o = swisslab()
        .args(args.split_whitespace())
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args}: {stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    stdout
}

const TEAM_RUN: &str = "simulate --system swiss-team --teams 12 --boards 4 --rounds 7 \
                        --tournaments 8 --seed 3 --no-progress --no-timing --report";

/// The value of figure `key` in a `tables/metrics.csv`.
fn figure(metrics: &str, key: &str) -> f64 {
    let line = metrics
        .lines()
        .find(|l| l.split(',').nth(1) == Some(key))
        .unwrap_or_else(|| panic!("no {key} in {metrics}"));
    let cells: Vec<&str> = line.split(',').collect();
    // The label may hold commas (quoted): the value is the fourth cell from the label's end.
    let value = cells[cells.len() - 8];
    value.parse().unwrap_or_else(|_| panic!("{key}: {line}"))
}

#[test]
fn team_runs_get_the_team_report() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let stdout = run(TEAM_RUN, &a);
    assert!(stdout.contains("report: "), "{stdout}");
    let standings = std::fs::read_to_string(a.join("team_standings.csv")).unwrap();
    assert_eq!(
        standings.lines().count(),
        1 + 8 * 12,
        "one row per team per event"
    );
    let metrics = std::fs::read_to_string(a.join("tables/metrics.csv")).unwrap();
    for key in [
        "team_ranking.spearman",
        "team_ranking.kendall_tau_b",
        "team_ranking.strongest_wins",
        "team_ranking.top3_share",
        "team_colour.board1_within1",
        "team_colour.board1_abs",
        "team_colour.lead_within1",
        "team_colour.lead_abs",
        "team_events.pabs",
        "team_events.rematches",
        "team_events.match_forfeits",
        "team_events.board_forfeits",
        "team_events.failed",
    ] {
        assert!(metrics.contains(&format!(",{key},")), "{key}: {metrics}");
    }
    let rho = figure(&metrics, "team_ranking.spearman");
    assert!(rho > 0.3 && rho <= 1.0, "standing follows strength: {rho}");
    assert_eq!(figure(&metrics, "team_events.rematches"), 0.0, "C1");
    let within = figure(&metrics, "team_colour.board1_within1");
    assert!(within > 0.8 && within <= 1.0, "{within}");
    let html = std::fs::read_to_string(a.join("report.html")).unwrap();
    assert!(html.contains("Board-1 colour balance"), "the page");
    assert!(a.join("tables/team_ranking_per_event.csv").is_file());

    // The same seed gives the same report; `report DIR` writes what `--report` wrote.
    let b = dir.path().join("b");
    run(TEAM_RUN, &b);
    for f in ["teams.csv", "team_standings.csv", "tables/metrics.csv"] {
        assert_eq!(
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
            "{f}"
        );
    }
    std::fs::remove_dir_all(b.join("tables")).unwrap();
    let o = swisslab().arg("report").arg(&b).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read(a.join("tables/metrics.csv")).unwrap(),
        std::fs::read(b.join("tables/metrics.csv")).unwrap()
    );

    // An individual run into the folder removes the team files.
    run(
        "simulate --players 20 --rounds 3 --tournaments 2 --no-progress",
        &b,
    );
    assert!(!b.join("teams.csv").exists() && !b.join("team_standings.csv").exists());
}

#[test]
fn a_team_run_whose_files_disagree_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    run(TEAM_RUN, &a);
    let path = a.join("team_standings.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    // Drop the last team of the last event.
    let cut: Vec<&str> = text.lines().collect();
    std::fs::write(&path, cut[..cut.len() - 1].join("\n") + "\n").unwrap();
    let o = swisslab().arg("report").arg(&a).output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("team_standings.csv:") && stderr.contains("12 teams in teams.csv"),
        "{stderr}"
    );
    // --compare reads individual runs and says what a team run takes instead.
    let o = swisslab()
        .args(["report", "--compare"])
        .arg(&a)
        .arg(&a)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("--team-study"), "{stderr}");
}
