//! Block broadcasts: reads of a shared-memory cell whose every store is of a
//! block-invariant value, such as `if (threadIdx.x == 0) off = blockIdx.x *
//! 256; __syncthreads(); ... off ...`.
//!
//! Theorem. Let `c` be a cell of a `__shared__` (OpenCL `__local`) array at
//! a constant byte offset such that (1) every statement of the kernel that
//! may write a byte of `c` is a plain `Write` of exactly `c` (same offset,
//! size and type) whose value `E_i` mentions only constants, scalar
//! parameters and launch values that are the same in every thread of a
//! block (`blockIdx`, `blockDim`, `gridDim`, the global offset, `warpSize`)
//! — no local, no thread id, no memory; and (2) a read `R` of `c` cannot
//! run before some store to `c` in its block (see "initialised" below).
//! Then a thread of block `b` that runs `R` reads one of the values
//! `E_i(b)`.
//!
//! Proof: shared memory is one copy per block, written only by threads of
//! that block, and every write the kernel can make is a statement of its
//! IR (unknown calls, copies, async copies and atomics are lowered to
//! writes and atomics; a store through a pointer the front end could not
//! resolve is a write to a `may_alias_all` array, and there is none by the
//! premise below). So the bytes of `c` in block `b` hold their initial
//! (indeterminate) contents until the first store, and afterwards the
//! value of the last store, whichever thread made it and whenever: `E_i`
//! evaluated in a thread of block `b`, which is `E_i(b)` because `E_i`
//! reads nothing that differs between the threads of a block or over time.
//! Two stores racing on `c` still leave one of their values (aligned
//! stores of at most 8 bytes are not torn); the race itself is reported by
//! the checker on `c`. By (2) the read sees a stored value. No barrier
//! interval argument is needed for the value: it holds at any time.
//! Barriers only serve (2). Each thread reads its own block's copy, so
//! threads of two blocks get the values of their own blocks.
//!
//! Initialised: the read is ordered after a store of its block to `c` when
//! - the thread itself stored `c` before (an unconditional store at the top
//!   level of the kernel body, in an earlier top-level statement: program
//!   order), or
//! - thread (0,0,0), which every block has, stored `c` on its path through
//!   the top-level statements (branches whose conditions it decides: see
//!   [`thread0_value`]), could not have left the kernel before that store
//!   nor before a later top-level block barrier with a local-memory fence,
//!   and the read is in a later top-level statement. Every thread that
//!   reaches the read passed that barrier (top level: each thread runs it
//!   once), whose instance thread 0 also reached after its store; the
//!   barrier makes the store visible to the block. A warp barrier
//!   (`__syncwarp`), a named barrier or one without local fence does not
//!   count.
//!
//! Reads inside loops are fine: the value claim holds for every iteration.
//! Volatile reads are left out (by convention nothing is assumed of them).
//! The fact depends on the barriers the kernel has, so it is computed anew
//! for each checked kernel (a synthesized one included).

use crate::base::{HashMap, HashSet};

use crate::ir::eval::{eval_expr, Value};
use crate::ir::walk::for_each_stmt;
use crate::ir::{
    ArrayId, BarrierScope, Builtin, Expr, Kernel, MemSpace, ScalarTy, Stmt, StmtId, StmtKind, VarId,
};

/// At most this many distinct stored values are kept per cell (a
/// disjunction per read); more and the read stays unknown.
const MAX_VALUES: usize = 8;

/// A cell: array, constant byte offset, size.
type Cell = (ArrayId, i128, u32);

/// A write or atomic: array, constant byte offset if any, size, type, and
/// the value when a plain write of a block-invariant value.
type CellWrite = (ArrayId, Option<i128>, u32, ScalarTy, Option<Expr>);

/// The reads of shared cells that return one of a list of block-invariant
/// values (theorem in the module comment), by label: the values, each an
/// expression of the cell's type over constants, parameters and launch
/// values.
pub fn block_invariant_reads(kernel: &Kernel) -> HashMap<StmtId, Vec<Expr>> {
    let mut out = HashMap::default();
    let decl = |a: ArrayId| kernel.arrays.get(a.0 as usize);
    // Every write and atomic of the kernel: (array, constant offset, size,
    // type, value when a plain block-invariant write).
    let mut writes: Vec<CellWrite> = Vec::new();
    let mut wild = false;
    for_each_stmt(&kernel.body, &mut |s| {
        let (access, value) = match &s.kind {
            StmtKind::Write { access, value } => (access, Some(value)),
            StmtKind::Atomic { access, .. } => (access, None),
            _ => return,
        };
        // A store through an unresolved pointer may reach any array (its
        // space is a guess, as in `read_only_arrays`).
        wild |= decl(access.array).is_none_or(|d| d.may_alias_all);
        let value = value.filter(|v| block_invariant(v)).cloned();
        writes.push((
            access.array,
            constant(&access.offset),
            access.size,
            access.ty,
            value,
        ));
    });
    if wild {
        return out;
    }
    // The stored values of each cell that every write touching it agrees on.
    let cell_values = |cell: Cell, ty: ScalarTy| -> Option<Vec<Expr>> {
        let (array, offset, size) = cell;
        let mut values: Vec<Expr> = Vec::new();
        for (a, o, s, t, v) in &writes {
            if *a != array {
                continue;
            }
            let o = (*o)?;
            let overlaps = o < offset + i128::from(size) && offset < o + i128::from(*s);
            if !overlaps {
                continue;
            }
            if o != offset || *s != size || *t != ty {
                return None;
            }
            let v = v.as_ref()?;
            if !values.contains(v) {
                values.push(v.clone());
            }
        }
        // Two values of a Bool are all it can hold: no fact to add.
        let trivial = ty == ScalarTy::Bool && values.len() > 1;
        (!values.is_empty() && values.len() <= MAX_VALUES && !trivial).then_some(values)
    };
    let initialised = initialised_cells(kernel);
    for_each_stmt(&kernel.body, &mut |s| {
        let StmtKind::Read { dest, access } = &s.kind else {
            return;
        };
        let shared =
            decl(access.array).is_some_and(|d| d.space == MemSpace::Shared && !d.may_alias_all);
        let dest_ty = kernel.vars.get(dest.0 as usize).map(|v| v.ty);
        if !shared || access.volatile || dest_ty != Some(access.ty) {
            return;
        }
        let Some(offset) = constant(&access.offset) else {
            return;
        };
        let cell = (access.array, offset, access.size);
        if !initialised
            .get(&s.id)
            .is_some_and(|cells| cells.contains(&cell))
        {
            return;
        }
        if let Some(values) = cell_values(cell, access.ty) {
            out.insert(s.id, values);
        }
    });
    out
}

/// For each read of the kernel, the cells (array, constant byte offset,
/// size) of plain writes that surely ran in its block before it (see
/// "Initialised" in the module comment).
pub fn initialised_cells(kernel: &Kernel) -> HashMap<StmtId, HashSet<(ArrayId, i128, u32)>> {
    initialised_reads(kernel, &single_top_level_defs(kernel))
}

/// Whether `e` is the same in every thread of a block at every time: it
/// mentions only constants, scalar parameters and block-wide launch values.
fn block_invariant(e: &Expr) -> bool {
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => true,
        Expr::Var(_) => false,
        Expr::Builtin(b) => !matches!(b, Builtin::ThreadIdx(_)),
        Expr::Unary(_, x, _) | Expr::Cast(_, x) => block_invariant(x),
        Expr::Binary(_, a, b, _) => block_invariant(a) && block_invariant(b),
        Expr::Select(c, a, b, _) => block_invariant(c) && block_invariant(a) && block_invariant(b),
        // An uninterpreted application may stand for a value read at run
        // time (a collective copy's stored value is `Apply(copy, [source,
        // offset, blockIdx])`: the same term for two copies of one element
        // made at different times): never taken as invariant.
        Expr::Apply(..) => false,
    }
}

/// The value of a constant offset expression.
fn constant(e: &Expr) -> Option<i128> {
    eval_expr(e, &|_| None).map(|v| v.bits)
}

/// Locals with exactly one definition in the kernel, an `Assign` at the top
/// level of the body: the index of that statement and the value.
fn single_top_level_defs(kernel: &Kernel) -> HashMap<VarId, (usize, Expr)> {
    let mut count: HashMap<VarId, u32> = HashMap::default();
    for_each_stmt(&kernel.body, &mut |s| {
        let defined = match &s.kind {
            StmtKind::Assign { var, .. } | StmtKind::Havoc { var } => Some(*var),
            StmtKind::Read { dest, .. } => Some(*dest),
            StmtKind::Atomic { dest, .. } | StmtKind::Collective { dest, .. } => *dest,
            StmtKind::NamedBarrier { token, .. } => *token,
            _ => None,
        };
        if let Some(v) = defined {
            *count.entry(v).or_default() += 1;
        }
    });
    let mut out = HashMap::default();
    for (i, s) in kernel.body.stmts.iter().enumerate() {
        if let StmtKind::Assign { var, value } = &s.kind {
            if count.get(var) == Some(&1) {
                out.insert(*var, (i, value.clone()));
            }
        }
    }
    out
}

/// The value of `e` in thread (0,0,0) at top-level statement `at`, when
/// it is known whatever the launch and the other inputs: thread ids are 0,
/// and a local is the value of its only definition, a top-level assignment
/// before `at` (thread 0 ran it, having not left the kernel before `at`,
/// which the caller ensures).
fn thread0_value(
    e: &Expr,
    at: usize,
    defs: &HashMap<VarId, (usize, Expr)>,
    depth: u32,
) -> Option<Value> {
    if depth > 16 {
        return None;
    }
    eval_expr(e, &|leaf| match leaf {
        Expr::Builtin(Builtin::ThreadIdx(_)) => Value::new(0, ScalarTy::UINT),
        Expr::Var(v) => {
            let (i, value) = defs.get(v)?;
            if *i >= at {
                return None;
            }
            thread0_value(value, *i, defs, depth + 1)
        }
        _ => None,
    })
}

/// Whether running `s` may leave the kernel (a `return` in it).
fn may_return(s: &Stmt) -> bool {
    let mut found = matches!(s.kind, StmtKind::Return);
    for child in crate::ir::walk::child_blocks(s) {
        for_each_stmt(child, &mut |x| found |= matches!(x.kind, StmtKind::Return));
    }
    found
}

/// The cell a plain write at a constant offset stores.
fn written_cell(s: &Stmt) -> Option<Cell> {
    match &s.kind {
        StmtKind::Write { access, .. } => {
            Some((access.array, constant(&access.offset)?, access.size))
        }
        _ => None,
    }
}

/// Thread (0,0,0)'s path through `block` (a top-level statement at index
/// `at`, or a branch of one it decides): adds the cells it stores while it
/// cannot have left the kernel; clears `alive` once it may have.
fn thread0_path(
    block: &[Stmt],
    at: usize,
    defs: &HashMap<VarId, (usize, Expr)>,
    alive: &mut bool,
    stored: &mut HashSet<Cell>,
) {
    for s in block {
        if !*alive {
            return;
        }
        if let Some(cell) = written_cell(s) {
            stored.insert(cell);
            continue;
        }
        if let StmtKind::If { cond, then_, else_ } = &s.kind {
            if let Some(v) = thread0_value(cond, at, defs, 0) {
                let taken = if v.truthy() { then_ } else { else_ };
                thread0_path(&taken.stmts, at, defs, alive, stored);
                continue;
            }
        }
        if may_return(s) {
            *alive = false;
        }
    }
}

/// For each read of the kernel, the cells stored before it in its block
/// for sure (see "Initialised" in the module comment).
fn initialised_reads(
    kernel: &Kernel,
    defs: &HashMap<VarId, (usize, Expr)>,
) -> HashMap<StmtId, HashSet<Cell>> {
    let mut out: HashMap<StmtId, HashSet<Cell>> = HashMap::default();
    // Stored by the thread itself; by thread 0 and fenced by a barrier it
    // also passed; by thread 0, not yet fenced.
    let mut own: HashSet<Cell> = HashSet::default();
    let mut fenced: HashSet<Cell> = HashSet::default();
    let mut pending: HashSet<Cell> = HashSet::default();
    let mut alive = true;
    for (i, s) in kernel.body.stmts.iter().enumerate() {
        let known: HashSet<Cell> = own.union(&fenced).copied().collect();
        if !known.is_empty() {
            let mut record = |x: &Stmt| {
                if matches!(x.kind, StmtKind::Read { .. }) {
                    out.insert(x.id, known.clone());
                }
            };
            record(s);
            for child in crate::ir::walk::child_blocks(s) {
                for_each_stmt(child, &mut record);
            }
        }
        if let Some(cell) = written_cell(s) {
            own.insert(cell);
        }
        if let StmtKind::Barrier {
            scope: BarrierScope::Block,
            local_fence: true,
            ..
        } = &s.kind
        {
            if alive {
                fenced.extend(pending.iter().copied());
            }
        }
        if alive {
            thread0_path(std::slice::from_ref(s), i, defs, &mut alive, &mut pending);
        }
    }
    out
}
