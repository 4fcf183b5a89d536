//! `pair --explain` under the Lim System: the procedure's account of the round, scoregroup by
//! scoregroup in the order of Art. 2.2, each step with its article.

use super::groups::{half_display, ByeRule, Side};
use super::trace::{Done, Origin};
use super::LimRound;
use std::fmt::Write as _;

/// The account of `done`, the procedure's record of round `r`.
pub(super) fn render(r: &LimRound, done: &Done) -> String {
    let id = |i: usize| r.players[i].id;
    let list = |v: &mut dyn Iterator<Item = usize>| -> String {
        let s: Vec<String> = v.map(|i| id(i).to_string()).collect();
        if s.is_empty() {
            "-".into()
        } else {
            s.join(" ")
        }
    };
    let mut s = String::new();
    let mut notes = Vec::new();
    if r.last_round {
        notes.push("the last round: Art. 6 lifts the colour limits from compatibility");
    }
    if r.maxi {
        notes.push("a Maxi-tournament (more players than 2^rounds): 3.2.3, 3.8 and 5.7 apply");
    }
    let _ = writeln!(
        s,
        "Lim System (C.04.4.3), round {}, {} players{}{}",
        r.round,
        r.players.len(),
        if notes.is_empty() { "" } else { "; " },
        notes.join("; ")
    );
    if let Some((b, rule)) = done.bye {
        let why = match rule {
            ByeRule::Rated => "Art. 7.1: the lowest rated player",
            ByeRule::Rank => "Art. 1.1: the lowest rank in the lowest scoregroup",
            ByeRule::Eligible => {
                "Art. 1.1: nobody of the lowest scoregroup may receive it (Basic Rules Art. 4); \
                 the lowest-ranked player who may"
            }
        };
        let _ = writeln!(
            s,
            "pairing-allocated bye: {} ({}, {why})",
            id(b),
            r.players[b].score
        );
    }
    let order: Vec<String> = done
        .steps
        .iter()
        .map(|st| format!("{} ({})", st.score, st.direction.word()))
        .collect();
    let _ = writeln!(
        s,
        "Art. 2.2: Median Scoregroup {}; order of pairing: {}",
        half_display(r.median_twice),
        order.join(", ")
    );
    for st in &done.steps {
        let kind = match st.side {
            Side::Above => "above the median",
            Side::Median => "the Median Scoregroup",
            Side::Below => "below the median",
        };
        let _ = writeln!(
            s,
            "scoregroup {} ({kind}, paired {}): {}",
            st.score,
            st.direction.word(),
            list(&mut st.residents.iter().copied())
        );
        if !st.incoming.is_empty() {
            let f: Vec<String> = st
                .incoming
                .iter()
                .map(|f| {
                    format!(
                        "{}{}",
                        id(f.player),
                        match f.origin {
                            Origin::Down => "↓",
                            Origin::Up => "↑",
                        }
                    )
                })
                .collect();
            let _ = writeln!(s, "  floaters received: {}", f.join(" "));
        }
        for (p, why) in &st.floats {
            let _ = writeln!(
                s,
                "  {} floats ({}, {}): {why}",
                id(*p),
                r.players[*p].score,
                {
                    let c: String = r.players[*p].colours.iter().map(|c| c.letter()).collect();
                    if c.is_empty() {
                        "no games".to_string()
                    } else {
                        c
                    }
                }
            );
        }
        for m in &st.pairs {
            let cracked = if st.cracked.contains(&(m.a, m.b)) {
                " [cracked by 2.6]"
            } else {
                ""
            };
            let _ = writeln!(s, "  {} - {}: {}{cracked}", id(m.a), id(m.b), m.how);
        }
    }
    for c in &done.cracks {
        let _ = writeln!(
            s,
            "Art. 2.6: the median was blocked ({} floaters from above, {} from below): cracked {} - {} ({} side)",
            c.from_above,
            c.from_below,
            id(c.a),
            id(c.b),
            if c.side == Side::Above { "higher" } else { "lower" }
        );
    }
    match &done.outcome {
        Ok(games) => {
            let _ = writeln!(s, "colours:");
            for g in games {
                let _ = writeln!(s, "  {} - {}: {}", id(g.white), id(g.black), g.rule);
            }
        }
        Err(e) => {
            let _ = writeln!(s, "the round cannot be paired: {e}");
        }
    }
    s
}
