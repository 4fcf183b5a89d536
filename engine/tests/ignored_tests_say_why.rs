//! Every `#[ignore]` in the workspace gives its reason (`#[ignore = "…"]`), which `cargo test`
//! prints beside the test's name: a test that does not run says why.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name();
        if p.is_dir() && name != "target" && !name.to_string_lossy().starts_with('.') {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_ignored_test_gives_its_reason() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for crate_dir in ["engine", "simulator", "reports", "schema", "fuzz"] {
        rust_files(&root.join(crate_dir), &mut files);
    }
    assert!(files.len() > 50, "the workspace's sources: {}", files.len());
    let mut bare = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.starts_with("#[ignore") && !t.starts_with("#[ignore =") {
                bare.push(format!("{}:{}: {t}", f.display(), i + 1));
            }
        }
    }
    assert!(
        bare.is_empty(),
        "#[ignore] without a reason:\n{}",
        bare.join("\n")
    );
}
