//! The IDE layer: the one analysis API of both front doors, as plain data
//! (rust-analyzer's `AnalysisHost`/`Analysis` is the model). `cli` and `lsp`
//! only translate its results.
//!
//! - [`file`]: a whole file at once (the command line): lower, resolve launch
//!   configurations, check; [`fix`] repairs files under the acceptance rule of
//!   `synth::report::accept`.
//! - [`host`]: documents by version for an editor: incremental lowering,
//!   caches keyed by position-independent kernel keys ([`spans`]), one
//!   analysis per document version at a time, validated repairs.
//! - [`hover`] (Markdown), [`actions`] (ranked code actions), [`symbols`]
//!   (kernels with verdicts), launch summaries ([`KernelAnalysis::launch_summary`]).
//! - [`workspace`]: the one walk over folders for kernel files; [`guard`]: the
//!   layer's one panic guard and big-stack runner.

pub mod actions;
pub mod file;
pub mod fix;
pub mod guard;
pub mod host;
pub mod hostfacts;
pub mod hover;
pub mod padding;
pub mod relations;
pub mod spans;
pub mod symbols;
pub mod workspace;

#[cfg(test)]
mod launch_match_tests;
#[cfg(test)]
mod sibling_tests;
#[cfg(test)]
mod tests;

pub use self::file::{
    analyze_file, analyze_file_with, analyze_parsed, analyze_program, banks_guarded, check_guarded,
    frontend_finding, kernel_plans_with_findings, kernel_plans_with_includes, launch_plan,
    lower_guarded, merge_run_reports, plain_finding, unsupported_report, FileAnalysis,
    KernelAnalysis, LaunchPlan, LaunchRun, LaunchSummary, Location, TranslationEnv,
};
pub use self::guard::{guarded, on_analysis_thread, panic_message};
pub use crate::base::{position_of, LineStarts, Position};

use crate::config::resolve::Explicit;
use crate::config::CostModel;

/// Launch-configuration values given explicitly (CLI flags, editor settings);
/// they override header comments and `syncwright.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct LaunchOverrides {
    /// `--block-dim`.
    pub block_dim: Option<[u32; 3]>,
    /// `--grid-dim`.
    pub grid_dim: Option<[u32; 3]>,
    /// `--no-assume-unused-dims`: a kernel not reading y/z of its ids may be
    /// launched with any extent there.
    #[serde(default)]
    pub no_assume_unused_dims: bool,
    /// `--no-assume-index-fits`: global indices may wrap.
    #[serde(default)]
    pub no_assume_index_fits: bool,
    /// `--no-assume-index-arithmetic-fits`: index arithmetic may wrap.
    #[serde(default)]
    pub no_assume_index_arithmetic_fits: bool,
    /// `--no-assume-offsets-from-base`: accesses may be before the start of
    /// their array.
    #[serde(default)]
    pub no_assume_offsets_from_base: bool,
    /// `--no-assume-counter-fits`: bounded loop counters may wrap.
    #[serde(default)]
    pub no_assume_counter_fits: bool,
    /// `--no-assume-accessor-layout`: PyTorch accessors' strides stay symbolic.
    #[serde(default)]
    pub no_assume_accessor_layout: bool,
}

/// Everything that steers the analysis of a file besides its text.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
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
            no_assume_unused_dims: self.launch.no_assume_unused_dims,
            no_assume_index_fits: self.launch.no_assume_index_fits,
            no_assume_index_arithmetic_fits: self.launch.no_assume_index_arithmetic_fits,
            no_assume_offsets_from_base: self.launch.no_assume_offsets_from_base,
            no_assume_counter_fits: self.launch.no_assume_counter_fits,
            no_assume_accessor_layout: self.launch.no_assume_accessor_layout,
        }
    }
}

#[cfg(test)]
mod settings_tests {
    use super::*;

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
