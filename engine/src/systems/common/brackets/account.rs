//! The part of a `pair --explain` account that the Double-Swiss (C.04.5) and Swiss Team (C.04.6)
//! texts share: the PAB Article 3.4 chose and, bracket by bracket, the residents and the
//! upfloaters 3.5 chose. What each system says of a bracket's pairing (3.6) and colours is its own.

use super::procedure::{Bracket, Outcome};
use std::fmt::Write as _;

/// The words of one system's account.
pub(crate) struct Words<'a> {
    /// Why the PAB went to whom it went, after "3.4 PAB: <unit> ".
    pub pab_reason: &'a str,
    /// The label of the upfloaters' line, after "  3.5 upfloaters ".
    pub upfloaters: &'a str,
}

/// Writes the PAB line of `out`, then for each bracket its residents, its upfloaters (when it
/// has any) and what `pairing` writes of its pairing; `who` names a field index.
pub(crate) fn write(
    s: &mut String,
    out: &Outcome,
    words: &Words<'_>,
    who: impl Fn(usize) -> String,
    mut pairing: impl FnMut(&mut String, &Bracket),
) {
    if let Some(b) = out.bye {
        let _ = writeln!(s, "3.4 PAB: {} {}", who(b), words.pab_reason);
    }
    let list = |v: &[usize]| v.iter().map(|&i| who(i)).collect::<Vec<_>>().join(", ");
    for (n, b) in out.brackets.iter().enumerate() {
        let _ = writeln!(s, "bracket {}: residents {}", n + 1, list(&b.residents));
        if !b.upfloaters.is_empty() {
            let _ = writeln!(
                s,
                "  3.5 upfloaters {}: {}",
                words.upfloaters,
                list(&b.upfloaters)
            );
        }
        pairing(s, b);
    }
}
