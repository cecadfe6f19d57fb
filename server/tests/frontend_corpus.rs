//! Lowers every kernel of the GPUVerify test suite (skipped when the corpus is
//! absent): nothing panics, every file yields its kernels, and every kernel of
//! scope `core` is lowered (none unsupported).

use std::path::{Path, PathBuf};

use syncwright::ir::lower::{lower_source, FsIncludes};

fn corpus() -> Option<PathBuf> {
    let root = std::env::var_os("SYNCWRIGHT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/shared/corpus/gpuverify-testsuite"));
    root.join("MANIFEST.tsv").exists().then_some(root)
}

#[test]
fn every_core_kernel_of_the_corpus_is_lowered() {
    let Some(root) = corpus() else {
        eprintln!("corpus absent: skipped");
        return;
    };
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("manifest");
    let mut failures = Vec::new();
    let mut lowered = 0;
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(path), Some(scope)) = (cols.first(), cols.get(6)) else {
            continue;
        };
        let file = root.join(path);
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let program = lower_source(Path::new(&file), &text, &FsIncludes);
        lowered += program.kernels.len();
        for k in &program.kernels {
            // Labels are unique and below next_stmt_id.
            let mut ids = Vec::new();
            collect_ids(&k.body, &mut ids);
            let n = ids.len();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), n, "{path}: duplicate labels in {}", k.name);
            assert!(
                ids.iter().all(|i| *i < k.next_stmt_id),
                "{path}: label beyond next_stmt_id"
            );
        }
        if *scope == "core" {
            for u in &program.unsupported {
                failures.push(format!("{path} {}: {}", u.name, u.reason));
            }
        }
    }
    assert!(lowered > 600, "only {lowered} kernels lowered");
    assert!(
        failures.is_empty(),
        "core kernels not lowered:\n{}",
        failures.join("\n")
    );
}

fn collect_ids(b: &syncwright::ir::Block, out: &mut Vec<u32>) {
    use syncwright::ir::StmtKind;
    for s in &b.stmts {
        out.push(s.id.0);
        match &s.kind {
            StmtKind::If { then_, else_, .. } => {
                collect_ids(then_, out);
                collect_ids(else_, out);
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                collect_ids(cond_prelude, out);
                collect_ids(body, out);
                collect_ids(step, out);
            }
            _ => {}
        }
    }
}
