//! Translations of analysis results into LSP diagnostics.

use ropey::Rope;
use serde_json::json;
use tower_lsp::lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag,
    Location, NumberOrString, Range, Url,
};

use super::document::{range_of, PositionEncoding};
use crate::base::{FileId, Span};
use crate::check::diagnostic::Severity;
use crate::check::DiagnosticKind;
use crate::ide::host::{DocAnalysis, DocFinding};

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

/// The diagnostic of one finding: its kind's severity, code and
/// documentation link (`check::diagnostic`); a finding in an included header
/// is shown at its anchor (the kernel name) with the header's location.
fn diagnostic(map: &SpanMapper, found: &DocFinding) -> Diagnostic {
    let finding = &found.finding;
    let (range, message) = if finding.span.file == FileId(0) {
        (map.range(finding.span), finding.message.clone())
    } else {
        let where_ = map
            .files
            .get(finding.span.file.0 as usize)
            .map(|(p, _)| p.as_str())
            .unwrap_or("a header");
        (
            map.range(found.anchor),
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
    let data = match &found.kernel {
        Some((name, start)) => {
            let race = finding.race.as_ref();
            json!({
                "kernel": name,
                "kernelStart": start,
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
            })
        }
        None => json!({ "kind": finding.kind.code() }),
    };
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
    analysis
        .findings()
        .iter()
        .map(|found| diagnostic(&map, found))
        .collect()
}
