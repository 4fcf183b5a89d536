//! Fuzz target `trf_parse`: arbitrary bytes into the TRF reader. It never panics; whatever it
//! accepts survives write → read unchanged (`swisslab_engine::fuzzing::trf_parse`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = swisslab_engine::fuzzing::trf_parse(data) {
        panic!("{v}");
    }
});
