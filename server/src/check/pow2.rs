//! Same-block pairs decided without the solver by evaluating both offsets
//! at every thread index and every value of the power-of-two loop counters
//! they read (radix-4 butterflies: `lo = t & (s - 1)`, `i0 = ((t - lo) <<
//! 2) + lo`, `i1 = i0 + s`, ... with `s` running over `n >> 2, n >> 4`,
//! ...), and of the small masks of memory values (byte counters of a
//! histogram: `col(t) + 128 * ((v >> 2) & 63)`).
//!
//! Theorem. Let accesses `a` and `b` lie in the body of loops `L1..Lk`
//! (k <= 2) in whose same iteration both threads of a same-block scenario
//! are, with a one-dimensional block of at most `X` threads along x. Let
//! each offset, after replacing locals by their single definitions (see
//! below), read only constants, `threadIdx.x` (y and z are 0), known block
//! sizes, masks `x & c` (constant 0 <= c <= 255, any `x`: the value is in
//! [0, c] in two's complement, and each thread's offsets are evaluated at
//! every such value, independently of the other thread's, a superset of
//! what it can reach) and *power-of-two counters*: locals `v` of some `Li` that are
//! uniform at `Li`'s head, assigned nowhere in `Li`'s condition or body
//! (only in its step or outside `Li`), and every assignment of which keeps
//! `v` in the set `D` below. Then at both accesses `v` has the value it had
//! at the head of the current iteration of `Li`, the same in both threads.
//! If for every value combination `u` of the counters in their sets (those
//! passing `Li`'s test when it reads only `v` and constants: the body runs
//! only after a true test, and nothing in it changes `v`) and every two
//! distinct thread indices `t1, t2 < X` the byte ranges
//! `[o_a(t1, u), o_a(t1, u) + s_a)` and `[o_b(t2, u), o_b(t2, u) + s_b)`
//! are disjoint, the pair cannot race in the scenario. (An offset reading
//! no counter needs no shared loop: every local it reads is then defined at
//! the kernel's top level, once per thread.) Evaluation is
//! `ir::eval`'s C semantics, which wraps signed arithmetic: executions with
//! a signed overflow (not considered by the checker) only add points, and
//! an undefined operation (a shift out of range, a division by zero) makes
//! the theorem give up rather than skip the point.
//!
//! The set `D` of a w-bit type: 0, the powers of two 2^j, and for a signed
//! type their negations -2^j (as values of the type). Every rule below maps
//! values in `D` to values in `D`, so by induction over an execution every
//! value `v` takes (from its first assignment on) is in `D`:
//! - a constant in `D`, and a parameter whose value the kernel's entry
//!   assumptions fix to a constant in `D` (`n == 1024` from the host
//!   launch's arguments or a `__requires`, see
//!   `ir::walk::entry_param_values`: every execution the checker considers
//!   has that value there, and a parameter is never assigned);
//! - conversion to a signed type (±2^j modulo 2^W into [-2^(W-1), 2^(W-1))
//!   is 0, ±2^j, or -2^(W-1)), to an unsigned type from an unsigned one
//!   (non-negative: 2^j modulo 2^W is 0 or 2^j), to Bool (0 or 1);
//! - `x << k`, `x >> k` for any amount `k` (±2^(j+k) reduced as above;
//!   ±2^j >> k is ±2^(j-k), 0 or -1; the encoder's bit-vector shifts give 0
//!   or -1 for an amount outside [0, w)), `x * y`, `x / y` (±2^(j±k) or 0;
//!   INT_MIN / -1 wraps to INT_MIN, and division by 0 is undefined), and
//!   `c ? x : y`, with operands in `D` converted to the result type by the
//!   conversion rule;
//! - `v` itself (the induction hypothesis) and other locals every
//!   assignment of which is in `D` (no havoc, read or atomic result).
//!
//! A local `l` other than a counter is replaced by the value of its only
//! assignment `d` (one definition in the kernel) when `d` stands at the top
//! level of the kernel body or of the body of one of the shared loops, and
//! before the statement holding the read there (so every path to the read
//! runs `d` first, in the same iteration; one definition means nothing
//! changes `l` afterwards); the value is expanded in turn at `d`'s place.

use crate::base::{HashMap, Memo};
use std::sync::Arc;

use crate::analysis::Uniformity;
use crate::ir::eval::{eval_expr, Value};
use crate::ir::walk::{
    assigned_var, definition_counts, for_each_expr, for_each_stmt, BlockSlot, LabelTree,
};
use crate::ir::{BinOp, Builtin, Expr, Kernel, ParamId, ScalarTy, StmtId, StmtKind, VarId};

/// Most counters read by one pair's offsets.
const MAX_COUNTERS: usize = 2;

/// Most offset evaluations for one access (thread indices times counter
/// values).
const MAX_EVALUATIONS: usize = 1 << 16;

/// Largest mask whose result stands for a value of the thread.
const MAX_MASK: i128 = 255;

/// First parameter id standing for a masked value (kernels have fewer).
const FREE_BASE: u32 = u32::MAX - 64;

/// Deepest expansion of locals and expressions.
const MAX_DEPTH: u32 = 24;

/// An access's offset over thread indices and counters.
struct Expanded {
    /// The offset with locals replaced (see [`Pow2Offsets::expand`]).
    offset: Expr,
    /// The counters it reads and their loops, sorted.
    counters: Vec<(VarId, StmtId)>,
    /// The upper bound of each value of the thread standing for a masked
    /// operand (`Param(FREE_BASE + i)` in the offset; lower bound 0).
    free: Vec<i128>,
}

/// What an expanded offset reads besides thread indices and constants.
#[derive(Clone, Default)]
struct Leaves {
    /// Counters and their loops.
    counters: Vec<(VarId, StmtId)>,
    /// Bounds of the thread's masked values.
    free: Vec<i128>,
}

/// For each combination of counter values, each thread's offset, sorted.
type Images = Vec<Vec<(i128, usize)>>;

/// Cache key: an access and the loops a scenario shares.
type Key = (StmtId, Vec<StmtId>);

/// The enumeration theorem over one kernel (see the module documentation).
pub(crate) struct Pow2Offsets<'k> {
    kernel: &'k Kernel,
    tree: LabelTree,
    uniformity: Uniformity,
    /// Every statement of the kernel, by id.
    stmts: HashMap<StmtId, &'k crate::ir::Stmt>,
    /// Number of assignments (of any kind) of each local.
    definitions: HashMap<VarId, u32>,
    /// The value of each local's only assignment, with the statement.
    single_def: HashMap<VarId, (StmtId, &'k Expr)>,
    /// Every assignment's value of each local (None: a havoc, a read or
    /// another non-expression definition).
    assigned: HashMap<VarId, Vec<Option<&'k Expr>>>,
    /// Block extents, when known.
    block_dims: [Option<u32>; 3],
    /// The value the entry assumptions fix for each parameter, if any.
    entry_values: Vec<Option<i128>>,
    /// Whether the theorem may run at all (one-dimensional blocks, the
    /// ordinary abstraction).
    enabled: bool,
    /// Expanded offsets, computed once per access and shared loops.
    expansions: Memo<Key, Option<Arc<Expanded>>>,
    /// Images, computed once per access and shared loops.
    images: Memo<Key, Option<Arc<Images>>>,
}

impl<'k> Pow2Offsets<'k> {
    /// Whether the theorem may run at all: one-dimensional blocks, the
    /// ordinary abstraction.
    pub(crate) fn applies(block_dims: [Option<u32>; 3], adversarial: bool) -> bool {
        block_dims[1] == Some(1) && block_dims[2] == Some(1) && !adversarial
    }

    /// The analysis of `kernel` under a launch with the known block extents
    /// `block_dims` (`symexec::known_block_dims`), `adversarial` under
    /// `--adversarial-abstraction`.
    pub(crate) fn new(
        kernel: &'k Kernel,
        block_dims: [Option<u32>; 3],
        adversarial: bool,
        uniformity: Uniformity,
    ) -> Self {
        let mut stmts = HashMap::default();
        let mut single_def = HashMap::default();
        let mut assigned: HashMap<VarId, Vec<Option<&'k Expr>>> = HashMap::default();
        let definitions = definition_counts(kernel);
        for_each_stmt(&kernel.body, &mut |s| {
            stmts.insert(s.id, s);
            let Some(var) = assigned_var(s) else {
                return;
            };
            let value = match &s.kind {
                StmtKind::Assign { value, .. } => Some(value),
                _ => None,
            };
            assigned.entry(var).or_default().push(value);
            if let (Some(value), Some(1)) = (value, definitions.get(&var)) {
                single_def.insert(var, (s.id, value));
            }
        });
        Pow2Offsets {
            kernel,
            tree: LabelTree::new(kernel),
            uniformity,
            stmts,
            definitions,
            single_def,
            assigned,
            block_dims,
            entry_values: crate::ir::walk::entry_param_values(kernel),
            enabled: Self::applies(block_dims, adversarial),
            expansions: Memo::default(),
            images: Memo::default(),
        }
    }

    /// Whether two distinct threads of one block, in the same iteration of
    /// `shared_loops`, can never touch a common byte at `a` and `b` (see
    /// the module documentation).
    pub(crate) fn disjoint_in_block(&self, a: StmtId, b: StmtId, shared_loops: &[StmtId]) -> bool {
        if !self.enabled {
            return false;
        }
        let (Some(x), Some(y)) = (self.access(a), self.access(b)) else {
            return false;
        };
        if x.array != y.array {
            return false;
        }
        let (Some(ex), Some(ey)) = (
            self.expanded(a, shared_loops),
            self.expanded(b, shared_loops),
        ) else {
            return false;
        };
        // Both read the same counters (else the injective-offset theorems
        // are the ones that apply); their values are enumerated jointly.
        let nothing_new = |e: &Expanded| e.counters.is_empty() && e.free.is_empty();
        if (nothing_new(&ex) && nothing_new(&ey)) || ex.counters != ey.counters {
            return false;
        }
        let (Some(ix), Some(iy)) = (
            self.images(a, shared_loops, &ex),
            self.images(b, shared_loops, &ey),
        ) else {
            return false;
        };
        let (sx, sy) = (i128::from(x.size.max(1)), i128::from(y.size.max(1)));
        ix.iter().zip(iy.iter()).all(|(ix, iy)| {
            iy.iter().all(|&(start, t)| {
                // Ranges of `a` that overlap [start, start + sy): those
                // starting in (start - sx, start + sy), `ix` being sorted.
                let from = ix.partition_point(|&(o, _)| o <= start - sx);
                ix[from..]
                    .iter()
                    .take_while(|&&(o, _)| o < start + sy)
                    .all(|&(_, other)| other == t)
            })
        })
    }

    /// The offset of access `at` expanded for a scenario sharing `shared`
    /// (see [`Self::expand`]), with the counters it reads, sorted.
    fn expanded(&self, at: StmtId, shared: &[StmtId]) -> Option<Arc<Expanded>> {
        self.expansions.get_or_compute((at, shared.to_vec()), || {
            let mut leaves = Leaves::default();
            self.access(at).and_then(|access| {
                let offset = self.expand(&access.offset, at, shared, &mut leaves, 0)?;
                let Leaves { mut counters, free } = leaves;
                counters.sort_unstable();
                (counters.len() <= MAX_COUNTERS).then(|| {
                    Arc::new(Expanded {
                        offset,
                        counters,
                        free,
                    })
                })
            })
        })
    }

    /// For every combination of the counters' values (in a fixed order),
    /// the start of access `at`'s byte range in each thread, with the
    /// thread index, sorted. None when an evaluation is undefined or there
    /// are too many.
    fn images(&self, at: StmtId, shared: &[StmtId], e: &Expanded) -> Option<Arc<Images>> {
        self.images
            .get_or_compute((at, shared.to_vec()), || self.evaluate(e).map(Arc::new))
    }

    fn evaluate(&self, e: &Expanded) -> Option<Images> {
        let mut valuations: Vec<Vec<(VarId, Value)>> = vec![Vec::new()];
        for &(var, at) in &e.counters {
            let values = self.counter_values(var, at)?;
            valuations = valuations
                .into_iter()
                .flat_map(|u| {
                    values.iter().map(move |v| {
                        let mut u = u.clone();
                        u.push((var, *v));
                        u
                    })
                })
                .collect();
        }
        let threads = self.block_dims[0].map_or(1024, |n| n.clamp(1, 1024)) as usize;
        // Every combination of the masked values of one thread.
        let mut frees: Vec<Vec<i128>> = vec![Vec::new()];
        for &c in &e.free {
            frees = frees
                .into_iter()
                .flat_map(|f| {
                    (0..=c).map(move |v| {
                        let mut f = f.clone();
                        f.push(v);
                        f
                    })
                })
                .collect();
            if frees.len() > MAX_EVALUATIONS {
                return None;
            }
        }
        let count = valuations
            .len()
            .saturating_mul(threads)
            .saturating_mul(frees.len());
        if count > MAX_EVALUATIONS {
            return None;
        }
        valuations
            .iter()
            .map(|u| {
                let mut image = Vec::with_capacity(threads * frees.len());
                for t in 0..threads {
                    for f in &frees {
                        let leaf = |x: &Expr| match x {
                            Expr::Builtin(Builtin::ThreadIdx(0)) => {
                                Value::new(t as i128, ScalarTy::UINT)
                            }
                            Expr::Var(v) => u.iter().find(|(w, _)| w == v).map(|(_, x)| *x),
                            Expr::Param(ParamId(p)) if *p >= FREE_BASE => {
                                let value = *f.get((p - FREE_BASE) as usize)?;
                                Value::new(value, ScalarTy::LONG)
                            }
                            _ => None,
                        };
                        image.push((eval_expr(&e.offset, &leaf)?.bits, t));
                    }
                }
                image.sort_unstable();
                image.dedup();
                Some(image)
            })
            .collect()
    }

    fn access(&self, id: StmtId) -> Option<&'k crate::ir::Access> {
        match &self.stmts.get(&id)?.kind {
            StmtKind::Read { access, .. }
            | StmtKind::Write { access, .. }
            | StmtKind::Atomic { access, .. } => Some(access),
            _ => None,
        }
    }

    /// `e`, read by statement `at`, with locals replaced by their single
    /// definitions and thread and block builtins by their values; counters
    /// stay and are collected with their loop. None when anything else is
    /// read.
    fn expand(
        &self,
        e: &Expr,
        at: StmtId,
        shared: &[StmtId],
        leaves: &mut Leaves,
        depth: u32,
    ) -> Option<Expr> {
        if depth > MAX_DEPTH {
            return None;
        }
        // `x & c` with a constant 0 <= c <= MAX_MASK lies in [0, c] whatever
        // `x` is (two's complement keeps only bits of c): when `x` reads
        // something else, a fresh value in [0, c] of this thread stands for
        // it (each thread's offsets are then evaluated at every such value,
        // independently of the other thread's: a superset of the offsets it
        // can reach).
        if let Expr::Binary(BinOp::BitAnd, x, y, ty @ ScalarTy::Int { .. }) = e {
            // The mask as the operation sees it: the constant in its own
            // type, converted to the operation's (`(signed char)255` is -1).
            let mask = match (x.as_ref(), y.as_ref()) {
                (_, Expr::Int(c, t)) | (Expr::Int(c, t), _) => {
                    crate::ir::eval::wrap(*c, *t).and_then(|c| crate::ir::eval::wrap(c, *ty))
                }
                _ => None,
            };
            if let Some(c) = mask.filter(|c| (0..=MAX_MASK).contains(c)) {
                let mut trial = leaves.clone();
                if let Some(exact) = self.expand_operands(e, at, shared, &mut trial, depth) {
                    *leaves = trial;
                    return Some(exact);
                }
                let id = FREE_BASE + u32::try_from(leaves.free.len()).ok()?;
                leaves.free.push(c);
                return Some(Expr::Cast(*ty, Box::new(Expr::Param(ParamId(id)))));
            }
        }
        self.expand_operands(e, at, shared, leaves, depth)
    }

    /// [`Self::expand`] of `e`'s operands (`e` itself is not a mask).
    fn expand_operands(
        &self,
        e: &Expr,
        at: StmtId,
        shared: &[StmtId],
        leaves: &mut Leaves,
        depth: u32,
    ) -> Option<Expr> {
        let mut go = |x: &Expr| self.expand(x, at, shared, leaves, depth + 1).map(Box::new);
        Some(match e {
            Expr::Int(..) => e.clone(),
            // A parameter the entry assumptions fix is that constant in
            // every execution considered (see `ir::walk::entry_param_values`).
            Expr::Param(p) => {
                let ty = self.kernel.params.get(p.0 as usize)?.ty;
                Expr::Int(self.entry_values.get(p.0 as usize).copied()??, ty)
            }
            Expr::Builtin(Builtin::ThreadIdx(0)) => e.clone(),
            Expr::Builtin(Builtin::ThreadIdx(_)) => Expr::Int(0, ScalarTy::UINT),
            Expr::Builtin(Builtin::BlockDim(d)) => Expr::Int(
                i128::from(self.block_dims.get(usize::from(*d)).copied()??),
                ScalarTy::UINT,
            ),
            Expr::Var(v) => {
                if let Some(l) = self.counter_loop(*v, at, shared) {
                    if !leaves.counters.iter().any(|(w, _)| w == v) {
                        leaves.counters.push((*v, l));
                    }
                    return Some(e.clone());
                }
                let &(def, value) = self.single_def.get(v)?;
                if !self.precedes(def, at, shared) {
                    return None;
                }
                let ty = self.kernel.vars.get(v.0 as usize)?.ty;
                let inner = self.expand(value, def, shared, leaves, depth + 1)?;
                // The value stored in the local's type.
                Expr::Cast(ty, Box::new(inner))
            }
            Expr::Unary(op, x, ty) => Expr::Unary(*op, go(x)?, *ty),
            Expr::Binary(op, x, y, ty) => {
                let l = go(x)?;
                Expr::Binary(*op, l, go(y)?, *ty)
            }
            Expr::Cast(ty, x) => Expr::Cast(*ty, go(x)?),
            Expr::Select(c, x, y, ty) => {
                let c = go(c)?;
                let x = go(x)?;
                Expr::Select(c, x, go(y)?, *ty)
            }
            _ => return None,
        })
    }

    /// Whether `def` (a statement at the top level of the kernel body or of
    /// a shared loop's body) runs before statement `at` on every path to it,
    /// in the same iteration of that loop.
    fn precedes(&self, def: StmtId, at: StmtId, shared: &[StmtId]) -> bool {
        let Some(place) = self.tree.place(def) else {
            return false;
        };
        match place.block {
            BlockSlot::Body => {}
            BlockSlot::LoopBody(l) if shared.contains(&l) => {}
            _ => return false,
        }
        // The statement of `def`'s block that holds `at` (itself or an
        // enclosing compound statement), after `def`.
        let Some(at_place) = self.tree.place(at) else {
            return false;
        };
        std::iter::once(at)
            .chain(at_place.ancestors.iter().rev().copied())
            .filter_map(|s| self.tree.place(s))
            .find(|p| p.block == place.block)
            .is_some_and(|p| p.index > place.index)
    }

    /// The shared loop of which `v` is a power-of-two counter around `at`.
    fn counter_loop(&self, v: VarId, at: StmtId, shared: &[StmtId]) -> Option<StmtId> {
        let around = self.tree.loops(at);
        shared.iter().copied().find(|&l| {
            around.contains(&l)
                && self.uniformity.uniform_at_loop_head(l, v)
                && self.unassigned_in_body(l, v)
                && self.all_assignments_in_d(v, &mut Vec::new(), 0)
        })
    }

    /// `v` is assigned neither in loop `l`'s condition statements nor in its
    /// body (only in its step, or outside it).
    fn unassigned_in_body(&self, l: StmtId, v: VarId) -> bool {
        let Some(StmtKind::Loop {
            cond_prelude, body, ..
        }) = self.stmts.get(&l).map(|s| &s.kind)
        else {
            return false;
        };
        let mut assigned = false;
        for block in [cond_prelude, body] {
            for_each_stmt(block, &mut |s| assigned |= assigned_var(s) == Some(v));
        }
        !assigned
    }

    /// Every assignment of `v` is an expression whose value lies in `D`
    /// (the locals in `assumed` count as in `D`: the induction hypothesis).
    fn all_assignments_in_d(&self, v: VarId, assumed: &mut Vec<VarId>, depth: u32) -> bool {
        if depth > MAX_DEPTH || !self.definitions.contains_key(&v) {
            return false;
        }
        let Some(ty) = self.kernel.vars.get(v.0 as usize).map(|d| d.ty) else {
            return false;
        };
        assumed.push(v);
        let ok = self.assigned.get(&v).is_some_and(|values| {
            values.iter().all(|value| {
                value.is_some_and(|e| {
                    self.in_d(e, assumed, depth + 1)
                        && conversion_keeps_d(super::symexec::type_of(self.kernel, e), ty)
                })
            })
        });
        assumed.pop();
        ok
    }

    /// Whether every value of `e` (of its own type) lies in `D`.
    fn in_d(&self, e: &Expr, assumed: &mut Vec<VarId>, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let ty_of = |x: &Expr| super::symexec::type_of(self.kernel, x);
        let operand = |x: &Expr, to: ScalarTy, assumed: &mut Vec<VarId>| {
            self.in_d(x, assumed, depth + 1) && conversion_keeps_d(ty_of(x), to)
        };
        match e {
            Expr::Int(c, ty) => in_d_set(*c, *ty),
            Expr::Param(p) => {
                let ty = self.kernel.params.get(p.0 as usize).map(|d| d.ty);
                let value = self.entry_values.get(p.0 as usize).copied().flatten();
                matches!((value, ty), (Some(c), Some(ty)) if in_d_set(c, ty))
            }
            Expr::Var(v) => {
                assumed.contains(v) || self.all_assignments_in_d(*v, assumed, depth + 1)
            }
            Expr::Cast(to, x) => operand(x, *to, assumed),
            Expr::Binary(BinOp::Shl | BinOp::Shr, x, _, ty) => operand(x, *ty, assumed),
            Expr::Binary(BinOp::Mul | BinOp::Div, x, y, ty) => {
                operand(x, *ty, assumed) && operand(y, *ty, assumed)
            }
            Expr::Select(_, x, y, ty) => operand(x, *ty, assumed) && operand(y, *ty, assumed),
            _ => false,
        }
    }

    /// The values counter `v` of loop `l` may have in `l`'s body: the set
    /// `D` of its type, minus those failing `l`'s test when the test reads
    /// only `v` and constants (and no statements compute it).
    fn counter_values(&self, v: VarId, l: StmtId) -> Option<Vec<Value>> {
        let ty = self.kernel.vars.get(v.0 as usize)?.ty;
        let ScalarTy::Int { bits, signed } = ty else {
            return None;
        };
        let bits = u32::from(bits).clamp(1, 64);
        let mut values = vec![0i128];
        let top = if signed { bits - 1 } else { bits };
        for j in 0..top {
            values.push(1i128 << j);
        }
        if signed {
            for j in 0..bits {
                values.push(-(1i128 << j));
            }
        }
        let values: Vec<Value> = values
            .into_iter()
            .filter_map(|c| Value::new(c, ty))
            .collect();
        let Some(StmtKind::Loop {
            cond, cond_prelude, ..
        }) = self.stmts.get(&l).map(|s| &s.kind)
        else {
            return None;
        };
        let mut only_v = cond_prelude.stmts.is_empty();
        for_each_expr(cond, &mut |x| match x {
            Expr::Var(w) if *w == v => {}
            Expr::Int(..) | Expr::Unary(..) | Expr::Binary(..) | Expr::Cast(..) => {}
            _ => only_v = false,
        });
        if !only_v {
            return Some(values);
        }
        let mut kept = Vec::new();
        for value in values {
            let leaf = |e: &Expr| matches!(e, Expr::Var(w) if *w == v).then_some(value);
            match eval_expr(cond, &leaf) {
                Some(c) if !c.truthy() => {}
                _ => kept.push(value),
            }
        }
        Some(kept)
    }
}

/// Whether `c` (wrapped to `ty`) is 0 or plus or minus a power of two.
fn in_d_set(c: i128, ty: ScalarTy) -> bool {
    match ty {
        ScalarTy::Bool => true,
        ScalarTy::Int { .. } => crate::ir::eval::wrap(c, ty)
            .is_some_and(|w| w == 0 || w.unsigned_abs().is_power_of_two()),
        ScalarTy::Float { .. } => false,
    }
}

/// Whether converting a value of `from` in `D` to `to` gives a value in `D`
/// (see the module documentation).
fn conversion_keeps_d(from: ScalarTy, to: ScalarTy) -> bool {
    matches!(
        (from, to),
        (_, ScalarTy::Bool)
            | (
                ScalarTy::Int { .. } | ScalarTy::Bool,
                ScalarTy::Int { signed: true, .. }
            )
            | (
                ScalarTy::Int { signed: false, .. } | ScalarTy::Bool,
                ScalarTy::Int { signed: false, .. },
            )
    )
}
