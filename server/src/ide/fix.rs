//! `fix` for the command line: every kernel of a file repaired under its own
//! resolved launch configuration (flags > header comment > syncwright.toml >
//! `__launch_bounds__`), the edits merged and the edited text lowered and
//! checked again under the one acceptance rule (`synth::report::accept`, the
//! rule the editor's code actions follow too).

use std::path::Path;

use super::guard::guarded;
use super::{check_guarded, lower_guarded, Settings};
use crate::config::resolve::{ConfigError, Explicit, FileConfig};
use crate::config::{CheckOptions, CostModel};
use crate::frontend::FsIncludes;
use crate::ir::{Kernel, SourceFileInfo};
use crate::synth::report::{fix_program, remaining_budget, FileFix};
use crate::synth::{repair_kernel_configured, KernelRepair, RepairConfig, SynthOptions};

/// What `fix` may do besides the launch configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FixSettings {
    /// Cost factor of each enclosing loop (None: `syncwright.toml` or default).
    pub loop_cost: Option<f64>,
    /// Cost factor of each enclosing conditional (None: as above).
    pub cond_cost: Option<f64>,
    /// Keep every existing barrier; only insert.
    pub keep_existing: bool,
    /// Repair races between blocks with grid barriers (`fix --grid-barriers`).
    pub grid_barriers: bool,
}

/// Repairs every kernel of the file at `path` with contents `text`; also
/// returns an invalid `syncwright.toml` the repair went on without.
pub fn fix_file(
    path: &Path,
    text: &str,
    settings: &Settings,
    fix: FixSettings,
) -> (FileFix, Option<ConfigError>) {
    let explicit = Explicit {
        cost: None,
        ..settings.explicit()
    };
    let (config, config_error) = FileConfig::load(path, text);
    let resolved_cost = config.cost(&explicit);
    let cost = CostModel {
        loop_cost: fix.loop_cost.unwrap_or(resolved_cost.loop_cost),
        cond_cost: fix.cond_cost.unwrap_or(resolved_cost.cond_cost),
    };
    let options_for =
        |k: &Kernel| -> CheckOptions { config.resolve(&explicit, k.launch_bounds).options };
    let mut repair = |k: &Kernel, files: &[SourceFileInfo]| {
        let opts = SynthOptions {
            check: options_for(k),
            cost,
            keep_existing: fix.keep_existing,
        };
        let config = RepairConfig {
            grid_barriers: fix.grid_barriers,
            ..RepairConfig::default()
        };
        guarded("the synthesizer", || {
            repair_kernel_configured(k, files, &opts, config)
        })
        .unwrap_or_else(|message| KernelRepair::inconclusive(&k.name, message))
    };
    // The re-check of a repaired kernel takes what its synthesis left of its budget.
    let mut check = |k: &Kernel, spent: std::time::Duration| {
        check_guarded(k, &remaining_budget(&options_for(k), spent))
    };
    let mut relower = |t: &str| lower_guarded(path, t, &FsIncludes);
    let program = lower_guarded(path, text, &FsIncludes);
    let fixed = fix_program(
        &path.display().to_string(),
        &program,
        &mut repair,
        &mut check,
        &mut relower,
    );
    (fixed, config_error)
}
