//! The Double-Swiss procedure by plain enumeration, the test oracle of the fast one: the shared
//! literal procedure of [`crate::systems::common::brackets::literal`] on the Double-Swiss view
//! of the match.

use super::view;
use crate::model::Tournament;
use crate::pairing::{Pairing, PairingError, Request};
use crate::systems::common::brackets::literal;

/// Pairs the match of `req` by enumeration.
pub(crate) fn pair(t: &Tournament, req: &Request) -> Result<Pairing, PairingError> {
    let f = view::field(t, req)?;
    let out = literal::pair_field(&f)?;
    Ok(super::to_pairing(t, req, &f, &out))
}
