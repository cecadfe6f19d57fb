//! The kernels of an analysed document with their verdicts (outline, inlay
//! hints, workspace summaries).

use super::host::DocAnalysis;
use crate::base::Span;
use crate::check::{DiagnosticKind, Verdict};

/// One kernel of a document.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelSymbol {
    /// Name.
    pub name: String,
    /// Range of the name.
    pub name_span: Span,
    /// Range of the whole definition.
    pub span: Span,
    /// Verdict.
    pub verdict: Verdict,
    /// Races reported.
    pub races: usize,
    /// Checking time in milliseconds.
    pub time_ms: f64,
}

impl KernelSymbol {
    /// Short label: `race-free`, `racy (2 races)`, `inconclusive`...
    pub fn label(&self) -> String {
        match self.verdict {
            Verdict::Racy => format!(
                "racy ({} race{})",
                self.races,
                if self.races == 1 { "" } else { "s" }
            ),
            verdict => verdict.as_str().to_string(),
        }
    }
}

/// The kernels of `analysis` in source order.
pub fn kernel_symbols(analysis: &DocAnalysis) -> Vec<KernelSymbol> {
    analysis
        .kernels
        .iter()
        .map(|k| KernelSymbol {
            name: k.kernel.name.clone(),
            name_span: k.kernel.name_span,
            span: k.kernel.span,
            verdict: k.report.verdict,
            races: k
                .report
                .findings
                .iter()
                .filter(|f| f.kind == DiagnosticKind::Race)
                .count(),
            time_ms: k.report.time_ms,
        })
        .collect()
}

/// Kernels analysed and those not race-free.
pub fn verdict_counts(analysis: &DocAnalysis) -> (usize, usize) {
    let not_race_free = analysis
        .kernels
        .iter()
        .filter(|k| k.report.verdict != Verdict::RaceFree)
        .count();
    (analysis.kernels.len(), not_race_free)
}
