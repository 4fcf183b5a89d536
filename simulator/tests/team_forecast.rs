//! `swisslab forecast` of a team file end to end: a generated team event cut after round K
//! forecast team by team (the same seed gives the same files byte for byte, whatever the
//! threads; the chances of first place sum to one run in every run), refusals (a finished
//! event, an inconsistent file: the line, nothing written), and the calibration of the forecast
//! on generated team events against the real outcome (Brier score of the winner against
//! "the current leaders share the win").

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use swisslab_engine::team::ScoreKind;
use swisslab_engine::{trf, System};
use swisslab_simulator::config::Config;
use swisslab_simulator::forecast::event::{Cut, EventOptions};
use swisslab_simulator::forecast::team_play::places_of;
use swisslab_simulator::forecast::{forecast_team, team_event, TeamForecastEvent};
use swisslab_simulator::team::play::{self, TeamEngine, TeamSimulation};

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

/// Generated team event `index` (seed 3) of `teams` teams of 4 boards and `rounds` rounds,
/// played up to round `until`.
fn event(dir: &Path, teams: u32, rounds: u32, until: u32) -> PathBuf {
    let out = dir.join(format!("t{teams}-{rounds}-{until}.trf"));
    let st = swisslab()
        .args(["generate", "--system", "swiss-team", "--seed", "3"])
        .args(["--teams", &teams.to_string(), "--boards", "4"])
        .args(["--rounds", &rounds.to_string()])
        .args(["--until-round", &until.to_string()])
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    out
}

fn forecast(file: &Path, out: &Path, extra: &[&str]) -> Output {
    swisslab()
        .arg("forecast")
        .arg(file)
        .arg("--out")
        .arg(out)
        .arg("--no-progress")
        .args(extra)
        .output()
        .unwrap()
}

const FILES: &[&str] = &[
    "forecast.csv",
    "rounds.csv",
    "teams.csv",
    "team-points.csv",
    "forecast.html",
];

/// The rows of a CSV file as maps from column to value.
fn rows(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let head = r.headers().unwrap().clone();
    r.records()
        .map(|x| {
            let x = x.unwrap();
            head.iter()
                .zip(x.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn a_cut_team_event_is_forecast_reproducibly_team_by_team() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path(), 13, 7, 3);
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let oa = forecast(
        &file,
        &a,
        &["--runs", "300", "--seed", "5", "--threads", "1"],
    );
    assert_eq!(oa.status.code(), Some(0), "{oa:?}");
    let text = String::from_utf8_lossy(&oa.stdout);
    assert!(
        text.contains("13 teams of 4 boards, 3 of 7 rounds played"),
        "{text}"
    );
    let ob = forecast(
        &file,
        &b,
        &["--runs", "300", "--seed", "5", "--threads", "2"],
    );
    assert_eq!(ob.status.code(), Some(0), "{ob:?}");
    for f in FILES {
        let (x, y) = (
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
        );
        assert!(x == y, "{f} differs between 1 and 2 threads");
    }
    assert!(!a.join("players.csv").exists());
    let teams = rows(&a.join("teams.csv"));
    assert_eq!(teams.len(), 13);
    let runs = |r: &std::collections::BTreeMap<String, String>, col: &str| -> u64 {
        (r[col].parse::<f64>().unwrap() * 300.0).round() as u64
    };
    // One team finishes first in every run, three in the top 3, every team in the top 10 or
    // not: the shares are counts of runs.
    assert_eq!(teams.iter().map(|r| runs(r, "first")).sum::<u64>(), 300);
    assert_eq!(teams.iter().map(|r| runs(r, "top3")).sum::<u64>(), 900);
    assert_eq!(teams.iter().map(|r| runs(r, "top10")).sum::<u64>(), 3000);
    // 13 teams: one PAB a round in each of the 4 rounds left, never twice to a team (C2).
    assert_eq!(teams.iter().map(|r| runs(r, "pab")).sum::<u64>(), 1200);
    for r in &teams {
        let now: f64 = r["match_points_now"].parse().unwrap();
        let (lo, hi): (f64, f64) = (
            r["match_points_p10"].parse().unwrap(),
            r["match_points_p90"].parse().unwrap(),
        );
        let mean: f64 = r["mean_match_points"].parse().unwrap();
        // Four rounds left at 2 match points a win.
        assert!(
            now <= lo && lo <= mean && mean <= hi && hi <= now + 8.0,
            "{r:?}"
        );
        let gp: f64 = r["mean_game_points"].parse().unwrap();
        let gp_now: f64 = r["game_points_now"].parse().unwrap();
        assert!(gp >= gp_now && gp <= gp_now + 16.0, "{r:?}");
    }
    // The chances follow the standings: the leader after round 3 wins more often than the
    // team last on match points.
    let mp = |r: &std::collections::BTreeMap<String, String>| -> f64 {
        r["match_points_now"].parse().unwrap()
    };
    let best = teams.iter().max_by(|x, y| mp(x).total_cmp(&mp(y))).unwrap();
    let worst = teams.iter().min_by(|x, y| mp(x).total_cmp(&mp(y))).unwrap();
    assert!(
        runs(best, "first") > runs(worst, "first"),
        "{best:?} {worst:?}"
    );
    let rounds = rows(&a.join("rounds.csv"));
    assert!(rounds.iter().any(|r| r["round"] == "4"
        && r["measure"] == "pairing_allocated_bye"
        && r["events"] == "300"));
    let html = std::fs::read_to_string(a.join("forecast.html")).unwrap();
    assert!(html.contains("Who can finish first?") && html.contains("teams.csv"));
    // Another seed, other runs.
    let c = dir.path().join("c");
    let oc = forecast(&file, &c, &["--runs", "300", "--seed", "6"]);
    assert_eq!(oc.status.code(), Some(0));
    assert_ne!(
        std::fs::read(a.join("teams.csv")).unwrap(),
        std::fs::read(c.join("teams.csv")).unwrap()
    );
}

#[test]
fn a_finished_or_broken_team_event_is_refused_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path(), 8, 5, 5);
    let out = dir.path().join("out");
    let o = forecast(&file, &out, &["--runs", "10"]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("all 5 rounds are played"), "{err}");
    assert!(!out.exists());
    // Cut after the middle round, it is forecast; --rounds lengthens it.
    let o = forecast(&file, &out, &["--runs", "20", "--after-round", "middle"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let params = rows(&out.join("forecast.csv"));
    assert_eq!(
        (
            params[0]["rounds_played"].as_str(),
            params[0]["total_rounds"].as_str()
        ),
        ("3", "5")
    );
    let o = forecast(&file, &out, &["--runs", "20", "--rounds", "7"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(rows(&out.join("forecast.csv"))[0]["total_rounds"], "7");
    // A game whose two sides disagree: the line and column, nothing written.
    let text = std::fs::read_to_string(&file).unwrap();
    let (k, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("001") && l.contains(" w 1 "))
        .unwrap();
    let bad = dir.path().join("bad.trf");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[k] = line.replacen(" w 1 ", " w = ", 1);
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let out2 = dir.path().join("out2");
    let o = forecast(&bad, &out2, &["--runs", "10"]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.trf:"), "{err}");
    assert!(!out2.exists());
    // A system that pairs players, the acceleration, an external engine: refused.
    for extra in [
        &["--system", "dutch-2026"][..],
        &["--acceleration", "baku"],
        &["--engine", "cmd:true {in} {out}"],
    ] {
        let o = forecast(&file, &out2, &[&["--after-round", "2"][..], extra].concat());
        assert_eq!(o.status.code(), Some(3), "{extra:?}");
        assert!(!out2.exists());
    }
}

/// Team events of `teams` teams of 4 boards and 9 rounds, simulated in full (seed 11), each cut
/// after its middle round and forecast from there with `runs` runs; the winner's Brier score of
/// the forecast and of "the current leaders share the win", averaged over the events that ran
/// to the end: (events, forecast, leaders).
fn calibration(teams: u32, events: u64, runs: u64) -> (usize, f64, f64) {
    let mut cfg = Config {
        rounds: 9,
        ..Config::default()
    };
    cfg.team.teams = teams;
    cfg.team.boards = 4;
    let points = cfg.point_system().unwrap();
    let sim = TeamSimulation {
        cfg,
        points,
        engine: TeamEngine::Swisslab(System::SwissTeam),
    };
    let opts = EventOptions {
        after_round: Some(Cut::Middle),
        ..EventOptions::default()
    };
    let (mut n, mut brier, mut base) = (0, 0.0, 0.0);
    for index in 0..events {
        let r = play::run(&sim, 11, index, None);
        if r.failure.is_some() || r.row.stopped > 0 {
            continue;
        }
        let text = play::write(&r.event);
        let ev = trf::read_team_str(&text).unwrap();
        let fe = TeamForecastEvent::new(ev.clone(), &text, Path::new("e.trf"), &opts).unwrap();
        let stop = std::sync::atomic::AtomicBool::new(false);
        let tally = forecast_team(&fe, 1, runs, &stop, &|| ());
        assert_eq!(tally.failed_runs, 0, "{:?}", tally.failures);
        let real = places_of(&fe, &ev).unwrap();
        let now = team_event::totals(&fe.ev);
        let primary = |i: usize| match fe.ev.score_use().primary {
            ScoreKind::MatchPoints => now[i].0,
            ScoreKind::GamePoints => now[i].1,
        };
        let top = (0..now.len()).map(primary).max().unwrap();
        let leaders = (0..now.len()).filter(|&i| primary(i) == top).count() as f64;
        for (i, &place) in real.iter().enumerate() {
            let y = f64::from(u8::from(place == 1));
            let p = tally.within(i, 1) as f64 / tally.runs as f64;
            let q = if primary(i) == top {
                1.0 / leaders
            } else {
                0.0
            };
            brier += (p - y).powi(2);
            base += (q - y).powi(2);
        }
        n += 1;
    }
    (n, brier / n as f64, base / n as f64)
}

/// The forecast's chance of first place beats "the current leaders share the win" on team
/// events it did not see (docs/guide/forecast.md, "Team events", holds the figures).
#[test]
fn the_team_forecast_beats_the_leaders_on_the_winner() {
    let (n, forecast, leaders) = calibration(16, 40, 200);
    println!(
        "team forecast calibration: {n} events of 16 teams x 4 boards x 9 rounds, cut after round \
         5, 200 runs: Brier of the winner {forecast:.4}, leaders share the win {leaders:.4}"
    );
    assert!(n >= 35, "{n} events ran to the end");
    assert!(forecast < leaders, "{forecast:.4} vs {leaders:.4}");
    // The figure measured (0.1953 against 0.3479), with room for a change of the model.
    assert!(forecast < 0.21, "{forecast:.4}");
}
