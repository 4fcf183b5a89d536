//! Conformance of the Dutch engines with the reference pairings of the corpora
//! `testdata/conformance/dutch-2017.tar.gz` (1500 tournaments, 2017 rules) and
//! `testdata/conformance/dutch-2025.tar.gz` (1000 tournaments, 2026 rules; every round paired by
//! an independent FIDE-endorsed engine): every round of every tournament is re-paired from the
//! rounds before it and compared, pairs, colours and bye.
//!
//! The goal is zero discrepancies. Until it is reached, the count is held by a ratchet: the test
//! fails when the count rises above the figure recorded in
//! `testdata/conformance/<corpus>.max-discrepancies`, and asks for the figure to be lowered when
//! it falls below it.

mod support;

use rayon::prelude::*;
use swisslab_engine::model::Tournament;
use swisslab_engine::pairing::{Pairing, PairingError, Request};
use swisslab_engine::{checker, dutch, trf};

#[test]
fn dutch_2017_corpus_matches_the_reference_engine() {
    check_corpus("dutch-2017", 1500, &|h, r| {
        dutch::pair(h, r, &dutch::DutchOptions::default())
    });
}

#[test]
fn dutch_2025_corpus_matches_the_reference_engine() {
    check_corpus("dutch-2025", 1000, &dutch::edition_2026::pair);
}

/// Re-pairs every round of the corpus `corpus` (of `count` tournaments) with `pair` and holds
/// the number of discrepancies to the corpus's ratchet file.
fn check_corpus(
    corpus: &str,
    count: usize,
    pair: &(dyn Fn(&Tournament, &Request) -> Result<Pairing, PairingError> + Sync),
) {
    let files = support::corpus_trf(corpus);
    assert_eq!(files.len(), count, "the corpus has {count} tournaments");
    let results: Vec<(String, checker::CheckReport)> = files
        .par_iter()
        .map(|(name, bytes)| {
            let t = trf::read(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            let report = checker::check_tournament(&t, pair);
            (name.clone(), report)
        })
        .collect();
    let rounds: usize = results.iter().map(|(_, r)| r.rounds).sum();
    let mut discrepancies = 0;
    for (name, report) in &results {
        for d in &report.discrepancies {
            discrepancies += 1;
            eprint!("{name}: {d}");
        }
    }
    println!(
        "tournaments: {}, rounds: {rounds}, discrepancies: {discrepancies}",
        results.len()
    );
    let limit_path = support::testdata()
        .join("conformance")
        .join(format!("{corpus}.max-discrepancies"));
    let limit: usize = std::fs::read_to_string(&limit_path)
        .expect("ratchet file")
        .trim()
        .parse()
        .expect("a number");
    assert!(
        discrepancies <= limit,
        "{discrepancies} discrepancies, more than the {limit} recorded in {}",
        limit_path.display()
    );
    assert!(
        discrepancies == limit,
        "{discrepancies} discrepancies, fewer than the {limit} recorded: lower the figure in {}",
        limit_path.display()
    );
}
