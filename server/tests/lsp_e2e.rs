//! End-to-end language-server tests over the real front end, checker and
//! synthesizer: open a racy CUDA and OpenCL kernel, see the race, take the
//! preferred quick fix, apply it, see the diagnostics clear, hover the barrier;
//! and lowering only the edited kernel equals lowering the whole file.
//! These need the front end and the synthesizer (they pass on main merged with
//! the `frontend` and `synth` branches).

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tower::{Service, ServiceExt};
use tower_lsp::jsonrpc::{Request, Response};
use tower_lsp::lsp_types::{CodeAction, Diagnostic, NumberOrString, Url};

struct Client {
    service: tower_lsp::LspService<syncwright::lsp::Backend>,
    events: tokio::sync::mpsc::UnboundedReceiver<Request>,
    next_id: i64,
}

impl Client {
    async fn start(options: Value) -> Client {
        let (service, socket) = syncwright::lsp::service();
        let (tx, events) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(async move {
            let (mut requests, mut responses) = socket.split();
            while let Some(request) = requests.next().await {
                if let Some(id) = request.id().cloned() {
                    let _ = responses
                        .send(Response::from_ok(id, json!({ "applied": true })))
                        .await;
                }
                let _ = tx.send(request);
            }
        });
        let mut client = Client {
            service,
            events,
            next_id: 0,
        };
        client
            .call(
                "initialize",
                json!({ "capabilities": {}, "initializationOptions": options }),
            )
            .await
            .expect("initialize");
        client.notify("initialized", json!({})).await;
        client
    }

    async fn call(
        &mut self,
        method: &'static str,
        params: Value,
    ) -> Result<Value, tower_lsp::jsonrpc::Error> {
        self.next_id += 1;
        let request = Request::build(method)
            .params(params)
            .id(self.next_id)
            .finish();
        let response = self
            .service
            .ready()
            .await
            .expect("ready")
            .call(request)
            .await
            .expect("service");
        response.expect("a response").into_parts().1
    }

    async fn notify(&mut self, method: &'static str, params: Value) {
        let request = Request::build(method).params(params).finish();
        let _ = self
            .service
            .ready()
            .await
            .expect("ready")
            .call(request)
            .await
            .expect("service");
    }

    async fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Diagnostic> {
        let wait = async {
            loop {
                let event = self.events.recv().await.expect("server alive");
                let params = event.params().cloned().unwrap_or(Value::Null);
                if event.method() == "textDocument/publishDiagnostics"
                    && params["uri"] == uri
                    && params["version"] == version
                {
                    return serde_json::from_value(params["diagnostics"].clone())
                        .expect("diagnostics");
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(60), wait)
            .await
            .expect("diagnostics within 60 s")
    }
}

/// Opens `text`, expects one race, applies the preferred fix, expects no
/// diagnostic, and returns the fixed text's inserted barrier text.
async fn race_fix_clear(uri: &str, language: &str, text: &str, race_line: u32) -> String {
    let mut client = Client::start(
        json!({ "syncwright": { "blockDim": [256], "gridDim": [1], "debounceMs": 0 } }),
    )
    .await;
    client
        .notify("textDocument/didOpen", json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }))
        .await;
    let diags = client.diagnostics(uri, 1).await;
    let races: Vec<&Diagnostic> = diags
        .iter()
        .filter(|d| d.code == Some(NumberOrString::String("race".into())))
        .collect();
    assert_eq!(races.len(), 1, "{diags:#?}");
    let race = races[0];
    assert_eq!(race.source.as_deref(), Some("syncwright"));
    assert!(
        race.range.start.line == race_line
            || race
                .related_information
                .iter()
                .flatten()
                .any(|r| r.location.range.start.line == race_line),
        "{race:#?}"
    );
    assert!(
        race.related_information
            .as_ref()
            .is_some_and(|r| !r.is_empty()),
        "the other access is related information"
    );

    let result = client
        .call("textDocument/codeAction", json!({ "textDocument": { "uri": uri }, "range": race.range, "context": { "diagnostics": [race] } }))
        .await
        .expect("code actions");
    let actions: Vec<CodeAction> = serde_json::from_value(result).expect("actions");
    let preferred: Vec<&CodeAction> = actions
        .iter()
        .filter(|a| a.is_preferred == Some(true))
        .collect();
    assert_eq!(preferred.len(), 1, "{actions:#?}");
    let fix = preferred[0];
    let url = Url::parse(uri).expect("uri");
    let edits = fix
        .edit
        .as_ref()
        .and_then(|e| e.changes.as_ref())
        .and_then(|c| c.get(&url))
        .expect("edits")
        .clone();
    let changes: Vec<Value> = {
        // Apply from the end so earlier ranges stay valid, as one didChange.
        let mut sorted = edits.clone();
        sorted.sort_by_key(|e| std::cmp::Reverse((e.range.start.line, e.range.start.character)));
        sorted
            .iter()
            .map(|e| json!({ "range": e.range, "text": e.new_text }))
            .collect()
    };
    client
        .notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": changes }),
        )
        .await;
    let diags = client.diagnostics(uri, 2).await;
    let defects: Vec<&Diagnostic> =
        diags.iter().filter(|d| matches!(&d.code, Some(NumberOrString::String(c)) if c == "race" || c == "divergence")).collect();
    assert!(defects.is_empty(), "{diags:#?}");
    edits.iter().map(|e| e.new_text.clone()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cuda_race_is_fixed_by_the_preferred_quick_fix() {
    let text = "\
__global__ void rotate(float *data) {
    __shared__ float tile[256];
    int t = threadIdx.x;
    tile[t] = data[t];
    data[t] = tile[(t + 1) % 256];
}
";
    let inserted = race_fix_clear("file:///e2e/rotate.cu", "cuda", text, 4).await;
    assert!(inserted.contains("__syncthreads()"), "{inserted:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opencl_race_is_fixed_with_barrier() {
    let text = "\
// Rotate a tile of the work-group.
__kernel void rotate(__global float *data) {
    __local float tile[256];
    int t = get_local_id(0);
    tile[t] = data[t];
    data[t] = tile[(t + 1) % 256];
}
";
    let inserted = race_fix_clear("file:///e2e/rotate.cl", "opencl", text, 5).await;
    assert!(
        inserted.contains("barrier(CLK_LOCAL_MEM_FENCE)"),
        "{inserted:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_shows_barrier_cost_and_ordered_race() {
    let text = "\
__global__ void rotate(float *data) {
    __shared__ float tile[256];
    int t = threadIdx.x;
    tile[t] = data[t];
    for (int i = 0; i < 4; i++) {
        __syncthreads();
        data[t] = tile[(t + 1) % 256];
    }
}
";
    let uri = "file:///e2e/hover.cu";
    let mut client = Client::start(json!({ "blockDim": 256, "gridDim": 1, "debounceMs": 0 })).await;
    client
        .notify("textDocument/didOpen", json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": text } }))
        .await;
    let diags = client.diagnostics(uri, 1).await;
    assert!(
        diags
            .iter()
            .all(|d| d.code != Some(NumberOrString::String("race".into()))),
        "{diags:#?}"
    );
    let hover = client
        .call(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 5, "character": 10 } }),
        )
        .await
        .expect("hover");
    let md = hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(md.contains("Cost **100**"), "{md}");
    assert!(md.contains("1 enclosing loop"), "{md}");
    assert!(md.contains("race on `tile`"), "{md}");
    let access = client
        .call(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 3, "character": 5 } }),
        )
        .await
        .expect("hover");
    let md = access["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(md.contains("Proven race-free"), "{md}");
}

/// With the real front end, lowering only the edited kernel gives exactly what
/// lowering the whole file gives (IR, reports, diagnostics), CUDA and OpenCL.
#[test]
fn edited_kernel_lowering_matches_full_lowering_with_the_real_front_end() {
    use std::sync::Arc;
    use syncwright::frontend::FsIncludes;
    use syncwright::ide::host::{analyze, AnalysisInput, Caches, DocAnalysis, Engine, Syncwright};
    use syncwright::ide::Settings;
    use syncwright::ir::Lang;

    let cuda = "\
#define N 256
__device__ float twice(float v) { return 2.0f * v; }

__global__ void first(float *data) {
    __shared__ float tile[N];
    int t = threadIdx.x;
    tile[t] = data[t];
    __syncthreads();
    data[t] = twice(tile[(t + 1) % N]);
}

__device__ float half(float v) { return 0.5f * v; }

__global__ void second(float *data) {
    __shared__ float tile[N];
    int t = threadIdx.x;
    tile[t] = half(data[t]);
    data[t] = tile[(t + 1) % N];
}

__global__ void third(float *data) {
    int t = threadIdx.x;
    data[t] = twice(data[t]);
}
";
    let opencl = "\
// twins
__kernel void first(__global float *data) {
    __local float tile[256];
    int t = get_local_id(0);
    tile[t] = data[t];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[t] = tile[(t + 1) % 256];
}

__kernel void second(__global float *data) {
    __local float tile[256];
    int t = get_local_id(0);
    tile[t] = data[t];
    data[t] = tile[(t + 1) % 256];
}
";
    let settings = Settings::default();
    let run = |path: &str, text: &str, prev: Option<Arc<DocAnalysis>>| {
        let lang = Lang::from_path(std::path::Path::new(path));
        let input = AnalysisInput {
            generation: 0,
            version: 0,
            rope: ropey::Rope::from_str(text),
            parsed: Some(Arc::new(Syncwright.parse(text, lang, None))),
            lang,
            path: path.into(),
            prev,
        };
        Arc::new(
            analyze(
                &Syncwright,
                &Caches::default(),
                &settings,
                &FsIncludes,
                input,
                &|| false,
                &|_, _| {},
            )
            .expect("not stale"),
        )
    };
    let cases: Vec<(&str, &str, String, bool)> = vec![
        (
            "/e2e/k.cu",
            cuda,
            cuda.replacen(
                "    data[t] = twice(tile[(t + 1) % N]);",
                "    data[t] = twice(tile[(t + 2) % N]) + 1.0f;",
                1,
            ),
            true,
        ),
        (
            "/e2e/k.cu",
            cuda,
            cuda.replacen("    __syncthreads();\n", "", 1),
            true,
        ),
        (
            "/e2e/k.cu",
            cuda,
            cuda.replace(
                "    tile[t] = half(data[t]);",
                "    tile[t] = half(data[t]);\n    __syncthreads();",
            ),
            true,
        ),
        (
            "/e2e/k.cu",
            cuda,
            cuda.replace("return 0.5f * v;", "return 0.25f * v;"),
            false,
        ),
        (
            "/e2e/k.cl",
            opencl,
            {
                // A barrier before the last statement of `second` only.
                let at = opencl.rfind("    data[t] = tile").expect("statement");
                format!(
                    "{}    barrier(CLK_LOCAL_MEM_FENCE);\n{}",
                    &opencl[..at],
                    &opencl[at..]
                )
            },
            true,
        ),
    ];
    for (case, (path, base, text, incremental)) in cases.into_iter().enumerate() {
        assert_ne!(base, text, "case {case} edits nothing");
        let prev = run(path, base, None);
        let fast = run(path, &text, Some(prev));
        let full = run(path, &text, None);
        assert_eq!(fast.timings.incremental, incremental, "case {case}");
        let kernels = |a: &DocAnalysis| {
            a.kernels
                .iter()
                .map(|k| {
                    (
                        k.kernel.clone(),
                        k.key,
                        k.report.verdict,
                        k.report.findings.len(),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(kernels(&fast), kernels(&full), "case {case}");
        assert_eq!(fast.program, full.program, "case {case}");
    }
}
