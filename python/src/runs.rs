//! Long runs: `simulate` (the runner of `swisslab simulate`, writing the same CSV files) and
//! `forecast` (the runs of `swisslab forecast`). The run works on a thread of its own with the
//! GIL released; the calling thread wakes every 100 ms to honour Ctrl-C (`check_signals`: the
//! run is stopped as the command stops it, then `KeyboardInterrupt` is raised) and to report
//! progress to a Python callable.

use crate::errors::{self, Position};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;
use swisslab_engine::acceleration::Method;
use swisslab_engine::System;
use swisslab_simulator::config::{Config, ConfigError};
use swisslab_simulator::forecast::{self as fc, Event, EventOptions, ParamsCsv};
use swisslab_simulator::runner::{self, RunConfig};
use swisslab_simulator::sim::{Engine, Overrides, Simulation};

/// What the caller's thread watches while a run works: its stop flag, its count of finished
/// units (tournaments, runs) out of `total`, and the Python callable told of progress.
struct Watch<'a> {
    stop: &'a AtomicBool,
    done: &'a AtomicU64,
    total: u64,
    progress: Option<Py<PyAny>>,
}

/// Runs `work` on a scoped thread with the GIL released, polling for Ctrl-C and reporting
/// progress; returns the work's result and the exception to raise once it has stopped (the
/// `KeyboardInterrupt`, or an error of the progress callable), if any.
fn watched<T: Send>(
    py: Python<'_>,
    watch: &Watch<'_>,
    work: impl FnOnce() -> T + Send,
) -> (std::thread::Result<T>, Option<PyErr>) {
    let mut raised: Option<PyErr> = None;
    let result = py.allow_threads(|| {
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            let handle = s.spawn(move || {
                let r = work();
                // The receiver outlives the thread: a send fails only after a panic there.
                let _ = tx.send(());
                r
            });
            let mut reported = u64::MAX;
            loop {
                let finished = !matches!(
                    rx.recv_timeout(Duration::from_millis(100)),
                    Err(mpsc::RecvTimeoutError::Timeout)
                );
                if raised.is_none() {
                    Python::with_gil(|py| {
                        let done = watch.done.load(Ordering::Relaxed);
                        let step = match (&watch.progress, done != reported) {
                            (Some(cb), true) => cb.call1(py, (done, watch.total)).map(|_| ()),
                            _ => Ok(()),
                        };
                        reported = done;
                        if let Err(e) = step.and_then(|()| py.check_signals()) {
                            watch.stop.store(true, Ordering::SeqCst);
                            raised = Some(e);
                        }
                    });
                }
                if finished {
                    break;
                }
            }
            handle.join()
        })
    });
    (result, raised)
}

/// A panic of the run (never expected: the engine's panics are caught per tournament) as an
/// exception.
fn panicked(py: Python<'_>, what: &str) -> PyErr {
    errors::failures(py, format!("{what}: the run panicked"), Position::default())
}

fn config_error(py: Python<'_>, e: &ConfigError) -> PyErr {
    match e {
        ConfigError::Read { path, source } => errors::io(
            py,
            format!("cannot read {}: {source}", path.display()),
            Position::file(&path.display().to_string()),
        ),
        ConfigError::Parse { path, .. } => errors::config(
            py,
            format!("configuration: {e}"),
            Position::file(&path.display().to_string()),
        ),
        ConfigError::At {
            path, line, column, ..
        } => errors::config(
            py,
            format!("configuration: {e}"),
            Position {
                file: Some(path.display().to_string()),
                line: Some(*line),
                column: Some(*column),
            },
        ),
        ConfigError::Invalid(_) => errors::config(py, format!("{e}"), Position::default()),
    }
}

/// The options of one simulate call, as `swisslab simulate` takes them.
#[derive(Default)]
struct SimArgs {
    config: Option<PathBuf>,
    players: Option<u32>,
    rounds: Option<u32>,
    system: Option<System>,
    acceleration: Option<Method>,
}

impl SimArgs {
    /// The configuration with the overrides applied and validated (warnings returned), as the
    /// command builds it.
    fn simulation(&self, py: Python<'_>) -> PyResult<(Simulation, Vec<String>)> {
        let (cfg, warnings) = match &self.config {
            Some(p) => Config::load(p).map_err(|e| config_error(py, &e))?,
            None => (Config::default(), Vec::new()),
        };
        let base = self
            .config
            .as_deref()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."));
        let over = Overrides {
            players: self.players,
            rounds: self.rounds,
            system: self.system,
            acceleration: self.acceleration,
        };
        let sim = Simulation::configured(cfg, base, &over).map_err(|e| config_error(py, &e))?;
        Ok((sim, warnings))
    }

    /// The command line that builds the same tournaments (for the replay commands written
    /// with each failure).
    fn replay_args(&self) -> String {
        let mut s = String::new();
        if let Some(c) = &self.config {
            s.push_str(&format!(" --config '{}'", c.display()));
        }
        if let Some(n) = self.players {
            s.push_str(&format!(" --players {n}"));
        }
        if let Some(r) = self.rounds {
            s.push_str(&format!(" --rounds {r}"));
        }
        if let Some(sys) = self.system {
            s.push_str(&format!(" --system {}", sys.name()));
        }
        if let Some(a) = self.acceleration {
            s.push_str(&format!(" --acceleration {}", a.name()));
        }
        s
    }
}

fn threads_or_cpus(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        })
        .max(1)
}

fn parse_system(py: Python<'_>, s: Option<&str>) -> PyResult<Option<System>> {
    s.map(|s| {
        s.parse::<System>()
            .map_err(|e| errors::usage(py, format!("system: {e}")))
    })
    .transpose()
}

fn parse_method(py: Python<'_>, a: Option<&str>) -> PyResult<Option<Method>> {
    a.map(|a| {
        a.parse::<Method>()
            .map_err(|e| errors::usage(py, format!("acceleration: {e}")))
    })
    .transpose()
}

/// Runs seeded random tournaments into `out` exactly as `swisslab simulate --out OUT` does
/// (the same CSV files, byte for byte with `no_timing`), and returns the run's summary.
#[pyfunction]
#[pyo3(signature = (out, config=None, players=None, rounds=None, system=None,
    acceleration=None, tournaments=None, seed=None, threads=None, no_timing=false,
    progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    out: PathBuf,
    config: Option<PathBuf>,
    players: Option<u32>,
    rounds: Option<u32>,
    system: Option<&str>,
    acceleration: Option<&str>,
    tournaments: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    no_timing: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let args = SimArgs {
        config,
        players,
        rounds,
        system: parse_system(py, system)?,
        acceleration: parse_method(py, acceleration)?,
    };
    let (sim, warnings) = args.simulation(py)?;
    let rc = RunConfig {
        out: out.clone(),
        tournaments: tournaments.unwrap_or(sim.cfg.tournaments),
        seed: seed.unwrap_or(sim.cfg.seed),
        shard: Default::default(),
        threads: threads_or_cpus(threads),
        system: sim.system.name().into(),
        no_timing,
        progress: false,
        replay_args: args.replay_args(),
        interrupt: Arc::default(),
        written: Arc::default(),
    };
    let watch = Watch {
        stop: &rc.interrupt,
        done: &rc.written,
        total: rc.tournaments,
        progress,
    };
    let (result, raised) = watched(py, &watch, || runner::run(&sim, &rc));
    let summary = result.map_err(|_| panicked(py, "simulate"))?;
    let s = summary.map_err(|e| {
        errors::io(
            py,
            format!("simulate into {}: {e}", out.display()),
            Position::file(&out.display().to_string()),
        )
    })?;
    if let Some(e) = raised {
        return Err(e);
    }
    let d = PyDict::new(py);
    d.set_item("out", out)?;
    d.set_item("tournaments", s.summary.tournaments)?;
    d.set_item("completed", s.summary.completed)?;
    d.set_item("stopped", s.stopped)?;
    d.set_item("failed", s.summary.failed)?;
    d.set_item("rounds_paired", s.summary.rounds_paired)?;
    d.set_item("games", s.summary.games)?;
    d.set_item("byes", s.summary.byes)?;
    d.set_item("seed", rc.seed)?;
    d.set_item("system", rc.system.clone())?;
    d.set_item("threads", rc.threads)?;
    d.set_item("wall_seconds", s.wall.as_secs_f64())?;
    d.set_item("failures", s.failures.clone())?;
    d.set_item("warnings", warnings)?;
    Ok(d)
}

/// Plays the rest of the event in `path` `runs` times from `seed` and writes the files of
/// `swisslab forecast FILE --out OUT` (forecast.csv, rounds.csv, players.csv, ...).
#[pyfunction]
#[pyo3(signature = (path, out, runs=1000, seed=1, system=None, acceleration=None,
    rounds=None, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn forecast<'py>(
    py: Python<'py>,
    path: PathBuf,
    out: PathBuf,
    runs: u64,
    seed: u64,
    system: Option<&str>,
    acceleration: Option<&str>,
    rounds: Option<usize>,
    threads: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let label = path.display().to_string();
    if runs == 0 {
        return Err(errors::usage(py, "runs must be at least 1".into()));
    }
    let opts = EventOptions {
        system: parse_system(py, system)?,
        rounds,
        acceleration: parse_method(py, acceleration)?,
        profile: None,
        after_round: None,
    };
    let ev = Event::read(&path, &opts).map_err(|e| match &e {
        fc::ForecastError::Trf(t) => errors::trf(py, t),
        _ => errors::config(py, format!("{e}"), Position::file(&label)),
    })?;
    if ev.system.columns_per_round() > 1 {
        return Err(errors::config(
            py,
            format!(
                "{label}: forecast does not continue {} events (a match of two games takes two \
                 round columns)",
                ev.system
            ),
            Position::file(&label),
        ));
    }
    let engine = Engine::Swisslab(ev.system);
    let threads = threads_or_cpus(threads);
    let pool = rayon_pool(py, threads)?;
    let (stop, done) = (AtomicBool::new(false), AtomicU64::new(0));
    let watch = Watch {
        stop: &stop,
        done: &done,
        total: runs,
        progress,
    };
    let start = std::time::Instant::now();
    let (tally, raised) = watched(py, &watch, || {
        pool.install(|| {
            fc::forecast_until(&ev, &engine, seed, runs, &stop, &|| {
                done.fetch_add(1, Ordering::Relaxed);
            })
        })
    });
    let wall = start.elapsed().as_secs_f64();
    let tally = tally.map_err(|_| panicked(py, "forecast"))?;
    if let Some(e) = raised {
        return Err(e);
    }
    let params = ParamsCsv::new(
        &ev,
        label.clone(),
        (runs, seed),
        &engine,
        opts.acceleration,
        &tally,
    );
    fc::write(&out, &ev, &tally, &params).map_err(|e| {
        errors::io(
            py,
            format!("forecast into {}: {e}", out.display()),
            Position::file(&out.display().to_string()),
        )
    })?;
    let d = PyDict::new(py);
    d.set_item("out", out)?;
    d.set_item("runs", runs)?;
    d.set_item("seed", seed)?;
    d.set_item("system", ev.system.name())?;
    d.set_item("players", ev.t.players.len())?;
    d.set_item("rounds_played", ev.first_round - 1)?;
    d.set_item("total_rounds", ev.total_rounds)?;
    d.set_item("failed_runs", tally.failed_runs)?;
    d.set_item("wall_seconds", wall)?;
    let failures: Vec<String> = tally
        .failures
        .iter()
        .map(|(i, f)| format!("run {i}: {f}"))
        .collect();
    d.set_item("failures", failures)?;
    Ok(d)
}

fn rayon_pool(py: Python<'_>, threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| {
            errors::io(
                py,
                format!("cannot start the worker threads: {e}"),
                Position::default(),
            )
        })
}
