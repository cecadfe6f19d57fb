//! Command-line front door: `check`, `fix`, `lsp`. A thin translation of
//! command-line arguments into `ide` calls and of their results into text,
//! JSON or SARIF.

mod check;
pub mod fix;
pub mod fix_banks;
pub mod json;
pub mod sarif;
pub mod text;
mod view;
mod write;

#[cfg(test)]
mod output_tests;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use crate::ide::workspace::is_kernel_file;
pub use check::{analyze_bytes, run_check, FileOutcome};

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

/// Lowest severity that makes `check` exit with [`EXIT_FINDINGS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeverityThreshold {
    /// Only errors (syntax errors, invalid input) fail the run.
    Error,
    /// Errors and warnings (races, divergence, inconclusive, unsupported): the default.
    Warning,
    /// Also information (benign races, imprecise models).
    Information,
    /// Everything, redundant-barrier hints included.
    Hint,
}

impl SeverityThreshold {
    /// Whether a finding of `severity` reaches this threshold.
    pub fn reached_by(self, severity: crate::check::diagnostic::Severity) -> bool {
        use crate::check::diagnostic::Severity;
        let rank = |s: Severity| match s {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Information => 2,
            Severity::Hint => 3,
        };
        let own = match self {
            SeverityThreshold::Error => 0,
            SeverityThreshold::Warning => 1,
            SeverityThreshold::Information => 2,
            SeverityThreshold::Hint => 3,
        };
        rank(severity) <= own
    }
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
    /// Drop the default assumption that a kernel never reading the y (z)
    /// component of its thread/block ids is launched with extent 1 there.
    #[arg(long)]
    pub no_assume_unused_dims: bool,
    /// Drop the default assumption that a global index blockIdx * blockDim +
    /// threadIdx fits a signed 32-bit int and so does gridDim * blockDim (< 2^31 per dimension).
    #[arg(long)]
    pub no_assume_index_fits: bool,
    /// Drop the default assumption that index arithmetic (unsigned `+`/`*` of
    /// thread and block ids, launch sizes, integer parameters, constants and
    /// their quotients/remainders by constants, e.g. a warp or lane index)
    /// does not wrap, nor its conversion to a narrower or signed type.
    #[arg(long)]
    pub no_assume_index_arithmetic_fits: bool,
    /// Drop the default assumption that accesses through a pointer parameter
    /// (every launch in view passing a whole pointer) or into a declared
    /// array are at non-negative offsets from its start.
    #[arg(long)]
    pub no_assume_offsets_from_base: bool,
    /// Drop the default assumption that a loop counter the loop condition
    /// bounds in the direction of a small step (`i < n` counting up) does not
    /// wrap around.
    #[arg(long)]
    pub no_assume_counter_fits: bool,
    /// Drop the default assumption that a PyTorch tensor accessor's layout
    /// does not overlap (no `expand()` view) and its subscripts are in bounds.
    #[arg(long)]
    pub no_assume_accessor_layout: bool,
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
                no_assume_unused_dims: self.no_assume_unused_dims,
                no_assume_index_fits: self.no_assume_index_fits,
                no_assume_index_arithmetic_fits: self.no_assume_index_arithmetic_fits,
                no_assume_offsets_from_base: self.no_assume_offsets_from_base,
                no_assume_counter_fits: self.no_assume_counter_fits,
                no_assume_accessor_layout: self.no_assume_accessor_layout,
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
    /// With `--format text`: print each race's interleaving (launch, threads, the two accesses
    /// in source order, where a barrier would go). JSON always has it as `witness.steps`.
    #[arg(long)]
    pub explain: bool,
    /// Exit with 0 even when something is reported (usage errors and unreadable input still give 2).
    #[arg(long)]
    pub exit_zero: bool,
    /// Lowest severity that fails the run (exit 1); lower findings are still printed.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub severity: Option<SeverityThreshold>,
    /// Files (`.cu`, `.cuh`, `.cl`) or folders, searched recursively.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Files checked in parallel (default: the number of cores); the output
    /// order does not depend on it.
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
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

/// Ends the process with `code`. While Z3 contexts are still being freed on
/// the reaper thread (a large one takes seconds), the process ends at once,
/// without the exit handlers: the system takes its memory back in one go,
/// and Z3's global destructors must not run while the reaper is inside Z3.
/// Standard output and error are flushed first.
pub fn exit(code: i32) -> ! {
    if crate::check::sdv::contexts_being_freed() == 0 {
        std::process::exit(code);
    }
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // SAFETY: `_exit` only ends the process; the output is flushed above.
    unsafe { libc::_exit(code) }
}

/// Installs the panic hook of the binary: panics in lower layers are caught
/// and reported as `unsupported` or `inconclusive` kernels; their trace is kept
/// to one line on stderr.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("syncwright: internal error (caught, the run goes on): {info}");
    }));
}

/// Parses the command line (program name first). Help and version are printed
/// to stdout (`Err(0)`), usage errors to stderr (`Err(2)`).
pub fn parse<I, T>(args: I) -> Result<Cli, i32>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    Cli::try_parse_from(args).map_err(|error| {
        let _ = error.print();
        if error.use_stderr() {
            EXIT_USAGE
        } else {
            EXIT_CLEAN
        }
    })
}

/// Runs `check` or `fix` and returns the exit code; `lsp` is served by the
/// binary (`main.rs`), so the command line never depends on the server (None).
pub fn run(command: &Command) -> Option<i32> {
    match command {
        Command::Check(args) => Some(run_check(args)),
        Command::Fix(args) => Some(fix::run_fix(args)),
        Command::Lsp => None,
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
            super::parse(["syncwright", "check", "--grid-dim", "x", "a.cu"]).err(),
            Some(EXIT_USAGE)
        );
    }
}
