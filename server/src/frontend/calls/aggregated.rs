//! The warp-aggregated increment on a coalesced group:
//!
//! ```text
//! auto g = cg::coalesced_threads();            // origin
//! int base;
//! if (g.thread_rank() == 0)
//!     base = atomicAdd(ctr, g.size());          // the leader's atomic
//! ... g.shfl(base, 0) + g.thread_rank() ...    // this thread's ticket
//! ```
//!
//! Theorem. Let every thread of a group G (the threads that ran the origin
//! together; ranks 0..|G|-1, one per thread) run the three parts above in
//! one straight-line list, with no exit, `break`, `continue` or barrier
//! after the origin and `base` and the counter's address unchanged after the
//! leader's atomic. The leader (rank 0, always in G) reads `old` and adds
//! |G| in one atomic step, `g.shfl(base, 0)` gives every thread of G the
//! leader's `old` (CUDA Programming Guide, Cooperative Groups,
//! `coalesced_group::shfl`: the source is a rank in the group), so thread r
//! gets `old + r`: the values old, .., old + |G| - 1, one per thread, all
//! below the counter's value `old + |G|` after the step. Each atomic step is
//! one point of the location's modification order (a read-modify-write reads
//! the value the step before it wrote), so the values handed out are exactly
//! those of |G| consecutive `atomicAdd(ctr, 1)` by the threads of G in rank
//! order. Hence the idiom is lowered as `ticket = atomicAdd(ctr, 1)` in every
//! thread of G at the shuffle, and `g.shfl(base, 0) + g.thread_rank()` as
//! `ticket`: the refined-atomic facts the checker draws for increments
//! (distinct old values, [`crate::ir::AtomicOp::direction`], which ignores
//! wrap-around after 2^32 updates as GPUVerify does) hold of the real values.
//! The leader's own atomic becomes an unknown value of `base`: its access is
//! the one of the leader's ticket (same location, same barrier interval, the
//! leader reaches the shuffle), and every other thread's ticket access only
//! adds atomic accesses (an over-approximation: more pairs are compared).
//! Any other shape (another source lane, an operand other than the group's
//! size, the rank of another group, a copy of either in a local) keeps the
//! unknown values of the general lowering.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::GroupKind;
use crate::ir::walk::{assigned_var, child_blocks, for_each_stmt};
use crate::ir::{AtomicOp, BinOp, Expr, ScalarTy, Stmt, StmtId, StmtKind, VarId};

/// What an unknown value of the lowering stands for in the warp-aggregated
/// increment (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CoalescedRole {
    /// `g.thread_rank()` of the coalesced group made at the statement.
    Rank(StmtId),
    /// `g.size()` (`num_threads()`) of that group.
    Size(StmtId),
    /// `g.shfl(base, 0)` after the leader's atomic: this thread's ticket
    /// (an increment by 1) is `ticket` once the rank is added.
    Base { origin: StmtId, ticket: VarId },
}

/// Whether a statement of `stmts` (at any depth) satisfies `pred`.
fn any_stmt(stmts: &[Stmt], pred: &dyn Fn(&Stmt) -> bool) -> bool {
    let mut found = false;
    let mut check = |t: &Stmt| found |= pred(t);
    for s in stmts {
        check(s);
        for b in child_blocks(s) {
            for_each_stmt(b, &mut check);
        }
    }
    found
}

/// Whether a statement of `stmts` makes the threads leave the straight-line
/// list or wait for others: an exit, a jump or a barrier.
fn leaves_or_waits(stmts: &[Stmt]) -> bool {
    any_stmt(stmts, &|t| {
        matches!(
            t.kind,
            StmtKind::Return
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Barrier { .. }
                | StmtKind::NamedBarrier { .. }
        )
    })
}

/// Whether a statement of `stmts` assigns one of `vars`.
fn assigns_any(stmts: &[Stmt], vars: &[VarId]) -> bool {
    any_stmt(stmts, &|t| {
        assigned_var(t).is_some_and(|v| vars.contains(&v))
    })
}

/// Whether a statement of `stmts` makes `var` unknown.
fn havocs(stmts: &[Stmt], var: VarId) -> bool {
    any_stmt(
        stmts,
        &|t| matches!(t.kind, StmtKind::Havoc { var: v } if v == var),
    )
}

impl<'c, 't> Lowerer<'c, 't> {
    /// The integer variable an expression is, through conversions to integer
    /// types at least as wide as the variable's (which keep its value up
    /// to the wrap-around the refined atomics ignore); None through a
    /// narrowing or a float conversion.
    fn var_keeping_value(&self, e: &Expr) -> Option<VarId> {
        match e {
            Expr::Var(v) => Some(*v),
            Expr::Cast(ScalarTy::Int { bits, .. }, inner) => {
                let v = self.var_keeping_value(inner)?;
                match self.kernel.vars.get(v.0 as usize)?.ty {
                    ScalarTy::Int { bits: own, .. } if own <= *bits => Some(v),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Records that the unknown value `value` is `method` (`thread_rank`,
    /// `size`, `num_threads`) of group `g`, when `g` is a coalesced group of
    /// known origin.
    pub(crate) fn note_coalesced_member(&mut self, g: GroupKind, method: &str, value: &Expr) {
        let (GroupKind::Coalesced(Some(origin)), Expr::Var(v)) = (g, value) else {
            return;
        };
        let role = match method {
            "thread_rank" => CoalescedRole::Rank(origin),
            "size" | "num_threads" => CoalescedRole::Size(origin),
            _ => return,
        };
        self.coalesced_roles.insert(*v, role);
    }

    /// The position in the list being lowered of the coalesced group made at
    /// `origin`, when nothing after it leaves the list or waits: then every
    /// statement after it runs once per run of the origin, in every thread
    /// of the group.
    fn straight_since(&self, origin: StmtId) -> Option<usize> {
        let at = self.cur.iter().position(|s| s.id == origin)?;
        (!leaves_or_waits(&self.cur[at + 1..])).then_some(at)
    }

    /// Whether `var` is the role `want` of the group made at `origin`,
    /// computed after the origin's position `at` in the list.
    fn is_member(&self, var: VarId, want: CoalescedRole, at: usize) -> bool {
        self.coalesced_roles.get(&var) == Some(&want) && havocs(&self.cur[at + 1..], var)
    }

    /// `g.shfl(value, lane)` on coalesced group `g`, whose unknown result is
    /// `result`: when it completes a warp-aggregated increment (see the
    /// module documentation), the leader's atomic becomes an unknown value,
    /// every thread takes a ticket `atomicAdd(ctr, 1)` here, and `result` is
    /// recorded as the base the rank completes.
    pub(crate) fn aggregated_increment(
        &mut self,
        n: Node,
        g: GroupKind,
        value: &Expr,
        lane: &Expr,
        result: &Expr,
    ) {
        let (GroupKind::Coalesced(Some(origin)), Some(base), Expr::Var(result)) =
            (g, self.var_keeping_value(value), result)
        else {
            return;
        };
        if !matches!(lane, Expr::Int(0, _)) {
            return;
        }
        let Some(at) = self.straight_since(origin) else {
            return;
        };
        // The last statement of the list that assigns `base` must be the
        // leader's branch; the shuffle itself is the list's last statement.
        let upto = self.cur.len().saturating_sub(1);
        let Some(branch) = (at + 1..upto)
            .rev()
            .find(|&i| assigns_any(std::slice::from_ref(&self.cur[i]), &[base]))
        else {
            return;
        };
        let Some((atomic_pos, dest, access, name, ty)) = self.leader_atomic(at, branch, base)
        else {
            return;
        };
        // Every thread's ticket is at the leader's address only when the
        // address is the same in every thread of the group.
        if !self.group_uniform(&access.offset, at) {
            return;
        }
        // The rewrite: the leader's atomic becomes an unknown value.
        if let StmtKind::If { then_, .. } = &mut self.cur[branch].kind {
            then_.stmts[atomic_pos].kind = StmtKind::Havoc { var: dest };
        }
        let ticket = self.tmp(ty, n);
        self.push(
            StmtKind::Atomic {
                dest: Some(ticket),
                access,
                op: AtomicOp {
                    name,
                    operand: Some(int(1, ty)),
                },
            },
            n,
        );
        self.coalesced_roles
            .insert(*result, CoalescedRole::Base { origin, ticket });
    }

    /// Whether `e` has one value in all threads of a warp wherever it is
    /// used after position `before` of the list being lowered: built from
    /// constants, parameters, block and grid builtins, and locals assigned
    /// once in the list, at its top level before `before`, from such a value
    /// (so the same value in every thread of the warp, from there to the end
    /// of the list).
    fn group_uniform(&self, e: &Expr, before: usize) -> bool {
        match e {
            Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => true,
            Expr::Builtin(b) => !matches!(b, crate::ir::Builtin::ThreadIdx(_)),
            Expr::Var(v) => {
                if any_stmt(&self.cur[before..], &|t| assigned_var(t) == Some(*v)) {
                    return false;
                }
                let mut defs = self.cur[..before].iter().enumerate().filter(|(_, t)| {
                    any_stmt(std::slice::from_ref(*t), &|u| assigned_var(u) == Some(*v))
                });
                match (defs.next(), defs.next()) {
                    (Some((j, def)), None) => match &def.kind {
                        StmtKind::Assign { var, value } if var == v => self.group_uniform(value, j),
                        _ => false,
                    },
                    _ => false,
                }
            }
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => self.group_uniform(a, before),
            Expr::Binary(_, a, b, _) => {
                self.group_uniform(a, before) && self.group_uniform(b, before)
            }
            Expr::Select(c, a, b, _) => {
                self.group_uniform(c, before)
                    && self.group_uniform(a, before)
                    && self.group_uniform(b, before)
            }
            Expr::Apply(_, args, _) => args.iter().all(|a| self.group_uniform(a, before)),
        }
    }

    /// In the statement at `branch` after the origin's position `at`: `if
    /// (rank == 0) { .. dest = atomicAdd(ctr, size); .. base = dest; .. }`
    /// with the group's rank and size, `base` assigned there only by that
    /// copy after the atomic. The atomic's position in the branch, its
    /// result, access, name and type.
    fn leader_atomic(
        &self,
        at: usize,
        branch: usize,
        base: VarId,
    ) -> Option<(usize, VarId, crate::ir::Access, String, ScalarTy)> {
        let origin = self.cur[at].id;
        let StmtKind::If { cond, then_, .. } = &self.cur[branch].kind else {
            return None;
        };
        let Expr::Binary(BinOp::Eq, lhs, rhs, _) = cond else {
            return None;
        };
        let rank = match (
            self.var_keeping_value(lhs),
            self.var_keeping_value(rhs),
            &**lhs,
            &**rhs,
        ) {
            (Some(r), _, _, Expr::Int(0, _)) | (_, Some(r), Expr::Int(0, _), _) => r,
            _ => return None,
        };
        if !self.is_member(rank, CoalescedRole::Rank(origin), at) {
            return None;
        }
        let (copy_pos, dest) =
            then_
                .stmts
                .iter()
                .enumerate()
                .rev()
                .find_map(|(i, s)| match &s.kind {
                    StmtKind::Assign { var, value } if *var == base => {
                        Some((i, self.var_keeping_value(value)?))
                    }
                    _ => None,
                })?;
        if assigns_any(&then_.stmts[copy_pos + 1..], &[base]) {
            return None;
        }
        let atomic_pos = then_.stmts[..copy_pos].iter().position(
            |s| matches!(&s.kind, StmtKind::Atomic { dest: Some(d), .. } if *d == dest),
        )?;
        if assigns_any(&then_.stmts[atomic_pos + 1..copy_pos], &[dest, base]) {
            return None;
        }
        let StmtKind::Atomic { access, op, .. } = &then_.stmts[atomic_pos].kind else {
            return None;
        };
        let size = op
            .operand
            .as_ref()
            .and_then(|e| self.var_keeping_value(e))?;
        let plain_add = op
            .name
            .trim_end_matches("_block")
            .trim_end_matches("_system")
            == "atomicAdd";
        if !plain_add || !self.is_member(size, CoalescedRole::Size(origin), at) {
            return None;
        }
        let ty = self.kernel.vars.get(dest.0 as usize)?.ty;
        Some((atomic_pos, dest, access.clone(), op.name.clone(), ty))
    }

    /// `a + b` when it is the base of a warp-aggregated increment plus the
    /// rank of its group: this thread's ticket, converted to `ty`.
    pub(crate) fn aggregated_ticket(&self, a: &Expr, b: &Expr, ty: ScalarTy) -> Option<Expr> {
        let (x, y) = (self.var_keeping_value(a)?, self.var_keeping_value(b)?);
        let pick = |base: VarId, rank: VarId| {
            let Some(CoalescedRole::Base { origin, ticket }) = self.coalesced_roles.get(&base)
            else {
                return None;
            };
            let at = self.straight_since(*origin)?;
            // The base is the shuffle's result, made in this list after the
            // origin (so in the same run of the group).
            if !havocs(&self.cur[at + 1..], base)
                || !self.is_member(rank, CoalescedRole::Rank(*origin), at)
            {
                return None;
            }
            let from = self.kernel.vars.get(ticket.0 as usize)?.ty;
            Some(conv(Expr::Var(*ticket), from, ty))
        };
        pick(x, y).or_else(|| pick(y, x))
    }
}
