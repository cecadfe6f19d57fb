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
//! (progress line period, default 1000), `--jobs N` (default 1: N worker
//! processes taking blocks of the sampling period in turn, so the inputs and
//! their tiers are those of a single process),
//! `--replay FILE` (run every oracle on one file and exit). Each failure is
//! minimised and written to `OUT/failures/`; copy it to
//! `tests/fuzz/regressions/` to keep it as a regression test. Iteration `i` of
//! seed `S` is the same input on every machine. Exit code 1 when anything failed.
//!
//! Cost: an input takes about 1 ms of CPU on average (0.9 ms for the front-end
//! tier, about 20 ms for the checker tier of every 32nd input), so 10^6 inputs
//! are about 22 CPU-minutes: 11 minutes with `--jobs 2` on an idle 2-core
//! machine. The rate printed is of the wall clock: a run at `nice -n 19` on a
//! loaded machine gets a small share of a core and reports much less.

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
    /// Worker processes (`--jobs`).
    jobs: u64,
    /// This process's share of the iterations: (k, N) runs the blocks of the
    /// sampling period whose index is `k` modulo `N`.
    shard: (u64, u64),
    /// The arguments as given, for the workers.
    args: Vec<String>,
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
        jobs: 1,
        shard: (0, 1),
        args: std::env::args().skip(1).collect(),
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
            "--jobs" => options.jobs = value()?.parse().map_err(|e| format!("{e}"))?,
            "--shard" => {
                let text = value()?;
                let (k, n) = text
                    .split_once('/')
                    .ok_or(format!("--shard takes K/N, not {text}"))?;
                let k: u64 = k.parse().map_err(|e| format!("{e}"))?;
                let n: u64 = n.parse().map_err(|e| format!("{e}"))?;
                if n == 0 || k >= n {
                    return Err(format!("--shard {text}: K must be below N"));
                }
                options.shard = (k, n);
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
    if options.jobs > 1 && options.replay.is_none() {
        std::process::exit(run_workers(&options));
    }
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
    let (shard, shards) = options.shard;
    let current = if shards > 1 {
        options.out.join(format!("current-input-{shard}"))
    } else {
        options.out.join("current-input")
    };

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
    let mut done = 0u64;
    // Workers take whole blocks of the sampling period in turn, so that each
    // gets its share of the checker and fix tiers (a plain `i % N` would give
    // worker 0 every checked input when N divides the period).
    let block = options
        .oracle
        .check_every
        .max(options.oracle.fix_every)
        .max(1);
    for i in 0..options.iterations {
        if (i / block) % shards != shard {
            continue;
        }
        done += 1;
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
        if done.is_multiple_of(options.report_every.max(1)) {
            let rate = done as f64 / begin.elapsed().as_secs_f64();
            let worker = if shards > 1 {
                format!(" (worker {shard}/{shards})")
            } else {
                String::new()
            };
            eprintln!(
                "fuzz{worker}: {done} iterations ({} front end only, {} checked, {} fixed), {rate:.1}/s, {failed} failing",
                per_tier[0],
                per_tier[1],
                per_tier[2]
            );
        }
    }
    let elapsed = begin.elapsed().as_secs_f64();
    let totals = [
        done,
        per_tier[0],
        per_tier[1],
        per_tier[2],
        failed,
        timing_not_reproduced,
    ];
    if shards > 1 {
        // For the parent: one line it sums up.
        let line: Vec<String> = totals.iter().map(u64::to_string).collect();
        let _ = std::fs::write(
            options.out.join(format!("worker-{shard}.counts")),
            line.join(" "),
        );
    }
    print_summary(options.seed, &totals, elapsed);
    i32::from(failed > 0)
}

/// The closing line: `totals` is [iterations, front end only, checked,
/// fixed, failing, budget overruns not reproduced].
fn print_summary(seed: u64, totals: &[u64; 6], elapsed: f64) {
    let [iterations, front, checked, fixed, failed, not_reproduced] = *totals;
    println!(
        "fuzz: seed {seed}: {iterations} iterations ({front} front end only, {checked} checked, {fixed} fixed) in {elapsed:.1} s ({:.1}/s), {failed} failing, {not_reproduced} budget overruns not reproduced on a second run",
        iterations as f64 / elapsed.max(1e-9)
    );
}

/// Runs `--jobs` worker processes of this program, each on its residue class
/// of the iterations, and sums their counts. Exit code: the worst worker's.
fn run_workers(options: &Options) -> i32 {
    let begin = Instant::now();
    let _ = std::fs::create_dir_all(&options.out);
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("fuzz: cannot find this program to start workers: {e}");
            return 2;
        }
    };
    // The arguments without `--jobs N`.
    let mut args = Vec::new();
    let mut given = options.args.iter();
    while let Some(arg) = given.next() {
        if arg == "--jobs" {
            given.next();
        } else {
            args.push(arg.clone());
        }
    }
    let mut workers = Vec::new();
    for k in 0..options.jobs {
        let counts = options.out.join(format!("worker-{k}.counts"));
        let _ = std::fs::remove_file(&counts);
        let started = std::process::Command::new(&exe)
            .args(&args)
            .args(["--shard", &format!("{k}/{}", options.jobs)])
            .spawn();
        match started {
            Ok(child) => workers.push((child, counts)),
            Err(e) => {
                eprintln!("fuzz: cannot start worker {k}: {e}");
                return 2;
            }
        }
    }
    let mut worst = 0;
    let mut totals = [0u64; 6];
    for (mut child, counts) in workers {
        let code = child.wait().ok().and_then(|s| s.code()).unwrap_or(3);
        worst = worst.max(code);
        let line = std::fs::read_to_string(&counts).unwrap_or_default();
        let values: Vec<u64> = line
            .split_whitespace()
            .filter_map(|v| v.parse().ok())
            .collect();
        if values.len() != totals.len() {
            eprintln!("fuzz: a worker ended without its counts (exit code {code})");
            worst = worst.max(3);
            continue;
        }
        for (total, value) in totals.iter_mut().zip(values) {
            *total += value;
        }
    }
    print!("all {} workers: ", options.jobs);
    print_summary(options.seed, &totals, begin.elapsed().as_secs_f64());
    worst
}

static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

fn now_ms() -> u64 {
    EPOCH.get().map_or(0, |e| e.elapsed().as_millis() as u64)
}
