//! A small deterministic fuzzer without dependencies: corpus files with random byte edits.
//! The reader must never panic, and whatever it accepts must survive read → write → read, as
//! TRF-16 and as TRF-2026.

mod support;

use support::Rng;
use swisslab_engine::{fuzzing, trf};

const ALPHABET: &[u8] = b" 0123456789.-+=wbWBDLHFUZXx\r\n\t0\xff\xc3\xa9";

#[test]
fn mutated_corpus_files_never_panic_and_round_trip() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut files = support::corpus_trf("dutch-2025");
    files.extend(support::corpus_trf("dutch-2017").into_iter().step_by(7));
    let (mut accepted, mut rejected) = (0, 0);
    for (path, bytes) in files.iter().step_by(3) {
        for _ in 0..40 {
            let mut b = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                let pos = rng.below(b.len());
                let ch = ALPHABET[rng.below(ALPHABET.len())];
                match rng.below(5) {
                    0 => b.insert(pos, ch),
                    1 if !b.is_empty() => {
                        b.remove(pos);
                    }
                    2 => b.truncate(pos),
                    _ if pos < b.len() => b[pos] = ch,
                    _ => b.push(ch),
                }
            }
            match trf::read(&b) {
                Ok(t) => {
                    accepted += 1;
                    // TRF-16 with every line ending, and TRF-2026 (the fuzz targets' oracle).
                    if let Err(v) = fuzzing::round_trip(&t) {
                        panic!("{path}: mutated file round trip: {v}");
                    }
                }
                Err(e) => {
                    rejected += 1;
                    use trf::ErrorKind::{Empty, NoPlayers, TooLarge};
                    assert!(
                        e.line > 0 || matches!(e.kind, TooLarge | Empty | NoPlayers),
                        "{e}"
                    );
                }
            }
        }
    }
    eprintln!("mutations: {accepted} accepted, {rejected} rejected");
    assert!(accepted > 0 && rejected > 0);
}
