//! Writing a repaired file in place without taking it from its owner: through
//! symlinks to their target, never over a read-only file unless forced, with
//! the file's mode kept, atomically (a temporary file renamed over the target),
//! and the temporary file removed on every error and on SIGINT/SIGTERM/SIGHUP.

use std::ffi::CString;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, Ordering};

/// The temporary file being written, for the signal handler (a leaked C string,
/// or null).
static PENDING_TEMP: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// Writes `text` to the file `path` names (the target of a symlink), atomically;
/// returns the path written. A read-only file is refused unless `force`.
pub fn write_in_place(path: &Path, text: &str, force: bool) -> Result<PathBuf, String> {
    // The file the user means is the target of the link: renaming over the
    // link itself would replace the link and leave the target unrepaired.
    let target = std::fs::canonicalize(path).map_err(|e| format!("cannot resolve: {e}"))?;
    let meta = std::fs::metadata(&target).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file; not written".to_string());
    }
    if meta.permissions().readonly() && !force {
        return Err(
            "the file is read-only; not written (use --force to write it anyway)".to_string(),
        );
    }
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let temp = dir.join(format!(".{name}.syncwright-{}.tmp", std::process::id()));
    let guard = TempGuard::register(&temp);
    let result = (|| -> std::io::Result<()> {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        match pause_mid_write() {
            Some(pause) => {
                // The first half on disk, the process paused: a test kills it here.
                let half = text.len() / 2;
                file.write_all(&text.as_bytes()[..half])?;
                file.sync_all()?;
                std::thread::sleep(pause);
                file.write_all(&text.as_bytes()[half..])?;
            }
            None => file.write_all(text.as_bytes())?,
        }
        file.sync_all()?;
        std::fs::set_permissions(&temp, meta.permissions())?;
        std::fs::rename(&temp, &target)
    })();
    match result {
        Ok(()) => {
            guard.renamed();
            Ok(target)
        }
        // The guard removes the temporary file.
        Err(e) => Err(e.to_string()),
    }
}

/// Test hook: with `SYNCWRIGHT_TEST_WRITE_PAUSE_MS=N` set, the temporary
/// file is written in two halves with a pause of N ms between them, so that an
/// automated test can kill the process while the file is half written
/// (`tests/cli_files.rs`, `fix_write_killed_mid_write_*`). Unset: no pause.
fn pause_mid_write() -> Option<std::time::Duration> {
    let ms: u64 = std::env::var("SYNCWRIGHT_TEST_WRITE_PAUSE_MS")
        .ok()?
        .trim()
        .parse()
        .ok()?;
    Some(std::time::Duration::from_millis(ms))
}

/// Removes the temporary file when dropped (unless renamed) and, while alive,
/// when the process gets SIGINT, SIGTERM or SIGHUP.
struct TempGuard {
    path: PathBuf,
    done: bool,
}

impl TempGuard {
    fn register(path: &Path) -> TempGuard {
        install_signal_handlers();
        if let Ok(c_path) = CString::new(path.as_os_str().as_encoded_bytes()) {
            let old = PENDING_TEMP.swap(c_path.into_raw(), Ordering::SeqCst);
            free(old);
        }
        TempGuard {
            path: path.to_path_buf(),
            done: false,
        }
    }

    fn renamed(mut self) {
        self.done = true;
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        free(PENDING_TEMP.swap(std::ptr::null_mut(), Ordering::SeqCst));
        if !self.done {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

fn free(pointer: *mut libc::c_char) {
    if !pointer.is_null() {
        // SAFETY: every non-null pointer stored in PENDING_TEMP came from
        // `CString::into_raw` and was swapped out exactly once.
        drop(unsafe { CString::from_raw(pointer) });
    }
}

#[cfg(unix)]
fn install_signal_handlers() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only calls async-signal-safe functions
            // (unlink, signal, raise) on a pointer published atomically.
            unsafe {
                libc::signal(signal, on_signal as *const () as libc::sighandler_t);
            }
        }
    });
}

#[cfg(not(unix))]
fn install_signal_handlers() {}

#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    let pending = PENDING_TEMP.swap(std::ptr::null_mut(), Ordering::SeqCst);
    // SAFETY: async-signal-safe calls only; `pending` is a valid C string or null
    // (it is leaked here: the process ends).
    unsafe {
        if !pending.is_null() {
            libc::unlink(pending);
        }
        // End as the signal would have: default action, raised again.
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("syncwright-write-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".syncwright-"))
            .collect()
    }

    #[cfg(unix)]
    #[test]
    fn writes_through_a_symlink_to_its_target() {
        let dir = scratch("link");
        let real = dir.join("real.cu");
        let link = dir.join("k.cu");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let written = write_in_place(&link, "new", false).unwrap();
        assert_eq!(written, std::fs::canonicalize(&real).unwrap());
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        assert!(leftovers(&dir).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn read_only_files_are_refused_unless_forced_and_keep_their_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("ro");
        let file = dir.join("k.cu");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = write_in_place(&file, "new", false).unwrap_err();
        assert!(
            err.contains("read-only") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
        write_in_place(&file, "new", true).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o444);
        assert!(leftovers(&dir).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let dir = scratch("fail");
        // The target is a directory: refused before anything is created.
        let err = write_in_place(&dir, "x", false).unwrap_err();
        assert!(err.contains("not a regular file"), "{err}");
        // The rename fails (a directory sits at the temporary name's target):
        // the temporary file must go.
        let file = dir.join("k.cu");
        std::fs::write(&file, "old").unwrap();
        let blocker = dir.join(format!(".k.cu.syncwright-{}.tmp", std::process::id()));
        std::fs::create_dir(&blocker).unwrap();
        assert!(write_in_place(&file, "new", false).is_err());
        std::fs::remove_dir(&blocker).unwrap();
        assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
