//! The layer's one panic guard and its one big-stack runner: a panic in a lower
//! layer becomes an error value (reported as `unsupported` or `inconclusive`,
//! never a crash), and analyses run on a thread whose stack fits deep recursion.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

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

/// Runs `f`, turning a panic into `internal error in {what}: {message}`.
pub fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|payload| format!("internal error in {what}: {}", panic_message(&*payload)))
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
    }
}
