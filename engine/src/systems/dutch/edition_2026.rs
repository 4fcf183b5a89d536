//! The FIDE (Dutch) System, 2026 edition (C.04.3 approved 28/10/2025, applied from 1 February
//! 2026, with C.04.1 and C.04.2 of the same date): its criteria names, its readings inside the
//! shared bracket machinery, and its round-pairing outlook.
//!
//! Articles, and where they are implemented:
//! - C1-C3 (Art. 2.1): the shared compatibility of `super::prepare`; C2 is C.04.1 Art. 4
//!   (`history::PlayerHistory::may_get_pab`).
//! - C4 (Art. 2.2.1, universal completion): every bracket keeps the round completable; a
//!   bracket whose best pairing would not is paired again with completion as its first field.
//!   There is no Penultimate Pairing Bracket and no collapsed bracket.
//! - C5 (Art. 2.3.1, the bye's score): before the first bracket, the lowest score the bye can
//!   go to in a complete round-pairing; only the C2-eligible players with at most that score
//!   may then take the bye, which C4 enforces.
//! - C6-C8 (maximise pairs, the downfloaters' scores, the following bracket), C9 (fewest
//!   unplayed games for the bye), C10-C21 (colours and floats): fields of `bracket`, with this
//!   module's [`RULES`].
//! - Floats from unplayed rounds (1.4.3-1.4.4): `history::unplayed_float`.
//! - Art. 4 (generation order) and 5.2 (colours, 5.2.5 over the players who have arrived): the
//!   shared machinery, as in 2017.

use super::{pair_with, CriterionNames, DutchOptions, Outlook, RoundCtx, Rules};
use crate::history::Edition;
use crate::model::Tournament;
use crate::pairing::{Pairing, PairingError, Request};

/// The 2026 edition's rules.
pub(crate) static RULES: Rules = Rules {
    edition: Edition::Y2026,
    names: CriterionNames {
        preference: "C12",
        strong: "C13",
        down1: "C14",
        up1: "C15",
        down2: "C16",
        up2: "C17",
    },
    // C7: "minimise the scores (taken in descending order) of the downfloaters".
    score_counts_pairs: false,
    // C18, C20: "score differences ... of MDPs who received a downfloat".
    float_sd_counts_residents: false,
    bye_played_games: true,
    prepare: lowest_bye_score,
    // C4: every bracket keeps the round completable.
    outlook: Outlook::Complete,
};

/// C5: "minimise the score of the assignee of the pairing-allocated bye". With an odd number of
/// players, finds the lowest score at which a C2-eligible player can take the bye in a complete
/// round-pairing (C4), and leaves the bye only to the eligible players with at most that score.
fn lowest_bye_score(ctx: &mut RoundCtx) {
    if ctx.players.len().is_multiple_of(2) {
        return;
    }
    let eligible: Vec<bool> = ctx.players.iter().map(|p| p.bye_ok).collect();
    let mut scores: Vec<_> = ctx
        .players
        .iter()
        .filter(|p| p.bye_ok)
        .map(|p| p.score)
        .collect();
    scores.sort_unstable();
    scores.dedup();
    let all: Vec<usize> = (0..ctx.players.len()).collect();
    for s in scores {
        for (p, &e) in ctx.players.iter_mut().zip(&eligible) {
            p.bye_ok = e && p.score <= s;
        }
        if ctx.completable(&all) {
            return;
        }
    }
    for (p, &e) in ctx.players.iter_mut().zip(&eligible) {
        p.bye_ok = e;
    }
}

/// Pairs round `req.round` of `t` with the Dutch system, 2026 edition.
pub fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    pair_with(
        &RULES,
        t,
        req,
        &DutchOptions::default(),
        &super::bracket::solve,
    )
}

/// Why `file` and `ours`, two pairings of round `req.round` of `t`, differ under the 2026
/// edition: the first criterion by article on which they differ, with both values, or that
/// they tie and differ by the generation order (Art. 4).
pub fn first_difference(t: &Tournament, req: &Request, file: &Pairing, ours: &Pairing) -> String {
    super::first_difference_with(&RULES, t, req, file, ours)
}

/// A human-readable account of how round `req.round` is paired under the 2026 edition.
pub fn explain(t: &Tournament, req: &Request, pairing: &Pairing) -> String {
    super::explain_with(&RULES, t, req, pairing)
}
