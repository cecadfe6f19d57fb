//! `syncwright fix`: repair every kernel with the synthesizer and print the
//! repaired source (or write it in place), with a summary per kernel.
//!
//! Text mode prints the source on stdout and the summary on stderr, so
//! `syncwright fix k.cu > fixed.cu` gives a complete file; with `--write` the
//! summary goes to stdout. JSON mode prints one document:
//! `{"files":[{"path","kernels":[{"name","status","barriers_before","barriers_after",
//! "cost_before","cost_after","oracle_calls","time_ms","edits":[{"range","new_text"}],
//! "reason"}]}]}`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use super::check::{analyze_paths, on_analysis_thread, FileOutcome};
use super::json::range_json;
use super::{LaunchArgs, EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE};
use crate::ide::{FileAnalysis, KernelAnalysis};
use crate::synth::{repair_kernel, KernelRepair, RepairStatus, SynthOptions, TextEdit};

/// Output format of `fix`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FixFormat {
    /// The repaired source, and a summary per kernel on stderr.
    Text,
    /// One JSON document.
    Json,
}

/// Arguments of `syncwright fix`.
#[derive(Clone, Debug, Args)]
pub struct FixArgs {
    /// Write the repaired files in place (atomically) instead of printing them.
    #[arg(long)]
    pub write: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FixFormat::Text)]
    pub format: FixFormat,
    /// Keep every existing barrier; only insert.
    #[arg(long)]
    pub keep_existing: bool,
    /// Cost factor of each enclosing loop (LC, default 100).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub loop_cost: Option<f64>,
    /// Cost factor of each enclosing conditional (IC, default 0.5).
    #[arg(long, value_name = "X", value_parser = parse_positive)]
    pub cond_cost: Option<f64>,
    /// Launch configuration and checking flags.
    #[command(flatten)]
    pub launch: LaunchArgs,
    /// Files (`.cu`, `.cuh`, `.cl`) or folders, searched recursively.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

fn parse_positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("`{text}` is not a positive number")),
    }
}

/// The repair of one kernel.
#[derive(Clone, Debug)]
pub struct KernelFix {
    /// The synthesizer's result (or the reason none was computed).
    pub repair: KernelRepair,
}

/// A file after repair: its analysis, each kernel's repair, and the new texts.
#[derive(Debug)]
pub struct FileFix {
    /// The analysis the repairs started from.
    pub analysis: FileAnalysis,
    /// One repair per kernel, in source order.
    pub kernels: Vec<KernelFix>,
    /// New text of every file of the program the edits touch (main file always
    /// present unless `error` is set), by program file index.
    pub repaired: BTreeMap<u32, String>,
    /// Why the edits could not be applied, if so.
    pub error: Option<String>,
}

/// What happened to one input of `fix`.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum FixOutcome {
    /// Analysed and repaired.
    Fixed(FileFix),
    /// Not processed.
    Failed {
        /// The path.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

/// A repair result for a kernel the synthesizer did not run on.
fn no_repair(name: &str, status: RepairStatus, reason: String) -> KernelRepair {
    KernelRepair {
        name: name.to_string(),
        status,
        barriers_before: 0,
        barriers_after: 0,
        cost_before: 0.0,
        cost_after: 0.0,
        oracle_calls: 0,
        time_ms: 0.0,
        edits: Vec::new(),
        reason: Some(reason),
        fixes: Vec::new(),
    }
}

/// Repairs one analysed kernel; synthesizer panics become `inconclusive`.
fn repair_one(analysis: &FileAnalysis, kernel: &KernelAnalysis, args: &FixArgs) -> KernelRepair {
    let name = &kernel.report.name;
    let Some(ir) = &kernel.kernel else {
        let reason = kernel.report.findings.first().map_or_else(
            || "the kernel could not be analysed".to_string(),
            |f| f.message.clone(),
        );
        return no_repair(name, RepairStatus::Inconclusive, reason);
    };
    let mut cost = analysis.cost;
    if let Some(lc) = args.loop_cost {
        cost.loop_cost = lc;
    }
    if let Some(ic) = args.cond_cost {
        cost.cond_cost = ic;
    }
    let opts = SynthOptions {
        check: kernel.options.clone(),
        cost,
        keep_existing: args.keep_existing,
    };
    catch_unwind(AssertUnwindSafe(|| {
        repair_kernel(ir, &analysis.program.files, &opts)
    }))
    .unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        no_repair(
            name,
            RepairStatus::Inconclusive,
            format!("internal error in the synthesizer: {message}"),
        )
    })
}

/// Applies `edits` to `text`; edits must not overlap and must fall on character boundaries.
pub fn apply_edits(text: &str, edits: &[&TextEdit]) -> Result<String, String> {
    let mut sorted: Vec<&TextEdit> = edits.to_vec();
    sorted.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0usize;
    for edit in sorted {
        let (start, end) = (edit.span.start as usize, edit.span.end as usize);
        if start < cursor {
            return Err(format!("edits overlap at byte {start}"));
        }
        let piece = text.get(cursor..start).ok_or_else(|| {
            format!("edit at bytes {start}..{end} is outside the text or splits a character")
        })?;
        if end < start || text.get(start..end).is_none() {
            return Err(format!(
                "edit at bytes {start}..{end} is outside the text or splits a character"
            ));
        }
        out.push_str(piece);
        out.push_str(&edit.new_text);
        cursor = end;
    }
    out.push_str(text.get(cursor..).unwrap_or(""));
    Ok(out)
}

/// Repairs every kernel of an analysed file and applies the edits in memory.
pub fn fix_file(analysis: FileAnalysis, args: &FixArgs) -> FileFix {
    let kernels: Vec<KernelFix> = analysis
        .kernels
        .iter()
        .map(|k| KernelFix {
            repair: repair_one(&analysis, k, args),
        })
        .collect();
    let mut by_file: BTreeMap<u32, Vec<&TextEdit>> = BTreeMap::new();
    by_file.insert(0, Vec::new());
    for k in &kernels {
        for edit in &k.repair.edits {
            by_file.entry(edit.span.file.0).or_default().push(edit);
        }
    }
    let mut repaired = BTreeMap::new();
    let mut error = None;
    for (file, edits) in by_file {
        let Some(source) = analysis.program.files.get(file as usize) else {
            error = Some(format!("an edit refers to unknown file #{file}"));
            break;
        };
        match apply_edits(&source.text, &edits) {
            Ok(text) => {
                repaired.insert(file, text);
            }
            Err(e) => {
                error = Some(format!("{}: {e}; nothing was changed", source.path));
                break;
            }
        }
    }
    if error.is_some() {
        repaired.clear();
    }
    FileFix {
        analysis,
        kernels,
        repaired,
        error,
    }
}

/// Writes `contents` to `path` through a temporary file in the same folder and a
/// rename, keeping the original's permissions.
pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.syncwright-{}", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, meta.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

fn status_str(status: RepairStatus) -> &'static str {
    match status {
        RepairStatus::Repaired => "repaired",
        RepairStatus::AlreadyRaceFree => "already-race-free",
        RepairStatus::Unrepairable => "unrepairable",
        RepairStatus::Inconclusive => "inconclusive",
    }
}

/// One summary line per kernel.
pub fn summary(outcomes: &[FixOutcome]) -> String {
    let mut out = String::new();
    for outcome in outcomes {
        let FixOutcome::Fixed(file) = outcome else {
            continue;
        };
        let path = file.analysis.path.display();
        for k in &file.kernels {
            let r = &k.repair;
            let _ = write!(
                out,
                "{path}: kernel '{}': {}",
                r.name,
                status_str(r.status).replace('-', " ")
            );
            match r.status {
                RepairStatus::Repaired | RepairStatus::AlreadyRaceFree => {
                    let _ = write!(
                        out,
                        ": barriers {} -> {}, cost {} -> {} ({} edit{}, {} check{}, {:.1} ms)",
                        r.barriers_before,
                        r.barriers_after,
                        r.cost_before,
                        r.cost_after,
                        r.edits.len(),
                        if r.edits.len() == 1 { "" } else { "s" },
                        r.oracle_calls,
                        if r.oracle_calls == 1 { "" } else { "s" },
                        r.time_ms
                    );
                }
                RepairStatus::Unrepairable | RepairStatus::Inconclusive => {}
            }
            if let Some(reason) = &r.reason {
                let _ = write!(out, ": {reason}");
            }
            out.push('\n');
        }
        if let Some(e) = &file.error {
            let _ = writeln!(out, "{path}: error: {e}");
        }
    }
    out
}

fn edit_json(file: &FileFix, edit: &TextEdit) -> Value {
    let location = file.analysis.locate(edit.span);
    let mut value = json!({ "range": range_json(&location), "new_text": edit.new_text });
    if !location.in_main_file {
        value["path"] = json!(location.path);
    }
    value
}

/// The JSON document of `fix`; `include_source` adds each file's repaired text.
pub fn document(outcomes: &[FixOutcome], include_source: bool) -> Value {
    let files: Vec<Value> = outcomes
        .iter()
        .map(|outcome| match outcome {
            FixOutcome::Failed { path, message } => {
                json!({ "path": path.display().to_string(), "error": message, "kernels": [] })
            }
            FixOutcome::Fixed(file) => {
                let kernels: Vec<Value> = file
                    .kernels
                    .iter()
                    .map(|k| {
                        let r = &k.repair;
                        json!({
                            "name": r.name,
                            "status": status_str(r.status),
                            "barriers_before": r.barriers_before,
                            "barriers_after": r.barriers_after,
                            "cost_before": r.cost_before,
                            "cost_after": r.cost_after,
                            "oracle_calls": r.oracle_calls,
                            "time_ms": r.time_ms,
                            "edits": r.edits.iter().map(|e| edit_json(file, e)).collect::<Vec<_>>(),
                            "reason": r.reason,
                        })
                    })
                    .collect();
                let mut value =
                    json!({ "path": file.analysis.path.display().to_string(), "kernels": kernels });
                if let Some(e) = &file.error {
                    value["error"] = json!(e);
                }
                if include_source {
                    if let Some(text) = file.repaired.get(&0) {
                        value["repaired_source"] = json!(text);
                    }
                }
                value
            }
        })
        .collect();
    json!({ "version": env!("CARGO_PKG_VERSION"), "files": files })
}

/// 2 if an input could not be processed, 1 if a kernel is unrepairable or
/// inconclusive or edits could not be applied, else 0.
pub fn exit_code(outcomes: &[FixOutcome]) -> i32 {
    let failed = outcomes.iter().any(|o| match o {
        FixOutcome::Failed { .. } => true,
        FixOutcome::Fixed(f) => f.analysis.config_error.is_some(),
    });
    let incomplete = outcomes.iter().any(|o| match o {
        FixOutcome::Failed { .. } => false,
        FixOutcome::Fixed(f) => {
            f.error.is_some()
                || f.kernels.iter().any(|k| {
                    matches!(
                        k.repair.status,
                        RepairStatus::Unrepairable | RepairStatus::Inconclusive
                    )
                })
        }
    });
    if failed {
        EXIT_USAGE
    } else if incomplete {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

/// Analyses and repairs every input.
pub fn fix_inputs(args: &FixArgs) -> Vec<FixOutcome> {
    analyze_paths(&args.paths, &args.launch.settings())
        .into_iter()
        .map(|outcome| match outcome {
            FileOutcome::Unreadable { path, message } => FixOutcome::Failed { path, message },
            FileOutcome::Analyzed(analysis) => {
                let lossy = std::fs::read(&analysis.path)
                    .map(|b| String::from_utf8(b).is_err())
                    .unwrap_or(false);
                if lossy {
                    FixOutcome::Failed {
                        path: analysis.path.clone(),
                        message: "not valid UTF-8; not repaired, to keep its bytes intact"
                            .to_string(),
                    }
                } else {
                    FixOutcome::Fixed(fix_file(analysis, args))
                }
            }
        })
        .collect()
}

/// Writes every repaired file that changed; returns a message per failure.
fn write_outcomes(outcomes: &mut [FixOutcome]) -> Vec<String> {
    let mut errors = Vec::new();
    for outcome in outcomes.iter_mut() {
        let FixOutcome::Fixed(file) = outcome else {
            continue;
        };
        for (index, text) in &file.repaired {
            let Some(source) = file.analysis.program.files.get(*index as usize) else {
                continue;
            };
            if *text == source.text {
                continue;
            }
            let path = if *index == 0 {
                file.analysis.path.clone()
            } else {
                PathBuf::from(&source.path)
            };
            if let Err(e) = write_atomically(&path, text) {
                errors.push(format!("cannot write {}: {e}", path.display()));
            }
        }
    }
    errors
}

/// Runs `syncwright fix` and returns the exit code.
pub fn run_fix(args: &FixArgs) -> i32 {
    let Some(mut outcomes) = on_analysis_thread({
        let args = args.clone();
        move || fix_inputs(&args)
    }) else {
        return EXIT_USAGE;
    };
    let mut stderr = std::io::stderr().lock();
    for outcome in &outcomes {
        match outcome {
            FixOutcome::Failed { path, message } => {
                let _ = writeln!(stderr, "syncwright: error: {}: {message}", path.display());
            }
            FixOutcome::Fixed(file) => {
                if let Some(e) = &file.analysis.config_error {
                    let _ = writeln!(stderr, "syncwright: error: invalid configuration {e}");
                }
            }
        }
    }
    let write_errors = if args.write {
        write_outcomes(&mut outcomes)
    } else {
        Vec::new()
    };
    for e in &write_errors {
        let _ = writeln!(stderr, "syncwright: error: {e}");
    }
    let mut stdout = std::io::stdout().lock();
    let _ = match (args.format, args.write) {
        (FixFormat::Json, write) => {
            let text =
                serde_json::to_string_pretty(&document(&outcomes, !write)).unwrap_or_default();
            writeln!(stdout, "{text}")
        }
        (FixFormat::Text, true) => write!(stdout, "{}", summary(&outcomes)),
        (FixFormat::Text, false) => {
            let _ = write!(stderr, "{}", summary(&outcomes));
            write!(stdout, "{}", sources(&outcomes))
        }
    };
    let _ = stdout.flush();
    if write_errors.is_empty() {
        exit_code(&outcomes)
    } else {
        EXIT_USAGE
    }
}

/// The repaired sources: bare for a single file, else each after a `==> path <==` line.
fn sources(outcomes: &[FixOutcome]) -> String {
    let texts: Vec<(String, &String)> = outcomes
        .iter()
        .filter_map(|o| match o {
            FixOutcome::Fixed(f) => Some(f),
            FixOutcome::Failed { .. } => None,
        })
        .flat_map(|f| {
            f.repaired.iter().filter_map(move |(index, text)| {
                let path = if *index == 0 {
                    f.analysis.path.display().to_string()
                } else {
                    f.analysis.program.files.get(*index as usize)?.path.clone()
                };
                Some((path, text))
            })
        })
        .collect();
    if let [(_, text)] = texts.as_slice() {
        return (*text).clone();
    }
    let mut out = String::new();
    for (path, text) in texts {
        let _ = writeln!(out, "==> {path} <==");
        out.push_str(text);
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Span;

    /// An insertion at byte `at` of the main file.
    fn insertion(at: u32, text: &str) -> TextEdit {
        TextEdit {
            span: Span::new(at, at),
            new_text: text.to_string(),
        }
    }

    #[test]
    fn edits_apply_in_order_and_reject_overlaps() {
        let text = "a = s[t];\nb = 1;\n";
        let barrier = insertion(10, "__syncthreads();\n");
        let replace = TextEdit {
            span: Span::new(0, 1),
            new_text: "x".into(),
        };
        assert_eq!(
            apply_edits(text, &[&barrier, &replace]).unwrap(),
            "x = s[t];\n__syncthreads();\nb = 1;\n"
        );
        assert_eq!(apply_edits(text, &[]).unwrap(), text);
        let overlap = TextEdit {
            span: Span::new(0, 3),
            new_text: String::new(),
        };
        assert!(apply_edits(text, &[&replace, &overlap]).is_err());
        assert!(apply_edits(text, &[&insertion(99, "x")]).is_err());
        assert!(apply_edits("é", &[&insertion(1, "x")]).is_err());
        // Two insertions at one point keep their order.
        let (a, b) = (insertion(0, "1"), insertion(0, "2"));
        assert_eq!(apply_edits("z", &[&a, &b]).unwrap(), "12z");
    }

    #[test]
    fn atomic_write_replaces_and_keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("syncwright-fix-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("k.cu");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o640
        );
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        assert!(write_atomically(&dir.join("missing/k.cu"), "x").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn fix_arguments_parse() {
        use clap::Parser;
        let cli = super::super::Cli::try_parse_from([
            "syncwright",
            "fix",
            "--write",
            "--format",
            "json",
            "--keep-existing",
            "--loop-cost",
            "10",
            "--cond-cost",
            "0.25",
            "--block-dim",
            "64",
            "k.cu",
        ])
        .unwrap();
        let super::super::Command::Fix(args) = cli.command else {
            panic!("not fix")
        };
        assert!(args.write && args.keep_existing);
        assert_eq!(args.format, FixFormat::Json);
        assert_eq!((args.loop_cost, args.cond_cost), (Some(10.0), Some(0.25)));
        assert_eq!(args.launch.block_dim, Some([64, 1, 1]));
        for bad in [
            ["fix", "--loop-cost", "0"],
            ["fix", "--cond-cost", "-1"],
            ["fix", "--format", "sarif"],
        ] {
            let args = std::iter::once("syncwright").chain(bad).chain(["k.cu"]);
            assert!(super::super::Cli::try_parse_from(args).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn statuses_and_exit_codes() {
        let file = |status| {
            let mut analysis_fix = FileFix {
                analysis: FileAnalysis {
                    path: "k.cu".into(),
                    program: crate::ir::Program {
                        files: vec![crate::ir::SourceFileInfo {
                            path: "k.cu".into(),
                            text: "x".into(),
                        }],
                        kernels: vec![],
                        unsupported: vec![],
                        diagnostics: vec![],
                    },
                    kernels: vec![],
                    file_findings: vec![],
                    config: Default::default(),
                    config_error: None,
                    cost: Default::default(),
                    time_ms: 0.0,
                    line_starts: Default::default(),
                },
                kernels: vec![],
                repaired: BTreeMap::new(),
                error: None,
            };
            analysis_fix.kernels.push(KernelFix {
                repair: no_repair("k", status, "because".into()),
            });
            FixOutcome::Fixed(analysis_fix)
        };
        assert_eq!(exit_code(&[file(RepairStatus::Repaired)]), 0);
        assert_eq!(exit_code(&[file(RepairStatus::AlreadyRaceFree)]), 0);
        assert_eq!(exit_code(&[file(RepairStatus::Unrepairable)]), 1);
        assert_eq!(
            exit_code(&[
                file(RepairStatus::Inconclusive),
                FixOutcome::Failed {
                    path: "x".into(),
                    message: "m".into()
                }
            ]),
            2
        );
        let outcomes = [file(RepairStatus::Unrepairable)];
        assert_eq!(
            summary(&outcomes),
            "k.cu: kernel 'k': unrepairable: because\n"
        );
        let doc = document(&outcomes, true);
        assert_eq!(doc["files"][0]["kernels"][0]["status"], "unrepairable");
        assert_eq!(doc["files"][0]["kernels"][0]["reason"], "because");
        assert_eq!(doc["files"][0]["kernels"][0]["edits"], json!([]));
        assert_eq!(
            status_str(RepairStatus::AlreadyRaceFree),
            "already-race-free"
        );
    }
}
