//! The subcommands of the `swisslab` command, one module each, and the exit codes they share.
//!
//! To add a subcommand: write `cli/<name>.rs` with an `Args` struct (clap derive) and a
//! `run(&Args) -> ExitCode`, declare the module here and add one variant to `Command` in
//! `main.rs`.

pub mod trf;

use std::process::ExitCode;

/// Success.
pub const EXIT_OK: u8 = 0;
/// Invalid input: a file was read but is not a valid tournament.
pub const EXIT_INVALID: u8 = 3;
/// A file could not be read or written.
pub const EXIT_IO: u8 = 5;

/// The process exit code for one of the constants above.
pub fn exit(code: u8) -> ExitCode {
    ExitCode::from(code)
}
