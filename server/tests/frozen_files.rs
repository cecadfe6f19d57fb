//! The includer search reads the same includers once the files are frozen
//! (`check` reads one snapshot of the disk and memoises what it reads of it,
//! with a per-project index of includes) as it does file by file (the editor).
//! Freezing is process-wide, so this is a test binary of its own.

use std::path::{Path, PathBuf};

use syncwright::ide::file::{freeze_file_facts, includer_contexts, TranslationEnv};

/// Every file under `dir`, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).expect("fixture folder lists") {
            let p = entry.expect("fixture entry").path();
            if p.is_dir() {
                pending.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A file, its includer chains (each from the outermost file, with where
/// each `#include` is) and whether every candidate includer was read.
type FileContexts = (PathBuf, Vec<Vec<(PathBuf, usize)>>, bool);

/// Each file's includer chains (outermost path first, with the offset of
/// each `#include`) and whether the search read every candidate.
fn contexts_of(files: &[PathBuf]) -> Vec<FileContexts> {
    files
        .iter()
        .map(|path| {
            let env = TranslationEnv::for_file(path);
            let found = includer_contexts(path, &env);
            let chains = found
                .chains
                .iter()
                .map(|chain| {
                    chain
                        .chain()
                        .iter()
                        .map(|level| (level.path.clone(), level.at))
                        .collect()
                })
                .collect();
            (path.clone(), chains, found.unread.is_none())
        })
        .collect()
}

#[test]
fn includers_are_the_same_once_the_files_are_frozen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels/launch");
    let mut files = files_under(&root);
    // A hard link (not kept in git) and an include through `../`.
    let tmp = std::env::temp_dir().join(format!("syncwright-frozen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("app")).expect("temp folder");
    std::fs::create_dir_all(tmp.join("kern")).expect("temp folder");
    std::fs::write(tmp.join("Makefile"), "all:\n").expect("marker");
    std::fs::write(
        tmp.join("kern/k.cuh"),
        "__global__ void k(int *a) { a[threadIdx.x] = 1; }\n",
    )
    .expect("header");
    std::fs::hard_link(tmp.join("kern/k.cuh"), tmp.join("kern/alias.cuh")).expect("hard link");
    std::fs::write(
        tmp.join("app/main.cu"),
        "#include \"../kern/alias.cuh\"\nint main() { k<<<1, 32>>>(0); }\n",
    )
    .expect("includer");
    std::fs::write(tmp.join("app/other.cu"), "#include \"../kern/k.cuh\"\n").expect("includer");
    files.extend(files_under(&tmp));
    let before = contexts_of(&files);
    assert!(
        before.iter().any(|(_, chains, _)| chains.len() >= 2),
        "some file has several includers"
    );
    freeze_file_facts();
    let after = contexts_of(&files);
    let _ = std::fs::remove_dir_all(&tmp);
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b, a, "includers of {} differ once frozen", b.0.display());
    }
}
