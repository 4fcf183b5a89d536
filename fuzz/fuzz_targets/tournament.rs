//! Fuzz target `tournament`: structure-aware tournaments built with `arbitrary` (players,
//! ratings, byes, forfeits, withdrawals, late entries, acceleration, odd point systems), paired
//! round by round by the system drawn from the input (any of them, `draw_system`, or the one
//! `SWISSLAB_FUZZ_SYSTEM` names) and checked under that system's rules
//! (`swisslab_fuzz::tournament_check`): the absolute criteria, the simulator's invariants, and on
//! small fields the literal reference implementation of the candidate sequence (dutch-2017,
//! rating-1998, dutch-2012).
//!
//! An input that starts with `TEAM` is a team event instead
//! (`swisslab_simulator::team::fuzz::check`): teams, boards, rounds, absence and forfeit rates
//! and the seed read from the bytes after it, every round paired by the Swiss Team system and
//! checked by the simulator's team invariants, the team TRF written and read back alike.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.starts_with(swisslab_simulator::team::fuzz::MAGIC) {
        if let Err(v) = swisslab_simulator::team::fuzz::check(data) {
            panic!("{v}");
        }
        return;
    }
    if let Err(v) = swisslab_fuzz::tournament_check(data) {
        panic!("{v}");
    }
});
