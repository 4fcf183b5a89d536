//! `pair --explain` under the 1998 rating-based rules: the brackets top down as the engine
//! kept them (`Round98::trace`), each with its moved-down players and residents, whether C.12
//! or C.13 chose its pairing, the colour budget x of A.8 / B.4 and how many pairs use it, the
//! pairs with their colours (E.1-E.5) and the criteria they do not meet (A.7 preferences not
//! granted, B.5 / B.6 repeated floats), the players moved down and the bye.

use super::bracket::{x_of, Out};
use super::{pair_round, prepare, search, white_for_high, Round98};
use crate::bracket_trace::{render, repeated_floats, Explainer, Step};
use crate::history::Float;
use crate::model::{Color, Tournament};
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
        Err(e) => return format!("Rating-based 1998: {e}\n"),
    };
    match pair_round(&r, search::solve) {
        Ok((_, bye)) => render(
            "Rating-based 1998",
            req.round,
            r.players.len(),
            &r.trace.steps(),
            bye,
            &Account(&r),
        ),
        Err(e) => format!(
            "Rating-based 1998: {e}\n{} games, bye: {}\n",
            p.games.len(),
            p.bye.map_or("none".into(), |b| b.to_string())
        ),
    }
}

struct Account<'a>(&'a Round98);

impl Explainer for Account<'_> {
    fn name(&self, i: usize) -> String {
        let p = &self.0.players[i];
        format!("{} ({})", p.id, p.score)
    }

    fn colours(&self, a: usize, b: usize) -> (usize, usize) {
        let (hi, lo) = (a.min(b), a.max(b));
        if white_for_high(self.0, hi, lo) {
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
                    notes.push(format!(
                        "{} does not get his {:?} preference for {:?} (A.7, B.4)",
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
        let x = x_of(self.0, &players);
        let unmet = step
            .pairs
            .iter()
            .filter(|&&(a, b)| self.0.colour_bad(a, b))
            .count();
        Some(format!(
            "colour budget x = {x} (A.8, B.4): {unmet} pair{} of players preferring the same colour",
            if unmet == 1 { "" } else { "s" }
        ))
    }
}
