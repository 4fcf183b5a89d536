//! Benchmark of `swisslab_engine::matching` on complete graphs with random weights.
//!
//! Run with `cargo bench -p swisslab-engine --bench matching [-- SIZES...]`; prints the median
//! of a few runs per size and weight type. Not a timed test: it asserts nothing about speed.

use std::time::{Duration, Instant};

use ethnum::I256;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng as Rng;
use swisslab_engine::matching::{Matcher, Weight};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Times `runs` solves of a complete graph on `n` vertices with weights from `gen`; returns the
/// median time and the number of matched pairs of the last run.
fn time<W: Weight>(
    n: usize,
    runs: usize,
    max_cardinality: bool,
    gen: impl Fn(&mut Rng) -> W,
) -> (Duration, usize) {
    let mut m = Matcher::<W>::new();
    let mut times = Vec::new();
    let mut pairs = 0;
    for r in 0..runs {
        let mut rng = Rng::seed_from_u64(n as u64 * 1000 + r as u64);
        let w: Vec<W> = (0..n * n).map(|_| gen(&mut rng)).collect();
        let start = Instant::now();
        let mate = m.solve_dense(n, |u, v| Some(w[u * n + v]), max_cardinality);
        times.push(start.elapsed());
        pairs = mate.iter().filter(|x| x.is_some()).count() / 2;
    }
    (median(times), pairs)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; under `cargo test --all-targets` only smoke-test.
    let benching = args.iter().any(|a| a == "--bench");
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if !benching {
        vec![20]
    } else if sizes.is_empty() {
        vec![100, 200, 500, 1000]
    } else {
        sizes
    };
    println!(
        "{:>6} {:>10} {:>6} {:>5} {:>12} {:>7}",
        "n", "weights", "maxcar", "runs", "median", "pairs"
    );
    for &n in &sizes {
        let runs = if !benching {
            1
        } else if n >= 1000 {
            3
        } else if n >= 500 {
            5
        } else {
            9
        };
        for mc in [false, true] {
            // i128: 100-bit random weights.
            let (t, p) = time::<i128>(n, runs, mc, |r| {
                ((r.next_u64() as i128) << 36) ^ (r.next_u64() >> 28) as i128
            });
            println!(
                "{n:>6} {:>10} {mc:>6} {runs:>5} {:>12.3?} {p:>7}",
                "i128/100b", t
            );
            // I256: 240-bit random weights with many ties in the low bits' priority levels.
            let (t, p) = time::<I256>(n, runs, mc, |r| {
                let hi = I256::new((r.next_u64() >> 4) as i128) << 180u32;
                let mid = I256::new(r.next_u64() as i128 & 0xff) << 100u32;
                hi + mid + I256::new(r.next_u64() as i128)
            });
            println!(
                "{n:>6} {:>10} {mc:>6} {runs:>5} {:>12.3?} {p:>7}",
                "I256/240b", t
            );
        }
    }
}
