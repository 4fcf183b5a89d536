//! One simulated tournament: plan it, then play every round through the round loop shared
//! with `forecast` ([`crate::round_loop`]: pair, check, draw the results, count), and gather
//! the statistics.
//!
//! The same function serves `swisslab simulate` (many tournaments) and `swisslab generate`
//! (one tournament, written as TRF), so `generate --seed S --index I --until-round K`
//! reproduces tournament I of a simulate run exactly. Randomness is used only by the plan (the
//! tournament's generator, before round 1) and the results (one generator per game, keyed by
//! the tournament, the round and the two players: common random numbers, see [`crate::model`]),
//! never by the checks or the timing, so stopping after round K changes nothing before it.
//!
//! A round that cannot be paired is either a **failure** (the engine panics, reports an error
//! although a pairing meeting the absolute criteria exists, or returns a pairing that breaks an
//! invariant) or a clean **stop** (no pairing meeting the absolute criteria exists: C.04.3 A.9
//! leaves that to the arbiter). For a failure the tournament is kept as it was before the round,
//! with the round's planned absences written in its column, so that `swisslab pair` on that
//! file asks the engine exactly the failing question.

use crate::config::{Config, ConfigError};
use crate::engine::{EngineSpec, External, Transcript};
use crate::model::{self, Plan, Status};
use crate::opposition;
use crate::panics;
pub use crate::round_loop::{points_of, Failure};
use crate::round_loop::{with_absences, End, Field, Observer, RoundLoop, Setup};
use crate::stats::{self, FloatCounts, GroupRow, PlayerRow, RoundRow, TournamentRow};
use std::collections::BTreeSet;
use std::time::Instant;
use swisslab_engine::acceleration::{self, Method};
use swisslab_engine::pairing::{Diagnosed, Diagnostics, Pairing, PairingError, Request};
use swisslab_engine::{Player, PlayerId, PointSystem, RoundEntry, System, Tournament, Unplayed};

/// A pairing engine: pairs round `req.round` of a tournament among `req.present`.
pub type PairFn = fn(&Tournament, &Request) -> Result<Pairing, PairingError>;

/// What pairs the rounds of a simulation.
#[derive(Clone, Debug)]
pub enum Engine {
    /// A swisslab pairing system.
    Swisslab(System),
    /// An external program (`--engine cmd:…`).
    External(External),
    /// A function (tests put broken engines here).
    Function(PairFn),
}

impl Engine {
    /// The engine a specification names; `swisslab` alone means `system`.
    pub fn from_spec(spec: &EngineSpec, system: System) -> Engine {
        match spec {
            EngineSpec::Swisslab(s) => Engine::Swisslab(s.unwrap_or(system)),
            EngineSpec::External(x) => Engine::External(x.clone()),
        }
    }

    /// Pairs round `req.round` of `t`; an external program's transcript comes along.
    pub fn pair(
        &self,
        t: &Tournament,
        req: &Request,
    ) -> (Result<Pairing, PairingError>, Option<Transcript>) {
        let (result, transcript) = self.pair_diagnosed(t, req);
        (result.map(|d| d.pairing), transcript)
    }

    /// [`Engine::pair`], with what a swisslab engine reports besides the pairing (a search
    /// limit reached; nothing for the others).
    pub fn pair_diagnosed(
        &self,
        t: &Tournament,
        req: &Request,
    ) -> (Result<Diagnosed, PairingError>, Option<Transcript>) {
        match self {
            Engine::Swisslab(s) => (s.pair_diagnosed(t, req), None),
            Engine::Function(f) => (f(t, req).map(Into::into), None),
            Engine::External(x) => {
                let a = x.pair(t, req);
                (a.result.map(Into::into), Some(a.transcript))
            }
        }
    }

    /// A short name for reports (`swisslab:dutch-2017`, `cmd:…`, `function`).
    pub fn name(&self) -> String {
        match self {
            Engine::Swisslab(s) => format!("swisslab:{s}"),
            Engine::External(x) => format!("cmd:{}", x.template),
            Engine::Function(_) => "function".into(),
        }
    }
}

/// What a caller sets over a configuration (`--players`, `--rounds`, `--system`,
/// `--acceleration`): `None` keeps the configuration's.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    pub players: Option<u32>,
    pub rounds: Option<u32>,
    pub system: Option<System>,
    pub acceleration: Option<Method>,
}

/// A validated configuration with its point system, the pairing system whose rules every
/// round must follow, and the engine that pairs the rounds.
#[derive(Clone, Debug)]
pub struct Simulation {
    pub cfg: Config,
    pub points: PointSystem,
    /// The pairing system whose rules every round must follow (the invariants), and which
    /// pairs the rounds when the engine is swisslab's.
    pub system: System,
    /// What pairs the rounds.
    pub engine: Engine,
    /// The acceleration method (C.04.7): its virtual points go into the tournament before
    /// round 1, so that every engine, the invariants and every file written see them.
    pub acceleration: Method,
    /// A second engine that pairs every round again on the same history (`--compare-engine`);
    /// where the two differ, a [`Disagreement`] is recorded and the first engine's pairing is
    /// played.
    pub compare: Option<Engine>,
}

impl Simulation {
    /// Validates `cfg`; the rounds are paired by the edition in force ([`System::DEFAULT`]).
    pub fn new(cfg: Config) -> Result<Simulation, ConfigError> {
        let points = cfg.point_system()?;
        let acceleration = cfg.acceleration.method();
        // C.04.7 1.1: the method needs a win worth two draws and a loss worth nothing.
        if acceleration == Method::Baku {
            let t = Tournament {
                points,
                ..Tournament::default()
            };
            acceleration::baku(&t, &[], cfg.rounds, 1)
                .map_err(|e| ConfigError::Invalid(format!("acceleration: {e}")))?;
        }
        Ok(Simulation {
            cfg,
            points,
            system: System::DEFAULT,
            engine: Engine::Swisslab(System::DEFAULT),
            compare: None,
            acceleration,
        })
    }

    /// The configuration `cfg` (read from a file in `base`, against which its paths resolve)
    /// with `over` applied, validated: what `generate`, `simulate` and the Python package's
    /// `simulate` build their tournaments from.
    pub fn configured(
        mut cfg: Config,
        base: &std::path::Path,
        over: &Overrides,
    ) -> Result<Simulation, ConfigError> {
        if let Some(n) = over.players {
            cfg.players = n;
            cfg.players_max = None;
        }
        if let Some(r) = over.rounds {
            cfg.rounds = r;
        }
        if let Some(a) = over.acceleration {
            cfg.acceleration = match a {
                Method::None => crate::config::Acceleration::None,
                Method::Baku => crate::config::Acceleration::Baku,
            };
        }
        cfg.resolve(base)?;
        let sim = Simulation::new(cfg)?;
        Ok(match over.system {
            Some(s) => sim.with_system(s),
            None => sim,
        })
    }

    /// The same simulation under `system`'s rules, paired by swisslab's engine for it.
    pub fn with_system(self, system: System) -> Simulation {
        Simulation {
            system,
            engine: Engine::Swisslab(system),
            ..self
        }
    }
}

/// A round the compared engine (`--compare-engine`) paired differently.
#[derive(Clone, Debug)]
pub struct Disagreement {
    pub round: usize,
    /// Players to pair.
    pub players: usize,
    /// The engine's pairing (the one played).
    pub engine: Pairing,
    /// The compared engine's pairing, or why it gave none.
    pub compared: Result<Pairing, PairingError>,
    /// The first criterion on which the two differ, by the articles of the swisslab system
    /// among the two engines (empty when neither is swisslab's).
    pub first_difference: String,
}

/// Options of one tournament run.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunOptions {
    /// Stop after this round (the tournament's rounds when `None` or larger).
    pub until_round: Option<usize>,
}

/// Everything one tournament produced.
#[derive(Clone, Debug)]
pub struct TournamentResult {
    pub index: u64,
    pub tournament: Tournament,
    pub rounds: Vec<RoundRow>,
    pub players: Vec<PlayerRow>,
    pub summary: TournamentRow,
    /// Measured pairing time of each paired round, microseconds (also when the CSV rows hold 0).
    pub pair_us: Vec<u64>,
    /// The compared engine's pairing time of each round it paired, microseconds.
    pub compare_us: Vec<u64>,
    /// The colour preferences of each score group of each paired round (`groups.csv`).
    pub groups: Vec<GroupRow>,
    /// The rounds the compared engine paired differently.
    pub disagreements: Vec<Disagreement>,
    pub failure: Option<Failure>,
    /// When the tournament stopped because no valid pairing exists: the round's absences
    /// (requested byes, withdrawals, late entries not yet arrived), one entry per player, `None`
    /// for a player to be paired. Written into that round's column by [`TournamentResult::trf`].
    pub stopped_absences: Option<Vec<Option<RoundEntry>>>,
    /// What the engine reported besides its pairings, summed over the rounds.
    pub diagnostics: Diagnostics,
}

impl TournamentResult {
    /// The tournament as TRF: for a failure, the tournament before the failing round with its
    /// absences; for a stop (no valid pairing exists), the rounds played and the absences of the
    /// round that could not be paired, so that an engine asks the same question; otherwise the
    /// rounds played.
    pub fn trf(&self) -> Option<String> {
        if let Some(f) = &self.failure {
            return f.trf.clone();
        }
        Some(match &self.stopped_absences {
            Some(planned) => with_absences(&self.tournament, planned, None),
            None => swisslab_engine::trf::write(&self.tournament),
        })
    }
}

/// Runs tournament `index` of a run with master seed `seed`. Never panics: a panic inside is
/// caught and reported as a failure.
pub fn run_tournament(
    sim: &Simulation,
    seed: u64,
    index: u64,
    opts: RunOptions,
) -> TournamentResult {
    match panics::catch(|| run_inner(sim, seed, index, opts)) {
        Ok(r) => r,
        Err(p) => {
            let message = format!("simulator panic: {p}");
            TournamentResult {
                index,
                tournament: Tournament::default(),
                rounds: Vec::new(),
                players: Vec::new(),
                summary: TournamentRow {
                    tournament: index,
                    seed,
                    players: sim.cfg.players as usize,
                    rounds: sim.cfg.rounds as usize,
                    failed: 1,
                    failure: message.clone(),
                    ..TournamentRow::default()
                },
                pair_us: Vec::new(),
                compare_us: Vec::new(),
                groups: Vec::new(),
                disagreements: Vec::new(),
                failure: Some(Failure {
                    round: 0,
                    message,
                    trf: None,
                    transcript: None,
                }),
                stopped_absences: None,
                diagnostics: Diagnostics::default(),
            }
        }
    }
}

/// The tournament before round 1: the players of the plan, the number of rounds, the initial
/// colour, the point system, the system (`192` code, or `092` where none exists, with `_BAKU`
/// when accelerated) and the virtual points of every round (C.04.7), so that every file
/// written from it is re-paired alike by any engine, swisslab's `check` without options
/// included.
fn initial_tournament(sim: &Simulation, plan: &Plan, seed: u64, index: u64) -> Tournament {
    let baku = sim.acceleration == Method::Baku;
    let system = match sim.system.trf_code(baku) {
        Some(code) => ("192".to_string(), format!(" {code}")),
        None => ("092".to_string(), format!(" {}", sim.system.trf_text())),
    };
    let mut t = Tournament {
        records: vec![
            (
                "012".into(),
                format!(" swisslab simulation, seed {seed}, tournament {index}"),
            ),
            system,
            (
                "###".into(),
                format!(" generated by swisslab {}", env!("CARGO_PKG_VERSION")),
            ),
        ],
        players: plan
            .players
            .iter()
            .map(|p| Player {
                id: p.id,
                title: swisslab_engine::model::fide_title(p.title),
                name: p.name.clone(),
                rating: p.rating,
                ..Player::default()
            })
            .collect(),
        total_rounds: Some((plan.rounds * sim.system.columns_per_round()) as u32),
        initial_color: Some(plan.initial_colour),
        points: sim.points,
        ..Tournament::default()
    };
    if baku {
        // C.04.7 1.2-1.3: group A is sized on the players entered before round 1; a late
        // entry joins it when his pairing number is not above the last group-A player's.
        let missed = sim.cfg.events.late_entry_missed;
        let starters: Vec<PlayerId> = plan
            .players
            .iter()
            .filter(|p| !matches!(p.status(1, missed), Status::NotEntered(_)))
            .map(|p| p.id)
            .collect();
        // The point system was checked when the simulation was built.
        // A round of `plan.rounds` is a pairing round: a Double-Swiss match has its points in
        // both its columns.
        let per = sim.system.columns_per_round();
        t.acceleration =
            acceleration::baku(&t, &starters, plan.rounds as u32, per).unwrap_or_default();
    }
    t
}

/// Who is to be paired in `round` (the players present) and the planned absences of the others
/// (not yet entered, a requested bye, withdrawn), one entry per player.
fn round_status(
    plan: &Plan,
    round: usize,
    missed: crate::config::Missed,
) -> (BTreeSet<PlayerId>, Vec<Option<RoundEntry>>) {
    let mut to_pair: BTreeSet<PlayerId> = BTreeSet::new();
    let mut planned: Vec<Option<RoundEntry>> = vec![None; plan.players.len()];
    for (i, p) in plan.players.iter().enumerate() {
        match p.status(round, missed) {
            Status::Present => {
                to_pair.insert(p.id);
            }
            Status::NotEntered(u) | Status::Bye(u) => planned[i] = Some(RoundEntry::Unplayed(u)),
            Status::Withdrawn => planned[i] = Some(RoundEntry::Unplayed(Unplayed::Withdrawn)),
        }
    }
    (to_pair, planned)
}

/// The round paired again by the compared engine `other`: its time (microseconds) and, when
/// its pairing differs from `pairing`, the disagreement.
fn compare_round(
    sim: &Simulation,
    other: &Engine,
    t: &Tournament,
    req: &Request,
    pairing: &Pairing,
) -> (u64, Option<Disagreement>) {
    let start = Instant::now();
    let compared = panics::catch(|| other.pair(t, req).0)
        .unwrap_or_else(|p| Err(PairingError::Engine(format!("panic: {p}"))));
    let us = start.elapsed().as_micros() as u64;
    let same = compared
        .as_ref()
        .is_ok_and(|c| c.game_set() == pairing.game_set() && c.bye == pairing.bye);
    if same {
        return (us, None);
    }
    // Where one side is a swisslab system, the first criterion on which the two pairings
    // differ, by that system's articles (as `check` reports it).
    let why = match (&sim.engine, other, &compared) {
        (_, Engine::Swisslab(s), Ok(c)) => s.first_difference(t, req, pairing, c),
        (Engine::Swisslab(s), _, Ok(c)) => s.first_difference(t, req, c, pairing),
        _ => None,
    };
    let disagreement = Disagreement {
        round: req.round,
        players: req.present.len(),
        engine: pairing.clone(),
        compared,
        first_difference: why.unwrap_or_default(),
    };
    (us, Some(disagreement))
}

/// The field of a generated tournament: its plan, read by pairing round (a Double-Swiss match
/// is two round columns).
struct PlanField<'p> {
    plan: &'p Plan,
    per: usize,
    missed: crate::config::Missed,
}

impl Field for PlanField<'_> {
    fn players(
        &mut self,
        column: usize,
        _: &Tournament,
    ) -> (BTreeSet<PlayerId>, Vec<Option<RoundEntry>>) {
        round_status(self.plan, column.div_ceil(self.per), self.missed)
    }

    fn strength(&self, i: usize) -> f64 {
        self.plan.players[i].strength
    }

    fn rating(&self, i: usize) -> u16 {
        self.plan.players[i].rating
    }
}

/// The compared engine (`--compare-engine`): every checked pairing paired again on the same
/// history, its time and the rounds where the two differ.
struct Comparison<'s> {
    sim: &'s Simulation,
    compare_us: Vec<u64>,
    disagreements: Vec<Disagreement>,
}

impl Observer for Comparison<'_> {
    fn paired(&mut self, t: &Tournament, req: &Request, pairing: &Pairing) {
        if let Some(other) = &self.sim.compare {
            let (us, disagreement) = compare_round(self.sim, other, t, req, pairing);
            self.compare_us.push(us);
            self.disagreements.extend(disagreement);
        }
    }
}

fn run_inner(sim: &Simulation, seed: u64, index: u64, opts: RunOptions) -> TournamentResult {
    let cfg = &sim.cfg;
    let plan = model::tournament_plan(cfg, seed, index);
    let per = sim.system.columns_per_round();
    let last = opts.until_round.unwrap_or(plan.rounds).min(plan.rounds) * per;
    // The event's own draw propensity (fitted profiles draw it per tournament).
    let own;
    let results = if plan.draw_factor == 1.0 {
        cfg
    } else {
        let mut c = cfg.clone();
        c.results.draw_factor = plan.draw_factor;
        own = c;
        &own
    };
    let setup = Setup {
        system: sim.system,
        engine: &sim.engine,
        results,
        seed,
        index,
        total: plan.rounds * per,
        groups: true,
    };
    let mut rounds = RoundLoop::new(initial_tournament(sim, &plan, seed, index), setup);
    let mut field = PlanField {
        plan: &plan,
        per,
        missed: cfg.events.late_entry_missed,
    };
    let mut comparison = Comparison {
        sim,
        compare_us: Vec::new(),
        disagreements: Vec::new(),
    };
    let end = rounds.run(1..=last, &mut field, &mut comparison);
    let mut r = finish(sim, &plan, rounds, end, (seed, index));
    r.compare_us = comparison.compare_us;
    r.disagreements = comparison.disagreements;
    r
}

/// The engine's diagnostics of a tournament, summed over its rounds, in the result and in its
/// `tournaments.csv` row (`searches_given_up`).
fn record_diagnostics(r: &mut TournamentResult, diagnostics: Diagnostics) {
    r.summary.searches_given_up = diagnostics.searches_given_up;
    r.diagnostics = diagnostics;
}

/// The result of a tournament from the loop's state at its end: the final standings and
/// every player's row, the tournament's row, the rounds' rows.
fn finish(
    sim: &Simulation,
    plan: &Plan,
    rounds: RoundLoop,
    end: End,
    (seed, index): (u64, u64),
) -> TournamentResult {
    let RoundLoop {
        mut t,
        rows,
        pair_us,
        floats,
        group_rows,
        diagnostics,
        ..
    } = rounds;
    let (failure, stopped, stopped_absences) = match end {
        End::Completed => (None, None, None),
        End::Stopped {
            message, absences, ..
        } => (None, Some(message), Some(absences)),
        End::Failed(f) => (Some(f), None, None),
    };
    let players = player_rows(sim, plan, &mut t, &floats, index);
    let played = rows.len();
    let summary = TournamentRow {
        tournament: index,
        seed,
        players: plan.players.len(),
        rounds: plan.rounds,
        rounds_paired: played,
        failed: u8::from(failure.is_some()),
        failure: failure
            .as_ref()
            .map(|f| f.message.clone())
            .or(stopped)
            .unwrap_or_default(),
        late_entries: plan
            .players
            .iter()
            .filter(|p| p.entry_round > 1 && p.entry_round <= played)
            .count() as u32,
        withdrawals: plan
            .players
            .iter()
            .filter(|p| p.withdrawn_after.is_some_and(|w| w < played))
            .count() as u32,
        forfeits: rows.iter().map(|r| r.forfeits).sum(),
        requested_byes: plan
            .players
            .iter()
            .flat_map(|p| &p.byes)
            .filter(|(r, _)| *r <= played)
            .count() as u32,
        pabs: rows.iter().map(|r| u32::from(r.bye_player != 0)).sum(),
        pair_us_total: pair_us.iter().sum(),
        pair_us_max: pair_us.iter().copied().max().unwrap_or(0),
        // Set with the engine's diagnostics by `record_diagnostics`.
        searches_given_up: 0,
    };
    let mut r = TournamentResult {
        index,
        tournament: t,
        rounds: rows,
        players,
        summary,
        pair_us,
        compare_us: Vec::new(),
        groups: group_rows,
        disagreements: Vec::new(),
        failure,
        stopped_absences,
        diagnostics: Diagnostics::default(),
    };
    record_diagnostics(&mut r, diagnostics);
    r
}

/// Every player's row of players.csv, with the final points and rank written into `t`.
fn player_rows(
    sim: &Simulation,
    plan: &Plan,
    t: &mut Tournament,
    floats: &[FloatCounts],
    index: u64,
) -> Vec<PlayerRow> {
    let standings = stats::standings(t);
    let by_list = stats::tiebreak_standing(t, &sim.cfg.tiebreaks);
    let aros: Vec<Option<u32>> = t.players.iter().map(|p| stats::aro(t, &p.rounds)).collect();
    let strengths: Vec<f64> = plan.players.iter().map(|p| p.strength).collect();
    let mut met: Vec<(u32, String, String)> = t
        .players
        .iter()
        .map(|p| opposition::columns(t, &p.rounds, &strengths))
        .collect();
    let mut players = Vec::with_capacity(t.players.len());
    let group_a: BTreeSet<PlayerId> = t
        .players
        .iter()
        .map(|p| p.id)
        .filter(|&id| acceleration::in_group_a(t, id))
        .collect();
    for (i, p) in t.players.iter_mut().enumerate() {
        let (score, buchholz, _) = standings[i];
        let (rank, tiebreaks) = by_list[i].clone();
        p.points = Some(score);
        p.rank = Some(rank as u32);
        let planned = &plan.players[i];
        let c = stats::entry_counts(&t_points_only(&sim.points), &p.rounds);
        let f = floats[i];
        let (opponents, opp_strength, opponent_ids) = std::mem::take(&mut met[i]);
        players.push(PlayerRow {
            tournament: index,
            player: p.id,
            rating: planned.rating,
            strength: planned.strength.round() as i64,
            entered_round: planned.entry_round,
            withdrawn_after: planned.withdrawn_after.unwrap_or(0),
            score: score.to_string(),
            rank,
            buchholz_cut1: buchholz.to_string(),
            games: c.games,
            whites: c.whites,
            blacks: c.blacks,
            colour_diff: c.whites as i32 - c.blacks as i32,
            longest_same_colour_run: c.longest_run,
            downfloats: f.down,
            upfloats: f.up,
            repeated_downfloats: f.repeated_down,
            repeated_upfloats: f.repeated_up,
            pabs: c.pabs,
            half_byes: c.half_byes,
            zero_byes: c.zero_byes,
            forfeit_wins: c.forfeit_wins,
            forfeit_losses: c.forfeit_losses,
            score_white: c.score_white.to_string(),
            score_black: c.score_black.to_string(),
            aro: aros[i].map_or(String::new(), |a| a.to_string()),
            tiebreaks,
            acceleration_group: match sim.acceleration {
                Method::None => String::new(),
                Method::Baku if group_a.contains(&p.id) => "A".into(),
                Method::Baku => "B".into(),
            },
            opponents,
            opp_strength,
            opponent_ids,
            team: planned.team.map_or(String::new(), |t| t.0.to_string()),
            team_board: planned.team.map_or(String::new(), |t| t.1.to_string()),
        });
    }
    players
}

/// A tournament carrying only the point system (what `entry_counts` reads).
fn t_points_only(points: &PointSystem) -> Tournament {
    Tournament {
        points: *points,
        ..Tournament::default()
    }
}

/// Blanks the timing columns (pair_us, pair_us_total, pair_us_max) of a result, for
/// `--no-timing` runs whose CSV files must be byte-identical.
pub fn clear_timing(r: &mut TournamentResult) {
    for row in &mut r.rounds {
        row.pair_us = 0;
    }
    r.summary.pair_us_total = 0;
    r.summary.pair_us_max = 0;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sim(engine: PairFn) -> Simulation {
        let mut s = Simulation::new(Config {
            players: 16,
            rounds: 5,
            ..Config::default()
        })
        .unwrap();
        s.engine = Engine::Function(engine);
        s
    }

    /// The engine's diagnostics reach the tournament's `tournaments.csv` row, written under its
    /// column (the CSV writer is `csv`'s, as the runner uses it).
    #[test]
    fn diagnostics_reach_the_tournaments_row() {
        fn dutch(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
            System::Dutch2017.pair(t, req)
        }
        let mut r = run_tournament(&sim(dutch), 1, 0, RunOptions::default());
        assert_eq!(r.summary.searches_given_up, 0);
        record_diagnostics(
            &mut r,
            Diagnostics {
                searches_given_up: 3,
            },
        );
        assert_eq!(r.diagnostics.searches_given_up, 3);
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(&r.summary).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        let (header, row) = text.split_once('\n').unwrap();
        assert!(header.ends_with(",searches_given_up"), "{header}");
        assert!(row.trim_end().ends_with(",3"), "{row}");
    }

    /// Pairs round 3 with the round-1 pairing again (rematches), other rounds correctly.
    fn rematching(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
        if req.round == 3 {
            let r1 = Pairing::from_round(t, 1);
            if r1.bye.is_none() && r1.games.len() * 2 == req.present.len() {
                return Ok(r1);
            }
        }
        System::Dutch2017.pair(t, req)
    }

    fn panicking(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
        if req.round == 2 {
            panic!("deliberate");
        }
        System::Dutch2017.pair(t, req)
    }

    fn refusing(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
        if req.round == 4 {
            return Err(PairingError::NoValidPairing("deliberately wrong".into()));
        }
        System::Dutch2017.pair(t, req)
    }

    /// groups.csv splits each round's preference counts by score group: summed over the groups
    /// they are the round's, and the groups hold every player to pair, highest score first.
    #[test]
    fn score_groups_add_up_to_the_round() {
        let s = Simulation::new(Config {
            players: 31,
            rounds: 7,
            ..Config::default()
        })
        .unwrap();
        let r = run_tournament(&s, 5, 2, RunOptions::default());
        assert!(r.failure.is_none());
        for row in &r.rounds {
            let groups: Vec<&GroupRow> = r.groups.iter().filter(|g| g.round == row.round).collect();
            let sum = |f: fn(&GroupRow) -> u32| groups.iter().map(|g| f(g)).sum::<u32>();
            assert_eq!(sum(|g| g.pref_mild), row.pref_mild);
            assert_eq!(sum(|g| g.pref_strong), row.pref_strong);
            assert_eq!(sum(|g| g.pref_absolute), row.pref_absolute);
            assert_eq!(sum(|g| g.denied_mild), row.denied_mild);
            assert_eq!(sum(|g| g.denied_strong), row.denied_strong);
            assert_eq!(sum(|g| g.denied_absolute), row.denied_absolute);
            assert_eq!(sum(|g| g.players) as usize, row.players_paired);
            let mut above = 0;
            for g in &groups {
                assert_eq!(g.players_above, above);
                above += g.players;
            }
        }
    }

    #[test]
    fn a_broken_engine_is_caught() {
        let mut caught = 0;
        for index in 0..10 {
            let r = run_tournament(&sim(rematching), 3, index, RunOptions::default());
            if let Some(f) = &r.failure {
                assert_eq!(f.round, 3);
                assert!(f.message.contains("meet a second time"), "{}", f.message);
                let trf = f.trf.as_deref().unwrap();
                let t = swisslab_engine::trf::read(trf.as_bytes()).unwrap();
                assert_eq!(t.rounds_paired(), 2);
                assert_eq!(r.summary.failed, 1);
                assert_eq!(r.summary.rounds_paired, 2);
                caught += 1;
            }
        }
        assert!(caught > 0);
    }

    #[test]
    fn a_panicking_or_refusing_engine_is_a_failure() {
        let r = run_tournament(&sim(panicking), 3, 0, RunOptions::default());
        let f = r.failure.unwrap();
        assert_eq!(f.round, 2);
        assert!(
            f.message.contains("engine panic: deliberate"),
            "{}",
            f.message
        );
        let r = run_tournament(&sim(refusing), 3, 0, RunOptions::default());
        let f = r.failure.unwrap();
        assert_eq!(f.round, 4);
        assert!(f.message.contains("engine error"), "{}", f.message);
        // The failure file asks the failing question: `swisslab pair` sees round 4.
        let t = swisslab_engine::trf::read(f.trf.unwrap().as_bytes()).unwrap();
        assert_eq!(Request::next_round(&t).round, 4);
    }
}
