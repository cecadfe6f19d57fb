//! Output formats on hand-made analyses (independent of the front end and checker).

use std::path::PathBuf;

use super::check::exit_code;
use super::{json, sarif, text, FileOutcome};
use crate::check::DiagnosticKind;
use crate::check::{
    Divergence, Finding, KernelReport, LoopRelation, NamedValue, Race, RaceKind, RaceWitness,
    ThreadCoords, Verdict,
};
use crate::config::resolve::{FileConfig, Source};
use crate::config::{CheckOptions, CostModel};
use crate::ide::{plain_finding, FileAnalysis, KernelAnalysis};
use crate::ir::{Program, SourceFileInfo, Span, StmtId};

#[path = "../../tests/common/sarif_schema.rs"]
mod sarif_schema;

const SOURCE: &str = "//--blockDim=64\n__global__ void racy(int *out) {\n  __shared__ int s[64]; /* é */ s[threadIdx.x + 1] = s[threadIdx.x];\n}\n__global__ void div() { if (threadIdx.x) __syncthreads(); }\n";

fn span_of(needle: &str) -> Span {
    let start = SOURCE.find(needle).expect("needle in SOURCE");
    Span::new(start as u32, (start + needle.len()) as u32)
}

fn kernel(report: KernelReport) -> KernelAnalysis {
    KernelAnalysis {
        kernel: None,
        options: CheckOptions::default(),
        block_dim_source: Source::Header,
        grid_dim_source: Source::Symbolic,
        report,
        banks: None,
        launches: Vec::new(),
    }
}

fn thread(x: u64) -> ThreadCoords {
    ThreadCoords {
        thread: [x, 0, 0],
        block: [0, 0, 0],
    }
}

fn sample(path: &str) -> FileAnalysis {
    let write = span_of("s[threadIdx.x + 1]");
    let read = span_of("s[threadIdx.x]");
    let race = Race {
        kind: RaceKind::WriteRead,
        array: "s".into(),
        first: StmtId(2),
        second: StmtId(1),
        first_span: write,
        second_span: read,
        relation: LoopRelation::InterIteration { depth: 1 },
        benign: false,
        warp_sync_only: false,
        witness: Some(RaceWitness {
            threads: [thread(0), thread(1)],
            block_dim: [64, 1, 1],
            grid_dim: [1, 1, 1],
            params: vec![NamedValue {
                name: "n".into(),
                value: i128::from(u64::MAX) + 1,
            }],
            locals: [
                vec![],
                vec![NamedValue {
                    name: "i".into(),
                    value: 3,
                }],
            ],
            array: "s".into(),
            accesses: [StmtId(2), StmtId(1)],
            byte_offsets: [4, 4],
            indices: [1, 1],
        }),
    };
    let racy = KernelReport {
        name: "racy".into(),
        name_span: span_of("racy"),
        verdict: Verdict::Racy,
        findings: vec![Finding {
            kind: DiagnosticKind::Race,
            message: "write-read race on `s`".into(),
            span: write,
            related: vec![(read, "conflicting read".into())],
            race: Some(race),
            divergence: None,
        }],
        time_ms: 1.5,
        solver_queries: 3,
        races: Vec::new(),
    };
    let barrier = span_of("__syncthreads()");
    let divergent = KernelReport {
        name: "div".into(),
        name_span: span_of("div"),
        verdict: Verdict::Divergent,
        findings: vec![Finding {
            kind: DiagnosticKind::Divergence,
            message: "barrier may be reached by some threads only".into(),
            span: barrier,
            related: vec![],
            race: None,
            divergence: Some(Divergence {
                barrier: StmtId(4),
                span: barrier,
                cause: "thread-dependent condition".into(),
                cause_span: Some(span_of("threadIdx.x)")),
                witness: Some([thread(1), thread(0)]),
                both_reach: false,
                warp: false,
                outside_mask: None,
                outside_unknown_mask: false,
            }),
        }],
        time_ms: 0.5,
        solver_queries: 1,
        races: Vec::new(),
    };
    // An inconclusive kernel whose report explains nothing still gets a diagnostic.
    let silent = KernelReport {
        name: "silent".into(),
        name_span: span_of("out"),
        verdict: Verdict::Inconclusive,
        findings: vec![],
        time_ms: 0.0,
        solver_queries: 0,
        races: Vec::new(),
    };
    FileAnalysis {
        path: PathBuf::from(path),
        program: Program {
            files: vec![SourceFileInfo {
                path: path.into(),
                text: SOURCE.into(),
            }],
            kernels: vec![],
            unsupported: vec![],
            diagnostics: vec![],
        },
        kernels: vec![kernel(racy), kernel(divergent), kernel(silent)],
        file_findings: vec![plain_finding(
            DiagnosticKind::SyntaxError,
            "expected `;`".into(),
            span_of("div"),
        )],
        config: FileConfig::default(),
        config_error: None,
        cost: CostModel::default(),
        time_ms: 2.0,
        line_starts: Default::default(),
        perf_severity: None,
    }
}

fn clean(path: &str) -> FileAnalysis {
    let mut a = sample(path);
    a.file_findings.clear();
    for k in &mut a.kernels {
        k.report.verdict = Verdict::RaceFree;
        k.report.findings.clear();
    }
    a
}

#[test]
fn text_is_gcc_style_with_witness_and_notes() {
    let out = text::render(&[FileOutcome::Analyzed(sample("k/a.cu"))], false);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "k/a.cu:5:17: error: expected `;` [syntax-error]");
    assert_eq!(lines[1], "k/a.cu: In kernel 'racy':");
    // Line 3, column counted in characters (é is one).
    assert_eq!(
        lines[2],
        "k/a.cu:3:33: warning: write-read race on `s` [race]"
    );
    assert_eq!(
        lines[3],
        "    the threads are in different iterations of the enclosing loop at depth 1"
    );
    assert_eq!(lines[4], "    witness: blockDim (64,1,1), gridDim (1,1,1)");
    assert!(out.contains("    witness: blockDim (64,1,1), gridDim (1,1,1)\n"));
    assert!(out.contains("      parameters: n = 18446744073709551616\n"));
    assert!(out.contains(
        "      thread (1,0,0) of block (0,0,0) accesses s[1] (byte offset 4) with i = 3\n"
    ));
    assert!(out.contains("k/a.cu:3:54: note: conflicting read\n"));
    assert!(out.contains(
        "k/a.cu:5:42: warning: barrier may be reached by some threads only [divergence]\n"
    ));
    assert!(out.contains("    witness: thread (1,0,0) of block (0,0,0) reaches the barrier, thread (0,0,0) of block (0,0,0) does not\n"));
    assert!(out.contains("k/a.cu:5:29: note: thread-dependent condition\n"));
    assert!(out
        .contains("warning: kernel `silent` is inconclusive (no details reported) [inconclusive]"));
    assert_eq!(
        *lines.last().unwrap(),
        "syncwright: 1 file, 3 kernels: 0 race-free, 1 racy, 1 divergent, 1 inconclusive, 0 unsupported; 4 findings; 1 file error"
    );
}

#[test]
fn json_has_the_documented_shape() {
    let outcomes = [
        FileOutcome::Analyzed(sample("k/a.cu")),
        FileOutcome::Unreadable {
            path: "gone.cu".into(),
            message: "No such file".into(),
        },
    ];
    let doc: serde_json::Value = serde_json::from_str(&json::render(&outcomes)).unwrap();
    let file = &doc["files"][0];
    assert_eq!(file["path"], "k/a.cu");
    assert_eq!(file["diagnostics"][0]["kind"], "syntax-error");
    let kernels = file["kernels"].as_array().unwrap();
    assert_eq!(kernels.len(), 3);
    let racy = &kernels[0];
    assert_eq!(racy["name"], "racy");
    assert_eq!(racy["verdict"], "racy");
    assert_eq!(racy["time_ms"], 1.5);
    let d = &racy["diagnostics"][0];
    assert_eq!(d["kind"], "race");
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["message"], "write-read race on `s`");
    // 0-based line 2; UTF-16 column: `é` is one code unit.
    assert_eq!(
        d["range"]["start"],
        serde_json::json!({"line": 2, "character": 32})
    );
    assert_eq!(
        d["range"]["end"],
        serde_json::json!({"line": 2, "character": 50})
    );
    assert_eq!(d["related"][0]["message"], "conflicting read");
    assert_eq!(d["related"][0]["range"]["start"]["character"], 53);
    let w = &d["witness"];
    assert_eq!(w["threads"][1]["thread"], serde_json::json!([1, 0, 0]));
    assert_eq!(w["byte_offsets"], serde_json::json!([4, 4]));
    assert_eq!(w["params"][0]["value"], "18446744073709551616");
    assert_eq!(
        w["locals"][1][0],
        serde_json::json!({"name": "i", "value": 3})
    );
    assert_eq!(
        d["race"]["relation"],
        serde_json::json!({"type": "inter-iteration", "depth": 1})
    );
    assert_eq!(racy["launch"]["block_dim_source"], "header");
    let div = &kernels[1]["diagnostics"][0];
    assert_eq!(
        div["witness"]["threads"][0]["thread"],
        serde_json::json!([1, 0, 0])
    );
    assert_eq!(div["related"][0]["message"], "thread-dependent condition");
    assert_eq!(kernels[2]["diagnostics"][0]["kind"], "inconclusive");
    assert_eq!(doc["files"][1]["path"], "gone.cu");
    assert!(doc["files"][1]["error"]
        .as_str()
        .unwrap()
        .contains("No such file"));
    assert_eq!(doc["summary"]["verdicts"]["racy"], 1);
    // The same findings as the text summary counts.
    assert_eq!(doc["summary"]["findings"], 4);
}

#[test]
fn sarif_is_valid_and_relative() {
    let outcomes = [
        FileOutcome::Analyzed(sample("/repo/k/a b.cu")),
        FileOutcome::Unreadable {
            path: "gone.cu".into(),
            message: "No such file".into(),
        },
    ];
    let log = sarif::document(&outcomes, Some(std::path::Path::new("/repo")));
    sarif_schema::validate(&log).unwrap();
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    let race = results.iter().find(|r| r["ruleId"] == "race").unwrap();
    let loc = &race["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "k/a%20b.cu");
    assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    assert_eq!(
        loc["region"],
        serde_json::json!({"startLine": 3, "startColumn": 33, "endLine": 3, "endColumn": 51})
    );
    assert_eq!(
        race["relatedLocations"][0]["message"]["text"],
        "conflicting read"
    );
    assert!(race["message"]["text"]
        .as_str()
        .unwrap()
        .contains("witness: blockDim (64,1,1)"));
    assert_eq!(race["properties"]["kernel"], "racy");
    assert_eq!(run["invocations"][0]["executionSuccessful"], false);
    // Fingerprints are unique per result.
    let prints: crate::base::HashSet<String> = results
        .iter()
        .map(|r| r["partialFingerprints"].to_string())
        .collect();
    assert_eq!(prints.len(), results.len());
    // And stable across runs.
    assert_eq!(
        log,
        sarif::document(&outcomes, Some(std::path::Path::new("/repo")))
    );
}

#[test]
fn exit_codes_follow_the_worst_outcome() {
    assert_eq!(exit_code(&[FileOutcome::Analyzed(clean("a.cu"))]), 0);
    assert_eq!(exit_code(&[]), 0);
    assert_eq!(
        exit_code(&[
            FileOutcome::Analyzed(clean("a.cu")),
            FileOutcome::Analyzed(sample("b.cu"))
        ]),
        1
    );
    let mut info_only = clean("a.cu");
    info_only.file_findings.push(plain_finding(
        DiagnosticKind::Imprecision,
        "note".into(),
        Span::new(0, 0),
    ));
    assert_eq!(exit_code(&[FileOutcome::Analyzed(info_only)]), 0);
    let unreadable = FileOutcome::Unreadable {
        path: "x.cu".into(),
        message: "denied".into(),
    };
    assert_eq!(
        exit_code(&[FileOutcome::Analyzed(sample("b.cu")), unreadable]),
        2
    );
    let mut bad_config = clean("a.cu");
    bad_config.config_error = Some(crate::config::resolve::ConfigError {
        path: "syncwright.toml".into(),
        message: "bad".into(),
    });
    assert_eq!(exit_code(&[FileOutcome::Analyzed(bad_config)]), 2);
}
