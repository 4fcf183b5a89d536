//! Shared test support: the conformance corpora packed in `testdata/conformance/*.tar.gz`
//! (see `scripts/pack-corpus.sh`) and the small files under `testdata/`.

#![allow(dead_code)]

use std::io::Read;
use std::path::PathBuf;

/// The repository's `testdata` folder.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
}

/// Every regular file of the corpus archive `testdata/conformance/<name>.tar.gz`, as
/// (path inside the archive, contents), in archive order (sorted by name).
pub fn corpus(name: &str) -> Vec<(String, Vec<u8>)> {
    let path = testdata()
        .join("conformance")
        .join(format!("{name}.tar.gz"));
    let file = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run scripts/pack-corpus.sh)", path.display()));
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut out = Vec::new();
    for entry in archive.entries().expect("readable archive") {
        let mut entry = entry.expect("readable entry");
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path().expect("entry path").display().to_string();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("entry contents");
        out.push((name, bytes));
    }
    out
}

/// Only the TRF files of a corpus.
pub fn corpus_trf(name: &str) -> Vec<(String, Vec<u8>)> {
    corpus(name)
        .into_iter()
        .filter(|(p, _)| p.ends_with(".trf"))
        .collect()
}

/// Re-pairs every round of every tournament of the packed corpus `name` with `pair`, prints
/// each discrepancy on stderr and the totals on stdout, and returns the number of discrepancies.
pub fn check_corpus(
    name: &str,
    expected_files: usize,
    pair: &(dyn Fn(
        &swisslab_engine::Tournament,
        &swisslab_engine::pairing::Request,
    )
        -> Result<swisslab_engine::pairing::Pairing, swisslab_engine::pairing::PairingError>
          + Sync),
) -> usize {
    use rayon::prelude::*;
    use swisslab_engine::{checker, trf};
    let files = corpus_trf(name);
    assert_eq!(files.len(), expected_files, "the corpus {name}");
    let results: Vec<(String, checker::CheckReport)> = files
        .par_iter()
        .map(|(file, bytes)| {
            let t = trf::read(bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
            (file.clone(), checker::check_tournament(&t, pair))
        })
        .collect();
    let rounds: usize = results.iter().map(|(_, r)| r.rounds).sum();
    let mut discrepancies = 0;
    for (file, report) in &results {
        for d in &report.discrepancies {
            discrepancies += 1;
            eprint!("{file}: {d}");
        }
    }
    println!(
        "tournaments: {}, rounds: {rounds}, discrepancies: {discrepancies}",
        results.len()
    );
    discrepancies
}

/// The ratchet: `discrepancies` must equal the figure in
/// `testdata/conformance/<name>.max-discrepancies` (more fails; fewer asks to lower it).
pub fn check_ratchet(name: &str, discrepancies: usize) {
    let limit_path = testdata()
        .join("conformance")
        .join(format!("{name}.max-discrepancies"));
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
