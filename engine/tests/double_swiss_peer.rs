//! The Double-Swiss System (C.04.5, 2026) against the peer corpus
//! `double-swiss-2026-pairingcore` (packed in `testdata/conformance/` by
//! `scripts/pack-corpus.sh`): 200 tournaments, 1,534 matches of two games, paired match by match
//! by pairing-core 0.4.1 (ruleset `double-2026`), a third-party implementation that is not an
//! oracle. Every match is re-paired from the matches before it and compared (game 1's pairs,
//! colours and PAB; game 2 must be game 1 reversed).
//!
//! - swisslab pairs every match (it refuses none, the 384 that pairing-core refused included).
//! - The matches the manifest flags as pairing-core's failures (`pc_failed_rounds`: it refused
//!   them and the generator paired them; `suspect_rounds`) are left out of the figures.
//! - Every other differing match is adjudicated by the article `check` names as its first
//!   difference (`docs/systems/double-swiss-adjudications.md`, grouped by cause): pairing-core's
//!   departures from the text (C5 compared from the highest score, C6 pass/fail, 4.3.3 match by
//!   match, C8 counting a pair of two upfloaters once). A match whose first difference is none of
//!   these is unexplained; the unexplained matches are at most 5% of the unflagged ones, and
//!   their number is held by a ratchet
//!   (`testdata/conformance/double-swiss-2026-pairingcore.max-discrepancies`).
//!
//! `DOUBLE_SWISS_ADJUDICATIONS=FILE` writes the tables of every unflagged differing match, by
//! cause, to FILE. `DOUBLE_SWISS_PEER_CORPUS=DIR` reads another corpus of the same kind (a folder
//! with its `manifest.csv` and TRF files) instead of the packed one: the same causes and the same
//! 5% bound apply, the packed corpus's counts and ratchet do not.

mod support;

use std::collections::{HashMap, HashSet};
use swisslab_engine::{checker, System};

const CORPUS: &str = "double-swiss-2026-pairingcore";

/// The matches (1-based) the manifest flags as not pairing-core's, by file, read by column name.
fn flagged(files: &[(String, Vec<u8>)]) -> HashSet<(String, usize)> {
    let manifest = files
        .iter()
        .find(|(p, _)| p.ends_with("manifest.csv"))
        .expect("the corpus has its manifest");
    let text = String::from_utf8(manifest.1.clone()).expect("UTF-8 manifest");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let col = |name: &str| header.iter().position(|&h| h == name);
    let file_col = col("file").expect("a file column");
    let flag_cols: Vec<usize> = ["pc_failed_rounds", "suspect_rounds"]
        .iter()
        .filter_map(|n| col(n))
        .collect();
    let mut out = HashSet::new();
    for line in lines {
        let cols: Vec<&str> = line.split(',').collect();
        for &c in &flag_cols {
            for item in cols.get(c).copied().unwrap_or_default().split_whitespace() {
                let m = item.split(':').next().and_then(|m| m.parse().ok());
                out.insert((cols[file_col].to_string(), m.expect("match:reason")));
            }
        }
    }
    out
}

/// The cause a first difference (`check`'s answer, `Art. …: …`) is adjudicated under in
/// docs/systems/double-swiss-adjudications.md, or `None` when it is unexplained.
fn cause(why: &str) -> Option<&'static str> {
    let art = why.split(':').next().unwrap_or_default();
    Some(match art {
        "Art. C5" => "C5: the upfloaters' scores compared from the highest",
        "Art. C6" => "C6: pass/fail, without C4 in the following scoregroup's bracket",
        "Art. C8" => "C8: a pair of two upfloaters counted once",
        a if a.starts_with("Art. 4.3.3") || a.starts_with("Art. 4.3.4") => {
            "4.3.3: the histories compared match by match, not played matches aligned at the end"
        }
        _ => return None,
    })
}

#[test]
fn double_swiss_against_pairing_core() {
    let (all, packed) = support::corpus_or_folder(CORPUS, "DOUBLE_SWISS_PEER_CORPUS");
    let flags = flagged(&all);
    let results = support::peer::check_all(&all, System::DoubleSwiss);
    if packed {
        assert_eq!(results.len(), 200);
        assert_eq!(flags.len(), 384, "pairing-core refused 384 matches");
    }
    let matches: usize = results.iter().map(|(_, r)| r.rounds / 2).sum();
    if packed {
        assert_eq!(matches, 1534);
    }
    let mut tally = support::peer::Tally::default();
    for (name, report) in &results {
        let file = name.trim_start_matches(&format!("{CORPUS}/")).to_string();
        // Game 1's discrepancy by match; game 2 must always be game 1 reversed.
        let mut differing: HashMap<usize, &checker::Discrepancy> = HashMap::new();
        for d in &report.discrepancies {
            assert!(d.round % 2 == 1, "{name} column {}: {:?}", d.round, d.why);
            differing.insert(d.round.div_ceil(2), d);
        }
        for m in 1..=report.rounds / 2 {
            let d = differing.get(&m).copied();
            // Articles 1-4 pair every match of the corpus: nothing is refused.
            if let Some(Err(e)) = d.map(|d| &d.produced) {
                panic!("{name} match {m}: refused: {e}");
            }
            let flagged = flags.contains(&(file.clone(), m));
            tally.count((&file, m), flagged, d, cause);
        }
    }
    tally.finish(
        CORPUS,
        matches,
        ("match", "matches"),
        "DOUBLE_SWISS_ADJUDICATIONS",
        packed,
    );
}
