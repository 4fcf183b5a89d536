//! `pair --explain` under the 2012 rules: the brackets top down as the engine kept them
//! (`Round12::trace`), each with its moved-down players and residents, whether C.12 or C.13
//! chose its pairing, the colour budget X1 (A.8) and how many pairs use it, the pairs with
//! their colours (E.1-E.5) and the criteria they do not meet (A.7 preferences not granted,
//! B.5 / B.6 repeated floats), the players moved down and the bye.

use super::search::BracketOut;
use super::{levels, pair_round, prepare, white_for_high, Round12};
use crate::bracket_trace::{self, Explainer, Shown, Step};
use crate::history::PreferenceStrength;
use crate::model::Tournament;
use crate::pairing::{Pairing, Request};

/// Records the bracket just kept (`pair_round`).
pub(super) fn record(
    r: &Round12,
    kind: &'static str,
    mdps: &[usize],
    residents: &[usize],
    out: &BracketOut,
    c13: bool,
    c12: bool,
) {
    let decided = match (c13, c12) {
        (true, _) => Some(
            "C.13: the first pairing in the order of C and D that leaves the lowest bracket \
             pairable",
        ),
        (false, true) => Some(
            "C.12: paired again for other downfloaters, that let the next bracket make more \
             pairs",
        ),
        _ => None,
    };
    r.trace
        .record(kind, mdps, residents, (&out.pairs, &out.floaters), decided);
}

/// The account of round `req.round` (the pairing is computed again, then printed).
pub(super) fn explain(t: &Tournament, req: &Request, p: &Pairing) -> String {
    let shown = |r: &Round12| {
        let players = r.players.iter();
        let shown = players.map(|p| Shown::of(p.id, p.score, &p.colour, p.float1, p.float2));
        (shown.collect(), r.trace.steps())
    };
    bracket_trace::explain(
        "Dutch 2012",
        req,
        p,
        prepare(t, req),
        |r| pair_round(r).map(|(_, bye)| bye),
        shown,
    )
}

impl Explainer for Round12 {
    fn white_for_high(&self, hi: usize, lo: usize) -> bool {
        let ps = &self.players;
        white_for_high(&ps[hi].colour, &ps[lo].colour, self.initial)
    }

    fn preference_articles(&self, strength: PreferenceStrength) -> &'static str {
        match strength {
            PreferenceStrength::Absolute => "A.7.a, B.2",
            PreferenceStrength::Strong => "A.7.b, A.8",
            PreferenceStrength::Mild => "A.7.c, A.8",
        }
    }

    fn budget(&self, step: &Step) -> Option<String> {
        let players: Vec<usize> = step.mdps.iter().chain(&step.residents).copied().collect();
        let (x1, z1) = levels::budgets(self, &players, step.pairs.len());
        let ps = &self.players;
        let unmet = step
            .pairs
            .iter()
            .filter(|&&(a, b)| {
                matches!((ps[a].colour.preference, ps[b].colour.preference),
                    (Some(x), Some(y)) if x.color == y.color)
            })
            .count();
        let mut line = format!(
            "colour budget X1 = {x1} (A.8): {unmet} pair{} of players preferring the same colour",
            if unmet == 1 { "" } else { "s" }
        );
        if self.even {
            line.push_str(&format!(", Z1 = {z1} (A.8, even round)"));
        }
        Some(line)
    }
}
