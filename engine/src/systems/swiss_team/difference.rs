//! The account of a team round paired differently elsewhere (a peer engine; `check` once team
//! files are read): the first step of Article 3 or 4, by article, at which the other pairing
//! departs from the procedure, with the deciding values (theirs first, then swisslab's).
//!
//! - 3.4, 3.5 (C4-C7, the 3.5.4 order), 3.6 (C8, C9, C10, then the identifier): the account
//!   shared with the Double-Swiss text, [`crate::systems::common::brackets::difference`].
//! - 4.3: the same pairs with other colours, and the step that gave swisslab's.

use super::input::{RoundInput, TeamPairing};
use crate::pairing::Pairing;
use crate::systems::common::brackets::procedure::Outcome;
use crate::systems::common::brackets::{difference, Field};

/// The first difference between `theirs` and swisslab's outcome `ours` of the round `input`
/// (field `f`, teams `order`), or `None` when they pair alike, colours included.
pub(crate) fn first(
    input: &RoundInput,
    (f, order): (&Field, &[usize]),
    ours: &Outcome,
    theirs: &TeamPairing,
) -> Option<String> {
    let file = Pairing {
        games: theirs.pairs.clone(),
        bye: theirs.bye,
    };
    if let Some(why) = difference::first(f, ours, &file, "C10") {
        return Some(why);
    }
    for b in &ours.brackets {
        for &(x, y) in &b.pairs {
            let (w, _, rule) = super::colours(input, f, order, (x, y));
            let (a, c) = (f.units[x].id, f.units[y].id);
            let white = theirs
                .pairs
                .iter()
                .find(|&&(tw, tb)| (tw == a && tb == c) || (tw == c && tb == a))
                .map(|&(tw, _)| tw);
            if white.is_some_and(|tw| tw != w) {
                let hist = |i: usize| {
                    let u = &f.units[i];
                    let h: String = u.colours.iter().map(|c| c.letter()).collect();
                    let p = u.preference.map_or(String::new(), |(c, s)| {
                        format!(", prefers {} ({s:?})", c.letter())
                    });
                    format!("{} {h}{p}", u.id)
                };
                return Some(format!(
                    "Art. {}: {} against {}: file White {}, swisslab White {w}",
                    rule.article(),
                    hist(x),
                    hist(y),
                    white.unwrap_or(0)
                ));
            }
        }
    }
    None
}
