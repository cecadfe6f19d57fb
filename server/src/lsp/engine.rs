//! The analysis pipeline behind the server: lower a parsed document, check each
//! kernel (cached by its position-independent key), repair and describe barriers.
//! Everything here is blocking and runs on `spawn_blocking` threads.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use dashmap::DashMap;
use ropey::Rope;

use super::settings::LspSettings;
use super::spans::{extend_key, kernel_key, Shift};
use crate::check::{DiagnosticKind, Finding, KernelReport, Verdict};
use crate::config::CheckOptions;
use crate::frontend::{Earlier, IncludeResolver, MainUnitState};
use crate::ir::{Kernel, Lang, Program, SourceFileInfo, Span};
use crate::syntax::parse::ParsedSource;
use crate::synth::{BarrierInfo, KernelRepair, SynthOptions};

/// The layers the server calls. The production implementation is [`Syncwright`];
/// tests substitute a controllable one to exercise the protocol plumbing.
pub trait Engine: Send + Sync + 'static {
    /// Parses `text`, incrementally from `old` when given.
    fn parse(&self, text: &str, lang: Lang, old: Option<&tree_sitter::Tree>) -> ParsedSource;
    /// Lowers a parse into KPL.
    fn lower(&self, parsed: &ParsedSource, path: &Path, includes: &dyn IncludeResolver) -> Program;
    /// Lowers a parse into KPL, taking over unchanged kernels of an earlier
    /// lowering of the same document (same result as [`Engine::lower`]); also
    /// returns what the next call needs.
    fn lower_incremental(
        &self,
        parsed: &ParsedSource,
        path: &Path,
        includes: &dyn IncludeResolver,
        _earlier: Option<Earlier>,
    ) -> (Program, Option<MainUnitState>) {
        (self.lower(parsed, path, includes), None)
    }
    /// Options each of `kernels` (of the file `path` lowered into `program`) is
    /// checked with, and findings about the file's launch configuration; one
    /// call per file so file configuration is read once.
    fn check_options(
        &self,
        settings: &LspSettings,
        program: &Program,
        kernels: &[Kernel],
        path: &Path,
    ) -> (Vec<CheckOptions>, Vec<Finding>);
    /// Checks one kernel.
    fn check(&self, kernel: &Kernel, options: &CheckOptions) -> KernelReport;
    /// Repairs one kernel.
    fn repair(
        &self,
        kernel: &Kernel,
        files: &[SourceFileInfo],
        options: &SynthOptions,
    ) -> KernelRepair;
    /// Describes the barriers of one kernel.
    fn barrier_infos(&self, kernel: &Kernel, options: &SynthOptions) -> Vec<BarrierInfo>;
}

/// The real layers: front end, SDV checker and synthesizer.
pub struct Syncwright;

impl Engine for Syncwright {
    fn parse(&self, text: &str, lang: Lang, old: Option<&tree_sitter::Tree>) -> ParsedSource {
        crate::syntax::parse::parse(text, lang, old)
    }

    fn lower(&self, parsed: &ParsedSource, path: &Path, includes: &dyn IncludeResolver) -> Program {
        crate::frontend::lower_parsed(parsed, path, includes)
    }

    fn lower_incremental(
        &self,
        parsed: &ParsedSource,
        path: &Path,
        includes: &dyn IncludeResolver,
        earlier: Option<Earlier>,
    ) -> (Program, Option<MainUnitState>) {
        let (program, state) =
            crate::frontend::lower_parsed_incremental(parsed, path, includes, earlier);
        (program, Some(state))
    }

    fn check_options(
        &self,
        settings: &LspSettings,
        program: &Program,
        kernels: &[Kernel],
        path: &Path,
    ) -> (Vec<CheckOptions>, Vec<Finding>) {
        // Editor settings, then header comments, syncwright.toml and
        // `__launch_bounds__`, as for the CLI.
        let text = program.files.first().map_or("", |f| f.text.as_str());
        crate::ide::kernel_options_with_findings(path, text, &settings.ide_settings(), kernels)
    }

    fn check(&self, kernel: &Kernel, options: &CheckOptions) -> KernelReport {
        crate::check::check_kernel(kernel, options)
    }

    fn repair(
        &self,
        kernel: &Kernel,
        files: &[SourceFileInfo],
        options: &SynthOptions,
    ) -> KernelRepair {
        crate::synth::repair_kernel(kernel, files, options)
    }

    fn barrier_infos(&self, kernel: &Kernel, options: &SynthOptions) -> Vec<BarrierInfo> {
        crate::synth::barrier_infos(kernel, options)
    }
}

/// Text of a panic payload.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// Runs `f`, turning a panic into an error with the panic message.
pub fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|payload| format!("internal error in {what}: {}", panic_message(&*payload)))
}

/// One kernel's latest result, with absolute spans.
#[derive(Clone, Debug)]
pub struct KernelResult {
    /// The kernel's IR.
    pub kernel: Kernel,
    /// Options it was checked with.
    pub options: CheckOptions,
    /// Position-independent key of (IR, options).
    pub key: u64,
    /// The report.
    pub report: KernelReport,
    /// Whether the report came from the cache.
    pub cached: bool,
}

/// A document's analysis at one generation.
#[derive(Clone, Debug)]
pub struct DocAnalysis {
    /// Document generation analysed.
    pub generation: u64,
    /// Client version of that text.
    pub version: i32,
    /// The text analysed.
    pub rope: Rope,
    /// Path of the document.
    pub path: PathBuf,
    /// Front-end output (None when the front end failed; see `frontend_error`);
    /// its kernels are moved into `kernels`.
    pub program: Option<Program>,
    /// Per-kernel results in source order.
    pub kernels: Vec<KernelResult>,
    /// Internal error of the parser or front end, reported as a diagnostic.
    pub frontend_error: Option<String>,
    /// The front end's state, for lowering the next edit incrementally.
    pub lowered: Option<FrontendState>,
    /// Findings about the file's launch configuration (invalid
    /// `syncwright.toml`, ignored header flags).
    pub config_findings: Vec<Finding>,
    /// Where the time went.
    pub timings: Timings,
}

/// Wall time of the phases of one analysis, in milliseconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    /// Lowering the file.
    pub lower_ms: f64,
    /// Resolving options and computing kernel keys.
    pub keys_ms: f64,
    /// Checking the kernels not in the cache.
    pub check_ms: f64,
    /// Kernels checked (cache misses).
    pub checked: usize,
    /// Whether kernels were taken over from the previous analysis.
    pub incremental: bool,
}

/// Lowers the document, taking over from `prev` the kernels the edit since then
/// did not touch: when the text changed only strictly inside the body of one
/// kernel, the front end proves that everything the other kernels' lowering
/// reads is the same text at moved positions and asks for them here; they are
/// `prev`'s kernels with their spans moved by the length change. Returns the
/// program, the front end's state for the next edit and the keys of the
/// kernels taken over (valid when they are checked with the same options).
fn lower_document(
    engine: &dyn Engine,
    parsed: &ParsedSource,
    text: &str,
    prev: Option<&DocAnalysis>,
    path: &Path,
    includes: &dyn IncludeResolver,
) -> (Program, Option<MainUnitState>, Vec<ReusedKey>) {
    let prev = prev.filter(|p| p.frontend_error.is_none() && p.path == path);
    let Some((prev, state)) = prev.and_then(|p| Some((p, p.lowered.as_ref()?.0.as_ref()))) else {
        let (program, state) = engine.lower_incremental(parsed, path, includes, None);
        return (program, state, Vec::new());
    };
    let old_text = prev.rope.to_string();
    let (start, old_end, new_end) = crate::syntax::source::changed_range(&old_text, text);
    let main = |s: Span| s.file == crate::ir::FileId(0);
    // The kernel whose body strictly contains the change (None: no change).
    let edited = prev.kernels.iter().find(|k| {
        main(k.kernel.span)
            && k.kernel
                .body
                .braces
                .is_some_and(|b| main(b) && (b.start as usize) < start && old_end < b.end as usize)
    });
    let unchanged = start == old_end && start == new_end;
    let splice = Shift::Splice {
        at: old_end as u32,
        delta: new_end as i64 - old_end as i64,
    };
    let reused = std::sync::Mutex::new(Vec::new());
    let reuse = |name: &str, span: Span| -> Option<Kernel> {
        if edited.is_none() && !unchanged {
            return None;
        }
        let found = prev.kernels.iter().find(|k| {
            let old = k.kernel.span;
            // Kernels touching the change are lowered again.
            if k.kernel.name != name
                || !main(old)
                || (old.start as usize) < old_end && start < old.end as usize
            {
                return false;
            }
            let mut moved = old;
            splice.span(&mut moved);
            moved == span
        })?;
        let mut kernel = found.kernel.clone();
        splice.kernel(&mut kernel);
        let uniformly = crate::lsp::spans::moves_uniformly(&found.kernel, old_end as u32);
        if let Ok(mut keys) = reused.lock() {
            keys.push(ReusedKey {
                span: kernel.span,
                options: found.options.clone(),
                key: uniformly.then_some(found.key),
            });
        }
        Some(kernel)
    };
    let earlier = Earlier {
        state,
        reuse: &reuse,
    };
    let (program, state) = engine.lower_incremental(parsed, path, includes, Some(earlier));
    let reused = reused.into_inner().unwrap_or_default();
    (program, state, reused)
}

/// A kernel taken over from the previous analysis, with its key when that is
/// still valid: when the kernel is checked with the same options and its
/// relative IR did not change (all its spans moved together).
#[derive(Clone, Debug)]
pub struct ReusedKey {
    /// The kernel's span in the new text.
    pub span: Span,
    /// Options of the previous check.
    pub options: CheckOptions,
    /// Key of the previous check, when still valid.
    pub key: Option<u64>,
}

/// The front end's state after lowering a document, for the next edit.
#[derive(Clone)]
pub struct FrontendState(pub Arc<MainUnitState>);

impl std::fmt::Debug for FrontendState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FrontendState")
    }
}

impl DocAnalysis {
    /// The kernel whose definition contains byte `offset`.
    pub fn kernel_at(&self, offset: usize) -> Option<&KernelResult> {
        self.kernels.iter().find(|k| {
            k.kernel.span.start as usize <= offset && offset <= k.kernel.span.end as usize
        })
    }
}

/// The analysis was abandoned because a newer edit arrived.
#[derive(Debug)]
pub struct Superseded;

/// Caches shared by all documents, keyed by position-independent kernel keys.
#[derive(Default)]
pub struct Caches {
    /// Check reports with spans relative to the kernel start.
    pub reports: DashMap<u64, Arc<KernelReport>>,
    /// Validated repairs with relative spans.
    pub repairs: DashMap<u64, Arc<ValidatedRepair>>,
    /// Barrier descriptions with relative spans.
    pub barriers: DashMap<u64, Arc<Vec<BarrierInfo>>>,
}

/// Entries kept per cache before it is cleared (kernels of many large files fit).
const CACHE_LIMIT: usize = 20_000;

fn insert_bounded<V>(map: &DashMap<u64, V>, key: u64, value: V) {
    if map.len() >= CACHE_LIMIT {
        map.clear();
    }
    map.insert(key, value);
}

/// Report for a kernel whose check panicked: sound (possibly racy), and says why.
fn internal_error_report(kernel: &Kernel, message: String) -> KernelReport {
    KernelReport {
        name: kernel.name.clone(),
        name_span: kernel.name_span,
        verdict: Verdict::Inconclusive,
        findings: vec![Finding {
            kind: DiagnosticKind::Inconclusive,
            message,
            span: kernel.name_span,
            related: Vec::new(),
            race: None,
            divergence: None,
        }],
        races: Vec::new(),
        time_ms: 0.0,
        solver_queries: 0,
    }
}

/// Everything [`analyze`] needs about the document.
pub struct AnalysisInput {
    /// Generation of the text.
    pub generation: u64,
    /// Client version.
    pub version: i32,
    /// Text.
    pub rope: Rope,
    /// Parse of the text (None: parse it here, from scratch).
    pub parsed: Option<Arc<ParsedSource>>,
    /// Dialect.
    pub lang: Lang,
    /// File path.
    pub path: PathBuf,
    /// The document's previous analysis: kernels whose text did not change are
    /// not lowered again (see [`lower_document`]).
    pub prev: Option<Arc<DocAnalysis>>,
}

impl Caches {
    /// Checks one kernel through the cache.
    pub fn check(
        &self,
        engine: &dyn Engine,
        kernel: &Kernel,
        options: &CheckOptions,
    ) -> (u64, KernelReport, bool) {
        self.check_keyed(engine, kernel, options, kernel_key(kernel, options))
    }

    /// Checks one kernel whose key is known.
    pub fn check_keyed(
        &self,
        engine: &dyn Engine,
        kernel: &Kernel,
        options: &CheckOptions,
        key: u64,
    ) -> (u64, KernelReport, bool) {
        let base = kernel.span.start;
        if let Some(hit) = self.reports.get(&key) {
            let mut report = KernelReport::clone(&hit);
            Shift::to_absolute(base).report(&mut report);
            return (key, report, true);
        }
        let report = match guarded("the checker", || engine.check(kernel, options)) {
            Ok(report) => report,
            Err(message) => internal_error_report(kernel, message),
        };
        let mut relative = report.clone();
        Shift::to_relative(base).report(&mut relative);
        insert_bounded(&self.reports, key, Arc::new(relative));
        (key, report, false)
    }
}

/// Analyses a document; `is_stale` is polled between kernels, `progress` gets
/// (kernels checked, kernels to check) for the kernels not in the cache.
pub fn analyze(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &LspSettings,
    includes: &dyn IncludeResolver,
    input: AnalysisInput,
    is_stale: &dyn Fn() -> bool,
    progress: &dyn Fn(usize, usize),
) -> Result<DocAnalysis, Superseded> {
    let mut analysis = DocAnalysis {
        generation: input.generation,
        version: input.version,
        rope: input.rope,
        path: input.path,
        program: None,
        kernels: Vec::new(),
        frontend_error: None,
        lowered: None,
        config_findings: Vec::new(),
        timings: Timings::default(),
    };
    let parsed = match input.parsed {
        Some(parsed) => parsed,
        None => {
            let text = analysis.rope.to_string();
            match guarded("the parser", || engine.parse(&text, input.lang, None)) {
                Ok(parsed) => Arc::new(parsed),
                Err(message) => {
                    analysis.frontend_error = Some(message);
                    return Ok(analysis);
                }
            }
        }
    };
    let started = std::time::Instant::now();
    let lower = |prev: Option<&DocAnalysis>| {
        guarded("the front end", || {
            lower_document(
                engine,
                &parsed,
                &parsed.text,
                prev,
                &analysis.path,
                includes,
            )
        })
    };
    // A failure of the incremental path is retried from scratch.
    let lowered = match input.prev.as_deref() {
        Some(prev) => lower(Some(prev)).or_else(|_| lower(None)),
        None => lower(None),
    };
    let (program, state, reused) = match lowered {
        Ok(lowered) => lowered,
        Err(message) => {
            analysis.frontend_error = Some(message);
            return Ok(analysis);
        }
    };
    analysis.lowered = state.map(|s| FrontendState(Arc::new(s)));
    analysis.timings.incremental = !reused.is_empty();
    analysis.timings.lower_ms = started.elapsed().as_secs_f64() * 1e3;
    let started = std::time::Instant::now();
    let mut program = program;
    let kernels = std::mem::take(&mut program.kernels);
    let (options, config_findings) =
        engine.check_options(settings, &program, &kernels, &analysis.path);
    analysis.config_findings = config_findings;
    let prepared: Vec<(CheckOptions, u64)> = options
        .into_iter()
        .zip(&kernels)
        .map(|(options, kernel)| {
            let known = reused
                .iter()
                .find(|r| r.span == kernel.span && r.options == options)
                .and_then(|r| r.key);
            let key = known.unwrap_or_else(|| kernel_key(kernel, &options));
            (options, key)
        })
        .collect();
    if prepared.len() != kernels.len() {
        analysis.frontend_error =
            Some("internal error: launch options missing for some kernels".into());
        analysis.program = Some(program);
        return Ok(analysis);
    }
    let misses = prepared
        .iter()
        .filter(|(_, key)| !caches.reports.contains_key(key))
        .count();
    progress(0, misses);
    analysis.timings.keys_ms = started.elapsed().as_secs_f64() * 1e3;
    let started = std::time::Instant::now();
    let mut checked = 0;
    for (kernel, (options, key)) in kernels.into_iter().zip(prepared) {
        if is_stale() {
            return Err(Superseded);
        }
        let (key, report, cached) = caches.check_keyed(engine, &kernel, &options, key);
        if !cached {
            checked += 1;
            progress(checked.min(misses), misses);
        }
        analysis.kernels.push(KernelResult {
            kernel,
            options,
            key,
            report,
            cached,
        });
    }
    analysis.timings.check_ms = started.elapsed().as_secs_f64() * 1e3;
    analysis.timings.checked = checked;
    analysis.program = Some(program);
    Ok(analysis)
}

/// A quick fix that was applied to a copy of the file and re-checked.
#[derive(Clone, Debug)]
pub struct CheckedFix {
    /// The fix (relative spans in the cache, absolute when handed out).
    pub fix: crate::synth::Fix,
    /// Kernel verdict after applying it.
    pub verdict_after: Verdict,
}

/// A repair whose fixes were validated.
#[derive(Clone, Debug)]
pub struct ValidatedRepair {
    /// The synthesizer's result (fixes that failed validation removed).
    pub repair: KernelRepair,
    /// Fixes that passed, with the verdict after each.
    pub fixes: Vec<CheckedFix>,
    /// Whether the whole-kernel edits (`repair.edits`) passed validation.
    pub optimize_all_ok: bool,
    /// Why fixes were withheld (for logs).
    pub rejected: Vec<String>,
}

/// Applies edits (absolute byte spans in the main file) to `text`.
pub fn apply_edits(text: &str, edits: &[crate::synth::TextEdit]) -> Result<String, String> {
    let mut sorted: Vec<&crate::synth::TextEdit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = String::with_capacity(text.len() + 64);
    let mut pos = 0usize;
    for edit in sorted {
        let (start, end) = (edit.span.start as usize, edit.span.end as usize);
        if edit.span.file != crate::ir::FileId(0) {
            return Err("edit outside the main file".into());
        }
        if start < pos
            || end < start
            || end > text.len()
            || !text.is_char_boundary(start)
            || !text.is_char_boundary(end)
        {
            return Err(format!(
                "edit {start}..{end} overlaps another or is out of range"
            ));
        }
        out.push_str(&text[pos..start]);
        out.push_str(&edit.new_text);
        pos = end;
    }
    out.push_str(&text[pos..]);
    Ok(out)
}

/// Maps a byte offset of the original text through `edits` (insertions at the
/// offset push it right).
pub fn map_offset(offset: u32, edits: &[crate::synth::TextEdit]) -> u32 {
    let mut delta: i64 = 0;
    for edit in edits {
        if edit.span.file != crate::ir::FileId(0) {
            continue;
        }
        if edit.span.end <= offset {
            delta += edit.new_text.len() as i64 - (edit.span.end - edit.span.start) as i64;
        }
    }
    (offset as i64 + delta).max(0) as u32
}

fn overlaps(a: Span, b: Span) -> bool {
    a.file == b.file && a.start <= b.end && b.start <= a.end
}

/// Number of findings that make a kernel wrong (races, divergence, undecided).
fn defects(report: &KernelReport) -> usize {
    report
        .findings
        .iter()
        .filter(|f| {
            matches!(
                f.kind,
                DiagnosticKind::Race
                    | DiagnosticKind::Divergence
                    | DiagnosticKind::Inconclusive
                    | DiagnosticKind::Unsupported
            )
        })
        .count()
}

/// Re-checks `edits` applied to the document: the file must still parse
/// without new syntax errors, the kernel must still be found, and it must have
/// no defect at any range the fix addresses and fewer defects than before
/// (removals: no more than before). `race_free` demands a race-free verdict.
#[allow(clippy::too_many_arguments)]
fn validate_edits(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &LspSettings,
    includes: &dyn IncludeResolver,
    doc: &DocAnalysis,
    target: &KernelResult,
    edits: &[crate::synth::TextEdit],
    addresses: &[Span],
    removal: bool,
    race_free: bool,
) -> Result<Verdict, String> {
    let text = doc.rope.to_string();
    let new_text = apply_edits(&text, edits)?;
    let lang = Lang::from_path(&doc.path);
    let parsed = guarded("the parser", || engine.parse(&new_text, lang, None))?;
    let program = guarded("the front end", || {
        engine.lower(&parsed, &doc.path, includes)
    })?;
    let syntax_errors = |p: &Program| p.diagnostics.iter().filter(|d| d.is_error).count();
    let before_errors = doc.program.as_ref().map(syntax_errors).unwrap_or(0);
    if syntax_errors(&program) > before_errors {
        return Err("the edit makes the file unparsable".into());
    }
    let new_start = map_offset(target.kernel.span.start, edits);
    let kernel = program
        .kernels
        .iter()
        .filter(|k| k.name == target.kernel.name)
        .min_by_key(|k| (k.span.start as i64 - new_start as i64).abs())
        .ok_or_else(|| format!("kernel `{}` is gone after the edit", target.kernel.name))?;
    let options = engine
        .check_options(settings, &program, std::slice::from_ref(kernel), &doc.path)
        .0
        .pop()
        .ok_or("no launch options for the kernel")?;
    let (_, report, _) = caches.check(engine, kernel, &options);
    if race_free && report.verdict != Verdict::RaceFree {
        return Err(format!(
            "the kernel is still {} after the edit",
            report.verdict.as_str()
        ));
    }
    let mapped: Vec<Span> = addresses
        .iter()
        .map(|s| Span {
            file: s.file,
            start: map_offset(s.start, edits),
            end: map_offset(s.end, edits),
        })
        .collect();
    let still_there = report.findings.iter().any(|f| {
        matches!(f.kind, DiagnosticKind::Race | DiagnosticKind::Divergence)
            && (mapped.iter().any(|a| overlaps(*a, f.span))
                || f.related
                    .iter()
                    .any(|(r, _)| mapped.iter().any(|a| overlaps(*a, *r))))
    });
    if still_there && !removal {
        return Err("a finding the fix addresses remains".into());
    }
    let (before, after) = (defects(&target.report), defects(&report));
    if after > before || (!removal && after == before && before > 0) {
        return Err(format!("defects {before} -> {after}"));
    }
    Ok(report.verdict)
}

/// Computes (or fetches) the validated repair of a kernel, absolute spans.
pub fn validated_repair(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &LspSettings,
    includes: &dyn IncludeResolver,
    doc: &DocAnalysis,
    target: &KernelResult,
) -> Result<ValidatedRepair, String> {
    let base = target.kernel.span.start;
    let kernel_text = doc
        .rope
        .get_byte_slice(target.kernel.span.start as usize..target.kernel.span.end as usize)
        .map(|s| s.to_string())
        .unwrap_or_default();
    let key = extend_key(
        target.key,
        (
            settings.cost.loop_cost.to_bits(),
            settings.cost.cond_cost.to_bits(),
            kernel_text,
        ),
    );
    if let Some(hit) = caches.repairs.get(&key) {
        let mut repair = ValidatedRepair::clone(&hit);
        shift_validated(&mut repair, Shift::to_absolute(base));
        return Ok(repair);
    }
    let program = doc.program.as_ref().ok_or("the file has no analysis")?;
    let options = SynthOptions {
        check: target.options.clone(),
        cost: settings.cost,
        keep_existing: false,
    };
    let repair = guarded("the synthesizer", || {
        engine.repair(&target.kernel, &program.files, &options)
    })?;
    let mut fixes = Vec::new();
    let mut rejected = Vec::new();
    for fix in &repair.fixes {
        let removal = matches!(fix.kind, crate::synth::FixKind::RemoveBarrier);
        match validate_edits(
            engine,
            caches,
            settings,
            includes,
            doc,
            target,
            &fix.edits,
            &fix.addresses,
            removal,
            false,
        ) {
            Ok(verdict_after) => fixes.push(CheckedFix {
                fix: fix.clone(),
                verdict_after,
            }),
            Err(why) => rejected.push(format!("{}: {why}", fix.title)),
        }
    }
    let optimize_all_ok = !repair.edits.is_empty()
        && match validate_edits(
            engine,
            caches,
            settings,
            includes,
            doc,
            target,
            &repair.edits,
            &[],
            true,
            true,
        ) {
            Ok(_) => true,
            Err(why) => {
                rejected.push(format!("optimize all: {why}"));
                false
            }
        };
    let validated = ValidatedRepair {
        repair,
        fixes,
        optimize_all_ok,
        rejected,
    };
    let mut relative = validated.clone();
    shift_validated(&mut relative, Shift::to_relative(base));
    insert_bounded(&caches.repairs, key, Arc::new(relative));
    Ok(validated)
}

fn shift_validated(repair: &mut ValidatedRepair, shift: Shift) {
    shift.repair(&mut repair.repair);
    for fix in &mut repair.fixes {
        for edit in &mut fix.fix.edits {
            shift.span(&mut edit.span);
        }
        for span in &mut fix.fix.addresses {
            shift.span(span);
        }
    }
}

/// Barrier descriptions of a kernel (cached), absolute spans.
pub fn barrier_infos(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &LspSettings,
    target: &KernelResult,
) -> Result<Vec<BarrierInfo>, String> {
    let base = target.kernel.span.start;
    let key = extend_key(
        target.key,
        (
            settings.cost.loop_cost.to_bits(),
            settings.cost.cond_cost.to_bits(),
            "barriers",
        ),
    );
    if let Some(hit) = caches.barriers.get(&key) {
        let mut infos = Vec::clone(&hit);
        Shift::to_absolute(base).barriers(&mut infos);
        return Ok(infos);
    }
    let options = SynthOptions {
        check: target.options.clone(),
        cost: settings.cost,
        keep_existing: false,
    };
    let infos = guarded("the synthesizer", || {
        engine.barrier_infos(&target.kernel, &options)
    })?;
    let mut relative = infos.clone();
    Shift::to_relative(base).barriers(&mut relative);
    insert_bounded(&caches.barriers, key, Arc::new(relative));
    Ok(infos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::NoIncludes;
    use tower_lsp::lsp_types::Url;

    const PATH: &str = "/nonexistent/syncwright-fast-path/fast.cu";

    /// Analyses `text` as the server does after an edit (`prev` given) or on open.
    fn analyse(text: &str, lang: Lang, prev: Option<Arc<DocAnalysis>>) -> DocAnalysis {
        let input = AnalysisInput {
            generation: 1,
            version: 1,
            rope: Rope::from_str(text),
            parsed: Some(Arc::new(crate::syntax::parse::parse(text, lang, None))),
            lang,
            path: PathBuf::from(PATH),
            prev,
        };
        let caches = Caches::default();
        let settings = LspSettings::default();
        match analyze(
            &Syncwright,
            &caches,
            &settings,
            &NoIncludes,
            input,
            &|| false,
            &|_, _| {},
        ) {
            Ok(analysis) => analysis,
            Err(Superseded) => panic!("an analysis that is never stale was superseded"),
        }
    }

    /// Applies `edits` in turn (replace the first occurrence of `.0` after the
    /// first occurrence of `.1` by `.2`), comparing the incremental analysis
    /// with a from-scratch one after each; `.3` says whether kernels must be
    /// taken over (Some) or it does not matter (None).
    fn check_edits(mut text: String, lang: Lang, edits: &[(&str, &str, &str, Option<bool>)]) {
        let uri = Url::parse("file:///nonexistent/fast.cu").expect("valid url");
        let enc = super::super::document::PositionEncoding::Utf16;
        let mut prev = Arc::new(analyse(&text, lang, None));
        assert!(prev.lowered.is_some());
        for (step, (anchor, old, new, incremental)) in edits.iter().enumerate() {
            let from = text.find(anchor).expect("anchor in text");
            let at = from + text[from..].find(old).expect("edited text after anchor");
            text.replace_range(at..at + old.len(), new);
            let fast = analyse(&text, lang, Some(prev.clone()));
            let full = analyse(&text, lang, None);
            let what = format!("edit {step} ({old:?} -> {new:?})");
            assert_eq!(fast.program, full.program, "{what}: program");
            let kernels = |a: &DocAnalysis| -> Vec<(Kernel, CheckOptions, u64, KernelReport)> {
                a.kernels
                    .iter()
                    .map(|k| {
                        // Time and the number of solver queries depend on the
                        // machine's load (a query that needs longer than its
                        // first try is retried with case splits).
                        let mut report = k.report.clone();
                        report.time_ms = 0.0;
                        report.solver_queries = 0;
                        (k.kernel.clone(), k.options.clone(), k.key, report)
                    })
                    .collect()
            };
            assert_eq!(kernels(&fast), kernels(&full), "{what}: kernels");
            assert_eq!(
                super::super::convert::diagnostics(&fast, &uri, enc),
                super::super::convert::diagnostics(&full, &uri, enc),
                "{what}: diagnostics"
            );
            if let Some(expected) = incremental {
                assert_eq!(fast.timings.incremental, *expected, "{what}: path taken");
            }
            prev = Arc::new(fast);
        }
    }

    const CUDA: &str = r#"#define N 256
__constant__ int table[4] = {1, 2, 3, 4};

__device__ int helper(int x) { return x + 1; }

__global__ void first(int *out) {
    __shared__ int s[N];
    s[threadIdx.x] = helper(threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % N];
}

__global__ void second(float *out) {
    __shared__ float s[256];
    unsigned int t = threadIdx.x;
    float scale = 1.0f;
    s[t] = scale;
    __syncthreads();
    out[t] = s[255 - t];
}

__global__ void third(int *data) {
    __shared__ int s[N];
    s[threadIdx.x] = data[threadIdx.x] * table[1];
    __syncthreads();
    data[threadIdx.x] = s[0];
}

__global__ void fourth(int *data) {
    int t = threadIdx.x;
    data[t] = t;
}

__global__ void callee(int *p) {
    p[threadIdx.x] = 1;
}

__global__ void caller(int *p) {
    callee(p);
}
"#;

    #[test]
    fn incremental_lowering_equals_full_lowering() {
        check_edits(
            CUDA.to_string(),
            Lang::Cuda,
            &[
                // Same length, then longer constants: only `second` is lowered.
                ("void second", "1.0f", "2.0f", Some(true)),
                ("void second", "2.0f", "22.5f", Some(true)),
                // A new line and a racy statement (diagnostics change).
                (
                    "void second",
                    "    s[t] = scale;\n",
                    "    s[t] = scale;\n    s[t + 1] = scale;\n",
                    Some(true),
                ),
                // The kernel that uses macros.
                ("void third", "s[0]", "s[N - 1]", Some(true)),
                ("void third", "s[N - 1]", "s[1]", Some(true)),
                // A brace that ends the kernel early: structure changes.
                ("void second", "float scale", "} float scale", Some(false)),
                ("void second", "} float scale", "float scale", None),
                // A device function the kernels call.
                ("int helper", "x + 1", "x + 2", Some(false)),
                // The kernel's parameters.
                ("void fourth", "int *data", "unsigned *data", Some(false)),
                (
                    "void fourth",
                    "data[t] = t;",
                    "data[t] = t + 1;",
                    Some(true),
                ),
                // A directive inside a kernel body.
                (
                    "void first",
                    "__syncthreads();",
                    "__syncthreads();\n#define N 128\n",
                    None,
                ),
                ("void first", "#define N 128\n", "", None),
                // An unterminated comment, then closed again.
                (
                    "void second",
                    "__syncthreads();",
                    "/* __syncthreads();",
                    Some(false),
                ),
                (
                    "void second",
                    "/* __syncthreads();",
                    "/* */ __syncthreads();",
                    None,
                ),
                // Junk inside a body.
                ("void fourth", "int t", "int t @@ ((", None),
                ("void fourth", "int t @@ ((", "int t", None),
                // A kernel another kernel calls: the caller may change too.
                ("void callee", "= 1;", "= 2;", Some(false)),
                ("void caller", "callee(p);", "callee(p + 1);", Some(true)),
                // Edits outside any kernel.
                ("__constant__", "3, 4", "3, 5", Some(false)),
                ("#define N", "256", "512", Some(false)),
            ],
        );
    }

    #[test]
    fn incremental_lowering_equals_full_lowering_in_opencl() {
        let text = "#define W 64\n__kernel void a(__global int *p, __local int *l) {\n    l[get_local_id(0)] = p[0];\n    barrier(CLK_LOCAL_MEM_FENCE);\n    p[get_global_id(0)] = l[0];\n}\n\n__kernel void b(__global int *q) {\n    q[get_global_id(0)] = W;\n}\n";
        check_edits(
            text.to_string(),
            Lang::OpenCl,
            &[
                ("void a", "l[0]", "l[1]", Some(true)),
                ("void b", "= W;", "= W + 1;", Some(true)),
                ("void a", "barrier(CLK_LOCAL_MEM_FENCE);", "", Some(true)),
            ],
        );
    }
}
