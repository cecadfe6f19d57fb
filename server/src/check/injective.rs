//! Pairs of accesses decided without the solver: byte offsets injective in
//! the thread id.
//!
//! Theorem. Let two distinct threads t1, t2 of one block (blockDim.y =
//! blockDim.z = 1, so t1.x != t2.x) access the bytes [o1, o1 + s1) and
//! [o2, o2 + s2), where o1 - o2 = c * (t1.x - t2.x) modulo 2^m (or exactly),
//! with s = max(s1, s2), |c| >= s and |c| * (blockDim.x - 1) <= 2^m - s. Then
//! the byte ranges are disjoint. Proof: o1 - o2 = k + j * 2^m with k = c *
//! (t1.x - t2.x), so s <= |c| <= |k| <= 2^m - s. If j = 0, |o1 - o2| = |k| >= s;
//! otherwise |o1 - o2| >= 2^m - |k| >= s. Either way neither range reaches the
//! other's start.
//!
//! The congruence comes from the offset expression: `threadIdx.x` has
//! coefficient 1; a value the same in both threads (uniform within the block,
//! at the same dynamic instance) has coefficient 0 and difference exactly 0;
//! `+`, `-`, negation, multiplication and left shift by a constant combine
//! coefficients; and every operation or conversion of a `w`-bit integer type
//! is exact or wraps modulo 2^w (the encoder's unsigned arithmetic), which
//! keeps the congruence modulo 2^min(m, w) (multiplying by `k` multiplies the
//! modulus by the power of two dividing `k`). Anything else thread-dependent
//! (division, bit masks, selects, memory values, locals with several
//! definitions) makes the analysis give up: the pair goes to the solver.
//!
//! Offsets `o + dx` and `o + dy` (two fields of one struct element, added
//! by exact signed additions) need only `|c| - |dx - dy| >= s` and
//! `|c| * (blockDim.x - 1) + |dx - dy| <= 2^m - s`: the difference is then
//! `c * (t1.x - t2.x) + (dx - dy)`, shifted by less than one stride.
//!
//! Which pairs this decides. For one statement in the same iteration of every
//! loop around it (the same dynamic instance), both threads evaluate one
//! expression with the same uniform values: the theorem applies. For two
//! statements, or different loop iterations, the offset must be the same
//! expression at both and *invariant*: built from `threadIdx`, constants,
//! parameters, launch sizes, `blockIdx`, and locals with a single definition
//! at the kernel's top level before the access (evaluated once per thread,
//! with uniform values equal in both threads). Threads of different blocks
//! are never decided by this theorem.
//!
//! Under a launch whose blocks have one thread (every extent known to be 1:
//! given, or 1 by the unused-dimensions assumption the encoder also makes),
//! no two distinct threads share a block: every same-block scenario is
//! decided whatever the offsets (a `<<<1, 1>>>` launch has no race at all).
//!
//! A second theorem decides pairs in every scenario: if the byte ranges two
//! accesses can ever touch, over every thread, block and iteration, are
//! disjoint intervals, no two threads share a byte. The intervals are
//! evaluated over offsets built from constants, thread and block ids and
//! launch sizes with known bounds, `+`, `-`, `*`, and locals with a single
//! top-level definition; an intermediate value that may leave its type's
//! range (where the encoder's arithmetic could wrap) makes it give up.
//! An access inside `if (threadIdx.x < c)` (or `<=`, `>`, `>=`, `==` with
//! an integer constant, conjuncts of a true test, disjuncts of a false one,
//! `threadIdx` through value-keeping conversions and single definitions)
//! happens only in threads whose `threadIdx.x` passed that test, and a
//! thread's `threadIdx` never changes: its interval is evaluated with those
//! bounds (`if (threadIdx.x < R) tile[threadIdx.x] = ...` beside
//! `tile[threadIdx.x + R]`: [0, R) against [R, R + blockDim.x)).
//!
//! An access inside a branch taken only when a thread or block id is at
//! least its extent (`if (blockIdx.x == gridDim.x)`, `threadIdx.y >=
//! blockDim.y`, their mirror images and negations, as a conjunct) runs in
//! no thread, since every id lies in [0, extent): it touches no byte, so no
//! pair with it needs the solver (see `never_holds`).
//!
//! A local every definition of which assigns one and the same integer
//! constant counts as a single definition by that constant at its first
//! top-level assignment (`ir::walk::top_level_fixed_defs`).

use crate::base::{HashMap, HashSet};

use crate::analysis::Uniformity;
use crate::config::CheckOptions;
use crate::ir::walk::for_each_stmt;
use crate::ir::{Access, BinOp, Builtin, Expr, Kernel, ScalarTy, StmtId, StmtKind, UnOp, VarId};

/// The accesses of `kernel` inside a branch of an `if` whose test, with
/// that branch's polarity, holds in no thread (see [`never_holds`]).
fn never_run_accesses(kernel: &Kernel) -> HashSet<StmtId> {
    let mut never_run = HashSet::default();
    for_each_stmt(&kernel.body, &mut |s| {
        let StmtKind::If { cond, then_, else_ } = &s.kind else {
            return;
        };
        for (block, polarity) in [(then_, true), (else_, false)] {
            if never_holds(cond, polarity, 0) {
                for_each_stmt(block, &mut |inner| {
                    if matches!(
                        inner.kind,
                        StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::Atomic { .. }
                    ) {
                        never_run.insert(inner.id);
                    }
                });
            }
        }
    });
    never_run
}

/// Whether `cond == polarity` holds in no thread of any launch: it says
/// (as a conjunct of a true `&&`, a disjunct of a false `||`, through `!`)
/// that `blockIdx.d` is at least `gridDim.d` or `threadIdx.d` at least
/// `blockDim.d` (`blockIdx.x == gridDim.x`, `threadIdx.y >= blockDim.y`,
/// mirrored or negated forms alike). Why it never holds: in CUDA and
/// OpenCL every id lies in [0, extent) (PTX ISA, special registers
/// `%tid`/`%ctaid`; OpenCL `get_local_id`/`get_group_id`), and both
/// sides are compared as their values: they are read directly or through
/// conversions to integer types of 32 bits or more, which keep every id
/// and extent (all below 2^31), so no comparison wraps or changes sign.
fn never_holds(cond: &Expr, polarity: bool, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    match cond {
        Expr::Unary(UnOp::Not, inner, _) => never_holds(inner, !polarity, depth + 1),
        // `l && r` true needs both true; `l || r` false needs both false.
        Expr::Binary(BinOp::And, l, r, _) if polarity => {
            never_holds(l, true, depth + 1) || never_holds(r, true, depth + 1)
        }
        Expr::Binary(BinOp::Or, l, r, _) if !polarity => {
            never_holds(l, false, depth + 1) || never_holds(r, false, depth + 1)
        }
        // `l && r` false needs one false; `l || r` true needs one true.
        Expr::Binary(BinOp::And, l, r, _) => {
            never_holds(l, false, depth + 1) && never_holds(r, false, depth + 1)
        }
        Expr::Binary(BinOp::Or, l, r, _) => {
            never_holds(l, true, depth + 1) && never_holds(r, true, depth + 1)
        }
        Expr::Binary(op, l, r, _) if op.is_comparison() => {
            // The comparison as it holds: its negation when the test failed.
            let op = match (polarity, op) {
                (true, op) => *op,
                (false, BinOp::Lt) => BinOp::Ge,
                (false, BinOp::Le) => BinOp::Gt,
                (false, BinOp::Gt) => BinOp::Le,
                (false, BinOp::Ge) => BinOp::Lt,
                (false, BinOp::Eq) => BinOp::Ne,
                (false, _) => BinOp::Eq,
            };
            // `id op extent`, or `extent op id` as its mirror image.
            let (id, op, extent) = match op {
                BinOp::Lt => (r, BinOp::Gt, l),
                BinOp::Le => (r, BinOp::Ge, l),
                other => (l, other, r),
            };
            let at_least = matches!(op, BinOp::Eq | BinOp::Ge | BinOp::Gt);
            let pair = (id_value(id), id_value(extent));
            at_least
                && matches!(
                    pair,
                    (Some(Builtin::BlockIdx(a)), Some(Builtin::GridDim(b)))
                    | (Some(Builtin::ThreadIdx(a)), Some(Builtin::BlockDim(b))) if a == b
                )
                || op == BinOp::Eq
                    && matches!(
                        pair,
                        (Some(Builtin::GridDim(a)), Some(Builtin::BlockIdx(b)))
                        | (Some(Builtin::BlockDim(a)), Some(Builtin::ThreadIdx(b))) if a == b
                    )
        }
        _ => false,
    }
}

/// The launch builtin `e` reads, directly or through conversions to
/// integer types of 32 bits or more (which keep its value: every id and
/// extent is below 2^31).
fn id_value(e: &Expr) -> Option<Builtin> {
    match e {
        Expr::Builtin(b) => Some(*b),
        Expr::Cast(ScalarTy::Int { bits, .. }, inner) if *bits >= 32 => id_value(inner),
        _ => None,
    }
}

/// The modulus exponent of an exact difference.
const EXACT: u32 = u32::MAX;

/// Lower and upper bounds (None: none known) on `threadIdx.x`, `.y`, `.z`.
type TidBounds = [(Option<i128>, Option<i128>); 3];

/// No bound known.
const UNBOUNDED: TidBounds = [(None, None); 3];

/// The largest coefficient kept (beyond it the analysis gives up).
const MAX_COEF: i128 = 1 << 62;

/// How an expression's value differs between two threads of one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Affine {
    /// Value(t1) - value(t2) = `coef` * (t1.x - t2.x) modulo 2^`bits`.
    coef: i128,
    /// The modulus exponent ([`EXACT`]: no modulus).
    bits: u32,
    /// The value is the same at every evaluation in a thread (it does not
    /// depend on loop iterations or on where it is evaluated).
    invariant: bool,
}

impl Affine {
    fn same(invariant: bool) -> Affine {
        Affine {
            coef: 0,
            bits: EXACT,
            invariant,
        }
    }

    /// The value is exactly the same in both threads. A coefficient of 0
    /// with a modulus only says the two values agree modulo 2^bits
    /// (`threadIdx.x - (unsigned char)threadIdx.x` is 0 or 256), which
    /// operations other than `+`, `-`, `*` and `<<` do not preserve.
    fn is_same(self) -> bool {
        self.coef == 0 && self.bits == EXACT
    }
}

/// Decides same-block scenarios of pairs of accesses whose offsets are
/// injective in the thread id (see the module documentation).
pub(crate) struct InjectiveOffsets<'k> {
    kernel: &'k Kernel,
    uniformity: Uniformity,
    /// The access of every memory statement.
    accesses: HashMap<StmtId, &'k Access>,
    /// Position of each statement's top-level ancestor in the kernel body.
    top_index: HashMap<StmtId, usize>,
    /// Locals defined once, by an assignment at the top level, and locals
    /// only ever assigned one constant: the position and the value.
    single_defs: HashMap<VarId, (usize, &'k Expr)>,
    /// The most threads a block may have along x.
    max_block_x: i128,
    /// Whether blocks are known to be one-dimensional (y and z extent 1).
    one_dimensional: bool,
    /// The bounds of every access's offset (see [`Self::range`]), computed
    /// once: pair enumeration asks for them for every pair.
    offset_ranges: HashMap<StmtId, (i128, i128)>,
    /// Accesses no thread executes: inside a branch taken only when a
    /// thread or block id is at least its extent (see [`never_holds`]).
    never_run: HashSet<StmtId>,
    /// The bounds the tests of the `if`s around an access give its thread's
    /// `threadIdx` (see [`Self::guard_walk`]; absent: none).
    guards: HashMap<StmtId, TidBounds>,
    /// Block extents, when known.
    block_dims: [Option<u32>; 3],
    /// Grid extents, when known.
    grid_dims: Option<[u32; 3]>,
    /// `--adversarial-abstraction`: two reads of one uniform address may
    /// return different values, so a local read from memory (or computed from
    /// one) is not known to be the same in both threads.
    adversarial: bool,
    /// Multi-dimensional layouts (`check::delinear`).
    pub(crate) delinear: super::delinear::Delinear<'k>,
    /// Offsets over power-of-two loop counters (`check::pow2`), built on
    /// the first pair that asks (most kernels never do: their tables were
    /// a tenth of the analyses' cost).
    pow2: std::sync::OnceLock<super::pow2::Pow2Offsets<'k>>,
}

impl<'k> InjectiveOffsets<'k> {
    /// The analysis of `kernel` under the launch of `opts`, for pairs of
    /// the accesses in `paired` (other accesses are never asked about: see
    /// `sdv::paired_accesses`; their offsets are not analysed);
    /// `fixed_defs` is `walk::top_level_fixed_defs(kernel)`.
    pub(crate) fn new(
        kernel: &'k Kernel,
        opts: &CheckOptions,
        uniformity: Uniformity,
        paired: &HashSet<StmtId>,
        fixed_defs: HashMap<VarId, (usize, &'k Expr)>,
    ) -> InjectiveOffsets<'k> {
        let known = super::symexec::known_block_dims(kernel, opts);
        let mut accesses = HashMap::default();
        let mut top_index = HashMap::default();
        for (index, top) in kernel.body.stmts.iter().enumerate() {
            let mut visit = |s: &'k crate::ir::Stmt| {
                top_index.insert(s.id, index);
                match &s.kind {
                    StmtKind::Read { access, .. }
                    | StmtKind::Write { access, .. }
                    | StmtKind::Atomic { access, .. } => {
                        accesses.insert(s.id, access);
                    }
                    _ => {}
                }
            };
            visit(top);
            for child in crate::ir::walk::child_blocks(top) {
                for_each_stmt(child, &mut visit);
            }
        }
        // Single definitions, and locals only ever assigned one constant.
        let single_defs = fixed_defs;
        let delinear = super::delinear::Delinear::new(kernel, opts, &uniformity, Some(paired));
        let mut analysis = InjectiveOffsets {
            kernel,
            uniformity,
            accesses,
            top_index,
            single_defs,
            max_block_x: known[0].map_or(1024, i128::from).max(1),
            one_dimensional: known[1] == Some(1) && known[2] == Some(1),
            offset_ranges: HashMap::default(),
            never_run: never_run_accesses(kernel),
            guards: HashMap::default(),
            block_dims: known,
            grid_dims: opts.launch.grid_dim,
            adversarial: opts.adversarial_abstraction,
            delinear,
            pow2: std::sync::OnceLock::new(),
        };
        let mut guards = HashMap::default();
        for (index, top) in kernel.body.stmts.iter().enumerate() {
            analysis.guard_walk(std::slice::from_ref(top), index, UNBOUNDED, &mut guards);
        }
        let ranges = analysis
            .accesses
            .iter()
            .filter(|(id, _)| paired.contains(id))
            .filter_map(|(id, access)| {
                let at = *analysis.top_index.get(id)?;
                let tids = guards.get(id).unwrap_or(&UNBOUNDED);
                Some((*id, analysis.range(&access.offset, at, 0, tids)?))
            })
            .collect();
        analysis.offset_ranges = ranges;
        analysis.guards = guards;
        analysis
    }

    /// Records, for each access in `stmts` (inside top-level statement
    /// `at`), the bounds on its thread's `threadIdx` that the tests of the
    /// `if`s around it give (`bounds`: those of the enclosing ones).
    fn guard_walk(
        &self,
        stmts: &'k [crate::ir::Stmt],
        at: usize,
        bounds: TidBounds,
        out: &mut HashMap<StmtId, TidBounds>,
    ) {
        for s in stmts {
            match &s.kind {
                StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::Atomic { .. } => {
                    if bounds != UNBOUNDED {
                        out.insert(s.id, bounds);
                    }
                }
                StmtKind::If { cond, then_, else_ } => {
                    for (block, polarity) in [(then_, true), (else_, false)] {
                        let mut inner = bounds;
                        self.guard_bounds(cond, polarity, at, &mut inner, 0);
                        self.guard_walk(&block.stmts, at, inner, out);
                    }
                }
                // A loop's test is not read (a `do` body runs once without
                // it); the bounds of the `if`s around the loop still hold in
                // it: a thread's `threadIdx` never changes.
                _ => {
                    for child in crate::ir::walk::child_blocks(s) {
                        self.guard_walk(&child.stmts, at, bounds, out);
                    }
                }
            }
        }
    }

    /// Narrows `bounds` by what `cond == polarity` says about `threadIdx`:
    /// comparisons of a thread index (see [`Self::thread_index_of`]) with an
    /// integer constant, conjuncts of `&&` when true and of `||` when false.
    /// The thread that passed the test is the thread at the access, and its
    /// `threadIdx` is the same there.
    fn guard_bounds(
        &self,
        cond: &Expr,
        polarity: bool,
        at: usize,
        bounds: &mut TidBounds,
        depth: u32,
    ) {
        if depth > 16 {
            return;
        }
        let (op, l, r) = match cond {
            Expr::Binary(BinOp::And, l, r, _) if polarity => {
                self.guard_bounds(l, true, at, bounds, depth + 1);
                self.guard_bounds(r, true, at, bounds, depth + 1);
                return;
            }
            Expr::Binary(BinOp::Or, l, r, _) if !polarity => {
                self.guard_bounds(l, false, at, bounds, depth + 1);
                self.guard_bounds(r, false, at, bounds, depth + 1);
                return;
            }
            Expr::Unary(UnOp::Not, inner, _) => {
                self.guard_bounds(inner, !polarity, at, bounds, depth + 1);
                return;
            }
            Expr::Binary(op, l, r, _) if op.is_comparison() => (*op, l, r),
            _ => return,
        };
        // `threadIdx op c`, or `c op threadIdx` read as its mirror image.
        let constant = |e: &Expr| match e {
            Expr::Int(c, ty) => fits((*c, *c), *ty).map(|_| *c),
            _ => None,
        };
        let (dim, op, c) = match (self.thread_index_of(l, at, 0), constant(r)) {
            (Some(d), Some(c)) => (d, op, c),
            _ => match (constant(l), self.thread_index_of(r, at, 0)) {
                (Some(c), Some(d)) => {
                    let mirrored = match op {
                        BinOp::Lt => BinOp::Gt,
                        BinOp::Le => BinOp::Ge,
                        BinOp::Gt => BinOp::Lt,
                        BinOp::Ge => BinOp::Le,
                        other => other,
                    };
                    (d, mirrored, c)
                }
                _ => return,
            },
        };
        // The comparison as it holds: its negation when the test failed.
        let op = if polarity {
            op
        } else {
            match op {
                BinOp::Lt => BinOp::Ge,
                BinOp::Le => BinOp::Gt,
                BinOp::Gt => BinOp::Le,
                BinOp::Ge => BinOp::Lt,
                BinOp::Eq => BinOp::Ne,
                _ => BinOp::Eq,
            }
        };
        let Some((lo, hi)) = bounds.get_mut(usize::from(dim)) else {
            return;
        };
        let (below, above) = match op {
            BinOp::Lt => (None, c.checked_sub(1)),
            BinOp::Le => (None, Some(c)),
            BinOp::Gt => (c.checked_add(1), None),
            BinOp::Ge => (Some(c), None),
            BinOp::Eq => (Some(c), Some(c)),
            _ => (None, None),
        };
        if let Some(b) = below {
            *lo = Some(lo.map_or(b, |l| l.max(b)));
        }
        if let Some(a) = above {
            *hi = Some(hi.map_or(a, |h| h.min(a)));
        }
    }

    /// The dimension `d` when `e`, evaluated at top-level position `at`,
    /// is exactly `threadIdx.d`: the builtin, through conversions to integer
    /// types of 32 bits or more (which keep every thread index, all below
    /// 2^31), and through locals with a single top-level definition before
    /// `at` that is one.
    fn thread_index_of(&self, e: &Expr, at: usize, depth: u32) -> Option<u8> {
        if depth > 16 {
            return None;
        }
        match e {
            Expr::Builtin(Builtin::ThreadIdx(d)) => Some(*d),
            Expr::Cast(ScalarTy::Int { bits, .. }, inner) if *bits >= 32 => {
                self.thread_index_of(inner, at, depth + 1)
            }
            Expr::Var(v) => {
                let &(def_at, value) = self.single_defs.get(v)?;
                let wide = matches!(
                    self.kernel.vars.get(v.0 as usize).map(|d| d.ty),
                    Some(ScalarTy::Int { bits, .. }) if bits >= 32
                );
                if def_at >= at || !wide {
                    return None;
                }
                self.thread_index_of(value, def_at, depth + 1)
            }
            _ => None,
        }
    }

    /// Whether two distinct threads of one block can never touch a common
    /// byte at accesses `a` and `b` in a scenario where they share
    /// `shared_loops` enclosing loops (see the module documentation).
    pub(crate) fn disjoint_in_block(
        &self,
        a: StmtId,
        b: StmtId,
        shared_loops: usize,
        a_loops: usize,
    ) -> bool {
        // A block of one thread (every extent known to be 1) has no two
        // distinct threads: nothing to compare, whatever the offsets.
        if self.block_dims.iter().all(|d| *d == Some(1)) {
            return true;
        }
        // The uniformity this theorem reads assumes reads of one address agree.
        if !self.one_dimensional || self.adversarial {
            return false;
        }
        let (Some(x), Some(y)) = (self.accesses.get(&a), self.accesses.get(&b)) else {
            return false;
        };
        // Offsets are relative to the array: two arrays that may alias (pointer
        // parameters) can have different bases. Offsets `o + dx` and `o + dy`
        // (fields of one struct element: exact, signed additions) share `o`.
        let ((core_x, dx), (core_y, dy)) = (
            super::grid_stride::split_constant(&x.offset),
            super::grid_stride::split_constant(&y.offset),
        );
        if x.array != y.array || core_x != core_y {
            return false;
        }
        let Some(&at) = self.top_index.get(&a) else {
            return false;
        };
        // For a different statement, `b`'s top-level position must see the
        // same definitions: invariance below requires every local's single
        // definition to precede both.
        let at = match self.top_index.get(&b) {
            Some(&bt) => at.min(bt),
            None => return false,
        };
        let Some(form) = self.affine(core_x, at, false, 0) else {
            return false;
        };
        let same_instance = a == b && shared_loops == a_loops;
        if !(same_instance || form.invariant) {
            return false;
        }
        let size = i128::from(x.size.max(y.size).max(1));
        // The theorem of the module documentation with the offsets shifted
        // by dx and dy: o(t1) + dx - (o(t2) + dy) = c * (t1.x - t2.x) +
        // (dx - dy) modulo 2^m, with 0 < |t1.x - t2.x| < blockDim.x. Without
        // wrap-around it is at least |c| - |dx - dy| >= s in absolute value;
        // with |c| * (blockDim.x - 1) + |dx - dy| <= 2^m - s, a wrapped
        // difference is at least 2^m - (|c| * (blockDim.x - 1) + |dx - dy|)
        // >= s away. Either way the byte ranges are disjoint.
        let Some(shift) = dx.checked_sub(dy).map(i128::abs) else {
            return false;
        };
        let coef = form.coef.abs();
        if coef.checked_sub(shift).is_none_or(|apart| apart < size) {
            return false;
        }
        let Some(spread) = coef
            .checked_mul(self.max_block_x - 1)
            .and_then(|s| s.checked_add(shift))
        else {
            return false;
        };
        form.bits == EXACT || (form.bits < 120 && spread <= (1i128 << form.bits) - size)
    }

    /// The power-of-two enumeration theorem (`check::pow2`) for the pair
    /// `a`, `b` of threads of one block in the same iteration of
    /// `shared_loops`; its tables are built on the first call.
    pub(crate) fn pow2_disjoint_in_block(
        &self,
        a: StmtId,
        b: StmtId,
        shared_loops: &[StmtId],
    ) -> bool {
        if !super::pow2::Pow2Offsets::applies(self.block_dims, self.adversarial) {
            return false;
        }
        self.pow2
            .get_or_init(|| {
                super::pow2::Pow2Offsets::new(
                    self.kernel,
                    self.block_dims,
                    self.adversarial,
                    self.uniformity.clone(),
                )
            })
            .disjoint_in_block(a, b, shared_loops)
    }

    /// Whether the bytes accesses `a` and `b` may ever touch lie in disjoint
    /// intervals (any threads, blocks, iterations; see the module
    /// documentation).
    pub(crate) fn disjoint_ranges(&self, a: StmtId, b: StmtId) -> bool {
        // An access no thread executes touches no byte.
        if self.never_run.contains(&a) || self.never_run.contains(&b) {
            return true;
        }
        let (Some(x), Some(y)) = (self.accesses.get(&a), self.accesses.get(&b)) else {
            return false;
        };
        if x.array != y.array {
            return false;
        }
        let (Some(&(alo, ahi)), Some(&(blo, bhi))) =
            (self.offset_ranges.get(&a), self.offset_ranges.get(&b))
        else {
            return false;
        };
        // [alo, ahi + size_a) and [blo, bhi + size_b) do not intersect.
        ahi + i128::from(x.size) <= blo || bhi + i128::from(y.size) <= alo
    }

    /// Whether `--adversarial-abstraction` is on: reads of one uniform
    /// address may then differ between threads, so a value computed from a
    /// read is not the same in the threads of a block.
    pub(crate) fn adversarial(&self) -> bool {
        self.adversarial
    }

    /// Theorem (pinned thread). In a block of one dimension (y and z extents
    /// 1), let access `b` run only in threads with `threadIdx.x == k` (the
    /// `if`s around it say so: [`Self::guard_walk`]), so only thread k of
    /// a block executes it. A race within a block between `a` and `b` needs
    /// `a` in another thread of that block, whose `threadIdx.x` lies in
    /// [0, k - 1] or [k + 1, blockDim.x - 1] (and within `a`'s own guards).
    /// If the bytes `a` may touch in threads of each of those ranges (the
    /// interval evaluation of [`Self::range`] with those bounds) lie apart
    /// from every byte `b` may touch, the two never share a byte in two
    /// distinct threads of one block: `if (tid < d) s[tid] = ..` against
    /// `if (tid == 0) out = s[0]`. Either access may be the pinned one.
    /// It says nothing about threads of different blocks, which may both
    /// have `threadIdx.x == k`.
    pub(crate) fn pinned_thread_apart(&self, a: StmtId, b: StmtId) -> bool {
        self.pinned_apart(a, b) || self.pinned_apart(b, a)
    }

    /// [`Self::pinned_thread_apart`] with `pinned` the access that runs in
    /// one thread of a block.
    fn pinned_apart(&self, other: StmtId, pinned: StmtId) -> bool {
        if !self.one_dimensional {
            return false;
        }
        let Some(k) = self.guards.get(&pinned).and_then(|g| match g[0] {
            (Some(lo), Some(hi)) if lo == hi => Some(lo),
            _ => None,
        }) else {
            return false;
        };
        let (Some(x), Some(y)) = (self.accesses.get(&other), self.accesses.get(&pinned)) else {
            return false;
        };
        // Offsets are relative to their arrays: two that may alias can
        // have different bases.
        if x.array != y.array {
            return false;
        }
        let (Some(&at), Some(&(plo, phi))) =
            (self.top_index.get(&other), self.offset_ranges.get(&pinned))
        else {
            return false;
        };
        let own = self.guards.get(&other).copied().unwrap_or(UNBOUNDED);
        let (own_lo, own_hi) = own[0];
        // Every thread of a block has `threadIdx.x` below the block's
        // extent, at most `max_block_x` (the hardware limit when unknown).
        let top = own_hi.map_or(self.max_block_x - 1, |h| h.min(self.max_block_x - 1));
        let bottom = own_lo.map_or(0, |l| l.max(0));
        for (lo, hi) in [(bottom, top.min(k - 1)), (bottom.max(k + 1), top)] {
            // No thread in this range.
            if lo > hi {
                continue;
            }
            let mut tids = own;
            tids[0] = (Some(lo), Some(hi));
            let Some((olo, ohi)) = self.range(&x.offset, at, 0, &tids) else {
                return false;
            };
            // [olo, ohi + size_other) and [plo, phi + size_pinned) apart.
            let apart = ohi + i128::from(x.size) <= plo || phi + i128::from(y.size) <= olo;
            if !apart {
                return false;
            }
        }
        true
    }

    /// Bounds of every value `e` may take at top-level position `at`, when
    /// no operation on the way can wrap around its type.
    /// `tids`: bounds on the thread's `threadIdx` where the access happens
    /// (the tests of the `if`s around it; see [`Self::guard_walk`]).
    fn range(&self, e: &Expr, at: usize, depth: u32, tids: &TidBounds) -> Option<(i128, i128)> {
        if depth > 16 {
            return None;
        }
        let block = |d: &u8| self.block_dims.get(usize::from(*d)).copied().flatten();
        let grid = |d: &u8| self.grid_dims.and_then(|g| g.get(usize::from(*d)).copied());
        let r = match e {
            Expr::Int(v, _) => (*v, *v),
            Expr::Builtin(Builtin::ThreadIdx(d)) => {
                let (lo, hi) = tids.get(usize::from(*d)).copied().unwrap_or((None, None));
                let extent_hi = block(d).map(|n| i128::from(n) - 1);
                let hi = match (hi, extent_hi) {
                    (Some(a), Some(b)) => a.min(b),
                    (a, b) => a.or(b)?,
                };
                (lo.map_or(0, |l| l.max(0)), hi)
            }
            Expr::Builtin(Builtin::BlockDim(d)) => {
                let n = i128::from(block(d)?);
                (n, n)
            }
            Expr::Builtin(Builtin::BlockIdx(d)) => (0, i128::from(grid(d)?) - 1),
            Expr::Builtin(Builtin::GridDim(d)) => {
                let n = i128::from(grid(d)?);
                (n, n)
            }
            Expr::Var(v) => {
                let &(def_at, value) = self.single_defs.get(v)?;
                if def_at >= at {
                    return None;
                }
                let ty = self.kernel.vars.get(v.0 as usize)?.ty;
                return fits(self.range(value, def_at, depth + 1, tids)?, ty);
            }
            Expr::Cast(ty, inner) => return fits(self.range(inner, at, depth + 1, tids)?, *ty),
            Expr::Binary(op, l, r, ty) => {
                let a = self.range(l, at, depth + 1, tids)?;
                let b = self.range(r, at, depth + 1, tids)?;
                let r = match op {
                    BinOp::Add => (a.0.checked_add(b.0)?, a.1.checked_add(b.1)?),
                    BinOp::Sub => (a.0.checked_sub(b.1)?, a.1.checked_sub(b.0)?),
                    BinOp::Mul => {
                        let p = [
                            a.0.checked_mul(b.0)?,
                            a.0.checked_mul(b.1)?,
                            a.1.checked_mul(b.0)?,
                            a.1.checked_mul(b.1)?,
                        ];
                        (*p.iter().min()?, *p.iter().max()?)
                    }
                    _ => return None,
                };
                return fits(r, *ty);
            }
            _ => return None,
        };
        (r.0 <= r.1).then_some(r)
    }

    /// The difference form of `e` evaluated at top-level position `at`
    /// (`in_def`: inside a top-level definition, evaluated once per thread).
    fn affine(&self, e: &Expr, at: usize, in_def: bool, depth: u32) -> Option<Affine> {
        if depth > 16 {
            return None;
        }
        let width = |ty: ScalarTy| match ty {
            ScalarTy::Int { bits, .. } => Some(u32::from(bits)),
            _ => None,
        };
        match e {
            Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => Some(Affine::same(true)),
            Expr::Builtin(Builtin::ThreadIdx(0)) => Some(Affine {
                coef: 1,
                bits: EXACT,
                invariant: true,
            }),
            // y and z are 0 in every thread of a one-dimensional block; the
            // other builtins are the same in every thread of a block.
            Expr::Builtin(_) => Some(Affine::same(true)),
            Expr::Var(v) => {
                if let Some(&(def_at, value)) = self.single_defs.get(v) {
                    if def_at < at {
                        let form = self.affine(value, def_at, true, depth + 1)?;
                        // Stored in the local's type.
                        let var_bits = self.kernel.vars.get(v.0 as usize).and_then(|d| width(d.ty));
                        let value_bits = width(super::symexec::type_of(self.kernel, value));
                        if form.is_same() {
                            return Some(form);
                        }
                        let (Some(vb), Some(eb)) = (var_bits, value_bits) else {
                            return None;
                        };
                        return Some(Affine {
                            bits: form.bits.min(vb).min(eb),
                            ..form
                        });
                    }
                }
                // A uniform local is the same in both threads at the same
                // dynamic instance; evaluated once per thread (inside a
                // top-level definition) it is also invariant.
                self.uniformity
                    .is_uniform_var(*v)
                    .then_some(Affine::same(in_def))
            }
            Expr::Cast(ty, inner) => {
                let form = self.affine(inner, at, in_def, depth + 1)?;
                if form.is_same() {
                    return Some(form);
                }
                let to = width(*ty)?;
                let from = width(super::symexec::type_of(self.kernel, inner))?;
                Some(Affine {
                    bits: form.bits.min(to).min(from),
                    ..form
                })
            }
            Expr::Unary(op, inner, ty) => {
                let form = self.affine(inner, at, in_def, depth + 1)?;
                if form.is_same() {
                    return Some(form);
                }
                match op {
                    UnOp::Neg => Some(Affine {
                        coef: -form.coef,
                        bits: form.bits.min(width(*ty)?),
                        ..form
                    }),
                    _ => None,
                }
            }
            Expr::Binary(op, l, r, ty) => {
                let fl = self.affine(l, at, in_def, depth + 1)?;
                let fr = self.affine(r, at, in_def, depth + 1)?;
                let invariant = fl.invariant && fr.invariant;
                // Equal operands give equal results, whatever the operation.
                if fl.is_same() && fr.is_same() {
                    return Some(Affine::same(invariant));
                }
                let w = width(*ty)?;
                let scaled = |form: Affine, k: i128| -> Option<Affine> {
                    if k == 0 {
                        return Some(Affine::same(form.invariant));
                    }
                    let coef = form.coef.checked_mul(k).filter(|c| c.abs() <= MAX_COEF)?;
                    let bits = if form.bits == EXACT {
                        w
                    } else {
                        form.bits.saturating_add(k.trailing_zeros()).min(w)
                    };
                    Some(Affine {
                        coef,
                        bits,
                        invariant,
                    })
                };
                let constant = |e: &Expr| match e {
                    Expr::Int(k, _) => Some(*k),
                    _ => None,
                };
                match op {
                    BinOp::Add | BinOp::Sub => {
                        let coef = if *op == BinOp::Add {
                            fl.coef.checked_add(fr.coef)?
                        } else {
                            fl.coef.checked_sub(fr.coef)?
                        };
                        (coef.abs() <= MAX_COEF).then_some(Affine {
                            coef,
                            bits: fl.bits.min(fr.bits).min(w),
                            invariant,
                        })
                    }
                    BinOp::Mul => match (constant(l), constant(r)) {
                        (_, Some(k)) => scaled(fl, k),
                        (Some(k), _) => scaled(fr, k),
                        _ => None,
                    },
                    BinOp::Shl => match constant(r) {
                        Some(s) if (0..i128::from(w).min(62)).contains(&s) => scaled(fl, 1 << s),
                        _ => None,
                    },
                    _ => None,
                }
            }
            Expr::Select(c, x, y, _) => {
                let forms = [c, x, y].map(|e| self.affine(e, at, in_def, depth + 1));
                self.all_same(&forms)
            }
            Expr::Apply(_, args, _) => {
                let forms: Vec<_> = args
                    .iter()
                    .map(|e| self.affine(e, at, in_def, depth + 1))
                    .collect();
                self.all_same(&forms)
            }
        }
    }

    /// Equal operands everywhere: an equal result.
    fn all_same(&self, forms: &[Option<Affine>]) -> Option<Affine> {
        let mut invariant = true;
        for form in forms {
            let form = (*form)?;
            if !form.is_same() {
                return None;
            }
            invariant &= form.invariant;
        }
        Some(Affine::same(invariant))
    }
}

/// `range` when every value in it is representable in `ty` (so no
/// arithmetic producing it wrapped around); None otherwise.
fn fits(range: (i128, i128), ty: ScalarTy) -> Option<(i128, i128)> {
    let ScalarTy::Int { bits, signed } = ty else {
        return None;
    };
    let bits = u32::from(bits).clamp(1, 64);
    let (min, max) = if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    (range.0 >= min && range.1 <= max && range.0 <= range.1).then_some(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(b: Builtin) -> Box<Expr> {
        Box::new(Expr::Builtin(b))
    }

    fn cmp(op: BinOp, l: Box<Expr>, r: Box<Expr>) -> Expr {
        Expr::Binary(op, l, r, ScalarTy::Bool)
    }

    #[test]
    fn ids_at_least_their_extent_never_hold() {
        let (bid, grid) = (Builtin::BlockIdx(0), Builtin::GridDim(0));
        let (tid_y, block_y) = (Builtin::ThreadIdx(1), Builtin::BlockDim(1));
        let never = [
            (cmp(BinOp::Eq, id(bid), id(grid)), true),
            (cmp(BinOp::Eq, id(grid), id(bid)), true),
            (cmp(BinOp::Ge, id(tid_y), id(block_y)), true),
            (cmp(BinOp::Gt, id(tid_y), id(block_y)), true),
            (cmp(BinOp::Le, id(grid), id(bid)), true),
            (cmp(BinOp::Lt, id(grid), id(bid)), true),
            (cmp(BinOp::Lt, id(bid), id(grid)), false),
            (cmp(BinOp::Gt, id(grid), id(bid)), false),
            (
                cmp(
                    BinOp::Eq,
                    Box::new(Expr::Cast(ScalarTy::INT, id(bid))),
                    Box::new(Expr::Cast(ScalarTy::LONG, id(grid))),
                ),
                true,
            ),
            (
                Expr::Binary(
                    BinOp::And,
                    Box::new(cmp(BinOp::Eq, id(bid), id(grid))),
                    Box::new(Expr::Builtin(Builtin::ThreadIdx(0))),
                    ScalarTy::Bool,
                ),
                true,
            ),
            (
                Expr::Unary(
                    UnOp::Not,
                    Box::new(cmp(BinOp::Lt, id(tid_y), id(block_y))),
                    ScalarTy::Bool,
                ),
                true,
            ),
        ];
        for (cond, polarity) in &never {
            assert!(never_holds(cond, *polarity, 0), "{cond:?} == {polarity}");
        }
        let sometimes = [
            // The extent of another dimension, or of the other kind.
            (cmp(BinOp::Eq, id(bid), id(Builtin::GridDim(1))), true),
            (cmp(BinOp::Eq, id(bid), id(Builtin::BlockDim(0))), true),
            (cmp(BinOp::Ge, id(Builtin::ThreadIdx(0)), id(grid)), true),
            // Not at least the extent, or the test's other branch.
            (cmp(BinOp::Ne, id(bid), id(grid)), true),
            (cmp(BinOp::Ge, id(grid), id(bid)), true),
            (cmp(BinOp::Eq, id(bid), id(grid)), false),
            (cmp(BinOp::Lt, id(bid), id(grid)), true),
            // One disjunct of a true `||`, a narrowing conversion.
            (
                Expr::Binary(
                    BinOp::Or,
                    Box::new(cmp(BinOp::Eq, id(bid), id(grid))),
                    Box::new(Expr::Builtin(Builtin::ThreadIdx(0))),
                    ScalarTy::Bool,
                ),
                true,
            ),
            (
                cmp(
                    BinOp::Eq,
                    Box::new(Expr::Cast(
                        ScalarTy::Int {
                            bits: 16,
                            signed: false,
                        },
                        id(bid),
                    )),
                    id(grid),
                ),
                true,
            ),
        ];
        for (cond, polarity) in &sometimes {
            assert!(!never_holds(cond, *polarity, 0), "{cond:?} == {polarity}");
        }
    }
}
