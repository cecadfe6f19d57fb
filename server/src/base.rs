//! Vocabulary every layer shares: source files, byte ranges, dialects and
//! line/column positions. It sits below `syntax`, so nothing here imports
//! another module of the crate.

use serde::Serialize;

pub mod clock;
pub mod interrupt;

/// The crate's hash map: a fixed-seed hasher, so iteration order (and with it
/// the order queries are built and the work units they cost) is the same in
/// every run; std's `RandomState` reseeds per process.
#[allow(clippy::disallowed_types)]
pub type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

/// The crate's hash set, with the same fixed-seed hasher as [`HashMap`].
#[allow(clippy::disallowed_types)]
pub type HashSet<T> = std::collections::HashSet<T, foldhash::fast::FixedState>;

/// A thread-safe memo table: each key's value is computed once (the lock is
/// not held while computing, so two threads may both compute a value the
/// first time; they compute the same one).
#[derive(Debug)]
pub struct Memo<K, V>(std::sync::Mutex<HashMap<K, V>>);

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(std::sync::Mutex::new(HashMap::default()))
    }
}

impl<K: std::hash::Hash + Eq, V: Clone> Memo<K, V> {
    /// The value memoised under `key`, computed by `compute` on a miss.
    pub fn get_or_compute(&self, key: K, compute: impl FnOnce() -> V) -> V {
        let table = || {
            self.0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        };
        if let Some(found) = table().get(&key) {
            return found.clone();
        }
        let value = compute();
        table().insert(key, value.clone());
        value
    }
}

/// Set for a process whose files do not change while it runs (`check`
/// reads one snapshot of the disk): facts read off the disk (a file's
/// metadata, the compilation database and project file that apply to it)
/// may then be taken once per process. The editor and `fix` never set it: a
/// file may change between two of their analyses.
static FILES_FROZEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Declares the files frozen for the rest of the process (see
/// [`files_frozen`]); for a run that reads one snapshot of the disk.
pub fn freeze_files() {
    FILES_FROZEN.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the files were declared frozen ([`freeze_files`]): what is read
/// off the disk may be memoised for the rest of the process.
pub fn files_frozen() -> bool {
    FILES_FROZEN.load(std::sync::atomic::Ordering::Relaxed)
}

/// Index of a source file in `ir::Program::files`; 0 is the file being analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
pub struct FileId(pub u32);

/// A byte range in one source file, always of text the user wrote (a macro
/// invocation, never its expansion).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
pub struct Span {
    /// File the range is in.
    pub file: FileId,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span in the main file.
    pub fn new(start: u32, end: u32) -> Span {
        Span {
            file: FileId(0),
            start,
            end,
        }
    }
}

/// Source dialect of a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Lang {
    /// CUDA (`.cu`, `.cuh`).
    Cuda,
    /// OpenCL C (`.cl`).
    OpenCl,
}

impl Lang {
    /// Dialect from a file extension (`.cl` is OpenCL, everything else CUDA).
    pub fn from_path(path: &std::path::Path) -> Lang {
        match path.extension().and_then(|e| e.to_str()) {
            Some("cl") => Lang::OpenCl,
            _ => Lang::Cuda,
        }
    }
}

/// A position in a file: 0-based line, 0-based column in UTF-16 code units (LSP)
/// and in Unicode scalar values (for humans).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Position {
    /// 0-based line.
    pub line: u32,
    /// 0-based column in UTF-16 code units.
    pub utf16: u32,
    /// 0-based column in characters.
    pub chars: u32,
}

/// Byte offsets of the line starts of a text, for repeated position lookups.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineStarts(Vec<usize>);

impl LineStarts {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineStarts {
        let starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|(_, b)| *b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        LineStarts(starts)
    }

    /// Position of byte `offset` of `text` (the text this index was built from),
    /// clamped to the text and to a character boundary.
    pub fn position(&self, text: &str, offset: u32) -> Position {
        let mut offset = (offset as usize).min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .0
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let line_start = self.0.get(line).copied().unwrap_or(0).min(offset);
        let column = text.get(line_start..offset).unwrap_or("");
        Position {
            line: line as u32,
            utf16: column.encode_utf16().count() as u32,
            chars: column.chars().count() as u32,
        }
    }
}

/// Position of byte `offset` in `text`, clamped to the text and to a character boundary.
pub fn position_of(text: &str, offset: u32) -> Position {
    LineStarts::new(text).position(text, offset)
}

/// Holds a value and, when dropped (also while unwinding), frees it on a
/// thread of its own. Freeing the syntax tree of a 5 MB file takes about a
/// second, which the caller's deadline must not pay after the work stopped.
pub struct DropElsewhere<T: Send + 'static> {
    value: Option<T>,
    /// Whether the drop spawns a thread (else the value is freed in place).
    elsewhere: bool,
}

impl<T: Send + 'static> DropElsewhere<T> {
    /// Wraps `value`.
    pub fn new(value: T) -> DropElsewhere<T> {
        DropElsewhere::when(value, true)
    }

    /// Wraps `value`, freed on a thread of its own only if `elsewhere` (a
    /// large value; a small one is not worth a thread).
    pub fn when(value: T, elsewhere: bool) -> DropElsewhere<T> {
        DropElsewhere {
            value: Some(value),
            elsewhere,
        }
    }
}

impl<T: Send + 'static> std::ops::Deref for DropElsewhere<T> {
    type Target = T;
    fn deref(&self) -> &T {
        // Only `drop` takes the value out.
        self.value
            .as_ref()
            .unwrap_or_else(|| unreachable!("taken only on drop"))
    }
}

impl<T: Send + 'static> Drop for DropElsewhere<T> {
    fn drop(&mut self) {
        if let Some(value) = self.value.take().filter(|_| self.elsewhere) {
            // If no thread can be started, the value is freed here.
            let _ = std::thread::Builder::new()
                .name("syncwright-free".into())
                .spawn(move || drop(value));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialect_follows_the_extension() {
        use std::path::Path;
        assert_eq!(Lang::from_path(Path::new("k.cl")), Lang::OpenCl);
        assert_eq!(Lang::from_path(Path::new("dir.cl/k.cu")), Lang::Cuda);
        assert_eq!(Lang::from_path(Path::new("k.cuh")), Lang::Cuda);
        assert_eq!(Lang::from_path(Path::new("noext")), Lang::Cuda);
    }

    #[test]
    fn positions_count_utf16_and_chars() {
        let text = "ab\n\u{e9}\u{1F600}x\n";
        assert_eq!(
            position_of(text, 0),
            Position {
                line: 0,
                utf16: 0,
                chars: 0
            }
        );
        assert_eq!(
            position_of(text, 3),
            Position {
                line: 1,
                utf16: 0,
                chars: 0
            }
        );
        // é is 2 bytes, 1 UTF-16 unit; the emoji is 4 bytes, 2 UTF-16 units.
        assert_eq!(
            position_of(text, 9),
            Position {
                line: 1,
                utf16: 3,
                chars: 2
            }
        );
        // Inside a multi-byte character: clamped to its start.
        assert_eq!(
            position_of(text, 6),
            Position {
                line: 1,
                utf16: 1,
                chars: 1
            }
        );
        assert_eq!(
            position_of(text, 999),
            Position {
                line: 2,
                utf16: 0,
                chars: 0
            }
        );
    }

    #[test]
    fn line_index_agrees_with_a_linear_scan() {
        let text = "a\r\n\u{e9}t\n\n\u{1F600}\u{1F600}z\nlast";
        let index = LineStarts::new(text);
        for offset in 0..=text.len() as u32 + 2 {
            let mut o = (offset as usize).min(text.len());
            while !text.is_char_boundary(o) {
                o -= 1;
            }
            let before = &text[..o];
            let column = &before[before.rfind('\n').map_or(0, |p| p + 1)..];
            let expected = Position {
                line: before.matches('\n').count() as u32,
                utf16: column.encode_utf16().count() as u32,
                chars: column.chars().count() as u32,
            };
            assert_eq!(index.position(text, offset), expected, "offset {offset}");
        }
        assert_eq!(
            LineStarts::new("").position("", 5),
            Position {
                line: 0,
                utf16: 0,
                chars: 0
            }
        );
    }
}
