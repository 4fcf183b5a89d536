//! Checks TRF files against the Dutch 2012 engine, one by one, with the time per file:
//! `cargo run --release -p swisslab-engine --example check2012 -- FILE...`.
//! (A development aid until `swisslab check --system dutch-2012` exists.)

use std::time::Instant;
use swisslab_engine::{checker, dutch2012, trf};

fn main() {
    let (mut rounds, mut bad) = (0, 0);
    let files: Vec<String> = std::env::args().skip(1).collect();
    for f in &files {
        let t = match trf::read_file(f) {
            Ok(t) => t,
            Err(e) => {
                println!("{e}");
                continue;
            }
        };
        let start = Instant::now();
        let report = checker::check_tournament(&t, &|h, r| dutch2012::pair(h, r));
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        rounds += report.rounds;
        bad += report.discrepancies.len();
        for d in &report.discrepancies {
            print!("{f}: {d}");
        }
        if ms > 200.0 {
            println!("{f}: slow, {ms:.0} ms");
        }
    }
    println!(
        "tournaments: {}, rounds: {rounds}, discrepancies: {bad}",
        files.len()
    );
}
