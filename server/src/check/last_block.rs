//! The last-block idiom of the CUDA C++ Programming Guide ("Memory Fence
//! Functions"): each block's thread 0 stores its partial result, executes
//! `__threadfence()`, takes a ticket `value = atomicInc(&count, gridDim.x)`
//! (or `atomicAdd(&count, 1)`) and stores `isLastBlockDone = (value ==
//! gridDim.x - 1)` in shared memory; after a `__syncthreads()` the block that
//! took the last ticket reads every block's result inside `if
//! (isLastBlockDone)`, and resets `count` to 0 for the next launch.
//!
//! Theorem. Let the kernel have this shape (checked by [`LastBlock::find`]):
//! at the top level of the body, an `if (threadIdx.x == 0)` whose branch
//! holds, in this order and with no `return`/`break`/`continue` before the
//! flag store, a device fence, the ticket `v = atomicAdd(&C, 1)` or
//! `atomicInc(&C, lim)` with `lim` at least `gridDim.x - 1` (no wrap before the
//! last ticket) on one constant location of a global array `C`, and the
//! store `F = (v == gridDim.x - 1)` into a shared object `F` that nothing
//! else writes; then a block barrier; then a read of `F` and `if (F) { L }`;
//! no `return` anywhere before that `if`; the only other write or atomic
//! that may touch `C` stores 0 at the ticket's location on every path through
//! `L` (a statement of `L`, or of an `if (threadIdx.x == 0)` directly in `L`,
//! with no jump before it), so every launch leaves `C` at 0.
//! Assume the launch is one-dimensional (`blockDim.y = blockDim.z = gridDim.y
//! = gridDim.z = 1`; the query keeps the other launches racy) and `C` holds 0
//! when the kernel starts (a stated assumption: the kernel's own reset keeps
//! it true for the next launch; the host must zero it once).
//! Then thread 0 of every block exists, runs the branch exactly once and
//! stores the flag before the barrier, so each block reads its own thread 0's
//! flag. Each block takes exactly one ticket (one thread, not in a loop, no
//! exit before it), and the tickets are 0, 1, ..., gridDim.x - 1 in their
//! order on `C` (no write to `C` outside `L`, and `L` runs only after the
//! last ticket). So `F` is true in exactly one block B, and B's ticket comes
//! after every other block's ticket. For a block A != B, an access of A's
//! thread 0 before its fence, or A's ticket itself, happens before A's ticket
//! is observed, which happens before B's ticket and so before everything B
//! does inside `L` (the fence makes A's earlier accesses visible to every
//! thread that observes the ticket: the Guide's example relies on exactly
//! this). Hence: (1) an access before the fence (or the ticket) of one block
//! and an access inside `L` of another block are ordered; (2) two accesses
//! inside `L` are never made by two different blocks. Nothing is said about
//! pairs in one block (barriers decide them as usual) nor about any other
//! access, and a kernel that departs from the shape in any way gets no
//! ordering at all.

use crate::base::{HashMap, HashSet};

use crate::ir::walk::{definition_counts, for_each_stmt};
use crate::ir::{
    BarrierScope, BinOp, Block, Builtin, Expr, Kernel, MemSpace, ScalarTy, StmtId, StmtKind, VarId,
};

/// The accesses the last-block idiom orders between blocks (see the module
/// comment for the theorem and the shape it needs).
#[derive(Clone, Debug)]
pub struct LastBlock {
    /// Accesses of the ticketing thread before its fence, and the ticket.
    published: HashSet<StmtId>,
    /// Accesses inside `if (flag)`: run by the last block only.
    last: HashSet<StmtId>,
    /// The counter's array (assumed 0 when the kernel first starts).
    pub counter: crate::ir::ArrayId,
    /// The ticket statement.
    pub ticket: StmtId,
}

impl LastBlock {
    /// The idiom in `kernel`, when the kernel has its exact shape.
    pub fn find(kernel: &Kernel) -> Option<LastBlock> {
        if kernel.lang != crate::ir::Lang::Cuda {
            return None;
        }
        let counts = definition_counts(kernel);
        Self::search(kernel, &kernel.body, Vec::new(), &counts)
    }

    /// The idiom with its guard directly in `list`, or in a list reached
    /// from it through `if`s of grid-uniform conditions. `prior` holds the
    /// statements every thread runs, in order, before `list` starts: the
    /// statements before the enclosing `if`s in their own lists, which run
    /// unconditionally in every thread (see [`Scope`]).
    fn search<'e>(
        kernel: &'e Kernel,
        list: &'e Block,
        prior: Vec<&'e crate::ir::Stmt>,
        counts: &HashMap<VarId, u32>,
    ) -> Option<LastBlock> {
        let base = prior.len();
        let mut stmts = prior;
        stmts.extend(list.stmts.iter());
        let scope = Scope::new(stmts, counts);
        for (g, guard) in list.stmts.iter().enumerate() {
            let StmtKind::If { cond, then_, .. } = &guard.kind else {
                continue;
            };
            let at = base + g;
            let cond = resolve(cond, &scope.top(at));
            if is_thread_zero(&cond) {
                if let Some(found) = Self::from_guard(kernel, &scope, at, then_, counts) {
                    return Some(found);
                }
            } else if grid_uniform(&cond) {
                // Every thread of the grid takes the branch, or none does:
                // when none does, no access of the idiom runs (and no
                // ticket is taken), so the claims about them hold vacuously;
                // when all do, the branch is a straight continuation of
                // `scope[..at]`. The else branch is not searched.
                if let Some(found) = Self::search(kernel, then_, scope.stmts[..at].to_vec(), counts)
                {
                    return Some(found);
                }
            }
        }
        None
    }

    /// The idiom whose ticket sits in `branch`, the `if (threadIdx.x == 0)`
    /// at index `g` of `scope`.
    fn from_guard(
        kernel: &Kernel,
        scope: &Scope<'_>,
        g: usize,
        branch: &Block,
        counts: &HashMap<VarId, u32>,
    ) -> Option<LastBlock> {
        let list = &branch.stmts;
        let top = scope.top(g);
        // The fence thread 0 runs before its ticket: the first one in the
        // branch, or else the last one directly in the scope before the
        // guard (run by every thread, thread 0 included, in order).
        let (fence, fence_at) = match list
            .iter()
            .position(|s| matches!(s.kind, StmtKind::DeviceFence))
        {
            Some(f) => (Some(f), g),
            None => (
                None,
                scope.stmts[..g]
                    .iter()
                    .rposition(|s| matches!(s.kind, StmtKind::DeviceFence))?,
            ),
        };
        let after_fence = fence.map_or(0, |f| f + 1);
        let (t, counter, ticket_offset, value) = list
            .iter()
            .enumerate()
            .skip(after_fence)
            .find_map(|(i, s)| {
                let StmtKind::Atomic {
                    dest: Some(v),
                    access,
                    op,
                } = &s.kind
                else {
                    return None;
                };
                let operand = op.operand.as_ref().map(|e| resolve(e, &top));
                let ticket = op.name == "atomicInc" && operand.as_ref().is_some_and(no_wrap_limit)
                    || op.name == "atomicAdd" && matches!(operand, Some(Expr::Int(1, _)));
                let Expr::Int(offset, _) = access.offset else {
                    return None;
                };
                (ticket && counts.get(v) == Some(&1)).then_some((i, access.array, offset, *v))
            })?;
        if kernel.arrays.get(counter.0 as usize)?.space != MemSpace::Global {
            return None;
        }
        // Locals defined once in the branch before use, or at the top level.
        let mut local: HashMap<VarId, &Expr> = HashMap::default();
        let mut flag = None;
        for (i, s) in list.iter().enumerate().skip(t + 1) {
            match &s.kind {
                StmtKind::Assign { var, value } if counts.get(var) == Some(&1) => {
                    local.insert(*var, value);
                }
                StmtKind::Write {
                    access,
                    value: stored,
                } => {
                    let lookup = |v: VarId| local.get(&v).copied().or_else(|| top(v));
                    if is_last_ticket_test(&resolve(stored, &lookup), value) {
                        flag = Some((i, s.id, access.array, access.offset.clone()));
                        break;
                    }
                }
                _ => {}
            }
        }
        let (w, flag_write, flag_array, flag_offset) = flag?;
        let Expr::Int(flag_offset, _) = flag_offset else {
            return None;
        };
        if kernel.arrays.get(flag_array.0 as usize)?.space != MemSpace::Shared
            || list[..=w].iter().any(has_jump)
        {
            return None;
        }
        // After the guard: a block barrier, the flag's read, `if (flag)`.
        let body = &scope.stmts;
        let barrier = g
            + 1
            + body[g + 1..].iter().position(|s| {
                matches!(
                    s.kind,
                    StmtKind::Barrier {
                        scope: BarrierScope::Block,
                        ..
                    }
                )
            })?;
        let (r, read_dest) = body
            .iter()
            .enumerate()
            .skip(barrier + 1)
            .find_map(|(i, s)| {
                let StmtKind::Read { dest, access } = &s.kind else {
                    return None;
                };
                (access.array == flag_array
                    && matches!(access.offset, Expr::Int(o, _) if o == flag_offset)
                    && counts.get(dest) == Some(&1))
                .then_some((i, *dest))
            })?;
        let (l, region) = body.iter().enumerate().skip(r + 1).find_map(|(i, s)| {
            let StmtKind::If { cond, then_, .. } = &s.kind else {
                return None;
            };
            is_truth_of(cond, read_dest).then_some((i, then_))
        })?;
        // No `return` anywhere before the region: `body[..l]` holds every
        // statement a thread runs before it (the enclosing lists' earlier
        // statements included).
        if body[..l].iter().any(|s| has_return(s)) {
            return None;
        }
        let mut last = HashSet::default();
        for_each_stmt(region, &mut |s| {
            if let Some((id, _)) = access_of(s) {
                last.insert(id);
            }
        });
        let is_reset = |s: &crate::ir::Stmt| {
            matches!(&s.kind, StmtKind::Write { access, value }
                if access.array == counter
                    && matches!(access.offset, Expr::Int(o, _) if o == ticket_offset)
                    && is_zero(value))
        };
        let reset = reset_on_every_path(region, &is_reset, &scope.top(l))?;
        // Nothing but the ticket and the reset may move the counter (so the
        // region leaves it 0 for the next launch), and nothing but the flag
        // store may write the flag.
        let aliases = |x: crate::ir::ArrayId, y: crate::ir::ArrayId| {
            let (Some(a), Some(b)) = (
                kernel.arrays.get(x.0 as usize),
                kernel.arrays.get(y.0 as usize),
            ) else {
                return true;
            };
            x == y || a.space == b.space && (a.may_alias_all || b.may_alias_all)
        };
        let ticket_id = list[t].id;
        let mut foreign = false;
        for_each_stmt(&kernel.body, &mut |s| {
            let Some((id, array)) = access_of(s) else {
                return;
            };
            if matches!(s.kind, StmtKind::Read { .. }) {
                return;
            }
            foreign |= aliases(array, counter) && id != ticket_id && id != reset;
            foreign |= aliases(array, flag_array) && id != flag_write;
        });
        if foreign {
            return None;
        }
        let mut published = HashSet::from_iter([ticket_id]);
        let mut publish = |b: &Block| {
            for_each_stmt(b, &mut |s| {
                if let Some((id, _)) = access_of(s) {
                    published.insert(id);
                }
            });
        };
        if let Some(fence) = fence {
            publish(&Block {
                stmts: list[..fence].to_vec(),
                braces: None,
            });
        }
        // Accesses that happen before thread 0's fence (`scope[fence_at]`,
        // or the guard holding it) in every block:
        // - those of an earlier `if (threadIdx.x == 0)` (its then branch):
        //   thread 0 makes them, before the fence in program order;
        // - those of any earlier statement followed, before the fence, by a
        //   block barrier of the scope (every thread of the block passes it,
        //   and CUDA's `__syncthreads()` orders the global and shared
        //   accesses before it for the threads after it, thread 0 at its
        //   fence included: the PTX memory model makes the barrier's
        //   synchronisation part of causality order, which is transitive,
        //   so the fence and ticket that follow release those accesses too).
        // A statement of the scope runs in every thread exactly once and in
        // order (`Scope`), so both cases hold in every block.
        for (i, s) in scope.stmts[..fence_at].iter().enumerate() {
            let barrier_after = scope.stmts[i + 1..fence_at].iter().any(|b| {
                matches!(
                    b.kind,
                    StmtKind::Barrier {
                        scope: BarrierScope::Block,
                        global_fence: true,
                        ..
                    }
                )
            });
            if barrier_after {
                publish(&Block {
                    stmts: vec![(*s).clone()],
                    braces: None,
                });
            } else if let StmtKind::If { cond, then_, .. } = &s.kind {
                if is_thread_zero(&resolve(cond, &scope.top(i))) {
                    publish(then_);
                }
            }
        }
        Some(LastBlock {
            published,
            last,
            counter,
            ticket: ticket_id,
        })
    }

    /// Whether the idiom orders accesses `a` and `b` made by threads of two
    /// different blocks of a one-dimensional launch.
    pub fn orders(&self, a: StmtId, b: StmtId) -> bool {
        let (pa, la) = (self.published.contains(&a), self.last.contains(&a));
        let (pb, lb) = (self.published.contains(&b), self.last.contains(&b));
        (pa || la) && lb || la && pb
    }
}

/// The reset of the counter (`is_reset`) that every entry into `region`
/// runs: a statement of the region itself, or of an `if (threadIdx.x == 0)`
/// directly in it (thread 0 exists in every block), with no `return`,
/// `break` or `continue` before it in either list and no loop around it.
fn reset_on_every_path<'e>(
    region: &Block,
    is_reset: &dyn Fn(&crate::ir::Stmt) -> bool,
    top: &dyn Fn(VarId) -> Option<&'e Expr>,
) -> Option<StmtId> {
    for (i, s) in region.stmts.iter().enumerate() {
        let before_clear = || !region.stmts[..i].iter().any(has_jump);
        if is_reset(s) {
            return before_clear().then_some(s.id);
        }
        if let StmtKind::If { cond, then_, .. } = &s.kind {
            if !is_thread_zero(&resolve(cond, top)) {
                continue;
            }
            if let Some(j) = then_.stmts.iter().position(is_reset) {
                let clear = before_clear() && !then_.stmts[..j].iter().any(has_jump);
                return clear.then_some(then_.stmts[j].id);
            }
        }
    }
    None
}

/// The label and array of a memory access statement.
fn access_of(s: &crate::ir::Stmt) -> Option<(StmtId, crate::ir::ArrayId)> {
    match &s.kind {
        StmtKind::Read { access, .. }
        | StmtKind::Write { access, .. }
        | StmtKind::Atomic { access, .. } => Some((s.id, access.array)),
        _ => None,
    }
}

/// Whether `s` holds a `return`, `break` or `continue` (at any depth).
fn has_jump(s: &crate::ir::Stmt) -> bool {
    let mut found = false;
    let block = Block {
        stmts: vec![s.clone()],
        braces: None,
    };
    for_each_stmt(&block, &mut |x| {
        found |= matches!(
            x.kind,
            StmtKind::Return | StmtKind::Break | StmtKind::Continue
        );
    });
    found
}

/// Whether `s` holds a `return` (at any depth).
fn has_return(s: &crate::ir::Stmt) -> bool {
    let mut found = false;
    let block = Block {
        stmts: vec![s.clone()],
        braces: None,
    };
    for_each_stmt(&block, &mut |x| found |= matches!(x.kind, StmtKind::Return));
    found
}

/// `e` with locals replaced by their single definitions (`def`), and casts
/// to integer types of 32 bits or more dropped: such a cast is injective on
/// the 32-bit unsigned values compared here (tickets and `gridDim.x - 1`,
/// which is below 2^31), so it does not change an equality between them.
fn resolve<'e>(e: &Expr, def: &dyn Fn(VarId) -> Option<&'e Expr>) -> Expr {
    match e {
        Expr::Var(v) => match def(*v) {
            Some(d) => resolve(d, def),
            None => e.clone(),
        },
        Expr::Cast(ScalarTy::Int { bits, .. }, inner) if *bits >= 32 => resolve(inner, def),
        Expr::Cast(ScalarTy::Bool, inner) => {
            let inner = resolve(inner, def);
            match &inner {
                Expr::Binary(op, ..) if op.is_comparison() => inner,
                _ => Expr::Cast(ScalarTy::Bool, Box::new(inner)),
            }
        }
        Expr::Binary(op, a, b, ty) => Expr::Binary(
            *op,
            Box::new(resolve(a, def)),
            Box::new(resolve(b, def)),
            *ty,
        ),
        _ => e.clone(),
    }
}

/// The constant 0, possibly converted.
fn is_zero(e: &Expr) -> bool {
    match e {
        Expr::Int(0, _) => true,
        Expr::Cast(_, inner) => is_zero(inner),
        _ => false,
    }
}

/// `threadIdx.x == 0`.
fn is_thread_zero(e: &Expr) -> bool {
    let Expr::Binary(BinOp::Eq, a, b, _) = e else {
        return false;
    };
    matches!(
        (a.as_ref(), b.as_ref()),
        (Expr::Builtin(Builtin::ThreadIdx(0)), Expr::Int(0, _))
            | (Expr::Int(0, _), Expr::Builtin(Builtin::ThreadIdx(0)))
    )
}

/// Whether `atomicInc(&C, limit)` with this `limit` hands out the tickets 0,
/// 1, ..., gridDim.x - 1 without wrapping: it stores
/// `old >= limit ? 0 : old + 1`, so it wraps before the last ticket when
/// `limit < gridDim.x - 1`
/// (then no block is last, the reset never runs and the next launch starts
/// from a non-zero count). Accepted: `gridDim.x`, `gridDim.x - 1`, or a
/// constant of at least 2^31 - 2 (gridDim.x is at most 2^31 - 1).
fn no_wrap_limit(limit: &Expr) -> bool {
    let limit = match limit {
        Expr::Cast(ScalarTy::Int { bits, .. }, inner) if *bits >= 32 => inner.as_ref(),
        other => other,
    };
    let grid = |x: &Expr| matches!(x, Expr::Builtin(Builtin::GridDim(0)));
    match limit {
        Expr::Int(c, _) => *c >= (1 << 31) - 2,
        Expr::Binary(BinOp::Sub, g, one, _) => grid(g) && matches!(one.as_ref(), Expr::Int(1, _)),
        other => grid(other),
    }
}

/// `v == gridDim.x - 1` (either side first), possibly stored as `c ? 1 : 0`.
fn is_last_ticket_test(e: &Expr, v: VarId) -> bool {
    if let Expr::Select(c, yes, no, _) = e {
        return matches!(
            (yes.as_ref(), no.as_ref()),
            (Expr::Int(1, _), Expr::Int(0, _))
        ) && is_last_ticket_test(c, v);
    }
    let Expr::Binary(BinOp::Eq, a, b, _) = e else {
        return false;
    };
    let last = |x: &Expr| {
        matches!(x, Expr::Binary(BinOp::Sub, g, one, _)
            if matches!(g.as_ref(), Expr::Builtin(Builtin::GridDim(0)))
                && matches!(one.as_ref(), Expr::Int(1, _)))
    };
    let ticket = |x: &Expr| matches!(x, Expr::Var(x) if *x == v);
    ticket(a) && last(b) || last(a) && ticket(b)
}

/// Whether `cond` is true exactly when the value read into `d` is non-zero.
fn is_truth_of(cond: &Expr, d: VarId) -> bool {
    let strip = |e: &Expr| -> Option<VarId> {
        match e {
            Expr::Var(x) => Some(*x),
            Expr::Cast(ScalarTy::Int { .. } | ScalarTy::Bool, inner) => match inner.as_ref() {
                Expr::Var(x) => Some(*x),
                _ => None,
            },
            _ => None,
        }
    };
    match cond {
        Expr::Binary(BinOp::Ne, a, b, _) => match (a.as_ref(), b.as_ref()) {
            (x, Expr::Int(0, _)) | (Expr::Int(0, _), x) => strip(x) == Some(d),
            _ => false,
        },
        _ => strip(cond) == Some(d),
    }
}

/// The statements that run, in order and exactly once, in every thread that
/// reaches a list of the idiom: the kernel's top-level statements before
/// it, then those of each enclosing grid-uniform `if` before the next one,
/// then the list itself (no loop encloses any of them; a `return` among
/// them is rejected by the caller before any claim is made).
struct Scope<'e> {
    /// The statements, in program order.
    stmts: Vec<&'e crate::ir::Stmt>,
    /// Locals defined exactly once in the kernel, by an assignment among
    /// `stmts`, with its index.
    defs: HashMap<VarId, (usize, &'e Expr)>,
}

impl<'e> Scope<'e> {
    /// The scope of `stmts`, with its single definitions.
    fn new(stmts: Vec<&'e crate::ir::Stmt>, counts: &HashMap<VarId, u32>) -> Scope<'e> {
        let mut defs = HashMap::default();
        for (i, s) in stmts.iter().enumerate() {
            if let StmtKind::Assign { var, value } = &s.kind {
                if counts.get(var) == Some(&1) {
                    defs.insert(*var, (i, value));
                }
            }
        }
        Scope { stmts, defs }
    }

    /// The definitions that hold at index `at`: a single definition that
    /// every thread ran before reaching `at` (its value is the local's value
    /// there).
    fn top(&self, at: usize) -> impl Fn(VarId) -> Option<&'e Expr> + '_ {
        move |v| self.defs.get(&v).filter(|(i, _)| *i < at).map(|(_, e)| *e)
    }
}

/// Whether `e` (resolved) has one value in every thread of the grid: built
/// from constants, scalar parameters and the launch sizes only.
fn grid_uniform(e: &Expr) -> bool {
    match e {
        Expr::Int(..) | Expr::Param(_) => true,
        Expr::Builtin(b) => matches!(b, Builtin::GridDim(_) | Builtin::BlockDim(_)),
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => grid_uniform(a),
        Expr::Binary(_, a, b, _) => grid_uniform(a) && grid_uniform(b),
        _ => false,
    }
}
