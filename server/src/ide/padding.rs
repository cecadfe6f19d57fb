//! Bank-conflict padding of a whole file (`fix --bank-conflicts`): pads the
//! conflicting shared arrays of every kernel (`synth::padding`), then
//! re-analyses the edited source: the race verdict of every kernel must be
//! unchanged and the padded arrays' degrees must be what the search predicted.

use std::path::Path;

use super::{analyze_file, FileAnalysis, Settings};
use crate::synth::apply_edits;
use crate::synth::padding::{plan_paddings, PaddingPlan};

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
    let mut problems = Vec::new();
    let fixed = match apply_edits(text, &edits) {
        Ok(fixed) => fixed,
        Err(e) => {
            problems.push(format!("the paddings' edits do not apply: {e}"));
            plans.clear();
            text.to_string()
        }
    };
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
