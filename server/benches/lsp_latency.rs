//! Language-server latency and memory benchmark (not a timed test).
//!
//! Drives the real server (`syncwright::lsp::service()`, the same service
//! `syncwright lsp` serves over stdio) in process:
//! 1. opens a generated 2,000-line CUDA file with 20 kernels, then makes 200
//!    edits inside one kernel (each changes a constant the kernel writes to
//!    shared memory, so that kernel's IR changes and it must be re-checked)
//!    and measures the time from `didChange` to the `publishDiagnostics` of
//!    that version (debounce set to 0, so the figure is the server's own work;
//!    editors add the configured debounce on top);
//! 2. opens 50 such files and reports the process RSS.
//!
//! Run: `cargo bench --bench lsp_latency` (release build).
//! Options: `-- --edits N --files N --macros 0|1` (`--macros 1`: the kernels
//! use a macro, so the front end parses the expanded text).

use std::time::{Duration, Instant};

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tower::{Service, ServiceExt};
use tower_lsp::jsonrpc::{Request, Response};

/// Lines per generated kernel (20 kernels give a 2,000-line file).
const KERNEL_LINES: usize = 100;

/// One kernel of about `KERNEL_LINES` lines: a load, a tree reduction with a
/// barrier per step, a block of local arithmetic, a store. Every fourth kernel
/// lacks the barrier inside the reduction loop (racy).
fn kernel(i: usize, scale: &str) -> String {
    let mut k = String::new();
    k.push_str(&format!(
        "__global__ void reduce_{i}(const float *in, float *out, int n) {{\n"
    ));
    k.push_str("    __shared__ float s[256];\n");
    k.push_str("    unsigned int t = threadIdx.x;\n");
    k.push_str("    unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;\n");
    k.push_str(&format!("    float scale = {scale};\n"));
    k.push_str("    s[t] = (g < n) ? in[g] * scale : 0.0f;\n");
    k.push_str("    __syncthreads();\n");
    k.push_str("    for (unsigned int d = blockDim.x / 2; d > 0; d >>= 1) {\n");
    k.push_str("        if (t < d) {\n");
    k.push_str("            s[t] += s[t + d];\n");
    k.push_str("        }\n");
    if i % 4 != 3 {
        k.push_str("        __syncthreads();\n");
    } else {
        k.push_str("        // missing barrier\n");
    }
    k.push_str("    }\n");
    k.push_str("    float acc = s[0];\n");
    let used = 14 + 4;
    let half = if macros() { "HALF" } else { "0.5f" };
    for j in 0..KERNEL_LINES - used {
        k.push_str(&format!("    acc = acc * {half} + (float)(t + {j});\n"));
    }
    k.push_str("    if (t == 0) {\n");
    k.push_str("        out[blockIdx.x] = acc;\n");
    k.push_str("    }\n");
    k.push_str("}\n");
    k
}

/// Whether the kernels use a macro (`--macros 1`): the front end then parses
/// the expanded text, not the editor's.
fn macros() -> bool {
    arg("--macros", 0) != 0
}

/// Lines before the first kernel.
fn preamble_lines() -> usize {
    usize::from(macros())
}

/// The generated file; `scale` is the edited constant of kernel `edited`.
fn file(kernels: usize, edited: usize, scale: &str) -> String {
    let preamble = if macros() { "#define HALF 0.5f\n" } else { "" };
    let kernels: String = (0..kernels)
        .map(|i| kernel(i, if i == edited { scale } else { "1.0f" }))
        .collect();
    format!("{preamble}{kernels}")
}

struct Harness {
    service: tower_lsp::LspService<syncwright::lsp::Backend>,
    events: tokio::sync::mpsc::UnboundedReceiver<Request>,
    next_id: i64,
}

impl Harness {
    fn new() -> Harness {
        let (service, socket) = syncwright::lsp::service();
        let (tx, events) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(async move {
            let (mut requests, mut responses) = socket.split();
            while let Some(request) = requests.next().await {
                if let Some(id) = request.id().cloned() {
                    let _ = responses.send(Response::from_ok(id, Value::Null)).await;
                }
                let _ = tx.send(request);
            }
        });
        Harness {
            service,
            events,
            next_id: 0,
        }
    }

    async fn send(&mut self, method: &'static str, params: Value, request: bool) -> Option<Value> {
        let mut builder = Request::build(method);
        if !params.is_null() {
            builder = builder.params(params);
        }
        if request {
            self.next_id += 1;
            builder = builder.id(self.next_id);
        }
        let response = self
            .service
            .ready()
            .await
            .ok()?
            .call(builder.finish())
            .await
            .ok()??;
        response.into_parts().1.ok()
    }

    /// Waits for `publishDiagnostics` of `uri` at `version`; returns the number of diagnostics.
    async fn diagnostics(&mut self, uri: &str, version: i64) -> usize {
        let wait = async {
            while let Some(event) = self.events.recv().await {
                if event.method() != "textDocument/publishDiagnostics" {
                    continue;
                }
                let params = event.params().cloned().unwrap_or(Value::Null);
                if params["uri"] == uri && params["version"].as_i64() == Some(version) {
                    return params["diagnostics"].as_array().map_or(0, Vec::len);
                }
            }
            0
        };
        tokio::time::timeout(Duration::from_secs(600), wait)
            .await
            .unwrap_or(0)
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .map(str::to_string)
        })
        .and_then(|l| {
            l.split_whitespace()
                .nth(1)
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

async fn run() {
    let edits = arg("--edits", 200);
    let files = arg("--files", 50);
    let kernels = 20;
    let edited = kernels / 2;
    let mut h = Harness::new();
    h.send("initialize", json!({ "capabilities": {}, "initializationOptions": { "syncwright": { "debounceMs": 0 } } }), true)
        .await;
    h.send("initialized", json!({}), false).await;

    let text = file(kernels, edited, "1.0f");
    let lines = text.lines().count();
    let uri = "file:///bench/latency.cu";
    let start = Instant::now();
    h.send(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": text } }),
        false,
    )
    .await;
    let diags = h.diagnostics(uri, 1).await;
    println!(
        "file: {lines} lines, {kernels} kernels; first full check {:.1} ms, {diags} diagnostics",
        start.elapsed().as_secs_f64() * 1e3
    );

    // The `scale` line of the edited kernel: line 4 of it.
    let line = preamble_lines() + edited * KERNEL_LINES + 4;
    let mut current = "1.0f".to_string();
    let mut latencies = Vec::with_capacity(edits);
    for e in 0..edits {
        let next = format!("{}.0f", e + 2);
        let change = json!([{
            "range": { "start": { "line": line, "character": 18 }, "end": { "line": line, "character": 18 + current.len() } },
            "text": next,
        }]);
        let version = e as i64 + 2;
        let start = Instant::now();
        h.send(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": change }),
            false,
        )
        .await;
        h.diagnostics(uri, version).await;
        latencies.push(start.elapsed().as_secs_f64() * 1e3);
        current = next;
    }
    latencies.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    println!(
        "didChange -> publishDiagnostics over {edits} edits of one kernel: p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 50.0),
        percentile(&latencies, 95.0),
        latencies.last().copied().unwrap_or(f64::NAN)
    );

    let before = rss_mib();
    let start = Instant::now();
    for f in 0..files {
        let uri = format!("file:///bench/file_{f}.cu");
        let text = file(kernels, f % kernels, &format!("{}.5f", f));
        h.send("textDocument/didOpen", json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": text } }), false)
            .await;
        h.diagnostics(&uri, 1).await;
    }
    println!(
        "opened {files} files in {:.1} s; RSS {:.1} MiB (before {:.1} MiB)",
        start.elapsed().as_secs_f64(),
        rss_mib(),
        before
    );
    h.send("shutdown", Value::Null, true).await;
}

/// Median wall time of `f` over `reps` runs, in milliseconds.
fn median_ms(reps: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    percentile(&times, 50.0)
}

/// Where the time of one edit goes: the layers the server calls, timed directly.
fn phases() {
    use syncwright::frontend::{lower_parsed, lower_parsed_incremental, Earlier, FsIncludes};
    use syncwright::ir::Lang;
    use syncwright::syntax::parse::parse;
    let kernels = 20;
    let edited = kernels / 2;
    let text = file(kernels, edited, "1.0f");
    let edited_text = file(kernels, edited, "2.0f");
    let path = std::path::Path::new("/bench/phases.cu");
    let reps = 20;
    let full = median_ms(reps, || {
        parse(&text, Lang::Cuda, None);
    });
    let parsed = parse(&text, Lang::Cuda, None);
    let kernel_start = text.find(&format!("void reduce_{edited}(")).unwrap_or(0);
    let offset = kernel_start
        + text[kernel_start..].find("float scale = ").unwrap_or(0)
        + "float scale = ".len();
    let edit = tree_sitter::InputEdit {
        start_byte: offset,
        old_end_byte: offset + 4,
        new_end_byte: offset + 4,
        start_position: tree_sitter::Point {
            row: preamble_lines() + edited * KERNEL_LINES + 4,
            column: 18,
        },
        old_end_position: tree_sitter::Point {
            row: preamble_lines() + edited * KERNEL_LINES + 4,
            column: 22,
        },
        new_end_position: tree_sitter::Point {
            row: preamble_lines() + edited * KERNEL_LINES + 4,
            column: 22,
        },
    };
    let incremental = median_ms(reps, || {
        let mut old = parsed.tree.clone();
        old.edit(&edit);
        parse(&edited_text, Lang::Cuda, Some(&old));
    });
    let lower = median_ms(reps, || {
        lower_parsed(&parsed, path, &FsIncludes);
    });
    let program = lower_parsed(&parsed, path, &FsIncludes);
    // The server's path after the edit: the edited kernel lowered from the
    // current tree, the others taken over (the edit keeps every offset).
    let (_, state) = lower_parsed_incremental(&parsed, path, &FsIncludes, None);
    let mut old = parsed.tree.clone();
    old.edit(&edit);
    let edited_parsed = parse(&edited_text, Lang::Cuda, Some(&old));
    let reuse = |name: &str, span: syncwright::ir::Span| {
        program
            .kernels
            .iter()
            .find(|k| k.name == name && k.span == span)
            .cloned()
    };
    let lower_one = || {
        let earlier = Earlier {
            state: &state,
            reuse: &reuse,
        };
        lower_parsed_incremental(&edited_parsed, path, &FsIncludes, Some(earlier)).0
    };
    let lower_edited = median_ms(reps, || {
        lower_one();
    });
    let same = lower_one() == lower_parsed(&edited_parsed, path, &FsIncludes);
    let options = syncwright::config::CheckOptions::default();
    let keys = median_ms(reps, || {
        for kernel in &program.kernels {
            syncwright::ide::spans::kernel_key(kernel, &options);
        }
    });
    let check = program.kernels.get(edited).map_or(f64::NAN, |kernel| {
        median_ms(reps, || {
            syncwright::check::check_kernel(kernel, &options);
        })
    });
    println!(
        "phases (median of {reps}): parse {full:.2} ms, incremental re-parse {incremental:.2} ms, \
         lower file {lower:.2} ms, lower edited kernel {lower_edited:.2} ms (same program as lowering the file: {same}), \
         keys of {} kernels {keys:.2} ms, check edited kernel {check:.2} ms",
        program.kernels.len()
    );
}

fn main() {
    phases();
    // The runtime `syncwright lsp` runs on.
    match syncwright::lsp::runtime() {
        Ok(runtime) => runtime.block_on(run()),
        Err(err) => eprintln!("cannot start the runtime: {err}"),
    }
}
