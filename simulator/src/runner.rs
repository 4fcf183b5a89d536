//! `simulate`: runs many tournaments in parallel and streams their statistics to disk.
//!
//! Workers of a local rayon pool take tournament indices from a shared counter; each finished
//! tournament goes to the writer (the calling thread), which writes results **in index order**
//! through a small reorder buffer and then drops them, so memory does not grow with the number
//! of tournaments. A worker does not start tournament `i` before tournament `i - window` has
//! been written (window = 4 x threads), which bounds that buffer.
//!
//! Files (columns in `simulator/OUTPUT.md`): `tournaments.csv`, `players.csv`, `rounds.csv`
//! are streamed — each tournament's rows are formatted in memory and appended with one write,
//! then flushed, so an interrupted run leaves valid CSV holding every finished tournament.
//! `run.csv` (at the start), `summary.csv` and `histograms/pairing-us.hlog` (at the end) are
//! whole-file outputs, written under `DIR/.tmp` and renamed into place. Failures go to
//! `DIR/failures/`: the TRF before the failing round and a text file with the seed, the index
//! and the one-line replay command.
//!
//! Interruption (`RunConfig::interrupt`, set by the command on Ctrl-C or SIGTERM): no new
//! tournament starts, the ones in progress finish and are written, and the run ends normally
//! with the whole-file outputs covering the tournaments written (`RunSummary::interrupted`).
//! Since tournaments are taken in index order and all started ones finish, the files then hold
//! tournaments `0 .. N` with no gap.
//!
//! Shards (`RunConfig::shard`, see `shard.rs`): shard `K/N` runs only its contiguous range of
//! indices, in the same way, into a complete folder of its own whose run.csv names the shard;
//! `merge` puts the folders of all shards together into what the whole run writes.

use crate::shard::{self, Shard};
use crate::sim::{self, Disagreement, RunOptions, Simulation, TournamentResult};
use crate::stats::{DisagreementRow, Outcome, RunRow, SummaryRow};
use hdrhistogram::serialization::interval_log::{IntervalLogWriterBuilder, Tag};
use hdrhistogram::serialization::V2Serializer;
use hdrhistogram::Histogram;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::{BTreeMap, HashMap};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::sync::{mpsc, Condvar, Mutex};
use std::time::{Duration, Instant, SystemTime};
use swisslab_engine::pairing::{Diagnostics, Pairing};
use swisslab_engine::PlayerId;

/// Why a simulate run could not be carried out (failed tournaments are not errors).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{path}")]
    Io { path: PathBuf, source: io::Error },
    #[error("cannot start {threads} worker threads: {message}")]
    Pool { threads: usize, message: String },
    #[error("csv: {0}")]
    Csv(#[from] csv::Error),
    #[error("histogram log: {0}")]
    Histogram(String),
    #[error("configuration hash: {0}")]
    Hash(#[from] toml::ser::Error),
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> RunError + '_ {
    move |source| RunError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Options of a simulate run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub out: PathBuf,
    /// Tournaments of the whole run (a shard runs its part of them).
    pub tournaments: u64,
    pub seed: u64,
    /// The part of the run to do ([`Shard::WHOLE`]: all of it).
    pub shard: Shard,
    pub threads: usize,
    pub system: String,
    /// Write 0 in every timing column (pair_us, pair_us_total, pair_us_max, wall_seconds and
    /// the pair_us percentiles of summary.csv), so that runs can be compared byte for byte.
    pub no_timing: bool,
    /// Show the progress bar (it is hidden anyway when stderr is not a terminal).
    pub progress: bool,
    /// The replay command's options after `--seed S --index I --until-round K`.
    pub replay_args: String,
    /// Set from outside (a signal handler) to stop the run early, keeping what is done.
    pub interrupt: Arc<AtomicBool>,
    /// Tournaments written so far, read from outside (a progress bar of a caller that is not
    /// a terminal, e.g. the Python package's).
    pub written: Arc<AtomicU64>,
}

/// What a run produced.
#[derive(Clone, Debug, Default)]
pub struct RunSummary {
    pub summary: SummaryRow,
    pub wall: Duration,
    /// (field size, p50, p90, p99, max) per field size, microseconds.
    pub by_size: Vec<(usize, u64, u64, u64, u64)>,
    /// Tournaments stopped because no valid pairing existed.
    pub stopped: u64,
    /// One line per failure.
    pub failures: Vec<String>,
    /// The run was interrupted before all tournaments ran (`summary.tournaments` were written).
    pub interrupted: bool,
    /// The tournament indices this run was to do (its shard's range).
    pub indices: std::ops::Range<u64>,
    /// With `--compare-engine`: rounds, and tournaments, the two engines paired differently.
    pub disagreeing_rounds: u64,
    pub disagreeing_tournaments: u64,
    /// What the engine reported besides its pairings, summed over the tournaments.
    pub diagnostics: Diagnostics,
}

/// An empty pairing-time histogram (also the accumulator of `merge`).
pub(crate) fn histogram() -> Histogram<u64> {
    // 1 us .. 1 hour, 3 significant digits; auto-resize for anything slower.
    let mut h = Histogram::new_with_bounds(1, 3_600_000_000, 3).unwrap_or_else(|_| {
        Histogram::new(3).unwrap_or_else(|_| unreachable!("3 significant digits are valid"))
    });
    h.auto(true);
    h
}

struct Streams {
    tournaments: File,
    players: File,
    rounds: File,
    groups: File,
    /// `disagreements.csv`, with `--compare-engine` only.
    disagreements: Option<File>,
}

pub(crate) fn csv_bytes<T: serde::Serialize>(
    rows: &[T],
    header: bool,
) -> Result<Vec<u8>, RunError> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(header)
        .from_writer(Vec::new());
    for r in rows {
        w.serialize(r)?;
    }
    w.into_inner()
        .map_err(|e| RunError::Csv(csv::Error::from(e.into_error())))
}

/// A pool of `threads` workers for the runs of a simulation.
pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, RunError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| RunError::Pool {
            threads,
            message: e.to_string(),
        })
}

/// The header line of a CSV file for rows of type `T`.
pub(crate) fn header<T: serde::Serialize + Default>() -> Result<Vec<u8>, RunError> {
    let bytes = csv_bytes(&[T::default()], true)?;
    let end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| p + 1);
    Ok(bytes[..end].to_vec())
}

/// Writes `bytes` to `DIR/.tmp/name` and renames it to `DIR/name`.
pub(crate) fn write_whole(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), RunError> {
    let tmp_dir = dir.join(".tmp");
    fs::create_dir_all(&tmp_dir).map_err(io_err(&tmp_dir))?;
    let tmp = tmp_dir.join(name.replace('/', "_"));
    let dest = dir.join(name);
    if let Some(parent) = dest.parent() {
        fs::create_dir_all(parent).map_err(io_err(parent))?;
    }
    let mut f = File::create(&tmp).map_err(io_err(&tmp))?;
    f.write_all(bytes).map_err(io_err(&tmp))?;
    f.sync_all().map_err(io_err(&tmp))?;
    fs::rename(&tmp, &dest).map_err(io_err(&dest))?;
    Ok(())
}

fn create_stream<T: serde::Serialize + Default>(dir: &Path, name: &str) -> Result<File, RunError> {
    let path = dir.join(name);
    let mut f = File::create(&path).map_err(io_err(&path))?;
    f.write_all(&header::<T>()?).map_err(io_err(&path))?;
    Ok(f)
}

/// The row of run.csv for a simulation.
pub fn run_row(sim: &Simulation, rc: &RunConfig) -> Result<RunRow, RunError> {
    let c = &sim.cfg;
    let range = rc.shard.range(rc.tournaments);
    Ok(RunRow {
        seed: rc.seed,
        tournaments: rc.tournaments,
        players: match c.players_max {
            Some(m) if m > c.players => format!("{}-{m}", c.players),
            _ => c.players.to_string(),
        },
        rounds: c.rounds,
        system: rc.system.clone(),
        result_model: c.results.model.name().into(),
        draw_rate: match c.results.model {
            crate::config::ResultModel::ConstantDraw => format!("{}", c.results.draw_rate),
            crate::config::ResultModel::Milvang | crate::config::ResultModel::Fitted => {
                String::new()
            }
        },
        config: c.source.clone(),
        swisslab_version: env!("CARGO_PKG_VERSION").into(),
        shard: rc.shard.index,
        shards: rc.shard.count,
        first_tournament: range.start,
        shard_tournaments: range.end - range.start,
        config_hash: shard::config_hash(c)?,
        timing: u8::from(!rc.no_timing),
        engine: sim.engine.name(),
        compare_engine: sim.compare.as_ref().map(|e| e.name()).unwrap_or_default(),
        acceleration: sim.acceleration.name().into(),
    })
}

struct Writer<'a> {
    rc: &'a RunConfig,
    streams: Streams,
    all: Histogram<u64>,
    by_size: BTreeMap<usize, Histogram<u64>>,
    /// The compared engine's pairing times, per field size.
    compare_by_size: BTreeMap<usize, Histogram<u64>>,
    /// Rounds and tournaments in which the compared engine disagreed.
    disagreeing_rounds: u64,
    disagreeing_tournaments: u64,
    summary: SummaryRow,
    stopped: u64,
    failures: Vec<String>,
    diagnostics: Diagnostics,
}

impl Writer<'_> {
    fn write(&mut self, mut r: TournamentResult) -> Result<(), RunError> {
        let dir = &self.rc.out;
        for &us in &r.pair_us {
            let v = us.max(1);
            self.all.saturating_record(v);
            self.by_size
                .entry(r.summary.players)
                .or_insert_with(histogram)
                .saturating_record(v);
        }
        for &us in &r.compare_us {
            self.compare_by_size
                .entry(r.summary.players)
                .or_insert_with(histogram)
                .saturating_record(us.max(1));
        }
        self.disagreeing_rounds += r.disagreements.len() as u64;
        self.disagreeing_tournaments += u64::from(!r.disagreements.is_empty());
        self.diagnostics.add(r.diagnostics);
        if self.rc.no_timing {
            sim::clear_timing(&mut r);
        }
        let s = &mut self.summary;
        let outcome = crate::stats::count(s, &r.summary);
        s.games += r.rounds.iter().map(|x| x.games as u64).sum::<u64>();
        if outcome == Outcome::Stopped {
            self.stopped += 1;
        }
        if let Some(f) = &r.failure {
            let stem = format!("t{:06}-r{:02}", r.index, f.round);
            let fdir = dir.join("failures");
            fs::create_dir_all(&fdir).map_err(io_err(&fdir))?;
            let replay = format!(
                "swisslab generate --seed {} --index {} --until-round {}{} -o {stem}.trf",
                self.rc.seed, r.index, f.round, self.rc.replay_args
            );
            let mut text = format!(
                "tournament: {}\nseed: {}\nround: {}\nfailure: {}\nreplay: {replay}\n",
                r.index, self.rc.seed, f.round, f.message
            );
            if let Some(trf) = &f.trf {
                let p = fdir.join(format!("{stem}.trf"));
                fs::write(&p, trf).map_err(io_err(&p))?;
                text.push_str(&format!(
                    "file: {stem}.trf (the tournament before round {}, its absences in that round's column; `swisslab pair` asks the failing question)\n",
                    f.round
                ));
            }
            if let Some(tr) = &f.transcript {
                let p = fdir.join(format!("{stem}.engine.txt"));
                fs::write(&p, engine_report(tr)).map_err(io_err(&p))?;
                text.push_str(&format!(
                    "engine: {stem}.engine.txt (the external engine's command, output and error \
                     stream); replay it on {stem}.trf\n"
                ));
            }
            let p = fdir.join(format!("{stem}.txt"));
            fs::write(&p, text).map_err(io_err(&p))?;
            self.failures.push(format!(
                "tournament {}: {} | replay: {replay}",
                r.index, f.message
            ));
        }
        let st = &mut self.streams;
        st.tournaments
            .write_all(&csv_bytes(std::slice::from_ref(&r.summary), false)?)
            .map_err(io_err(&dir.join("tournaments.csv")))?;
        st.players
            .write_all(&csv_bytes(&r.players, false)?)
            .map_err(io_err(&dir.join("players.csv")))?;
        st.rounds
            .write_all(&csv_bytes(&r.rounds, false)?)
            .map_err(io_err(&dir.join("rounds.csv")))?;
        st.groups
            .write_all(&csv_bytes(&r.groups, false)?)
            .map_err(io_err(&dir.join("groups.csv")))?;
        if let Some(f) = &mut st.disagreements {
            let rows: Vec<DisagreementRow> = r
                .disagreements
                .iter()
                .map(|d| disagreement_row(r.index, d))
                .collect();
            f.write_all(&csv_bytes(&rows, false)?)
                .map_err(io_err(&dir.join("disagreements.csv")))?;
        }
        Ok(())
    }
}

/// Runs the simulation and writes everything under `rc.out`.
pub fn run(sim: &Simulation, rc: &RunConfig) -> Result<RunSummary, RunError> {
    let started = Instant::now();
    let start_time = SystemTime::now();
    let dir = &rc.out;
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    remove_stale_report(dir)?;
    // The files of a team run, which would describe another run.
    for name in ["teams.csv", "team_standings.csv"] {
        remove_stale(&dir.join(name))?;
    }
    let fdir = dir.join("failures");
    if fdir.is_dir() {
        fs::remove_dir_all(&fdir).map_err(io_err(&fdir))?;
    }
    write_whole(dir, "run.csv", &csv_bytes(&[run_row(sim, rc)?], true)?)?;
    let streams = open_streams(sim, dir)?;
    let mut writer = Writer {
        rc,
        streams,
        all: histogram(),
        by_size: BTreeMap::new(),
        compare_by_size: BTreeMap::new(),
        disagreeing_rounds: 0,
        disagreeing_tournaments: 0,
        summary: SummaryRow::default(),
        stopped: 0,
        failures: Vec::new(),
        diagnostics: Diagnostics::default(),
    };

    let indices = rc.shard.range(rc.tournaments);
    run_tournaments(sim, rc, &mut writer, &indices)?;
    let interrupted = writer.summary.tournaments < indices.end - indices.start;
    let wall = started.elapsed();
    let summary = write_whole_outputs(sim, rc, &writer, start_time, wall)?;
    Ok(RunSummary {
        summary,
        wall,
        by_size: percentiles_by_size(&writer.by_size),
        stopped: writer.stopped,
        failures: writer.failures,
        interrupted,
        indices,
        disagreeing_rounds: writer.disagreeing_rounds,
        disagreeing_tournaments: writer.disagreeing_tournaments,
        diagnostics: writer.diagnostics,
    })
}

/// The streamed output files, created with their headers (disagreements.csv only with a
/// compared engine; a stale one is removed).
fn open_streams(sim: &Simulation, dir: &Path) -> Result<Streams, RunError> {
    Ok(Streams {
        tournaments: create_stream::<crate::stats::TournamentRow>(dir, "tournaments.csv")?,
        players: create_stream::<crate::stats::PlayerRow>(dir, "players.csv")?,
        rounds: create_stream::<crate::stats::RoundRow>(dir, "rounds.csv")?,
        groups: create_stream::<crate::stats::GroupRow>(dir, "groups.csv")?,
        disagreements: match sim.compare {
            Some(_) => Some(create_stream::<DisagreementRow>(dir, "disagreements.csv")?),
            None => {
                remove_stale(&dir.join("disagreements.csv"))?;
                None
            }
        },
    })
}

/// The progress bar of a run of `len` tournaments (hidden without `rc.progress`).
fn progress_bar(rc: &RunConfig, len: u64) -> ProgressBar {
    let bar = if rc.progress {
        ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} tournaments, {per_sec}, ETA {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}

/// Runs the tournaments `indices` on `rc.threads` threads and hands each result to `writer`
/// in index order; the threads run at most a window of tournaments ahead of the writer.
fn run_tournaments(
    sim: &Simulation,
    rc: &RunConfig,
    writer: &mut Writer<'_>,
    indices: &std::ops::Range<u64>,
) -> Result<(), RunError> {
    let threads = rc.threads.max(1);
    let pool = pool(threads)?;
    let total = indices.end;
    let window = 4 * threads as u64;
    let next = AtomicU64::new(indices.start);
    let written = (Mutex::new(indices.start), Condvar::new());
    let (tx, rx) = mpsc::channel::<TournamentResult>();
    let bar = progress_bar(rc, indices.end - indices.start);

    let mut result: Result<(), RunError> = Ok(());
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, written) = (&next, &written);
            let stop = &rc.interrupt;
            scope.spawn(move |_| loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    break;
                }
                {
                    let (lock, cv) = written;
                    let mut w = lock.lock().unwrap_or_else(|e| e.into_inner());
                    while *w != u64::MAX && i >= w.saturating_add(window) {
                        w = cv.wait(w).unwrap_or_else(|e| e.into_inner());
                    }
                    if *w == u64::MAX {
                        break; // the writer gave up
                    }
                }
                let r = sim::run_tournament(sim, rc.seed, i, RunOptions::default());
                if tx.send(r).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending: HashMap<u64, TournamentResult> = HashMap::new();
        let mut next_write = indices.start;
        while next_write < total {
            let Ok(r) = rx.recv() else { break };
            pending.insert(r.index, r);
            while let Some(r) = pending.remove(&next_write) {
                if let Err(e) = writer.write(r) {
                    result = Err(e);
                    break;
                }
                next_write += 1;
                bar.inc(1);
                rc.written.fetch_add(1, Ordering::Relaxed);
                if writer.summary.failed > 0 {
                    bar.set_message(format!("({} failed)", writer.summary.failed));
                }
            }
            let (lock, cv) = &written;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = if result.is_err() {
                u64::MAX
            } else {
                next_write
            };
            cv.notify_all();
            if result.is_err() {
                break;
            }
        }
        drop(rx);
    });
    bar.finish_and_clear();
    result
}

/// The whole-file outputs once the tournaments ran: summary.csv (returned) and the HdrHistogram
/// interval logs.
fn write_whole_outputs(
    sim: &Simulation,
    rc: &RunConfig,
    writer: &Writer<'_>,
    start_time: SystemTime,
    wall: Duration,
) -> Result<SummaryRow, RunError> {
    let dir = &rc.out;
    let mut summary = writer.summary.clone();
    set_timing(&mut summary, &writer.all, wall, !rc.no_timing);
    write_whole(dir, "summary.csv", &csv_bytes(&[summary.clone()], true)?)?;
    // The HdrHistogram interval logs: one histogram per field size, per engine.
    let comment = format!("pairing by {}", sim.engine.name());
    write_whole(
        dir,
        "histograms/pairing-us.hlog",
        &hlog(&comment, &writer.by_size, start_time, wall)?,
    )?;
    let compare_log = dir.join("histograms/compare-us.hlog");
    match &sim.compare {
        Some(other) => {
            let comment = format!("pairing by the compared engine {}", other.name());
            let log = hlog(&comment, &writer.compare_by_size, start_time, wall)?;
            write_whole(dir, "histograms/compare-us.hlog", &log)?;
        }
        None => remove_stale(&compare_log)?,
    }
    let tmp = dir.join(".tmp");
    let _ = fs::remove_dir(&tmp);
    Ok(summary)
}

/// Removes a file a previous run left that this run does not write.
fn remove_stale(path: &Path) -> Result<(), RunError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_err(path)(e)),
        _ => Ok(()),
    }
}

/// Removes the report outputs of a previous run in `dir` (`report.html`, `tables/`, the default
/// `compare/` folder), which would describe another run than the one about to be written: the
/// run's own files are replaced anyway, and these are derived from them (`swisslab report`
/// writes them again). Only what `swisslab report` writes goes: a `report.html` without its
/// footer mark, a `tables/` without `metrics.csv` or a `compare/` without `compare.html` is
/// somebody else's and stays.
pub(crate) fn remove_stale_report(dir: &Path) -> Result<(), RunError> {
    let html = dir.join("report.html");
    if fs::read_to_string(&html).is_ok_and(|t| t.contains("Written by swisslab-reports")) {
        remove_stale(&html)?;
    }
    for (sub, mark) in [("tables", "metrics.csv"), ("compare", "compare.html")] {
        let d = dir.join(sub);
        if d.join(mark).is_file() {
            fs::remove_dir_all(&d).map_err(io_err(&d))?;
        }
    }
    Ok(())
}

/// The `.engine.txt` of a failure: what the external engine was run with and what it said.
fn engine_report(tr: &crate::engine::Transcript) -> String {
    let quoted: Vec<String> = tr
        .command
        .iter()
        .map(|w| shlex::try_quote(w).map_or_else(|_| w.clone(), |q| q.into_owned()))
        .collect();
    format!(
        "command: {}\nelapsed: {:.3} s\n--- pairing file ---\n{}\n--- standard output ---\n{}\n--- standard error ---\n{}\n",
        quoted.join(" "),
        tr.elapsed.as_secs_f64(),
        tr.output,
        tr.stdout,
        tr.stderr
    )
}

fn pairing_text(p: &Pairing) -> String {
    let mut words: Vec<String> = p.games.iter().map(|(w, b)| format!("{w}-{b}")).collect();
    if let Some(b) = p.bye {
        words.push(format!("bye {b}"));
    }
    words.join(" ")
}

fn games_text(games: Vec<&(PlayerId, PlayerId)>) -> String {
    let words: Vec<String> = games.iter().map(|(w, b)| format!("{w}-{b}")).collect();
    words.join(" ")
}

fn disagreement_row(index: u64, d: &Disagreement) -> DisagreementRow {
    let mine = d.engine.game_set();
    let (compared, theirs) = match &d.compared {
        Ok(p) => (pairing_text(p), p.game_set()),
        Err(e) => (format!("error: {e}"), Default::default()),
    };
    DisagreementRow {
        tournament: index,
        round: d.round,
        players: d.players,
        engine: pairing_text(&d.engine),
        compared,
        engine_only: games_text(mine.difference(&theirs).collect()),
        compared_only: games_text(theirs.difference(&mine).collect()),
        first_difference: d.first_difference.clone(),
    }
}

/// p50, p90, p99 and max of a histogram (zeros when empty).
fn quantiles(h: &Histogram<u64>) -> (u64, u64, u64, u64) {
    if h.is_empty() {
        (0, 0, 0, 0)
    } else {
        (
            h.value_at_quantile(0.5),
            h.value_at_quantile(0.9),
            h.value_at_quantile(0.99),
            h.max(),
        )
    }
}

/// (field size, p50, p90, p99, max) per field size.
pub(crate) fn percentiles_by_size(
    by_size: &BTreeMap<usize, Histogram<u64>>,
) -> Vec<(usize, u64, u64, u64, u64)> {
    by_size
        .iter()
        .map(|(s, h)| {
            let (a, b, c, d) = quantiles(h);
            (*s, a, b, c, d)
        })
        .collect()
}

/// The timing columns of summary.csv: the wall time and the percentiles of `all`, or zeros
/// when timing is off (`--no-timing`).
pub(crate) fn set_timing(summary: &mut SummaryRow, all: &Histogram<u64>, wall: Duration, on: bool) {
    if on {
        summary.wall_seconds = format!("{:.3}", wall.as_secs_f64());
        (
            summary.pair_us_p50,
            summary.pair_us_p90,
            summary.pair_us_p99,
            summary.pair_us_max,
        ) = quantiles(all);
    } else {
        summary.wall_seconds = "0".into();
    }
}

/// The HdrHistogram interval log: one histogram per field size (tag `players=N`), each over
/// the interval from `start` to `start + wall`; `what` says whose pairing times they are.
pub(crate) fn hlog(
    what: &str,
    by_size: &BTreeMap<usize, Histogram<u64>>,
    start: SystemTime,
    wall: Duration,
) -> Result<Vec<u8>, RunError> {
    let mut log = Vec::new();
    let mut ser = V2Serializer::new();
    let mut lw = IntervalLogWriterBuilder::new()
        .add_comment(&format!(
            "swisslab simulate: microseconds per round pairing ({what}), one histogram per field size (tag players=N)"
        ))
        .with_start_time(start)
        .with_base_time(start)
        .with_max_value_divisor(1.0)
        .begin_log_with(&mut log, &mut ser)
        .map_err(|e| RunError::Histogram(e.to_string()))?;
    for (size, h) in by_size {
        let tag = format!("players={size}");
        lw.write_histogram(h, Duration::ZERO, wall, Tag::new(&tag))
            .map_err(|e| RunError::Histogram(format!("{e:?}")))?;
    }
    drop(lw);
    Ok(log)
}
