//! `check`'s account of a Double-Swiss match paired differently in a file: the first step of
//! Article 3 or 4, by article, at which the file departs from the procedure, with the deciding
//! values (file first, then swisslab).
//!
//! - 3.4, 3.5 (C4-C7, the 3.5.4 order), 3.6 (C8, then the identifier): the account shared with
//!   the Swiss Team text, [`crate::systems::common::brackets::difference`].
//! - 4.3: the same pairs with other colours, and the rule that gave swisslab's.

use super::view::Field;
use crate::pairing::Pairing;
use crate::systems::common::brackets::difference;
use crate::systems::common::brackets::procedure::Outcome;
use std::collections::HashMap;

/// The first difference between `file` and swisslab's outcome `ours` of field `f`.
pub(super) fn first(f: &Field, ours: &Outcome, file: &Pairing) -> String {
    if let Some(why) = difference::first(f, ours, file, "C8") {
        return why;
    }
    let index: HashMap<u32, usize> = f.units.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    colours(f, ours, &index, file)
}

/// 4.3: the same pairs, other colours: the first pair whose colours differ.
fn colours(f: &Field, ours: &Outcome, index: &HashMap<u32, usize>, file: &Pairing) -> String {
    for b in &ours.brackets {
        for &(x, y) in &b.pairs {
            let (w, _, rule) = super::colours(f, x, y);
            let (a, c) = (f.units[x].id, f.units[y].id);
            let file_white = file
                .games
                .iter()
                .find(|&&(fw, fb)| (fw == a && fb == c) || (fw == c && fb == a))
                .map(|&(fw, _)| fw);
            if let Some(fw) = file_white {
                if fw != w {
                    let hist = |id: u32| {
                        index
                            .get(&id)
                            .map(|&i| {
                                f.units[i]
                                    .colours
                                    .iter()
                                    .map(|c| c.letter())
                                    .collect::<String>()
                            })
                            .unwrap_or_default()
                    };
                    return format!(
                        "Art. {}: {a}-{c} (colours {} and {}): file White {fw}, swisslab White {w}",
                        rule.article(),
                        hist(a),
                        hist(c)
                    );
                }
            }
        }
    }
    "the same pairing".to_string()
}
