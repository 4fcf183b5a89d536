//! Double-Swiss (C.04.5) through the simulator: every match is two round columns with the same
//! pairs and reversed colours, each game's result drawn with its own colours; the files written
//! read back the same (TRF round trip), name the system (`192 FIDE_DOUBLESWISS`) and are
//! re-paired by `check` without a discrepancy.

use swisslab_engine::model::{RoundEntry, Unplayed};
use swisslab_engine::{checker, trf, System};
use swisslab_simulator::config::Config;
use swisslab_simulator::sim::{self, RunOptions, Simulation};

fn simulation(players: u32, rounds: u32) -> Simulation {
    let mut cfg = Config {
        players,
        players_max: Some(players + 9),
        rounds,
        ..Config::default()
    };
    cfg.events.late_entry_rate = 0.06;
    cfg.events.withdrawal_rate = 0.06;
    cfg.events.bye_rate = 0.04;
    cfg.results.forfeit_rate = 0.05;
    Simulation::new(cfg)
        .unwrap()
        .with_system(System::DoubleSwiss)
}

#[test]
fn matches_are_two_columns_that_read_back_and_check_clean() {
    let sim = simulation(21, 5);
    let mut decisive_split = 0;
    for index in 0..40 {
        let r = sim::run_tournament(&sim, 7, index, RunOptions::default());
        assert!(r.failure.is_none(), "tournament {index}: {:?}", r.failure);
        let t = &r.tournament;
        assert_eq!(t.total_rounds, Some(10));
        for p in &t.players {
            assert_eq!(p.rounds.len() % 2, 0);
            for m in p.rounds.chunks(2) {
                match (m[0], m[1]) {
                    (
                        RoundEntry::Game {
                            opponent: o1,
                            color: c1,
                            result: r1,
                            ..
                        },
                        RoundEntry::Game {
                            opponent: o2,
                            color: c2,
                            result: r2,
                            ..
                        },
                    ) => {
                        assert_eq!((o1, c1.opposite()), (o2, c2), "player {}", p.id);
                        decisive_split += usize::from(r1 != r2);
                    }
                    (RoundEntry::Unplayed(Unplayed::Pab), b) => {
                        assert_eq!(b, RoundEntry::Unplayed(Unplayed::HalfBye));
                    }
                    (a, b) => assert_eq!(a, b, "an unplayed match is the same code twice"),
                }
            }
        }
        let text = trf::write(t);
        let back = trf::read_str(&text).unwrap();
        assert_eq!(trf::write(&back), text, "round trip");
        assert_eq!(System::from_trf(&back), Ok(Some(System::DoubleSwiss)));
        let report = checker::check(&back, System::DoubleSwiss);
        assert!(
            report.discrepancies.is_empty(),
            "{:?}\n{text}",
            report.discrepancies
        );
        let by_file = checker::check_tournament(&back, &|h, q| System::DoubleSwiss.pair(h, q));
        assert!(by_file.discrepancies.is_empty());
    }
    // Each game of a match has its own result.
    assert!(decisive_split > 100, "{decisive_split}");
}

#[test]
fn a_game_two_not_reversed_is_a_discrepancy() {
    let sim = simulation(8, 2);
    let r = sim::run_tournament(&sim, 3, 0, RunOptions::default());
    let mut t = r.tournament;
    // Swap game 2's colours of one pair back to game 1's.
    let (a, b) = t
        .players
        .iter()
        .find_map(|p| match p.rounds[1] {
            RoundEntry::Game { opponent, .. } => Some((p.id, opponent)),
            _ => None,
        })
        .unwrap();
    for id in [a, b] {
        let i = t.index_of(id).unwrap();
        if let RoundEntry::Game { color, .. } = &mut t.players[i].rounds[1] {
            *color = color.opposite();
        }
    }
    let report = checker::check(&t, System::DoubleSwiss);
    assert!(
        report.discrepancies.iter().any(|d| d.round == 2),
        "{:?}",
        report.discrepancies
    );
}

/// The commands: `generate` writes a Double-Swiss file, `pair --explain` pairs its next match
/// with the account of 3.4-3.6 and 4.3, `check` re-pairs it clean without `--system` (the file's
/// `192 FIDE_DOUBLESWISS`), and a file whose columns are not matches is refused with the player
/// and the columns named.
#[test]
fn generate_pair_explain_and_check() {
    use std::process::Command;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ds.trf");
    let bin = env!("CARGO_BIN_EXE_swisslab");
    let st = Command::new(bin)
        .args([
            "generate",
            "--system",
            "double-swiss",
            "--players",
            "15",
            "--rounds",
            "4",
        ])
        .args(["--seed", "11", "-o"])
        .arg(&file)
        .status()
        .unwrap();
    assert!(st.success());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("192 FIDE_DOUBLESWISS") && text.contains("XXR 8"),
        "{text}"
    );
    // The first three matches only: pair the fourth.
    let mut t = trf::read_str(&text).unwrap().truncated(6);
    for p in &mut t.players {
        (p.points, p.rank) = (None, None);
    }
    let cut = dir.path().join("cut.trf");
    std::fs::write(&cut, trf::write(&t)).unwrap();
    let out = Command::new(bin)
        .arg("pair")
        .arg(&cut)
        .arg("--explain")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let all = format!("{stdout}{stderr}");
    assert!(out.status.success(), "{all}");
    assert!(
        all.contains("match 4 (round columns 7 and 8)") && all.contains("3.6 first identifier"),
        "{all}"
    );
    let out = Command::new(bin).arg("check").arg(&file).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("discrepancies: 0"));
    // Game 2 of player 1's first match with game 1's colours: not a match.
    let mut bad = trf::read_str(&text).unwrap();
    let opp = match bad.players[0].rounds[1] {
        RoundEntry::Game { opponent, .. } => opponent,
        _ => panic!("player 1 plays match 1"),
    };
    for id in [1, opp] {
        let i = bad.index_of(id).unwrap();
        if let RoundEntry::Game { color, .. } = &mut bad.players[i].rounds[1] {
            *color = color.opposite();
        }
    }
    let bad_file = dir.path().join("bad.trf");
    std::fs::write(&bad_file, trf::write(&bad)).unwrap();
    let out = Command::new(bin)
        .arg("pair")
        .arg(&bad_file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("player 1") && err.contains("columns 1 and 2"),
        "{err}"
    );
}

/// `swisslab standings` applies the Preface's rule to a Double-Swiss file (`192
/// FIDE_DOUBLESWISS`): a single forfeited game of a regular match counts as played for
/// tie-breaks. Player 2 forfeits game 1 against 1 and draws game 2: his Buchholz counts 1's score
/// (1.5) in both columns, 3.0; the same file read as a plain Swiss has a forfeit there.
#[test]
fn standings_count_a_single_forfeited_game_as_played() {
    use std::process::Command;
    let players = "\
001    1      Player0001                        2400                             1.5    1     2 w +     2 b =
001    2      Player0002                        2300                             0.5    2     1 b -     1 w =
001    3      Player0003                        2200                             2.0    3     4 w 1     4 b 1
001    4      Player0004                        2100                             0.0    4     3 b 0     3 w 0
";
    let dir = tempfile::tempdir().unwrap();
    let bh_of_2 = |head: &str, name: &str| -> f64 {
        let file = dir.path().join(name);
        std::fs::write(&file, format!("012 Standings\n{head}XXR 2\n{players}")).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
            .arg("standings")
            .arg(&file)
            .args(["--tiebreaks", "BH", "--format", "tsv"])
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{out}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let row = out
            .lines()
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .find(|c| c.get(1) == Some(&"2"))
            .unwrap_or_else(|| panic!("{out}"));
        row[3].parse().unwrap_or_else(|e| panic!("{out}: {e}"))
    };
    let double = bh_of_2("192 FIDE_DOUBLESWISS\n", "ds.trf");
    assert!((double - 3.0).abs() < 1e-9, "{double}");
    assert!((bh_of_2("", "plain.trf") - 3.0).abs() > 1e-9);
}
