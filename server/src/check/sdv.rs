//! The two-thread SDV encoding on Z3.
//!
//! Two distinct symbolic threads execute the kernel. Every statement is run
//! once per thread over the structured program; loops are abstracted: what a
//! loop modifies is havocked at its head and exit and constrained by sound
//! invariants (see `symexec`). For each pair of conflicting accesses that the
//! barrier-interval analysis says can meet, Z3 decides whether both threads
//! can be enabled at them and touch overlapping bytes.
//!
//! Havocked values are shared between the two threads (same Z3 constant) only
//! when they are uniform within a block and both threads are, by the scenario
//! being checked, in the same iteration of every loop around the havoc: in SDV
//! uniform values are equal in all threads at the same dynamic instance.

use crate::base::clock::{Deadline, Reached};
use std::time::{Duration, Instant};

use z3::ast::{Ast, Bool, Dynamic};
use z3::{Model, Params, SatResult, Solver};

use super::decl_kind::{head_kind, is_bit_vector_operation, is_uninterpreted_application};
use super::diagnostic::DiagnosticKind;
use super::grid_stride::GridStride;
use super::injective::InjectiveOffsets;
use super::profile::{Profile, QueryProfile};
use super::report::{Divergence, Finding, KernelReport, LoopRelation, Race, RaceKind, Verdict};
use super::simplify::simplified_or_same;
use super::symexec::{work_count, AccessSym, Encoder, ExecResult, Scenario, Val, WarpRelation};
use super::witness;
use crate::analysis::intervals::{Blocking, Cfg};
use crate::analysis::loops::LoopTable;
use crate::analysis::Uniformity;
use crate::config::CheckOptions;
use crate::ir::walk::{for_each_stmt, LabelTree};
use crate::ir::{Kernel, MemSpace, StmtId, StmtKind};
use z3::ast::Int;

/// Z3 work units (its deterministic `rlimit` counter) per millisecond of the
/// time budget: budgets are given in milliseconds but counted in work units,
/// so a verdict never depends on the machine's load. Calibrated on the
/// release build, 2-core machine, in CPU time (load-independent): linear
/// queries spend about 1,500-2,000 units per CPU millisecond, but Z3 slows
/// down as one query grows (a non-linear query of real code: 1,350 units
/// per ms over its first 500,000 units, 575 over 1.5 million, 395 over 3
/// million). At 250, a kernel's whole budget costs at most about half its
/// time in CPU with queries capped at [`QUERY_WORK`], so a machine loaded
/// twice over still ends on the work count, not on the time backstop.
/// Decided queries of HeCBench spend at most about 1.2 million units, whole
/// kernels 1.4 million (race-free) or 4 million (racy, counting the pairs
/// after the first race).
pub const WORK_UNITS_PER_MS: u64 = 250;

/// Work cap of one solver call (never more than the kernel's budget). The
/// largest decided queries of real kernels take about 1.2 million units
/// (a 3-D launch across blocks); past this cap Z3 runs several times
/// slower per unit (see [`WORK_UNITS_PER_MS`]).
const QUERY_WORK: u64 = 1_500_000;

/// Z3 steps whose cost its `rlimit` under-counts, from its (deterministic)
/// statistics, for the trace: each call of the non-linear `nra` (nlsat)
/// solver runs on a resource limit of its own (HeCBench dense-embedding's
/// `dense_esuhm3`: 311 calls in 1.475 million units, 9.4 s of CPU, 1.4 s
/// without them), and Gomory cuts and Hermite normal forms grow the simplex
/// tableau's rationals while `rlimit` counts one step per pivot (lrn's
/// `lrn_fwd_kernel`: 562 cuts in 400,000 units, 4.2 s of CPU). Summed over
/// entries: a tactic solver lists each check's statistics separately.
#[derive(Clone, Copy, Default)]
struct UncountedSteps {
    nra_calls: u64,
    gomory_cuts: u64,
    hnf_calls: u64,
    /// The tableau's width (`arith-max-columns`) in the latest check that
    /// reported one: not a count, so [`UncountedSteps::since`] keeps it.
    columns: u64,
}

/// Work units of CPU (at [`WORK_UNITS_PER_MS`]) that one unit of Z3's
/// `rlimit` costs when nothing below dominates: linear search runs at about
/// 1,500 units per CPU millisecond, six times the budget's rate.
const MODEL_RLIMIT_DIVISOR: u64 = 6;

/// Modelled CPU of one Gomory cut per column of the tableau, in work units
/// at [`WORK_UNITS_PER_MS`] (fitted with `arith.enable_hnf=false`, where
/// cuts are the only under-counted step: lrn's `lrn_fwd_kernel` query 683
/// cuts x 1,354 columns in 600,000 units, 4.2 s, model 4.0 s; minisweep's
/// `wavefronts` 190 x 2,253 in 400,000 units, 2.0 s, model 2.0 s).
const MODEL_CUT_COLUMN: u64 = 1;

/// Modelled CPU of one Hermite-normal-form call per column of the tableau
/// (lrn's query: 21-36 calls at ~1,100 columns cost 1.4-1.7 s beyond its
/// cuts; minisweep's 6 calls at 2,253 columns ~0.7 s).
const MODEL_HNF_COLUMN: u64 = 13;

/// Modelled CPU of one `nra` (nlsat) call, bounded by a step limit of its
/// own (14-27 ms each: pathfinder's 43 calls ~0.6 s, `dense_esuhm3`'s 228
/// ~5.5 s).
const MODEL_NRA_CALL: u64 = 5_000;

impl UncountedSteps {
    /// The counts of `solver`'s checks so far.
    fn of(solver: &Solver) -> UncountedSteps {
        let mut steps = UncountedSteps::default();
        for e in solver.get_statistics().entries() {
            let n = match e.value {
                z3::StatisticsValue::UInt(n) => u64::from(n),
                z3::StatisticsValue::Double(x) => x.max(0.0) as u64,
            };
            let slot = match e.key.as_str() {
                "arith-nra-calls" => &mut steps.nra_calls,
                "arith-gomory-cuts" => &mut steps.gomory_cuts,
                "arith-hnf-calls" => &mut steps.hnf_calls,
                "arith-max-columns" => {
                    steps.columns = n;
                    continue;
                }
                _ => continue,
            };
            *slot = slot.saturating_add(n);
        }
        steps
    }

    /// The counts since `before`.
    fn since(&self, before: &UncountedSteps) -> UncountedSteps {
        UncountedSteps {
            nra_calls: self.nra_calls.saturating_sub(before.nra_calls),
            gomory_cuts: self.gomory_cuts.saturating_sub(before.gomory_cuts),
            hnf_calls: self.hnf_calls.saturating_sub(before.hnf_calls),
            columns: self.columns,
        }
    }

    /// A call's modelled CPU in work units at [`WORK_UNITS_PER_MS`], for the
    /// trace: `work` rlimit steps plus these steps at the costs above. It
    /// follows the CPU of the calls measured within about 1.5 times (each
    /// model constant's comment), twice it on HNF calls of 3,700 columns
    /// (lrn's `lrn_bwd_kernel`). The kernel's budget ends on it between
    /// calls (see `Checker::work_left`); one call's CPU cannot be stopped
    /// on it (Z3's `rlimit` is the only deterministic stop inside a call,
    /// and the `smt` tactic's solver restarts from scratch at each check).
    fn modelled_units(&self, work: u64) -> u64 {
        let cut_columns = self.gomory_cuts.saturating_mul(self.columns);
        let hnf_columns = self.hnf_calls.saturating_mul(self.columns);
        (work / MODEL_RLIMIT_DIVISOR)
            .saturating_add(cut_columns.saturating_mul(MODEL_CUT_COLUMN))
            .saturating_add(hnf_columns.saturating_mul(MODEL_HNF_COLUMN))
            .saturating_add(self.nra_calls.saturating_mul(MODEL_NRA_CALL))
    }
}

/// The index of the `qflia` tactic solver among the portfolio's solvers
/// (`smt`, `qflia`, pinned `smt`; see `Checker::run_solver`).
const LIA_SOLVER: usize = 1;

/// Whether the `qflia` turn's integer search makes Hermite-normal-form
/// cuts: it does not. A cut is implied by the integer constraints, a
/// completeness heuristic only (without it the search is as sound and may
/// answer `unknown` where a cut would have decided), and `rlimit` counts
/// one step per pivot however wide the tableau an HNF is computed on: the
/// turn's 250,000 units of HeCBench lrn's `lrn_fwd_kernel` query took 1.37 s
/// of CPU with 44 HNF calls on ~1,100 columns, 0.50 s without
/// (`tests/bench/replay_query.py --solver qflia --param
/// arith.enable_hnf=false`). Only this turn: process-wide
/// (`smt.arith.enable_hnf=false`) the `smt` and pinned turns lost decided
/// answers (fixture `launch/index_arithmetic_dropped/shift_wraps_racy.cu`'s
/// `segment_copy`, `sat` in 274,000 units with 8 HNF calls, went `unknown`
/// at the 1.5-million cap; HeCBench tgvnn's `grad_xx` lost a pinned witness).
const LIA_HNF: bool = false;

/// Work cap of a query's first, unsplit attempt before case splitting.
const FIRST_TRY_WORK: u64 = 8_000;

/// Cases a split must have left after its first for the whole query to get
/// a second try when that case was expensive (see `Checker::solve`).
const SPLIT_ESCALATION_MIN_CASES: u64 = 4;

/// Work units of the vacuity query (see `Checker::check_vacuous`): it is
/// satisfiable at once for almost every kernel; an unknown answer gives no
/// finding.
const VACUITY_WORK: u64 = 50_000;

/// The time backstop: the budget plus this many percent, measured on the
/// budget clock (`base::clock`: the CPU time of the checking threads on the
/// command line, so that load does not change a verdict; wall time in the
/// editor). Z3 counts work in most but not all of its steps (non-linear
/// queries can run 10 times longer per unit), and a verdict must come back
/// within the budget plus a small margin regardless; the backstop stays
/// behind the deterministic work count.
pub const BACKSTOP_MARGIN_PERCENT: u64 = 5;

/// How often the watchdog repeats its interrupt once the deadline passed: Z3
/// notices an interrupt only at its cancellation points, and a new `check`
/// resets it.
const INTERRUPT_REPEAT: Duration = Duration::from_millis(20);

/// A call of the solver portfolio (see `Checker::check_facts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    /// Z3's incremental `smt` solver on the query.
    Smt,
    /// `smt` on the query with the pair's second-turn lemmas (see
    /// `Encoder::quotient_lemmas`), when it has any.
    Lemmas,
    /// `smt` on the query with its divisions by constants as digit sums
    /// (see `radix`), when it has such a dividend read at two cuts.
    Digits,
    /// A `qflia` tactic solver on the query.
    Lia,
}

/// The solver portfolio in order, with each call's work slice; the last
/// `smt` call gets what is left of the query's cap. `Digits` and `Lia` are
/// side calls, each kind paid from its own [`PORTFOLIO_ALLOWANCE`]. A
/// `Lemmas` turn that decides the query is `smt` work (the query's cap and
/// the kernel's budget, like the `smt` turn that would have decided it);
/// one that does not is paid from [`LEMMA_UNKNOWN_ALLOWANCE`], so a query
/// the lemmas do not help keeps the budget it had without them. The pinned
/// witness search runs before the last `smt` turn (see [`PINNED_SLICE`]).
const PORTFOLIO: [(Turn, u64); 5] = [
    (Turn::Smt, 25_000),
    (Turn::Lemmas, 25_000),
    (Turn::Digits, 25_000),
    (Turn::Lia, 250_000),
    (Turn::Smt, u64::MAX),
];

/// Work slice of the sliced query (see `check::slice`), asked before the
/// portfolio when slicing leaves facts out: a slice left undecided by it
/// is no easier for the turns after it than the whole query.
const SLICED_WORK: u64 = PORTFOLIO[0].1;

/// Queries of at least this many facts ask their hub core first (see
/// `Slicer::core`); smaller ones cost the solver little to load.
const CORE_MIN_FACTS: usize = 256;

/// A pair query with at least this many base facts (its scenario's, see
/// `Checker::base_facts`) may be asked to an incremental solver holding
/// them (see `Checker::decided_incrementally`): loading hundreds of facts
/// costs Z3 more than most goals cost it to decide. From 32 on, not 128:
/// a base of 127 facts (ced's `non_max_supp_kernel` with its barrier) cost
/// ~10,000 units per fresh query and 1,500-6,000 incremental ones, and on
/// the strip-and-fix kernels the change saves more work than the `unknown`
/// incremental tries it adds cost (the base's solver is dropped when it
/// rarely decides).
const INCREMENTAL_MIN_BASE: usize = 32;

/// Work cap of the query for a colliding witness of a pair on two arrays
/// (see `Checker::colliding_model`), asked only once the pair is racy.
const WITNESS_WORK: u64 = PORTFOLIO[0].1;

/// Byte bounds tried, smallest first, for the offset of an access through
/// an alias of any array of `space` in a race witness (see
/// `Checker::colliding_model`): 1 KiB, then the largest array of the space
/// (227 KiB of shared memory per block on sm_90, 64 KiB of constant memory,
/// 2^40 bytes of global memory, above any GPU's).
fn alias_offset_bounds(space: crate::ir::MemSpace) -> [u64; 2] {
    match space {
        crate::ir::MemSpace::Shared => [1 << 10, 227 << 10],
        crate::ir::MemSpace::Constant => [1 << 10, 64 << 10],
        crate::ir::MemSpace::Global => [1 << 10, 1 << 40],
    }
}

/// Work slice of a query to an incremental solver (see
/// `Checker::decided_incrementally`), like the first portfolio turn's.
const INCREMENTAL_WORK: u64 = PORTFOLIO[0].1;

/// The query of a base at which it gets an incremental solver (see
/// `Checker::decided_incrementally`). In a check of `check`, the second:
/// most bases have one query, which the portfolio's first turn decides for
/// the same load. In a check of the synthesizer (under a race limit, see
/// [`with_block_race_limit`]), the first: a stripped kernel's bases have
/// several pairs each, and each base was loaded twice, once for its first
/// pair's fresh query and once more for the solver at its second (HeCBench
/// mdh's stripped `mdh`: four loads of 15,000-18,000 units each in its two
/// racy checks, of 205,000). Only where the work goes changes: the solver's
/// assertions are the query's facts, so its answers are the query's.
fn sightings_for_solver() -> u32 {
    if block_race_limit().is_some() {
        1
    } else {
        2
    }
}

/// Incremental solvers a check keeps at once, one per base: the
/// same-block and different-block scenarios of consecutive pairs alternate.
const INCREMENTAL_SOLVERS: usize = 4;

/// Work slice of the hub core (see `Slicer::core`): launch bounds,
/// distinctness and the goals, decided in a few hundred units when the
/// guards alone contradict.
const CORE_WORK: u64 = 5_000;

/// Work slice of the goal core (see `Slicer::core` with `goal_reads`),
/// asked before the `qflia` turn of a large query the first `smt` turn
/// left unknown: the goals with the facts of what they read (a stride
/// loop's counter `head == tid + k*blockDim` and the range of `k`), where
/// the whole query's hundreds of facts cost `smt` and `qflia` 500,000
/// units or more (HeCBench tsp's `TwoOpt`: its goal core of 98 of 748
/// facts is unsatisfiable in ~50,000).
const GOAL_CORE_WORK: u64 = 60_000;

/// Work slice of one call of the pinned turn, a side call paid from its own
/// allowance (the third of [`PORTFOLIO_ALLOWANCE`]). It runs before the
/// last `smt` turn, once the cheaper turns answered unknown, on a solver of
/// its own, so that its calls leave the portfolio solvers' state (and so
/// their answers) as they were.
const PINNED_SLICE: u64 = 60_000;

/// Work units one kernel may spend on the portfolio's side calls of each
/// kind (`Digits`, `Lia`), on top of its budget: the last `smt` call of a
/// query keeps the allowance it had without them, so the side calls only
/// ever add decided queries, and the digits turn leaves `qflia` what it had.
/// The third is the pinned witness search's (see [`PINNED_SLICE`]).
const PORTFOLIO_ALLOWANCE: [u64; 3] = [4 * PORTFOLIO[2].1, 4 * PORTFOLIO[3].1, 6 * PINNED_SLICE];

/// Work units one kernel check may spend on `Lemmas` turns that answer
/// `unknown`; past them it gets no more such turns: the lemmas' products
/// `d*q` make a query non-linear, and where they do not help (block-index
/// decompositions `(b - b % n) / n` whose queries are satisfiable) each
/// such turn costs Z3's slow non-linear steps for nothing.
const LEMMA_UNKNOWN_ALLOWANCE: u64 = 2 * PORTFOLIO[1].1;

/// The values [`PINNED_SLICE`] gives the pinned inputs, each time one for
/// the parameters and one for the launch sizes, in order, the next only
/// when the pins contradict the query (`unsat`; after `unknown` the next
/// values' query is as hard). Small, so that products of pinned values stay
/// far from every type's limits: a parameter 2 (the least extent along
/// which two threads can differ), then 7; a launch size unlike the
/// parameters' value (with a grid-stride loop over `blockDim*gridDim`
/// equal to a pinned extent, two indices an extent apart would be one
/// thread's), then a warp.
const PINNED_VALUES: [(i64, i64); 2] = [(2, 3), (7, 32)];

/// After [`PINNED_VALUES`] (when each of them contradicts the query or one is
/// `unknown`, see [`ValuesEnd::tries_empty_extent`]), the
/// pinned turn tries an empty extent: one pinned parameter at 0, the others
/// at the first parameter value, for the first this many parameters in
/// turn. Sizes read from the input (an image file's header) may be 0, and
/// then `rows * (cols - 1)` wraps: a kernel indexed
/// `id % (rows * (cols - 1)) + ..` races for `cols == 0` (HeCBench tgvnn's
/// `grad_*`, whose unpinned queries took the whole budget to find such a
/// witness, or did not). A model with the pins is a model of the query, so
/// the search only finds real witnesses; an `unsat` decides nothing, as for
/// the other values. These calls run in a context of their own (see
/// [`SideContext`]).
const PINNED_ZEROS: usize = 4;

/// After the [`PINNED_ZEROS`] tries (when none decides), the pinned turn
/// tries the parameters whose try was `unsat` at 0 once more, each alone:
/// every other input (parameters and launch sizes) free. An `unsat` try
/// says the other inputs' small values ruled the witness out, so freeing
/// them is the retry; after an `unknown` one the parameter at 0 is a hard
/// query already, and freeing the others only makes it harder (HeCBench
/// qtclustering's `QTC_device`, heartwall's `hw`: four more `unknown`
/// calls of 60,000 units each). The small values can rule out the witness
/// of an empty extent: HeCBench tgvnn's
/// `grad_xx_adj` races for `cols == 0` only with a huge `rows` (its
/// `id % (rows * (cols - 2))` wraps), so `cols == 0` with `rows == 2` is
/// `unsat`, while `cols == 0` alone is `sat` in ~42,000 units and the
/// unpinned query took the last `smt` turn 1.2 million. A model with a
/// parameter at 0 is a model of the query (the pin only adds a fact); an
/// `unsat` or `unknown` try decides nothing. Each is one call of at most a
/// [`PINNED_SLICE`], from the pinned turn's allowance, in the
/// [`SideContext`], like the tries before it.
const LONE_ZEROS: usize = PINNED_ZEROS;

/// Largest work slice of a portfolio turn a query gets once a check under a
/// race limit (see [`with_block_race_limit`]) has found a race within a
/// block: the turns with larger slices are skipped (see
/// [`Checker::racy_already`]).
const RACY_ALREADY_SLICE: u64 = PORTFOLIO[0].1;

/// Solver work units (all turns) a check under a race limit may spend
/// after its first race within a block before it stops, as at the limit:
/// on a kernel whose pairs each need more than the cheap turns, the rest of
/// such a check would spend the cheap turns on every pair for no race.
const RACY_REMAINDER_WORK: u64 = 8 * RACY_ALREADY_SLICE;

/// How many of the slowest queries a profile keeps.
const PROFILE_SLOWEST: usize = 8;

/// One memory access of the kernel.
#[derive(Clone, Debug)]
struct AccessStmt {
    id: StmtId,
    array: usize,
    write: bool,
    atomic: bool,
    /// A block-scoped atomic (`atomicAdd_block`, ...): atomic only with
    /// respect to threads of its own block.
    block_scoped: bool,
    /// The source statement it belongs to (see [`SourceSite`]).
    site: SourceSite,
}

/// The source statement of an access: its range and, for a statement
/// inlined from a device function, the call it was inlined at. The
/// synthesizer places barriers between source statements, so the accesses
/// of two statements are ordered by the same placements (see
/// `Checker::site_already_racy`).
type SourceSite = (crate::ir::Span, Option<crate::ir::Span>);

/// A kernel's end-to-end budget, shared by its checks under several launch
/// configurations: Z3 work units (deterministic, so a verdict does not
/// depend on the machine's load) and a time backstop behind them (on the
/// budget clock, see [`BACKSTOP_MARGIN_PERCENT`]).
#[derive(Clone, Debug)]
pub struct KernelBudget {
    budget_ms: u64,
    work_left: u64,
    deadline: Deadline,
    /// Milliseconds of the budget spent before the check (reading,
    /// preprocessing, parsing, lowering, launch scans), named when the
    /// backstop is reached.
    spent_before_ms: u64,
    /// Whether the backstop is the budget itself (`fix`'s re-check), not
    /// the budget plus [`BACKSTOP_MARGIN_PERCENT`].
    no_margin: bool,
}

impl KernelBudget {
    /// The budget of `opts` (0 means the default) of which the front end
    /// already took `spent` on the budget clock (the backstop counts it; the
    /// solver work units do not).
    pub fn after_front_end(opts: &CheckOptions, spent: Duration) -> KernelBudget {
        let budget_ms = effective_budget_ms(opts);
        let backstop =
            budget_ms.saturating_add(budget_ms.saturating_mul(BACKSTOP_MARGIN_PERCENT) / 100);
        KernelBudget {
            budget_ms,
            work_left: budget_ms.saturating_mul(WORK_UNITS_PER_MS),
            deadline: Deadline::after_spent(Duration::from_millis(backstop), spent),
            spent_before_ms: spent.as_millis() as u64,
            no_margin: false,
        }
    }

    /// [`KernelBudget::after_front_end`] whose backstop is the budget
    /// itself, not the budget plus the margin: for `fix`'s re-check of a
    /// repaired kernel, which comes after the kernel's synthesis (`spent`
    /// counts it), so that `fix`'s whole run of the kernel ends within its
    /// budget. Its solver work units are a plain check's, so a repaired
    /// kernel is one `check` calls race-free (the backstop aside).
    pub fn ending_at_budget(opts: &CheckOptions, spent: Duration) -> KernelBudget {
        let budget_ms = effective_budget_ms(opts);
        KernelBudget {
            budget_ms,
            work_left: budget_ms.saturating_mul(WORK_UNITS_PER_MS),
            deadline: Deadline::after_spent(Duration::from_millis(budget_ms), spent),
            spent_before_ms: spent.as_millis() as u64,
            no_margin: true,
        }
    }

    /// A budget of `work_left` solver work units behind the backstop
    /// `deadline`, for a check that spends from its caller's budget (the
    /// barrier synthesizer's checks share one per kernel); `budget_ms` is
    /// the caller's budget, named when the backstop is reached.
    pub fn sharing(budget_ms: u64, work_left: u64, deadline: Deadline) -> KernelBudget {
        KernelBudget {
            budget_ms,
            work_left,
            deadline,
            spent_before_ms: 0,
            no_margin: false,
        }
    }

    /// What the backstop says when it is reached.
    fn backstop_reason(&self) -> String {
        let budget = if self.no_margin {
            format!("budget of {} ms", self.budget_ms)
        } else {
            format!(
                "budget of {} ms + {BACKSTOP_MARGIN_PERCENT}%",
                self.budget_ms
            )
        };
        let reached = self.deadline.reached().unwrap_or(Reached::Budget);
        let mut why = format!("{} reached", self.deadline.describe(reached, &budget));
        if self.spent_before_ms > 0 {
            let before = if self.no_margin {
                "reading the file and repairing the kernel"
            } else {
                "reading, parsing and lowering the file"
            };
            why.push_str(&format!(
                " ({before} took {} ms of it)",
                self.spent_before_ms
            ));
        }
        why
    }

    /// A budget with only `work` solver work units left (tests).
    #[cfg(test)]
    pub(crate) fn with_work_left(mut self, work: u64) -> KernelBudget {
        self.work_left = work;
        self
    }

    /// The same budget with a backstop `ms` from now (tests that count work
    /// units: a loaded machine must not decide their verdicts).
    #[cfg(test)]
    pub(crate) fn with_wall_ms(mut self, ms: u64) -> KernelBudget {
        self.deadline = Deadline::after(Duration::from_millis(ms));
        self
    }

    /// The budget of `opts`, counted from now.
    pub fn new(opts: &CheckOptions) -> KernelBudget {
        KernelBudget::after_front_end(opts, Duration::ZERO)
    }

    /// The backstop.
    pub fn deadline(&self) -> &Deadline {
        &self.deadline
    }

    /// The budget in milliseconds it was made from.
    pub fn budget_ms(&self) -> u64 {
        self.budget_ms
    }

    /// Solver work units left.
    pub fn work_left(&self) -> u64 {
        self.work_left
    }
}

/// Checks one kernel for data races and barrier divergence.
pub fn check_kernel(kernel: &Kernel, opts: &CheckOptions) -> KernelReport {
    check_with_budget(kernel, opts, &mut KernelBudget::new(opts)).0
}

/// Checks one kernel within what is left of `budget` (spending from it), for
/// a kernel checked under several launch configurations.
pub fn check_kernel_within(
    kernel: &Kernel,
    opts: &CheckOptions,
    budget: &mut KernelBudget,
) -> KernelReport {
    check_with_budget(kernel, opts, budget).0
}

/// Checks one kernel and reports where its time went.
///
/// Every check runs in a Z3 context of its own: Z3's answers (and so the
/// witnesses in the messages) depend on everything the context saw before,
/// so a shared context would make a kernel's report depend on which kernels
/// were checked before it on the same thread.
pub fn check_kernel_profiled(kernel: &Kernel, opts: &CheckOptions) -> (KernelReport, Profile) {
    with_scoped(&SLOWEST_WANTED, (), || {
        check_with_budget(kernel, opts, &mut KernelBudget::new(opts))
    })
}

thread_local! {
    /// Set inside [`check_kernel_profiled`]: only its callers read the
    /// profile's slowest-query list (see `Checker::record_query`).
    static SLOWEST_WANTED: std::cell::Cell<Option<()>> = const { std::cell::Cell::new(None) };
}

/// Z3's memory limit in megabytes (`memory_max_size`, for all of the
/// process's contexts together): a solver blow-up makes its query `unknown`
/// ("max. memory exceeded"), so the kernel is inconclusive instead of the
/// process running out of memory. Real kernels' checks use a few to a few
/// hundred megabytes; 512 keeps the process under 1 GB with the IR of a
/// kernel of 100,000 statements (about 400 MB) beside it.
/// `SYNCWRIGHT_Z3_MEMORY_MB` overrides it (tests).
pub const Z3_MEMORY_MAX_MB: u64 = 512;

/// The limit in force (megabytes), once set.
static Z3_MEMORY_LIMIT_MB: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Sets Z3's process-wide limits, once.
fn set_z3_limits() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let megabytes = std::env::var("SYNCWRIGHT_Z3_MEMORY_MB")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(Z3_MEMORY_MAX_MB);
        z3::set_global_param("memory_max_size", &megabytes.to_string());
        Z3_MEMORY_LIMIT_MB.store(megabytes, std::sync::atomic::Ordering::SeqCst);
    });
}

/// Pays, on the calling thread and ahead of its first check, the Z3 set-up
/// that first check would pay: the thread's default context (which
/// `with_z3_config` creates on a thread's first use, to restore it after)
/// and a first configured context with the checker's two solvers, whose
/// memory the allocator keeps for the next one (`fix` keeps freed memory).
/// Together tens of milliseconds, mostly fresh pages. A caller with other
/// work to do first (the front end of `fix`) runs that work on another
/// thread meanwhile. No verdict depends on it: every check still gets a
/// context of its own, never used before.
pub fn warm_up_solver() {
    set_z3_limits();
    // A failure here (Z3 out of memory) only means no warm-up; the check
    // that follows meets the same condition and reports it.
    let _ = std::panic::catch_unwind(|| {
        let mut cfg = z3::Config::new();
        cfg.set_model_generation(true);
        z3::with_z3_config(&cfg, || {
            let smt = z3::Tactic::new("smt").solver();
            let _lia = z3::Tactic::new("qflia").solver();
            let x = z3::ast::Int::new_const("x");
            smt.assert(x.gt(z3::ast::Int::from_i64(0)));
            let _ = smt.check();
        })
    });
}

/// Whether Z3's allocations are at its memory limit (then its API calls fail
/// and return null, on which the z3 crate panics).
fn z3_memory_exhausted() -> Option<String> {
    extern "C" {
        fn Z3_get_estimated_alloc_size() -> u64;
    }
    let limit_mb = Z3_MEMORY_LIMIT_MB.load(std::sync::atomic::Ordering::SeqCst);
    // SAFETY: reads Z3's global allocation counter; no arguments, no state.
    let allocated = unsafe { Z3_get_estimated_alloc_size() };
    // Z3 refuses the allocation that would cross the limit: within a few
    // percent of it counts as reached.
    (limit_mb > 0 && allocated >= limit_mb * (1 << 20) / 100 * 95)
        .then(|| format!("Z3 memory limit (`memory_max_size`, {limit_mb} MB) reached"))
}

/// A Z3 context no Rust object refers to any more, to be deleted.
struct RawContext(*mut std::ffi::c_void);

// SAFETY: a Z3 context may be used from any thread, one thread at a time;
// once handed over, only the reaper thread touches it.
unsafe impl Send for RawContext {}
// SAFETY: shared by no one: it only passes through `with_z3_config`'s
// result (which must be `Sync`) on its way to the reaper.
unsafe impl Sync for RawContext {}

/// Contexts handed to the reaper and not yet deleted.
static CONTEXTS_BEING_FREED: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

/// Deletes a check's Z3 context on the reaper thread, so that the check
/// returns as soon as it has its answer: a context that reached hundreds of
/// megabytes takes seconds to free, past the kernel's deadline (the check
/// is over by then; only the cleanup would be late). Deleted here when the
/// reaper thread cannot start.
fn free_context(raw: RawContext) {
    extern "C" {
        fn Z3_del_context(context: *mut std::ffi::c_void);
    }
    fn delete(raw: RawContext) {
        // SAFETY: `raw` came from a live context whose every Rust reference
        // is gone but one that was forgotten, so nothing else deletes or
        // uses it; it is deleted once, here.
        unsafe { Z3_del_context(raw.0) };
    }
    static REAPER: std::sync::OnceLock<
        Option<std::sync::Mutex<std::sync::mpsc::Sender<RawContext>>>,
    > = std::sync::OnceLock::new();
    let reaper = REAPER.get_or_init(|| {
        let (send, receive) = std::sync::mpsc::channel::<RawContext>();
        std::thread::Builder::new()
            .name("syncwright-z3-free".into())
            .spawn(move || {
                for raw in receive {
                    delete(raw);
                    CONTEXTS_BEING_FREED.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                }
            })
            .ok()
            .map(|_| std::sync::Mutex::new(send))
    });
    let Some(sender) = reaper else {
        return delete(raw);
    };
    CONTEXTS_BEING_FREED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let sent = sender
        .lock()
        .map_err(|_| ())
        .and_then(|s| s.send(raw).map_err(|e| delete(e.0)));
    if sent.is_err() {
        CONTEXTS_BEING_FREED.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// A fresh Z3 context made ahead of the check that takes it (see
/// [`with_spare_contexts`]); freed by the reaper if no check takes it.
struct SpareContext(Option<RawContext>);

impl SpareContext {
    /// The context, for a check (which frees it, see `free_context`).
    fn take(mut self) -> Option<RawContext> {
        self.0.take()
    }
}

impl Drop for SpareContext {
    fn drop(&mut self) {
        if let Some(raw) = self.0.take() {
            free_context(raw);
        }
    }
}

/// The spare contexts of a [`with_spare_contexts`] scope: the next one (made
/// on a helper thread), and the channel that asks for the one after.
struct SpareContexts {
    ready: std::sync::mpsc::Receiver<SpareContext>,
    ask: std::sync::mpsc::Sender<()>,
}

thread_local! {
    static SPARE_CONTEXTS: std::cell::RefCell<Option<SpareContexts>> =
        const { std::cell::RefCell::new(None) };
    /// Checks of this thread that took a spare context (tests).
    static SPARE_CONTEXTS_TAKEN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A new Z3 context configured as `check_with_budget` configures its own
/// (`z3::Config` with model generation, Z3's error handler off as
/// `z3::Context` sets it), to which nothing refers yet.
fn new_raw_context() -> Option<RawContext> {
    // SAFETY: plain Z3 C API calls on objects made here; the configuration
    // is deleted once the context is made from it (Z3 copies it), and the
    // context is handed over whole, used by no other thread.
    unsafe {
        let cfg = z3_sys::Z3_mk_config()?;
        z3_sys::Z3_set_param_value(cfg, c"model".as_ptr(), c"true".as_ptr());
        let context = z3_sys::Z3_mk_context_rc(cfg);
        z3_sys::Z3_del_config(cfg);
        let context = context?;
        z3_sys::Z3_set_error_handler(context, None);
        Some(RawContext(context.as_ptr().cast()))
    }
}

/// Runs `f` with the Z3 context of each check that `f` makes on this thread
/// made ahead, on a helper thread, while the check before it runs (or, for
/// the first, while `f` gets to it): a fresh context costs 5-10 ms of CPU
/// (Z3's set-up of its theories and tables), most of the time of a small
/// kernel's check, and `fix` checks a kernel several times in a row (its
/// synthesis's candidates and the re-check of the text it writes). No
/// verdict depends on it: each check still gets a context of its own,
/// configured as the one it would make, that no one used before (Z3's
/// answers depend on the terms a context saw, not on which thread made it
/// or when). Nested scopes share the outermost one; without a helper
/// thread, checks make their contexts as usual.
pub fn with_spare_contexts<R>(f: impl FnOnce() -> R) -> R {
    if SPARE_CONTEXTS.with(|s| s.borrow().is_some()) {
        return f();
    }
    // The process-wide limits hold before any context exists.
    set_z3_limits();
    let (ask, asked) = std::sync::mpsc::channel::<()>();
    let (made, ready) = std::sync::mpsc::channel::<SpareContext>();
    let spawned = std::thread::Builder::new()
        .name("syncwright-z3-spare".into())
        .spawn(move || {
            // The once-per-process probe's own context too, off the first
            // check (a number of the linked Z3, the same on every thread).
            super::decl_kind::read_uninterpreted_number();
            // One context per request; a context no check will take (the
            // scope closed meanwhile) goes back to the reaper on its drop.
            for () in asked {
                let Some(raw) = new_raw_context() else {
                    break;
                };
                if made.send(SpareContext(Some(raw))).is_err() {
                    break;
                }
            }
        });
    if spawned.is_err() || ask.send(()).is_err() {
        return f();
    }
    /// Closes the scope (also when `f` panics): the helper thread ends at
    /// its next request, and a context made and not taken is freed.
    struct Scope;
    impl Drop for Scope {
        fn drop(&mut self) {
            SPARE_CONTEXTS.with(|s| s.borrow_mut().take());
        }
    }
    SPARE_CONTEXTS.with(|s| *s.borrow_mut() = Some(SpareContexts { ready, ask }));
    let _scope = Scope;
    f()
}

/// The spare context of the open [`with_spare_contexts`] scope (waiting for
/// the helper thread to finish it), asking for the next one; None without a
/// scope, or when the helper could not make one.
fn take_spare_context() -> Option<RawContext> {
    SPARE_CONTEXTS.with(|s| {
        let scope = s.borrow();
        let scope = scope.as_ref()?;
        let raw = scope.ready.recv().ok()?.take()?;
        let _ = scope.ask.send(());
        SPARE_CONTEXTS_TAKEN.with(|n| n.set(n.get() + 1));
        Some(raw)
    })
}

/// How many checks of this thread took a spare context (see
/// [`with_spare_contexts`]).
pub fn spare_contexts_taken() -> u64 {
    SPARE_CONTEXTS_TAKEN.with(|n| n.get())
}

/// How many Z3 contexts are still being freed (a process that exits now
/// need not wait for them: see `cli::exit`).
pub fn contexts_being_freed() -> usize {
    CONTEXTS_BEING_FREED.load(std::sync::atomic::Ordering::SeqCst)
}

fn check_with_budget(
    kernel: &Kernel,
    opts: &CheckOptions,
    budget: &mut KernelBudget,
) -> (KernelReport, Profile) {
    // `--no-assume-accessor-layout`: the kernel as written, without the
    // statements the default layout assumption added.
    let unassumed;
    let kernel =
        if opts.launch.no_accessor_layout_assumption && !kernel.layout_assumption.is_empty() {
            unassumed = kernel.without_layout_assumption();
            &unassumed
        } else {
            kernel
        };
    // A launch in view passes one host pointer to several pointer
    // parameters: those are one array (see `Kernel::with_params_merged`).
    let merged;
    let groups: Vec<Vec<(u32, i64, Option<u32>)>> = opts
        .launch
        .params_sharing_pointer
        .iter()
        .map(|g| g.iter().map(|m| (m.param, m.shift, m.symbol)).collect())
        .collect();
    let kernel = match kernel.with_params_merged(&groups) {
        Some(k) => {
            merged = k;
            &merged
        }
        None => kernel,
    };
    let start = Instant::now();
    // From here on `kernel` is the one checked: its used dimensions are
    // walked once (see `UsedDimensionsScope`).
    let _used_dimensions = super::symexec::UsedDimensionsScope::new(kernel);
    let Some(analyses) = Analyses::compute(kernel, opts, &budget.deadline) else {
        // The front end and the analyses spent the whole budget.
        return report_out_of_time(kernel, budget, start);
    };
    // A Z3 context costs more than many a whole check (its term tables are
    // about 34 MB of fresh memory, most of a one-file run's system time):
    // a kernel whose every check is decided without the solver gets none.
    // Pairs an earlier check of the synthesis proved race-free in this
    // kernel less some block barriers (see `reuse`).
    let known = super::reuse::known_race_free(kernel, opts);
    if !needs_solver(kernel, opts, &analyses, &known) {
        return report_without_solver(kernel, opts, start);
    }
    // A kernel's time counts from here on without the context's creation
    // (a process's first context takes far longer than the later ones).
    let analyses_time = start.elapsed();
    set_z3_limits();
    // A once-per-process probe with a context of its own: paid here, with
    // the check's context, not inside the first check that needs it.
    super::decl_kind::read_uninterpreted_number();
    let run = || {
        // The context is freed by the reaper, not here (see `free_context`):
        // one reference to it is kept alive, so dropping the others does not
        // delete it.
        let this = z3::Context::thread_local();
        let context = RawContext(this.get_z3_context().as_ptr().cast());
        std::mem::forget(this);
        // A panic must not unwind through `with_z3_config`, which would leave
        // this thread's default context switched; it is re-raised outside.
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            check_in_context(kernel, opts, budget, analyses, analyses_time, known)
        }))
        .map_err(|panic| {
            panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "checker panicked".to_string())
        });
        (context, outcome)
    };
    // A context made ahead when a scope is open (see `with_spare_contexts`),
    // else a new one: either way fresh, configured alike.
    let spare = take_spare_context().and_then(|raw| std::ptr::NonNull::new(raw.0.cast()));
    let (context, outcome) = match spare {
        // SAFETY: a live context, made for this check and used by no one
        // else; `run` keeps one reference to it alive, as for a new one, so
        // it is freed by the reaper only.
        Some(raw) => z3::with_z3_context(&unsafe { z3::Context::from_raw(raw) }, run),
        None => {
            let mut cfg = z3::Config::new();
            cfg.set_model_generation(true);
            z3::with_z3_config(&cfg, run)
        }
    };
    // Every Z3 object of the check was dropped inside the closure, and the
    // thread's default context is switched back: nothing uses it any more.
    free_context(context);
    match outcome {
        Ok(result) => result,
        Err(message) => std::panic::resume_unwind(Box::new(message)),
    }
}

fn check_in_context<'k>(
    kernel: &'k Kernel,
    opts: &'k CheckOptions,
    budget: &mut KernelBudget,
    analyses: Analyses<'k>,
    analyses_time: Duration,
    known_race_free: crate::base::HashSet<super::reuse::PairKey>,
) -> (KernelReport, Profile) {
    let now = Instant::now();
    let start = now.checked_sub(analyses_time).unwrap_or(now);
    // The `smt` tactic's solver: `Solver::new()` builds Z3's whole default
    // tactic on creation, tens of milliseconds per fresh context; queries
    // are pushed and popped one by one anyway.
    let solver = z3::Tactic::new("smt").solver();
    solver.push();
    let handle = solver.get_context().handle();
    let (report, profile, work) = {
        // The backstop: a watchdog looks at the budget clock (the checking
        // thread's CPU time on the command line) and, once the deadline has
        // passed, interrupts the context, again every few milliseconds until
        // the check returns (Z3 notices an interrupt only at its
        // cancellation points, and a new `check` resets it).
        let ((mut checker, ran), interrupted) = crate::base::clock::watched(
            &budget.deadline,
            INTERRUPT_REPEAT,
            move || handle.interrupt(),
            || {
                let mut checker = Checker::new(kernel, opts, start, &solver, budget, analyses);
                checker.known_race_free = known_race_free;
                checker.known_race_free_scenarios =
                    super::reuse::known_race_free_scenarios(kernel, opts);
                checker
                    .enc
                    .inherit_invariants(super::reuse::known_invariants(kernel, opts));
                checker.profile.setup_ms = start.elapsed().as_secs_f64() * 1e3;
                let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| checker.run()));
                (checker, ran)
            },
        );
        let backstop = budget.backstop_reason();
        let backstop_text = || backstop.clone();
        if let Err(panic) = ran {
            // An interrupted context answers later calls with null ASTs, on
            // which the z3 crate panics (e.g. in `simplify`). That is the
            // backstop doing its job: the kernel is inconclusive, and the
            // findings proven before the interrupt stand. `finish` makes no
            // solver call. Any other panic is a bug and propagates.
            let memory = z3_memory_exhausted();
            if !interrupted && memory.is_none() {
                std::panic::resume_unwind(panic);
            }
            checker.budget_exceeded = Some(memory.unwrap_or_else(backstop_text));
            let work = checker.budget_work();
            let (r, p) = checker.finish();
            (r, p, work)
        } else {
            if interrupted && checker.budget_exceeded.is_none() {
                checker.budget_exceeded = Some(backstop_text());
            }
            if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                eprintln!(
                "[syncwright] {}: setup {:.2} ms, total {:.2} ms, {} queries, {} work units, {} cached unsat answers so far",
                kernel.name,
                checker.profile.setup_ms,
                start.elapsed().as_secs_f64() * 1e3,
                checker.queries,
                checker.total_work(),
                unsat_cache_hits()
            );
            }
            if checker.budget_exceeded.is_none() {
                let mut race_free = std::mem::take(&mut checker.known_race_free);
                race_free.extend(checker.decided_race_free.drain(..));
                let mut scenarios = std::mem::take(&mut checker.known_race_free_scenarios);
                scenarios.extend(checker.decided_race_free_scenarios.drain(..));
                // No barrier found divergent or left undecided (an undecided
                // divergence case is recorded as the barrier against itself).
                let aligned = checker.divergences.is_empty()
                    && checker.undecided.iter().all(|(a, b, _)| {
                        a != b
                            || !crate::ir::walk::find_stmt(&kernel.body, *a).is_some_and(|s| {
                                matches!(
                                    s.kind,
                                    crate::ir::StmtKind::Barrier { .. }
                                        | crate::ir::StmtKind::Collective { .. }
                                )
                            })
                    });
                super::reuse::remember_check(
                    kernel,
                    opts,
                    race_free,
                    scenarios,
                    checker.enc.proven_invariants(),
                    aligned,
                );
            }
            let work = checker.budget_work();
            let (r, p) = checker.finish();
            (r, p, work)
        }
    };
    budget.work_left = budget.work_left.saturating_sub(work);
    (report, profile)
}

/// Whether `t` is built from numerals only (at most 256 nodes looked at):
/// its value is a constant that `simplify` finds.
fn is_ground(t: &Int) -> bool {
    let mut todo = vec![z3::ast::Dynamic::from_ast(t)];
    let mut seen = 0;
    while let Some(n) = todo.pop() {
        seen += 1;
        if seen > 256 {
            return false;
        }
        if n.num_children() == 0 {
            if n.as_int().and_then(|i| i.as_i64()).is_none() {
                return false;
            }
        } else {
            todo.extend(n.children());
        }
    }
    true
}

/// Most bytes of formulas an [`with_unsat_cache`] scope keeps.
const UNSAT_CACHE_BYTES: usize = 64 << 20;

/// Queries proven unsatisfiable by the checks of one scope, by their text.
#[derive(Default)]
struct UnsatCache {
    /// Each formula with the solver work units its solve took.
    formulas: crate::base::HashMap<String, u64>,
    bytes: usize,
    hits: u64,
    /// Bytes of keys printed, and solver work units the hits saved.
    printed_bytes: usize,
    saved_work: u64,
    /// Solver work units spent on queries whose key was computed.
    keyed_work: u64,
    /// The last race witness found for each pair of accesses and relation:
    /// the values its model gives the formula's constants (see
    /// [`replay_witness`]).
    witnesses: crate::base::HashMap<WitnessKey, Vec<(String, WitnessValue)>>,
    /// Queries answered by replaying a witness.
    replays: u64,
    /// Formulas on which a check that was racy already (see
    /// `Checker::racy_already`) got unknown from every cheap turn it may
    /// run, each with its full slice: such a check asks them no more (see
    /// [`cheap_turns_failed`]).
    /// With the work units those turns spent (saved by each later hit).
    cheap_unknown: crate::base::HashMap<String, u64>,
    /// For each pair of accesses, the portfolio stage that decided its last
    /// query after the stages before it answered unknown (see
    /// [`remembered_stage`]).
    deciding_stage: crate::base::HashMap<(StmtId, StmtId), Stage>,
}

/// A stage of the solver portfolio that can decide a query: a turn of
/// [`PORTFOLIO`] by index, or the pinned witness search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Turn(usize),
    Pinned,
}

/// The stage that decided the last query of `pair` in the open
/// [`with_unsat_cache`] scope, when the stages before it had answered
/// unknown: the barrier synthesizer's candidates differ only in their
/// barriers, so a pair's next query is usually as hard as its last (HeCBench
/// fdtd3d's stripped `finite_difference`: a pair `smt` and `qflia` leave
/// unknown, 275,000 units and 3 s of `qflia`, which the pinned search
/// decides in 40,000; its second check 532k -> 257k units).
/// That stage is asked first; the portfolio runs as usual after it when it
/// does not decide. Only the order changes: every answer is still the
/// solver's own on the query (or, pinned, on the query with pins added,
/// which only counts when it is a model or the pins are implied).
fn remembered_stage(pair: (StmtId, StmtId)) -> Option<Stage> {
    UNSAT_CACHE.with(|c| {
        c.borrow()
            .as_ref()
            .and_then(|cache| cache.deciding_stage.get(&pair).copied())
    })
}

/// Keeps (or, for the first turn, forgets) the stage that decided `pair`'s
/// query in the open scope (see [`remembered_stage`]).
fn remember_stage(pair: (StmtId, StmtId), stage: Stage) {
    UNSAT_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            if stage == Stage::Turn(0) {
                cache.deciding_stage.remove(&pair);
            } else {
                cache.deciding_stage.insert(pair, stage);
            }
        }
    });
}

/// A pair of accesses (in program order of the check) and the relation of
/// the scenario a witness was found in.
type WitnessKey = (StmtId, StmtId, LoopRelation);

/// The value a witness gives one constant.
#[derive(Clone, Debug)]
enum WitnessValue {
    Bool(bool),
    Int(i128),
}

/// Most constants of one witness kept (a larger model is not kept).
const WITNESS_MAX_CONSTANTS: usize = 4_096;

/// Keeps the constants' values of `model` (a model of the query of `key`)
/// in the open scope, replacing the pair's earlier witness.
fn remember_witness(key: WitnessKey, model: &Model) {
    let open = UNSAT_CACHE.with(|c| c.borrow().is_some());
    if !open {
        return;
    }
    let mut values = Vec::new();
    for decl in model.iter() {
        if decl.arity() != 0 || values.len() >= WITNESS_MAX_CONSTANTS {
            continue;
        }
        let Some(z3::Interp::Const(value)) = model.get_interp(&decl) else {
            continue;
        };
        let value = if let Some(b) = value.as_bool().and_then(|b| b.as_bool()) {
            WitnessValue::Bool(b)
        } else if let Some(i) = value.as_int().and_then(|i| i.as_i128()) {
            WitnessValue::Int(i)
        } else {
            continue;
        };
        values.push((decl.name(), value));
    }
    UNSAT_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            cache.witnesses.insert(key, values);
        }
    });
}

/// Whether the open scope keeps a witness for `key` (see [`replay_witness`]).
fn has_witness(key: &WitnessKey) -> bool {
    UNSAT_CACHE.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|cache| cache.witnesses.contains_key(key))
    })
}

/// A model of `facts` built from the witness an earlier check of the scope
/// found for the same pair and relation, when that witness satisfies them:
/// its constants take the witness's values (by name), every other constant
/// and function Z3's default (model completion), and the conjunction of
/// `facts` evaluates to true under it. Then `facts` is satisfiable and the
/// model is one of its models, whatever the earlier query was: the answer
/// and the witness are the solver's own kind (sat, with a model of these
/// facts), found by evaluation instead of search. The key only chooses
/// which witness to try; a witness that does not satisfy the facts (the
/// candidate's barriers changed what the pair can do) gives None, and the
/// query goes to the solver. For the barrier synthesizer, whose candidates
/// differ only in their barriers: a race a candidate does not order
/// usually keeps its witness.
fn replay_witness(key: &WitnessKey, facts: &[Bool]) -> Option<Model> {
    let values = UNSAT_CACHE.with(|c| {
        c.borrow()
            .as_ref()
            .and_then(|cache| cache.witnesses.get(key).cloned())
    })?;
    let model = Model::new();
    for (name, value) in &values {
        match value {
            WitnessValue::Bool(b) => {
                let c = Bool::new_const(name.as_str());
                model.add_const_interp(&c.decl(), &Bool::from_bool(*b));
            }
            WitnessValue::Int(i) => {
                let c = Int::new_const(name.as_str());
                model.add_const_interp(&c.decl(), &Int::from_i128(*i));
            }
        }
    }
    // One evaluation of the conjunction: the values model completion picks
    // are kept in the model, so the witness read from it later agrees.
    let all = Bool::and(facts);
    let holds = model
        .eval(&all, true)
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    if !holds {
        return None;
    }
    UNSAT_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            cache.replays += 1;
        }
    });
    Some(model)
}

thread_local! {
    static BLOCK_RACE_LIMIT: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the checks it makes on this thread stopping once they
/// found `limit` races between threads of one block (benign ones aside):
/// such a check is racy with those races, and the pairs after them are not
/// compared. For the barrier synthesizer, whose candidate checks only need
/// some races of a racy candidate (each one a constraint every race-free
/// placement meets) and a complete answer on a race-free one: a check that
/// stops early has found a race, so a candidate it calls race-free was
/// checked in full, and only races between threads of one block count, so
/// a candidate whose inter-block races stopped it is never taken for one
/// with none within its blocks.
pub fn with_block_race_limit<R>(limit: usize, f: impl FnOnce() -> R) -> R {
    with_scoped(&BLOCK_RACE_LIMIT, limit.max(1), f)
}

/// Runs `f` with `setting` holding `value` on this thread, then restores
/// the outer value (also when `f` panics).
fn with_scoped<T: Copy + 'static, R>(
    setting: &'static std::thread::LocalKey<std::cell::Cell<Option<T>>>,
    value: T,
    f: impl FnOnce() -> R,
) -> R {
    struct Restore<T: Copy + 'static>(
        &'static std::thread::LocalKey<std::cell::Cell<Option<T>>>,
        Option<T>,
    );
    impl<T: Copy + 'static> Drop for Restore<T> {
        fn drop(&mut self) {
            let outer = self.1;
            self.0.with(|c| c.set(outer));
        }
    }
    let _restore = Restore(setting, setting.with(|c| c.replace(Some(value))));
    f()
}

thread_local! {
    static QUERY_WORK_CAP: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the checks it makes on this thread capping each query at
/// `cap` work units (at most [`QUERY_WORK`]) once one of their queries
/// ended unknown at [`QUERY_WORK`]: such a check is inconclusive already,
/// so it is never the race-free check the synthesizer accepts a placement
/// on, and its later queries only find races and undecided pairs to order.
/// Sound for any cap: a cap only turns answers into `unknown`, and an
/// unknown pair is never taken as race-free (the synthesizer orders it as
/// if it raced once no proven race is left, and accepts a placement only
/// once a check proves it race-free). For the synthesizer's candidate
/// checks: a kernel whose queries exhaust the cap tends to have several
/// (HeCBench sobol's stripped kernel: two in its first check, 3.1 million
/// work units for nothing).
pub fn with_query_work_cap<R>(cap: u64, f: impl FnOnce() -> R) -> R {
    with_scoped(&QUERY_WORK_CAP, cap.max(1), f)
}

thread_local! {
    static CAPPED_UNKNOWNS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Queries on this thread so far that ended unknown under the lower cap of
/// [`with_query_work_cap`] (a check that may decide more without it).
pub fn capped_unknowns() -> u64 {
    CAPPED_UNKNOWNS.with(|c| c.get())
}

/// The cap of [`with_query_work_cap`] in force on this thread, at most
/// [`QUERY_WORK`].
fn scoped_query_work() -> Option<u64> {
    QUERY_WORK_CAP.with(|c| c.get().map(|cap| cap.min(QUERY_WORK)))
}

thread_local! {
    static SETTLED_REMAINDER: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the checks it makes on this thread spending at most
/// `work` units after their verdict settled (or their first race under a
/// race limit) instead of [`RACY_REMAINDER_WORK`]: tests reach the pairs
/// the remainder leaves uncompared with small kernels.
#[cfg(test)]
pub(crate) fn with_settled_remainder<R>(work: u64, f: impl FnOnce() -> R) -> R {
    with_scoped(&SETTLED_REMAINDER, work, f)
}

/// The work a check may spend after its verdict settled (see
/// `Checker::settle_verdict`) or its first race under a race limit.
fn settled_remainder_work() -> u64 {
    SETTLED_REMAINDER
        .with(|c| c.get())
        .unwrap_or(RACY_REMAINDER_WORK)
}

thread_local! {
    static SHARED_ACCESS_SKIP: std::cell::Cell<Option<()>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the checks it makes on this thread under a race limit
/// (see [`with_block_race_limit`]) not asking a pair that shares its first
/// or its second access with a race they found already (see
/// `Checker::access_already_racy`): for `fix`, whose answer is the edits.
/// Not for the editor's quick fixes, each of which names the findings it
/// addresses by the races its synthesis was given.
pub fn with_shared_access_skip<R>(f: impl FnOnce() -> R) -> R {
    with_scoped(&SHARED_ACCESS_SKIP, (), f)
}

/// Whether [`with_shared_access_skip`] is in force on this thread.
fn shared_access_skip() -> bool {
    SHARED_ACCESS_SKIP.with(|c| c.get().is_some())
}

/// The limit of [`with_block_race_limit`] in force on this thread.
fn block_race_limit() -> Option<usize> {
    BLOCK_RACE_LIMIT.with(|l| l.get())
}

/// Queries answered by replaying a witness in the [`with_unsat_cache`]
/// scope open on this thread so far (0 without one).
pub fn witness_replays() -> u64 {
    UNSAT_CACHE.with(|c| c.borrow().as_ref().map_or(0, |cache| cache.replays))
}

/// Key bytes printed that a scope counts as the cost of one solver work
/// unit, and the bytes it may print beyond what its hits saved: printing a
/// large formula can take longer than solving it, and past this the scope
/// stops computing keys. Both are counts, not clock readings, so whether a
/// query is answered from the cache (which spends no work and so leaves
/// later queries more of the budget) never depends on the machine's load.
const UNSAT_CACHE_BYTES_PER_WORK_UNIT: usize = 100;
const UNSAT_CACHE_OVERHEAD_BYTES: usize = 1 << 20;
/// Key bytes a scope may print per solver work unit its keyed queries
/// spent (a tenth of what a hit's saved unit pays for): keys whose printing
/// costs a small share of their own solve stay computed even before any of
/// them hit. Without it a kernel of large queries (120 KB each, 25,000 to
/// 100,000 units) spent the fixed allowance within its first check, and
/// the synthesizer's later checks, which ask the same unsatisfiable query
/// every round, computed no key and so never hit.
const UNSAT_CACHE_BYTES_PER_KEYED_WORK_UNIT: usize = 10;

thread_local! {
    static UNSAT_CACHE: std::cell::RefCell<Option<UnsatCache>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` with the checks it makes on this thread sharing their
/// unsatisfiable queries: a query whose formula (its SMT-LIB text, every
/// constant named) equals one an earlier check of the scope proved
/// unsatisfiable is answered unsat without the solver. The same formula has
/// the same models in any context, so the answer is the solver's own; only
/// the work count differs (a hit spends none, which can only leave a later
/// query more of the budget). Satisfiable and unknown answers are not
/// kept (a race needs its model for the witness). For the barrier
/// synthesizer, whose candidate kernels differ from one another only in
/// their barriers: a pair of accesses whose scenarios a new barrier does
/// not change gets the same queries again. Nested scopes share the
/// outermost one's cache. The scope also keeps each pair's last race
/// witness, tried first on the pair's next query (see [`replay_witness`]).
pub fn with_unsat_cache<R>(f: impl FnOnce() -> R) -> R {
    /// Ends the scope (also when `f` panics).
    struct Scope;
    impl Drop for Scope {
        fn drop(&mut self) {
            UNSAT_CACHE.with(|c| c.borrow_mut().take());
        }
    }
    let opened = UNSAT_CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        let fresh = cache.is_none();
        if fresh {
            *cache = Some(UnsatCache::default());
        }
        fresh
    });
    // Built only when opened: a `Scope` dropped unused would end the
    // outer scope.
    #[allow(clippy::unnecessary_lazy_evaluations)]
    let _scope = opened.then(|| Scope);
    f()
}

/// Queries answered from the [`with_unsat_cache`] scope open on this
/// thread so far (0 without one).
pub fn unsat_cache_hits() -> u64 {
    UNSAT_CACHE.with(|c| c.borrow().as_ref().map_or(0, |cache| cache.hits))
}

/// The text of a query, when a [`with_unsat_cache`] scope is open (None
/// also when Z3 cannot print it: the query is then not cached).
fn cache_key(facts: &[Bool]) -> Option<String> {
    let open = UNSAT_CACHE.with(|c| {
        c.borrow().as_ref().is_some_and(|cache| {
            let saved = usize::try_from(cache.saved_work)
                .unwrap_or(usize::MAX)
                .saturating_mul(UNSAT_CACHE_BYTES_PER_WORK_UNIT);
            let keyed = usize::try_from(cache.keyed_work)
                .unwrap_or(usize::MAX)
                .saturating_mul(UNSAT_CACHE_BYTES_PER_KEYED_WORK_UNIT);
            cache.printed_bytes
                <= saved
                    .saturating_add(keyed)
                    .saturating_add(UNSAT_CACHE_OVERHEAD_BYTES)
        })
    });
    if !open {
        return None;
    }
    let Some(first) = facts.first() else {
        return Some(String::new());
    };
    // The SMT-LIB benchmark text: shared subterms are printed once (`let`),
    // while `to_string` prints a subterm at each of its occurrences, which
    // is exponential in the depth of a symbolic execution's shared terms.
    let ctx = first.get_ctx();
    let asts: Vec<z3_sys::Z3_ast> = facts.iter().map(|f| f.get_z3_ast()).collect();
    let truth = Bool::from_bool(true);
    let empty = c"";
    // SAFETY: every term comes from a live wrapper of this context; Z3
    // copies nothing from the arguments after it returns, and its answer is
    // copied out before any other call into the context.
    let text = unsafe {
        let raw = z3_sys::Z3_benchmark_to_smtlib_string(
            ctx.get_z3_context(),
            empty.as_ptr(),
            empty.as_ptr(),
            empty.as_ptr(),
            empty.as_ptr(),
            asts.len() as std::ffi::c_uint,
            asts.as_ptr(),
            truth.get_z3_ast(),
        );
        if raw.is_null() {
            return None;
        }
        std::ffi::CStr::from_ptr(raw).to_string_lossy().into_owned()
    };
    // Z3 lists the declarations in the order of its term ids, which depends
    // on what the context made before: sorted, they name the same constants
    // whatever the order of their creation.
    let (mut declarations, body): (Vec<&str>, Vec<&str>) =
        text.lines().partition(|l| l.starts_with("(declare-"));
    declarations.sort_unstable();
    // The body modulo `let` sharing (which Z3 decides from its context's
    // reference counts, i.e. from the queries made before: see
    // `formula_key`); as printed, with the aliases renumbered, when it does
    // not parse. The two kinds of key are told apart by their first line.
    let body = body.join("\n");
    let body = match super::formula_key::canonical_formula(&body) {
        Some(canonical) => format!("canonical\n{canonical}"),
        None => format!("printed\n{}", renumber_aliases(&body)),
    };
    let key = format!("{}\n{}", declarations.join("\n"), body);
    UNSAT_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            cache.printed_bytes = cache.printed_bytes.saturating_add(text.len());
        }
    });
    Some(key)
}

/// `text` with the names Z3 gives its `let` aliases (`$x412`, `?x17`: term
/// ids of the context) renumbered in order of first occurrence. They are
/// bound names, so a consistent renaming keeps the formula's meaning;
/// constants of the encoding never start with `$` or `?`.
pub(crate) fn renumber_aliases(text: &str) -> String {
    let mut names: crate::base::HashMap<&str, usize> = crate::base::HashMap::default();
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let starts_alias = matches!(bytes[i], b'$' | b'?')
            && (i == 0 || matches!(bytes[i - 1], b' ' | b'(' | b'\n'));
        if !starts_alias {
            i += 1;
            continue;
        }
        let end = bytes[i + 1..]
            .iter()
            .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_' || *c == b'!'))
            .map_or(bytes.len(), |p| i + 1 + p);
        let fresh = names.len();
        let number = *names.entry(&text[i..end]).or_insert(fresh);
        out.push_str(&text[copied..i]);
        out.push(char::from(bytes[i]));
        out.push_str(&number.to_string());
        copied = end;
        i = end;
    }
    out.push_str(&text[copied..]);
    out
}

/// Whether the open scope proved `key` unsatisfiable (and counts the hit).
fn cached_unsat(key: &str) -> bool {
    UNSAT_CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        match cache.as_mut() {
            None => false,
            Some(cache) => match cache.formulas.get(key).copied() {
                Some(work) => {
                    cache.hits += 1;
                    cache.saved_work = cache.saved_work.saturating_add(work);
                    true
                }
                None => false,
            },
        }
    })
}

/// Whether a check of the open scope that was racy already got unknown
/// from all its cheap turns on formula `key`. The turns are bounded by work
/// units, not time, and get the same formula, so asking again would most
/// likely spend them for the same unknown, which a check that is racy
/// already drops anyway. Skipping it changes no verdict that counts: such a
/// check is racy whatever its dropped pairs give, and a pair it drops is
/// asked in full by the first check that is not racy before reaching it
/// (the only kind whose race-free verdict the synthesizer accepts).
fn cheap_turns_failed(key: &str) -> bool {
    UNSAT_CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        let Some(cache) = cache.as_mut() else {
            return false;
        };
        match cache.cheap_unknown.get(key).copied() {
            Some(work) => {
                cache.saved_work = cache.saved_work.saturating_add(work);
                true
            }
            None => false,
        }
    })
}

/// Keeps `key` as a formula the cheap turns leave unknown (see
/// [`cheap_turns_failed`]), while the scope has room.
fn remember_cheap_unknown(key: String, work: u64) {
    UNSAT_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            if cache.bytes + key.len() <= UNSAT_CACHE_BYTES {
                cache.bytes += key.len();
                cache.cheap_unknown.insert(key, work);
            }
        }
    });
}

/// Counts `work` spent on a query whose key the open scope computed (see
/// [`UNSAT_CACHE_BYTES_PER_KEYED_WORK_UNIT`]).
fn note_keyed_work(work: u64) {
    UNSAT_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            cache.keyed_work = cache.keyed_work.saturating_add(work);
        }
    });
}

/// Keeps `key` as unsatisfiable in the open scope, while it has room.
fn remember_unsat(key: String, solve_work: u64) {
    UNSAT_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            if cache.bytes + key.len() <= UNSAT_CACHE_BYTES {
                cache.bytes += key.len();
                cache.formulas.insert(key, solve_work);
            }
        }
    });
}

/// The per-kernel budget in milliseconds (0 means the default of 10 s).
/// The per-kernel budget when none is given (`--budget-ms`).
pub const DEFAULT_KERNEL_BUDGET_MS: u64 = 10_000;

/// The largest kernel budget whose backstop (the budget plus
/// [`BACKSTOP_MARGIN_PERCENT`]) ends within `ms`: for a caller that must
/// itself finish within `ms` (the synthesizer's checks share its budget).
pub fn budget_within_ms(ms: u64) -> u64 {
    (ms.saturating_mul(100) / (100 + BACKSTOP_MARGIN_PERCENT)).max(1)
}

fn effective_budget_ms(opts: &CheckOptions) -> u64 {
    if opts.kernel_budget_ms == 0 {
        DEFAULT_KERNEL_BUDGET_MS
    } else {
        opts.kernel_budget_ms
    }
}

/// Why a query may be hard: the theories its terms need beyond linear
/// integer arithmetic (for the profile's slowest-query list).
fn hardness(facts: &[Bool]) -> String {
    use z3::DeclKind;
    let mut nonlinear = false;
    let mut divmod = false;
    let mut divmod_symbolic = false;
    let mut bits = false;
    let mut functions = false;
    let mut seen = crate::base::HashSet::default();
    let mut stack: Vec<z3::ast::Dynamic> = facts
        .iter()
        .map(|f| z3::ast::Dynamic::from_ast(f))
        .collect();
    while let Some(term) = stack.pop() {
        if !term.is_app() || !seen.insert(term.clone()) {
            continue;
        }
        let children = term.children();
        match head_kind(&term) {
            Some(DeclKind::Mul) => {
                let symbolic = children
                    .iter()
                    .filter(|c| c.as_int().and_then(|i| i.as_i64()).is_none())
                    .count();
                nonlinear |= symbolic > 1;
            }
            Some(DeclKind::Idiv | DeclKind::Mod | DeclKind::Rem | DeclKind::Div) => {
                // By a constant Z3 adds linear axioms; by a term the
                // quotient is the cofactor of a product (non-linear).
                match children
                    .get(1)
                    .and_then(|d| d.as_int())
                    .and_then(|d| d.as_i64())
                {
                    Some(_) => divmod = true,
                    None => divmod_symbolic = true,
                }
            }
            _ if is_uninterpreted_application(&term) => functions = true,
            _ => bits |= is_bit_vector_operation(&term),
        }
        stack.extend(children);
    }
    let mut reasons = Vec::new();
    if nonlinear {
        reasons.push("non-linear terms");
    }
    if divmod {
        reasons.push("division/modulo by constants");
    }
    if divmod_symbolic {
        reasons.push("division/modulo by a symbolic divisor");
    }
    if bits {
        reasons.push("bit operations (int2bv/bv2int)");
    }
    if functions {
        reasons.push("uninterpreted functions");
    }
    if reasons.is_empty() {
        "linear arithmetic".into()
    } else {
        reasons.join(", ")
    }
}

/// The inputs the pinned turn pins (see [`PINNED_SLICE`]), a witness search: the symbolic
/// launch sizes and integer scalar parameters that `facts` use inside a
/// product of two non-constant terms or inside a divisor that is not a
/// constant. They are the same in both threads and every block, and with
/// them fixed such terms become linear (a product by a constant, a
/// division by a constant), which Z3 decides far more easily; thread and
/// block ids and the values of loops are never pinned. An input that a
/// fact of the query equates to a constant (a size the host code gives)
/// is pinned to that value; every other input to the turn's values.
fn pinned_inputs(enc: &Encoder<'_>, kernel: &Kernel, facts: &[Bool]) -> Vec<(Int, Pin)> {
    use crate::base::HashSet;
    use z3::ast::Dynamic;
    use z3::DeclKind;
    let numeral = |t: &Dynamic| t.as_int().and_then(|i| i.as_i64()).is_some();
    let (block, grid) = enc.dims();
    let mut inputs: crate::base::HashMap<Dynamic, bool> = block
        .iter()
        .chain(&grid)
        .filter(|d| d.as_i64().is_none())
        .map(|t| (Dynamic::from_ast(t), true))
        .collect();
    for index in 0..kernel.params.len() {
        if let Some(super::symexec::Val::I(x, _)) = enc.param(index) {
            inputs.entry(Dynamic::from_ast(&x)).or_insert(false);
        }
    }
    // The non-linear positions: the non-constant factors of a product with
    // two or more of them, the non-constant divisors.
    let mut roots = Vec::new();
    let mut seen = HashSet::default();
    let mut stack: Vec<Dynamic> = facts.iter().map(|t| Dynamic::from_ast(t)).collect();
    while let Some(term) = stack.pop() {
        if !term.is_app() || !seen.insert(term.clone()) {
            continue;
        }
        let children = term.children();
        match head_kind(&term) {
            Some(DeclKind::Mul) => {
                let factors: Vec<&Dynamic> = children.iter().filter(|c| !numeral(c)).collect();
                if factors.len() > 1 {
                    roots.extend(factors.into_iter().cloned());
                }
            }
            Some(DeclKind::Idiv | DeclKind::Mod | DeclKind::Rem | DeclKind::Div) => {
                roots.extend(children.get(1).filter(|d| !numeral(d)).cloned());
            }
            _ => {}
        }
        stack.extend(children);
    }
    let mut pinned = Vec::new();
    let mut seen = HashSet::default();
    while let Some(term) = roots.pop() {
        if !seen.insert(term.clone()) {
            continue;
        }
        if let Some(&launch) = inputs.get(&term) {
            let pin = if launch { Pin::Launch } else { Pin::Param };
            pinned.extend(term.as_int().map(|x| (x, pin)));
            continue;
        }
        if term.is_app() {
            roots.extend(term.children());
        }
    }
    if pinned.is_empty() {
        return pinned;
    }
    // The values the facts give inputs: a fact that simplifies to
    // `x == c` holds in every model, so pinning `x` to `c` loses none.
    let mut known = crate::base::HashMap::default();
    for fact in facts {
        let fact = simplified_or_same(fact);
        if head_kind(&fact) != Some(DeclKind::Eq) {
            continue;
        }
        let sides = fact.children();
        let (Some(a), Some(b)) = (sides.first(), sides.get(1)) else {
            continue;
        };
        let (term, value) = match (a.as_int().and_then(|x| x.as_i64()), b) {
            (Some(value), term) => (term, value),
            (None, _) => match b.as_int().and_then(|x| x.as_i64()) {
                Some(value) => (a, value),
                None => continue,
            },
        };
        known.insert(term.clone(), value);
    }
    for (x, pin) in &mut pinned {
        if let Some(&value) = known.get(&Dynamic::from_ast(x)) {
            *pin = Pin::Known(value);
        }
    }
    pinned
}

/// A value that is only ever used on the thread that made it: lets Z3
/// objects (which are not `Send`) into and out of `z3::with_z3_context`'s
/// callback, which runs at once on the calling thread.
struct SameThread<T>(T);

// SAFETY: only wrapped around the callback of `z3::with_z3_context` (and its
// result) or `z3::with_z3_config`, which run it synchronously on the calling
// thread and never move it to another.
unsafe impl<T> Send for SameThread<T> {}
// SAFETY: as for `Send`: never shared with another thread.
unsafe impl<T> Sync for SameThread<T> {}

/// A Z3 context of a check's own for side calls whose terms must stay out
/// of the check's context (the empty-extent tries of the pinned turn, see
/// [`PINNED_ZEROS`]; the invariant queries not decided at once, see
/// `symexec::invariant_query`, in one of their own): Z3's search follows term ids, so terms created in the
/// check's context before a hard `smt` turn change that turn's search, and
/// can turn a query it decided `unknown` (session 37: two 6-unit pinned
/// calls turned fixture `launch_relation`'s `rel_template` from `unsat` in
/// 841,868 units to `unknown` at its cap of 1,475,000). The query is
/// translated into it, which reads the check's context and creates nothing
/// there; only a model (a decided, racy query) is translated back. The
/// check's watchdog does not interrupt it: its calls are bounded by their
/// `rlimit` (a [`PINNED_SLICE`] each, from the pinned turn's allowance).
pub(crate) struct SideContext {
    /// The context; every object below holds a reference to it too.
    pub(crate) ctx: z3::Context,
    /// Its `smt` solver.
    solver: Solver,
    /// The `rlimit` last set on `solver`.
    rlimit: Option<u64>,
}

impl SideContext {
    /// A fresh context configured like the check's (model generation), with
    /// its `smt` solver; None when Z3 refuses (out of memory).
    pub(crate) fn new() -> Option<SideContext> {
        let mut cfg = z3::Config::new();
        cfg.set_model_generation(true);
        // Z3 refusing (null, on which the z3 crate panics) inside the
        // callback must not unwind through `with_z3_config`, which would
        // leave the thread's default context switched to this one, and the
        // check's later terms made in it; the context's own creation fails
        // outside, with nothing switched.
        let made = std::panic::catch_unwind(|| {
            z3::with_z3_config(&cfg, || {
                SameThread(
                    std::panic::catch_unwind(|| {
                        (z3::Context::thread_local(), z3::Tactic::new("smt").solver())
                    })
                    .ok(),
                )
            })
        });
        let (ctx, solver) = made.ok()?.0?;
        Some(SideContext {
            ctx,
            solver,
            rlimit: None,
        })
    }

    /// One call of the solver on `facts` (terms of this context) in a scope
    /// of its own, capped at `limit` work units: the answer, the model when
    /// satisfiable, the work spent, and Z3's reason when unknown. Unknown
    /// (no work counted) when Z3 fails (out of memory).
    pub(crate) fn solve(
        &mut self,
        facts: &[Bool],
        limit: u64,
    ) -> (SatResult, Option<Model>, u64, String) {
        let limit = limit.clamp(1, u64::from(u32::MAX));
        let set_limit = (self.rlimit != Some(limit)).then_some(limit);
        let call = SameThread((&self.solver, facts));
        let answer = z3::with_z3_context(&self.ctx, move || {
            let call = call;
            let (solver, facts) = call.0;
            // A panic must not unwind through `with_z3_context`, which would
            // leave the thread's default context switched.
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let before = work_count(solver);
                solver.push();
                for f in facts {
                    solver.assert(f);
                }
                if let Some(limit) = set_limit {
                    let mut p = Params::new();
                    p.set_u32("rlimit", limit as u32);
                    solver.set_params(&p);
                }
                let r = solver.check();
                let model = if r == SatResult::Sat {
                    solver.get_model()
                } else {
                    None
                };
                let reason = if r == SatResult::Unknown {
                    solver
                        .get_reason_unknown()
                        .unwrap_or_else(|| "unknown".into())
                } else {
                    String::new()
                };
                solver.pop(1);
                let work = work_count(solver).saturating_sub(before);
                (r, model, work, reason)
            }));
            SameThread(run.ok())
        });
        match answer.0 {
            Some(answer) => {
                if set_limit.is_some() {
                    self.rlimit = Some(limit);
                }
                answer
            }
            None => (SatResult::Unknown, None, 0, "side context failed".into()),
        }
    }
}

/// How the value calls of the pinned turn (one per [`PINNED_VALUES`]) ended
/// without deciding the query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ValuesEnd {
    /// Every call was `unsat`: no model has those values.
    Contradicted,
    /// A call answered `unknown` (the later values were not tried: their
    /// query is as hard).
    Unknown,
    /// The turn's allowance (or the deadline) ran out before a call.
    OutOfWork,
    /// Every pin is a value the facts give, so there are no parameters to
    /// set to 0 and an `unsat` would have decided the query.
    Implied,
}

impl ValuesEnd {
    /// Whether the empty-extent tries (see [`PINNED_ZEROS`]) follow. After
    /// contradicting values, as before; and after an `unknown` one too: an
    /// extent at 0 is not a query as hard as the one at the values, but
    /// usually an easier one (products with the size vanish, `n - 1` wraps
    /// to a constant, a loop over `0..n` has no iteration), and it is where
    /// the wrap witnesses of sizes read at run time lie (HeCBench tgvnn's
    /// `grad_xx_adj`: values 7 `unknown` at 60,000 units, then the last
    /// `smt` turn found `cols = 0` after 1.2 million). Sound either way: a
    /// model with pins is a model of the query (the pins only add facts) and
    /// an `unsat` or `unknown` try decides nothing; the tries are paid from
    /// the pinned turn's allowance, so every other turn keeps its work, and
    /// run in the [`SideContext`], so the check's later turns see no new
    /// terms. Not when the allowance is spent or no parameter is pinned.
    fn tries_empty_extent(self) -> bool {
        matches!(self, ValuesEnd::Contradicted | ValuesEnd::Unknown)
    }
}

/// The value [`PINNED_SLICE`] gives one input (see [`pinned_inputs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pin {
    /// The value the query's facts give it.
    Known(i64),
    /// A launch size: the turn's launch value.
    Launch,
    /// A scalar parameter: the turn's parameter value.
    Param,
}

struct Checker<'k, 's> {
    kernel: &'k Kernel,
    opts: &'k CheckOptions,
    start: Instant,
    tree: LabelTree,
    cfg: Cfg,
    /// Same-block scenarios decided by offsets injective in the thread id.
    injective: InjectiveOffsets<'k>,
    /// Pairs decided by grid-stride loops.
    grid_stride: GridStride<'k>,
    enc: Encoder<'k>,
    solver: &'s Solver,
    queries: u32,
    races: Vec<Race>,
    divergences: Vec<Divergence>,
    /// Pairs not decided, with why ("solver answered unknown (..)", ...).
    undecided: Vec<(StmtId, StmtId, String)>,
    budget_exceeded: Option<String>,
    last_unknown: String,
    /// Work units Z3 spent on this kernel so far (portfolio preambles aside).
    work_used: u64,
    /// The modelled CPU (see [`UncountedSteps::modelled_units`]) of every
    /// portfolio call so far, in work units: the budget also ends on it
    /// (see [`Checker::work_left`]).
    modelled_used: u64,
    /// Work units spent on the portfolio's side calls (see
    /// [`PORTFOLIO_ALLOWANCE`]): digits, `qflia` and pinned.
    portfolio_used: [u64; 3],
    /// Work units of `Lemmas` turns that answered `unknown` (see
    /// [`LEMMA_UNKNOWN_ALLOWANCE`]).
    lemma_unknown_used: u64,
    /// Whether a query of this check ended unknown at [`QUERY_WORK`] (see
    /// [`with_query_work_cap`]).
    unknown_at_cap: bool,
    /// Work units the kernel may spend (its time budget, converted).
    work_budget: u64,
    /// The pair (or barrier) the current query is about.
    current: (StmtId, StmtId),
    /// The first pair left undecided when the budget ran out.
    budget_pair: Option<(StmtId, StmtId)>,
    /// The backstop behind the work budget (see [`KernelBudget`]).
    deadline: Deadline,
    /// Why the kernel stopped when the deadline is reached.
    backstop: KernelBudget,
    profile: Profile,
    /// The `qflia` tactic solver of the portfolio (see `check_facts`), made
    /// on its first turn: most kernels never get there, and making it cost
    /// a fifth of a small kernel's check.
    lia: Option<Solver>,
    /// The `rlimit` last set on each solver (`smt`, `qflia`, pinned `smt`).
    rlimit_set: [Option<u64>; 3],
    /// The `smt` solver of the pinned turn (see [`PINNED_SLICE`]), made on
    /// its first call.
    pinned_solver: Option<Solver>,
    /// The context of the pinned turn's empty-extent tries (see
    /// [`PINNED_ZEROS`]), made on their first call.
    side: Option<SideContext>,
    /// Program-order (pre-order) position of every statement.
    positions: crate::base::HashMap<StmtId, usize>,
    /// Well-synchronization of named and split barriers.
    named: super::named::NamedOutcome,
    /// Races of threads with their own asynchronous copies.
    async_findings: Vec<Finding>,
    /// Queries of this check proven unsatisfiable, by their set of facts
    /// (see [`Checker::check_facts`]), each with its facts (which keep the
    /// terms, and so their addresses, alive).
    unsat_queries: crate::base::HashMap<Vec<usize>, Vec<Bool>>,
    /// The facts every query of a scenario starts from, by scenario.
    base_facts_of: crate::base::HashMap<Scenario, Vec<Bool>>,
    /// Set while a query must get the whole portfolio even when the check
    /// is racy already (see [`Checker::racy_already`]).
    full_effort: bool,
    /// [`Checker::all_work`] when the check became racy under a race limit,
    /// or its verdict settled outside one (see [`RACY_REMAINDER_WORK`]).
    work_at_first_race: Option<u64>,
    /// Set, outside a race limit, once the verdict can no longer change
    /// (see [`Checker::settle_verdict`]): a barrier divergence or a race
    /// that is not benign was found. Later pairs share a bounded remainder of work.
    verdict_settled: bool,
    /// Set while a pair is compared after the settled verdict's remainder
    /// of work was spent: its queries answer unknown without a solver call.
    settled_no_solver: bool,
    /// Set while a pair query runs that the settled verdict's remainder
    /// bounds (see [`Checker::settled_cap`]).
    settled_bounded: bool,
    /// Set while [`Checker::check_divergence`] asks about a barrier after
    /// the verdict settled: the settled remainder bounds that query as it
    /// bounds a pair's (see [`Checker::settled_cap`]).
    divergence_bounded: bool,
    /// Barriers whose divergence was not decided because the verdict had
    /// settled and its remainder of work was spent (see
    /// [`Checker::check_divergence`]); the report names how many.
    settled_undecided_barriers: Vec<StmtId>,
    /// Pairs left undecided because the verdict had settled: a pair not
    /// compared once [`RACY_REMAINDER_WORK`] was spent after it. The
    /// report names how many (see [`Checker::finish`]).
    settled_undecided: crate::base::HashSet<(StmtId, StmtId)>,
    /// The Programming Guide's last-block idiom, when the kernel has it.
    last_block: Option<super::last_block::LastBlock>,
    /// Reads that follow their thread's own write of the same bytes, with
    /// that write (see `check::own_write`).
    own_writes: crate::base::HashMap<StmtId, StmtId>,
    /// Set when the last-block idiom ordered a pair the solver then found
    /// unordered by nothing else (see `assumption_finding`).
    last_block_used: bool,
    /// Set when the race-free verdict is vacuous (see [`Checker::check_vacuous`]).
    vacuous: bool,
    /// Pairs not checked: an earlier check proved them race-free in this
    /// kernel less some block barriers (see `reuse`).
    known_race_free: crate::base::HashSet<super::reuse::PairKey>,
    /// Pairs this check decided race-free (no race, none left unknown).
    decided_race_free: Vec<super::reuse::PairKey>,
    /// Scenarios of pairs not asked: an earlier check proved them
    /// unsatisfiable in this kernel less some block barriers (see `reuse`).
    known_race_free_scenarios: crate::base::HashSet<super::reuse::ScenarioKey>,
    /// Scenarios of pairs whose race query this check found unsatisfiable.
    decided_race_free_scenarios: Vec<super::reuse::ScenarioKey>,
    /// Unknown answers to the current pair's queries, kept or dropped.
    pair_unknowns: u32,
    /// Set once the pair being checked has a race (not benign) in one of
    /// its scenarios, outside a race limit: its other scenarios get only the
    /// cheap turns (see [`Checker::racy_already`]).
    pair_racy: bool,
    /// The source statement of each access (see [`SourceSite`]), filled
    /// when the pairs are compared.
    sites: crate::base::HashMap<StmtId, SourceSite>,
    /// Set when a scenario of the current pair was skipped under a race
    /// limit (see [`Checker::site_already_racy`]): the pair is not decided.
    pair_skipped: bool,
    /// The scenarios skipped so (access ranges and relation), which the
    /// race limit counts as races (see [`Checker::block_races`]).
    skipped_races: Vec<(crate::ir::Span, crate::ir::Span, LoopRelation)>,
    /// Set while a scenario of two plain writes that both store one same
    /// byte in every byte is asked (see [`uniform_store_byte`]): every byte
    /// either thread writes is that byte, so any race between them is
    /// benign. Its queries get only the
    /// cheap turns, as a racy pair's do, and an unknown is dropped: the
    /// verdict cannot depend on it (only the benign-race note can).
    same_byte_stores: bool,
    /// Where the goal facts of the current race query begin (its base
    /// facts come first), while a pair's queries are asked: such a query
    /// is sliced first (see `check::slice`).
    goals_from: Option<usize>,
    /// The constants of each fact, for slicing.
    slicer: super::slice::Slicer,
    /// Solvers holding a scenario's base facts (see `decided_incrementally`).
    incremental: Vec<IncrementalSolver>,
    /// How many queries each base (the addresses of its facts) was seen
    /// in, while it has no incremental solver.
    base_sightings: crate::base::HashMap<Vec<usize>, u32>,
    /// Incremental queries asked so far (orders the solvers by last use).
    incremental_clock: u64,
}

/// The byte every byte of a write's store is, when the stored value says
/// so whatever the store's type: the integer 0 (an integer, a pointer, or a
/// float's bit pattern of `+0.0`), `false`, or an integer 0 converted to a
/// float (`+0.0`: IEEE 754 converts 0 exactly) store 0 bytes; the integer
/// -1 stores 0xff bytes (two's complement; a float's value is a
/// non-negative bit pattern, never -1); a one-byte store of `true` or of an
/// integer `n` stores its one byte `n mod 256`.
fn uniform_store_byte(access: &AccessSym) -> Option<u8> {
    let numeral = |t: &Int| {
        t.as_i64()
            .map(i128::from)
            .or_else(|| t.as_u64().map(i128::from))
    };
    let n = match access.value.as_ref()? {
        Val::B(b) => i128::from(b.as_bool()?),
        Val::I(x, _) => match numeral(x) {
            Some(n) => n,
            None if x.is_app()
                && x.num_children() == 1
                && x.decl().name().starts_with("int_to_float")
                && x.nth_child(0)
                    .and_then(|c| c.as_int())
                    .is_some_and(|c| numeral(&c) == Some(0)) =>
            {
                0
            }
            None => return None,
        },
    };
    match n {
        0 => Some(0),
        -1 => Some(0xff),
        _ if access.size == 1 => u8::try_from(n.rem_euclid(256)).ok(),
        _ => None,
    }
}

/// The set of a query's facts, as the sorted addresses of their terms: Z3
/// shares equal terms (one term per structure in a context, compared by
/// address, as `Z3_is_eq_ast` does), so equal sets are equal conjunctions
/// (while the terms are alive: `Checker::unsat_queries` keeps them).
fn fact_set(facts: &[Bool]) -> Vec<usize> {
    let mut set: Vec<usize> = facts
        .iter()
        .map(|f| f.get_z3_ast().as_ptr() as usize)
        .collect();
    set.sort_unstable();
    set.dedup();
    set
}

/// An incremental solver with a scenario's base facts asserted (see
/// `Checker::decided_incrementally`).
struct IncrementalSolver {
    /// The addresses of the base facts, in order. Z3 shares equal terms,
    /// and the solver keeps its assertions alive, so while it exists each
    /// address is one term: equal addresses are equal facts.
    base: Vec<usize>,
    solver: Solver,
    /// The `rlimit` last set on it.
    rlimit: Option<u64>,
    /// Its `unsat` answers, and its other answers (the portfolio asked).
    unsat: u32,
    other: u32,
    /// `incremental_clock` at its last query.
    last_used: u64,
}

impl<'k, 's> Checker<'k, 's> {
    fn new(
        kernel: &'k Kernel,
        opts: &'k CheckOptions,
        start: Instant,
        solver: &'s Solver,
        budget: &KernelBudget,
        analyses: Analyses<'k>,
    ) -> Checker<'k, 's> {
        let Analyses {
            uniformity,
            loops,
            tree,
            cfg,
            injective,
            grid_stride,
        } = analyses;
        let named = super::named::check_named(kernel, opts);
        let mut enc = Encoder::new(kernel, opts, uniformity, loops);
        enc.set_deadline(budget.deadline.clone());
        enc.set_generations(named.generations.clone());
        let positions = tree
            .order
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, i))
            .collect();
        let slicer = {
            let (tid0, bid0) = enc.ids(0);
            let (tid1, bid1) = enc.ids(1);
            let (block, grid) = enc.dims();
            super::slice::Slicer::new([tid0, bid0, tid1, bid1, block, grid].concat())
        };
        Checker {
            kernel,
            opts,
            start,
            tree,
            cfg,
            injective,
            grid_stride,
            enc,
            solver,
            lia: None,
            queries: 0,
            races: Vec::new(),
            divergences: Vec::new(),
            undecided: Vec::new(),
            budget_exceeded: None,
            last_unknown: String::new(),
            work_used: 0,
            modelled_used: 0,
            portfolio_used: [0; 3],
            lemma_unknown_used: 0,
            unknown_at_cap: false,
            work_budget: budget.work_left,
            current: (StmtId(0), StmtId(0)),
            budget_pair: None,
            deadline: budget.deadline.clone(),
            backstop: budget.clone(),
            profile: Profile::default(),
            rlimit_set: [None; 3],
            pinned_solver: None,
            side: None,
            positions,
            named,
            async_findings: Vec::new(),
            unsat_queries: crate::base::HashMap::default(),
            base_facts_of: crate::base::HashMap::default(),
            full_effort: false,
            work_at_first_race: None,
            verdict_settled: false,
            settled_no_solver: false,
            settled_bounded: false,
            divergence_bounded: false,
            settled_undecided_barriers: Vec::new(),
            settled_undecided: crate::base::HashSet::default(),
            last_block: super::last_block::LastBlock::find(kernel),
            own_writes: super::own_write::own_writes(kernel),
            last_block_used: false,
            vacuous: false,
            known_race_free: crate::base::HashSet::default(),
            decided_race_free: Vec::new(),
            known_race_free_scenarios: crate::base::HashSet::default(),
            decided_race_free_scenarios: Vec::new(),
            pair_unknowns: 0,
            pair_racy: false,
            sites: crate::base::HashMap::default(),
            pair_skipped: false,
            skipped_races: Vec::new(),
            same_byte_stores: false,
            goals_from: None,
            incremental: Vec::new(),
            base_sightings: crate::base::HashMap::default(),
            incremental_clock: 0,
            slicer,
        }
    }

    /// Why the kernel must stop, if it must: its work budget is spent
    /// (deterministic: counted in Z3 work units, not time), or, as a
    /// backstop only, its time (see [`KernelBudget`]) ran out.
    fn over_budget(&self) -> Option<String> {
        if self.budget_work() >= self.work_budget {
            Some(format!(
                "budget of {} ms ({} solver work units) spent",
                effective_budget_ms(self.opts),
                effective_budget_ms(self.opts).saturating_mul(WORK_UNITS_PER_MS)
            ))
        } else if self.modelled_used >= self.work_budget {
            Some(format!(
                "budget of {} ms spent (the modelled CPU of its solver calls, {} work units, \
                 counting the steps Z3's work count misses)",
                effective_budget_ms(self.opts),
                self.modelled_used
            ))
        } else if self.deadline.passed() {
            Some(self.backstop.backstop_reason())
        } else {
            None
        }
    }

    /// Records (once) that the budget ran out at the current pair.
    fn note_budget_spent(&mut self, why: String) {
        if self.budget_exceeded.is_some() {
            return;
        }
        self.budget_exceeded = Some(format!(
            "{why} after {} solver queries; this pair of accesses and the pairs after \
             it are undecided (findings before it stand)",
            self.queries
        ));
        self.budget_pair = Some(self.current);
    }

    fn accesses(&self) -> Vec<AccessStmt> {
        kernel_accesses(self.kernel)
    }

    fn run(&mut self) {
        self.run_pairs();
        self.check_vacuous();
    }

    /// After a race-free check of a kernel that states preconditions: asks
    /// once whether any thread of any launch the facts allow, satisfying
    /// the preconditions, reaches a memory access with an in-range offset
    /// (the premises of every race query). If none does, no race query
    /// could be satisfied whatever the code, so the verdict proves nothing
    /// and the report says so. A query left unknown says nothing.
    fn check_vacuous(&mut self) {
        let race_free = self.races.iter().all(|r| r.benign)
            && self.divergences.is_empty()
            && self.undecided.is_empty()
            && self.budget_exceeded.is_none()
            && self.async_findings.is_empty()
            && self.named.findings.is_empty()
            && self.named.skipped.is_none();
        if !race_free || !states_preconditions(self.kernel) || self.over_budget().is_some() {
            return;
        }
        let scenario = Scenario::different_blocks();
        let r = self.enc.exec(0, &scenario);
        if r.incomplete {
            return;
        }
        // Without the deferred launch facts (`Kernel::deferred_assumes`):
        // fewer facts can only leave the query satisfiable (no vacuity
        // note), never decide a race; bwt's `k % 2 == 0` made this query,
        // which ends unknown there, 50% slower per work unit.
        let mut facts = self.enc.launch_facts();
        facts.extend(r.assumptions.iter().cloned());
        let reached: Vec<Bool> = r
            .accesses
            .values()
            .map(|s| {
                Bool::and(&[
                    s.enabled.clone(),
                    self.enc.offset_fits(s),
                    s.premise.clone(),
                ])
            })
            .collect();
        if !reached.is_empty() {
            facts.push(Bool::or(&reached));
        }
        // A guessed model decides the (usual) satisfiable case exactly,
        // without a solver call (see `check::guess`); only `unsat` makes
        // the verdict vacuous, and only the solver answers that.
        let ids: Vec<(Int, Int)> = {
            let (block, grid) = self.enc.dims();
            (0..2)
                .flat_map(|t| {
                    let (tid, bid) = self.enc.ids(t);
                    let tids = tid.into_iter().zip(block.clone());
                    let bids = bid.into_iter().zip(grid.clone());
                    tids.chain(bids).collect::<Vec<_>>()
                })
                .collect()
        };
        if super::guess::satisfiable_by_guess(&facts, &ids) {
            if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                eprintln!(
                    "[syncwright] {}: vacuity query decided by a guessed model",
                    self.kernel.name
                );
            }
            return;
        }
        if let (SatResult::Unsat, _) = self.check_facts(facts.into_iter(), Some(VACUITY_WORK), &[])
        {
            self.vacuous = true;
        }
    }

    fn run_pairs(&mut self) {
        self.check_divergence();
        self.check_async_same_thread();
        let accesses = self.accesses();
        self.sites = accesses.iter().map(|a| (a.id, a.site)).collect();
        self.settle_verdict();
        // The remainder counts from the finding that settled the verdict: a
        // barrier divergence sets it in `check_divergence` already.
        if self.verdict_settled && self.work_at_first_race.is_none() {
            self.work_at_first_race = Some(self.all_work());
        }
        let mut settled_stop = false;
        'pairs: for i in 0..accesses.len() {
            for j in i..accesses.len() {
                let (a, b) = (&accesses[i], &accesses[j]);
                if !(a.write || b.write) {
                    continue;
                }
                self.profile.pairs += 1;
                let Some(space) = pair_space(self.kernel, a, b) else {
                    self.profile.pairs_without_solver += 1;
                    continue;
                };
                let key = super::reuse::pair_key(a.id, b.id);
                if self.known_race_free.contains(&key) {
                    self.profile.pairs_without_solver += 1;
                    continue;
                }
                // Once the verdict settled, its remainder of work spent
                // (see `settle_verdict`): the pair is still decided when it
                // needs no solver call, and counted undecided otherwise.
                settled_stop |= self.verdict_settled
                    && self
                        .work_at_first_race
                        .is_some_and(|at| self.all_work() - at >= settled_remainder_work());
                self.settled_no_solver = settled_stop;
                self.current = (a.id, b.id);
                if let Some(why) = self.over_budget() {
                    self.note_budget_spent(why);
                    break 'pairs;
                }
                let racy_before = self.racy_already();
                let (races, undecided) = (self.races.len(), self.undecided.len());
                self.pair_unknowns = 0;
                self.pair_skipped = false;
                self.check_pair(a, b, space);
                if self.races.len() == races
                    && self.undecided.len() == undecided
                    && self.pair_unknowns == 0
                    && !self.pair_skipped
                    && self.budget_exceeded.is_none()
                {
                    self.decided_race_free.push(key);
                }
                if block_race_limit().is_some_and(|limit| self.block_races() >= limit) {
                    break 'pairs;
                }
                let was_settled = self.verdict_settled;
                self.settle_verdict();
                if self.verdict_settled && !was_settled {
                    // The settled verdict's remainder counts from here.
                    self.work_at_first_race = Some(self.all_work());
                }
                if !racy_before && self.racy_already() {
                    self.work_at_first_race = Some(self.all_work());
                }
                if !self.verdict_settled
                    && self
                        .work_at_first_race
                        .is_some_and(|at| self.all_work() - at > settled_remainder_work())
                {
                    break 'pairs;
                }
            }
        }
    }

    /// Solver work units of every turn spent so far.
    fn all_work(&self) -> u64 {
        self.work_used + self.portfolio_used.iter().sum::<u64>() + self.lemma_unknown_used
    }

    /// Solver work units this check spent in all: every portfolio turn, the
    /// pinned witness search and the loop-invariant searches of its symbolic
    /// executions (the profile's figure).
    fn total_work(&self) -> u64 {
        self.all_work()
            .saturating_add(self.enc.invariant_work_spent())
            .saturating_add(self.enc.exec_work_spent())
    }

    /// Solver work units the kernel's budget counts: the `smt` turns and
    /// the loop-invariant searches (which ran
    /// outside it, up to 400,000 units, seconds of time on a query of
    /// products, so that a kernel could end on the wall-clock backstop).
    /// The side turns (digits, `qflia`, the pinned witness search, lemma
    /// turns that answer unknown) run
    /// on allowances of their own on top of it, bounded in work units too.
    fn budget_work(&self) -> u64 {
        self.work_used
            .saturating_add(self.enc.invariant_work_spent())
            .saturating_add(self.enc.exec_work_spent())
    }

    /// Work units left in the kernel's budget.
    ///
    /// Also what is left once the modelled CPU of the solver calls so far
    /// ([`Checker::modelled_used`]) is counted: Z3's `rlimit` under-counts
    /// Gomory cuts, Hermite normal forms and non-linear calls, so a kernel
    /// of such queries (HeCBench lrn's `lrn_fwd_kernel`: 1.47 million units
    /// with 1,507 cuts and 69 HNF calls in 7 s of CPU) had work units left
    /// when the time backstop interrupted its last turn, and whether that
    /// turn finished depended on the machine. The model is a function of
    /// Z3's deterministic statistics, so a budget spent on it ends on the
    /// same call on every run; it counts an `rlimit` unit at a sixth of the
    /// budget's rate, so kernels of linear queries end on their work units
    /// as before.
    fn work_left(&self) -> u64 {
        self.work_budget
            .saturating_sub(self.budget_work().max(self.modelled_used))
    }

    /// Executes thread `t` under `scenario` with the invariant searches
    /// capped at what is left of the kernel's budget.
    fn exec(&self, t: usize, scenario: &Scenario) -> std::rc::Rc<ExecResult> {
        self.enc.cap_invariant_work(self.work_left());
        self.enc.cap_exec_work(self.work_left());
        let (work, started) = (self.enc.exec_work_spent(), Instant::now());
        let r = self.enc.exec(t, scenario);
        let spent = self.enc.exec_work_spent() - work;
        if spent > 0 && std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
            eprintln!(
                "[syncwright] {} symbolic execution of thread {t} ({}): {:.1} ms, {spent} work units{}",
                self.kernel.name,
                if scenario.same_block { "same block" } else { "different blocks" },
                started.elapsed().as_secs_f64() * 1e3,
                if r.incomplete { ", incomplete" } else { "" }
            );
        }
        r
    }

    /// Whether this check runs under a race limit (for the barrier
    /// synthesizer) and has already found a race between threads of one
    /// block. Its verdict is then racy whatever the pairs left give, and the
    /// synthesizer only needs some of its races: a later query gets only the
    /// portfolio's cheap turns, and a pair they leave undecided is dropped,
    /// not reported (like the pairs after the limit). A candidate placement
    /// is accepted only from a check with no such race, which runs every
    /// query in full; a dropped pair that the next placement does not order
    /// is queried again by its check.
    /// Also true, outside a race limit, while the rest of a pair's
    /// scenarios are asked after one of them found it racy (see
    /// `pair_racy`): the pair is a finding already, its other relations
    /// only add notes to it, and after a barrier orders its race within a
    /// block the next check asks them in full (a race between blocks of a
    /// loop indexed modulo a parameter ran a kernel into its budget after
    /// its race within a block was found).
    /// Also true while a scenario is asked whose races could only be benign
    /// (see `same_byte_stores`): an unknown there hides no harmful race.
    /// Work cap of one query: [`QUERY_WORK`], or the cap of
    /// [`with_query_work_cap`] once a query of this check ended unknown at
    /// [`QUERY_WORK`].
    fn query_work(&self) -> u64 {
        match scoped_query_work() {
            Some(cap) if self.unknown_at_cap => cap,
            _ => QUERY_WORK,
        }
    }

    /// Work units a turn of the running pair query may spend once the
    /// verdict settled (see [`Checker::settle_verdict`]): what is left of
    /// the settled remainder ([`RACY_REMAINDER_WORK`]), which otherwise is
    /// only counted between pairs, so that one pair query after the
    /// finding could still spend its whole portfolio (HeCBench tgvnn's
    /// `grad_yy_adj`: 1.5 million units on a pair left unknown after its
    /// race). Only the number of findings can change: a settled verdict
    /// does not, and a pair cut short is counted undecided in the
    /// remainder's finding. `u64::MAX` when nothing bounds the query.
    fn settled_cap(&self) -> u64 {
        if !self.settled_bounded
            || !self.verdict_settled
            || self.full_effort
            || block_race_limit().is_some()
        {
            return u64::MAX;
        }
        match self.work_at_first_race {
            Some(at) => settled_remainder_work().saturating_sub(self.all_work() - at),
            None => u64::MAX,
        }
    }

    fn racy_already(&self) -> bool {
        !self.full_effort
            && ((block_race_limit().is_some() && self.block_races() > 0)
                || self.pair_racy
                || self.same_byte_stores)
    }

    /// Marks the verdict settled, outside a race limit, once nothing the
    /// pairs left could change it: `finish` makes a kernel with a barrier
    /// divergence (or a named-barrier finding) `divergent` whatever its
    /// races, and one with a race that is not benign (or an asynchronous
    /// copy's race) `racy` unless it is divergent; both are known before
    /// the pairs (`check_divergence`, `check_named`,
    /// `check_async_same_thread` run first), so after such a race a later
    /// pair can only add a finding, never change the verdict. The later
    /// pairs then get at most [`RACY_REMAINDER_WORK`] in all, each query's
    /// turns included (see [`Checker::settled_cap`]; a small kernel whose
    /// queries are cheap still reports every race it has): a race they
    /// find is reported with its witness from Z3's model as before; one
    /// they leave undecided is counted in one
    /// `inconclusive` finding (see [`Checker::finish`]), not lost silently.
    /// Real kernels spent most of their time there: HeCBench tgvnn's
    /// `grad_yy_adj` found its race in 1.2 million units and then spent
    /// 1.5 million more on a pair left unknown. Under a race limit (the
    /// synthesizer's checks) the limit's own rules apply instead.
    fn settle_verdict(&mut self) {
        if self.verdict_settled || block_race_limit().is_some() {
            return;
        }
        self.verdict_settled = !self.divergences.is_empty()
            || !self.named.findings.is_empty()
            || !self.async_findings.is_empty()
            || self.races.iter().any(|r| !r.benign);
    }

    /// Races found so far between threads of one block (benign ones aside),
    /// counted once per pair of source ranges and loop relation: the
    /// statements a pointer's targets split an access into (one per target
    /// array, all with the access's range) race as one access of the text,
    /// and the synthesizer orders them with the same barriers, so eight such
    /// copies of one race are not the eight races the limit asks for (an
    /// OpenCL copy into the target of a two-way pointer stopped the check at
    /// its first source pair, and the race on the local buffer it fills was
    /// found only by the next candidate's check). Counting fewer only makes
    /// a check under the limit go on longer. A scenario skipped because its
    /// statements race already (see [`Checker::site_already_racy`]) counts
    /// as the race it stands for, so that the check stops where it would
    /// have stopped had it asked it (going on past that point proves pairs
    /// race-free that the next candidate's barriers order anyway: the
    /// stripped ced `non_max_supp_kernel` spent 135,000 more work units so).
    fn block_races(&self) -> usize {
        let mut seen: Vec<(crate::ir::Span, crate::ir::Span, LoopRelation)> = Vec::new();
        let races = self
            .races
            .iter()
            .filter(|r| !r.benign && r.relation != LoopRelation::InterBlock)
            .map(|r| (r.first_span, r.second_span, r.relation));
        for (x, y, relation) in races.chain(self.skipped_races.iter().copied()) {
            let key = (x.min(y), x.max(y), relation);
            if !seen.contains(&key) {
                seen.push(key);
            }
        }
        seen.len()
    }

    /// The distinct keys of the races found so far between threads of one
    /// block (benign ones aside): the two accesses' source statements (see
    /// [`SourceSite`]; an access whose statement is unknown stands for
    /// itself, by its range) and the loop relation.
    fn block_race_sites(&self) -> Vec<(SourceSite, SourceSite, LoopRelation)> {
        let mut seen: Vec<(SourceSite, SourceSite, LoopRelation)> = Vec::new();
        for r in &self.races {
            if r.benign || r.relation == LoopRelation::InterBlock {
                continue;
            }
            let site = |id: StmtId, span: crate::ir::Span| {
                self.sites.get(&id).copied().unwrap_or((span, None))
            };
            let (x, y) = (site(r.first, r.first_span), site(r.second, r.second_span));
            let key = (x.min(y), x.max(y), r.relation);
            if !seen.contains(&key) {
                seen.push(key);
            }
        }
        seen
    }

    /// Whether, under a race limit (the synthesizer's checks), the source
    /// statements of `a` and `b` already race in `relation` within a block
    /// in this check. The synthesizer places barriers between source
    /// statements: a barrier that orders one race of two statements orders
    /// their other accesses in the same relation (the four reads of
    /// `t = s[i] + s[i+6] + s[i+12] + s[i+18];` racing with one store are
    /// one constraint), so such a scenario is not asked, a sat query each
    /// (10,000-25,000 work units on real kernels). The check is racy then,
    /// and its caller only needs some of its races (see
    /// [`with_block_race_limit`]); when the next candidate's barriers do not
    /// order the skipped pair, its check compares it again (a skipped pair
    /// is never taken as decided race-free, see `pair_skipped`). No verdict
    /// of a check without a race limit changes, and one with a limit is
    /// racy whatever the skipped pairs give.
    fn site_already_racy(&self, a: &AccessStmt, b: &AccessStmt, relation: LoopRelation) -> bool {
        if block_race_limit().is_none() || self.full_effort || relation == LoopRelation::InterBlock
        {
            return false;
        }
        let key = (a.site.min(b.site), a.site.max(b.site), relation);
        self.block_race_sites().contains(&key)
    }

    /// Whether, under a race limit and [`with_shared_access_skip`] (the
    /// checks of `fix`'s synthesis), a race
    /// within a block found in this check already has `a` as its first
    /// access or `b` as its second, in `relation` (an access racing with
    /// itself aside, either way: it needs a split, not a barrier between). Pairs are compared in program order, `a` before `b`,
    /// and for one `a` the later accesses in order: a shared later access
    /// (the stores of a tile against the read of it) is ordered for every
    /// earlier one by the barrier just before it, and a shared earlier
    /// access (one store against the reads after it) for every later one
    /// by the barrier just before the first racing read. That is where the
    /// synthesizer's tie-break puts a barrier among points of equal cost
    /// (see `synth::repairs::position_ranks`), so such a pair is mostly
    /// one constraint more for no other placement, at a sat query each
    /// (10,000-350,000 work units on real kernels). Skipping it changes no
    /// repair: a candidate that does not order it is rejected by its own
    /// check, which compares the pair again (a skipped pair is never taken
    /// as decided race-free, see `pair_skipped`), and the synthesizer's
    /// answer is the least-cost placement of the races it was given that
    /// checks race-free: every race given is real, so every race-free
    /// placement meets its constraints, and the answer is the least-cost
    /// race-free placement, the same one as with more races given (the
    /// weights break every tie). Only the number of rounds can grow. A check with a
    /// race limit is racy whatever the skipped pairs give; no check without
    /// a limit changes.
    fn access_already_racy(&self, a: &AccessStmt, b: &AccessStmt, relation: LoopRelation) -> bool {
        if block_race_limit().is_none()
            || !shared_access_skip()
            || self.full_effort
            || relation == LoopRelation::InterBlock
            || a.id == b.id
        {
            return false;
        }
        self.races.iter().any(|r| {
            !r.benign
                && r.relation == relation
                && r.first != r.second
                && (r.first == a.id || r.second == b.id)
        })
    }

    /// All scenarios under which the pair can meet, most specific first.
    fn scenarios(&self, a: StmtId, b: StmtId, space: MemSpace) -> Vec<(Scenario, LoopRelation)> {
        scenarios_to_solve(
            self.kernel,
            self.enc.uniformity(),
            &self.tree,
            &self.cfg,
            &self.injective,
            &self.grid_stride,
            self.enc.grid_may_have_several_blocks(),
            a,
            b,
            space,
        )
    }
}

/// The analyses a check starts from (none of them uses the solver).
struct Analyses<'k> {
    uniformity: Uniformity,
    loops: LoopTable,
    tree: LabelTree,
    cfg: Cfg,
    injective: InjectiveOffsets<'k>,
    grid_stride: GridStride<'k>,
}

impl<'k> Analyses<'k> {
    /// The analyses, or None when `deadline` passes between two of them.
    /// Each takes a fraction of a second even on kernels of 100,000
    /// statements (lowering such a kernel takes ten times longer and runs
    /// under the same deadline), so checking between them keeps the overrun
    /// within the budget's margin.
    fn compute(
        kernel: &'k Kernel,
        opts: &CheckOptions,
        deadline: &Deadline,
    ) -> Option<Analyses<'k>> {
        let in_time = || !deadline.passed();
        let uniformity = Uniformity::compute(kernel);
        in_time().then_some(())?;
        let loops = LoopTable::new(kernel);
        let tree = LabelTree::new(kernel);
        in_time().then_some(())?;
        // The launch extents the encoder fixes in every execution it
        // considers (the launch's, unused dimensions 1 under that
        // assumption): loops they make surely entered.
        let extents = crate::analysis::intervals::KnownExtents {
            block: super::symexec::known_block_dims(kernel, opts),
            grid: super::symexec::known_grid_dims(kernel, opts),
        };
        let cfg = Cfg::with_uniformity(kernel, &uniformity, &extents);
        in_time().then_some(())?;
        let paired = paired_accesses(kernel);
        // Locals defined once at the top level or only ever assigned one
        // constant: both offset analyses read them.
        let fixed_defs = crate::ir::walk::top_level_fixed_defs(kernel);
        let injective = InjectiveOffsets::new(
            kernel,
            opts,
            uniformity.clone(),
            &paired,
            fixed_defs.clone(),
        );
        in_time().then_some(())?;
        let grid_stride = GridStride::new(kernel, opts, &loops, fixed_defs);
        in_time().then_some(())?;
        Some(Analyses {
            uniformity,
            loops,
            tree,
            cfg,
            injective,
            grid_stride,
        })
    }
}

/// The accesses a check may ask the offset theorems about (`check::injective`,
/// `check::delinear`): those of a pair `run_pairs` and `needs_solver` may
/// enumerate (one of the two a write, arrays that may alias, outside
/// constant memory: a superset of the pairs [`pair_space`] keeps, the
/// atomic rule aside), and both ends of every asynchronous copy's pair with
/// its own thread's accesses (`check_async_same_thread`). A read of an array
/// no access that may alias it writes is in no such pair: the theorems need
/// not expand its offset, which was most of the analyses' cost in kernels
/// that read many inputs. Over-approximating only costs time.
fn paired_accesses(kernel: &Kernel) -> crate::base::HashSet<StmtId> {
    let accesses = kernel_accesses(kernel);
    let written: crate::base::HashSet<usize> = accesses
        .iter()
        .filter(|a| a.write)
        .map(|a| a.array)
        .collect();
    // Per address space: whether a written array there may alias every
    // array of the space.
    let written_alias_all: crate::base::HashSet<MemSpace> = written
        .iter()
        .filter_map(|w| kernel.arrays.get(*w))
        .filter(|d| d.may_alias_all)
        .map(|d| d.space)
        .collect();
    let written_spaces: crate::base::HashSet<MemSpace> = written
        .iter()
        .filter_map(|w| kernel.arrays.get(*w))
        .map(|d| d.space)
        .collect();
    let mut paired: crate::base::HashSet<StmtId> = accesses
        .iter()
        .filter(|a| {
            let Some(decl) = kernel.arrays.get(a.array) else {
                return false;
            };
            decl.space != MemSpace::Constant
                && (a.write
                    || written.contains(&a.array)
                    || written_alias_all.contains(&decl.space)
                    || (decl.may_alias_all && written_spaces.contains(&decl.space)))
        })
        .map(|a| a.id)
        .collect();
    for (copy, access) in &kernel.asyncs.same_thread {
        paired.insert(*copy);
        paired.insert(*access);
    }
    paired
}

/// The scenarios of a pair the solver must decide: those of
/// [`pair_scenarios`] minus the same-block ones in which the offsets are
/// injective in the thread id (see `check::injective`).
#[allow(clippy::too_many_arguments)]
fn scenarios_to_solve(
    kernel: &Kernel,
    uniformity: &Uniformity,
    tree: &LabelTree,
    cfg: &Cfg,
    injective: &InjectiveOffsets<'_>,
    grid_stride: &GridStride<'_>,
    several_blocks: bool,
    a: StmtId,
    b: StmtId,
    space: MemSpace,
) -> Vec<(Scenario, LoopRelation)> {
    // No interval start in common (a barrier between the accesses in every
    // interleaving, most pairs of a kernel with many barrier intervals):
    // no scenario (see `pair_scenarios`), nothing to ask of the offsets.
    let mode = Blocking::for_space(space);
    let may_meet = cfg.may_share_interval(a, b, mode)
        || (space == MemSpace::Global
            && several_blocks
            && (!cfg.has_grid_barrier() || cfg.may_share_interval(a, b, Blocking::GridOnly)));
    if !may_meet {
        return Vec::new();
    }
    // The theorems on the offsets below are asked before the searches of
    // `pair_scenarios`, which cost several times more per pair (a kernel
    // without barriers searches its whole graph for each pair): each of
    // them, and an empty list of scenarios, only ever empties the list, so
    // the order changes no answer.
    // Byte ranges apart in every execution: no scenario needs the solver.
    if injective.disjoint_ranges(a, b) {
        return Vec::new();
    }
    // Offsets that determine the thread (row-major layouts of thread and
    // block ids, `check::delinear`): the scenarios they rule out. (Asked
    // before the grid-stride theorem, which costs more per pair.)
    let (block_decided, grid_decided) = injective.delinear.decided(a, b);
    // One of the two runs in a single thread of a block, and the other's
    // other threads touch bytes apart from it (`InjectiveOffsets::
    // pinned_thread_apart`): no same-block scenario.
    let block_decided = block_decided || injective.pinned_thread_apart(a, b);
    if block_decided && grid_decided {
        return Vec::new();
    }
    // A grid-stride loop's element of each thread: no scenario either.
    if grid_stride.disjoint(a, b) {
        return Vec::new();
    }
    let mut scenarios = pair_scenarios(tree, cfg, several_blocks, a, b, space);
    if scenarios.is_empty() {
        return scenarios;
    }
    let a_loops = tree.loops(a).len();
    // Under `--adversarial-abstraction` a condition computed from a read
    // is not the same in a block's threads, which the uniformity analysis
    // assumes: no such rule there.
    let arms_apart = !injective.adversarial() && uniform_arms_apart(kernel, uniformity, tree, a, b);
    scenarios.retain(|(scenario, _)| {
        if scenario.same_block {
            !(block_decided
                || arms_apart
                || injective.disjoint_in_block(a, b, scenario.shared_loops.len(), a_loops)
                || grid_stride.disjoint_in_block(a, b)
                || injective
                    .delinear
                    .stride_apart(a, b, scenario.shared_loops.len())
                || injective.pow2_disjoint_in_block(a, b, &scenario.shared_loops))
        } else {
            !(grid_decided || grid_stride.disjoint_across_blocks(a, b))
        }
    });
    scenarios
}

/// Whether accesses `a` and `b` lie in opposite arms of an `if` that no
/// loop encloses and whose condition the uniformity analysis proves the
/// same in every thread of a block: then no two threads of one block run
/// one each. Theorem: with no loop around it (the IR has no jumps), each
/// thread runs that `if` at most once, and both threads run it (each runs
/// an access inside it); its condition has one value in the threads of a
/// block that reach it (`Uniformity`: computed from uniform values only,
/// a read of memory at a uniform address included, which returns one value
/// unless a race on that address exists, a race the checker reports on its
/// own), so both take the same arm. Threads of different blocks may take
/// different arms: only same-block scenarios are ruled out. (HeCBench
/// ge-spmm's `spmm_test4`: the stores of its `blockIdx.y != gridDim.y - 1`
/// branch against those of its `else`, 76 same-block queries.)
fn uniform_arms_apart(
    kernel: &Kernel,
    uniformity: &Uniformity,
    tree: &LabelTree,
    a: StmtId,
    b: StmtId,
) -> bool {
    use crate::ir::walk::BlockSlot;
    let (Some(pa), Some(pb)) = (tree.place(a), tree.place(b)) else {
        return false;
    };
    // The paths from the body down to each access; the first place they
    // part is inside their innermost common ancestor.
    let path_a: Vec<StmtId> = pa
        .ancestors
        .iter()
        .copied()
        .chain(std::iter::once(a))
        .collect();
    let path_b: Vec<StmtId> = pb
        .ancestors
        .iter()
        .copied()
        .chain(std::iter::once(b))
        .collect();
    let common = path_a
        .iter()
        .zip(&path_b)
        .take_while(|(x, y)| x == y)
        .count();
    if common == 0 || common >= path_a.len() || common >= path_b.len() {
        return false;
    }
    let split = path_a[common - 1];
    if !tree.loops(split).is_empty() {
        return false;
    }
    let slot = |x: StmtId| tree.place(x).map(|p| p.block);
    let arms = (slot(path_a[common]), slot(path_b[common]));
    let opposite = matches!(
        arms,
        (Some(BlockSlot::Then(x)), Some(BlockSlot::Else(y)))
            | (Some(BlockSlot::Else(x)), Some(BlockSlot::Then(y)))
            if x == split && y == split
    );
    if !opposite {
        return false;
    }
    match crate::ir::walk::find_stmt(&kernel.body, split).map(|s| &s.kind) {
        Some(StmtKind::If { cond, .. }) => uniformity.is_uniform_expr(cond),
        _ => false,
    }
}

/// Whether any check of the kernel needs a solver query: a barrier the
/// uniformity analysis cannot prove uniform, an asynchronous copy with its
/// own thread's accesses, or a pair of accesses that may meet. It mirrors
/// `Checker::run` decision by decision (over-approximating: where in doubt
/// it says yes), so a kernel for which it says no gets from
/// [`report_without_solver`] the report the solver path would give.
fn needs_solver(
    kernel: &Kernel,
    opts: &CheckOptions,
    analyses: &Analyses<'_>,
    known_race_free: &crate::base::HashSet<super::reuse::PairKey>,
) -> bool {
    let several_blocks = !super::symexec::grid_known_single(opts);
    if !divergence_cases(
        kernel,
        opts,
        &analyses.uniformity,
        &analyses.tree,
        several_blocks,
    )
    .0
    .is_empty()
        || !kernel.asyncs.same_thread.is_empty()
    {
        return true;
    }
    let accesses = kernel_accesses(kernel);
    for i in 0..accesses.len() {
        for (a, b) in accesses[i..].iter().map(|b| (&accesses[i], b)) {
            if !(a.write || b.write) {
                continue;
            }
            let Some(space) = pair_space(kernel, a, b) else {
                continue;
            };
            if known_race_free.contains(&super::reuse::pair_key(a.id, b.id)) {
                continue;
            }
            if !scenarios_to_solve(
                kernel,
                &analyses.uniformity,
                &analyses.tree,
                &analyses.cfg,
                &analyses.injective,
                &analyses.grid_stride,
                several_blocks,
                a.id,
                b.id,
                space,
            )
            .is_empty()
            {
                return true;
            }
        }
    }
    false
}

/// The report of a kernel [`needs_solver`] says needs no query: nothing
/// races, no barrier diverges; named-barrier findings and the front end's
/// notes as on the solver path (`Checker::finish`).
/// The report of a kernel whose budget ran out before its first query.
fn report_out_of_time(
    kernel: &Kernel,
    budget: &KernelBudget,
    start: Instant,
) -> (KernelReport, Profile) {
    let mut findings = vec![Finding {
        kind: DiagnosticKind::Inconclusive,
        message: format!(
            "kernel `{}` is inconclusive: {} before its accesses were compared; no pair of accesses was decided",
            kernel.name,
            budget.backstop_reason()
        ),
        span: kernel.name_span,
        related: Vec::new(),
        race: None,
        divergence: None,
    }];
    findings.extend(note_findings(kernel));
    let report = KernelReport {
        name: kernel.name.clone(),
        name_span: kernel.name_span,
        verdict: Verdict::Inconclusive,
        findings,
        races: Vec::new(),
        time_ms: start.elapsed().as_secs_f64() * 1000.0,
        solver_queries: 0,
    };
    (report, Profile::default())
}

fn report_without_solver(
    kernel: &Kernel,
    opts: &CheckOptions,
    start: Instant,
) -> (KernelReport, Profile) {
    let named = super::named::check_named(kernel, opts);
    let mut findings = named.findings.clone();
    if let Some(finding) = named_skipped_finding(kernel, &named) {
        findings.push(finding);
    }
    findings.extend(note_findings(kernel));
    let verdict = if !named.findings.is_empty() {
        Verdict::Divergent
    } else if named.skipped.is_some() {
        Verdict::Inconclusive
    } else {
        Verdict::RaceFree
    };
    let accesses = kernel_accesses(kernel);
    let pairs = (0..accesses.len())
        .flat_map(|i| accesses[i..].iter().map(move |b| (i, b)))
        .filter(|(i, b)| accesses[*i].write || b.write)
        .count() as u32;
    let time_ms = start.elapsed().as_secs_f64() * 1000.0;
    let profile = Profile {
        setup_ms: time_ms,
        pairs,
        pairs_without_solver: pairs,
        ..Profile::default()
    };
    let report = KernelReport {
        name: kernel.name.clone(),
        name_span: kernel.name_span,
        verdict,
        findings,
        races: Vec::new(),
        time_ms,
        solver_queries: 0,
    };
    (report, profile)
}

/// The inconclusive finding for named/split barriers that are not modelled.
fn named_skipped_finding(kernel: &Kernel, named: &super::named::NamedOutcome) -> Option<Finding> {
    let why = named.skipped.as_ref()?;
    // Deadlock freedom (the named barriers' analogue of barrier divergence)
    // is not established: a warning, and the kernel is at best inconclusive,
    // never silently race-free.
    Some(Finding {
        kind: DiagnosticKind::Inconclusive,
        message: format!(
            "named/split barriers order no memory here and deadlock freedom is not checked: {why}"
        ),
        span: kernel.name_span,
        related: Vec::new(),
        race: None,
        divergence: None,
    })
}

/// Whether the kernel states a precondition (`__requires`, `__assume`,
/// `__builtin_assume`, `assert`, the accessor layout assumption): only then
/// can its assumptions leave no execution (see `Checker::check_vacuous`).
fn states_preconditions(kernel: &Kernel) -> bool {
    let mut found = false;
    for_each_stmt(&kernel.body, &mut |s| {
        found |= matches!(s.kind, StmtKind::Assume { .. });
    });
    found
}

/// The front end's notes on the kernel, as `imprecision` findings.
fn note_findings(kernel: &Kernel) -> Vec<Finding> {
    kernel
        .notes
        .iter()
        .map(|(span, note)| Finding {
            kind: DiagnosticKind::Imprecision,
            message: note.clone(),
            span: *span,
            related: Vec::new(),
            race: None,
            divergence: None,
        })
        .collect()
}

/// The memory accesses of the kernel, in program order.
fn kernel_accesses(kernel: &Kernel) -> Vec<AccessStmt> {
    let mut out = Vec::new();
    for_each_stmt(&kernel.body, &mut |s| {
        // Probes stand for a thread's own copy only (see `AsyncInfo::probes`).
        if kernel.asyncs.probes.contains(&s.id) {
            return;
        }
        let (access, write, atomic, block_scoped) = match &s.kind {
            StmtKind::Read { access, .. } => (access, false, false, false),
            StmtKind::Write { access, .. } => (access, true, false, false),
            StmtKind::Atomic { access, op, .. } => {
                (access, true, true, op.name.ends_with("_block"))
            }
            _ => return,
        };
        out.push(AccessStmt {
            id: s.id,
            array: access.array.0 as usize,
            write,
            atomic,
            block_scoped,
            site: (s.stmt_span, s.inlined_at),
        });
    });
    out
}

/// All scenarios under which a pair of accesses can meet, most specific first.
fn pair_scenarios(
    tree: &LabelTree,
    cfg: &Cfg,
    several_blocks: bool,
    a: StmtId,
    b: StmtId,
    space: MemSpace,
) -> Vec<(Scenario, LoopRelation)> {
    let common = tree.common_loops(a, b);
    let mode = Blocking::for_space(space);
    let warp_barriers = cfg.has_warp_barrier();
    // A pair that meets only across warp barriers (`__syncwarp()`) is a
    // race only between threads of different warps: those barriers order
    // the threads of one warp and nothing else.
    // With `__syncwarp(mask)` barriers of resolved masks, threads of one
    // warp whose lanes are both in the masks of a set T of mask classes
    // are ordered by the warp barriers and those of T
    // (`Blocking::*InWarpMasks`): such a pair races only if it meets
    // across the other barriers. The scenario allows exactly the sets T
    // for which it does (or different warps); `Any` when all of them.
    let classes = cfg.warp_mask_classes().len();
    // A thread that may exit after one of the accesses before it reaches a
    // barrier does not take part in the warp barriers the other thread of
    // its warp passes later: they order nothing between the two (see
    // `Cfg::may_exit_unsynced`), so threads of one warp meet wherever
    // block barriers let them.
    let exits = (cfg.may_exit_unsynced(a) && cfg.exit_meets(a, b, mode))
        || (cfg.may_exit_unsynced(b) && cfg.exit_meets(b, a, mode));
    let warps = |meets: &dyn Fn(Blocking) -> bool| {
        if !warp_barriers || exits {
            return WarpRelation::Any;
        }
        if !meets(mode.in_warp()) {
            return WarpRelation::Different;
        }
        let mut sets = 1u16;
        for t in 1..(1u16 << classes) {
            if meets(mode.in_warp_masks(t as u8)) {
                sets |= 1 << t;
            }
        }
        if u32::from(sets) == (1u32 << (1u32 << classes)) - 1 {
            WarpRelation::Any
        } else {
            WarpRelation::Masked { sets }
        }
    };
    let mut out = Vec::new();
    // Different barrier intervals: no same-block scenario, without the
    // searches (see `Cfg::may_share_interval`).
    let same_block_meet = cfg.may_share_interval(a, b, mode);
    if same_block_meet && cfg.same_iteration(a, b, &common, mode) {
        let relation = warps(&|m| cfg.same_iteration(a, b, &common, m));
        out.push((
            Scenario::same_block(common.clone()).with_warps(relation),
            LoopRelation::IntraIteration,
        ));
    }
    for depth in (1..=common.len()).rev() {
        if same_block_meet && cfg.different_iterations(a, b, &common, depth, mode) {
            let relation = warps(&|m| cfg.different_iterations(a, b, &common, depth, m));
            out.push((
                Scenario::same_block(common[..depth - 1].to_vec()).with_warps(relation),
                LoopRelation::InterIteration {
                    depth: depth as u32,
                },
            ));
        }
    }
    if space == MemSpace::Global && several_blocks {
        // Threads of different blocks: only grid barriers order them.
        if !cfg.has_grid_barrier() {
            out.push((Scenario::different_blocks(), LoopRelation::InterBlock));
        } else if cfg.may_share_interval(a, b, Blocking::GridOnly) {
            // As within a block: any two dynamic instances are in the same
            // iteration of every common loop or first differ at some depth,
            // and grid barriers (which every thread of the grid reaches at
            // the same instance, else divergence is reported) rule out the
            // cases where one always lies between them. Each remaining case
            // shares the iterations of the loops above its depth, with the
            // values uniform across the grid (`Scenario::grid_instance`).
            if cfg.same_iteration(a, b, &common, Blocking::GridOnly) {
                out.push((
                    Scenario::grid_instance(common.clone()),
                    LoopRelation::InterBlock,
                ));
            }
            for depth in (1..=common.len()).rev() {
                if cfg.different_iterations(a, b, &common, depth, Blocking::GridOnly) {
                    out.push((
                        Scenario::grid_instance(common[..depth - 1].to_vec()),
                        LoopRelation::InterBlock,
                    ));
                }
            }
        }
    }
    out
}

/// A barrier (or work-group collective) of the kernel the solver must show
/// every thread reaches (with uniform arguments), with the scenario to check
/// it in; and the kernel's collectives (name, whether the uniformity analysis
/// proves their arguments uniform).
type DivergenceCases = (
    Vec<(StmtId, Scenario)>,
    crate::base::HashMap<StmtId, (String, bool)>,
);

/// The barriers whose divergence needs the solver (see [`DivergenceCases`]).
fn divergence_cases(
    kernel: &Kernel,
    opts: &CheckOptions,
    uniformity: &Uniformity,
    tree: &LabelTree,
    several_blocks: bool,
) -> DivergenceCases {
    let mut barriers = Vec::new();
    let mut collectives = crate::base::HashMap::default();
    for_each_stmt(&kernel.body, &mut |s| match &s.kind {
        StmtKind::Barrier { scope, .. } => barriers.push((s.id, *scope)),
        StmtKind::Collective {
            name, uniform_args, ..
        } => {
            barriers.push((s.id, crate::ir::BarrierScope::Block));
            let args_uniform = uniform_args.iter().all(|a| uniformity.is_uniform_expr(a));
            collectives.insert(s.id, (name.clone(), args_uniform));
        }
        _ => {}
    });
    // Warp barriers in a block whose x extent is a known multiple of 32: a
    // warp's threads share `threadIdx.y`/`.z` (see
    // `Uniformity::compute_within_warps`), so a warp barrier under a branch
    // on them alone is reached by all of a warp's threads or by none.
    // CUDA only: OpenCL leaves the layout of sub-groups to the implementation.
    // A register exchange of a tile of at most 32 threads needs only
    // threads of one warp (its tile lies in one warp), so the same applies.
    let in_one_warp = |scope: crate::ir::BarrierScope| match scope {
        crate::ir::BarrierScope::Warp | crate::ir::BarrierScope::WarpMask { .. } => true,
        crate::ir::BarrierScope::Tile { size, .. } => size <= 32,
        _ => false,
    };
    let warp_level = kernel.lang == crate::ir::Lang::Cuda
        && barriers.iter().any(|(_, scope)| in_one_warp(*scope));
    let dims = super::symexec::known_block_dims(kernel, opts);
    let warp_rows = warp_level && dims[0].is_some_and(|x| x % 32 == 0);
    // Otherwise a block of whole warps (its thread count a multiple of 32)
    // still has the warp broadcasts' values uniform in each warp.
    let whole_warps = dims
        .iter()
        .try_fold(1u64, |n, d| d.map(|d| n * u64::from(d)))
        .is_some_and(|n| n % 32 == 0);
    let within_warps = if warp_rows {
        Some(Uniformity::compute_within_warps(kernel))
    } else if warp_level && whole_warps && !kernel.warp_broadcasts.is_empty() {
        Some(Uniformity::compute_with_warp_broadcasts(kernel))
    } else {
        None
    };
    // Sub-group functions need only the work-items of their sub-group, in
    // which `get_sub_group_id()` is uniform (see
    // `Uniformity::compute_within_sub_groups`).
    let is_sub_group_call = |id: &StmtId| {
        collectives
            .get(id)
            .is_some_and(|(name, _)| is_sub_group_function(name))
    };
    let within_sub_groups = barriers
        .iter()
        .any(|(id, _)| is_sub_group_call(id) && !uniformity.is_uniform_stmt(*id))
        .then(|| Uniformity::compute_within_sub_groups(kernel));
    let resolved_masks = crate::analysis::warp_masks::resolved(kernel);
    let mut cases = Vec::new();
    for (id, scope) in barriers {
        if let (true, Some(w)) = (is_sub_group_call(&id), &within_sub_groups) {
            let args_uniform = match crate::ir::walk::find_stmt(&kernel.body, id).map(|s| &s.kind) {
                Some(StmtKind::Collective { uniform_args, .. }) => {
                    uniform_args.iter().all(|a| w.is_uniform_expr(a))
                }
                _ => false,
            };
            if args_uniform && w.is_uniform_stmt(id) {
                continue;
            }
        }
        // A register exchange whose constant mask leaves out some lanes is
        // wrong wherever one of those lanes calls it ("each calling thread
        // must have its own bit set in the mask", CUDA Programming Guide,
        // Warp Shuffle Functions), which a uniform call does in every warp:
        // uniformity says nothing about it, so the solver is always asked.
        // A `__syncwarp(mask)`: the lanes of a constant mask, a resolved
        // computed one left to the query, all 32 when not resolved (every
        // lane must reach it: stronger than what any mask asks).
        // An unresolved mask: the caller's own lane must be in it, which
        // uniformity says nothing about, so the solver is always asked.
        let unresolved_mask = matches!(scope, crate::ir::BarrierScope::WarpMask { mask }
            if resolved_masks.get(mask as usize).is_none_or(|m| m.is_none()));
        let scope = match scope {
            crate::ir::BarrierScope::WarpMask { mask } => {
                match resolved_masks.get(mask as usize).cloned().flatten() {
                    Some(crate::ir::Expr::Int(k, _)) => crate::ir::BarrierScope::Tile {
                        size: 32,
                        lanes: (k & 0xffff_ffff) as u32,
                    },
                    Some(_) => scope,
                    None => crate::ir::BarrierScope::FULL_WARP_EXCHANGE,
                }
            }
            _ => scope,
        };
        let partial_mask = matches!(scope, crate::ir::BarrierScope::Tile { lanes, .. } if lanes != u32::MAX)
            || matches!(scope, crate::ir::BarrierScope::WarpMask { .. })
            || unresolved_mask;
        if !partial_mask
            && in_one_warp(scope)
            && within_warps.as_ref().is_some_and(|w| w.is_uniform_stmt(id))
        {
            continue;
        }
        // The uniformity analysis (within a block) over-approximates
        // divergence; only barriers it cannot prove uniform (reached, and
        // for a collective also with uniform arguments) need the solver.
        let args_uniform = collectives.get(&id).is_none_or(|(_, u)| *u);
        if partial_mask || !uniformity.is_uniform_stmt(id) || !args_uniform {
            let scenario = Scenario::same_block(tree.loops(id).to_vec());
            // A warp barrier needs only the threads of each warp together.
            let scenario = match scope {
                crate::ir::BarrierScope::Warp => scenario.with_warps(WarpRelation::Same),
                // A resolved computed mask: the lanes it names, in the query.
                crate::ir::BarrierScope::WarpMask { mask } => {
                    scenario.with_warps(WarpRelation::SameWarpMask { mask })
                }
                // A tile's exchange needs the threads of each tile (those of
                // its lanes) together.
                crate::ir::BarrierScope::Tile { size, lanes } => {
                    scenario.with_warps(WarpRelation::SameTile { size, lanes })
                }
                // A sub-group function needs the work-items of each
                // sub-group together: those with one `get_sub_group_id()`.
                _ if collectives
                    .get(&id)
                    .is_some_and(|(name, _)| is_sub_group_function(name)) =>
                {
                    scenario.with_warps(WarpRelation::SameSubGroup)
                }
                _ => scenario,
            };
            cases.push((id, scenario));
        }
        // A grid barrier must also be reached by every block: blockIdx
        // is not uniform across the grid. Two threads of different blocks
        // at the same dynamic instance: the same iteration of every loop
        // around it (values uniform across the grid shared, see
        // `Scenario::grid_instance`).
        if scope == crate::ir::BarrierScope::Grid && several_blocks {
            cases.push((id, Scenario::grid_instance(tree.loops(id).to_vec())));
        }
    }
    (cases, collectives)
}

/// Whether two arrays may be the same memory.
pub(super) fn may_alias(kernel: &Kernel, a: usize, b: usize) -> bool {
    let (Some(x), Some(y)) = (kernel.arrays.get(a), kernel.arrays.get(b)) else {
        return false;
    };
    if x.space != y.space {
        return false;
    }
    a == b || x.may_alias_all || y.may_alias_all
}

/// The address space of a pair of accesses (one of them a write) that may
/// race, or None when it is decided without the solver: two atomics never
/// race (unless one is block-scoped, see `Checker::check_pair`); arrays that
/// cannot be the same memory (different arrays, or different address
/// spaces) have no common byte; constant memory is not written by kernels.
fn pair_space(kernel: &Kernel, a: &AccessStmt, b: &AccessStmt) -> Option<MemSpace> {
    let space = kernel.arrays.get(a.array).map(|d| d.space)?;
    if (a.atomic && b.atomic && !a.block_scoped && !b.block_scoped)
        || !may_alias(kernel, a.array, b.array)
        || space == MemSpace::Constant
    {
        return None;
    }
    Some(space)
}

impl<'k, 's> Checker<'k, 's> {
    /// The facts every query of a scenario starts from.
    /// Built once per scenario: the two threads' executions are those of the
    /// scenario (`Encoder::exec` keeps them), so the facts are the same for
    /// every pair of accesses checked in it.
    fn base_facts(&mut self, scenario: &Scenario, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        if let Some(facts) = self.base_facts_of.get(scenario) {
            return facts.clone();
        }
        let facts = self.build_base_facts(scenario, r1, r2);
        self.base_facts_of.insert(scenario.clone(), facts.clone());
        facts
    }

    fn build_base_facts(&self, scenario: &Scenario, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        let mut facts = self.enc.scenario_facts(scenario);
        facts.extend(r1.assumptions.iter().cloned());
        facts.extend(r2.assumptions.iter().cloned());
        facts.extend(self.enc.counter_lemmas(r1, r2));
        facts.extend(self.enc.band_lemmas(r1, r2));
        facts.extend(self.enc.plane_counter_lemmas(r1, r2));
        facts.extend(self.enc.xor_lemmas(r1, r2));
        facts.extend(self.enc.division_lemmas(r1, r2));
        facts.extend(self.enc.non_decreasing_lemmas(r1, r2));
        facts.extend(self.enc.grid_stride_lemmas(r1, r2));
        facts.extend(self.enc.atomic_facts(r1, r2, scenario));
        facts
    }

    /// Checks one pair of accesses in each of its scenarios.
    fn check_pair(&mut self, a: &AccessStmt, b: &AccessStmt, space: MemSpace) {
        self.pair_racy = false;
        self.check_pair_scenarios(a, b, space);
        self.pair_racy = false;
        self.same_byte_stores = false;
    }

    fn check_pair_scenarios(&mut self, a: &AccessStmt, b: &AccessStmt, space: MemSpace) {
        let enumerate = Instant::now();
        let mut scenarios = self.scenarios(a.id, b.id, space);
        self.profile.enumerate_ms += enumerate.elapsed().as_secs_f64() * 1e3;
        if scenarios.is_empty() {
            // A barrier separates the two in every interleaving.
            self.profile.pairs_without_solver += 1;
        }
        // A scenario sharing fewer loop iterations allows more executions, so
        // if the most general same-block scenario is unsatisfiable, so are the
        // others: query it first and stop there in the common race-free case.
        // Likewise when its races are all benign (the benign query, "some
        // model stores different bytes", is unsatisfiable under its facts,
        // so under the others' too): they could add benign races only.
        // (Its warp restriction must cover theirs too.)
        scenarios.sort_by_key(|(s, _)| (!s.same_block, s.shared_loops.len()));
        let mut general_settled: Option<Scenario> = None;
        for (index, (scenario, relation)) in scenarios.into_iter().enumerate() {
            // Two atomics, one of them block-scoped, are atomic with respect
            // to each other only within one block (CUDA's scoped atomics):
            // they race between threads of different blocks only.
            if a.atomic && b.atomic && scenario.same_block {
                continue;
            }
            // Ordered in every pair of threads of a block by the concrete
            // runs' happens-before order (see `named::ordered_pairs`): no
            // race within a block, whatever the offsets.
            if scenario.same_block
                && self.named.well_synchronized
                && self.named.generations.ordered.contains(&(a.id, b.id))
            {
                continue;
            }
            if scenario.same_block
                && general_settled
                    .as_ref()
                    .is_some_and(|g| g.covers_warps_of(&scenario))
            {
                continue;
            }
            if scenario.same_block && self.site_already_racy(a, b, relation) {
                self.pair_skipped = true;
                let key = (self.span_of(a.id), self.span_of(b.id), relation);
                self.skipped_races.push(key);
                continue;
            }
            if scenario.same_block && self.access_already_racy(a, b, relation) {
                // Not counted toward the limit (unlike the statement's
                // other accesses above): the check goes on to the races of
                // other accesses, which the same barrier may not order.
                self.pair_skipped = true;
                if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                    eprintln!(
                        "[syncwright] {} pair {}..{} {}..{}: an access of it races already",
                        self.kernel.name,
                        self.span_of(a.id).start,
                        self.span_of(a.id).end,
                        self.span_of(b.id).start,
                        self.span_of(b.id).end,
                    );
                }
                continue;
            }
            let first_same_block = scenario.same_block && index == 0;
            // Unsatisfiable in an earlier check of this kernel less some
            // block barriers (a synthesis's earlier round, see `reuse`):
            // as if the solver had answered unsat again.
            let scenario_key = (a.id, b.id, scenario.clone());
            if self.known_race_free_scenarios.contains(&scenario_key) {
                if first_same_block {
                    general_settled = Some(scenario.clone());
                }
                if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                    eprintln!(
                        "[syncwright] {} pair {}..{} {}..{}: scenario proven race-free earlier",
                        self.kernel.name,
                        self.span_of(a.id).start,
                        self.span_of(a.id).end,
                        self.span_of(b.id).start,
                        self.span_of(b.id).end,
                    );
                }
                self.profile.scenarios_without_solver += 1;
                continue;
            }
            let r1 = self.exec(0, &scenario);
            let r2 = self.exec(1, &scenario);
            if r1.incomplete || r2.incomplete {
                let why = self
                    .over_budget()
                    .unwrap_or_else(|| "deadline reached".into());
                self.note_budget_spent(why);
                return;
            }
            let (Some(s1), Some(s2)) = (r1.accesses.get(&a.id), r2.accesses.get(&b.id)) else {
                continue;
            };
            let (s1, s2) = (s1.clone(), s2.clone());
            let same_byte_stores = self.opts.benign_tolerance
                && a.write
                && b.write
                && !a.atomic
                && !b.atomic
                && uniform_store_byte(&s1).is_some_and(|x| uniform_store_byte(&s2) == Some(x));
            self.same_byte_stores = same_byte_stores;
            // The query below is a conjunction with this overlap among its
            // conjuncts; when the overlap simplifies to `false` (offsets the
            // symbolic execution made constant, such as `fin[off + 2]` after
            // `off = 46` under a branch, or offsets that differ by a constant
            // at least the access size), the query is unsatisfiable whatever
            // the other facts say: this scenario has no race, as if the
            // solver had answered unsat.
            let overlap = self.enc.overlap(&s1, &s2, a.array != b.array);
            // Only for numeral offsets: simplifying symbolic ones adds terms
            // to the context that change how Z3 searches later queries.
            if is_ground(&s1.offset)
                && is_ground(&s2.offset)
                && overlap.simplify().as_bool() == Some(false)
            {
                if first_same_block {
                    general_settled = Some(scenario.clone());
                }
                self.profile.scenarios_without_solver += 1;
                continue;
            }
            // Once the settled verdict's remainder is spent, a pair query
            // gets no solver call (see `Checker::solve`): its answer is
            // `unknown` whatever its facts, unless an earlier check's
            // witness replays on them (see `replay_witness`). Without such
            // a witness the facts are not built, and the unknown is counted
            // as the arms below count `solve`'s: not after the budget's own
            // pair, dropped in a pair racy already, otherwise one the
            // settled verdict left undecided. Only the work of building
            // changes: HeCBench grep's `parallelMatch` built 35,000 such
            // scenario queries after its race, for 149 solver calls in all.
            if self.settled_no_solver && !self.full_effort && !has_witness(&(a.id, b.id, relation))
            {
                self.last_unknown = "not asked: the kernel's verdict had settled".into();
                self.pair_unknowns += 1;
                self.profile.settled_unbuilt += 1;
                if self.budget_pair != Some((a.id, b.id)) && !self.pair_racy {
                    self.settled_undecided.insert((a.id, b.id));
                }
                continue;
            }
            let mut facts = self.base_facts(&scenario, &r1, &r2);
            let base_len = facts.len();
            let mut ordered_by_idiom = false;
            facts.push(s1.enabled.clone());
            facts.push(s2.enabled.clone());
            // Both accesses happen (enabled), so their offsets fit (see `offset_fits`).
            facts.push(self.enc.offset_fits(&s1));
            facts.push(self.enc.offset_fits(&s2));
            facts.push(self.enc.offset_from_base(a.array, &s1));
            facts.push(self.enc.offset_from_base(b.array, &s2));
            // The index-arithmetic assumption of these two accesses only.
            facts.push(s1.premise.clone());
            facts.push(s2.premise.clone());
            // The bounds of the bitwise `&` terms the two offsets read.
            for (r, s) in [(&r1, &s1), (&r2, &s2)] {
                facts.extend(super::symexec::and_bound_facts(&r.and_bounds, &[&s.offset]));
            }
            if scenario.same_block {
                // Accesses in loops that open with a barrier meet accesses
                // outside them only in their last iteration (`LoopExit`).
                facts.extend(self.last_iteration_facts(&s1, a.array, b.id));
                facts.extend(self.last_iteration_facts(&s2, b.array, a.id));
            }
            facts.push(overlap);
            if a.array == b.array {
                facts.extend(self.enc.row_major_lemmas(&s1, &s2));
            }
            if scenario.same_block {
                if let Some(unordered) = self.named_unordered(a.id, b.id, &r1, &r2) {
                    facts.push(unordered);
                }
            } else if let Some(idiom) = &self.last_block {
                ordered_by_idiom = idiom.orders(a.id, b.id);
                if ordered_by_idiom {
                    // Ordered by the last-block idiom in a one-dimensional
                    // launch (see `check::last_block`): a race needs another.
                    let (block, grid) = self.enc.dims();
                    let one = |x: &Int| x.eq(Int::from_i64(1));
                    facts.push(
                        Bool::and(&[one(&block[1]), one(&block[2]), one(&grid[1]), one(&grid[2])])
                            .not(),
                    );
                }
            }
            let lockstep_ok = a.id == b.id && a.write && b.write && !a.atomic;
            if self.opts.warp_sync && scenario.same_block {
                // Warp-synchronous (pre-Volta) semantics: threads of one warp run in
                // lockstep, so only two writes by the same statement can collide.
                facts.push(Bool::or(&[
                    self.enc.different_warps(),
                    Bool::from_bool(lockstep_ok),
                ]));
            }
            if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                eprintln!(
                    "[syncwright] {} pair {}..{} {}..{}: {}",
                    self.kernel.name,
                    self.span_of(a.id).start,
                    self.span_of(a.id).end,
                    self.span_of(b.id).start,
                    self.span_of(b.id).end,
                    if scenario.same_block {
                        "same block"
                    } else {
                        "different blocks"
                    }
                );
            }
            // The deferred launch facts (see `Kernel::deferred_assumes`):
            // those reading a constant the two offsets read join the query
            // now; the others only when it is not unsatisfiable without
            // them. True facts, so an unsat answer without them stands,
            // and every race or unknown is asked again with them: the
            // answer is the full query's, only its cost changes.
            // Those of `deferred_at_entry` get their terms only when they
            // join (`Encoder::entry_facts`): unused terms would still
            // change Z3's search.
            let mut later: Vec<Bool> = Vec::new();
            let mut later_at_entry: Vec<(usize, usize)> = Vec::new();
            if has_deferred(&r1) || has_deferred(&r2) {
                let read = leaf_constants(
                    [&s1.offset, &s2.offset]
                        .into_iter()
                        .map(|t| Dynamic::from_ast(t))
                        .collect(),
                );
                for fact in r1.deferred.iter().chain(&r2.deferred) {
                    let own = leaf_constants(vec![Dynamic::from_ast(fact)]);
                    if own.iter().any(|c| read.contains(c)) {
                        facts.push(fact.clone());
                    } else {
                        later.push(fact.clone());
                    }
                }
                for (t, r) in [(0, &r1), (1, &r2)] {
                    for (i, cond) in r.deferred_at_entry.iter().enumerate() {
                        let leaves = self.enc.entry_leaves(t, &scenario, cond);
                        let own = leaf_constants(leaves.iter().map(val_term).collect());
                        if own.iter().any(|c| read.contains(c)) {
                            facts.extend(
                                self.enc.entry_facts(t, &scenario, i, cond).iter().cloned(),
                            );
                        } else {
                            later_at_entry.push((t, i));
                        }
                    }
                }
            }
            // Everything after the base facts is about this pair.
            self.goals_from = Some(base_len);
            let witness_key = (a.id, b.id, relation);
            let racy_already = self.racy_already();
            let mut outcome = match replay_witness(&witness_key, &facts) {
                Some(model) => {
                    if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                        eprintln!(
                            "[syncwright] {} replayed an earlier witness",
                            self.kernel.name
                        );
                    }
                    (SatResult::Sat, Some(model))
                }
                None => self.solve(&facts, &r1, &r2),
            };
            // An unknown pair of a check racy already is dropped whatever
            // the facts (see the last arms below): no second query.
            let dropped = outcome.0 == SatResult::Unknown && racy_already;
            for (t, i) in later_at_entry {
                let r = if t == 0 { &r1 } else { &r2 };
                if let Some(cond) = r.deferred_at_entry.get(i) {
                    if outcome.0 != SatResult::Unsat && !dropped {
                        later.extend(self.enc.entry_facts(t, &scenario, i, cond).iter().cloned());
                    }
                }
            }
            if !later.is_empty() && outcome.0 != SatResult::Unsat && !dropped {
                if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                    eprintln!(
                        "[syncwright] {} asks again with {} deferred launch fact(s)",
                        self.kernel.name,
                        later.len()
                    );
                }
                facts.append(&mut later);
                outcome = match replay_witness(&witness_key, &facts) {
                    Some(model) => (SatResult::Sat, Some(model)),
                    None => self.solve(&facts, &r1, &r2),
                };
            }
            let alias = |k: usize| self.kernel.arrays.get(k).is_some_and(|d| d.may_alias_all);
            let outcome = match outcome {
                (SatResult::Sat, Some(model))
                    if a.array != b.array || alias(a.array) || alias(b.array) =>
                {
                    let model = self.colliding_model(model, &facts, (&s1, a.array), (&s2, b.array));
                    (SatResult::Sat, Some(model))
                }
                other => other,
            };
            if let (SatResult::Sat, Some(model)) = &outcome {
                remember_witness(witness_key, model);
            }
            if outcome.0 == SatResult::Unknown {
                self.pair_unknowns += 1;
            }
            match outcome {
                (SatResult::Sat, model) => {
                    let witness = model
                        .as_ref()
                        .map(|m| witness::extract(&self.enc, m, &s1, &s2, a.id, b.id));
                    // Both store one same byte in every byte: every byte of
                    // memory either thread writes ends up that byte in any
                    // order, even where the accesses overlap only in part.
                    let benign = same_byte_stores
                        || (self.opts.benign_tolerance
                        && a.write
                        && b.write
                        && !a.atomic
                        && !b.atomic
                        // Benign only when both store the same bytes: same
                        // width, same address, same value.
                        && s1.size == s2.size
                        && match (&s1.value, &s2.value) {
                            (Some(v1), Some(v2)) => match self
                                .enc
                                .values_differ(v1, v2)
                                .map(|d| Bool::or(&[d, s1.offset.eq(&s2.offset).not()]))
                            {
                                // The race's own model stores different values:
                                // not benign, no need to ask.
                                Some(differ)
                                    if model.as_ref().is_some_and(|m| {
                                        m.eval(&differ, true).and_then(|b| b.as_bool())
                                            == Some(true)
                                    }) =>
                                {
                                    false
                                }
                                Some(differ) => {
                                    let mut f = facts.clone();
                                    f.push(differ);
                                    // In full even when the check is racy
                                    // already: a benign race needs no
                                    // barrier, and one taken for a real race
                                    // would cost the synthesizer a barrier.
                                    self.full_effort = true;
                                    let benign = self.solve(&f, &r1, &r2).0 == SatResult::Unsat;
                                    self.full_effort = false;
                                    benign
                                }
                                None => false,
                            },
                            _ => false,
                        } || self.read_after_own_write_benign(
                            (a, &s1, &r1),
                            (b, &s2, &r2),
                            &facts,
                            model.as_ref(),
                        ));
                    // A witness with threads of two warps already shows the race
                    // does not need warp-synchronous execution to be excluded.
                    let same_warp_witness = witness.as_ref().is_none_or(|w| {
                        let lin = |t: &super::report::ThreadCoords| {
                            t.thread[0]
                                + w.block_dim[0] * (t.thread[1] + w.block_dim[1] * t.thread[2])
                        };
                        lin(&w.threads[0]) / 32 == lin(&w.threads[1]) / 32
                    });
                    // Warps (and the legacy lockstep assumption) are CUDA's; an
                    // OpenCL work-group promises no lockstep execution at all.
                    // Not asked under a race limit: the synthesizer, the
                    // only reader of such checks, orders a race whether or
                    // not only warp-synchronous execution excludes it.
                    let warp_sync_only = self.kernel.lang == crate::ir::Lang::Cuda
                        && block_race_limit().is_none()
                        && !self.opts.warp_sync
                        && scenario.same_block
                        && same_warp_witness
                        // Two writes by one statement collide under lockstep
                        // execution too: the fact below would be `true`, the
                        // query the race's own, satisfiable one (a grid-stride
                        // store to `a[id*rows + rows-1]` asked it again and
                        // stayed unknown up to the wall-clock backstop).
                        && !lockstep_ok
                        && {
                            let mut f = facts.clone();
                            f.push(self.enc.different_warps());
                            self.solve(&f, &r1, &r2).0 == SatResult::Unsat
                        };
                    // Named after a real array when the first access goes
                    // through an alias of any array (as the witness is).
                    let decl = |k: usize| self.kernel.arrays.get(k);
                    let named = match (decl(a.array), decl(b.array)) {
                        (Some(x), Some(y)) if x.may_alias_all && !y.may_alias_all => Some(y),
                        (x, _) => x,
                    };
                    let race = Race {
                        kind: race_kind(a, b),
                        array: named.map(|d| d.name.clone()).unwrap_or_default(),
                        first: a.id,
                        second: b.id,
                        first_span: self.span_of(a.id),
                        second_span: self.span_of(b.id),
                        relation,
                        benign,
                        warp_sync_only,
                        witness,
                    };
                    if first_same_block && benign {
                        general_settled = Some(scenario.clone());
                    }
                    // Its other scenarios only add relations to this
                    // finding (see `pair_racy`).
                    if !benign && block_race_limit().is_none() {
                        self.pair_racy = true;
                    }
                    self.races.push(race);
                }
                (SatResult::Unsat, _) => {
                    if first_same_block {
                        general_settled = Some(scenario.clone());
                    }
                    self.last_block_used |= ordered_by_idiom;
                    // Not when the last-block idiom's fact made it so: that
                    // rests on an assumption the report states.
                    if !ordered_by_idiom {
                        self.decided_race_free_scenarios.push(scenario_key);
                    }
                }
                // The pair the budget ran out at is named by the budget's finding.
                (SatResult::Unknown, _) if self.budget_pair == Some((a.id, b.id)) => {}
                // Dropped: the check or the pair is racy already (see
                // `racy_already`); counted when only the settled verdict
                // made it so (see `settle_verdict`).
                // Not compared: the settled verdict's remainder was spent.
                (SatResult::Unknown, _) if self.settled_no_solver && !self.pair_racy => {
                    self.settled_undecided.insert((a.id, b.id));
                }
                (SatResult::Unknown, _) if racy_already => {}
                (SatResult::Unknown, _) => {
                    let reason = format!("solver answered unknown ({})", self.last_unknown);
                    self.undecided.push((a.id, b.id, reason));
                }
            }
            self.goals_from = None;
        }
    }

    /// Whether a write-read race is benign because the reading thread wrote
    /// the bytes it reads itself just before and the racing write stores the
    /// same value at the same bytes (the theorem of `check::own_write`):
    /// asked as the unsatisfiability of the negation under the pair's facts.
    fn read_after_own_write_benign(
        &mut self,
        first: (&AccessStmt, &AccessSym, &ExecResult),
        second: (&AccessStmt, &AccessSym, &ExecResult),
        facts: &[Bool],
        model: Option<&Model>,
    ) -> bool {
        let (a, b) = (first.0, second.0);
        if !self.opts.benign_tolerance || a.atomic || b.atomic || a.write == b.write {
            return false;
        }
        let ((write, written, _), (read, reading, reader)) = if a.write {
            (first, second)
        } else {
            (second, first)
        };
        let Some(own) = self
            .own_writes
            .get(&read.id)
            .and_then(|w| reader.accesses.get(w))
        else {
            return false;
        };
        if write.array != read.array || written.size != reading.size || own.size != reading.size {
            return false;
        }
        let (Some(value), Some(own_value)) = (&written.value, &own.value) else {
            return false;
        };
        let Some(values_differ) = self.enc.values_differ(value, own_value) else {
            return false;
        };
        let differ = Bool::or(&[
            values_differ,
            own.enabled.not(),
            // The own write's offset is C's where its index-arithmetic
            // premise holds (the pair's facts assume only the pair's).
            own.premise.not(),
            own.offset.eq(&reading.offset).not(),
            written.offset.eq(&reading.offset).not(),
        ]);
        // The race's own model breaks it: not benign, no need to ask.
        if model.is_some_and(|m| m.eval(&differ, true).and_then(|b| b.as_bool()) == Some(true)) {
            return false;
        }
        let mut f = facts.to_vec();
        f.push(differ);
        // In full even when the check is racy already, as for a write-write
        // benign race.
        self.full_effort = true;
        let benign = self.solve(&f, first.2, second.2).0 == SatResult::Unsat;
        self.full_effort = false;
        benign
    }

    /// Decides `facts`, with the model when satisfiable. Loop counters with a
    /// small value set (holding every value they take, see
    /// `ExecResult::finite_counters`) are fixed case by case and substituted
    /// into the facts: terms like `tid % (2 * s)` become linear, where the
    /// solver would otherwise face non-linear arithmetic.
    fn solve(
        &mut self,
        facts: &[Bool],
        r1: &ExecResult,
        r2: &ExecResult,
    ) -> (SatResult, Option<Model>) {
        const MAX_CASES: usize = 64;
        if self.settled_no_solver && !self.full_effort {
            // Dropped as an unknown of a check racy already, and counted.
            self.last_unknown = "not asked: the kernel's verdict had settled".into();
            return (SatResult::Unknown, None);
        }
        // Given only to a second solver turn (see `Turn::Lemmas`).
        let lemmas = self.enc.quotient_lemmas(r1, r2);
        let mut domains: Vec<(Int, Vec<i128>)> = Vec::new();
        for (t, values) in r1.finite_counters.iter().chain(r2.finite_counters.iter()) {
            if !domains.iter().any(|(u, _)| u == t) {
                domains.push((t.clone(), values.clone()));
            }
        }
        let cases: usize = domains.iter().map(|(_, v)| v.len().max(1)).product();
        if domains.is_empty() || cases > MAX_CASES {
            return self.check_facts(facts.iter().cloned(), None, &lemmas);
        }
        // Most queries are easy as they are; split only those that are not.
        let direct = self.check_facts(facts.iter().cloned(), Some(FIRST_TRY_WORK), &lemmas);
        if direct.0 != SatResult::Unknown {
            return direct;
        }
        let mut unknown = false;
        // Whether the whole query got its second, larger try (see below).
        let mut escalated = false;
        for case in 0..cases {
            // A check that is racy already (see `racy_already`) drops a pair
            // left unknown, so a case left unknown ends the split, and so
            // does its remainder of work (`RACY_REMAINDER_WORK`, otherwise
            // counted between pairs only): bn's 64 cases of 25,000 units
            // each spent 1.6 M units on one pair of a racy candidate.
            if self.racy_already()
                && (unknown
                    || self
                        .work_at_first_race
                        .is_some_and(|at| self.all_work() - at > settled_remainder_work()))
            {
                unknown = true;
                break;
            }
            let mut rest = case;
            let mut subst: Vec<(Int, Int)> = Vec::new();
            for (t, values) in &domains {
                let v = values[rest % values.len()];
                rest /= values.len();
                subst.push((t.clone(), Int::from_i128(v)));
            }
            let pairs: Vec<(&Int, &Int)> = subst.iter().map(|(a, b)| (a, b)).collect();
            // The equalities keep the model meaningful for witnesses.
            let fixed = subst.iter().map(|(t, v)| t.eq(v));
            let substituted: Vec<Bool> = facts
                .iter()
                .map(|f| simplified_or_same(&f.substitute(&pairs)))
                .collect();
            // A fact the value makes false (the loop condition of a value
            // the counter leaves with) decides the case without a call.
            if substituted.iter().any(|f| f.as_bool() == Some(false)) {
                continue;
            }
            let case_lemmas: Vec<Bool> = lemmas
                .iter()
                .map(|f| simplified_or_same(&f.substitute(&pairs)))
                .collect();
            // The fixed values come first: the goal facts move by as many.
            let goals_from = self.goals_from;
            self.goals_from = goals_from.map(|g| g + subst.len());
            let work_before = self.budget_work();
            let answer = self.check_facts(fixed.chain(substituted), None, &case_lemmas);
            self.goals_from = goals_from;
            match answer {
                (SatResult::Sat, model) => return (SatResult::Sat, model),
                (SatResult::Unknown, _) => unknown = true,
                (SatResult::Unsat, _) => {}
            }
            // A split pays when fixing the counters makes each case cheap;
            // when the first case asked cost more than the whole query's
            // first try, the cases are as hard as the query (quantBnB's
            // `kQuantize`: 64 cases of ~90,000 units each, where the whole
            // query takes 38,000), so the whole query gets a second try of
            // at most a quarter of what the remaining cases would cost at
            // that price. Its answer is the query's own (the cases partition
            // the counters' values); left unknown, the split goes on.
            let remaining = (cases - case - 1) as u64;
            if !escalated && !self.racy_already() {
                escalated = true;
                let case_work = self.budget_work().saturating_sub(work_before);
                if case_work > FIRST_TRY_WORK && remaining >= SPLIT_ESCALATION_MIN_CASES {
                    let cap = (case_work.saturating_mul(remaining) / 4).min(self.query_work());
                    let whole = self.check_facts(facts.iter().cloned(), Some(cap), &lemmas);
                    if whole.0 != SatResult::Unknown {
                        return whole;
                    }
                }
            }
        }
        (
            if unknown {
                SatResult::Unknown
            } else {
                SatResult::Unsat
            },
            None,
        )
    }

    /// One solver call on `facts` in a scope of its own, capped at
    /// `cap_work` work units (default: [`QUERY_WORK`]); `lemmas` (theorems
    /// of the encoding) join the facts in the `Lemmas` turn only.
    fn check_facts(
        &mut self,
        facts: impl Iterator<Item = Bool>,
        cap_work: Option<u64>,
        lemmas: &[Bool],
    ) -> (SatResult, Option<Model>) {
        // Every solver call is within the budget: a pair with several
        // scenarios or case splits must not run past it.
        if let Some(why) = self.over_budget() {
            self.note_budget_spent(why);
            self.last_unknown = "kernel budget spent".into();
            return (SatResult::Unknown, None);
        }
        // A pair cut short by the settled verdict's remainder (see
        // `settled_cap`) asks no more, its case splits included.
        if self.settled_no_solver
            && !self.full_effort
            && (self.goals_from.is_some() || self.divergence_bounded)
            && cap_work.is_none()
        {
            self.last_unknown = "not asked: the kernel's verdict had settled".into();
            return (SatResult::Unknown, None);
        }
        let started = Instant::now();
        let facts: Vec<Bool> = facts.collect();
        // An equal earlier query (see `check_kept_facts`) answers before the
        // hub core or the incremental solver is asked: a grid-stride loop's
        // repeated statements make most pairs' queries the same, and each
        // paid its core query (thousands of units) before the reuse.
        let query_set = fact_set(&facts);
        if self.unsat_queries.contains_key(&query_set) {
            self.profile.queries_reused += 1;
            self.profile.solve_ms += started.elapsed().as_secs_f64() * 1e3;
            return (SatResult::Unsat, None);
        }
        // A base with an incremental solver already asks it first: its
        // loading is paid, and its answer is the whole query's, so a model
        // leaves the hub core (a subset of the facts, as satisfiable) unasked.
        // Its model, when it has one of exactly these facts, is the query's
        // answer; a model it could not give leaves the query to the
        // portfolio without the core (a subset of satisfiable facts).
        let mut incremental = self.decided_incrementally(&facts, cap_work, started, true);
        let by_core = matches!(incremental, None | Some((SatResult::Unknown, _)))
            && self.decided_by_core(&facts, cap_work, started);
        if !by_core && incremental.is_none() {
            incremental = self.decided_incrementally(&facts, cap_work, started, false);
        }
        if let Some((SatResult::Sat, Some(model))) = incremental {
            return (SatResult::Sat, Some(model));
        }
        if by_core || matches!(incremental, Some((SatResult::Unsat, _))) {
            self.unsat_queries.insert(query_set, facts);
            return (SatResult::Unsat, None);
        }
        // Repeated-read links of reads nothing else mentions left out: the
        // query is equisatisfiable and its models the same (see
        // `Slicer::drop_unread_links`). Such links cost the solver its
        // bit-vector reasoning for nothing (a loop's `b[i & (n-1)]` reads,
        // linked in a query about stores before the loop).
        let goals_from = self.goals_from;
        let dropped = self.slicer.drop_unread_links(
            &facts,
            lemmas,
            &self.enc.read_links.borrow(),
            goals_from,
        );
        let answer = match dropped {
            Some((kept, goals)) => {
                self.goals_from = goals;
                let answer = self.check_kept_facts(kept, cap_work, lemmas, started);
                // Equisatisfiable: the query as asked is unsatisfiable too
                // (the kept facts' own set is recorded by `check_kept_facts`).
                if answer.0 == SatResult::Unsat {
                    self.unsat_queries.insert(query_set, facts);
                }
                answer
            }
            None => self.check_kept_facts(facts, cap_work, lemmas, started),
        };
        self.goals_from = goals_from;
        answer
    }

    /// A model of the racy query `facts` of a pair on two arrays (one an
    /// alias of any array of its space), or of a pair through such an
    /// alias, whose offsets collide as offsets into one array and lie where
    /// an array of their space can be, for the witness. A pair on two
    /// arrays overlaps whatever its offsets (`Encoder::overlap`: the alias
    /// may target any byte), so the query's model leaves the two offsets
    /// unrelated (bytes 0 and 768 of `out`), but the witness states them as
    /// offsets into the array it names, the alias targeting its start: no
    /// collision as stated, and which model the solver happens to return
    /// decided it (an incremental solver's or a reordered query's model did
    /// not collide). An alias's offset is otherwise bounded only by
    /// `offset_fits`, and the solver likes the bound: two stores through an
    /// unknown pointer were reported at byte -2^62+1 of `<any shared
    /// array>`, which no execution touches. The verdict is not asked again
    /// (the pair is racy with `model`); the query with the offsets
    /// overlapping and the alias offsets in `[0, bound)` is asked with a
    /// small bound, then with the largest array of the space (see
    /// [`alias_offset_bounds`]), then with none, each in at most
    /// [`WITNESS_WORK`] units, and the first model, a model of `facts` too
    /// (only facts are added), is taken; otherwise `model` stays (the alias
    /// then targets the array elsewhere than at its start, or out of any).
    fn colliding_model(
        &mut self,
        model: Model,
        facts: &[Bool],
        (s1, array1): (&AccessSym, usize),
        (s2, array2): (&AccessSym, usize),
    ) -> Model {
        let same_bytes = self.enc.overlap(s1, s2, false);
        let alias_space = |k: usize| {
            self.kernel
                .arrays
                .get(k)
                .filter(|d| d.may_alias_all)
                .map(|d| d.space)
        };
        let aliased: Vec<(&AccessSym, crate::ir::MemSpace)> = [(s1, array1), (s2, array2)]
            .into_iter()
            .filter_map(|(s, k)| alias_space(k).map(|space| (s, space)))
            .collect();
        // `[0, bound)` for every alias offset, for the tier's bound of its space.
        let bounded = |tier: usize| -> Bool {
            let conj: Vec<Bool> = aliased
                .iter()
                .map(|(s, space)| {
                    let hi = Int::from_u64(alias_offset_bounds(*space)[tier]);
                    Bool::and(&[s.offset.ge(Int::from_i64(0)), s.offset.lt(&hi)])
                })
                .collect();
            Bool::and(&conj)
        };
        let holds = |m: &Model, f: &Bool| m.eval(f, true).and_then(|v| v.as_bool()) == Some(true);
        let tiers: Vec<Bool> = (0..2)
            .map(|tier| Bool::and(&[same_bytes.clone(), bounded(tier)]))
            .chain([same_bytes.clone()])
            .collect();
        // Past the budget the pair keeps its model (no query, and the
        // budget's finding stays the next pair's).
        for wanted in tiers {
            if holds(&model, &wanted) {
                return model;
            }
            if self.over_budget().is_some() {
                return model;
            }
            let query: Vec<Bool> = facts.iter().cloned().chain([wanted]).collect();
            if let (SatResult::Sat, Some(m)) =
                self.check_facts(query.into_iter(), Some(WITNESS_WORK), &[])
            {
                return m;
            }
        }
        model
    }

    /// Whether the query is unsatisfiable to an incremental solver that
    /// holds its base facts (`facts[..goals_from]`, its scenario's, the
    /// same terms in every pair's query) already: only the goals are pushed
    /// and popped, so Z3 loads and internalizes the base once, not once per
    /// query (a grid-stride loop over a dozen slices of one array, each
    /// thread's offsets under hundreds of fits facts: ~20,000 units per
    /// query, nearly all of it loading, ~3,000 incrementally). The solver's
    /// assertions are exactly the query's facts, so its `unsat` is the
    /// query's, and so is its model once the query's facts evaluate to true
    /// under it (the witness then comes from it, as from a portfolio turn's;
    /// a racy kernel's `sat` queries were asked again, a portfolio of
    /// `smt` and `qflia` turns for a model the solver had found); `unknown`
    /// is left to the portfolio. A base gets a solver at its second query
    /// (most bases have one), in the synthesizer's checks at its first (see
    /// [`sightings_for_solver`]); one whose solver decides rarely is left to
    /// the portfolio. Its work is `smt` work, paid also when it does not decide.
    /// Returns its answer (`sat` with the model when it has been checked),
    /// `None` when not asked (with `existing_only`, when the base has no
    /// solver yet).
    fn decided_incrementally(
        &mut self,
        facts: &[Bool],
        cap_work: Option<u64>,
        started: Instant,
        existing_only: bool,
    ) -> Option<(SatResult, Option<Model>)> {
        let goals_from = self.goals_from?;
        if goals_from < INCREMENTAL_MIN_BASE || goals_from >= facts.len() {
            return None;
        }
        let allowed = INCREMENTAL_WORK
            .min(cap_work.unwrap_or(self.query_work()))
            .min(self.work_left());
        if allowed == 0 {
            return None;
        }
        let (base_facts, goals) = facts.split_at(goals_from);
        let base: Vec<usize> = base_facts
            .iter()
            .map(|f| f.get_z3_ast().as_ptr() as usize)
            .collect();
        // Loading the base is counted with the first query's work.
        let before = work_count(self.solver);
        let index = match self.incremental.iter().position(|s| s.base == base) {
            Some(i) => i,
            None if existing_only => return None,
            None => {
                let seen = self.base_sightings.entry(base.clone()).or_insert(0);
                *seen += 1;
                if *seen < sightings_for_solver() {
                    return None;
                }
                self.base_sightings.remove(&base);
                if self.incremental.len() >= INCREMENTAL_SOLVERS {
                    if let Some(oldest) =
                        (0..self.incremental.len()).min_by_key(|&i| self.incremental[i].last_used)
                    {
                        self.incremental.swap_remove(oldest);
                    }
                }
                // Z3's default solver, which turns incremental (its `smt`
                // core keeps what it loaded across `push`/`pop`) once pushed;
                // on `unknown` it must not fall back to the non-incremental
                // tactic on the whole stack, which the slice would not bound.
                let solver = Solver::new();
                let mut p = Params::new();
                p.set_u32("solver2_unknown", 0);
                solver.set_params(&p);
                solver.push();
                // A large base is asserted as one conjunction: the `smt`
                // core rewrites each assertion as it comes, and shared
                // subterms were rewritten again for each of a base's facts
                // (a base of 61,000 facts of an unrolled kernel: 0.9-3.9
                // million work units to load, outside any `rlimit`). A
                // smaller base is asserted fact by fact: as one conjunction
                // its queries were slower (HeCBench kernels of 0.1-1.5 s
                // took 25-45% more CPU). The same formula either way.
                if base_facts.len() >= CONJOINED_BASE_FACTS {
                    solver.assert(Bool::and(base_facts));
                } else {
                    for f in base_facts {
                        solver.assert(f);
                    }
                }
                if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                    eprintln!(
                        "[syncwright] {} incremental solver: {} base facts loaded in {} work units",
                        self.kernel.name,
                        base_facts.len(),
                        work_count(&solver).saturating_sub(before)
                    );
                }
                self.incremental.push(IncrementalSolver {
                    base,
                    solver,
                    rlimit: None,
                    unsat: 0,
                    other: 0,
                    last_used: 0,
                });
                self.incremental.len() - 1
            }
        };
        self.incremental_clock += 1;
        let clock = self.incremental_clock;
        let s = &mut self.incremental[index];
        if s.other > 2 * s.unsat + 4 {
            return None;
        }
        s.last_used = clock;
        s.solver.push();
        for f in goals {
            s.solver.assert(f);
        }
        let limit = allowed.clamp(1, u64::from(u32::MAX));
        if s.rlimit != Some(limit) {
            let mut p = Params::new();
            p.set_u32("rlimit", limit as u32);
            s.solver.set_params(&p);
            s.rlimit = Some(limit);
        }
        let t = Instant::now();
        let r = s.solver.check();
        // The solver's assertions are the query's facts, so its model is one
        // of the query's; it is taken (as the slice's and a replayed
        // witness's are) once the conjunction of exactly these facts
        // evaluates to true under it: the values model completion picks are
        // kept in the model, so the witness read from it later agrees.
        let model = if r == SatResult::Sat {
            s.solver.get_model().filter(|m| {
                m.eval(&Bool::and(facts), true)
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false)
            })
        } else {
            None
        };
        s.solver.pop(1);
        let work = work_count(&s.solver).saturating_sub(before);
        // A model decides the query as `unsat` does.
        if r == SatResult::Unsat || model.is_some() {
            s.unsat += 1;
        } else {
            s.other += 1;
        }
        if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
            eprintln!(
                "[syncwright] {} query {} (incremental smt): {:?} in {:.1} ms, {} work units",
                self.kernel.name,
                self.queries,
                r,
                t.elapsed().as_secs_f64() * 1e3,
                work
            );
        }
        self.work_used += work;
        self.profile.incremental_queries += 1;
        if r == SatResult::Unsat || model.is_some() {
            self.queries += 1;
            self.profile.decided_incrementally += 1;
            self.profile.sat_incrementally += u32::from(model.is_some());
            let ms = started.elapsed().as_secs_f64() * 1e3;
            self.profile.solve_ms += ms;
            self.record_query(facts, work, ms, r);
        }
        Some((r, model))
    }

    /// Whether the hub core of a large query (see `Slicer::core`) is
    /// unsatisfiable, asked before anything else is done with the query:
    /// its thousands of facts cost more to walk, sort and load than the
    /// core costs to decide. Only `unsat` is taken (a subset of the
    /// conjuncts is unsatisfiable, so the query is; a model of the core
    /// rarely extends to hundreds of facts). Its work is `smt` work, paid
    /// also when it does not decide.
    fn decided_by_core(&mut self, facts: &[Bool], cap_work: Option<u64>, started: Instant) -> bool {
        let Some(core) = self
            .goals_from
            .and_then(|g| self.slicer.core(facts, g, CORE_MIN_FACTS, false))
        else {
            return false;
        };
        let allowed = CORE_WORK
            .min(cap_work.unwrap_or(self.query_work()))
            .min(self.work_left());
        if allowed == 0 {
            return false;
        }
        let (r, _, work) = self.run_solver(self.solver, 0, &core, allowed);
        self.work_used += work;
        self.profile.core_queries += 1;
        if r != SatResult::Unsat {
            return false;
        }
        self.queries += 1;
        self.profile.decided_by_core += 1;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        self.profile.solve_ms += ms;
        self.record_query(&core, work, ms, r);
        true
    }

    /// The goal core of `facts` (see `Slicer::core` with `goal_reads`),
    /// asked in at most [`GOAL_CORE_WORK`] units (and `cap`): its answer and
    /// work, `None` when the query has no goal core or no work is left. Its
    /// work is added to the kernel's (`smt` work).
    fn decided_by_goal_core(&mut self, facts: &[Bool], cap: u64) -> Option<(SatResult, u64)> {
        let core = self
            .goals_from
            .and_then(|g| self.slicer.core(facts, g, CORE_MIN_FACTS, true))?;
        let allowed = GOAL_CORE_WORK.min(cap).min(self.work_left());
        if allowed == 0 {
            return None;
        }
        let (r, _, work) = self.run_solver(self.solver, 0, &core, allowed);
        self.work_used += work;
        self.profile.core_queries += 1;
        if r == SatResult::Unsat {
            self.profile.decided_by_core += 1;
        }
        Some((r, work))
    }

    /// [`Checker::check_facts`] after the read links are left out.
    fn check_kept_facts(
        &mut self,
        facts: Vec<Bool>,
        cap_work: Option<u64>,
        lemmas: &[Bool],
        started: Instant,
    ) -> (SatResult, Option<Model>) {
        let cap = cap_work.unwrap_or(self.query_work());
        // Pairs of accesses with the same shapes in the same context (the
        // same offsets, guards and scenario: a statement repeated by
        // unrolling, a store after each step of a loop) make the same
        // query. Z3 shares equal terms (one term per structure in a
        // context, compared by address, as `Z3_is_eq_ast` does), so the
        // same set of fact terms is the same formula, whose answer an
        // earlier query already gave: unsatisfiable stays unsatisfiable.
        // (Satisfiable queries are asked again: the race needs its model.)
        let fact_set = fact_set(&facts);
        if self.unsat_queries.contains_key(&fact_set) {
            self.profile.queries_reused += 1;
            self.profile.solve_ms += started.elapsed().as_secs_f64() * 1e3;
            return (SatResult::Unsat, None);
        }
        self.queries += 1;
        let key = cache_key(&facts);
        if key.as_deref().is_some_and(cached_unsat) {
            self.profile.solve_ms += started.elapsed().as_secs_f64() * 1e3;
            return (SatResult::Unsat, None);
        }
        // A deterministic portfolio: Z3's incremental `smt` solver first
        // (most queries take it a few thousand units), then a `qflia` tactic
        // solver (whose preprocessing, solving equations and propagating
        // bounds, decides tiled row-major index equalities that `smt` does
        // not find within the budget) for a bounded slice, then `smt` again
        // with the rest of the query's work. Each answer is Z3's own; a
        // slice only bounds how long a solver may search. Between the first
        // `smt` call and `qflia`, `smt` on the query with the divisions and
        // remainders by constants of one dividend written as sums of its
        // digits (an equivalent query whose models are the original's: see
        // `radix`), built only when the first call did not decide.
        // `smt` work counts against the query's cap and the kernel's budget;
        // the side calls run on the kernel's portfolio allowance while it
        // lasts, so the last `smt` call keeps what it had without a portfolio.
        let mut rewritten: Option<Option<Vec<Bool>>> = None;
        let mut with_lemmas: Option<Vec<Bool>> = None;
        let mut spent = 0u64;
        let mut smt_spent = 0u64;
        let mut outcome = (SatResult::Unknown, None);
        let racy_already = self.racy_already();
        if racy_already && key.as_deref().is_some_and(cheap_turns_failed) {
            if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                eprintln!(
                    "[syncwright] {} query {}: unknown to an earlier check's cheap turns",
                    self.kernel.name, self.queries
                );
            }
            // Dropped like any unknown of a check that is racy already.
            self.last_unknown = "unknown to the cheap turns of an earlier check".into();
            self.profile.solve_ms += started.elapsed().as_secs_f64() * 1e3;
            return (SatResult::Unknown, None);
        }
        // The sliced query first (see `check::slice`), when slicing leaves
        // facts out: an unsatisfiable slice makes the query unsatisfiable,
        // and a model of the slice that satisfies every fact of the query is
        // a model of the query; otherwise the portfolio asks the query.
        // Its work is `smt` work, like the first turn's.
        let mut decided_by_slice = false;
        // A pair query (not a capped try or a witness query) is bounded by
        // the settled verdict's remainder (see `settled_cap`).
        self.settled_bounded =
            (self.goals_from.is_some() || self.divergence_bounded) && cap_work.is_none();
        let sliced = self.goals_from.and_then(|g| self.slicer.slice(&facts, g));
        if let Some(sliced) = sliced {
            let allowed = SLICED_WORK
                .min(cap.saturating_sub(smt_spent))
                .min(self.work_left())
                .min(self.settled_cap());
            if allowed > 0 {
                let (r, model, work) = self.run_solver(self.solver, 0, &sliced, allowed);
                spent += work;
                smt_spent += work;
                self.work_used += work;
                self.profile.sliced_queries += 1;
                // One evaluation of the conjunction: the values model
                // completion picks are kept in the model, so the witness read
                // from it later agrees.
                let extends = |m: &Model| {
                    m.eval(&Bool::and(&facts), true)
                        .and_then(|v| v.as_bool())
                        .unwrap_or(false)
                };
                let (model, broken) = match model {
                    Some(m) if extends(&m) => (Some(m), None),
                    Some(m) => (None, Some(m)),
                    None => (None, None),
                };
                if let Some(m) = broken.filter(|_| std::env::var_os("SYNCWRIGHT_TRACE").is_some()) {
                    let first = facts
                        .iter()
                        .find(|f| m.eval(*f, true).and_then(|v| v.as_bool()) != Some(true));
                    eprintln!(
                        "[syncwright] {} query {}: the slice's model breaks {}",
                        self.kernel.name,
                        self.queries,
                        first
                            .map(|f| f.to_string())
                            .unwrap_or_default()
                            .chars()
                            .take(600)
                            .collect::<String>()
                    );
                }
                if r == SatResult::Unsat || model.is_some() {
                    self.profile.decided_by_slice += 1;
                    outcome = (r, model);
                    decided_by_slice = true;
                }
            }
        }
        // Whether every turn this query may run ran with its whole slice.
        let mut complete = true;
        // The stage that decided this pair's last query goes first (see
        // `remembered_stage`); a pair query of a check that is racy already
        // runs only the cheap turns, in order.
        // Not for the first, capped attempt of a case split (see `solve`),
        // which stays a cheap try.
        let pair_query = self.goals_from.is_some() && !racy_already && cap_work.is_none();
        let first = if pair_query && !decided_by_slice {
            remembered_stage(self.current)
        } else {
            None
        };
        let mut decided_at: Option<Stage> = None;
        let mut pinned_done = false;
        let mut goal_core_done = false;
        if first == Some(Stage::Pinned) && !self.deadline.passed() && self.settled_cap() > 0 {
            let inputs = pinned_inputs(&self.enc, self.kernel, &facts);
            if !inputs.is_empty() {
                let (answer, work) = self.pinned_search(&facts, &inputs);
                spent += work;
                pinned_done = true;
                if answer.0 != SatResult::Unknown {
                    outcome = answer;
                    decided_at = Some(Stage::Pinned);
                }
            }
        }
        let mut order: Vec<usize> = (0..PORTFOLIO.len()).collect();
        if let Some(Stage::Turn(k)) = first {
            order.retain(|&t| t != k);
            order.insert(0, k);
        }
        for turn in order {
            let (kind, slice) = PORTFOLIO[turn];
            if decided_by_slice || decided_at.is_some() || self.settled_cap() == 0 {
                break;
            }
            if racy_already && slice > RACY_ALREADY_SLICE {
                continue;
            }
            if kind == Turn::Lemmas && lemmas.is_empty() {
                continue;
            }
            // The witness search with pinned sizes, before the last (and
            // longest) `smt` turn: on a query of products that turn can
            // spend seconds per 100,000 units for no answer. Not for a check
            // that is racy already (its slice is above the cheap turns').
            if turn + 1 == PORTFOLIO.len()
                && !racy_already
                && !pinned_done
                && !self.deadline.passed()
            {
                let inputs = pinned_inputs(&self.enc, self.kernel, &facts);
                if !inputs.is_empty() {
                    let (answer, work) = self.pinned_search(&facts, &inputs);
                    spent += work;
                    if answer.0 != SatResult::Unknown {
                        outcome = answer;
                        decided_at = Some(Stage::Pinned);
                        break;
                    }
                }
            }
            // The goal core before `qflia`: a subset of the conjuncts, so
            // its `unsat` is the query's (only `unsat` is taken). Its work
            // is `smt` work, paid also when it does not decide.
            if kind == Turn::Lia && !racy_already && !goal_core_done && cap_work.is_none() {
                goal_core_done = true;
                let core_cap = cap.saturating_sub(smt_spent).min(self.settled_cap());
                if let Some(r) = self.decided_by_goal_core(&facts, core_cap) {
                    spent += r.1;
                    smt_spent += r.1;
                    if r.0 == SatResult::Unsat {
                        // Not remembered as the pair's stage: the turn
                        // after it is `qflia`'s.
                        outcome = (SatResult::Unsat, None);
                        break;
                    }
                }
            }
            let side = match kind {
                Turn::Smt | Turn::Lemmas => None,
                Turn::Digits => Some(0),
                Turn::Lia => Some(1),
            };
            let facts = match kind {
                Turn::Digits => {
                    match rewritten.get_or_insert_with(|| super::radix::digit_rewrite(&facts)) {
                        Some(rewritten) => &rewritten[..],
                        None => continue,
                    }
                }
                Turn::Lemmas => &with_lemmas.get_or_insert_with(|| {
                    facts.iter().chain(lemmas).cloned().collect::<Vec<Bool>>()
                })[..],
                Turn::Smt | Turn::Lia => &facts[..],
            };
            let budget_left = self.work_left();
            let left = if let Some(side) = side {
                PORTFOLIO_ALLOWANCE[side].saturating_sub(self.portfolio_used[side])
            } else {
                cap.saturating_sub(smt_spent).min(budget_left)
            };
            let allowed = if kind == Turn::Lemmas {
                slice
                    .min(left)
                    .min(LEMMA_UNKNOWN_ALLOWANCE.saturating_sub(self.lemma_unknown_used))
            } else {
                slice.min(left)
            }
            .min(self.settled_cap());
            if allowed < slice {
                complete = false;
            }
            if allowed == 0 {
                if kind != Turn::Smt {
                    continue;
                }
                break;
            }
            let (r, model, work) = match kind {
                Turn::Lia => {
                    let lia = self
                        .lia
                        .take()
                        .unwrap_or_else(|| z3::Tactic::new("qflia").solver());
                    let answer = self.run_solver(&lia, LIA_SOLVER, facts, allowed);
                    self.lia = Some(lia);
                    answer
                }
                Turn::Smt | Turn::Lemmas | Turn::Digits => {
                    self.run_solver(self.solver, 0, facts, allowed)
                }
            };
            spent += work;
            if let Some(side) = side {
                self.portfolio_used[side] += work;
            } else if kind == Turn::Lemmas && r == SatResult::Unknown {
                self.lemma_unknown_used += work;
            } else {
                smt_spent += work;
                self.work_used += work;
            }
            outcome = (r, model);
            if r != SatResult::Unknown {
                decided_at = Some(Stage::Turn(turn));
            }
            let last = turn + 1 == PORTFOLIO.len() || (kind == Turn::Smt && allowed == left);
            if r != SatResult::Unknown || last || self.deadline.passed() {
                complete &= r != SatResult::Unknown || last;
                break;
            }
        }
        // A pair query left unknown once the remainder is spent is one the
        // remainder left undecided (counted so, see `settle_verdict`), and
        // its pair asks no more.
        if outcome.0 == SatResult::Unknown && self.settled_cap() == 0 {
            self.settled_no_solver = true;
        }
        self.settled_bounded = false;
        if let (true, Some(stage)) = (pair_query, decided_at) {
            remember_stage(self.current, stage);
        }
        let (r, model) = outcome;
        if r == SatResult::Unknown && racy_already && complete {
            if let Some(key) = &key {
                remember_cheap_unknown(key.clone(), spent);
            }
        }
        if r == SatResult::Unknown && cap_work.is_none() {
            if cap < QUERY_WORK {
                CAPPED_UNKNOWNS.with(|c| c.set(c.get() + 1));
            } else if smt_spent >= QUERY_WORK {
                self.unknown_at_cap = true;
            }
        }
        if r == SatResult::Unsat {
            self.unsat_queries.insert(fact_set, facts.clone());
        }
        if key.is_some() {
            note_keyed_work(spent);
        }
        if let (SatResult::Unsat, Some(key)) = (r, key) {
            remember_unsat(key, spent);
        }
        let ms = started.elapsed().as_secs_f64() * 1e3;
        self.profile.solve_ms += ms;
        self.record_query(&facts, spent, ms, r);
        (r, model)
    }

    /// The `Pinned` turn on `facts`: one `smt` call (on a solver of its
    /// own) per values of [`PINNED_VALUES`] with the inputs of `inputs`
    /// pinned to them (see [`Pin`]), each of at most [`PINNED_SLICE`] work
    /// units, paid from the turn's allowance.
    /// Returns the answer (`sat` with the first model found: a model of
    /// `facts`, as the pins only add facts) and the work spent. An `unsat`
    /// call only says that no model has these values, so it counts as
    /// unknown, unless every pin is a value the facts give (then the pinned
    /// query is equivalent to `facts`).
    fn pinned_search(
        &mut self,
        facts: &[Bool],
        inputs: &[(Int, Pin)],
    ) -> ((SatResult, Option<Model>), u64) {
        let implied = inputs.iter().all(|(_, pin)| matches!(pin, Pin::Known(_)));
        const SIDE: usize = 2;
        let slice = PINNED_SLICE;
        let mut spent = 0;
        if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
            let names: Vec<String> = inputs
                .iter()
                .map(|(x, pin)| format!("{x} {pin:?}"))
                .collect();
            eprintln!(
                "[syncwright] {} query {}: pinned turn on {}",
                self.kernel.name,
                self.queries,
                names.join(", ")
            );
        }

        // How the value calls ended: every one contradicted the query
        // until one answers otherwise.
        let mut ended = ValuesEnd::Contradicted;
        for (param_value, launch_value) in PINNED_VALUES {
            let allowed = slice
                .min(PORTFOLIO_ALLOWANCE[SIDE].saturating_sub(self.portfolio_used[SIDE]))
                .min(self.settled_cap());
            if allowed == 0 || self.deadline.passed() {
                ended = ValuesEnd::OutOfWork;
                break;
            }
            let pins: Vec<(Int, Int)> = inputs
                .iter()
                .map(|(x, pin)| {
                    let value = match pin {
                        Pin::Known(value) => *value,
                        Pin::Launch => launch_value,
                        Pin::Param => param_value,
                    };
                    (x.clone(), Int::from_i64(value))
                })
                .collect();
            // The facts with the pinned values substituted (the `smt`
            // solver does not solve equations first, so a product of
            // pinned inputs would stay non-linear for it), and the pins
            // themselves, so that the model gives the inputs their values.
            let pairs: Vec<(&Int, &Int)> = pins.iter().map(|(x, v)| (x, v)).collect();
            let with_pins: Vec<Bool> = facts
                .iter()
                .map(|f| simplified_or_same(&f.substitute(&pairs)))
                .chain(pins.iter().map(|(x, v)| x.eq(v)))
                .collect();
            let unknown_before = self.last_unknown.clone();
            let solver = self
                .pinned_solver
                .take()
                .unwrap_or_else(|| z3::Tactic::new("smt").solver());
            let (r, model, work) = self.run_solver(&solver, 2, &with_pins, allowed);
            self.pinned_solver = Some(solver);
            // Why the query is unknown is the unpinned turns' reason.
            self.last_unknown = unknown_before;
            spent += work;
            self.portfolio_used[SIDE] += work;
            if (r == SatResult::Sat && model.is_some()) || (r == SatResult::Unsat && implied) {
                return ((r, model), spent);
            }
            if implied {
                ended = ValuesEnd::Implied;
                break;
            }
            if r != SatResult::Unsat {
                ended = ValuesEnd::Unknown;
                break;
            }
        }
        if ended.tries_empty_extent() {
            let (answer, work) = self.empty_extent_search(facts, inputs);
            spent += work;
            return (answer, spent);
        }
        ((SatResult::Unknown, None), spent)
    }

    /// The empty-extent tries of the pinned turn (see [`PINNED_ZEROS`] and
    /// [`LONE_ZEROS`]) on `facts`, in the check's [`SideContext`]: like
    /// [`Self::pinned_search`]'s calls, with the parameters at the first of
    /// [`PINNED_VALUES`] but one at 0, in turn, then that one alone. Returns `sat` with the model (translated into the
    /// check's context; a model of `facts`, as the pins only add facts) or
    /// unknown, and the work spent.
    fn empty_extent_search(
        &mut self,
        facts: &[Bool],
        inputs: &[(Int, Pin)],
    ) -> ((SatResult, Option<Model>), u64) {
        use z3::Translate;
        const SIDE: usize = 2;
        let unknown = (SatResult::Unknown, None);
        let params = inputs.iter().filter(|(_, pin)| *pin == Pin::Param).count();
        if params == 0 {
            return (unknown, 0);
        }
        let mut side = match self.side.take().or_else(SideContext::new) {
            Some(side) => side,
            None => return (unknown, 0),
        };
        // Translated once for all tries: Z3 creates the copies in the side
        // context only.
        let side_facts: Vec<Bool> = facts.iter().map(|f| f.translate(&side.ctx)).collect();
        let side_inputs: Vec<Int> = inputs.iter().map(|(x, _)| x.translate(&side.ctx)).collect();
        let (param_value, launch_value) = PINNED_VALUES[0];
        let mut spent = 0;
        let mut outcome = unknown;
        let zeros = params.min(PINNED_ZEROS);
        // First each parameter at 0 with the other inputs at the values, then
        // (see [`LONE_ZEROS`]) each alone at 0 with every other input free.
        let tries = (0..zeros)
            .map(|zero| (zero, false))
            .chain((0..params.min(LONE_ZEROS)).map(|zero| (zero, true)));
        let mut phase_over = false;
        // The answers of the first tries: a lone try follows only an `unsat`
        // one (see [`LONE_ZEROS`]).
        let mut first = vec![SatResult::Unknown; zeros];
        for (zero, lone) in tries {
            if (phase_over && !lone) || (lone && first.get(zero) != Some(&SatResult::Unsat)) {
                continue;
            }
            let allowed = PINNED_SLICE
                .min(PORTFOLIO_ALLOWANCE[SIDE].saturating_sub(self.portfolio_used[SIDE]))
                .min(self.settled_cap());
            if allowed == 0 || self.deadline.passed() {
                break;
            }
            let mut param_at = 0;
            let values: Vec<Option<i64>> = inputs
                .iter()
                .map(|(_, pin)| match pin {
                    Pin::Param => {
                        param_at += 1;
                        if param_at - 1 == zero {
                            Some(0)
                        } else if lone {
                            None
                        } else {
                            Some(param_value)
                        }
                    }
                    _ if lone => None,
                    Pin::Known(value) => Some(*value),
                    Pin::Launch => Some(launch_value),
                })
                .collect();
            // As in `pinned_search`: the facts with the values substituted,
            // and the pins. Built in the side context (numerals included).
            let with_pins = {
                let build = SameThread((&side_facts, &side_inputs, &values));
                z3::with_z3_context(&side.ctx, move || {
                    let build = build;
                    let (facts, inputs, values) = build.0;
                    let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        let pins: Vec<(Int, Int)> = inputs
                            .iter()
                            .zip(values.iter())
                            .filter_map(|(x, v)| v.map(|v| (x.clone(), Int::from_i64(v))))
                            .collect();
                        let pairs: Vec<(&Int, &Int)> = pins.iter().map(|(x, v)| (x, v)).collect();
                        facts
                            .iter()
                            .map(|f| simplified_or_same(&f.substitute(&pairs)))
                            .chain(pins.iter().map(|(x, v)| x.eq(v)))
                            .collect::<Vec<Bool>>()
                    }));
                    SameThread(built.ok())
                })
                .0
            };
            let Some(with_pins) = with_pins else {
                break;
            };
            let t = Instant::now();
            let (r, model, work, _reason) = side.solve(&with_pins, allowed);
            if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                eprintln!(
                    "[syncwright] {} query {} (empty-extent smt, parameter {zero} at 0{}): {:?} in {:.1} ms, {} work units",
                    self.kernel.name,
                    self.queries,
                    if lone { " alone" } else { "" },
                    r,
                    t.elapsed().as_secs_f64() * 1e3,
                    work
                );
            }
            spent += work;
            self.portfolio_used[SIDE] += work;
            if r == SatResult::Sat {
                if let Some(model) = model {
                    outcome = (
                        SatResult::Sat,
                        Some(model.translate(self.solver.get_context())),
                    );
                }
                break;
            }
            if !lone {
                first[zero] = r;
            }
            if r != SatResult::Unsat && !lone {
                // After `unknown` the next extent's query (at the same
                // values) is as hard; the lone tries pin less, so they are
                // other queries.
                phase_over = true;
            }
        }
        self.side = Some(side);
        (outcome, spent)
    }

    /// One call of `solver` (index `which`: 0 `smt`, 1 `qflia`, 2 pinned `smt`) on `facts`
    /// in a scope of its own, capped at `limit` work units; returns the
    /// answer, the model when satisfiable, and the work spent.
    fn run_solver(
        &mut self,
        solver: &Solver,
        which: usize,
        facts: &[Bool],
        limit: u64,
    ) -> (SatResult, Option<Model>, u64) {
        let before = work_count(solver);
        // Reading statistics makes no terms: the answers stay as they were.
        let steps_before = UncountedSteps::of(solver);
        let traced = std::env::var_os("SYNCWRIGHT_TRACE")
            .is_some()
            .then(crate::base::clock::Stopwatch::start);
        solver.push();
        for f in facts {
            solver.assert(f);
        }
        let limit = limit.clamp(1, u64::from(u32::MAX));
        // Setting parameters makes Z3 re-collect and validate all its parameter
        // descriptions (about a millisecond), so only a changed limit is set.
        // The limit is a count of Z3's steps, so the answer does not depend
        // on the machine's load.
        if self.rlimit_set[which] != Some(limit) {
            let mut p = Params::new();
            p.set_u32("rlimit", limit as u32);
            if which == LIA_SOLVER {
                // The `qflia` turn searches without Hermite-normal-form cuts
                // (see [`LIA_HNF`]), set with each limit.
                p.set_bool("arith.enable_hnf", LIA_HNF);
            }
            solver.set_params(&p);
            self.rlimit_set[which] = Some(limit);
        }
        if let Some(dir) = std::env::var_os("SYNCWRIGHT_DUMP") {
            static DUMPED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
            let n = DUMPED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let path = std::path::Path::new(&dir).join(format!("{n:05}-{}.smt2", self.kernel.name));
            let _ = std::fs::write(path, solver.to_smt2());
        }
        let t = Instant::now();
        let r = solver.check();
        let model = if r == SatResult::Sat {
            solver.get_model()
        } else {
            None
        };
        if r == SatResult::Unknown {
            self.last_unknown = solver
                .get_reason_unknown()
                .unwrap_or_else(|| "unknown".into());
        }
        solver.pop(1);
        let work = work_count(solver).saturating_sub(before);
        let steps = UncountedSteps::of(solver).since(&steps_before);
        self.modelled_used = self
            .modelled_used
            .saturating_add(steps.modelled_units(work));
        if let Some(cpu) = traced {
            eprintln!(
                "[syncwright] {} query {} ({}): {:?} in {:.1} ms, {} work units; {:.1} ms on the budget clock; outside `rlimit`: {} nra calls, {} Gomory cuts, {} HNF calls, {} columns; modelled CPU {:.1} ms",
                self.kernel.name,
                self.queries,
                ["smt", "qflia", "pinned smt"][which],
                r,
                t.elapsed().as_secs_f64() * 1e3,
                work,
                cpu.elapsed().as_secs_f64() * 1e3,
                steps.nra_calls,
                steps.gomory_cuts,
                steps.hnf_calls,
                steps.columns,
                steps.modelled_units(work) as f64 / WORK_UNITS_PER_MS as f64
            );
        }
        (r, model, work)
    }

    /// Keeps the query among the profile's slowest (by work units).
    fn record_query(&mut self, facts: &[Bool], work: u64, ms: f64, r: SatResult) {
        // Only a profiled check's caller reads the list, and its entry's
        // `hardness` walks every term of the query through the Z3 API (the
        // base facts of every one of a check's first eight queries at least:
        // 4% of `fix`'s CPU on a stripped kernel, more with thousands of base
        // facts). The walk creates no term, so skipping it changes nothing
        // Z3 sees: no answer, witness or work count depends on it.
        if SLOWEST_WANTED.with(|w| w.get()).is_none() {
            return;
        }
        let slowest = &self.profile.slowest;
        if slowest.len() >= PROFILE_SLOWEST && slowest.last().is_some_and(|q| q.work >= work) {
            return;
        }
        let mut reason = hardness(facts);
        let loops = self.tree.common_loops(self.current.0, self.current.1).len();
        if loops > 0 {
            reason.push_str(&format!(", in {loops} shared loop(s) (havocked)"));
        }
        let query = QueryProfile {
            first: self.span_of(self.current.0),
            second: self.span_of(self.current.1),
            work,
            ms,
            result: match r {
                SatResult::Sat => "sat",
                SatResult::Unsat => "unsat",
                SatResult::Unknown => "unknown",
            },
            reason,
        };
        let at = self.profile.slowest.partition_point(|q| q.work >= work);
        self.profile.slowest.insert(at, query);
        self.profile.slowest.truncate(PROFILE_SLOWEST);
    }

    /// The facts of the executions' `deferred_at_entry` conditions (built
    /// on the first request, see `Encoder::entry_facts`).
    fn entry_facts(&self, scenario: &Scenario, runs: &[(usize, &ExecResult)]) -> Vec<Bool> {
        let mut out = Vec::new();
        for &(t, r) in runs {
            for (i, cond) in r.deferred_at_entry.iter().enumerate() {
                out.extend(self.enc.entry_facts(t, scenario, i, cond).iter().cloned());
            }
        }
        out
    }

    fn check_divergence(&mut self) {
        let uniformity = self.enc.uniformity().clone();
        let (cases, collectives) = divergence_cases(
            self.kernel,
            self.opts,
            &uniformity,
            &self.tree,
            self.enc.grid_may_have_several_blocks(),
        );
        for (id, scenario) in cases {
            // One finding per call: `__syncthreads_or` is a barrier and a
            // collective at the same place.
            let span = self.span_of(id);
            if self
                .divergences
                .iter()
                .any(|d| d.barrier == id || d.span == span)
            {
                continue;
            }
            self.current = (id, id);
            // Once a barrier is divergent (or a named barrier's finding
            // settled the verdict, see `settle_verdict`) the kernel is
            // `divergent` whatever the later barriers and pairs give: their
            // queries share the settled remainder, as the pairs' do (see
            // `settled_cap`). Before, each later barrier still got the whole
            // portfolio for one more finding (HeCBench gemv's `gemv_fp16`:
            // 1.7 million units on its third barrier after the first was
            // found divergent). Only finding counts can change: a divergence
            // found within the remainder is reported with its witness as
            // before, one left undecided is counted in the report.
            let was_settled = self.verdict_settled;
            self.settle_verdict();
            if self.verdict_settled && !was_settled {
                self.work_at_first_race = Some(self.all_work());
            }
            self.divergence_bounded = self.verdict_settled;
            self.settled_no_solver = self.verdict_settled
                && self
                    .work_at_first_race
                    .is_some_and(|at| self.all_work() - at >= settled_remainder_work());
            let r1 = self.exec(0, &scenario);
            let r2 = self.exec(1, &scenario);
            if r1.incomplete || r2.incomplete {
                let why = self
                    .over_budget()
                    .unwrap_or_else(|| "deadline reached".into());
                self.note_budget_spent(why);
                self.divergence_bounded = false;
                self.settled_no_solver = false;
                return;
            }
            let (Some(e1), Some(e2)) = (r1.barriers.get(&id), r2.barriers.get(&id)) else {
                continue;
            };
            let mut facts = self.base_facts(&scenario, &r1, &r2);
            // The deferred launch facts too: those built already at once,
            // those of `deferred_at_entry` below when the query is not
            // unsat without them.
            facts.extend(r1.deferred.iter().chain(&r2.deferred).cloned());
            // Divergent: one thread reaches it and the other does not, or (a
            // collective) both reach it with different argument values.
            // At a warp barrier of CUDA, a thread that has exited is no
            // longer awaited: "all non-exited threads named in mask must
            // execute a corresponding __syncwarp()" (CUDA Programming
            // Guide, Synchronization Functions), so only a thread still
            // running that skips it makes the barrier divergent.
            let skipped_by_other = match r2.barrier_exited.get(&id) {
                Some(exited) => Bool::and(&[&e2.not(), &exited.not()]),
                None => e2.not(),
            };
            // For a register exchange of some lanes: the first thread calls
            // it from a lane outside them (with the mask).
            let mut caller_outside: Option<(Bool, u32)> = None;
            let reached_by_one = match scenario.warps {
                // A register exchange of some lanes: the first thread calls
                // it from a lane outside them ("the calling thread must be
                // in mask"), or it is in them and so is the second, which
                // skips it.
                WarpRelation::SameTile { lanes, .. } => {
                    let (in1, in2) = (self.enc.in_lanes(0, lanes), self.enc.in_lanes(1, lanes));
                    let outside = Bool::and(&[e1, &in1.not()]);
                    let reached = Bool::or(&[
                        outside.clone(),
                        Bool::and(&[e1, &in1, &in2, &skipped_by_other]),
                    ]);
                    caller_outside = Some((outside, lanes));
                    reached
                }
                // The same for a resolved computed mask (lanes not known).
                WarpRelation::SameWarpMask { mask } => {
                    let m = self.kernel.warp_masks.get(mask as usize).and_then(|_| {
                        self.enc
                            .warp_mask_tables()
                            .0
                            .get(mask as usize)
                            .cloned()
                            .flatten()
                    });
                    match m {
                        Some(m) => {
                            let (in1, f1) = self.enc.in_warp_mask(0, &scenario, &m);
                            let (in2, f2) = self.enc.in_warp_mask(1, &scenario, &m);
                            facts.extend(f1);
                            facts.extend(f2);
                            Bool::or(&[
                                Bool::and(&[e1, &in1.not()]),
                                Bool::and(&[e1, &in1, &in2, &skipped_by_other]),
                            ])
                        }
                        None => Bool::and(&[e1, &skipped_by_other]),
                    }
                }
                _ => Bool::and(&[e1, &skipped_by_other]),
            };
            // A `__syncwarp(mask)` whose mask is not resolved (checked as
            // the full mask above): the first thread calls it from a lane
            // its own value of the mask does not name.
            let unknown_mask_outside = r1
                .barrier_in_mask
                .get(&id)
                .map(|in1| Bool::and(&[e1, &in1.not()]));
            let reached_by_one = match &unknown_mask_outside {
                Some(outside) => Bool::or(&[reached_by_one, outside.clone()]),
                None => reached_by_one,
            };
            let args_differ = match (r1.collective_args.get(&id), r2.collective_args.get(&id)) {
                (Some(a1), Some(a2)) => {
                    let differ: Vec<Bool> = a1
                        .iter()
                        .zip(a2)
                        .map(|(x, y)| super::symexec::values_eq(x, y).not())
                        .collect();
                    Bool::and(&[e1, e2, &Bool::or(&differ)])
                }
                _ => Bool::from_bool(false),
            };
            facts.push(Bool::or(&[reached_by_one, args_differ.clone()]));
            let cause_stmt = uniformity.divergence_cause(id);
            let mut outcome = self.solve(&facts, &r1, &r2);
            let runs = [(0, &*r1), (1, &*r2)];
            if outcome.0 != SatResult::Unsat && runs.iter().any(|(_, r)| has_at_entry(r)) {
                facts.extend(self.entry_facts(&scenario, &runs));
                outcome = self.solve(&facts, &r1, &r2);
            }
            match outcome {
                (SatResult::Sat, model) => {
                    let by_arguments = model.as_ref().is_some_and(|m| {
                        m.eval(&args_differ, true).and_then(|b| b.as_bool()) == Some(true)
                    });
                    let outside_mask = caller_outside.as_ref().and_then(|(outside, lanes)| {
                        let m = model.as_ref()?;
                        (m.eval(outside, true).and_then(|b| b.as_bool()) == Some(true))
                            .then_some(*lanes)
                    });
                    let outside_unknown_mask = unknown_mask_outside.as_ref().is_some_and(|o| {
                        model.as_ref().is_some_and(|m| {
                            m.eval(o, true).and_then(|b| b.as_bool()) == Some(true)
                        })
                    });
                    let threads = model.map(|m| witness::threads(&self.enc, &m));
                    let cause = if let (Some((name, _)), true) =
                        (collectives.get(&id), by_arguments)
                    {
                        args_cause_text(name)
                    } else if let Some((name, _)) = collectives.get(&id) {
                        format!(
                            "{}; {}",
                            collective_reach_text(name),
                            cause_text(self.kernel, cause_stmt)
                        )
                    } else if scenario.same_block {
                        cause_text(self.kernel, cause_stmt)
                    } else {
                        "it is a grid barrier that threads of some blocks may not reach".to_string()
                    };
                    self.divergences.push(Divergence {
                        barrier: id,
                        span: self.span_of(id),
                        cause,
                        // A lane outside the mask is wrong wherever it calls:
                        // no branch is the cause.
                        cause_span: cause_stmt
                            .filter(|_| outside_mask.is_none() && !outside_unknown_mask)
                            .map(|c| self.span_of(c)),
                        witness: threads,
                        both_reach: by_arguments,
                        warp: match scenario.warps {
                            WarpRelation::Same | WarpRelation::SameWarpMask { .. } => true,
                            WarpRelation::SameTile { size, .. } => size <= 32,
                            _ => false,
                        },
                        outside_mask,
                        outside_unknown_mask: outside_unknown_mask && outside_mask.is_none(),
                    });
                }
                (SatResult::Unsat, _) => {}
                (SatResult::Unknown, _) if self.budget_pair == Some((id, id)) => {}
                // Not asked, or cut short: the settled remainder was spent.
                (SatResult::Unknown, _) if self.divergence_bounded && self.settled_no_solver => {
                    self.settled_undecided_barriers.push(id);
                }
                (SatResult::Unknown, _) => {
                    let reason = format!("solver answered unknown ({})", self.last_unknown);
                    self.undecided.push((id, id, reason));
                }
            }
        }
        self.divergence_bounded = false;
        self.settled_no_solver = false;
    }

    /// A thread's own access while its asynchronous copy may be in flight
    /// (the pairs the front end recorded): a race with the copy when the
    /// bytes overlap. One thread, so no barrier can order them; only the
    /// wait does, which the front end already took into account.
    fn check_async_same_thread(&mut self) {
        let pairs = self.kernel.asyncs.same_thread.clone();
        let mut reported = crate::base::HashSet::default();
        for (copy, access) in pairs {
            if reported.contains(&access) || self.over_budget().is_some() {
                continue;
            }
            // Bytes apart in every evaluation by the thread (`check::delinear`).
            if self.injective.delinear.same_thread_apart(copy, access) {
                continue;
            }
            let common = self.tree.common_loops(copy, access);
            let scenario = Scenario::same_block(common);
            let r = self.exec(0, &scenario);
            if r.incomplete {
                let why = self
                    .over_budget()
                    .unwrap_or_else(|| "deadline reached".into());
                self.note_budget_spent(why);
                return;
            }
            let (Some(c), Some(x)) = (r.accesses.get(&copy), r.accesses.get(&access)) else {
                continue;
            };
            let (c, x) = (c.clone(), x.clone());
            let mut facts = self.enc.scenario_facts(&scenario);
            facts.extend(r.assumptions.iter().cloned());
            // Deferred launch facts: built ones at once, those of
            // `deferred_at_entry` when the query is not unsat without them.
            facts.extend(r.deferred.iter().cloned());
            facts.push(c.enabled.clone());
            facts.push(x.enabled.clone());
            facts.push(self.enc.offset_fits(&c));
            facts.push(self.enc.offset_fits(&x));
            facts.push(c.premise.clone());
            facts.push(x.premise.clone());
            facts.push(self.enc.overlap(&c, &x, false));
            facts.extend(self.first_iteration_facts(copy, access, &r));
            facts.extend(self.carried_back_facts(copy, &r));
            if let Some(landed) = self.copy_landed_before(copy, access, &r) {
                facts.push(landed.not());
            }
            self.current = (copy, access);
            let mut outcome = self.check_facts(facts.clone().into_iter(), None, &[]);
            if outcome.0 != SatResult::Unsat && has_at_entry(&r) {
                facts.extend(self.entry_facts(&scenario, &[(0, &*r)]));
                outcome = self.check_facts(facts.into_iter(), None, &[]);
            }
            match outcome {
                (SatResult::Sat, _)
                    if self
                        .kernel
                        .asyncs
                        .inexact_reissues
                        .contains(&(copy, access)) =>
                {
                    // Not a witness (the earlier copy's operands are
                    // arbitrary here), and not proved apart: undecided.
                    let reason = "this asynchronous copy may overwrite bytes the thread's own copy of an earlier iteration is still writing or reading (that copy's operands are not tracked across iterations)";
                    self.undecided.push((copy, access, reason.into()));
                }
                (SatResult::Sat, model) => {
                    reported.insert(access);
                    let who = model
                        .map(|m| {
                            let t = witness::threads(&self.enc, &m)[0].clone();
                            format!(
                                "thread ({},{},{}) of block ({},{},{})",
                                t.thread[0],
                                t.thread[1],
                                t.thread[2],
                                t.block[0],
                                t.block[1],
                                t.block[2]
                            )
                        })
                        .unwrap_or_else(|| "a thread".into());
                    let copy_span = self.span_of(copy);
                    self.async_findings.push(Finding {
                        kind: DiagnosticKind::AsyncCopy,
                        message: format!(
                            "{who} accesses bytes its own asynchronous copy may still be writing (or reading): wait for the copy before this access"
                        ),
                        span: self.span_of(access),
                        related: vec![(copy_span, "the asynchronous copy".into())],
                        race: None,
                        divergence: None,
                    });
                }
                (SatResult::Unsat, _) => {}
                (SatResult::Unknown, _) => {
                    let reason = format!("solver answered unknown ({})", self.last_unknown);
                    self.undecided.push((copy, access, reason));
                }
            }
        }
    }

    /// The copy whose access is `copy` has surely landed before the same
    /// thread's `access`: the copy is tied to an arrival P (see
    /// [`crate::ir::AsyncInfo::before_arrival`]) whose generation completed
    /// before `access` (through any threads and barriers, from the concrete
    /// happens-before order). A phase completes only once the copies tied
    /// to it landed. None without well-synchronization or ties.
    fn copy_landed_before(&self, copy: StmtId, access: StmtId, r: &ExecResult) -> Option<Bool> {
        if r.named.is_empty() || !self.named.well_synchronized {
            return None;
        }
        let tied: Vec<StmtId> = self
            .kernel
            .asyncs
            .before_arrival
            .iter()
            .filter(|(a, _)| *a == copy)
            .map(|(_, p)| *p)
            .collect();
        if tied.is_empty() {
            return None;
        }
        let seen = self.seen_before(access, r);
        let mut ways = Vec::new();
        for p in r.named.iter().filter(|e| tied.contains(&e.stmt)) {
            for (p_exists, gp, bp) in self.instances(copy, p, r, true) {
                for (id, latest) in &seen {
                    ways.push(Bool::and(&[
                        &p.enabled,
                        &p_exists,
                        &bp.eq(Int::from_i128(*id)),
                        &gp.le(latest),
                    ]));
                }
            }
        }
        Some(Bool::or(&ways))
    }

    /// For a probe of a copy of the iteration `$back` back (see
    /// [`crate::ir::AsyncInfo::carried_back_vars`]): `$back >= 1`, and
    /// `$back <= it` with the loop's iteration number `it` where one is
    /// kept: the copy of an iteration that ran. The facts only rule out
    /// values no copy has.
    fn carried_back_facts(&self, probe: StmtId, r: &ExecResult) -> Vec<Bool> {
        let Some((_, marker, var)) = self
            .kernel
            .asyncs
            .carried_back_vars
            .iter()
            .find(|(p, ..)| *p == probe)
        else {
            return Vec::new();
        };
        let Some(back) = r.carried_backs.get(var) else {
            return Vec::new();
        };
        let mut facts = vec![back.ge(Int::from_i64(1))];
        crate::ir::walk::for_each_stmt(&self.kernel.body, &mut |s| {
            if let StmtKind::Loop { body, .. } = &s.kind {
                if body.stmts.first().map(|f| f.id) == Some(*marker) {
                    if let Some(it) = r.iterations.get(&s.id) {
                        facts.push(back.le(it));
                    }
                }
            }
        });
        facts
    }

    /// For a pair that can meet only in a loop's first iterations, up to
    /// iteration `last` (see [`crate::ir::AsyncInfo::first_iteration`]):
    /// each linear counter of the loop is `init + j * step` at the head for
    /// some `j <= last`. A consequence of being in one of those iterations,
    /// so restricting to them this way stays an over-approximation of the
    /// executions where the pair can meet.
    fn first_iteration_facts(&self, copy: StmtId, access: StmtId, r: &ExecResult) -> Vec<Bool> {
        let Some(&(_, _, marker, last)) = self
            .kernel
            .asyncs
            .first_iteration
            .iter()
            .find(|(c, a, ..)| (*c, *a) == (copy, access))
        else {
            return Vec::new();
        };
        let mut loop_id = None;
        let mut stepped = crate::base::HashSet::default();
        crate::ir::walk::for_each_stmt(&self.kernel.body, &mut |s| {
            if let StmtKind::Loop { body, step, .. } = &s.kind {
                if body.stmts.first().map(|f| f.id) == Some(marker) {
                    loop_id = Some(s.id);
                    crate::ir::walk::for_each_stmt(step, &mut |u| {
                        if let StmtKind::Assign { var, .. } = &u.kind {
                            stepped.insert(*var);
                        }
                    });
                }
            }
        });
        let Some(loop_id) = loop_id else {
            return Vec::new();
        };
        // At the head of iteration 0 no update has run: every counter holds
        // its entry value. Beyond, only a counter whose one update is the
        // loop's step (run once per iteration) counts iterations; an update
        // in the body may run conditionally or in an inner loop.
        r.counters
            .iter()
            .filter(|c| c.key.0 == loop_id && c.key.2)
            .filter(|c| last == 0 || stepped.contains(&c.key.1))
            .map(|c| {
                // `init + j * step` or `init - j * step` (the operand of a
                // decrement is recorded as its step).
                let heads: Vec<Bool> = (0..=i64::from(last))
                    .flat_map(|j| {
                        let moved = Int::mul(&[c.step.clone(), Int::from_i64(j)]);
                        [
                            c.value.eq(Int::add(&[c.init.clone(), moved.clone()])),
                            c.value.eq(Int::sub(&[c.init.clone(), moved])),
                        ]
                    })
                    .collect();
                Bool::or(&heads)
            })
            .collect()
    }

    /// Neither access is ordered before the other by a named or split
    /// barrier (WEFT's happens-before): thread 1's access `a` precedes an
    /// arrival P, thread 2 waits at Q for P's generation or a later one of
    /// the same barrier, then makes access `b` (or the other way round).
    /// Generations of one barrier complete in order, so Q returns only after
    /// P's generation completed, which needs P. This relies on each
    /// generation taking each participant once (checked and reported as
    /// `barrier-recycling`) and on arrivals meeting the expected count
    /// (`barrier-deadlock`). An operation with an unknown generation orders
    /// nothing. None when the kernel has no such operations.
    ///
    /// In loops (see [`Self::instances_after`]) P may be the same operation
    /// in a later iteration and Q one in an earlier iteration: with a fitted
    /// generation `base + sum(stride * iteration)` and regular execution
    /// (a thread that runs the operation runs it in every iteration), the
    /// instance in another iteration runs too, with the generation the fit
    /// gives for that iteration, whenever that iteration exists.
    fn named_unordered(
        &self,
        a: StmtId,
        b: StmtId,
        r1: &ExecResult,
        r2: &ExecResult,
    ) -> Option<Bool> {
        // Without well-synchronization shown, generations may not line up:
        // named barriers then order nothing (sound).
        if r1.named.is_empty() || !self.named.well_synchronized {
            return None;
        }
        let ordered = |first: StmtId, x: &ExecResult, second: StmtId, y: &ExecResult| {
            let mut ways = Vec::new();
            // Through any threads and barriers: the generations that
            // complete before `second` in every thread that runs it (from
            // the concrete runs' happens-before order).
            let seen = self.seen_before(second, y);
            for p in x.named.iter().filter(|e| e.op.arrives()) {
                for (p_exists, gp, bp) in self.instances(first, p, x, true) {
                    for (id, latest) in &seen {
                        ways.push(Bool::and(&[
                            &p.enabled,
                            &p_exists,
                            &bp.eq(Int::from_i128(*id)),
                            &gp.le(latest),
                        ]));
                    }
                    for q in y.named.iter().filter(|e| e.op.waits()) {
                        for (q_exists, gq, bq) in self.instances(second, q, y, false) {
                            ways.push(Bool::and(&[
                                &p.enabled,
                                &q.enabled,
                                &p_exists,
                                &q_exists,
                                &bp.eq(&bq),
                                &gp.le(&gq),
                            ]));
                        }
                    }
                }
            }
            Bool::or(&ways)
        };
        let ab = ordered(a, r1, b, r2);
        let ba = ordered(b, r2, a, r1);
        Some(Bool::and(&[ab.not(), ba.not()]))
    }

    /// Per barrier, the latest generation that completes before access
    /// `access` of thread `x` (at its iteration), from the fitted concrete
    /// happens-before order; empty without a fit. Sound: every thread that
    /// runs the access agrees on the fit, and a generation that completes
    /// before it carries every arrival of that generation and earlier ones
    /// (generations of a barrier complete in order, checked by recycling).
    fn seen_before(&self, access: StmtId, x: &ExecResult) -> Vec<(i128, Int)> {
        let Some(fit) = self.named.generations.seen.get(&access) else {
            return Vec::new();
        };
        let k = match fit.in_loop {
            Some(l) => match x.iterations.get(&l) {
                Some(it) => Some(it.clone()),
                None => return Vec::new(),
            },
            None => None,
        };
        fit.per_barrier
            .iter()
            .map(|(id, f)| {
                let value = match &k {
                    None => Int::from_i128(f.table.first().copied().unwrap_or(-1)),
                    Some(k) => {
                        let m = Int::from_i128(i128::from(f.modulus.max(1)));
                        let (cycles, phase) = if f.modulus > 1 {
                            (k.div(&m), Some(k.modulo(&m)))
                        } else {
                            (k.clone(), None)
                        };
                        let mut lookup = Int::from_i128(f.table.first().copied().unwrap_or(-1));
                        if let Some(phase) = phase {
                            for (r, v) in f.table.iter().enumerate().skip(1) {
                                lookup = phase
                                    .eq(Int::from_i64(r as i64))
                                    .ite(&Int::from_i128(*v), &lookup);
                            }
                        }
                        Int::add(&[Int::mul(&[Int::from_i128(f.stride), cycles]), lookup])
                    }
                };
                (*id, value)
            })
            .collect()
    }

    /// Instances of named operation `e` a thread executes after (`after`)
    /// or before its access `access`, each as (the instance exists, its
    /// generation, its barrier). Let C be the loops around both. Same
    /// iteration of C: `e` follows (precedes) the access in program order,
    /// and loops around `e` only are at their first (last) iteration. Or, for
    /// each loop L of C, the next (previous) iteration of L, when it exists,
    /// with the loops inside L around `e` at their first (last) iteration.
    /// An operation without a fitted generation has only its own instance.
    fn instances(
        &self,
        access: StmtId,
        e: &super::symexec::NamedEvent,
        x: &ExecResult,
        after: bool,
    ) -> Vec<(Bool, Int, Int)> {
        let pos = |id: StmtId| self.positions.get(&id).copied().unwrap_or(usize::MAX);
        let Some(g) = &e.generation else {
            return Vec::new();
        };
        let follows = if after {
            pos(e.stmt) > pos(access)
                || self
                    .kernel
                    .asyncs
                    .before_arrival
                    .contains(&(access, e.stmt))
        } else {
            pos(e.stmt) < pos(access)
        };
        let common = self.tree.common_loops(access, e.stmt);
        let trips = &self.named.generations.trips;
        // A copy standing for all its landings (see
        // `AsyncInfo::stage_bound`) precedes only the phase of its commit
        // in its issuing iteration: the instance of a tied arrival in the
        // same iterations, none in later ones (a later commit is another
        // stage's, whose phase need not wait for this copy).
        let stage_bound = after && self.kernel.asyncs.stage_bound.contains(&access);
        let tied = || {
            self.kernel
                .asyncs
                .before_arrival
                .contains(&(access, e.stmt))
        };
        if stage_bound && !tied() {
            return Vec::new();
        }
        if after && !stage_bound {
            if let Some(shifted) = self.carried_instance(access, e, x, &common) {
                return shifted;
            }
        }
        let Some((fit, iters)) = &e.fitted else {
            // Outside loops: program order alone.
            return if follows && common.is_empty() {
                vec![(Bool::from_bool(true), g.clone(), e.barrier.clone())]
            } else {
                Vec::new()
            };
        };
        // The fitted loops of `e` must start with the common loops (the
        // same loops in the same order); else nothing is claimed.
        let aligned = common.len() <= fit.loops.len()
            && common.iter().zip(&fit.loops).all(|(l, f)| *l == f.stmt);
        if !aligned {
            return Vec::new();
        }
        // Iteration numbers with loops from depth `from` on at their first
        // (last) iteration, and the loop at depth `step_at` (if any) one
        // iteration forward (back).
        let shifted = |from: usize, step_at: Option<usize>| -> Option<Vec<Int>> {
            fit.loops
                .iter()
                .zip(iters)
                .enumerate()
                .map(|(depth, (l, it))| {
                    Some(if Some(depth) == step_at {
                        Int::add(&[it.clone(), Int::from_i64(if after { 1 } else { -1 })])
                    } else if depth >= from {
                        if after {
                            Int::from_i64(0)
                        } else {
                            Int::from_i128(i128::from(*trips.get(&l.stmt)?) - 1)
                        }
                    } else {
                        it.clone()
                    })
                })
                .collect()
        };
        let mut out = Vec::new();
        if follows {
            if let Some((g, b)) = shifted(common.len(), None).and_then(|i| e.fitted_at(&i)) {
                out.push((Bool::from_bool(true), g, b));
            }
        }
        if stage_bound {
            return out;
        }
        for (depth, l) in common.iter().enumerate() {
            let (Some(trip), Some(it)) = (trips.get(l), x.iterations.get(l)) else {
                continue;
            };
            let exists = if after {
                Int::add(&[it.clone(), Int::from_i64(1)]).lt(Int::from_i128(i128::from(*trip)))
            } else {
                it.ge(Int::from_i64(1))
            };
            if let Some((g, b)) = shifted(depth + 1, Some(depth)).and_then(|i| e.fitted_at(&i)) {
                out.push((exists, g, b));
            }
        }
        out
    }

    /// For a landing of a copy carried into a later iteration of loop L and
    /// tied to arrival `e` (see [`crate::ir::AsyncInfo::carried_ties`]): the
    /// instance of `e` in the copy's issuing iteration of L (the landing's
    /// own iteration less the recorded number), made after the issue, which
    /// the copy precedes.
    /// The landing runs only when that iteration issued the copy, so the
    /// instance exists. None when the access is no such landing or `e` is
    /// not in L (the general rule applies then); no instance (orders
    /// nothing) when `e` has no fit or sits in loops inside L.
    fn carried_instance(
        &self,
        access: StmtId,
        e: &super::symexec::NamedEvent,
        x: &ExecResult,
        common: &[StmtId],
    ) -> Option<Vec<(Bool, Int, Int)>> {
        let tied = self
            .kernel
            .asyncs
            .before_arrival
            .contains(&(access, e.stmt));
        if !tied {
            return None;
        }
        let asyncs = &self.kernel.asyncs;
        let fixed = asyncs
            .carried_ties
            .iter()
            .find(|(landing, ..)| *landing == access)
            .map(|(_, marker, back)| (*marker, Some(Int::from_i64(i64::from(*back)))));
        // A probe of a copy of the iteration `$back` back: its value as the
        // body's execution set it (none: no instance is claimed).
        let (marker, back) = fixed.or_else(|| {
            asyncs
                .carried_back_vars
                .iter()
                .find(|(probe, ..)| *probe == access)
                .map(|(_, marker, var)| (*marker, x.carried_backs.get(var).cloned()))
        })?;
        let mut carrying = None;
        crate::ir::walk::for_each_stmt(&self.kernel.body, &mut |s| {
            if let StmtKind::Loop { body, .. } = &s.kind {
                if body.stmts.first().map(|f| f.id) == Some(marker) {
                    carrying = Some(s.id);
                }
            }
        });
        let depth = common.iter().position(|l| Some(*l) == carrying)?;
        let (Some((fit, _)), Some(back)) = (&e.fitted, back) else {
            return Some(Vec::new());
        };
        let aligned = common.len() == fit.loops.len()
            && common.iter().zip(&fit.loops).all(|(l, f)| *l == f.stmt);
        if !aligned {
            return Some(Vec::new());
        }
        let mut iters = Vec::new();
        let mut exists = Bool::from_bool(true);
        for (k, l) in common.iter().enumerate() {
            let Some(it) = x.iterations.get(l) else {
                return Some(Vec::new());
            };
            iters.push(if k == depth {
                // An iteration that ran: `1 <= back <= it` (a recorded
                // number of iterations back always is one).
                exists = Bool::and(&[&back.ge(Int::from_i64(1)), &back.le(it)]);
                Int::sub(&[it.clone(), back.clone()])
            } else {
                it.clone()
            });
        }
        Some(
            e.fitted_at(&iters)
                .map(|(g, b)| vec![(exists, g, b)])
                .unwrap_or_default(),
        )
    }

    /// The last-iteration premises of access `s` (to `array`) against the
    /// access `other` of another thread of its block: one per loop around
    /// `s` that opens with a barrier ordering `array`'s memory and does not
    /// hold `other` (see [`super::symexec::LoopExit`]).
    fn last_iteration_facts(
        &self,
        s: &super::symexec::AccessSym,
        array: usize,
        other: StmtId,
    ) -> Vec<Bool> {
        if s.exits.is_empty() {
            return Vec::new();
        }
        let Some(space) = self.kernel.arrays.get(array).map(|d| d.space) else {
            return Vec::new();
        };
        let around_other = self.tree.loops(other);
        s.exits
            .iter()
            .filter(|e| !around_other.contains(&e.loop_id))
            .filter(|e| match space {
                crate::ir::MemSpace::Shared => e.local_fence,
                crate::ir::MemSpace::Global | crate::ir::MemSpace::Constant => e.global_fence,
            })
            .map(|e| s.enabled.implies(&e.last))
            .collect()
    }

    fn span_of(&self, id: StmtId) -> crate::ir::Span {
        crate::ir::walk::find_stmt(&self.kernel.body, id)
            .map(|s| s.span)
            .unwrap_or(self.kernel.name_span)
    }

    fn finish(mut self) -> (KernelReport, Profile) {
        let mut findings = Vec::new();
        for d in &self.divergences {
            findings.push(super::message::divergence_finding(self.kernel, d));
        }
        findings.extend(self.named.findings.iter().cloned());
        findings.extend(self.async_findings.iter().cloned());
        findings.extend(named_skipped_finding(self.kernel, &self.named));
        for group in race_groups(&self.races) {
            let best = group[0];
            let mut finding = super::message::race_finding(self.kernel, best);
            let mut seen = vec![best.relation];
            for other in &group[1..] {
                if !seen.contains(&other.relation) {
                    seen.push(other.relation);
                    finding.related.push((
                        other.first_span,
                        format!(
                            "the same accesses also race {}",
                            super::message::relation_words(other.relation)
                        ),
                    ));
                }
            }
            findings.push(if best.benign {
                finding
            } else {
                async_copy_finding(self.kernel, finding)
            });
        }
        for (a, b, reason) in &self.undecided {
            findings.push(Finding {
                kind: DiagnosticKind::Inconclusive,
                message: format!("could not decide whether these accesses race: {reason}"),
                span: self.span_of(*a),
                related: if a == b {
                    Vec::new()
                } else {
                    vec![(self.span_of(*b), "the other access".into())]
                },
                race: None,
                divergence: None,
            });
        }
        if let Some(&(a, b)) = self.settled_undecided.iter().min_by_key(|(a, b)| {
            let at = |id: &StmtId| self.positions.get(id).copied().unwrap_or(usize::MAX);
            (at(a), at(b), *a, *b)
        }) {
            let n = self.settled_undecided.len();
            let found = if self.divergences.is_empty() && self.named.findings.is_empty() {
                "racy"
            } else {
                "divergent"
            };
            findings.push(Finding {
                kind: DiagnosticKind::Inconclusive,
                message: format!(
                    "{n} pair{s} of accesses left undecided once kernel `{}` was found {found}: \
                     with its verdict settled, the pairs after that finding get {} solver \
                     work units in all; check again once the findings above are fixed",
                    self.kernel.name,
                    settled_remainder_work(),
                    s = if n == 1 { "" } else { "s" },
                ),
                span: self.span_of(a),
                related: if a == b {
                    Vec::new()
                } else {
                    vec![(
                        self.span_of(b),
                        "the other access of the first such pair".into(),
                    )]
                },
                race: None,
                divergence: None,
            });
        }
        if let Some(&first) = self.settled_undecided_barriers.first() {
            let n = self.settled_undecided_barriers.len();
            findings.push(Finding {
                kind: DiagnosticKind::Inconclusive,
                message: format!(
                    "{n} barrier{s} not checked for divergence once kernel `{}` was found \
                     divergent: with its verdict settled, the queries after that finding get {} \
                     solver work units in all; check again once the findings above are fixed",
                    self.kernel.name,
                    settled_remainder_work(),
                    s = if n == 1 { "" } else { "s" },
                ),
                span: self.span_of(first),
                related: Vec::new(),
                race: None,
                divergence: None,
            });
        }
        if let Some(reason) = &self.budget_exceeded {
            let (span, related) = match self.budget_pair {
                Some((a, b)) => (
                    self.span_of(a),
                    vec![(
                        self.span_of(b),
                        "the other access of the first undecided pair".into(),
                    )],
                ),
                None => (self.kernel.name_span, Vec::new()),
            };
            findings.push(Finding {
                kind: DiagnosticKind::Inconclusive,
                message: format!("kernel `{}` is inconclusive: {reason}", self.kernel.name),
                span,
                related,
                race: None,
                divergence: None,
            });
        }
        findings.extend(note_findings(self.kernel));
        if self.vacuous {
            findings.push(Finding {
                kind: DiagnosticKind::Vacuous,
                message: format!(
                    "kernel `{}` is race-free only vacuously: under its preconditions and launch no thread reaches a memory access, so no pair of accesses was compared",
                    self.kernel.name
                ),
                span: self.kernel.name_span,
                related: Vec::new(),
                race: None,
                divergence: None,
            });
        }
        let verdict = if !self.divergences.is_empty() || !self.named.findings.is_empty() {
            Verdict::Divergent
        } else if self.races.iter().any(|r| !r.benign) || !self.async_findings.is_empty() {
            Verdict::Racy
        } else if !self.undecided.is_empty()
            || self.budget_exceeded.is_some()
            || self.named.skipped.is_some()
        {
            Verdict::Inconclusive
        } else {
            Verdict::RaceFree
        };
        if verdict == Verdict::RaceFree && self.last_block_used {
            findings.extend(self.assumption_finding());
        }
        let time_ms = self.start.elapsed().as_secs_f64() * 1000.0;
        self.profile.queries = self.queries;
        self.profile.work = self.total_work();
        self.profile.encode_ms =
            (time_ms - self.profile.setup_ms - self.profile.enumerate_ms - self.profile.solve_ms)
                .max(0.0);
        let report = KernelReport {
            name: self.kernel.name.clone(),
            name_span: self.kernel.name_span,
            verdict,
            findings,
            races: self.races,
            time_ms,
            solver_queries: self.queries,
        };
        (report, self.profile)
    }
}

impl Checker<'_, '_> {
    /// The note on a race-free verdict that rests on the last-block idiom's
    /// counter being 0 when the kernel first starts (README, modelling
    /// assumptions): the ordering it gives is what decided some pair.
    fn assumption_finding(&self) -> Option<Finding> {
        let idiom = self.last_block.as_ref()?;
        let counter = self.kernel.arrays.get(idiom.counter.0 as usize)?;
        Some(Finding {
            kind: DiagnosticKind::Assumption,
            message: format!(
                "kernel `{}` is race-free assuming `{}` holds 0 when it is first launched: the last-block idiom orders the other blocks' results before the last block reads them only when the tickets start at 0 (the kernel resets it for later launches; the host must zero it once)",
                self.kernel.name, counter.name
            ),
            span: self.span_of(idiom.ticket),
            related: Vec::new(),
            race: None,
            divergence: None,
        })
    }
}

/// A race one of whose accesses belongs to an asynchronous copy is reported
/// as `async-copy`: the copy may still be in flight at the other access.
fn async_copy_finding(kernel: &Kernel, mut finding: Finding) -> Finding {
    let Some(race) = &finding.race else {
        return finding;
    };
    let is_async = |id: StmtId| kernel.asyncs.accesses.contains(&id);
    if finding.kind == DiagnosticKind::Race && (is_async(race.first) || is_async(race.second)) {
        finding.kind = DiagnosticKind::AsyncCopy;
        finding.message = format!(
            "{} (an asynchronous copy may still be in flight: wait for it before the access)",
            finding.message
        );
    }
    finding
}

fn race_kind(a: &AccessStmt, b: &AccessStmt) -> RaceKind {
    // Two atomics race only when one is block-scoped and the threads are in
    // different blocks: both read-modify-write, a write-write race.
    if a.atomic != b.atomic {
        RaceKind::AtomicPlain
    } else if a.write && b.write {
        RaceKind::WriteWrite
    } else if a.write {
        RaceKind::WriteRead
    } else {
        RaceKind::ReadWrite
    }
}

/// What collective `name` needs the same in every thread of a block.
fn args_cause_text(name: &str) -> String {
    let what = if name == "wait_group_events" {
        "event count and events"
    } else if name.ends_with("_broadcast") {
        "local id"
    } else {
        "pointers, size and event"
    };
    let whom = if is_sub_group_function(name) {
        "work-item of its sub-group (the work-items with its `get_sub_group_id()`)"
    } else {
        "thread of the block"
    };
    format!("`{name}` needs the same {what} in every {whom}")
}

/// Why collective `name` must be reached by all: a work-group's by every
/// thread of the block; a sub-group's by every work-item of its sub-group,
/// which may be any work-items with one `get_sub_group_id()` (the
/// sub-groups are implementation-defined).
fn collective_reach_text(name: &str) -> String {
    if is_sub_group_function(name) {
        format!("`{name}` is a sub-group collective that every work-item of its sub-group must reach (which work-items form a sub-group is implementation-defined: any that share a `get_sub_group_id()`)")
    } else {
        format!("`{name}` is a work-group collective that every thread of the block must reach")
    }
}

/// Whether `name` is an OpenCL sub-group function (`sub_group_*`, `intel_sub_group_*`).
fn is_sub_group_function(name: &str) -> bool {
    name.starts_with("sub_group_") || name.starts_with("intel_sub_group_")
}

fn cause_text(kernel: &Kernel, cause: Option<StmtId>) -> String {
    let Some(id) = cause else {
        return "a thread-dependent condition".into();
    };
    match crate::ir::walk::find_stmt(&kernel.body, id).map(|s| &s.kind) {
        Some(StmtKind::If { .. }) => "it is inside a thread-dependent branch".into(),
        Some(StmtKind::Loop { .. }) => {
            "it is inside a loop whose trip count depends on the thread".into()
        }
        Some(StmtKind::Return) => "it follows a thread-dependent `return`".into(),
        Some(StmtKind::Break) | Some(StmtKind::Continue) => {
            "it follows a thread-dependent `break`/`continue`".into()
        }
        _ => "a thread-dependent condition".into(),
    }
}

/// One finding per bug: the races of a kernel grouped by the pair of source
/// accesses (unordered ranges) and kind (read from the earlier range's
/// side), harmful groups first, then benign ones whose accesses race in no
/// harmful way. Each group is sorted most explanatory first: threads of one
/// block in one iteration (a barrier between the accesses orders them), then
/// across iterations of a loop, then threads of different blocks; ties keep
/// the order the races were found in. Every race stays in `races`.
fn race_groups(races: &[Race]) -> Vec<Vec<&Race>> {
    type Key = ((u32, u32, u32), (u32, u32, u32), RaceKind);
    let key = |r: &Race| -> Key {
        let a = (r.first_span.file.0, r.first_span.start, r.first_span.end);
        let b = (r.second_span.file.0, r.second_span.start, r.second_span.end);
        if a <= b {
            (a, b, r.kind)
        } else {
            let flipped = match r.kind {
                RaceKind::ReadWrite => RaceKind::WriteRead,
                RaceKind::WriteRead => RaceKind::ReadWrite,
                k => k,
            };
            (b, a, flipped)
        }
    };
    let rank = |r: &Race| match r.relation {
        LoopRelation::IntraIteration => 0,
        LoopRelation::InterIteration { depth } => depth,
        LoopRelation::InterBlock => u32::MAX,
    };
    let mut groups: Vec<(Key, Vec<&Race>)> = Vec::new();
    for benign in [false, true] {
        for race in races.iter().filter(|r| r.benign == benign) {
            let k = key(race);
            match groups.iter_mut().find(|(g, _)| *g == k) {
                Some((_, members)) if members[0].benign == benign => members.push(race),
                Some(_) => {} // a benign twin of a harmful race adds nothing
                None => groups.push((k, vec![race])),
            }
        }
    }
    groups
        .into_iter()
        .map(|(_, mut members)| {
            members.sort_by_key(|r| rank(r));
            members
        })
        .collect()
}

/// Base facts from which an incremental solver's base is asserted as one
/// conjunction rather than fact by fact (see the incremental solver's
/// creation): only bases of unrolled kernels are that large.
const CONJOINED_BASE_FACTS: usize = 8192;

/// Whether the execution has deferred launch facts, built or not.
fn has_deferred(r: &ExecResult) -> bool {
    !r.deferred.is_empty() || !r.deferred_at_entry.is_empty()
}

/// Whether the execution has deferred launch facts not built yet.
fn has_at_entry(r: &ExecResult) -> bool {
    !r.deferred_at_entry.is_empty()
}

/// The term of a value, for [`leaf_constants`].
fn val_term(v: &Val) -> Dynamic {
    match v {
        Val::B(b) => Dynamic::from_ast(b),
        Val::I(x, _) => Dynamic::from_ast(x),
    }
}

/// The addresses of the uninterpreted constants of `terms` (Z3 shares
/// equal terms, so one constant has one address while it lives; the
/// terms are kept alive by the caller).
fn leaf_constants(terms: Vec<Dynamic>) -> crate::base::HashSet<usize> {
    let mut seen: crate::base::HashSet<usize> = crate::base::HashSet::default();
    let mut out: crate::base::HashSet<usize> = crate::base::HashSet::default();
    let mut stack: Vec<Dynamic> = terms;
    while let Some(term) = stack.pop() {
        let at = term.get_z3_ast().as_ptr() as usize;
        if term.kind() != z3::AstKind::App || !seen.insert(at) {
            continue;
        }
        let children = term.children();
        if children.is_empty() {
            if term.as_bool().and_then(|b| b.as_bool()).is_none() {
                out.insert(at);
            }
            continue;
        }
        stack.extend(children);
    }
    out
}

#[cfg(test)]
mod budget_tests {
    use super::*;

    /// The trace's CPU model on two measured calls (replayed dumps, CPU in
    /// ms): lrn's cut-heavy query and pathfinder's long decided one; within
    /// 1.5 times either way.
    #[test]
    fn modelled_units_follow_measured_cpu() {
        let cases = [
            // lrn_fwd_kernel, 200,000 units: 3.1 s (2.5-3.1 s measured).
            (200_000, 0, 273, 36, 1_166, 2_800.0),
            // pathfinder, 869,475 units: 1.2-1.4 s.
            (869_475, 43, 59, 12, 444, 1_300.0),
            // minisweep's wavefronts, 400,000 units: 2.3-2.7 s.
            (400_000, 0, 190, 6, 2_253, 2_500.0),
        ];
        for (work, nra_calls, gomory_cuts, hnf_calls, columns, cpu_ms) in cases {
            let steps = UncountedSteps {
                nra_calls,
                gomory_cuts,
                hnf_calls,
                columns,
            };
            let ms = steps.modelled_units(work) as f64 / WORK_UNITS_PER_MS as f64;
            assert!(
                ms > cpu_ms / 1.5 && ms < cpu_ms * 1.5,
                "{work} units: modelled {ms} ms, measured {cpu_ms} ms"
            );
        }
        // No under-counted step: the rlimit count at Z3's usual rate.
        assert_eq!(UncountedSteps::default().modelled_units(600_000), 100_000);
    }

    /// A C x D x HW volume, one element per thread: the store drops the
    /// plane (racy) or keeps it (race-free; its query is non-linear).
    const PLANES: &str = r#"
__global__ void plane_dropped(float *dst, int C, int D, int HW) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < C * D * HW) {
        int c = (idx / (D * HW)) % C;
        int d = (idx / HW) % D;
        int p = idx % HW;
        dst[c * HW + p] = (float)d;
    }
}
__global__ void plane_kept(float *dst, long C, long D, long HW, long total) {
    for (long idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += blockDim.x * gridDim.x) {
        long c = (idx / (D * HW)) % C;
        long d = (idx / HW) % D;
        long p = idx % HW;
        dst[(c * D + d) * HW + p] = (float)d;
    }
}
"#;

    fn kernels() -> Vec<Kernel> {
        crate::frontend::lower_source(
            std::path::Path::new("t.cu"),
            PLANES,
            &crate::frontend::NoIncludes,
        )
        .kernels
    }

    /// A check in a context made ahead on the helper thread (see
    /// `with_spare_contexts`) reports what a check in a context of its own
    /// making does, to the witness and the work units, each time; it takes
    /// a spare only inside the scope, one per check that reaches the solver.
    #[test]
    fn a_spare_context_changes_no_report() {
        let one_block = CheckOptions {
            launch: crate::config::LaunchConfig {
                block_dim: Some([64, 1, 1]),
                grid_dim: Some([1, 1, 1]),
                ..Default::default()
            },
            ..CheckOptions::default()
        };
        // `(5t) % 64` is one-to-one on 64 threads: race-free, by the solver.
        let ordered = crate::frontend::lower_source(
            std::path::Path::new("s.cu"),
            "__global__ void k(const int *a, int *b) {\n  __shared__ int s[64];\n  int t = threadIdx.x;\n  s[(t * 5) % 64] = a[t];\n  __syncthreads();\n  b[t] = s[63 - t];\n}\n",
            &crate::frontend::NoIncludes,
        )
        .kernels;
        let cases: Vec<(Kernel, CheckOptions)> = kernels()
            .into_iter()
            .map(|k| (k, CheckOptions::default()))
            .chain(ordered.into_iter().map(|k| (k, one_block.clone())))
            .collect();
        let check = |(k, opts): &(Kernel, CheckOptions)| {
            let (mut report, profile) = check_with_budget(k, opts, &mut KernelBudget::new(opts));
            report.time_ms = 0.0;
            (report, profile.work, profile.queries)
        };
        let alone: Vec<_> = cases.iter().map(check).collect();
        assert!(alone.iter().any(|(r, _, _)| r.verdict == Verdict::RaceFree));
        assert!(alone.iter().any(|(r, _, _)| r.verdict == Verdict::Racy));
        // Every one of these kernels needs the solver: a spare per check.
        assert!(alone.iter().all(|(_, _, queries)| *queries > 0));
        let before = spare_contexts_taken();
        let (first, second) = with_spare_contexts(|| {
            let first: Vec<_> = cases.iter().map(check).collect();
            let second: Vec<_> = cases.iter().map(check).collect();
            (first, second)
        });
        assert_eq!(first, alone);
        assert_eq!(second, alone);
        let taken = spare_contexts_taken() - before;
        assert_eq!(taken, 2 * cases.len() as u64);
        // The scope is closed: checks make their own contexts again.
        let after: Vec<_> = cases.iter().map(check).collect();
        assert_eq!(after, alone);
        assert_eq!(spare_contexts_taken() - before, taken);
    }

    /// Every solver call of a check is bounded in work units: the `smt`
    /// turns and the loop-invariant searches are paid from
    /// the kernel's budget, the side turns from their allowances, so a check
    /// spends at most its budget plus those (and Z3's small overshoot of a
    /// limit), never the invariant searches on top.
    #[test]
    fn a_check_spends_at_most_its_budget() {
        let opts = CheckOptions::default();
        for kernel in kernels() {
            for work in [40_000u64, 150_000, 400_000] {
                let mut budget = KernelBudget::new(&opts)
                    .with_work_left(work)
                    .with_wall_ms(300_000);
                let (report, profile) = check_with_budget(&kernel, &opts, &mut budget);
                let sides = PORTFOLIO_ALLOWANCE.iter().sum::<u64>() + LEMMA_UNKNOWN_ALLOWANCE;
                assert!(
                    profile.work <= work + sides + (work + sides) / 20 + 2_000,
                    "{}: {} units spent of {work}: {:#?}",
                    kernel.name,
                    profile.work,
                    report.findings
                );
                assert_ne!(report.verdict, Verdict::RaceFree, "{}", kernel.name);
            }
        }
    }

    /// The pinned turn finds the race of the dropped plane (whose query has
    /// products and quotients of the three sizes) with little work: with
    /// C = D = HW = 2 the witness is a linear query. The pins only add
    /// facts, so its model is a witness of the kernel as written.
    #[test]
    fn pinned_sizes_find_a_witness_with_little_work() {
        let opts = CheckOptions::default();
        let kernels = kernels();
        let dropped = kernels
            .iter()
            .find(|k| k.name == "plane_dropped")
            .expect("kernel");
        let mut budget = KernelBudget::new(&opts)
            .with_work_left(300_000)
            .with_wall_ms(300_000);
        let report = check_kernel_within(dropped, &opts, &mut budget);
        assert_eq!(report.verdict, Verdict::Racy, "{:#?}", report.findings);
    }
}

#[cfg(test)]
mod query_cap_tests {
    use super::*;

    /// The scoped cap is in force only inside its scope, never above
    /// [`QUERY_WORK`], and the outer one comes back after it.
    #[test]
    fn the_query_work_cap_is_scoped_and_never_above_the_checkers() {
        assert_eq!(scoped_query_work(), None);
        with_query_work_cap(250_000, || {
            assert_eq!(scoped_query_work(), Some(250_000));
            with_query_work_cap(10 * QUERY_WORK, || {
                assert_eq!(scoped_query_work(), Some(QUERY_WORK))
            });
            assert_eq!(scoped_query_work(), Some(250_000));
        });
        assert_eq!(scoped_query_work(), None);
    }
}

#[cfg(test)]
mod empty_extent_tests {
    use super::*;

    /// Runs the pinned turn of a check of a trivial kernel on the facts
    /// `facts` builds from the two pinned parameters `p`, `q` and a hard
    /// formula of free variables (see [`pigeons`]): the answer and the
    /// model's `p`.
    fn pinned_turn(facts: impl Fn(&Int, &Int, &Bool) -> Bool) -> (SatResult, Option<i64>) {
        let kernels = crate::frontend::lower_source(
            std::path::Path::new("e.cu"),
            "__global__ void e(int *a) { a[threadIdx.x] = 1; }\n",
            &crate::frontend::NoIncludes,
        )
        .kernels;
        let kernel = &kernels[0];
        let opts = CheckOptions::default();
        let budget = KernelBudget::new(&opts).with_wall_ms(300_000);
        let analyses = Analyses::compute(kernel, &opts, &budget.deadline).expect("analyses");
        let solver = z3::Tactic::new("smt").solver();
        let mut checker = Checker::new(kernel, &opts, Instant::now(), &solver, &budget, analyses);
        let [p, q] = ["p", "q"].map(Int::new_const);
        let facts = vec![facts(&p, &q, &pigeons())];
        let inputs = [(p.clone(), Pin::Param), (q.clone(), Pin::Param)];
        let ((answer, model), _) = checker.pinned_search(&facts, &inputs);
        let p_value = model.map(|m| {
            // A model of the pinned query is one of `facts`.
            assert_eq!(
                m.eval(&facts[0], true).and_then(|b| b.as_bool()),
                Some(true)
            );
            m.eval(&p, true).and_then(|v| v.as_i64()).expect("p")
        });
        (answer, p_value)
    }

    /// Twelve pigeons in eleven holes (distinct integers in `0..11`): false,
    /// but beyond what one 60,000-unit `smt` call refutes (it answers
    /// `unknown` in a few milliseconds), so a query holding it is `unknown`.
    fn pigeons() -> Bool {
        let xs: Vec<Int> = (0..12)
            .map(|i| Int::new_const(format!("pigeon{i}")))
            .collect();
        let holes = xs
            .iter()
            .map(|x| Bool::and(&[x.ge(Int::from_i64(0)), x.lt(Int::from_i64(11))]));
        Bool::and(&holes.chain([Int::distinct(&xs)]).collect::<Vec<_>>())
    }

    fn is_0(v: &Int) -> Bool {
        v.eq(Int::from_i64(0))
    }

    /// (`p == 0` or the pigeons) and (`q == 1000` or `p != 0`): at the
    /// pinned values (`p = q = 2`) the query is the pigeons (`unknown`), at
    /// `p = 0, q = 2` it is `unsat`, and `p = 0` alone is `sat`
    /// (`q = 1000`). The empty-extent tries run after an `unknown` value,
    /// the lone one after its `unsat` try, and their model is one of the
    /// query.
    #[test]
    fn a_lone_empty_extent_decides_after_unknown_values() {
        let (answer, p) = pinned_turn(|p, q, hard| {
            Bool::and(&[
                Bool::or(&[is_0(p), hard.clone()]),
                Bool::or(&[q.eq(Int::from_i64(1000)), is_0(p).not()]),
            ])
        });
        assert_eq!((answer, p), (SatResult::Sat, Some(0)));
    }

    /// Where no parameter at 0 makes the query easier (the pigeons, and
    /// `q == 1000` or `p != 0`, and `q != 0`), the turn falls back to
    /// `unknown`, with no model, for the last `smt` turn: the values and
    /// the lone `p = 0` are the pigeons, and `p = 0, q = 2` and `q = 0` are
    /// `unsat`.
    #[test]
    fn an_empty_extent_as_hard_as_the_values_falls_back() {
        let (answer, p) = pinned_turn(|p, q, hard| {
            Bool::and(&[
                hard.clone(),
                Bool::or(&[q.eq(Int::from_i64(1000)), is_0(p).not()]),
                is_0(q).not(),
            ])
        });
        assert_eq!((answer, p), (SatResult::Unknown, None));
    }
}
