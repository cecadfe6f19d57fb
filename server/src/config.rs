//! Settings that steer the analyses: launch configuration, cost model, budgets.
//!
//! `LaunchConfig` is plain data; `resolve` (see `config::resolve`) merges CLI flags,
//! GPUVerify-style header comments, `syncwright.toml` and `__launch_bounds__`.

pub mod resolve;

use serde::{Deserialize, Serialize};

/// Launch configuration of a kernel; `None` means symbolic (any value allowed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct LaunchConfig {
    /// Threads per block in x, y, z (OpenCL `local_size`).
    pub block_dim: Option<[u32; 3]>,
    /// Blocks per grid in x, y, z (OpenCL `num_groups`).
    pub grid_dim: Option<[u32; 3]>,
    /// Upper bound on threads per block when `block_dim` is symbolic
    /// (`__launch_bounds__`, else 1024).
    pub max_threads_per_block: Option<u32>,
    /// OpenCL global work offset, when known.
    pub global_offset: Option<[u32; 3]>,
}

/// Cost model of AutoSync: C(l) = loop_cost^|loops(l)| x cond_cost^|conds(l)|.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostModel {
    /// LC: weight of each enclosing loop.
    pub loop_cost: f64,
    /// IC: weight of each enclosing conditional.
    pub cond_cost: f64,
}

impl Default for CostModel {
    fn default() -> Self {
        CostModel {
            loop_cost: 100.0,
            cond_cost: 0.5,
        }
    }
}

/// Options of one check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckOptions {
    /// Launch configuration.
    pub launch: LaunchConfig,
    /// Assume warp-synchronous execution (legacy, pre-Volta semantics).
    pub warp_sync: bool,
    /// Time budget for one kernel in milliseconds; over budget gives `inconclusive`.
    pub kernel_budget_ms: u64,
    /// Tolerate write-write races where both threads store the same value
    /// (GPUVerify's default; `--no-benign-tolerance` turns it off).
    pub benign_tolerance: bool,
    /// Never assume two threads read equal values from one uniform address
    /// (GPUVerify's `--adversarial-abstraction`).
    pub adversarial_abstraction: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            launch: LaunchConfig::default(),
            warp_sync: false,
            kernel_budget_ms: 10_000,
            benign_tolerance: true,
            adversarial_abstraction: false,
        }
    }
}
