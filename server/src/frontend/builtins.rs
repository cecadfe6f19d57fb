//! Names of CUDA and OpenCL builtins the lowering recognises, and what each is.
//!
//! [`classify`] is the one place that says what a builtin name is (a barrier, an
//! atomic, a work-item query, ...): lowering dispatches on it, and the closure
//! scan asks it whether a callee may synchronise; hover describes a builtin
//! call by its kind ([`BuiltinKind::title`], [`BuiltinKind::summary`]) and the
//! synthesizer tells asynchronous copies and their waits by it.

/// What a builtin is, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinKind {
    /// Barrier of the whole block (work-group): `__syncthreads`, OpenCL `barrier`.
    BlockBarrier,
    /// Block barrier that also returns a block-wide count, `and` or `or`.
    BlockBarrierReduction,
    /// Barrier of the 32 threads of a warp: `__syncwarp`.
    WarpBarrier,
    /// Barrier of a cooperative group or barrier object (`g.sync()`,
    /// `grid.sync()`, `barrier_wait`): its scope is the group's (block, grid, tile).
    GroupBarrier,
    /// Work-group or sub-group collective that every thread must reach
    /// (`work_group_reduce_add`, `sub_group_broadcast`, ...).
    Collective,
    /// Asynchronous work-group copy (a collective).
    AsyncCopy,
    /// Waiting for asynchronous copies (a collective).
    AsyncWait,
    /// Synchronous block copy or fill (`memcpy`, `memset`).
    BlockCopy,
    /// Atomic read-modify-write (CUDA `atomicAdd`..., OpenCL `atomic_*`, `atom_*`).
    Atomic,
    /// Memory fence: orders, but does not synchronise, threads.
    Fence,
    /// Work-item query with a dimension argument (`get_local_id`, ...).
    WorkItem,
    /// Number of dimensions of the launch (`get_work_dim`).
    WorkDim,
    /// Handle of a cooperative group (`this_thread_block`, `tiled_partition`, ...).
    GroupHandle,
    /// Integer math lowered exactly or as an uninterpreted function (`min`, `abs`, ...).
    IntegerMath,
    /// Pure math kept as an uninterpreted application (`sqrt`, `convert_int`, ...).
    PureMath,
    /// Vector load, store or constructor (`vload4`, `vstore4`, `make_float4`).
    Vector,
    /// cuRAND generators.
    Random,
    /// Image reads and writes (OpenCL `read_image*`, `write_image*`).
    Image,
    /// Texture fetch: a read of read-only memory.
    Texture,
    /// Cached load through a pointer (`__ldg`, `__ldcs`, ...).
    CachedLoad,
    /// C++ cast written as a call (`static_cast<T>(x)`).
    Cast,
    /// Value-producing intrinsic that touches no memory (`__shfl_sync`, `clock`).
    OpaqueValue,
    /// GPUVerify annotation: constrains proofs, not executions.
    Annotation,
    /// No effect for the analysis (`printf`, `assert`, `__nanosleep`).
    Ignored,
}

impl BuiltinKind {
    /// Whether a call makes threads wait for one another (barriers, collectives,
    /// asynchronous copies and waits): what a callee must not hide.
    pub fn synchronizes(self) -> bool {
        matches!(
            self,
            BuiltinKind::BlockBarrier
                | BuiltinKind::BlockBarrierReduction
                | BuiltinKind::WarpBarrier
                | BuiltinKind::GroupBarrier
                | BuiltinKind::Collective
                | BuiltinKind::AsyncCopy
                | BuiltinKind::AsyncWait
        )
    }
}

impl BuiltinKind {
    /// Short name of the kind, for hover headings.
    pub fn title(self) -> &'static str {
        use BuiltinKind as K;
        match self {
            K::BlockBarrier => "barrier",
            K::BlockBarrierReduction => "barrier with a block-wide reduction",
            K::WarpBarrier => "warp barrier",
            K::GroupBarrier => "group barrier",
            K::Collective => "collective",
            K::AsyncCopy => "asynchronous copy",
            K::AsyncWait => "wait for asynchronous copies",
            K::BlockCopy => "block copy",
            K::Atomic => "atomic",
            K::Fence => "memory fence",
            K::WorkItem => "work-item query",
            K::WorkDim => "launch dimensions",
            K::GroupHandle => "cooperative group",
            K::IntegerMath => "integer math",
            K::PureMath => "math",
            K::Vector => "vector builtin",
            K::Random => "cuRAND",
            K::Image => "image access",
            K::Texture => "texture fetch",
            K::CachedLoad => "cached load",
            K::Cast => "cast",
            K::OpaqueValue => "intrinsic",
            K::Annotation => "GPUVerify annotation",
            K::Ignored => "no effect on memory",
        }
    }

    /// How the analysis models a call of this kind, in one sentence.
    pub fn summary(self) -> &'static str {
        use BuiltinKind as K;
        match self {
            K::BlockBarrier => "Every thread of the block must reach it; orders the memory accesses before it with those after it.",
            K::BlockBarrierReduction => "A block barrier that also returns the same count, `and` or `or` to every thread.",
            K::WarpBarrier => "Orders the accesses of the threads of one warp whose lanes are in the mask (a mask that depends on the thread orders nothing).",
            K::GroupBarrier => "A barrier of the group it is called on (block, tile or grid): every thread of the group must reach it.",
            K::Collective => "Every work-item of the group must reach it, with the same arguments.",
            K::AsyncCopy => "A collective copy that may run until the matching `wait_group_events`; its accesses count until then.",
            K::AsyncWait => "A collective wait: the asynchronous copies it waits for are complete after it.",
            K::BlockCopy => "Modelled as accesses of one element at an unknown position of the copied range.",
            K::Atomic => "An atomic read-modify-write: it races only with non-atomic accesses of the same location.",
            K::Fence => "Orders this thread's own accesses; it does not synchronise threads (no effect on races).",
            K::WorkItem => "The work-item's position or the launch's size in one dimension, symbolic in the check.",
            K::WorkDim => "The number of dimensions of the launch: an unknown parameter of the kernel.",
            K::GroupHandle => "A handle of a cooperative group: `sync()` on it is a barrier of that group.",
            K::IntegerMath => "Integer math, computed exactly where it can be, else an uninterpreted function of its arguments.",
            K::PureMath => "A pure function of its arguments (uninterpreted): no memory effect.",
            K::Vector => "Builds, loads or stores a vector value, component by component.",
            K::Random => "A cuRAND generator: an unknown value; the state it is passed is updated.",
            K::Image => "Reads or writes the pixel at its coordinates.",
            K::Texture => "A read of read-only memory: an unknown value, no race.",
            K::CachedLoad => "A load through its pointer argument, like a plain read.",
            K::Cast => "A conversion of its argument.",
            K::OpaqueValue => "An unknown value; it touches no memory.",
            K::Annotation => "Constrains the proof, not the execution: its arguments are not evaluated.",
            K::Ignored => "No effect on memory for the analysis; its arguments are still evaluated.",
        }
    }
}

/// Synchronising builtins by exact name.
pub const SYNC_BUILTINS: &[(&str, BuiltinKind)] = &[
    ("__syncthreads", BuiltinKind::BlockBarrier),
    ("__barrier_sync", BuiltinKind::BlockBarrier),
    ("__barrier_sync_count", BuiltinKind::BlockBarrier),
    ("__syncthreads_count", BuiltinKind::BlockBarrierReduction),
    ("__syncthreads_and", BuiltinKind::BlockBarrierReduction),
    ("__syncthreads_or", BuiltinKind::BlockBarrierReduction),
    ("__syncwarp", BuiltinKind::WarpBarrier),
    ("barrier", BuiltinKind::BlockBarrier),
    ("work_group_barrier", BuiltinKind::BlockBarrier),
    ("sync", BuiltinKind::GroupBarrier),
    ("synchronize", BuiltinKind::GroupBarrier),
    ("barrier_wait", BuiltinKind::GroupBarrier),
    ("arrive_and_wait", BuiltinKind::GroupBarrier),
    ("wait_group_events", BuiltinKind::AsyncWait),
    ("async_work_group_copy", BuiltinKind::AsyncCopy),
    ("async_work_group_strided_copy", BuiltinKind::AsyncCopy),
];

/// Synchronising builtins by prefix (after the exact names).
pub const SYNC_PREFIXES: &[(&str, BuiltinKind)] = &[
    ("work_group_", BuiltinKind::Collective),
    ("sub_group_", BuiltinKind::Collective),
    ("intel_sub_group_", BuiltinKind::Collective),
];

/// Memory fences.
pub const FENCES: &[&str] = &[
    "__threadfence",
    "__threadfence_block",
    "__threadfence_system",
    "mem_fence",
    "read_mem_fence",
    "write_mem_fence",
    "atomic_work_item_fence",
];

/// Cooperative-group handles.
pub const GROUP_HANDLES: &[&str] = &[
    "this_thread_block",
    "this_thread",
    "this_grid",
    "tiled_partition",
    "coalesced_threads",
    "this_cluster",
    "binary_partition",
    "labeled_partition",
];

/// What the builtin `name` is, or None for a name that is no builtin (a call
/// of a definition, or of unknown code). Synchronisation first: a name in
/// [`SYNC_BUILTINS`] is that, whatever else it could be taken for.
pub fn classify(name: &str) -> Option<BuiltinKind> {
    use BuiltinKind as K;
    if let Some(&(_, k)) = SYNC_BUILTINS.iter().find(|(n, _)| *n == name) {
        return Some(k);
    }
    if let Some(&(_, k)) = SYNC_PREFIXES.iter().find(|(p, _)| name.starts_with(p)) {
        return Some(k);
    }
    Some(if FENCES.contains(&name) {
        K::Fence
    } else if GROUP_HANDLES.contains(&name) {
        K::GroupHandle
    } else if name == "get_work_dim" {
        K::WorkDim
    } else if is_work_item_fn(name) {
        K::WorkItem
    } else if is_atomic(name) {
        K::Atomic
    } else if name.starts_with("curand") {
        K::Random
    } else if name.starts_with("read_image") || name.starts_with("write_image") {
        K::Image
    } else if is_gpuverify_annotation(name) {
        K::Annotation
    } else if is_ignored_call(name) {
        K::Ignored
    } else if name == "__ldg" || name.starts_with("__ldc") || name.starts_with("__ldlu") {
        // `__ldg`, `__ldca`/`__ldcg`/`__ldcs`/`__ldcv`, `__ldlu` (not `__ldexpf`).
        K::CachedLoad
    } else if name.starts_with("make_") || name.starts_with("vload") || name.starts_with("vstore") {
        K::Vector
    } else if is_integer_math(name) {
        K::IntegerMath
    } else if is_pure_math(name) {
        K::PureMath
    } else if is_block_copy(name) {
        K::BlockCopy
    } else if is_texture_fetch(name) {
        K::Texture
    } else if is_opaque_value_call(name) {
        K::OpaqueValue
    } else if matches!(
        name,
        "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast"
    ) {
        K::Cast
    } else {
        return None;
    })
}

/// CUDA texture fetches (`tex1Dfetch`, `tex2D`, ...): reads of read-only memory.
fn is_texture_fetch(name: &str) -> bool {
    ["tex1D", "tex2D", "tex3D", "texCubemap"]
        .iter()
        .any(|p| name.starts_with(p))
}

/// Whether `name` is an atomic read-modify-write builtin (CUDA or OpenCL).
fn is_atomic(name: &str) -> bool {
    if memory_order_atomic(name).is_some() {
        return true;
    }
    let cuda_base = name
        .strip_suffix("_block")
        .or_else(|| name.strip_suffix("_system"))
        .unwrap_or(name);
    if matches!(
        cuda_base,
        "atomicAdd"
            | "atomicSub"
            | "atomicExch"
            | "atomicMin"
            | "atomicMax"
            | "atomicInc"
            | "atomicDec"
            | "atomicCAS"
            | "atomicAnd"
            | "atomicOr"
            | "atomicXor"
    ) {
        return true;
    }
    let ocl = name
        .strip_prefix("atomic_")
        .or_else(|| name.strip_prefix("atom_"))
        .map(|s| s.strip_suffix("_explicit").unwrap_or(s));
    matches!(
        ocl,
        Some(
            "add"
                | "sub"
                | "xchg"
                | "min"
                | "max"
                | "inc"
                | "dec"
                | "cmpxchg"
                | "and"
                | "or"
                | "xor"
                | "fetch_add"
                | "fetch_sub"
                | "fetch_or"
                | "fetch_xor"
                | "fetch_and"
                | "fetch_min"
                | "fetch_max"
                | "exchange"
                | "compare_exchange_strong"
                | "compare_exchange_weak"
                | "store"
                | "load"
                | "flag_test_and_set"
                | "flag_clear"
        )
    )
}

/// The number of value arguments (the pointer first) of an atomic builtin
/// that takes memory-order and scope arguments after them: CUDA 12.8's
/// `__nv_atomic_load_n(p, order[, scope])`, `__nv_atomic_store_n(p, v, ...)`,
/// `__nv_atomic_fetch_add(p, v, ...)`, ... and the GCC/clang `__atomic_*`
/// builtins of the same shapes. The generic forms passing values through
/// pointers (`__nv_atomic_load(p, &ret, ...)`) and compare-exchange are not
/// among them (they stay calls of unknown code).
/// Values of enumerators of the CUDA C++ library used as plain values:
/// `cuda::pipeline_role::producer` (0) and `consumer` (1), in libcu++'s
/// declaration order.
pub(crate) fn library_enumerator(qualified: &str) -> Option<i128> {
    let name: String = qualified.split_whitespace().collect();
    // `cuda::std::memory_order_relaxed` (and the `memory_order::relaxed`
    // spelling), `cuda::thread_scope_block`: arguments of atomics whose
    // order and scope the checker reads from the call, not the value.
    let last = name.rsplit("::").next().unwrap_or(&name);
    let order = last
        .strip_prefix("memory_order_")
        .or_else(|| name.contains("memory_order::").then_some(last));
    let orders = [
        "relaxed", "consume", "acquire", "release", "acq_rel", "seq_cst",
    ];
    if let Some(i) = order.and_then(|o| orders.iter().position(|x| *x == o)) {
        return Some(i as i128);
    }
    let scope = [
        "thread_scope_system",
        "thread_scope_device",
        "thread_scope_block",
        "thread_scope_thread",
    ]
    .iter()
    .position(|s| last == *s);
    if let Some(i) = scope {
        return Some(i as i128);
    }
    if name.ends_with("pipeline_role::producer") {
        Some(0)
    } else if name.ends_with("pipeline_role::consumer") {
        Some(1)
    } else {
        None
    }
}

pub(crate) fn memory_order_atomic(name: &str) -> Option<usize> {
    let op = name
        .strip_prefix("__nv_atomic_")
        .or_else(|| name.strip_prefix("__atomic_"))?;
    match op {
        "load_n" => Some(1),
        "store_n" | "exchange_n" | "fetch_add" | "fetch_sub" | "fetch_and" | "fetch_or"
        | "fetch_xor" | "fetch_min" | "fetch_max" | "add_fetch" | "sub_fetch" | "and_fetch"
        | "or_fetch" | "xor_fetch" => Some(2),
        _ => None,
    }
}

/// Calls that are no-ops for the analysis: fences, printing, assertions, and
/// GPUVerify annotations (which constrain proofs, not executions).
fn is_ignored_call(name: &str) -> bool {
    FENCES.contains(&name)
        || matches!(
            name,
            "printf"
                | "assert"
                | "__assert"
                | "__assume"
                | "__requires"
                | "__ensures"
                | "__invariant"
                | "__global_invariant"
                | "__candidate_invariant"
                | "__candidate_global_invariant"
                | "__function_wide_invariant"
                | "__function_wide_candidate_invariant"
                | "__barrier_invariant"
                | "__barrier_invariant_binary"
                | "__global_requires"
                | "__global_ensures"
                | "__array_snapshot"
                | "__non_temporal_loads_begin"
                | "__non_temporal_loads_end"
                | "__prefetch"
                | "prefetch"
                | "__builtin_assume"
                | "__trap"
                | "__brkpt"
                | "__nanosleep"
        )
}

/// Calls that state a precondition at their point: GPUVerify's `__requires`
/// and `__assume`, clang/nvcc `__builtin_assume`, and `assert`.
pub fn is_precondition(name: &str) -> bool {
    matches!(
        name,
        "__requires" | "__assume" | "__builtin_assume" | "assert"
    )
}

/// The warp intrinsics with a mask of the lanes taking part as their first
/// argument (`__shfl_down_sync`, `__ballot_sync`, `__match_any_sync`,
/// `__reduce_add_sync`): every lane named in the mask must execute them.
pub(crate) fn is_masked_warp_intrinsic(name: &str) -> bool {
    is_opaque_value_call(name) && name.starts_with("__") && name.ends_with("_sync")
}

/// Warp intrinsics whose result is a set of lanes computed at run time (a
/// warp mask a later intrinsic may take): `__ballot_sync`, `__activemask`,
/// `__match_any_sync`, `__lanemask_lt`, ...
pub(crate) fn is_lane_set_intrinsic(name: &str) -> bool {
    name.starts_with("__ballot")
        || name.starts_with("__match")
        || name.starts_with("__lanemask")
        || name == "__activemask"
}

/// Methods of a cooperative group that exchange values through registers
/// among all of its threads (`tile.shfl_down(v, 1)`, `tile.ballot(p)`).
pub(crate) fn is_group_exchange_method(name: &str) -> bool {
    matches!(
        name,
        "shfl"
            | "shfl_up"
            | "shfl_down"
            | "shfl_xor"
            | "ballot"
            | "any"
            | "all"
            | "match_any"
            | "match_all"
    )
}

/// Warp-level and other value-producing intrinsics whose result is unknown but
/// which touch no memory: their result is havocked without a note.
pub(crate) fn is_opaque_value_call(name: &str) -> bool {
    name.starts_with("__shfl")
        || name.starts_with("__ballot")
        || name.starts_with("__any")
        || name.starts_with("__all")
        || name.starts_with("__match")
        || name.starts_with("__reduce_")
        || matches!(
            name,
            "__activemask"
                | "__lanemask_lt"
                | "__lanemask_le"
                | "__lanemask_eq"
                | "__lanemask_gt"
                | "__lanemask_ge"
                | "clock"
                | "clock64"
                | "__clock"
                | "__globaltimer"
                | "__implies"
                | "__enabled"
                | "__other_int"
                | "__other_bool"
                | "__uniform_int"
                | "__uniform_bool"
                | "__distinct_int"
                | "__distinct_bool"
                | "__all_int"
                | "__at_most_one"
                | "__read"
                | "__write"
                | "__no_read"
                | "__no_write"
                | "__read_implies"
                | "__write_implies"
                | "__ptr_base"
                | "__ptr_offset"
                | "__ptr_offset_bytes"
                | "__same_group"
                | "__is_pow2"
                | "__mod_pow2"
                | "__add_noovfl"
                | "__add_noovfl_unsigned"
                | "__return_val_int"
                | "__return_val_bool"
                | "__old_int"
                | "__old_bool"
                | "get_image_width"
                | "get_image_height"
                | "get_sub_group_id"
                | "get_sub_group_local_id"
                | "get_sub_group_size"
                | "rand"
        )
}

/// Pure math functions kept as uninterpreted applications. Functions that
/// also store through a pointer argument (`sincos`, `modf`, `fract`, `frexp`,
/// `remquo`) are not pure: they are lowered as unknown calls, which may write
/// the memory their pointers reach.
fn is_pure_math(name: &str) -> bool {
    let base = name
        .strip_prefix("native_")
        .or_else(|| name.strip_prefix("half_"))
        .or_else(|| name.strip_prefix("__"))
        .unwrap_or(name);
    let base = base
        .strip_suffix("_rn")
        .or_else(|| base.strip_suffix("_rz"))
        .unwrap_or(base);
    let base = base
        .strip_suffix("_ru")
        .or_else(|| base.strip_suffix("_rd"))
        .unwrap_or(base);
    let trimmed = base.strip_suffix('f').unwrap_or(base);
    const NAMES: &[&str] = &[
        "sqrt",
        "rsqrt",
        "cbrt",
        "rcbrt",
        "exp",
        "exp2",
        "exp10",
        "expm1",
        "log",
        "log2",
        "log10",
        "log1p",
        "pow",
        "pown",
        "powr",
        "rootn",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "atan2",
        "sinh",
        "cosh",
        "tanh",
        "asinh",
        "acosh",
        "atanh",
        "sinpi",
        "cospi",
        "tanpi",
        "fabs",
        "floor",
        "ceil",
        "fmin",
        "fmax",
        "fma",
        "mad",
        "fmod",
        "remainder",
        "round",
        "trunc",
        "rint",
        "lrint",
        "llrint",
        "lround",
        "llround",
        "nearbyint",
        "hypot",
        "erf",
        "erfc",
        "erfinv",
        "lgamma",
        "tgamma",
        "copysign",
        "fdim",
        "ldexp",
        "logb",
        "ilogb",
        "nextafter",
        "sign",
        "mix",
        "step",
        "smoothstep",
        "degrees",
        "radians",
        "dot",
        "length",
        "fast_length",
        "normalize",
        "fast_normalize",
        "distance",
        "fast_distance",
        "cross",
        "isnan",
        "isinf",
        "isfinite",
        "isnormal",
        "signbit",
        "isequal",
        "isnotequal",
        "isgreater",
        "isless",
        "fdivide",
        "divide",
        "fdiv",
        "frcp",
        "recip",
        "fmul",
        "fadd",
        "fsub",
        "fsqrt",
        "saturate",
        "int_as_float",
        "float_as_int",
        "uint_as_float",
        "float_as_uint",
        "double_as_longlong",
        "longlong_as_double",
        "popc",
        "popcll",
        "popcount",
        "clz",
        "clzll",
        "ffs",
        "ffsll",
        "brev",
        "brevll",
        "byte_perm",
        "mulhi",
        "umulhi",
        "mul64hi",
        "umul64hi",
        "mul_hi",
        "mad_hi",
        "mad_sat",
        "hadd",
        "rhadd",
        "uhadd",
        "urhadd",
        "sad",
        "usad",
        "rotate",
        "add_sat",
        "sub_sat",
        "abs_diff",
        "upsample",
        "bitselect",
        "select",
        "any",
        "all",
        "float2int",
        "float2uint",
        "int2float",
        "uint2float",
        "float2half",
        "half2float",
        "double2float",
        "float2ll",
        "ll2float",
        "double2int",
        "int2double",
        "maxmag",
        "minmag",
        "nan",
        "j0",
        "j1",
        "y0",
        "y1",
        "norm3d",
        "norm4d",
        "rnorm3d",
        "rhypot",
        "normcdf",
        "normcdfinv",
        "scalbn",
        "fabsf",
        "finite",
        "isfinite",
        "exp10",
    ];
    NAMES.contains(&trimmed)
        || NAMES.contains(&base)
        || name.starts_with("as_")
        || name.starts_with("convert_")
        || is_half_intrinsic(name)
        || is_conversion_intrinsic(name)
}

/// Arithmetic, comparisons and math of `cuda_fp16.h`/`cuda_bf16.h`
/// (`__hfma2`, `__hmax`, `__heq2`, `h2sqrt`, ...): functions of their values
/// that read and write no memory.
fn is_half_intrinsic(name: &str) -> bool {
    const OPS: &[&str] = &[
        "add", "sub", "mul", "div", "fma", "neg", "abs", "max", "min", "eq", "ne", "lt", "le",
        "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "isnan", "isinf", "cmadd",
    ];
    const MATH: &[&str] = &[
        "sqrt", "rsqrt", "exp", "exp2", "exp10", "log", "log2", "log10", "rcp", "sin", "cos",
        "ceil", "floor", "trunc", "rint", "tanh",
    ];
    if let Some(op) = name.strip_prefix("__h") {
        let op = op
            .strip_suffix("_relu")
            .or_else(|| op.strip_suffix("_sat"))
            .or_else(|| op.strip_suffix("_nan"))
            .or_else(|| op.strip_suffix("_rn"))
            .unwrap_or(op);
        let op = op.strip_suffix('2').unwrap_or(op);
        // `__hbeq2` and friends: comparisons of both halves giving one bool.
        let both = op.strip_prefix('b');
        return OPS.contains(&op) || op == "2div" || both.is_some_and(|b| OPS.contains(&b));
    }
    let m = name.strip_prefix("h2").or_else(|| name.strip_prefix('h'));
    m.is_some_and(|m| MATH.contains(&m))
}

/// Value conversions written `__<from>2<to>[_rn]` (`__float2half2_rn`,
/// `__low2float`, `__half22float2`, `__bfloat162float`) or `__<from>_as_<to>`
/// (`__half_as_ushort`): pure functions of their arguments.
fn is_conversion_intrinsic(name: &str) -> bool {
    const PARTS: &[&str] = &[
        "half",
        "half2",
        "halves",
        "float",
        "floats",
        "float2",
        "double",
        "int",
        "uint",
        "short",
        "ushort",
        "ll",
        "ull",
        "low",
        "high",
        "lows",
        "highs",
        "lowhigh",
        "highlow",
        "bfloat16",
        "bfloat162",
        "char",
        "uchar",
    ];
    let Some(body) = name.strip_prefix("__") else {
        return false;
    };
    let body = ["_rn", "_rz", "_rd", "_ru", "_sat"]
        .iter()
        .find_map(|s| body.strip_suffix(s))
        .unwrap_or(body);
    if let Some((a, b)) = body.split_once("_as_") {
        return PARTS.contains(&a) && PARTS.contains(&b);
    }
    body.char_indices()
        .filter(|&(_, c)| c == '2')
        .any(|(i, _)| PARTS.contains(&&body[..i]) && PARTS.contains(&&body[i + 1..]))
}

/// OpenCL work-item functions with a dimension argument.
fn is_work_item_fn(name: &str) -> bool {
    matches!(
        name,
        "get_local_id"
            | "get_group_id"
            | "get_local_size"
            | "get_num_groups"
            | "get_global_id"
            | "get_global_size"
            | "get_global_offset"
            | "get_enqueued_local_size"
    )
}

/// GPUVerify annotations (contracts, invariants, ghost predicates): they
/// constrain proofs, not executions, and touch no memory.
fn is_gpuverify_annotation(name: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "__barrier_invariant",
        "__requires",
        "__ensures",
        "__global_",
        "__reads_from",
        "__writes_to",
        "__read_offset",
        "__write_offset",
        "__add_noovfl",
        "__atomic_has_taken_value",
        "__invariant",
        "__candidate",
        "__function_wide",
        "__assert",
        "__assume",
        "__array_snapshot",
    ];
    PREFIXES.iter().any(|p| name.starts_with(p))
        || matches!(name, "__ite" | "__exclusive" | "__dominator_invariant")
}

/// Integer math builtins (CUDA and OpenCL), lowered as uninterpreted or exact
/// integer functions.
fn is_integer_math(name: &str) -> bool {
    matches!(
        name,
        "min"
            | "max"
            | "umin"
            | "umax"
            | "llmin"
            | "llmax"
            | "ullmin"
            | "ullmax"
            | "abs"
            | "clamp"
            | "mul24"
            | "__mul24"
            | "__umul24"
            | "mad24"
            | "labs"
            | "llabs"
            | "sad"
    )
}

/// Block copies: one element at an unknown position of the range.
fn is_block_copy(name: &str) -> bool {
    matches!(
        name,
        "async_work_group_copy"
            | "async_work_group_strided_copy"
            | "memcpy"
            | "__builtin_memcpy"
            | "memmove"
            | "__builtin_memmove"
            | "memset"
            | "__builtin_memset"
    )
}

/// Free functions of `cooperative_groups` the checker models (group
/// handles, `sync`, asynchronous copies and their waits, the group
/// collectives): a program's own function of such a name is called in
/// their place only where C++ lookup finds it.
pub fn is_cg_modelled_name(name: &str) -> bool {
    GROUP_HANDLES.contains(&name)
        || matches!(
            name,
            "sync"
                | "memcpy_async"
                | "wait"
                | "wait_prior"
                | "reduce"
                | "inclusive_scan"
                | "exclusive_scan"
        )
}

#[cfg(test)]
mod tests {
    use super::{classify, BuiltinKind as K, FENCES, SYNC_BUILTINS};
    use crate::syntax::queries::QueryKind;

    /// The names of `queries/barriers.scm`'s `#any-of?` list.
    fn barrier_query_names() -> Vec<String> {
        let source = QueryKind::Barriers.source();
        let Some(list) = source
            .split("#any-of?")
            .nth(1)
            .and_then(|rest| rest.split("))").next())
        else {
            return Vec::new();
        };
        list.split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_barrier_query_names_what_the_table_calls_barriers_and_fences() {
        let names = barrier_query_names();
        assert!(names.len() > 10, "{names:?}");
        for name in &names {
            let kind = classify(name);
            assert!(
                kind.is_some_and(|k| k.synchronizes() || k == K::Fence),
                "{name}: {kind:?}"
            );
        }
        let barriers = SYNC_BUILTINS.iter().filter(|(_, k)| {
            matches!(
                k,
                K::BlockBarrier | K::BlockBarrierReduction | K::WarpBarrier
            )
        });
        for name in barriers.map(|(n, _)| *n).chain(FENCES.iter().copied()) {
            assert!(
                names.iter().any(|n| n == name),
                "{name} missing from barriers.scm"
            );
        }
    }

    #[test]
    fn classify_names_barriers_atomics_queries_and_unknown_code() {
        assert_eq!(classify("__syncthreads"), Some(K::BlockBarrier));
        assert_eq!(classify("barrier"), Some(K::BlockBarrier));
        assert_eq!(classify("__syncthreads_or"), Some(K::BlockBarrierReduction));
        assert_eq!(classify("__syncwarp"), Some(K::WarpBarrier));
        assert_eq!(classify("sync"), Some(K::GroupBarrier));
        assert_eq!(classify("work_group_reduce_add"), Some(K::Collective));
        assert_eq!(classify("async_work_group_copy"), Some(K::AsyncCopy));
        assert_eq!(classify("wait_group_events"), Some(K::AsyncWait));
        assert_eq!(classify("memcpy"), Some(K::BlockCopy));
        assert_eq!(classify("atomicAdd_block"), Some(K::Atomic));
        assert_eq!(classify("atomic_fetch_add_explicit"), Some(K::Atomic));
        assert_eq!(classify("__threadfence"), Some(K::Fence));
        assert_eq!(classify("get_local_id"), Some(K::WorkItem));
        assert_eq!(classify("this_grid"), Some(K::GroupHandle));
        assert_eq!(classify("sqrtf"), Some(K::PureMath));
        assert_eq!(classify("min"), Some(K::IntegerMath));
        assert_eq!(classify("__shfl_down_sync"), Some(K::OpaqueValue));
        assert_eq!(classify("__ldg"), Some(K::CachedLoad));
        assert_eq!(classify("__ldcs"), Some(K::CachedLoad));
        assert_eq!(classify("__ldlu"), Some(K::CachedLoad));
        // `__ld` alone does not make a cached load: `ldexp` is math.
        assert_eq!(classify("__ldexpf"), Some(K::PureMath));
        assert_eq!(classify("read_imagef"), Some(K::Image));
        assert_eq!(classify("curand_uniform"), Some(K::Random));
        assert_eq!(classify("make_float4"), Some(K::Vector));
        assert_eq!(classify("tex2D"), Some(K::Texture));
        assert_eq!(classify("__requires"), Some(K::Annotation));
        assert_eq!(classify("printf"), Some(K::Ignored));
        assert_eq!(classify("get_work_dim"), Some(K::WorkDim));
        assert_eq!(classify("static_cast"), Some(K::Cast));
        for pure in [
            "__hfma2",
            "__hadd",
            "__hmax2_nan",
            "__heq2",
            "__hbgt2",
            "h2sqrt",
            "hexp",
            "__float2half2_rn",
            "__floats2half2_rn",
            "__low2float",
            "__half22float2",
            "__float22half2_rn",
            "__bfloat162float",
            "__half_as_ushort",
            "__expf",
            "__fdividef",
        ] {
            assert_eq!(classify(pure), Some(K::PureMath), "{pure}");
        }
        for unknown in ["hash", "__helper2", "__float2", "h2d_copy"] {
            assert_eq!(classify(unknown), None, "{unknown}");
        }
        assert_eq!(classify("my_device_helper"), None);
        for n in [
            "__syncthreads",
            "__syncwarp",
            "sub_group_barrier",
            "barrier_wait",
        ] {
            assert!(classify(n).is_some_and(K::synchronizes), "{n}");
        }
        for n in [
            "__threadfence",
            "atomicAdd",
            "get_local_id",
            "memcpy",
            "printf",
        ] {
            assert!(!classify(n).is_some_and(K::synchronizes), "{n}");
        }
    }
}
