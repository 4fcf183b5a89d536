//! Standard output of the commands, written so that a reader who stops early ends the command
//! quietly (docs/guide/exit-codes.md).
//!
//! Rust ignores `SIGPIPE`, so writing to a pipe whose reader has gone (`swisslab standings FILE
//! | head -3`) returns an error, which `print!` turns into a panic. Every command writes its
//! standard output through [`print`] instead: a closed pipe becomes [`OutError::Closed`], which
//! ends the command with [`EXIT_PIPE`] (141, the status a shell reports for a process ended by
//! `SIGPIPE`, as `seq`, `cat` and every other filter end) and no message; any other write
//! failure (a full disk behind `> file`) is an error with exit status 5. Files a command writes
//! are complete before it prints about them, so a closed pipe loses no result.
//!
//! [`install_pipe_hook`] is the net under what does not go through [`print`] (a message on a
//! standard error that is itself the closed pipe, `2>&1 | head`): the same quiet exit instead of
//! a panic message and a backtrace.

use super::{exit, EXIT_IO};
use std::fmt;
use std::io::{ErrorKind, Write};
use std::process::ExitCode;

pub use swisslab_simulator::exit_codes::EXIT_PIPE;

/// Standard output could not take what a command wrote.
#[derive(Debug)]
pub enum OutError {
    /// The reader closed the pipe (`| head`): nothing more to say.
    Closed,
    /// Any other failure (a full disk, a device error).
    Failed(std::io::Error),
}

impl fmt::Display for OutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutError::Closed => f.write_str("standard output was closed"),
            OutError::Failed(e) => write!(f, "cannot write to standard output: {e}"),
        }
    }
}

impl std::error::Error for OutError {}

impl OutError {
    /// The exit status for this failure, printing the error unless the pipe was closed.
    pub fn exit(self) -> ExitCode {
        exit(self.report())
    }

    /// Prints the error unless the pipe was closed, and returns the exit status.
    pub fn report(self) -> u8 {
        match self {
            OutError::Closed => EXIT_PIPE,
            OutError::Failed(e) => {
                eprintln!("error: cannot write to standard output: {e}");
                EXIT_IO
            }
        }
    }
}

impl From<std::io::Error> for OutError {
    fn from(e: std::io::Error) -> OutError {
        if e.kind() == ErrorKind::BrokenPipe {
            OutError::Closed
        } else {
            OutError::Failed(e)
        }
    }
}

/// Writes `text` to standard output and flushes it.
pub fn print(text: &str) -> Result<(), OutError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// `println!` that returns [`OutError`] instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::out::print("\n")
    };
    ($($arg:tt)*) => {
        $crate::cli::out::print(&format!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use outln;

/// Ends the process with [`EXIT_PIPE`], quietly, when a thread panics because `print!` or
/// `eprint!` met a closed pipe; every other panic keeps the default report.
pub fn install_pipe_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if is_closed_pipe_panic(msg) {
            std::process::exit(i32::from(EXIT_PIPE));
        }
        default(info);
    }));
}

/// The message of `print!`/`eprint!` failing on a closed pipe.
fn is_closed_pipe_panic(msg: &str) -> bool {
    msg.starts_with("failed printing to std") && msg.contains("Broken pipe")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_closed_and_other_errors_fail() {
        let e = OutError::from(std::io::Error::from(ErrorKind::BrokenPipe));
        assert!(matches!(e, OutError::Closed));
        assert_eq!(e.report(), EXIT_PIPE);
        let e = OutError::from(std::io::Error::from(ErrorKind::StorageFull));
        assert!(matches!(e, OutError::Failed(_)));
        assert_eq!(e.report(), EXIT_IO);
    }

    #[test]
    fn only_print_panics_on_a_closed_pipe_are_caught() {
        assert!(is_closed_pipe_panic(
            "failed printing to stdout: Broken pipe (os error 32)"
        ));
        assert!(is_closed_pipe_panic(
            "failed printing to stderr: Broken pipe (os error 32)"
        ));
        assert!(!is_closed_pipe_panic("index out of bounds"));
        assert!(!is_closed_pipe_panic(
            "failed printing to stdout: No space left on device"
        ));
    }
}
