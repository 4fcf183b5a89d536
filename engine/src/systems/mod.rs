//! The pairing systems, one folder each, private to the crate: every caller outside the engine
//! reaches them through [`crate::System`].
//!
//! - `dutch`: the FIDE (Dutch) System C.04.3, its 2017 edition (`dutch::edition_2017`) and its
//!   2026 edition (`dutch::edition_2026`);
//! - `dutch2012`: the FIDE (Dutch) System, Istanbul 2012 edition;
//! - `rating1998`: the FIDE Swiss System based on rating (1992/1997/1998);
//! - `dubov`: the Dubov System, its 1997 and 2026 editions;
//! - `lim`: the Lim System C.04.4.3, as far as its text could be read (Art. 1.1-2.3);
//! - `burstein`: the Burstein System, C.04.4.2 (2026);
//! - `double_swiss`: the Double-Swiss System C.04.5 (2026), matches of two games;
//! - `swiss_team`: the Swiss Team Pairing System C.04.6 (2026), teams (its procedure shared
//!   with `double_swiss` in `common::brackets`).

pub(crate) mod burstein;
pub(crate) mod common;
pub(crate) mod double_swiss;
pub(crate) mod dubov;
pub(crate) mod dutch;
pub(crate) mod dutch2012;
pub(crate) mod lim;
pub(crate) mod rating1998;
pub(crate) mod swiss_team;
#[cfg(test)]
pub(crate) mod toy;
