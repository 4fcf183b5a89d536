//! Malformed and truncated team files: the team reader never panics, and every refusal names
//! a line (when the input has one) and says what was expected; whatever it accepts survives
//! write → read unchanged (the `trf_parse` fuzz oracle, run here over the team seeds cut at
//! every character and with single characters changed).

use std::path::PathBuf;
use swisslab_engine::{fuzzing, trf};

fn seeds() -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/trf_parse");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("the trf_parse seeds")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("team-"))
        })
        .map(|p| (p.display().to_string(), std::fs::read(&p).expect("a seed")))
        .collect();
    out.sort();
    assert!(out.len() >= 4, "team seeds in {}", dir.display());
    out
}

fn check(name: &str, data: &[u8]) {
    if let Err(e) = trf::read_team(data) {
        let msg = e.to_string();
        assert!(msg.contains(": expected "), "{name}: {msg}");
        if data.contains(&b'\n') && e.line == 0 {
            // Errors not tied to a line: only "no team record" and file-level ones.
            assert!(
                matches!(
                    e.kind,
                    trf::ErrorKind::NoPlayers | trf::ErrorKind::Empty | trf::ErrorKind::TooLarge
                ),
                "{name}: {e:?}"
            );
        }
    }
    if let Err(v) = fuzzing::trf_parse(data) {
        panic!("{name}: {v}");
    }
}

#[test]
fn team_seeds_cut_at_every_character() {
    for (name, data) in seeds() {
        for cut in 0..=data.len() {
            check(&format!("{name} cut at {cut}"), &data[..cut]);
        }
    }
}

#[test]
fn team_seeds_with_one_character_changed() {
    for (name, data) in seeds() {
        for i in (0..data.len()).step_by(3) {
            for b in [b' ', b'9', b'-', b'x', b'0'] {
                let mut d = data.clone();
                d[i] = b;
                check(&format!("{name} byte {i} = {}", b as char), &d);
            }
        }
    }
}

#[test]
fn the_seeds_read_as_team_events() {
    for (name, data) in seeds() {
        let r = trf::read_team(&data);
        if name.contains("truncated") {
            let e = r.expect_err("a truncated team file");
            assert!(e.line > 0, "{e}");
        } else {
            let ev = r.unwrap_or_else(|e| panic!("{name}: {e}"));
            ev.rounds().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}
