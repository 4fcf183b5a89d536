//! What a test needs from outside the repository (`../shared`, a browser, an engine installed
//! from PyPI), and what it does when that is missing: it skips with a notice that `cargo test`
//! shows even while it captures the tests' output, or, under `SWISSLAB_REQUIRE=1` (set by
//! `.ci/run`), it fails and names what is missing. A fresh clone without `../shared` passes its
//! tests and says what it skipped; CI, which has every piece, cannot pass by skipping one.
//!
//! Shared by the test crates of `engine` and `simulator` (the latter includes this file).

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;

/// The variable under which a missing piece fails its test instead of skipping it.
pub const REQUIRE: &str = "SWISSLAB_REQUIRE";

/// True under `SWISSLAB_REQUIRE=1` (any value but empty or `0`).
pub fn required() -> bool {
    std::env::var(REQUIRE).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// `test` cannot run because `what` is missing (`how` says how to provide it): under
/// `SWISSLAB_REQUIRE` the test fails here; otherwise a notice goes straight to the process's
/// standard error, past the test harness's capture, and the caller returns.
pub fn skip(test: &str, what: &str, how: &str) {
    assert!(
        !required(),
        "{test}: {what} is missing and {REQUIRE} is set ({how})"
    );
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {what} is missing ({how}; with {REQUIRE}=1 this fails)"
    );
}

/// The folder of shared data: `$SWISSLAB_SHARED` when set (and nothing else then, so that
/// pointing it at nothing shows what a clone without `../shared` does), else `../shared` next
/// to the checkout (or two levels up, for a worktree), when it exists.
pub fn shared() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SWISSLAB_SHARED") {
        return Some(PathBuf::from(dir)).filter(|d| d.is_dir());
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    [
        root.join("..").join("shared"),
        root.join("../..").join("shared"),
    ]
    .into_iter()
    .find(|d| d.is_dir())
}

/// `../shared/<rel>` when it exists; otherwise [`skip`] and `None`.
pub fn shared_path(test: &str, rel: &str) -> Option<PathBuf> {
    let found = shared().map(|s| s.join(rel)).filter(|p| p.exists());
    if found.is_none() {
        skip(
            test,
            &format!("../shared/{rel}"),
            "put the shared data beside the repository or set SWISSLAB_SHARED",
        );
    }
    found
}

/// A program the tests run (`py4swiss`, `chromium`): `$VAR` when set (and there), else the
/// first of `names` found on the `PATH`.
pub fn program(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(var).map(PathBuf::from) {
        return Some(p).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// A note the test output shows even while `cargo test` captures it: what a test ran in place
/// of something missing that no one can install (a stand-in engine), never a failure.
pub fn notice(test: &str, what: &str) {
    let _ = writeln!(std::io::stderr(), "NOTICE {test}: {what}");
}
