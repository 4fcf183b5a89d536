//! The round loop shared by `simulate` ([`crate::sim`]: a generated field, every round) and
//! `forecast` ([`crate::forecast::play`]: the remaining rounds of a real event), so that both
//! pair, check and record a round the same way and take every system.
//!
//! Each round column, in order:
//!
//! 1. the players to pair and the entries of the others come from a [`Field`] (the plan of a
//!    generated tournament, or what a forecast run makes of the file);
//! 2. the engine pairs them under a panic guard ([`crate::panics`]), timed;
//! 3. a refusal is a clean **stop** when the independent check ([`invariants::feasible`]) finds
//!    no valid pairing either (C.04.3 A.9: the event cannot go on without the arbiter), else a
//!    **failure**, as is a panic or a pairing that breaks an invariant
//!    ([`invariants::check_pairing`]: C.04.1, C.04.2 and the system's absolute criteria);
//! 4. an [`Observer`] sees the checked pairing (simulate's compared engine, forecast's top
//!    boards);
//! 5. the games are played (each result drawn from its own generator, [`model::draw_outcome`])
//!    and the round's counts recorded ([`RoundRow`], by score group when asked);
//! 6. every player's entry is appended and the scores checked against the points drawn
//!    ([`invariants::check_scores`]).
//!
//! Double-Swiss (C.04.5): a match is two columns; the second is not paired again but is game 1's
//! pairs with the colours reversed and the PAB written `H` ([`crate::double_swiss`]); its floats
//! are those of game 1 (1.5), so they are counted once.
//!
//! For a failure the [`Failure`] holds the tournament as it was before the round, with the
//! round's absences written in its column, so that `swisslab pair` on that file asks the engine
//! exactly the failing question.

use crate::config::Config;
use crate::engine::Transcript;
use crate::invariants;
use crate::model::{self, Outcome};
use crate::panics;
use crate::sim::Engine;
use crate::stats::{self, FloatCounts, GroupRow, RoundRow};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{ControlFlow, RangeInclusive};
use std::time::Instant;
use swisslab_engine::history::{histories, Float, PlayerHistory};
use swisslab_engine::pairing::{Diagnostics, Pairing, PairingError, Request};
use swisslab_engine::{
    Color, GameKind, GameResult, PlayerId, PointSystem, RoundEntry, Score, System, Tournament,
    Unplayed,
};

/// Who plays each round, and how strong the players are.
pub trait Field {
    /// The players to pair in round column `column` (1-based) and the entries of the others
    /// (not yet entered, a requested bye, absent, withdrawn), one per player by index; `t` is
    /// the tournament before the round.
    fn players(
        &mut self,
        column: usize,
        t: &Tournament,
    ) -> (BTreeSet<PlayerId>, Vec<Option<RoundEntry>>);
    /// The true strength of the player at index `i` (what the result model plays with).
    fn strength(&self, i: usize) -> f64;
    /// The rating of the player at index `i` (`rounds.csv`'s rating gap, the bye's rating).
    fn rating(&self, i: usize) -> u16;
}

/// What a caller does with a pairing that passed the invariants, before its games are played
/// (game 1 of a Double-Swiss match only: game 2 is not paired).
pub trait Observer {
    fn paired(&mut self, _t: &Tournament, _req: &Request, _pairing: &Pairing) {}
}

/// An observer that does nothing.
impl Observer for () {}

/// Why a tournament failed.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The round that failed.
    pub round: usize,
    pub message: String,
    /// The tournament before that round (with the round's absences), as TRF; `None` when the
    /// simulator itself panicked outside the engine.
    pub trf: Option<String>,
    /// What an external engine was given and said, when it paired the failing round.
    pub transcript: Option<Transcript>,
}

/// How the loop ended.
#[derive(Clone, Debug)]
pub enum End {
    /// Every round asked for was played.
    Completed,
    /// No valid pairing exists in `round` (the engine refused and the check agrees).
    Stopped {
        round: usize,
        message: String,
        /// The round's absences, one entry per player (`None`: to be paired).
        absences: Vec<Option<RoundEntry>>,
    },
    Failed(Failure),
}

/// What does not change from round to round.
#[derive(Clone, Copy)]
pub struct Setup<'a> {
    /// The system whose rules every pairing must follow (the invariants).
    pub system: System,
    pub engine: &'a Engine,
    /// The result model and its rates.
    pub results: &'a Config,
    /// Master seed and run (tournament) index: the keys of every game's generator.
    pub seed: u64,
    pub index: u64,
    /// The event's last round column (the last round's rules apply there).
    pub total: usize,
    /// Whether to count by score group (`groups.csv`).
    pub groups: bool,
}

/// The state the loop carries from round to round.
pub struct RoundLoop<'a> {
    pub setup: Setup<'a>,
    /// The tournament so far (rounds appended as they are played).
    pub t: Tournament,
    /// Each player's points as drawn (the score invariant's reference).
    pub awarded: Vec<Score>,
    /// Each player's float counts so far.
    pub floats: Vec<FloatCounts>,
    /// The counts of each round column played.
    pub rows: Vec<RoundRow>,
    /// The pairing time of each round paired, microseconds.
    pub pair_us: Vec<u64>,
    /// The score-group rows of each round column played (when `setup.groups`).
    pub group_rows: Vec<GroupRow>,
    /// What the engine reported besides its pairings, summed.
    pub diagnostics: Diagnostics,
    /// The pairing of the last game 1 (Double-Swiss).
    game_one: Pairing,
}

/// The rows of groups.csv of one round, by score group (highest first).
type ScoreGroups = BTreeMap<Reverse<Score>, GroupRow>;

/// One round column to record: its number, the pairing time and the players paired.
struct Column<'c> {
    round: usize,
    us: u64,
    to_pair: &'c BTreeSet<PlayerId>,
}

/// A round played: its counts, its score groups, every player's entry and the histories
/// before it.
struct Played {
    row: RoundRow,
    groups: ScoreGroups,
    entries: Vec<Option<RoundEntry>>,
    hist: Vec<PlayerHistory>,
}

impl<'a> RoundLoop<'a> {
    /// The loop over `t` as it stands (the points already recorded are the reference of the
    /// score check).
    pub fn new(t: Tournament, setup: Setup<'a>) -> RoundLoop<'a> {
        let awarded = t
            .players
            .iter()
            .map(|p| p.rounds.iter().map(|e| points_of(&t.points, e)).sum())
            .collect();
        let floats = vec![FloatCounts::default(); t.players.len()];
        RoundLoop {
            setup,
            t,
            awarded,
            floats,
            rows: Vec::new(),
            pair_us: Vec::new(),
            group_rows: Vec::new(),
            diagnostics: Diagnostics::default(),
            game_one: Pairing::default(),
        }
    }

    /// Plays the round columns `columns` in order; stops at the first round that cannot be
    /// paired or fails.
    pub fn run<F: Field + ?Sized, O: Observer + ?Sized>(
        &mut self,
        columns: RangeInclusive<usize>,
        field: &mut F,
        observer: &mut O,
    ) -> End {
        let per = self.setup.system.columns_per_round();
        let first = *columns.start();
        if per > 1 && first.is_multiple_of(per) && first > 1 {
            // Continuing after game 1 of a match: game 2 repeats its pairs.
            self.game_one = Pairing::from_round(&self.t, first - 1);
        }
        for round in columns {
            if let ControlFlow::Break(end) = self.column(round, field, observer) {
                return end;
            }
        }
        End::Completed
    }

    /// One round column.
    fn column<F: Field + ?Sized, O: Observer + ?Sized>(
        &mut self,
        round: usize,
        field: &mut F,
        observer: &mut O,
    ) -> ControlFlow<End> {
        let (to_pair, planned) = field.players(round, &self.t);
        let per = self.setup.system.columns_per_round();
        if per > 1 && round.is_multiple_of(per) {
            return self.second_game(round, &to_pair, planned, field);
        }
        let req = Request {
            round,
            present: to_pair.clone(),
        };
        let (system, total) = (self.setup.system, self.setup.total);
        let start = Instant::now();
        let res = panics::catch(|| self.setup.engine.pair_diagnosed(&self.t, &req));
        let us = start.elapsed().as_micros() as u64;
        // An external engine's failure is reported with the file it was given.
        let (res, transcript) = match res {
            Ok((r, tr)) => {
                let r = r.map(|d| {
                    self.diagnostics.add(d.diagnostics);
                    d.pairing
                });
                (Ok(r), tr)
            }
            Err(p) => (Err(p), None),
        };
        let pairing: Pairing = match res {
            Ok(Ok(p)) => p,
            Ok(Err(PairingError::NoValidPairing(why)))
                if !invariants::feasible(&self.t, system, round, total, &to_pair) =>
            {
                return ControlFlow::Break(End::Stopped {
                    round,
                    message: format!("stopped in round {round}: no valid pairing exists ({why})"),
                    absences: planned,
                });
            }
            Ok(Err(e)) => {
                let message = format!("round {round}: engine error: {e}");
                return ControlFlow::Break(self.failed(round, message, &planned, transcript));
            }
            Err(p) => {
                let message = format!("round {round}: engine panic: {p}");
                return ControlFlow::Break(self.failed(round, message, &planned, transcript));
            }
        };
        self.pair_us.push(us);
        self.game_one = pairing.clone();
        let violations =
            invariants::check_pairing(&self.t, system, round, total, &to_pair, &pairing);
        if !violations.is_empty() {
            let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
            let message = format!("round {round}: invariant broken: {}", list.join("; "));
            return ControlFlow::Break(self.failed(round, message, &planned, transcript));
        }
        observer.paired(&self.t, &req, &pairing);
        let col = Column {
            round,
            us,
            to_pair: &to_pair,
        };
        let mut floats = std::mem::take(&mut self.floats);
        let played = self.play_round(field, &col, &pairing, planned, &mut floats);
        self.floats = floats;
        self.append(played.entries.iter().copied(), round)?;
        self.keep(played.row, played.groups, &played.hist, &to_pair);
        ControlFlow::Continue(())
    }

    /// Game 2 of a Double-Swiss match: the pairs of game 1, colours reversed. A match floats
    /// once (1.5): the players' float counts are those of game 1, and the match's PAB and
    /// floats are counted once, in its game-1 row.
    fn second_game<F: Field + ?Sized>(
        &mut self,
        round: usize,
        to_pair: &BTreeSet<PlayerId>,
        planned: Vec<Option<RoundEntry>>,
        field: &F,
    ) -> ControlFlow<End> {
        let pairing = crate::double_swiss::second_game(&self.game_one);
        let col = Column {
            round,
            us: 0,
            to_pair,
        };
        let played = self.play_round(field, &col, &pairing, planned, &mut self.floats.clone());
        let game_two = played
            .entries
            .iter()
            .map(|e| e.map(crate::double_swiss::second_entry));
        self.append(game_two, round)?;
        // The match's colour preferences are counted once, in game 1 (the match's colour, 1.6).
        let row = RoundRow {
            bye_player: 0,
            pref_absolute: 0,
            denied_absolute: 0,
            pref_strong: 0,
            denied_strong: 0,
            pref_mild: 0,
            denied_mild: 0,
            downfloats: 0,
            repeated_downfloats: 0,
            downfloats_two_before: 0,
            upfloats: 0,
            repeated_upfloats: 0,
            upfloats_two_before: 0,
            floated_pairs: 0,
            floated_score_diff: Score::ZERO.to_string(),
            ..played.row
        };
        self.keep(row, played.groups, &played.hist, to_pair);
        ControlFlow::Continue(())
    }

    /// A failure of round `round`, with the question the engine was asked: the file an
    /// external engine was given, else the tournament before the round with its absences.
    fn failed(
        &self,
        round: usize,
        message: String,
        planned: &[Option<RoundEntry>],
        transcript: Option<Transcript>,
    ) -> End {
        let trf = match &transcript {
            Some(tr) => tr.trf.clone(),
            None => with_absences(&self.t, planned, Some(&self.awarded)),
        };
        End::Failed(Failure {
            round,
            message,
            trf: Some(trf),
            transcript,
        })
    }

    /// Keeps the round's row and, when asked, its score groups with their AROs.
    fn keep(
        &mut self,
        row: RoundRow,
        mut groups: ScoreGroups,
        hist: &[PlayerHistory],
        to_pair: &BTreeSet<PlayerId>,
    ) {
        if self.setup.groups {
            set_group_aros(&self.t, to_pair, hist, &mut groups);
            self.group_rows.extend(groups.into_values());
        }
        self.rows.push(row);
    }

    /// Appends each player's entry of `round` (every player has one once the invariants hold;
    /// `Absent` is a safe fallback), adds its points to `awarded` and to the points column when
    /// the file keeps one, and checks the scores against the points drawn.
    fn append(
        &mut self,
        entries: impl Iterator<Item = Option<RoundEntry>>,
        round: usize,
    ) -> ControlFlow<End> {
        let points = self.t.points;
        for ((p, e), a) in self
            .t
            .players
            .iter_mut()
            .zip(entries)
            .zip(self.awarded.iter_mut())
        {
            let e = e.unwrap_or(RoundEntry::Unplayed(Unplayed::Absent));
            let pts = points_of(&points, &e);
            *a += pts;
            if let Some(s) = p.points.as_mut() {
                *s += pts;
            }
            p.rounds.push(e);
        }
        let bad = invariants::check_scores(&self.t, &self.awarded);
        if bad.is_empty() {
            return ControlFlow::Continue(());
        }
        let list: Vec<String> = bad.iter().map(ToString::to_string).collect();
        ControlFlow::Break(End::Failed(Failure {
            round,
            message: format!("round {round}: invariant broken: {}", list.join("; ")),
            trf: Some(swisslab_engine::trf::write(&self.t)),
            transcript: None,
        }))
    }

    /// The round's row of rounds.csv, its score groups' rows and every player's entry (the
    /// games played, their outcomes drawn from the seed, the bye), with the floats counted: the
    /// quality of the pairing, from the history before the round (returned too).
    fn play_round<F: Field + ?Sized>(
        &self,
        field: &F,
        col: &Column,
        pairing: &Pairing,
        planned: Vec<Option<RoundEntry>>,
        floats: &mut [FloatCounts],
    ) -> Played {
        let (t, round) = (&self.t, col.round);
        let idx = |id: PlayerId| t.index_of(id).unwrap_or(0);
        // Double-Swiss: the histories of the matches before this one (one float and colour each).
        let hist = crate::stats::per_match(
            t,
            histories(t, round - 1),
            round - 1,
            self.setup.system.columns_per_round(),
        );
        let is_last = round == self.setup.total;
        let max_possible = i64::from(t.points.win.0) * (round as i64 - 1);
        let top = |i: usize| is_last && i64::from(hist[i].score.0) * 2 > max_possible;
        let mut row = first_row(t, &self.setup, col, pairing);
        let mut rating_gap: u64 = 0;
        let mut floated_diff = Score::ZERO;
        let mut groups = if self.setup.groups {
            stats::group_rows(
                self.setup.index,
                round,
                col.to_pair.iter().map(|&id| hist[idx(id)].pairing_score()),
            )
        } else {
            ScoreGroups::new()
        };
        let mut entries: Vec<Option<RoundEntry>> = planned;
        for &(w, b) in &pairing.games {
            let (iw, ib) = (idx(w), idx(b));
            let (sw, sb) = (hist[iw].pairing_score(), hist[ib].pairing_score());
            if sw != sb {
                row.floated_pairs += 1;
                floated_diff += if sw > sb { sw - sb } else { sb - sw };
            }
            for (i, c, f) in [
                (iw, Color::White, stats::game_float(sw, sb)),
                (ib, Color::Black, stats::game_float(sb, sw)),
            ] {
                stats::count_preference(&mut row, &hist[i], c);
                if let Some(g) = groups.get_mut(&Reverse(hist[i].pairing_score())) {
                    stats::count_group_preference(g, &hist[i], c);
                }
                stats::count_float(&mut row, &mut floats[i], &hist[i], f);
                if top(i) {
                    stats::count_topscorer(&mut row, &hist[i], Some(c));
                }
            }
            rating_gap += u64::from(field.rating(iw).abs_diff(field.rating(ib)));
            let g = model::Game {
                round,
                white: w,
                black: b,
                strengths: (field.strength(iw), field.strength(ib)),
            };
            let (ew, eb) = play(
                self.setup.results,
                (self.setup.seed, self.setup.index),
                &g,
                &mut row,
            );
            entries[iw] = Some(ew);
            entries[ib] = Some(eb);
        }
        if let Some(b) = pairing.bye {
            let i = idx(b);
            row.bye_player = b;
            row.bye_player_score = hist[i].score.to_string();
            row.bye_player_rating = field.rating(i);
            stats::count_float(&mut row, &mut floats[i], &hist[i], Float::Down);
            if top(i) {
                stats::count_topscorer(&mut row, &hist[i], None);
            }
            entries[i] = Some(RoundEntry::Unplayed(Unplayed::Pab));
        }
        row.floated_score_diff = floated_diff.to_string();
        if !pairing.games.is_empty() {
            row.rating_gap = format!("{:.1}", rating_gap as f64 / pairing.games.len() as f64);
        }
        Played {
            row,
            groups,
            entries,
            hist,
        }
    }
}

/// The row of a round before its games are counted: who is paired, the time, the virtual
/// points in force.
fn first_row(t: &Tournament, setup: &Setup, col: &Column, pairing: &Pairing) -> RoundRow {
    let round = col.round;
    RoundRow {
        tournament: setup.index,
        round,
        players_paired: pairing.games.len() * 2 + usize::from(pairing.bye.is_some()),
        games: pairing.games.len(),
        bye_player_score: Score::ZERO.to_string(),
        pair_us: col.us,
        floated_score_diff: String::new(),
        last_round: u8::from(round == setup.total),
        virtual_points: t
            .acceleration
            .iter()
            .filter_map(|(_, v)| v.get(round - 1).copied())
            .max()
            .unwrap_or(Score::ZERO)
            .to_string(),
        ..RoundRow::default()
    }
}

/// Plays game `g` (its outcome drawn from the seed), counts the result in `row`, and returns
/// White's and Black's entries.
fn play(
    cfg: &Config,
    (seed, index): (u64, u64),
    g: &model::Game,
    row: &mut RoundRow,
) -> (RoundEntry, RoundEntry) {
    use GameKind::{Forfeit, Rated};
    use GameResult::{Draw, Loss, Win};
    // White's result; Black's is its complement.
    let (result, kind) = match model::draw_outcome(cfg, seed, index, g) {
        Outcome::WhiteWins => {
            row.white_wins += 1;
            (Win, Rated)
        }
        Outcome::Draw => {
            row.draws += 1;
            (Draw, Rated)
        }
        Outcome::BlackWins => {
            row.black_wins += 1;
            (Loss, Rated)
        }
        Outcome::WhiteForfeits => {
            row.forfeits += 1;
            (Loss, Forfeit)
        }
        Outcome::BlackForfeits => {
            row.forfeits += 1;
            (Win, Forfeit)
        }
    };
    (
        game(g.black, Color::White, result, kind),
        game(g.white, Color::Black, result.complement(), kind),
    )
}

fn game(opponent: PlayerId, color: Color, result: GameResult, kind: GameKind) -> RoundEntry {
    RoundEntry::Game {
        opponent,
        color,
        result,
        kind,
    }
}

/// The ARO after the round of each score group's players (Dubov 1997 preface: the system
/// pairs to equalise it within a score group), into the group rows.
fn set_group_aros(
    t: &Tournament,
    to_pair: &BTreeSet<PlayerId>,
    hist: &[PlayerHistory],
    groups: &mut ScoreGroups,
) {
    let mut aros: BTreeMap<Reverse<Score>, Vec<u32>> = BTreeMap::new();
    for &id in to_pair {
        let Some(i) = t.index_of(id) else { continue };
        if let Some(a) = stats::aro(t, &t.players[i].rounds) {
            aros.entry(Reverse(hist[i].pairing_score()))
                .or_default()
                .push(a);
        }
    }
    for (key, g) in groups.iter_mut() {
        stats::set_group_aro(g, aros.get(key).map_or(&[][..], Vec::as_slice));
    }
}

/// `t` as TRF with the next round's planned absences in that round's column (trf-formats.md
/// §C: `0000 - Z`, `H` or `F`, the points column including their points, as JaVaFo requires
/// and bbpPairings accepts); the players to be paired get no entry, so every engine pairs
/// them. `awarded` replaces the points column when given. No column is added when nobody is
/// absent.
pub fn with_absences(
    t: &Tournament,
    planned: &[Option<RoundEntry>],
    awarded: Option<&[Score]>,
) -> String {
    let mut s = t.clone();
    let any = planned.iter().any(Option::is_some);
    for (i, p) in s.players.iter_mut().enumerate() {
        if let Some(a) = awarded.and_then(|a| a.get(i)) {
            p.points = Some(*a);
        }
        let entry = planned.get(i).copied().flatten();
        if let (Some(e), Some(points)) = (entry, p.points.as_mut()) {
            *points += points_of(&t.points, &e);
        }
        if any {
            p.rounds
                .push(entry.unwrap_or(RoundEntry::Unplayed(Unplayed::Absent)));
        }
    }
    swisslab_engine::trf::write(&s)
}

/// The points an entry is worth under `ps` (the score invariant's own count).
pub fn points_of(ps: &PointSystem, e: &RoundEntry) -> Score {
    // Kept apart from `PointSystem::points` on purpose: the score invariant compares the two.
    match *e {
        RoundEntry::Game { result, kind, .. } => match (kind, result) {
            (GameKind::Forfeit, GameResult::Win) => ps.forfeit_win,
            (GameKind::Forfeit, _) => ps.forfeit_loss,
            (_, GameResult::Win) => ps.win,
            (_, GameResult::Draw) => ps.draw,
            (_, GameResult::Loss) => ps.loss,
        },
        RoundEntry::Unplayed(Unplayed::Pab) => ps.pab,
        RoundEntry::Unplayed(Unplayed::HalfBye) => ps.half_bye,
        RoundEntry::Unplayed(Unplayed::FullBye) => ps.full_bye,
        RoundEntry::Unplayed(_) => ps.zero_bye,
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;
    use crate::sim::{run_tournament, RunOptions, Simulation};
    use swisslab_engine::System;

    /// rounds.csv counts the last round (`last_round`, the topscorers) in the event's last
    /// column, the round the topscorer rules apply in: for Double-Swiss, game 2 of the last
    /// match.
    #[test]
    fn the_last_round_is_the_last_column() {
        for (system, last) in [(System::DoubleSwiss, 10), (System::Dutch2026, 5)] {
            let s = Simulation::new(Config {
                players: 21,
                rounds: 5,
                ..Config::default()
            })
            .unwrap()
            .with_system(system);
            let r = run_tournament(&s, 3, 0, RunOptions::default());
            assert!(r.failure.is_none(), "{:?}", r.failure);
            let flagged: Vec<usize> = r
                .rounds
                .iter()
                .filter(|row| row.last_round == 1)
                .map(|row| row.round)
                .collect();
            assert_eq!(flagged, vec![last], "{system}");
        }
    }
}
