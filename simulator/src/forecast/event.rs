//! The event as its file stands and what the forecast takes from it.
//!
//! - **Rounds played**: the rounds up to the last one holding a game, a forfeit or a
//!   pairing-allocated bye (`Tournament::rounds_paired`); the total from `XXR` / `142` (or
//!   `--rounds`). A file with no round played is an entry list: the whole event is played.
//! - **The next round**: its players are those of `Request::next_round` (absences and requested
//!   byes in its column, `XXZ`, TRF-2026 `240` of that round), less the withdrawn players.
//! - **Later requested byes**: TRF-2026 `240` records of later rounds, applied in their round.
//! - **Withdrawals**: a player with nothing but zero-point absences (blank, `Z`, `-` without an
//!   opponent) in each of the last two rounds played is taken as withdrawn and never paired
//!   again (C.04.2: a withdrawn player is not paired). A single absence is not a withdrawal: the
//!   player is paired again.
//! - **Strengths**: the rating; an unrated player plays at the lowest rating of the field less
//!   100 (1000 when nobody is rated).
//! - **Results**: the rating model of [`crate::model`]; when the file holds at least
//!   [`DRAW_RATE_MIN_GAMES`] rated games played over the board, the constant-draw model with
//!   the file's own draw share (its 95% interval is then narrower than ±7 points), else the
//!   configured default (the Milvang model, whose draw rate follows the ratings).
//!
//! A file cannot be continued when every round is played, when it has fewer than two players
//! to pair, or when its last round is half-entered: a player who was paired in the round before
//! has nothing at all recorded in it (a blank field; a deliberate absence is written `Z`, `-`
//! or `H`). The TRF reader already refuses games without a result, rounds beyond `XXR` and a
//! player in two games (asymmetric games), each with its line and column.

use crate::config::{Config, ResultModel};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use swisslab_engine::pairing::Request;
use swisslab_engine::trf::TrfError;
use swisslab_engine::{GameKind, GameResult, PlayerId, RoundEntry, System, Tournament, Unplayed};

/// Rated games over the board the file needs before its own draw share is used.
pub const DRAW_RATE_MIN_GAMES: u64 = 200;

/// Why a file cannot be forecast.
#[derive(Debug, thiserror::Error)]
pub enum ForecastError {
    #[error("{0}")]
    Trf(#[from] TrfError),
    #[error("{file}: the total number of rounds is not declared (XXR or 142); give --rounds")]
    NoTotalRounds { file: PathBuf },
    #[error("{file}: --rounds {given} is smaller than the {played} rounds already played")]
    RoundsTooFew {
        file: PathBuf,
        given: usize,
        played: usize,
    },
    #[error("{file}: all {rounds} rounds are played: nothing is left to forecast")]
    Finished { file: PathBuf, rounds: usize },
    #[error("{file}: {message}; pass --system to forecast it anyway")]
    System { file: PathBuf, message: String },
    #[error("{file}: {message}")]
    Acceleration { file: PathBuf, message: String },
    #[error("{file}: tie-break record {message}")]
    Tiebreaks { file: PathBuf, message: String },
    #[error("{file}: fewer than two players can be paired in round {round}")]
    TooFewPlayers { file: PathBuf, round: usize },
    #[error(
        "{file}:{line}: round {round} is half-entered: player {player} was paired in round {prev} \
         but has nothing recorded in round {round} (write `Z` for an absence, or complete the round)"
    )]
    HalfEntered {
        file: PathBuf,
        line: usize,
        round: usize,
        prev: usize,
        player: PlayerId,
    },
}

/// Options of the forecast that the command line may set.
#[derive(Clone, Debug, Default)]
pub struct EventOptions {
    /// The pairing system (`--system`), else the file's `192`/`092`, else the edition in force.
    pub system: Option<System>,
    /// The total number of rounds (`--rounds`), else the file's `XXR` / `142`.
    pub rounds: Option<usize>,
    /// The acceleration (`--acceleration`), else the file's `250` / `XXA`, else a `192` ending
    /// in `_BAKU` (C.04.7).
    pub acceleration: Option<swisslab_engine::acceleration::Method>,
    /// The result model and its defaults (forfeit rate, draw rate when the file has too few games).
    pub config: Config,
}

/// Where the draw rate comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawSource {
    /// Rated games played over the board in the file, and the draws among them.
    pub games: u64,
    pub draws: u64,
    /// True when the file's own draw share is used.
    pub from_file: bool,
}

/// An event ready to be continued.
#[derive(Clone, Debug)]
pub struct Event {
    pub file: PathBuf,
    /// The rounds played, without the next round's column (its absences are in `first_absences`).
    pub t: Tournament,
    pub system: System,
    /// The first round to play and the last.
    pub first_round: usize,
    pub total_rounds: usize,
    /// Players to pair in the first round to play.
    pub first_present: BTreeSet<PlayerId>,
    /// The entries of the first round's unpaired players (requested byes, absences), by index.
    pub first_absences: Vec<Option<RoundEntry>>,
    /// Players taken as withdrawn.
    pub withdrawn: BTreeSet<PlayerId>,
    /// Requested byes of later rounds (`240`): round -> (player, kind).
    pub later_byes: BTreeMap<usize, Vec<(PlayerId, Unplayed)>>,
    /// True strength of each player (by index).
    pub strengths: Vec<f64>,
    /// The results configuration actually used.
    pub config: Config,
    pub draws: DrawSource,
    /// The tie-breaks that order players on equal points (PTS first): the file's `212` / `202`
    /// list, else [`swisslab_engine::tiebreak::DEFAULT_LIST`]; and where they come from.
    pub tiebreaks: Vec<swisslab_engine::tiebreak::Spec>,
    pub tiebreak_source: String,
}

/// The line of each `001` record by pairing number (for positioned errors).
fn player_lines(text: &str) -> BTreeMap<PlayerId, usize> {
    let mut m = BTreeMap::new();
    for (i, l) in text.lines().enumerate() {
        if l.starts_with("001") {
            if let Some(id) = l.get(4..8).and_then(|s| s.trim().parse::<PlayerId>().ok()) {
                m.insert(id, i + 1);
            }
        }
    }
    m
}

fn zero_absence(e: &RoundEntry) -> bool {
    matches!(
        e,
        RoundEntry::Unplayed(
            Unplayed::Absent
                | Unplayed::ZeroBye
                | Unplayed::Withdrawn
                | Unplayed::NotEntered
                | Unplayed::ForfeitLoss
        )
    )
}

/// `240` records of rounds after `next` (kept verbatim by the reader): `T RRR IIII IIII …`.
fn later_byes(t: &Tournament, next: usize) -> BTreeMap<usize, Vec<(PlayerId, Unplayed)>> {
    let mut m: BTreeMap<usize, Vec<(PlayerId, Unplayed)>> = BTreeMap::new();
    for (code, rest) in &t.records {
        if code != "240" {
            continue;
        }
        // `rest` starts at column 4 of the line: type at column 5, round 7-9, ids from 11.
        let chars: Vec<char> = rest.chars().collect();
        let field = |a: usize, b: usize| -> String {
            chars
                .get(a.saturating_sub(4)..b.saturating_sub(3).min(chars.len()))
                .map(|s| s.iter().collect())
                .unwrap_or_default()
        };
        let kind = match field(5, 5).trim() {
            "H" => Unplayed::HalfBye,
            "F" => Unplayed::FullBye,
            "Z" => Unplayed::ZeroBye,
            _ => continue,
        };
        let Ok(round) = field(7, 9).trim().parse::<usize>() else {
            continue;
        };
        if round <= next {
            continue;
        }
        let ids = field(11, chars.len() + 3);
        for id in ids.split_whitespace().filter_map(|s| s.parse().ok()) {
            if t.index_of(id).is_some() {
                m.entry(round).or_default().push((id, kind));
            }
        }
    }
    m
}

impl Event {
    /// Reads and prepares `path`.
    pub fn read(path: &Path, opts: &EventOptions) -> Result<Event, ForecastError> {
        let t = swisslab_engine::trf::read_file(path)?;
        // The text again, for the line numbers of this module's own errors.
        let bytes = std::fs::read(path).unwrap_or_default();
        Event::new(t, &String::from_utf8_lossy(&bytes), path, opts)
    }

    /// Prepares a tournament read from `text` (the file at `file`).
    pub fn new(
        mut t: Tournament,
        text: &str,
        file: &Path,
        opts: &EventOptions,
    ) -> Result<Event, ForecastError> {
        let file = file.to_path_buf();
        let played = t.rounds_paired();
        let total = match (opts.rounds, t.total_rounds) {
            (Some(r), _) => r,
            (None, Some(r)) => r as usize,
            (None, None) => return Err(ForecastError::NoTotalRounds { file }),
        };
        if total < played {
            return Err(ForecastError::RoundsTooFew {
                file,
                given: total,
                played,
            });
        }
        if total == played {
            return Err(ForecastError::Finished {
                file,
                rounds: total,
            });
        }
        check_half_entered(&t, text, &file, played)?;
        let system = System::resolve(opts.system, &t).map_err(|e| ForecastError::System {
            file: file.clone(),
            message: e.to_string(),
        })?;
        if t.total_rounds.is_none() {
            t.total_rounds = Some(total as u32);
        }
        swisslab_engine::acceleration::apply(&mut t, opts.acceleration).map_err(|e| {
            ForecastError::Acceleration {
                file: file.clone(),
                message: e.to_string(),
            }
        })?;
        let (tiebreaks, tiebreak_source) = {
            use swisslab_engine::tiebreak;
            match tiebreak::file_list(&t) {
                Ok(Some((fl, specs))) => (
                    specs,
                    format!("the file's {} record: {}", fl.record, fl.text),
                ),
                Ok(None) => {
                    let mut specs =
                        tiebreak::parse_list(tiebreak::DEFAULT_LIST).unwrap_or_default();
                    tiebreak::with_points_first(&mut specs);
                    (specs, format!("points, then {}", tiebreak::DEFAULT_LIST))
                }
                Err(e) => {
                    return Err(ForecastError::Tiebreaks {
                        file,
                        message: e.to_string(),
                    })
                }
            }
        };
        let first = played + 1;
        let req = Request::next_round(&t);
        let withdrawn: BTreeSet<PlayerId> = if played >= 2 {
            t.players
                .iter()
                .filter(|p| {
                    p.rounds[played - 2..played].iter().all(zero_absence) && !req.present.is_empty()
                })
                .map(|p| p.id)
                .collect()
        } else {
            BTreeSet::new()
        };
        let first_present: BTreeSet<PlayerId> =
            req.present.difference(&withdrawn).copied().collect();
        if first_present.len() < 2 {
            return Err(ForecastError::TooFewPlayers { file, round: first });
        }
        let first_absences: Vec<Option<RoundEntry>> = t
            .players
            .iter()
            .map(|p| {
                if first_present.contains(&p.id) {
                    None
                } else if withdrawn.contains(&p.id) {
                    Some(RoundEntry::Unplayed(Unplayed::Withdrawn))
                } else {
                    Some(match p.rounds.get(first - 1) {
                        Some(e @ RoundEntry::Unplayed(u)) if *u != Unplayed::Absent => *e,
                        _ => RoundEntry::Unplayed(Unplayed::ZeroBye),
                    })
                }
            })
            .collect();
        let later = later_byes(&t, first);
        let mut base = t.truncated(played);
        // The points column follows the rounds played (kept in step as rounds are added).
        for p in &mut base.players {
            if p.points.is_some() {
                p.points = Some(p.rounds.iter().map(|e| base.points.points(e)).sum());
            }
        }
        let strengths = strengths_of(&base);
        let (games, draws) = rated_games_and_draws(&base);
        let mut config = opts.config.clone();
        let from_file = games >= DRAW_RATE_MIN_GAMES;
        if from_file {
            config.results.model = ResultModel::ConstantDraw;
            config.results.draw_rate = draws as f64 / games as f64;
        }
        Ok(Event {
            file,
            t: base,
            system,
            first_round: first,
            total_rounds: total,
            first_present,
            first_absences,
            withdrawn,
            later_byes: later,
            strengths,
            config,
            draws: DrawSource {
                games,
                draws,
                from_file,
            },
            tiebreaks,
            tiebreak_source,
        })
    }

    /// Number of rounds left to play.
    pub fn remaining(&self) -> usize {
        self.total_rounds + 1 - self.first_round
    }
}

/// A half-entered last round: someone paired the round before has a blank in it.
fn check_half_entered(
    t: &Tournament,
    text: &str,
    file: &Path,
    played: usize,
) -> Result<(), ForecastError> {
    if played >= 2 {
        let lines = player_lines(text);
        for p in &t.players {
            let prev = p.rounds.get(played - 2).is_some_and(RoundEntry::was_paired);
            let last = p.rounds.get(played - 1);
            if prev && matches!(last, Some(RoundEntry::Unplayed(Unplayed::Absent)) | None) {
                return Err(ForecastError::HalfEntered {
                    file: file.to_path_buf(),
                    line: lines.get(&p.id).copied().unwrap_or(0),
                    round: played,
                    prev: played - 1,
                    player: p.id,
                });
            }
        }
    }
    Ok(())
}

/// Each player's strength for the result model: the rating, or 100 below the lowest rating
/// for an unrated player (1000 when nobody is rated).
fn strengths_of(base: &Tournament) -> Vec<f64> {
    let low = base
        .players
        .iter()
        .map(|p| p.rating)
        .filter(|&r| r > 0)
        .min()
        .map_or(1000.0, |r| f64::from(r) - 100.0);
    base.players
        .iter()
        .map(|p| {
            if p.rating > 0 {
                f64::from(p.rating)
            } else {
                low
            }
        })
        .collect()
}

/// Rated games played and how many of them were drawn, each game once.
fn rated_games_and_draws(base: &Tournament) -> (u64, u64) {
    let (mut games, mut draws) = (0u64, 0u64);
    for p in &base.players {
        for e in &p.rounds {
            if let RoundEntry::Game {
                opponent,
                result,
                kind: GameKind::Rated,
                ..
            } = e
            {
                // Each game once, from its lower-numbered player.
                if p.id < *opponent {
                    games += 1;
                    draws += u64::from(*result == GameResult::Draw);
                }
            }
        }
    }
    (games, draws)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Events;
    use crate::model;
    use crate::sim::{run_tournament, RunOptions, Simulation};

    /// A simulated event of 6 rounds stopped after round 4, as its TRF text.
    fn event_text(withdrawal_rate: f64) -> (String, crate::model::Plan) {
        let cfg = Config {
            players: 20,
            rounds: 6,
            events: Events {
                withdrawal_rate,
                late_entry_rate: 0.0,
                bye_rate: 0.0,
                ..Events::default()
            },
            ..Config::default()
        };
        let plan = model::plan(&cfg, &mut model::tournament_rng(4, 0));
        let sim = Simulation::new(cfg).unwrap();
        let r = run_tournament(
            &sim,
            4,
            0,
            RunOptions {
                until_round: Some(4),
            },
        );
        assert!(r.failure.is_none());
        (r.trf().unwrap(), plan)
    }

    fn prepare(text: &str) -> Result<Event, ForecastError> {
        let t = swisslab_engine::trf::read_str(text)?;
        Event::new(t, text, Path::new("e.trf"), &EventOptions::default())
    }

    #[test]
    fn later_byes_and_withdrawals_are_taken_from_the_file() {
        let (text, plan) = event_text(0.5);
        // TRF-2026 240: half-point byes for players 3 and 5 in round 6.
        let text = format!("{text}240 H   6    3    5\n");
        let ev = prepare(&text).unwrap();
        assert_eq!((ev.first_round, ev.total_rounds), (5, 6));
        assert_eq!(
            ev.later_byes.get(&6),
            Some(&vec![(3, Unplayed::HalfBye), (5, Unplayed::HalfBye)])
        );
        // Players who withdrew after round 2 or earlier are absent from rounds 3 and 4.
        let gone: BTreeSet<PlayerId> = plan
            .players
            .iter()
            .filter(|p| p.withdrawn_after.is_some_and(|w| w <= 2))
            .map(|p| p.id)
            .collect();
        assert!(!gone.is_empty());
        assert!(gone.is_subset(&ev.withdrawn), "{gone:?} {:?}", ev.withdrawn);
        assert!(ev.withdrawn.is_disjoint(&ev.first_present));
        // Played: the byes are in round 6, the withdrawn players never paired.
        let engine = crate::sim::Engine::Swisslab(ev.system);
        let run = super::super::play_run(&ev, &engine, 1, 0);
        assert!(run.failure.is_none(), "{:?}", run.failure);
        for &(round, _, w, b) in &run.boards {
            assert!(!ev.withdrawn.contains(&w) && !ev.withdrawn.contains(&b));
            if round == 6 {
                assert!(![w, b].contains(&3) && ![w, b].contains(&5));
            }
        }
    }

    #[test]
    fn the_draw_rate_comes_from_the_file_only_with_enough_games() {
        let (text, _) = event_text(0.0);
        let ev = prepare(&text).unwrap();
        // 20 players, 4 rounds: 40 games, too few.
        assert_eq!(ev.draws.games, 40);
        assert!(!ev.draws.from_file);
        assert_eq!(ev.config.results.model, Config::default().results.model);
    }

    #[test]
    fn a_finished_event_or_one_without_a_length_is_refused() {
        let (text, _) = event_text(0.0);
        let e = prepare(&text.replace("XXR 6", "XXR 4")).unwrap_err();
        assert!(e.to_string().contains("all 4 rounds are played"), "{e}");
        let e = prepare(&text.replace("XXR 6\n", "")).unwrap_err();
        assert!(e.to_string().contains("give --rounds"), "{e}");
    }
}
