//! Loop analysis: what each loop modifies, how it exits, and its counter.
//!
//! A counter is a variable whose only assignments inside the loop are one
//! update `v = v op e` with `e` loop-invariant. The checker turns counters into
//! invariants (exact value sets, strides, bounds); everything else a loop
//! modifies is havocked at the loop head, constrained only by the candidate
//! invariants the solver proves inductive (`check::symexec`,
//! `Exec::loop_invariants`). At the exit, the values later
//! statements read (`live_after`) come from the loop's last iteration
//! (`check::symexec`); the others are havocked.

use crate::base::HashMap;
use std::collections::BTreeSet;

use crate::ir::walk::for_each_stmt;
use crate::ir::{BinOp, Block, Expr, Kernel, ScalarTy, Stmt, StmtId, StmtKind, VarId};

/// How a counter changes per update.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateOp {
    /// `v = v + e`.
    Add,
    /// `v = v - e`.
    Sub,
    /// `v = v * e`.
    Mul,
    /// `v = v / e`.
    Div,
    /// `v = v << e`.
    Shl,
    /// `v = v >> e`.
    Shr,
}

/// A loop counter.
#[derive(Clone, Debug, PartialEq)]
pub struct Counter {
    /// The variable.
    pub var: VarId,
    /// Update operation.
    pub op: UpdateOp,
    /// Loop-invariant operand `e`.
    pub operand: Expr,
    /// The full update expression (`v op e` with casts as written).
    pub update: Expr,
}

/// Facts about one loop.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LoopInfo {
    /// Variables assigned anywhere in the loop (condition prelude, body, step).
    pub modified: BTreeSet<VarId>,
    /// A `break` of this loop exists.
    pub has_break: bool,
    /// A `return` exists inside.
    pub has_return: bool,
    /// Returns inside, for uniformity of the exit.
    pub returns: Vec<StmtId>,
    /// Counters found.
    pub counters: Vec<Counter>,
    /// A barrier (of any scope) occurs inside.
    pub has_barrier: bool,
    /// A named or split barrier operation occurs inside.
    pub has_named_barrier: bool,
    /// Variables the loop modifies that some statement outside the loop
    /// reads other than as a value stored to memory (in a condition, an
    /// address, an assignment): the exit values that decide what happens
    /// after the loop. (A value only stored matters for the benign-race
    /// comparison alone, which an unknown value keeps sound.)
    pub live_after: BTreeSet<VarId>,
    /// Statements inside (condition prelude, body, step).
    pub size: usize,
}

/// Loop facts for every loop of a kernel.
#[derive(Clone, Debug, Default)]
pub struct LoopTable {
    /// By loop label.
    pub loops: HashMap<StmtId, LoopInfo>,
}

impl LoopTable {
    /// Analyses every loop.
    pub fn new(kernel: &Kernel) -> LoopTable {
        let mut table = LoopTable::default();
        let mut infos: Vec<(StmtId, LoopInfo)> = Vec::new();
        for_each_stmt(&kernel.body, &mut |s| {
            if let StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } = &s.kind
            {
                let mut info = analyse(cond_prelude, body, step);
                // A linear counter whose update converts its running value
                // to a narrower (or a non-integer) type is no counter: the
                // conversion wraps it (`off = (unsigned char)(off + 24)`
                // goes 240, 8, ..), so `v = init +/- k * e` and the facts
                // built on it (iteration links, strides, value sets that
                // ignore the wrap) would not hold. Dropping it only loses
                // facts.
                info.counters.retain(|c| {
                    !matches!(c.op, UpdateOp::Add | UpdateOp::Sub)
                        || match kernel.vars.get(c.var.0 as usize).map(|d| d.ty) {
                            Some(ScalarTy::Int { bits, .. }) => {
                                running_width(c.var, &c.update).is_some_and(|w| w >= bits)
                            }
                            _ => true,
                        }
                });
                infos.push((s.id, info));
            }
        });
        // One walk numbers the statements in pre-order and lists, per
        // variable some loop modifies, the numbers of the statements reading
        // it (once per read): a loop statement's own reads (its condition)
        // and those of its nested statements are the numbers from its own
        // to the end of its subtree. (Counting each loop's reads by a walk
        // of its own repeated the walk of a nested loop at every depth.)
        let mut reads: Vec<Option<Vec<usize>>> = vec![None; kernel.vars.len()];
        for (_, info) in &infos {
            for v in &info.modified {
                if let Some(slot) = reads.get_mut(v.0 as usize) {
                    slot.get_or_insert_with(Vec::new);
                }
            }
        }
        let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
        number_reads(&kernel.body, &mut 0, &mut reads, &mut ranges);
        // Both walks are in pre-order: the n-th range is the n-th loop's.
        for ((id, mut info), range) in infos.into_iter().zip(ranges) {
            // A variable read more often in the kernel than inside the loop
            // statement (its condition included) is read outside.
            info.live_after = info
                .modified
                .iter()
                .copied()
                .filter(|v| {
                    let at = reads
                        .get(v.0 as usize)
                        .and_then(Option::as_deref)
                        .unwrap_or_default();
                    // Ascending: numbered in the order of the walk.
                    let inside = at.partition_point(|&n| n < range.end)
                        - at.partition_point(|&n| n < range.start);
                    at.len() > inside
                })
                .collect();
            table.loops.insert(id, info);
        }
        table
    }

    /// Facts of a loop.
    pub fn get(&self, id: StmtId) -> Option<&LoopInfo> {
        self.loops.get(&id)
    }
}

fn analyse(prelude: &Block, body: &Block, step: &Block) -> LoopInfo {
    let mut info = LoopInfo::default();
    let mut assigns: HashMap<VarId, Vec<Option<&Expr>>> = HashMap::default();
    for block in [prelude, body, step] {
        for_each_stmt(block, &mut |s: &Stmt| match &s.kind {
            StmtKind::Assign { var, value } => {
                info.modified.insert(*var);
                assigns.entry(*var).or_default().push(Some(value));
            }
            StmtKind::Havoc { var } | StmtKind::Read { dest: var, .. } => {
                info.modified.insert(*var);
                assigns.entry(*var).or_default().push(None);
            }
            StmtKind::Atomic {
                dest: Some(var), ..
            }
            | StmtKind::Collective {
                dest: Some(var), ..
            }
            | StmtKind::NamedBarrier {
                token: Some(var),
                op: crate::ir::NamedOp::Arrive | crate::ir::NamedOp::ArriveAndDrop,
                ..
            } => {
                info.modified.insert(*var);
                assigns.entry(*var).or_default().push(None);
            }
            StmtKind::Return => {
                info.has_return = true;
                info.returns.push(s.id);
            }
            StmtKind::Barrier { .. } => info.has_barrier = true,
            StmtKind::NamedBarrier { .. } => info.has_named_barrier = true,
            _ => {}
        });
        for_each_stmt(block, &mut |_| info.size += 1);
        info.has_break |= has_own_break(block);
    }
    for (var, values) in assigns {
        if let [Some(update)] = values.as_slice() {
            if let Some((op, operand)) = counter_update(var, update) {
                if !mentions_any(operand, &info.modified) {
                    info.counters.push(Counter {
                        var,
                        op,
                        operand: operand.clone(),
                        update: (*update).clone(),
                    });
                }
            }
        }
    }
    info.counters.sort_by_key(|c| c.var);
    info
}

/// Numbers the statements of `block` (nested ones included) in pre-order
/// from `next`, adds the number of each statement reading a variable (see
/// [`stmt_reads`]) to the variable's list in `reads` (variables without a
/// list are not followed) and lists the range of the numbers of each loop's
/// statement and its nested ones, loops in pre-order.
fn number_reads(
    block: &Block,
    next: &mut usize,
    reads: &mut [Option<Vec<usize>>],
    ranges: &mut Vec<std::ops::Range<usize>>,
) {
    for s in &block.stmts {
        let at = *next;
        *next += 1;
        stmt_reads(s, &mut |v| {
            if let Some(Some(list)) = reads.get_mut(v.0 as usize) {
                list.push(at);
            }
        });
        let slot = matches!(s.kind, StmtKind::Loop { .. }).then(|| {
            ranges.push(at..at);
            ranges.len() - 1
        });
        for child in crate::ir::walk::child_blocks(s) {
            number_reads(child, next, reads, ranges);
        }
        if let Some(i) = slot {
            ranges[i].end = *next;
        }
    }
}

/// Calls `read` for each variable read of the statement `s` itself (not
/// of its nested statements), except as a value stored to memory.
fn stmt_reads(s: &Stmt, read: &mut dyn FnMut(VarId)) {
    let mut exprs: Vec<&Expr> = Vec::new();
    match &s.kind {
        StmtKind::Assign { value, .. } => exprs.push(value),
        StmtKind::Read { access, .. } => exprs.push(&access.offset),
        StmtKind::Atomic { access, .. } | StmtKind::Write { access, .. } => {
            exprs.push(&access.offset)
        }
        StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. } => exprs.push(cond),
        StmtKind::Assume { cond } => exprs.push(cond),
        StmtKind::Collective { uniform_args, .. } => exprs.extend(uniform_args),
        StmtKind::NamedBarrier {
            barrier,
            count,
            token,
            ..
        } => {
            exprs.push(barrier);
            exprs.extend(count);
            // A wait reads its token (an arrival writes it: counting
            // it as a read too only keeps more variables live).
            if let Some(t) = token {
                read(*t);
            }
        }
        StmtKind::Havoc { .. }
        | StmtKind::Barrier { .. }
        | StmtKind::DeviceFence
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Return => {}
    }
    for e in exprs {
        crate::ir::walk::for_each_expr(e, &mut |x| {
            if let Expr::Var(v) = x {
                read(*v);
            }
        });
    }
}

/// A `break` that leaves this loop (not one of a nested loop).
fn has_own_break(block: &Block) -> bool {
    block.stmts.iter().any(|s| match &s.kind {
        StmtKind::Break => true,
        StmtKind::If { then_, else_, .. } => has_own_break(then_) || has_own_break(else_),
        _ => false,
    })
}

/// Recognises `v op e` (through casts) as an update of `v`.
fn counter_update(var: VarId, e: &Expr) -> Option<(UpdateOp, &Expr)> {
    let e = strip_casts(e);
    let Expr::Binary(op, lhs, rhs, _) = e else {
        return None;
    };
    let is_var = |x: &Expr| matches!(strip_casts(x), Expr::Var(v) if *v == var);
    let op = match op {
        BinOp::Add => UpdateOp::Add,
        BinOp::Sub => UpdateOp::Sub,
        BinOp::Mul => UpdateOp::Mul,
        BinOp::Div => UpdateOp::Div,
        BinOp::Shl => UpdateOp::Shl,
        BinOp::Shr => UpdateOp::Shr,
        _ => return None,
    };
    if is_var(lhs) {
        return Some((op, rhs));
    }
    if is_var(rhs) && matches!(op, UpdateOp::Add | UpdateOp::Mul) {
        return Some((op, lhs));
    }
    None
}

/// The narrowest integer width that a linear update `v = v op e` converts
/// the running value through: casts around the whole update and around
/// `v` itself (casts inside `e` only shape the step). `Some(u8::MAX)`
/// without any such cast; None when one converts to a non-integer type.
pub fn running_width(var: VarId, update: &Expr) -> Option<u8> {
    let mut width = Some(u8::MAX);
    for_each_running_cast(var, update, &mut |ty| {
        width = match (width, ty) {
            (Some(w), ScalarTy::Int { bits, .. }) => Some(w.min(bits)),
            _ => None,
        };
    });
    width
}

/// Whether every conversion of the running value in the update `v = v op
/// e` (see [`running_width`]) is to `ty`, the variable's own type: the
/// arithmetic is then done in `ty` (no unsigned or wider sum converted back,
/// as `int off; off += 0x80000004u` is, which wraps without overflowing).
pub fn runs_in_own_type(var: VarId, update: &Expr, ty: ScalarTy) -> bool {
    let mut own = true;
    for_each_running_cast(var, update, &mut |t| own &= t == ty);
    own
}

/// Calls `f` with the type of each cast around the whole update `v = v op
/// e` and around `v` itself in it.
fn for_each_running_cast(var: VarId, update: &Expr, f: &mut dyn FnMut(ScalarTy)) {
    fn spine(e: &Expr, var: VarId, top: bool, f: &mut dyn FnMut(ScalarTy)) {
        match e {
            Expr::Cast(ty, inner) => {
                f(*ty);
                spine(inner, var, top, f);
            }
            Expr::Binary(_, lhs, rhs, _) if top => {
                let is_var = |x: &Expr| matches!(strip_casts(x), Expr::Var(v) if *v == var);
                if is_var(lhs) {
                    spine(lhs, var, false, f);
                } else if is_var(rhs) {
                    spine(rhs, var, false, f);
                }
            }
            _ => {}
        }
    }
    spine(update, var, true, f)
}

fn strip_casts(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, inner) => strip_casts(inner),
        _ => e,
    }
}

/// Whether `e` reads any of `vars`.
pub fn mentions_any(e: &Expr, vars: &BTreeSet<VarId>) -> bool {
    match e {
        Expr::Var(v) => vars.contains(v),
        Expr::Int(..) | Expr::Float(..) | Expr::Param(_) | Expr::Builtin(_) => false,
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => mentions_any(a, vars),
        Expr::Binary(_, a, b, _) => mentions_any(a, vars) || mentions_any(b, vars),
        Expr::Select(c, a, b, _) => {
            mentions_any(c, vars) || mentions_any(a, vars) || mentions_any(b, vars)
        }
        Expr::Apply(_, args, _) => args.iter().any(|a| mentions_any(a, vars)),
    }
}

/// Variables read by `e`, in first-occurrence order.
pub fn vars_of(e: &Expr, out: &mut Vec<VarId>) {
    match e {
        Expr::Var(v) => {
            if !out.contains(v) {
                out.push(*v);
            }
        }
        Expr::Int(..) | Expr::Float(..) | Expr::Param(_) | Expr::Builtin(_) => {}
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => vars_of(a, out),
        Expr::Binary(_, a, b, _) => {
            vars_of(a, out);
            vars_of(b, out);
        }
        Expr::Select(c, a, b, _) => {
            vars_of(c, out);
            vars_of(a, out);
            vars_of(b, out);
        }
        Expr::Apply(_, args, _) => args.iter().for_each(|a| vars_of(a, out)),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::frontend::{lower_source, NoIncludes};

    /// The loop facts of the only kernel of `text`, outermost loop first,
    /// with the names of the variables in `live_after`.
    fn live_after(text: &str) -> Vec<Vec<String>> {
        let program = lower_source(Path::new("t.cu"), text, &NoIncludes);
        let kernel = &program.kernels[0];
        let table = LoopTable::new(kernel);
        let mut out = Vec::new();
        for_each_stmt(&kernel.body, &mut |s| {
            if let Some(info) = table.get(s.id) {
                out.push(
                    info.live_after
                        .iter()
                        .map(|v| kernel.vars[v.0 as usize].name.clone())
                        .collect(),
                );
            }
        });
        out
    }

    #[test]
    fn a_loop_counter_and_a_stored_sum_are_not_live_after_it() {
        let live = live_after(
            "__global__ void k(float *a, int n) {\n\
               float acc = 0.0f;\n\
               for (int i = threadIdx.x; i < n; i += blockDim.x * gridDim.x)\n\
                 acc += a[i];\n\
               a[threadIdx.x] = acc;\n\
             }",
        );
        // `acc` is only stored after the loop: no exit value decides anything.
        assert_eq!(live, vec![Vec::<String>::new()]);
    }

    #[test]
    fn values_read_after_the_loop_are_live() {
        let live = live_after(
            "__global__ void k(int *a, int n) {\n\
               int i = 0;\n\
               bool done = false;\n\
               int scratch = 0;\n\
               for (; i < n; i++) { done = i == n - 1; scratch = i; }\n\
               if (done) a[i] = 1;\n\
             }",
        );
        assert_eq!(live, vec![vec!["i".to_string(), "done".to_string()]]);
    }

    #[test]
    fn an_inner_loop_value_read_by_the_outer_loop_is_live() {
        let live = live_after(
            "__global__ void k(int *a, int n) {\n\
               for (int o = 0; o < n; o++) {\n\
                 int j = 0;\n\
                 for (int i = 0; i < n; i++) j = i;\n\
                 a[j] = o;\n\
               }\n\
             }",
        );
        assert_eq!(live.len(), 2);
        assert!(live[1].contains(&"j".to_string()));
        assert!(!live[1].contains(&"i".to_string()));
    }

    #[test]
    fn reads_count_inside_exactly_the_nested_statements_of_each_loop() {
        let live = live_after(
            "__global__ void k(int *a, int n) {\n\
               for (int o = 0; o < n; o++) {\n\
                 int s = 0;\n\
                 for (int m = 0; m < n; m++) {\n\
                   for (int i = 0; i < n; i++) s = i;\n\
                   a[m] = 0;\n\
                 }\n\
                 a[s] = o;\n\
               }\n\
               int t = 0;\n\
               for (int q = 0; q < n; q++) t = q;\n\
               a[t] = 1;\n\
             }",
        );
        // `s` is read after the two inner loops but inside the outer one;
        // `t` after the last loop, a sibling of the first.
        let s = vec!["s".to_string()];
        assert_eq!(live, vec![vec![], s.clone(), s, vec!["t".to_string()]]);
    }
}
