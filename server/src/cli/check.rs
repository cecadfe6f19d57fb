//! `syncwright check`: analyse every input, render, and choose the exit code.

use std::io::Write;
use std::path::PathBuf;

use super::{json, sarif, text, CheckArgs, Format, EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE};
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
    analyze_paths(&args.paths, &args.launch.settings())
}

/// Reads and analyses every file found under `paths`.
pub fn analyze_paths(paths: &[PathBuf], settings: &Settings) -> Vec<FileOutcome> {
    inputs::collect(paths)
        .into_iter()
        .map(|input| match input {
            Err(e) => FileOutcome::Unreadable {
                path: e.path,
                message: e.message,
            },
            Ok(path) => match read_regular(&path) {
                Err(message) => FileOutcome::Unreadable { path, message },
                // Junk bytes are the front end's to diagnose, not a reason to skip the file.
                Ok(bytes) => FileOutcome::Analyzed(analyze_bytes(&path, &bytes, settings)),
            },
        })
        .collect()
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
    let outcomes = match on_analysis_thread({
        let args = args.clone();
        move || analyze_inputs(&args)
    }) {
        Some(outcomes) => outcomes,
        None => return EXIT_USAGE,
    };
    let mut stderr = std::io::stderr().lock();
    let mut config_errors_shown = std::collections::HashSet::new();
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
        Format::Text => text::render(&outcomes),
        Format::Json => json::render(&outcomes),
        Format::Sarif => sarif::render(&outcomes),
    };
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth reporting.
    let _ = stdout
        .write_all(rendered.as_bytes())
        .and_then(|_| stdout.flush());
    exit_code(&outcomes)
}
