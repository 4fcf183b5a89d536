//! One continuation of a team event: its remaining rounds played by the team simulator's own
//! round ([`crate::team::play::one_round`], as `simulate --system swiss-team` plays them): each
//! round paired by the engine's team pairing (`System::pair_team`) under a panic guard, the
//! pairing checked by the team invariants against the whole history (C1, C2, the PAB of 1.4),
//! the matches played board by board by the game model ([`crate::team::event::Table`]: the
//! players' strengths drawn from their beliefs, each game from its own generator keyed by the
//! seed, the run, the round and the two players), and the round checked against the team
//! model's reading of it (board colours by `352`, game points, match points by `362`).
//!
//! A round is **stopped** when the engine finds no valid pairing and the independent check
//! agrees that none meets C1 and C2 (C.04.6 3.3.3: the Chief Arbiter decides); it **fails**
//! when the engine errs, panics or breaks an invariant. Either ends the run; its standings are
//! those of the rounds played.

use super::play::RoundStatus;
use super::team_event::{totals, TeamForecastEvent};
use crate::model;
use crate::panics;
use crate::team::event::{PlayedRound, Table};
use crate::team::plan::{Member, PlannedTeam, TeamPlan};
use crate::team::play::{one_round, End, TeamEngine};
use swisslab_engine::team::TeamId;
use swisslab_engine::tiebreak::{team::team_standings, Edition};
use swisslab_engine::{Color, Score};

/// One team run, reduced to what the tally needs.
#[derive(Clone, Debug)]
pub struct TeamRunOutcome {
    pub index: u64,
    /// One per remaining round, the first remaining round first.
    pub rounds: Vec<RoundStatus>,
    /// Per remaining round paired: the team with the PAB, if any.
    pub pabs: Vec<Option<TeamId>>,
    /// Final match points and game points of each team (by index).
    pub points: Vec<(Score, Score)>,
    /// Final place of each team (by index): the team standings' order, then pairing number.
    pub places: Vec<usize>,
    /// Why the run failed, when it did.
    pub failure: Option<String>,
}

/// Plays run `index` of master seed `seed`. Never panics: a panic inside the simulator is
/// reported as a failed run.
pub fn play_team_run(fe: &TeamForecastEvent, seed: u64, index: u64) -> TeamRunOutcome {
    match panics::catch(|| play(fe, seed, index)) {
        Ok(r) => r,
        Err(p) => TeamRunOutcome {
            index,
            rounds: vec![RoundStatus::NotReached; fe.remaining()],
            pabs: Vec::new(),
            points: fe.points_now(),
            places: (1..=fe.ev.teams.len()).collect(),
            failure: Some(format!("simulator panic: {p}")),
        },
    }
}

/// The plan of run `index`: every player's strength drawn from his belief, the teams' members
/// in default board order (those written withdrawn on no board), the absent teams of the file.
fn plan_of(fe: &TeamForecastEvent, rng: &mut impl rand::Rng, draw_factor: f64) -> TeamPlan {
    let t = &fe.ev.tournament;
    let strengths: Vec<f64> = fe
        .beliefs
        .iter()
        .map(|b| b.mean + b.var.sqrt() * model::normal(rng))
        .collect();
    let total = fe.total_rounds;
    let teams = fe
        .ev
        .teams
        .iter()
        .zip(&fe.strengths)
        .map(|(team, &strength)| PlannedTeam {
            tpn: team.tpn,
            name: team.name.clone(),
            strength,
            members: team
                .members
                .iter()
                .filter_map(|&id| Some((id, t.index_of(id)?)))
                .map(|(id, i)| Member {
                    id,
                    rating: t.players[i].rating,
                    strength: strengths[i],
                    title: "",
                    name: t.players[i].name.clone(),
                    available: vec![!fe.withdrawn.contains(&id); total],
                })
                .collect(),
            absent: (1..=total)
                .map(|r| {
                    fe.gone.contains(&team.tpn)
                        || (r == fe.first_round && fe.first_absent.contains(&team.tpn))
                })
                .collect(),
        })
        .collect();
    TeamPlan {
        teams,
        boards: fe.boards,
        rounds: total,
        initial_colour: t.initial_color.unwrap_or(Color::White),
        draw_factor,
    }
}

fn play(fe: &TeamForecastEvent, seed: u64, index: u64) -> TeamRunOutcome {
    let mut rng = model::tournament_rng(seed, index);
    let draw_factor = fe.own_draws.draw(&mut rng);
    let plan = plan_of(fe, &mut rng, draw_factor);
    let mut cfg = fe.config.clone();
    cfg.results.draw_factor = draw_factor;
    let table = Table {
        cfg: &cfg,
        plan: &plan,
        seed,
        index,
    };
    let engine = TeamEngine::Swisslab(fe.system);
    let mut ev = fe.ev.clone();
    let mut played: Vec<PlayedRound> = fe.history.clone();
    let mut rounds = Vec::with_capacity(fe.remaining());
    let mut pabs = Vec::new();
    let mut failure = None;
    for round in fe.first_round..=fe.total_rounds {
        match one_round(engine, &table, &mut ev, &played, round) {
            Ok((r, _)) => {
                rounds.push(RoundStatus::Paired);
                pabs.push(r.pab);
                played.push(r);
            }
            Err(End::Stopped(..)) => {
                rounds.push(RoundStatus::Stopped);
                break;
            }
            Err(End::Failed(f)) => {
                rounds.push(RoundStatus::Failed);
                failure = Some(f.message);
                break;
            }
            Err(End::Completed) => break,
        }
    }
    rounds.resize(fe.remaining(), RoundStatus::NotReached);
    let places = match places_of(fe, &ev) {
        Ok(p) => p,
        Err(e) => {
            failure.get_or_insert(format!("team standings: {e}"));
            (1..=ev.teams.len()).collect()
        }
    };
    TeamRunOutcome {
        index,
        rounds,
        pabs,
        points: totals(&ev),
        places,
        failure,
    }
}

/// Places by the team standings of `ev` (a tie left after the last tie-break by pairing number).
pub fn places_of(
    fe: &TeamForecastEvent,
    ev: &swisslab_engine::team::TeamEvent,
) -> Result<Vec<usize>, String> {
    let edition = Edition::for_tournament(&ev.tournament);
    let st = team_standings(ev, &fe.specs, edition).map_err(|e| e.to_string())?;
    let mut places = vec![0; ev.teams.len()];
    for (k, row) in st.rows.iter().enumerate() {
        if let Some(i) = ev.index_of(row.id) {
            places[i] = k + 1;
        }
    }
    Ok(places)
}
