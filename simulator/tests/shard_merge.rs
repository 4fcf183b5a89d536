//! `simulate --shard K/N` and `merge`: the same run as one process and as 4 shards (separate
//! processes of the built `swisslab`) merged gives byte-identical CSV files (`--no-timing`) and
//! the same histogram counts; the merge refuses a missing shard, a doubled shard and a shard of
//! another run, naming them; failures of the shards are gathered.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use swisslab_simulator::config::Config;
use swisslab_simulator::merge;
use swisslab_simulator::runner::{self, RunConfig};
use swisslab_simulator::shard::Shard;
use swisslab_simulator::sim::{self, Simulation};

const CSV: [&str; 6] = [
    "run.csv",
    "summary.csv",
    "tournaments.csv",
    "players.csv",
    "rounds.csv",
    "groups.csv",
];

fn swisslab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .args(args)
        .output()
        .expect("run swisslab")
}

/// `swisslab simulate` of the small run (12 tournaments x 20 players x 5 rounds) into `out`.
fn simulate(out: &Path, seed: &str, extra: &[&str]) {
    let out = out.to_str().unwrap();
    let mut args = vec![
        "simulate",
        "--tournaments",
        "12",
        "--players",
        "20",
        "--rounds",
        "5",
        "--seed",
        seed,
        "--threads",
        "1",
        "--no-timing",
        "--no-progress",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    let o = swisslab(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn merge_cli(out: &Path, dirs: &[&Path]) -> Output {
    let mut args = vec!["merge".to_string(), out.display().to_string()];
    args.extend(dirs.iter().map(|d| d.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    swisslab(&args)
}

/// Total count per field size of a histogram log.
fn counts(dir: &Path) -> Vec<(u32, u64)> {
    swisslab_reports::load::read_hlog(&dir.join("histograms/pairing-us.hlog"))
        .unwrap()
        .iter()
        .map(|f| (f.players, f.histogram.len()))
        .collect()
}

#[test]
fn four_shards_merged_equal_one_process_and_bad_sets_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = |name: &str| tmp.path().join(name);
    simulate(&dir("single"), "7", &[]);
    let shards: Vec<PathBuf> = (0..4).map(|k| dir(&format!("shard{k}"))).collect();
    // Separate processes, started together.
    let children: Vec<_> = shards
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let shard = format!("{k}/4");
            let d = d.clone();
            std::thread::spawn(move || simulate(&d, "7", &["--shard", &shard]))
        })
        .collect();
    for c in children {
        c.join().unwrap();
    }
    // Each shard is a complete folder of its own, whose run.csv names the shard.
    let run1 = std::fs::read_to_string(shards[1].join("run.csv")).unwrap();
    assert!(run1.lines().nth(1).unwrap().contains(",1,4,3,3,"), "{run1}");
    let t1 = std::fs::read_to_string(shards[1].join("tournaments.csv")).unwrap();
    assert_eq!(t1.lines().count(), 1 + 3);

    // In any order.
    let order: Vec<&Path> = [2, 0, 3, 1].iter().map(|&k| shards[k].as_path()).collect();
    let o = merge_cli(&dir("merged"), &order);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for name in CSV {
        let a = std::fs::read(dir("single").join(name)).unwrap();
        let b = std::fs::read(dir("merged").join(name)).unwrap();
        assert!(
            a == b,
            "{name} differs between the single run and the merge"
        );
    }
    let single = counts(&dir("single"));
    assert_eq!(single, counts(&dir("merged")));
    assert_eq!(single.iter().map(|c| c.1).sum::<u64>(), 60, "12 x 5 rounds");
    assert!(!dir("merged").join(".tmp").exists());
    let report = swisslab(&["report", dir("merged").to_str().unwrap()]);
    assert!(report.status.success());
    assert!(dir("merged").join("report.html").is_file());

    // Refusals: exit 3, nothing written, the message names the problem.
    let refused = |dirs: &[&Path], says: &str| {
        let out = dir("refused");
        let o = merge_cli(&out, dirs);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{err}");
        assert!(err.contains(says), "expected '{says}' in: {err}");
        assert!(!out.join("tournaments.csv").exists());
    };
    let s: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    refused(
        &[s[0], s[1], s[3]],
        "missing shard 2/4 (tournaments 6 to 8)",
    );
    refused(
        &[s[0], s[1], s[2], s[3], s[1]],
        "shard 1/4 (tournaments 3 to 5) given twice",
    );
    simulate(&dir("other"), "8", &["--shard", "2/4"]);
    refused(
        &[s[0], s[1], &dir("other"), s[3]],
        "not the same run: seed is '7'",
    );
    simulate(&dir("rounds6"), "7", &["--shard", "2/4", "--rounds", "6"]);
    refused(&[s[0], s[1], &dir("rounds6"), s[3]], "rounds is '5'");
}

fn small() -> Simulation {
    Simulation::new(Config {
        players: 12,
        rounds: 4,
        ..Config::default()
    })
    .unwrap()
}

fn run_config(out: PathBuf, shard: Shard) -> RunConfig {
    RunConfig {
        out,
        tournaments: 10,
        seed: 3,
        shard,
        threads: 1,
        system: "dutch-2017".into(),
        no_timing: false,
        progress: false,
        replay_args: String::new(),
        interrupt: Default::default(),
        written: Default::default(),
    }
}

#[test]
fn failures_are_gathered_and_the_summary_recomputed() {
    fn odd_rounds_panic(
        t: &swisslab_engine::Tournament,
        req: &swisslab_engine::pairing::Request,
    ) -> Result<swisslab_engine::pairing::Pairing, swisslab_engine::pairing::PairingError> {
        // A broken engine: panics in round 3 of about a third of the tournaments.
        if req.round == 3 && t.players.iter().map(|p| p.rating as u64).sum::<u64>() % 3 == 0 {
            panic!("broken on purpose");
        }
        swisslab_engine::System::Dutch2017.pair(t, req)
    }
    let mut s = small();
    s.engine = sim::Engine::Function(odd_rounds_panic);
    let tmp = tempfile::tempdir().unwrap();
    let whole = runner::run(&s, &run_config(tmp.path().join("whole"), Shard::WHOLE)).unwrap();
    assert!(
        whole.summary.failed > 0 && whole.summary.failed < 10,
        "{whole:?}"
    );
    let dirs: Vec<PathBuf> = (0..3)
        .map(|k| {
            let d = tmp.path().join(format!("s{k}"));
            runner::run(&s, &run_config(d.clone(), Shard { index: k, count: 3 })).unwrap();
            d
        })
        .collect();
    let out = tmp.path().join("merged");
    let m = merge::merge(&out, &dirs).unwrap();
    let w = &whole.summary;
    let g = &m.summary;
    assert_eq!(
        (
            w.tournaments,
            w.completed,
            w.failed,
            w.rounds_paired,
            w.games,
            w.byes
        ),
        (
            g.tournaments,
            g.completed,
            g.failed,
            g.rounds_paired,
            g.games,
            g.byes
        )
    );
    assert_eq!(m.failures.len() as u64, w.failed);
    let names = |d: &Path| {
        let mut v: Vec<_> = std::fs::read_dir(d.join("failures"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&tmp.path().join("whole")), names(&out));
    // Timing on: the percentiles come from the merged histograms.
    assert!(g.pair_us_max > 0 && g.pair_us_p50 <= g.pair_us_max);
    assert_eq!(
        counts(&tmp.path().join("whole")),
        counts(&out),
        "same counts per field size"
    );
}

#[test]
fn unfinished_shards_are_refused() {
    let s = small();
    let tmp = tempfile::tempdir().unwrap();
    let dirs: Vec<PathBuf> = (0..2)
        .map(|k| {
            let d = tmp.path().join(format!("s{k}"));
            runner::run(&s, &run_config(d.clone(), Shard { index: k, count: 2 })).unwrap();
            d
        })
        .collect();
    // Interrupted before any tournament: a complete folder with none of its 5 tournaments.
    let rc = run_config(dirs[0].clone(), Shard { index: 0, count: 2 });
    rc.interrupt
        .store(true, std::sync::atomic::Ordering::SeqCst);
    assert!(runner::run(&s, &rc).unwrap().interrupted);
    let e = merge::merge(&tmp.path().join("m"), &dirs).unwrap_err();
    assert!(e.to_string().contains("ran 0 of its 5 tournaments"), "{e}");
    // Killed before the end: no summary.csv.
    std::fs::remove_file(dirs[1].join("summary.csv")).unwrap();
    let e = merge::merge(&tmp.path().join("m"), &dirs[1..]).unwrap_err();
    assert!(e.to_string().contains("did not finish"), "{e}");
}

/// With `--compare-engine`, the merge also gathers `disagreements.csv` and adds up the second
/// engine's timing log, and the engines are part of a run's identity.
#[test]
fn shards_of_a_compared_run_merge_their_disagreements() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = |name: &str| tmp.path().join(name);
    // The 2026 rules compared with the 2017 engine: with an odd field (a bye every round) they
    // disagree on some rounds.
    let compare = [
        "--players",
        "21",
        "--rounds",
        "8",
        "--system",
        "dutch-2026",
        "--compare-engine",
        "swisslab:dutch-2017",
    ];
    simulate(&dir("single"), "3", &compare);
    for k in 0..2 {
        let shard = format!("{k}/2");
        let mut extra = compare.to_vec();
        extra.extend(["--shard", &shard]);
        simulate(&dir(&format!("shard{k}")), "3", &extra);
    }
    let o = merge_cli(&dir("merged"), &[&dir("shard0"), &dir("shard1")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for name in CSV.iter().chain(&["disagreements.csv"]) {
        let a = std::fs::read(dir("single").join(name)).unwrap();
        let b = std::fs::read(dir("merged").join(name)).unwrap();
        assert!(a == b, "{name} differs after the merge");
    }
    let rows = std::fs::read_to_string(dir("single").join("disagreements.csv")).unwrap();
    assert!(rows.lines().count() > 1, "the editions disagree somewhere");
    // Each disagreement names the first criterion that separates the two (by the compared
    // swisslab system's articles) or says they differ by the generation order.
    for row in rows.lines().skip(1) {
        assert!(
            row.contains(": C.") || row.contains("generation order"),
            "{row}"
        );
    }
    let compared = |d: &Path| {
        swisslab_reports::load::read_hlog(&d.join("histograms/compare-us.hlog"))
            .unwrap()
            .iter()
            .map(|f| (f.players, f.histogram.len()))
            .collect::<Vec<_>>()
    };
    assert_eq!(compared(&dir("single")), compared(&dir("merged")));
    // A shard paired by another engine is of another run.
    let mut other = compare[..6].to_vec();
    other.extend(["--shard", "1/2"]);
    simulate(&dir("other"), "3", &other);
    let o = merge_cli(&dir("merged2"), &[&dir("shard0"), &dir("other")]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("compare_engine"), "{err}");
}
