//! JSON output with LSP-style ranges (0-based lines, characters in UTF-16 code units).
//!
//! Shape (stable names; more fields may be added):
//! `{"files":[{"path","kernels":[{"name","verdict","time_ms","diagnostics":[{"kind",
//! "severity","message","range","related","witness"}]}]}]}`.

use serde_json::{json, Map, Value};

use super::view::{diagnostics, DiagnosticView, Totals, VERDICTS};
use super::FileOutcome;
use crate::check::{Finding, RaceWitness, ThreadCoords};
use crate::ide::{FileAnalysis, KernelAnalysis, Location};

/// Renders all outcomes as one pretty-printed JSON document.
pub fn render(outcomes: &[FileOutcome]) -> String {
    let mut text = serde_json::to_string_pretty(&document(outcomes)).unwrap_or_else(|e| {
        // Serialising a `Value` cannot fail; keep the output valid JSON regardless.
        json!({ "error": e.to_string() }).to_string()
    });
    text.push('\n');
    text
}

/// The JSON document for `outcomes`.
pub fn document(outcomes: &[FileOutcome]) -> Value {
    let files: Vec<Value> = outcomes
        .iter()
        .map(|outcome| match outcome {
            FileOutcome::Analyzed(a) => file_json(a),
            FileOutcome::Unreadable { path, message } => json!({
                "path": path.display().to_string(),
                "error": format!("cannot read: {message}"),
                "kernels": [],
                "diagnostics": [],
            }),
        })
        .collect();
    let totals = Totals::of(outcomes);
    let mut verdicts = Map::new();
    for (verdict, n) in VERDICTS.iter().zip(totals.verdicts) {
        verdicts.insert(verdict.as_str().to_string(), json!(n));
    }
    json!({
        "version": env!("CARGO_PKG_VERSION"),
        "files": files,
        "summary": {
            "files": totals.files,
            "unreadable": totals.unreadable,
            "kernels": totals.kernels(),
            "verdicts": verdicts,
            "file_errors": totals.file_errors,
            "findings": totals.findings,
        },
    })
}

fn file_json(analysis: &FileAnalysis) -> Value {
    let views = diagnostics(analysis);
    let file_level: Vec<Value> = views
        .iter()
        .filter(|d| d.kernel.is_none())
        .map(diagnostic_json)
        .collect();
    let kernels: Vec<Value> = analysis
        .kernels
        .iter()
        .map(|kernel| {
            let own: Vec<Value> = views
                .iter()
                .filter(|d| d.kernel.is_some_and(|k| std::ptr::eq(k, kernel)))
                .map(diagnostic_json)
                .collect();
            kernel_json(analysis, kernel, own)
        })
        .collect();
    let mut file = json!({
        "path": analysis.path.display().to_string(),
        "kernels": kernels,
        "diagnostics": file_level,
        "time_ms": analysis.time_ms,
    });
    if let Some(e) = &analysis.config_error {
        file["config_error"] = json!(e.to_string());
    }
    file
}

fn kernel_json(analysis: &FileAnalysis, kernel: &KernelAnalysis, diagnostics: Vec<Value>) -> Value {
    let report = &kernel.report;
    json!({
        "name": report.name,
        "verdict": report.verdict.as_str(),
        "time_ms": report.time_ms,
        "solver_queries": report.solver_queries,
        "range": range_json(&analysis.locate(report.name_span)),
        "launch": kernel.launch_summary(),
        "diagnostics": diagnostics,
    })
}

/// `{"start":{"line","character"},"end":{..}}`, LSP coordinates.
pub fn range_json(location: &Location) -> Value {
    json!({
        "start": { "line": location.start.line, "character": location.start.utf16 },
        "end": { "line": location.end.line, "character": location.end.utf16 },
    })
}

fn located(location: &Location, mut value: Value) -> Value {
    // Ranges in an included header name their file; ranges in the file itself need not.
    if !location.in_main_file {
        value["path"] = json!(location.path);
    }
    value
}

fn diagnostic_json(d: &DiagnosticView<'_>) -> Value {
    let kind = d.finding.kind;
    let related: Vec<Value> = d
        .related
        .iter()
        .map(|(location, message)| {
            located(
                location,
                json!({ "message": message, "range": range_json(location) }),
            )
        })
        .collect();
    let mut value = json!({
        "kind": kind.code(),
        "severity": d.severity.as_str(),
        "message": d.finding.message,
        "range": range_json(&d.location),
        "related": related,
        "witness": witness_json(&d.finding),
    });
    if !d.steps.is_empty() {
        value["witness"]["steps"] = json!(d.steps);
    }
    if let Some(race) = &d.finding.race {
        value["race"] = json!({
            "kind": race.kind.as_str(),
            "array": race.array,
            "relation": race.relation,
            "benign": race.benign,
            "warp_sync_only": race.warp_sync_only,
            "accesses": [race.first.0, race.second.0],
        });
    }
    if let Some(div) = &d.finding.divergence {
        value["divergence"] = json!({ "barrier": div.barrier.0, "cause": div.cause });
    }
    located(&d.location, value)
}

fn int(v: i128) -> Value {
    // JSON numbers beyond 64 bits lose precision in most readers: keep them as strings.
    i64::try_from(v).map_or_else(|_| json!(v.to_string()), |v| json!(v))
}

fn thread_json(t: &ThreadCoords) -> Value {
    json!({ "thread": t.thread, "block": t.block })
}

fn named(values: &[crate::check::NamedValue]) -> Value {
    Value::Array(
        values
            .iter()
            .map(|v| json!({ "name": v.name, "value": int(v.value) }))
            .collect(),
    )
}

fn race_witness_json(w: &RaceWitness) -> Value {
    json!({
        "threads": [thread_json(&w.threads[0]), thread_json(&w.threads[1])],
        "block_dim": w.block_dim,
        "grid_dim": w.grid_dim,
        "params": named(&w.params),
        "locals": [named(&w.locals[0]), named(&w.locals[1])],
        "array": w.array,
        "accesses": [w.accesses[0].0, w.accesses[1].0],
        "byte_offsets": [int(w.byte_offsets[0]), int(w.byte_offsets[1])],
        "indices": [int(w.indices[0]), int(w.indices[1])],
    })
}

/// The witness of a finding: a race's model values, a divergence's two threads, or null.
fn witness_json(finding: &Finding) -> Value {
    if let Some(w) = finding.race.as_ref().and_then(|r| r.witness.as_ref()) {
        return race_witness_json(w);
    }
    if let Some(threads) = finding.divergence.as_ref().and_then(|d| d.witness.as_ref()) {
        return json!({ "threads": [thread_json(&threads[0]), thread_json(&threads[1])] });
    }
    Value::Null
}
