//! `syncwright fix --bank-conflicts`: pads shared arrays so that their
//! accesses are conflict-free (`synth::padding`), then re-analyses the edited
//! source: the races verdict of every kernel must be unchanged and the padded
//! arrays' degrees must be what the search predicted.

use std::io::Write as _;
use std::path::Path;

use super::fix::{FixArgs, FixFormat};
use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE};
use crate::ide::workspace as inputs;
use crate::ide::{analyze_file, FileAnalysis, Settings};
use crate::synth::padding::{apply_edits, plan_paddings, PaddingPlan};
use crate::synth::report::write_atomically;

/// Result of padding one file.
#[derive(Debug, serde::Serialize)]
pub struct PadOutcome {
    /// Path.
    pub path: String,
    /// Applied paddings.
    pub plans: Vec<PaddingPlan>,
    /// Arrays left alone, with the reason.
    pub skipped: Vec<String>,
    /// Problems found when re-checking the edited source (empty: verified).
    pub problems: Vec<String>,
    /// The edited source.
    #[serde(skip)]
    pub fixed: String,
}

fn degrees(analysis: &FileAnalysis, kernel: &str, array: &str) -> Option<u32> {
    let k = analysis.kernels.iter().find(|k| k.report.name == kernel)?;
    let banks = k.banks.as_ref()?;
    Some(
        banks
            .accesses
            .iter()
            .filter(|a| a.array_name == array)
            .map(|a| a.degree.lower_bound())
            .sum(),
    )
}

/// Pads the conflicting arrays of every kernel of `text` and verifies the result.
pub fn pad_text(path: &Path, text: &str, settings: &Settings) -> PadOutcome {
    let settings = Settings {
        perf: true,
        ..settings.clone()
    };
    let before = analyze_file(path, text, &settings);
    let mut plans = Vec::new();
    let mut skipped = Vec::new();
    for k in &before.kernels {
        let (Some(kernel), Some(banks)) = (&k.kernel, &k.banks) else {
            continue;
        };
        let (p, s) = plan_paddings(kernel, &k.options, banks, text);
        plans.extend(p);
        skipped.extend(s);
    }
    let edits: Vec<_> = plans.iter().flat_map(|p| p.edits.clone()).collect();
    let fixed = apply_edits(text, &edits);
    let mut problems = Vec::new();
    if !plans.is_empty() {
        let after = analyze_file(path, &fixed, &settings);
        for (b, a) in before.kernels.iter().zip(&after.kernels) {
            if b.report.verdict != a.report.verdict {
                problems.push(format!(
                    "kernel `{}`: verdict changed from {} to {} after padding",
                    b.report.name,
                    b.report.verdict.as_str(),
                    a.report.verdict.as_str()
                ));
            }
        }
        if before.kernels.len() != after.kernels.len() {
            problems.push("the edited source has a different number of kernels".into());
        }
        for p in &plans {
            let got = degrees(&after, &p.kernel, &p.array);
            if got != Some(p.total_after) {
                problems.push(format!(
                    "`{}` in `{}`: expected total degree {} after padding, the edited source has {:?}",
                    p.array, p.kernel, p.total_after, got
                ));
            }
        }
    }
    PadOutcome {
        path: path.display().to_string(),
        plans,
        skipped,
        problems,
        fixed,
    }
}

/// Runs `fix --bank-conflicts` and returns the exit code.
pub fn run(args: &FixArgs) -> i32 {
    let settings = args.launch.settings();
    let mut code = EXIT_CLEAN;
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let mut outcomes = Vec::new();
    for input in inputs::collect(&args.paths) {
        let path = match input {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(
                    stderr,
                    "syncwright: error: {}: {}",
                    e.path.display(),
                    e.message
                );
                code = EXIT_USAGE;
                continue;
            }
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                let _ = writeln!(
                    stderr,
                    "syncwright: error: {}: cannot read: {e}",
                    path.display()
                );
                code = EXIT_USAGE;
                continue;
            }
        };
        let outcome = pad_text(&path, &text, &settings);
        if !outcome.problems.is_empty() && code == EXIT_CLEAN {
            code = EXIT_FINDINGS;
        }
        if args.write && outcome.problems.is_empty() && outcome.fixed != text {
            if let Err(e) = write_atomically(&path, &outcome.fixed) {
                let _ = writeln!(
                    stderr,
                    "syncwright: error: cannot write {}: {e}",
                    path.display()
                );
                code = EXIT_USAGE;
            }
        }
        outcomes.push((outcome, text));
    }
    match args.format {
        FixFormat::Json => {
            let list: Vec<&PadOutcome> = outcomes.iter().map(|(o, _)| o).collect();
            match serde_json::to_string_pretty(&serde_json::json!({ "files": list })) {
                Ok(t) => {
                    let _ = writeln!(stdout, "{t}");
                }
                Err(e) => {
                    let _ = writeln!(stderr, "syncwright: error: cannot encode the report: {e}");
                    code = EXIT_USAGE;
                }
            }
        }
        FixFormat::Text => {
            for (o, _) in &outcomes {
                if !args.write {
                    let _ = write!(stdout, "{}", o.fixed);
                }
                for p in &o.plans {
                    let _ = writeln!(
                        stderr,
                        "{}: {}: `{}`: {} (total degree {} -> {}{})",
                        o.path,
                        p.kernel,
                        p.array,
                        p.padding.describe(),
                        p.total_before,
                        p.total_after,
                        if p.conflict_free {
                            ", conflict-free"
                        } else {
                            ""
                        }
                    );
                }
                for s in &o.skipped {
                    let _ = writeln!(stderr, "{}: not padded: {s}", o.path);
                }
                for s in &o.problems {
                    let _ = writeln!(stderr, "{}: error: {s}", o.path);
                }
            }
        }
    }
    let _ = stdout.flush();
    code
}
