//! Lowering of one kernel: statements, expressions, memory, calls (inlined).

use std::collections::{HashMap, HashSet};

use tree_sitter::Node;

use super::builtins;
use super::types::{text, GroupKind, Ty};
use super::{Ctx, FnDef};
use crate::ir::{
    Access, ArrayDecl, ArrayId, AtomicOp, BarrierScope, BinOp, Block, Builtin, Expr, Kernel,
    LoopForm, MemSpace, ParamDecl, ParamId, ScalarTy, Span, Stmt, StmtId, StmtKind, UnOp, VarDecl,
    VarId,
};
use crate::syntax::parse::{qualifier_head_start, qualifiers_in, QualifierKind};

/// Deepest statement/expression nesting lowered.
const MAX_NESTING: usize = 200;
/// Deepest chain of inlined calls.
const MAX_INLINE_DEPTH: usize = 16;
/// Most calls inlined into one kernel (call trees grow exponentially).
const MAX_INLINED_CALLS: usize = 4096;
/// Most statements of one lowered kernel.
const MAX_STMTS: u32 = 4_000_000;
/// Largest aggregate copied leaf by leaf.
const MAX_LEAVES: usize = 64;
/// Longest private array of scalars tracked element by element.
const MAX_CELLS: u64 = 16;
/// Stores at computed indices into one tracked private array before its
/// elements are havocked instead (each such store rewrites every element:
/// the checker's terms would grow without bound).
const MAX_COMPUTED_CELL_STORES: u32 = 8;
/// Most case groups of a switch.
const MAX_SWITCH_GROUPS: usize = 512;

/// Why a kernel cannot be lowered.
#[derive(Clone, Debug)]
pub(crate) struct Unsup {
    /// Message.
    pub reason: String,
    /// Offending construct.
    pub span: Span,
}

type R<T> = Result<T, Unsup>;

/// What a pointer points into.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Target {
    /// An array of the kernel.
    Array(ArrayId),
    /// Per-thread memory (private arrays, strings): cannot race.
    Private,
    /// A local variable (`&x`).
    Local(Box<Slot>),
    /// One of several locals, or a local that changes between loop
    /// iterations: reads are havocked and writes havoc every local whose
    /// address is taken.
    Locals,
    /// Null or not yet assigned.
    Null,
    /// One of several arrays: the `k`-th when the local `sel` holds `k`.
    Choice(Vec<ArrayId>, VarId),
}

/// What earlier lowering rounds learnt about pointers with several targets.
#[derive(Clone, Debug, Default)]
pub(crate) struct PointerConflicts {
    /// Pointers that may target several arrays, with those arrays.
    pub arrays: HashMap<String, Vec<ArrayId>>,
    /// Pointers that may target several locals (`Target::Locals` throughout).
    pub locals: HashSet<String>,
}

/// Storage of a local variable.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Slot {
    /// A scalar local.
    Var(VarId, ScalarTy),
    /// A pointer local: byte offset in a LONG local; its current target is
    /// tracked flow-sensitively in `Lowerer::ptr_targets`.
    Ptr {
        off: VarId,
        pointee: Ty,
        name: String,
    },
    /// A pointer that is never reassigned: fixed target, offset 0.
    PtrConst { target: Target, pointee: Ty },
    /// A struct or vector, field by field.
    Agg(Ty, Vec<Slot>),
    /// A per-thread array (its type) whose elements are not tracked.
    PrivArray(Ty),
    /// A small per-thread array of scalars (its type), one local per element:
    /// elements at constant indices keep their values (event lists, small
    /// index tables); any other access havocs them all.
    Cells(Ty, ScalarTy, Vec<VarId>),
    /// A cooperative-groups handle.
    Group(GroupKind),
}

/// A value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    /// A scalar.
    Scalar(Expr, ScalarTy),
    /// A pointer.
    Ptr {
        target: Target,
        offset: Expr,
        pointee: Ty,
    },
    /// A struct or vector value, field by field.
    Agg(Ty, Vec<Val>),
    /// A cooperative-groups handle.
    Group(GroupKind),
    /// No value.
    Void,
}

/// Something assignable.
#[derive(Clone, Debug)]
pub(crate) enum LVal {
    /// A local.
    Slot(Slot),
    /// Memory of an array; `site` is the access expression as written (and whether it is in a macro).
    Mem {
        target: Target,
        offset: Expr,
        ty: Ty,
        site: (Span, bool),
    },
    /// Several lvalues (multi-component swizzle).
    Parts(Ty, Vec<LVal>),
    /// Per-thread memory that cannot race: writes dropped, reads havocked.
    Discard(Ty),
}

/// A name in scope.
#[derive(Clone, Debug)]
enum Binding {
    Slot(Slot),
    Array { id: ArrayId, ty: Ty },
    Value(Val),
    Ref(LVal),
}

/// An inlined call in progress.
struct Frame {
    /// Where the return value goes.
    ret: Option<Slot>,
    /// The function returns a reference: `ret` is a pointer to the object.
    by_ref: bool,
}

/// A forward jump in progress: an inlined function's `return` (label None) or a
/// forward `goto label`. Taking it sets `flag`; statements up to the target are
/// guarded by `!flag` and loops in between are left with `break`.
struct Exit {
    flag: VarId,
    /// Loops entered since the target's scope.
    loops: usize,
    label: Option<String>,
    /// Inline depth the exit belongs to (labels are function-local).
    frame: usize,
}

/// Lowers one kernel.
pub(crate) struct Lowerer<'c, 't> {
    cx: &'c Ctx<'t>,
    unit: usize,
    /// The kernel being built.
    pub kernel: Kernel,
    cur: Vec<Stmt>,
    scopes: Vec<HashMap<String, Binding>>,
    type_overrides: HashMap<String, Ty>,
    stmt_span: Span,
    inline_site: Option<Span>,
    frames: Vec<Frame>,
    call_stack: Vec<String>,
    depth: usize,
    assigned: HashSet<String>,
    conflicted: &'c PointerConflicts,
    /// Pointers found to target several arrays (the kernel is lowered again).
    pub new_conflicts: HashMap<String, Vec<ArrayId>>,
    /// Pointers found to target several locals (the kernel is lowered again).
    pub new_local_conflicts: HashSet<String>,
    /// Names of locals whose address is taken somewhere (`&x`, also parts
    /// `&x.f`, `&x[i]`) in the lowered functions.
    addr_names: HashSet<String>,
    /// Slots of those locals (and of tracked private arrays): what a write
    /// through a `Target::Locals` pointer may change.
    addr_slots: Vec<Slot>,
    /// Stores at computed indices so far, by the first element of the array.
    computed_cell_stores: HashMap<VarId, u32>,
    alias_arrays: HashMap<u8, ArrayId>,
    ptr_targets: HashMap<VarId, Target>,
    /// Accesses of async copies not yet waited for, and whether a barrier was
    /// lowered since (then they are repeated at the wait).
    pending_copies: Vec<(Stmt, bool)>,
    shared_decls: HashMap<(usize, usize), ArrayId>,
    /// The kernel's definition (unit, node): the root of what its code reaches.
    kernel_root: Option<(usize, Node<'t>)>,
    /// Module-scope arrays (names) the kernel's code mentions, transitively
    /// through the functions it calls: what unknown code may write.
    module_arrays: Option<Vec<String>>,
    /// Set just before inlining a call whose reference result is used as an
    /// object: the call returns the object's address (`Frame::by_ref`).
    ref_return: bool,
    /// Set by the call that honoured `ref_return` (it returned an address).
    ref_returned: bool,
    /// Function bodies by unqualified name (`S::f` also as `f`), for the
    /// syntactic scans of `closure_facts` (built on first use).
    bodies_by_name: Option<HashMap<String, Vec<(usize, Node<'t>)>>>,
    /// What `callee_hazard` found, by definition.
    hazards: HashMap<(usize, usize), Option<String>>,
    /// The kernel's dynamic shared memory: every `extern __shared__`
    /// declaration names it (byte-addressed, each with its own element type).
    dynamic_shared: Option<ArrayId>,
    /// Known contents of constant arrays.
    const_inits: HashMap<ArrayId, Vec<i128>>,
    ptr_names: HashMap<VarId, String>,
    globals: HashMap<String, ArrayId>,
    exits: Vec<Exit>,
    signaled: Vec<VarId>,
    inlined_calls: usize,
    noted: HashSet<String>,
    next_tmp: u32,
    next_param_extra: u32,
    work_dim: Option<ParamId>,
}

fn int(v: i128, t: ScalarTy) -> Expr {
    Expr::Int(v, t)
}

fn space_key(s: MemSpace) -> u8 {
    match s {
        MemSpace::Shared => 0,
        MemSpace::Global => 1,
        MemSpace::Constant => 2,
    }
}

/// Wraps an integer to the range of its type.
fn wrap_int(v: i128, t: ScalarTy) -> i128 {
    match t {
        ScalarTy::Bool => (v != 0) as i128,
        ScalarTy::Int { bits, signed } => {
            let bits = bits.min(64) as u32;
            let m = if bits >= 64 {
                u64::MAX as i128
            } else {
                (1i128 << bits) - 1
            };
            let u = v & m;
            if signed && bits < 128 && (u >> (bits - 1)) & 1 == 1 {
                u - (1i128 << bits)
            } else {
                u
            }
        }
        ScalarTy::Float { .. } => v,
    }
}

/// C integer promotion.
fn promote(t: ScalarTy) -> ScalarTy {
    match t {
        ScalarTy::Bool => ScalarTy::INT,
        ScalarTy::Int { bits, .. } if bits < 32 => ScalarTy::INT,
        _ => t,
    }
}

/// C usual arithmetic conversions.
fn common(a: ScalarTy, b: ScalarTy) -> ScalarTy {
    match (a, b) {
        (ScalarTy::Float { bits: x }, ScalarTy::Float { bits: y }) => {
            ScalarTy::Float { bits: x.max(y) }
        }
        (ScalarTy::Float { .. }, _) => a,
        (_, ScalarTy::Float { .. }) => b,
        _ => {
            let (a, b) = (promote(a), promote(b));
            let (
                ScalarTy::Int {
                    bits: ab,
                    signed: asg,
                },
                ScalarTy::Int {
                    bits: bb,
                    signed: bsg,
                },
            ) = (a, b)
            else {
                return ScalarTy::INT;
            };
            if asg == bsg {
                return ScalarTy::Int {
                    bits: ab.max(bb),
                    signed: asg,
                };
            }
            let (ubits, sbits) = if asg { (bb, ab) } else { (ab, bb) };
            if ubits >= sbits {
                ScalarTy::Int {
                    bits: ubits,
                    signed: false,
                }
            } else {
                ScalarTy::Int {
                    bits: sbits,
                    signed: true,
                }
            }
        }
    }
}

/// Converts an expression of type `from` to `to` (folding integer constants).
pub(crate) fn conv(e: Expr, from: ScalarTy, to: ScalarTy) -> Expr {
    if from == to {
        return e;
    }
    match (&e, to) {
        (Expr::Int(v, _), ScalarTy::Int { .. } | ScalarTy::Bool)
            if !matches!(from, ScalarTy::Float { .. }) =>
        {
            return Expr::Int(wrap_int(*v, to), to);
        }
        _ => {}
    }
    match to {
        ScalarTy::Bool => match from {
            ScalarTy::Float { .. } => Expr::Binary(
                BinOp::Ne,
                Box::new(e),
                Box::new(Expr::Float(0f64.to_bits(), from)),
                ScalarTy::Bool,
            ),
            _ => Expr::Binary(
                BinOp::Ne,
                Box::new(e),
                Box::new(Expr::Int(0, from)),
                ScalarTy::Bool,
            ),
        },
        _ => Expr::Cast(to, Box::new(e)),
    }
}

fn not(e: Expr) -> Expr {
    match e {
        Expr::Int(v, ScalarTy::Bool) => Expr::Int((v == 0) as i128, ScalarTy::Bool),
        Expr::Unary(UnOp::Not, inner, _) => *inner,
        e => Expr::Unary(UnOp::Not, Box::new(e), ScalarTy::Bool),
    }
}

fn bin(op: BinOp, a: Expr, b: Expr, t: ScalarTy) -> Expr {
    // Fold the additions and multiplications that pointer arithmetic produces.
    match (op, &a, &b) {
        (BinOp::Add, Expr::Int(0, _), _) => return b,
        (BinOp::Add | BinOp::Sub, _, Expr::Int(0, _)) => return a,
        (BinOp::Mul, _, Expr::Int(1, _)) => return a,
        (BinOp::Mul, Expr::Int(1, _), _) => return b,
        (BinOp::Add, Expr::Int(x, _), Expr::Int(y, _)) => return Expr::Int(wrap_int(x + y, t), t),
        (BinOp::Mul, Expr::Int(x, _), Expr::Int(y, _)) => {
            return Expr::Int(wrap_int(x.wrapping_mul(*y), t), t)
        }
        _ => {}
    }
    Expr::Binary(op, Box::new(a), Box::new(b), t)
}

fn is_loop_kind(k: &str) -> bool {
    matches!(
        k,
        "for_statement" | "while_statement" | "do_statement" | "for_range_loop"
    )
}

impl<'c, 't> Lowerer<'c, 't> {
    /// A lowerer for the kernel defined by `def`.
    pub fn new(
        cx: &'c Ctx<'t>,
        def: &FnDef<'t>,
        conflicted: &'c PointerConflicts,
        kernel: Kernel,
    ) -> Self {
        Lowerer {
            cx,
            unit: def.unit,
            kernel,
            cur: Vec::new(),
            scopes: vec![HashMap::new()],
            type_overrides: HashMap::new(),
            stmt_span: Span::default(),
            inline_site: None,
            frames: Vec::new(),
            call_stack: vec![def.name.clone()],
            depth: 0,
            assigned: HashSet::new(),
            conflicted,
            new_conflicts: HashMap::new(),
            new_local_conflicts: HashSet::new(),
            addr_names: HashSet::new(),
            addr_slots: Vec::new(),
            computed_cell_stores: HashMap::new(),
            alias_arrays: HashMap::new(),
            ptr_targets: HashMap::new(),
            pending_copies: Vec::new(),
            shared_decls: HashMap::new(),
            dynamic_shared: None,
            kernel_root: None,
            module_arrays: None,
            bodies_by_name: None,
            ref_return: false,
            ref_returned: false,
            hazards: HashMap::new(),
            const_inits: HashMap::new(),
            ptr_names: HashMap::new(),
            globals: HashMap::new(),
            exits: Vec::new(),
            signaled: Vec::new(),
            inlined_calls: 0,
            noted: HashSet::new(),
            next_tmp: 0,
            next_param_extra: 0,
            work_dim: None,
        }
    }

    // ----- helpers -----

    fn src(&self) -> &'t str {
        &self.cx.units[self.unit].text
    }

    fn txt(&self, n: Node) -> &'t str {
        text(n, self.src())
    }

    fn span_of(&self, n: Node) -> (Span, bool) {
        self.cx.units[self.unit]
            .map
            .map(n.start_byte() as u32, n.end_byte() as u32)
    }

    fn span(&self, n: Node) -> Span {
        self.span_of(n).0
    }

    fn unsup<T>(&self, n: Node, reason: impl Into<String>) -> R<T> {
        Err(Unsup {
            reason: reason.into(),
            span: self.span(n),
        })
    }

    fn note(&mut self, n: Node, msg: String) {
        let span = self.inline_site.unwrap_or_else(|| self.span(n));
        if self.noted.insert(msg.clone()) {
            self.kernel.notes.push((span, msg));
        }
    }

    fn push(&mut self, kind: StmtKind, at: Node) {
        let site = self.span_of(at);
        self.push_site(kind, site);
    }

    fn push_site(&mut self, kind: StmtKind, site: (Span, bool)) {
        let (span, in_macro) = site;
        let id = StmtId(self.kernel.next_stmt_id);
        self.kernel.next_stmt_id += 1;
        let stmt_span = if self.stmt_span == Span::default() {
            span
        } else {
            self.stmt_span
        };
        self.cur.push(Stmt {
            id,
            kind,
            span,
            stmt_span,
            in_macro,
            inlined_at: self.inline_site,
        });
    }

    fn new_var(&mut self, name: &str, ty: ScalarTy, at: Node) -> VarId {
        let id = VarId(self.kernel.vars.len() as u32);
        let span = self.span(at);
        self.kernel.vars.push(VarDecl {
            name: name.to_string(),
            ty,
            span,
        });
        id
    }

    fn tmp(&mut self, ty: ScalarTy, at: Node) -> VarId {
        let name = format!("$t{}", self.next_tmp);
        self.next_tmp += 1;
        self.new_var(&name, ty, at)
    }

    /// A work-group collective (`async_work_group_copy`, `wait_group_events`)
    /// that all threads of a block must reach together with the same
    /// `uniform_args`; returns its result (an event) when `result` is given.
    fn collective(
        &mut self,
        name: &str,
        uniform_args: Vec<Expr>,
        result: Option<ScalarTy>,
        at: Node,
    ) -> Option<VarId> {
        let dest = result.map(|t| self.tmp(t, at));
        self.push(
            StmtKind::Collective {
                name: name.to_string(),
                uniform_args,
                dest,
            },
            at,
        );
        dest
    }

    /// The scalars a collective argument consists of, for the check that all
    /// threads pass the same: a pointer into an array is its offset (and the
    /// selector when it may target several arrays). Per-thread memory is
    /// never the same object in two threads: a fresh per-thread value.
    fn uniform_parts(&mut self, v: &Val, at: Node, out: &mut Vec<Expr>) {
        match v {
            Val::Scalar(e, _) => out.push(e.clone()),
            Val::Ptr { target, offset, .. } => match target {
                Target::Array(_) => out.push(offset.clone()),
                Target::Choice(_, sel) => {
                    out.push(Expr::Var(*sel));
                    out.push(offset.clone());
                }
                Target::Local(_) | Target::Locals | Target::Private => {
                    let h = self.havoc(ScalarTy::LONG, at);
                    out.push(h);
                }
                Target::Null => out.push(offset.clone()),
            },
            Val::Agg(_, parts) => {
                for p in parts {
                    self.uniform_parts(p, at, out);
                }
            }
            Val::Group(_) | Val::Void => {}
        }
    }

    /// The values `wait_group_events(num, list)` must get equal in every
    /// thread: the count and each event of the list.
    fn wait_events_args(&mut self, vals: &[Val], at: Node<'t>) -> R<Vec<Expr>> {
        /// Longest event list compared element by element.
        const MAX_EVENTS: i128 = 16;
        let mut out = Vec::new();
        let count = match vals.first() {
            Some(Val::Scalar(e, _)) => {
                out.push(e.clone());
                match e {
                    Expr::Int(k, _) => Some(*k),
                    _ => None,
                }
            }
            _ => None,
        };
        match (count, vals.get(1)) {
            (
                Some(k @ 0..=MAX_EVENTS),
                Some(Val::Ptr {
                    target,
                    offset,
                    pointee,
                }),
            ) => {
                let size = self.size_of(pointee).max(1) as i128;
                for i in 0..k {
                    let off = bin(
                        BinOp::Add,
                        offset.clone(),
                        int(i * size, ScalarTy::LONG),
                        ScalarTy::LONG,
                    );
                    let lv = self.deref(target.clone(), off, pointee.clone(), at);
                    let event = self.load(lv, at)?;
                    self.uniform_parts(&event, at, &mut out);
                }
            }
            _ => {
                // An unknown number of events: they cannot be shown equal.
                let h = self.havoc(ScalarTy::INT, at);
                out.push(h);
            }
        }
        Ok(out)
    }

    fn havoc(&mut self, ty: ScalarTy, at: Node) -> Expr {
        let v = self.tmp(ty, at);
        self.push(StmtKind::Havoc { var: v }, at);
        Expr::Var(v)
    }

    /// The tag of struct `k` (empty when unknown).
    fn struct_name(&self, k: usize) -> String {
        self.cx
            .types
            .structs
            .get(k)
            .map(|sd| sd.name.clone())
            .unwrap_or_default()
    }

    /// The defined member function `method` of struct `k`, preferring one
    /// with `arity` parameters when given.
    fn struct_method(&self, k: usize, method: &str, arity: Option<usize>) -> Option<FnDef<'t>> {
        let tag = self.struct_name(k);
        let defs = self.cx.functions.get(&format!("{tag}::{method}"))?;
        defs.iter()
            .find(|d| d.has_body && arity.is_none_or(|n| d.param_count == n))
            .or_else(|| defs.iter().find(|d| d.has_body))
            .cloned()
    }

    fn havoc_val(&mut self, ty: &Ty, at: Node) -> Val {
        match ty {
            Ty::Scalar(s) => Val::Scalar(self.havoc(*s, at), *s),
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(ty, 0) <= MAX_LEAVES => {
                let parts = self.cx.types.parts(ty);
                let vals = parts.iter().map(|(_, t)| self.havoc_val(t, at)).collect();
                Val::Agg(ty.clone(), vals)
            }
            Ty::Ptr(p) => {
                let target = Target::Array(self.alias_array(MemSpace::Global, at));
                // An unknown pointer to a scalar is still aligned for it (C11
                // 6.3.2.3; scalars are aligned to their size on GPUs).
                let align = match **p {
                    Ty::Scalar(s) => super::types::scalar_size(s).max(1) as i128,
                    _ => 1,
                };
                let k = self.havoc(ScalarTy::LONG, at);
                Val::Ptr {
                    target,
                    offset: bin(BinOp::Mul, k, int(align, ScalarTy::LONG), ScalarTy::LONG),
                    pointee: (**p).clone(),
                }
            }
            Ty::Array(e, _) => Val::Ptr {
                target: Target::Private,
                offset: int(0, ScalarTy::LONG),
                pointee: (**e).clone(),
            },
            Ty::Group(g) => Val::Group(*g),
            Ty::Void => Val::Void,
            _ => Val::Scalar(self.havoc(ScalarTy::INT, at), ScalarTy::INT),
        }
    }

    fn with_block(&mut self, f: impl FnOnce(&mut Self) -> R<()>) -> R<Vec<Stmt>> {
        let saved = std::mem::take(&mut self.cur);
        let r = f(self);
        let inner = std::mem::replace(&mut self.cur, saved);
        r.map(|_| inner)
    }

    fn enter(&mut self, n: Node) -> R<()> {
        if self.kernel.next_stmt_id > MAX_STMTS {
            return self.unsup(
                n,
                format!("kernel larger than {MAX_STMTS} statements after inlining"),
            );
        }
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.unsup(n, format!("code nested deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }

    fn lookup(&self, name: &str) -> Option<&Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn bind(&mut self, name: &str, b: Binding) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), b);
        }
    }

    fn size_of(&self, t: &Ty) -> u64 {
        self.cx.types.size(t)
    }

    fn alias_array(&mut self, space: MemSpace, at: Node) -> ArrayId {
        if let Some(&a) = self.alias_arrays.get(&space_key(space)) {
            return a;
        }
        let id = ArrayId(self.kernel.arrays.len() as u32);
        let name = match space {
            MemSpace::Shared => "<any shared array>",
            MemSpace::Global => "<any global array>",
            MemSpace::Constant => "<any constant array>",
        };
        self.kernel.arrays.push(ArrayDecl {
            name: name.into(),
            space,
            elem_size: 1,
            dims: Vec::new(),
            param: None,
            span: self.span(at),
            may_alias_all: true,
        });
        self.alias_arrays.insert(space_key(space), id);
        id
    }

    fn space_of(&self, t: &Target) -> Option<MemSpace> {
        match t {
            Target::Array(a) => self.kernel.arrays.get(a.0 as usize).map(|d| d.space),
            _ => None,
        }
    }

    fn is_alias(&self, t: &Target) -> bool {
        matches!(t, Target::Array(a) if self.kernel.arrays.get(a.0 as usize).is_some_and(|d| d.may_alias_all))
    }

    /// Adds an array declaration for a memory object of type `ty`.
    pub fn add_array(
        &mut self,
        name: &str,
        space: MemSpace,
        ty: &Ty,
        param: Option<u32>,
        at: Node,
    ) -> ArrayId {
        let mut dims = Vec::new();
        let mut elem = ty.clone();
        let mut known = true;
        while let Ty::Array(e, n) = elem {
            match n {
                Some(n) => dims.push(n),
                None => known = false,
            }
            elem = *e;
        }
        if !known {
            dims.clear();
        }
        if matches!(
            ty,
            Ty::Scalar(_) | Ty::Vector(..) | Ty::Struct(_) | Ty::Ptr(_)
        ) && param.is_none()
        {
            dims.push(1);
        }
        let elem_size = if matches!(elem, Ty::Void) {
            1
        } else {
            self.size_of(&elem) as u32
        };
        let id = ArrayId(self.kernel.arrays.len() as u32);
        self.kernel.arrays.push(ArrayDecl {
            name: name.to_string(),
            space,
            elem_size,
            dims,
            param,
            span: self.span(at),
            may_alias_all: false,
        });
        id
    }

    /// The array of the kernel's dynamic shared memory, which every `extern
    /// __shared__` declaration (`name`, of type `ty`) aliases: one array for
    /// all of them, its element size the common element size (else bytes).
    fn dynamic_shared_array(&mut self, name: &str, ty: &Ty, at: Node) -> ArrayId {
        let mut elem = ty;
        while let Ty::Array(e, _) = elem {
            elem = e;
        }
        let size = match elem {
            Ty::Void => 1,
            t => self.size_of(t).clamp(1, u32::MAX as u64) as u32,
        };
        if let Some(id) = self.dynamic_shared {
            if let Some(decl) = self.kernel.arrays.get_mut(id.0 as usize) {
                if decl.elem_size != size {
                    decl.elem_size = 1;
                }
                let names: Vec<&str> = decl.name.split('/').collect();
                if !names.contains(&name) {
                    decl.name = format!("{}/{name}", decl.name);
                }
            }
            return id;
        }
        let id = ArrayId(self.kernel.arrays.len() as u32);
        self.kernel.arrays.push(ArrayDecl {
            name: name.to_string(),
            space: MemSpace::Shared,
            elem_size: size,
            dims: Vec::new(),
            param: None,
            span: self.span(at),
            may_alias_all: false,
        });
        self.dynamic_shared = Some(id);
        id
    }

    // ----- kernel entry -----

    /// Lowers the kernel `def`; returns the body.
    pub fn lower_kernel(&mut self, def: &FnDef<'t>) -> R<()> {
        let node = def.node;
        self.kernel_root = Some((def.unit, node));
        self.collect_assigned(node);
        self.scan_address_taken(node);
        let mut position = 0u32;
        if let Some(tpl) = def.template {
            self.bind_template_params(tpl, None)?;
        }
        let Some(params) = def.params else {
            return self.unsup(node, "kernel without a parameter list");
        };
        let mut cursor = params.walk();
        let param_nodes: Vec<Node> = params.named_children(&mut cursor).collect();
        for p in param_nodes {
            if p.kind() == "comment" {
                continue;
            }
            if p.kind() == "variadic_parameter" {
                return self.unsup(p, "variadic kernel parameters");
            }
            let Some(tnode) = p.child_by_field_name("type") else {
                continue;
            };
            let base = self.resolve_type(tnode);
            let info = self.cx.types.apply_declarator(
                base,
                p.child_by_field_name("declarator"),
                self.src(),
            );
            if matches!(info.ty, Ty::Void) && info.name.is_none() {
                continue; // `(void)`
            }
            let name = info
                .name
                .map(|n| self.txt(n).to_string())
                .unwrap_or_else(|| format!("arg{position}"));
            let quals = qualifiers_in(
                &self.cx.units[self.unit].qualifiers,
                qualifier_head_start(p),
                p.end_byte(),
            );
            let space = if quals.iter().any(|q| q.kind == QualifierKind::Local) {
                MemSpace::Shared
            } else if quals.iter().any(|q| q.kind == QualifierKind::Constant) {
                MemSpace::Constant
            } else {
                MemSpace::Global
            };
            match info.ty.clone() {
                Ty::Ptr(pointee) | Ty::Array(pointee, _) => {
                    let id = self.add_array(&name, space, &pointee, Some(position), p);
                    let _ = space;
                    let target = Target::Array(id);
                    if self.assigned.contains(&name) {
                        let off = self.new_var(&format!("{name}.offset"), ScalarTy::LONG, p);
                        self.push(
                            StmtKind::Assign {
                                var: off,
                                value: int(0, ScalarTy::LONG),
                            },
                            p,
                        );
                        self.ptr_names.insert(off, name.clone());
                        self.init_choice(off, &name, p);
                        self.set_target(off, &name, target, p)?;
                        self.bind(
                            &name,
                            Binding::Slot(Slot::Ptr {
                                off,
                                pointee: *pointee,
                                name: name.clone(),
                            }),
                        );
                    } else {
                        self.bind(
                            &name,
                            Binding::Slot(Slot::PtrConst {
                                target,
                                pointee: *pointee,
                            }),
                        );
                    }
                }
                ty => {
                    let val = self.param_val(&name, &ty, position, 0, p);
                    if self.assigned.contains(&name) {
                        // A scalar parameter the kernel modifies becomes a local.
                        let slot = self.make_slot(&ty, &name, p);
                        self.store(LVal::Slot(slot.clone()), val, p)?;
                        self.bind(&name, Binding::Slot(slot));
                    } else {
                        self.bind(&name, Binding::Value(val));
                    }
                }
            }
            position += 1;
        }
        self.next_param_extra = position;
        let Some(body) = node.child_by_field_name("body") else {
            return self.unsup(node, "kernel without a body");
        };
        self.compound_into(body)?;
        Ok(())
    }

    /// Takes the statements lowered so far as the kernel body.
    pub fn finish(&mut self, braces: Span) {
        self.kernel.body = Block {
            stmts: std::mem::take(&mut self.cur),
            braces: Some(braces),
        };
    }

    fn param_val(&mut self, name: &str, ty: &Ty, position: u32, depth: usize, at: Node) -> Val {
        match ty {
            Ty::Ptr(pointee) => {
                // A pointer inside a by-value struct parameter: its own global
                // array, like a pointer parameter (no aliasing assumed).
                let id = self.add_array(name, MemSpace::Global, pointee, Some(position), at);
                Val::Ptr {
                    target: Target::Array(id),
                    offset: int(0, ScalarTy::LONG),
                    pointee: (**pointee).clone(),
                }
            }
            Ty::Scalar(s) => {
                let id = ParamId(self.kernel.params.len() as u32);
                self.kernel.params.push(ParamDecl {
                    name: name.to_string(),
                    ty: *s,
                    position,
                });
                Val::Scalar(Expr::Param(id), *s)
            }
            Ty::Vector(..) | Ty::Struct(_)
                if depth < 8 && self.cx.types.leaf_count(ty, 0) <= MAX_LEAVES =>
            {
                let parts = self.cx.types.parts(ty);
                let names = self.part_names(ty);
                let vals = parts
                    .iter()
                    .zip(names)
                    .map(|((_, t), n)| {
                        self.param_val(&format!("{name}.{n}"), t, position, depth + 1, at)
                    })
                    .collect();
                Val::Agg(ty.clone(), vals)
            }
            Ty::Group(g) => Val::Group(*g),
            _ => {
                let id = ParamId(self.kernel.params.len() as u32);
                self.kernel.params.push(ParamDecl {
                    name: name.to_string(),
                    ty: ScalarTy::LONG,
                    position,
                });
                Val::Scalar(Expr::Param(id), ScalarTy::LONG)
            }
        }
    }

    fn part_names(&self, ty: &Ty) -> Vec<String> {
        match ty {
            Ty::Vector(_, n) => (0..*n)
                .map(|k| {
                    ["x", "y", "z", "w"]
                        .get(k as usize)
                        .map_or(format!("s{k:x}"), |s| s.to_string())
                })
                .collect(),
            Ty::Struct(k) => self
                .cx
                .types
                .structs
                .get(*k)
                .map(|s| s.fields.iter().map(|f| f.name.clone()).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Binds template parameters: value parameters become uniform symbolic parameters
    /// (or the explicit argument), type parameters opaque 4-byte data (or the explicit type).
    fn bind_template_params(&mut self, tpl: Node<'t>, args: Option<Node<'t>>) -> R<()> {
        let mut cursor = tpl.walk();
        let params: Vec<Node> = tpl.named_children(&mut cursor).collect();
        let arg_nodes: Vec<Node> = match args {
            Some(a) => {
                let mut c = a.walk();
                a.named_children(&mut c).collect()
            }
            None => Vec::new(),
        };
        for (k, p) in params.iter().enumerate() {
            let arg = arg_nodes.get(k).copied();
            match p.kind() {
                "type_parameter_declaration"
                | "optional_type_parameter_declaration"
                | "variadic_type_parameter_declaration" => {
                    let name = p
                        .child_by_field_name("name")
                        .or_else(|| {
                            p.named_children(&mut p.walk())
                                .find(|c| c.kind() == "type_identifier")
                        })
                        .map(|n| self.txt(n).to_string());
                    let ty = match arg {
                        Some(a) if a.kind() == "type_descriptor" => {
                            self.cx
                                .types
                                .type_descriptor(a, self.src(), &self.type_overrides)
                        }
                        _ => p
                            .child_by_field_name("default_type")
                            .map(|d| self.resolve_type(d))
                            .unwrap_or(Ty::Scalar(ScalarTy::INT)),
                    };
                    if let Some(name) = name {
                        self.type_overrides.insert(name, ty);
                    }
                }
                "parameter_declaration" | "optional_parameter_declaration" => {
                    let base = p
                        .child_by_field_name("type")
                        .map(|t| self.resolve_type(t))
                        .unwrap_or(Ty::Scalar(ScalarTy::INT));
                    let info = self.cx.types.apply_declarator(
                        base,
                        p.child_by_field_name("declarator"),
                        self.src(),
                    );
                    let Some(name_node) = info.name else { continue };
                    let name = self.txt(name_node).to_string();
                    let st = match info.ty {
                        Ty::Scalar(s) => s,
                        _ => ScalarTy::INT,
                    };
                    let val = match arg {
                        Some(a) => {
                            let v = self.rvalue(a)?;
                            self.scalar(v, a)?.0
                        }
                        None => {
                            let id = ParamId(self.kernel.params.len() as u32);
                            self.kernel.params.push(ParamDecl {
                                name: name.clone(),
                                ty: st,
                                position: u32::MAX,
                            });
                            Expr::Param(id)
                        }
                    };
                    self.bind(&name, Binding::Value(Val::Scalar(val, st)));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Names assigned anywhere in the function (pointer parameters that are never
    /// assigned keep offset 0 without a local).
    fn collect_assigned(&mut self, n: Node) {
        let mut stack = vec![n];
        let src = self.src();
        while let Some(n) = stack.pop() {
            match n.kind() {
                "assignment_expression" => {
                    if let Some(l) = n.child_by_field_name("left") {
                        self.assigned.insert(text(l, src).trim().to_string());
                    }
                }
                "update_expression" => {
                    if let Some(a) = n.child_by_field_name("argument") {
                        self.assigned.insert(text(a, src).trim().to_string());
                    }
                }
                "pointer_expression"
                    if n.child_by_field_name("operator")
                        .is_some_and(|o| text(o, src) == "&") =>
                {
                    if let Some(a) = n.child_by_field_name("argument") {
                        self.assigned.insert(text(a, src).trim().to_string());
                    }
                }
                _ => {}
            }
            if stack.len() < 100_000 {
                let mut c = n.walk();
                stack.extend(n.children(&mut c));
            }
        }
    }

    fn resolve_type(&self, n: Node) -> Ty {
        self.cx
            .types
            .resolve_base(n, self.src(), &self.type_overrides)
    }

    // ----- statements -----

    fn compound_into(&mut self, n: Node<'t>) -> R<()> {
        self.scopes.push(HashMap::new());
        let mut cursor = n.walk();
        let children: Vec<Node<'t>> = n.named_children(&mut cursor).collect();
        let r = self.stmt_list(&children);
        self.scopes.pop();
        r
    }

    /// Lowers statements in order; inside an inlined call, statements after a
    /// `return` that may have run are guarded by the call's done flag.
    fn stmt_list(&mut self, children: &[Node<'t>]) -> R<()> {
        // Labels of this list that earlier statements jump to (forward gotos).
        let mut pushed = Vec::new();
        for (i, c) in children.iter().enumerate() {
            let Some(label) = self.label_of(*c) else {
                continue;
            };
            if children[..i]
                .iter()
                .any(|e| contains_goto_to(*e, label, self.src()))
            {
                let flag = self.new_var(&format!("goto.{label}"), ScalarTy::Bool, *c);
                self.push(
                    StmtKind::Assign {
                        var: flag,
                        value: int(0, ScalarTy::Bool),
                    },
                    *c,
                );
                self.exits.push(Exit {
                    flag,
                    loops: 0,
                    label: Some(label.to_string()),
                    frame: self.frames.len(),
                });
                pushed.push(flag);
            }
        }
        let r = self.stmt_list_guarded(children);
        self.exits.retain(|e| !pushed.contains(&e.flag));
        r
    }

    fn label_of(&self, n: Node) -> Option<&'t str> {
        if n.kind() != "labeled_statement" {
            return None;
        }
        n.child_by_field_name("label").map(|l| self.txt(l))
    }

    /// Lowers statements in order; after one that may take an exit (a `return`
    /// of an inlined call, a forward `goto`), the following statements up to the
    /// exit's target run only if it was not taken.
    fn stmt_list_guarded(&mut self, children: &[Node<'t>]) -> R<()> {
        let mut k = 0;
        while k < children.len() {
            let child = children[k];
            if let Some(label) = self.label_of(child) {
                let frame = self.frames.len();
                if let Some(e) = self
                    .exits
                    .iter()
                    .rev()
                    .find(|e| e.frame == frame && e.label.as_deref() == Some(label))
                {
                    let flag = e.flag;
                    // Reaching the label by jump or fall-through resumes normal flow.
                    self.push(
                        StmtKind::Assign {
                            var: flag,
                            value: int(0, ScalarTy::Bool),
                        },
                        child,
                    );
                }
            }
            let outer = std::mem::take(&mut self.signaled);
            self.stmt(child)?;
            let new = std::mem::replace(&mut self.signaled, outer);
            let live: Vec<(VarId, usize, Option<String>)> = self
                .exits
                .iter()
                .filter(|e| new.contains(&e.flag))
                .map(|e| (e.flag, e.loops, e.label.clone()))
                .collect();
            self.signaled.extend(new);
            k += 1;
            if live.is_empty() {
                continue;
            }
            let any = |flags: &[VarId]| {
                flags.iter().map(|f| Expr::Var(*f)).reduce(|a, b| {
                    Expr::Binary(BinOp::Or, Box::new(a), Box::new(b), ScalarTy::Bool)
                })
            };
            let in_loop: Vec<VarId> = live.iter().filter(|l| l.1 > 0).map(|l| l.0).collect();
            if is_loop_kind(child.kind()) {
                if let Some(cond) = any(&in_loop) {
                    let brk = self.with_block(|s| {
                        s.push(StmtKind::Break, child);
                        Ok(())
                    })?;
                    self.push(
                        StmtKind::If {
                            cond,
                            then_: Block {
                                stmts: brk,
                                braces: None,
                            },
                            else_: Block::default(),
                        },
                        child,
                    );
                }
            }
            let rest = &children[k..];
            let stop = rest
                .iter()
                .position(|c| {
                    self.label_of(*c)
                        .is_some_and(|l| live.iter().any(|e| e.2.as_deref() == Some(l)))
                })
                .unwrap_or(rest.len());
            let guarded = &rest[..stop];
            if !guarded.iter().all(|c| c.kind() == "comment") {
                let flags: Vec<VarId> = live.iter().map(|l| l.0).collect();
                let cond = any(&flags).map_or(int(1, ScalarTy::Bool), not);
                let stmts = self.with_block(|s| s.stmt_list_guarded(guarded))?;
                if !stmts.is_empty() {
                    self.push(
                        StmtKind::If {
                            cond,
                            then_: Block {
                                stmts,
                                braces: None,
                            },
                            else_: Block::default(),
                        },
                        guarded[0],
                    );
                }
            }
            k += stop;
        }
        Ok(())
    }

    fn block_of(&mut self, n: Node<'t>) -> R<Block> {
        if n.kind() == "compound_statement" {
            let stmts = self.with_block(|s| s.compound_into(n))?;
            Ok(Block {
                stmts,
                braces: Some(self.span(n)),
            })
        } else {
            self.scopes.push(HashMap::new());
            let r = self.with_block(|s| s.stmt(n));
            self.scopes.pop();
            Ok(Block {
                stmts: r?,
                braces: None,
            })
        }
    }

    fn stmt(&mut self, n: Node<'t>) -> R<()> {
        self.enter(n)?;
        let saved = self.stmt_span;
        self.stmt_span = self.span(n);
        let r = self.stmt_inner(n);
        self.stmt_span = saved;
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self, n: Node<'t>) -> R<()> {
        if n.is_error() || n.is_missing() {
            return self.syntax_error(n);
        }
        match n.kind() {
            "comment" | "empty_statement" | ";" => Ok(()),
            "compound_statement" => self.compound_into(n),
            "expression_statement" => match n.named_child(0) {
                Some(e) if e.kind() != "comment" => self.discard(e),
                _ => Ok(()),
            },
            "declaration" => self.declaration(n),
            "if_statement" => self.if_stmt(n),
            "for_statement" => self.for_stmt(n),
            "while_statement" => self.while_stmt(n),
            "do_statement" => self.do_stmt(n),
            "break_statement" => {
                self.push(StmtKind::Break, n);
                Ok(())
            }
            "continue_statement" => {
                self.push(StmtKind::Continue, n);
                Ok(())
            }
            "return_statement" => self.return_stmt(n),
            "switch_statement" => self.switch_stmt(n),
            "goto_statement" => self.goto_stmt(n),
            "labeled_statement" => {
                let mut c = n.walk();
                let inner: Vec<Node<'t>> = n
                    .named_children(&mut c)
                    .filter(|c| c.kind() != "statement_identifier")
                    .collect();
                self.stmt_list(&inner)
            }
            "attributed_statement" => {
                let mut c = n.walk();
                let inner: Vec<Node<'t>> = n
                    .named_children(&mut c)
                    .filter(|c| c.kind() != "attribute_declaration")
                    .collect();
                self.stmt_list(&inner)
            }
            "type_definition"
            | "struct_specifier"
            | "union_specifier"
            | "enum_specifier"
            | "class_specifier"
            | "alias_declaration"
            | "using_declaration"
            | "static_assert_declaration"
            | "namespace_alias_definition" => Ok(()),
            "gnu_asm_expression" | "asm_statement" => {
                self.unsup(n, "inline assembly is not supported")
            }
            "for_range_loop" => self.unsup(n, "range-based `for` is not supported"),
            "try_statement" | "throw_statement" => self.unsup(n, "exceptions are not supported"),
            "case_statement" => self.unsup(n, "`case` label outside a switch body"),
            k => self.unsup(n, format!("unsupported statement `{k}`")),
        }
    }

    fn syntax_error<T>(&self, n: Node) -> R<T> {
        let span = self.span(n);
        let at = self.cx.describe(span);
        Err(Unsup {
            reason: format!("syntax error at {at}"),
            span,
        })
    }

    fn if_stmt(&mut self, n: Node<'t>) -> R<()> {
        let Some(c) = n.child_by_field_name("condition") else {
            return self.unsup(n, "`if` without a condition");
        };
        self.scopes.push(HashMap::new());
        let r = (|| {
            let cond = self.condition(c)?;
            let before = self.ptr_targets.clone();
            let then_ = match n.child_by_field_name("consequence") {
                Some(t) => self.block_of(t)?,
                None => Block::default(),
            };
            let after_then = std::mem::replace(&mut self.ptr_targets, before);
            let else_ = match n.child_by_field_name("alternative") {
                Some(e) => {
                    let inner = if e.kind() == "else_clause" {
                        e.named_child(0)
                    } else {
                        Some(e)
                    };
                    match inner {
                        Some(i) => self.block_of(i)?,
                        None => Block::default(),
                    }
                }
                None => Block::default(),
            };
            let after_else = std::mem::take(&mut self.ptr_targets);
            self.merge_states(after_then, after_else, n)?;
            if let Expr::Int(v, ScalarTy::Bool) = cond {
                // `if (1)` / `if (0)`: keep only the live branch (still in a block for labels).
                let live = if v != 0 { then_ } else { else_ };
                self.cur.extend(live.stmts);
                return Ok(());
            }
            self.push(StmtKind::If { cond, then_, else_ }, n);
            Ok(())
        })();
        self.scopes.pop();
        r
    }

    /// Lowers a condition clause or expression to a Bool.
    fn condition(&mut self, c: Node<'t>) -> R<Expr> {
        let e = if c.kind() == "condition_clause" {
            let mut value = c.child_by_field_name("value");
            if let Some(init) = c.child_by_field_name("initializer") {
                self.stmt(init)?;
            }
            if let Some(v) = value {
                if v.kind() == "declaration" {
                    self.declaration(v)?;
                    let name = v.child_by_field_name("declarator").and_then(|d| {
                        self.cx
                            .types
                            .apply_declarator(Ty::Void, Some(d), self.src())
                            .name
                    });
                    value = name;
                }
            }
            match value {
                Some(v) => v,
                None => return self.unsup(c, "empty condition"),
            }
        } else if c.kind() == "parenthesized_expression" {
            c.named_child(0).unwrap_or(c)
        } else {
            c
        };
        let v = self.rvalue(e)?;
        self.truth(v, e)
    }

    fn truth(&mut self, v: Val, at: Node) -> R<Expr> {
        Ok(match v {
            Val::Scalar(e, t) => conv(e, t, ScalarTy::Bool),
            Val::Ptr {
                target: Target::Null,
                ..
            } => int(0, ScalarTy::Bool),
            // Whether a pointer is null is not tracked beyond literal nulls.
            Val::Ptr { .. } => self.havoc(ScalarTy::Bool, at),
            Val::Group(_) => int(1, ScalarTy::Bool),
            Val::Agg(..) | Val::Void => self.havoc(ScalarTy::Bool, at),
        })
    }

    fn loop_body(&mut self, body: Option<Node<'t>>) -> R<Block> {
        for e in &mut self.exits {
            e.loops += 1;
        }
        let before = self.ptr_targets.clone();
        let r = match body {
            Some(b) => self.block_of(b),
            None => Ok(Block::default()),
        };
        let r = match (r, body) {
            (Ok(b), Some(at)) => self.check_loop_targets(&before, at).map(|_| b),
            (r, _) => r,
        };
        for e in &mut self.exits {
            e.loops = e.loops.saturating_sub(1);
        }
        r
    }

    fn for_stmt(&mut self, n: Node<'t>) -> R<()> {
        self.scopes.push(HashMap::new());
        let r = (|| {
            let mut cursor = n.walk();
            // Initializers: `initializer` may occur several times (comma-separated declarations).
            let inits: Vec<Node<'t>> = n
                .children_by_field_name("initializer", &mut cursor)
                .collect();
            for init in inits {
                if init.kind() == "declaration" {
                    self.declaration(init)?;
                } else {
                    self.discard(init)?;
                }
            }
            let mut cond = int(1, ScalarTy::Bool);
            let prelude = match n.child_by_field_name("condition") {
                Some(c) => self.with_block(|s| {
                    cond = s.condition(c)?;
                    Ok(())
                })?,
                None => Vec::new(),
            };
            let body = self.loop_body(n.child_by_field_name("body"))?;
            let mut cursor = n.walk();
            let updates: Vec<Node<'t>> = n.children_by_field_name("update", &mut cursor).collect();
            let step = self.with_block(|s| {
                for u in updates {
                    s.discard(u)?;
                }
                Ok(())
            })?;
            self.push(
                StmtKind::Loop {
                    cond,
                    cond_prelude: Block {
                        stmts: prelude,
                        braces: None,
                    },
                    body,
                    step: Block {
                        stmts: step,
                        braces: None,
                    },
                    form: LoopForm::For,
                },
                n,
            );
            Ok(())
        })();
        self.scopes.pop();
        r
    }

    fn while_stmt(&mut self, n: Node<'t>) -> R<()> {
        self.scopes.push(HashMap::new());
        let r = (|| {
            let mut cond = int(1, ScalarTy::Bool);
            let prelude = match n.child_by_field_name("condition") {
                Some(c) => self.with_block(|s| {
                    cond = s.condition(c)?;
                    Ok(())
                })?,
                None => Vec::new(),
            };
            let body = self.loop_body(n.child_by_field_name("body"))?;
            self.push(
                StmtKind::Loop {
                    cond,
                    cond_prelude: Block {
                        stmts: prelude,
                        braces: None,
                    },
                    body,
                    step: Block::default(),
                    form: LoopForm::While,
                },
                n,
            );
            Ok(())
        })();
        self.scopes.pop();
        r
    }

    fn do_stmt(&mut self, n: Node<'t>) -> R<()> {
        // `do { ... } while (0)` (statement macros) without break/continue is its body.
        let once = n
            .child_by_field_name("condition")
            .and_then(|c| self.cx.types.const_eval(c, self.src(), 0))
            == Some(0);
        if once && !has_loop_jump(n.child_by_field_name("body")) {
            if let Some(b) = n.child_by_field_name("body") {
                let block = self.block_of(b)?;
                self.cur.extend(block.stmts);
            }
            return Ok(());
        }
        let mut body = self.loop_body(n.child_by_field_name("body"))?;
        let Some(c) = n.child_by_field_name("condition") else {
            return self.unsup(n, "do-while without a condition");
        };
        let mut cond = int(1, ScalarTy::Bool);
        let mut check = self.with_block(|s| {
            cond = s.condition(c)?;
            Ok(())
        })?;
        let brk = self.with_block(|s| {
            s.push(StmtKind::Break, c);
            Ok(())
        })?;
        if cond != int(1, ScalarTy::Bool) {
            let saved = std::mem::take(&mut self.cur);
            self.push(
                StmtKind::If {
                    cond: not(cond),
                    then_: Block {
                        stmts: brk,
                        braces: None,
                    },
                    else_: Block::default(),
                },
                c,
            );
            check.append(&mut self.cur);
            self.cur = saved;
        }
        // `continue` in a do-while goes to the condition: then the check lives in `step`.
        let has_continue = contains_kind(n.child_by_field_name("body"), "continue_statement");
        let step = if has_continue {
            Block {
                stmts: check,
                braces: None,
            }
        } else {
            body.stmts.append(&mut check);
            Block::default()
        };
        self.push(
            StmtKind::Loop {
                cond: int(1, ScalarTy::Bool),
                cond_prelude: Block::default(),
                body,
                step,
                form: LoopForm::DoWhile,
            },
            n,
        );
        Ok(())
    }

    fn return_stmt(&mut self, n: Node<'t>) -> R<()> {
        let value = n.named_child(0).filter(|c| c.kind() != "comment");
        if self.frames.is_empty() {
            if let Some(v) = value {
                self.discard(v)?;
            }
            self.push(StmtKind::Return, n);
            return Ok(());
        }
        if let Some(v) = value {
            let by_ref = self.frames.last().is_some_and(|f| f.by_ref);
            let val = if by_ref {
                let lv = self.lvalue(v)?;
                self.address_of(lv, v)?
            } else {
                self.rvalue(v)?
            };
            let ret = self.frames.last().and_then(|f| f.ret.clone());
            if let Some(slot) = ret {
                self.store(LVal::Slot(slot), val, v)?;
            }
        }
        let frame = self.frames.len();
        let exit = self
            .exits
            .iter()
            .rev()
            .find(|e| e.frame == frame && e.label.is_none())
            .map(|e| (e.flag, e.loops));
        if let Some((flag, loops)) = exit {
            self.take_exit(flag, loops, n);
        }
        Ok(())
    }

    fn take_exit(&mut self, flag: VarId, loops: usize, n: Node) {
        self.push(
            StmtKind::Assign {
                var: flag,
                value: int(1, ScalarTy::Bool),
            },
            n,
        );
        if loops > 0 {
            self.push(StmtKind::Break, n);
        }
        self.signaled.push(flag);
    }

    fn goto_stmt(&mut self, n: Node<'t>) -> R<()> {
        let label = n
            .child_by_field_name("label")
            .map(|l| self.txt(l))
            .unwrap_or("");
        let frame = self.frames.len();
        let exit = self
            .exits
            .iter()
            .rev()
            .find(|e| e.frame == frame && e.label.as_deref() == Some(label))
            .map(|e| (e.flag, e.loops));
        match exit {
            Some((flag, loops)) => {
                self.take_exit(flag, loops, n);
                Ok(())
            }
            None => self.unsup(
                n,
                format!("`goto {label}` backwards or into a block is not supported"),
            ),
        }
    }

    fn switch_stmt(&mut self, n: Node<'t>) -> R<()> {
        let Some(c) = n.child_by_field_name("condition") else {
            return self.unsup(n, "switch without a condition");
        };
        let value_node = c
            .child_by_field_name("value")
            .or_else(|| c.named_child(0))
            .unwrap_or(c);
        let v = self.rvalue(value_node)?;
        let (e, t) = self.scalar(v, value_node)?;
        let t2 = promote(t);
        let sw = self.tmp(t2, value_node);
        self.push(
            StmtKind::Assign {
                var: sw,
                value: conv(e, t, t2),
            },
            value_node,
        );
        let Some(body) = n.child_by_field_name("body") else {
            return Ok(());
        };
        // Case groups: labels (None = default) and statements.
        let mut groups: Vec<(Vec<Option<Node<'t>>>, Vec<Node<'t>>)> = Vec::new();
        let mut cursor = body.walk();
        for case in body.named_children(&mut cursor) {
            if case.kind() != "case_statement" {
                continue; // statements before the first label never run
            }
            let label = case.child_by_field_name("value");
            let mut c2 = case.walk();
            let stmts: Vec<Node<'t>> = case
                .named_children(&mut c2)
                .filter(|s| Some(*s) != label && s.kind() != "comment")
                .collect();
            match groups.last_mut() {
                Some((labels, body)) if body.is_empty() => labels.push(label),
                _ => groups.push((vec![label], Vec::new())),
            }
            if let Some((_, body)) = groups.last_mut() {
                body.extend(stmts);
            }
        }
        if groups.len() > MAX_SWITCH_GROUPS {
            return self.unsup(
                n,
                format!("switch with more than {MAX_SWITCH_GROUPS} case groups"),
            );
        }
        let ends = |stmts: &[Node]| {
            stmts.last().is_some_and(|s| {
                matches!(
                    s.kind(),
                    "break_statement" | "return_statement" | "continue_statement"
                )
            })
        };
        for (_, stmts) in &groups {
            let inner = &stmts[..stmts.len().saturating_sub(if ends(stmts) { 1 } else { 0 })];
            if inner.iter().any(|s| contains_switch_break(*s)) {
                return self.unsup(
                    n,
                    "`break` inside a switch case before its end is not supported",
                );
            }
        }
        // Conditions: equality with the labels; default = no label matches.
        let mut all_labels = Vec::new();
        for (labels, _) in &groups {
            all_labels.extend(labels.iter().flatten().copied());
        }
        let mut label_exprs = Vec::new();
        for l in &all_labels {
            let v = self.rvalue(*l)?;
            let (e, t) = self.scalar(v, *l)?;
            label_exprs.push(conv(e, t, t2));
        }
        let eq = |e: &Expr| {
            Expr::Binary(
                BinOp::Eq,
                Box::new(Expr::Var(sw)),
                Box::new(e.clone()),
                ScalarTy::Bool,
            )
        };
        let mut arms: Vec<(Expr, Block)> = Vec::new();
        let mut arm_states: Vec<HashMap<VarId, Target>> = Vec::new();
        let mut label_k = 0;
        for (g, (labels, _)) in groups.iter().enumerate() {
            let mut cond: Option<Expr> = None;
            let mut is_default = false;
            for l in labels {
                match l {
                    Some(_) => {
                        let e = eq(&label_exprs[label_k]);
                        label_k += 1;
                        cond = Some(match cond {
                            Some(c) => {
                                Expr::Binary(BinOp::Or, Box::new(c), Box::new(e), ScalarTy::Bool)
                            }
                            None => e,
                        });
                    }
                    None => is_default = true,
                }
            }
            if is_default {
                let none = label_exprs.iter().map(|e| not(eq(e))).reduce(|a, b| {
                    Expr::Binary(BinOp::And, Box::new(a), Box::new(b), ScalarTy::Bool)
                });
                let d = none.unwrap_or(int(1, ScalarTy::Bool));
                cond = Some(match cond {
                    Some(c) => Expr::Binary(BinOp::Or, Box::new(c), Box::new(d), ScalarTy::Bool),
                    None => d,
                });
            }
            // Body: this group and the following ones until one ends with an exit.
            let mut body_nodes: Vec<Node<'t>> = Vec::new();
            for (_, stmts) in &groups[g..] {
                body_nodes.extend(stmts.iter().copied());
                if ends(stmts) {
                    break;
                }
            }
            if body_nodes
                .last()
                .is_some_and(|s| s.kind() == "break_statement")
            {
                body_nodes.pop();
            }
            self.scopes.push(HashMap::new());
            let before = self.ptr_targets.clone();
            let stmts = self.with_block(|s| s.stmt_list(&body_nodes));
            let after = std::mem::replace(&mut self.ptr_targets, before.clone());
            arm_states.push(after);
            self.scopes.pop();
            arms.push((
                cond.unwrap_or(int(0, ScalarTy::Bool)),
                Block {
                    stmts: stmts?,
                    braces: None,
                },
            ));
        }
        for st in arm_states {
            let cur = self.ptr_targets.clone();
            self.merge_states(cur, st, n)?;
        }
        // Conditions are mutually exclusive: chain them as if / else if.
        let mut else_ = Block::default();
        for (cond, then_) in arms.into_iter().rev() {
            let saved = std::mem::take(&mut self.cur);
            self.push(StmtKind::If { cond, then_, else_ }, n);
            let stmts = std::mem::replace(&mut self.cur, saved);
            else_ = Block {
                stmts,
                braces: None,
            };
        }
        self.cur.extend(else_.stmts);
        Ok(())
    }

    // ----- declarations -----

    fn declaration(&mut self, n: Node<'t>) -> R<()> {
        let src = self.src();
        let Some(tnode) = n.child_by_field_name("type") else {
            return Ok(());
        };
        let mut is_shared = false;
        let mut is_extern = false;
        let mut is_static_const = false;
        let mut cursor = n.walk();
        for c in n.children(&mut cursor) {
            match c.kind() {
                "type_qualifier"
                | "storage_class_specifier"
                | "attribute_specifier"
                | "attribute_declaration" => {
                    let t = text(c, src);
                    if t.contains("__shared__") {
                        is_shared = true;
                    }
                    if t == "extern" {
                        is_extern = true;
                    }
                    if t == "constexpr" {
                        is_static_const = true;
                    }
                }
                "__shared__" => is_shared = true,
                _ => {}
            }
        }
        let first_decl = n
            .child_by_field_name("declarator")
            .map_or(n.end_byte(), |d| d.start_byte());
        let quals = qualifiers_in(
            &self.cx.units[self.unit].qualifiers,
            qualifier_head_start(n),
            first_decl,
        );
        // OpenCL `local int *p` is a private pointer to local memory; only
        // non-pointer objects declared `local` live in local memory.
        let ocl_local = quals.iter().any(|q| q.kind == QualifierKind::Local);
        let is_auto = tnode.kind() == "placeholder_type_specifier" || text(tnode, src) == "auto";
        let base = self.resolve_type(tnode);
        let mut cursor = n.walk();
        let decls: Vec<Node<'t>> = n
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for d in decls {
            let info = self.cx.types.apply_declarator(base.clone(), Some(d), src);
            let Some(name_node) = info.name else { continue };
            let name = self.txt(name_node).to_string();
            if info.is_fn {
                continue; // a local function prototype
            }
            let is_shared = is_shared || ocl_local && !matches!(info.ty, Ty::Ptr(_));
            if is_shared || is_extern && matches!(info.ty, Ty::Array(..)) {
                let space = if is_shared {
                    MemSpace::Shared
                } else {
                    MemSpace::Global
                };
                // One object per declaration, however often its function is inlined.
                let key = (self.unit, name_node.start_byte());
                let id = if is_shared && is_extern {
                    self.dynamic_shared_array(&name, &info.ty, name_node)
                } else {
                    match self.shared_decls.get(&key) {
                        Some(&id) => id,
                        None => {
                            let id = self.add_array(&name, space, &info.ty, None, name_node);
                            self.shared_decls.insert(key, id);
                            id
                        }
                    }
                };
                self.bind(
                    &name,
                    Binding::Array {
                        id,
                        ty: info.ty.clone(),
                    },
                );
                if let Some(init) = info.init {
                    // `__shared__` variables cannot be initialised in CUDA; evaluate for effects.
                    self.discard(init)?;
                }
                continue;
            }
            let _ = is_static_const;
            if info.is_ref {
                let Some(init) = info.init else {
                    return self.unsup(d, "reference without initializer");
                };
                let lv = self.lvalue(init)?;
                let lv = self.pin_lvalue(lv, init);
                self.bind(&name, Binding::Ref(lv));
                continue;
            }
            let mut ty = info.ty.clone();
            let init_val = match info.init {
                Some(init) if init.kind() == "initializer_list" => Some(self.init_list(init, &ty)?),
                Some(init) if init.kind() == "argument_list" => {
                    // `T x(a)`: constructor syntax.
                    match init.named_child(0) {
                        Some(a) => Some(self.rvalue(a)?),
                        None => None,
                    }
                }
                Some(init) => Some(self.rvalue(init)?),
                None => None,
            };
            if is_auto {
                if let Some(v) = &init_val {
                    ty = self.type_of_val(v);
                }
            }
            if let (Ty::Scalar(_), Some(Val::Ptr { pointee, .. })) = (&ty, &init_val) {
                // An unknown type name holding a pointer (e.g. a typedef of a pointer from a missing header).
                ty = Ty::Ptr(Box::new(pointee.clone()));
            }
            let slot = self.make_slot(&ty, &name, name_node);
            match init_val {
                Some(v) => self.store(LVal::Slot(slot.clone()), v, d)?,
                None => self.havoc_slot(&slot, d),
            }
            if let Slot::PrivArray(_) = slot {
                self.note(
                    name_node,
                    format!(
                        "private array `{name}`: per-thread, cannot race; its reads are havocked"
                    ),
                );
            }
            self.bind(&name, Binding::Slot(slot));
        }
        Ok(())
    }

    fn type_of_val(&self, v: &Val) -> Ty {
        match v {
            Val::Scalar(_, t) => Ty::Scalar(*t),
            Val::Ptr { pointee, .. } => Ty::Ptr(Box::new(pointee.clone())),
            Val::Agg(t, _) => t.clone(),
            Val::Group(g) => Ty::Group(*g),
            Val::Void => Ty::Scalar(ScalarTy::INT),
        }
    }

    fn make_slot(&mut self, ty: &Ty, name: &str, at: Node) -> Slot {
        let slot = self.new_slot(ty, name, at);
        if self.addr_names.contains(name) || matches!(slot, Slot::Cells(..)) {
            self.addr_slots.push(slot.clone());
        }
        slot
    }

    /// Records the names of locals whose address `node` takes anywhere in it
    /// (an explicit stack: the tree may be deeply nested).
    fn scan_address_taken(&mut self, node: Node<'t>) {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "pointer_expression"
                && n.child_by_field_name("operator")
                    .is_some_and(|o| self.txt(o) == "&")
            {
                let mut base = n.child_by_field_name("argument");
                while let Some(b) = base {
                    match b.kind() {
                        "identifier" => {
                            let name = self.txt(b).to_string();
                            self.addr_names.insert(name);
                            break;
                        }
                        "parenthesized_expression" => base = b.named_child(0),
                        "field_expression" => base = b.child_by_field_name("argument"),
                        "subscript_expression" => base = b.child_by_field_name("argument"),
                        _ => break,
                    }
                }
            }
            let mut cursor = n.walk();
            stack.extend(n.children(&mut cursor));
        }
    }

    /// Havocs what a write through a `Target::Locals` pointer may change.
    fn havoc_addressed_locals(&mut self, at: Node) {
        for slot in self.addr_slots.clone() {
            self.havoc_slot(&slot, at);
        }
    }

    fn new_slot(&mut self, ty: &Ty, name: &str, at: Node) -> Slot {
        match ty {
            Ty::Scalar(s) => Slot::Var(self.new_var(name, *s, at), *s),
            Ty::Ptr(p) => {
                let off = self.new_var(&format!("{name}.offset"), ScalarTy::LONG, at);
                self.ptr_names.insert(off, name.to_string());
                self.init_choice(off, name, at);
                Slot::Ptr {
                    off,
                    pointee: (**p).clone(),
                    name: name.to_string(),
                }
            }
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(ty, 0) <= MAX_LEAVES => {
                let parts = self.cx.types.parts(ty);
                let names = self.part_names(ty);
                let slots = parts
                    .iter()
                    .zip(names)
                    .map(|((_, t), n)| self.new_slot(t, &format!("{name}.{n}"), at))
                    .collect();
                Slot::Agg(ty.clone(), slots)
            }
            Ty::Array(elem, Some(len)) if *len <= MAX_CELLS && matches!(**elem, Ty::Scalar(_)) => {
                let Ty::Scalar(st) = **elem else {
                    return Slot::PrivArray(ty.clone());
                };
                let cells = (0..*len)
                    .map(|i| self.new_var(&format!("{name}[{i}]"), st, at))
                    .collect();
                Slot::Cells(ty.clone(), st, cells)
            }
            Ty::Array(..) => Slot::PrivArray(ty.clone()),
            Ty::Group(g) => Slot::Group(*g),
            Ty::Void => Slot::Var(self.new_var(name, ScalarTy::INT, at), ScalarTy::INT),
            // Huge aggregates: a private blob that cannot race.
            _ => Slot::PrivArray(ty.clone()),
        }
    }

    fn havoc_slot(&mut self, slot: &Slot, at: Node) {
        match slot {
            Slot::Var(v, _) => self.push(StmtKind::Havoc { var: *v }, at),
            Slot::Agg(_, parts) => {
                for p in parts {
                    self.havoc_slot(p, at);
                }
            }
            Slot::Cells(_, _, cells) => {
                for v in cells {
                    self.push(StmtKind::Havoc { var: *v }, at);
                }
            }
            _ => {}
        }
    }

    /// The part of local `slot` that `offset` (bytes) with type `ty` names:
    /// the slot itself at offset 0, or one element of a `Slot::Cells` at a
    /// constant, aligned offset. None: an access the locals cannot follow.
    fn local_part(&self, slot: &Slot, offset: &Expr, ty: &Ty) -> Option<Slot> {
        let Slot::Cells(whole, st, cells) = slot else {
            return matches!(offset, Expr::Int(0, _)).then(|| slot.clone());
        };
        let Expr::Int(off, _) = offset else {
            return None;
        };
        let esz = super::types::scalar_size(*st) as i128;
        match ty {
            Ty::Scalar(t) if *t == *st && off % esz == 0 => {
                let i = usize::try_from(off / esz).ok()?;
                cells.get(i).map(|v| Slot::Var(*v, *st))
            }
            t if *off == 0 && self.size_of(t) == self.size_of(whole) => Some(slot.clone()),
            _ => None,
        }
    }

    fn init_list(&mut self, n: Node<'t>, ty: &Ty) -> R<Val> {
        let mut cursor = n.walk();
        let items: Vec<Node<'t>> = n
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        match ty {
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(ty, 0) <= MAX_LEAVES => {
                let parts = self.cx.types.parts(ty);
                let mut vals = Vec::new();
                for (k, (_, pt)) in parts.iter().enumerate() {
                    let v = match items.get(k) {
                        Some(item) if item.kind() == "initializer_list" => {
                            self.init_list(*item, pt)?
                        }
                        Some(item) if item.kind() == "initializer_pair" => {
                            let value = item.child_by_field_name("value").unwrap_or(*item);
                            self.rvalue(value)?
                        }
                        Some(item) => self.rvalue(*item)?,
                        None => self.zero(pt),
                    };
                    vals.push(v);
                }
                Ok(Val::Agg(ty.clone(), vals))
            }
            Ty::Scalar(_) => match items.first() {
                Some(i) => self.rvalue(*i),
                None => Ok(self.zero(ty)),
            },
            _ => {
                // Private arrays and huge aggregates: evaluate the items for their effects.
                for i in items {
                    self.discard(i)?;
                }
                Ok(Val::Void)
            }
        }
    }

    fn zero(&mut self, ty: &Ty) -> Val {
        match ty {
            Ty::Scalar(s @ ScalarTy::Float { .. }) => {
                Val::Scalar(Expr::Float(0f64.to_bits(), *s), *s)
            }
            Ty::Scalar(s) => Val::Scalar(int(0, *s), *s),
            Ty::Vector(..) | Ty::Struct(_) => {
                let parts = self.cx.types.parts(ty);
                Val::Agg(
                    ty.clone(),
                    parts.iter().map(|(_, t)| self.zero(t)).collect(),
                )
            }
            Ty::Ptr(p) => Val::Ptr {
                target: Target::Null,
                offset: int(0, ScalarTy::LONG),
                pointee: (**p).clone(),
            },
            _ => Val::Void,
        }
    }

    /// Fixes the address of an lvalue (for references): offsets go into locals.
    fn pin_lvalue(&mut self, lv: LVal, at: Node) -> LVal {
        match lv {
            LVal::Mem {
                target,
                offset,
                ty,
                site,
            } if !matches!(offset, Expr::Int(..)) => {
                let v = self.tmp(ScalarTy::LONG, at);
                self.push(
                    StmtKind::Assign {
                        var: v,
                        value: offset,
                    },
                    at,
                );
                LVal::Mem {
                    target,
                    offset: Expr::Var(v),
                    ty,
                    site,
                }
            }
            lv => lv,
        }
    }

    // ----- stores and loads -----

    fn store(&mut self, lv: LVal, v: Val, at: Node) -> R<()> {
        match lv {
            LVal::Slot(Slot::Var(var, t)) => {
                let value = match v {
                    Val::Scalar(e, vt) => conv(e, vt, t),
                    Val::Ptr { offset, .. } => conv(offset, ScalarTy::LONG, t),
                    Val::Agg(_, mut parts) if !parts.is_empty() => {
                        // `float x = v` for a 1-vector or a struct: first component.
                        return self.store(LVal::Slot(Slot::Var(var, t)), parts.swap_remove(0), at);
                    }
                    _ => self.havoc(t, at),
                };
                self.push(StmtKind::Assign { var, value }, at);
            }
            LVal::Slot(Slot::Ptr { off, name, .. }) => {
                let (vt, offset) = match v {
                    Val::Ptr { target, offset, .. } => (target, offset),
                    Val::Scalar(e, t) => {
                        // Integer stored into a pointer (0 is null, anything else unknown).
                        if matches!(e, Expr::Int(0, _)) {
                            (Target::Null, int(0, ScalarTy::LONG))
                        } else {
                            (
                                Target::Array(self.alias_array(MemSpace::Global, at)),
                                conv(e, t, ScalarTy::LONG),
                            )
                        }
                    }
                    _ => (
                        Target::Array(self.alias_array(MemSpace::Global, at)),
                        self.havoc(ScalarTy::LONG, at),
                    ),
                };
                self.set_target(off, &name, vt, at)?;
                self.push(
                    StmtKind::Assign {
                        var: off,
                        value: offset,
                    },
                    at,
                );
            }
            LVal::Slot(Slot::PtrConst { .. }) => {
                // Never assigned by the pre-scan; should not happen. Be safe.
                return self.unsup(
                    at,
                    "assignment to a pointer parameter the front end took as constant",
                );
            }
            LVal::Slot(Slot::Agg(ty, slots)) => {
                let vals = self.split(v, &ty, at);
                for (s, v) in slots.into_iter().zip(vals) {
                    self.store(LVal::Slot(s), v, at)?;
                }
            }
            LVal::Slot(Slot::Cells(ty, st, cells)) => match v {
                Val::Agg(_, vals) if vals.len() == cells.len() => {
                    for (c, v) in cells.into_iter().zip(vals) {
                        self.store(LVal::Slot(Slot::Var(c, st)), v, at)?;
                    }
                }
                _ => self.havoc_slot(&Slot::Cells(ty, st, cells), at),
            },
            LVal::Slot(Slot::PrivArray(_)) | LVal::Discard(_) => {
                self.note(
                    at,
                    "write to per-thread memory dropped (cannot race)".into(),
                );
            }
            LVal::Slot(Slot::Group(_)) => {}
            LVal::Parts(ty, parts) => {
                let vals = self.split(v, &ty, at);
                for (p, v) in parts.into_iter().zip(vals) {
                    self.store(p, v, at)?;
                }
            }
            LVal::Mem {
                target,
                offset,
                ty,
                site,
            } => self.store_mem(target, offset, ty, v, at, site)?,
        }
        Ok(())
    }

    /// Records that pointer `off` now targets `t` (flow-sensitive). A pointer
    /// that targets different arrays at one program point is "conflicted": the
    /// kernel is lowered again with that pointer on a may-alias-all array.
    fn set_target(&mut self, off: VarId, name: &str, t: Target, at: Node) -> R<()> {
        let cur = self.ptr_targets.get(&off).cloned().unwrap_or(Target::Null);
        if let Target::Choice(list, sel) = &cur {
            // A pointer with several targets: the assignment selects one.
            let index = match &t {
                Target::Null => return Ok(()),
                Target::Array(a) => list
                    .iter()
                    .position(|x| x == a)
                    .map(|k| int(k as i128, ScalarTy::UINT)),
                Target::Choice(l2, s2) if l2.iter().all(|a| list.contains(a)) => {
                    let mut e = None;
                    for (k2, a) in l2.iter().enumerate().rev() {
                        let idx = int(
                            list.iter().position(|x| x == a).unwrap_or(0) as i128,
                            ScalarTy::UINT,
                        );
                        e = Some(match e {
                            None => idx,
                            Some(rest) => Expr::Select(
                                Box::new(Expr::Binary(
                                    BinOp::Eq,
                                    Box::new(Expr::Var(*s2)),
                                    Box::new(int(k2 as i128, ScalarTy::UINT)),
                                    ScalarTy::Bool,
                                )),
                                Box::new(idx),
                                Box::new(rest),
                                ScalarTy::UINT,
                            ),
                        });
                    }
                    e
                }
                _ => None,
            };
            match index {
                Some(value) => self.push(StmtKind::Assign { var: *sel, value }, at),
                None => {
                    let extra = match &t {
                        Target::Array(a) => vec![*a],
                        Target::Choice(l2, _) => l2.clone(),
                        _ => {
                            return self.unsup(
                                at,
                                format!("pointer `{name}` may target arrays and local variables"),
                            )
                        }
                    };
                    let list = list.clone();
                    self.add_conflict(name, list.into_iter().chain(extra));
                }
            }
            return Ok(());
        }
        // A pointer known to target several locals stays imprecise.
        if self.conflicted.locals.contains(name)
            && matches!(t, Target::Local(_) | Target::Locals | Target::Private)
        {
            self.ptr_targets.insert(off, Target::Locals);
            return Ok(());
        }
        // An assignment is a strong update; a conflicted pointer stays on its
        // may-alias array as long as the space agrees.
        let new = if self.is_alias(&cur) {
            self.merge_target(name, cur, t, at)?
        } else {
            t
        };
        if new != Target::Null {
            self.ptr_targets.insert(off, new);
        }
        Ok(())
    }

    /// The target of a pointer that may be `a` or `b`.
    fn merge_target(&mut self, name: &str, a: Target, b: Target, at: Node) -> R<Target> {
        if a == b || b == Target::Null {
            return Ok(a);
        }
        if a == Target::Null {
            return Ok(b);
        }
        let (sa, sb) = (self.space_of(&a), self.space_of(&b));
        if sa.is_none() && sb.is_none() {
            // Two per-thread objects (`&x` or `&y`): cannot race, but writes
            // through the pointer may change either. Code lowered before this
            // merge (a loop body) followed one target: lower again.
            let per_local = |t: &Target| matches!(t, Target::Local(_) | Target::Locals);
            if !per_local(&a) && !per_local(&b) {
                return Ok(Target::Private);
            }
            if !self.conflicted.locals.contains(name) {
                self.new_local_conflicts.insert(name.to_string());
            }
            self.note(
                at,
                format!(
                    "pointer `{name}` may target several locals: reads through it are havocked, writes havoc every local whose address is taken"
                ),
            );
            return Ok(Target::Locals);
        }
        if matches!(a, Target::Local(_) | Target::Locals)
            || matches!(b, Target::Local(_) | Target::Locals)
        {
            // Writes through it would have to update a tracked local in some
            // executions and memory in others.
            return self.unsup(
                at,
                format!("pointer `{name}` may target a local variable or memory"),
            );
        }
        if self.is_alias(&a) && (sa == sb || sb.is_none()) {
            return Ok(a);
        }
        if self.is_alias(&b) && sa.is_none() {
            return Ok(b);
        }
        if let (Some(x), Some(y)) = (sa, sb) {
            if x != y && (self.is_alias(&a) || self.is_alias(&b)) {
                return self.unsup(
                    at,
                    format!("pointer `{name}` may point into different memory spaces"),
                );
            }
        }
        let mut arrays = Vec::new();
        for t in [&a, &b] {
            match t {
                Target::Array(x) => arrays.push(*x),
                Target::Choice(l, _) => arrays.extend(l.iter().copied()),
                _ => {}
            }
        }
        self.add_conflict(name, arrays.into_iter());
        Ok(a)
    }

    /// Gives a copied statement (and its children) fresh labels.
    fn renumber(&mut self, stmt: &mut Stmt) {
        stmt.id = StmtId(self.kernel.next_stmt_id);
        self.kernel.next_stmt_id += 1;
        let blocks: Vec<&mut Block> = match &mut stmt.kind {
            StmtKind::If { then_, else_, .. } => vec![then_, else_],
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => vec![cond_prelude, body, step],
            _ => Vec::new(),
        };
        for b in blocks {
            for s in &mut b.stmts {
                self.renumber(s);
            }
        }
    }

    /// A pointer value whose several possible arrays become one may-alias-all
    /// array (for the few builtins that take the target apart).
    fn without_choice(&mut self, v: Val, at: Node) -> Val {
        match v {
            Val::Ptr {
                target: Target::Choice(list, _),
                offset,
                pointee,
            } => {
                let space = list
                    .first()
                    .and_then(|a| self.space_of(&Target::Array(*a)))
                    .unwrap_or(MemSpace::Global);
                let target = Target::Array(self.alias_array(space, at));
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                }
            }
            v => v,
        }
    }

    /// Runs `f` for the array a `Choice` pointer selects: `if sel == 0 {..} else if ..`.
    fn split_by_choice(
        &mut self,
        list: &[ArrayId],
        sel: VarId,
        at: Node,
        f: &mut dyn FnMut(&mut Self, ArrayId) -> R<()>,
    ) -> R<()> {
        let mut blocks = Vec::new();
        for a in list {
            blocks.push(self.with_block(|s| f(s, *a))?);
        }
        let mut else_ = blocks.pop().unwrap_or_default();
        for (k, then_) in blocks.into_iter().enumerate().rev() {
            let saved = std::mem::take(&mut self.cur);
            let cond = Expr::Binary(
                BinOp::Eq,
                Box::new(Expr::Var(sel)),
                Box::new(int(k as i128, ScalarTy::UINT)),
                ScalarTy::Bool,
            );
            self.push(
                StmtKind::If {
                    cond,
                    then_: Block {
                        stmts: then_,
                        braces: None,
                    },
                    else_: Block {
                        stmts: else_,
                        braces: None,
                    },
                },
                at,
            );
            else_ = std::mem::replace(&mut self.cur, saved);
        }
        self.cur.extend(else_);
        Ok(())
    }

    /// Records that pointer `name` may target these arrays (the kernel is lowered again).
    fn add_conflict(&mut self, name: &str, arrays: impl Iterator<Item = ArrayId>) {
        let known = self
            .conflicted
            .arrays
            .get(name)
            .cloned()
            .unwrap_or_default();
        let entry = self
            .new_conflicts
            .entry(name.to_string())
            .or_insert_with(|| known.clone());
        for a in arrays {
            if !entry.contains(&a) {
                entry.push(a);
            }
        }
        if *entry == known {
            // Nothing new: the choice already covers them.
            self.new_conflicts.remove(name);
        }
    }

    /// Gives a pointer local found to target several arrays its selector.
    fn init_choice(&mut self, off: VarId, name: &str, at: Node) {
        let Some(list) = self
            .conflicted
            .arrays
            .get(name)
            .filter(|l| l.len() > 1)
            .cloned()
        else {
            return;
        };
        let sel = self.new_var(&format!("{name}.target"), ScalarTy::UINT, at);
        self.push(StmtKind::Havoc { var: sel }, at);
        self.ptr_targets.insert(off, Target::Choice(list, sel));
        self.note(
            at,
            format!("pointer `{name}` may target several arrays: its accesses are split by target"),
        );
    }

    /// Merges the pointer targets of two control-flow paths.
    fn merge_states(
        &mut self,
        a: HashMap<VarId, Target>,
        b: HashMap<VarId, Target>,
        at: Node,
    ) -> R<()> {
        let mut out = a.clone();
        for (off, tb) in b {
            let ta = a.get(&off).cloned().unwrap_or(Target::Null);
            let name = self.ptr_names.get(&off).cloned().unwrap_or_default();
            let m = self.merge_target(&name, ta, tb, at)?;
            out.insert(off, m);
        }
        self.ptr_targets = out;
        Ok(())
    }

    /// After a loop: a pointer whose target changed in the body had another target
    /// in earlier iterations.
    fn check_loop_targets(&mut self, before: &HashMap<VarId, Target>, at: Node) -> R<()> {
        let after = self.ptr_targets.clone();
        for (off, t) in after {
            if let Some(b) = before.get(&off) {
                if *b != t && *b != Target::Null {
                    let name = self.ptr_names.get(&off).cloned().unwrap_or_default();
                    self.merge_target(&name, b.clone(), t, at)?;
                }
            }
        }
        Ok(())
    }

    /// Splits a value into the parts of an aggregate type (broadcasting scalars).
    fn split(&mut self, v: Val, ty: &Ty, at: Node) -> Vec<Val> {
        let parts = self.cx.types.parts(ty);
        match v {
            Val::Agg(_, vals) if vals.len() == parts.len() => vals,
            Val::Scalar(e, t) if matches!(ty, Ty::Vector(..)) => {
                parts.iter().map(|_| Val::Scalar(e.clone(), t)).collect()
            }
            _ => parts.iter().map(|(_, t)| self.havoc_val(t, at)).collect(),
        }
    }

    fn access(&self, array: ArrayId, offset: Expr, st: ScalarTy) -> Access {
        Access {
            array,
            offset,
            size: super::types::scalar_size(st) as u32,
            ty: st,
        }
    }

    fn store_mem(
        &mut self,
        target: Target,
        offset: Expr,
        ty: Ty,
        v: Val,
        at: Node,
        site: (Span, bool),
    ) -> R<()> {
        if let Target::Choice(list, sel) = &target {
            let (list, sel) = (list.clone(), *sel);
            return self.split_by_choice(&list, sel, at, &mut |s, a| {
                s.store_mem(
                    Target::Array(a),
                    offset.clone(),
                    ty.clone(),
                    v.clone(),
                    at,
                    site,
                )
            });
        }
        let array = match target {
            Target::Array(a) => a,
            Target::Choice(..) => return self.unsup(at, "internal: unsplit pointer choice"),
            Target::Local(slot) => {
                let ty = self.type_of_val(&v);
                if let Some(part) = self.local_part(&slot, &offset, &ty) {
                    return self.store(LVal::Slot(part), v, at);
                }
                let within_budget = match &*slot {
                    Slot::Cells(_, _, cells) => cells.first().is_some_and(|first| {
                        let n = self.computed_cell_stores.entry(*first).or_insert(0);
                        *n += 1;
                        *n <= MAX_COMPUTED_CELL_STORES
                    }),
                    _ => false,
                };
                match (&*slot, v) {
                    (Slot::Cells(_, st, cells), Val::Scalar(e, t))
                        if ty == Ty::Scalar(*st) && within_budget =>
                    {
                        // `cells[i] = (offset == i * size) ? v : cells[i]` for every i.
                        let (st, esz) = (*st, super::types::scalar_size(*st) as i128);
                        let value = conv(e, t, st);
                        for (i, c) in cells.iter().enumerate() {
                            let is = Expr::Binary(
                                BinOp::Eq,
                                Box::new(offset.clone()),
                                Box::new(int(i as i128 * esz, ScalarTy::LONG)),
                                ScalarTy::Bool,
                            );
                            let new = Expr::Select(
                                Box::new(is),
                                Box::new(value.clone()),
                                Box::new(Expr::Var(*c)),
                                st,
                            );
                            self.push(
                                StmtKind::Assign {
                                    var: *c,
                                    value: new,
                                },
                                at,
                            );
                        }
                    }
                    _ => self.havoc_slot(&slot, at),
                }
                return Ok(());
            }
            Target::Locals => {
                self.havoc_addressed_locals(at);
                return Ok(());
            }
            Target::Private => {
                self.note(
                    at,
                    "write to per-thread memory dropped (cannot race)".into(),
                );
                return Ok(());
            }
            Target::Null => {
                self.note(at, "access through a null or unassigned pointer dropped (the kernel would fault there)".into());
                return Ok(());
            }
        };
        match &ty {
            Ty::Scalar(st) => {
                let value = match v {
                    Val::Scalar(e, vt) => conv(e, vt, *st),
                    Val::Ptr { offset, .. } => conv(offset, ScalarTy::LONG, *st),
                    _ => self.havoc(*st, at),
                };
                let access = self.access(array, offset, *st);
                self.push_site(StmtKind::Write { access, value }, site);
            }
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(&ty, 0) <= MAX_LEAVES => {
                let vals = self.split(v, &ty, at);
                for ((off, pt), v) in self.cx.types.parts(&ty).into_iter().zip(vals) {
                    let o = bin(
                        BinOp::Add,
                        offset.clone(),
                        int(off as i128, ScalarTy::LONG),
                        ScalarTy::LONG,
                    );
                    self.store_mem(Target::Array(array), o, pt, v, at, site)?;
                }
            }
            Ty::Ptr(_) => {
                let value = match v {
                    Val::Ptr { offset, .. } => offset,
                    _ => self.havoc(ScalarTy::LONG, at),
                };
                let access = Access {
                    array,
                    offset,
                    size: 8,
                    ty: ScalarTy::ULONG,
                };
                self.push_site(
                    StmtKind::Write {
                        access,
                        value: conv(value, ScalarTy::LONG, ScalarTy::ULONG),
                    },
                    site,
                );
            }
            _ => {
                // A large or unknown object: one write of its bytes with an unknown value.
                let size = self.size_of(&ty).min(u32::MAX as u64) as u32;
                let value = self.havoc(ScalarTy::INT, at);
                self.push_site(
                    StmtKind::Write {
                        access: Access {
                            array,
                            offset,
                            size,
                            ty: ScalarTy::INT,
                        },
                        value,
                    },
                    site,
                );
            }
        }
        Ok(())
    }

    fn load(&mut self, lv: LVal, at: Node) -> R<Val> {
        Ok(match lv {
            LVal::Slot(slot) => self.load_slot(&slot),
            LVal::Discard(ty) => match ty {
                Ty::Array(e, _) => Val::Ptr {
                    target: Target::Private,
                    offset: int(0, ScalarTy::LONG),
                    pointee: *e,
                },
                ty => self.havoc_val(&ty, at),
            },
            LVal::Parts(ty, parts) => {
                let mut vals = Vec::new();
                for p in parts {
                    vals.push(self.load(p, at)?);
                }
                Val::Agg(ty, vals)
            }
            LVal::Mem {
                target,
                offset,
                ty,
                site,
            } => self.load_mem(target, offset, ty, at, site)?,
        })
    }

    fn load_slot(&self, slot: &Slot) -> Val {
        match slot {
            Slot::Var(v, t) => Val::Scalar(Expr::Var(*v), *t),
            Slot::Ptr { off, pointee, .. } => Val::Ptr {
                target: self.ptr_targets.get(off).cloned().unwrap_or(Target::Null),
                offset: Expr::Var(*off),
                pointee: pointee.clone(),
            },
            Slot::PtrConst { target, pointee } => Val::Ptr {
                target: target.clone(),
                offset: int(0, ScalarTy::LONG),
                pointee: pointee.clone(),
            },
            Slot::Agg(ty, parts) => Val::Agg(
                ty.clone(),
                parts.iter().map(|p| self.load_slot(p)).collect(),
            ),
            Slot::Cells(_, st, _) => Val::Ptr {
                target: Target::Local(Box::new(slot.clone())),
                offset: int(0, ScalarTy::LONG),
                pointee: Ty::Scalar(*st),
            },
            Slot::PrivArray(ty) => {
                let elem = match ty {
                    Ty::Array(e, _) => (**e).clone(),
                    t => t.clone(),
                };
                Val::Ptr {
                    target: Target::Private,
                    offset: int(0, ScalarTy::LONG),
                    pointee: elem,
                }
            }
            Slot::Group(g) => Val::Group(*g),
        }
    }

    fn load_mem(
        &mut self,
        target: Target,
        offset: Expr,
        ty: Ty,
        at: Node,
        site: (Span, bool),
    ) -> R<Val> {
        if let Target::Choice(list, sel) = &target {
            if let Ty::Array(e, _) = ty {
                return Ok(Val::Ptr {
                    target,
                    offset,
                    pointee: *e,
                });
            }
            let (list, sel) = (list.clone(), *sel);
            let slot = self.make_slot(&ty, "$choice", at);
            self.split_by_choice(&list, sel, at, &mut |s, a| {
                let v = s.load_mem(Target::Array(a), offset.clone(), ty.clone(), at, site)?;
                s.store(LVal::Slot(slot.clone()), v, at)
            })?;
            return Ok(self.load_slot(&slot));
        }
        if let Ty::Array(e, _) = ty {
            return Ok(Val::Ptr {
                target,
                offset,
                pointee: *e,
            });
        }
        let array = match target {
            Target::Array(a) => a,
            Target::Choice(..) => return self.unsup(at, "internal: unsplit pointer choice"),
            Target::Local(slot) => {
                if let Some(part) = self.local_part(&slot, &offset, &ty) {
                    return Ok(self.load_slot(&part));
                }
                if let (Slot::Cells(_, st, cells), Ty::Scalar(t)) = (&*slot, &ty) {
                    if t == st {
                        // `offset == 0 ? cells[0] : offset == size ? cells[1] : ... : *`
                        // (out of range or misaligned: any value).
                        let (st, esz) = (*st, super::types::scalar_size(*st) as i128);
                        let mut e = self.havoc(st, at);
                        for (i, c) in cells.iter().enumerate().rev() {
                            let is = Expr::Binary(
                                BinOp::Eq,
                                Box::new(offset.clone()),
                                Box::new(int(i as i128 * esz, ScalarTy::LONG)),
                                ScalarTy::Bool,
                            );
                            e = Expr::Select(
                                Box::new(is),
                                Box::new(Expr::Var(*c)),
                                Box::new(e),
                                st,
                            );
                        }
                        return Ok(Val::Scalar(e, st));
                    }
                }
                return Ok(self.havoc_val(&ty, at));
            }
            Target::Private | Target::Locals => {
                self.note(at, "read of per-thread memory havocked".into());
                return Ok(self.havoc_val(&ty, at));
            }
            Target::Null => {
                self.note(at, "access through a null or unassigned pointer dropped (the kernel would fault there)".into());
                return Ok(self.havoc_val(&ty, at));
            }
        };
        Ok(match &ty {
            Ty::Scalar(st) => {
                let dest = self.tmp(*st, at);
                let access = self.access(array, offset.clone(), *st);
                self.push_site(StmtKind::Read { dest, access }, site);
                match self.known_constant(array, &offset, *st) {
                    Some(e) => Val::Scalar(e, *st),
                    None => Val::Scalar(Expr::Var(dest), *st),
                }
            }
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(&ty, 0) <= MAX_LEAVES => {
                let mut vals = Vec::new();
                for (off, pt) in self.cx.types.parts(&ty) {
                    let o = bin(
                        BinOp::Add,
                        offset.clone(),
                        int(off as i128, ScalarTy::LONG),
                        ScalarTy::LONG,
                    );
                    vals.push(self.load_mem(Target::Array(array), o, pt, at, site)?);
                }
                Val::Agg(ty, vals)
            }
            Ty::Ptr(p) => {
                let dest = self.tmp(ScalarTy::ULONG, at);
                self.push_site(
                    StmtKind::Read {
                        dest,
                        access: Access {
                            array,
                            offset,
                            size: 8,
                            ty: ScalarTy::ULONG,
                        },
                    },
                    site,
                );
                let space = self
                    .space_of(&Target::Array(array))
                    .unwrap_or(MemSpace::Global);
                let target = Target::Array(self.alias_array(
                    if space == MemSpace::Shared {
                        MemSpace::Shared
                    } else {
                        MemSpace::Global
                    },
                    at,
                ));
                self.note(
                    at,
                    "pointer loaded from memory: it may target any array".into(),
                );
                Val::Ptr {
                    target,
                    offset: self.havoc(ScalarTy::LONG, at),
                    pointee: (**p).clone(),
                }
            }
            Ty::Group(g) => Val::Group(*g),
            _ => {
                let size = self.size_of(&ty).min(u32::MAX as u64) as u32;
                let dest = self.tmp(ScalarTy::INT, at);
                self.push_site(
                    StmtKind::Read {
                        dest,
                        access: Access {
                            array,
                            offset,
                            size,
                            ty: ScalarTy::INT,
                        },
                    },
                    site,
                );
                self.havoc_val(&ty, at)
            }
        })
    }

    /// The value read from a constant array with known contents: a constant when
    /// all elements are equal, else a choice on the offset for small arrays.
    fn known_constant(&self, array: ArrayId, offset: &Expr, st: ScalarTy) -> Option<Expr> {
        let values = self.const_inits.get(&array)?;
        let decl = self.kernel.arrays.get(array.0 as usize)?;
        if decl.elem_size as u64 != super::types::scalar_size(st) {
            return None;
        }
        let first = *values.first()?;
        if values.iter().all(|v| *v == first) {
            return Some(int(wrap_int(first, st), st));
        }
        if values.len() > 64 {
            return None;
        }
        // Offsets past the end read as the last element (out-of-bounds reads are a
        // memory-safety bug, outside what this front end models).
        let mut e: Option<Expr> = None;
        for (k, v) in values.iter().enumerate().rev() {
            let at = int(k as i128 * decl.elem_size as i128, ScalarTy::LONG);
            let is = Expr::Binary(
                BinOp::Eq,
                Box::new(offset.clone()),
                Box::new(at),
                ScalarTy::Bool,
            );
            let value = int(wrap_int(*v, st), st);
            e = Some(match e {
                None => value,
                Some(rest) => Expr::Select(Box::new(is), Box::new(value), Box::new(rest), st),
            });
        }
        e
    }

    // ----- expressions -----

    /// Lowers an expression whose value is not used.
    fn discard(&mut self, n: Node<'t>) -> R<()> {
        if let Some((name, value)) = self.misparsed_group_declaration(n) {
            let v = self.rvalue(value)?;
            let slot = Slot::Group(match v {
                Val::Group(g) => g,
                _ => GroupKind::Tile,
            });
            self.bind(name, Binding::Slot(slot));
            return Ok(());
        }
        match n.kind() {
            "update_expression" => {
                self.update(n, false)?;
            }
            "comma_expression" => {
                if let Some(l) = n.child_by_field_name("left") {
                    self.discard(l)?;
                }
                if let Some(r) = n.child_by_field_name("right") {
                    self.discard(r)?;
                }
            }
            "parenthesized_expression" => {
                if let Some(i) = n.named_child(0) {
                    self.discard(i)?;
                }
            }
            _ => {
                self.rvalue(n)?;
            }
        }
        Ok(())
    }

    /// Lowers an expression to a value (memory reads become `Read` statements).
    fn rvalue(&mut self, n: Node<'t>) -> R<Val> {
        self.enter(n)?;
        let r = self.rvalue_inner(n);
        self.depth -= 1;
        r
    }

    fn rvalue_inner(&mut self, n: Node<'t>) -> R<Val> {
        if n.is_error() || n.is_missing() {
            return self.syntax_error(n);
        }
        match n.kind() {
            "number_literal" => self.number(n),
            "char_literal" => {
                let v = self.cx.types.const_eval(n, self.src(), 0).unwrap_or(0);
                Ok(Val::Scalar(int(v, ScalarTy::INT), ScalarTy::INT))
            }
            "true" => Ok(Val::Scalar(int(1, ScalarTy::Bool), ScalarTy::Bool)),
            "false" => Ok(Val::Scalar(int(0, ScalarTy::Bool), ScalarTy::Bool)),
            "null" | "nullptr" => Ok(Val::Ptr {
                target: Target::Null,
                offset: int(0, ScalarTy::LONG),
                pointee: Ty::Void,
            }),
            "string_literal" | "concatenated_string" | "raw_string_literal" => Ok(Val::Ptr {
                target: Target::Private,
                offset: int(0, ScalarTy::LONG),
                pointee: Ty::Scalar(ScalarTy::Int {
                    bits: 8,
                    signed: true,
                }),
            }),
            "parenthesized_expression" => match n.named_child(0) {
                Some(i) => self.rvalue(i),
                None => self.unsup(n, "empty parentheses"),
            },
            "identifier" | "field_expression" | "subscript_expression" | "qualified_identifier" => {
                if n.kind() == "identifier" {
                    if let Some(Binding::Value(v)) = self.lookup(self.txt(n)) {
                        return Ok(v.clone());
                    }
                }
                if let Some(v) = self.builtin_value(n)? {
                    return Ok(v);
                }
                let lv = self.lvalue(n)?;
                self.load(lv, n)
            }
            "pointer_expression" => {
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.txt(o))
                    .unwrap_or("");
                let Some(arg) = n.child_by_field_name("argument") else {
                    return self.unsup(n, "malformed pointer expression");
                };
                if op == "&" {
                    let lv = self.lvalue(arg)?;
                    self.address_of(lv, arg)
                } else {
                    let lv = self.lvalue(n)?;
                    self.load(lv, n)
                }
            }
            "unary_expression" => self.unary(n),
            "binary_expression" => self.binary(n),
            "update_expression" => self.update(n, true),
            "assignment_expression" => self.assignment(n),
            "conditional_expression" => self.conditional(n),
            "comma_expression" => {
                if let Some(l) = n.child_by_field_name("left") {
                    self.discard(l)?;
                }
                match n.child_by_field_name("right") {
                    Some(r) => self.rvalue(r),
                    None => Ok(Val::Void),
                }
            }
            "cast_expression" => self.cast(n),
            "call_expression" => self.call(n),
            "sizeof_expression" | "alignof_expression" => {
                let size = if let Some(t) = n.child_by_field_name("type") {
                    let ty = self
                        .cx
                        .types
                        .type_descriptor(t, self.src(), &self.type_overrides);
                    if n.kind() == "sizeof_expression" {
                        self.size_of(&ty)
                    } else {
                        self.cx.types.align(&ty)
                    }
                } else if let Some(ty) = n.child_by_field_name("value").and_then(|v| {
                    self.declared_array_type(v)
                        .or_else(|| self.type_name(strip_parens(v)))
                }) {
                    // sizeof of an array object: the whole array.
                    self.size_of(&ty)
                } else if let Some(v) = n.child_by_field_name("value") {
                    // sizeof expr: the type without evaluating.
                    let saved = std::mem::take(&mut self.cur);
                    let saved_vars = self.kernel.vars.len();
                    let saved_id = self.kernel.next_stmt_id;
                    let val = self.rvalue(v);
                    self.cur = saved;
                    self.kernel.vars.truncate(saved_vars);
                    self.kernel.next_stmt_id = saved_id;
                    let ty = match val? {
                        Val::Scalar(_, t) => Ty::Scalar(t),
                        Val::Agg(t, _) => t,
                        _ => Ty::Ptr(Box::new(Ty::Void)),
                    };
                    self.size_of(&ty)
                } else {
                    4
                };
                Ok(Val::Scalar(
                    int(size as i128, ScalarTy::ULONG),
                    ScalarTy::ULONG,
                ))
            }
            "compound_literal_expression" => {
                let ty = match n.child_by_field_name("type") {
                    Some(t) => self
                        .cx
                        .types
                        .type_descriptor(t, self.src(), &self.type_overrides),
                    None => Ty::Scalar(ScalarTy::INT),
                };
                match n.child_by_field_name("value") {
                    Some(v) => self.init_list(v, &ty),
                    None => Ok(self.zero(&ty)),
                }
            }
            "initializer_list" => {
                let mut c = n.walk();
                let items: Vec<Node<'t>> = n.named_children(&mut c).collect();
                let mut vals = Vec::new();
                for i in items {
                    vals.push(self.rvalue(i)?);
                }
                Ok(vals.into_iter().next().unwrap_or(Val::Void))
            }
            "extension_expression" => match n.named_child(0) {
                Some(i) => self.rvalue(i),
                None => Ok(Val::Void),
            },
            "this" => match self.lookup("this") {
                Some(Binding::Value(v)) => Ok(v.clone()),
                _ => self.unsup(n, "`this` outside a member function"),
            },
            "lambda_expression" => self.unsup(n, "lambdas are not supported"),
            "new_expression" | "delete_expression" => {
                self.unsup(n, "`new`/`delete` is not supported")
            }
            "gnu_asm_expression" => self.unsup(n, "inline assembly is not supported"),
            k => self.unsup(n, format!("unsupported expression `{k}`")),
        }
    }

    fn number(&mut self, n: Node) -> R<Val> {
        let raw = self.txt(n).replace('\'', "");
        // tree-sitter folds a sign into some literals (`-1`).
        if let Some(rest) = raw.strip_prefix('-') {
            let v = self.number_text(rest.trim(), n)?;
            return self.unary_scalar("-", v, n);
        }
        self.number_text(raw.trim_start_matches('+'), n)
    }

    fn number_text(&mut self, t: &str, n: Node) -> R<Val> {
        let t = t.to_string();
        let lower = t.to_ascii_lowercase();
        let is_hex = lower.starts_with("0x");
        let is_float = if is_hex {
            lower.contains('p')
        } else {
            lower.contains('.') || lower.contains('e') || lower.ends_with('f')
        };
        if is_float {
            let single = !is_hex && (lower.ends_with('f') || lower.ends_with("h"));
            let digits = lower.trim_end_matches(['f', 'l', 'h']);
            let v: f64 = digits.parse().unwrap_or(0.0);
            let ty = if single {
                ScalarTy::FLOAT
            } else {
                ScalarTy::Float { bits: 64 }
            };
            return Ok(Val::Scalar(Expr::Float(v.to_bits(), ty), ty));
        }
        let Some(v) = crate::syntax::preprocess::parse_int_literal(&t) else {
            return self.unsup(n, format!("malformed number `{t}`"));
        };
        let suffix: String = lower
            .chars()
            .rev()
            .take_while(|c| *c == 'u' || *c == 'l')
            .collect();
        let unsigned = suffix.contains('u');
        let long = suffix.contains('l');
        let decimal = !(is_hex || lower.len() > 1 && lower.starts_with('0'));
        let ty = if !long && !unsigned && v <= i32::MAX as i128 {
            ScalarTy::INT
        } else if !long && (unsigned || !decimal) && v <= u32::MAX as i128 {
            ScalarTy::UINT
        } else if !unsigned && v <= i64::MAX as i128 {
            ScalarTy::LONG
        } else {
            ScalarTy::ULONG
        };
        Ok(Val::Scalar(int(wrap_int(v, ty), ty), ty))
    }

    /// The scalar of a value (vectors of one component, pointers as offsets).
    fn scalar(&mut self, v: Val, at: Node) -> R<(Expr, ScalarTy)> {
        Ok(match v {
            Val::Scalar(e, t) => (e, t),
            Val::Ptr { offset, .. } => (offset, ScalarTy::LONG),
            Val::Agg(_, parts) if parts.len() == 1 => {
                let p = parts.into_iter().next().unwrap_or(Val::Void);
                return self.scalar(p, at);
            }
            Val::Agg(..) | Val::Group(_) | Val::Void => {
                (self.havoc(ScalarTy::INT, at), ScalarTy::INT)
            }
        })
    }

    fn unary(&mut self, n: Node<'t>) -> R<Val> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("");
        let Some(arg) = n.child_by_field_name("argument") else {
            return self.unsup(n, "malformed unary expression");
        };
        let v = self.rvalue(arg)?;
        if let Val::Agg(ty, parts) = v {
            // Componentwise on vectors.
            let mut out = Vec::new();
            for p in parts {
                out.push(self.unary_scalar(op, p, arg)?);
            }
            return Ok(Val::Agg(ty, out));
        }
        self.unary_scalar(op, v, arg)
    }

    fn unary_scalar(&mut self, op: &str, v: Val, at: Node) -> R<Val> {
        if op == "!" {
            let b = self.truth(v, at)?;
            return Ok(Val::Scalar(not(b), ScalarTy::Bool));
        }
        let (e, t) = self.scalar(v, at)?;
        let pt = promote(t);
        let e = conv(e, t, pt);
        Ok(match op {
            "-" => match e {
                Expr::Int(v, _) => Val::Scalar(int(wrap_int(-v, pt), pt), pt),
                e => Val::Scalar(Expr::Unary(UnOp::Neg, Box::new(e), pt), pt),
            },
            "~" => Val::Scalar(Expr::Unary(UnOp::BitNot, Box::new(e), pt), pt),
            _ => Val::Scalar(e, pt),
        })
    }

    fn binop_of(op: &str) -> Option<BinOp> {
        Some(match op {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            "%" => BinOp::Rem,
            "<<" => BinOp::Shl,
            ">>" => BinOp::Shr,
            "&" => BinOp::BitAnd,
            "|" => BinOp::BitOr,
            "^" => BinOp::BitXor,
            "==" => BinOp::Eq,
            "!=" => BinOp::Ne,
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            ">=" => BinOp::Ge,
            "&&" => BinOp::And,
            "||" => BinOp::Or,
            _ => return None,
        })
    }

    fn binary(&mut self, n: Node<'t>) -> R<Val> {
        let op_text = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("");
        let (Some(l), Some(r)) = (
            n.child_by_field_name("left"),
            n.child_by_field_name("right"),
        ) else {
            return self.unsup(n, "malformed binary expression");
        };
        let Some(op) = Self::binop_of(op_text) else {
            return self.unsup(n, format!("unsupported operator `{op_text}`"));
        };
        if matches!(op, BinOp::And | BinOp::Or) {
            return self.logical(op, l, r);
        }
        let a = self.rvalue(l)?;
        let b = self.rvalue(r)?;
        self.apply_binop(op, a, b, n)
    }

    /// `a && b` / `a || b`: when `b` has statements (reads), they run only if needed.
    fn logical(&mut self, op: BinOp, l: Node<'t>, r: Node<'t>) -> R<Val> {
        let a = self.rvalue(l)?;
        let a = self.truth(a, l)?;
        let mut b = int(0, ScalarTy::Bool);
        let stmts = self.with_block(|s| {
            let v = s.rvalue(r)?;
            b = s.truth(v, r)?;
            Ok(())
        })?;
        if stmts.is_empty() {
            return Ok(Val::Scalar(
                Expr::Binary(op, Box::new(a), Box::new(b), ScalarTy::Bool),
                ScalarTy::Bool,
            ));
        }
        let t = self.tmp(ScalarTy::Bool, l);
        self.push(StmtKind::Assign { var: t, value: a }, l);
        let mut then_stmts = stmts;
        let saved = std::mem::take(&mut self.cur);
        self.push(StmtKind::Assign { var: t, value: b }, r);
        then_stmts.append(&mut self.cur);
        self.cur = saved;
        let cond = if op == BinOp::And {
            Expr::Var(t)
        } else {
            not(Expr::Var(t))
        };
        self.push(
            StmtKind::If {
                cond,
                then_: Block {
                    stmts: then_stmts,
                    braces: None,
                },
                else_: Block::default(),
            },
            r,
        );
        Ok(Val::Scalar(Expr::Var(t), ScalarTy::Bool))
    }

    fn apply_binop(&mut self, op: BinOp, a: Val, b: Val, at: Node) -> R<Val> {
        // Pointer arithmetic and comparisons.
        match (&a, &b) {
            (Val::Ptr { .. }, Val::Scalar(..)) if matches!(op, BinOp::Add | BinOp::Sub) => {
                return self.ptr_add(a, b, op == BinOp::Sub, at)
            }
            (Val::Scalar(..), Val::Ptr { .. }) if op == BinOp::Add => {
                return self.ptr_add(b, a, false, at)
            }
            (
                Val::Ptr {
                    target: ta,
                    offset: oa,
                    pointee,
                },
                Val::Ptr {
                    target: tb,
                    offset: ob,
                    ..
                },
            ) => {
                if ta != tb {
                    let t = if op.is_comparison() {
                        ScalarTy::Bool
                    } else {
                        ScalarTy::LONG
                    };
                    return Ok(Val::Scalar(self.havoc(t, at), t));
                }
                if op == BinOp::Sub {
                    let size = self.size_of(pointee).max(1) as i128;
                    let diff = bin(BinOp::Sub, oa.clone(), ob.clone(), ScalarTy::LONG);
                    let e = if size == 1 {
                        diff
                    } else {
                        bin(BinOp::Div, diff, int(size, ScalarTy::LONG), ScalarTy::LONG)
                    };
                    return Ok(Val::Scalar(e, ScalarTy::LONG));
                }
                if op.is_comparison() {
                    return Ok(Val::Scalar(
                        Expr::Binary(
                            op,
                            Box::new(oa.clone()),
                            Box::new(ob.clone()),
                            ScalarTy::Bool,
                        ),
                        ScalarTy::Bool,
                    ));
                }
            }
            (Val::Ptr { .. }, _) | (_, Val::Ptr { .. }) if op.is_comparison() => {
                // Comparison with null or an integer.
                let t = ScalarTy::Bool;
                return Ok(Val::Scalar(self.havoc(t, at), t));
            }
            _ => {}
        }
        // Componentwise vectors.
        if let Val::Agg(ty, pa) = &a {
            let n = pa.len();
            let pb = match &b {
                Val::Agg(_, pb) if pb.len() == n => pb.clone(),
                Val::Scalar(..) => vec![b.clone(); n],
                _ => return Ok(self.havoc_val(ty, at)),
            };
            let mut out = Vec::new();
            for (x, y) in pa.clone().into_iter().zip(pb) {
                out.push(self.apply_binop(op, x, y, at)?);
            }
            return Ok(Val::Agg(ty.clone(), out));
        }
        if let Val::Agg(ty, pb) = &b {
            let mut out = Vec::new();
            for y in pb.clone() {
                out.push(self.apply_binop(op, a.clone(), y, at)?);
            }
            return Ok(Val::Agg(ty.clone(), out));
        }
        let (ea, ta) = self.scalar(a, at)?;
        let (eb, tb) = self.scalar(b, at)?;
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            let t = promote(ta);
            if matches!(t, ScalarTy::Float { .. }) {
                return Ok(Val::Scalar(self.havoc(t, at), t));
            }
            return Ok(Val::Scalar(bin(op, conv(ea, ta, t), conv(eb, tb, t), t), t));
        }
        let t = common(ta, tb);
        let (ea, eb) = (conv(ea, ta, t), conv(eb, tb, t));
        if op.is_comparison() {
            return Ok(Val::Scalar(
                Expr::Binary(op, Box::new(ea), Box::new(eb), ScalarTy::Bool),
                ScalarTy::Bool,
            ));
        }
        if matches!(t, ScalarTy::Float { .. })
            && matches!(
                op,
                BinOp::Rem | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
            )
        {
            return Ok(Val::Scalar(self.havoc(t, at), t));
        }
        Ok(Val::Scalar(bin(op, ea, eb, t), t))
    }

    fn ptr_add(&mut self, p: Val, k: Val, sub: bool, at: Node) -> R<Val> {
        let Val::Ptr {
            target,
            offset,
            pointee,
        } = p
        else {
            return self.unsup(at, "internal: pointer expected");
        };
        let (e, t) = self.scalar(k, at)?;
        let size = self.size_of(&pointee).max(1) as i128;
        let scaled = bin(
            BinOp::Mul,
            conv(e, t, ScalarTy::LONG),
            int(size, ScalarTy::LONG),
            ScalarTy::LONG,
        );
        let off = bin(
            if sub { BinOp::Sub } else { BinOp::Add },
            offset,
            scaled,
            ScalarTy::LONG,
        );
        Ok(Val::Ptr {
            target,
            offset: off,
            pointee,
        })
    }

    fn address_of(&mut self, lv: LVal, at: Node) -> R<Val> {
        Ok(match lv {
            LVal::Mem {
                target, offset, ty, ..
            } => Val::Ptr {
                target,
                offset,
                pointee: ty,
            },
            LVal::Slot(slot) => {
                let pointee = match &slot {
                    Slot::Var(_, t) => Ty::Scalar(*t),
                    Slot::Agg(t, _) | Slot::Cells(t, ..) => t.clone(),
                    Slot::PrivArray(t) => t.clone(),
                    Slot::Ptr { pointee, .. } | Slot::PtrConst { pointee, .. } => {
                        Ty::Ptr(Box::new(pointee.clone()))
                    }
                    Slot::Group(g) => Ty::Group(*g),
                };
                if let Slot::PrivArray(_) = slot {
                    Val::Ptr {
                        target: Target::Private,
                        offset: int(0, ScalarTy::LONG),
                        pointee,
                    }
                } else {
                    Val::Ptr {
                        target: Target::Local(Box::new(slot)),
                        offset: int(0, ScalarTy::LONG),
                        pointee,
                    }
                }
            }
            LVal::Discard(ty) => Val::Ptr {
                target: Target::Private,
                offset: int(0, ScalarTy::LONG),
                pointee: ty,
            },
            LVal::Parts(..) => return self.unsup(at, "address of a vector swizzle"),
        })
    }

    fn update(&mut self, n: Node<'t>, want: bool) -> R<Val> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("++");
        let Some(arg) = n.child_by_field_name("argument") else {
            return self.unsup(n, "malformed increment");
        };
        let prefix = n
            .child(0)
            .is_some_and(|c| c.kind() == "++" || c.kind() == "--");
        let lv = self.lvalue(arg)?;
        let old = self.load(lv.clone(), arg)?;
        // Keep the old value when it is used after the update.
        let old = match (&old, want && !prefix) {
            (Val::Scalar(Expr::Var(_), t), true) if matches!(lv, LVal::Slot(_)) => {
                let t = *t;
                let tv = self.tmp(t, arg);
                let (e, _) = self.scalar(old.clone(), arg)?;
                self.push(StmtKind::Assign { var: tv, value: e }, arg);
                Val::Scalar(Expr::Var(tv), t)
            }
            (
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                },
                true,
            ) => {
                let tv = self.tmp(ScalarTy::LONG, arg);
                self.push(
                    StmtKind::Assign {
                        var: tv,
                        value: offset.clone(),
                    },
                    arg,
                );
                Val::Ptr {
                    target: target.clone(),
                    offset: Expr::Var(tv),
                    pointee: pointee.clone(),
                }
            }
            _ => old,
        };
        let one = Val::Scalar(int(1, ScalarTy::INT), ScalarTy::INT);
        let bop = if op == "--" { BinOp::Sub } else { BinOp::Add };
        let new = self.apply_binop(bop, old.clone(), one, n)?;
        self.store(lv.clone(), new.clone(), n)?;
        if prefix {
            return match lv {
                LVal::Slot(s) => Ok(self.load_slot(&s)),
                _ => Ok(new),
            };
        }
        Ok(old)
    }

    fn assignment(&mut self, n: Node<'t>) -> R<Val> {
        let (lv, value) = self.assign(n, false)?;
        Ok(match lv {
            LVal::Slot(s) => self.load_slot(&s),
            _ => value,
        })
    }

    /// Lowers an assignment; returns the assigned object (its address fixed
    /// before the store when `pin`: the object is used again) and the value.
    fn assign(&mut self, n: Node<'t>, pin: bool) -> R<(LVal, Val)> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("=");
        let (Some(l), Some(r)) = (
            n.child_by_field_name("left"),
            n.child_by_field_name("right"),
        ) else {
            return self.unsup(n, "malformed assignment");
        };
        let lv = self.lvalue(l)?;
        let lv = if pin { self.pin_lvalue(lv, l) } else { lv };
        let rhs = if r.kind() == "initializer_list" {
            let ty = self.lval_type(&lv);
            self.init_list(r, &ty)?
        } else {
            self.rvalue(r)?
        };
        let value = if op == "=" {
            rhs
        } else {
            let Some(bop) = Self::binop_of(op.trim_end_matches('=')) else {
                return self.unsup(n, format!("unsupported operator `{op}`"));
            };
            let old = self.load(lv.clone(), l)?;
            self.apply_binop(bop, old, rhs, n)?
        };
        // The stored value, converted to the target type, is the expression's value.
        let value = match (self.lval_type(&lv), value) {
            (Ty::Scalar(t), Val::Scalar(e, vt)) => Val::Scalar(conv(e, vt, t), t),
            (_, v) => v,
        };
        self.store(lv.clone(), value.clone(), n)?;
        Ok((lv, value))
    }

    /// `c ? a : b` as an object: both sides' addresses, selected by `c`.
    fn conditional_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let (Some(c), Some(a), Some(b)) = (
            n.child_by_field_name("condition"),
            n.child_by_field_name("consequence"),
            n.child_by_field_name("alternative"),
        ) else {
            return self.unsup(n, "malformed conditional expression");
        };
        let cv = self.rvalue(c)?;
        let cond = self.truth(cv, c)?;
        // The sides may change what the condition reads: keep its value.
        let cond = match cond {
            Expr::Int(..) => cond,
            e => {
                let v = self.tmp(ScalarTy::Bool, c);
                self.push(StmtKind::Assign { var: v, value: e }, c);
                Expr::Var(v)
            }
        };
        let before = self.ptr_targets.clone();
        let mut la = None;
        let sa = self.with_block(|s| {
            let lv = s.lvalue(a)?;
            la = Some(s.pin_lvalue(lv, a));
            Ok(())
        })?;
        let after_a = std::mem::replace(&mut self.ptr_targets, before);
        let mut lb = None;
        let sb = self.with_block(|s| {
            let lv = s.lvalue(b)?;
            lb = Some(s.pin_lvalue(lv, b));
            Ok(())
        })?;
        let after_b = std::mem::take(&mut self.ptr_targets);
        self.merge_states(after_a, after_b, n)?;
        let (Some(la), Some(lb)) = (la, lb) else {
            return self.unsup(n, "internal: conditional lvalue");
        };
        if !sa.is_empty() || !sb.is_empty() {
            self.push(
                StmtKind::If {
                    cond: cond.clone(),
                    then_: Block {
                        stmts: sa,
                        braces: None,
                    },
                    else_: Block {
                        stmts: sb,
                        braces: None,
                    },
                },
                n,
            );
        }
        if matches!(la, LVal::Slot(_)) != matches!(lb, LVal::Slot(_)) {
            return self.unsup(
                n,
                "conditional object that may be a local variable or memory",
            );
        }
        let pa = self.address_of(la, a)?;
        let pb = self.address_of(lb, b)?;
        match self.select(cond, pa, pb, n)? {
            Val::Ptr {
                target,
                offset,
                pointee,
            } => Ok(self.deref(target, offset, pointee, n)),
            _ => self.unsup(n, "internal: conditional lvalue"),
        }
    }

    /// `x[i]` on a struct: its `operator[]`, inlined; one that returns a
    /// reference (the object written through) is not supported.
    fn struct_subscript(
        &mut self,
        n: Node<'t>,
        base: Node<'t>,
        k: usize,
        idx: Node<'t>,
    ) -> R<LVal> {
        let tag = self.struct_name(k);
        let def = self.struct_method(k, "operator[]", None);
        let Some(def) = def else {
            return self.unsup(
                n,
                format!("subscript of struct `{tag}` without a visible `operator[]`"),
            );
        };
        let recv = self.lvalue(base)?;
        let by_ref = returns_ref(def.node);
        self.ref_return = by_ref;
        let v = self.inline_call_this(n, &def, &[idx], None, Some(recv));
        self.ref_return = false;
        match v? {
            // A reference: the object it refers to.
            Val::Ptr {
                target,
                offset,
                pointee,
            } if by_ref => Ok(self.deref(target, offset, pointee, n)),
            v if !by_ref => self.temp_lval(v, n),
            _ => self.unsup(
                n,
                format!("`{tag}::operator[]` returns a reference the front end cannot follow"),
            ),
        }
    }

    /// The name of the function `call` (a call expression) calls when its
    /// definition returns a reference (for member functions: any of that name).
    fn call_returns_ref(&self, call: Node) -> Option<String> {
        let f = call.child_by_field_name("function")?;
        let (name, method) = match f.kind() {
            "identifier" => (self.txt(f).to_string(), false),
            "qualified_identifier" | "template_function" => {
                let mut inner = f;
                for _ in 0..16 {
                    match inner.child_by_field_name("name") {
                        Some(x)
                            if matches!(
                                inner.kind(),
                                "qualified_identifier" | "template_function"
                            ) =>
                        {
                            inner = x
                        }
                        _ => break,
                    }
                }
                (self.txt(inner).to_string(), false)
            }
            "field_expression" => (self.txt(f.child_by_field_name("field")?).to_string(), true),
            _ => return None,
        };
        let suffix = format!("::{name}");
        let found = if method {
            self.cx
                .functions
                .iter()
                .filter(|(k, _)| k.ends_with(&suffix))
                .flat_map(|(_, d)| d.iter())
                .any(|d| d.has_body && returns_ref(d.node))
        } else {
            self.lookup(&name).is_none()
                && (self
                    .cx
                    .functions
                    .get(&name)
                    .is_some_and(|d| d.iter().any(|d| d.has_body && returns_ref(d.node)))
                    || self.cx.ref_prototypes.contains(&name))
        };
        found.then_some(name)
    }

    fn lval_type(&self, lv: &LVal) -> Ty {
        match lv {
            LVal::Slot(s) => match s {
                Slot::Var(_, t) => Ty::Scalar(*t),
                Slot::Ptr { pointee, .. } | Slot::PtrConst { pointee, .. } => {
                    Ty::Ptr(Box::new(pointee.clone()))
                }
                Slot::Agg(t, _) | Slot::PrivArray(t) | Slot::Cells(t, ..) => t.clone(),
                Slot::Group(g) => Ty::Group(*g),
            },
            LVal::Mem { ty, .. } | LVal::Parts(ty, _) | LVal::Discard(ty) => ty.clone(),
        }
    }

    fn conditional(&mut self, n: Node<'t>) -> R<Val> {
        let (Some(c), Some(a), Some(b)) = (
            n.child_by_field_name("condition"),
            n.child_by_field_name("consequence"),
            n.child_by_field_name("alternative"),
        ) else {
            return self.unsup(n, "malformed conditional expression");
        };
        let cv = self.rvalue(c)?;
        let cond = self.truth(cv, c)?;
        let mut va = Val::Void;
        let mut vb = Val::Void;
        // Pointer targets set on one side hold only there (like `if_stmt`).
        let before = self.ptr_targets.clone();
        let sa = self.with_block(|s| {
            va = s.rvalue(a)?;
            Ok(())
        })?;
        let after_a = std::mem::replace(&mut self.ptr_targets, before);
        let sb = self.with_block(|s| {
            vb = s.rvalue(b)?;
            Ok(())
        })?;
        let after_b = std::mem::replace(&mut self.ptr_targets, after_a.clone());
        if sa.is_empty() && sb.is_empty() {
            self.merge_states(after_a, after_b, n)?;
            return self.select(cond, va, vb, n);
        }
        // Reads on a side: the branches become an `if`.
        let ty = match (&va, &vb) {
            (Val::Scalar(_, x), Val::Scalar(_, y)) => Ty::Scalar(common(*x, *y)),
            (v, _) => self.type_of_val(v),
        };
        let slot = self.make_slot(&ty, &format!("$t{}", self.next_tmp), n);
        self.next_tmp += 1;
        let mut then_stmts = sa;
        let mut else_stmts = sb;
        let saved = std::mem::take(&mut self.cur);
        self.ptr_targets = after_a;
        self.store(LVal::Slot(slot.clone()), va, a)?;
        then_stmts.append(&mut self.cur);
        let after_then = std::mem::replace(&mut self.ptr_targets, after_b);
        self.store(LVal::Slot(slot.clone()), vb, b)?;
        else_stmts.append(&mut self.cur);
        let after_else = std::mem::take(&mut self.ptr_targets);
        self.cur = saved;
        self.merge_states(after_then, after_else, n)?;
        self.push(
            StmtKind::If {
                cond,
                then_: Block {
                    stmts: then_stmts,
                    braces: None,
                },
                else_: Block {
                    stmts: else_stmts,
                    braces: None,
                },
            },
            n,
        );
        Ok(self.load_slot(&slot))
    }

    fn select(&mut self, cond: Expr, a: Val, b: Val, at: Node) -> R<Val> {
        if let Expr::Int(v, ScalarTy::Bool) = cond {
            return Ok(if v != 0 { a } else { b });
        }
        Ok(match (a, b) {
            (
                Val::Ptr {
                    target: ta,
                    offset: oa,
                    pointee,
                },
                Val::Ptr {
                    target: tb,
                    offset: ob,
                    ..
                },
            ) => {
                let target = if ta == tb || tb == Target::Null {
                    ta
                } else if ta == Target::Null {
                    tb
                } else if let (Target::Array(a), Target::Array(b)) = (&ta, &tb) {
                    // One of two arrays, selected by the condition.
                    let sel = self.tmp(ScalarTy::UINT, at);
                    let value = Expr::Select(
                        Box::new(cond.clone()),
                        Box::new(int(0, ScalarTy::UINT)),
                        Box::new(int(1, ScalarTy::UINT)),
                        ScalarTy::UINT,
                    );
                    self.push(StmtKind::Assign { var: sel, value }, at);
                    Target::Choice(vec![*a, *b], sel)
                } else if self.space_of(&ta).is_none() && self.space_of(&tb).is_none() {
                    // Two per-thread objects (`c ? &x : &y`): like `merge_target`.
                    let per_local = |t: &Target| matches!(t, Target::Local(_) | Target::Locals);
                    if per_local(&ta) || per_local(&tb) {
                        for t in [&ta, &tb] {
                            if let Target::Local(slot) = t {
                                if !self.addr_slots.contains(slot) {
                                    self.addr_slots.push((**slot).clone());
                                }
                            }
                        }
                        self.note(at, "pointer may target several locals: reads through it are havocked, writes havoc every local whose address is taken".into());
                        Target::Locals
                    } else {
                        Target::Private
                    }
                } else if matches!(ta, Target::Local(_) | Target::Locals)
                    || matches!(tb, Target::Local(_) | Target::Locals)
                {
                    return self.unsup(at, "pointer may target a local variable or memory");
                } else {
                    let space = self
                        .space_of(&ta)
                        .or(self.space_of(&tb))
                        .unwrap_or(MemSpace::Global);
                    self.note(at, "pointer may target several arrays: accesses through it may touch any of them".into());
                    Target::Array(self.alias_array(space, at))
                };
                Val::Ptr {
                    target,
                    offset: Expr::Select(
                        Box::new(cond),
                        Box::new(oa),
                        Box::new(ob),
                        ScalarTy::LONG,
                    ),
                    pointee,
                }
            }
            (Val::Agg(ty, pa), Val::Agg(_, pb)) if pa.len() == pb.len() => {
                let mut out = Vec::new();
                for (x, y) in pa.into_iter().zip(pb) {
                    out.push(self.select(cond.clone(), x, y, at)?);
                }
                Val::Agg(ty, out)
            }
            (Val::Group(g), _) => Val::Group(g),
            (a, b) => {
                let (ea, ta) = self.scalar(a, at)?;
                let (eb, tb) = self.scalar(b, at)?;
                let t = common(ta, tb);
                let t = if ta == ScalarTy::Bool && tb == ScalarTy::Bool {
                    ScalarTy::Bool
                } else {
                    t
                };
                Val::Scalar(
                    Expr::Select(
                        Box::new(cond),
                        Box::new(conv(ea, ta, t)),
                        Box::new(conv(eb, tb, t)),
                        t,
                    ),
                    t,
                )
            }
        })
    }

    fn cast(&mut self, n: Node<'t>) -> R<Val> {
        let (Some(t), Some(v)) = (
            n.child_by_field_name("type"),
            n.child_by_field_name("value"),
        ) else {
            return self.unsup(n, "malformed cast");
        };
        let ty = self
            .cx
            .types
            .type_descriptor(t, self.src(), &self.type_overrides);
        // OpenCL vector literal `(float4)(a, b, c, d)`.
        if let Ty::Vector(..) = ty {
            let inner = if v.kind() == "parenthesized_expression" {
                v.named_child(0).unwrap_or(v)
            } else {
                v
            };
            let mut items = Vec::new();
            flatten_comma(inner, &mut items);
            return self.vector_literal(ty, &items, v);
        }
        let val = self.rvalue(v)?;
        self.convert_val(ty, val, n)
    }

    /// A vector built from scalars and smaller vectors (one scalar is splatted).
    fn vector_literal(&mut self, ty: Ty, items: &[Node<'t>], v: Node<'t>) -> R<Val> {
        let Ty::Vector(e, k) = ty else {
            return self.unsup(v, "internal: vector literal of a non-vector type");
        };
        {
            let mut leaves = Vec::new();
            for i in items {
                match self.rvalue(*i)? {
                    Val::Agg(_, parts) => leaves.extend(parts),
                    other => leaves.push(other),
                }
            }
            let mut comps = Vec::new();
            for k2 in 0..k as usize {
                let leaf = if leaves.len() == 1 {
                    leaves[0].clone()
                } else {
                    leaves.get(k2).cloned().unwrap_or(Val::Void)
                };
                let (x, xt) = self.scalar(leaf, v)?;
                comps.push(Val::Scalar(conv(x, xt, e), e));
            }
            Ok(Val::Agg(ty, comps))
        }
    }

    /// Converts a value to a type (C cast semantics on what the IR models).
    fn convert_val(&mut self, ty: Ty, val: Val, n: Node) -> R<Val> {
        Ok(match (ty, val) {
            (Ty::Void, _) => Val::Void,
            (Ty::Scalar(st), Val::Scalar(e, vt)) => Val::Scalar(conv(e, vt, st), st),
            (Ty::Scalar(st), Val::Ptr { offset, .. }) => {
                // Pointer to integer: an address we do not model.
                let _ = offset;
                Val::Scalar(self.havoc(st, n), st)
            }
            (Ty::Ptr(p), Val::Ptr { target, offset, .. }) => Val::Ptr {
                target,
                offset,
                pointee: *p,
            },
            (Ty::Ptr(p), Val::Scalar(e, _)) => {
                if matches!(e, Expr::Int(0, _)) {
                    Val::Ptr {
                        target: Target::Null,
                        offset: int(0, ScalarTy::LONG),
                        pointee: *p,
                    }
                } else {
                    self.note(
                        n,
                        "integer cast to a pointer: it may target any global array".into(),
                    );
                    let target = Target::Array(self.alias_array(MemSpace::Global, n));
                    Val::Ptr {
                        target,
                        offset: self.havoc(ScalarTy::LONG, n),
                        pointee: *p,
                    }
                }
            }
            (Ty::Scalar(st), Val::Agg(_, parts)) if !parts.is_empty() => {
                let first = parts.into_iter().next().unwrap_or(Val::Void);
                let (e, t) = self.scalar(first, n)?;
                Val::Scalar(conv(e, t, st), st)
            }
            (_, v) => v,
        })
    }

    // ----- lvalues -----

    fn lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        self.enter(n)?;
        let r = self.lvalue_inner(n);
        self.depth -= 1;
        r
    }

    fn lvalue_inner(&mut self, n: Node<'t>) -> R<LVal> {
        match n.kind() {
            "identifier" | "qualified_identifier" => {
                let name = if n.kind() == "qualified_identifier" {
                    n.child_by_field_name("name")
                        .map(|c| self.txt(c))
                        .unwrap_or("")
                } else {
                    self.txt(n)
                };
                match self.lookup(name).cloned() {
                    Some(Binding::Slot(s)) => Ok(LVal::Slot(s)),
                    Some(Binding::Array { id, ty }) => Ok(LVal::Mem {
                        target: Target::Array(id),
                        offset: int(0, ScalarTy::LONG),
                        ty,
                        site: self.span_of(n),
                    }),
                    Some(Binding::Ref(lv)) => Ok(lv),
                    Some(Binding::Value(v)) => {
                        // A value (parameter) used as an lvalue: give it a local.
                        let ty = self.type_of_val(&v);
                        let slot = self.make_slot(&ty, name, n);
                        self.store(LVal::Slot(slot.clone()), v, n)?;
                        self.bind(name, Binding::Slot(slot.clone()));
                        Ok(LVal::Slot(slot))
                    }
                    None => self.global_lvalue(name, n),
                }
            }
            "parenthesized_expression" => match n.named_child(0) {
                Some(i) => self.lvalue(i),
                None => self.unsup(n, "empty parentheses"),
            },
            "subscript_expression" => {
                let Some(base) = n.child_by_field_name("argument") else {
                    return self.unsup(n, "malformed subscript");
                };
                let idx_node = n
                    .child_by_field_name("indices")
                    .and_then(|i| i.named_child(0))
                    .or_else(|| n.child_by_field_name("index"));
                let Some(idx_node) = idx_node else {
                    return self.unsup(n, "malformed subscript");
                };
                let base_start = self.cur.len();
                let b = self.rvalue(base)?;
                let base_end = self.cur.len();
                if let Val::Agg(Ty::Struct(k), _) = &b {
                    return self.struct_subscript(n, base, *k, idx_node);
                }
                let i = self.rvalue(idx_node)?;
                let (b, i) = match (&b, &i) {
                    (Val::Scalar(..), Val::Ptr { .. }) => (i, b), // `i[p]`
                    _ => (b, i),
                };
                match b {
                    Val::Ptr { .. } => {
                        let Val::Ptr {
                            target,
                            offset,
                            pointee,
                        } = self.ptr_add(b, i, false, n)?
                        else {
                            return self.unsup(n, "internal: subscript");
                        };
                        Ok(self.deref(target, offset, pointee, n))
                    }
                    Val::Agg(ty, parts) => {
                        // Vector indexing `v[i]` with a constant index.
                        let (e, et) = self.scalar(i, idx_node)?;
                        match e {
                            Expr::Int(k, _) if (k as usize) < parts.len() => {
                                // The vector's value was not needed: drop its reads.
                                self.cur.drain(base_start..base_end);
                                let lv = self.lvalue(base)?;
                                Ok(self.component(lv, k as usize, &ty, n))
                            }
                            e => {
                                let _ = parts;
                                let st = match ty {
                                    Ty::Vector(st, _) => st,
                                    _ => ScalarTy::INT,
                                };
                                // A computed component: in memory, an element
                                // at that offset; in a local, any component
                                // may change (havocked, reads any value).
                                self.cur.drain(base_start..base_end);
                                match self.lvalue(base)? {
                                    LVal::Mem {
                                        target,
                                        offset,
                                        site,
                                        ..
                                    } => {
                                        let size = super::types::scalar_size(st) as i128;
                                        let scaled = bin(
                                            BinOp::Mul,
                                            conv(e, et, ScalarTy::LONG),
                                            int(size, ScalarTy::LONG),
                                            ScalarTy::LONG,
                                        );
                                        Ok(LVal::Mem {
                                            target,
                                            offset: bin(BinOp::Add, offset, scaled, ScalarTy::LONG),
                                            ty: Ty::Scalar(st),
                                            site,
                                        })
                                    }
                                    LVal::Slot(slot) => {
                                        self.havoc_slot(&slot, n);
                                        Ok(LVal::Discard(Ty::Scalar(st)))
                                    }
                                    _ => Ok(LVal::Discard(Ty::Scalar(st))),
                                }
                            }
                        }
                    }
                    _ => self.unsup(
                        n,
                        format!("subscript of a non-pointer `{}`", self.txt(base)),
                    ),
                }
            }
            "pointer_expression" => {
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.txt(o))
                    .unwrap_or("");
                let Some(arg) = n.child_by_field_name("argument") else {
                    return self.unsup(n, "malformed pointer expression");
                };
                if op != "*" {
                    return self.unsup(n, "address-of is not an lvalue");
                }
                match self.rvalue(arg)? {
                    Val::Ptr {
                        target,
                        offset,
                        pointee,
                    } => Ok(self.deref(target, offset, pointee, n)),
                    _ => self.unsup(
                        n,
                        format!("dereference of a non-pointer `{}`", self.txt(arg)),
                    ),
                }
            }
            "field_expression" => self.field_lvalue(n),
            "cast_expression" => {
                // `(T)x = ...` is not C; `*(T*)p` goes through pointer_expression.
                let v = self.rvalue(n)?;
                let ty = self.type_of_val(&v);
                Ok(LVal::Discard(ty))
            }
            "conditional_expression" => self.conditional_lvalue(n),
            "assignment_expression" => {
                let (lv, _) = self.assign(n, true)?;
                Ok(lv)
            }
            "comma_expression" => {
                if let Some(l) = n.child_by_field_name("left") {
                    self.discard(l)?;
                }
                match n.child_by_field_name("right") {
                    Some(r) => self.lvalue(r),
                    None => self.unsup(n, "malformed comma expression"),
                }
            }
            "update_expression"
                if n.child(0)
                    .is_some_and(|c| c.kind() == "++" || c.kind() == "--") =>
            {
                // `++x` is the object itself (C++).
                let Some(arg) = n.child_by_field_name("argument") else {
                    return self.unsup(n, "malformed increment");
                };
                let lv = self.lvalue(arg)?;
                let lv = self.pin_lvalue(lv, arg);
                let old = self.load(lv.clone(), arg)?;
                let bop = if n.child(0).is_some_and(|c| c.kind() == "--") {
                    BinOp::Sub
                } else {
                    BinOp::Add
                };
                let one = Val::Scalar(int(1, ScalarTy::INT), ScalarTy::INT);
                let new = self.apply_binop(bop, old, one, n)?;
                self.store(lv.clone(), new, n)?;
                Ok(lv)
            }
            "call_expression" if self.call_returns_ref(n).is_some() => {
                let f = self.call_returns_ref(n).unwrap_or_default();
                let defined = n
                    .child_by_field_name("function")
                    .is_some_and(|x| x.kind() == "field_expression")
                    || self
                        .cx
                        .functions
                        .get(&f)
                        .is_some_and(|d| d.iter().any(|d| d.has_body));
                if !defined {
                    // Only declared: what the reference refers to is unknown.
                    return self.unsup(
                        n,
                        format!("the reference `{f}` returns is used as an object (not supported)"),
                    );
                }
                self.ref_return = true;
                self.ref_returned = false;
                let v = self.call(n);
                self.ref_return = false;
                let v = v?;
                if !std::mem::take(&mut self.ref_returned) {
                    // The callee chosen returns a value (another overload or
                    // member of that name): a temporary, as for any call.
                    return self.temp_lval(v, n);
                }
                match v {
                    Val::Ptr {
                        target,
                        offset,
                        pointee,
                    } => Ok(self.deref(target, offset, pointee, n)),
                    _ => self.unsup(
                        n,
                        format!("the reference `{f}` returns is used as an object (not supported)"),
                    ),
                }
            }
            "call_expression" | "update_expression" => {
                // An rvalue used where an lvalue is expected (C++ references): a temporary.
                let v = self.rvalue(n)?;
                if let Val::Ptr { .. } = v {
                    let ty = self.type_of_val(&v);
                    let slot = self.make_slot(&ty, "$ref", n);
                    self.store(LVal::Slot(slot.clone()), v, n)?;
                    return Ok(LVal::Slot(slot));
                }
                let ty = self.type_of_val(&v);
                let slot = self.make_slot(&ty, "$tmp", n);
                self.store(LVal::Slot(slot.clone()), v, n)?;
                Ok(LVal::Slot(slot))
            }
            _ => self.unsup(
                n,
                format!("unsupported assignment target `{}`", self.txt(n)),
            ),
        }
    }

    fn deref(&mut self, target: Target, offset: Expr, pointee: Ty, at: Node) -> LVal {
        match target {
            Target::Private => LVal::Discard(pointee),
            Target::Local(slot) if matches!(*slot, Slot::Cells(..)) => {
                match self.local_part(&slot, &offset, &pointee) {
                    Some(part) => LVal::Slot(part),
                    // A computed index: `load_mem`/`store_mem` select the element.
                    None => LVal::Mem {
                        target: Target::Local(slot),
                        offset,
                        ty: pointee,
                        site: self.span_of(at),
                    },
                }
            }
            Target::Local(slot) => {
                // Only offset 0 of a local object is valid to dereference with its
                // own type; anything else: the local may change (havoc it).
                let slot_ty = self.lval_type(&LVal::Slot((*slot).clone()));
                if matches!(offset, Expr::Int(0, _))
                    || self.size_of(&slot_ty) == self.size_of(&pointee)
                {
                    LVal::Slot(*slot)
                } else {
                    self.havoc_slot(&slot, at);
                    LVal::Discard(pointee)
                }
            }
            t => LVal::Mem {
                target: t,
                offset,
                ty: pointee,
                site: self.span_of(at),
            },
        }
    }

    fn global_lvalue(&mut self, name: &str, n: Node<'t>) -> R<LVal> {
        if let Some(&id) = self.globals.get(name) {
            let ty = self
                .cx
                .globals
                .get(name)
                .map(|g| g.ty.clone())
                .unwrap_or(Ty::Scalar(ScalarTy::INT));
            return Ok(LVal::Mem {
                target: Target::Array(id),
                offset: int(0, ScalarTy::LONG),
                ty,
                site: self.span_of(n),
            });
        }
        if let Some(g) = self.cx.globals.get(name).filter(|g| g.dynamic_shared) {
            let (ty, unit, decl) = (g.ty.clone(), g.unit, g.name_node);
            let saved = self.unit;
            self.unit = unit;
            let id = self.dynamic_shared_array(name, &ty, decl);
            self.unit = saved;
            self.globals.insert(name.to_string(), id);
            return Ok(LVal::Mem {
                target: Target::Array(id),
                offset: int(0, ScalarTy::LONG),
                ty,
                site: self.span_of(n),
            });
        }
        if let Some(g) = self.cx.globals.get(name) {
            let ty = g.ty.clone();
            let space = g.space;
            let id = ArrayId(self.kernel.arrays.len() as u32);
            let dims_ty = ty.clone();
            let saved = self.unit;
            self.unit = g.unit;
            let decl = g.name_node;
            let aid = self.add_array(name, space, &dims_ty, None, decl);
            self.unit = saved;
            debug_assert_eq!(aid, id);
            self.globals.insert(name.to_string(), aid);
            if let Some(values) = &g.const_init {
                self.const_inits.insert(aid, values.clone());
            }
            return Ok(LVal::Mem {
                target: Target::Array(aid),
                offset: int(0, ScalarTy::LONG),
                ty,
                site: self.span_of(n),
            });
        }
        self.unsup(n, format!("unknown identifier `{name}`"))
    }

    fn field_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let (Some(arg), Some(field)) = (
            n.child_by_field_name("argument"),
            n.child_by_field_name("field"),
        ) else {
            return self.unsup(n, "malformed field access");
        };
        let arrow = n
            .child_by_field_name("operator")
            .is_some_and(|o| self.txt(o) == "->");
        let fname = self.txt(field);
        let base = if arrow {
            match self.rvalue(arg)? {
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                } => self.deref(target, offset, pointee, n),
                _ => return self.unsup(n, format!("`->` on a non-pointer `{}`", self.txt(arg))),
            }
        } else {
            self.lvalue(arg)?
        };
        let ty = self.lval_type(&base);
        match &ty {
            Ty::Struct(k) => {
                let Some(sd) = self.cx.types.structs.get(*k) else {
                    return self.unsup(n, "unknown struct");
                };
                let Some(idx) = sd.fields.iter().position(|f| f.name == fname) else {
                    return self.unsup(
                        field,
                        format!("unknown field `{fname}` of struct `{}`", sd.name),
                    );
                };
                Ok(self.component(base, idx, &ty, n))
            }
            Ty::Vector(e, count) => {
                let comps = swizzle(fname, *count);
                match comps {
                    Some(c) if c.len() == 1 => Ok(self.component(base, c[0], &ty, n)),
                    Some(c) => {
                        let parts = c
                            .iter()
                            .map(|k| self.component(base.clone(), *k, &ty, n))
                            .collect();
                        Ok(LVal::Parts(Ty::Vector(*e, c.len() as u8), parts))
                    }
                    None => self.unsup(field, format!("unknown vector component `{fname}`")),
                }
            }
            Ty::Scalar(_) if matches!(fname, "x" | "s0") => Ok(base),
            _ => self.unsup(
                n,
                format!("field `{fname}` of a value that is not a struct or vector"),
            ),
        }
    }

    /// The `k`-th field or component of an aggregate lvalue.
    fn component(&mut self, base: LVal, k: usize, ty: &Ty, _at: Node) -> LVal {
        let at_site = true;
        let parts = self.cx.types.parts(ty);
        let Some((off, pt)) = parts.get(k).cloned() else {
            return LVal::Discard(Ty::Scalar(ScalarTy::INT));
        };
        match base {
            LVal::Slot(Slot::Agg(_, slots)) => match slots.into_iter().nth(k) {
                Some(s) => LVal::Slot(s),
                None => LVal::Discard(pt),
            },
            LVal::Mem {
                target,
                offset,
                site,
                ..
            } => {
                let site = if at_site { self.span_of(_at) } else { site };
                LVal::Mem {
                    target,
                    offset: bin(
                        BinOp::Add,
                        offset,
                        int(off as i128, ScalarTy::LONG),
                        ScalarTy::LONG,
                    ),
                    ty: pt,
                    site,
                }
            }
            LVal::Parts(_, parts) => parts.into_iter().nth(k).unwrap_or(LVal::Discard(pt)),
            _ => LVal::Discard(pt),
        }
    }

    // ----- builtins -----

    fn builtin_value(&mut self, n: Node<'t>) -> R<Option<Val>> {
        let ctor = |f: fn(u8) -> Builtin, d: u8| Val::Scalar(Expr::Builtin(f(d)), ScalarTy::UINT);
        match n.kind() {
            "identifier" => {
                let name = self.txt(n);
                if self.lookup(name).is_some() {
                    return Ok(None);
                }
                let f: fn(u8) -> Builtin = match name {
                    "warpSize" => {
                        return Ok(Some(Val::Scalar(
                            Expr::Builtin(Builtin::WarpSize),
                            ScalarTy::INT,
                        )))
                    }
                    "threadIdx" => Builtin::ThreadIdx,
                    "blockIdx" => Builtin::BlockIdx,
                    "blockDim" => Builtin::BlockDim,
                    "gridDim" => Builtin::GridDim,
                    _ => {
                        if let Some(&(v, t)) = self.cx.types.consts.get(name) {
                            return Ok(Some(Val::Scalar(int(v, t), t)));
                        }
                        if let Some(v) = ocl_constant(name) {
                            return Ok(Some(Val::Scalar(int(v, ScalarTy::INT), ScalarTy::INT)));
                        }
                        if self.cx.globals.contains_key(name) {
                            return Ok(None);
                        }
                        if let Some(v) = float_constant(name) {
                            return Ok(Some(Val::Scalar(
                                Expr::Float(v.to_bits(), ScalarTy::FLOAT),
                                ScalarTy::FLOAT,
                            )));
                        }
                        if let Some((v, t)) = int_limit(name) {
                            return Ok(Some(Val::Scalar(int(v, t), t)));
                        }
                        if self.cx.functions.contains_key(name) {
                            return self.unsup(n, format!("function `{name}` used as a value (function pointers are not supported)"));
                        }
                        self.note(n, format!("unknown identifier `{name}`: value havocked"));
                        return Ok(Some(Val::Scalar(
                            self.havoc(ScalarTy::INT, n),
                            ScalarTy::INT,
                        )));
                    }
                };
                Ok(Some(Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3).map(|d| ctor(f, d)).collect(),
                )))
            }
            "field_expression" => {
                let (Some(arg), Some(field)) = (
                    n.child_by_field_name("argument"),
                    n.child_by_field_name("field"),
                ) else {
                    return Ok(None);
                };
                if arg.kind() != "identifier" {
                    return Ok(None);
                }
                let name = self.txt(arg);
                if self.lookup(name).is_some() {
                    return Ok(None);
                }
                let f: fn(u8) -> Builtin = match name {
                    "threadIdx" => Builtin::ThreadIdx,
                    "blockIdx" => Builtin::BlockIdx,
                    "blockDim" => Builtin::BlockDim,
                    "gridDim" => Builtin::GridDim,
                    _ => return Ok(None),
                };
                let d = match self.txt(field) {
                    "x" => 0,
                    "y" => 1,
                    "z" => 2,
                    other => {
                        return self
                            .unsup(field, format!("unknown component `{other}` of `{name}`"))
                    }
                };
                Ok(Some(ctor(f, d)))
            }
            _ => Ok(None),
        }
    }

    // ----- calls -----

    fn call(&mut self, n: Node<'t>) -> R<Val> {
        let Some(f) = n.child_by_field_name("function") else {
            return self.unsup(n, "malformed call");
        };
        let args_node = n.child_by_field_name("arguments");
        let args: Vec<Node<'t>> = match args_node {
            Some(a) => {
                let mut c = a.walk();
                a.named_children(&mut c)
                    .filter(|c| c.kind() != "comment")
                    .collect()
            }
            None => Vec::new(),
        };
        let (name, tpl_args) = match f.kind() {
            "identifier" => (self.txt(f).to_string(), None),
            "qualified_identifier" => {
                let mut inner = f;
                let mut steps = 0;
                while inner.kind() == "qualified_identifier" && steps < 16 {
                    steps += 1;
                    match inner.child_by_field_name("name") {
                        Some(x) => inner = x,
                        None => break,
                    }
                }
                if inner.kind() == "template_function" {
                    let nm = inner
                        .child_by_field_name("name")
                        .map(|x| self.txt(x).to_string())
                        .unwrap_or_default();
                    (nm, inner.child_by_field_name("arguments"))
                } else {
                    (self.txt(inner).to_string(), None)
                }
            }
            "template_function" => {
                let nm = f
                    .child_by_field_name("name")
                    .map(|x| self.txt(x).to_string())
                    .unwrap_or_default();
                (nm, f.child_by_field_name("arguments"))
            }
            "field_expression" => return self.method_call(n, f, &args),
            "parenthesized_expression" => {
                // `(float4)(a, b)` parses as a call: a cast to a type name.
                if let Some(ty) = f.named_child(0).and_then(|t| self.type_name(t)) {
                    if let Ty::Vector(..) = ty {
                        return self.vector_literal(ty, &args, n);
                    }
                    let Some(a) = args.first() else {
                        return Ok(self.zero(&ty));
                    };
                    let v = self.rvalue(*a)?;
                    return self.convert_val(ty, v, n);
                }
                return self.unsup(n, "call through a function pointer is not supported");
            }
            _ => return self.unsup(n, "call through a function pointer is not supported"),
        };
        // C++ casts: `static_cast<T>(x)` and friends.
        if matches!(
            name.as_str(),
            "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast"
        ) {
            let ty = tpl_args
                .and_then(|a| a.named_child(0))
                .filter(|t| t.kind() == "type_descriptor")
                .map(|t| {
                    self.cx
                        .types
                        .type_descriptor(t, self.src(), &self.type_overrides)
                });
            let (Some(ty), Some(a)) = (ty, args.first()) else {
                return self.unsup(n, format!("malformed `{name}`"));
            };
            let v = self.rvalue(*a)?;
            return self.convert_val(ty, v, n);
        }
        // Local names shadow functions.
        if self.lookup(&name).is_some() {
            return self.unsup(
                n,
                format!("call of a local `{name}` (function pointers are not supported)"),
            );
        }
        if let Some(defs) = self.cx.functions.get(&name) {
            let def = defs
                .iter()
                .find(|d| d.param_count == args.len() && d.has_body)
                .or_else(|| defs.iter().find(|d| d.has_body));
            if let Some(def) = def {
                let def = def.clone();
                return self.inline_call(n, &def, &args, tpl_args);
            }
        }
        self.builtin_call(n, &name, &args)
    }

    fn eval_args(&mut self, args: &[Node<'t>]) -> R<Vec<Val>> {
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.rvalue(*a)?);
        }
        Ok(vals)
    }

    fn barrier(&mut self, n: Node, scope: BarrierScope, global_fence: bool, local_fence: bool) {
        for pending in &mut self.pending_copies {
            pending.1 = true;
        }
        self.push(
            StmtKind::Barrier {
                scope,
                global_fence,
                local_fence,
            },
            n,
        );
    }

    fn group_sync(&mut self, n: Node, g: GroupKind) {
        match g {
            GroupKind::Block => self.barrier(n, BarrierScope::Block, true, true),
            GroupKind::Grid => self.barrier(n, BarrierScope::Grid, true, true),
            GroupKind::Tile => {
                self.note(n, "tile/coalesced-group sync is not a block barrier".into())
            }
        }
    }

    fn method_call(&mut self, n: Node<'t>, f: Node<'t>, args: &[Node<'t>]) -> R<Val> {
        let want_ref = std::mem::take(&mut self.ref_return);
        let (Some(obj), Some(method)) = (
            f.child_by_field_name("argument"),
            f.child_by_field_name("field"),
        ) else {
            return self.unsup(n, "malformed method call");
        };
        let m = self.txt(method).to_string();
        let arrow = f
            .child_by_field_name("operator")
            .is_some_and(|o| self.txt(o) == "->");
        let recv_lv = if arrow {
            match self.rvalue(obj)? {
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                } => self.deref(target, offset, pointee, obj),
                _ => return self.unsup(n, format!("`->{m}` on a non-pointer")),
            }
        } else {
            self.lvalue(obj)?
        };
        let recv_ty = self.lval_type(&recv_lv);
        if let Ty::Struct(k) = recv_ty {
            // A member function of the receiver's struct: inlined with its fields in scope.
            if let Some(def) = self.struct_method(k, &m, Some(args.len())) {
                self.ref_return = want_ref;
                return self.inline_call_this(n, &def, args, None, Some(recv_lv));
            }
        }
        let recv = self.load(recv_lv.clone(), obj)?;
        if !matches!(recv, Val::Group(_)) {
            // Unknown method: it may touch whatever the receiver and arguments
            // reach, change the receiver and objects passed by reference.
            let mut vals = vec![recv];
            vals.extend(self.eval_args(args)?);
            let v = self.unknown_effects(n, &format!("method `{m}`"), vals)?;
            self.havoc_ref_args(args, None)?;
            self.havoc_receiver(recv_lv, n)?;
            return Ok(v);
        }
        let _ = self.eval_args(args)?;
        if let Val::Group(g) = recv {
            return Ok(match m.as_str() {
                "sync" | "barrier_wait" => {
                    self.group_sync(n, g);
                    Val::Void
                }
                "thread_rank" if g == GroupKind::Block => {
                    Val::Scalar(self.linear_tid(), ScalarTy::UINT)
                }
                "size" | "num_threads" if g == GroupKind::Block => {
                    let b = |d| Expr::Builtin(Builtin::BlockDim(d));
                    let e = bin(
                        BinOp::Mul,
                        bin(BinOp::Mul, b(0), b(1), ScalarTy::UINT),
                        b(2),
                        ScalarTy::UINT,
                    );
                    Val::Scalar(e, ScalarTy::UINT)
                }
                "thread_index" if g == GroupKind::Block => Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3)
                        .map(|d| Val::Scalar(Expr::Builtin(Builtin::ThreadIdx(d)), ScalarTy::UINT))
                        .collect(),
                ),
                "group_index" if g == GroupKind::Block => Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3)
                        .map(|d| Val::Scalar(Expr::Builtin(Builtin::BlockIdx(d)), ScalarTy::UINT))
                        .collect(),
                ),
                "group_dim" | "dim_threads" if g == GroupKind::Block => Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3)
                        .map(|d| Val::Scalar(Expr::Builtin(Builtin::BlockDim(d)), ScalarTy::UINT))
                        .collect(),
                ),
                _ => Val::Scalar(self.havoc(ScalarTy::UINT, n), ScalarTy::UINT),
            });
        }
        Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT))
    }

    fn linear_tid(&self) -> Expr {
        let t = |d| Expr::Builtin(Builtin::ThreadIdx(d));
        let b = |d| Expr::Builtin(Builtin::BlockDim(d));
        let u = ScalarTy::UINT;
        bin(
            BinOp::Add,
            bin(BinOp::Add, t(0), bin(BinOp::Mul, t(1), b(0), u), u),
            bin(BinOp::Mul, t(2), bin(BinOp::Mul, b(0), b(1), u), u),
            u,
        )
    }

    fn fence_flags(&self, args: &[Node]) -> (bool, bool) {
        let Some(a) = args.first() else {
            return (true, true);
        };
        match self
            .cx
            .types
            .const_eval(*a, self.src(), 0)
            .or_else(|| self.ocl_flag_eval(*a))
        {
            Some(v) => (v & 2 != 0, v & 1 != 0),
            // Flags known only at run time (and maybe different per thread): the
            // barrier is not assumed to order any memory.
            None => (false, false),
        }
    }

    fn ocl_flag_eval(&self, n: Node) -> Option<i128> {
        match n.kind() {
            "identifier" => ocl_constant(self.txt(n)),
            "parenthesized_expression" => n.named_child(0).and_then(|c| self.ocl_flag_eval(c)),
            "binary_expression" => {
                let a = self.ocl_flag_eval(n.child_by_field_name("left")?)?;
                let b = self.ocl_flag_eval(n.child_by_field_name("right")?)?;
                match n.child_by_field_name("operator").map(|o| self.txt(o))? {
                    "|" | "+" => Some(a | b),
                    "&" => Some(a & b),
                    _ => None,
                }
            }
            _ => self.cx.types.const_eval(n, self.src(), 0),
        }
    }

    fn builtin_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        match name {
            "__syncthreads" => {
                self.barrier(n, BarrierScope::Block, true, true);
                return Ok(Val::Void);
            }
            "__syncthreads_count" | "__syncthreads_and" | "__syncthreads_or" => {
                let _ = self.eval_args(args)?;
                self.barrier(n, BarrierScope::Block, true, true);
                // The block-wide count/and/or is the same in every thread (a
                // collective result), so loops on it are uniform.
                return Ok(
                    match self.collective(name, Vec::new(), Some(ScalarTy::INT), n) {
                        Some(v) => Val::Scalar(Expr::Var(v), ScalarTy::INT),
                        None => Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT),
                    },
                );
            }
            "barrier" | "work_group_barrier" => {
                let (mut g, mut l) = self.fence_flags(args);
                if let Some(scope) = args.get(1) {
                    // A memory scope narrower than the work-group (or unknown)
                    // orders nothing between the work-items: still a barrier
                    // all must reach, without fences.
                    let scope_name = self.txt(strip_parens(*scope));
                    if !matches!(
                        scope_name,
                        "memory_scope_work_group"
                            | "memory_scope_device"
                            | "memory_scope_all_svm_devices"
                            | "memory_scope_all_devices"
                    ) {
                        g = false;
                        l = false;
                        self.note(
                            n,
                            format!("barrier with memory scope `{scope_name}` orders no memory between work-items"),
                        );
                    }
                }
                self.barrier(n, BarrierScope::Block, g, l);
                return Ok(Val::Void);
            }
            "__syncwarp" => {
                let vals = self.eval_args(args)?;
                // With the full mask (the default) it orders the 32 threads of
                // a warp; a partial or computed mask orders an unknown subset,
                // soundly taken as ordering nothing.
                let full = match vals.first() {
                    None => true,
                    Some(Val::Scalar(Expr::Int(k, _), _)) => k & 0xffff_ffff == 0xffff_ffff,
                    Some(_) => false,
                };
                if full {
                    self.barrier(n, BarrierScope::Warp, true, true);
                } else {
                    self.note(
                        n,
                        "__syncwarp with a partial or computed mask is taken to order nothing"
                            .into(),
                    );
                }
                return Ok(Val::Void);
            }
            "this_thread_block" => return Ok(Val::Group(GroupKind::Block)),
            "this_grid" => return Ok(Val::Group(GroupKind::Grid)),
            "tiled_partition" | "coalesced_threads" | "this_cluster" | "binary_partition"
            | "labeled_partition" => {
                let _ = self.eval_args(args)?;
                return Ok(Val::Group(GroupKind::Tile));
            }
            "sync" | "synchronize" => {
                let vals = self.eval_args(args)?;
                if let Some(Val::Group(g)) = vals.first() {
                    self.group_sync(n, *g);
                    return Ok(Val::Void);
                }
            }
            "wait_group_events" => {
                let vals = self.eval_args(args)?;
                let uniform_args = self.wait_events_args(&vals, n)?;
                self.collective(name, uniform_args, None, n);
                // Without a barrier in between, the wait is in the same barrier
                // interval as the call: the accesses there already cover it.
                for (mut stmt, crossed) in std::mem::take(&mut self.pending_copies) {
                    if crossed {
                        self.renumber(&mut stmt);
                        self.cur.push(stmt);
                    }
                }
                return Ok(Val::Void);
            }
            "get_work_dim" => {
                let id = match self.work_dim {
                    Some(id) => id,
                    None => {
                        let id = ParamId(self.kernel.params.len() as u32);
                        self.kernel.params.push(ParamDecl {
                            name: "get_work_dim()".into(),
                            ty: ScalarTy::UINT,
                            position: u32::MAX,
                        });
                        self.work_dim = Some(id);
                        id
                    }
                };
                return Ok(Val::Scalar(Expr::Param(id), ScalarTy::UINT));
            }
            _ => {}
        }
        if builtins::is_work_item_fn(name) {
            return self.work_item(n, name, args);
        }
        if builtins::is_atomic(name) {
            return self.atomic(n, name, args);
        }
        if name.starts_with("curand") {
            return self.curand(n, name, args);
        }
        if let Some(v) = self.image_call(n, name, args)? {
            return Ok(v);
        }
        if builtins::is_gpuverify_annotation(name) {
            // Arguments are not evaluated: they are predicates over the state.
            return Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT));
        }
        if builtins::is_ignored_call(name) {
            // Fences, printf, assert: no effect here, but their arguments may read memory.
            let _ = self.eval_args(args)?;
            return Ok(Val::Void);
        }
        if name == "__ldg"
            || name.starts_with("__ldc")
            || name.starts_with("__ldlu")
            || name.starts_with("__ldcs")
        {
            let vals = self.eval_args(args)?;
            if let Some(Val::Ptr {
                target,
                offset,
                pointee,
            }) = vals.into_iter().next()
            {
                let lv = self.deref(target, offset, pointee, n);
                return self.load(lv, n);
            }
        }
        if let Some(v) = self.vector_builtin(n, name, args)? {
            return Ok(v);
        }
        if builtins::is_integer_math(name) || builtins::is_pure_math(name) {
            return self.math(n, name, args);
        }
        if builtins::is_block_copy(name) {
            return self.copy_call(n, name, args);
        }
        if is_texture_fetch(name) {
            // Textures are read-only: a value, no effect on memory.
            let _ = self.eval_args(args)?;
            return Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT));
        }
        if builtins::is_opaque_value_call(name) {
            let _ = self.eval_args(args)?;
            return Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT));
        }
        self.unknown_call(n, name, args)
    }

    fn work_item(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let d = match args.first() {
            Some(a) => {
                let v = self.rvalue(*a)?;
                self.scalar(v, *a)?
            }
            None => (int(0, ScalarTy::UINT), ScalarTy::UINT),
        };
        let u = ScalarTy::ULONG;
        let c = |e: Expr| conv(e, ScalarTy::UINT, u);
        let per_dim = |dim: u8| -> Expr {
            let b = |f: fn(u8) -> Builtin| c(Expr::Builtin(f(dim)));
            match name {
                "get_local_id" => b(Builtin::ThreadIdx),
                "get_group_id" => b(Builtin::BlockIdx),
                "get_local_size" | "get_enqueued_local_size" => b(Builtin::BlockDim),
                "get_num_groups" => b(Builtin::GridDim),
                "get_global_offset" => b(Builtin::GlobalOffset),
                "get_global_size" => bin(BinOp::Mul, b(Builtin::GridDim), b(Builtin::BlockDim), u),
                _ => bin(
                    BinOp::Add,
                    bin(
                        BinOp::Add,
                        bin(BinOp::Mul, b(Builtin::BlockIdx), b(Builtin::BlockDim), u),
                        b(Builtin::ThreadIdx),
                        u,
                    ),
                    b(Builtin::GlobalOffset),
                    u,
                ),
            }
        };
        let e = match d.0 {
            Expr::Int(k, _) if (0..3).contains(&k) => per_dim(k as u8),
            Expr::Int(_, _) => {
                // Out-of-range dimension: local size 1, ids 0.
                let one = matches!(
                    name,
                    "get_local_size"
                        | "get_num_groups"
                        | "get_global_size"
                        | "get_enqueued_local_size"
                );
                int(one as i128, u)
            }
            e => {
                // Dimension known only at run time: select over the three.
                let dt = d.1;
                let is = |k: i128| {
                    Expr::Binary(
                        BinOp::Eq,
                        Box::new(e.clone()),
                        Box::new(int(k, dt)),
                        ScalarTy::Bool,
                    )
                };
                Expr::Select(
                    Box::new(is(0)),
                    Box::new(per_dim(0)),
                    Box::new(Expr::Select(
                        Box::new(is(1)),
                        Box::new(per_dim(1)),
                        Box::new(per_dim(2)),
                        u,
                    )),
                    u,
                )
            }
        };
        let _ = n;
        Ok(Val::Scalar(e, u))
    }

    fn atomic(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        // The value operand: the last argument of compare-and-swap, else the second
        // (OpenCL 2.0 `_explicit` forms add memory-order arguments after it).
        let operand_at = if name.contains("CAS")
            || name.contains("cmpxchg")
            || name.contains("compare_exchange")
        {
            2
        } else {
            1
        };
        let operand = vals.get(operand_at).cloned();
        let Some(Val::Ptr {
            target,
            offset,
            pointee,
        }) = vals.into_iter().next()
        else {
            return self.unsup(n, format!("`{name}` on something that is not a pointer"));
        };
        let st = match pointee {
            Ty::Scalar(s) => s,
            _ => ScalarTy::INT,
        };
        let operand = match operand {
            Some(Val::Scalar(e, t)) => Some(conv(e, t, st)),
            _ => None,
        };
        match target {
            Target::Array(array) => {
                let dest = self.tmp(st, n);
                let access = self.access(array, offset, st);
                self.push(
                    StmtKind::Atomic {
                        dest: Some(dest),
                        access,
                        op: AtomicOp {
                            name: name.to_string(),
                            operand,
                        },
                    },
                    n,
                );
                Ok(Val::Scalar(Expr::Var(dest), st))
            }
            Target::Local(slot) => {
                // Atomics on a local: a read-modify-write nobody else can see.
                let old = match self.local_part(&slot, &offset, &Ty::Scalar(st)) {
                    Some(part @ Slot::Var(..)) => self.load_slot(&part),
                    _ => Val::Scalar(self.havoc(st, n), st),
                };
                self.havoc_slot(&slot, n);
                Ok(old)
            }
            Target::Private => Ok(Val::Scalar(self.havoc(st, n), st)),
            Target::Locals => {
                self.havoc_addressed_locals(n);
                Ok(Val::Scalar(self.havoc(st, n), st))
            }
            Target::Null => {
                self.note(n, "access through a null or unassigned pointer dropped (the kernel would fault there)".into());
                Ok(Val::Scalar(self.havoc(st, n), st))
            }
            Target::Choice(list, sel) => {
                let dest = self.tmp(st, n);
                self.split_by_choice(&list, sel, n, &mut |s, a| {
                    let access = s.access(a, offset.clone(), st);
                    let op = AtomicOp {
                        name: name.to_string(),
                        operand: operand.clone(),
                    };
                    s.push(
                        StmtKind::Atomic {
                            dest: Some(dest),
                            access,
                            op,
                        },
                        n,
                    );
                    Ok(())
                })?;
                Ok(Val::Scalar(Expr::Var(dest), st))
            }
        }
    }

    fn vector_builtin(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Option<Val>> {
        if let Some(rest) = name.strip_prefix("make_") {
            if let Some((e, k)) = super::types::vector_named(rest) {
                let vals = self.eval_args(args)?;
                let mut comps = Vec::new();
                for (i, v) in vals.into_iter().enumerate().take(k as usize) {
                    let at = args.get(i).copied().unwrap_or(n);
                    let (x, t) = self.scalar(v, at)?;
                    comps.push(Val::Scalar(conv(x, t, e), e));
                }
                while comps.len() < k as usize {
                    comps.push(Val::Scalar(self.havoc(e, n), e));
                }
                return Ok(Some(Val::Agg(Ty::Vector(e, k), comps)));
            }
        }
        for (prefix, is_load) in [("vload", true), ("vstore", false)] {
            let Some(k) = name.strip_prefix(prefix).and_then(|s| s.parse::<u8>().ok()) else {
                continue;
            };
            let vals = self.eval_args(args)?;
            let (offset_val, ptr, data) = if is_load {
                (vals.first().cloned(), vals.get(1).cloned(), None)
            } else {
                (
                    vals.get(1).cloned(),
                    vals.get(2).cloned(),
                    vals.first().cloned(),
                )
            };
            let (
                Some(off),
                Some(Val::Ptr {
                    target,
                    offset,
                    pointee,
                }),
            ) = (offset_val, ptr)
            else {
                return self.unsup(n, format!("`{name}` with unexpected arguments"));
            };
            let e = match pointee {
                Ty::Scalar(s) => s,
                _ => ScalarTy::FLOAT,
            };
            let (oe, ot) = self.scalar(off, n)?;
            let esz = super::types::scalar_size(e) as i128;
            let base = bin(
                BinOp::Add,
                offset,
                bin(
                    BinOp::Mul,
                    conv(oe, ot, ScalarTy::LONG),
                    int(esz * k as i128, ScalarTy::LONG),
                    ScalarTy::LONG,
                ),
                ScalarTy::LONG,
            );
            let vty = Ty::Vector(e, k);
            let lv = self.deref(target, base, vty.clone(), n);
            if is_load {
                return Ok(Some(self.load(lv, n)?));
            }
            self.store(lv, data.unwrap_or(Val::Void), n)?;
            return Ok(Some(Val::Void));
        }
        Ok(None)
    }

    fn math(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        // Vectors: componentwise for unary/binary elementwise functions, opaque otherwise.
        if vals.iter().any(|v| matches!(v, Val::Agg(..))) {
            let mut flat = Vec::new();
            for v in vals {
                match v {
                    Val::Agg(_, parts) => {
                        for p in parts {
                            flat.push(self.scalar(p, n)?);
                        }
                    }
                    other => flat.push(self.scalar(other, n)?),
                }
            }
            let t = flat.first().map_or(ScalarTy::FLOAT, |f| f.1);
            let exprs = flat.into_iter().map(|(e, _)| e).collect();
            return Ok(Val::Scalar(Expr::Apply(name.to_string(), exprs, t), t));
        }
        let mut sc = Vec::new();
        for (k, v) in vals.into_iter().enumerate() {
            sc.push(self.scalar(v, args.get(k).copied().unwrap_or(n))?);
        }
        let all_int =
            !sc.is_empty() && sc.iter().all(|(_, t)| !matches!(t, ScalarTy::Float { .. }));
        let common_t = sc
            .iter()
            .map(|s| s.1)
            .reduce(common)
            .unwrap_or(ScalarTy::INT);
        let cv = |sc: &[(Expr, ScalarTy)], k: usize, t: ScalarTy| {
            sc.get(k)
                .map(|(e, et)| conv(e.clone(), *et, t))
                .unwrap_or(int(0, t))
        };
        if all_int {
            let t = match name {
                "umin" | "umax" | "__umul24" | "ullmin" | "ullmax" => ScalarTy::Int {
                    bits: common_t.bits().max(32) as u8,
                    signed: false,
                },
                _ => common_t,
            };
            let lt = |a: Expr, b: Expr| {
                Expr::Binary(BinOp::Lt, Box::new(a), Box::new(b), ScalarTy::Bool)
            };
            match name {
                "min" | "umin" | "llmin" | "ullmin" if sc.len() == 2 => {
                    let (a, b) = (cv(&sc, 0, t), cv(&sc, 1, t));
                    return Ok(Val::Scalar(
                        Expr::Select(
                            Box::new(lt(b.clone(), a.clone())),
                            Box::new(b),
                            Box::new(a),
                            t,
                        ),
                        t,
                    ));
                }
                "max" | "umax" | "llmax" | "ullmax" if sc.len() == 2 => {
                    let (a, b) = (cv(&sc, 0, t), cv(&sc, 1, t));
                    return Ok(Val::Scalar(
                        Expr::Select(
                            Box::new(lt(a.clone(), b.clone())),
                            Box::new(b),
                            Box::new(a),
                            t,
                        ),
                        t,
                    ));
                }
                "abs" | "labs" | "llabs" if sc.len() == 1 => {
                    let a = cv(&sc, 0, t);
                    let neg = Expr::Unary(UnOp::Neg, Box::new(a.clone()), t);
                    let rt = if name == "abs" && self.kernel.lang == crate::ir::Lang::OpenCl {
                        ScalarTy::Int {
                            bits: t.bits() as u8,
                            signed: false,
                        }
                    } else {
                        t
                    };
                    let e = Expr::Select(
                        Box::new(lt(a.clone(), int(0, t))),
                        Box::new(neg),
                        Box::new(a),
                        t,
                    );
                    return Ok(Val::Scalar(conv(e, t, rt), rt));
                }
                "clamp" if sc.len() == 3 => {
                    let (x, lo, hi) = (cv(&sc, 0, t), cv(&sc, 1, t), cv(&sc, 2, t));
                    let lower = Expr::Select(
                        Box::new(lt(x.clone(), lo.clone())),
                        Box::new(lo),
                        Box::new(x),
                        t,
                    );
                    let e = Expr::Select(
                        Box::new(lt(hi.clone(), lower.clone())),
                        Box::new(hi),
                        Box::new(lower),
                        t,
                    );
                    return Ok(Val::Scalar(e, t));
                }
                // 24-bit multiplies: exact for operands below 2^24 (thread and block
                // indices, sizes), which is how kernels use them.
                "__mul24" | "mul24" | "__umul24" if sc.len() == 2 => {
                    return Ok(Val::Scalar(
                        bin(BinOp::Mul, cv(&sc, 0, t), cv(&sc, 1, t), t),
                        t,
                    ));
                }
                "mad24" if sc.len() == 3 => {
                    let m = bin(BinOp::Mul, cv(&sc, 0, t), cv(&sc, 1, t), t);
                    return Ok(Val::Scalar(bin(BinOp::Add, m, cv(&sc, 2, t), t), t));
                }
                _ => {}
            }
        }
        let rt = match name {
            "isnan" | "isinf" | "isfinite" | "isnormal" | "signbit" | "__popc" | "__popcll"
            | "__clz" | "__clzll" | "__ffs" | "__ffsll" | "ilogb" | "__float_as_int"
            | "__float2int_rn" | "__float2int_rz" | "__float2int_rd" | "__float2int_ru"
            | "as_int" | "isequal" | "isnotequal" | "isgreater" | "isless" | "any" | "all" => {
                ScalarTy::INT
            }
            "__float_as_uint" | "as_uint" | "__float2uint_rn" | "__float2uint_rz" => ScalarTy::UINT,
            "__int_as_float" | "as_float" | "__uint_as_float" | "__int2float_rn"
            | "__uint2float_rn" => ScalarTy::FLOAT,
            _ if name.starts_with("convert_") => {
                let target = name.trim_start_matches("convert_");
                let base = target.split('_').next().unwrap_or("int");
                super::types::scalar_named(base).unwrap_or(common_t)
            }
            _ if all_int => common_t,
            _ if matches!(common_t, ScalarTy::Float { .. }) => common_t,
            _ if name.ends_with('f') && self.kernel.lang == crate::ir::Lang::Cuda => {
                ScalarTy::FLOAT
            }
            _ => ScalarTy::FLOAT,
        };
        if name.starts_with("convert_") {
            if let Some((e, t)) = sc.first() {
                return Ok(Val::Scalar(conv(e.clone(), *t, rt), rt));
            }
        }
        let exprs = sc.into_iter().map(|(e, _)| e).collect();
        Ok(Val::Scalar(Expr::Apply(name.to_string(), exprs, rt), rt))
    }

    /// Block copies (`memcpy`, `memset`, `async_work_group_copy`): one element at an
    /// unknown position `k` of the range: `dst[k] = src[k]` (an over-approximation
    /// of every element of the copy).
    fn copy_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        let is_set = name.contains("memset");
        let bytewise = name.contains("mem");
        let elem_of = |s: &Self, v: Option<&Val>| -> (u32, ScalarTy) {
            match v {
                Some(Val::Ptr {
                    pointee: Ty::Scalar(st),
                    ..
                }) if !bytewise => (super::types::scalar_size(*st) as u32, *st),
                Some(Val::Ptr { pointee, .. }) if !bytewise => {
                    (s.size_of(pointee).max(1) as u32, ScalarTy::INT)
                }
                _ => (
                    1,
                    ScalarTy::Int {
                        bits: 8,
                        signed: false,
                    },
                ),
            }
        };
        let (esz, ety) = elem_of(self, vals.first());
        // The element is within the copied range: k mod count (count = elements of
        // `async_work_group_copy`, bytes of `memcpy`/`memset`).
        let count_at = (name.starts_with("async_work_group_copy") || bytewise).then_some(2);
        let count = count_at.and_then(|i| match vals.get(i) {
            Some(Val::Scalar(e, t)) => Some(conv(e.clone(), *t, ScalarTy::ULONG)),
            _ => None,
        });
        // 32-bit arithmetic: copies are far below 4 GiB and the solver is faster.
        let k = match count {
            Some(c) => {
                let k32 = self.havoc(ScalarTy::UINT, n);
                conv(
                    bin(
                        BinOp::Rem,
                        k32,
                        conv(c, ScalarTy::ULONG, ScalarTy::UINT),
                        ScalarTy::UINT,
                    ),
                    ScalarTy::UINT,
                    ScalarTy::LONG,
                )
            }
            None => self.havoc(ScalarTy::LONG, n),
        };
        let first_access = self.cur.len();
        let at_k = |off: Expr| {
            bin(
                BinOp::Add,
                off,
                bin(
                    BinOp::Mul,
                    k.clone(),
                    int(esz as i128, ScalarTy::LONG),
                    ScalarTy::LONG,
                ),
                ScalarTy::LONG,
            )
        };
        let value = if is_set {
            match vals.get(1) {
                Some(Val::Scalar(e, t)) => conv(e.clone(), *t, ety),
                _ => self.havoc(ety, n),
            }
        } else {
            match vals.get(1) {
                Some(Val::Ptr {
                    target: src @ (Target::Array(_) | Target::Choice(..)),
                    offset,
                    ..
                }) => {
                    let dest = self.tmp(ety, n);
                    let src_offset = at_k(offset.clone());
                    let (list, which) = match src {
                        Target::Array(a) => (vec![*a], int(a.0 as i128, ScalarTy::UINT)),
                        Target::Choice(list, sel) => (list.clone(), Expr::Var(*sel)),
                        _ => (Vec::new(), int(0, ScalarTy::UINT)),
                    };
                    let sel = match src {
                        Target::Choice(_, sel) => Some(*sel),
                        _ => None,
                    };
                    let read = |s: &mut Self, a: ArrayId| {
                        let access = Access {
                            array: a,
                            offset: src_offset.clone(),
                            size: esz,
                            ty: ety,
                        };
                        s.push(StmtKind::Read { dest, access }, n);
                        Ok(())
                    };
                    match sel {
                        Some(sel) => self.split_by_choice(&list, sel, n, &mut { read })?,
                        None => {
                            for a in &list {
                                read(self, *a)?;
                            }
                        }
                    }
                    if name.starts_with("async_work_group") {
                        // The work-group copies collectively: threads that copy the
                        // same element store the same value, a function of its source.
                        let mut key = vec![which, src_offset];
                        if list
                            .iter()
                            .any(|a| self.space_of(&Target::Array(*a)) == Some(MemSpace::Shared))
                        {
                            // Each block has its own copy of a shared array.
                            key.extend((0..3).map(|d| Expr::Builtin(Builtin::BlockIdx(d))));
                        }
                        Expr::Apply(name.to_string(), key, ety)
                    } else {
                        Expr::Var(dest)
                    }
                }
                _ => self.havoc(ety, n),
            }
        };
        match vals.first() {
            Some(Val::Ptr {
                target: Target::Array(dst),
                offset,
                ..
            }) => {
                let access = Access {
                    array: *dst,
                    offset: at_k(offset.clone()),
                    size: esz,
                    ty: ety,
                };
                self.push(StmtKind::Write { access, value }, n);
            }
            Some(Val::Ptr {
                target: Target::Choice(list, sel),
                offset,
                ..
            }) => {
                let (list, sel, dst_offset) = (list.clone(), *sel, at_k(offset.clone()));
                self.split_by_choice(&list, sel, n, &mut |s, a| {
                    let access = Access {
                        array: a,
                        offset: dst_offset.clone(),
                        size: esz,
                        ty: ety,
                    };
                    s.push(
                        StmtKind::Write {
                            access,
                            value: value.clone(),
                        },
                        n,
                    );
                    Ok(())
                })?;
            }
            Some(Val::Ptr {
                target: Target::Local(slot),
                ..
            }) => {
                let slot = (**slot).clone();
                self.havoc_slot(&slot, n);
            }
            _ => {}
        }
        if name.starts_with("async_work_group") {
            // The copy may happen at any time until `wait_group_events`: its
            // accesses are repeated there.
            let stmts: Vec<Stmt> = self.cur[first_access..]
                .iter()
                .filter(|s| {
                    matches!(
                        s.kind,
                        StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::If { .. }
                    )
                })
                .cloned()
                .collect();
            self.pending_copies
                .extend(stmts.into_iter().map(|k| (k, false)));
            let mut uniform_args = Vec::new();
            for v in &vals {
                self.uniform_parts(v, n, &mut uniform_args);
            }
            let event_ty = ScalarTy::Int {
                bits: 32,
                signed: false,
            };
            self.note(
                n,
                format!(
                    "`{name}` modelled as one element at an unknown position of the copied range"
                ),
            );
            if let Some(event) = self.collective(name, uniform_args, Some(event_ty), n) {
                return Ok(Val::Scalar(Expr::Var(event), event_ty));
            }
        }
        self.note(
            n,
            format!("`{name}` modelled as one element at an unknown position of the copied range"),
        );
        Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT))
    }

    /// cuRAND device API: a generator call reads and updates the state its
    /// pointer argument points to. MTGP32 states are shared by the threads of a
    /// block (up to 256 of them): those threads update it together, so they are
    /// modelled as storing the same value (a function of the block).
    fn curand(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        let vals: Vec<Val> = vals
            .into_iter()
            .map(|v| self.without_choice(v, n))
            .collect();
        let state = vals.iter().rev().find_map(|v| match v {
            Val::Ptr {
                target: Target::Array(a),
                offset,
                pointee,
            } => Some((*a, offset.clone(), pointee.clone())),
            _ => None,
        });
        let result_ty = if name.contains("uniform") || name.contains("normal") {
            if name.contains("double") {
                ScalarTy::Float { bits: 64 }
            } else {
                ScalarTy::FLOAT
            }
        } else {
            ScalarTy::UINT
        };
        if let Some((array, offset, pointee)) = state {
            let tag = match &pointee {
                Ty::Struct(k) => self
                    .cx
                    .types
                    .structs
                    .get(*k)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            };
            let size = self.size_of(&pointee).clamp(1, u32::MAX as u64) as u32;
            let access = Access {
                array,
                offset,
                size,
                ty: ScalarTy::UINT,
            };
            if tag.contains("Mtgp32") && name != "curand_init" {
                let u = ScalarTy::UINT;
                let block = bin(
                    BinOp::Add,
                    Expr::Builtin(Builtin::BlockIdx(0)),
                    bin(
                        BinOp::Mul,
                        Expr::Builtin(Builtin::BlockIdx(1)),
                        Expr::Builtin(Builtin::GridDim(0)),
                        u,
                    ),
                    u,
                );
                let in_block_range = Expr::Binary(
                    BinOp::Lt,
                    Box::new(self.linear_tid()),
                    Box::new(int(256, u)),
                    ScalarTy::Bool,
                );
                let other = self.havoc(u, n);
                let value = Expr::Select(
                    Box::new(in_block_range),
                    Box::new(block),
                    Box::new(other),
                    u,
                );
                self.push(StmtKind::Write { access, value }, n);
            } else {
                if name != "curand_init" {
                    let dest = self.tmp(ScalarTy::UINT, n);
                    self.push(
                        StmtKind::Read {
                            dest,
                            access: access.clone(),
                        },
                        n,
                    );
                }
                let value = self.havoc(ScalarTy::UINT, n);
                self.push(StmtKind::Write { access, value }, n);
            }
        } else {
            for v in &vals {
                if let Val::Ptr {
                    target: Target::Local(slot),
                    ..
                } = v
                {
                    let slot = (**slot).clone();
                    self.havoc_slot(&slot, n);
                }
            }
        }
        if name == "curand_init" {
            return Ok(Val::Void);
        }
        Ok(Val::Scalar(self.havoc(result_ty, n), result_ty))
    }

    /// OpenCL image reads and writes: accesses of the pixel at the coordinates.
    fn image_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Option<Val>> {
        let (write, suffix) = if let Some(s) = name.strip_prefix("write_image") {
            (true, s)
        } else if let Some(s) = name.strip_prefix("read_image") {
            (false, s)
        } else {
            return Ok(None);
        };
        let elem = match suffix {
            "f" => ScalarTy::FLOAT,
            "i" => ScalarTy::INT,
            "ui" => ScalarTy::UINT,
            "h" => ScalarTy::Float { bits: 16 },
            _ => return Ok(None),
        };
        let vals = self.eval_args(args)?;
        let Some(Val::Ptr { target, offset, .. }) = vals.first().cloned() else {
            return Ok(None);
        };
        // Coordinates: the last argument of a read (after an optional sampler), the
        // second of a write.
        let coord = if write { vals.get(1) } else { vals.last() };
        let comps: Vec<Val> = match coord {
            Some(Val::Agg(_, parts)) => parts.clone(),
            Some(v @ Val::Scalar(..)) => vec![v.clone()],
            _ => Vec::new(),
        };
        let mut linear = offset;
        for (d, c) in comps.into_iter().take(3).enumerate() {
            let (e, t) = self.scalar(c, n)?;
            let scaled = bin(
                BinOp::Mul,
                conv(e, t, ScalarTy::LONG),
                int(1i128 << (16 * d), ScalarTy::LONG),
                ScalarTy::LONG,
            );
            linear = bin(BinOp::Add, linear, scaled, ScalarTy::LONG);
        }
        let pixel = bin(BinOp::Mul, linear, int(16, ScalarTy::LONG), ScalarTy::LONG);
        let lv = self.deref(target, pixel, Ty::Vector(elem, 4), n);
        if write {
            let color = vals.get(2).cloned().unwrap_or(Val::Void);
            self.store(lv, color, n)?;
            return Ok(Some(Val::Void));
        }
        Ok(Some(self.load(lv, n)?))
    }

    /// What code we cannot see may do to an array it can reach: read and
    /// write one element at an unknown offset (any element, soundly).
    fn touch_unknown(&mut self, array: ArrayId, pointee: Ty, n: Node<'t>) {
        let st = match pointee {
            Ty::Scalar(s) => s,
            _ => ScalarTy::Int {
                bits: 8,
                signed: false,
            },
        };
        let off = self.havoc(ScalarTy::LONG, n);
        let dest = self.tmp(st, n);
        let access = self.access(array, off, st);
        self.push(
            StmtKind::Read {
                dest,
                access: access.clone(),
            },
            n,
        );
        let value = self.havoc(st, n);
        self.push(StmtKind::Write { access, value }, n);
    }

    fn unknown_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        let v = self.unknown_effects(n, &format!("function `{name}`"), vals)?;
        // Which parameters are non-const references, if a declaration says.
        let mut flags: Option<Vec<bool>> = None;
        let decls = self
            .cx
            .prototypes
            .get(name)
            .into_iter()
            .flatten()
            .filter(|f| f.len() == args.len());
        for f in decls {
            let all = flags.get_or_insert_with(|| vec![false; f.len()]);
            for (a, b) in all.iter_mut().zip(f) {
                *a |= *b;
            }
        }
        self.havoc_ref_args(args, flags.as_deref())?;
        Ok(v)
    }

    /// After a call the front end cannot see: every argument that is an
    /// object (local, array element, field, `*p`) and may be bound to a
    /// non-const reference (`flags`, or any without a declaration) gets an
    /// unknown value (a real write for memory).
    fn havoc_ref_args(&mut self, args: &[Node<'t>], flags: Option<&[bool]>) -> R<()> {
        if self.kernel.lang == crate::ir::Lang::OpenCl {
            return Ok(()); // OpenCL C has no references.
        }
        for (k, a) in args.iter().enumerate() {
            if !flags.is_none_or(|f| f.get(k).copied().unwrap_or(false)) {
                continue;
            }
            let inner = strip_parens(*a);
            let is_object = match inner.kind() {
                "identifier" | "qualified_identifier" => !matches!(
                    self.lookup(self.txt(inner)),
                    Some(Binding::Array { .. }) | Some(Binding::Value(Val::Group(_)))
                ),
                "field_expression" | "subscript_expression" => true,
                "pointer_expression" => inner
                    .child_by_field_name("operator")
                    .is_some_and(|o| self.txt(o) == "*"),
                _ => false,
            };
            if !is_object {
                continue;
            }
            if inner.kind() == "identifier" && self.lookup(self.txt(inner)).is_none() {
                // A module-scope object (arrays decay to pointers, handled
                // with the pointer arguments) or a name the front end does not know.
                if !self.cx.globals.contains_key(self.txt(inner)) {
                    continue;
                }
            }
            // A parameter bound to its value becomes a local in its own scope
            // (not only in the innermost one), so later uses see the havoc.
            let value_scope = match inner.kind() {
                "identifier" => {
                    let name = self.txt(inner);
                    self.scopes
                        .iter()
                        .rposition(|sc| sc.contains_key(name))
                        .filter(|k| {
                            matches!(
                                self.scopes.get(*k).and_then(|sc| sc.get(name)),
                                Some(Binding::Value(Val::Scalar(..) | Val::Agg(..)))
                            )
                        })
                }
                _ => None,
            };
            let lv = self.ref_arg(inner, Val::Void)?;
            if let Some(k) = value_scope {
                let name = self.txt(inner);
                let last = self.scopes.len().saturating_sub(1);
                if k < last {
                    if let Some(b) = self.scopes.get_mut(last).and_then(|sc| sc.remove(name)) {
                        if let Some(sc) = self.scopes.get_mut(k) {
                            sc.insert(name.to_string(), b);
                        }
                    }
                }
            }
            if matches!(lv, LVal::Slot(Slot::PtrConst { .. })) {
                // A pointer parameter the visible code never assigns: taken
                // to keep its array (unseen code that rebinds it is not modelled).
                continue;
            }
            self.havoc_lvalue(lv, inner)?;
            self.note(
                inner,
                format!(
                    "`{}` may be passed by non-const reference to code the front end cannot see: it gets an unknown value",
                    self.txt(inner)
                ),
            );
        }
        Ok(())
    }

    /// Stores an unknown value into `lv` (what code we cannot see may do to it).
    fn havoc_lvalue(&mut self, lv: LVal, at: Node<'t>) -> R<()> {
        let ty = self.lval_type(&lv);
        let value = match &ty {
            Ty::Array(..) | Ty::Group(_) | Ty::Void => return Ok(()),
            Ty::Ptr(p) => {
                // Keep the memory space: another object of the same space.
                let cur = match &lv {
                    LVal::Slot(s) => Some(self.load_slot(s)),
                    _ => None,
                };
                let space = match cur {
                    Some(Val::Ptr { target, .. }) => match target {
                        Target::Choice(list, _) => {
                            list.first().and_then(|a| self.space_of(&Target::Array(*a)))
                        }
                        t => self.space_of(&t),
                    },
                    _ => None,
                };
                let target = Target::Array(self.alias_array(space.unwrap_or(MemSpace::Global), at));
                Val::Ptr {
                    target,
                    offset: self.havoc(ScalarTy::LONG, at),
                    pointee: (**p).clone(),
                }
            }
            t => self.havoc_val(t, at),
        };
        self.store(lv, value, at)
    }

    /// An unknown or not inlined member function may change its receiver.
    fn havoc_receiver(&mut self, recv: LVal, at: Node<'t>) -> R<()> {
        if matches!(self.lval_type(&recv), Ty::Struct(_)) {
            self.havoc_lvalue(recv, at)?;
        }
        Ok(())
    }

    /// What the code under `roots` reaches syntactically, through the
    /// functions it calls (by name).
    fn closure_facts(&mut self, roots: Vec<(usize, Node<'t>)>) -> ClosureFacts {
        let index = match self.bodies_by_name.take() {
            Some(i) => i,
            None => {
                let mut i: HashMap<String, Vec<(usize, Node<'t>)>> = HashMap::new();
                for (key, defs) in &self.cx.functions {
                    let short = key.rsplit("::").next().unwrap_or(key).to_string();
                    for d in defs.iter().filter(|d| d.has_body) {
                        let entry = i.entry(short.clone()).or_default();
                        if !entry.iter().any(|(u, n)| *u == d.unit && *n == d.node) {
                            entry.push((d.unit, d.node));
                        }
                    }
                }
                i
            }
        };
        let facts = self.scan_closure(&index, roots);
        self.bodies_by_name = Some(index);
        facts
    }

    fn scan_closure(
        &self,
        index: &HashMap<String, Vec<(usize, Node<'t>)>>,
        roots: Vec<(usize, Node<'t>)>,
    ) -> ClosureFacts {
        let mut facts = ClosureFacts::default();
        let mut visited: HashSet<(usize, usize)> = HashSet::new();
        let mut stack = roots;
        let mut budget = 1_000_000usize;
        while let Some((u, node)) = stack.pop() {
            budget = budget.saturating_sub(1);
            if budget == 0 {
                // Too large to tell: assume the worst.
                facts
                    .barrier
                    .get_or_insert_with(|| "code too large to scan".into());
                break;
            }
            let src = self.cx.units[u].text.as_str();
            match node.kind() {
                "call_expression" => {
                    let name = node.child_by_field_name("function").map(|f| {
                        let mut f = f;
                        for _ in 0..16 {
                            let next = match f.kind() {
                                "qualified_identifier" | "template_function" => {
                                    f.child_by_field_name("name")
                                }
                                "field_expression" => f.child_by_field_name("field"),
                                _ => None,
                            };
                            match next {
                                Some(x) => f = x,
                                None => break,
                            }
                        }
                        text(f, src).to_string()
                    });
                    if let Some(name) = name {
                        if is_sync_call(&name) {
                            facts.barrier.get_or_insert(name.clone());
                        }
                        let mut found = false;
                        for (du, dn) in index.get(&name).into_iter().flatten() {
                            found = true;
                            if visited.insert((*du, dn.start_byte())) {
                                stack.push((*du, *dn));
                            }
                        }
                        if !found && !is_sync_call(&name) && !is_known_builtin(&name) {
                            facts.unknown_call.get_or_insert(name);
                        }
                    }
                }
                "identifier" => {
                    let name = text(node, src);
                    if let Some(g) = self.cx.globals.get(name) {
                        if g.space != MemSpace::Constant && !facts.globals.iter().any(|x| x == name)
                        {
                            facts.globals.push(name.to_string());
                        }
                    }
                }
                "declaration" => {
                    let mut c = node.walk();
                    let shared = node.children(&mut c).any(|q| {
                        matches!(
                            q.kind(),
                            "storage_class_specifier"
                                | "type_qualifier"
                                | "attribute_specifier"
                                | "attribute_declaration"
                                | "__shared__"
                        ) && text(q, src).contains("__shared__")
                    }) || qualifiers_in(
                        &self.cx.units[u].qualifiers,
                        qualifier_head_start(node),
                        node.end_byte(),
                    )
                    .iter()
                    .any(|q| q.kind == QualifierKind::Local);
                    facts.shared_decl |= shared;
                }
                _ => {}
            }
            let mut c = node.walk();
            stack.extend(node.children(&mut c).map(|x| (u, x)));
        }
        facts
    }

    /// Why a callee that is not inlined cannot be replaced by a havoc of its
    /// arguments: what it (transitively, syntactically) may do besides.
    fn callee_hazard(&mut self, def: &FnDef<'t>) -> Option<String> {
        let facts = self.closure_facts(vec![(def.unit, def.node)]);
        if let Some(b) = &facts.barrier {
            return Some(format!("it may synchronize (`{b}`)"));
        }
        if let Some(g) = facts.globals.first() {
            return Some(format!("it may access module-scope memory `{g}`"));
        }
        if facts.shared_decl {
            return Some("it declares `__shared__` memory".to_string());
        }
        let unknown = facts.unknown_call?;
        if self.device_module_arrays().is_empty() {
            return None;
        }
        Some(format!(
            "it calls unknown function `{unknown}`, which may access module-scope memory"
        ))
    }

    /// The module-scope arrays of `kernel_module_arrays` device code may write.
    fn device_module_arrays(&mut self) -> Vec<String> {
        let mut names = self.kernel_module_arrays();
        names.retain(|g| self.cx.globals.get(g).is_some_and(|g| g.device_writable));
        names
    }

    /// Module-scope arrays the kernel's code mentions (computed once).
    fn kernel_module_arrays(&mut self) -> Vec<String> {
        if let Some(v) = &self.module_arrays {
            return v.clone();
        }
        let roots = self.kernel_root.into_iter().collect();
        let mut names = self.closure_facts(roots).globals;
        names.sort();
        self.module_arrays = Some(names.clone());
        names
    }

    /// Code we cannot see may read and write any module-scope array the
    /// kernel's code mentions. Returns whether there was one.
    fn touch_module_arrays(&mut self, n: Node<'t>) -> R<bool> {
        let names = self.device_module_arrays();
        for name in &names {
            if let LVal::Mem {
                target: Target::Array(id),
                ty,
                ..
            } = self.global_lvalue(name, n)?
            {
                let mut elem = ty;
                while let Ty::Array(e, _) = elem {
                    elem = *e;
                }
                self.touch_unknown(id, elem, n);
            }
        }
        Ok(!names.is_empty())
    }

    /// Effects of a call the front end cannot see: the result is havocked and
    /// memory reachable from pointer arguments (also inside structs) may be read
    /// and written at any offset.
    fn unknown_effects(&mut self, n: Node<'t>, what: &str, vals: Vec<Val>) -> R<Val> {
        let touched = self.touch_reachable(n, vals);
        let module = self.touch_module_arrays(n)?;
        let effect = match (touched, module) {
            (true, true) => "result havocked; it may read and write the memory its pointer arguments reach and the module-scope arrays the kernel uses",
            (true, false) => "result havocked; it may read and write the memory its pointer arguments reach",
            (false, true) => "result havocked; it may read and write the module-scope arrays the kernel uses",
            (false, false) => "result havocked",
        };
        self.note(n, format!("call to unknown {what}: {effect}"));
        Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT))
    }

    /// Havocs what code the front end cannot see may change through `vals`:
    /// arrays their pointers reach (read and written at any offset), locals
    /// they point to. Returns whether an array was touched.
    fn touch_reachable(&mut self, n: Node<'t>, vals: Vec<Val>) -> bool {
        let mut touched = false;
        let mut stack = vals;
        while let Some(v) = stack.pop() {
            match v {
                Val::Ptr {
                    target: Target::Array(array),
                    pointee,
                    ..
                } => {
                    self.touch_unknown(array, pointee, n);
                    touched = true;
                }
                Val::Ptr {
                    target: Target::Local(slot),
                    ..
                } => self.havoc_slot(&slot, n),
                Val::Ptr {
                    target: Target::Locals,
                    ..
                } => self.havoc_addressed_locals(n),
                Val::Ptr {
                    target: Target::Choice(list, _),
                    pointee,
                    offset,
                } => {
                    stack.extend(list.into_iter().map(|a| Val::Ptr {
                        target: Target::Array(a),
                        offset: offset.clone(),
                        pointee: pointee.clone(),
                    }));
                }
                // Aggregates are bounded (`MAX_LEAVES`), so is this walk.
                Val::Agg(_, parts) => stack.extend(parts),
                _ => {}
            }
        }
        touched
    }

    /// Inlines a call of a device function.
    fn inline_call(
        &mut self,
        n: Node<'t>,
        def: &FnDef<'t>,
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
    ) -> R<Val> {
        self.inline_call_this(n, def, args, tpl_args, None)
    }

    /// Inlines a call; `this` is the receiver of a member function.
    fn inline_call_this(
        &mut self,
        n: Node<'t>,
        def: &FnDef<'t>,
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
        this: Option<LVal>,
    ) -> R<Val> {
        // Asked for the object a reference-returning callee returns (taken
        // before the arguments, whose calls must not see the request).
        let by_ref = std::mem::take(&mut self.ref_return) && returns_ref(def.node);
        let vals = self.eval_args(args)?;
        self.inlined_calls += 1;
        if self.call_stack.contains(&def.name)
            || self.call_stack.len() > MAX_INLINE_DEPTH
            || self.inlined_calls > MAX_INLINED_CALLS
        {
            let why = if self.call_stack.contains(&def.name) {
                "recursive call"
            } else if self.inlined_calls > MAX_INLINED_CALLS {
                "inlining budget exhausted at call"
            } else {
                "calls nested too deeply"
            };
            // The havoc below covers what the callee does through its
            // arguments; anything else it might do (synchronize, touch
            // module-scope or its own `__shared__` memory) is not modelled.
            let key = (def.unit, def.node.start_byte());
            let hazard = match self.hazards.get(&key) {
                Some(h) => h.clone(),
                None => {
                    let h = self.callee_hazard(def);
                    self.hazards.insert(key, h.clone());
                    h
                }
            };
            if let Some(h) = hazard {
                return self.unsup(n, format!("{why} to `{}` is not inlined and {h}", def.name));
            }
            if by_ref {
                return self.unsup(
                    n,
                    format!("{why} to `{}` is not inlined and the reference it returns is used as an object", def.name),
                );
            }
            self.note(
                n,
                format!(
                    "{why} to `{}` not inlined: result havocked, pointer and reference arguments havocked",
                    def.name
                ),
            );
            self.touch_reachable(n, vals);
            let flags = def
                .params
                .map(|p| super::mut_ref_params(p, &self.cx.units[def.unit].text));
            self.havoc_ref_args(args, flags.as_deref())?;
            if let Some(recv) = this {
                self.havoc_receiver(recv, n)?;
            }
            return Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT));
        }
        let call_site = self.span(n);
        let saved_unit = self.unit;
        let saved_scopes = std::mem::take(&mut self.scopes);
        let saved_overrides = self.type_overrides.clone();
        let saved_site = self.inline_site;
        let saved_assigned = std::mem::take(&mut self.assigned);
        let saved_signaled = std::mem::take(&mut self.signaled);
        let saved_stmt_span = self.stmt_span;
        // Parameters and template arguments are bound in the callee's unit.
        let arg_nodes: Vec<Node<'t>> = args.to_vec();
        self.unit = def.unit;
        if self.inline_site.is_none() {
            self.inline_site = Some(call_site);
        }
        self.call_stack.push(def.name.clone());
        // Only the kernel-level scope (globals) stays visible: keep an empty scope for the callee.
        self.scopes = vec![HashMap::new()];
        let result = (|| -> R<Val> {
            if let Some(recv) = this {
                // Members are in scope in a member function.
                let ty = self.lval_type(&recv);
                let names = self.part_names(&ty);
                for (k, name) in names.iter().enumerate() {
                    let lv = self.component(recv.clone(), k, &ty, n);
                    self.bind(name, Binding::Ref(lv));
                }
                let this_ptr = self.address_of(recv, n)?;
                self.bind("this", Binding::Value(this_ptr));
            }
            self.collect_assigned(def.node);
            self.scan_address_taken(def.node);
            if let Some(tpl) = def.template {
                // Explicit template arguments are nodes of the caller's unit.
                let tpl_unit_ok = saved_unit == def.unit;
                self.bind_template_params(tpl, if tpl_unit_ok { tpl_args } else { None })?;
            }
            // Return type.
            let ret_ty = match def.node.child_by_field_name("type") {
                Some(t) => {
                    let base = self.resolve_type(t);
                    let info = self.cx.types.apply_declarator(
                        base,
                        def.node.child_by_field_name("declarator"),
                        self.src(),
                    );
                    // The declarator chain ends in the function declarator: strip it back.
                    info.ty
                }
                None => Ty::Void,
            };
            let ret_ty =
                if self.txt(def.node.child_by_field_name("type").unwrap_or(def.node)) == "auto" {
                    Ty::Scalar(ScalarTy::INT)
                } else {
                    ret_ty
                };
            if let Some(params) = def.params {
                let mut c = params.walk();
                let pnodes: Vec<Node<'t>> = params
                    .named_children(&mut c)
                    .filter(|p| p.kind().contains("parameter_declaration"))
                    .collect();
                for (k, p) in pnodes.iter().enumerate() {
                    let Some(tn) = p.child_by_field_name("type") else {
                        continue;
                    };
                    let base = self.resolve_type(tn);
                    let info = self.cx.types.apply_declarator(
                        base,
                        p.child_by_field_name("declarator"),
                        self.src(),
                    );
                    let Some(name_node) = info.name else { continue };
                    let name = self.txt(name_node).to_string();
                    let arg_val = match vals.get(k) {
                        Some(v) => v.clone(),
                        None => match p.child_by_field_name("default_value") {
                            Some(d) => self.rvalue(d)?,
                            None => self.havoc_val(&info.ty, *p),
                        },
                    };
                    if info.is_ref {
                        // Bind the caller's lvalue: re-lower the argument as an lvalue in the caller's unit.
                        let callee_unit = self.unit;
                        self.unit = saved_unit;
                        let caller_scopes =
                            std::mem::replace(&mut self.scopes, saved_scopes.clone());
                        let lv = match arg_nodes.get(k) {
                            Some(a) => self.ref_arg(*a, arg_val.clone()),
                            None => Ok(LVal::Discard(info.ty.clone())),
                        };
                        self.scopes = caller_scopes;
                        self.unit = callee_unit;
                        self.bind(&name, Binding::Ref(lv?));
                        continue;
                    }
                    let mut ty = info.ty.clone();
                    if let (Ty::Scalar(_), Val::Ptr { pointee, .. }) = (&ty, &arg_val) {
                        ty = Ty::Ptr(Box::new(pointee.clone()));
                    }
                    if let (
                        Ty::Ptr(_) | Ty::Array(..),
                        Val::Ptr {
                            target, pointee, ..
                        },
                    ) = (&ty, &arg_val)
                    {
                        // Pointer parameters keep the argument's target.
                        let pointee_ty = match &ty {
                            Ty::Ptr(p) | Ty::Array(p, _) => (**p).clone(),
                            _ => pointee.clone(),
                        };
                        let pointee_ty = if matches!(pointee_ty, Ty::Scalar(ScalarTy::INT))
                            && !matches!(pointee, Ty::Scalar(ScalarTy::INT))
                            && self.is_template_type(tn)
                        {
                            pointee.clone()
                        } else {
                            pointee_ty
                        };
                        let off =
                            self.new_var(&format!("{name}.offset"), ScalarTy::LONG, name_node);
                        self.ptr_names.insert(off, name.clone());
                        self.init_choice(off, &name, *p);
                        self.set_target(off, &name, target.clone(), *p)?;
                        let Val::Ptr { offset, .. } = &arg_val else {
                            continue;
                        };
                        self.push(
                            StmtKind::Assign {
                                var: off,
                                value: offset.clone(),
                            },
                            *p,
                        );
                        self.bind(
                            &name,
                            Binding::Slot(Slot::Ptr {
                                off,
                                pointee: pointee_ty,
                                name: name.clone(),
                            }),
                        );
                        continue;
                    }
                    if let (Ty::Scalar(ScalarTy::INT), Val::Scalar(_, at)) = (&ty, &arg_val) {
                        if self.is_template_type(tn) {
                            ty = Ty::Scalar(*at);
                        }
                    }
                    if let (Ty::Scalar(ScalarTy::INT), Val::Agg(aty, _)) = (&ty, &arg_val) {
                        if self.is_template_type(tn) {
                            ty = aty.clone();
                        }
                    }
                    let slot = self.make_slot(&ty, &name, name_node);
                    self.store(LVal::Slot(slot.clone()), arg_val, *p)?;
                    self.bind(&name, Binding::Slot(slot));
                }
            }
            let ret_slot = match &ret_ty {
                Ty::Void => None,
                // A reference: the address of the object returned.
                t if by_ref => Some(self.make_slot(
                    &Ty::Ptr(Box::new(t.clone())),
                    &format!("{}.ret", def.name),
                    def.node,
                )),
                t => Some(self.make_slot(t, &format!("{}.ret", def.name), def.node)),
            };
            let body = def.node.child_by_field_name("body");
            let needs_done = body.is_some_and(|b| has_early_return(b));
            self.frames.push(Frame {
                ret: ret_slot.clone(),
                by_ref,
            });
            let frame = self.frames.len();
            if needs_done {
                let d = self.new_var(&format!("{}.done", def.name), ScalarTy::Bool, def.node);
                self.push(
                    StmtKind::Assign {
                        var: d,
                        value: int(0, ScalarTy::Bool),
                    },
                    n,
                );
                self.exits.push(Exit {
                    flag: d,
                    loops: 0,
                    label: None,
                    frame,
                });
            }
            let r = match body {
                Some(b) => self.compound_into(b),
                None => Ok(()),
            };
            self.exits.retain(|e| e.frame != frame);
            self.frames.pop();
            r?;
            self.ref_returned = by_ref;
            Ok(match ret_slot {
                Some(s) => self.load_slot(&s),
                None => Val::Void,
            })
        })();
        self.call_stack.pop();
        self.unit = saved_unit;
        self.scopes = saved_scopes;
        self.type_overrides = saved_overrides;
        self.inline_site = saved_site;
        self.assigned = saved_assigned;
        self.signaled = saved_signaled;
        self.stmt_span = saved_stmt_span;
        result
    }

    /// `cg::thread_block_tile<32> t = ...;` that tree-sitter read as
    /// `(cg::thread_block_tile < 32) > (t = ...)`: the declared name and value.
    fn misparsed_group_declaration(&self, n: Node<'t>) -> Option<(&'t str, Node<'t>)> {
        if n.kind() != "binary_expression" || self.txt(n.child_by_field_name("operator")?) != ">" {
            return None;
        }
        let lt = n.child_by_field_name("left")?;
        if lt.kind() != "binary_expression" || self.txt(lt.child_by_field_name("operator")?) != "<"
        {
            return None;
        }
        let ty = lt.child_by_field_name("left")?;
        let ty_name = match ty.kind() {
            "qualified_identifier" => self.txt(ty.child_by_field_name("name")?),
            "identifier" => self.txt(ty),
            _ => return None,
        };
        super::types::group_named(ty_name)?;
        let asg = n.child_by_field_name("right")?;
        if asg.kind() != "assignment_expression" {
            return None;
        }
        let name = asg
            .child_by_field_name("left")
            .filter(|l| l.kind() == "identifier")?;
        Some((self.txt(name), asg.child_by_field_name("right")?))
    }

    /// The declared array type of an identifier naming an array object.
    fn declared_array_type(&self, n: Node) -> Option<Ty> {
        let mut n = n;
        while n.kind() == "parenthesized_expression" {
            n = n.named_child(0)?;
        }
        if n.kind() != "identifier" {
            return None;
        }
        let name = self.txt(n);
        match self.lookup(name) {
            Some(Binding::Array { ty, .. })
            | Some(Binding::Slot(Slot::PrivArray(ty)))
            | Some(Binding::Slot(Slot::Cells(ty, ..))) => Some(ty.clone()),
            Some(_) => None,
            None => self
                .cx
                .globals
                .get(name)
                .map(|g| g.ty.clone())
                .filter(|t| matches!(t, Ty::Array(..))),
        }
    }

    /// The type an identifier names, if it is a type name and not a variable.
    fn type_name(&self, n: Node) -> Option<Ty> {
        if !matches!(
            n.kind(),
            "identifier" | "type_identifier" | "primitive_type"
        ) {
            return None;
        }
        let name = self.txt(n);
        if self.lookup(name).is_some() {
            return None;
        }
        if let Some(t) = self
            .type_overrides
            .get(name)
            .or_else(|| self.cx.types.typedefs.get(name))
        {
            return Some(t.clone());
        }
        if let Some((e, k)) = super::types::vector_named(name) {
            return Some(Ty::Vector(e, k));
        }
        super::types::scalar_named(name).map(Ty::Scalar)
    }

    fn is_template_type(&self, tn: Node) -> bool {
        self.type_overrides.contains_key(self.txt(tn))
    }

    /// The lvalue a reference parameter binds to.
    fn ref_arg(&mut self, a: Node<'t>, val: Val) -> R<LVal> {
        let inner = if a.kind() == "parenthesized_expression" {
            a.named_child(0).unwrap_or(a)
        } else {
            a
        };
        match inner.kind() {
            "identifier"
            | "field_expression"
            | "subscript_expression"
            | "pointer_expression"
            | "qualified_identifier" => {
                if inner.kind() == "pointer_expression"
                    && inner
                        .child_by_field_name("operator")
                        .is_some_and(|o| self.txt(o) == "&")
                {
                    return self.temp_lval(val, a);
                }
                // Re-evaluating the lvalue repeats its reads; keep the address only.
                let saved = std::mem::take(&mut self.cur);
                let saved_vars = self.kernel.vars.len();
                let lv = self.lvalue(inner);
                let extra = std::mem::replace(&mut self.cur, saved);
                // Drop the duplicate reads; their values are already in `val`.
                let keep_assigns: Vec<Stmt> = extra
                    .into_iter()
                    .filter(|s| matches!(s.kind, StmtKind::Assign { .. }))
                    .collect();
                self.cur.extend(keep_assigns);
                let _ = saved_vars;
                let lv = lv?;
                Ok(self.pin_lvalue(lv, a))
            }
            "call_expression" if self.call_returns_ref(inner).is_some() => {
                let f = self.call_returns_ref(inner).unwrap_or_default();
                self.unsup(
                    inner,
                    format!("the reference `{f}` returns is passed by reference (not supported)"),
                )
            }
            _ => self.temp_lval(val, a),
        }
    }

    fn temp_lval(&mut self, val: Val, at: Node) -> R<LVal> {
        let ty = self.type_of_val(&val);
        let slot = self.make_slot(&ty, "$ref", at);
        self.store(LVal::Slot(slot.clone()), val, at)?;
        Ok(LVal::Slot(slot))
    }
}

/// Whether a function definition returns a reference (`T &f(...)`).
fn returns_ref(def: Node) -> bool {
    let mut d = def.child_by_field_name("declarator");
    for _ in 0..16 {
        match d {
            Some(x) if x.kind() == "reference_declarator" => return true,
            Some(x) if x.kind() == "function_declarator" => return false,
            Some(x) => {
                d = x
                    .child_by_field_name("declarator")
                    .or_else(|| x.named_child(0))
            }
            None => return false,
        }
    }
    false
}

/// What code reaches syntactically (see `Lowerer::closure_facts`).
#[derive(Default)]
struct ClosureFacts {
    /// A barrier or collective it may call.
    barrier: Option<String>,
    /// Module-scope arrays (not constant memory) it names.
    globals: Vec<String>,
    /// Whether it declares `__shared__`/`local` memory.
    shared_decl: bool,
    /// A function it calls that is neither defined nor a known builtin.
    unknown_call: Option<String>,
}

/// Builtins that synchronize threads (barriers, group syncs, collectives).
fn is_sync_call(name: &str) -> bool {
    matches!(
        name,
        "__syncthreads"
            | "__syncthreads_count"
            | "__syncthreads_and"
            | "__syncthreads_or"
            | "__syncwarp"
            | "barrier"
            | "work_group_barrier"
            | "sync"
            | "synchronize"
            | "barrier_wait"
            | "arrive_and_wait"
            | "wait_group_events"
            | "async_work_group_copy"
            | "async_work_group_strided_copy"
    ) || name.starts_with("work_group_")
        || name.starts_with("sub_group_")
}

/// CUDA texture fetches (`tex1Dfetch`, `tex2D`, ...): reads of read-only memory.
fn is_texture_fetch(name: &str) -> bool {
    ["tex1D", "tex2D", "tex3D", "texCubemap"]
        .iter()
        .any(|p| name.starts_with(p))
}

/// Builtins the front end models without effects on module-scope memory.
fn is_known_builtin(name: &str) -> bool {
    is_texture_fetch(name)
        || builtins::is_work_item_fn(name)
        || builtins::is_atomic(name)
        || builtins::is_ignored_call(name)
        || builtins::is_opaque_value_call(name)
        || builtins::is_pure_math(name)
        || builtins::is_gpuverify_annotation(name)
        || name.starts_with("curand")
        || name.starts_with("make_")
        || name.starts_with("vload")
        || name.starts_with("vstore")
        || name.starts_with("read_image")
        || name.starts_with("write_image")
        || name.starts_with("__ld")
        || builtins::is_integer_math(name)
        || builtins::is_block_copy(name)
        || matches!(
            name,
            "static_cast"
                | "reinterpret_cast"
                | "const_cast"
                | "dynamic_cast"
                | "this_thread_block"
                | "this_grid"
                | "tiled_partition"
                | "coalesced_threads"
                | "get_work_dim"
        )
}

/// The expression inside any number of parentheses.
fn strip_parens(n: Node) -> Node {
    let mut n = n;
    for _ in 0..64 {
        match (n.kind(), n.named_child(0)) {
            ("parenthesized_expression", Some(inner)) => n = inner,
            _ => break,
        }
    }
    n
}

/// Components named by a swizzle (`x`, `xy`, `s01`, `lo`, `hi`, `even`, `odd`).
fn swizzle(name: &str, count: u8) -> Option<Vec<usize>> {
    let n = count as usize;
    let half = n.div_ceil(2);
    match name {
        "lo" => return Some((0..half).collect()),
        "hi" => return Some((half..n.max(half * 2)).filter(|k| *k < n).collect()),
        "even" => return Some((0..n).step_by(2).collect()),
        "odd" => return Some((1..n).step_by(2).collect()),
        _ => {}
    }
    let idx: Option<Vec<usize>> =
        if let Some(hex) = name.strip_prefix('s').or_else(|| name.strip_prefix('S')) {
            hex.chars()
                .map(|c| c.to_digit(16).map(|d| d as usize))
                .collect()
        } else {
            name.chars()
                .map(|c| match c {
                    'x' | 'r' => Some(0),
                    'y' | 'g' => Some(1),
                    'z' | 'b' => Some(2),
                    'w' | 'a' => Some(3),
                    _ => None,
                })
                .collect()
        };
    idx.filter(|v| !v.is_empty() && v.iter().all(|k| *k < n))
}

fn flatten_comma<'t>(n: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut cur = n;
    let mut rights = Vec::new();
    let mut steps = 0;
    while cur.kind() == "comma_expression" && steps < 64 {
        steps += 1;
        if let Some(r) = cur.child_by_field_name("right") {
            rights.push(r);
        }
        match cur.child_by_field_name("left") {
            Some(l) => cur = l,
            None => break,
        }
    }
    // tree-sitter's comma expression nests to the right: left is a single item.
    out.push(cur);
    for r in rights.into_iter().rev() {
        flatten_comma(r, out);
    }
}

/// Whether a subtree contains a node of `kind` (not looking into nested functions).
fn contains_kind(n: Option<Node>, kind: &str) -> bool {
    let Some(n) = n else { return false };
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        if x.kind() == kind {
            return true;
        }
        if x.kind() == "lambda_expression" {
            continue;
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a subtree contains `goto label`.
fn contains_goto_to(n: Node, label: &str, src: &str) -> bool {
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        if x.kind() == "goto_statement"
            && x.child_by_field_name("label")
                .is_some_and(|l| text(l, src) == label)
        {
            return true;
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a loop body has a `break` or `continue` for that loop.
fn has_loop_jump(n: Option<Node>) -> bool {
    let Some(n) = n else { return false };
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        match x.kind() {
            "break_statement" | "continue_statement" => return true,
            "for_statement" | "while_statement" | "do_statement" | "for_range_loop" => continue,
            _ => {}
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a statement contains a `break` that leaves the enclosing switch.
fn contains_switch_break(n: Node) -> bool {
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        match x.kind() {
            "break_statement" => return true,
            "for_statement" | "while_statement" | "do_statement" | "switch_statement"
            | "for_range_loop" => continue,
            _ => {}
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a function body has a `return` other than as its last statement.
fn has_early_return(body: Node) -> bool {
    let mut c = body.walk();
    let children: Vec<Node> = body
        .named_children(&mut c)
        .filter(|c| c.kind() != "comment")
        .collect();
    for (k, ch) in children.iter().enumerate() {
        let last = k + 1 == children.len();
        if ch.kind() == "return_statement" {
            if !last {
                return true;
            }
            continue;
        }
        if contains_kind(Some(*ch), "return_statement") {
            return true;
        }
    }
    false
}

/// OpenCL memory-fence flag values.
fn ocl_constant(name: &str) -> Option<i128> {
    Some(match name {
        "CLK_LOCAL_MEM_FENCE" => 1,
        "CLK_GLOBAL_MEM_FENCE" => 2,
        "CLK_IMAGE_MEM_FENCE" => 4,
        // Sampler flags (values of the OpenCL headers; only passed to image reads).
        "CLK_NORMALIZED_COORDS_FALSE" => 0,
        "CLK_NORMALIZED_COORDS_TRUE" => 1,
        "CLK_ADDRESS_NONE" => 0,
        "CLK_ADDRESS_CLAMP_TO_EDGE" => 2,
        "CLK_ADDRESS_CLAMP" => 4,
        "CLK_ADDRESS_REPEAT" => 6,
        "CLK_ADDRESS_MIRRORED_REPEAT" => 8,
        "CLK_FILTER_NEAREST" => 0x10,
        "CLK_FILTER_LINEAR" => 0x20,
        _ => return None,
    })
}

fn float_constant(name: &str) -> Option<f64> {
    Some(match name {
        "M_PI" | "M_PI_F" => std::f64::consts::PI,
        "M_E" | "M_E_F" => std::f64::consts::E,
        "FLT_MAX" | "MAXFLOAT" | "HUGE_VALF" | "INFINITY" => f32::MAX as f64,
        "FLT_MIN" => f32::MIN_POSITIVE as f64,
        "FLT_EPSILON" => f32::EPSILON as f64,
        "DBL_MAX" => f64::MAX,
        "NAN" => f64::NAN,
        _ => return None,
    })
}

fn int_limit(name: &str) -> Option<(i128, ScalarTy)> {
    Some(match name {
        "INT_MAX" => (i32::MAX as i128, ScalarTy::INT),
        "INT_MIN" => (i32::MIN as i128, ScalarTy::INT),
        "UINT_MAX" => (u32::MAX as i128, ScalarTy::UINT),
        "CHAR_BIT" => (8, ScalarTy::INT),
        "LONG_MAX" | "LLONG_MAX" => (i64::MAX as i128, ScalarTy::LONG),
        "ULONG_MAX" | "ULLONG_MAX" => (u64::MAX as i128, ScalarTy::ULONG),
        "SHRT_MAX" => (i16::MAX as i128, ScalarTy::INT),
        "NULL" => (0, ScalarTy::LONG),
        _ => return None,
    })
}
