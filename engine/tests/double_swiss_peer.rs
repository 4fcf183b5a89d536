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

use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap, HashSet};
use swisslab_engine::{checker, trf, System};

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
    let files: Vec<&(String, Vec<u8>)> = all.iter().filter(|(p, _)| p.ends_with(".trf")).collect();
    if packed {
        assert_eq!(files.len(), 200);
        assert_eq!(flags.len(), 384, "pairing-core refused 384 matches");
    }
    let results: Vec<(String, checker::CheckReport)> = files
        .par_iter()
        .map(|(name, bytes)| {
            let t = trf::read(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name.clone(), checker::check(&t, System::DoubleSwiss))
        })
        .collect();
    let matches: usize = results.iter().map(|(_, r)| r.rounds / 2).sum();
    if packed {
        assert_eq!(matches, 1534);
    }
    let (mut flagged_n, mut unflagged, mut agree) = (0, 0, 0);
    let mut by_cause: BTreeMap<&str, Vec<(String, usize, String)>> = BTreeMap::new();
    let mut unexplained: Vec<(String, usize, String)> = Vec::new();
    for (name, report) in &results {
        let file = name.trim_start_matches(&format!("{CORPUS}/")).to_string();
        // Game 1's discrepancy by match; game 2 must always be game 1 reversed.
        let mut differing: HashMap<usize, &checker::Discrepancy> = HashMap::new();
        for d in &report.discrepancies {
            assert!(d.round % 2 == 1, "{name} column {}: {:?}", d.round, d.why);
            differing.insert(d.round.div_ceil(2), d);
        }
        for m in 1..=report.rounds / 2 {
            let d = differing.get(&m);
            // Articles 1-4 pair every match of the corpus: nothing is refused.
            if let Some(d) = d {
                if let Err(e) = &d.produced {
                    panic!("{name} match {m}: refused: {e}");
                }
            }
            if flags.contains(&(file.clone(), m)) {
                flagged_n += 1;
                continue;
            }
            unflagged += 1;
            let Some(d) = d else {
                agree += 1;
                continue;
            };
            let why = d.why.clone().unwrap_or_default();
            match cause(&why) {
                Some(c) => by_cause.entry(c).or_default().push((file.clone(), m, why)),
                None => unexplained.push((file.clone(), m, why)),
            }
        }
    }
    let adjudicated: usize = by_cause.values().map(Vec::len).sum();
    println!(
        "{CORPUS}: {matches} matches, {flagged_n} flagged; of the {unflagged} others {agree} \
         agree, {adjudicated} are adjudicated, {} unexplained",
        unexplained.len()
    );
    for (c, v) in &by_cause {
        println!("  {:>4}  {c}", v.len());
    }
    for (f, m, why) in &unexplained {
        println!("  unexplained: {f} match {m}: {why}");
    }
    if let Ok(path) = std::env::var("DOUBLE_SWISS_ADJUDICATIONS") {
        support::write_tables(&path, ("match", "matches"), &by_cause, &unexplained);
    }
    assert!(
        unexplained.len() * 20 <= unflagged,
        "{} unexplained of {unflagged} unflagged matches: more than 5%",
        unexplained.len()
    );
    if packed {
        support::ratchet(CORPUS, unexplained.len());
    }
}
