//! Names of CUDA and OpenCL builtins the lowering recognises.

/// Whether `name` is an atomic read-modify-write builtin (CUDA or OpenCL).
pub(crate) fn is_atomic(name: &str) -> bool {
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

/// Calls that are no-ops for the analysis: fences, printing, assertions, and
/// GPUVerify annotations (which constrain proofs, not executions).
pub(crate) fn is_ignored_call(name: &str) -> bool {
    matches!(
        name,
        "__threadfence"
            | "__threadfence_block"
            | "__threadfence_system"
            | "mem_fence"
            | "read_mem_fence"
            | "write_mem_fence"
            | "atomic_work_item_fence"
            | "printf"
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
                | "sub_group_reduce_add"
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
pub(crate) fn is_pure_math(name: &str) -> bool {
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
}

/// OpenCL work-item functions with a dimension argument.
pub(crate) fn is_work_item_fn(name: &str) -> bool {
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
pub(crate) fn is_gpuverify_annotation(name: &str) -> bool {
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
pub fn is_integer_math(name: &str) -> bool {
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
pub fn is_block_copy(name: &str) -> bool {
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
