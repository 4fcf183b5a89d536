//! Replays the crashes the fuzz targets found, so that the fixes stay fixed: every file kept
//! under `fuzz/regressions/<target>/` goes through the same check as the target
//! (`swisslab_engine::fuzzing` and `fuzz/src/lib.rs`, included here as a module), on the
//! stable toolchain, within the normal `cargo test`.
//!
//! It lives in the simulator's tests because `fuzz/src/lib.rs` applies the simulator's
//! invariants (the engine cannot depend on the simulator); the engine comes with its `oracle`
//! feature (a dev-dependency), for the literal reference implementation of the B/D candidate
//! sequence.
//!
//! Files whose name starts with `open-` are crashes in code owned elsewhere (the Dutch engine,
//! the matching) that are not fixed yet: the generic tests skip them, and each has its own test
//! below marked `#[ignore = "open: …"]` (run them with `cargo test -- --ignored`). When one is
//! fixed, drop the `open-` prefix and its ignored test.

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz_lib;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use swisslab_engine::fuzzing::{self, Violation};
use swisslab_engine::System;

fn dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target)
}

/// The inputs kept for `target` (not the `open-` ones, nor hidden files or notes). A missing
/// or empty folder fails: a replay of nothing would pass without testing anything.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let entries =
        std::fs::read_dir(dir(target)).unwrap_or_else(|e| panic!("{}: {e}", dir(target).display()));
    for e in entries {
        let path = e.expect("directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !path.is_file()
            || name.starts_with('.')
            || name.starts_with("open-")
            || name.ends_with(".md")
        {
            continue;
        }
        out.push((
            name,
            std::fs::read(&path).expect("readable regression file"),
        ));
    }
    out.sort();
    assert!(
        !out.is_empty(),
        "{}: no regression input to replay",
        dir(target).display()
    );
    out
}

#[test]
#[should_panic(expected = "no-such-target")]
fn a_missing_regression_folder_fails() {
    inputs("no-such-target");
}

/// Runs `check` on one input; a violation or a panic is a failure message.
fn run(name: &str, data: &[u8], check: &dyn Fn(&[u8]) -> Result<(), Violation>) -> Option<String> {
    match catch_unwind(AssertUnwindSafe(|| check(data))) {
        Ok(Ok(())) => None,
        Ok(Err(v)) => Some(format!("{name}: {v}")),
        Err(p) => Some(format!(
            "{name}: panic: {}",
            p.downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| p.downcast_ref::<&str>().copied())
                .unwrap_or("?")
        )),
    }
}

fn replay_all(target: &str, check: &dyn Fn(&[u8]) -> Result<(), Violation>) {
    let failures: Vec<String> = inputs(target)
        .iter()
        .filter_map(|(name, data)| run(name, data, check))
        .collect();
    assert!(failures.is_empty(), "{target}:\n{}", failures.join("\n"));
}

fn trf_parse(data: &[u8]) -> Result<(), Violation> {
    fuzzing::trf_parse(data).map(|_| ())
}

fn trf_pair(data: &[u8]) -> Result<(), Violation> {
    fuzz_lib::trf_pair(data)
}

/// As the target: an input that starts with `TEAM` is a team event.
fn tournament(data: &[u8]) -> Result<(), Violation> {
    if data.starts_with(swisslab_simulator::team::fuzz::MAGIC) {
        return swisslab_simulator::team::fuzz::check(data).map_err(Violation);
    }
    fuzz_lib::tournament_check(data).map(|_| ())
}

fn check(data: &[u8]) -> Result<(), Violation> {
    fuzzing::check_report(data).map(|_| ())
}

#[test]
fn trf_parse_regressions() {
    replay_all("trf_parse", &trf_parse);
}

#[test]
fn trf_pair_regressions() {
    replay_all("trf_pair", &trf_pair);
}

#[test]
fn tournament_regressions() {
    replay_all("tournament", &tournament);
}

#[test]
fn check_regressions() {
    replay_all("check", &check);
}

/// The oracle itself: the sample file pairs, its pairing meets the absolute criteria, and a
/// field where everybody has met everybody is reported as impossible, which brute force agrees.
#[test]
fn oracle_sanity() {
    let sample =
        std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/sample.trf"))
            .unwrap();
    trf_pair(&sample).unwrap();
    let t = swisslab_engine::trf::read_str(
        "XXR 3\n\
         001    1      A                                 2000                             1.0    1     2 w 1\n\
         001    2      B                                 1900                             0.0    2     1 b 0\n",
    )
    .unwrap();
    let req = swisslab_engine::pairing::Request::next_round(&t);
    for system in [System::Dutch2017, System::Dutch2026] {
        assert_eq!(fuzz_lib::brute_force(&t, system, &req), None);
        assert_eq!(fuzz_lib::pair_and_verify(&t, system, &req), Ok(None));
    }
    // A pairing that repeats the game breaks C.1.
    let bad = swisslab_engine::pairing::Pairing {
        games: vec![(2, 1)],
        bye: None,
    };
    assert!(!fuzz_lib::absolute_violations(&t, System::Dutch2017, &req, &bad).is_empty());
    // The simulator's invariants see it too, and the literal oracle agrees that there is no
    // valid pairing, not with a pairing; `dutch-2026` has no literal oracle.
    assert!(fuzz_lib::simulator_invariants(&t, System::Dutch2017, &req, &bad).is_err());
    assert_eq!(
        fuzz_lib::literal_agrees(&t, System::Dutch2017, &req, None),
        Ok(())
    );
    assert!(fuzz_lib::literal_agrees(&t, System::Dutch2017, &req, Some(&bad)).is_err());
    assert_eq!(
        fuzz_lib::literal_agrees(&t, System::Dutch2026, &req, Some(&bad)),
        Ok(())
    );
    // On the sample file the engine and the literal oracle pair the next round alike.
    let s = swisslab_engine::trf::read(&sample).unwrap();
    let req = swisslab_engine::pairing::Request::next_round(&s);
    assert!(req.present.len() <= fuzz_lib::LITERAL_PLAYERS);
    let p = fuzz_lib::pair_and_verify_all(&s, System::Dutch2017, &req).unwrap();
    assert!(p.is_some());
    // The generator builds and pairs tournaments from any bytes.
    for seed in 0u8..20 {
        let bytes: Vec<u8> = (0..400u32)
            .map(|i| {
                (i as u8)
                    .wrapping_mul(31)
                    .wrapping_add(seed.wrapping_mul(17))
            })
            .collect();
        tournament(&bytes).unwrap();
    }
    // The first byte draws the system: below 0x80 even 2017, odd 2026; from 0x80 the others.
    for (first, system) in [
        (0u8, System::Dutch2017),
        (1, System::Dutch2026),
        (0x80, System::Dubov2026),
        (0x81, System::Dubov1997),
        (0x82, System::Rating1998),
        (0x83, System::Dutch2012),
        (0xf0, System::Lim),
        (0xf1, System::Burstein2026),
        (fuzz_lib::DOUBLE_SWISS_BYTE, System::DoubleSwiss),
        (0xf5, System::DoubleSwiss),
    ] {
        let mut bytes = vec![first];
        bytes.extend((0..400u32).map(|i| (i as u8).wrapping_mul(37)));
        assert_eq!(fuzz_lib::tournament_check(&bytes).unwrap().system, system);
    }
}

/// Replays a whole fuzz corpus on the stable toolchain, through the same checks as the targets:
/// `SWISSLAB_CORPUS=fuzz/corpus cargo test --release -p swisslab-simulator --test
/// fuzz_regressions -- --ignored replay_corpus` (a folder with one sub-folder per target). Useful
/// after an engine change, to put the inputs a campaign found through the new code at once.
#[test]
#[ignore = "needs SWISSLAB_CORPUS, a local fuzz corpus"]
fn replay_corpus() {
    let root = PathBuf::from(std::env::var_os("SWISSLAB_CORPUS").expect("SWISSLAB_CORPUS"));
    type Check = dyn Fn(&[u8]) -> Result<(), Violation>;
    let targets: [(&str, &Check); 4] = [
        ("trf_parse", &trf_parse),
        ("trf_pair", &trf_pair),
        ("tournament", &tournament),
        ("check", &check),
    ];
    let mut failures = Vec::new();
    for (target, check) in targets {
        let Ok(entries) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        let mut count = 0;
        for e in entries.flatten() {
            let data = std::fs::read(e.path()).expect("readable corpus file");
            let name = format!("{target}/{}", e.file_name().to_string_lossy());
            failures.extend(run(&name, &data, check));
            count += 1;
        }
        eprintln!("{target}: {count} inputs replayed");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A field of players 1, 2, ... (ratings descending) with these round histories, in an event
/// of `total` rounds.
fn field(
    histories: &[Vec<swisslab_engine::RoundEntry>],
    total: u32,
) -> swisslab_engine::Tournament {
    swisslab_engine::Tournament {
        players: histories
            .iter()
            .enumerate()
            .map(|(i, rounds)| swisslab_engine::Player {
                id: i as u32 + 1,
                rating: 2000 - i as u16,
                rounds: rounds.clone(),
                ..swisslab_engine::Player::default()
            })
            .collect(),
        total_rounds: Some(total),
        ..swisslab_engine::Tournament::default()
    }
}

/// The bye rule of each edition in the oracle: after a full-point bye the pairing-allocated bye
/// is barred under 2026 (a win's points without playing, C.04.1 Art. 4) but not under 2017
/// (C.04.1.d); a forfeit win bars it under both; a half-point bye under neither.
#[test]
fn bye_rule_per_edition() {
    use swisslab_engine::{
        pairing::{Pairing, Request},
        Color, GameKind, GameResult, RoundEntry, Unplayed,
    };
    let game = |opponent, color, result| RoundEntry::Game {
        opponent,
        color,
        result,
        kind: GameKind::Rated,
    };
    for (first, barred_2017, barred_2026) in [
        (Unplayed::FullBye, false, true),
        (Unplayed::ForfeitWin, true, true),
        (Unplayed::Pab, true, true),
        (Unplayed::HalfBye, false, false),
        (Unplayed::ZeroBye, false, false),
    ] {
        let rounds = [
            RoundEntry::Unplayed(first),
            game(3, Color::White, GameResult::Win),
            game(2, Color::Black, GameResult::Loss),
            game(5, Color::White, GameResult::Draw),
            game(4, Color::Black, GameResult::Draw),
        ];
        let histories: Vec<Vec<RoundEntry>> = rounds.iter().map(|e| vec![*e]).collect();
        let t = field(&histories, 3);
        let req = Request {
            round: 2,
            present: (1..=5).collect(),
        };
        let p = Pairing {
            games: vec![(2, 4), (5, 3)],
            bye: Some(1),
        };
        for (system, barred) in [
            (System::Dutch2017, barred_2017),
            (System::Dutch2026, barred_2026),
        ] {
            let v = fuzz_lib::absolute_violations(&t, system, &req, &p);
            assert_eq!(!v.is_empty(), barred, "{first:?} under {system}: {v:?}");
        }
    }
}

/// Inputs drawing the Lim System (C.04.4.3, first byte `0xf0`) go through every check: each
/// round is paired, verified (no rematch, the colour limits outside the last round, Art. 6) and
/// compared with the literal procedure on small fields.
#[test]
fn lim_inputs_run_through_the_checks() {
    let mut asked = 0;
    for seed in 0u8..40 {
        let mut bytes = vec![fuzz_lib::LATE_SYSTEMS_FROM];
        bytes.extend((0..600u32).map(|i| {
            (i as u8)
                .wrapping_mul(seed | 1)
                .wrapping_add(seed.wrapping_mul(29))
                ^ (i >> 3) as u8
        }));
        let s = fuzz_lib::tournament_check(&bytes).unwrap();
        assert_eq!(s.system, System::Lim);
        asked += s.engine_rounds + s.impossible_rounds;
    }
    assert!(asked > 40, "the engine was asked {asked} rounds");
}

/// Inputs drawing the Burstein System (first byte `0xf1`) go through every check: its rounds
/// after the seeding rounds (1.6) are paired, verified and compared with the literal procedure
/// on small fields.
#[test]
fn burstein_inputs_run_through_the_checks() {
    let mut asked = 0;
    for seed in 0u8..40 {
        let mut bytes = vec![fuzz_lib::LATE_SYSTEMS_FROM + 1];
        bytes.extend((0..600u32).map(|i| {
            (i as u8)
                .wrapping_mul(seed | 1)
                .wrapping_add(seed.wrapping_mul(23))
                ^ (i >> 2) as u8
        }));
        let s = fuzz_lib::tournament_check(&bytes).unwrap();
        assert_eq!(s.system, System::Burstein2026);
        asked += s.engine_rounds + s.impossible_rounds;
    }
    assert!(asked > 40, "the engine was asked {asked} rounds");
}

/// `draw_system` keeps the meaning of the inputs from before the other systems were drawn: a
/// first byte below `0x80` draws what the old one-of-two choice drew (even `dutch-2017`, odd
/// `dutch-2026`), and consumes the same single byte; from `0x80` the byte modulo 4 names the
/// other four systems, from `0xf0` the systems added later: every system is drawn.
#[test]
fn draw_system_keeps_the_old_inputs() {
    use arbitrary::Unstructured;
    let mut drawn = std::collections::BTreeSet::new();
    for b in 0..=255u8 {
        let data = [b, 0x42];
        let mut u = Unstructured::new(&data);
        let system = fuzz_lib::draw_system(&mut u).expect("a byte to draw from");
        assert_eq!(u.len(), 1, "byte {b:#04x} consumed more than one byte");
        if b < 0x80 {
            let mut old = Unstructured::new(&data);
            let before = *old.choose(&[System::Dutch2017, System::Dutch2026]).unwrap();
            assert_eq!(system, before, "byte {b:#04x}");
        } else if b < fuzz_lib::LATE_SYSTEMS_FROM {
            assert_eq!(system, fuzz_lib::HIGH_BYTE_SYSTEMS[usize::from(b % 4)]);
        } else {
            let late = fuzz_lib::LATE_SYSTEMS;
            let k = usize::from(b - fuzz_lib::LATE_SYSTEMS_FROM) % late.len();
            assert_eq!(system, late[k]);
        }
        drawn.insert(system.to_string());
    }
    // Every system that pairs players (the target draws no team event).
    let players = System::ALL.iter().filter(|s| !s.pairs_teams()).count();
    assert_eq!(drawn.len(), players, "{drawn:?}");
    let mut empty = Unstructured::new(&[]);
    assert_eq!(
        fuzz_lib::draw_system(&mut empty).unwrap(),
        System::Dutch2017
    );
}

/// The colour limits per system: in the last round players 1 (White, White) and 2 (Black,
/// Black), both over 50%, meet with the same colours again. Dutch (C.3): topscorers may. Dubov
/// (1997 2.4, 2026 C3): no exemption, it breaks. Rating 1998 (Note to B.6): the players over 50%
/// in the last round are exempt from B.2, but not in an earlier round. The reversed colours
/// break nothing anywhere.
#[test]
fn colour_limits_per_system() {
    use swisslab_engine::{
        pairing::{Pairing, Request},
        Color, GameKind, GameResult, RoundEntry,
    };
    let game = |opponent, color, result| RoundEntry::Game {
        opponent,
        color,
        result,
        kind: GameKind::Rated,
    };
    let histories = [
        vec![
            game(3, Color::White, GameResult::Win),
            game(4, Color::White, GameResult::Win),
        ],
        vec![
            game(4, Color::Black, GameResult::Win),
            game(3, Color::Black, GameResult::Win),
        ],
        vec![
            game(1, Color::Black, GameResult::Loss),
            game(2, Color::White, GameResult::Loss),
        ],
        vec![
            game(2, Color::White, GameResult::Loss),
            game(1, Color::Black, GameResult::Loss),
        ],
    ];
    let tournament = |total| field(&histories, total);
    let req = Request {
        round: 3,
        present: (1..=4).collect(),
    };
    let again = Pairing {
        games: vec![(1, 2), (3, 4)],
        bye: None,
    };
    let reversed = Pairing {
        games: vec![(2, 1), (3, 4)],
        bye: None,
    };
    for (system, last_round, not_last) in [
        (System::Dutch2017, false, true),
        (System::Dutch2026, false, true),
        (System::Dubov1997, true, true),
        (System::Dubov2026, true, true),
        (System::Rating1998, false, true),
    ] {
        for (total, broken) in [(3, last_round), (5, not_last)] {
            let t = tournament(total);
            let v = fuzz_lib::absolute_violations(&t, system, &req, &again);
            assert_eq!(!v.is_empty(), broken, "{system}, {total} rounds: {v:?}");
            let v = fuzz_lib::absolute_violations(&t, system, &req, &reversed);
            assert!(v.is_empty(), "{system}, reversed: {v:?}");
        }
    }
}

/// The `tournament` target draws Double-Swiss tournaments (first byte from `0xf0`): matches of
/// two round columns, paired by the engine and checked by the simulator's match invariants and
/// the literal oracle, and they survive the TRF writer and reader.
#[test]
fn double_swiss_tournaments_pass_the_tournament_checks() {
    let mut paired = 0;
    for seed in 0u32..300 {
        let mut x = seed.wrapping_mul(2_654_435_761) | 1;
        let mut bytes = vec![fuzz_lib::DOUBLE_SWISS_BYTE];
        bytes.extend((0..600).map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 8) as u8
        }));
        let s = fuzz_lib::tournament_check(&bytes).unwrap_or_else(|v| panic!("seed {seed}: {v}"));
        assert_eq!(s.system, System::DoubleSwiss);
        paired += s.engine_rounds;
    }
    assert!(paired > 300, "{paired}");
}
