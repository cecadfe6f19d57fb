//! The layer's one panic guard and its one big-stack runner: a panic in a lower
//! layer becomes an error value (reported as `unsupported` or `inconclusive`,
//! never a crash), and analyses run on a thread whose stack fits deep recursion.

use std::any::Any;
use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;

/// Stack of an analysis thread: lowering and checking recurse over the syntax
/// tree and the IR, and a stack overflow cannot be caught. The stack is
/// reserved address space, committed only as used, and exists only while the
/// analysis runs.
pub const ANALYSIS_STACK_BYTES: usize = 512 * 1024 * 1024;

/// The text of a panic payload (`&str` or `String`, else a placeholder).
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// Runs `f`, turning a panic into `internal error in {what}: {message}` (and
/// an interruption, see `base::interrupt`, into `{what} stopped: {reason}`).
pub fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| failure_reason(what, &*payload))
}

/// Why work guarded as `what` did not finish: an interruption's reason, or
/// the panic's message as an internal error.
pub fn failure_reason(what: &str, payload: &(dyn Any + Send)) -> String {
    match payload.downcast_ref::<crate::base::interrupt::Interrupted>() {
        Some(stopped) => format!("{what} stopped: {}", stopped.0),
        None => format!("internal error in {what}: {}", panic_message(payload)),
    }
}

/// Runs `work` on a fresh thread with an [`ANALYSIS_STACK_BYTES`] stack and
/// waits for it. None if the thread could not start or died.
pub fn on_analysis_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let worker = std::thread::Builder::new()
        .name("syncwright-analysis".into())
        .stack_size(ANALYSIS_STACK_BYTES)
        .spawn(work);
    match worker.map(std::thread::JoinHandle::join) {
        Ok(Ok(result)) => Some(result),
        Ok(Err(_)) | Err(_) => None,
    }
}

/// Stack of a pooled analysis thread (the server's), as the server's threads had.
pub const POOL_STACK_BYTES: usize = 256 * 1024 * 1024;
/// Pooled analysis threads at most.
const POOL_THREADS: usize = 4;
/// A pooled thread idle this long exits, giving its stack's address space back.
const POOL_IDLE: Duration = Duration::from_secs(30);

type Job = Box<dyn FnOnce() + Send>;

/// Long-lived analysis threads with large stacks. They are reused because
/// each thread keeps a warm Z3 solver (`check::sdv`, tens of milliseconds to
/// create); they exit when idle, so an idle server reserves no large stacks.
struct Pool {
    state: Mutex<PoolState>,
    work: Condvar,
}

#[derive(Default)]
struct PoolState {
    jobs: VecDeque<Job>,
    threads: usize,
    idle: usize,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        state: Mutex::new(PoolState::default()),
        work: Condvar::new(),
    })
}

impl Pool {
    /// Queues `job`, starting a thread when none is idle and the pool is not
    /// full. False if no thread runs or can start.
    fn submit(&'static self, job: Job) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.jobs.push_back(job);
        if state.idle > state.jobs.len() - 1 {
            self.work.notify_one();
            return true;
        }
        if state.threads >= POOL_THREADS {
            return true;
        }
        let started = std::thread::Builder::new()
            .name("syncwright-analysis".into())
            .stack_size(POOL_STACK_BYTES)
            .spawn(move || self.serve());
        if started.is_ok() {
            state.threads += 1;
            true
        } else {
            state.jobs.pop_back();
            state.threads > 0
        }
    }

    fn serve(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(job) = state.jobs.pop_front() {
                drop(state);
                job();
                state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                continue;
            }
            state.idle += 1;
            let (next, timeout) = self
                .work
                .wait_timeout(state, POOL_IDLE)
                .unwrap_or_else(|e| e.into_inner());
            state = next;
            state.idle -= 1;
            if timeout.timed_out() && state.jobs.is_empty() {
                state.threads -= 1;
                return;
            }
        }
    }
}

/// Runs `work` on a pooled analysis thread and waits for it (the server's
/// analyses). None if it panicked or no thread could run it.
pub fn on_analysis_pool<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (done, result) = std::sync::mpsc::channel();
    let job: Job = Box::new(move || {
        let _ = done.send(catch_unwind(AssertUnwindSafe(work)).ok());
    });
    if !pool().submit(job) {
        return None;
    }
    result.recv().ok().flatten()
}

/// Set when a large allocation was freed and not yet handed back.
static RELEASE_PENDING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Notes that a large allocation (a large document's analysis, or the
/// temporaries of analysing one) is being freed: the next
/// [`release_pending_memory`] hands it back to the operating system.
pub fn note_large_free() {
    RELEASE_PENDING.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// [`release_memory`] when a large allocation was freed since the last call.
/// Called when an analysis ends (every path), so memory freed in whatever
/// order (a superseded analysis of a large text, a request that held the old
/// analysis longest) is given back at the next analysis, not only when the
/// one replacing it happens to see the document shrink.
pub fn release_pending_memory() {
    if RELEASE_PENDING.swap(false, std::sync::atomic::Ordering::SeqCst) {
        release_memory();
    }
}

/// Hands freed heap memory back to the operating system (glibc keeps it
/// otherwise: a 10 MB document replaced by a small one would leave the
/// server's resident size at its peak). A no-op elsewhere.
pub fn release_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::os::raw::c_int;
        }
        // SAFETY: glibc's malloc_trim only walks the allocator's own free
        // lists under its locks; it takes no pointers from us.
        unsafe {
            malloc_trim(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_messages_are_extracted() {
        let payload = catch_unwind(|| panic!("static")).unwrap_err();
        assert_eq!(panic_message(&*payload), "static");
        let payload = catch_unwind(|| panic!("formatted {}", 3)).unwrap_err();
        assert_eq!(panic_message(&*payload), "formatted 3");
        assert_eq!(
            guarded("the test", || -> () { panic!("boom") }),
            Err("internal error in the test: boom".to_string())
        );
    }

    #[test]
    fn analysis_threads_return_results_and_survive_panics() {
        assert_eq!(on_analysis_thread(|| 7), Some(7));
        assert_eq!(on_analysis_thread(|| -> u8 { panic!("dies") }), None);
        assert_eq!(on_analysis_pool(|| 7), Some(7));
        assert_eq!(on_analysis_pool(|| -> u8 { panic!("dies") }), None);
        // Pooled threads are reused: a thread-local survives between jobs.
        thread_local!(static RUNS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
        let runs: Vec<u32> = (0..20)
            .map(|_| {
                on_analysis_pool(|| {
                    RUNS.with(|r| {
                        r.set(r.get() + 1);
                        r.get()
                    })
                })
                .unwrap_or(0)
            })
            .collect();
        assert!(runs.iter().any(|&n| n > 1), "{runs:?}");
        let many: Vec<_> = (0..8)
            .map(|i| std::thread::spawn(move || on_analysis_pool(move || i * 2)))
            .collect();
        let results: Vec<_> = many.into_iter().map(|t| t.join().ok().flatten()).collect();
        assert_eq!(results, (0..8).map(|i| Some(i * 2)).collect::<Vec<_>>());
    }
}
