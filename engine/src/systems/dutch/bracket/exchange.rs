//! The exchange between S1 and S2 (2017 D.2 c-d, 2026 Art. 4.3): which players move, decided
//! player by player with one matching per check, once D.2 a-b (as weight fields) have fixed
//! how many move and the smallest BSN-sum difference.

use super::graph::Graph;
use super::search::{Gen, Keep};
use crate::matching::I512;
use crate::pairing::PairingError;
use ethnum::I256;

/// What D.2 c-d choose among: the remainder's S1 and S2 (vertices in BSN order), the number
/// `k` of players to exchange (D.2 a), the remainder's vertices, the edges allowed, and the
/// D.2 a-b fields with the total weight `best` a best candidate reaches with them.
pub(super) struct Exchange<'a> {
    pub s1: &'a [usize],
    pub s2: &'a [usize],
    pub k: usize,
    pub is_rem: &'a dyn Fn(usize) -> bool,
    pub keep: &'a Keep<'a>,
    pub bounds: &'a [I256],
    pub gen: &'a Gen<'a>,
    pub best: I512,
}

/// A remainder player's part in the exchange, as decided so far.
#[derive(Clone, Copy, PartialEq)]
enum Move {
    Open,
    /// From S1 to S2 (the higher BSN of his pair, or unpaired).
    Out,
    /// Stays in S1 (the lower BSN of his pair).
    Stays,
    /// From S2 to S1 (the lower BSN of his pair).
    In,
    /// Stays in S2.
    Kept,
}

/// D.2 c-d: the exchange of `x.k` players between S1 and S2, with the smallest BSN-sum
/// difference (D.2 b, fixed by `x.best`), that comes first: the highest different BSN moved out
/// of S1 (c), then the lowest different BSN moved into S2's place (d). Returns the new S1.
///
/// In a best candidate of such an exchange every pair's lower BSN is in the new S1 (else the
/// same pairs would make an exchange with a smaller difference), so a player moves out of S1
/// exactly when he is the higher BSN of his pair or unpaired, and into S1 exactly when he is
/// the lower BSN of his pair. The exchange is then decided position by position: the highest
/// S1 player that can move out with those decided before him, and so on (c), then the lowest
/// S2 player that can move in (d); each check is one matching that forbids the pairs the
/// decisions exclude, and must reach `x.best` with every player decided to be a pair's lower
/// BSN paired. At most |S1| + |S2| matchings, whatever `k`.
pub(super) fn choose_exchange(
    g: &Graph,
    x: &Exchange,
    removed: &[bool],
) -> Result<Vec<usize>, PairingError> {
    let nv = g.global.len();
    let mut mv = vec![Move::Open; nv];
    let feasible = |mv: &[Move]| -> Result<bool, PairingError> {
        let in_rem = |a: usize, b: usize| (x.is_rem)(a) && (x.is_rem)(b);
        let allowed = |a: usize, b: usize| {
            if !(x.keep)(a, b) {
                return false;
            }
            if !in_rem(a, b) {
                return true;
            }
            let (lo, hi) = (a.min(b), a.max(b));
            !matches!(mv[lo], Move::Out | Move::Kept) && !matches!(mv[hi], Move::Stays | Move::In)
        };
        // First: pair every player decided to be a lower BSN; then D.2 a-b.
        let must = |a: usize, b: usize| {
            let n = [a, b]
                .iter()
                .filter(|&&v| matches!(mv[v], Move::Stays | Move::In))
                .count();
            I256::from(if in_rem(a, b) { n as u64 } else { 0 })
        };
        let gen = |a: usize, b: usize, out: &mut Vec<I256>| {
            out.push(must(a, b));
            (x.gen)(a, b, out);
        };
        let mut bounds = vec![I256::from(nv as u64 + 1)];
        bounds.extend_from_slice(x.bounds);
        let (mate, _) = g.solve(&bounds, &gen, &allowed, removed)?;
        let paired = (0..nv).all(|v| {
            !matches!(mv[v], Move::Stays | Move::In) || matches!(mate[v], Some(u) if (x.is_rem)(u))
        });
        Ok(paired && g.total(&mate, x.bounds, x.gen, removed) == x.best)
    };
    // D.2 c: the players moved out of S1, highest BSN first; D.2 d: those moved into S1,
    // lowest BSN first.
    let moved = decide(
        &mut mv,
        x.s1.iter().rev(),
        x.k,
        Move::Out,
        Move::Stays,
        &feasible,
    )?;
    let entered = decide(&mut mv, x.s2.iter(), x.k, Move::In, Move::Kept, &feasible)?;
    if moved != x.k || entered != x.k {
        return Err(PairingError::InvalidRequest(format!(
            "no exchange of {} players between S1 and S2 reaches the best candidate (D.2); \
             please report this round",
            x.k
        )));
    }
    Ok(x.s1
        .iter()
        .chain(x.s2)
        .copied()
        .filter(|&v| matches!(mv[v], Move::Stays | Move::In))
        .collect())
}

/// Gives each player of `order` in turn the move `yes` when `feasible` still holds with it,
/// else `no`, until `k` have `yes` (the rest get `no`). Returns how many got `yes`.
fn decide<'a>(
    mv: &mut [Move],
    order: impl Iterator<Item = &'a usize>,
    k: usize,
    yes: Move,
    no: Move,
    feasible: &dyn Fn(&[Move]) -> Result<bool, PairingError>,
) -> Result<usize, PairingError> {
    let mut count = 0;
    for &v in order {
        mv[v] = yes;
        if count == k || !feasible(mv)? {
            mv[v] = no;
        } else {
            count += 1;
        }
    }
    Ok(count)
}
