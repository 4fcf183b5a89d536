//! The study of team events against individual events on the same fields: `--team-field` pairs
//! individually exactly the players of the team event of the same seed and index (the same
//! ratings, true strengths, titles, presence, each with his team and board), and `report
//! --team-study` compares the two runs tournament by tournament, refusing runs whose fields
//! differ.

use std::process::Command;
use swisslab_simulator::config::Config;
use swisslab_simulator::model::{self, tournament_rng};
use swisslab_simulator::team::plan;

fn cfg(teams: u32, boards: u32) -> Config {
    let mut c = Config {
        rounds: 9,
        ..Config::default()
    };
    c.team.teams = teams;
    c.team.boards = boards;
    c
}

fn swisslab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
}

/// The individual event's players are the team event's, with the same strengths and
/// presence, numbered in the C.04.2 order, each tagged with his team and board.
#[test]
fn the_individual_field_is_the_team_field() {
    for (seed, teams, boards) in [(1, 24, 4), (2, 24, 6), (3, 9, 5)] {
        let mut c = cfg(teams, boards);
        c.team.field = true;
        for index in 0..4 {
            let tp = plan::plan(&c, &mut tournament_rng(seed, index));
            let ind = model::tournament_plan(&c, seed, index);
            let members: usize = tp.teams.iter().map(|t| t.members.len()).sum();
            assert_eq!(ind.players.len(), members);
            assert_eq!(ind.initial_colour, tp.initial_colour);
            for (i, p) in ind.players.iter().enumerate() {
                assert_eq!(p.id as usize, i + 1, "numbered from 1");
                let (tpn, board) = p.team.expect("every player has his team");
                let m = &tp.team(tpn).unwrap().members[board - 1];
                assert_eq!(
                    (p.rating, p.strength, p.title, &p.name),
                    (m.rating, m.strength, m.title, &m.name)
                );
                for r in 1..=tp.rounds {
                    let present = p.status(r, c.events.late_entry_missed) == model::Status::Present;
                    assert_eq!(present, m.available[r - 1], "presence in round {r}");
                }
            }
            for w in ind.players.windows(2) {
                let late = |p: &model::PlannedPlayer| p.entry_round > 1;
                let key = |p: &model::PlannedPlayer| (late(p), std::cmp::Reverse(p.rating));
                assert!(key(&w[0]) <= key(&w[1]), "C.04.2 initial order");
            }
        }
        // Without `[team] field` the individual model's own field.
        c.team.field = false;
        let own = model::tournament_plan(&c, seed, 0);
        assert!(own.players.iter().all(|p| p.team.is_none()));
    }
}

fn run(args: &str, out: &std::path::Path) {
    let o = swisslab()
        .args(args.split_whitespace())
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args}: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_team_study_compares_the_same_fields() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let common = "--teams 10 --boards 4 --rounds 7 --tournaments 6 --no-progress --no-timing";
    run(
        &format!("simulate --system swiss-team {common} --seed 4"),
        &d.join("team"),
    );
    run(
        &format!("simulate --system dutch-2026 --team-field {common} --seed 4"),
        &d.join("ind"),
    );
    // players.csv: every player with his team and board; the teams' strengths agree.
    let players = std::fs::read_to_string(d.join("ind/players.csv")).unwrap();
    let header: Vec<&str> = players.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|c| *c == name).unwrap();
    let (team, board) = (col("team"), col("team_board"));
    for line in players.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        assert!(cells[team]
            .parse::<u32>()
            .is_ok_and(|t| (1..=10).contains(&t)));
        assert!(cells[board]
            .parse::<u32>()
            .is_ok_and(|b| (1..=6).contains(&b)));
    }
    let study = |team: &str, ind: &str, out: &str| {
        swisslab()
            .args(["report", "--team-study"])
            .arg(d.join(team))
            .arg(d.join(ind))
            .arg("-o")
            .arg(d.join(out))
            .output()
            .unwrap()
    };
    let o = study("team", "ind", "s1");
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("6 tournaments"), "{stdout}");
    let md = std::fs::read_to_string(d.join("s1/team-study.md")).unwrap();
    for label in [
        "Spearman's rho, team standing vs team strength",
        "Kendall tau-b, team standing vs team strength",
        "First-board players with",
        "Pairs of teammates paired against each other",
    ] {
        assert!(md.contains(label), "{label}: {md}");
    }
    let csv = std::fs::read_to_string(d.join("s1/team-study.csv")).unwrap();
    assert_eq!(csv.lines().count(), 11, "{csv}");
    // Deterministic: the same runs give the same study.
    study("team", "ind", "s2");
    assert_eq!(
        csv,
        std::fs::read_to_string(d.join("s2/team-study.csv")).unwrap()
    );

    // Another seed is another field: refused, naming the file.
    run(
        &format!("simulate --system dutch-2026 --team-field {common} --seed 5"),
        &d.join("other"),
    );
    let o = study("team", "other", "s3");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("run.csv") && stderr.contains("seed 5"),
        "{stderr}"
    );
    // The same seed with other boards: the teams differ.
    run(
        &format!("simulate --system dutch-2026 --team-field {common} --seed 4 --boards 5")
            .replace("--boards 4 ", ""),
        &d.join("boards"),
    );
    let o = study("team", "boards", "s4");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("not the same field"), "{stderr}");

    // --team-field is refused with a team system and with --players.
    for args in [
        "generate --system swiss-team --team-field --seed 1",
        "generate --team-field --players 20 --seed 1",
    ] {
        let st = swisslab()
            .args(args.split_whitespace())
            .arg("-o")
            .arg(d.join("x.trf"))
            .status()
            .unwrap();
        assert_eq!(st.code(), Some(3), "{args}");
    }
}
