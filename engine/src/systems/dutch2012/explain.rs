//! `pair --explain` under the 2012 rules: the brackets top down as the engine kept them
//! (`Round12::trace`), each with its moved-down players and residents, whether C.12 or C.13
//! chose its pairing, the colour budget X1 (A.8) and how many pairs use it, the pairs with
//! their colours (E.1-E.5) and the criteria they do not meet (A.7 preferences not granted,
//! B.5 / B.6 repeated floats), the players moved down and the bye.

use super::bracket::BracketOut;
use super::{levels, pair_round, prepare, white_for_high, Round12};
use crate::bracket_trace::{render, repeated_floats, Explainer, Step};
use crate::history::{Float, PreferenceStrength};
use crate::model::{Color, Tournament};
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
    r.trace.push(Step {
        kind,
        mdps: mdps.to_vec(),
        residents: residents.to_vec(),
        pairs: out.pairs.clone(),
        floaters: out.floaters.clone(),
        decided,
    });
}

/// The account of round `req.round` (the pairing is computed again, then printed).
pub(super) fn explain(t: &Tournament, req: &Request, p: &Pairing) -> String {
    let r = match prepare(t, req) {
        Ok(r) => r,
        Err(e) => return format!("Dutch 2012: {e}\n"),
    };
    match pair_round(&r) {
        Ok((_, bye)) => render(
            "Dutch 2012",
            req.round,
            r.players.len(),
            &r.trace.steps(),
            bye,
            &Account(&r),
        ),
        Err(e) => format!(
            "Dutch 2012: {e}\n{} games, bye: {}\n",
            p.games.len(),
            p.bye.map_or("none".into(), |b| b.to_string())
        ),
    }
}

struct Account<'a>(&'a Round12);

impl Explainer for Account<'_> {
    fn name(&self, i: usize) -> String {
        let p = &self.0.players[i];
        format!("{} ({})", p.id, p.score)
    }

    fn colours(&self, a: usize, b: usize) -> (usize, usize) {
        let (hi, lo) = (a.min(b), a.max(b));
        let ps = &self.0.players;
        if white_for_high(&ps[hi].colour, &ps[lo].colour, self.0.initial) {
            (hi, lo)
        } else {
            (lo, hi)
        }
    }

    fn pair_notes(&self, white: usize, black: usize) -> Vec<String> {
        let ps = &self.0.players;
        let mut notes = Vec::new();
        for (g, c) in [(white, Color::White), (black, Color::Black)] {
            if let Some(p) = ps[g].colour.preference {
                if p.color != c {
                    let article = match p.strength {
                        PreferenceStrength::Absolute => "A.7.a, B.2",
                        PreferenceStrength::Strong => "A.7.b, A.8",
                        PreferenceStrength::Mild => "A.7.c, A.8",
                    };
                    notes.push(format!(
                        "{} does not get his {:?} preference for {:?} ({article})",
                        ps[g].id, p.strength, p.color
                    ));
                }
            }
        }
        let (hi, lo) = (white.min(black), white.max(black));
        if ps[hi].score > ps[lo].score {
            let up = repeated_floats(Float::Up, ps[lo].float1, ps[lo].float2);
            notes.extend(up.into_iter().map(|n| format!("{} {n}", ps[lo].id)));
        }
        notes
    }

    fn floater_notes(&self, i: usize) -> Vec<String> {
        let p = &self.0.players[i];
        repeated_floats(Float::Down, p.float1, p.float2)
    }

    fn budget(&self, step: &Step) -> Option<String> {
        let players: Vec<usize> = step.mdps.iter().chain(&step.residents).copied().collect();
        let (x1, z1) = levels::budgets(self.0, &players, step.pairs.len());
        let ps = &self.0.players;
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
        if self.0.even {
            line.push_str(&format!(", Z1 = {z1} (A.8, even round)"));
        }
        Some(line)
    }
}
