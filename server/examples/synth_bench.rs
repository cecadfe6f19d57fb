//! Synthesis time per kernel over the synthesizer's test kernels (and their
//! SDK-style kernels with every barrier stripped), with the real front end and
//! checker. Run: `cargo run --release --example synth_bench [-- DIR [ROUNDS [BLOCK_DIM [GRID_DIM]]]]`
//! (defaults: the test kernels, 5 rounds, 8 threads per block, 1 block: the
//! launch the test kernels are written for).

use std::path::{Path, PathBuf};
use std::time::Instant;

use syncwright::check::check_kernel;
use syncwright::config::{CheckOptions, CostModel, LaunchConfig};
use syncwright::frontend::{lower_source, FsIncludes};
use syncwright::ir::Kernel;
use syncwright::synth::{repair_kernel_with, RepairConfig, SynthOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/synth/kernels"));
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let block_dim: u32 = args.next().and_then(|r| r.parse().ok()).unwrap_or(8);
    let grid_dim: u32 = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| matches!(p.extension().and_then(|x| x.to_str()), Some("cu" | "cl")))
            .collect(),
        Err(e) => {
            eprintln!("synth_bench: {}: {e}", dir.display());
            std::process::exit(2);
        }
    };
    files.sort();
    let check = CheckOptions {
        launch: LaunchConfig {
            block_dim: Some([block_dim, 1, 1]),
            grid_dim: Some([grid_dim, 1, 1]),
            ..LaunchConfig::default()
        },
        ..CheckOptions::default()
    };
    let opts = SynthOptions {
        check,
        cost: CostModel::default(),
        keep_existing: false,
    };
    let mut times: Vec<f64> = Vec::new();
    let mut own_times: Vec<f64> = Vec::new();
    println!(
        "{:<40} {:>18} {:>8} {:>6} {:>10} {:>10}",
        "kernel", "status", "barriers", "calls", "median ms", "synth ms"
    );
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let stripped: String = text
            .lines()
            .filter(|l| l.trim() != "__syncthreads();")
            .map(|l| format!("{l}\n"))
            .collect();
        let mut variants = vec![("", text.clone())];
        if stripped != text {
            variants.push((" (stripped)", stripped));
        }
        for (suffix, source) in variants {
            let program = lower_source(path, &source, &FsIncludes);
            for kernel in &program.kernels {
                let mut samples = Vec::new();
                let mut own = Vec::new();
                let mut last = None;
                for _ in 0..rounds.max(1) {
                    // Time spent in the checker, to separate the synthesizer's own share.
                    let mut checker_ms = 0.0;
                    let mut oracle = |k: &Kernel| {
                        let t = Instant::now();
                        let r = check_kernel(k, &opts.check);
                        checker_ms += t.elapsed().as_secs_f64() * 1000.0;
                        r
                    };
                    let start = Instant::now();
                    let r = repair_kernel_with(
                        kernel,
                        &program.files,
                        &opts,
                        &mut oracle,
                        RepairConfig::default(),
                    );
                    let total = start.elapsed().as_secs_f64() * 1000.0;
                    samples.push(total);
                    own.push(total - checker_ms);
                    last = Some(r);
                }
                samples.sort_by(f64::total_cmp);
                own.sort_by(f64::total_cmp);
                let median = samples[samples.len() / 2];
                let own_median = own[own.len() / 2];
                times.push(median);
                own_times.push(own_median);
                if let Some(r) = last {
                    let status = serde_json::to_value(r.status)
                        .ok()
                        .and_then(|v| v.as_str().map(String::from))
                        .unwrap_or_default();
                    println!(
                        "{:<40} {:>18} {:>4}->{:<3} {:>6} {:>10.2} {:>10.2}",
                        format!("{}{suffix}", r.name),
                        status,
                        r.barriers_before,
                        r.barriers_after,
                        r.oracle_calls,
                        median,
                        own_median
                    );
                }
            }
        }
    }
    if times.is_empty() {
        println!("no kernels");
        return;
    }
    times.sort_by(f64::total_cmp);
    own_times.sort_by(f64::total_cmp);
    let pct = |v: &[f64], q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "kernels: {}  median: {:.2} ms  p95: {:.2} ms  max: {:.2} ms  (synthesizer without checker: median {:.2} ms, p95 {:.2} ms)",
        times.len(),
        pct(&times, 0.5),
        pct(&times, 0.95),
        times[times.len() - 1],
        pct(&own_times, 0.5),
        pct(&own_times, 0.95)
    );
}
