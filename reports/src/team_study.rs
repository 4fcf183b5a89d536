//! The study of team events against individual ones on the same fields: a run of team events
//! (`simulate --system swiss-team`) and a run of individual events of the same players
//! (`simulate --system SYSTEM --team-field`, same seed, teams, boards and rounds), compared
//! tournament by tournament (paired by index: tournament `i` of both runs is the same field).
//!
//! Each figure is computed per tournament on each side, averaged over the tournaments both runs
//! completed, with a 95% interval clustered by tournament, and the difference (individual minus
//! team) with its paired interval ([`crate::stats::difference`]):
//!
//! - **Team standing against team strength**: the team event's standing (match points, then
//!   game points) and, in the individual event, the same teams ranked by the summed points of
//!   their board players (the members on boards 1 to `boards` of the team's order), each
//!   against team strength (the mean rating of those members): Spearman's rho, Kendall's
//!   tau-b, the strongest team first, the share of the three strongest in the top three.
//! - **Player standing against own strength** (individual event only): Kendall's tau-b of the
//!   final standing against true strength, as the individual report computes it.
//! - **Colour balance of the first-board players**: each team's first member, his Whites minus
//!   Blacks over the games he played, in the team event and in the individual event; the share
//!   with |balance| <= 1 and the mean |balance|. The team's own board-1 balance (what C.04.6's
//!   colour rules govern) is shown for the team event.
//! - **Rematches**: pairs of teams that met twice (team event; C1 forbids it) and, in the
//!   individual event, pairs of teammates paired against each other, which a team event never
//!   does (an individual event has no rematch: C1 of the individual systems).
//!
//! Before any figure, the two runs are checked to hold the same fields: the same seed, and in
//! every tournament the same teams with the same number of members and the same strength.

use crate::headline::{cell, diff_cell, p_text};
use crate::load::{self, invalid, RunData};
use crate::model::{Metric, Table};
use crate::ranking::tournament_kendall;
use crate::stats::{difference, Estimate};
use crate::team::{self, ranking, standing_key, TeamEventData, TeamRunData};
use crate::ReportError;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One figure of the study: the team event's estimate and the individual event's (either may be
/// absent: a figure of one kind of event only).
#[derive(Clone, Debug)]
pub struct Figure {
    pub key: &'static str,
    pub label: &'static str,
    pub team: Option<Metric>,
    pub individual: Option<Metric>,
    /// What the absent side is, in words (e.g. "0 by construction").
    pub note: &'static str,
}

/// The study's result: the figures and the tournaments compared.
#[derive(Clone, Debug)]
pub struct Study {
    pub figures: Vec<Figure>,
    pub tournaments: usize,
    pub seed: String,
    pub teams: u32,
    pub boards: u32,
    pub rounds: u32,
    pub individual_system: String,
}

/// What `write` wrote.
#[derive(Clone, Debug)]
pub struct StudySummary {
    pub markdown: PathBuf,
    pub table: PathBuf,
    pub study: Study,
}

/// One tournament of the individual run seen as teams: per team (by pairing number) the board
/// players' summed points, their mean rating, the members, the first-board player's balance.
struct IndividualTeams {
    points: BTreeMap<u32, f64>,
    rating_sum: BTreeMap<u32, (f64, u32)>,
    members: BTreeMap<u32, u32>,
    lead_balance: BTreeMap<u32, i64>,
    teammates_met: u32,
}

fn individual_teams(t: &load::Tournament, boards: u32) -> IndividualTeams {
    let mut it = IndividualTeams {
        points: BTreeMap::new(),
        rating_sum: BTreeMap::new(),
        members: BTreeMap::new(),
        lead_balance: BTreeMap::new(),
        teammates_met: 0,
    };
    let team_of: BTreeMap<u32, u32> = t
        .players
        .iter()
        .filter_map(|p| Some((p.player, p.team?)))
        .collect();
    let mut met = BTreeSet::new();
    for p in &t.players {
        let (Some(team), Some(board)) = (p.team, p.team_board) else {
            continue;
        };
        *it.members.entry(team).or_default() += 1;
        if board <= boards {
            *it.points.entry(team).or_default() += p.score;
            let e = it.rating_sum.entry(team).or_default();
            e.0 += p.rating;
            e.1 += 1;
        }
        if board == 1 {
            it.lead_balance
                .insert(team, i64::from(p.whites) - i64::from(p.blacks));
        }
        for o in p.opponent_ids.split_whitespace() {
            if let Ok(o) = o.parse::<u32>() {
                if team_of.get(&o) == Some(&team) {
                    met.insert((p.player.min(o), p.player.max(o)));
                }
            }
        }
    }
    it.teammates_met = met.len() as u32;
    it
}

/// Checks that tournament `e` of the team run and `t` of the individual run hold the same
/// field: the same teams, members and strengths.
fn same_field(dir: &Path, e: &TeamEventData, it: &IndividualTeams) -> Result<(), ReportError> {
    let id = e.row.tournament;
    let path = dir.join("players.csv");
    let bad = |m: String| Err(invalid(&path, 0, format!("tournament {id}: {m}")));
    if it.members.len() != e.teams.len() {
        return bad(format!(
            "{} teams here, {} in the team run: not the same field (run the individual \
             event with --team-field and the team run's seed, --teams and --boards)",
            it.members.len(),
            e.teams.len()
        ));
    }
    for t in &e.teams {
        let members = it.members.get(&t.team).copied().unwrap_or(0);
        let (sum, n) = it.rating_sum.get(&t.team).copied().unwrap_or_default();
        let strength = if n > 0 { sum / f64::from(n) } else { f64::NAN };
        if members != t.members || (strength - t.strength).abs() > 0.051 {
            return bad(format!(
                "team {}: {members} members of strength {strength:.1} here, {} of strength \
                 {:.1} in the team run: not the same field",
                t.team, t.members, t.strength
            ));
        }
    }
    Ok(())
}

/// Per tournament, the figures of each side.
#[derive(Default)]
struct Units {
    rho: [Vec<(u64, f64)>; 2],
    tau: [Vec<(u64, f64)>; 2],
    first: [Vec<(u64, bool)>; 2],
    top3: [Vec<(u64, f64)>; 2],
    lead_within: [Vec<(u64, f64, f64)>; 2],
    lead_abs: [Vec<(u64, f64)>; 2],
    board1_within: Vec<(u64, f64, f64)>,
    player_tau: Vec<(u64, f64)>,
    rematches: Vec<(u64, f64)>,
    teammates: Vec<(u64, f64)>,
}

/// The units of event `id`'s balances `b`: (teams within 1, teams) and the mean |balance|.
fn balance_units(id: u64, b: &[i64]) -> ((u64, f64, f64), (u64, f64)) {
    let (within, n, abs) = team::balance_counts(b);
    (
        (id, within, n),
        (id, if n > 0.0 { abs / n } else { f64::NAN }),
    )
}

/// Compares the team run in `team_dir` with the individual run in `individual_dir`.
pub fn study(team_dir: &Path, individual_dir: &Path) -> Result<Study, ReportError> {
    let tr: TeamRunData = team::load(team_dir)?;
    let ir: RunData = load::load(individual_dir)?;
    let first = tr
        .events
        .first()
        .ok_or_else(|| invalid(&team_dir.join("teams.csv"), 0, "no team event".into()))?;
    let seed = first.row.seed.to_string();
    if ir.run.seed.trim() != seed {
        return Err(invalid(
            &individual_dir.join("run.csv"),
            0,
            format!(
                "seed {} here, {seed} in the team run: the tournaments are not the same fields",
                ir.run.seed.trim()
            ),
        ));
    }
    let (boards, teams, rounds) = (first.row.boards, first.row.teams, first.row.rounds);
    let by_index: BTreeMap<u64, &load::Tournament> = ir
        .tournaments
        .iter()
        .map(|t| (t.row.tournament, t))
        .collect();
    let mut u = Units::default();
    let mut n = 0;
    for e in tr.sound() {
        let id = e.row.tournament;
        let Some(t) = by_index.get(&id).filter(|t| !t.row.failed) else {
            continue;
        };
        let it = individual_teams(t, e.row.boards);
        same_field(individual_dir, e, &it)?;
        n += 1;
        let strength: Vec<f64> = e.teams.iter().map(|t| t.strength).collect();
        let team_keys: Vec<f64> = e.teams.iter().map(standing_key).collect();
        let ind_keys: Vec<f64> = e
            .teams
            .iter()
            .map(|t| it.points.get(&t.team).copied().unwrap_or(0.0))
            .collect();
        for (side, keys) in [(0, &team_keys), (1, &ind_keys)] {
            let (rho, tau, best, top3) = ranking(keys, &strength);
            u.rho[side].push((id, rho));
            u.tau[side].push((id, tau));
            u.first[side].push((id, best));
            u.top3[side].push((id, top3));
        }
        let team_lead = team::lead_balances(e);
        let ind_lead: Vec<i64> = e
            .teams
            .iter()
            .map(|t| it.lead_balance.get(&t.team).copied().unwrap_or(0))
            .collect();
        for (side, b) in [(0, &team_lead), (1, &ind_lead)] {
            let (w, a) = balance_units(id, b);
            u.lead_within[side].push(w);
            u.lead_abs[side].push(a);
        }
        u.board1_within
            .push(balance_units(id, &team::board1_balances(e)).0);
        u.player_tau.push((id, tournament_kendall(t).tau_b));
        u.rematches.push((id, f64::from(e.row.rematches)));
        u.teammates.push((id, f64::from(it.teammates_met)));
    }
    if n == 0 {
        return Err(invalid(
            &individual_dir.join("tournaments.csv"),
            0,
            "no tournament completed in both runs".into(),
        ));
    }
    Ok(Study {
        figures: figures(u),
        tournaments: n,
        seed,
        teams,
        boards,
        rounds,
        individual_system: ir.run.system.trim().to_string(),
    })
}

fn figures(u: Units) -> Vec<Figure> {
    let Units {
        rho,
        tau,
        first,
        top3,
        lead_within,
        lead_abs,
        board1_within,
        player_tau,
        rematches,
        teammates,
    } = u;
    let m = |key: &str, e: Estimate, pct: bool| {
        let m = Metric::new(key, key, "tournaments", e);
        if pct {
            m.percent()
        } else {
            m
        }
    };
    let both =
        |key: &'static str, label: &'static str, a: Estimate, b: Estimate, pct: bool| Figure {
            key,
            label,
            team: Some(m(key, a, pct)),
            individual: Some(m(key, b, pct)),
            note: "",
        };
    let [rho_t, rho_i] = rho;
    let [tau_t, tau_i] = tau;
    let [first_t, first_i] = first;
    let [top3_t, top3_i] = top3;
    let [lw_t, lw_i] = lead_within;
    let [la_t, la_i] = lead_abs;
    vec![
        both(
            "team_rank.spearman",
            "Spearman's rho, team standing vs team strength",
            Estimate::mean(&rho_t),
            Estimate::mean(&rho_i),
            false,
        ),
        both(
            "team_rank.kendall_tau_b",
            "Kendall tau-b, team standing vs team strength",
            Estimate::mean(&tau_t),
            Estimate::mean(&tau_i),
            false,
        ),
        both(
            "team_rank.strongest_first",
            "The strongest team finishes first",
            Estimate::proportion(&first_t),
            Estimate::proportion(&first_i),
            true,
        ),
        both(
            "team_rank.top3_share",
            "Share of the 3 strongest teams in the final top 3",
            Estimate::mean(&top3_t),
            Estimate::mean(&top3_i),
            true,
        ),
        Figure {
            key: "player_rank.kendall_tau_b",
            label: "Kendall tau-b, player standing vs own strength",
            team: None,
            individual: Some(m(
                "player_rank.kendall_tau_b",
                Estimate::mean(&player_tau),
                false,
            )),
            note: "no individual standing",
        },
        both(
            "lead.within1",
            "First-board players with |Whites - Blacks| <= 1",
            Estimate::ratio(&lw_t),
            Estimate::ratio(&lw_i),
            true,
        ),
        both(
            "lead.abs_balance",
            "Mean |Whites - Blacks| of the first-board players",
            Estimate::mean(&la_t),
            Estimate::mean(&la_i),
            false,
        ),
        Figure {
            key: "board1.within1",
            label: "Teams with |board-1 Whites - Blacks| <= 1 (C.04.6 1.6)",
            team: Some(m("board1.within1", Estimate::ratio(&board1_within), true)),
            individual: None,
            note: "no team colour",
        },
        Figure {
            key: "rematches.teams",
            label: "Pairs of teams that met twice, per event",
            team: Some(m("rematches.teams", Estimate::mean(&rematches), false)),
            individual: None,
            note: "no team matches",
        },
        Figure {
            key: "rematches.teammates",
            label: "Pairs of teammates paired against each other, per event",
            team: None,
            individual: Some(m("rematches.teammates", Estimate::mean(&teammates), false)),
            note: "0 by construction",
        },
    ]
}

impl Study {
    /// The study as a Markdown table: each side's value with its 95% interval, and the paired
    /// difference (individual minus team) with its interval and p-value.
    pub fn markdown(&self) -> String {
        let mut s = format!(
            "{} tournaments (seed {}, {} teams x {} boards, {} rounds), each once as a Swiss Team \
             event and once as an individual {} event of the same players; 95% intervals \
             clustered by tournament, differences paired by tournament.\n\n",
            self.tournaments,
            self.seed,
            self.teams,
            self.boards,
            self.rounds,
            self.individual_system
        );
        s.push_str(&format!(
            "| figure | swiss-team | {0} | {0} − swiss-team |\n|---|---:|---:|---:|\n",
            self.individual_system
        ));
        for f in &self.figures {
            let side = |m: &Option<Metric>| m.as_ref().map_or(f.note.to_string(), cell);
            let diff = match (&f.team, &f.individual) {
                (Some(a), Some(b)) => {
                    let d = difference(&a.estimate, &b.estimate, true);
                    format!(
                        "{} (p {})",
                        diff_cell(d.value, d.ci, a.percent),
                        p_text(d.p)
                    )
                }
                _ => String::new(),
            };
            s.push_str(&format!(
                "| {} | {} | {} | {diff} |\n",
                f.label.replace('|', "\\|"),
                side(&f.team),
                side(&f.individual)
            ));
        }
        s
    }

    /// Every figure with both values, intervals and the paired difference, for `study.csv`.
    pub fn table(&self) -> Table {
        let mut t = Table::new(
            "team-study",
            "Swiss Team against individual events on the same fields",
            &[
                "key",
                "label",
                "team_value",
                "team_ci_low",
                "team_ci_high",
                "individual_value",
                "individual_ci_low",
                "individual_ci_high",
                "difference",
                "diff_ci_low",
                "diff_ci_high",
                "p",
                "tournaments",
            ],
        );
        let cells = |m: &Option<Metric>| match m {
            Some(m) => {
                let [lo, hi] = crate::model::ci_cells(m.ci());
                [crate::model::num(m.estimate.value()), lo, hi]
            }
            None => Default::default(),
        };
        for f in &self.figures {
            let [a, alo, ahi] = cells(&f.team);
            let [b, blo, bhi] = cells(&f.individual);
            let d = match (&f.team, &f.individual) {
                (Some(x), Some(y)) => {
                    let d = difference(&x.estimate, &y.estimate, true);
                    let [lo, hi] = crate::model::ci_cells(d.ci);
                    [crate::model::num(d.value), lo, hi, crate::model::num(d.p)]
                }
                _ => Default::default(),
            };
            let [dv, dlo, dhi, p] = d;
            t.push(vec![
                f.key.to_string(),
                f.label.to_string(),
                a,
                alo,
                ahi,
                b,
                blo,
                bhi,
                dv,
                dlo,
                dhi,
                p,
                self.tournaments.to_string(),
            ]);
        }
        t
    }
}

/// Runs the study and writes `out/team-study.md` and `out/team-study.csv`.
pub fn write(
    team_dir: &Path,
    individual_dir: &Path,
    out: &Path,
) -> Result<StudySummary, ReportError> {
    let study = study(team_dir, individual_dir)?;
    std::fs::create_dir_all(out).map_err(|source| ReportError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    let md = out.join("team-study.md");
    crate::write_file(&md, study.markdown().as_bytes())?;
    let table = crate::write_table(out, &study.table())?;
    Ok(StudySummary {
        markdown: md,
        table,
        study,
    })
}
