//! Barrier synthesis: cost-optimal insertion, removal and repair (MaxSAT on Z3).
//!
//! The synthesizer reads races from the checker, turns them into placement
//! constraints over candidate barrier locations (AutoSync, GPURepair), solves
//! with z3 `Optimize`, re-checks, and renders the result as minimal text edits
//! of what the user wrote.

pub mod candidates;
pub mod constraints;
pub mod cost;
pub mod edits;
pub mod maxsat;
pub mod moves;
pub mod padding;
pub mod repairs;
pub mod report;
#[cfg(test)]
mod tests;
pub mod waits;

use serde::Serialize;

pub use edits::{apply_edits, map_offset};
pub use repairs::{placement_cost, Oracle, RepairConfig};

use crate::check::{KernelReport, Race, Verdict};
use crate::config::{CheckOptions, CostModel};
use crate::ir::{Kernel, SourceFileInfo, Span, StmtId};

/// A replacement of `span` by `new_text` in the user's source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TextEdit {
    /// Range replaced (empty for an insertion).
    pub span: Span,
    /// Replacement text.
    pub new_text: String,
}

/// Whether `edits` write in the main file outside `kernel` (its span): a
/// barrier in a device function the kernel calls, which every caller of the
/// function runs. An `#include` line (a grid barrier's header) is not such
/// an edit.
pub fn writes_outside(kernel: Span, edits: &[TextEdit]) -> bool {
    edits.iter().any(|e| {
        e.span.file.0 == 0
            && (e.span.start < kernel.start || e.span.end > kernel.end)
            && !e.new_text.trim_start().starts_with("#include")
    })
}

/// What a fix does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FixKind {
    /// Insert a barrier.
    InsertBarrier,
    /// Remove a redundant barrier.
    RemoveBarrier,
    /// Move a barrier (out of a divergent branch, or to a cheaper place).
    MoveBarrier,
    /// Split a statement that races with itself: read, barrier, write.
    SplitStatement,
    /// Hoist reads out of a thread-dependent branch and synchronize before it.
    HoistReads,
    /// Insert a grid-level barrier (requires a cooperative launch).
    GridBarrier,
    /// Replace the kernel's whole barrier placement by the optimal one.
    OptimizeAll,
}

/// One quick fix.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fix {
    /// Kind.
    pub kind: FixKind,
    /// Title for menus, e.g. "Insert `__syncthreads()` (cost 100)".
    pub title: String,
    /// Minimal edits of the original source.
    pub edits: Vec<TextEdit>,
    /// Whether applying it cannot change the kernel's results other than by removing races
    /// (false e.g. for a grid barrier that needs a cooperative launch).
    pub safe: bool,
    /// Ranges of the findings (race accesses, divergent barrier) this fix addresses.
    pub addresses: Vec<Span>,
    /// Kernel barrier cost before and after.
    pub cost_before: f64,
    /// Cost after applying this fix.
    pub cost_after: f64,
}

/// Options of the synthesizer.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct SynthOptions {
    /// Checker options (launch configuration, budget).
    pub check: CheckOptions,
    /// Cost model.
    pub cost: CostModel,
    /// Keep existing barriers (only insert).
    pub keep_existing: bool,
}

/// Outcome of repairing one kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RepairStatus {
    /// Edits make the kernel race-free (and cheaper or equal when it was already).
    Repaired,
    /// Nothing to do.
    AlreadyRaceFree,
    /// No placement of barriers fixes it; `reason` says why.
    Unrepairable,
    /// The checker could not decide.
    Inconclusive,
}

/// The share of a repair's wall time spent in the checker and in the MaxSAT
/// solver (the rest is the synthesizer's own work: candidates, kernels to
/// check, edits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SynthTimes {
    /// Milliseconds in checker calls (the synthesis's and the re-check of
    /// the repaired text).
    pub checker_ms: f64,
    /// Milliseconds in MaxSAT solves.
    pub maxsat_ms: f64,
}

/// What the synthesizer computed for a kernel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelRepair {
    /// Kernel name.
    pub name: String,
    /// Status.
    pub status: RepairStatus,
    /// Barriers in the kernel as written.
    pub barriers_before: u32,
    /// Barriers after the repair.
    pub barriers_after: u32,
    /// Cost of the barriers as written.
    pub cost_before: f64,
    /// Cost after the repair.
    pub cost_after: f64,
    /// Checker calls made.
    pub oracle_calls: u32,
    /// Wall time in milliseconds (the synthesis and the re-check of the
    /// repaired text).
    pub time_ms: f64,
    /// Where `time_ms` went: checker calls and MaxSAT solves.
    pub times: SynthTimes,
    /// The whole repair ("optimize all barriers") as minimal edits.
    pub edits: Vec<TextEdit>,
    /// Why it is unrepairable or inconclusive.
    pub reason: Option<String>,
    /// Individual quick fixes, one per finding where possible.
    pub fixes: Vec<Fix>,
    /// Whether the placement is proven least-cost (false when the time budget
    /// ran out first and the best race-free placement found is returned).
    pub optimal: bool,
    /// Solver work units the repair spent: the synthesis's checks and
    /// MaxSAT solves, and the re-check of the repaired text (which has a
    /// plain check's budget of its own).
    pub work_units: u64,
    /// The time of the kernel's budget the repair spent, on the budget
    /// clock (`base::clock`: CPU time on the command line), which the
    /// re-check's backstop counts.
    #[serde(skip)]
    pub budget_spent: std::time::Duration,
    /// The repaired kernel as the synthesizer built and the checker proved
    /// race-free, when it did (its named-barrier findings decide whether
    /// the repair stands; the written text is checked again all the same,
    /// with `check`'s budget: see `report::fix_program`).
    #[serde(skip)]
    pub verified: Option<Box<Kernel>>,
}

impl KernelRepair {
    /// A kernel left as written: inconclusive, for `reason`.
    pub fn inconclusive(name: &str, reason: String) -> KernelRepair {
        KernelRepair {
            name: name.to_string(),
            status: RepairStatus::Inconclusive,
            barriers_before: 0,
            barriers_after: 0,
            cost_before: 0.0,
            cost_after: 0.0,
            oracle_calls: 0,
            time_ms: 0.0,
            times: SynthTimes::default(),
            edits: Vec::new(),
            reason: Some(reason),
            fixes: Vec::new(),
            optimal: true,
            work_units: 0,
            budget_spent: std::time::Duration::ZERO,
            verified: None,
        }
    }
}

/// What a barrier of the kernel does, for hover.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BarrierInfo {
    /// Label.
    pub stmt: StmtId,
    /// Range of the barrier call.
    pub span: Span,
    /// Block barrier, or warp barrier (`__syncwarp()`, outside the cost model).
    pub scope: crate::ir::BarrierScope,
    /// C(l).
    pub cost: f64,
    /// |loops(l)|.
    pub loops: u32,
    /// |conds(l)|.
    pub conds: u32,
    /// Races that appear when this barrier alone is removed.
    pub orders: Vec<Race>,
    /// True when removing it keeps the kernel race-free.
    pub redundant: bool,
}

/// Races between threads of one block after which the synthesis's first
/// check (of the base kernel: the input with the barriers under synthesis
/// stripped, see `Engine::run`) stops (it is racy then; see
/// `sdv::with_block_race_limit`): the races it reports are the first
/// MaxSAT round's constraints, and the more it has, the fewer rounds. The
/// checks of candidate placements after it stop at
/// [`RepairConfig::candidate_race_limit`].
pub(crate) const INPUT_RACE_LIMIT: usize = 8;

/// Repairs one kernel. `files` are the program's source files (for indentation
/// and statement text).
pub fn repair_kernel(
    kernel: &Kernel,
    files: &[SourceFileInfo],
    opts: &SynthOptions,
) -> KernelRepair {
    repair_kernel_configured(kernel, files, opts, RepairConfig::default())
}

/// [`repair_kernel`] with a configuration (grid barriers, rounds) and the real checker.
pub fn repair_kernel_configured(
    kernel: &Kernel,
    files: &[SourceFileInfo],
    opts: &SynthOptions,
    config: RepairConfig,
) -> KernelRepair {
    repair_kernel_checked(kernel, files, opts, config, None)
}

/// [`repair_kernel_configured`] given `checked`, the report of a check of
/// `kernel` itself under `opts.check` made just before (by the
/// synchronisation repair of `fix`): the synthesis uses it instead of
/// checking the same kernel again.
pub fn repair_kernel_checked(
    kernel: &Kernel,
    files: &[SourceFileInfo],
    opts: &SynthOptions,
    config: RepairConfig,
    checked: Option<KernelReport>,
) -> KernelRepair {
    let spent = SyncSpent {
        started: crate::base::clock::Stopwatch::start(),
        work: 0,
    };
    repair_kernel_after(kernel, files, opts, config, checked, spent)
}

/// What the kernel's budget spent before its synthesis (`fix`'s
/// synchronisation repair).
#[derive(Clone)]
pub struct SyncSpent {
    /// When the kernel's budget started (its time backstop counts from it,
    /// on the budget clock).
    pub started: crate::base::clock::Stopwatch,
    /// Solver work units spent.
    pub work: u64,
}

/// [`repair_kernel_checked`] after `spent` of the kernel's budget: the
/// synthesis gets the rest.
pub fn repair_kernel_after(
    kernel: &Kernel,
    files: &[SourceFileInfo],
    opts: &SynthOptions,
    config: RepairConfig,
    mut checked: Option<KernelReport>,
    spent: SyncSpent,
) -> KernelRepair {
    let budget = SynthBudget::after_spent(opts.check.kernel_budget_ms, spent.started.elapsed());
    budget.spend(spent.work);
    let mut calls = 0u32;
    let mut oracle = |k: &Kernel| {
        // The synthesis's first oracle call checks the base kernel (see
        // `Engine::run`); every later one a candidate or a changed base.
        let race_limit = if calls == 0 {
            INPUT_RACE_LIMIT
        } else {
            config.candidate_race_limit
        };
        calls += 1;
        // The same kernel under the same options: the same report.
        if checked.is_some() && k == kernel {
            if let Some(report) = checked.take() {
                return report;
            }
        }
        // At most two thirds of the work left: a check the solver cannot
        // finish (a pair it answers unknown on) leaves work for the next
        // candidate, which orders that pair (see `assume_undecided`) and
        // needs no query on it. Work units, not time: the share, and so
        // every verdict of the synthesis, does not depend on the load.
        let share = budget.check_share();
        let mut within = budget.for_check(share);
        // A racy candidate needs only some of its races (see
        // `with_block_race_limit`): the rest cost a sat query each (tens of
        // thousands of work units on real kernels) and the next candidate,
        // which orders those found, usually orders them too. Sound for any
        // limit: a check stopped early has found a race, so a candidate is
        // only accepted on a check that compared every pair.
        let mut check = || {
            crate::check::sdv::with_block_race_limit(race_limit, || {
                if config.skip_shared_access {
                    crate::check::sdv::with_shared_access_skip(|| {
                        crate::check::check_kernel_within(k, &opts.check, &mut within)
                    })
                } else {
                    crate::check::check_kernel_within(k, &opts.check, &mut within)
                }
            })
        };
        let capped_before = crate::check::sdv::capped_unknowns();
        let report = match budget.query_work_cap() {
            Some(cap) => crate::check::sdv::with_query_work_cap(cap, check),
            None => check(),
        };
        budget
            .last_check_capped
            .set(crate::check::sdv::capped_unknowns() > capped_before);
        budget.spend(share.saturating_sub(within.work_left()));
        report
    };
    // The candidates differ from one another only in their barriers: the
    // queries of the pairs a barrier does not separate repeat (see
    // `with_unsat_cache`), and every candidate is still checked.
    // Every candidate is the base kernel with block barriers inserted: a
    // pair a check proved race-free is not checked again in a candidate
    // that keeps the barriers of the kernel it was proven in (see
    // `check::reuse`).
    let mut repair = crate::check::reuse::with_pair_reuse(|| {
        crate::check::sdv::with_unsat_cache(|| {
            repairs::repair_within(kernel, files, opts, &mut oracle, config, &budget)
        })
    });
    repair.work_units = budget.spent();
    repair
}

/// Solver work units per millisecond of a synthesis's budget, as a multiple
/// of the checker's [`WORK_UNITS_PER_MS`](crate::check::sdv::WORK_UNITS_PER_MS):
/// the checker's rate is its slowest (large non-linear queries), while a
/// synthesis makes several checks of mostly small queries that Z3 runs at
/// 1,500-2,000 units per millisecond on a quiet machine. Each check gets at
/// most a plain check's budget.
pub const SYNTH_WORK_FACTOR: u64 = 3;

/// Work cap of one solver query in a check of the synthesis once a query of
/// that check ended unknown at the checker's own cap of 1.5 million units
/// (see `sdv::with_query_work_cap`), until [`SynthBudget::uncap_queries`].
/// A pair the lower cap leaves unknown is ordered as if it raced (see
/// `repairs::assume_undecided`), which costs no query; only when nothing is
/// left to order does the synthesis check again without it. HeCBench
/// sobol's stripped kernel: its first check's two queries each spent the
/// whole 1.5 million units (plus 250,000 of `qflia`) for unknown.
pub const SYNTH_QUERY_WORK: u64 = 250_000;

/// Percent of a kernel's budget (on the budget clock) its synthesis may
/// spend, counted from the start of its repair (`fix`'s synchronisation
/// repair included): the rest is for the re-check of the repaired text
/// (`report::fix_program`), whose backstop ends at the budget itself, so
/// that `fix` never runs a kernel past its budget. The re-check reuses the
/// pairs the synthesis proved (`check::reuse`) and takes milliseconds on
/// real kernels; a tenth of the budget is ample. Work units are not cut:
/// where they bind first (a quiet machine, linear queries) nothing changes.
pub const SYNTH_TIME_PERCENT: u64 = 90;

/// The time backstop, in milliseconds, of the synthesis of a kernel whose
/// budget is `budget_ms` (at least 1 ms).
pub fn synth_time_ms(budget_ms: u64) -> u64 {
    (budget_ms.saturating_mul(SYNTH_TIME_PERCENT) / 100).max(1)
}

/// The budget of one kernel's synthesis: solver work units (Z3's
/// deterministic count, as the checker's budget) shared by its checks and
/// MaxSAT solves, so that where the synthesis stops never depends on the
/// machine's load, and a time backstop behind them ([`SYNTH_TIME_PERCENT`]
/// of the budget, on the budget clock: see `base::clock`).
#[derive(Debug)]
pub struct SynthBudget {
    budget_ms: u64,
    work: u64,
    work_left: std::cell::Cell<u64>,
    deadline: crate::base::clock::Deadline,
    /// Whether checks still run with [`SYNTH_QUERY_WORK`] per query.
    queries_capped: std::cell::Cell<bool>,
    /// Whether the last check left a query unknown under that cap.
    last_check_capped: std::cell::Cell<bool>,
}

impl SynthBudget {
    /// The budget of `budget_ms` milliseconds (0: the checker's default),
    /// counted from now.
    pub fn new(budget_ms: u64) -> SynthBudget {
        SynthBudget::after_spent(budget_ms, std::time::Duration::ZERO)
    }

    /// [`SynthBudget::new`] of which `spent` (on the budget clock) was spent
    /// before now.
    pub fn after_spent(budget_ms: u64, spent: std::time::Duration) -> SynthBudget {
        use crate::check::sdv::{DEFAULT_KERNEL_BUDGET_MS, WORK_UNITS_PER_MS};
        let budget_ms = if budget_ms == 0 {
            DEFAULT_KERNEL_BUDGET_MS
        } else {
            budget_ms
        };
        // The synthesis's time ends before the kernel's budget (not past it
        // by the checker's margin): the rest is the re-check's, so `fix`'s
        // whole run of a kernel ends within its budget (issue 14).
        let backstop = synth_time_ms(budget_ms);
        let work = budget_ms
            .saturating_mul(WORK_UNITS_PER_MS)
            .saturating_mul(SYNTH_WORK_FACTOR);
        SynthBudget {
            budget_ms,
            work,
            work_left: std::cell::Cell::new(work),
            queries_capped: std::cell::Cell::new(true),
            last_check_capped: std::cell::Cell::new(false),
            deadline: crate::base::clock::Deadline::after_spent(
                std::time::Duration::from_millis(backstop),
                spent,
            ),
        }
    }

    /// The budget in milliseconds it was made from.
    pub fn budget_ms(&self) -> u64 {
        self.budget_ms
    }

    /// Solver work units left.
    pub fn work_left(&self) -> u64 {
        self.work_left.get()
    }

    /// Solver work units spent so far.
    pub fn spent(&self) -> u64 {
        self.work - self.work_left.get()
    }

    /// The work cap of one query in the synthesis's checks ([`SYNTH_QUERY_WORK`]),
    /// None once lifted (the checker's own cap).
    pub fn query_work_cap(&self) -> Option<u64> {
        self.queries_capped.get().then_some(SYNTH_QUERY_WORK)
    }

    /// Lifts the per-query cap for the checks after this call when the
    /// last check left a query unknown under it; returns whether it did (so
    /// that check is worth repeating). A check made without the cap (the
    /// one `fix` made before the synthesis) would only be repeated as it was.
    pub fn uncap_queries(&self) -> bool {
        self.last_check_capped.get() && self.queries_capped.replace(false)
    }

    /// Takes `work` units from what is left.
    pub fn spend(&self, work: u64) {
        self.work_left
            .set(self.work_left.get().saturating_sub(work));
    }

    /// The time backstop.
    pub fn deadline(&self) -> &crate::base::clock::Deadline {
        &self.deadline
    }

    /// Whether the synthesis must stop: its work is spent or, as a backstop
    /// only, its time ran out.
    pub fn exhausted(&self) -> bool {
        self.work_left.get() == 0 || self.deadline.passed()
    }

    /// Why it is exhausted, for messages.
    pub fn exhausted_reason(&self) -> String {
        if self.work_left.get() == 0 {
            format!(
                "its budget of {} ms ({} solver work units) was spent",
                self.budget_ms, self.work
            )
        } else {
            let reached = self
                .deadline
                .reached()
                .unwrap_or(crate::base::clock::Reached::Budget);
            let budget = format!(
                "{SYNTH_TIME_PERCENT}% of its budget of {} ms, the rest being the re-check's",
                self.budget_ms
            );
            format!(
                "the {} was reached",
                self.deadline.describe(reached, &budget)
            )
        }
    }

    /// The work units of a check: two thirds of what is left (a check the
    /// solver cannot finish leaves work for the next candidate), at most
    /// what a plain check of the kernel gets.
    pub fn check_share(&self) -> u64 {
        (self.work_left.get() / 3 * 2).min(
            self.budget_ms
                .saturating_mul(crate::check::sdv::WORK_UNITS_PER_MS),
        )
    }

    /// A check's budget: `work` units, behind two thirds of the time left
    /// before this budget's backstop. The work units bind first on a quiet
    /// machine; where the backstop binds instead (non-linear queries, whose
    /// work Z3 counts slowly) the synthesis would stop anyway, and this way
    /// a check that cannot finish still leaves time for the next candidate,
    /// which orders the pair it gave up on.
    pub fn for_check(&self, work: u64) -> crate::check::KernelBudget {
        crate::check::KernelBudget::sharing(self.budget_ms, work, self.deadline.share(2, 3))
    }
}

/// [`repair_kernel`] with a given checker and configuration.
pub fn repair_kernel_with(
    kernel: &Kernel,
    files: &[SourceFileInfo],
    opts: &SynthOptions,
    oracle: &mut Oracle<'_>,
    config: RepairConfig,
) -> KernelRepair {
    repairs::repair_with(kernel, files, opts, oracle, config)
}

/// Describes every barrier of the kernel (cost, races it orders, redundancy).
pub fn barrier_infos(kernel: &Kernel, opts: &SynthOptions) -> Vec<BarrierInfo> {
    let check = opts.check.clone();
    let mut oracle = |k: &Kernel| crate::check::check_kernel(k, &check);
    barrier_infos_with(kernel, opts, &mut oracle)
}

/// [`barrier_infos`] with a given checker.
pub fn barrier_infos_with(
    kernel: &Kernel,
    opts: &SynthOptions,
    oracle: &mut Oracle<'_>,
) -> Vec<BarrierInfo> {
    use crate::base::HashSet;
    let tree = crate::ir::walk::LabelTree::new(kernel);
    let original = oracle(kernel);
    let known: HashSet<_> = original
        .findings
        .iter()
        .filter_map(|f| f.race.as_ref())
        .map(repairs::race_key)
        .collect();
    let usable = |v: Verdict| !matches!(v, Verdict::Inconclusive | Verdict::Unsupported);
    let mut barriers = repairs::block_barriers(kernel);
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        if matches!(
            s.kind,
            crate::ir::StmtKind::Barrier {
                scope: crate::ir::BarrierScope::Warp,
                ..
            }
        ) {
            barriers.push(s.clone());
        }
    });
    barriers
        .into_iter()
        .map(|b| {
            let scope = match b.kind {
                crate::ir::StmtKind::Barrier { scope, .. } => scope,
                _ => crate::ir::BarrierScope::Block,
            };
            let loops = tree.loops(b.id).len() as u32;
            let conds = tree.conds(b.id).len() as u32;
            let mut without = kernel.clone();
            crate::ir::walk::remove_stmt(&mut without, b.id);
            let report = oracle(&without);
            let orders: Vec<Race> = report
                .races
                .iter()
                .filter(|r| !r.benign && !known.contains(&repairs::race_key(r)))
                .cloned()
                .collect();
            let new_divergence = report
                .findings
                .iter()
                .filter(|f| f.divergence.is_some())
                .count()
                > original
                    .findings
                    .iter()
                    .filter(|f| f.divergence.is_some())
                    .count();
            BarrierInfo {
                stmt: b.id,
                span: b.span,
                scope,
                cost: cost::cost(&opts.cost, loops, conds),
                loops,
                conds,
                redundant: usable(report.verdict)
                    && usable(original.verdict)
                    && orders.is_empty()
                    && !new_divergence,
                orders,
            }
        })
        .collect()
}
