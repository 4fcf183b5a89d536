//! The opponents' scores behind Buchholz, Fore Buchholz, Sonneborn-Berger and the average of
//! opponents' Buchholz, with C.07's handling of unplayed rounds (Article 16) and its cut
//! modifiers.
//!
//! - 16.3: the score a participant contributes to his opponents' tie-breaks counts his
//!   voluntary unplayed rounds after his last round that is not one (16.2.5: a withdrawal, or
//!   absences at the end) as draws; every other round at the points scored.
//! - 16.4: a round without a game over the board (forfeit, bye, absence) is valued, in the
//!   participant's own Buchholz, as a game against a dummy opponent with the participant's own
//!   score. The 2026 amendment caps that score: at most the forfeiting opponent's adjusted
//!   score (16.4.1), and at most a draw in every round when there is no opponent (16.4.2).
//! - Fore Buchholz: every game of the final round counts as a draw, for the participant and
//!   for his opponents (a participant paired in the final round is not withdrawn, 16.2.5),
//!   once the final round is paired ([`Context::fore_round`]); before, FB is BH.
//! - Cuts: the least significant values go first, voluntary unplayed rounds before games
//!   (16.5; see [`cut_sum`]); Median-n also cuts the n most significant values.

use super::rounds::Context;
use super::Edition;

/// One round's contribution: the opponent's (or the dummy's) score, the value it gives the
/// tie-break (the score for Buchholz, score times points for Sonneborn-Berger, in the units of
/// the caller), and whether the round is a voluntary unplayed round.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub score: i64,
    pub value: i64,
    pub vur: bool,
}

/// Each player's adjusted score as an opponent (16.3), and the own score his dummy opponents
/// have (16.4), in tenths; `fore` evaluates the last round as a draw (Fore Buchholz).
pub(crate) fn adjusted_scores(ctx: &Context, fore: bool) -> (Vec<i64>, Vec<i64>) {
    let n = ctx.rounds;
    let draw = i64::from(ctx.draw);
    let mut adjusted = Vec::with_capacity(ctx.players.len());
    let mut own = Vec::with_capacity(ctx.players.len());
    for p in &ctx.players {
        let fore_here = fore && n > 0 && p.last_paired == n;
        let last_not_vur = if fore_here { n } else { p.last_not_vur };
        let mut a = 0i64;
        for (i, r) in p.rounds.iter().enumerate() {
            // 16.3: rounds of category 16.2.5 (after the last one that is not a VUR, without
            // opponent) count as draws.
            a += if i < last_not_vur || r.opp.is_some() {
                i64::from(r.pts)
            } else {
                draw
            };
        }
        let mut o = i64::from(p.total);
        if fore_here && p.rounds[n - 1].opp.is_some() {
            let last = i64::from(p.rounds[n - 1].pts);
            a += draw - last;
            o += draw - last;
        }
        adjusted.push(a);
        own.push(o);
    }
    (adjusted, own)
}

/// The entries of player `i`: one per round. `value` turns (score, points scored in the
/// round) into the tie-break's value.
pub(crate) fn entries(
    ctx: &Context,
    i: usize,
    adjusted: &[i64],
    own: &[i64],
    fore: bool,
    edition: Edition,
    value: impl Fn(i64, i64) -> i64,
) -> Vec<Entry> {
    let n = ctx.rounds;
    let draw = i64::from(ctx.draw);
    ctx.players[i]
        .rounds
        .iter()
        .enumerate()
        .map(|(r, rd)| {
            // Fore Buchholz: the last round's game counts as played (a draw) even when it was
            // forfeited.
            let played = rd.played || (fore && r + 1 == n);
            let (score, vur) = match rd.opp {
                Some(o) if played => (adjusted[o], false),
                opp => {
                    // 16.4: a dummy opponent with the participant's own score, capped by the
                    // 2026 amendment (16.4.1 / 16.4.2).
                    let mut s = own[i];
                    if edition >= Edition::Fide2026 {
                        s = match opp {
                            Some(o) => s.min(adjusted[o]),
                            None => s.min(draw * n as i64),
                        };
                    }
                    (s, rd.vur)
                }
            };
            Entry {
                score,
                value: value(score, i64::from(rd.pts)),
                vur,
            }
        })
        .collect()
}

/// The sum of the values left after cutting `low` least and `high` most significant
/// entries; `None` when no entry is left (a sum of nothing, which FIDE's calculator prints as
/// a bare `0`). The least significant entry is the one with the lowest opponent's score (then the
/// lowest value). For a low cut, voluntary unplayed rounds are the first candidates (16.5):
/// the least significant of them is cut, unless the least significant entry overall gives the
/// tie-break more than it does — then that one is cut, so that an unplayed round never leaves
/// the participant a higher value than a game would (for Buchholz, whose value is the
/// score, the unplayed round is always cut first).
pub(crate) fn cut_sum(mut e: Vec<Entry>, low: u32, high: u32) -> Option<i64> {
    let n = e.len();
    let low = (low as usize).min(n);
    let high = (high as usize).min(n - low);
    for _ in 0..low {
        let least = (0..e.len()).min_by_key(|&k| (e[k].score, e[k].value, k));
        let least_vur = (0..e.len()).min_by_key(|&k| (!e[k].vur, e[k].score, e[k].value, k));
        let (Some(a), Some(v)) = (least, least_vur) else {
            break;
        };
        e.remove(if e[a].value > e[v].value { a } else { v });
    }
    for _ in 0..high {
        if let Some(k) = (0..e.len()).max_by_key(|&k| (e[k].score, e[k].value)) {
            e.remove(k);
        }
    }
    (!e.is_empty()).then(|| e.iter().map(|x| x.value).sum())
}
