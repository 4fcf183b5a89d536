//! Which system a name or a tournament file names: the command line's names
//! ([`std::str::FromStr`]), TRF-2026 `192` tournament types and the free text of `092` lines,
//! each read from what the systems declare (their `Info`).

use super::System;
use crate::model::Tournament;
use std::str::FromStr;

/// A name that is not a system's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown pairing system {found:?}: expected one of {}", names())]
pub struct UnknownSystem {
    pub found: String,
}

/// A TRF-2026 `192` tournament type that names no system swisslab reads from a `192` record:
/// a code ETT26 does not define (`FIDE_LIM`: ETT26 has no Lim code, trf-formats.md, E; a
/// typo), or `CUSTOM_SWISS`, which names no rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "192 tournament type {code:?} is not one swisslab reads: the 192 codes are {}; {}",
    supported_192(),
    by_other_means(.code)
)]
pub struct UnsupportedCode {
    pub code: String,
}

/// Every `192` code a system reads, with the system, in the registry's order.
fn codes_192() -> impl Iterator<Item = (&'static str, System)> {
    System::ALL
        .iter()
        .flat_map(|&s| s.imp().info().codes_192.iter().map(move |&code| (code, s)))
}

/// The codes read, those also read with `_BAKU` first.
fn supported_192() -> String {
    let list = |baku: bool| {
        codes_192()
            .filter(|(_, s)| s.imp().no_baku().is_none() == baku)
            .map(|(c, _)| c)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (with, without) = (list(true), list(false));
    if without.is_empty() {
        format!("{with} (each also with _BAKU)")
    } else {
        format!("{with} (each also with _BAKU) and {without}")
    }
}

/// The system whose code `base` is, refusing the Baku Acceleration, with the reason.
fn baku_refused(code: &str) -> Option<&'static str> {
    let c = code.trim().to_ascii_uppercase();
    let base = c.strip_suffix("_BAKU")?;
    codes_192()
        .find(|(c, _)| *c == base)
        .and_then(|(_, s)| s.imp().no_baku())
}

/// How the systems without a `192` code are named, for the one `code` seems to mean.
fn by_other_means(code: &str) -> String {
    let c = code.trim().to_ascii_uppercase();
    if let Some(why) = baku_refused(code) {
        format!("the _BAKU suffix is not read here: {why}")
    } else if c.starts_with("FIDE_LIM") {
        format!(
            "ETT26 defines no code for the Lim System: swisslab pairs it (lim) when a 092 line \
             reads '{}' or --system lim names it",
            System::Lim.trf_text()
        )
    } else if c.starts_with("CUSTOM") {
        "CUSTOM_SWISS names no rules: --system chooses the system".to_string()
    } else {
        format!(
            "{} have no 192 code: a 092 line or --system names them",
            without_192()
        )
    }
}

/// The systems no `192` code names.
fn without_192() -> String {
    System::ALL
        .iter()
        .filter(|s| s.imp().info().codes_192.is_empty())
        .map(|s| s.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn names() -> String {
    System::ALL
        .iter()
        .map(|s| s.name())
        .collect::<Vec<_>>()
        .join(", ")
}

impl System {
    /// The system a TRF-2026 `192` tournament type names (ETT26 codes, with or without a year,
    /// with or without the `_BAKU` suffix of the Baku Acceleration, which
    /// [`crate::acceleration`] reads; the team codes `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]`
    /// without it), or an error naming the code and listing those swisslab pairs.
    pub fn from_192(code: &str) -> Result<System, UnsupportedCode> {
        let c = code.trim().to_ascii_uppercase();
        let base = c.strip_suffix("_BAKU").unwrap_or(&c);
        codes_192()
            .find(|(c, _)| *c == base)
            .map(|(_, s)| s)
            .filter(|s| base == c || s.imp().no_baku().is_none())
            .ok_or_else(|| UnsupportedCode {
                code: code.trim().to_string(),
            })
    }

    /// The system a TRF code names: a TRF-2026 `192` tournament type (`FIDE_DUTCH_2017`, …) or
    /// the free text of a `092` line. `None` when the code names no system swisslab implements.
    pub fn from_code(code: &str) -> Option<System> {
        if let Ok(s) = System::from_192(code) {
            return Some(s);
        }
        let c = code.trim().to_ascii_uppercase();
        System::ALL
            .iter()
            .copied()
            .find(|s| (s.imp().info().names_in_092)(&c))
    }

    /// The system a tournament file names: its `192` record (which must name a system
    /// swisslab implements), else its `092` record when its text names one. A `192` naming
    /// another system (`FIDE_DUBOV`) is not overruled by a `092`.
    pub fn from_trf(t: &Tournament) -> Result<Option<System>, UnsupportedCode> {
        let record = |code: &str| {
            t.records
                .iter()
                .find(|(c, v)| c == code && !v.trim().is_empty())
                .map(|(_, v)| v.trim())
        };
        match record("192") {
            Some(code) => System::from_192(code).map(Some),
            None => Ok(record("092").and_then(System::from_code)),
        }
    }

    /// The system to pair `t` with: the command line's, else the file's, else the edition in
    /// force. A `192` code swisslab does not read is an error unless the
    /// command line names one.
    pub fn resolve(cli: Option<System>, t: &Tournament) -> Result<System, UnsupportedCode> {
        match cli {
            Some(s) => Ok(s),
            None => Ok(System::from_trf(t)?.unwrap_or(System::DEFAULT)),
        }
    }
}

impl FromStr for System {
    type Err = UnknownSystem;

    fn from_str(s: &str) -> Result<System, UnknownSystem> {
        System::ALL
            .iter()
            .copied()
            .find(|sys| {
                std::iter::once(sys.name())
                    .chain(sys.aliases().iter().copied())
                    .any(|n| n.eq_ignore_ascii_case(s.trim()))
            })
            .ok_or_else(|| UnknownSystem {
                found: s.to_string(),
            })
    }
}
