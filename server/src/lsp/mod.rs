//! Language server front door (tower-lsp); a thin translation over the analyses.
//!
//! Documents live in ropes and are re-parsed incrementally after every change
//! (`Tree::edit` + the old tree). Checks run on blocking threads after a
//! debounce; a newer edit makes older work stale (checked between kernels).
//! Kernel results are cached by a position-independent hash of their IR and
//! options, so an edit re-checks only the kernels it changed. Every handler
//! body is guarded: a panic answers that request with an internal error.
//!
//! Settings: see [`settings`] for the JSON shape. Commands:
//! `syncwright.checkWorkspace` (checks every `.cu/.cuh/.cl` file of the
//! workspace with `$/progress`) and `syncwright.fixAll [uri]` (applies every
//! kernel's validated "optimize all barriers" edits via `workspace/applyEdit`).

pub mod convert;
pub mod document;
pub mod interleaving;
pub mod settings;
#[cfg(test)]
mod tests;
pub mod transport;

use std::future::Future;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use dashmap::DashMap;
use futures::FutureExt;
use serde_json::{json, Value};
use tower_lsp::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp::lsp_types::notification::Progress;
use tower_lsp::lsp_types::request::WorkDoneProgressCreate;
use tower_lsp::lsp_types::*;
use tower_lsp::{Client, ClientSocket, LanguageServer, LspService};

use self::document::{byte_range, offset_of, Document, PositionEncoding};
use self::settings::{CheckOn, LspSettings};
use crate::base::Lang;
use crate::frontend::{FsIncludes, IncludeResolver};
use crate::ide::actions::ActionKind;
use crate::ide::guard::{guarded, note_large_free, on_analysis_pool, panic_message};
use crate::ide::host::{
    analyze, AnalysisContext, AnalysisError, AnalysisHost, AnalysisInput, DocAnalysis, Engine,
    Syncwright,
};

/// Command that checks every kernel file of the workspace.
pub const CMD_CHECK_WORKSPACE: &str = "syncwright.checkWorkspace";
/// Command that applies every kernel's optimal barrier placement.
pub const CMD_FIX_ALL: &str = "syncwright.fixAll";
/// Test-only request that panics inside a guarded handler (registered in tests,
/// or when the environment variable `SYNCWRIGHT_LSP_TEST_HOOKS=1` is set).
pub const PANIC_FOR_TEST: &str = "syncwright/panicForTest";
/// Files with at least this many kernels to (re-)check get `$/progress`.
const LARGE_FILE_KERNELS: usize = 16;

/// The language server.
pub struct Backend {
    inner: Arc<Inner>,
}

/// Shared state; cloned into background tasks.
struct Inner {
    client: Client,
    host: AnalysisHost,
    docs: DashMap<Url, Document>,
    settings: RwLock<LspSettings>,
    encoding: RwLock<PositionEncoding>,
    client_progress: AtomicBool,
    /// The client takes `workspace/codeLens/refresh` requests.
    client_lens_refresh: AtomicBool,
    /// The client takes `workspace/inlayHint/refresh` requests.
    client_hint_refresh: AtomicBool,
    /// Per document, a fingerprint of the code lenses and inlay hints of the
    /// last published analysis (see [`Inner::refresh_views`]).
    shown_views: DashMap<Url, u64>,
    roots: RwLock<Vec<PathBuf>>,
    shut_down: AtomicBool,
    progress_tokens: AtomicU64,
}

fn lang_of(uri: &Url, language_id: Option<&str>) -> Lang {
    match language_id {
        Some("opencl") | Some("ocl") => Lang::OpenCl,
        _ if uri.path().ends_with(".cl") => Lang::OpenCl,
        _ => Lang::Cuda,
    }
}

fn path_of(uri: &Url) -> PathBuf {
    uri.to_file_path()
        .unwrap_or_else(|_| PathBuf::from(uri.path()))
}

fn invalid_params(message: impl Into<String>) -> Error {
    Error {
        code: ErrorCode::InvalidParams,
        message: message.into().into(),
        data: None,
    }
}

fn internal(message: impl Into<String>) -> Error {
    Error {
        code: ErrorCode::InternalError,
        message: message.into().into(),
        data: None,
    }
}

/// Resolves `#include "..."` from open documents first, then from disk
/// (next to the including file, then the include folders of the document's
/// `syncwright.toml` and `compile_commands.json`), with the document's
/// predefined macros: the translation unit the command line checks.
struct Includes<'a> {
    docs: &'a DashMap<Url, Document>,
    /// Include folders and macros of the document being analysed.
    env: crate::ide::TranslationEnv,
}

impl<'a> Includes<'a> {
    /// The resolver for the document at `uri`.
    fn new(docs: &'a DashMap<Url, Document>, uri: &Url) -> Includes<'a> {
        let env = uri
            .to_file_path()
            .map(|p| crate::ide::TranslationEnv::for_file(&p))
            .unwrap_or_default();
        Includes { docs, env }
    }

    /// The open document at `path`, if any.
    fn open(&self, path: &Path) -> Option<String> {
        let uri = Url::from_file_path(normalize(path)).ok()?;
        let doc = self.docs.get(&uri)?;
        Some(crate::syntax::files::lone_cr_as_lf(doc.rope.to_string()))
    }
}

/// `path` with `.` and `..` components resolved lexically (no file system
/// access), so that a header reached as `dir/../h.cuh` matches its document.
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

impl IncludeResolver for Includes<'_> {
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)> {
        self.read_or_reason(from, name).ok()
    }

    fn read_or_reason(
        &self,
        from: &Path,
        name: &str,
    ) -> std::result::Result<(PathBuf, String), String> {
        let path = from.parent().unwrap_or(Path::new(".")).join(name);
        if let Some(text) = self.open(&path) {
            return Ok((path, text));
        }
        let beside = FsIncludes.read_or_reason(from, name);
        if beside.is_ok() {
            return beside;
        }
        for dir in &self.env.include_dirs {
            let path = dir.join(name);
            if let Some(text) = self.open(&path) {
                return Ok((path, text));
            }
        }
        self.env.read_or_reason(from, name).or(beside)
    }

    fn cuda_prelude(&self) -> Option<String> {
        self.env.cuda_prelude()
    }

    fn includer(&self, path: &Path) -> Option<crate::syntax::preprocess::Includer> {
        self.env.includer(path)
    }
}

impl Inner {
    fn settings(&self) -> LspSettings {
        self.settings.read().map(|s| s.clone()).unwrap_or_default()
    }

    fn encoding(&self) -> PositionEncoding {
        self.encoding
            .read()
            .map(|e| *e)
            .unwrap_or(PositionEncoding::Utf16)
    }

    fn generation(&self, uri: &Url) -> Option<u64> {
        self.docs.get(uri).map(|d| d.generation)
    }

    /// Re-parses a document incrementally (from its edited tree), storing the
    /// parse. The parse runs outside the document map's lock: a long parse
    /// (a 10 MB text takes seconds) must not hold up hovers, code actions and
    /// analyses of the documents that share its shard, nor this one's
    /// finished analysis.
    fn reparse(&self, uri: &Url) {
        let (rope, lang, old, generation, was_large) = {
            let Some(doc) = self.docs.get(uri) else {
                return;
            };
            let was_large = doc
                .parsed
                .as_ref()
                .is_some_and(|p| p.text.len() >= crate::ide::host::RELEASE_AFTER_SHRINK);
            // Cheap copies: a rope shares its chunks, a tree its nodes.
            (
                doc.rope.clone(),
                doc.lang,
                doc.tree.clone(),
                doc.generation,
                was_large,
            )
        };
        let text = crate::syntax::files::lone_cr_as_lf(rope.to_string());
        drop(rope);
        // The syntax tree of a large text is hundreds of megabytes: when one
        // is replaced, its memory goes back to the system at the next trim.
        let large = text.len() >= crate::ide::host::RELEASE_AFTER_SHRINK || was_large;
        // The parse is part of the front end: it runs under the kernels'
        // deadline (the analysis counts its time against them too).
        // The editor's budgets count wall time: they bound the latency the
        // user waits for, load included.
        let parsed = crate::base::clock::on_wall_clock(|| {
            let deadline = crate::ide::file::editor_front_end_deadline(
                &self.settings().ide_settings(),
                Duration::ZERO,
            );
            crate::base::interrupt::with(deadline, || {
                guarded("the parser", || {
                    self.host.engine.parse(&text, lang, old.as_ref())
                })
            })
        });
        drop(text);
        let replaced = {
            let Some(mut doc) = self.docs.get_mut(uri) else {
                return;
            };
            if doc.generation != generation {
                // A newer text arrived during the parse: its own reparse
                // stores the parse of the current text.
                return;
            }
            match parsed {
                Ok(parsed) => {
                    let tree = doc.tree.replace(parsed.tree.clone());
                    (tree, doc.parsed.replace(Arc::new(parsed)))
                }
                Err(message) => {
                    eprintln!("syncwright lsp: {message}");
                    (None, doc.parsed.take())
                }
            }
        };
        // The old parse is freed after the lock is released.
        drop(replaced);
        drop(old);
        if large {
            note_large_free();
        }
    }

    fn input(&self, uri: &Url, prev: Option<Arc<DocAnalysis>>) -> Option<AnalysisInput> {
        let doc = self.docs.get(uri)?;
        Some(AnalysisInput {
            generation: doc.generation,
            version: doc.version,
            rope: doc.rope.clone(),
            parsed: doc.parsed.clone(),
            lang: doc.lang,
            path: path_of(uri),
            prev,
        })
    }

    /// The analysis of version `generation` of `uri`, from the host: the
    /// finished one, the pending one, or a new one on an analysis thread
    /// (with `$/progress` when many kernels need checking).
    async fn analysis_of(
        self: &Arc<Self>,
        uri: &Url,
        generation: u64,
    ) -> std::result::Result<Arc<DocAnalysis>, AnalysisError> {
        if let Some(done) = self
            .host
            .latest(uri.as_str())
            .filter(|a| a.generation == generation)
        {
            return Ok(done);
        }
        let (progress_tx, mut progress_rx) =
            tokio::sync::mpsc::unbounded_channel::<(usize, usize)>();
        let reporter = {
            let this = self.clone();
            let name = uri
                .path()
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_string();
            tokio::spawn(async move {
                let mut token = None;
                while let Some((done, total)) = progress_rx.recv().await {
                    if total < LARGE_FILE_KERNELS {
                        continue;
                    }
                    if token.is_none() {
                        token = this
                            .begin_progress(&format!("syncwright: checking {name}"))
                            .await;
                    }
                    if let Some(token) = &token {
                        this.report_progress(
                            token,
                            format!("{done}/{total} kernels"),
                            (done * 100 / total) as u32,
                        )
                        .await;
                    }
                }
                if let Some(token) = token {
                    this.end_progress(token, "done").await;
                }
            })
        };
        let this = self.clone();
        let target = uri.clone();
        // A blocking thread waits for a pooled analysis thread (large stack,
        // warm solver, exits when idle).
        let result = tokio::task::spawn_blocking(move || {
            on_analysis_pool(move || {
                let settings = this.settings().ide_settings();
                let includes = Includes::new(&this.docs, &target);
                let is_stale = || {
                    this.shut_down.load(Ordering::Relaxed)
                        || this.generation(&target) != Some(generation)
                };
                let progress = |done, total| {
                    let _ = progress_tx.send((done, total));
                };
                let context = AnalysisContext {
                    settings: &settings,
                    includes: &includes,
                    is_stale: &is_stale,
                    progress: &progress,
                };
                // A newer text stops the front end mid-file too (a large
                // superseded text would otherwise keep its memory and a
                // core until its lowering ends).
                let cancel: crate::base::interrupt::Cancel = {
                    let this = this.clone();
                    let target = target.clone();
                    Arc::new(move || {
                        this.shut_down.load(Ordering::Relaxed)
                            || this.generation(&target) != Some(generation)
                    })
                };
                let interrupt = crate::base::interrupt::Interrupt {
                    deadline: None,
                    cancel: Some(cancel),
                };
                crate::base::interrupt::with(interrupt, || {
                    this.host
                        .analysis(target.as_str(), generation, &context, |prev| {
                            this.input(&target, prev)
                        })
                })
            })
            .unwrap_or_else(|| {
                Err(AnalysisError::Failed(
                    "internal error: the analysis thread died".into(),
                ))
            })
        })
        .await;
        let _ = reporter.await;
        result.unwrap_or_else(|join| {
            Err(AnalysisError::Failed(format!(
                "internal error in the analysis: {}",
                join_message(join)
            )))
        })
    }

    /// The analysis of the document's current text, computing it (or waiting
    /// for the pending one) if needed; follows newer versions that arrive
    /// while it waits.
    async fn current_analysis(self: &Arc<Self>, uri: &Url) -> Result<Arc<DocAnalysis>> {
        loop {
            let generation = self
                .generation(uri)
                .ok_or_else(|| invalid_params(format!("unknown document {uri}")))?;
            match self.analysis_of(uri, generation).await {
                Ok(analysis) => return Ok(analysis),
                Err(AnalysisError::Superseded) if !self.shut_down.load(Ordering::Relaxed) => {
                    continue
                }
                Err(AnalysisError::Unknown) => {
                    return Err(invalid_params(format!("unknown document {uri}")))
                }
                Err(error) => return Err(internal(error.to_string())),
            }
        }
    }

    async fn publish(&self, uri: &Url, analysis: &DocAnalysis) {
        let diagnostics = convert::diagnostics(analysis, uri, self.encoding());
        self.client
            .publish_diagnostics(uri.clone(), diagnostics, Some(analysis.version))
            .await;
        self.refresh_views(uri, analysis);
    }

    /// Asks the client to re-request code lenses and inlay hints when those of
    /// `analysis` differ from the last published ones. Clients ask for them
    /// again on their own only when the text changes: after a re-check that
    /// no edit of this document caused (a settings change, an edited header),
    /// the editor would keep showing lenses of races that are gone, or miss
    /// those of races that came back.
    fn refresh_views(&self, uri: &Url, analysis: &DocAnalysis) {
        let verdict_hints = self.settings().kernel_verdict_lens;
        let mut hasher = std::hash::DefaultHasher::new();
        for lens in interleaving::lenses(analysis, uri, self.encoding()) {
            let (start, end) = (lens.range.start, lens.range.end);
            (start.line, start.character, end.line, end.character).hash(&mut hasher);
        }
        verdict_hints.hash(&mut hasher);
        if verdict_hints {
            for kernel in crate::ide::symbols::kernel_symbols(analysis) {
                (kernel.name_span.end, kernel.label()).hash(&mut hasher);
            }
        }
        let fingerprint = hasher.finish();
        if self.shown_views.insert(uri.clone(), fingerprint) == Some(fingerprint) {
            return;
        }
        let client = self.client.clone();
        let lenses = self.client_lens_refresh.load(Ordering::Relaxed);
        let hints = self.client_hint_refresh.load(Ordering::Relaxed);
        if lenses || hints {
            tokio::spawn(async move {
                // A client that fails the request keeps its old views: nothing to recover.
                if lenses {
                    let _ = client.code_lens_refresh().await;
                }
                if hints {
                    let _ = client.inlay_hint_refresh().await;
                }
            });
        }
    }

    /// Re-checks, after `delay`, the open documents whose last analysis read
    /// the file of `uri` as an included header (its text changed, or it was
    /// opened or closed, which switches between editor and disk contents).
    fn recheck_includers(self: &Arc<Self>, uri: &Url, delay: Duration) {
        let Ok(header) = uri.to_file_path().map(|p| normalize(&p)) else {
            return;
        };
        let includers: Vec<Url> = self
            .host
            .all_latest()
            .into_iter()
            .filter(|(key, _)| key != uri.as_str())
            .filter(|(_, analysis)| {
                analysis.program.as_ref().is_some_and(|program| {
                    program
                        .files
                        .iter()
                        .skip(1)
                        .any(|f| normalize(Path::new(&f.path)) == header)
                })
            })
            .filter_map(|(key, _)| Url::parse(&key).ok())
            .collect();
        for includer in includers {
            // A new generation makes the analysis of the old header stale.
            if let Some(mut doc) = self.docs.get_mut(&includer) {
                doc.touch();
            } else {
                continue;
            }
            self.schedule(includer, delay);
        }
    }

    /// Checks `uri` after `delay` unless a newer change arrives meanwhile.
    fn schedule(self: &Arc<Self>, uri: Url, delay: Duration) {
        let Some(generation) = self.generation(&uri) else {
            return;
        };
        let this = self.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            if this.generation(&uri) != Some(generation) || this.shut_down.load(Ordering::Relaxed) {
                return;
            }
            match this.analysis_of(&uri, generation).await {
                Ok(analysis) if this.generation(&uri) == Some(analysis.generation) => {
                    this.publish(&uri, &analysis).await;
                    if timing_log_enabled() {
                        let t = analysis.timings;
                        eprintln!(
                            "syncwright lsp: {uri} v{}: lower {:.1} ms{}, keys {:.1} ms, check {:.1} ms ({} kernels checked)",
                            analysis.version,
                            t.lower_ms,
                            if t.incremental { " (edited kernel only)" } else { "" },
                            t.keys_ms,
                            t.check_ms,
                            t.checked
                        );
                    }
                }
                Ok(_) | Err(AnalysisError::Superseded | AnalysisError::Unknown) => {}
                Err(error) => {
                    this.client
                        .log_message(MessageType::ERROR, error.to_string())
                        .await
                }
            }
        });
    }

    async fn begin_progress(&self, title: &str) -> Option<NumberOrString> {
        if !self.client_progress.load(Ordering::Relaxed) {
            return None;
        }
        let token = NumberOrString::String(format!(
            "syncwright-{}",
            self.progress_tokens.fetch_add(1, Ordering::Relaxed)
        ));
        let created = self
            .client
            .send_request::<WorkDoneProgressCreate>(WorkDoneProgressCreateParams {
                token: token.clone(),
            })
            .await;
        if created.is_err() {
            return None;
        }
        let begin = WorkDoneProgressBegin {
            title: title.to_string(),
            cancellable: Some(false),
            message: None,
            percentage: Some(0),
        };
        self.client
            .send_notification::<Progress>(ProgressParams {
                token: token.clone(),
                value: ProgressParamsValue::WorkDone(WorkDoneProgress::Begin(begin)),
            })
            .await;
        Some(token)
    }

    async fn report_progress(&self, token: &NumberOrString, message: String, percentage: u32) {
        let report = WorkDoneProgressReport {
            cancellable: Some(false),
            message: Some(message),
            percentage: Some(percentage),
        };
        self.client
            .send_notification::<Progress>(ProgressParams {
                token: token.clone(),
                value: ProgressParamsValue::WorkDone(WorkDoneProgress::Report(report)),
            })
            .await;
    }

    async fn end_progress(&self, token: NumberOrString, message: &str) {
        self.client
            .send_notification::<Progress>(ProgressParams {
                token,
                value: ProgressParamsValue::WorkDone(WorkDoneProgress::End(WorkDoneProgressEnd {
                    message: Some(message.to_string()),
                })),
            })
            .await;
    }

    fn offset(&self, uri: &Url, position: Position) -> Result<(usize, ropey::Rope)> {
        let doc = self
            .docs
            .get(uri)
            .ok_or_else(|| invalid_params(format!("unknown document {uri}")))?;
        let offset =
            offset_of(&doc.rope, position, self.encoding()).map_err(|e| invalid_params(e.0))?;
        Ok((offset, doc.rope.clone()))
    }
}

/// Runs blocking analysis work (repairs, barrier descriptions) on a pooled
/// analysis thread, awaited from a blocking thread; a panic becomes an
/// internal error.
async fn on_analysis<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(move || on_analysis_pool(work))
        .await
        .map_err(|e| internal(join_message(e)))?
        .ok_or_else(|| internal("internal error: the analysis thread died"))
}

fn join_message(err: tokio::task::JoinError) -> String {
    match err.try_into_panic() {
        Ok(payload) => panic_message(&*payload),
        Err(err) => err.to_string(),
    }
}

/// Per-analysis phase timings on stderr (`SYNCWRIGHT_LSP_TIMINGS=1`).
fn timing_log_enabled() -> bool {
    std::env::var("SYNCWRIGHT_LSP_TIMINGS").is_ok_and(|v| v == "1")
}

/// Test hooks (only reachable through [`PANIC_FOR_TEST`]).
fn test_hooks_enabled() -> bool {
    cfg!(test) || std::env::var("SYNCWRIGHT_LSP_TEST_HOOKS").is_ok_and(|v| v == "1")
}

impl Backend {
    /// A server over `engine`.
    pub fn new(client: Client, engine: Arc<dyn Engine>) -> Backend {
        Backend {
            inner: Arc::new(Inner {
                client,
                host: AnalysisHost::new(engine),
                docs: DashMap::new(),
                settings: RwLock::new(LspSettings::default()),
                encoding: RwLock::new(PositionEncoding::Utf16),
                client_progress: AtomicBool::new(false),
                client_lens_refresh: AtomicBool::new(false),
                client_hint_refresh: AtomicBool::new(false),
                shown_views: DashMap::new(),
                roots: RwLock::new(Vec::new()),
                shut_down: AtomicBool::new(false),
                progress_tokens: AtomicU64::new(0),
            }),
        }
    }

    /// Runs a handler body; a panic becomes an internal error for this request only.
    async fn guard<T>(&self, what: &str, body: impl Future<Output = Result<T>>) -> Result<T> {
        match std::panic::AssertUnwindSafe(body).catch_unwind().await {
            Ok(result) => result,
            Err(payload) => {
                let message = format!("internal error in {what}: {}", panic_message(&*payload));
                self.inner
                    .client
                    .log_message(MessageType::ERROR, &message)
                    .await;
                Err(internal(message))
            }
        }
    }

    /// The test-only request that panics inside a guarded handler.
    async fn panic_for_test(&self, _params: Value) -> Result<Value> {
        self.guard(PANIC_FOR_TEST, async {
            if test_hooks_enabled() {
                panic!("panic injected by {PANIC_FOR_TEST}");
            }
            Err(Error::method_not_found())
        })
        .await
    }

    fn apply_settings(&self, value: &Value) -> Vec<String> {
        match self.inner.settings.write() {
            Ok(mut settings) => settings.apply_json(value),
            Err(_) => vec!["settings lock poisoned".into()],
        }
    }

    async fn hover_impl(&self, params: HoverParams) -> Result<Option<Hover>> {
        let uri = params.text_document_position_params.text_document.uri;
        let (offset, _) = self
            .inner
            .offset(&uri, params.text_document_position_params.position)?;
        let analysis = self.inner.current_analysis(&uri).await?;
        let offset = offset as u32;
        let settings = self.inner.settings().ide_settings();
        // Only barrier (and, with `perf`, bank) hovers need blocking work; the others are answered
        // at once, in the order they came.
        let markdown = if crate::ide::hover::needs_blocking(&analysis, offset) {
            let inner = self.inner.clone();
            on_analysis(move || crate::ide::hover::hover(&inner.host, &settings, &analysis, offset))
                .await?
        } else {
            crate::ide::hover::hover(&self.inner.host, &settings, &analysis, offset)
        }
        .map_err(internal)?;
        Ok(markdown.map(|value| Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: None,
        }))
    }

    fn workspace_edit(
        &self,
        uri: &Url,
        rope: &ropey::Rope,
        edits: &[crate::synth::TextEdit],
    ) -> WorkspaceEdit {
        let enc = self.inner.encoding();
        let text_edits = edits
            .iter()
            .map(|e| TextEdit {
                range: document::range_of(rope, e.span.start as usize, e.span.end as usize, enc),
                new_text: e.new_text.clone(),
            })
            .collect();
        WorkspaceEdit {
            changes: Some([(uri.clone(), text_edits)].into_iter().collect()),
            ..Default::default()
        }
    }

    async fn code_action_impl(
        &self,
        params: CodeActionParams,
    ) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let rope = self
            .inner
            .docs
            .get(&uri)
            .map(|d| d.rope.clone())
            .ok_or_else(|| invalid_params(format!("unknown document {uri}")))?;
        let enc = self.inner.encoding();
        let (start, end) = byte_range(&rope, params.range, enc).map_err(|e| invalid_params(e.0))?;
        let analysis = self.inner.current_analysis(&uri).await?;
        let (inner, doc) = (self.inner.clone(), analysis.clone());
        let doc_uri = uri.clone();
        let actions = on_analysis(move || {
            let includes = Includes::new(&inner.docs, &doc_uri);
            let settings = inner.settings().ide_settings();
            crate::ide::actions::code_actions(
                &inner.host,
                &settings,
                &includes,
                &doc,
                start as u32,
                end as u32,
            )
        })
        .await?
        .map_err(internal)?;
        let ours: Vec<&Diagnostic> = params
            .context
            .diagnostics
            .iter()
            .filter(|d| d.source.as_deref() == Some(convert::SOURCE))
            .collect();
        let map = convert::mapper(&analysis, &uri, enc);
        let actions = actions
            .into_iter()
            .map(|action| {
                let addressed: Vec<Diagnostic> = ours
                    .iter()
                    .filter(|d| {
                        action
                            .addresses
                            .iter()
                            .any(|a| ranges_overlap(map.range(*a), d.range))
                    })
                    .map(|d| (*d).clone())
                    .collect();
                CodeActionOrCommand::CodeAction(CodeAction {
                    title: action.title,
                    kind: Some(match action.kind {
                        ActionKind::QuickFix => CodeActionKind::QUICKFIX,
                        ActionKind::Rewrite => CodeActionKind::REFACTOR_REWRITE,
                    }),
                    diagnostics: (!addressed.is_empty()).then_some(addressed),
                    edit: Some(self.workspace_edit(&uri, &analysis.rope, &action.edits)),
                    command: None,
                    is_preferred: Some(action.preferred),
                    disabled: None,
                    data: None,
                })
            })
            .collect();
        Ok(Some(actions))
    }

    async fn fix_all(&self, args: &[Value]) -> Result<Option<Value>> {
        let uris: Vec<Url> = match args.first().and_then(|v| v.as_str()) {
            Some(uri) => {
                vec![Url::parse(uri).map_err(|e| invalid_params(format!("bad uri {uri}: {e}")))?]
            }
            None => self.inner.docs.iter().map(|d| d.key().clone()).collect(),
        };
        // Ordered by URI so a fix-all edit lists its files in one order every run.
        let mut changes: std::collections::BTreeMap<Url, Vec<TextEdit>> = Default::default();
        let mut kernels_fixed = 0;
        for uri in uris {
            let analysis = self.inner.current_analysis(&uri).await?;
            for kernel in &analysis.kernels {
                let (inner, doc, target) = (self.inner.clone(), analysis.clone(), kernel.clone());
                let doc_uri = uri.clone();
                let repair = on_analysis(move || {
                    let includes = Includes::new(&inner.docs, &doc_uri);
                    let settings = inner.settings().ide_settings();
                    inner.host.repair(&settings, &includes, &doc, &target)
                })
                .await?;
                let Ok(repair) = repair else { continue };
                if !repair.optimize_all_ok {
                    continue;
                }
                kernels_fixed += 1;
                let edit = self.workspace_edit(&uri, &analysis.rope, &repair.repair.edits);
                for (u, edits) in edit.changes.unwrap_or_default() {
                    changes.entry(u).or_default().extend(edits);
                }
            }
        }
        if changes.is_empty() {
            return Ok(Some(json!({ "applied": false, "kernels": 0 })));
        }
        let edit = WorkspaceEdit {
            changes: Some(changes.into_iter().collect()),
            ..Default::default()
        };
        let applied = self
            .inner
            .client
            .apply_edit(edit)
            .await
            .map(|r| r.applied)
            .unwrap_or(false);
        Ok(Some(
            json!({ "applied": applied, "kernels": kernels_fixed }),
        ))
    }

    async fn check_workspace(&self) -> Result<Option<Value>> {
        let roots = self
            .inner
            .roots
            .read()
            .map(|r| r.clone())
            .unwrap_or_default();
        let files =
            tokio::task::spawn_blocking(move || crate::ide::workspace::workspace_files(&roots))
                .await
                .map_err(|e| internal(join_message(e)))?;
        let token = self
            .inner
            .begin_progress(&format!("syncwright: checking {} files", files.len()))
            .await;
        let (mut kernels, mut defects) = (0usize, 0usize);
        for (index, path) in files.iter().enumerate() {
            let Ok(uri) = Url::from_file_path(path) else {
                continue;
            };
            if let Some(token) = &token {
                let pct = (index * 100 / files.len().max(1)) as u32;
                self.inner
                    .report_progress(token, path.display().to_string(), pct)
                    .await;
            }
            if self.inner.docs.contains_key(&uri) {
                let analysis = self.inner.current_analysis(&uri).await?;
                let (checked, not_race_free) = crate::ide::symbols::verdict_counts(&analysis);
                kernels += checked;
                defects += not_race_free;
                self.inner.publish(&uri, &analysis).await;
                continue;
            }
            let (inner, file) = (self.inner.clone(), path.clone());
            let analysis = tokio::task::spawn_blocking(move || {
                on_analysis_pool(move || {
                    let text = std::fs::read(&file)
                        .map(|b| String::from_utf8_lossy(&b).into_owned())
                        .map_err(|e| format!("{}: {e}", file.display()))?;
                    let includes = Includes {
                        docs: &inner.docs,
                        env: crate::ide::TranslationEnv::for_file(&file),
                    };
                    let input = AnalysisInput {
                        generation: 0,
                        version: 0,
                        rope: ropey::Rope::from_str(&text),
                        parsed: None,
                        lang: Lang::from_path(&file),
                        path: file,
                        prev: None,
                    };
                    analyze(
                        inner.host.engine.as_ref(),
                        &inner.host.caches,
                        &inner.settings().ide_settings(),
                        &includes,
                        input,
                        &|| inner.shut_down.load(Ordering::Relaxed),
                        &|_, _| {},
                    )
                    .map_err(|_| "cancelled".to_string())
                })
                .unwrap_or_else(|| Err("internal error: the analysis thread died".to_string()))
            })
            .await
            .map_err(|e| internal(join_message(e)))?;
            match analysis {
                Ok(analysis) => {
                    let (checked, not_race_free) = crate::ide::symbols::verdict_counts(&analysis);
                    kernels += checked;
                    defects += not_race_free;
                    let diagnostics = convert::diagnostics(&analysis, &uri, self.inner.encoding());
                    self.inner
                        .client
                        .publish_diagnostics(uri, diagnostics, None)
                        .await;
                }
                Err(message) => {
                    self.inner
                        .client
                        .log_message(MessageType::WARNING, message)
                        .await
                }
            }
        }
        if let Some(token) = token {
            self.inner
                .end_progress(
                    token,
                    &format!("{kernels} kernels, {defects} not race-free"),
                )
                .await;
        }
        Ok(Some(
            json!({ "files": files.len(), "kernels": kernels, "notRaceFree": defects }),
        ))
    }

    async fn code_lens_impl(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = params.text_document.uri;
        let analysis = self.inner.current_analysis(&uri).await?;
        Ok(Some(interleaving::lenses(
            &analysis,
            &uri,
            self.inner.encoding(),
        )))
    }

    /// `syncwright.interleaving [uri, {line, character}]`: the view of the race there.
    async fn interleaving(&self, arguments: &[Value]) -> Result<Option<Value>> {
        let uri: Url = arguments
            .first()
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .ok_or_else(|| invalid_params("expected [uri, position]".to_string()))?;
        let position: Position = arguments
            .get(1)
            .and_then(|v| serde_json::from_value(v.clone()).ok())
            .ok_or_else(|| invalid_params("expected [uri, position]".to_string()))?;
        let analysis = self.inner.current_analysis(&uri).await?;
        interleaving::view(&analysis, position, self.inner.encoding())
            .map(Some)
            .ok_or_else(|| {
                invalid_params(format!(
                    "no race at {}:{}:{} (the document changed?)",
                    uri,
                    position.line + 1,
                    position.character + 1
                ))
            })
    }

    async fn inlay_hint_impl(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        if !self.inner.settings().kernel_verdict_lens {
            return Ok(None);
        }
        let uri = params.text_document.uri;
        let analysis = self.inner.current_analysis(&uri).await?;
        let enc = self.inner.encoding();
        let hints = crate::ide::symbols::kernel_symbols(&analysis)
            .into_iter()
            .filter_map(|k| {
                let position = document::position_of(&analysis.rope, k.name_span.end as usize, enc);
                let in_range = params.range.start <= position && position <= params.range.end;
                in_range.then(|| InlayHint {
                    position,
                    label: InlayHintLabel::String(k.label()),
                    kind: None,
                    text_edits: None,
                    tooltip: Some(InlayHintTooltip::String(format!(
                        "syncwright: checked in {:.1} ms",
                        k.time_ms
                    ))),
                    padding_left: Some(true),
                    padding_right: None,
                    data: None,
                })
            })
            .collect();
        Ok(Some(hints))
    }
}

fn ranges_overlap(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

#[tower_lsp::async_trait]
impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        self.guard("initialize", async {
            let utf8 = params
                .capabilities
                .general
                .as_ref()
                .and_then(|g| g.position_encodings.as_ref())
                .is_some_and(|encodings| encodings.contains(&PositionEncodingKind::UTF8));
            let encoding = if utf8 {
                PositionEncoding::Utf8
            } else {
                PositionEncoding::Utf16
            };
            if let Ok(mut e) = self.inner.encoding.write() {
                *e = encoding;
            }
            let progress = params
                .capabilities
                .window
                .as_ref()
                .and_then(|w| w.work_done_progress)
                .unwrap_or(false);
            self.inner
                .client_progress
                .store(progress, Ordering::Relaxed);
            let workspace = params.capabilities.workspace.as_ref();
            let lens_refresh = workspace
                .and_then(|w| w.code_lens.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false);
            let hint_refresh = workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false);
            self.inner
                .client_lens_refresh
                .store(lens_refresh, Ordering::Relaxed);
            self.inner
                .client_hint_refresh
                .store(hint_refresh, Ordering::Relaxed);
            let mut roots: Vec<PathBuf> = params
                .workspace_folders
                .iter()
                .flatten()
                .filter_map(|f| f.uri.to_file_path().ok())
                .collect();
            #[allow(deprecated)]
            if roots.is_empty() {
                roots.extend(params.root_uri.as_ref().and_then(|u| u.to_file_path().ok()));
            }
            if let Ok(mut r) = self.inner.roots.write() {
                *r = roots;
            }
            if let Some(options) = &params.initialization_options {
                for problem in self.apply_settings(options) {
                    self.inner
                        .client
                        .show_message(MessageType::WARNING, format!("syncwright: {problem}"))
                        .await;
                }
            }
            Ok(InitializeResult {
                capabilities: ServerCapabilities {
                    position_encoding: Some(if utf8 {
                        PositionEncodingKind::UTF8
                    } else {
                        PositionEncodingKind::UTF16
                    }),
                    text_document_sync: Some(TextDocumentSyncCapability::Options(
                        TextDocumentSyncOptions {
                            open_close: Some(true),
                            change: Some(TextDocumentSyncKind::INCREMENTAL),
                            will_save: None,
                            will_save_wait_until: None,
                            save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                                include_text: Some(false),
                            })),
                        },
                    )),
                    hover_provider: Some(HoverProviderCapability::Simple(true)),
                    code_action_provider: Some(CodeActionProviderCapability::Options(
                        CodeActionOptions {
                            code_action_kinds: Some(vec![
                                CodeActionKind::QUICKFIX,
                                CodeActionKind::REFACTOR_REWRITE,
                            ]),
                            work_done_progress_options: Default::default(),
                            resolve_provider: Some(false),
                        },
                    )),
                    execute_command_provider: Some(ExecuteCommandOptions {
                        commands: vec![
                            CMD_CHECK_WORKSPACE.to_string(),
                            CMD_FIX_ALL.to_string(),
                            interleaving::CMD_INTERLEAVING.to_string(),
                        ],
                        work_done_progress_options: Default::default(),
                    }),
                    inlay_hint_provider: Some(OneOf::Left(true)),
                    code_lens_provider: Some(CodeLensOptions {
                        resolve_provider: Some(false),
                    }),
                    ..Default::default()
                },
                server_info: Some(ServerInfo {
                    name: "syncwright".into(),
                    version: Some(env!("CARGO_PKG_VERSION").into()),
                }),
            })
        })
        .await
    }

    async fn shutdown(&self) -> Result<()> {
        self.inner.shut_down.store(true, Ordering::Relaxed);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let _ = self
            .guard("didOpen", async {
                let doc = params.text_document;
                let lang = lang_of(&doc.uri, Some(&doc.language_id));
                self.inner
                    .docs
                    .insert(doc.uri.clone(), Document::new(&doc.text, doc.version, lang));
                self.inner.reparse(&doc.uri);
                self.inner.recheck_includers(&doc.uri, Duration::ZERO);
                self.inner.schedule(doc.uri, Duration::ZERO);
                Ok(())
            })
            .await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        // Everything up to `schedule` runs before the first await, so changes are
        // applied in the order they arrive.
        let uri = params.text_document.uri;
        let result = guarded("didChange", || {
            let mut doc = self
                .inner
                .docs
                .get_mut(&uri)
                .ok_or_else(|| format!("didChange for unknown document {uri}"))?;
            doc.apply_changes(&params.content_changes, self.inner.encoding())
                .map_err(|e| format!("{uri}: invalid change: {e}"))?;
            doc.version = params.text_document.version;
            Ok::<(), String>(())
        });
        match result.and_then(|r| r) {
            Ok(()) => {
                self.inner.reparse(&uri);
                let settings = self.inner.settings();
                if settings.check_on == CheckOn::Type {
                    let delay = Duration::from_millis(settings.debounce_ms);
                    self.inner.schedule(uri.clone(), delay);
                    self.inner.recheck_includers(&uri, delay);
                }
            }
            Err(message) => {
                self.inner
                    .client
                    .log_message(MessageType::ERROR, message)
                    .await
            }
        }
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        if self.inner.settings().check_on == CheckOn::Save {
            let uri = params.text_document.uri;
            self.inner.schedule(uri.clone(), Duration::ZERO);
            self.inner.recheck_includers(&uri, Duration::ZERO);
        }
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        self.inner.docs.remove(&uri);
        self.inner.shown_views.remove(&uri);
        // Includers now read the header from disk.
        self.inner.recheck_includers(&uri, Duration::ZERO);
        self.inner.host.forget(uri.as_str());
        self.inner
            .client
            .publish_diagnostics(uri, Vec::new(), None)
            .await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let _ = self
            .guard("didChangeConfiguration", async {
                let settings = params
                    .settings
                    .get("syncwright")
                    .cloned()
                    .unwrap_or(params.settings);
                for problem in self.apply_settings(&settings) {
                    self.inner
                        .client
                        .show_message(MessageType::WARNING, format!("syncwright: {problem}"))
                        .await;
                }
                let uris: Vec<Url> = self.inner.docs.iter().map(|d| d.key().clone()).collect();
                for uri in uris {
                    // Analyses are kept per generation: a new one makes the analysis under the
                    // old settings stale, or the recheck would republish it unchanged.
                    if let Some(mut doc) = self.inner.docs.get_mut(&uri) {
                        doc.touch();
                    }
                    self.inner.schedule(uri, Duration::ZERO);
                }
                Ok(())
            })
            .await;
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        self.guard("hover", self.hover_impl(params)).await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        self.guard("codeAction", self.code_action_impl(params))
            .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        self.guard("inlayHint", self.inlay_hint_impl(params)).await
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        self.guard("codeLens", self.code_lens_impl(params)).await
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<Value>> {
        self.guard("executeCommand", async {
            match params.command.as_str() {
                CMD_CHECK_WORKSPACE => self.check_workspace().await,
                CMD_FIX_ALL => self.fix_all(&params.arguments).await,
                interleaving::CMD_INTERLEAVING => self.interleaving(&params.arguments).await,
                other => Err(invalid_params(format!("unknown command {other}"))),
            }
        })
        .await
    }
}

/// The service over the real analyses, plus the socket for server-to-client messages.
pub fn service() -> (LspService<Backend>, ClientSocket) {
    service_with_engine(Arc::new(Syncwright))
}

/// The service over a given engine.
pub fn service_with_engine(engine: Arc<dyn Engine>) -> (LspService<Backend>, ClientSocket) {
    let builder = LspService::build(move |client| Backend::new(client, engine.clone()));
    let builder = if test_hooks_enabled() {
        builder.custom_method(PANIC_FOR_TEST, Backend::panic_for_test)
    } else {
        builder
    };
    builder.finish()
}

/// Stack of the runtime's threads: they translate messages, apply edits and
/// re-parse (tree-sitter and the directive scan do not recurse with the
/// input's nesting), and wait for analyses; the analyses themselves recurse
/// deeply and run on pooled analysis threads with large stacks that exit when
/// idle (`ide::guard::on_analysis_pool`), so an idle server reserves little
/// (10 threads of 16 MB instead of 10 of 256 MB).
const THREAD_STACK_BYTES: usize = 16 * 1024 * 1024;

/// The runtime `syncwright lsp` runs on: two protocol workers, blocking
/// threads that wait for analyses.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .thread_stack_size(THREAD_STACK_BYTES)
        .thread_name("syncwright-lsp")
        .enable_all()
        .build()
}

/// Watches the messages the service gets for `shutdown` and `exit`: the
/// transport only notices `exit` at the next message, and a client waiting for
/// the process to end sends none.
struct ExitWatch<S> {
    inner: S,
    shutdown_seen: Arc<AtomicBool>,
    exited: Arc<tokio::sync::Notify>,
}

impl<S> tower_service::Service<tower_lsp::jsonrpc::Request> for ExitWatch<S>
where
    S: tower_service::Service<
        tower_lsp::jsonrpc::Request,
        Response = Option<tower_lsp::jsonrpc::Response>,
    >,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future =
        std::pin::Pin<Box<dyn Future<Output = std::result::Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::result::Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: tower_lsp::jsonrpc::Request) -> Self::Future {
        let method = request.method().to_string();
        if method == "shutdown" {
            self.shutdown_seen.store(true, Ordering::Relaxed);
        }
        let response = self.inner.call(request);
        let exited = self.exited.clone();
        Box::pin(async move {
            let response = response.await;
            if method == "exit" {
                exited.notify_one();
            }
            response
        })
    }
}

/// Serves the language server over stdin/stdout until the client exits;
/// returns the exit code the LSP specifies (0 when `shutdown` came before
/// `exit`, else 1).
pub fn run_stdio() -> i32 {
    let runtime = match runtime() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("syncwright lsp: cannot start the async runtime: {err}");
            return 1;
        }
    };
    let shutdown_seen = Arc::new(AtomicBool::new(false));
    let exited = Arc::new(tokio::sync::Notify::new());
    runtime.block_on(async {
        let (service, socket) = service();
        let service = ExitWatch {
            inner: service,
            shutdown_seen: shutdown_seen.clone(),
            exited: exited.clone(),
        };
        transport::serve_stdio(service, socket, exited.notified()).await;
    });
    // The stdin reader thread may still wait for input: do not wait for it.
    runtime.shutdown_timeout(Duration::from_millis(200));
    if shutdown_seen.load(Ordering::Relaxed) {
        0
    } else {
        1
    }
}
