//! KPL IR: the kernel language of AutoSync, as plain data.
//!
//! A kernel is a tree of labelled statements (`Stmt` with a `StmtId`). Shared and
//! global memory accesses are separate statements (`Read`, `Write`, `Atomic`) so
//! that every access has a label, a source range and a place in the label tree.
//! Expressions are pure: they never touch shared or global memory.
//!
//! The synthesizer edits this structure (inserts or removes `Barrier` statements)
//! and hands it back to the checker, so it stays a plain, cloneable tree.

pub mod broadcast;
pub mod eval;
pub mod pretty;
pub mod walk;

use serde::Serialize;

// Moved to `base` (below `syntax`); kept here so `crate::ir::{Span, ...}` paths work.
pub use crate::base::{FileId, Lang, Span};

/// Label of a statement, unique within a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct StmtId(pub u32);

/// Index into [`Kernel::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct VarId(pub u32);

/// Index into [`Kernel::params`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ParamId(pub u32);

/// Index into [`Kernel::arrays`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ArrayId(pub u32);

/// Scalar type of an expression. Pointers never appear in expressions: the
/// front end resolves them to an array plus a byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ScalarTy {
    /// Boolean (results of comparisons and logical operators).
    Bool,
    /// Integer of `bits` (8, 16, 32, 64) bits.
    Int {
        /// Width in bits.
        bits: u8,
        /// Whether arithmetic and comparisons are signed.
        signed: bool,
    },
    /// IEEE float of `bits` (16, 32, 64) bits; its arithmetic is uninterpreted.
    Float {
        /// Width in bits.
        bits: u8,
    },
}

impl ScalarTy {
    /// C `int`.
    pub const INT: ScalarTy = ScalarTy::Int {
        bits: 32,
        signed: true,
    };
    /// C `unsigned int`.
    pub const UINT: ScalarTy = ScalarTy::Int {
        bits: 32,
        signed: false,
    };
    /// C `long` / `ptrdiff_t` on 64-bit targets; byte offsets have this type.
    pub const LONG: ScalarTy = ScalarTy::Int {
        bits: 64,
        signed: true,
    };
    /// `size_t`.
    pub const ULONG: ScalarTy = ScalarTy::Int {
        bits: 64,
        signed: false,
    };
    /// `float`.
    pub const FLOAT: ScalarTy = ScalarTy::Float { bits: 32 };

    /// Width in bits (Bool counts as 1).
    pub fn bits(self) -> u32 {
        match self {
            ScalarTy::Bool => 1,
            ScalarTy::Int { bits, .. } | ScalarTy::Float { bits } => bits as u32,
        }
    }
}

/// A launch-configuration builtin; `dim` is 0, 1, 2 for x, y, z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Builtin {
    /// `threadIdx` / `get_local_id`.
    ThreadIdx(u8),
    /// `blockIdx` / `get_group_id`.
    BlockIdx(u8),
    /// `blockDim` / `get_local_size`.
    BlockDim(u8),
    /// `gridDim` / `get_num_groups`.
    GridDim(u8),
    /// OpenCL `get_global_offset`.
    GlobalOffset(u8),
}

/// OpenCL's `get_sub_group_id()`: an unknown function of the work-item's
/// local and work-group ids (the same value at every call in a work-item).
/// A work-group is divided into sub-groups and `get_sub_group_id()` names the
/// one the work-item belongs to (OpenCL 3.0 API, 3.2.2 "Execution Model:
/// Sub-groups"; OpenCL C 3.0, 6.15.2): two work-items of a work-group are in
/// one sub-group exactly when their ids are equal. Which work-items those are
/// is implementation-defined, so nothing else is known of the function (an
/// uninterpreted one: any mapping, also a different one in each work-group).
pub fn sub_group_id() -> Expr {
    let mut ids: Vec<Expr> = (0..3)
        .map(|d| Expr::Builtin(Builtin::ThreadIdx(d)))
        .collect();
    ids.extend((0..3).map(|d| Expr::Builtin(Builtin::BlockIdx(d))));
    Expr::Apply(SUB_GROUP_ID.to_string(), ids, ScalarTy::UINT)
}

/// The name of the function [`sub_group_id`] applies.
pub const SUB_GROUP_ID: &str = "get_sub_group_id";

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum UnOp {
    /// Arithmetic negation.
    Neg,
    /// Bitwise complement.
    BitNot,
    /// Logical not (operand and result Bool).
    Not,
}

/// Binary operators; the signedness of `Div`, `Rem`, `Shr` and comparisons comes
/// from the operand type (`Binary::ty` for arithmetic, the operands' type for comparisons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Logical and (operands Bool, no side effects so short-circuit is irrelevant).
    And,
    /// Logical or.
    Or,
}

impl BinOp {
    /// Whether the result is Bool.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }
}

/// A pure expression over locals, parameters and builtins.
/// Equality and hashing are structural (floats by their bit pattern).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Expr {
    /// Integer or Bool constant (Bool: 0 or 1), with its type.
    Int(i128, ScalarTy),
    /// Floating constant (bit pattern of the f64 value) with its type.
    Float(u64, ScalarTy),
    /// Value of a local variable.
    Var(VarId),
    /// Value of a scalar kernel parameter (the same in every thread).
    Param(ParamId),
    /// Launch builtin.
    Builtin(Builtin),
    /// Unary operation.
    Unary(UnOp, Box<Expr>, ScalarTy),
    /// Binary operation; `ScalarTy` is the result type.
    Binary(BinOp, Box<Expr>, Box<Expr>, ScalarTy),
    /// Conversion to a type.
    Cast(ScalarTy, Box<Expr>),
    /// `c ? a : b` (c Bool).
    Select(Box<Expr>, Box<Expr>, Box<Expr>, ScalarTy),
    /// Result of a pure function the checker does not interpret (float math,
    /// `min`, unknown pure helpers): equal arguments give equal results.
    Apply(String, Vec<Expr>, ScalarTy),
}

/// Memory space of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum MemSpace {
    /// CUDA `__shared__`, OpenCL `__local`: one copy per block.
    Shared,
    /// Global memory (pointer parameters, `__device__` globals): one copy per grid.
    Global,
    /// Constant memory: read-only for kernels, never races.
    Constant,
}

/// A memory object accesses can touch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArrayDecl {
    /// Name as written (parameter or variable name).
    pub name: String,
    /// Memory space.
    pub space: MemSpace,
    /// Size of one element in bytes (of the declared element type).
    pub elem_size: u32,
    /// Declared dimensions for static arrays (outermost first), empty if unknown.
    pub dims: Vec<u64>,
    /// Parameter position if the array is a pointer parameter.
    pub param: Option<u32>,
    /// Where it is declared.
    pub span: Span,
    /// True when the front end could not tell which object a pointer targets:
    /// accesses through it may touch any array of the same space (sound fallback).
    pub may_alias_all: bool,
}

/// One memory access: `size` bytes at byte `offset` of `array`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Access {
    /// The array accessed.
    pub array: ArrayId,
    /// Byte offset from the start of the array, type `ScalarTy::LONG`.
    pub offset: Expr,
    /// Number of bytes accessed.
    pub size: u32,
    /// Type of the value read or written.
    pub ty: ScalarTy,
    /// A read that may observe writes no statement of the kernel makes (the
    /// host, another grid) while the kernel runs: through a `volatile`
    /// type, or a cache-volatile load (`__ldcv`, `__ldcg`). Its value may
    /// change between two reads of one thread and differ between threads
    /// reading at once, so no rule may take it as uniform, read-only or
    /// repeated (see `frontend::Lowerer::mark_volatile_reads`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub volatile: bool,
}

/// Barrier scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum BarrierScope {
    /// Synchronizes the threads of one block (`__syncthreads`, `barrier`).
    Block,
    /// Synchronizes the whole grid (`this_grid().sync()`).
    Grid,
    /// Synchronizes the 32 threads of one warp (`__syncwarp()` with the full
    /// mask): orders memory only between threads of the same warp.
    Warp,
    /// `__syncwarp(mask)` with any other mask: `Kernel::warp_masks[mask]`
    /// is the mask as lowered (a constant, or an expression that may read
    /// locals). By PTX `bar.warp.sync` ("the executing thread must be in
    /// membermask"; "all non-exited threads named in membermask must
    /// execute the same bar.warp.sync", which "guarantees memory ordering
    /// among threads participating in the barrier") it orders two threads
    /// of one warp only when both their lanes are in the mask, and only
    /// where the checker knows the mask's value is the same in every thread
    /// of the block (see `analysis::warp_masks`); otherwise it orders
    /// nothing. Its divergence check asks that every lane of the mask reach
    /// it and no other lane call it.
    WarpMask {
        /// Index in `Kernel::warp_masks`.
        mask: u32,
    },
    /// A register exchange of part of a block (`__shfl_*_sync`,
    /// `__ballot_sync`, `cg::reduce` on a tile, `tile.shfl_down`): the
    /// threads of each tile of `size` consecutive linear thread ids (a power
    /// of two; tiles of a block start at multiples of their size) whose
    /// lane (linear id modulo 32) is in the bit mask `lanes` must all
    /// execute it. It orders no memory (the values move through
    /// registers): only checked for divergence, always without fences.
    Tile {
        /// Threads per tile (1 to 1024, a power of two).
        size: u32,
        /// The lanes of a warp that take part (bit `l` for lane `l`).
        lanes: u32,
    },
}

impl BarrierScope {
    /// The tile a register exchange of the 32 lanes of a warp spans: the
    /// scope of `__shfl_sync(0xffffffff, ..)`.
    pub const FULL_WARP_EXCHANGE: BarrierScope = BarrierScope::Tile {
        size: 32,
        lanes: u32::MAX,
    };
}

/// Atomic read-modify-write operation (the operation itself is irrelevant to
/// races, except that counters hand out distinct values).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AtomicOp {
    /// Builtin name as written (`atomicAdd`, `atomic_inc`, ...).
    pub name: String,
    /// The value operand (`v` of `atomicAdd(p, v)`), when there is one.
    pub operand: Option<Expr>,
}

impl AtomicOp {
    /// Whether every execution of this atomic on one location returns a
    /// different old value, provided every other atomic on that location
    /// moves it the same way (see [`AtomicOp::direction`]).
    pub fn returns_distinct_values(&self) -> bool {
        self.direction() != 0
    }

    /// How this atomic moves the location: +1 for increments by 1, -1 for
    /// decrements by 1, 0 for anything else (exchange, CAS, min/max,
    /// bitwise, a non-constant operand or one of another magnitude). When
    /// all atomics on a location have one non-zero direction, the location
    /// steps by 1 in one direction, so each execution returns a different
    /// old value as long as the location takes fewer than 2^bits updates
    /// (GPUVerify's refined atomic abstraction; that wrap-around is
    /// ignored). A step of c > 1 would come back to a value after 2^bits / c
    /// updates (2 of `atomicAdd(p, 0x80000000u)`), so it is 0.
    /// `atomicInc`/`atomicDec` of CUDA wrap at a bound, so they are 0.
    pub fn direction(&self) -> i8 {
        let base = self
            .name
            .trim_end_matches("_block")
            .trim_end_matches("_system");
        let sign = |up: bool| if up { 1 } else { -1 };
        match base {
            "atomic_inc" | "atom_inc" => 1,
            "atomic_dec" | "atom_dec" => -1,
            "atomicAdd"
            | "atomicSub"
            | "atomic_add"
            | "atom_add"
            | "atomic_sub"
            | "atom_sub"
            | "atomic_fetch_add"
            | "atomic_fetch_sub"
            | "atomic_fetch_add_explicit"
            | "atomic_fetch_sub_explicit" => {
                // Through conversions to integer types, which keep 1 (and
                // -1 in signed types) unchanged.
                let mut e = self.operand.as_ref();
                let mut unsigned_on_the_way = false;
                while let Some(Expr::Cast(ScalarTy::Int { signed, .. }, inner)) = e {
                    unsigned_on_the_way |= !signed;
                    e = Some(inner);
                }
                let adds = !base.to_ascii_lowercase().contains("sub");
                match e {
                    Some(Expr::Int(1, ScalarTy::Int { .. })) => sign(adds),
                    Some(Expr::Int(-1, ScalarTy::Int { signed: true, .. }))
                        if !unsigned_on_the_way =>
                    {
                        sign(!adds)
                    }
                    _ => 0,
                }
            }
            _ => 0,
        }
    }
}

/// How a loop was written, for diagnostics and repairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LoopForm {
    /// `for (init; cond; step)`.
    For,
    /// `while (cond)`.
    While,
    /// `do body while (cond)`.
    DoWhile,
}

/// A statement kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum StmtKind {
    /// `var = value`.
    Assign {
        /// Assigned local.
        var: VarId,
        /// New value.
        value: Expr,
    },
    /// `var = *` (an unknown value: result of an unknown call, uninitialised local).
    Havoc {
        /// Assigned local.
        var: VarId,
    },
    /// `dest = array[offset]`.
    Read {
        /// Local receiving the value (a temporary for reads inside expressions).
        dest: VarId,
        /// The access.
        access: Access,
    },
    /// `array[offset] = value`.
    Write {
        /// The access.
        access: Access,
        /// Value stored.
        value: Expr,
    },
    /// Atomic read-modify-write; `dest` receives the old value when used.
    Atomic {
        /// Local receiving the old value.
        dest: Option<VarId>,
        /// The access.
        access: Access,
        /// Which atomic.
        op: AtomicOp,
    },
    /// A barrier. `Block` barriers order shared memory and, within a block, global memory.
    Barrier {
        /// Block or grid.
        scope: BarrierScope,
        /// Whether the barrier orders global memory as well (OpenCL
        /// `CLK_GLOBAL_MEM_FENCE`; always true for CUDA).
        global_fence: bool,
        /// Whether it orders local/shared memory (OpenCL `CLK_LOCAL_MEM_FENCE`;
        /// always true for CUDA).
        local_fence: bool,
    },
    /// A device-scope memory fence (`__threadfence()`, `__threadfence_system()`):
    /// orders the thread's own accesses as every thread of the device observes
    /// them; it synchronises no threads, so on its own it orders no pair of
    /// accesses (it matters only in the last-block idiom, see
    /// `check::last_block`).
    DeviceFence,
    /// `if (cond) then_ else else_`.
    If {
        /// Condition (Bool).
        cond: Expr,
        /// Then branch.
        then_: Block,
        /// Else branch (possibly empty).
        else_: Block,
    },
    /// Structured loop: `while (cond) { body; step }`. `init` statements of a
    /// `for` are lowered before the loop; `continue` jumps to `step`.
    /// A do-while is `Loop { cond: true, body: [..., if (!c) break], .. }` with
    /// `form: DoWhile`.
    Loop {
        /// Checked before every iteration.
        cond: Expr,
        /// Statements of the condition evaluated before `cond` each time
        /// (reads inside the condition), usually empty.
        cond_prelude: Block,
        /// Loop body.
        body: Block,
        /// `for` step, run after the body and after `continue`.
        step: Block,
        /// Source form.
        form: LoopForm,
    },
    /// A work-group collective (OpenCL `async_work_group_copy`,
    /// `wait_group_events`): every thread of the block must reach it together
    /// and with the same argument values (OpenCL C 6.13.10), so it is checked
    /// for divergence like a barrier, arguments included.
    Collective {
        /// The builtin's name.
        name: String,
        /// Argument values that must agree in every thread of the block.
        uniform_args: Vec<Expr>,
        /// Local receiving the result (an event): the same in every thread
        /// that reaches the call together.
        dest: Option<VarId>,
    },
    /// A named barrier (`bar.sync`/`bar.arrive` with an id) or a split
    /// arrive/wait barrier (`cuda::barrier`). Unlike `Barrier`, only the
    /// threads that take part are ordered, and it may sit in divergent code.
    NamedBarrier {
        /// What it does.
        op: NamedOp,
        /// Which barrier: a hardware id 0..15 for `bar.*`, or a number the
        /// front end gives each `cuda::barrier` object (from 16 on).
        barrier: Expr,
        /// Expected thread count, when stated (`bar.sync id, n`, `init(&b, n)`).
        count: Option<Expr>,
        /// `arrive`: local receiving the token (the arrival's generation).
        /// `wait`: the token waited for.
        token: Option<VarId>,
    },
    /// `break` out of the innermost loop.
    Break,
    /// `continue` the innermost loop.
    Continue,
    /// `return` from the kernel (from an inlined call: lowered by the front end
    /// into control flow of the caller, so this always leaves the kernel).
    Return,
    /// A precondition the programmer states at this point (`__requires(e)`,
    /// `__assume(e)`, `__builtin_assume(e)`, `assert(e)`): executions in which
    /// a thread reaches it with `cond` false are not considered.
    Assume {
        /// The assumed condition (Bool).
        cond: Expr,
    },
}

/// Name prefix of the variable holding a `cuda::barrier`'s expected count
/// when `init(&bar, n)` computes it at run time: one value for the whole
/// block (the barrier object is shared), written by the initialising thread.
pub const BARRIER_COUNT_VAR: &str = "$barrier_count";

/// Name prefix of the flag set by `cuda::make_pipeline(block, &state, role)`:
/// 1 when the thread is a producer of the block pipeline, 0 a consumer.
pub const PIPELINE_ROLE_VAR: &str = "$pipeline_role";

/// Name prefix of the number of producer threads of a block pipeline (the
/// same suffix as its role flag): never assigned in the kernel, it is one
/// value for the whole block, which the well-synchronization check counts
/// (the threads whose role flag is 1).
pub const PIPELINE_PRODUCERS_VAR: &str = "$pipeline_producers";

/// What a named or split barrier operation does (WEFT's `bar.sync` /
/// `bar.arrive`, `cuda::barrier`'s `arrive_and_wait` / `arrive` / `wait`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum NamedOp {
    /// Arrive and wait for the generation to complete (`bar.sync id, n`).
    Sync,
    /// Arrive without waiting (`bar.arrive id, n`, `barrier::arrive()`).
    Arrive,
    /// Arrive and leave the barrier for later phases
    /// (`barrier::arrive_and_drop()`): the expected count drops by one.
    ArriveAndDrop,
    /// Wait for the generation of an earlier arrival (`barrier::wait(token)`).
    Wait,
    /// Wait for the phase of a parity (`mbarrier.try_wait.parity` in a spin
    /// loop, `barrier::wait_parity(p)`); `token` holds the parity (0 or 1).
    /// Which generation that is depends on what the thread knows to have
    /// completed: see `check/named.rs` (`parity_generation`).
    WaitParity,
}

impl NamedOp {
    /// Whether the operation counts as an arrival.
    pub fn arrives(self) -> bool {
        !matches!(self, NamedOp::Wait | NamedOp::WaitParity)
    }

    /// Whether the operation blocks until a generation completes.
    pub fn waits(self) -> bool {
        matches!(self, NamedOp::Sync | NamedOp::Wait | NamedOp::WaitParity)
    }
}

/// A labelled statement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stmt {
    /// Label.
    pub id: StmtId,
    /// What it does.
    pub kind: StmtKind,
    /// Range of the construct as the user wrote it: the access expression
    /// (`s[t + 1]`), the barrier call, the `if`/loop statement. Inside a macro
    /// expansion, the macro invocation.
    pub span: Span,
    /// Range of the whole source statement it belongs to (including `;`); the
    /// synthesizer inserts barriers before or after it.
    pub stmt_span: Span,
    /// Set when the statement comes from a macro expansion.
    pub in_macro: bool,
    /// Call site in the kernel body when the statement was inlined from a
    /// device function (outermost call), else None.
    pub inlined_at: Option<Span>,
}

/// A sequence of statements with the range of its braces, if written.
#[derive(Clone, Debug, PartialEq, Serialize, Default)]
pub struct Block {
    /// Statements in program order.
    pub stmts: Vec<Stmt>,
    /// Range of the `{ ... }` in the source, when the block was written with braces.
    pub braces: Option<Span>,
}

/// A local variable (including temporaries the front end creates).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VarDecl {
    /// Name as written; temporaries get names like `$t3`.
    pub name: String,
    /// Type.
    pub ty: ScalarTy,
    /// Declaration site.
    pub span: Span,
}

/// A scalar kernel parameter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParamDecl {
    /// Name as written.
    pub name: String,
    /// Type.
    pub ty: ScalarTy,
    /// Position among the kernel's parameters.
    pub position: u32,
}

/// A kernel in KPL form.
/// An array the host built as a running sum `h[0] = first`, `h[i] = h[i -
/// 1] + e_i` with each `e_i` in `[0, max_step]`, on a prefix of `len`
/// elements (an expression over parameters and launch sizes): when `first
/// + (len - 1) * max_step <= INT_MAX` (no partial sum can wrap), for byte
/// offsets `o1 <= o2` that are multiples of 4 in `[0, 4 * len)`, the `int`
/// at `o1` is at most the one at `o2`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NonDecreasing {
    /// The array.
    pub array: ArrayId,
    /// The prefix's length in elements (`long`).
    pub len: Expr,
    /// The first element's value.
    pub first: i128,
    /// The most one step adds.
    pub max_step: i128,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Kernel {
    /// Function name.
    pub name: String,
    /// Dialect.
    pub lang: Lang,
    /// Range of the kernel's name in its declaration.
    pub name_span: Span,
    /// Range of the whole function definition.
    pub span: Span,
    /// Scalar parameters.
    pub params: Vec<ParamDecl>,
    /// Memory objects (pointer parameters, shared arrays, globals).
    pub arrays: Vec<ArrayDecl>,
    /// Locals and temporaries.
    pub vars: Vec<VarDecl>,
    /// The body.
    pub body: Block,
    /// `__launch_bounds__(N)` maximum threads per block, if given.
    pub launch_bounds: Option<u32>,
    /// OpenCL `reqd_work_group_size(X, Y, Z)`: the only work-group shape
    /// any launch of the kernel may have (another local size fails to
    /// enqueue), if given.
    pub required_block: Option<[u32; 3]>,
    /// Whether the kernel is a template (analysed generically).
    pub is_template: bool,
    /// Front-end notes that make the result less precise but stay sound
    /// (unknown callee havocked, recursion cut, ...), shown as information.
    pub notes: Vec<(Span, String)>,
    /// Next free statement label (for the synthesizer's inserted barriers).
    pub next_stmt_id: u32,
    /// Asynchronous copies (`cp.async`, `__pipeline_memcpy_async`,
    /// `cuda::memcpy_async`) as the front end lowered them.
    pub asyncs: AsyncInfo,
    /// Names of the template parameters in declaration order (types and
    /// values): explicit template arguments of a launch bind them by position.
    #[serde(skip)]
    pub template_params: Vec<String>,
    /// Integer values of the template arguments of each explicit
    /// instantiation in the translation unit (`template __global__ void
    /// k<64>(int *);`), when the template is defined in the analysed `.cu`
    /// file (no other file can instantiate it); None: not an integer constant.
    #[serde(skip)]
    pub explicit_instantiations: Vec<Vec<Option<i128>>>,
    /// The program names a `volatile` type (not `asm volatile`) or a
    /// cache-volatile load: memory the kernel reads may change while it runs
    /// (the host, another grid). The reads concerned carry
    /// [`Access::volatile`].
    pub uses_volatile: bool,
    /// Statements that only the default accessor-layout assumption puts in
    /// the body (contiguous strides of a PyTorch accessor, in-bounds
    /// subscripts): label, kind, and the kind that stands in its place when
    /// the assumption is dropped (`--no-assume-accessor-layout`).
    #[serde(skip)]
    pub layout_assumption: Vec<StmtSwap>,
    /// Warp broadcasts: `Havoc` statements whose value is the same in every
    /// lane of a warp when all 32 lanes execute them together (a vote or
    /// reduction with the constant full mask, `cg::reduce` on a 32-thread
    /// tile), provided the listed expressions (a shuffle's source lane) are
    /// the same in all of them too (see `Uniformity::compute_within_warps`,
    /// which also drops shuffles in kernels that may return). Not the same
    /// across warps: for the block they stay unknown per thread.
    pub warp_broadcasts: Vec<(StmtId, Vec<Expr>)>,
    /// The masks of `__syncwarp(mask)` barriers of scope
    /// [`BarrierScope::WarpMask`], as lowered at the call.
    pub warp_masks: Vec<Expr>,
    /// OpenCL `sub_group_broadcast(x, lane)` results: `Havoc` statements
    /// whose value is the same in every work-item of a sub-group that runs
    /// them together, provided the listed expressions (the lane) are the
    /// same in all of them too (see `Uniformity::compute_within_sub_groups`).
    pub sub_group_broadcasts: Vec<(StmtId, Vec<Expr>)>,
    /// How many arguments a launch of this kernel passes, and whether it is
    /// a template (a launch with explicit template arguments calls one).
    #[serde(skip)]
    pub arity: Arity,
    /// The other kernel definitions of the translation unit with the same
    /// unqualified name (overloads, kernels of other namespaces, explicit
    /// specializations; a definition that did not parse is `Arity::ANY`): a
    /// launch of this name that one of them also accepts may be of either.
    #[serde(skip)]
    pub rivals: Vec<Arity>,
    /// Global arrays whose contents the launch makes non-decreasing on a
    /// prefix, under a condition (see [`NonDecreasing`]). Stated by the
    /// launch plan (see `ide::hostfacts::non_decreasing_facts`); the
    /// checker uses it for arrays the kernel never writes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub non_decreasing: Vec<NonDecreasing>,
    /// Entry `Assume` statements (launch facts over parameters and block
    /// extents, see [`Kernel::assume_at_entry_deferred`]) that a race
    /// query may leave out until it needs them: true facts, so a query
    /// without them is a weaker one (its unsat answer stands), and the
    /// checker asks again with them before it reports a race or unknown.
    #[serde(skip)]
    pub deferred_assumes: Vec<StmtId>,
    /// For a kernel template the program instantiates with several distinct
    /// type arguments: which instantiation this lowering is (its template
    /// arguments as written, `float, 4`-style), each checked apart; None
    /// otherwise. Reports name the kernel `name<instance>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance: Option<String>,
    /// The written template arguments (whitespace-normalized) of launches
    /// that run only the template's other instantiations checked apart: a
    /// launch written `k<A>` with one of them is not a launch of this one.
    #[serde(skip)]
    pub other_instances: Vec<String>,
    /// Pairs of arrays the front end made one because the first is a
    /// pointer in a by-value struct parameter, whose value no launch
    /// argument shows (see `frontend::Lowerer::merge_field_pointers`), in
    /// the order they were merged. A launch plan whose host code shows the
    /// two apart drops the pair (see [`Kernel::with_field_aliases_dropped`]).
    #[serde(skip)]
    pub field_aliases: Vec<FieldAlias>,
    /// For each access the merge of `field_aliases` moved to another
    /// array: its statement's label, where it is (see [`AccessSlot`]), the
    /// array it named before and the one it names now, in the order
    /// [`Kernel::merge_field_aliases`] visits them.
    #[serde(skip)]
    pub field_origins: Vec<(StmtId, AccessSlot, ArrayId, ArrayId)>,
}

/// A pair of arrays taken as one object by the front end: a pointer in a
/// struct parameter and another pointer the host may have stored in it.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldAlias {
    /// The struct parameter's pointer (named `param.field`).
    pub field: ArrayId,
    /// The other pointer (a parameter, or another struct field).
    pub other: ArrayId,
    /// The note the front end gave the kernel for the pair.
    pub note: String,
}

/// Where an access recorded in [`Kernel::field_origins`] is: in the
/// statement of the body, or in the assumed or unassumed kind of a
/// `layout_assumption` swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessSlot {
    /// The body's statement.
    Body,
    /// The kind a `layout_assumption` swap takes out.
    SwapWas,
    /// The kind it puts in.
    SwapNow,
}

impl Kernel {
    /// A kernel with nothing in it yet: no parameters, arrays or statements,
    /// no launch bounds, not a template, any arity; the front end and tests
    /// fill in what they know with struct-update syntax.
    pub fn new(name: String, lang: Lang) -> Kernel {
        Kernel {
            name,
            lang,
            name_span: Span::default(),
            span: Span::default(),
            params: Vec::new(),
            arrays: Vec::new(),
            vars: Vec::new(),
            body: Block::default(),
            launch_bounds: None,
            required_block: None,
            is_template: false,
            notes: Vec::new(),
            next_stmt_id: 0,
            asyncs: AsyncInfo::default(),
            uses_volatile: false,
            layout_assumption: Vec::new(),
            warp_broadcasts: Vec::new(),
            warp_masks: Vec::new(),
            sub_group_broadcasts: Vec::new(),
            template_params: Vec::new(),
            explicit_instantiations: Vec::new(),
            arity: Arity::default(),
            rivals: Vec::new(),
            non_decreasing: Vec::new(),
            deferred_assumes: Vec::new(),
            instance: None,
            other_instances: Vec::new(),
            field_aliases: Vec::new(),
            field_origins: Vec::new(),
        }
    }
}

/// The calls a function accepts by their shape: how many arguments, and
/// whether explicit template arguments may be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arity {
    /// Declared parameters.
    pub params: usize,
    /// Whether a call may pass more arguments than it declares (an ellipsis
    /// or a parameter pack).
    pub variadic: bool,
    /// Whether it is a template.
    pub template: bool,
}

/// Nothing known: a kernel built without a definition in view accepts any
/// launch of its name.
impl Default for Arity {
    fn default() -> Self {
        Arity::ANY
    }
}

impl Arity {
    /// What any call may be of: nothing known about the definition.
    pub const ANY: Arity = Arity {
        params: usize::MAX,
        variadic: true,
        template: true,
    };

    /// Whether a launch passing `args` arguments (None: not known) and
    /// explicit template arguments or not may be of this definition. Only
    /// the upper bound excludes: a call passes at most as many arguments as
    /// the function declares unless it is variadic ([over.match.viable]/2),
    /// and explicit template arguments name a template ([temp.names]); the
    /// lower bound is not used, since default arguments may come from a
    /// declaration in the launching translation unit that this one does not
    /// see ([dcl.fct.default]/4).
    pub fn may_accept(&self, args: Option<usize>, explicit_template_args: bool) -> bool {
        (!explicit_template_args || self.template)
            && args.is_none_or(|n| n <= self.params || self.variadic)
    }
}

/// What the front end knows about a kernel's asynchronous copies.
#[derive(Clone, Debug, PartialEq, Serialize, Default)]
pub struct AsyncInfo {
    /// The copies' accesses: where they are issued and the repeats where they
    /// may still land, so races on them are reported as `async-copy`.
    pub accesses: Vec<StmtId>,
    /// (copy access, later access by the same thread while the copy may be
    /// in flight): the thread races with its own copy if they overlap.
    pub same_thread: Vec<(StmtId, StmtId)>,
    /// Pairs of `same_thread` that can meet only in the first iterations of
    /// a loop, named by the first statement of its body, up to the last
    /// iteration number given (0: the first): the copy was issued before the
    /// loop and a wait the body always runs completes it in that iteration
    /// (after the access, or before it for the iterations before), so in
    /// later iterations it has already landed.
    pub first_iteration: Vec<(StmtId, StmtId, StmtId, u32)>,
    /// (landing access, arrival): the access belongs to a copy tied to a
    /// `cuda::barrier` (`cuda::memcpy_async(.., bar)`) issued before that
    /// arrival on the same barrier. The copy joined the phase current at its
    /// issue, which is the arrival's phase or an earlier one, and a phase
    /// completes only once its copies have landed: for the ordering by that
    /// barrier the access counts as made before the arrival, wherever the
    /// landing sits after it.
    pub before_arrival: Vec<(StmtId, StmtId)>,
    /// Accesses of a copy carried into a loop's next iteration, placed at
    /// the top of the body for the thread's own accesses (`same_thread`)
    /// only: races with other threads are checked on the landings after
    /// barriers, so these are not.
    pub probes: Vec<StmtId>,
    /// (landing access, first statement of the loop body, iterations back):
    /// a landing of a copy carried into a later iteration of the loop that
    /// was issued that many iterations back, or (1) one tied to every later
    /// arrival on its barrier (`cuda::barrier`): its arrival ties
    /// (`before_arrival`) hold for the arrivals' instances in that issuing
    /// iteration.
    pub carried_ties: Vec<(StmtId, StmtId, u32)>,
    /// (probe access, first statement of the loop body, variable): like
    /// `carried_ties`, for a probe of a copy of the iteration that many
    /// iterations back, the variable's value at the top of the body (a
    /// stage-bound producer's copy of any earlier iteration, with that
    /// iteration's operands). The checker asserts that the value is at
    /// least 1 and at most the loop's iteration number.
    pub carried_back_vars: Vec<(StmtId, StmtId, VarId)>,
    /// Issue accesses of a copy issued in a loop body without block
    /// barriers and committed on a block `cuda::pipeline` in the same
    /// iteration (a producer role, or the multi-buffered main loop): each stands
    /// for every landing of its copy, from the issue (ordered after what is
    /// ordered before the issue) to the completion of the phase of its
    /// commit in the issuing iteration (ordered before another access only
    /// through that arrival instance, `before_arrival`). Their landings
    /// after the loop's named operations are not made.
    pub stage_bound: Vec<StmtId>,
    /// Source statements that complete a pending copy (`__pipeline_wait_prior`,
    /// `cp.async.wait_group`, ...; with the call site they were inlined at):
    /// they lower to no statement, so a barrier written before such a wait
    /// gets landings of the copy after it that one written after it does not
    /// (the synthesizer writes its barriers after them).
    pub completions: Vec<(Span, Option<Span>)>,
    /// Pairs of `same_thread` (probe of a copy carried from an earlier
    /// iteration, the thread's issue of a copy) whose probe's operands are
    /// not all those of the iteration that issued the carried copy (the
    /// loop abstraction forgets them): an overlap is no witness, only a
    /// pair the checker could not decide.
    pub inexact_reissues: Vec<(StmtId, StmtId)>,
}

impl Kernel {
    /// Allocates a fresh statement label.
    pub fn fresh_stmt_id(&mut self) -> StmtId {
        let id = StmtId(self.next_stmt_id);
        self.next_stmt_id += 1;
        id
    }

    /// The kernel without the accessor-layout assumption (see
    /// `layout_assumption`): a copy with those statements replaced.
    pub fn without_layout_assumption(&self) -> Kernel {
        let mut k = self.clone();
        let swaps = std::mem::take(&mut k.layout_assumption);
        replace_stmt_kinds(&mut k.body.stmts, &swaps);
        k
    }

    /// The kernel with each group of pointer parameters in `groups` made
    /// one array, the first's, named after all of them (`a/b`): a launch
    /// that may pass views of one allocation to several parameters breaks
    /// the distinct-parameters assumption. Each member is `(position,
    /// shift, symbol)`: its pointer is the first's plus `shift` bytes, plus
    /// an unknown `long` (a fresh scalar parameter, the same in every
    /// thread, one per symbol) when `symbol` is set; its accesses move by
    /// that much. Offsets are in bytes from the pointer each parameter
    /// holds, so this is exact for the launch. None when no group names two
    /// pointer parameters.
    pub fn with_params_merged(&self, groups: &[Vec<(u32, i64, Option<u32>)>]) -> Option<Kernel> {
        let array_of = |p: u32| {
            self.arrays
                .iter()
                .position(|a| a.param == Some(p) && !a.name.contains('.'))
                .map(|i| ArrayId(i as u32))
        };
        // (merged array, the array it goes into, shift, symbol).
        let mut merged: Vec<(ArrayId, ArrayId, i64, Option<u32>)> = Vec::new();
        let mut renamed: Vec<(ArrayId, String)> = Vec::new();
        for group in groups {
            let arrays: Vec<(ArrayId, i64, Option<u32>)> = group
                .iter()
                .filter_map(|&(p, shift, symbol)| Some((array_of(p)?, shift, symbol)))
                .collect();
            let [(first, first_shift, first_symbol), rest @ ..] = arrays.as_slice() else {
                continue;
            };
            if rest.is_empty() {
                continue;
            }
            let names: Vec<&str> = arrays
                .iter()
                .map(|a| self.arrays[a.0 .0 as usize].name.as_str())
                .collect();
            renamed.push((*first, names.join("/")));
            // The first member is the origin; should it carry a shift (a
            // member list whose first parameter has no array), the others
            // are relative to it.
            let _ = (first_shift, first_symbol);
            merged.extend(
                rest.iter()
                    .map(|&(a, shift, symbol)| (a, *first, shift - first_shift, symbol)),
            );
        }
        if merged.is_empty() {
            // Decided before the clone: a kernel's copy costs as much as
            // the rest of the check of many a kernel decided without the
            // solver.
            return None;
        }
        let mut k = self.clone();
        for (array, name) in renamed {
            k.arrays[array.0 as usize].name = name;
        }
        // One fresh parameter per symbol.
        let mut symbol_params: Vec<(u32, ParamId)> = Vec::new();
        for &(from, to, _, symbol) in &merged {
            if let Some(s) = symbol {
                if !symbol_params.iter().any(|(t, _)| *t == s) {
                    let id = ParamId(k.params.len() as u32);
                    k.params.push(ParamDecl {
                        name: format!(
                            "$offset({} - {})",
                            self.arrays[from.0 as usize].name, self.arrays[to.0 as usize].name
                        ),
                        ty: ScalarTy::LONG,
                        // No launch argument binds it.
                        position: u32::MAX - s,
                    });
                    symbol_params.push((s, id));
                }
            }
        }
        let remap = |a: &mut Access| {
            if let Some(&(_, to, shift, symbol)) = merged.iter().find(|(from, ..)| *from == a.array)
            {
                a.array = to;
                let mut offset = std::mem::replace(&mut a.offset, Expr::Int(0, ScalarTy::LONG));
                if shift != 0 {
                    offset = Expr::Binary(
                        BinOp::Add,
                        Box::new(offset),
                        Box::new(Expr::Int(i128::from(shift), ScalarTy::LONG)),
                        ScalarTy::LONG,
                    );
                }
                if let Some(&(_, p)) =
                    symbol.and_then(|s| symbol_params.iter().find(|(t, _)| *t == s))
                {
                    offset = Expr::Binary(
                        BinOp::Add,
                        Box::new(offset),
                        Box::new(Expr::Param(p)),
                        ScalarTy::LONG,
                    );
                }
                a.offset = offset;
            }
        };
        remap_accesses(&mut k.body.stmts, &remap);
        for (_, was, now) in &mut k.layout_assumption {
            for kind in [was, now] {
                if let StmtKind::Read { access, .. }
                | StmtKind::Write { access, .. }
                | StmtKind::Atomic { access, .. } = kind
                {
                    remap(access);
                }
            }
        }
        Some(k)
    }

    /// Merges the arrays of each pair of `aliases` (in order, union-find:
    /// a pair joins the two arrays' groups), each group into one member: a
    /// plain parameter when the group has one (its name and position are
    /// the ones launches bind). Records the pairs and each moved access's
    /// former array (see [`Kernel::field_origins`]).
    pub fn merge_field_aliases(&mut self, aliases: Vec<FieldAlias>) {
        let len = self.arrays.len();
        let mut rep: Vec<usize> = (0..len).collect();
        fn find(rep: &mut [usize], mut x: usize) -> usize {
            while rep[x] != x {
                rep[x] = rep[rep[x]];
                x = rep[x];
            }
            x
        }
        let is_field = |a: usize| self.arrays[a].name.contains('.');
        for alias in &aliases {
            let (f, q) = (alias.field.0 as usize, alias.other.0 as usize);
            if f >= len || q >= len {
                continue;
            }
            let (a, b) = (find(&mut rep, f), find(&mut rep, q));
            if a != b {
                if is_field(q) && !is_field(a) {
                    rep[b] = a;
                } else {
                    rep[a] = b;
                }
            }
        }
        let to: Vec<usize> = (0..len).map(|x| find(&mut rep, x)).collect();
        let mut origins = Vec::new();
        let mut remap = |id: StmtId, slot: AccessSlot, access: &mut Access| {
            let from = access.array.0 as usize;
            if let Some(&r) = to.get(from).filter(|&&r| r != from) {
                origins.push((id, slot, access.array, ArrayId(r as u32)));
                access.array = ArrayId(r as u32);
            }
        };
        walk::for_each_stmt_mut(&mut self.body.stmts, &mut |s| {
            if let StmtKind::Read { access, .. }
            | StmtKind::Write { access, .. }
            | StmtKind::Atomic { access, .. } = &mut s.kind
            {
                remap(s.id, AccessSlot::Body, access);
            }
            true
        });
        for (id, was, now) in &mut self.layout_assumption {
            for (slot, kind) in [(AccessSlot::SwapWas, was), (AccessSlot::SwapNow, now)] {
                if let StmtKind::Read { access, .. }
                | StmtKind::Write { access, .. }
                | StmtKind::Atomic { access, .. } = kind
                {
                    remap(*id, slot, access);
                }
            }
        }
        self.field_origins = origins;
        self.field_aliases = aliases;
    }

    /// The kernel with the pairs `dropped` (field, other) of
    /// [`Kernel::field_aliases`] not merged: every access the merge moved
    /// back to its own array, then the other pairs merged again, and the
    /// notes of the dropped pairs removed. None when no pair is dropped, or
    /// when the accesses are not the ones the merge recorded (the body was
    /// changed since: the merge then stays).
    pub fn with_field_aliases_dropped(&self, dropped: &[(ArrayId, ArrayId)]) -> Option<Kernel> {
        let is_dropped = |a: &FieldAlias| dropped.contains(&(a.field, a.other));
        if !self.field_aliases.iter().any(is_dropped) {
            return None;
        }
        let mut k = self.clone();
        let mut next = 0usize;
        let origins = &self.field_origins;
        let mut restore = |id: StmtId, slot: AccessSlot, access: &mut Access| {
            if let Some(&(oid, oslot, array, merged)) = origins.get(next) {
                if oid == id && oslot == slot && access.array == merged {
                    access.array = array;
                    next += 1;
                }
            }
        };
        walk::for_each_stmt_mut(&mut k.body.stmts, &mut |s| {
            if let StmtKind::Read { access, .. }
            | StmtKind::Write { access, .. }
            | StmtKind::Atomic { access, .. } = &mut s.kind
            {
                restore(s.id, AccessSlot::Body, access);
            }
            true
        });
        for (id, was, now) in &mut k.layout_assumption {
            for (slot, kind) in [(AccessSlot::SwapWas, was), (AccessSlot::SwapNow, now)] {
                if let StmtKind::Read { access, .. }
                | StmtKind::Write { access, .. }
                | StmtKind::Atomic { access, .. } = kind
                {
                    restore(*id, slot, access);
                }
            }
        }
        if next != origins.len() {
            return None;
        }
        let (gone, kept): (Vec<FieldAlias>, Vec<FieldAlias>) =
            self.field_aliases.iter().cloned().partition(is_dropped);
        k.notes
            .retain(|(_, note)| !gone.iter().any(|a| a.note == *note));
        k.merge_field_aliases(kept);
        Some(k)
    }

    /// Makes each access to the first array of a pair one to the second
    /// (arrays the front end found may be one object).
    pub fn merge_arrays(&mut self, pairs: &[(ArrayId, ArrayId)]) {
        if pairs.is_empty() {
            return;
        }
        let remap = |a: &mut Access| {
            if let Some(&(_, to)) = pairs.iter().find(|(from, _)| *from == a.array) {
                a.array = to;
            }
        };
        remap_accesses(&mut self.body.stmts, &remap);
        for (_, was, now) in &mut self.layout_assumption {
            for kind in [was, now] {
                if let StmtKind::Read { access, .. }
                | StmtKind::Write { access, .. }
                | StmtKind::Atomic { access, .. } = kind
                {
                    remap(access);
                }
            }
        }
    }

    /// Prepends `assume(cond)` for each of `conds` to the body, in order,
    /// spanning the kernel's name (facts the launch gives at its entry).
    pub fn assume_at_entry(&mut self, conds: impl IntoIterator<Item = Expr>) {
        let mut entry = Vec::new();
        for cond in conds {
            let id = self.fresh_stmt_id();
            entry.push(Stmt {
                id,
                kind: StmtKind::Assume { cond },
                span: self.name_span,
                stmt_span: self.name_span,
                in_macro: false,
                inlined_at: None,
            });
        }
        entry.append(&mut self.body.stmts);
        self.body.stmts = entry;
    }

    /// [`Kernel::assume_at_entry`], each statement also recorded in
    /// [`Kernel::deferred_assumes`]: for facts that rarely decide a race
    /// query but can make every query slower (`k % 2 == 0` of a doubling
    /// host loop's counter passed to bwt's `bitonic_sort_step`).
    pub fn assume_at_entry_deferred(&mut self, conds: impl IntoIterator<Item = Expr>) {
        let before = self.next_stmt_id;
        self.assume_at_entry(conds);
        self.deferred_assumes
            .extend((before..self.next_stmt_id).map(StmtId));
    }
}

/// Applies `remap` to the access of every statement of `stmts` (nested
/// blocks included).
fn remap_accesses(stmts: &mut [Stmt], remap: &dyn Fn(&mut Access)) {
    walk::for_each_stmt_mut(stmts, &mut |s| {
        if let StmtKind::Read { access, .. }
        | StmtKind::Write { access, .. }
        | StmtKind::Atomic { access, .. } = &mut s.kind
        {
            remap(access);
        }
        true
    });
}

/// A statement's replacement: its label, its kind, the kind put instead.
pub type StmtSwap = (StmtId, StmtKind, StmtKind);

/// Replaces the kind of each statement of `stmts` (nested blocks included)
/// whose label and kind `swaps` lists by the kind given with them. A label
/// with another kind is left alone: a label recorded by a lowering the front
/// end discarded (a trial evaluation) may have been given to another
/// statement since.
pub fn replace_stmt_kinds(stmts: &mut [Stmt], swaps: &[StmtSwap]) {
    walk::for_each_stmt_mut(stmts, &mut |s| {
        match swaps
            .iter()
            .find(|(id, was, _)| *id == s.id && *was == s.kind)
        {
            // The replacement is taken whole: its nested blocks are not
            // searched for further swaps.
            Some((_, _, kind)) => {
                s.kind = kind.clone();
                false
            }
            None => true,
        }
    });
}

/// A source file known to the program (the main file and included headers).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SourceFileInfo {
    /// Path as given or resolved.
    pub path: String,
    /// Full text.
    pub text: String,
}

/// A kernel the front end could not lower, with the reason.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnsupportedKernel {
    /// Function name.
    pub name: String,
    /// Range of the name.
    pub name_span: Span,
    /// What construct is unsupported and where.
    pub reason: String,
    /// Range of the offending construct.
    pub span: Span,
}

/// A problem in the file itself (syntax error, macro error, unreadable include).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrontendDiagnostic {
    /// Where.
    pub span: Span,
    /// Message.
    pub message: String,
    /// True for errors (syntax errors), false for warnings/notes.
    pub is_error: bool,
}

/// Everything the front end produced for one file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Program {
    /// `files[0]` is the analysed file; headers follow.
    pub files: Vec<SourceFileInfo>,
    /// Kernels in source order.
    pub kernels: Vec<Kernel>,
    /// Kernels that could not be lowered (never silently dropped).
    pub unsupported: Vec<UnsupportedKernel>,
    /// Syntax and preprocessing diagnostics.
    pub diagnostics: Vec<FrontendDiagnostic>,
}
