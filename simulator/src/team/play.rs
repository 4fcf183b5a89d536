//! One simulated team event: plan it ([`super::plan`]), then for every round
//!
//! 1. the teams present are those the plan does not have absent;
//! 2. the engine pairs them through the system's team pairing (`System::pair_team`), under a
//!    panic guard ([`crate::panics`]), timed;
//! 3. a refusal is a clean **stop** when the independent check ([`invariants::feasible`]) finds
//!    no pairing meeting C1 and C2 either (C.04.6 3.3.3: the Chief Arbiter decides), else a
//!    **failure**, as is a panic or a pairing that breaks an invariant
//!    ([`invariants::check_pairing`]);
//! 4. the round is played board by board into the team event ([`super::event`]) and checked
//!    against the team model's reading of it ([`invariants::check_round`]).
//!
//! The same function serves `simulate` and `generate`, so `generate --seed S --index I` writes
//! tournament I of a simulate run. For a failure the event is kept as it was before the round,
//! and for a stop as played, each with the round's absent teams written as `XXZ` absences of
//! all their members, so that the file asks the engine the same question
//! (`TeamRequest::next_round` takes a team none of whose members is to be paired as absent).

use super::event::{self, PlayedRound, Table};
use super::invariants;
use super::plan::{self, TeamPlan};
use super::stats::{self, TeamRow};
use crate::config::Config;
use crate::model::tournament_rng;
use crate::panics;
use crate::sim::Simulation;
use std::collections::BTreeSet;
use std::time::Instant;
use swisslab_engine::pairing::PairingError;
use swisslab_engine::team::{TeamEvent, TeamId, TeamPairing, TeamRequest};
use swisslab_engine::trf::{self, Format, WriteOptions};
use swisslab_engine::{PointSystem, System};

/// A team pairing function (tests put broken engines here).
pub type TeamPairFn = fn(&TeamEvent, &TeamRequest) -> Result<TeamPairing, PairingError>;

/// What pairs the rounds of a team event.
#[derive(Clone, Copy, Debug)]
pub enum TeamEngine {
    /// A swisslab system that pairs teams.
    Swisslab(System),
    Function(TeamPairFn),
}

impl TeamEngine {
    fn pair(self, ev: &TeamEvent, req: &TeamRequest) -> Result<TeamPairing, PairingError> {
        match self {
            TeamEngine::Swisslab(s) => s.pair_team(ev, req),
            TeamEngine::Function(f) => f(ev, req),
        }
    }

    /// A short name for reports.
    pub fn name(self) -> String {
        match self {
            TeamEngine::Swisslab(s) => format!("swisslab:{s}"),
            TeamEngine::Function(_) => "function".into(),
        }
    }
}

/// A validated team simulation: the configuration, the game points (`162`), the engine.
#[derive(Clone, Debug)]
pub struct TeamSimulation {
    pub cfg: Config,
    pub points: PointSystem,
    pub engine: TeamEngine,
}

impl TeamSimulation {
    /// The team simulation of `sim`, when its system pairs teams.
    pub fn of(sim: &Simulation) -> Option<TeamSimulation> {
        sim.system.pairs_teams().then(|| TeamSimulation {
            cfg: sim.cfg.clone(),
            points: sim.points,
            engine: TeamEngine::Swisslab(sim.system),
        })
    }
}

/// Why a team event failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamFailure {
    pub round: usize,
    pub message: String,
    /// The event before that round as team TRF-2026 (`None` when the simulator itself
    /// panicked).
    pub trf: Option<String>,
}

/// Everything one team event produced.
#[derive(Clone, Debug)]
pub struct TeamResult {
    pub index: u64,
    pub event: TeamEvent,
    pub plan: Option<TeamPlan>,
    pub rounds: Vec<PlayedRound>,
    pub row: TeamRow,
    pub failure: Option<TeamFailure>,
    /// When the event stopped (no pairing meeting C1 and C2 exists): the teams absent from
    /// the round that could not be paired.
    pub stopped_absent: Option<Vec<TeamId>>,
}

impl TeamResult {
    /// The event as team TRF-2026: for a failure, the event before the failing round; for a
    /// stop, the rounds played and the absences of the round that could not be paired.
    pub fn trf(&self) -> Option<String> {
        match (&self.failure, &self.stopped_absent) {
            (Some(f), _) => f.trf.clone(),
            (None, Some(absent)) => Some(write(&with_absent(&self.event, absent))),
            (None, None) => Some(write(&self.event)),
        }
    }
}

/// `ev` with every member of the teams `absent` declared absent from the next round (`XXZ`).
pub fn with_absent(ev: &TeamEvent, absent: &[TeamId]) -> TeamEvent {
    let mut out = ev.clone();
    for t in ev.teams.iter().filter(|t| absent.contains(&t.tpn)) {
        out.tournament.absent_next.extend(t.members.iter().copied());
    }
    out
}

/// The event as team TRF-2026.
pub fn write(ev: &TeamEvent) -> String {
    trf::write_team(
        ev,
        &WriteOptions {
            format: Format::Trf26,
            ..WriteOptions::default()
        },
    )
}

/// Runs team event `index` of a run with master seed `seed`, up to round `until` (all when
/// `None`). Never panics: a panic inside is a failure.
pub fn run(sim: &TeamSimulation, seed: u64, index: u64, until: Option<usize>) -> TeamResult {
    match panics::catch(|| run_inner(sim, seed, index, until)) {
        Ok(r) => r,
        Err(p) => {
            let message = format!("simulator panic: {p}");
            TeamResult {
                index,
                event: TeamEvent::default(),
                plan: None,
                rounds: Vec::new(),
                row: TeamRow {
                    tournament: index,
                    seed,
                    teams: sim.cfg.team.teams as usize,
                    boards: sim.cfg.team.boards as usize,
                    rounds: sim.cfg.rounds as usize,
                    failed: 1,
                    failure: message.clone(),
                    ..TeamRow::default()
                },
                failure: Some(TeamFailure {
                    round: 0,
                    message,
                    trf: None,
                }),
                stopped_absent: None,
            }
        }
    }
}

/// How the rounds ended.
pub(crate) enum End {
    Completed,
    /// Why, and the teams absent from the round.
    Stopped(String, Vec<TeamId>),
    Failed(TeamFailure),
}

fn run_inner(sim: &TeamSimulation, seed: u64, index: u64, until: Option<usize>) -> TeamResult {
    let plan = plan::plan(&sim.cfg, &mut tournament_rng(seed, index));
    let mut ev = event::initial_event(&sim.cfg, sim.points, &plan, (seed, index));
    // The event's own draw propensity (fitted profiles draw it per event).
    let mut results = sim.cfg.clone();
    results.results.draw_factor = plan.draw_factor;
    let table = Table {
        cfg: &results,
        plan: &plan,
        seed,
        index,
    };
    let last = until.unwrap_or(plan.rounds).min(plan.rounds);
    let mut played: Vec<PlayedRound> = Vec::new();
    let mut pair_us: Vec<u64> = Vec::new();
    let mut end = End::Completed;
    for round in 1..=last {
        match one_round(sim.engine, &table, &mut ev, &played, round) {
            Ok((r, us)) => {
                played.push(r);
                pair_us.push(us);
            }
            Err(e) => {
                end = e;
                break;
            }
        }
    }
    let mut row = TeamRow {
        tournament: index,
        seed,
        teams: plan.teams.len(),
        boards: plan.boards,
        rounds: plan.rounds,
        pair_us_total: pair_us.iter().sum(),
        pair_us_max: pair_us.iter().copied().max().unwrap_or(0),
        ..TeamRow::default()
    };
    stats::fill(&mut row, &plan, &ev, &played);
    let mut stopped_absent = None;
    let failure = match end {
        End::Completed => None,
        End::Stopped(message, absent) => {
            row.stopped = 1;
            row.failure = message;
            stopped_absent = Some(absent);
            None
        }
        End::Failed(f) => {
            row.failed = 1;
            row.failure = f.message.clone();
            Some(f)
        }
    };
    TeamResult {
        index,
        event: ev,
        plan: Some(plan),
        rounds: played,
        row,
        failure,
        stopped_absent,
    }
}

/// Pairs, checks and plays round `round` (of `table.plan.rounds`) after the rounds `played`;
/// the round played and its pairing time, or how the event ends there. The forecast of a team
/// file plays its remaining rounds by it too (`crate::forecast::team_play`).
pub(crate) fn one_round(
    engine: TeamEngine,
    table: &Table,
    ev: &mut TeamEvent,
    played: &[PlayedRound],
    round: usize,
) -> Result<(PlayedRound, u64), End> {
    let plan = table.plan;
    let absent = plan.absent(round);
    let present: BTreeSet<TeamId> = plan
        .teams
        .iter()
        .map(|t| t.tpn)
        .filter(|t| !absent.contains(t))
        .collect();
    let req = TeamRequest {
        round,
        total_rounds: plan.rounds,
        absent: absent.clone(),
    };
    let absent_text = if absent.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = absent.iter().map(ToString::to_string).collect();
        format!(" (absent: teams {})", list.join(", "))
    };
    let fail = |message: String| {
        End::Failed(TeamFailure {
            round,
            message: format!("round {round}: {message}{absent_text}"),
            trf: Some(write(&with_absent(ev, &absent))),
        })
    };
    let start = Instant::now();
    let res = panics::catch(|| engine.pair(ev, &req));
    let us = start.elapsed().as_micros() as u64;
    let pairing = match res {
        Ok(Ok(p)) => p,
        Ok(Err(PairingError::NoValidPairing(why))) if !invariants::feasible(played, &present) => {
            return Err(End::Stopped(
                format!("stopped in round {round}: no valid pairing exists ({why})"),
                absent.clone(),
            ));
        }
        Ok(Err(e)) => return Err(fail(format!("engine error: {e}"))),
        Err(p) => return Err(fail(format!("engine panic: {p}"))),
    };
    let v = invariants::check_pairing(
        played,
        plan.teams.len(),
        &present,
        &pairing.matches,
        pairing.bye,
    );
    if !v.is_empty() {
        let list: Vec<String> = v.iter().map(ToString::to_string).collect();
        return Err(fail(format!("invariant broken: {}", list.join("; "))));
    }
    let r = table.play(ev, round, &pairing.matches, pairing.bye);
    let v = invariants::check_round(ev, &r);
    if !v.is_empty() {
        let list: Vec<String> = v.iter().map(ToString::to_string).collect();
        return Err(End::Failed(TeamFailure {
            round,
            message: format!(
                "round {round}: invariant broken: {}{absent_text}",
                list.join("; ")
            ),
            trf: Some(write(&with_absent(&before(ev, round - 1), &absent))),
        }));
    }
    Ok((r, us))
}

/// The event as it was after round `rounds`: the players' games, the PAB, the line-ups and
/// the forfeits of the later rounds taken out.
pub fn before(ev: &TeamEvent, rounds: usize) -> TeamEvent {
    let mut out = ev.clone();
    out.tournament = ev.tournament.truncated(rounds);
    out.pab.teams.truncate(rounds);
    while out.pab.teams.last() == Some(&None) {
        out.pab.teams.pop();
    }
    out.lineups.retain(|l| l.round as usize <= rounds);
    out.forfeits.retain(|f| f.round as usize <= rounds);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use swisslab_engine::team::TeamRound;

    /// A pairing by search in TPN order (the lowest TPN against the first team it has not met;
    /// the PAB to the highest TPN C2 allows), with board-1 White to the smaller TPN: a legal
    /// pairing of its own, to test the loop apart from the Swiss Team system.
    fn greedy(ev: &TeamEvent, req: &TeamRequest) -> Result<TeamPairing, PairingError> {
        let d = ev
            .rounds()
            .map_err(|e| PairingError::Engine(e.to_string()))?;
        let mut met: Vec<(TeamId, TeamId)> = Vec::new();
        let mut barred: BTreeSet<TeamId> = BTreeSet::new();
        for (i, &t) in d.teams.iter().enumerate() {
            for r in &d.rounds[i] {
                match r {
                    TeamRound::Match(m) if m.played => met.push((t, m.opponent)),
                    TeamRound::Match(m) if m.game_points > m.opponent_game_points => {
                        barred.insert(t);
                    }
                    TeamRound::Pab { .. } => {
                        barred.insert(t);
                    }
                    _ => {}
                }
            }
        }
        let present: Vec<TeamId> = ev
            .teams
            .iter()
            .map(|t| t.tpn)
            .filter(|t| !req.absent.contains(t))
            .collect();
        fn search(
            left: &[TeamId],
            met: &[(TeamId, TeamId)],
            out: &mut Vec<(TeamId, TeamId)>,
        ) -> bool {
            let Some((&a, rest)) = left.split_first() else {
                return true;
            };
            for i in 0..rest.len() {
                let b = rest[i];
                if met.contains(&(a, b)) {
                    continue;
                }
                let mut others = rest.to_vec();
                others.remove(i);
                out.push((a, b));
                if search(&others, met, out) {
                    return true;
                }
                out.pop();
            }
            false
        }
        let byes: Vec<Option<TeamId>> = if present.len() % 2 == 1 {
            present
                .iter()
                .rev()
                .filter(|t| !barred.contains(t))
                .map(|&t| Some(t))
                .collect()
        } else {
            vec![None]
        };
        for bye in byes {
            let left: Vec<TeamId> = present
                .iter()
                .copied()
                .filter(|&t| Some(t) != bye)
                .collect();
            let mut matches = Vec::new();
            if search(&left, &met, &mut matches) {
                return Ok(TeamPairing { matches, bye });
            }
        }
        Err(PairingError::NoValidPairing(
            "greedy search found none".into(),
        ))
    }

    fn sim(teams: u32, rounds: u32) -> TeamSimulation {
        let mut cfg = Config {
            rounds,
            ..Config::default()
        };
        cfg.team.teams = teams;
        cfg.team.absence_rate = 0.05;
        cfg.team.match_forfeit_rate = 0.05;
        cfg.results.forfeit_rate = 0.03;
        let points = cfg.point_system().unwrap();
        TeamSimulation {
            cfg,
            points,
            engine: TeamEngine::Function(greedy),
        }
    }

    /// Events paired by a legal pairing of their own pass every invariant and read back from
    /// their team TRF to the same rounds; forfeits, absences, line-ups and PABs all occur.
    #[test]
    fn events_pass_the_invariants_and_read_back() {
        let s = sim(9, 6);
        let (mut forfeits, mut lineups, mut pabs, mut absent, mut stops) = (0, 0, 0, 0, 0);
        for index in 0..12 {
            let r = run(&s, 7, index, None);
            assert!(r.failure.is_none(), "{:?}", r.failure);
            stops += r.row.stopped;
            forfeits += r.event.forfeits.len();
            lineups += r.event.lineups.len();
            pabs += r.row.pabs;
            absent += r.row.team_absences;
            let text = write(&r.event);
            let back = trf::read_team_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.rounds().unwrap(), r.event.rounds().unwrap());
            assert_eq!(write(&back), text);
        }
        assert!(
            forfeits > 0 && lineups > 0 && pabs > 0 && absent > 0,
            "{forfeits} {lineups} {pabs} {absent}"
        );
        assert!(stops < 12);
    }
}
