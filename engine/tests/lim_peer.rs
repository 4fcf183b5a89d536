//! The Lim System (C.04.4.3, 2026) against the peer corpus `lim-2026-pairingcore` (packed in
//! `testdata/conformance/` by `scripts/pack-corpus.sh`): 200 tournaments, 1,584 rounds, paired
//! round by round by pairing-core 0.4.1 (ruleset `lim-2026`), a third-party implementation that
//! is not an oracle. Every round is re-paired from the rounds before it and compared.
//!
//! - swisslab pairs every round (it refuses none, the 227 that pairing-core refused included).
//! - The rounds the manifest flags as pairing-core's failures (`pc_failed_rounds`: it refused
//!   them; `suspect_rounds`: its colours break 5.1) are left out of the figures.
//! - In the 71 `generator_pab_rounds` (nobody of the lowest scoregroup may receive the bye) the
//!   bye goes where the generator gave it: the lowest-ranked player who may (Art. 1.1, as read).
//! - Every other differing round is adjudicated by the article `check` names as its first
//!   difference (`docs/systems/lim-adjudications.md`, grouped by cause); a round whose first
//!   difference is not one of the causes adjudicated there is unexplained. The unexplained
//!   rounds are at most 5% of the unflagged ones, and their number is held by a ratchet
//!   (`testdata/conformance/lim-2026-pairingcore.max-discrepancies`).
//!
//! `LIM_ADJUDICATIONS=FILE cargo test --release -p swisslab-engine --test lim_peer` writes the
//! tables of every unflagged differing round, by cause, to FILE (the tables of the page).
//! `LIM_PEER_CORPUS=DIR` reads another corpus of the same kind (a folder with its
//! `manifest.csv` and TRF files, as `../shared/conformance/lim-2026-pairingcore`) instead of the
//! packed one: the same causes and the same 5% bound apply, the packed corpus's counts and
//! ratchet do not.

mod support;

use std::collections::{HashMap, HashSet};
use swisslab_engine::{checker, System};

const CORPUS: &str = "lim-2026-pairingcore";

/// The manifest's flags, by (file, round).
struct Flags {
    failed: HashSet<(String, usize)>,
    suspect: HashSet<(String, usize)>,
    /// The generator's bye receiver.
    generator_pab: HashMap<(String, usize), u32>,
}

fn rounds_of(field: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    field.split_whitespace().filter_map(|item| {
        let (round, rest) = item.split_once(':')?;
        Some((round.parse().ok()?, rest))
    })
}

fn flags(files: &[(String, Vec<u8>)]) -> Flags {
    let manifest = files
        .iter()
        .find(|(p, _)| p.ends_with("manifest.csv"))
        .expect("the corpus has its manifest");
    let text = String::from_utf8(manifest.1.clone()).expect("UTF-8 manifest");
    let mut f = Flags {
        failed: HashSet::new(),
        suspect: HashSet::new(),
        generator_pab: HashMap::new(),
    };
    for line in text.lines().skip(1) {
        // 20 columns; only the last (`suspect_rounds`) may be quoted, holding commas.
        let cols: Vec<&str> = line.splitn(20, ',').collect();
        assert_eq!(cols.len(), 20, "{line}");
        let file = cols[0].to_string();
        for (round, _) in rounds_of(cols[17]) {
            f.failed.insert((file.clone(), round));
        }
        for (round, player) in rounds_of(cols[18]) {
            f.generator_pab
                .insert((file.clone(), round), player.parse().expect("a player"));
        }
        for (round, _) in rounds_of(cols[19].trim_matches('"')) {
            f.suspect.insert((file.clone(), round));
        }
    }
    f
}

/// The cause a first difference (`check`'s answer, `Art. …: …`) is adjudicated under in
/// docs/systems/lim-adjudications.md, or `None` when it is unexplained.
fn cause(why: &str) -> Option<&'static str> {
    let art = why.split(':').next().unwrap_or_default();
    let has = |s: &str| why.contains(s);
    Some(match art {
        "Art. 3.2.1" => "3.2.1: a floater sent across the median",
        "Art. 3.2.4" if has("the other end of them") => {
            "3.2.4: the lowest numbered player read as the smallest number"
        }
        "Art. 3.8" if has("alternation alone") => "3.8 with 5.6: the colour due in an even round",
        "Art. 3.8" if has("the last of those due the alternate colour") => {
            "3.8: the highest numbered player read as the largest number"
        }
        "Art. 5.2" if has("keeps the proposed") || has("first compatible") => {
            "5.2: no second scrutiny for colour"
        }
        "Art. 3.10" => "3.10: a floater of the previous round floated again",
        "Art. 3.2.2" if has("alternation alone") => {
            "3.2.2 with 5.6: the colour due in an even round"
        }
        "Art. 3.2.3" => "3.2.3: a Maxi-tournament",
        "Art. 3.9" => "3.9: the floater's type before his colour",
        "Art. 4.4" => "4.4: players floated from a scoregroup that can be paired",
        a if (a.starts_with("Art. 5") && a != "Art. 5.2") || a == "Art. 7.2" => {
            "Art. 5: the colour rules (5.4 only when both are due the same colour; played games \
             only)"
        }
        "Art. 2.4/4.1" | "Art. 4.1-4.3" | "Art. 3.8" if has("made once") => {
            "4.2-4.3: the proposals made once, the floaters in the arrangement"
        }
        "Art. 1.1" | "Art. 7.1" => "1.1 / 7.1: the bye",
        _ => return None,
    })
}

#[test]
fn lim_against_pairing_core() {
    let (all, packed) = support::corpus_or_folder(CORPUS, "LIM_PEER_CORPUS");
    let flags = flags(&all);
    let results = support::peer::check_all(&all, System::Lim);
    if packed {
        assert_eq!(results.len(), 200);
        assert_eq!(flags.failed.len(), 227, "pairing-core refused 227 rounds");
        assert_eq!(flags.generator_pab.len(), 71);
        assert_eq!(flags.suspect.len(), 71);
    }
    let rounds: usize = results.iter().map(|(_, r)| r.rounds).sum();
    if packed {
        assert_eq!(rounds, 1584);
    }
    let mut tally = support::peer::Tally::default();
    for (name, report) in &results {
        let file = name.trim_start_matches(&format!("{CORPUS}/")).to_string();
        let differing: HashMap<usize, &checker::Discrepancy> =
            report.discrepancies.iter().map(|d| (d.round, d)).collect();
        for round in 1..=report.rounds {
            let key = (file.clone(), round);
            let d = differing.get(&round).copied();
            // Art. 1-8 pair every round: nothing is refused.
            if let Some(d) = d {
                let ours = d
                    .produced
                    .as_ref()
                    .unwrap_or_else(|e| panic!("{name} round {round}: refused: {e}"));
                if let Some(&pab) = flags.generator_pab.get(&key) {
                    assert_eq!(ours.bye, Some(pab), "{name} round {round}: the bye (1.1)");
                }
            }
            let flagged = flags.failed.contains(&key) || flags.suspect.contains(&key);
            tally.count((&file, round), flagged, d, cause);
        }
    }
    tally.finish(
        CORPUS,
        rounds,
        ("round", "rounds"),
        "LIM_ADJUDICATIONS",
        packed,
    );
}
