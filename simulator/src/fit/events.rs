//! The events a fit (or a backtest) reads: one file per event, its length, and the files that
//! are left out and why.
//!
//! - **Files and folders.** A file named on the command line must be a fittable event (else
//!   the error names it, with its line); the files of a folder (walked, `.trf`, `.tab`, `.txt`)
//!   that are not are left out with the reason.
//! - **One file per event.** Two files hold the same event when at least 80% of the players
//!   of the smaller are in the other (by name): round-by-round snapshots, the same event
//!   exported twice. The one with the most rounds played is kept (then the most players, then
//!   the one without columns beyond the rounds played).
//! - **Length.** The rounds played, or the declared total (`XXR`, `142`) when it is larger by
//!   two or more: a total of one more than the rounds played is the next round's number that
//!   chess-results and lichess exports write, not the event's length.
//! - **Left out**: team competitions (`013` records), events of fewer than 4 players or 2
//!   rounds played.

use crate::profile::Kind;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use swisslab_engine::Tournament;

/// Rounds an event must have played to be fitted.
pub const MIN_ROUNDS: usize = 2;
/// Players an event must have to be fitted.
pub const MIN_PLAYERS: usize = 4;

/// Why an event cannot be read or fitted.
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error("{0}")]
    Trf(#[from] swisslab_engine::trf::TrfError),
    #[error("{file}:{line}: {what}: a fit needs an event of at least {MIN_PLAYERS} players and {MIN_ROUNDS} rounds played")]
    TooShort {
        file: PathBuf,
        line: usize,
        what: String,
    },
    #[error("{file}:{line}: a team competition (013 records): not a Swiss event of players")]
    Team { file: PathBuf, line: usize },
    #[error("{path}: {message}")]
    Walk { path: PathBuf, message: String },
    #[error("no event to fit: {0}")]
    Empty(String),
}

/// One event of a fitting set.
#[derive(Clone, Debug)]
pub struct Event {
    pub file: PathBuf,
    pub t: Tournament,
    /// Rounds played, and the event's length.
    pub played: usize,
    pub total: usize,
    pub kind: Kind,
}

impl Event {
    /// Reads `path` as an event to fit.
    pub fn read(path: &Path) -> Result<Event, EventError> {
        let t = swisslab_engine::trf::read_file(path)?;
        let text = std::fs::read(path).unwrap_or_default();
        let text = String::from_utf8_lossy(&text);
        let line_of = |code: &str| {
            text.lines()
                .position(|l| l.starts_with(code))
                .map_or(1, |i| i + 1)
        };
        if t.records.iter().any(|(c, _)| c == "013") {
            return Err(EventError::Team {
                file: path.to_path_buf(),
                line: line_of("013"),
            });
        }
        let played = t.rounds_paired();
        if played < MIN_ROUNDS || t.players.len() < MIN_PLAYERS {
            return Err(EventError::TooShort {
                file: path.to_path_buf(),
                line: line_of("001"),
                what: format!("{} players, {played} rounds played", t.players.len()),
            });
        }
        Ok(Event::of(path, t))
    }

    /// The event of a tournament already read.
    pub fn of(path: &Path, t: Tournament) -> Event {
        let played = t.rounds_paired();
        let total = length(&t);
        let kind = Kind::of(&t).0;
        Event {
            file: path.to_path_buf(),
            t,
            played,
            total,
            kind,
        }
    }

    /// The players' names, for telling events apart.
    fn names(&self) -> BTreeSet<String> {
        self.t
            .players
            .iter()
            .map(|p| p.name.trim().to_lowercase())
            .filter(|n| !n.is_empty())
            .collect()
    }

    /// True when `self` and `other` hold the same event (80% of the smaller's players).
    pub fn same_event(&self, other: &Event) -> bool {
        let (a, b) = (self.names(), other.names());
        let small = a.len().min(b.len());
        small > 0 && a.intersection(&b).count() * 5 >= small * 4
    }
}

/// An event's length: the rounds played, or the declared total when it is two or more larger.
pub fn length(t: &Tournament) -> usize {
    let played = t.rounds_paired();
    match t.total_rounds {
        Some(r) if r as usize > played + 1 => r as usize,
        _ => played,
    }
}

/// What a set of paths holds: the events (one file per event) and the files left out, each
/// with its reason.
#[derive(Debug, Default)]
pub struct Set {
    pub events: Vec<Event>,
    pub left_out: Vec<String>,
}

/// Reads the events of `paths` (files and folders), of `kind` only when given.
pub fn read_set(paths: &[PathBuf], kind: Option<Kind>) -> Result<Set, EventError> {
    let mut set = Set::default();
    let mut all: Vec<Event> = Vec::new();
    for path in paths {
        if path.is_dir() {
            for entry in walkdir::WalkDir::new(path)
                .follow_links(true)
                .sort_by_file_name()
            {
                let entry = entry.map_err(|e| EventError::Walk {
                    path: path.clone(),
                    message: e.to_string(),
                })?;
                let p = entry.path();
                let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
                if !entry.file_type().is_file() || !matches!(ext, "trf" | "tab" | "txt") {
                    continue;
                }
                match Event::read(p) {
                    Ok(e) => all.push(e),
                    Err(e) => set.left_out.push(format!("{}: left out: {e}", p.display())),
                }
            }
        } else {
            all.push(Event::read(path)?);
        }
    }
    for e in all {
        if kind.is_some_and(|k| k != e.kind) {
            continue;
        }
        match set.events.iter().position(|k| k.same_event(&e)) {
            Some(i) => {
                let keep = &set.events[i];
                // Most rounds played, then most players, then no column beyond them (the
                // original export rather than a copy with the next round's absences).
                let rank = |x: &Event| {
                    let extra = x.t.rounds_recorded().saturating_sub(x.played);
                    (x.played, x.t.players.len(), std::cmp::Reverse(extra))
                };
                if rank(&e) > rank(keep) {
                    set.left_out.push(format!(
                        "{}: left out: the same event as {}",
                        keep.file.display(),
                        e.file.display()
                    ));
                    set.events[i] = e;
                } else {
                    set.left_out.push(format!(
                        "{}: left out: the same event as {}",
                        e.file.display(),
                        keep.file.display()
                    ));
                }
            }
            None => set.events.push(e),
        }
    }
    if set.events.is_empty() {
        let what: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(EventError::Empty(what.join(" ")));
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::sim::{run_tournament, RunOptions, Simulation};

    fn generated(dir: &Path, rounds: usize, seed: u64) -> PathBuf {
        let sim = Simulation::new(Config {
            players: 12,
            rounds: 5,
            ..Config::default()
        })
        .unwrap();
        let r = run_tournament(
            &sim,
            seed,
            0,
            RunOptions {
                until_round: Some(rounds),
            },
        );
        let path = dir.join(format!("e{rounds}-{seed}.trf"));
        std::fs::write(&path, r.trf().unwrap()).unwrap();
        path
    }

    #[test]
    fn a_file_too_short_is_refused_with_its_line_and_the_same_event_is_read_once() {
        let dir = tempfile::tempdir().unwrap();
        let short = generated(dir.path(), 1, 1);
        let e = read_set(std::slice::from_ref(&short), None)
            .unwrap_err()
            .to_string();
        let text = std::fs::read_to_string(&short).unwrap();
        let line = text.lines().position(|l| l.starts_with("001")).unwrap() + 1;
        assert!(
            e.starts_with(&format!(
                "{}:{line}: 12 players, 1 rounds played",
                short.display()
            )),
            "{e}"
        );
        // In a folder it is left out with the reason; two snapshots of one event are one.
        let three = generated(dir.path(), 3, 1);
        let five = generated(dir.path(), 5, 1);
        let set = read_set(&[dir.path().to_path_buf()], None).unwrap();
        assert_eq!(set.events.len(), 1);
        assert_eq!(set.events[0].file, five);
        assert!(set.left_out.iter().any(|l| l.contains("rounds played")));
        assert!(set
            .left_out
            .iter()
            .any(|l| l.contains(&three.display().to_string())));
    }
}
