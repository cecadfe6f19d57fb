//! The block-aggregated increment (stream compaction with one global atomic
//! per block):
//!
//! ```text
//! __shared__ int c;
//! if (threadIdx.x == 0) c = 0;                 // zero        (interval Z)
//! __syncthreads();                             // B1
//! if (..) slot = atomicAdd(&c, 1);             // local ticket (interval I)
//! __syncthreads();                             // B2
//! if (threadIdx.x == 0) c = atomicAdd(total, c);   // leader   (interval L)
//! __syncthreads();                             // B3
//! if (..) out[slot + c] = ..;                  // use         (interval U)
//! ```
//!
//! Theorem. Let the kernel's top-level list hold, with no `return`, `break`
//! or `continue` anywhere before the use, and B1, B2, B3 consecutive
//! top-level block barriers that order shared memory: in Z a store of 0 to
//! the shared scalar `c` by thread 0 (unconditional, or in `if` of
//! `threadIdx.d == 0` conjuncts) with no access to `c` after it in Z; in I
//! one `d = atomicAdd(&c, 1)`, in no loop, copied (or not) into `slot`; in L
//! `if (threadIdx.d == 0 && ..) { t = c; b = atomicAdd(&total[k], t); c = b; }`
//! with `k` the same in every thread; in U a read `u = c` and the sum
//! `slot + u`, in no loop, with `slot` assigned nowhere between its copy and
//! the sum; no other access to `c` anywhere; every type involved an integer
//! of one width. Suppose moreover that the checker finds no race on `c`
//! (every access to `c` is kept by the rewrite below, so a race on it is
//! reported and the kernel is not race-free). Then, in each block: thread 0
//! exists and runs the zeroing store (no exit before it), so `c` is 0 when
//! I starts (B1, and no race on `c`); the N executions of the local atomic in
//! I (at most one per thread: no loop) return 0, .., N - 1, one per
//! executing thread (each atomic step is one point of `c`'s modification
//! order); after B2 the leader reads N and reserves `[base, base + N)` of
//! `total` in one atomic step; after B3 every thread reads `base`, so a
//! thread that took local ticket `r` in I gets `base + r`. Every atomic on
//! `total` reserves a range disjoint from all others (one point each of its
//! modification order; all add non-negative amounts, checked by the refined
//! atomics: all atomics on the location must step by +1 once the leader's is
//! counted as such), so these sums are pairwise distinct across all threads
//! of the grid and distinct from the result of any other `atomicAdd(total,
//! 1)`, up to the wrap-around after 2^bits tickets that the refined atomics
//! ignore (GPUVerify's abstraction; the leader's range holds one value per
//! ticket, so this is the +1 case). These are exactly the facts of one
//! `ticket = atomicAdd(&total[k], 1)` per local ticket, which the checker
//! draws for counter atomics. So the idiom is lowered as that ghost atomic
//! right after the local one (its value is unknown in a thread that took no
//! local ticket, as `slot` is), the sum as `ticket`, and the leader's atomic
//! as an access of `total[k]` stepping by +1 whose result is unknown (its
//! real result equals the ticket of local ticket 0, so it must not take
//! part in the distinct-values facts). The ghost atomics only add atomic
//! accesses to `total` (more pairs compared); every access of the kernel
//! stays. Any other shape keeps the general lowering (the sum is unknown).

use crate::base::HashSet;
use crate::ir::walk::{assigned_var, child_blocks, definition_counts, stmt_exprs};
use crate::ir::{
    Access, ArrayId, AtomicOp, BarrierScope, BinOp, Block, Builtin, Expr, Kernel, MemSpace,
    ScalarTy, Stmt, StmtId, StmtKind, VarDecl, VarId,
};

/// A statement of the body with where it stands.
struct Place<'a> {
    stmt: &'a Stmt,
    /// Index of the top-level statement it is (or is nested in).
    top: usize,
    /// Whether a loop encloses it.
    in_loop: bool,
    /// Position in a pre-order walk of the body.
    order: usize,
    /// The statement after it in its own block.
    next: Option<&'a Stmt>,
    /// Its own block.
    parent: &'a Block,
}

/// Every statement of the body in pre-order, with its place.
fn places(body: &Block) -> Vec<Place<'_>> {
    fn walk<'a>(block: &'a Block, top: Option<usize>, in_loop: bool, out: &mut Vec<Place<'a>>) {
        for (i, stmt) in block.stmts.iter().enumerate() {
            let top = top.unwrap_or(i);
            let order = out.len();
            out.push(Place {
                stmt,
                top,
                in_loop,
                order,
                next: block.stmts.get(i + 1),
                parent: block,
            });
            let looped = in_loop || matches!(stmt.kind, StmtKind::Loop { .. });
            for child in child_blocks(stmt) {
                walk(child, Some(top), looped, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(body, None, false, &mut out);
    out
}

/// The variable `e` is, through conversions between integer types of
/// `bits` bits (which keep the value's bits).
fn var_of(e: &Expr, bits: u32) -> Option<VarId> {
    match e {
        Expr::Var(v) => Some(*v),
        Expr::Cast(ScalarTy::Int { bits: b, .. }, inner) if u32::from(*b) == bits => {
            var_of(inner, bits)
        }
        _ => None,
    }
}

/// Whether `cond` holds in thread 0 (and is a conjunction of
/// `threadIdx.d == 0`).
fn thread_zero_test(cond: &Expr) -> bool {
    match cond {
        Expr::Binary(BinOp::And, a, b, _) => thread_zero_test(a) && thread_zero_test(b),
        Expr::Binary(BinOp::Eq, a, b, _) => {
            let tid = |e: &Expr| {
                matches!(e, Expr::Builtin(Builtin::ThreadIdx(_)))
                    || matches!(e, Expr::Cast(ScalarTy::Int { .. }, inner)
                        if matches!(**inner, Expr::Builtin(Builtin::ThreadIdx(_))))
            };
            let zero = |e: &Expr| matches!(e, Expr::Int(0, _));
            (tid(a) && zero(b)) || (zero(a) && tid(b))
        }
        _ => false,
    }
}

/// Whether `e` has one value in every thread of the grid.
fn grid_uniform(e: &Expr) -> bool {
    match e {
        Expr::Int(..) | Expr::Param(_) => true,
        Expr::Builtin(b) => !matches!(b, Builtin::ThreadIdx(_) | Builtin::BlockIdx(_)),
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => grid_uniform(a),
        Expr::Binary(_, a, b, _) => grid_uniform(a) && grid_uniform(b),
        _ => false,
    }
}

/// Whether `name` is an atomic addition, atomic for every thread of the
/// grid (not a block-scoped one: blocks must reserve disjoint ranges).
fn is_atomic_add(name: &str) -> bool {
    matches!(
        name.trim_end_matches("_system"),
        "atomicAdd" | "atomic_add" | "atom_add" | "atomic_fetch_add" | "atomic_fetch_add_explicit"
    )
}

/// The integer width of a type (None for others).
fn int_bits(t: ScalarTy) -> Option<u32> {
    match t {
        ScalarTy::Int { bits, .. } => Some(u32::from(bits)),
        _ => None,
    }
}

/// The leader's statement: `if (thread 0) { t = c; b = atomicAdd(total, t);
/// c = b; }`: the read, atomic and write statements.
fn leader(stmt: &Stmt) -> Option<[&Stmt; 3]> {
    let StmtKind::If { cond, then_, else_ } = &stmt.kind else {
        return None;
    };
    if !else_.stmts.is_empty() || !thread_zero_test(cond) {
        return None;
    }
    let [read, atomic, write] = &then_.stmts[..] else {
        return None;
    };
    let (
        StmtKind::Read { dest: t, access: c },
        StmtKind::Atomic {
            dest: Some(b),
            access: total,
            op,
        },
        StmtKind::Write { access: c2, value },
    ) = (&read.kind, &atomic.kind, &write.kind)
    else {
        return None;
    };
    let bits = int_bits(c.ty)?;
    let ok = c == c2
        && c.array != total.array
        && int_bits(total.ty) == Some(bits)
        && is_atomic_add(&op.name)
        && op.operand.as_ref().and_then(|e| var_of(e, bits)) == Some(*t)
        && var_of(value, bits) == Some(*b)
        && grid_uniform(&total.offset);
    ok.then_some([read, atomic, write])
}

/// What the rewrite changes (see [`block_aggregated_tickets`]).
struct Rewrite {
    /// The local atomic on `c`: the ghost ticket goes right after it.
    local: StmtId,
    /// The leader's atomic on `total`.
    leader: StmtId,
    /// Its result.
    base: VarId,
    /// The access of `total`.
    total: Access,
    /// The atomic's name.
    name: String,
    /// The statement holding the sum, and the sum's two variables.
    use_at: StmtId,
    slot: VarId,
    read: VarId,
}

/// Finds the idiom (see the module documentation) with its leader at
/// top-level position `l`.
fn find(kernel: &Kernel, all: &[Place], l: usize) -> Option<Rewrite> {
    let body = &kernel.body.stmts;
    let [lead_read, lead_atomic, _] = leader(body.get(l)?)?;
    let (
        StmtKind::Read {
            access: c,
            dest: lead_t,
        },
        StmtKind::Atomic {
            dest: Some(base),
            access: total,
            op,
        },
    ) = (&lead_read.kind, &lead_atomic.kind)
    else {
        return None;
    };
    let bits = int_bits(c.ty)?;
    if !matches!(c.offset, Expr::Int(..))
        || kernel.arrays.get(c.array.0 as usize)?.space != MemSpace::Shared
    {
        return None;
    }
    let is_barrier = |i: usize| {
        matches!(
            body[i].kind,
            StmtKind::Barrier {
                scope: BarrierScope::Block,
                local_fence: true,
                ..
            }
        )
    };
    let any_barrier = |i: usize| {
        matches!(
            body[i].kind,
            StmtKind::Barrier { .. } | StmtKind::NamedBarrier { .. }
        )
    };
    // B2 and B3 around the leader, B1 before B2; the intervals between them
    // hold no other barrier at the top level.
    let b2 = (0..l).rev().find(|&i| any_barrier(i))?;
    let b3 = (l + 1..body.len()).find(|&i| any_barrier(i))?;
    let b1 = (0..b2).rev().find(|&i| any_barrier(i))?;
    if !is_barrier(b1) || !is_barrier(b2) || !is_barrier(b3) {
        return None;
    }
    let b0 = (0..b1).rev().find(|&i| any_barrier(i));
    let b4 = (b3 + 1..body.len())
        .find(|&i| any_barrier(i))
        .unwrap_or(body.len());
    let in_z = |top: usize| top < b1 && b0.is_none_or(|b| top > b);
    // Every access of `c`, classified.
    let mut zero: Option<&Place> = None;
    let mut local: Option<&Place> = None;
    let mut use_reads: Vec<&Place> = Vec::new();
    for p in all {
        let access = match &p.stmt.kind {
            StmtKind::Read { access, .. }
            | StmtKind::Write { access, .. }
            | StmtKind::Atomic { access, .. } => access,
            _ => continue,
        };
        if access.array != c.array {
            continue;
        }
        if access != c {
            return None;
        }
        match &p.stmt.kind {
            _ if p.stmt.id == lead_read.id => {}
            StmtKind::Write { .. } if p.top == l => {}
            StmtKind::Write { value, .. } if in_z(p.top) && matches!(value, Expr::Int(0, _)) => {
                // The last access of `c` in Z (a later one is rejected below).
                zero = Some(p);
            }
            StmtKind::Atomic {
                dest: Some(_), op, ..
            } if p.top > b1
                && p.top < b2
                && local.is_none()
                && !p.in_loop
                && op.direction() == 1 => {}
            StmtKind::Read { .. } if p.top > b3 && p.top < b4 && !p.in_loop => {
                use_reads.push(p);
                continue;
            }
            _ => return None,
        }
        if matches!(p.stmt.kind, StmtKind::Atomic { .. }) {
            local = Some(p);
        }
    }
    let (zero, local) = (zero?, local?);
    // No other access of `c` after the zeroing store in Z: the walk saw the
    // store last among Z's accesses (a later read or write returned None or
    // replaced it; reads in Z are rejected above).
    // Thread 0 runs the store: at the top level, or directly in an `if` of
    // thread 0 with nothing before it that may leave.
    let top_stmt = &body[zero.top];
    let runs_in_thread_zero = top_stmt.id == zero.stmt.id
        || matches!(&top_stmt.kind, StmtKind::If { cond, then_, .. }
            if thread_zero_test(cond) && then_.stmts.iter().any(|s| s.id == zero.stmt.id));
    if !runs_in_thread_zero {
        return None;
    }
    let StmtKind::Atomic {
        dest: Some(local_dest),
        ..
    } = &local.stmt.kind
    else {
        return None;
    };
    let defs = definition_counts(kernel);
    let single = |v: &VarId| defs.get(v) == Some(&1);
    if !single(local_dest) || !single(lead_t) || !single(base) {
        return None;
    }
    // `slot`: the local atomic's result, or its copy right after it in the
    // same block (the atomic has no nested statements, so the copy is the
    // next one of the pre-order walk).
    let slot = match local.next.map(|s| &s.kind) {
        Some(StmtKind::Assign { var, value }) if var_of(value, bits) == Some(*local_dest) => *var,
        _ => *local_dest,
    };
    let copy_order = if slot == *local_dest {
        local.order
    } else {
        local.order + 1
    };
    // The sum `slot + u` with `u` a read of `c` in U, in no loop, and no
    // assignment of `slot` between the copy and the sum (earlier ones do
    // not matter: a thread that takes no local ticket has an unknown
    // `ticket` as well).
    let (use_at, read) = all
        .iter()
        .filter(|p| p.top > b3 && p.top < b4 && !p.in_loop)
        .find_map(|p| {
            let read = use_reads.iter().find_map(|r| match &r.stmt.kind {
                // The read runs whenever the sum does: before it in its block.
                StmtKind::Read { dest, .. }
                    if r.order < p.order
                        && std::ptr::eq(r.parent, p.parent)
                        && single(dest)
                        && stmt_exprs(p.stmt)
                            .iter()
                            .any(|e| has_sum(e, slot, *dest, bits)) =>
                {
                    Some(*dest)
                }
                _ => None,
            })?;
            Some((p, read))
        })?;
    if all[copy_order + 1..use_at.order]
        .iter()
        .any(|p| assigned_var(p.stmt) == Some(slot))
        || [slot, read]
            .iter()
            .any(|v| kernel.vars.get(v.0 as usize).and_then(|d| int_bits(d.ty)) != Some(bits))
    {
        return None;
    }
    // Nobody leaves before the use (thread 0 reaches the zeroing store and
    // the leader's branch; every thread reaches the barriers).
    if all[..use_at.order].iter().any(|p| {
        matches!(
            p.stmt.kind,
            StmtKind::Return | StmtKind::Break | StmtKind::Continue
        )
    }) {
        return None;
    }
    Some(Rewrite {
        local: local.stmt.id,
        leader: lead_atomic.id,
        base: *base,
        total: total.clone(),
        name: op.name.clone(),
        use_at: use_at.stmt.id,
        slot,
        read,
    })
}

/// Whether `e` contains the sum `slot + read` (either order) in `bits`-bit
/// arithmetic.
fn has_sum(e: &Expr, slot: VarId, read: VarId, bits: u32) -> bool {
    let mut found = false;
    crate::ir::walk::for_each_expr(e, &mut |x| found |= is_sum(x, slot, read, bits));
    found
}

fn is_sum(e: &Expr, slot: VarId, read: VarId, bits: u32) -> bool {
    let Expr::Binary(BinOp::Add, a, b, ty) = e else {
        return false;
    };
    let (x, y) = (var_of(a, bits), var_of(b, bits));
    int_bits(*ty) == Some(bits)
        && ((x == Some(slot) && y == Some(read)) || (x == Some(read) && y == Some(slot)))
}

/// Replaces every sum `slot + read` in `e` by the variable `ticket` (of
/// the given type).
fn replace_sum(e: &mut Expr, slot: VarId, read: VarId, bits: u32, ticket: (VarId, ScalarTy)) {
    if is_sum(e, slot, read, bits) {
        let Expr::Binary(_, _, _, ty) = e else {
            return;
        };
        *e = crate::frontend::arith::conv(Expr::Var(ticket.0), ticket.1, *ty);
        return;
    }
    match e {
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => replace_sum(a, slot, read, bits, ticket),
        Expr::Binary(_, a, b, _) => {
            replace_sum(a, slot, read, bits, ticket);
            replace_sum(b, slot, read, bits, ticket);
        }
        Expr::Select(c, a, b, _) => {
            for x in [c, a, b] {
                replace_sum(x, slot, read, bits, ticket);
            }
        }
        Expr::Apply(_, args, _) => {
            for x in args {
                replace_sum(x, slot, read, bits, ticket);
            }
        }
        _ => {}
    }
}

/// The expressions a statement holds itself, mutably.
fn exprs_mut(stmt: &mut Stmt) -> Vec<&mut Expr> {
    match &mut stmt.kind {
        StmtKind::Assign { value, .. } => vec![value],
        StmtKind::Read { access, .. } => vec![&mut access.offset],
        StmtKind::Write { access, value } => vec![&mut access.offset, value],
        StmtKind::Atomic { access, op, .. } => {
            let mut out = vec![&mut access.offset];
            out.extend(op.operand.as_mut());
            out
        }
        StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. } | StmtKind::Assume { cond } => {
            vec![cond]
        }
        _ => Vec::new(),
    }
}

/// Applies `f` to the statement labelled `id` and inserts the statements
/// it returns right after it.
fn edit_at(block: &mut Block, id: StmtId, f: &mut dyn FnMut(&mut Stmt) -> Vec<Stmt>) -> bool {
    for i in 0..block.stmts.len() {
        if block.stmts[i].id == id {
            let extra = f(&mut block.stmts[i]);
            block.stmts.splice(i + 1..i + 1, extra);
            return true;
        }
        for child in crate::ir::walk::child_blocks_mut(&mut block.stmts[i]) {
            if edit_at(child, id, f) {
                return true;
            }
        }
    }
    false
}

/// Lowers each block-aggregated increment of the kernel (see the module
/// documentation) as one ghost ticket `atomicAdd(total, 1)` per local ticket.
pub(crate) fn block_aggregated_tickets(kernel: &mut Kernel) {
    let mut done: HashSet<ArrayId> = HashSet::default();
    for l in 0..kernel.body.stmts.len() {
        if leader(&kernel.body.stmts[l]).is_none() {
            continue;
        }
        let all = places(&kernel.body);
        let Some(rw) = find(kernel, &all, l) else {
            continue;
        };
        if !done.insert(rw.total.array) {
            continue;
        }
        let ty = rw.total.ty;
        let span = kernel.body.stmts[l].span;
        kernel.vars.push(VarDecl {
            name: "ticket".into(),
            ty,
            span,
        });
        let ticket = VarId(kernel.vars.len() as u32 - 1);
        let one = Some(Expr::Int(1, ty));
        // The ticket is unknown in a thread that takes no local ticket.
        let first = kernel.body.stmts[0].clone();
        let havoc_id = kernel.fresh_stmt_id();
        kernel.body.stmts.insert(
            0,
            Stmt {
                id: havoc_id,
                kind: StmtKind::Havoc { var: ticket },
                ..first
            },
        );
        let ghost_id = kernel.fresh_stmt_id();
        let havoc_base = kernel.fresh_stmt_id();
        let (total, name) = (rw.total.clone(), rw.name.clone());
        edit_at(&mut kernel.body, rw.local, &mut |s| {
            vec![Stmt {
                id: ghost_id,
                kind: StmtKind::Atomic {
                    dest: Some(ticket),
                    access: total.clone(),
                    op: AtomicOp {
                        name: name.clone(),
                        operand: one.clone(),
                    },
                },
                ..s.clone()
            }]
        });
        edit_at(&mut kernel.body, rw.leader, &mut |s| {
            if let StmtKind::Atomic { dest, op, .. } = &mut s.kind {
                *dest = None;
                op.operand = one.clone();
            }
            vec![Stmt {
                id: havoc_base,
                kind: StmtKind::Havoc { var: rw.base },
                ..s.clone()
            }]
        });
        let bits = int_bits(ty).unwrap_or(32);
        edit_at(&mut kernel.body, rw.use_at, &mut |s| {
            for e in exprs_mut(s) {
                replace_sum(e, rw.slot, rw.read, bits, (ticket, ty));
            }
            Vec::new()
        });
    }
}
