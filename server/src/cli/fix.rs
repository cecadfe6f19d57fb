//! `syncwright fix [--write] [--format text|json] [--keep-existing]
//! [--loop-cost N] [--cond-cost X] PATH...`: a thin translation of
//! `synth::report` to the terminal.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::{CheckOptions, CostModel};
use crate::synth::report::{fix_path, write_atomically, FileFix, FixReportJson};
use crate::synth::{RepairStatus, SynthOptions};

/// Output format of `fix`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FixFormat {
    /// Repaired source on stdout (unless `--write`), one summary line per kernel.
    #[default]
    Text,
    /// The JSON report of the CLI contract on stdout.
    Json,
}

/// Arguments of `fix`, as parsed by the CLI.
#[derive(Clone, Debug, Default)]
pub struct FixArgs {
    /// Files or directories (searched for `.cu`, `.cuh`, `.cl`).
    pub paths: Vec<PathBuf>,
    /// Write repaired files in place (atomically).
    pub write: bool,
    /// Output format.
    pub format: FixFormat,
    /// Keep every existing barrier; only insert.
    pub keep_existing: bool,
    /// `--loop-cost N` (LC).
    pub loop_cost: Option<f64>,
    /// `--cond-cost X` (IC).
    pub cond_cost: Option<f64>,
}

/// Exit code: every kernel repaired or already race-free.
pub const EXIT_OK: i32 = 0;
/// Exit code: some kernel is unrepairable or inconclusive.
pub const EXIT_UNFIXED: i32 = 1;
/// Exit code: bad arguments or unreadable/unwritable files.
pub const EXIT_ERROR: i32 = 2;

/// Runs `fix`. `check` carries the resolved launch configuration and budget,
/// `cost` the cost model from `syncwright.toml` (flags override it).
pub fn run(
    args: &FixArgs,
    check: CheckOptions,
    cost: CostModel,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let cost = CostModel {
        loop_cost: args.loop_cost.unwrap_or(cost.loop_cost),
        cond_cost: args.cond_cost.unwrap_or(cost.cond_cost),
    };
    for (flag, v) in [
        ("--loop-cost", cost.loop_cost),
        ("--cond-cost", cost.cond_cost),
    ] {
        if !(v.is_finite() && v > 0.0) {
            let _ = writeln!(
                err,
                "syncwright fix: {flag} must be a positive number, got {v}"
            );
            return EXIT_ERROR;
        }
    }
    if args.paths.is_empty() {
        let _ = writeln!(err, "syncwright fix: no PATH given");
        return EXIT_ERROR;
    }
    let opts = SynthOptions {
        check,
        cost,
        keep_existing: args.keep_existing,
    };
    let mut files = Vec::new();
    let mut code = EXIT_OK;
    for p in &args.paths {
        if let Err(e) = collect(p, &mut files) {
            let _ = writeln!(err, "syncwright fix: {}: {e}", p.display());
            code = EXIT_ERROR;
        }
    }
    let mut results: Vec<FileFix> = Vec::new();
    for path in &files {
        match fix_path(path, &opts) {
            Ok(r) => results.push(r),
            Err(e) => {
                let _ = writeln!(err, "syncwright fix: {}: cannot read: {e}", path.display());
                code = EXIT_ERROR;
            }
        }
    }
    for r in &results {
        if r.kernels.iter().any(|k| {
            matches!(
                k.status,
                RepairStatus::Unrepairable | RepairStatus::Inconclusive
            )
        }) && code == EXIT_OK
        {
            code = EXIT_UNFIXED;
        }
        if args.write && r.changed() {
            if let Err(e) = write_atomically(Path::new(&r.path), &r.fixed) {
                let _ = writeln!(err, "syncwright fix: {}: cannot write: {e}", r.path);
                code = EXIT_ERROR;
            }
        }
    }
    match args.format {
        FixFormat::Json => {
            let report = FixReportJson {
                files: results.iter().map(FileFix::to_json).collect(),
            };
            match serde_json::to_string_pretty(&report) {
                Ok(s) => {
                    let _ = writeln!(out, "{s}");
                }
                Err(e) => {
                    let _ = writeln!(err, "syncwright fix: cannot encode the report: {e}");
                    return EXIT_ERROR;
                }
            }
        }
        FixFormat::Text => {
            let many = results.len() > 1;
            for r in &results {
                if !args.write {
                    if many {
                        let _ = writeln!(out, "==> {} <==", r.path);
                    }
                    let _ = write!(out, "{}", r.fixed);
                }
                let mut lines = r.summary();
                if r.kernels.is_empty() {
                    lines.push(format!("{}: no kernels", r.path));
                }
                for line in lines {
                    // Summaries go to stderr while stdout carries the source.
                    let _ = if args.write {
                        writeln!(out, "{line}")
                    } else {
                        writeln!(err, "{line}")
                    };
                }
            }
        }
    }
    code
}

/// Adds `path` (a file, or the kernel files under a directory) to `files`.
fn collect(path: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let meta = std::fs::metadata(path)?;
    if meta.is_file() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            collect(&e, files)?;
        } else if matches!(
            e.extension().and_then(|x| x.to_str()),
            Some("cu" | "cuh" | "cl")
        ) {
            files.push(e);
        }
    }
    Ok(())
}
