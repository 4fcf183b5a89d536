//! Tie-breaks against FIDE's own calculator: for each of the 350 corpus files of
//! `testdata/conformance/tiebreaks.tar.gz` (TieBreakServer's `-s -r -dT` output, 25
//! tie-breaks; `scripts/pack-corpus.sh` packs it from `../shared/conformance/tiebreaks`), the
//! standings of the same file (from the packed corpora) with the same list are compared value
//! for value, player by player, and the ranks too.
//!
//! Where the two differ the text of C.07 decides; the differences that remain are documented
//! by article in `docs/tiebreaks.md` and pinned here, per tie-break: the test fails when a
//! count changes either way.

mod support;

use std::collections::{BTreeMap, HashMap};
use swisslab_engine::tiebreak::{self, Edition};
use swisslab_engine::trf;

/// Documented differences, per column: (tie-break, count, C.07 article that decides). All
/// 40 come from three files (dutch-2017 p011-r07-s170046800, dutch-2025 p007-r04-s250044700
/// and p150-r03-s250059100) where a participant forfeits in the last round after voluntary
/// unplayed rounds: the calculator's Fore Buchholz re-classifies those rounds (16.2.5) for
/// every tie-break after FB in the list, so his opponents' SB and AOB use his score without
/// the draws of 16.3; swisslab classifies rounds from the participant's record alone.
const DOCUMENTED: &[(&str, usize, &str)] = &[
    ("AOB", 25, "16.2.5 / 16.3"),
    ("SB", 8, "16.2.5 / 16.3"),
    ("SB/C1", 7, "16.2.5 / 16.3"),
];

#[test]
fn tiebreaks_equal_fide_calculator() {
    let packed = support::corpus("tiebreaks");
    let file = |p: &str| {
        packed
            .iter()
            .find(|(n, _)| n == p)
            .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
    };
    let manifest = file("tiebreaks/manifest.csv").expect("manifest");
    let mut corpora: HashMap<String, HashMap<String, Vec<u8>>> = HashMap::new();
    let mut per_column: BTreeMap<String, usize> = BTreeMap::new();
    let mut per_corpus: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut files = 0;
    for line in manifest.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let (trf_path, tsv_name) = line.split_once(',').expect("two columns");
        let corpus = trf_path.split('/').next().expect("corpus");
        let trfs = corpora
            .entry(corpus.to_string())
            .or_insert_with(|| support::corpus_trf(corpus).into_iter().collect());
        let bytes = trfs
            .get(trf_path)
            .unwrap_or_else(|| panic!("{trf_path} not in the packed corpus"));
        let t = trf::read(bytes).unwrap_or_else(|e| panic!("{trf_path}: {e}"));
        let expected = file(&format!("tiebreaks/{tsv_name}")).expect("tsv");
        let mut lines = expected.lines();
        let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let specs = tiebreak::parse_list(&header[2..].join(" ")).expect("known specifiers");
        let got = swisslab_engine::standings::standings(&t, &specs, Edition::Fide2026);
        let by_id: HashMap<u32, &tiebreak::Row> = got.rows.iter().map(|r| (r.id, r)).collect();
        let entry = per_corpus.entry(corpus.to_string()).or_default();
        entry.0 += 1;
        files += 1;
        for l in lines {
            let f: Vec<&str> = l.split('\t').collect();
            let id: u32 = f[1].parse().expect("start number");
            let row = by_id
                .get(&id)
                .unwrap_or_else(|| panic!("{trf_path}: no player {id}"));
            let mut differ = |col: &str, want: &str, have: String| {
                entry.1 += 1;
                if want != have {
                    entry.2 += 1;
                    let n = per_column.entry(col.to_string()).or_default();
                    *n += 1;
                    if *n <= 3 {
                        eprintln!(
                            "{trf_path}: player {id}: {col}: calculator {want}, swisslab {have}"
                        );
                    }
                }
            };
            differ("Rank", f[0], row.rank.to_string());
            for (k, spec) in header[2..].iter().enumerate() {
                differ(spec, f[k + 2], row.values[k].to_string());
            }
        }
    }
    assert_eq!(files, 350, "the manifest lists 350 files");
    for (c, (n, values, diff)) in &per_corpus {
        println!("{c}: {n} files, {values} values compared, {diff} differ");
    }
    for (col, n) in &per_column {
        println!("{col}: {n} values differ");
    }
    let documented: BTreeMap<String, usize> = DOCUMENTED
        .iter()
        .map(|(c, n, _)| (c.to_string(), *n))
        .collect();
    assert_eq!(
        per_column, documented,
        "differences per tie-break (left: found, right: documented in docs/tiebreaks.md)"
    );
}
