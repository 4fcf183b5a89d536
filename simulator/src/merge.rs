//! `merge`: the output folders of the shards of one run, put together into the folder the
//! whole run writes (files and columns: `simulator/OUTPUT.md`).
//!
//! 1. Every folder's run.csv and summary.csv are read. The folders must come from the same run
//!    (every run.csv column but the shard's own and the configuration's path must agree; the
//!    configuration itself is compared through `config_hash`), each shard must be complete
//!    (its summary.csv counts all its tournaments), and together they must cover every index
//!    of the run exactly once; otherwise nothing is written and the error names the differing
//!    column, or every missing and doubled shard.
//! 2. Shards are contiguous ranges of indices (`shard.rs`), so the CSV files of the whole run
//!    are the shards' files one after the other in shard order: each is copied record by
//!    record (the csv crate's records, so quoted fields survive), one input file open at a
//!    time and one record in memory, checking that every record belongs to its shard and that
//!    tournaments.csv holds exactly the shard's indices in order. Memory and open files do not
//!    grow with the number of shards or tournaments.
//! 3. The histogram logs are added histogram by histogram, per tag (`players=N`); summary.csv
//!    is recomputed from the merged rows (`SummaryRow::count`) and histograms; `failures/` are
//!    gathered.
//!
//! Everything is written under `OUT/.tmp` and renamed into place. A merged folder is what a
//! single run would have written: with `--no-timing` shards its CSV files are byte-identical
//! to the single run's. With timing, `wall_seconds` is the time from the earliest shard's
//! start to the latest shard's end (clocks of the machines involved), and the log's interval
//! spans the same time.

use crate::runner::{self, RunError};
use crate::shard::Shard;
use crate::stats::{
    DisagreementRow, GroupRow, Outcome, PlayerRow, RoundRow, RunRow, SummaryRow, TournamentRow,
};
use hdrhistogram::serialization::interval_log::{IntervalLogIterator, LogEntry};
use hdrhistogram::Histogram;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufWriter};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use swisslab_reports::load::{csv_error, one_row};
use swisslab_reports::ReportError;

/// Why shard folders cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("no shard folder given")]
    NoInput,
    /// A file of a shard cannot be read or is not what it should be (file, line, field).
    #[error(transparent)]
    Read(#[from] ReportError),
    #[error(
        "not the same run: {column} is '{first_value}' in {} but '{other_value}' in {}",
        first.display(),
        other.display()
    )]
    NotSameRun {
        column: &'static str,
        first: PathBuf,
        first_value: String,
        other: PathBuf,
        other_value: String,
    },
    #[error("{}: {message}", dir.display())]
    Incomplete { dir: PathBuf, message: String },
    #[error("the shards do not cover the run exactly once:\n  {}", problems.join("\n  "))]
    Coverage { problems: Vec<String> },
    #[error("the output folder {} is also a shard folder", dir.display())]
    OutIsInput { dir: PathBuf },
    /// OUT cannot be written.
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error(transparent)]
    Write(#[from] RunError),
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> MergeError + '_ {
    move |source| MergeError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// An input file that cannot be read.
fn read_err(path: &Path) -> impl FnOnce(io::Error) -> MergeError + '_ {
    move |source| {
        MergeError::Read(ReportError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}

fn csv_err(path: &Path, e: csv::Error) -> MergeError {
    MergeError::Read(csv_error(path, e))
}

fn invalid(path: &Path, line: u64, message: String) -> MergeError {
    MergeError::Read(ReportError::Invalid {
        path: path.to_path_buf(),
        line,
        message,
    })
}

/// What a merge produced.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The merged run.csv row (the whole run: shard 0 of 1).
    pub run: RunRow,
    pub summary: SummaryRow,
    pub shards: usize,
    /// Tournaments stopped because no valid pairing existed.
    pub stopped: u64,
    /// (field size, p50, p90, p99, max) per field size, microseconds.
    pub by_size: Vec<(usize, u64, u64, u64, u64)>,
    /// One line per failed tournament.
    pub failures: Vec<String>,
}

/// One shard folder, as its run.csv describes it.
#[derive(Clone, Debug)]
struct ShardDir {
    dir: PathBuf,
    run: RunRow,
    shard: Shard,
    range: Range<u64>,
}

fn read_shard(dir: &Path) -> Result<ShardDir, MergeError> {
    let path = dir.join("run.csv");
    let run: RunRow = one_row(&path)?;
    let bad = |m: String| Err(invalid(&path, 2, m));
    if run.shards == 0 || run.shard >= run.shards {
        return bad(format!("shard {}/{} is not a shard", run.shard, run.shards));
    }
    let shard = Shard {
        index: run.shard,
        count: run.shards,
    };
    let range = shard.range(run.tournaments);
    if range.start != run.first_tournament || range.end - range.start != run.shard_tournaments {
        return bad(format!(
            "first_tournament {} and shard_tournaments {} are not those of shard {shard} of {} tournaments ({} and {})",
            run.first_tournament,
            run.shard_tournaments,
            run.tournaments,
            range.start,
            range.end - range.start
        ));
    }
    let spath = dir.join("summary.csv");
    if !spath.is_file() {
        return Err(MergeError::Incomplete {
            dir: dir.to_path_buf(),
            message: format!("shard {shard} has no summary.csv: it did not finish"),
        });
    }
    let summary: SummaryRow = one_row(&spath)?;
    if summary.tournaments != run.shard_tournaments {
        return Err(MergeError::Incomplete {
            dir: dir.to_path_buf(),
            message: format!(
                "shard {shard} ran {} of its {} tournaments (interrupted?)",
                summary.tournaments, run.shard_tournaments
            ),
        });
    }
    Ok(ShardDir {
        dir: dir.to_path_buf(),
        run,
        shard,
        range,
    })
}

/// The run.csv columns that must agree between the shards of a run.
fn identity(r: &RunRow) -> [(&'static str, String); 12] {
    [
        ("seed", r.seed.to_string()),
        ("tournaments", r.tournaments.to_string()),
        ("players", r.players.clone()),
        ("rounds", r.rounds.to_string()),
        ("system", r.system.clone()),
        ("result_model", r.result_model.clone()),
        ("draw_rate", r.draw_rate.clone()),
        ("config_hash", r.config_hash.clone()),
        ("swisslab_version", r.swisslab_version.clone()),
        ("timing", r.timing.to_string()),
        ("engine", r.engine.clone()),
        ("compare_engine", r.compare_engine.clone()),
    ]
}

fn check_same_run(shards: &[ShardDir]) -> Result<(), MergeError> {
    let first = &shards[0];
    let want = identity(&first.run);
    for s in &shards[1..] {
        for ((column, a), (_, b)) in want.iter().zip(identity(&s.run)) {
            if *a != b {
                return Err(MergeError::NotSameRun {
                    column,
                    first: first.dir.clone(),
                    first_value: a.clone(),
                    other: s.dir.clone(),
                    other_value: b,
                });
            }
        }
    }
    Ok(())
}

fn span(r: &Range<u64>) -> String {
    match r.end.saturating_sub(r.start) {
        0 => "no tournaments".into(),
        1 => format!("tournament {}", r.start),
        _ => format!("tournaments {} to {}", r.start, r.end - 1),
    }
}

/// Checks that the shards cover `0 .. tournaments` exactly once; sorts them by range.
fn check_coverage(shards: &mut [ShardDir]) -> Result<(), MergeError> {
    let total = shards[0].run.tournaments;
    let mut problems = Vec::new();
    shards.sort_by_key(|s| (s.range.start, s.range.end, s.shard));
    let mut seen: BTreeMap<Shard, &Path> = BTreeMap::new();
    for s in shards.iter() {
        if let Some(d) = seen.insert(s.shard, &s.dir) {
            problems.push(format!(
                "shard {} ({}) given twice: {} and {}",
                s.shard,
                span(&s.range),
                d.display(),
                s.dir.display()
            ));
        }
    }
    let counts: Vec<u64> = seen.keys().map(|s| s.count).collect();
    let one_count = counts.windows(2).all(|w| w[0] == w[1]).then_some(counts[0]);
    let gap = |r: Range<u64>, problems: &mut Vec<String>| {
        let names: Vec<String> = one_count
            .map(|n| Shard::meeting(n, total, &r))
            .unwrap_or_default()
            .iter()
            .map(|s| s.to_string())
            .collect();
        problems.push(match names.len() {
            0 => format!("{} in no folder given", span(&r)),
            1 => format!("missing shard {} ({})", names[0], span(&r)),
            _ => format!("missing shards {} ({})", names.join(", "), span(&r)),
        });
    };
    let mut covered = 0u64;
    let mut last: Option<&ShardDir> = None;
    for s in shards.iter().filter(|s| !s.range.is_empty()) {
        if s.range.start > covered {
            gap(covered..s.range.start, &mut problems);
        }
        if let Some(p) = last.filter(|p| s.range.start < covered && p.shard != s.shard) {
            problems.push(format!(
                "{} in two folders: {} (shard {}) and {} (shard {})",
                span(&(s.range.start..covered.min(s.range.end))),
                p.dir.display(),
                p.shard,
                s.dir.display(),
                s.shard
            ));
        }
        if s.range.end > covered {
            covered = s.range.end;
            last = Some(s);
        }
    }
    if covered < total {
        gap(covered..total, &mut problems);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(MergeError::Coverage { problems })
    }
}

/// A header row as a record.
fn header_record<T: serde::Serialize + Default>() -> Result<csv::ByteRecord, MergeError> {
    let bytes = runner::header::<T>()?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes.as_slice());
    let mut rec = csv::ByteRecord::new();
    reader
        .read_byte_record(&mut rec)
        .map_err(|e| csv_err(Path::new("(header)"), e))?;
    Ok(rec)
}

/// A streamed output file under `OUT/.tmp`.
struct Output {
    tmp: PathBuf,
    dest: PathBuf,
    writer: csv::Writer<BufWriter<File>>,
}

impl Output {
    fn create(out: &Path, name: &str, header: &csv::ByteRecord) -> Result<Output, MergeError> {
        let tmp_dir = out.join(".tmp");
        fs::create_dir_all(&tmp_dir).map_err(io_err(&tmp_dir))?;
        let tmp = tmp_dir.join(name);
        let file = File::create(&tmp).map_err(io_err(&tmp))?;
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(BufWriter::new(file));
        writer
            .write_byte_record(header)
            .map_err(|e| csv_err(&tmp, e))?;
        Ok(Output {
            tmp,
            dest: out.join(name),
            writer,
        })
    }

    /// Flushes the file to disk; `rename` puts it into place.
    fn finish(self) -> Result<(PathBuf, PathBuf), MergeError> {
        let buf = self
            .writer
            .into_inner()
            .map_err(|e| io_err(&self.tmp)(e.into_error()))?;
        let file = buf
            .into_inner()
            .map_err(|e| io_err(&self.tmp)(e.into_error()))?;
        file.sync_all().map_err(io_err(&self.tmp))?;
        Ok((self.tmp, self.dest))
    }
}

fn rename(from: &Path, to: &Path) -> Result<(), MergeError> {
    fs::rename(from, to).map_err(io_err(to))
}

/// Copies file `name` of every shard, in order, into `out`, calling `visit` with each record
/// (its line and tournament index) after checking that the tournament is the shard's and that
/// the indices do not decrease.
fn copy_rows(
    shards: &[ShardDir],
    name: &str,
    header: &csv::ByteRecord,
    out: &mut Output,
    mut visit: impl FnMut(&ShardDir, &Path, u64, u64, &csv::ByteRecord) -> Result<(), MergeError>,
) -> Result<(), MergeError> {
    let mut rec = csv::ByteRecord::new();
    for s in shards {
        let path = s.dir.join(name);
        let file = File::open(&path).map_err(read_err(&path))?;
        let mut reader = csv::Reader::from_reader(file);
        let found = reader.byte_headers().map_err(|e| csv_err(&path, e))?;
        if found != header {
            return Err(invalid(
                &path,
                1,
                "the header is not the one this swisslab writes".into(),
            ));
        }
        let mut previous = s.range.start;
        while reader
            .read_byte_record(&mut rec)
            .map_err(|e| csv_err(&path, e))?
        {
            let line = rec.position().map_or(0, |p| p.line());
            let index = std::str::from_utf8(rec.get(0).unwrap_or_default())
                .ok()
                .and_then(|t| t.parse::<u64>().ok())
                .ok_or_else(|| {
                    invalid(&path, line, "the tournament column is not a number".into())
                })?;
            if !s.range.contains(&index) || index < previous {
                return Err(invalid(
                    &path,
                    line,
                    format!(
                        "tournament {index} out of order or not of shard {} ({})",
                        s.shard,
                        span(&s.range)
                    ),
                ));
            }
            previous = index;
            visit(s, &path, line, index, &rec)?;
            out.writer
                .write_byte_record(&rec)
                .map_err(|e| csv_err(&out.tmp, e))?;
        }
    }
    Ok(())
}

/// The start of a log (its `StartTime`) and the end of its last interval.
fn log_times(path: &Path) -> Result<Option<(SystemTime, SystemTime)>, MergeError> {
    let bytes = fs::read(path).map_err(read_err(path))?;
    let mut start = None;
    let mut end = Duration::ZERO;
    for entry in IntervalLogIterator::new(&bytes) {
        match entry {
            Ok(LogEntry::StartTime(t)) => start = Some(t),
            Ok(LogEntry::Interval(i)) => end = end.max(i.start_timestamp() + i.duration()),
            Ok(_) => {}
            Err(_) => return Err(invalid(path, 0, "not an interval log".into())),
        }
    }
    Ok(start.map(|s| (UNIX_EPOCH + s, UNIX_EPOCH + s + end)))
}

/// Adds the histograms of the interval log `path` of shard `s` into `by_size` (per `players=N`
/// tag) and into `all`.
fn add_hlog(
    s: &ShardDir,
    path: &Path,
    by_size: &mut BTreeMap<usize, Histogram<u64>>,
    mut all: Option<&mut Histogram<u64>>,
) -> Result<(), MergeError> {
    if !path.is_file() {
        return Err(MergeError::Incomplete {
            dir: s.dir.clone(),
            message: format!("shard {} has no {}", s.shard, path.display()),
        });
    }
    for f in swisslab_reports::load::read_hlog(path)? {
        let add = |acc: &mut Histogram<u64>| {
            acc.add(&f.histogram)
                .map_err(|e| invalid(path, 0, format!("histogram players={}: {e:?}", f.players)))
        };
        add(by_size
            .entry(f.players as usize)
            .or_insert_with(runner::histogram))?;
        if let Some(all) = all.as_deref_mut() {
            add(all)?;
        }
    }
    Ok(())
}

/// Merges the shard folders `dirs` into `out`.
pub fn merge(out: &Path, dirs: &[PathBuf]) -> Result<Merged, MergeError> {
    if dirs.is_empty() {
        return Err(MergeError::NoInput);
    }
    if let Ok(o) = out.canonicalize() {
        for d in dirs {
            if d.canonicalize().is_ok_and(|d| d == o) {
                return Err(MergeError::OutIsInput { dir: d.clone() });
            }
        }
    }
    let mut shards = dirs
        .iter()
        .map(|d| read_shard(d))
        .collect::<Result<Vec<_>, _>>()?;
    check_same_run(&shards)?;
    check_coverage(&mut shards)?;
    let shards = shards;

    fs::create_dir_all(out).map_err(io_err(out))?;
    let mut summary = SummaryRow::default();
    let (t_done, stopped, failures) = merge_tournaments(out, &shards, &mut summary)?;
    let p_done = copy_table::<PlayerRow>(out, &shards, "players.csv")?;
    let r_done = merge_rounds(out, &shards, &mut summary)?;
    let g_done = copy_table::<GroupRow>(out, &shards, "groups.csv")?;
    // disagreements.csv, when every round was also paired by a second engine.
    let compared = !shards[0].run.compare_engine.is_empty();
    let d_done = if compared {
        Some(copy_table::<DisagreementRow>(
            out,
            &shards,
            "disagreements.csv",
        )?)
    } else {
        None
    };
    let times = merge_histograms(&shards, compared)?;
    let tmp_failures = gather_failures(out, &shards)?;

    // Into place: the streamed files, failures/, then the whole-file outputs.
    for (tmp, dest) in [t_done, p_done, r_done, g_done].into_iter().chain(d_done) {
        rename(&tmp, &dest)?;
    }
    let failures_dir = out.join("failures");
    if failures_dir.is_dir() {
        fs::remove_dir_all(&failures_dir).map_err(io_err(&failures_dir))?;
    }
    if tmp_failures.is_dir() {
        rename(&tmp_failures, &failures_dir)?;
    }
    let run = write_whole_outputs(out, &shards, &mut summary, &times, compared)?;

    Ok(Merged {
        run,
        summary,
        shards: shards.len(),
        stopped,
        by_size: runner::percentiles_by_size(&times.by_size),
        failures,
    })
}

/// A temporary output file and where it goes once every output is written.
type Done = (PathBuf, PathBuf);

/// tournaments.csv: exactly each shard's indices, in order; the summary counts them. Returns the
/// file, the tournaments stopped (no valid pairing existed) and one line per failure.
fn merge_tournaments(
    out: &Path,
    shards: &[ShardDir],
    summary: &mut SummaryRow,
) -> Result<(Done, u64, Vec<String>), MergeError> {
    let mut stopped = 0u64;
    let mut failures = Vec::new();
    let header = header_record::<TournamentRow>()?;
    let mut t_out = Output::create(out, "tournaments.csv", &header)?;
    let mut expected: BTreeMap<Shard, u64> = BTreeMap::new();
    copy_rows(
        shards,
        "tournaments.csv",
        &header,
        &mut t_out,
        |s, path, line, index, rec| {
            let next = expected.entry(s.shard).or_insert(s.range.start);
            if index != *next {
                return Err(invalid(
                    path,
                    line,
                    format!("tournament {index}, expected {next}"),
                ));
            }
            *next += 1;
            let row: TournamentRow = rec
                .deserialize(Some(&header))
                .map_err(|e| csv_err(path, e))?;
            match crate::stats::count(summary, &row) {
                Outcome::Stopped => stopped += 1,
                Outcome::Failed => failures.push(format!("tournament {index}: {}", row.failure)),
                Outcome::Completed => {}
            }
            Ok(())
        },
    )?;
    for s in shards {
        let got = expected.get(&s.shard).copied().unwrap_or(s.range.start);
        if got != s.range.end {
            return Err(MergeError::Incomplete {
                dir: s.dir.clone(),
                message: format!(
                    "tournaments.csv ends at tournament {got} of shard {} ({})",
                    s.shard,
                    span(&s.range)
                ),
            });
        }
    }
    Ok((t_out.finish()?, stopped, failures))
}

/// A table copied shard after shard, unchanged.
fn copy_table<R: serde::Serialize + Default>(
    out: &Path,
    shards: &[ShardDir],
    name: &str,
) -> Result<Done, MergeError> {
    let header = header_record::<R>()?;
    let mut output = Output::create(out, name, &header)?;
    copy_rows(shards, name, &header, &mut output, |_, _, _, _, _| Ok(()))?;
    output.finish()
}

/// rounds.csv, copied; its games are added to the summary.
fn merge_rounds(
    out: &Path,
    shards: &[ShardDir],
    summary: &mut SummaryRow,
) -> Result<Done, MergeError> {
    let header = header_record::<RoundRow>()?;
    let games_at = header
        .iter()
        .position(|f| f == b"games")
        .ok_or_else(|| invalid(Path::new("rounds.csv"), 1, "no games column".into()))?;
    let mut r_out = Output::create(out, "rounds.csv", &header)?;
    copy_rows(
        shards,
        "rounds.csv",
        &header,
        &mut r_out,
        |_, path, line, _, rec| {
            let games = std::str::from_utf8(rec.get(games_at).unwrap_or_default())
                .ok()
                .and_then(|t| t.parse::<u64>().ok())
                .ok_or_else(|| ReportError::Csv {
                    path: path.to_path_buf(),
                    line,
                    column: games_at as u64 + 1,
                    message: "games is not a number".into(),
                })?;
            summary.games += games;
            Ok(())
        },
    )?;
    r_out.finish()
}

/// The shards' pairing times, added per field size, and the run's span of time.
struct Times {
    by_size: BTreeMap<usize, Histogram<u64>>,
    compare_by_size: BTreeMap<usize, Histogram<u64>>,
    all: Histogram<u64>,
    start: SystemTime,
    wall: std::time::Duration,
}

/// The histogram logs, added per field size; the run's span of time.
fn merge_histograms(shards: &[ShardDir], compared: bool) -> Result<Times, MergeError> {
    let mut by_size: BTreeMap<usize, Histogram<u64>> = BTreeMap::new();
    let mut compare_by_size: BTreeMap<usize, Histogram<u64>> = BTreeMap::new();
    let mut all = runner::histogram();
    let mut span_times: Option<(SystemTime, SystemTime)> = None;
    for s in shards {
        let path = s.dir.join("histograms").join("pairing-us.hlog");
        add_hlog(s, &path, &mut by_size, Some(&mut all))?;
        if compared {
            let path = s.dir.join("histograms").join("compare-us.hlog");
            add_hlog(s, &path, &mut compare_by_size, None)?;
        }
        if let Some((a, b)) = log_times(&path)? {
            span_times = Some(match span_times {
                None => (a, b),
                Some((x, y)) => (x.min(a), y.max(b)),
            });
        }
    }
    let (start, end) = span_times.unwrap_or((SystemTime::now(), SystemTime::now()));
    let wall = end.duration_since(start).unwrap_or_default();
    Ok(Times {
        by_size,
        compare_by_size,
        all,
        start,
        wall,
    })
}

/// failures/: every shard's files, gathered in a temporary folder (returned).
fn gather_failures(out: &Path, shards: &[ShardDir]) -> Result<PathBuf, MergeError> {
    let tmp_failures = out.join(".tmp").join("failures");
    if tmp_failures.exists() {
        fs::remove_dir_all(&tmp_failures).map_err(io_err(&tmp_failures))?;
    }
    for s in shards {
        let fdir = s.dir.join("failures");
        if !fdir.is_dir() {
            continue;
        }
        fs::create_dir_all(&tmp_failures).map_err(io_err(&tmp_failures))?;
        for entry in fs::read_dir(&fdir).map_err(read_err(&fdir))? {
            let entry = entry.map_err(read_err(&fdir))?;
            let dest = tmp_failures.join(entry.file_name());
            if dest.exists() {
                return Err(invalid(
                    &entry.path(),
                    0,
                    "a failure file of this name is in two shards".into(),
                ));
            }
            fs::copy(entry.path(), &dest).map_err(io_err(&dest))?;
        }
    }
    Ok(tmp_failures)
}

/// The whole-file outputs of the merged run: summary.csv, the histogram logs and run.csv (the
/// whole run as shard 0 of 1, returned).
fn write_whole_outputs(
    out: &Path,
    shards: &[ShardDir],
    summary: &mut SummaryRow,
    times: &Times,
    compared: bool,
) -> Result<RunRow, MergeError> {
    let (start, wall) = (times.start, times.wall);
    let mut run = shards[0].run.clone();
    run.shard = 0;
    run.shards = 1;
    run.first_tournament = 0;
    run.shard_tournaments = run.tournaments;
    runner::set_timing(summary, &times.all, wall, run.timing != 0);
    runner::write_whole(
        out,
        "summary.csv",
        &runner::csv_bytes(std::slice::from_ref(&*summary), true)?,
    )?;
    let engine = &shards[0].run.engine;
    runner::write_whole(
        out,
        "histograms/pairing-us.hlog",
        &runner::hlog(&format!("pairing by {engine}"), &times.by_size, start, wall)?,
    )?;
    let compare_log = out.join("histograms/compare-us.hlog");
    if compared {
        let what = format!(
            "pairing by the compared engine {}",
            shards[0].run.compare_engine
        );
        runner::write_whole(
            out,
            "histograms/compare-us.hlog",
            &runner::hlog(&what, &times.compare_by_size, start, wall)?,
        )?;
    } else if compare_log.exists() {
        fs::remove_file(&compare_log).map_err(io_err(&compare_log))?;
    }
    runner::write_whole(out, "run.csv", &runner::csv_bytes(&[run.clone()], true)?)?;
    let _ = fs::remove_dir(out.join(".tmp"));
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shard folders of a run of 12 tournaments, named by their shard (no files needed).
    fn dirs(shards: &[(u64, u64)]) -> Vec<ShardDir> {
        shards
            .iter()
            .map(|&(index, count)| {
                let shard = Shard { index, count };
                ShardDir {
                    dir: PathBuf::from(format!("d{index}of{count}")),
                    run: RunRow {
                        seed: 1,
                        tournaments: 12,
                        players: "20".into(),
                        rounds: 5,
                        system: "dutch-2017".into(),
                        result_model: "milvang".into(),
                        draw_rate: String::new(),
                        config: "embedded".into(),
                        swisslab_version: "0".into(),
                        shard: index,
                        shards: count,
                        first_tournament: shard.range(12).start,
                        shard_tournaments: shard.range(12).count() as u64,
                        config_hash: "h".into(),
                        timing: 0,
                        engine: "swisslab:dutch-2017".into(),
                        compare_engine: String::new(),
                        acceleration: "none".into(),
                    },
                    shard,
                    range: shard.range(12),
                }
            })
            .collect()
    }

    fn problems(shards: &[(u64, u64)]) -> Vec<String> {
        match check_coverage(&mut dirs(shards)) {
            Ok(()) => Vec::new(),
            Err(MergeError::Coverage { problems }) => problems,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn coverage_in_any_order_and_with_mixed_splits() {
        assert!(problems(&[(3, 4), (1, 4), (0, 4), (2, 4)]).is_empty());
        // 0/2 is 0..6, 2/4 is 6..9, 3/4 is 9..12.
        assert!(problems(&[(3, 4), (0, 2), (2, 4)]).is_empty());
    }

    #[test]
    fn every_missing_and_doubled_shard_is_named() {
        assert_eq!(
            problems(&[(0, 4), (2, 4), (2, 4)]),
            [
                "shard 2/4 (tournaments 6 to 8) given twice: d2of4 and d2of4",
                "missing shard 1/4 (tournaments 3 to 5)",
                "missing shard 3/4 (tournaments 9 to 11)",
            ]
        );
        assert_eq!(
            problems(&[(0, 2), (1, 4), (3, 4)]),
            [
                "tournaments 3 to 5 in two folders: d0of2 (shard 0/2) and d1of4 (shard 1/4)",
                "tournaments 6 to 8 in no folder given",
            ]
        );
    }
}
