//! Opposition: whom the players met, measured alike for every pairing system so that systems
//! can be compared by the opposition they give (`players.csv`: `opponents`, `opp_strength`,
//! `opponent_ids`, `score`, `rank`).
//!
//! - **Spread of opposition within final score groups.** A player's opposition is the mean
//!   true strength of the distinct opponents he met over the board (`opp_strength`). Players
//!   are grouped by final score; a group's spread is the population standard deviation (and
//!   the range) of its players' opposition, for groups with at least two players who met
//!   someone; per tournament the groups are averaged weighted by those players. The Dubov
//!   system (C.04.4.1) pairs to equalise the opponents' average rating within a score group,
//!   the Burstein system (C.04.4.2) pairs by an index of the opponents' scores to the same
//!   end; this is the same spread measured on true strength, which no system sees, so that it
//!   judges every system by what it achieves rather than by its own criterion (the ARO
//!   section measures it on ratings).
//! - **Whom the winner met.** The winner is the player of `rank` 1. The share of the field
//!   he met is his distinct opponents over the number of other players of the tournament
//!   (late entries and withdrawn players included); the share of the top 10 he met is, of the
//!   players ranked 2 to `min(10, N)`, the share he met over the board.
//! - **Opponents per player**: distinct opponents met over the board, averaged over the
//!   tournament's players.
//!
//! An opponent counts once however often he was met: a match of two games is one opponent, so
//! no figure assumes one game per round. Every figure is per tournament, then a mean over
//! tournaments with a Student-t interval (clustered by tournament), so runs with different
//! numbers of rounds (5 matches against 10 rounds) compare tournament by tournament. A
//! tournament whose players name no opponent (a run written before `opponent_ids`, or one
//! whose first round was never paired) gives none of the winner figures.

use crate::aro::final_spread_of;
use crate::colour::FIFTHS;
use crate::load::{PlayerRow, RunData, Tournament};
use crate::model::{bar_chart, num, ChartText, Metric, Section, Table};
use crate::stats::Estimate;
use std::collections::BTreeSet;

/// The players of the final top `TOP` other than the winner are the winner's contenders.
pub const TOP: u32 = 10;

/// The opponents a player met, from `opponent_ids`; unreadable entries are left out.
fn met(p: &PlayerRow) -> BTreeSet<u32> {
    p.opponent_ids
        .split_whitespace()
        .filter_map(|s| s.parse().ok())
        .collect()
}

/// Per-tournament figures of the winner (rank 1): the share of the other players he met, the
/// share of the players ranked 2..=min(TOP, N) he met, and his opponents' mean true strength.
/// `None` without a winner or when no player of the tournament names an opponent.
pub fn winner_figures(t: &Tournament) -> Option<(f64, f64, Option<f64>)> {
    if t.players.iter().all(|p| p.opponent_ids.trim().is_empty()) {
        return None;
    }
    let winner = t.players.iter().find(|p| p.rank == 1)?;
    let n = t.players.len();
    if n < 2 {
        return None;
    }
    let opponents = met(winner);
    let field = opponents.len() as f64 / (n - 1) as f64;
    let contenders: Vec<u32> = t
        .players
        .iter()
        .filter(|p| p.rank >= 2 && p.rank <= TOP.min(n as u32))
        .map(|p| p.player)
        .collect();
    let top = contenders.iter().filter(|c| opponents.contains(c)).count() as f64
        / contenders.len().max(1) as f64;
    Some((field, top, winner.opp_strength))
}

/// The mean number of distinct opponents per player; `None` as for [`winner_figures`].
fn opponents_per_player(t: &Tournament) -> Option<f64> {
    if t.players.is_empty() || t.players.iter().all(|p| p.opponent_ids.trim().is_empty()) {
        return None;
    }
    let sum: usize = t.players.iter().map(|p| met(p).len()).sum();
    Some(sum as f64 / t.players.len() as f64)
}

/// Per-tournament values `(tournament, value)`, for [`Estimate::mean`].
type Units = Vec<(u64, f64)>;

pub fn section(run: &RunData) -> Section {
    let (mut sd, mut range): (Units, Units) = (Vec::new(), Vec::new());
    let mut per_fifth: [Units; 5] = Default::default();
    let (mut field, mut top, mut strength, mut per_player): (Units, Units, Units, Units) =
        Default::default();
    let mut table = Table::new(
        "opposition_per_tournament",
        "Opposition per tournament",
        &[
            "tournament",
            "players",
            "strength_sd_final",
            "strength_range_final",
            "opponents_per_player",
            "winner_opponents",
            "winner_field_share",
            "winner_top10_share",
            "winner_opp_strength",
        ],
    );
    for t in &run.tournaments {
        let id = t.row.tournament;
        let (fifths, all) = final_spread_of(t, |p| p.opp_strength);
        for (f, acc) in fifths.0.iter().enumerate() {
            if let Some((s, _)) = acc.means() {
                per_fifth[f].push((id, s));
            }
        }
        let spread = all.means();
        if let Some((s, r)) = spread {
            sd.push((id, s));
            range.push((id, r));
        }
        let w = winner_figures(t);
        if let Some((f, k, s)) = w {
            field.push((id, f));
            top.push((id, k));
            if let Some(s) = s {
                strength.push((id, s));
            }
        }
        let opp = opponents_per_player(t);
        if let Some(o) = opp {
            per_player.push((id, o));
        }
        let cell = |x: Option<f64>| x.map_or(String::new(), num);
        let winner_opponents = t
            .players
            .iter()
            .find(|p| p.rank == 1)
            .filter(|_| w.is_some())
            .map_or(String::new(), |p| met(p).len().to_string());
        table.push(vec![
            id.to_string(),
            t.players.len().to_string(),
            cell(spread.map(|s| s.0)),
            cell(spread.map(|s| s.1)),
            cell(opp),
            winner_opponents,
            cell(w.map(|w| w.0)),
            cell(w.map(|w| w.1)),
            cell(w.and_then(|w| w.2)),
        ]);
    }
    let metrics = vec![
        Metric::new(
            "opposition.strength_sd_final",
            "Standard deviation of opponents' mean true strength within final score groups (strength points)",
            "tournaments",
            Estimate::mean(&sd),
        ),
        Metric::new(
            "opposition.strength_range_final",
            "Opposition range (max - min) within final score groups (strength points)",
            "tournaments",
            Estimate::mean(&range),
        ),
        Metric::new(
            "opposition.winner_field_share",
            "Share of the field the winner met over the board",
            "tournaments",
            Estimate::mean(&field),
        )
        .percent(),
        Metric::new(
            "opposition.winner_top10_share",
            "Share of the rest of the final top 10 the winner met over the board",
            "tournaments",
            Estimate::mean(&top),
        )
        .percent(),
        Metric::new(
            "opposition.winner_opp_strength",
            "Mean true strength of the winner's opponents (strength points)",
            "tournaments",
            Estimate::mean(&strength),
        ),
        Metric::new(
            "opposition.opponents_per_player",
            "Distinct opponents met over the board per player",
            "tournaments",
            Estimate::mean(&per_player),
        ),
    ];
    let intro = "Opposition: the mean true strength of the distinct opponents a player met over the board (forfeits left out; an opponent met in several games, as in a match of two games, counts once). \
                 Spread within final score groups: the population standard deviation and the range of the players' opposition within each final score group with at least two players who met someone, averaged over the groups weighted by those players: what the Dubov and Burstein systems pair to equalise, measured on true strength, which no system sees. \
                 The winner (rank 1): the share of the other players of the tournament he met, and the share of the players ranked 2 to 10 he met. \
                 Every figure is per tournament, then a mean over tournaments with a Student-t interval (clustered by tournament), so runs with different numbers of rounds compare tournament by tournament."
        .to_string();
    let place: Vec<Estimate> = per_fifth.iter().map(|v| Estimate::mean(v)).collect();
    let charts = vec![bar_chart(
        ChartText {
            id: "opposition-spread-by-final-place",
            title: "Opposition spread within final score groups, by place",
            caption: "Standard deviation of the players' opposition (the mean true strength of the distinct opponents met over the board) within each final score group, by the group's place in the final standing (fifths of the players who met someone, by the middle of the group; the top fifth holds the leaders), averaged over the groups weighted by their players, then over tournaments; error bars are 95% t intervals over tournaments (clustered by tournament).",
            x_label: "final score group's place in the standing",
            y_label: "standard deviation (strength points)",
            counted: None,
        },
        FIFTHS.iter().map(|s| s.to_string()).collect(),
        vec![("standard deviation".into(), place)],
        1.0,
    )];
    Section {
        id: "opposition",
        title: "Opposition: spread within score groups, whom the winner met",
        intro,
        metrics,
        charts,
        tables: vec![table],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u32, score: f64, rank: u32, opp: Option<f64>, ids: &str) -> PlayerRow {
        PlayerRow {
            player: id,
            score,
            rank,
            opp_strength: opp,
            opponents: ids.split_whitespace().count() as u32,
            opponent_ids: ids.into(),
            ..PlayerRow::default()
        }
    }

    fn tournament(players: Vec<PlayerRow>) -> Tournament {
        Tournament {
            row: Default::default(),
            players,
            rounds: Vec::new(),
            groups: Vec::new(),
        }
    }

    /// Five players, two rounds. Score 2: players 1 (opposition 1900) and 2 (2000): sd 50,
    /// range 100. Score 1: players 3 (1800), 4 (1850), 5 (1750): sd sqrt(5000/3) = 40.82,
    /// range 100. Score 0: nobody. Weighted: (2 x 50 + 3 x 40.82) / 5 = 44.49.
    #[test]
    fn the_spread_is_weighted_by_the_groups_players() {
        let t = tournament(vec![
            player(1, 2.0, 1, Some(1900.0), "3 4"),
            player(2, 2.0, 2, Some(2000.0), "5 1"),
            player(3, 1.0, 3, Some(1800.0), "1 5"),
            player(4, 1.0, 4, Some(1850.0), "1"),
            player(5, 1.0, 5, Some(1750.0), "2 3"),
        ]);
        let (_, all) = final_spread_of(&t, |p| p.opp_strength);
        let (sd, range) = all.means().unwrap();
        let expected = (2.0 * 50.0 + 3.0 * (5000.0f64 / 3.0).sqrt()) / 5.0;
        assert!((sd - expected).abs() < 1e-9, "{sd} vs {expected}");
        assert!((range - 100.0).abs() < 1e-9);
        // The winner (player 1) met 3 and 4: 2 of the 4 others; of the ranks 2-5 (the top 10
        // of five players), 3 and 4: a half. Opponents per player: (2+2+2+1+2)/5 = 1.8.
        let (field, top, strength) = winner_figures(&t).unwrap();
        assert_eq!((field, top, strength), (0.5, 0.5, Some(1900.0)));
        assert_eq!(opponents_per_player(&t), Some(1.8));
    }

    /// A match of two games against the same opponent is one opponent; the top 10 of a
    /// twelve-player field is ranks 2-10 (nine contenders).
    #[test]
    fn the_winner_meets_a_share_of_the_contenders() {
        let mut players: Vec<PlayerRow> =
            (1..=12).map(|id| player(id, 0.0, id, None, "12")).collect();
        // The winner met 2, 3 (twice), 11 and 12: 4 distinct of 11 others; of ranks 2-10, 2.
        players[0].opponent_ids = "2 3 3 11 12".into();
        let t = tournament(players);
        let (field, top, _) = winner_figures(&t).unwrap();
        assert!((field - 4.0 / 11.0).abs() < 1e-12);
        assert!((top - 2.0 / 9.0).abs() < 1e-12);
    }

    #[test]
    fn a_run_without_the_columns_gives_no_winner_figure() {
        let t = tournament(vec![
            player(1, 1.0, 1, None, ""),
            player(2, 0.0, 2, None, ""),
        ]);
        assert_eq!(winner_figures(&t), None);
        assert_eq!(opponents_per_player(&t), None);
        let (_, all) = final_spread_of(&t, |p| p.opp_strength);
        assert!(all.means().is_none());
    }
}
