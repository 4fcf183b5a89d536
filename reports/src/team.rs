//! The report of a run of team events (`simulate --system swiss-team`): read from its
//! `teams.csv` (one row per event) and `team_standings.csv` (one row per team per event), as
//! `simulator/OUTPUT.md` declares them, never from the engine.
//!
//! Every figure is computed per event, then averaged over the events with a 95% interval
//! clustered by event ([`crate::stats`]), as the individual report does:
//!
//! - **Ranking quality**: Spearman's rho and Kendall's tau-b of the final team standing (match
//!   points, then game points; teams equal on both tied) against team strength (the mean rating
//!   of the top `boards` members, which orders the pairing numbers); whether the strongest team
//!   finishes first (`rank` 1); the share of the three strongest teams in the final top three.
//! - **Board-1 colour balance** (C.04.6 1.6: the colour rules apply to the team's first
//!   board): per team, board-1 Whites minus board-1 Blacks over its matches played; the share
//!   of teams with |balance| <= 1 (pooled over the teams, clustered by event) and the mean
//!   |balance|. The same for each team's first-board player (its first member) over the games
//!   he played, whatever board he sat on.
//! - **Byes, rematches, forfeits**: pairing-allocated byes, pairs of teams that met twice
//!   (C1 forbids it), matches forfeited as a whole, boards forfeited, team absences, per event.
//!
//! Events that failed (an engine error or a broken invariant) are left out of the figures and
//! counted; an event that stopped (no valid pairing exists, 3.3.3) counts with the rounds it
//! played.

use crate::load::{invalid, read_csv};
use crate::model::{num, Metric, Section, Table};
use crate::stats::{kendall, spearman, Estimate};
use crate::ReportError;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use swisslab_schema::read::{TeamRow, TeamStandingRow};

/// One team event: its row and its teams, by pairing number.
#[derive(Clone, Debug)]
pub struct TeamEventData {
    pub row: TeamRow,
    pub teams: Vec<TeamStandingRow>,
}

/// A run of team events.
#[derive(Clone, Debug)]
pub struct TeamRunData {
    pub dir: PathBuf,
    /// By event index.
    pub events: Vec<TeamEventData>,
}

/// Whether `dir` holds a run of team events (a `teams.csv` and no individual `run.csv`).
pub fn is_team_run(dir: &Path) -> bool {
    dir.join("teams.csv").is_file() && !dir.join("run.csv").is_file()
}

/// Reads a team run: every event of `teams.csv` must have exactly its `teams` rows in
/// `team_standings.csv`, pairing numbers 1 to `teams`.
pub fn load(dir: &Path) -> Result<TeamRunData, ReportError> {
    let tpath = dir.join("teams.csv");
    let spath = dir.join("team_standings.csv");
    let mut events: BTreeMap<u64, TeamEventData> = BTreeMap::new();
    for (line, row) in read_csv::<TeamRow>(&tpath)? {
        let id = row.tournament;
        let e = TeamEventData {
            row,
            teams: Vec::new(),
        };
        if events.insert(id, e).is_some() {
            return Err(invalid(&tpath, line, format!("event {id} appears twice")));
        }
    }
    let mut last_line = BTreeMap::new();
    for (line, t) in read_csv::<TeamStandingRow>(&spath)? {
        let id = t.tournament;
        let e = events
            .get_mut(&id)
            .ok_or_else(|| invalid(&spath, line, format!("event {id} is not in teams.csv")))?;
        if t.team as usize != e.teams.len() + 1 {
            return Err(invalid(
                &spath,
                line,
                format!(
                    "event {id}: expected team {}, found team {} (teams in pairing-number order)",
                    e.teams.len() + 1,
                    t.team
                ),
            ));
        }
        e.teams.push(t);
        last_line.insert(id, line);
    }
    for (id, e) in &events {
        if e.teams.len() != e.row.teams as usize {
            return Err(invalid(
                &spath,
                last_line.get(id).copied().unwrap_or(0),
                format!(
                    "event {id}: {} teams in teams.csv, {} rows here",
                    e.row.teams,
                    e.teams.len()
                ),
            ));
        }
    }
    Ok(TeamRunData {
        dir: dir.to_path_buf(),
        events: events.into_values().collect(),
    })
}

impl TeamRunData {
    /// The run in words, for the page: seed, events, teams, boards, rounds.
    pub fn parameters(&self) -> String {
        match self.events.first() {
            Some(e) => format!(
                "seed {}, {} team events of {} teams x {} boards and {} rounds (team_standings.csv)",
                e.row.seed,
                self.events.len(),
                e.row.teams,
                e.row.boards,
                e.row.rounds
            ),
            None => "no team event".into(),
        }
    }

    /// The events that did not fail.
    pub fn sound(&self) -> impl Iterator<Item = &TeamEventData> {
        self.events.iter().filter(|e| !e.row.failed)
    }
}

/// A number per team that orders like the final standing: match points, then game points.
pub fn standing_key(t: &TeamStandingRow) -> f64 {
    t.match_points * 10_000.0 + t.game_points
}

/// The ranking figures of one event's standing against strength: Spearman's rho, Kendall's
/// tau-b (NaN without spread), whether the strongest team is first, and the share of the three
/// strongest in the top three, from `key` (larger = better) and strength per team.
pub fn ranking(keys: &[f64], strength: &[f64]) -> (f64, f64, bool, f64) {
    let rho = spearman(keys, strength).unwrap_or(f64::NAN);
    let tau = kendall(keys, strength).tau_b;
    let order = |v: &[f64]| {
        let mut i: Vec<usize> = (0..v.len()).collect();
        i.sort_by(|&a, &b| v[b].total_cmp(&v[a]).then(a.cmp(&b)));
        i
    };
    let by_strength = order(strength);
    let by_standing = order(keys);
    let first = by_strength.first() == by_standing.first() && !keys.is_empty();
    let k = 3.min(keys.len());
    let top: Vec<usize> = by_standing[..k].to_vec();
    let share = if k == 0 {
        f64::NAN
    } else {
        by_strength[..k].iter().filter(|i| top.contains(i)).count() as f64 / k as f64
    };
    (rho, tau, first, share)
}

/// The report's sections of a team run, in page order.
pub fn sections(run: &TeamRunData) -> Vec<Section> {
    vec![
        ranking_section(run),
        colour_section(run),
        events_section(run),
    ]
}

fn ranking_section(run: &TeamRunData) -> Section {
    let mut t = Table::new(
        "team_ranking_per_event",
        "Ranking quality per team event",
        &[
            "tournament",
            "teams",
            "spearman",
            "kendall_tau_b",
            "strongest_first",
            "top3_share",
        ],
    );
    let (mut rho, mut tau, mut first, mut top3) = (vec![], vec![], vec![], vec![]);
    for e in run.sound() {
        let id = e.row.tournament;
        let keys: Vec<f64> = e.teams.iter().map(standing_key).collect();
        let strength: Vec<f64> = e.teams.iter().map(|t| t.strength).collect();
        // The winner by the file's rank (match points, game points, pairing number).
        let (r, k, _, s) = ranking(&keys, &strength);
        let best = strength.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let strongest_first = e
            .teams
            .iter()
            .filter(|t| t.strength == best)
            .any(|t| t.rank == 1);
        rho.push((id, r));
        tau.push((id, k));
        first.push((id, strongest_first));
        top3.push((id, s));
        t.push(vec![
            id.to_string(),
            e.teams.len().to_string(),
            num(r),
            num(k),
            u8::from(strongest_first).to_string(),
            num(s),
        ]);
    }
    Section {
        id: "team_ranking",
        title: "Ranking quality: final team standing against team strength",
        intro: "The final team standing (match points, then game points; teams equal on both \
                tied) against team strength (the mean rating of the top boards, which orders \
                the pairing numbers), per event, averaged over the events with a 95% interval \
                clustered by event. The strongest team wins: the team of highest strength \
                ranks 1 (match points, game points, then pairing number)."
            .into(),
        metrics: vec![
            Metric::new(
                "team_ranking.spearman",
                "Spearman's rho, final team standing vs team strength",
                "events",
                Estimate::mean(&rho),
            ),
            Metric::new(
                "team_ranking.kendall_tau_b",
                "Kendall tau-b, final team standing vs team strength",
                "events",
                Estimate::mean(&tau),
            ),
            Metric::new(
                "team_ranking.strongest_wins",
                "The strongest team wins",
                "events",
                Estimate::proportion(&first),
            )
            .percent(),
            Metric::new(
                "team_ranking.top3_share",
                "Share of the 3 strongest teams who finish in the top 3",
                "events",
                Estimate::mean(&top3),
            )
            .percent(),
        ],
        charts: Vec::new(),
        tables: vec![t],
    }
}

/// Per event: (teams with |balance| <= 1, teams, sum of |balance|) of the balances `b`.
pub fn balance_counts(b: &[i64]) -> (f64, f64, f64) {
    let within = b.iter().filter(|x| x.abs() <= 1).count() as f64;
    let sum = b.iter().map(|x| x.abs() as f64).sum();
    (within, b.len() as f64, sum)
}

/// Each team's board-1 balance: Whites minus Blacks on board 1 over its matches played.
pub fn board1_balances(e: &TeamEventData) -> Vec<i64> {
    e.teams
        .iter()
        .map(|t| i64::from(t.board1_whites) - i64::from(t.board1_blacks))
        .collect()
}

/// Each team's first-board player's balance: Whites minus Blacks over the games he played.
pub fn lead_balances(e: &TeamEventData) -> Vec<i64> {
    e.teams
        .iter()
        .map(|t| i64::from(t.lead_whites) - i64::from(t.lead_blacks))
        .collect()
}

fn colour_section(run: &TeamRunData) -> Section {
    let mut dist = Table::new(
        "team_board1_balance",
        "Teams by final board-1 colour balance (Whites minus Blacks on board 1, matches played)",
        &["balance", "teams", "lead_players"],
    );
    let mut teams_by: BTreeMap<i64, (u64, u64)> = BTreeMap::new();
    let (mut team_within, mut team_abs, mut lead_within, mut lead_abs) =
        (vec![], vec![], vec![], vec![]);
    for e in run.sound() {
        let id = e.row.tournament;
        let team = board1_balances(e);
        let lead = lead_balances(e);
        for &b in &team {
            teams_by.entry(b).or_default().0 += 1;
        }
        for &b in &lead {
            teams_by.entry(b).or_default().1 += 1;
        }
        let (w, n, s) = balance_counts(&team);
        team_within.push((id, w, n));
        team_abs.push((id, if n > 0.0 { s / n } else { f64::NAN }));
        let (w, n, s) = balance_counts(&lead);
        lead_within.push((id, w, n));
        lead_abs.push((id, if n > 0.0 { s / n } else { f64::NAN }));
    }
    for (b, (t, l)) in &teams_by {
        dist.push(vec![b.to_string(), t.to_string(), l.to_string()]);
    }
    Section {
        id: "team_colour",
        title: "Board-1 colour balance",
        intro: "C.04.6's colour rules are on the team's first board (1.6). Per team, board-1 \
                Whites minus board-1 Blacks over its matches played (the team's balance), and \
                Whites minus Blacks of its first-board player (its first member) over the games \
                he played on any board. Shares pooled over the teams, clustered by event; means \
                of per-event means."
            .into(),
        metrics: vec![
            Metric::new(
                "team_colour.board1_within1",
                "Teams ending with |board-1 colour balance| <= 1",
                "teams",
                Estimate::ratio(&team_within),
            )
            .percent(),
            Metric::new(
                "team_colour.board1_abs",
                "Mean |board-1 colour balance| per team",
                "events",
                Estimate::mean(&team_abs),
            ),
            Metric::new(
                "team_colour.lead_within1",
                "First-board players ending with |colour balance| <= 1",
                "players",
                Estimate::ratio(&lead_within),
            )
            .percent(),
            Metric::new(
                "team_colour.lead_abs",
                "Mean |colour balance| of the first-board players",
                "events",
                Estimate::mean(&lead_abs),
            ),
        ],
        charts: Vec::new(),
        tables: vec![dist],
    }
}

fn events_section(run: &TeamRunData) -> Section {
    let mut t = Table::new(
        "team_events",
        "Byes, rematches and forfeits per team event",
        &[
            "tournament",
            "rounds_paired",
            "pabs",
            "rematches",
            "match_forfeits",
            "board_forfeits",
            "team_absences",
            "stopped",
            "failed",
        ],
    );
    let mut per: [Vec<(u64, f64)>; 5] = Default::default();
    let (mut failed, mut stopped) = (vec![], vec![]);
    for e in &run.events {
        let r = &e.row;
        failed.push((r.tournament, r.failed));
        stopped.push((r.tournament, r.stopped));
        t.push(vec![
            r.tournament.to_string(),
            r.rounds_paired.to_string(),
            r.pabs.to_string(),
            r.rematches.to_string(),
            r.match_forfeits.to_string(),
            r.board_forfeits.to_string(),
            r.team_absences.to_string(),
            u8::from(r.stopped).to_string(),
            u8::from(r.failed).to_string(),
        ]);
        if r.failed {
            continue;
        }
        let values = [
            r.pabs,
            r.rematches,
            r.match_forfeits,
            r.board_forfeits,
            r.team_absences,
        ];
        for (v, x) in per.iter_mut().zip(values) {
            v.push((r.tournament, f64::from(x)));
        }
    }
    let [pabs, rematches, match_forfeits, board_forfeits, absences] = per;
    Section {
        id: "team_events",
        title: "Byes, rematches and forfeits",
        intro: "Per event: pairing-allocated byes (C.04.6 1.4), pairs of teams that met twice \
                in matches played (C1 forbids it: 0 in a run without failures), matches \
                forfeited as a whole (330), boards with no game played, rounds a whole team \
                was absent; averaged over the events that did not fail."
            .into(),
        metrics: vec![
            Metric::new(
                "team_events.pabs",
                "Pairing-allocated byes per event",
                "events",
                Estimate::mean(&pabs),
            ),
            Metric::new(
                "team_events.rematches",
                "Pairs of teams that met twice, per event",
                "events",
                Estimate::mean(&rematches),
            ),
            Metric::new(
                "team_events.match_forfeits",
                "Matches forfeited as a whole per event",
                "events",
                Estimate::mean(&match_forfeits),
            ),
            Metric::new(
                "team_events.board_forfeits",
                "Boards forfeited per event",
                "events",
                Estimate::mean(&board_forfeits),
            ),
            Metric::new(
                "team_events.team_absences",
                "Team absences (team-rounds not paired) per event",
                "events",
                Estimate::mean(&absences),
            ),
            Metric::new(
                "team_events.stopped",
                "Events stopped (no valid pairing exists, 3.3.3)",
                "events",
                Estimate::proportion(&stopped),
            )
            .percent(),
            Metric::new(
                "team_events.failed",
                "Events failed (engine error, broken invariant)",
                "events",
                Estimate::proportion(&failed),
            )
            .percent(),
        ],
        charts: Vec::new(),
        tables: vec![t],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_of_a_perfect_and_a_reversed_standing() {
        let strength = [2400.0, 2300.0, 2200.0, 2100.0];
        let (rho, tau, first, top3) = ranking(&[8.0, 6.0, 4.0, 2.0], &strength);
        assert!((rho - 1.0).abs() < 1e-12 && (tau - 1.0).abs() < 1e-12);
        assert!(first);
        assert_eq!(top3, 1.0);
        let (rho, tau, first, top3) = ranking(&[2.0, 4.0, 6.0, 8.0], &strength);
        assert!((rho + 1.0).abs() < 1e-12 && (tau + 1.0).abs() < 1e-12);
        assert!(!first);
        assert!((top3 - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn balances_within_one() {
        assert_eq!(balance_counts(&[0, 1, -1, 2, -3]), (3.0, 5.0, 7.0));
    }
}
