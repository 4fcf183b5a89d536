//! Fuzz target `tournament`: structure-aware tournaments built with `arbitrary` (players,
//! ratings, byes, forfeits, withdrawals, late entries, acceleration, odd point systems), paired
//! round by round by the system drawn from the input (`dutch-2017` or `dutch-2026`, or the one
//! `SWISSLAB_FUZZ_SYSTEM` names) and checked under that edition's rules
//! (`swisslab_fuzz::tournament_check`): the absolute criteria, the simulator's invariants, and on
//! small fields the literal reference implementation of the B/D candidate sequence (2017).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = swisslab_fuzz::tournament_check(data) {
        panic!("{v}");
    }
});
