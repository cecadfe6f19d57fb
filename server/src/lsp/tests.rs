//! Protocol-level tests: the server driven through `LspService` exactly as the
//! stdio transport drives it. Most use a small controllable engine (real
//! tree-sitter parse, a tiny line-based lowering and interval checker) so that
//! the plumbing (incremental sync, caching, debounce, cancellation, panics,
//! fixes validation) is tested independently of the checker's precision.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tower::{Service, ServiceExt};
use tower_lsp::jsonrpc::{Request, Response};
use tower_lsp::lsp_types::*;
use tower_lsp::LspService;

use super::{service_with_engine, Backend};
use crate::check::{DiagnosticKind, Finding, KernelReport, LoopRelation, Race, RaceKind, Verdict};
use crate::config::{CheckOptions, LaunchConfig};
use crate::frontend::IncludeResolver;
use crate::ide::host::Engine;
use crate::ir::*;
use crate::syntax::parse::ParsedSource;
use crate::synth::{BarrierInfo, Fix, FixKind, KernelRepair, RepairStatus, SynthOptions, TextEdit};

// ---------------------------------------------------------------------------
// A controllable engine.

/// Kernels are `__global__ void NAME(...) {` ... a line `}`. Inside, `s[...] = `
/// at the start of a statement is a write of `s`, any other `s[...]` a read,
/// `__syncthreads()` a barrier. Two accesses with different index text in one
/// barrier interval race (one of them a write).
#[derive(Default)]
struct FakeEngine {
    check_delay: Mutex<Duration>,
    checks: AtomicUsize,
    panic_in_check: AtomicBool,
    /// Lower indices `t`, `t + K`, `K` to real offsets and use the real SDV checker.
    real_checker: bool,
    /// Runs inside every parse (to look at the server's state meanwhile).
    parse_hook: ParseHook,
}

/// A test's probe run inside the engine's parse.
type ParseHook = Mutex<Option<Box<dyn Fn() + Send + Sync>>>;

/// Byte offset of `s[idx]` for the index forms the real-checker mode supports.
fn real_offset(idx: &str) -> Expr {
    let tid = Expr::Cast(
        ScalarTy::INT,
        Box::new(Expr::Builtin(Builtin::ThreadIdx(0))),
    );
    let (base, k) = if let Some(rest) = idx.strip_prefix("t+") {
        (Some(tid), rest.parse::<i128>().unwrap_or(0))
    } else if let Some(rest) = idx.strip_prefix("t-") {
        (Some(tid), -rest.parse::<i128>().unwrap_or(0))
    } else if idx == "t" {
        (Some(tid), 0)
    } else {
        (None, idx.parse::<i128>().unwrap_or(0))
    };
    let index = match base {
        Some(tid) => Expr::Binary(
            BinOp::Add,
            Box::new(tid),
            Box::new(Expr::Int(k, ScalarTy::INT)),
            ScalarTy::INT,
        ),
        None => Expr::Int(k, ScalarTy::INT),
    };
    Expr::Binary(
        BinOp::Mul,
        Box::new(Expr::Cast(ScalarTy::LONG, Box::new(index))),
        Box::new(Expr::Int(4, ScalarTy::LONG)),
        ScalarTy::LONG,
    )
}

fn find_all(hay: &str, needle: &str) -> Vec<usize> {
    hay.match_indices(needle).map(|(i, _)| i).collect()
}

fn access_index(kind: &StmtKind) -> Option<(&str, bool)> {
    match kind {
        StmtKind::Read { access, .. } => match &access.offset {
            Expr::Apply(idx, _, _) => Some((idx.as_str(), false)),
            _ => None,
        },
        StmtKind::Write { access, .. } => match &access.offset {
            Expr::Apply(idx, _, _) => Some((idx.as_str(), true)),
            _ => None,
        },
        _ => None,
    }
}

impl FakeEngine {
    fn races(&self, kernel: &Kernel) -> Vec<Race> {
        if self.real_checker {
            let mut races: Vec<Race> =
                crate::check::check_kernel(kernel, &CheckOptions::default()).races;
            races.dedup_by_key(|r| (r.first, r.second));
            return races;
        }
        let mut races = Vec::new();
        let mut interval: Vec<&Stmt> = Vec::new();
        for stmt in &kernel.body.stmts {
            if matches!(stmt.kind, StmtKind::Barrier { .. }) {
                interval.clear();
                continue;
            }
            let Some((idx, write)) = access_index(&stmt.kind) else {
                continue;
            };
            for earlier in &interval {
                let Some((eidx, ewrite)) = access_index(&earlier.kind) else {
                    continue;
                };
                if (write || ewrite) && eidx != idx {
                    let kind = match (ewrite, write) {
                        (true, true) => RaceKind::WriteWrite,
                        (true, false) => RaceKind::WriteRead,
                        _ => RaceKind::ReadWrite,
                    };
                    races.push(Race {
                        kind,
                        array: "s".into(),
                        first: earlier.id,
                        second: stmt.id,
                        first_span: earlier.span,
                        second_span: stmt.span,
                        relation: LoopRelation::IntraIteration,
                        benign: false,
                        warp_sync_only: false,
                        witness: None,
                    });
                }
            }
            interval.push(stmt);
        }
        races
    }

    fn report(&self, kernel: &Kernel) -> KernelReport {
        let findings: Vec<Finding> = self
            .races(kernel)
            .into_iter()
            .map(|race| Finding {
                kind: DiagnosticKind::Race,
                message: format!("{} race on `s` (threads 0 and 1)", race.kind.as_str()),
                span: race.second_span,
                related: vec![(race.first_span, "the other access".into())],
                race: Some(race),
                divergence: None,
            })
            .collect();
        KernelReport {
            name: kernel.name.clone(),
            name_span: kernel.name_span,
            verdict: if findings.is_empty() {
                Verdict::RaceFree
            } else {
                Verdict::Racy
            },
            findings,
            races: self.races(kernel),
            time_ms: 0.1,
            solver_queries: 0,
        }
    }

    fn line_start(text: &str, offset: usize) -> usize {
        text[..offset].rfind('\n').map_or(0, |i| i + 1)
    }

    fn indent(text: &str, offset: usize) -> String {
        let start = Self::line_start(text, offset);
        text[start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect()
    }
}

impl Engine for FakeEngine {
    fn parse(&self, text: &str, lang: Lang, old: Option<&tree_sitter::Tree>) -> ParsedSource {
        if let Some(hook) = self.parse_hook.lock().expect("hook").as_ref() {
            hook();
        }
        crate::syntax::parse::parse(text, lang, old)
    }

    fn lower(
        &self,
        parsed: &ParsedSource,
        path: &Path,
        _includes: &dyn IncludeResolver,
    ) -> Program {
        let text = &parsed.text;
        let mut kernels = Vec::new();
        let mut diagnostics = Vec::new();
        if parsed.tree.root_node().has_error() {
            diagnostics.push(FrontendDiagnostic {
                span: Span::new(0, 0),
                message: "syntax error".into(),
                is_error: true,
            });
        }
        for start in find_all(text, "__global__ void ") {
            let name_start = start + "__global__ void ".len();
            let name_end = name_start + text[name_start..].find('(').unwrap_or(0);
            let end = start
                + text[start..]
                    .find("\n}")
                    .map_or(text.len() - start, |i| i + 2);
            let mut kernel = Kernel {
                name_span: Span::new(name_start as u32, name_end as u32),
                span: Span::new(start as u32, end as u32),
                arrays: vec![ArrayDecl {
                    name: "s".into(),
                    space: MemSpace::Shared,
                    elem_size: 4,
                    dims: vec![64],
                    param: None,
                    span: Span::new(start as u32, start as u32),
                    may_alias_all: false,
                }],
                vars: vec![VarDecl {
                    name: "x".into(),
                    ty: ScalarTy::FLOAT,
                    span: Span::new(start as u32, start as u32),
                }],
                ..Kernel::new(text[name_start..name_end].to_string(), parsed.lang)
            };
            let body_start = start + text[start..end].find('{').map_or(0, |i| i + 1);
            let mut line_offset = body_start;
            for line in text[body_start..end].split_inclusive('\n') {
                let stmt_span = Span::new(
                    line_offset as u32,
                    (line_offset + line.trim_end().len()) as u32,
                );
                let mut stmts = Vec::new();
                if let Some(i) = line.find("__syncthreads()") {
                    let at = (line_offset + i) as u32;
                    let kind = StmtKind::Barrier {
                        scope: BarrierScope::Block,
                        global_fence: true,
                        local_fence: true,
                    };
                    stmts.push((Span::new(at, at + 15), kind));
                }
                let accesses = if line.contains("__shared__") {
                    Vec::new()
                } else {
                    find_all(line, "s[")
                };
                for i in accesses {
                    if i > 0 && line.as_bytes()[i - 1].is_ascii_alphanumeric() {
                        continue;
                    }
                    let close = line[i..].find(']').map_or(line.len(), |c| i + c);
                    let idx: String = line[i + 2..close].split_whitespace().collect();
                    let is_write = line.trim_start().starts_with("s[")
                        && line
                            .get(close + 1..)
                            .is_some_and(|rest| rest.trim_start().starts_with("= "))
                        && line.find("s[") == Some(i);
                    let access = Access {
                        array: ArrayId(0),
                        offset: if self.real_checker {
                            real_offset(&idx)
                        } else {
                            Expr::Apply(idx, Vec::new(), ScalarTy::LONG)
                        },
                        size: 4,
                        ty: ScalarTy::FLOAT,
                        volatile: false,
                    };
                    let kind = if is_write {
                        StmtKind::Write {
                            access,
                            value: Expr::Int(0, ScalarTy::INT),
                        }
                    } else {
                        StmtKind::Read {
                            dest: VarId(0),
                            access,
                        }
                    };
                    let span =
                        Span::new((line_offset + i) as u32, (line_offset + close + 1) as u32);
                    // Reads of the right-hand side happen before the write.
                    if is_write {
                        stmts.push((span, kind));
                    } else {
                        stmts.insert(0, (span, kind));
                    }
                }
                for (span, kind) in stmts {
                    let id = kernel.fresh_stmt_id();
                    kernel.body.stmts.push(Stmt {
                        id,
                        kind,
                        span,
                        stmt_span,
                        in_macro: false,
                        inlined_at: None,
                    });
                }
                line_offset += line.len();
            }
            kernels.push(kernel);
        }
        Program {
            files: vec![SourceFileInfo {
                path: path.display().to_string(),
                text: text.clone(),
            }],
            kernels,
            unsupported: Vec::new(),
            diagnostics,
        }
    }

    fn launch_plans(
        &self,
        settings: &crate::ide::Settings,
        _program: &Program,
        kernels: &[Kernel],
        _path: &Path,
    ) -> (Vec<crate::ide::LaunchPlan>, Vec<crate::check::Finding>) {
        #[allow(clippy::needless_update)]
        let options = CheckOptions {
            launch: LaunchConfig {
                block_dim: settings.launch.block_dim,
                ..Default::default()
            },
            warp_sync: settings.warp_sync,
            kernel_budget_ms: settings.kernel_budget_ms,
            ..CheckOptions::default()
        };
        let resolved = crate::config::resolve::ResolvedOptions {
            options,
            block_dim_source: crate::config::resolve::Source::Explicit,
            grid_dim_source: crate::config::resolve::Source::Explicit,
        };
        let plan = crate::ide::LaunchPlan::single(resolved);
        (vec![plan; kernels.len()], Vec::new())
    }

    fn check(&self, kernel: &Kernel, options: &CheckOptions) -> KernelReport {
        self.checks.fetch_add(1, Ordering::SeqCst);
        let delay = *self.check_delay.lock().expect("delay");
        if !delay.is_zero() {
            std::thread::sleep(delay);
        }
        if self.panic_in_check.load(Ordering::SeqCst) {
            panic!("injected checker panic");
        }
        if self.real_checker {
            return crate::check::check_kernel(kernel, options);
        }
        self.report(kernel)
    }

    fn repair(
        &self,
        kernel: &Kernel,
        files: &[SourceFileInfo],
        _options: &SynthOptions,
    ) -> KernelRepair {
        let text = &files[0].text;
        let mut fixes = Vec::new();
        let mut all = Vec::new();
        for race in self.races(kernel) {
            let at = Self::line_start(text, race.second_span.start as usize);
            let insert = TextEdit {
                span: Span::new(at as u32, at as u32),
                new_text: format!("{}__syncthreads();\n", Self::indent(text, at)),
            };
            let fix = |title: &str, edits: Vec<TextEdit>| Fix {
                kind: FixKind::InsertBarrier,
                title: title.to_string(),
                edits,
                safe: true,
                addresses: vec![race.first_span, race.second_span],
                cost_before: 0.0,
                cost_after: 1.0,
            };
            // The right fix, one that leaves the race (barrier before both
            // accesses) and one that breaks the syntax: only the first may be offered.
            let body = kernel
                .body
                .stmts
                .first()
                .map_or(at, |s| Self::line_start(text, s.stmt_span.start as usize));
            fixes.push(fix(
                "Insert `__syncthreads()` (cost 1)",
                vec![insert.clone()],
            ));
            fixes.push(fix(
                "Insert `__syncthreads()` too early",
                vec![TextEdit {
                    span: Span::new(body as u32, body as u32),
                    new_text: "__syncthreads();\n".into(),
                }],
            ));
            fixes.push(fix(
                "Insert broken code",
                vec![TextEdit {
                    span: Span::new(at as u32, at as u32),
                    new_text: "__syncthreads(;\n".into(),
                }],
            ));
            if !all.contains(&insert) {
                all.push(insert);
            }
        }
        for stmt in &kernel.body.stmts {
            if matches!(stmt.kind, StmtKind::Barrier { .. }) {
                let mut without = kernel.clone();
                without.body.stmts.retain(|s| s.id != stmt.id);
                if self.races(&without).is_empty() {
                    let start = Self::line_start(text, stmt.span.start as usize);
                    let end = text[start..]
                        .find('\n')
                        .map_or(text.len(), |i| start + i + 1);
                    fixes.push(Fix {
                        kind: FixKind::RemoveBarrier,
                        title: "Remove redundant `__syncthreads()`".into(),
                        edits: vec![TextEdit {
                            span: Span::new(start as u32, end as u32),
                            new_text: String::new(),
                        }],
                        safe: true,
                        addresses: vec![stmt.span],
                        cost_before: 1.0,
                        cost_after: 0.0,
                    });
                }
            }
        }
        let barriers = kernel
            .body
            .stmts
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Barrier { .. }))
            .count() as u32;
        KernelRepair {
            name: kernel.name.clone(),
            status: if all.is_empty() {
                RepairStatus::AlreadyRaceFree
            } else {
                RepairStatus::Repaired
            },
            barriers_before: barriers,
            barriers_after: barriers + all.len() as u32,
            cost_before: barriers as f64,
            cost_after: (barriers as usize + all.len()) as f64,
            oracle_calls: 1,
            time_ms: 0.1,
            times: crate::synth::SynthTimes::default(),
            edits: all,
            reason: None,
            fixes,
            optimal: true,
            work_units: 0,
            budget_spent: std::time::Duration::ZERO,
            verified: None,
        }
    }

    fn barrier_infos(&self, kernel: &Kernel, _options: &SynthOptions) -> Vec<BarrierInfo> {
        let before = self.races(kernel).len();
        kernel
            .body
            .stmts
            .iter()
            .filter(|s| matches!(s.kind, StmtKind::Barrier { .. }))
            .map(|stmt| {
                let mut without = kernel.clone();
                without.body.stmts.retain(|s| s.id != stmt.id);
                let after = self.races(&without);
                BarrierInfo {
                    stmt: stmt.id,
                    span: stmt.span,
                    scope: crate::ir::BarrierScope::Block,
                    cost: 1.0,
                    loops: 0,
                    conds: 0,
                    redundant: after.len() <= before,
                    orders: after.into_iter().skip(before).collect(),
                }
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------
// A client driving the service in process.

struct TestClient {
    service: LspService<Backend>,
    events: tokio::sync::mpsc::UnboundedReceiver<Request>,
    applied: Arc<Mutex<Vec<Value>>>,
    next_id: i64,
}

impl TestClient {
    fn new(engine: Arc<dyn Engine>) -> TestClient {
        let (service, socket) = service_with_engine(engine);
        let (tx, events) = tokio::sync::mpsc::unbounded_channel();
        let applied = Arc::new(Mutex::new(Vec::new()));
        let applied_log = applied.clone();
        tokio::spawn(async move {
            let (mut requests, mut responses) = socket.split();
            while let Some(request) = requests.next().await {
                if let Some(id) = request.id().cloned() {
                    let result = match request.method() {
                        "workspace/applyEdit" => {
                            applied_log
                                .lock()
                                .expect("log")
                                .push(request.params().cloned().unwrap_or(Value::Null));
                            json!({ "applied": true })
                        }
                        _ => Value::Null,
                    };
                    let _ = responses.send(Response::from_ok(id, result)).await;
                }
                let _ = tx.send(request);
            }
        });
        TestClient {
            service,
            events,
            applied,
            next_id: 0,
        }
    }

    async fn call(
        &mut self,
        method: &'static str,
        params: Value,
    ) -> Result<Value, tower_lsp::jsonrpc::Error> {
        self.next_id += 1;
        let request = match params {
            Value::Null => Request::build(method).id(self.next_id).finish(),
            params => Request::build(method)
                .params(params)
                .id(self.next_id)
                .finish(),
        };
        let response = self
            .service
            .ready()
            .await
            .expect("ready")
            .call(request)
            .await
            .expect("service");
        let (_, result) = response.expect("a response").into_parts();
        result
    }

    async fn notify(&mut self, method: &'static str, params: Value) {
        let request = match params {
            Value::Null => Request::build(method).finish(),
            params => Request::build(method).params(params).finish(),
        };
        let response = self
            .service
            .ready()
            .await
            .expect("ready")
            .call(request)
            .await
            .expect("service");
        assert!(response.is_none());
    }

    async fn initialize(&mut self, capabilities: Value, options: Value) -> Value {
        let result = self
            .call("initialize", json!({ "capabilities": capabilities, "initializationOptions": options, "rootUri": null }))
            .await
            .expect("initialize");
        self.notify("initialized", json!({})).await;
        result
    }

    async fn open(&mut self, uri: &str, text: &str) {
        self.notify("textDocument/didOpen", json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": text } }))
            .await;
    }

    async fn change(&mut self, uri: &str, version: i32, changes: Value) {
        self.notify("textDocument/didChange", json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": changes }))
            .await;
    }

    /// Next notification of `method`, skipping others.
    async fn next_notification(&mut self, method: &str) -> Value {
        let wait = async {
            loop {
                let event = self.events.recv().await.expect("server alive");
                if event.method() == method {
                    return event.params().cloned().unwrap_or(Value::Null);
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(20), wait)
            .await
            .unwrap_or_else(|_| panic!("no {method} within 20 s"))
    }

    /// Next `publishDiagnostics` for `uri`.
    async fn diagnostics(&mut self, uri: &str) -> (Option<i64>, Vec<Diagnostic>) {
        loop {
            let params = self
                .next_notification("textDocument/publishDiagnostics")
                .await;
            if params["uri"] == uri {
                let diags: Vec<Diagnostic> =
                    serde_json::from_value(params["diagnostics"].clone()).expect("diagnostics");
                return (params["version"].as_i64(), diags);
            }
        }
    }
}

fn range(l0: u32, c0: u32, l1: u32, c1: u32) -> Value {
    json!({ "start": { "line": l0, "character": c0 }, "end": { "line": l1, "character": c1 } })
}

/// Applies LSP text edits (UTF-16 positions) to a string, as an editor would.
fn apply_lsp_edits(text: &str, edits: &[tower_lsp::lsp_types::TextEdit]) -> String {
    let rope = ropey::Rope::from_str(text);
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            let (s, t) = super::document::byte_range(
                &rope,
                e.range,
                super::document::PositionEncoding::Utf16,
            )
            .expect("edit range");
            (s, t, e.new_text.as_str())
        })
        .collect();
    spans.sort();
    let mut out = text.to_string();
    for (s, t, new) in spans.into_iter().rev() {
        out.replace_range(s..t, new);
    }
    out
}

const URI: &str = "file:///work/kernels/demo.cu";

/// Two kernels: `racy` (write s[t], read s[t + 1], no barrier) and `clean`.
const DEMO: &str = "\
// demo kernels
__global__ void racy(float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = out[t];
    float x = s[t + 1];
    out[t] = x;
}

__global__ void clean(float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = out[t];
    __syncthreads();
    out[t] = s[t + 1];
}
";

fn fake() -> Arc<FakeEngine> {
    Arc::new(FakeEngine::default())
}

// ---------------------------------------------------------------------------
// Tests.

#[tokio::test]
async fn edits_diagnostics_quick_fix_and_clear() {
    let engine = fake();
    let mut client = TestClient::new(engine.clone());
    let init = client
        .initialize(json!({}), json!({ "syncwright": { "debounceMs": 10 } }))
        .await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["capabilities"]["textDocumentSync"]["change"], 2);
    client.open(URI, DEMO).await;
    let (version, diags) = client.diagnostics(URI).await;
    assert_eq!(version, Some(1));
    assert_eq!(diags.len(), 1, "{diags:?}");
    let race = &diags[0];
    assert_eq!(race.code, Some(NumberOrString::String("race".into())));
    assert_eq!(race.source.as_deref(), Some("syncwright"));
    assert_eq!(race.severity, Some(DiagnosticSeverity::WARNING));
    assert_eq!(
        race.range.start,
        Position {
            line: 5,
            character: 14
        }
    );
    assert!(race.message.contains("write-read race"), "{}", race.message);
    let related = race.related_information.as_ref().expect("related");
    assert_eq!(
        related[0].location.range.start,
        Position {
            line: 4,
            character: 4
        }
    );
    assert!(race
        .code_description
        .as_ref()
        .is_some_and(|c| c.href.as_str().ends_with("#diagnostic-race")));
    assert_eq!(race.data.as_ref().expect("data")["kernel"], "racy");
    let checks_after_open = engine.checks.load(Ordering::SeqCst);
    assert_eq!(checks_after_open, 2);

    // Several incremental edits in one notification and across notifications:
    // a non-ASCII comment above both kernels (UTF-16 columns), then a rename of
    // a local inside `clean`, then inserting and deleting characters.
    let mut text = DEMO.to_string();
    let edits = json!([
        { "range": range(0, 3, 0, 7), "text": "d\u{e9}mo \u{1d11e}" },
        { "range": range(0, 0, 0, 0), "text": "// \u{fc}ber\n" }
    ]);
    client.change(URI, 2, edits).await;
    text = text.replacen("demo", "d\u{e9}mo \u{1d11e}", 1);
    text.insert_str(0, "// \u{fc}ber\n");
    let (version, diags) = client.diagnostics(URI).await;
    assert_eq!(version, Some(2));
    assert_eq!(diags.len(), 1);
    assert_eq!(
        diags[0].range.start,
        Position {
            line: 6,
            character: 14
        }
    );
    // Lines added above: both kernels come from the cache.
    assert_eq!(engine.checks.load(Ordering::SeqCst), checks_after_open);

    // Edit inside `clean` only (line 15 is `    out[t] = s[t + 1];`): only `clean` is re-checked.
    client
        .change(
            URI,
            3,
            json!([{ "range": range(15, 4, 15, 4), "text": "/*x*/ " }]),
        )
        .await;
    let (version, _) = client.diagnostics(URI).await;
    assert_eq!(version, Some(3));
    assert_eq!(engine.checks.load(Ordering::SeqCst), checks_after_open + 1);
    client
        .change(
            URI,
            4,
            json!([{ "range": range(15, 4, 15, 10), "text": "" }]),
        )
        .await;
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(diags.len(), 1);

    // Code action on the race: only the fix that re-checks clean is offered.
    let result = client
        .call(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": URI }, "range": diags[0].range, "context": { "diagnostics": diags } }),
        )
        .await
        .expect("code actions");
    let actions: Vec<CodeAction> = serde_json::from_value(result).expect("actions");
    let titles: Vec<&str> = actions.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "Insert `__syncthreads()` (cost 1)",
            "Optimize all barriers in this kernel (cost 0 -> 1)"
        ],
        "{titles:?}"
    );
    let fix = &actions[0];
    assert_eq!(fix.is_preferred, Some(true));
    assert_eq!(fix.kind, Some(CodeActionKind::QUICKFIX));
    assert_eq!(fix.diagnostics.as_ref().map(Vec::len), Some(1));
    let url = Url::parse(URI).expect("uri");
    let edits = &fix
        .edit
        .as_ref()
        .expect("edit")
        .changes
        .as_ref()
        .expect("changes")[&url];
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].new_text, "    __syncthreads();\n");

    // Apply it as the editor would (an incremental change) and see the diagnostics clear.
    let after = apply_lsp_edits(&text, edits);
    client
        .change(
            URI,
            5,
            json!([{ "range": edits[0].range, "text": edits[0].new_text }]),
        )
        .await;
    let (version, diags) = client.diagnostics(URI).await;
    assert_eq!(version, Some(5));
    assert!(diags.is_empty(), "{diags:?}");
    assert!(
        after.contains("    s[t] = out[t];\n    __syncthreads();\n    float x = s[t + 1];"),
        "{after}"
    );
}

#[tokio::test]
async fn utf8_is_negotiated_and_used_for_columns() {
    let mut client = TestClient::new(fake());
    let init = client
        .initialize(
            json!({ "general": { "positionEncodings": ["utf-8", "utf-16"] } }),
            json!(null),
        )
        .await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    let text = DEMO.replace(
        "    float x = s[t + 1];",
        "    /*\u{e9}*/float x = s[t + 1];",
    );
    client.open(URI, &text).await;
    let (_, diags) = client.diagnostics(URI).await;
    // `/*é*/` is 6 bytes (5 UTF-16 units) before `float`.
    assert_eq!(
        diags[0].range.start,
        Position {
            line: 5,
            character: 20
        }
    );
    // Positions are interpreted as UTF-8 too: delete `é` by its byte range.
    client
        .change(URI, 2, json!([{ "range": range(5, 6, 5, 8), "text": "" }]))
        .await;
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(
        diags[0].range.start,
        Position {
            line: 5,
            character: 18
        }
    );
}

#[tokio::test]
async fn hover_on_barriers_and_accesses() {
    let mut client = TestClient::new(fake());
    client.initialize(json!({}), json!({})).await;
    let text = DEMO.replace(
        "    out[t] = x;\n}",
        "    out[t] = x;\n    __syncthreads();\n}",
    );
    client.open(URI, &text).await;
    client.diagnostics(URI).await;
    let hover = |line: u32, character: u32| json!({ "textDocument": { "uri": URI }, "position": { "line": line, "character": character } });
    let text_of = |v: Value| {
        v["contents"]["value"]
            .as_str()
            .map(str::to_string)
            .unwrap_or_default()
    };
    // The barrier in `clean` orders the race between its write and read.
    let clean_barrier = text_of(
        client
            .call("textDocument/hover", hover(14, 6))
            .await
            .expect("hover"),
    );
    assert!(clean_barrier.contains("Cost **1**"), "{clean_barrier}");
    assert!(clean_barrier.contains("Orders 1 race"), "{clean_barrier}");
    assert!(
        clean_barrier.contains("write-read race on `s`: `s[t]` (line 14) and `s[t + 1]` (line 16)"),
        "{clean_barrier}"
    );
    // The barrier at the end of `racy` orders nothing.
    let racy_barrier = text_of(
        client
            .call("textDocument/hover", hover(7, 6))
            .await
            .expect("hover"),
    );
    assert!(racy_barrier.contains("**Redundant**"), "{racy_barrier}");
    // The racy read: the other access, and the kind's explanation.
    let read = text_of(
        client
            .call("textDocument/hover", hover(5, 16))
            .await
            .expect("hover"),
    );
    assert!(
        read.contains("May race with:\n\n- `s[t]` (line 5): write-read"),
        "{read}"
    );
    assert!(read.contains("**data race** (`race`)"), "{read}");
    // The write in `clean` is proven race-free.
    let write = text_of(
        client
            .call("textDocument/hover", hover(13, 5))
            .await
            .expect("hover"),
    );
    assert!(write.contains("**Proven race-free**"), "{write}");
    // The kernel name: verdict and launch configuration.
    let name = text_of(
        client
            .call("textDocument/hover", hover(1, 17))
            .await
            .expect("hover"),
    );
    assert!(name.contains("**kernel** `racy`: **racy**"), "{name}");
    assert!(name.contains("1 race, 0 divergent barriers"), "{name}");
    assert!(name.contains("blockDim symbolic"), "{name}");
    // Nothing under the cursor: no hover.
    assert_eq!(
        client
            .call("textDocument/hover", hover(0, 1))
            .await
            .expect("hover"),
        Value::Null
    );
}

#[tokio::test]
async fn documents_are_parsed_outside_the_document_lock() {
    let engine = fake();
    let mut client = TestClient::new(engine.clone());
    client.initialize(json!({}), json!({})).await;
    let inner = client.service.inner().inner.clone();
    let uri = Url::parse(URI).expect("uri");
    // Whether the document's entry could be read during each parse (a long
    // parse under the lock would hold up every request on it).
    let free_during_parse = Arc::new(Mutex::new(Vec::new()));
    let log = free_during_parse.clone();
    *engine.parse_hook.lock().expect("hook") = Some(Box::new(move || {
        let free = !inner.docs.try_get(&uri).is_locked();
        log.lock().expect("log").push(free);
    }));
    client.open(URI, DEMO).await;
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(diags.len(), 1, "{diags:?}");
    client
        .change(
            URI,
            2,
            json!([{ "range": range(0, 0, 0, 0), "text": "//\n" }]),
        )
        .await;
    let (version, diags) = client.diagnostics(URI).await;
    assert_eq!((version, diags.len()), (Some(2), 1), "{diags:?}");
    *engine.parse_hook.lock().expect("hook") = None;
    let seen = free_during_parse.lock().expect("log").clone();
    assert!(seen.len() >= 2 && seen.iter().all(|free| *free), "{seen:?}");
}

#[tokio::test]
async fn newer_edit_supersedes_stale_check() {
    let engine = fake();
    *engine.check_delay.lock().expect("delay") = Duration::from_millis(150);
    let mut client = TestClient::new(engine.clone());
    client
        .initialize(json!({}), json!({ "debounceMs": 0 }))
        .await;
    // Twelve kernels, 150 ms each.
    let text: String = (0..6)
        .map(|i| {
            DEMO.replace("racy", &format!("racy{i}"))
                .replace("clean", &format!("clean{i}"))
        })
        .collect();
    client.open(URI, &text).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    client
        .change(
            URI,
            2,
            json!([{ "range": range(0, 0, 0, 0), "text": "// v2\n" }]),
        )
        .await;
    let (version, diags) = client.diagnostics(URI).await;
    assert_eq!(
        version,
        Some(2),
        "the stale analysis of version 1 must not be published"
    );
    assert_eq!(diags.len(), 6);
    // Version 1 stopped after a kernel or two instead of checking all 12.
    let checks = engine.checks.load(Ordering::SeqCst);
    assert!((12..18).contains(&checks), "{checks} checks");

    // Debounce: three quick edits give one analysis, of the last version.
    *engine.check_delay.lock().expect("delay") = Duration::ZERO;
    client
        .call("workspace/executeCommand", json!({ "command": "nothing" }))
        .await
        .expect_err("unknown command");
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "syncwright": { "debounceMs": 200 } } }),
        )
        .await;
    let (version, _) = client.diagnostics(URI).await;
    assert_eq!(version, Some(2));
    for v in 3..6 {
        client
            .change(
                URI,
                v,
                json!([{ "range": range(0, 0, 0, 0), "text": "//\n" }]),
            )
            .await;
    }
    let (version, _) = client.diagnostics(URI).await;
    assert_eq!(version, Some(5));
}

#[tokio::test]
async fn panics_are_isolated_to_their_request() {
    let engine = fake();
    let mut client = TestClient::new(engine.clone());
    client.initialize(json!({}), json!({})).await;
    let err = client
        .call("syncwright/panicForTest", json!({}))
        .await
        .expect_err("must fail");
    assert_eq!(err.code, tower_lsp::jsonrpc::ErrorCode::InternalError);
    assert!(err.message.contains("panic injected"), "{}", err.message);
    // The server goes on.
    client.open(URI, DEMO).await;
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(diags.len(), 1);
    // A checker panic becomes an inconclusive diagnostic for that kernel, the rest is checked.
    engine.panic_in_check.store(true, Ordering::SeqCst);
    client
        .change(URI, 2, json!([{ "range": range(5, 4, 5, 4), "text": " " }]))
        .await;
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(diags.len(), 1);
    assert_eq!(
        diags[0].code,
        Some(NumberOrString::String("inconclusive".into()))
    );
    assert!(
        diags[0]
            .message
            .contains("internal error in the checker: injected checker panic"),
        "{}",
        diags[0].message
    );
    let hover = client
        .call(
            "textDocument/hover",
            json!({ "textDocument": { "uri": URI }, "position": { "line": 0, "character": 0 } }),
        )
        .await;
    assert!(hover.is_ok());
}

#[tokio::test]
async fn bad_requests_get_errors_and_shutdown_follows_the_spec() {
    let mut client = TestClient::new(fake());
    client.initialize(json!({}), json!({})).await;
    let position = |uri: &str, line: u32| json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": 0 } });
    let err = client
        .call("textDocument/hover", position("file:///nowhere.cu", 0))
        .await
        .expect_err("unknown document");
    assert_eq!(err.code, tower_lsp::jsonrpc::ErrorCode::InvalidParams);
    client.open(URI, DEMO).await;
    client.diagnostics(URI).await;
    let err = client
        .call("textDocument/hover", position(URI, 400))
        .await
        .expect_err("out of range");
    assert_eq!(err.code, tower_lsp::jsonrpc::ErrorCode::InvalidParams);
    let err = client
        .call("textDocument/codeAction", json!({ "textDocument": { "uri": URI }, "range": range(3, 0, 1, 0), "context": { "diagnostics": [] } }))
        .await
        .expect_err("reversed range");
    assert_eq!(err.code, tower_lsp::jsonrpc::ErrorCode::InvalidParams);
    // A malformed edit is rejected as a whole; the document stays usable.
    client
        .change(
            URI,
            2,
            json!([{ "range": range(900, 0, 900, 1), "text": "x" }]),
        )
        .await;
    client
        .change(URI, 3, json!([{ "range": range(5, 4, 5, 4), "text": " " }]))
        .await;
    let (version, diags) = client.diagnostics(URI).await;
    assert_eq!(version, Some(3));
    assert_eq!(
        diags[0].range.start,
        Position {
            line: 5,
            character: 15
        }
    );
    client
        .call("shutdown", Value::Null)
        .await
        .expect("shutdown");
    let err = client
        .call("textDocument/hover", position(URI, 0))
        .await
        .expect_err("after shutdown");
    assert_eq!(err.code, tower_lsp::jsonrpc::ErrorCode::InvalidRequest);
    client.notify("exit", Value::Null).await;
}

#[tokio::test]
async fn verdict_hints_fix_all_and_workspace_progress() {
    let dir = std::env::temp_dir().join(format!("syncwright-lsp-test-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).expect("temp dir");
    std::fs::write(dir.join("a.cu"), DEMO).expect("write");
    std::fs::write(dir.join("sub/b.cl"), DEMO.replace("racy", "k")).expect("write");
    std::fs::write(dir.join("notes.txt"), "not a kernel").expect("write");
    let root = Url::from_file_path(&dir).expect("root");
    let mut client = TestClient::new(fake());
    client
        .call(
            "initialize",
            json!({ "capabilities": { "window": { "workDoneProgress": true } }, "workspaceFolders": [{ "uri": root, "name": "w" }] }),
        )
        .await
        .expect("initialize");
    client.notify("initialized", json!({})).await;

    let summary = client
        .call(
            "workspace/executeCommand",
            json!({ "command": "syncwright.checkWorkspace" }),
        )
        .await
        .expect("command");
    assert_eq!(
        summary,
        json!({ "files": 2, "kernels": 4, "notRaceFree": 2 })
    );
    let begin = client.next_notification("$/progress").await;
    assert_eq!(begin["value"]["kind"], "begin");
    let (_, diags) = client
        .diagnostics(Url::from_file_path(dir.join("a.cu")).expect("uri").as_str())
        .await;
    assert_eq!(diags.len(), 1);
    loop {
        let p = client.next_notification("$/progress").await;
        if p["value"]["kind"] == "end" {
            assert_eq!(p["value"]["message"], "4 kernels, 2 not race-free");
            break;
        }
    }

    client.open(URI, DEMO).await;
    client.diagnostics(URI).await;
    let hints = json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 100, 0) });
    assert_eq!(
        client
            .call("textDocument/inlayHint", hints.clone())
            .await
            .expect("hints"),
        Value::Null
    );
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "syncwright": { "kernelVerdictLens": true } } }),
        )
        .await;
    let labels: Vec<Value> = serde_json::from_value::<Vec<Value>>(
        client
            .call("textDocument/inlayHint", hints)
            .await
            .expect("hints"),
    )
    .expect("list")
    .into_iter()
    .map(|h| h["label"].clone())
    .collect();
    assert_eq!(labels, [json!("racy (1 race)"), json!("race-free")]);

    let result = client
        .call(
            "workspace/executeCommand",
            json!({ "command": "syncwright.fixAll", "arguments": [URI] }),
        )
        .await
        .expect("fixAll");
    assert_eq!(result, json!({ "applied": true, "kernels": 1 }));
    let applied = client.applied.lock().expect("log").clone();
    assert_eq!(applied.len(), 1);
    let edits = &applied[0]["edit"]["changes"][URI];
    assert_eq!(edits[0]["newText"], "    __syncthreads();\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn real_checker_reports_are_cached_shifted_and_fixed() {
    let engine = Arc::new(FakeEngine {
        real_checker: true,
        ..FakeEngine::default()
    });
    let mut client = TestClient::new(engine.clone());
    client
        .initialize(json!({}), json!({ "blockDim": 64, "debounceMs": 0 }))
        .await;
    client.open(URI, DEMO).await;
    let (_, diags) = client.diagnostics(URI).await;
    let races: Vec<&Diagnostic> = diags
        .iter()
        .filter(|d| d.code == Some(NumberOrString::String("race".into())))
        .collect();
    assert_eq!(races.len(), 1, "{diags:#?}");
    let race = races[0].clone();
    assert!(race.message.contains("race on `s`"), "{}", race.message);
    assert!(
        race.message.contains("writes s["),
        "the witness is in the message: {}",
        race.message
    );
    let lines = |d: &Diagnostic| {
        let mut l = vec![d.range.start.line];
        l.extend(
            d.related_information
                .iter()
                .flatten()
                .map(|r| r.location.range.start.line),
        );
        l.sort();
        l
    };
    assert_eq!(lines(&race), [4, 5]);
    let checks = engine.checks.load(Ordering::SeqCst);

    // Two lines above: same findings from the cache, two lines lower.
    client
        .change(
            URI,
            2,
            json!([{ "range": range(0, 0, 0, 0), "text": "#include <cstdio>\n\n" }]),
        )
        .await;
    let (_, shifted) = client.diagnostics(URI).await;
    assert_eq!(engine.checks.load(Ordering::SeqCst), checks);
    assert_eq!(shifted.len(), diags.len());
    let moved = shifted
        .iter()
        .find(|d| d.message == race.message)
        .expect("same race");
    assert_eq!(lines(moved), [6, 7]);
    assert_eq!(moved.range.start.character, race.range.start.character);

    // The fix is validated with the real checker, then clears the race.
    let result = client
        .call(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": URI }, "range": moved.range, "context": { "diagnostics": [moved] } }),
        )
        .await
        .expect("code actions");
    let actions: Vec<CodeAction> = serde_json::from_value(result).expect("actions");
    let fix = actions
        .iter()
        .find(|a| a.is_preferred == Some(true))
        .expect("a preferred fix");
    let url = Url::parse(URI).expect("uri");
    let edit = &fix
        .edit
        .as_ref()
        .expect("edit")
        .changes
        .as_ref()
        .expect("changes")[&url][0];
    client
        .change(
            URI,
            3,
            json!([{ "range": edit.range, "text": edit.new_text }]),
        )
        .await;
    let (_, after) = client.diagnostics(URI).await;
    assert!(
        after
            .iter()
            .all(|d| d.code != Some(NumberOrString::String("race".into()))),
        "{after:#?}"
    );
}

#[tokio::test]
async fn lone_cr_line_ends_keep_diagnostics_on_their_lines() {
    // LSP lines end at `\n`, `\r\n` or a lone `\r`, and nowhere else: a
    // U+2028 or U+0085 in a comment does not start a line.
    let engine = Arc::new(FakeEngine {
        real_checker: true,
        ..FakeEngine::default()
    });
    let mut client = TestClient::new(engine);
    client
        .initialize(json!({}), json!({ "blockDim": 64, "debounceMs": 0 }))
        .await;
    let text = DEMO
        .replacen("// demo kernels", "// demo\u{2028}kernels\u{85}", 1)
        .replace('\n', "\r");
    client.open(URI, &text).await;
    let (_, diags) = client.diagnostics(URI).await;
    let race = diags
        .iter()
        .find(|d| d.code == Some(NumberOrString::String("race".into())))
        .unwrap_or_else(|| panic!("{diags:#?}"));
    let mut lines = vec![race.range.start.line];
    lines.extend(
        race.related_information
            .iter()
            .flatten()
            .map(|r| r.location.range.start.line),
    );
    lines.sort();
    assert_eq!(lines, [4, 5], "{race:#?}");
    // `s[t] = out[t];` starts at column 4 of line 4.
    assert_eq!(race.range.start.character, 4, "{race:#?}");
    // An edit addressed by LSP position lands where the client means it.
    client
        .change(
            URI,
            2,
            json!([{ "range": range(5, 4, 5, 4), "text": "__syncthreads();\r    " }]),
        )
        .await;
    let (_, after) = client.diagnostics(URI).await;
    assert!(
        after
            .iter()
            .all(|d| d.code != Some(NumberOrString::String("race".into()))),
        "{after:#?}"
    );
}

/// Lowering only the edited kernel (real front end) gives the same kernels,
/// spans and diagnostics as lowering the whole file, and falls back when it must.
#[test]
fn edited_kernel_lowering_matches_full_lowering() {
    use crate::frontend::FsIncludes;
    use crate::ide::host::{analyze, AnalysisInput, Caches, Syncwright};
    let engine = Syncwright;
    let settings = crate::ide::Settings::default();
    let run = |text: &str, prev: Option<Arc<crate::ide::host::DocAnalysis>>| {
        let input = AnalysisInput {
            generation: 0,
            version: 0,
            rope: ropey::Rope::from_str(text),
            parsed: Some(Arc::new(engine.parse(text, Lang::Cuda, None))),
            lang: Lang::Cuda,
            path: "/k/demo.cu".into(),
            prev,
        };
        let analysis = analyze(
            &engine,
            &Caches::default(),
            &settings,
            &FsIncludes,
            input,
            &|| false,
            &|_, _| {},
        );
        Arc::new(analysis.expect("not stale"))
    };
    let base = format!(
        "{DEMO}\n{}",
        DEMO.replace("racy", "third").replace("clean", "fourth")
    );
    let edits: Vec<(String, bool)> = vec![
        // Inside `racy`: a longer line (kernels after it move).
        (
            base.replacen(
                "    float x = s[t + 1];",
                "    float x = s[t + 1]; // \u{e9}\u{e9}",
                1,
            ),
            true,
        ),
        // Inside `fourth` (the last kernel): a barrier removed.
        (
            {
                let at = base.rfind("    __syncthreads();\n").expect("barrier");
                format!(
                    "{}{}",
                    &base[..at],
                    &base[at + "    __syncthreads();\n".len()..]
                )
            },
            true,
        ),
        // Outside every kernel: full lowering.
        (
            base.replace("// demo kernels", "// demo kernels, more text"),
            false,
        ),
        // A kernel renamed: its header changed, full lowering.
        (base.replace("void clean(", "void cleaner("), false),
        // A new kernel typed into the gap between two kernels: full lowering.
        (
            base.replace(
                "}\n\n__global__ void clean",
                "}\n__global__ void extra() {\n}\n\n__global__ void clean",
            ),
            false,
        ),
    ];
    for (case, (text, incremental)) in edits.into_iter().enumerate() {
        let prev = run(&base, None);
        let fast = run(&text, Some(prev));
        let full = run(&text, None);
        assert_eq!(fast.timings.incremental, incremental, "case {case}");
        let kernels = |a: &crate::ide::host::DocAnalysis| {
            a.kernels
                .iter()
                .map(|k| {
                    // Wall time is the only part of a report that may differ.
                    let mut report = k.report.clone();
                    report.time_ms = 0.0;
                    (k.kernel.clone(), report, k.key)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(kernels(&fast), kernels(&full), "{text}");
        let program = |a: &crate::ide::host::DocAnalysis| a.program.clone().expect("program");
        assert_eq!(program(&fast), program(&full), "{text}");
    }
}

/// A fresh temporary directory for one test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("syncwright-lsp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn codes_and_messages(diags: &[Diagnostic]) -> Vec<(String, String)> {
    diags
        .iter()
        .map(|d| {
            let code = match &d.code {
                Some(NumberOrString::String(code)) => code.clone(),
                _ => String::new(),
            };
            (code, d.message.clone())
        })
        .collect()
}

/// An invalid `syncwright.toml` and an ignored header flag are diagnostics,
/// and they go away when fixed.
#[tokio::test]
async fn launch_configuration_problems_are_diagnostics() {
    let dir = temp_dir("config");
    std::fs::write(dir.join("syncwright.toml"), "blockDim = [[[\n").expect("write");
    let path = dir.join("k.cu");
    let uri = Url::from_file_path(&path).expect("uri").to_string();
    let text = "// --blockDim=abc\n__global__ void k() {\n    __shared__ int s[64];\n    s[threadIdx.x] = 1;\n}\n";
    let mut client = TestClient::new(Arc::new(crate::ide::host::Syncwright));
    client
        .initialize(json!({}), json!({ "syncwright": { "debounceMs": 0 } }))
        .await;
    client.open(&uri, text).await;
    let (_, diags) = client.diagnostics(&uri).await;
    let found = codes_and_messages(&diags);
    assert!(
        found.iter().any(|(code, message)| code == "syntax-error"
            && message.contains("invalid configuration file")
            && message.contains("syncwright.toml")),
        "{found:?}"
    );
    let header = diags
        .iter()
        .find(|d| d.message.contains("--blockDim"))
        .unwrap_or_else(|| panic!("no header diagnostic in {found:?}"));
    assert_eq!(
        header.code,
        Some(NumberOrString::String("imprecision".into()))
    );
    assert_eq!(header.range.start.line, 0);

    // Both fixed: no configuration diagnostic is left.
    std::fs::write(
        dir.join("syncwright.toml"),
        "[launch]\nblock_dim = [64, 1, 1]\n",
    )
    .expect("write");
    client
        .change(
            &uri,
            2,
            json!([{ "range": range(0, 0, 0, 17), "text": "// --blockDim=64" }]),
        )
        .await;
    let (version, diags) = client.diagnostics(&uri).await;
    assert_eq!(version, Some(2));
    assert!(diags.is_empty(), "{:?}", codes_and_messages(&diags));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Editing an open header re-checks the open files that include it; closing
/// it re-checks them with the header's contents on disk.
#[tokio::test]
async fn editing_an_open_header_rechecks_its_includers() {
    let dir = temp_dir("header");
    let header_path = dir.join("shared.cuh");
    std::fs::write(&header_path, "#define STRIDE 0\n").expect("write");
    let header = Url::from_file_path(&header_path).expect("uri").to_string();
    let main = Url::from_file_path(dir.join("k.cu"))
        .expect("uri")
        .to_string();
    let text = "#include \"shared.cuh\"\n__global__ void k() {\n    __shared__ int s[64];\n    s[threadIdx.x] = 1;\n    int v = s[threadIdx.x + STRIDE];\n    s[threadIdx.x] = v + 1;\n}\n";
    let mut client = TestClient::new(Arc::new(crate::ide::host::Syncwright));
    client
        .initialize(json!({}), json!({ "syncwright": { "debounceMs": 0 } }))
        .await;
    client.open(&header, "#define STRIDE 0\n").await;
    client.open(&main, text).await;
    let (_, diags) = client.diagnostics(&main).await;
    assert!(
        !diags.iter().any(|d| d.message.contains("race")),
        "{:?}",
        codes_and_messages(&diags)
    );

    // The header's new stride makes neighbours read each other's writes.
    client
        .change(
            &header,
            2,
            json!([{ "range": range(0, 15, 0, 16), "text": "1" }]),
        )
        .await;
    let (_, diags) = client.diagnostics(&main).await;
    let found = codes_and_messages(&diags);
    assert!(
        found.iter().any(|(code, _)| code == "race"),
        "no race after the header edit: {found:?}"
    );

    // Closed: the header on disk (stride 0) counts again.
    client
        .notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": header } }),
        )
        .await;
    let (_, diags) = client.diagnostics(&main).await;
    let found = codes_and_messages(&diags);
    assert!(
        !found.iter().any(|(code, _)| code == "race"),
        "race after the header was closed: {found:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The editor checks a document as the command line does: quoted includes
/// found in the `include_dirs` of `syncwright.toml` (and an open buffer of
/// such a header wins over the disk).
#[tokio::test]
async fn includes_come_from_the_include_dirs_of_syncwright_toml() {
    let dir = temp_dir("include-dirs");
    std::fs::create_dir_all(dir.join("inc")).expect("inc");
    std::fs::write(dir.join("syncwright.toml"), "include_dirs = [\"inc\"]\n").expect("write");
    let header_path = dir.join("inc").join("stride.cuh");
    std::fs::write(&header_path, "#define STRIDE 0\n").expect("write");
    let main = Url::from_file_path(dir.join("k.cu"))
        .expect("uri")
        .to_string();
    let text = "#include \"stride.cuh\"\n__global__ void k() {\n    __shared__ int s[64];\n    s[threadIdx.x] = 1;\n    int v = s[threadIdx.x + STRIDE];\n    s[threadIdx.x] = v + 1;\n}\n";
    let mut client = TestClient::new(Arc::new(crate::ide::host::Syncwright));
    client
        .initialize(json!({}), json!({ "syncwright": { "debounceMs": 0 } }))
        .await;
    client.open(&main, text).await;
    let (_, diags) = client.diagnostics(&main).await;
    let found = codes_and_messages(&diags);
    assert!(
        !found
            .iter()
            .any(|(code, m)| code == "race" || m.contains("cannot read")),
        "{found:?}"
    );
    // The open header's stride makes neighbours read each other's writes.
    let header = Url::from_file_path(&header_path).expect("uri").to_string();
    client.open(&header, "#define STRIDE 1\n").await;
    client
        .change(
            &main,
            2,
            json!([{ "range": range(0, 0, 0, 0), "text": "\n" }]),
        )
        .await;
    let (_, diags) = client.diagnostics(&main).await;
    let found = codes_and_messages(&diags);
    assert!(found.iter().any(|(code, _)| code == "race"), "{found:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Through the protocol: after incremental edits inside kernels (the server
/// lowers only the edited kernel), the diagnostics are those of the same text
/// opened afresh.
#[tokio::test]
async fn diagnostics_after_edits_equal_those_of_a_fresh_open() {
    let mut client = TestClient::new(Arc::new(crate::ide::host::Syncwright));
    client
        .initialize(json!({}), json!({ "syncwright": { "debounceMs": 0 } }))
        .await;
    let base = format!(
        "{DEMO}\n{}",
        DEMO.replace("racy", "third").replace("clean", "fourth")
    );
    let edited = "file:///nonexistent/edited.cu";
    client.open(edited, &base).await;
    client.diagnostics(edited).await;
    // Line 5 is `    float x = s[t + 1];` of `racy`, line 13 the barrier of `clean`.
    let edits = [
        json!([{ "range": range(5, 20, 5, 21), "text": "2" }]),
        json!([{ "range": range(5, 23, 5, 23), "text": "\n    float y = s[t];" }]),
        json!([{ "range": range(14, 4, 14, 20), "text": "" }]),
        json!([{ "range": range(7, 0, 7, 0), "text": "    s[t] = y;\n" }]),
    ];
    let mut text = base.clone();
    for (k, change) in edits.iter().enumerate() {
        client.change(edited, k as i32 + 2, change.clone()).await;
        let changes: Vec<TextDocumentContentChangeEvent> =
            serde_json::from_value(change.clone()).expect("changes");
        let lsp_edits: Vec<tower_lsp::lsp_types::TextEdit> = changes
            .into_iter()
            .map(|c| tower_lsp::lsp_types::TextEdit {
                range: c.range.expect("range"),
                new_text: c.text,
            })
            .collect();
        text = apply_lsp_edits(&text, &lsp_edits);
        let (version, after_edit) = client.diagnostics(edited).await;
        assert_eq!(version, Some(k as i64 + 2));
        let fresh = format!("file:///nonexistent/fresh{k}.cu");
        client.open(&fresh, &text).await;
        let (_, fresh_diags) = client.diagnostics(&fresh).await;
        let summary = |diags: &[Diagnostic]| -> Vec<(Range, Option<NumberOrString>, String)> {
            diags
                .iter()
                .map(|d| (d.range, d.code.clone(), d.message.clone()))
                .collect()
        };
        assert_eq!(
            summary(&after_edit),
            summary(&fresh_diags),
            "after edit {k}"
        );
    }
    assert!(text.contains("s[t + 2];\n    float y = s[t];\n    s[t] = y;\n"));
    assert_eq!(text.matches("__syncthreads").count(), 1);
}

/// Hovering `__syncwarp()` describes a warp barrier and the races it orders
/// (with the real checker: only threads of one warp are ordered).
#[tokio::test]
async fn hover_on_a_warp_barrier() {
    let uri = "file:///tmp/syncwright-lsp-warp/k.cu";
    let text = "//--blockDim=32 --gridDim=1\n__global__ void shift(int *out) {\n    __shared__ int s[33];\n    s[threadIdx.x] = threadIdx.x;\n    __syncwarp();\n    out[threadIdx.x] = s[threadIdx.x + 1];\n}\n";
    let mut client = TestClient::new(Arc::new(crate::ide::host::Syncwright));
    client
        .initialize(json!({}), json!({ "syncwright": { "debounceMs": 0 } }))
        .await;
    client.open(uri, text).await;
    let (_, diags) = client.diagnostics(uri).await;
    assert!(diags.is_empty(), "{:?}", codes_and_messages(&diags));
    let hover = client
        .call(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 4, "character": 6 } }),
        )
        .await
        .expect("hover");
    let md = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.contains("**warp barrier** `__syncwarp()`"), "{md}");
    assert!(!md.contains("Cost"), "{md}");
    assert!(md.contains("Orders 1 race"), "{md}");
}

#[tokio::test]
async fn interleaving_lens_and_command_show_the_race_witness() {
    let engine = Arc::new(FakeEngine {
        real_checker: true,
        ..FakeEngine::default()
    });
    let mut client = TestClient::new(engine);
    let init = client
        .initialize(json!({}), json!({ "blockDim": 64, "debounceMs": 0 }))
        .await;
    assert!(
        init["capabilities"]["codeLensProvider"].is_object(),
        "{init}"
    );
    assert!(init["capabilities"]["executeCommandProvider"]["commands"]
        .as_array()
        .expect("commands")
        .contains(&json!("syncwright.interleaving")));
    client.open(URI, DEMO).await;
    let (_, diags) = client.diagnostics(URI).await;
    let race = diags
        .iter()
        .find(|d| d.code == Some(NumberOrString::String("race".into())))
        .expect("a race")
        .clone();
    let lenses = client
        .call(
            "textDocument/codeLens",
            json!({ "textDocument": { "uri": URI } }),
        )
        .await
        .expect("code lenses");
    let lenses = lenses.as_array().expect("lens list");
    // One lens, on the race's line, running the client-side command with the race's position.
    assert_eq!(lenses.len(), 1, "{lenses:?}");
    let lens = &lenses[0];
    assert_eq!(lens["range"]["start"]["line"], json!(race.range.start.line));
    assert_eq!(lens["command"]["title"], json!("Show interleaving"));
    assert_eq!(
        lens["command"]["command"],
        json!("syncwright.showInterleaving")
    );
    let arguments = lens["command"]["arguments"].clone();
    assert_eq!(arguments[0], json!(URI));
    let view = client
        .call(
            "workspace/executeCommand",
            json!({ "command": "syncwright.interleaving", "arguments": arguments }),
        )
        .await
        .expect("the interleaving");
    let text = view["text"].as_str().expect("text");
    assert!(view["title"]
        .as_str()
        .is_some_and(|t| t.contains("race on s in kernel racy (demo.cu:5)")));
    // The store (line 5) and the load (line 6) in source order, at one address.
    for want in [
        "launch: blockDim 64",
        "thread A is thread ",
        "thread B is thread ",
        "1. line 5: thread ",
        "`s[t] = out[t];`",
        "2. line 6: thread ",
        "(the same address): `float x = s[t + 1];`",
        "between line 5 and line 6",
    ] {
        assert!(text.contains(want), "no `{want}` in:\n{text}");
    }
    assert_eq!(view["steps"].as_array().map(Vec::len), Some(6), "{view}");
    // A position without a race is an error, not an empty view.
    let missing = client
        .call(
            "workspace/executeCommand",
            json!({ "command": "syncwright.interleaving",
                    "arguments": [URI, { "line": 0, "character": 0 }] }),
        )
        .await;
    assert!(missing.is_err(), "{missing:?}");
    let bad = client
        .call(
            "workspace/executeCommand",
            json!({ "command": "syncwright.interleaving", "arguments": [] }),
        )
        .await;
    assert!(bad.is_err());
}

/// A hover that arrives while the check of the same version is pending waits
/// for that analysis instead of starting its own.
#[tokio::test]
async fn a_hover_during_a_pending_check_reuses_it() {
    let engine = fake();
    *engine.check_delay.lock().expect("delay") = Duration::from_millis(150);
    let mut client = TestClient::new(engine.clone());
    client
        .initialize(json!({}), json!({ "debounceMs": 0 }))
        .await;
    client.open(URI, DEMO).await;
    // The check started on open (two kernels, 150 ms each) is still running.
    tokio::time::sleep(Duration::from_millis(50)).await;
    let hovered = client
        .call(
            "textDocument/hover",
            json!({ "textDocument": { "uri": URI }, "position": { "line": 4, "character": 4 } }),
        )
        .await
        .expect("hover");
    assert!(!hovered.is_null());
    let (version, diags) = client.diagnostics(URI).await;
    assert_eq!(version, Some(1));
    assert!(!diags.is_empty());
    assert_eq!(client.service.inner().inner.host.analyses_started(), 1);
    assert_eq!(engine.checks.load(Ordering::SeqCst), 2);
}

/// A settings change rechecks open documents under the new settings, not from the
/// analysis kept for their unchanged text.
#[tokio::test]
async fn a_launch_setting_change_rechecks_open_documents() {
    let engine = Arc::new(FakeEngine {
        real_checker: true,
        ..FakeEngine::default()
    });
    let mut client = TestClient::new(engine);
    client
        .initialize(json!({}), json!({ "blockDim": 64, "debounceMs": 0 }))
        .await;
    client.open(URI, DEMO).await;
    let races = |diags: &[Diagnostic]| {
        diags
            .iter()
            .filter(|d| d.code == Some(NumberOrString::String("race".into())))
            .count()
    };
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(races(&diags), 1, "{diags:#?}");
    // One thread per block: no two threads share `s`.
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "syncwright": { "blockDim": 1, "debounceMs": 0 } } }),
        )
        .await;
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(races(&diags), 0, "{diags:#?}");
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "syncwright": { "blockDim": 64, "debounceMs": 0 } } }),
        )
        .await;
    let (_, diags) = client.diagnostics(URI).await;
    assert_eq!(races(&diags), 1, "{diags:#?}");
}

/// A re-check that no edit caused (here a settings change) asks the client to
/// re-request code lenses when they change, and only then: clients ask again
/// on their own only when the text changes, and would keep a stale
/// "Show interleaving" lens (or miss one of a race that came back).
#[tokio::test]
async fn a_settings_change_refreshes_changed_code_lenses() {
    let engine = Arc::new(FakeEngine {
        real_checker: true,
        ..FakeEngine::default()
    });
    let mut client = TestClient::new(engine);
    client
        .initialize(
            json!({ "workspace": { "codeLens": { "refreshSupport": true } } }),
            json!({ "blockDim": 64, "debounceMs": 0 }),
        )
        .await;
    client.open(URI, DEMO).await;
    client.diagnostics(URI).await;
    client.next_notification("workspace/codeLens/refresh").await;
    let lens_count = |lenses: Value| lenses.as_array().map_or(0, Vec::len);
    let lenses = json!({ "textDocument": { "uri": URI } });
    for (block, expected) in [(1, 0), (64, 1)] {
        client
            .notify(
                "workspace/didChangeConfiguration",
                json!({ "settings": { "syncwright": { "blockDim": block, "debounceMs": 0 } } }),
            )
            .await;
        client.diagnostics(URI).await;
        client.next_notification("workspace/codeLens/refresh").await;
        let shown = client
            .call("textDocument/codeLens", lenses.clone())
            .await
            .expect("code lenses");
        assert_eq!(lens_count(shown), expected, "blockDim {block}");
    }
    // Same settings again: the same lenses, so no refresh request.
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "syncwright": { "blockDim": 64, "debounceMs": 0 } } }),
        )
        .await;
    client.diagnostics(URI).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    while let Ok(event) = client.events.try_recv() {
        assert_ne!(event.method(), "workspace/codeLens/refresh");
    }
}

/// Through the protocol: the front end (the parse when the text arrives, the
/// lowering, the launch scans) runs under the kernel budget of the editor's
/// settings; past it, the kernel is reported with the limit's name.
#[tokio::test]
async fn a_front_end_over_the_budget_names_the_setting() {
    let mut client = TestClient::new(Arc::new(crate::ide::host::Syncwright));
    client
        .initialize(
            json!({}),
            json!({ "syncwright": { "debounceMs": 0, "kernelBudgetMs": 1 } }),
        )
        .await;
    // 40,000 statements: parsing and lowering them take far more than 1 ms.
    let mut text = String::from("__global__ void long_kernel(int *o) {\n  int a = 0;\n");
    for i in 0..40_000 {
        text.push_str(&format!("  a = a + o[{i}];\n"));
    }
    text.push_str("  o[threadIdx.x] = a;\n}\n");
    let uri = "file:///nonexistent/syncwright-budget/long.cu";
    client.open(uri, &text).await;
    let (_, diags) = client.diagnostics(uri).await;
    let found = codes_and_messages(&diags);
    assert!(
        found.iter().any(|(code, m)| code == "unsupported"
            && m.contains("long_kernel")
            && m.contains("the kernel budget of 1 ms (setting `syncwright.kernelBudgetMs`)")),
        "{found:?}"
    );
}
