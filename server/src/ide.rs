//! The IDE layer: whole-file analysis as plain data, shared by the CLI and the LSP.
//!
//! `analyze_file` lowers a file, resolves each kernel's launch configuration and
//! checks every kernel. A panic in a lower layer never escapes: it becomes an
//! `unsupported` (front end) or `inconclusive` (checker) report carrying the panic
//! message, so one bug cannot take down a whole run or an editor session.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use crate::check::{check_kernel, DiagnosticKind, Finding, KernelReport, Verdict};
use crate::config::resolve::{ConfigError, Explicit, FileConfig, Source};
use crate::config::{CheckOptions, CostModel, LaunchConfig};
use crate::ir::lower::{lower_parsed, lower_source, FsIncludes, IncludeResolver};
use crate::ir::{FileId, Kernel, Program, SourceFileInfo, Span, UnsupportedKernel};
use crate::syntax::parse::ParsedSource;

/// Launch-configuration values given explicitly (CLI flags, editor settings);
/// they override header comments and `syncwright.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct LaunchOverrides {
    /// `--block-dim`.
    pub block_dim: Option<[u32; 3]>,
    /// `--grid-dim`.
    pub grid_dim: Option<[u32; 3]>,
}

/// Everything that steers the analysis of a file besides its text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, serde::Deserialize)]
pub struct Settings {
    /// Explicit launch configuration.
    pub launch: LaunchOverrides,
    /// Warp-synchronous semantics (`--warp-sync`, or the header flag).
    pub warp_sync: bool,
    /// Per-kernel budget in milliseconds (0: default).
    pub kernel_budget_ms: u64,
    /// Cost model for the synthesizer.
    pub cost: CostModel,
    /// Performance analyses (shared-memory bank conflicts): `--perf`.
    #[serde(default)]
    pub perf: bool,
    /// Severity of `bank-conflict` findings (None: the kind's default).
    #[serde(default)]
    pub perf_severity: Option<crate::check::diagnostic::Severity>,
}

impl Settings {
    /// The explicit part of these settings for `config::resolve`. A cost model
    /// equal to the default counts as not given, so `syncwright.toml` can set it.
    pub fn explicit(&self) -> Explicit {
        Explicit {
            block_dim: self.launch.block_dim,
            grid_dim: self.launch.grid_dim,
            warp_sync: self.warp_sync,
            kernel_budget_ms: (self.kernel_budget_ms > 0).then_some(self.kernel_budget_ms),
            cost: (self.cost != CostModel::default()).then_some(self.cost),
        }
    }
}

/// One kernel's analysis: its IR (None when unsupported), the options it was
/// checked with, and the report.
#[derive(Clone, Debug)]
pub struct KernelAnalysis {
    /// The lowered kernel.
    pub kernel: Option<Kernel>,
    /// The options it was checked with (resolved launch configuration).
    pub options: CheckOptions,
    /// Where the block dimensions came from.
    pub block_dim_source: Source,
    /// Where the grid dimensions came from.
    pub grid_dim_source: Source,
    /// The report.
    pub report: KernelReport,
    /// Bank conflicts of its shared accesses, when performance analyses are on.
    pub banks: Option<crate::check::banks::BankReport>,
}

/// A file's analysis.
#[derive(Clone, Debug)]
pub struct FileAnalysis {
    /// Path of the file.
    pub path: PathBuf,
    /// Front-end output.
    pub program: Program,
    /// Per-kernel results in source order (unsupported kernels included).
    pub kernels: Vec<KernelAnalysis>,
    /// File-level findings (syntax errors, include problems, ignored header flags,
    /// an invalid `syncwright.toml`).
    pub file_findings: Vec<Finding>,
    /// The file's header comment and project file.
    pub config: FileConfig,
    /// An invalid or unreadable `syncwright.toml` (also among `file_findings`);
    /// analysis went on without it.
    pub config_error: Option<ConfigError>,
    /// Cost model for the synthesizer (explicit > `syncwright.toml` > default).
    pub cost: CostModel,
    /// Wall time of the whole file (front end and all kernels), in milliseconds.
    pub time_ms: f64,
    /// Line index of each of `program.files`, built on first use by [`FileAnalysis::locate`].
    pub line_starts: std::sync::OnceLock<Vec<LineStarts>>,
    /// Severity of `bank-conflict` findings chosen by the settings (None: default).
    pub perf_severity: Option<crate::check::diagnostic::Severity>,
}

impl FileAnalysis {
    /// Severity of a finding of `kind` in this analysis: the kind's default,
    /// or the configured one for `bank-conflict`.
    pub fn severity(&self, kind: DiagnosticKind) -> crate::check::diagnostic::Severity {
        match (kind, self.perf_severity) {
            (DiagnosticKind::BankConflict, Some(s)) => s,
            _ => kind.severity(),
        }
    }

    /// Whether everything is fine: every kernel race-free and no error or
    /// warning at file level (what decides the CLI's exit code).
    pub fn is_clean(&self) -> bool {
        self.kernels
            .iter()
            .all(|k| k.report.verdict == Verdict::RaceFree)
            && self.file_findings.iter().all(|f| {
                !matches!(
                    f.kind.severity(),
                    crate::check::diagnostic::Severity::Error
                        | crate::check::diagnostic::Severity::Warning
                )
            })
            && self.kernels.iter().all(|k| {
                // Bank conflicts count only when configured as errors or warnings.
                k.report.findings.iter().all(|f| {
                    f.kind != DiagnosticKind::BankConflict
                        || !matches!(
                            self.severity(f.kind),
                            crate::check::diagnostic::Severity::Error
                                | crate::check::diagnostic::Severity::Warning
                        )
                })
            })
    }
}

/// Analyses the file at `path` with contents `text`; includes are read from disk.
pub fn analyze_file(path: &Path, text: &str, settings: &Settings) -> FileAnalysis {
    analyze_file_with(path, text, settings, &FsIncludes)
}

/// Like [`analyze_file`], with a custom include resolver (open editor buffers).
pub fn analyze_file_with(
    path: &Path,
    text: &str,
    settings: &Settings,
    includes: &dyn IncludeResolver,
) -> FileAnalysis {
    let started = Instant::now();
    let program = lower_guarded(path, text, includes);
    finish(path, text, program, settings, started)
}

/// Lowers `text`; a front-end panic becomes `unsupported` kernels (or a
/// file-level error) carrying the panic message.
pub fn lower_guarded(path: &Path, text: &str, includes: &dyn IncludeResolver) -> Program {
    catch_unwind(AssertUnwindSafe(|| lower_source(path, text, includes)))
        .unwrap_or_else(|panic| front_end_panic_program(path, text, &panic_message(&*panic)))
}

/// Analyses an already parsed file (the LSP's incremental parse).
pub fn analyze_parsed(
    path: &Path,
    parsed: &ParsedSource,
    settings: &Settings,
    includes: &dyn IncludeResolver,
) -> FileAnalysis {
    let started = Instant::now();
    let lowered = catch_unwind(AssertUnwindSafe(|| lower_parsed(parsed, path, includes)));
    let program = lowered.unwrap_or_else(|panic| {
        front_end_panic_program(path, &parsed.text, &panic_message(&*panic))
    });
    finish(path, &parsed.text, program, settings, started)
}

/// Checks every kernel of an already lowered `program` of the file at `path`.
pub fn analyze_program(path: &Path, program: Program, settings: &Settings) -> FileAnalysis {
    let started = Instant::now();
    let text = program
        .files
        .first()
        .map(|f| f.text.clone())
        .unwrap_or_default();
    finish(path, &text, program, settings, started)
}

fn finish(
    path: &Path,
    text: &str,
    program: Program,
    settings: &Settings,
    started: Instant,
) -> FileAnalysis {
    let (config, config_error) = FileConfig::load(path, text);
    let explicit = settings.explicit();
    let mut file_findings = config_findings(text, &config, config_error.as_ref());
    for diagnostic in &program.diagnostics {
        let kind = if diagnostic.is_error {
            DiagnosticKind::SyntaxError
        } else {
            DiagnosticKind::Imprecision
        };
        file_findings.push(plain_finding(
            kind,
            diagnostic.message.clone(),
            diagnostic.span,
        ));
    }

    let mut kernels: Vec<KernelAnalysis> = program
        .kernels
        .iter()
        .map(|kernel| {
            let resolved = config.resolve(&explicit, kernel.launch_bounds);
            let mut report = check_guarded(kernel, &resolved.options);
            let banks = settings
                .perf
                .then(|| banks_guarded(kernel, &resolved.options, &mut report));
            KernelAnalysis {
                kernel: Some(kernel.clone()),
                options: resolved.options,
                block_dim_source: resolved.block_dim_source,
                grid_dim_source: resolved.grid_dim_source,
                report,
                banks: banks.flatten(),
            }
        })
        .collect();
    for unsupported in &program.unsupported {
        let resolved = config.resolve(&explicit, None);
        kernels.push(KernelAnalysis {
            kernel: None,
            options: resolved.options,
            block_dim_source: resolved.block_dim_source,
            grid_dim_source: resolved.grid_dim_source,
            report: unsupported_report(unsupported),
            banks: None,
        });
    }
    kernels.sort_by_key(|k| (k.report.name_span.file, k.report.name_span.start));

    FileAnalysis {
        path: path.to_path_buf(),
        cost: config.cost(&explicit),
        program,
        kernels,
        file_findings,
        config,
        config_error,
        time_ms: started.elapsed().as_secs_f64() * 1000.0,
        line_starts: std::sync::OnceLock::new(),
        perf_severity: settings.perf_severity,
    }
}

/// Each kernel's check options for the file at `path` with contents `text`
/// (settings > header comment > `syncwright.toml` > `__launch_bounds__` >
/// symbolic), for front doors that lower and check kernels themselves (the
/// LSP), with the file-level findings about the launch configuration (an
/// invalid `syncwright.toml`, ignored header flags) as [`analyze_program`]
/// reports them.
pub fn kernel_options_with_findings(
    path: &Path,
    text: &str,
    settings: &Settings,
    kernels: &[Kernel],
) -> (Vec<CheckOptions>, Vec<Finding>) {
    let (config, error) = FileConfig::load(path, text);
    let explicit = settings.explicit();
    let options = kernels
        .iter()
        .map(|k| config.resolve(&explicit, k.launch_bounds).options)
        .collect();
    (options, config_findings(text, &config, error.as_ref()))
}

/// Findings about a file's launch configuration.
fn config_findings(text: &str, config: &FileConfig, error: Option<&ConfigError>) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Some(error) = error {
        findings.push(plain_finding(
            DiagnosticKind::SyntaxError,
            format!("invalid configuration file {error}; using the remaining launch settings"),
            Span::new(0, 0),
        ));
    }
    for note in &config.header.notes {
        findings.push(plain_finding(
            DiagnosticKind::Imprecision,
            note.clone(),
            header_span(text),
        ));
    }
    findings
}

/// Checks one kernel; a checker panic becomes an `inconclusive` report with the
/// panic message. Kernel notes the checker did not report become `imprecision`
/// findings.
pub fn check_guarded(kernel: &Kernel, options: &CheckOptions) -> KernelReport {
    let started = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| check_kernel(kernel, options)));
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut report = match outcome {
        Ok(report) => report,
        Err(panic) => KernelReport {
            name: kernel.name.clone(),
            name_span: kernel.name_span,
            verdict: Verdict::Inconclusive,
            findings: vec![plain_finding(
                DiagnosticKind::Inconclusive,
                format!(
                    "internal error in the checker: {}; treat kernel `{}` as possibly racy",
                    panic_message(&*panic),
                    kernel.name
                ),
                kernel.name_span,
            )],
            time_ms: elapsed_ms,
            solver_queries: 0,
            races: Vec::new(),
        },
    };
    if report.time_ms <= 0.0 {
        report.time_ms = elapsed_ms;
    }
    for (span, note) in &kernel.notes {
        let already = report
            .findings
            .iter()
            .any(|f| f.kind == DiagnosticKind::Imprecision && f.span == *span);
        if !already {
            report.findings.push(plain_finding(
                DiagnosticKind::Imprecision,
                note.clone(),
                *span,
            ));
        }
    }
    report
}

/// Bank-conflict analysis of one kernel (`--perf`): its `bank-conflict`
/// findings go into `report`; an analysis panic becomes an `imprecision` note.
pub fn banks_guarded(
    kernel: &Kernel,
    options: &CheckOptions,
    report: &mut KernelReport,
) -> Option<crate::check::banks::BankReport> {
    match catch_unwind(AssertUnwindSafe(|| {
        crate::check::banks::analyze_banks(kernel, options)
    })) {
        Ok(banks) => {
            report
                .findings
                .extend(crate::check::banks::findings(&banks));
            Some(banks)
        }
        Err(panic) => {
            report.findings.push(plain_finding(
                DiagnosticKind::Imprecision,
                format!(
                    "internal error in the bank-conflict analysis: {}",
                    panic_message(&*panic)
                ),
                kernel.name_span,
            ));
            None
        }
    }
}

/// The report of a kernel the front end could not lower.
pub fn unsupported_report(kernel: &UnsupportedKernel) -> KernelReport {
    let mut finding = plain_finding(
        DiagnosticKind::Unsupported,
        format!("kernel `{}` not checked: {}", kernel.name, kernel.reason),
        kernel.span,
    );
    if kernel.span != kernel.name_span {
        finding.related.push((
            kernel.name_span,
            format!("kernel `{}` declared here", kernel.name),
        ));
    }
    KernelReport {
        name: kernel.name.clone(),
        name_span: kernel.name_span,
        verdict: Verdict::Unsupported,
        findings: vec![finding],
        time_ms: 0.0,
        solver_queries: 0,
        races: Vec::new(),
    }
}

/// A finding without race or divergence details.
pub fn plain_finding(kind: DiagnosticKind, message: String, span: Span) -> Finding {
    Finding {
        kind,
        message,
        span,
        related: Vec::new(),
        race: None,
        divergence: None,
    }
}

/// The text of a panic payload (`&str` or `String`, else a placeholder).
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// Range of the leading comment block (where header flags live), or empty at 0.
fn header_span(text: &str) -> Span {
    let end = text
        .lines()
        .take_while(|l| l.trim_start().starts_with("//"))
        .map(|l| l.len() + 1)
        .sum::<usize>();
    let end = end.min(text.len()).saturating_sub(1);
    Span::new(0, u32::try_from(end).unwrap_or(u32::MAX))
}

/// The program reported when the front end panicked: every kernel a textual scan
/// can find is reported unsupported with the panic message, so none is
/// silently dropped; without any, the error is a file-level diagnostic.
fn front_end_panic_program(path: &Path, text: &str, message: &str) -> Program {
    let reason = format!("internal error in the front end: {message}");
    let unsupported: Vec<UnsupportedKernel> = scan_kernel_names(text)
        .into_iter()
        .map(|(name, span)| UnsupportedKernel {
            name,
            name_span: span,
            reason: reason.clone(),
            span,
        })
        .collect();
    let diagnostics = if unsupported.is_empty() {
        vec![crate::ir::FrontendDiagnostic {
            span: Span::new(0, 0),
            message: reason,
            is_error: true,
        }]
    } else {
        Vec::new()
    };
    Program {
        files: vec![SourceFileInfo {
            path: path.display().to_string(),
            text: text.to_string(),
        }],
        kernels: Vec::new(),
        unsupported,
        diagnostics,
    }
}

/// Finds kernel definitions by their qualifier (`__global__`, `__kernel`,
/// `kernel`) and returns each name with its span. Only a fallback for when the
/// real front end failed; comments and strings are not excluded.
fn scan_kernel_names(text: &str) -> Vec<(String, Span)> {
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !is_ident(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_ident(bytes[i]) {
            i += 1;
        }
        if !matches!(&text[start..i], "__global__" | "__kernel" | "kernel") {
            continue;
        }
        // The name is the last identifier before the first `(` that follows.
        let Some(paren) = text[i..].find(['(', ';', '{']).map(|p| p + i) else {
            break;
        };
        if bytes[paren] != b'(' {
            continue;
        }
        let head = &text[i..paren];
        let name_end = head.trim_end().len();
        let name_start = head[..name_end]
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |(p, c)| p + c.len_utf8());
        let name = &head[name_start..name_end];
        if !name.is_empty() && name != "void" {
            let (s, e) = (i + name_start, i + name_end);
            found.push((name.to_string(), Span::new(s as u32, e as u32)));
        }
        i = paren;
    }
    found
}

/// A position in a file: 0-based line, 0-based column in UTF-16 code units (LSP)
/// and in Unicode scalar values (for humans).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Position {
    /// 0-based line.
    pub line: u32,
    /// 0-based column in UTF-16 code units.
    pub utf16: u32,
    /// 0-based column in characters.
    pub chars: u32,
}

/// A resolved source range: the file's path and both ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    /// Path of the file the range is in (the analysed file or a header).
    pub path: String,
    /// Whether it is the analysed file itself.
    pub in_main_file: bool,
    /// Start.
    pub start: Position,
    /// End (exclusive).
    pub end: Position,
}

/// Byte offsets of the line starts of a text, for repeated position lookups.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineStarts(Vec<usize>);

impl LineStarts {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineStarts {
        let starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|(_, b)| *b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        LineStarts(starts)
    }

    /// Position of byte `offset` of `text` (the text this index was built from),
    /// clamped to the text and to a character boundary.
    pub fn position(&self, text: &str, offset: u32) -> Position {
        let mut offset = (offset as usize).min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .0
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let line_start = self.0.get(line).copied().unwrap_or(0).min(offset);
        let column = text.get(line_start..offset).unwrap_or("");
        Position {
            line: line as u32,
            utf16: column.encode_utf16().count() as u32,
            chars: column.chars().count() as u32,
        }
    }
}

/// Position of byte `offset` in `text`, clamped to the text and to a character boundary.
pub fn position_of(text: &str, offset: u32) -> Position {
    LineStarts::new(text).position(text, offset)
}

impl FileAnalysis {
    /// Resolves `span` against the program's files (the main file when the span's
    /// file is unknown, e.g. the front end failed).
    pub fn locate(&self, span: Span) -> Location {
        let main = self.path.display().to_string();
        let index = span.file.0 as usize;
        let file = self.program.files.get(index);
        let (path, text, in_main_file) = match file {
            Some(f) if span.file != FileId(0) => (f.path.clone(), f.text.as_str(), false),
            Some(f) => (main, f.text.as_str(), true),
            None => (main, "", true),
        };
        let indexes = self.line_starts.get_or_init(|| {
            self.program
                .files
                .iter()
                .map(|f| LineStarts::new(&f.text))
                .collect()
        });
        let fallback = LineStarts::default();
        let lines = if file.is_some() {
            indexes.get(index).unwrap_or(&fallback)
        } else {
            &fallback
        };
        Location {
            path,
            in_main_file,
            start: lines.position(text, span.start),
            end: lines.position(text, span.end),
        }
    }

    /// The kernel analysis whose report is `name` (first one if overloaded).
    pub fn kernel(&self, name: &str) -> Option<&KernelAnalysis> {
        self.kernels.iter().find(|k| k.report.name == name)
    }
}

/// The launch configuration as data for output (None fields are symbolic).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LaunchSummary {
    /// Threads per block.
    pub block_dim: Option<[u32; 3]>,
    /// Where it came from.
    pub block_dim_source: Source,
    /// Blocks per grid.
    pub grid_dim: Option<[u32; 3]>,
    /// Where it came from.
    pub grid_dim_source: Source,
    /// `__launch_bounds__` maximum.
    pub max_threads_per_block: Option<u32>,
    /// Warp-synchronous semantics.
    pub warp_sync: bool,
}

impl KernelAnalysis {
    /// What launch configuration the kernel was checked under.
    pub fn launch_summary(&self) -> LaunchSummary {
        let LaunchConfig {
            block_dim,
            grid_dim,
            max_threads_per_block,
            ..
        } = self.options.launch;
        LaunchSummary {
            block_dim,
            block_dim_source: self.block_dim_source,
            grid_dim,
            grid_dim_source: self.grid_dim_source,
            max_threads_per_block,
            warp_sync: self.options.warp_sync,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_and_chars() {
        let text = "ab\n\u{e9}\u{1F600}x\n";
        assert_eq!(
            position_of(text, 0),
            Position {
                line: 0,
                utf16: 0,
                chars: 0
            }
        );
        assert_eq!(
            position_of(text, 3),
            Position {
                line: 1,
                utf16: 0,
                chars: 0
            }
        );
        // é is 2 bytes, 1 UTF-16 unit; the emoji is 4 bytes, 2 UTF-16 units.
        assert_eq!(
            position_of(text, 9),
            Position {
                line: 1,
                utf16: 3,
                chars: 2
            }
        );
        // Inside a multi-byte character: clamped to its start.
        assert_eq!(
            position_of(text, 6),
            Position {
                line: 1,
                utf16: 1,
                chars: 1
            }
        );
        assert_eq!(
            position_of(text, 999),
            Position {
                line: 2,
                utf16: 0,
                chars: 0
            }
        );
    }

    #[test]
    fn line_index_agrees_with_a_linear_scan() {
        let text = "a\r\n\u{e9}t\n\n\u{1F600}\u{1F600}z\nlast";
        let index = LineStarts::new(text);
        for offset in 0..=text.len() as u32 + 2 {
            let mut o = (offset as usize).min(text.len());
            while !text.is_char_boundary(o) {
                o -= 1;
            }
            let before = &text[..o];
            let column = &before[before.rfind('\n').map_or(0, |p| p + 1)..];
            let expected = Position {
                line: before.matches('\n').count() as u32,
                utf16: column.encode_utf16().count() as u32,
                chars: column.chars().count() as u32,
            };
            assert_eq!(index.position(text, offset), expected, "offset {offset}");
        }
        assert_eq!(
            LineStarts::new("").position("", 5),
            Position {
                line: 0,
                utf16: 0,
                chars: 0
            }
        );
    }

    #[test]
    fn kernel_names_are_scanned_as_fallback() {
        let text = "__global__ void k1(int *a) {}\n__kernel void k2(__global int *a) {}\nkernel void\nk3 () {}\nvoid kernel_helper(int kernel);\n";
        let names: Vec<String> = scan_kernel_names(text)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(names, ["k1", "k2", "k3"]);
        let (name, span) = &scan_kernel_names(text)[0];
        assert_eq!(&text[span.start as usize..span.end as usize], name);
        assert!(scan_kernel_names("__global__").is_empty());
        assert!(scan_kernel_names("\u{ff}\u{fe} kernel \u{0}(").is_empty());
    }

    #[test]
    fn front_end_panic_reports_every_kernel_unsupported() {
        let program = front_end_panic_program(Path::new("a.cu"), "__global__ void k(){}", "boom");
        assert_eq!(program.unsupported.len(), 1);
        assert!(program.unsupported[0].reason.contains("boom"));
        let program = front_end_panic_program(Path::new("a.cu"), "int x;", "boom");
        assert_eq!(program.diagnostics.len(), 1);
        assert!(program.diagnostics[0].is_error);
    }

    #[test]
    fn panic_messages_are_extracted() {
        let payload = catch_unwind(|| panic!("static")).unwrap_err();
        assert_eq!(panic_message(&*payload), "static");
        let payload = catch_unwind(|| panic!("formatted {}", 3)).unwrap_err();
        assert_eq!(panic_message(&*payload), "formatted 3");
    }

    #[test]
    fn kernel_options_follow_settings_header_and_launch_bounds() {
        let kernel = |bounds| Kernel {
            name: "k".into(),
            lang: crate::ir::Lang::Cuda,
            name_span: Span::default(),
            span: Span::default(),
            params: vec![],
            arrays: vec![],
            vars: vec![],
            body: crate::ir::Block::default(),
            launch_bounds: bounds,
            is_template: false,
            notes: vec![],
            next_stmt_id: 0,
        };
        let settings = Settings {
            launch: LaunchOverrides {
                block_dim: None,
                grid_dim: Some([2, 1, 1]),
            },
            ..Settings::default()
        };
        let (options, findings) = kernel_options_with_findings(
            Path::new("/nonexistent-dir/k.cu"),
            "//pass\n//--blockDim=32 --gridDim=8\n",
            &settings,
            &[kernel(None), kernel(Some(128))],
        );
        assert!(findings.is_empty(), "{findings:?}");
        assert_eq!(options.len(), 2);
        assert_eq!(options[0].launch.block_dim, Some([32, 1, 1]));
        assert_eq!(options[0].launch.grid_dim, Some([2, 1, 1]));
        assert_eq!(options[1].launch.max_threads_per_block, Some(128));
    }

    #[test]
    fn explicit_settings_leave_defaults_unset() {
        let e = Settings::default().explicit();
        assert_eq!(e, Explicit::default());
        let s = Settings {
            kernel_budget_ms: 5,
            warp_sync: true,
            ..Settings::default()
        };
        let e = s.explicit();
        assert_eq!(e.kernel_budget_ms, Some(5));
        assert!(e.warp_sync);
    }
}
