//! The event as its file stands and what the forecast learns from it.
//!
//! - **Rounds played**: the rounds up to the last one holding a game, a forfeit or a
//!   pairing-allocated bye (`Tournament::rounds_paired`); the total from `--rounds`, else
//!   `XXR` / `142` (the engine's last round included: `--rounds` replaces the file's total
//!   everywhere). A total of one more than the rounds played is what chess-results and lichess
//!   exports write as the next round's number: the forecast warns and names `--rounds`. A file
//!   with no round played is an entry list: the whole event is played. `--after-round K`
//!   forecasts from the file cut after round K (its length the rounds it records).
//! - **The profile** ([`crate::profile`]): `--profile`, else the shipped profile of the event's
//!   kind (online when its name, city or federation names an online platform).
//! - **Strengths**: each player's belief after the games played ([`crate::strength`]: his
//!   rating, or the field's 20th percentile for an unrated player, updated game by game), each
//!   run drawing his strength from it.
//! - **Rates of the event**: its draws, and its players' leaving and returning, against what
//!   the profile expected in the rounds played; each run draws the event's own rates from the
//!   Gamma that weighs the two (the profile's weight in `event_*_prior`), so the event's own
//!   rates count for more the more rounds are played.
//! - **Who plays**: each player's state after the rounds played (arrived or not, absent how
//!   many rounds in a row, absent before, his score per round) and the profile's presence
//!   model decide each run's absences round by round ([`crate::presence`]): returners come
//!   back with the profile's chance, late entries arrive, an absence is a half-point bye, a
//!   full-point bye or none; the pairing engine gives the bye where the parity asks. The next
//!   round's absences when the file records them (its column, `XXZ`, a TRF-2026 `240`), later
//!   `240` byes, and a player written withdrawn are kept as the file says.
//!
//! A file cannot be continued when every round is played, when it has fewer than two players
//! to pair, or when its last round is half-entered: a player who was paired in the round before
//! has nothing at all recorded in it (a blank field; a deliberate absence is written `Z`, `-`
//! or `H`). The TRF reader already refuses games without a result, rounds beyond `XXR` and a
//! player in two games (asymmetric games), each with its line and column.

use crate::config::{Config, EventModel};
use crate::presence::{self, Factors, Status};
use crate::profile::Kind;
use crate::strength::{Belief, Filter};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use swisslab_engine::pairing::Request;
use swisslab_engine::trf::TrfError;
use swisslab_engine::{PlayerId, RoundEntry, System, Tournament, Unplayed};

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
    #[error(
        "{file}: {system} pairs players, and the file is a team event (team records 310 or 013); \
         pass --system swiss-team or leave --system out"
    )]
    NotTeamSystem { file: PathBuf, system: System },
    #[error(
        "{file}:{line}: team pairing number {tpn} where {expected} is expected: a forecast needs \
         the teams numbered 1 to N, as C.04.6 1.1 numbers them"
    )]
    TeamNumbers {
        file: PathBuf,
        line: usize,
        tpn: u32,
        expected: u32,
    },
    #[error("{file}: {message}")]
    Team { file: PathBuf, message: String },
    #[error("{file}: fewer than two teams can be paired in round {round}")]
    TooFewTeams { file: PathBuf, round: usize },
    #[error("{file}: fewer than two players can be paired in round {round}")]
    TooFewPlayers { file: PathBuf, round: usize },
    #[error(
        "{file}:{line}: --after-round {round} is out of range: the file records {played} rounds \
         played (cut after 1 to {last})"
    )]
    CutOutOfRange {
        file: PathBuf,
        line: usize,
        round: usize,
        played: usize,
        last: usize,
    },
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
    /// The profile: the result model, the strength spread, the presence model. `None`: the
    /// shipped profile of the event's kind.
    pub profile: Option<Config>,
    /// Forecast from the file cut after this round (`--after-round`).
    pub after_round: Option<Cut>,
}

/// Where to cut a finished file (`--after-round K|middle`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    After(usize),
    /// After its middle round: ⌈R / 2⌉ of R rounds played.
    Middle,
}

impl Cut {
    /// The round to cut after, of `played` rounds.
    pub fn round(self, played: usize) -> usize {
        match self {
            Cut::After(k) => k,
            Cut::Middle => played.div_ceil(2),
        }
    }
}

/// An event's own rate against the profile's: what it did and what the profile expected of
/// it in the rounds played, and the profile's weight.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Own {
    pub observed: f64,
    pub expected: f64,
    pub prior: f64,
}

impl Own {
    /// The mean factor, (prior + observed) / (prior + expected).
    pub fn mean(&self) -> f64 {
        (self.prior + self.observed) / (self.prior + self.expected).max(1e-9)
    }

    /// A draw of the factor from its Gamma (shape prior + observed, rate prior + expected).
    pub fn draw<R: rand::Rng>(&self, rng: &mut R) -> f64 {
        let shape = (self.prior + self.observed).max(1e-6);
        let rate = (self.prior + self.expected).max(1e-6);
        rand_distr::Gamma::new(shape, 1.0 / rate)
            .map(|g| rng.sample(g))
            .unwrap_or_else(|_| self.mean())
    }
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
    /// True when the file says who plays the first round to play (its column, `XXZ`, `240`):
    /// the runs keep it; else each run draws it.
    pub first_known: bool,
    /// Players written withdrawn: never paired again.
    pub withdrawn: BTreeSet<PlayerId>,
    /// Each player's state after the rounds played (the presence model's input), by index.
    pub status: Vec<Status>,
    /// Each player's strength after the games played, by index.
    pub beliefs: Vec<Belief>,
    /// The event's draws, leaving and returning against the profile's.
    pub own_draws: Own,
    pub own_leave: Own,
    pub own_return: Own,
    /// The profile's name and why it applies.
    pub profile_source: String,
    /// Warnings for the user (the total of rounds).
    pub warnings: Vec<String>,
    /// Requested byes of later rounds (`240`): round -> (player, kind).
    pub later_byes: BTreeMap<usize, Vec<(PlayerId, Unplayed)>>,
    /// Each player's strength for display: his belief's mean (by index).
    pub strengths: Vec<f64>,
    /// The profile used.
    pub config: Config,
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
        t: Tournament,
        text: &str,
        file: &Path,
        opts: &EventOptions,
    ) -> Result<Event, ForecastError> {
        let file = file.to_path_buf();
        let (mut t, total, warnings) = length_of(t, text, &file, opts)?;
        let played = t.rounds_paired();
        check_half_entered(&t, text, &file, played)?;
        let system = System::resolve(opts.system, &t).map_err(|e| ForecastError::System {
            file: file.clone(),
            message: e.to_string(),
        })?;
        // The total replaces the file's everywhere: the engine's last round is this one.
        t.total_rounds = Some(total as u32);
        swisslab_engine::acceleration::apply(&mut t, opts.acceleration, system.columns_per_round())
            .map_err(|e| ForecastError::Acceleration {
                file: file.clone(),
                message: e.to_string(),
            })?;
        let (tiebreaks, tiebreak_source) = tiebreaks_of(&t, &file)?;
        let (config, profile_source) = profile_for(&t, opts);
        let first = played + 1;
        let req = Request::next_round(&t);
        let withdrawn: BTreeSet<PlayerId> = t
            .players
            .iter()
            .filter(|p| {
                p.rounds
                    .get(played.saturating_sub(1))
                    .is_some_and(|e| *e == RoundEntry::Unplayed(Unplayed::Withdrawn))
            })
            .map(|p| p.id)
            .collect();
        let first_present: BTreeSet<PlayerId> =
            req.present.difference(&withdrawn).copied().collect();
        if first_present.len() < 2 {
            return Err(ForecastError::TooFewPlayers { file, round: first });
        }
        let first_known = !t.absent_next.is_empty()
            || t.players.iter().any(|p| p.rounds.len() > played)
            || later_byes(&t, played).contains_key(&first);
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
        let learnt = learn(&base, &config, played, total);
        Ok(Event {
            file,
            t: base,
            system,
            first_round: first,
            total_rounds: total,
            first_present,
            first_absences,
            first_known,
            withdrawn,
            later_byes: later,
            strengths: learnt.beliefs.iter().map(|b| b.mean).collect(),
            beliefs: learnt.beliefs,
            status: learnt.status,
            own_draws: learnt.draws,
            own_leave: learnt.leave,
            own_return: learnt.ret,
            config,
            profile_source,
            warnings,
            tiebreaks,
            tiebreak_source,
        })
    }

    /// Number of rounds left to play.
    pub fn remaining(&self) -> usize {
        self.total_rounds + 1 - self.first_round
    }

    /// The players' presence factors of one run, and its draw factor, drawn from the event's
    /// own rates (the profile's when it does not use the fitted presence model).
    pub fn run_factors<R: rand::Rng>(&self, rng: &mut R) -> (Factors, f64) {
        let f = Factors {
            leave: self.own_leave.draw(rng),
            ret: self.own_return.draw(rng),
        };
        (f, self.own_draws.draw(rng))
    }
}

/// The profile of the event: `--profile`, else the shipped profile of its kind; and why.
pub(super) fn profile_for(t: &Tournament, opts: &EventOptions) -> (Config, String) {
    match &opts.profile {
        Some(c) => (c.clone(), format!("{} (--profile)", c.source)),
        None => {
            let (kind, why) = Kind::of(t);
            let why = why.map_or("no record names an online platform".into(), |r| {
                format!("the file's {r}")
            });
            (Config::profile(kind), format!("{} ({why})", kind.name()))
        }
    }
}

/// The total of rounds, the tournament (cut after `--after-round`) and the warnings.
pub(super) fn length_of(
    mut t: Tournament,
    text: &str,
    file: &Path,
    opts: &EventOptions,
) -> Result<(Tournament, usize, Vec<String>), ForecastError> {
    let file = file.to_path_buf();
    let mut warnings = Vec::new();
    let mut played = t.rounds_paired();
    let line = || {
        text.lines()
            .position(|l| l.starts_with("001"))
            .map_or(1, |i| i + 1)
    };
    let mut declared = t.total_rounds.map(|r| r as usize);
    if let Some(cut) = opts.after_round {
        let k = cut.round(played);
        if k == 0 || k >= played {
            return Err(ForecastError::CutOutOfRange {
                file,
                line: line(),
                round: k,
                played,
                last: played.saturating_sub(1),
            });
        }
        let length = crate::fit::events::length(&t);
        t = cut_after(&t, k);
        declared = Some(length);
        played = k;
    } else if let (None, Some(d)) = (opts.rounds, declared) {
        if d == played + 1 && played > 0 {
            warnings.push(format!(
                "{}: the file declares {d} rounds (XXR / 142) with {played} played, so only round \
                 {d} is forecast; exports such as chess-results' and lichess' write the next \
                 round's number there: if the event has more rounds, give --rounds",
                file.display()
            ));
        }
    }
    let total = match (opts.rounds, declared) {
        (Some(r), _) => r,
        (None, Some(r)) => r,
        (None, None) => return Err(ForecastError::NoTotalRounds { file }),
    };
    if let (Some(r), Some(d)) = (opts.rounds, declared) {
        if r < d {
            warnings.push(format!(
                "{}: --rounds {r} is fewer than the {d} rounds the file declares: the forecast \
                 stops after round {r}",
                file.display()
            ));
        }
    }
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
    Ok((t, total, warnings))
}

/// `t` as it stood after round `k`: its rounds cut, the points column recomputed, the ranks
/// and the next round's absences (`XXZ`) dropped.
pub fn cut_after(t: &Tournament, k: usize) -> Tournament {
    let mut c = t.truncated(k);
    for p in &mut c.players {
        p.rank = None;
        if p.points.is_some() {
            p.points = Some(p.rounds.iter().map(|e| c.points.points(e)).sum());
        }
    }
    c
}

/// The tie-breaks that order players on equal points: the file's list, else the default.
fn tiebreaks_of(
    t: &Tournament,
    file: &Path,
) -> Result<(Vec<swisslab_engine::tiebreak::Spec>, String), ForecastError> {
    use swisslab_engine::tiebreak;
    match tiebreak::file_list(t) {
        Ok(Some((fl, specs))) => Ok((
            specs,
            format!("the file's {} record: {}", fl.record, fl.text),
        )),
        Ok(None) => {
            let mut specs = tiebreak::parse_list(tiebreak::DEFAULT_LIST).unwrap_or_default();
            tiebreak::with_points_first(&mut specs);
            Ok((specs, format!("points, then {}", tiebreak::DEFAULT_LIST)))
        }
        Err(e) => Err(ForecastError::Tiebreaks {
            file: file.to_path_buf(),
            message: e.to_string(),
        }),
    }
}

/// What the rounds played teach: beliefs, presence states, the event's own rates.
pub(super) struct Learnt {
    pub beliefs: Vec<Belief>,
    pub status: Vec<Status>,
    pub draws: Own,
    pub leave: Own,
    pub ret: Own,
}

/// The strength filter and the presence states over the rounds played of `t` (of `total`).
pub(super) fn learn(t: &Tournament, cfg: &Config, played: usize, total: usize) -> Learnt {
    let fitted = &cfg.results.fitted;
    let mut filter = Filter::new(t, cfg);
    for r in 1..=played {
        filter.play_round(t, r, cfg, fitted.event_draw_prior);
    }
    let p = &cfg.events.fitted;
    let mut status = vec![Status::default(); t.players.len()];
    let (mut leave, mut ret) = (Own::default(), Own::default());
    let win = f64::from(t.points.win.0.max(1));
    for r in 1..=played {
        for (i, pl) in t.players.iter().enumerate() {
            let e = pl.rounds.get(r - 1);
            let present = e.is_some_and(RoundEntry::was_paired);
            let s = &mut status[i];
            if s.arrived && r >= 2 {
                let own = if s.absent_run == 0 {
                    &mut leave
                } else {
                    &mut ret
                };
                let (prob, happened) = if s.absent_run == 0 {
                    (presence::p_leave(p, s, r, total), !present)
                } else {
                    (presence::p_return(p, s, r, total), present)
                };
                own.expected += prob;
                own.observed += f64::from(u8::from(happened));
            }
            let pts = e.map_or(0.0, |e| f64::from(t.points.points(e).0) / win);
            s.after(present, pts);
        }
    }
    leave.prior = p.event_leave_prior;
    ret.prior = p.event_return_prior;
    let fitted_presence = cfg.events.model == EventModel::Fitted;
    let draws = Own {
        observed: filter.draws,
        expected: filter.expected_draws,
        prior: fitted.event_draw_prior,
    };
    Learnt {
        beliefs: filter.smoothed(t, played, cfg),
        status,
        draws,
        leave: if fitted_presence {
            leave
        } else {
            Own::default()
        },
        ret: if fitted_presence { ret } else { Own::default() },
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
    fn later_byes_and_absences_are_taken_from_the_file() {
        let (text, plan) = event_text(0.5);
        // TRF-2026 240: half-point byes for players 3 and 5 in round 6.
        let text = format!("{text}240 H   6    3    5\n");
        let ev = prepare(&text).unwrap();
        assert_eq!((ev.first_round, ev.total_rounds), (5, 6));
        assert_eq!(
            ev.later_byes.get(&6),
            Some(&vec![(3, Unplayed::HalfBye), (5, Unplayed::HalfBye)])
        );
        // Players who withdrew after round 2 or earlier are absent from rounds 3 and 4: the
        // profile gives them a smaller chance to play round 5 than anyone present in round 4.
        let p = &ev.config.events.fitted;
        let chance =
            |i: usize| crate::presence::p_present(p, Default::default(), &ev.status[i], 5, 6);
        let gone: Vec<usize> = (0..plan.players.len())
            .filter(|&i| plan.players[i].withdrawn_after.is_some_and(|w| w <= 2))
            .collect();
        assert!(!gone.is_empty());
        let present: Vec<usize> = (0..plan.players.len())
            .filter(|&i| ev.t.players[i].rounds[3].was_paired())
            .collect();
        let most_gone = gone.iter().map(|&i| chance(i)).fold(0.0, f64::max);
        let least_present = present.iter().map(|&i| chance(i)).fold(1.0, f64::min);
        assert!(most_gone < least_present, "{most_gone} {least_present}");
        // Played: the requested byes of round 6 are kept in every run.
        let engine = crate::sim::Engine::Swisslab(ev.system);
        for index in 0..5 {
            let run = super::super::play_run(&ev, &engine, 1, index);
            assert!(run.failure.is_none(), "{:?}", run.failure);
            for &(round, _, w, b) in &run.boards {
                if round == 6 {
                    assert!(![w, b].contains(&3) && ![w, b].contains(&5));
                }
            }
        }
    }

    #[test]
    fn the_events_own_draws_are_counted() {
        let (text, _) = event_text(0.0);
        let ev = prepare(&text).unwrap();
        // 20 players, 4 rounds: 40 games.
        assert_eq!(crate::strength::Filter::games_played(&ev.t), 40);
        let draws =
            ev.t.players
                .iter()
                .flat_map(|p| &p.rounds)
                .filter(|e| {
                    matches!(
                        e,
                        RoundEntry::Game {
                            color: swisslab_engine::Color::White,
                            result: swisslab_engine::GameResult::Draw,
                            ..
                        }
                    )
                })
                .count();
        assert_eq!(ev.own_draws.observed as usize, draws);
        assert!(ev.own_draws.expected > 0.0);
        assert_eq!(ev.config.results.model, Config::default().results.model);
    }

    #[test]
    fn a_finished_event_or_one_without_a_length_is_refused() {
        let (text, _) = event_text(0.0);
        let e = prepare(&text.replace("XXR 6", "XXR 4")).unwrap_err();
        assert!(e.to_string().contains("all 4 rounds are played"), "{e}");
        let e = prepare(&text.replace("XXR 6\n", "")).unwrap_err();
        assert!(e.to_string().contains("give --rounds"), "{e}");
        // A declared total of one more than the rounds played is warned of, naming --rounds.
        let ev = prepare(&text.replace("XXR 6", "XXR 5")).unwrap();
        assert!(
            ev.warnings.iter().any(|w| w.contains("--rounds")),
            "{:?}",
            ev.warnings
        );
        // --rounds replaces XXR, the engine's last round included.
        let t = swisslab_engine::trf::read_str(&text).unwrap();
        let opts = EventOptions {
            rounds: Some(9),
            ..EventOptions::default()
        };
        let ev = Event::new(t, &text, Path::new("e.trf"), &opts).unwrap();
        assert_eq!((ev.total_rounds, ev.t.total_rounds), (9, Some(9)));
    }

    #[test]
    fn a_cut_out_of_range_is_refused_with_the_line() {
        let (text, _) = event_text(0.0);
        let t = swisslab_engine::trf::read_str(&text).unwrap();
        let opts = EventOptions {
            after_round: Some(Cut::After(4)),
            ..EventOptions::default()
        };
        let e = Event::new(t.clone(), &text, Path::new("e.trf"), &opts).unwrap_err();
        let line = text.lines().position(|l| l.starts_with("001")).unwrap() + 1;
        assert!(
            e.to_string()
                .starts_with(&format!("e.trf:{line}: --after-round 4")),
            "{e}"
        );
        let opts = EventOptions {
            after_round: Some(Cut::After(2)),
            ..EventOptions::default()
        };
        let ev = Event::new(t, &text, Path::new("e.trf"), &opts).unwrap();
        // The length: the declared 6 (two or more beyond the 4 rounds played).
        assert_eq!((ev.first_round, ev.total_rounds), (3, 6));
    }
}
