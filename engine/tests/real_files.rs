//! Every real tournament file of `../shared/real-trf` (88 files of 33 events from ten public
//! projects, listed in its `MANIFEST.txt`) and the cut-down files of its `_derived/repro`:
//! each is read or refused for the reason recorded below, and every round of every file read
//! is re-paired from the history before it, as `bbpPairings --dutch -c` did (v5.0.1 with the
//! 2017 rules, v6 with the 2026 rules), and compared with what bbpPairings said of that round
//! (`bbp-check.tsv`: the games of its pairing that the file does not have, or `=file`).
//!
//! The files belong to other projects: they are read from `../shared` (or `$SWISSLAB_SHARED`)
//! at test time and never copied here; without them the test is skipped with a notice.
//! The counts are a ratchet: more rounds differing from bbpPairings, or a file read that was
//! refused (or the other way round), fails. docs/formats/real-files.md explains each figure.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use swisslab_engine::checker;
use swisslab_engine::pairing::Pairing;
use swisslab_engine::trf::{self, ErrorKind};
use swisslab_engine::System;

/// Files swisslab refuses, and why (the error kind): the seven Irish exports whose points
/// column counts blank rounds as half-point byes (they contradict themselves; bbpPairings
/// refuses them too).
const REFUSED: &[(&str, ErrorKind)] = &[
    (
        "icu_tournament/spec/samples/krause/bunratty_challengers_2011.tab",
        ErrorKind::PointsMismatch,
    ),
    (
        "icu_tournament/spec/samples/krause/bunratty_major_2011.tab",
        ErrorKind::PointsMismatch,
    ),
    (
        "icu_tournament/spec/samples/krause/bunratty_masters_2011.tab",
        ErrorKind::PointsMismatch,
    ),
    (
        "icu_tournament/spec/samples/krause/bunratty_minor_2011.tab",
        ErrorKind::PointsMismatch,
    ),
    (
        "icu_tournament/spec/samples/krause/irish_intermediate_champs_2011.tab",
        ErrorKind::PointsMismatch,
    ),
    (
        "icu_tournament/spec/samples/krause/irish_junior_champs_2011.tab",
        ErrorKind::PointsMismatch,
    ),
    (
        "icu_ratings_app/spec/files/galway_major_2011.tab",
        ErrorKind::PointsMismatch,
    ),
];

/// Rounds (file, rules, round) compared with bbpPairings: at most this many may differ.
const MAX_ROUNDS_DIFFERING: usize = 10;
/// Rounds compared with bbpPairings: at least this many.
const MIN_ROUNDS_COMPARED: usize = 488;
/// Files read (of the manifest and of `bbp-check.tsv`, 100 in all): at least this many.
const MIN_FILES_READ: usize = 93;

fn shared() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    [
        std::env::var_os("SWISSLAB_SHARED").map(PathBuf::from),
        Some(root.join("..").join("shared")),
        Some(root.join("..").join("..").join("shared")),
    ]
    .into_iter()
    .flatten()
    .map(|s| s.join("real-trf"))
    .find(|d| d.join("MANIFEST.txt").is_file() && d.join("bbp-check.tsv").is_file())
}

/// The real files of the manifest (local paths), without the metadata entries.
fn manifest(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() > 4 && f[4].starts_with("real")).then(|| f[3].to_string())
        })
        .collect()
}

/// bbp-check.tsv: (file, rules) → round → the games of bbpPairings' pairing not in the file
/// (empty for `=file`); `None` for a file it refused.
type Bbp = BTreeMap<(String, System), Option<BTreeMap<usize, BTreeSet<String>>>>;

fn bbp_check(dir: &Path) -> Bbp {
    let text = std::fs::read_to_string(dir.join("bbp-check.tsv")).unwrap();
    let mut out: Bbp = BTreeMap::new();
    for l in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = l.split('\t').collect();
        let [file, engine, round, games] = f[..] else {
            continue;
        };
        let sys = if engine.contains("dutch2017") {
            System::Dutch2017
        } else {
            System::Dutch2026
        };
        let entry = out
            .entry((file.to_string(), sys))
            .or_insert_with(|| Some(BTreeMap::new()));
        if games.starts_with("refused") {
            *entry = None;
            continue;
        }
        let set = if games == "=file" {
            BTreeSet::new()
        } else {
            games.split_whitespace().map(str::to_string).collect()
        };
        if let (Some(m), Ok(r)) = (entry.as_mut(), round.parse::<usize>()) {
            m.insert(r, set);
        }
    }
    out
}

/// Per round, swisslab's games (and bye, as `N-0`) not in the file; an engine error as one
/// entry naming it.
fn swisslab_rounds(
    t: &swisslab_engine::Tournament,
    sys: System,
) -> BTreeMap<usize, BTreeSet<String>> {
    let rep = checker::check(t, sys);
    let mut out: BTreeMap<usize, BTreeSet<String>> =
        (1..=rep.rounds).map(|r| (r, BTreeSet::new())).collect();
    for d in &rep.discrepancies {
        let set = match &d.produced {
            Ok(p) => not_in_file(p, &d.expected),
            Err(e) => BTreeSet::from([format!("engine error: {e}")]),
        };
        out.insert(d.round, set);
    }
    out
}

fn not_in_file(ours: &Pairing, file: &Pairing) -> BTreeSet<String> {
    let theirs = file.game_set();
    let mut s: BTreeSet<String> = ours
        .game_set()
        .difference(&theirs)
        .map(|(w, b)| format!("{w}-{b}"))
        .collect();
    if ours.bye != file.bye {
        if let Some(b) = ours.bye {
            s.insert(format!("{b}-0"));
        }
    }
    s
}

#[test]
fn every_real_file_reads_and_replays_as_bbppairings_does() {
    let Some(dir) = shared() else {
        eprintln!(
            "skipped: ../shared/real-trf not found (set SWISSLAB_SHARED to run the real files)"
        );
        return;
    };
    let bbp = bbp_check(&dir);
    let mut files: BTreeSet<String> = manifest(&dir).into_iter().collect();
    files.extend(bbp.keys().map(|(f, _)| f.clone()));
    let refused: BTreeMap<&str, ErrorKind> = REFUSED.iter().copied().collect();
    let (mut read, mut refused_ok, mut compared, mut differing) = (0, 0, 0, 0);
    let mut problems = Vec::new();
    let mut table = String::new();
    for f in &files {
        let path = dir.join(f);
        match trf::read_file(&path) {
            Ok(t) => {
                read += 1;
                if refused.contains_key(f.as_str()) {
                    problems.push(format!("{f}: read, but recorded as refused"));
                }
                for sys in [System::Dutch2017, System::Dutch2026] {
                    let Some(Some(theirs)) = bbp.get(&(f.clone(), sys)) else {
                        continue;
                    };
                    let ours = swisslab_rounds(&t, sys);
                    for (r, games) in theirs {
                        compared += 1;
                        let mine = ours.get(r).cloned().unwrap_or_default();
                        if &mine != games {
                            differing += 1;
                            let only_bbp: Vec<_> = games.difference(&mine).collect();
                            let only_us: Vec<_> = mine.difference(games).collect();
                            table.push_str(&format!(
                                "differs: {f} {sys} round {r}: bbpPairings only {only_bbp:?}, swisslab only {only_us:?}\n"
                            ));
                        }
                    }
                }
            }
            Err(e) => {
                table.push_str(&format!("refused: {f}: {e}\n"));
                match refused.get(f.as_str()) {
                    Some(k) if *k == e.kind => refused_ok += 1,
                    Some(k) => {
                        problems.push(format!("{f}: refused as {:?}, recorded {k:?}: {e}", e.kind))
                    }
                    None => problems.push(format!("{f}: refused, recorded as read: {e}")),
                }
            }
        }
    }
    eprintln!("{table}");
    eprintln!(
        "files {}, read {read}, refused {refused_ok}; rounds compared with bbpPairings {compared}, differing {differing}",
        files.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(refused_ok, REFUSED.len());
    assert!(read >= MIN_FILES_READ, "{read} files read");
    assert!(
        compared >= MIN_ROUNDS_COMPARED,
        "{compared} rounds compared"
    );
    assert!(
        differing <= MAX_ROUNDS_DIFFERING,
        "{differing} rounds differ from bbpPairings"
    );
}
