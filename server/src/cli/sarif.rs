//! SARIF 2.1.0 output for GitHub code scanning: one rule per diagnostic kind,
//! one result per finding, relative forward-slash URIs against `%SRCROOT%` (the
//! working directory), 1-based regions with UTF-16 columns.

use std::path::{Component, Path};

use serde_json::{json, Value};

use super::view::{diagnostics, witness_lines, DiagnosticView};
use super::FileOutcome;
use crate::check::diagnostic::Severity;
use crate::check::DiagnosticKind;
use crate::ide::{FileAnalysis, Location};

/// The schema URI the document declares.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// Base id of the relative artifact URIs.
pub const SRCROOT: &str = "%SRCROOT%";
/// Where the tool is documented: the crate's `repository` (Cargo.toml).
pub const INFORMATION_URI: &str = env!("CARGO_PKG_REPOSITORY");

/// SARIF level of a severity.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

/// Renders all outcomes as one SARIF log.
pub fn render(outcomes: &[FileOutcome]) -> String {
    let cwd = std::env::current_dir().ok();
    let mut text = serde_json::to_string_pretty(&document(outcomes, cwd.as_deref()))
        .unwrap_or_else(|e| json!({ "error": e.to_string() }).to_string());
    text.push('\n');
    text
}

/// The SARIF log; `base` is the directory relative URIs are relative to.
pub fn document(outcomes: &[FileOutcome], base: Option<&Path>) -> Value {
    let rules: Vec<Value> = DiagnosticKind::ALL.iter().map(|kind| rule(*kind)).collect();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    let mut fingerprints_seen = crate::base::HashMap::<u64, u32>::default();
    for outcome in outcomes {
        match outcome {
            FileOutcome::Unreadable { path, message } => notifications.push(json!({
                "level": "error",
                "message": { "text": format!("cannot read {}: {message}", path.display()) },
                "locations": [{ "physicalLocation": { "artifactLocation": artifact(&path.display().to_string(), base) } }],
            })),
            FileOutcome::Analyzed(analysis) => {
                if let Some(e) = &analysis.config_error {
                    notifications.push(json!({
                        "level": "error",
                        "message": { "text": format!("invalid configuration {e}") },
                    }));
                }
                for d in diagnostics(analysis) {
                    results.push(result(analysis, &d, base, &mut fingerprints_seen));
                }
            }
        }
    }
    let mut run = json!({
        "tool": {
            "driver": {
                "name": "syncwright",
                "informationUri": INFORMATION_URI,
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }
        },
        "columnKind": "utf16CodeUnits",
        "results": results,
        "invocations": [{
            "executionSuccessful": notifications.is_empty(),
            "toolExecutionNotifications": notifications,
        }],
    });
    if let Some(base) = base.and_then(dir_uri) {
        run["originalUriBaseIds"] = json!({ SRCROOT: { "uri": base } });
    }
    json!({
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [run],
    })
}

fn rule(kind: DiagnosticKind) -> Value {
    let short = capitalize(kind.title());
    json!({
        "id": kind.code(),
        "name": kind.code().split('-').map(capitalize).collect::<String>(),
        "shortDescription": { "text": short },
        "fullDescription": { "text": kind.explanation() },
        "help": { "text": kind.explanation(), "markdown": format!("**{short}**\n\n{}", kind.explanation()) },
        "helpUri": kind.docs_url(),
        "defaultConfiguration": { "level": level(kind.severity()) },
        "properties": { "tags": ["concurrency", "gpu"] },
    })
}

/// `word` with its first character upper-cased.
fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn result(
    analysis: &FileAnalysis,
    d: &DiagnosticView<'_>,
    base: Option<&Path>,
    seen: &mut crate::base::HashMap<u64, u32>,
) -> Value {
    let kind = d.finding.kind;
    let mut message = d.finding.message.clone();
    for line in witness_lines(&d.finding) {
        message.push('\n');
        message.push_str(&line);
    }
    let related: Vec<Value> = d
        .related
        .iter()
        .enumerate()
        .map(|(i, (location, text))| {
            json!({ "id": i + 1, "physicalLocation": physical(location, base), "message": { "text": text } })
        })
        .collect();
    let kernel = d.kernel.map(|k| k.report.name.as_str()).unwrap_or("");
    let snippet = source_text(analysis, d.finding.span);
    let key = fnv1a(&[
        kind.code(),
        &uri_of(&d.location.path, base).0,
        kernel,
        snippet.trim(),
    ]);
    // Identical keys (the same construct reported twice) get an ordinal so fingerprints stay unique.
    let ordinal = seen.entry(key).or_insert(0);
    *ordinal += 1;
    let mut value = json!({
        "ruleId": kind.code(),
        "ruleIndex": DiagnosticKind::ALL.iter().position(|k| *k == kind).unwrap_or(0),
        "level": level(d.severity),
        "message": { "text": message },
        "locations": [{ "physicalLocation": physical(&d.location, base) }],
        "relatedLocations": related,
        "partialFingerprints": { "syncwrightKey/v1": format!("{key:016x}:{ordinal}") },
    });
    if let Some(k) = d.kernel {
        value["properties"] = json!({ "kernel": kernel, "verdict": k.report.verdict.as_str() });
    }
    value
}

fn physical(location: &Location, base: Option<&Path>) -> Value {
    let start_col = location.start.utf16 + 1;
    let end_col = if location.end.line == location.start.line {
        (location.end.utf16 + 1).max(start_col)
    } else {
        location.end.utf16 + 1
    };
    json!({
        "artifactLocation": artifact(&location.path, base),
        "region": {
            "startLine": location.start.line + 1,
            "startColumn": start_col,
            "endLine": location.end.line.max(location.start.line) + 1,
            "endColumn": end_col,
        },
    })
}

fn artifact(path: &str, base: Option<&Path>) -> Value {
    let (uri, relative) = uri_of(path, base);
    if relative {
        json!({ "uri": uri, "uriBaseId": SRCROOT })
    } else {
        json!({ "uri": uri })
    }
}

/// The URI of `path`: relative with forward slashes when it is relative or under
/// `base`, else an absolute `file://` URI. The flag tells which.
pub fn uri_of(path: &str, base: Option<&Path>) -> (String, bool) {
    let p = Path::new(path);
    let relative = if p.is_absolute() {
        base.and_then(|b| p.strip_prefix(b).ok())
    } else {
        Some(p)
    };
    match relative {
        Some(rel) => {
            let parts: Vec<String> = rel
                .components()
                .filter(|c| !matches!(c, Component::CurDir))
                .map(|c| percent_encode(&c.as_os_str().to_string_lossy()))
                .collect();
            (parts.join("/"), true)
        }
        None => (
            format!("file://{}", percent_encode(&path.replace('\\', "/"))),
            false,
        ),
    }
}

fn dir_uri(dir: &Path) -> Option<String> {
    let text = dir.to_str()?.replace('\\', "/");
    let text = if text.ends_with('/') {
        text
    } else {
        format!("{text}/")
    };
    Some(format!("file://{}", percent_encode(&text)))
}

/// Percent-encodes everything but unreserved characters and `/`.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The source text of `span`, clamped, at most 200 bytes.
fn source_text(analysis: &FileAnalysis, span: crate::ir::Span) -> String {
    let Some(file) = analysis.program.files.get(span.file.0 as usize) else {
        return String::new();
    };
    let text = file.text.as_str();
    let clamp = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = clamp(span.start as usize);
    let end = clamp((span.end as usize).max(start).min(start + 200));
    text[start..end].to_string()
}

/// FNV-1a over `parts` separated by NUL: stable across runs and versions.
fn fnv1a(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.bytes().chain(std::iter::once(0)) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_relative_with_forward_slashes() {
        let base = Path::new("/repo");
        assert_eq!(
            uri_of("tests/a b.cu", Some(base)),
            ("tests/a%20b.cu".to_string(), true)
        );
        assert_eq!(uri_of("./x/y.cl", Some(base)), ("x/y.cl".to_string(), true));
        assert_eq!(
            uri_of("/repo/k/z.cu", Some(base)),
            ("k/z.cu".to_string(), true)
        );
        assert_eq!(
            uri_of("/else/z.cu", Some(base)),
            ("file:///else/z.cu".to_string(), false)
        );
        assert_eq!(
            uri_of("../up.cu", Some(base)),
            ("../up.cu".to_string(), true)
        );
    }

    #[test]
    fn fingerprints_are_stable() {
        assert_eq!(fnv1a(&["a"]), fnv1a(&["a"]));
        assert_ne!(fnv1a(&["ab", ""]), fnv1a(&["a", "b"]));
        assert_eq!(fnv1a(&[]), 0xcbf2_9ce4_8422_2325);
    }

    #[test]
    fn every_rule_is_complete() {
        for kind in DiagnosticKind::ALL {
            let r = rule(kind);
            for key in ["id", "name", "shortDescription", "fullDescription", "help"] {
                assert!(r.get(key).is_some(), "{key} missing for {kind:?}");
            }
            assert!(!r["shortDescription"]["text"].as_str().unwrap().is_empty());
        }
    }
}
