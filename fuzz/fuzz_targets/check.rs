//! Fuzz target `check`: a TRF with a history through `swisslab check`'s code
//! (`checker::check_tournament` with the Dutch engine): never a panic, a clean discrepancy
//! report (`swisslab_engine::fuzzing::check_report`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = swisslab_engine::fuzzing::check_report(data) {
        panic!("{v}");
    }
});
