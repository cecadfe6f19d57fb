//! Layers one way: no module of `server/src` names a module of a layer above
//! its own (`crate::<module>` anywhere in code, `use` lines included).
//!
//! Order, lowest first: `base` < `syntax` < `ir` < `frontend` < `analysis` <
//! `config` < `check` < `synth` < `ide` < `cli`, `lsp`. `config` (launch
//! configuration, options, cost model) imports nothing of the crate and is
//! used from `check` up, so it sits just below `check`. `cli` and `lsp` are
//! two front doors of the same rank and never name each other; `main.rs`
//! dispatches between them.
//!
//! Run: `cargo test --test layers` (or read the same rule in `grep -rn
//! "crate::" server/src/<layer>`).

use std::path::{Path, PathBuf};

/// Layer rank of each top-level module.
const LAYERS: &[(&str, u32)] = &[
    ("base", 0),
    ("syntax", 1),
    ("ir", 2),
    ("frontend", 3),
    ("analysis", 4),
    ("config", 5),
    ("check", 6),
    ("synth", 7),
    ("ide", 8),
    ("cli", 9),
    ("lsp", 9),
    ("fuzz", 10),
];

fn rank(module: &str) -> Option<u32> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, r)| *r)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("source folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules `crate::<name>` names in `line` (comments cut off).
fn named_modules(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or("");
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = &rest[..at];
        rest = &rest[at + "crate::".len()..];
        // `syncwright_crate::` or `$crate::` are not this crate's paths.
        if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        found.push(name);
    }
    found
}

/// Every place a module names a module of a higher layer, or another module
/// of its own rank.
fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut out = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src");
        let first = relative
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let Some(own) = rank(&module) else {
            out.push(format!(
                "{}: module `{module}` has no layer",
                relative.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(&file).expect("readable source");
        for (number, line) in text.lines().enumerate() {
            for named in named_modules(line) {
                if named == module {
                    continue;
                }
                match rank(&named) {
                    Some(other) if other < own => {}
                    Some(_) => out.push(format!(
                        "{}:{}: `{module}` names `{named}`, a layer above or beside it: {}",
                        relative.display(),
                        number + 1,
                        line.trim()
                    )),
                    None => {}
                }
            }
        }
    }
    out
}

#[test]
fn no_module_names_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_check_sees_upward_imports() {
    assert_eq!(
        named_modules("use crate::ide::{a, b}; // crate::lsp in a comment"),
        ["ide"]
    );
    assert_eq!(
        named_modules("let x = $crate::lsp::y; crate::check::z()"),
        ["check"]
    );
    let dir = std::env::temp_dir().join(format!("syncwright-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("check")).expect("dir");
    std::fs::write(
        dir.join("check/mod.rs"),
        "use crate::synth::Fix;\nuse crate::ir::Span;\n",
    )
    .expect("write");
    std::fs::write(dir.join("cli.rs"), "fn f() { crate::lsp::run_stdio(); }\n").expect("write");
    let found = violations(&dir);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("`check` names `synth`"), "{found:?}");
    assert!(found[1].contains("`cli` names `lsp`"), "{found:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
