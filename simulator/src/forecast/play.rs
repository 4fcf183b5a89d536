//! One continuation of an event: the remaining rounds played by the round loop that
//! `simulate` uses ([`crate::round_loop`]): paired by the engine (through the seam, or an
//! external program), each pairing checked by the invariants (C.04.1, C.04.2 and the system's
//! absolute criteria), the results drawn from each game's own generator
//! ([`crate::model::draw_outcome`], keyed by the seed, the run, the round and the two players),
//! a Double-Swiss match as two round columns (C.04.5).
//!
//! A round is **stopped** when the engine finds no valid pairing and the independent check
//! ([`crate::invariants::feasible`]) agrees that none exists (C.04.3 A.9: the event cannot go
//! on without the arbiter); it **fails** when the engine errs, panics, or returns a pairing that
//! breaks an invariant. Either ends the run; its standings are those of the rounds played.

use super::event::Event;
use crate::config::EventModel;
use crate::model;
use crate::panics;
use crate::presence::{self, Factors, Status};
use crate::round_loop::{End, Field, Observer, RoundLoop, Setup};
use crate::sim::Engine;
use crate::stats::RoundRow;
use rand::Rng;
use rand_chacha::ChaCha12Rng;
use std::collections::BTreeSet;
use swisslab_engine::pairing::{Pairing, Request};
use swisslab_engine::{PlayerId, RoundEntry, Score, Tournament, Unplayed};

/// Boards of each round whose pairings are counted (`top-boards.csv`).
pub const TOP_BOARDS: usize = 5;

/// What became of one remaining round in one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundStatus {
    Paired,
    /// No valid pairing exists.
    Stopped,
    /// The engine erred, panicked or broke an invariant.
    Failed,
    /// The run ended before this round.
    NotReached,
}

/// One remaining round of one run.
#[derive(Clone, Debug)]
pub struct RoundOutcome {
    pub status: RoundStatus,
    /// The simulator's per-round counts (colour preferences denied, floats, topscorers, …).
    pub row: RoundRow,
}

/// One run, reduced to what the tally needs.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    pub index: u64,
    /// One per remaining round, the first remaining round first.
    pub rounds: Vec<RoundOutcome>,
    /// Final score and place of each player (by index); places by points, then the event's
    /// tie-breaks ([`Event::tiebreaks`]), then pairing number.
    pub scores: Vec<Score>,
    pub places: Vec<usize>,
    /// Players (by index) who received the pairing-allocated bye in a remaining round.
    pub pab: Vec<usize>,
    /// Players (by index) floated the same way in two rounds in a row within the remaining
    /// rounds (A.4.b: a repeated downfloat or upfloat).
    pub floated_twice: Vec<usize>,
    /// (round, board, white, black) of the first [`TOP_BOARDS`] boards of each round paired.
    pub boards: Vec<(usize, usize, PlayerId, PlayerId)>,
    /// Why the run failed, when it did.
    pub failure: Option<String>,
    /// Dutch 2012 level searches that reached the node limit (engine diagnostics).
    pub searches_given_up: u64,
}

/// Plays run `index` of master seed `seed`: the remaining rounds of `ev`, paired by `engine`.
/// Never panics: a panic inside the simulator is reported as a failed run.
pub fn play_run(ev: &Event, engine: &Engine, seed: u64, index: u64) -> RunOutcome {
    match panics::catch(|| play(ev, engine, seed, index)) {
        Ok(r) => r,
        Err(p) => RunOutcome {
            index,
            rounds: (ev.first_round..=ev.total_rounds)
                .map(|_| RoundOutcome {
                    status: RoundStatus::NotReached,
                    row: RoundRow::default(),
                })
                .collect(),
            scores: vec![Score::ZERO; ev.t.players.len()],
            places: (1..=ev.t.players.len()).collect(),
            pab: Vec::new(),
            floated_twice: Vec::new(),
            boards: Vec::new(),
            failure: Some(format!("simulator panic: {p}")),
            searches_given_up: 0,
        },
    }
}

/// One run's field: each player's strength drawn from his belief, his presence drawn round
/// by round from his state, the profile's presence model and the event's own rates (the
/// first round as the file says when it does, later `240` byes and withdrawals as written).
struct RunField<'e> {
    ev: &'e Event,
    strengths: Vec<f64>,
    status: Vec<Status>,
    factors: Factors,
    rng: ChaCha12Rng,
    /// The last column's players (game 2 of a Double-Swiss match repeats them).
    last: Option<(usize, Players)>,
    fitted: bool,
}

/// The players to pair and the entries of the others.
type Players = (BTreeSet<PlayerId>, Vec<Option<RoundEntry>>);

impl<'e> RunField<'e> {
    /// Run `index`'s field and its draw factor.
    fn new(ev: &'e Event, seed: u64, index: u64) -> (RunField<'e>, f64) {
        let mut rng = model::tournament_rng(seed, index);
        let (factors, draw) = ev.run_factors(&mut rng);
        let strengths = ev
            .beliefs
            .iter()
            .map(|b| b.mean + b.var.sqrt() * model::normal(&mut rng))
            .collect();
        let field = RunField {
            ev,
            strengths,
            status: ev.status.clone(),
            factors,
            rng,
            last: None,
            fitted: ev.config.events.model == EventModel::Fitted,
        };
        (field, draw)
    }

    /// The states after column `column` of `t`.
    fn update(&mut self, column: usize, t: &Tournament) {
        let win = f64::from(t.points.win.0.max(1));
        for (s, p) in self.status.iter_mut().zip(&t.players) {
            let e = p.rounds.get(column - 1);
            let pts = e.map_or(0.0, |e| f64::from(t.points.points(e).0) / win);
            s.after(e.is_some_and(RoundEntry::was_paired), pts);
        }
    }

    /// Who plays column `column`, drawn.
    fn draw(&mut self, column: usize) -> Players {
        let ev = self.ev;
        let p = &ev.config.events.fitted;
        let total = ev.total_rounds;
        let byes = ev.later_byes.get(&column);
        let mut present = BTreeSet::new();
        let mut planned = vec![None; ev.t.players.len()];
        for (i, pl) in ev.t.players.iter().enumerate() {
            let s = &self.status[i];
            let stay = presence::p_present(p, self.factors, s, column, total);
            let (u, k): (f64, f64) = (self.rng.gen(), self.rng.gen());
            if ev.withdrawn.contains(&pl.id) {
                planned[i] = Some(RoundEntry::Unplayed(Unplayed::Withdrawn));
            } else if let Some(&(_, kind)) =
                byes.and_then(|b| b.iter().find(|(id, _)| *id == pl.id))
            {
                planned[i] = Some(RoundEntry::Unplayed(kind));
            } else if u < stay {
                present.insert(pl.id);
            } else {
                let kind = presence::kind(p, s.arrived, column, total, k);
                planned[i] = Some(RoundEntry::Unplayed(kind));
            }
        }
        (present, planned)
    }
}

impl Field for RunField<'_> {
    fn players(&mut self, column: usize, t: &Tournament) -> Players {
        let ev = self.ev;
        let per = ev.system.columns_per_round();
        if per > 1 && column.is_multiple_of(per) {
            if let Some((c, players)) = &self.last {
                if *c + 1 == column {
                    return players.clone();
                }
            }
        }
        if column > ev.first_round {
            self.update(column - 1, t);
        }
        let players = if column == ev.first_round && (ev.first_known || !self.fitted) {
            (ev.first_present.clone(), ev.first_absences.clone())
        } else if self.fitted {
            self.draw(column)
        } else {
            players_of(ev, column)
        };
        self.last = Some((column, players.clone()));
        players
    }

    fn strength(&self, i: usize) -> f64 {
        self.strengths[i]
    }

    fn rating(&self, i: usize) -> u16 {
        self.ev.t.players[i].rating
    }
}

/// The first [`TOP_BOARDS`] boards of every round paired.
struct TopBoards(Vec<(usize, usize, PlayerId, PlayerId)>);

impl Observer for TopBoards {
    fn paired(&mut self, t: &Tournament, req: &Request, pairing: &Pairing) {
        top_boards(t, req.round, pairing, &mut self.0);
    }
}

fn play(ev: &Event, engine: &Engine, seed: u64, index: u64) -> RunOutcome {
    let (mut field, draw_factor) = RunField::new(ev, seed, index);
    let mut results = ev.config.clone();
    results.results.draw_factor = draw_factor;
    let setup = Setup {
        system: ev.system,
        engine,
        results: &results,
        seed,
        index,
        total: ev.total_rounds,
        groups: false,
    };
    let mut rounds = RoundLoop::new(ev.t.clone(), setup);
    let mut boards = TopBoards(Vec::new());
    let end = rounds.run(ev.first_round..=ev.total_rounds, &mut field, &mut boards);
    let t = &rounds.t;
    let idx = |id: PlayerId| t_index(t, id);
    let pab = rounds
        .rows
        .iter()
        .filter(|r| r.bye_player != 0)
        .map(|r| idx(r.bye_player))
        .collect();
    let mut outcomes: Vec<RoundOutcome> = rounds
        .rows
        .iter()
        .map(|row| RoundOutcome {
            status: RoundStatus::Paired,
            row: row.clone(),
        })
        .collect();
    let failure = match end {
        End::Completed => None,
        End::Stopped { round, .. } => {
            outcomes.push(ended(RoundStatus::Stopped, index, round));
            None
        }
        End::Failed(f) => {
            outcomes.push(ended(RoundStatus::Failed, index, f.round));
            Some(f.message)
        }
    };
    while outcomes.len() < ev.remaining() {
        outcomes.push(RoundOutcome {
            status: RoundStatus::NotReached,
            row: RoundRow::default(),
        });
    }
    RunOutcome {
        index,
        rounds: outcomes,
        scores: rounds.awarded.clone(),
        places: places_of(ev, t),
        floated_twice: rounds
            .floats
            .iter()
            .enumerate()
            .filter(|(_, f)| f.repeated_down + f.repeated_up > 0)
            .map(|(i, _)| i)
            .collect(),
        pab,
        boards: boards.0,
        failure,
        searches_given_up: rounds.diagnostics.searches_given_up,
    }
}

/// The outcome of the round a run ended in.
fn ended(status: RoundStatus, index: u64, round: usize) -> RoundOutcome {
    RoundOutcome {
        status,
        row: RoundRow {
            tournament: index,
            round,
            ..RoundRow::default()
        },
    }
}

/// Appends the first [`TOP_BOARDS`] boards of the round (C.04.2 board order) to `boards`.
fn top_boards(
    t: &Tournament,
    round: usize,
    pairing: &Pairing,
    boards: &mut Vec<(usize, usize, PlayerId, PlayerId)>,
) {
    let mut sorted = pairing.clone();
    sorted.sort_boards(t, round);
    for (b, &(w, bl)) in sorted.games.iter().take(TOP_BOARDS).enumerate() {
        boards.push((round, b + 1, w, bl));
    }
}

/// Places: points, then the tie-breaks (C.07), a tie left after them by pairing number.
pub fn places_of(ev: &Event, t: &Tournament) -> Vec<usize> {
    let edition = swisslab_engine::tiebreak::Edition::for_tournament(t);
    let st = swisslab_engine::tiebreak::standings(t, &ev.tiebreaks, edition);
    let mut places = vec![0; t.players.len()];
    for (k, row) in st.rows.iter().enumerate() {
        places[t_index(t, row.id)] = k + 1;
    }
    places
}

fn t_index(t: &Tournament, id: PlayerId) -> usize {
    t.index_of(id).unwrap_or(0)
}

/// The players to pair in `round` and the entries of those who are not paired (by index).
fn players_of(ev: &Event, round: usize) -> (BTreeSet<PlayerId>, Vec<Option<RoundEntry>>) {
    if round == ev.first_round {
        return (ev.first_present.clone(), ev.first_absences.clone());
    }
    let byes = ev.later_byes.get(&round);
    let mut present = BTreeSet::new();
    let mut planned = vec![None; ev.t.players.len()];
    for (i, p) in ev.t.players.iter().enumerate() {
        if ev.withdrawn.contains(&p.id) {
            planned[i] = Some(RoundEntry::Unplayed(Unplayed::Withdrawn));
        } else if let Some(&(_, kind)) = byes.and_then(|b| b.iter().find(|(id, _)| *id == p.id)) {
            planned[i] = Some(RoundEntry::Unplayed(kind));
        } else {
            present.insert(p.id);
        }
    }
    (present, planned)
}
