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

use super::edition::Dutch;
use super::{CriterionNames, Outlook, RoundCtx, Rules};
use crate::history::Edition;
use crate::pairing::{ByeRule, ColourRule, Info, Invariants};

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

/// The FIDE (Dutch) System, 2026 edition.
pub(crate) const DUTCH_2026: Dutch = Dutch {
    rules: &RULES,
    info: Info {
        name: "dutch-2026",
        label: "Dutch 2026",
        aliases: &[],
        title: "FIDE (Dutch) System, C.04.3 approved 28/10/2025 (in force from 1 February 2026)",
        // `FIDE_DUTCH` without a year names the edition in force, as `FIDE_DUTCH_2025` (what
        // bbpPairings v6 and Gacrux write) and `FIDE_DUTCH_2026` do (trf-formats.md, E.3: "a
        // robust reader should accept FIDE_DUTCH, FIDE_DUTCH_2025 and FIDE_DUTCH_2026 … as
        // the 2026 rules"; bbpPairings v6 pairs `FIDE_DUTCH` with its 2025 rules).
        codes_192: &["FIDE_DUTCH_2025", "FIDE_DUTCH", "FIDE_DUTCH_2026"],
        text_092: "Individual  Swiss Dutch 2026 rules",
        // A text naming Dubov, or another edition, is theirs.
        names_in_092: |c| {
            c.contains("DUTCH")
                && (c.contains("2025") || c.contains("2026"))
                && !c.contains("DUBOV")
                && !c.contains("2012")
                && !c.contains("ISTANBUL")
                && !c.contains("2017")
        },
        invariants: Invariants {
            // C2: the Basic Rules' Art. 4.
            bye: ByeRule::ByeOrWinWithoutPlaying,
            // C3 with the topscorers of 1.8.
            colours: ColourRule::DutchTopscorers,
            // C5.
            lowest_bye_score: true,
        },
    },
};
