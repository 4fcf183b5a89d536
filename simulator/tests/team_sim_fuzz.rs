//! The team inputs of the fuzz target `tournament` (`swisslab_simulator::team::fuzz::check`,
//! the very function the target calls): its team seeds (`fuzz/seeds/tournament/team-*`) and
//! every crash kept under `fuzz/regressions/tournament-team/` replay within `cargo test`, and a
//! seeded sweep of random team inputs runs on the stable toolchain.

use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use swisslab_simulator::team::fuzz::{check, Input, MAGIC};

fn files(dir: &str, prefix: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(dir);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, Vec<u8>)> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            (name.starts_with(prefix) && !name.ends_with(".md"))
                .then(|| (name, std::fs::read(&p).expect("readable input")))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn team_seeds_and_regressions_replay() {
    let seeds = files("seeds/tournament", "team-");
    assert!(seeds.len() >= 4, "team seeds of the tournament target");
    let regressions = files("regressions/tournament-team", "");
    for (name, data) in seeds.iter().chain(&regressions) {
        assert!(data.starts_with(MAGIC), "{name} is no team input");
        if let Err(e) = check(data) {
            panic!("{name}: {e}");
        }
    }
}

/// The bytes after the magic are read in full: sizes in range, a missing byte as 0.
#[test]
fn inputs_read_in_range() {
    assert_eq!(Input::read(b"XTEAM"), None);
    let i = Input::read(MAGIC).unwrap();
    assert_eq!((i.teams, i.boards, i.rounds, i.seed), (2, 1, 1, 0));
    let i = Input::read(&[MAGIC, &[255; 20][..]].concat()).unwrap();
    assert!(i.teams <= 20 && i.boards <= 6 && i.rounds <= 11);
    assert!(i.absence_rate <= 0.4 && i.match_forfeit_rate <= 0.4 && i.forfeit_rate <= 0.3);
}

/// A seeded sweep of random team inputs (what a short libFuzzer campaign would try first).
#[test]
fn random_team_inputs_pass() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(46);
    for _ in 0..60 {
        let mut data = MAGIC.to_vec();
        let n = rng.gen_range(0..24);
        data.extend((0..n).map(|_| rng.gen::<u8>()));
        if let Err(e) = check(&data) {
            panic!("{data:?}: {e}");
        }
    }
}
