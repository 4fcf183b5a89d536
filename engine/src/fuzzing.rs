//! The oracle shared by the fuzz targets (`fuzz/fuzz_targets/`) and the regression tests that
//! replay their crashes (`simulator/tests/fuzz_regressions.rs`).
//!
//! Each check takes the raw input of a target and returns `Err(Violation)` when a property the
//! issue asks for does not hold; a target panics with the violation (that is how libFuzzer
//! records a crash), a regression test asserts `Ok`. A panic inside the engine itself is a
//! crash as well: the regression tests simply run the check, so a panic fails them.
//!
//! - [`trf_parse`]: the reader accepts or rejects any bytes without panicking, a rejection
//!   formats as a message, and an accepted tournament survives write → read unchanged with every
//!   line ending (and the writer is idempotent), and as TRF-2026; a point system inferred from
//!   the points column reads back declared, with the same points.
//! - [`check_report`]: a TRF with a history goes through [`checker::check_tournament`] with the
//!   Dutch engine, as `swisslab check` does, and the report is clean: one entry per differing
//!   round, in order, each printing as an indented block.
//!
//! The pairing oracles (absolute criteria, the brute-force search on small fields, the
//! simulator's invariants, the comparison with the literal reference implementation of the B/D
//! candidate sequence, `System::pair_with_literal_oracle` under the `oracle` feature, and the
//! structure-aware tournament generator) live in `fuzz/src/lib.rs`, which the regression tests
//! include as a module; they use [`Limits`] from here so that a fuzz target and its replay
//! skip exactly the same inputs.

use crate::checker;
use crate::model::Tournament;
use crate::pairing::Pairing;
use crate::system::System;
use crate::trf::{self, Format, LineEnding, WriteOptions};
use std::fmt;

/// A property that does not hold for an input: the message says which and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Violation {}

/// Shorthand for building a [`Violation`] from a message.
pub fn violation(msg: impl Into<String>) -> Violation {
    Violation(msg.into())
}

/// Size limits under which the pairing targets do their work. Inputs above them are only read
/// (the reader is fuzzed without limits by `trf_parse`): the point is to spend the executions
/// on many small tournaments, and to keep each input far below libFuzzer's per-input timeout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most players the `trf_pair` target asks the engine to pair.
    pub pair_players: usize,
    /// Most players the `check` target re-pairs round by round.
    pub check_players: usize,
    /// Most rounds the `check` target re-pairs.
    pub check_rounds: usize,
    /// Largest field on which a "no valid pairing" answer is verified by brute force.
    pub brute_force_players: usize,
}

/// The limits every target and replay uses.
pub const LIMITS: Limits = Limits {
    pair_players: 48,
    check_players: 24,
    check_rounds: 10,
    brute_force_players: 12,
};

/// `trf_parse`: read `data`; when it is accepted, return the tournament after checking that it
/// round-trips through the writer with LF, CR and CRLF line endings.
pub fn trf_parse(data: &[u8]) -> Result<Option<Tournament>, Violation> {
    let t = match trf::read(data) {
        Ok(t) => t,
        Err(e) => {
            let msg = e.to_string();
            if msg.is_empty() {
                return Err(violation(format!("empty error message for {e:?}")));
            }
            return Ok(None);
        }
    };
    round_trip(&t)?;
    if trf::has_team_records(&t) {
        team_round_trip(data)?;
    }
    Ok(Some(t))
}

/// A team file (`310` or `013`): read as a team event, an error with a message, or an event
/// that survives `write_team` → `read_team` unchanged with each line ending and format.
pub fn team_round_trip(data: &[u8]) -> Result<(), Violation> {
    let ev = match trf::read_team(data) {
        Ok(ev) => ev,
        Err(e) if e.to_string().is_empty() => {
            return Err(violation(format!("empty error message for {e:?}")))
        }
        Err(_) => return Ok(()),
    };
    for ending in [LineEnding::Lf, LineEnding::Cr, LineEnding::CrLf] {
        for format in [trf::Format::Trf16, trf::Format::Trf26] {
            let opts = WriteOptions {
                line_ending: ending,
                format,
            };
            let text = trf::write_team(&ev, &opts);
            let back = trf::read_team_str(&text).map_err(|e| {
                violation(format!(
                    "the team writer's output ({ending:?}, {format:?}) is rejected: {e}\n--- written ---\n{text}"
                ))
            })?;
            let same = crate::team::TeamEvent {
                tournament: declared(&back.tournament),
                ..back.clone()
            } == crate::team::TeamEvent {
                tournament: declared(&ev.tournament),
                ..ev.clone()
            };
            if !same {
                return Err(violation(format!(
                    "team write ({ending:?}, {format:?}) then read changes the event\n--- written ---\n{text}"
                )));
            }
        }
    }
    Ok(())
}

/// Writes `t` with each line ending, reads it back and compares; then checks that writing the
/// tournament read back gives the same text (the writer's output is a fixed point); then the
/// same as TRF-2026.
pub fn round_trip(t: &Tournament) -> Result<(), Violation> {
    for ending in [LineEnding::Lf, LineEnding::Cr, LineEnding::CrLf] {
        let opts = WriteOptions {
            line_ending: ending,
            ..WriteOptions::default()
        };
        let text = trf::write_with(t, &opts);
        let back = trf::read_str(&text).map_err(|e| {
            violation(format!(
                "the writer's output ({ending:?}) is rejected: {e}\n--- written ---\n{text}"
            ))
        })?;
        if declared(&back) != declared(t) {
            return Err(violation(format!(
                "write ({ending:?}) then read changes the tournament\n--- written ---\n{text}\n\
                 --- before ---\n{t:#?}\n--- after ---\n{back:#?}"
            )));
        }
        let again = trf::write_with(&back, &opts);
        if again != text {
            return Err(violation(format!(
                "the writer is not idempotent ({ending:?})\n--- first ---\n{text}\n--- second ---\n{again}"
            )));
        }
    }
    round_trip_2026(t)
}

/// The tournament as a written file states it: the writer declares every non-standard point
/// system (`BB*` and `XXS`, `162`), so that any engine reading the file scores it the same, and
/// one inferred from the points column ([`Tournament::points_inferred`]) reads back as declared.
/// The flag says how the source file gave the point system, not what the tournament is.
fn declared(t: &Tournament) -> Tournament {
    Tournament {
        points_inferred: false,
        ..t.clone()
    }
}

/// TRF-2026: reading the output gives the same tournament, except that `250` merges a player's
/// acceleration entries into one (compared round by round); the output is a fixed point.
fn round_trip_2026(t: &Tournament) -> Result<(), Violation> {
    let opts = WriteOptions {
        format: Format::Trf26,
        ..WriteOptions::default()
    };
    let text = trf::write_with(t, &opts);
    let back = trf::read_str(&text).map_err(|e| {
        violation(format!(
            "the TRF-2026 output is rejected: {e}\n--- written ---\n{text}"
        ))
    })?;
    let rounds = |x: &Tournament| x.acceleration.iter().map(|a| a.1.len()).max().unwrap_or(0);
    let max = rounds(t).max(rounds(&back));
    let same_acceleration = t
        .players
        .iter()
        .all(|p| (1..=max).all(|r| t.acceleration_for(p.id, r) == back.acceleration_for(p.id, r)));
    let without = |x: &Tournament| Tournament {
        acceleration: Vec::new(),
        ..declared(x)
    };
    if !same_acceleration || without(t) != without(&back) {
        return Err(violation(format!(
            "TRF-2026 write then read changes the tournament\n--- written ---\n{text}\n\
             --- before ---\n{t:#?}\n--- after ---\n{back:#?}"
        )));
    }
    let again = trf::write_with(&back, &opts);
    if again != text {
        return Err(violation(format!(
            "the TRF-2026 writer is not idempotent\n--- first ---\n{text}\n--- second ---\n{again}"
        )));
    }
    Ok(())
}

/// `check`: read `data`; when it is a tournament within [`LIMITS`], re-pair every round with
/// the Dutch engine through [`checker::check_tournament`] and check that the report is clean.
/// Returns the number of rounds checked (0 when the input was skipped).
pub fn check_report(data: &[u8]) -> Result<usize, Violation> {
    let Ok(mut t) = trf::read(data) else {
        return Ok(0);
    };
    let rounds = t.rounds_paired();
    if t.players.len() > LIMITS.check_players || rounds > LIMITS.check_rounds {
        return Ok(0);
    }
    // A file naming a system swisslab does not pair, or a Baku acceleration its point system
    // or length does not allow, is refused with an error, not checked.
    let Ok(system) = System::resolve(None, &t) else {
        return Ok(0);
    };
    if crate::acceleration::apply(&mut t, None, system.columns_per_round()).is_err() {
        return Ok(0);
    }
    let report = checker::check(&t, system);
    if report.rounds != rounds {
        return Err(violation(format!(
            "the report counts {} rounds, the file has {rounds}",
            report.rounds
        )));
    }
    let mut last = 0;
    for d in &report.discrepancies {
        if d.round <= last || d.round > rounds {
            return Err(violation(format!(
                "discrepancy for round {} after round {last} (of {rounds})",
                d.round
            )));
        }
        last = d.round;
        let expected = Pairing::from_round(&t, d.round);
        if d.expected != expected {
            return Err(violation(format!(
                "round {}: the report's expected pairing {:?} is not the file's {:?}",
                d.round, d.expected, expected
            )));
        }
        if let Ok(p) = &d.produced {
            if p.game_set() == expected.game_set() && p.bye == expected.bye {
                return Err(violation(format!(
                    "round {}: reported as a discrepancy but the pairings agree",
                    d.round
                )));
            }
        }
        let text = d.to_string();
        let head = format!("round {}:", d.round);
        let mut lines = text.lines();
        if lines.next() != Some(head.as_str()) {
            return Err(violation(format!(
                "discrepancy does not start with {head:?}: {text:?}"
            )));
        }
        let body: Vec<&str> = lines.collect();
        if body.is_empty()
            || body
                .iter()
                .any(|l| !l.starts_with("  ") || l.trim().is_empty())
        {
            return Err(violation(format!(
                "badly formed discrepancy block: {text:?}"
            )));
        }
        if !text.ends_with('\n') {
            return Err(violation(format!(
                "discrepancy block without final newline: {text:?}"
            )));
        }
    }
    Ok(rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_round_trips_and_checks() {
        let bytes = include_bytes!("../../testdata/sample.trf");
        assert!(trf_parse(bytes).unwrap().is_some());
        assert_eq!(check_report(bytes), Ok(3));
    }

    #[test]
    fn garbage_is_rejected_cleanly() {
        assert_eq!(trf_parse(b"001 \xff\xfe garbage"), Ok(None));
        assert_eq!(check_report(b"\x00\x01"), Ok(0));
    }
}
