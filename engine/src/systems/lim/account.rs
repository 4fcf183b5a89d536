//! `pair --explain` under the Lim System: what its readable articles (1.1-2.3) decide of the
//! round, scoregroup by scoregroup in the order of Art. 2.2, and the step where the readable
//! text ends.

use super::groups::Direction;
use super::walk::Walk;
use super::LimRound;
use std::fmt::Write as _;

/// The account of `w`, the walk of round `r`.
pub(super) fn render(r: &LimRound, w: &Walk) -> String {
    let id = |i: usize| r.players[i].id;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Lim System (C.04.4.3), round {}, {} players: what its readable text (Art. 1.1-2.3) \
         decides",
        r.round,
        r.players.len()
    );
    if let Some(b) = w.bye {
        let _ = writeln!(
            s,
            "Art. 1.1: the pairing-allocated bye goes to {} (lowest rank of the lowest \
             scoregroup, {})",
            id(b),
            r.players[b].score
        );
    }
    let half = super::groups::half_display(r.median_twice);
    let median = if w
        .order
        .iter()
        .any(|&(sc, _)| 2 * i64::from(sc.0) == r.median_twice)
    {
        half
    } else {
        format!("{half} (no player has that score)")
    };
    let order: Vec<String> = w
        .order
        .iter()
        .map(|&(sc, d)| format!("{sc} {}", arrow(d)))
        .collect();
    let _ = writeln!(
        s,
        "Art. 2.2: Median Scoregroup {median}; order of pairing: {}",
        order.join(", ")
    );
    for step in &w.steps {
        let list = |v: &mut dyn Iterator<Item = usize>| {
            v.map(|i| id(i).to_string()).collect::<Vec<_>>().join(" ")
        };
        let _ = writeln!(
            s,
            "scoregroup {} (paired {}): {}",
            step.score,
            match step.direction {
                Direction::Downward => "downward",
                Direction::Upward => "upward",
            },
            list(&mut step.residents.iter().copied())
        );
        if !step.incoming.is_empty() {
            let _ = writeln!(
                s,
                "  floaters received: {}",
                list(&mut step.incoming.iter().copied())
            );
        }
        for &(i, why) in &step.transfers {
            let to = step
                .to
                .map_or(String::new(), |t| format!(" to scoregroup {t}"));
            let _ = writeln!(s, "  {} transferred{to} ({why})", id(i));
        }
    }
    match &w.refused {
        Some(why) => {
            let _ = writeln!(s, "not decided by the readable text: {why}");
        }
        None => {
            let _ = writeln!(s, "the round is decided entirely by Art. 1.1-2.3");
        }
    }
    s
}

fn arrow(d: Direction) -> &'static str {
    match d {
        Direction::Downward => "(down)",
        Direction::Upward => "(up)",
    }
}
