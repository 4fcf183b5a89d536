//! The engine's layers run one way: each module's own `use crate::…` lines (those of its
//! files outside their test modules) name only modules below it. The rules held here are those
//! `docs/internals/architecture.md` states: the tie-breaks ask nothing of the systems, the
//! trait every system implements (`pairing`) knows neither the systems nor the registry, and a
//! system reaches no other system's internals nor the registry above it.

use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The `.rs` files under `dir` (a folder of `engine/src`, or one file).
fn files(dir: &Path) -> Vec<PathBuf> {
    if dir.is_file() {
        return vec![dir.to_path_buf()];
    }
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("readable folder") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            out.extend(files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

/// The paths `crate::…` named by the top-level `use` lines of `file` (a `use` spanning lines
/// is read to its `;`). Test modules are indented and not read; neither are files named
/// `tests.rs` or under a `tests` folder.
fn crate_uses(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("readable source");
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(c) = current.as_mut() {
            c.push_str(line.trim());
        } else if let Some(rest) = line
            .strip_prefix("use crate::")
            .or_else(|| line.strip_prefix("pub(crate) use crate::"))
            .or_else(|| line.strip_prefix("pub use crate::"))
        {
            current = Some(rest.to_string());
        }
        if current.as_ref().is_some_and(|c| c.ends_with(';')) {
            out.push(current.take().unwrap_or_default());
        }
    }
    out
}

fn is_test_file(p: &Path) -> bool {
    p.file_name().is_some_and(|n| n == "tests.rs")
        || p.components().any(|c| c.as_os_str() == "tests")
}

/// Every `use crate::…` of the files under `module` that names one of `forbidden` (a module
/// path's first segments, `system` or `systems::dutch`), as `file: path`.
fn offending(module: &str, forbidden: &[&str]) -> Vec<String> {
    let root = src();
    let mut found = Vec::new();
    let mut all = Vec::new();
    for place in [root.join(module), root.join(format!("{module}.rs"))] {
        if place.exists() {
            all.extend(files(&place));
        }
    }
    assert!(!all.is_empty(), "no module {module}");
    for f in all {
        if is_test_file(&f) {
            continue;
        }
        for u in crate_uses(&f) {
            let hit = forbidden.iter().any(|m| {
                u == *m || u.starts_with(&format!("{m}::")) || u.starts_with(&format!("{m};"))
            });
            if hit {
                let rel = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
                found.push(format!("{rel}: use crate::{u}"));
            }
        }
    }
    found
}

#[test]
fn the_tie_breaks_ask_nothing_of_the_systems() {
    let v = offending(
        "tiebreak",
        &["system", "systems", "System", "standings", "checker"],
    );
    assert!(v.is_empty(), "{v:#?}");
}

#[test]
fn the_trait_knows_neither_the_systems_nor_the_registry() {
    for module in ["pairing", "colour", "history", "model", "matching", "score"] {
        let v = offending(module, &["system", "systems", "System", "checker"]);
        assert!(v.is_empty(), "{module}: {v:#?}");
    }
}

#[test]
fn a_system_reaches_no_other_system_and_not_the_registry() {
    let systems = [
        "burstein",
        "double_swiss",
        "dubov",
        "dutch",
        "dutch2012",
        "lim",
        "rating1998",
        "swiss_team",
        "toy",
    ];
    for s in systems {
        let mut forbidden: Vec<String> = vec!["system".into(), "System".into(), "checker".into()];
        for other in systems.iter().filter(|o| **o != s) {
            forbidden.push(format!("systems::{other}"));
        }
        // Burstein's seeding rounds are the Dutch System of the edition in force (1.6): it
        // pairs them through that edition's `PairingSystem`, and reads nothing else of it.
        let allowed = "systems::dutch::edition_2026::DUTCH_2026;";
        let refs: Vec<&str> = forbidden.iter().map(String::as_str).collect();
        let v: Vec<String> = offending(&format!("systems/{s}"), &refs)
            .into_iter()
            .filter(|u| !(s == "burstein" && u.ends_with(allowed)))
            .collect();
        assert!(v.is_empty(), "{s}: {v:#?}");
    }
    let listed: Vec<String> = std::fs::read_dir(src().join("systems"))
        .expect("systems folder")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let name = p.file_name()?.to_string_lossy().into_owned();
            (p.is_dir() && name != "common").then_some(name)
        })
        .collect();
    for folder in &listed {
        assert!(
            systems.contains(&folder.as_str()),
            "systems/{folder} is not held to the rule: add it to this test"
        );
    }
}
