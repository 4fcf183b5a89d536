//! Fuzz target `trf_pair`: arbitrary bytes; when they are a valid TRF, the next round is paired
//! with the system `SWISSLAB_FUZZ_SYSTEM` names, else the one the file names, else the edition
//! in force, and checked against that system's absolute criteria, and a "no valid pairing"
//! answer on a small field against a brute-force search (`swisslab_fuzz::trf_pair`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = swisslab_fuzz::trf_pair(data) {
        panic!("{v}");
    }
});
