//! Checker profile and benchmark (rerunnable; run it on the release build).
//!
//! ```text
//! cargo run --release --example profile -- [OPTIONS] PATH...
//!   --manifest CORPUS   check the files listed in CORPUS/MANIFEST.tsv
//!   --scope S           with --manifest: only rows of this scope (repeatable)
//!   --slowest N         list the N slowest solver queries (default 10)
//!   --generated         also time generated kernels of growing size
//!   --budget MS         per-kernel budget (default 10000)
//!   --kernel NAME       check only the kernels of this name (the others
//!                       are lowered, not checked: a profiler such as
//!                       callgrind then sees one kernel's check)
//!   --repeat N          check each kernel N times and keep its fastest
//!                       run (steadier times on a loaded machine; a
//!                       profiler sees mostly checks, not lowering)
//!   --middle            list the kernels between the 30th and 70th
//!                       percentile of time with their slowest queries
//!                       and the source lines they compare
//! ```
//!
//! Prints per-kernel time percentiles (median, p95, p99, max), the number of
//! kernels that ran out of budget, where the time went (lowering, set-up,
//! pair enumeration, encoding, solver) and the slowest solver queries with
//! what makes them hard. Everything runs in this process, one file after the
//! other, so the figures are those of `syncwright check -j 1`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use syncwright::base::Span;
use syncwright::check::{check_kernel_profiled, profile::Profile, Verdict};
use syncwright::ide::{kernel_plans_with_includes, lower_guarded, Settings, TranslationEnv};

struct Args {
    paths: Vec<PathBuf>,
    manifest: Option<PathBuf>,
    scopes: Vec<String>,
    slowest: usize,
    generated: bool,
    budget_ms: u64,
    middle: bool,
    kernel: Option<String>,
    repeat: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        paths: Vec::new(),
        manifest: None,
        scopes: Vec::new(),
        slowest: 10,
        generated: false,
        budget_ms: 10_000,
        middle: false,
        kernel: None,
        repeat: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--manifest" => args.manifest = Some(PathBuf::from(value("--manifest")?)),
            "--scope" => args.scopes.push(value("--scope")?),
            "--slowest" => {
                args.slowest = value("--slowest")?
                    .parse()
                    .map_err(|e| format!("--slowest: {e}"))?
            }
            "--budget" => {
                args.budget_ms = value("--budget")?
                    .parse()
                    .map_err(|e| format!("--budget: {e}"))?
            }
            "--kernel" => args.kernel = Some(value("--kernel")?),
            "--repeat" => {
                args.repeat = value("--repeat")?
                    .parse::<usize>()
                    .map_err(|e| format!("--repeat: {e}"))?
                    .max(1)
            }
            "--generated" => args.generated = true,
            "--middle" => args.middle = true,
            "--bench" => {} // passed by `cargo bench`
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            other => args.paths.push(PathBuf::from(other)),
        }
    }
    Ok(args)
}

/// Files of a manifest (relative to its folder), filtered by scope.
fn manifest_files(corpus: &Path, scopes: &[String]) -> Result<Vec<PathBuf>, String> {
    let manifest = corpus.join("MANIFEST.tsv");
    let text = std::fs::read_to_string(&manifest)
        .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let path_col = column("path").ok_or("MANIFEST.tsv has no path column")?;
    let scope_col = column("scope");
    let mut out = Vec::new();
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let scope = scope_col
            .and_then(|c| cells.get(c))
            .copied()
            .unwrap_or("real");
        if !scopes.is_empty() && !scopes.iter().any(|s| s == scope) {
            continue;
        }
        if let Some(p) = cells.get(path_col) {
            out.push(corpus.join(p));
        }
    }
    Ok(out)
}

/// The files `check` would read for `paths`: a named file whatever its
/// extension (kernels in `.h`/`.hpp` headers were skipped here, so their
/// queries never reached the profile), folders searched for kernel files.
fn source_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for item in syncwright::ide::workspace::collect(paths) {
        match item {
            Ok(p) => out.push(p),
            Err(e) => eprintln!("profile: {}: {}", e.path.display(), e.message),
        }
    }
    out
}

/// One checked kernel.
struct Row {
    file: PathBuf,
    text: String,
    kernel: String,
    verdict: Verdict,
    at_budget: bool,
    ms: f64,
    profile: Profile,
}

/// Where one file's time went.
struct FileTimes {
    file: PathBuf,
    /// Reading includes, preprocessing, parsing and lowering.
    lowering_ms: f64,
    /// Host-launch scans of the file, its includer and its siblings.
    scans_ms: f64,
}

/// Lowers and checks one file; returns its front end's times and kernels.
fn profile_file(
    path: &Path,
    text: &str,
    budget_ms: u64,
    only: Option<&str>,
    repeat: usize,
) -> (FileTimes, Vec<Row>) {
    // The file's translation environment, as `check` lowers it: include
    // folders, the file that includes a header, definitions in sibling files.
    let env = TranslationEnv::for_file(path);
    let started = Instant::now();
    let program = lower_guarded(path, text, &env);
    let lowering_ms = started.elapsed().as_secs_f64() * 1e3;
    let settings = Settings {
        kernel_budget_ms: budget_ms,
        ..Settings::default()
    };
    let scans = Instant::now();
    let (plans, _) = kernel_plans_with_includes(path, text, &settings, &program.kernels, &env);
    let scans_ms = scans.elapsed().as_secs_f64() * 1e3;
    let mut rows = Vec::new();
    // Each run of a kernel's launch plan is one check, as in `check`.
    for (kernel, plan) in program.kernels.iter().zip(plans) {
        if only.is_some_and(|name| name != kernel.name) {
            continue;
        }
        let several = plan.runs.len() > 1;
        for (k, run) in plan.runs.iter().enumerate() {
            // The fastest of `repeat` runs: each check gets a fresh
            // context, so the runs differ only in the machine's load.
            let mut fastest = None;
            for _ in 0..repeat {
                let t = Instant::now();
                let (report, profile) =
                    check_kernel_profiled(run.kernel(kernel), &run.resolved.options);
                let ms = t.elapsed().as_secs_f64() * 1e3;
                if fastest.as_ref().is_none_or(|(best, _, _)| ms < *best) {
                    fastest = Some((ms, report, profile));
                }
            }
            let Some((ms, report, profile)) = fastest else {
                continue;
            };
            let at_budget = report.findings.iter().any(|f| {
                f.kind == syncwright::check::DiagnosticKind::Inconclusive
                    && (f.message.contains("budget") || f.message.contains("backstop"))
            });
            rows.push(Row {
                file: path.to_path_buf(),
                text: text.to_string(),
                kernel: if several {
                    format!("{} (launch run {})", kernel.name, k + 1)
                } else {
                    kernel.name.clone()
                },
                verdict: report.verdict,
                at_budget,
                ms,
                profile,
            });
        }
    }
    let times = FileTimes {
        file: path.to_path_buf(),
        lowering_ms,
        scans_ms,
    };
    (times, rows)
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((sorted.len() as f64) * q / 100.0).ceil().max(1.0) as usize;
    sorted[rank.min(sorted.len()) - 1]
}

fn line_of(text: &str, span: Span) -> usize {
    let end = (span.start as usize).min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// A CUDA kernel with `intervals` barrier intervals of `per_interval`
/// accesses each to one shared array (race-free: each thread touches its own
/// elements, every interval reads what the previous one wrote elsewhere).
fn generated_kernel(intervals: usize, per_interval: usize) -> String {
    let mut body = String::new();
    for i in 0..intervals {
        for j in 0..per_interval {
            let slot = (i + j) % 4;
            if j % 2 == 0 {
                body.push_str(&format!(
                    "    s[{slot} * 256 + threadIdx.x] = s[{slot} * 256 + threadIdx.x] + {j};\n"
                ));
            } else {
                body.push_str(&format!(
                    "    out[blockIdx.x * 1024 + {slot} * 256 + threadIdx.x] += s[{slot} * 256 + threadIdx.x];\n"
                ));
            }
        }
        body.push_str("    __syncthreads();\n");
    }
    format!(
        "//--blockDim=256 --gridDim=64\n__global__ void grown(float *out) {{\n    __shared__ float s[1024];\n{body}}}\n"
    )
}

fn run_generated(budget_ms: u64) {
    println!("\ngenerated kernels (accesses x intervals -> time):");
    println!(
        "{:>9} {:>9} {:>10} {:>9} {:>10}  verdict",
        "accesses", "intervals", "ms", "queries", "work"
    );
    for (intervals, per_interval) in [(1, 10), (5, 10), (10, 10), (25, 8), (50, 6), (50, 20)] {
        let text = generated_kernel(intervals, per_interval);
        let path = PathBuf::from(format!("generated_{intervals}x{per_interval}.cu"));
        let (_, rows) = profile_file(&path, &text, budget_ms, None, 1);
        for r in rows {
            println!(
                "{:>9} {:>9} {:>10.2} {:>9} {:>10}  {:?}",
                // Each written statement reads and writes: two accesses.
                intervals * per_interval * 2,
                intervals,
                r.ms,
                r.profile.queries,
                r.profile.work,
                r.verdict
            );
        }
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("profile: {e}");
            std::process::exit(2);
        }
    };
    let files = match &args.manifest {
        Some(corpus) => match manifest_files(corpus, &args.scopes) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("profile: {e}");
                std::process::exit(2);
            }
        },
        None => source_files(&args.paths),
    };
    let budget_ms = args.budget_ms;
    let generated = args.generated;
    let slowest = args.slowest;
    let middle = args.middle;
    // Deeply nested input recurses deeply in the front end.
    let worker = std::thread::Builder::new()
        .stack_size(512 * 1024 * 1024)
        .spawn(move || {
            let started = Instant::now();
            let mut rows = Vec::new();
            let mut front_ends = Vec::new();
            for file in &files {
                let Ok(bytes) = std::fs::read(file) else {
                    eprintln!("profile: cannot read {}", file.display());
                    continue;
                };
                let text = String::from_utf8_lossy(&bytes);
                let (times, r) =
                    profile_file(file, &text, budget_ms, args.kernel.as_deref(), args.repeat);
                front_ends.push(times);
                rows.extend(r);
            }
            let wall = started.elapsed().as_secs_f64();
            if !files.is_empty() {
                report(&rows, &front_ends, wall, slowest);
                if middle {
                    report_middle(&rows);
                }
            }
            if generated {
                run_generated(budget_ms);
            }
        });
    if worker.map(|w| w.join().is_ok()).unwrap_or(false) {
        return;
    }
    eprintln!("profile: the worker thread failed");
    std::process::exit(1);
}

fn report(rows: &[Row], front_ends: &[FileTimes], wall: f64, slowest: usize) {
    let files = front_ends.len();
    let lowering_ms: f64 = front_ends.iter().map(|f| f.lowering_ms).sum();
    let scans_ms: f64 = front_ends.iter().map(|f| f.scans_ms).sum();
    let mut times: Vec<f64> = rows.iter().map(|r| r.ms).collect();
    times.sort_by(f64::total_cmp);
    let at_budget = rows.iter().filter(|r| r.at_budget).count();
    println!(
        "{} kernels in {files} files, {wall:.1} s: median {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {at_budget} at the budget",
        rows.len(),
        percentile(&times, 50.0),
        percentile(&times, 95.0),
        percentile(&times, 99.0),
        percentile(&times, 100.0),
    );
    let sum = |f: &dyn Fn(&Profile) -> f64| rows.iter().map(|r| f(&r.profile)).sum::<f64>();
    println!(
        "time: lowering {:.0} ms, launch scans {:.0} ms, set-up {:.0} ms, pair enumeration {:.0} ms, encoding {:.0} ms, solver {:.0} ms",
        lowering_ms,
        scans_ms,
        sum(&|p| p.setup_ms),
        sum(&|p| p.enumerate_ms),
        sum(&|p| p.encode_ms),
        sum(&|p| p.solve_ms),
    );
    let pairs: u64 = rows.iter().map(|r| u64::from(r.profile.pairs)).sum();
    let fast: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.pairs_without_solver))
        .sum();
    let queries: u64 = rows.iter().map(|r| u64::from(r.profile.queries)).sum();
    let disjoint: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.scenarios_without_solver))
        .sum();
    let reused: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.queries_reused))
        .sum();
    let work: u64 = rows.iter().map(|r| r.profile.work).sum();
    let sliced: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.sliced_queries))
        .sum();
    let by_slice: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.decided_by_slice))
        .sum();
    let cored: u64 = rows.iter().map(|r| u64::from(r.profile.core_queries)).sum();
    let by_core: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.decided_by_core))
        .sum();
    let incremental: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.incremental_queries))
        .sum();
    let by_incremental: u64 = rows
        .iter()
        .map(|r| u64::from(r.profile.decided_incrementally))
        .sum();
    println!(
        "pairs: {pairs}, decided without the solver: {fast}; scenarios with disjoint executed offsets: {disjoint}; solver queries: {queries} (and {reused} answered by an equal earlier query; {cored} asked their hub core first, {by_core} decided by it; {incremental} asked an incremental solver holding their base facts, {by_incremental} decided by it; {sliced} asked sliced first, {by_slice} decided by the slice); work units: {work}"
    );
    let mut verdicts = std::collections::BTreeMap::new();
    for r in rows {
        *verdicts.entry(format!("{:?}", r.verdict)).or_insert(0) += 1;
    }
    println!("verdicts: {verdicts:?}");
    let mut slow: Vec<_> = rows
        .iter()
        .flat_map(|r| r.profile.slowest.iter().map(move |q| (r, q)))
        .collect();
    slow.sort_by_key(|s| std::cmp::Reverse(s.1.work));
    println!("\nslowest queries (work units, ms, result, pair, why):");
    for (r, q) in slow.into_iter().take(slowest) {
        println!(
            "{:>10} {:>9.1} ms {:>7}  {}:{} `{}` lines {}/{}  {}",
            q.work,
            q.ms,
            q.result,
            r.file.display(),
            line_of(&r.text, q.first),
            r.kernel,
            line_of(&r.text, q.first),
            line_of(&r.text, q.second),
            q.reason
        );
    }
    let mut by_time: Vec<&Row> = rows.iter().collect();
    by_time.sort_by(|a, b| b.ms.total_cmp(&a.ms));
    println!("\nslowest kernels:");
    for r in by_time.into_iter().take(slowest) {
        println!(
            "{:>9.1} ms  {:?}  {} `{}`: {} pairs, {} queries, {} work units \
             (ms: set-up {:.1}, pair enumeration {:.1}, encoding {:.1}, solver {:.1})",
            r.ms,
            r.verdict,
            r.file.display(),
            r.kernel,
            r.profile.pairs,
            r.profile.queries,
            r.profile.work,
            r.profile.setup_ms,
            r.profile.enumerate_ms,
            r.profile.encode_ms,
            r.profile.solve_ms
        );
    }
    println!("\nper file (ms: lowering, launch scans, set-up, pair enumeration, encoding, solver; kernels, queries):");
    for f in front_ends {
        let mine: Vec<&Row> = rows.iter().filter(|r| r.file == f.file).collect();
        let part = |g: &dyn Fn(&Profile) -> f64| mine.iter().map(|r| g(&r.profile)).sum::<f64>();
        println!(
            "{:>9.1} {:>8.1} {:>8.1} {:>8.1} {:>9.1} {:>9.1}  {:>3} {:>5}  {}",
            f.lowering_ms,
            f.scans_ms,
            part(&|p| p.setup_ms),
            part(&|p| p.enumerate_ms),
            part(&|p| p.encode_ms),
            part(&|p| p.solve_ms),
            mine.len(),
            mine.iter().map(|r| r.profile.queries).sum::<u32>(),
            f.file.display()
        );
    }
}

/// The text of the source line holding `span`, trimmed.
fn source_line(text: &str, span: Span) -> &str {
    let line = line_of(text, span);
    text.lines()
        .nth(line.saturating_sub(1))
        .unwrap_or("")
        .trim()
}

/// The typical kernels (30th to 70th percentile of time) with their
/// slowest queries and the source lines each compares: what a decision
/// without the solver would have to see.
fn report_middle(rows: &[Row]) {
    let mut by_time: Vec<&Row> = rows.iter().collect();
    by_time.sort_by(|a, b| a.ms.total_cmp(&b.ms));
    let (lo, hi) = (by_time.len() * 3 / 10, by_time.len() * 7 / 10);
    println!("\nkernels between the 30th and 70th percentile, with their slowest queries:");
    for r in by_time.get(lo..hi).unwrap_or_default() {
        println!(
            "{:>9.1} ms  {:?}  {} `{}`: {} pairs, {} without the solver, {} queries ({} reused)",
            r.ms,
            r.verdict,
            r.file.display(),
            r.kernel,
            r.profile.pairs,
            r.profile.pairs_without_solver,
            r.profile.queries,
            r.profile.queries_reused
        );
        for q in &r.profile.slowest {
            println!(
                "    {:>8} wu {:>7.1} ms {:>7}  {}: `{}`\n{:>42}{}: `{}`  {}",
                q.work,
                q.ms,
                q.result,
                line_of(&r.text, q.first),
                source_line(&r.text, q.first),
                "",
                line_of(&r.text, q.second),
                source_line(&r.text, q.second),
                q.reason
            );
        }
    }
}
