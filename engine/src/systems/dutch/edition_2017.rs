//! The FIDE (Dutch) System, 2017 edition (C.04.3, Baku 2016 / Goynuk 2017): its criteria
//! names, its readings inside the shared bracket machinery, and its round-pairing outlook.
//!
//! The shared driver (`super::drive`) pairs the scoregroups (A.3) from the top, moving the downfloaters down (A.4),
//! and follows the round-pairing outlook of A.9: when the downfloaters of a bracket together
//! with the remaining players cannot complete the round, that bracket becomes the Penultimate
//! Pairing Bracket, is paired again with the completion criterion C.4, and everybody below
//! collapses into the last bracket. Bye eligibility is C.04.1.d (`history`), floats from
//! unplayed rounds A.4.b (`history`).

use super::edition::Dutch;
use super::{CriterionNames, Outlook, Rules};
use crate::history::Edition;
use crate::pairing::{ByeRule, ColourRule, Info, Invariants};
#[cfg(feature = "oracle")]
use crate::{
    model::Tournament,
    pairing::{Pairing, PairingError, Request},
};

/// The 2017 edition's rules.
pub(crate) static RULES: Rules = Rules {
    edition: Edition::Y2017,
    names: CriterionNames {
        preference: "C.10",
        strong: "C.11",
        down1: "C.12",
        up1: "C.13",
        down2: "C.14",
        up2: "C.15",
    },
    // A.8: the PSD counts every pair's score difference and every downfloater's.
    score_counts_pairs: true,
    // C.16, C.18: "players who receive the same downfloat", residents included.
    float_sd_counts_residents: true,
    bye_played_games: false,
    prepare: |_| {},
    // A.9: the Penultimate Pairing Bracket, then the collapsed last bracket.
    outlook: Outlook::Collapse,
};

/// The FIDE (Dutch) System, 2017 edition.
pub(crate) const DUTCH_2017: Dutch = Dutch {
    rules: &RULES,
    info: Info {
        name: "dutch-2017",
        label: "Dutch 2017",
        aliases: &[],
        title:
            "FIDE (Dutch) System, C.04.3 Baku 2016 / Goynuk 2017 (in force until 31 January 2026)",
        codes_192: &["FIDE_DUTCH_2017"],
        text_092: "Individual  Swiss Dutch 2017 rules",
        // A text naming Dubov, or the 2012 edition, is theirs.
        names_in_092: |c| {
            c.contains("DUTCH")
                && c.contains("2017")
                && !c.contains("DUBOV")
                && !c.contains("2012")
                && !c.contains("ISTANBUL")
        },
        invariants: Invariants {
            // C.04.1.d.
            bye: ByeRule::ByeOrForfeitWin,
            // C.3 with the topscorers of A.7.
            colours: ColourRule::DutchTopscorers,
            lowest_bye_score: false,
        },
    },
};

/// A test oracle: round `req.round` of `t` paired as the 2017 engine pairs it (ranking,
/// brackets, A.9, colours, board order), with every bracket solved by the literal, enumerating
/// implementation of the B/D candidate sequence instead of the matching engine, so that the two
/// can be compared. Its cost is exponential in the size of a bracket: for small fields only
/// (about ten players to pair).
#[cfg(feature = "oracle")]
pub(crate) fn pair_with_literal_oracle(
    t: &Tournament,
    req: &Request,
) -> Result<Pairing, PairingError> {
    let ctx = super::prepare_round(&RULES, t, req)?;
    super::pair_prepared(&ctx, t, req, &super::literal::solve)
}
