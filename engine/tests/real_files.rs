//! Every real tournament file of `../shared/real-trf` (88 files of 33 events from ten public
//! projects, listed in its `MANIFEST.txt`) and the cut-down files of its `_derived/repro`:
//! each is read or refused for the reason recorded below, and every round of every file read
//! is re-paired from the history before it, as `bbpPairings --dutch -c` did (v5.0.1 with the
//! 2017 rules, v6 with the 2026 rules), and compared with what bbpPairings said of that round
//! (`bbp-check.tsv`: the games of its pairing that the file does not have, or `=file`, as its
//! checker prints them: see [`Printed`]).
//!
//! The files belong to other projects: they are read from `../shared` (or `$SWISSLAB_SHARED`)
//! at test time and never copied here; without them the test is skipped with a notice.
//! The counts are a ratchet: a round differing from bbpPairings, or a file read that was
//! refused (or the other way round), fails. docs/formats/real-files.md explains each figure.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use swisslab_engine::checker;
use swisslab_engine::model::{Color, RoundEntry};
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

/// Rounds compared with bbpPairings: at least this many.
const MIN_ROUNDS_COMPARED: usize = 488;
/// Files read (of the manifest and of `bbp-check.tsv`, 100 in all): at least this many.
const MIN_FILES_READ: usize = 93;

/// `../shared/real-trf` with its manifest and bbpPairings' table; skipped visibly (or failed
/// under `SWISSLAB_REQUIRE`) when absent.
fn shared(test: &str) -> Option<PathBuf> {
    support::skip::shared_path(test, "real-trf")
        .filter(|d| d.join("MANIFEST.txt").is_file() && d.join("bbp-check.tsv").is_file())
}

/// bbp-check.tsv: (file, rules) → round → the games of bbpPairings' pairing not in the file
/// (empty for `=file`); `None` for a file it refused.
type Bbp = BTreeMap<(String, System), Option<BTreeMap<usize, Vec<String>>>>;

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
            Vec::new()
        } else {
            games.split_whitespace().map(str::to_string).collect()
        };
        if let (Some(m), Ok(r)) = (entry.as_mut(), round.parse::<usize>()) {
            m.insert(r, set);
        }
    }
    out
}

/// One round as bbpPairings' checker would print swisslab's pairing of it.
///
/// The checker prints a table of two columns: its own games that the file does not have
/// (a game counts as in the file when the file gives its white player that opponent and does
/// not give him Black; a bye when the file gives the player no opponent), and beside them the
/// file's games of the players concerned (each once, written from the player with the smaller
/// number, `N-0` for no opponent). It prints one line per file entry: when those outnumber its
/// own games, the last lines carry only a file entry, and `bbp-check.tsv`, which takes the first
/// game of every line, records those file entries too (round 5 of the Armstrong Cup 2010-11:
/// `4-86` and `86-0`, player 86 twice; 94 players paired, 47 games, 48 entries).
#[derive(Default)]
struct Printed {
    /// swisslab's games (and bye, as `N-0`) not in the file: the left column.
    ours: Vec<String>,
    /// The file's entries of the players of `ours`: the right column.
    file: Vec<String>,
}

impl Printed {
    /// True when bbpPairings' recorded list is what its checker prints for this round: every
    /// game of `ours`, then file entries up to one per line.
    fn matches(&self, recorded: &[String]) -> bool {
        let mut rest = recorded.to_vec();
        for g in &self.ours {
            let Some(i) = rest.iter().position(|r| r == g) else {
                return false;
            };
            rest.swap_remove(i);
        }
        let mut file = self.file.clone();
        for g in &rest {
            let Some(i) = file.iter().position(|f| f == g) else {
                return false;
            };
            file.swap_remove(i);
        }
        recorded.len() == self.file.len().max(self.ours.len())
    }
}

/// The file's opponent of `id` in round `round` (`id` itself for none), as bbpPairings reads it.
fn file_opponent(t: &swisslab_engine::Tournament, id: u32, round: usize) -> u32 {
    match t.player(id).and_then(|p| p.rounds.get(round - 1)) {
        Some(RoundEntry::Game { opponent, .. }) => *opponent,
        _ => id,
    }
}

/// True when bbpPairings' checker finds swisslab's game `w`-`b` (`b == w`: the bye) in the file.
fn in_file(t: &swisslab_engine::Tournament, w: u32, b: u32, round: usize) -> bool {
    let Some(entry) = t.player(w).and_then(|p| p.rounds.get(round - 1)) else {
        return false;
    };
    let r = u32::try_from(round).unwrap_or(u32::MAX);
    match entry {
        RoundEntry::Game {
            opponent, color, ..
        } => *opponent == b && (*color == Color::White || t.uncoloured_forfeits.contains(&(w, r))),
        RoundEntry::Unplayed(_) => b == w,
    }
}

/// What bbpPairings' checker would print of swisslab's pairing of `round`.
fn printed(t: &swisslab_engine::Tournament, ours: &Pairing, round: usize) -> Printed {
    let pairs = ours
        .games
        .iter()
        .copied()
        .chain(ours.bye.map(|b| (b, b)))
        .filter(|&(w, b)| !in_file(t, w, b, round));
    let name = |p: u32, o: u32| format!("{p}-{}", if o == p { 0 } else { o });
    let mut out = Printed::default();
    for (w, b) in pairs {
        out.ours.push(name(w, b));
        for p in if w == b { vec![w] } else { vec![w, b] } {
            let o = file_opponent(t, p, round);
            if p <= o {
                out.file.push(name(p, o));
            }
        }
    }
    out
}

/// Per round, what bbpPairings' checker would print of swisslab's pairing; an engine error as
/// one entry naming it.
fn swisslab_rounds(t: &swisslab_engine::Tournament, sys: System) -> BTreeMap<usize, Printed> {
    let rep = checker::check(t, sys);
    let mut out: BTreeMap<usize, Printed> =
        (1..=rep.rounds).map(|r| (r, Printed::default())).collect();
    for d in &rep.discrepancies {
        let p = match &d.produced {
            Ok(p) => printed(t, p, d.round),
            Err(e) => Printed {
                ours: vec![format!("engine error: {e}")],
                file: Vec::new(),
            },
        };
        out.insert(d.round, p);
    }
    out
}

#[test]
fn every_real_file_reads_and_replays_as_bbppairings_does() {
    let Some(dir) = shared("every_real_file_reads_and_replays_as_bbppairings_does") else {
        return;
    };
    let bbp = bbp_check(&dir);
    let mut files: BTreeSet<String> = support::real_files(&dir).into_iter().collect();
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
                        let mine = ours.get(r);
                        if !mine.map_or(games.is_empty(), |m| m.matches(games)) {
                            differing += 1;
                            let mine = mine.map(|m| m.ours.clone()).unwrap_or_default();
                            let only_bbp: Vec<_> =
                                games.iter().filter(|g| !mine.contains(g)).collect();
                            let only_us: Vec<_> =
                                mine.iter().filter(|g| !games.contains(g)).collect();
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
    // Rounds (file, rules, round) compared with bbpPairings: none may differ.
    assert_eq!(differing, 0, "{differing} rounds differ from bbpPairings");
}

/// The reading of bbpPairings' printed table: its games first, then file entries, one per line.
#[test]
fn bbp_table_lines_carry_file_entries_when_the_file_side_is_longer() {
    let s = |v: &[&str]| v.iter().map(|g| g.to_string()).collect::<Vec<_>>();
    // Two games of ours not in the file; the file has 4-7, 86 without opponent, 53-9, 93
    // without opponent: four lines, the last two carrying file entries only.
    let round = Printed {
        ours: s(&["4-86", "53-93"]),
        file: s(&["4-7", "86-0", "53-9", "93-0"]),
    };
    assert!(round.matches(&s(&["53-93", "4-86", "86-0", "53-9"])));
    assert!(round.matches(&s(&["4-86", "53-93", "93-0", "4-7"])));
    assert!(
        !round.matches(&s(&["4-86", "86-0", "93-0", "4-7"])),
        "a game missing"
    );
    assert!(
        !round.matches(&s(&["4-86", "53-93", "86-0", "5-6"])),
        "not a file entry"
    );
    assert!(
        !round.matches(&s(&["4-86", "53-93", "86-0"])),
        "a line missing"
    );
    assert!(Printed::default().matches(&[]));
    assert!(!Printed::default().matches(&s(&["1-2"])));
}

/// `swisslab trf --repair` on the seven Irish exports refused for their points column: the
/// refusal names the repair; after it each file reads, every change turns a blank round of a
/// player whose points count it into a bye, and nothing else of the file changes.
#[test]
fn the_refused_irish_exports_read_after_the_usual_repair() {
    let Some(dir) = shared("the_refused_irish_exports_read_after_the_usual_repair") else {
        return;
    };
    let mut total = 0;
    for (f, _) in REFUSED {
        let path = dir.join(f);
        let e = trf::read_file(&path).unwrap_err();
        assert!(e.to_string().contains("trf --repair"), "{e}");
        let r = trf::repair_file(&path).unwrap_or_else(|e| panic!("{f}: {e}"));
        let original = std::fs::read(&path).unwrap();
        let ends = |b: &[u8]| b.iter().filter(|&&c| c == b'\r' || c == b'\n').count();
        assert_eq!(ends(&r.bytes), ends(&original), "{f}: the same lines");
        for c in &r.changes {
            eprintln!("{f}: {c}");
            assert!(["", "-", "0000 -"].contains(&c.before.trim()), "{f}: {c}");
            assert!(
                ["0000 - H", "0000 - F"].contains(&c.after.as_str()),
                "{f}: {c}"
            );
            assert!(c.points > c.results, "{f}: {c}");
        }
        total += r.changes.len();
        for sys in [System::Dutch2017, System::Dutch2026] {
            let rep = checker::check(&r.tournament, sys);
            assert!(rep.rounds > 0, "{f}");
        }
    }
    eprintln!("repaired: {total} round fields in {} files", REFUSED.len());
    // 52 half-point and 7 full-point byes (docs/formats/real-files.md lists them by file).
    assert_eq!(total, 59);
}

/// The initial colour of a file that declares none, whose top player has the round-1 bye
/// (`_derived/icu-repaired/bunratty_major_2011.tab`: player 1 `0000 - +`, player 2 Black,
/// player 3 White): C.04.3 E.5 (2026 5.2.5) read backwards over the players paired in round 1.
/// Player 1 is one of them (the bye of this dialect is pairing-allocated), so player 2 is
/// number 2 and his Black is the opposite of the initial colour: White.
#[test]
fn the_initial_colour_of_a_file_whose_top_player_has_the_bye() {
    let Some(dir) = shared("the_initial_colour_of_a_file_whose_top_player_has_the_bye") else {
        return;
    };
    let t = trf::read_file(dir.join("_derived/icu-repaired/bunratty_major_2011.tab")).unwrap();
    assert_eq!(t.initial_color, None);
    let colour = |id: u32| match t.player(id).map(|p| p.rounds[0]) {
        Some(RoundEntry::Game { color, .. }) => Some(color),
        _ => None,
    };
    assert_eq!(
        (colour(1), colour(2), colour(3)),
        (None, Some(Color::Black), Some(Color::White))
    );
    for sys in [System::Dutch2017, System::Dutch2026] {
        assert_eq!(sys.initial_colour(&t), Color::White, "{sys}");
    }
}
