//! Benchmark of `swisslab_engine::tiebreak`: standings of the benchmark tournaments of
//! `testdata/bench` (100 to 1000 players, 11 rounds) with ten tie-breaks after points.
//!
//! Run with `cargo bench -p swisslab-engine --bench tiebreaks [-- LIST]`; prints the median and
//! the slowest of 21 runs per file (file reading excluded). Not a timed test: it asserts
//! nothing about speed.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use swisslab_engine::tiebreak::{self, Edition};
use swisslab_engine::trf;

/// Ten tie-breaks after points, one of every family.
const TEN: &str = "PTS BH/C1 BH FB SB ARO/C1 TPR PTP APRO DE PS";

fn main() {
    let list = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| TEN.to_string());
    let specs = match tiebreak::parse_list(&list) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/bench");
    println!("tie-breaks: {list}");
    for name in [
        "dutch2017-p0100-r11-s100.trf",
        "dutch2017-p0200-r11-s200.trf",
        "dutch2017-p0500-r11-s500.trf",
        "dutch2017-p1000-r11-s1000.trf",
    ] {
        let t = match trf::read_file(dir.join(name)) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(3);
            }
        };
        let mut times: Vec<Duration> = (0..21)
            .map(|_| {
                let start = Instant::now();
                let st = tiebreak::standings(&t, &specs, Edition::Fide2026);
                std::hint::black_box(&st);
                start.elapsed()
            })
            .collect();
        times.sort();
        println!(
            "{name}: {} players x {} rounds: median {:.2} ms, slowest {:.2} ms",
            t.players.len(),
            t.rounds_paired(),
            times[10].as_secs_f64() * 1e3,
            times[20].as_secs_f64() * 1e3
        );
    }
}
