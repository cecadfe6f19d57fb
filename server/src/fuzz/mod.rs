//! A fuzz harness on the stable toolchain: a seeded, structure-aware mutator
//! over our own test kernels (`tests/kernels/**`), the oracles every input must
//! pass, and a minimiser for failures. Driven by `examples/fuzz.rs`
//! (`--iterations N --seed S`); minimised failures are kept in
//! `tests/fuzz/regressions/` and re-run by `tests/fuzz_regressions.rs`.
//!
//! Oracles: no panic (caught ones included), no kernel over its budget plus a
//! margin, text/JSON/SARIF rendered and valid with positions inside the file,
//! and `fix` output that re-parses and re-checks: a kernel `fix` calls
//! repaired is race-free in a fresh check of the repaired text, which has no
//! more syntax errors than the input.
//!
//! The oracles come in three tiers ([`Tier`]) so that a long run reaches
//! 10^6 inputs: the solver is 80-90 % of an input's time, the front end a few
//! percent. Every input runs the front end (preprocessor, parser, lowering:
//! no panic, lowering within the budget, diagnostic ranges inside their
//! file); a deterministic sample (iteration `i` with `i % check_every == 0`)
//! also runs the checker and the renderers (budget, JSON, SARIF, positions);
//! a sparser one (`i % fix_every == 0`) also runs `fix` and re-checks it.

pub mod mutate;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde_json::Value;

use crate::check::{DiagnosticKind, Verdict};
use crate::cli::fix::{fix_text, FixArgs, FixFormat, FixOutcome};
use crate::cli::{analyze_bytes, json, sarif, text, FileOutcome, LaunchArgs};
use crate::ide::Settings;
use crate::synth::RepairStatus;

pub use mutate::{Mutator, Rng};

/// One oracle violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Which oracle: `panic`, `budget`, `json`, `sarif`, `position`, `fix`.
    pub oracle: &'static str,
    /// What was seen.
    pub detail: String,
}

/// How the oracles run.
#[derive(Clone, Debug)]
pub struct OracleOptions {
    /// Per-kernel budget in milliseconds.
    pub budget_ms: u64,
    /// Allowed overrun, as a fraction of the budget (0.1: 10%).
    pub margin: f64,
    /// Also run `fix` and re-check its output.
    pub fix: bool,
    /// The driver's sampling: every this many inputs run the checker tier.
    pub check_every: u64,
    /// The driver's sampling: every this many inputs run the fix tier.
    pub fix_every: u64,
}

/// How much of the oracle set one input runs (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Front end only: preprocess, parse, lower.
    Front,
    /// Front end, checker and the three renderers.
    Check,
    /// All of the above and `fix` with its re-check.
    Fix,
}

impl OracleOptions {
    /// The tier of iteration `i` under this sampling (deterministic: the
    /// mutants of consecutive iterations are independent, so a residue class
    /// is an unbiased sample).
    pub fn tier_of(&self, i: u64) -> Tier {
        if self.fix && i.is_multiple_of(self.fix_every.max(1)) {
            Tier::Fix
        } else if i.is_multiple_of(self.check_every.max(1)) {
            Tier::Check
        } else {
            Tier::Front
        }
    }
}

impl Default for OracleOptions {
    fn default() -> OracleOptions {
        OracleOptions {
            budget_ms: 2_000,
            margin: 0.1,
            fix: true,
            check_every: 1,
            fix_every: 1,
        }
    }
}

static PANICS: AtomicUsize = AtomicUsize::new(0);
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Counts every panic, caught or not (the guards turn panics into
/// `unsupported` kernels, which would hide them from the fuzzer).
pub fn install_panic_counter() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            if let Ok(mut last) = LAST_PANIC.lock() {
                *last = Some(info.to_string());
            }
            previous(info);
        }));
    });
}

/// Runs every oracle on `text` (as if read from `path`); empty when all pass.
pub fn run_oracles(path: &Path, text: &str, options: &OracleOptions) -> Vec<Failure> {
    let tier = if options.fix { Tier::Fix } else { Tier::Check };
    run_tier(path, text, options, tier)
}

/// Runs the oracles of `tier` on `text` (as if read from `path`); empty when
/// all pass.
pub fn run_tier(path: &Path, text: &str, options: &OracleOptions, tier: Tier) -> Vec<Failure> {
    install_panic_counter();
    let panics_before = PANICS.load(Ordering::SeqCst);
    let mut failures = Vec::new();
    if tier == Tier::Front {
        check_front_end(path, text, options, &mut failures);
    } else {
        check_analysis(path, text, options, tier == Tier::Fix, &mut failures);
    }
    if PANICS.load(Ordering::SeqCst) > panics_before {
        let message = LAST_PANIC
            .lock()
            .ok()
            .and_then(|last| last.clone())
            .unwrap_or_default();
        failures.push(Failure {
            oracle: "panic",
            detail: message,
        });
    }
    failures
}

/// The front-end tier: lowering within the budget, every diagnostic and
/// unsupported kernel's range inside its file.
fn check_front_end(path: &Path, text: &str, options: &OracleOptions, failures: &mut Vec<Failure>) {
    let decoded = crate::syntax::files::decode(text.as_bytes());
    let started = Instant::now();
    let program =
        crate::ide::file::lower_guarded(path, &decoded.text, &crate::frontend::FsIncludes);
    let wall_ms = started.elapsed().as_secs_f64() * 1e3;
    let limit_ms = options.budget_ms as f64 * (1.0 + options.margin);
    if wall_ms > limit_ms {
        failures.push(Failure {
            oracle: "budget",
            detail: format!(
                "lowering took {wall_ms:.0} ms, budget {} ms",
                options.budget_ms
            ),
        });
    }
    let spans = program.diagnostics.iter().map(|d| d.span).chain(
        program
            .unsupported
            .iter()
            .flat_map(|u| [u.span, u.name_span]),
    );
    for span in spans {
        let file_len = program
            .files
            .get(span.file.0 as usize)
            .map(|f| f.text.len());
        if !file_len.is_some_and(|len| span.start <= span.end && span.end as usize <= len) {
            failures.push(Failure {
                oracle: "position",
                detail: format!("front-end range {span:?} outside its file (length {file_len:?})"),
            });
            return;
        }
    }
}

/// The checker tier (and with `fix`, the fix tier).
fn check_analysis(
    path: &Path,
    text: &str,
    options: &OracleOptions,
    fix: bool,
    failures: &mut Vec<Failure>,
) {
    let settings = Settings {
        kernel_budget_ms: options.budget_ms,
        ..Settings::default()
    };
    let started = Instant::now();
    let analysis = analyze_bytes(path, text.as_bytes(), &settings);
    let wall_ms = started.elapsed().as_secs_f64() * 1e3;
    let limit_ms = options.budget_ms as f64 * (1.0 + options.margin);
    for kernel in &analysis.kernels {
        if kernel.report.time_ms > limit_ms {
            failures.push(Failure {
                oracle: "budget",
                detail: format!(
                    "kernel {} took {:.0} ms, budget {} ms",
                    kernel.report.name, kernel.report.time_ms, options.budget_ms
                ),
            });
        }
    }
    // The whole file: every kernel's budget plus the front end's share.
    let file_limit = limit_ms * analysis.kernels.len().max(1) as f64 + limit_ms;
    if wall_ms > file_limit {
        failures.push(Failure {
            oracle: "budget",
            detail: format!("the file took {wall_ms:.0} ms, limit {file_limit:.0} ms"),
        });
    }
    let line_count = text.split(['\n', '\r']).count() as u64;
    let racy_or_repairable = analysis
        .kernels
        .iter()
        .any(|k| matches!(k.report.verdict, Verdict::Racy | Verdict::Divergent));
    let syntax_errors_before = syntax_errors(&analysis);
    let divergent_before: Vec<String> = analysis
        .kernels
        .iter()
        .filter(|k| k.report.verdict == Verdict::Divergent)
        .map(|k| k.report.name.clone())
        .collect();
    let outcomes = [FileOutcome::Analyzed(analysis)];
    let _ = text::render(&outcomes, true);
    check_json(&json::render(&outcomes), line_count, failures);
    check_sarif(&sarif::render(&outcomes), line_count, failures);
    if fix && racy_or_repairable {
        check_fix(
            path,
            text,
            options,
            (syntax_errors_before, &divergent_before),
            failures,
        );
    }
}

fn syntax_errors(analysis: &crate::ide::FileAnalysis) -> usize {
    analysis
        .file_findings
        .iter()
        .filter(|f| f.kind == DiagnosticKind::SyntaxError)
        .count()
}

fn check_json(rendered: &str, line_count: u64, failures: &mut Vec<Failure>) {
    let doc: Value = match serde_json::from_str(rendered) {
        Ok(doc) => doc,
        Err(e) => {
            failures.push(Failure {
                oracle: "json",
                detail: format!("not JSON: {e}"),
            });
            return;
        }
    };
    let mut ranges = Vec::new();
    collect_ranges(&doc, &mut ranges);
    for range in ranges {
        for end in ["start", "end"] {
            let line = range[end]["line"].as_u64();
            if line.is_none_or(|line| line > line_count) {
                failures.push(Failure {
                    oracle: "position",
                    detail: format!("JSON range {range} outside the file's {line_count} lines"),
                });
                return;
            }
        }
    }
}

/// Every `range` object in a JSON document whose start is a position.
fn collect_ranges<'a>(value: &'a Value, out: &mut Vec<&'a Value>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                if key == "range" && child["start"].is_object() {
                    out.push(child);
                } else {
                    collect_ranges(child, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_ranges(item, out)),
        _ => {}
    }
}

fn check_sarif(rendered: &str, line_count: u64, failures: &mut Vec<Failure>) {
    let doc: Value = match serde_json::from_str(rendered) {
        Ok(doc) => doc,
        Err(e) => {
            failures.push(Failure {
                oracle: "sarif",
                detail: format!("not JSON: {e}"),
            });
            return;
        }
    };
    if doc["version"] != "2.1.0" || !doc["runs"][0]["results"].is_array() {
        failures.push(Failure {
            oracle: "sarif",
            detail: "no SARIF 2.1.0 run with results".to_string(),
        });
        return;
    }
    for result in doc["runs"][0]["results"].as_array().into_iter().flatten() {
        if !result["ruleId"].is_string() || !result["message"]["text"].is_string() {
            failures.push(Failure {
                oracle: "sarif",
                detail: format!("result without ruleId or message: {result}"),
            });
            return;
        }
        for location in result["locations"].as_array().into_iter().flatten() {
            let region = &location["physicalLocation"]["region"];
            let line = region["startLine"].as_u64();
            let column = region["startColumn"].as_u64();
            if !line.is_some_and(|l| l >= 1 && l <= line_count + 1) || column.is_some_and(|c| c < 1)
            {
                failures.push(Failure {
                    oracle: "position",
                    detail: format!("SARIF region {region} outside the file"),
                });
                return;
            }
        }
    }
}

fn check_fix(
    path: &Path,
    text: &str,
    options: &OracleOptions,
    (syntax_errors_before, divergent_before): (usize, &[String]),
    failures: &mut Vec<Failure>,
) {
    let args = FixArgs {
        write: false,
        force: false,
        format: FixFormat::Json,
        keep_existing: false,
        bank_conflicts: false,
        grid_barriers: false,
        loop_cost: None,
        cond_cost: None,
        launch: LaunchArgs {
            budget_ms: Some(options.budget_ms),
            ..LaunchArgs::default()
        },
        paths: vec![path.to_path_buf()],
    };
    let FixOutcome::Fixed { fix, .. } = fix_text(path, text, &args) else {
        return;
    };
    if !fix.changed() {
        return;
    }
    let settings = Settings {
        kernel_budget_ms: options.budget_ms,
        ..Settings::default()
    };
    let after = analyze_bytes(path, fix.fixed.as_bytes(), &settings);
    if syntax_errors(&after) > syntax_errors_before {
        failures.push(Failure {
            oracle: "fix",
            detail: format!(
                "the repaired text has {} syntax errors, the input {}",
                syntax_errors(&after),
                syntax_errors_before
            ),
        });
    }
    for repaired in fix
        .kernels
        .iter()
        .filter(|k| k.status == RepairStatus::Repaired)
    {
        let verdict = after
            .kernels
            .iter()
            .find(|k| k.report.name == repaired.name)
            .map(|k| k.report.verdict);
        // Only a race or a new divergence is a wrong repair: inconclusive is
        // the budget, garbage input may hold several kernels of one name, and
        // `fix` repairs races, not a divergence the input already had (a
        // named barrier's thread count, say).
        let new_divergence =
            verdict == Some(Verdict::Divergent) && !divergent_before.contains(&repaired.name);
        if verdict == Some(Verdict::Racy) || new_divergence {
            failures.push(Failure {
                oracle: "fix",
                detail: format!(
                    "kernel {} reported repaired re-checks as {}",
                    repaired.name,
                    verdict.map_or("?", Verdict::as_str)
                ),
            });
        }
    }
}

/// Shrinks `text` while `still_fails` holds: whole lines first, then tokens
/// (delta debugging, chunks halving down to one).
pub fn minimise(text: &str, still_fails: &mut dyn FnMut(&str) -> bool) -> String {
    let lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let lines = shrink(lines, still_fails);
    let tokens = mutate::tokens(&lines.concat())
        .into_iter()
        .map(str::to_string)
        .collect();
    shrink(tokens, still_fails).concat()
}

fn shrink(mut parts: Vec<String>, still_fails: &mut dyn FnMut(&str) -> bool) -> Vec<String> {
    let mut chunk = parts.len().div_ceil(2).max(1);
    loop {
        let mut start = 0;
        let mut removed_any = false;
        while start < parts.len() {
            let end = (start + chunk).min(parts.len());
            let candidate: Vec<String> = parts[..start]
                .iter()
                .chain(&parts[end..])
                .cloned()
                .collect();
            if still_fails(&candidate.concat()) {
                parts = candidate;
                removed_any = true;
            } else {
                start = end;
            }
        }
        if chunk == 1 && !removed_any {
            return parts;
        }
        if !removed_any {
            chunk = (chunk / 2).max(1);
        }
    }
}

/// The seed inputs: every kernel file under `root` (sorted, so a seed means
/// the same inputs on every machine).
pub fn seed_corpus(root: &Path) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    collect(root, &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            Some((path, text))
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if crate::cli::is_kernel_file(&path) {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimise_keeps_what_the_failure_needs() {
        let text = "int a;\nint b;\nBAD c;\nint d;\n";
        let small = minimise(text, &mut |t| t.contains("BAD"));
        assert_eq!(small, "BAD");
    }

    #[test]
    fn oracles_pass_on_a_clean_and_a_racy_kernel() {
        let racy = "//--blockDim=64 --gridDim=1\n__global__ void k(int *o) {\n  __shared__ int A[65];\n  int x = A[threadIdx.x + 1];\n  A[threadIdx.x] = x;\n  o[threadIdx.x] = x;\n}\n";
        let failures = run_oracles(Path::new("k.cu"), racy, &OracleOptions::default());
        assert!(failures.is_empty(), "{failures:?}");
    }

    #[test]
    fn a_json_range_past_the_end_is_caught() {
        let mut failures = Vec::new();
        let doc = r#"{"files":[{"diagnostics":[{"range":{"start":{"line":9,"character":0},"end":{"line":9,"character":1}}}]}]}"#;
        check_json(doc, 3, &mut failures);
        assert_eq!(failures.len(), 1);
        assert_eq!(failures[0].oracle, "position");
    }
}
