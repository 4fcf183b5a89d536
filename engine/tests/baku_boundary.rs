//! The Baku Acceleration's group A as C.04.7 sizes it (2 x ceil(N/4)) against bbpPairings v6
//! (ceil(N/2)), on the 100 events of `testdata/conformance/dutch-2026-baku-bbp-boundary` (N mod
//! 4 = 1 or 2, every round paired by bbpPairings v6 from `192 FIDE_DUTCH_2025_BAKU`).
//!
//! For those sizes C.04.7 1.2 puts one player more in group A: the boundary player, pairing
//! number 2 x ceil(N/4). swisslab follows the text, so some rounds differ from the files. The
//! test shows that the boundary player explains every one of them: re-paired with his virtual
//! points taken away (bbpPairings' group A), every round of every file is the file's. It
//! prints the table of `docs/systems/acceleration.md` (run with `--nocapture`).

mod support;

use rayon::prelude::*;
use std::collections::BTreeMap;
use swisslab_engine::acceleration::{self, accelerated_rounds};
use swisslab_engine::{checker, trf, PlayerId, System, Tournament};

/// Per file: players, rounds, the boundary player, the rounds that differ with C.04.7's group
/// A (by round), and how many differ with bbpPairings' group A.
struct Row {
    players: usize,
    rounds: usize,
    boundary: PlayerId,
    differ_text: Vec<usize>,
    differ_bbp: usize,
}

fn row(name: &str, bytes: &[u8]) -> Row {
    let mut t: Tournament = trf::read(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    acceleration::apply(&mut t, None, 1).unwrap_or_else(|e| panic!("{name}: {e}"));
    let n = t.players.len();
    assert!(matches!(n % 4, 1 | 2), "{name}: {n} players");
    let boundary = (2 * n.div_ceil(4)) as PlayerId;
    assert!(
        acceleration::in_group_a(&t, boundary) && !acceleration::in_group_a(&t, boundary + 1),
        "{name}: C.04.7 1.2 puts players 1..={boundary} in group A"
    );
    let text = checker::check(&t, System::Dutch2026);
    // bbpPairings v6: group A is the first ceil(N/2) players, one fewer.
    t.acceleration.retain(|(id, _)| *id != boundary);
    assert_eq!(n.div_ceil(2), boundary as usize - 1);
    let bbp = checker::check(&t, System::Dutch2026);
    Row {
        players: n,
        rounds: text.rounds,
        boundary,
        differ_text: text.discrepancies.iter().map(|d| d.round).collect(),
        differ_bbp: bbp.discrepancies.len(),
    }
}

#[test]
fn the_boundary_player_explains_every_round_that_differs_from_bbppairings() {
    let files = support::corpus_trf("dutch-2026-baku-bbp-boundary");
    assert_eq!(files.len(), 100, "the boundary corpus has 100 tournaments");
    let rows: Vec<(String, Row)> = files
        .par_iter()
        .map(|(name, bytes)| (name.clone(), row(name, bytes)))
        .collect();
    let rounds: usize = rows.iter().map(|(_, r)| r.rounds).sum();
    let differ: usize = rows.iter().map(|(_, r)| r.differ_text.len()).sum();
    let unexplained: usize = rows.iter().map(|(_, r)| r.differ_bbp).sum();
    // By phase of the round: full virtual points, half, after the accelerated rounds.
    let mut by_phase = [(0usize, 0usize); 3];
    // By field size modulo 4.
    let mut by_mod: BTreeMap<usize, (usize, usize, usize, usize)> = BTreeMap::new();
    for (_, r) in &rows {
        let total_rounds = r.rounds as u32;
        let (acc, full) = accelerated_rounds(total_rounds);
        for round in 1..=r.rounds {
            let phase = if round as u32 <= full {
                0
            } else if round as u32 <= acc {
                1
            } else {
                2
            };
            by_phase[phase].0 += 1;
            if r.differ_text.contains(&round) {
                by_phase[phase].1 += 1;
            }
        }
        let e = by_mod.entry(r.players % 4).or_default();
        e.0 += 1;
        e.1 += r.rounds;
        e.2 += r.differ_text.len();
        e.3 += r.differ_bbp;
        assert!(r.boundary > 0);
    }
    println!("| N mod 4 | events | rounds | rounds differing (C.04.7 group A) | rounds differing with the boundary player in group B |");
    println!("|---|---:|---:|---:|---:|");
    for (m, (events, rounds, differ, bbp)) in &by_mod {
        println!("| {m} | {events} | {rounds} | {differ} | {bbp} |");
    }
    println!(
        "| all | {} | {rounds} | {differ} | {unexplained} |",
        rows.len()
    );
    println!();
    println!("| rounds | rounds | differing |");
    println!("|---|---:|---:|");
    for (label, (n, d)) in [
        "full virtual points",
        "half virtual points",
        "after the accelerated rounds",
    ]
    .iter()
    .zip(by_phase)
    {
        println!("| {label} | {n} | {d} |");
    }
    assert_eq!(rounds, 831, "the rounds of the boundary corpus");
    assert_eq!(
        unexplained, 0,
        "rounds that differ from bbpPairings v6 even with its group A"
    );
    // The text's group A does change pairings: the corpus would not test the boundary otherwise.
    assert!(differ > 0, "no round differs with C.04.7's group A");
}
