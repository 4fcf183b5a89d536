//! The row of `teams.csv` (one per team event, columns in `simulator/OUTPUT.md`), computed from
//! the simulator's account of the rounds ([`PlayedRound`]) and, for the rematches, from what the
//! team model derives from the players' games.

use super::event::PlayedRound;
use super::plan::TeamPlan;
use serde::Serialize;
use std::collections::BTreeMap;
use swisslab_engine::team::{TeamEvent, TeamId};
use swisslab_engine::Score;

/// One team event of a `simulate --system swiss-team` run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TeamRow {
    pub tournament: u64,
    pub seed: u64,
    pub teams: usize,
    pub boards: usize,
    pub rounds: usize,
    /// Rounds paired and played.
    pub rounds_paired: usize,
    /// 1 when a round admitted no pairing meeting C1 and C2 (3.3.3), checked independently.
    pub stopped: u8,
    /// 1 when a round failed (engine error or panic, a broken invariant).
    pub failed: u8,
    /// Why the event stopped or failed, empty otherwise.
    pub failure: String,
    /// Pairing-allocated byes given.
    pub pabs: u32,
    /// Team-rounds absent (a whole team not paired).
    pub team_absences: u32,
    /// Matches forfeited as a whole (`330`).
    pub match_forfeits: u32,
    /// Boards forfeited (a player who did not show, or an empty board).
    pub board_forfeits: u32,
    /// Mean over the teams of |board-1 Whites - board-1 Blacks| in matches played (1.6).
    pub board1_cd_mean: String,
    /// Largest such difference of one team.
    pub board1_cd_max: u32,
    /// Pairs of teams that met twice in matches played (C1: must be 0).
    pub rematches: u32,
    /// Spearman correlation of the final standing (match points, then game points) with team
    /// strength (the TPN order); empty with fewer than two teams or no spread.
    pub standing_strength_spearman: String,
    /// Pairing time of the rounds, microseconds (0 with --no-timing).
    pub pair_us_total: u64,
    pub pair_us_max: u64,
}

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
