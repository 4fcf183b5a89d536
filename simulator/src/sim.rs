//! One simulated tournament: plan it, then pair every round with the engine, check the
//! pairing against the invariants, draw the results and gather the statistics.
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
use crate::invariants;
use crate::model::{self, Outcome, Plan, Status};
use crate::opposition;
use crate::panics;
use crate::stats::{self, FloatCounts, GroupRow, PlayerRow, RoundRow, TournamentRow};
use std::collections::BTreeSet;
use std::time::Instant;
use swisslab_engine::acceleration::{self, Method};
use swisslab_engine::history::{histories, Float};
use swisslab_engine::pairing::{Diagnosed, Diagnostics, Pairing, PairingError, Request};
use swisslab_engine::{
    Color, GameKind, GameResult, Player, PlayerId, PointSystem, RoundEntry, Score, System,
    Tournament, Unplayed,
};

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
            acceleration::baku(&t, &[], cfg.rounds)
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

/// `t` as TRF with the next round's planned absences in that round's column (trf-formats.md
/// §C: `0000 - Z`, `H` or `F`, the points column including their points, as JaVaFo requires
/// and bbpPairings accepts); the players to be paired get no entry, so every engine pairs
/// them. `awarded` replaces the points column when given. No column is added when nobody is
/// absent.
fn with_absences(
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

fn game(opponent: PlayerId, color: Color, result: GameResult, kind: GameKind) -> RoundEntry {
    RoundEntry::Game {
        opponent,
        color,
        result,
        kind,
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
        total_rounds: Some((plan.rounds * columns(sim.system)) as u32),
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
        t.acceleration = acceleration::baku(&t, &starters, plan.rounds as u32).unwrap_or_default();
    }
    t
}

/// The rows of groups.csv of one round, by score group (highest first).
type ScoreGroups = std::collections::BTreeMap<std::cmp::Reverse<Score>, GroupRow>;

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

/// Plays game `g` (its outcome drawn from the seed), counts the result in `row`, and returns
/// White's and Black's entries.
fn play(
    cfg: &Config,
    seed: u64,
    index: u64,
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

/// The ARO after the round of each score group's players (Dubov 1997 preface: the system
/// pairs to equalise it within a score group), into the group rows.
fn set_group_aros(
    t: &Tournament,
    to_pair: &BTreeSet<PlayerId>,
    hist: &[swisslab_engine::history::PlayerHistory],
    groups: &mut ScoreGroups,
) {
    let mut aros: std::collections::BTreeMap<std::cmp::Reverse<Score>, Vec<u32>> =
        Default::default();
    for &id in to_pair {
        let i = id as usize - 1;
        if let Some(a) = stats::aro(t, &t.players[i].rounds) {
            aros.entry(std::cmp::Reverse(hist[i].pairing_score()))
                .or_default()
                .push(a);
        }
    }
    for (key, g) in groups.iter_mut() {
        stats::set_group_aro(g, aros.get(key).map_or(&[][..], Vec::as_slice));
    }
}

/// The round's row of rounds.csv, its score groups' rows and every player's entry (the games
/// played, their outcomes drawn from the seed, the bye), with the floats counted: the quality
/// of the pairing, from the history before the round (returned too).
#[expect(clippy::too_many_arguments)] // split by the owner of this module
fn record_round(
    sim: &Simulation,
    plan: &Plan,
    t: &Tournament,
    (seed, index): (u64, u64),
    round: usize,
    us: u64,
    pairing: &Pairing,
    to_pair: &BTreeSet<PlayerId>,
    planned: Vec<Option<RoundEntry>>,
    floats: &mut [FloatCounts],
) -> (
    RoundRow,
    ScoreGroups,
    Vec<Option<RoundEntry>>,
    Vec<swisslab_engine::history::PlayerHistory>,
) {
    let cfg = &sim.cfg;
    let total = plan.rounds;
    let idx = |id: PlayerId| id as usize - 1;
    // Quality of the pairing, from the history before the round.
    let hist = histories(t, round - 1);
    let is_last = round == total;
    let max_possible = i64::from(t.points.win.0) * (round as i64 - 1);
    let top = |i: usize| is_last && i64::from(hist[i].score.0) * 2 > max_possible;
    let mut row = RoundRow {
        tournament: index,
        round,
        players_paired: pairing.games.len() * 2 + usize::from(pairing.bye.is_some()),
        games: pairing.games.len(),
        bye_player_score: Score::ZERO.to_string(),
        pair_us: us,
        floated_score_diff: String::new(),
        last_round: u8::from(is_last),
        virtual_points: t
            .acceleration
            .iter()
            .filter_map(|(_, v)| v.get(round - 1).copied())
            .max()
            .unwrap_or(Score::ZERO)
            .to_string(),
        ..RoundRow::default()
    };
    let mut rating_gap: u64 = 0;
    let mut floated_diff = Score::ZERO;
    let mut groups = stats::group_rows(
        index,
        round,
        to_pair.iter().map(|&id| hist[idx(id)].pairing_score()),
    );
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
            if let Some(g) = groups.get_mut(&std::cmp::Reverse(hist[i].pairing_score())) {
                stats::count_group_preference(g, &hist[i], c);
            }
            stats::count_float(&mut row, &mut floats[i], &hist[i], f);
            if top(i) {
                stats::count_topscorer(&mut row, &hist[i], Some(c));
            }
        }
        rating_gap += u64::from(plan.players[iw].rating.abs_diff(plan.players[ib].rating));
        let g = model::Game {
            round,
            white: w,
            black: b,
            strengths: (plan.players[iw].strength, plan.players[ib].strength),
        };
        let (ew, eb) = play(cfg, seed, index, &g, &mut row);
        entries[iw] = Some(ew);
        entries[ib] = Some(eb);
    }
    if let Some(b) = pairing.bye {
        let i = idx(b);
        row.bye_player = b;
        row.bye_player_score = hist[i].score.to_string();
        row.bye_player_rating = plan.players[i].rating;
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
    (row, groups, entries, hist)
}

/// Round columns per pairing round: two for Double-Swiss (a match of two games, each its own
/// column and its own result drawn with its own colours), one otherwise.
fn columns(system: System) -> usize {
    if system == System::DoubleSwiss {
        crate::double_swiss::COLUMNS
    } else {
        1
    }
}

/// Appends each player's entry of `round` to `t` (every player has one once the invariants
/// hold; `Absent` is a safe fallback), adds its points to `awarded`, and checks the scores
/// against the points drawn: the failure when they disagree.
fn append_round(
    t: &mut Tournament,
    entries: impl Iterator<Item = Option<RoundEntry>>,
    awarded: &mut [Score],
    round: usize,
) -> Option<Failure> {
    for ((p, e), a) in t.players.iter_mut().zip(entries).zip(awarded.iter_mut()) {
        let e = e.unwrap_or(RoundEntry::Unplayed(Unplayed::Absent));
        *a += points_of(&t.points, &e);
        p.rounds.push(e);
    }
    let bad = invariants::check_scores(t, awarded);
    if bad.is_empty() {
        return None;
    }
    let list: Vec<String> = bad.iter().map(ToString::to_string).collect();
    Some(Failure {
        round,
        message: format!("round {round}: invariant broken: {}", list.join("; ")),
        trf: Some(swisslab_engine::trf::write(t)),
        transcript: None,
    })
}

#[expect(clippy::too_many_lines)] // split by the owner of this module
fn run_inner(sim: &Simulation, seed: u64, index: u64, opts: RunOptions) -> TournamentResult {
    let cfg = &sim.cfg;
    let plan = model::plan(cfg, &mut model::tournament_rng(seed, index));
    let n = plan.players.len();
    let per = columns(sim.system);
    let total = plan.rounds * per;
    let last = opts.until_round.unwrap_or(plan.rounds).min(plan.rounds) * per;
    let mut game_one = Pairing::default();
    let mut t = initial_tournament(sim, &plan, seed, index);
    let mut awarded = vec![Score::ZERO; n];
    let mut floats = vec![FloatCounts::default(); n];
    let mut rows: Vec<RoundRow> = Vec::with_capacity(last);
    let mut pair_us: Vec<u64> = Vec::with_capacity(last);
    let mut compare_us: Vec<u64> = Vec::new();
    let mut group_rows: Vec<GroupRow> = Vec::new();
    let mut disagreements: Vec<Disagreement> = Vec::new();
    let mut diagnostics = Diagnostics::default();
    let mut failure: Option<Failure> = None;
    let mut stopped: Option<String> = None;
    let mut stopped_absences: Option<Vec<Option<RoundEntry>>> = None;
    let missed = cfg.events.late_entry_missed;

    for round in 1..=last {
        let (to_pair, planned) = round_status(&plan, round.div_ceil(per), missed);
        if per > 1 && round % per == 0 {
            // Game 2 of a Double-Swiss match: the pairs of game 1, colours reversed. A match
            // floats once (1.5): the players' float counts are those of game 1.
            let pairing = crate::double_swiss::second_game(&game_one);
            let (row, mut groups, entries, hist) = record_round(
                sim,
                &plan,
                &t,
                (seed, index),
                round,
                0,
                &pairing,
                &to_pair,
                planned,
                &mut floats.clone(),
            );
            let game_two = entries
                .iter()
                .map(|e| e.map(crate::double_swiss::second_entry));
            if let Some(f) = append_round(&mut t, game_two, &mut awarded, round) {
                failure = Some(f);
                break;
            }
            set_group_aros(&t, &to_pair, &hist, &mut groups);
            // The match's PAB and floats are counted once, in its game-1 row.
            let row = RoundRow {
                bye_player: 0,
                downfloats: 0,
                repeated_downfloats: 0,
                downfloats_two_before: 0,
                upfloats: 0,
                repeated_upfloats: 0,
                upfloats_two_before: 0,
                floated_pairs: 0,
                floated_score_diff: Score::ZERO.to_string(),
                ..row
            };
            rows.push(row);
            group_rows.extend(groups.into_values());
            continue;
        }
        // The state before the round with its absences: what a failure report shows.
        let snapshot =
            |t: &Tournament, awarded: &[Score]| with_absences(t, &planned, Some(awarded));
        let req = Request {
            round,
            present: to_pair.clone(),
        };
        let start = Instant::now();
        let res = panics::catch(|| sim.engine.pair_diagnosed(&t, &req));
        let us = start.elapsed().as_micros() as u64;
        // An external engine's failure is reported with the file it was given.
        let (res, transcript) = match res {
            Ok((r, tr)) => {
                let r = r.map(|d| {
                    diagnostics.add(d.diagnostics);
                    d.pairing
                });
                (Ok(r), tr)
            }
            Err(p) => (Err(p), None),
        };
        let question = |t: &Tournament, awarded: &[Score]| match &transcript {
            Some(tr) => tr.trf.clone(),
            None => snapshot(t, awarded),
        };
        let pairing: Pairing = match res {
            Ok(Ok(p)) => p,
            Ok(Err(PairingError::NoValidPairing(why)))
                if !invariants::feasible(&t, sim.system, round, total, &to_pair) =>
            {
                stopped = Some(format!(
                    "stopped in round {round}: no valid pairing exists ({why})"
                ));
                stopped_absences = Some(planned);
                break;
            }
            Ok(Err(e)) => {
                failure = Some(Failure {
                    round,
                    message: format!("round {round}: engine error: {e}"),
                    trf: Some(question(&t, &awarded)),
                    transcript,
                });
                break;
            }
            Err(p) => {
                failure = Some(Failure {
                    round,
                    message: format!("round {round}: engine panic: {p}"),
                    trf: Some(question(&t, &awarded)),
                    transcript,
                });
                break;
            }
        };
        pair_us.push(us);
        game_one = pairing.clone();
        let violations =
            invariants::check_pairing(&t, sim.system, round, total, &to_pair, &pairing);
        if !violations.is_empty() {
            let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
            failure = Some(Failure {
                round,
                message: format!("round {round}: invariant broken: {}", list.join("; ")),
                trf: Some(question(&t, &awarded)),
                transcript,
            });
            break;
        }
        if let Some(other) = &sim.compare {
            let (us, disagreement) = compare_round(sim, other, &t, &req, &pairing);
            compare_us.push(us);
            disagreements.extend(disagreement);
        }

        let (row, mut groups, entries, hist) = record_round(
            sim,
            &plan,
            &t,
            (seed, index),
            round,
            us,
            &pairing,
            &to_pair,
            planned,
            &mut floats,
        );
        if let Some(f) = append_round(&mut t, entries.iter().copied(), &mut awarded, round) {
            failure = Some(f);
            break;
        }
        set_group_aros(&t, &to_pair, &hist, &mut groups);
        rows.push(row);
        group_rows.extend(groups.into_values());
    }
    let mut r = finish(
        sim, &plan, t, seed, index, rows, pair_us, floats, failure, stopped,
    );
    r.stopped_absences = stopped_absences;
    r.compare_us = compare_us;
    r.groups = group_rows;
    r.disagreements = disagreements;
    record_diagnostics(&mut r, diagnostics);
    r
}

/// The engine's diagnostics of a tournament, summed over its rounds, in the result and in its
/// `tournaments.csv` row (`searches_given_up`).
fn record_diagnostics(r: &mut TournamentResult, diagnostics: Diagnostics) {
    r.summary.searches_given_up = diagnostics.searches_given_up;
    r.diagnostics = diagnostics;
}

#[expect(clippy::too_many_arguments)] // split by the owner of this module
fn finish(
    sim: &Simulation,
    plan: &Plan,
    mut t: Tournament,
    seed: u64,
    index: u64,
    rows: Vec<RoundRow>,
    pair_us: Vec<u64>,
    floats: Vec<FloatCounts>,
    failure: Option<Failure>,
    stopped: Option<String>,
) -> TournamentResult {
    let played = rows.len();
    let standings = stats::standings(&t);
    let by_list = stats::tiebreak_standing(&t, &sim.cfg.tiebreaks);
    let aros: Vec<Option<u32>> = t
        .players
        .iter()
        .map(|p| stats::aro(&t, &p.rounds))
        .collect();
    let strengths: Vec<f64> = plan.players.iter().map(|p| p.strength).collect();
    let mut met: Vec<(u32, String, String)> = t
        .players
        .iter()
        .map(|p| opposition::columns(&t, &p.rounds, &strengths))
        .collect();
    let mut players = Vec::with_capacity(t.players.len());
    let group_a: BTreeSet<PlayerId> = t
        .players
        .iter()
        .map(|p| p.id)
        .filter(|&id| acceleration::in_group_a(&t, id))
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
        });
    }
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
    TournamentResult {
        index,
        tournament: t,
        rounds: rows,
        players,
        summary,
        pair_us,
        compare_us: Vec::new(),
        groups: Vec::new(),
        disagreements: Vec::new(),
        failure,
        stopped_absences: None,
        diagnostics: Diagnostics::default(),
    }
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
