//! The exceptions: `SwisslabError` and one subclass per kind of failure, each carrying the
//! exit code the `swisslab` command gives for the same failure (`exit_code`, `exit_meaning`)
//! and, where there is one, the position (`file`, `line`, `column`).

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use swisslab_engine::trf::{self, ErrorKind};
use swisslab_simulator::exit_codes::{
    EXIT_CODES, EXIT_FAILURES, EXIT_INVALID, EXIT_IO, EXIT_NO_PAIRING, EXIT_USAGE,
};

create_exception!(
    _swisslab,
    SwisslabError,
    PyException,
    "Every error of swisslab; `exit_code` and `exit_meaning` are the swisslab command's."
);
create_exception!(
    _swisslab,
    TrfError,
    SwisslabError,
    "A tournament file that cannot be read: `file`, `line`, `column`, `field`, `expected`, `found`."
);
create_exception!(
    _swisslab,
    PairingError,
    SwisslabError,
    "No valid pairing of the round exists (or the engine failed): `round`."
);
create_exception!(
    _swisslab,
    ConfigError,
    SwisslabError,
    "An invalid argument or configuration (an unknown system, tie-break or round)."
);
create_exception!(
    _swisslab,
    RunError,
    SwisslabError,
    "A simulate or forecast run could not write its files (`exit_code` 5) or a run failed (4)."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SwisslabError", py.get_type::<SwisslabError>())?;
    m.add("TrfError", py.get_type::<TrfError>())?;
    m.add("PairingError", py.get_type::<PairingError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("RunError", py.get_type::<RunError>())?;
    Ok(())
}

/// Sets the exit code, its meaning and the position on a new exception.
fn with_code(py: Python<'_>, err: PyErr, code: u8, position: Position) -> PyErr {
    let meaning = EXIT_CODES
        .iter()
        .find(|(c, _)| *c == code)
        .map_or("", |(_, m)| *m);
    let v = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of memory exhaustion;
    // the exception is raised either way.
    let _ = v.setattr("exit_code", code);
    let _ = v.setattr("exit_meaning", meaning);
    let _ = v.setattr("file", position.file);
    let _ = v.setattr("line", position.line);
    let _ = v.setattr("column", position.column);
    err
}

/// Where an error is (a file, 1-based line and column; `None` when not tied to one).
#[derive(Default)]
pub struct Position {
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl Position {
    pub fn file(path: &str) -> Position {
        Position {
            file: Some(path.to_string()),
            ..Position::default()
        }
    }
}

/// A TRF error as `TrfError` (exit code 3, or 5 for a file that cannot be read).
pub fn trf(py: Python<'_>, e: &trf::TrfError) -> PyErr {
    let code = if e.kind == ErrorKind::Io {
        EXIT_IO
    } else {
        EXIT_INVALID
    };
    let pos = Position {
        file: e.file.as_ref().map(|p| p.display().to_string()),
        line: (e.line > 0).then_some(e.line),
        column: (e.column > 0).then_some(e.column),
    };
    let err = with_code(py, TrfError::new_err(e.to_string()), code, pos);
    let v = err.value(py);
    let _ = v.setattr("field", e.field.clone());
    let _ = v.setattr("expected", e.expected.clone());
    let _ = v.setattr("found", e.found.clone());
    err
}

/// No valid pairing of `round` (exit code 1).
pub fn pairing(py: Python<'_>, message: String, round: usize, pos: Position) -> PyErr {
    let err = with_code(py, PairingError::new_err(message), EXIT_NO_PAIRING, pos);
    let _ = err.value(py).setattr("round", round);
    err
}

/// An invalid input or configuration (exit code 3).
pub fn config(py: Python<'_>, message: String, pos: Position) -> PyErr {
    with_code(py, ConfigError::new_err(message), EXIT_INVALID, pos)
}

/// A bad argument, as the command's usage error (exit code 2).
pub fn usage(py: Python<'_>, message: String) -> PyErr {
    with_code(
        py,
        ConfigError::new_err(message),
        EXIT_USAGE,
        Position::default(),
    )
}

/// A file of a run that cannot be written (exit code 5).
pub fn io(py: Python<'_>, message: String, pos: Position) -> PyErr {
    with_code(py, RunError::new_err(message), EXIT_IO, pos)
}

/// Tournaments or runs that failed (exit code 4).
pub fn failures(py: Python<'_>, message: String, pos: Position) -> PyErr {
    with_code(py, RunError::new_err(message), EXIT_FAILURES, pos)
}
