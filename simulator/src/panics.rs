//! Catching a panic of the engine (or of the simulator itself) without printing it.
//!
//! A panic is a failure the run records, with its message and now its source location, in
//! `failures/` and the CSVs. The default panic hook would also print it to stderr, over the
//! progress bar and once per failing tournament. `catch` keeps that quiet on the calling thread
//! only: a panic anywhere else (another thread, a test) still goes to the hook that was there
//! before.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// Inside `catch` on this thread.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// The message and location of the last panic caught quietly on this thread.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// The panic payload as text.
pub fn text(p: &(dyn Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".into()
    }
}

/// Runs `f`; a panic inside becomes `Err("message at file:line:column")` and is not printed.
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let at = info
                    .location()
                    .map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column()))
                    .unwrap_or_default();
                let message = format!("{}{at}", text(info.payload()));
                LAST.with(|last| *last.borrow_mut() = Some(message));
            } else {
                previous(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    result.map_err(|p| {
        LAST.with(|last| last.borrow_mut().take())
            .unwrap_or_else(|| text(p.as_ref()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caught_panic_gives_its_message_and_location() {
        let line = line!() + 1;
        let r: Result<(), String> = catch(|| panic!("deliberate {}", 42));
        let message = r.unwrap_err();
        assert!(message.starts_with("deliberate 42 at "), "{message}");
        assert!(
            message.ends_with(&format!("panics.rs:{line}:46")),
            "{message}"
        );
    }

    #[test]
    fn nested_catches_each_get_their_own_panic() {
        let r: Result<(), String> = catch(|| {
            let inner: Result<(), String> = catch(|| panic!("inner"));
            assert!(inner.unwrap_err().starts_with("inner at "));
            panic!("outer")
        });
        let message: String = r.unwrap_err();
        assert!(message.starts_with("outer at "), "{message}");
        assert_eq!(catch(|| 7), Ok(7));
    }
}
