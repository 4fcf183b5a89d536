//! Whether the following bracket must be in the graph (2017 C.7, 2026 C8), and 2026 C8 under
//! the completion of the round (C4): the lookahead into the next scoregroup, left out when it
//! cannot decide anything.

use super::graph::Graph;
use super::knobs::Knobs;
use super::mode::Mode;
use super::pack::PackW;
use super::pairs::{max_pairs, PlayerPairs, PLAYER_MATRIX_BYTES};
use crate::matching::Matcher;
use crate::pairing::PairingError;
use crate::score::Score;
use crate::systems::dutch::weights::{self, Digits};
use crate::systems::dutch::RoundCtx;
use ethnum::I256;

/// C.7 is the same for every candidate that is best by C.5 and C.6 when the following bracket
/// reaches its ideal whichever `f` players of this bracket float into it: every downfloater
/// paired with one of `below` (the next scoregroup), the others all paired, and, when the
/// following bracket is the last one (`last`) and has an odd number of players, the one left
/// able to take the bye (C.2). Its number of pairs is then the same for every candidate, and its
/// PSD depends only on the scores of the downfloaters, which C.6 already fixes: the PSD of this
/// bracket counts each MDP once, at its SD when paired and one point higher when floating, and
/// each floating resident at one point, so equal PSDs mean equal floater scores. The lookahead
/// can then be left out of the graph, which makes it much smaller.
///
/// Sufficient condition used (Dirac's theorem: a graph on N >= 3 vertices whose every vertex
/// has degree >= N/2 has a Hamiltonian cycle, hence a perfect matching when N is even, and one
/// leaving out any chosen vertex when N is odd): in the following bracket's graph (downfloaters
/// and `below`, downfloaters never meeting each other), every vertex has degree >= N/2 whatever
/// the downfloaters are.
fn following_always_ideal(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    below: &[usize],
    last: bool,
    f: usize,
) -> bool {
    let big_n = f + below.len();
    if big_n < 3 {
        return false;
    }
    let ok = |deg: usize| 2 * deg >= big_n;
    // A bye-eligible player of `below` to leave out when the last bracket is odd.
    if last && big_n % 2 == 1 && !below.iter().any(|&r| ctx.players[r].bye_ok) {
        return false;
    }
    let bracket = mdps.iter().chain(residents);
    for &x in bracket.clone() {
        if !ok(below.iter().filter(|&&r| ctx.compat.get(x, r)).count()) {
            return false;
        }
    }
    below.iter().all(|&r| {
        let mates = below.iter().filter(|&&o| ctx.compat.get(r, o)).count();
        let apart = bracket.clone().filter(|&&x| !ctx.compat.get(r, x)).count();
        ok(mates + f.saturating_sub(apart))
    })
}

/// 2026 C8 with C4: whether the following bracket, made of the `floaters` (as MDPs) and the
/// scoregroup `next`, reaches under the completion of the round (the players `after` it) the
/// same number of pairs and the same downfloaters' scores (C6, C7) as without it. When it does,
/// the bracket's best pairing by the one-bracket lookahead is also best under C4 (the
/// completion only removes candidates). A best pairing of the following bracket whose leftover
/// players complete the round proves it at once; else both are computed.
pub(crate) fn next_bracket_completes(
    ctx: &RoundCtx,
    floaters: &[usize],
    next: &[usize],
    after: &[usize],
) -> Result<bool, PairingError> {
    let left = |g: &Graph, mate: &[Option<usize>]| -> Vec<usize> {
        (0..g.nb)
            .filter(|&v| !matches!(mate[v], Some(u) if u < g.nb))
            .map(|v| g.global[v])
            .collect()
    };
    let scores = |l: &[usize]| {
        let mut s: Vec<Score> = l.iter().map(|&v| ctx.players[v].score).collect();
        s.sort_unstable();
        s
    };
    let knobs = Knobs::default();
    let mut rest = match best_by_pairs_and_scores(ctx, floaters, next) {
        Some(l) => l,
        None => {
            let free = Graph::build(
                ctx,
                floaters,
                next,
                Mode::Lookahead(&[], false),
                false,
                &knobs,
            )?;
            let (mate, _) = free.solve(
                &[],
                &|_, _, _| {},
                &|_, _| true,
                &vec![false; free.global.len()],
            )?;
            left(&free, &mate)
        }
    };
    let unconstrained = scores(&rest);
    rest.extend(after);
    if ctx.completable(&rest) {
        return Ok(true);
    }
    let bound = Graph::build(
        ctx,
        floaters,
        next,
        Mode::Penultimate(after, 0),
        false,
        &knobs,
    )?;
    let (mate, _) = bound.solve(
        &[],
        &|_, _, _| {},
        &|_, _| true,
        &vec![false; bound.global.len()],
    )?;
    Ok(scores(&left(&bound, &mate)) == unconstrained)
}

/// The players a best pairing of the bracket of `mdps` and `residents` leaves over, best by its
/// number of pairs and then by the scores of those left over (2026 C6, C7: highest first), in
/// one matching with only those two fields; `None` when the score digits do not fit.
fn best_by_pairs_and_scores(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
) -> Option<Vec<usize>> {
    let who: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let (n, m) = (who.len(), mdps.len());
    let mut counts: Vec<(Score, usize)> = who.iter().map(|&v| (ctx.players[v].score, 1)).collect();
    counts.sort_unstable();
    let digits = Digits::new(counts, n)?;
    // Each player's digit, then the pairs field above every digit sum.
    let pair_bit = weights::bits(
        who.iter()
            .map(|&v| digits.weight(ctx.players[v].score))
            .fold(I256::ZERO, |a, b| a + b),
    );
    if pair_bit + weights::bits(I256::from(n as u64)) > weights::MAX_BITS_256 {
        return None;
    }
    let own: Vec<I256> = who
        .iter()
        .map(|&v| digits.weight(ctx.players[v].score))
        .collect();
    // The narrowest weights that hold the pairs field (the matching is the same in any).
    let mate = if pair_bit + 2 <= 124 {
        left_over::<i128>(ctx, &who, m, pair_bit, &own)
    } else {
        left_over::<I256>(ctx, &who, m, pair_bit, &own)
    };
    Some(
        (0..n)
            .filter(|&i| mate[i].is_none())
            .map(|i| who[i])
            .collect(),
    )
}

/// A maximum-weight matching of `who` (the first `m` MDPs) weighing `1 << pair_bit` a pair
/// plus each player's `own` digit, read from the round's compatibility bits.
fn left_over<W: PackW>(
    ctx: &RoundCtx,
    who: &[usize],
    m: usize,
    pair_bit: u32,
    own: &[I256],
) -> Vec<Option<usize>> {
    let graph = PlayerPairs {
        ctx,
        who,
        m,
        pair: W::from_i256(I256::ONE << pair_bit),
        own: own.iter().map(|&d| W::from_i256(d)).collect(),
    };
    Matcher::new()
        .solve_graph_within(&graph, false, PLAYER_MATRIX_BYTES)
        .to_vec()
}

/// C.7 (2017) / C8 (2026) only matter when the bracket has downfloaters: when every player of
/// the bracket can be paired in it (C.5 / C6 come first), or the following bracket is ideal
/// whatever they are, the following bracket need not be in the graph. Returns the mode to pair
/// with and, for a bracket with a following one, its MaxPairs.
pub(super) fn lookahead_needed<'a>(
    ctx: &RoundCtx,
    mdps: &[usize],
    residents: &[usize],
    mode: Mode<'a>,
) -> (Mode<'a>, Option<usize>) {
    let n = mdps.len() + residents.len();
    let max_pairs = match mode {
        Mode::Lookahead(..) => Some(max_pairs(ctx, mdps, residents)),
        _ => None,
    };
    let mode = match mode {
        Mode::Lookahead(..) if max_pairs == Some(n / 2) && n.is_multiple_of(2) => {
            Mode::Lookahead(&[], false)
        }
        Mode::Lookahead(below, last)
            if following_always_ideal(
                ctx,
                mdps,
                residents,
                below,
                last,
                n - 2 * max_pairs.unwrap_or(0),
            ) =>
        {
            Mode::Lookahead(&[], false)
        }
        m => m,
    };
    (mode, max_pairs)
}
