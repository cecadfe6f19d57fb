//! The IDE layer: whole-file analysis as plain data, shared by the CLI and the LSP.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::check::{Finding, KernelReport};
use crate::config::{CheckOptions, CostModel, LaunchConfig};
use crate::ir::{Kernel, Program};

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
}

/// One kernel's analysis: its IR (None when unsupported), the options it was
/// checked with, and the report.
#[derive(Clone, Debug)]
pub struct KernelAnalysis {
    /// The lowered kernel.
    pub kernel: Option<Kernel>,
    /// The options it was checked with (resolved launch configuration).
    pub options: CheckOptions,
    /// The report.
    pub report: KernelReport,
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
    /// File-level findings (syntax errors, include problems).
    pub file_findings: Vec<Finding>,
}

#[allow(unused)]
fn _signatures(_: &Path, _: LaunchConfig) {}
