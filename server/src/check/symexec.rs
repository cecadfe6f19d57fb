//! Symbolic execution of one thread of a kernel into Z3 terms.
//!
//! Integers and floats are bit-vectors of their width (C's wrap-around
//! arithmetic); float arithmetic and unknown pure functions are uninterpreted
//! functions (equal arguments give equal results, nothing more). Memory reads
//! yield havocked values: the checker never needs memory contents except to
//! compare written values of benign races.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use z3::ast::{Ast, Bool, BV};
use z3::{FuncDecl, Solver, Sort};

use crate::analysis::loops::{mentions_any, vars_of, Counter, LoopInfo, LoopTable, UpdateOp};
use crate::analysis::Uniformity;
use crate::config::CheckOptions;
use crate::ir::{
    BinOp, Block, Builtin, Expr, Kernel, ScalarTy, Stmt, StmtId, StmtKind, UnOp, VarId,
};

/// A symbolic value: Bool or a bit-vector (integers and floats).
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// Boolean.
    B(Bool),
    /// Bit-vector of the type's width.
    V(BV),
}

/// Which executions of the two threads a query considers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// Both threads are in one block (else: in different blocks).
    pub same_block: bool,
    /// Loops (outermost first) in whose same iteration both threads are.
    pub shared_loops: Vec<StmtId>,
}

impl Scenario {
    /// Two threads of one block, in the same iteration of `shared_loops`.
    pub fn same_block(shared_loops: Vec<StmtId>) -> Scenario {
        Scenario {
            same_block: true,
            shared_loops,
        }
    }

    /// Two threads of different blocks: nothing is shared but launch values.
    pub fn different_blocks() -> Scenario {
        Scenario {
            same_block: false,
            shared_loops: Vec::new(),
        }
    }
}

/// One thread's view of an access.
#[derive(Clone, Debug)]
pub struct AccessSym {
    /// The thread executes the access.
    pub enabled: Bool,
    /// Byte offset (64 bits).
    pub offset: BV,
    /// Bytes accessed.
    pub size: u32,
    /// Value written (writes only).
    pub value: Option<Val>,
    /// Locals used by the offset, for witnesses.
    pub locals: Vec<(String, Val, ScalarTy)>,
}

/// One thread's symbolic execution of the whole kernel.
#[derive(Clone, Debug, Default)]
pub struct ExecResult {
    /// Accesses by label.
    pub accesses: HashMap<StmtId, AccessSym>,
    /// Barrier enabling conditions by label.
    pub barriers: HashMap<StmtId, Bool>,
    /// Facts (loop invariants) the execution relies on, already guarded.
    pub assumptions: Vec<Bool>,
}

/// Launch values shared by both threads and each thread's ids.
struct Launch {
    block_dim: [BV; 3],
    grid_dim: [BV; 3],
    global_offset: [BV; 3],
    tid: [[BV; 3]; 2],
    bid: [[BV; 3]; 2],
    facts: Vec<Bool>,
}

/// Builds Z3 terms for a kernel; caches per-thread executions per scenario.
pub struct Encoder<'k> {
    kernel: &'k Kernel,
    uniformity: Uniformity,
    loops: LoopTable,
    launch: Launch,
    grid_known_single: bool,
    funcs: RefCell<HashMap<String, FuncDecl>>,
    cache: RefCell<HashMap<(usize, Scenario), Rc<ExecResult>>>,
}

fn bits_of(ty: ScalarTy) -> u32 {
    ty.bits().max(1)
}

fn bv(value: i128, bits: u32) -> BV {
    // Two's complement truncation to `bits`; from_i64 of the low 64 bits suffices
    // for widths up to 64, wider values go through a decimal string.
    if bits <= 64 {
        BV::from_i64(value as i64, bits)
    } else {
        let modulus: i128 = 1i128 << 64;
        let low = value.rem_euclid(modulus);
        BV::from_str(bits, &low.to_string()).unwrap_or_else(|| BV::from_i64(0, bits))
    }
}

impl<'k> Encoder<'k> {
    /// Prepares the launch configuration terms.
    pub fn new(
        kernel: &'k Kernel,
        opts: &CheckOptions,
        uniformity: Uniformity,
        loops: LoopTable,
    ) -> Encoder<'k> {
        let mut facts = Vec::new();
        let launch = &opts.launch;
        let dims = |name: &str, known: Option<[u32; 3]>, facts: &mut Vec<Bool>| -> [BV; 3] {
            std::array::from_fn(|d| match known {
                Some(k) => BV::from_u64(u64::from(k[d].max(1)), 32),
                None => {
                    let c = BV::new_const(format!("{name}{d}"), 32);
                    facts.push(c.bvuge(BV::from_u64(1, 32)));
                    // Hardware limits keep products far from 32-bit overflow.
                    let limit = if name == "blockDim" {
                        1024
                    } else if d == 0 {
                        0x7fff_ffff
                    } else {
                        65_535
                    };
                    facts.push(c.bvule(BV::from_u64(limit, 32)));
                    c
                }
            })
        };
        let (block_y, grid_y) = uses_higher_dimensions(kernel);
        let mut block_dim = dims("blockDim", launch.block_dim, &mut facts);
        let mut grid_dim = dims("gridDim", launch.grid_dim, &mut facts);
        // Assumption (documented in README): with a symbolic launch, a kernel
        // that never reads the y/z components of threadIdx/blockDim (resp.
        // blockIdx/gridDim) is launched one-dimensionally. Any other launch
        // runs redundant copies of the same threads, which is a launch bug and
        // not what the kernel's author analyses; `--block-dim` overrides it.
        if launch.block_dim.is_none() && !block_y {
            block_dim[1] = BV::from_u64(1, 32);
            block_dim[2] = BV::from_u64(1, 32);
        }
        if launch.grid_dim.is_none() && !grid_y {
            grid_dim[1] = BV::from_u64(1, 32);
            grid_dim[2] = BV::from_u64(1, 32);
        }
        if launch.block_dim.is_none() {
            let max = u64::from(
                launch
                    .max_threads_per_block
                    .or(kernel.launch_bounds)
                    .unwrap_or(1024)
                    .max(1),
            );
            let w = |x: &BV| x.zero_ext(32);
            let product = w(&block_dim[0])
                .bvmul(w(&block_dim[1]))
                .bvmul(w(&block_dim[2]));
            facts.push(product.bvule(BV::from_u64(max, 64)));
        }
        let global_offset: [BV; 3] = std::array::from_fn(|d| match launch.global_offset {
            Some(o) => BV::from_u64(u64::from(o[d]), 32),
            None => BV::new_const(format!("globalOffset{d}"), 32),
        });
        let tid: [[BV; 3]; 2] = std::array::from_fn(|t| {
            std::array::from_fn(|d| BV::new_const(format!("tid{t}_{d}"), 32))
        });
        let bid: [[BV; 3]; 2] = std::array::from_fn(|t| {
            std::array::from_fn(|d| BV::new_const(format!("bid{t}_{d}"), 32))
        });
        for t in 0..2 {
            for d in 0..3 {
                facts.push(tid[t][d].bvult(&block_dim[d]));
                facts.push(bid[t][d].bvult(&grid_dim[d]));
            }
        }
        let grid_known_single = launch
            .grid_dim
            .map(|g| g.iter().all(|x| *x <= 1))
            .unwrap_or(false);
        Encoder {
            kernel,
            uniformity,
            loops,
            launch: Launch {
                block_dim,
                grid_dim,
                global_offset,
                tid,
                bid,
                facts,
            },
            grid_known_single,
            funcs: RefCell::new(HashMap::new()),
            cache: RefCell::new(HashMap::new()),
        }
    }

    /// The uniformity analysis used.
    pub fn uniformity(&self) -> &Uniformity {
        &self.uniformity
    }

    /// The kernel.
    pub fn kernel(&self) -> &Kernel {
        self.kernel
    }

    /// Whether two blocks may exist.
    pub fn grid_may_have_several_blocks(&self) -> bool {
        !self.grid_known_single
    }

    /// Thread and block id terms of thread `t`.
    pub fn ids(&self, t: usize) -> (&[BV; 3], &[BV; 3]) {
        (&self.launch.tid[t], &self.launch.bid[t])
    }

    /// blockDim and gridDim terms.
    pub fn dims(&self) -> (&[BV; 3], &[BV; 3]) {
        (&self.launch.block_dim, &self.launch.grid_dim)
    }

    /// Term of a scalar parameter.
    pub fn param(&self, index: usize) -> Option<Val> {
        let p = self.kernel.params.get(index)?;
        Some(match p.ty {
            ScalarTy::Bool => Val::B(Bool::new_const(format!("param{index}"))),
            ty => Val::V(BV::new_const(format!("param{index}"), bits_of(ty))),
        })
    }

    /// Asserts the launch facts and the thread relation of `scenario`.
    pub fn assert_scenario(&self, solver: &Solver, scenario: &Scenario) {
        for f in &self.launch.facts {
            solver.assert(f);
        }
        let l = &self.launch;
        let same_bid = Bool::and(&[
            l.bid[0][0].eq(&l.bid[1][0]),
            l.bid[0][1].eq(&l.bid[1][1]),
            l.bid[0][2].eq(&l.bid[1][2]),
        ]);
        if scenario.same_block {
            solver.assert(&same_bid);
            let same_tid = Bool::and(&[
                l.tid[0][0].eq(&l.tid[1][0]),
                l.tid[0][1].eq(&l.tid[1][1]),
                l.tid[0][2].eq(&l.tid[1][2]),
            ]);
            solver.assert(same_tid.not());
        } else {
            solver.assert(same_bid.not());
        }
    }

    /// The two threads are in different warps (linear thread id / 32 differs).
    pub fn different_warps(&self) -> Bool {
        let l = &self.launch;
        let warp = |t: usize| {
            let lin = l.tid[t][0]
                .bvadd(l.block_dim[0].bvmul(l.tid[t][1].bvadd(l.block_dim[1].bvmul(&l.tid[t][2]))));
            lin.bvudiv(BV::from_u64(32, 32))
        };
        warp(0).eq(warp(1)).not()
    }

    /// The two accesses overlap in at least one byte.
    pub fn overlap(&self, a: &AccessSym, b: &AccessSym, distinct_objects: bool) -> Bool {
        if distinct_objects {
            // An access through a pointer of unknown target may hit any byte.
            return Bool::from_bool(true);
        }
        let end_a = a.offset.bvadd(BV::from_u64(u64::from(a.size.max(1)), 64));
        let end_b = b.offset.bvadd(BV::from_u64(u64::from(b.size.max(1)), 64));
        Bool::and(&[a.offset.bvslt(&end_b), b.offset.bvslt(&end_a)])
    }

    /// `v1 != v2` when both have the same sort.
    pub fn values_differ(&self, v1: &Val, v2: &Val) -> Option<Bool> {
        match (v1, v2) {
            (Val::B(a), Val::B(b)) => Some(a.eq(b).not()),
            (Val::V(a), Val::V(b)) if a.get_size() == b.get_size() => Some(a.eq(b).not()),
            _ => None,
        }
    }

    /// Executes thread `t` under `scenario` (cached).
    pub fn exec(&self, thread: usize, scenario: &Scenario) -> Rc<ExecResult> {
        let key = (thread, scenario.clone());
        if let Some(r) = self.cache.borrow().get(&key) {
            return r.clone();
        }
        let mut exec = Exec {
            enc: self,
            thread,
            scenario,
            env: vec![None; self.kernel.vars.len()],
            guard: Bool::from_bool(true),
            alive: Bool::from_bool(true),
            broken: Bool::from_bool(false),
            continued: Bool::from_bool(false),
            loop_stack: Vec::new(),
            out: ExecResult::default(),
            depth: 0,
        };
        exec.block(&self.kernel.body);
        let result = Rc::new(exec.out);
        self.cache.borrow_mut().insert(key, result.clone());
        result
    }

    fn func(&self, name: &str, args: &[&Val], ret: ScalarTy) -> Val {
        let sort_of = |v: &Val| match v {
            Val::B(_) => Sort::bool(),
            Val::V(x) => Sort::bitvector(x.get_size()),
        };
        let ret_sort = match ret {
            ScalarTy::Bool => Sort::bool(),
            ty => Sort::bitvector(bits_of(ty)),
        };
        let mut key = name.to_string();
        for a in args {
            key.push_str(&match a {
                Val::B(_) => "_b".to_string(),
                Val::V(x) => format!("_{}", x.get_size()),
            });
        }
        key.push_str(&format!("->{}", bits_of(ret)));
        let mut funcs = self.funcs.borrow_mut();
        let decl = funcs.entry(key.clone()).or_insert_with(|| {
            let sorts: Vec<Sort> = args.iter().map(|a| sort_of(a)).collect();
            let refs: Vec<&Sort> = sorts.iter().collect();
            FuncDecl::new(key.as_str(), &refs, &ret_sort)
        });
        let dyn_args: Vec<&dyn Ast> = args
            .iter()
            .map(|a| match a {
                Val::B(b) => b as &dyn Ast,
                Val::V(x) => x as &dyn Ast,
            })
            .collect();
        let r = decl.apply(&dyn_args);
        match ret {
            ScalarTy::Bool => r
                .as_bool()
                .map(Val::B)
                .unwrap_or_else(|| Val::B(Bool::fresh_const("apply"))),
            ty => r
                .as_bv()
                .map(Val::V)
                .unwrap_or_else(|| Val::V(BV::fresh_const("apply", bits_of(ty)))),
        }
    }
}

/// Whether the kernel reads y/z components of (threadIdx or blockDim, blockIdx or gridDim).
fn uses_higher_dimensions(kernel: &Kernel) -> (bool, bool) {
    fn scan(e: &Expr, out: &mut (bool, bool)) {
        match e {
            Expr::Builtin(Builtin::ThreadIdx(d) | Builtin::BlockDim(d)) if *d > 0 => out.0 = true,
            Expr::Builtin(Builtin::BlockIdx(d) | Builtin::GridDim(d)) if *d > 0 => out.1 = true,
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => scan(a, out),
            Expr::Binary(_, a, b, _) => {
                scan(a, out);
                scan(b, out);
            }
            Expr::Select(c, a, b, _) => {
                scan(c, out);
                scan(a, out);
                scan(b, out);
            }
            Expr::Apply(_, args, _) => args.iter().for_each(|a| scan(a, out)),
            _ => {}
        }
    }
    let mut out = (false, false);
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| match &s.kind {
        StmtKind::Assign { value: e, .. } => scan(e, &mut out),
        StmtKind::Read { access, .. } | StmtKind::Atomic { access, .. } => {
            scan(&access.offset, &mut out)
        }
        StmtKind::Write { access, value } => {
            scan(&access.offset, &mut out);
            scan(value, &mut out);
        }
        StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. } => scan(cond, &mut out),
        _ => {}
    });
    out
}

/// Static type of an expression.
pub fn type_of(kernel: &Kernel, e: &Expr) -> ScalarTy {
    match e {
        Expr::Int(_, ty) | Expr::Float(_, ty) => *ty,
        Expr::Var(v) => kernel
            .vars
            .get(v.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::INT),
        Expr::Param(p) => kernel
            .params
            .get(p.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::INT),
        Expr::Builtin(_) => ScalarTy::UINT,
        Expr::Unary(_, _, ty)
        | Expr::Binary(_, _, _, ty)
        | Expr::Cast(ty, _)
        | Expr::Select(_, _, _, ty) => *ty,
        Expr::Apply(_, _, ty) => *ty,
    }
}

/// C's usual arithmetic conversions for two integer types.
fn common_type(a: ScalarTy, b: ScalarTy) -> ScalarTy {
    match (a, b) {
        (ScalarTy::Float { bits: x }, ScalarTy::Float { bits: y }) => {
            ScalarTy::Float { bits: x.max(y) }
        }
        (f @ ScalarTy::Float { .. }, _) | (_, f @ ScalarTy::Float { .. }) => f,
        (ScalarTy::Bool, ScalarTy::Bool) => ScalarTy::INT,
        (ScalarTy::Bool, t) | (t, ScalarTy::Bool) => common_type(t, ScalarTy::INT),
        (
            ScalarTy::Int {
                bits: x,
                signed: sx,
            },
            ScalarTy::Int {
                bits: y,
                signed: sy,
            },
        ) => {
            let bits = x.max(y).max(32);
            let signed = if x == y {
                sx && sy
            } else if x > y {
                sx || (x < 32 && y < 32)
            } else {
                sy || (x < 32 && y < 32)
            };
            ScalarTy::Int { bits, signed }
        }
    }
}

struct Exec<'e, 'k> {
    enc: &'e Encoder<'k>,
    thread: usize,
    scenario: &'e Scenario,
    env: Vec<Option<Val>>,
    guard: Bool,
    alive: Bool,
    broken: Bool,
    continued: Bool,
    loop_stack: Vec<StmtId>,
    out: ExecResult,
    depth: u32,
}

impl Exec<'_, '_> {
    fn kernel(&self) -> &Kernel {
        self.enc.kernel
    }

    fn enabled(&self) -> Bool {
        Bool::and(&[
            self.guard.clone(),
            self.alive.clone(),
            self.broken.not(),
            self.continued.not(),
        ])
    }

    /// A value nobody knows. Shared with the other thread only when uniform and
    /// both threads are in the same iteration of every loop around the site.
    fn havoc(&self, site: &str, ty: ScalarTy, uniform: bool, loops: &[StmtId]) -> Val {
        let shared = self.scenario.same_block
            && uniform
            && loops.iter().all(|l| self.scenario.shared_loops.contains(l));
        let name = if shared {
            format!("{site}!s")
        } else {
            format!("{site}!t{}", self.thread)
        };
        match ty {
            ScalarTy::Bool => Val::B(Bool::new_const(name)),
            ty => Val::V(BV::new_const(name, bits_of(ty))),
        }
    }

    fn var_ty(&self, v: VarId) -> ScalarTy {
        self.kernel()
            .vars
            .get(v.0 as usize)
            .map(|d| d.ty)
            .unwrap_or(ScalarTy::INT)
    }

    fn set(&mut self, v: VarId, val: Val) {
        if let Some(slot) = self.env.get_mut(v.0 as usize) {
            *slot = Some(val);
        }
    }

    fn get(&mut self, v: VarId) -> Val {
        match self.env.get(v.0 as usize) {
            Some(Some(val)) => val.clone(),
            _ => {
                // Reading an uninitialised local: any value.
                let ty = self.var_ty(v);
                let loops = self.loop_stack.clone();
                let val = self.havoc(&format!("uninit{}", v.0), ty, false, &loops);
                self.set(v, val.clone());
                val
            }
        }
    }

    // ---- expressions ----

    fn coerce(&self, v: Val, from: ScalarTy, to: ScalarTy) -> Val {
        if from == to {
            return self.fit(v, to);
        }
        match (v, to) {
            (Val::B(b), ScalarTy::Bool) => Val::B(b),
            (Val::B(b), ty @ ScalarTy::Int { .. }) => {
                let n = bits_of(ty);
                Val::V(b.ite(&BV::from_u64(1, n), &BV::from_u64(0, n)))
            }
            (Val::B(b), ty @ ScalarTy::Float { .. }) => {
                let n = bits_of(ScalarTy::INT);
                let i = Val::V(b.ite(&BV::from_u64(1, n), &BV::from_u64(0, n)));
                self.enc.func("int_to_float", &[&i], ty)
            }
            (Val::V(x), ScalarTy::Bool) => Val::B(x.eq(BV::from_u64(0, x.get_size())).not()),
            (Val::V(x), ty @ ScalarTy::Int { .. }) => {
                if matches!(from, ScalarTy::Float { .. }) {
                    return self.enc.func("float_to_int", &[&Val::V(x)], ty);
                }
                let signed = matches!(from, ScalarTy::Int { signed: true, .. });
                Val::V(resize(x, bits_of(ty), signed))
            }
            (Val::V(x), ty @ ScalarTy::Float { .. }) => {
                if matches!(from, ScalarTy::Float { .. }) {
                    if x.get_size() == bits_of(ty) {
                        return Val::V(x);
                    }
                    return self.enc.func("float_convert", &[&Val::V(x)], ty);
                }
                self.enc.func("int_to_float", &[&Val::V(x)], ty)
            }
        }
    }

    /// Makes sure a value has the sort of `ty` (defensive against front-end type slips).
    fn fit(&self, v: Val, ty: ScalarTy) -> Val {
        match (v, ty) {
            (Val::B(b), ScalarTy::Bool) => Val::B(b),
            (Val::V(x), ScalarTy::Bool) => Val::B(x.eq(BV::from_u64(0, x.get_size())).not()),
            (Val::B(b), t) => {
                let n = bits_of(t);
                Val::V(b.ite(&BV::from_u64(1, n), &BV::from_u64(0, n)))
            }
            (Val::V(x), t) => {
                let signed = matches!(t, ScalarTy::Int { signed: true, .. });
                Val::V(resize(x, bits_of(t), signed))
            }
        }
    }

    fn expr_as(&mut self, e: &Expr, ty: ScalarTy) -> Val {
        let from = type_of(self.kernel(), e);
        let v = self.expr(e);
        self.coerce(v, from, ty)
    }

    fn expr_bool(&mut self, e: &Expr) -> Bool {
        match self.expr_as(e, ScalarTy::Bool) {
            Val::B(b) => b,
            Val::V(x) => x.eq(BV::from_u64(0, x.get_size())).not(),
        }
    }

    fn expr_bv(&mut self, e: &Expr, ty: ScalarTy) -> BV {
        match self.expr_as(e, ty) {
            Val::V(x) => x,
            Val::B(b) => {
                let n = bits_of(ty);
                b.ite(&BV::from_u64(1, n), &BV::from_u64(0, n))
            }
        }
    }

    fn expr(&mut self, e: &Expr) -> Val {
        self.depth += 1;
        let v = if self.depth > 2_000 {
            // Absurdly deep expression: an unknown value of its type is sound.
            let ty = type_of(self.kernel(), e);
            let loops = self.loop_stack.clone();
            self.havoc("deep", ty, false, &loops)
        } else {
            self.expr_inner(e)
        };
        self.depth -= 1;
        v
    }

    fn expr_inner(&mut self, e: &Expr) -> Val {
        match e {
            Expr::Int(v, ty) => match ty {
                ScalarTy::Bool => Val::B(Bool::from_bool(*v != 0)),
                ty => Val::V(bv(*v, bits_of(*ty))),
            },
            Expr::Float(bits, ty) => {
                let n = bits_of(*ty);
                // Canonical constant per (value, width): equal literals are equal.
                let f = f64::from_bits(*bits);
                let pattern = if n == 32 {
                    u64::from((f as f32).to_bits())
                } else if n == 64 {
                    *bits
                } else {
                    *bits & ((1u64 << n.min(63)) - 1)
                };
                Val::V(BV::from_u64(pattern, n))
            }
            Expr::Var(v) => {
                let val = self.get(*v);
                let ty = self.var_ty(*v);
                self.fit(val, ty)
            }
            Expr::Param(p) => self
                .enc
                .param(p.0 as usize)
                .unwrap_or_else(|| Val::V(BV::fresh_const("param", 32))),
            Expr::Builtin(b) => Val::V(self.builtin(*b)),
            Expr::Unary(op, a, ty) => match op {
                UnOp::Not => Val::B(self.expr_bool(a).not()),
                UnOp::Neg if matches!(ty, ScalarTy::Float { .. }) => {
                    let x = self.expr_as(a, *ty);
                    self.enc.func("fneg", &[&x], *ty)
                }
                UnOp::Neg => Val::V(self.expr_bv(a, *ty).bvneg()),
                UnOp::BitNot => Val::V(self.expr_bv(a, *ty).bvnot()),
            },
            Expr::Cast(ty, a) => self.expr_as(a, *ty),
            Expr::Select(c, a, b, ty) => {
                let c = self.expr_bool(c);
                let x = self.expr_as(a, *ty);
                let y = self.expr_as(b, *ty);
                match (x, y) {
                    (Val::B(x), Val::B(y)) => Val::B(c.ite(&x, &y)),
                    (Val::V(x), Val::V(y)) if x.get_size() == y.get_size() => Val::V(c.ite(&x, &y)),
                    (x, _) => x,
                }
            }
            Expr::Apply(name, args, ty) => {
                let vals: Vec<Val> = args.iter().map(|a| self.expr(a)).collect();
                let refs: Vec<&Val> = vals.iter().collect();
                self.enc.func(name, &refs, *ty)
            }
            Expr::Binary(op, a, b, ty) => self.binary(*op, a, b, *ty),
        }
    }

    fn builtin(&self, b: Builtin) -> BV {
        let l = &self.enc.launch;
        let d = |x: u8| usize::from(x.min(2));
        match b {
            Builtin::ThreadIdx(x) => l.tid[self.thread][d(x)].clone(),
            Builtin::BlockIdx(x) => l.bid[self.thread][d(x)].clone(),
            Builtin::BlockDim(x) => l.block_dim[d(x)].clone(),
            Builtin::GridDim(x) => l.grid_dim[d(x)].clone(),
            Builtin::GlobalOffset(x) => l.global_offset[d(x)].clone(),
            Builtin::WarpSize => BV::from_u64(32, 32),
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, ty: ScalarTy) -> Val {
        if matches!(op, BinOp::And | BinOp::Or) {
            let x = self.expr_bool(a);
            let y = self.expr_bool(b);
            return Val::B(if op == BinOp::And {
                Bool::and(&[x, y])
            } else {
                Bool::or(&[x, y])
            });
        }
        if op.is_comparison() {
            let ta = type_of(self.kernel(), a);
            let tb = type_of(self.kernel(), b);
            let ct = common_type(ta, tb);
            if let ScalarTy::Float { .. } = ct {
                let x = self.expr_as(a, ct);
                let y = self.expr_as(b, ct);
                return match op {
                    BinOp::Eq => Val::B(self.values_eq(&x, &y)),
                    BinOp::Ne => Val::B(self.values_eq(&x, &y).not()),
                    _ => self
                        .enc
                        .func(&format!("f{op:?}"), &[&x, &y], ScalarTy::Bool),
                };
            }
            let x = self.expr_bv(a, ct);
            let y = self.expr_bv(b, ct);
            let signed = matches!(ct, ScalarTy::Int { signed: true, .. });
            let r = match op {
                BinOp::Eq => x.eq(&y),
                BinOp::Ne => x.eq(&y).not(),
                BinOp::Lt => {
                    if signed {
                        x.bvslt(&y)
                    } else {
                        x.bvult(&y)
                    }
                }
                BinOp::Le => {
                    if signed {
                        x.bvsle(&y)
                    } else {
                        x.bvule(&y)
                    }
                }
                BinOp::Gt => {
                    if signed {
                        x.bvsgt(&y)
                    } else {
                        x.bvugt(&y)
                    }
                }
                _ => {
                    if signed {
                        x.bvsge(&y)
                    } else {
                        x.bvuge(&y)
                    }
                }
            };
            return Val::B(r);
        }
        let ty = if ty == ScalarTy::Bool {
            ScalarTy::INT
        } else {
            ty
        };
        if let ScalarTy::Float { .. } = ty {
            let x = self.expr_as(a, ty);
            let y = self.expr_as(b, ty);
            return self.enc.func(&format!("f{op:?}"), &[&x, &y], ty);
        }
        let signed = matches!(ty, ScalarTy::Int { signed: true, .. });
        let x = self.expr_bv(a, ty);
        // Shift amounts keep their own type in C; bring them to the result width.
        let y = self.expr_bv(b, ty);
        Val::V(match op {
            BinOp::Add => x.bvadd(&y),
            BinOp::Sub => x.bvsub(&y),
            BinOp::Mul => x.bvmul(&y),
            BinOp::Div => {
                if signed {
                    x.bvsdiv(&y)
                } else {
                    x.bvudiv(&y)
                }
            }
            BinOp::Rem => {
                if signed {
                    x.bvsrem(&y)
                } else {
                    x.bvurem(&y)
                }
            }
            BinOp::Shl => x.bvshl(&y),
            BinOp::Shr => {
                if signed {
                    x.bvashr(&y)
                } else {
                    x.bvlshr(&y)
                }
            }
            BinOp::BitAnd => x.bvand(&y),
            BinOp::BitOr => x.bvor(&y),
            _ => x.bvxor(&y),
        })
    }

    fn values_eq(&self, x: &Val, y: &Val) -> Bool {
        match (x, y) {
            (Val::B(a), Val::B(b)) => a.eq(b),
            (Val::V(a), Val::V(b)) if a.get_size() == b.get_size() => a.eq(b),
            _ => Bool::from_bool(false),
        }
    }

    // ---- statements ----

    fn block(&mut self, block: &Block) {
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
    }

    fn record_access(&mut self, stmt: &Stmt, access: &crate::ir::Access, value: Option<Val>) {
        let offset = self.expr_bv(&access.offset, ScalarTy::LONG);
        let mut vars = Vec::new();
        vars_of(&access.offset, &mut vars);
        let mut locals = Vec::new();
        for v in vars {
            let ty = self.var_ty(v);
            let val = self.get(v);
            let name = self
                .kernel()
                .vars
                .get(v.0 as usize)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            locals.push((name, val, ty));
        }
        let sym = AccessSym {
            enabled: self.enabled(),
            offset,
            size: access.size,
            value,
            locals,
        };
        self.out.accesses.insert(stmt.id, sym);
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match &stmt.kind {
            StmtKind::Assign { var, value } => {
                let ty = self.var_ty(*var);
                let v = self.expr_as(value, ty);
                self.set(*var, v);
            }
            StmtKind::Havoc { var } => {
                let ty = self.var_ty(*var);
                let uniform = self.enc.uniformity.is_uniform_var(*var);
                let loops = self.loop_stack.clone();
                let v = self.havoc(&format!("havoc{}", stmt.id.0), ty, uniform, &loops);
                self.set(*var, v);
            }
            StmtKind::Read { dest, access } => {
                self.record_access(stmt, access, None);
                let ty = self.var_ty(*dest);
                let uniform = self.enc.uniformity.is_uniform_var(*dest);
                let loops = self.loop_stack.clone();
                let v = self.havoc(&format!("read{}", stmt.id.0), ty, uniform, &loops);
                self.set(*dest, v);
            }
            StmtKind::Write { access, value } => {
                let v = self.expr_as(value, access.ty);
                self.record_access(stmt, access, Some(v));
            }
            StmtKind::Atomic { dest, access, .. } => {
                self.record_access(stmt, access, None);
                if let Some(d) = dest {
                    let ty = self.var_ty(*d);
                    let loops = self.loop_stack.clone();
                    let v = self.havoc(&format!("atomic{}", stmt.id.0), ty, false, &loops);
                    self.set(*d, v);
                }
            }
            StmtKind::Barrier { .. } => {
                let en = self.enabled();
                self.out.barriers.insert(stmt.id, en);
            }
            StmtKind::If { cond, then_, else_ } => self.if_stmt(cond, then_, else_),
            StmtKind::Loop {
                cond,
                cond_prelude,
                body,
                step,
                ..
            } => self.loop_stmt(stmt.id, cond, cond_prelude, body, step),
            StmtKind::Break => self.broken = Bool::or(&[self.broken.clone(), self.enabled()]),
            StmtKind::Continue => {
                self.continued = Bool::or(&[self.continued.clone(), self.enabled()])
            }
            StmtKind::Return => self.alive = Bool::and(&[self.alive.clone(), self.enabled().not()]),
        }
    }

    fn if_stmt(&mut self, cond: &Expr, then_: &Block, else_: &Block) {
        let c = self.expr_bool(cond);
        let guard = self.guard.clone();
        let saved_env = self.env.clone();
        let flags = (
            self.alive.clone(),
            self.broken.clone(),
            self.continued.clone(),
        );

        self.guard = Bool::and(&[guard.clone(), c.clone()]);
        self.block(then_);
        let then_env = std::mem::replace(&mut self.env, saved_env);
        let then_flags = (
            self.alive.clone(),
            self.broken.clone(),
            self.continued.clone(),
        );
        (self.alive, self.broken, self.continued) = flags;

        self.guard = Bool::and(&[guard.clone(), c.not()]);
        self.block(else_);
        self.guard = guard;

        self.alive = c.ite(&then_flags.0, &self.alive);
        self.broken = c.ite(&then_flags.1, &self.broken);
        self.continued = c.ite(&then_flags.2, &self.continued);
        for (i, then_val) in then_env.iter().enumerate() {
            let Some(else_val) = self.env.get(i) else {
                break;
            };
            let merged = match (then_val, else_val) {
                (Some(t), Some(e)) if t == e => continue,
                (Some(Val::B(t)), Some(Val::B(e))) => Val::B(c.ite(t, e)),
                (Some(Val::V(t)), Some(Val::V(e))) if t.get_size() == e.get_size() => {
                    Val::V(c.ite(t, e))
                }
                (Some(t), None) => t.clone(),
                (None, Some(_)) => continue,
                (None, None) => continue,
                (Some(t), Some(_)) => t.clone(),
            };
            self.env[i] = Some(merged);
        }
    }

    fn loop_stmt(&mut self, id: StmtId, cond: &Expr, prelude: &Block, body: &Block, step: &Block) {
        let info: LoopInfo = self.enc.loops.get(id).cloned().unwrap_or_default();
        let pre_env = self.env.clone();
        let pre_guard = self.guard.clone();
        let pre_alive = self.alive.clone();
        let pre_flags = (self.broken.clone(), self.continued.clone());
        let outer = self.loop_stack.clone();
        let mut inner = outer.clone();
        inner.push(id);

        // Head: the state at the start of an arbitrary iteration.
        for v in &info.modified {
            let ty = self.var_ty(*v);
            let uniform = self.enc.uniformity.is_uniform_var(*v);
            let h = self.havoc(&format!("head{}_{}", id.0, v.0), ty, uniform, &inner);
            self.set(*v, h);
        }
        let head_env = self.env.clone();
        let mut head_facts = Vec::new();
        let mut exit_facts = Vec::new();
        let simple_exit = prelude.stmts.is_empty() && !info.has_break;
        for counter in &info.counters {
            self.counter_facts(
                id,
                counter,
                cond,
                &info,
                &pre_env,
                &head_env,
                &inner,
                &outer,
                &mut head_facts,
                &mut exit_facts,
            );
        }

        self.loop_stack.push(id);
        self.broken = Bool::from_bool(false);
        self.continued = Bool::from_bool(false);
        self.block(prelude);
        let c = self.expr_bool(cond);
        self.guard = Bool::and(&[pre_guard.clone(), c]);
        let body_entry = self.enabled();
        if !head_facts.is_empty() {
            self.out
                .assumptions
                .push(body_entry.implies(Bool::and(&head_facts)));
        }
        self.block(body);
        self.continued = Bool::from_bool(false);
        self.block(step);
        self.loop_stack.pop();

        // Exit: the state after the last iteration.
        self.guard = pre_guard;
        (self.broken, self.continued) = pre_flags;
        self.alive = pre_alive;
        for v in &info.modified {
            let ty = self.var_ty(*v);
            let uniform = self.enc.uniformity.is_uniform_var(*v);
            let x = self.havoc(&format!("exit{}_{}", id.0, v.0), ty, uniform, &outer);
            self.set(*v, x);
        }
        if info.has_return {
            let uniform = info
                .returns
                .iter()
                .all(|r| self.enc.uniformity.is_uniform_stmt(*r));
            if let Val::B(still) =
                self.havoc(&format!("alive{}", id.0), ScalarTy::Bool, uniform, &outer)
            {
                self.alive = Bool::and(&[self.alive.clone(), still]);
            }
        }
        let exit_reached = self.enabled();
        if simple_exit {
            // Without break, the loop leaves only when its condition fails.
            let c_exit = self.expr_bool(cond);
            exit_facts.push(c_exit.not());
        }
        if !exit_facts.is_empty() {
            self.out
                .assumptions
                .push(exit_reached.implies(Bool::and(&exit_facts)));
        }
        let _ = pre_env;
    }

    /// Invariants of a counter at the loop head and exit.
    ///
    /// Justification: the counter's only assignment in the loop is `v = v op e`
    /// with `e` loop-invariant, so every value it takes is `op` applied k times
    /// to its value on entry. Counters are assumed not to wrap around (signed
    /// overflow is undefined in C; an unsigned loop counter that wraps would
    /// have to pass the loop condition with values near 2^32, which loop
    /// bounds of GPU kernels exclude, as GPUVerify's loop invariants do).
    #[allow(clippy::too_many_arguments)]
    fn counter_facts(
        &mut self,
        id: StmtId,
        counter: &Counter,
        cond: &Expr,
        info: &LoopInfo,
        pre_env: &[Option<Val>],
        head_env: &[Option<Val>],
        inner: &[StmtId],
        outer: &[StmtId],
        head_facts: &mut Vec<Bool>,
        exit_facts: &mut Vec<Bool>,
    ) {
        let v = counter.var;
        let ty = self.var_ty(v);
        let ScalarTy::Int { bits, signed } = ty else {
            return;
        };
        let bits = u32::from(bits);
        let Some(Some(Val::V(init))) = pre_env.get(v.0 as usize).cloned() else {
            return;
        };
        let Some(Some(Val::V(head))) = head_env.get(v.0 as usize).cloned() else {
            return;
        };
        let exit = match self.env.get(v.0 as usize) {
            Some(Some(Val::V(x))) => x.clone(),
            _ => return,
        };
        let _ = exit;
        let uniform = self.enc.uniformity.is_uniform_var(v);
        // Operand in the entry state (it is loop-invariant).
        let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
        let operand = self.expr_bv(&counter.operand, ty);
        self.env = saved;
        let mut others = info.modified.clone();
        others.remove(&v);
        let cond_simple = !mentions_any(cond, &others);

        // Exact value set when everything is a constant under the launch configuration.
        if cond_simple {
            if let Some((values, exit_value)) = self.simulate(counter, cond, pre_env, ty) {
                let eqs: Vec<Bool> = values.iter().map(|x| head.eq(bv(*x, bits))).collect();
                head_facts.push(if eqs.is_empty() {
                    Bool::from_bool(false)
                } else {
                    Bool::or(&eqs)
                });
                let exit_var = self.exit_term(id, v, ty, uniform, outer);
                let mut exits: Vec<Bool> = Vec::new();
                if let Some(x) = exit_value {
                    exits.push(exit_var.eq(bv(x, bits)));
                }
                if info.has_break || exit_value.is_none() {
                    exits.extend(values.iter().map(|x| exit_var.eq(bv(*x, bits))));
                }
                if !exits.is_empty() {
                    exit_facts.push(Bool::or(&exits));
                }
                return;
            }
        }
        let ext = |x: &BV, w: u32| {
            if signed {
                x.sign_ext(w - x.get_size())
            } else {
                x.zero_ext(w - x.get_size())
            }
        };
        match counter.op {
            UpdateOp::Add | UpdateOp::Sub => {
                // v = init + k * e for some k >= 0, computed without overflow.
                let w = bits + 34;
                for (which, val, loops) in [
                    ("head", head.clone(), inner),
                    ("exit", self.exit_term(id, v, ty, uniform, outer), outer),
                ] {
                    let k = match self.havoc(
                        &format!("k{which}{}_{}", id.0, v.0),
                        ScalarTy::UINT,
                        uniform,
                        loops,
                    ) {
                        Val::V(k) => k.zero_ext(w - 32),
                        Val::B(_) => continue,
                    };
                    let step = k.bvmul(ext(&operand, w));
                    let exact = if counter.op == UpdateOp::Add {
                        ext(&init, w).bvadd(&step)
                    } else {
                        ext(&init, w).bvsub(&step)
                    };
                    let fits = ext(&exact.extract(bits - 1, 0), w).eq(&exact);
                    let fact = Bool::and(&[val.eq(exact.extract(bits - 1, 0)), fits]);
                    if which == "head" {
                        head_facts.push(fact)
                    } else {
                        exit_facts.push(fact)
                    }
                }
            }
            UpdateOp::Div | UpdateOp::Shr => {
                // Shrinking towards zero from a non-negative start: 0 <= v <= init.
                let positive_divisor = match counter.op {
                    UpdateOp::Div => Some(operand.bvsgt(BV::from_u64(0, bits))),
                    _ => Some(operand.bvsge(BV::from_u64(0, bits))),
                };
                let zero = BV::from_u64(0, bits);
                for (which, val) in [
                    ("head", head.clone()),
                    ("exit", self.exit_term(id, v, ty, uniform, outer)),
                ] {
                    let bound = if signed {
                        Bool::and(&[val.bvsge(&zero), val.bvsle(&init)])
                    } else {
                        val.bvule(&init)
                    };
                    let pre = Bool::and(&[
                        positive_divisor.clone().unwrap_or(Bool::from_bool(true)),
                        if signed {
                            init.bvsge(&zero)
                        } else {
                            Bool::from_bool(true)
                        },
                    ]);
                    let fact = pre.implies(bound);
                    if which == "head" {
                        head_facts.push(fact)
                    } else {
                        exit_facts.push(fact)
                    }
                }
            }
            UpdateOp::Mul | UpdateOp::Shl => {
                // Growing from a positive start without overflow: v >= init; a
                // power of two stays a power of two under *2 and <<.
                let one = BV::from_u64(1, bits);
                let zero = BV::from_u64(0, bits);
                let doubling = match counter.op {
                    UpdateOp::Mul => operand.eq(BV::from_u64(2, bits)),
                    _ => operand.bvuge(&one),
                };
                let init_pow2 =
                    Bool::and(&[init.eq(&zero).not(), init.bvand(init.bvsub(&one)).eq(&zero)]);
                for (which, val) in [
                    ("head", head.clone()),
                    ("exit", self.exit_term(id, v, ty, uniform, outer)),
                ] {
                    let grows = if signed {
                        val.bvsge(&init)
                    } else {
                        val.bvuge(&init)
                    };
                    let pos = if signed {
                        init.bvsgt(&zero)
                    } else {
                        init.bvugt(&zero)
                    };
                    let pow2 =
                        Bool::and(&[val.eq(&zero).not(), val.bvand(val.bvsub(&one)).eq(&zero)]);
                    let fact = Bool::and(&[
                        pos.implies(grows),
                        Bool::and(&[init_pow2.clone(), doubling.clone()]).implies(pow2),
                    ]);
                    if which == "head" {
                        head_facts.push(fact)
                    } else if !info.has_break && which == "exit" {
                        exit_facts.push(fact)
                    }
                }
            }
        }
    }

    /// The exit havoc of counter `v` (same name as the loop exit havoc).
    fn exit_term(&self, id: StmtId, v: VarId, ty: ScalarTy, uniform: bool, outer: &[StmtId]) -> BV {
        match self.havoc(&format!("exit{}_{}", id.0, v.0), ty, uniform, outer) {
            Val::V(x) => x,
            Val::B(b) => b.ite(&BV::from_u64(1, 1), &BV::from_u64(0, 1)),
        }
    }

    /// Runs a counter loop concretely when its start, operand and condition are
    /// constants under the launch configuration: the values at the head, and
    /// the first value failing the condition (None if it never fails).
    fn simulate(
        &mut self,
        counter: &Counter,
        cond: &Expr,
        pre_env: &[Option<Val>],
        ty: ScalarTy,
    ) -> Option<(Vec<i128>, Option<i128>)> {
        const MAX_VALUES: usize = 64;
        let ScalarTy::Int { bits, signed } = ty else {
            return None;
        };
        let bits = u32::from(bits);
        // Only geometric loops: linear ones get the exact stride invariant instead.
        if matches!(counter.op, UpdateOp::Add | UpdateOp::Sub) {
            return None;
        }
        let saved = std::mem::replace(&mut self.env, pre_env.to_vec());
        let result = (|| {
            let mut cur = numeral(&self.get(counter.var), bits, signed)?;
            let mut values = Vec::new();
            for _ in 0..=MAX_VALUES {
                self.set(counter.var, Val::V(bv(cur, bits)));
                let c = self.expr_bool(cond).simplify().as_bool()?;
                if !c {
                    return Some((values, Some(cur)));
                }
                if values.len() == MAX_VALUES {
                    return None;
                }
                values.push(cur);
                let next = self.expr_as(&counter.update, ty);
                let next = numeral(&next, bits, signed)?;
                if next == cur {
                    return Some((values, None));
                }
                cur = next;
            }
            None
        })();
        self.env = saved;
        result
    }
}

/// The constant value of a term, if it simplifies to one.
fn numeral(v: &Val, bits: u32, signed: bool) -> Option<i128> {
    let Val::V(x) = v else { return None };
    let u = x.simplify().as_u64()? as i128;
    if signed && bits < 128 && u >= (1i128 << (bits - 1)) {
        Some(u - (1i128 << bits))
    } else {
        Some(u)
    }
}

/// Resizes a bit-vector by sign or zero extension, or truncation.
fn resize(x: BV, to: u32, signed: bool) -> BV {
    let from = x.get_size();
    if from == to {
        x
    } else if from < to {
        if signed {
            x.sign_ext(to - from)
        } else {
            x.zero_ext(to - from)
        }
    } else {
        x.extract(to - 1, 0)
    }
}
