//! Reading and writing tournament files (TRF-16 with the JaVaFo/bbpPairings extensions, and
//! TRF-2026): the `Tournament` class wraps the engine's model.

use crate::errors;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use swisslab_engine::trf;

/// A tournament as read from a TRF file: players, rounds and results.
#[pyclass(module = "swisslab._swisslab", frozen)]
pub struct Tournament {
    pub inner: swisslab_engine::Tournament,
    /// The file it was read from, for error messages (`None` when read from text).
    pub path: Option<PathBuf>,
}

impl Tournament {
    /// The name used in error messages: the file, else `<input>`.
    pub fn label(&self) -> String {
        self.path
            .as_ref()
            .map_or("<input>".to_string(), |p| p.display().to_string())
    }
}

#[pymethods]
impl Tournament {
    /// The file it was read from, or None.
    #[getter]
    fn path(&self) -> Option<PathBuf> {
        self.path.clone()
    }

    /// The tournament's name (record 012), or "".
    #[getter]
    fn name(&self) -> String {
        self.inner
            .records
            .iter()
            .find(|(tag, _)| tag == "012")
            .map_or(String::new(), |(_, v)| v.trim().to_string())
    }

    /// Rounds with a game or a pairing-allocated bye.
    #[getter]
    fn rounds_paired(&self) -> usize {
        self.inner.rounds_paired()
    }

    /// The total number of rounds (XXR / 142), or None.
    #[getter]
    fn total_rounds(&self) -> Option<u32> {
        self.inner.total_rounds
    }

    /// The players, one dict each: id, name, title, sex, rating, federation, fide_id,
    /// birth_date, points (as written in the file, or None), rank, rounds (the round entries as
    /// written in the file, e.g. "3 w 1").
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let written = trf::write(&self.inner);
        let lines: std::collections::HashMap<u32, &str> = written
            .lines()
            .filter(|l| l.starts_with("001 "))
            .filter_map(|l| Some((l.get(4..8)?.trim().parse().ok()?, l)))
            .collect();
        self.inner
            .players
            .iter()
            .map(|p| {
                let d = PyDict::new(py);
                d.set_item("id", p.id)?;
                d.set_item("name", p.name.trim())?;
                d.set_item("title", p.title.trim())?;
                d.set_item("sex", p.sex.map(String::from))?;
                d.set_item("rating", p.rating)?;
                d.set_item("federation", p.federation.trim())?;
                d.set_item("fide_id", p.fide_id.trim())?;
                d.set_item("birth_date", p.birth_date.trim())?;
                let points = p.points.and_then(|s| s.to_string().parse::<f64>().ok());
                d.set_item("points", points)?;
                d.set_item("rank", p.rank)?;
                let rounds: Vec<String> = lines
                    .get(&p.id)
                    .map_or(Vec::new(), |l| round_fields(l, p.rounds.len()));
                d.set_item("rounds", rounds)?;
                Ok(d)
            })
            .collect()
    }

    /// The tournament as TRF text (the engine's writer, as `swisslab trf` writes it).
    fn to_trf(&self) -> String {
        trf::write(&self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<swisslab.Tournament {:?}: {} players, {} rounds paired>",
            self.name(),
            self.inner.players.len(),
            self.inner.rounds_paired()
        )
    }
}

/// The round fields (`opponent colour result`, 10 columns each from column 92) of a player
/// line as the writer wrote it.
fn round_fields(line: &str, rounds: usize) -> Vec<String> {
    (0..rounds)
        .map(|r| {
            let start = 91 + 10 * r;
            line.get(start..(start + 10).min(line.len()))
                .unwrap_or("")
                .trim()
                .to_string()
        })
        .collect()
}

/// Reads a tournament file.
#[pyfunction]
pub fn read_trf_file(py: Python<'_>, path: PathBuf) -> PyResult<Tournament> {
    let inner = trf::read_file(&path).map_err(|e| errors::trf(py, &e))?;
    Ok(Tournament {
        inner,
        path: Some(path),
    })
}

/// Reads a tournament from the bytes of a TRF file (UTF-8 or Latin-1, as the reader takes
/// files); `name` stands for the file in error messages.
#[pyfunction]
#[pyo3(signature = (data, name=None))]
pub fn read_trf_bytes(py: Python<'_>, data: &[u8], name: Option<PathBuf>) -> PyResult<Tournament> {
    let read = trf::read(data);
    let inner = match (read, &name) {
        (Ok(t), _) => t,
        (Err(e), Some(n)) => return Err(errors::trf(py, &e.with_file(n.clone()))),
        (Err(e), None) => return Err(errors::trf(py, &e)),
    };
    Ok(Tournament { inner, path: name })
}
