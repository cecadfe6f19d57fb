//! Command-line front door: `check`, `fix`, `lsp`. A thin translation of
//! command-line arguments into `ide` calls and of their results into text,
//! JSON or SARIF.

mod check;
pub mod fix;
pub mod fix_banks;
mod inputs;
pub mod json;
pub mod sarif;
pub mod text;
mod view;

#[cfg(test)]
mod output_tests;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use check::{run_check, FileOutcome};

/// Exit code: every kernel race-free.
pub const EXIT_CLEAN: i32 = 0;
/// Exit code: something was reported (race, divergence, inconclusive, unsupported, syntax error).
pub const EXIT_FINDINGS: i32 = 1;
/// Exit code: usage error or unreadable input.
pub const EXIT_USAGE: i32 = 2;

/// syncwright: data races and barrier divergence in CUDA and OpenCL kernels.
#[derive(Debug, Parser)]
#[command(name = "syncwright", version, about, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check kernels for data races and barrier divergence.
    Check(CheckArgs),
    /// Insert, remove or move barriers at minimal cost; print or write the repaired source.
    Fix(fix::FixArgs),
    /// Run the language server on standard input and output.
    Lsp,
}

/// Output format of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// gcc-style diagnostics with witnesses and a summary.
    Text,
    /// One JSON document (LSP-style 0-based positions).
    Json,
    /// SARIF 2.1.0 (GitHub code scanning).
    Sarif,
}

/// Launch and checking flags shared by `check` and `fix`.
#[derive(Clone, Debug, Default, Args)]
pub struct LaunchArgs {
    /// Threads per block, `X[,Y[,Z]]` (overrides header comments and syncwright.toml).
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dims_arg)]
    pub block_dim: Option<[u32; 3]>,
    /// Blocks per grid, `X[,Y[,Z]]`.
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dims_arg)]
    pub grid_dim: Option<[u32; 3]>,
    /// Assume warps execute in lockstep (legacy pre-Volta semantics).
    #[arg(long)]
    pub warp_sync: bool,
    /// Time budget per kernel in milliseconds; over budget gives `inconclusive`.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub budget_ms: Option<u64>,
    /// Also report performance problems (shared-memory bank conflicts).
    #[arg(long)]
    pub perf: bool,
    /// Severity of `bank-conflict` diagnostics (default: information).
    #[arg(long, value_name = "LEVEL", value_parser = parse_severity_arg)]
    pub perf_severity: Option<crate::check::diagnostic::Severity>,
}

impl LaunchArgs {
    /// The analysis settings these flags ask for.
    pub fn settings(&self) -> crate::ide::Settings {
        crate::ide::Settings {
            launch: crate::ide::LaunchOverrides {
                block_dim: self.block_dim,
                grid_dim: self.grid_dim,
            },
            warp_sync: self.warp_sync,
            kernel_budget_ms: self.budget_ms.unwrap_or(0),
            perf: self.perf || self.perf_severity.is_some(),
            perf_severity: self.perf_severity,
            ..crate::ide::Settings::default()
        }
    }
}

/// Arguments of `syncwright check`.
#[derive(Clone, Debug, Args)]
pub struct CheckArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Launch configuration and checking flags.
    #[command(flatten)]
    pub launch: LaunchArgs,
    /// Files (`.cu`, `.cuh`, `.cl`) or folders, searched recursively.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

fn parse_severity_arg(text: &str) -> Result<crate::check::diagnostic::Severity, String> {
    use crate::check::diagnostic::Severity;
    match text {
        "error" => Ok(Severity::Error),
        "warning" => Ok(Severity::Warning),
        "information" | "info" => Ok(Severity::Information),
        "hint" => Ok(Severity::Hint),
        other => Err(format!(
            "`{other}` is not a severity (error, warning, information, hint)"
        )),
    }
}

fn parse_dims_arg(text: &str) -> Result<[u32; 3], String> {
    crate::config::resolve::parse_dims(text, false)
}

/// Runs the CLI on the process arguments and returns the exit code.
pub fn main() -> i32 {
    // Panics in lower layers are caught and reported as `unsupported` or
    // `inconclusive` kernels; keep their trace to one line on stderr.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("syncwright: internal error (caught, the run goes on): {info}");
    }));
    run(std::env::args_os())
}

/// Runs the CLI on `args` (program name first) and returns the exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            // Help and version go to stdout with code 0; usage errors to stderr with 2.
            let _ = error.print();
            return if error.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_CLEAN
            };
        }
    };
    match cli.command {
        Command::Check(args) => run_check(&args),
        Command::Fix(args) => fix::run_fix(&args),
        Command::Lsp => crate::lsp::run_stdio(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("syncwright").chain(args.iter().copied()))
    }

    #[test]
    fn check_arguments_parse() {
        let cli = parse(&[
            "check",
            "--format",
            "sarif",
            "--block-dim",
            "16,16",
            "--grid-dim",
            "[4]",
            "--warp-sync",
            "--budget-ms",
            "250",
            "a.cu",
            "dir",
        ])
        .unwrap();
        let Command::Check(args) = cli.command else {
            panic!("not check")
        };
        assert_eq!(args.format, Format::Sarif);
        assert_eq!(args.launch.block_dim, Some([16, 16, 1]));
        assert_eq!(args.launch.grid_dim, Some([4, 1, 1]));
        assert!(args.launch.warp_sync);
        assert_eq!(args.launch.budget_ms, Some(250));
        assert_eq!(args.paths, [PathBuf::from("a.cu"), PathBuf::from("dir")]);
    }

    #[test]
    fn usage_errors_are_rejected() {
        for bad in [
            &["check"][..],
            &["check", "--format", "xml", "a.cu"],
            &["check", "--block-dim", "0", "a.cu"],
            &["check", "--block-dim", "1,2,3,4", "a.cu"],
            &["check", "--budget-ms", "0", "a.cu"],
            &["frobnicate"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            run(["syncwright", "check", "--grid-dim", "x", "a.cu"]),
            EXIT_USAGE
        );
    }
}
