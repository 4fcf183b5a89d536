//! Fuzz target `tournament`: structure-aware tournaments built with `arbitrary` (players,
//! ratings, byes, forfeits, withdrawals, late entries, acceleration, odd point systems), paired
//! round by round by the system drawn from the input (any of them, `draw_system`, or the one
//! `SWISSLAB_FUZZ_SYSTEM` names) and checked under that system's rules
//! (`swisslab_fuzz::tournament_check`): the absolute criteria, the simulator's invariants, and on
//! small fields the literal reference implementation of the candidate sequence (dutch-2017,
//! rating-1998, dutch-2012).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = swisslab_fuzz::tournament_check(data) {
        panic!("{v}");
    }
});
