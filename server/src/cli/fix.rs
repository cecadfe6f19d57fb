//! `syncwright fix`: a thin translation of `synth::report` to the terminal,
//! with each kernel repaired and re-checked under its own resolved launch
//! configuration (flags > header comment > syncwright.toml > `__launch_bounds__`).
//!
//! Text mode prints the repaired source on stdout and one summary line per
//! kernel on stderr, so `syncwright fix k.cu > fixed.cu` gives a complete file;
//! with `--write` the files are replaced atomically and the summary goes to
//! stdout. JSON mode prints the report of the CLI contract:
//! `{"files":[{"path","kernels":[{"name","status","barriers_before","barriers_after",
//! "cost_before","cost_after","oracle_calls","time_ms","checker_ms","maxsat_ms",
//! "edits":[{"range","new_text"}],
//! "reason","optimal"}]}]}`.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::check::on_analysis_thread;
use super::write::write_in_place;
use super::{LaunchArgs, EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE};
use crate::config::resolve::ConfigError;
use crate::ide::fix::{fix_file, FixSettings};
use crate::ide::workspace as inputs;
use crate::syntax::files::{decode, read_regular};
use crate::synth::report::FileFix;
use crate::synth::{apply_edits, RepairStatus};

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
    /// With `--write`, also write files that are read-only.
    #[arg(long, requires = "write")]
    pub force: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FixFormat::Text)]
    pub format: FixFormat,
    /// Keep every existing barrier; only insert.
    #[arg(long)]
    pub keep_existing: bool,
    /// Pad shared arrays to remove bank conflicts instead of placing barriers.
    #[arg(long)]
    pub bank_conflicts: bool,
    /// Repair races between blocks with grid barriers (`this_grid().sync()`;
    /// the kernel must then be launched with cudaLaunchCooperativeKernel).
    /// Implied for kernels that use `this_grid()` or are launched so in the file.
    #[arg(long)]
    pub grid_barriers: bool,
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

/// What happened to one input of `fix`.
#[derive(Debug)]
pub enum FixOutcome {
    /// Repaired (or found nothing to do); `config_error` is an invalid
    /// `syncwright.toml` the repair went on without.
    Fixed {
        /// The result (positions in the text as analysed).
        fix: FileFix,
        /// The repaired file as it is written or printed: the file's own line
        /// ends in every inserted line, its byte-order mark kept.
        output: String,
        /// Whether `output` differs from the file.
        changed: bool,
        /// An invalid project file, if any.
        config_error: Option<ConfigError>,
    },
    /// Not processed.
    Failed {
        /// The path.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

/// Lets the allocator keep freed memory for reuse instead of returning it to
/// the system. Synthesis checks many candidate kernels, each in a Z3 context
/// of its own; glibc would unmap each context's memory when it is freed and
/// fault the same amount in again for the next one, which cost more than the
/// checks of small kernels themselves (so does `check` of a file or folder
/// with several kernels that need the solver: a kernel's encoding time was
/// mostly these page faults). `fix` and `check` are short-lived processes,
/// so holding on to their peak is harmless (the language server does not do
/// this).
pub(super) fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only changes allocator thresholds; it is called before
    // the analysis thread starts, and a rejected value leaves the defaults.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, 256 << 20);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
    }
}

/// Repairs every kernel of the file at `path` with contents `text`.
pub fn fix_text(path: &Path, text: &str, args: &FixArgs) -> FixOutcome {
    let fix = FixSettings {
        loop_cost: args.loop_cost,
        cond_cost: args.cond_cost,
        keep_existing: args.keep_existing,
        grid_barriers: args.grid_barriers,
    };
    let (fix, config_error) = fix_file(path, text, &args.launch.settings(), fix);
    FixOutcome::Fixed {
        output: fix.fixed.clone(),
        changed: fix.changed(),
        fix,
        config_error,
    }
}

/// Repairs the file at `path` with contents `bytes`; a file that is not
/// exactly UTF-8 is not repaired (rewriting it would change its other bytes).
pub fn fix_bytes(path: &Path, bytes: &[u8], args: &FixArgs) -> FixOutcome {
    let decoded = decode(bytes);
    if !decoded.exact {
        let why: Vec<String> = decoded.notes.into_iter().map(|n| n.message).collect();
        return FixOutcome::Failed {
            path: path.to_path_buf(),
            message: format!("{}; not repaired, to keep its bytes intact", why.join("; ")),
        };
    }
    let outcome = fix_text(path, &decoded.text, args);
    let FixOutcome::Fixed {
        mut fix,
        config_error,
        ..
    } = outcome
    else {
        return outcome;
    };
    // The text was analysed with lone CRs read as LF (same offsets) and
    // without the BOM; edits insert `\n`. Apply them to the file's own text
    // with its own line ends.
    let body = match std::str::from_utf8(bytes) {
        Ok(text) if decoded.bom => text.get(3..).unwrap_or_default(),
        Ok(text) => text,
        Err(_) => {
            return FixOutcome::Failed {
                path: path.to_path_buf(),
                message: "not valid UTF-8; not repaired".to_string(),
            }
        }
    };
    let mut edits = Vec::new();
    for kernel in &mut fix.kernels {
        for edit in kernel.edits.iter_mut().filter(|e| e.span.file.0 == 0) {
            edit.new_text = decoded.line_end.apply(&edit.new_text);
            edits.push(edit.clone());
        }
    }
    let edits: Vec<_> = if fix.changed() { edits } else { Vec::new() };
    let output = match apply_edits(body, &edits) {
        Ok(text) => text,
        Err(why) => {
            return FixOutcome::Failed {
                path: path.to_path_buf(),
                message: format!("the repair could not be applied to the file: {why}"),
            }
        }
    };
    let changed = output != body;
    let output = if decoded.bom {
        format!("\u{FEFF}{output}")
    } else {
        output
    };
    FixOutcome::Fixed {
        fix,
        output,
        changed,
        config_error,
    }
}

/// Reads and repairs every input.
pub fn fix_inputs(args: &FixArgs) -> Vec<FixOutcome> {
    inputs::collect(&args.paths)
        .into_iter()
        .map(|input| {
            let path = match input {
                Ok(path) => path,
                Err(e) => {
                    return FixOutcome::Failed {
                        path: e.path,
                        message: e.message,
                    }
                }
            };
            match read_regular(&path) {
                Err(message) => FixOutcome::Failed {
                    path,
                    message: format!("cannot read: {message}"),
                },
                Ok(bytes) => fix_bytes(&path, &bytes, args),
            }
        })
        .collect()
}

/// 2 if an input could not be processed or its configuration is invalid, 1 if
/// some kernel is unrepairable or inconclusive, else 0.
pub fn exit_code(outcomes: &[FixOutcome]) -> i32 {
    let failed = outcomes.iter().any(|o| match o {
        FixOutcome::Failed { .. } => true,
        FixOutcome::Fixed { config_error, .. } => config_error.is_some(),
    });
    let unfixed = outcomes.iter().any(|o| match o {
        FixOutcome::Failed { .. } => false,
        FixOutcome::Fixed { fix, .. } => fix.kernels.iter().any(|k| {
            matches!(
                k.status,
                RepairStatus::Unrepairable | RepairStatus::Inconclusive
            )
        }),
    });
    if failed {
        EXIT_USAGE
    } else if unfixed {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

/// Runs `syncwright fix` and returns the exit code.
pub fn run_fix(args: &FixArgs) -> i32 {
    keep_freed_memory();
    if args.bank_conflicts {
        let args = args.clone();
        return on_analysis_thread(move || super::fix_banks::run(&args)).unwrap_or(EXIT_USAGE);
    }
    let Some(outcomes) = on_analysis_thread({
        let args = args.clone();
        move || fix_inputs(&args)
    }) else {
        return EXIT_USAGE;
    };
    let mut stderr = std::io::stderr().lock();
    let mut stdout = std::io::stdout().lock();
    let mut code = exit_code(&outcomes);
    // Per input, in order: the error that kept it from being repaired or
    // written, if any (every input is reported in every format).
    let mut errors: Vec<Option<String>> = Vec::with_capacity(outcomes.len());
    for outcome in &outcomes {
        let error = match outcome {
            FixOutcome::Failed { message, .. } => Some(message.clone()),
            FixOutcome::Fixed {
                config_error: Some(e),
                ..
            } => Some(format!("invalid configuration {e}")),
            FixOutcome::Fixed { .. } => None,
        };
        let written = match outcome {
            FixOutcome::Fixed {
                fix,
                output,
                changed: true,
                ..
            } if args.write => write_in_place(Path::new(&fix.path), output, args.force)
                .err()
                .map(|e| format!("cannot write: {e}")),
            _ => None,
        };
        if written.is_some() {
            code = EXIT_USAGE;
        }
        for message in error.iter().chain(&written) {
            let _ = writeln!(
                stderr,
                "syncwright: error: {}: {message}",
                outcome_path(outcome).display()
            );
        }
        errors.push(written.or(error));
    }
    match args.format {
        FixFormat::Json => {
            let files: Vec<serde_json::Value> = outcomes
                .iter()
                .zip(&errors)
                .map(|(outcome, error)| {
                    let mut file = match outcome {
                        FixOutcome::Fixed { fix, .. } => {
                            serde_json::to_value(fix.to_json()).unwrap_or_default()
                        }
                        FixOutcome::Failed { path, .. } => serde_json::json!({
                            "path": path.display().to_string(),
                            "kernels": [],
                        }),
                    };
                    if let (Some(error), Some(object)) = (error, file.as_object_mut()) {
                        object.insert("error".into(), error.clone().into());
                    }
                    file
                })
                .collect();
            match serde_json::to_string_pretty(&serde_json::json!({ "files": files })) {
                Ok(text) => {
                    let _ = writeln!(stdout, "{text}");
                }
                Err(e) => {
                    let _ = writeln!(stderr, "syncwright: error: cannot encode the report: {e}");
                    code = EXIT_USAGE;
                }
            }
        }
        FixFormat::Text => {
            let fixes: Vec<(&FileFix, &String)> = outcomes
                .iter()
                .filter_map(|o| match o {
                    FixOutcome::Fixed { fix, output, .. } => Some((fix, output)),
                    FixOutcome::Failed { .. } => None,
                })
                .collect();
            let many = fixes.len() > 1;
            for (fix, output) in &fixes {
                if !args.write {
                    if many {
                        let _ = writeln!(stdout, "==> {} <==", fix.path);
                    }
                    let _ = write!(stdout, "{output}");
                }
                let mut lines = fix.summary();
                if fix.kernels.is_empty() {
                    lines.push(format!("{}: no kernels", fix.path));
                }
                for line in lines {
                    // stdout carries the source unless it was written in place.
                    let _ = if args.write {
                        writeln!(stdout, "{line}")
                    } else {
                        writeln!(stderr, "{line}")
                    };
                }
            }
        }
    }
    let _ = stdout.flush();
    code
}

fn outcome_path(outcome: &FixOutcome) -> &Path {
    match outcome {
        FixOutcome::Fixed { fix, .. } => Path::new(&fix.path),
        FixOutcome::Failed { path, .. } => path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "--grid-barriers",
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
        assert!(args.write && args.keep_existing && args.grid_barriers);
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
    fn exit_codes_follow_the_worst_kernel() {
        let file = |status: RepairStatus| {
            let mut k = crate::synth::KernelRepair::inconclusive("k", "because".into());
            k.status = status;
            FixOutcome::Fixed {
                fix: FileFix {
                    path: "k.cu".into(),
                    original: "x".into(),
                    fixed: "x".into(),
                    kernels: vec![k],
                },
                output: "x".into(),
                changed: false,
                config_error: None,
            }
        };
        assert_eq!(exit_code(&[file(RepairStatus::Repaired)]), 0);
        assert_eq!(exit_code(&[file(RepairStatus::AlreadyRaceFree)]), 0);
        assert_eq!(exit_code(&[file(RepairStatus::Unrepairable)]), 1);
        assert_eq!(exit_code(&[file(RepairStatus::Inconclusive)]), 1);
        let failed = FixOutcome::Failed {
            path: "x.cu".into(),
            message: "gone".into(),
        };
        assert_eq!(exit_code(&[file(RepairStatus::Repaired), failed]), 2);
    }
}
