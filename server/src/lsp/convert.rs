//! Translations of analysis results into LSP diagnostics, hovers and hints.

use ropey::Rope;
use serde_json::json;
use tower_lsp::lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag,
    Location, NumberOrString, Range, Url,
};

use super::document::{range_of, PositionEncoding};
use super::engine::{DocAnalysis, KernelResult};
use crate::check::diagnostic::Severity;
use crate::check::{DiagnosticKind, Finding};
use crate::ir::{FileId, Span};

/// `source` of every diagnostic.
pub const SOURCE: &str = "syncwright";

/// LSP severity of a kind.
pub fn severity(kind: DiagnosticKind) -> DiagnosticSeverity {
    match kind.severity() {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Information => DiagnosticSeverity::INFORMATION,
        Severity::Hint => DiagnosticSeverity::HINT,
    }
}

/// Documentation link of a kind.
pub fn code_description(kind: DiagnosticKind) -> Option<CodeDescription> {
    Url::parse(&kind.docs_url())
        .ok()
        .map(|href| CodeDescription { href })
}

/// Formats a barrier cost: integers without a fraction.
pub fn fmt_cost(cost: f64) -> String {
    if cost.is_finite() && cost.fract() == 0.0 && cost.abs() < 1e15 {
        format!("{}", cost as i64)
    } else {
        format!("{cost}")
    }
}

/// Converts spans of the analysed text to ranges, and spans in headers to locations.
pub struct SpanMapper<'a> {
    /// Text of the document.
    pub rope: &'a Rope,
    /// Negotiated encoding.
    pub encoding: PositionEncoding,
    /// The document.
    pub uri: &'a Url,
    /// Paths of the program's files (index = FileId).
    pub files: Vec<(String, Rope)>,
}

impl SpanMapper<'_> {
    /// Range of a main-file span.
    pub fn range(&self, span: Span) -> Range {
        range_of(
            self.rope,
            span.start as usize,
            span.end as usize,
            self.encoding,
        )
    }

    /// Location of any span (headers included), when known.
    pub fn location(&self, span: Span) -> Option<Location> {
        if span.file == FileId(0) {
            return Some(Location {
                uri: self.uri.clone(),
                range: self.range(span),
            });
        }
        let (path, rope) = self.files.get(span.file.0 as usize)?;
        let uri = Url::from_file_path(path).ok()?;
        Some(Location {
            uri,
            range: range_of(rope, span.start as usize, span.end as usize, self.encoding),
        })
    }
}

/// Diagnostic of one finding of a kernel.
fn finding_diagnostic(map: &SpanMapper, kernel: &KernelResult, finding: &Finding) -> Diagnostic {
    let (range, message) = if finding.span.file == FileId(0) {
        (map.range(finding.span), finding.message.clone())
    } else {
        // Findings inside an included header are shown on the kernel name.
        let where_ = map
            .files
            .get(finding.span.file.0 as usize)
            .map(|(p, _)| p.as_str())
            .unwrap_or("a header");
        (
            map.range(kernel.kernel.name_span),
            format!("{} (in {where_})", finding.message),
        )
    };
    let mut related: Vec<DiagnosticRelatedInformation> = finding
        .related
        .iter()
        .filter_map(|(span, msg)| {
            map.location(*span)
                .map(|location| DiagnosticRelatedInformation {
                    location,
                    message: msg.clone(),
                })
        })
        .collect();
    if finding.span.file != FileId(0) {
        if let Some(location) = map.location(finding.span) {
            related.insert(
                0,
                DiagnosticRelatedInformation {
                    location,
                    message: finding.kind.title().to_string(),
                },
            );
        }
    }
    let race = finding.race.as_ref();
    let data = json!({
        "kernel": kernel.kernel.name,
        "kernelStart": kernel.kernel.span.start,
        "kind": finding.kind.code(),
        "span": [finding.span.start, finding.span.end],
        "race": race.map(|r| json!({
            "kind": r.kind.as_str(),
            "array": r.array,
            "first": r.first.0,
            "second": r.second.0,
            "relation": r.relation,
        })),
        "divergence": finding.divergence.as_ref().map(|d| d.barrier.0),
    });
    Diagnostic {
        range,
        severity: Some(severity(finding.kind)),
        code: Some(NumberOrString::String(finding.kind.code().to_string())),
        code_description: code_description(finding.kind),
        source: Some(SOURCE.to_string()),
        message,
        related_information: if related.is_empty() {
            None
        } else {
            Some(related)
        },
        tags: (finding.kind == DiagnosticKind::RedundantBarrier)
            .then(|| vec![DiagnosticTag::UNNECESSARY]),
        data: Some(data),
    }
}

/// A diagnostic not tied to a kernel finding.
fn plain_diagnostic(range: Range, kind: DiagnosticKind, message: String) -> Diagnostic {
    Diagnostic {
        range,
        severity: Some(severity(kind)),
        code: Some(NumberOrString::String(kind.code().to_string())),
        code_description: code_description(kind),
        source: Some(SOURCE.to_string()),
        message,
        related_information: None,
        tags: None,
        data: Some(json!({ "kind": kind.code() })),
    }
}

/// Builds the span mapper of an analysis.
pub fn mapper<'a>(
    analysis: &'a DocAnalysis,
    uri: &'a Url,
    encoding: PositionEncoding,
) -> SpanMapper<'a> {
    let files = analysis
        .program
        .as_ref()
        .map(|p| {
            // File 0 is the document itself (`rope`); only headers need a rope.
            p.files
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let rope = if i == 0 {
                        Rope::new()
                    } else {
                        Rope::from_str(&f.text)
                    };
                    (f.path.clone(), rope)
                })
                .collect()
        })
        .unwrap_or_default();
    SpanMapper {
        rope: &analysis.rope,
        encoding,
        uri,
        files,
    }
}

/// All diagnostics of a document's analysis.
pub fn diagnostics(
    analysis: &DocAnalysis,
    uri: &Url,
    encoding: PositionEncoding,
) -> Vec<Diagnostic> {
    let map = mapper(analysis, uri, encoding);
    let mut out = Vec::new();
    if let Some(error) = &analysis.frontend_error {
        let range = range_of(&analysis.rope, 0, 0, encoding);
        out.push(plain_diagnostic(
            range,
            DiagnosticKind::Unsupported,
            format!("file not analysed: {error}"),
        ));
    }
    for finding in &analysis.config_findings {
        out.push(plain_diagnostic(
            map.range(finding.span),
            finding.kind,
            finding.message.clone(),
        ));
    }
    if let Some(program) = &analysis.program {
        for diag in &program.diagnostics {
            let kind = if diag.is_error {
                DiagnosticKind::SyntaxError
            } else {
                DiagnosticKind::Imprecision
            };
            let range = if diag.span.file == FileId(0) {
                map.range(diag.span)
            } else {
                map.range(Span::new(0, 0))
            };
            let mut d = plain_diagnostic(range, kind, diag.message.clone());
            if !diag.is_error {
                d.severity = Some(DiagnosticSeverity::WARNING);
            }
            out.push(d);
        }
        for unsupported in &program.unsupported {
            let span = if unsupported.span.file == FileId(0) {
                unsupported.span
            } else {
                unsupported.name_span
            };
            out.push(plain_diagnostic(
                map.range(span),
                DiagnosticKind::Unsupported,
                format!(
                    "kernel `{}` not checked: {}",
                    unsupported.name, unsupported.reason
                ),
            ));
        }
    }
    for kernel in &analysis.kernels {
        for finding in &kernel.report.findings {
            out.push(finding_diagnostic(&map, kernel, finding));
        }
    }
    out
}
