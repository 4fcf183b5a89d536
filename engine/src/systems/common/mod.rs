//! What several pairing systems share, written once: the initial colour (`colour`).

pub(crate) mod colour;
