//! Settings that steer the analyses: launch configuration, cost model, budgets.
//!
//! `LaunchConfig` is plain data; `resolve` (see `config::resolve`) merges CLI flags,
//! GPUVerify-style header comments, `syncwright.toml` and `__launch_bounds__`.

pub mod resolve;

use serde::{Deserialize, Serialize};

/// A member of a group of pointer parameters that may point into one
/// allocation (see `LaunchConfig::params_sharing_pointer`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct SharedParam {
    /// The parameter's position.
    pub param: u32,
    /// Its pointer minus the group's first member's, in bytes: `shift`,
    /// plus an unknown value (the same for every member naming one
    /// `symbol`) when `symbol` is set.
    pub shift: i64,
    /// The unknown part of the difference, numbered within the kernel.
    pub symbol: Option<u32>,
}

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
    /// Threads per block known in some dimensions only (a host launch with a
    /// constant x and a runtime y); ignored where `block_dim` is given.
    #[serde(default)]
    pub partial_block_dim: [Option<u32>; 3],
    /// Blocks per grid known in some dimensions only; ignored where `grid_dim` is given.
    #[serde(default)]
    pub partial_grid_dim: [Option<u32>; 3],
    /// Drop the default assumption that a kernel never reading the y (z)
    /// component of `threadIdx`/`blockDim` (`blockIdx`/`gridDim`) is launched
    /// with extent 1 there (`--no-assume-unused-dims`).
    #[serde(default)]
    pub no_unused_dims_assumption: bool,
    /// Drop the default assumption that a global index `blockIdx * blockDim +
    /// threadIdx` and gridDim * blockDim fit a signed 32-bit int, i.e. gridDim * blockDim < 2^31 in
    /// each dimension (`--no-assume-index-fits`).
    #[serde(default)]
    pub no_index_fit_assumption: bool,
    /// Drop the default assumption that unsigned `+`/`*` of thread and block
    /// ids, launch sizes, integer parameters and constants does not wrap, nor
    /// its conversion to a narrower or signed type
    /// (`--no-assume-index-arithmetic-fits`).
    #[serde(default)]
    pub no_index_arithmetic_assumption: bool,
    /// Drop the default assumption that accesses through a pointer parameter
    /// or into a declared array are at non-negative offsets from its start
    /// (`--no-assume-offsets-from-base`).
    #[serde(default)]
    pub no_offsets_from_base_assumption: bool,
    /// Positions of the pointer parameters to which some launch in view
    /// passes pointer arithmetic (`d + k`, `&d[k]`, a name the host moves):
    /// the offsets-from-base assumption does not hold for them.
    #[serde(default)]
    pub offset_params_moved: Vec<u32>,
    /// Groups of pointer parameters to which some launch in view may pass
    /// views of one allocation (one host pointer, `d` and `d + 1`, either
    /// arm of a `?:`, ...): the distinct-parameters assumption does not
    /// hold for them; the checker makes each group one array, each member
    /// at its shift from the first.
    #[serde(default)]
    pub params_sharing_pointer: Vec<Vec<SharedParam>>,
    /// Drop the default assumption that a loop counter the loop condition
    /// bounds in the direction of a small step (`i < n` counting up, `i > n`
    /// counting down) does not wrap around 2^bits (`--no-assume-counter-fits`).
    #[serde(default)]
    pub no_counter_fit_assumption: bool,
    /// Drop the default assumption that a PyTorch tensor accessor's layout
    /// does not overlap and its subscripts are in bounds
    /// (`--no-assume-accessor-layout`; see `frontend::accessors`).
    #[serde(default)]
    pub no_accessor_layout_assumption: bool,
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
