//! The row of `teams.csv` (one per team event) and the rows of `team_standings.csv` (one per
//! team), declared by the `swisslab-schema` crate and documented in `simulator/OUTPUT.md`,
//! computed from the simulator's account of the rounds ([`PlayedRound`]) and, for the rematches
//! and the first-board players' colours, from what the team model holds of the players' games.

use super::event::PlayedRound;
use super::plan::TeamPlan;
use std::collections::BTreeMap;
use swisslab_engine::team::{TeamEvent, TeamId};
use swisslab_engine::{Color, RoundEntry, Score};

pub use swisslab_schema::write::{TeamRow, TeamStandingRow};

/// Each team's match points and game points after the rounds `played` (the PAB a drawn match's,
/// 1.4, with `pab_gp` game points), by TPN.
pub fn totals(
    played: &[PlayedRound],
    ev: &TeamEvent,
    pab_gp: Score,
) -> BTreeMap<TeamId, (Score, Score)> {
    let s = ev.scoring();
    let mut out: BTreeMap<TeamId, (Score, Score)> = ev
        .teams
        .iter()
        .map(|t| (t.tpn, Default::default()))
        .collect();
    for r in played {
        for m in &r.matches {
            let (gw, gb) = m.game_points;
            for (t, own, theirs) in [(m.white, gw, gb), (m.black, gb, gw)] {
                let e = out.entry(t).or_default();
                e.0 += match own.cmp(&theirs) {
                    std::cmp::Ordering::Greater => s.win,
                    std::cmp::Ordering::Equal => s.draw,
                    std::cmp::Ordering::Less => s.loss,
                };
                e.1 += own;
            }
        }
        if let Some(p) = r.pab {
            let e = out.entry(p).or_default();
            e.0 += s.draw;
            e.1 += pab_gp;
        }
    }
    out
}

/// Ranks of `keys`, the largest first (rank 1), ties sharing their mean rank.
fn ranks<K: PartialOrd>(keys: &[K]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| {
        keys[b]
            .partial_cmp(&keys[a])
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut out = vec![0.0; keys.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && keys[order[j + 1]] == keys[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = mean;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation of two series (higher is better in both), ties by mean rank;
/// `None` when either has no spread.
pub fn spearman<A: PartialOrd, B: PartialOrd>(a: &[A], b: &[B]) -> Option<f64> {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    if n < 2.0 {
        return None;
    }
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in ra.iter().zip(&rb) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    (saa > 0.0 && sbb > 0.0).then(|| sab / (saa * sbb).sqrt())
}

/// The counts of the row from the rounds played (the identity columns, the outcome and the
/// timing are the caller's).
pub fn fill(row: &mut TeamRow, plan: &TeamPlan, ev: &TeamEvent, played: &[PlayedRound]) {
    row.rounds_paired = played.len();
    row.pabs = played.iter().map(|r| u32::from(r.pab.is_some())).sum();
    row.team_absences = played.iter().map(|r| r.absent.len() as u32).sum();
    row.match_forfeits = played
        .iter()
        .flat_map(|r| &r.matches)
        .map(|m| u32::from(m.forfeit_winner.is_some()))
        .sum();
    row.board_forfeits = played.iter().map(|r| r.board_forfeits).sum();
    let mut cd: BTreeMap<TeamId, i32> = plan.teams.iter().map(|t| (t.tpn, 0)).collect();
    for m in played.iter().flat_map(|r| &r.matches).filter(|m| m.played) {
        *cd.entry(m.white).or_default() += 1;
        *cd.entry(m.black).or_default() -= 1;
    }
    let abs: Vec<u32> = cd.values().map(|d| d.unsigned_abs()).collect();
    row.board1_cd_max = abs.iter().copied().max().unwrap_or(0);
    row.board1_cd_mean = format!(
        "{:.3}",
        abs.iter().sum::<u32>() as f64 / abs.len().max(1) as f64
    );
    row.rematches = rematches(ev);
    let pab_gp = ev.pab_game_points();
    let totals = totals(played, ev, pab_gp);
    let standing: Vec<(Score, Score)> = plan
        .teams
        .iter()
        .map(|t| totals.get(&t.tpn).copied().unwrap_or_default())
        .collect();
    let strength: Vec<f64> = plan.teams.iter().map(|t| t.strength).collect();
    row.standing_strength_spearman =
        spearman(&standing, &strength).map_or(String::new(), |r| format!("{r:.4}"));
}

/// The rows of `team_standings.csv` of event `index`: each team's points after the rounds
/// `played`, its rank (match points, then game points, then pairing number), its counts, and
/// the board-1 colours of the team and of its first member (columns in `simulator/OUTPUT.md`).
pub fn standing_rows(
    index: u64,
    plan: &TeamPlan,
    ev: &TeamEvent,
    played: &[PlayedRound],
) -> Vec<TeamStandingRow> {
    let totals = totals(played, ev, ev.pab_game_points());
    let mut rows: Vec<TeamStandingRow> = plan
        .teams
        .iter()
        .map(|t| {
            let (mp, gp) = totals.get(&t.tpn).copied().unwrap_or_default();
            let mut row = TeamStandingRow {
                tournament: index,
                team: t.tpn,
                strength: format!("{:.1}", t.strength),
                members: t.members.len(),
                match_points: mp.to_string(),
                game_points: gp.to_string(),
                ..TeamStandingRow::default()
            };
            for r in played {
                row.pabs += u32::from(r.pab == Some(t.tpn));
                row.absences += u32::from(r.absent.contains(&t.tpn));
                for m in r
                    .matches
                    .iter()
                    .filter(|m| m.white == t.tpn || m.black == t.tpn)
                {
                    row.match_forfeits += u32::from(m.forfeit_winner.is_some());
                    if m.played {
                        row.matches += 1;
                        // The team scheduled White on board 1 has White there (1.6).
                        if m.white == t.tpn {
                            row.board1_whites += 1;
                        } else {
                            row.board1_blacks += 1;
                        }
                    }
                }
            }
            if let Some(lead) = t.members.first() {
                row.lead_player = lead.id;
                let rounds = ev.tournament.player(lead.id).map_or(&[][..], |p| &p.rounds);
                for e in rounds.iter().filter(|e| e.is_played_game()) {
                    if let RoundEntry::Game { color, .. } = e {
                        match color {
                            Color::White => row.lead_whites += 1,
                            Color::Black => row.lead_blacks += 1,
                        }
                    }
                }
            }
            row
        })
        .collect();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let key = |i: usize| totals.get(&plan.teams[i].tpn).copied().unwrap_or_default();
    order.sort_by(|&a, &b| {
        key(b)
            .cmp(&key(a))
            .then(plan.teams[a].tpn.cmp(&plan.teams[b].tpn))
    });
    for (rank, &i) in order.iter().enumerate() {
        rows[i].rank = rank + 1;
    }
    rows
}

/// Pairs of teams that met twice in matches played, as the team model reads the games.
pub fn rematches(ev: &TeamEvent) -> u32 {
    let Ok(d) = ev.rounds() else { return 0 };
    let mut met: BTreeMap<(TeamId, TeamId), u32> = BTreeMap::new();
    for (i, &t) in d.teams.iter().enumerate() {
        for m in d.rounds[i].iter().filter_map(|r| r.as_match()) {
            if m.played && t < m.opponent {
                *met.entry((t, m.opponent)).or_default() += 1;
            }
        }
    }
    met.values().filter(|&&n| n > 1).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_by_ranks_with_ties() {
        let s = spearman(&[4.0, 3.0, 2.0, 1.0], &[40, 30, 20, 10]).unwrap();
        assert!((s - 1.0).abs() < 1e-12);
        let s = spearman(&[1.0, 2.0, 3.0, 4.0], &[40, 30, 20, 10]).unwrap();
        assert!((s + 1.0).abs() < 1e-12);
        assert_eq!(ranks(&[5, 3, 3, 1]), vec![1.0, 2.5, 2.5, 4.0]);
        assert!(spearman(&[1, 1, 1], &[1, 2, 3]).is_none());
    }
}
