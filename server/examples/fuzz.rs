//! The fuzz driver: mutants of our own test kernels through every oracle.
//!
//! ```sh
//! cargo run --release --example fuzz -- --iterations 10000 --seed 1
//! ```
//!
//! Options: `--iterations N` (default 1000), `--seed S` (default 1),
//! `--budget-ms B` per kernel (default 2000), `--corpus DIR` (default
//! `tests/kernels`), `--out DIR` (default `target/fuzz`), `--no-fix`,
//! `--check-every N` (default 32: every Nth input also runs the checker and
//! the renderers; the others the front end only), `--fix-every N` (default
//! 256: every Nth input also runs `fix` and its re-check), `--report-every N`
//! (progress line period, default 1000),
//! `--replay FILE` (run every oracle on one file and exit). Each failure is
//! minimised and written to `OUT/failures/`; copy it to
//! `tests/fuzz/regressions/` to keep it as a regression test. Iteration `i` of
//! seed `S` is the same input on every machine. Exit code 1 when anything failed.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use syncwright::fuzz::{minimise, run_oracles, run_tier, seed_corpus, Mutator, OracleOptions, Rng};

struct Options {
    iterations: u64,
    seed: u64,
    oracle: OracleOptions,
    corpus: PathBuf,
    out: PathBuf,
    replay: Option<PathBuf>,
    report_every: u64,
}

fn parse_args() -> Result<Options, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut options = Options {
        iterations: 1000,
        seed: 1,
        oracle: OracleOptions {
            check_every: 32,
            fix_every: 256,
            ..OracleOptions::default()
        },
        corpus: root.join("tests/kernels"),
        out: root.join("target/fuzz"),
        replay: None,
        report_every: 1000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--iterations" => options.iterations = value()?.parse().map_err(|e| format!("{e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("{e}"))?,
            "--budget-ms" => {
                options.oracle.budget_ms = value()?.parse().map_err(|e| format!("{e}"))?
            }
            "--corpus" => options.corpus = PathBuf::from(value()?),
            "--out" => options.out = PathBuf::from(value()?),
            "--replay" => options.replay = Some(PathBuf::from(value()?)),
            "--no-fix" => options.oracle.fix = false,
            "--check-every" => {
                options.oracle.check_every = value()?.parse().map_err(|e| format!("{e}"))?
            }
            "--fix-every" => {
                options.oracle.fix_every = value()?.parse().map_err(|e| format!("{e}"))?
            }
            "--report-every" => {
                options.report_every = value()?.parse().map_err(|e| format!("{e}"))?
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

fn main() {
    let options = match parse_args() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("fuzz: {e}");
            std::process::exit(2);
        }
    };
    // Deep inputs recurse deeply: run on a large stack, like the CLI.
    let worker = std::thread::Builder::new()
        .stack_size(512 * 1024 * 1024)
        .spawn(move || run(options))
        .expect("spawn the fuzz thread");
    std::process::exit(worker.join().unwrap_or(3));
}

fn run(options: Options) -> i32 {
    if let Some(file) = &options.replay {
        let text = match std::fs::read(file) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("fuzz: cannot read {}: {e}", file.display());
                return 2;
            }
        };
        let failures = run_oracles(file, &text, &options.oracle);
        for f in &failures {
            println!("{}: {}", f.oracle, f.detail);
        }
        return i32::from(!failures.is_empty());
    }
    let corpus = seed_corpus(&options.corpus);
    if corpus.is_empty() {
        eprintln!("fuzz: no kernels under {}", options.corpus.display());
        return 2;
    }
    let paths: Vec<PathBuf> = corpus.iter().map(|(p, _)| p.clone()).collect();
    let mutator = Mutator::new(corpus.into_iter().map(|(_, t)| t).collect());
    let failures_dir = options.out.join("failures");
    let _ = std::fs::create_dir_all(&failures_dir);
    let current = options.out.join("current-input");

    // A watchdog: an iteration far over its limit is a hang, and a hang cannot
    // be interrupted in process; report it and end.
    let started_at = Arc::new(AtomicU64::new(u64::MAX));
    let hang_limit = Duration::from_millis(options.oracle.budget_ms * 20 + 60_000);
    {
        let started_at = started_at.clone();
        let current = current.clone();
        let epoch = Instant::now();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_secs(1));
            let since = started_at.load(Ordering::SeqCst);
            if since != u64::MAX
                && (epoch.elapsed().as_millis() as u64).saturating_sub(since)
                    > hang_limit.as_millis() as u64
            {
                eprintln!(
                    "fuzz: HANG: one input ran over {hang_limit:?}; it is in {}",
                    current.display()
                );
                std::process::exit(4);
            }
        });
        // Shared epoch for the loop below.
        EPOCH.get_or_init(|| epoch);
    }

    let begin = Instant::now();
    let mut failed = 0u64;
    // Inputs per tier: [front end only, checker, fix].
    let mut per_tier = [0u64; 3];
    let mut timing_not_reproduced = 0u64;
    for i in 0..options.iterations {
        let mut rng = Rng::new(options.seed.wrapping_mul(0x1000_0000_01B3) ^ i);
        let (which, text) = mutator.mutant(&mut rng);
        let path = &paths[which];
        let tier = options.oracle.tier_of(i);
        per_tier[tier as usize] += 1;
        let _ = std::fs::write(&current, &text);
        started_at.store(now_ms(), Ordering::SeqCst);
        let mut failures = run_tier(path, &text, &options.oracle, tier);
        if failures.iter().all(|f| f.oracle == "budget") && !failures.is_empty() {
            // A wall-clock overrun may be the machine (a niced run on a loaded
            // machine is starved for whole time slices): it counts when it
            // happens again on a second run.
            let again = run_tier(path, &text, &options.oracle, tier);
            if again.is_empty() {
                timing_not_reproduced += 1;
                eprintln!(
                    "fuzz: iteration {i}: {} (not reproduced on a second run)",
                    failures[0].detail
                );
            }
            failures = again;
        }
        started_at.store(u64::MAX, Ordering::SeqCst);
        if let Some(first) = failures.first() {
            failed += 1;
            let oracle = first.oracle;
            println!(
                "FAIL iteration {i} (seed {}, from {}): {}: {}",
                options.seed,
                path.display(),
                oracle,
                first.detail
            );
            // Timing failures are not minimised (each try costs a budget).
            let small = if oracle == "budget" {
                text.clone()
            } else {
                minimise(&text, &mut |candidate| {
                    run_tier(path, candidate, &options.oracle, tier)
                        .iter()
                        .any(|f| f.oracle == oracle)
                })
            };
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("cu");
            let name = format!("{oracle}-s{}-i{i}.{ext}", options.seed);
            let header = format!(
                "// fuzz: {oracle}: {}\n",
                first.detail.replace(['\n', '\r'], " ")
            );
            let _ = std::fs::write(failures_dir.join(&name), format!("{header}{small}"));
            println!(
                "  minimised to {} bytes: {}",
                small.len(),
                failures_dir.join(&name).display()
            );
        }
        if (i + 1) % options.report_every.max(1) == 0 {
            let rate = (i + 1) as f64 / begin.elapsed().as_secs_f64();
            eprintln!(
                "fuzz: {} iterations ({} front end only, {} checked, {} fixed), {rate:.1}/s, {failed} failing",
                i + 1,
                per_tier[0],
                per_tier[1],
                per_tier[2]
            );
        }
    }
    let elapsed = begin.elapsed().as_secs_f64();
    println!(
        "fuzz: seed {}: {} iterations ({} front end only, {} checked, {} fixed) in {elapsed:.1} s ({:.1}/s), {failed} failing, {timing_not_reproduced} budget overruns not reproduced on a second run",
        options.seed,
        options.iterations,
        per_tier[0],
        per_tier[1],
        per_tier[2],
        options.iterations as f64 / elapsed.max(1e-9)
    );
    i32::from(failed > 0)
}

static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

fn now_ms() -> u64 {
    EPOCH.get().map_or(0, |e| e.elapsed().as_millis() as u64)
}
