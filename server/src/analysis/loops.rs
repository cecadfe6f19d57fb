//! Loop analysis: what each loop modifies, how it exits, and its counter.
//!
//! A counter is a variable whose only assignments inside the loop are one
//! update `v = v op e` with `e` loop-invariant. The checker turns counters into
//! invariants (exact value sets, strides, bounds); everything else a loop
//! modifies is havocked at the loop head and exit.

use std::collections::{BTreeSet, HashMap};

use crate::ir::walk::for_each_stmt;
use crate::ir::{BinOp, Block, Expr, Kernel, Stmt, StmtId, StmtKind, VarId};

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
        for_each_stmt(&kernel.body, &mut |s| {
            if let StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } = &s.kind
            {
                table.loops.insert(s.id, analyse(cond_prelude, body, step));
            }
        });
        table
    }

    /// Facts of a loop.
    pub fn get(&self, id: StmtId) -> Option<&LoopInfo> {
        self.loops.get(&id)
    }
}

fn analyse(prelude: &Block, body: &Block, step: &Block) -> LoopInfo {
    let mut info = LoopInfo::default();
    let mut assigns: HashMap<VarId, Vec<Option<&Expr>>> = HashMap::new();
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
            _ => {}
        });
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
