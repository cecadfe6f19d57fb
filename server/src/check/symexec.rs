//! Symbolic execution of one thread of a kernel into Z3 terms.
//!
//! Integers are mathematical integers (Z3 `Int`, linear arithmetic is fast
//! and complete) kept within their C type's range:
//! - unsigned arithmetic wraps modulo 2^bits, as C defines; the wrap is only
//!   emitted when the operands' value ranges say it can happen;
//! - signed arithmetic is assumed not to overflow: overflow is undefined
//!   behaviour in C, so no defined execution does it;
//! - bitwise operators go through bit-vectors when they are not masks or
//!   shifts by constants.
//!
//! Floats are opaque values: their arithmetic and unknown pure functions are
//! uninterpreted functions (equal arguments give equal results, nothing more).
//! Memory reads yield havocked values.

use crate::base::{HashMap, HashSet};
use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::rc::Rc;

use z3::ast::{Ast, Bool, Int, BV};
use z3::{DeclKind, FuncDecl, Sort};

use super::decl_kind::head_kind;
use super::float_range::{FloatOp, FloatValues};
use super::simplify::simplified;
use crate::analysis::loops::{mentions_any, vars_of, Counter, LoopInfo, LoopTable, UpdateOp};
use crate::analysis::Uniformity;
use crate::config::CheckOptions;
use crate::ir::{
    BinOp, Block, Builtin, Expr, Kernel, ScalarTy, Stmt, StmtId, StmtKind, UnOp, VarId,
};

/// Closed interval of possible values of an integer term (sound bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Lower bound.
    pub lo: i128,
    /// Upper bound.
    pub hi: i128,
}

const HUGE: i128 = 1i128 << 120;

impl Range {
    fn full() -> Range {
        Range {
            lo: -HUGE,
            hi: HUGE,
        }
    }
    fn point(v: i128) -> Range {
        Range { lo: v, hi: v }
    }
    fn of(ty: ScalarTy) -> Range {
        match ty {
            ScalarTy::Bool => Range { lo: 0, hi: 1 },
            ScalarTy::Int { bits, signed: true } => {
                let b = u32::from(bits.clamp(1, 64));
                Range {
                    lo: -(1i128 << (b - 1)),
                    hi: (1i128 << (b - 1)) - 1,
                }
            }
            ScalarTy::Int {
                bits,
                signed: false,
            } => {
                let b = u32::from(bits.clamp(1, 64));
                Range {
                    lo: 0,
                    hi: (1i128 << b) - 1,
                }
            }
            ScalarTy::Float { .. } => Range::full(),
        }
    }
    fn within(self, other: Range) -> bool {
        self.lo >= other.lo && self.hi <= other.hi
    }
    fn clamp(v: i128) -> i128 {
        v.clamp(-HUGE, HUGE)
    }
    fn add(self, o: Range) -> Range {
        Range {
            lo: Self::clamp(self.lo.saturating_add(o.lo)),
            hi: Self::clamp(self.hi.saturating_add(o.hi)),
        }
    }
    fn neg(self) -> Range {
        Range {
            lo: -self.hi,
            hi: -self.lo,
        }
    }
    fn mul(self, o: Range) -> Range {
        let c = [
            self.lo.saturating_mul(o.lo),
            self.lo.saturating_mul(o.hi),
            self.hi.saturating_mul(o.lo),
            self.hi.saturating_mul(o.hi),
        ];
        Range {
            lo: Self::clamp(c.iter().copied().min().unwrap_or(-HUGE)),
            hi: Self::clamp(c.iter().copied().max().unwrap_or(HUGE)),
        }
    }
    fn meet(self, o: Range) -> Range {
        let r = Range {
            lo: self.lo.max(o.lo),
            hi: self.hi.min(o.hi),
        };
        if r.lo > r.hi {
            o
        } else {
            r
        }
    }
    fn join(self, o: Range) -> Range {
        Range {
            lo: self.lo.min(o.lo),
            hi: self.hi.max(o.hi),
        }
    }
    fn nonneg(self) -> bool {
        self.lo >= 0
    }
}

/// A symbolic value: Bool, or an integer term with its range (integers and floats).
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// Boolean.
    B(Bool),
    /// Integer (floats are opaque integers).
    I(Int, Range),
}

impl Val {
    fn int(i: i128) -> Val {
        Val::I(Int::from_i128(i), Range::point(i))
    }
}

/// Which executions of the two threads a query considers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// Both threads are in one block (else: in different blocks).
    pub same_block: bool,
    /// Loops (outermost first) in whose same iteration both threads are.
    pub shared_loops: Vec<StmtId>,
    /// Whether the threads are in the same warp, in different warps, or either.
    pub warps: WarpRelation,
    /// Threads of different blocks at the same dynamic instance of a grid
    /// barrier (the same iteration of `shared_loops`): values uniform across
    /// the grid are shared (see [`Scenario::grid_instance`]).
    pub grid_instance: bool,
}

/// How the two threads of a scenario relate to warps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WarpRelation {
    /// Any two threads.
    Any,
    /// Threads of one warp.
    Same,
    /// Threads of different warps (a warp barrier orders the others).
    Different,
    /// Threads of one tile of `size` consecutive linear thread ids (tiles
    /// start at multiples of `size`), both with their lane (linear id
    /// modulo 32) in the bit mask `lanes`: the threads a register exchange
    /// of scope [`crate::ir::BarrierScope::Tile`] needs together.
    SameTile {
        /// Threads per tile.
        size: u32,
        /// Lanes taking part.
        lanes: u32,
    },
    /// Work-items of one OpenCL sub-group: equal `get_sub_group_id()` (see
    /// [`crate::ir::sub_group_id`]), the work-items a sub-group function
    /// needs together.
    SameSubGroup,
    /// Threads of one warp: the threads a `__syncwarp(mask)` of the resolved
    /// mask `Kernel::warp_masks[mask]` (see
    /// [`crate::analysis::warp_masks::resolved`]) needs together; which
    /// lanes are in it is left to the query (see [`Encoder::in_warp_mask`]).
    SameWarpMask {
        /// Index in `Kernel::warp_masks`.
        mask: u32,
    },
    /// Threads of different warps, or of one warp such that the set of the
    /// mask classes ([`crate::analysis::warp_masks::classes`]) holding both
    /// their lanes is one whose bit is set in `sets` (bit `T` for the set
    /// of classes `T`, a bit set itself): the threads a pair may race
    /// between when every path on which they meet passes a masked warp
    /// barrier of some class (see `check::sdv::pair_scenarios`).
    Masked {
        /// The sets of classes (as bits of an index) allowed.
        sets: u16,
    },
}

impl Scenario {
    /// Two threads of one block, in the same iteration of `shared_loops`.
    pub fn same_block(shared_loops: Vec<StmtId>) -> Scenario {
        Scenario {
            same_block: true,
            shared_loops,
            warps: WarpRelation::Any,
            grid_instance: false,
        }
    }

    /// Two threads of different blocks: nothing is shared but launch values.
    pub fn different_blocks() -> Scenario {
        Scenario {
            same_block: false,
            shared_loops: Vec::new(),
            warps: WarpRelation::Any,
            grid_instance: false,
        }
    }

    /// Two threads of different blocks in the same iteration of
    /// `shared_loops` (those around a grid barrier): the dynamic instance
    /// at which a grid barrier must be reached by every thread of the grid.
    /// A value the grid uniformity analysis
    /// ([`Uniformity::compute_within_grid`]) shows the same in every thread
    /// there is one unknown for both threads, as block-uniform values are
    /// within a block.
    pub fn grid_instance(shared_loops: Vec<StmtId>) -> Scenario {
        Scenario {
            same_block: false,
            shared_loops,
            warps: WarpRelation::Any,
            grid_instance: true,
        }
    }

    /// This scenario restricted to threads with the given warp relation.
    pub fn with_warps(mut self, warps: WarpRelation) -> Scenario {
        self.warps = warps;
        self
    }

    /// Whether every execution of `other` is one of this scenario's, given
    /// that this one shares a prefix of `other`'s loops.
    pub fn covers_warps_of(&self, other: &Scenario) -> bool {
        self.warps == WarpRelation::Any
            || self.warps == other.warps
            || match (self.warps, other.warps) {
                (WarpRelation::Masked { .. }, WarpRelation::Different) => true,
                (WarpRelation::Masked { sets }, WarpRelation::Masked { sets: o }) => o & !sets == 0,
                _ => false,
            }
    }
}

/// One thread's view of an access.
#[derive(Clone, Debug)]
pub struct AccessSym {
    /// The thread executes the access.
    pub enabled: Bool,
    /// Byte offset.
    pub offset: Int,
    /// A lower bound of the byte offset (from its value range).
    pub offset_lo: i128,
    /// Bytes accessed.
    pub size: u32,
    /// Value written (writes only).
    pub value: Option<Val>,
    /// Locals used by the offset, for witnesses.
    pub locals: Vec<(String, Val, ScalarTy)>,
    /// Readings of the offset as `scale * (x * n + y)` (row-major indexing),
    /// and of subterms of its term as `x * n + y` (scale 0; see
    /// [`term_row_major`]).
    pub row_major: Vec<RowMajor>,
    /// Readings of the offset's term as `g * (a * q + r)` grouping every
    /// monomial of one atom `a` ([`term_horner`]).
    pub horner: Vec<Horner>,
    /// Subterms of the offset's term read as packed-triangle indices
    /// `x * (x + 1) / 2 + y` ([`term_packed_triangles`]).
    pub triangles: Vec<PackedTriangle>,
    /// The index-arithmetic assumption for this access (its offset's
    /// arithmetic does not wrap; see [`Exec::index_arithmetic_fits`]): a
    /// premise of the queries about this access only, never of its thread's
    /// path, so an execution in which the index wraps keeps the thread's
    /// other accesses (an earlier race of the thread is still found). The
    /// offset is the unwrapped value, C's value where this holds.
    pub premise: Bool,
    /// For each loop around the access whose body opens with a block
    /// barrier, the condition that the iteration executing the access is
    /// the loop's last (see [`LoopExit`]).
    pub exits: Vec<LoopExit>,
}

/// The last-iteration condition of an access in a loop whose body opens with
/// a block barrier (`for (d = n >> 1; d > 0; d >>= 1) { __syncthreads(); ...
/// }`).
///
/// Theorem (iterations that open with a barrier). Let loop `L` have no
/// condition prelude, no `break`, `continue` or `return` of its own, and let its body begin
/// with a block barrier that every iteration executes first (only local
/// assignments before it). Let thread A execute access `x` in an iteration
/// `i` of `L` (its body or its step) and thread B of the same block execute
/// access `y` outside `L`. If `i` is not A's last iteration, A's next
/// iteration begins with the barrier, which B executes too (B runs `L`'s
/// iterations as A does: the uniformity analysis shows the loop reached by
/// all or none and its trip count the same in every thread), so the barrier orders
/// `x` before every access B makes after `L` in this run of `L`; and every
/// access B makes before this run of `L` precedes the barrier that opens
/// its first iteration, which precedes `x`. So `x` and `y` share a barrier
/// interval only if `i` is A's last iteration: the step ends with the
/// condition false. `last` is that condition, evaluated on the state the
/// symbolic execution of the arbitrary iteration reaches after its step; a
/// premise of the same-block race queries of `x` against accesses outside
/// `L` only, for memory the barrier's fences order (accesses of the same
/// iteration are not affected).
#[derive(Clone, Debug)]
pub struct LoopExit {
    /// The loop.
    pub loop_id: StmtId,
    /// The opening barrier orders global memory.
    pub global_fence: bool,
    /// The opening barrier orders shared memory.
    pub local_fence: bool,
    /// The access's iteration is the loop's last.
    pub last: Bool,
}

/// Whether `block` holds a `continue` of the loop whose body it is (one not
/// inside a nested loop).
fn has_own_continue(block: &Block) -> bool {
    block.stmts.iter().any(|s| match &s.kind {
        StmtKind::Continue => true,
        StmtKind::Loop { .. } => false,
        _ => crate::ir::walk::child_blocks(s)
            .into_iter()
            .any(has_own_continue),
    })
}

/// The fences of the block barrier a loop body opens with (after local
/// assignments only), if it does.
fn opening_barrier(body: &Block) -> Option<(bool, bool)> {
    for stmt in &body.stmts {
        match &stmt.kind {
            StmtKind::Assign { .. } | StmtKind::Havoc { .. } => {}
            StmtKind::Barrier {
                scope: crate::ir::BarrierScope::Block,
                global_fence,
                local_fence,
            } => return Some((*global_fence, *local_fence)),
            _ => return None,
        }
    }
    None
}

/// A term read as the packed lower-triangle index `T(x) + y`, where
/// `T(x) = x * (x + 1) / 2` (or `T(x - 1)`, written `x * (x - 1) / 2`, with
/// `shift` 1): row `x`, column `y`.
#[derive(Clone, Debug)]
pub struct PackedTriangle {
    /// The index term as it stands in the offset.
    pub index: Int,
    /// Row as written.
    pub x: Int,
    /// Column.
    pub y: Int,
    /// 0 for `x * (x + 1) / 2` (columns `0..=x`), 1 for `x * (x - 1) / 2`
    /// (columns `0..x`).
    pub shift: i64,
}

/// A term `t` read as `g * (a * q + r)`: the polynomial of `t` with its
/// coefficients' gcd `g` factored out and the monomials with the atom `a`
/// grouped (`q` is their sum divided by `a`, `r` the rest). An identity of
/// polynomials, so `t == g * (a * q + r)` for all values of the atoms.
#[derive(Clone, Debug)]
pub struct Horner {
    /// The term read.
    pub index: Int,
    /// Nesting level (0 for the offset's term, 1 for its row, ...).
    pub depth: u32,
    /// Gcd of the coefficients (>= 1).
    pub g: i128,
    /// The grouping atom (a row length).
    pub a: Int,
    /// The cofactor of `a` (the row).
    pub q: Int,
    /// The monomials without `a` (the column).
    pub r: Int,
    /// Read from the offset with its loop counters unfolded
    /// ([`Exec::unfold_counters`]): its lemma asks only that the columns
    /// differ by less than the row length.
    pub unfolded: bool,
}

/// An offset read as `scale * (x * n + y)`: row `x`, column `y`, row length `n`.
#[derive(Clone, Debug)]
pub struct RowMajor {
    /// Constant factor (the element size); 0 for a reading of a subterm of
    /// the offset's term ([`term_row_major`]), paired only with its kind.
    pub scale: i128,
    /// The index term `x * n + y` as evaluated inside the offset.
    pub index: Int,
    /// `x * n + y` built the way the evaluator builds it without wrap-around
    /// (the same term as `index` then).
    pub reading: Int,
    /// Row.
    pub x: Int,
    /// Row length.
    pub n: Int,
    /// Column.
    pub y: Int,
    /// Read from the offset with its loop counters unfolded (see
    /// [`Horner::unfolded`]).
    pub unfolded: bool,
}

/// The facts [`Encoder::entry_facts`] built, per thread, scenario and
/// position in [`ExecResult::deferred_at_entry`].
type EntryFactCache = HashMap<(usize, Scenario, usize), Rc<Vec<Bool>>>;

/// One thread's symbolic execution of the whole kernel.
#[derive(Clone, Debug, Default)]
pub struct ExecResult {
    /// Accesses by label.
    pub accesses: HashMap<StmtId, AccessSym>,
    /// Barrier (and collective) enabling conditions by label.
    pub barriers: HashMap<StmtId, Bool>,
    /// For warp barriers of CUDA kernels: the condition that the thread has
    /// already exited (run a kernel `return`) where the barrier stands.
    pub barrier_exited: HashMap<StmtId, Bool>,
    /// For `__syncwarp(mask)` barriers whose mask is not resolved (see
    /// [`crate::analysis::warp_masks::resolved`]): the condition that the
    /// calling thread's lane is a set bit of the mask as this thread
    /// computes it there (a call from a lane outside it is undefined).
    pub barrier_in_mask: HashMap<StmtId, Bool>,
    /// Argument values of work-group collectives by label.
    pub collective_args: HashMap<StmtId, Vec<Val>>,
    /// Named and split barrier operations, in program order.
    pub named: Vec<NamedEvent>,
    /// This thread's iteration number of each loop (0 for the first; the
    /// iteration the body's one symbolic execution stands for).
    pub iterations: HashMap<StmtId, Int>,
    /// The values of the variables of
    /// [`crate::ir::AsyncInfo::carried_back_vars`] (how many iterations
    /// back a probe's copy was issued), as the body's execution set them.
    pub carried_backs: HashMap<crate::ir::VarId, Int>,
    /// Facts the execution relies on (loop invariants, type ranges), already guarded.
    pub assumptions: Vec<Bool>,
    /// Facts of the kernel's deferred entry assumptions
    /// (`Kernel::deferred_assumes`), kept out of `assumptions`: race
    /// queries add them only when needed, other checks always.
    pub deferred: Vec<Bool>,
    /// Conditions of deferred entry assumptions met where the thread starts
    /// (nothing executed but other assumptions, no local read): their facts
    /// are built only when a query asks for them
    /// ([`Encoder::entry_facts`]), since building Z3 terms that no query
    /// asserts still shifts term ids and with them Z3's search (bwt's
    /// `bitonic_sort_step`: one `qflia` turn 2.1 -> 9.5 s).
    pub deferred_at_entry: Vec<Expr>,
    /// Linear counters `value = init +/- k * step`, for cross-thread lemmas.
    pub counters: Vec<CounterInstance>,
    /// Atomic counters that hand out distinct values.
    pub counter_atomics: Vec<AtomicResult>,
    /// Loop counters with a small set of values at the loop head (or
    /// exit) that holds every value they take there (the head fact says so
    /// wherever the loop runs), for the case split of the queries.
    pub finite_counters: Vec<(Int, Vec<i128>)>,
    /// Unsigned `^` of two unknowns, for the involution lemma
    /// ([`Encoder::xor_lemmas`]).
    pub xors: Vec<XorTerm>,
    /// Bounds of `&` of two non-constants evaluated through bit-vectors,
    /// asserted only in the queries of accesses whose offsets read them
    /// ([`Exec::and_bounds`], [`and_bound_facts`]).
    pub and_bounds: Vec<AndBound>,
    /// Quotients and remainders by divisors that are not constants, for
    /// the cross-thread lemma ([`Encoder::division_lemmas`]).
    pub divisions: Vec<Division>,
    /// Reads of arrays the launch makes non-decreasing, for
    /// [`Encoder::non_decreasing_lemmas`].
    pub sorted_reads: Vec<SortedRead>,
    /// The execution stopped at the deadline: its accesses are not all
    /// recorded, so nothing may be concluded from their absence.
    pub incomplete: bool,
}

/// C's `x / d` and `x % d` (as encoded, before any conversion of the
/// result) of one dividend and divisor, as far as the thread computes them.
#[derive(Clone, Debug)]
pub struct Division {
    /// Dividend.
    pub x: Int,
    /// Divisor.
    pub d: Int,
    /// `x / d`, when computed.
    pub quotient: Option<Int>,
    /// `x % d`, when computed.
    pub remainder: Option<Int>,
}

/// The bounds of one `x & m` evaluated through bit-vectors (see
/// [`Exec::and_bounds`]).
#[derive(Clone, Debug)]
pub struct AndBound {
    /// The result term.
    pub result: Int,
    /// A theorem bounding it (`0 <= x & m <= m` for an operand m in `[0, max]`).
    pub fact: Bool,
}

/// The facts of `bounds` whose `&` terms occur in one of `terms` (an
/// access's offset): the solver needs a bound of `i & (n - 1)` where it
/// compares offsets that read it, and asserted in every query (a global
/// fact) the bounds changed its search on unrelated pairs for the worse
/// (HeCBench pcr's stripped kernel: a pair of plain stores it proved in
/// 74,000 work units became unknown at 1.75 million). A term too large to
/// search (more than `AND_SEARCH_MAX` distinct subterms) gets none: facts
/// left out only lose precision.
pub fn and_bound_facts(bounds: &[AndBound], terms: &[&Int]) -> Vec<Bool> {
    const AND_SEARCH_MAX: usize = 4096;
    if bounds.is_empty() {
        return Vec::new();
    }
    let wanted: HashMap<usize, usize> = bounds
        .iter()
        .enumerate()
        .map(|(i, b)| (b.result.get_z3_ast().as_ptr() as usize, i))
        .collect();
    let mut seen: HashSet<usize> = HashSet::default();
    let mut found: Vec<usize> = Vec::new();
    let mut stack: Vec<z3::ast::Dynamic> = terms
        .iter()
        .map(|t| z3::ast::Dynamic::from_ast(*t))
        .collect();
    while let Some(t) = stack.pop() {
        let at = t.get_z3_ast().as_ptr() as usize;
        if !seen.insert(at) {
            continue;
        }
        if seen.len() > AND_SEARCH_MAX {
            return Vec::new();
        }
        if let Some(&i) = wanted.get(&at) {
            found.push(i);
        }
        if t.is_app() {
            stack.extend(t.children());
        }
    }
    found.sort_unstable();
    found.dedup();
    found.into_iter().map(|i| bounds[i].fact.clone()).collect()
}

/// An unsigned `a ^ b` of `bits` bits, evaluated through bit-vectors.
#[derive(Clone, Debug)]
pub struct XorTerm {
    /// One operand (each operand order is recorded).
    pub a: Int,
    /// `a`'s range is within the type's (`[0, 2^bits)`), so the lemma
    /// needs no premise for it.
    pub a_in_type: bool,
    /// The other operand.
    pub b: Int,
    /// The result, in `[0, 2^bits)`.
    pub result: Int,
    /// Width of the type.
    pub bits: u32,
}

/// One thread's execution of a named or split barrier operation.
#[derive(Clone, Debug)]
pub struct NamedEvent {
    /// The statement.
    pub stmt: StmtId,
    /// What it does.
    pub op: crate::ir::NamedOp,
    /// The thread executes it.
    pub enabled: Bool,
    /// Which barrier.
    pub barrier: Int,
    /// For an arrival, how many arrivals of this thread on the same barrier
    /// precede it (its generation when every generation takes each
    /// participant once, which `barrier-recycling` checks); for a wait, the
    /// generation it waits for. None when unknown: an operation inside a
    /// loop, after one inside a loop, or a wait without a known token,
    /// unless the concrete runs fit its generations (then it is
    /// `base + sum(stride * iteration)`).
    pub generation: Option<Int>,
    /// With a fitted generation: the fit and this thread's iteration number
    /// of each loop around the operation (outermost first), so the
    /// generation and barrier of the same operation in another iteration
    /// are known.
    pub fitted: Option<(super::named::GenerationFit, Vec<Int>)>,
}

impl NamedEvent {
    /// (generation, barrier) of this operation at iteration numbers `iters`
    /// (one per loop around it), from its fit.
    pub fn fitted_at(&self, iters: &[Int]) -> Option<(Int, Int)> {
        let (fit, _) = self.fitted.as_ref()?;
        if iters.len() != fit.loops.len() {
            return None;
        }
        let mut generation = vec![Int::from_i128(fit.base)];
        let mut barrier = vec![Int::from_i128(fit.barrier_base)];
        for (l, it) in fit.loops.iter().zip(iters) {
            let m = Int::from_i128(i128::from(l.modulus.max(1)));
            if l.stride != 0 {
                let cycles = if l.modulus > 1 {
                    it.div(&m)
                } else {
                    it.clone()
                };
                generation.push(Int::mul(&[Int::from_i128(l.stride), cycles]));
            }
            if l.offsets.iter().any(|o| *o != 0) {
                // The offset of the iteration's position in its cycle.
                let position = it.modulo(&m);
                let mut offset = Int::from_i128(l.offset(0));
                for r in 1..l.modulus {
                    offset = position
                        .eq(Int::from_i128(i128::from(r)))
                        .ite(&Int::from_i128(l.offset(r)), &offset);
                }
                generation.push(offset);
            }
            if l.barrier_stride != 0 {
                barrier.push(Int::mul(&[Int::from_i128(l.barrier_stride), it.modulo(&m)]));
            }
            if l.barrier_offsets.iter().any(|o| *o != 0) {
                // The barrier of the iteration's position in its cycle.
                let position = it.modulo(&m);
                let mut offset = Int::from_i128(l.barrier_offsets.first().copied().unwrap_or(0));
                for (r, o) in l.barrier_offsets.iter().enumerate().skip(1) {
                    offset = position
                        .eq(Int::from_i64(r as i64))
                        .ite(&Int::from_i128(*o), &offset);
                }
                barrier.push(offset);
            }
        }
        Some((Int::add(&generation), Int::add(&barrier)))
    }
}

/// A read of an `int` of an array the launch makes non-decreasing on a
/// prefix (`Kernel::non_decreasing`), which the kernel never writes: its
/// value is the read-only function of the array at `offset`.
#[derive(Clone, Debug)]
pub struct SortedRead {
    /// The array.
    pub array: crate::ir::ArrayId,
    /// The byte offset the value is a function of.
    pub offset: Int,
    /// The value read (as a signed 32-bit `int`).
    pub value: Int,
    /// The prefix's length in elements.
    pub len: Int,
    /// No partial sum of the host's running sum wraps: `first + (len - 1)
    /// * max_step <= INT_MAX` (see `ir::NonDecreasing`).
    pub fits: Bool,
}

/// One thread's execution of an atomic increment or decrement.
#[derive(Clone, Debug)]
pub struct AtomicResult {
    /// Array touched.
    pub array: u32,
    /// The thread executes it, and its index-arithmetic premise holds
    /// ([`AccessSym::premise`]: the offset is C's only then).
    pub enabled: Bool,
    /// Byte offset.
    pub offset: Int,
    /// Old value returned.
    pub result: Int,
}

/// One thread's linear loop counter at a loop head or exit.
#[derive(Clone, Debug)]
pub struct CounterInstance {
    /// Loop, variable, and head (true) or exit (false).
    pub key: (StmtId, VarId, bool),
    /// The counter's value.
    pub value: Int,
    /// Its value on loop entry.
    pub init: Int,
    /// The step.
    pub step: Int,
    /// `init + k * step` (or `init - k * step`) with the instance's own
    /// iteration count `k >= 0`: the value the counter facts equate to
    /// `value` (no wrap-around: only such counters have instances).
    pub exact: Int,
    /// The iteration count `k` of `exact`.
    pub k: Int,
    /// `exact` adds `k * step` (`+=`) rather than subtracting it.
    pub increasing: bool,
}

/// Launch values shared by both threads and each thread's ids.
struct Launch {
    block_dim: [Val; 3],
    grid_dim: [Val; 3],
    global_offset: [Val; 3],
    tid: [[Val; 3]; 2],
    bid: [[Val; 3]; 2],
    facts: Vec<Bool>,
}

/// Builds Z3 terms for a kernel; caches per-thread executions per scenario.
pub struct Encoder<'k> {
    kernel: &'k Kernel,
    uniformity: Uniformity,
    /// Uniformity across the grid, for a kernel with grid barriers (see
    /// [`Scenario::grid_instance`]).
    grid_uniformity: Option<Uniformity>,
    loops: LoopTable,
    launch: Launch,
    /// Per scalar parameter, the constant the kernel's leading preconditions
    /// equate it to (see [`crate::ir::walk::entry_param_values`]): its range is that point.
    pinned_params: Vec<Option<i128>>,
    /// Per scalar parameter, the block dimension the kernel's leading
    /// preconditions equate it with (see
    /// [`crate::ir::walk::entry_param_block_extents`]): its range is that
    /// extent's.
    block_extent_params: Vec<Option<u8>>,
    /// Arrays all of whose atomics move their location in one direction
    /// (their counters hand out distinct values).
    monotone_arrays: crate::base::HashSet<crate::ir::ArrayId>,
    /// Threads per block at most, when the block shape is symbolic in y/z.
    symbolic_block_threads: Option<i128>,
    grid_known_single: bool,
    adversarial: bool,
    /// The index-arithmetic assumption is in force (see
    /// [`Exec::index_arithmetic_fits`]); `--no-assume-index-arithmetic-fits`
    /// drops it.
    index_arithmetic_fits: bool,
    /// Arrays accessed at non-negative offsets only (see
    /// [`Encoder::offset_from_base`]).
    offsets_from_base: crate::base::HashSet<crate::ir::ArrayId>,
    /// The counter assumption is in force (see [`wrap_modulus`]);
    /// `--no-assume-counter-fits` drops it.
    counter_fits: bool,
    /// Locals whose value flows into an access's offset (see
    /// [`index_locals`]): their definitions are index arithmetic.
    index_locals: BTreeSet<VarId>,
    /// Locals whose facts can matter to a query (see
    /// [`consequential_locals`]): the loop-invariant search is about them only.
    consequential: BTreeSet<VarId>,
    /// Statements an execution skips (see [`dead_statements`]).
    dead: HashSet<StmtId>,
    /// The locals whose values an execution computes (see [`live_locals`]).
    live: BTreeSet<VarId>,
    /// Grid-wide arrays no statement of the kernel writes (see
    /// [`read_only_arrays`]): their reads are a function of the address.
    read_only: crate::base::HashSet<crate::ir::ArrayId>,
    /// Reads of shared cells that return one of a few block-invariant
    /// values (see [`crate::ir::broadcast`]), by label.
    broadcasts: HashMap<StmtId, Vec<Expr>>,
    /// Atomic tickets a block-stride loop bounds, by loop (see
    /// `check::stride_tickets`).
    stride_tickets: HashMap<StmtId, Vec<super::stride_tickets::StrideTicket>>,
    /// Per scenario, the locals whose value may rest on the read-only fact
    /// (see [`read_only_dependents`]): stores of them are never benign.
    read_only_dependents: RefCell<HashMap<Scenario, Rc<BTreeSet<VarId>>>>,
    /// Reads that repeat an earlier read of their thread with nothing
    /// between that could change the bytes without a race (see
    /// [`super::own_write::repeated_reads`]), by label: at one offset they
    /// return the earlier read's value. Empty with `--warp-sync` and with
    /// adversarial reads.
    repeated_reads: crate::base::HashMap<StmtId, Vec<StmtId>>,
    /// The facts the repeated reads add, and their reads' range facts, for
    /// the queries to leave out those of reads nothing else mentions (see
    /// [`super::slice::Slicer::drop_unread_links`]).
    pub(super) read_links: RefCell<super::slice::ReadLinks>,
    funcs: RefCell<HashMap<String, FuncDecl>>,
    cache: RefCell<HashMap<(usize, Scenario), Rc<ExecResult>>>,
    /// The facts of [`ExecResult::deferred_at_entry`] built so far, per
    /// thread, scenario and position (see [`Encoder::entry_facts`]).
    entry_fact_cache: RefCell<EntryFactCache>,
    /// Candidate loop-head invariants proven inductive, per loop and thread
    /// (see [`Exec::loop_invariants`]; a thread's own execution is the same
    /// formula in every scenario up to names, so the proof is reused).
    invariants: RefCell<InvariantMemo>,
    /// Invariants earlier checks of a barrier synthesis proved in kernels
    /// of which this one only adds block barriers (see
    /// [`Encoder::inherit_invariants`]).
    inherited_invariants: InvariantMemo,
    /// Solver work left for this kernel's invariant searches.
    invariant_work_left: Cell<u64>,
    /// Solver work this kernel's invariant searches spent (charged to the
    /// kernel's budget by the checker: see [`Encoder::invariant_work_spent`]).
    invariant_work_spent: Cell<u64>,
    /// Per `if`, the slots of the locals its branches mention (see
    /// [`Exec::if_stmt`]).
    if_locals: RefCell<HashMap<StmtId, Rc<[usize]>>>,
    /// Symbolic execution stops here (the kernel's time backstop).
    deadline: Option<crate::base::clock::Deadline>,
    /// Steps (statements and expression nodes) every symbolic execution of
    /// this encoder evaluated, the deterministic measure of their cost
    /// (see [`Encoder::exec_work_spent`]).
    exec_steps: Cell<u64>,
    /// Steps after which symbolic executions stop (their results are then
    /// incomplete): what is left of the kernel's work budget, in steps.
    exec_step_cap: Cell<u64>,
    /// Generations of named operations in loops, from the concrete runs.
    generations: super::named::GenerationTable,
    /// See [`Encoder::warp_mask_tables`].
    warp_masks: std::cell::OnceCell<(Vec<Option<Expr>>, Vec<Expr>)>,
}

/// `lane` (0 to 31) names a bit of `lanes`: one interval per run of set bits.
fn lane_in(lane: &Int, lanes: u32) -> Bool {
    let mut runs = Vec::new();
    let mut l = 0u32;
    while l < 32 {
        if lanes >> l & 1 == 0 {
            l += 1;
            continue;
        }
        let start = l;
        while l < 32 && lanes >> l & 1 == 1 {
            l += 1;
        }
        runs.push(Bool::and(&[
            lane.ge(Int::from_i64(i64::from(start))),
            lane.lt(Int::from_i64(i64::from(l))),
        ]));
    }
    Bool::or(&runs)
}

fn int_of(v: &Val) -> Int {
    match v {
        Val::I(i, _) => i.clone(),
        Val::B(b) => b.ite(&Int::from_i64(1), &Int::from_i64(0)),
    }
}

fn range_of(v: &Val) -> Range {
    match v {
        Val::I(_, r) => *r,
        Val::B(_) => Range { lo: 0, hi: 1 },
    }
}

/// Arrays whose atomics all have the same non-zero direction.
fn monotone_atomic_arrays(kernel: &Kernel) -> crate::base::HashSet<crate::ir::ArrayId> {
    let mut direction: HashMap<crate::ir::ArrayId, Option<i8>> = HashMap::default();
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        if let StmtKind::Atomic { access, op, .. } = &s.kind {
            let d = op.direction();
            let entry = direction.entry(access.array).or_insert(Some(d));
            if *entry != Some(d) || d == 0 {
                *entry = None;
            }
        }
    });
    direction
        .into_iter()
        .filter(|(_, d)| d.is_some())
        .map(|(a, _)| a)
        .collect()
}

/// Arrays of grid-wide memory (global, constant) that no statement of the
/// kernel writes: neither a write nor an atomic targets them, there is no
/// store through a pointer the front end could not resolve (`may_alias_all`,
/// in any space: the space of such a pointer is a guess), they are not such
/// an array themselves, and no read of them is volatile (`Access::volatile`:
/// memory that the host or another grid may change while the kernel runs;
/// one volatile read disqualifies every read of the array). Every write the
/// kernel can make is a statement of its IR (unknown calls, copies and
/// atomics are lowered to writes), and distinct pointer parameters do not
/// alias (a documented assumption), so such an array holds the same bytes
/// for the whole kernel: two reads of it at one offset, in any threads,
/// blocks or barrier intervals, return one value. Shared arrays are left
/// out: each block has its own copy.
pub(crate) fn read_only_arrays(kernel: &Kernel) -> crate::base::HashSet<crate::ir::ArrayId> {
    use crate::ir::{ArrayId, MemSpace};
    let mut written: crate::base::HashSet<ArrayId> = crate::base::HashSet::default();
    let mut volatile: crate::base::HashSet<ArrayId> = crate::base::HashSet::default();
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| match &s.kind {
        StmtKind::Write { access, .. } | StmtKind::Atomic { access, .. } => {
            written.insert(access.array);
        }
        StmtKind::Read { access, .. } if access.volatile => {
            volatile.insert(access.array);
        }
        _ => {}
    });
    let decl = |a: ArrayId| kernel.arrays.get(a.0 as usize);
    // A store the front end could not resolve may reach any array: its
    // space is a guess (a pointer loaded from shared memory may point to
    // global memory), so it counts for every space.
    let wild = written
        .iter()
        .any(|a| decl(*a).is_some_and(|d| d.may_alias_all));
    if wild {
        return crate::base::HashSet::default();
    }
    (0..kernel.arrays.len())
        .map(|i| ArrayId(i as u32))
        .filter(|a| {
            decl(*a).is_some_and(|d| {
                matches!(d.space, MemSpace::Global | MemSpace::Constant)
                    && !d.may_alias_all
                    && !written.contains(a)
                    && !volatile.contains(a)
            })
        })
        .collect()
}

/// Locals whose value may rest on the read-only fact (see
/// [`read_only_arrays`]) in a scenario: the results of reads of read-only
/// arrays that the scenario would not give one value anyway (`excused`
/// says which: a uniform read by two threads of one block in the same
/// iterations is equal by the uniformity rule, as in GPUVerify), values
/// computed from them, and everything assigned under control that depends on
/// them (branches, loop conditions, a `break`/`continue` in such a branch,
/// which decides the values its loops leave). Flow-insensitive and closed
/// under these rules, so it over-approximates.
///
/// Two stores of such values are never taken as a benign race: under CUDA's
/// memory model two unordered writes race whatever they store, and the
/// tolerance of equal values is GPUVerify's, which does not know that an
/// unwritten array stays constant (its test suite expects `B[i] = A[i]` by
/// every thread to be reported). The read-only fact serves addresses and
/// control, not the excuse of equal values.
fn read_only_dependents(
    kernel: &Kernel,
    read_only: &crate::base::HashSet<crate::ir::ArrayId>,
    excused: &dyn Fn(StmtId, &[StmtId]) -> bool,
) -> BTreeSet<VarId> {
    fn has_escape(block: &Block) -> bool {
        let mut found = false;
        crate::ir::walk::for_each_stmt(block, &mut |s| {
            found |= matches!(s.kind, StmtKind::Break | StmtKind::Continue);
        });
        found
    }
    fn assigned(block: &Block, out: &mut BTreeSet<VarId>) {
        crate::ir::walk::for_each_stmt(block, &mut |s| match &s.kind {
            StmtKind::Assign { var, .. }
            | StmtKind::Havoc { var }
            | StmtKind::Read { dest: var, .. }
            | StmtKind::Atomic {
                dest: Some(var), ..
            }
            | StmtKind::Collective {
                dest: Some(var), ..
            } => {
                out.insert(*var);
            }
            StmtKind::NamedBarrier {
                token: Some(var), ..
            } => {
                out.insert(*var);
            }
            _ => {}
        });
    }
    struct Walk<'a> {
        read_only: &'a crate::base::HashSet<crate::ir::ArrayId>,
        excused: &'a dyn Fn(StmtId, &[StmtId]) -> bool,
    }
    fn walk<'b>(
        block: &'b Block,
        w: &Walk,
        control: bool,
        loops: &mut Vec<(StmtId, [&'b Block; 3])>,
        tainted: &mut BTreeSet<VarId>,
    ) {
        for stmt in &block.stmts {
            match &stmt.kind {
                StmtKind::Assign { var, value } if control || mentions_any(value, tainted) => {
                    tainted.insert(*var);
                }
                StmtKind::Read { dest, access } => {
                    let ids: Vec<StmtId> = loops.iter().map(|(id, _)| *id).collect();
                    if control
                        || (w.read_only.contains(&access.array) && !(w.excused)(stmt.id, &ids))
                    {
                        tainted.insert(*dest);
                    }
                }
                StmtKind::Havoc { var }
                | StmtKind::Atomic {
                    dest: Some(var), ..
                }
                | StmtKind::Collective {
                    dest: Some(var), ..
                }
                | StmtKind::NamedBarrier {
                    token: Some(var), ..
                } if control => {
                    tainted.insert(*var);
                }
                StmtKind::If { cond, then_, else_ } => {
                    let inner = control || mentions_any(cond, tainted);
                    if inner && (has_escape(then_) || has_escape(else_)) {
                        for (_, parts) in loops.iter() {
                            for part in parts {
                                assigned(part, tainted);
                            }
                        }
                    }
                    walk(then_, w, inner, loops, tainted);
                    walk(else_, w, inner, loops, tainted);
                }
                StmtKind::Loop {
                    cond,
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    walk(cond_prelude, w, control, loops, tainted);
                    let inner = control || mentions_any(cond, tainted);
                    loops.push((stmt.id, [cond_prelude, body, step]));
                    walk(cond_prelude, w, inner, loops, tainted);
                    walk(body, w, inner, loops, tainted);
                    walk(step, w, inner, loops, tainted);
                    loops.pop();
                }
                _ => {}
            }
        }
    }
    /// Rounds of the fixpoint before every local is taken as dependent
    /// (each round adds a local; real kernels settle in a few).
    const MAX_ROUNDS: usize = 64;
    let mut tainted = BTreeSet::new();
    if read_only.is_empty() {
        return tainted;
    }
    for _ in 0..MAX_ROUNDS {
        let before = tainted.len();
        let w = Walk { read_only, excused };
        walk(&kernel.body, &w, false, &mut Vec::new(), &mut tainted);
        if tainted.len() == before {
            return tainted;
        }
    }
    (0..kernel.vars.len()).map(|v| VarId(v as u32)).collect()
}

/// The arrays whose accesses are at non-negative byte offsets under the
/// offsets-from-base assumption (see [`Encoder::offset_from_base`]): a
/// declared object (a `__shared__`, local or `__device__` array, the dynamic
/// shared memory) and a pointer parameter that every visible launch passes
/// a whole pointer (not `d + k`, `&d[k]`, nor a name the host moves). Left
/// out: pointers in struct parameters (the host may store `d + k` in a field
/// where the launch does not show it) and arrays standing for any object of
/// a space (their offsets are from no known start).
fn offsets_from_base_arrays(
    kernel: &Kernel,
    launch: &crate::config::LaunchConfig,
) -> crate::base::HashSet<crate::ir::ArrayId> {
    use crate::ir::ArrayId;
    if launch.no_offsets_from_base_assumption {
        return crate::base::HashSet::default();
    }
    kernel
        .arrays
        .iter()
        .enumerate()
        .filter(|(_, d)| {
            !d.may_alias_all
                && match d.param {
                    None => true,
                    Some(p) => !d.name.contains('.') && !launch.offset_params_moved.contains(&p),
                }
        })
        .map(|(i, _)| ArrayId(i as u32))
        .collect()
}

/// The most threads of the grid in one dimension under the index-fits
/// assumption (see `Encoder::new`): `gridDim * blockDim` fits a signed
/// 32-bit int.
pub(crate) const INDEX_LIMIT: i128 = (1 << 31) - 1;

/// Value of a launch dimension: a constant, or a symbol within hardware limits.
fn dim(name: String, known: Option<u32>, limit: i128, facts: &mut Vec<Bool>) -> Val {
    match known {
        Some(k) => Val::int(i128::from(k.max(1))),
        None => {
            let c = Int::new_const(name);
            facts.push(c.ge(Int::from_i64(1)));
            facts.push(c.le(Int::from_i128(limit)));
            Val::I(c, Range { lo: 1, hi: limit })
        }
    }
}

impl<'k> Encoder<'k> {
    /// Prepares the launch configuration terms.
    pub fn new(
        kernel: &'k Kernel,
        opts: &CheckOptions,
        uniformity: Uniformity,
        loops: LoopTable,
    ) -> Encoder<'k> {
        let mut facts = Vec::new();
        let launch = &opts.launch;
        // Assumption (documented in README, `--no-assume-unused-dims` drops
        // it): with a symbolic launch, a kernel that never reads the y (z)
        // component of threadIdx/blockDim (resp. blockIdx/gridDim) is launched
        // with extent 1 there. Any other launch runs redundant copies of the
        // same threads, which is a launch bug and not what the kernel's author
        // analyses; `--block-dim` overrides it (see `known_block_dims` and
        // `known_grid_dims`).
        let max_threads = max_threads_per_block(kernel, opts);
        let known_block = known_block_dims(kernel, opts);
        let known_grid = known_grid_dims(kernel, opts);
        // Assumption (documented in README, `--no-assume-index-fits` drops
        // it): the threads of the grid in each dimension number fewer than
        // 2^31, so a global index blockIdx * blockDim + threadIdx and the
        // grid's thread count gridDim * blockDim (the stride of every
        // grid-stride loop, `int stride = gridDim.x * blockDim.x`) fit a
        // signed 32-bit int and never wrap its type. Programs rely on it; a
        // launch beyond it is legal on paper and never used. With one of the two
        // sizes known, the other's bound is linear; with neither, the grid is
        // bounded by 2^31 / (the most threads a block may have in that
        // dimension), which keeps the encoding linear (a nonlinear product
        // bound makes queries slow and their models load-dependent).
        let fits = !launch.no_index_fit_assumption;
        let hardware_block = |d: usize| if d == 2 { 64 } else { max_threads.min(1024) };
        let hardware_grid = |d: usize| if d == 0 { 0x7fff_ffff } else { 65_535 };
        let block_dim: [Val; 3] = std::array::from_fn(|d| {
            let mut limit = hardware_block(d).min(max_threads);
            if let (true, Some(g)) = (fits, known_grid[d]) {
                limit = limit.min(INDEX_LIMIT / i128::from(g.max(1)));
            }
            dim(
                format!("blockDim{d}"),
                known_block[d],
                limit.max(1),
                &mut facts,
            )
        });
        let grid_dim: [Val; 3] = std::array::from_fn(|d| {
            let mut limit = hardware_grid(d);
            if fits {
                let block_max = known_block[d].map_or(range_of(&block_dim[d]).hi, i128::from);
                limit = limit.min(INDEX_LIMIT / block_max.max(1));
            }
            dim(
                format!("gridDim{d}"),
                known_grid[d],
                limit.max(1),
                &mut facts,
            )
        });
        let block_symbolic = known_block.iter().any(Option::is_none);
        let several_symbolic = known_block.iter().filter(|b| b.is_none()).count() > 1;
        let bound_threads = several_symbolic
            || (block_symbolic && known_block.iter().any(|b| b.is_some_and(|b| b > 1)));
        let symbolic_block_threads = bound_threads.then_some(max_threads);
        if bound_threads {
            // The hardware bound on threads per block (or `__launch_bounds__`).
            let product = Int::mul(&[
                int_of(&block_dim[0]),
                int_of(&block_dim[1]),
                int_of(&block_dim[2]),
            ]);
            facts.push(product.le(Int::from_i128(max_threads)));
        }
        // OpenCL's global work offset is 0 unless given (`--global_offset`):
        // that is what a NULL offset in clEnqueueNDRangeKernel means, and what
        // GPUVerify assumes.
        let global_offset: [Val; 3] = std::array::from_fn(|d| {
            Val::int(i128::from(launch.global_offset.map(|o| o[d]).unwrap_or(0)))
        });
        let ids = |name: &str, dims: &[Val; 3], t: usize, facts: &mut Vec<Bool>| -> [Val; 3] {
            std::array::from_fn(|d| {
                let c = Int::new_const(format!("{name}{t}_{d}"));
                facts.push(c.ge(Int::from_i64(0)));
                facts.push(c.lt(int_of(&dims[d])));
                let r = range_of(&dims[d]);
                Val::I(
                    c,
                    Range {
                        lo: 0,
                        hi: (r.hi - 1).max(0),
                    },
                )
            })
        };
        let tid: [[Val; 3]; 2] = std::array::from_fn(|t| ids("tid", &block_dim, t, &mut facts));
        let bid: [[Val; 3]; 2] = std::array::from_fn(|t| ids("bid", &grid_dim, t, &mut facts));
        let grid_known_single = grid_known_single(opts);
        let read_only = read_only_arrays(kernel);
        let stride_tickets = super::stride_tickets::stride_tickets(kernel, &uniformity);
        let pinned_params = crate::ir::walk::entry_param_values(kernel);
        let block_extent_params = crate::ir::walk::entry_param_block_extents(kernel);
        let live = live_locals(kernel);
        let has_grid_barrier = {
            let mut found = false;
            crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
                found |= matches!(
                    s.kind,
                    StmtKind::Barrier {
                        scope: crate::ir::BarrierScope::Grid,
                        ..
                    }
                );
            });
            found
        };
        Encoder {
            kernel,
            uniformity,
            grid_uniformity: has_grid_barrier.then(|| Uniformity::compute_within_grid(kernel)),
            loops,
            pinned_params,
            block_extent_params,
            launch: Launch {
                block_dim,
                grid_dim,
                global_offset,
                tid,
                bid,
                facts,
            },
            symbolic_block_threads,
            monotone_arrays: monotone_atomic_arrays(kernel),
            grid_known_single,
            adversarial: opts.adversarial_abstraction,
            index_arithmetic_fits: !launch.no_index_arithmetic_assumption,
            offsets_from_base: offsets_from_base_arrays(kernel, launch),
            counter_fits: !launch.no_counter_fit_assumption,
            index_locals: index_locals(kernel),
            consequential: consequential_locals(kernel),
            dead: dead_statements(kernel, &live),
            live,
            read_only_dependents: RefCell::new(HashMap::default()),
            read_only,
            broadcasts: crate::ir::broadcast::block_invariant_reads(kernel),
            stride_tickets,
            repeated_reads: if opts.adversarial_abstraction || opts.warp_sync {
                crate::base::HashMap::default()
            } else {
                super::own_write::repeated_reads(kernel)
            },
            read_links: RefCell::new(Default::default()),
            funcs: RefCell::new(HashMap::default()),
            cache: RefCell::new(HashMap::default()),
            entry_fact_cache: RefCell::new(HashMap::default()),
            invariants: RefCell::new(HashMap::default()),
            inherited_invariants: HashMap::default(),
            invariant_work_left: Cell::new(INVARIANT_KERNEL_WORK),
            invariant_work_spent: Cell::new(0),
            if_locals: RefCell::new(HashMap::default()),
            deadline: None,
            exec_steps: Cell::new(0),
            exec_step_cap: Cell::new(u64::MAX),
            generations: Default::default(),
            warp_masks: Default::default(),
        }
    }

    /// The uniformity analysis used.
    pub fn uniformity(&self) -> &Uniformity {
        &self.uniformity
    }

    /// The kernel.
    pub fn kernel(&self) -> &Kernel {
        self.kernel
    }

    /// Whether two blocks may exist.
    pub fn grid_may_have_several_blocks(&self) -> bool {
        !self.grid_known_single
    }

    /// Thread and block id terms of thread `t`.
    pub fn ids(&self, t: usize) -> ([Int; 3], [Int; 3]) {
        (
            self.launch.tid[t].each_ref().map(int_of),
            self.launch.bid[t].each_ref().map(int_of),
        )
    }

    /// blockDim and gridDim terms.
    pub fn dims(&self) -> ([Int; 3], [Int; 3]) {
        (
            self.launch.block_dim.each_ref().map(int_of),
            self.launch.grid_dim.each_ref().map(int_of),
        )
    }

    /// Term of a scalar parameter.
    pub fn param(&self, index: usize) -> Option<Val> {
        let p = self.kernel.params.get(index)?;
        let pinned = self.pinned_params.get(index).copied().flatten();
        // A parameter every launch equates with a block extent has that
        // extent's range (`[1, 1024]` for a symbolic one): a precondition at
        // the entry states it (see `entry_param_block_extents`), so the
        // range excludes no execution the checker considers, and lets `i &
        // (n - 1)` get its bound (`and_bounds`) and loops over `n` their
        // counts.
        let extent = self
            .block_extent_params
            .get(index)
            .copied()
            .flatten()
            .and_then(|d| self.launch.block_dim.get(usize::from(d)))
            .map(range_of);
        Some(match p.ty {
            ScalarTy::Bool => Val::B(Bool::new_const(format!("param{index}"))),
            ty => Val::I(
                Int::new_const(format!("param{index}")),
                match (pinned, extent) {
                    (Some(c), _) => Range::point(c),
                    (None, Some(r)) => Range {
                        lo: r.lo.max(1),
                        hi: r.hi,
                    }
                    .meet(Range::of(ty)),
                    (None, None) => Range::of(ty),
                },
            ),
        })
    }

    /// The launch facts and the ranges of the scalar parameters: what every
    /// execution satisfies, whatever the two threads are.
    pub fn launch_facts(&self) -> Vec<Bool> {
        let mut facts = self.launch.facts.clone();
        for (i, p) in self.kernel.params.iter().enumerate() {
            if let Some(Val::I(x, r)) = self.param(i) {
                if !matches!(p.ty, ScalarTy::Float { .. }) {
                    facts.push(Bool::and(&[
                        x.ge(Int::from_i128(r.lo)),
                        x.le(Int::from_i128(r.hi)),
                    ]));
                }
            }
        }
        facts
    }

    /// The launch facts and the thread relation of `scenario`.
    pub fn scenario_facts(&self, scenario: &Scenario) -> Vec<Bool> {
        let mut facts = self.launch_facts();
        let (t0, b0) = self.ids(0);
        let (t1, b1) = self.ids(1);
        let same_bid = Bool::and(&[b0[0].eq(&b1[0]), b0[1].eq(&b1[1]), b0[2].eq(&b1[2])]);
        if scenario.same_block {
            facts.push(same_bid);
            let same_tid = Bool::and(&[t0[0].eq(&t1[0]), t0[1].eq(&t1[1]), t0[2].eq(&t1[2])]);
            facts.push(same_tid.not());
            if let Some(max) = self.symbolic_block_threads {
                // Lemma for symbolic block shapes: the linear thread index
                // x + bx * (y + by * z) with x < bx, y < by, z < bz is a
                // mixed-radix numeral, unique per thread and below
                // bx * by * bz <= max. Z3's nonlinear arithmetic does not
                // find this alone.
                let (l0, l1) = (self.linear_tid(0), self.linear_tid(1));
                facts.push(l0.eq(&l1).not());
                for l in [l0, l1] {
                    facts.push(l.ge(Int::from_i64(0)));
                    facts.push(l.lt(Int::from_i128(max)));
                }
            }
            match scenario.warps {
                WarpRelation::Any => {}
                WarpRelation::Same => facts.push(self.different_warps().not()),
                WarpRelation::Different => facts.push(self.different_warps()),
                // Which lanes take part is left to the query (see
                // `Encoder::in_lanes`): a caller outside them is an error too.
                WarpRelation::SameSubGroup => {
                    let id = |t: usize| {
                        let ids: Vec<&Val> = self.launch.tid[t]
                            .iter()
                            .chain(self.launch.bid[t].iter())
                            .collect();
                        self.func(crate::ir::SUB_GROUP_ID, &ids, ScalarTy::UINT)
                    };
                    if let (Val::I(a, _), Val::I(b, _)) = (id(0), id(1)) {
                        facts.push(a.eq(&b));
                    }
                }
                WarpRelation::SameTile { size, .. } => {
                    let size = Int::from_i64(i64::from(size.max(1)));
                    let (l0, l1) = (self.linear_tid(0), self.linear_tid(1));
                    facts.push(l0.div(&size).eq(l1.div(&size)));
                }
                WarpRelation::SameWarpMask { .. } => facts.push(self.different_warps().not()),
                WarpRelation::Masked { sets } => {
                    // Both lanes in each class's mask, evaluated as either
                    // thread (the masks read launch values only, the same
                    // in both threads of one block).
                    let (_, classes) = self.warp_mask_tables();
                    let both: Vec<Bool> = classes
                        .iter()
                        .map(|m| {
                            let (in0, f0) = self.in_warp_mask(0, scenario, m);
                            let (in1, f1) = self.in_warp_mask(1, scenario, m);
                            facts.extend(f0);
                            facts.extend(f1);
                            Bool::and(&[in0, in1])
                        })
                        .collect();
                    let mut allowed = vec![self.different_warps()];
                    for t in 0..(1u32 << both.len()) {
                        if sets >> t & 1 == 1 {
                            let cube: Vec<Bool> = both
                                .iter()
                                .enumerate()
                                .map(|(k, b)| if t >> k & 1 == 1 { b.clone() } else { b.not() })
                                .collect();
                            allowed.push(Bool::and(&cube));
                        }
                    }
                    facts.push(Bool::or(&allowed));
                }
            }
        } else {
            facts.push(same_bid.not());
        }
        // Lemma (delinearisation of the global index): in each dimension
        // b0 * B + t0 == b1 * B + t1 with 0 <= t0, t1 < B implies b0 == b1
        // and t0 == t1 ((b0 - b1) * B = t1 - t0 lies strictly between -B
        // and B, so it is 0). A theorem of integer arithmetic, asserted with
        // its side conditions as premises; Z3's non-linear arithmetic does
        // not find it for a symbolic B, and without it the commonest index
        // `blockIdx.x * blockDim.x + threadIdx.x` of two threads takes
        // seconds to tell apart once it is stored in a local or scaled.
        let (bd, _) = self.dims();
        let zero = Int::from_i64(0);
        for d in 0..3 {
            let global = |t: &[Int; 3], b: &[Int; 3]| {
                Int::add(&[Int::mul(&[b[d].clone(), bd[d].clone()]), t[d].clone()])
            };
            let premise = Bool::and(&[
                global(&t0, &b0).eq(global(&t1, &b1)),
                t0[d].ge(&zero),
                t0[d].lt(&bd[d]),
                t1[d].ge(&zero),
                t1[d].lt(&bd[d]),
            ]);
            facts.push(premise.implies(Bool::and(&[b0[d].eq(&b1[d]), t0[d].eq(&t1[d])])));
        }
        facts
    }

    /// Linear index of thread `t` in its block: `x + bx * (y + by * z)`.
    ///
    /// Under a known `blockDim.x`, a symbolic `blockDim.y` and a z extent
    /// known to be 1 it is `x + bx * y`: every query asserts the launch fact `0 <= z < 1`
    /// (`Encoder::new`), so `z` is 0 and so is `by * z` in every execution
    /// considered. The value is the same; the term has no product of two
    /// unknowns, which made the warp relation of `dim3(32, rows, 1)` slow
    /// for Z3 (HeCBench ge-spmm's `spmm_test4`: a different-warps query
    /// from 100,000 to 74,000 work units, 0.22 s to 0.08 s). Other launches
    /// keep the term as it was (`by` a constant keeps it linear; under a
    /// symbolic `bx` the shorter term is still a product of two unknowns and
    /// made HeCBench gemv's `gemv_quantized_int4` slower), so their queries
    /// and models do not change.
    fn linear_tid(&self, t: usize) -> Int {
        let (bd, _) = self.dims();
        let (tid, _) = self.ids(t);
        let extent = |d: usize| {
            let r = range_of(&self.launch.block_dim[d]);
            (r.lo == r.hi).then_some(r.lo)
        };
        let row = if extent(2) == Some(1) && extent(1).is_none() && extent(0).is_some() {
            tid[1].clone()
        } else {
            Int::add(&[tid[1].clone(), Int::mul(&[bd[1].clone(), tid[2].clone()])])
        };
        Int::add(&[tid[0].clone(), Int::mul(&[bd[0].clone(), row])])
    }

    /// Thread `t`'s lane (linear thread id modulo 32) is in the bit mask `lanes`.
    pub fn in_lanes(&self, t: usize, lanes: u32) -> Bool {
        if lanes == u32::MAX {
            return Bool::from_bool(true);
        }
        lane_in(&self.linear_tid(t).modulo(Int::from_i64(32)), lanes)
    }

    /// The resolved masks of the kernel's `__syncwarp(mask)` barriers (see
    /// [`crate::analysis::warp_masks::resolved`]) and the masks of its
    /// mask classes ([`crate::analysis::warp_masks::classes`]), computed
    /// once.
    pub fn warp_mask_tables(&self) -> &(Vec<Option<Expr>>, Vec<Expr>) {
        self.warp_masks.get_or_init(|| {
            (
                crate::analysis::warp_masks::resolved(self.kernel),
                crate::analysis::warp_masks::classes(self.kernel).1,
            )
        })
    }

    /// Thread `t`'s lane (linear thread id modulo 32) is a set bit of
    /// `mask`, an expression of launch values (a resolved warp mask),
    /// evaluated as thread `t` at the start of the kernel (its value
    /// anywhere); with the facts its encoding relies on, as
    /// [`Encoder::entry_facts`] takes them.
    pub fn in_warp_mask(&self, t: usize, scenario: &Scenario, mask: &Expr) -> (Bool, Vec<Bool>) {
        let mut exec = Exec::new(self, t, scenario);
        let (m, _) = exec.expr_int(mask, ScalarTy::UINT);
        let facts = std::mem::take(&mut exec.out.assumptions);
        (self.lane_bit_of(t, &m), facts)
    }

    /// Thread `t`'s lane (linear thread id modulo 32) is a set bit of the
    /// unsigned 32-bit value `m`.
    fn lane_bit_of(&self, t: usize, m: &Int) -> Bool {
        let lane = self.linear_tid(t).modulo(Int::from_i64(32));
        let bits: Vec<Bool> = (0..32i64)
            .map(|l| {
                let bit = m.div(Int::from_i64(1i64 << l)).modulo(Int::from_i64(2));
                Bool::and(&[lane.eq(Int::from_i64(l)), bit.eq(Int::from_i64(1))])
            })
            .collect();
        Bool::or(&bits)
    }

    /// The two threads are in different warps (linear thread id / 32 differs).
    pub fn different_warps(&self) -> Bool {
        let warp = |t: usize| self.linear_tid(t).div(Int::from_i64(32));
        warp(0).eq(warp(1)).not()
    }

    /// The access's byte offset fits in (-2^62, 2^62), a modelling assumption
    /// asserted at the access (README "Modelling assumptions"). Offsets are
    /// computed as mathematical integers from C's `i64` pointer arithmetic:
    /// beyond 2^63 in absolute value that arithmetic overflowed (undefined
    /// behaviour); between 2^62 and 2^63 the address `base + offset`, with
    /// the base a virtual address below 2^49 on every GPU (2^57 at most on
    /// any 64-bit machine), lies outside every allocation, and so does a
    /// wrapped-around `base + offset` for a negative offset below -2^62. An
    /// access there is undefined behaviour, so no execution performs it.
    /// Without this, offsets near 2^63 meet modulo 2^64 after an unsigned
    /// index is converted to `i64`, and give false alarms.
    pub fn offset_fits(&self, access: &AccessSym) -> Bool {
        let bound = Int::from_i128(1i128 << 62);
        Bool::and(&[
            access.offset.lt(&bound),
            access.offset.gt(bound.unary_minus()),
        ])
    }

    /// The offsets-from-base assumption (README "Modelling assumptions",
    /// `--no-assume-offsets-from-base` drops it), asserted at an access the
    /// thread performs: its byte offset from the start of `array` is not
    /// negative. Forming a pointer before the start of an array object is
    /// undefined behaviour (C++ [expr.add]/4, C11 6.5.6p8), so no defined
    /// execution accesses a declared `__shared__`, local or `__device__`
    /// array there; a pointer parameter's start is what the host passes,
    /// taken to be the start of an allocation (`cudaMalloc`'s result, a
    /// buffer) unless some launch in view passes pointer arithmetic to it
    /// (see [`offsets_from_base_arrays`]). True for other arrays, and where
    /// the offset's range is non-negative anyway (an unsigned index: the
    /// redundant fact would only slow the solver down).
    pub fn offset_from_base(&self, array: usize, access: &AccessSym) -> Bool {
        if access.offset_lo < 0
            && self
                .offsets_from_base
                .contains(&crate::ir::ArrayId(array as u32))
        {
            access.offset.ge(Int::from_i64(0))
        } else {
            Bool::from_bool(true)
        }
    }

    /// The two accesses overlap in at least one byte.
    pub fn overlap(&self, a: &AccessSym, b: &AccessSym, distinct_objects: bool) -> Bool {
        if distinct_objects {
            // An access through a pointer of unknown target may hit any byte.
            return Bool::from_bool(true);
        }
        if a.size == b.size {
            // Same-size accesses: overlap iff the offsets are less than a size apart.
            let d = Int::sub(&[a.offset.clone(), b.offset.clone()]);
            if a.size <= 1 {
                return a.offset.eq(&b.offset);
            }
            let s = Int::from_u64(u64::from(a.size));
            return Bool::and(&[d.lt(&s), d.gt(s.unary_minus())]);
        }
        let end_a = Int::add(&[a.offset.clone(), Int::from_u64(u64::from(a.size.max(1)))]);
        let end_b = Int::add(&[b.offset.clone(), Int::from_u64(u64::from(b.size.max(1)))]);
        Bool::and(&[a.offset.lt(&end_b), b.offset.lt(&end_a)])
    }

    /// `v1 != v2` when both have the same sort.
    pub fn values_differ(&self, v1: &Val, v2: &Val) -> Option<Bool> {
        match (v1, v2) {
            (Val::B(a), Val::B(b)) => Some(a.eq(b).not()),
            (Val::I(a, _), Val::I(b, _)) => Some(a.eq(b).not()),
            _ => None,
        }
    }

    /// Row-major delinearization: `x1 * n + y1 == x2 * n + y2` with
    /// `0 <= y1, y2 < n` implies `x1 == x2` and `y1 == y2` (the difference
    /// of the columns, less than `n` in absolute value, is a multiple of
    /// `n`, so 0). A theorem of integer arithmetic, so asserting it is sound
    /// whatever the terms are; it is stated on the index terms inside the
    /// offsets, with their reading as `x * n + y` as a premise. Solvers do not find it
    /// alone for a symbolic `n` (non-linear), and without it the PPCG-style
    /// `D[(t0 + c0) * nl + (c1 + c3)]` runs out of budget.
    pub fn row_major_lemmas(&self, a: &AccessSym, b: &AccessSym) -> Vec<Bool> {
        let mut out = Vec::new();
        let zero = Int::from_i64(0);
        for r1 in &a.row_major {
            for r2 in b.row_major.iter().filter(|r2| {
                // Term readings pair when their row lengths are the same
                // term (a uniform size such as `4 * w`, the same in both
                // threads): lemmas are optional, so skipping the others
                // loses no soundness, and it keeps their number small.
                r2.scale == r1.scale && (r1.scale != 0 || r1.n == r2.n)
            }) {
                // `index == reading` is trivially true (the same term) when
                // the evaluation did not wrap around, and a premise anyway.
                // The columns need only differ by less than `n` (then
                // `n * (x1 - x2) = y2 - y1` is a multiple of `n` of absolute
                // value below `n`, so 0): columns in `[0, n)` are the common
                // case, and a column with a uniform part of unknown range
                // (`padding + gx` in a padded volume) is covered too, the
                // part cancelling in the difference.
                // The other readings keep the premise `0 <= y_i < n` (it
                // implies the difference form; the solver's search on
                // queries without unfolded counters stays as it was).
                let mut premise = vec![
                    r1.index.eq(&r2.index),
                    r1.index.eq(&r1.reading),
                    r2.index.eq(&r2.reading),
                    r1.n.eq(&r2.n),
                ];
                if r1.unfolded || r2.unfolded {
                    let dy = Int::sub(&[r1.y.clone(), r2.y.clone()]);
                    premise.extend([dy.lt(&r1.n), dy.unary_minus().lt(&r1.n)]);
                } else {
                    premise.extend([
                        r1.y.ge(&zero),
                        r1.y.lt(&r1.n),
                        r2.y.ge(&zero),
                        r2.y.lt(&r2.n),
                    ]);
                }
                let premise = Bool::and(&premise);
                out.push(premise.implies(Bool::and(&[r1.x.eq(&r2.x), r1.y.eq(&r2.y)])));
            }
        }
        for t1 in &a.triangles {
            for t2 in b.triangles.iter().filter(|t2| t2.shift == t1.shift) {
                // Theorem (packed triangle): with `r = x - shift` and
                // `0 <= y <= r`, the product `x * (x + 1)` (or `x * (x - 1)`)
                // of consecutive integers is even and non-negative, so the
                // division is exact: the index is `T(r) + y` with `T(r) =
                // r * (r + 1) / 2`, and `T(r) <= T(r) + y <= T(r) + r <
                // T(r + 1)`. `T` is increasing on `r >= 0`, so the index lies
                // in `[T(r), T(r + 1))`, intervals disjoint for distinct
                // rows: equal indices have equal rows, then equal columns.
                // An integer theorem, so the lemma is sound whatever the
                // terms; its premises say when it applies.
                let row = |t: &PackedTriangle| Int::sub(&[t.x.clone(), Int::from_i64(t.shift)]);
                let (r1, r2) = (row(t1), row(t2));
                let premise = Bool::and(&[
                    t1.index.eq(&t2.index),
                    t1.y.ge(&zero),
                    t1.y.le(&r1),
                    t2.y.ge(&zero),
                    t2.y.le(&r2),
                ]);
                out.push(premise.implies(Bool::and(&[t1.x.eq(&t2.x), t1.y.eq(&t2.y)])));
            }
        }
        for h1 in &a.horner {
            for h2 in b
                .horner
                .iter()
                .filter(|h2| h2.g == h1.g && h2.a == h1.a && h2.depth == h1.depth)
            {
                // Theorem: t_i == g * (a * q_i + r_i) identically (see
                // `Horner`). If |t1 - t2| < g, then a * (q1 - q2) + (r1 - r2)
                // is an integer of absolute value below 1, so 0; with
                // |r1 - r2| < |a| (true when 0 <= r_i < |a|, and when the
                // columns share a uniform part of unknown range that cancels,
                // `padding + gx`), |a| * |q1 - q2| < |a| gives q1 == q2 and
                // then r1 == r2. (Overlapping accesses of one element size g
                // satisfy the first premise; `|a|` covers a row length the
                // solver does not know to be positive.)
                let g = Int::from_i128(h1.g);
                let diff = Int::sub(&[h1.index.clone(), h2.index.clone()]);
                let mut premise = vec![diff.lt(&g), diff.unary_minus().lt(&g)];
                if h1.unfolded || h2.unfolded {
                    let dr = Int::sub(&[h1.r.clone(), h2.r.clone()]);
                    let within = |a: &Int| Bool::and(&[dr.lt(a), dr.unary_minus().lt(a)]);
                    premise.push(Bool::or(&[within(&h1.a), within(&h1.a.unary_minus())]));
                } else {
                    // The other readings keep `0 <= r_i < |a|` (the same
                    // terms as before the difference form, so the solver's
                    // search on their queries is unchanged).
                    let below_a = |r: &Int, a: &Int| {
                        Bool::and(&[r.ge(&zero), Bool::or(&[r.lt(a), r.lt(a.unary_minus())])])
                    };
                    premise.extend([below_a(&h1.r, &h1.a), below_a(&h2.r, &h2.a)]);
                }
                let premise = Bool::and(&premise);
                out.push(premise.implies(Bool::and(&[h1.q.eq(&h2.q), h1.r.eq(&h2.r)])));
            }
        }
        out
    }

    /// Lemmas relating the two threads' linear counters of the same loop.
    ///
    /// If `v1 = init1 + k1*s` and `v2 = init2 + k2*s` with the same step `s`,
    /// then `v1 == v2` and `|init1 - init2| < s` imply `init1 == init2`: the
    /// difference of the starts would be a non-zero multiple of `s` smaller
    /// than `s`. Solvers find this fact about products of two unknowns slowly
    /// (stride loops `i = tid; i += blockDim.x` with a symbolic blockDim); as a
    /// lemma it is immediate.
    pub fn counter_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        let mut out = Vec::new();
        for c1 in &r1.counters {
            // Any two instances of one loop's counter, at its head or its
            // exit (an access in the body against one after the loop): each
            // is `init + k * step` for its thread, which is all the lemma uses.
            for c2 in r2
                .counters
                .iter()
                .filter(|c2| c2.key.0 == c1.key.0 && c2.key.1 == c1.key.1)
            {
                if c1.step != c2.step || c1.value == c2.value {
                    continue;
                }
                let d = Int::sub(&[c1.init.clone(), c2.init.clone()]);
                let close = Bool::and(&[d.lt(&c1.step), d.unary_minus().lt(&c1.step)]);
                let premise = Bool::and(&[c1.value.eq(&c2.value), close]);
                out.push(premise.implies(c1.init.eq(&c2.init)));
            }
        }
        out
    }

    /// Lemmas of the two threads' counters that start at products with a
    /// common factor: each block's own band of rows, `for (r = blockIdx.x
    /// * n; r < blockIdx.x * n + n; r++)` (HeCBench sampling), or bands of
    /// two loops (`2 * b * n` and `(2 * b + 1) * n`).
    ///
    /// Theorem (bands): if `init_i == a_i * n`, `v1 == v2` and `0 <= v_i -
    /// init_i < n` for both, then `n * (a1 - a2) = (v2 - init2) - (v1 -
    /// init1)`, whose absolute value is below `n`, so `a1 == a2`. A theorem
    /// of integer arithmetic whatever the terms are: the reading of `init`
    /// as the product is a premise (the value-preserving conversions around
    /// the product, such as a 32-bit wrap that the index-arithmetic facts
    /// rule out, are for the solver to settle), and so are the bands, which
    /// come from the loop guards the query asserts. Only the counters'
    /// values and the products the encoding already has appear (no new
    /// non-linear term): the solver reaches the conclusion only through
    /// non-linear reasoning about those products.
    pub fn band_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        const MAX_LEMMAS: usize = 32;
        let zero = Int::from_i64(0);
        fn readings(r: &ExecResult) -> Vec<(&CounterInstance, Vec<ProductReading>)> {
            r.counters
                .iter()
                .map(|c| (c, product_readings(&c.init)))
                .filter(|(_, p)| !p.is_empty())
                .collect()
        }
        let (first, second) = (readings(r1), readings(r2));
        let mut out = Vec::new();
        for (c1, readings1) in &first {
            for (c2, readings2) in &second {
                for p1 in readings1 {
                    for p2 in readings2.iter().filter(|p2| p2.n == p1.n && p2.a != p1.a) {
                        if out.len() >= MAX_LEMMAS {
                            return out;
                        }
                        let band = |c: &CounterInstance| {
                            let y = Int::sub(&[c.value.clone(), c.init.clone()]);
                            Bool::and(&[y.ge(&zero), y.lt(&p1.n)])
                        };
                        let premise = Bool::and(&[
                            c1.init.eq(&p1.product),
                            c2.init.eq(&p2.product),
                            c1.value.eq(&c2.value),
                            band(c1),
                            band(c2),
                        ]);
                        out.push(premise.implies(p1.a.eq(&p2.a)));
                    }
                }
            }
        }
        out
    }

    /// Lemmas of the two threads' instances of one counter that walks the
    /// planes of a row-major volume: it starts at the thread's cell of a
    /// plane, `init = x * P + y` (row `x`, column `y`), and steps by the
    /// plane size `s = M * P` (`indg = i + j * pitch; ... indg += ny *
    /// pitch`, HeCBench laplace3d).
    ///
    /// Theorem (planes): if `v_i == init_i + k_i * s` (or `- k_i * s`),
    /// `init_i == x_i * P + y_i`, `0 <= y_i < P`, `0 <= x_i < M`, `s == M *
    /// P` and `v1 == v2`, then `x1 == x2` and `y1 == y2`. Proof: `P >= 1`
    /// and `M >= 1`, so `0 <= init_i <= (M - 1) * P + P - 1 < s`; `init1 -
    /// init2` is a multiple of `s` (from `v1 == v2`) of absolute value
    /// below `s`, so `init1 == init2`, and the row-major theorem (columns
    /// in `[0, P)`) gives equal rows and columns. A theorem of integer
    /// arithmetic whatever the terms: every step is a premise (the
    /// counters' facts, the readings, the bounds from the guards the query
    /// asserts). The solver reaches it only through non-linear reasoning
    /// about `x * P` against `M * P`.
    pub fn plane_counter_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        const MAX_LEMMAS: usize = 32;
        let zero = Int::from_i64(0);
        // The readings of a counter's start as a row of the plane: the
        // reading must be of the start itself.
        let rows = |c: &CounterInstance| -> Vec<RowMajor> {
            term_row_major(&c.init)
                .into_iter()
                .filter(|r| r.index == c.init)
                .collect()
        };
        let mut out = Vec::new();
        for c1 in &r1.counters {
            let planes = product_readings(&c1.step);
            if planes.is_empty() {
                continue;
            }
            let rows1 = rows(c1);
            if rows1.is_empty() {
                continue;
            }
            for c2 in r2
                .counters
                .iter()
                .filter(|c2| c2.key.0 == c1.key.0 && c2.key.1 == c1.key.1 && c2.step == c1.step)
            {
                let rows2 = rows(c2);
                for plane in &planes {
                    for (row1, row2) in rows1
                        .iter()
                        .filter(|r| r.n == plane.n)
                        .flat_map(|a| rows2.iter().filter(|r| r.n == plane.n).map(move |b| (a, b)))
                    {
                        if out.len() >= MAX_LEMMAS {
                            return out;
                        }
                        let in_plane = |c: &CounterInstance, row: &RowMajor| {
                            Bool::and(&[
                                c.value.eq(&c.exact),
                                row.index.eq(&row.reading),
                                row.y.ge(&zero),
                                row.y.lt(&plane.n),
                                row.x.ge(&zero),
                                row.x.lt(&plane.a),
                            ])
                        };
                        let premise = Bool::and(&[
                            c1.step.eq(&plane.product),
                            c1.value.eq(&c2.value),
                            in_plane(c1, row1),
                            in_plane(c2, row2),
                        ]);
                        out.push(
                            premise.implies(Bool::and(&[row1.x.eq(&row2.x), row1.y.eq(&row2.y)])),
                        );
                    }
                }
            }
        }
        out
    }

    /// Lemmas of grid-stride loops, in the dimensions where a counter of
    /// either thread steps by the grid's extent `G * B` (`gridDim.d *
    /// blockDim.d`, both symbolic: with a numeral one every product below is
    /// linear): `for (i = gid + stride; i < n; i += stride)` of one thread
    /// against the first point `gid` of the other (HeCBench sobol: every
    /// later point is at least `stride`, every first point below it).
    ///
    /// Theorems of integer arithmetic over the id, extent and counter terms
    /// themselves (not over program values that could wrap), each asserted
    /// with its side conditions as premises; Z3's non-linear arithmetic
    /// does not find them within the budget for symbolic `B` and `G`:
    /// - extent: `0 <= t < B` and `0 <= b < G` give `B >= 1` and `b <= G -
    ///   1`, so `b * B <= G * B - B` and `b * B + t < G * B`;
    /// - sign: `b >= 0` and `B >= 0` give `b * B >= 0`;
    /// - monotone counter: `v == init + k * s` with `k >= 0` and `s >= 0`
    ///   gives `v >= init` (for such an increasing counter of step `G * B`).
    ///
    /// The lemmas add no product the query lacks: `b * B` is in every
    /// query's delinearisation lemma ([`Encoder::scenario_facts`]), `G * B`
    /// is the counter's step and `k * s` its exact value.
    pub fn grid_stride_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        let (bd, gd) = self.dims();
        let zero = Int::from_i64(0);
        let mut out = Vec::new();
        for d in 0..3 {
            if bd[d].as_i64().is_some() || gd[d].as_i64().is_some() {
                continue;
            }
            let steps_by_extent = |c: &CounterInstance| {
                product_readings(&c.step)
                    .iter()
                    .any(|p| p.a == gd[d] && p.n == bd[d])
            };
            let strided: Vec<&CounterInstance> = r1
                .counters
                .iter()
                .chain(&r2.counters)
                .filter(|c| steps_by_extent(c))
                .collect();
            if strided.is_empty() {
                continue;
            }
            let extent = Int::mul(&[gd[d].clone(), bd[d].clone()]);
            for t in 0..2 {
                let (tid, bid) = self.ids(t);
                let offset = Int::mul(&[bid[d].clone(), bd[d].clone()]);
                let premise = Bool::and(&[
                    tid[d].ge(&zero),
                    tid[d].lt(&bd[d]),
                    bid[d].ge(&zero),
                    bid[d].lt(&gd[d]),
                ]);
                let global = Int::add(&[offset.clone(), tid[d].clone()]);
                out.push(premise.implies(global.lt(&extent)));
                let sign = Bool::and(&[bid[d].ge(&zero), bd[d].ge(&zero)]);
                out.push(sign.implies(offset.ge(&zero)));
            }
            for c in strided.into_iter().filter(|c| c.increasing) {
                let premise = Bool::and(&[c.value.eq(&c.exact), c.k.ge(&zero), c.step.ge(&zero)]);
                out.push(premise.implies(c.value.ge(&c.init)));
            }
        }
        out
    }

    /// Lemmas of the two threads' quotients and remainders by the same
    /// divisor: C's `/` and `%` satisfy `x == d * (x / d) + x % d` for every
    /// `d != 0` (C11 6.5.5p6; the encoding's `ite` over Z3's Euclidean
    /// `div`/`mod` is that truncating pair), so equal quotients and equal
    /// remainders give equal dividends. A tile index split as
    /// `blockIdx.z / W` and `blockIdx.z % W` needs it to tell two blocks
    /// apart; the solver finds it only through the non-linear `d * q`.
    pub fn division_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        let mut out = Vec::new();
        let zero = Int::from_i64(0);
        for e1 in &r1.divisions {
            let (Some(q1), Some(m1)) = (&e1.quotient, &e1.remainder) else {
                continue;
            };
            for e2 in r2.divisions.iter().filter(|e2| e2.d == e1.d) {
                let (Some(q2), Some(m2)) = (&e2.quotient, &e2.remainder) else {
                    continue;
                };
                let premise = Bool::and(&[e1.d.eq(&zero).not(), q1.eq(q2), m1.eq(m2)]);
                out.push(premise.implies(e1.x.eq(&e2.x)));
            }
        }
        out
    }

    /// Lemmas of the reads of arrays the launch makes non-decreasing on a
    /// prefix (`Kernel::non_decreasing`, established by the host: see
    /// `syntax::launches::contents`). Such an array is never written by
    /// the kernel, so every read of it, in either thread, is the one
    /// read-only function of the byte offset (see `read_only_arrays`); for
    /// two offsets in the prefix (multiples of 4 in `[0, 4 * len)`), the
    /// lower one's `int` is at most the higher one's, when no partial sum
    /// of the host's running sum can wrap (`SortedRead::fits`: then every
    /// addition is exact and each step non-negative). A theorem about the
    /// array's contents, so it needs no enabling condition: it holds at
    /// any offset, read or not. Over the reads of both threads (a
    /// thread's own pair too), at most 64 lemmas.
    pub fn non_decreasing_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        const MAX_LEMMAS: usize = 64;
        let mut out = Vec::new();
        let reads: Vec<&SortedRead> = r1.sorted_reads.iter().chain(&r2.sorted_reads).collect();
        let zero = Int::from_i64(0);
        let four = Int::from_i64(4);
        let in_prefix = |r: &SortedRead| {
            Bool::and(&[
                r.offset.ge(&zero),
                r.offset.lt(Int::mul(&[four.clone(), r.len.clone()])),
                r.offset.modulo(&four).eq(&zero),
            ])
        };
        for (k, x) in reads.iter().enumerate() {
            for y in &reads[k + 1..] {
                if x.array != y.array || x.offset == y.offset {
                    continue;
                }
                if out.len() + 2 > MAX_LEMMAS {
                    return out;
                }
                let both = Bool::and(&[in_prefix(x), in_prefix(y), x.fits.clone(), y.fits.clone()]);
                out.push(
                    Bool::and(&[both.clone(), x.offset.le(&y.offset)])
                        .implies(x.value.le(&y.value)),
                );
                out.push(Bool::and(&[both, y.offset.le(&x.offset)]).implies(y.value.le(&x.value)));
            }
        }
        out
    }

    /// Lemmas of the two threads' quotients `q1 = x1 / d`, `q2 = x2 / d` by
    /// the same divisor `d` that is not a constant (a sequence number
    /// `i / len` with a symbolic `len`). For `x >= 0` and `d >= 1`, C's
    /// truncating quotient is the floor (the encoding's `ite` picks Z3's
    /// `div` there), which is the unique `q` with `d*q <= x < d*q + d`
    /// (Euclidean division). Hence, as theorems under the premises
    /// `x1, x2 >= 0, d >= 1`:
    /// - bounds: `d*q1 <= x1 < d*q1 + d` (and for `q2`);
    /// - uniqueness: `d*q2 <= x1 < d*q2 + d` gives `q1 == q2` (and the
    ///   mirror);
    /// - monotonicity: `x1 <= x2` gives `q1 <= q2` (and the mirror).
    ///
    /// The solver reaches these only through non-linear reasoning about
    /// the products `d*q`; stated on those products they are linear. Only
    /// for pairs whose dividends are different terms (a uniform `n / b`
    /// gains nothing, and per-thread bounds on every lone quotient slowed
    /// such queries down). Not base facts: the products make every query
    /// of the pair non-linear (satisfiable queries of a block index split
    /// as `(b - b % n) / n` went from 0.2 s to past the budget), so the
    /// checker gives them only to a second solver turn after the plain
    /// query answered `unknown` (`sdv::Turn::Lemmas`).
    pub fn quotient_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        const MAX_LEMMAS: usize = 48;
        let mut out = Vec::new();
        let zero = Int::from_i64(0);
        let one = Int::from_i64(1);
        for e1 in &r1.divisions {
            let Some(q1) = &e1.quotient else {
                continue;
            };
            for e2 in r2
                .divisions
                .iter()
                .filter(|e2| e2.d == e1.d && e2.x != e1.x)
            {
                let Some(q2) = &e2.quotient else {
                    continue;
                };
                if out.len() >= MAX_LEMMAS {
                    return out;
                }
                let d = &e1.d;
                let premise = Bool::and(&[e1.x.ge(&zero), e2.x.ge(&zero), d.ge(&one)]);
                let dq1 = Int::mul(&[d, q1]);
                let dq2 = Int::mul(&[d, q2]);
                let within = |x: &Int, dq: &Int| {
                    Bool::and(&[dq.le(x), x.lt(Int::add(&[dq.clone(), d.clone()]))])
                };
                out.push(premise.implies(Bool::and(&[within(&e1.x, &dq1), within(&e2.x, &dq2)])));
                out.push(Bool::and(&[premise.clone(), within(&e1.x, &dq2)]).implies(q1.eq(q2)));
                out.push(Bool::and(&[premise.clone(), within(&e2.x, &dq1)]).implies(q1.eq(q2)));
                out.push(Bool::and(&[premise.clone(), e1.x.le(&e2.x)]).implies(q1.le(q2)));
                out.push(Bool::and(&[premise, e2.x.le(&e1.x)]).implies(q2.le(q1)));
            }
        }
        out
    }

    /// Lemmas of the two threads' unsigned `^` with a common operand: `x ^ b`
    /// is an involution and injective on `n`-bit values, so for `a1, a2` in
    /// `[0, 2^n)`, `a1 ^ b == a2` gives `a2 ^ b == a1`, and `a1 ^ b == a2 ^ b`
    /// gives `a1 == a2`. Theorems of bit-vector arithmetic, stated on the
    /// terms with the ranges as premises; the bitonic-sort partner
    /// `ixj = i ^ j` with `ixj > i` needs them, and Z3 does not find them
    /// through `bv2int` within the budget.
    pub fn xor_lemmas(&self, r1: &ExecResult, r2: &ExecResult) -> Vec<Bool> {
        let mut out = Vec::new();
        let zero = Int::from_i64(0);
        for x1 in &r1.xors {
            for x2 in r2
                .xors
                .iter()
                .filter(|x2| x2.bits == x1.bits && x2.b == x1.b)
            {
                let top = Int::from_i128(pow2(x1.bits));
                let in_range = |x: &XorTerm| {
                    if x.a_in_type {
                        Bool::from_bool(true)
                    } else {
                        Bool::and(&[x.a.ge(&zero), x.a.lt(&top)])
                    }
                };
                let ranges = Bool::and(&[in_range(x1), in_range(x2)]);
                out.push(
                    Bool::and(&[ranges.clone(), x1.result.eq(&x2.a)]).implies(x2.result.eq(&x1.a)),
                );
                out.push(
                    Bool::and(&[ranges.clone(), x2.result.eq(&x1.a)]).implies(x1.result.eq(&x2.a)),
                );
                out.push(Bool::and(&[ranges, x1.result.eq(&x2.result)]).implies(x1.a.eq(&x2.a)));
                if out.len() >= 48 {
                    return out;
                }
            }
        }
        out
    }

    /// Refined atomics: two executions of counter atomics on the same location
    /// return different old values (each sees the other's update first or
    /// last). Shared memory is per block, so there only within one block.
    pub fn atomic_facts(&self, r1: &ExecResult, r2: &ExecResult, scenario: &Scenario) -> Vec<Bool> {
        let mut out = Vec::new();
        for x in &r1.counter_atomics {
            for y in r2.counter_atomics.iter().filter(|y| y.array == x.array) {
                let shared = self
                    .kernel
                    .arrays
                    .get(x.array as usize)
                    .is_some_and(|a| a.space == crate::ir::MemSpace::Shared);
                if shared && !scenario.same_block {
                    continue;
                }
                let same =
                    Bool::and(&[x.enabled.clone(), y.enabled.clone(), x.offset.eq(&y.offset)]);
                out.push(same.implies(x.result.eq(&y.result).not()));
            }
        }
        out
    }

    /// Generations of named operations in loops (from the concrete runs of
    /// the well-synchronization check).
    pub fn set_generations(&mut self, generations: super::named::GenerationTable) {
        self.generations = generations;
    }

    /// The invariant searches from now on spend at most `work` units (what
    /// is left of the kernel's budget, when less than their own allowance).
    pub fn cap_invariant_work(&self, work: u64) {
        let left = self.invariant_work_left.get().min(work);
        self.invariant_work_left.set(left);
    }

    /// Solver work units the invariant searches spent so far: the checker
    /// counts them in the kernel's budget, like its own queries.
    pub fn invariant_work_spent(&self) -> u64 {
        self.invariant_work_spent.get()
    }

    /// Starts the invariant searches from `memo`: loop-head invariants that
    /// checks of a barrier synthesis proved in kernels of which this one
    /// only adds block barriers (see `check::reuse`). A search whose loop
    /// and thread `memo` names, over the same variables, takes its result
    /// without a query. Sound: a block barrier changes no variable and
    /// assumes nothing in the symbolic execution (it only records where it
    /// stands, `ExecResult::barriers`), and `check::reuse` only hands over
    /// the results of kernels with the same statements, options and
    /// repeated reads, so the loop's entry and step formulas here are the
    /// ones that search proved its candidates inductive on (or gave up on:
    /// an empty result, which only means fewer facts).
    pub(crate) fn inherit_invariants(&mut self, memo: InvariantMemo) {
        self.inherited_invariants = memo;
    }

    /// The loop-head invariant searches this encoder finished, for later
    /// checks of a barrier synthesis (see [`Encoder::inherit_invariants`]).
    pub(crate) fn proven_invariants(&self) -> InvariantMemo {
        self.invariants.borrow().clone()
    }

    /// Work units the symbolic executions spent so far, counted from
    /// their steps ([`EXEC_UNITS_PER_STEP`] each): deterministic, so a
    /// kernel whose executions are long (a fully unrolled hash permutation,
    /// thousands of statements per thread and scenario) runs out of its
    /// work budget, not of its time, whatever the machine's load.
    pub fn exec_work_spent(&self) -> u64 {
        self.exec_steps.get().saturating_mul(EXEC_UNITS_PER_STEP)
    }

    /// Symbolic executions from now on stop (incomplete) once they have
    /// spent `work` more units (what is left of the kernel's budget).
    pub fn cap_exec_work(&self, work: u64) {
        let steps = work / EXEC_UNITS_PER_STEP;
        self.exec_step_cap
            .set(self.exec_steps.get().saturating_add(steps));
    }

    /// Counts one step of a symbolic execution; false once the cap (see
    /// [`Encoder::cap_exec_work`]) is passed.
    fn step(&self) -> bool {
        let steps = self.exec_steps.get().saturating_add(1);
        self.exec_steps.set(steps);
        steps <= self.exec_step_cap.get()
    }

    /// Symbolic executions stop at `deadline` (their results are then
    /// marked incomplete).
    pub fn set_deadline(&mut self, deadline: crate::base::clock::Deadline) {
        self.deadline = Some(deadline);
    }

    /// Executes thread `t` under `scenario` (cached).
    pub fn exec(&self, thread: usize, scenario: &Scenario) -> Rc<ExecResult> {
        let key = (thread, scenario.clone());
        if let Some(r) = self.cache.borrow().get(&key) {
            return r.clone();
        }
        let mut exec = Exec::new(self, thread, scenario);
        exec.block(&self.kernel.body);
        let result = Rc::new(exec.out);
        self.cache.borrow_mut().insert(key, result.clone());
        result
    }

    /// The facts of the `index`th condition of thread `thread`'s
    /// [`ExecResult::deferred_at_entry`] in `scenario`: any fact its
    /// encoding adds, then `reached => cond`, evaluated in the state where
    /// the thread starts, as [`Exec`] would have at the `Assume` (which
    /// stands there: only other assumptions before it, and the condition
    /// reads no local). Built on first request and kept, so Z3 sees these
    /// terms only once a query needs them.
    pub fn entry_facts(
        &self,
        thread: usize,
        scenario: &Scenario,
        index: usize,
        cond: &Expr,
    ) -> Rc<Vec<Bool>> {
        let key = (thread, scenario.clone(), index);
        if let Some(f) = self.entry_fact_cache.borrow().get(&key) {
            return f.clone();
        }
        let mut exec = Exec::new(self, thread, scenario);
        let c = exec.expr_bool(cond);
        let reached = exec.enabled();
        let mut facts = std::mem::take(&mut exec.out.assumptions);
        facts.push(reached.implies(c));
        let facts = Rc::new(facts);
        self.entry_fact_cache
            .borrow_mut()
            .insert(key, facts.clone());
        facts
    }

    /// The terms of the parameters and launch builtins `cond` reads as
    /// thread `thread` (terms that exist already: no new Z3 term), for
    /// deciding which deferred facts a race query states at once.
    pub fn entry_leaves(&self, thread: usize, scenario: &Scenario, cond: &Expr) -> Vec<Val> {
        let exec = Exec::new(self, thread, scenario);
        let mut out = Vec::new();
        crate::ir::walk::for_each_expr(cond, &mut |e| match e {
            Expr::Param(p) => out.extend(self.param(p.0 as usize)),
            Expr::Builtin(b) => out.push(exec.builtin(*b)),
            _ => {}
        });
        out
    }
}

impl<'e, 'k> Exec<'e, 'k> {
    /// A thread `thread` about to run the kernel's first statement.
    fn new(enc: &'e Encoder<'k>, thread: usize, scenario: &'e Scenario) -> Self {
        Exec {
            enc,
            thread,
            scenario,
            env: vec![None; enc.kernel.vars.len()],
            guard: Bool::from_bool(true),
            alive: Bool::from_bool(true),
            exited: Bool::from_bool(false),
            broken: Bool::from_bool(false),
            continued: Bool::from_bool(false),
            loop_stack: Vec::new(),
            tokens: HashMap::default(),
            out: ExecResult::default(),
            depth: 0,
            steps: 0,
            row_major_depth: 0,
            expr_guards: Vec::new(),
            in_offset: false,
            in_index: false,
            pending: Vec::new(),
            size_pending: Vec::new(),
            raw_values: HashMap::default(),
            counter_starts: HashMap::default(),
            pass: None,
            jumps: None,
            floats: FloatBounds::default(),
            float_values: FloatValues::default(),
            finite_terms: HashMap::default(),
            last_operands: None,
            index_shifts: HashSet::default(),
            read_records: HashMap::default(),
            ticket_bounds: HashMap::default(),
        }
    }
}

impl<'k> Encoder<'k> {
    /// [`read_only_dependents`] in `scenario` (cached per scenario).
    fn dependents_in(&self, scenario: &Scenario) -> Rc<BTreeSet<VarId>> {
        if self.adversarial || self.read_only.is_empty() {
            return Rc::new(BTreeSet::new());
        }
        if let Some(d) = self.read_only_dependents.borrow().get(scenario) {
            return d.clone();
        }
        // Two threads of one block in the same iteration of every loop
        // around a uniform read get one value from it anyway (see
        // `Exec::havoc`): such a read is no new excuse for equal stores.
        let excused = |read: StmtId, loops: &[StmtId]| {
            scenario.same_block
                && self.uniformity.def_is_uniform(read)
                && loops.iter().all(|l| scenario.shared_loops.contains(l))
        };
        let d = Rc::new(read_only_dependents(self.kernel, &self.read_only, &excused));
        self.read_only_dependents
            .borrow_mut()
            .insert(scenario.clone(), d.clone());
        d
    }

    fn func(&self, name: &str, args: &[&Val], ret: ScalarTy) -> Val {
        let sort_of = |v: &Val| match v {
            Val::B(_) => Sort::bool(),
            Val::I(..) => Sort::int(),
        };
        let ret_sort = if ret == ScalarTy::Bool {
            Sort::bool()
        } else {
            Sort::int()
        };
        let mut key = name.to_string();
        for a in args {
            key.push_str(if matches!(a, Val::B(_)) { "_b" } else { "_i" });
        }
        // One function per return type, not per sort: a range axiom on the
        // results of `float32_to_int` as `unsigned char` must not constrain
        // its results as `int` (the same symbol otherwise).
        key.push_str(&format!("->{ret:?}"));
        let mut funcs = self.funcs.borrow_mut();
        let decl = funcs.entry(key.clone()).or_insert_with(|| {
            let sorts: Vec<Sort> = args.iter().map(|a| sort_of(a)).collect();
            let refs: Vec<&Sort> = sorts.iter().collect();
            FuncDecl::new(key.as_str(), &refs, &ret_sort)
        });
        let dyn_args: Vec<&dyn Ast> = args
            .iter()
            .map(|a| match a {
                Val::B(b) => b as &dyn Ast,
                Val::I(x, _) => x as &dyn Ast,
            })
            .collect();
        let r = decl.apply(&dyn_args);
        match ret {
            ScalarTy::Bool => r
                .as_bool()
                .map(Val::B)
                .unwrap_or_else(|| Val::B(Bool::fresh_const("apply"))),
            ty => Val::I(
                r.as_int().unwrap_or_else(|| Int::fresh_const("apply")),
                Range::of(ty),
            ),
        }
    }
}

/// The block extents the launch of `opts` fixes: given ones, and 1 in a
/// dimension the kernel never reads (unless `--no-assume-unused-dims`).
pub fn known_block_dims(kernel: &Kernel, opts: &CheckOptions) -> [Option<u32>; 3] {
    let launch = &opts.launch;
    let (block_used, _) = used_dimensions(kernel);
    let assume_unused = !launch.no_unused_dims_assumption;
    std::array::from_fn(|d| {
        launch
            .block_dim
            .map(|b| b[d])
            .or(launch.partial_block_dim[d])
            .or(if d > 0 && assume_unused && !block_used[d] {
                Some(1)
            } else {
                None
            })
    })
}

/// The grid extents the launch of `opts` fixes: given ones, and 1 in a
/// dimension the kernel never reads (unless `--no-assume-unused-dims`).
pub fn known_grid_dims(kernel: &Kernel, opts: &CheckOptions) -> [Option<u32>; 3] {
    let launch = &opts.launch;
    let (_, grid_used) = used_dimensions(kernel);
    let assume_unused = !launch.no_unused_dims_assumption;
    std::array::from_fn(|d| {
        launch
            .grid_dim
            .map(|g| g[d])
            .or(launch.partial_grid_dim[d])
            .or(if d > 0 && assume_unused && !grid_used[d] {
                Some(1)
            } else {
                None
            })
    })
}

/// The most threads a block of this kernel can have: the stated launch
/// bound, `__launch_bounds__`, or the hardware's 1024 (at least 1).
pub fn max_threads_per_block(kernel: &Kernel, opts: &CheckOptions) -> i128 {
    i128::from(
        opts.launch
            .max_threads_per_block
            .or(kernel.launch_bounds)
            .unwrap_or(1024)
            .max(1),
    )
}

/// Whether the launch of `opts` is known to have a single block.
pub fn grid_known_single(opts: &CheckOptions) -> bool {
    opts.launch
        .grid_dim
        .map(|g| g.iter().all(|x| *x <= 1))
        .unwrap_or(false)
}

/// Which dimensions (see [`used_dimensions`]) each kernel of a check in
/// progress on this thread reads, by the kernel's address (see
/// [`UsedDimensionsScope`]).
type UsedDimensionsMemo = Vec<(*const Kernel, ([bool; 3], [bool; 3]))>;

thread_local! {
    static USED_DIMENSIONS: std::cell::RefCell<UsedDimensionsMemo> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Keeps a kernel's used dimensions while one check of it runs: the launch
/// extents ([`known_block_dims`], [`known_grid_dims`]) are asked by every
/// analysis of the check (a dozen times), and each answer walked the whole
/// kernel, a fifth of the time of a kernel decided without the solver. The
/// scope borrows the kernel, so for as long as it lives the kernel cannot
/// change or move and its address names it (no other kernel can have that
/// address meanwhile); a kernel at another address is walked as before.
pub(crate) struct UsedDimensionsScope<'k> {
    kernel: &'k Kernel,
}

impl<'k> UsedDimensionsScope<'k> {
    /// Walks `kernel` once and answers from that walk until dropped.
    pub(crate) fn new(kernel: &'k Kernel) -> UsedDimensionsScope<'k> {
        let used = scan_used_dimensions(kernel);
        USED_DIMENSIONS.with(|memo| memo.borrow_mut().push((kernel as *const Kernel, used)));
        UsedDimensionsScope { kernel }
    }
}

impl Drop for UsedDimensionsScope<'_> {
    fn drop(&mut self) {
        let address = self.kernel as *const Kernel;
        USED_DIMENSIONS.with(|memo| {
            let mut memo = memo.borrow_mut();
            if let Some(i) = memo.iter().rposition(|(k, _)| *k == address) {
                memo.remove(i);
            }
        });
    }
}

/// Which dimensions of (threadIdx/blockDim, blockIdx/gridDim) the kernel reads
/// (x always counts as read).
fn used_dimensions(kernel: &Kernel) -> ([bool; 3], [bool; 3]) {
    let address = kernel as *const Kernel;
    let kept = USED_DIMENSIONS.with(|memo| {
        memo.borrow()
            .iter()
            .rev()
            .find(|(k, _)| *k == address)
            .map(|(_, used)| *used)
    });
    kept.unwrap_or_else(|| scan_used_dimensions(kernel))
}

/// [`used_dimensions`] by a walk of the whole kernel.
fn scan_used_dimensions(kernel: &Kernel) -> ([bool; 3], [bool; 3]) {
    fn scan(e: &Expr, out: &mut ([bool; 3], [bool; 3])) {
        match e {
            Expr::Builtin(Builtin::ThreadIdx(d) | Builtin::BlockDim(d)) => {
                out.0[usize::from(*d).min(2)] = true
            }
            Expr::Builtin(Builtin::BlockIdx(d) | Builtin::GridDim(d)) => {
                out.1[usize::from(*d).min(2)] = true
            }
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => scan(a, out),
            Expr::Binary(_, a, b, _) => {
                scan(a, out);
                scan(b, out);
            }
            Expr::Select(c, a, b, _) => {
                scan(c, out);
                scan(a, out);
                scan(b, out);
            }
            // `get_sub_group_id()` is not a read of the ids it is a
            // function of (see `crate::ir::sub_group_id`): the program does
            // not name a dimension by calling it, and in a launch of extent
            // 1 in y and z those arguments are 0 in every work-item, which
            // the unknown function allows like any other mapping.
            Expr::Apply(name, _, _) if name == crate::ir::SUB_GROUP_ID => {}
            Expr::Apply(_, args, _) => args.iter().for_each(|a| scan(a, out)),
            _ => {}
        }
    }
    let mut out = ([true, false, false], [true, false, false]);
    // Every expression counts, preconditions and barrier operands included:
    // a dimension read only in `__requires(blockDim.y == 2)` is read, and
    // taking its extent as 1 would make the precondition exclude every
    // execution (a vacuous race-free verdict).
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        for e in crate::ir::walk::stmt_exprs(s) {
            scan(e, &mut out);
        }
    });
    out
}

/// Static type of an expression.
pub fn type_of(kernel: &Kernel, e: &Expr) -> ScalarTy {
    match e {
        Expr::Int(_, ty) | Expr::Float(_, ty) => *ty,
        Expr::Var(v) => kernel
            .vars
            .get(v.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::INT),
        Expr::Param(p) => kernel
            .params
            .get(p.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::INT),
        Expr::Builtin(_) => ScalarTy::UINT,
        Expr::Unary(_, _, ty)
        | Expr::Binary(_, _, _, ty)
        | Expr::Cast(ty, _)
        | Expr::Select(_, _, _, ty) => *ty,
        Expr::Apply(_, _, ty) => *ty,
    }
}

/// C's usual arithmetic conversions for two integer types.
fn common_type(a: ScalarTy, b: ScalarTy) -> ScalarTy {
    match (a, b) {
        (ScalarTy::Float { bits: x }, ScalarTy::Float { bits: y }) => {
            ScalarTy::Float { bits: x.max(y) }
        }
        (f @ ScalarTy::Float { .. }, _) | (_, f @ ScalarTy::Float { .. }) => f,
        (ScalarTy::Bool, ScalarTy::Bool) => ScalarTy::INT,
        (ScalarTy::Bool, t) | (t, ScalarTy::Bool) => common_type(t, ScalarTy::INT),
        (
            ScalarTy::Int {
                bits: x,
                signed: sx,
            },
            ScalarTy::Int {
                bits: y,
                signed: sy,
            },
        ) => {
            let bits = x.max(y).max(32);
            let signed = if x == y {
                sx && sy
            } else if x > y {
                sx || (x < 32 && y < 32)
            } else {
                sy || (x < 32 && y < 32)
            };
            ScalarTy::Int { bits, signed }
        }
    }
}

struct Exec<'e, 'k> {
    enc: &'e Encoder<'k>,
    thread: usize,
    scenario: &'e Scenario,
    env: Vec<Option<Val>>,
    guard: Bool,
    alive: Bool,
    /// The thread has run a kernel `return` (an under-approximation: returns
    /// in earlier iterations of a loop or in a loop already left count not).
    exited: Bool,
    broken: Bool,
    continued: Bool,
    loop_stack: Vec<StmtId>,
    /// Generation of the arrival each arrival token holds.
    tokens: HashMap<VarId, Int>,
    out: ExecResult,
    depth: u32,
    /// Statements executed (the deadline is looked at every few hundred).
    steps: u32,
    /// Nesting of `row_major` readings (bounded: quadratic lemma count).
    row_major_depth: u32,
    /// Conditions under which the expression being evaluated is evaluated by
    /// the program (the arm of a `?:`, the right operand of `&&`/`||`).
    expr_guards: Vec<Bool>,
    /// Evaluating an access's offset (see [`Self::arith_result`]).
    in_offset: bool,
    /// Evaluating index arithmetic, where the index-arithmetic assumption
    /// applies: an access's offset, or the definition of one of
    /// [`Encoder::index_locals`] evaluated a second time for its unwrapped
    /// value (see [`Exec::raw_values`]).
    in_index: bool,
    /// The no-wrap facts of the index arithmetic being evaluated; they
    /// become the premise of the access whose offset they compute (see
    /// [`AccessSym::premise`]).
    pending: Vec<Bool>,
    /// The facts of [`Exec::pending`] about sizes only (see
    /// [`Exec::push_index_fact`]); they also hold for the thread's path.
    size_pending: Vec<Bool>,
    /// For each index local, its value as C computes it (wrapping), its
    /// value under the index-arithmetic assumption, and the facts that make
    /// them equal: an access's offset that reads the local while it still
    /// holds that value uses the unwrapped one and assumes the facts there.
    raw_values: HashMap<VarId, (Int, Val, Vec<Bool>)>,
    /// For each counter of the loops being executed whose first value is an
    /// index local's definition (`for (int r = blockIdx.x * n; ..; r++)`):
    /// the no-wrap facts of that definition (see [`Exec::raw_values`]). The
    /// first value is index arithmetic of every access whose offset reads
    /// the counter: such an access assumes them where it is reached (see
    /// [`Self::note_counter_starts`]).
    counter_starts: HashMap<VarId, Vec<Bool>>,
    /// The loop whose last iteration is being executed again, for its exit
    /// values (see [`Self::last_iteration_fact`]).
    pass: Option<LastPass>,
    /// The states at the `break`s and `continue`s of the loop whose last
    /// iteration is being executed (not of loops nested in it).
    jumps: Option<Jumps>,
    /// Float comparisons and float-to-integer conversions seen, for the
    /// range facts of [`Exec::float_range_facts`].
    floats: FloatBounds,
    /// Bounds of the real values of float terms (see `check::float_range`).
    float_values: FloatValues,
    /// Integer terms known to take one of a few values (see
    /// [`Exec::finite_image`]): `1 << k`, arithmetic on it with constants,
    /// and the loop counters ([`Exec::counter_value_set`]) computed from them.
    finite_terms: HashMap<Int, Vec<i128>>,
    /// The operands of the last integer [`Exec::binary`] operation.
    last_operands: Option<(Int, Int)>,
    /// Unsigned left shifts of an index term by a run-time size kept
    /// unwrapped under the index-arithmetic assumption (see
    /// [`Exec::index_shift_fits`]): index arithmetic for the conversions
    /// that follow, like the sums and products of [`is_index_arithmetic`].
    index_shifts: HashSet<Int>,
    /// The latest execution of each read that a later read repeats (see
    /// [`Encoder::repeated_reads`]): its enabling condition, byte offset and value.
    read_records: HashMap<StmtId, (Bool, Int, Val)>,
    /// Per bounded atomic ticket (see `check::stride_tickets`), the premises
    /// of its bound as evaluated where its loop starts, and the bound.
    ticket_bounds: HashMap<StmtId, (Bool, Int)>,
}

/// What [`Exec::float_range_facts`] pairs: for float terms `x`, the
/// comparisons `x >= 0.0` and `x < (float)n`, and the integers converted
/// from `floor(x)`, `trunc(x)` or `x` itself.
#[derive(Default)]
struct FloatBounds {
    /// `(x, b)`: `b` is the value of `x >= 0`.
    at_least_zero: Vec<(Int, Bool)>,
    /// `(x, n, b)`: `b` is the value of `x < (float)n` for the integer `n`.
    below: Vec<(Int, Int, Bool)>,
    /// `(x, r, max)`: `r` is the integer (of largest value `max`) converted
    /// from `floor(x)`, `trunc(x)` or `x`.
    converted: Vec<(Int, Int, i128)>,
}

/// A second execution of a loop's last iteration (see
/// [`Exec::last_iteration_fact`]).
struct LastPass {
    /// The loop.
    id: StmtId,
    /// Loops around a statement directly in its body (the enclosing ones
    /// and the loop itself).
    depth: usize,
    /// Every thread of the block runs the loop equally often, so two threads
    /// of one block have the same last iteration.
    shareable: bool,
    /// Prefix of the names of the values this execution makes up.
    prefix: String,
    /// The variables the exit values depend on (see [`relevant_vars`]):
    /// statements that define none of them are not executed again.
    relevant: BTreeSet<VarId>,
}

/// The variables of a loop whose values the exit values of `live` depend
/// on: `live`, what the loop condition reads, and, to a fixpoint, what the
/// assignments to them in `blocks` (the parts of the loop executed again)
/// read and the conditions of the branches and loops that contain such an
/// assignment or a jump. A statement that assigns none
/// of them and jumps nowhere cannot change an exit value of `live`, nor any
/// value such a computation reads, so the last iteration's execution may
/// skip it (see [`Exec::last_iteration_fact`]).
fn relevant_vars(cond: &Expr, blocks: &[&Block], live: &[VarId]) -> BTreeSet<VarId> {
    let mut relevant: BTreeSet<VarId> = live.iter().copied().collect();
    let mut read = Vec::new();
    vars_of(cond, &mut read);
    relevant.extend(read);
    loop {
        let before = relevant.len();
        let mut add = Vec::new();
        for block in blocks {
            crate::ir::walk::for_each_stmt(block, &mut |s| match &s.kind {
                StmtKind::Assign { var, value } if relevant.contains(var) => {
                    vars_of(value, &mut add)
                }
                StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. }
                    if matters_in_last_iteration(s, &relevant) =>
                {
                    vars_of(cond, &mut add)
                }
                _ => {}
            });
        }
        relevant.extend(add);
        if relevant.len() == before {
            return relevant;
        }
    }
}

/// Whether `stmt` (with what it contains) defines one of `relevant` or
/// jumps (`break`, `continue`, `return`).
fn matters_in_last_iteration(stmt: &Stmt, relevant: &BTreeSet<VarId>) -> bool {
    let mut found = false;
    let mut visit = |s: &Stmt| {
        found |= match &s.kind {
            StmtKind::Assign { var, .. } | StmtKind::Havoc { var } => relevant.contains(var),
            StmtKind::Read { dest, .. } => relevant.contains(dest),
            StmtKind::Atomic { dest, .. } | StmtKind::Collective { dest, .. } => {
                dest.is_some_and(|d| relevant.contains(&d))
            }
            StmtKind::NamedBarrier { token, .. } => token.is_some_and(|t| relevant.contains(&t)),
            StmtKind::Break | StmtKind::Continue | StmtKind::Return => true,
            _ => false,
        };
    };
    visit(stmt);
    for child in crate::ir::walk::child_blocks(stmt) {
        crate::ir::walk::for_each_stmt(child, &mut visit);
    }
    found
}

/// The states at the jumps of a loop body: the condition under which the
/// jump is taken and the variables' values there.
#[derive(Default)]
struct Jumps {
    breaks: Vec<(Bool, Vec<Option<Val>>)>,
    continues: Vec<(Bool, Vec<Option<Val>>)>,
}

/// The results of loop-head invariant searches, per loop and thread: the
/// variables the search considered and the candidates it proved (empty when
/// it gave up or none held).
pub(crate) type InvariantMemo = HashMap<(StmtId, usize), (Vec<VarId>, Vec<Candidate>)>;

/// A candidate loop-head invariant of a variable `v` the loop modifies (not a
/// counter), relative to its value `v0` on loop entry (see
/// [`Exec::loop_invariants`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The variable.
    var: VarId,
    /// The relation.
    shape: Shape,
    /// Stated only where the loop condition holds (`cond => P`): what the
    /// body may use, and inductive also when the iteration that leaves the
    /// loop breaks `P` (`lsize = n - j` in the last tile).
    guarded: bool,
}

/// The relation of a [`Candidate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `v == v0`.
    Same,
    /// `v >= v0`.
    AtLeastEntry,
    /// `v <= v0`.
    AtMostEntry,
    /// `v >= 0`.
    NonNegative,
    /// `v >= 1`.
    Positive,
    /// `v % 2^k == 0`, for `2^k` the largest power of two dividing a
    /// constant entry value (a mask or stride that starts at 8 and only
    /// doubles keeps its low bits clear; see [`pow2_candidate_exponent`]).
    MultipleOfPow2(u8),
    /// `n >= 0 => 0 <= v && 2^40 v <= N n + C` for the bound the entry value
    /// has as an integer converted from a float proportional to `n` (see
    /// `FloatValues::proportional_bound`): a variable reassigned
    /// `(int)(rand01() * n)` in a loop keeps the bound of each such value.
    /// Stated as `true` where the entry value has no such bound.
    ProportionalToEntry,
    /// `v != w` (flag false) or `v == w` (flag true) for another variable
    /// `w` the loop modifies, tried as the two enter the loop with
    /// different (equal) constants: the selectors of two pointers swapped
    /// every iteration (`t = cur; cur = nxt; nxt = t` over two shared
    /// buffers) keep their relation, so the pointers keep pointing at
    /// different buffers. Stated as `true` where `w` has no integer value.
    Related(VarId, bool),
}

impl Shape {
    const ALL: [Shape; 5] = [
        Shape::Same,
        Shape::AtLeastEntry,
        Shape::AtMostEntry,
        Shape::NonNegative,
        Shape::Positive,
    ];

    /// The relation between the value `v` and the entry value `v0`.
    fn holds(self, v: &Int, v0: &Int) -> Bool {
        match self {
            Shape::Same => v.eq(v0),
            Shape::AtLeastEntry => v.ge(v0),
            Shape::AtMostEntry => v.le(v0),
            Shape::NonNegative => v.ge(Int::from_i64(0)),
            Shape::Positive => v.ge(Int::from_i64(1)),
            // Euclidean remainder: also a multiple when negative.
            Shape::MultipleOfPow2(k) => v.modulo(Int::from_i128(1i128 << k)).eq(Int::from_i64(0)),
            // Need the entry value's recorded bound or the other variable's
            // value: see `Exec::candidate_in`.
            Shape::ProportionalToEntry | Shape::Related(..) => Bool::from_bool(true),
        }
    }
}

/// The exponent `k` of the largest power of two dividing a constant entry
/// value, as a [`Shape::MultipleOfPow2`] candidate: None for 0 and odd
/// values (nothing to say) and past 64 bits (no variable is wider). Like every
/// candidate it is kept only when the solver proves it inductive, so the
/// choice only decides which facts are tried, never which hold.
fn pow2_candidate_exponent(entry: i128) -> Option<u8> {
    let k = entry.trailing_zeros();
    (entry != 0 && (1..=63).contains(&k)).then_some(k as u8)
}

/// Most [`Shape::Related`] candidates of one loop's invariant search.
const RELATED_PAIRS_MAX: usize = 6;

/// Most solver queries of each phase (entry, step) of one loop's invariant
/// search: past them, no candidate is kept (the search costs at most this
/// many queries of [`INVARIANT_QUERY_RLIMIT`] per loop and thread).
const HOUDINI_MAX_ROUNDS: usize = 6;

/// Solver work (Z3 `rlimit` units) for one query of the invariant search: a
/// query that needs more answers `unknown`, and its candidates are dropped.
const INVARIANT_QUERY_RLIMIT: u32 = 200_000;

/// Solver work (Z3 `rlimit` units) for all invariant searches of one kernel
/// check: past it no loop gets inferred invariants (fewer facts, so more
/// behaviours: sound). Without a kernel-wide cap a kernel with many loops
/// spent up to 12 such queries per loop and thread, seconds of time that the
/// kernel's work budget did not count, so the wall-clock backstop decided its
/// verdict (load-dependent) before any race query ran.
const INVARIANT_KERNEL_WORK: u64 = 400_000;

/// Work units charged per step of a symbolic execution (a statement or an
/// expression node evaluated), so that the kernel's work budget bounds the
/// executions too (they build the queries' terms and simplify them: on a
/// fully unrolled kernel, seconds that no solver call counted). HeCBench
/// merkle's `Phase1` runs about 270 steps per millisecond of CPU (625,000
/// steps for two threads of one scenario); at the checker's 250 units per
/// millisecond that is about 1 unit per step, and 2 keep a kernel whose
/// time goes to its executions within its budget with the front end's time
/// (which the backstop also counts) on top.
pub const EXEC_UNITS_PER_STEP: u64 = 2;

/// Solver work for the first query of a round with several candidates: a
/// candidate whose refutation needs a hard model (a seed of a 64-bit linear
/// congruential generator whose remainder is 0: a Diophantine equation in
/// 2^63) made the whole conjunction `unknown` at [`INVARIANT_QUERY_RLIMIT`],
/// and with it every candidate of the loop was lost.
const INVARIANT_JOINT_RLIMIT: u32 = 50_000;

/// Solver work for each single-candidate query after a joint `unknown`.
const INVARIANT_SINGLE_RLIMIT: u32 = 20_000;

/// Below this much work left, an invariant query is not started.
const INVARIANT_MIN_QUERY_WORK: u64 = 5_000;

/// Z3's cumulative work counter of the solver's context.
pub(crate) fn work_count(solver: &z3::Solver) -> u64 {
    match solver.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        Some(z3::StatisticsValue::Double(x)) => x.max(0.0) as u64,
        None => 0,
    }
}

/// Drops the candidates that fail in the solver's current context, one model
/// at a time, until the rest all hold (true) or the solver gives up or
/// [`HOUDINI_MAX_ROUNDS`] pass (false, with no candidate kept).
fn houdini(
    solver: &z3::Solver,
    work_left: &Cell<u64>,
    work_spent: &Cell<u64>,
    candidates: &mut Vec<Candidate>,
    mut term: impl FnMut(&Candidate) -> Option<Bool>,
) -> bool {
    for _ in 0..HOUDINI_MAX_ROUNDS {
        match houdini_round(solver, work_left, work_spent, candidates, &mut term) {
            None => break,
            Some(true) => return true,
            Some(false) if candidates.is_empty() => return true,
            Some(false) => {}
        }
    }
    candidates.clear();
    false
}

/// One Houdini round: whether every candidate holds (`unsat` of the
/// negated conjunction); if not, drops the candidates the model falsifies
/// (at least one) and answers false; None when the solver gives up or the
/// kernel's invariant work ([`INVARIANT_KERNEL_WORK`]) is spent. When the
/// conjunction of several candidates answers `unknown`, each candidate is
/// asked alone: those not proved (`sat` or `unknown`) are dropped, which
/// only weakens the set; the callers repeat rounds until one proves every
/// survivor under the survivors alone, so the fixpoint stays inductive.
fn houdini_round(
    solver: &z3::Solver,
    work_left: &Cell<u64>,
    work_spent: &Cell<u64>,
    candidates: &mut Vec<Candidate>,
    mut term: impl FnMut(&Candidate) -> Option<Bool>,
) -> Option<bool> {
    let terms: Vec<Option<Bool>> = candidates.iter().map(&mut term).collect();
    candidates.retain({
        let mut i = 0;
        let terms = &terms;
        move |_| {
            i += 1;
            terms[i - 1].is_some()
        }
    });
    let terms: Vec<Bool> = terms.into_iter().flatten().collect();
    if terms.is_empty() {
        return Some(true);
    }
    let left = work_left.get();
    if left < INVARIANT_MIN_QUERY_WORK {
        return None;
    }
    let joint_limit = if terms.len() > 1 {
        INVARIANT_JOINT_RLIMIT
    } else {
        INVARIANT_QUERY_RLIMIT
    };
    let mut params = z3::Params::new();
    params.set_u32("rlimit", left.min(u64::from(joint_limit)) as u32);
    solver.set_params(&params);
    solver.push();
    solver.assert(Bool::and(&terms).not());
    if let Some(dir) = std::env::var_os("SYNCWRIGHT_DUMP") {
        static DUMPED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = DUMPED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::path::Path::new(&dir).join(format!("invariant-{n:05}.smt2"));
        let _ = std::fs::write(path, solver.to_smt2());
    }
    let before = work_count(solver);
    let started = std::time::Instant::now();
    let answer = solver.check();
    let spent = work_count(solver).saturating_sub(before);
    if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
        eprintln!(
            "[syncwright] invariant query: {answer:?} in {:.1} ms, {spent} work units, {} candidates",
            started.elapsed().as_secs_f64() * 1e3,
            terms.len()
        );
    }
    work_left.set(left.saturating_sub(spent));
    work_spent.set(work_spent.get().saturating_add(spent));
    let result = match answer {
        z3::SatResult::Unsat => Some(true),
        z3::SatResult::Unknown if terms.len() > 1 => {
            solver.pop(1);
            return houdini_singles(solver, work_left, work_spent, candidates, &terms);
        }
        z3::SatResult::Unknown => None,
        z3::SatResult::Sat => {
            let model = solver.get_model();
            let before = candidates.len();
            let mut keep = Vec::with_capacity(before);
            for (c, t) in candidates.iter().zip(&terms) {
                // A candidate the model does not show true is dropped.
                let holds = model
                    .as_ref()
                    .and_then(|m| m.eval(t, true))
                    .and_then(|b| b.as_bool())
                    .unwrap_or(false);
                if holds {
                    keep.push(*c);
                }
            }
            if keep.len() == before {
                // No model to tell which failed: give up.
                None
            } else {
                *candidates = keep;
                Some(false)
            }
        }
    };
    solver.pop(1);
    result
}

/// The single-candidate queries of [`houdini_round`] after its joint query
/// answered `unknown`: keeps the candidates proved alone (`unsat` of their
/// negation); true when every one is, None when the work ran out first.
fn houdini_singles(
    solver: &z3::Solver,
    work_left: &Cell<u64>,
    work_spent: &Cell<u64>,
    candidates: &mut Vec<Candidate>,
    terms: &[Bool],
) -> Option<bool> {
    let mut keep = Vec::with_capacity(candidates.len());
    for (c, t) in candidates.iter().zip(terms) {
        let left = work_left.get();
        if left < INVARIANT_MIN_QUERY_WORK {
            return None;
        }
        let mut params = z3::Params::new();
        params.set_u32(
            "rlimit",
            left.min(u64::from(INVARIANT_SINGLE_RLIMIT)) as u32,
        );
        solver.set_params(&params);
        solver.push();
        solver.assert(t.not());
        let before = work_count(solver);
        let answer = solver.check();
        let spent = work_count(solver).saturating_sub(before);
        solver.pop(1);
        if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
            eprintln!("[syncwright] invariant single query: {answer:?}, {spent} work units");
        }
        work_left.set(left.saturating_sub(spent));
        work_spent.set(work_spent.get().saturating_add(spent));
        if answer == z3::SatResult::Unsat {
            keep.push(*c);
        }
    }
    let all = keep.len() == candidates.len();
    *candidates = keep;
    Some(all)
}

/// The largest loop (in statements) whose last iteration is executed again
/// for its exit values.
const LAST_ITERATION_MAX_STMTS: usize = 256;

/// `c ? then : other`, or `then` itself when both arms are the same term
/// (Z3 shares equal terms, so `==` is structural): `ite(c, x, x) = x`. A
/// branch that neither returns nor breaks leaves the control flags as they
/// were, and an `ite` per such branch made every later path fact carry the
/// conditions of every data-dependent branch before it (a kernel of inlined
/// carry checks built facts of megabytes, re-simplified per query).
fn ite_or_same<A: Ast + Clone + PartialEq>(c: &Bool, then: &A, other: &A) -> A {
    if then == other {
        then.clone()
    } else {
        c.ite(then, other)
    }
}

/// `then_env` where `c` holds, else `else_env`; a variable without a value
/// in either has none.
fn merge_envs(c: &Bool, then_env: &[Option<Val>], else_env: &[Option<Val>]) -> Vec<Option<Val>> {
    then_env
        .iter()
        .zip(else_env)
        .map(|(t, e)| match (t, e) {
            (Some(t), Some(e)) if t == e => Some(t.clone()),
            (Some(Val::B(t)), Some(Val::B(e))) => Some(Val::B(c.ite(t, e))),
            (Some(Val::I(t, rt)), Some(Val::I(e, re))) => Some(Val::I(c.ite(t, e), rt.join(*re))),
            _ => None,
        })
        .collect()
}

/// The locals whose value flows into some access's offset: mentioned in an
/// offset, or in the definition of such a local (a fixpoint). Their
/// definitions are index arithmetic (see [`Exec::index_arithmetic_fits`]);
/// other values (a hash stored to memory, an overflow check) keep C's
/// modular arithmetic.
fn index_locals(kernel: &Kernel) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |stmt| {
        if let StmtKind::Read { access, .. }
        | StmtKind::Write { access, .. }
        | StmtKind::Atomic { access, .. } = &stmt.kind
        {
            let mut vars = Vec::new();
            vars_of(&access.offset, &mut vars);
            out.extend(vars);
        }
    });
    loop {
        let before = out.len();
        crate::ir::walk::for_each_stmt(&kernel.body, &mut |stmt| {
            if let StmtKind::Assign { var, value } = &stmt.kind {
                if out.contains(var) {
                    let mut vars = Vec::new();
                    vars_of(value, &mut vars);
                    out.extend(vars);
                }
            }
        });
        if out.len() == before {
            return out;
        }
    }
}

/// The locals whose values can change what the race and divergence queries
/// ask: read by an access's offset or an atomic's operand, a loop condition,
/// an assumption, a collective's or named barrier's arguments, or the
/// condition of a branch that contains anything but assignments to other
/// locals (an access, a barrier, a jump, an assumption), or by the definition
/// of such a local (a fixpoint). A local outside the set reaches the queries
/// only as a value stored to memory, which matters for the benign-race
/// comparison alone; facts about it are not needed there (fewer facts only
/// allow more executions), so the loop-invariant search
/// ([`Exec::loop_invariants`]) skips it.
fn consequential_locals(kernel: &Kernel) -> BTreeSet<VarId> {
    flowing_locals(kernel, false, BTreeSet::new())
}

/// The locals whose values can reach anything an execution of
/// [`Exec`] hands to the checker: the [`consequential_locals`], what flows
/// into a value stored to memory (the benign-race comparison reads it), and
/// the locals an asynchronous copy's result is carried back in (their havoc
/// terms are recorded, see `ExecResult::carried_backs`). The others are dead
/// for the checker (see [`dead_statements`]).
fn live_locals(kernel: &Kernel) -> BTreeSet<VarId> {
    let carried = kernel
        .asyncs
        .carried_back_vars
        .iter()
        .map(|(.., v)| *v)
        .collect();
    flowing_locals(kernel, true, carried)
}

/// The statements of `kernel` an execution can skip: assignments and
/// havocs of locals outside [`live_locals`], and branches whose arms hold
/// nothing else (recursively; a loop is never skipped, its body's dead
/// statements are); a read into a dead local is executed as an access (it
/// may race) but its value is not made (no term, no range or link facts).
/// Sound to skip, whatever the kernel: a dead local's value
/// flows, through any chain of definitions, only into other dead locals
/// (the set is closed under the definitions of live locals), never into an
/// access's offset or stored value, an atomic's operand, a branch around an
/// access, a barrier, a jump or an assumption, a loop bound, a collective's
/// or a named barrier's arguments: so no term of an access, a barrier's
/// enabling condition, a stored value or a fact about any of them mentions
/// it. Skipping its definitions only drops facts their evaluation would
/// have added (wrap and division facts, float ranges, signed no-overflow
/// assumptions about dead values): fewer facts allow more executions, so no
/// race is lost; and should a live expression read a skipped local after
/// all, it gets the arbitrary value of an uninitialised local, per thread
/// (over-approximate, never shared by the two threads). A merkle-style hash
/// permutation of hundreds of thousands of steps, computed into per-thread
/// memory whose writes are dropped, then costs nothing.
fn dead_statements(kernel: &Kernel, live: &BTreeSet<VarId>) -> HashSet<StmtId> {
    /// Marks the dead statements of `block`; answers whether all are dead.
    fn mark(block: &Block, live: &BTreeSet<VarId>, out: &mut HashSet<StmtId>) -> bool {
        let mut all = true;
        for stmt in &block.stmts {
            let dead = match &stmt.kind {
                StmtKind::Assign { var, .. } | StmtKind::Havoc { var } => !live.contains(var),
                StmtKind::If { then_, else_, .. } => {
                    let then_dead = mark(then_, live, out);
                    let else_dead = mark(else_, live, out);
                    then_dead && else_dead
                }
                StmtKind::Loop {
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    for b in [cond_prelude, body, step] {
                        mark(b, live, out);
                    }
                    false
                }
                _ => false,
            };
            if dead {
                out.insert(stmt.id);
            }
            all &= dead;
        }
        all
    }
    let mut out = HashSet::default();
    mark(&kernel.body, live, &mut out);
    out
}

/// The fixpoint behind [`consequential_locals`] (`stored` false) and
/// [`live_locals`] (`stored` true: a stored value's locals are roots too),
/// from the locals of `set`.
fn flowing_locals(kernel: &Kernel, stored: bool, mut set: BTreeSet<VarId>) -> BTreeSet<VarId> {
    /// Adds the roots and definitions' reads of one pass over `block`;
    /// answers whether it contains a statement other than an assignment
    /// to a local outside `set` (or branches and loops of only those).
    fn pass(
        block: &Block,
        set: &BTreeSet<VarId>,
        stored: bool,
        masks: &[Expr],
        add: &mut Vec<VarId>,
    ) -> bool {
        let mut effect = false;
        for stmt in &block.stmts {
            effect |= match &stmt.kind {
                StmtKind::Assign { var, value } => {
                    let inside = set.contains(var);
                    if inside {
                        vars_of(value, add);
                    }
                    inside
                }
                StmtKind::Havoc { var } => set.contains(var),
                StmtKind::Read { access, .. } => {
                    vars_of(&access.offset, add);
                    true
                }
                StmtKind::Write { access, value } => {
                    vars_of(&access.offset, add);
                    if stored {
                        vars_of(value, add);
                    }
                    true
                }
                StmtKind::Atomic { access, op, .. } => {
                    vars_of(&access.offset, add);
                    if let Some(operand) = &op.operand {
                        vars_of(operand, add);
                    }
                    true
                }
                StmtKind::If { cond, then_, else_ } => {
                    let then_effect = pass(then_, set, stored, masks, add);
                    let else_effect = pass(else_, set, stored, masks, add);
                    if then_effect || else_effect {
                        vars_of(cond, add);
                    }
                    then_effect || else_effect
                }
                StmtKind::Loop {
                    cond,
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    // Every loop bound counts: it decides the counters and
                    // the iterations the queries consider.
                    vars_of(cond, add);
                    let mut inner = false;
                    for b in [cond_prelude, body, step] {
                        inner |= pass(b, set, stored, masks, add);
                    }
                    inner
                }
                StmtKind::Assume { cond } => {
                    vars_of(cond, add);
                    true
                }
                StmtKind::Collective { uniform_args, .. } => {
                    uniform_args.iter().for_each(|a| vars_of(a, add));
                    true
                }
                StmtKind::NamedBarrier {
                    barrier,
                    count,
                    token,
                    ..
                } => {
                    vars_of(barrier, add);
                    if let Some(count) = count {
                        vars_of(count, add);
                    }
                    add.extend(token);
                    true
                }
                // An unresolved mask is evaluated at its barrier (see
                // `ExecResult::barrier_in_mask`): its locals count.
                StmtKind::Barrier {
                    scope: crate::ir::BarrierScope::WarpMask { mask },
                    ..
                } => {
                    if let Some(e) = masks.get(*mask as usize) {
                        vars_of(e, add);
                    }
                    true
                }
                StmtKind::Barrier { .. }
                | StmtKind::DeviceFence
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Return => true,
            };
        }
        effect
    }
    loop {
        let mut add = Vec::new();
        pass(&kernel.body, &set, stored, &kernel.warp_masks, &mut add);
        let before = set.len();
        set.extend(add);
        if set.len() == before {
            return set;
        }
    }
}

/// The slots (sorted) of every local the statements of `blocks` assign or
/// read: executing them sets no other slot of the state (an assignment, a
/// read's or an atomic's destination, a token, a loop's head and exit values
/// of what it assigns, or the arbitrary value a read of an uninitialised
/// local gets all name the local in one of these statements).
fn touched_locals(then_: &Block, else_: &Block) -> Vec<usize> {
    let mut seen: BTreeSet<VarId> = BTreeSet::new();
    for block in [then_, else_] {
        crate::ir::walk::for_each_stmt(block, &mut |stmt| {
            let mut exprs: Vec<&Expr> = Vec::new();
            match &stmt.kind {
                StmtKind::Assign { var, value } => {
                    seen.insert(*var);
                    exprs.push(value);
                }
                StmtKind::Havoc { var } => {
                    seen.insert(*var);
                }
                StmtKind::Read { dest, access } => {
                    seen.insert(*dest);
                    exprs.push(&access.offset);
                }
                StmtKind::Write { access, value } => {
                    exprs.push(&access.offset);
                    exprs.push(value);
                }
                StmtKind::Atomic { dest, access, op } => {
                    seen.extend(*dest);
                    exprs.push(&access.offset);
                    exprs.extend(&op.operand);
                }
                StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. } => exprs.push(cond),
                StmtKind::Assume { cond } => exprs.push(cond),
                StmtKind::Collective {
                    uniform_args, dest, ..
                } => {
                    seen.extend(*dest);
                    exprs.extend(uniform_args);
                }
                StmtKind::NamedBarrier {
                    barrier,
                    count,
                    token,
                    ..
                } => {
                    seen.extend(*token);
                    exprs.push(barrier);
                    exprs.extend(count);
                }
                StmtKind::Barrier { .. }
                | StmtKind::DeviceFence
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Return => {}
            }
            for e in exprs {
                crate::ir::walk::for_each_expr(e, &mut |x| {
                    if let Expr::Var(v) = x {
                        seen.insert(*v);
                    }
                });
            }
        });
    }
    seen.into_iter().map(|v| v.0 as usize).collect()
}

/// The largest coefficient of an index term (see [`is_index_term`]).
const INDEX_CONSTANT_MAX: i64 = 1 << 20;

/// Whether `t` is an index term: built with `+` and `*` from thread and
/// block ids, launch sizes, scalar parameters, non-negative numerals and the
/// quotients and remainders of index terms by positive numerals (the
/// constants [`Encoder::new`] and [`Encoder::param`] create; values read from
/// memory, loop counters and other unknowns are havocked under names with a
/// `!`, which never match), with every coefficient of its expansion at most
/// [`INDEX_CONSTANT_MAX`]; then a bound on its coefficients. Larger
/// coefficients are hash and random-number multipliers (`1103515245`,
/// `threadIdx.x * 1000003u * 1000003u`), whose products wrap by design.
fn is_index_term(t: &Int, depth: u32) -> Option<i128> {
    index_term_within(t, depth, &mut 0)
}

/// The most subterms one [`exact_index_term`] question visits: selections
/// merged from branches share their arms' subterms, which a walk of the
/// tree would visit once per path. Past it the term is not one (the
/// assumption is then not made).
const SELECTION_VISITS: u32 = 1 << 14;

/// [`is_index_term`] that also reads a selection `c ? a : b` between two
/// index terms (any condition) as an index term with the larger bound: its
/// value is one of theirs in every execution (HeCBench channelShuffle's `n =
/// kNFirst ? blockIdx.x : blockIdx.y`). Only for [`Exec::exact_index`],
/// which assumes nothing of the terms' signs, so that the rules that do (a
/// signed factor of unsigned index arithmetic is not negative) are not
/// widened.
fn exact_index_term(t: &Int) -> Option<i128> {
    let mut visits = SELECTION_VISITS;
    index_term_within(t, 0, &mut visits)
}

/// [`is_index_term`]; selections count while `visits` is not 0 (each
/// subterm visit takes one).
fn index_term_within(t: &Int, depth: u32, visits: &mut u32) -> Option<i128> {
    use z3::DeclKind;
    let selections = *visits > 0;
    if selections {
        *visits -= 1;
        if *visits == 0 {
            return None;
        }
    }
    if let Some(k) = t.as_i64() {
        return (0..=INDEX_CONSTANT_MAX)
            .contains(&k)
            .then_some(i128::from(k.max(1)));
    }
    if depth > 16 || !t.is_app() {
        return None;
    }
    if t.is_const() {
        let name = t.decl().name();
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let id = |s: &str| {
            s.strip_suffix(|c: char| matches!(c, '0' | '1' | '2'))
                .and_then(|s| s.strip_suffix('_'))
                .is_some_and(|s| matches!(s, "0" | "1"))
        };
        let launch = matches!(
            name.as_str(),
            "blockDim0" | "blockDim1" | "blockDim2" | "gridDim0" | "gridDim1" | "gridDim2"
        ) || name.strip_prefix("tid").is_some_and(id)
            || name.strip_prefix("bid").is_some_and(id)
            || name.strip_prefix("param").is_some_and(digits);
        return launch.then_some(1);
    }
    let kind = head_kind(t)?;
    if matches!(kind, DeclKind::Idiv | DeclKind::Mod) {
        // A quotient or remainder of an index term by a positive numeral (a
        // warp index `threadIdx.x / 32` or `>> 5`, a lane `threadIdx.x % 32`
        // or `& 31`): an index itself. Z3's `div` and `mod` are Euclidean;
        // the encoder builds them for C's `/` and `%` of a non-negative
        // dividend (a possibly negative one becomes an `ite`, which never
        // matches), for `>>` by a constant (floor division) and for `&` by a
        // low-bit mask (two's complement remainder), where they are exact. A
        // quotient of a signed index term (a parameter) may be negative, as
        // the parameter may: the rules for signed index terms apply to it
        // alike. Its coefficient bound is the
        // dividend's divided by `c` (rounded up) for a quotient, at most `c`
        // for a remainder, so a later hash multiplier still exceeds the cap
        // (`n * (t * 65536 / 3) * 196608` grows like `t * 2^32`); a dividend
        // that is not an index term (a hash product) keeps the value out.
        let [dividend, divisor] = t.children().try_into().ok()?;
        let c = i128::from(
            divisor
                .as_int()?
                .as_i64()
                .filter(|c| (1..=INDEX_CONSTANT_MAX).contains(c))?,
        );
        let bound = index_term_within(&dividend.as_int()?, depth + 1, visits)?;
        return Some(if kind == DeclKind::Idiv {
            ((bound + c - 1) / c).max(1)
        } else {
            bound.min(c)
        });
    }
    if kind == DeclKind::Ite {
        // C's truncating quotient of a possibly negative dividend by a
        // positive numeral, as the encoder builds it: `x >= 0 ? x div c :
        // -((-x) div c)`. A quotient of an index term by a positive
        // constant like the Euclidean one above (the same value for
        // `x >= 0`; for a negative signed index term, the quotient C's `/`
        // gives), with the same bound. Any other `ite` never matches.
        let [cond, then, other] = t.children().try_into().ok()?;
        let (cond, then, other) = (cond.as_bool()?, then.as_int()?, other.as_int()?);
        if head_kind(&then) != Some(DeclKind::Idiv) || head_kind(&other) != Some(DeclKind::Uminus) {
            return selections
                .then(|| selected_index_term(&then, &other, depth, visits))
                .flatten();
        }
        let [x, c] = then.children().try_into().ok()?;
        let [negated] = other.children().try_into().ok()?;
        let negated = negated.as_int()?;
        let x = x.as_int()?;
        let c = c.as_int()?;
        let zero = Int::from_i64(0);
        if head_kind(&negated) != Some(DeclKind::Idiv)
            || negated.children()
                != vec![
                    z3::ast::Dynamic::from_ast(&x.unary_minus()),
                    z3::ast::Dynamic::from_ast(&c),
                ]
            || cond != x.ge(&zero)
        {
            return selections
                .then(|| selected_index_term(&then, &other, depth, visits))
                .flatten();
        }
        return index_term_within(&then, depth + 1, visits);
    }
    if !matches!(kind, DeclKind::Add | DeclKind::Mul) {
        return None;
    }
    let mut bound: i128 = 1;
    for c in t.children() {
        let c = index_term_within(&c.as_int()?, depth + 1, visits)?;
        bound = if kind == DeclKind::Mul {
            bound.checked_mul(c)?
        } else {
            bound.max(c)
        };
        if bound > i128::from(INDEX_CONSTANT_MAX) {
            return None;
        }
    }
    Some(bound)
}

/// The larger bound of two selected index terms (see [`exact_index_term`]).
fn selected_index_term(then: &Int, other: &Int, depth: u32, visits: &mut u32) -> Option<i128> {
    let a = index_term_within(then, depth + 1, visits)?;
    let b = index_term_within(other, depth + 1, visits)?;
    Some(a.max(b))
}

/// `q` with `t == d * q` for every value of `t`'s unknowns, read off its
/// structure: a numeral divisible by `d`, a product with a numeral factor
/// divisible by `d`, a sum or difference of such terms. A bit field
/// `(x & 48) >> 4` is encoded as `(16*b4 + 32*b5) div 16`; as the exact
/// quotient `b4 + 2*b5` it stays a plain sum of digits.
fn exact_quotient(t: &Int, d: i128, depth: u32) -> Option<Int> {
    use z3::DeclKind;
    if d <= 0 || depth > 16 {
        return None;
    }
    if let Some(n) = t.as_i64() {
        let n = i128::from(n);
        return (n % d == 0).then(|| Int::from_i128(n / d));
    }
    if !t.is_app() || t.is_const() {
        return None;
    }
    let children: Vec<Int> = t
        .children()
        .iter()
        .map(|c| c.as_int())
        .collect::<Option<_>>()?;
    match head_kind(t) {
        Some(DeclKind::Add | DeclKind::Sub) => {
            let parts: Vec<Int> = children
                .iter()
                .map(|c| exact_quotient(c, d, depth + 1))
                .collect::<Option<_>>()?;
            Some(if head_kind(t) == Some(DeclKind::Add) {
                Int::add(&parts)
            } else {
                Int::sub(&parts)
            })
        }
        Some(DeclKind::Mul) => {
            // One factor divisible by d: that factor divided, the others kept.
            let k = children
                .iter()
                .position(|c| exact_quotient(c, d, depth + 1).is_some())?;
            let mut factors = children.clone();
            factors[k] = exact_quotient(&children[k], d, depth + 1)?;
            Some(Int::mul(&factors))
        }
        _ => None,
    }
}

/// `v` when `t` is the conversion of `v` to an unsigned type as the encoder
/// writes it (`v < 0 ? v + 2^n : v`), else `t` itself.
fn unsigned_operand(t: &Int) -> Int {
    use z3::DeclKind;
    let converted = || -> Option<Int> {
        if !t.is_app() || head_kind(t) != Some(DeclKind::Ite) {
            return None;
        }
        let [cond, then, other] = t.children().try_into().ok()?;
        let (cond, then, v) = (cond.as_bool()?, then.as_int()?, other.as_int()?);
        let offset = then.children().get(1)?.as_int()?.as_i128()?;
        let width_ok = offset > 0 && offset.count_ones() == 1;
        (width_ok
            && then == Int::add(&[v.clone(), Int::from_i128(offset)])
            && cond == v.lt(Int::from_i64(0)))
        .then_some(v)
    };
    converted().unwrap_or_else(|| t.clone())
}

/// Whether `t` mentions a thread id (`threadIdx` of either thread).
fn mentions_thread_id(t: &Int, depth: u32) -> bool {
    if depth > 16 || !t.is_app() {
        return depth > 16;
    }
    if t.is_const() {
        return t.decl().name().starts_with("tid");
    }
    t.children()
        .iter()
        .any(|c| c.as_int().is_none_or(|c| mentions_thread_id(&c, depth + 1)))
}

/// Whether `t` mentions a thread or block id (or is too deep to tell).
fn mentions_id(t: &Int, depth: u32) -> bool {
    if depth > 16 || !t.is_app() {
        return depth > 16;
    }
    if t.is_const() {
        let name = t.decl().name();
        return name.starts_with("tid") || name.starts_with("bid");
    }
    t.children()
        .iter()
        .any(|c| c.as_int().is_none_or(|c| mentions_id(&c, depth + 1)))
}

/// Whether `t` mentions a size the program picks at run time: a scalar
/// parameter or a symbolic launch size (known sizes are numerals).
fn mentions_size(t: &Int, depth: u32) -> bool {
    if depth > 16 || !t.is_app() {
        return false;
    }
    if t.is_const() {
        let name = t.decl().name();
        return name.starts_with("blockDim")
            || name.starts_with("gridDim")
            || name
                .strip_prefix("param")
                .is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
    }
    t.children()
        .iter()
        .any(|c| c.as_int().is_some_and(|c| mentions_size(&c, depth + 1)))
}

/// Whether `t` is an index term computed by `+` or `*` (not a bare id, size,
/// parameter or numeral, whose conversions are not index arithmetic).
fn is_index_arithmetic(t: &Int) -> bool {
    use z3::DeclKind;
    t.is_app()
        && matches!(head_kind(t), Some(DeclKind::Add | DeclKind::Mul))
        && is_index_term(t, 0).is_some()
}

/// The float `y` when `x` is `floor(y)` or `trunc(y)` (an application of the
/// uninterpreted `floorf`, `floor`, `truncf`, `trunc`: see [`Encoder::func`]
/// for the names).
fn rounded_operand(x: &Int) -> Option<Int> {
    if !x.is_app() || x.is_const() {
        return None;
    }
    let name = x.decl().name();
    let base = name.split("_i->").next()?;
    if !matches!(base, "floorf" | "floor" | "truncf" | "trunc") || x.num_children() != 1 {
        return None;
    }
    x.nth_child(0)?.as_int()
}

/// Whether the float term `y` is `0.0` (the bit pattern of `+0.0`, or an
/// integer 0 converted).
fn float_is_zero(y: &Int) -> bool {
    y.as_i64() == Some(0) || converted_integer(y).is_some_and(|n| n.as_i64() == Some(0))
}

/// The integer `n` when the float term `y` is `n` converted to a float
/// (`int_to_float32(n)`, see [`Exec::coerce`]).
fn converted_integer(y: &Int) -> Option<Int> {
    if !y.is_app() || y.is_const() || y.num_children() != 1 {
        return None;
    }
    let name = y.decl().name();
    if !name.starts_with("int_to_float") || !name.contains("_i->") {
        return None;
    }
    y.nth_child(0)?.as_int()
}

/// The narrowest integer width a counter's update converts through, its
/// own type's `bits` included: a conversion to a narrower type reduces the
/// product modulo 2^width (`s = (signed char)(s * 3)` wraps at 8 bits
/// whatever `s`'s type). None when the update converts to a type that is
/// not an integer (or to `bool`).
fn update_width(update: &Expr, bits: u8) -> Option<u8> {
    let mut width = Some(bits);
    crate::ir::walk::for_each_expr(update, &mut |e| {
        if let Expr::Cast(ty, _) = e {
            width = match (width, ty) {
                (Some(w), ScalarTy::Int { bits: b, .. }) => Some(w.min(*b)),
                _ => None,
            };
        }
    });
    width
}

/// `x & y` on bit-vectors of the `k` bits an operand's range needs, when
/// one operand lies in `[0, 2^k)` with `k` below the type's width `n`
/// (`i & (n - 1)` with `n` a block extent, at most 1024: 10 bits, not
/// 32). Two's complement: that operand's `n`-bit pattern is zero from bit
/// `k` up, so the `and` is too (a non-negative value, for either
/// signedness of the type), and its `k` low bits are those of the low `k`
/// bits of both operands, which `int2bv` to `k` bits takes (the value
/// modulo 2^k, as the `n`-bit reduction's low bits are). The same value
/// as [`Exec::via_bits`], with a narrower bit-vector the solver searches
/// far faster (HeCBench pcr's stripped kernel: `a[(i + delta) & (n -
/// 1)]` against `a[i]` went unknown at 1.5 million work units).
fn and_via_low_bits(x: &Int, rx: Range, y: &Int, ry: Range, ty: ScalarTy) -> Option<Val> {
    let ScalarTy::Int { bits, .. } = ty else {
        return None;
    };
    let n = u32::from(bits.max(1));
    // The fewest bits holding [0, hi].
    let width = |r: Range| {
        (r.lo >= 0 && r.hi < pow2(n.min(64) - 1)).then(|| 128 - r.hi.max(1).leading_zeros())
    };
    let k = match (width(rx), width(ry)) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return None,
    };
    if k >= n {
        return None;
    }
    let r = BV::from_int(x, k).bvand(BV::from_int(y, k));
    Some(Val::I(
        Int::from_bv(&r, false),
        Range {
            lo: 0,
            hi: pow2(k) - 1,
        },
    ))
}

fn pow2(n: u32) -> i128 {
    1i128 << n.min(126)
}

impl Exec<'_, '_> {
    /// The uniformity analysis of this execution's scenario: across the grid
    /// at a grid barrier's instance ([`Scenario::grid_instance`]), else
    /// within a block (whose results the other scenarios share only within
    /// one block).
    fn uni(&self) -> &Uniformity {
        match (&self.enc.grid_uniformity, self.scenario.grid_instance) {
            (Some(grid), true) => grid,
            _ => &self.enc.uniformity,
        }
    }

    fn kernel(&self) -> &Kernel {
        self.enc.kernel
    }

    /// Whether evaluating `cond` here gives what [`Exec::new`]'s state
    /// gives (see [`Encoder::entry_facts`]): no local read, not in a loop
    /// or a branch or an expression's arm, no return, break or continue
    /// taken. Expressions read no memory, so nothing else differs.
    fn at_start(&self, cond: &Expr) -> bool {
        let mut read = Vec::new();
        vars_of(cond, &mut read);
        let is = |b: &Bool, v: bool| b.as_bool() == Some(v);
        read.is_empty()
            && self.loop_stack.is_empty()
            && self.pass.is_none()
            && self.jumps.is_none()
            && self.expr_guards.is_empty()
            && is(&self.guard, true)
            && is(&self.alive, true)
            && is(&self.broken, false)
            && is(&self.continued, false)
    }

    fn enabled(&self) -> Bool {
        Bool::and(&[
            self.guard.clone(),
            self.alive.clone(),
            self.broken.not(),
            self.continued.not(),
        ])
    }

    /// A value nobody knows. Shared with the other thread only when uniform and
    /// both threads are in the same iteration of every loop around the site.
    ///
    /// In the second execution of a loop's last iteration (`self.pass`),
    /// names are new, and a value is shared only directly in the loop's body
    /// when both threads have the same last iteration (the loop runs equally
    /// often in every thread of the block).
    /// A read of a shared cell whose stores are all block-invariant (see
    /// [`crate::ir::broadcast`]): where the thread runs it, `v` is
    /// one of `values` evaluated in this thread (its block's values). Each
    /// value's own evaluation facts (no signed overflow, a non-zero
    /// divisor) hold for the store that wrote it, so they are premises of
    /// its disjunct only: a value no store wrote in this execution asserts
    /// nothing.
    fn broadcast_fact(&mut self, v: &Val, values: &[Expr], ty: ScalarTy) {
        let outer = std::mem::take(&mut self.pending);
        let outer_sizes = std::mem::take(&mut self.size_pending);
        let mut disjuncts = Vec::new();
        for e in values {
            let assumed = self.out.assumptions.len();
            let value = self.expr_as(e, ty);
            let mut facts: Vec<Bool> = self.out.assumptions.drain(assumed..).collect();
            facts.append(&mut self.pending);
            facts.append(&mut self.size_pending);
            let Some(differ) = self.enc.values_differ(v, &value) else {
                self.pending = outer;
                self.size_pending = outer_sizes;
                return;
            };
            facts.push(differ.not());
            disjuncts.push(Bool::and(&facts));
        }
        self.pending = outer;
        self.size_pending = outer_sizes;
        let fact = self.enabled().implies(Bool::or(&disjuncts));
        self.out.assumptions.push(fact);
    }

    fn havoc(&mut self, site: &str, ty: ScalarTy, uniform: bool, loops: &[StmtId]) -> Val {
        let in_pass = match &self.pass {
            None => true,
            Some(p) => p.shareable && loops.len() <= p.depth,
        };
        let pass_loop = self.pass.as_ref().map(|p| p.id);
        // Across blocks only at a grid barrier's instance, where `uniform`
        // comes from the grid analysis (`Exec::uni`).
        let shared = (self.scenario.same_block
            || (self.scenario.grid_instance && self.enc.grid_uniformity.is_some()))
            && uniform
            && in_pass
            && loops
                .iter()
                .all(|l| Some(*l) == pass_loop || self.scenario.shared_loops.contains(l));
        let prefix = self.pass.as_ref().map_or("", |p| p.prefix.as_str());
        let name = if shared {
            format!("{prefix}{site}!s")
        } else {
            format!("{prefix}{site}!t{}", self.thread)
        };
        match ty {
            ScalarTy::Bool => Val::B(Bool::new_const(name)),
            ty => {
                let x = Int::new_const(name);
                let r = Range::of(ty);
                if !matches!(ty, ScalarTy::Float { .. }) {
                    // Every value of a C integer type lies in its range.
                    self.out.assumptions.push(Bool::and(&[
                        x.ge(Int::from_i128(r.lo)),
                        x.le(Int::from_i128(r.hi)),
                    ]));
                }
                Val::I(x, r)
            }
        }
    }

    /// The bounds of the tickets loop `id` hands out (see
    /// `check::stride_tickets`), evaluated where it starts: the premises
    /// `blockDim.y == blockDim.z == 1`, step operand `== blockDim.x`, thread
    /// operand `== threadIdx.x`, `s + blockDim.x - 1` in the counter's type
    /// (no wrap of the first value); the bound `e - s` (`e - s + 1` for
    /// `i <= e`). An unsigned counter that may wrap around (the counter
    /// assumption dropped) gets none.
    fn stride_ticket_bounds(&mut self, id: StmtId, cond: &Expr) {
        let enc = self.enc;
        let Some(tickets) = enc.stride_tickets.get(&id) else {
            return;
        };
        let Some(loop_modified) = enc.loops.get(id).map(|i| i.modified.clone()) else {
            return;
        };
        let as_int = |v: &Val| match v {
            Val::I(x, _) => x.clone(),
            Val::B(b) => b.ite(&Int::from_i64(1), &Int::from_i64(0)),
        };
        let dims = &enc.launch.block_dim;
        let (bdx, bdy, bdz) = (as_int(&dims[0]), as_int(&dims[1]), as_int(&dims[2]));
        let tx = as_int(&enc.launch.tid[self.thread][0]);
        for ticket in tickets {
            let ty = self.var_ty(ticket.counter);
            let ScalarTy::Int { bits, signed } = ty else {
                continue;
            };
            let max = if signed {
                (1i128 << (bits - 1)) - 1
            } else {
                (1i128 << bits) - 1
            };
            // Evaluating may assume what the loop's first test would (a
            // non-zero divisor); the loop may not evaluate these here.
            let assumed = self.out.assumptions.len();
            let (base, _) = self.expr_int(&ticket.base, ty);
            let (thread, _) = self.expr_int(&ticket.thread, ty);
            let (end, _) = self.expr_int(&ticket.end, ty);
            let (step, step_range) = self.expr_int(&ticket.step, ty);
            self.out.assumptions.truncate(assumed);
            // The ticket's update is `i = i + step` added in the counter's
            // own type (`stride_tickets` requires it).
            if wrap_modulus(
                ty,
                true,
                UpdateOp::Add,
                step_range,
                cond,
                ticket.counter,
                enc.counter_fits,
                &loop_modified,
            )
            .is_some()
            {
                continue;
            }
            let one = Int::from_i64(1);
            let premises = Bool::and(&[
                bdy.eq(&one),
                bdz.eq(&one),
                step.eq(&bdx),
                thread.eq(&tx),
                Int::add(&[base.clone(), bdx.clone()]).le(Int::from_i128(max + 1)),
            ]);
            let mut bound = Int::sub(&[end, base]);
            if ticket.inclusive {
                bound = Int::add(&[bound, one]);
            }
            self.ticket_bounds.insert(ticket.atomic, (premises, bound));
        }
    }

    fn var_ty(&self, v: VarId) -> ScalarTy {
        self.kernel()
            .vars
            .get(v.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::INT)
    }

    /// Whether the counter's update computes its sum in the counter's own
    /// type (see [`crate::analysis::loops::runs_in_own_type`] and
    /// [`wrap_modulus`]).
    fn runs_in_own_type(&self, c: &Counter) -> bool {
        crate::analysis::loops::runs_in_own_type(c.var, &c.update, self.var_ty(c.var))
    }

    /// Whether `v` is dead (see [`dead_statements`]); then its slot is
    /// emptied instead of getting a loop head's or exit's fresh value (with
    /// its range fact): no executed statement reads it, and a read would
    /// get an uninitialised local's arbitrary value, per thread.
    fn forget_dead(&mut self, v: VarId) -> bool {
        if self.enc.live.contains(&v) {
            return false;
        }
        if let Some(slot) = self.env.get_mut(v.0 as usize) {
            *slot = None;
        }
        true
    }

    fn set(&mut self, v: VarId, val: Val) {
        if let Some(slot) = self.env.get_mut(v.0 as usize) {
            *slot = Some(val);
        }
    }

    fn get(&mut self, v: VarId) -> Val {
        if self.in_index {
            // An index local still holding the value its definition gave:
            // its unwrapped value, with the facts that make it so.
            if let (Some((wrapped, raw, facts)), Some(Some(current))) =
                (self.raw_values.get(&v), self.env.get(v.0 as usize))
            {
                if int_of(current) == *wrapped {
                    let raw = raw.clone();
                    self.pending.extend(facts.iter().cloned());
                    return raw;
                }
            }
            if let Some(facts) = self.counter_starts.get(&v) {
                self.pending.extend(facts.iter().cloned());
            }
        }
        match self.env.get(v.0 as usize) {
            Some(Some(val)) => val.clone(),
            _ => {
                // Reading an uninitialised local: any value.
                let ty = self.var_ty(v);
                let loops = self.loop_stack.clone();
                let val = self.havoc(&format!("uninit{}", v.0), ty, false, &loops);
                self.set(v, val.clone());
                val
            }
        }
    }

    // ---- integer semantics ----

    /// Brings an arithmetic result into its type: unsigned wraps (only when the
    /// range says it may), signed is assumed not to overflow (undefined behaviour).
    fn wrap(&self, x: Int, r: Range, ty: ScalarTy) -> Val {
        let tr = Range::of(ty);
        match ty {
            ScalarTy::Int {
                signed: false,
                bits,
            } if !r.within(tr) => {
                let m = pow2(u32::from(bits));
                Val::I(modulo_pow2(x, r, m), tr)
            }
            ScalarTy::Int { .. } => Val::I(x, r.meet(tr)),
            _ => Val::I(x, r),
        }
    }

    /// Conversion between integer types (C: value-preserving when it fits,
    /// else modulo 2^bits; implementation-defined for signed targets, two's
    /// complement on every GPU).
    /// [`Self::wrap`] for the result of `+`, `-`, `*` or negation, which
    /// for a signed type inside an access's offset also asserts that it did
    /// not overflow where it is evaluated: signed overflow is undefined
    /// behaviour, so executions that overflow are not considered (README
    /// "Modelling assumptions"). Only in offsets, where it buys precision: an
    /// overflow elsewhere (an `int` hash) does not make the threads that
    /// reach it vanish from every later check. Guarded
    /// like a division's non-zero divisor: the thread is enabled and every
    /// `?:` arm and short-circuit operand around the operation is taken.
    /// Without it the model may pick out-of-range values for signed results,
    /// and a witness such as `j = 3*id+1` with `j` beyond 2^31 does not
    /// replay with `int` arithmetic.
    ///
    /// The same holds in the definition of a local that flows into an offset
    /// (evaluated a second time for such offsets, see
    /// [`Encoder::index_locals`]): a signed overflow there is the same
    /// undefined behaviour, in an execution that reaches the access. The
    /// fact goes to [`Exec::pending`], so it is assumed only where an access
    /// whose offset reads the local is reached, and the value is the
    /// unwrapped one (a pointer `&g[blockIdx.x * ((3 * n + 33) / 32 * 32)]`
    /// keeps `3 * n + 33` positive for a positive `n`).
    fn arith_result(&mut self, x: Int, r: Range, ty: ScalarTy) -> Val {
        let tr = Range::of(ty);
        if let (ScalarTy::Int { signed: true, .. }, false, true) =
            (ty, self.in_offset, self.in_index)
        {
            if !r.within(tr) {
                let mut reached = vec![self.enabled()];
                reached.extend(self.expr_guards.iter().cloned());
                self.pending.push(Bool::and(&reached).implies(Bool::and(&[
                    x.ge(Int::from_i128(tr.lo)),
                    x.le(Int::from_i128(tr.hi)),
                ])));
                return Val::I(x, r.meet(tr));
            }
        }
        if let (ScalarTy::Int { signed: true, .. }, true) = (ty, self.in_offset) {
            if !r.within(tr) {
                let mut reached = vec![self.enabled()];
                reached.extend(self.expr_guards.iter().cloned());
                self.out
                    .assumptions
                    .push(Bool::and(&reached).implies(Bool::and(&[
                        x.ge(Int::from_i128(tr.lo)),
                        x.le(Int::from_i128(tr.hi)),
                    ])));
            }
        }
        self.wrap(x, r, ty)
    }

    /// The index-arithmetic assumption (README "Modelling assumptions",
    /// `--no-assume-index-arithmetic-fits` drops it): a value computed with
    /// `+` and `*` only from thread and block ids, launch sizes, integer
    /// parameters, constants and quotients or remainders of those by
    /// positive constants (an index term, see [`is_index_term`]) that
    /// index arithmetic (an access's offset, or the definition of a local
    /// that flows into one: [`index_locals`]) brings into an integer type (the
    /// result of an unsigned `+` or `*`, the conversion of such an unsigned
    /// sum or product to another type, or a signed factor of an unsigned
    /// `*`) fits that type, so it does not wrap modulo 2^bits. Programs
    /// rely on it: such a value is an extent or an offset of the data the
    /// kernel indexes, and a wrapped one would index
    /// other elements than the arithmetic says (the same reason as the
    /// index-fits assumption, for the products and sums the kernel computes
    /// itself: `gridDim.x * blockDim.x * 8`, `blockIdx.x * len`). Races of
    /// the access whose offset it computes are not considered where it
    /// would wrap and the thread evaluates the operation (enabled, every
    /// `?:` arm and short-circuit operand around it taken): the fact goes
    /// to [`Exec::pending`], then to that access's premise
    /// ([`AccessSym::premise`]), not to the thread's path. Subtraction (`threadIdx.x - 1`) and
    /// values read from memory are not covered: their wrap stays modelled.
    /// None when it does not apply (the value fits anyway, or is not an
    /// index term, or the assumption is dropped).
    fn index_arithmetic_fits(&mut self, x: &Int, r: Range, ty: ScalarTy) -> Option<Val> {
        let tr = Range::of(ty);
        // Only types of at least 32 bits (a byte-sized slot wraps by the
        // programmer's choice), and only values that depend on a size the
        // program picks at run time (a parameter or a symbolic launch size):
        // ids alone, within a known launch, would make the threads whose
        // index wraps vanish (review finding 15).
        if !self.index_assumption_applies(r, ty)
            || is_index_term(x, 0).is_none()
            || !mentions_size(x, 0)
        {
            return None;
        }
        self.push_index_fact(x, tr);
        Some(Val::I(x.clone(), r.meet(tr)))
    }

    /// Records the index-arithmetic fact that `x` is within `tr` where the
    /// thread evaluates it, for the access whose offset is being evaluated
    /// ([`Exec::pending`]). When `x` mentions no thread or block id (it is
    /// computed from parameters, launch sizes and constants only: `2 * N`),
    /// the fact is also one of the thread's path where it reaches the
    /// access ([`Exec::size_pending`]): it is a property of the sizes the
    /// program launches the kernel with, the same in every thread and
    /// iteration, that the index arithmetic the kernel reaches does not
    /// wrap (as the index-fits assumption says of `gridDim * blockDim`).
    /// Without it an element count `N` of `d[id + N]` (`id < N` a loop
    /// counter, no index term) could exceed 2^63 where `d[id + 2 * N]`,
    /// which the thread reaches in the same iteration, says it does not.
    /// Facts that mention an id stay the access's own: a thread whose own
    /// index wraps keeps its other races.
    fn push_index_fact(&mut self, x: &Int, tr: Range) {
        let fact = self.within_where_evaluated(x, tr);
        if !mentions_id(x, 0) {
            self.size_pending.push(fact.clone());
        }
        self.pending.push(fact);
    }

    /// Records in [`Exec::counter_starts`] the no-wrap facts of the first
    /// value of each counter of a loop (info) entered in state `pre_env`
    /// whose value there is still the one its index-local definition gave
    /// (see [`Exec::raw_values`]), and returns the map as it was before,
    /// to be restored after the loop. The index-arithmetic assumption
    /// covers them: an access in the loop whose offset reads the counter
    /// computes it from that first value (`row = blockIdx.x * rows`, then
    /// `row += 1`: each row a block walks is its base plus a step count),
    /// so a wrapped first value indexes other elements than the arithmetic
    /// says, as a wrapped product in the offset itself would. Where the
    /// facts hold, the wrapped first value equals the unwrapped one. Only
    /// the first value: the steps keep C's arithmetic, and an execution in
    /// which the thread reaches no such access assumes nothing (the facts
    /// go to [`Exec::pending`] when an offset reads the counter).
    fn note_counter_starts(
        &mut self,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
    ) -> HashMap<VarId, Vec<Bool>> {
        let outer = self.counter_starts.clone();
        for counter in &info.counters {
            let v = counter.var;
            let Some((wrapped, _, facts)) = self.raw_values.get(&v) else {
                continue;
            };
            if let Some(Some(first)) = pre_env.get(v.0 as usize) {
                if int_of(first) == *wrapped {
                    let facts = facts.clone();
                    self.counter_starts.insert(v, facts);
                }
            }
        }
        outer
    }

    /// Whether the index-arithmetic assumption may apply to a value of
    /// range `r` computed in type `ty`: the assumption is on, index
    /// arithmetic is being evaluated, the type has at least 32 bits (a
    /// byte-sized slot wraps by the programmer's choice) and the value may
    /// not fit it.
    fn index_assumption_applies(&self, r: Range, ty: ScalarTy) -> bool {
        self.enc.index_arithmetic_fits
            && self.in_index
            && matches!(ty, ScalarTy::Int { bits, .. } if bits >= 32)
            && !r.within(Range::of(ty))
    }

    /// The index-arithmetic assumption for a 32-bit unsigned index `e`
    /// converted to the 64-bit type `to` of a byte offset, when `e` mixes
    /// signed terms into its unsigned arithmetic (`(n * C + blockIdx.z) *
    /// HxW + offset` with `int n, C, HxW`), which the rules per operation do
    /// not cover. Unsigned `+`, `*` and the conversions between 32-bit integer
    /// types are exact modulo 2^32, so C's value of `e` is its exact value
    /// `E` (computed over the integers, each signed subterm with its own
    /// value) modulo 2^32, and is `E` itself when `E` is in [0, 2^32).
    /// Assumed: where the thread evaluates it, `E` is in that range, i.e. the
    /// index arithmetic as a whole does not wrap (the reason of the other
    /// rules: a wrapped index names other elements than the arithmetic
    /// says). Nothing is assumed of the signs of the parts beyond the
    /// documented rule for a signed value that is itself a factor
    /// (`blockIdx.x * n`, see [`Self::index_factors`]): a sum with a negative
    /// signed term whose final index is in range (`(shift + blockIdx.x) * 64u
    /// + threadIdx.x`, `shift = -1`) keeps its value. Only where `E` is an
    /// index term (selections included, [`exact_index_term`]) that mentions
    /// a size the program picks at run time, as for the rules per operation.
    /// None when it does not apply (the caller evaluates `e` as C does).
    fn exact_index(&mut self, e: &Expr, to: ScalarTy) -> Option<Val> {
        let u32_ty = ScalarTy::Int {
            bits: 32,
            signed: false,
        };
        if !self.in_index
            || !matches!(to, ScalarTy::Int { bits: 64, .. })
            || type_of(self.kernel(), e) != u32_ty
            || !self.mixes_signed(e, 0)
        {
            return None;
        }
        let outer = std::mem::take(&mut self.pending);
        let outer_sizes = std::mem::take(&mut self.size_pending);
        let exact = self.exact_value(e, 0);
        let inner = std::mem::replace(&mut self.pending, outer);
        let inner_sizes = std::mem::replace(&mut self.size_pending, outer_sizes);
        let x = exact.filter(|x| exact_index_term(x).is_some() && mentions_size(x, 0))?;
        // The operands' own facts (a signed subterm's range) hold as they
        // would in C's evaluation.
        self.pending.extend(inner);
        self.size_pending.extend(inner_sizes);
        let tr = Range::of(u32_ty);
        let fact = self.within_where_evaluated(&x, tr);
        self.pending.push(fact);
        Some(Val::I(x, tr))
    }

    /// Whether the 32-bit unsigned arithmetic `e` (`+`, `*` and conversions
    /// between 32-bit integer types) adds a signed operand converted to
    /// unsigned (a signed factor alone has the rule of `index_factors`).
    fn mixes_signed(&self, e: &Expr, depth: u32) -> bool {
        let kernel = self.kernel();
        let word = |t: ScalarTy| matches!(t, ScalarTy::Int { bits: 32, .. });
        depth <= 32
            && match e {
                Expr::Binary(
                    BinOp::Add,
                    a,
                    b,
                    ScalarTy::Int {
                        bits: 32,
                        signed: false,
                    },
                ) => [a, b]
                    .iter()
                    .any(|o| self.converted_signed(o) || self.mixes_signed(o, depth + 1)),
                Expr::Binary(
                    BinOp::Mul,
                    a,
                    b,
                    ScalarTy::Int {
                        bits: 32,
                        signed: false,
                    },
                ) => self.mixes_signed(a, depth + 1) || self.mixes_signed(b, depth + 1),
                Expr::Cast(
                    ScalarTy::Int {
                        bits: 32,
                        signed: false,
                    },
                    inner,
                ) if word(type_of(kernel, inner)) => self.mixes_signed(inner, depth + 1),
                _ => false,
            }
    }

    /// Whether `e` is a signed 32-bit value converted to `unsigned`
    /// (`(unsigned)n`, as the front end writes C's usual conversions).
    fn converted_signed(&self, e: &Expr) -> bool {
        matches!(e, Expr::Cast(ScalarTy::Int { bits: 32, signed: false }, inner)
            if matches!(type_of(self.kernel(), inner), ScalarTy::Int { bits: 32, signed: true }))
    }

    /// The exact value of the 32-bit integer expression `e` over the
    /// integers (see [`Self::exact_index`]): `+` and `*` of 32-bit unsigned
    /// operands and conversions between 32-bit integer types as exact
    /// operations, anything else (a signed subterm included) as C evaluates
    /// it. None when a part is not an integer.
    fn exact_value(&mut self, e: &Expr, depth: u32) -> Option<Int> {
        let word = |t: ScalarTy| matches!(t, ScalarTy::Int { bits: 32, .. });
        if depth <= 32 {
            match e {
                Expr::Binary(
                    op @ (BinOp::Add | BinOp::Mul),
                    a,
                    b,
                    word_ty @ ScalarTy::Int {
                        bits: 32,
                        signed: false,
                    },
                ) => {
                    let x = self.exact_value(a, depth + 1)?;
                    let y = self.exact_value(b, depth + 1)?;
                    if *op == BinOp::Add {
                        return Some(Int::add(&[x, y]));
                    }
                    // The documented rule per operation stays: a signed index
                    // term that is itself a factor of unsigned index
                    // arithmetic (`blockIdx.x * n`, `int n`) is not negative
                    // (see `index_factors`); one inside a sum (`(n * C +
                    // blockIdx.z) * HxW`) is not constrained.
                    for (operand, value) in [(&**a, &x), (&**b, &y)] {
                        if self.converted_signed(operand)
                            && is_index_term(value, 0).is_some()
                            && mentions_size(value, 0)
                        {
                            let fact = self.within_where_evaluated(value, Range::of(*word_ty));
                            self.pending.push(fact);
                        }
                    }
                    return Some(Int::mul(&[x, y]));
                }
                Expr::Cast(to, inner) if word(*to) && word(type_of(self.kernel(), inner)) => {
                    return self.exact_value(inner, depth + 1);
                }
                _ => {}
            }
        }
        match self.expr(e) {
            Val::I(x, _) => Some(x),
            Val::B(_) => None,
        }
    }

    /// `x` is within `tr` wherever the thread evaluates the expression being
    /// evaluated (enabled, every `?:` arm and short-circuit operand around
    /// it taken).
    fn within_where_evaluated(&self, x: &Int, tr: Range) -> Bool {
        let mut reached = vec![self.enabled()];
        reached.extend(self.expr_guards.iter().cloned());
        Bool::and(&reached).implies(Bool::and(&[
            x.ge(Int::from_i128(tr.lo)),
            x.le(Int::from_i128(tr.hi)),
        ]))
    }

    /// The index-arithmetic assumption for an unsigned left shift `x << y`
    /// by an amount that is not a constant (`blockIdx.x << log2N`), whose
    /// value by cases is `value`: the shift is the product `x * 2^y`, index
    /// arithmetic like `blockIdx.x * N` with the run-time size `N = 1 <<
    /// log2N` (the same reason a wrapped value would index other elements
    /// than the arithmetic says). Applies when `x` is an index term without
    /// thread ids (a block's base: `threadIdx.x << s` keeps its wrap, as
    /// before) and the amount `y` is one that mentions a size the program
    /// picks at run time
    /// (a parameter, a symbolic launch size), in an access's offset or an
    /// index local's definition, for a type of at least 32 bits: executions
    /// where the product does not fit the type are not considered where the
    /// thread evaluates the shift and reaches the access (the fact goes to
    /// [`Exec::pending`], as in [`Self::index_arithmetic_fits`]). An amount
    /// outside `[0, n)` gives 0 in the encoding, which fits. None when it
    /// does not apply.
    fn index_shift_fits(
        &mut self,
        value: &Int,
        r: Range,
        x: &Int,
        y: &Int,
        ty: ScalarTy,
    ) -> Option<Val> {
        let tr = Range::of(ty);
        if !self.index_assumption_applies(r, ty)
            || is_index_term(x, 0).is_none()
            || mentions_thread_id(x, 0)
            || is_index_term(&unsigned_operand(y), 0).is_none()
            || !mentions_size(y, 0)
        {
            return None;
        }
        self.push_index_fact(value, tr);
        self.index_shifts.insert(value.clone());
        Some(Val::I(value.clone(), r.meet(tr)))
    }

    /// Records the float comparison `x op y` (value `b`) when it bounds `x`
    /// by 0 from below or by a converted integer from above (in either
    /// order), then adds the facts it completes.
    fn note_float_comparison(&mut self, op: BinOp, x: &Int, y: &Int, b: &Bool) {
        let (op, x, y) = match op {
            BinOp::Gt => (BinOp::Lt, y, x),
            BinOp::Le => (BinOp::Ge, y, x),
            op => (op, x, y),
        };
        let list = match op {
            BinOp::Ge if float_is_zero(y) => {
                self.floats.at_least_zero.push((x.clone(), b.clone()));
                0
            }
            BinOp::Lt => match converted_integer(y) {
                Some(n) => {
                    self.floats.below.push((x.clone(), n, b.clone()));
                    1
                }
                None => return,
            },
            _ => return,
        };
        self.float_range_facts(list);
    }

    /// Range facts of float-to-integer conversions (IEEE 754 semantics, not
    /// an assumption): for a float `x` with `x >= 0.0` and `x < (float)n`,
    /// the integer converted from `floor(x)`, `trunc(x)` or `x` (C truncates)
    /// is in `[0, n - 1]` when `n - 1` fits its type. `floor(x) <= x`, and
    /// `x < fl(n)` gives `x < n` also when the conversion of `n` rounds up:
    /// `fl(n)` is then the float next above `n`, and every float below it is
    /// below `n`; an integer below `n` is at most `n - 1`. A NaN compares
    /// false, so no fact applies to it. The facts hold for the functions
    /// wherever they are evaluated (like their range axioms), so they are
    /// stated unconditionally; each combines the record just added to list
    /// `list` (0: `x >= 0`, 1: `x < n`, 2: conversions) with the earlier
    /// ones of the same term.
    fn float_range_facts(&mut self, list: usize) {
        let f = &self.floats;
        let mut facts = Vec::new();
        let newest = |l: usize, len: usize| (l == list).then(|| len.saturating_sub(1));
        let (nz, nb, nc) = (
            newest(0, f.at_least_zero.len()),
            newest(1, f.below.len()),
            newest(2, f.converted.len()),
        );
        for (i, (xz, lower)) in f.at_least_zero.iter().enumerate() {
            for (j, (xb, n, upper)) in f.below.iter().enumerate() {
                if xz != xb {
                    continue;
                }
                for (k, (xc, r, max)) in f.converted.iter().enumerate() {
                    let fresh = Some(i) == nz || Some(j) == nb || Some(k) == nc;
                    if xc != xz || !fresh {
                        continue;
                    }
                    let premise =
                        Bool::and(&[lower.clone(), upper.clone(), n.le(Int::from_i128(max + 1))]);
                    let one = Int::from_i64(1);
                    facts.push(premise.implies(Bool::and(&[
                        r.ge(Int::from_i64(0)),
                        r.le(Int::sub(&[n.clone(), one])),
                    ])));
                }
            }
        }
        self.out.assumptions.extend(facts);
    }

    /// The operands of an unsigned `*` converted to the operation's type
    /// `ty`. When both are index terms, a signed one keeps its value under
    /// the index-arithmetic assumption (a signed parameter multiplied by
    /// another index term in unsigned index arithmetic is not negative);
    /// otherwise both convert as C says. Not for `+`, where adding a negative
    /// offset through the wrap (`threadIdx.x + shift` stored in an `int`) is
    /// an idiom.
    fn index_factors(&mut self, a: &Expr, b: &Expr, ty: ScalarTy) -> ((Int, Range), (Int, Range)) {
        // The usual arithmetic conversion, written out by the front end.
        let kernel = self.kernel();
        let strip = |e: &Expr| -> (Expr, ScalarTy) {
            match e {
                Expr::Cast(to, inner)
                    if *to == ty && matches!(type_of(kernel, inner), ScalarTy::Int { .. }) =>
                {
                    ((**inner).clone(), type_of(kernel, inner))
                }
                _ => (e.clone(), type_of(kernel, e)),
            }
        };
        let ((ea, fa), (eb, fb)) = (strip(a), strip(b));
        let va = self.expr(&ea);
        let vb = self.expr(&eb);
        let index = |v: &Val, from: ScalarTy| matches!((v, from), (Val::I(x, _), ScalarTy::Int { .. }) if is_index_term(x, 0).is_some());
        let both_index = index(&va, fa) && index(&vb, fb);
        let x = self.index_operand(va, fa, ty, both_index);
        let y = self.index_operand(vb, fb, ty, both_index);
        (x, y)
    }

    /// An operand `v` of type `from` converted to `ty`: kept as it is under
    /// the index-arithmetic assumption when `index` (see
    /// [`Self::index_factors`]).
    fn index_operand(&mut self, v: Val, from: ScalarTy, ty: ScalarTy, index: bool) -> (Int, Range) {
        if let (true, Val::I(x, r)) = (index, &v) {
            if let Some(Val::I(x, r)) = self.index_arithmetic_fits(x, *r, ty) {
                return (x, r);
            }
        }
        match self.coerce(v, from, ty) {
            Val::I(x, r) => (x, r),
            Val::B(b) => (
                b.ite(&Int::from_i64(1), &Int::from_i64(0)),
                Range { lo: 0, hi: 1 },
            ),
        }
    }

    fn convert(&self, x: Int, r: Range, to: ScalarTy) -> Val {
        let tr = Range::of(to);
        if r.within(tr) {
            return Val::I(x, r);
        }
        let ScalarTy::Int { bits, signed } = to else {
            return Val::I(x, r);
        };
        let m = pow2(u32::from(bits));
        if r.lo == r.hi {
            // A known value (`~63` converted to `unsigned`): its reduction
            // modulo 2^bits, as a constant the callers can recognise.
            let low = r.lo.rem_euclid(m);
            let v = if signed && low >= m / 2 { low - m } else { low };
            return Val::I(Int::from_i128(v), Range::point(v));
        }
        let low = modulo_pow2(x, r, m);
        if !signed {
            return Val::I(low, tr);
        }
        let half = Int::from_i128(m / 2);
        let signed_val = low
            .ge(&half)
            .ite(&Int::sub(&[low.clone(), Int::from_i128(m)]), &low);
        Val::I(signed_val, tr)
    }

    fn coerce(&mut self, v: Val, from: ScalarTy, to: ScalarTy) -> Val {
        match (v, to) {
            (Val::B(b), ScalarTy::Bool) => Val::B(b),
            (Val::B(b), ScalarTy::Int { .. }) => Val::I(
                b.ite(&Int::from_i64(1), &Int::from_i64(0)),
                Range { lo: 0, hi: 1 },
            ),
            (Val::B(b), ty @ ScalarTy::Float { .. }) => {
                let i = Val::I(
                    b.ite(&Int::from_i64(1), &Int::from_i64(0)),
                    Range { lo: 0, hi: 1 },
                );
                self.enc.func("int_to_float", &[&i], ty)
            }
            (Val::I(x, _), ScalarTy::Bool) => Val::B(x.eq(Int::from_i64(0)).not()),
            (Val::I(x, r), ty @ ScalarTy::Int { .. }) => {
                if let ScalarTy::Float { bits } = from {
                    let v =
                        self.enc
                            .func(&format!("float{bits}_to_int"), &[&Val::I(x.clone(), r)], ty);
                    // A float whose value does not fit the integer type has
                    // an undefined conversion (C11 6.3.1.4), so the unknown
                    // conversion function stays in the type's range: an axiom
                    // of the function, true wherever it is evaluated (like
                    // the results of other unknown functions, `Expr::Apply`).
                    if let Val::I(c, cr) = &v {
                        self.out.assumptions.push(Bool::and(&[
                            c.ge(Int::from_i128(cr.lo)),
                            c.le(Int::from_i128(cr.hi)),
                        ]));
                        let source = rounded_operand(&x);
                        let mut facts =
                            self.float_values
                                .conversion_facts(&x, u32::from(bits), c, *cr);
                        if let Some(y) = source.as_ref().filter(|y| y.as_u64().is_none()) {
                            // `floor(y)` or `trunc(y)` of a `float` or a
                            // `double` (not a literal, whose bit pattern alone
                            // does not say its width).
                            for width in [u32::from(bits), 32, 64] {
                                facts.extend(self.float_values.conversion_facts(y, width, c, *cr));
                            }
                        }
                        self.out.assumptions.extend(facts);
                        let source = source.unwrap_or(x);
                        self.floats.converted.push((source, c.clone(), cr.hi));
                        self.float_range_facts(2);
                    }
                    return v;
                }
                if matches!(from, ScalarTy::Int { signed: false, .. })
                    && (is_index_arithmetic(&x) || self.index_shifts.contains(&x))
                {
                    if let Some(v) = self.index_arithmetic_fits(&x, r, ty) {
                        return v;
                    }
                }
                self.convert(x, r, ty)
            }
            (Val::I(x, r), ty @ ScalarTy::Float { bits }) => match from {
                ScalarTy::Float { bits: b } if b == bits => Val::I(x, r),
                ScalarTy::Float { bits: b } => {
                    let v = self.enc.func(
                        &format!("float{b}_to_float{bits}"),
                        &[&Val::I(x.clone(), r)],
                        ty,
                    );
                    if let Val::I(f, _) = &v {
                        self.float_values
                            .convert(f, &x, u32::from(b), u32::from(bits));
                    }
                    v
                }
                _ => {
                    let v =
                        self.enc
                            .func(&format!("int_to_float{bits}"), &[&Val::I(x.clone(), r)], ty);
                    if let (Val::I(f, _), ScalarTy::Int { .. }) = (&v, from) {
                        self.float_values.converted_int(f, &x, r, u32::from(bits));
                    }
                    v
                }
            },
        }
    }

    fn expr_as(&mut self, e: &Expr, ty: ScalarTy) -> Val {
        let from = type_of(self.kernel(), e);
        let v = self.expr(e);
        self.coerce(v, from, ty)
    }

    fn expr_bool(&mut self, e: &Expr) -> Bool {
        match self.expr_as(e, ScalarTy::Bool) {
            Val::B(b) => b,
            Val::I(x, _) => x.eq(Int::from_i64(0)).not(),
        }
    }

    fn expr_int(&mut self, e: &Expr, ty: ScalarTy) -> (Int, Range) {
        match self.expr_as(e, ty) {
            Val::I(x, r) => (x, r),
            Val::B(b) => (
                b.ite(&Int::from_i64(1), &Int::from_i64(0)),
                Range { lo: 0, hi: 1 },
            ),
        }
    }

    fn expr(&mut self, e: &Expr) -> Val {
        // Counted only: an expression stops nothing (its statement's next
        // sibling sees the cap).
        if !self.enc.step() {
            self.out.incomplete = true;
        }
        self.depth += 1;
        let v = if self.depth > 2_000 {
            // Absurdly deep expression: an unknown value of its type is sound.
            let ty = type_of(self.kernel(), e);
            let loops = self.loop_stack.clone();
            self.havoc("deep", ty, false, &loops)
        } else {
            self.expr_inner(e)
        };
        self.depth -= 1;
        v
    }

    fn expr_inner(&mut self, e: &Expr) -> Val {
        match e {
            Expr::Int(v, ty) => match ty {
                ScalarTy::Bool => Val::B(Bool::from_bool(*v != 0)),
                ScalarTy::Float { bits } => {
                    let f = self.enc.func("int_to_float", &[&Val::int(*v)], *ty);
                    if let Val::I(x, _) = &f {
                        let n = Int::from_i128(*v);
                        self.float_values
                            .converted_int(x, &n, Range::point(*v), u32::from(*bits));
                    }
                    f
                }
                _ => Val::int(*v),
            },
            Expr::Float(bits, ty) => {
                // Canonical constant per (value, width): equal literals are equal.
                let f = f64::from_bits(*bits);
                let pattern = if ty.bits() == 32 {
                    u64::from((f as f32).to_bits())
                } else {
                    *bits
                };
                let x = Int::from_u64(pattern);
                let value = if ty.bits() == 32 {
                    f64::from(f as f32)
                } else {
                    f
                };
                self.float_values.literal(&x, value, ty.bits());
                Val::I(x, Range::full())
            }
            Expr::Var(v) => self.get(*v),
            Expr::Param(p) => match self.enc.param(p.0 as usize) {
                Some(v) => v,
                None => {
                    let loops = self.loop_stack.clone();
                    self.havoc("param", ScalarTy::INT, true, &loops)
                }
            },
            Expr::Builtin(b) => self.builtin(*b),
            Expr::Unary(op, a, ty) => match op {
                UnOp::Not => Val::B(self.expr_bool(a).not()),
                UnOp::Neg if matches!(ty, ScalarTy::Float { .. }) => {
                    let x = self.expr_as(a, *ty);
                    let v = self.enc.func("fneg", &[&x], *ty);
                    if let (Val::I(a, _), Val::I(r, _)) = (&x, &v) {
                        self.float_values.neg(r, a, ty.bits());
                    }
                    v
                }
                UnOp::Neg => {
                    let (x, r) = self.expr_int(a, *ty);
                    self.arith_result(x.unary_minus(), r.neg(), *ty)
                }
                UnOp::BitNot => {
                    // ~x == -x - 1 in two's complement; for unsigned, 2^bits - 1 - x.
                    let (x, r) = self.expr_int(a, *ty);
                    match ty {
                        ScalarTy::Int {
                            signed: false,
                            bits,
                        } => {
                            let max = pow2(u32::from(*bits)) - 1;
                            // On [lo, hi] within the type, max - x lies in
                            // [max - hi, max - lo].
                            let range = if r.within(Range::of(*ty)) {
                                Range {
                                    lo: max - r.hi,
                                    hi: max - r.lo,
                                }
                            } else {
                                Range::of(*ty)
                            };
                            Val::I(Int::sub(&[Int::from_i128(max), x]), range)
                        }
                        _ => Val::I(
                            Int::sub(&[x.unary_minus(), Int::from_i64(1)]),
                            r.neg().add(Range::point(-1)),
                        ),
                    }
                }
            },
            Expr::Cast(ty, a) => match self.exact_index(a, *ty) {
                Some(v) => v,
                None => self.expr_as(a, *ty),
            },
            Expr::Select(c, a, b, ty) => {
                let c = self.expr_bool(c);
                // A condition that is constant (`4 == 0 ? 1 : 4`, the zero
                // guards of lowered divisors) selects one arm in every
                // execution: the other arm is never evaluated, so only the
                // taken arm's value, range and facts belong to the term (a
                // constant divisor then stays constant for `/` and `%`).
                if let Some(taken) = simplified(&c).and_then(|c| c.as_bool()) {
                    return self.expr_as(if taken { a } else { b }, *ty);
                }
                self.expr_guards.push(c.clone());
                let x = self.expr_as(a, *ty);
                self.expr_guards.pop();
                self.expr_guards.push(c.not());
                let y = self.expr_as(b, *ty);
                self.expr_guards.pop();
                match (x, y) {
                    (Val::B(x), Val::B(y)) => Val::B(ite_or_same(&c, &x, &y)),
                    (Val::I(x, rx), Val::I(y, ry)) => Val::I(ite_or_same(&c, &x, &y), rx.join(ry)),
                    (x, _) => x,
                }
            }
            Expr::Apply(name, args, ty) => {
                let vals: Vec<Val> = args.iter().map(|a| self.expr(a)).collect();
                let refs: Vec<&Val> = vals.iter().collect();
                let mut v = self.enc.func(name, &refs, *ty);
                if let (Val::I(x, r), Some(hi)) = (&v, bit_count_max(name)) {
                    // A count or position of bits of a 32- (64-) bit word
                    // (CUDA Math API, integer intrinsics): `__popc` counts
                    // its set bits, `__clz` its leading zeros, `__ffs` is
                    // the position of its lowest set bit from 1, or 0.
                    let bits = Range { lo: 0, hi };
                    if r.lo <= bits.lo && bits.hi <= r.hi {
                        v = Val::I(x.clone(), bits);
                    }
                }
                if let (Val::I(x, r), ScalarTy::Int { .. }) = (&v, ty) {
                    self.out.assumptions.push(Bool::and(&[
                        x.ge(Int::from_i128(r.lo)),
                        x.le(Int::from_i128(r.hi)),
                    ]));
                }
                v
            }
            Expr::Binary(op, a, b, ty) => self.binary(*op, a, b, *ty),
        }
    }

    fn builtin(&self, b: Builtin) -> Val {
        let l = &self.enc.launch;
        let d = |x: u8| usize::from(x.min(2));
        match b {
            Builtin::ThreadIdx(x) => l.tid[self.thread][d(x)].clone(),
            Builtin::BlockIdx(x) => l.bid[self.thread][d(x)].clone(),
            Builtin::BlockDim(x) => l.block_dim[d(x)].clone(),
            Builtin::GridDim(x) => l.grid_dim[d(x)].clone(),
            Builtin::GlobalOffset(x) => l.global_offset[d(x)].clone(),
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, ty: ScalarTy) -> Val {
        self.last_operands = None;
        let v = self.binary_value(op, a, b, ty);
        if let (Some((x, y)), Val::I(r, _)) = (self.last_operands.take(), &v) {
            self.finite_image(op, r, &x, &y, ty);
        }
        v
    }

    /// The value set of an operand term (a numeral, or one of
    /// [`Exec::finite_terms`]).
    fn values_of(&self, t: &Int) -> Option<Vec<i128>> {
        if let Some(c) = t.as_i64() {
            return Some(vec![i128::from(c)]);
        }
        self.finite_terms.get(t).cloned()
    }

    /// Records the values `r = x op y` can take when its operands take few
    /// (at most [`FINITE_VALUES_MAX`] combinations, not all constants), by
    /// substituting each combination into `r` and simplifying: the image of
    /// the operands' value sets under the operation exactly as encoded, so a
    /// superset of `r`'s values wherever the operands' sets are supersets of
    /// theirs. A shift of a constant by an unknown amount `k` (`1 << k`)
    /// starts a set: every amount the encoding distinguishes is in [0, n)
    /// (n the width), and every amount outside it gives the value of -1 or
    /// of n (C leaves those undefined; the bit-vector reading takes the
    /// amount modulo 2^n as unsigned, at least n for a negative amount, and
    /// an amount of 2^n or more reads as one in [0, n) again), so the images
    /// of -1..=n cover them all. Terms whose image is not a constant in
    /// every case are left out.
    fn finite_image(&mut self, op: BinOp, r: &Int, x: &Int, y: &Int, ty: ScalarTy) {
        if r.as_i64().is_some() || self.finite_terms.contains_key(r) {
            return;
        }
        let ScalarTy::Int { bits, .. } = ty else {
            return;
        };
        let (sx, sy) = match (self.values_of(x), self.values_of(y)) {
            (Some(sx), Some(sy)) if sx.len() * sy.len() > 1 => (sx, sy),
            (Some(sx), None)
                if sx.len() == 1 && matches!(op, BinOp::Shl | BinOp::Shr) && bits <= 32 =>
            {
                (sx, (-1..=i128::from(bits)).collect())
            }
            _ => return,
        };
        if sx.len() * sy.len() > FINITE_VALUES_MAX {
            return;
        }
        let mut values: Vec<i128> = Vec::new();
        for cx in &sx {
            for cy in &sy {
                let (vx, vy) = (Int::from_i128(*cx), Int::from_i128(*cy));
                let substituted = r.substitute(&[(x, &vx), (y, &vy)]);
                let Some(c) = simplified(&substituted).and_then(|t| t.as_i128()) else {
                    return;
                };
                if !values.contains(&c) {
                    values.push(c);
                }
            }
        }
        values.sort_unstable();
        self.finite_terms.insert(r.clone(), values);
    }

    fn binary_value(&mut self, op: BinOp, a: &Expr, b: &Expr, ty: ScalarTy) -> Val {
        if matches!(op, BinOp::And | BinOp::Or) {
            let x = self.expr_bool(a);
            // The right operand is evaluated only when the left one does not
            // decide (C's short circuit).
            self.expr_guards
                .push(if op == BinOp::And { x.clone() } else { x.not() });
            let y = self.expr_bool(b);
            self.expr_guards.pop();
            return Val::B(if op == BinOp::And {
                Bool::and(&[x, y])
            } else {
                Bool::or(&[x, y])
            });
        }
        if op.is_comparison() {
            let ta = type_of(self.kernel(), a);
            let tb = type_of(self.kernel(), b);
            let ct = common_type(ta, tb);
            if let ScalarTy::Float { .. } = ct {
                let x = self.expr_as(a, ct);
                let y = self.expr_as(b, ct);
                // Floats are opaque: a comparison is an uninterpreted function
                // of the operands (equal operands may compare unequal: NaN;
                // different encodings may compare equal: -0.0 == 0.0). IEEE's
                // `!=` is exactly the negation of `==`.
                let result = match op {
                    BinOp::Ne => match self.enc.func("fEq", &[&x, &y], ScalarTy::Bool) {
                        Val::B(b) => Val::B(b.not()),
                        v => v,
                    },
                    _ => self
                        .enc
                        .func(&format!("f{op:?}"), &[&x, &y], ScalarTy::Bool),
                };
                if let (Val::I(x, _), Val::I(y, _), Val::B(b)) = (&x, &y, &result) {
                    self.note_float_comparison(op, x, y, b);
                }
                return result;
            }
            let (x, _) = self.expr_int(a, ct);
            let (y, _) = self.expr_int(b, ct);
            return Val::B(match op {
                BinOp::Eq => x.eq(&y),
                BinOp::Ne => x.eq(&y).not(),
                BinOp::Lt => x.lt(&y),
                BinOp::Le => x.le(&y),
                BinOp::Gt => x.gt(&y),
                _ => x.ge(&y),
            });
        }
        let ty = if ty == ScalarTy::Bool {
            ScalarTy::INT
        } else {
            ty
        };
        if let ScalarTy::Float { .. } = ty {
            let x = self.expr_as(a, ty);
            let y = self.expr_as(b, ty);
            let v = self.enc.func(&format!("f{op:?}"), &[&x, &y], ty);
            let fop = match op {
                BinOp::Add => Some(FloatOp::Add),
                BinOp::Sub => Some(FloatOp::Sub),
                BinOp::Mul => Some(FloatOp::Mul),
                BinOp::Div => Some(FloatOp::Div),
                _ => None,
            };
            if let (Some(fop), Val::I(x, _), Val::I(y, _), Val::I(r, _)) = (fop, &x, &y, &v) {
                self.float_values.arith(fop, r, x, y, ty.bits());
            }
            return v;
        }
        let bits = ty.bits();
        // Index arithmetic (see `index_arithmetic_fits`): unsigned `*` and `+`.
        let unsigned = matches!(ty, ScalarTy::Int { signed: false, .. });
        let index_op = unsigned && matches!(op, BinOp::Add | BinOp::Mul);
        let ((x, rx), factors) = if unsigned && op == BinOp::Mul && self.in_index {
            let ((x, rx), (y, ry)) = self.index_factors(a, b, ty);
            ((x, rx), Some((y, ry)))
        } else {
            (self.expr_int(a, ty), None)
        };
        // Shift amounts keep their own type in C; their value is what matters.
        let (y, ry) = if let Some(y) = factors {
            y
        } else if matches!(op, BinOp::Shl | BinOp::Shr) {
            let tb = type_of(self.kernel(), b);
            let tb = if tb == ScalarTy::Bool {
                ScalarTy::INT
            } else {
                tb
            };
            self.expr_int(b, tb)
        } else {
            self.expr_int(b, ty)
        };
        self.last_operands = Some((x.clone(), y.clone()));
        let constant = |r: Range| if r.lo == r.hi { Some(r.lo) } else { None };
        if matches!(op, BinOp::Div | BinOp::Rem) && ry.lo <= 0 && ry.hi >= 0 {
            // Integer division or remainder by zero is undefined behaviour in
            // C and C++ (PTX leaves its result unspecified): like signed
            // overflow, executions that evaluate one are not considered. Only
            // where the program evaluates it: the thread is enabled and every
            // `?:` arm and short-circuit operand around it is taken.
            let mut reached = vec![self.enabled()];
            reached.extend(self.expr_guards.iter().cloned());
            self.out
                .assumptions
                .push(Bool::and(&reached).implies(y.eq(Int::from_i64(0)).not()));
        }
        match op {
            BinOp::Add => {
                let (sum, range) = (Int::add(&[x, y]), rx.add(ry));
                if index_op {
                    if let Some(v) = self.index_arithmetic_fits(&sum, range, ty) {
                        return v;
                    }
                }
                self.arith_result(sum, range, ty)
            }
            BinOp::Sub => self.arith_result(Int::sub(&[x, y]), rx.add(ry.neg()), ty),
            BinOp::Mul => {
                let (product, range) = (Int::mul(&[x, y]), rx.mul(ry));
                if index_op {
                    if let Some(v) = self.index_arithmetic_fits(&product, range, ty) {
                        return v;
                    }
                }
                self.arith_result(product, range, ty)
            }
            BinOp::Div => {
                // C division truncates toward zero; Z3's is Euclidean. Both
                // are exact on a multiple of a positive constant.
                let exact = constant(ry)
                    .filter(|c| *c > 0)
                    .and_then(|c| exact_quotient(&x, c, 0));
                let q = if let Some(q) = exact {
                    q
                } else if rx.nonneg() {
                    x.div(&y)
                } else {
                    x.ge(Int::from_i64(0))
                        .ite(&x.div(&y), &x.unary_minus().div(&y).unary_minus())
                };
                let r = if let Some(c) = constant(ry).filter(|c| *c > 0) {
                    // Truncating division by a positive constant is monotone in
                    // the dividend (Rust's `/` truncates like C's).
                    Range {
                        lo: rx.lo / c,
                        hi: rx.hi / c,
                    }
                } else if rx.nonneg() && ry.lo >= 0 {
                    // A non-negative dividend over a divisor d >= 1 (d = 0 is
                    // excluded above where the division is evaluated):
                    // 0 <= x / d <= x.
                    Range { lo: 0, hi: rx.hi }
                } else {
                    let m = rx.lo.abs().max(rx.hi.abs());
                    Range { lo: -m, hi: m }
                };
                if constant(ry).is_none() {
                    self.division_facts(&x, &y, &q, false);
                }
                self.wrap(q, r, ty)
            }
            BinOp::Rem => {
                // C remainder takes the sign of the dividend.
                let m = if rx.nonneg() {
                    // `(y mod M) mod c == y mod c` when c divides M: a
                    // wrapped product's remainder by a power of two below
                    // the wrap (`(a * seed + 1) % 2^31` in `unsigned`) needs
                    // one remainder, not two.
                    constant(ry)
                        .filter(|c| *c > 0)
                        .and_then(|c| reduced_modulo(&x, c))
                        .unwrap_or_else(|| x.clone())
                        .modulo(&y)
                } else {
                    x.ge(Int::from_i64(0))
                        .ite(&x.modulo(&y), &x.unary_minus().modulo(&y).unary_minus())
                };
                let bound = ry.lo.abs().max(ry.hi.abs());
                if constant(ry).is_none() {
                    self.division_facts(&x, &y, &m, true);
                }
                let r = if rx.nonneg() {
                    // 0 <= x % d < |d|, and x % d <= x for x >= 0.
                    Range {
                        lo: 0,
                        hi: (bound.max(1) - 1).min(rx.hi),
                    }
                } else {
                    Range {
                        lo: -bound,
                        hi: bound,
                    }
                };
                Val::I(m, r.meet(Range::of(ty)))
            }
            BinOp::Shl => match constant(ry).filter(|c| (0..64).contains(c)) {
                Some(c) => {
                    let f = pow2(c as u32);
                    let (product, range) =
                        (Int::mul(&[x, Int::from_i128(f)]), rx.mul(Range::point(f)));
                    if let ScalarTy::Int { signed: true, .. } = ty {
                        // A signed left shift is modular (C++20; C++14/17 define
                        // `2 << 30 == INT_MIN` too): two's complement reduction,
                        // never an overflow to assume away.
                        self.convert(product, range, ty)
                    } else {
                        self.wrap(product, range, ty)
                    }
                }
                None => self.shift_by_cases(op, x, rx, y, ry, ty),
            },
            BinOp::Shr => match constant(ry).filter(|c| (0..64).contains(c)) {
                // An arithmetic shift right is floor division by 2^c (exact
                // on a multiple of 2^c, see `exact_quotient`).
                Some(c) => {
                    let f = pow2(c as u32);
                    let q = exact_quotient(&x, f, 0).unwrap_or_else(|| x.div(Int::from_i128(f)));
                    Val::I(
                        q,
                        Range {
                            lo: rx.lo.div_euclid(f),
                            hi: rx.hi.div_euclid(f),
                        },
                    )
                }
                None => self.shift_by_cases(op, x, rx, y, ry, ty),
            },
            BinOp::BitAnd => {
                // x & (2^k - 1) is x mod 2^k, also for a negative x in two's
                // complement (Z3's `mod` is Euclidean: never negative).
                let mask = |c: i128| c > 0 && (c & (c + 1)) == 0;
                // x & ~(2^k - 1) clears the k low bits: x - x mod 2^k, for a
                // negative x too (two's complement; Euclidean `mod` is the
                // value of the k low bits). The bits above are x's own, so
                // the result lies in the type when x does; it is a multiple
                // of 2^k between floor(lo / 2^k) * 2^k and hi.
                // The mask as a signed value of the type (`~63` converted to
                // `unsigned` is 2^32 - 64): -2^k, k >= 1.
                let high_mask = |c: i128| {
                    let signed = if c >= pow2(bits - 1) && bits < 127 {
                        c - pow2(bits)
                    } else {
                        c
                    };
                    let p = -signed;
                    (p > 1 && p <= pow2(62) && (p & (p - 1)) == 0).then_some(p)
                };
                let clear_low = |v: Int, r: Range, p: i128| {
                    let low = v.modulo(Int::from_i128(p));
                    Val::I(
                        Int::sub(&[v, low]),
                        Range {
                            lo: r.lo.div_euclid(p) * p,
                            hi: r.hi,
                        }
                        .meet(Range::of(ty)),
                    )
                };
                match (constant(rx), constant(ry)) {
                    (_, Some(c)) if mask(c) => {
                        Val::I(x.modulo(Int::from_i128(c + 1)), Range { lo: 0, hi: c })
                    }
                    (Some(c), _) if mask(c) => {
                        Val::I(y.modulo(Int::from_i128(c + 1)), Range { lo: 0, hi: c })
                    }
                    (_, Some(c)) if rx.within(Range::of(ty)) && high_mask(c).is_some() => {
                        clear_low(x, rx, high_mask(c).unwrap_or_default())
                    }
                    (Some(c), _) if ry.within(Range::of(ty)) && high_mask(c).is_some() => {
                        clear_low(y, ry, high_mask(c).unwrap_or_default())
                    }
                    _ => match self.bitwise_by_cases(op, &x, rx, &y, ry, ty) {
                        Some(v) => v,
                        None if constant(rx).is_none() && constant(ry).is_none() => {
                            let v = and_via_low_bits(&x, rx, &y, ry, ty)
                                .unwrap_or_else(|| self.via_bits(op, x.clone(), y.clone(), ty));
                            self.and_bounds(v, &x, rx, &y, ry, ty)
                        }
                        None => self.bitwise(op, x, rx, y, ry, ty),
                    },
                }
            }
            BinOp::BitOr | BinOp::BitXor => {
                // Operands with disjoint bits: one is a multiple of 2^k (its
                // k low bits are zero, see `low_zero_bits`), the other lies
                // in [0, 2^k). Each bit is then set in at most one operand,
                // so `|` and `^` equal the sum, for any sign of the multiple
                // (two's complement: its bits from k up, unchanged by adding
                // a value below 2^k that carries into nothing). The sum stays
                // in the type's range when both operands do.
                let tr = Range::of(ty);
                if rx.within(tr) && ry.within(tr) {
                    let fits_below = |r: Range, k: u32| r.lo >= 0 && k < 127 && r.hi < pow2(k);
                    if fits_below(ry, self.low_zero_bits(a))
                        || fits_below(rx, self.low_zero_bits(b))
                    {
                        return Val::I(Int::add(&[x, y]), rx.add(ry).meet(tr));
                    }
                }
                match self.bitwise_by_cases(op, &x, rx, &y, ry, ty) {
                    Some(v) => v,
                    None => self.bitwise(op, x, rx, y, ry, ty),
                }
            }
            _ => {
                let _ = bits;
                self.via_bits(op, x, y, ty)
            }
        }
    }

    /// How many low bits of the integer value of `e` are known to be zero
    /// (at most 127), from its structure: constants, `x << k`, products,
    /// `&` (a zero bit of either operand), and `+`, `-`, `|`, `^` (a zero
    /// bit of both); conversions between integer types keep the low bits
    /// (truncation and extension modulo 2^n do not change them; a count at
    /// or above the width means the value is 0, still a multiple). Every
    /// rule holds modulo 2^n as well, so wrap-around does not matter.
    fn low_zero_bits(&self, e: &Expr) -> u32 {
        let of_constant = |c: i128| {
            if c == 0 {
                127
            } else {
                c.trailing_zeros().min(127)
            }
        };
        match e {
            Expr::Int(c, ScalarTy::Int { .. }) => of_constant(*c),
            Expr::Unary(UnOp::Neg, x, _) => self.low_zero_bits(x),
            Expr::Unary(UnOp::BitNot, x, _) => match x.as_ref() {
                Expr::Int(c, ScalarTy::Int { .. }) => of_constant(!*c),
                _ => 0,
            },
            Expr::Cast(ScalarTy::Int { .. }, x) => match type_of(self.kernel(), x) {
                ScalarTy::Int { .. } => self.low_zero_bits(x),
                _ => 0,
            },
            Expr::Binary(op, a, b, ScalarTy::Int { .. }) => match op {
                BinOp::Shl => match b.as_ref() {
                    Expr::Int(k, _) if (0..64).contains(k) => {
                        (self.low_zero_bits(a) + *k as u32).min(127)
                    }
                    _ => self.low_zero_bits(a),
                },
                BinOp::Mul => (self.low_zero_bits(a) + self.low_zero_bits(b)).min(127),
                BinOp::BitAnd => self.low_zero_bits(a).max(self.low_zero_bits(b)),
                BinOp::Add | BinOp::Sub | BinOp::BitOr | BinOp::BitXor => {
                    self.low_zero_bits(a).min(self.low_zero_bits(b))
                }
                _ => 0,
            },
            _ => 0,
        }
    }

    /// Bounds of a C quotient `q = x / d` (or remainder, `rem`) by a
    /// divisor `d` that is not a constant, as facts for the solver, which
    /// would need non-linear reasoning to find them from Z3's own axiom
    /// `x = d * (x div d) + x mod d` (the quotient is the product's
    /// cofactor). Theorems of integer division, for C's truncating `/` and
    /// `%` as encoded above (Euclidean `div`/`mod` for a non-negative
    /// dividend): for x >= 0 and d >= 1, 0 <= x / d <= x and
    /// 0 <= x % d <= x, x % d < d; the premises say when each applies, so the facts hold
    /// in every model and exclude no execution.
    fn division_facts(&mut self, x: &Int, d: &Int, result: &Int, rem: bool) {
        if self.out.divisions.len() >= DIVISIONS_MAX {
            return;
        }
        let entry = match self
            .out
            .divisions
            .iter_mut()
            .find(|e| e.x == *x && e.d == *d)
        {
            Some(e) => e,
            None => {
                self.out.divisions.push(Division {
                    x: x.clone(),
                    d: d.clone(),
                    quotient: None,
                    remainder: None,
                });
                let last = self.out.divisions.len() - 1;
                &mut self.out.divisions[last]
            }
        };
        if rem {
            entry.remainder = Some(result.clone());
        } else {
            entry.quotient = Some(result.clone());
        }
        // Only for the delinearisation idiom (both `x / d` and `x % d`):
        // the facts are optional, and on a lone quotient (a grid of `n / b`
        // blocks) they changed the solver's search for the worse.
        let (Some(q), Some(m)) = (entry.quotient.clone(), entry.remainder.clone()) else {
            return;
        };
        let zero = Int::from_i64(0);
        let premise = Bool::and(&[x.ge(&zero), d.ge(Int::from_i64(1))]);
        let bounds = Bool::and(&[q.ge(&zero), q.le(x), m.ge(&zero), m.le(x), m.lt(d)]);
        self.out.assumptions.push(premise.implies(bounds));
    }

    /// `&`, `|`, `^` with a constant operand on a non-negative value, by the
    /// bits below the constant's highest bit (linear: bit i of x is
    /// `(x div 2^i) mod 2`); otherwise through bit-vectors.
    fn bitwise(&mut self, op: BinOp, x: Int, rx: Range, y: Int, ry: Range, ty: ScalarTy) -> Val {
        let constant = |r: Range| if r.lo == r.hi { Some(r.lo) } else { None };
        // With a non-negative constant, `&` keeps only the low bits, and bit
        // i of a two's-complement x is (x div 2^i) mod 2 for negative x too
        // (Z3's div/mod floor for positive divisors). `|` and `^` keep the
        // bits from the constant's width m up: those of x are
        // (x div 2^m) * 2^m for either sign (the floor clears the low m
        // bits of the infinite two's-complement x). So a value of either
        // sign in its type's range qualifies when the constant is at most
        // the type's maximum: m then stays below a signed type's sign bit,
        // the result keeps x's sign and stays in the type (no wrap to model).
        let tr = Range::of(ty);
        let any_sign =
            |r: Range, c: i128| op == BinOp::BitAnd || r.nonneg() || (r.within(tr) && c <= tr.hi);
        let (v, rv, c) = match (constant(rx), constant(ry)) {
            (_, Some(c)) if c >= 0 && any_sign(rx, c) => (x.clone(), rx, c),
            (Some(c), _) if c >= 0 && any_sign(ry, c) => (y.clone(), ry, c),
            _ if op == BinOp::BitXor => return self.xor_of_unknowns(x, rx, y, ry, ty),
            _ => return self.via_bits(op, x, y, ty),
        };
        let m = 128 - c.leading_zeros();
        if m > 40 {
            return self.via_bits(op, x, y, ty);
        }
        let bit = |i: u32| v.div(Int::from_i128(pow2(i))).modulo(Int::from_i64(2));
        let mut terms: Vec<Int> = Vec::new();
        for i in 0..m {
            let ci = (c >> i) & 1 == 1;
            let t = match (op, ci) {
                (BinOp::BitAnd, true) | (BinOp::BitOr, false) | (BinOp::BitXor, false) => bit(i),
                (BinOp::BitAnd, false) => continue,
                (BinOp::BitOr, true) => Int::from_i64(1),
                _ => Int::sub(&[Int::from_i64(1), bit(i)]),
            };
            terms.push(Int::mul(&[t, Int::from_i128(pow2(i))]));
        }
        if op != BinOp::BitAnd {
            // Bits at and above m are those of v.
            let top = Int::mul(&[v.div(Int::from_i128(pow2(m))), Int::from_i128(pow2(m))]);
            terms.push(top);
        }
        let sum = if terms.is_empty() {
            Int::from_i64(0)
        } else {
            Int::add(&terms)
        };
        let range = if op == BinOp::BitAnd {
            Range { lo: 0, hi: c }
        } else if rv.lo < 0 {
            // Only the low m bits change: the result lies between x's
            // bounds with their low m bits cleared and set.
            let block = pow2(m);
            Range {
                lo: rv.lo.div_euclid(block) * block,
                hi: rv.hi.div_euclid(block) * block + block - 1,
            }
        } else {
            let hi = rv.hi.max(c);
            let k = 128 - hi.max(1).leading_zeros();
            Range {
                lo: 0,
                hi: pow2(k) - 1,
            }
        };
        Val::I(sum, range.meet(Range::of(ty)))
    }

    /// `x op y` for a bitwise `op` whose operand `y` (or `x`) takes one of
    /// a few known values c ([`Exec::finite_terms`], `stride - 1` of a
    /// halving power-of-two counter): `ite(y == c1, x op c1, ite(..,
    /// x op cn))`, each case by the linear encodings of an operation with a
    /// constant (`x & (2^k - 1)` is `x mod 2^k`; `x & c` for a negative c is
    /// `x - (x & ~c)`: c and ~c split the bits of x, so the two parts are
    /// disjoint and add up to x, in two's complement as for the integer)
    /// instead of bit-vectors. The last case stands for every value outside
    /// the others: the set holds every value the operand takes in an
    /// execution (exactly for images of constants and of shifts, and for a
    /// loop counter by its head fact, asserted wherever the loop runs), so
    /// only models no execution has are given another value. None when the
    /// set is unknown or large, or a case would need bit-vectors anyway.
    fn bitwise_by_cases(
        &mut self,
        op: BinOp,
        x: &Int,
        rx: Range,
        y: &Int,
        ry: Range,
        ty: ScalarTy,
    ) -> Option<Val> {
        let (v, rv, values, of) = match (self.values_of(y), self.values_of(x)) {
            (Some(values), _) if values.len() > 1 => (x, rx, values, y),
            (_, Some(values)) if values.len() > 1 => (y, ry, values, x),
            _ => return None,
        };
        if values.len() > FINITE_VALUES_MAX {
            return None;
        }
        let mut cases: Vec<(i128, Val)> = Vec::new();
        for c in values {
            let case = if op == BinOp::BitAnd && c >= 0 && (c & (c + 1)) == 0 {
                if c == 0 {
                    Val::I(Int::from_i64(0), Range::point(0))
                } else {
                    Val::I(v.modulo(Int::from_i128(c + 1)), Range { lo: 0, hi: c })
                }
            } else if op == BinOp::BitAnd && c < 0 {
                let Val::I(low, _) =
                    self.bitwise(op, v.clone(), rv, Int::from_i128(!c), Range::point(!c), ty)
                else {
                    return None;
                };
                // x - (x & ~c) with 0 <= x & ~c <= ~c.
                let lo = (rv.lo - !c).min(0);
                Val::I(
                    Int::sub(&[v.clone(), low]),
                    Range {
                        lo,
                        hi: rv.hi.max(0),
                    },
                )
            } else if c >= 0
                && (op == BinOp::BitAnd || rv.nonneg())
                && 128 - c.leading_zeros() <= 40
            {
                self.bitwise(op, v.clone(), rv, Int::from_i128(c), Range::point(c), ty)
            } else {
                return None;
            };
            cases.push((c, case));
        }
        let (_, Val::I(mut value, mut range)) = cases.pop()? else {
            return None;
        };
        for (c, case) in cases.into_iter().rev() {
            let Val::I(t, r) = case else {
                return None;
            };
            value = of.eq(Int::from_i128(c)).ite(&t, &value);
            range = range.join(r);
        }
        Some(Val::I(value, range.meet(Range::of(ty))))
    }

    /// `x ^ y` through bit-vectors, recorded for the involution lemma when
    /// the type is unsigned ([`Encoder::xor_lemmas`]).
    fn xor_of_unknowns(&mut self, x: Int, rx: Range, y: Int, ry: Range, ty: ScalarTy) -> Val {
        let v = self.via_bits(BinOp::BitXor, x.clone(), y.clone(), ty);
        if let (
            ScalarTy::Int {
                bits,
                signed: false,
            },
            Val::I(result, _),
        ) = (ty, &v)
        {
            let n = u32::from(bits.max(1));
            let type_range = Range::of(ty);
            for ((a, ra), b) in [((&x, rx), &y), ((&y, ry), &x)] {
                self.out.xors.push(XorTerm {
                    a: a.clone(),
                    a_in_type: ra.within(type_range),
                    b: b.clone(),
                    result: result.clone(),
                    bits: n,
                });
            }
        }
        v
    }

    /// `x << y` or `x >> y` with a variable amount, as a case split over the
    /// amounts: linear integer arithmetic instead of bit-vectors, whose
    /// conversions (`int2bv`, `bv2int`) the solver decides slowly and with
    /// little of its work counted. It means what [`Self::via_bits`] means:
    /// for an amount k in [0, n) of an n-bit type, `x << k` is x * 2^k
    /// reduced to the type (`bvshl` is the product modulo 2^n), and `x >> k`
    /// is floor(x / 2^k) for x in its type's range (`bvashr` of a signed,
    /// `bvlshr` of an unsigned value). An amount outside [0, n) is undefined
    /// in C; the bit-vector shifts read it modulo 2^n as unsigned, which is
    /// at least n for every amount in [-(2^n - n), 2^n): the result is 0, or
    /// -1 for `>>` of a negative signed value (the sign fill). Amounts whose
    /// range reaches beyond that keep the bit-vector encoding.
    fn shift_by_cases(
        &mut self,
        op: BinOp,
        x: Int,
        rx: Range,
        y: Int,
        ry: Range,
        ty: ScalarTy,
    ) -> Val {
        let ScalarTy::Int { bits, signed } = ty else {
            return self.via_bits(op, x, y, ty);
        };
        let n = u32::from(bits.clamp(1, 64));
        let width = pow2(n);
        let tr = Range::of(ty);
        let amounts_read_as_bits = ry.lo >= -(width - i128::from(n)) && ry.hi < width;
        let first = ry.lo.max(0);
        let last = ry.hi.min(i128::from(n) - 1);
        // `>>` as a floor division needs x as its type's value.
        if !amounts_read_as_bits || first > last || (op == BinOp::Shr && !rx.within(tr)) {
            return self.via_bits(op, x, y, ty);
        }
        let mut range: Option<Range> = None;
        let mut widen = |r: Range| range = Some(range.map_or(r, |s| s.join(r)));
        let beyond = if op == BinOp::Shr && signed {
            widen(Range { lo: -1, hi: 0 });
            x.lt(Int::from_i64(0))
                .ite(&Int::from_i64(-1), &Int::from_i64(0))
        } else {
            widen(Range::point(0));
            Int::from_i64(0)
        };
        let out_of_range = first > ry.lo || last < ry.hi;
        let mut cases: Vec<(i128, Int)> = Vec::new();
        for k in first..=last {
            let f = pow2(k as u32);
            let term = if op == BinOp::Shl {
                widen(rx.mul(Range::point(f)));
                Int::mul(&[x.clone(), Int::from_i128(f)])
            } else {
                widen(Range {
                    lo: rx.lo.div_euclid(f),
                    hi: rx.hi.div_euclid(f),
                });
                if k == 0 {
                    x.clone()
                } else {
                    x.div(Int::from_i128(f))
                }
            };
            cases.push((k, term));
        }
        // The last in-range case is the fallthrough when every amount the
        // range allows is a valid one; else the out-of-range value is.
        let mut value = if out_of_range {
            beyond
        } else {
            match cases.pop() {
                Some((_, term)) => term,
                None => beyond,
            }
        };
        for (k, term) in cases.into_iter().rev() {
            value = y.eq(Int::from_i128(k)).ite(&term, &value);
        }
        let range = range.unwrap_or(tr);
        if op == BinOp::Shr {
            return Val::I(value, range.meet(tr));
        }
        if !signed && op == BinOp::Shl {
            if let Some(v) = self.index_shift_fits(&value, range, &x, &y, ty) {
                return v;
            }
        }
        // The product reduced as `bvshl` reduces it: two's complement for a
        // signed type (see the constant shift above), modulo 2^n unsigned.
        if signed {
            self.convert(value, range, ty)
        } else {
            self.wrap(value, range, ty)
        }
    }

    /// The bounds of `r = x & y` evaluated on bit-vectors ([`Self::via_bits`])
    /// when neither operand is a constant (`i & (n - 1)` with a parameter
    /// `n`), as facts for the solver, which finds them slowly or not at all
    /// through `int2bv`/`bv2int`. A theorem of two's complement, for either
    /// sign of the other operand: an operand m with 0 <= m <= the type's
    /// maximum has a clear top (sign) bit and is its own n-bit pattern, and
    /// the bits of `x & m` are a subset of m's, so `0 <= x & m <= m` (as a
    /// signed value too: the sign bit stays clear). Stated for an operand
    /// whose range is within `[0, max]` (a term outside the type's range is
    /// reduced modulo 2^n by `int2bv`, to which the bound need not apply),
    /// so it holds in every model and excludes no execution; such an
    /// operand also narrows the result's range. The facts go to
    /// the queries of the accesses whose offsets read the result only
    /// ([`and_bound_facts`]).
    fn and_bounds(&mut self, v: Val, x: &Int, rx: Range, y: &Int, ry: Range, ty: ScalarTy) -> Val {
        let Val::I(r, mut range) = v else {
            return v;
        };
        let ScalarTy::Int { .. } = ty else {
            return Val::I(r, range);
        };
        let max = Range::of(ty).hi;
        let zero = Int::from_i64(0);
        for (m, rm) in [(x, rx), (y, ry)] {
            // Only for an operand whose range is within [0, max] (any
            // unsigned value, a non-negative signed one): then the bound
            // needs no premise. A guarded fact (`m >= 0 => ...`) for an
            // operand that may be negative is one more case split in every
            // query that reads the result, and the solver then found no
            // race where the mask is negative (masked_neighbours_racy.cu
            // `negative_mask` went unknown).
            if rm.lo >= 0 && rm.hi <= max {
                range = range.meet(Range { lo: 0, hi: rm.hi });
                self.out.and_bounds.push(AndBound {
                    result: r.clone(),
                    fact: Bool::and(&[r.ge(&zero), r.le(m)]),
                });
            }
        }
        Val::I(r, range)
    }

    /// A bitwise operation evaluated on bit-vectors of the type's width.
    fn via_bits(&self, op: BinOp, x: Int, y: Int, ty: ScalarTy) -> Val {
        let ScalarTy::Int { bits, signed } = ty else {
            return Val::I(x, Range::full());
        };
        let n = u32::from(bits.max(1));
        let bx = BV::from_int(&x, n);
        let by = BV::from_int(&y, n);
        let r = match op {
            BinOp::BitAnd => bx.bvand(&by),
            BinOp::BitOr => bx.bvor(&by),
            BinOp::BitXor => bx.bvxor(&by),
            BinOp::Shl => bx.bvshl(&by),
            BinOp::Shr if signed => bx.bvashr(&by),
            _ => bx.bvlshr(&by),
        };
        Val::I(Int::from_bv(&r, signed), Range::of(ty))
    }

    // ---- statements ----

    fn block(&mut self, block: &Block) {
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
    }

    /// Records `stmt`'s access; returns its byte offset and its premise
    /// (see [`AccessSym::premise`]).
    fn record_access(
        &mut self,
        stmt: &Stmt,
        access: &crate::ir::Access,
        value: Option<Val>,
    ) -> (Int, Bool) {
        self.in_offset = true;
        self.in_index = self.enc.index_arithmetic_fits;
        let outer = std::mem::take(&mut self.pending);
        let outer_sizes = std::mem::take(&mut self.size_pending);
        let (offset, offset_range) = self.expr_int(&access.offset, ScalarTy::LONG);
        self.in_offset = false;
        self.in_index = false;
        let facts = std::mem::replace(&mut self.pending, outer);
        let sizes = std::mem::replace(&mut self.size_pending, outer_sizes);
        if !sizes.is_empty() {
            // Sizes only: the thread's path (see `push_index_fact`).
            self.out
                .assumptions
                .push(self.enabled().implies(Bool::and(&sizes)));
        }
        // The index arithmetic of a reached access does not wrap: a premise
        // of this access's own queries (see `AccessSym::premise`).
        let premise = if facts.is_empty() {
            Bool::from_bool(true)
        } else {
            self.enabled().implies(Bool::and(&facts))
        };
        let mut vars = Vec::new();
        vars_of(&access.offset, &mut vars);
        let mut locals = Vec::new();
        for v in vars {
            let ty = self.var_ty(v);
            let val = self.get(v);
            let name = self
                .kernel()
                .vars
                .get(v.0 as usize)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            locals.push((name, val, ty));
        }
        let mut row_major = self.row_major(&access.offset);
        row_major.extend(term_row_major(&offset));
        let mut horner = term_horner(&offset);
        if let Some(unfolded) = self.unfold_counters(&offset) {
            // Readings of the offset with its loop counters written out
            // (`c0 + k * xy` for a plane offset `c` advanced by `c += xy`):
            // the plane is then a row of the layout. Each reading is an
            // identity of the unfolded term, so its lemma is a theorem
            // whatever the term (see `row_major_lemmas`); the counter facts
            // the access's context asserts (`c == c0 + k * xy`) are what
            // equate the unfolded term with the offset in a query.
            row_major.extend(term_row_major(&unfolded).into_iter().map(|mut r| {
                r.unfolded = true;
                r
            }));
            horner.extend(term_horner(&unfolded).into_iter().map(|mut h| {
                h.unfolded = true;
                h
            }));
        }
        let triangles = term_packed_triangles(&offset);
        let sym = AccessSym {
            enabled: self.enabled(),
            offset,
            offset_lo: offset_range.lo,
            size: access.size,
            value,
            locals,
            row_major,
            horner,
            triangles,
            premise: premise.clone(),
            exits: Vec::new(),
        };
        self.out.accesses.insert(stmt.id, sym.clone());
        (sym.offset, premise)
    }

    /// The byte offset a read's value is a function of, for the facts that
    /// outlive the read's own queries (the read-only function, a repeated
    /// read's link), which every query of the thread asserts. `offset` is
    /// C's offset only under `premise` (the read's index-arithmetic
    /// assumption, see [`AccessSym::premise`]), which those queries do not
    /// assume: elsewhere the address is C's own offset (evaluated again
    /// without the assumption), so a wrapped index reads where C reads.
    fn read_address(&mut self, access: &crate::ir::Access, offset: &Int, premise: &Bool) -> Int {
        if premise.as_bool() == Some(true) {
            return offset.clone();
        }
        let outer = std::mem::take(&mut self.pending);
        let (c_offset, _) = self.expr_int(&access.offset, ScalarTy::LONG);
        self.pending = outer;
        premise.ite(offset, &c_offset)
    }

    /// `offset` with the values of the linear counters it mentions replaced
    /// by `init + k * step` ([`CounterInstance::exact`]), repeatedly (a
    /// counter's start may be another loop's exit value), or None when it
    /// mentions none. Bounded: at most [`UNFOLD_ROUNDS`] rounds over the
    /// [`UNFOLD_COUNTERS`] most recent instances.
    fn unfold_counters(&self, offset: &Int) -> Option<Int> {
        let instances: Vec<&CounterInstance> = self
            .out
            .counters
            .iter()
            .rev()
            .take(UNFOLD_COUNTERS)
            .collect();
        if instances.is_empty() {
            return None;
        }
        let mut term = offset.clone();
        for _ in 0..UNFOLD_ROUNDS {
            let before = term.clone();
            for c in &instances {
                if c.value != c.exact {
                    term = term.substitute(&[(&c.value, &c.exact)]);
                }
            }
            if term == before {
                break;
            }
        }
        (term != *offset).then_some(term)
    }

    /// Readings of `offset` as `scale * (x * n + y)`, for the row-major
    /// lemma (see [`Encoder::row_major_lemmas`]). Only side-effect-free
    /// subterms are evaluated again; whether the reading is exact (no
    /// wrap-around in between) is left to the lemma's premises.
    fn row_major(&mut self, offset: &Expr) -> Vec<RowMajor> {
        fn strip_casts(mut e: &Expr) -> &Expr {
            while let Expr::Cast(_, inner) = e {
                e = inner;
            }
            e
        }
        fn pure(e: &Expr) -> bool {
            match e {
                Expr::Int(..) | Expr::Var(_) | Expr::Param(_) | Expr::Builtin(_) => true,
                Expr::Unary(_, a, _) | Expr::Cast(_, a) => pure(a),
                Expr::Binary(_, a, b, _) => pure(a) && pure(b),
                _ => false,
            }
        }
        let mut scale: i128 = 1;
        let mut e = strip_casts(offset);
        while let Expr::Binary(BinOp::Mul, a, b, _) = e {
            match (strip_casts(a), strip_casts(b)) {
                (Expr::Int(k, _), other) | (other, Expr::Int(k, _)) => {
                    scale = scale.saturating_mul(*k);
                    e = other;
                }
                _ => break,
            }
        }
        let mut out = Vec::new();
        let Expr::Binary(BinOp::Add, p, q, add_ty) = e else {
            return out;
        };
        if scale == 0 || !pure(e) {
            return out;
        }
        let index = self.expr_int(e, *add_ty).0;
        for (m, y, product_first) in [(p, q, true), (q, p, false)] {
            let Expr::Binary(BinOp::Mul, a, b, mul_ty) = strip_casts(m) else {
                continue;
            };
            if matches!(strip_casts(a), Expr::Int(..)) || matches!(strip_casts(b), Expr::Int(..)) {
                continue;
            }
            let (ta, tb) = (self.expr_int(a, *mul_ty).0, self.expr_int(b, *mul_ty).0);
            let ty = self.expr_int(y, *add_ty).0;
            let product = Int::mul(&[ta.clone(), tb.clone()]);
            let reading = if product_first {
                Int::add(&[product, ty.clone()])
            } else {
                Int::add(&[ty.clone(), product])
            };
            // Nested row-major indices (`(z * n + y) * n + x`): the row and
            // the row length are read again, so the lemma applies level by
            // level (row equality from the outer level is the inner premise).
            if self.row_major_depth < 3 {
                self.row_major_depth += 1;
                for factor in [a, b] {
                    out.extend(self.row_major(factor));
                }
                self.row_major_depth -= 1;
            }
            for (x, n) in [(&ta, &tb), (&tb, &ta)] {
                out.push(RowMajor {
                    scale,
                    index: index.clone(),
                    reading: reading.clone(),
                    x: x.clone(),
                    n: n.clone(),
                    y: ty.clone(),
                    unfolded: false,
                });
            }
        }
        out
    }

    /// Records a named-barrier operation with its generation (see [`NamedEvent`]).
    fn named_barrier(
        &mut self,
        id: StmtId,
        op: crate::ir::NamedOp,
        barrier: &Expr,
        token: Option<VarId>,
    ) {
        let enabled = self.enabled();
        let (barrier, _) = self.expr_int(barrier, ScalarTy::INT);
        let in_loop = !self.loop_stack.is_empty();
        let arrivals: Vec<&NamedEvent> = self.out.named.iter().filter(|e| e.op.arrives()).collect();
        // An operation in a loop runs several times: counting its statement
        // once is wrong there and after it, so those take the concrete
        // runs' fit below (or stay unknown).
        let own = if in_loop
            || arrivals
                .iter()
                .any(|e| e.generation.is_none() || e.fitted.is_some())
        {
            None
        } else {
            let zero = Int::from_i64(0);
            let one = Int::from_i64(1);
            let terms: Vec<Int> = arrivals
                .iter()
                .map(|e| Bool::and(&[&e.enabled, &e.barrier.eq(&barrier)]).ite(&one, &zero))
                .collect();
            Some(if terms.is_empty() {
                zero
            } else {
                Int::add(&terms)
            })
        };
        let generation = match op {
            // The token's value as control flow merged it; only when an
            // arrival outside loops defined it (else it may be havocked).
            crate::ir::NamedOp::Wait => match token {
                Some(t) if !in_loop && own.is_some() && self.tokens.contains_key(&t) => {
                    match self.expr(&Expr::Var(t)) {
                        Val::I(g, _) => Some(g),
                        Val::B(_) => None,
                    }
                }
                _ => None,
            },
            // Its generation depends on what the thread knows completed
            // (`check/named.rs`, `parity_generation`): the concrete runs'
            // fit only.
            crate::ir::NamedOp::WaitParity => None,
            _ => own.clone(),
        };
        if let (true, Some(t)) = (op.arrives(), token) {
            match &own {
                Some(g) => {
                    self.tokens.insert(t, g.clone());
                    self.set(
                        t,
                        Val::I(
                            g.clone(),
                            Range {
                                lo: 0,
                                hi: i32::MAX as i128,
                            },
                        ),
                    );
                }
                None => {
                    self.tokens.remove(&t);
                    let loops = self.loop_stack.clone();
                    let v = self.havoc(&format!("token{}", id.0), ScalarTy::INT, false, &loops);
                    self.set(t, v);
                }
            }
        }
        // Without a symbolic count (in or after a loop), the concrete runs'
        // fit, where one exists: `base + sum(stride * iteration)`, the same
        // function in every thread that executes the operation.
        let mut fitted = None;
        let generation = match (generation, self.enc.generations.fits.get(&id)) {
            (Some(g), _) => Some(g),
            (None, Some(fit)) => {
                let iters: Option<Vec<Int>> = fit
                    .loops
                    .iter()
                    .map(|l| self.out.iterations.get(&l.stmt).cloned())
                    .collect();
                iters.and_then(|iters| {
                    let event = NamedEvent {
                        stmt: id,
                        op,
                        enabled: enabled.clone(),
                        barrier: barrier.clone(),
                        generation: None,
                        fitted: Some((fit.clone(), iters.clone())),
                    };
                    let (g, _) = event.fitted_at(&iters)?;
                    fitted = event.fitted;
                    Some(g)
                })
            }
            (None, None) => None,
        };
        self.out.named.push(NamedEvent {
            stmt: id,
            op,
            enabled,
            barrier,
            generation,
            fitted,
        });
    }

    fn stmt(&mut self, stmt: &Stmt) {
        if self.out.incomplete || self.enc.dead.contains(&stmt.id) {
            // A dead statement changes nothing a query reads (theorem at
            // `dead_statements`): not evaluated, not charged.
            return;
        }
        self.steps = self.steps.wrapping_add(1);
        if !self.enc.step()
            || (self.steps.is_multiple_of(256)
                && self.enc.deadline.as_ref().is_some_and(|d| d.passed()))
        {
            self.out.incomplete = true;
            return;
        }
        if let Some(pass) = &self.pass {
            // The last iteration's execution again: only what its exit
            // values depend on (see `relevant_vars`). Accesses are not
            // recorded, so their offsets are not evaluated; a value read
            // is any value (no read-only function: fewer facts); a stated
            // assumption is dropped (fewer facts: it may read values
            // this execution skipped).
            match &stmt.kind {
                StmtKind::Read { dest, .. }
                | StmtKind::Atomic {
                    dest: Some(dest), ..
                } => {
                    if pass.relevant.contains(dest) {
                        let ty = self.var_ty(*dest);
                        let uniform = matches!(stmt.kind, StmtKind::Read { .. })
                            && self.uni().def_is_uniform(stmt.id)
                            && !self.enc.adversarial;
                        let loops = self.loop_stack.clone();
                        let v = self.havoc(&format!("read{}", stmt.id.0), ty, uniform, &loops);
                        self.set(*dest, v);
                    }
                    return;
                }
                StmtKind::Write { .. }
                | StmtKind::Atomic { .. }
                | StmtKind::Barrier { .. }
                | StmtKind::DeviceFence
                | StmtKind::Assume { .. } => return,
                StmtKind::Assign { var, .. } if !pass.relevant.contains(var) => return,
                StmtKind::If { .. } | StmtKind::Loop { .. }
                    if !matters_in_last_iteration(stmt, &pass.relevant) =>
                {
                    return
                }
                _ => {}
            }
        }
        match &stmt.kind {
            StmtKind::Assign { var, value } => {
                let ty = self.var_ty(*var);
                let v = self.expr_as(value, ty);
                self.raw_values.remove(var);
                if self.enc.index_arithmetic_fits && self.enc.index_locals.contains(var) {
                    // The same definition without wrap, for the offsets that
                    // read it (expressions are pure: reads of memory are
                    // statements of their own).
                    let outer = std::mem::take(&mut self.pending);
                    let outer_sizes = std::mem::take(&mut self.size_pending);
                    self.in_index = true;
                    let raw = self.expr_as(value, ty);
                    self.in_index = false;
                    let facts = std::mem::replace(&mut self.pending, outer);
                    // Its size facts stay among `facts`, the premise of
                    // the accesses that read the local.
                    self.size_pending = outer_sizes;
                    if !facts.is_empty() && int_of(&raw) != int_of(&v) {
                        self.raw_values.insert(*var, (int_of(&v), raw, facts));
                    }
                }
                self.set(*var, v);
                // A copy of an arrival token outside loops is a token too.
                let mut src = value;
                while let Expr::Cast(_, inner) = src {
                    src = inner;
                }
                match src {
                    Expr::Var(x) if self.loop_stack.is_empty() && self.tokens.contains_key(x) => {
                        let g = self.tokens[x].clone();
                        self.tokens.insert(*var, g);
                    }
                    _ => {
                        self.tokens.remove(var);
                    }
                }
            }
            StmtKind::Collective {
                uniform_args, dest, ..
            } => {
                // Checked for divergence like a barrier, arguments included.
                let en = self.enabled();
                self.out.barriers.insert(stmt.id, en);
                let args = uniform_args.iter().map(|a| self.expr(a)).collect();
                self.out.collective_args.insert(stmt.id, args);
                if let Some(d) = dest {
                    let ty = self.var_ty(*d);
                    let uniform = self.uni().def_is_uniform(stmt.id);
                    let loops = self.loop_stack.clone();
                    let v = self.havoc(&format!("collective{}", stmt.id.0), ty, uniform, &loops);
                    self.set(*d, v);
                }
            }
            StmtKind::Havoc { var } => {
                let ty = self.var_ty(*var);
                let uniform = self.uni().def_is_uniform(stmt.id);
                let loops = self.loop_stack.clone();
                let v = self.havoc(&format!("havoc{}", stmt.id.0), ty, uniform, &loops);
                let asyncs = &self.enc.kernel.asyncs;
                let carried_back = asyncs.carried_back_vars.iter().any(|(.., b)| b == var);
                if let (true, Val::I(t, _)) = (carried_back, &v) {
                    self.out.carried_backs.insert(*var, t.clone());
                }
                self.set(*var, v);
            }
            StmtKind::Read { dest, access } => {
                let (offset, premise) = self.record_access(stmt, access, None);
                if !self.enc.live.contains(dest) {
                    // The access counts; its value reaches nothing a query
                    // reads (see `dead_statements`): no value, no facts.
                    return;
                }
                let ty = self.var_ty(*dest);
                let keyed = (self.enc.read_only.contains(&access.array) && !self.enc.adversarial)
                    || self.enc.repeated_reads.contains_key(&stmt.id)
                    || self
                        .enc
                        .repeated_reads
                        .values()
                        .any(|firsts| firsts.contains(&stmt.id));
                let offset = if keyed {
                    self.read_address(access, &offset, &premise)
                } else {
                    offset
                };
                if self.enc.read_only.contains(&access.array) && !self.enc.adversarial {
                    // The array never changes during the kernel (see
                    // `read_only_arrays`): the value is a function of the
                    // array, the type read and the byte offset, the same in
                    // both threads. Lies in its type's range like any value.
                    let kind = match access.ty {
                        ScalarTy::Bool => "b".to_string(),
                        ScalarTy::Int { bits, signed } => {
                            format!("{}{bits}", if signed { "i" } else { "u" })
                        }
                        ScalarTy::Float { bits } => format!("f{bits}"),
                    };
                    // `#` cannot occur in a C name: no user function shares it.
                    let name = format!("read-only#{}_{kind}", access.array.0);
                    let v =
                        self.enc
                            .func(&name, &[&Val::I(offset.clone(), Range::full())], access.ty);
                    let sorted = self
                        .kernel()
                        .non_decreasing
                        .iter()
                        .find(|f| f.array == access.array)
                        .cloned();
                    if let (Some(fact), Val::I(value, _)) = (sorted, &v) {
                        // Only reads of whole signed `int`s: the host's
                        // order is that of its `int` elements.
                        if access.size == 4
                            && access.ty
                                == (ScalarTy::Int {
                                    bits: 32,
                                    signed: true,
                                })
                        {
                            let outer = std::mem::take(&mut self.pending);
                            let (len, _) = self.expr_int(&fact.len, ScalarTy::LONG);
                            self.pending = outer;
                            let most = Int::add(&[
                                Int::from_i128(fact.first),
                                Int::mul(&[
                                    Int::sub(&[len.clone(), Int::from_i64(1)]),
                                    Int::from_i128(fact.max_step),
                                ]),
                            ]);
                            let fits = most.le(Int::from_i64(i64::from(i32::MAX)));
                            self.out.sorted_reads.push(SortedRead {
                                array: access.array,
                                offset: offset.clone(),
                                value: value.clone(),
                                len,
                                fits,
                            });
                        }
                    }
                    if let (Val::I(x, r), false) = (&v, matches!(access.ty, ScalarTy::Float { .. }))
                    {
                        self.out.assumptions.push(Bool::and(&[
                            x.ge(Int::from_i128(r.lo)),
                            x.le(Int::from_i128(r.hi)),
                        ]));
                    }
                    let v = self.coerce(v, access.ty, ty);
                    self.set(*dest, v);
                    return;
                }
                // Uniform reads give one value in every thread (see `analysis::uniformity`),
                // unless reads are adversarial by request.
                let uniform = self.uni().def_is_uniform(stmt.id) && !self.enc.adversarial;
                let loops = self.loop_stack.clone();
                let ranges_from = self.out.assumptions.len();
                let v = self.havoc(&format!("read{}", stmt.id.0), ty, uniform, &loops);
                if !self.enc.adversarial {
                    if let Some(values) = self.enc.broadcasts.get(&stmt.id) {
                        self.broadcast_fact(&v, values, ty);
                    }
                }
                if !self.enc.repeated_reads.is_empty() {
                    // `havoc`'s facts: the range of `v`'s type, holding at 0.
                    let mut links = self.enc.read_links.borrow_mut();
                    for range in &self.out.assumptions[ranges_from..] {
                        links.range(range);
                    }
                }
                let enabled = self.enabled();
                let firsts = self
                    .enc
                    .repeated_reads
                    .get(&stmt.id)
                    .map_or(&[][..], |f| &f[..]);
                for first in firsts {
                    let Some((first_enabled, first_offset, first_value)) =
                        self.read_records.get(first)
                    else {
                        continue;
                    };
                    // A repeat of this thread's earlier read: at its offset
                    // it returns the same value (theorem at
                    // `own_write::repeated_reads`).
                    if let Some(differ) = self.enc.values_differ(first_value, &v) {
                        let premise = Bool::and(&[
                            first_enabled.clone(),
                            enabled.clone(),
                            first_offset.eq(&offset),
                        ]);
                        let link = premise.implies(differ.not());
                        self.enc
                            .read_links
                            .borrow_mut()
                            .link(&link, [first_value, &v]);
                        self.out.assumptions.push(link);
                    }
                }
                self.read_records
                    .insert(stmt.id, (enabled, offset, v.clone()));
                self.set(*dest, v);
            }
            StmtKind::Write { access, value } => {
                let v = self.expr_as(value, access.ty);
                // A stored value that may rest on the read-only fact is not
                // compared for a benign race (see `read_only_dependents`).
                let compared = !mentions_any(value, &self.enc.dependents_in(self.scenario));
                self.record_access(stmt, access, compared.then_some(v));
            }
            StmtKind::Atomic { dest, access, op } => {
                self.record_access(stmt, access, None);
                if let Some(d) = dest {
                    let ty = self.var_ty(*d);
                    let loops = self.loop_stack.clone();
                    let v = self.havoc(&format!("atomic{}", stmt.id.0), ty, false, &loops);
                    if let (Val::I(result, _), Some((premises, bound))) =
                        (&v, self.ticket_bounds.get(&stmt.id))
                    {
                        // Theorem at `check::stride_tickets`: the ticket is
                        // the number of increments before it modulo 2^bits
                        // (read in its type), at most that number; and that
                        // number itself below 2^(bits - 1) for a signed type.
                        let mut holds = vec![result.lt(bound)];
                        if let ScalarTy::Int { signed: true, bits } = ty {
                            let fits = bound.le(Int::from_i128(1i128 << (bits - 1)));
                            holds.push(fits.implies(result.ge(Int::from_i64(0))));
                        }
                        let fact = Bool::and(&[self.enabled(), premises.clone()])
                            .implies(Bool::and(&holds));
                        self.out.assumptions.push(fact);
                    }
                    if let (Val::I(result, _), true) = (
                        &v,
                        op.returns_distinct_values()
                            && self.enc.monotone_arrays.contains(&access.array),
                    ) {
                        if let Some(sym) = self.out.accesses.get(&stmt.id) {
                            self.out.counter_atomics.push(AtomicResult {
                                array: access.array.0,
                                enabled: Bool::and(&[sym.enabled.clone(), sym.premise.clone()]),
                                offset: sym.offset.clone(),
                                result: result.clone(),
                            });
                        }
                    }
                    self.set(*d, v);
                }
            }
            // A fence orders no pair on its own (see `StmtKind::DeviceFence`).
            StmtKind::DeviceFence => {}
            StmtKind::Barrier { scope, .. } => {
                let en = self.enabled();
                self.out.barriers.insert(stmt.id, en);
                // CUDA excuses exited threads at `__syncwarp` and at the
                // warp intrinsics (`__shfl_*_sync`, votes: "all non-exited
                // threads named in mask must execute the same intrinsic",
                // Programming Guide), on which tiles of up to 32 threads
                // build their collectives.
                // Not at a masked `__syncwarp(mask)`: it orders the memory
                // of the lanes that take part only, and an exited lane's
                // earlier accesses are not ordered with the others' later
                // ones (the intervals take the barrier as ordering every
                // lane of the mask), so a named lane that exits before it
                // is reported as divergence.
                let warp_level = match scope {
                    crate::ir::BarrierScope::Warp => true,
                    crate::ir::BarrierScope::Tile { size, .. } => *size <= 32,
                    _ => false,
                };
                if warp_level && self.kernel().lang == crate::ir::Lang::Cuda {
                    self.out.barrier_exited.insert(stmt.id, self.exited.clone());
                }
                // A mask the checker cannot resolve to one value for the
                // block (read from memory, computed from the thread): its
                // value as this thread computes it here, of which the
                // caller's lane must be a set bit ("the executing thread
                // must be in membermask", PTX `bar.warp.sync`). The
                // divergence check asks it; such a barrier orders nothing.
                if let crate::ir::BarrierScope::WarpMask { mask } = scope {
                    let resolved = self
                        .enc
                        .warp_mask_tables()
                        .0
                        .get(*mask as usize)
                        .is_some_and(|m| m.is_some());
                    let expr = self.kernel().warp_masks.get(*mask as usize).cloned();
                    if let (false, Some(e)) = (resolved, expr) {
                        let (m, _) = self.expr_int(&e, ScalarTy::UINT);
                        let inside = self.enc.lane_bit_of(self.thread, &m);
                        self.out.barrier_in_mask.insert(stmt.id, inside);
                    }
                }
            }
            StmtKind::NamedBarrier {
                op, barrier, token, ..
            } => self.named_barrier(stmt.id, *op, barrier, *token),
            StmtKind::If { cond, then_, else_ } => self.if_stmt(stmt.id, cond, then_, else_),
            StmtKind::Loop {
                cond,
                cond_prelude,
                body,
                step,
                ..
            } => self.loop_stmt(stmt.id, cond, cond_prelude, body, step),
            StmtKind::Break => {
                let taken = self.enabled();
                if let Some(jumps) = &mut self.jumps {
                    jumps.breaks.push((taken.clone(), self.env.clone()));
                }
                self.broken = Bool::or(&[self.broken.clone(), taken]);
            }
            StmtKind::Continue => {
                let taken = self.enabled();
                if let Some(jumps) = &mut self.jumps {
                    jumps.continues.push((taken.clone(), self.env.clone()));
                }
                self.continued = Bool::or(&[self.continued.clone(), taken]);
            }
            StmtKind::Return => {
                let taken = self.enabled();
                // Not in the second execution of a loop's last iteration:
                // its flags are thrown away (see `last_iteration_fact`).
                if self.pass.is_none() {
                    self.exited = Bool::or(&[self.exited.clone(), taken.clone()]);
                }
                self.alive = Bool::and(&[self.alive.clone(), taken.not()]);
            }
            StmtKind::Assume { cond } => {
                // A stated precondition: a thread that reaches it satisfies it.
                if self.kernel().deferred_assumes.contains(&stmt.id) && self.at_start(cond) {
                    // Its facts are built when a query asks for them
                    // (`Encoder::entry_facts`, the same evaluation in the
                    // same state), not here.
                    self.out.deferred_at_entry.push(cond.clone());
                    return;
                }
                let assumed = self.out.assumptions.len();
                let c = self.expr_bool(cond);
                let reached = self.enabled();
                let fact = reached.implies(c);
                if self.kernel().deferred_assumes.contains(&stmt.id) {
                    // A launch fact race queries ask for only when needed
                    // (see `Kernel::deferred_assumes`), with any fact its
                    // encoding added: leaving true facts out only weakens
                    // a query.
                    let side: Vec<Bool> = self.out.assumptions.drain(assumed..).collect();
                    self.out.deferred.extend(side);
                    self.out.deferred.push(fact);
                } else {
                    self.out.assumptions.push(fact);
                }
            }
        }
    }

    /// Both branches, then the state where `cond` picks each branch's.
    /// Only the slots of the locals the branches mention (see
    /// [`touched_locals`]) are saved and merged: executing a branch sets no
    /// other slot, so the others hold the same value after both branches
    /// and their merge would keep it (a kernel of 90,000 locals copied and
    /// compared its whole state at each of 1,500 branches).
    fn if_stmt(&mut self, id: StmtId, cond: &Expr, then_: &Block, else_: &Block) {
        let touched = self
            .enc
            .if_locals
            .borrow_mut()
            .entry(id)
            .or_insert_with(|| Rc::from(touched_locals(then_, else_)))
            .clone();
        let c = self.expr_bool(cond);
        let guard = self.guard.clone();
        let saved: Vec<Option<Val>> = touched
            .iter()
            .map(|&i| self.env.get(i).cloned().flatten())
            .collect();
        let flags = (
            self.alive.clone(),
            self.broken.clone(),
            self.continued.clone(),
        );

        self.guard = Bool::and(&[guard.clone(), c.clone()]);
        self.block(then_);
        let mut then_vals = Vec::with_capacity(touched.len());
        for (&i, before) in touched.iter().zip(saved) {
            then_vals.push(
                self.env
                    .get_mut(i)
                    .and_then(|slot| std::mem::replace(slot, before)),
            );
        }
        let then_flags = (
            self.alive.clone(),
            self.broken.clone(),
            self.continued.clone(),
        );
        (self.alive, self.broken, self.continued) = flags;

        self.guard = Bool::and(&[guard.clone(), c.not()]);
        self.block(else_);
        self.guard = guard;

        self.alive = ite_or_same(&c, &then_flags.0, &self.alive);
        self.broken = ite_or_same(&c, &then_flags.1, &self.broken);
        self.continued = ite_or_same(&c, &then_flags.2, &self.continued);
        for (&i, then_val) in touched.iter().zip(&then_vals) {
            let Some(else_val) = self.env.get(i) else {
                break;
            };
            let merged = match (then_val, else_val) {
                (Some(t), Some(e)) if t == e => continue,
                (Some(Val::B(t)), Some(Val::B(e))) => Val::B(c.ite(t, e)),
                (Some(Val::I(t, rt)), Some(Val::I(e, re))) => Val::I(c.ite(t, e), rt.join(*re)),
                (Some(t), None) => t.clone(),
                (Some(t), Some(_)) => t.clone(),
                (None, _) => continue,
            };
            self.env[i] = Some(merged);
        }
    }

    /// Relates co-stepping linear counters of one loop where one of them
    /// may wrap: `int i = start + tx, w = start; while (w < stop) { ..
    /// out[i] ..; w += blockDim.x; i += blockDim.x; }` (a block-wide scan
    /// window) adds in `unsigned`, so `i`, which no condition bounds, is only
    /// known modulo 2^32 (see [`wrap_modulus`]) and its own facts let it wrap
    /// into another block's window; `w` is bounded by the condition. The
    /// difference of two counters updated once per completed iteration by
    /// the same step is loop-invariant: `head_i - head_w = init_i - init_w`
    /// modulo 2^w, which with `w`'s facts keeps `i` in its window. No
    /// product with an iteration count (unlike [`Self::link_counters`]), so
    /// symbolic steps (`blockDim.x` under an unknown launch) are related too.
    ///
    /// Sound: both counters are updated exactly once in every iteration that
    /// reaches the next head (the rule of [`Self::link_counters`]), by `v = v
    /// +/- e` with the same loop-invariant `e` (expressions read no memory
    /// and nothing in `e` changes in the loop: the same value in both
    /// updates). The update of a w-bit counter computes in types at least w
    /// bits wide (narrower ones are no counters, see `LoopTable::new`) and
    /// converts back to the counter's type: every integer conversion to a
    /// type of `u >= w` bits keeps the value modulo 2^u, so modulo 2^w (C++
    /// [conv.integral]: modular for unsigned targets, and for signed ones
    /// since C++20, implementation-defined before and modular in nvcc; a
    /// signed overflow is undefined, so no defined execution has one), and
    /// a conversion of `e` to such a type (a cast stripped below) changes
    /// nothing modulo 2^w either. So after `n` iterations each counter is
    /// `init +/- n * e` modulo 2^w, and their difference is the entry one
    /// modulo 2^w, for counters of the same width w (signedness aside).
    fn co_stepping_facts(
        &mut self,
        info: &LoopInfo,
        (cond, body, step): (&Expr, &Block, &Block),
        (pre_env, head_env): (&[Option<Val>], &[Option<Val>]),
        head_facts: &mut Vec<Bool>,
    ) {
        // The step with the conversions to integer types of at least `bits`
        // bits around it removed: they keep its value modulo 2^bits.
        fn stripped(e: &Expr, bits: u8) -> &Expr {
            match e {
                Expr::Cast(ScalarTy::Int { bits: b, .. }, inner) if *b >= bits => {
                    stripped(inner, bits)
                }
                _ => e,
            }
        }
        let mut linear = Vec::new();
        for c in &info.counters {
            let ScalarTy::Int { bits, .. } = self.var_ty(c.var) else {
                continue;
            };
            if !matches!(c.op, UpdateOp::Add | UpdateOp::Sub)
                || !(updated_once_per_iteration(step, c.var)
                    || updated_once_per_completed_iteration(body, c.var))
            {
                continue;
            }
            let (Some(Some(Val::I(init, _))), Some(Some(Val::I(head, _)))) = (
                pre_env.get(c.var.0 as usize),
                head_env.get(c.var.0 as usize),
            ) else {
                continue;
            };
            // Whether the counter may wrap (its own facts are then modular):
            // only pairs with such a counter gain from the relation.
            let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
            let assumed = self.out.assumptions.len();
            let (_, operand_range) = self.expr_int(&c.operand, self.var_ty(c.var));
            self.out.assumptions.truncate(assumed);
            self.env = saved;
            let wraps = wrap_modulus(
                self.var_ty(c.var),
                self.runs_in_own_type(c),
                c.op,
                operand_range,
                cond,
                c.var,
                self.enc.counter_fits,
                &info.modified,
            )
            .is_some();
            linear.push((c, bits, init.clone(), head.clone(), wraps));
        }
        for (n, (a, bits, a_init, a_head, a_wraps)) in linear.iter().enumerate() {
            for (b, b_bits, b_init, b_head, b_wraps) in &linear[n + 1..] {
                if bits != b_bits
                    || a.op != b.op
                    || !(*a_wraps || *b_wraps)
                    || stripped(&a.operand, *bits) != stripped(&b.operand, *bits)
                {
                    continue;
                }
                let drift = Int::sub(&[
                    Int::sub(&[a_head.clone(), b_head.clone()]),
                    Int::sub(&[a_init.clone(), b_init.clone()]),
                ]);
                head_facts.push(
                    drift
                        .modulo(Int::from_i128(pow2(u32::from(*bits))))
                        .eq(Int::from_i64(0)),
                );
            }
        }
    }

    /// Ties together the linear counters of loop `id` that are updated
    /// exactly once per completed iteration (`for (i = 0; i < 8; i++) { ..
    /// m[off + tx] ..; off += md; }`, Rodinia lud's `array_offset`): each
    /// alone only gets an iteration count of its own (`counter_facts`), so
    /// `off` was unrelated to the bound `i < 8`. With `it`, the number of
    /// iterations completed at the head of the arbitrary iteration (`0 <= it
    /// < 2^64`), a counter whose step is a constant `c` (a numeral, or a
    /// parameter the entry assumptions pin: its range is that point, see
    /// `Encoder::param`) gets `head = init +/- it * c` (modulo 2^w where it
    /// may wrap). A symbolic step is not linked: its product with `it` is
    /// non-linear, and the fact `e == 0 || k == it` (with the counter's own
    /// count `k`) made some queries ten times slower for no verdict seen on
    /// real code.
    ///
    /// Sound: every iteration that reaches the next head runs each such
    /// update once (the step, or a top-level statement of a body without
    /// `continue`; a `break` or `return` reaches no head), so at the head of
    /// iteration `n` each of them has been updated `n` times: `head = init
    /// +/- n * c` exactly, or modulo 2^w for a counter that may wrap (which
    /// also holds for `n mod 2^64`, as 2^w divides 2^64). The value is one
    /// per thread, shared by the two threads only where the scenario puts
    /// them in the same iteration of every loop around it (the rules of
    /// `havoc`).
    fn link_counters(
        &mut self,
        id: StmtId,
        info: &LoopInfo,
        (cond, body, step): (&Expr, &Block, &Block),
        (pre_env, head_env): (&[Option<Val>], &[Option<Val>]),
        inner: &[StmtId],
        head_facts: &mut Vec<Bool>,
    ) {
        let linked: Vec<&Counter> = info
            .counters
            .iter()
            .filter(|c| {
                matches!(c.op, UpdateOp::Add | UpdateOp::Sub)
                    && matches!(self.var_ty(c.var), ScalarTy::Int { .. })
                    && (updated_once_per_iteration(step, c.var)
                        || updated_once_per_completed_iteration(body, c.var))
            })
            .collect();
        if linked.len() < 2 {
            return;
        }
        let mut facts = Vec::new();
        let mut it_term: Option<Int> = None;
        for counter in linked {
            let v = counter.var;
            let (Some(Some(Val::I(init, _))), Some(Some(Val::I(head, _)))) =
                (pre_env.get(v.0 as usize), head_env.get(v.0 as usize))
            else {
                continue;
            };
            let ty = self.var_ty(v);
            // The operand in the entry state; what evaluating it assumes is
            // dropped (the step may never run), as in `counter_facts`.
            let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
            let assumed = self.out.assumptions.len();
            let (operand, operand_range) = self.expr_int(&counter.operand, ty);
            self.out.assumptions.truncate(assumed);
            self.env = saved;
            // A step whose range is one point (a parameter the entry
            // assumptions pin) equals that constant in every execution the
            // query's launch facts admit.
            let Some(c) = numeral(&Val::I(operand.clone(), operand_range))
                .or((operand_range.lo == operand_range.hi).then_some(operand_range.lo))
            else {
                continue;
            };
            let it = match &it_term {
                Some(it) => it.clone(),
                None => {
                    let Val::I(it, _) =
                        self.havoc(&format!("iterc{}", id.0), ScalarTy::ULONG, true, inner)
                    else {
                        return;
                    };
                    it_term = Some(it.clone());
                    it
                }
            };
            let product = Int::mul(&[it, Int::from_i128(c)]);
            let exact = if counter.op == UpdateOp::Add {
                Int::add(&[init.clone(), product])
            } else {
                Int::sub(&[init.clone(), product])
            };
            facts.push(
                match wrap_modulus(
                    ty,
                    self.runs_in_own_type(counter),
                    counter.op,
                    operand_range,
                    cond,
                    v,
                    self.enc.counter_fits,
                    &info.modified,
                ) {
                    Some(m) => Int::sub(&[head.clone(), exact])
                        .modulo(Int::from_i128(m))
                        .eq(Int::from_i64(0)),
                    None => head.eq(&exact),
                },
            );
        }
        // One counter alone gains nothing from `it`.
        if facts.len() >= 2 {
            head_facts.extend(facts);
        }
    }

    fn loop_stmt(&mut self, id: StmtId, cond: &Expr, prelude: &Block, body: &Block, step: &Block) {
        let info: LoopInfo = self.enc.loops.get(id).cloned().unwrap_or_default();
        self.stride_ticket_bounds(id, cond);
        let pre_env = self.env.clone();
        let pre_guard = self.guard.clone();
        let pre_alive = self.alive.clone();
        let pre_exited = self.exited.clone();
        let pre_flags = (self.broken.clone(), self.continued.clone());
        let outer = self.loop_stack.clone();
        let mut inner = outer.clone();
        inner.push(id);
        // Jumps inside belong to this loop, not to one around it.
        let outer_jumps = self.jumps.take();

        // The iteration number of the arbitrary iteration, `0 <= it < trip`,
        // for loops around named operations whose trip count the concrete
        // runs show the same in every thread (only those take part in
        // generation fits; other kernels' encodings are unchanged). Linked to
        // a linear counter below; otherwise free (it then ranges over every
        // iteration, which over-approximates).
        let iteration = self
            .enc
            .generations
            .trips
            .get(&id)
            .copied()
            .and_then(|trip| {
                let Val::I(it, _) =
                    self.havoc(&format!("iter{}", id.0), ScalarTy::INT, true, &inner)
                else {
                    return None;
                };
                self.out.assumptions.push(Bool::and(&[
                    it.ge(Int::from_i64(0)),
                    it.lt(Int::from_i128(i128::from(trip))),
                ]));
                self.out.iterations.insert(id, it.clone());
                Some(it)
            });
        // Head: the state at the start of an arbitrary iteration.
        for v in &info.modified {
            if self.forget_dead(*v) {
                continue;
            }
            let ty = self.var_ty(*v);
            let uniform = self.uni().uniform_at_loop_head(id, *v);
            let h = self.havoc(&format!("head{}_{}", id.0, v.0), ty, uniform, &inner);
            self.set(*v, h);
        }
        let head_env = self.env.clone();
        let mut head_facts = Vec::new();
        let mut exit_facts = Vec::new();
        let simple_exit = prelude.stmts.is_empty() && !info.has_break;
        // Floors only where the loop has an operation whose encoding
        // depends on the sign of an operand (see `sign_split_ops`): elsewhere
        // the floor's assertion is entailed by the head facts (`head == init
        // + k * e`, `k >= 0`) or the condition, and only changes how Z3
        // searches (a benign-only query of benign/same_byte_stores.cu's
        // `clear_seeds`, asked with the cheap turns alone, went from `sat`
        // to `unknown` on the redundant `s >= 0` of its outer loop).
        let sign_split = sign_split_ops([prelude, body, step], cond);
        let floors: Vec<(VarId, i128)> = if sign_split {
            info.counters
                .iter()
                .filter_map(|c| Some((c.var, self.counter_floor(c, cond, &info, &pre_env)?)))
                .collect()
        } else {
            Vec::new()
        };
        for counter in &info.counters {
            self.counter_facts(
                id,
                counter,
                cond,
                &info,
                &pre_env,
                &head_env,
                &inner,
                &outer,
                &mut head_facts,
                &mut exit_facts,
            );
        }

        if iteration.is_none() {
            self.link_counters(
                id,
                &info,
                (cond, body, step),
                (&pre_env, &head_env),
                &inner,
                &mut head_facts,
            );
        }
        self.co_stepping_facts(
            &info,
            (cond, body, step),
            (&pre_env, &head_env),
            &mut head_facts,
        );

        // A linear counter updated exactly once per iteration (a top-level
        // statement of the step, or of the body when the loop has no
        // `continue` of its own: every iteration that reaches the next head
        // runs it) has the value `init +/- it * e` at the head of iteration
        // `it` (a pipeline's ring head advanced by each `producer_commit`).
        for counter in info.counters.iter().filter(|_| iteration.is_some()) {
            let Some(iteration) = &iteration else { break };
            if !matches!(counter.op, UpdateOp::Add | UpdateOp::Sub)
                || !(updated_once_per_iteration(step, counter.var)
                    || updated_once_per_completed_iteration(body, counter.var))
            {
                continue;
            }
            let v = counter.var;
            let (Some(Some(Val::I(init, _))), Some(Some(Val::I(head, _)))) =
                (pre_env.get(v.0 as usize), head_env.get(v.0 as usize))
            else {
                continue;
            };
            let (init, head) = (init.clone(), head.clone());
            let saved = std::mem::replace(&mut self.env, pre_env.clone());
            let ty = self.var_ty(v);
            // The step may never run: what evaluating its operand would
            // assume (a non-zero divisor) is dropped, as in `counter_facts`.
            let assumed = self.out.assumptions.len();
            let (operand, operand_range) = self.expr_int(&counter.operand, ty);
            self.out.assumptions.truncate(assumed);
            self.env = saved;
            let product = Int::mul(&[iteration.clone(), operand]);
            let exact = if counter.op == UpdateOp::Add {
                Int::add(&[init, product])
            } else {
                Int::sub(&[init, product])
            };
            head_facts.push(
                match wrap_modulus(
                    ty,
                    self.runs_in_own_type(counter),
                    counter.op,
                    operand_range,
                    cond,
                    v,
                    self.enc.counter_fits,
                    &info.modified,
                ) {
                    Some(m) => Int::sub(&[head, exact])
                        .modulo(Int::from_i128(m))
                        .eq(Int::from_i64(0)),
                    None => head.eq(&exact),
                },
            );
        }

        let invariants =
            self.loop_invariants(id, cond, prelude, body, step, &info, &pre_env, &inner);
        // At a head where the body runs the condition holds: guarded
        // invariants are then their relation.
        let holds = Bool::from_bool(true);
        // A plain invariant holds at every head the thread reaches, also the
        // last one, whose prelude runs before the condition fails: for a loop
        // with a prelude it is assumed before the prelude, whose accesses
        // (`atomicExch(&X[row + j], 1)` of the last redraw) read the head
        // state too.
        let mut at_head_facts = Vec::new();
        for c in &invariants {
            let Some(fact) = self.candidate_in(c, &head_env, &pre_env, &holds) else {
                continue;
            };
            if c.guarded || prelude.stmts.is_empty() {
                head_facts.push(fact);
            } else {
                at_head_facts.push(fact);
            }
        }

        self.loop_stack.push(id);
        self.broken = Bool::from_bool(false);
        self.continued = Bool::from_bool(false);
        if info.has_break || info.has_return {
            // A thread may have left the loop (`break`, `return`; every
            // do-while leaves by a `break`) in an earlier iteration: then it
            // does not execute this arbitrary one. The same in both threads
            // only when every exit is uniform.
            let uniform = self.uni().is_uniform_stmt(id)
                && !self.uni().is_nonuniform_loop(id)
                && info.returns.iter().all(|r| self.uni().is_uniform_stmt(*r));
            if let Val::B(left) =
                self.havoc(&format!("left{}", id.0), ScalarTy::Bool, uniform, &inner)
            {
                self.alive = Bool::and(&[self.alive.clone(), left.not()]);
            }
        }
        if !at_head_facts.is_empty() {
            let head_reached = self.enabled();
            self.out
                .assumptions
                .push(head_reached.implies(Bool::and(&at_head_facts)));
        }
        self.block(prelude);
        let c = self.expr_bool(cond);
        self.guard = Bool::and(&[pre_guard.clone(), c]);
        let body_entry = self.enabled();
        if !head_facts.is_empty() {
            self.out
                .assumptions
                .push(body_entry.implies(Bool::and(&head_facts)));
        }
        // Counters that never go below a non-negative floor (see
        // `counter_floor`) carry it in their range into the body, so that
        // `/` and `%` on them (grid-stride index decompositions `(i / W) %
        // H`) encode on the plain dividend instead of C's sign split
        // `ite(i >= 0, ..)`: the two agree where `i >= floor`, which is
        // asserted where the body runs (it holds at every head in every
        // execution, so asserting it removes no execution). Only while the
        // variable still holds its head value (no prelude assignment).
        // So do variables the condition bounds below by a non-negative
        // constant (`i >= 0` counting down, see `guard_floors`): where the
        // body runs the condition held on the value it read, the variable's
        // value at the body's entry (nothing runs in between).
        let mut guarded = Vec::new();
        if sign_split {
            guard_floors(self.kernel(), cond, &mut guarded);
        }
        let floors = floors
            .into_iter()
            .map(|(v, floor)| (v, floor, true))
            .chain(guarded.into_iter().map(|(v, floor)| (v, floor, false)));
        for (v, floor, at_head) in floors {
            let (Some(Some(Val::I(now, r))), Some(Some(Val::I(head, _)))) =
                (self.env.get(v.0 as usize), head_env.get(v.0 as usize))
            else {
                continue;
            };
            if (at_head && now != head) || r.lo >= floor || floor > r.hi {
                continue;
            }
            let (now, r) = (now.clone(), *r);
            self.out
                .assumptions
                .push(body_entry.implies(now.ge(Int::from_i128(floor))));
            self.set(
                v,
                Val::I(
                    now,
                    Range {
                        lo: floor,
                        hi: r.hi,
                    },
                ),
            );
        }
        let outer_starts = self.note_counter_starts(&info, &pre_env);
        self.block(body);
        self.continued = Bool::from_bool(false);
        self.block(step);
        self.counter_starts = outer_starts;
        // A `continue` of this loop leaves its state after the body unknown
        // to this pass (the jump is a flag the assignments after it do not
        // read), so such a loop gets no exit condition.
        // Only a loop every thread of the block runs equally often (else
        // the theorem's premise is barrier divergence, reported on its own,
        // and the race findings stay as they were).
        let uniform_trips = self.uni().is_uniform_stmt(id) && !self.uni().is_nonuniform_loop(id);
        if simple_exit && uniform_trips && !info.has_return && !has_own_continue(body) {
            if let Some((global_fence, local_fence)) = opening_barrier(body) {
                // The arbitrary iteration is the last when its step leaves
                // the condition false (see `LoopExit`). What evaluating the
                // condition assumes is dropped: it holds only where it runs.
                let assumed = self.out.assumptions.len();
                let last = self.expr_bool(cond).not();
                self.out.assumptions.truncate(assumed);
                for block in [body, step] {
                    crate::ir::walk::for_each_stmt(block, &mut |s| {
                        if let Some(sym) = self.out.accesses.get_mut(&s.id) {
                            sym.exits.push(LoopExit {
                                loop_id: id,
                                global_fence,
                                local_fence,
                                last: last.clone(),
                            });
                        }
                    });
                }
            }
        }
        self.loop_stack.pop();

        // Exit: the state after the last iteration.
        self.guard = pre_guard;
        (self.broken, self.continued) = pre_flags;
        self.alive = pre_alive;
        // The returns of the arbitrary iteration tell nothing about the
        // iterations that ran: after the loop only what held before it.
        self.exited = pre_exited;
        for v in &info.modified {
            if self.forget_dead(*v) {
                continue;
            }
            let ty = self.var_ty(*v);
            let uniform = self.uni().uniform_after_loop(id, *v);
            let x = self.havoc(&format!("exit{}_{}", id.0, v.0), ty, uniform, &outer);
            self.set(*v, x);
        }
        if simple_exit {
            // Plain invariants hold at the exit of a loop that leaves only
            // when its condition fails (see `loop_invariants`).
            let exit_env = self.env.clone();
            exit_facts.extend(
                invariants
                    .iter()
                    .filter(|c| !c.guarded)
                    .filter_map(|c| self.candidate_in(c, &exit_env, &pre_env, &holds)),
            );
        }
        if info.has_return {
            let uniform = info.returns.iter().all(|r| self.uni().is_uniform_stmt(*r));
            if let Val::B(still) =
                self.havoc(&format!("alive{}", id.0), ScalarTy::Bool, uniform, &outer)
            {
                self.alive = Bool::and(&[self.alive.clone(), still]);
            }
        }
        let exit_reached = self.enabled();
        if let Some(fact) =
            self.last_iteration_fact(id, cond, prelude, body, step, &info, &pre_env, &inner)
        {
            exit_facts.push(fact);
        }
        if simple_exit {
            // Without break, the loop leaves only when its condition fails.
            let c_exit = self.expr_bool(cond);
            exit_facts.push(c_exit.not());
            // The exit value of a counter nothing reads after the loop is
            // not needed: its facts are left out (fewer facts only allow
            // more executions), which keeps queries small and linear.
            for counter in info
                .counters
                .iter()
                .filter(|c| info.live_after.contains(&c.var))
            {
                if let Some(fact) = self.last_step_fact(counter, cond, &info, &pre_env, step) {
                    exit_facts.push(fact);
                }
            }
            let paired = self.paired_counter_exit_facts(cond, &info, &pre_env, body, step);
            exit_facts.extend(paired);
        }
        if !exit_facts.is_empty() {
            self.out
                .assumptions
                .push(exit_reached.implies(Bool::and(&exit_facts)));
        }
        self.jumps = outer_jumps;
    }

    /// Exit values of the variables a loop modifies and something after it
    /// reads (integers and booleans), from a second symbolic execution of
    /// the loop's last iteration. Without it they are havocked: a flag set
    /// in the last iteration (`done = false; if (i == n - 1) done = true;`)
    /// or a value computed from the counter is unknown after the loop.
    ///
    /// Theorem (last iteration). Let a thread reach the point after a loop
    /// whose condition has no prelude, and let `pre` be its state on entry.
    /// If `cond(pre)` fails, no iteration ran: the exit state is `pre`.
    /// Otherwise iterations ran (finitely many, as the thread got past the
    /// loop), and the last one began in a state `L` at the loop head with
    /// `cond(L)` true; as it is the last, it ended by a `break` (the exit
    /// state is the state at that `break`) or ran to the end of the step
    /// (past any `continue`, whose state is the one the step starts from)
    /// with the condition then false (the exit state is the state after the
    /// step); it did not `return` (the thread reached the exit). `L` is a
    /// state at the head of an iteration, so it satisfies the head
    /// invariants of the counters. The execution below starts from fresh
    /// values for every variable the loop modifies, constrained by those
    /// invariants only, runs the body and step with fresh names for every
    /// value it makes up (memory reads, nested loops), records no access,
    /// barrier or counter, and asserts: under `cond(pre)`, `cond(L)`, no
    /// `return` taken, the iteration leaves (a `break` or the condition
    /// false after the step), and each exit value equals the one it
    /// computed; else each exit value equals its value on entry. The real
    /// last iteration (and its memory values) satisfies all of it, so every
    /// execution remains possible. Values are shared between the two
    /// threads under the scenario's rules, and only directly in the body
    /// when the loop runs equally often in every thread of the block (then
    /// both threads' last iterations are the same iteration).
    ///
    /// Counters whose step is not a constant get no head invariant here
    /// (`init + k * step` is not linear): fewer facts, still sound.
    #[allow(clippy::too_many_arguments)]
    fn last_iteration_fact(
        &mut self,
        id: StmtId,
        cond: &Expr,
        prelude: &Block,
        body: &Block,
        step: &Block,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
        inner: &[StmtId],
    ) -> Option<Bool> {
        // Loops nested in another loop get no pass (their exit value is then
        // havocked, which over-approximates): the enclosing loop's pass and
        // head values already multiply the query, and a nested pass made a
        // two-level `j = tid & q` nest undecidable in the budget.
        if self.pass.is_some()
            || !self.loop_stack.is_empty()
            || !prelude.stmts.is_empty()
            || info.has_named_barrier
            || info.size > LAST_ITERATION_MAX_STMTS
            || self.out.incomplete
        {
            return None;
        }
        let live: Vec<VarId> = info
            .live_after
            .iter()
            .copied()
            .filter(|v| matches!(self.var_ty(*v), ScalarTy::Int { .. } | ScalarTy::Bool))
            .collect();
        if live.is_empty() {
            return None;
        }
        let shareable = self.uni().is_uniform_stmt(id)
            && !self.uni().is_nonuniform_loop(id)
            && info.returns.iter().all(|r| self.uni().is_uniform_stmt(*r));
        let saved_flags = (
            self.guard.clone(),
            self.alive.clone(),
            self.broken.clone(),
            self.continued.clone(),
        );
        // The thread reaches this loop's exit: the guard, an enclosing loop's
        // `break`/`continue` not taken, no `return` before or in the loop.
        // Everything the pass assumes holds only then: a thread that skipped
        // the loop never ran this iteration (a divisor it reads may be zero).
        let exit_reached = self.enabled();
        let exit_env = std::mem::replace(&mut self.env, pre_env.to_vec());
        let saved_out = std::mem::take(&mut self.out);
        let saved_tokens = std::mem::take(&mut self.tokens);
        let saved_stack = std::mem::replace(&mut self.loop_stack, inner.to_vec());
        let ran = self.expr_bool(cond);
        self.pass = Some(LastPass {
            id,
            depth: inner.len(),
            shareable,
            prefix: format!("last{}:", id.0),
            relevant: relevant_vars(cond, &[body, step], &live),
        });
        let head_facts = self.havoc_loop_head(id, cond, info, pre_env, inner, true);
        self.broken = Bool::from_bool(false);
        self.continued = Bool::from_bool(false);
        let passes = self.expr_bool(cond);
        // The pass's own `break`/`continue` flags start false; the enclosing
        // loops' ones stay in the guard through `exit_reached`.
        self.guard = Bool::and(&[exit_reached.clone(), ran.clone(), passes.clone()]);
        let entry = self.enabled();
        if !head_facts.is_empty() {
            self.out
                .assumptions
                .push(entry.implies(Bool::and(&head_facts)));
        }
        self.jumps = Some(Jumps::default());
        self.block(body);
        let jumps = self.jumps.take().unwrap_or_default();
        for (taken, env) in &jumps.continues {
            self.env = merge_envs(taken, env, &self.env);
        }
        self.continued = Bool::from_bool(false);
        self.block(step);
        let passes_again = self.expr_bool(cond);
        for (taken, env) in &jumps.breaks {
            self.env = merge_envs(taken, env, &self.env);
        }
        let leaves = Bool::or(&[self.broken.clone(), passes_again.not()]);
        let stayed_alive = self.alive.clone();
        let end_env = std::mem::replace(&mut self.env, exit_env);
        let pass_out = std::mem::replace(&mut self.out, saved_out);
        if !pass_out.assumptions.is_empty() {
            self.out
                .assumptions
                .push(exit_reached.implies(Bool::and(&pass_out.assumptions)));
        }
        self.out.incomplete |= pass_out.incomplete;
        self.tokens = saved_tokens;
        self.loop_stack = saved_stack;
        self.pass = None;
        (self.guard, self.alive, self.broken, self.continued) = saved_flags;

        let mut after_run = vec![passes, stayed_alive, leaves];
        let mut no_run = Vec::new();
        for v in live {
            let slot = v.0 as usize;
            let Some(Some(exit)) = self.env.get(slot) else {
                continue;
            };
            if let Some(Some(end)) = end_env.get(slot) {
                after_run.push(values_eq(exit, end));
            }
            if let Some(Some(entry)) = pre_env.get(slot) {
                no_run.push(values_eq(exit, entry));
            }
        }
        Some(Bool::and(&[
            ran.implies(Bool::and(&after_run)),
            ran.not().implies(Bool::and(&no_run)),
        ]))
    }

    /// Candidate `c` in the state `env` (whose loop condition is `cond`),
    /// relative to the entry state `pre_env`; None without integer values.
    fn candidate_in(
        &self,
        c: &Candidate,
        env: &[Option<Val>],
        pre_env: &[Option<Val>],
        cond: &Bool,
    ) -> Option<Bool> {
        let slot = c.var.0 as usize;
        let (Some(Some(Val::I(v, _))), Some(Some(Val::I(v0, _)))) =
            (env.get(slot), pre_env.get(slot))
        else {
            return None;
        };
        let p = match c.shape {
            Shape::ProportionalToEntry => self
                .float_values
                .proportional_bound(v0, v)
                .unwrap_or_else(|| Bool::from_bool(true)),
            Shape::Related(w, equal) => match env.get(w.0 as usize) {
                Some(Some(Val::I(w, _))) if equal => v.eq(w),
                Some(Some(Val::I(w, _))) => v.eq(w).not(),
                _ => Bool::from_bool(true),
            },
            shape => shape.holds(v, v0),
        };
        Some(if c.guarded { cond.implies(p) } else { p })
    }

    /// Havocs every variable the loop modifies (an arbitrary head state;
    /// `uniform_heads`: a variable uniform at the head per the uniformity
    /// analysis is havocked as one value for both threads) and returns the
    /// counters' facts at that head. A counter with a symbolic step gets
    /// none: its invariant would be non-linear; without it, fewer facts.
    fn havoc_loop_head(
        &mut self,
        id: StmtId,
        cond: &Expr,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
        inner: &[StmtId],
        uniform_heads: bool,
    ) -> Vec<Bool> {
        for v in &info.modified {
            if self.forget_dead(*v) {
                continue;
            }
            let ty = self.var_ty(*v);
            let uniform = uniform_heads && self.uni().uniform_at_loop_head(id, *v);
            let h = self.havoc(&format!("head{}_{}", id.0, v.0), ty, uniform, inner);
            self.set(*v, h);
        }
        let head_env = self.env.clone();
        let mut head_facts = Vec::new();
        let mut unused = Vec::new();
        let outer = &inner[..inner.len().saturating_sub(1)];
        for counter in &info.counters {
            let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
            let assumed = self.out.assumptions.len();
            let operand = self.expr(&counter.operand);
            self.out.assumptions.truncate(assumed);
            self.env = saved;
            if numeral(&operand).is_none() {
                continue;
            }
            self.counter_facts(
                id,
                counter,
                cond,
                info,
                pre_env,
                &head_env,
                inner,
                outer,
                &mut head_facts,
                &mut unused,
            );
        }
        head_facts
    }

    /// Houdini: simple relations of the integer variables a loop modifies
    /// (other than its counters) that hold at the head of every iteration,
    /// found without user annotations. Candidates are [`Shape::ALL`] of each
    /// such variable whose value can reach a query ([`consequential_locals`]:
    /// facts about the others cannot change an answer, and a loop without
    /// such a variable costs no solver call), plain and guarded by the loop
    /// condition; the ones that
    /// hold on entry and are preserved by one iteration (assuming all
    /// remaining ones at its head) survive, in the fixpoint of dropping the
    /// failing ones (Flanagan and Leino, FME 2001).
    ///
    /// Justification. Entry: the launch facts, the parameters' ranges and
    /// this thread's assumptions so far (facts of every execution the race
    /// queries consider) and the loop being reached imply each survivor in
    /// the entry state. Step: from an arbitrary head state satisfying the
    /// counters' invariants, the loop condition and every survivor, one
    /// execution of the body and step (fresh names for every value it makes
    /// up, memory reads any value; statements that define none of the
    /// relevant variables skipped, as in [`Self::last_iteration_fact`]; a
    /// `continue` resumes at the step) that neither breaks nor returns ends in
    /// a state satisfying every survivor. By induction on iterations every
    /// survivor holds at every head of the loop (a guarded one where the
    /// condition holds, which is where the body runs). A plain survivor also
    /// holds at the exit of a loop without `break` or condition prelude: that
    /// is the entry state or a head state whose condition failed. A loop whose
    /// condition has a prelude (`while (atomicExch(..) == 1)`) has its head
    /// before the prelude: the step runs the prelude, assumes the condition
    /// and runs the body and step; only plain candidates are searched (a
    /// guarded one would need the next prelude's condition), and they hold at
    /// every head, the last one's prelude included. Solver
    /// answers other than `unsat` (budget, interruption) count as failures.
    #[allow(clippy::too_many_arguments)]
    fn loop_invariants(
        &mut self,
        id: StmtId,
        cond: &Expr,
        prelude: &Block,
        body: &Block,
        step: &Block,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
        inner: &[StmtId],
    ) -> Vec<Candidate> {
        if self.pass.is_some()
            || info.has_named_barrier
            || info.size > LAST_ITERATION_MAX_STMTS
            || self.out.incomplete
        {
            return Vec::new();
        }
        // A condition with a prelude (`while (atomicExch(..) == 1)`, a call in
        // a `for` condition) is only known after the prelude ran: such a loop
        // gets plain candidates only (no relation of the head state to the
        // condition), and its step runs the prelude before the body.
        let has_prelude = !prelude.stmts.is_empty();
        let counters: BTreeSet<VarId> = info.counters.iter().map(|c| c.var).collect();
        let vars: Vec<VarId> = info
            .modified
            .iter()
            .copied()
            .filter(|v| {
                !counters.contains(v)
                    && self.enc.consequential.contains(v)
                    && matches!(self.var_ty(*v), ScalarTy::Int { .. })
                    && matches!(pre_env.get(v.0 as usize), Some(Some(Val::I(..))))
            })
            .collect();
        if vars.is_empty() {
            return Vec::new();
        }
        if let Some((_, known)) = self.enc.invariants.borrow().get(&(id, self.thread)) {
            return known.clone();
        }
        // Proved by an earlier check of a kernel this one only adds block
        // barriers to, over the same variables (see `inherit_invariants`).
        if let Some((known_vars, known)) = self.enc.inherited_invariants.get(&(id, self.thread)) {
            if *known_vars == vars {
                let known = known.clone();
                self.enc
                    .invariants
                    .borrow_mut()
                    .insert((id, self.thread), (vars, known.clone()));
                return known;
            }
        }
        // The other thread's search of this loop, over the same variables,
        // seeds this one: the two threads run the same code, so this
        // thread's entry and step formulas are the other's with each
        // thread's own names (its ids, its values), and the other's result
        // is what this search would find (a full search of the second
        // thread repeated the first's 6-12 queries to the same survivors).
        // Only the seed's candidates are tried, each still proved for this
        // thread by its own entry and step queries below (Houdini keeps
        // only candidates proved inductive, from any starting set): a seed
        // that is not this thread's fixpoint only leaves facts out (sound).
        // An empty seed (none held, or the other search gave up) gives none.
        let seed: Option<Vec<Candidate>> = self
            .enc
            .invariants
            .borrow()
            .iter()
            .find(|((loop_id, thread), (seen_vars, _))| {
                *loop_id == id && *thread != self.thread && *seen_vars == vars
            })
            .map(|(_, (_, proven))| proven.clone());
        if seed.as_ref().is_some_and(Vec::is_empty) {
            self.enc
                .invariants
                .borrow_mut()
                .insert((id, self.thread), (vars, Vec::new()));
            return Vec::new();
        }
        if self.enc.invariant_work_left.get() < INVARIANT_MIN_QUERY_WORK {
            // The kernel's invariant work is spent: none for this loop, as
            // for every later one. Recorded, so that a later check of the
            // synthesis that inherits it spends none either.
            self.enc
                .invariants
                .borrow_mut()
                .insert((id, self.thread), (vars, Vec::new()));
            return Vec::new();
        }
        let mut candidates: Vec<Candidate> = Vec::new();
        // Low-bit candidates are searched after the others, assuming those
        // (see below): their remainder terms make the solver's queries
        // heavier, and one query that answers `unknown` drops every
        // candidate of its round.
        let mut pow2_candidates: Vec<Candidate> = Vec::new();
        let guard_options: &[bool] = if has_prelude {
            &[false]
        } else {
            &[false, true]
        };
        for var in &vars {
            for shape in Shape::ALL {
                for &guarded in guard_options {
                    candidates.push(Candidate {
                        var: *var,
                        shape,
                        guarded,
                    });
                }
            }
            let entry = pre_env.get(var.0 as usize).and_then(|v| v.as_ref());
            if let Some(Val::I(v0, _)) = entry {
                if self.float_values.proportional_bound(v0, v0).is_some() {
                    for &guarded in guard_options {
                        candidates.push(Candidate {
                            var: *var,
                            shape: Shape::ProportionalToEntry,
                            guarded,
                        });
                    }
                }
            }
            if let Some(k) = entry.and_then(numeral).and_then(pow2_candidate_exponent) {
                for &guarded in guard_options {
                    pow2_candidates.push(Candidate {
                        var: *var,
                        shape: Shape::MultipleOfPow2(k),
                        guarded,
                    });
                }
            }
        }
        // Pairs of variables entering with constants (at most
        // `RELATED_PAIRS_MAX` pairs, to bound the search): `v != w` or
        // `v == w` candidates as on entry, plain only (see `Shape::Related`).
        let entry_numeral = |v: &VarId| {
            pre_env
                .get(v.0 as usize)
                .and_then(|x| x.as_ref())
                .and_then(numeral)
        };
        let mut pairs = 0;
        'pairs: for (i, v) in vars.iter().enumerate() {
            for w in &vars[i + 1..] {
                if pairs >= RELATED_PAIRS_MAX {
                    break 'pairs;
                }
                if let (Some(a), Some(b)) = (entry_numeral(v), entry_numeral(w)) {
                    pairs += 1;
                    candidates.push(Candidate {
                        var: *v,
                        shape: Shape::Related(*w, a == b),
                        guarded: false,
                    });
                }
            }
        }
        let seeded = seed.is_some();
        if let Some(seed) = seed {
            (pow2_candidates, candidates) = seed
                .into_iter()
                .partition(|c| matches!(c.shape, Shape::MultipleOfPow2(_)));
        }
        let entry_reached = self.enabled();
        let mut context: Vec<Bool> = self.enc.launch.facts.clone();
        for i in 0..self.enc.kernel.params.len() {
            if let Some(Val::I(x, r)) = self.enc.param(i) {
                context.push(Bool::and(&[
                    x.ge(Int::from_i128(r.lo)),
                    x.le(Int::from_i128(r.hi)),
                ]));
            }
        }
        context.extend(self.out.assumptions.iter().cloned());
        let solver = z3::Tactic::new("smt").solver();
        let mut params = z3::Params::new();
        params.set_u32("rlimit", INVARIANT_QUERY_RLIMIT);
        solver.set_params(&params);
        for f in &context {
            solver.assert(f);
        }

        // Entry: evaluated in the entry state; what evaluating the condition
        // would assume there is left out (fewer facts). Only guarded
        // candidates read it, and a loop with a prelude has none.
        let entry_cond = if has_prelude {
            Bool::from_bool(true)
        } else {
            let saved_env = std::mem::replace(&mut self.env, pre_env.to_vec());
            let assumed = self.out.assumptions.len();
            let entry_cond = self.expr_bool(cond);
            self.out.assumptions.truncate(assumed);
            self.env = saved_env;
            entry_cond
        };
        solver.push();
        solver.assert(&entry_reached);
        let entry_ok = houdini(
            &solver,
            &self.enc.invariant_work_left,
            &self.enc.invariant_work_spent,
            &mut candidates,
            |c| self.candidate_in(c, pre_env, pre_env, &entry_cond),
        );
        if entry_ok && !pow2_candidates.is_empty() {
            // Keeps the low-bit candidates that hold on entry (without
            // touching the others' result).
            let pow2_entry_ok = houdini(
                &solver,
                &self.enc.invariant_work_left,
                &self.enc.invariant_work_spent,
                &mut pow2_candidates,
                |c| self.candidate_in(c, pre_env, pre_env, &entry_cond),
            );
            if !pow2_entry_ok {
                pow2_candidates.clear();
            }
        }
        solver.pop(1);
        // A seed may hold low-bit candidates only (the other thread's
        // others failed their step): those are searched as there.
        let low_bits_only = seeded && !pow2_candidates.is_empty();
        if !entry_ok || (candidates.is_empty() && !low_bits_only) {
            self.enc
                .invariants
                .borrow_mut()
                .insert((id, self.thread), (vars, Vec::new()));
            return Vec::new();
        }

        // Step: one iteration from an arbitrary head state.
        let saved_flags = (
            self.guard.clone(),
            self.alive.clone(),
            self.broken.clone(),
            self.continued.clone(),
        );
        let saved_env = std::mem::replace(&mut self.env, pre_env.to_vec());
        let saved_out = std::mem::take(&mut self.out);
        let saved_tokens = std::mem::take(&mut self.tokens);
        let saved_raw = std::mem::take(&mut self.raw_values);
        let saved_starts = std::mem::take(&mut self.counter_starts);
        let saved_stack = std::mem::replace(&mut self.loop_stack, inner.to_vec());
        let saved_jumps = self.jumps.take();
        self.pass = Some(LastPass {
            id,
            depth: inner.len(),
            shareable: false,
            prefix: format!("inv{}:", id.0),
            relevant: relevant_vars(cond, &[prelude, body, step], &vars),
        });
        let head_facts = self.havoc_loop_head(id, cond, info, pre_env, inner, false);
        self.broken = Bool::from_bool(false);
        self.continued = Bool::from_bool(false);
        self.alive = Bool::from_bool(true);
        // The candidates are about the head state, before the prelude.
        let head_values = self.env.clone();
        self.guard = entry_reached.clone();
        self.jumps = Some(Jumps::default());
        self.block(prelude);
        let passes = self.expr_bool(cond);
        self.guard = Bool::and(&[entry_reached.clone(), passes.clone()]);
        self.block(body);
        let jumps = self.jumps.take().unwrap_or_default();
        for (taken, env) in &jumps.continues {
            self.env = merge_envs(taken, env, &self.env);
        }
        self.continued = Bool::from_bool(false);
        self.block(step);
        // With a prelude the next condition is not known before the next
        // prelude runs; only guarded candidates read it and there are none.
        let passes_again = if has_prelude {
            Bool::from_bool(true)
        } else {
            self.expr_bool(cond)
        };
        let going = Bool::and(&[self.alive.clone(), self.broken.not()]);
        let end_env = std::mem::replace(&mut self.env, saved_env);
        let pass_out = std::mem::replace(&mut self.out, saved_out);
        self.tokens = saved_tokens;
        self.raw_values = saved_raw;
        self.counter_starts = saved_starts;
        self.loop_stack = saved_stack;
        self.jumps = saved_jumps;
        self.pass = None;
        (self.guard, self.alive, self.broken, self.continued) = saved_flags;
        if pass_out.incomplete {
            self.out.incomplete = true;
            return Vec::new();
        }

        solver.push();
        solver.assert(&entry_reached);
        solver.assert(&passes);
        for f in pass_out.assumptions.iter().chain(&head_facts) {
            solver.assert(f);
        }
        solver.assert(&going);
        let mut rounds = 0;
        let mut proven = loop {
            rounds += 1;
            if rounds > HOUDINI_MAX_ROUNDS {
                break Vec::new();
            }
            solver.push();
            for c in &candidates {
                if let Some(h) = self.candidate_in(c, &head_values, pre_env, &passes) {
                    solver.assert(&h);
                }
            }
            let before = candidates.len();
            let ok = houdini_round(
                &solver,
                &self.enc.invariant_work_left,
                &self.enc.invariant_work_spent,
                &mut candidates,
                |c| self.candidate_in(c, &end_env, pre_env, &passes_again),
            );
            solver.pop(1);
            match ok {
                None => break Vec::new(),
                Some(true) => break candidates,
                Some(false) if candidates.is_empty() => break Vec::new(),
                Some(false) => debug_assert!(candidates.len() < before),
            }
        };
        // The low-bit candidates, by the same search with the invariants
        // just proved assumed at the head: those hold at the head of every
        // iteration (inductive from entry), so a low-bit candidate that
        // holds on entry and after any iteration from a head state meeting
        // all of them is inductive too (induction on the iterations over the
        // conjunction). A search that gives up keeps only the others.
        let mut pow2_rounds = 0;
        while !pow2_candidates.is_empty() {
            pow2_rounds += 1;
            if pow2_rounds > HOUDINI_MAX_ROUNDS {
                pow2_candidates.clear();
                break;
            }
            solver.push();
            for c in proven.iter().chain(&pow2_candidates) {
                if let Some(h) = self.candidate_in(c, &head_values, pre_env, &passes) {
                    solver.assert(&h);
                }
            }
            let ok = houdini_round(
                &solver,
                &self.enc.invariant_work_left,
                &self.enc.invariant_work_spent,
                &mut pow2_candidates,
                |c| self.candidate_in(c, &end_env, pre_env, &passes_again),
            );
            solver.pop(1);
            match ok {
                None => pow2_candidates.clear(),
                Some(true) => break,
                Some(false) => {}
            }
        }
        proven.extend(pow2_candidates);
        self.enc
            .invariants
            .borrow_mut()
            .insert((id, self.thread), (vars, proven.clone()));
        proven
    }

    /// For a linear counter `v = v +/- e` of a loop that leaves only when its
    /// condition fails (no `break`, no condition prelude): the counter's exit
    /// value is its entry value (no iteration ran) or one step past a value
    /// that passed the condition, `cond(exit -/+ e)`. Without it the exit
    /// value of `for (i = 0; i < 4; i++)` is only known to be `>= 4`.
    ///
    /// Justification: the update is a top-level statement of the step, so
    /// every iteration that does not leave the loop runs it exactly once, at
    /// the end (a `continue` goes to the step too; a `return` ends the thread,
    /// whose exit facts then do not apply). So a counter that changed was last
    /// updated at the end of an iteration that began with the value `exit -/+
    /// e` and tested the condition on it, true. The condition must not read
    /// another variable the loop modifies (those values are not the ones of
    /// that test), and the counter must not wrap (see [`wrap_modulus`]; a
    /// signed counter does not overflow).
    fn last_step_fact(
        &mut self,
        counter: &Counter,
        cond: &Expr,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
        step: &Block,
    ) -> Option<Bool> {
        let v = counter.var;
        let ty = self.var_ty(v);
        if !matches!(counter.op, UpdateOp::Add | UpdateOp::Sub)
            || !matches!(ty, ScalarTy::Int { .. })
            || !updated_once_per_iteration(step, v)
        {
            return None;
        }
        let mut others = info.modified.clone();
        others.remove(&v);
        if mentions_any(cond, &others) || mentions_any(&counter.operand, &info.modified) {
            return None;
        }
        let Some(Val::I(init, _)) = pre_env.get(v.0 as usize).cloned().flatten() else {
            return None;
        };
        let Some(Some(Val::I(exit, _))) = self.env.get(v.0 as usize).cloned() else {
            return None;
        };
        // What evaluating the step's operand or the earlier test would assume
        // (a non-zero divisor) is dropped: the step may never have run, and
        // the fact only weakens without those assumptions.
        let assumed = self.out.assumptions.len();
        let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
        let (operand, operand_range) = self.expr_int(&counter.operand, ty);
        self.env = saved;
        if wrap_modulus(
            ty,
            self.runs_in_own_type(counter),
            counter.op,
            operand_range,
            cond,
            v,
            self.enc.counter_fits,
            &info.modified,
        )
        .is_some()
        {
            self.out.assumptions.truncate(assumed);
            return None;
        }
        let before = if counter.op == UpdateOp::Add {
            Int::sub(&[exit.clone(), operand])
        } else {
            Int::add(&[exit.clone(), operand])
        };
        // Evaluated with the loop-invariant rest of the state (the exit state:
        // the condition reads nothing else the loop modifies).
        let exit_val = self.env.get(v.0 as usize).cloned().flatten();
        self.set(v, Val::I(before, Range::of(ty)));
        let passed = self.expr_bool(cond);
        self.out.assumptions.truncate(assumed);
        if let Some(x) = exit_val {
            self.set(v, x);
        }
        Some(Bool::or(&[exit.eq(&init), passed]))
    }

    /// Exit facts that tie a geometric counter read after a loop (`delta *=
    /// 2`, `s >>= 1`, from a constant) to a linear counter of the same loop
    /// (`j++`): at the exit, `j == j0 + i * e => delta == d_i`, with `d_i`
    /// the counter's value after `i` updates, evaluated as the kernel's code
    /// computes it (`for (j = 0; j < it; j++) delta *= 2;` leaves `delta ==
    /// 2^it`, where the finite value set alone allows any power of two).
    /// The linear counter's last-step fact is added when the loop did not
    /// add it (nothing after the loop reads it).
    ///
    /// Justification: the loop leaves only when its condition fails (no
    /// `break`, no condition prelude: the caller checks), so the exit state
    /// is the entry state or the head state after `k >= 1` completed
    /// iterations. Each counter's only assignment in the loop is a top-level
    /// statement of the step, or of a body without a `continue` of its own,
    /// so each completed iteration ran each update exactly once: after `k`
    /// of them the linear counter is `j0 +/- k * e` (it does not wrap: see
    /// [`wrap_modulus`]) and the geometric one is `d_k`. A value out of the
    /// type's range is a signed overflow, undefined behaviour after which
    /// no iteration completes: the sequence stops there and larger `k` get
    /// no fact (as [`Self::counter_value_set`] assumes). `e != 0`, so `i`
    /// is determined by `j`.
    fn paired_counter_exit_facts(
        &mut self,
        cond: &Expr,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
        body: &Block,
        step: &Block,
    ) -> Vec<Bool> {
        const MAX_ORBIT: usize = 64;
        let once = |v: VarId| {
            updated_once_per_iteration(step, v) || updated_once_per_completed_iteration(body, v)
        };
        let mut facts = Vec::new();
        let mut paired_linear: BTreeSet<VarId> = BTreeSet::new();
        let geometric: Vec<Counter> = info
            .counters
            .iter()
            .filter(|c| {
                matches!(
                    c.op,
                    UpdateOp::Mul | UpdateOp::Shl | UpdateOp::Div | UpdateOp::Shr
                ) && info.live_after.contains(&c.var)
                    && once(c.var)
            })
            .cloned()
            .collect();
        for g in &geometric {
            let ty = self.var_ty(g.var);
            if !matches!(ty, ScalarTy::Int { .. }) {
                continue;
            }
            let Some(Some(Val::I(g_init, _))) = pre_env.get(g.var.0 as usize).cloned() else {
                continue;
            };
            let Some(Some(Val::I(g_exit, _))) = self.env.get(g.var.0 as usize).cloned() else {
                continue;
            };
            let Some(v0) = g_init.as_i64() else {
                continue;
            };
            // The sequence of values, evaluated in the entry state (the
            // update's operand is loop-invariant); what evaluating it would
            // assume is dropped.
            let type_range = Range::of(ty);
            let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
            let assumed = self.out.assumptions.len();
            let mut orbit = vec![i128::from(v0)];
            while orbit.len() < MAX_ORBIT {
                let Some(&cur) = orbit.last() else { break };
                self.set(g.var, Val::int(cur));
                let next = self.expr_as(&g.update, ty);
                match numeral(&next) {
                    Some(n) if (type_range.lo..=type_range.hi).contains(&n) => orbit.push(n),
                    _ => break,
                }
            }
            self.out.assumptions.truncate(assumed);
            self.env = saved;
            if orbit.len() < 2 {
                continue;
            }
            for l in info.counters.iter().filter(|c| {
                matches!(c.op, UpdateOp::Add | UpdateOp::Sub) && c.var != g.var && once(c.var)
            }) {
                let lty = self.var_ty(l.var);
                if !matches!(lty, ScalarTy::Int { .. }) {
                    continue;
                }
                let Some(Some(Val::I(l_init, _))) = pre_env.get(l.var.0 as usize).cloned() else {
                    continue;
                };
                let Some(Some(Val::I(l_exit, _))) = self.env.get(l.var.0 as usize).cloned() else {
                    continue;
                };
                let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
                let assumed = self.out.assumptions.len();
                let (operand, operand_range) = self.expr_int(&l.operand, lty);
                self.out.assumptions.truncate(assumed);
                self.env = saved;
                let Some(e) = operand.as_i64().filter(|e| *e != 0) else {
                    continue;
                };
                if wrap_modulus(
                    lty,
                    self.runs_in_own_type(l),
                    l.op,
                    operand_range,
                    cond,
                    l.var,
                    self.enc.counter_fits,
                    &info.modified,
                )
                .is_some()
                {
                    continue;
                }
                let signed_step = if l.op == UpdateOp::Add {
                    i128::from(e)
                } else {
                    -i128::from(e)
                };
                let cases: Vec<Bool> = orbit
                    .iter()
                    .enumerate()
                    .map(|(i, d)| {
                        let at =
                            Int::add(&[l_init.clone(), Int::from_i128(signed_step * i as i128)]);
                        l_exit.eq(&at).implies(g_exit.eq(Int::from_i128(*d)))
                    })
                    .collect();
                facts.push(Bool::and(&cases));
                paired_linear.insert(l.var);
            }
        }
        for l in info
            .counters
            .iter()
            .filter(|c| paired_linear.contains(&c.var) && !info.live_after.contains(&c.var))
        {
            if let Some(fact) = self.last_step_fact(l, cond, info, pre_env, step) {
                facts.push(fact);
            }
        }
        facts
    }

    /// A lower bound of a counter's value at every loop head, when it has a
    /// non-negative one: the counter starts at a value of non-negative
    /// range and only grows.
    ///
    /// Justification (the premises of [`Self::counter_facts`]' head fact
    /// `head == init + k * e`, `k >= 0`): the counter's only assignment in
    /// the loop is `v = v + e` with `e` loop-invariant; with no wrap
    /// ([`wrap_modulus`] is None: a signed counter of `int` width or more
    /// summed in its own type, whose overflow is undefined, or an unsigned
    /// one under the counter assumption) and `e >= 0` (its range, where the
    /// step runs: when it never runs `k == 0`), every value it takes at a
    /// head is `init + k * e >= init >= lo`, `lo` the lower end of the
    /// range of `init` (which holds where the loop is reached). A counter
    /// that counts down, may wrap, or starts from a possibly negative value
    /// (`i = tid - 4`) gets none.
    fn counter_floor(
        &mut self,
        counter: &Counter,
        cond: &Expr,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
    ) -> Option<i128> {
        let v = counter.var;
        let ty = self.var_ty(v);
        if counter.op != UpdateOp::Add || !matches!(ty, ScalarTy::Int { .. }) {
            return None;
        }
        let Some(Some(Val::I(_, init_range))) = pre_env.get(v.0 as usize) else {
            return None;
        };
        let lo = init_range.lo;
        if lo < 0 {
            return None;
        }
        // The operand in the entry state, as `counter_facts` evaluates it
        // (what evaluating it assumes is dropped: the step may never run).
        let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
        let assumed = self.out.assumptions.len();
        let (_, operand_range) = self.expr_int(&counter.operand, ty);
        self.out.assumptions.truncate(assumed);
        self.env = saved;
        if operand_range.lo < 0 {
            return None;
        }
        wrap_modulus(
            ty,
            self.runs_in_own_type(counter),
            counter.op,
            operand_range,
            cond,
            v,
            self.enc.counter_fits,
            &info.modified,
        )
        .is_none()
        .then_some(lo)
    }

    /// Invariants of a counter at the loop head and exit.
    ///
    /// Justification: the counter's only assignment in the loop is `v = v op e`
    /// with `e` loop-invariant, so every value it takes is `op` applied k times
    /// to its value on entry. Signed counters do not wrap (overflow is
    /// undefined in C). An unsigned counter bounded by the loop condition in
    /// the direction of a small step is assumed not to wrap (it would have to
    /// pass the condition with values near 2^w, which loop bounds of GPU
    /// kernels exclude; GPUVerify's default integer mode assumes the same);
    /// any other unsigned linear counter is only known modulo 2^w
    /// ([`wrap_modulus`]).
    #[allow(clippy::too_many_arguments)]
    fn counter_facts(
        &mut self,
        id: StmtId,
        counter: &Counter,
        cond: &Expr,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
        head_env: &[Option<Val>],
        inner: &[StmtId],
        outer: &[StmtId],
        head_facts: &mut Vec<Bool>,
        exit_facts: &mut Vec<Bool>,
    ) {
        let v = counter.var;
        let ty = self.var_ty(v);
        if !matches!(ty, ScalarTy::Int { .. }) {
            return;
        }
        let Some(Some(Val::I(init, _))) = pre_env.get(v.0 as usize).cloned() else {
            return;
        };
        let Some(Some(Val::I(head, _))) = head_env.get(v.0 as usize).cloned() else {
            return;
        };
        let uniform_head = self.uni().uniform_at_loop_head(id, v);
        let uniform_exit = self.uni().uniform_after_loop(id, v);
        let exit = match self.havoc(&format!("exit{}_{}", id.0, v.0), ty, uniform_exit, outer) {
            Val::I(x, _) => x,
            Val::B(_) => return,
        };
        // Operand in the entry state (it is loop-invariant). The step runs only
        // after an iteration, so what evaluating it here would assume (a
        // non-zero divisor in `i += n / parts`) must not constrain executions
        // where the loop never runs: those assumptions are dropped (the facts
        // below only weaken; where the step ran, the division was defined).
        let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
        let assumed = self.out.assumptions.len();
        let (operand, operand_range) = self.expr_int(&counter.operand, ty);
        self.out.assumptions.truncate(assumed);
        self.env = saved;
        let mut others = info.modified.clone();
        others.remove(&v);
        // Facts about the exit value only where something after the loop
        // reads it (see `loop_stmt`).
        let live = info.live_after.contains(&v);

        // Exact value set when everything is a constant under the launch configuration.
        if !mentions_any(cond, &others) {
            if let Some((values, exit_value)) = self.simulate(counter, cond, pre_env, ty) {
                if let [only] = values.as_slice() {
                    // A loop that runs once (or whose counter cannot change):
                    // the counter is a constant in the body.
                    self.set(v, Val::int(*only));
                } else if !values.is_empty()
                    && !self.out.finite_counters.iter().any(|(t, _)| *t == head)
                {
                    self.out
                        .finite_counters
                        .push((head.clone(), values.clone()));
                }
                let eqs: Vec<Bool> = values.iter().map(|x| head.eq(Int::from_i128(*x))).collect();
                head_facts.push(if eqs.is_empty() {
                    Bool::from_bool(false)
                } else {
                    Bool::or(&eqs)
                });
                let mut exits: Vec<Bool> = Vec::new();
                if let Some(x) = exit_value {
                    exits.push(exit.eq(Int::from_i128(x)));
                }
                if info.has_break || exit_value.is_none() {
                    exits.extend(values.iter().map(|x| exit.eq(Int::from_i128(*x))));
                }
                if !exits.is_empty() && live {
                    exit_facts.push(Bool::or(&exits));
                }
                return;
            }
        }
        if let Some(values) = self.counter_value_set(counter, pre_env, &init, ty) {
            for (val, facts) in [(&head, &mut *head_facts), (&exit, &mut *exit_facts)] {
                if std::ptr::eq(val, &exit) && !live {
                    continue;
                }
                let eqs: Vec<Bool> = values.iter().map(|c| val.eq(Int::from_i128(*c))).collect();
                facts.push(Bool::or(&eqs));
                self.finite_terms.insert(val.clone(), values.clone());
                // Queries split on the value (see `finite_counters`): the
                // fact above holds wherever the value is used.
                if !self.out.finite_counters.iter().any(|(t, _)| t == val) {
                    self.out.finite_counters.push((val.clone(), values.clone()));
                }
            }
        }
        let wraps = wrap_modulus(
            ty,
            self.runs_in_own_type(counter),
            counter.op,
            operand_range,
            cond,
            v,
            self.enc.counter_fits,
            &info.modified,
        );
        match counter.op {
            UpdateOp::Add | UpdateOp::Sub => {
                // v = init + k * e (or init - k * e) for some k >= 0: both the
                // monotonicity and the stride (v = init mod e) invariant.
                for (which, val, loops, uniform) in [
                    ("head", head.clone(), inner, uniform_head),
                    ("exit", exit.clone(), outer, uniform_exit),
                ] {
                    // The exit value matters only where something after
                    // the loop reads it. With a symbolic step (`c += xy`
                    // walking the planes of a 3-D grid) `k * e` is a
                    // non-linear term, but it is what keeps the exit value in
                    // its column (`c0 + k * xy`), as the head fact does for
                    // the body. Same justification as the head: every value
                    // the counter takes, at the exit too (the entry value
                    // when the loop does not run, k = 0; a `break` leaves
                    // with a value it took), is `init +/- k * e`.
                    if which == "exit" && !live {
                        continue;
                    }
                    // `k` ranges over the unsigned type of the counter's
                    // width (at least 32 bits): without a wrap,
                    // `|val - init| < 2^w` bounds `k * |e|`, so k < 2^w for
                    // e != 0 (k = 0 serves e = 0); with one, `k * e` matters
                    // modulo 2^w only. A 32-bit `k` missed the iterations of a
                    // 64-bit counter past 2^32 - 1 (`for (size_t i = 0; i < n;
                    // i++)` reaching `i >= 2^32`).
                    let k_ty = match ty {
                        ScalarTy::Int { bits, .. } => ScalarTy::Int {
                            bits: bits.max(32),
                            signed: false,
                        },
                        _ => ScalarTy::ULONG,
                    };
                    let k = match self.havoc(
                        &format!("k{which}{}_{}", id.0, v.0),
                        k_ty,
                        uniform,
                        loops,
                    ) {
                        Val::I(k, _) => k,
                        Val::B(_) => continue,
                    };
                    let product = Int::mul(&[k.clone(), operand.clone()]);
                    let exact = if counter.op == UpdateOp::Add {
                        Int::add(&[init.clone(), product])
                    } else {
                        Int::sub(&[init.clone(), product])
                    };
                    let equal = match wraps {
                        // val = exact mod 2^w (val is in range already).
                        Some(m) => Int::sub(&[val.clone(), exact.clone()])
                            .modulo(Int::from_i128(m))
                            .eq(Int::from_i64(0)),
                        None => val.eq(&exact),
                    };
                    let fact = Bool::and(&[k.ge(Int::from_i64(0)), equal]);
                    // The stride lemma (`counter_lemmas`) rests on no wrap.
                    if wraps.is_none() {
                        self.out.counters.push(CounterInstance {
                            key: (id, v, which == "head"),
                            value: val.clone(),
                            init: init.clone(),
                            step: operand.clone(),
                            exact: exact.clone(),
                            k: k.clone(),
                            increasing: counter.op == UpdateOp::Add,
                        });
                    }
                    if which == "head" {
                        head_facts.push(fact)
                    } else {
                        exit_facts.push(fact)
                    }
                }
            }
            UpdateOp::Div | UpdateOp::Shr => {
                // Shrinking towards zero from a non-negative start: 0 <= v <= init,
                // unless a narrower conversion in the update wraps the
                // value (`(signed char)(s / 2)` from 1000 is -12).
                let ScalarTy::Int { bits, .. } = ty else {
                    return;
                };
                if update_width(&counter.update, bits) != Some(bits) {
                    return;
                }
                let zero = Int::from_i64(0);
                let ok_operand = if counter.op == UpdateOp::Div {
                    operand.gt(&zero)
                } else {
                    operand.ge(&zero)
                };
                let _ = operand_range;
                let pre = Bool::and(&[ok_operand, init.ge(&zero)]);
                for (which, val) in [("head", head.clone()), ("exit", exit.clone())] {
                    let fact = pre.implies(Bool::and(&[val.ge(&zero), val.le(&init)]));
                    if which == "head" {
                        head_facts.push(fact)
                    } else if live {
                        exit_facts.push(fact)
                    }
                }
            }
            UpdateOp::Mul | UpdateOp::Shl => {
                // Growing from a positive start: v >= init, as long as the
                // counter does not wrap. A signed `*` of `int` width or more
                // does not (overflow is undefined behaviour). An unsigned
                // `*`/`<<` wraps modulo 2^w (C11 6.2.5p9: `s *= 2` 32 times
                // from 1 gives 0), a narrower signed one on its conversion
                // back, and a signed `<<` shifts into the sign bit without
                // undefined behaviour in C++14/17 (`1 << 31` is INT_MIN):
                // those keep the fact only under the counter assumption
                // (see `wrap_modulus`), where the loop condition bounds the
                // counter from above (`s < n`) and the step at most doubles
                // it (`s *= 2`, `s <<= 1`): a wrap then needs a value past
                // half the type's range to pass `s < n`, as for linear steps. A
                // larger factor wraps below ordinary bounds (`s *= 1024`
                // from 4 passes 4194304 < 5000000 and wraps to 0), so it
                // keeps no fact.
                let ScalarTy::Int { signed, bits } = ty else {
                    return;
                };
                // An odd factor keeps a counter that starts non-zero
                // non-zero, wrap or not: the product is reduced modulo 2^w
                // (unsigned arithmetic, the conversion back to a narrower
                // type; a signed overflow of int width is undefined and not
                // considered), and k odd is a unit modulo 2^w, so v * k is a
                // multiple of 2^w only if v is; a non-zero v of a w-bit type
                // is not one. By induction every value the counter takes
                // (at the head; a `break` or the exit test leaves with one)
                // is non-zero.
                // The width is the narrowest conversion in the update (a
                // `(unsigned char)` cast reduces modulo 2^8): the residue
                // modulo that power of two stays non-zero through every
                // wider reduction too.
                let width = update_width(&counter.update, bits);
                let odd_factor = counter.op == UpdateOp::Mul
                    && operand_range.lo == operand_range.hi
                    && operand_range.lo % 2 != 0;
                if let (true, Some(width)) = (odd_factor, width) {
                    let modulus = Int::from_i128(pow2(u32::from(width.clamp(1, 64))));
                    let starts_non_zero = init.modulo(&modulus).eq(Int::from_i64(0)).not();
                    let zero = Int::from_i64(0);
                    head_facts.push(starts_non_zero.implies(head.eq(&zero).not()));
                    if live {
                        exit_facts.push(starts_non_zero.implies(exit.eq(&zero).not()));
                    }
                }
                // A conversion to a narrower type in the update wraps (an
                // implementation-defined, not undefined, conversion for a
                // signed target): no growth fact then.
                if width != Some(bits) {
                    return;
                }
                // Only for a product computed in the counter's own type:
                // `int s; s *= 2u` multiplies in `unsigned` (defined wrap)
                // and converts back modulo 2^32 (see `wrap_modulus`), so
                // it reaches INT_MIN and then 0 without overflowing.
                let cannot_wrap = counter.op == UpdateOp::Mul
                    && signed
                    && bits >= 32
                    && self.runs_in_own_type(counter);
                let assumed = self.enc.counter_fits
                    && counter_fit_assumable(bits)
                    && bounds_in_direction(cond, v, ty, true, &info.modified);
                if !(cannot_wrap || assumed) {
                    return;
                }
                let zero = Int::from_i64(0);
                let ok_operand = match (counter.op == UpdateOp::Mul, cannot_wrap) {
                    (true, true) => operand.ge(Int::from_i64(1)),
                    (true, false) => {
                        Bool::and(&[operand.ge(Int::from_i64(1)), operand.le(Int::from_i64(2))])
                    }
                    (false, _) => Bool::and(&[operand.ge(&zero), operand.le(Int::from_i64(1))]),
                };
                let pre = Bool::and(&[ok_operand, init.gt(&zero)]);
                for (which, val) in [("head", head.clone()), ("exit", exit.clone())] {
                    let fact = pre.implies(val.ge(&init));
                    if which == "head" {
                        head_facts.push(fact)
                    } else if !info.has_break && live {
                        exit_facts.push(fact)
                    }
                }
            }
        }
    }

    /// Every value a geometric counter (`v = v op c`, `c` a constant) can
    /// take, at the loop head and exit, when its entry value is one of a few
    /// known values ([`Exec::finite_terms`]: `N >> 2` with `N = 1 << log2N`,
    /// or a constant): the closure of the entry values under the update,
    /// evaluated as the kernel's code computes it. Every head value is the
    /// update applied k times to the entry value (the counter's only
    /// assignment in the loop), and a `break` or the failing test leaves
    /// with such a value, so the set holds whatever the condition and the
    /// trip count are. A result outside the type's range is a signed
    /// overflow (a wrap-around is in range: unsigned types and conversions
    /// wrap, a signed `<<` is modular): undefined behaviour, after which the
    /// counter has no next value (as [`Self::counter_facts`] assumes for
    /// signed counters). None when the set exceeds [`FINITE_VALUES_MAX`] or a
    /// step is not a constant.
    fn counter_value_set(
        &mut self,
        counter: &Counter,
        pre_env: &[Option<Val>],
        init: &Int,
        ty: ScalarTy,
    ) -> Option<Vec<i128>> {
        if matches!(counter.op, UpdateOp::Add | UpdateOp::Sub) {
            return None;
        }
        let mut values = self.values_of(init)?;
        let type_range = Range::of(ty);
        let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
        let saved_assumptions = self.out.assumptions.len();
        let mut next_index = 0;
        let complete = loop {
            let Some(&cur) = values.get(next_index) else {
                break true;
            };
            next_index += 1;
            if values.len() > FINITE_VALUES_MAX {
                break false;
            }
            self.set(counter.var, Val::int(cur));
            let next = self.expr_as(&counter.update, ty);
            let Some(next) = numeral(&next) else {
                break false;
            };
            if !(type_range.lo..=type_range.hi).contains(&next) {
                continue;
            }
            if !values.contains(&next) {
                values.push(next);
            }
        };
        self.out.assumptions.truncate(saved_assumptions);
        self.env = saved;
        if !complete || values.len() > FINITE_VALUES_MAX {
            return None;
        }
        // Small magnitudes first: a query split on the value tries them in
        // this order, and the small strides are where collisions show first.
        values.sort_unstable_by_key(|c| (c.unsigned_abs(), *c < 0));
        Some(values)
    }

    /// Runs a geometric counter loop concretely when its start, operand and
    /// condition are constants under the launch configuration: the values at
    /// the head, and the first value failing the condition (None if it never fails).
    fn simulate(
        &mut self,
        counter: &Counter,
        cond: &Expr,
        pre_env: &[Option<Val>],
        ty: ScalarTy,
    ) -> Option<(Vec<i128>, Option<i128>)> {
        const MAX_VALUES: usize = 64;
        // Linear loops get the exact stride invariant instead.
        if matches!(counter.op, UpdateOp::Add | UpdateOp::Sub) {
            return None;
        }
        let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
        let saved_assumptions = self.out.assumptions.len();
        let result = (|| {
            let mut cur = numeral(&self.get(counter.var))?;
            let mut values = Vec::new();
            for _ in 0..=MAX_VALUES {
                self.set(counter.var, Val::int(cur));
                let c = simplified(&self.expr_bool(cond))?.as_bool()?;
                if !c {
                    return Some((values, Some(cur)));
                }
                if values.len() == MAX_VALUES {
                    return None;
                }
                values.push(cur);
                let next = self.expr_as(&counter.update, ty);
                let next = numeral(&next)?;
                if next == cur {
                    return Some((values, None));
                }
                cur = next;
            }
            None
        })();
        self.out.assumptions.truncate(saved_assumptions);
        self.env = saved;
        result
    }
}

/// A product `a * n` found in a counter's start (see
/// [`Encoder::band_lemmas`]).
#[derive(Clone, Debug)]
pub(crate) struct ProductReading {
    /// The product term.
    product: Int,
    /// The factor that tells the bands apart.
    a: Int,
    /// The band width, the other factor.
    n: Int,
}

/// The products of two non-numeral factors in `t` itself or inside the
/// value-preserving conversions the encoder wraps around an integer (`ite`
/// arms of a wrap-around or sign reading, the dividend of a `mod 2^w`),
/// each read both ways. Any reading is sound: the band lemma states `t ==
/// product` as a premise.
pub(crate) fn product_readings(t: &Int) -> Vec<ProductReading> {
    const MAX_DEPTH: u32 = 4;
    let mut out: Vec<ProductReading> = Vec::new();
    let mut stack = vec![(t.clone(), 0u32)];
    while let Some((t, depth)) = stack.pop() {
        if depth > MAX_DEPTH || !t.is_app() || t.is_const() {
            continue;
        }
        let children: Vec<Int> = t.children().iter().filter_map(|c| c.as_int()).collect();
        match head_kind(&t) {
            Some(DeclKind::Mul) => {
                let [x, y] = children.as_slice() else {
                    continue;
                };
                if x.as_i64().is_some() || y.as_i64().is_some() {
                    continue;
                }
                if out.iter().any(|r| r.product == t) {
                    continue;
                }
                for (a, n) in [(x, y), (y, x)] {
                    out.push(ProductReading {
                        product: t.clone(),
                        a: a.clone(),
                        n: n.clone(),
                    });
                }
            }
            // `ite(c, x, y)`: the integer arms (children 1 and 2).
            Some(DeclKind::Ite) => {
                stack.extend(children.into_iter().map(|c| (c, depth + 1)));
            }
            Some(DeclKind::Mod) => {
                if let Some(dividend) = children.into_iter().next() {
                    stack.push((dividend, depth + 1));
                }
            }
            _ => {}
        }
    }
    out
}

/// Most term readings kept per access (a lemma is made only for two
/// readings with the same row length, so few of the pairs give one).
const TERM_READINGS_MAX: usize = 24;

/// Most monomials of a polynomial reading (products of sums multiply them).
const POLY_MONOMIALS_MAX: usize = 16;

/// Readings of an offset's term and its sums as `x * n + y`, for the
/// row-major lemma ([`Encoder::row_major_lemmas`]). This is the term-level
/// twin of the expression readings, which see only the access's subscript
/// and so miss an index stored in a local first (`int idx = y * w + x;
/// a[idx]`: the local's value is its term) or a pointer advanced to a row
/// first (`p += blockIdx.x * n * 8; p[i * 8 + j]`). A term is read as a
/// polynomial over opaque atoms (`32*b*n + 32*i + 4*j`); each atom `x` of a
/// non-linear monomial `c*x*m` gives `x * (c*m) + rest`. The lemma is a
/// theorem of integer arithmetic whatever the terms are, so every reading is
/// sound (its premises say when it applies); only the search is bounded.
pub(crate) fn term_row_major(offset: &Int) -> Vec<RowMajor> {
    let mut out = Vec::new();
    term_readings(offset, 0, &mut out);
    out
}

/// Most packed-triangle readings kept per access.
const TRIANGLE_READINGS_MAX: usize = 8;

/// Subterms of an offset's term of the form `x * (x + 1) div 2 + y` or
/// `x * (x - 1) div 2 + y` (the packed lower triangle of a symmetric
/// matrix: `i * (i + 1) / 2 + j` with `j <= i`), for the packed-triangle
/// lemma ([`Encoder::row_major_lemmas`]). The lemma is a theorem whatever
/// the terms, so any reading is sound; the search is bounded in depth and
/// count.
pub(crate) fn term_packed_triangles(offset: &Int) -> Vec<PackedTriangle> {
    let mut out = Vec::new();
    let mut stack = vec![(offset.clone(), 0u32)];
    let mut seen = HashSet::default();
    while let Some((t, depth)) = stack.pop() {
        if depth > 6 || out.len() >= TRIANGLE_READINGS_MAX || !seen.insert(t.clone()) {
            continue;
        }
        if head_kind(&t) == Some(DeclKind::Add) {
            if let Some(reading) = packed_triangle(&t) {
                out.push(reading);
            }
        }
        if t.is_app() && !t.is_const() {
            stack.extend(
                t.children()
                    .iter()
                    .filter_map(|c| c.as_int())
                    .map(|c| (c, depth + 1)),
            );
        }
    }
    out
}

/// `sum` (an addition) read as `x * (x +- 1) div 2 + y`: one summand is the
/// halved product, the others make up `y`.
fn packed_triangle(sum: &Int) -> Option<PackedTriangle> {
    let summands: Vec<Int> = sum.children().iter().filter_map(|c| c.as_int()).collect();
    if summands.len() != sum.num_children() || summands.len() < 2 {
        return None;
    }
    summands.iter().enumerate().find_map(|(k, half)| {
        let (x, shift) = halved_consecutive_product(half)?;
        let rest: Vec<Int> = summands
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != k)
            .map(|(_, c)| c.clone())
            .collect();
        let y = match rest.as_slice() {
            [one] => one.clone(),
            _ => Int::add(&rest),
        };
        Some(PackedTriangle {
            index: sum.clone(),
            x,
            y,
            shift,
        })
    })
}

/// `(x, 0)` for `x * (x + 1) div 2` and `(x, 1)` for `x * (x - 1) div 2`
/// (factors in either order; `x + 1` as `1 + x`, `x - 1` as `x + -1`).
fn halved_consecutive_product(t: &Int) -> Option<(Int, i64)> {
    if head_kind(t) != Some(DeclKind::Idiv) {
        return None;
    }
    let [product, two] = t.children().try_into().ok()?;
    if two.as_int()?.as_i64() != Some(2) {
        return None;
    }
    let product = product.as_int()?;
    if head_kind(&product) != Some(DeclKind::Mul) {
        return None;
    }
    let [a, b] = product.children().try_into().ok()?;
    let (a, b) = (a.as_int()?, b.as_int()?);
    // `next` is `x + d` (or `x - 1`): the offset `d` when `x` is one operand.
    let offset_from = |next: &Int, x: &Int| -> Option<i64> {
        let kids: Vec<Int> = next.children().iter().filter_map(|c| c.as_int()).collect();
        match (head_kind(next), kids.as_slice()) {
            (Some(DeclKind::Add), [p, q]) if p == x => q.as_i64(),
            (Some(DeclKind::Add), [p, q]) if q == x => p.as_i64(),
            (Some(DeclKind::Sub), [p, q]) if p == x => q.as_i64().map(|c| -c),
            _ => None,
        }
    };
    let reading = |x: &Int, next: &Int| match offset_from(next, x)? {
        1 => Some((x.clone(), 0)),
        -1 => Some((x.clone(), 1)),
        _ => None,
    };
    reading(&a, &b).or_else(|| reading(&b, &a))
}

fn term_readings(t: &Int, depth: u32, out: &mut Vec<RowMajor>) {
    use z3::DeclKind;
    if depth > 4 || out.len() >= TERM_READINGS_MAX || !t.is_app() {
        return;
    }
    let Some(DeclKind::Add | DeclKind::Sub | DeclKind::Mul) = head_kind(t) else {
        return;
    };
    if let Some(poly) = polynomial(t, 0) {
        poly_readings(t, &poly, out);
    }
    let children: Vec<Int> = t.children().iter().filter_map(|c| c.as_int()).collect();
    for c in &children {
        term_readings(c, depth + 1, out);
    }
}

/// A polynomial over opaque atoms: monomials `coefficient * atoms...`.
type Poly = Vec<(i128, Vec<Int>)>;

/// `t` as a polynomial over its non-arithmetic subterms (atoms), or `None`
/// when it has too many monomials or a coefficient overflows.
fn polynomial(t: &Int, depth: u32) -> Option<Poly> {
    use z3::DeclKind;
    if let Some(k) = t.as_i64() {
        return Some(vec![(i128::from(k), Vec::new())]);
    }
    let atom = || Some(vec![(1, vec![t.clone()])]);
    if depth > 8 || !t.is_app() {
        return atom();
    }
    let Some(kind @ (DeclKind::Add | DeclKind::Sub | DeclKind::Mul | DeclKind::Uminus)) =
        head_kind(t)
    else {
        return atom();
    };
    let children: Vec<Int> = t.children().iter().filter_map(|c| c.as_int()).collect();
    if children.len() != t.num_children() || children.is_empty() {
        return atom();
    }
    let mut parts = Vec::with_capacity(children.len());
    for c in &children {
        parts.push(polynomial(c, depth + 1)?);
    }
    if kind == DeclKind::Mul {
        // A sum multiplied by an unknown stays one atom (`(y0 + y1) * w`
        // is read as the row `y0 + y1` times `w`): distributing it would
        // lose the row, which is what the lemma needs. Sums are distributed
        // over numerals only.
        let unknown_factors = parts
            .iter()
            .filter(|p| p.iter().any(|(_, atoms)| !atoms.is_empty()))
            .count();
        if unknown_factors >= 2 {
            for (p, c) in parts.iter_mut().zip(&children) {
                if p.len() > 1 {
                    *p = vec![(1, vec![c.clone()])];
                }
            }
        }
    }
    let negate = |p: Poly| -> Option<Poly> {
        p.into_iter()
            .map(|(c, f)| c.checked_neg().map(|c| (c, f)))
            .collect()
    };
    let mut parts = parts.into_iter();
    let first = parts.next()?;
    let result = match kind {
        DeclKind::Uminus => negate(first)?,
        DeclKind::Add => parts.fold(first, |mut acc, p| {
            acc.extend(p);
            acc
        }),
        DeclKind::Sub if children.len() == 1 => negate(first)?,
        DeclKind::Sub => {
            let mut acc = first;
            for p in parts {
                acc.extend(negate(p)?);
            }
            acc
        }
        _ => {
            let mut acc = first;
            for p in parts {
                let mut next = Vec::new();
                for (c1, f1) in &acc {
                    for (c2, f2) in &p {
                        let mut f = f1.clone();
                        f.extend(f2.iter().cloned());
                        next.push((c1.checked_mul(*c2)?, f));
                    }
                }
                if next.len() > POLY_MONOMIALS_MAX * POLY_MONOMIALS_MAX {
                    return None;
                }
                acc = normalize(next)?;
            }
            acc
        }
    };
    let result = normalize(result)?;
    (result.len() <= POLY_MONOMIALS_MAX).then_some(result)
}

/// Merges monomials with the same atoms (as multisets) and drops zeros.
fn normalize(poly: Poly) -> Option<Poly> {
    use std::hash::{Hash, Hasher};
    let key = |a: &Int| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        a.hash(&mut h);
        h.finish()
    };
    let mut out: Poly = Vec::new();
    for (c, mut f) in poly {
        f.sort_by_key(key);
        match out.iter_mut().find(|(_, g)| *g == f) {
            Some((d, _)) => *d = d.checked_add(c)?,
            None => out.push((c, f)),
        }
    }
    out.retain(|(c, _)| *c != 0);
    Some(out)
}

/// The term of a monomial.
fn monomial_term(c: i128, atoms: &[Int]) -> Int {
    let mut factors = Vec::with_capacity(atoms.len() + 1);
    if c != 1 || atoms.is_empty() {
        factors.push(Int::from_i128(c));
    }
    factors.extend(atoms.iter().cloned());
    if factors.len() == 1 {
        factors.remove(0)
    } else {
        Int::mul(&factors)
    }
}

/// Readings `x * (c*m) + rest` of `t == poly`: one per atom `x` of each
/// monomial `c*x*m` with at least two atoms (linear monomials Z3 handles
/// alone) and a positive coefficient.
fn poly_readings(t: &Int, poly: &Poly, out: &mut Vec<RowMajor>) {
    for (i, (c, atoms)) in poly.iter().enumerate() {
        if atoms.len() < 2 || *c <= 0 {
            continue;
        }
        let rest: Vec<Int> = poly
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, (d, f))| monomial_term(*d, f))
            .collect();
        let y = match rest.len() {
            0 => Int::from_i64(0),
            1 => rest[0].clone(),
            _ => Int::add(&rest),
        };
        for k in 0..atoms.len() {
            if out.len() >= TERM_READINGS_MAX {
                return;
            }
            if atoms[..k].iter().any(|a| *a == atoms[k]) {
                continue;
            }
            let x = atoms[k].clone();
            let others: Vec<Int> = atoms
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, a)| a.clone())
                .collect();
            let n = monomial_term(*c, &others);
            // `t == reading` holds by the polynomial identity; the lemma
            // keeps it as a premise anyway. The product is written as the
            // monomial (the same atom as in `t` once Z3 normalises it), not
            // as `x * n`, which would be a new non-linear term to relate.
            let reading = Int::add(&[monomial_term(*c, atoms), y.clone()]);
            out.push(RowMajor {
                scale: 0,
                index: t.clone(),
                reading,
                x,
                n,
                y: y.clone(),
                unfolded: false,
            });
        }
    }
}

/// Most counter instances (the most recent) whose values an offset is
/// unfolded by ([`Exec::unfold_counters`]).
const UNFOLD_COUNTERS: usize = 32;

/// Most rounds of counter unfolding (nested loops, a loop starting where
/// an earlier one ended).
const UNFOLD_ROUNDS: usize = 4;

/// Most divisions recorded per execution for [`Encoder::division_lemmas`].
const DIVISIONS_MAX: usize = 8;

/// Most values (or operand value combinations) a term of
/// [`Exec::finite_terms`] has.
const FINITE_VALUES_MAX: usize = 64;

/// Most Horner readings kept per access (a lemma is made only for two
/// readings with the same atom and gcd).
const HORNER_READINGS_MAX: usize = 16;

/// Readings of `offset`'s term as `g * (a * q + r)` ([`Horner`]), for the
/// row-major lemma with every monomial of the row length grouped:
/// `((n * C + c) * H + h) * W + w` expands to `n*C*H*W + c*H*W + h*W + w`,
/// whose single-monomial readings ([`term_row_major`]) leave the other
/// multiples of `W` in the column. One reading per atom of a non-linear
/// monomial, then the same for each row `q` (nested levels), so
/// `(n * C + c) * H + h` and `n * C + c` are read too.
pub(crate) fn term_horner(offset: &Int) -> Vec<Horner> {
    let mut out = Vec::new();
    if let Some(poly) = polynomial(offset, 0) {
        horner_readings(offset, &poly, 0, &mut out);
    }
    out
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

/// The term of a sum of monomials.
fn poly_term(poly: &[(i128, Vec<Int>)]) -> Int {
    let terms: Vec<Int> = poly.iter().map(|(c, f)| monomial_term(*c, f)).collect();
    match terms.len() {
        0 => Int::from_i64(0),
        1 => terms[0].clone(),
        _ => Int::add(&terms),
    }
}

fn horner_readings(t: &Int, poly: &Poly, depth: u32, out: &mut Vec<Horner>) {
    if depth > 3 {
        return;
    }
    let g = poly.iter().fold(0, |acc, (c, _)| gcd(acc, *c));
    if g == 0 {
        return;
    }
    // Row lengths are the atoms of every non-linear monomial (`W` in
    // `n*C*H*W + c*H*W + h*W + w`): grouping by another atom leaves a
    // multiple of the row length in the column, where the lemma's premise
    // fails. Few atoms, so few lemmas for the solver to carry.
    let mut nonlinear = poly.iter().filter(|(_, f)| f.len() >= 2);
    let Some((_, first)) = nonlinear.next() else {
        return;
    };
    let mut atoms: Vec<Int> = Vec::new();
    for a in first {
        if !atoms.contains(a) {
            atoms.push(a.clone());
        }
    }
    for (_, f) in nonlinear {
        atoms.retain(|a| f.contains(a));
    }
    for a in atoms {
        if out.len() >= HORNER_READINGS_MAX {
            return;
        }
        let mut row: Poly = Vec::new();
        let mut column: Poly = Vec::new();
        for (c, f) in poly {
            match f.iter().position(|x| *x == a) {
                Some(k) => {
                    let mut rest = f.clone();
                    rest.remove(k);
                    row.push((c / g, rest));
                }
                None => column.push((c / g, f.clone())),
            }
        }
        let q = poly_term(&row);
        out.push(Horner {
            index: t.clone(),
            depth,
            g,
            a: a.clone(),
            q: q.clone(),
            r: poly_term(&column),
            unfolded: false,
        });
        // The row is a term of its own: read it again (nested levels).
        if row.iter().any(|(_, f)| f.len() >= 2) {
            horner_readings(&q, &row, depth + 1, out);
        }
    }
}

/// Whether `cond` or a statement of `blocks` (nested ones included) has a
/// `/`, `%`, `>>`, `&`, `|` or `^`: the operations whose encoding a
/// non-negative operand range makes simpler (the plain dividend instead of
/// C's sign split, linear bits instead of bit-vectors), the only use of a
/// loop's counter floors.
fn sign_split_ops<const N: usize>(blocks: [&Block; N], cond: &Expr) -> bool {
    let mut found = false;
    let mut look = |e: &Expr| {
        crate::ir::walk::for_each_expr(e, &mut |x| {
            found |= matches!(
                x,
                Expr::Binary(
                    BinOp::Div
                        | BinOp::Rem
                        | BinOp::Shr
                        | BinOp::BitAnd
                        | BinOp::BitOr
                        | BinOp::BitXor,
                    ..
                )
            )
        })
    };
    look(cond);
    for block in blocks {
        crate::ir::walk::for_each_stmt(block, &mut |s| {
            crate::ir::walk::stmt_exprs(s)
                .into_iter()
                .for_each(&mut look)
        });
    }
    found
}

/// The variables `cond` bounds below by a non-negative constant wherever it
/// holds, with the bound: conjuncts `v >= c`, `v > c` (or `c <= v`,
/// `c < v`) on a signed integer variable `v` compared in a signed type at
/// least as wide (so the comparison reads `v`'s value, not a conversion of
/// it: `v >= 0u` compares in `unsigned` and bounds nothing), with `c >= 0`
/// (`c >= -1` for `>`).
fn guard_floors(kernel: &Kernel, cond: &Expr, out: &mut Vec<(VarId, i128)>) {
    let Expr::Binary(op, a, b, _) = cond else {
        return;
    };
    let (var, bound, strict) = match op {
        BinOp::And => {
            guard_floors(kernel, a, out);
            guard_floors(kernel, b, out);
            return;
        }
        BinOp::Ge => (&**a, &**b, false),
        BinOp::Gt => (&**a, &**b, true),
        BinOp::Le => (&**b, &**a, false),
        BinOp::Lt => (&**b, &**a, true),
        _ => return,
    };
    let (Expr::Var(v), Expr::Int(c, _)) = (var, bound) else {
        return;
    };
    let tv = type_of(kernel, var);
    let ct = common_type(tv, type_of(kernel, bound));
    let (
        ScalarTy::Int {
            signed: true,
            bits: vb,
        },
        ScalarTy::Int {
            signed: true,
            bits: cb,
        },
    ) = (tv, ct)
    else {
        return;
    };
    let floor = if strict { c.saturating_add(1) } else { *c };
    if cb >= vb && floor >= 0 {
        out.push((*v, floor));
    }
}

/// The modulus of a linear counter's values when it may wrap, None when the
/// no-wrap facts hold. An unsigned counter wraps modulo 2^w (defined
/// behaviour). With `assume_fits` (the default counter assumption, README
/// "Modelling assumptions"; `--no-assume-counter-fits` drops it) the no-wrap
/// facts are kept where the loop condition bounds the counter in the
/// direction of a small non-negative step (`v < X` counting up, `v > X`
/// counting down: wrapping would need values near 2^w to pass it, as in
/// `for (unsigned i = t; i < n; i += 100)` with `n > 2^32 - 100`);
/// elsewhere (`v != X`, a huge or unknown step, or the assumption dropped)
/// the counter is only known modulo 2^w. Signed counters of `int` width or
/// more do not wrap (overflow is undefined behaviour, the modelling
/// assumption on signed arithmetic); narrower signed ones wrap like unsigned
/// ones. The assumption covers counters of at least 32 bits only (see
/// [`counter_fit_assumable`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn wrap_modulus(
    ty: ScalarTy,
    own_type: bool,
    op: UpdateOp,
    step: Range,
    cond: &Expr,
    v: VarId,
    assume_fits: bool,
    modified: &BTreeSet<VarId>,
) -> Option<i128> {
    let ScalarTy::Int { signed, bits } = ty else {
        return None;
    };
    // A signed counter narrower than `int` (`short`, `signed char`) is
    // updated in `int` and converted back: the conversion wraps modulo 2^w
    // (C++20; implementation-defined before, and what nvcc does), it is not
    // signed overflow, so it is treated like an unsigned counter. So is a
    // signed counter whose sum is computed in an unsigned or wider type
    // (`own_type` false, see `loops::runs_in_own_type`: `int off; off +=
    // 0x80000004u` adds in `unsigned`, whose wrap is defined, and converts
    // back modulo 2^32 by the same rule).
    if signed && bits >= 32 && own_type {
        return None;
    }
    if !matches!(op, UpdateOp::Add | UpdateOp::Sub) {
        return None;
    }
    let small_step = step.lo >= 0 && step.hi < (1i128 << u32::from(bits).saturating_sub(1));
    let assumed = assume_fits
        && counter_fit_assumable(bits)
        && small_step
        && bounds_in_direction(cond, v, ty, op == UpdateOp::Add, modified);
    (!assumed).then(|| 1i128 << bits)
}

/// Whether the counter assumption may be applied to a counter of `bits`
/// bits: a wrap of a 32- or 64-bit counter bounded in its step's direction
/// needs a bound within a step of 2^32, which kernels' sizes never come
/// near; an 8- or 16-bit one wraps for bounds kernels do use
/// (`for (unsigned char i = t; i < n; i += 100)` with `n = 200`: thread 60
/// visits 60, 160, 4, like thread 4), so there the counter is only known
/// modulo 2^w.
pub(crate) fn counter_fit_assumable(bits: u8) -> bool {
    bits >= 32
}

/// Whether the loop condition is `v < X` / `v <= X` (counting up) or
/// `v > X` / `v >= X` (counting down) on the counter `v` (of type `ty`),
/// either way round, with `X` reading no variable the loop modifies
/// (`modified`): a bound that moves with the counter bounds nothing.
fn bounds_in_direction(
    cond: &Expr,
    v: VarId,
    ty: ScalarTy,
    up: bool,
    modified: &BTreeSet<VarId>,
) -> bool {
    fn strip(e: &Expr) -> &Expr {
        match e {
            Expr::Cast(_, inner) => strip(inner),
            other => other,
        }
    }
    let Expr::Binary(op, lhs, rhs, _) = strip(cond) else {
        return false;
    };
    // `v`, or `v + e`, `e + v`, `v - e` summed in a signed type (`begin + i
    // < end`): that sum does not overflow (undefined behaviour), so the
    // condition bounds `v` by `X - e` and a wrap of `v` needs a span `X - e`
    // near 2^w passing it, which the counter assumption excludes as for `v <
    // X`. (An unsigned sum may itself wrap: not taken.) There `e` must not
    // change in the loop (else `v + e` stays below X while `v` wraps), and
    // `v` enters the sum as itself or converted to a wider type (`(int)u`
    // for an `unsigned u` is negative from 2^31 on and passes the test).
    let invariant = |e: &Expr| {
        let mut moves = false;
        crate::ir::walk::for_each_expr(e, &mut |x| {
            moves |= matches!(x, Expr::Var(y) if modified.contains(y))
        });
        !moves
    };
    let v_itself = |e: &Expr| match e {
        Expr::Var(x) => *x == v,
        Expr::Cast(to, inner) => {
            matches!(&**inner, Expr::Var(x) if *x == v)
                && match (to, ty) {
                    (
                        ScalarTy::Int {
                            bits: tb,
                            signed: ts,
                        },
                        ScalarTy::Int {
                            bits: vb,
                            signed: vs,
                        },
                    ) => {
                        // Its own type, a wider signed one (same value), or
                        // an unsigned one at least as wide: the unsigned
                        // view walks modulo 2^w as an unsigned counter does
                        // (a wrapped signed value reads as at least 2^(w-1)).
                        (*tb == vb && *ts == vs) || (*tb > vb && *ts) || (*tb >= vb && !*ts)
                    }
                    _ => false,
                }
        }
        _ => false,
    };
    // The counter itself, or converted to a type that keeps its values
    // (`(int)u < X` for an `unsigned u` passes for every u from 2^31 on).
    let sum_of_v = |e: &Expr| match e {
        Expr::Binary(BinOp::Add, a, b, ScalarTy::Int { signed: true, .. }) => {
            (v_itself(a) && invariant(b)) || (v_itself(b) && invariant(a))
        }
        Expr::Binary(BinOp::Sub, a, b, ScalarTy::Int { signed: true, .. }) => {
            v_itself(a) && invariant(b)
        }
        _ => false,
    };
    // A sum converted afterwards: only to a type that keeps the sum's values
    // (a signed type at least as wide).
    let is_v = |e: &Expr| {
        v_itself(e)
            || match e {
                Expr::Cast(ScalarTy::Int { bits, signed: true }, inner) => match &**inner {
                    Expr::Binary(_, _, _, ScalarTy::Int { bits: sb, .. }) => {
                        *bits >= *sb && sum_of_v(inner)
                    }
                    _ => false,
                },
                other => sum_of_v(other),
            }
    };
    let (below, above) = (
        matches!(op, BinOp::Lt | BinOp::Le),
        matches!(op, BinOp::Gt | BinOp::Ge),
    );
    if is_v(lhs) && invariant(rhs) {
        if up {
            below
        } else {
            above
        }
    } else if is_v(rhs) && invariant(lhs) {
        if up {
            above
        } else {
            below
        }
    } else {
        false
    }
}

/// Whether `var` is assigned exactly once per iteration: by a top-level
/// statement of the loop's step (and nowhere else, as for any counter).
/// Whether `var` is assigned by a top-level statement of a loop body
/// without a `continue` of that loop: an iteration that reaches the next
/// loop head ran every top-level statement of the body (a `break` or
/// `return` reaches no next head; nested loops' `continue`s are theirs).
/// With the counter's single assignment in the loop (what makes it a
/// counter), it is then updated exactly once per completed iteration.
fn updated_once_per_completed_iteration(body: &Block, var: VarId) -> bool {
    fn has_own_continue(block: &Block) -> bool {
        block.stmts.iter().any(|s| match &s.kind {
            StmtKind::Continue => true,
            StmtKind::If { then_, else_, .. } => has_own_continue(then_) || has_own_continue(else_),
            _ => false,
        })
    }
    updated_once_per_iteration(body, var) && !has_own_continue(body)
}

fn updated_once_per_iteration(step: &Block, var: VarId) -> bool {
    step.stmts
        .iter()
        .any(|s| matches!(&s.kind, StmtKind::Assign { var: v, .. } if *v == var))
}

/// `x mod m` for `x` in range `r`. Within one period either side of
/// `[0, m)` it is a case split (linear arithmetic, which Z3 decides far faster
/// than `mod`). The range holds in every execution without undefined
/// behaviour (signed results are assumed not to overflow), so the split is
/// exact wherever the kernel's behaviour is defined.
///
/// Beyond that, `x mod m` is stated as `ite(0 <= x < m, x, x mod m)`, which
/// is the same function: the solver can take the branch without `mod` when
/// the path's facts keep `x` in range (a product of bounded sizes, the common
/// case) and keeps the row-major structure of the index visible there.
fn modulo_pow2(x: Int, r: Range, m: i128) -> Int {
    if r.lo < -m || r.hi >= 2 * m {
        let in_range = if r.lo >= 0 {
            x.lt(Int::from_i128(m))
        } else {
            Bool::and(&[x.ge(Int::from_i64(0)), x.lt(Int::from_i128(m))])
        };
        return in_range.ite(&x, &x.modulo(Int::from_i128(m)));
    }
    let mut v = x.clone();
    if r.hi >= m {
        v = x
            .ge(Int::from_i128(m))
            .ite(&Int::sub(&[x.clone(), Int::from_i128(m)]), &v);
    }
    if r.lo < 0 {
        v = x
            .lt(Int::from_i64(0))
            .ite(&Int::add(&[x.clone(), Int::from_i128(m)]), &v);
    }
    v
}

/// A term congruent to `x` modulo `c`, without the reductions modulo
/// multiples `M` of `c` that unsigned wraps put in it (see [`modulo_pow2`]):
/// `y mod M`, `ite(in range, y, y mod M)` and `ite(y >= M, y - M, y)` are
/// each congruent to `y` modulo `c` when `c` divides `M` (Euclidean
/// remainders, any integer `y`), and sums and products by numerals keep
/// congruences. `(a * seed + 1) % 2^31` computed in `unsigned` then needs one
/// remainder instead of three. None when nothing was removed.
fn reduced_modulo(x: &Int, c: i128) -> Option<Int> {
    // `as_i128`: the wrap modulus of a 64-bit type, 2^64, is past `u64`.
    fn numeral_of(t: &Int) -> Option<i128> {
        t.as_i128()
    }
    fn reduce(t: &Int, c: i128, depth: usize) -> Option<Int> {
        if depth > 8 || !t.is_app() || t.is_const() {
            return None;
        }
        let child = |i: usize| t.nth_child(i).and_then(|a| a.as_int());
        let divides = |m: &Int| numeral_of(m).is_some_and(|m| m > 0 && m % c == 0);
        match head_kind(t)? {
            DeclKind::Mod if t.num_children() == 2 && divides(&child(1)?) => {
                let y = child(0)?;
                Some(reduce(&y, c, depth + 1).unwrap_or(y))
            }
            DeclKind::Ite if t.num_children() == 3 => {
                let (then, other) = (child(1)?, child(2)?);
                // ite(in range, y, y mod M)
                if head_kind(&other) == Some(DeclKind::Mod)
                    && other.num_children() == 2
                    && other.nth_child(0).and_then(|a| a.as_int()).as_ref() == Some(&then)
                    && divides(&other.nth_child(1)?.as_int()?)
                {
                    return Some(reduce(&then, c, depth + 1).unwrap_or(then));
                }
                // ite(y >= M, y - M, y)
                if head_kind(&then) == Some(DeclKind::Sub)
                    && then.num_children() == 2
                    && then.nth_child(0).and_then(|a| a.as_int()).as_ref() == Some(&other)
                    && divides(&then.nth_child(1)?.as_int()?)
                {
                    return Some(reduce(&other, c, depth + 1).unwrap_or(other));
                }
                None
            }
            DeclKind::Add => {
                let parts: Vec<Int> = (0..t.num_children()).filter_map(child).collect();
                if parts.len() != t.num_children() {
                    return None;
                }
                let reduced: Vec<Option<Int>> =
                    parts.iter().map(|p| reduce(p, c, depth + 1)).collect();
                if reduced.iter().all(Option::is_none) {
                    return None;
                }
                let terms: Vec<Int> = reduced
                    .into_iter()
                    .zip(parts)
                    .map(|(r, p)| r.unwrap_or(p))
                    .collect();
                Some(Int::add(&terms))
            }
            DeclKind::Mul if t.num_children() == 2 => {
                let (a, b) = (child(0)?, child(1)?);
                if numeral_of(&a).is_some() {
                    reduce(&b, c, depth + 1).map(|b| Int::mul(&[a, b]))
                } else if numeral_of(&b).is_some() {
                    reduce(&a, c, depth + 1).map(|a| Int::mul(&[a, b]))
                } else {
                    None
                }
            }
            _ => None,
        }
    }
    reduce(x, c, 0)
}

/// Whether two values are equal (false for values of different sorts).
pub fn values_eq(x: &Val, y: &Val) -> Bool {
    match (x, y) {
        (Val::B(a), Val::B(b)) => a.eq(b),
        (Val::I(a, _), Val::I(b, _)) => a.eq(b),
        _ => Bool::from_bool(false),
    }
}

/// The constant value of a term, if it simplifies to one.
fn numeral(v: &Val) -> Option<i128> {
    match v {
        Val::I(x, r) if r.lo == r.hi => Some(r.lo)
            .filter(|_| simplified(x).and_then(|x| x.as_i128()) == Some(r.lo))
            .or_else(|| simplified(x)?.as_i128()),
        Val::I(x, _) => simplified(x)?.as_i128(),
        Val::B(b) => simplified(b)?.as_bool().map(i128::from),
    }
}

#[cfg(test)]
mod modulo_tests {
    use super::*;

    /// The in-range split of `x mod m` is the same function as `mod`, on
    /// ranges within two periods (case splits) and beyond (`ite` in front of
    /// `mod`): no `x` in the range tells them apart.
    #[test]
    fn modulo_pow2_is_exact() {
        let m = 1i128 << 32;
        let solver = z3::Solver::new();
        for r in [
            Range { lo: 0, hi: m - 1 },
            Range { lo: -5, hi: m + 7 },
            Range { lo: 0, hi: m * m },
            Range {
                lo: -m * m,
                hi: m * m,
            },
        ] {
            let x = Int::new_const("x");
            solver.push();
            solver.assert(x.ge(Int::from_i128(r.lo)));
            solver.assert(x.le(Int::from_i128(r.hi)));
            let exact = x.modulo(Int::from_i128(m));
            solver.assert(modulo_pow2(x.clone(), r, m).eq(&exact).not());
            assert_eq!(solver.check(), z3::SatResult::Unsat, "{r:?}");
            solver.pop(1);
        }
    }

    /// A 64-bit generator's `(a * seed mod 2^64 + 1) mod 2^63`, with the wrap
    /// written as `modulo_pow2` writes it, reduces to one remainder: the
    /// wrap's modulus 2^64 is past `u64`, and the result is the same value
    /// (checked on seeds by evaluation: Z3 4.8 does not prove the identity
    /// over all 64-bit seeds in reasonable time).
    #[test]
    fn reduced_modulo_of_a_64_bit_wrap() {
        let w = 1i128 << 64;
        let m = 1i128 << 63;
        let a = 2806196910506780709i128;
        let seed = Int::new_const("seed");
        let product = Int::mul(&[Int::from_i128(a), seed.clone()]);
        let wrapped = product
            .lt(Int::from_i128(w))
            .ite(&product, &product.modulo(Int::from_i128(w)));
        let sum = Int::add(&[wrapped, Int::from_i64(1)]);
        let folded = sum
            .ge(Int::from_i128(w))
            .ite(&Int::sub(&[sum.clone(), Int::from_i128(w)]), &sum);
        let reduced = reduced_modulo(&folded, m).expect("a reducible wrap");
        assert!(!reduced.to_string().contains("18446744073709551616"));
        for s in [0, 1, 2, m - 1, m, m + 12345, w - 2, w - 1] {
            let at = |t: &Int| {
                t.modulo(Int::from_i128(m))
                    .substitute(&[(&seed, &Int::from_i128(s))])
                    .simplify()
                    .as_i128()
            };
            let expected = (((a * (s % m)) % m) + 1) % m;
            assert_eq!(at(&reduced), Some(expected), "seed {s}");
            assert_eq!(at(&folded), Some(expected), "seed {s}");
        }
    }

    /// `exact_quotient` gives `t / d` on multiples of `d` (sums, differences
    /// and products with a divisible numeral), and nothing otherwise.
    #[test]
    fn exact_quotient_divides_exactly() {
        let solver = z3::Solver::new();
        let (a, b) = (Int::new_const("a"), Int::new_const("b"));
        let c = |v: i64| Int::from_i64(v);
        let t = Int::sub(&[
            Int::add(&[Int::mul(&[c(16), a.clone()]), Int::mul(&[b.clone(), c(32)])]),
            c(48),
        ]);
        let q = exact_quotient(&t, 16, 0).expect("a multiple of 16");
        solver.assert(Int::mul(&[c(16), q]).eq(&t).not());
        assert_eq!(solver.check(), z3::SatResult::Unsat);
        assert!(exact_quotient(&Int::add(&[Int::mul(&[c(16), a.clone()]), c(8)]), 16, 0).is_none());
        assert!(exact_quotient(&Int::mul(&[a.clone(), b.clone()]), 2, 0).is_none());
        assert!(exact_quotient(&a, 1, 0).is_none());
    }

    /// `x & -2^k` is `x - x mod 2^k` (Euclidean `mod`) on every 16-bit
    /// two's complement value, signed and unsigned, for every k (the rule
    /// `clear_low` encodes; the argument does not depend on the width).
    #[test]
    fn clearing_low_bits_is_subtracting_the_remainder() {
        for k in 1..16u32 {
            let p = 1i64 << k;
            for bits in 0..=u16::MAX {
                let signed = i64::from(bits as i16);
                let masked = i64::from((bits as i16) & (-(1i32 << k)) as i16);
                assert_eq!(
                    masked,
                    signed - signed.rem_euclid(p),
                    "k = {k}, x = {signed}"
                );
                let unsigned = i64::from(bits);
                let masked = i64::from(bits & (-(1i32 << k)) as u16);
                assert_eq!(
                    masked,
                    unsigned - unsigned.rem_euclid(p),
                    "k = {k}, x = {unsigned}"
                );
            }
        }
    }
}

#[cfg(test)]
mod consequential_tests {
    use std::path::Path;

    use super::*;
    use crate::frontend::{lower_source, NoIncludes};

    /// The names of the consequential locals of the only kernel of `text`.
    fn consequential(text: &str) -> BTreeSet<String> {
        let program = lower_source(Path::new("t.cu"), text, &NoIncludes);
        let kernel = &program.kernels[0];
        consequential_locals(kernel)
            .iter()
            .map(|v| kernel.vars[v.0 as usize].name.clone())
            .collect()
    }

    /// A sum only stored is not consequential; a local that reaches an
    /// offset through another one, a branch around a store, a loop bound
    /// or a `return` is.
    #[test]
    fn only_locals_that_reach_an_offset_a_guard_or_a_bound_are_consequential() {
        let names = consequential(
            "__global__ void k(int *out, int n) {
                int sum = 0; int idx = 0; int flag = 0; int bound = n; int stop = 0;
                for (int i = 0; i < n; i++) { sum += i; idx += 2; flag ^= i; bound -= 1; stop += i; }
                int at = idx + 1;
                if (flag > 3) out[0] = sum;
                for (int j = 0; j < bound; j++) out[j + 1] = sum;
                if (stop > 9) return;
                out[at] = sum;
            }",
        );
        for name in ["idx", "at", "flag", "bound", "stop", "i", "j"] {
            assert!(names.contains(name), "{name} missing from {names:?}");
        }
        assert!(!names.contains("sum"), "{names:?}");
    }

    /// A branch whose arms only assign locals that matter nowhere does not
    /// make its condition's locals consequential; the same branch around a
    /// consequential local's assignment does.
    #[test]
    fn a_branch_matters_through_what_it_assigns() {
        let names = consequential(
            "__global__ void k(int *out, int n) {
                int a = 0; int b = 0; int c = 0; int d = 0;
                for (int i = 0; i < n; i++) { a += i; c += i; }
                if (a > 5) b = 1;
                if (c > 5) d = 1;
                out[threadIdx.x] = b;
                out[d + threadIdx.x] = 0;
            }",
        );
        assert!(!names.contains("a") && !names.contains("b"), "{names:?}");
        assert!(names.contains("c") && names.contains("d"), "{names:?}");
    }
}

#[cfg(test)]
mod pow2_candidate_tests {
    use super::*;

    /// The exponent is the entry value's largest power-of-two divisor, also
    /// for negative values; 0 and odd values give no candidate.
    #[test]
    fn candidate_exponents_of_entry_values() {
        assert_eq!(pow2_candidate_exponent(8), Some(3));
        assert_eq!(pow2_candidate_exponent(24), Some(3));
        assert_eq!(pow2_candidate_exponent(-16), Some(4));
        assert_eq!(pow2_candidate_exponent(1 << 40), Some(40));
        assert_eq!(pow2_candidate_exponent(0), None);
        assert_eq!(pow2_candidate_exponent(7), None);
        assert_eq!(pow2_candidate_exponent(1 << 70), None);
    }

    /// `v % 2^k == 0` is the Euclidean remainder: negative multiples hold.
    #[test]
    fn multiple_shape_holds_for_negative_multiples() {
        let v = Int::from_i64(-24);
        let v0 = Int::from_i64(8);
        let holds = Shape::MultipleOfPow2(3).holds(&v, &v0);
        assert_eq!(holds.simplify().as_bool(), Some(true));
        let odd = Shape::MultipleOfPow2(3).holds(&Int::from_i64(-20), &v0);
        assert_eq!(odd.simplify().as_bool(), Some(false));
    }
}

#[cfg(test)]
mod ite_or_same_tests {
    use super::*;

    /// Equal arms give the arm itself (the same term, no `ite`); different
    /// arms give the `ite`, whose value follows the condition.
    #[test]
    fn equal_arms_give_the_arm_and_different_arms_the_ite() {
        let c = Bool::new_const("ite_or_same_c");
        let x = Int::new_const("ite_or_same_x");
        let same = ite_or_same(&c, &(x.clone() + 1), &(x.clone() + 1));
        assert!(same == x.clone() + 1);
        assert_eq!(head_kind(&same), Some(DeclKind::Add));
        let other = ite_or_same(&c, &x, &Int::from_i64(0));
        assert_eq!(head_kind(&other), Some(DeclKind::Ite));
        let solver = z3::Solver::new();
        solver.assert(c.clone());
        solver.assert(other.eq(&x).not());
        assert_eq!(solver.check(), z3::SatResult::Unsat);
    }
}

/// The largest result of a CUDA integer intrinsic that counts or locates
/// bits of its 32- or 64-bit operand (all are at least 0): the operand's
/// width.
fn bit_count_max(name: &str) -> Option<i128> {
    match name {
        "__popc" | "__clz" | "__ffs" => Some(32),
        "__popcll" | "__clzll" | "__ffsll" => Some(64),
        _ => None,
    }
}

#[cfg(test)]
mod block_extent_param_tests {
    use std::path::Path;

    use super::*;
    use crate::frontend::{lower_source, NoIncludes};
    use crate::ir::ParamId;

    /// On every integer `x` and every `m` in [0, 1023], the `and` on the 10
    /// low bits equals the type's full-width one, for a signed and an
    /// unsigned type; a mask that may be negative, or needs the whole
    /// width, gets no narrower encoding.
    #[test]
    fn low_bits_and_equals_the_full_width_and() {
        for signed in [true, false] {
            let ty = ScalarTy::Int { bits: 32, signed };
            let x = Int::new_const(format!("low_bits_x_{signed}"));
            let m = Int::new_const(format!("low_bits_m_{signed}"));
            let mask = Range { lo: 0, hi: 1023 };
            let Some(Val::I(narrow, range)) = and_via_low_bits(&x, Range::of(ty), &m, mask, ty)
            else {
                panic!("no narrow encoding for a 10-bit mask");
            };
            assert_eq!(range, mask);
            let full = Int::from_bv(&BV::from_int(&x, 32).bvand(BV::from_int(&m, 32)), signed);
            let solver = z3::Solver::new();
            solver.assert(m.ge(Int::from_i64(0)));
            solver.assert(m.le(Int::from_i64(1023)));
            solver.assert(narrow.eq(&full).not());
            assert_eq!(solver.check(), z3::SatResult::Unsat);
            let negative = Range { lo: -1, hi: 1023 };
            assert!(and_via_low_bits(&x, Range::of(ty), &m, negative, ty).is_none());
        }
        let uint = ScalarTy::UINT;
        let (x, m) = (Int::new_const("low_bits_wx"), Int::new_const("low_bits_wm"));
        assert!(and_via_low_bits(&x, Range::of(uint), &m, Range::of(uint), uint).is_none());
    }

    /// `blockDim.x == (unsigned)(size_t)n` makes the `int` n the extent;
    /// a conversion through a narrower type, a 64-bit or 8-bit parameter, a
    /// comparison in another type than `unsigned int` or a deferred
    /// precondition does not.
    #[test]
    fn parameters_equated_with_a_block_extent() {
        let program = lower_source(
            Path::new("t.cu"),
            "__global__ void k(float *a, int n, long w, signed char c, short h, int s) {
                a[threadIdx.x] = n + w + c + h + s;
            }",
            &NoIncludes,
        );
        let mut kernel = program.kernels[0].clone();
        let index = |name: &str| {
            let at = kernel.params.iter().position(|p| p.name == name);
            ParamId(u32::try_from(at.expect("parameter")).expect("index"))
        };
        let (n, w, c, h, s) = (index("n"), index("w"), index("c"), index("h"), index("s"));
        let int = |bits: u8, signed: bool| ScalarTy::Int { bits, signed };
        let cast = |ty: ScalarTy, e: Expr| Expr::Cast(ty, Box::new(e));
        let eq = |d: u8, e: Expr| {
            Expr::Binary(
                BinOp::Eq,
                Box::new(Expr::Builtin(Builtin::BlockDim(d))),
                Box::new(e),
                ScalarTy::Bool,
            )
        };
        kernel.assume_at_entry_deferred([eq(2, cast(ScalarTy::UINT, Expr::Param(s)))]);
        kernel.assume_at_entry([
            eq(
                0,
                cast(ScalarTy::UINT, cast(int(64, false), Expr::Param(n))),
            ),
            eq(1, cast(ScalarTy::UINT, Expr::Param(w))),
            eq(0, cast(ScalarTy::UINT, Expr::Param(c))),
            eq(1, cast(ScalarTy::UINT, cast(int(8, true), Expr::Param(h)))),
            eq(2, cast(int(64, false), Expr::Param(h))),
        ]);
        let dims = crate::ir::walk::entry_param_block_extents(&kernel);
        let of = |p: ParamId| dims[p.0 as usize];
        assert_eq!(of(n), Some(0));
        assert_eq!(of(w), None);
        assert_eq!(of(c), None);
        assert_eq!(of(h), None);
        assert_eq!(of(s), None);
    }
}
