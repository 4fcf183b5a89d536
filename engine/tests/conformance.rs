//! Conformance of the Dutch engine with the reference pairings of the corpus
//! `testdata/conformance/dutch-2017.tar.gz` (1500 tournaments, every round paired by an
//! independent FIDE-endorsed engine): every round of every tournament is re-paired from the
//! rounds before it and compared, pairs, colours and bye.
//!
//! The goal is zero discrepancies. Until it is reached, the count is held by a ratchet: the test
//! fails when the count rises above the figure recorded in
//! `testdata/conformance/dutch-2017.max-discrepancies`, and asks for the figure to be lowered when
//! it falls below it.

mod support;

use rayon::prelude::*;
use swisslab_engine::{checker, dutch, trf};

#[test]
fn dutch_2017_corpus_matches_the_reference_engine() {
    let files = support::corpus_trf("dutch-2017");
    assert_eq!(files.len(), 1500, "the corpus has 1500 tournaments");
    let results: Vec<(String, checker::CheckReport)> = files
        .par_iter()
        .map(|(name, bytes)| {
            let t = trf::read(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            let report = checker::check_tournament(&t, &|h, r| {
                dutch::pair(h, r, &dutch::DutchOptions::default())
            });
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
        .join("dutch-2017.max-discrepancies");
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
