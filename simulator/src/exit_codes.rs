//! The exit codes of the `swisslab` command and what each means, shared by the command and
//! the Python package (whose exceptions carry the code of the command's same failure).

/// Success.
pub const EXIT_OK: u8 = 0;
/// No valid pairing exists (pair), or discrepancies were found (check).
pub const EXIT_NO_PAIRING: u8 = 1;
/// A bad command line (an unknown option, a missing argument): clap's code, declared here to be
/// listed with the others.
pub const EXIT_USAGE: u8 = 2;
/// Invalid input: a file was read but is not a valid tournament (or an invalid configuration).
pub const EXIT_INVALID: u8 = 3;
/// At least one simulated tournament failed (generate, simulate): an invariant was broken, or
/// the engine returned an error or panicked.
pub const EXIT_FAILURES: u8 = 4;
/// A file could not be read or written.
pub const EXIT_IO: u8 = 5;
/// `simulate` was interrupted (Ctrl-C, SIGTERM); what was done is written (the shell's
/// convention for SIGINT).
pub const EXIT_INTERRUPTED: u8 = 130;
/// Standard output was closed before everything was written (a reader such as `head` stopped):
/// 128 + SIGPIPE, as a shell reports a process ended by a closed pipe.
pub const EXIT_PIPE: u8 = 141;

/// Every exit code with what it means, as `swisslab --help` lists them
/// (`docs/guide/exit-codes.md` gives each in full; `simulator/tests/lists.rs` holds the two
/// together).
pub const EXIT_CODES: &[(u8, &str)] = &[
    (EXIT_OK, "success"),
    (
        EXIT_NO_PAIRING,
        "no valid pairing (pair) or discrepancies (check)",
    ),
    (EXIT_USAGE, "bad command line"),
    (
        EXIT_INVALID,
        "invalid input (the first invalid file is reported and stops the command) or \
         configuration",
    ),
    (
        EXIT_FAILURES,
        "simulated tournaments or forecast runs failed (generate, simulate, merge, forecast)",
    ),
    (EXIT_IO, "a file cannot be read or written"),
    (
        EXIT_INTERRUPTED,
        "simulate interrupted (Ctrl-C, SIGTERM), the tournaments finished written",
    ),
    (
        EXIT_PIPE,
        "standard output closed before everything was written (a reader such as `head` \
         stopped: `swisslab standings FILE | head -3`)",
    ),
];
