//! gcc-style text output: `path:line:col: warning: message [code]` with 1-based
//! lines and columns (in characters), witness lines, `note:` lines for related
//! ranges, and a summary line.

use std::fmt::Write;

use super::view::{diagnostics, witness_lines, Totals, VERDICTS};
use super::FileOutcome;
use crate::check::diagnostic::Severity;
use crate::ide::Location;

/// The gcc word for a severity.
fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

/// `path:line:col` (1-based).
fn place(location: &Location) -> String {
    format!(
        "{}:{}:{}",
        location.path,
        location.start.line + 1,
        location.start.chars + 1
    )
}

/// Renders all outcomes as text; with `explain`, each race's interleaving follows its witness.
pub fn render(outcomes: &[FileOutcome], explain: bool) -> String {
    let mut out = String::new();
    for outcome in outcomes {
        let FileOutcome::Analyzed(analysis) = outcome else {
            continue;
        };
        let mut current_kernel: Option<&str> = None;
        for d in diagnostics(analysis) {
            if let Some(kernel) = d.kernel {
                let name = kernel.report.name.as_str();
                if current_kernel != Some(name) {
                    let _ = writeln!(out, "{}: In kernel '{}':", analysis.path.display(), name);
                    current_kernel = Some(name);
                }
            }
            let kind = d.finding.kind;
            let _ = writeln!(
                out,
                "{}: {}: {} [{}]",
                place(&d.location),
                severity_word(d.severity),
                d.finding.message,
                kind.code()
            );
            for line in witness_lines(&d.finding) {
                let _ = writeln!(out, "    {line}");
            }
            if explain && !d.steps.is_empty() {
                let _ = writeln!(out, "    interleaving:");
                for step in &d.steps {
                    let _ = writeln!(out, "      {}", step.text);
                }
            }
            for (location, message) in &d.related {
                let _ = writeln!(out, "{}: note: {}", place(location), message);
            }
        }
    }
    let totals = Totals::of(outcomes);
    let verdicts: Vec<String> = VERDICTS
        .iter()
        .zip(totals.verdicts)
        .map(|(v, n)| format!("{n} {}", v.as_str()))
        .collect();
    let _ = write!(
        out,
        "syncwright: {} file{}, {} kernel{}: {}",
        totals.files,
        plural(totals.files),
        totals.kernels(),
        plural(totals.kernels()),
        verdicts.join(", ")
    );
    let _ = write!(
        out,
        "; {} finding{}",
        totals.findings,
        plural(totals.findings)
    );
    if totals.file_errors > 0 {
        let _ = write!(
            out,
            "; {} file error{}",
            totals.file_errors,
            plural(totals.file_errors)
        );
    }
    if totals.unreadable > 0 {
        let _ = write!(
            out,
            "; {} unreadable input{}",
            totals.unreadable,
            plural(totals.unreadable)
        );
    }
    out.push('\n');
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
