//! The FIDE (Dutch) System, 2017 edition (C.04.3, Baku 2016 / Goynuk 2017): its criteria
//! names, its readings inside the shared bracket machinery, and its round-pairing outlook.
//!
//! The shared driver (`super::drive`) pairs the scoregroups (A.3) from the top, moving the downfloaters down (A.4),
//! and follows the round-pairing outlook of A.9: when the downfloaters of a bracket together
//! with the remaining players cannot complete the round, that bracket becomes the Penultimate
//! Pairing Bracket, is paired again with the completion criterion C.4, and everybody below
//! collapses into the last bracket. Bye eligibility is C.04.1.d (`history`), floats from
//! unplayed rounds A.4.b (`history`).

use super::{CriterionNames, Outlook, Rules};
use crate::history::Edition;

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
