//! `syncwright fix`: a thin translation of `synth::report` to the terminal,
//! with each kernel repaired and re-checked under its own resolved launch
//! configuration (flags > header comment > syncwright.toml > `__launch_bounds__`).
//!
//! Text mode prints the repaired source on stdout and one summary line per
//! kernel on stderr, so `syncwright fix k.cu > fixed.cu` gives a complete file;
//! with `--write` the files are replaced atomically and the summary goes to
//! stdout. JSON mode prints the report of the CLI contract:
//! `{"files":[{"path","kernels":[{"name","status","barriers_before","barriers_after",
//! "cost_before","cost_after","oracle_calls","time_ms","edits":[{"range","new_text"}],
//! "reason"}]}]}`.

use std::io::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::check::on_analysis_thread;
use super::inputs;
use super::{LaunchArgs, EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE};
use crate::config::resolve::{ConfigError, Explicit, FileConfig};
use crate::config::{CheckOptions, CostModel};
use crate::ide::{check_guarded, lower_guarded, panic_message};
use crate::ir::lower::FsIncludes;
use crate::ir::{Kernel, SourceFileInfo};
use crate::synth::report::{fix_program, write_atomically, FileFix, FixReportJson};
use crate::synth::{repair_kernel, KernelRepair, RepairStatus, SynthOptions};

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
    /// Pad shared arrays to remove bank conflicts instead of placing barriers.
    #[arg(long)]
    pub bank_conflicts: bool,
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
        /// The result.
        fix: FileFix,
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

/// A kernel the synthesizer could not run on.
fn inconclusive(name: &str, reason: String) -> KernelRepair {
    KernelRepair {
        name: name.to_string(),
        status: RepairStatus::Inconclusive,
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

/// Repairs every kernel of the file at `path` with contents `text`.
pub fn fix_text(path: &Path, text: &str, args: &FixArgs) -> FixOutcome {
    let settings = args.launch.settings();
    let explicit = Explicit {
        cost: None,
        ..settings.explicit()
    };
    let (config, config_error) = FileConfig::load(path, text);
    let resolved_cost = config.cost(&explicit);
    let cost = CostModel {
        loop_cost: args.loop_cost.unwrap_or(resolved_cost.loop_cost),
        cond_cost: args.cond_cost.unwrap_or(resolved_cost.cond_cost),
    };
    let options_for =
        |k: &Kernel| -> CheckOptions { config.resolve(&explicit, k.launch_bounds).options };
    let mut repair = |k: &Kernel, files: &[SourceFileInfo]| {
        let opts = SynthOptions {
            check: options_for(k),
            cost,
            keep_existing: args.keep_existing,
        };
        catch_unwind(AssertUnwindSafe(|| repair_kernel(k, files, &opts))).unwrap_or_else(|panic| {
            inconclusive(
                &k.name,
                format!(
                    "internal error in the synthesizer: {}",
                    panic_message(&*panic)
                ),
            )
        })
    };
    let mut check = |k: &Kernel| check_guarded(k, &options_for(k));
    let mut relower = |t: &str| lower_guarded(path, t, &FsIncludes);
    let program = lower_guarded(path, text, &FsIncludes);
    let fix = fix_program(
        &path.display().to_string(),
        &program,
        &mut repair,
        &mut check,
        &mut relower,
    );
    FixOutcome::Fixed { fix, config_error }
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
            match std::fs::read(&path).map(String::from_utf8) {
                Err(e) => FixOutcome::Failed {
                    path,
                    message: format!("cannot read: {e}"),
                },
                // Rewriting a lossily decoded file would change its other bytes.
                Ok(Err(_)) => FixOutcome::Failed {
                    path,
                    message: "not valid UTF-8; not repaired, to keep its bytes intact".to_string(),
                },
                Ok(Ok(text)) => fix_text(&path, &text, args),
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
    let fixes: Vec<&FileFix> = outcomes
        .iter()
        .filter_map(|o| match o {
            FixOutcome::Fixed { fix, .. } => Some(fix),
            FixOutcome::Failed { .. } => None,
        })
        .collect();
    for outcome in &outcomes {
        match outcome {
            FixOutcome::Failed { path, message } => {
                let _ = writeln!(stderr, "syncwright: error: {}: {message}", path.display());
            }
            FixOutcome::Fixed {
                config_error: Some(e),
                ..
            } => {
                let _ = writeln!(stderr, "syncwright: error: invalid configuration {e}");
            }
            FixOutcome::Fixed { .. } => {}
        }
    }
    if args.write {
        for fix in fixes.iter().filter(|f| f.changed()) {
            if let Err(e) = write_atomically(Path::new(&fix.path), &fix.fixed) {
                let _ = writeln!(stderr, "syncwright: error: cannot write {}: {e}", fix.path);
                code = EXIT_USAGE;
            }
        }
    }
    match args.format {
        FixFormat::Json => {
            let report = FixReportJson {
                files: fixes.iter().map(|f| f.to_json()).collect(),
            };
            match serde_json::to_string_pretty(&report) {
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
            let many = fixes.len() > 1;
            for fix in &fixes {
                if !args.write {
                    if many {
                        let _ = writeln!(stdout, "==> {} <==", fix.path);
                    }
                    let _ = write!(stdout, "{}", fix.fixed);
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
    fn exit_codes_follow_the_worst_kernel() {
        let file = |status: RepairStatus| {
            let mut k = inconclusive("k", "because".into());
            k.status = status;
            FixOutcome::Fixed {
                fix: FileFix {
                    path: "k.cu".into(),
                    original: "x".into(),
                    fixed: "x".into(),
                    kernels: vec![k],
                },
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
