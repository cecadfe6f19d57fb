//! Lowering of the syntax tree into KPL: macros expanded, device functions
//! inlined, pointers resolved to arrays and byte offsets.

use std::path::{Path, PathBuf};

use super::{Lang, Program};
use crate::syntax::parse::ParsedSource;

/// Finds the text of `#include "name"` files.
pub trait IncludeResolver {
    /// Returns the resolved path and text of `name` included from `from`, or None.
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)>;
}

/// Resolves includes relative to the including file's directory on disk.
pub struct FsIncludes;

impl IncludeResolver for FsIncludes {
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)> {
        let path = from.parent().unwrap_or(Path::new(".")).join(name);
        let text = std::fs::read(&path).ok()?;
        Some((path, String::from_utf8_lossy(&text).into_owned()))
    }
}

impl Lang {
    /// Dialect from a file extension (`.cl` is OpenCL, everything else CUDA).
    pub fn from_path(path: &Path) -> Lang {
        match path.extension().and_then(|e| e.to_str()) {
            Some("cl") => Lang::OpenCl,
            _ => Lang::Cuda,
        }
    }
}

/// Lowers an already parsed file.
pub fn lower_parsed(parsed: &ParsedSource, path: &Path, includes: &dyn IncludeResolver) -> Program {
    let _ = (parsed, path, includes);
    todo!("front end")
}

/// Parses and lowers `text`, the contents of `path`.
pub fn lower_source(path: &Path, text: &str, includes: &dyn IncludeResolver) -> Program {
    let parsed = crate::syntax::parse::parse(text, Lang::from_path(path), None);
    lower_parsed(&parsed, path, includes)
}
