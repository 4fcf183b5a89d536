//! swisslab-simulator: seeded random Swiss tournaments, paired round by round by the engine,
//! checked against rule invariants and measured.
//!
//! Modules: `config` (every parameter, TOML and JaVaFo generator keys), `model` (players,
//! events and results: C.04.2 initial order, late entries, withdrawals, byes), `invariants`
//! (C.04.1 checks written independently of the engine), `stats` (the rows of the CSV output
//! contract), `opposition` (whom each player met), `sim` (one tournament), `round_loop` (the round loop simulate and forecast share), `panics` (an engine panic caught as a failure, quietly),
//! `runner` (many tournaments in parallel, streamed output), `shard` (a run split into
//! contiguous ranges of tournaments, the identity of a run), `merge` (shard folders into the
//! output of one run), `engine` (the engine under test: swisslab's systems or an external
//! program), `exit_codes` (the command's exit codes and their meanings), `double_swiss` (a
//! Double-Swiss match as two round columns, its invariants), `team` (team events: plan, rounds
//! played board by board, team invariants).
//! The `swisslab` binary's subcommands live in `src/cli/`.

pub mod backtest;
pub mod config;
pub mod double_swiss;
pub mod engine;
pub mod exit_codes;
pub mod fit;
pub mod forecast;
pub mod invariants;
pub mod merge;
pub mod model;
pub mod opposition;
pub mod panics;
pub mod presence;
pub mod profile;
pub mod round_loop;
pub mod runner;
pub mod shard;
pub mod sim;
pub mod stats;
pub mod strength;
pub mod team;
