//! One round paired (`swisslab pair`), a whole file re-paired and compared (`swisslab check`),
//! and the standings with the FIDE tie-breaks (`swisslab standings`): the same engine calls
//! as the command, their results as Python objects.

use crate::errors::{self, Position};
use crate::tournament::Tournament;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use swisslab_engine::acceleration::{self, Method};
use swisslab_engine::pairing::{self, PairingError, Request};
use swisslab_engine::tiebreak::{self, Edition};
use swisslab_engine::{checker, System};

/// The pairing of one round: games as (white, black) in board order, and the bye.
#[pyclass(module = "swisslab._swisslab", frozen, eq)]
#[derive(PartialEq)]
pub struct Pairing {
    /// Games as (white, black) pairing numbers, in board order (C.04.2).
    #[pyo3(get)]
    games: Vec<(u32, u32)>,
    /// The player receiving the pairing-allocated bye, or None.
    #[pyo3(get)]
    bye: Option<u32>,
    /// The round paired (1-based).
    #[pyo3(get)]
    round: usize,
    /// The pairing system's name (as `--system` takes it).
    #[pyo3(get)]
    system: String,
    /// With `explain=True`: bracket by bracket, why the round went the way it did.
    #[pyo3(get)]
    explanation: Option<String>,
    text: String,
}

#[pymethods]
impl Pairing {
    /// The pairing in the JaVaFo/bbpPairings output format, exactly as `swisslab pair` prints
    /// it: the number of pairs, one `white black` line per board, the bye as `N 0`.
    fn to_text(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<swisslab.Pairing round {} ({}): {} games, bye {:?}>",
            self.round,
            self.system,
            self.games.len(),
            self.bye
        )
    }
}

/// The system named `name` (any name or alias `--system` takes), else a `ConfigError`.
fn system_named(py: Python<'_>, name: &str) -> PyResult<System> {
    name.parse::<System>()
        .map_err(|e| errors::usage(py, format!("system: {e}")))
}

/// The acceleration named `name` (`baku`, `none`).
fn method_named(py: Python<'_>, name: &str) -> PyResult<Method> {
    name.parse::<Method>()
        .map_err(|e| errors::usage(py, format!("acceleration: {e}")))
}

/// The tournament readied for pairing as `swisslab pair` readies it: the system (the argument,
/// else the file's `192`/`092`, else the edition in force) and the acceleration written in as
/// virtual points.
fn prepare(
    py: Python<'_>,
    t: &Tournament,
    system: Option<&str>,
    accel: Option<&str>,
) -> PyResult<(swisslab_engine::Tournament, System)> {
    let system = system.map(|s| system_named(py, s)).transpose()?;
    let method = accel.map(|a| method_named(py, a)).transpose()?;
    let mut inner = t.inner.clone();
    let label = t.label();
    let sys = System::resolve(system, &inner).map_err(|e| {
        errors::config(
            py,
            format!("{label}: {e}; pass system= to pair it anyway"),
            Position::file(&label),
        )
    })?;
    acceleration::apply(&mut inner, method, sys.columns_per_round())
        .map_err(|e| errors::config(py, format!("{label}: {e}"), Position::file(&label)))?;
    Ok((inner, sys))
}

/// Pairs the next round of `t` (or round `round` of the file, from the file as it stood
/// before it, as `swisslab pair --round`), with the GIL released while the engine works.
#[pyfunction]
#[pyo3(signature = (t, system=None, acceleration=None, round=None, explain=false))]
pub fn pair(
    py: Python<'_>,
    t: &Bound<'_, Tournament>,
    system: Option<&str>,
    acceleration: Option<&str>,
    round: Option<usize>,
    explain: bool,
) -> PyResult<Pairing> {
    let t = t.get();
    let label = t.label();
    let (mut inner, sys) = prepare(py, t, system, acceleration)?;
    let mut req = Request::next_round(&inner);
    if let Some(n) = round {
        let next = inner.rounds_paired() + 1;
        let per = sys.columns_per_round();
        if n == 0 || n > next || (per > 1 && (n - 1) % per != 0) {
            return Err(errors::usage(
                py,
                format!(
                    "{label}: round {n}: expected a round from 1 to {next}{}",
                    if per > 1 {
                        " that is the first column of a match"
                    } else {
                        ""
                    }
                ),
            ));
        }
        if n < req.round {
            (inner, req) = checker::round_state(&inner, sys, n);
        }
    }
    let (result, explanation) = py.allow_threads(|| {
        let result = sys.pair(&inner, &req);
        let explanation = match (&result, explain) {
            (Ok(p), true) => Some(sys.explain(&inner, &req, p)),
            _ => None,
        };
        (result, explanation)
    });
    let p = match result {
        Ok(p) => p,
        Err(PairingError::NoValidPairing(why)) => {
            return Err(errors::pairing(
                py,
                format!("{label}: round {}: no valid pairing: {why}", req.round),
                req.round,
                Position::file(&label),
            ))
        }
        Err(e) => {
            return Err(errors::pairing(
                py,
                format!("{label}: round {}: {e}", req.round),
                req.round,
                Position::file(&label),
            ))
        }
    };
    Ok(Pairing {
        text: p.to_engine_text(),
        games: p.games,
        bye: p.bye,
        round: req.round,
        system: sys.name().to_string(),
        explanation,
    })
}

fn pairing_dict<'py>(py: Python<'py>, p: &pairing::Pairing) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("games", p.games.clone())?;
    d.set_item("bye", p.bye)?;
    Ok(d)
}

/// Re-pairs every round of `t` and compares with the file, as `swisslab check` does: a dict
/// with `rounds` (checked) and `discrepancies`, one dict per differing round (`round`,
/// `expected` and `produced` pairings, `error` when the engine could not pair, `why`: the first
/// criterion, by article, on which the two differ, and `text` as the command prints it).
#[pyfunction]
#[pyo3(signature = (t, system=None, acceleration=None))]
pub fn check<'py>(
    py: Python<'py>,
    t: &Bound<'py, Tournament>,
    system: Option<&str>,
    acceleration: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let t = t.get();
    let (inner, sys) = prepare(py, t, system, acceleration)?;
    let report = py.allow_threads(|| checker::check(&inner, sys));
    let out = PyDict::new(py);
    out.set_item("file", t.path.clone())?;
    out.set_item("system", sys.name())?;
    out.set_item("rounds", report.rounds)?;
    let mut list = Vec::new();
    for d in &report.discrepancies {
        let x = PyDict::new(py);
        x.set_item("round", d.round)?;
        x.set_item("expected", pairing_dict(py, &d.expected)?)?;
        match &d.produced {
            Ok(p) => {
                x.set_item("produced", pairing_dict(py, p)?)?;
                x.set_item("error", None::<String>)?;
            }
            Err(e) => {
                x.set_item("produced", None::<String>)?;
                x.set_item("error", e.to_string())?;
            }
        }
        x.set_item("why", d.why.clone())?;
        x.set_item("text", d.to_string())?;
        list.push(x);
    }
    out.set_item("discrepancies", list)?;
    Ok(out)
}

/// The standings as `swisslab standings --format csv` computes them: a dict with `edition`,
/// `tiebreaks` (the specifiers, PTS first), `source` (where the list came from) and `rows`
/// (rank, start_no, name, rating, then one value per tie-break; None where undefined).
#[pyfunction]
#[pyo3(signature = (t, tiebreaks=None, edition=None))]
pub fn standings<'py>(
    py: Python<'py>,
    t: &Bound<'py, Tournament>,
    tiebreaks: Option<&str>,
    edition: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let t = t.get();
    let label = t.label();
    let (specs, source) = match tiebreaks {
        Some(list) => {
            let mut s = tiebreak::parse_list(list)
                .map_err(|e| errors::usage(py, format!("tiebreaks: {e}")))?;
            if s.is_empty() {
                return Err(errors::usage(
                    py,
                    "tiebreaks: the list names no tie-break".into(),
                ));
            }
            tiebreak::with_points_first(&mut s);
            (s, "tiebreaks=".to_string())
        }
        None => match tiebreak::file_list(&t.inner) {
            Ok(Some((fl, s))) => (s, format!("the file's {} record", fl.record)),
            Ok(None) => {
                let mut s = tiebreak::parse_list(tiebreak::DEFAULT_LIST)
                    .map_err(|e| errors::usage(py, e.to_string()))?;
                tiebreak::with_points_first(&mut s);
                (s, "the default order".to_string())
            }
            Err(e) => {
                return Err(errors::config(
                    py,
                    format!("{label}: {e}"),
                    Position::file(&label),
                ))
            }
        },
    };
    let edition = match edition {
        Some(name) => Edition::from_name(name).ok_or_else(|| {
            errors::usage(
                py,
                format!("unknown edition '{name}' (expected 2024 or 2026)"),
            )
        })?,
        None => Edition::for_tournament(&t.inner),
    };
    let st = py.allow_threads(|| swisslab_engine::standings::standings(&t.inner, &specs, edition));
    let out = PyDict::new(py);
    out.set_item("edition", st.edition.name())?;
    let names: Vec<&str> = st.specs.iter().map(|s| s.text.as_str()).collect();
    out.set_item("tiebreaks", names.clone())?;
    out.set_item("source", source)?;
    let mut rows = Vec::with_capacity(st.rows.len());
    for r in &st.rows {
        let d = PyDict::new(py);
        d.set_item("rank", r.rank)?;
        d.set_item("start_no", r.id)?;
        let p = t.inner.player(r.id);
        d.set_item("name", p.map_or("", |p| p.name.trim()))?;
        d.set_item("rating", p.map_or(0, |p| p.rating))?;
        for (name, v) in names.iter().zip(&r.values) {
            d.set_item(*name, v.as_f64())?;
        }
        rows.push(d);
    }
    out.set_item("rows", rows)?;
    Ok(out)
}

/// The pairing systems: (name, title) pairs, the default first.
#[pyfunction]
pub fn systems() -> Vec<(&'static str, &'static str)> {
    let mut all: Vec<_> = System::ALL.iter().map(|s| (s.name(), s.title())).collect();
    all.sort_by_key(|(n, _)| *n != System::DEFAULT.name());
    all
}
