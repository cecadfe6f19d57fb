//! Editor settings: `initializationOptions` and `workspace/didChangeConfiguration`.
//!
//! Both accept the same JSON object, either bare or under a `"syncwright"` key
//! (`didChangeConfiguration` clients usually send `{"settings": {"syncwright": {...}}}`).
//! Every field is optional; a missing field keeps its current value, `null`
//! resets a launch dimension to symbolic:
//!
//! ```json
//! {
//!   "syncwright": {
//!     "blockDim": [256, 1, 1],      // or 256, or null (symbolic); 1-3 numbers
//!     "gridDim": [64, 1, 1],        // same shape as blockDim
//!     "loopCost": 100,              // LC of the cost model C(l) = LC^loops * IC^conds
//!     "condCost": 0.5,              // IC
//!     "checkOn": "type",            // "type": check after each change; "save": on save only
//!     "debounceMs": 150,            // delay after the last change before checking
//!     "kernelBudgetMs": 10000,      // per-kernel checker budget; over it: inconclusive
//!     "warpSync": false,            // legacy warp-synchronous semantics
//!     "kernelVerdictLens": false    // inlay hint with the verdict after each kernel name
//!   }
//! }
//! ```

use serde::Deserialize;
use serde_json::Value;

use crate::config::{CheckOptions, CostModel};
use crate::ide::LaunchOverrides;

/// When diagnostics are recomputed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckOn {
    /// After every change (debounced).
    Type,
    /// When the document is saved (and opened).
    Save,
}

/// The server's effective settings.
#[derive(Clone, Debug, PartialEq)]
pub struct LspSettings {
    /// Explicit launch configuration (overrides header comments and `syncwright.toml`).
    pub launch: LaunchOverrides,
    /// Cost model for the synthesizer and hovers.
    pub cost: CostModel,
    /// When to check.
    pub check_on: CheckOn,
    /// Debounce after a change, in milliseconds.
    pub debounce_ms: u64,
    /// Per-kernel budget in milliseconds.
    pub kernel_budget_ms: u64,
    /// Warp-synchronous semantics.
    pub warp_sync: bool,
    /// Show the verdict of each kernel as an inlay hint.
    pub kernel_verdict_lens: bool,
    /// Performance analyses (bank conflicts in hovers).
    pub perf: bool,
}

impl Default for LspSettings {
    fn default() -> Self {
        LspSettings {
            launch: LaunchOverrides::default(),
            cost: CostModel::default(),
            check_on: CheckOn::Type,
            debounce_ms: 150,
            kernel_budget_ms: CheckOptions::default().kernel_budget_ms,
            warp_sync: false,
            kernel_verdict_lens: false,
            perf: false,
        }
    }
}

/// A launch dimension as the editor writes it: `256`, `[16, 16]` or `null`.
#[derive(Deserialize)]
#[serde(untagged)]
enum DimValue {
    Scalar(u32),
    List(Vec<u32>),
}

/// The raw JSON shape; every field optional.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct RawSettings {
    #[serde(deserialize_with = "present")]
    block_dim: Option<Option<DimValue>>,
    #[serde(deserialize_with = "present")]
    grid_dim: Option<Option<DimValue>>,
    loop_cost: Option<f64>,
    cond_cost: Option<f64>,
    check_on: Option<String>,
    debounce_ms: Option<u64>,
    kernel_budget_ms: Option<u64>,
    warp_sync: Option<bool>,
    kernel_verdict_lens: Option<bool>,
    perf: Option<bool>,
}

/// Distinguishes a field given as `null` (Some(None)) from a missing one (None).
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

fn dims(value: DimValue, what: &str) -> Result<[u32; 3], String> {
    let list = match value {
        DimValue::Scalar(x) => vec![x],
        DimValue::List(list) => list,
    };
    if list.is_empty() || list.len() > 3 || list.contains(&0) {
        return Err(format!(
            "`{what}` must be 1 to 3 positive numbers, got {list:?}"
        ));
    }
    let mut out = [1; 3];
    out[..list.len()].copy_from_slice(&list);
    Ok(out)
}

impl LspSettings {
    /// Applies a settings object (bare or under `"syncwright"`); returns the
    /// problems found (invalid fields are skipped, valid ones still applied).
    pub fn apply_json(&mut self, value: &Value) -> Vec<String> {
        let value = match value.get("syncwright") {
            Some(inner) => inner,
            None => value,
        };
        if value.is_null() {
            return Vec::new();
        }
        let raw: RawSettings = match serde_json::from_value(value.clone()) {
            Ok(raw) => raw,
            Err(err) => return vec![format!("invalid syncwright settings: {err}")],
        };
        let mut problems = Vec::new();
        if let Some(block_dim) = raw.block_dim {
            match block_dim.map(|d| dims(d, "blockDim")).transpose() {
                Ok(dim) => self.launch.block_dim = dim,
                Err(problem) => problems.push(problem),
            }
        }
        if let Some(grid_dim) = raw.grid_dim {
            match grid_dim.map(|d| dims(d, "gridDim")).transpose() {
                Ok(dim) => self.launch.grid_dim = dim,
                Err(problem) => problems.push(problem),
            }
        }
        match raw.loop_cost {
            Some(lc) if lc.is_finite() && lc > 0.0 => self.cost.loop_cost = lc,
            Some(lc) => problems.push(format!("`loopCost` must be positive, got {lc}")),
            None => {}
        }
        match raw.cond_cost {
            Some(ic) if ic.is_finite() && ic > 0.0 => self.cost.cond_cost = ic,
            Some(ic) => problems.push(format!("`condCost` must be positive, got {ic}")),
            None => {}
        }
        match raw.check_on.as_deref() {
            Some("type") => self.check_on = CheckOn::Type,
            Some("save") => self.check_on = CheckOn::Save,
            Some(other) => problems.push(format!(
                "`checkOn` must be \"type\" or \"save\", got {other:?}"
            )),
            None => {}
        }
        if let Some(ms) = raw.debounce_ms {
            self.debounce_ms = ms.min(10_000);
        }
        if let Some(ms) = raw.kernel_budget_ms {
            self.kernel_budget_ms = if ms == 0 {
                CheckOptions::default().kernel_budget_ms
            } else {
                ms
            };
        }
        if let Some(warp_sync) = raw.warp_sync {
            self.warp_sync = warp_sync;
        }
        if let Some(perf) = raw.perf {
            self.perf = perf;
        }
        if let Some(lens) = raw.kernel_verdict_lens {
            self.kernel_verdict_lens = lens;
        }
        problems
    }

    /// The analysis settings shared with the CLI.
    pub fn ide_settings(&self) -> crate::ide::Settings {
        crate::ide::Settings {
            launch: self.launch.clone(),
            warp_sync: self.warp_sync,
            kernel_budget_ms: self.kernel_budget_ms,
            cost: self.cost,
            perf: self.perf,
            ..crate::ide::Settings::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn applies_nested_and_bare_objects() {
        let mut s = LspSettings::default();
        let problems = s.apply_json(&json!({"syncwright": {"blockDim": [16, 16], "gridDim": 4,
            "loopCost": 10, "condCost": 0.25, "checkOn": "save", "debounceMs": 0,
            "kernelBudgetMs": 500, "warpSync": true, "kernelVerdictLens": true}}));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(s.launch.block_dim, Some([16, 16, 1]));
        assert_eq!(s.launch.grid_dim, Some([4, 1, 1]));
        assert_eq!(
            s.cost,
            CostModel {
                loop_cost: 10.0,
                cond_cost: 0.25
            }
        );
        assert_eq!(s.check_on, CheckOn::Save);
        assert_eq!(s.debounce_ms, 0);
        assert_eq!(s.kernel_budget_ms, 500);
        assert!(s.warp_sync && s.kernel_verdict_lens);
        // Bare object, `null` resets to symbolic, missing fields are kept.
        assert!(s.apply_json(&json!({"blockDim": null})).is_empty());
        assert_eq!(s.launch.block_dim, None);
        assert_eq!(s.launch.grid_dim, Some([4, 1, 1]));
    }

    #[test]
    fn reports_invalid_fields_and_keeps_valid_ones() {
        let mut s = LspSettings::default();
        let problems = s.apply_json(&json!({"blockDim": [0], "checkOn": "never", "loopCost": 7}));
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(s.launch.block_dim, None);
        assert_eq!(s.check_on, CheckOn::Type);
        assert_eq!(s.cost.loop_cost, 7.0);
        let problems = s.apply_json(&json!({"debounceMs": "soon"}));
        assert_eq!(problems.len(), 1);
    }
}
