//! Tickets of a block's shared counter taken in a block-stride loop are below
//! the length of the range the loop walks:
//!
//! ```text
//! if (threadIdx.x == 0) found = 0;        // zero write, reached by thread 0
//! __syncthreads();
//! for (i = s + threadIdx.x; i < e; i += blockDim.x)   // s, e block-uniform
//!   if (..) { r = atomicAdd(&found, 1); out[s + r] = ..; }
//! ```
//!
//! Theorem (used by `symexec` as the fact `r < e - s`, or `r < e - s + 1`
//! for `i <= e`, in a thread that runs the atomic). Let the block be 1-D
//! (`blockDim.y == blockDim.z == 1`, a premise of the fact), `L = blockDim.x`,
//! and `t = threadIdx.x`, so `0 <= t < L` and distinct threads have distinct
//! `t`. The loop stands at the top level of the kernel, so each thread runs it
//! at most once; its counter is assigned `s + t` right before it (with
//! `s + L - 1` in the counter's type: no wrap, a premise) and only by the
//! step `i += L` (the step's operand equal to `blockDim.x`: a premise), which does not
//! wrap while `i < e` holds (a signed counter's overflow is undefined; an
//! unsigned one's is excluded by the documented counter assumption, see
//! `wrap_modulus`). So thread `t` runs iterations at `i = s + t + k L` for
//! `k = 0, 1, ..` with every such `i` in `[s, e)`, and distinct `(t, k)` give
//! distinct `i`: the block runs at most `max(0, e - s)` iterations in all.
//! `s` and `e` are block-uniform and not assigned in the loop, so every
//! thread walks the same range. The atomic is in the body outside any nested
//! loop: at most one execution per iteration. It is the only atomic on the
//! counter and adds 1 (`AtomicOp::direction` 1); every plain write of the
//! counter stores 0 at the same constant offset before the loop and is
//! followed by a block barrier ordering local memory before the loop, so no
//! write of the counter overlaps an increment; and one of these writes is
//! run by thread (0, 0, 0) whenever any thread reaches the loop (it stands
//! at the top level or directly under an `if` whose condition every
//! conjunct of which is `id == 0` for a thread id, reached by all threads
//! together as the uniformity analysis shows: a thread-dependent `return`
//! before it makes it non-uniform). Hence the counter holds 0 when the first
//! increment happens, each increment returns the number of increments
//! before it (modulo 2^bits, which only lowers it), and every returned value
//! is below the block's number of increments, at most `e - s`. No store
//! the front end could not resolve exists (it might reach the counter),
//! and the counter is a declared `__shared__` array: one copy per block,
//! aliasing no other declaration.

use crate::analysis::Uniformity;
use crate::base::{HashMap, HashSet};
use std::collections::BTreeSet;

use crate::ir::walk::{assigned_var, for_each_stmt, top_level_single_defs};
use crate::ir::{
    BarrierScope, BinOp, Block, Builtin, Expr, Kernel, MemSpace, ScalarTy, StmtId, StmtKind, VarId,
};

/// A ticket the theorem of this module bounds: the atomic's result is below
/// `end - base` (plus one when `inclusive`) where the premises hold.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StrideTicket {
    /// The atomic increment.
    pub atomic: StmtId,
    /// The loop's counter.
    pub counter: VarId,
    /// The block-uniform start `s` of the counter's first value `s + t`.
    pub base: Expr,
    /// The thread-dependent operand `t` of that first value (a premise of
    /// the fact: it equals `threadIdx.x`).
    pub thread: Expr,
    /// The bound `e` of the condition `i < e` (or `i <= e`).
    pub end: Expr,
    /// The condition is `i <= e`.
    pub inclusive: bool,
    /// The step's operand (a premise: it equals `blockDim.x`).
    pub step: Expr,
}

/// The bounded tickets of `kernel`, by the label of their loop.
pub(crate) fn stride_tickets(
    kernel: &Kernel,
    uniformity: &Uniformity,
) -> HashMap<StmtId, Vec<StrideTicket>> {
    let mut out: HashMap<StmtId, Vec<StrideTicket>> = HashMap::default();
    // A store through an unresolved pointer may reach the counter.
    let mut wild = false;
    let mut atomics: HashMap<crate::ir::ArrayId, Vec<StmtId>> = HashMap::default();
    for_each_stmt(&kernel.body, &mut |s| match &s.kind {
        StmtKind::Write { access, .. } | StmtKind::Atomic { access, .. } => {
            let decl = kernel.arrays.get(access.array.0 as usize);
            wild |= decl.is_none_or(|d| d.may_alias_all);
            if matches!(s.kind, StmtKind::Atomic { .. }) {
                atomics.entry(access.array).or_default().push(s.id);
            }
        }
        _ => {}
    });
    if wild {
        return out;
    }
    let defs = top_level_single_defs(kernel);
    let top = &kernel.body.stmts;
    for (index, stmt) in top.iter().enumerate() {
        let StmtKind::Loop {
            cond,
            cond_prelude,
            body,
            step,
            ..
        } = &stmt.kind
        else {
            continue;
        };
        let Some(shape) = stride_loop(
            kernel,
            uniformity,
            top,
            index,
            cond,
            cond_prelude,
            body,
            step,
        ) else {
            continue;
        };
        let mut candidates = Vec::new();
        increments_outside_inner_loops(body, &mut candidates);
        for (atomic, array, offset, dest) in candidates {
            let decl = &kernel.arrays[array.0 as usize];
            let dest_ty = kernel.vars.get(dest.0 as usize).map(|d| d.ty);
            let access_ty = atomic_access_ty(body, atomic);
            if decl.space != MemSpace::Shared
                || decl.dims.is_empty()
                || dest_ty.is_none()
                || dest_ty != access_ty
                || atomics.get(&array).map(Vec::len) != Some(1)
                || !zeroed_before(kernel, uniformity, &defs, index, array, offset)
            {
                continue;
            }
            out.entry(stmt.id).or_default().push(StrideTicket {
                atomic,
                ..shape.clone()
            });
        }
    }
    out
}

/// The loop at `top[index]` as `for (i = s + t; i < e; i += step)`, with
/// `s` and `e` block-uniform and fixed in the loop and `i` assigned by the
/// step alone (`atomic` left unset).
#[allow(clippy::too_many_arguments)]
fn stride_loop(
    kernel: &Kernel,
    uniformity: &Uniformity,
    top: &[crate::ir::Stmt],
    index: usize,
    cond: &Expr,
    cond_prelude: &Block,
    body: &Block,
    step: &Block,
) -> Option<StrideTicket> {
    if !cond_prelude.stmts.is_empty() {
        return None;
    }
    let Expr::Binary(op @ (BinOp::Lt | BinOp::Le), lhs, end, _) = cond else {
        return None;
    };
    let Expr::Var(counter) = **lhs else {
        return None;
    };
    let ty = kernel.vars.get(counter.0 as usize)?.ty;
    if !matches!(ty, ScalarTy::Int { .. })
        || super::symexec::type_of(kernel, end) != ty
        || !uniformity.is_uniform_expr(end)
    {
        return None;
    }
    // The step is `i = i + step` alone.
    let [update] = &step.stmts[..] else {
        return None;
    };
    let StmtKind::Assign { var, value } = &update.kind else {
        return None;
    };
    let Expr::Binary(BinOp::Add, a, b, add_ty) = value else {
        return None;
    };
    let amount = match (&**a, &**b) {
        (Expr::Var(v), other) | (other, Expr::Var(v)) if *v == counter => other,
        _ => return None,
    };
    if *var != counter || *add_ty != ty {
        return None;
    }
    // Nothing the loop assigns feeds the bound or the step; the body leaves
    // the counter alone.
    let mut assigned = BTreeSet::new();
    for block in [body, step] {
        for_each_stmt(block, &mut |s| {
            assigned.extend(assigned_var(s));
        });
    }
    let reads_assigned = |e: &Expr| crate::analysis::loops::mentions_any(e, &assigned);
    let mut in_body = BTreeSet::new();
    for_each_stmt(body, &mut |s| {
        in_body.extend(assigned_var(s));
    });
    if reads_assigned(end) || reads_assigned(amount) || in_body.contains(&counter) {
        return None;
    }
    // The first value, assigned right before the loop.
    let StmtKind::Assign { var, value } = &top.get(index.checked_sub(1)?)?.kind else {
        return None;
    };
    let Expr::Binary(BinOp::Add, a, b, init_ty) = value else {
        return None;
    };
    if *var != counter || *init_ty != ty {
        return None;
    }
    let counter_set = BTreeSet::from([counter]);
    if crate::analysis::loops::mentions_any(value, &counter_set) {
        return None;
    }
    let (base, thread) = match (uniformity.is_uniform_expr(a), uniformity.is_uniform_expr(b)) {
        (true, false) => (a, b),
        (false, true) => (b, a),
        _ => return None,
    };
    Some(StrideTicket {
        atomic: StmtId(u32::MAX),
        counter,
        base: (**base).clone(),
        thread: (**thread).clone(),
        end: (**end).clone(),
        inclusive: *op == BinOp::Le,
        step: amount.clone(),
    })
}

/// The atomic increments by 1 with a result, at a constant offset, in
/// `block` outside nested loops: (label, array, offset, result local).
fn increments_outside_inner_loops(
    block: &Block,
    out: &mut Vec<(StmtId, crate::ir::ArrayId, i128, VarId)>,
) {
    for s in &block.stmts {
        match &s.kind {
            StmtKind::Atomic {
                dest: Some(dest),
                access,
                op,
            } if op.direction() == 1 => {
                if let Expr::Int(offset, _) = access.offset {
                    out.push((s.id, access.array, offset, *dest));
                }
            }
            StmtKind::If { then_, else_, .. } => {
                increments_outside_inner_loops(then_, out);
                increments_outside_inner_loops(else_, out);
            }
            _ => {}
        }
    }
}

/// The access type of the atomic `id` in `block`.
fn atomic_access_ty(block: &Block, id: StmtId) -> Option<ScalarTy> {
    let mut ty = None;
    for_each_stmt(block, &mut |s| {
        if let (true, StmtKind::Atomic { access, .. }) = (s.id == id, &s.kind) {
            ty = Some(access.ty);
        }
    });
    ty
}

/// Every plain write of `array` stores 0 at `offset`, at the top level of
/// the kernel before `top[loop_index]` or directly under a top-level `if`
/// thread (0, 0, 0) passes, reached by all threads together, with a block
/// barrier ordering local memory after the last of them and before the loop;
/// and there is at least one.
fn zeroed_before(
    kernel: &Kernel,
    uniformity: &Uniformity,
    defs: &HashMap<VarId, (usize, &Expr)>,
    loop_index: usize,
    array: crate::ir::ArrayId,
    offset: i128,
) -> bool {
    let top = &kernel.body.stmts;
    let zero_write = |s: &crate::ir::Stmt| match &s.kind {
        StmtKind::Write { access, value } if access.array == array => Some(
            matches!(access.offset, Expr::Int(o, _) if o == offset)
                && matches!(value, Expr::Int(0, _)),
        ),
        _ => None,
    };
    // Top-level positions of the accepted writes.
    let mut accepted = Vec::new();
    for (index, stmt) in top.iter().enumerate().take(loop_index) {
        if zero_write(stmt) == Some(true) && uniformity.is_uniform_stmt(stmt.id) {
            accepted.push((index, stmt.id));
            continue;
        }
        let StmtKind::If { cond, then_, .. } = &stmt.kind else {
            continue;
        };
        if !uniformity.is_uniform_stmt(stmt.id) || !passed_by_thread_zero(cond, defs, index) {
            continue;
        }
        for s in &then_.stmts {
            if zero_write(s) == Some(true) {
                accepted.push((index, s.id));
            }
        }
    }
    let Some(last) = accepted.iter().map(|(i, _)| *i).max() else {
        return false;
    };
    let ordered = top[last + 1..loop_index].iter().any(|s| {
        matches!(
            s.kind,
            StmtKind::Barrier {
                scope: BarrierScope::Block,
                local_fence: true,
                ..
            }
        )
    });
    // No other write of the counter anywhere.
    let accepted: HashSet<StmtId> = accepted.iter().map(|(_, id)| *id).collect();
    let mut others = false;
    for_each_stmt(&kernel.body, &mut |s| {
        others |= zero_write(s).is_some() && !accepted.contains(&s.id);
    });
    ordered && !others
}

/// Whether `cond` holds in thread (0, 0, 0): a conjunction of `x == 0` where
/// `x` is a thread id, through integer conversions (which keep 0) and locals
/// assigned it once at the top level before `index`.
fn passed_by_thread_zero(cond: &Expr, defs: &HashMap<VarId, (usize, &Expr)>, index: usize) -> bool {
    fn thread_id(e: &Expr, defs: &HashMap<VarId, (usize, &Expr)>, index: usize) -> bool {
        match e {
            Expr::Cast(ScalarTy::Int { .. }, inner) => thread_id(inner, defs, index),
            Expr::Builtin(Builtin::ThreadIdx(_)) => true,
            Expr::Var(v) => defs
                .get(v)
                .is_some_and(|(at, value)| *at < index && thread_id(value, defs, index)),
            _ => false,
        }
    }
    match cond {
        Expr::Binary(BinOp::And, a, b, _) => {
            passed_by_thread_zero(a, defs, index) && passed_by_thread_zero(b, defs, index)
        }
        Expr::Binary(BinOp::Eq, a, b, _) => match (&**a, &**b) {
            (Expr::Int(0, _), x) | (x, Expr::Int(0, _)) => thread_id(x, defs, index),
            _ => false,
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{lower_source, NoIncludes};
    use std::path::Path;

    fn tickets(src: &str) -> usize {
        let program = lower_source(Path::new("t.cu"), src, &NoIncludes);
        let kernel = &program.kernels[0];
        let uniformity = Uniformity::compute(kernel);
        stride_tickets(kernel, &uniformity)
            .values()
            .map(Vec::len)
            .sum()
    }

    const SHAPE: &str = r#"
__global__ void k(const int *in, unsigned n, unsigned *out, unsigned w) {
  __shared__ unsigned found;
  unsigned begin = blockIdx.x * w;
  unsigned end = begin + w;
  if (end > n) end = n;
  int tid = threadIdx.x;
  ZERO
  __syncthreads();
  for (unsigned i = begin + tid; i < end; i += STEP) {
    if (in[i] > 0) {
      unsigned r = atomicAdd(&found, 1u);
      out[begin + r] = i;
    }
  }
}
"#;

    fn shape(zero: &str, step: &str) -> String {
        SHAPE.replace("ZERO", zero).replace("STEP", step)
    }

    #[test]
    fn block_stride_ticket_is_bounded() {
        assert_eq!(tickets(&shape("if (tid == 0) found = 0;", "blockDim.x")), 1);
        // The step is checked by the solver (a premise), not here.
        assert_eq!(tickets(&shape("if (tid == 0) found = 0;", "1")), 1);
    }

    #[test]
    fn counter_must_be_zeroed_by_thread_zero_before_a_barrier() {
        assert_eq!(tickets(&shape("if (tid == 1) found = 0;", "blockDim.x")), 0);
        assert_eq!(tickets(&shape("if (tid == 0) found = 1;", "blockDim.x")), 0);
        assert_eq!(tickets(&shape("", "blockDim.x")), 0);
        let no_barrier =
            shape("if (tid == 0) found = 0;", "blockDim.x").replace("__syncthreads();", "");
        assert_eq!(tickets(&no_barrier), 0);
        // Thread 0 may have left before zeroing it.
        let early_exit = shape("if (tid == 0) found = 0;", "blockDim.x").replace(
            "int tid = threadIdx.x;",
            "int tid = threadIdx.x;\n  if (in[tid] < 0) return;",
        );
        assert_eq!(tickets(&early_exit), 0);
    }

    #[test]
    fn second_increment_or_nonuniform_end_is_refused() {
        let twice = shape("if (tid == 0) found = 0;", "blockDim.x").replace(
            "out[begin + r] = i;",
            "out[begin + r] = i; atomicAdd(&found, 1u);",
        );
        assert_eq!(tickets(&twice), 0);
        let thread_end = shape("if (tid == 0) found = 0;", "blockDim.x")
            .replace("if (end > n) end = n;", "if (end > n) end = n + tid;");
        assert_eq!(tickets(&thread_end), 0);
    }
}
