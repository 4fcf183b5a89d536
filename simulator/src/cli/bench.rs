//! `swisslab bench`: how long a full check of tournament files takes.
//!
//! For each file, the whole-check time (every round re-paired from the rounds before it, as
//! `swisslab check` does, reading included), the median and maximum time of one round's
//! pairing, the peak memory of the process, the rounds that differ from the file and the Dutch
//! 2012 level searches that reached the node limit (taken as not met: those rounds may not be
//! paired as JaVaFo 1.4 pairs them). Each file runs in a child process of its own so that its
//! peak memory is its own. This is the benchmark of the speed issue; it is never run
//! as a test.
//!
//! A team file ([`super::team`]) is measured the same way with the Swiss Team System, every
//! round re-paired as `check` re-pairs it; its `players` column counts its teams.

use super::out::{outln, OutError};
use super::{
    exit, prepare, read_tournament, AccelerationArg, SystemArg, EXIT_INVALID, EXIT_IO, EXIT_OK,
};
use clap::Args as ClapArgs;
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Instant;
use swisslab_engine::checker;
use swisslab_engine::pairing::{Diagnostics, Pairing};

/// Options of `swisslab bench`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// TRF files or folders (searched for `*.trf`, not recursively into `dutch-2025`); team
    /// files (`310` / `013` records) are re-paired by the Swiss Team System.
    /// Default: `testdata/bench`, the four benchmark tournaments shipped with the repository
    /// (100, 200, 500 and 1000 players, 11 rounds, paired by bbpPairings 5.0.1), looked for
    /// in the current folder, then in the source tree the program was built from.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// The pairing system. Default: the one each file names (TRF-2026 `192`, or `092`), else
    /// the edition in force.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub system: Option<SystemArg>,

    /// The acceleration method (C.04.7): `baku` re-pairs the files as accelerated events (the
    /// figures then compare with the same files unaccelerated). Default: each file's own.
    #[arg(long, value_enum, value_name = "METHOD")]
    pub acceleration: Option<AccelerationArg>,

    /// Runs per file; the table shows the median whole-check time.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,

    /// Measure one file in this process and print one machine-readable line (used by the
    /// parent run).
    #[arg(long, hide = true)]
    pub single: bool,
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    if args.single {
        return single(args);
    }
    match run_files(args) {
        Ok(code) => exit(code),
        Err(e) => e.exit(),
    }
}

/// The benchmark files of the repository: `testdata/bench` under the current folder (the
/// repository's root), else under the source tree this program was built from.
fn default_folder() -> Option<PathBuf> {
    let here = PathBuf::from("testdata/bench");
    let built = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/bench");
    [here, built].into_iter().find(|p| p.is_dir())
}

fn run_files(args: &Args) -> Result<u8, OutError> {
    let paths = if args.paths.is_empty() {
        let Some(dir) = default_folder() else {
            eprintln!(
                "error: no benchmark files here: they are the repository's testdata/bench \
                 (four tournaments of 100 to 1000 players); run `swisslab bench` from the root \
                 of a clone of the repository, or name the files or folders: \
                 `swisslab bench PATH...`"
            );
            return Ok(EXIT_IO);
        };
        vec![dir]
    } else {
        args.paths.clone()
    };
    let mut files = Vec::new();
    for p in &paths {
        if !p.exists() {
            eprintln!("error: {}: no such file or folder", p.display());
            return Ok(EXIT_IO);
        }
        if p.is_dir() {
            let Ok(rd) = std::fs::read_dir(p) else {
                eprintln!("error: cannot read {}", p.display());
                return Ok(EXIT_IO);
            };
            let mut v: Vec<PathBuf> = rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "trf"))
                .collect();
            v.sort();
            files.extend(v);
        } else {
            files.push(p.clone());
        }
    }
    if files.is_empty() {
        eprintln!(
            "error: no *.trf file in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        return Ok(EXIT_IO);
    }
    let Ok(me) = std::env::current_exe() else {
        eprintln!("error: cannot find the swisslab executable");
        return Ok(EXIT_IO);
    };
    outln!(
        "{:<36} {:>7} {:>6} {:>11} {:>11} {:>11} {:>9} {:>5} {:>6}",
        "file",
        "players",
        "rounds",
        "check s",
        "median ms",
        "max ms",
        "peak MiB",
        "diff",
        "limit"
    )?;
    let mut given_up = 0u64;
    for f in &files {
        let mut lines = Vec::new();
        for _ in 0..args.runs.max(1) {
            let mut cmd = Command::new(&me);
            cmd.arg("bench").arg("--single").arg(f);
            if let Some(s) = args.system {
                cmd.arg("--system").arg(s.0.name());
            }
            if let Some(a) = args.acceleration {
                cmd.arg("--acceleration").arg(a.0.name());
            }
            let out = cmd.output();
            match out {
                Ok(o) if o.status.success() => {
                    lines.push(String::from_utf8_lossy(&o.stdout).trim().to_string())
                }
                Ok(o) => {
                    eprint!("{}", String::from_utf8_lossy(&o.stderr));
                    return Ok(EXIT_IO);
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    return Ok(EXIT_IO);
                }
            }
        }
        let parsed: Vec<Vec<String>> = lines
            .iter()
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .collect();
        let mut by_time: Vec<&Vec<String>> = parsed.iter().filter(|v| v.len() == 8).collect();
        by_time.sort_by(|a, b| {
            let x: f64 = a[2].parse().unwrap_or(f64::MAX);
            let y: f64 = b[2].parse().unwrap_or(f64::MAX);
            x.total_cmp(&y)
        });
        if let Some(m) = by_time.get(by_time.len() / 2) {
            let name = f
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            outln!(
                "{:<36} {:>7} {:>6} {:>11} {:>11} {:>11} {:>9} {:>5} {:>6}",
                name,
                m[0],
                m[1],
                m[2],
                m[3],
                m[4],
                m[5],
                m[6],
                m[7]
            )?;
            given_up += m[7].parse::<u64>().unwrap_or(0);
        }
    }
    super::warn_node_limit(Diagnostics {
        searches_given_up: given_up,
    });
    Ok(EXIT_OK)
}

/// One file: players rounds check-seconds median-ms max-ms peak-MiB discrepancies
/// searches-given-up.
fn single(args: &Args) -> ExitCode {
    let Some(path) = args.paths.first() else {
        return exit(EXIT_IO);
    };
    let start = Instant::now();
    let mut t = match read_tournament(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match super::team::is_team_file(path, &t, args.system.map(|s| s.0)) {
        Ok(true) => return single_team(args, path, start),
        Ok(false) => {}
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INVALID);
        }
    }
    let rounds = t.rounds_paired();
    let mut times = Vec::with_capacity(rounds);
    let mut discrepancies = 0;
    let system = match prepare(path, &mut t, args.system, args.acceleration) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INVALID);
        }
    };
    let mut diagnostics = Diagnostics::default();
    for round in (1..=rounds).step_by(system.columns_per_round()) {
        // The state `check` re-pairs the round from (a file without `XXR` takes the rounds it
        // records as the total), so that the last column counts what `check` would.
        let (history, req) = checker::round_state(&t, system, round);
        let r0 = Instant::now();
        let produced = system.pair_diagnosed(&history, &req);
        times.push(r0.elapsed().as_secs_f64() * 1e3);
        let produced = produced.map(|d| {
            diagnostics.add(d.diagnostics);
            d.pairing
        });
        let expected = Pairing::from_round(&t, round);
        if !produced.is_ok_and(|p| p.game_set() == expected.game_set() && p.bye == expected.bye) {
            discrepancies += 1;
        }
    }
    let line = Measured {
        units: t.players.len(),
        rounds,
        total: start.elapsed().as_secs_f64(),
        times,
        discrepancies,
        given_up: diagnostics.searches_given_up,
    }
    .line();
    match super::out::print(&line) {
        Ok(()) => exit(EXIT_OK),
        Err(e) => e.exit(),
    }
}

/// One file's measurements, as `single` prints them.
struct Measured {
    /// Players, or teams.
    units: usize,
    rounds: usize,
    /// Seconds for the whole check, reading included.
    total: f64,
    /// Milliseconds per round.
    times: Vec<f64>,
    discrepancies: usize,
    given_up: u64,
}

impl Measured {
    /// `units rounds check-seconds median-ms max-ms peak-MiB discrepancies searches-given-up`.
    fn line(mut self) -> String {
        self.times.sort_by(f64::total_cmp);
        let median = self.times.get(self.times.len() / 2).copied().unwrap_or(0.0);
        let max = self.times.last().copied().unwrap_or(0.0);
        format!(
            "{} {} {:.3} {:.1} {:.1} {:.1} {} {}\n",
            self.units,
            self.rounds,
            self.total,
            median,
            max,
            peak_mib(),
            self.discrepancies,
            self.given_up
        )
    }
}

/// `single` for a team file: every round re-paired by the team system from the rounds before
/// it, as `check` does.
fn single_team(args: &Args, path: &std::path::Path, start: Instant) -> ExitCode {
    use super::team;
    let ev = match team::read(path) {
        Ok(ev) => ev,
        Err((e, io)) => {
            eprintln!("error: {e}");
            return exit(if io { EXIT_IO } else { EXIT_INVALID });
        }
    };
    let ready = team::resolve(path, &ev, args.system.map(|s| s.0)).and_then(|system| {
        if args.acceleration.is_some() {
            return Err(
                "--acceleration: the acceleration of team events is not implemented".into(),
            );
        }
        Ok((system, team::rounds(path, &ev)?))
    });
    let (system, rounds) = match ready {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return exit(EXIT_INVALID);
        }
    };
    let played = team::rounds_played(&ev);
    let mut times = Vec::with_capacity(played);
    let mut discrepancies = 0;
    for r in 1..=played {
        let req = swisslab_engine::team::TeamRequest::replay(&ev, &rounds, r);
        let r0 = Instant::now();
        let produced = system.pair_team(&ev, &req);
        times.push(r0.elapsed().as_secs_f64() * 1e3);
        let expected = swisslab_engine::team::TeamPairing::from_round(&rounds, r);
        if !produced.is_ok_and(|p| team::same(&p, &expected)) {
            discrepancies += 1;
        }
    }
    let line = Measured {
        units: ev.teams.len(),
        rounds: played,
        total: start.elapsed().as_secs_f64(),
        times,
        discrepancies,
        given_up: 0,
    }
    .line();
    match super::out::print(&line) {
        Ok(()) => exit(EXIT_OK),
        Err(e) => e.exit(),
    }
}

/// Peak resident memory of this process in MiB (Linux `VmHWM`), 0 where unknown.
fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| {
                l.split_whitespace()
                    .nth(1)
                    .and_then(|v| v.parse::<f64>().ok())
            })
        })
        .map_or(0.0, |kb| kb / 1024.0)
}
