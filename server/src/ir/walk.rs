//! Traversals of the label tree: statement lookup, `loops(l)`, `conds(l)`,
//! block slots and program points (where the synthesizer can insert).

use crate::base::{HashMap, HashSet};

use super::{BinOp, Block, Expr, Kernel, ScalarTy, Stmt, StmtId, StmtKind, VarId};

/// Names one block of the label tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum BlockSlot {
    /// The kernel body.
    Body,
    /// Then branch of an `If`.
    Then(StmtId),
    /// Else branch of an `If`.
    Else(StmtId),
    /// Body of a `Loop`.
    LoopBody(StmtId),
    /// Step of a `Loop`.
    LoopStep(StmtId),
    /// Condition prelude of a `Loop`.
    LoopCond(StmtId),
}

/// A point between statements: before `stmts[index]` of `block` (`index ==
/// len` is the end of the block).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct ProgramPoint {
    /// The block.
    pub block: BlockSlot,
    /// Position within it.
    pub index: usize,
}

/// Where a statement sits in the label tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StmtPlace {
    /// Block containing the statement.
    pub block: BlockSlot,
    /// Index within that block.
    pub index: usize,
    /// Enclosing loops, outermost first (`loops(l)`).
    pub loops: Vec<StmtId>,
    /// Enclosing conditionals, outermost first (`conds(l)`): `If` statements
    /// whose branch contains the statement.
    pub conds: Vec<StmtId>,
    /// Enclosing compound statements (ifs and loops), outermost first.
    pub ancestors: Vec<StmtId>,
}

/// Index of a kernel's label tree.
#[derive(Clone, Debug, Default)]
pub struct LabelTree {
    places: HashMap<StmtId, StmtPlace>,
    /// Statement labels in program order (pre-order).
    pub order: Vec<StmtId>,
}

impl LabelTree {
    /// Builds the index.
    pub fn new(kernel: &Kernel) -> LabelTree {
        let mut tree = LabelTree::default();
        let mut ctx = Ctx::default();
        tree.visit(&kernel.body, BlockSlot::Body, &mut ctx);
        tree
    }

    fn visit(&mut self, block: &Block, slot: BlockSlot, ctx: &mut Ctx) {
        for (index, stmt) in block.stmts.iter().enumerate() {
            self.order.push(stmt.id);
            self.places.insert(
                stmt.id,
                StmtPlace {
                    block: slot,
                    index,
                    loops: ctx.loops.clone(),
                    conds: ctx.conds.clone(),
                    ancestors: ctx.ancestors.clone(),
                },
            );
            match &stmt.kind {
                StmtKind::If { then_, else_, .. } => {
                    ctx.conds.push(stmt.id);
                    ctx.ancestors.push(stmt.id);
                    self.visit(then_, BlockSlot::Then(stmt.id), ctx);
                    self.visit(else_, BlockSlot::Else(stmt.id), ctx);
                    ctx.conds.pop();
                    ctx.ancestors.pop();
                }
                StmtKind::Loop {
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    ctx.loops.push(stmt.id);
                    ctx.ancestors.push(stmt.id);
                    self.visit(cond_prelude, BlockSlot::LoopCond(stmt.id), ctx);
                    self.visit(body, BlockSlot::LoopBody(stmt.id), ctx);
                    self.visit(step, BlockSlot::LoopStep(stmt.id), ctx);
                    ctx.loops.pop();
                    ctx.ancestors.pop();
                }
                _ => {}
            }
        }
    }

    /// Place of a statement.
    pub fn place(&self, id: StmtId) -> Option<&StmtPlace> {
        self.places.get(&id)
    }

    /// `loops(l)`: enclosing loops, outermost first.
    pub fn loops(&self, id: StmtId) -> &[StmtId] {
        self.places
            .get(&id)
            .map(|p| p.loops.as_slice())
            .unwrap_or(&[])
    }

    /// `conds(l)`: enclosing conditionals, outermost first.
    pub fn conds(&self, id: StmtId) -> &[StmtId] {
        self.places
            .get(&id)
            .map(|p| p.conds.as_slice())
            .unwrap_or(&[])
    }

    /// Loops enclosing both statements, outermost first.
    pub fn common_loops(&self, a: StmtId, b: StmtId) -> Vec<StmtId> {
        let la = self.loops(a);
        let lb = self.loops(b);
        la.iter()
            .zip(lb)
            .take_while(|(x, y)| x == y)
            .map(|(x, _)| *x)
            .collect()
    }

    /// Position of `id` in program order.
    pub fn position(&self, id: StmtId) -> Option<usize> {
        self.order.iter().position(|s| *s == id)
    }
}

#[derive(Default)]
struct Ctx {
    loops: Vec<StmtId>,
    conds: Vec<StmtId>,
    ancestors: Vec<StmtId>,
}

/// Visits `expr` and every subexpression, parents first.
pub fn for_each_expr(expr: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(expr);
    match expr {
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => for_each_expr(a, f),
        Expr::Binary(_, a, b, _) => {
            for_each_expr(a, f);
            for_each_expr(b, f);
        }
        Expr::Select(c, a, b, _) => {
            for_each_expr(c, f);
            for_each_expr(a, f);
            for_each_expr(b, f);
        }
        Expr::Apply(_, args, _) => args.iter().for_each(|a| for_each_expr(a, f)),
        _ => {}
    }
}

/// Locals assigned exactly once in the kernel, by a statement at the top
/// level of its body: (that statement's index in the body, the value).
pub fn top_level_single_defs(kernel: &Kernel) -> HashMap<VarId, (usize, &Expr)> {
    let definitions = definition_counts(kernel);
    let mut out = HashMap::default();
    for (index, top) in kernel.body.stmts.iter().enumerate() {
        if let StmtKind::Assign { var, value } = &top.kind {
            if definitions.get(var) == Some(&1) {
                out.insert(*var, (index, value));
            }
        }
    }
    out
}

/// [`top_level_single_defs`] plus the locals every one of whose definitions
/// assigns one and the same integer constant, with their first top-level
/// assignment (a pointer set to `nullptr` and later, in a branch, to the
/// start of a shared buffer: offset 0 both times). After that statement such
/// a local holds the constant wherever it is read: it was assigned, and
/// every assignment writes the same value. Like a single definition, it is
/// only good at positions after the one given. A havoc at the top level of
/// the body (a pointer declared without an initializer gets an
/// indeterminate offset) does not count as a definition for positions after
/// it: the top level runs once, in order, so a thread past such a position
/// has run that havoc already and no later statement runs it again.
pub fn top_level_fixed_defs(kernel: &Kernel) -> HashMap<VarId, (usize, &Expr)> {
    let mut out = top_level_single_defs(kernel);
    // The last top-level havoc of each local, by index in the body.
    let mut top_havoc: HashMap<VarId, usize> = HashMap::default();
    let mut top_havoc_stmts: HashSet<StmtId> = HashSet::default();
    for (index, top) in kernel.body.stmts.iter().enumerate() {
        if let StmtKind::Havoc { var } = &top.kind {
            top_havoc.insert(*var, index);
            top_havoc_stmts.insert(top.id);
        }
    }
    let is_top_havoc = |s: &Stmt| top_havoc_stmts.contains(&s.id);
    let after_havocs = |var: &VarId, index: usize| top_havoc.get(var).is_none_or(|&h| h < index);
    // The one constant each local is assigned, or None once a definition
    // is anything else (a read, a havoc below the top level, another value).
    let mut constant: HashMap<VarId, Option<&Expr>> = HashMap::default();
    for_each_stmt(&kernel.body, &mut |s| {
        if is_top_havoc(s) {
            return;
        }
        let Some(var) = assigned_var(s) else {
            return;
        };
        let value = match &s.kind {
            StmtKind::Assign { value, .. } if matches!(value, Expr::Int(..)) => Some(value),
            _ => None,
        };
        constant
            .entry(var)
            .and_modify(|seen| {
                if *seen != value {
                    *seen = None;
                }
            })
            .or_insert(value);
    });
    for (index, top) in kernel.body.stmts.iter().enumerate() {
        match &top.kind {
            StmtKind::Assign { var, value }
                if constant.get(var).is_some_and(|c| c.is_some()) && after_havocs(var, index) =>
            {
                out.entry(*var).or_insert((index, value));
            }
            // `if (c) r = p; else r = q;` of a pointer split by target: each
            // branch assigns the offset 0. A thread that leaves the `if`
            // normally ran one branch to its end, so it ran that branch's
            // assignment (a `return` in it ends the thread, which then reads
            // nothing after the `if`); every definition writes the constant,
            // so after the `if` the local holds it wherever it is read.
            StmtKind::If { then_, else_, .. }
                if never_jumps_out(then_) && never_jumps_out(else_) =>
            {
                for (var, value) in &constant {
                    let Some(value) = *value else {
                        continue;
                    };
                    if !out.contains_key(var)
                        && after_havocs(var, index)
                        && always_assigns(then_, *var, value)
                        && always_assigns(else_, *var, value)
                    {
                        out.insert(*var, (index, value));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether every run of `block` that reaches its end assigns `value` to
/// `var` on the way: an assignment at its top level, or an `if` with both
/// branches doing so (see [`top_level_fixed_defs`]).
fn always_assigns(block: &Block, var: VarId, value: &Expr) -> bool {
    block.stmts.iter().any(|s| match &s.kind {
        StmtKind::Assign { var: v, value: x } => *v == var && x == value,
        StmtKind::If { then_, else_, .. } => {
            always_assigns(then_, var, value) && always_assigns(else_, var, value)
        }
        _ => false,
    })
}

/// Whether no `break` or `continue` in `block` (outside loops nested in it)
/// can leave it early: then a run that leaves it other than by `return`
/// has run each of its top-level statements.
fn never_jumps_out(block: &Block) -> bool {
    block.stmts.iter().all(|s| match &s.kind {
        StmtKind::Break | StmtKind::Continue => false,
        StmtKind::Loop { .. } => true,
        _ => child_blocks(s).into_iter().all(never_jumps_out),
    })
}

/// The expressions a statement holds itself (not those of its nested
/// blocks): every kind is listed, so a new kind must say what it reads.
pub fn stmt_exprs(stmt: &Stmt) -> Vec<&Expr> {
    match &stmt.kind {
        StmtKind::Assign { value, .. } => vec![value],
        StmtKind::Havoc { .. }
        | StmtKind::Barrier { .. }
        | StmtKind::DeviceFence
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Return => Vec::new(),
        StmtKind::Read { access, .. } => vec![&access.offset],
        StmtKind::Write { access, value } => vec![&access.offset, value],
        StmtKind::Atomic { access, op, .. } => {
            let mut out = vec![&access.offset];
            out.extend(op.operand.as_ref());
            out
        }
        StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. } | StmtKind::Assume { cond } => {
            vec![cond]
        }
        StmtKind::Collective { uniform_args, .. } => uniform_args.iter().collect(),
        StmtKind::NamedBarrier { barrier, count, .. } => {
            let mut out = vec![barrier];
            out.extend(count.as_ref());
            out
        }
    }
}

/// Calls `f` on every statement in pre-order.
pub fn for_each_stmt<'a>(block: &'a Block, f: &mut dyn FnMut(&'a Stmt)) {
    for stmt in &block.stmts {
        f(stmt);
        for child in child_blocks(stmt) {
            for_each_stmt(child, f);
        }
    }
}

/// The blocks directly nested in a statement.
pub fn child_blocks(stmt: &Stmt) -> Vec<&Block> {
    match &stmt.kind {
        StmtKind::If { then_, else_, .. } => vec![then_, else_],
        StmtKind::Loop {
            cond_prelude,
            body,
            step,
            ..
        } => vec![cond_prelude, body, step],
        _ => Vec::new(),
    }
}

/// The blocks directly nested in a statement, mutably.
pub fn child_blocks_mut(stmt: &mut Stmt) -> Vec<&mut Block> {
    match &mut stmt.kind {
        StmtKind::If { then_, else_, .. } => vec![then_, else_],
        StmtKind::Loop {
            cond_prelude,
            body,
            step,
            ..
        } => vec![cond_prelude, body, step],
        _ => Vec::new(),
    }
}

/// Calls `f` on every statement of `stmts` in pre-order, mutably; the
/// statements nested in one are visited only when `f` returns true for it.
pub fn for_each_stmt_mut(stmts: &mut [Stmt], f: &mut dyn FnMut(&mut Stmt) -> bool) {
    for stmt in stmts {
        if f(stmt) {
            for child in child_blocks_mut(stmt) {
                for_each_stmt_mut(&mut child.stmts, f);
            }
        }
    }
}

/// Finds a statement by label.
pub fn find_stmt(block: &Block, id: StmtId) -> Option<&Stmt> {
    for stmt in &block.stmts {
        if stmt.id == id {
            return Some(stmt);
        }
        for child in child_blocks(stmt) {
            if let Some(found) = find_stmt(child, id) {
                return Some(found);
            }
        }
    }
    None
}

/// The block named by `slot`, mutably.
pub fn block_mut(kernel: &mut Kernel, slot: BlockSlot) -> Option<&mut Block> {
    fn find(block: &mut Block, slot: BlockSlot) -> Option<&mut Block> {
        for stmt in &mut block.stmts {
            let id = stmt.id;
            match &mut stmt.kind {
                StmtKind::If { then_, else_, .. } => {
                    if slot == BlockSlot::Then(id) {
                        return Some(then_);
                    }
                    if slot == BlockSlot::Else(id) {
                        return Some(else_);
                    }
                    if let Some(b) = find(then_, slot) {
                        return Some(b);
                    }
                    if let Some(b) = find(else_, slot) {
                        return Some(b);
                    }
                }
                StmtKind::Loop {
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    if slot == BlockSlot::LoopBody(id) {
                        return Some(body);
                    }
                    if slot == BlockSlot::LoopStep(id) {
                        return Some(step);
                    }
                    if slot == BlockSlot::LoopCond(id) {
                        return Some(cond_prelude);
                    }
                    for b in [cond_prelude, body, step] {
                        if let Some(found) = find(b, slot) {
                            return Some(found);
                        }
                    }
                }
                _ => {}
            }
        }
        None
    }
    if slot == BlockSlot::Body {
        return Some(&mut kernel.body);
    }
    find(&mut kernel.body, slot)
}

/// The block named by `slot`.
pub fn block_ref(kernel: &Kernel, slot: BlockSlot) -> Option<&Block> {
    fn find(block: &Block, slot: BlockSlot) -> Option<&Block> {
        for stmt in &block.stmts {
            let id = stmt.id;
            match &stmt.kind {
                StmtKind::If { then_, else_, .. } => {
                    if slot == BlockSlot::Then(id) {
                        return Some(then_);
                    }
                    if slot == BlockSlot::Else(id) {
                        return Some(else_);
                    }
                }
                StmtKind::Loop {
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    if slot == BlockSlot::LoopBody(id) {
                        return Some(body);
                    }
                    if slot == BlockSlot::LoopStep(id) {
                        return Some(step);
                    }
                    if slot == BlockSlot::LoopCond(id) {
                        return Some(cond_prelude);
                    }
                }
                _ => {}
            }
            for child in child_blocks(stmt) {
                if let Some(found) = find(child, slot) {
                    return Some(found);
                }
            }
        }
        None
    }
    if slot == BlockSlot::Body {
        return Some(&kernel.body);
    }
    find(&kernel.body, slot)
}

/// Removes the statement with label `id`; returns it.
pub fn remove_stmt(kernel: &mut Kernel, id: StmtId) -> Option<Stmt> {
    let tree = LabelTree::new(kernel);
    let place = tree.place(id)?.clone();
    let block = block_mut(kernel, place.block)?;
    if block.stmts.get(place.index).map(|s| s.id) != Some(id) {
        return None;
    }
    Some(block.stmts.remove(place.index))
}

/// Inserts `stmt` at `point`; returns false when the point does not exist.
pub fn insert_stmt(kernel: &mut Kernel, point: ProgramPoint, stmt: Stmt) -> bool {
    match block_mut(kernel, point.block) {
        Some(block) if point.index <= block.stmts.len() => {
            block.stmts.insert(point.index, stmt);
            true
        }
        _ => false,
    }
}

/// How many statements assign each local.
pub fn definition_counts(kernel: &Kernel) -> HashMap<VarId, u32> {
    let mut definitions: HashMap<VarId, u32> = HashMap::default();
    for_each_stmt(&kernel.body, &mut |s| {
        if let Some(v) = assigned_var(s) {
            *definitions.entry(v).or_insert(0) += 1;
        }
    });
    definitions
}

/// The local a statement itself assigns (not counting nested statements).
pub fn assigned_var(stmt: &Stmt) -> Option<VarId> {
    match &stmt.kind {
        StmtKind::Assign { var, .. }
        | StmtKind::Havoc { var }
        | StmtKind::Read { dest: var, .. } => Some(*var),
        StmtKind::Atomic {
            dest: Some(var), ..
        }
        | StmtKind::Collective {
            dest: Some(var), ..
        } => Some(*var),
        StmtKind::NamedBarrier {
            token: Some(var), ..
        } => Some(*var),
        _ => None,
    }
}

/// Per scalar parameter of `kernel`, the constant `c` of a precondition
/// `p == c` (or `c == p`) among the statements the body starts with, before
/// any other statement (the host launch's values, see `ide::file::bind_params`,
/// and a leading `__requires(n == 64)`), when `c` is a value of the
/// parameter's integer type.
///
/// Every thread runs the body's first statements before anything else, and
/// an execution in which a thread reaches a precondition that is false is not
/// considered; a parameter is the same value in every thread and is never
/// assigned (the IR reads it only). So in every execution the checker
/// considers, `p` is `c` everywhere in the kernel: its range may be the
/// point `c`. The term stays the parameter's own (numerals in its place made
/// Z3 lose its way on other operations, HeCBench nw kernel2); the range lets
/// the operations that look for a constant operand use it: `pos & (stride -
/// 1)` with `stride == 1024` is `pos mod 1024`, not a bit-vector `and`.
pub fn entry_param_values(kernel: &Kernel) -> Vec<Option<i128>> {
    let mut values = vec![None; kernel.params.len()];
    for stmt in &kernel.body.stmts {
        let StmtKind::Assume { cond } = &stmt.kind else {
            break;
        };
        let Expr::Binary(BinOp::Eq, a, b, _) = cond else {
            continue;
        };
        let (p, c) = match (a.as_ref(), b.as_ref()) {
            (Expr::Param(p), Expr::Int(c, _)) | (Expr::Int(c, _), Expr::Param(p)) => (p, *c),
            _ => continue,
        };
        let Some(decl) = kernel.params.get(p.0 as usize) else {
            continue;
        };
        if !matches!(decl.ty, ScalarTy::Int { .. }) {
            continue;
        }
        // A value of the parameter's type (the precondition is false for
        // any other, and then nothing is fixed).
        if crate::ir::eval::wrap(c, decl.ty) == Some(c) {
            values[p.0 as usize] = Some(c);
        }
    }
    values
}

/// Per scalar parameter of `kernel`, the block dimension `d` of a
/// precondition `blockDim.d == p` among the statements the body starts with
/// (see [`entry_param_values`]; a launch relation of every launch of the
/// program, `ide::relations`), where `p` is the parameter converted to
/// `unsigned int` through integer types none narrower than its own
/// (`(unsigned)(size_t)n` for `int n`), the parameter has 16 to 32 bits,
/// and the precondition is not deferred (`Kernel::deferred_assumes`: a
/// query may leave it out).
///
/// Why the parameter then has the value of `blockDim.d`: each conversion to
/// a type of at least `b` bits (the parameter's width) keeps the value
/// modulo 2^b, so `blockDim.d == v` with `v == p (mod 2^b)`. A block extent
/// `v` is in [1, 1024], inside the parameter type's range (at least
/// [-2^15, 2^15) or [0, 2^16)), which holds one value of each class modulo
/// 2^b: `p == v`. A negative `int` converts to at least 2^31, never a block
/// extent, so no launch of the kind is excluded.
pub fn entry_param_block_extents(kernel: &Kernel) -> Vec<Option<u8>> {
    let mut dims = vec![None; kernel.params.len()];
    for stmt in &kernel.body.stmts {
        let StmtKind::Assume { cond } = &stmt.kind else {
            break;
        };
        if kernel.deferred_assumes.contains(&stmt.id) {
            continue;
        }
        let Expr::Binary(BinOp::Eq, a, b, _) = cond else {
            continue;
        };
        let (d, value) = match (a.as_ref(), b.as_ref()) {
            (Expr::Builtin(super::Builtin::BlockDim(d)), v)
            | (v, Expr::Builtin(super::Builtin::BlockDim(d))) => (*d, v),
            _ => continue,
        };
        // The conversions from the outermost in: the first must be to the
        // extent's own type (`unsigned int`), so `==` compares two values
        // of one type.
        let mut at = value;
        let mut widths = Vec::new();
        let mut outer = None;
        let p = loop {
            match at {
                Expr::Cast(ty, inner) => {
                    let ScalarTy::Int { bits, .. } = *ty else {
                        break None;
                    };
                    outer.get_or_insert(*ty);
                    widths.push(bits);
                    at = inner;
                }
                Expr::Param(p) => break Some(*p),
                _ => break None,
            }
        };
        let Some(p) = p else {
            continue;
        };
        let Some(decl) = kernel.params.get(p.0 as usize) else {
            continue;
        };
        let ScalarTy::Int { bits, .. } = decl.ty else {
            continue;
        };
        if outer.unwrap_or(decl.ty) != ScalarTy::UINT
            || !(16..=32).contains(&bits)
            || widths.iter().any(|&w| w < bits)
        {
            continue;
        }
        dims[p.0 as usize] = Some(d);
    }
    dims
}
