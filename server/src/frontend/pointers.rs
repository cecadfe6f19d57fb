//! `PointerState`: what the lowerer knows about pointer locals and addressed locals.

use crate::base::{HashMap, HashSet};

use crate::frontend::lowerer::{ArrayKey, PointerConflicts, Slot, Target};
use crate::ir::{ArrayId, StmtId, VarId};

/// Pointer targets at one program point, by the pointer's offset variable.
pub(crate) type Targets = HashMap<VarId, Target>;

/// The pointer facts of one lowering round: flow-sensitive targets, the names
/// of pointer and addressed locals, and the conflicts found for the next round.
pub(crate) struct PointerState<'c> {
    /// Current target of each pointer local (flow-sensitive).
    pub(crate) targets: Targets,
    /// Source name of each pointer local, by its offset variable.
    pub(crate) names: HashMap<VarId, String>,
    /// Names assigned somewhere in the lowered functions (a pointer never
    /// assigned keeps its initial target).
    pub(crate) assigned: HashSet<String>,
    /// What earlier lowering rounds learnt.
    pub(crate) conflicted: &'c PointerConflicts,
    /// Pointers found to target several arrays (the kernel is lowered again).
    pub new_conflicts: HashMap<String, Vec<ArrayId>>,
    /// Pointers found to target several locals (the kernel is lowered again).
    pub new_local_conflicts: HashSet<String>,
    /// A shared address was first found stored into global memory (the
    /// kernel is lowered again).
    pub new_shared_address_in_global: bool,
    /// Names of locals whose address is taken somewhere (`&x`, also parts
    /// `&x.f`, `&x[i]`) in the lowered functions.
    pub(crate) addr_names: HashSet<String>,
    /// Slots of those locals (and of tracked private arrays): what a write
    /// through a `Target::Locals` pointer may change.
    pub(crate) addr_slots: Vec<Slot>,
    /// Shared pointer cells stored this round, with the arrays the stored
    /// pointers target (None: unknown); see `PointerConflicts::cell_targets`.
    pub(crate) cell_stores: HashMap<ArrayKey, Option<Vec<ArrayKey>>>,
    /// The writes of the stores recorded in `cell_stores`, by cell array.
    pub(crate) cell_store_stmts: HashMap<ArrayId, Vec<StmtId>>,
    /// The reads of pointer cells whose loads took their targets from
    /// `conflicted.cell_targets`, with the cell's key.
    pub(crate) cell_loads: Vec<(StmtId, ArrayId, ArrayKey)>,
}

impl<'c> PointerState<'c> {
    /// Empty state for a round that knows `conflicted`.
    pub(crate) fn new(conflicted: &'c PointerConflicts) -> Self {
        PointerState {
            targets: HashMap::default(),
            names: HashMap::default(),
            assigned: HashSet::default(),
            conflicted,
            new_conflicts: HashMap::default(),
            new_local_conflicts: HashSet::default(),
            new_shared_address_in_global: false,
            addr_names: HashSet::default(),
            addr_slots: Vec::new(),
            cell_stores: HashMap::default(),
            cell_store_stmts: HashMap::default(),
            cell_loads: Vec::new(),
        }
    }

    /// Current target of the pointer with offset variable `off` (`Null` if unset).
    pub(crate) fn target(&self, off: VarId) -> Target {
        self.targets.get(&off).cloned().unwrap_or(Target::Null)
    }

    /// Source name of the pointer with offset variable `off` (empty if unknown).
    pub(crate) fn name(&self, off: VarId) -> String {
        self.names.get(&off).cloned().unwrap_or_default()
    }

    /// Replaces the current targets (entering another control-flow path) and
    /// returns those of the path left.
    pub(crate) fn replace_targets(&mut self, targets: Targets) -> Targets {
        std::mem::replace(&mut self.targets, targets)
    }

    /// Whether an earlier round found that pointer `name` targets several locals.
    pub(crate) fn targets_several_locals(&self, name: &str) -> bool {
        self.conflicted.locals.contains(name)
    }

    /// Records that pointer `name` targets several locals (unless already known).
    pub(crate) fn add_local_conflict(&mut self, name: &str) {
        if !self.conflicted.locals.contains(name) {
            self.new_local_conflicts.insert(name.to_string());
        }
    }

    /// The arrays an earlier round found pointer `name` may target, when several.
    pub(crate) fn choices(&self, name: &str) -> Option<Vec<ArrayId>> {
        self.conflicted
            .arrays
            .get(name)
            .filter(|l| l.len() > 1)
            .cloned()
    }

    /// Records that pointer `name` may target these arrays (the kernel is lowered again).
    pub(crate) fn add_conflict(&mut self, name: &str, arrays: impl Iterator<Item = ArrayId>) {
        let known = self
            .conflicted
            .arrays
            .get(name)
            .cloned()
            .unwrap_or_default();
        let entry = self
            .new_conflicts
            .entry(name.to_string())
            .or_insert_with(|| known.clone());
        for a in arrays {
            if !entry.contains(&a) {
                entry.push(a);
            }
        }
        if *entry == known {
            // Nothing new: the choice already covers them.
            self.new_conflicts.remove(name);
        }
    }

    /// Whether this round found conflicts the next round must know.
    pub fn has_new_conflicts(&self) -> bool {
        self.new_cell_targets() || self.has_other_conflicts()
    }

    /// Whether this round found conflicts other than pointer-cell targets.
    pub fn has_other_conflicts(&self) -> bool {
        !self.new_conflicts.is_empty()
            || !self.new_local_conflicts.is_empty()
            || self.new_shared_address_in_global
    }

    /// Records that a shared address is stored into global memory (unless
    /// an earlier round knows it).
    pub(crate) fn add_shared_address_in_global(&mut self) {
        if !self.conflicted.shared_address_in_global {
            self.new_shared_address_in_global = true;
        }
    }

    /// Whether a pointer cell was stored a target (or an unknown value) that
    /// the cell's known targets leave out.
    fn new_cell_targets(&self) -> bool {
        !self.conflicted.cells_off
            && self.cell_stores.iter().any(|(cell, stored)| {
                match (self.conflicted.cell_targets.get(cell), stored) {
                    (None, _) => true,
                    (Some(None), _) => false,
                    (Some(Some(_)), None) => true,
                    (Some(Some(known)), Some(list)) => list.iter().any(|a| !known.contains(a)),
                }
            })
    }

    /// Records a store to pointer cell `cell` of a pointer to `targets`
    /// (None: unknown).
    pub(crate) fn add_cell_store(&mut self, cell: ArrayKey, targets: Option<Vec<ArrayKey>>) {
        let entry = self
            .cell_stores
            .entry(cell)
            .or_insert_with(|| Some(Vec::new()));
        join_cell_targets(entry, targets);
    }

    /// Adds this round's conflicts to `into` for the next round.
    pub fn drain_conflicts_into(&mut self, into: &mut PointerConflicts) {
        for (cell, stored) in self.cell_stores.drain() {
            let entry = into
                .cell_targets
                .entry(cell)
                .or_insert_with(|| Some(Vec::new()));
            join_cell_targets(entry, stored);
        }
        into.locals.extend(self.new_local_conflicts.drain());
        into.shared_address_in_global |= std::mem::take(&mut self.new_shared_address_in_global);
        for (name, arrays) in self.new_conflicts.drain() {
            let entry = into.arrays.entry(name).or_default();
            for a in arrays {
                if !entry.contains(&a) {
                    entry.push(a);
                }
            }
        }
    }
}

/// Adds `new` to the targets a pointer cell may hold (`None`: unknown, which
/// absorbs everything).
fn join_cell_targets(entry: &mut Option<Vec<ArrayKey>>, new: Option<Vec<ArrayKey>>) {
    match (entry.as_mut(), new) {
        (Some(list), Some(new)) => {
            for a in new {
                if !list.contains(&a) {
                    list.push(a);
                }
            }
        }
        _ => *entry = None,
    }
}
