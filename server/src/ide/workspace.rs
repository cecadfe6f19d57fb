//! The one walk over folders for kernel files: the command line's paths
//! ([`collect`]) and the editor's workspace folders ([`workspace_files`]),
//! deterministically (sorted), without following symlinked folders.

use std::path::{Path, PathBuf};

/// File extensions searched for in folders.
pub const KERNEL_EXTENSIONS: [&str; 3] = ["cu", "cuh", "cl"];

/// A path that could not be used, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The path.
    pub path: PathBuf,
    /// What went wrong.
    pub message: String,
}

/// Whether a file found in a folder is a kernel file.
pub fn is_kernel_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| KERNEL_EXTENSIONS.contains(&e))
}

/// Expands `paths`: files are taken as given (whatever their extension), folders
/// are searched recursively for kernel files, sorted by path. Symlinked folders
/// are not followed, so cycles cannot occur. The result keeps the order of
/// `paths`, each folder's files sorted, duplicates removed.
pub fn collect(paths: &[PathBuf]) -> Vec<Result<PathBuf, InputError>> {
    let mut out: Vec<Result<PathBuf, InputError>> = Vec::new();
    let mut seen = crate::base::HashSet::default();
    for path in paths {
        let found = match std::fs::metadata(path) {
            Err(e) => vec![Err(InputError {
                path: path.clone(),
                message: e.to_string(),
            })],
            Ok(meta) if meta.is_dir() => {
                let mut files = Vec::new();
                let mut errors = Vec::new();
                walk(path, &Walk::EVERYTHING, 0, &mut files, &mut errors);
                files.sort();
                files
                    .into_iter()
                    .map(Ok)
                    .chain(errors.into_iter().map(Err))
                    .collect()
            }
            Ok(_) => vec![Ok(path.clone())],
        };
        for item in found {
            let key = match &item {
                Ok(p) => p.clone(),
                Err(e) => e.path.clone(),
            };
            if seen.insert(key) {
                out.push(item);
            }
        }
    }
    out
}

/// How far a walk goes.
struct Walk {
    /// Skip hidden folders and build output (`target`, `node_modules`).
    skip_build_dirs: bool,
    /// Deepest folder level visited.
    max_depth: usize,
    /// Files after which the walk stops.
    max_files: usize,
}

impl Walk {
    /// Every folder, however deep (the command line: the user named it).
    const EVERYTHING: Walk = Walk {
        skip_build_dirs: false,
        max_depth: usize::MAX,
        max_files: usize::MAX,
    };
    /// An editor's workspace: source folders only, bounded.
    const WORKSPACE: Walk = Walk {
        skip_build_dirs: true,
        max_depth: 12,
        max_files: 5_000,
    };
}

/// Kernel files of an editor's workspace folders, sorted per folder: hidden
/// folders and build output skipped, at most 5,000 files, 12 levels deep.
pub fn workspace_files(roots: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for root in roots {
        let mut found = Vec::new();
        walk(root, &Walk::WORKSPACE, 0, &mut found, &mut Vec::new());
        found.sort();
        files.extend(found);
    }
    files.truncate(Walk::WORKSPACE.max_files);
    files
}

fn walk(
    dir: &Path,
    how: &Walk,
    depth: usize,
    files: &mut Vec<PathBuf>,
    errors: &mut Vec<InputError>,
) {
    if depth > how.max_depth || files.len() >= how.max_files {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(InputError {
                path: dir.to_path_buf(),
                message: e.to_string(),
            });
            return;
        }
    };
    let mut children: Vec<(PathBuf, std::fs::FileType)> = Vec::new();
    for entry in entries {
        match entry.and_then(|e| Ok((e.path(), e.file_type()?))) {
            Ok(child) => children.push(child),
            Err(e) => errors.push(InputError {
                path: dir.to_path_buf(),
                message: e.to_string(),
            }),
        }
    }
    children.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, file_type) in children {
        if file_type.is_dir() {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            let skipped = how.skip_build_dirs
                && name.is_some_and(|n| n.starts_with('.') || n == "target" || n == "node_modules");
            if !skipped {
                walk(&path, how, depth + 1, files, errors);
            }
        } else if is_kernel_file(&path) && (file_type.is_file() || path.is_file()) {
            files.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_searched_recursively_and_sorted() {
        let root = std::env::temp_dir().join(format!("syncwright-inputs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("b/deeper")).unwrap();
        std::fs::create_dir_all(root.join("a")).unwrap();
        for f in [
            "b/deeper/z.cl",
            "b/y.cuh",
            "a/x.cu",
            "a/notes.txt",
            "top.cu",
        ] {
            std::fs::write(root.join(f), "").unwrap();
        }
        let missing = root.join("missing.cu");
        let got = collect(&[
            root.clone(),
            root.join("a/x.cu"),
            missing.clone(),
            root.join("a/notes.txt"),
        ]);
        let ok: Vec<String> = got
            .iter()
            .filter_map(|r| r.as_ref().ok())
            .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        assert_eq!(
            ok,
            [
                "a/x.cu",
                "b/deeper/z.cl",
                "b/y.cuh",
                "top.cu",
                "a/notes.txt"
            ]
        );
        let errors: Vec<&InputError> = got.iter().filter_map(|r| r.as_ref().err()).collect();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].path, missing);
        let _ = std::fs::remove_dir_all(&root);
    }
}
