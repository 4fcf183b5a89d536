//! `pair --explain` under the 1998 rating-based rules: the brackets top down as the engine
//! kept them (`Round98::trace`), each with its moved-down players and residents, whether C.12
//! or C.13 chose its pairing, the colour budget x of A.8 / B.4 and how many pairs use it, the
//! pairs with their colours (E.1-E.5) and the criteria they do not meet (A.7 preferences not
//! granted, B.5 / B.6 repeated floats), the players moved down and the bye.

use super::bracket::{x_of, Out};
use super::{pair_round, prepare, search, white_for_high, Round98};
use crate::bracket_trace::{self, Explainer, Shown, Step};
use crate::history::PreferenceStrength;
use crate::model::Tournament;
use crate::pairing::{Pairing, Request};

/// C.12: the bracket paired again.
pub(super) const C12: &str =
    "C.12: paired again for downfloaters that let the next bracket pair every player moved down";
/// C.13: the penultimate bracket paired again.
pub(super) const C13: &str =
    "C.13: paired again so that the lowest bracket can be paired (p = 0 moves it down whole)";

/// Records the bracket just kept (`pair_round`).
pub(super) fn record(
    r: &Round98,
    kind: &'static str,
    mdps: &[usize],
    residents: &[usize],
    out: &Out,
    decided: Option<&'static str>,
) {
    r.trace
        .record(kind, mdps, residents, (&out.pairs, &out.floaters), decided);
}

/// The account of round `req.round` (the pairing is computed again, then printed).
pub(super) fn explain(t: &Tournament, req: &Request, p: &Pairing) -> String {
    let shown = |r: &Round98| {
        let players = r.players.iter();
        let shown = players.map(|p| Shown::of(p.id, p.score, &p.colour, p.float1, p.float2));
        (shown.collect(), r.trace.steps())
    };
    bracket_trace::explain(
        "Rating-based 1998",
        req,
        p,
        prepare(t, req),
        |r| pair_round(r, search::solve).map(|(_, bye)| bye),
        shown,
    )
}

impl Explainer for Round98 {
    fn white_for_high(&self, hi: usize, lo: usize) -> bool {
        white_for_high(self, hi, lo)
    }

    fn preference_articles(&self, _: PreferenceStrength) -> &'static str {
        "A.7, B.4"
    }

    fn budget(&self, step: &Step) -> Option<String> {
        let players: Vec<usize> = step.mdps.iter().chain(&step.residents).copied().collect();
        let x = x_of(self, &players);
        let unmet = step
            .pairs
            .iter()
            .filter(|&&(a, b)| self.colour_bad(a, b))
            .count();
        Some(format!(
            "colour budget x = {x} (A.8, B.4): {unmet} pair{} of players preferring the same colour",
            if unmet == 1 { "" } else { "s" }
        ))
    }
}
