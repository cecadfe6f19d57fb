//! Lowers every kernel of the GPUVerify test suite (skipped when the folder is
//! absent) and prints how many were lowered, how many are unsupported and why.
//!
//! `cargo run --release --example lower_corpus [CORPUS_DIR]`

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use syncwright::frontend::{lower_source, FsIncludes};

/// Runs per file for the timing.
const RUNS: usize = 5;

fn main() {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/shared/corpus/gpuverify-testsuite"));
    let manifest = match std::fs::read_to_string(root.join("MANIFEST.tsv")) {
        Ok(m) => m,
        Err(_) => {
            println!("corpus not found at {}: skipped", root.display());
            return;
        }
    };
    let verbose = std::env::var_os("VERBOSE").is_some();
    // (lang, scope) -> (files, kernels lowered, kernels unsupported)
    let mut table: BTreeMap<(String, String), (usize, usize, usize)> = BTreeMap::new();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut times = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(path), Some(lang), Some(scope)) = (cols.first(), cols.get(1), cols.get(6)) else {
            continue;
        };
        let file = root.join(path);
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        // Best of a few runs: the time of the work, not of cold caches.
        let mut elapsed = std::time::Duration::MAX;
        let mut program = None;
        for _ in 0..RUNS {
            let start = Instant::now();
            let p = lower_source(Path::new(&file), &text, &FsIncludes);
            elapsed = elapsed.min(start.elapsed());
            program = Some(p);
        }
        let Some(program) = program else { continue };
        let n = program.kernels.len() + program.unsupported.len();
        if n > 0 {
            times.push(elapsed.as_secs_f64() * 1e3 / n as f64);
        }
        let entry = table
            .entry((lang.to_string(), scope.to_string()))
            .or_default();
        entry.0 += 1;
        entry.1 += program.kernels.len();
        entry.2 += program.unsupported.len();
        for u in &program.unsupported {
            // Group reasons without positions and names.
            let key = u
                .reason
                .split(" at ")
                .next()
                .unwrap_or(&u.reason)
                .to_string();
            *reasons.entry(key).or_default() += 1;
            if verbose || *scope == "core" {
                println!("unsupported [{scope}] {path} {}: {}", u.name, u.reason);
            }
        }
        if n == 0 {
            println!("no kernel found in {path}");
        }
    }
    println!(
        "\n{:<8} {:<15} {:>6} {:>8} {:>12}",
        "lang", "scope", "files", "lowered", "unsupported"
    );
    for ((lang, scope), (files, ok, bad)) in &table {
        println!("{lang:<8} {scope:<15} {files:>6} {ok:>8} {bad:>12}");
    }
    println!("\nunsupported reasons:");
    for (r, c) in &reasons {
        println!("{c:>5}  {r}");
    }
    times.sort_by(|a, b| a.total_cmp(b));
    if !times.is_empty() {
        let pct = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
        println!(
            "\nparse + lowering time per kernel (ms, best of {RUNS}): median {:.3}, p95 {:.3}, max {:.3}",
            pct(0.5),
            pct(0.95),
            pct(1.0)
        );
    }
}
