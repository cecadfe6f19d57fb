//! Cooperative interruption of long front-end work (lexing, parsing,
//! lowering): the caller installs a deadline and/or a cancellation test for
//! the current thread ([`with`]); the work polls [`poll`] in its loops and
//! stops when it says so. The front end's helper threads inherit the caller's
//! interrupt ([`current`]), and with it work for the deadline's budget
//! clock account (their CPU time counts, see `base::clock`).
//!
//! Lexing and parsing stop by unwinding with an [`Interrupted`] payload
//! (`resume_unwind`: no panic hook runs, so it is not reported as a panic);
//! the front end's guard turns it into `unsupported` kernels that carry the
//! reason. Lowering stops a kernel with the reason directly.

use super::clock::{Deadline, Reached};
use std::cell::{Cell, RefCell};
use std::sync::Arc;

/// A cancellation test: true when the work is no longer wanted.
pub type Cancel = Arc<dyn Fn() -> bool + Send + Sync>;

/// When work should stop.
#[derive(Clone, Default)]
pub struct Interrupt {
    /// The deadline and the limit it stands for (named in the reason).
    pub deadline: Option<(Deadline, String)>,
    /// Stops the work when it returns true (a newer version of the text).
    pub cancel: Option<Cancel>,
}

/// The payload of an interrupted front end's unwinding: the reason.
#[derive(Clone, Debug)]
pub struct Interrupted(pub String);

thread_local! {
    static CURRENT: RefCell<Interrupt> = RefCell::new(Interrupt::default());
    static POLLS: Cell<u32> = const { Cell::new(0) };
}

/// Runs `work` with `interrupt` installed on this thread (the previous one is
/// restored afterwards, also when `work` unwinds); under a deadline the
/// thread works for its clock account meanwhile.
pub fn with<T>(interrupt: Interrupt, work: impl FnOnce() -> T) -> T {
    match interrupt
        .deadline
        .as_ref()
        .map(|(d, _)| d.account().clone())
    {
        Some(account) => super::clock::working_for(&account, || installed(interrupt, work)),
        None => installed(interrupt, work),
    }
}

/// [`with`] without the clock account.
fn installed<T>(interrupt: Interrupt, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Interrupt>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(previous) = self.0.take() {
                CURRENT.with(|c| *c.borrow_mut() = previous);
            }
        }
    }
    let previous = CURRENT.with(|c| std::mem::replace(&mut *c.borrow_mut(), interrupt));
    let _restore = Restore(Some(previous));
    work()
}

/// The interrupt installed on this thread (to install it on a helper thread).
pub fn current() -> Interrupt {
    CURRENT.with(|c| c.borrow().clone())
}

/// Why the work should stop now, if it should (checks the clock and the
/// cancellation test on every call).
pub fn reason() -> Option<String> {
    CURRENT.with(|c| {
        let c = c.borrow();
        if let Some((deadline, limit)) = &c.deadline {
            match deadline.reached() {
                Some(Reached::Budget) => return Some(format!("{limit} reached")),
                Some(Reached::WallCap) => {
                    return Some(format!(
                        "the wall-clock safety cap ({} times {limit}) reached",
                        super::clock::WALL_CAP_FACTOR
                    ))
                }
                None => {}
            }
        }
        if c.cancel.as_ref().is_some_and(|cancel| cancel()) {
            return Some("cancelled: a newer version of the text arrived".to_string());
        }
        None
    })
}

/// [`reason`], but only every 1,024th call (cheap enough for inner loops).
pub fn poll() -> Option<String> {
    let n = POLLS.with(|p| {
        let n = p.get().wrapping_add(1);
        p.set(n);
        n
    });
    if n.is_multiple_of(1024) {
        reason()
    } else {
        None
    }
}

/// Unwinds with [`Interrupted`] when [`poll`] says to stop (for inner loops
/// of work that stops by unwinding).
pub fn stop_if_polled() {
    if let Some(why) = poll() {
        std::panic::resume_unwind(Box::new(Interrupted(why)));
    }
}

/// Unwinds with [`Interrupted`] when [`reason`] says to stop.
pub fn stop_if_requested() {
    if let Some(why) = reason() {
        std::panic::resume_unwind(Box::new(Interrupted(why)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_passed_deadline_names_its_limit_and_is_restored_after() {
        let past = Interrupt {
            deadline: Some((Deadline::after(Duration::ZERO), "the budget".into())),
            cancel: None,
        };
        let inside = with(past, reason);
        assert_eq!(inside.as_deref(), Some("the budget reached"));
        assert_eq!(reason(), None);
    }

    #[test]
    fn stopping_unwinds_with_the_reason() {
        let cancelled = Interrupt {
            deadline: None,
            cancel: Some(Arc::new(|| true)),
        };
        let stop = std::panic::AssertUnwindSafe(|| with(cancelled, stop_if_requested));
        let payload = std::panic::catch_unwind(stop).unwrap_err();
        let why = payload.downcast_ref::<Interrupted>().map(|i| i.0.clone());
        assert!(why.is_some_and(|w| w.starts_with("cancelled")));
    }
}
