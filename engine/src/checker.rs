//! Re-pairing every round of a tournament from the history before it, and comparing with what
//! the file says (the conformance check of `swisslab check`).
//!
//! For round k the engine sees rounds 1 .. k-1 and the players who were paired in round k
//! (those with a game, a forfeit or the pairing-allocated bye; `H`/`Z`/`F` entries are
//! absences). The comparison is on the set of games with their colours and on the bye; board
//! order is not compared (see the conformance corpus README).

use crate::model::{PlayerId, Tournament};
use crate::pairing::{Diagnostics, Pairing, PairingError, Request};
use crate::system::System;
use std::cell::Cell;
use std::fmt;

/// One round whose re-pairing differs from the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discrepancy {
    pub round: usize,
    /// The pairing in the file.
    pub expected: Pairing,
    /// What the engine produced, or why it could not pair.
    pub produced: Result<Pairing, PairingError>,
    /// The first criterion, by article, on which the two differ (`check` with a system).
    pub why: Option<String>,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "round {}:", self.round)?;
        match &self.produced {
            Ok(p) => {
                let exp = self.expected.game_set();
                let got = p.game_set();
                let only_exp: Vec<_> = exp.difference(&got).collect();
                let only_got: Vec<_> = got.difference(&exp).collect();
                writeln!(f, "  expected only: {}", fmt_games(&only_exp))?;
                writeln!(f, "  produced only: {}", fmt_games(&only_got))?;
                if self.expected.bye != p.bye {
                    writeln!(
                        f,
                        "  bye: expected {}, produced {}",
                        fmt_bye(self.expected.bye),
                        fmt_bye(p.bye)
                    )?;
                }
            }
            Err(e) => writeln!(f, "  engine error: {e}")?,
        }
        if let Some(w) = &self.why {
            writeln!(f, "  first difference: {w}")?;
        }
        Ok(())
    }
}

fn fmt_games(g: &[&(PlayerId, PlayerId)]) -> String {
    if g.is_empty() {
        return "-".into();
    }
    g.iter()
        .map(|(w, b)| format!("{w}-{b}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fmt_bye(b: Option<PlayerId>) -> String {
    b.map_or("none".into(), |b| b.to_string())
}

/// The outcome of checking one tournament.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    pub rounds: usize,
    pub discrepancies: Vec<Discrepancy>,
    /// What the engine reported besides its pairings, summed over the rounds (`check` with a
    /// system).
    pub diagnostics: Diagnostics,
}

/// Re-pairs every round of `t` with `system` and compares.
pub fn check(t: &Tournament, system: System) -> CheckReport {
    let diagnostics = Cell::new(Diagnostics::default());
    let mut report = check_tournament(t, &|h, r| {
        system.pair_diagnosed(h, r).map(|d| {
            let mut sum = diagnostics.get();
            sum.add(d.diagnostics);
            diagnostics.set(sum);
            d.pairing
        })
    });
    report.diagnostics = diagnostics.get();
    for d in &mut report.discrepancies {
        if let Ok(ours) = &d.produced {
            let (history, req) = round_state(t, d.round);
            d.why = system.first_difference(&history, &req, &d.expected, ours);
        }
    }
    report
}

/// The tournament as it stood before round `round` (the initial colour kept), and the request
/// for that round with the players the file pairs in it.
fn round_state(t: &Tournament, round: usize) -> (Tournament, Request) {
    let req = Request::replay(t, round);
    let mut history = t.truncated(round - 1);
    // The initial colour is part of the tournament, not of the rounds: infer it from the
    // whole file when it is not declared.
    history.initial_color = Some(crate::systems::common::colour::initial_colour(t, None));
    (history, req)
}

/// Re-pairs every round of `t` with `pair` (any engine) and compares.
pub fn check_tournament(
    t: &Tournament,
    pair: &dyn Fn(&Tournament, &Request) -> Result<Pairing, PairingError>,
) -> CheckReport {
    let rounds = t.rounds_paired();
    let mut report = CheckReport {
        rounds,
        discrepancies: Vec::new(),
        diagnostics: Diagnostics::default(),
    };
    for round in 1..=rounds {
        let (history, req) = round_state(t, round);
        let expected = Pairing::from_round(t, round);
        let produced = pair(&history, &req);
        let same = match &produced {
            Ok(p) => p.game_set() == expected.game_set() && p.bye == expected.bye,
            Err(_) => false,
        };
        if !same {
            report.discrepancies.push(Discrepancy {
                round,
                expected,
                produced,
                why: None,
            });
        }
    }
    report
}
