//! Pairing one bracket (C.04.3 B) by maximum-weight matching.
//!
//! The candidates of section B are the ways of pairing the bracket (MDPs with residents,
//! residents with residents) that respect C.1-C.3. Instead of enumerating them in the order of
//! D.1-D.3, the bracket's compatibility graph gets edge weights with one field per criterion,
//! most important first (see `fields`):
//!
//! | field | 2017 criterion | 2026 criterion |
//! |---|---|---|
//! | COMPLETION | C.4 / A.9: complete the round (penultimate and last brackets only) | C4 (C5 through the bye candidates) |
//! | PAIRS | C.5: maximise the number of pairs | C6 |
//! | SCORES | C.6: minimise the PSD (A.8), as digits | C7: the downfloaters' scores, as digits |
//! | MDPS | pair M1 MDPs (B.1.c, B.2), in a collapsed last bracket only | (no collapsed bracket) |
//! | NEXT_PAIRS, NEXT_SCORES | C.7: pairs and PSD of the following bracket, given the downfloaters | C8: pairs and downfloaters' scores there |
//! | BYE_UNPLAYED | — | C9: fewest unplayed games for the bye (last bracket) |
//! | TOP_COLOUR_DIFFERENCE, TOP_THIRD_COLOUR | C.8, C.9 | C10, C11 |
//! | PREFERENCE, STRONG_PREFERENCE | C.10, C.11 | C12, C13 |
//! | DOWN_AGAIN, UP_AGAIN, DOWN_TWO_BEFORE, UP_TWO_BEFORE | C.12-C.15: repeated floats | C14-C17 |
//! | DOWN_AGAIN_SCORES … UP_TWO_BEFORE_SCORES | C.16-C.19: their score differences | C18-C21 |
//!
//! The edition's [`Rules`](super::Rules) say where the criteria differ: what the score field
//! counts, whom the float score differences count, and whether C9 applies.
//!
//! A maximum-weight matching then is a best candidate by C.4-C.19. Among the best candidates,
//! B.8 takes the one generated first; the generation order is resolved in further matchings
//! with low-priority fields: the MDPs of S1 (D.3: lowest BSNs), the MDP-pairing transposition
//! (D.1, lexicographic), the remainder's exchange (D.2 a-b as fields, c-d by enumeration), and
//! the remainder's transposition (D.1), fixing pairs as they are decided.

//!
//! Where each part lives (each file one concern; the files below this one never import it):
//! - `fields`: the criteria as field values of one pair (C.4-C.19), and their digits;
//! - `pack`: the fields normalised and packed into one weight per edge;
//! - `graph`: the bracket's vertices and its compatibility graph with packed weights;
//! - `search`: the maximum-weight matchings of the graph, with the low-priority fields of one
//!   phase below the quality fields;
//! - `pairs` and `lookahead`: the number of pairs (C.5) and whether the following bracket
//!   (C.7) must be in the graph;
//! - `mdps` (D.3 and the MDP-pairing), `remainder` (B.6), `order` and `tight` (D.1), and
//!   `exchange` (D.2): the generation order among the best candidates;
//! - `reuse`: one solver (and its weight matrix) for all the matchings of a bracket;
//! - `knobs`: the solver's settings and counters (the tests lower the settings to drive small
//!   brackets through the paths of large ones).

mod exchange;
mod fields;
mod graph;
mod knobs;
mod lookahead;
mod mdps;
mod mode;
mod order;
mod pack;
mod pairs;
mod remainder;
mod reuse;
mod search;
mod tight;
mod vertices;

#[cfg(test)]
pub(crate) use graph::tests::weights_match_the_pairs;
pub(crate) use knobs::Knobs;
pub(crate) use lookahead::next_bracket_completes;
pub(crate) use mode::{BracketResult, Mode};
pub(crate) use pairs::max_pairs;

use super::RoundCtx;
use crate::colour::{gets_difference_beyond_two, third_in_a_row};
use crate::history::Float;
use crate::model::Color;
use crate::pairing::PairingError;
use graph::{Decided, Graph};
use lookahead::lookahead_needed;
use mdps::pair_mdps;
use pairs::greedy_last_pairs;
use remainder::pair_remainder;

/// B.3-B.4: the first candidate of a homogeneous bracket (S1[i] against S2[i]) when it is
/// perfect: every pair allowed, every colour preference granted, no topscorer colour problem,
/// and no floats. With an even number of players there are no floats; with an odd number (the
/// last bracket only, where the one player left gets the bye) the last player of S2 is left:
/// he must be able to take the bye (C.2), and the bye, which counts as a downfloat (A.4), must
/// not repeat one of the two previous rounds (C.12, C.14; C.16 and C.18 then count nothing
/// either). In a homogeneous bracket the PSD (C.6) is the same for every candidate that pairs
/// all but one. A perfect candidate is accepted at once, and it is the first of the sequence.
fn perfect_first(ctx: &RoundCtx, residents: &[usize]) -> Option<BracketResult> {
    let mut sorted = residents.to_vec();
    sorted.sort_unstable();
    let half = sorted.len() / 2;
    let bye = if sorted.len() % 2 == 1 {
        let b = *sorted.last()?;
        let p = &ctx.players[b];
        if !p.bye_ok || p.float1 == Float::Down || p.float2 == Float::Down {
            return None;
        }
        // 2026 C9: no other player of the bracket who may take the bye has played more games.
        if ctx.rules.bye_played_games
            && sorted
                .iter()
                .any(|&o| ctx.players[o].bye_ok && ctx.players[o].played > p.played)
        {
            return None;
        }
        Some(b)
    } else {
        None
    };
    let mut pairs = Vec::with_capacity(half);
    for i in 0..half {
        let (a, b) = (sorted[i], sorted[i + half]);
        if !ctx.compat.get(a, b) {
            return None;
        }
        let (w, _) = ctx.white_first(a, b);
        let top = ctx.players[a].top || ctx.players[b].top;
        for g in [a, b] {
            let c = if g == w { Color::White } else { Color::Black };
            let f = &ctx.players[g].colour;
            if f.preference.is_some_and(|p| p.color != c) {
                return None;
            }
            if top && (gets_difference_beyond_two(f, c) || third_in_a_row(f, c)) {
                return None;
            }
        }
        pairs.push((a, b));
    }
    Some(BracketResult {
        pairs,
        floaters: Vec::new(),
        bye,
    })
}

/// Pairs the bracket made of `mdps` and `residents` (round-player indices).
pub(crate) fn solve(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
) -> Result<BracketResult, PairingError> {
    solve_with(ctx, mdps, residents, mode, &Knobs::default())
}

/// [`solve`] with the given settings, counting its work in `knobs`.
pub(crate) fn solve_with(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
    knobs: &Knobs,
) -> Result<BracketResult, PairingError> {
    // (Not for the PPB: there the downfloaters are chosen for the completion, C.4.)
    let odd_last = matches!(mode, Mode::Last) && !residents.len().is_multiple_of(2);
    if mdps.is_empty()
        && (residents.len().is_multiple_of(2) || odd_last)
        && !matches!(mode, Mode::Penultimate(..))
    {
        if let Some(res) = perfect_first(ctx, residents) {
            return Ok(res);
        }
    }
    let (mode, max_pairs) = lookahead_needed(ctx, mdps, residents, mode);
    let g = bracket_graph(ctx, mdps, residents, mode, knobs)?;
    let nb = g.nb;
    let m = mdps.len();
    let mut decided = Decided::new(g.global.len());
    // Edges between an MDP and a resident that are still allowed.
    let mut mdp_ok = vec![true; nb];
    // The number of resident pairs in a best candidate, once a best candidate is known.
    let (resident_pairs, warm) = if m > 0 {
        let (pairs, warm) = pair_mdps(&g, m, &mut mdp_ok, &mut decided)?;
        (Some(pairs), warm)
    } else {
        (None, None)
    };

    // The (remainder of the) bracket, paired as a homogeneous bracket (B.6).
    let keep_base = |a: usize, b: usize| !(a < m && b < nb && !mdp_ok[a]);
    let rem: Vec<usize> = (m..nb).filter(|&v| !decided.removed[v]).collect();
    // The remainder's number of pairs: where C.5 leads, MaxPairs less the MDP pairs; else
    // from a best candidate.
    let pr = match (max_pairs, resident_pairs) {
        (Some(mp), _) => mp.saturating_sub(decided.fixed.len()),
        (None, Some(pairs)) => pairs,
        (None, None) => match greedy_last_pairs(&g, mode, &rem) {
            Some(pairs) => pairs,
            None => {
                let (mate, _) = g.solve(&[], &|_, _, _| {}, &keep_base, &decided.removed)?;
                rem.iter()
                    .filter(|&&v| matches!(mate[v], Some(u) if u > v && u < nb))
                    .count()
            }
        },
    };
    if pr > 0 {
        pair_remainder(&g, (m, &mdp_ok), &rem, pr, warm.as_ref(), &mut decided)?;
    }
    finish(&g, mode, &decided)
}

/// The bracket's graph (`Graph::build`) with 2026 C9 where it applies.
fn bracket_graph<'a>(
    ctx: &'a RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode,
    knobs: &'a Knobs,
) -> Result<Graph<'a>, PairingError> {
    // 2026 C9 applies to a bracket that downfloats exactly one player, who takes the bye: the
    // last bracket with an odd number of players, or a bracket paired for the completion of
    // the round (C4), or followed by the last one, that leaves one of its players unpaired (C6
    // fixes how many).
    let c9_last = ctx.rules.bye_played_games && matches!(mode, Mode::Last);
    let g = Graph::build(ctx, mdps, residents, mode, c9_last, knobs)?;
    Ok(match mode {
        _ if !ctx.rules.bye_played_games => g,
        Mode::Last => g,
        Mode::Penultimate(..) | Mode::Lookahead(_, true) => {
            let removed = vec![false; g.global.len()];
            let (mate, _) = g.solve(&[], &|_, _, _| {}, &|_, _| true, &removed)?;
            let left = (0..g.nb)
                .filter(|&v| !matches!(mate[v], Some(u) if u < g.nb))
                .count();
            if left == 1 {
                Graph::build(ctx, mdps, residents, mode, true, knobs)?
            } else {
                g
            }
        }
        Mode::Lookahead(_, false) => g,
    })
}

/// The bracket's result from the fixed pairs: the players left are the downfloaters, or in the
/// last bracket the bye.
fn finish(g: &Graph, mode: Mode, decided: &Decided) -> Result<BracketResult, PairingError> {
    let mut out = BracketResult::default();
    for (a, b) in &decided.fixed {
        out.pairs.push((g.global[*a], g.global[*b]));
    }
    let floaters: Vec<usize> = (0..g.nb).filter(|&v| !decided.removed[v]).collect();
    if let Mode::Last = mode {
        // Whatever is left is the bye (C.2-eligible by construction).
        match floaters.as_slice() {
            [] => {}
            [b] if g.ctx.players[g.global[*b]].bye_ok => out.bye = Some(g.global[*b]),
            _ => {
                return Err(PairingError::NoValidPairing(format!(
                    "the last bracket leaves {} players unpaired",
                    floaters.len()
                )))
            }
        }
    } else {
        out.floaters = floaters.iter().map(|&v| g.global[v]).collect();
    }
    Ok(out)
}
