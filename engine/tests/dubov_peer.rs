//! The Dubov system, 2026 edition, against the peer corpus `dubov-2026-py4swiss` (packed in
//! `testdata/conformance/` by `scripts/pack-corpus.sh`): 300 tournaments paired round by round
//! by py4swiss 0.3.1, a third-party implementation that is not an oracle. Every round is
//! re-paired from the rounds before it and compared.
//!
//! - The rounds the corpus's manifest flags (`suspect_rounds`: py4swiss gives the bye against
//!   Art. 3.1.4) must differ, with our bye going to the player the rule names.
//! - The other disagreeing rounds are adjudicated one by one in
//!   `docs/systems/dubov-2026-adjudications.md`; their number is held by a ratchet
//!   (`testdata/conformance/dubov-2026-py4swiss.max-discrepancies`).

mod support;

use rayon::prelude::*;
use std::collections::HashMap;
use swisslab_engine::{checker, trf, System};

const CORPUS: &str = "dubov-2026-py4swiss";

/// (file, round) -> the player Art. 3.1.4 gives the bye to, from the manifest's
/// `suspect_rounds` (`5:PAB-3.1.4(rule:9,p4s:10)`).
fn suspect_rounds() -> HashMap<(String, usize), u32> {
    let manifest = support::corpus(CORPUS)
        .into_iter()
        .find(|(p, _)| p.ends_with("manifest.csv"))
        .expect("the manifest is packed");
    let text = String::from_utf8(manifest.1).expect("UTF-8 manifest");
    let mut out = HashMap::new();
    for line in text.lines().skip(1) {
        let file = line.split(',').next().unwrap_or_default().to_string();
        let Some(last) = line.rsplit(",\"").next().filter(|_| line.ends_with('"')) else {
            continue;
        };
        for item in last.trim_end_matches('"').split_whitespace() {
            let round: usize = item
                .split(':')
                .next()
                .and_then(|r| r.parse().ok())
                .expect("round");
            let rule: u32 = item
                .split("rule:")
                .nth(1)
                .and_then(|s| s.split(',').next())
                .and_then(|s| s.parse().ok())
                .expect("rule player");
            out.insert((file.clone(), round), rule);
        }
    }
    out
}

#[test]
fn dubov_2026_agrees_with_the_peer_outside_its_flagged_rounds() {
    let files = support::corpus_trf(CORPUS);
    assert_eq!(files.len(), 300);
    let suspect = suspect_rounds();
    assert_eq!(suspect.len(), 41, "the manifest flags 41 rounds");
    let results: Vec<(String, checker::CheckReport)> = files
        .par_iter()
        .map(|(name, bytes)| {
            let t = trf::read(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name.clone(), checker::check(&t, System::Dubov2026))
        })
        .collect();
    let rounds: usize = results.iter().map(|(_, r)| r.rounds).sum();
    assert_eq!(rounds, 2031);
    let mut flagged = 0;
    let mut other = 0;
    for (name, report) in &results {
        let file = name.trim_start_matches(&format!("{CORPUS}/")).to_string();
        for d in &report.discrepancies {
            let ours = d
                .produced
                .as_ref()
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            if let Some(&rule) = suspect.get(&(file.clone(), d.round)) {
                flagged += 1;
                assert_eq!(ours.bye, Some(rule), "{name} round {}: Art. 3.1.4", d.round);
            } else {
                other += 1;
                eprint!("{name}: {d}");
            }
        }
    }
    println!("{CORPUS}: rounds {rounds}, flagged rounds differing {flagged}, others {other}");
    assert_eq!(flagged, suspect.len(), "every flagged round differs");
    support::ratchet(CORPUS, other);
}
