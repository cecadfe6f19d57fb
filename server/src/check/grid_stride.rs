//! Pairs of accesses decided without the solver: grid-stride loops, whose
//! counter takes different values in any two threads of the grid.
//!
//! Theorem (grid-stride ownership). Let a loop `v = G; while (cond) { body;
//! v = v + S }` run in a grid of one-dimensional blocks in a one-dimensional
//! grid, with G = `blockIdx.x * blockDim.x + threadIdx.x` and S =
//! `blockDim.x * gridDim.x` (the number of threads of the grid), `v` assigned
//! nowhere else in the loop, and no wrap-around of `v`. Then every value `v`
//! has in the body of thread t is G(t) + k * S for some k >= 0; as
//! (blockIdx.x, threadIdx.x) -> G is a bijection onto [0, S), two distinct
//! threads t1, t2 have G(t1) != G(t2) in [0, S), so their values of `v` differ
//! modulo S: v1 != v2, in any iterations, in any blocks.
//!
//! If two accesses in that body have byte offsets `o + dx` and `o + dy`
//! (the same expression `o`, constants dx, dy added exactly), with o(t1) -
//! o(t2) = c * (v1 - v2) modulo 2^m (or exactly), |c| - |dx - dy| >= s (the
//! larger access size) and |c| * (2^w - 1) + |dx - dy| <= 2^m - s where `v`
//! has a w-bit type, their byte ranges are disjoint: the difference of the
//! offsets is c * (v1 - v2) + (dx - dy) + j * 2^m with 0 < |v1 - v2| < 2^w;
//! for j = 0 it is at least |c| - |dx - dy| >= s in absolute value, otherwise
//! at least 2^m - |c| * (2^w - 1) - |dx - dy| >= s (the argument of
//! `check::injective`). With wrap-around possible, an odd multiplier is still
//! invertible: see `GridStride::disjoint`. The difference form is computed as there, but over
//! `v`: constants, parameters, launch sizes and locals defined once at the
//! kernel's top level before the loop from such values are the same in
//! every thread (difference 0); locals defined once at the top level of the
//! loop body before the access are their definition at the current `v`
//! (which the body does not change); `+`, `-`, negation and multiplication or
//! left shift by a constant combine forms; unsigned operations and
//! conversions that may not preserve the value wrap modulo 2^w; signed
//! arithmetic does not overflow (undefined behaviour, as the encoder
//! assumes). Anything else makes the analysis give up: the pair goes to the
//! solver.
//!
//! Block-stride loops (`v = threadIdx.x; ...; v += blockDim.x` in a
//! one-dimensional block) satisfy the same theorem for two distinct threads
//! of one block (G = threadIdx.x, S = blockDim.x), where `blockIdx` is also
//! the same in both threads: they decide the same-block scenarios of a pair.
//!
//! Theorem (offset stride loops). Let a loop `s = U; while (cond) { body;
//! s = s + S }` have a start U that is the same in the threads considered
//! (any thread of the grid for S = `blockDim.x * gridDim.x`, the threads of
//! one block for S = `blockDim.x`), and `s` not wrap. Then in thread t the
//! body sees s = U + k * S (k >= 0), so V = s + G (G the global index, or
//! `threadIdx.x` in a block) is G(t) + U + k * S: two distinct threads have
//! G(t1) != G(t2) in [0, S), so V1 != V2 modulo S, as for a stride loop
//! starting from G + U. An offset that is a function of V alone
//! (`out[start + s + threadIdx.x]`, the tile loop `for (s = 0; s < n; s +=
//! blockDim.x) { int i = s + threadIdx.x; ... }`) is then decided by its
//! difference form over V: forms track s and G with coefficients of their
//! own and must end with equal ones (c * (s1 - s2) + c * (G1 - G2) = c *
//! (V1 - V2)); `s` alone is not a function of V and gives up. V lies in
//! an interval shorter than 2^(w+1) for a w-bit counter (2^w when `s` is
//! signed and starts from a non-negative constant): G < 2^31 and `s` stays
//! in its type. A local defined once at the kernel's top level by a read of
//! an array the kernel never writes (`symexec::read_only_arrays`) at a
//! uniform offset is uniform too (`int start = offsets[blockIdx.x]` in a
//! block): both threads read the same bytes, which never change.
//!
//! Where the launch fixes `blockDim.x`, a constant equal to it stands for
//! `blockDim.x` in G and S (`blockIdx.x * 256 + threadIdx.x` under 256-thread
//! blocks): in every execution this check covers the two are the same value.
//!
//! A body that splits the counter into digits by grid-uniform sizes and
//! indexes a row-major layout with them (`j = v % J; i = (v / J) % I; b =
//! v / (J * I); out[b][i][j]`) is decided by the digits theorem of
//! `grid_stride::digits`: the offset determines the digits, which determine
//! `v`.
//!
//! The premises are the encoder's own facts, so the fast path decides only
//! what the solver would: G and S do not wrap by the index-fits assumption
//! (`--no-assume-index-fits` turns the fast path off); blocks and grid are
//! one-dimensional by the launch or by the unused-dimensions assumption; `v`
//! does not wrap when it is signed (overflow is undefined) or when the loop
//! condition bounds it in the direction of a small step (`wrap_modulus`, the
//! documented counter assumption; `--no-assume-counter-fits` turns the fast
//! path off for unsigned counters).

use crate::base::{HashMap, HashSet};

use crate::analysis::loops::{LoopTable, UpdateOp};
use crate::config::CheckOptions;
use crate::ir::walk::for_each_stmt;
use crate::ir::{BinOp, Block, Builtin, Expr, Kernel, ScalarTy, StmtId, StmtKind, UnOp, VarId};

use super::symexec::{type_of, wrap_modulus, Range};

mod digits;

/// The modulus exponent of an exact difference.
const EXACT: u32 = u32::MAX;

/// Most copies of a counter recognised between its initialisation and its
/// loop (see `GridStride::shadows`).
const MAX_SHADOWS: usize = 3;

/// The largest coefficient kept (beyond it the analysis gives up).
const MAX_COEF: i128 = 1 << 62;

/// How deep expressions and definitions are followed.
const MAX_DEPTH: u32 = 24;

/// How an expression's value differs between two threads: value(t1) -
/// value(t2) = `coef` * (v1 - v2) + `g` * (G1 - G2) modulo 2^`bits`
/// ([`EXACT`]: exactly), where G is the thread index of an offset stride
/// loop (see [`StrideLoop::offset`]; `g` is 0 in every other loop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Form {
    coef: i128,
    g: i128,
    bits: u32,
}

impl Form {
    const SAME: Form = Form {
        coef: 0,
        g: 0,
        bits: EXACT,
    };

    /// The counter itself (or the global index of the straight-line theorem).
    const COUNTER: Form = Form {
        coef: 1,
        g: 0,
        bits: EXACT,
    };

    /// Whether the two threads' values are equal (modulo 2^`bits`).
    fn is_zero(&self) -> bool {
        self.coef == 0 && self.g == 0
    }
}

/// Which threads a stride loop's counter tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    /// Any two threads of the grid (`i += blockDim.x * gridDim.x`).
    Grid,
    /// Two threads of one block (`i += blockDim.x`).
    Block,
    /// Two threads of different blocks (`i = blockIdx.x; ...; i +=
    /// gridDim.x`: the block-level grid-stride loop, whose counter is the
    /// same in every thread of a block).
    Blocks,
}

/// A grid-stride loop (see the module documentation).
struct StrideLoop<'k> {
    /// Which threads its counter tells apart.
    scope: Scope,
    /// The counter `v`; None for the straight-line global index, whose
    /// "counter" is the expression G itself (see `disjoint_by_global_index`).
    counter: Option<VarId>,
    /// The width w of the counter's type: two of its values differ by less
    /// than 2^w (in an offset stride loop, two values of `v + G`).
    counter_bits: u32,
    /// An offset stride loop (see the module documentation): the counter
    /// starts from a value that is the same in the threads of `scope`, and
    /// the theorem's counter is the sum of it and the thread index G
    /// (`threadIdx.x` for [`Scope::Block`], the global index for
    /// [`Scope::Grid`]), which a body computes as `s + threadIdx.x`.
    offset: bool,
    /// Position of the loop's top-level ancestor in the kernel body.
    top: usize,
    /// Locals defined once, at the top level of the loop body: position
    /// in the body and value.
    body_defs: HashMap<VarId, (usize, &'k Expr)>,
    /// Copies of the counter (see [`GridStride::shadows`]): the copy's
    /// value expression, and whether it equals the counter exactly in the
    /// body.
    shadows: HashMap<VarId, (&'k Expr, bool)>,
}

/// Where an access sits: its innermost grid-stride loop, and the position
/// of its ancestor at the top level of that loop's body.
#[derive(Clone, Copy)]
struct Site {
    stride_loop: StmtId,
    body_index: usize,
}

/// Decides pairs of accesses in grid-stride loops (see the module
/// documentation).
pub(crate) struct GridStride<'k> {
    kernel: &'k Kernel,
    loops: HashMap<StmtId, StrideLoop<'k>>,
    /// Accesses inside the body of a grid-stride loop.
    sites: HashMap<StmtId, (Site, &'k crate::ir::Access)>,
    /// Every access, with the position of its top-level ancestor, when the
    /// straight-line global-index theorem applies (one-dimensional blocks
    /// and grid, the index-fits assumption); else empty.
    global_sites: HashMap<StmtId, (usize, &'k crate::ir::Access)>,
    /// Locals defined once, by an assignment at the top level, and locals
    /// only ever assigned one constant (`walk::top_level_fixed_defs`):
    /// position and value.
    single_defs: HashMap<VarId, (usize, &'k Expr)>,
    /// Locals defined once, by a top-level read of a read-only array
    /// (`symexec::read_only_arrays`, not volatile): position and access.
    /// The array holds the same bytes for the whole kernel, so two threads
    /// reading it at one offset read one value: the local is as uniform as
    /// the read's offset (`int start = offsets[blockIdx.x]` in a block).
    uniform_reads: HashMap<VarId, (usize, &'k crate::ir::Access)>,
    /// `blockDim.x` when the launch fixes it: a constant equal to it is
    /// `blockDim.x` in every execution checked under this launch, so
    /// `blockIdx.x * 256 + threadIdx.x` under a 256-thread block is the
    /// global index and `256 * gridDim.x` the grid's thread count.
    block_x: Option<u32>,
    /// `blockDim.x * gridDim.x` when the launch fixes both: a constant
    /// equal to it is the grid's thread count in every execution checked
    /// under this launch (`i += 1024` under `<<<8, 128>>>`).
    grid_x_threads: Option<i128>,
}

impl<'k> GridStride<'k> {
    /// The analysis of `kernel` under the launch of `opts`; `loops` is the
    /// kernel's `LoopTable` and `fixed_defs` `walk::top_level_fixed_defs`
    /// of it (the checker's analyses compute both once).
    pub(crate) fn new(
        kernel: &'k Kernel,
        opts: &CheckOptions,
        loops: &LoopTable,
        fixed_defs: HashMap<VarId, (usize, &'k Expr)>,
    ) -> GridStride<'k> {
        let mut analysis = GridStride {
            kernel,
            loops: HashMap::default(),
            sites: HashMap::default(),
            global_sites: HashMap::default(),
            single_defs: HashMap::default(),
            uniform_reads: HashMap::default(),
            block_x: None,
            grid_x_threads: None,
        };
        let block = super::symexec::known_block_dims(kernel, opts);
        analysis.block_x = block[0];
        let grid = super::symexec::known_grid_dims(kernel, opts);
        analysis.grid_x_threads = block[0]
            .zip(grid[0])
            .map(|(b, g)| i128::from(b) * i128::from(g));
        if block[1] != Some(1) || block[2] != Some(1) {
            return analysis;
        }
        let grid_scope =
            grid[1] == Some(1) && grid[2] == Some(1) && !opts.launch.no_index_fit_assumption;
        // The most threads the grid may have (the step's largest value);
        // larger than the encoder's bound is only more cautious.
        let block_max = block[0].map_or(1024, i128::from);
        let grid_max = grid[0].map_or(0x7fff_ffff, i128::from);
        let step = Range {
            lo: 1,
            hi: (block_max * grid_max).min(1 << 31),
        };
        let block_step = Range {
            lo: 1,
            hi: block_max,
        };
        let grid_step = Range {
            lo: 1,
            hi: grid_max,
        };
        let definitions = crate::ir::walk::definition_counts(kernel);
        let read_only = super::symexec::read_only_arrays(kernel);
        for (index, top) in kernel.body.stmts.iter().enumerate() {
            if let StmtKind::Read { dest, access } = &top.kind {
                if definitions.get(dest) == Some(&1)
                    && !access.volatile
                    && read_only.contains(&access.array)
                {
                    analysis.uniform_reads.insert(*dest, (index, access));
                }
            }
        }
        // A local assigned only one constant is that constant, like a
        // single definition (`walk::top_level_fixed_defs`).
        analysis.single_defs = fixed_defs;
        if grid_scope {
            for (index, top) in kernel.body.stmts.iter().enumerate() {
                let mut visit = |s: &'k crate::ir::Stmt| match &s.kind {
                    StmtKind::Read { access, .. }
                    | StmtKind::Write { access, .. }
                    | StmtKind::Atomic { access, .. } => {
                        analysis.global_sites.insert(s.id, (index, access));
                    }
                    _ => {}
                };
                visit(top);
                for child in crate::ir::walk::child_blocks(top) {
                    for_each_stmt(child, &mut visit);
                }
            }
        }
        for (index, top) in kernel.body.stmts.iter().enumerate() {
            let ctx = Ctx {
                loops,
                definitions: &definitions,
                step,
                block_step,
                grid_step,
                grid_scope,
                counter_fits: !opts.launch.no_counter_fit_assumption,
                top: index,
            };
            analysis.visit(
                std::slice::from_ref(top),
                None,
                Some(&kernel.body.stmts[..index]),
                &ctx,
            );
        }
        analysis
    }

    /// Walks `stmts` (whose preceding statements in their block are
    /// `before`, when they start a block suffix), recording the accesses
    /// inside grid-stride loop bodies.
    fn visit(
        &mut self,
        stmts: &'k [crate::ir::Stmt],
        site: Option<Site>,
        before: Option<&'k [crate::ir::Stmt]>,
        ctx: &Ctx<'_>,
    ) {
        for (i, s) in stmts.iter().enumerate() {
            // The statements just before `s`, nearest first.
            let preceding: Vec<&'k crate::ir::Stmt> = stmts[..i]
                .iter()
                .rev()
                .chain(before.unwrap_or_default().iter().rev())
                .take(MAX_SHADOWS + 1)
                .collect();
            match &s.kind {
                StmtKind::Read { access, .. }
                | StmtKind::Write { access, .. }
                | StmtKind::Atomic { access, .. } => {
                    if let Some(site) = site {
                        self.sites.insert(s.id, (site, access));
                    }
                }
                StmtKind::Loop {
                    cond,
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    let stride = self.stride_loop(s.id, cond, step, &preceding, ctx);
                    self.visit_block(cond_prelude, site, ctx);
                    self.visit_block(step, site, ctx);
                    match stride {
                        Some(stride) => {
                            for (j, inner) in body.stmts.iter().enumerate() {
                                let inner_site = Site {
                                    stride_loop: s.id,
                                    body_index: j,
                                };
                                self.visit(
                                    std::slice::from_ref(inner),
                                    Some(inner_site),
                                    Some(&body.stmts[..j]),
                                    ctx,
                                );
                            }
                            self.loops.insert(s.id, stride);
                        }
                        None => self.visit_block(body, site, ctx),
                    }
                }
                _ => {
                    for child in crate::ir::walk::child_blocks(s) {
                        self.visit_block(child, site, ctx);
                    }
                }
            }
        }
    }

    fn visit_block(&mut self, block: &'k Block, site: Option<Site>, ctx: &Ctx<'_>) {
        self.visit(&block.stmts, site, None, ctx);
    }

    /// The loop `id` as a grid-stride loop, if it is one: its counter is
    /// initialised to the global thread index by the statement just before
    /// it (or just before the copies of it the loop starts from, see
    /// [`Self::shadows`]) and stepped (only) by the number of threads of the
    /// grid, in its step, without wrap-around. `preceding` lists the
    /// statements before the loop, nearest first.
    fn stride_loop(
        &self,
        id: StmtId,
        cond: &Expr,
        step: &'k Block,
        preceding: &[&'k crate::ir::Stmt],
        ctx: &Ctx<'_>,
    ) -> Option<StrideLoop<'k>> {
        let info = ctx.loops.get(id)?;
        // The counter's initialisation, past the copies of a counter
        // initialised before them (`CUDA_KERNEL_LOOP`'s `int i = idx`):
        // those assign other variables, so the counter still enters the
        // loop with its initial value.
        let is_counter = |v: &VarId| {
            info.counters
                .iter()
                .any(|c| c.var == *v && c.op == UpdateOp::Add)
        };
        let mut copies: Vec<(VarId, &'k Expr)> = Vec::new();
        let mut counter_init = None;
        for stmt in preceding {
            let StmtKind::Assign { var, value } = &stmt.kind else {
                return None;
            };
            if is_counter(var) {
                counter_init = Some((var, value));
                break;
            }
            copies.push((*var, value));
        }
        let (var, init) = counter_init?;
        let counter = info
            .counters
            .iter()
            .find(|c| c.var == *var && c.op == UpdateOp::Add)?;
        // Updated in the step, so the body sees only values that passed the
        // condition (a counter has one assignment in the loop).
        let in_step = step
            .stmts
            .iter()
            .any(|s| matches!(&s.kind, StmtKind::Assign { var: v, .. } if v == var));
        if !in_step {
            return None;
        }
        let ty = self.kernel.vars.get(var.0 as usize)?.ty;
        let ScalarTy::Int { bits, signed } = ty else {
            return None;
        };
        // The counter holds the global index (< 2^31) exactly.
        if bits < 32 {
            return None;
        }
        // A signed counter whose sum is computed in an unsigned or wider type
        // (`int i; i += blockDim.x * gridDim.x`) wraps like an unsigned one
        // (see `wrap_modulus`).
        let own_type = crate::analysis::loops::runs_in_own_type(*var, &counter.update, ty);
        // A signed counter does not wrap (the encoder's assumption), so a
        // step of S converted to a 32-bit signed type (S, or -S = -2^31 when
        // S = 2^31) keeps the counter congruent to G modulo S; an unsigned
        // counter needs the step to be S itself.
        // The grid's thread count S is at most 2^31 (index-fits). S = 2^31
        // divides 2^w for every counter type of w >= 31 bits, so a wrap
        // modulo 2^w keeps `v` congruent to G modulo S: only a step below
        // 2^31 needs the counter not to wrap (the counter assumption for an
        // unsigned 32-bit counter, whose step range would otherwise reach
        // 2^31 and never be "small").
        let wrapping_step = Range {
            lo: ctx.step.lo,
            hi: ctx.step.hi.min((1 << 31) - 1),
        };
        let mut offset = false;
        let scope = if ctx.grid_scope
            && (self.global_index(init, ctx.top, 0)
                || self.clamped_global_index(init, cond, *var, ty, ctx))
            && self.grid_threads(&counter.operand, ctx.top, signed)
            && wrap_modulus(
                ty,
                own_type,
                UpdateOp::Add,
                wrapping_step,
                cond,
                *var,
                ctx.counter_fits,
                &info.modified,
            )
            .is_none()
        {
            Scope::Grid
        } else if matches!(
            self.strip_index(init, ctx.top, 0),
            Some(Expr::Builtin(Builtin::ThreadIdx(0)))
        ) && self.is_block_dim_x(self.strip_index(&counter.operand, ctx.top, 0))
            && wrap_modulus(
                ty,
                own_type,
                UpdateOp::Add,
                ctx.block_step,
                cond,
                *var,
                ctx.counter_fits,
                &info.modified,
            )
            .is_none()
        {
            // threadIdx.x < blockDim.x <= 1024 hold in any type of 32 bits.
            Scope::Block
        } else if ctx.grid_scope
            && matches!(
                self.strip_index(init, ctx.top, 0),
                Some(Expr::Builtin(Builtin::BlockIdx(0)))
            )
            && matches!(
                self.strip_index(&counter.operand, ctx.top, 0),
                Some(Expr::Builtin(Builtin::GridDim(0)))
            )
            && wrap_modulus(
                ty,
                own_type,
                UpdateOp::Add,
                ctx.grid_step,
                cond,
                *var,
                ctx.counter_fits,
                &info.modified,
            )
            .is_none()
        {
            // The theorem with G = blockIdx.x, S = gridDim.x over the blocks
            // of a one-dimensional grid (blockIdx.x < gridDim.x < 2^31 hold
            // in any type of 32 bits): two threads of different blocks have
            // G(b1) != G(b2) in [0, S), so their counters differ modulo S.
            Scope::Blocks
        } else if let Some(scope) = self.offset_scope(
            init,
            &counter.operand,
            signed,
            |step| {
                wrap_modulus(
                    ty,
                    own_type,
                    UpdateOp::Add,
                    step,
                    cond,
                    *var,
                    ctx.counter_fits,
                    &info.modified,
                )
                .is_none()
            },
            ctx,
        ) {
            offset = true;
            scope
        } else {
            return None;
        };
        // An offset loop's `v + G`: a signed counter from a non-negative
        // constant stays in [0, 2^(w-1)) (it grows without overflow), so
        // with G in [0, 2^31) the sum is in [0, 2^w) for w >= 32; otherwise
        // the counter is in [-2^(w-1), 2^(w-1)) or [0, 2^w) and the sum in
        // an interval shorter than 2^(w+1).
        let exact_bits = !offset || (signed && constant_of(init).is_some_and(|c| c >= 0));
        let counter_bits = u32::from(bits) + u32::from(!exact_bits);

        let mut body_defs = HashMap::default();
        if let Some(StmtKind::Loop { body, .. }) = self.loop_kind(id) {
            for (j, s) in body.stmts.iter().enumerate() {
                if let StmtKind::Assign { var, value } = &s.kind {
                    if ctx.definitions.get(var) == Some(&1) {
                        body_defs.insert(*var, (j, value));
                    }
                }
            }
        }
        let shadows = self.shadows(id, cond, step, *var, &copies);
        Some(StrideLoop {
            scope,
            counter: Some(*var),
            counter_bits,
            offset,
            top: ctx.top,
            body_defs,
            shadows,
        })
    }

    /// The copies of counter `v` among `copies` (the assignments between
    /// the counter's initialisation and the loop `id`): a local `x` set to
    /// `v` or `(T)v` (T its own type) right before the loop whose only
    /// assignment in the loop is the same copy, a top-level statement of the
    /// step after the counter's update. PyTorch's `CUDA_KERNEL_LOOP(i, n)`
    /// is `int64_t idx = G; for (int i = idx; idx < n; idx += S, i = idx)`.
    ///
    /// Then `x` equals the copy of `v`'s current value wherever the body
    /// runs: on entry `x` is the copy of the initial `v`; the body and the
    /// condition's prelude assign neither (`v` is a counter, assigned only
    /// in the step); the step re-copies `v` after updating it, and every
    /// iteration (also one a `continue` ends) runs the whole step before
    /// the next head. So the difference form of `x` is the copy's, and the
    /// copy is `v` itself (exact) when `x`'s type holds every value `v` has
    /// in the body: the body runs only where the condition `v < e` holds,
    /// `v >= G >= 0` (it starts from G and grows by a positive step without
    /// wrap-around, the grid-stride premises), and `e` (of `v`'s type, so
    /// compared as written) is a conversion that
    /// keeps the values of a type whose largest value M is known, so `v` is
    /// in [0, M - 1] (`(int)idx` with `idx < (int64_t)n`, `n` an `int`).
    fn shadows(
        &self,
        id: StmtId,
        cond: &Expr,
        step: &'k Block,
        v: VarId,
        copies: &[(VarId, &'k Expr)],
    ) -> HashMap<VarId, (&'k Expr, bool)> {
        let mut shadows = HashMap::default();
        let Some(StmtKind::Loop {
            cond_prelude, body, ..
        }) = self.loop_kind(id)
        else {
            return shadows;
        };
        let var_ty = |x: VarId| self.kernel.vars.get(x.0 as usize).map(|d| d.ty);
        let Some(update_at) = step
            .stmts
            .iter()
            .position(|s| matches!(&s.kind, StmtKind::Assign { var, .. } if *var == v))
        else {
            return shadows;
        };
        // The largest value `v` reaches in the body, from the condition.
        let body_max = match cond {
            Expr::Binary(BinOp::Lt, a, e, _) | Expr::Binary(BinOp::Gt, e, a, _)
                if matches!(&**a, Expr::Var(x) if *x == v)
                    && Some(type_of(self.kernel, e)) == var_ty(v) =>
            {
                value_keeping_max(self.kernel, e).map(|m| m - 1)
            }
            _ => None,
        };
        // Only the assignment nearest the loop tells what a variable enters
        // it with (`copies` is nearest first): `int i = idx; i = 0;` enters
        // with 0, all threads on one element.
        let mut seen: HashSet<VarId> = HashSet::default();
        for &(x, value) in copies {
            if !seen.insert(x) {
                continue;
            }
            let Some(x_ty) = var_ty(x) else { continue };
            let copies_v = match value {
                Expr::Var(w) => *w == v && var_ty(v) == Some(x_ty),
                Expr::Cast(to, inner) => {
                    *to == x_ty
                        && matches!(x_ty, ScalarTy::Int { .. })
                        && matches!(&**inner, Expr::Var(w) if *w == v)
                }
                _ => false,
            };
            if !copies_v || x == v || shadows.contains_key(&x) {
                continue;
            }
            // Exactly one assignment of `x` in the loop: the copy, at the
            // step's top level after the update.
            let mut assigned = 0;
            for block in [cond_prelude, body, step] {
                for_each_stmt(block, &mut |s| {
                    if crate::ir::walk::assigned_var(s) == Some(x) {
                        assigned += 1;
                    }
                });
            }
            let recopied = step.stmts.iter().enumerate().any(|(at, s)| {
                at > update_at
                    && matches!(&s.kind, StmtKind::Assign { var, value: again }
                        if *var == x && *again == *value)
            });
            if assigned != 1 || !recopied {
                continue;
            }
            let exact = body_max
                .zip(int_bounds(x_ty))
                .is_some_and(|(m, (_, x_max))| m <= x_max);
            shadows.insert(x, (value, exact));
        }
        shadows
    }

    /// Whether `init` is a local `s` holding the global index G unless a
    /// clamp replaced it by a bound that keeps the loop from running: `s`
    /// has exactly two assignments, `s = G` and after it `if (s > X) s = X;`,
    /// both statements of the kernel's top level before position `ctx.top`;
    /// `cond` is `v < e` (`v` the counter); every assignment of the local
    /// `e` is a top-level statement before `ctx.top`, the last of them
    /// `if (e > X) e = X;`; `X` is one scalar parameter; `s`, `e`, `v` and
    /// `X` are of the counter's type `ty`, so every comparison is in one
    /// order. (ert's `start_idx = min(gid, nsize)`, `end_idx = min(..,
    /// nsize)`, `for (i = start_idx; i < end_idx; i += stride)`.)
    ///
    /// Then a body run of the loop saw `v` start from G, as the theorem
    /// needs: the loop starts from `v = s`; `s` is G, or X when the clamp
    /// ran, and nothing assigns `s` or `e` after the clamps (both before
    /// the loop's top-level statement). After its clamp `e <= X` in the
    /// type's order (it was not above X, or it is X), so a thread whose `s`
    /// is X fails the first test `X < e` and never runs the body from that
    /// start; X is a parameter, the same value at each clamp.
    fn clamped_global_index(
        &self,
        init: &Expr,
        cond: &Expr,
        counter: VarId,
        ty: ScalarTy,
        ctx: &Ctx<'_>,
    ) -> bool {
        let local = |e: &Expr| match e {
            Expr::Var(v) => Some(*v),
            _ => None,
        };
        let Some(start) = local(init) else {
            return false;
        };
        let Some(end) = (match cond {
            Expr::Binary(BinOp::Lt, a, b, _) if local(a) == Some(counter) => local(b),
            Expr::Binary(BinOp::Gt, a, b, _) if local(b) == Some(counter) => local(a),
            _ => None,
        }) else {
            return false;
        };
        let var_ty = |v: VarId| self.kernel.vars.get(v.0 as usize).map(|d| d.ty);
        if start == end || var_ty(start) != Some(ty) || var_ty(end) != Some(ty) {
            return false;
        }
        // `if (v > X) v = X;` (or `X < v`) with X a parameter of type `ty`.
        let clamp_of = |stmt: &'k crate::ir::Stmt, v: VarId| -> Option<&'k Expr> {
            let StmtKind::If { cond, then_, else_ } = &stmt.kind else {
                return None;
            };
            let bound = match cond {
                Expr::Binary(BinOp::Gt, a, b, _) if local(a) == Some(v) => b,
                Expr::Binary(BinOp::Lt, a, b, _) if local(b) == Some(v) => a,
                _ => return None,
            };
            let [assign] = then_.stmts.as_slice() else {
                return None;
            };
            let StmtKind::Assign { var, value } = &assign.kind else {
                return None;
            };
            let is_param = matches!(&**bound, Expr::Param(_));
            (*var == v
                && *value == **bound
                && else_.stmts.is_empty()
                && is_param
                && type_of(self.kernel, bound) == ty)
                .then_some(&**bound)
        };
        // Assignments of `v` in `stmt` and the statements nested in it.
        let assigns = |stmt: &crate::ir::Stmt, v: VarId| {
            let mut found = u32::from(crate::ir::walk::assigned_var(stmt) == Some(v));
            for child in crate::ir::walk::child_blocks(stmt) {
                for_each_stmt(child, &mut |s| {
                    if crate::ir::walk::assigned_var(s) == Some(v) {
                        found += 1;
                    }
                });
            }
            found
        };
        let before = &self.kernel.body.stmts[..ctx.top.min(self.kernel.body.stmts.len())];
        // `s`: `s = G` at the top level, then its clamp.
        let mut start_def: Option<usize> = None;
        let mut start_bound: Option<&Expr> = None;
        let mut start_seen = 0u32;
        for (at, stmt) in before.iter().enumerate() {
            let n = assigns(stmt, start);
            if n == 0 {
                continue;
            }
            start_seen += n;
            match &stmt.kind {
                StmtKind::Assign { var, value }
                    if *var == start && start_def.is_none() && start_bound.is_none() =>
                {
                    if !self.global_index(value, at, 0) {
                        return false;
                    }
                    start_def = Some(at);
                }
                _ if start_def.is_some() && start_bound.is_none() => match clamp_of(stmt, start) {
                    Some(x) => start_bound = Some(x),
                    None => return false,
                },
                _ => return false,
            }
        }
        let (Some(_), Some(bound)) = (start_def, start_bound) else {
            return false;
        };
        if ctx.definitions.get(&start) != Some(&start_seen) || start_seen != 2 {
            return false;
        }
        // `e`: every assignment before the loop, the last one its clamp.
        let mut end_seen = 0u32;
        let mut end_clamped = false;
        for stmt in before {
            let n = assigns(stmt, end);
            if n == 0 {
                continue;
            }
            end_seen += n;
            end_clamped = clamp_of(stmt, end) == Some(bound);
        }
        end_clamped && ctx.definitions.get(&end) == Some(&end_seen)
    }

    /// The scope of an offset stride loop (see [`StrideLoop::offset`]) whose
    /// counter starts from `init` and is stepped by `step`: the step is
    /// `blockDim.x` (one-dimensional block) and `init` the same in every
    /// thread of a block, or the step is the grid's thread count (a
    /// one-dimensional grid, index-fits) and `init` the same in every thread
    /// of the grid; `no_wrap` says the counter does not wrap for a step in
    /// the range given.
    fn offset_scope(
        &self,
        init: &Expr,
        step: &Expr,
        signed: bool,
        no_wrap: impl Fn(Range) -> bool,
        ctx: &Ctx<'_>,
    ) -> Option<Scope> {
        if self.is_block_dim_x(self.strip_index(step, ctx.top, 0))
            && self.uniform(init, ctx.top, true, 0)
            && no_wrap(ctx.block_step)
        {
            return Some(Scope::Block);
        }
        let wrapping_step = Range {
            lo: ctx.step.lo,
            hi: ctx.step.hi.min((1 << 31) - 1),
        };
        (ctx.grid_scope
            && self.grid_threads(step, ctx.top, signed)
            && self.uniform(init, ctx.top, false, 0)
            && no_wrap(wrapping_step))
        .then_some(Scope::Grid)
    }

    /// Whether `e` is the thread index G of the offset stride loop `lp`:
    /// `threadIdx.x` in a block-stride loop, the global index in a
    /// grid-stride one (through value-keeping conversions).
    fn offset_thread_index(&self, e: &Expr, lp: &StrideLoop<'_>) -> bool {
        match lp.scope {
            Scope::Block => matches!(
                self.strip_index(e, lp.top, 0),
                Some(Expr::Builtin(Builtin::ThreadIdx(0)))
            ),
            Scope::Grid => self.global_index(e, lp.top, 0),
            Scope::Blocks => false,
        }
    }

    /// The loop statement `id`'s kind.
    fn loop_kind(&self, id: StmtId) -> Option<&'k StmtKind> {
        let mut found = None;
        for_each_stmt(&self.kernel.body, &mut |s| {
            if s.id == id {
                found = Some(&s.kind);
            }
        });
        found
    }

    /// `e` through integer conversions that keep values up to 2^31 (and
    /// locals defined once at the top level before position `top`).
    fn strip<'e>(&'e self, mut e: &'e Expr, top: usize, depth: u32) -> Option<&'e Expr> {
        for _ in depth..MAX_DEPTH {
            match e {
                Expr::Cast(ScalarTy::Int { bits, signed }, inner)
                    if *bits >= 64 || (*bits >= 32 && !signed) =>
                {
                    e = inner
                }
                Expr::Var(v) => match self.single_defs.get(v) {
                    Some(&(at, value)) if at < top && self.holds_2_31(*v) => e = value,
                    _ => return Some(e),
                },
                _ => return Some(e),
            }
        }
        None
    }

    /// Whether local `v`'s type holds every value in [0, 2^31].
    fn holds_2_31(&self, v: VarId) -> bool {
        matches!(
            self.kernel.vars.get(v.0 as usize).map(|d| d.ty),
            Some(ScalarTy::Int { bits, signed }) if bits >= 64 || (bits >= 32 && !signed)
        )
    }

    /// Whether `e` is `blockIdx.x * blockDim.x + threadIdx.x` (either
    /// order). Each part and the sum are below 2^31 by the index-fits
    /// assumption, so conversions to 32-bit signed types keep them too.
    fn global_index(&self, e: &Expr, top: usize, depth: u32) -> bool {
        let strip = |e| self.strip_index(e, top, depth + 1);
        let Some(Expr::Binary(BinOp::Add, l, r, ty)) = strip(e) else {
            return false;
        };
        if !wide_int(*ty) {
            return false;
        }
        let is_tid = |e| matches!(strip(e), Some(Expr::Builtin(Builtin::ThreadIdx(0))));
        let is_block_dim = |e: Option<&Expr>| self.is_block_dim_x(e);
        let is_offset = |e| match strip(e) {
            Some(Expr::Binary(BinOp::Mul, a, b, ty)) => {
                let (a, b) = (strip(a), strip(b));
                let is_block_idx =
                    |e: Option<&Expr>| matches!(e, Some(Expr::Builtin(Builtin::BlockIdx(0))));
                wide_int(*ty)
                    && ((is_block_idx(a) && is_block_dim(b))
                        || (is_block_dim(a) && is_block_idx(b)))
            }
            _ => false,
        };
        (is_tid(l) && is_offset(r)) || (is_offset(l) && is_tid(r))
    }

    /// `strip`, also through conversions to 32-bit signed types and locals
    /// of such types (the global index is below 2^31).
    fn strip_index<'e>(&'e self, mut e: &'e Expr, top: usize, depth: u32) -> Option<&'e Expr> {
        for _ in depth..MAX_DEPTH {
            match e {
                Expr::Cast(ty, inner) if wide_int(*ty) => e = inner,
                Expr::Var(v) => match self.single_defs.get(v) {
                    Some(&(at, value))
                        if at < top
                            && self
                                .kernel
                                .vars
                                .get(v.0 as usize)
                                .is_some_and(|d| wide_int(d.ty)) =>
                    {
                        e = value
                    }
                    _ => return Some(e),
                },
                _ => return Some(e),
            }
        }
        None
    }

    /// Whether `e` is `blockDim.x * gridDim.x` (either order), through
    /// conversions that keep values up to 2^31 (with `wide`, through any
    /// conversion to a type of 32 bits or more).
    fn grid_threads(&self, e: &Expr, top: usize, wide: bool) -> bool {
        let strip = |e| {
            if wide {
                self.strip_index(e, top, 0)
            } else {
                self.strip(e, top, 0)
            }
        };
        // A constant step equal to the thread count the launch fixes is
        // that count in every execution of this check (the value the
        // counter's addition adds is the constant's value).
        if let (Some(threads), Some(step)) = (self.grid_x_threads, strip(e).and_then(constant_of)) {
            if step == threads {
                return true;
            }
        }
        let Some(Expr::Binary(BinOp::Mul, a, b, ty)) = strip(e) else {
            return false;
        };
        let holds =
            matches!(ty, ScalarTy::Int { bits, signed } if *bits >= 64 || (*bits >= 32 && !signed));
        let (a, b) = (strip(a), strip(b));
        let is_grid_dim = |e: Option<&Expr>| matches!(e, Some(Expr::Builtin(Builtin::GridDim(0))));
        holds
            && ((self.is_block_dim_x(a) && is_grid_dim(b))
                || (is_grid_dim(a) && self.is_block_dim_x(b)))
    }

    /// Whether `e` is `blockDim.x`, or a constant equal to the `blockDim.x`
    /// the launch fixes (the same value in every execution of this check).
    fn is_block_dim_x(&self, e: Option<&Expr>) -> bool {
        match e {
            Some(Expr::Builtin(Builtin::BlockDim(0))) => true,
            Some(e) => {
                constant_of(e).is_some_and(|v| self.block_x.is_some_and(|x| i128::from(x) == v))
            }
            None => false,
        }
    }

    /// Whether two distinct threads (any blocks, any iterations) can never
    /// touch a common byte at accesses `a` and `b` (see the module
    /// documentation).
    pub(crate) fn disjoint(&self, a: StmtId, b: StmtId) -> bool {
        self.disjoint_within(a, b, Scope::Grid) || self.disjoint_by_global_index(a, b)
    }

    /// Theorem (global-index ownership), the grid-stride theorem with no
    /// step: G = `blockIdx.x * blockDim.x + threadIdx.x` takes distinct
    /// values in [0, 2^31) in any two distinct threads of a one-dimensional
    /// grid of one-dimensional blocks (index-fits assumption). If both
    /// offsets are `o + dx` and `o + dy` with `o` a function of G alone,
    /// built from G, constants, parameters, launch sizes and locals defined
    /// once at the top level before both accesses from such values (the
    /// same in every thread and unchanged over time), then `o`'s difference
    /// form over G decides the pair as in `disjoint_within` with w = 31:
    /// in any blocks, any statements, any loop iterations (`o` does not
    /// depend on them). Anything else (a loop counter, a value read from
    /// memory, a local assigned twice) makes `form` give up.
    fn disjoint_by_global_index(&self, a: StmtId, b: StmtId) -> bool {
        let (Some(&(ta, x)), Some(&(tb, y))) =
            (self.global_sites.get(&a), self.global_sites.get(&b))
        else {
            return false;
        };
        let ((core_x, dx), (core_y, dy)) = (split_constant(&x.offset), split_constant(&y.offset));
        if x.array != y.array || core_x != core_y {
            return false;
        }
        // Definitions the offset reads must precede both accesses: the
        // kernel's top level plays the loop body, so a local defined once
        // there before both is its definition, a function of G.
        let top = ta.min(tb);
        let pseudo = StrideLoop {
            scope: Scope::Grid,
            counter: None,
            counter_bits: 31,
            offset: false,
            top,
            body_defs: self.single_defs.clone(),
            shadows: HashMap::default(),
        };
        let Some(form) = self.form(core_x, &pseudo, top, 0) else {
            return false;
        };
        disjoint_forms(form, dx, dy, x.size.max(y.size), pseudo.counter_bits)
    }

    /// Whether two distinct threads of one block can never touch a common
    /// byte at accesses `a` and `b` (any iterations).
    pub(crate) fn disjoint_in_block(&self, a: StmtId, b: StmtId) -> bool {
        self.disjoint_within(a, b, Scope::Block)
    }

    /// Whether two threads of different blocks (any iterations) can never
    /// touch a common byte at accesses `a` and `b`: a block-level
    /// grid-stride loop (see [`Scope::Blocks`]) or a grid-stride loop.
    pub(crate) fn disjoint_across_blocks(&self, a: StmtId, b: StmtId) -> bool {
        self.disjoint_within(a, b, Scope::Blocks)
    }

    /// Whether two distinct threads of `scope` can never touch a common
    /// byte at accesses `a` and `b`.
    fn disjoint_within(&self, a: StmtId, b: StmtId, scope: Scope) -> bool {
        let (Some((sa, x)), Some((sb, y))) = (self.sites.get(&a), self.sites.get(&b)) else {
            return false;
        };
        let ((core_x, dx), (core_y, dy)) = (split_constant(&x.offset), split_constant(&y.offset));
        if sa.stride_loop != sb.stride_loop || x.array != y.array || core_x != core_y {
            return false;
        }
        let Some(stride_loop) = self.loops.get(&sa.stride_loop) else {
            return false;
        };
        // A grid-stride counter tells apart threads of one block and of
        // different blocks too; a block-stride counter only threads of one
        // block, a block-level one only threads of different blocks (two
        // threads of one block have the same counter).
        let tells_apart = match scope {
            Scope::Grid => stride_loop.scope == Scope::Grid,
            Scope::Block => stride_loop.scope != Scope::Blocks,
            Scope::Blocks => stride_loop.scope != Scope::Block,
        };
        if !tells_apart {
            return false;
        }
        let at = sa.body_index.min(sb.body_index);
        let size = x.size.max(y.size);
        if let Some(form) = self.form(core_x, stride_loop, at, 0) {
            // In an offset loop the offset must be a function of `v + G`
            // (equal coefficients: c * (v1 - v2) + c * (G1 - G2) = c * ((v1
            // + G1) - (v2 + G2))); elsewhere `g` is 0.
            let over_counter = (!stride_loop.offset || form.coef == form.g).then_some(Form {
                coef: form.coef,
                g: 0,
                bits: form.bits,
            });
            if over_counter
                .is_some_and(|form| disjoint_forms(form, dx, dy, size, stride_loop.counter_bits))
            {
                return true;
            }
        }
        // The digits theorem splits the counter itself, which an offset
        // loop's threads may share.
        !stride_loop.offset
            && dx.checked_sub(dy).is_some_and(|shift| {
                self.digits_apart(sa.stride_loop, stride_loop, core_x, shift, size, at)
            })
    }

    /// Whether `e`, evaluated at top-level position `top`, is the same in
    /// every thread of the grid (with `block`, of one block) at any time.
    fn uniform(&self, e: &Expr, top: usize, block: bool, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match e {
            Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => true,
            // OpenCL's global work offset is one value for the whole
            // NDRange (`clEnqueueNDRangeKernel`'s argument), like the sizes:
            // `get_global_id(0)` is the global index plus it.
            Expr::Builtin(b) => {
                matches!(
                    b,
                    Builtin::BlockDim(_) | Builtin::GridDim(_) | Builtin::GlobalOffset(_)
                ) || (block && matches!(b, Builtin::BlockIdx(_)))
            }
            Expr::Var(v) => match (self.single_defs.get(v), self.uniform_reads.get(v)) {
                (Some(&(at, value)), _) if at < top => self.uniform(value, at, block, depth + 1),
                (_, Some(&(at, access))) if at < top => {
                    self.uniform(&access.offset, at, block, depth + 1)
                }
                _ => false,
            },
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => self.uniform(a, top, block, depth + 1),
            Expr::Binary(_, a, b, _) => {
                self.uniform(a, top, block, depth + 1) && self.uniform(b, top, block, depth + 1)
            }
            Expr::Select(c, a, b, _) => [c, a, b]
                .iter()
                .all(|x| self.uniform(x, top, block, depth + 1)),
            Expr::Apply(_, args, _) => args.iter().all(|x| self.uniform(x, top, block, depth + 1)),
        }
    }

    /// The difference form of `e` evaluated at position `at` of the loop
    /// body.
    fn form(&self, e: &Expr, lp: &StrideLoop<'_>, at: usize, depth: u32) -> Option<Form> {
        if depth > MAX_DEPTH {
            return None;
        }
        let recurse = |e: &Expr| self.form(e, lp, at, depth + 1);
        match e {
            // The thread index G of an offset stride loop, exactly (below
            // 2^31: `threadIdx.x < 1024`, the global index by index-fits).
            _ if lp.offset && self.offset_thread_index(e, lp) => Some(Form {
                coef: 0,
                g: 1,
                bits: EXACT,
            }),
            Expr::Var(v) if Some(*v) == lp.counter => Some(Form::COUNTER),
            // The global index itself, exactly (every part is below 2^31 by
            // the index-fits assumption, so no conversion on the way changes it).
            _ if lp.counter.is_none() && self.global_index(e, lp.top, 0) => Some(Form::COUNTER),
            Expr::Var(v) if lp.shadows.contains_key(v) => {
                let &(value, exact) = lp.shadows.get(v)?;
                if exact {
                    return Some(Form::COUNTER);
                }
                let form = self.form(value, lp, at, depth + 1)?;
                let to = self.kernel.vars.get(v.0 as usize)?.ty;
                convert(form, type_of(self.kernel, value), to)
            }
            Expr::Var(v) => {
                if let Some(&(j, value)) = lp.body_defs.get(v) {
                    if j < at {
                        let form = self.form(value, lp, j, depth + 1)?;
                        let to = self.kernel.vars.get(v.0 as usize)?.ty;
                        return convert(form, type_of(self.kernel, value), to);
                    }
                    return None;
                }
                self.uniform(e, lp.top, lp.scope == Scope::Block, depth)
                    .then_some(Form::SAME)
            }
            Expr::Int(..) | Expr::Float(..) | Expr::Param(_) | Expr::Builtin(_) => self
                .uniform(e, lp.top, lp.scope == Scope::Block, depth)
                .then_some(Form::SAME),
            Expr::Cast(to, inner) => convert(recurse(inner)?, type_of(self.kernel, inner), *to),
            Expr::Unary(op, inner, ty) => {
                let form = convert(recurse(inner)?, type_of(self.kernel, inner), *ty)?;
                // Only an exact 0 difference survives any operation: values
                // equal modulo 2^bits need not be after `!` (0 and 256).
                if form == Form::SAME {
                    return Some(form);
                }
                match op {
                    UnOp::Neg => wrapped(
                        Form {
                            coef: -form.coef,
                            g: -form.g,
                            bits: form.bits,
                        },
                        *ty,
                    ),
                    _ => None,
                }
            }
            Expr::Binary(op, l, r, ty) => {
                // Operands are brought to the operation's type first.
                let fl = convert(recurse(l)?, type_of(self.kernel, l), *ty)?;
                let fr = convert(recurse(r)?, type_of(self.kernel, r), *ty)?;
                // Equal operands give equal results; operands only congruent
                // modulo 2^bits do not (`(v - (unsigned char)v) / 256`).
                if fl == Form::SAME && fr == Form::SAME {
                    return Some(Form::SAME);
                }
                let constant = |e: &Expr| match e {
                    Expr::Int(k, _) => Some(*k),
                    Expr::Cast(_, inner) => match inner.as_ref() {
                        Expr::Int(k, _) => Some(*k),
                        _ => None,
                    },
                    _ => None,
                };
                let form = match op {
                    BinOp::Add | BinOp::Sub => {
                        let (coef, g) = if *op == BinOp::Add {
                            (fl.coef.checked_add(fr.coef)?, fl.g.checked_add(fr.g)?)
                        } else {
                            (fl.coef.checked_sub(fr.coef)?, fl.g.checked_sub(fr.g)?)
                        };
                        Form {
                            coef,
                            g,
                            bits: fl.bits.min(fr.bits),
                        }
                    }
                    BinOp::Mul => match (constant(l), constant(r)) {
                        (_, Some(k)) if fr.is_zero() => scaled(fl, k)?,
                        (Some(k), _) if fl.is_zero() => scaled(fr, k)?,
                        _ => return None,
                    },
                    BinOp::Shl => match constant(r) {
                        Some(s) if fr.is_zero() && (0..62).contains(&s) => scaled(fl, 1 << s)?,
                        _ => return None,
                    },
                    _ => return None,
                };
                if form.coef.abs() > MAX_COEF || form.g.abs() > MAX_COEF {
                    return None;
                }
                wrapped(form, *ty)
            }
            Expr::Select(c, x, y, _) => {
                let all_same = [c, x, y].iter().all(|e| recurse(e) == Some(Form::SAME));
                all_same.then_some(Form::SAME)
            }
            Expr::Apply(_, args, _) => args
                .iter()
                .all(|e| recurse(e) == Some(Form::SAME))
                .then_some(Form::SAME),
        }
    }
}

/// Whether offsets `o + dx` and `o + dy`, where `o`'s difference form over
/// a counter that differs in the two threads by less than 2^`counter_bits`
/// (and is not 0) is `form`, keep accesses of `size` bytes apart (the
/// argument of the module documentation).
fn disjoint_forms(form: Form, dx: i128, dy: i128, size: u32, counter_bits: u32) -> bool {
    // o_x(t1) - o_y(t2) = c * (v1 - v2) + (dx - dy) modulo 2^m, with
    // v1 != v2: at least |c| - |dx - dy| apart without wrap-around.
    let size = i128::from(size.max(1));
    let Some(shift) = dx.checked_sub(dy).map(i128::abs) else {
        return false;
    };
    let coef = form.coef.abs();
    if coef.checked_sub(shift).is_none_or(|apart| apart < size) {
        return false;
    }
    if form.bits == EXACT || form.bits >= 126 {
        return true;
    }
    // With c = 2^e * q (q odd) and m - e >= w: q * (v1 - v2) is not 0
    // modulo 2^(m - e) (q is invertible and 0 < |v1 - v2| < 2^w), so the
    // difference of `o` is a non-zero multiple of 2^e, at least 2^e in
    // absolute value.
    let twos = coef.trailing_zeros();
    if form.bits.saturating_sub(twos) >= counter_bits && (1i128 << twos.min(126)) - shift >= size {
        return true;
    }
    // |c| * |v1 - v2| + |dx - dy| <= |c| * (2^w - 1) + |dx - dy| <= 2^m - s:
    // no wrap-around can bring the ranges together.
    coef.checked_mul((1i128 << counter_bits) - 1)
        .and_then(|spread| spread.checked_add(shift)?.checked_add(size))
        .is_some_and(|needed| needed <= 1i128 << form.bits)
}

/// What the walk over the kernel needs to recognise grid-stride loops.
struct Ctx<'a> {
    loops: &'a LoopTable,
    definitions: &'a HashMap<VarId, u32>,
    /// The range of the step `blockDim.x * gridDim.x`.
    step: Range,
    /// The range of the step `blockDim.x`.
    block_step: Range,
    /// The range of the step `gridDim.x`.
    grid_step: Range,
    /// Whether grid-stride loops are recognised (a one-dimensional grid and
    /// the index-fits assumption).
    grid_scope: bool,
    /// The counter assumption is in force (see `wrap_modulus`).
    counter_fits: bool,
    /// Position of the current top-level statement.
    top: usize,
}

/// The value of `e` when it is an integer constant expression (literals
/// and operators on them, `1 << 10`, `(unsigned)(8 * 128)`), evaluated with
/// C's semantics in its types; None for anything else or undefined
/// behaviour.
fn constant_of(e: &Expr) -> Option<i128> {
    let v = crate::ir::eval::eval_expr(e, &|_| None)?;
    matches!(v.ty, ScalarTy::Int { .. }).then_some(v.bits)
}

/// `e` as `core + d` with a constant `d` (struct fields and neighbouring
/// elements), when the addition is of a signed type (exact: it does not
/// overflow); else `(e, 0)`.
pub(crate) fn split_constant(e: &Expr) -> (&Expr, i128) {
    if let Expr::Binary(op @ (BinOp::Add | BinOp::Sub), l, r, ScalarTy::Int { signed: true, .. }) =
        e
    {
        if let Expr::Int(k, _) = r.as_ref() {
            return (l, if *op == BinOp::Add { *k } else { -*k });
        }
        if let (BinOp::Add, Expr::Int(k, _)) = (op, l.as_ref()) {
            return (r, *k);
        }
    }
    (e, 0)
}

/// An integer type of at least 32 bits.
fn wide_int(ty: ScalarTy) -> bool {
    matches!(ty, ScalarTy::Int { bits, .. } if bits >= 32)
}

/// The largest value of `e` when it is a chain of integer conversions that
/// keep every value (to a type as wide and as signed, or wider and signed)
/// around an expression of an integer type: that type's largest value.
fn value_keeping_max(kernel: &Kernel, mut e: &Expr) -> Option<i128> {
    while let Expr::Cast(to, inner) = e {
        let (lo, hi) = int_bounds(*to)?;
        let (ilo, ihi) = int_bounds(type_of(kernel, inner))?;
        if lo > ilo || hi < ihi {
            return None;
        }
        e = inner;
    }
    int_bounds(type_of(kernel, e)).map(|(_, hi)| hi)
}

/// The values of an integer type.
pub(crate) fn int_bounds(ty: ScalarTy) -> Option<(i128, i128)> {
    let ScalarTy::Int { bits, signed } = ty else {
        return None;
    };
    let bits = u32::from(bits).clamp(1, 64);
    Some(if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    })
}

/// A form converted from type `from` to `to`: unchanged when every value of
/// `from` is one of `to` (value-preserving), else known modulo 2^w of `to`
/// (C's conversion to unsigned, two's complement to signed).
fn convert(form: Form, from: ScalarTy, to: ScalarTy) -> Option<Form> {
    if form.is_zero() {
        return Some(form);
    }
    let (flo, fhi) = int_bounds(from)?;
    let (tlo, thi) = int_bounds(to)?;
    if tlo <= flo && fhi <= thi {
        return Some(form);
    }
    let ScalarTy::Int { bits, .. } = to else {
        return None;
    };
    Some(Form {
        coef: form.coef,
        g: form.g,
        bits: form.bits.min(u32::from(bits)),
    })
}

/// The result of an operation of type `ty`: unsigned arithmetic wraps
/// modulo 2^w; signed arithmetic does not overflow (undefined behaviour).
fn wrapped(form: Form, ty: ScalarTy) -> Option<Form> {
    match ty {
        ScalarTy::Int { signed: true, .. } => Some(form),
        ScalarTy::Int { bits, .. } => Some(Form {
            coef: form.coef,
            g: form.g,
            bits: form.bits.min(u32::from(bits)),
        }),
        _ if form == Form::SAME => Some(form),
        _ => None,
    }
}

/// `form` multiplied by the constant `k`: the difference scales, and a
/// congruence modulo 2^m becomes one modulo 2^(m + the twos in k).
fn scaled(form: Form, k: i128) -> Option<Form> {
    if k == 0 {
        return Some(Form::SAME);
    }
    let coef = form.coef.checked_mul(k)?;
    let g = form.g.checked_mul(k)?;
    let bits = if form.bits == EXACT {
        EXACT
    } else {
        form.bits.saturating_add(k.trailing_zeros())
    };
    Some(Form { coef, g, bits })
}
