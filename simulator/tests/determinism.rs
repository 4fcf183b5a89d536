//! The same seed gives byte-identical CSV files with 1 and with 2 threads (timing columns are
//! written as 0 with `no_timing`) that the reports crate reads back, and `generate --until-round
//! K` is a prefix of the whole run.

use swisslab_simulator::config::Config;
use swisslab_simulator::runner::{self, RunConfig};
use swisslab_simulator::sim::{self, RunOptions, Simulation};

fn small() -> Simulation {
    let mut cfg = Config {
        players: 20,
        players_max: Some(36),
        rounds: 6,
        ..Config::default()
    };
    cfg.events.late_entry_rate = 0.08;
    cfg.events.withdrawal_rate = 0.08;
    cfg.events.bye_rate = 0.04;
    cfg.results.forfeit_rate = 0.03;
    Simulation::new(cfg).unwrap()
}

/// A run of `tournaments` into `dir`, timing columns written as 0, no progress bar.
fn run_config(dir: &std::path::Path, tournaments: u64, seed: u64, threads: usize) -> RunConfig {
    RunConfig {
        out: dir.to_path_buf(),
        tournaments,
        seed,
        threads,
        system: "dutch-2017".into(),
        no_timing: true,
        progress: false,
        replay_args: String::new(),
        interrupt: Default::default(),
        written: Default::default(),
        shard: Default::default(),
    }
}

fn run_with(threads: usize, dir: &std::path::Path) -> runner::RunSummary {
    runner::run(&small(), &run_config(dir, 24, 42, threads)).unwrap()
}

#[test]
fn one_and_two_threads_write_identical_csv() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let sa = run_with(1, a.path());
    let sb = run_with(2, b.path());
    assert_eq!(sa.summary.failed, 0, "{:?}", sa.failures);
    assert_eq!(sb.summary.failed, 0, "{:?}", sb.failures);
    for name in [
        "run.csv",
        "summary.csv",
        "tournaments.csv",
        "players.csv",
        "rounds.csv",
        "groups.csv",
    ] {
        let x = std::fs::read(a.path().join(name)).unwrap();
        let y = std::fs::read(b.path().join(name)).unwrap();
        assert!(x == y, "{name} differs between 1 and 2 threads");
        assert!(x.len() > 50, "{name} is empty");
    }
    // Streamed in index order.
    let t = std::fs::read_to_string(a.path().join("tournaments.csv")).unwrap();
    let idx: Vec<u64> = t
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(idx, (0..24).collect::<Vec<_>>());
    assert!(a.path().join("histograms/pairing-us.hlog").is_file());
    assert!(!a.path().join(".tmp").exists());

    // The reports crate reads the rows back with its own row types (the CSV contract of
    // simulator/OUTPUT.md): every file, every row, every column.
    let run = swisslab_reports::load::load(a.path()).unwrap();
    assert_eq!(run.tournaments.len(), 24);
    let lines = |name: &str| {
        std::fs::read_to_string(a.path().join(name))
            .unwrap()
            .lines()
            .count()
            - 1
    };
    let players: usize = run.tournaments.iter().map(|t| t.players.len()).sum();
    let rounds: usize = run.tournaments.iter().map(|t| t.rounds.len()).sum();
    assert_eq!(players, lines("players.csv"));
    assert_eq!(rounds, lines("rounds.csv"));
    assert!(run.summary.is_some());
    assert!(!run.histograms.is_empty());
}

#[test]
fn failures_are_written_with_a_replay_command() {
    fn panicking(
        t: &swisslab_engine::Tournament,
        req: &swisslab_engine::pairing::Request,
    ) -> Result<swisslab_engine::pairing::Pairing, swisslab_engine::pairing::PairingError> {
        if req.round == 3 && req.present.len() % 2 == 1 {
            panic!("deliberate");
        }
        swisslab_engine::System::Dutch2017.pair(t, req)
    }
    let mut s = small();
    s.engine = sim::Engine::Function(panicking);
    let dir = tempfile::tempdir().unwrap();
    let rc = RunConfig {
        replay_args: " --players 20".into(),
        ..run_config(dir.path(), 12, 42, 2)
    };
    let sum = runner::run(&s, &rc).unwrap();
    assert!(sum.summary.failed > 0 && sum.summary.failed < 12, "{sum:?}");
    assert_eq!(sum.failures.len() as u64, sum.summary.failed);
    let names: Vec<String> = std::fs::read_dir(dir.path().join("failures"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len() as u64, 2 * sum.summary.failed, "{names:?}");
    let txt = names.iter().find(|n| n.ends_with(".txt")).unwrap();
    let text = std::fs::read_to_string(dir.path().join("failures").join(txt)).unwrap();
    assert!(
        text.contains("replay: swisslab generate --seed 42 --index "),
        "{text}"
    );
    assert!(text.contains("--until-round 3 --players 20 -o "), "{text}");
    let t = std::fs::read_to_string(dir.path().join("tournaments.csv")).unwrap();
    assert_eq!(t.lines().count(), 13);
    assert!(t.contains("engine panic: deliberate"));
}

#[test]
fn until_round_is_a_prefix_of_the_whole_tournament() {
    let s = small();
    for index in [0, 5, 17] {
        let mut full = sim::run_tournament(&s, 42, index, RunOptions::default());
        let mut part = sim::run_tournament(
            &s,
            42,
            index,
            RunOptions {
                until_round: Some(3),
            },
        );
        sim::clear_timing(&mut full);
        sim::clear_timing(&mut part);
        assert_eq!(part.rounds, full.rounds[..3].to_vec());
        let cut = full.tournament.truncated(3);
        for (p, q) in part.tournament.players.iter().zip(&cut.players) {
            assert_eq!(p.rounds, q.rounds);
        }
    }
}

/// An interrupted run (Ctrl-C) keeps what it has done: the tournaments started finish, and
/// the files hold tournaments 0 .. N without a gap, with a summary that counts them.
#[test]
fn an_interrupted_run_keeps_the_tournaments_done() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, OnceLock};
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    fn interrupting(
        t: &swisslab_engine::Tournament,
        req: &swisslab_engine::pairing::Request,
    ) -> Result<swisslab_engine::pairing::Pairing, swisslab_engine::pairing::PairingError> {
        // About a dozen tournaments in, as if the user pressed Ctrl-C.
        if CALLS.fetch_add(1, Ordering::SeqCst) == 100 {
            FLAG.get().unwrap().store(true, Ordering::SeqCst);
        }
        swisslab_engine::System::Dutch2017.pair(t, req)
    }
    let flag = FLAG.get_or_init(Default::default).clone();
    let mut s = small();
    s.engine = sim::Engine::Function(interrupting);
    let dir = tempfile::tempdir().unwrap();
    let rc = RunConfig {
        interrupt: flag,
        written: Default::default(),
        ..run_config(dir.path(), 200, 7, 2)
    };
    let sum = runner::run(&s, &rc).unwrap();
    assert!(sum.interrupted);
    let n = sum.summary.tournaments;
    assert!(n > 0 && n < 200, "{n} tournaments written");
    let text = std::fs::read_to_string(dir.path().join("tournaments.csv")).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let idx = rows
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "tournament")
        .unwrap();
    let written: Vec<u64> = rows
        .records()
        .map(|r| r.unwrap()[idx].parse().unwrap())
        .collect();
    assert_eq!(written, (0..n).collect::<Vec<_>>());
    assert!(dir.path().join("summary.csv").is_file());
    assert!(!dir.path().join(".tmp").exists());
}
