//! What an acceleration method (C.04.7, the Baku Acceleration) changes: the rating gap of the
//! games of the first rounds, and the floats of the players on either side of group A's
//! boundary.
//!
//! The boundary is C.04.7 1.2's: the last group-A player is the 2 x ceil(N/4)-th of the N
//! players entered in round 1, by pairing number (the simulator numbers players by rating).
//! It is computed from players.csv alone, so the same players are "at the boundary" in an
//! accelerated run and in the unaccelerated run of the same seed, and `report --compare` pairs
//! their figures tournament by tournament. Floats are those of players.csv: against the
//! pairing score (score plus virtual points) in an accelerated run.

use crate::load::{RunData, Tournament};
use crate::model::{num, Metric, Section, Table};
use crate::stats::Estimate;

/// The first rounds whose rating gap is reported: those C.04.7 gives a win's virtual points
/// in a 9- or 11-round event.
pub const EARLY_ROUNDS: u32 = 3;

/// Players on each side of the boundary whose floats are reported.
pub const SIDE: u32 = 4;

/// The pairing number of the last group-A player (C.04.7 1.2), from the players entered in
/// round 1; `None` when nobody is.
pub fn boundary(t: &Tournament) -> Option<u32> {
    let mut starters: Vec<u32> = t
        .players
        .iter()
        .filter(|p| p.entered_round <= 1)
        .map(|p| p.player)
        .collect();
    starters.sort_unstable();
    let size = 2 * starters.len().div_ceil(4);
    starters.get(size.checked_sub(1)?).copied()
}

/// The mean rating gap of the games of rounds `1..=EARLY_ROUNDS`, weighted by games.
fn early_gap(t: &Tournament) -> f64 {
    let (mut sum, mut games) = (0.0, 0.0);
    for r in t.rounds.iter().filter(|r| r.round <= EARLY_ROUNDS) {
        if let Some(g) = r.rating_gap {
            sum += g * f64::from(r.games);
            games += f64::from(r.games);
        }
    }
    if games > 0.0 {
        sum / games
    } else {
        f64::NAN
    }
}

pub fn section(run: &RunData) -> Section {
    let mut gap = Vec::new();
    // Per side (A then B): (tournament, downfloats per player, upfloats per player).
    let mut down = [Vec::new(), Vec::new()];
    let mut up = [Vec::new(), Vec::new()];
    // Offset from the last group-A player (-3 ..= 4): (players, downfloats, upfloats).
    let offsets: Vec<i64> = (1 - i64::from(SIDE)..=i64::from(SIDE)).collect();
    let mut by_offset = vec![(0u64, 0u64, 0u64); offsets.len()];
    for t in &run.tournaments {
        let id = t.row.tournament;
        gap.push((id, early_gap(t)));
        let Some(last) = boundary(t) else {
            continue;
        };
        let mut sides = [(0u32, 0u32, 0u32); 2];
        for p in &t.players {
            let offset = i64::from(p.player) - i64::from(last);
            let Some(k) = offsets.iter().position(|&o| o == offset) else {
                continue;
            };
            let side = usize::from(offset > 0);
            sides[side].0 += 1;
            sides[side].1 += p.downfloats;
            sides[side].2 += p.upfloats;
            by_offset[k].0 += 1;
            by_offset[k].1 += u64::from(p.downfloats);
            by_offset[k].2 += u64::from(p.upfloats);
        }
        for (side, (n, d, u)) in sides.iter().enumerate() {
            if *n > 0 {
                down[side].push((id, f64::from(*d) / f64::from(*n)));
                up[side].push((id, f64::from(*u) / f64::from(*n)));
            }
        }
    }
    let mut metrics = vec![Metric::new(
        "acceleration.rating_gap_rounds_1_3",
        "Mean rating gap of the games of rounds 1-3 (rating points)",
        "tournaments",
        Estimate::mean(&gap),
    )];
    for (side, name) in ["last 4 of group A", "first 4 of group B"]
        .iter()
        .enumerate()
    {
        let key = ["a", "b"][side];
        metrics.push(Metric::new(
            &format!("acceleration.boundary_{key}_downfloats"),
            &format!("Downfloats per player, {name} (C.04.7 boundary)"),
            "tournaments",
            Estimate::mean(&down[side]),
        ));
        metrics.push(Metric::new(
            &format!("acceleration.boundary_{key}_upfloats"),
            &format!("Upfloats per player, {name} (C.04.7 boundary)"),
            "tournaments",
            Estimate::mean(&up[side]),
        ));
    }
    let mut table = Table::new(
        "boundary_floats",
        "Floats per player by position from the last group-A player (0; C.04.7 1.2)",
        &[
            "offset",
            "players",
            "downfloats_per_player",
            "upfloats_per_player",
        ],
    );
    for (o, (n, d, u)) in offsets.iter().zip(&by_offset) {
        let per = |x: u64| {
            if *n > 0 {
                num(x as f64 / *n as f64)
            } else {
                String::new()
            }
        };
        table.push(vec![o.to_string(), n.to_string(), per(*d), per(*u)]);
    }
    let method = match run.run.acceleration.trim() {
        "" | "none" => "none".to_string(),
        a => a.to_string(),
    };
    Section {
        id: "acceleration",
        title: "Acceleration",
        intro: format!(
            "Acceleration method of this run: {method}. Group A is the first 2 x ceil(N/4) players \
             entered in round 1 (C.04.7 1.2); the same players count as its boundary in an \
             unaccelerated run of the same seed, so the figures pair across runs. The rating \
             gap is the mean absolute rating difference of the games of rounds 1-{EARLY_ROUNDS}, \
             per tournament; floats count against the pairing score (virtual points included). \
             Means over tournaments with 95% t intervals."
        ),
        metrics,
        charts: Vec::new(),
        tables: vec![table],
    }
}
