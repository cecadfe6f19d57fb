//! `syncwright check`: analyse every input, render, and choose the exit code.

use std::io::Write;
use std::path::PathBuf;

use super::{
    json, sarif, text, view, CheckArgs, Format, SeverityThreshold, EXIT_CLEAN, EXIT_FINDINGS,
    EXIT_USAGE,
};
use crate::base::Span;
use crate::check::DiagnosticKind;
use crate::ide::workspace as inputs;
use crate::ide::{analyze_file, plain_finding, FileAnalysis, Settings};
use crate::syntax::files::{decode, read_regular};

/// What happened to one input file.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum FileOutcome {
    /// It was read and analysed.
    Analyzed(FileAnalysis),
    /// It could not be read (or a named path does not exist).
    Unreadable {
        /// The path as given or found.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

impl FileOutcome {
    /// The path of the input.
    pub fn path(&self) -> &std::path::Path {
        match self {
            FileOutcome::Analyzed(a) => &a.path,
            FileOutcome::Unreadable { path, .. } => path,
        }
    }
}

/// Reads and analyses every input of `args`.
pub fn analyze_inputs(args: &CheckArgs) -> Vec<FileOutcome> {
    let jobs = args.jobs.map(|j| j as usize).unwrap_or_else(default_jobs);
    analyze_paths_parallel(&args.paths, &args.launch.settings(), jobs)
}

/// The number of cores (1 when unknown).
fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Reads and analyses every file found under `paths`, up to `jobs` at once. The
/// result is in input order, and each file's analysis is the same as alone:
/// every kernel check runs in a solver context of its own.
pub fn analyze_paths_parallel(
    paths: &[PathBuf],
    settings: &Settings,
    jobs: usize,
) -> Vec<FileOutcome> {
    let inputs = inputs::collect(paths);
    let jobs = jobs.clamp(1, inputs.len().max(1));
    if jobs == 1 {
        return inputs
            .into_iter()
            .map(|input| analyze_input(input, settings))
            .collect();
    }
    let names: Vec<PathBuf> = inputs
        .iter()
        .map(|i| match i {
            Ok(p) => p.clone(),
            Err(e) => e.path.clone(),
        })
        .collect();
    let count = inputs.len();
    let queue = std::sync::Mutex::new(inputs.into_iter().enumerate());
    let results: std::sync::Mutex<Vec<Option<FileOutcome>>> =
        std::sync::Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                std::thread::Builder::new()
                    .name("syncwright-analysis".into())
                    .stack_size(crate::ide::guard::ANALYSIS_STACK_BYTES)
                    .spawn_scoped(scope, || loop {
                        let next = queue.lock().ok().and_then(|mut q| q.next());
                        let Some((index, input)) = next else { break };
                        let outcome = analyze_input(input, settings);
                        if let Ok(mut r) = results.lock() {
                            r[index] = Some(outcome);
                        }
                    })
            })
            .collect();
        for worker in workers.into_iter().flatten() {
            let _ = worker.join();
        }
    });
    let results = results.into_inner().unwrap_or_default();
    results
        .into_iter()
        .zip(names)
        .map(|(r, path)| {
            r.unwrap_or_else(|| FileOutcome::Unreadable {
                path,
                message: "the analysis thread failed".into(),
            })
        })
        .collect()
}

/// Reads and analyses one input.
fn analyze_input(input: Result<PathBuf, inputs::InputError>, settings: &Settings) -> FileOutcome {
    match input {
        Err(e) => FileOutcome::Unreadable {
            path: e.path,
            message: e.message,
        },
        Ok(path) => match read_regular(&path) {
            Err(message) => FileOutcome::Unreadable { path, message },
            // Junk bytes are the front end's to diagnose, not a reason to skip the file.
            Ok(bytes) => FileOutcome::Analyzed(analyze_bytes(&path, &bytes, settings)),
        },
    }
}

/// Decodes a file's bytes (see [`decode`]) and analyses the text; what the
/// decoding had to do (invalid UTF-8, NUL bytes, UTF-16) is an `imprecision`
/// finding of the file.
pub fn analyze_bytes(path: &std::path::Path, bytes: &[u8], settings: &Settings) -> FileAnalysis {
    let decoded = decode(bytes);
    let mut analysis = analyze_file(path, &decoded.text, settings);
    for note in decoded.notes {
        let start = note.offset.min(decoded.text.len() as u32);
        let end = (start + 1).min(decoded.text.len() as u32);
        analysis.file_findings.push(plain_finding(
            DiagnosticKind::Imprecision,
            note.message,
            Span::new(start, end),
        ));
    }
    analysis
}

/// 2 on unreadable input or an invalid configuration file, else 1 when anything
/// was reported, else 0.
pub fn exit_code(outcomes: &[FileOutcome]) -> i32 {
    let unusable = outcomes.iter().any(|o| match o {
        FileOutcome::Unreadable { .. } => true,
        FileOutcome::Analyzed(a) => a.config_error.is_some(),
    });
    if unusable {
        EXIT_USAGE
    } else if outcomes
        .iter()
        .all(|o| matches!(o, FileOutcome::Analyzed(a) if a.is_clean()))
    {
        EXIT_CLEAN
    } else {
        EXIT_FINDINGS
    }
}

/// The exit code under `args`' `--severity` and `--exit-zero`: as [`exit_code`], but with a
/// threshold only findings at or above it fail the run, and `--exit-zero` turns findings into 0.
pub fn exit_code_with(outcomes: &[FileOutcome], args: &CheckArgs) -> i32 {
    let code = match (exit_code(outcomes), args.severity) {
        (EXIT_USAGE, _) => EXIT_USAGE,
        (_, Some(threshold)) => threshold_code(outcomes, threshold),
        (code, _) => code,
    };
    if code == EXIT_FINDINGS && args.exit_zero {
        EXIT_CLEAN
    } else {
        code
    }
}

/// 1 when a shown diagnostic reaches `threshold` (every kernel that is not race-free shows one).
fn threshold_code(outcomes: &[FileOutcome], threshold: SeverityThreshold) -> i32 {
    let reached = outcomes.iter().any(|o| match o {
        FileOutcome::Analyzed(a) => view::diagnostics(a)
            .iter()
            .any(|d| threshold.reached_by(d.severity)),
        FileOutcome::Unreadable { .. } => true,
    });
    if reached {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

/// Runs `work` on the analysis thread (`ide::on_analysis_thread`); None,
/// with a message, if the thread died.
pub fn on_analysis_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let result = crate::ide::on_analysis_thread(work);
    if result.is_none() {
        eprintln!("syncwright: error: the analysis thread failed");
    }
    result
}

/// Runs `syncwright check` and returns the exit code.
pub fn run_check(args: &CheckArgs) -> i32 {
    super::fix::keep_freed_memory();
    // One run reads one snapshot of the disk (see `freeze_file_facts`).
    crate::ide::file::freeze_file_facts();
    let outcomes = match on_analysis_thread({
        let args = args.clone();
        move || analyze_inputs(&args)
    }) {
        Some(outcomes) => outcomes,
        None => return EXIT_USAGE,
    };
    let mut stderr = std::io::stderr().lock();
    let mut config_errors_shown = crate::base::HashSet::default();
    for outcome in &outcomes {
        match outcome {
            FileOutcome::Unreadable { path, message } => {
                let _ = writeln!(
                    stderr,
                    "syncwright: error: cannot read {}: {message}",
                    path.display()
                );
            }
            FileOutcome::Analyzed(a) => {
                if let Some(e) = a
                    .config_error
                    .as_ref()
                    .filter(|e| config_errors_shown.insert(e.path.clone()))
                {
                    let _ = writeln!(stderr, "syncwright: error: invalid configuration {e}");
                }
            }
        }
    }
    if outcomes.is_empty() {
        let _ = writeln!(
            stderr,
            "syncwright: warning: no .cu, .cuh or .cl files found"
        );
    }
    let rendered = match args.format {
        Format::Text => text::render(&outcomes, args.explain),
        Format::Json => json::render(&outcomes),
        Format::Sarif => sarif::render(&outcomes),
    };
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth reporting.
    let _ = stdout
        .write_all(rendered.as_bytes())
        .and_then(|_| stdout.flush());
    let code = exit_code_with(&outcomes, args);
    // The process exits next: freeing the analyses (the IR of a 100,000
    // statement kernel is hundreds of megabytes, half a second to free) is
    // left to the system.
    std::mem::forget(outcomes);
    code
}
