//! Shared test support of the simulator's tests: what a test needs from outside the
//! repository, skipped visibly or required (the engine's `tests/support/skip.rs`, one file for
//! both crates).

#![allow(dead_code)]

#[path = "../../../engine/tests/support/skip.rs"]
pub mod skip;
