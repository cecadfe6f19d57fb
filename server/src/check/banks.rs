//! Shared-memory bank conflicts: the exact conflict degree of every shared
//! access of a warp, decided with Z3, with a witness.
//!
//! Hardware model (NVIDIA, compute capability 5.0 and later; documented in the
//! README): shared memory has 32 banks of 4-byte words, word `w` lives in bank
//! `w mod 32`. One warp-wide access is served in as many passes as the largest
//! number of *distinct* words one bank must deliver; lanes reading the same
//! word are served together (broadcast). Accesses wider than 4 bytes are split
//! by the hardware: 8-byte accesses into two half-warp phases (lanes 0-15,
//! 16-31), 16-byte accesses into four quarter-warp phases. Within a phase an
//! aligned `s`-byte access occupies `s / 4` consecutive banks, so two lanes
//! conflict when their `s`-byte units differ and fall in the same group of
//! `s / 4` banks. The *degree* of an access is the largest number of distinct
//! units one bank group serves in one phase: 1 is conflict-free, 32 is fully
//! serialized.
//!
//! Lane model: the lanes of a warp that execute one access together are in
//! the same iteration of every enclosing loop (SIMT execution), so a loop
//! counter `v = init + k * step` shares its iteration number `k` across the
//! warp while `init` may depend on the lane. Values the analysis cannot follow
//! are unknowns: uniform ones (same in every lane of the warp, per the
//! uniformity analysis) range over all values of their type; an index that
//! depends on a lane-varying unknown (a value loaded from memory) gets no
//! degree, since any degree would be a guess. Lanes whose activity depends on
//! an unknown may be active or not, so the degree is the worst case over
//! those executions; it is exact when every index and guard is tracked.

use crate::base::{HashMap, HashSet};
use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;
use z3::ast::{Ast, Bool, Int, BV};
use z3::{FuncDecl, Model, Params, SatResult, Solver, Sort};

use super::diagnostic::DiagnosticKind;
use super::report::{Finding, NamedValue};
use super::simplify::simplified_or_same;
use crate::analysis::loops::{vars_of, LoopTable, UpdateOp};
use crate::analysis::Uniformity;
use crate::config::CheckOptions;
use crate::ir::eval::{eval_expr, Value};
use crate::ir::walk::for_each_expr;
use crate::ir::{
    ArrayId, BinOp, Block, Builtin, Expr, Kernel, Lang, MemSpace, ScalarTy, Span, Stmt, StmtId,
    StmtKind, UnOp, VarId,
};

/// Number of banks (and lanes of a warp).
pub const BANKS: u32 = 32;
/// Bytes per bank word.
const WORD: u32 = 4;
/// Per-query solver time limit.
const QUERY_TIMEOUT_MS: u64 = 1_000;
/// The whole analysis of one kernel may take this many times the kernel's
/// checking budget; accesses left when it runs out get no degree.
const BUDGET_FACTOR: u64 = 3;
/// Closed expressions larger than this become unknowns (bounds the work).
const MAX_EXPR_NODES: usize = 4_000;
/// Most values a multiplicative loop counter is enumerated with.
const MAX_COUNTER_VALUES: usize = 64;

/// The conflict degree of one access.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", content = "value", rename_all = "kebab-case")]
pub enum Degree {
    /// Exactly this many passes in the worst case (1: conflict-free).
    Exact(u32),
    /// At least this many; the solver could not rule out more.
    AtLeast(u32),
    /// Not computed, with the reason.
    Unknown(String),
}

impl Degree {
    /// The degree known to be reached (1 when unknown).
    pub fn lower_bound(&self) -> u32 {
        match self {
            Degree::Exact(d) | Degree::AtLeast(d) => *d,
            Degree::Unknown(_) => 1,
        }
    }

    /// Whether some warp provably serializes this access.
    pub fn conflicts(&self) -> bool {
        self.lower_bound() > 1
    }

    /// Short text: `4-way`, `at least 4-way`, `conflict-free`, `unknown`.
    pub fn describe(&self) -> String {
        match self {
            Degree::Exact(1) => "conflict-free".into(),
            Degree::Exact(d) => format!("{d}-way"),
            Degree::AtLeast(d) => format!("at least {d}-way"),
            Degree::Unknown(_) => "unknown".into(),
        }
    }
}

/// Two lanes of one warp that touch different words of one bank group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BankWitness {
    /// blockDim used.
    pub block_dim: [u64; 3],
    /// gridDim used.
    pub grid_dim: [u64; 3],
    /// blockIdx of the warp's block.
    pub block: [u64; 3],
    /// Warp index within the block (linear thread index / 32).
    pub warp: u64,
    /// Lane numbers (0-31) of the two lanes.
    pub lanes: [u32; 2],
    /// threadIdx of the two lanes.
    pub threads: [[u64; 3]; 2],
    /// Byte offsets the two lanes access.
    pub byte_offsets: [i128; 2],
    /// Element indices (byte offset / element size).
    pub indices: [i128; 2],
    /// The bank (first bank of the group for wide accesses).
    pub bank: u32,
    /// Scalar parameter values.
    pub params: Vec<NamedValue>,
    /// Values of the locals the offset expression uses, per lane; with
    /// `params` and the launch values they reproduce `byte_offsets`.
    pub locals: [Vec<NamedValue>; 2],
}

/// The bank behaviour of one shared-memory access.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AccessBanks {
    /// The access statement.
    pub stmt: StmtId,
    /// Its range.
    pub span: Span,
    /// The array.
    pub array: ArrayId,
    /// Array name.
    pub array_name: String,
    /// Declared dimensions of the array (outermost first; empty if unknown).
    pub dims: Vec<u64>,
    /// Whether it writes.
    pub write: bool,
    /// Bytes per lane.
    pub size: u32,
    /// Conflict degree.
    pub degree: Degree,
    /// Two conflicting lanes, when the degree is above 1.
    pub witness: Option<BankWitness>,
}

/// Bank conflicts of one kernel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BankReport {
    /// Kernel name.
    pub kernel: String,
    /// Every shared read and write (atomics excluded), in program order.
    pub accesses: Vec<AccessBanks>,
    /// Wall time in milliseconds.
    pub time_ms: f64,
    /// Solver queries made.
    pub queries: u32,
}

impl BankReport {
    /// Sum of the degrees of the accesses of `array` (unknown counts 1).
    pub fn total_degree(&self, array: ArrayId) -> u32 {
        self.accesses
            .iter()
            .filter(|a| a.array == array)
            .map(|a| a.degree.lower_bound())
            .sum()
    }

    /// The access labelled `stmt`.
    pub fn access(&self, stmt: StmtId) -> Option<&AccessBanks> {
        self.accesses.iter().find(|a| a.stmt == stmt)
    }
}

// ---------------------------------------------------------------------------
// Lane abstraction: each access's offset and guard as a closed expression over
// launch builtins, parameters and unknowns.

/// An unknown introduced by the lane abstraction.
#[derive(Clone, Debug)]
struct Unknown {
    name: String,
    /// Same value in every lane of a warp.
    uniform: bool,
    ty: ScalarTy,
    /// Exact finite value set, when known.
    values: Option<Vec<i128>>,
    /// For the iteration number of a loop: the closed condition under which a
    /// lane executes that iteration (entry activity and the loop condition).
    loop_cond: Option<Expr>,
}

/// An access with its closed offset and activity condition.
struct LaneAccess<'k> {
    stmt: &'k Stmt,
    access: &'k crate::ir::Access,
    write: bool,
    offset: Expr,
    active: Expr,
    /// Closed values of the locals the original offset mentions.
    locals: Vec<(VarId, Expr)>,
}

struct LanePass<'k> {
    kernel: &'k Kernel,
    uniformity: Uniformity,
    loops: LoopTable,
    env: Vec<Option<Expr>>,
    active: Expr,
    unknowns: Vec<Unknown>,
    out: Vec<LaneAccess<'k>>,
    launch: &'k crate::config::LaunchConfig,
}

fn tru() -> Expr {
    Expr::Int(1, ScalarTy::Bool)
}

fn and(a: Expr, b: Expr) -> Expr {
    if a == tru() {
        return b;
    }
    if b == tru() {
        return a;
    }
    Expr::Binary(BinOp::And, Box::new(a), Box::new(b), ScalarTy::Bool)
}

fn or(a: Expr, b: Expr) -> Expr {
    if a == tru() || b == tru() {
        return tru();
    }
    Expr::Binary(BinOp::Or, Box::new(a), Box::new(b), ScalarTy::Bool)
}

fn not(a: Expr) -> Expr {
    Expr::Unary(UnOp::Not, Box::new(a), ScalarTy::Bool)
}

fn size_of(e: &Expr) -> usize {
    match e {
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => 1 + size_of(a),
        Expr::Binary(_, a, b, _) => 1 + size_of(a) + size_of(b),
        Expr::Select(c, a, b, _) => 1 + size_of(c) + size_of(a) + size_of(b),
        Expr::Apply(_, args, _) => 1 + args.iter().map(size_of).sum::<usize>(),
        _ => 1,
    }
}

/// Type of an expression (enough for unknowns standing for it).
fn type_of(kernel: &Kernel, unknowns: &[Unknown], e: &Expr) -> ScalarTy {
    match e {
        Expr::Int(_, t) | Expr::Float(_, t) => *t,
        Expr::Var(v) => {
            let i = v.0 as usize;
            kernel
                .vars
                .get(i)
                .map(|d| d.ty)
                .or_else(|| unknowns.get(i - kernel.vars.len()).map(|u| u.ty))
                .unwrap_or(ScalarTy::LONG)
        }
        Expr::Param(p) => kernel
            .params
            .get(p.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::LONG),
        Expr::Builtin(_) => ScalarTy::UINT,
        Expr::Unary(_, _, t)
        | Expr::Binary(_, _, _, t)
        | Expr::Cast(t, _)
        | Expr::Select(_, _, _, t)
        | Expr::Apply(_, _, t) => *t,
    }
}

impl<'k> LanePass<'k> {
    fn new(kernel: &'k Kernel, opts: &'k CheckOptions) -> LanePass<'k> {
        LanePass {
            kernel,
            uniformity: Uniformity::compute(kernel),
            loops: LoopTable::new(kernel),
            env: vec![None; kernel.vars.len()],
            active: tru(),
            unknowns: Vec::new(),
            out: Vec::new(),
            launch: &opts.launch,
        }
    }

    fn fresh(&mut self, name: String, ty: ScalarTy, uniform: bool) -> Expr {
        let id = self.kernel.vars.len() + self.unknowns.len();
        self.unknowns.push(Unknown {
            name,
            uniform,
            ty,
            values: None,
            loop_cond: None,
        });
        Expr::Var(VarId(id as u32))
    }

    fn var_name(&self, v: VarId) -> String {
        self.kernel
            .vars
            .get(v.0 as usize)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("v{}", v.0))
    }

    fn var_ty(&self, v: VarId) -> ScalarTy {
        self.kernel
            .vars
            .get(v.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::LONG)
    }

    fn get(&mut self, v: VarId) -> Expr {
        if let Some(Some(e)) = self.env.get(v.0 as usize) {
            return e.clone();
        }
        // Uninitialised: any value, possibly different per lane.
        let e = self.fresh(format!("{}?", self.var_name(v)), self.var_ty(v), false);
        if let Some(slot) = self.env.get_mut(v.0 as usize) {
            *slot = Some(e.clone());
        }
        e
    }

    fn set(&mut self, v: VarId, e: Expr) {
        let e = if size_of(&e) > MAX_EXPR_NODES {
            let uniform = self.is_uniform(&e);
            self.fresh(self.var_name(v), self.var_ty(v), uniform)
        } else {
            e
        };
        if let Some(slot) = self.env.get_mut(v.0 as usize) {
            *slot = Some(e);
        }
    }

    /// `e` with every local replaced by its closed value.
    fn close(&mut self, e: &Expr) -> Expr {
        match e {
            Expr::Var(v) => self.get(*v),
            Expr::Unary(op, a, t) => Expr::Unary(*op, Box::new(self.close(a)), *t),
            Expr::Cast(t, a) => Expr::Cast(*t, Box::new(self.close(a))),
            Expr::Binary(op, a, b, t) => {
                Expr::Binary(*op, Box::new(self.close(a)), Box::new(self.close(b)), *t)
            }
            Expr::Select(c, a, b, t) => Expr::Select(
                Box::new(self.close(c)),
                Box::new(self.close(a)),
                Box::new(self.close(b)),
                *t,
            ),
            Expr::Apply(n, args, t) => {
                Expr::Apply(n.clone(), args.iter().map(|a| self.close(a)).collect(), *t)
            }
            other => other.clone(),
        }
    }

    /// Whether a closed expression is the same in every lane of a warp.
    fn is_uniform(&self, e: &Expr) -> bool {
        !self.mentions(e, &|x| match x {
            Expr::Builtin(Builtin::ThreadIdx(_)) => true,
            Expr::Var(v) => self
                .unknowns
                .get((v.0 as usize).wrapping_sub(self.kernel.vars.len()))
                .is_some_and(|u| !u.uniform),
            _ => false,
        })
    }

    fn mentions(&self, e: &Expr, pred: &dyn Fn(&Expr) -> bool) -> bool {
        if pred(e) {
            return true;
        }
        match e {
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => self.mentions(a, pred),
            Expr::Binary(_, a, b, _) => self.mentions(a, pred) || self.mentions(b, pred),
            Expr::Select(c, a, b, _) => {
                self.mentions(c, pred) || self.mentions(a, pred) || self.mentions(b, pred)
            }
            Expr::Apply(_, args, _) => args.iter().any(|a| self.mentions(a, pred)),
            _ => false,
        }
    }

    /// Value of a closed expression when it is a constant under the known launch.
    fn constant(&self, e: &Expr) -> Option<i128> {
        let launch = self.launch;
        let leaf = |x: &Expr| -> Option<Value> {
            let pick = |v: Option<[u32; 3]>, d: u8| v.map(|v| v[usize::from(d.min(2))]);
            let raw = match x {
                Expr::Builtin(Builtin::BlockDim(d)) => pick(launch.block_dim, *d)?,
                Expr::Builtin(Builtin::GridDim(d)) => pick(launch.grid_dim, *d)?,
                _ => return None,
            };
            Value::new(i128::from(raw), ScalarTy::UINT)
        };
        eval_expr(e, &leaf).map(|v| v.bits)
    }

    fn block(&mut self, block: &'k Block) {
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
    }

    fn record(&mut self, stmt: &'k Stmt, access: &'k crate::ir::Access, write: bool) {
        let shared = self
            .kernel
            .arrays
            .get(access.array.0 as usize)
            .is_some_and(|a| a.space == MemSpace::Shared && !a.may_alias_all);
        if !shared {
            return;
        }
        let offset = self.close(&access.offset);
        let mut used = Vec::new();
        vars_of(&access.offset, &mut used);
        used.sort();
        used.dedup();
        let locals = used.into_iter().map(|v| (v, self.get(v))).collect();
        self.out.push(LaneAccess {
            stmt,
            access,
            write,
            offset,
            active: self.active.clone(),
            locals,
        });
    }

    fn stmt(&mut self, stmt: &'k Stmt) {
        match &stmt.kind {
            StmtKind::Assign { var, value } => {
                let e = self.close(value);
                self.set(*var, e);
            }
            StmtKind::Havoc { var } => {
                let uniform = self.uniformity.def_is_uniform(stmt.id);
                let e = self.fresh(self.var_name(*var), self.var_ty(*var), uniform);
                self.set(*var, e);
            }
            StmtKind::Read { dest, access } => {
                self.record(stmt, access, false);
                // A load yields an unknown value; the same in every lane when
                // the address is uniform (uniformity analysis).
                let uniform = self.uniformity.def_is_uniform(stmt.id);
                let e = self.fresh(self.var_name(*dest), self.var_ty(*dest), uniform);
                self.set(*dest, e);
            }
            StmtKind::Write { access, .. } => self.record(stmt, access, true),
            StmtKind::Atomic { dest, .. } => {
                if let Some(d) = dest {
                    let e = self.fresh(self.var_name(*d), self.var_ty(*d), false);
                    self.set(*d, e);
                }
            }
            StmtKind::Collective { dest, .. } => {
                if let Some(d) = dest {
                    let e = self.fresh(self.var_name(*d), self.var_ty(*d), true);
                    self.set(*d, e);
                }
            }
            StmtKind::Barrier { .. } | StmtKind::DeviceFence => {}
            // A split barrier's token (the arrival's generation): per lane.
            StmtKind::NamedBarrier { op, token, .. } => {
                if let (true, Some(t)) = (op.arrives(), token) {
                    let e = self.fresh(self.var_name(*t), self.var_ty(*t), false);
                    self.set(*t, e);
                }
            }
            StmtKind::If { cond, then_, else_ } => {
                let c = self.close(cond);
                let entry_env = self.env.clone();
                let entry_active = self.active.clone();
                self.active = and(entry_active.clone(), c.clone());
                let then_active_in = self.active.clone();
                self.block(then_);
                let then_env = std::mem::replace(&mut self.env, entry_env);
                let then_active =
                    std::mem::replace(&mut self.active, and(entry_active.clone(), not(c.clone())));
                let else_active_in = self.active.clone();
                self.block(else_);
                let else_active = self.active.clone();
                for (i, t) in then_env.into_iter().enumerate() {
                    let e = self.env[i].clone();
                    if t != e {
                        let ty = self.var_ty(VarId(i as u32));
                        let merged = match (t, e) {
                            (Some(t), Some(e)) => Some(Expr::Select(
                                Box::new(c.clone()),
                                Box::new(t),
                                Box::new(e),
                                ty,
                            )),
                            (t, e) => t.or(e),
                        };
                        if let Some(m) = merged {
                            self.set(VarId(i as u32), m);
                        }
                    }
                }
                // Lanes that left a branch (break, continue, return) stay inactive.
                self.active = if then_active == then_active_in && else_active == else_active_in {
                    entry_active
                } else {
                    or(and(c.clone(), then_active), and(not(c), else_active))
                };
            }
            StmtKind::Loop {
                cond,
                cond_prelude,
                body,
                step,
                ..
            } => self.loop_stmt(stmt, cond, cond_prelude, body, step),
            StmtKind::Break | StmtKind::Continue | StmtKind::Return => {
                self.active = Expr::Int(0, ScalarTy::Bool);
            }
            StmtKind::Assume { cond } => {
                // Executions where a lane reaches this with `cond` false are not
                // considered; dropping only that lane keeps the rest of such an
                // execution, a superset of the executions considered (sound).
                let c = self.close(cond);
                self.active = and(self.active.clone(), c);
            }
        }
    }

    fn loop_stmt(
        &mut self,
        stmt: &'k Stmt,
        cond: &Expr,
        prelude: &'k Block,
        body: &'k Block,
        step: &'k Block,
    ) {
        let info = self.loops.get(stmt.id).cloned().unwrap_or_default();
        let entry_active = self.active.clone();
        let iteration = self.fresh(format!("iteration@{}", stmt.id.0), ScalarTy::LONG, true);
        if let Some(u) = self.unknowns.last_mut() {
            u.ty = ScalarTy::ULONG;
        }
        for &v in &info.modified {
            let counter = info.counters.iter().find(|c| c.var == v).filter(|c| {
                // The update must run once per iteration in every lane: at the
                // top level of the body or the step, not under a condition.
                body.stmts
                    .iter()
                    .chain(step.stmts.iter())
                    .any(|s| matches!(&s.kind, StmtKind::Assign { var, value } if *var == v && *value == c.update))
            });
            let ty = self.var_ty(v);
            let value = match counter {
                Some(c) => {
                    let init = self.get(v);
                    let operand = self.close(&c.operand);
                    match c.op {
                        UpdateOp::Add | UpdateOp::Sub if self.is_uniform(&operand) => {
                            let delta = Expr::Binary(
                                BinOp::Mul,
                                Box::new(Expr::Cast(ty, Box::new(iteration.clone()))),
                                Box::new(Expr::Cast(ty, Box::new(operand))),
                                ty,
                            );
                            let op = if c.op == UpdateOp::Add {
                                BinOp::Add
                            } else {
                                BinOp::Sub
                            };
                            Some(Expr::Binary(op, Box::new(init), Box::new(delta), ty))
                        }
                        _ => self.finite_counter(v, c.op, &init, &operand, ty),
                    }
                }
                None => None,
            };
            let value = value.unwrap_or_else(|| {
                let uniform = self.uniformity.uniform_at_loop_head(stmt.id, v);
                self.fresh(self.var_name(v), ty, uniform)
            });
            self.set(v, value);
        }
        self.block(prelude);
        let c = self.close(cond);
        self.active = and(entry_active.clone(), c);
        if let Expr::Var(it) = &iteration {
            let index = (it.0 as usize).wrapping_sub(self.kernel.vars.len());
            if let Some(u) = self.unknowns.get_mut(index) {
                u.loop_cond = Some(self.active.clone());
            }
        }
        let body_active = self.active.clone();
        self.block(body);
        self.active = body_active;
        self.block(step);
        for &v in &info.modified {
            let uniform = self.uniformity.uniform_after_loop(stmt.id, v);
            let e = self.fresh(self.var_name(v), self.var_ty(v), uniform);
            self.set(v, e);
        }
        self.active = entry_active;
    }

    /// A multiplicative counter with constant start and factor: its exact
    /// value set at the loop head (the values it takes until it stops changing
    /// or leaves 32-bit range), as a uniform unknown.
    fn finite_counter(
        &mut self,
        v: VarId,
        op: UpdateOp,
        init: &Expr,
        operand: &Expr,
        ty: ScalarTy,
    ) -> Option<Expr> {
        let start = self.constant(init)?;
        let k = self.constant(operand)?;
        let mut values = vec![start];
        let mut x = start;
        while values.len() < MAX_COUNTER_VALUES {
            let next = match op {
                UpdateOp::Mul => x.checked_mul(k)?,
                UpdateOp::Shl if (0..63).contains(&k) => x.checked_mul(1i128 << k)?,
                UpdateOp::Div if k != 0 => x / k,
                UpdateOp::Shr if (0..127).contains(&k) => x >> k,
                UpdateOp::Add => x.checked_add(k)?,
                UpdateOp::Sub => x.checked_sub(k)?,
                _ => return None,
            };
            if next == x || next.abs() > i128::from(u32::MAX) || values.contains(&next) {
                break;
            }
            values.push(next);
            x = next;
        }
        let e = self.fresh(self.var_name(v), ty, true);
        if let Some(u) = self.unknowns.last_mut() {
            u.values = Some(values);
        }
        Some(e)
    }
}

// ---------------------------------------------------------------------------
// Z3 encoding of the warp.

#[derive(Clone)]
enum Z {
    B(Bool),
    I(Int),
}

impl Z {
    fn int(&self) -> Int {
        match self {
            Z::I(i) => i.clone(),
            Z::B(b) => b.ite(&Int::from_i64(1), &Int::from_i64(0)),
        }
    }
    fn bool(&self) -> Bool {
        match self {
            Z::B(b) => b.clone(),
            Z::I(i) => i.eq(Int::from_i64(0)).not(),
        }
    }
}

/// Launch terms shared by the warp and the per-lane thread ids.
struct Warp {
    block_dim: [Int; 3],
    grid_dim: [Int; 3],
    block: [Int; 3],
    warp: Int,
    /// threadIdx per lane.
    tid: Vec<[Int; 3]>,
    /// Lane exists (its thread is in the block).
    exists: Vec<Bool>,
    facts: Vec<Bool>,
    /// Warp coordinates with a small domain, enumerated by the queries.
    coordinates: Vec<(Int, Vec<i128>)>,
    /// blockDim when the launch fixes it (enables the concrete path).
    concrete_block_dim: Option<[i64; 3]>,
    /// gridDim when the launch fixes it.
    concrete_grid_dim: Option<[i64; 3]>,
}

fn uses_higher_dimensions(kernel: &Kernel) -> bool {
    fn scan(e: &Expr) -> bool {
        match e {
            Expr::Builtin(Builtin::ThreadIdx(d) | Builtin::BlockDim(d)) => *d > 0,
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => scan(a),
            Expr::Binary(_, a, b, _) => scan(a) || scan(b),
            Expr::Select(c, a, b, _) => scan(c) || scan(a) || scan(b),
            Expr::Apply(_, args, _) => args.iter().any(scan),
            _ => false,
        }
    }
    let mut found = false;
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        found |= match &s.kind {
            StmtKind::Assign { value: e, .. } => scan(e),
            StmtKind::Read { access, .. } | StmtKind::Atomic { access, .. } => scan(&access.offset),
            StmtKind::Write { access, value } => scan(&access.offset) || scan(value),
            StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. } | StmtKind::Assume { cond } => {
                scan(cond)
            }
            _ => false,
        }
    });
    found
}

fn bounded(x: &Int, lo: i128, hi: i128) -> Bool {
    Bool::and(&[x.ge(Int::from_i128(lo)), x.le(Int::from_i128(hi))])
}

impl Warp {
    /// The lanes of one warp of one block under the launch configuration.
    ///
    /// Without a block size, a one-dimensional kernel has `blockDim.x`
    /// symbolic and lanes `32 w + l`; a kernel that reads `threadIdx.y/z` is
    /// analysed as if `blockDim.x` were a multiple of 32, so that each warp
    /// is 32 consecutive x-indices of one row (the usual shape; others need
    /// `--block-dim`).
    fn new(kernel: &Kernel, opts: &CheckOptions) -> Warp {
        let launch = &opts.launch;
        let max_threads = super::symexec::max_threads_per_block(kernel, opts);
        let mut facts = Vec::new();
        let mut coordinates = Vec::new();
        let warp = Int::new_const("bank_warp");
        facts.push(warp.ge(Int::from_i64(0)));
        let grid_dim: [Int; 3] = std::array::from_fn(|d| match launch.grid_dim {
            Some(g) => Int::from_u64(u64::from(g[d].max(1))),
            None => {
                let x = Int::new_const(format!("bank_grid{d}"));
                facts.push(bounded(&x, 1, if d == 0 { 0x7fff_ffff } else { 65_535 }));
                x
            }
        });
        let block: [Int; 3] = std::array::from_fn(|d| {
            let x = Int::new_const(format!("bank_block{d}"));
            facts.push(x.ge(Int::from_i64(0)));
            facts.push(x.lt(&grid_dim[d]));
            x
        });
        let lanes = BANKS as i64;
        let (block_dim, tid, exists): ([Int; 3], Vec<[Int; 3]>, Vec<Bool>) = match launch.block_dim
        {
            Some(b) => {
                let [bx, by, bz] = b.map(|x| i64::from(x.max(1)));
                let n = bx * by * bz;
                facts.push(warp.lt(Int::from_i64((n + lanes - 1) / lanes)));
                let mut tid = Vec::new();
                let mut exists = Vec::new();
                let rows = lanes / bx.min(lanes);
                if bx % lanes == 0 || (lanes % bx == 0 && by % rows == 0) {
                    // The warp is whole rows (or a row segment) of the block:
                    // thread ids are linear in per-dimension warp coordinates,
                    // which keeps the queries in linear arithmetic without
                    // div/mod (far easier for the solver).
                    let per_row = (bx / lanes).max(1);
                    let wx = Int::new_const("bank_wx");
                    let wy = Int::new_const("bank_wy");
                    let wz = Int::new_const("bank_wz");
                    let y_steps = if bx % lanes == 0 { by } else { by / rows };
                    facts.push(bounded(&wx, 0, i128::from(per_row - 1)));
                    facts.push(bounded(&wy, 0, i128::from(y_steps - 1)));
                    facts.push(bounded(&wz, 0, i128::from(bz - 1)));
                    for (c, n) in [(&wx, per_row), (&wy, y_steps), (&wz, bz)] {
                        coordinates.push((c.clone(), (0..i128::from(n)).collect()));
                    }
                    facts.push(warp.eq(Int::add(&[
                        wx.clone(),
                        Int::mul(&[
                            Int::from_i64(per_row),
                            Int::add(&[
                                wy.clone(),
                                Int::mul(&[Int::from_i64(y_steps), wz.clone()]),
                            ]),
                        ]),
                    ])));
                    for l in 0..lanes {
                        exists.push(Bool::from_bool(true));
                        if bx % lanes == 0 {
                            tid.push([
                                Int::add(&[
                                    Int::mul(&[Int::from_i64(lanes), wx.clone()]),
                                    Int::from_i64(l),
                                ]),
                                wy.clone(),
                                wz.clone(),
                            ]);
                        } else {
                            tid.push([
                                Int::from_i64(l % bx),
                                Int::add(&[
                                    Int::mul(&[Int::from_i64(rows), wy.clone()]),
                                    Int::from_i64(l / bx),
                                ]),
                                wz.clone(),
                            ]);
                        }
                    }
                } else {
                    for l in 0..lanes {
                        let linear = Int::add(&[
                            Int::mul(&[Int::from_i64(lanes), warp.clone()]),
                            Int::from_i64(l),
                        ]);
                        exists.push(linear.lt(Int::from_i64(n)));
                        tid.push([
                            linear.modulo(Int::from_i64(bx)),
                            linear.div(Int::from_i64(bx)).modulo(Int::from_i64(by)),
                            linear.div(Int::from_i64(bx * by)),
                        ]);
                    }
                }
                ([bx, by, bz].map(Int::from_i64), tid, exists)
            }
            None if !uses_higher_dimensions(kernel) => {
                let bx = Int::new_const("bank_bdim0");
                facts.push(bounded(&bx, 1, max_threads));
                let mut tid = Vec::new();
                let mut exists = Vec::new();
                for l in 0..lanes {
                    let x = Int::add(&[
                        Int::mul(&[Int::from_i64(lanes), warp.clone()]),
                        Int::from_i64(l),
                    ]);
                    exists.push(x.lt(&bx));
                    tid.push([x, Int::from_i64(0), Int::from_i64(0)]);
                }
                ([bx, Int::from_i64(1), Int::from_i64(1)], tid, exists)
            }
            None => {
                let rows = Int::new_const("bank_bdim0_warps");
                facts.push(bounded(&rows, 1, (max_threads / i128::from(BANKS)).max(1)));
                let bx = Int::mul(&[Int::from_i64(lanes), rows.clone()]);
                let by = Int::new_const("bank_bdim1");
                let bz = Int::new_const("bank_bdim2");
                facts.push(bounded(&by, 1, max_threads));
                facts.push(bounded(&bz, 1, 64));
                let ty = Int::new_const("bank_ty");
                let tz = Int::new_const("bank_tz");
                facts.push(ty.ge(Int::from_i64(0)));
                facts.push(ty.lt(&by));
                facts.push(tz.ge(Int::from_i64(0)));
                facts.push(tz.lt(&bz));
                facts.push(warp.lt(&rows));
                let mut tid = Vec::new();
                let mut exists = Vec::new();
                for l in 0..lanes {
                    let x = Int::add(&[
                        Int::mul(&[Int::from_i64(lanes), warp.clone()]),
                        Int::from_i64(l),
                    ]);
                    exists.push(Bool::from_bool(true));
                    tid.push([x, ty.clone(), tz.clone()]);
                }
                ([bx, by, bz], tid, exists)
            }
        };
        Warp {
            block_dim,
            grid_dim,
            block,
            warp,
            tid,
            exists,
            facts,
            coordinates,
            concrete_block_dim: launch.block_dim.map(|b| b.map(|x| i64::from(x.max(1)))),
            concrete_grid_dim: launch.grid_dim.map(|g| g.map(|x| i64::from(x.max(1)))),
        }
    }
}

/// Translates closed expressions to Z3 terms for one lane.
struct Encode<'a> {
    kernel: &'a Kernel,
    unknowns: &'a [Unknown],
    warp: &'a Warp,
    global_offset: [u32; 3],
    funcs: &'a std::cell::RefCell<HashMap<String, FuncDecl>>,
}

fn pow2(n: i128) -> Option<i128> {
    (0..100).contains(&n).then(|| 1i128 << n)
}

fn int_bits(ty: ScalarTy) -> Option<(u32, bool)> {
    match ty {
        ScalarTy::Int { bits, signed } => Some((u32::from(bits.max(1)), signed)),
        _ => None,
    }
}

impl Encode<'_> {
    fn unknown_name(&self, index: usize, lane: usize) -> String {
        match self.unknowns.get(index) {
            Some(u) if u.uniform => format!("bank_u{index}"),
            _ => format!("bank_u{index}_l{lane}"),
        }
    }

    fn leaf_var(&self, v: VarId, lane: usize) -> Z {
        let index = (v.0 as usize).wrapping_sub(self.kernel.vars.len());
        let ty = self
            .unknowns
            .get(index)
            .map(|u| u.ty)
            .unwrap_or(ScalarTy::LONG);
        if ty == ScalarTy::Bool {
            Z::B(Bool::new_const(self.unknown_name(index, lane)))
        } else {
            Z::I(Int::new_const(self.unknown_name(index, lane)))
        }
    }

    fn expr(&self, e: &Expr, lane: usize) -> Z {
        match e {
            Expr::Int(v, ScalarTy::Bool) => Z::B(Bool::from_bool(*v != 0)),
            Expr::Int(v, _) => Z::I(Int::from_i128(*v)),
            Expr::Float(bits, _) => Z::I(Int::from_u64(*bits)),
            Expr::Var(v) => self.leaf_var(*v, lane),
            Expr::Param(p) => {
                let ty = self
                    .kernel
                    .params
                    .get(p.0 as usize)
                    .map(|d| d.ty)
                    .unwrap_or(ScalarTy::LONG);
                let name = format!("bank_param{}", p.0);
                if ty == ScalarTy::Bool {
                    Z::B(Bool::new_const(name))
                } else {
                    Z::I(Int::new_const(name))
                }
            }
            Expr::Builtin(b) => Z::I(match *b {
                Builtin::ThreadIdx(d) => self.warp.tid[lane][usize::from(d.min(2))].clone(),
                Builtin::BlockIdx(d) => self.warp.block[usize::from(d.min(2))].clone(),
                Builtin::BlockDim(d) => self.warp.block_dim[usize::from(d.min(2))].clone(),
                Builtin::GridDim(d) => self.warp.grid_dim[usize::from(d.min(2))].clone(),
                Builtin::GlobalOffset(d) => {
                    Int::from_u64(u64::from(self.global_offset[usize::from(d.min(2))]))
                }
            }),
            Expr::Unary(op, a, ty) => {
                let x = self.expr(a, lane);
                match op {
                    UnOp::Not => Z::B(x.bool().not()),
                    UnOp::Neg => Z::I(x.int().unary_minus()),
                    UnOp::BitNot => match int_bits(*ty) {
                        Some((bits, false)) => {
                            Z::I(Int::sub(&[Int::from_i128((1i128 << bits) - 1), x.int()]))
                        }
                        _ => Z::I(Int::sub(&[x.int().unary_minus(), Int::from_i64(1)])),
                    },
                }
            }
            Expr::Binary(op, a, b, ty) => self.binary(*op, a, b, *ty, lane),
            Expr::Cast(ty, a) => {
                let x = self.expr(a, lane);
                let from = type_of(self.kernel, self.unknowns, a);
                match (ty, from) {
                    (ScalarTy::Bool, _) => Z::B(x.bool()),
                    (ScalarTy::Float { .. }, ScalarTy::Float { .. }) => x,
                    (ScalarTy::Float { .. }, _) | (_, ScalarTy::Float { .. }) => {
                        self.apply(&format!("cast_{ty:?}"), &[x], *ty)
                    }
                    (to, _) => {
                        // Narrowing to an unsigned type wraps; a sign change of
                        // the same width is kept as the value (negative indices
                        // are out of bounds anyway; witnesses are confirmed
                        // with exact C semantics).
                        match (int_bits(*to), int_bits(from)) {
                            (Some((tb, false)), Some((fb, _))) if tb < fb => {
                                Z::I(x.int().modulo(Int::from_i128(1i128 << tb)))
                            }
                            _ => Z::I(x.int()),
                        }
                    }
                }
            }
            Expr::Select(c, a, b, _) => {
                let c = self.expr(c, lane).bool();
                match (self.expr(a, lane), self.expr(b, lane)) {
                    (Z::B(x), Z::B(y)) => Z::B(c.ite(&x, &y)),
                    (x, y) => Z::I(c.ite(&x.int(), &y.int())),
                }
            }
            Expr::Apply(name, args, ty) => {
                let xs: Vec<Z> = args.iter().map(|a| self.expr(a, lane)).collect();
                let base = name.trim_start_matches("__").trim_start_matches('u');
                match (base, xs.as_slice()) {
                    ("min" | "mul24" | "max", [x, y]) => {
                        let (x, y) = (x.int(), y.int());
                        Z::I(match base {
                            "min" => x.le(&y).ite(&x, &y),
                            "max" => x.ge(&y).ite(&x, &y),
                            _ => Int::mul(&[x, y]),
                        })
                    }
                    ("abs", [x]) => {
                        let x = x.int();
                        Z::I(x.ge(Int::from_i64(0)).ite(&x, &x.unary_minus()))
                    }
                    _ => self.apply(name, &xs, *ty),
                }
            }
        }
    }

    fn apply(&self, name: &str, args: &[Z], ret: ScalarTy) -> Z {
        let mut key = format!("bank_fn_{name}");
        for a in args {
            key.push_str(if matches!(a, Z::B(_)) { "_b" } else { "_i" });
        }
        let ret_bool = ret == ScalarTy::Bool;
        key.push_str(if ret_bool { "_rb" } else { "_ri" });
        let mut funcs = self.funcs.borrow_mut();
        let decl = funcs.entry(key.clone()).or_insert_with(|| {
            let sorts: Vec<Sort> = args
                .iter()
                .map(|a| {
                    if matches!(a, Z::B(_)) {
                        Sort::bool()
                    } else {
                        Sort::int()
                    }
                })
                .collect();
            let refs: Vec<&Sort> = sorts.iter().collect();
            let ret = if ret_bool { Sort::bool() } else { Sort::int() };
            FuncDecl::new(key.as_str(), &refs, &ret)
        });
        let dyn_args: Vec<&dyn Ast> = args
            .iter()
            .map(|a| match a {
                Z::B(b) => b as &dyn Ast,
                Z::I(i) => i as &dyn Ast,
            })
            .collect();
        let r = decl.apply(&dyn_args);
        if ret_bool {
            Z::B(
                r.as_bool()
                    .unwrap_or_else(|| Bool::fresh_const("bank_apply")),
            )
        } else {
            Z::I(r.as_int().unwrap_or_else(|| Int::fresh_const("bank_apply")))
        }
    }

    fn binary(&self, op: BinOp, a: &Expr, b: &Expr, ty: ScalarTy, lane: usize) -> Z {
        let x = self.expr(a, lane);
        let y = self.expr(b, lane);
        let constant = |e: &Expr| match e {
            Expr::Int(v, _) => Some(*v),
            Expr::Cast(_, inner) => match inner.as_ref() {
                Expr::Int(v, _) => Some(*v),
                _ => None,
            },
            _ => None,
        };
        let zero = Int::from_i64(0);
        // C division truncates toward zero; Z3's `div` floors for positive divisors.
        let trunc_div = |x: Int, y: Int| -> Int {
            let q = x.div(&y);
            let neg_q = x.unary_minus().div(&y).unary_minus();
            x.ge(&zero).ite(&q, &neg_q)
        };
        match op {
            BinOp::Add => Z::I(Int::add(&[x.int(), y.int()])),
            BinOp::Sub => Z::I(Int::sub(&[x.int(), y.int()])),
            BinOp::Mul => Z::I(Int::mul(&[x.int(), y.int()])),
            BinOp::Div => Z::I(trunc_div(x.int(), y.int())),
            BinOp::Rem => {
                let (x, y) = (x.int(), y.int());
                let q = trunc_div(x.clone(), y.clone());
                Z::I(Int::sub(&[x, Int::mul(&[y, q])]))
            }
            BinOp::Shl | BinOp::Shr => match constant(b).and_then(pow2) {
                Some(p) if op == BinOp::Shl => Z::I(Int::mul(&[x.int(), Int::from_i128(p)])),
                // Arithmetic and logical right shifts of the values kernels
                // index with are floor division by a power of two.
                Some(p) => Z::I(x.int().div(Int::from_i128(p))),
                None => self.via_bits(op, x.int(), y.int(), ty),
            },
            BinOp::BitAnd if constant(b).is_some_and(|m| m > 0 && (m + 1) & m == 0) => {
                let m = constant(b).unwrap_or(1);
                Z::I(x.int().modulo(Int::from_i128(m + 1)))
            }
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                if ty == ScalarTy::Bool {
                    let (x, y) = (x.bool(), y.bool());
                    return Z::B(match op {
                        BinOp::BitAnd => Bool::and(&[x, y]),
                        BinOp::BitOr => Bool::or(&[x, y]),
                        _ => x.xor(&y),
                    });
                }
                self.via_bits(op, x.int(), y.int(), ty)
            }
            BinOp::Eq | BinOp::Ne => {
                let eq = match (&x, &y) {
                    (Z::B(p), Z::B(q)) => p.eq(q),
                    _ => x.int().eq(y.int()),
                };
                Z::B(if op == BinOp::Eq { eq } else { eq.not() })
            }
            BinOp::Lt => Z::B(x.int().lt(y.int())),
            BinOp::Le => Z::B(x.int().le(y.int())),
            BinOp::Gt => Z::B(x.int().gt(y.int())),
            BinOp::Ge => Z::B(x.int().ge(y.int())),
            BinOp::And => Z::B(Bool::and(&[x.bool(), y.bool()])),
            BinOp::Or => Z::B(Bool::or(&[x.bool(), y.bool()])),
        }
    }

    fn via_bits(&self, op: BinOp, x: Int, y: Int, ty: ScalarTy) -> Z {
        let (bits, signed) = int_bits(ty).unwrap_or((64, true));
        let bx = BV::from_int(&x, bits);
        let by = BV::from_int(&y, bits);
        let r = match op {
            BinOp::BitAnd => bx.bvand(&by),
            BinOp::BitOr => bx.bvor(&by),
            BinOp::BitXor => bx.bvxor(&by),
            BinOp::Shl => bx.bvshl(&by),
            BinOp::Shr if signed => bx.bvashr(&by),
            _ => bx.bvlshr(&by),
        };
        Z::I(Int::from_bv(&r, signed))
    }
}

// ---------------------------------------------------------------------------
// Degrees.

/// Geometry of an access size: bytes per unit, lanes per phase, bank groups.
fn geometry(size: u32) -> (u32, u32, u32) {
    match size {
        0..=4 => (WORD, BANKS, BANKS),
        5..=8 => (8, BANKS / 2, BANKS / 2),
        _ => (16, BANKS / 4, BANKS / 4),
    }
}

/// Unit index of a byte offset (floor division).
fn unit_of(offset: i128, unit: u32) -> i128 {
    offset.div_euclid(i128::from(unit))
}

/// Largest number of distinct units one bank group serves in one phase, and
/// two lanes that show it.
fn concrete_degree(size: u32, lanes: &[Option<i128>]) -> (u32, Option<[usize; 2]>) {
    let (unit, phase, groups) = geometry(size);
    let mut best = (1u32, None);
    for p in 0..(BANKS / phase) as usize {
        let mut by_group: BTreeMap<i128, BTreeMap<i128, usize>> = BTreeMap::new();
        for l in p * phase as usize..(p + 1) * phase as usize {
            if let Some(Some(off)) = lanes.get(l) {
                let u = unit_of(*off, unit);
                by_group
                    .entry(u.rem_euclid(i128::from(groups)))
                    .or_default()
                    .entry(u)
                    .or_insert(l);
            }
        }
        for units in by_group.values() {
            let d = units.len() as u32;
            if d > best.0 {
                let mut first = units.values();
                let a = first.next().copied().unwrap_or(0);
                let b = first.next().copied().unwrap_or(0);
                best = (d, Some([a.min(b), a.max(b)]));
            }
        }
    }
    best
}

/// Computes the conflict degree of every shared read and write of `kernel`.
pub fn analyze_banks(kernel: &Kernel, opts: &CheckOptions) -> BankReport {
    let start = Instant::now();
    let mut pass = LanePass::new(kernel, opts);
    pass.block(&kernel.body);
    let LanePass { out, unknowns, .. } = pass;
    let mut queries = 0;
    let warp = Warp::new(kernel, opts);
    let funcs = std::cell::RefCell::new(HashMap::default());
    let enc = Encode {
        kernel,
        unknowns: &unknowns,
        warp: &warp,
        global_offset: opts.launch.global_offset.unwrap_or([0; 3]),
        funcs: &funcs,
    };
    let solver = Solver::new();
    let mut p = Params::new();
    p.set_u32("timeout", QUERY_TIMEOUT_MS as u32);
    solver.set_params(&p);
    let mut accesses = Vec::new();
    let budget = std::time::Duration::from_millis(
        opts.kernel_budget_ms.max(1).saturating_mul(BUDGET_FACTOR),
    );
    // On the budget clock (`base::clock`), like the checker's backstop.
    let deadline = crate::base::clock::Deadline::after(budget);
    for a in &out {
        let array = kernel.arrays.get(a.access.array.0 as usize);
        let (degree, witness) = if deadline.passed() {
            (
                Degree::Unknown(format!(
                    "the bank analysis of this kernel ran out of its {} ms budget",
                    budget.as_millis()
                )),
                None,
            )
        } else {
            degree_of(&solver, &enc, a, &mut queries, &deadline)
        };
        accesses.push(AccessBanks {
            stmt: a.stmt.id,
            span: a.stmt.span,
            array: a.access.array,
            array_name: array.map(|d| d.name.clone()).unwrap_or_default(),
            dims: array.map(|d| d.dims.clone()).unwrap_or_default(),
            write: a.write,
            size: a.access.size,
            degree,
            witness,
        });
    }
    BankReport {
        kernel: kernel.name.clone(),
        accesses,
        time_ms: start.elapsed().as_secs_f64() * 1e3,
        queries,
    }
}

/// Facts about the unknowns and parameters used by `exprs`.
fn domain_facts(enc: &Encode, exprs: &[&Expr]) -> Vec<Bool> {
    let mut seen: HashSet<(usize, usize)> = HashSet::default();
    let mut params: HashSet<u32> = HashSet::default();
    let mut facts = Vec::new();
    let range = |ty: ScalarTy| -> Option<(i128, i128)> {
        match ty {
            ScalarTy::Int { bits, signed } => {
                let b = u32::from(bits.clamp(1, 64));
                Some(if signed {
                    (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
                } else {
                    (0, (1i128 << b) - 1)
                })
            }
            _ => None,
        }
    };
    for e in exprs {
        for_each_expr(e, &mut |x| match x {
            Expr::Var(v) => {
                let index = (v.0 as usize).wrapping_sub(enc.kernel.vars.len());
                let Some(u) = enc.unknowns.get(index) else {
                    return;
                };
                let lanes = if u.uniform { 1 } else { BANKS as usize };
                for lane in 0..lanes {
                    if !seen.insert((index, lane)) {
                        continue;
                    }
                    let Z::I(term) = enc.leaf_var(*v, lane) else {
                        continue;
                    };
                    if let Some(values) = &u.values {
                        facts.push(Bool::or(
                            &values
                                .iter()
                                .map(|x| term.eq(Int::from_i128(*x)))
                                .collect::<Vec<_>>(),
                        ));
                    } else if let Some((lo, hi)) = range(u.ty) {
                        facts.push(bounded(&term, lo, hi));
                    }
                }
            }
            Expr::Param(p) if params.insert(p.0) => {
                let ty = enc.kernel.params.get(p.0 as usize).map(|d| d.ty);
                if let (Some((lo, hi)), Z::I(term)) = (ty.and_then(range), enc.expr(x, 0)) {
                    facts.push(bounded(&term, lo, hi));
                }
            }
            _ => {}
        });
    }
    facts
}

fn check(solver: &Solver, queries: &mut u32) -> SatResult {
    *queries += 1;
    let handle = solver.get_context().handle();
    let grace = std::time::Duration::from_millis(QUERY_TIMEOUT_MS + QUERY_TIMEOUT_MS / 4 + 20);
    std::thread::scope(|scope| {
        let (done, finished) = std::sync::mpsc::channel::<()>();
        scope.spawn(move || {
            if finished.recv_timeout(grace) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                handle.interrupt();
            }
        });
        let r = solver.check();
        let _ = done.send(());
        r
    })
}

fn model_int(model: &Model, x: &Int) -> Option<i128> {
    model.eval(x, true).and_then(|v| v.as_i128())
}

/// Concrete value of a closed expression in one lane of a model (exact C
/// semantics through `ir::eval`).
fn eval_in_lane(enc: &Encode, model: &Model, e: &Expr, lane: usize) -> Option<i128> {
    let index_ty = match enc.kernel.lang {
        Lang::Cuda => ScalarTy::UINT,
        Lang::OpenCl => ScalarTy::ULONG,
    };
    let leaf = |x: &Expr| -> Option<Value> {
        match x {
            Expr::Var(v) => {
                let index = (v.0 as usize).wrapping_sub(enc.kernel.vars.len());
                let u = enc.unknowns.get(index)?;
                let raw = match enc.leaf_var(*v, lane) {
                    Z::I(i) => model_int(model, &i)?,
                    Z::B(b) => i128::from(model.eval(&b, true)?.as_bool()?),
                };
                Value::new(raw, u.ty)
            }
            Expr::Param(p) => {
                let ty = enc.kernel.params.get(p.0 as usize)?.ty;
                let raw = match enc.expr(x, lane) {
                    Z::I(i) => model_int(model, &i)?,
                    Z::B(b) => i128::from(model.eval(&b, true)?.as_bool()?),
                };
                Value::new(raw, ty)
            }
            Expr::Builtin(_) => {
                let Z::I(i) = enc.expr(x, lane) else {
                    return None;
                };
                Value::new(model_int(model, &i)?, index_ty)
            }
            _ => None,
        }
    };
    eval_expr(e, &leaf).map(|v| v.bits)
}

fn degree_of(
    solver: &Solver,
    enc: &Encode,
    a: &LaneAccess,
    queries: &mut u32,
    deadline: &crate::base::clock::Deadline,
) -> (Degree, Option<BankWitness>) {
    let kernel = enc.kernel;
    let lane_unknown: Option<String> = {
        let unknowns = enc.unknowns;
        let vars = kernel.vars.len();
        let mut found = None;
        let mut visit = |e: &Expr| {
            if let Expr::Var(v) = e {
                if let Some(u) = unknowns
                    .get((v.0 as usize).wrapping_sub(vars))
                    .filter(|u| !u.uniform)
                {
                    found.get_or_insert_with(|| u.name.clone());
                }
            }
        };
        for_each_expr(&a.offset, &mut visit);
        found
    };
    if let Some(name) = lane_unknown {
        let name = name.trim_start_matches('$');
        return (
            Degree::Unknown(format!(
                "the index depends on `{name}`, a value the analysis does not track (loaded from memory or computed by unknown code)"
            )),
            None,
        );
    }
    match concrete_degree_of(enc, a, deadline) {
        Concrete::Decided(degree, witness) => return (degree, witness.map(|w| *w)),
        Concrete::OutOfBudget => {
            return (
                Degree::Unknown("the bank analysis ran out of its time budget".into()),
                None,
            )
        }
        Concrete::Symbolic => {}
    }
    let (unit, phase, groups) = geometry(a.access.size);
    solver.push();
    for f in &enc.warp.facts {
        solver.assert(f);
    }
    for f in domain_facts(enc, &[&a.offset, &a.active]) {
        solver.assert(&f);
    }
    let lanes = BANKS as usize;
    let selected: Vec<Bool> = (0..lanes)
        .map(|l| Bool::new_const(format!("bank_sel{l}")))
        .collect();
    let group = Int::new_const("bank_group");
    let phase_of = Int::new_const("bank_phase");
    // Uniform unknowns with a small exact value set (multiplicative loop
    // counters) are enumerated and substituted: fixing them keeps products
    // such as `2 * s * tid` linear.
    let combos = finite_combos(enc, &[&a.offset, &a.active]);
    let mut best = 1u32;
    let mut witness = None;
    let mut undecided: Option<String> = None;
    for combo in &combos {
        if deadline.passed() {
            undecided = Some("the bank analysis ran out of its time budget".into());
            break;
        }
        solver.push();
        let values: Vec<(Int, Int)> = combo
            .iter()
            .map(|(t, v)| (t.clone(), Int::from_i128(*v)))
            .collect();
        let pairs: Vec<(&Int, &Int)> = values.iter().map(|(t, v)| (t, v)).collect();
        for (term, value) in &pairs {
            solver.assert(Ast::eq(*term, *value));
        }
        let mut units = Vec::with_capacity(lanes);
        for (l, sel) in selected.iter().enumerate() {
            let offset = simplified_or_same(&enc.expr(&a.offset, l).int().substitute(&pairs));
            let active = simplified_or_same(
                &Bool::and(&[enc.warp.exists[l].clone(), enc.expr(&a.active, l).bool()])
                    .substitute(&pairs),
            );
            let u = offset.div(Int::from_i64(i64::from(unit)));
            solver.assert(sel.implies(&active));
            solver.assert(sel.implies(u.modulo(Int::from_i64(i64::from(groups))).eq(&group)));
            solver.assert(sel.implies(phase_of.eq(Int::from_i64((l / phase as usize) as i64))));
            units.push(u);
        }
        for i in 0..lanes {
            for j in i + 1..lanes {
                if i / phase as usize != j / phase as usize {
                    continue;
                }
                solver.assert(
                    Bool::and(&[selected[i].clone(), selected[j].clone()])
                        .implies(units[i].eq(&units[j]).not()),
                );
            }
        }
        loop {
            let want = best + 1;
            if want > phase {
                break;
            }
            solver.push();
            let weighted: Vec<(&Bool, i32)> = selected.iter().map(|s| (s, 1)).collect();
            solver.assert(Bool::pb_ge(&weighted, want as i32));
            if let Some(dir) = std::env::var_os("SYNCWRIGHT_DUMP") {
                let path = std::path::Path::new(&dir)
                    .join(format!("banks-{}-{}-{want}.smt2", kernel.name, a.stmt.id.0));
                let _ = std::fs::write(path, solver.to_smt2());
            }
            let r = check(solver, queries);
            let model = (r == SatResult::Sat).then(|| solver.get_model()).flatten();
            solver.pop(1);
            match (r, model) {
                (SatResult::Unsat, _) => break,
                (SatResult::Sat, Some(model)) => {
                    let offsets: Vec<Option<i128>> = (0..lanes)
                        .map(|l| {
                            let exists = model
                                .eval(&enc.warp.exists[l], true)
                                .and_then(|b| b.as_bool())
                                .unwrap_or(false);
                            let active = exists
                                && eval_in_lane(enc, &model, &a.active, l).is_some_and(|v| v != 0);
                            if active {
                                eval_in_lane(enc, &model, &a.offset, l)
                            } else {
                                None
                            }
                        })
                        .collect();
                    let (d, pair) = concrete_degree(a.access.size, &offsets);
                    if d < want {
                        // The solver's integer model disagrees with C
                        // semantics (wrap-around): keep what is confirmed.
                        undecided = Some("the solver's model could not be confirmed".into());
                        break;
                    }
                    best = d;
                    if let Some([x, y]) = pair {
                        witness =
                            Some(make_witness(enc, &model, a, [x, y], &offsets, groups, unit));
                    }
                }
                _ => {
                    undecided = Some(format!(
                        "the solver gave up: {}",
                        solver
                            .get_reason_unknown()
                            .unwrap_or_else(|| "unknown".into())
                    ));
                    break;
                }
            }
        }
        solver.pop(1);
    }
    if let (Some(why), Some(_)) = (&undecided, std::env::var_os("SYNCWRIGHT_TRACE")) {
        eprintln!(
            "[syncwright] banks {} access {}: {why}",
            kernel.name, a.stmt.id.0
        );
    }
    let result = match undecided {
        None => Degree::Exact(best),
        Some(_) if best > 1 => Degree::AtLeast(best),
        Some(why) => Degree::Unknown(why),
    };
    solver.pop(1);
    let witness = if result.conflicts() { witness } else { None };
    (result, witness)
}

/// Outcome of the concrete path of one access.
enum Concrete {
    /// Every lane's offset and activity evaluated to numbers for every warp
    /// and every value of the enumerated unknowns: the degree is exact.
    Decided(Degree, Option<Box<BankWitness>>),
    /// The enumeration ran past the analysis deadline.
    OutOfBudget,
    /// Some leaf (a parameter, `blockIdx`, an unknown without a finite value
    /// set) has no value: the solver path decides.
    Symbolic,
}

/// Most (warp, value combination) cases the concrete path enumerates.
const MAX_CONCRETE_CASES: usize = 32 * 1024;
/// Most iterations of one loop the concrete path enumerates.
const MAX_CONCRETE_ITERATIONS: usize = 4096;

/// The degree by plain evaluation, without the solver.
///
/// Why it is exact: with blockDim fixed by the launch, the lanes of warp `w`
/// are the threads with linear index `32 w + l` (CUDA's warp formation:
/// x fastest, then y, then z), so every lane's `threadIdx` is a number. When
/// an access's closed offset and activity mention nothing else but launch
/// sizes and uniform unknowns with an exact finite value set (loop counters
/// such as `s = 128, 64, ..., 1`), evaluating them with C semantics
/// (`ir::eval`) for every warp and every combination of those values visits
/// every execution of the access the solver path would consider, so the
/// maximum of the concrete degrees is the exact worst case. Anything else
/// (a parameter, `blockIdx`, a lane-varying unknown) falls back to the solver.
fn concrete_degree_of(
    enc: &Encode,
    a: &LaneAccess,
    deadline: &crate::base::clock::Deadline,
) -> Concrete {
    let kernel = enc.kernel;
    let Some(bd) = enc.warp.concrete_block_dim else {
        return Concrete::Symbolic;
    };
    let threads = bd[0] * bd[1] * bd[2];
    if threads <= 0 {
        return Concrete::Symbolic;
    }
    let lanes = i64::from(BANKS);
    let warps = (threads + lanes - 1) / lanes;
    // The enumerable uniform unknowns the access mentions: counters with an
    // exact finite value set, and loop iteration numbers (with the unknowns
    // their loop's condition mentions, transitively).
    let mut needed: Vec<usize> = Vec::new();
    let mut concrete = true;
    let vars = kernel.vars.len();
    {
        let mut pending: Vec<&Expr> = vec![&a.offset, &a.active];
        pending.extend(a.locals.iter().map(|(_, closed)| closed));
        while let Some(e) = pending.pop() {
            let mut found: Vec<usize> = Vec::new();
            for_each_expr(e, &mut |x| match x {
                Expr::Var(v) => {
                    let index = (v.0 as usize).wrapping_sub(vars);
                    match enc.unknowns.get(index) {
                        Some(u) if u.uniform && (u.values.is_some() || u.loop_cond.is_some()) => {
                            found.push(index)
                        }
                        _ => concrete = false,
                    }
                }
                Expr::Param(_) | Expr::Builtin(Builtin::BlockIdx(_)) => concrete = false,
                Expr::Builtin(Builtin::GridDim(_)) if enc.warp.concrete_grid_dim.is_none() => {
                    concrete = false
                }
                _ => {}
            });
            if !concrete {
                return Concrete::Symbolic;
            }
            for index in found {
                if !needed.contains(&index) {
                    needed.push(index);
                    if let Some(cond) = enc.unknowns[index].loop_cond.as_ref() {
                        if enc.unknowns[index].values.is_none() {
                            pending.push(cond);
                        }
                    }
                }
            }
        }
    }
    // Creation order: an outer loop's unknowns come before the inner loop's.
    needed.sort_unstable();
    let index_ty = match kernel.lang {
        Lang::Cuda => ScalarTy::UINT,
        Lang::OpenCl => ScalarTy::ULONG,
    };
    let grid = enc.warp.concrete_grid_dim.unwrap_or([1; 3]);
    let tid_of = |linear: i64| {
        [
            linear % bd[0],
            (linear / bd[0]) % bd[1],
            linear / (bd[0] * bd[1]),
        ]
    };
    let eval_lane = |e: &Expr, tid: [i64; 3], combo: &[(usize, i128)]| -> Option<i128> {
        let leaf = |x: &Expr| -> Option<Value> {
            match x {
                Expr::Var(v) => {
                    let index = (v.0 as usize).wrapping_sub(vars);
                    let u = enc.unknowns.get(index)?;
                    let raw = combo.iter().find(|(i, _)| *i == index)?.1;
                    Value::new(raw, u.ty)
                }
                Expr::Builtin(b) => {
                    let raw = match *b {
                        Builtin::ThreadIdx(d) => tid[usize::from(d.min(2))],
                        Builtin::BlockDim(d) => bd[usize::from(d.min(2))],
                        Builtin::GridDim(d) => grid[usize::from(d.min(2))],
                        Builtin::GlobalOffset(d) => {
                            i64::from(enc.global_offset[usize::from(d.min(2))])
                        }
                        Builtin::BlockIdx(_) => return None,
                    };
                    Value::new(i128::from(raw), index_ty)
                }
                _ => None,
            }
        };
        eval_expr(e, &leaf).map(|v| v.bits)
    };
    // Whether some lane of some warp runs iteration `i` of a loop under
    // `combo` (None: the condition does not evaluate).
    let any_lane = |cond: &Expr, combo: &[(usize, i128)]| -> Option<bool> {
        for linear in 0..threads {
            if eval_lane(cond, tid_of(linear), combo)? != 0 {
                return Some(true);
            }
        }
        Some(false)
    };
    let mut combos: Vec<Vec<(usize, i128)>> = vec![Vec::new()];
    for index in &needed {
        let u = &enc.unknowns[*index];
        let mut next = Vec::new();
        for c in combos {
            let values: Vec<i128> = match (&u.values, &u.loop_cond) {
                (Some(values), _) => values.clone(),
                (None, Some(cond)) => {
                    // A lane runs iteration i only if it ran 0..i (it leaves
                    // the loop at its first false condition and never comes
                    // back), so the iterations end at the first number where
                    // no lane of any warp runs it.
                    let mut its = Vec::new();
                    loop {
                        let i = its.len() as i128;
                        let mut with = c.clone();
                        with.push((*index, i));
                        match any_lane(cond, &with) {
                            Some(true) => its.push(i),
                            Some(false) => break,
                            None => return Concrete::Symbolic,
                        }
                        if its.len() > MAX_CONCRETE_ITERATIONS {
                            return Concrete::Symbolic;
                        }
                        if deadline.passed() {
                            return Concrete::OutOfBudget;
                        }
                    }
                    its
                }
                (None, None) => return Concrete::Symbolic,
            };
            for v in values {
                let mut with = c.clone();
                with.push((*index, v));
                next.push(with);
            }
            if next.len().saturating_mul(warps as usize) > MAX_CONCRETE_CASES {
                return Concrete::Symbolic;
            }
        }
        combos = next;
    }
    // The worst case so far: degree, and its warp, values, lanes and offsets.
    type Worst = (i64, Vec<(usize, i128)>, [usize; 2], Vec<Option<i128>>);
    let mut best: (u32, Option<Worst>) = (1, None);
    for w in 0..warps {
        if deadline.passed() {
            return Concrete::OutOfBudget;
        }
        for combo in &combos {
            let mut offsets = Vec::with_capacity(lanes as usize);
            for l in 0..lanes {
                let linear = w * lanes + l;
                if linear >= threads {
                    offsets.push(None);
                    continue;
                }
                let tid = tid_of(linear);
                let Some(active) = eval_lane(&a.active, tid, combo) else {
                    return Concrete::Symbolic;
                };
                if active == 0 {
                    offsets.push(None);
                    continue;
                }
                let Some(off) = eval_lane(&a.offset, tid, combo) else {
                    return Concrete::Symbolic;
                };
                offsets.push(Some(off));
            }
            let (d, pair) = concrete_degree(a.access.size, &offsets);
            if d > best.0 {
                if let Some(pair) = pair {
                    best = (d, Some((w, combo.clone(), pair, offsets)));
                }
            }
        }
    }
    let Some((w, combo, pair, offsets)) = best.1 else {
        return Concrete::Decided(Degree::Exact(1), None);
    };
    let (unit, _, groups) = geometry(a.access.size);
    let elem = kernel
        .arrays
        .get(a.access.array.0 as usize)
        .map(|d| i128::from(d.elem_size.max(1)))
        .unwrap_or(1);
    let byte_offsets = pair.map(|l| offsets.get(l).copied().flatten().unwrap_or(0));
    let tids = pair.map(|l| tid_of(w * lanes + l as i64));
    let locals = [0, 1].map(|i| {
        a.locals
            .iter()
            .filter_map(|(v, closed)| {
                Some(NamedValue {
                    name: kernel.vars.get(v.0 as usize)?.name.clone(),
                    value: eval_lane(closed, tids[i], &combo)?,
                })
            })
            .collect()
    });
    let bank_units = i128::from(unit / WORD);
    let witness = BankWitness {
        block_dim: bd.map(|x| x as u64),
        grid_dim: grid.map(|x| x as u64),
        block: [0; 3],
        warp: w as u64,
        lanes: pair.map(|l| l as u32),
        threads: tids.map(|t| t.map(|x| x as u64)),
        byte_offsets,
        indices: byte_offsets.map(|o| o.div_euclid(elem)),
        bank: (unit_of(byte_offsets[0], unit).rem_euclid(i128::from(groups)) * bank_units) as u32,
        params: Vec::new(),
        locals,
    };
    Concrete::Decided(Degree::Exact(best.0), Some(Box::new(witness)))
}

/// Every combination of values of the finite-valued uniform unknowns `exprs`
/// mention (one empty combination when there are none, or too many).
fn finite_combos(enc: &Encode, exprs: &[&Expr]) -> Vec<Vec<(Int, i128)>> {
    const MAX_COMBOS: usize = 1024;
    let mut found: Vec<usize> = Vec::new();
    for e in exprs {
        for_each_expr(e, &mut |x| {
            if let Expr::Var(v) = x {
                let index = (v.0 as usize).wrapping_sub(enc.kernel.vars.len());
                if enc
                    .unknowns
                    .get(index)
                    .is_some_and(|u| u.uniform && u.values.is_some())
                    && !found.contains(&index)
                {
                    found.push(index);
                }
            }
        });
    }
    let mut combos: Vec<Vec<(Int, i128)>> = vec![Vec::new()];
    for index in found {
        let Some(values) = enc.unknowns.get(index).and_then(|u| u.values.as_ref()) else {
            continue;
        };
        if combos.len() * values.len() > MAX_COMBOS {
            continue;
        }
        let term = Int::new_const(enc.unknown_name(index, 0));
        combos = combos
            .into_iter()
            .flat_map(|c| {
                values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push((Int::new_const(enc.unknown_name(index, 0)), *v));
                    c
                })
            })
            .collect();
        let _ = term;
    }
    // Then the warp's coordinates in the block: with them fixed, every lane's
    // thread id is a number and the queries are tiny.
    for (term, values) in &enc.warp.coordinates {
        if values.len() <= 1 || combos.len() * values.len() > MAX_COMBOS {
            continue;
        }
        combos = combos
            .into_iter()
            .flat_map(|c| {
                values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push((term.clone(), *v));
                    c
                })
            })
            .collect();
    }
    combos
}

fn make_witness(
    enc: &Encode,
    model: &Model,
    a: &LaneAccess,
    lanes: [usize; 2],
    offsets: &[Option<i128>],
    groups: u32,
    unit: u32,
) -> BankWitness {
    let kernel = enc.kernel;
    let get = |x: &Int| model_int(model, x).unwrap_or(0).max(0) as u64;
    let elem = kernel
        .arrays
        .get(a.access.array.0 as usize)
        .map(|d| i128::from(d.elem_size.max(1)))
        .unwrap_or(1);
    let byte_offsets = lanes.map(|l| offsets.get(l).copied().flatten().unwrap_or(0));
    let params = kernel
        .params
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let e = Expr::Param(crate::ir::ParamId(i as u32));
            Some(NamedValue {
                name: p.name.clone(),
                value: eval_in_lane(enc, model, &e, 0)?,
            })
        })
        .collect();
    let locals = lanes.map(|l| {
        a.locals
            .iter()
            .filter_map(|(v, closed)| {
                Some(NamedValue {
                    name: kernel.vars.get(v.0 as usize)?.name.clone(),
                    value: eval_in_lane(enc, model, closed, l)?,
                })
            })
            .collect()
    });
    let bank_units = i128::from(unit / WORD);
    BankWitness {
        block_dim: enc.warp.block_dim.each_ref().map(get),
        grid_dim: enc.warp.grid_dim.each_ref().map(get),
        block: enc.warp.block.each_ref().map(get),
        warp: get(&enc.warp.warp),
        lanes: lanes.map(|l| l as u32),
        threads: lanes.map(|l| enc.warp.tid[l].each_ref().map(get)),
        byte_offsets,
        indices: byte_offsets.map(|o| o.div_euclid(elem)),
        bank: (unit_of(byte_offsets[0], unit).rem_euclid(i128::from(groups)) * bank_units) as u32,
        params,
        locals,
    }
}

// ---------------------------------------------------------------------------
// Findings and hovers.

fn coords(c: &[u64; 3]) -> String {
    super::message::coords(c)
}

/// `[i]` or `[i][j]...` for a flat element index of an array with `dims`.
fn subscript(dims: &[u64], index: i128) -> String {
    if dims.len() < 2 || dims.contains(&0) || index < 0 {
        return format!("[{index}]");
    }
    let mut rest = index;
    let mut parts = Vec::new();
    for d in dims.iter().rev() {
        parts.push(rest.rem_euclid(i128::from(*d)));
        rest = rest.div_euclid(i128::from(*d));
    }
    if rest != 0 {
        return format!("[{index}]");
    }
    parts.iter().rev().map(|p| format!("[{p}]")).collect()
}

/// The one-line message of a conflicting access.
pub fn message(a: &AccessBanks) -> String {
    let verb = if a.write { "write to" } else { "read of" };
    let mut m = format!(
        "{} bank conflict: this {verb} `{}` is served in {} passes per warp",
        a.degree.describe(),
        a.array_name,
        a.degree.lower_bound()
    );
    if let Some(w) = &a.witness {
        m.push_str(&format!(
            "; lanes {} and {} of warp {} (threads {} and {}) access `{}{}` and `{}{}`, both in bank {}",
            w.lanes[0],
            w.lanes[1],
            w.warp,
            coords(&w.threads[0]),
            coords(&w.threads[1]),
            a.array_name,
            subscript(&a.dims, w.indices[0]),
            a.array_name,
            subscript(&a.dims, w.indices[1]),
            w.bank
        ));
        let values: Vec<String> = w
            .params
            .iter()
            .chain(w.locals[0].iter())
            .filter(|v| !v.name.starts_with('$'))
            .map(|v| format!("{}={}", v.name, v.value))
            .collect();
        if !values.is_empty() {
            m.push_str(&format!(" with {}", values.join(", ")));
        }
    }
    m
}

/// One `bank-conflict` finding per access with a degree above 1.
pub fn findings(report: &BankReport) -> Vec<Finding> {
    report
        .accesses
        .iter()
        .filter(|a| a.degree.conflicts())
        .map(|a| Finding {
            kind: DiagnosticKind::BankConflict,
            message: message(a),
            span: a.span,
            related: Vec::new(),
            race: None,
            divergence: None,
        })
        .collect()
}

/// Markdown hover for the access labelled `stmt`.
pub fn access_hover(report: &BankReport, stmt: StmtId) -> Option<String> {
    let a = report.access(stmt)?;
    let mut md = format!(
        "**Shared-memory banks**: {} ({} of `{}`, {} bytes per lane)",
        a.degree.describe(),
        if a.write { "write" } else { "read" },
        a.array_name,
        a.size
    );
    match (&a.degree, &a.witness) {
        (Degree::Unknown(why), _) => md.push_str(&format!("\n\nNot computed: {why}.")),
        (_, Some(_)) => md.push_str(&format!("\n\n{}", message(a))),
        _ => {}
    }
    Some(md)
}

/// Markdown hover for an array declaration: every access with its degree and line.
pub fn array_hover(
    report: &BankReport,
    array: ArrayId,
    line_of: &dyn Fn(Span) -> u32,
) -> Option<String> {
    let accesses: Vec<&AccessBanks> = report
        .accesses
        .iter()
        .filter(|a| a.array == array)
        .collect();
    let first = accesses.first()?;
    let mut md = format!(
        "**Shared-memory banks of `{}`**: {} access(es), total degree {}\n",
        first.array_name,
        accesses.len(),
        report.total_degree(array)
    );
    for a in accesses {
        md.push_str(&format!(
            "\n- line {}: {} {}",
            line_of(a.span),
            if a.write { "write" } else { "read" },
            a.degree.describe()
        ));
    }
    Some(md)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concrete_degree_counts_distinct_words_per_bank() {
        // Stride of 32 words: every lane in bank 0, 32 distinct words.
        let column: Vec<Option<i128>> = (0..32).map(|l| Some(l * 128)).collect();
        assert_eq!(concrete_degree(4, &column).0, 32);
        // Broadcast: one word.
        let same: Vec<Option<i128>> = (0..32).map(|_| Some(64)).collect();
        assert_eq!(concrete_degree(4, &same), (1, None));
        // Stride 2: lanes l and l + 16 share a bank.
        let stride2: Vec<Option<i128>> = (0..32).map(|l| Some(l * 8)).collect();
        assert_eq!(concrete_degree(4, &stride2), (2, Some([0, 16])));
        // 8-byte consecutive: half-warps are conflict-free.
        let doubles: Vec<Option<i128>> = (0..32).map(|l| Some(l * 8)).collect();
        assert_eq!(concrete_degree(8, &doubles).0, 1);
        // 8-byte with stride 2 elements: 2-way within a half-warp.
        let doubles2: Vec<Option<i128>> = (0..32).map(|l| Some(l * 16)).collect();
        assert_eq!(concrete_degree(8, &doubles2).0, 2);
        // Inactive lanes do not count.
        let few: Vec<Option<i128>> = (0..32).map(|l| (l < 4).then_some(l * 128)).collect();
        assert_eq!(concrete_degree(4, &few).0, 4);
    }
}
