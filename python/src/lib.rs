//! The Python extension module `swisslab._swisslab`: the engine's and the simulator's entry
//! points as Python functions, with no logic of their own. The pure-Python layer
//! (`python/swisslab/__init__.py`) turns the tables into data frames and shows progress.
//!
//! Modules: `errors` (the exception hierarchy, each exception with its position and the
//! command's exit code), `tournament` (reading and writing TRF), `pairing` (pair, check,
//! standings), `runs` (simulate and forecast, the GIL released, Ctrl-C honoured).

mod errors;
mod pairing;
mod runs;
mod tournament;

use pyo3::prelude::*;

/// swisslab's engines, checker, standings, simulator and forecast (the compiled part).
#[pymodule]
fn _swisslab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<tournament::Tournament>()?;
    m.add_class::<pairing::Pairing>()?;
    m.add_function(wrap_pyfunction!(tournament::read_trf_file, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::read_trf_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(pairing::pair, m)?)?;
    m.add_function(wrap_pyfunction!(pairing::check, m)?)?;
    m.add_function(wrap_pyfunction!(pairing::standings, m)?)?;
    m.add_function(wrap_pyfunction!(pairing::systems, m)?)?;
    m.add_function(wrap_pyfunction!(runs::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(runs::forecast, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
