//! Files swisslab writes, read by the other engines: generated tournaments of
//! every kind of point system (1-0.5-0, 3-1-0, 2-1-0 and an odd custom one), the same files
//! normalised as `swisslab trf --out-dir` writes them (TRF-16, CR line ends) and as TRF-2026,
//! and the `DIR/failures/` files of a simulate run whose engine fails on purpose.
//!
//! The reference engines come from `../shared/engines` (or `$SWISSLAB_SHARED/engines`); where
//! they are absent (CI) the stand-in `tests/engines/standin_engine.py` plays them: it speaks
//! bbpPairings' command line and pairs with `swisslab pair` / `swisslab check` run on the file
//! as written, so the files and the protocol are still tested, with a printed notice. Then:
//! - bbpPairings v5.0.1 (2017 rules, those of swisslab's engine) re-pairs every round of every
//!   TRF-16 file with `-c` and must agree on each one;
//! - bbpPairings v6 (2026 rules) must read every file, TRF-16 and TRF-2026 (its pairings follow
//!   other rules and are not compared);
//! - every failure file is paired by swisslab (`Request::next_round` and the Dutch engine, as
//!   `swisslab pair` does) and by v5 with `-p`: the same pairing, or both find none.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use swisslab_engine::pairing::{Pairing, PairingError, Request};
use swisslab_engine::trf::{self, Format, LineEnding, WriteOptions};
use swisslab_engine::{RoundEntry, System, Tournament, Unplayed};
use swisslab_simulator::config::Config;
use swisslab_simulator::runner::{self, RunConfig};
use swisslab_simulator::sim::{self, RunOptions, Simulation};

/// The point systems sampled: (label, `[points]` settings).
const SYSTEMS: &[(&str, &str)] = &[
    ("1-0.5-0", "system = \"1-0.5-0\""),
    ("3-1-0", "system = \"3-1-0\""),
    ("2-1-0", "system = \"2-1-0\""),
    // Odd: a played loss scores, the bye less than a win; absences and forfeit losses 0.
    (
        "2.5-1.5-0.5",
        "system = \"2.5-1.5-0.5\"\npab = 2.0\nzero_bye = 0.0\nforfeit_loss = 0.0",
    ),
];

/// The folder holding the reference engines, if present.
fn engines() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let candidates = [
        std::env::var_os("SWISSLAB_SHARED").map(PathBuf::from),
        Some(root.join("..").join("shared")),
        Some(root.join("..").join("..").join("shared")),
    ];
    candidates
        .into_iter()
        .flatten()
        .map(|s| s.join("engines"))
        .find(|e| e.join("bbpPairings-5.0.1").join("bbpPairings").is_file())
}

fn simulation(points: &str, players: u32, rounds: u32) -> Simulation {
    let text = format!(
        "players = {players}\nplayers_max = {}\nrounds = {rounds}\n\
         [points]\n{points}\n\
         [events]\nlate_entry_rate = 0.1\nwithdrawal_rate = 0.1\nbye_rate = 0.06\n\
         half_bye_weight = 0.5\nzero_bye_weight = 0.3\nfull_bye_weight = 0.2\n\
         max_byes_per_player = 2\n\
         [results]\nforfeit_rate = 0.05\n",
        players + 10
    );
    let cfg: Config = toml::from_str(&text).unwrap();
    // Paired under the 2017 rules: bbpPairings v5's `-c` re-pairs them with those rules.
    Simulation::new(cfg).unwrap().with_system(System::Dutch2017)
}

/// An engine's command line: the program and its first arguments.
type Engine = Vec<String>;

/// bbpPairings (`version` is its folder under `../shared/engines`), or where it is absent the
/// stand-in that speaks its command line.
fn engine(version: &str) -> Engine {
    if let Some(bbp) = engines()
        .map(|e| e.join(version).join("bbpPairings"))
        .filter(|b| b.is_file())
    {
        return vec![bbp.display().to_string()];
    }
    let standin = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/standin_engine.py");
    support::skip::notice(
        "external_engines",
        &format!(
            "{version} not found in ../shared/engines (no registry has it): {} plays it",
            standin.display()
        ),
    );
    vec![
        "python3".into(),
        standin.display().to_string(),
        env!("CARGO_BIN_EXE_swisslab").into(),
    ]
}

/// Runs an engine; returns (stdout, stderr).
fn run(engine: &[String], args: &[&str]) -> (String, String) {
    let out = Command::new(&engine[0])
        .args(&engine[1..])
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", engine.join(" ")));
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A file the engines could not read: their messages start with "Error parsing" or
/// "Error processing" (a missing pairing is "Error while pairing").
fn unreadable(stderr: &str) -> bool {
    stderr.contains("Error parsing") || stderr.contains("Error processing")
}

#[test]
fn generated_files_are_read_and_repaired_alike_by_bbppairings() {
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<(String, PathBuf, Format)> = Vec::new();
    let mut stopped_files: Vec<PathBuf> = Vec::new();
    let (mut stopped, mut with_absences) = (0, 0);
    for (k, (label, points)) in SYSTEMS.iter().enumerate() {
        let s = simulation(points, 5, 6);
        for index in 0..12u64 {
            let r = sim::run_tournament(&s, 100 + k as u64, index, RunOptions::default());
            assert!(r.failure.is_none(), "{label} #{index}: {:?}", r.failure);
            let text = r.trf().unwrap();
            let t = trf::read_str(&text).unwrap_or_else(|e| panic!("{label} #{index}: {e}"));
            if r.stopped_absences.is_some() {
                stopped += 1;
                // The file asks the question that stopped the tournament.
                let req = Request::next_round(&t);
                assert_eq!(req.round, r.summary.rounds_paired + 1, "{label} #{index}");
                assert!(matches!(
                    System::Dutch2017.pair(&t, &req),
                    Err(PairingError::NoValidPairing(_))
                ));
                if t.rounds_recorded() > t.rounds_paired() {
                    with_absences += 1;
                }
            }
            let stem = format!("{}-{index:02}", label.replace('.', "_"));
            // As generate writes it; as `trf --out-dir` writes it; as TRF-2026.
            let variants = [
                ("gen", text.clone(), Format::Trf16),
                (
                    "out",
                    trf::write_with(
                        &t,
                        &WriteOptions {
                            line_ending: LineEnding::Cr,
                            format: Format::Trf16,
                        },
                    ),
                    Format::Trf16,
                ),
                (
                    "t26",
                    trf::write_with(
                        &t,
                        &WriteOptions {
                            line_ending: LineEnding::Lf,
                            format: Format::Trf26,
                        },
                    ),
                    Format::Trf26,
                ),
            ];
            if r.stopped_absences.is_some() {
                stopped_files.push(dir.path().join(format!("{stem}-gen.trf")));
            }
            for (kind, written, format) in variants {
                assert_eq!(
                    trf::read_str(&written).unwrap(),
                    t,
                    "{label} #{index} {kind}"
                );
                let path = dir.path().join(format!("{stem}-{kind}.trf"));
                std::fs::write(&path, written).unwrap();
                files.push((label.to_string(), path, format));
            }
        }
    }
    eprintln!(
        "{} files, {stopped} tournaments stopped (no valid pairing), {with_absences} of them with absences in the round asked",
        files.len()
    );
    assert!(stopped > 0, "the sample holds stopped tournaments");
    let v5 = engine("bbpPairings-5.0.1");
    let v6 = engine("bbpPairings-6");
    let (mut agreed, mut v6_read) = (0, 0);
    let mut problems = Vec::new();
    for (label, path, format) in &files {
        let p = path.to_str().unwrap();
        if *format == Format::Trf16 {
            let (out, err) = run(&v5, &["--dutch", p, "-c"]);
            if unreadable(&err) || out.contains("Checker pairings") || !out.contains("Round #1") {
                problems.push(format!("v5 -c {label} {p}: {err}{out}"));
            } else {
                agreed += 1;
            }
        }
        let (_, err) = run(&v6, &["--dutch", p, "-c"]);
        if unreadable(&err) {
            problems.push(format!("v6 reads {label} {p}: {err}"));
        } else {
            v6_read += 1;
        }
    }
    // Where swisslab found no valid pairing, v5 finds none either. The pairing goes to a file
    // of the test's own: bbpPairings removes its output file when it finds no pairing, and
    // given `/dev/null` (as root) it would remove the device node.
    let unused = dir.path().join("no-pairing.out");
    let unused = unused.to_str().unwrap();
    for path in &stopped_files {
        let p = path.to_str().unwrap();
        let (_, err) = run(&v5, &["--dutch", p, "-p", unused]);
        if !err.contains("No valid pairing exists") {
            problems.push(format!(
                "v5 -p {p}: a pairing where swisslab stopped: {err}"
            ));
        }
    }
    eprintln!(
        "bbpPairings v5 -c agrees on {agreed} TRF-16 files, and finds no pairing either in the {} stopped; v6 reads {v6_read} of {} files",
        stopped_files.len(),
        files.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(agreed * 3, files.len() * 2, "every TRF-16 file re-paired");
    assert_eq!(v6_read, files.len(), "every file read");
}

/// An engine that refuses round 3 although a pairing exists: every tournament that reaches
/// round 3 fails there, with that round's absences in the failure file.
fn refusing(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    if req.round == 3 {
        return Err(PairingError::NoValidPairing("deliberately wrong".into()));
    }
    System::Dutch2017.pair(t, req)
}

#[test]
fn failure_files_ask_the_failing_question_of_every_engine() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = simulation(SYSTEMS[3].1, 6, 5);
    s.cfg.events.bye_rate = 0.15;
    s.engine = sim::Engine::Function(refusing);
    let rc = RunConfig {
        out: dir.path().to_path_buf(),
        tournaments: 16,
        seed: 7,
        threads: 1,
        system: "dutch-2017".into(),
        no_timing: true,
        progress: false,
        replay_args: String::new(),
        interrupt: Default::default(),
        written: Default::default(),
        shard: Default::default(),
    };
    let sum = runner::run(&s, &rc).unwrap();
    assert!(sum.summary.failed > 0, "{sum:?}");
    let mut trfs: Vec<PathBuf> = std::fs::read_dir(dir.path().join("failures"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    trfs.sort();
    assert_eq!(trfs.len() as u64, sum.summary.failed);
    let v5 = engine("bbpPairings-5.0.1");
    let (mut absences, mut compared) = (0, 0);
    for path in &trfs {
        let t = trf::read_file(path).unwrap();
        let req = Request::next_round(&t);
        assert_eq!(req.round, 3, "{}", path.display());
        // The absent players of the round are written in its column; the others are paired.
        for p in &t.players {
            let absent = matches!(
                p.rounds.get(2),
                Some(RoundEntry::Unplayed(
                    Unplayed::HalfBye | Unplayed::FullBye | Unplayed::ZeroBye
                ))
            );
            assert_eq!(absent, !req.present.contains(&p.id), "{}", path.display());
            absences += usize::from(absent);
        }
        let ours = System::Dutch2017
            .pair(&t, &req)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out_path = dir.path().join("bbp-pairing.txt");
        let (_, err) = run(
            &v5,
            &[
                "--dutch",
                path.to_str().unwrap(),
                "-p",
                out_path.to_str().unwrap(),
            ],
        );
        assert!(err.is_empty(), "{}: {err}", path.display());
        let text = std::fs::read_to_string(&out_path).unwrap();
        let mut theirs: Vec<(u32, u32)> = text
            .lines()
            .skip(1)
            .map(|l| {
                let mut it = l.split_whitespace().map(|x| x.parse::<u32>().unwrap());
                (it.next().unwrap(), it.next().unwrap())
            })
            .collect();
        let mut mine: Vec<(u32, u32)> = ours.games.clone();
        mine.extend(ours.bye.map(|b| (b, 0)));
        mine.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(mine, theirs, "{}", path.display());
        compared += 1;
    }
    eprintln!(
        "{} failure files, {absences} absences in the rounds asked, {compared} pairings equal to bbpPairings v5's",
        trfs.len()
    );
    assert!(absences > 0, "the sample has absences in the failing round");
    assert_eq!(compared, trfs.len(), "every failure file paired by both");
}
