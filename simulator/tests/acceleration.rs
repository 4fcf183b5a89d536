//! The Baku Acceleration (C.04.7) end to end: where it comes from (`192 …_BAKU`, explicit
//! `XXA`/`250` lines, `--acceleration`), the files swisslab writes for accelerated events, and
//! the `192` codes swisslab refuses.

use std::path::Path;
use std::process::Command;

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

/// `n` players with decreasing ratings, no round played, the given `192` code and 9 rounds.
fn fresh(dir: &Path, name: &str, n: u32, code: &str) -> std::path::PathBuf {
    let mut text = format!("012 Baku example\n192 {code}\nXXR 9\nXXC white1\n");
    for i in 1..=n {
        text.push_str(&format!(
            "001 {i:>4}      Player {i:04}                       {:>4}                             0.0\n",
            2600 - i * 10
        ));
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn stdout_of(c: &mut Command) -> (Option<i32>, String, String) {
    let o = c.output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn sixteen_players_pair_group_a_among_itself_in_round_1() {
    let dir = tempfile::tempdir().unwrap();
    let f = fresh(dir.path(), "b16.trf", 16, "FIDE_DUTCH_2025_BAKU");
    // What bbpPairings v6 pairs: group A (1-8) among itself, group B (9-16) among itself.
    let (code, out, _) = stdout_of(swisslab().arg("pair").arg(&f));
    assert_eq!(code, Some(0));
    assert_eq!(
        out.lines().take(5).collect::<Vec<_>>(),
        ["8", "1 5", "6 2", "3 7", "8 4"]
    );
    // The command line wins over the file.
    let (_, out, _) = stdout_of(
        swisslab()
            .arg("pair")
            .arg(&f)
            .args(["--acceleration", "none"]),
    );
    assert_eq!(out.lines().nth(1), Some("1 9"));
    let plain = fresh(dir.path(), "p16.trf", 16, "FIDE_DUTCH_2025");
    let (_, out, _) = stdout_of(
        swisslab()
            .arg("pair")
            .arg(&plain)
            .args(["--acceleration", "baku"]),
    );
    assert_eq!(out.lines().nth(1), Some("1 5"));
}

#[test]
fn unsupported_codes_and_point_systems_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    // `FIDE_BURSTEIN` (and `_2025`, `_2026`, `_BAKU`) names the Burstein System, paired.
    let f = fresh(dir.path(), "b.trf", 16, "FIDE_BURSTEIN_BAKU");
    let (status, _, err) = stdout_of(swisslab().arg("pair").arg(&f));
    assert_eq!(status, Some(0), "FIDE_BURSTEIN_BAKU: {err}");
    for code in ["FIDE_BURSTEIN_1990", "FIDE_LIM_BAKU", "FIDE_DUTSCH"] {
        let f = fresh(dir.path(), "x.trf", 16, code);
        let (status, _, err) = stdout_of(swisslab().arg("pair").arg(&f));
        assert_eq!(status, Some(3), "{code}: {err}");
        assert!(
            err.contains(code) && err.contains("FIDE_DUTCH_2025") && err.contains("x.trf"),
            "{code}: {err}"
        );
        let (status, _, err) = stdout_of(swisslab().arg("check").arg(&f));
        assert_eq!(status, Some(3), "{code}: {err}");
        // --system pairs it anyway.
        let (status, _, _) = stdout_of(
            swisslab()
                .arg("pair")
                .arg(&f)
                .args(["--system", "dutch-2026"]),
        );
        assert_eq!(status, Some(0), "{code}");
    }
    // 3 / 1 / 0 has no two draws to a win (C.04.7 1.1).
    let f = fresh(dir.path(), "y.trf", 16, "FIDE_DUTCH_BAKU");
    let text = std::fs::read_to_string(&f)
        .unwrap()
        .replace("XXR 9\n", "XXR 9\nXXS W=3 D=1\n");
    std::fs::write(&f, text).unwrap();
    let (status, _, err) = stdout_of(swisslab().arg("pair").arg(&f));
    assert_eq!(status, Some(3), "{err}");
    assert!(err.contains("C.04.7 1.1"), "{err}");
}

#[test]
fn generated_files_carry_the_system_and_the_virtual_points() {
    let dir = tempfile::tempdir().unwrap();
    for (system, accel, code) in [
        ("dutch-2026", "baku", "192 FIDE_DUTCH_2025_BAKU"),
        ("dutch-2017", "baku", "192 FIDE_DUTCH_2017_BAKU"),
        ("dubov-2026", "none", "192 FIDE_DUBOV\n"),
        (
            "dutch-2012",
            "none",
            "092 Individual  Swiss Dutch (Istanbul 2012 rules)",
        ),
        ("rating-1998", "none", "092 "),
    ] {
        let out = dir.path().join(format!("{system}-{accel}.trf"));
        let (status, _, err) = stdout_of(
            swisslab()
                .args([
                    "generate",
                    "--seed",
                    "5",
                    "--players",
                    "30",
                    "--rounds",
                    "7",
                ])
                .args(["--system", system, "--acceleration", accel, "-o"])
                .arg(&out),
        );
        assert_eq!(status, Some(0), "{system}: {err}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains(code), "{system}: {text}");
        // Group A of 30 players: 2 x ceil(30/4) = 16, one `XXA` line each.
        let xxa = text.lines().filter(|l| l.starts_with("XXA")).count();
        assert_eq!(xxa, if accel == "baku" { 16 } else { 0 }, "{system}");
        if accel == "baku" {
            // 7 rounds: 4 accelerated, the first 2 with a win's points.
            assert!(
                text.contains("XXA    1  1.0  1.0  0.5  0.5"),
                "{system}: {text}"
            );
        }
        // `check` needs neither --system nor --acceleration.
        let (status, stdout, _) = stdout_of(swisslab().args(["check", "-q"]).arg(&out));
        assert_eq!(status, Some(0), "{system}: {stdout}");
        assert!(stdout.contains("discrepancies: 0"), "{system}: {stdout}");
    }
}

#[test]
fn trf_out_dir_writes_the_virtual_points_of_a_baku_code() {
    let dir = tempfile::tempdir().unwrap();
    let f = fresh(dir.path(), "b13.trf", 13, "FIDE_DUTCH_BAKU");
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    for (format, record) in [("trf16", "XXA"), ("trf26", "250")] {
        let (status, _, err) = stdout_of(
            swisslab()
                .arg("trf")
                .arg(&f)
                .args(["--no-standings", "--format", format, "--out-dir"])
                .arg(&out),
        );
        assert_eq!(status, Some(0), "{err}");
        let text = std::fs::read_to_string(out.join("b13.trf")).unwrap();
        assert!(
            text.lines().any(|l| l.starts_with(record)),
            "{format}: {text}"
        );
    }
}

#[test]
fn simulate_takes_the_method_from_the_configuration_and_records_it() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("baku.toml");
    std::fs::write(&cfg, "players = 30\nrounds = 7\nacceleration = \"baku\"\n").unwrap();
    let out = dir.path().join("out");
    let (status, _, err) = stdout_of(
        swisslab()
            .args([
                "simulate",
                "--tournaments",
                "3",
                "--threads",
                "1",
                "--config",
            ])
            .arg(&cfg)
            .arg("--out")
            .arg(&out),
    );
    assert_eq!(status, Some(0), "{err}");
    let run = std::fs::read_to_string(out.join("run.csv")).unwrap();
    assert!(run.lines().nth(1).unwrap().ends_with(",baku"), "{run}");
    let players = std::fs::read_to_string(out.join("players.csv")).unwrap();
    // The column by its header name (columns are appended after it).
    let column = players
        .lines()
        .next()
        .unwrap()
        .split(',')
        .position(|c| c == "acceleration_group")
        .expect("an acceleration_group column");
    let groups: Vec<&str> = players
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(column).unwrap())
        .collect();
    assert!(groups.contains(&"A") && groups.contains(&"B"), "{players}");
    let rounds = std::fs::read_to_string(out.join("rounds.csv")).unwrap();
    let virtual_points: Vec<&str> = rounds
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("0,"))
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    // 7 rounds: 4 accelerated, the first 2 with a win's points.
    assert_eq!(
        virtual_points,
        ["1.0", "1.0", "0.5", "0.5", "0.0", "0.0", "0.0"]
    );
    // The command line wins; a point system without two draws to a win is refused.
    let (status, _, err) = stdout_of(
        swisslab()
            .args([
                "simulate",
                "--tournaments",
                "1",
                "--acceleration",
                "none",
                "--config",
            ])
            .arg(&cfg)
            .arg("--out")
            .arg(dir.path().join("none")),
    );
    assert_eq!(status, Some(0), "{err}");
    let run = std::fs::read_to_string(dir.path().join("none/run.csv")).unwrap();
    assert!(run.lines().nth(1).unwrap().ends_with(",none"), "{run}");
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "players = 30\nrounds = 7\nacceleration = \"baku\"\n[points]\nsystem = \"3-1-0\"\n",
    )
    .unwrap();
    let (status, _, err) = stdout_of(
        swisslab()
            .args(["simulate", "--tournaments", "1", "--config"])
            .arg(&bad)
            .arg("--out")
            .arg(dir.path().join("bad")),
    );
    assert_eq!(status, Some(3), "{err}");
    assert!(err.contains("C.04.7 1.1"), "{err}");
}

#[test]
fn report_compare_measures_what_the_acceleration_changes() {
    let dir = tempfile::tempdir().unwrap();
    for a in ["none", "baku"] {
        let (status, _, err) = stdout_of(
            swisslab()
                .args(["simulate", "--tournaments", "8", "--players", "40"])
                .args([
                    "--rounds",
                    "7",
                    "--threads",
                    "1",
                    "--acceleration",
                    a,
                    "--out",
                ])
                .arg(dir.path().join(a)),
        );
        assert_eq!(status, Some(0), "{err}");
    }
    let out = dir.path().join("cmp");
    let (status, _, err) = stdout_of(
        swisslab()
            .arg("report")
            .arg("--compare")
            .arg(dir.path().join("none"))
            .arg(dir.path().join("baku"))
            .arg("--out")
            .arg(&out),
    );
    assert_eq!(status, Some(0), "{err}");
    let table = std::fs::read_to_string(out.join("tables/compare.csv")).unwrap();
    let row = |key: &str| -> Vec<String> {
        let line = table
            .lines()
            .find(|l| l.split(',').nth(1) == Some(key))
            .unwrap_or_else(|| panic!("{key} missing: {table}"));
        line.split(',').map(str::to_string).collect()
    };
    for key in [
        "ranking.kendall_tau_b",
        "ranking.top10_share",
        "ranking.winner_strength_rank",
        "acceleration.boundary_a_downfloats",
        "acceleration.boundary_b_upfloats",
    ] {
        row(key);
    }
    // Group A meets group B far less in round 1: the early games' rating gap shrinks.
    let gap = row("acceleration.rating_gap_rounds_1_3");
    let (a, b): (f64, f64) = (gap[3].parse().unwrap(), gap[7].parse().unwrap());
    assert!(b < a, "rating gap {a} without, {b} with Baku");
    let html = std::fs::read_to_string(out.join("compare.html")).unwrap();
    assert!(
        html.contains("acceleration baku"),
        "the header names the method"
    );
}
