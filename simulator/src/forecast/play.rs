//! One continuation of an event: the remaining rounds paired by the engine (through the seam,
//! or an external program), each pairing checked by the invariants (C.04.1, C.04.2 and the
//! system's absolute criteria), the results drawn from each game's own generator
//! ([`crate::model::draw_outcome`], keyed by the seed, the run, the round and the two players),
//! as `simulate` does for a generated field.
//!
//! A round is **stopped** when the engine finds no valid pairing and the independent check
//! ([`crate::invariants::feasible`]) agrees that none exists (C.04.3 A.9: the event cannot go
//! on without the arbiter); it **fails** when the engine errs, panics, or returns a pairing that
//! breaks an invariant. Either ends the run; its standings are those of the rounds played.

use super::event::Event;
use crate::invariants;
use crate::model::{self, Outcome};
use crate::panics;
use crate::sim::{points_of, Engine};
use crate::stats::{self, FloatCounts, RoundRow};
use std::collections::BTreeSet;
use std::time::Instant;
use swisslab_engine::history::{histories, Float};
use swisslab_engine::pairing::{Pairing, PairingError, Request};
use swisslab_engine::{
    Color, GameKind, GameResult, PlayerId, PointSystem, RoundEntry, Score, Unplayed,
};

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

fn play(ev: &Event, engine: &Engine, seed: u64, index: u64) -> RunOutcome {
    let mut t = ev.t.clone();
    let n = t.players.len();
    let idx = |id: PlayerId| t_index(&ev.t, id);
    let mut awarded: Vec<Score> = t
        .players
        .iter()
        .map(|p| p.rounds.iter().map(|e| points_of(&t.points, e)).sum())
        .collect();
    let mut floats = vec![FloatCounts::default(); n];
    let mut rounds = Vec::with_capacity(ev.remaining());
    let mut pab = Vec::new();
    let mut boards = Vec::new();
    let mut failure = None;
    let mut searches_given_up = 0;
    let total = ev.total_rounds;
    for round in ev.first_round..=total {
        let (to_pair, planned) = players_of(ev, round);
        let mut outcome = RoundOutcome {
            status: RoundStatus::Paired,
            row: RoundRow {
                tournament: index,
                round,
                ..RoundRow::default()
            },
        };
        let req = Request {
            round,
            present: to_pair.clone(),
        };
        let start = Instant::now();
        let res = panics::catch(|| engine.pair_diagnosed(&t, &req).0);
        outcome.row.pair_us = start.elapsed().as_micros() as u64;
        let pairing: Pairing = match res {
            Ok(Ok(d)) => {
                searches_given_up += d.diagnostics.searches_given_up;
                d.pairing
            }
            Ok(Err(PairingError::NoValidPairing(_)))
                if !invariants::feasible(&t, ev.system, round, total, &to_pair) =>
            {
                outcome.status = RoundStatus::Stopped;
                rounds.push(outcome);
                break;
            }
            Ok(Err(e)) => {
                failure = Some(format!("round {round}: engine error: {e}"));
                outcome.status = RoundStatus::Failed;
                rounds.push(outcome);
                break;
            }
            Err(p) => {
                failure = Some(format!("round {round}: engine panic: {p}"));
                outcome.status = RoundStatus::Failed;
                rounds.push(outcome);
                break;
            }
        };
        let violations = invariants::check_pairing(&t, ev.system, round, total, &to_pair, &pairing);
        if !violations.is_empty() {
            let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
            failure = Some(format!(
                "round {round}: invariant broken: {}",
                list.join("; ")
            ));
            outcome.status = RoundStatus::Failed;
            rounds.push(outcome);
            break;
        }
        let hist = histories(&t, round - 1);
        let is_last = round == total;
        let max_possible = i64::from(t.points.win.0) * (round as i64 - 1);
        let top = |i: usize| is_last && i64::from(hist[i].score.0) * 2 > max_possible;
        let row = &mut outcome.row;
        row.players_paired = pairing.games.len() * 2 + usize::from(pairing.bye.is_some());
        row.games = pairing.games.len();
        row.last_round = u8::from(is_last);
        let mut entries = planned;
        top_boards(&t, round, &pairing, &mut boards);
        for &(w, b) in &pairing.games {
            let (iw, ib) = (idx(w), idx(b));
            let (sw, sb) = (hist[iw].pairing_score(), hist[ib].pairing_score());
            if sw != sb {
                row.floated_pairs += 1;
            }
            for (i, c, f) in [
                (iw, Color::White, stats::game_float(sw, sb)),
                (ib, Color::Black, stats::game_float(sb, sw)),
            ] {
                stats::count_preference(row, &hist[i], c);
                stats::count_float(row, &mut floats[i], &hist[i], f);
                if top(i) {
                    stats::count_topscorer(row, &hist[i], Some(c));
                }
            }
            let (ew, eb) = play_game(ev, seed, index, round, (w, iw), (b, ib));
            entries[iw] = Some(ew);
            entries[ib] = Some(eb);
        }
        if let Some(b) = pairing.bye {
            let i = idx(b);
            row.bye_player = b;
            stats::count_float(row, &mut floats[i], &hist[i], Float::Down);
            if top(i) {
                stats::count_topscorer(row, &hist[i], None);
            }
            entries[i] = Some(RoundEntry::Unplayed(Unplayed::Pab));
            pab.push(i);
        }
        record_round(&mut t, &ev.t.points, &entries, &mut awarded);
        let bad = invariants::check_scores(&t, &awarded);
        if !bad.is_empty() {
            let list: Vec<String> = bad.iter().map(ToString::to_string).collect();
            failure = Some(format!(
                "round {round}: invariant broken: {}",
                list.join("; ")
            ));
            outcome.status = RoundStatus::Failed;
            rounds.push(outcome);
            break;
        }
        rounds.push(outcome);
    }
    while rounds.len() < ev.remaining() {
        rounds.push(RoundOutcome {
            status: RoundStatus::NotReached,
            row: RoundRow::default(),
        });
    }
    RunOutcome {
        index,
        rounds,
        scores: awarded,
        places: places_of(ev, &t),
        floated_twice: floats
            .iter()
            .enumerate()
            .filter(|(_, f)| f.repeated_down + f.repeated_up > 0)
            .map(|(i, _)| i)
            .collect(),
        pab,
        boards,
        failure,
        searches_given_up,
    }
}

/// Appends the first [`TOP_BOARDS`] boards of the round (C.04.2 board order) to `boards`.
fn top_boards(
    t: &swisslab_engine::Tournament,
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

/// Plays one game of the simulation (`model::draw_outcome`): White's and Black's round entries.
fn play_game(
    ev: &Event,
    seed: u64,
    index: u64,
    round: usize,
    (w, iw): (PlayerId, usize),
    (b, ib): (PlayerId, usize),
) -> (RoundEntry, RoundEntry) {
    let g = model::Game {
        round,
        white: w,
        black: b,
        strengths: (ev.strengths[iw], ev.strengths[ib]),
    };
    use GameKind::{Forfeit, Rated};
    use GameResult::{Draw, Loss, Win};
    let (result, kind) = match model::draw_outcome(&ev.config, seed, index, &g) {
        Outcome::WhiteWins => (Win, Rated),
        Outcome::Draw => (Draw, Rated),
        Outcome::BlackWins => (Loss, Rated),
        Outcome::WhiteForfeits => (Loss, Forfeit),
        Outcome::BlackForfeits => (Win, Forfeit),
    };
    let white = RoundEntry::Game {
        opponent: b,
        color: Color::White,
        result,
        kind,
    };
    let black = RoundEntry::Game {
        opponent: w,
        color: Color::Black,
        result: result.complement(),
        kind,
    };
    (white, black)
}

/// Appends the round's entries (absent when none) to every player, adding their points to the
/// points column and to `awarded`.
fn record_round(
    t: &mut swisslab_engine::Tournament,
    points: &PointSystem,
    entries: &[Option<RoundEntry>],
    awarded: &mut [Score],
) {
    for (i, p) in t.players.iter_mut().enumerate() {
        let e = entries[i].unwrap_or(RoundEntry::Unplayed(Unplayed::Absent));
        let pts = points_of(points, &e);
        awarded[i] += pts;
        if let Some(s) = p.points.as_mut() {
            *s += pts;
        }
        p.rounds.push(e);
    }
}

/// Places: points, then the tie-breaks (C.07), a tie left after them by pairing number.
fn places_of(ev: &Event, t: &swisslab_engine::Tournament) -> Vec<usize> {
    let edition = swisslab_engine::tiebreak::Edition::for_tournament(t);
    let st = swisslab_engine::tiebreak::standings(t, &ev.tiebreaks, edition);
    let mut places = vec![0; t.players.len()];
    for (k, row) in st.rows.iter().enumerate() {
        places[t_index(t, row.id)] = k + 1;
    }
    places
}

fn t_index(t: &swisslab_engine::Tournament, id: PlayerId) -> usize {
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
