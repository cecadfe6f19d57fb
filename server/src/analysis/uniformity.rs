//! Uniformity within a block: which values and program points are the same
//! for every thread of a block at the same dynamic instance.
//!
//! A forward, flow-sensitive analysis: the state is the set of locals whose
//! value may differ between threads. It over-approximates non-uniformity:
//! - a value computed from `threadIdx`, an atomic's result, an unknown
//!   (havocked) value, or a non-uniform local is non-uniform;
//! - an assignment under thread-dependent control (a branch on a non-uniform
//!   condition, a loop with a non-uniform trip count, code after a
//!   thread-dependent `break`/`continue`) makes its variable non-uniform;
//! - code after a thread-dependent `return` is divergent (a barrier there may
//!   not be reached by every thread), but its values stay uniform when computed
//!   from uniform values: a thread that returned never runs again, so its
//!   locals are never observed (the checker disables its accesses and barrier
//!   arrivals), and the threads still running all took the same path since
//!   the return (every later thread-dependent branch, loop or escape is
//!   tracked on its own). "The same in every thread" is among the threads
//!   that reach the dynamic instance;
//! - reads are uniform when their address is: in SDV all threads of a block
//!   read in lockstep, so a uniform address yields the same value unless a
//!   race on it exists, and such a race is reported by the checker itself.
//!   Under thread-dependent control the value read is still one value for
//!   the threads that run the read together (`def_is_uniform`), while the
//!   variable becomes non-uniform (the other threads keep their old value).
//!   Not in a kernel with named or split (arrive/wait) barriers: those order
//!   some warps and not others, so a write can be ordered after one warp's
//!   read and before another's, the same read statement returning two values
//!   with no race; there every read is non-uniform. Nor a volatile read
//!   (`Access::volatile`): memory another agent changes while the kernel
//!   runs can give two threads two values with no race in the kernel.

use crate::base::HashMap;
use std::collections::BTreeSet;

use crate::ir::walk::{for_each_stmt, BlockSlot, ProgramPoint};
use crate::ir::{BinOp, Block, Builtin, Expr, Kernel, ScalarTy, StmtId, StmtKind, VarId};

/// A set of variables as a bit per [`VarId`]: the analysis clones and
/// joins its state at every branch and loop round, and inlined kernels have
/// tens of thousands of locals, most of them non-uniform (an ordered set
/// took seconds there in allocation alone; a copy of words takes
/// microseconds). Words past the last are zero.
#[derive(Clone, Debug, Default)]
struct VarSet {
    words: Vec<u64>,
}

impl VarSet {
    fn new() -> VarSet {
        VarSet::default()
    }

    fn split(v: VarId) -> (usize, u64) {
        ((v.0 / 64) as usize, 1u64 << (v.0 % 64))
    }

    fn contains(&self, v: &VarId) -> bool {
        let (word, bit) = VarSet::split(*v);
        self.words.get(word).is_some_and(|w| w & bit != 0)
    }

    fn insert(&mut self, v: VarId) {
        let (word, bit) = VarSet::split(v);
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= bit;
    }

    fn remove(&mut self, v: &VarId) {
        let (word, bit) = VarSet::split(*v);
        if let Some(w) = self.words.get_mut(word) {
            *w &= !bit;
        }
    }

    /// Adds every variable of `other`.
    fn union_with(&mut self, other: &VarSet) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
    }

    /// The union of two sets.
    fn union(&self, other: &VarSet) -> VarSet {
        let mut out = self.clone();
        out.union_with(other);
        out
    }
}

impl PartialEq for VarSet {
    fn eq(&self, other: &VarSet) -> bool {
        let (short, long) = if self.words.len() <= other.words.len() {
            (&self.words, &other.words)
        } else {
            (&other.words, &self.words)
        };
        short == &long[..short.len()] && long[short.len()..].iter().all(|w| *w == 0)
    }
}

/// Result of the uniformity analysis.
#[derive(Clone, Debug, Default)]
pub struct Uniformity {
    /// Every variable that is non-uniform somewhere.
    ever_nonuniform: VarSet,
    /// Whether the value a statement assigns is uniform.
    def_uniform: HashMap<StmtId, bool>,
    /// Non-uniform variables at the head of each loop (any iteration).
    head_nonuniform: HashMap<StmtId, VarSet>,
    /// Non-uniform variables after each loop.
    exit_nonuniform: HashMap<StmtId, VarSet>,
    divergent_stmts: HashMap<StmtId, StmtId>,
    divergent_points: HashMap<ProgramPoint, bool>,
    /// Divergent points outside every thread-dependent branch and loop, only
    /// after a thread-dependent `return`: with the cause of that return.
    after_return_points: HashMap<ProgramPoint, StmtId>,
    /// Loops whose trip count or exit depends on the thread.
    nonuniform_loops: BTreeSet<StmtId>,
    /// The kernel has named or split barriers (reads are not uniform).
    partial_sync: bool,
    /// Uniformity within each warp rather than the block (see
    /// [`Uniformity::compute_within_warps`]): `threadIdx.y`/`.z` are uniform.
    within_warps: bool,
    /// Loop walks already done in this run (emptied when it ends).
    memo: LoopMemo,
    /// Locals every definition of which is `threadIdx.x` (see [`tid_x_vars`]).
    tid_x: VarSet,
    /// Within warps only: locals every definition of which is the linear
    /// thread id (see [`is_linear_tid`]).
    linear_tid: VarSet,
    /// Within warps (sub-groups) only: the kernel's warp (sub-group)
    /// broadcasts (see [`crate::ir::Kernel::warp_broadcasts`] and
    /// [`crate::ir::Kernel::sub_group_broadcasts`]).
    broadcasts: HashMap<StmtId, Vec<Expr>>,
    /// Counters tracked relative to a per-thread base (set by `run`).
    relations: Relations,
    /// Uniformity within each OpenCL sub-group rather than the block (see
    /// [`Uniformity::compute_within_sub_groups`]).
    within_sub_groups: bool,
    /// Uniformity across the whole grid rather than one block (see
    /// [`Uniformity::compute_within_grid`]).
    within_grid: bool,
}

/// A loop statement, the divergence of its context and the non-uniform
/// locals before it (trailing zero words trimmed): all a walk of the loop
/// depends on besides the kernel (see [`LoopMemo`]).
type LoopKey = (StmtId, Option<StmtId>, Vec<u64>);

/// Remembered walks of loop statements within one run of the analysis. A
/// loop nested in others is walked again in every fixpoint round of each
/// enclosing loop (and in its escape probe), so the innermost body of a
/// depth-4 nest was walked hundreds of times, mostly from states seen
/// before. A walk of a loop is a function of its [`LoopKey`] (the analysis
/// reads nothing else of `self` but its fixed settings, two flags,
/// `tid_x` and `broadcasts`; the context's earlier thread-dependent `return` only matters
/// to what a recorded walk records), and what a walk does to `self` besides its result either is
/// recording (not answered from here) or only adds variables and loops to
/// sets (`ever_nonuniform`, `nonuniform_loops`), which the first walk with
/// the same key already did: answering a repeated walk from here changes
/// no result of the analysis.
#[derive(Clone, Debug, Default)]
struct LoopMemo {
    /// The fixpoint of the loop head: its non-uniform locals and whether
    /// the loop is thread-dependent.
    heads: HashMap<LoopKey, (VarSet, bool)>,
    /// An unrecorded walk's result: the non-uniform locals after the loop,
    /// and the cause of the first thread-dependent `return` in it.
    exits: HashMap<LoopKey, (VarSet, Option<StmtId>)>,
    /// Words of variable sets the two maps may still take.
    room: usize,
}

/// Most words of variable sets the loop memo keeps (32 MB): past it walks
/// are done again rather than remembered.
const LOOP_MEMO_WORDS: usize = 1 << 22;

impl LoopMemo {
    fn key(id: StmtId, div: Option<StmtId>, state: &VarSet) -> LoopKey {
        let used = state
            .words
            .iter()
            .rposition(|w| *w != 0)
            .map_or(0, |last| last + 1);
        (id, div, state.words[..used].to_vec())
    }

    /// An empty memo that keeps up to `room` words.
    fn with_room(room: usize) -> LoopMemo {
        LoopMemo {
            room,
            ..LoopMemo::default()
        }
    }

    /// Whether `extra` more words fit (then counted as kept).
    fn keep(&mut self, extra: usize) -> bool {
        let fits = extra <= self.room;
        if fits {
            self.room -= extra;
        }
        fits
    }
}

/// Divergence state that flows forward across blocks.
#[derive(Default, Clone, Copy)]
struct Flow {
    /// Some thread may have returned (thread-dependent return seen).
    returned: Option<StmtId>,
    /// A thread-dependent break/continue in the current loop.
    escaped: Option<StmtId>,
}

/// What [`expr_uniform`] reads besides the non-uniform locals.
#[derive(Clone, Copy)]
struct Setting<'a> {
    /// Within warps of a block whose x extent is a multiple of 32: the
    /// locals holding `threadIdx.x` (then `threadIdx.y` and `.z` are
    /// uniform) and those holding the linear thread id; None for the block.
    rows: Option<(&'a VarSet, &'a VarSet)>,
    /// The counters tracked relative to a per-thread base.
    relations: &'a Relations,
    /// Within OpenCL sub-groups: `get_sub_group_id()` is uniform.
    sub_groups: bool,
    /// Across the grid: `blockIdx` differs between threads.
    grid: bool,
}

/// Whether `e` is uniform given the non-uniform locals (and the virtual
/// variables of [`Relations`]) in the setting `cx`.
fn expr_uniform(e: &Expr, nonuni: &VarSet, cx: Setting) -> bool {
    let expr_uniform = |e: &Expr, nonuni: &VarSet| expr_uniform(e, nonuni, cx);
    if cx.rows.is_some_and(|(tid_x, linear)| {
        warp_aligned_x(e, tid_x, linear, &|o| expr_uniform(o, nonuni))
    }) {
        return true;
    }
    if cx.relations.uniform_form(e, nonuni) {
        return true;
    }
    let rows = cx.rows.is_some();
    if cx.sub_groups && matches!(e, Expr::Apply(name, ..) if name == crate::ir::SUB_GROUP_ID) {
        return true;
    }
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => true,
        Expr::Var(v) => !nonuni.contains(v),
        Expr::Builtin(Builtin::ThreadIdx(d)) => rows && *d > 0,
        Expr::Builtin(Builtin::BlockIdx(_)) => !cx.grid,
        Expr::Builtin(_) => true,
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => expr_uniform(a, nonuni),
        Expr::Binary(_, a, b, _) => expr_uniform(a, nonuni) && expr_uniform(b, nonuni),
        Expr::Select(c, a, b, _) => {
            expr_uniform(c, nonuni) && expr_uniform(a, nonuni) && expr_uniform(b, nonuni)
        }
        Expr::Apply(_, args, _) => args.iter().all(|a| expr_uniform(a, nonuni)),
    }
}

/// `threadIdx.x`, possibly converted to an integer type of 16 bits or more
/// (which holds every thread index, below 1024, unchanged), or a local of
/// `tid_x` (every definition of which is such).
fn is_tid_x(e: &Expr, tid_x: &VarSet) -> bool {
    match e {
        Expr::Builtin(Builtin::ThreadIdx(0)) => true,
        Expr::Var(v) => tid_x.contains(v),
        Expr::Cast(ScalarTy::Int { bits, .. }, a) if *bits >= 16 => is_tid_x(a, tid_x),
        _ => false,
    }
}

/// The linear thread id `threadIdx.x + threadIdx.y * blockDim.x +
/// threadIdx.z * (blockDim.x * blockDim.y)` as the front end writes it
/// (`this_thread_block().thread_rank()`), possibly converted to an integer
/// type of 16 bits or more (which holds every id, below 1024, unchanged),
/// or a local of `linear` (every definition of which is such).
fn is_linear_tid(e: &Expr, linear: &VarSet) -> bool {
    use crate::ir::BinOp;
    let t = |d| Expr::Builtin(Builtin::ThreadIdx(d));
    let b = |d| Expr::Builtin(Builtin::BlockDim(d));
    match e {
        Expr::Var(v) => linear.contains(v),
        Expr::Cast(ScalarTy::Int { bits, .. }, a) if *bits >= 16 => is_linear_tid(a, linear),
        Expr::Binary(BinOp::Add, xy, z, _) => {
            let Expr::Binary(BinOp::Add, x, y, _) = &**xy else {
                return false;
            };
            let product = |e: &Expr, l: &Expr, r: &Expr| matches!(e, Expr::Binary(BinOp::Mul, a, c, _) if **a == *l && **c == *r);
            let plane = Expr::Binary(BinOp::Mul, Box::new(b(0)), Box::new(b(1)), ScalarTy::UINT);
            **x == t(0) && product(y, &t(1), &b(0)) && product(z, &t(2), &plane)
        }
        _ => false,
    }
}

/// The locals whose every definition assigns `threadIdx.x` (see
/// [`is_tid_x`]; `int tid = threadIdx.x;`, a helper's `return threadIdx.x`
/// inlined): they hold `threadIdx.x` wherever they are read after one.
fn tid_x_vars(kernel: &Kernel) -> VarSet {
    vars_always(kernel, is_tid_x)
}

/// `blockDim.x`, possibly converted to an integer type of 16 bits or more
/// (which holds every block extent, at most 1024, unchanged), or a local of
/// `dim_x` (every definition of which is such).
fn is_block_dim_x(e: &Expr, dim_x: &VarSet) -> bool {
    match e {
        Expr::Builtin(Builtin::BlockDim(0)) => true,
        Expr::Var(v) => dim_x.contains(v),
        Expr::Cast(ScalarTy::Int { bits, .. }, a) if *bits >= 16 => is_block_dim_x(a, dim_x),
        _ => false,
    }
}

/// The locals every definition of which is an `Assign` of a value `is`
/// accepts (given the locals found so far: chains of copies `tid =
/// threadIdx.x; t = tid;` are followed to a fixpoint).
fn vars_always(kernel: &Kernel, is: fn(&Expr, &VarSet) -> bool) -> VarSet {
    let mut defs: HashMap<VarId, Vec<&Expr>> = HashMap::default();
    let mut other = VarSet::new();
    for_each_stmt(&kernel.body, &mut |s| match &s.kind {
        StmtKind::Assign { var, value } => defs.entry(*var).or_default().push(value),
        _ => {
            if let Some(v) = crate::ir::walk::assigned_var(s) {
                other.insert(v);
            }
        }
    });
    let mut out = VarSet::new();
    loop {
        let mut grew = false;
        for (v, values) in &defs {
            if !out.contains(v) && !other.contains(v) && values.iter().all(|e| is(e, &out)) {
                out.insert(*v);
                grew = true;
            }
        }
        if !grew {
            return out;
        }
    }
}

/// Counters tracked relative to a per-thread base, each by a *virtual
/// variable* of the analysis state (an id past the kernel's locals, in the
/// same sets, so joins, loop fixpoints and the loop memo treat it as any
/// local): it is uniform at a point when the relation below holds there
/// with one offset for every thread that reaches the point in the same
/// dynamic instance.
///
/// - Difference `v - b` (a loop `for (i = lane; i - lane < m; i += 32)`):
///   `v = b` sets the offset to 0, `v = v + u` and `v = v - u` with `u`
///   uniform add the same `u` in every thread, in a context no
///   thread-dependent branch, loop or escape makes divergent (otherwise
///   only some threads update, and the virtual variable becomes
///   non-uniform, as does any other definition of `v` and every
///   definition of `b`). All in one integer type, without conversions: the
///   arithmetic is exact (signed: overflow is undefined behaviour, which the
///   checker assumes away) or modulo 2^w in both the updates and the
///   difference, so `v - b` computed in that type is the offset (mod 2^w).
/// - Block stride (`for (p = threadIdx.x; ..; p += blockDim.x)`): `v =
///   threadIdx.x + k * blockDim.x` with one `k >= 0` for the threads, set
///   by `v = threadIdx.x` (k = 0) and kept by `v = v + blockDim.x` under
///   the same conditions; `v` of a signed type (no wrap-around: overflow is
///   undefined). As `0 <= threadIdx.x < blockDim.x`, C's quotient `v /
///   blockDim.x` is exactly `k` ([expr.mul]: truncation of a non-negative
///   dividend by a positive divisor is the floor), the same in those
///   threads.
#[derive(Clone, Debug, Default)]
struct Relations {
    /// Counter -> its base, its (and the base's) integer type, and the
    /// virtual variable of `counter - base`.
    diffs: HashMap<VarId, (VarId, ScalarTy, VarId)>,
    /// Signed counter -> its type and the virtual variable of its block
    /// stride.
    strides: HashMap<VarId, (ScalarTy, VarId)>,
    /// Locals always holding `threadIdx.x` (see [`tid_x_vars`]).
    tid_x: VarSet,
    /// Locals always holding `blockDim.x` (see [`is_block_dim_x`]).
    dim_x: VarSet,
    /// The virtual variables each local's definition changes.
    watchers: HashMap<VarId, Vec<VarId>>,
}

/// `Var(v)` of `e`.
fn var_of(e: &Expr) -> Option<VarId> {
    match e {
        Expr::Var(v) => Some(*v),
        _ => None,
    }
}

/// The operand `u` of an update `v = v + u` or `v = v - u` (`plus_only`:
/// only `+`) computed in `ty`, or None.
fn update_operand(v: VarId, value: &Expr, ty: ScalarTy, plus_only: bool) -> Option<&Expr> {
    match value {
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, u, t)
            if *t == ty && var_of(a) == Some(v) && (*op == BinOp::Add || !plus_only) =>
        {
            Some(u)
        }
        _ => None,
    }
}

impl Relations {
    /// Finds the kernel's candidate counters (the transfer functions decide
    /// where the relations hold).
    fn new(kernel: &Kernel) -> Relations {
        let mut rel = Relations {
            tid_x: tid_x_vars(kernel),
            dim_x: vars_always(kernel, is_block_dim_x),
            ..Relations::default()
        };
        let ty_of = |v: VarId| kernel.vars.get(v.0 as usize).map(|d| d.ty);
        let mut values: HashMap<VarId, Vec<&Expr>> = HashMap::default();
        for_each_stmt(&kernel.body, &mut |s| {
            if let StmtKind::Assign { var, value } = &s.kind {
                values.entry(*var).or_default().push(value);
            }
        });
        let mut next = kernel.vars.len() as u32;
        let mut counters: Vec<&VarId> = values.keys().collect();
        counters.sort();
        for v in counters {
            let Some(ty @ ScalarTy::Int { signed, .. }) = ty_of(*v) else {
                continue;
            };
            let vals = &values[v];
            let updated = |plus_only| {
                vals.iter()
                    .any(|e| update_operand(*v, e, ty, plus_only).is_some())
            };
            // One base: a copy of another local of the same type.
            let mut bases: Vec<VarId> = vals
                .iter()
                .filter_map(|e| var_of(e))
                .filter(|b| *b != *v && ty_of(*b) == Some(ty))
                .collect();
            bases.sort();
            bases.dedup();
            if let ([b], true) = (bases.as_slice(), updated(false)) {
                let w = VarId(next);
                next += 1;
                rel.diffs.insert(*v, (*b, ty, w));
                rel.watchers.entry(*v).or_default().push(w);
                rel.watchers.entry(*b).or_default().push(w);
            }
            let from_tid = vals.iter().any(|e| is_tid_x(e, &rel.tid_x));
            let by_dim = vals.iter().any(|e| {
                update_operand(*v, e, ty, true).is_some_and(|u| is_block_dim_x(u, &rel.dim_x))
            });
            if signed && from_tid && by_dim {
                let w = VarId(next);
                next += 1;
                rel.strides.insert(*v, (ty, w));
                rel.watchers.entry(*v).or_default().push(w);
            }
        }
        rel
    }

    /// Whether `e` is a difference or quotient whose relation holds with
    /// one offset (its virtual variable is not in `nonuni`).
    fn uniform_form(&self, e: &Expr, nonuni: &VarSet) -> bool {
        match e {
            Expr::Binary(BinOp::Sub, a, b, ty) => {
                let (Some(v), Some(b)) = (var_of(a), var_of(b)) else {
                    return false;
                };
                self.diffs
                    .get(&v)
                    .is_some_and(|(base, t, w)| *base == b && t == ty && !nonuni.contains(w))
            }
            Expr::Binary(BinOp::Div, a, d, ScalarTy::Int { bits, .. }) if *bits >= 32 => var_of(a)
                .and_then(|v| self.strides.get(&v))
                .is_some_and(|(_, w)| !nonuni.contains(w) && is_block_dim_x(d, &self.dim_x)),
            _ => false,
        }
    }

    /// Adds to `set` the virtual variables of the locals in it.
    fn close(&self, set: &mut VarSet) {
        for (v, ws) in &self.watchers {
            if set.contains(v) {
                for w in ws {
                    set.insert(*w);
                }
            }
        }
    }

    /// For an assignment `var = value` (in a divergent context when
    /// `ctx_div`): each virtual variable it changes and whether its
    /// relation holds with one offset afterwards, from the state before.
    fn after_assign(
        &self,
        var: VarId,
        value: &Expr,
        ctx_div: bool,
        state: &VarSet,
        cx: Setting,
    ) -> Vec<(VarId, bool)> {
        let Some(ws) = self.watchers.get(&var) else {
            return Vec::new();
        };
        ws.iter()
            .map(|w| {
                let kept = !state.contains(w);
                let holds = !ctx_div
                    && match (self.diffs.get(&var), self.strides.get(&var)) {
                        (Some((b, ty, dw)), _) if dw == w => {
                            var_of(value) == Some(*b)
                                || update_operand(var, value, *ty, false)
                                    .is_some_and(|u| kept && expr_uniform(u, state, cx))
                        }
                        (_, Some((ty, sw))) if sw == w => {
                            is_tid_x(value, &self.tid_x)
                                || update_operand(var, value, *ty, true)
                                    .is_some_and(|u| kept && is_block_dim_x(u, &self.dim_x))
                        }
                        // `var` is the base of `w`'s difference.
                        _ => false,
                    };
                (*w, holds)
            })
            .collect()
    }
}

/// The kernel's warp broadcasts (see [`crate::ir::Kernel::warp_broadcasts`])
/// whose value is one for the warp when all of its non-exited lanes run
/// them: votes and reductions (no keys) always; shuffles from a source lane
/// (keys) only in a kernel without `return` ("if the target thread is
/// inactive, the retrieved value is undefined", CUDA Programming Guide,
/// Warp Shuffle Functions: a lane that returned is such a thread).
fn warp_broadcasts(kernel: &Kernel) -> HashMap<StmtId, Vec<Expr>> {
    broadcasts_kept(kernel, &kernel.warp_broadcasts)
}

/// The `broadcasts` (warp broadcasts, or sub-group broadcasts) whose value
/// is one for the warp (sub-group) when all of its non-exited threads run
/// them: those without keys always; those from a source lane (keys) only
/// in a kernel without `return` (the source may have exited: CUDA leaves
/// the value undefined, and OpenCL requires every work-item of the
/// sub-group to encounter a sub-group function).
fn broadcasts_kept(
    kernel: &Kernel,
    broadcasts: &[(StmtId, Vec<Expr>)],
) -> HashMap<StmtId, Vec<Expr>> {
    let mut returns = false;
    for_each_stmt(&kernel.body, &mut |s| {
        returns |= matches!(s.kind, StmtKind::Return);
    });
    broadcasts
        .iter()
        .filter(|(_, keys)| keys.is_empty() || !returns)
        .cloned()
        .collect()
}

/// Whether `e` depends on `threadIdx.x` only through which run of 32
/// consecutive values (starting at a multiple of 32) it lies in: `x / c`
/// and `x >> k` with `c` a positive multiple of 32 and `k >= 5`, and `x`
/// compared with a constant boundary between two such runs (`x < 64`,
/// `x >= 32`, `x > 31`). In a block whose x extent is a multiple of 32 a
/// warp is such a run of one row (see [`Uniformity::compute_within_warps`]),
/// so `e` is the same in all of its threads. The same holds of the linear
/// thread id (`cta.thread_rank()`, see [`is_linear_tid`]) in any block: a
/// warp is a run of 32 consecutive linear ids starting at a multiple of 32
/// (CUDA Programming Guide, "SIMT Architecture").
fn warp_aligned_x(
    e: &Expr,
    tid_x: &VarSet,
    linear: &VarSet,
    uniform: &dyn Fn(&Expr) -> bool,
) -> bool {
    use crate::ir::BinOp;
    let Expr::Binary(op, a, b, _) = e else {
        return false;
    };
    let is_x = |e: &Expr| is_tid_x(e, tid_x) || is_linear_tid(e, linear);
    // `(o + x) / c` and `(o + x) >> k` (a warp-per-row index `(blockIdx.x *
    // blockDim.x + threadIdx.x) / 32`): see [`is_aligned_shift_of_x`].
    if matches!(op, BinOp::Div | BinOp::Shr)
        && is_unsigned(e)
        && is_aligned_shift_of_x(a, &is_x, &|o| uniform(o))
    {
        return match (op, &**b) {
            (BinOp::Div, Expr::Int(k, _)) => *k > 0 && k % 32 == 0,
            (BinOp::Shr, Expr::Int(k, _)) => (5..64).contains(k),
            _ => false,
        };
    }
    // `k < x` is `x > k`, and so on.
    let (op, k) = match (is_x(a), &**a, &**b) {
        (true, _, Expr::Int(k, _)) => (*op, *k),
        (false, Expr::Int(k, _), r) if is_x(r) => match op {
            BinOp::Lt => (BinOp::Gt, *k),
            BinOp::Le => (BinOp::Ge, *k),
            BinOp::Gt => (BinOp::Lt, *k),
            BinOp::Ge => (BinOp::Le, *k),
            _ => return false,
        },
        _ => return false,
    };
    match op {
        BinOp::Div => k > 0 && k % 32 == 0,
        BinOp::Shr => (5..64).contains(&k),
        // x < k and x >= k split at k; x <= k and x > k at k + 1.
        BinOp::Lt | BinOp::Ge => k % 32 == 0,
        BinOp::Le | BinOp::Gt => (k + 1) % 32 == 0,
        _ => false,
    }
}

/// Whether `e` is computed in an unsigned integer type.
fn is_unsigned(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Binary(_, _, _, ScalarTy::Int { signed: false, .. })
    )
}

/// Whether `e` is `o + x` (either order), `x` as [`warp_aligned_x`] reads
/// it (`threadIdx.x` or the linear thread id), with the addition in an
/// unsigned type and `o` a product `u * blockDim.x` or `u * c` (`c` a
/// positive multiple of 32) in an unsigned type, `u` uniform in the warp.
///
/// Theorem (for [`Uniformity::compute_within_warps`], a block whose x
/// extent is a multiple of 32): `(o + x) / c` (`c` a positive multiple of
/// 32) and `(o + x) >> k` (`k >= 5`) are the same in every thread of a
/// warp. Proof: the warp's `x` are 32 consecutive values `32j .. 32j + 31`
/// (CUDA Programming Guide, "SIMT Architecture"; with `blockDim.x % 32 ==
/// 0` a warp is a run of one row). `o` is one value `m` for them (`u` is
/// uniform) and `m = 0 (mod 32)`: unsigned arithmetic is modulo `2^w`
/// ([basic.fundamental]) and `2^w` (w >= 8) is a multiple of 32, so the
/// product keeps its factor's divisibility by 32 (blockDim.x is one here).
/// Then `(m + 32j) mod 2^w` is a multiple of 32 that is at most `2^w - 32`,
/// so the 32 sums are the run `s .. s + 31` with `s = 0 (mod 32)`, without
/// wrap-around, all non-negative: a quotient by a multiple of 32 (or a
/// shift by 5 or more) is the same for all of them. Signed sums are not
/// accepted: a negative run `-32 .. -1` has two truncated quotients.
fn is_aligned_shift_of_x(
    e: &Expr,
    is_x: &dyn Fn(&Expr) -> bool,
    uniform: &dyn Fn(&Expr) -> bool,
) -> bool {
    let Expr::Binary(BinOp::Add, a, b, ScalarTy::Int { signed: false, .. }) = e else {
        return false;
    };
    let aligned = |o: &Expr| {
        let Expr::Binary(BinOp::Mul, p, q, ScalarTy::Int { signed: false, .. }) = o else {
            return false;
        };
        let multiple = |f: &Expr| match f {
            Expr::Builtin(Builtin::BlockDim(0)) => true,
            Expr::Int(k, _) => *k > 0 && k % 32 == 0,
            _ => false,
        };
        (multiple(p) && uniform(q)) || (multiple(q) && uniform(p))
    };
    (is_x(a) && aligned(b)) || (is_x(b) && aligned(a))
}

fn assigned_vars(block: &Block, out: &mut VarSet) {
    for_each_stmt(block, &mut |s| match &s.kind {
        StmtKind::Assign { var, .. }
        | StmtKind::Havoc { var }
        | StmtKind::Read { dest: var, .. } => {
            out.insert(*var);
        }
        StmtKind::Atomic {
            dest: Some(var), ..
        }
        | StmtKind::Collective {
            dest: Some(var), ..
        } => {
            out.insert(*var);
        }
        StmtKind::NamedBarrier {
            op,
            token: Some(var),
            ..
        } if op.arrives() => {
            out.insert(*var);
        }
        _ => {}
    });
}

impl Uniformity {
    /// Runs the analysis.
    pub fn compute(kernel: &Kernel) -> Uniformity {
        Uniformity {
            memo: LoopMemo::with_room(LOOP_MEMO_WORDS),
            ..Uniformity::default()
        }
        .run(kernel)
    }

    /// [`Uniformity::compute`] walking every loop each time it is met
    /// (the analysis the memo must not change).
    #[cfg(test)]
    pub(crate) fn compute_unmemoized(kernel: &Kernel) -> Uniformity {
        Uniformity::default().run(kernel)
    }

    /// The same analysis for the threads of one warp, in a block whose x
    /// extent is a multiple of the warp size (32): a warp is 32 consecutive
    /// linear thread ids `x + Dx * (y + Dy * z)` (CUDA Programming Guide,
    /// "SIMT Architecture"), and with `Dx % 32 == 0` such a run never
    /// crosses a row, so `threadIdx.y` and `.z` are the same in all of its
    /// threads. Everything else is as for the block: reads of a uniform
    /// address in lockstep, atomics and unknown values non-uniform. Only for
    /// warp barriers (`__syncwarp`), which need only a warp's threads.
    pub fn compute_within_warps(kernel: &Kernel) -> Uniformity {
        Uniformity {
            within_warps: true,
            memo: LoopMemo::with_room(LOOP_MEMO_WORDS),
            tid_x: tid_x_vars(kernel),
            linear_tid: vars_always(kernel, is_linear_tid),
            broadcasts: warp_broadcasts(kernel),
            ..Uniformity::default()
        }
        .run(kernel)
    }

    /// The block analysis, plus the warp broadcasts' values as uniform (see
    /// [`crate::ir::Kernel::warp_broadcasts`]): uniformity within each warp
    /// of a block of any shape whose thread count is a multiple of 32 (so
    /// every warp has its 32 lanes; a value the same in the block is the
    /// same in a warp). Only for warp barriers and register exchanges.
    pub fn compute_with_warp_broadcasts(kernel: &Kernel) -> Uniformity {
        Uniformity {
            memo: LoopMemo::with_room(LOOP_MEMO_WORDS),
            broadcasts: warp_broadcasts(kernel),
            ..Uniformity::default()
        }
        .run(kernel)
    }

    /// The same analysis for the work-items of one OpenCL sub-group:
    /// `get_sub_group_id()` names the sub-group a work-item belongs to
    /// ([`crate::ir::sub_group_id`]), so it is one value in all of the
    /// sub-group's work-items; everything else is as for the block (a subset
    /// of the block's threads agrees wherever they all do). Only for
    /// sub-group functions, which need only their sub-group. A
    /// `sub_group_broadcast(x, lane)` gives every work-item of the
    /// sub-group the value of `x` in the work-item `lane` names, with
    /// `lane` the same in all of them (OpenCL C 6.15.14, sub-group
    /// functions; the checker asks for that uniform argument like a
    /// collective's): its result is one value for the sub-group where all
    /// of it runs the call together (the warp broadcasts' rule, see
    /// [`broadcasts_kept`]).
    pub fn compute_within_sub_groups(kernel: &Kernel) -> Uniformity {
        Uniformity {
            within_sub_groups: true,
            broadcasts: broadcasts_kept(kernel, &kernel.sub_group_broadcasts),
            memo: LoopMemo::with_room(LOOP_MEMO_WORDS),
            ..Uniformity::default()
        }
        .run(kernel)
    }

    /// The same analysis across all threads of the grid, for grid barriers
    /// (`grid.sync()`), which every thread of the grid must reach at the same
    /// dynamic instance (CUDA Programming Guide, Cooperative Groups, "Grid
    /// Synchronization"). What differs from the block analysis, each on the
    /// side of non-uniformity:
    /// - `blockIdx` differs between blocks (launch sizes, `gridDim` and the
    ///   parameters are one value for the whole grid);
    /// - every read is non-uniform: shared memory is one copy per block, so
    ///   one address names different bytes in two blocks, and blocks run in
    ///   no lockstep, so the block rule (one value per dynamic instance,
    ///   else a race) has no premise across blocks;
    /// - collectives (block or warp scoped) give one result per block or
    ///   warp only;
    /// - no counter relations (their uniform forms are argued within a
    ///   block).
    pub fn compute_within_grid(kernel: &Kernel) -> Uniformity {
        Uniformity {
            within_grid: true,
            memo: LoopMemo::with_room(LOOP_MEMO_WORDS),
            ..Uniformity::default()
        }
        .run(kernel)
    }

    /// The analysis of the kernel's body, from `self`'s settings.
    fn run(mut self, kernel: &Kernel) -> Uniformity {
        for_each_stmt(&kernel.body, &mut |s| {
            self.partial_sync |= matches!(s.kind, StmtKind::NamedBarrier { .. });
        });
        if !self.within_grid {
            self.relations = Relations::new(kernel);
        }
        let mut state = VarSet::new();
        let mut flow = Flow::default();
        self.block(
            &kernel.body,
            BlockSlot::Body,
            None,
            &mut state,
            &mut flow,
            true,
        );
        self.memo = LoopMemo::default();
        self
    }

    /// Whether `e` has the same value in every thread wherever it is evaluated
    /// (flow-insensitive: uses every variable's worst case).
    pub fn is_uniform_expr(&self, e: &Expr) -> bool {
        expr_uniform(e, &self.ever_nonuniform, self.setting())
    }

    /// The setting of [`expr_uniform`]: the locals holding `threadIdx.x`
    /// within warps (None for the block), and the relations.
    fn setting(&self) -> Setting<'_> {
        Setting {
            rows: self.within_warps.then_some((&self.tid_x, &self.linear_tid)),
            relations: &self.relations,
            sub_groups: self.within_sub_groups,
            grid: self.within_grid,
        }
    }

    /// Whether a variable is uniform everywhere.
    pub fn is_uniform_var(&self, v: VarId) -> bool {
        !self.ever_nonuniform.contains(&v)
    }

    /// Whether the value assigned by statement `id` is the same in every thread
    /// that runs it in the same dynamic instance.
    pub fn def_is_uniform(&self, id: StmtId) -> bool {
        self.def_uniform.get(&id).copied().unwrap_or(false)
    }

    /// Whether `v` is uniform at the head of loop `l` (in every iteration).
    pub fn uniform_at_loop_head(&self, l: StmtId, v: VarId) -> bool {
        self.head_nonuniform
            .get(&l)
            .is_some_and(|s| !s.contains(&v))
    }

    /// Whether `v` is uniform right after loop `l`.
    pub fn uniform_after_loop(&self, l: StmtId, v: VarId) -> bool {
        self.exit_nonuniform
            .get(&l)
            .is_some_and(|s| !s.contains(&v))
    }

    /// Whether loop `l`'s trip count may differ between threads.
    pub fn is_nonuniform_loop(&self, l: StmtId) -> bool {
        self.nonuniform_loops.contains(&l)
    }

    /// Whether every thread of the block executes the statement together.
    pub fn is_uniform_stmt(&self, id: StmtId) -> bool {
        !self.divergent_stmts.contains_key(&id)
    }

    /// Whether all threads of a block reach the point together (a barrier there
    /// cannot diverge). Unknown points are not uniform.
    pub fn is_uniform_point(&self, p: ProgramPoint) -> bool {
        matches!(self.divergent_points.get(&p), Some(false))
    }

    /// For a divergent point whose only divergence is an earlier thread-dependent
    /// `return` (no thread-dependent branch, loop or escape encloses it): the
    /// condition that made the return thread-dependent. Every thread still
    /// running reaches such a point together; whether the threads that
    /// returned make it divergent depends on values (launch sizes, say) that
    /// only the checker's divergence query decides.
    pub fn after_return_cause(&self, p: ProgramPoint) -> Option<StmtId> {
        self.after_return_points.get(&p).copied()
    }

    /// The statement (thread-dependent condition, loop, return) that makes `id` divergent.
    pub fn divergence_cause(&self, id: StmtId) -> Option<StmtId> {
        self.divergent_stmts.get(&id).copied()
    }

    fn define(&mut self, id: StmtId, var: VarId, uniform: bool, state: &mut VarSet, record: bool) {
        if record {
            let e = self.def_uniform.entry(id).or_insert(uniform);
            *e = *e && uniform;
        }
        if uniform {
            state.remove(&var);
        } else {
            state.insert(var);
            self.ever_nonuniform.insert(var);
        }
        // Any definition of a counter or base breaks its relations, unless
        // the assignment re-establishes them (see `Relations::after_assign`).
        if let Some(ws) = self.relations.watchers.get(&var) {
            for w in ws {
                state.insert(*w);
                self.ever_nonuniform.insert(*w);
            }
        }
    }

    /// Walks a block; `div` is the statement causing divergence of the context
    /// (None: uniform context). `record` is false during loop fixpoint rounds.
    fn block(
        &mut self,
        block: &Block,
        slot: BlockSlot,
        div: Option<StmtId>,
        state: &mut VarSet,
        flow: &mut Flow,
        record: bool,
    ) -> Option<StmtId> {
        let mut div = div;
        for (index, stmt) in block.stmts.iter().enumerate() {
            // A thread-dependent break earlier makes the rest divergent, values
            // included (the threads that left skip what the others assign).
            if div.is_none() {
                div = flow.escaped;
            }
            // A thread-dependent return earlier makes the rest divergent as
            // program points only (see the module documentation).
            let point_div = div.or(flow.returned);
            if record {
                self.divergent_points
                    .insert(ProgramPoint { block: slot, index }, point_div.is_some());
                self.note_after_return(ProgramPoint { block: slot, index }, div, flow);
                if let Some(cause) = point_div {
                    self.divergent_stmts.insert(stmt.id, cause);
                }
            }
            let ctx_div = div.is_some();
            match &stmt.kind {
                StmtKind::Assign { var, value } => {
                    let u = !ctx_div && expr_uniform(value, state, self.setting());
                    let relations =
                        self.relations
                            .after_assign(*var, value, ctx_div, state, self.setting());
                    self.define(stmt.id, *var, u, state, record);
                    for (w, holds) in relations {
                        if holds {
                            state.remove(&w);
                        }
                    }
                }
                StmtKind::Havoc { var } => {
                    // A warp broadcast (within warps only) is one value for
                    // the warp when all its lanes run it together, from a
                    // source lane that is one lane for all of them: in a
                    // context no thread-dependent branch, loop or `break`
                    // makes divergent, every lane of the warp that has not
                    // exited runs it (`broadcasts` keeps no shuffle of a
                    // kernel that may return: its source lane may have
                    // exited, and its value is then undefined).
                    let u = !ctx_div
                        && self.broadcasts.get(&stmt.id).is_some_and(|keys| {
                            keys.iter().all(|k| expr_uniform(k, state, self.setting()))
                        });
                    self.define(stmt.id, *var, u, state, record)
                }
                StmtKind::Read { dest, access } => {
                    // The value read is one value for every thread that runs
                    // this read in the same dynamic instance, also under
                    // thread-dependent control: they read one address in one
                    // barrier interval, and a write that could make two of
                    // them see different values (another thread's, unordered
                    // with theirs) is a race the checker reports itself.
                    // Threads that skip the read keep their old value, so the
                    // variable is still non-uniform after a divergent read.
                    // Not a volatile read (`Access::volatile`): another
                    // agent (the host, another grid) may change its bytes
                    // between the reads of two threads with no statement of
                    // the kernel, hence no race, to report.
                    let value_uniform = !self.partial_sync
                        && !self.within_grid
                        && !access.volatile
                        && expr_uniform(&access.offset, state, self.setting());
                    if record {
                        let e = self.def_uniform.entry(stmt.id).or_insert(value_uniform);
                        *e = *e && value_uniform;
                    }
                    self.define(stmt.id, *dest, value_uniform && !ctx_div, state, false);
                }
                StmtKind::Atomic { dest, .. } => {
                    if let Some(d) = dest {
                        self.define(stmt.id, *d, false, state, record);
                    }
                }
                StmtKind::Collective { dest, .. } => {
                    // Reached together (and, as the divergence check demands,
                    // with equal arguments: a violation is reported there), a
                    // collective gives every thread the same result.
                    if let Some(d) = dest {
                        let u = !ctx_div && !self.within_grid;
                        self.define(stmt.id, *d, u, state, record);
                    }
                }
                StmtKind::Write { .. } | StmtKind::Barrier { .. } | StmtKind::DeviceFence => {}
                // A token counts the thread's own arrivals: taken as thread-dependent.
                StmtKind::NamedBarrier { op, token, .. } => {
                    if let (Some(t), true) = (token, op.arrives()) {
                        self.define(stmt.id, *t, false, state, record);
                    }
                }
                StmtKind::If { cond, then_, else_ } => {
                    let inner = if ctx_div {
                        div
                    } else if expr_uniform(cond, state, self.setting()) {
                        None
                    } else {
                        Some(stmt.id)
                    };
                    let saved_escape = flow.escaped;
                    let mut then_state = state.clone();
                    self.block(
                        then_,
                        BlockSlot::Then(stmt.id),
                        inner,
                        &mut then_state,
                        flow,
                        record,
                    );
                    let mut else_state = state.clone();
                    self.block(
                        else_,
                        BlockSlot::Else(stmt.id),
                        inner,
                        &mut else_state,
                        flow,
                        record,
                    );
                    *state = then_state.union(&else_state);
                    if inner.is_some() && !ctx_div {
                        // Threads took different branches: what either assigned differs.
                        let mut assigned = VarSet::new();
                        assigned_vars(then_, &mut assigned);
                        assigned_vars(else_, &mut assigned);
                        self.relations.close(&mut assigned);
                        self.ever_nonuniform.union_with(&assigned);
                        state.union_with(&assigned);
                    }
                    if flow.escaped.is_some() && saved_escape.is_none() && div.is_none() {
                        div = flow.escaped;
                    }
                }
                StmtKind::Loop {
                    cond,
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    self.loop_stmt(
                        stmt.id,
                        cond,
                        cond_prelude,
                        body,
                        step,
                        div,
                        state,
                        flow,
                        record,
                    );
                }
                StmtKind::Return => {
                    if ctx_div && flow.returned.is_none() {
                        flow.returned = div;
                    }
                }
                StmtKind::Break | StmtKind::Continue => {
                    if ctx_div && flow.escaped.is_none() {
                        flow.escaped = div;
                    }
                }

                // An assumption defines nothing and changes no control flow.
                StmtKind::Assume { .. } => {}
            }
        }
        if record {
            let end = ProgramPoint {
                block: slot,
                index: block.stmts.len(),
            };
            self.divergent_points
                .insert(end, div.or(flow.returned).is_some());
            self.note_after_return(end, div, flow);
        }
        div
    }

    /// Records `p` as divergent only after a thread-dependent return (see
    /// [`Uniformity::after_return_cause`]) when it is.
    fn note_after_return(&mut self, p: ProgramPoint, div: Option<StmtId>, flow: &Flow) {
        match (div, flow.returned) {
            (None, Some(cause)) => {
                self.after_return_points.insert(p, cause);
            }
            _ => {
                self.after_return_points.remove(&p);
            }
        }
    }

    /// Walks one iteration of loop `id` (condition prelude, body, step);
    /// returns whether the loop condition is non-uniform at its test.
    #[allow(clippy::too_many_arguments)]
    fn iteration(
        &mut self,
        id: StmtId,
        cond: &Expr,
        [prelude, body, step]: [&Block; 3],
        inner: Option<StmtId>,
        st: &mut VarSet,
        flow: &mut Flow,
        record: bool,
    ) -> bool {
        self.block(prelude, BlockSlot::LoopCond(id), inner, st, flow, record);
        let cond_nonuniform = !expr_uniform(cond, st, self.setting());
        self.block(body, BlockSlot::LoopBody(id), inner, st, flow, record);
        // `continue` goes to the step: escapes of the body end there.
        flow.escaped = None;
        self.block(step, BlockSlot::LoopStep(id), inner, st, flow, record);
        cond_nonuniform
    }

    #[allow(clippy::too_many_arguments)]
    fn loop_stmt(
        &mut self,
        id: StmtId,
        cond: &Expr,
        prelude: &Block,
        body: &Block,
        step: &Block,
        div: Option<StmtId>,
        state: &mut VarSet,
        flow: &mut Flow,
        record: bool,
    ) {
        let key = LoopMemo::key(id, div, state);
        if !record {
            if let Some((exit, returned)) = self.memo.exits.get(&key) {
                *state = exit.clone();
                if flow.returned.is_none() {
                    flow.returned = *returned;
                }
                return;
            }
        }
        let mut assigned = VarSet::new();
        assigned_vars(prelude, &mut assigned);
        assigned_vars(body, &mut assigned);
        assigned_vars(step, &mut assigned);
        self.relations.close(&mut assigned);
        let (head, nonuniform_loop) = match self.memo.heads.get(&key) {
            Some(known) => known.clone(),
            None => {
                let fixpoint =
                    self.loop_head(id, cond, [prelude, body, step], div, state, &assigned);
                if self.memo.keep(key.2.len() + fixpoint.0.words.len()) {
                    self.memo.heads.insert(key.clone(), fixpoint.clone());
                }
                fixpoint
            }
        };
        let inner = div.or(if nonuniform_loop { Some(id) } else { None });
        if record {
            self.head_nonuniform.insert(id, head.clone());
        }
        let mut st = head.clone();
        // A recorded walk records the context's earlier return at each
        // point; an unrecorded one starts without it, so that its own
        // first return is what it finds (see `LoopMemo::exits`).
        let mut inner_flow = Flow {
            returned: if record { flow.returned } else { None },
            escaped: None,
        };
        self.iteration(
            id,
            cond,
            [prelude, body, step],
            inner,
            &mut st,
            &mut inner_flow,
            record,
        );
        if flow.returned.is_none() {
            flow.returned = inner_flow.returned;
        }
        // Threads re-converge after the loop; the loop's values are those of some head.
        let mut exit = head.union(&st);
        if nonuniform_loop {
            exit.union_with(&assigned);
        }
        if record {
            self.exit_nonuniform.insert(id, exit.clone());
        } else if self.memo.keep(key.2.len() + exit.words.len()) {
            self.memo
                .exits
                .insert(key, (exit.clone(), inner_flow.returned));
        }
        *state = exit;
    }

    /// The fixpoint of loop `id`'s head from `state` (the locals `assigned`
    /// in its prelude, body and step given): the non-uniform locals at the
    /// head in any iteration, and whether the loop's trip count or exit
    /// depends on the thread.
    fn loop_head(
        &mut self,
        id: StmtId,
        cond: &Expr,
        [prelude, body, step]: [&Block; 3],
        div: Option<StmtId>,
        state: &VarSet,
        assigned: &VarSet,
    ) -> (VarSet, bool) {
        // Non-uniformity only grows, so this ends after at most
        // |assigned| + 2 rounds.
        let mut head = state.clone();
        let mut nonuniform_loop = false;
        loop {
            let inner = div.or(if nonuniform_loop { Some(id) } else { None });
            let mut st = head.clone();
            // Starts without the returns before the loop, so that a
            // thread-dependent return in the body is seen (below).
            let mut probe = Flow {
                returned: None,
                escaped: None,
            };
            let cond_nonuniform = self.iteration(
                id,
                cond,
                [prelude, body, step],
                inner,
                &mut st,
                &mut probe,
                false,
            );
            let escapes = {
                let mut p = Flow {
                    returned: None,
                    escaped: None,
                };
                let mut s2 = head.clone();
                self.block(body, BlockSlot::LoopBody(id), div, &mut s2, &mut p, false);
                let body_escapes = p.escaped.is_some();
                // The step of a `do`-`while` with a `continue` holds its exit
                // test (`if (!c) break;`): a thread-dependent `break` there
                // also ends the loop for some threads only. (`continue`s of
                // the body end at the step.)
                p.escaped = None;
                self.block(step, BlockSlot::LoopStep(id), div, &mut s2, &mut p, false);
                body_escapes || p.escaped.is_some()
            };
            // A thread-dependent `return` in the body also ends the loop
            // for some threads only: later iterations are divergent.
            let returns = probe.returned.is_some();
            let now_nonuniform = div.is_none() && (cond_nonuniform || escapes || returns);
            let mut new_head = head.union(&st);
            if now_nonuniform {
                new_head.union_with(assigned);
            }
            if new_head == head && now_nonuniform == nonuniform_loop {
                break;
            }
            head = new_head;
            nonuniform_loop = nonuniform_loop || now_nonuniform;
        }
        if nonuniform_loop {
            self.nonuniform_loops.insert(id);
            self.ever_nonuniform.union_with(assigned);
        }
        self.ever_nonuniform.union_with(&head);
        (head, nonuniform_loop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every result of the analysis, in a form two runs can be compared in.
    fn results(u: &Uniformity) -> String {
        fn sorted<K: std::fmt::Debug + Ord, V: std::fmt::Debug>(m: &HashMap<K, V>) -> Vec<String> {
            let mut entries: Vec<(&K, &V)> = m.iter().collect();
            entries.sort_by(|x, y| x.0.cmp(y.0));
            entries
                .iter()
                .map(|(k, v)| format!("{k:?}={v:?}"))
                .collect()
        }
        let words = |s: &VarSet| {
            let used = s.words.iter().rposition(|w| *w != 0).map_or(0, |l| l + 1);
            s.words[..used].to_vec()
        };
        let sets = |m: &HashMap<StmtId, VarSet>| {
            let mut v: Vec<(StmtId, Vec<u64>)> = m.iter().map(|(k, s)| (*k, words(s))).collect();
            v.sort();
            v
        };
        let mut points: Vec<(String, bool)> = u
            .divergent_points
            .iter()
            .map(|(p, d)| (format!("{p:?}"), *d))
            .collect();
        points.sort();
        let mut after: Vec<(String, StmtId)> = u
            .after_return_points
            .iter()
            .map(|(p, c)| (format!("{p:?}"), *c))
            .collect();
        after.sort();
        format!(
            "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
            words(&u.ever_nonuniform),
            sorted(&u.def_uniform),
            sets(&u.head_nonuniform),
            sets(&u.exit_nonuniform),
            sorted(&u.divergent_stmts),
            points,
            after,
            u.nonuniform_loops,
        )
    }

    /// Kernels with nested loops whose bodies return, break and continue
    /// under thread-dependent and uniform conditions, so that the memo is
    /// asked from many states.
    const NESTS: &str = r#"
__global__ void nest(int *a, int n, int m) {
    int t = threadIdx.x;
    int acc = 0;
    for (int i = 0; i < n; i++) {
        int u = i * 2;
        for (int j = 0; j < m; j++) {
            for (int k = 0; k < n; k++) {
                if (t == k) { acc += a[k]; break; }
                for (int l = u; l < m; l++) {
                    if (a[l] > t) return;
                    u = u + a[i];
                    if (l == j) continue;
                    acc = acc + l;
                }
            }
            if (acc > 3) u = t;
            __syncthreads();
        }
        for (int j = 0; j < u; j++) { a[j] = acc; }
    }
    a[t] = acc;
}
__global__ void uniform_nest(int *a, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) {
                a[i * n + j] += k;
                __syncthreads();
            }
}
"#;

    /// Across the grid, only what is one value in every block is uniform:
    /// a loop bounded by a parameter or `gridDim` is, one bounded by
    /// `blockIdx`, a read (even of a uniform address) or a block-wide count
    /// is not; within a block all four are.
    #[test]
    fn grid_uniformity_of_loops() {
        let text = r#"
__global__ void k(int *a, int n) {
    __shared__ int s;
    if (threadIdx.x == 0) s = blockIdx.x;
    __syncthreads();
    int c = __syncthreads_count(threadIdx.x < 3);
    int r = a[0];
    for (int i = 0; i < n; i++) a[i] = 0;
    for (int i = 0; i < gridDim.x; i++) a[i] = 0;
    for (int i = 0; i < blockIdx.x; i++) a[i] = 0;
    for (int i = 0; i < s; i++) a[i] = 0;
    for (int i = 0; i < c; i++) a[i] = 0;
    for (int i = 0; i < r; i++) a[i] = 0;
}
"#;
        let program = crate::frontend::lower_source(
            std::path::Path::new("grid.cu"),
            text,
            &crate::frontend::FsIncludes,
        );
        let kernel = &program.kernels[0];
        let mut loops = Vec::new();
        crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
            if matches!(s.kind, StmtKind::Loop { .. }) {
                loops.push(s.id);
            }
        });
        assert_eq!(loops.len(), 6);
        let block = Uniformity::compute(kernel);
        let grid = Uniformity::compute_within_grid(kernel);
        let uniform = |u: &Uniformity| -> Vec<bool> {
            loops.iter().map(|l| !u.is_nonuniform_loop(*l)).collect()
        };
        assert_eq!(uniform(&block), vec![true; 6]);
        assert_eq!(uniform(&grid), vec![true, true, false, false, false, false]);
    }

    /// The memo of loop walks changes no result: every fixture kernel (and
    /// the nests above), analysed with and without it, block- and
    /// warp-wide.
    #[test]
    fn loop_memo_changes_no_result() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
        let mut sources = vec![(std::path::PathBuf::from("nests.cu"), NESTS.to_string())];
        // `SYNCWRIGHT_PATTERN_CORPUS`: more folders to compare on (a corpus).
        let mut folders = vec![root];
        if let Some(extra) = std::env::var_os("SYNCWRIGHT_PATTERN_CORPUS") {
            folders.extend(std::env::split_paths(&extra));
        }
        while let Some(dir) = folders.pop() {
            for path in std::fs::read_dir(&dir).expect("kernel folder").flatten() {
                let path = path.path();
                if path.is_dir() {
                    folders.push(path);
                } else if matches!(path.extension().and_then(|e| e.to_str()), Some("cu" | "cl")) {
                    if let Ok(text) = std::fs::read_to_string(&path) {
                        sources.push((path, text));
                    }
                }
            }
        }
        let mut loops = 0;
        let mut kernels = 0;
        for (path, text) in &sources {
            let program = crate::frontend::lower_source(path, text, &crate::frontend::FsIncludes);
            for kernel in &program.kernels {
                kernels += 1;
                crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
                    loops += usize::from(matches!(s.kind, StmtKind::Loop { .. }));
                });
                let memoized = Uniformity::compute(kernel);
                let plain = Uniformity::compute_unmemoized(kernel);
                assert_eq!(
                    results(&memoized),
                    results(&plain),
                    "{} `{}`",
                    path.display(),
                    kernel.name
                );
                let warps_plain = Uniformity {
                    within_warps: true,
                    tid_x: tid_x_vars(kernel),
                    linear_tid: vars_always(kernel, is_linear_tid),
                    broadcasts: warp_broadcasts(kernel),
                    ..Uniformity::default()
                }
                .run(kernel);
                assert_eq!(
                    results(&Uniformity::compute_within_warps(kernel)),
                    results(&warps_plain),
                    "{} `{}` within warps",
                    path.display(),
                    kernel.name
                );
            }
        }
        assert!(
            kernels > 500 && loops > 300,
            "{kernels} kernels, {loops} loops"
        );
    }
}
