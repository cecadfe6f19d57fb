//! Documents by version, for an editor: lower a parsed document (taking over
//! the kernels an edit did not touch), check each kernel through caches keyed
//! by position-independent kernel keys, repair and describe barriers.
//! [`AnalysisHost`] runs at most one analysis per document version: a second
//! request for the same version waits for the pending one. Everything here is
//! blocking; the server calls it from blocking threads.

use crate::base::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use dashmap::DashMap;
use ropey::Rope;

use super::guard::{guarded, note_large_free, release_memory, release_pending_memory};
use super::spans::{extend_key, kernel_key, moves_uniformly, Shift};
use super::{
    frontend_finding, merge_run_reports, plain_finding, unsupported_report, LaunchPlan, Settings,
};
use crate::base::interrupt::Interrupt;
use crate::base::{FileId, Lang, Span};
use crate::check::banks::BankReport;
use crate::check::{DiagnosticKind, Finding, KernelReport, Verdict};
use crate::config::CheckOptions;
use crate::frontend::{Earlier, IncludeResolver, MainUnitState};
use crate::ir::{Kernel, Program, SourceFileInfo};
use crate::syntax::parse::ParsedSource;
use crate::synth::padding::{plan_paddings, PaddingPlan};
use crate::synth::report::{accept, find_kernel, syntax_errors, Claim};
use crate::synth::{apply_edits, map_offset, BarrierInfo, KernelRepair, SynthOptions};

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
    /// How each of `kernels` (of the file `path` lowered into `program`) is
    /// checked (its launch runs and shown options, as the command line checks
    /// it), and findings about the file's launch configuration; one call per
    /// file so file configuration is read once.
    fn launch_plans(
        &self,
        settings: &Settings,
        program: &Program,
        kernels: &[Kernel],
        path: &Path,
    ) -> (Vec<LaunchPlan>, Vec<Finding>);
    /// Checks one kernel.
    fn check(&self, kernel: &Kernel, options: &CheckOptions) -> KernelReport;
    /// Checks one kernel of a file whose front end took `front_end` of the
    /// kernel's time backstop (its solver work units stay as given).
    fn check_after_front_end(
        &self,
        kernel: &Kernel,
        options: &CheckOptions,
        _front_end: Duration,
    ) -> KernelReport {
        self.check(kernel, options)
    }
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

    fn launch_plans(
        &self,
        settings: &Settings,
        program: &Program,
        kernels: &[Kernel],
        path: &Path,
    ) -> (Vec<LaunchPlan>, Vec<Finding>) {
        // Editor settings, then header comments, syncwright.toml and
        // `__launch_bounds__`, as for the CLI.
        let text = program.files.first().map_or("", |f| f.text.as_str());
        super::kernel_plans_with_findings(path, text, settings, kernels)
    }

    fn check(&self, kernel: &Kernel, options: &CheckOptions) -> KernelReport {
        crate::check::check_kernel(kernel, options)
    }

    fn check_after_front_end(
        &self,
        kernel: &Kernel,
        options: &CheckOptions,
        front_end: Duration,
    ) -> KernelReport {
        let mut budget = crate::check::sdv::KernelBudget::after_front_end(options, front_end);
        crate::check::sdv::check_kernel_within(kernel, options, &mut budget)
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
    /// Bank conflicts of its shared accesses (only with `Settings::perf`);
    /// their `bank-conflict` findings are part of `report`.
    pub banks: Option<Arc<BankReport>>,
    /// The parameters its only launch configuration binds (empty with
    /// several): a repair works on the kernel as it was checked.
    pub bindings: Arc<[(crate::ir::ParamId, super::file::Bound)]>,
}

impl KernelResult {
    /// The kernel as checked: its launch-bound parameters substituted.
    pub fn checked_kernel(&self) -> std::borrow::Cow<'_, Kernel> {
        if self.bindings.is_empty() {
            std::borrow::Cow::Borrowed(&self.kernel)
        } else {
            std::borrow::Cow::Owned(super::file::bind_params(&self.kernel, &self.bindings))
        }
    }
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
    let old_text = crate::syntax::files::lone_cr_as_lf(prev.rope.to_string());
    let (start, old_end, new_end) = crate::syntax::source::changed_range(&old_text, text);
    let main = |s: Span| s.file == FileId(0);
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
        let uniformly = moves_uniformly(&found.kernel, old_end as u32);
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

impl Drop for DocAnalysis {
    fn drop(&mut self) {
        // Its fields are freed right after this: large ones are handed back
        // to the operating system at the end of the next analysis.
        if self.rope.len_bytes() >= RELEASE_AFTER_SHRINK {
            note_large_free();
        }
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
    /// Bank reports with relative spans.
    pub banks: DashMap<u64, Arc<BankReport>>,
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
        findings: vec![plain_finding(
            DiagnosticKind::Inconclusive,
            message,
            kernel.name_span,
        )],
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

    /// The bank report of one kernel (cached), absolute spans; its
    /// `bank-conflict` findings (or an internal error) are added to `report`.
    pub fn banks(
        &self,
        kernel: &Kernel,
        options: &CheckOptions,
        key: u64,
        report: &mut KernelReport,
    ) -> Option<Arc<BankReport>> {
        let base = kernel.span.start;
        let key = extend_key(key, "banks");
        let banks = match self.banks.get(&key) {
            Some(hit) => {
                let mut banks = BankReport::clone(&hit);
                Shift::to_absolute(base).banks(&mut banks);
                report
                    .findings
                    .extend(crate::check::banks::findings(&banks));
                banks
            }
            None => {
                let banks = super::banks_guarded(kernel, options, report)?;
                let mut relative = banks.clone();
                Shift::to_relative(base).banks(&mut relative);
                insert_bounded(&self.banks, key, Arc::new(relative));
                banks
            }
        };
        Some(Arc::new(banks))
    }

    /// Checks one kernel whose key is known.
    pub fn check_keyed(
        &self,
        engine: &dyn Engine,
        kernel: &Kernel,
        options: &CheckOptions,
        key: u64,
    ) -> (u64, KernelReport, bool) {
        self.check_after_front_end(engine, kernel, options, key, Duration::ZERO)
    }

    /// Checks one kernel whose key is known, of a file whose front end took
    /// `front_end` of the kernel's wall-clock deadline.
    pub fn check_after_front_end(
        &self,
        engine: &dyn Engine,
        kernel: &Kernel,
        options: &CheckOptions,
        key: u64,
        front_end: Duration,
    ) -> (u64, KernelReport, bool) {
        let base = kernel.span.start;
        if let Some(hit) = self.reports.get(&key) {
            let mut report = KernelReport::clone(&hit);
            Shift::to_absolute(base).report(&mut report);
            return (key, report, true);
        }
        let report = match guarded("the checker", || {
            engine.check_after_front_end(kernel, options, front_end)
        }) {
            Ok(report) => report,
            Err(message) => internal_error_report(kernel, message),
        };
        // An inconclusive report of a kernel whose file's front end took a
        // noticeable share of its deadline is not the (IR, options) key's
        // answer: the next analysis (a faster, incremental front end) checks
        // it again.
        let budget_ms = match options.kernel_budget_ms {
            0 => crate::check::sdv::DEFAULT_KERNEL_BUDGET_MS,
            ms => ms,
        };
        let shortened = front_end.as_millis() as u64 > budget_ms / 100;
        if !(shortened && report.verdict == Verdict::Inconclusive) {
            let mut relative = report.clone();
            Shift::to_relative(base).report(&mut relative);
            insert_bounded(&self.reports, key, Arc::new(relative));
        }
        (key, report, false)
    }
}

/// Analyses a document; `is_stale` is polled between kernels, `progress` gets
/// (kernels checked, kernels to check) for the kernels not in the cache.
/// Its budgets count wall time (`base::clock::on_wall_clock`): the editor's
/// kernel budget is the latency the user waits for, load included.
pub fn analyze(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &Settings,
    includes: &dyn IncludeResolver,
    input: AnalysisInput,
    is_stale: &dyn Fn() -> bool,
    progress: &dyn Fn(usize, usize),
) -> Result<DocAnalysis, Superseded> {
    crate::base::clock::on_wall_clock(|| {
        analyze_document(
            engine, caches, settings, includes, input, is_stale, progress,
        )
    })
}

/// [`analyze`] on the budget clock installed.
fn analyze_document(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &Settings,
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
    // The front end (the parse, when the document has none yet, lowering and
    // the launch scans) runs under the kernels' deadline, counted from the
    // start of the document's parse, as in `check`; a newer text (the
    // caller's cancellation test) still stops it too.
    let parse_time = input
        .parsed
        .as_ref()
        .map(|p| p.parse_time)
        .unwrap_or_default();
    let now = std::time::Instant::now();
    let front_end_started = now.checked_sub(parse_time).unwrap_or(now);
    let front_end_interrupt = Interrupt {
        cancel: crate::base::interrupt::current().cancel,
        ..super::file::editor_front_end_deadline(settings, parse_time)
    };
    let bounded =
        |work: &mut dyn FnMut()| crate::base::interrupt::with(front_end_interrupt.clone(), work);
    // Whether the front end was stopped (deadline or newer text), and why.
    let stopped = || {
        crate::base::interrupt::with(front_end_interrupt.clone(), crate::base::interrupt::reason)
    };
    let parsed = match input.parsed {
        Some(parsed) => parsed,
        None => {
            let text = crate::syntax::files::lone_cr_as_lf(analysis.rope.to_string());
            let mut result = None;
            bounded(&mut || {
                result = Some(guarded("the parser", || {
                    engine.parse(&text, input.lang, None)
                }))
            });
            match result.unwrap_or_else(|| Err("the parser did not run".into())) {
                Ok(parsed) => Arc::new(parsed),
                // Out of time: every kernel a scan finds is reported with the
                // limit (the same as `check` reports it).
                Err(message) if stopped().is_some() => {
                    analysis.program = Some(super::file::front_end_panic_program(
                        &analysis.path,
                        &text,
                        &message,
                    ));
                    return Ok(analysis);
                }
                Err(message) => {
                    analysis.frontend_error = Some(message);
                    return Ok(analysis);
                }
            }
        }
    };
    let started = std::time::Instant::now();
    let lower = |prev: Option<&DocAnalysis>| {
        let mut result = None;
        bounded(&mut || {
            result = Some(guarded("the front end", || {
                lower_document(
                    engine,
                    &parsed,
                    &parsed.text,
                    prev,
                    &analysis.path,
                    includes,
                )
            }))
        });
        result.unwrap_or_else(|| Err("the front end did not run".into()))
    };
    // A failure of the incremental path is retried from scratch, unless the
    // front end was stopped (the retry would be too).
    let lowered = match input.prev.as_deref() {
        Some(prev) => lower(Some(prev)).or_else(|why| match stopped() {
            Some(_) => Err(why),
            None => lower(None),
        }),
        None => lower(None),
    };
    let (program, state, reused) = match lowered {
        Ok(lowered) => lowered,
        // Out of time: every kernel is reported `unsupported` with the
        // limit's name, none dropped.
        Err(message) if stopped().is_some() => (
            super::file::front_end_panic_program(&analysis.path, &parsed.text, &message),
            None,
            Vec::new(),
        ),
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
    let mut planned = None;
    bounded(&mut || {
        planned = Some(engine.launch_plans(settings, &program, &kernels, &analysis.path))
    });
    let (plans, config_findings) = planned.unwrap_or_default();
    // Each kernel's wall-clock deadline counts what the front end took.
    let front_end = front_end_started.elapsed();
    analysis.config_findings = config_findings;
    if plans.len() != kernels.len() || plans.iter().any(|p| p.runs.is_empty()) {
        analysis.frontend_error =
            Some("internal error: launch options missing for some kernels".into());
        analysis.program = Some(program);
        return Ok(analysis);
    }
    // One cache key per run: the kernel it checks (launch-bound parameters
    // substituted) under its options.
    let prepared: Vec<Vec<u64>> = plans
        .iter()
        .zip(&kernels)
        .map(|(plan, kernel)| {
            plan.runs
                .iter()
                .map(|run| {
                    // An unchanged kernel of the previous lowering keeps its key
                    // (hashing a large kernel is not free).
                    let known = (plan.runs.len() == 1 && run.bound.is_none())
                        .then(|| {
                            reused
                                .iter()
                                .find(|r| {
                                    r.span == kernel.span && r.options == run.resolved.options
                                })
                                .and_then(|r| r.key)
                        })
                        .flatten();
                    known.unwrap_or_else(|| kernel_key(run.kernel(kernel), &run.resolved.options))
                })
                .collect()
        })
        .collect();
    let misses = prepared
        .iter()
        .filter(|keys| keys.iter().any(|key| !caches.reports.contains_key(key)))
        .count();
    progress(0, misses);
    analysis.timings.keys_ms = started.elapsed().as_secs_f64() * 1e3;
    let started = std::time::Instant::now();
    let mut checked = 0;
    for ((kernel, plan), keys) in kernels.into_iter().zip(plans).zip(prepared) {
        if is_stale() {
            return Err(Superseded);
        }
        let mut reports = Vec::new();
        let mut all_cached = true;
        for (run, &key) in plan.runs.iter().zip(&keys) {
            let (_, report, cached) = caches.check_after_front_end(
                engine,
                run.kernel(&kernel),
                &run.resolved.options,
                key,
                front_end,
            );
            all_cached &= cached;
            reports.push(report);
        }
        let Some(mut report) = merge_run_reports(&plan.runs, reports) else {
            continue;
        };
        if !all_cached {
            checked += 1;
            progress(checked.min(misses), misses);
        }
        let bindings: Arc<[_]> = match plan.runs.as_slice() {
            [one] => one.bindings.clone().into(),
            _ => Arc::new([]),
        };
        let options = plan.shown.options;
        // The kernel's key: its only run's, or all of its runs' together.
        let key = keys.iter().copied().reduce(extend_key).unwrap_or_default();
        let banks = settings
            .perf
            .then(|| caches.banks(&kernel, &options, key, &mut report))
            .flatten();
        analysis.kernels.push(KernelResult {
            kernel,
            options,
            key,
            report,
            cached: all_cached,
            banks,
            bindings,
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

/// Re-checks `edits` applied to the document under the acceptance rule of
/// `synth::report::accept`: the file must still parse without new syntax
/// errors, the kernel must still be found, and its report must bear out `claim`.
#[allow(clippy::too_many_arguments)]
fn validate_edits(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &Settings,
    includes: &dyn IncludeResolver,
    doc: &DocAnalysis,
    target: &KernelResult,
    edits: &[crate::synth::TextEdit],
    claim: Claim,
) -> Result<Verdict, String> {
    let edited = recheck_edited(engine, caches, settings, includes, doc, target, edits)?;
    accept(Some(target.report.defects()), &edited.report, edits, claim)?;
    Ok(edited.report.verdict)
}

/// The target kernel after `edits`, lowered and checked.
struct EditedKernel {
    kernel: Kernel,
    options: CheckOptions,
    report: KernelReport,
}

/// Applies `edits` to a copy of the document and checks the target kernel
/// again: the file must still parse without new syntax errors and the kernel
/// must still be found.
#[allow(clippy::too_many_arguments)]
fn recheck_edited(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &Settings,
    includes: &dyn IncludeResolver,
    doc: &DocAnalysis,
    target: &KernelResult,
    edits: &[crate::synth::TextEdit],
) -> Result<EditedKernel, String> {
    let text = crate::syntax::files::lone_cr_as_lf(doc.rope.to_string());
    let new_text = apply_edits(&text, edits)?;
    let lang = Lang::from_path(&doc.path);
    let parsed = guarded("the parser", || engine.parse(&new_text, lang, None))?;
    let program = guarded("the front end", || {
        engine.lower(&parsed, &doc.path, includes)
    })?;
    let before_errors = doc.program.as_ref().map(syntax_errors).unwrap_or(0);
    if syntax_errors(&program) > before_errors {
        return Err("the edit makes the file unparsable".into());
    }
    let new_start = map_offset(target.kernel.span.start, edits);
    let kernel = find_kernel(&program, &target.kernel.name, new_start)
        .ok_or_else(|| format!("kernel `{}` is gone after the edit", target.kernel.name))?;
    let plan = engine
        .launch_plans(settings, &program, std::slice::from_ref(kernel), &doc.path)
        .0
        .pop()
        .ok_or("no launch options for the kernel")?;
    let reports: Vec<KernelReport> = plan
        .runs
        .iter()
        .map(|run| {
            caches
                .check(engine, run.kernel(kernel), &run.resolved.options)
                .1
        })
        .collect();
    let report =
        merge_run_reports(&plan.runs, reports).ok_or("no launch options for the kernel")?;
    let options = plan.shown.options;
    Ok(EditedKernel {
        kernel: kernel.clone(),
        options,
        report,
    })
}

/// The paddings of the target kernel's shared arrays that remove (or reduce)
/// its bank conflicts, each verified on the edited text: the kernel's race
/// verdict is unchanged (a padding is a bijection of elements, so which
/// threads touch which element is the same) and the bank analysis of the
/// edited kernel finds the total degree the search predicted.
pub fn verified_paddings(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &Settings,
    includes: &dyn IncludeResolver,
    doc: &DocAnalysis,
    target: &KernelResult,
) -> Result<Vec<PaddingPlan>, String> {
    let Some(banks) = target.banks.as_deref() else {
        return Ok(Vec::new());
    };
    let text = doc.rope.to_string();
    let (plans, _skipped) = guarded("the padding search", || {
        plan_paddings(&target.kernel, &target.options, banks, &text)
    })?;
    let mut verified = Vec::new();
    for plan in plans {
        let Ok(edited) =
            recheck_edited(engine, caches, settings, includes, doc, target, &plan.edits)
        else {
            continue;
        };
        if edited.report.verdict != target.report.verdict {
            continue;
        }
        let after = guarded("the bank-conflict analysis", || {
            crate::check::banks::analyze_banks(&edited.kernel, &edited.options)
        })?;
        let total: u32 = after
            .accesses
            .iter()
            .filter(|a| a.array_name == plan.array)
            .map(|a| a.degree.lower_bound())
            .sum();
        if total == plan.total_after {
            verified.push(plan);
        }
    }
    Ok(verified)
}

/// Computes (or fetches) the validated repair of a kernel, absolute spans.
pub fn validated_repair(
    engine: &dyn Engine,
    caches: &Caches,
    settings: &Settings,
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
        engine.repair(&target.checked_kernel(), &program.files, &options)
    })?;
    let mut fixes = Vec::new();
    let mut rejected = Vec::new();
    // A barrier written in a device function runs in every kernel calling
    // it; only `fix`, which re-checks them all, writes one.
    let outside =
        |edits: &[crate::synth::TextEdit]| crate::synth::writes_outside(target.kernel.span, edits);
    const OUTSIDE: &str = "writes a barrier in a device function (other kernels may call it): only `syncwright fix` does";
    for fix in &repair.fixes {
        if outside(&fix.edits) {
            rejected.push(format!("{}: {OUTSIDE}", fix.title));
            continue;
        }
        let claim = Claim {
            addresses: &fix.addresses,
            removal: matches!(fix.kind, crate::synth::FixKind::RemoveBarrier),
            race_free: false,
        };
        match validate_edits(
            engine, caches, settings, includes, doc, target, &fix.edits, claim,
        ) {
            Ok(verdict_after) => fixes.push(CheckedFix {
                fix: fix.clone(),
                verdict_after,
            }),
            Err(why) => rejected.push(format!("{}: {why}", fix.title)),
        }
    }
    if outside(&repair.edits) {
        rejected.push(format!("optimize all: {OUTSIDE}"));
    }
    let optimize_all_ok = !repair.edits.is_empty()
        && !outside(&repair.edits)
        && match validate_edits(
            engine,
            caches,
            settings,
            includes,
            doc,
            target,
            &repair.edits,
            Claim {
                addresses: &[],
                removal: true,
                race_free: true,
            },
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
    settings: &Settings,
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
        engine.barrier_infos(&target.checked_kernel(), &options)
    })?;
    let mut relative = infos.clone();
    Shift::to_relative(base).barriers(&mut relative);
    insert_bounded(&caches.barriers, key, Arc::new(relative));
    Ok(infos)
}

/// A finding of a document's analysis, ready for a front door.
#[derive(Clone, Debug, PartialEq)]
pub struct DocFinding {
    /// The finding (spans may lie in an included header).
    pub finding: Finding,
    /// Name and start of the kernel it belongs to, if any.
    pub kernel: Option<(String, u32)>,
    /// Main-file range to show it at when its own span is in a header (the
    /// kernel's name, else the start of the file).
    pub anchor: Span,
}

impl DocAnalysis {
    /// Every finding of the analysis, in the order front doors show them: the
    /// front end's failure, the launch configuration, the front end's
    /// diagnostics, unsupported kernels, then each kernel's findings. The one
    /// mapping from analysis results to findings (the CLI's `FileAnalysis`
    /// uses the same `frontend_finding` and `unsupported_report`).
    pub fn findings(&self) -> Vec<DocFinding> {
        let file_start = Span::new(0, 0);
        let plain = |finding: Finding| DocFinding {
            finding,
            kernel: None,
            anchor: file_start,
        };
        let mut out = Vec::new();
        if let Some(error) = &self.frontend_error {
            out.push(plain(plain_finding(
                DiagnosticKind::Unsupported,
                format!("file not analysed: {error}"),
                file_start,
            )));
        }
        out.extend(self.config_findings.iter().cloned().map(plain));
        if let Some(program) = &self.program {
            out.extend(program.diagnostics.iter().map(frontend_finding).map(plain));
            for unsupported in &program.unsupported {
                let anchor = if unsupported.name_span.file == FileId(0) {
                    unsupported.name_span
                } else {
                    file_start
                };
                for finding in unsupported_report(unsupported).findings {
                    out.push(DocFinding {
                        finding,
                        kernel: None,
                        anchor,
                    });
                }
            }
            if self.kernels.is_empty() && program.unsupported.is_empty() {
                let text = program.files.first().map_or("", |f| f.text.as_str());
                out.extend(crate::ide::file::no_kernel_finding(text).map(plain));
            }
        }
        for kernel in &self.kernels {
            for finding in &kernel.report.findings {
                out.push(DocFinding {
                    finding: finding.clone(),
                    kernel: Some((kernel.kernel.name.clone(), kernel.kernel.span.start)),
                    anchor: kernel.kernel.name_span,
                });
            }
        }
        out
    }
}

/// Why [`AnalysisHost::analysis`] returned no analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// A newer version of the document arrived; its analysis is the one to ask for.
    Superseded,
    /// The document is not known (closed).
    Unknown,
    /// The analysis failed (an internal error, with its message).
    Failed(String),
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisError::Superseded => f.write_str("superseded by a newer edit"),
            AnalysisError::Unknown => f.write_str("unknown document"),
            AnalysisError::Failed(message) => f.write_str(message),
        }
    }
}

type SlotResult = Result<Arc<DocAnalysis>, AnalysisError>;

/// What an analysis runs with besides the document's text.
pub struct AnalysisContext<'a> {
    /// Launch configuration, budget and cost model.
    pub settings: &'a Settings,
    /// Where `#include`s are read from.
    pub includes: &'a dyn IncludeResolver,
    /// Polled between kernels: a newer version arrived (or the server stops).
    pub is_stale: &'a dyn Fn() -> bool,
    /// Gets (kernels checked, kernels to check) for the kernels not in the cache.
    pub progress: &'a dyn Fn(usize, usize),
}

/// The analysis of one document version, pending or done.
struct Slot {
    generation: u64,
    result: Mutex<Option<SlotResult>>,
    done: Condvar,
}

/// Hands the result of a slot to its waiters and retires the slot, when dropped.
struct Publish<'a> {
    host: &'a AnalysisHost,
    doc: &'a str,
    slot: Arc<Slot>,
    result: Option<SlotResult>,
}

impl Drop for Publish<'_> {
    fn drop(&mut self) {
        {
            let mut pending = self.host.pending.lock().unwrap_or_else(|e| e.into_inner());
            if pending
                .get(self.doc)
                .is_some_and(|s| Arc::ptr_eq(s, &self.slot))
            {
                pending.remove(self.doc);
            }
        }
        let result = self.result.take().unwrap_or_else(|| {
            Err(AnalysisError::Failed(
                "internal error: the analysis ended without a result".into(),
            ))
        });
        let mut stored = self.slot.result.lock().unwrap_or_else(|e| e.into_inner());
        *stored = Some(result);
        self.slot.done.notify_all();
    }
}

/// Documents' analyses and the caches they share. At most one analysis per
/// document version runs at a time: whoever asks for a version that is being
/// analysed waits for that analysis (a hover never starts a second one);
/// an analysis of an older version stops at the next kernel once a newer one
/// is asked for (its `is_stale` check).
pub struct AnalysisHost {
    /// The layers analyses call.
    pub engine: Arc<dyn Engine>,
    /// Results by kernel key.
    pub caches: Caches,
    analyses: DashMap<String, Arc<DocAnalysis>>,
    pending: Mutex<HashMap<String, Arc<Slot>>>,
    started: AtomicUsize,
}

/// Text size drop (bytes) after which freed memory is handed back to the system.
pub const RELEASE_AFTER_SHRINK: usize = 1 << 20;

impl AnalysisHost {
    /// A host over `engine`.
    pub fn new(engine: Arc<dyn Engine>) -> AnalysisHost {
        AnalysisHost {
            engine,
            caches: Caches::default(),
            analyses: DashMap::new(),
            pending: Mutex::new(HashMap::default()),
            started: AtomicUsize::new(0),
        }
    }

    /// The latest finished analysis of document `doc` (any version).
    pub fn latest(&self, doc: &str) -> Option<Arc<DocAnalysis>> {
        self.analyses.get(doc).map(|a| a.clone())
    }

    /// Every document's latest analysis.
    pub fn all_latest(&self) -> Vec<(String, Arc<DocAnalysis>)> {
        self.analyses
            .iter()
            .map(|e| (e.key().clone(), e.value().clone()))
            .collect()
    }

    /// Forgets a closed document.
    pub fn forget(&self, doc: &str) {
        let released = self
            .analyses
            .remove(doc)
            .is_some_and(|(_, a)| a.rope.len_bytes() >= RELEASE_AFTER_SHRINK);
        if released {
            release_memory();
        }
    }

    /// Analyses started so far (not counting requests served by a pending or
    /// finished one); for tests and logs.
    pub fn analyses_started(&self) -> usize {
        self.started.load(Ordering::Relaxed)
    }

    /// The analysis of version `generation` of document `doc`: the finished
    /// one, the pending one (waited for), or a new one built from `input`
    /// (called with the document's latest analysis, None when the document is
    /// gone).
    pub fn analysis(
        &self,
        doc: &str,
        generation: u64,
        context: &AnalysisContext,
        input: impl FnOnce(Option<Arc<DocAnalysis>>) -> Option<AnalysisInput>,
    ) -> SlotResult {
        if let Some(done) = self.latest(doc).filter(|a| a.generation == generation) {
            return Ok(done);
        }
        let (slot, ours) = {
            let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
            match pending.get(doc) {
                Some(slot) if slot.generation == generation => (slot.clone(), false),
                _ => {
                    let slot = Arc::new(Slot {
                        generation,
                        result: Mutex::new(None),
                        done: Condvar::new(),
                    });
                    pending.insert(doc.to_string(), slot.clone());
                    (slot, true)
                }
            }
        };
        if !ours {
            let mut result = slot.result.lock().unwrap_or_else(|e| e.into_inner());
            while result.is_none() {
                result = slot.done.wait(result).unwrap_or_else(|e| e.into_inner());
            }
            return result.clone().unwrap_or(Err(AnalysisError::Superseded));
        }
        // Waiters are woken whatever happens below, a panic included.
        let mut publish = Publish {
            host: self,
            doc,
            slot,
            result: None,
        };
        // Finished meanwhile (between the first look and taking the slot)?
        let result = match self.latest(doc).filter(|a| a.generation == generation) {
            Some(done) => Ok(done),
            None => self.run(doc, generation, context, input),
        };
        publish.result = Some(result.clone());
        drop(publish);
        // The run's temporaries are freed by now (and a replaced or
        // superseded large analysis with them, unless someone still holds it).
        release_pending_memory();
        result
    }

    fn run(
        &self,
        doc: &str,
        generation: u64,
        context: &AnalysisContext,
        input: impl FnOnce(Option<Arc<DocAnalysis>>) -> Option<AnalysisInput>,
    ) -> SlotResult {
        let prev = self.latest(doc);
        let before = prev.as_ref().map_or(0, |p| p.rope.len_bytes());
        let input = input(prev).ok_or(AnalysisError::Unknown)?;
        if input.generation != generation {
            return Err(AnalysisError::Superseded);
        }
        // A large text's temporaries (tokens, syntax tree, IR) are large too,
        // and freed when this run ends, whichever way it ends.
        struct NoteOnExit(bool);
        impl Drop for NoteOnExit {
            fn drop(&mut self) {
                if self.0 {
                    note_large_free();
                }
            }
        }
        let _note = NoteOnExit(input.rope.len_bytes() >= RELEASE_AFTER_SHRINK);
        self.started.fetch_add(1, Ordering::Relaxed);
        let analysis = guarded("the analysis", || {
            analyze(
                self.engine.as_ref(),
                &self.caches,
                context.settings,
                context.includes,
                input,
                context.is_stale,
                context.progress,
            )
        })
        .map_err(|why| {
            // Stopped because a newer text arrived: superseded, not failed.
            if (context.is_stale)() {
                AnalysisError::Superseded
            } else {
                AnalysisError::Failed(why)
            }
        })?
        .map_err(|Superseded| AnalysisError::Superseded)?;
        let analysis = Arc::new(analysis);
        if (context.is_stale)() {
            return Err(AnalysisError::Superseded);
        }
        let shrunk = before.saturating_sub(analysis.rope.len_bytes()) >= RELEASE_AFTER_SHRINK;
        // Replacing the previous analysis frees the large one.
        self.analyses.insert(doc.to_string(), analysis.clone());
        if shrunk {
            release_memory();
        }
        Ok(analysis)
    }

    /// Validated repair of a kernel of an analysis (cached).
    pub fn repair(
        &self,
        settings: &Settings,
        includes: &dyn IncludeResolver,
        doc: &DocAnalysis,
        target: &KernelResult,
    ) -> Result<ValidatedRepair, String> {
        // The editor's budgets count wall time (see [`analyze`]).
        crate::base::clock::on_wall_clock(|| {
            validated_repair(
                self.engine.as_ref(),
                &self.caches,
                settings,
                includes,
                doc,
                target,
            )
        })
    }

    /// Verified bank-conflict paddings of a kernel of an analysis.
    pub fn paddings(
        &self,
        settings: &Settings,
        includes: &dyn IncludeResolver,
        doc: &DocAnalysis,
        target: &KernelResult,
    ) -> Result<Vec<PaddingPlan>, String> {
        crate::base::clock::on_wall_clock(|| {
            verified_paddings(
                self.engine.as_ref(),
                &self.caches,
                settings,
                includes,
                doc,
                target,
            )
        })
    }

    /// Barrier descriptions of a kernel of an analysis (cached).
    pub fn barriers(
        &self,
        settings: &Settings,
        target: &KernelResult,
    ) -> Result<Vec<BarrierInfo>, String> {
        crate::base::clock::on_wall_clock(|| {
            barrier_infos(self.engine.as_ref(), &self.caches, settings, target)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::NoIncludes;

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
        let settings = Settings::default();
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

    /// Analyses `text` under a kernel budget of `budget_ms`, with a parse
    /// that took `parse_time` (the server parses when the text changes).
    fn analyse_within(text: &str, budget_ms: u64, parse_time: Duration) -> DocAnalysis {
        let mut parsed = crate::syntax::parse::parse(text, Lang::Cuda, None);
        parsed.parse_time = parse_time;
        let input = AnalysisInput {
            generation: 1,
            version: 1,
            rope: Rope::from_str(text),
            parsed: Some(Arc::new(parsed)),
            lang: Lang::Cuda,
            path: PathBuf::from(PATH),
            prev: None,
        };
        let settings = Settings {
            kernel_budget_ms: budget_ms,
            ..Settings::default()
        };
        let never_stale = || false;
        analyze(
            &Syncwright,
            &Caches::default(),
            &settings,
            &NoIncludes,
            input,
            &never_stale,
            &|_, _| {},
        )
        .unwrap_or_else(|Superseded| panic!("an analysis that is never stale was superseded"))
    }

    /// The messages of every finding of `analysis` about kernel `name`.
    fn messages_about(analysis: &DocAnalysis, name: &str) -> Vec<String> {
        let unsupported = analysis
            .program
            .iter()
            .flat_map(|p| &p.unsupported)
            .filter(|k| k.name == name)
            .map(|k| k.reason.clone());
        let checked = analysis
            .kernels
            .iter()
            .filter(|k| k.kernel.name == name)
            .flat_map(|k| k.report.findings.iter().map(|f| f.message.clone()));
        unsupported.chain(checked).collect()
    }

    #[test]
    fn a_front_end_over_the_budget_reports_the_kernel_with_the_editor_setting() {
        // 40,000 statements lower in far more than 1 ms on any machine.
        let mut text = String::from("__global__ void long_kernel(int *o) {\n  int a = 0;\n");
        for i in 0..40_000 {
            text.push_str(&format!("  a = a + o[{i}];\n"));
        }
        text.push_str("  o[threadIdx.x] = a;\n}\n");
        let analysis = analyse_within(&text, 1, Duration::ZERO);
        assert!(
            analysis.frontend_error.is_none(),
            "{:?}",
            analysis.frontend_error
        );
        let messages = messages_about(&analysis, "long_kernel");
        assert!(
            messages.iter().any(|m| m.contains(
                "the kernel budget of 1 ms (setting `syncwright.kernelBudgetMs`) reached"
            )),
            "the kernel is reported with the limit, not dropped: {messages:?}"
        );
    }

    #[test]
    fn the_parse_before_the_analysis_counts_against_the_kernel_budget() {
        // A racy kernel whose parse took longer than the whole budget: it is
        // never reported race-free (nor racy: no time was left to prove it),
        // and what it says names the budget.
        let text = "__global__ void k(int *o) {\n  __shared__ int s[64];\n  s[threadIdx.x] = 1;\n  o[threadIdx.x] = s[threadIdx.x + 1];\n}\n";
        let within = analyse_within(text, 1_000, Duration::ZERO);
        assert_eq!(within.kernels[0].report.verdict, Verdict::Racy);
        let late = analyse_within(text, 1_000, Duration::from_secs(5));
        let messages = messages_about(&late, "k");
        let verdict = late.kernels.first().map(|k| k.report.verdict);
        assert!(
            matches!(verdict, None | Some(Verdict::Inconclusive)),
            "{verdict:?}: {messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("budget of 1000 ms") && m.contains("reached")),
            "{messages:?}"
        );
    }

    /// Applies `edits` in turn (replace the first occurrence of `.0` after the
    /// first occurrence of `.1` by `.2`), comparing the incremental analysis
    /// with a from-scratch one after each; `.3` says whether kernels must be
    /// taken over (Some) or it does not matter (None).
    fn check_edits(mut text: String, lang: Lang, edits: &[(&str, &str, &str, Option<bool>)]) {
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
            assert_eq!(fast.findings(), full.findings(), "{what}: findings");
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
