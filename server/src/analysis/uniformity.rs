//! Uniformity within a block: which values and program points are the same
//! for every thread of a block at the same dynamic instance.
//!
//! Sound over-approximation of non-uniformity: a variable is non-uniform when
//! any assignment to it is non-uniform or happens under thread-dependent
//! control. Reads are uniform when their address is: in SDV all threads of a
//! block read in lockstep, so a uniform address yields the same value unless a
//! race on it exists, and such a race is reported by the checker itself.

use std::collections::{HashMap, HashSet};

use crate::ir::walk::{BlockSlot, ProgramPoint};
use crate::ir::{Block, Builtin, Expr, Kernel, StmtId, StmtKind, VarId};

/// Result of the uniformity analysis.
#[derive(Clone, Debug, Default)]
pub struct Uniformity {
    nonuniform_vars: HashSet<VarId>,
    divergent_stmts: HashSet<StmtId>,
    divergent_points: HashMap<ProgramPoint, bool>,
    /// Statements that make later code divergent (thread-dependent `return`,
    /// `break`, `continue`) and thread-dependent conditions, by the statement they affect.
    causes: HashMap<StmtId, StmtId>,
}

impl Uniformity {
    /// Runs the analysis to a fixpoint.
    pub fn compute(kernel: &Kernel) -> Uniformity {
        let mut u = Uniformity::default();
        // Non-uniformity only grows, so this terminates after at most |vars| + 1 rounds.
        loop {
            let before = u.nonuniform_vars.len();
            u.divergent_stmts.clear();
            u.divergent_points.clear();
            u.causes.clear();
            let mut flow = Flow::default();
            u.block(&kernel.body, BlockSlot::Body, None, &mut flow);
            if u.nonuniform_vars.len() == before {
                return u;
            }
        }
    }

    /// Whether `e` has the same value in every thread of a block (at the same instance).
    pub fn is_uniform_expr(&self, e: &Expr) -> bool {
        match e {
            Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => true,
            Expr::Var(v) => !self.nonuniform_vars.contains(v),
            Expr::Builtin(b) => !matches!(b, Builtin::ThreadIdx(_)),
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => self.is_uniform_expr(a),
            Expr::Binary(_, a, b, _) => self.is_uniform_expr(a) && self.is_uniform_expr(b),
            Expr::Select(c, a, b, _) => {
                self.is_uniform_expr(c) && self.is_uniform_expr(a) && self.is_uniform_expr(b)
            }
            Expr::Apply(_, args, _) => args.iter().all(|a| self.is_uniform_expr(a)),
        }
    }

    /// Whether a variable is uniform everywhere it is assigned.
    pub fn is_uniform_var(&self, v: VarId) -> bool {
        !self.nonuniform_vars.contains(&v)
    }

    /// Whether every thread of the block executes the statement together.
    pub fn is_uniform_stmt(&self, id: StmtId) -> bool {
        !self.divergent_stmts.contains(&id)
    }

    /// Whether all threads of a block reach the point together (a barrier there
    /// cannot diverge). Unknown points are not uniform.
    pub fn is_uniform_point(&self, p: ProgramPoint) -> bool {
        matches!(self.divergent_points.get(&p), Some(false))
    }

    /// The statement (thread-dependent condition, loop, return) that makes `id` divergent.
    pub fn divergence_cause(&self, id: StmtId) -> Option<StmtId> {
        self.causes.get(&id).copied()
    }

    fn mark(&mut self, v: VarId) {
        self.nonuniform_vars.insert(v);
    }

    /// Walks a block; `div` is the statement causing divergence of the context
    /// (None: uniform context). Returns the cause of divergence after the block.
    fn block(
        &mut self,
        block: &Block,
        slot: BlockSlot,
        div: Option<StmtId>,
        flow: &mut Flow,
    ) -> Option<StmtId> {
        let mut div = div;
        for (index, stmt) in block.stmts.iter().enumerate() {
            // A thread-dependent return earlier anywhere makes the rest divergent.
            if div.is_none() {
                div = flow.returned.or(flow.escaped);
            }
            self.divergent_points
                .insert(ProgramPoint { block: slot, index }, div.is_some());
            if let Some(cause) = div {
                self.divergent_stmts.insert(stmt.id);
                self.causes.insert(stmt.id, cause);
            }
            let ctx_div = div.is_some();
            match &stmt.kind {
                StmtKind::Assign { var, value } => {
                    if ctx_div || !self.is_uniform_expr(value) {
                        self.mark(*var);
                    }
                }
                StmtKind::Havoc { var } => self.mark(*var),
                StmtKind::Read { dest, access } => {
                    if ctx_div || !self.is_uniform_expr(&access.offset) {
                        self.mark(*dest);
                    }
                }
                StmtKind::Atomic { dest, .. } => {
                    if let Some(d) = dest {
                        self.mark(*d);
                    }
                }
                StmtKind::Write { .. } | StmtKind::Barrier { .. } => {}
                StmtKind::If { cond, then_, else_ } => {
                    let inner = if ctx_div {
                        div
                    } else if self.is_uniform_expr(cond) {
                        None
                    } else {
                        Some(stmt.id)
                    };
                    let saved_escape = flow.escaped;
                    self.block(then_, BlockSlot::Then(stmt.id), inner, flow);
                    self.block(else_, BlockSlot::Else(stmt.id), inner, flow);
                    // A divergent break/continue inside leaves the rest of the
                    // enclosing loop body divergent; recorded in flow.escaped.
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
                    let saved = flow.escaped;
                    flow.escaped = None;
                    // First pass decides whether the loop is uniform; the fixpoint
                    // on variables makes loop-carried non-uniformity visible.
                    let probe_div = if ctx_div { div } else { None };
                    let mut probe = Flow {
                        returned: flow.returned,
                        escaped: None,
                    };
                    let snapshot = self.clone_points();
                    self.block(
                        cond_prelude,
                        BlockSlot::LoopCond(stmt.id),
                        probe_div,
                        &mut probe,
                    );
                    self.block(body, BlockSlot::LoopBody(stmt.id), probe_div, &mut probe);
                    self.block(step, BlockSlot::LoopStep(stmt.id), probe_div, &mut probe);
                    let nonuniform_loop = !self.is_uniform_expr(cond) || probe.escaped.is_some();
                    let inner = if ctx_div {
                        div
                    } else if nonuniform_loop {
                        Some(stmt.id)
                    } else {
                        None
                    };
                    self.restore_points(snapshot);
                    let mut inner_flow = Flow {
                        returned: flow.returned,
                        escaped: None,
                    };
                    self.block(
                        cond_prelude,
                        BlockSlot::LoopCond(stmt.id),
                        inner,
                        &mut inner_flow,
                    );
                    self.block(body, BlockSlot::LoopBody(stmt.id), inner, &mut inner_flow);
                    self.block(step, BlockSlot::LoopStep(stmt.id), inner, &mut inner_flow);
                    if inner.is_some() {
                        // Everything assigned in a thread-dependent loop differs per thread.
                        mark_assigned(self, cond_prelude);
                        mark_assigned(self, body);
                        mark_assigned(self, step);
                    }
                    if inner_flow.returned.is_some() && flow.returned.is_none() {
                        flow.returned = inner_flow.returned;
                    }
                    // Threads re-converge after the loop.
                    flow.escaped = saved;
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
            }
        }
        self.divergent_points.insert(
            ProgramPoint {
                block: slot,
                index: block.stmts.len(),
            },
            div.or(flow.returned).is_some(),
        );
        div
    }

    fn clone_points(
        &self,
    ) -> (
        HashSet<StmtId>,
        HashMap<ProgramPoint, bool>,
        HashMap<StmtId, StmtId>,
    ) {
        (
            self.divergent_stmts.clone(),
            self.divergent_points.clone(),
            self.causes.clone(),
        )
    }

    fn restore_points(
        &mut self,
        s: (
            HashSet<StmtId>,
            HashMap<ProgramPoint, bool>,
            HashMap<StmtId, StmtId>,
        ),
    ) {
        self.divergent_stmts = s.0;
        self.divergent_points = s.1;
        self.causes = s.2;
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

fn mark_assigned(u: &mut Uniformity, block: &Block) {
    crate::ir::walk::for_each_stmt(block, &mut |s| match &s.kind {
        StmtKind::Assign { var, .. }
        | StmtKind::Havoc { var }
        | StmtKind::Read { dest: var, .. } => {
            u.nonuniform_vars.insert(*var);
        }
        StmtKind::Atomic {
            dest: Some(var), ..
        } => {
            u.nonuniform_vars.insert(*var);
        }
        _ => {}
    });
}
