//! The plan of a simulated team event, drawn before round 1 from the tournament's generator
//! ([`crate::model::tournament_rng`]), so that it never depends on a pairing and `--seed S
//! --index I` gives the same event in `simulate` and `generate`.
//!
//! In order:
//!
//! 1. each team's size: `boards` players plus 0 ..= `reserves` reserves, drawn uniformly;
//! 2. the field of all their players, drawn by the individual model ([`crate::model::plan`]):
//!    ratings from the configured distribution, true strengths, titles, and each player's
//!    presence (late entry, withdrawal, requested byes, or the fitted presence model): a member
//!    is available in a round exactly when that model has him present;
//! 3. the players dealt to the teams at random; inside a team, members in board order by
//!    rating (then name);
//! 4. each team's strength, the mean rating of its top `boards` members, and its Tournament
//!    Pairing Number from that strength, strongest first (C.04.6 1.1.2 leaves the numbering to
//!    the competition; the Olympiad rules, D.02.02, rank teams by the average rating of their
//!    top boards), ties by the order the teams were drawn;
//! 5. team absences: a whole team misses a round with probability `absence_rate` (GHR 3.3: not
//!    paired, no points), and a team with no member available misses it too.
//!
//! Players are numbered team by team in TPN order, each team's members in board order.

use crate::config::Config;
use crate::model::{self, Plan, PlannedPlayer, Status};
use rand::seq::SliceRandom;
use rand::Rng;
use swisslab_engine::team::TeamId;
use swisslab_engine::{Color, PlayerId};

/// A team member as planned.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub id: PlayerId,
    pub rating: u16,
    /// True strength (what the result model plays with).
    pub strength: f64,
    /// TRF title code (`g`, `m`, `f`, `c`), empty for none.
    pub title: &'static str,
    pub name: String,
    /// Available in round r + 1 (index r).
    pub available: Vec<bool>,
}

/// A team as planned.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedTeam {
    /// Tournament Pairing Number (C.04.6 1.1), by strength.
    pub tpn: TeamId,
    pub name: String,
    /// Mean rating of the top `boards` members.
    pub strength: f64,
    /// Members in board order.
    pub members: Vec<Member>,
    /// Absent from round r + 1 (index r): not paired.
    pub absent: Vec<bool>,
}

impl PlannedTeam {
    /// The players on the boards in round `round` (1-based): the first `boards` members
    /// available, in board order; `None` for a board left empty.
    pub fn lineup(&self, round: usize, boards: usize) -> Vec<Option<PlayerId>> {
        let mut seats: Vec<Option<PlayerId>> = self
            .members
            .iter()
            .filter(|m| m.available.get(round - 1).copied().unwrap_or(false))
            .take(boards)
            .map(|m| Some(m.id))
            .collect();
        seats.resize(boards, None);
        seats
    }

    /// The default line-up (TRF `310` order): the first `boards` members.
    pub fn default_lineup(&self, boards: usize) -> Vec<Option<PlayerId>> {
        let mut seats: Vec<Option<PlayerId>> = self
            .members
            .iter()
            .take(boards)
            .map(|m| Some(m.id))
            .collect();
        seats.resize(boards, None);
        seats
    }
}

/// The plan of a team event: teams sorted by TPN.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamPlan {
    pub teams: Vec<PlannedTeam>,
    pub boards: usize,
    pub rounds: usize,
    /// The initial-colour, drawn by lot (C.04.6 4.1) or set by the configuration.
    pub initial_colour: Color,
    /// The event's draw propensity against the profile's (fitted results; 1 otherwise).
    pub draw_factor: f64,
}

impl TeamPlan {
    /// The team with pairing number `tpn`.
    pub fn team(&self, tpn: TeamId) -> Option<&PlannedTeam> {
        self.teams.get((tpn as usize).wrapping_sub(1))
    }

    /// The member with pairing number `id`.
    pub fn member(&self, id: PlayerId) -> Option<&Member> {
        self.teams
            .iter()
            .flat_map(|t| &t.members)
            .find(|m| m.id == id)
    }

    /// The teams absent from round `round` (1-based), by TPN.
    pub fn absent(&self, round: usize) -> Vec<TeamId> {
        self.teams
            .iter()
            .filter(|t| t.absent.get(round - 1).copied().unwrap_or(true))
            .map(|t| t.tpn)
            .collect()
    }
}

/// Draws the plan of one team event from `rng` (the order of the module doc).
pub fn plan<R: Rng>(cfg: &Config, rng: &mut R) -> TeamPlan {
    plan_and_field(cfg, rng).0
}

/// The individual event of the same field ([`plan_and_field`]): every member of every team as
/// the individual model drew him (rating, true strength, title, entry, withdrawal, requested
/// byes), his team's pairing number and board kept, numbered in the C.04.2 initial order; the
/// initial colour and draw propensity of the team event. Team absences (`absence_rate`) have
/// no individual counterpart and are left out.
pub fn individual(plan: &TeamPlan, field: &Plan) -> Plan {
    let by_name: std::collections::HashMap<&str, &PlannedPlayer> =
        field.players.iter().map(|p| (p.name.as_str(), p)).collect();
    let by_name = &by_name;
    let mut players: Vec<PlannedPlayer> = plan
        .teams
        .iter()
        .flat_map(|t| {
            t.members.iter().enumerate().filter_map(move |(k, m)| {
                by_name.get(m.name.as_str()).map(|p| PlannedPlayer {
                    team: Some((t.tpn, k + 1)),
                    ..(*p).clone()
                })
            })
        })
        .collect();
    model::number_in_initial_order(&mut players);
    Plan {
        players,
        rounds: plan.rounds,
        initial_colour: plan.initial_colour,
        draw_factor: plan.draw_factor,
    }
}

/// The plan of one team event and the field its players were drawn from (the individual
/// model's plan of all of them, named uniquely).
pub fn plan_and_field<R: Rng>(cfg: &Config, rng: &mut R) -> (TeamPlan, Plan) {
    let ts = &cfg.team;
    let boards = ts.boards as usize;
    let rounds = cfg.rounds as usize;
    let sizes: Vec<usize> = (0..ts.teams)
        .map(|_| boards + rng.gen_range(0..=ts.reserves) as usize)
        .collect();
    let mut field_cfg = cfg.clone();
    field_cfg.players = sizes.iter().sum::<usize>() as u32;
    field_cfg.players_max = None;
    let field = model::plan(&field_cfg, rng);
    let mut order: Vec<usize> = (0..field.players.len()).collect();
    order.shuffle(rng);
    let missed = cfg.events.late_entry_missed;
    let mut drawn = Vec::with_capacity(sizes.len());
    let mut next = order.into_iter();
    for (k, &size) in sizes.iter().enumerate() {
        let mut members: Vec<Member> = next
            .by_ref()
            .take(size)
            .map(|i| {
                let p = &field.players[i];
                Member {
                    id: 0,
                    rating: p.rating,
                    strength: p.strength,
                    title: p.title,
                    name: p.name.clone(),
                    available: (1..=rounds)
                        .map(|r| p.status(r, missed) == Status::Present)
                        .collect(),
                }
            })
            .collect();
        members.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.name.cmp(&b.name)));
        let top = members.iter().take(boards);
        let strength = top.map(|m| f64::from(m.rating)).sum::<f64>() / boards as f64;
        drawn.push((k, strength, members));
    }
    // The teams' absences, in the order they were drawn.
    let absences: Vec<Vec<bool>> = (0..drawn.len())
        .map(|_| {
            (0..rounds)
                .map(|_| ts.absence_rate > 0.0 && rng.gen_bool(ts.absence_rate))
                .collect()
        })
        .collect();
    drawn.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut id: PlayerId = 0;
    let teams = drawn
        .into_iter()
        .enumerate()
        .map(|(i, (k, strength, mut members))| {
            for m in &mut members {
                id += 1;
                m.id = id;
            }
            let absent = (0..rounds)
                .map(|r| absences[k][r] || !members.iter().any(|m| m.available[r]))
                .collect();
            PlannedTeam {
                tpn: i as TeamId + 1,
                name: format!("Team {:03}", k + 1),
                strength,
                members,
                absent,
            }
        })
        .collect();
    let plan = TeamPlan {
        teams,
        boards,
        rounds,
        initial_colour: field.initial_colour,
        draw_factor: field.draw_factor,
    };
    (plan, field)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tournament_rng;

    fn cfg(teams: u32, boards: u32) -> Config {
        let mut c = Config {
            rounds: 9,
            ..Config::default()
        };
        c.team.teams = teams;
        c.team.boards = boards;
        c
    }

    #[test]
    fn teams_are_numbered_by_strength_and_seeded() {
        let c = cfg(40, 4);
        let a = plan(&c, &mut tournament_rng(3, 7));
        let b = plan(&c, &mut tournament_rng(3, 7));
        let other = plan(&c, &mut tournament_rng(3, 8));
        assert_eq!(a, b);
        assert_ne!(a, other);
        assert_eq!(a.teams.len(), 40);
        let mut ids = Vec::new();
        for (i, t) in a.teams.iter().enumerate() {
            assert_eq!(t.tpn as usize, i + 1);
            assert!((4..=6).contains(&t.members.len()));
            for w in t.members.windows(2) {
                assert!(w[0].rating >= w[1].rating, "board order by rating");
            }
            let top: f64 = t.members[..4].iter().map(|m| f64::from(m.rating)).sum();
            assert!((t.strength - top / 4.0).abs() < 1e-9);
            ids.extend(t.members.iter().map(|m| m.id));
        }
        for w in a.teams.windows(2) {
            assert!(w[0].strength >= w[1].strength, "TPN by strength");
        }
        let n = ids.len() as PlayerId;
        assert_eq!(
            ids,
            (1..=n).collect::<Vec<_>>(),
            "players numbered team by team"
        );
    }

    #[test]
    fn lineups_take_the_first_members_available() {
        let mut c = cfg(30, 5);
        c.team.absence_rate = 0.1;
        let p = plan(&c, &mut tournament_rng(1, 0));
        let mut changed = 0;
        let mut absent = 0;
        for t in &p.teams {
            for r in 1..=p.rounds {
                let l = t.lineup(r, 5);
                assert_eq!(l.len(), 5);
                let avail: Vec<PlayerId> = t
                    .members
                    .iter()
                    .filter(|m| m.available[r - 1])
                    .map(|m| m.id)
                    .take(5)
                    .collect();
                assert_eq!(l.iter().flatten().copied().collect::<Vec<_>>(), avail);
                changed += usize::from(l != t.default_lineup(5));
                absent += usize::from(t.absent[r - 1]);
                if avail.is_empty() {
                    assert!(t.absent[r - 1]);
                }
            }
        }
        assert!(changed > 0, "some member misses a round");
        assert!((5..=60).contains(&absent), "{absent} team absences in 270");
    }
}
