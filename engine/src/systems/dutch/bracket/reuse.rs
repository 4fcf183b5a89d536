//! One weighted-matching solver kept for all the matchings of a bracket, so that its weight
//! matrix (up to `search::MATRIX_BYTES`) is allocated once per bracket rather than once per
//! matching: a fresh matrix of a large bracket costs the kernel more to hand out (zeroed
//! pages) than the solver takes to fill it.

use crate::matching::{Matcher, Weight};
use std::any::Any;
use std::cell::RefCell;

/// The solver of the bracket's last matching, of whatever weight type it had.
#[derive(Default)]
pub(super) struct Reuse(RefCell<Option<Box<dyn Any>>>);

impl Reuse {
    /// Runs `f` with the kept solver when it has weights `W`, else with a new one (the kept
    /// one, of another type, is dropped first, so that two matrices never coexist); keeps the
    /// solver for the next matching.
    pub(super) fn with<W: Weight + 'static, R>(&self, f: impl FnOnce(&mut Matcher<W>) -> R) -> R {
        let kept = self.0.borrow_mut().take();
        let mut matcher = match kept.map(|b| b.downcast::<Matcher<W>>()) {
            Some(Ok(m)) => m,
            other => {
                drop(other);
                Box::new(Matcher::new())
            }
        };
        let out = f(&mut matcher);
        *self.0.borrow_mut() = Some(matcher);
        out
    }
}
