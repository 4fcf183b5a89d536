//! Reading a `swisslab simulate` output folder. The rows are `swisslab_schema::read`'s: the
//! columns are declared once there, for the simulator that writes them and for this reader.
//!
//! Columns are matched by header name, so columns appended later are ignored. Choices where
//! the output contract leaves room:
//!
//! - `run.csv` fields are kept as text (they only label the report); `summary.csv` may be
//!   missing (a run that was stopped), and so may `histograms/pairing-us.hlog`.
//! - Booleans are `0`/`1`; `true`/`false` are accepted too.
//! - `withdrawn_after`, `bye_player_score` and `bye_player_rating` may be empty; a
//!   `withdrawn_after` of 0 means "did not withdraw", a `bye_player` of 0 means "no bye".
//! - `disagreements.csv` is optional (only `--compare-engine` runs have it); its rows must
//!   name a tournament of `tournaments.csv` and one of its paired rounds.
//! - Errors name the file, the line and the column, where the column is the **field number**
//!   (1-based) of the CSV record, as the csv crate reports it; 0 when the error is not about
//!   one field.

use crate::ReportError;
use hdrhistogram::serialization::interval_log::{IntervalLogIterator, LogEntry};
use hdrhistogram::serialization::Deserializer;
use hdrhistogram::Histogram;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use swisslab_schema::read::{
    DisagreementRow, GroupRow, PlayerRow, RoundRow, RunRow, SummaryRow, TournamentRow,
};

/// One tournament with its players and rounds.
#[derive(Clone, Debug)]
pub struct Tournament {
    pub row: TournamentRow,
    pub players: Vec<PlayerRow>,
    pub rounds: Vec<RoundRow>,
    /// The score groups of each round (`groups.csv`; empty for a run written before it).
    pub groups: Vec<GroupRow>,
}

/// The pairing-time histogram of one field size.
#[derive(Clone, Debug)]
pub struct FieldHistogram {
    pub players: u32,
    pub histogram: Histogram<u64>,
}

/// The counts a report section gathers tournament by tournament, in one pass over a run.
pub(crate) trait PerTournament: Default {
    /// Counts tournament `t`.
    fn add(&mut self, t: &Tournament);

    /// The counts of every tournament of `run`, in index order.
    fn of(run: &RunData) -> Self {
        let mut tally = Self::default();
        for t in &run.tournaments {
            tally.add(t);
        }
        tally
    }
}

/// A whole output folder.
#[derive(Clone, Debug)]
pub struct RunData {
    pub dir: PathBuf,
    pub run: RunRow,
    pub summary: Option<SummaryRow>,
    /// In tournament index order.
    pub tournaments: Vec<Tournament>,
    /// By field size; empty when the log is missing.
    pub histograms: Vec<FieldHistogram>,
    /// The rounds two engines paired differently; `None` when the run compared no engines
    /// (no `disagreements.csv`).
    pub disagreements: Option<Vec<DisagreementRow>>,
}

impl RunData {
    /// Whether `other` is the same experiment with another pairing system: same seed and
    /// configuration in run.csv (everything but `system`, `rounds`, `acceleration` and
    /// `swisslab_version`) and the same tournament indices, so a comparison can pair
    /// tournaments by index. With the same number of rounds too the simulator draws the same
    /// field, events and game results (common random numbers). With different numbers of
    /// rounds (a system of two-game matches over 5 rounds against one of single games over 10)
    /// tournament i of both runs still comes from the same seed and index, but the field's draws
    /// interleave with the per-round events, so the fields differ; the pairs remain independent
    /// of one another, which is all a paired interval needs.
    pub fn pairs_with(&self, other: &RunData) -> bool {
        let key = |r: &RunRow| {
            (
                r.seed.clone(),
                r.tournaments.clone(),
                r.players.clone(),
                r.result_model.clone(),
                r.draw_rate.clone(),
                r.config.clone(),
            )
        };
        let ids = |d: &RunData| {
            d.tournaments
                .iter()
                .map(|t| t.row.tournament)
                .collect::<Vec<_>>()
        };
        key(&self.run) == key(&other.run) && ids(self) == ids(other)
    }

    /// One line describing the run, for captions.
    pub fn parameters(&self) -> String {
        let r = &self.run;
        // The draw rate belongs to the constant-draw model only; the rating-dependent model
        // leaves it empty.
        let draw = if r.draw_rate.trim().is_empty() {
            String::new()
        } else {
            format!(", draw rate {}", r.draw_rate)
        };
        format!(
            "seed {}, {} tournaments of {} players and {} rounds, system {}{}, result model {}{draw}, config {}, swisslab {}",
            r.seed, r.tournaments, r.players, r.rounds, r.system, self.acceleration_label(), r.result_model, r.config, r.swisslab_version
        )
    }

    /// `, acceleration baku` for an accelerated run (C.04.7), empty otherwise.
    pub fn acceleration_label(&self) -> String {
        match self.run.acceleration.trim() {
            "" | "none" => String::new(),
            a => format!(", acceleration {a}"),
        }
    }
}

/// A csv crate error as a [`ReportError::Csv`] with the file, line and field number.
pub fn csv_error(path: &Path, e: csv::Error) -> ReportError {
    let line = e.position().map(|p| p.line()).unwrap_or(0);
    let column = match e.kind() {
        csv::ErrorKind::Deserialize { err, .. } => err.field().map(|f| f + 1).unwrap_or(0),
        _ => 0,
    };
    let message = match e.kind() {
        csv::ErrorKind::Deserialize { err, .. } => err.kind().to_string(),
        csv::ErrorKind::Io(io) => io.to_string(),
        _ => e.to_string(),
    };
    ReportError::Csv {
        path: path.to_path_buf(),
        line,
        column,
        message,
    }
}

/// Reads every record of a CSV file with a header row, with the line of each record.
pub fn read_csv<T: DeserializeOwned>(path: &Path) -> Result<Vec<(u64, T)>, ReportError> {
    let file = std::fs::File::open(path).map_err(|source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_reader(file);
    let headers = reader
        .byte_headers()
        .map_err(|e| csv_error(path, e))?
        .clone();
    let mut out = Vec::new();
    let mut record = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                let line = record.position().map(|p| p.line()).unwrap_or(0);
                let value = record
                    .deserialize::<T>(Some(&headers))
                    .map_err(|e| csv_error(path, e))?;
                out.push((line, value));
            }
            Err(e) => return Err(csv_error(path, e)),
        }
    }
    Ok(out)
}

pub(crate) fn invalid(path: &Path, line: u64, message: String) -> ReportError {
    ReportError::Invalid {
        path: path.to_path_buf(),
        line,
        message,
    }
}

/// The one data row of a CSV file with a header row (run.csv, summary.csv).
pub fn one_row<T: DeserializeOwned>(path: &Path) -> Result<T, ReportError> {
    let mut rows = read_csv::<T>(path)?;
    match rows.len() {
        1 => Ok(rows.remove(0).1),
        n => Err(invalid(
            path,
            0,
            format!("expected one data row, found {n}"),
        )),
    }
}

/// Reads a simulate output folder.
/// The tournament `id` that row `line` of `path` belongs to, which tournaments.csv must hold.
fn owner<'a>(
    by_index: &'a mut BTreeMap<u64, Tournament>,
    path: &Path,
    line: u64,
    id: u64,
) -> Result<&'a mut Tournament, ReportError> {
    by_index.get_mut(&id).ok_or_else(|| {
        invalid(
            path,
            line,
            format!("tournament {id} is not in tournaments.csv"),
        )
    })
}

pub fn load(dir: &Path) -> Result<RunData, ReportError> {
    let run: RunRow = one_row(&dir.join("run.csv"))?;
    let summary_path = dir.join("summary.csv");
    let summary = if summary_path.exists() {
        Some(one_row::<SummaryRow>(&summary_path)?)
    } else {
        None
    };

    let tpath = dir.join("tournaments.csv");
    let mut by_index: BTreeMap<u64, Tournament> = BTreeMap::new();
    for (line, row) in read_csv::<TournamentRow>(&tpath)? {
        let id = row.tournament;
        let t = Tournament {
            row,
            players: Vec::new(),
            rounds: Vec::new(),
            groups: Vec::new(),
        };
        if by_index.insert(id, t).is_some() {
            return Err(invalid(
                &tpath,
                line,
                format!("tournament {id} appears twice"),
            ));
        }
    }

    let ppath = dir.join("players.csv");
    for (line, row) in read_csv::<PlayerRow>(&ppath)? {
        let id = row.tournament;
        let t = owner(&mut by_index, &ppath, line, id)?;
        t.players.push(row);
    }

    let rpath = dir.join("rounds.csv");
    for (line, row) in read_csv::<RoundRow>(&rpath)? {
        let id = row.tournament;
        let t = owner(&mut by_index, &rpath, line, id)?;
        if row.bye_player != 0 && !t.players.iter().any(|p| p.player == row.bye_player) {
            return Err(invalid(
                &rpath,
                line,
                format!(
                    "bye_player {} is not a player of tournament {id}",
                    row.bye_player
                ),
            ));
        }
        t.rounds.push(row);
    }
    let gpath = dir.join("groups.csv");
    if gpath.exists() {
        for (line, row) in read_csv::<GroupRow>(&gpath)? {
            owner(&mut by_index, &gpath, line, row.tournament)?
                .groups
                .push(row);
        }
    }
    let mut tournaments: Vec<Tournament> = by_index.into_values().collect();
    for t in &mut tournaments {
        t.rounds.sort_by_key(|r| r.round);
        t.players.sort_by_key(|p| p.player);
    }

    let hpath = dir.join("histograms").join("pairing-us.hlog");
    let histograms = if hpath.exists() {
        read_hlog(&hpath)?
    } else {
        Vec::new()
    };

    let dpath = dir.join("disagreements.csv");
    let disagreements = if dpath.exists() {
        let mut rows = Vec::new();
        for (line, row) in read_csv::<DisagreementRow>(&dpath)? {
            let known = tournaments
                .binary_search_by_key(&row.tournament, |t| t.row.tournament)
                .ok()
                .map(|i| &tournaments[i]);
            match known {
                Some(t) if row.round >= 1 && row.round <= t.row.rounds_paired => rows.push(row),
                Some(_) => {
                    return Err(invalid(
                        &dpath,
                        line,
                        format!(
                            "round {} of tournament {} was not paired",
                            row.round, row.tournament
                        ),
                    ))
                }
                None => {
                    return Err(invalid(
                        &dpath,
                        line,
                        format!("tournament {} is not in tournaments.csv", row.tournament),
                    ))
                }
            }
        }
        Some(rows)
    } else {
        None
    };

    Ok(RunData {
        dir: dir.to_path_buf(),
        run,
        summary,
        tournaments,
        histograms,
        disagreements,
    })
}

/// Reads an HdrHistogram interval log; intervals tagged `players=N` are added up per N
/// (untagged intervals go to N = 0).
pub fn read_hlog(path: &Path) -> Result<Vec<FieldHistogram>, ReportError> {
    use base64::Engine as _;
    let bytes = std::fs::read(path).map_err(|source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let bad = |offset: usize, message: String| ReportError::Hlog {
        path: path.to_path_buf(),
        offset,
        message,
    };
    let mut merged: BTreeMap<u32, Histogram<u64>> = BTreeMap::new();
    let mut deserializer = Deserializer::new();
    for entry in IntervalLogIterator::new(&bytes) {
        let entry = entry.map_err(|e| match e {
            hdrhistogram::serialization::interval_log::LogIteratorError::ParseError { offset } => {
                bad(offset, "not an interval log line".into())
            }
        })?;
        let LogEntry::Interval(interval) = entry else {
            continue;
        };
        let encoded = interval.encoded_histogram();
        let offset = encoded.as_ptr() as usize - bytes.as_ptr() as usize;
        let players = match interval.tag() {
            None => 0,
            Some(tag) => tag
                .as_str()
                .strip_prefix("players=")
                .and_then(|n| n.parse::<u32>().ok())
                .ok_or_else(|| bad(offset, format!("tag '{}' is not players=N", tag.as_str())))?,
        };
        let raw = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .map_err(|e| bad(offset, format!("base64: {e}")))?;
        let h: Histogram<u64> = deserializer
            .deserialize(&mut raw.as_slice())
            .map_err(|e| bad(offset, format!("histogram: {e:?}")))?;
        match merged.get_mut(&players) {
            Some(acc) => acc
                .add(&h)
                .map_err(|e| bad(offset, format!("histogram: {e:?}")))?,
            None => {
                let mut h = h;
                h.auto(true);
                merged.insert(players, h);
            }
        }
    }
    Ok(merged
        .into_iter()
        .map(|(players, histogram)| FieldHistogram { players, histogram })
        .collect())
}
