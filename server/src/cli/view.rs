//! What every output format shows, resolved once: each finding with its
//! kernel and source locations, and witnesses in words.

use crate::check::interleaving::{race_steps, SourceLine, Step};
use crate::check::{
    DiagnosticKind, Finding, KernelReport, LoopRelation, RaceWitness, ThreadCoords, Verdict,
};
use crate::ide::{plain_finding, FileAnalysis, KernelAnalysis, Location};

/// A finding ready to print.
#[derive(Clone, Debug)]
pub struct DiagnosticView<'a> {
    /// The finding (synthesized for a kernel whose verdict has no finding).
    pub finding: Finding,
    /// The kernel it belongs to (None for file-level findings).
    pub kernel: Option<&'a KernelAnalysis>,
    /// Main range.
    pub location: Location,
    /// Related ranges with their messages.
    pub related: Vec<(Location, String)>,
    /// Severity (the kind's default unless the settings change it).
    pub severity: crate::check::diagnostic::Severity,
    /// A race's interleaving (empty for other findings).
    pub steps: Vec<Step>,
}

/// Every finding of a file in output order: file-level findings, then each
/// kernel's in source order. A kernel that is not race-free always yields at
/// least one diagnostic.
pub fn diagnostics(analysis: &FileAnalysis) -> Vec<DiagnosticView<'_>> {
    let mut out: Vec<DiagnosticView<'_>> = analysis
        .file_findings
        .iter()
        .map(|f| view(analysis, f.clone(), None))
        .collect();
    for kernel in &analysis.kernels {
        let report = &kernel.report;
        for finding in &report.findings {
            out.push(view(analysis, finding.clone(), Some(kernel)));
        }
        if let Some(fallback) = verdict_without_finding(report) {
            out.push(view(analysis, fallback, Some(kernel)));
        }
    }
    out
}

fn view<'a>(
    analysis: &'a FileAnalysis,
    finding: Finding,
    kernel: Option<&'a KernelAnalysis>,
) -> DiagnosticView<'a> {
    let location = analysis.locate(finding.span);
    let mut related: Vec<(Location, String)> = finding
        .related
        .iter()
        .map(|(span, message)| (analysis.locate(*span), message.clone()))
        .collect();
    if let Some(cause) = finding.divergence.as_ref().and_then(|d| d.cause_span) {
        if !finding.related.iter().any(|(span, _)| *span == cause) {
            let message = finding
                .divergence
                .as_ref()
                .map_or_else(String::new, |d| d.cause.clone());
            related.push((analysis.locate(cause), message));
        }
    }
    let steps = finding.race.as_ref().map_or_else(Vec::new, |race| {
        race_steps(race, &|span| SourceLine::of(&analysis.program.files, span))
    });
    DiagnosticView {
        severity: analysis.severity(finding.kind),
        finding,
        kernel,
        location,
        related,
        steps,
    }
}

/// A finding stating the verdict when the report has none that explains it.
fn verdict_without_finding(report: &KernelReport) -> Option<Finding> {
    let kind = match report.verdict {
        Verdict::RaceFree => return None,
        Verdict::Racy => DiagnosticKind::Race,
        Verdict::Divergent => DiagnosticKind::Divergence,
        Verdict::Inconclusive => DiagnosticKind::Inconclusive,
        Verdict::Unsupported => DiagnosticKind::Unsupported,
    };
    // Barrier misuse makes a kernel divergent too; async-copy races make it racy.
    let explains = |k: DiagnosticKind| {
        k == kind
            || (kind == DiagnosticKind::Divergence
                && matches!(
                    k,
                    DiagnosticKind::BarrierDeadlock | DiagnosticKind::BarrierRecycling
                ))
            || (kind == DiagnosticKind::Race && k == DiagnosticKind::AsyncCopy)
    };
    if report.findings.iter().any(|f| explains(f.kind)) {
        return None;
    }
    let message = format!(
        "kernel `{}` is {} (no details reported)",
        report.name,
        report.verdict.as_str()
    );
    Some(plain_finding(kind, message, report.name_span))
}

/// `(x,y,z)`.
pub fn triple(v: &[u64; 3]) -> String {
    format!("({},{},{})", v[0], v[1], v[2])
}

/// `thread (1,0,0) of block (0,0,0)`.
pub fn thread_text(t: &ThreadCoords) -> String {
    format!("thread {} of block {}", triple(&t.thread), triple(&t.block))
}

/// The loop relation in words, when it says more than "in the same iteration".
pub fn relation_text(relation: &LoopRelation) -> Option<String> {
    match relation {
        LoopRelation::IntraIteration => None,
        LoopRelation::InterIteration { depth } => Some(format!(
            "the threads are in different iterations of the enclosing loop at depth {depth}"
        )),
        LoopRelation::InterBlock => {
            Some("the threads are in different blocks: no block barrier can order them".to_string())
        }
    }
}

/// A race witness as lines of text (without indentation).
pub fn race_witness_lines(w: &RaceWitness) -> Vec<String> {
    let mut lines = vec![format!(
        "witness: blockDim {}, gridDim {}",
        triple(&w.block_dim),
        triple(&w.grid_dim)
    )];
    if !w.params.is_empty() {
        let params: Vec<String> = w
            .params
            .iter()
            .map(|p| format!("{} = {}", p.name, p.value))
            .collect();
        lines.push(format!("  parameters: {}", params.join(", ")));
    }
    for i in 0..2 {
        let locals: Vec<String> = w.locals[i]
            .iter()
            .map(|v| format!("{} = {}", v.name, v.value))
            .collect();
        let locals = if locals.is_empty() {
            String::new()
        } else {
            format!(" with {}", locals.join(", "))
        };
        lines.push(format!(
            "  {} accesses {}[{}] (byte offset {}){}",
            thread_text(&w.threads[i]),
            w.array,
            w.indices[i],
            w.byte_offsets[i],
            locals
        ));
    }
    lines
}

/// A divergence witness as a line of text.
pub fn divergence_witness_line(
    threads: &[ThreadCoords; 2],
    both_reach: bool,
    outside_mask: Option<u32>,
    outside_unknown_mask: bool,
) -> String {
    if outside_unknown_mask {
        return format!(
            "witness: {} calls it; its lane is not in the mask it computes",
            thread_text(&threads[0])
        );
    }
    if let Some(mask) = outside_mask {
        return format!(
            "witness: {} calls it; its lane is not in the mask {mask:#010x}",
            thread_text(&threads[0])
        );
    }
    if both_reach {
        return format!(
            "witness: {} and {} call it with different arguments",
            thread_text(&threads[0]),
            thread_text(&threads[1])
        );
    }
    format!(
        "witness: {} reaches the barrier, {} does not",
        thread_text(&threads[0]),
        thread_text(&threads[1])
    )
}

/// Witness lines of a finding (race or divergence), after the loop relation of
/// a race when it crosses iterations or blocks.
pub fn witness_lines(finding: &Finding) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(race) = &finding.race {
        // The message already names the kind, the array and the warp caveat.
        lines.extend(relation_text(&race.relation));
        if let Some(w) = &race.witness {
            lines.extend(race_witness_lines(w));
        }
    }
    if let Some(d) = &finding.divergence {
        if let Some(threads) = &d.witness {
            lines.push(divergence_witness_line(
                threads,
                d.both_reach,
                d.outside_mask,
                d.outside_unknown_mask,
            ));
        }
    }
    lines
}

/// Counts of verdicts over files, for summaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Files analysed.
    pub files: usize,
    /// Files that could not be read.
    pub unreadable: usize,
    /// Kernels per verdict: race-free, racy, divergent, inconclusive, unsupported.
    pub verdicts: [usize; 5],
    /// File-level errors (syntax errors, invalid configuration).
    pub file_errors: usize,
    /// Errors and warnings shown, one per bug (races grouped by their pair of
    /// accesses, one divergence per barrier), file-level ones included.
    pub findings: usize,
}

impl Totals {
    /// Totals over `outcomes`.
    pub fn of(outcomes: &[super::FileOutcome]) -> Totals {
        let mut t = Totals::default();
        for outcome in outcomes {
            let super::FileOutcome::Analyzed(a) = outcome else {
                t.unreadable += 1;
                continue;
            };
            t.files += 1;
            for k in &a.kernels {
                t.verdicts[verdict_index(k.report.verdict)] += 1;
            }
            t.findings += diagnostics(a)
                .iter()
                .filter(|d| {
                    matches!(
                        d.severity,
                        crate::check::diagnostic::Severity::Error
                            | crate::check::diagnostic::Severity::Warning
                    )
                })
                .count();
            t.file_errors += a
                .file_findings
                .iter()
                .filter(|f| f.kind.severity() == crate::check::diagnostic::Severity::Error)
                .count();
        }
        t
    }

    /// Number of kernels.
    pub fn kernels(&self) -> usize {
        self.verdicts.iter().sum()
    }
}

/// All verdicts in summary order.
pub const VERDICTS: [Verdict; 5] = [
    Verdict::RaceFree,
    Verdict::Racy,
    Verdict::Divergent,
    Verdict::Inconclusive,
    Verdict::Unsupported,
];

/// Position of `v` in [`VERDICTS`].
pub fn verdict_index(v: Verdict) -> usize {
    VERDICTS.iter().position(|x| *x == v).unwrap_or(0)
}
