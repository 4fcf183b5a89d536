//! The Lim procedure answering its existence questions by enumeration, with no matching: the
//! oracle of the engine on small fields (`System::pair_with_literal_oracle`). The procedure
//! itself is the text's (`procedure`); only "can these players all be paired", "how many
//! pairs can they make at most" and "can each of these floaters have an opponent of its own"
//! are answered by trying every pairing.

use super::reach::Reach;
use super::LimRound;
use crate::model::Tournament;
use crate::pairing::{Pairing, PairingError, Request};

/// The largest field the oracle enumerates.
pub const MAX_PLAYERS: usize = 16;

/// The existence questions answered by enumeration.
pub(super) struct Enumeration;

/// `v` without its element at `k`.
fn without(v: &[usize], k: usize) -> Vec<usize> {
    v.iter()
        .enumerate()
        .filter(|&(x, _)| x != k)
        .map(|(_, &y)| y)
        .collect()
}

/// The most pairs `who` can make, by trying every partner of the first player, or leaving him
/// out.
fn most(r: &LimRound, who: &[usize]) -> usize {
    let Some((&a, rest)) = who.split_first() else {
        return 0;
    };
    let mut best = most(r, rest);
    for (k, &b) in rest.iter().enumerate() {
        if best * 2 + 2 > who.len() {
            break;
        }
        if r.compatible(a, b) {
            best = best.max(1 + most(r, &without(rest, k)));
        }
    }
    best
}

impl Reach for Enumeration {
    fn complete(&self, r: &LimRound, who: &[usize]) -> bool {
        fn all(r: &LimRound, who: &[usize]) -> bool {
            let Some((&a, rest)) = who.split_first() else {
                return true;
            };
            rest.iter()
                .enumerate()
                .any(|(k, &b)| r.compatible(a, b) && all(r, &without(rest, k)))
        }
        who.len().is_multiple_of(2) && all(r, who)
    }

    fn max_pairs(&self, r: &LimRound, who: &[usize]) -> usize {
        most(r, who)
    }

    fn assignable(&self, r: &LimRound, floaters: &[usize], pool: &[usize]) -> bool {
        let Some((&f, rest)) = floaters.split_first() else {
            return true;
        };
        pool.iter()
            .enumerate()
            .any(|(k, &q)| r.compatible(f, q) && self.assignable(r, rest, &without(pool, k)))
    }
}

/// Round `req.round` of `t` by the Lim procedure with every existence question enumerated.
/// Refuses fields over [`MAX_PLAYERS`].
pub fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    if req.present.len() > MAX_PLAYERS {
        return Err(PairingError::TooLarge(format!(
            "the literal Lim oracle enumerates at most {MAX_PLAYERS} players"
        )));
    }
    let r = super::prepare(t, req)?;
    super::procedure::pair_round(&r, &Enumeration).pairing(t, &r)
}
