//! Team events in the simulator (`--system swiss-team`): seeded and reproducible, every round
//! checked by the team invariants, written as team TRF-2026 that reads back to the same event,
//! broken engines caught, a round no pairing can complete stopped cleanly, and the commands
//! end to end.

use std::process::Command;
use swisslab_engine::pairing::PairingError;
use swisslab_engine::team::{TeamEvent, TeamPairing, TeamRequest};
use swisslab_engine::trf;
use swisslab_engine::System;
use swisslab_simulator::config::Config;
use swisslab_simulator::team::play::{self, TeamEngine, TeamSimulation};

fn sim(teams: u32, boards: u32, rounds: u32) -> TeamSimulation {
    let mut cfg = Config {
        rounds,
        ..Config::default()
    };
    cfg.team.teams = teams;
    cfg.team.boards = boards;
    let points = cfg.point_system().unwrap();
    TeamSimulation {
        cfg,
        points,
        engine: TeamEngine::Swisslab(System::SwissTeam),
    }
}

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

#[test]
fn events_run_checked_and_read_back() {
    let s = sim(13, 4, 7);
    let mut pabs = 0;
    for index in 0..6 {
        let r = play::run(&s, 5, index, None);
        assert!(r.failure.is_none(), "{:?}", r.failure);
        assert_eq!(r.row.rematches, 0);
        assert_eq!(r.row.rounds_paired, r.rounds.len());
        pabs += r.row.pabs;
        let text = play::write(&r.event);
        for code in [
            "192 FIDE_TEAM_TYPEA_MP_GP",
            "352 WBWB",
            "362 TW",
            "310   1 ",
            "320 ",
        ] {
            assert!(text.contains(code), "{code} missing:\n{text}");
        }
        let back = trf::read_team_str(&text).unwrap();
        assert_eq!(back.rounds().unwrap(), r.event.rounds().unwrap());
        assert_eq!(play::write(&back), text);
    }
    assert!(pabs > 0, "13 teams: some rounds have a PAB");
}

#[test]
fn an_event_is_reproducible_and_a_prefix_is_its_rounds() {
    let s = sim(10, 5, 6);
    let a = play::run(&s, 11, 3, None);
    let b = play::run(&s, 11, 3, None);
    assert_eq!(play::write(&a.event), play::write(&b.event));
    let c = play::run(&s, 11, 4, None);
    assert_ne!(play::write(&a.event), play::write(&c.event));
    let k = play::run(&s, 11, 3, Some(4));
    assert_eq!(
        play::write(&k.event),
        play::write(&play::before(&a.event, 4))
    );
}

/// Pairs every round as the Swiss Team system does, except round 3, where the round-1
/// matches are played again (rematches).
fn rematching(ev: &TeamEvent, req: &TeamRequest) -> Result<TeamPairing, PairingError> {
    if req.round == 3 && req.absent.is_empty() {
        let first = ev
            .rounds()
            .map_err(|e| PairingError::Engine(e.to_string()))?;
        let mut matches = Vec::new();
        for (i, &t) in first.teams.iter().enumerate() {
            if let Some(m) = first.rounds[i][0].as_match() {
                if m.played && m.color == Some(swisslab_engine::Color::White) {
                    matches.push((t, m.opponent));
                }
            }
        }
        let bye = ev.pab_team(1);
        return Ok(TeamPairing { matches, bye });
    }
    System::SwissTeam.pair_team(ev, req)
}

fn panicking(ev: &TeamEvent, req: &TeamRequest) -> Result<TeamPairing, PairingError> {
    if req.round == 2 {
        panic!("deliberate");
    }
    System::SwissTeam.pair_team(ev, req)
}

fn refusing(ev: &TeamEvent, req: &TeamRequest) -> Result<TeamPairing, PairingError> {
    if req.round == 2 {
        return Err(PairingError::NoValidPairing("deliberately wrong".into()));
    }
    System::SwissTeam.pair_team(ev, req)
}

#[test]
fn broken_engines_are_caught() {
    let mut s = sim(8, 4, 5);
    s.cfg.team.absence_rate = 0.0;
    s.cfg.team.match_forfeit_rate = 0.0;
    s.engine = TeamEngine::Function(rematching);
    let mut caught = 0;
    for index in 0..6 {
        let r = play::run(&s, 3, index, None);
        if let Some(f) = &r.failure {
            assert_eq!(f.round, 3);
            assert!(f.message.contains("(C1)"), "{}", f.message);
            let ev = trf::read_team_str(f.trf.as_deref().unwrap()).unwrap();
            assert_eq!(ev.tournament.rounds_paired(), 2);
            caught += 1;
        }
    }
    assert!(caught > 0);
    s.engine = TeamEngine::Function(panicking);
    let f = play::run(&s, 3, 0, None).failure.unwrap();
    assert_eq!(f.round, 2);
    assert!(
        f.message.contains("engine panic: deliberate"),
        "{}",
        f.message
    );
    s.engine = TeamEngine::Function(refusing);
    let r = play::run(&s, 3, 0, None);
    let f = r.failure.unwrap();
    assert!(f.message.contains("engine error"), "{}", f.message);
    assert_eq!(r.row.failed, 1);
}

/// Four teams meet each other in three rounds: round 4 admits no pairing meeting C1, the
/// engine refuses it and the independent check agrees, a clean stop.
#[test]
fn a_round_no_pairing_completes_is_a_stop() {
    let mut s = sim(4, 4, 5);
    s.cfg.team.absence_rate = 0.0;
    s.cfg.team.match_forfeit_rate = 0.0;
    s.cfg.results.forfeit_rate = 0.0;
    s.cfg.events.model = swisslab_simulator::config::EventModel::Rates;
    s.cfg.events.late_entry_rate = 0.0;
    s.cfg.events.withdrawal_rate = 0.0;
    s.cfg.events.bye_rate = 0.0;
    let r = play::run(&s, 1, 0, None);
    assert!(r.failure.is_none(), "{:?}", r.failure);
    assert_eq!(r.row.stopped, 1, "{:?}", r.row);
    assert_eq!(r.row.rounds_paired, 3);
    assert!(
        r.row.failure.contains("stopped in round 4"),
        "{}",
        r.row.failure
    );
}

#[test]
fn generate_writes_a_team_event_and_simulate_checks_every_round() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.trf");
    let st = swisslab()
        .args(
            "generate --system swiss-team --teams 9 --boards 5 --rounds 5 --seed 4 --index 2 -o"
                .split_whitespace(),
        )
        .arg(&out)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("352 WBWBW"), "{text}");
    let ev = trf::read_team_str(&text).unwrap();
    assert_eq!(ev.teams.len(), 9);
    // The same event as the library's.
    let s = sim(9, 5, 5);
    assert_eq!(text, play::write(&play::run(&s, 4, 2, None).event));

    let o = swisslab()
        .args("simulate --system swiss-team --teams 10 --boards 4 --rounds 6 --tournaments 5 --seed 2 --no-progress --no-timing -o".split_whitespace())
        .arg(dir.path().join("run"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("failed 0"), "{stdout}");
    let csv = std::fs::read_to_string(dir.path().join("run/teams.csv")).unwrap();
    assert_eq!(csv.lines().count(), 6, "{csv}");
    // Team options are refused with an individual system, and --players with a team one.
    let code = |args: &str| {
        swisslab()
            .args(args.split_whitespace())
            .arg("-o")
            .arg(dir.path().join("x.trf"))
            .status()
            .unwrap()
            .code()
    };
    assert_eq!(code("generate --teams 10 --seed 1"), Some(3));
    assert_eq!(
        code("generate --system swiss-team --players 10 --seed 1"),
        Some(3)
    );
    assert_eq!(
        code("generate --system swiss-team --boards 0 --seed 1"),
        Some(3)
    );
}

/// Issue 46's bar: `swisslab check` of a generated team event passes without options: every
/// round re-paired from the rounds before it by the Swiss Team system equals the generated one
/// (absent teams, PABs, forfeits and line-ups included), for several field sizes and board
/// counts.
#[test]
fn check_passes_generated_team_events() {
    let dir = tempfile::tempdir().unwrap();
    for (seed, teams, boards) in [(1, 11, 4), (2, 40, 4), (3, 17, 5), (4, 24, 6), (5, 9, 4)] {
        let out = dir.path().join(format!("t{seed}.trf"));
        let st = swisslab()
            .args(["generate", "--system", "swiss-team", "--rounds", "9"])
            .args([
                "--teams",
                &teams.to_string(),
                "--boards",
                &boards.to_string(),
            ])
            .args(["--seed", &seed.to_string(), "-o"])
            .arg(&out)
            .status()
            .unwrap();
        assert_eq!(st.code(), Some(0), "generate seed {seed}");
        let o = swisslab().arg("check").arg(&out).output().unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(0),
            "check of seed {seed}: {stdout}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(stdout.contains("discrepancies: 0"), "{stdout}");
    }
}

/// simulator/OUTPUT.md lists the columns of teams.csv, in order.
#[test]
fn output_md_lists_the_team_columns() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/OUTPUT.md")).unwrap();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.serialize(swisslab_simulator::team::stats::TeamRow::default())
        .unwrap();
    let bytes = w.into_inner().unwrap();
    let header = String::from_utf8(bytes).unwrap();
    let header: Vec<&str> = header.lines().next().unwrap().split(',').collect();
    let section = text
        .split("## DIR/teams.csv")
        .nth(1)
        .expect("a teams.csv section");
    let documented: Vec<&str> = section
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty() && !l.starts_with('('))
        .flat_map(|l| l.split(','))
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(documented, header);
}
