//! Kernel launches in host code: `k<<<grid, block, smem, stream>>>(args)`,
//! `k<T, 16><<<...>>>(...)`, `cudaLaunchKernel(k, grid, block, ...)` and
//! `cudaLaunchCooperativeKernel`, with the launch sizes evaluated where the
//! program makes them constants.
//!
//! Works on preprocessed text (macros such as `#define BLOCK 256` are already
//! expanded) of every file of a translation unit, by tokens. A name has a
//! value only when the program gives it exactly one: a name declared more than
//! once with different values, declared without a constant initializer (a
//! parameter, `int n;`), assigned, incremented, read into (`>>`) or whose
//! address is taken is unknown, and so is every launch size computed from it.
//! Names declared in device functions are out of scope of host launches and do
//! not count; launches inside device functions (dynamic parallelism) are
//! reported with unknown sizes.

use crate::base::HashMap;
use std::cell::RefCell;

use super::preprocess::{lex, parse_int_literal, Tok, TokKind};

mod aggregates;
mod contents;
mod dead_branches;
mod loop_bounds;
mod mentions;
mod provenance;
mod relations;
pub use loop_bounds::{ArgBound, BoundOp};
pub use provenance::{views_equivalent, views_may_meet, PointerView};
pub use relations::{HostIntTy, SizeExpr, SizeOp};

/// Deepest nesting of names and parentheses evaluated.
const MAX_EVAL_DEPTH: usize = 64;

/// A launch of a kernel found in host code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostLaunch {
    /// Kernel name as written (unqualified).
    pub kernel: String,
    /// Explicit template arguments (`k<float, 16><<<...>>>`), as written.
    pub template_args: Vec<String>,
    /// Value of each explicit template argument that is an integer constant.
    pub template_values: Vec<Option<i128>>,
    /// Blocks per grid per dimension (None: not a constant).
    pub grid: [Option<u32>; 3],
    /// Threads per block per dimension (None: not a constant).
    pub block: [Option<u32>; 3],
    /// Value of each kernel argument that is an integer constant.
    pub args: Vec<Option<i128>>,
    /// How many arguments the launch passes, when it writes them out
    /// (`k<<<g, b>>>(x, n)`); None when not known (an API launch, a use of
    /// the kernel's name, an argument holding a `<` whose commas may belong
    /// to a template argument list).
    pub arity: Option<usize>,
    /// For each kernel argument that is the counter of an enclosing counting
    /// loop (`for (int t = 0; t < n; t++) k<<<g, b>>>(.., t)`), the counter's
    /// first value: a lower bound of the argument at this launch.
    pub arg_lower_bounds: Vec<Option<i128>>,
    /// For each kernel argument that is the counter of an enclosing loop,
    /// the bounds the loop's condition and initializer give it over the
    /// launch's arguments, when they hold at every execution of the launch
    /// (see `loop_bounds`).
    pub arg_loop_bounds: Vec<Vec<ArgBound>>,
    /// For each kernel argument, a power of two it is known to be a multiple
    /// of, as an exponent (0: nothing known); see [`Eval::pow2_exponent`].
    pub arg_pow2: Vec<u32>,
    /// For each kernel argument, whether it passes a whole allocation: a
    /// name the host sets only from an allocation call (see
    /// [`allocated_names`]). A pointer parameter given such an argument at
    /// every launch starts at an allocation's start (the offsets-from-base
    /// assumption).
    pub arg_whole: Vec<bool>,
    /// For each kernel argument, the host name it passes when it is one
    /// name (after an optional cast in parentheses: `d`, `(float *)d`);
    /// None for anything else. Two pointer parameters given one name at a
    /// launch point to the same array.
    pub arg_names: Vec<Option<String>>,
    /// For each kernel argument, what it may point into (see `provenance`):
    /// two pointer parameters whose arguments share a root may be one
    /// array, at the offsets the views give.
    pub arg_views: Vec<Vec<PointerView>>,
    /// Whether the launch passes its kernel to a launch API whose argument
    /// array the scan cannot read (`cudaLaunchKernel(k, g, b, v.data(), ..)`,
    /// a graph kernel node's `.func = k`, `cuLaunchKernel` of a module
    /// function): the host may pass one buffer to several pointer
    /// parameters, so the distinct-parameters assumption does not hold for
    /// this kernel (see `ide::file::params_sharing_pointer`).
    pub args_unread: bool,
    /// For each kernel argument that passes an aggregate-initialized object
    /// of the class the kernel's parameter has (`Params p{d, n, 64};
    /// k<<<g, b>>>(p)`), its `const` integer members that are constants, by
    /// name (see `aggregates`).
    pub arg_fields: Vec<Vec<(String, i128)>>,
    /// For each kernel argument passing a clean local object by value to a
    /// parameter of its class (`Params p{d, e, n}; k<<<g, b>>>(p)`): what
    /// each pointer member may point into, by member name (see
    /// `provenance::objects`); None when not known. The kernel's pointers
    /// in that parameter are then apart from other pointers whose views do
    /// not meet theirs (see `ide::file::field_aliases_apart`).
    pub arg_member_views: Vec<Option<MemberViews>>,
    /// For each pointer argument, the index of an `int` argument `n` when
    /// the array it passes holds the identity on `[0, n)`: the host filled
    /// it with `h[i] = i` and copied it whole before the launch (see
    /// `contents`).
    pub arg_identity: Vec<Option<usize>>,
    /// For each pointer argument, the prefix on which the array it passes
    /// is non-decreasing: the host built it as a running sum of
    /// non-negative steps and copied it whole before the launch (see
    /// `contents`).
    pub arg_non_decreasing: Vec<Option<PrefixBound>>,
    /// For each grid dimension not known as a constant, the expression over
    /// the kernel's arguments the host computes it with, when that holds on
    /// every execution of the launch (see `relations`).
    pub grid_relation: [Option<SizeExpr>; 3],
    /// The same for the block dimensions.
    pub block_relation: [Option<SizeExpr>; 3],
    /// For each kernel argument that is not a constant, its value as an
    /// expression over the other arguments (`pitch` defined as `NX`), in its
    /// host type, when that holds on every execution of the launch.
    pub arg_relations: Vec<Option<SizeExpr>>,
    /// Whether the grid's y extent is the same value as its x extent at
    /// every execution of the launch (`dim3 grid(n, n)`), known or not.
    pub grid_square: bool,
    /// The same for the block (`dim3 block(t, t)`).
    pub block_square: bool,
    /// For each block dimension not known as a constant, a power of two its
    /// extent is known to be a multiple of at every execution of the launch,
    /// as an exponent (0: nothing known; at most 10, since an extent is at
    /// most 1024); see [`Eval::pow2_exponent`].
    pub block_pow2: [u32; 3],
    /// Host functions whose parameters were given the constant every call
    /// of the function in the unit passes (see [`Eval::caller_constant`]):
    /// the values hold only if no other unit calls them.
    pub callers: Vec<String>,
    /// Host functions whose parameter a value was asked of that no call in
    /// the unit passes (none there): only calls in other units may give it
    /// one (see `ide::file::values_elsewhere`).
    pub wanted: Vec<String>,
    /// Host functions whose pointer parameters the argument views followed
    /// into the unit's calls (see `provenance`): another unit's calls may
    /// pass other pointers (the file layer reads them: `values_elsewhere`).
    pub pointer_callers: Vec<String>,
    /// Byte range of the launch in the scanned text (name to the end of `>>>`).
    pub start: usize,
    /// End of that range.
    pub end: usize,
    /// Index of the scanned text it is in.
    pub text: usize,
}

/// What each pointer member of an object passed to a kernel may point
/// into, by member name (see [`HostLaunch::arg_member_views`]).
pub type MemberViews = Vec<(String, Vec<PointerView>)>;

/// A prefix `[0, by + extra)` of a device array a launch passes, on which
/// the host established a property of its contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrefixBound {
    /// What the prefix's length is, less `extra`.
    pub by: PrefixBy,
    /// Added to `by` (0 or 1).
    pub extra: u8,
    /// The first element's value (a property about sums: see `contents`).
    pub first: i64,
    /// The most one step of a running sum adds.
    pub max_step: i64,
}

/// The value a prefix's length is counted from, as the kernel sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrefixBy {
    /// The launch's `int` argument of that index.
    Arg(usize),
    /// The grid's x extent (`gridDim.x`).
    GridX,
}

impl HostLaunch {
    /// A launch of `kernel` at `(start, end, text)` of which nothing else is
    /// known: no sizes, arguments, relations or caller values.
    pub fn unknown(
        kernel: String,
        template_args: Vec<String>,
        (start, end, text): (usize, usize, usize),
    ) -> HostLaunch {
        HostLaunch {
            kernel,
            template_args,
            template_values: Vec::new(),
            grid: [None; 3],
            block: [None; 3],
            args: Vec::new(),
            arity: None,
            arg_lower_bounds: Vec::new(),
            arg_loop_bounds: Vec::new(),
            arg_pow2: Vec::new(),
            arg_whole: Vec::new(),
            arg_names: Vec::new(),
            arg_views: Vec::new(),
            args_unread: false,
            arg_fields: Vec::new(),
            arg_member_views: Vec::new(),
            arg_identity: Vec::new(),
            arg_non_decreasing: Vec::new(),
            grid_relation: Default::default(),
            block_relation: Default::default(),
            arg_relations: Vec::new(),
            grid_square: false,
            block_square: false,
            block_pow2: [0; 3],
            callers: Vec::new(),
            wanted: Vec::new(),
            pointer_callers: Vec::new(),
            start,
            end,
            text,
        }
    }

    /// The block shape when every dimension is known.
    pub fn block_dim(&self) -> Option<[u32; 3]> {
        all_known(self.block)
    }

    /// The grid shape when every dimension is known.
    pub fn grid_dim(&self) -> Option<[u32; 3]> {
        all_known(self.grid)
    }
}

fn all_known(dims: [Option<u32>; 3]) -> Option<[u32; 3]> {
    Some([dims[0]?, dims[1]?, dims[2]?])
}

/// Scalar type keywords of a declaration whose value the scanner tracks:
/// the integer types and these.
const NON_INTEGER_SCALAR_TYPES: [&str; 4] = ["auto", "float", "double", "bool"];

/// Whether `t` is a scalar type keyword the scanner tracks.
fn is_scalar_type(t: &str) -> bool {
    INTEGER_CAST_TYPES.contains(&t) || NON_INTEGER_SCALAR_TYPES.contains(&t)
}
/// Qualifiers that may precede or follow the type of a declaration.
const DECL_QUALIFIERS: [&str; 8] = [
    "const",
    "constexpr",
    "static",
    "inline",
    "volatile",
    "register",
    "std",
    "::",
];
/// Identifiers after which a name is an operand, not a declared name.
const NOT_A_TYPE: [&str; 14] = [
    "return",
    "case",
    "else",
    "do",
    "sizeof",
    "goto",
    "throw",
    "new",
    "delete",
    "typedef",
    "operator",
    "co_return",
    "co_yield",
    "using",
];

/// What a name is bound to.
#[derive(Clone, Debug)]
enum Binding {
    /// A `dim3` with the token ranges of its up to three components.
    Dim3(Vec<(usize, usize)>),
    /// A scalar with the token range of its initializer.
    Scalar(usize, usize),
    /// A one-dimensional array with the token ranges of its initializer's
    /// elements (`size_t local[2] = {16, 16};`).
    Array(Vec<(usize, usize)>),
    /// Declared, assigned or used so that no single value is known.
    Unknown,
    /// Like `Unknown`, but every declaration is of a scalar type (a launch
    /// size made of it has y and z of 1).
    UnknownScalar,
}

/// Significant tokens of all texts, concatenated (each text ends with a `;`
/// boundary so declarations never span texts).
struct Unit<'a> {
    texts: &'a [&'a str],
    toks: Vec<(usize, Tok)>,
}

impl<'a> Unit<'a> {
    fn new(texts: &'a [&'a str]) -> Unit<'a> {
        let mut toks = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            toks.extend(
                lex(t)
                    .into_iter()
                    .filter(|t| {
                        !matches!(t.kind, TokKind::Space | TokKind::Newline | TokKind::Comment)
                    })
                    .map(|t| (i, t)),
            );
        }
        Unit { texts, toks }
    }

    /// The `<` opening the template argument list that the `>` at `close`
    /// ends: scanning back at most to `floor` and over fewer than `max_span`
    /// tokens, and never across one of `stops`.
    fn template_open(
        &self,
        close: usize,
        floor: usize,
        max_span: usize,
        stops: &[&str],
    ) -> Option<usize> {
        let mut depth = 0usize;
        let mut at = close;
        loop {
            match self.text(at) {
                ">" => depth += 1,
                ">>" => depth += 2,
                "<" => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(at);
                    }
                }
                t if stops.contains(&t) => return None,
                _ => {}
            }
            if at <= floor || close - at >= max_span {
                return None;
            }
            at -= 1;
        }
    }

    /// The token closing the template argument list that the `<` at `open`
    /// begins (a `>`, or a `>>` closing it with a nested list), scanning
    /// forward over bracketed groups and never across `;`, `{` or `}`.
    fn template_close(&self, open: usize) -> Option<usize> {
        let n = self.toks.len();
        let mut depth = 0usize;
        let mut at = open;
        while at < n {
            match self.text(at) {
                "<" => depth += 1,
                ">" => depth = depth.checked_sub(1)?,
                ">>" => depth = depth.checked_sub(2)?,
                "(" | "[" => at = self.matching(at, n),
                ";" | "{" | "}" => return None,
                _ => {}
            }
            if depth == 0 {
                return Some(at);
            }
            at += 1;
        }
        None
    }

    /// For the `:` at `colon` after a constructor's parameter list: the
    /// `{` of its body after the mem-initializer list `m(e), Base<T>{e}, ..`
    /// ([class.base.init]). None when the tokens are not such a list.
    fn mem_initializers_body(&self, colon: usize) -> Option<usize> {
        let n = self.toks.len();
        if self.text(colon) != ":" {
            return None;
        }
        let mut j = colon + 1;
        loop {
            // A (qualified, possibly templated) member or base name.
            let start = j;
            while j < n && (self.is_ident(j) || self.text(j) == "::") {
                j += 1;
                if self.text(j) == "<" {
                    j = self.template_close(j)? + 1;
                }
            }
            if j == start || !matches!(self.text(j), "(" | "{") {
                return None;
            }
            j = self.matching(j, n) + 1;
            match self.text(j) {
                "," => j += 1,
                "{" => return Some(j),
                _ => return None,
            }
        }
    }

    fn text(&self, i: usize) -> &'a str {
        self.toks
            .get(i)
            .and_then(|(f, t)| self.texts[*f].get(t.start..t.end))
            .unwrap_or("")
    }

    fn kind(&self, i: usize) -> Option<TokKind> {
        self.toks.get(i).map(|(_, t)| t.kind)
    }

    fn is_ident(&self, i: usize) -> bool {
        self.kind(i) == Some(TokKind::Ident)
    }

    /// Index of the token closing the bracket opened at `open`, or `end`.
    fn matching(&self, open: usize, end: usize) -> usize {
        let mut depth = 0usize;
        let mut i = open;
        while i < end {
            match self.text(i) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return i;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        end
    }

    /// The arguments of a call's list `[start, end)`, as
    /// [`Unit::split_commas`] but keeping a template argument list `f<A,
    /// B>` whole (a comma inside it separates no arguments). A comparison
    /// `a < b, c > d` read as one argument changes the count, which the
    /// callers check against the parameters.
    fn split_arguments(&self, start: usize, end: usize) -> Vec<(usize, usize)> {
        let mut parts = Vec::new();
        let mut from = start;
        let mut i = start;
        while i < end {
            match self.text(i) {
                "(" | "[" | "{" => i = self.matching(i, end),
                "," => {
                    parts.push((from, i));
                    from = i + 1;
                }
                "<" if i > start && self.is_ident(i - 1) => {
                    if let Some(c) = self.template_close(i).filter(|&c| c < end) {
                        if self.text(c) == ">" {
                            i = c;
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
        if from < end || !parts.is_empty() {
            parts.push((from, end));
        }
        parts
    }

    /// Splits `[start, end)` at top-level commas.
    fn split_commas(&self, start: usize, end: usize) -> Vec<(usize, usize)> {
        let mut parts = Vec::new();
        let mut depth = 0usize;
        let mut from = start;
        for i in start..end {
            match self.text(i) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth = depth.saturating_sub(1),
                "," if depth == 0 => {
                    parts.push((from, i));
                    from = i + 1;
                }
                _ => {}
            }
        }
        if from < end || !parts.is_empty() {
            parts.push((from, end));
        }
        parts
    }
}

/// Finds the launches of every text of a translation unit (preprocessed texts:
/// the main file and its headers), evaluating sizes against the names all of
/// them define.
pub fn scan_launches(texts: &[&str]) -> Vec<HostLaunch> {
    scan_translation(texts).launches
}

/// What the host code of a translation unit says about its kernels.
#[derive(Clone, Debug, Default)]
pub struct HostScan {
    /// The launches, and for every other use of a kernel's name (assigned to
    /// a function pointer, passed to `cudaLaunchKernelEx` or any other
    /// function) a launch with unknown sizes and arguments: the kernel may
    /// run through it.
    pub launches: Vec<HostLaunch>,
    /// Kernels this unit defines with internal linkage (`static`, or in an
    /// anonymous namespace): `(name, text index, byte offset)` of the
    /// definition. Another file's launch of the same name is not theirs.
    pub local_kernels: Vec<(String, usize, usize)>,
    /// Every kernel this unit defines (with a body, any linkage): `(name,
    /// text index, byte offset)`. A launch in this unit is of one of its own
    /// definitions of that name when it has any (a second external
    /// definition elsewhere would be a second program, C++'s one-definition
    /// rule), never of another unit's.
    pub defined_kernels: Vec<(String, usize, usize)>,
}

/// Calls known to take a kernel without launching it.
fn non_launching_api(callee: &str) -> bool {
    callee.starts_with("cudaOccupancy")
        || matches!(
            callee,
            "cudaFuncSetAttribute"
                | "cudaFuncGetAttributes"
                | "cudaFuncSetCacheConfig"
                | "cudaFuncSetSharedMemConfig"
        )
}

/// Scans a translation unit: see [`HostScan`].
pub fn scan_translation(texts: &[&str]) -> HostScan {
    scan_translation_excluding(texts, &[])
}

/// [`scan_translation`] where the parameters of the host functions named in
/// `excluded` get no value from the calls in the unit ([`Eval::caller_constant`]
/// gives none for them): for wrappers another unit may call with other
/// values. Every value the scan computes then holds on every call of them,
/// so a launch keeps what does not depend on their parameters (a constant
/// block size next to a grid computed from a parameter).
pub fn scan_translation_excluding(texts: &[&str], excluded: &[String]) -> HostScan {
    scan_translation_with(texts, excluded, &OtherCalls::default())
}

/// What the calls of host functions made in other translation units of the
/// program pass, by function name. Filled by `ide::file` from the other
/// units' scans ([`call_arguments`]).
pub type OtherCalls = HashMap<String, OtherCall>;

/// What the calls of one host function in other translation units pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtherCall {
    /// For each parameter position, the integer constant every such call
    /// passes there (None: unknown, or not the same on every call). Empty
    /// when no other unit calls the function.
    pub values: Vec<Option<i128>>,
    /// Pairs of parameter positions `(p, q)`, `p < q`, whose pointer
    /// arguments may be of one allocation in some call there (`run(d, d)`),
    /// and `(p, p)` where the argument may be any pointer.
    pub aliased: Vec<(usize, usize)>,
}

/// [`scan_translation_excluding`], where a parameter of an excluded
/// function gets a value after all when `others` gives the one constant
/// every call in the other units passes for it and every call in this unit
/// passes it too ([`Eval::caller_constant`]): then those are all the calls
/// of the program.
pub fn scan_translation_with(texts: &[&str], excluded: &[String], others: &OtherCalls) -> HostScan {
    with_host_eval(texts, excluded, others, |unit, scopes, in_device, eval| {
        scan_unit(unit, scopes, in_device, eval)
    })
}

/// Runs `body` on the host evaluator of the unit made of `texts`: its
/// tokens, scopes, which tokens are device code, and an [`Eval`] that skips
/// the `excluded` callers and knows the values `others` pass.
fn with_host_eval<R>(
    texts: &[&str],
    excluded: &[String],
    others: &OtherCalls,
    body: impl FnOnce(&Unit, &Scopes, &dyn Fn(usize) -> bool, &Eval) -> R,
) -> R {
    let unit = Unit::new(texts);
    let device = device_regions(&unit);
    let in_device = |i: usize| device.iter().any(|&(s, e)| s <= i && i <= e);
    let decls = collect_decls(&unit, &in_device);
    let scopes = Scopes::new(&unit, decls, &in_device);
    let mut eval = Eval::new(&unit, &scopes);
    eval.allocated = allocated_names(&unit, &in_device);
    eval.excluded_callers = excluded.to_vec();
    eval.other_calls = others.clone();
    body(&unit, &scopes, &in_device, &eval)
}

/// [`scan_translation_with`] on a prepared unit.
fn scan_unit(
    unit: &Unit,
    scopes: &Scopes,
    in_device: &dyn Fn(usize) -> bool,
    eval: &Eval,
) -> HostScan {
    let heads = global_heads(unit, scopes);
    let mut launches = Vec::new();
    let mut launched_at = Vec::new();
    // Launches through a variable holding a kernel: (the variable's token
    // at the launch, the kernel's token in the variable's definition).
    let mut through_variables = Vec::new();
    // A launch found, with the callers its values came through.
    // A launch in a branch that never runs (see `dead_branches`) is no
    // launch of the program, nor another use of the kernel's name.
    let mut record = |(mut l, at, held): (HostLaunch, usize, Option<usize>), eval: &Eval| {
        // Host code only: device code's names are not the scanner's.
        let dead = !in_device(at) && eval.in_dead_branch(at);
        l.callers = std::mem::take(&mut *eval.callers.borrow_mut());
        l.callers.sort();
        l.callers.dedup();
        l.wanted = std::mem::take(&mut *eval.wanted.borrow_mut());
        l.wanted.sort();
        l.wanted.dedup();
        l.pointer_callers = std::mem::take(&mut *eval.pointer_callers.borrow_mut());
        l.pointer_callers.sort();
        l.pointer_callers.dedup();
        if !dead {
            launches.push(l);
        }
        launched_at.push(at);
        if let Some(kernel_at) = held {
            through_variables.push((at, kernel_at));
        }
    };
    let n = unit.toks.len();
    for i in 0..n {
        crate::base::interrupt::stop_if_polled();
        let chevrons = unit.text(i) == "<<"
            && unit.text(i + 1) == "<"
            && unit.toks[i].1.end == unit.toks[i + 1].1.start;
        eval.callers.borrow_mut().clear();
        eval.wanted.borrow_mut().clear();
        eval.pointer_callers.borrow_mut().clear();
        // A launch in a host function template whose instantiations the
        // unit names is one launch per instantiation, each with its
        // template parameters' values.
        let instantiations = if chevrons && !in_device(i) {
            eval.template_instantiations(i, 0)
        } else {
            None
        };
        if let Some(instantiations) = instantiations {
            let callers = eval.callers.borrow().clone();
            for env in instantiations {
                *eval.template_env.borrow_mut() = env;
                *eval.callers.borrow_mut() = callers.clone();
                if let Some(found) = chevron_launch(unit, eval, &heads, i, false) {
                    record(found, eval);
                }
            }
            eval.template_env.borrow_mut().clear();
            continue;
        }
        let found = if chevrons {
            chevron_launch(unit, eval, &heads, i, in_device(i))
        } else if matches!(
            unit.text(i),
            "cudaLaunchKernel" | "cudaLaunchCooperativeKernel"
        ) && unit.text(i + 1) == "("
        {
            api_launch(unit, eval, &heads, i, in_device(i))
        } else if unit.text(i) == "cudaLaunchKernelEx" && unit.text(i + 1) == "(" {
            ex_launch(unit, eval, &heads, i, in_device(i))
        } else if unit.text(i) == "cuLaunchKernel" && unit.text(i + 1) == "(" && !in_device(i) {
            // One launch per kernel the function handle may hold.
            for found in driver_launches(unit, eval, i) {
                record(found, eval);
            }
            None
        } else {
            None
        };
        if let Some(found) = found {
            // A launch through a variable holding one of several kernels
            // (`auto k = c ? bwd : fwd; k<<<..>>>(a, a)`): a launch of each,
            // with the arguments as written.
            let arms = if chevrons && found.2.is_none() && !in_device(i) {
                kernels_held_by_choice(unit, eval, &heads, found.1)
            } else {
                Vec::new()
            };
            let name_at = found.1;
            if arms.is_empty() {
                record(found, eval);
            } else {
                for arm in arms {
                    let mut launch = found.0.clone();
                    launch.kernel = unit.text(arm).to_string();
                    record((launch, name_at, Some(arm)), eval);
                }
            }
        }
    }
    // The kernel named in a variable's definition runs through the launches
    // of that variable; it may run in some other way only through another
    // mention of the variable (passed to a wrapper, copied, its address
    // taken, assigned): then it keeps its unknown launch below.
    for &(var_at, kernel_at) in &through_variables {
        if launched_at.contains(&kernel_at) {
            continue;
        }
        let name = unit.text(var_at);
        let Some((decl, _)) = scopes.visible(unit, name, var_at) else {
            continue;
        };
        let own = |i: usize| {
            scopes
                .visible(unit, name, i)
                .is_some_and(|(d, _)| d.at == decl.at)
        };
        let only_launched = (0..n).all(|i| {
            i == decl.at
                || !unit.is_ident(i)
                || unit.text(i) != name
                || !own(i)
                || launched_at.contains(&i)
                || in_non_launching_call(unit, scopes, i)
        });
        if only_launched {
            launched_at.push(kernel_at);
        }
    }
    // Every other use of a kernel's name may launch it (a function pointer,
    // `cudaLaunchKernelEx`, a wrapper taking the kernel): an execution
    // with sizes and arguments unknown.
    for i in 0..n {
        if !unit.is_ident(i) || launched_at.contains(&i) {
            continue;
        }
        let name = unit.text(i);
        if !heads.iter().any(|h| h.name == name) {
            continue;
        }
        let in_head = heads.iter().any(|h| h.start <= i && i <= h.params);
        // `void k(...)`: a declaration or an explicit instantiation. `k(...)`
        // calls a host function of that name (a kernel cannot be called
        // without a launch configuration), and a host variable of that name
        // in scope hides the kernel.
        // `k[i]`, `k->f`, `T *k,`: a pointer of that name, not a kernel.
        let declared = i > 0 && unit.text(i - 1) == "void"
            || matches!(unit.text(i + 1), "(" | "[" | "->" | ".")
            || (i >= 2
                && unit.text(i - 1) == "*"
                && unit.is_ident(i - 2)
                && matches!(unit.text(i + 1), "," | ")" | "=" | ";"))
            // `T *__restrict__ k,`, `T *const k)`: a pointer of that name.
            || (i >= 2
                && matches!(
                    unit.text(i - 1),
                    "__restrict__" | "__restrict" | "restrict" | "const"
                )
                && matches!(unit.text(i + 1), "," | ")" | "=" | ";"))
            || scopes.visible(unit, name, i).is_some()
            // `size_t k;`, `int k = 0, m;`: the declarator of a host
            // variable of the kernel's name declares that variable (which
            // hides the kernel from there on): it names no kernel.
            || scopes
                .decls
                .get(name)
                .is_some_and(|ds| ds.iter().any(|d| d.at == i));
        let api = in_non_launching_call(unit, scopes, i);
        if in_head || declared || api {
            continue;
        }
        let (text, start) = (unit.toks[i].0, unit.toks[i].1.start);
        let mut launch = HostLaunch::unknown(
            name.to_string(),
            Vec::new(),
            (start, unit.toks[i].1.end, text),
        );
        // Its arguments are not read either (a launch through a function
        // pointer, a variable given several kernels, a template or lambda
        // parameter `k<<<g, b>>>(x, y)`): the host may pass one buffer to
        // several pointer parameters, so the distinct-parameters
        // assumption does not hold for this kernel (before session 56 such
        // a use kept it: `auto k = c ? f : g; if (d) k = h;
        // k<<<..>>>(a, a)` left `h` race-free).
        // A mention followed by template arguments or chevrons is a launch
        // the scan did not read (its sizes or template arguments were not
        // evaluated): as before session 56, its pointer parameters keep
        // the assumption (a known gap: see FINDINGS of session 56, H3).
        let value_use = !matches!(unit.text(i + 1), "<" | "<<");
        match graph_node_function(unit, i) {
            Some(object) => match graph_node_params(unit, eval, object) {
                Some(views) => launch.arg_views = views,
                None => launch.args_unread = true,
            },
            None => launch.args_unread = value_use,
        }
        launches.push(launch);
    }
    let place = |h: &GlobalHead| {
        let (text, tok) = &unit.toks[h.name_at];
        (h.name.clone(), *text, tok.start)
    };
    let local_kernels = heads.iter().filter(|h| h.local).map(place).collect();
    let defined_kernels = heads.iter().filter(|h| h.defined).map(place).collect();
    HostScan {
        launches,
        local_kernels,
        defined_kernels,
    }
}

/// The calls of the host function `function` in one translation unit, as
/// [`call_arguments`] finds them.
#[derive(Debug, Default)]
pub struct CallArguments {
    /// For each parameter position, the integer constant every call in the
    /// unit passes there (None: unknown or not always the same). None when
    /// a mention of the name is not a call the scan can read (a function
    /// pointer, a qualified or member name, calls with different numbers of
    /// arguments): then nothing is known of any argument. Empty when the
    /// unit only declares or defines the function.
    pub args: Option<Vec<Option<i128>>>,
    /// As [`OtherCall::aliased`], over the calls in the unit.
    pub aliased: Vec<(usize, usize)>,
    /// The host functions whose callers' constants the values rest on (as
    /// [`HostLaunch::callers`]).
    pub callers: Vec<String>,
    /// As [`HostLaunch::wanted`].
    pub wanted: Vec<String>,
    /// As [`HostLaunch::pointer_callers`].
    pub pointer_callers: Vec<String>,
}

/// The arguments every call of `function` in the unit of `texts` passes
/// (see [`CallArguments`]), evaluated as launch sizes are, with the
/// parameters of `excluded` functions valued as in [`scan_translation_with`].
/// Every mention of the name counts: one that is neither a call nor a
/// prototype (`void f(..);`) or definition (`void f(..) {`) makes every
/// argument unknown, so no call is missed (a call through a pointer needs
/// the name mentioned somewhere in the program).
pub fn call_arguments(
    texts: &[&str],
    function: &str,
    excluded: &[String],
    others: &OtherCalls,
) -> CallArguments {
    with_host_eval(texts, excluded, others, |u, _, _, eval| {
        call_arguments_in(u, eval, function)
    })
}

/// [`call_arguments`] on a prepared unit.
fn call_arguments_in(u: &Unit, eval: &Eval, function: &str) -> CallArguments {
    let mut aliased: Vec<(usize, usize)> = Vec::new();
    let args = (|| {
        let mut values: Option<Vec<Option<i128>>> = None;
        for i in 0..u.toks.len() {
            if !u.is_ident(i) || u.text(i) != function {
                continue;
            }
            crate::base::interrupt::stop_if_polled();
            let call_open = if u.text(i + 1) == "<" {
                u.template_close(i + 1).map_or(i + 1, |c| c + 1)
            } else {
                i + 1
            };
            if u.text(call_open) != "(" || (i > 0 && matches!(u.text(i - 1), "." | "->" | "::")) {
                return None;
            }
            let call_close = u.matching(call_open, u.toks.len());
            let declared = i > 0
                && PROTOTYPE_RETURN_TYPES.contains(&u.text(i - 1))
                && matches!(u.text(call_close + 1), ";" | "{");
            if declared {
                continue;
            }
            let args = u.split_commas(call_open + 1, call_close);
            let here: Vec<Option<i128>> = args.iter().map(|&(s, e)| eval.expr(s, e, 1)).collect();
            // Which pointer arguments of this call may meet: the function's
            // launches in the other unit must pair those parameters.
            let views: Vec<Vec<provenance::PointerView>> = args
                .iter()
                .map(|&(s, e)| eval.pointer_views(s, e))
                .collect();
            for (p, vp) in views.iter().enumerate() {
                if vp.iter().any(|v| v.root == provenance::ANY_ROOT) {
                    aliased.push((p, p));
                }
                for (q, vq) in views.iter().enumerate().skip(p + 1) {
                    if vp
                        .iter()
                        .any(|a| vq.iter().any(|b| provenance::views_may_meet(a, b)))
                    {
                        aliased.push((p, q));
                    }
                }
            }
            values = Some(match values {
                None => here,
                Some(v) if v.len() == here.len() => v
                    .iter()
                    .zip(&here)
                    .map(|(a, b)| a.filter(|a| Some(*a) == *b))
                    .collect(),
                Some(_) => return None,
            });
        }
        Some(values.unwrap_or_default())
    })();
    let mut callers = eval.callers.take();
    callers.sort();
    callers.dedup();
    let mut wanted = eval.wanted.take();
    wanted.sort();
    wanted.dedup();
    let mut pointer_callers = eval.pointer_callers.take();
    pointer_callers.sort();
    pointer_callers.dedup();
    aliased.sort_unstable();
    aliased.dedup();
    CallArguments {
        args,
        aliased,
        callers,
        wanted,
        pointer_callers,
    }
}

/// Whether every mention of `function` in `text` (a file's text as
/// written, directives included) is the name of a prototype `T f(..);` or,
/// when `definitions`, of its definition `T f(..) {` at namespace scope: the
/// file declares (or defines) the function and calls it nowhere, not even in
/// a macro body (a call in the body is another mention). A `.cu` that
/// another includes and that defines a wrapper its includer calls is such a
/// file: any program compiling it on its own gets no call of the wrapper
/// from it. (A header defining a function with external linkage is an
/// interface any program may include and call: the caller decides.)
///
/// Namespace scope holds declarations only (no expression statements), so a
/// mention there that a declaration's type alone precedes (names, `::`,
/// `*`, `&`, template brackets and arguments: `std::vector<KV> f(..);`) and
/// that `;` or a body follows is a declarator. An initializer, a default
/// argument, a template argument or an array bound that calls the function
/// is caught by what precedes or follows the call (`=`, `(`, `[`, `<` with no
/// `;`/`{` after the `)`).
pub fn only_declares(text: &str, function: &str, definitions: bool) -> bool {
    let texts = [text];
    let u = Unit::new(&texts);
    // Which braces open a namespace (or `extern "C"`) body: their insides
    // are still namespace scope.
    let mut braces: Vec<bool> = Vec::new();
    let mut code_depth = 0usize;
    for i in 0..u.toks.len() {
        match u.text(i) {
            "{" => {
                let namespace = (i >= 1 && matches!(u.text(i - 1), "namespace"))
                    || (i >= 2 && u.text(i - 2) == "namespace" && u.is_ident(i - 1))
                    || (i >= 2 && u.text(i - 2) == "extern" && u.kind(i - 1) == Some(TokKind::Str));
                braces.push(namespace);
                if !namespace {
                    code_depth += 1;
                }
            }
            "}" => {
                let closes_code = braces.pop() == Some(false);
                code_depth = code_depth.saturating_sub(usize::from(closes_code));
            }
            _ => {}
        }
        if !u.is_ident(i) || u.text(i) != function {
            continue;
        }
        if code_depth > 0 || u.text(i + 1) != "(" || !declaration_type_before(&u, i) {
            return false;
        }
        let close = u.matching(i + 1, u.toks.len());
        let ends = match u.text(close + 1) {
            ";" => true,
            "{" => definitions,
            _ => false,
        };
        if close >= u.toks.len() || !ends {
            return false;
        }
    }
    true
}

/// The parameter lists of the definitions of `function` with external
/// linkage that `text` (a file as written) holds in every program compiling
/// it: at file scope (no enclosing namespace; `extern "C" {` is file scope),
/// outside every conditional directive, not `static`, `inline`,
/// `constexpr`, a template or a device function. Each list is its
/// parameters' types (names dropped), when every parameter is spelled with
/// builtin type words, `*` and `&` only (a type nothing can redefine:
/// equal lists are one function's signature), else `None` in its place.
/// None for the whole file when its conditional arms leave braces open (the
/// file-scope tokens could not be told apart). Two files that both define
/// one function with external linkage and one signature (or both define
/// `main`, of any signature) are never linked into one program: the One
/// Definition Rule; a program holding one calls nothing of the other.
pub fn external_definitions(text: &str, function: &str) -> Option<Vec<Option<Vec<String>>>> {
    let all = lex(text);
    let word = |t: &Tok| text.get(t.start..t.end).unwrap_or("");
    // The tokens outside directives and conditional blocks.
    let mut code: Vec<Tok> = Vec::new();
    let mut cond_depth = 0usize;
    let mut arm_braces = 0i64;
    let mut line_start = true;
    let mut in_directive = false;
    let mut i = 0;
    while i < all.len() {
        let t = all[i];
        i += 1;
        match t.kind {
            TokKind::Newline => {
                line_start = true;
                in_directive = false;
                continue;
            }
            TokKind::Space | TokKind::Comment => continue,
            _ => {}
        }
        if in_directive {
            continue;
        }
        if line_start && matches!(word(&t), "#" | "%:") {
            in_directive = true;
            line_start = false;
            let name = all[i..]
                .iter()
                .find(|t| !matches!(t.kind, TokKind::Space | TokKind::Comment))
                .filter(|t| t.kind == TokKind::Ident)
                .map(word)
                .unwrap_or("");
            match name {
                "if" | "ifdef" | "ifndef" => {
                    if cond_depth == 0 {
                        arm_braces = 0;
                    }
                    cond_depth += 1;
                }
                "elif" | "else" | "elifdef" | "elifndef" if cond_depth == 1 && arm_braces != 0 => {
                    return None;
                }
                "endif" => {
                    cond_depth = cond_depth.checked_sub(1)?;
                    if cond_depth == 0 && arm_braces != 0 {
                        return None;
                    }
                }
                _ => {}
            }
            continue;
        }
        line_start = false;
        if cond_depth > 0 {
            match word(&t) {
                "{" => arm_braces += 1,
                "}" => arm_braces -= 1,
                _ => {}
            }
            continue;
        }
        code.push(t);
    }
    if cond_depth != 0 {
        return None;
    }
    let w = |i: usize| code.get(i).map(&word).unwrap_or("");
    const NOT_EXTERNAL: [&str; 10] = [
        "static",
        "inline",
        "__inline__",
        "__forceinline__",
        "constexpr",
        "template",
        "__device__",
        "__global__",
        "friend",
        "typedef",
    ];
    const BUILTIN: [&str; 17] = [
        "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
        "const", "volatile", "size_t", "wchar_t", "char16_t", "char32_t", "auto",
    ];
    let mut out = Vec::new();
    // Per open brace: whether it opens `extern "C"` (still file scope).
    let mut braces: Vec<bool> = Vec::new();
    // Start of the current declaration (after the last `;`, `{` or `}`).
    let mut decl_start = 0;
    for i in 0..code.len() {
        match w(i) {
            "{" => {
                let linkage = i >= 2 && w(i - 2) == "extern" && code[i - 1].kind == TokKind::Str;
                braces.push(linkage);
                decl_start = i + 1;
                continue;
            }
            "}" => {
                braces.pop();
                decl_start = i + 1;
                continue;
            }
            ";" => {
                decl_start = i + 1;
                continue;
            }
            _ => {}
        }
        if code[i].kind != TokKind::Ident
            || w(i) != function
            || w(i + 1) != "("
            || !braces.iter().all(|&linkage| linkage)
        {
            continue;
        }
        let prefix = decl_start..i;
        if prefix.is_empty()
            || prefix.clone().any(|j| {
                NOT_EXTERNAL.contains(&w(j))
                    || !(code[j].kind == TokKind::Ident
                        || matches!(w(j), "*" | "&" | "<" | ">" | ",")
                        || (code[j].kind == TokKind::Str && j > 0 && w(j - 1) == "extern"))
            })
        {
            continue;
        }
        // The matching `)` and a body right after it.
        let mut depth = 0usize;
        let mut close = None;
        for (j, t) in code.iter().enumerate().skip(i + 1) {
            match word(t) {
                "(" => depth += 1,
                ")" => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(j);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { continue };
        if w(close + 1) != "{" {
            continue;
        }
        let params: Vec<&str> = (i + 2..close).map(w).collect();
        let mut signature = Some(Vec::new());
        for param in params.split(|t| *t == ",").filter(|p| !p.is_empty()) {
            let mut types: Vec<&str> = param.to_vec();
            // The parameter's name, when it has one.
            if types.len() >= 2
                && types.last().is_some_and(|t| {
                    t.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric())
                        && !BUILTIN.contains(t)
                })
            {
                types.pop();
            }
            if types
                .iter()
                .all(|t| BUILTIN.contains(t) || matches!(*t, "*" | "&"))
            {
                if let Some(s) = signature.as_mut() {
                    s.push(types.join(" "));
                }
            } else {
                signature = None;
            }
        }
        if signature
            .as_ref()
            .is_some_and(|s| s == &["void".to_string()])
        {
            signature = Some(Vec::new());
        }
        out.push(signature);
    }
    Some(out)
}

/// Whether no mention of `function` in `text` (a C++ or CUDA file as
/// written) can name a host function of that name defined in another file,
/// provided nothing `text` includes mentions it. A name refers to what a
/// declaration in its translation unit declares (C++ has no implicit
/// declarations; argument-dependent lookup, too, finds declarations only),
/// so with no declaration of another file's function in view every mention
/// names something of this file: each is a member access (`x.f`, `p->f`),
/// the launch of a kernel `f<<<..>>>`, a definition (at any scope: of this
/// file's own function, or of a member `S::f`), a use of those, or a
/// `__global__`/`__device__` declaration. A declaration that defines
/// nothing (`void f(float *);`, `friend`, at block scope too) may declare
/// the other file's function; so may an `inline` or template definition
/// (one entity in every file defining it alike), and so may a mention in a
/// directive (a macro may expand to a declaration) or behind `::f`.
pub fn refers_only_to_its_own(text: &str, function: &str) -> bool {
    let texts = [text];
    let u = Unit::new(&texts);
    let n = u.toks.len();
    // Whether each token is directly in a class body (a member's
    // declaration there declares a member, not a free function).
    let mut in_class = Vec::with_capacity(n);
    let mut braces: Vec<bool> = Vec::new();
    let mut head = 0;
    for i in 0..n {
        match u.text(i) {
            "{" => {
                let words: Vec<&str> = (head..i).map(|j| u.text(j)).collect();
                braces.push(
                    words
                        .iter()
                        .any(|w| matches!(*w, "struct" | "class" | "union"))
                        && !words.contains(&"("),
                );
                head = i + 1;
            }
            "}" => {
                braces.pop();
                head = i + 1;
            }
            ";" => head = i + 1,
            _ => {}
        }
        in_class.push(braces.last() == Some(&true));
    }
    for (i, &class_scope) in in_class.iter().enumerate() {
        if !u.is_ident(i) || u.text(i) != function {
            continue;
        }
        if token_in_directive(&u, i) {
            return false;
        }
        let prev = if i > 0 { u.text(i - 1) } else { "" };
        if matches!(prev, "." | "->") || (u.text(i + 1) == "<<" && u.text(i + 2) == "<") {
            continue;
        }
        if u.text(i + 1) != "(" {
            // A use of a name (`auto p = f;`, `&ns::f`): it names what is
            // in view.
            continue;
        }
        let close = u.matching(i + 1, n);
        if close >= n {
            return false;
        }
        let mut after = close + 1;
        while matches!(
            u.text(after),
            "const" | "noexcept" | "override" | "final" | "&" | "&&"
        ) {
            after += 1;
        }
        // The first token of the (qualified) name: `ns::S::f`.
        let mut name_start = i;
        while name_start >= 2 && u.text(name_start - 1) == "::" && u.is_ident(name_start - 2) {
            name_start -= 2;
        }
        if name_start >= 1 && u.text(name_start - 1) == "::" {
            name_start -= 1;
        }
        let mut start = name_start;
        while start > 0 && !matches!(u.text(start - 1), ";" | "{" | "}") {
            start -= 1;
        }
        // Attributes may precede a declaration's type.
        if (start..name_start).any(|j| {
            matches!(u.text(j), "__attribute__" | "__declspec" | "alignas")
                || (u.text(j) == "[" && u.text(j + 1) == "[")
        }) {
            return false;
        }
        if !declaration_type_before(&u, name_start) {
            // A call, of what is in view (`S::f(..) {` with no type is a
            // constructor's definition: this file's too).
            continue;
        }
        let specifiers: Vec<&str> = (start..name_start).map(|j| u.text(j)).collect();
        if specifiers
            .iter()
            .any(|t| matches!(*t, "__global__" | "__device__"))
            && !specifiers.contains(&"__host__")
        {
            continue;
        }
        if u.text(after) == "->" {
            // A trailing return type, then the body or `;`.
            while after < n && !matches!(u.text(after), "{" | ";" | "}") {
                after += 1;
            }
        }
        let defines = matches!(u.text(after), "{" | ":");
        if !defines && class_scope && !specifiers.contains(&"friend") {
            // A member function's declaration.
            continue;
        }
        if !defines
            || specifiers.iter().any(|t| {
                matches!(
                    *t,
                    "inline"
                        | "__inline__"
                        | "__forceinline__"
                        | "template"
                        | "constexpr"
                        | "friend"
                        | ">"
                )
            })
        {
            return false;
        }
    }
    true
}

/// Whether token `i` of `u` is on a directive line (a logical line whose
/// first character is `#`).
fn token_in_directive(u: &Unit, i: usize) -> bool {
    let Some((f, t)) = u.toks.get(i) else {
        return false;
    };
    let text = u.texts[*f];
    let bytes = text.as_bytes();
    let mut start = t.start.min(text.len());
    // The logical line's start: a newline not continued by `\`.
    loop {
        match text[..start].rfind('\n') {
            Some(nl) if nl > 0 && bytes[nl - 1] == b'\\' => start = nl - 1,
            Some(nl) => {
                start = nl + 1;
                break;
            }
            None => {
                start = 0;
                break;
            }
        }
    }
    text[start..].trim_start().starts_with('#')
}

/// Whether the tokens from the start of the declaration or statement that
/// holds token `at` up to it are a declaration's specifiers and type only
/// (see [`only_declares`]): at least one, each a name (not a keyword that
/// starts an expression), `::`, `*`, `&`, `<`, `>`, `,`, a number, or the
/// string of `extern "C"`; no directive.
fn declaration_type_before(u: &Unit, at: usize) -> bool {
    const EXPRESSION_KEYWORDS: [&str; 16] = [
        "return",
        "else",
        "do",
        "case",
        "throw",
        "new",
        "delete",
        "sizeof",
        "goto",
        "typeid",
        "alignof",
        "decltype",
        "operator",
        "co_return",
        "co_await",
        "co_yield",
    ];
    // A directive line is no part of a declaration (`#include <vector>`
    // ends before the next line's type), and a mention in one (a macro
    // body) is no declarator.
    let in_directive = |i: usize| token_in_directive(u, i);
    if in_directive(at) {
        return false;
    }
    let mut i = at;
    let mut seen = 0;
    while i > 0 {
        i -= 1;
        let t = u.text(i);
        if matches!(t, ";" | "{" | "}") || in_directive(i) {
            break;
        }
        let fits = match u.kind(i) {
            Some(TokKind::Ident) => !EXPRESSION_KEYWORDS.contains(&t),
            Some(TokKind::Number) => true,
            Some(TokKind::Str) => i > 0 && u.text(i - 1) == "extern",
            _ => matches!(t, "::" | "*" | "&" | "<" | ">" | ","),
        };
        if !fits {
            return false;
        }
        seen += 1;
    }
    seen > 0
}

/// Whether the token at `i` is in the arguments of a call that takes a
/// kernel without launching it (`cudaFuncSetAttribute(k, ..)`, also behind
/// a cast: `cudaFuncGetAttributes(&a, (const void *)k)`).
fn in_non_launching_call(unit: &Unit, scopes: &Scopes, i: usize) -> bool {
    let mut at = scopes.enclosing[i];
    for _ in 0..3 {
        let Some(open) = at else { break };
        if unit.text(open) == "(" && open > 0 && non_launching_api(unit.text(open - 1)) {
            return true;
        }
        at = scopes.enclosing[open];
    }
    false
}

/// The kernel that the host variable named at `at` holds there: its
/// definition that reaches `at` is a kernel's name (`auto k = kern<T, 16>;`,
/// `= &kern`, `= ns::kern`). Returns the token of that name and the range
/// (`<`, `>`) of its explicit template arguments.
///
/// [`Eval::lookup`] decides the definition: the one that runs last on every
/// path to `at` (a local's declaration or plain assignment, never written
/// in between nor in a loop around `at`, its address never taken, no alias
/// made of it). The variable then holds that kernel's address, and a launch
/// through it is a launch of that kernel; template arguments are constant
/// expressions, the same wherever they are evaluated.
fn kernel_held(
    unit: &Unit,
    eval: &Eval,
    heads: &[GlobalHead],
    at: usize,
) -> Option<(usize, Option<(usize, usize)>)> {
    if !unit.is_ident(at) {
        return None;
    }
    let Some((Binding::Scalar(mut s, mut e), _)) = eval.lookup(at) else {
        return None;
    };
    if unit.text(s) == "&" {
        s += 1;
    }
    // `ns::kern`, `::kern`.
    if unit.text(s) == "::" {
        s += 1;
    }
    while unit.is_ident(s) && unit.text(s + 1) == "::" {
        s += 2;
    }
    if s >= e || !unit.is_ident(s) {
        return None;
    }
    if unit.text(s + 1) == "<" && unit.text(e) == "," {
        // `auto k = kern<T, N>;`: a declaration's initializer is read up to
        // its first top-level comma; the rest of the template arguments,
        // up to the `>` that ends the statement.
        let mut depth = 0usize;
        let mut j = s + 1;
        loop {
            match unit.text(j) {
                "<" => depth += 1,
                ">" => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        break;
                    }
                }
                ";" | "{" | "}" | ">>" | "" => return None,
                _ => {}
            }
            j += 1;
        }
        if unit.text(j + 1) != ";" {
            return None;
        }
        e = j + 1;
    }
    let name = unit.text(s);
    // A host variable of the kernel's name in scope hides the kernel.
    if !heads.iter().any(|h| h.name == name) || eval.scopes.visible(unit, name, s).is_some() {
        return None;
    }
    if e == s + 1 {
        return Some((s, None));
    }
    let close = e - 1;
    let whole_template = unit.text(s + 1) == "<"
        && unit.text(close) == ">"
        && unit.template_open(close, s + 1, usize::MAX, &[";", "{", "}"]) == Some(s + 1);
    whole_template.then_some((s, Some((s + 1, close))))
}

/// The kernels a host variable may hold when its one definition (as
/// [`kernel_held`] finds it) chooses among kernels named plainly, `c ? bwd
/// : fwd` (nested choices too): their names' tokens. Empty otherwise.
fn kernels_held_by_choice(unit: &Unit, eval: &Eval, heads: &[GlobalHead], at: usize) -> Vec<usize> {
    if !unit.is_ident(at) {
        return Vec::new();
    }
    let Some((Binding::Scalar(s, e), _)) = eval.lookup(at) else {
        return Vec::new();
    };
    let mut arms = Vec::new();
    let mut todo = vec![(s, e)];
    while let Some((s, e)) = todo.pop() {
        if arms.len() > 16 {
            return Vec::new();
        }
        if let Some((q, c)) = eval.top_ternary(s, e) {
            todo.push((q + 1, c));
            todo.push((c + 1, e));
            continue;
        }
        let (mut s, mut e) = (s, e);
        while unit.text(s) == "(" && unit.matching(s, e) + 1 == e {
            (s, e) = (s + 1, e - 1);
        }
        if unit.text(s) == "&" {
            s += 1;
        }
        if unit.text(s) == "::" {
            s += 1;
        }
        while unit.is_ident(s) && unit.text(s + 1) == "::" {
            s += 2;
        }
        let name = unit.text(s);
        // One plain kernel name, not hidden by a host variable of its name.
        if e != s + 1
            || !unit.is_ident(s)
            || !heads.iter().any(|h| h.name == name)
            || eval.scopes.visible(unit, name, s).is_some()
        {
            return Vec::new();
        }
        arms.push(s);
    }
    arms.sort_unstable();
    arms
}

/// Explicit template arguments: as written, their integer values, their
/// token ranges.
type TemplateArguments = (Vec<String>, Vec<Option<i128>>, Vec<(usize, usize)>);

/// Explicit template arguments `<...>` between `open` and `close`: as written,
/// their integer values, and their token ranges.
fn template_arguments(
    unit: &Unit,
    eval: &Eval,
    (open, close): (usize, usize),
    in_device: bool,
) -> TemplateArguments {
    let ranges = unit.split_commas(open + 1, close);
    let written = ranges
        .iter()
        .map(|&(s, e)| (s..e).map(|k| unit.text(k)).collect::<Vec<_>>().join(" "))
        .collect();
    let values = ranges
        .iter()
        .map(|&(s, e)| if in_device { None } else { eval.expr(s, e, 0) })
        .collect();
    (written, values, ranges)
}

/// The head of a `__global__` function declaration or definition.
struct GlobalHead {
    name: String,
    name_at: usize,
    /// First token of the head (`__global__`).
    start: usize,
    /// The `(` of its parameter list.
    params: usize,
    /// Declared `static` or in an anonymous namespace (internal linkage).
    local: bool,
    /// A definition: its parameter list is followed by the body's `{`.
    defined: bool,
}

fn global_heads(unit: &Unit, scopes: &Scopes) -> Vec<GlobalHead> {
    let n = unit.toks.len();
    let mut heads = Vec::new();
    for i in 0..n {
        if unit.text(i) != "__global__" {
            continue;
        }
        let mut j = i + 1;
        let mut params = None;
        while j < n && j < i + 64 {
            match unit.text(j) {
                ";" | "=" | "{" | "}" => break,
                "(" => {
                    let is_attribute = matches!(
                        unit.text(j.wrapping_sub(1)),
                        "__launch_bounds__" | "__attribute__" | "__align__" | "alignas"
                    );
                    if !is_attribute {
                        params = Some(j);
                        break;
                    }
                    j = unit.matching(j, n);
                }
                _ => {}
            }
            j += 1;
        }
        let Some(params) = params else { continue };
        let mut name_at = params - 1;
        if unit.text(name_at) == ">" {
            // `k<32>(`: an explicit instantiation.
            match unit.template_open(name_at, i + 1, usize::MAX, &[]) {
                Some(open) => name_at = open - 1,
                None => continue,
            }
        }
        if name_at <= i || !unit.is_ident(name_at) {
            continue;
        }
        // `static` before `__global__` in the same declaration.
        let mut k = i;
        let mut is_static = false;
        while k > 0 && i - k < 64 {
            k -= 1;
            match unit.text(k) {
                ";" | "{" | "}" => break,
                "static" => is_static = true,
                _ => {}
            }
        }
        let mut anonymous = false;
        let mut at = scopes.enclosing[i];
        while let Some(open) = at {
            if unit.text(open) == "{" && open > 0 && unit.text(open - 1) == "namespace" {
                anonymous = true;
            }
            at = scopes.enclosing[open];
        }
        let close = unit.matching(params, n);
        heads.push(GlobalHead {
            name: unit.text(name_at).to_string(),
            name_at,
            start: i,
            params: params.max(name_at),
            local: is_static || anonymous,
            defined: close < n && unit.text(close + 1) == "{",
        });
    }
    heads
}

/// A launch `k<<<...>>>(...)`: the launch, the token of the name launched,
/// and when that name is a variable holding a kernel, the token of the
/// kernel's name in the variable's definition (see [`kernel_held`]).
fn chevron_launch(
    unit: &Unit,
    eval: &Eval,
    heads: &[GlobalHead],
    at: usize,
    in_device: bool,
) -> Option<(HostLaunch, usize, Option<usize>)> {
    // The kernel name, behind optional template arguments.
    let mut name_at = at.checked_sub(1)?;
    let mut template_args = Vec::new();
    let mut template_values = Vec::new();
    let mut template_ranges = Vec::new();
    if unit.text(name_at) == ">" {
        let close = name_at;
        let open = unit.template_open(close, 0, usize::MAX, &[";", "{", "}"])?;
        (template_args, template_values, template_ranges) =
            template_arguments(unit, eval, (open, close), in_device);
        name_at = open.checked_sub(1)?;
    }
    if !unit.is_ident(name_at) {
        return None;
    }
    let mut kernel = unit.text(name_at).to_string();
    let mut held_at = None;
    if template_args.is_empty() && !in_device {
        if let Some((kernel_at, template)) = kernel_held(unit, eval, heads, name_at) {
            kernel = unit.text(kernel_at).to_string();
            held_at = Some(kernel_at);
            if let Some(range) = template {
                (template_args, template_values, template_ranges) =
                    template_arguments(unit, eval, range, in_device);
            }
        }
    }
    // The configuration up to `>>>`.
    let cfg_start = at + 2;
    let mut depth = 0usize;
    let mut i = cfg_start;
    let cfg_end = loop {
        match unit.text(i) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            ">>" if depth == 0 && unit.text(i + 1) == ">" => break i,
            ";" | "" => return None,
            _ => {}
        }
        i += 1;
    };
    let config = unit.split_commas(cfg_start, cfg_end);
    let after = cfg_end + 2;
    let (args, last) = if unit.text(after) == "(" {
        let close = unit.matching(after, unit.toks.len());
        let parts = unit.split_commas(after + 1, close);
        // A comma inside a template argument list
        // (`t.accessor<float, 3, Traits>()`) is no argument separator:
        // split there, the arguments after it would be bound to the
        // wrong parameters (the `3` above to a pointer). A part whose `<`
        // are not all closed by `>` in the same part may be such a list cut
        // by a comma (or a comparison): then no argument is known.
        let balanced = parts.iter().all(|&(s, e)| {
            let (mut open, mut angles) = (0i64, false);
            for k in s..e {
                match unit.text(k) {
                    "<" => {
                        open += 1;
                        angles = true;
                    }
                    ">" => open -= 1,
                    ">>" => open -= 2,
                    _ => {}
                }
            }
            !angles || open == 0
        });
        (if balanced { parts } else { Vec::new() }, close)
    } else {
        (Vec::new(), cfg_end + 1)
    };
    let (file, start) = (unit.toks[name_at].0, unit.toks[name_at].1.start);
    let end = unit.toks[cfg_end + 1].1.end;
    let counters = enclosing_counters(unit, eval, name_at);
    // A counter declared before its loop counts only where no mention of
    // it may alias it (checked below, once the launch's extent is known).
    let mut outside_counters: Vec<(usize, usize)> = Vec::new();
    let arg_lower_bounds = args
        .iter()
        .enumerate()
        .map(|(k, &(s, e))| {
            if e != s + 1 || in_device {
                return None;
            }
            let name = unit.text(s);
            let &(_, lower, outside) = counters.iter().find(|(n, _, _)| n == name)?;
            if let Some(decl_at) = outside {
                // The argument must name that declaration, not a shadowing one.
                if eval.scopes.visible(unit, name, s).map(|(d, _)| d.at) != Some(decl_at) {
                    return None;
                }
                outside_counters.push((k, decl_at));
            }
            Some(lower)
        })
        .collect();
    let mut launch = finish_launch(
        unit,
        eval,
        kernel,
        (template_args, template_values),
        config.first().copied(),
        config.get(1).copied(),
        &args,
        (file, start, end),
        in_device,
    );
    launch.arg_lower_bounds = arg_lower_bounds;
    // Commas split the arguments outside brackets only: one inside a
    // template argument list (`Pair<int, 4>{}`) would count one argument
    // too many, so any `<` leaves the count unknown.
    let written_out = unit.text(after) == "(" && !(after..last).any(|k| unit.text(k) == "<");
    launch.arity = written_out.then_some(args.len());
    if !in_device {
        launch.arg_fields = args
            .iter()
            .enumerate()
            .map(|(k, &(s, e))| {
                let class = kernel_param_class(unit, heads, &launch.kernel, k);
                eval.aggregate_argument(s, e, class)
            })
            .collect();
        launch.arg_member_views = args
            .iter()
            .enumerate()
            .map(|(k, &(s, e))| {
                let class = kernel_param_class(unit, heads, &launch.kernel, k)?;
                eval.argument_member_views(s, e, class)
            })
            .collect();
    }
    if !in_device {
        // The block's own relations do not name its extents (`blockDim.x =
        // blockDim.x`); the grid's and the arguments' may.
        let block_at = relations::LaunchAt {
            name_at,
            end: last,
            args: &args,
            template_args: &template_ranges,
            block_extents: [None; 3],
        };
        let block_extents = match config.get(1) {
            Some(&(s, e)) => eval.block_extent_variables(s, e, &block_at),
            None => [None; 3],
        };
        let at = relations::LaunchAt {
            block_extents,
            ..block_at
        };
        let relation =
            |range: Option<(usize, usize)>, known: [Option<u32>; 3], at: &relations::LaunchAt| {
                let Some((s, e)) = range else {
                    return Default::default();
                };
                let mut rel = eval.dim3_relation(s, e, at, 0);
                // A constant extent needs no relation.
                for (r, k) in rel.iter_mut().zip(known) {
                    if k.is_some() {
                        *r = None;
                    }
                }
                rel
            };
        launch.grid_relation = relation(config.first().copied(), launch.grid, &at);
        launch.block_relation = relation(config.get(1).copied(), launch.block, &block_at);
        launch.arg_relations = args
            .iter()
            .zip(&launch.args)
            .map(|(&(s, e), constant)| {
                if constant.is_some() {
                    return None;
                }
                eval.argument_relation(s, e, &at)
            })
            .collect();
        for &(k, decl_at) in &outside_counters {
            if !eval.mentions_are_plain(decl_at, &at) {
                if let Some(b) = launch.arg_lower_bounds.get_mut(k) {
                    *b = None;
                }
            }
        }
        launch.arg_loop_bounds = eval.loop_bounds(&at);
        launch.arg_identity = eval.identity_arguments(&at);
        launch.arg_non_decreasing = eval.non_decreasing_arguments(&at, config.first().copied());
    }
    Some((launch, name_at, held_at))
}

/// Index of the token opening the bracket closed at `close` (scanning back
/// no further than `limit` tokens).
fn matching_back(unit: &Unit, close: usize, limit: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = close;
    let stop = close.saturating_sub(limit);
    loop {
        match unit.text(i) {
            ")" | "]" | "}" => depth += 1,
            "(" | "[" | "{" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        if i == 0 || i <= stop {
            return None;
        }
        i -= 1;
    }
}

/// Most tokens scanned back from a launch for enclosing loops.
const MAX_LOOP_SCAN: usize = 20_000;

/// The counters of the counting loops enclosing the statement at `at`, with
/// their first values: `for (int t = C; t < E; t++)` (or `<=`, `++t`,
/// `t += K` with a positive constant `K`) whose body never writes `t`. Such a
/// counter is at least `C` in every iteration: it only grows, and the
/// condition `t < E` stops it before it could wrap around.
fn enclosing_counters(unit: &Unit, eval: &Eval, at: usize) -> Vec<(String, i128, Option<usize>)> {
    enclosing_counter_loops(unit, eval, at)
        .into_iter()
        .filter(|c| c.direction == 1 && matches!(c.cmp.as_str(), "<" | "<="))
        .filter_map(|c| Some((c.name, c.first?, c.declared_outside.then_some(c.decl_at))))
        .collect()
}

/// A counting loop `for (int NAME = I; NAME OP E; STEP)` whose body never
/// writes NAME (see [`counter`]).
struct CounterLoop {
    /// The counter's name.
    name: String,
    /// Token of the counter's name in its declaration: the loop's header,
    /// or a declaration before the loop (`declared_outside`).
    decl_at: usize,
    /// Declared before the loop as a plain `int` local of its function
    /// ([`local_int_declaration`]) and only assigned in the header: a use at
    /// a launch also needs every mention of it to be plain
    /// ([`Eval::mentions_are_plain`]), so that no pointer, reference or
    /// lambda can write it between the condition and the launch unseen
    /// (the body's own writes are refused as for a header declaration).
    declared_outside: bool,
    /// Token range of its initializer `I`.
    init: (usize, usize),
    /// The initializer's value when it is a constant.
    first: Option<i128>,
    /// The condition's operator: `<`, `<=`, `>` or `>=`.
    cmp: String,
    /// Token range of the bound `E` of the condition.
    bound: (usize, usize),
    /// 1: the step only increases the counter (`NAME++`, `NAME += K`, K >
    /// 0); -1: it only decreases it by a constant `K` (`NAME--`, `NAME -=
    /// K`), then `Some(K)`; 0: another step.
    direction: i8,
    /// The decrement of a decreasing step.
    decrement: Option<i128>,
    /// Token range of the step (`NAME = NAME * 2`).
    step: (usize, usize),
    /// Token range of the condition (`NAME < E`).
    condition: (usize, usize),
    /// Last token of the loop's body.
    end: usize,
}

/// The counting loops enclosing the statement at `at`: see
/// [`enclosing_counters`].
fn enclosing_counter_loops(unit: &Unit, eval: &Eval, at: usize) -> Vec<CounterLoop> {
    let mut out = Vec::new();
    let mut stmt = at;
    let stop = at.saturating_sub(MAX_LOOP_SCAN);
    // Walk out: from a statement's first token to the loop header or block
    // that contains it.
    while stmt > stop {
        let before = stmt - 1;
        let header_close = match unit.text(before) {
            ")" => Some(before),
            "{" => {
                if before > 0 && unit.text(before - 1) == ")" {
                    Some(before - 1)
                } else {
                    None
                }
            }
            _ => None,
        };
        let mut next = None;
        if let Some(close) = header_close {
            if let Some(open) = matching_back(unit, close, MAX_LOOP_SCAN) {
                if open > 0 && unit.text(open - 1) == "for" {
                    if let Some(c) = counter(unit, eval, open, close) {
                        out.push(c);
                    }
                    next = Some(open - 1);
                } else if open > 0 && matches!(unit.text(open - 1), "while" | "if" | "switch") {
                    next = Some(open - 1);
                }
            }
        }
        let next = match next {
            Some(n) => n,
            None => {
                // Not a loop or branch head: find the enclosing `{`.
                let mut depth = 0usize;
                let mut i = before;
                loop {
                    match unit.text(i) {
                        "}" => depth += 1,
                        "{" if depth == 0 => break,
                        "{" => depth -= 1,
                        _ => {}
                    }
                    if i <= stop {
                        return out;
                    }
                    i -= 1;
                }
                // The block's own head (`for (...) {`, a function, ...).
                if i > 0 && unit.text(i - 1) == ")" {
                    i
                } else {
                    return out;
                }
            }
        };
        if next >= stmt {
            break;
        }
        stmt = next;
    }
    out
}

/// `(NAME, C)` of a loop header `for (T NAME = C; NAME < E; NAME++)` between
/// the parentheses at `open` and `close`, when the body never writes NAME.
fn counter(unit: &Unit, eval: &Eval, open: usize, close: usize) -> Option<CounterLoop> {
    let semis: Vec<usize> = (open + 1..close).filter(|&i| unit.text(i) == ";").collect();
    let [s1, s2] = semis[..] else {
        return None;
    };
    // Init: optional type words, then NAME = C.
    let eq = (open + 1..s1).find(|&i| unit.text(i) == "=")?;
    let name_at = eq.checked_sub(1)?;
    if !unit.is_ident(name_at) {
        return None;
    }
    let name = unit.text(name_at);
    // Declared in the header as an `int`: a narrower counter wraps (a
    // defined conversion, not an overflow), an unsigned one too, and one
    // declared elsewhere may be of any type.
    let words: Vec<&str> = (open + 1..name_at).map(|k| unit.text(k)).collect();
    let int_typed = !words.is_empty()
        && words
            .iter()
            .any(|w| matches!(*w, "int" | "signed" | "int32_t"))
        && words
            .iter()
            .all(|w| matches!(*w, "int" | "signed" | "int32_t" | "std" | "::"));
    // Or a plain `int` local of the loop's function declared before it (`int
    // i = 0; for (i = 0; i < n - 16; i += 16)`, C-style host code such as
    // Rodinia lud's): the same counter, whose users must also check that no
    // mention of it aliases it (see `CounterLoop::declared_outside`).
    let outside_decl = if words.is_empty() {
        local_int_declaration(unit, eval, name, name_at)
    } else {
        None
    };
    if !int_typed && outside_decl.is_none() {
        return None;
    }
    let first = eval.expr(eq + 1, s1, 0);
    // Condition: NAME < E, NAME <= E, NAME > E or NAME >= E.
    let cmp = unit.text(s1 + 2);
    if unit.text(s1 + 1) != name || !matches!(cmp, "<" | "<=" | ">" | ">=") {
        return None;
    }
    // The comparison is the condition's root: `t < n | m` is `(t < n) | m`.
    if !binds_tighter_than_relational(unit, s1 + 3, s2) {
        return None;
    }
    // Step: NAME++, ++NAME, NAME += K (K > 0); NAME--, --NAME, NAME -= K.
    let step: Vec<&str> = (s2 + 1..close).map(|i| unit.text(i)).collect();
    let constant_step = || eval.expr(s2 + 3, close, 0).filter(|k| *k > 0);
    let (direction, decrement) = match step[..] {
        [n, "++"] | ["++", n] if n == name => (1, None),
        [n, "+=", _] if n == name && constant_step().is_some() => (1, None),
        [n, "--"] | ["--", n] if n == name => (-1, Some(1)),
        [n, "-=", _] if n == name && constant_step().is_some() => (-1, constant_step()),
        _ => (0, None),
    };
    // The body: a block, or one statement (a nested loop or `if` whole).
    let body_end = eval.scopes.statement_end(unit, close + 1);
    if body_end <= close {
        return None;
    }
    // A jump into the body skips the header's assignment (legal for a
    // counter declared before the loop, ill-formed for one declared in the
    // header): `goto inside;` or a `case` label in the body of a loop inside
    // a `switch` (Duff's device) reaches the launch with any value. Refused
    // when the function holds a `goto` or the body a `case`/`default`.
    if outside_decl.is_some() {
        let function = eval.function_of(name_at);
        let function_end = function
            .and_then(|f| eval.scopes.closing.get(&f).copied())
            .unwrap_or(unit.toks.len());
        let has_goto = (function.unwrap_or(0)..function_end.min(unit.toks.len()))
            .any(|i| unit.text(i) == "goto");
        let has_label = (close + 1..=body_end).any(|i| matches!(unit.text(i), "case" | "default"));
        if has_goto || has_label {
            return None;
        }
    }
    // Any mention that may write it (see [`Scopes::may_write`]).
    let written = (close + 1..=body_end)
        .any(|i| unit.text(i) == name && eval.scopes.may_write(unit, i))
        || (close + 1..=body_end).any(|i| unit.text(i) == name && unit.text(i - 1) == "&");
    (!written).then(|| CounterLoop {
        name: name.to_string(),
        decl_at: outside_decl.unwrap_or(name_at),
        declared_outside: outside_decl.is_some(),
        init: (eq + 1, s1),
        first,
        cmp: cmp.to_string(),
        bound: (s1 + 3, s2),
        direction,
        decrement,
        step: (s2 + 1, close),
        condition: (s1 + 1, s2),
        end: body_end,
    })
}

/// The declaration token of the `int` local `name` that the loop header
/// assigning it at `name_at` refers to: declared `int NAME` or `.., NAME`
/// with the scanner's 32-bit signed `int` type (not `static`, `const`, a
/// pointer or a reference, whose tokens come between), directly in a block
/// of the same function as the loop (not a parameter, a capture or a
/// file-scope variable, which other code may write).
fn local_int_declaration(unit: &Unit, eval: &Eval, name: &str, name_at: usize) -> Option<usize> {
    let (decl, scope) = eval.scopes.visible(unit, name, name_at)?;
    let int = ValueTy::Int {
        lo: i128::from(i32::MIN),
        hi: i128::from(i32::MAX),
        unsigned: false,
    };
    let before = unit.text(decl.at.checked_sub(1)?);
    let plain = matches!(scope, DeclScope::Block(Some(_)))
        && decl.ty == int
        && !decl.is_static
        && !decl.is_const
        && !decl.dim3
        && matches!(before, "int" | ",")
        && eval.function_of(decl.at).is_some()
        && eval.function_of(decl.at) == eval.function_of(name_at);
    plain.then_some(decl.at)
}

/// Whether the tokens `[s, e)` after a relational operator are its whole
/// right operand: no operator of the same or a lower precedence (`<`, `==`,
/// `&`, `^`, `|`, `&&`, `||`, `?:`, assignments, `,`) outside brackets, so
/// that `t < E` is not `(t < ..) | m`. The `<...>` of a named cast
/// (`static_cast<int>(n)`) is skipped.
fn binds_tighter_than_relational(unit: &Unit, s: usize, e: usize) -> bool {
    let mut depth = 0usize;
    let mut i = s;
    while i < e {
        let t = unit.text(i);
        match t {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "<" if i > s && unit.text(i - 1).ends_with("_cast") => {
                match (i + 1..e).find(|&k| unit.text(k) == ">") {
                    Some(close) => i = close,
                    None => return false,
                }
            }
            _ if depth > 0 => {}
            "<" | ">" | "<=" | ">=" | "==" | "!=" | "<=>" | "&" | "^" | "|" | "&&" | "||" | "?"
            | ":" | "," | "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "<<=" | ">>=" | "&=" | "^="
            | "|=" => return false,
            _ => {}
        }
        i += 1;
    }
    true
}

/// A launch `cudaLaunchKernel(k, grid, block, ..)`, as [`chevron_launch`].
fn api_launch(
    unit: &Unit,
    eval: &Eval,
    heads: &[GlobalHead],
    at: usize,
    in_device: bool,
) -> Option<(HostLaunch, usize, Option<usize>)> {
    let open = at + 1;
    let close = unit.matching(open, unit.toks.len());
    let parts = unit.split_commas(open + 1, close);
    let (fs, fe) = *parts.first()?;
    let kernel = kernel_behind_casts(unit, fs, fe)?;
    let (file, start) = (unit.toks[at].0, unit.toks[at].1.start);
    let end = unit.toks.get(close).map_or(start, |(_, t)| t.end);
    let mut name = unit.text(kernel).to_string();
    let mut template = (Vec::new(), Vec::new());
    let mut held_at = None;
    if !in_device {
        if let Some((kernel_at, range)) = kernel_held(unit, eval, heads, kernel) {
            name = unit.text(kernel_at).to_string();
            held_at = Some(kernel_at);
            if let Some(range) = range {
                let (written, values, _) = template_arguments(unit, eval, range, in_device);
                template = (written, values);
            }
        }
    }
    let launch = finish_launch(
        unit,
        eval,
        name,
        template,
        parts.get(1).copied(),
        parts.get(2).copied(),
        &[],
        (file, start, end),
        in_device,
    );
    let mut launch = launch;
    // `cudaLaunchKernel(k, g, b, args, ..)` with `void *args[] = {&x, ..}`:
    // what each kernel argument may point into. Any other argument array
    // (`v.data()`, elements assigned one by one, a parameter) may pass one
    // buffer twice: the kernel's parameters may alias.
    launch.args_unread = true;
    if !in_device {
        if let Some(views) = parts
            .get(3)
            .and_then(|&(s, e)| eval.argument_array_views(s, e))
        {
            launch.arg_views = views;
            launch.args_unread = false;
        }
    }
    Some((launch, kernel, held_at))
}

/// The kernel named in the API launch argument `[s, e)`, behind casts and
/// `&`: `(void*)k`, `(const void*)&k`, `reinterpret_cast<void*>(k)`.
fn kernel_behind_casts(unit: &Unit, s: usize, e: usize) -> Option<usize> {
    (s..e).find(|&k| {
        unit.is_ident(k)
            && !matches!(
                unit.text(k),
                "void" | "const" | "reinterpret_cast" | "static_cast" | "char"
            )
    })
}

/// Whether the kernel mention `i` is the value of a graph kernel node's
/// function (`p.func = (void *)k;`, `p->func = k`, `{.func = (void *)k, ..}`):
/// `cudaGraphAddKernelNode` launches it with the node's `kernelParams`,
/// which the scan does not read.
/// Returns the token of the node's parameter object when it is named
/// (`p` in `p.func`; `usize::MAX` for a designated initializer).
fn graph_node_function(unit: &Unit, i: usize) -> Option<usize> {
    let mut k = i;
    // Back over a cast and `&`: `(void *)&k`, `reinterpret_cast<void *>(k)`.
    for _ in 0..12 {
        k = k.checked_sub(1)?;
        match unit.text(k) {
            "=" if k >= 2
                && unit.text(k - 1) == "func"
                && matches!(unit.text(k - 2), "." | "->") =>
            {
                let object = k.checked_sub(3).filter(|&o| unit.is_ident(o));
                return Some(object.unwrap_or(usize::MAX));
            }
            "(" | ")" | "<" | ">" | "*" | "&" | "void" | "const" | "reinterpret_cast"
            | "static_cast" => {}
            _ => return None,
        }
    }
    None
}

/// The views of the arguments a graph kernel node whose parameter object
/// is named at `object` passes: the object's one assignment of
/// `kernelParams` (`p.kernelParams = args;`, `p->kernelParams = args;`) to
/// an argument array read as `cudaLaunchKernel`'s. None when there is not
/// exactly one such assignment of that name in the unit (another form, or
/// several objects of one name: the arguments are unknown).
fn graph_node_params(unit: &Unit, eval: &Eval, object: usize) -> Option<Vec<Vec<PointerView>>> {
    if object == usize::MAX {
        return None;
    }
    let name = unit.text(object);
    let mut found = None;
    for k in 0..unit.toks.len() {
        if unit.text(k) != "kernelParams" || !matches!(unit.text(k.checked_sub(1)?), "." | "->") {
            continue;
        }
        // Another object's `kernelParams` is not this node's.
        if k < 2 || unit.text(k - 2) != name {
            continue;
        }
        if found.is_some() || unit.text(k + 1) != "=" || unit.text(k + 3) != ";" {
            return None;
        }
        found = Some(k + 2);
    }
    let at = found?;
    eval.argument_array_views(at, at + 1)
}

/// The launches of `cuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem, stream,
/// args, extra)` at `at` (the driver API): one for each kernel name `f` is
/// given by `cuModuleGetFunction(&f, module, "name")` in the unit, a string
/// literal naming the kernel (a kernel of another file of the folder). The
/// sizes are not read (symbolic); the argument array is read as
/// `cudaLaunchKernel`'s, else the launch's arguments are unknown
/// ([`HostLaunch::args_unread`]). A handle named by no literal gives none.
fn driver_launches(unit: &Unit, eval: &Eval, at: usize) -> Vec<(HostLaunch, usize, Option<usize>)> {
    let open = at + 1;
    let close = unit.matching(open, unit.toks.len());
    let parts = unit.split_commas(open + 1, close);
    let Some(&(fs, fe)) = parts.first() else {
        return Vec::new();
    };
    if fe != fs + 1 || !unit.is_ident(fs) {
        return Vec::new();
    }
    let handle = unit.text(fs);
    let mut names: Vec<String> = Vec::new();
    for k in 0..unit.toks.len() {
        if unit.text(k) != "cuModuleGetFunction" || unit.text(k + 1) != "(" {
            continue;
        }
        let c = unit.matching(k + 1, unit.toks.len());
        let args = unit.split_commas(k + 2, c);
        let (Some(&(hs, he)), Some(&(ns, ne))) = (args.first(), args.get(2)) else {
            continue;
        };
        let named = he == hs + 2 && unit.text(hs) == "&" && unit.text(hs + 1) == handle;
        let literal = unit.text(ns);
        if named
            && ne == ns + 1
            && literal.len() > 2
            && literal.starts_with('"')
            && literal.ends_with('"')
        {
            let name = literal[1..literal.len() - 1].to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    let (file, start) = (unit.toks[at].0, unit.toks[at].1.start);
    let end = unit.toks.get(close).map_or(start, |(_, t)| t.end);
    let views = parts
        .get(9)
        .and_then(|&(s, e)| eval.argument_array_views(s, e));
    names
        .into_iter()
        .map(|name| {
            let mut launch = HostLaunch::unknown(name, Vec::new(), (start, end, file));
            match &views {
                Some(v) => launch.arg_views = v.clone(),
                None => launch.args_unread = true,
            }
            (launch, at, None)
        })
        .collect()
}

/// Calls that launch a kernel with an argument array (`void **args`), which
/// they only read.
const ARRAY_LAUNCHES: [&str; 3] = [
    "cudaLaunchKernel",
    "cudaLaunchCooperativeKernel",
    "cuLaunchKernel",
];

/// Whether the mention `i` of a name is an argument of one of
/// [`ARRAY_LAUNCHES`] (which reads the array it names, never writes it).
fn in_array_launch(unit: &Unit, i: usize) -> bool {
    if i == 0 || !matches!(unit.text(i - 1), "," | "(") || !matches!(unit.text(i + 1), "," | ")") {
        return false;
    }
    // The innermost parenthesis around `i`.
    let mut depth = 0usize;
    for k in (0..i).rev() {
        match unit.text(k) {
            ")" | "]" | "}" => depth += 1,
            "(" | "[" | "{" if depth > 0 => depth -= 1,
            "(" => return k > 0 && ARRAY_LAUNCHES.contains(&unit.text(k - 1)),
            "[" | "{" | ";" => return false,
            _ => {}
        }
    }
    false
}

impl Eval<'_, '_> {
    /// Whether every mention of the array declared at `decl_at` other than
    /// its declaration is a read by one of [`ARRAY_LAUNCHES`] (or a graph
    /// node's `p.kernelParams = args;`, read as its launch's arguments,
    /// `graph_node_params`).
    fn array_only_launched(&self, decl_at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(decl_at);
        (0..u.toks.len()).all(|i| {
            i == decl_at
                || !u.is_ident(i)
                || u.text(i) != name
                || in_array_launch(u, i)
                || (u.text(i + 1) == ";"
                    && i >= 2
                    && u.text(i - 1) == "="
                    && u.text(i - 2) == "kernelParams")
                || scopes
                    .visible(u, name, i)
                    .is_none_or(|(d, _)| d.at != decl_at)
        })
    }

    /// The views of the kernel arguments an API launch's argument array
    /// `[s, e)` passes: a local array initialized with the arguments'
    /// addresses (`void *args[] = {&x, &y, &n};`, see
    /// `launch_array_views`; no other mention of the array but
    /// [`ARRAY_LAUNCHES`]' reads), or one declared without an initializer whose
    /// elements are each assigned an address with a literal subscript
    /// (`void *args[3]; args[0] = &x; ..`). In the second form every
    /// assignment of an element counts (the union of their views: one in a
    /// branch may be the one that reaches), and every other mention of the
    /// array must be one of [`ARRAY_LAUNCHES`]' reads of it. None when the
    /// array is not of these forms: the launch's arguments are unknown.
    fn argument_array_views(&self, s: usize, e: usize) -> Option<Vec<Vec<PointerView>>> {
        let (u, scopes) = (self.unit, self.scopes);
        if e != s + 1 || !u.is_ident(s) {
            return None;
        }
        let name = u.text(s);
        let (decl, _) = scopes.visible(u, name, s)?;
        let decl_at = decl.at;
        if let Some(views) = self.launch_array_views(s) {
            // The initializer is what the launch reads only if nothing
            // changes the array after it: a store (`args[1] = &a;`,
            // `*(float **)args[1] = a;`) or a mention the scan does not read
            // (the array passed to a function) may replace an element.
            return self.array_only_launched(decl_at).then_some(views);
        }
        // `void *args[N];`
        let close = u.matching(decl_at + 1, u.toks.len());
        if u.text(decl_at + 1) != "[" || u.text(close) != "]" || u.text(close + 1) != ";" {
            return None;
        }
        let mut elements: Vec<Vec<PointerView>> = Vec::new();
        let mut assigned: Vec<bool> = Vec::new();
        for i in 0..u.toks.len() {
            if i == decl_at || !u.is_ident(i) || u.text(i) != name {
                continue;
            }
            if scopes
                .visible(u, name, i)
                .is_none_or(|(d, _)| d.at != decl_at)
            {
                continue;
            }
            if in_array_launch(u, i) {
                continue;
            }
            // `args[c] = &x;` or `args[c] = (void *)&x;` at a statement's start.
            let starts = i > 0 && matches!(u.text(i - 1), ";" | "{" | "}");
            let index = (u.text(i + 1) == "[" && u.text(i + 3) == "]")
                .then(|| parse_int_literal(u.text(i + 2)))
                .flatten()
                .and_then(|k| usize::try_from(k).ok())
                .filter(|&k| k < 64);
            let (Some(index), true, "=") = (index, starts, u.text(i + 4)) else {
                return None;
            };
            let mut v = i + 5;
            if u.text(v) == "(" {
                let c = u.matching(v, u.toks.len());
                if !(v + 1..c).all(|k| u.is_ident(k) || matches!(u.text(k), "*" | "::")) {
                    return None;
                }
                v = c + 1;
            }
            if u.text(v) != "&" || !u.is_ident(v + 1) || u.text(v + 2) != ";" {
                return None;
            }
            if elements.len() <= index {
                elements.resize(index + 1, Vec::new());
                assigned.resize(index + 1, false);
            }
            elements[index].extend(self.pointer_views(v + 1, v + 2));
            assigned[index] = true;
        }
        if assigned.is_empty() || assigned.contains(&false) {
            return None;
        }
        for views in &mut elements {
            views.sort_by(|a, b| {
                (&a.root, a.offset, &a.context).cmp(&(&b.root, b.offset, &b.context))
            });
            views.dedup();
        }
        Some(elements)
    }
}

/// A launch `cudaLaunchKernelEx(&config, k, args..)` (CUDA 12's variadic
/// form), read as [`chevron_launch`] reads its arguments (provenance,
/// values); the sizes in the configuration object are not read (symbolic).
fn ex_launch(
    unit: &Unit,
    eval: &Eval,
    heads: &[GlobalHead],
    at: usize,
    in_device: bool,
) -> Option<(HostLaunch, usize, Option<usize>)> {
    let open = at + 1;
    let close = unit.matching(open, unit.toks.len());
    let parts = unit.split_commas(open + 1, close);
    let (fs, fe) = *parts.get(1)?;
    // A template argument list in the kernel's name is not matched: the
    // mention stays an unknown launch of the template.
    if (fs..fe).any(|k| unit.text(k) == "<") {
        return None;
    }
    let kernel = kernel_behind_casts(unit, fs, fe)?;
    let (file, start) = (unit.toks[at].0, unit.toks[at].1.start);
    let end = unit.toks.get(close).map_or(start, |(_, t)| t.end);
    let mut name = unit.text(kernel).to_string();
    let mut held_at = None;
    if !in_device {
        if let Some((kernel_at, None)) = kernel_held(unit, eval, heads, kernel) {
            name = unit.text(kernel_at).to_string();
            held_at = Some(kernel_at);
        }
    }
    let args = &parts[2..];
    let mut launch = finish_launch(
        unit,
        eval,
        name,
        (Vec::new(), Vec::new()),
        None,
        None,
        args,
        (file, start, end),
        in_device,
    );
    // Arguments written out one by one (no pack expansion): their count is
    // the kernel's arity.
    let written_out = !args
        .iter()
        .any(|&(s, e)| (s..e).any(|k| matches!(unit.text(k), "<" | "...")));
    launch.arity = written_out.then_some(args.len());
    Some((launch, kernel, held_at))
}

#[allow(clippy::too_many_arguments)]
fn finish_launch(
    unit: &Unit,
    eval: &Eval,
    kernel: String,
    (template_args, template_values): (Vec<String>, Vec<Option<i128>>),
    grid: Option<(usize, usize)>,
    block: Option<(usize, usize)>,
    args: &[(usize, usize)],
    (text, start, end): (usize, usize, usize),
    in_device: bool,
) -> HostLaunch {
    let dims = |range: Option<(usize, usize)>| -> [Option<u32>; 3] {
        match range {
            Some((s, e)) if !in_device => eval
                .dim3(s, e, 0)
                .map(|v| v.and_then(|x| u32::try_from(x).ok().filter(|x| *x > 0))),
            _ => [None; 3],
        }
    };
    HostLaunch {
        kernel,
        template_args,
        template_values,
        grid: dims(grid),
        block: dims(block),
        args: args
            .iter()
            .map(|&(s, e)| if in_device { None } else { eval.expr(s, e, 0) })
            .collect(),
        arity: None,
        arg_lower_bounds: Vec::new(),
        arg_loop_bounds: Vec::new(),
        grid_relation: Default::default(),
        block_relation: Default::default(),
        arg_relations: Vec::new(),
        grid_square: !in_device && grid.is_some_and(|(s, e)| eval.square(s, e)),
        block_square: !in_device && block.is_some_and(|(s, e)| eval.square(s, e)),
        block_pow2: match block {
            // A block given as one integer expression is `dim3(b)`: its x
            // extent is `(unsigned)b`, a conversion modulo 2^32 that keeps a
            // multiple of 2^k (k <= 10) one. A dim3 value gives nothing.
            Some((s, e)) if !in_device && eval.is_integer_expr(s, e) => {
                [eval.pow2_exponent(s, e, 0).min(MAX_BLOCK_POW2), 0, 0]
            }
            _ => [0; 3],
        },
        callers: Vec::new(),
        wanted: Vec::new(),
        pointer_callers: Vec::new(),
        arg_pow2: args
            .iter()
            .map(|&(s, e)| {
                if in_device {
                    0
                } else {
                    eval.pow2_exponent(s, e, 0)
                }
            })
            .collect(),
        arg_whole: args
            .iter()
            .map(|&(s, e)| {
                !in_device && passed_name(unit, s, e).is_some_and(|n| eval.allocated.contains(n))
            })
            .collect(),
        arg_names: args
            .iter()
            .map(|&(s, e)| passed_name(unit, s, e).map(str::to_string))
            .collect(),
        arg_views: args
            .iter()
            .map(|&(s, e)| {
                if in_device {
                    Vec::new()
                } else {
                    eval.pointer_views(s, e)
                }
            })
            .collect(),
        // A pack expansion `a...` (`template <class... A> void run(A... a)
        // { k<<<..>>>(a...); }`) passes arguments the list does not spell
        // one by one: which buffers reach which parameter is not read
        // (before session 60 its one view was matched to the first
        // parameter and the rest kept the distinct-parameters assumption).
        args_unread: args
            .iter()
            .any(|&(s, e)| (s..e).any(|k| unit.text(k) == "...")),
        arg_fields: Vec::new(),
        arg_member_views: Vec::new(),
        arg_identity: Vec::new(),
        arg_non_decreasing: Vec::new(),
        start,
        end,
        text,
    }
}

/// The class of the kernel's parameter at `index` when every declaration of
/// the kernel in the unit declares it as that class by value (`Params p`,
/// `const Params<T> p`); None for anything else (a pointer, a reference, a
/// template type parameter, no declaration in view).
fn kernel_param_class<'u>(
    unit: &'u Unit,
    heads: &[GlobalHead],
    kernel: &str,
    index: usize,
) -> Option<&'u str> {
    let mut class = None;
    for head in heads.iter().filter(|h| h.name == kernel) {
        let close = unit.matching(head.params, unit.toks.len());
        // Parameters split at commas outside brackets and template lists.
        let mut params = Vec::new();
        let (mut depth, mut from) = (0usize, head.params + 1);
        for k in head.params + 1..close {
            match unit.text(k) {
                "(" | "[" | "{" | "<" => depth += 1,
                ")" | "]" | "}" | ">" => depth = depth.checked_sub(1)?,
                ">>" => depth = depth.checked_sub(2)?,
                "," if depth == 0 => {
                    params.push((from, k));
                    from = k + 1;
                }
                _ => {}
            }
        }
        params.push((from, close));
        let &(s, e) = params.get(index)?;
        let mut k = s;
        while k < e && matches!(unit.text(k), "const" | "struct" | "class" | "volatile") {
            k += 1;
        }
        if k >= e || !unit.is_ident(k) || is_scalar_type(unit.text(k)) {
            return None;
        }
        let name = unit.text(k);
        k += 1;
        if unit.text(k) == "<" {
            let mut depth = 0usize;
            while k < e {
                match unit.text(k) {
                    "<" => depth += 1,
                    ">" => depth -= 1,
                    ">>" => depth = depth.checked_sub(2)?,
                    _ => {}
                }
                k += 1;
                if depth == 0 {
                    break;
                }
            }
        }
        while k < e && unit.text(k) == "const" {
            k += 1;
        }
        // The parameter's name, or none (a prototype).
        if !(k == e || (k + 1 == e && unit.is_ident(k))) {
            return None;
        }
        if class.is_some_and(|c| c != name) {
            return None;
        }
        class = Some(name);
    }
    class
}

/// The host name the argument `[s, e)` passes: one name after an optional
/// cast in parentheses (`d`, `(float *)d`); a pointer parameter given a
/// name among [`allocated_names`] gets a whole allocation.
fn passed_name<'u>(unit: &'u Unit, s: usize, e: usize) -> Option<&'u str> {
    let mut s = s;
    if unit.text(s) == "(" {
        let close = unit.matching(s, e);
        let cast = (s + 1..close).all(|i| unit.is_ident(i) || matches!(unit.text(i), "*" | "::"));
        if !cast || close + 1 >= e {
            return None;
        }
        s = close + 1;
    }
    (s + 1 == e && unit.is_ident(s)).then(|| unit.text(s))
}

/// Host names that hold an allocation's start wherever the host passes
/// them: set only by an allocation call's out-parameter (`cudaMalloc(&d,
/// ..)`, `cudaMallocManaged`, `cudaMallocHost`, `cudaHostAlloc`, also through
/// a cast `(void **)&d`) and otherwise at most declared or set to a null
/// pointer (`= NULL`, `nullptr`, `0`). Not such a name: one assigned
/// anything else (`d = base + k`, `d = shifted(base)`), moved (`d += k`,
/// `d++`), whose address is taken outside an allocation call (`shift(&d)`),
/// or declared as a pointer parameter of a host function (`void launch(int
/// *d)`: a caller may pass `base + k`). None at all when the host code has a
/// reference-to-pointer parameter (`int *&p`), through which a call may move
/// a name it is given. A launch argument that is such a name gives the
/// offsets-from-base assumption to its parameter.
fn allocated_names(unit: &Unit, in_device: &dyn Fn(usize) -> bool) -> crate::base::HashSet<String> {
    use crate::base::HashSet;
    let n = unit.toks.len();
    let mut allocated: HashSet<String> = HashSet::default();
    let mut disqualified: HashSet<String> = HashSet::default();
    let mut in_allocation = vec![false; n];
    for i in 0..n {
        if in_device(i) {
            continue;
        }
        let t = unit.text(i);
        if unit.text(i + 1) == "(" && (t.starts_with("cudaMalloc") || t == "cudaHostAlloc") {
            let close = unit.matching(i + 1, n);
            for inside in in_allocation.iter_mut().take(close).skip(i + 1) {
                *inside = true;
            }
            // The first argument: `&d` or `(void **)&d`.
            let mut j = i + 2;
            if unit.text(j) == "(" {
                j = unit.matching(j, close) + 1;
            }
            if unit.text(j) == "&" && unit.is_ident(j + 1) && matches!(unit.text(j + 2), "," | ")")
            {
                allocated.insert(unit.text(j + 1).to_string());
            }
        }
    }
    let mut parens = 0usize;
    for (i, &allocating) in in_allocation.iter().enumerate() {
        match unit.text(i) {
            "(" => parens += 1,
            ")" => parens = parens.saturating_sub(1),
            _ => {}
        }
        if in_device(i) {
            continue;
        }
        let t = unit.text(i);
        if t == "*" && unit.text(i + 1) == "&" {
            return HashSet::default();
        }
        if !unit.is_ident(i) {
            continue;
        }
        let prev = if i > 0 { unit.text(i - 1) } else { "" };
        let next = unit.text(i + 1);
        let null_init = next == "="
            && matches!(unit.text(i + 2), "NULL" | "nullptr" | "0")
            && matches!(unit.text(i + 3), ";" | ",");
        let assigned = matches!(next, "=" | "+=" | "-=" | "++" | "--") && !null_init;
        let stepped = matches!(prev, "++" | "--");
        let address_taken = prev == "&" && !allocating;
        // `int *d,` inside parentheses (not `int *a, *b;`).
        let parameter = prev == "*" && matches!(next, "," | ")") && parens > 0;
        if assigned || stepped || address_taken || parameter {
            disqualified.insert(t.to_string());
        }
    }
    allocated.retain(|name| !disqualified.contains(name));
    allocated
}

/// Token ranges of the bodies of `__global__`/`__device__` functions.
fn device_regions(unit: &Unit) -> Vec<(usize, usize)> {
    let mut regions = Vec::new();
    let n = unit.toks.len();
    let mut i = 0;
    while i < n {
        crate::base::interrupt::stop_if_polled();
        if !matches!(unit.text(i), "__global__" | "__device__") {
            i += 1;
            continue;
        }
        let start = i;
        // The parameter list: the first `(` not of `__launch_bounds__`/attributes.
        let mut j = i + 1;
        let mut body = None;
        let mut params_end = None;
        while j < n {
            match unit.text(j) {
                ";" | "=" | "{" | "}" => break,
                "(" => {
                    let is_attribute = matches!(
                        unit.text(j.wrapping_sub(1)),
                        "__launch_bounds__" | "__attribute__" | "__align__" | "alignas"
                    );
                    let close = unit.matching(j, n);
                    if !is_attribute {
                        params_end = Some(close);
                        // Skip trailing qualifiers up to the body.
                        let mut k = close + 1;
                        while k < n && !matches!(unit.text(k), "{" | ";" | "(" | ")") {
                            k += 1;
                        }
                        if unit.text(k) == "{" {
                            body = Some(k);
                        }
                        break;
                    }
                    j = close;
                }
                _ => {}
            }
            j += 1;
        }
        match body {
            Some(open) => {
                let close = unit.matching(open, n);
                regions.push((start, close));
                i = close + 1;
            }
            None => {
                // A prototype: its parameter names are not host names either.
                if let Some(close) = params_end {
                    regions.push((start, close));
                }
                i += 1;
            }
        }
    }
    regions
}

/// Names the unit declares as function pointer types: `typedef R (*NAME)(..)`
/// and `using NAME = R (*)(..)` (a variable of such a type may hold a
/// kernel: [`kernel_held`]).
fn function_pointer_types(unit: &Unit) -> Vec<String> {
    let n = unit.toks.len();
    let mut out = Vec::new();
    for i in 0..n {
        match unit.text(i) {
            "typedef" => {
                // `typedef R ( * NAME ) (`, before the statement's end.
                let mut j = i + 1;
                while j + 4 < n && !matches!(unit.text(j), ";" | "{" | "}") {
                    if unit.text(j) == "("
                        && unit.text(j + 1) == "*"
                        && unit.is_ident(j + 2)
                        && unit.text(j + 3) == ")"
                        && unit.text(j + 4) == "("
                    {
                        out.push(unit.text(j + 2).to_string());
                        break;
                    }
                    j += 1;
                }
            }
            "using" if unit.is_ident(i + 1) && unit.text(i + 2) == "=" => {
                let mut j = i + 3;
                while j + 3 < n && !matches!(unit.text(j), ";" | "{" | "}") {
                    if unit.text(j) == "("
                        && unit.text(j + 1) == "*"
                        && unit.text(j + 2) == ")"
                        && unit.text(j + 3) == "("
                    {
                        out.push(unit.text(i + 1).to_string());
                        break;
                    }
                    j += 1;
                }
            }
            _ => {}
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Lists each declaration of a host name where it is made, with its
/// initializer and type (for [`Scopes::resolve`]). Declarations the scanner
/// does not evaluate (of an untracked type, structured bindings,
/// enumerators, `decltype` declarations) are listed as unknown: they hide
/// outer names of the same spelling.
fn collect_decls(unit: &Unit, in_device: &dyn Fn(usize) -> bool) -> HashMap<String, Vec<Decl>> {
    let mut decls: HashMap<String, Vec<Decl>> = HashMap::default();
    let n = unit.toks.len();
    let mut declared_at = vec![false; n];
    let fn_pointer_types = function_pointer_types(unit);
    let is_fn_pointer_type = |t: &str| fn_pointer_types.iter().any(|f| f == t);
    let mut i = 0;
    while i < n {
        crate::base::interrupt::stop_if_polled();
        // A declaration: qualifiers and a type, then declarators (also the
        // first parameter of a template: `template <int W>`).
        let boundary = i == 0
            || matches!(unit.text(i - 1), ";" | "{" | "}" | "(" | ")" | ":" | ",")
            || (unit.text(i - 1) == "<" && i >= 2 && unit.text(i - 2) == "template")
            || unit.toks[i - 1].0 != unit.toks[i].0;
        let is_dim3 = unit.text(i) == "dim3";
        let starts_type = is_dim3
            || is_scalar_type(unit.text(i))
            || DECL_QUALIFIERS.contains(&unit.text(i))
            || is_fn_pointer_type(unit.text(i));
        if !(boundary && starts_type) || in_device(i) {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut dim3 = false;
        let mut is_static = false;
        let mut is_const = false;
        let mut words = Vec::new();
        let mut fn_pointer = false;
        while j < n
            && (is_scalar_type(unit.text(j))
                || DECL_QUALIFIERS.contains(&unit.text(j))
                || unit.text(j) == "dim3"
                || (words.is_empty() || words.iter().all(|w| DECL_QUALIFIERS.contains(w)))
                    && is_fn_pointer_type(unit.text(j)))
        {
            fn_pointer |= is_fn_pointer_type(unit.text(j));
            dim3 |= unit.text(j) == "dim3";
            is_static |= unit.text(j) == "static";
            is_const |= matches!(unit.text(j), "const" | "constexpr");
            words.push(unit.text(j));
            j += 1;
        }
        if j == i || !unit.is_ident(j) || unit.text(j - 1) == "::" && unit.text(j) != "size_t" {
            i = j.max(i + 1);
            continue;
        }
        // A function pointer (a kernel's address) is no integer.
        let ty = if fn_pointer {
            ValueTy::Other
        } else {
            value_ty(&words)
        };
        // Declarators: NAME [= init | (init) | {init}] {, NAME ...}
        loop {
            if !unit.is_ident(j) {
                break;
            }
            let name = unit.text(j).to_string();
            declared_at[j] = true;
            let next = j + 1;
            let (binding, after) = match unit.text(next) {
                "=" => {
                    let mut k = next + 1;
                    let mut depth = 0usize;
                    while k < n {
                        match unit.text(k) {
                            "(" | "[" | "{" => depth += 1,
                            ")" | "]" | "}" if depth == 0 => break,
                            ")" | "]" | "}" => depth -= 1,
                            ";" | "," if depth == 0 => break,
                            _ => {}
                        }
                        k += 1;
                    }
                    let b = if dim3 {
                        Binding::Dim3(dim3_parts(unit, next + 1, k))
                    } else {
                        Binding::Scalar(next + 1, k)
                    };
                    (b, k)
                }
                "(" | "{" => {
                    let close = unit.matching(next, n);
                    let b = if dim3 {
                        Binding::Dim3(unit.split_commas(next + 1, close))
                    } else {
                        match unit.split_commas(next + 1, close).as_slice() {
                            [one] => Binding::Scalar(one.0, one.1),
                            // A function declaration or several values.
                            _ => Binding::UnknownScalar,
                        }
                    };
                    (b, close + 1)
                }
                // `size_t l[2] = {16, 16};`, `int l[] {a, b}`.
                "[" if !dim3 => match array_initializer(unit, next) {
                    Some((elements, end)) => (Binding::Array(elements), end),
                    None => (Binding::Unknown, next),
                },
                // `dim3 g;` is (1, 1, 1) only if nothing sets it later; a
                // parameter or member `dim3 g` has a value the scanner does
                // not see: both unknown.
                "[" => (Binding::Unknown, next),
                _ if dim3 => (Binding::Unknown, next),
                _ => (Binding::UnknownScalar, next),
            };
            decls.entry(name.clone()).or_default().push(Decl {
                at: j,
                binding,
                dim3,
                is_static,
                is_const,
                ty,
            });
            if unit.text(after) == "," {
                j = after + 1;
                let t = unit.text(j);
                if is_scalar_type(t) || DECL_QUALIFIERS.contains(&t) || t == "dim3" {
                    // Another parameter with its own type (`int nx, int ny`).
                    j -= 1;
                    break;
                }
                // A declarator is a name followed by its initializer or the
                // next one; `auto k = f<T, N>;` has a comma between template
                // arguments, and `N` there is not declared.
                if !matches!(unit.text(j + 1), "=" | "," | ";" | "(" | "{" | "[") {
                    break;
                }
                continue;
            }
            break;
        }
        i = j + 1;
    }
    // Other declarations, for scopes only: they hide outer names of the
    // same spelling and have no value the scanner knows.
    for (i, &declared) in declared_at.iter().enumerate() {
        if !unit.is_ident(i) || declared || in_device(i) {
            continue;
        }
        let name = unit.text(i);
        let unknown = |at: usize| Decl {
            at,
            binding: Binding::Unknown,
            dim3: false,
            is_static: false,
            is_const: false,
            ty: ValueTy::Other,
        };
        // `float *t`, `Params t`, `std::vector<int> &t`, `decltype(e) t`,
        // and the declarators after it (`float *a, *b;`: `b` is declared
        // there too; missing it would make later uses of `b` resolve to an
        // outer name or to none, and its assignments unread).
        if maybe_declaration(unit, i) || decltype_declaration(unit, i) {
            decls.entry(name.to_string()).or_default().push(unknown(i));
            for at in continued_declarators(unit, i) {
                if !declared_at[at] {
                    decls
                        .entry(unit.text(at).to_string())
                        .or_default()
                        .push(unknown(at));
                }
            }
        }
        // Structured bindings and enumerators are in scope where their
        // declaration is: the decl is placed at its `[` or `enum`.
        if let Some(at) = structured_binding(unit, i) {
            decls.entry(name.to_string()).or_default().push(unknown(at));
        } else if let Some(at) = enumerator(unit, i) {
            // An enumerator is a constant ([dcl.enum]): the value of its
            // initializer when it has one the evaluator can read.
            let decl = match enumerator_initializer(unit, i, at) {
                Some((s, e)) => Decl {
                    at,
                    binding: Binding::Scalar(s, e),
                    dim3: false,
                    is_static: false,
                    is_const: true,
                    ty: ValueTy::Int {
                        lo: i32::MIN.into(),
                        hi: i32::MAX.into(),
                        unsigned: false,
                    },
                },
                None => unknown(at),
            };
            decls.entry(name.to_string()).or_default().push(decl);
        }
    }
    decls
}

/// The element ranges of a one-dimensional array's braced initializer
/// (`[2] = {a, b}` or `[] {a, b}`, `open` at the `[`), and the token after it.
fn array_initializer(unit: &Unit, open: usize) -> Option<(Vec<(usize, usize)>, usize)> {
    let n = unit.toks.len();
    let close = unit.matching(open, n);
    if close >= n || unit.text(close) != "]" {
        return None;
    }
    let brace = if unit.text(close + 1) == "=" {
        close + 2
    } else {
        close + 1
    };
    if unit.text(brace) != "{" {
        return None;
    }
    let end = unit.matching(brace, n);
    if end >= n || unit.text(end) != "}" {
        return None;
    }
    let elements = unit.split_commas(brace + 1, end);
    // Nested braces (an array of structs or arrays): not followed.
    if elements.iter().any(|&(s, e)| s >= e || unit.text(s) == "{") {
        return None;
    }
    Some((elements, end + 1))
}

/// The names declared after the declarator at `i` in one declaration
/// statement: `float *a = x, *b, c[4];` gives `b` and `c` for `a`. Only at
/// statement level (a block or a `for` initializer): in a call's parentheses
/// `f(a * b, c)` is no declaration.
fn continued_declarators(unit: &Unit, i: usize) -> Vec<usize> {
    let n = unit.toks.len();
    let mut out = Vec::new();
    // The bracket the declaration is in: none, a `{`, or a `for (`.
    let mut k = i;
    let mut depth = 0usize;
    let limit = i.saturating_sub(256);
    let statement_level = loop {
        if k == 0 {
            break true;
        }
        if k <= limit {
            break false;
        }
        k -= 1;
        match unit.text(k) {
            "}" | ";" if depth == 0 => break true,
            ")" | "]" | "}" => depth += 1,
            "(" | "[" | "{" if depth > 0 => depth -= 1,
            "{" => break true,
            "(" => break k > 0 && unit.text(k - 1) == "for",
            "[" => break false,
            _ => {}
        }
    };
    if !statement_level {
        return out;
    }
    let mut j = i + 1;
    loop {
        // The declarator's suffix and initializer.
        while j < n && unit.text(j) == "[" {
            j = unit.matching(j, n) + 1;
        }
        match unit.text(j) {
            "=" => {
                j += 1;
                while j < n && !matches!(unit.text(j), "," | ";") {
                    match unit.text(j) {
                        "(" | "[" | "{" => j = unit.matching(j, n),
                        ")" | "]" | "}" => return out,
                        _ => {}
                    }
                    j += 1;
                }
            }
            "(" | "{" => j = unit.matching(j, n) + 1,
            _ => {}
        }
        if j >= n || unit.text(j) != "," {
            return out;
        }
        j += 1;
        while j < n
            && matches!(
                unit.text(j),
                "*" | "&"
                    | "&&"
                    | "const"
                    | "volatile"
                    | "__restrict__"
                    | "__restrict"
                    | "restrict"
            )
        {
            j += 1;
        }
        if j + 1 >= n
            || !unit.is_ident(j)
            || NOT_A_TYPE.contains(&unit.text(j))
            || !matches!(unit.text(j + 1), "=" | ";" | "," | "[" | "(" | "{")
        {
            return out;
        }
        out.push(j);
        j += 1;
    }
}

/// `decltype(e) t =`: the `t`.
fn decltype_declaration(unit: &Unit, i: usize) -> bool {
    if i == 0 || unit.text(i - 1) != ")" {
        return false;
    }
    let Some(open) = matching_back(unit, i - 1, 256) else {
        return false;
    };
    open > 0
        && matches!(unit.text(open - 1), "decltype" | "typeof" | "__typeof__")
        && matches!(unit.text(i + 1), "=" | ";" | "," | "(" | "{" | "[")
}

/// The `[` of a structured binding `auto [a, b] = ...` (also `auto &[..]`)
/// that declares the name at `i`.
fn structured_binding(unit: &Unit, i: usize) -> Option<usize> {
    if !matches!(unit.text(i + 1), "," | "]") {
        return None;
    }
    let mut k = i.checked_sub(1)?;
    while unit.text(k) == "," && k >= 2 && unit.is_ident(k - 1) {
        k -= 2;
    }
    (unit.text(k) == "[" && k > 0 && matches!(unit.text(k - 1), "auto" | "&" | "&&")).then_some(k)
}

/// The `enum` keyword of the enumeration whose enumerator is declared at `i`.
fn enumerator(unit: &Unit, i: usize) -> Option<usize> {
    if !matches!(unit.text(i.checked_sub(1)?), "{" | ",")
        || !matches!(unit.text(i + 1), "=" | "," | "}")
    {
        return None;
    }
    // Back to the `{` of the list (over initializers of earlier enumerators).
    let mut depth = 0usize;
    let mut k = i;
    let stop = i.saturating_sub(4096);
    while k > stop {
        k -= 1;
        match unit.text(k) {
            ")" | "]" | "}" => depth += 1,
            "(" | "[" => depth = depth.checked_sub(1)?,
            "{" if depth == 0 => break,
            "{" => depth -= 1,
            ";" if depth == 0 => return None,
            _ => {}
        }
    }
    (k.saturating_sub(6)..k)
        .rev()
        .find(|&e| unit.text(e) == "enum")
}

/// The initializer `[s, e)` of the enumerator declared at `i` of the `enum`
/// at `enum_at`, when the enumeration is unscoped with no fixed underlying
/// type (`enum { N = 256 };`, `enum Sizes { .. }`): its enumerators are then
/// used as `int` when their values fit one ([dcl.enum]/5, [conv.prom]/3;
/// a value outside `int` is not taken, see `Parser::convert`). None for
/// an enumerator without an initializer (its value is the previous one's
/// plus one: not followed), of a scoped enumeration or one with a fixed type.
fn enumerator_initializer(unit: &Unit, i: usize, enum_at: usize) -> Option<(usize, usize)> {
    let open = match unit.text(enum_at + 1) {
        "{" => enum_at + 1,
        "class" | "struct" => return None,
        _ if unit.is_ident(enum_at + 1) && unit.text(enum_at + 2) == "{" => enum_at + 2,
        _ => return None,
    };
    if unit.text(i + 1) != "=" {
        return None;
    }
    let close = unit.matching(open, unit.toks.len());
    unit.split_commas(open + 1, close)
        .into_iter()
        .find(|&(s, _)| s == i)
        .map(|(_, e)| (i + 2, e))
        .filter(|&(s, e)| s < e)
}

/// The C type of a declared scalar, as far as the evaluator needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ValueTy {
    /// An integer type holding `lo..=hi`; `unsigned` when its arithmetic is
    /// unsigned (`unsigned int` and wider: narrower types promote to `int`).
    Int { lo: i128, hi: i128, unsigned: bool },
    /// `bool`.
    Bool,
    /// `auto`: the initializer's type.
    Auto,
    /// Floating point or a type the evaluator does not model.
    Other,
}

/// The type spelled by the type words of a declaration.
fn value_ty(words: &[&str]) -> ValueTy {
    let has = |w: &str| words.contains(&w);
    let int = |bits: u32, signed: bool| {
        if signed {
            ValueTy::Int {
                lo: -(1i128 << (bits - 1)),
                hi: (1i128 << (bits - 1)) - 1,
                unsigned: false,
            }
        } else {
            ValueTy::Int {
                lo: 0,
                hi: (1i128 << bits) - 1,
                unsigned: bits >= 32,
            }
        }
    };
    if has("float") || has("double") || has("dim3") {
        return ValueTy::Other;
    }
    if has("bool") {
        return ValueTy::Bool;
    }
    if has("auto") {
        return ValueTy::Auto;
    }
    for (w, bits, signed) in [
        ("size_t", 64, false),
        ("uint64_t", 64, false),
        ("ulong", 64, false),
        ("uint32_t", 32, false),
        ("uint", 32, false),
        ("uint16_t", 16, false),
        ("ushort", 16, false),
        ("int64_t", 64, true),
        ("ssize_t", 64, true),
        ("ptrdiff_t", 64, true),
        ("int32_t", 32, true),
        ("int16_t", 16, true),
    ] {
        if has(w) {
            return int(bits, signed);
        }
    }
    let unsigned = has("unsigned");
    if has("char") {
        return if unsigned {
            int(8, false)
        } else if has("signed") {
            int(8, true)
        } else {
            // Plain `char`: its signedness is the implementation's.
            ValueTy::Int {
                lo: 0,
                hi: 127,
                unsigned: false,
            }
        };
    }
    let bits = if has("short") {
        16
    } else if has("long") {
        64
    } else if has("int") || unsigned || has("signed") {
        32
    } else {
        return ValueTy::Other;
    };
    int(bits, !unsigned)
}

/// Whether the identifier at `i` may be the name a declaration declares: it
/// follows a type-like token (a name, `*`, `&`, `&&`, `>`) and is followed by
/// what ends a declarator. Over-approximate: an expression such as `a * t;`
/// counts too, which only makes `t` unknown where that "declaration" is in
/// scope.
fn maybe_declaration(unit: &Unit, i: usize) -> bool {
    if i == 0 {
        return false;
    }
    let prev = unit.text(i - 1);
    // `T *t`, `T &t` at the start of a declaration (after a boundary, or
    // `const T`), not `a * t` in an expression.
    // `T *t`, also `T *&t`, `T **t`, `T *const t`: the type name before the
    // declarator's operators.
    let mut ty = i - 1;
    while ty > 0
        && matches!(
            unit.text(ty),
            "*" | "&" | "&&" | "const" | "volatile" | "__restrict__" | "__restrict"
        )
        && i - ty <= 4
    {
        ty -= 1;
    }
    let pointer_declarator = matches!(prev, "*" | "&" | "&&" | "const")
        && ty + 1 < i
        && ty >= 1
        && unit.is_ident(ty)
        && unit.text(ty) != "const"
        && (matches!(unit.text(ty - 1), ";" | "{" | "}" | "(" | "," | "::" | ">")
            || DECL_QUALIFIERS.contains(&unit.text(ty - 1))
            || is_scalar_type(unit.text(ty - 1)));
    let type_like =
        (unit.is_ident(i - 1) && !NOT_A_TYPE.contains(&prev)) || pointer_declarator || prev == ">";
    type_like
        && matches!(
            unit.text(i + 1),
            "=" | ";" | "," | ")" | "(" | "{" | "[" | ":"
        )
}

/// Whether the `{` at `open` starts the braced initializer of a declared
/// object, `Class p{..}`, `Class<..> p{..}` or `Class p = {..}`, at the
/// start of a statement (not a class, enum or namespace body).
fn aggregate_initializer(unit: &Unit, open: usize) -> bool {
    let mut name_at = open.wrapping_sub(1);
    if unit.text(name_at) == "=" {
        name_at = name_at.wrapping_sub(1);
    }
    if name_at == 0 || name_at == usize::MAX || !unit.is_ident(name_at) {
        return false;
    }
    let mut class_at = name_at - 1;
    if unit.text(class_at) == ">" {
        match unit.template_open(class_at, 0, 256, &[";", "{", "}", "(", ")"]) {
            Some(o) if o > 0 => class_at = o - 1,
            _ => return false,
        }
    }
    let keyword = |t: &str| {
        NOT_A_TYPE.contains(&t)
            || matches!(
                t,
                "struct" | "class" | "union" | "enum" | "namespace" | "template" | "extern"
            )
    };
    class_at > 0
        && unit.is_ident(class_at)
        && !keyword(unit.text(class_at))
        && !keyword(unit.text(name_at))
        && !is_scalar_type(unit.text(class_at))
        && matches!(unit.text(class_at - 1), ";" | "{" | "}" | "const")
}

fn is_write_op(t: &str) -> bool {
    matches!(
        t,
        "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>=" | "++" | "--"
    )
}

/// Components of a `dim3` initializer expression: `dim3(a, b)`, `{a, b}`, or a
/// single value (x).
fn dim3_parts(unit: &Unit, s: usize, e: usize) -> Vec<(usize, usize)> {
    if unit.text(s) == "dim3" && matches!(unit.text(s + 1), "(" | "{") {
        let close = unit.matching(s + 1, e);
        if close + 1 == e {
            return unit.split_commas(s + 2, close);
        }
    }
    // `make_uint3(x, y, z)` (CUDA's vector_functions.h): a `uint3` whose
    // components convert to `unsigned int` like dim3's constructor
    // arguments; `dim3`'s constructor from `uint3` copies the three.
    if unit.text(s) == "make_uint3" && unit.text(s + 1) == "(" {
        let close = unit.matching(s + 1, e);
        let parts = unit.split_commas(s + 2, close);
        if close + 1 == e && parts.len() == 3 {
            return parts;
        }
    }
    if unit.text(s) == "{" && unit.matching(s, e) + 1 == e {
        return unit.split_commas(s + 1, e - 1);
    }
    vec![(s, e)]
}

/// One declaration of a host name.
#[derive(Clone, Debug)]
struct Decl {
    /// Token of the declared name.
    at: usize,
    /// Its initializer as written (`Unknown` for a declaration of a type the
    /// scanner does not track).
    binding: Binding,
    /// Declared as a `dim3`.
    dim3: bool,
    /// Declared `static` (keeps its value across calls of its function).
    is_static: bool,
    /// Declared `const` or `constexpr`: never written (writing a const
    /// object is undefined behaviour).
    is_const: bool,
    /// Its type.
    ty: ValueTy,
}

/// What kind of scope a `{` opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    /// A function or lambda body (statements, parameters before it).
    Function,
    /// A lambda body: it may run long after the point it is written at.
    Lambda,
    /// A loop body (`for`, `while`, `do`).
    Loop,
    /// A `switch` body (its `case` labels jump into the middle).
    Switch,
    /// Any other compound statement (`if`, `else`, a plain block, `try`).
    Statement,
    /// A namespace or `extern "C"` block: file scope.
    Namespace,
    /// A class body, an initializer list or anything not understood.
    Opaque,
}

/// Where a declared name is visible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DeclScope {
    /// Declared directly in the block opened at this `{` (None: file scope),
    /// visible from the declaration to the block's end.
    Block(Option<usize>),
    /// A parameter, loop variable, condition variable or lambda capture:
    /// visible in this token range, with a value the scanner does not know.
    Unknown(usize, usize),
    /// Not a declaration that is in scope anywhere (a prototype's parameter).
    Nowhere,
}

/// Lexical scopes of the host code, for the value of a name at one point:
/// which declaration a use refers to (an inner declaration hides an outer one
/// of the same spelling), and, for a function's local, the last assignment
/// that reaches the use.
struct Scopes {
    /// Innermost open bracket (`(`, `[` or `{`) around each token.
    enclosing: Vec<Option<usize>>,
    /// The matching closing bracket of each opening one.
    closing: HashMap<usize, usize>,
    /// The kind of each `{`.
    kinds: HashMap<usize, BlockKind>,
    /// Declarations of each name, in token order.
    decls: HashMap<String, Vec<Decl>>,
    /// Tokens where each name may be written: assigned, incremented, read
    /// into, passed to a call that may take it by reference, a member of it
    /// assigned.
    writes: HashMap<String, Vec<usize>>,
    /// Names whose address is taken or that a reference is bound to.
    escapes: HashMap<String, Vec<usize>>,
    /// `goto` tokens.
    gotos: Vec<usize>,
    /// Whether each token is a `{`.
    braces: Vec<bool>,
}

/// Whether `callee` is known not to write a variable passed to it by name:
/// one of [`NON_WRITING_CALLS`], or a runtime call that takes a kernel (by
/// value: `cudaFuncSetAttribute(T *entry, ..)`) without launching it.
fn non_writing_call(callee: &str) -> bool {
    NON_WRITING_CALLS.contains(&callee) || non_launching_api(callee)
}

/// Calls known not to write a variable passed to them by name (the C
/// functions of the CUDA runtime and C library take it by value).
const NON_WRITING_CALLS: [&str; 34] = [
    "printf",
    "fprintf",
    "sprintf",
    "snprintf",
    "puts",
    "dim3",
    "min",
    "max",
    "MIN",
    "MAX",
    "ceil",
    "floor",
    "sqrt",
    "abs",
    "malloc",
    "calloc",
    "cudaMalloc",
    "cudaMallocHost",
    "cudaMallocManaged",
    "cudaMemcpy",
    "cudaMemcpyAsync",
    "cudaMemset",
    "cudaMemcpy2D",
    "cudaMemcpy2DAsync",
    "cudaMemcpyToSymbol",
    "cudaMemcpyFromSymbol",
    "cudaMemsetAsync",
    "cudaLaunchKernel",
    "cudaLaunchCooperativeKernel",
    // Copies its arguments into the launch (forwarding references, never
    // written through).
    "cudaLaunchKernelEx",
    "memset",
    "memcpy",
    "if",
    "while",
];

impl Scopes {
    fn new(
        unit: &Unit,
        decls: HashMap<String, Vec<Decl>>,
        in_device: &dyn Fn(usize) -> bool,
    ) -> Scopes {
        let n = unit.toks.len();
        let mut enclosing = vec![None; n];
        let mut closing = HashMap::default();
        let mut stack: Vec<usize> = Vec::new();
        for (i, slot) in enclosing.iter_mut().enumerate() {
            match unit.text(i) {
                "(" | "[" | "{" => {
                    *slot = stack.last().copied();
                    stack.push(i);
                }
                ")" | "]" | "}" => {
                    if let Some(open) = stack.pop() {
                        closing.insert(open, i);
                    }
                    *slot = stack.last().copied();
                }
                _ => *slot = stack.last().copied(),
            }
        }
        let mut scopes = Scopes {
            enclosing,
            closing,
            kinds: HashMap::default(),
            decls,
            writes: HashMap::default(),
            escapes: HashMap::default(),
            gotos: Vec::new(),
            braces: (0..n).map(|i| unit.text(i) == "{").collect(),
        };
        let opens: Vec<usize> = (0..n).filter(|&i| unit.text(i) == "{").collect();
        for o in opens {
            let kind = scopes.classify(unit, o);
            scopes.kinds.insert(o, kind);
        }
        for i in 0..n {
            crate::base::interrupt::stop_if_polled();
            if in_device(i) {
                continue;
            }
            if unit.text(i) == "goto" {
                scopes.gotos.push(i);
            }
            if !unit.is_ident(i) || !scopes.decls.contains_key(unit.text(i)) {
                continue;
            }
            let name = unit.text(i).to_string();
            if scopes.decls[&name].iter().any(|d| d.at == i) {
                continue;
            }
            if scopes.may_write(unit, i) {
                scopes.writes.entry(name.clone()).or_default().push(i);
            }
            // `&t`, or `T &r = t;`: later writes may go through the alias.
            let prev = if i > 0 { unit.text(i - 1) } else { "" };
            let reference_bound = matches!(prev, "=" | "{" | "(")
                && i >= 3
                && matches!(unit.text(i - 3), "&" | "&&")
                && unit.is_ident(i - 2);
            if prev == "&" || reference_bound {
                scopes.escapes.entry(name).or_default().push(i);
            }
        }
        scopes
    }

    /// Whether the mention of a name at `i` may write it, in any way a
    /// token scanner can see: assigned (also through parentheses or a
    /// member), incremented, read into (`>>`), its address taken, passed
    /// whole to a call that may take it by reference, or mentioned in a
    /// lambda body (which may run at any later call). Over-approximate: when
    /// in doubt, a write.
    fn may_write(&self, unit: &Unit, i: usize) -> bool {
        let prev = if i > 0 { unit.text(i - 1) } else { "" };
        let next = unit.text(i + 1);
        let member_write = next == "." && is_write_op(unit.text(i + 3));
        // `(t) = 4`, `((t))++`.
        let mut j = i + 1;
        while unit.text(j) == ")" {
            j += 1;
        }
        let parenthesized = j > i + 1 && (is_write_op(unit.text(j)) || unit.text(j) == ".");
        let by_reference = matches!(prev, "(" | ",")
            && matches!(next, ")" | ",")
            && self.may_write_argument(unit, i);
        // A lambda declared after the variable (so not the body that
        // declares it) may run at any later call.
        let in_lambda = match self.visible(unit, unit.text(i), i) {
            Some((d, _)) => self.in_lambda_after(i, d.at),
            None => self.in_lambda(i),
        };
        is_write_op(next)
            || matches!(prev, "++" | "--" | "&" | ">>")
            || member_write
            || parenthesized
            || by_reference
            || in_lambda
    }

    /// Whether token `at` is in the body of a function defined with a
    /// qualified name (`void X::f() { .. }`: a member function).
    fn in_qualified_function(&self, unit: &Unit, at: usize) -> bool {
        let mut b = self.block_of(at);
        while let Some(o) = b {
            if self.kinds.get(&o) == Some(&BlockKind::Function) {
                let mut k = o.saturating_sub(1);
                let mut steps = 0;
                while k > 0 && unit.text(k) != ")" && steps < 8 {
                    k -= 1;
                    steps += 1;
                }
                let open = (0..k)
                    .rev()
                    .take(4096)
                    .find(|&p| self.closing.get(&p) == Some(&k));
                if open.is_some_and(|p| p >= 2 && unit.text(p - 2) == "::") {
                    return true;
                }
            }
            b = self.block_of(o);
        }
        false
    }

    /// Whether token `i` is in a member function: one defined with a
    /// qualified name, or in a block the scan does not classify (a class
    /// body).
    fn in_member_body(&self, unit: &Unit, i: usize) -> bool {
        if self.in_qualified_function(unit, i) {
            return true;
        }
        let mut b = self.block_of(i);
        while let Some(o) = b {
            if self.kinds.get(&o) == Some(&BlockKind::Opaque) {
                return true;
            }
            b = self.block_of(o);
        }
        false
    }

    /// Whether token `i` is in a lambda body.
    fn in_lambda(&self, i: usize) -> bool {
        let mut b = self.block_of(i);
        while let Some(o) = b {
            if self.kinds.get(&o) == Some(&BlockKind::Lambda) {
                return true;
            }
            b = self.block_of(o);
        }
        false
    }

    /// Whether token `i` is in a lambda body that does not contain the
    /// declaration at `decl_at`: for a variable declared in a lambda's own
    /// body (a local of its call operator), the mentions in that body are
    /// ordinary ones of one function, run in order on each call.
    fn in_lambda_after(&self, i: usize, decl_at: usize) -> bool {
        let mut b = self.block_of(i);
        while let Some(o) = b {
            if self.kinds.get(&o) == Some(&BlockKind::Lambda) && o > decl_at {
                return true;
            }
            b = self.block_of(o);
        }
        false
    }

    /// Whether the name at `i`, a whole argument of the call around it, may
    /// be written by that call (a reference parameter).
    fn may_write_argument(&self, unit: &Unit, i: usize) -> bool {
        let Some(open) = self.enclosing[i] else {
            return false;
        };
        if unit.text(open) != "(" || open == 0 {
            return false;
        }
        let mut callee_at = open - 1;
        // A kernel launch's arguments are copied to the device.
        if unit.text(callee_at) == ">" && open >= 2 && unit.text(open - 2) == ">>" {
            return false;
        }
        // `f<T1, T2>(n)`: a call of a specialization of the function
        // template `f`, whose parameters are those of its declarations
        // (as `mentions::call_by_value` reads them).
        if unit.text(callee_at) == ">" {
            if let Some(lt) = unit.template_open(callee_at, 0, 64, &[";", "{", "}", "(", ")"]) {
                if lt > 0 && unit.is_ident(lt - 1) {
                    callee_at = lt - 1;
                }
            }
        }
        let callee = unit.text(callee_at);
        if !unit.is_ident(callee_at) {
            // A template call `f<T>(n)`, `f((n))`, `(*fp)(n)`, `a[i](n)`:
            // maybe a call; `(n)` in arithmetic is not.
            return matches!(callee, ">" | "(" | "," | ")" | "]");
        }
        // `dim3 b(t)`, `int n(t)`: a declaration initialized by value.
        let by_value_init = callee_at == open - 1
            && open >= 2
            && (unit.text(open - 2) == "dim3" || is_scalar_type(unit.text(open - 2)));
        // A function declared in view whose parameter there is a scalar
        // taken by value gets a copy.
        let close = self.closing.get(&open).copied().unwrap_or(open);
        !by_value_init
            && !non_writing_call(callee)
            // In a member function an unqualified call may mean a member
            // of a class not in view (review finding on fe5c07b).
            && (self.in_member_body(unit, i)
                || !(mentions::call_by_value(unit, &self.closing, open, close, i)
                    || forwarded_by_value(unit, callee_at, open, close, i)))
            && !matches!(callee, "for" | "switch" | "return" | "sizeof")
            && !is_scalar_type(callee)
    }

    fn classify(&self, unit: &Unit, open: usize) -> BlockKind {
        if open == 0 {
            return BlockKind::Statement;
        }
        // Inside an initializer or an unknown construct: opaque too.
        if let Some(outer) = self.block_of(open) {
            if self.kinds.get(&outer) == Some(&BlockKind::Opaque) {
                return BlockKind::Opaque;
            }
        }
        if matches!(self.enclosing[open].map(|o| unit.text(o)), Some("(" | "[")) {
            // A lambda body inside a call's arguments, or a braced initializer.
            return if unit.text(open - 1) == ")" || unit.text(open - 1) == "]" {
                BlockKind::Lambda
            } else {
                BlockKind::Opaque
            };
        }
        let prev = unit.text(open - 1);
        if aggregate_initializer(unit, open) {
            // Its elements are expressions read where they are written, in
            // the scope around (see `aggregates`).
            return BlockKind::Statement;
        }
        match prev {
            ";" | "{" | "}" | ":" | "else" | "try" => return BlockKind::Statement,
            "do" => return BlockKind::Loop,
            "]" => return BlockKind::Lambda,
            _ => {}
        }
        // `) {`, `) const {`, `) noexcept {`, `) -> T {`.
        let mut k = open - 1;
        let mut steps = 0;
        while k > 0 && unit.text(k) != ")" && steps < 8 {
            let t = unit.text(k);
            let qualifier = unit.is_ident(k) || matches!(t, "::" | "->" | "*" | "&" | "<" | ">");
            if !qualifier || matches!(t, "struct" | "class" | "union" | "enum" | "namespace") {
                break;
            }
            k -= 1;
            steps += 1;
        }
        if unit.text(k) == ")" {
            let Some(paren) = (0..k).rev().find(|&p| self.closing.get(&p) == Some(&k)) else {
                return BlockKind::Opaque;
            };
            if paren == 0 {
                return BlockKind::Function;
            }
            return match unit.text(paren - 1) {
                "for" | "while" => BlockKind::Loop,
                "switch" => BlockKind::Switch,
                "if" | "catch" => BlockKind::Statement,
                "]" => BlockKind::Lambda,
                _ => BlockKind::Function,
            };
        }
        // `namespace x {`, `extern "C" {`.
        let mut k = open - 1;
        for _ in 0..4 {
            match unit.text(k) {
                "namespace" => return BlockKind::Namespace,
                "extern" => return BlockKind::Namespace,
                ";" | "{" | "}" => break,
                _ => {}
            }
            if k == 0 {
                break;
            }
            k -= 1;
        }
        BlockKind::Opaque
    }

    /// The innermost `{` around token `i`.
    fn block_of(&self, i: usize) -> Option<usize> {
        let mut at = self.enclosing.get(i).copied().flatten();
        while let Some(o) = at {
            if self.braces.get(o).copied().unwrap_or(false) {
                return Some(o);
            }
            at = self.enclosing[o];
        }
        None
    }

    /// Whether token `i` lies in the block opened at `open`.
    fn inside(&self, open: usize, i: usize) -> bool {
        open < i && self.closing.get(&open).is_some_and(|&c| i < c)
    }

    /// The scope of the declaration of the name at token `at`.
    fn decl_scope(&self, unit: &Unit, at: usize) -> DeclScope {
        let Some(inner) = self.enclosing[at] else {
            return DeclScope::Block(None);
        };
        match unit.text(inner) {
            "{" => DeclScope::Block(Some(inner)),
            "(" => {
                let close = self.closing.get(&inner).copied().unwrap_or(inner);
                if inner > 0 && unit.text(inner - 1) == "for" {
                    // The loop variable: in the header and the body.
                    return DeclScope::Unknown(inner, self.statement_end(unit, close + 1));
                }
                // A parameter or a condition variable: in the body that follows.
                let mut k = close + 1;
                while k < unit.toks.len()
                    && k < close + 10
                    && !matches!(unit.text(k), "{" | ";" | "(" | ")" | "=" | ":")
                {
                    k += 1;
                }
                // A constructor's parameter: also in its mem-initializers
                // `C(float *a) : m(a) {` (before session 58 it was in scope
                // nowhere, so `m` held an unresolved `a` apart from all).
                if unit.text(k) == ":" {
                    k = unit.mem_initializers_body(k).unwrap_or(k);
                }
                if unit.text(k) == "{" {
                    DeclScope::Unknown(inner, self.closing.get(&k).copied().unwrap_or(k))
                } else if matches!(unit.text(inner.wrapping_sub(1)), "if" | "while" | "switch") {
                    DeclScope::Unknown(inner, self.statement_end(unit, close + 1))
                } else {
                    DeclScope::Nowhere
                }
            }
            _ => {
                // `[n = 5]`: a lambda's init-capture, in its body.
                let close = self.closing.get(&inner).copied().unwrap_or(inner);
                DeclScope::Unknown(inner, self.statement_end(unit, close + 1))
            }
        }
    }

    /// The last token of the statement starting at `start` (a block's `}`,
    /// the `;` of a simple statement, through the nested statements of
    /// `for`, `while`, `if`/`else`, `do`); when not understood, the end of
    /// the enclosing block (which contains it: conservative for callers that
    /// ask whether a write lies in the statement).
    fn statement_end(&self, unit: &Unit, start: usize) -> usize {
        self.statement_end_within(unit, start, 0)
            .unwrap_or_else(|| self.enclosing_block_end(unit, start))
    }

    fn enclosing_block_end(&self, unit: &Unit, at: usize) -> usize {
        match self.block_of(at) {
            Some(o) => self.closing.get(&o).copied().unwrap_or(unit.toks.len()),
            None => unit.toks.len(),
        }
    }

    fn statement_end_within(&self, unit: &Unit, start: usize, depth: usize) -> Option<usize> {
        if depth > 32 || start >= unit.toks.len() {
            return None;
        }
        let after_header = |k: usize| -> Option<usize> {
            if unit.text(k + 1) != "(" {
                return None;
            }
            self.closing.get(&(k + 1)).map(|c| c + 1)
        };
        match unit.text(start) {
            "{" => self.closing.get(&start).copied(),
            "for" | "while" | "switch" => {
                self.statement_end_within(unit, after_header(start)?, depth + 1)
            }
            "if" => {
                let then_end = self.statement_end_within(unit, after_header(start)?, depth + 1)?;
                if unit.text(then_end + 1) == "else" {
                    self.statement_end_within(unit, then_end + 2, depth + 1)
                } else {
                    Some(then_end)
                }
            }
            "do" => {
                let body_end = self.statement_end_within(unit, start + 1, depth + 1)?;
                if unit.text(body_end + 1) != "while" {
                    return None;
                }
                let close = self.closing.get(&(body_end + 2))?;
                (unit.text(close + 1) == ";").then_some(close + 1)
            }
            "else" | "case" | "default" | "goto" | "try" => None,
            _ => {
                let level = self.enclosing.get(start).copied().flatten();
                (start..unit.toks.len())
                    .find(|&k| self.enclosing[k] == level && matches!(unit.text(k), ";" | "}"))
                    .filter(|&k| unit.text(k) == ";")
            }
        }
    }

    /// The declaration the name `name` at token `at` refers to: the visible
    /// one in the innermost scope.
    fn visible(&self, unit: &Unit, name: &str, at: usize) -> Option<(&Decl, DeclScope)> {
        let mut best: Option<(&Decl, DeclScope, i64)> = None;
        for d in self.decls.get(name)? {
            let scope = self.decl_scope(unit, d.at);
            let depth = match scope {
                // A file-scope declaration of another text of the unit (an
                // included header) is in scope after the `#include`.
                DeclScope::Block(None) if d.at < at || unit.toks[d.at].0 != unit.toks[at].0 => -1,
                DeclScope::Block(Some(o)) if d.at < at && self.inside(o, at) => o as i64,
                DeclScope::Unknown(s, e) if s < at && at <= e => s as i64,
                _ => continue,
            };
            if best
                .as_ref()
                .is_none_or(|(b, _, bd)| depth > *bd || depth == *bd && d.at > b.at)
            {
                best = Some((d, scope, depth));
            }
        }
        best.map(|(d, s, _)| (d, s))
    }

    /// The value of `name` at token `at` when the scopes decide it: None when
    /// no declaration is visible (the caller keeps its whole-program
    /// binding), else the binding of the one assignment that reaches `at`
    /// (`Unknown` when that is not one known assignment).
    ///
    /// A file-scope variable has its initializer's value when no write of it
    /// is found anywhere. A function's local has the value of the last
    /// definition before `at` in a block around `at` (its declaration or a
    /// plain assignment statement `t = e;`), when no other write of it lies
    /// between that definition and `at`, no loop around `at` that starts
    /// after the definition writes it, its address is never taken, and no
    /// `goto`, `switch` label or lambda body can skip the definition or run
    /// `at` later. Every path to `at` then runs that definition last.
    fn resolve(&self, unit: &Unit, name: &str, at: usize) -> Option<(Binding, ValueTy)> {
        let (decl, scope) = self.visible(unit, name, at)?;
        let unknown = Some((
            if matches!(decl.binding, Binding::Scalar(..) | Binding::UnknownScalar) {
                Binding::UnknownScalar
            } else {
                Binding::Unknown
            },
            decl.ty,
        ));
        let block = match scope {
            DeclScope::Block(b) => b,
            _ => return unknown,
        };
        // In a member function (in a class body, or defined as `X::f`), a
        // class member of this spelling may be the name meant (members are
        // visible in the whole class, and set by constructors): unknown.
        let qualified_function = self.in_qualified_function(unit, at);
        let member = self.decls.get(name).is_some_and(|all| {
            // A `static const` member is a constant (no constructor sets it).
            all.iter()
                .filter(|d| !(d.is_static && d.is_const))
                .any(|d| {
                    self.block_of(d.at).is_some_and(|o| {
                        self.kinds.get(&o) == Some(&BlockKind::Opaque)
                            && (qualified_function || self.inside(o, at))
                    })
                })
        });
        if member {
            return unknown;
        }
        if decl.is_const {
            // Its initializer's value wherever it is visible.
            return Some((decl.binding.clone(), decl.ty));
        }
        let own = |w: &usize| {
            self.visible(unit, name, *w)
                .is_some_and(|(d, _)| d.at == decl.at)
        };
        let escapes = self.escapes.get(name).is_some_and(|e| e.iter().any(own));
        if escapes {
            return unknown;
        }
        let writes: Vec<usize> = self
            .writes
            .get(name)
            .map(|w| w.iter().copied().filter(own).collect())
            .unwrap_or_default();
        let kinds_around: Vec<(usize, BlockKind)> = {
            let mut out = Vec::new();
            let mut b = self.block_of(at);
            while let Some(o) = b {
                out.push((o, self.kinds.get(&o).copied().unwrap_or(BlockKind::Opaque)));
                b = self.block_of(o);
            }
            out
        };
        let local = kinds_around.iter().any(|&(o, k)| {
            matches!(k, BlockKind::Function | BlockKind::Lambda) && block.is_none_or(|b| o >= b)
        });
        let block_kind = block.map(|b| self.kinds.get(&b).copied().unwrap_or(BlockKind::Opaque));
        if matches!(block_kind, Some(BlockKind::Opaque)) && !(decl.is_static && decl.is_const) {
            return unknown;
        }
        let file_scope = block.is_none() || block_kind == Some(BlockKind::Namespace);
        if file_scope && !decl.is_static {
            // Another translation unit may write it (`extern int n;`).
            return unknown;
        }
        if file_scope || decl.is_static || !local {
            // Lives across calls: known only if never written.
            return if writes.is_empty() {
                Some((decl.binding.clone(), decl.ty))
            } else {
                unknown
            };
        }
        // A local: the last definition in a block around `at`.
        let around = |w: usize| {
            self.block_of(w)
                .is_some_and(|o| kinds_around.iter().any(|&(a, _)| a == o))
        };
        let statement_start = |w: usize| w > 0 && matches!(unit.text(w - 1), ";" | "{" | "}");
        let last_def = writes
            .iter()
            .copied()
            .filter(|&w| w < at && unit.text(w + 1) == "=" && statement_start(w) && around(w))
            .max();
        let (def_at, binding) = match last_def {
            Some(w) => {
                let mut end = w + 2;
                while end < unit.toks.len()
                    && !(unit.text(end) == ";" && self.enclosing[end] == self.enclosing[w])
                {
                    end += 1;
                }
                let b = if decl.dim3 {
                    Binding::Dim3(dim3_parts(unit, w + 2, end))
                } else {
                    Binding::Scalar(w + 2, end)
                };
                (w, b)
            }
            None => (decl.at, decl.binding.clone()),
        };
        if !self.definition_reaches(unit, decl.at, def_at, at, &writes) {
            return unknown;
        }
        Some((binding, decl.ty))
    }

    /// Whether the definition at `def_at` of the local declared at
    /// `decl_at` (its declaration or an assignment statement, in a block
    /// around `at`) is the last write of it on every path to `at`, given
    /// every token that may write it (`writes`): nothing may skip the
    /// definition (a `goto`, a `case` label of a switch around it), write
    /// over it (a write between the two, in a loop that starts after the
    /// definition and contains `at`, or in a lambda, which may be called
    /// anywhere after it is made), or run `at` later (a lambda around `at`
    /// made after the definition).
    fn definition_reaches(
        &self,
        unit: &Unit,
        decl_at: usize,
        def_at: usize,
        at: usize,
        writes: &[usize],
    ) -> bool {
        let kinds_around: Vec<(usize, BlockKind)> = {
            let mut out = Vec::new();
            let mut b = self.block_of(at);
            while let Some(o) = b {
                out.push((o, self.kinds.get(&o).copied().unwrap_or(BlockKind::Opaque)));
                b = self.block_of(o);
            }
            out
        };
        let gotos = self
            .gotos
            .iter()
            .any(|&g| kinds_around.iter().any(|&(o, _)| self.inside(o, g)));
        // A `case` label anywhere in a switch around both may jump past the
        // definition (also from a nested block).
        let in_switch = kinds_around
            .iter()
            .any(|&(o, k)| k == BlockKind::Switch && self.inside(o, def_at));
        let overwritten = writes
            .iter()
            .any(|&w| def_at < w && w < at || self.in_lambda_after(w, decl_at));
        let later_lambda = kinds_around
            .iter()
            .any(|&(o, k)| o > def_at && k == BlockKind::Lambda);
        let looped = self
            .loops_between(unit, def_at, at)
            .into_iter()
            .any(|(s, e)| writes.iter().any(|&w| s <= w && w <= e));
        !(gotos || in_switch || overwritten || later_lambda || looped)
    }

    /// Token ranges of the loops that start after `from` and contain `at`.
    fn loops_between(&self, unit: &Unit, from: usize, at: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for l in from + 1..at {
            let range = match unit.text(l) {
                "for" | "while" if unit.text(l + 1) == "(" => {
                    let close = self.closing.get(&(l + 1)).copied().unwrap_or(l + 1);
                    if unit.text(close + 1) == ";" {
                        // `} while (c);` ends a do-loop; `while (c);` loops on nothing.
                        continue;
                    }
                    (l, self.statement_end(unit, close + 1))
                }
                "do" => {
                    let body_end = self.statement_end(unit, l + 1);
                    // Up to the end of the `while (c)` condition after the body.
                    let cond_end = if unit.text(body_end + 1) == "while" {
                        self.closing
                            .get(&(body_end + 2))
                            .copied()
                            .unwrap_or(body_end)
                    } else {
                        body_end
                    };
                    (l, cond_end)
                }
                _ => continue,
            };
            if range.0 < at && at <= range.1 {
                out.push(range);
            }
        }
        out
    }
}

/// Constant evaluation of token ranges against the declarations in scope.
struct Eval<'u, 'a> {
    unit: &'u Unit<'a>,
    scopes: &'u Scopes,
    /// [`Eval::unaliased`] by (declaration, use) token.
    unaliased_memo: RefCell<HashMap<(usize, usize), bool>>,
    /// Names of the host functions [`Eval::caller_constant`] relied on since
    /// the last launch was finished.
    callers: RefCell<Vec<String>>,
    /// Names of the host functions [`Eval::caller_constant`] found no call
    /// of in the unit since the last launch was finished.
    wanted: RefCell<Vec<String>>,
    /// Names of the host functions whose pointer parameters `provenance`
    /// followed into the unit's calls since the last launch was finished.
    pointer_callers: RefCell<Vec<String>>,
    /// Functions (their name tokens) whose calls are being evaluated: a
    /// recursive wrapper gives no value.
    callers_in_progress: RefCell<Vec<usize>>,
    /// Host names holding an allocation's start (see [`allocated_names`]).
    allocated: crate::base::HashSet<String>,
    /// Host functions whose parameters get no value from their calls here
    /// (another unit may call them with other values: see
    /// [`scan_translation_excluding`]).
    excluded_callers: Vec<String>,
    /// What the other units' calls of excluded functions pass (see
    /// [`scan_translation_with`]).
    other_calls: OtherCalls,
    /// Values of the integer template parameters of the host function
    /// template being evaluated, for one of its instantiations (see
    /// [`Eval::template_instantiations`]).
    template_env: RefCell<Vec<TemplateBinding>>,
    /// Tokens of each identifier, built on first use (see `provenance`).
    mention_index: RefCell<Option<HashMap<String, Vec<usize>>>>,
    /// Pointer variables the unit permutes, built on first use (see
    /// `provenance`).
    swap_groups: RefCell<Option<provenance::SwapGroups>>,
    /// Set when following a pointer's definitions met a name whose
    /// declaration is not seen (see `provenance`).
    unresolved: std::cell::Cell<bool>,
    /// What each pointer table (by declaration token) is, found on first
    /// use; None while being found (see `provenance`).
    table_shapes: RefCell<HashMap<usize, Option<provenance::TableShape>>>,
    /// The roots of the table named by each store target `X[..] = v` (by
    /// the target's variable key, or its token when unresolved; see
    /// `provenance`).
    store_roots: RefCell<HashMap<usize, Vec<String>>>,
}

/// The value of one integer template parameter of a host function template
/// in one of its instantiations.
#[derive(Clone, Debug)]
struct TemplateBinding {
    /// Token of the parameter's name in the `template <...>` header.
    decl_at: usize,
    /// Its declared type.
    ty: ValueTy,
    /// Tokens where the parameter is in scope: from `template` to the end
    /// of the function's body.
    scope: (usize, usize),
    value: i128,
}

/// A host function template around a launch: its name token, the tokens
/// from its `template` keyword to the end of its body, and for each
/// template parameter the token of its name and its type when it is an
/// integer parameter (see [`Eval::enclosing_template`]).
type EnclosingTemplate = (usize, (usize, usize), Vec<Option<(usize, ValueTy)>>);

/// Most instantiations of a launching host function template whose
/// template parameters are followed (one launch each); beyond, they stay
/// unknown.
const MAX_TEMPLATE_INSTANTIATIONS: usize = 8;

impl<'u, 'a> Eval<'u, 'a> {
    /// Whether the object declared at `at` keeps the value its declaration
    /// gives its members: its address is never taken (no storage reuse or
    /// byte copy into it) and it is a local or file-scope object (a member
    /// object of another class may be initialized by that class's
    /// constructor, `p{1, 2}`).
    fn is_plain_host_object(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let own = |w: &usize| {
            scopes
                .visible(u, u.text(at), *w)
                .is_some_and(|(d, _)| d.at == at)
        };
        if scopes
            .escapes
            .get(u.text(at))
            .is_some_and(|e| e.iter().any(own))
        {
            return false;
        }
        !scopes
            .block_of(at)
            .is_some_and(|b| matches!(scopes.kinds.get(&b), None | Some(BlockKind::Opaque)))
    }

    /// The initializer (token range) and type of member `member_at` of the
    /// object named at `object_at`, when C++ fixes its value there: the
    /// object is declared as `Class p;` (default-initialized, no initializer
    /// that could set members), the class is defined once in the unit (not a
    /// template) and the member is declared directly in its body as a
    /// `const` (or `constexpr`) integer with an initializer. A `static`
    /// const member is that constant. A non-static one gets its default
    /// member initializer from the implicit default constructor, so the
    /// class must declare no constructor (one could initialize the member
    /// otherwise); being `const`, it is never written afterwards (writing a
    /// const object is undefined behaviour, and its class has no copy
    /// assignment).
    fn default_member(
        &self,
        object_at: usize,
        member_at: usize,
    ) -> Option<(usize, usize, ValueTy)> {
        let (u, scopes) = (self.unit, self.scopes);
        let (object, _) = scopes.visible(u, u.text(object_at), object_at)?;
        let at = object.at;
        // `Class p;` as a whole declaration (also `const Class p;`).
        if at < 2 || !u.is_ident(at - 1) || u.text(at + 1) != ";" {
            return None;
        }
        let class = u.text(at - 1);
        if !matches!(u.text(at - 2), ";" | "{" | "}" | "const") {
            return None;
        }
        if !self.is_plain_host_object(at) {
            return None;
        }
        // The one definition of the class: `class|struct Class [: bases] {`
        // (a forward declaration `struct Class;` is skipped; a class
        // template, `template <...> struct Class`, is not followed).
        let definitions: Vec<Option<usize>> = (1..u.toks.len())
            .filter_map(|i| {
                if u.text(i) != class || !matches!(u.text(i - 1), "class" | "struct") {
                    return None;
                }
                let mut k = i + 1;
                while k < u.toks.len()
                    && !matches!(u.text(k), "{" | ";" | "(" | ")" | "*" | "&" | "=")
                {
                    k += 1;
                }
                if u.text(k) != "{" {
                    return None;
                }
                Some((i < 2 || u.text(i - 2) != ">").then_some(k))
            })
            .collect();
        let [Some(body)] = definitions.as_slice() else {
            return None;
        };
        let body = *body;
        let close = *scopes.closing.get(&body)?;
        let member = u.text(member_at);
        let mut found = scopes
            .decls
            .get(member)?
            .iter()
            .filter(|d| scopes.block_of(d.at) == Some(body) && body < d.at && d.at < close);
        let decl = found.next()?;
        if found.next().is_some() || !decl.is_const {
            return None;
        }
        let Binding::Scalar(s, e) = decl.binding else {
            return None;
        };
        let ValueTy::Int { .. } = decl.ty else {
            return None;
        };
        // A default member initializer sees every member of the class, also
        // one declared after it, which the scanner's scopes (by position)
        // would miss: a name declared later in the body gives no value.
        let later_member = (s..e).any(|k| {
            u.is_ident(k)
                && scopes.decls.get(u.text(k)).is_some_and(|all| {
                    all.iter()
                        .any(|d| d.at > k && scopes.block_of(d.at) == Some(body))
                })
        });
        if later_member {
            return None;
        }
        if !decl.is_static && !self.default_constructor_keeps(class, body, close, member) {
            return None;
        }
        Some((s, e, decl.ty))
    }

    /// Whether default-initializing an object of the class whose body is
    /// `body..close` leaves `member` with its default member initializer:
    /// every constructor that may be the default one (no parameters, or
    /// parameters with default arguments) is defined in the body, without
    /// `member` or a delegation in its mem-initializer list (a const member
    /// cannot be assigned in the constructor's body). Other constructors are
    /// not called by `Class p;`; with none declared, the implicit default
    /// constructor uses the initializer.
    fn default_constructor_keeps(
        &self,
        class: &str,
        body: usize,
        close: usize,
        member: &str,
    ) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        for k in body + 1..close {
            if u.text(k) != class || u.text(k + 1) != "(" || u.text(k - 1) == "~" {
                continue;
            }
            let Some(&params_close) = scopes.closing.get(&(k + 1)) else {
                return false;
            };
            if params_close > k + 2 {
                // Parameters: a default constructor only with default
                // arguments for all of them (`Class(int v = 9)`).
                if (k + 2..params_close).any(|t| u.text(t) == "=") {
                    return false;
                }
                continue;
            }
            // `Class()`: its mem-initializers, up to the body, `= default;`
            // or (a declaration defined elsewhere, not followed) `;`.
            let mut t = params_close + 1;
            while t < close && !matches!(u.text(t), "{" | ";" | "=") {
                if u.text(t) == member || u.text(t) == class {
                    return false;
                }
                t += 1;
            }
            let defaulted = u.text(t) == "=" && u.text(t + 1) == "default";
            if !(u.text(t) == "{" || defaulted) {
                return false;
            }
        }
        true
    }

    fn new(unit: &'u Unit<'a>, scopes: &'u Scopes) -> Eval<'u, 'a> {
        Eval {
            unit,
            scopes,
            unaliased_memo: RefCell::new(HashMap::default()),
            callers: RefCell::new(Vec::new()),
            wanted: RefCell::new(Vec::new()),
            pointer_callers: RefCell::new(Vec::new()),
            callers_in_progress: RefCell::new(Vec::new()),
            allocated: crate::base::HashSet::default(),
            excluded_callers: Vec::new(),
            other_calls: OtherCalls::default(),
            template_env: RefCell::new(Vec::new()),
            mention_index: RefCell::new(None),
            swap_groups: RefCell::new(None),
            unresolved: std::cell::Cell::new(false),
            table_shapes: RefCell::new(HashMap::default()),
            store_roots: RefCell::new(HashMap::default()),
        }
    }

    /// The value of the parameter named at `at` of the host function whose
    /// body `at` is in, when every call of that function in the unit passes
    /// the same integer constant for it (`add_test(.., NUM_ELEMENTS)` calling
    /// `void add_test(.., const unsigned n) { k<<<(n + 255) / 256, 256>>>(..,
    /// n); }`). Then that is its value on every execution of the function
    /// from this unit: the function is defined at namespace scope (not a
    /// member, whose calls through objects or `this` the scanner does not
    /// follow), the parameter is a plain integer taken by value with no
    /// default argument and not written before the read (see
    /// [`Eval::entry_value_reaches`]), its address never taken, and
    /// every other mention of the function's name is a call with as many
    /// arguments as it has parameters, whose argument there evaluates to
    /// the constant (a mention that is not such a call, a function pointer,
    /// an overload's call or another definition, gives none), or a
    /// prototype `void f(..);`. A call from another unit is not seen here:
    /// the function's name is recorded in [`Eval::callers`], and the
    /// launch's values are dropped when another host file of the folder
    /// mentions it (see `ide::file::host_scan`).
    fn caller_constant(&self, at: usize, depth: usize) -> Option<i128> {
        let (function_at, k, params) = self.wrapper_parameter(at, depth)?;
        let u = self.unit;
        // An excluded function (called in other units too) has a value only
        // when every call there passes the same constant, as many arguments
        // as it has parameters: it is where the calls here start from.
        let from_others = if self
            .excluded_callers
            .iter()
            .any(|f| f == u.text(function_at))
        {
            let others = &self.other_calls.get(u.text(function_at))?.values;
            if others.is_empty() {
                None
            } else if others.len() == params {
                Some(others[k]?)
            } else {
                return None;
            }
        } else {
            None
        };
        let function = u.text(function_at);
        let excluded = self.excluded_callers.iter().any(|f| f == function);
        let calls = self.wrapper_call_arguments(function_at, k, params);
        self.callers_in_progress.borrow_mut().push(function_at);
        let value = calls.as_ref().ok().and_then(|calls| {
            let mut value = from_others;
            for &(s, e) in calls {
                crate::base::interrupt::stop_if_polled();
                let v = self.expr(s, e, depth + 1)?;
                if value.is_some_and(|w| w != v) {
                    return None;
                }
                value = Some(v);
            }
            value
        });
        self.callers_in_progress.borrow_mut().pop();
        if value.is_some() {
            self.callers.borrow_mut().push(function.to_string());
        } else if calls.map_or_else(|n| n, |c| c.len()) == 0 && !excluded {
            self.wanted.borrow_mut().push(function.to_string());
        }
        value
    }

    /// For the parameter named at `at` of the host function whose body `at`
    /// is in, a power of two every call of that function in the unit passes
    /// a multiple of (`run(.., j)` in `for (int j = 32; j <= 1024; j *= 2)`),
    /// as an exponent: the minimum over the calls' arguments (see
    /// [`Eval::pow2_of_integer`]). The same conditions as for
    /// [`Eval::caller_constant`] (every mention of the function a call with
    /// one argument per parameter, the parameter an integer taken by value
    /// and not written before the read), and the function is called in no other unit
    /// (none is followed here); the function is recorded in
    /// [`Eval::callers`], so that the value is dropped when another host
    /// file of the folder mentions it. The conversion to the parameter's
    /// type reduces modulo 2^w, which keeps a multiple of 2^k one of
    /// 2^min(k, w).
    fn caller_pow2(&self, at: usize, depth: usize) -> Option<u32> {
        let (function_at, k, params) = self.wrapper_parameter(at, depth)?;
        let function = self.unit.text(function_at);
        if self.excluded_callers.iter().any(|f| f == function) {
            return None;
        }
        let calls = self.wrapper_call_arguments(function_at, k, params).ok()?;
        if calls.is_empty() {
            return None;
        }
        self.callers_in_progress.borrow_mut().push(function_at);
        let exponent = calls.iter().try_fold(MAX_POW2_EXPONENT, |m, &(s, e)| {
            crate::base::interrupt::stop_if_polled();
            Some(m.min(self.pow2_of_integer(s, e, depth + 1)?))
        });
        self.callers_in_progress.borrow_mut().pop();
        let exponent = exponent.filter(|&k| k > 0)?;
        self.callers.borrow_mut().push(function.to_string());
        Some(exponent)
    }

    /// The function and position of the parameter named at `at` when calls
    /// may give it a value (see [`Eval::caller_constant`]): `(token of the
    /// function's name, index of the parameter, number of parameters)`.
    fn wrapper_parameter(&self, at: usize, depth: usize) -> Option<(usize, usize, usize)> {
        let (u, scopes) = (self.unit, self.scopes);
        if depth > MAX_EVAL_DEPTH {
            return None;
        }
        let name = u.text(at);
        let (decl, scope) = scopes.visible(u, name, at)?;
        let DeclScope::Unknown(open, end) = scope else {
            return None;
        };
        let body = self.function_of(at)?;
        if u.text(open) != "(" || open >= body || scopes.closing.get(&body) != Some(&end) {
            return None;
        }
        let close = *scopes.closing.get(&open)?;
        // `f(..) {`: no qualifier, trailing return type or initializer list.
        let function_at = open.checked_sub(1)?;
        if close + 1 != body
            || !u.is_ident(function_at)
            || (function_at > 0 && matches!(u.text(function_at - 1), "::" | "." | "->" | "~"))
        {
            return None;
        }
        if let Some(o) = scopes.block_of(function_at) {
            if scopes.kinds.get(&o) != Some(&BlockKind::Namespace) {
                return None;
            }
        }
        if self.callers_in_progress.borrow().contains(&function_at) {
            return None;
        }
        let params = u.split_commas(open + 1, close);
        let k = params
            .iter()
            .position(|&(s, e)| s <= decl.at && decl.at < e)?;
        let (ps, pe) = params[k];
        let by_value = !(ps..pe).any(|i| matches!(u.text(i), "&" | "&&" | "*" | "[" | "="));
        let variadic = (open + 1..close).any(|i| u.text(i) == "...");
        if !by_value || variadic || !matches!(decl.ty, ValueTy::Int { .. }) {
            return None;
        }
        let own = |w: &usize| {
            scopes
                .visible(u, name, *w)
                .is_some_and(|(d, _)| d.at == decl.at)
        };
        let writes: Vec<usize> = scopes
            .writes
            .get(name)
            .map(|w| w.iter().copied().filter(own).collect())
            .unwrap_or_default();
        let escapes = scopes.escapes.get(name).is_some_and(|w| w.iter().any(own));
        if escapes || !self.unaliased(at) || !self.entry_value_reaches(at, body, end, &writes) {
            return None;
        }
        Some((function_at, k, params.len()))
    }

    /// Whether a by-value parameter read at `at` still holds the value the
    /// call passed, given every token that writes it (`writes`) in the
    /// function body `body..end`. Theorem: the parameter holds the argument
    /// at entry, and only a write of its name changes it (its address is
    /// never taken: the caller checks `escapes` and [`Eval::unaliased`]). In
    /// a body without `goto` (no backward jump), control reaches the tokens
    /// of a statement in text order except through a loop's back edge or a
    /// lambda's call; so when every write is after `at`, outside any loop
    /// that contains `at` and outside any lambda, no write runs before the
    /// read (`int n = 1 << log2n; for (; log2n > k; log2n -= 2) ..`: `n`
    /// is the caller's `log2n`, the loop's reads of `log2n` are not).
    fn entry_value_reaches(&self, at: usize, body: usize, end: usize, writes: &[usize]) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        if writes.is_empty() {
            return true;
        }
        if scopes.gotos.iter().any(|&g| body < g && g < end) {
            return false;
        }
        let loops = scopes.loops_between(u, body, at);
        writes.iter().all(|&w| {
            w > at && !scopes.in_lambda(w) && !loops.iter().any(|&(s, e)| s <= w && w <= e)
        })
    }

    /// The argument at `k` of every call in the unit of the function named
    /// at `function_at` (with `params` parameters), prototypes aside; when a
    /// mention of its name is anything else (a function pointer, a member
    /// call, a call with another number of arguments), the number of calls
    /// seen up to it (that one included when it is a call).
    fn wrapper_call_arguments(
        &self,
        function_at: usize,
        k: usize,
        params: usize,
    ) -> Result<Vec<(usize, usize)>, usize> {
        let u = self.unit;
        let function = u.text(function_at);
        // The fewest arguments a call of this function passes: its
        // parameters without a default (None: a list not after the name, or
        // variadic). A call passing fewer calls another function of this
        // name (an overload); one passing more may be a call of this one
        // whose arguments were split at a template's commas: unread.
        let required = (u.text(function_at + 1) == "(").then(|| {
            let close = u.matching(function_at + 1, u.toks.len());
            let list = u.split_arguments(function_at + 2, close);
            let variadic = (function_at + 2..close).any(|t| u.text(t) == "...");
            let plain = list
                .iter()
                .filter(|&&(s, e)| !(s..e).any(|t| u.text(t) == "="));
            (!variadic && list.len() == params).then(|| plain.count())
        });
        let required = required.flatten();
        let mut out = Vec::new();
        for i in 0..u.toks.len() {
            if i == function_at || !u.is_ident(i) || u.text(i) != function {
                continue;
            }
            crate::base::interrupt::stop_if_polled();
            // `f(..)`, or `f<T1, T2>(..)` naming a specialization of a
            // function template: every specialization has the
            // parameter, each call passes its argument to it.
            let call_open = if u.text(i + 1) == "<" {
                u.template_close(i + 1).map_or(i + 1, |c| c + 1)
            } else {
                i + 1
            };
            // `f<<<g, b>>>(..)`: a launch of a kernel of this name (a
            // `__global__` function, never this host function).
            if u.text(call_open) == "<<" && u.text(call_open + 1) == "<" {
                continue;
            }
            let prev = if i > 0 { u.text(i - 1) } else { "" };
            if u.text(call_open) == "(" && matches!(prev, "." | "->" | "::") {
                let call_close = u.matching(call_open, u.toks.len());
                let mut after = call_close + 1;
                while matches!(u.text(after), "const" | "noexcept" | "override" | "final") {
                    after += 1;
                }
                // `x.f(..)`, `p->f(..)` call a member function, never this
                // one (a function at namespace scope or a lambda stored in
                // a variable); `R::f(..) {` defines one.
                if prev != "::" || u.text(after) == "{" {
                    continue;
                }
                // `ns::f(..)`, `::f(..)`: a call of a function of this
                // name, maybe this one (more values, never fewer; before
                // session 56 it made every call of `f` unread).
            } else if u.text(call_open) != "(" || matches!(prev, "." | "->" | "::") {
                // Passed to a forwarding template that calls it with the
                // call's other arguments as they are: a call with those.
                match self.forwarded_arguments(i, function_at) {
                    Some(args) if args.len() == params => {
                        out.push(args[k]);
                        continue;
                    }
                    _ => {}
                }
                // Passed as a function value to a driver that only calls
                // it: the arguments of those calls.
                match self.function_value_calls(i, k, params) {
                    Some(calls) => {
                        out.extend(calls);
                        continue;
                    }
                    None => return Err(out.len()),
                }
            }
            let call_close = u.matching(call_open, u.toks.len());
            let prototype = i > 0
                && PROTOTYPE_RETURN_TYPES.contains(&u.text(i - 1))
                && u.text(call_close + 1) == ";";
            // The head of a definition of another function of this name (an
            // overload, `void f(T *x, int n) { .. }`): no call (a call is
            // never followed by a body).
            let mut after = call_close + 1;
            while matches!(u.text(after), "const" | "noexcept" | "override" | "final") {
                after += 1;
            }
            if prototype || u.text(after) == "{" {
                continue;
            }
            let args = u.split_arguments(call_open + 1, call_close);
            if required.is_some_and(|r| args.len() < r) {
                continue;
            }
            // A call leaving defaulted parameters out passes the first ones.
            let passes = args.len() == params
                || required.is_some_and(|r| args.len() >= r && args.len() < params);
            match args.get(k).filter(|_| passes) {
                Some(&arg) => out.push(arg),
                None => return Err(out.len() + 1),
            }
        }
        Ok(out)
    }

    /// For a mention at `i` of the function defined at `function_at`
    /// passed as an argument of a call `g(.., f, a1, .., an)` where `g` is
    /// a forwarding template (see [`forwards_pack`]): the arguments
    /// `a1, .., an`, which `g` passes to `f` as they are, each time it
    /// calls it (HeCBench's `benchmark_kernel(repeats, softmax_forward,
    /// .., block_size)`). Only for an `f` whose parameters all take their
    /// argument by value (no `&`): `g` binds each argument to a forwarding
    /// reference, so a repeated call sees the caller's object, which `g`
    /// never writes (it mentions the pack in the forwarding calls only)
    /// and `f` cannot write through a reference parameter. `f` passed as
    /// the last argument, `&f`, or a call of a member or qualified `g`
    /// give nothing.
    fn forwarded_arguments(&self, i: usize, function_at: usize) -> Option<Vec<(usize, usize)>> {
        let u = self.unit;
        if u.text(i + 1) != "," || i == 0 || !matches!(u.text(i - 1), "(" | ",") {
            return None;
        }
        // `f`'s own parameters: every one by value.
        let f_open = function_at + 1;
        let f_close = u.matching(f_open, u.toks.len());
        if u.text(f_open) != "(" || (f_open..f_close).any(|t| matches!(u.text(t), "&" | "&&")) {
            return None;
        }
        // The call `g(` around the mention.
        let mut depth = 0usize;
        let mut j = i;
        let open = loop {
            j = j.checked_sub(1)?;
            if i - j > MAX_FORWARD_SCAN {
                return None;
            }
            match u.text(j) {
                ")" | "]" | "}" => depth += 1,
                "(" | "[" | "{" if depth == 0 => break j,
                "(" | "[" | "{" => depth -= 1,
                ";" => return None,
                _ => {}
            }
        };
        let g = open.checked_sub(1)?;
        if u.text(open) != "("
            || !u.is_ident(g)
            || (g > 0 && matches!(u.text(g - 1), "." | "->" | "::"))
        {
            return None;
        }
        let close = u.matching(open, u.toks.len());
        let args = u.split_commas(open + 1, close);
        let p = args.iter().position(|&(s, e)| s == i && e == i + 1)?;
        forwards_pack(u, u.text(g), p, args.len())?;
        Some(args[p + 1..].to_vec())
    }

    /// For the counter named at `at` of an enclosing counting loop `for (int
    /// j = I; j < E; j = j * 2)` whose step multiplies it by an integer
    /// constant, shifts it left by one or adds a constant to it, a power of
    /// two it is a multiple of in every iteration: that of `I` (and of the
    /// added constant). The body never writes the counter (see [`counter`])
    /// nor does its condition, so each value is `I` with the step applied
    /// some number of times; a product with an integer, a left shift and a
    /// sum of multiples of 2^k are multiples of 2^k, also after a wrap.
    fn counter_pow2(&self, at: usize, depth: usize) -> Option<u32> {
        let u = self.unit;
        let name = u.text(at);
        let (decl, _) = self.scopes.visible(u, name, at)?;
        // The `for (` whose header declares it (`for (int j = ..`), and `at`
        // in that loop's body.
        let open = (decl.at.saturating_sub(6)..decl.at)
            .rev()
            .find(|&i| u.text(i) == "(")?;
        if open == 0 || u.text(open - 1) != "for" {
            return None;
        }
        let close = u.matching(open, u.toks.len());
        if close >= u.toks.len() {
            return None;
        }
        let lp = counter(u, self, open, close)?;
        if lp.decl_at != decl.at || lp.name != name || !(close < at && at <= lp.end) {
            return None;
        }
        let (cs, ce) = lp.condition;
        if (cs..ce).any(|i| u.text(i) == name && self.scopes.may_write(u, i)) {
            return None;
        }
        let (ss, se) = lp.step;
        let step: Vec<&str> = (ss..se).map(|i| u.text(i)).collect();
        let constant = |from: usize| self.expr(from, se, depth + 1);
        let multiple_of = |v: i128| {
            if v == 0 {
                MAX_POW2_EXPONENT
            } else {
                v.trailing_zeros().min(MAX_POW2_EXPONENT)
            }
        };
        let init = self.pow2_of_integer(lp.init.0, lp.init.1, depth + 1)?;
        // The constant operand: one token or one parenthesized group after
        // the operator, so that `j = j * 2 + 1` is not read as `j * 3`.
        let whole_operand =
            |from: usize| from + 1 == se || (u.text(from) == "(" && u.matching(from, se) + 1 == se);
        let k = match step[..] {
            [n, "*=" | "<<=", ..] if n == name => {
                constant(ss + 2)?;
                init
            }
            [n, "+=" | "-=", ..] if n == name => init.min(multiple_of(constant(ss + 2)?)),
            [n, "=", m, op, ..] if n == name && m == name && whole_operand(ss + 4) => {
                let c = constant(ss + 4)?;
                match op {
                    "*" => init,
                    "<<" if c >= 0 => init,
                    "+" | "-" => init.min(multiple_of(c)),
                    _ => return None,
                }
            }
            _ => return None,
        };
        (k > 0).then_some(k)
    }

    /// For `X.warpSize` at `at` (the token of `X`), where `X` is a local
    /// `cudaDeviceProp` of the function, filled by a statement
    /// `cudaGetDeviceProperties(&X, ..)` (possibly wrapped in one call, a
    /// checking macro) that runs on every path to the read: 5, since the
    /// warp size of every CUDA device is 32 (the device's `warpSize`). Every
    /// other mention of `X` must be that call or a read of a member, and
    /// every mention of `X.warpSize` a plain read, so nothing else writes
    /// it; the function has no `goto` or `case` label that could jump past
    /// the call, and neither the call nor the read is in a lambda.
    fn device_warp_size_pow2(&self, at: usize) -> Option<u32> {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        let (decl, scope) = scopes.visible(u, name, at)?;
        let DeclScope::Block(Some(declared_in)) = scope else {
            return None;
        };
        let function = self.function_of(at)?;
        let function_end = *scopes.closing.get(&function)?;
        let plain_decl = decl.at > 0
            && u.text(decl.at - 1) == "cudaDeviceProp"
            && u.text(decl.at + 1) == ";"
            && !decl.is_static;
        if !plain_decl
            || scopes.kinds.get(&function) != Some(&BlockKind::Function)
            || !(declared_in == function || scopes.inside(function, declared_in))
            || scopes.in_lambda(at)
        {
            return None;
        }
        if (function..function_end).any(|i| matches!(u.text(i), "goto" | "case" | "default")) {
            return None;
        }
        let mut filled_before_read = false;
        for i in decl.at + 1..function_end {
            if u.text(i) != name
                || scopes
                    .visible(u, name, i)
                    .is_none_or(|(d, _)| d.at != decl.at)
            {
                continue;
            }
            crate::base::interrupt::stop_if_polled();
            if u.text(i + 1) == "." {
                if u.text(i + 2) != "warpSize" {
                    continue;
                }
                // A plain read: not written, incremented, bound to a
                // reference or passed whole to a call.
                let before = u.text(i - 1);
                let after = u.text(i + 3);
                let read_before = matches!(
                    before,
                    "=" | "+"
                        | "-"
                        | "*"
                        | "/"
                        | "%"
                        | "<"
                        | ">"
                        | "<="
                        | ">="
                        | "=="
                        | "!="
                        | "return"
                );
                let read_after = matches!(
                    after,
                    ";" | ")" | "+" | "-" | "*" | "/" | "%" | "<" | ">" | "<=" | ">=" | "==" | "!="
                );
                // `int &w = props.warpSize;` binds a reference that may
                // write it: an `=` must start no declaration with a `&`.
                let mut k = i - 1;
                let mut reference = false;
                while before == "=" && k > function && !matches!(u.text(k), ";" | "{" | "}") {
                    reference |= matches!(u.text(k), "&" | "&&");
                    k -= 1;
                }
                if !read_before || !read_after || reference || scopes.in_lambda(i) {
                    return None;
                }
                continue;
            }
            // `cudaGetDeviceProperties(&X, ..)` starting a statement, or as
            // the one argument-call of a statement's call (`check(..)`).
            let call = i >= 3
                && u.text(i - 1) == "&"
                && u.text(i - 2) == "("
                && matches!(
                    u.text(i - 3),
                    "cudaGetDeviceProperties" | "cudaGetDeviceProperties_v2"
                )
                && u.text(i + 1) == ",";
            if !call || scopes.in_lambda(i) {
                return None;
            }
            let callee = i - 3;
            let mut first = callee;
            if first >= 2 && u.text(first - 1) == "(" && u.is_ident(first - 2) {
                first -= 2;
            }
            let starts_statement = first > 0 && matches!(u.text(first - 1), ";" | "{" | "}");
            let encloses_read = scopes
                .block_of(first)
                .is_some_and(|b| b == scopes.block_of(at).unwrap_or(b) || scopes.inside(b, at));
            if i < at && starts_statement && encloses_read {
                filled_before_read = true;
            }
        }
        filled_before_read.then_some(5)
    }

    /// The host function template whose body holds `at`: its name token,
    /// the tokens from its `template` keyword to the end of its body, and,
    /// for each template parameter in order, the token of its name when it
    /// is a non-type parameter of a scalar type (`int N`, `unsigned B = 4`;
    /// None for `typename T`, `class T`, a template template parameter or
    /// another type). Only a function defined at namespace scope with one
    /// plain `template <...>` header and no parameter pack.
    fn enclosing_template(&self, at: usize) -> Option<EnclosingTemplate> {
        let (u, scopes) = (self.unit, self.scopes);
        let body = self.function_of(at)?;
        if scopes.kinds.get(&body) != Some(&BlockKind::Function) {
            return None;
        }
        let body_end = *scopes.closing.get(&body)?;
        let close = body.checked_sub(1)?;
        if u.text(close) != ")" {
            return None;
        }
        let open = (0..close)
            .rev()
            .find(|&k| u.text(k) == "(" && scopes.closing.get(&k) == Some(&close))?;
        let function_at = open.checked_sub(1)?;
        if !u.is_ident(function_at)
            || (function_at > 0 && matches!(u.text(function_at - 1), "::" | "." | "->" | "~"))
        {
            return None;
        }
        if let Some(o) = scopes.block_of(function_at) {
            if scopes.kinds.get(&o) != Some(&BlockKind::Namespace) {
                return None;
            }
        }
        // The header: the one `template <...>` between the previous
        // declaration's end and the name.
        let mut k = function_at;
        let mut header = None;
        while k > 0 && function_at - k < 256 {
            k -= 1;
            match u.text(k) {
                ";" | "{" | "}" => break,
                "template" if header.is_some() => return None,
                "template" => header = Some(k),
                _ => {}
            }
        }
        let template_at = header?;
        if u.text(template_at + 1) != "<" {
            return None;
        }
        let gt = u.template_close(template_at + 1)?;
        if gt >= function_at
            || (template_at + 2..gt).any(|t| matches!(u.text(t), "..." | "template"))
        {
            return None;
        }
        let params = u
            .split_commas(template_at + 2, gt)
            .into_iter()
            .map(|(s, e)| {
                let end = (s..e).find(|&t| u.text(t) == "=").unwrap_or(e);
                let words: Vec<&str> = (s..end.saturating_sub(1)).map(|t| u.text(t)).collect();
                let scalar = words
                    .iter()
                    .all(|w| is_scalar_type(w) || DECL_QUALIFIERS.contains(w));
                (end > s + 1 && scalar && u.is_ident(end - 1)).then(|| (end - 1, value_ty(&words)))
            })
            .collect();
        Some((function_at, (template_at, body_end), params))
    }

    /// The instantiations of the host function template whose body holds
    /// `at`, as values of its integer template parameters, when every
    /// mention of its name in the unit names a specialization with explicit
    /// template arguments that give each such parameter a value
    /// (`run<3, 256>(..)`, also taken as a function pointer `f(run<3,
    /// 256>)`: a specialization's template arguments are part of its
    /// identity, however it is then called), its definition and prototypes
    /// aside. An argument may itself name a template parameter of the
    /// function template the mention is in, which gives one value per
    /// instantiation of that one (`template <int C> void test() { run<C,
    /// 256>(..); }` with `test<1>()` and `test<3>()`). Those are then every
    /// instantiation the unit has; the function's name is recorded in
    /// [`Eval::callers`], so that a mention in another host file of the
    /// folder drops them. None (unknown) when a mention is of another kind
    /// (a call with deduced or defaulted arguments, a qualified or member
    /// name), an argument has no value, there is no mention or more than
    /// [`MAX_TEMPLATE_INSTANTIATIONS`] instantiations.
    fn template_instantiations(
        &self,
        at: usize,
        depth: usize,
    ) -> Option<Vec<Vec<TemplateBinding>>> {
        let u = self.unit;
        if depth > MAX_EVAL_DEPTH {
            return None;
        }
        let (function_at, scope, params) = self.enclosing_template(at)?;
        let function = u.text(function_at);
        if params.iter().all(Option::is_none)
            || self.callers_in_progress.borrow().contains(&function_at)
            || self.excluded_callers.iter().any(|f| f == function)
        {
            return None;
        }
        self.callers_in_progress.borrow_mut().push(function_at);
        let found = (|| {
            let mut found: Vec<Vec<TemplateBinding>> = Vec::new();
            for i in 0..u.toks.len() {
                if i == function_at || !u.is_ident(i) || u.text(i) != function {
                    continue;
                }
                crate::base::interrupt::stop_if_polled();
                if i > 0 && matches!(u.text(i - 1), "." | "->" | "::") {
                    return None;
                }
                if u.text(i + 1) == "(" {
                    // A prototype `void run(..);` declares, never instantiates.
                    let call_close = u.matching(i + 1, u.toks.len());
                    if i > 0
                        && PROTOTYPE_RETURN_TYPES.contains(&u.text(i - 1))
                        && u.text(call_close + 1) == ";"
                    {
                        continue;
                    }
                    return None;
                }
                if u.text(i + 1) != "<" {
                    return None;
                }
                let close = u.template_close(i + 1)?;
                let args = u.split_commas(i + 2, close);
                // The mention's arguments hold in each instantiation of the
                // function template it is in (or once, outside any).
                let outer = self
                    .template_instantiations(i, depth + 1)
                    .unwrap_or_else(|| vec![Vec::new()]);
                for env in outer {
                    let saved = std::mem::replace(&mut *self.template_env.borrow_mut(), env);
                    let values = params
                        .iter()
                        .enumerate()
                        .filter_map(|(k, p)| p.as_ref().map(|(decl_at, ty)| (k, *decl_at, *ty)))
                        .map(|(k, decl_at, ty)| {
                            let &(s, e) = args.get(k)?;
                            let value = self.expr(s, e, depth + 1)?;
                            Some(TemplateBinding {
                                decl_at,
                                ty,
                                scope,
                                value,
                            })
                        })
                        .collect::<Option<Vec<_>>>();
                    *self.template_env.borrow_mut() = saved;
                    let values = values?;
                    let same = |other: &Vec<TemplateBinding>| {
                        other
                            .iter()
                            .map(|b| b.value)
                            .eq(values.iter().map(|b| b.value))
                    };
                    if !found.iter().any(same) {
                        found.push(values);
                    }
                }
                if found.len() > MAX_TEMPLATE_INSTANTIATIONS {
                    return None;
                }
            }
            (!found.is_empty()).then_some(found)
        })();
        self.callers_in_progress.borrow_mut().pop();
        if found.is_some() {
            self.callers.borrow_mut().push(function.to_string());
        }
        found
    }

    /// The value and type the instantiation being evaluated gives the name
    /// at `at` when it names a template parameter of the function template
    /// it is in (see [`Eval::template_instantiations`]). A template
    /// parameter cannot be redeclared in its scope ([temp.local]/6), so in
    /// the function template the name is that parameter.
    fn template_value(&self, at: usize) -> Option<(i128, ValueTy)> {
        let name = self.unit.text(at);
        self.template_env
            .borrow()
            .iter()
            .find(|b| self.unit.text(b.decl_at) == name && b.scope.0 <= at && at <= b.scope.1)
            .map(|b| (b.value, b.ty))
    }

    /// What the name at token `at` is bound to there: the value of the
    /// declaration in scope that reaches `at` (see [`Scopes::resolve`]);
    /// None for a name with no host declaration in scope (the scanner does
    /// not know what it is). A value is kept only when no mention of the
    /// variable may have made an alias of it (see [`Eval::unaliased`]).
    fn lookup(&self, at: usize) -> Option<(Binding, ValueTy)> {
        let (binding, ty) = self.scopes.resolve(self.unit, self.unit.text(at), at)?;
        if matches!(binding, Binding::Scalar(..) | Binding::Dim3(..)) && !self.unaliased(at) {
            let unknown = if matches!(binding, Binding::Scalar(..)) {
                Binding::UnknownScalar
            } else {
                Binding::Unknown
            };
            return Some((unknown, ty));
        }
        Some((binding, ty))
    }

    /// Whether the variable named at `at` can only have been written where
    /// the scanner sees it, at `at`: every mention of it that can run before
    /// `at` is a plain read or a direct write (`mentions::plain_mention`). A
    /// mention that may bind a reference or pointer to it (`scale(g.x)`,
    /// `int &r = (n)`, `Cfg c{n}`), or one in a body that may run at another
    /// time (a lambda however written), may write it unseen later. For a
    /// local those are the mentions from its declaration to `at`, in loops
    /// around `at`, and in nested bodies; a `static` one lives across calls,
    /// so every mention of it counts. A `const` object is never written
    /// (writing it through an alias is undefined behaviour).
    fn unaliased(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        let Some((decl, scope)) = scopes.visible(u, name, at) else {
            return true;
        };
        if decl.is_const {
            return true;
        }
        let local = !decl.is_static
            && matches!(scope, DeclScope::Block(Some(o))
                if !matches!(scopes.kinds.get(&o), None | Some(BlockKind::Namespace)));
        // A static's answer does not depend on the use.
        let key = (decl.at, if local { at } else { usize::MAX });
        if let Some(&known) = self.unaliased_memo.borrow().get(&key) {
            return known;
        }
        let plain = if local {
            let here = relations::LaunchAt {
                name_at: at,
                end: at,
                args: &[],
                template_args: &[],
                block_extents: [None; 3],
            };
            self.mentions_are_plain(decl.at, &here)
        } else {
            let own = |i: usize| {
                scopes
                    .visible(u, name, i)
                    .is_some_and(|(d, _)| d.at == decl.at)
            };
            (0..u.toks.len()).all(|i| {
                i == decl.at
                    || u.text(i) != name
                    || !u.is_ident(i)
                    || !own(i)
                    || self.plain_mention(i)
            })
        };
        self.unaliased_memo.borrow_mut().insert(key, plain);
        plain
    }

    /// Whether the launch size `[s, e)` has its y component equal to its x
    /// component: a `dim3` built from two textually equal expressions
    /// without side effects (`dim3 block(t, t)`, `dim3(n / 16, n / 16)`),
    /// inline or as the definition of a `dim3` variable that reaches the
    /// launch (see [`Eval::lookup`]). Both are evaluated in the same
    /// constructor call, where every name has one value, so they are equal
    /// whatever that value is.
    fn square(&self, s: usize, e: usize) -> bool {
        let u = self.unit;
        let parts = if e == s + 1 && u.is_ident(s) {
            match self.lookup(s) {
                Some((Binding::Dim3(parts), _)) => parts,
                _ => return false,
            }
        } else if u.text(s) == "dim3" || u.text(s) == "{" {
            dim3_parts(u, s, e)
        } else {
            return false;
        };
        let [(xs, xe), (ys, ye), ..] = *parts.as_slice() else {
            return false;
        };
        let pure = |k: usize| match u.kind(k) {
            Some(TokKind::Number) => true,
            // A name, not called.
            Some(TokKind::Ident) => u.text(k + 1) != "(",
            Some(TokKind::Punct) => {
                let t = u.text(k);
                let called = t == "(" && k > 0 && matches!(u.text(k - 1), ">" | ")" | "]");
                !called
                    && matches!(
                        t,
                        "+" | "-"
                            | "*"
                            | "/"
                            | "%"
                            | "<<"
                            | ">>"
                            | "&"
                            | "|"
                            | "^"
                            | "~"
                            | "("
                            | ")"
                            | "."
                            | "::"
                            | "<"
                            | ">"
                            | "<="
                            | ">="
                            | "=="
                            | "!="
                            | "&&"
                            | "||"
                            | "!"
                            | "?"
                            | ":"
                    )
            }
            _ => false,
        };
        xe - xs == ye - ys
            && xe > xs
            && (0..xe - xs).all(|k| u.text(xs + k) == u.text(ys + k) && pure(xs + k))
    }

    /// The three components of a launch size expression.
    fn dim3(&self, s: usize, e: usize, depth: usize) -> [Option<i128>; 3] {
        if depth > MAX_EVAL_DEPTH || s >= e {
            return [None; 3];
        }
        let u = self.unit;
        // `(grid)`: the parenthesized expression's value.
        if u.text(s) == "(" && u.matching(s, e) + 1 == e {
            return self.dim3(s + 1, e - 1, depth + 1);
        }
        // A `dim3` variable.
        if e == s + 1 {
            match self.lookup(s) {
                // One value is the x extent only when it is plainly a number
                // (`dim3 b = grid_of(n);` may set y and z too); otherwise
                // the one initializer is itself a launch size expression
                // (`dim3 b = other;`, `dim3 b((other))` copy `other`'s three
                // components as they are at the declaration).
                Some((Binding::Dim3(parts), _)) => {
                    if let [(ps, pe)] = *parts.as_slice() {
                        if !self.is_scalar_expr(ps, pe, depth + 1)
                            && self.expr(ps, pe, depth + 1).is_none()
                        {
                            return self.dim3(ps, pe, depth + 1);
                        }
                    }
                    return self.components(&parts, depth + 1);
                }
                // A scalar with no value of its own (a wrapper's
                // parameter): the constant every call passes, if any.
                Some((Binding::UnknownScalar, _)) => {
                    return [self.expr(s, e, depth + 1), Some(1), Some(1)]
                }
                // `auto b = dim3(...)`.
                Some((Binding::Scalar(s, e), ValueTy::Auto)) => return self.dim3(s, e, depth + 1),
                // `int t = 256`: converted to its type first.
                Some((Binding::Scalar(..), _)) => {
                    return [self.expr(s, e, depth + 1), Some(1), Some(1)]
                }
                _ => {}
            }
        }
        let parts = dim3_parts(u, s, e);
        if parts.len() == 1 && parts[0] == (s, e) {
            // One value is the x extent only when it is plainly a number (an
            // unknown function or variable may be a whole `dim3`).
            return if self.is_scalar_expr(s, e, depth + 1) {
                [self.expr(s, e, depth + 1), Some(1), Some(1)]
            } else {
                [None; 3]
            };
        }
        self.components(&parts, depth + 1)
    }

    /// Whether `[s, e)` is an integer, not a `dim3`: arithmetic on scalars
    /// (see [`Eval::is_scalar_expr`]) or one name declared with an integer
    /// type (a parameter of the launching function, `int block_size`).
    fn is_integer_expr(&self, s: usize, e: usize) -> bool {
        self.is_scalar_expr(s, e, 0)
            || (e == s + 1
                && self.unit.is_ident(s)
                && matches!(self.lookup(s), Some((_, ValueTy::Int { .. }))))
    }

    /// Whether `[s, e)` is arithmetic on scalars: numbers, operators, scalar
    /// names, casts to scalar types, `sizeof`, `min`/`max`.
    fn is_scalar_expr(&self, s: usize, e: usize, depth: usize) -> bool {
        let u = self.unit;
        if depth > MAX_EVAL_DEPTH {
            return false;
        }
        (s..e).all(|k| {
            let t = u.text(k);
            match u.kind(k) {
                Some(TokKind::Number | TokKind::Char) => true,
                Some(TokKind::Punct) => !matches!(t, "." | "->" | "{" | "}"),
                Some(TokKind::Ident) => {
                    is_scalar_type(t)
                        || DECL_QUALIFIERS.contains(&t)
                        || matches!(
                            t,
                            "sizeof"
                                | "floorf"
                                | "floor"
                                | "ceilf"
                                | "ceil"
                                | "min"
                                | "max"
                                | "MIN"
                                | "MAX"
                                | "static_cast"
                                | "true"
                                | "false"
                        )
                        || match self.lookup(k) {
                            Some((Binding::UnknownScalar, _)) => true,
                            // An element of an integer array (`l[0]`).
                            Some((
                                Binding::Scalar(..) | Binding::Array(_),
                                ValueTy::Int { .. } | ValueTy::Bool,
                            )) => true,
                            Some((Binding::Scalar(a, b), _)) => {
                                self.is_scalar_expr(a, b, depth + 1)
                            }
                            _ => false,
                        }
                }
                _ => false,
            }
        })
    }

    fn components(&self, parts: &[(usize, usize)], depth: usize) -> [Option<i128>; 3] {
        if parts.len() > 3 {
            return [None; 3];
        }
        std::array::from_fn(|d| match parts.get(d) {
            Some(&(s, e)) => self.expr(s, e, depth),
            None => Some(1),
        })
    }

    /// An integer constant expression over known names, or None.
    fn expr(&self, s: usize, e: usize, depth: usize) -> Option<i128> {
        self.typed_expr(s, e, depth).map(|(v, _)| v)
    }

    /// [`Eval::expr`], and whether unsigned arithmetic took part in it.
    fn typed_expr(&self, s: usize, e: usize, depth: usize) -> Option<(i128, bool)> {
        if depth > MAX_EVAL_DEPTH {
            return None;
        }
        let mut p = Parser {
            eval: self,
            pos: s,
            end: e,
            depth,
            unsigned: false,
        };
        let v = p.ternary()?;
        (p.pos == e).then_some((v, p.unsigned))
    }
}

/// Whether the function `name` has one definition in `u`, of
/// `args` parameters (a call with `args` arguments reaches it: the last
/// one a pack), `template <class F, class... A> R name(.., F f, A&&...
/// a) { .. }` with `f` at `p` and the pack after it, whose body
/// mentions `f` and `a` only in calls `f(std::forward<A>(a)...)` or
/// `f(a...)` (at least one): each calls `f` with the pack's arguments
/// as they are. No prototype of the name (another overload) is in view.
fn forwards_pack(u: &Unit, name: &str, p: usize, args: usize) -> Option<()> {
    let n = u.toks.len();
    let mut definition = None;
    for d in 0..n {
        if u.text(d) != name || !u.is_ident(d) || u.text(d + 1) != "(" {
            continue;
        }
        let close = u.matching(d + 1, n);
        let prototype =
            d > 0 && PROTOTYPE_RETURN_TYPES.contains(&u.text(d - 1)) && u.text(close + 1) == ";";
        if prototype || (u.text(close + 1) == "{" && definition.replace((d + 1, close)).is_some()) {
            return None;
        }
    }
    let (open, close) = definition?;
    let params = u.split_commas(open + 1, close);
    if params.len() != p + 2 || args < p + 2 {
        return None;
    }
    let (fs, fe) = params[p];
    let (ps, pe) = params[p + 1];
    let (f, pack) = (fe.checked_sub(1)?, pe.checked_sub(1)?);
    if fe <= fs
        || pe < ps + 2
        || !u.is_ident(f)
        || !u.is_ident(pack)
        || u.text(pack - 1) != "..."
        || (fs..fe).any(|t| u.text(t) == "...")
        || u.text(f) == u.text(pack)
    {
        return None;
    }
    // The other parameters: scalars by value (no reference, pointer,
    // array, template type or callable), so the body cannot reach the
    // caller's objects through them (a reference bound to the variable
    // also forwarded could write it between two calls: review of 0a3e39c).
    if !params[..p].iter().all(|&(s, e)| scalar_by_value(u, s, e)) {
        return None;
    }
    let (f, pack) = (u.text(f), u.text(pack));
    let body_open = close + 1;
    let body_close = u.matching(body_open, n);
    // Each mention of `f`: `f(` then the pack forwarded, then `)`.
    let mut calls = 0usize;
    let mut covered: Vec<usize> = Vec::new();
    for t in body_open..body_close {
        if u.text(t) != f {
            continue;
        }
        let forwarded: &[&str] = match u.text(t + 2) {
            "std" => &[
                "std", "::", "forward", "<", "", ">", "(", pack, ")", "...", ")",
            ],
            _ => &[pack, "...", ")"],
        };
        let matches = u.text(t + 1) == "("
            && !matches!(u.text(t - 1), "." | "->" | "::")
            && forwarded.iter().enumerate().all(|(o, w)| {
                let at = t + 2 + o;
                if w.is_empty() {
                    u.is_ident(at)
                } else {
                    u.text(at) == *w
                }
            });
        if !matches {
            return None;
        }
        calls += 1;
        covered.extend(t + 2..t + 2 + forwarded.len());
    }
    let stray = (body_open..body_close).any(|t| u.text(t) == pack && !covered.contains(&t));
    (calls > 0 && !stray).then_some(())
}

/// Whether the call `g(.., f, a1, .., an)` with arguments in `open..close`
/// (`g` named at `callee_at`) leaves the variable named at `at`, one of
/// `a1, .., an`, unwritten, because `g` is a forwarding template (see
/// [`forwards_pack`]) and `f` a function whose every declaration in the unit
/// takes all its parameters by value (HeCBench's `benchmark_kernel(repeats,
/// softmax_forward, .., block_size)`). Theorem: `g` mentions the pack only
/// in calls `f(pack...)` (or with `std::forward`), which bind each of `f`'s
/// parameters to a copy of the argument; `g`'s other parameters are scalars
/// by value, so `g` reaches the caller's variable through the pack alone,
/// and `f` cannot write it through a copy. Any other mention of `f` (an
/// address `&f`, an assignment, a variable or lambda of that name), a
/// declaration of `f` with a reference, pointer-to-reference or variadic
/// parameter, or no declaration in view: not known, so a possible write.
fn forwarded_by_value(u: &Unit, callee_at: usize, open: usize, close: usize, at: usize) -> bool {
    if callee_at == 0 || matches!(u.text(callee_at - 1), "." | "->" | "::") {
        return false;
    }
    let args = u.split_commas(open + 1, close);
    let Some(index) = args.iter().position(|&(s, e)| s <= at && at < e) else {
        return false;
    };
    (0..index).any(|p| {
        let (fs, fe) = args[p];
        fe == fs + 1
            && u.is_ident(fs)
            && u.text(fs) != u.text(callee_at)
            && takes_all_by_value(u, u.text(fs), fs)
            && forwards_pack(u, u.text(callee_at), p, args.len()).is_some()
    })
}

/// Whether every declaration of the function `f` in the unit takes all its
/// parameters by value (no `&`, `&&` or `...` among them), at least one is in
/// view, and every other mention of `f` is a call or a whole argument of a
/// call (`passed_at` is one such): nothing of that name is a variable, a
/// lambda or an address taken, which could mean another callable.
fn takes_all_by_value(u: &Unit, f: &str, passed_at: usize) -> bool {
    let n = u.toks.len();
    let mut declared = false;
    for i in 1..n.saturating_sub(1) {
        if i == passed_at || !u.is_ident(i) || u.text(i) != f {
            continue;
        }
        crate::base::interrupt::stop_if_polled();
        let (prev, next) = (u.text(i - 1), u.text(i + 1));
        if matches!(prev, "." | "->" | "::") {
            // A member of that name is another entity.
            continue;
        }
        if next != "(" {
            if matches!(prev, "(" | ",") && matches!(next, "," | ")") {
                continue;
            }
            return false;
        }
        let close = u.matching(i + 1, n);
        let declaration = (u.is_ident(i - 1)
            && !matches!(prev, "return" | "else" | "case" | "new"))
            || (matches!(prev, "*" | "&" | ">") && i >= 2 && u.is_ident(i - 2));
        let after = u.text(close + 1);
        if !declaration || !matches!(after, "{" | ";" | "const" | "noexcept" | "->") {
            continue;
        }
        if (i + 2..close).any(|t| matches!(u.text(t), "&" | "&&" | "...")) {
            return false;
        }
        declared = true;
    }
    declared
}

/// Whether the parameter declaration at tokens `s..e` is a scalar taken by
/// value: builtin arithmetic type words and `const`, then its name.
fn scalar_by_value(u: &Unit, s: usize, e: usize) -> bool {
    e >= s + 2
        && u.is_ident(e - 1)
        && (s..e - 1).all(|t| {
            let w = u.text(t);
            w == "const"
                || INTEGER_CAST_TYPES.contains(&w)
                || matches!(w, "float" | "double" | "bool")
        })
}

/// How many tokens back from a function's name [`Eval::forwarded_arguments`]
/// looks for the call it is an argument of.
const MAX_FORWARD_SCAN: usize = 4096;

/// Largest power-of-two exponent tracked (a value that is a multiple of 2^64
/// is 0 in every integer type).
const MAX_POW2_EXPONENT: u32 = 64;

/// Largest power-of-two exponent stated for a block extent: an extent is at
/// most 1024 = 2^10 threads, so a larger one would leave no valid launch.
const MAX_BLOCK_POW2: u32 = 10;

/// Scalar types a cast to which keeps an integer's low bits.
const INTEGER_CAST_TYPES: [&str; 18] = [
    "int",
    "unsigned",
    "signed",
    "long",
    "short",
    "char",
    "size_t",
    "uint",
    "uint32_t",
    "int32_t",
    "uint64_t",
    "int64_t",
    "uint16_t",
    "int16_t",
    "ssize_t",
    "ptrdiff_t",
    "ulong",
    "ushort",
];

impl Eval<'_, '_> {
    /// An exponent `k` such that the integer expression `[s, e)` is a multiple
    /// of 2^k wherever the program evaluates it (0: nothing known), for a size
    /// that is not a constant, such as `n * 1024` with `n` read at run time.
    fn pow2_exponent(&self, s: usize, e: usize, depth: usize) -> u32 {
        self.pow2_of_integer(s, e, depth).unwrap_or(0)
    }

    /// `Some(k)`: the expression `[s, e)` has an integer value (every operand
    /// is of an integer type), a multiple of 2^k; None: it may not be an
    /// integer (a floating-point operand) or is not understood.
    ///
    /// Sound for C integer arithmetic of any width: a product of multiples of
    /// 2^a and 2^b is a multiple of 2^(a+b), sums and differences of multiples
    /// of 2^k are multiples of 2^k, `x << c` adds `c`, and every wrap or
    /// integer conversion (to the kernel parameter's type too) reduces modulo
    /// 2^w, which keeps a multiple of 2^k a multiple of 2^min(k, w) (and 0 when
    /// w <= k). Integer-ness matters: `0.5 * 1024` is no multiple of 1024.
    /// Division, right shifts, bit operations, comparisons and names without a
    /// single known definition give no multiple (0, or None when the operand
    /// may not be an integer).
    fn pow2_of_integer(&self, s: usize, e: usize, depth: usize) -> Option<u32> {
        if depth > MAX_EVAL_DEPTH || s >= e {
            return None;
        }
        if let Some(v) = self.expr(s, e, depth + 1) {
            // Only integer literals and names evaluate (floating literals do not).
            return Some(if v == 0 {
                MAX_POW2_EXPONENT
            } else {
                v.trailing_zeros().min(MAX_POW2_EXPONENT)
            });
        }
        let u = self.unit;
        // `prop.warpSize` of a `cudaDeviceProp` the runtime filled.
        if e == s + 3 && u.text(s + 1) == "." && u.text(s + 2) == "warpSize" {
            if let Some(k) = self.device_warp_size_pow2(s) {
                return Some(k);
            }
        }
        // Top-level operators (outside brackets), by kind.
        let mut level = 0usize;
        let mut ternary = None;
        let mut other = false;
        let mut shift = None;
        let mut additive = None;
        let mut multiplicative = None;
        for i in s..e {
            match u.text(i) {
                "(" | "[" | "{" => level += 1,
                ")" | "]" | "}" => level = level.saturating_sub(1),
                _ if level > 0 => {}
                "?" => {
                    ternary.get_or_insert(i);
                }
                "<<" => shift = Some(i),
                "+" | "-" => {
                    let binary = i > s
                        && (u.is_ident(i - 1)
                            || matches!(u.kind(i - 1), Some(TokKind::Number))
                            || matches!(u.text(i - 1), ")" | "]"));
                    if binary {
                        additive = Some(i);
                    }
                }
                "*" | "/" | "%" => multiplicative = Some(i),
                "||" | "&&" | "|" | "^" | "&" | "==" | "!=" | "<" | ">" | "<=" | ">=" | ">>"
                | ":" | "=" | "," | "." | "->" | "::" => other = true,
                _ => {}
            }
        }
        if let Some(q) = ternary {
            // `c ? a : b`: the `:` that closes this `?`.
            let mut nested = 0usize;
            let mut level = 0usize;
            for i in q + 1..e {
                match u.text(i) {
                    "(" | "[" | "{" => level += 1,
                    ")" | "]" | "}" => level = level.saturating_sub(1),
                    "?" if level == 0 => nested += 1,
                    ":" if level == 0 && nested > 0 => nested -= 1,
                    ":" if level == 0 => {
                        let a = self.pow2_of_integer(q + 1, i, depth + 1)?;
                        let b = self.pow2_of_integer(i + 1, e, depth + 1)?;
                        return Some(a.min(b));
                    }
                    _ => {}
                }
            }
            return None;
        }
        if other {
            return None;
        }
        if let Some(i) = shift {
            let c = u32::try_from(self.expr(i + 1, e, depth + 1)?).ok()?;
            let a = self.pow2_of_integer(s, i, depth + 1)?;
            return Some(a.saturating_add(c).min(MAX_POW2_EXPONENT));
        }
        if let Some(i) = additive {
            let a = self.pow2_of_integer(s, i, depth + 1)?;
            let b = self.pow2_of_integer(i + 1, e, depth + 1)?;
            return Some(a.min(b));
        }
        if let Some(i) = multiplicative {
            let a = self.pow2_of_integer(s, i, depth + 1)?;
            let b = self.pow2_of_integer(i + 1, e, depth + 1)?;
            return Some(if u.text(i) == "*" {
                a.saturating_add(b).min(MAX_POW2_EXPONENT)
            } else {
                0
            });
        }
        match u.text(s) {
            // Negation keeps the multiple.
            "-" | "+" => return self.pow2_of_integer(s + 1, e, depth + 1),
            "(" => {
                let close = u.matching(s, e);
                if close + 1 == e {
                    return self.pow2_of_integer(s + 1, close, depth + 1);
                }
                // A cast to an integer type keeps the multiple (see above)
                // and makes any operand an integer.
                let integer_cast = close > s + 1
                    && (s + 1..close).all(|k| {
                        INTEGER_CAST_TYPES.contains(&u.text(k))
                            || DECL_QUALIFIERS.contains(&u.text(k))
                    });
                return integer_cast
                    .then(|| self.pow2_of_integer(close + 1, e, depth + 1).unwrap_or(0));
            }
            _ => {}
        }
        if e == s + 1 && u.is_ident(s) {
            let name = u.text(s);
            if let Some(k) = self.counter_pow2(s, depth + 1) {
                return Some(k);
            }
            match self.lookup(s) {
                Some((Binding::Scalar(bs, be), _)) => {
                    if let Some(k) = self.pow2_of_integer(bs, be, depth + 1) {
                        return Some(k);
                    }
                }
                Some((Binding::Unknown | Binding::UnknownScalar, ValueTy::Int { .. })) => {
                    if let Some(k) = self.caller_pow2(s, depth + 1) {
                        return Some(k);
                    }
                }
                _ => {}
            }
            return self.declared_integer(name, s).then_some(0);
        }

        // `atoi(...)` and the like: an integer of unknown value.
        let integer_call = e > s + 1
            && matches!(u.text(s), "atoi" | "atol" | "atoll" | "strtol" | "strtoul")
            && u.text(s + 1) == "("
            && u.matching(s + 1, e) + 1 == e;
        integer_call.then_some(0)
    }

    /// Whether the declaration of `name` visible at token `at` (or, with none
    /// visible, every declaration of it) has an integer type written before
    /// the name (`const int n`, `size_t n`; not `int *p`, `auto n`, `int a, n`).
    fn declared_integer(&self, name: &str, at: usize) -> bool {
        let u = self.unit;
        let integer_decl = |d: &Decl| {
            let mut k = d.at;
            let mut seen_integer = false;
            while k > 0 {
                k -= 1;
                let t = u.text(k);
                if INTEGER_CAST_TYPES.contains(&t) {
                    seen_integer = true;
                } else if !DECL_QUALIFIERS.contains(&t) {
                    break;
                }
            }
            seen_integer
        };
        match self.scopes.visible(u, name, at) {
            Some((d, _)) => integer_decl(d),
            None => self
                .scopes
                .decls
                .get(name)
                .is_some_and(|ds| !ds.is_empty() && ds.iter().all(integer_decl)),
        }
    }
}

/// Evaluates C integer expressions exactly or not at all: values are exact
/// integers; once an operand of unsigned type (`unsigned int` or wider, an
/// unsigned literal, `sizeof`, a `dim3` component) takes part, every operand
/// and result must lie in `0..2^31`, where unsigned and mathematical
/// arithmetic agree (no wrap-around, no conversion of a negative value);
/// a value converted to a declared or cast type must fit it.
struct Parser<'e, 'u, 'a> {
    eval: &'e Eval<'u, 'a>,
    pos: usize,
    end: usize,
    depth: usize,
    /// An operand of unsigned type was read.
    unsigned: bool,
}

/// Return types after which `f(..);` is a prototype of `f`, not a call.
const PROTOTYPE_RETURN_TYPES: [&str; 10] = [
    "void", "int", "unsigned", "long", "short", "char", "float", "double", "bool", "size_t",
];

/// Largest value on which unsigned and signed arithmetic agree.
const EXACT_MAX: i128 = (1 << 31) - 1;

impl Parser<'_, '_, '_> {
    /// `v` converted to `ty` (None when the conversion would change it or
    /// the type is not modelled).
    fn convert(&mut self, v: i128, ty: ValueTy) -> Option<i128> {
        match ty {
            ValueTy::Int { lo, hi, unsigned } => {
                self.unsigned |= unsigned;
                (lo..=hi).contains(&v).then_some(v)
            }
            ValueTy::Bool => Some(i128::from(v != 0)),
            ValueTy::Auto => Some(v),
            ValueTy::Other => None,
        }
    }

    /// Evaluates `[s, e)` as a nested expression, keeping its unsignedness.
    fn nested(&mut self, s: usize, e: usize) -> Option<i128> {
        let (v, unsigned) = self.eval.typed_expr(s, e, self.depth + 1)?;
        self.unsigned |= unsigned;
        Some(v)
    }

    /// The type of a cast's type words `[s, e)`.
    fn cast_type(&self, s: usize, e: usize) -> ValueTy {
        let u = self.eval.unit;
        let words: Vec<&str> = (s..e)
            .map(|k| u.text(k))
            .filter(|t| !matches!(*t, "const" | "std" | "::" | "volatile"))
            .collect();
        if words.is_empty() || words.iter().any(|w| !is_scalar_type(w)) {
            return ValueTy::Other;
        }
        match value_ty(&words) {
            ValueTy::Auto => ValueTy::Other,
            t => t,
        }
    }
}

impl Parser<'_, '_, '_> {
    fn peek(&self) -> &str {
        if self.pos < self.end {
            self.eval.unit.text(self.pos)
        } else {
            ""
        }
    }

    fn eat(&mut self, t: &str) -> bool {
        if self.peek() == t {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn ternary(&mut self) -> Option<i128> {
        self.depth += 1;
        if self.depth > MAX_EVAL_DEPTH {
            return None;
        }
        let c = self.binary(1)?;
        if self.eat("?") {
            let a = self.ternary()?;
            if !self.eat(":") {
                return None;
            }
            let b = self.ternary()?;
            // The branches convert to their common type.
            let exact = |v: i128| (0..=EXACT_MAX).contains(&v);
            if self.unsigned && !(exact(a) && exact(b)) {
                return None;
            }
            return Some(if c != 0 { a } else { b });
        }
        Some(c)
    }

    fn binary(&mut self, min_prec: u8) -> Option<i128> {
        let mut lhs = self.unary()?;
        loop {
            let op = self.peek().to_string();
            let prec = match binary_precedence(&op) {
                0 => return Some(lhs),
                p => p,
            };
            if prec < min_prec {
                return Some(lhs);
            }
            self.pos += 1;
            let rhs = self.binary(prec + 1)?;
            let operands = (lhs, rhs);
            lhs = match op.as_str() {
                "*" => lhs.checked_mul(rhs)?,
                "/" => lhs.checked_div(rhs)?,
                "%" => lhs.checked_rem(rhs)?,
                "+" => lhs.checked_add(rhs)?,
                "-" => lhs.checked_sub(rhs)?,
                "<<" => lhs.checked_shl(u32::try_from(rhs).ok().filter(|s| *s < 64)?)?,
                ">>" => lhs.checked_shr(u32::try_from(rhs).ok().filter(|s| *s < 64)?)?,
                "<" => i128::from(lhs < rhs),
                ">" => i128::from(lhs > rhs),
                "<=" => i128::from(lhs <= rhs),
                ">=" => i128::from(lhs >= rhs),
                "==" => i128::from(lhs == rhs),
                "!=" => i128::from(lhs != rhs),
                "&" => lhs & rhs,
                "^" => lhs ^ rhs,
                "|" => lhs | rhs,
                "&&" => i128::from(lhs != 0 && rhs != 0),
                _ => i128::from(lhs != 0 || rhs != 0),
            };
            if lhs.unsigned_abs() > 1 << 64 {
                return None;
            }
            let exact = |v: i128| (0..=EXACT_MAX).contains(&v);
            if self.unsigned && !(exact(operands.0) && exact(operands.1) && exact(lhs)) {
                return None;
            }
        }
    }

    fn unary(&mut self) -> Option<i128> {
        let u = self.eval.unit;
        match self.peek() {
            "-" => {
                self.pos += 1;
                let v = self.unary()?;
                // Negating an unsigned value wraps.
                return (!self.unsigned || v == 0).then(|| -v);
            }
            "+" => {
                self.pos += 1;
                return self.unary();
            }
            "~" => {
                self.pos += 1;
                let v = self.unary()?;
                return (!self.unsigned).then_some(!v);
            }
            "!" => {
                self.pos += 1;
                return self.unary().map(|v| i128::from(v == 0));
            }
            "(" => {
                let close = u.matching(self.pos, self.end);
                // A cast to a scalar type: `(int)`, `(unsigned int)`, `(size_t)`.
                let is_cast = close > self.pos + 1
                    && (self.pos + 1..close)
                        .all(|k| is_scalar_type(u.text(k)) || DECL_QUALIFIERS.contains(&u.text(k)));
                if is_cast {
                    let ty = self.cast_type(self.pos + 1, close);
                    self.pos = close + 1;
                    let v = self.unary()?;
                    return self.convert(v, ty);
                }
                let v = self.nested(self.pos + 1, close)?;
                self.pos = close + 1;
                return Some(v);
            }
            _ => {}
        }
        let at = self.pos;
        let kind = u.kind(at)?;
        if at >= self.end {
            return None;
        }
        match kind {
            TokKind::Number => {
                self.pos += 1;
                let text = u.text(at);
                let v = parse_int_literal(text)?;
                // `16u`; a hex or octal literal beyond `int` is `unsigned`.
                let suffix_u = text
                    .trim_start_matches("0x")
                    .trim_start_matches("0X")
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .any(|c| c == 'u' || c == 'U');
                let based = text.len() > 1 && text.starts_with('0');
                if suffix_u || (based && v > EXACT_MAX) {
                    self.unsigned = true;
                }
                Some(v)
            }
            TokKind::Char => {
                self.pos += 1;
                let t = u.text(at);
                let inner = t.strip_prefix('\'')?.strip_suffix('\'')?;
                let mut chars = inner.chars();
                let c = chars.next()?;
                (chars.next().is_none() && c != '\\').then_some(c as i128)
            }
            TokKind::Ident => self.name(),
            _ => None,
        }
    }

    /// `floorf(a / b)` or `ceilf(a / b)` (also `floor`, `ceil`, and `b` a float
    /// literal such as `256.f`) of the tokens `[s, e)`: one division of
    /// integers `0 <= a < 2^24` and `0 < b < 2^24`. Those are exact in `float`
    /// and `double`, and the rounded quotient has the floor and ceiling of the
    /// exact one: a quotient that is not an integer is at least `1/b` away
    /// from every integer, and rounding moves it by at most half an ulp,
    /// `a/b * 2^-24 < 1/b`. So the value is the integer floor or ceiling.
    fn rounded_quotient(&self, s: usize, e: usize, ceil: bool) -> Option<i128> {
        let u = self.eval.unit;
        let mut depth = 0usize;
        let mut slash = None;
        for k in s..e {
            match u.text(k) {
                "(" => depth += 1,
                ")" => depth = depth.saturating_sub(1),
                "/" if depth == 0 && slash.is_none() => slash = Some(k),
                "." | "::" => {}
                // Anything else at the top level may bind differently.
                _ if depth == 0 && u.kind(k) == Some(TokKind::Punct) => return None,
                _ => {}
            }
        }
        let slash = slash?;
        let a = self.eval.expr(s, slash, self.depth + 1)?;
        let b = if slash + 2 == e && u.kind(slash + 1) == Some(TokKind::Number) {
            let t = u.text(slash + 1);
            parse_int_literal(t).or_else(|| {
                let f: f64 = t.trim_end_matches(['f', 'F', 'l', 'L']).parse().ok()?;
                (f.fract() == 0.0 && f.abs() < 16_777_216.0).then_some(f as i128)
            })?
        } else {
            self.eval.expr(slash + 1, e, self.depth + 1)?
        };
        let exact = 1i128 << 24;
        if !(0..exact).contains(&a) || !(1..exact).contains(&b) {
            return None;
        }
        Some(if ceil { (a + b - 1) / b } else { a / b })
    }

    /// A name, `std::min(a, b)`, `static_cast<int>(x)`, `g.x`, `sizeof(T)`.
    fn name(&mut self) -> Option<i128> {
        let u = self.eval.unit;
        let mut name = self.peek().to_string();
        let mut name_at = self.pos;
        self.pos += 1;
        while self.peek() == "::" {
            self.pos += 1;
            name = self.peek().to_string();
            name_at = self.pos;
            self.pos += 1;
        }
        // A functional cast `int(x)`, `size_t{x}`, `std::uint32_t(x)`: the
        // same conversion as `(int)x` (C++ [expr.type.conv]); one word, so
        // `unsigned int(x)` is not one.
        if is_scalar_type(&name) && matches!(self.peek(), "(" | "{") {
            let close = u.matching(self.pos, self.end);
            let ty = self.cast_type(name_at, name_at + 1);
            let v = self.nested(self.pos + 1, close)?;
            self.pos = close + 1;
            return self.convert(v, ty);
        }
        match name.as_str() {
            "static_cast" => {
                // static_cast<T>(e): converted to T.
                if !self.eat("<") {
                    return None;
                }
                let from = self.pos;
                while !matches!(self.peek(), ">" | "") {
                    self.pos += 1;
                }
                let ty = self.cast_type(from, self.pos);
                self.eat(">");
                let v = self.unary()?;
                return self.convert(v, ty);
            }
            "sizeof" => {
                let close = u.matching(self.pos, self.end);
                let ty: Vec<&str> = (self.pos + 1..close).map(|k| u.text(k)).collect();
                self.pos = close + 1;
                // A `size_t`.
                self.unsigned = true;
                return match ty.as_slice() {
                    ["char"] | ["unsigned", "char"] | ["bool"] => Some(1),
                    ["short"] | ["unsigned", "short"] => Some(2),
                    ["int"] | ["unsigned"] | ["unsigned", "int"] | ["float"] => Some(4),
                    ["double"] | ["long", "long"] | ["size_t"] => Some(8),
                    _ => None,
                };
            }
            "min" | "max" | "MIN" | "MAX" if self.peek() == "(" => {
                let close = u.matching(self.pos, self.end);
                let args = u.split_commas(self.pos + 1, close);
                self.pos = close + 1;
                let [a, b] = args.as_slice() else { return None };
                let a = self.nested(a.0, a.1)?;
                let b = self.nested(b.0, b.1)?;
                let exact = |v: i128| (0..=EXACT_MAX).contains(&v);
                if self.unsigned && !(exact(a) && exact(b)) {
                    return None;
                }
                return Some(if name.eq_ignore_ascii_case("min") {
                    a.min(b)
                } else {
                    a.max(b)
                });
            }
            "floorf" | "floor" | "ceilf" | "ceil" if self.peek() == "(" => {
                let close = u.matching(self.pos, self.end);
                let v = self.rounded_quotient(self.pos + 1, close, name.starts_with("ceil"));
                self.pos = close + 1;
                return v;
            }
            "true" => return Some(1),
            "false" => return Some(0),
            _ => {}
        }
        // A qualified name (`ns::n`, `S::n`): the scanner does not resolve
        // it.
        if name_at > 0 && self.eval.unit.text(name_at - 1) == "::" {
            return None;
        }
        // `p.n`: a constant member default of a default-initialized object
        // (see `Eval::default_member`).
        if self.peek() == "." && u.is_ident(self.pos + 1) && u.text(self.pos + 2) != "(" {
            if let Some((s, e, ty)) = self.eval.default_member(name_at, self.pos + 1) {
                self.pos += 2;
                let v = self.nested(s, e)?;
                return self.convert(v, ty);
            }
            // Or the initializer of a const member of an aggregate-initialized
            // object (see `aggregates`).
            if let Some((s, e, ty)) = self.eval.aggregate_member(name_at, self.pos + 1) {
                self.pos += 2;
                let v = self.nested(s, e)?;
                return self.convert(v, ty);
            }
        }
        // A template parameter of the host function template, in the
        // instantiation being evaluated.
        if let Some((v, ty)) = self.eval.template_value(name_at) {
            return self.convert(v, ty);
        }
        let (binding, ty) = self.eval.lookup(name_at)?;
        match binding {
            Binding::Scalar(s, e) => {
                let v = self.nested(s, e)?;
                self.convert(v, ty)
            }
            Binding::Unknown | Binding::UnknownScalar
                if matches!(ty, ValueTy::Int { .. }) && self.peek() != "[" =>
            {
                let v = self.eval.caller_constant(name_at, self.depth + 1)?;
                self.convert(v, ty)
            }
            Binding::Dim3(parts) => {
                if !self.eat(".") {
                    return None;
                }
                let d = match self.peek() {
                    "x" => 0,
                    "y" => 1,
                    "z" => 2,
                    _ => return None,
                };
                self.pos += 1;
                // A component is an `unsigned int`.
                let v = match parts.get(d) {
                    Some(&(s, e)) => self.nested(s, e)?,
                    None if parts.len() <= 3 => 1,
                    None => return None,
                };
                self.convert(
                    v,
                    ValueTy::Int {
                        lo: 0,
                        hi: u32::MAX.into(),
                        unsigned: true,
                    },
                )
            }
            Binding::Array(elements) => {
                // `l[i]` with a constant `i`, when no element of `l` may
                // have been written since its initialization, or else the
                // element's reaching definition.
                if self.peek() != "[" {
                    return None;
                }
                let close = u.matching(self.pos, self.end);
                let index = self.nested(self.pos + 1, close)?;
                self.pos = close + 1;
                let (s, e) = if self.eval.array_read_only(name_at) {
                    *elements.get(usize::try_from(index).ok()?)?
                } else {
                    self.eval.array_element(name_at, index)?
                };
                let v = self.nested(s, e)?;
                self.convert(v, ty)
            }
            // `size_t b[2]; b[0] = 32;`: the element's reaching definition.
            Binding::Unknown if self.peek() == "[" && matches!(ty, ValueTy::Int { .. }) => {
                let close = u.matching(self.pos, self.end);
                let index = self.nested(self.pos + 1, close)?;
                self.pos = close + 1;
                let (s, e) = self.eval.array_element(name_at, index)?;
                let v = self.nested(s, e)?;
                self.convert(v, ty)
            }
            Binding::Unknown | Binding::UnknownScalar => None,
        }
    }
}

/// C++ precedence of a binary operator (higher binds tighter); 0 for one
/// that is not a binary arithmetic, comparison or logical operator.
pub(crate) fn binary_precedence(op: &str) -> u8 {
    match op {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" => 8,
        "<" | ">" | "<=" | ">=" => 7,
        "==" | "!=" => 6,
        "&" => 5,
        "^" => 4,
        "|" => 3,
        "&&" => 2,
        "||" => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> HostLaunch {
        let launches = scan_launches(&[text]);
        assert_eq!(launches.len(), 1, "{launches:?}");
        launches.into_iter().next().unwrap()
    }

    #[test]
    fn only_declares_accepts_prototypes_and_the_definition_but_no_call() {
        assert!(only_declares("void run(float *a, int n);\n", "run", false));
        assert!(only_declares(
            "#include <vector>\nstd::vector<KV> run(KV *t);\nnamespace ns { extern \"C\" const int &run(int); }\n",
            "run",
            true
        ));
        // Calls at namespace scope: initializers, default arguments,
        // template arguments, array bounds, a macro body.
        for text in [
            "int x = a > run(3);\n",
            "void g(int a = run(3));\n",
            "X<run(3)> y;\n",
            "int v[run(3)];\n",
            "#define CALL run(3);\n",
            "struct S { void m() { T run(3); } };\n",
        ] {
            assert!(!only_declares(text, "run", true), "{text}");
        }
        assert!(only_declares(
            "void run(float *a, int n) { k<<<1, n>>>(a); }\n",
            "run",
            true
        ));
        // A header's definition: any program may include it and call it.
        assert!(!only_declares(
            "void run(float *a, int n) { k<<<1, n>>>(a); }\n",
            "run",
            false
        ));
        // A call anywhere (in its own body, in another function, behind a
        // function pointer) is a mention that is not a declaration.
        assert!(!only_declares(
            "void run(float *a, int n) { if (n) run(a, n - 1); }\n",
            "run",
            true
        ));
        assert!(!only_declares(
            "void run(float *a, int n) {}\nvoid go(float *d) { run(d, 1); }\n",
            "run",
            true
        ));
        assert!(!only_declares(
            "void run(float *a, int n);\nauto p = run;\n",
            "run",
            true
        ));
    }

    #[test]
    fn wrappers_whose_pointer_parameters_give_the_arguments_are_recorded() {
        // The sizes do not depend on `run`, the pointers do: the file layer
        // must ask whether another unit calls it.
        let l = one(
            "void run(float *x, float *y) { k<<<1, 256>>>(x, y); }\nint main() { float *a, *b; cudaMalloc(&a, 4); cudaMalloc(&b, 4); run(a, b); }\n",
        );
        assert!(l.callers.is_empty(), "{:?}", l.callers);
        assert_eq!(l.pointer_callers, vec!["run".to_string()]);
        let l = one(
            "int main() { float *a, *b; cudaMalloc(&a, 4); cudaMalloc(&b, 4); k<<<1, 256>>>(a, b); }\n",
        );
        assert!(l.pointer_callers.is_empty(), "{:?}", l.pointer_callers);
    }

    #[test]
    fn external_definitions_are_file_scope_unconditional_and_typed_by_builtins() {
        let defs = |t: &str, f: &str| external_definitions(t, f).expect("balanced");
        assert_eq!(
            defs("int main(int argc, char **argv) { return 0; }\n", "main").len(),
            1
        );
        assert_eq!(
            defs(
                "extern \"C\" { void run(float *a, const float *b, int n) { k<<<1, n>>>(a); } }\n",
                "run"
            ),
            vec![Some(vec![
                "float *".to_string(),
                "const float *".to_string(),
                "int".to_string()
            ])]
        );
        // Unnamed parameters and `(void)` spell the same signatures.
        assert_eq!(
            defs("void run(float*, int) {}\n", "run"),
            defs("void run(float *p, int n) {}\n", "run")
        );
        assert_eq!(defs("int main(void) {}\n", "main"), vec![Some(vec![])]);
        // A type the file may define: no signature.
        assert_eq!(defs("void run(real *a) {}\n", "run"), vec![None]);
        // Not in every program, not external, not at file scope, no definition.
        for text in [
            "#ifdef STANDALONE\nint main() { return 0; }\n#endif\n",
            "#if 0\nint main() {}\n#else\nint other() {}\n#endif\n",
            "static int main() { return 0; }\n",
            "namespace app { int main() { return 0; } }\n",
            "namespace { int main() { return 0; } }\n",
            "int main();\n",
            "void f() { main(); }\n",
            "struct S { int main() { return 0; } };\n",
            "inline int main() { return 0; }\n",
            "template <class T> int main() { return 0; }\n",
            "#define BODY int main() { return 0; }\nBODY\n",
        ] {
            assert!(defs(text, "main").is_empty(), "{text}");
        }
        // Conditional arms that leave a brace open: file scope unknown.
        assert_eq!(
            external_definitions("#ifdef A\nnamespace a {\n#endif\nint main() {}\n", "main"),
            None
        );
    }

    #[test]
    fn a_file_with_no_declaration_of_anothers_function_refers_to_its_own() {
        for text in [
            "void run(float *a, int n) { k<<<1, n>>>(a); }\nint main() { float *d; run(d, 4); run(d + 1, 4); }\n",
            "__global__ void run(float *a) {}\nint main() { float *d; run<<<1, 32>>>(d); }\n",
            "struct R { void run(float *a); };\nvoid R::run(float *a) {}\nint main() { R r; float *d; r.run(d); }\n",
            "static void run(float *a) {}\nauto p = run;\n",
            "namespace ops { void run(float *a) {} }\nint main() { float *d; ops::run(d); ::ops::run(d); }\n",
        ] {
            assert!(refers_only_to_its_own(text, "run"), "{text}");
        }
        for text in [
            "void run(float *a, float *b);\nint main() { float *d; run(d, d); }\n",
            "int main() { void run(float *, float *); float *d; run(d, d); }\n",
            "inline void run(float *a, float *b) {}\nint main() { float *d; run(d, d); }\n",
            "template <class T> void run(T *a, T *b) {}\n",
            "auto run(float *a, float *b) -> void;\nint main() { float *d; run(d, d); }\n",
            "#define CALL(d) run(d, d)\n",
            "[[nodiscard]] float *run(float *a);\n",
            "struct S { friend void run(float *, float *); };\n",
        ] {
            assert!(!refers_only_to_its_own(text, "run"), "{text}");
        }
    }

    #[test]
    fn counters_of_enclosing_counting_loops_bound_arguments() {
        let l = one(
            "void f(float *m, int n) {\n  for (int s = 1; s <= n; s += 2)\n    for (int t = 0; t < n - 1; ++t) {\n      if (n > 4) {\n        k<<<n, 256>>>(m, n, t, s);\n      }\n    }\n}\n",
        );
        assert_eq!(l.arg_lower_bounds, vec![None, None, Some(0), Some(1)]);
        assert_eq!(l.template_values, Vec::<Option<i128>>::new());
        // A counter written in the body, a shrinking one, a `while`: no bound.
        let l = one(
            "void f(float *m, int n) {\n  for (int t = 0; t < n; t++) { k<<<n, 256>>>(m, t); t -= 2; }\n}\n",
        );
        assert_eq!(l.arg_lower_bounds, vec![None, None]);
        let l = one(
            "void f(float *m, int n) {\n  for (int t = n; t > 0; t--) k<<<n, 256>>>(m, t);\n}\n",
        );
        assert_eq!(l.arg_lower_bounds, vec![None, None]);
        let l = one("void f(int n) {\n  int t = 0;\n  while (t < n) { k<<<1, 1>>>(t); t++; }\n}\n");
        assert_eq!(l.arg_lower_bounds, vec![None]);
        let l = one(
            "void f(int n) {\n  k<<<1, 1, 0>>>(n);\n}\nvoid g() { k<3><<<1, 1>>>(2); }\n"
                .split("void g")
                .next()
                .unwrap(),
        );
        assert_eq!(l.arg_lower_bounds, vec![None]);
        let l = one("void g() { const int b = 64; k<b * 2, float><<<1, b>>>(2); }\n");
        assert_eq!(l.template_values, vec![Some(128), None]);
    }

    /// The loop bounds of each argument of the only launch, as text over
    /// `a0`, `a1`, ... (`<= (a1 - 1) / 16`), joined by `, `.
    fn loop_bounds(text: &str) -> Vec<Option<String>> {
        one(text)
            .arg_loop_bounds
            .into_iter()
            .map(|bounds| {
                let texts: Vec<String> = bounds
                    .iter()
                    .map(|b| {
                        let e = b.bound.display(&|leaf| match leaf {
                            SizeExpr::Arg(k, _) => format!("a{k}"),
                            _ => format!("t{leaf:?}"),
                        });
                        format!("{} {e}", b.op.text())
                    })
                    .collect();
                (!texts.is_empty()).then(|| texts.join(", "))
            })
            .collect()
    }

    #[test]
    fn loop_counters_passed_are_bounded_by_their_condition() {
        // The counter's bound over another argument, through a local.
        assert_eq!(
            loop_bounds(
                "void f(int *d, int n) {\n  const int w = (n - 1) / 16;\n  for (int b = 1; b <= w; b++) {\n    size_t g = b;\n    k<<<g, 16>>>(d, n, b);\n  }\n}\n"
            ),
            vec![None, None, Some("<= (a1 - 1) / 16".into())]
        );
        // A constant bound, a strict one, in an outer loop.
        assert_eq!(
            loop_bounds(
                "void f(int *d, int n) {\n  for (int t = 0; t < 8; t++)\n    for (int i = 0; i < n; i++) k<<<1, 1>>>(d, t, n);\n}\n"
            ),
            vec![None, Some("< 8".into()), None]
        );
        // Brackets and a cast keep the comparison the root.
        assert_eq!(
            loop_bounds(
                "void f(int n, int m) { for (int t = 0; t < (n | m); t++) k<<<1, 1>>>(t, n, m); }"
            )[0],
            Some("< a1 | a2".into())
        );
        assert_eq!(
            loop_bounds(
                "void f(long n) { for (int t = 0; t < (int)n - 1; t++) k<<<1, 1>>>(t, n); }"
            )[0],
            Some("< a1 - 1".into())
        );
        // Unsigned bound: the comparison's type is kept in the relation.
        let l = one("void f(unsigned n) { for (int t = 0; t < n; t++) k<<<1, 1>>>(t, n); }");
        let bound = l.arg_loop_bounds[0].first().cloned().expect("bound");
        assert_eq!(bound.op, BoundOp::Lt);
        assert_eq!(bound.bound.ty(), HostIntTy::UINT);
        // A decreasing counter: its condition from below, its start from
        // above (converted to the counter's `int`).
        assert_eq!(
            loop_bounds(
                "void f(int *d, int n) {\n  const int w = (n - 1) / 16;\n  for (int b = w - 1; b >= 1; b--)\n    k<<<b, 16>>>(d, w, n, b);\n}\n"
            ),
            vec![None, None, None, Some(">= 1, <= a1 - 1".into())]
        );
        assert_eq!(
            loop_bounds("void f(long n) { for (int t = n; t > 0; t -= 2) k<<<1, 1>>>(t, n); }")[0],
            Some("> 0, <= a1".into())
        );
        // The start written after the launch, in the loop: a later launch's
        // argument is not the start; the condition still holds.
        assert_eq!(
            loop_bounds("void f(int n) { int w = n; for (int t = w; t > 0; t--) { k<<<1, 1>>>(t, w); w = 2 * w; } }")[0],
            Some("> 0".into())
        );
    }

    #[test]
    fn loop_bounds_that_may_change_before_the_launch_are_unknown() {
        for text in [
            // The bound's variable written in the body before the launch.
            "void f(int n) { for (int t = 0; t < n; t++) { n--; k<<<1, 1>>>(t, n); } }",
            // Through a local written in the body.
            "void f(int n) { int w = n; for (int t = 0; t < w; t++) { w = n + 5; k<<<1, 1>>>(t, n); } }",
            // The counter written in the body.
            "void f(int n) { for (int t = 0; t < n; t++) { t += 2; k<<<1, 1>>>(t, n); } }",
            // A variable of the counter's name declared in the body.
            "void f(int n) { for (int t = 0; t < n; t++) { int t = n + 1; k<<<1, 1>>>(t, n); } }",
            // A bound not passed to the kernel.
            "void f(int n, int m) { for (int t = 0; t < m; t++) k<<<1, 1>>>(t, n); }",
            // A bound through a call or a member.
            "void f(int n) { for (int t = 0; t < g(n); t++) k<<<1, 1>>>(t, n); }",
            "void f(S s, int n) { for (int t = 0; t < s.n; t++) k<<<1, 1>>>(t, n); }",
            // Not `t < E` / `t <= E`.
            "void f(int n) { for (int t = 0; n > t; t++) k<<<1, 1>>>(t, n); }",
            // `t < n | m` is `(t < n) | m` (review, 7d67027); and the like.
            "void f(int n, int m) { for (int t = 0; t < n | m; t++) k<<<1, 1>>>(t, n, m); }",
            "void f(int n, int m) { for (int t = 0; t < n ^ m; t++) k<<<1, 1>>>(t, n, m); }",
            "void f(int n, int m) { for (int t = 0; t < n & m; t++) k<<<1, 1>>>(t, n, m); }",
            "void f(int n, int m) { for (int t = 0; t < n == m; t++) k<<<1, 1>>>(t, n, m); }",
            "void f(int n, int m) { for (int t = 0; t < n < m; t++) k<<<1, 1>>>(t, n, m); }",
            "void f(int n, int m) { for (int t = 0; t < n ? m : 1; t++) k<<<1, 1>>>(t, n, m); }",
            "void f(int n) { for (int t = 0; t < n && t < 9; t++) k<<<1, 1>>>(t, n); }",
            // The bound's address taken: it may change unseen.
            "void f(int n) { int *p = &n; for (int t = 0; t < n; t++) { *p = 3; k<<<1, 1>>>(t, n); } }",
            // The counter written in a nested loop without braces.
            "void f(int n) { for (int t = 0; t < n; t++) for (int i = 0; i < 2; i++) { t = n + i; k<<<1, 1>>>(t, n); } }",
            // Launched in a lambda in the loop: it may run at another time.
            "void f(int n) { for (int t = 0; t < 8; t++) { auto g = [&] { k<<<1, 1>>>(t, n); }; run(g); } }",
            // A decreasing counter whose condition's floor is not a constant
            // (it may wrap): no start bound; the condition's bound is the
            // first argument's only.
            "void f(int n, int m) { for (int t = n; t >= m; t--) k<<<1, 1>>>(t, n); }",
        ] {
            assert_eq!(loop_bounds(text)[0], None, "{text}");
        }
    }

    #[test]
    fn dim3_variables_and_arithmetic() {
        let l = one(
            "__global__ void k(float *o, const float *i, int n) {}\nint main() {\n  const int n = 400;\n  dim3 block(8, 8, 4);\n  dim3 grid((n + 7) / 8, (n + 7) / 8, n / 4);\n  k<<<grid, block>>>(o, i, n);\n}\n",
        );
        assert_eq!(l.kernel, "k");
        assert_eq!(l.block, [Some(8), Some(8), Some(4)]);
        assert_eq!(l.grid, [Some(50), Some(50), Some(100)]);
        assert_eq!(l.args, vec![None, None, Some(400)]);
    }

    #[test]
    fn dim3_reassigned_from_make_uint3() {
        // The assignment in the `if` around the second launch reaches it;
        // the first launch sees the declaration.
        let scan = scan_translation(&["__global__ void h(int *o) {}\n__global__ void m(int *o, int n) {}\nvoid f(int *o, int n) {\n  dim3 grid(n, 1, 1);\n  dim3 threads(128, 1, 1);\n  h<<<grid, threads>>>(o);\n  if (n > 64) {\n    grid = make_uint3(64, 1, 1);\n    threads = make_uint3(32, 2, 1);\n    m<<<grid, threads>>>(o, n);\n  }\n}\n"]);
        let h = &scan.launches[0];
        assert_eq!(
            (h.grid, h.block_dim()),
            ([None, Some(1), Some(1)], Some([128, 1, 1]))
        );
        let m = &scan.launches[1];
        assert_eq!(
            (m.grid_dim(), m.block_dim()),
            (Some([64, 1, 1]), Some([32, 2, 1]))
        );
        // Reassigned only on one path: unknown at the launch after the `if`.
        let l = one(
            "void f(int n) { dim3 t(128); if (n) { t = make_uint3(32, 1, 1); } k<<<1, t>>>(); }",
        );
        assert_eq!(l.block[0], None);
        // Not three components: not a `uint3` this scanner understands; nor
        // is a call or another `dim3` (y and z unknown too).
        let l = one("void f() { dim3 t(128); t = make_uint3(32, 1); k<<<1, t>>>(); }");
        assert_eq!(l.block, [None; 3]);
        let l = one("void f(int n) { dim3 t = grid_of(n); k<<<1, t>>>(); }");
        assert_eq!(l.block, [None; 3]);
        let l = one("void f(int n, dim3 o) { dim3 t(64, 2); t = o; k<<<1, t>>>(); }");
        assert_eq!(l.block, [None; 3]);
        let l = one("void f(int n) { dim3 t = n; k<<<1, t>>>(); }");
        assert_eq!(l.block, [None, Some(1), Some(1)]);
    }

    #[test]
    fn templates_inline_dim3_and_smem_stream() {
        let l = one("void run(int n) { tile<16, float><<<n / 16, dim3(16, 16), 0, s>>>(o, i); }");
        assert_eq!(l.kernel, "tile");
        assert_eq!(l.template_args, vec!["16", "float"]);
        assert_eq!(l.block, [Some(16), Some(16), Some(1)]);
        // `n` is a parameter: unknown.
        assert_eq!(l.grid, [None, Some(1), Some(1)]);
        assert_eq!(l.block_dim(), Some([16, 16, 1]));
        assert_eq!(l.grid_dim(), None);
    }

    #[test]
    fn wrapper_parameters_every_call_passes_one_constant() {
        let wrapper = "void run(int *d, const unsigned n) { k<<<(n + 255) / 256, 256>>>(d, n); }\n";
        let l = one(&format!(
            "{wrapper}int main() {{ run(a, 4096); run(b, 4096); }}"
        ));
        assert_eq!(l.grid[0], Some(16));
        assert_eq!(l.args, vec![None, Some(4096)]);
        assert_eq!(l.callers, vec!["run".to_string()]);
        // A prototype is not a call.
        let l = one(&format!(
            "void run(int *d, const unsigned n);\n{wrapper}int main() {{ run(a, 64); }}"
        ));
        assert_eq!(l.args, vec![None, Some(64)]);
        // Different constants, a function pointer, a call with another
        // number of arguments, a written or by-reference parameter, a
        // member function, a recursive wrapper: unknown.
        for text in [
            format!("{wrapper}int main() {{ run(a, 64); run(a, 128); }}"),
            format!("{wrapper}int main() {{ auto f = run; f(a, 64); run(a, 64); }}"),
            format!("{wrapper}int main() {{ run(a, m); }}"),
            "void run(int *d, unsigned n) { n++; k<<<n, 256>>>(d, n); }\n\
             int main() { run(a, 64); }"
                .to_string(),
            "void run(int *d, const unsigned &n) { k<<<n, 256>>>(d, n); }\n\
             int main() { run(a, 64); }"
                .to_string(),
            "struct S { void run(int *d, const unsigned n) { k<<<n, 256>>>(d, n); } };\n\
             int main() { S s; s.run(a, 64); }"
                .to_string(),
            "void run(int *d, const unsigned n) { k<<<n, 256>>>(d, n); run(d, n); }\n\
             int main() { run(a, 64); }"
                .to_string(),
        ] {
            let l = one(&text);
            assert_eq!(l.grid[0], None, "{text}");
            assert_eq!(l.args.get(1), Some(&None), "{text}");
        }
        // A call with fewer arguments than the wrapper takes (and no default)
        // is of another overload: the wrapper's one call passes 64 (before
        // session 56 such a call made the value unknown).
        let l = one(&format!("{wrapper}int main() {{ run(a, 64); run(a); }}"));
        assert_eq!(l.args.get(1), Some(&Some(64)));
    }

    #[test]
    fn wrapper_parameters_read_before_their_writes_have_the_passed_value() {
        // Read before every write, outside the loop that writes them: the
        // values passed (`n` read into `grid` before the loop halves it).
        let l = one("void run(int *d, int m, int log2n) {\n\
             int n = 1 << log2n;\n\
             dim3 grid(n / 256, m, 1);\n\
             for (; log2n > 10; log2n -= 2, m <<= 2) k<<<grid, 64>>>(d, log2n);\n\
             }\n\
             int main() { run(a, 2, 20); }");
        assert_eq!(l.grid, [Some(4096), Some(2), Some(1)]);
        assert_eq!(l.args, vec![None, None]);
        // A write that may run before the read: before it, in a loop around
        // it, in a lambda, or with a `goto` in the body: unknown.
        for text in [
            "void run(int *d, int m) { m += 1; dim3 g(m); k<<<g, 64>>>(d, m); }\n\
             int main() { run(a, 2); }",
            "void run(int *d, int m) { for (int i = 0; i < 4; i++) { dim3 g(m); \
             k<<<g, 64>>>(d, i); m *= 2; } }\n\
             int main() { run(a, 2); }",
            "void run(int *d, int m) { auto f = [&]() { m = 7; }; dim3 g(m); \
             k<<<g, 64>>>(d, 0); f(); }\n\
             int main() { run(a, 2); }",
            "void run(int *d, int m) { again: dim3 g(m); k<<<g, 64>>>(d, 0); \
             m = 9; if (d) goto again; }\n\
             int main() { run(a, 2); }",
        ] {
            let l = one(text);
            assert_eq!(l.grid[0], None, "{text}");
        }
    }

    #[test]
    fn wrapper_template_calls_pass_their_constants() {
        let wrapper = "template <typename T, int B>\n\
                       void run(T *d, int n) { k<<<n / B, B>>>(d, n); }\n";
        let l = one(&format!(
            "{wrapper}int main() {{ int n = 4096; run<float, 256>(a, n); \
             run<std::pair<int, int>, (8 > 2)>(b, 4096); }}"
        ));
        assert_eq!(l.args, vec![None, Some(4096)]);
        assert_eq!(l.callers, vec!["run".to_string()]);
        // Two wrappers, each called once; a parameter that is the block.
        let launches = scan_launches(&[
            "template <typename T> void one(T *d, int n) { k<<<1, n>>>(d, n); }\n\
             template <typename T> void two(T *d, int n) { h<<<1, n>>>(d, n); }\n\
             int main() { int n = 64; one<float>(a, n); two<float>(a, n); }",
        ]);
        let blocks: Vec<_> = launches.iter().map(|l| l.block).collect();
        assert_eq!(blocks, vec![[Some(64), Some(1), Some(1)]; 2]);
        // Another constant through a specialization, a specialization taken
        // as a function pointer, an explicit specialization's own
        // definition: unknown.
        for text in [
            format!("{wrapper}int main() {{ run<float, 256>(a, 64); run<int, 64>(b, 128); }}"),
            format!("{wrapper}int main() {{ auto f = run<float, 256>; f(a, 32); run(a, 64); }}"),
        ] {
            // Each specialization named is a launch of its own (its `B`).
            let launches = scan_launches(&[text.as_str()]);
            assert!(!launches.is_empty(), "{text}");
            for l in &launches {
                assert_eq!(l.args.get(1), Some(&None), "{text}");
            }
        }
        // An explicit specialization's own definition is not a call of the
        // template: `run<float, 256>(a, 64)` is its one call.
        let text = format!(
            "{wrapper}template <> void run<int, 8>(int *d, int n) {{ }}\n\
             int main() {{ run<float, 256>(a, 64); }}"
        );
        let launches = scan_launches(&[text.as_str()]);
        assert!(
            launches.iter().any(|l| l.args.get(1) == Some(&Some(64))),
            "{text}"
        );
    }

    #[test]
    fn constant_member_defaults_of_default_initialized_objects() {
        let class = "class P {\n public:\n  static const int n = 3;\n  const int v = 7;\n  \
                     static const int a = n * 2;\n  int w = 5;\n  const float f = 1.5;\n};\n";
        let l = one(&format!(
            "{class}int main() {{ P p; const int v = p.v; dim3 g(p.a); k<<<g, 64>>>(d, v, p.v, p.n); }}"
        ));
        assert_eq!(l.args, vec![None, Some(7), Some(7), Some(3)]);
        assert_eq!(l.grid[0], Some(6));
        // A forward declaration before the definition, a base class, a
        // `const` object.
        let l = one(
            "struct P; struct B {}; struct P : B { const int v = 7; };\n\
             void f() { const P p; k<<<1, 1>>>(p.v); }",
        );
        assert_eq!(l.args, vec![Some(7)]);
        // Default constructors that leave the member alone, and one that
        // default-initialization does not call.
        for ctor in [
            "P() {}",
            "P() {};",
            "P() = default;",
            "P() : w(1) {}",
            "P(int w) : v(w) {} P() {}",
            "~P() {} P(const P &o) : v(o.v) {}",
        ] {
            let text = format!(
                "struct P {{ const int v = 7; int w; {ctor} }}; void f() {{ P p; k<<<1, 1>>>(p.v); }}"
            );
            assert_eq!(one(&text).args, vec![Some(7)], "{text}");
        }
        // Not fixed: a member that is not const (it may be assigned), not an
        // integer; an object initialized with values or bound by reference;
        // a class with a constructor (it may set the member); a class
        // template; two classes of that name; a member object of another
        // class (its constructor may initialize it).
        let unknown = [
            format!("{class}void f() {{ P p; k<<<1, 1>>>(p.w); }}"),
            format!("{class}void f() {{ P p; k<<<1, 1>>>(p.f); }}"),
            format!("{class}void f() {{ P p{{9}}; k<<<1, 1>>>(p.v); }}"),
            format!("{class}void f() {{ P p = {{9}}; k<<<1, 1>>>(p.v); }}"),
            format!("{class}void f(P &q) {{ P &p = q; k<<<1, 1>>>(p.v); }}"),
            "struct P { const int v = 7; P() : v(9) {} }; void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
            "struct P { const int v = 7; P(int w = 9) : v(w) {} }; void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
            "struct P { const int v = 7; P(); }; void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
            "struct P { const int v = 7; P() : P(9) {} P(int w) : v(w) {} }; void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
            "template <int N> struct P { const int v = N; }; void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
            "namespace a { struct P { const int v = 7; }; } namespace b { struct P { const int v = 8; }; }\n\
             void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
            "struct P { const int v = 7; }; struct Q { P p; Q() : p{9} {}\n\
             void g() { k<<<1, 1>>>(p.v); } };"
                .to_string(),
            "struct P *make() { const int v = 7; return 0; } void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
            "struct P { const int v = 7; }; void f() { P p; fill(&p); k<<<1, 1>>>(p.v); }"
                .to_string(),
            "const int a = 1; struct P { const int v = a * 2; static const int a = 5; };\n\
             void f() { P p; k<<<1, 1>>>(p.v); }"
                .to_string(),
        ];
        for text in &unknown {
            assert_eq!(one(text).args, vec![None], "{text}");
        }
    }

    #[test]
    fn written_or_redeclared_names_are_unknown() {
        let l = one("int threads = 256;\nvoid f() { threads *= 2; k<<<1, threads>>>(); }");
        assert_eq!(l.block, [None, Some(1), Some(1)]);
        let l = one("void f() { dim3 b(32); b.x = 64; k<<<1, b>>>(); }");
        assert_eq!(l.block, [None, None, None]);
        // Each function's own local (the value reaching the launch).
        let l = one("void f() { int t = 64; } void g() { int t = 128; k<<<1, t>>>(); }");
        assert_eq!(l.block[0], Some(128));
        let l = one("void f() { int t = 64; } void g() { int t = 64; k<<<1, t>>>(); }");
        assert_eq!(l.block[0], Some(64));
        let l = one("void f() { int t; std::cin >> t; k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f() { int t = 32; scanf(\"%d\", &t); k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        // Passed to a function template's specialization: a copy only where
        // its declarations take the parameter by value.
        for (params, block) in [("int n", Some(32)), ("int &n", None), ("T n", None)] {
            let l = one(&format!(
                "template <typename T> void set(T *d, {params});\n\
                 void f() {{ int t = 32; set<float>(d, t); k<<<1, t>>>(); }}"
            ));
            assert_eq!(l.block[0], block, "{params}");
        }
        // A kernel parameter of the same name does not shadow host code.
        let l = one(
            "__global__ void k(int t) { }\nconstexpr int t = 32;\nvoid f() { k<<<2, t>>>(t); }",
        );
        assert_eq!(
            (l.block[0], l.grid[0], l.args.clone()),
            (Some(32), Some(2), vec![Some(32)])
        );
    }

    #[test]
    fn the_value_reaching_a_launch_in_straight_line_code() {
        // Reassigned later: the launch sees the first value, the second
        // declaration the second.
        let texts = ["void f() {\n  int t = 192;\n  dim3 a(t);\n  k<<<1, a>>>();\n  t = 96;\n  dim3 b(t);\n  k<<<1, b>>>();\n  k<<<1, t>>>();\n}\n"];
        let l = scan_launches(&texts);
        let blocks: Vec<_> = l.iter().map(|l| l.block[0]).collect();
        assert_eq!(blocks, vec![Some(192), Some(96), Some(96)]);
        // A file-scope constant hidden by another function's parameter.
        let l = one("const int N = 8 * 32;\nvoid g(int N) { }\nint main() { k<<<2, 64>>>(N); }");
        assert_eq!(l.args, vec![Some(256)]);
        let l = one("const int N = 256;\nvoid g(int N) { k<<<2, 64>>>(N); }");
        assert_eq!(l.args, vec![None]);
        // A constant passed to a call that could take a reference: still
        // itself (a const object is never written).
        let l = one("const int N = 256;\nvoid g(int N);\nint main() { g(N); k<<<2, 64>>>(N); }");
        assert_eq!(l.args, vec![Some(256)]);
        let l = one("int N = 256;\nvoid g(int &N);\nint main() { g(N); k<<<2, 64>>>(N); }");
        assert_eq!(l.args, vec![None]);
        // Written in a loop around the launch, after it: unknown.
        let l =
            one("void f() { int t = 64; for (int i = 0; i < 3; i++) { k<<<1, t>>>(); t = 128; } }");
        assert_eq!(l.block[0], None);
        // Written in a branch before it: unknown.
        let l = one("void f(int c) { int t = 64; if (c) t = 128; k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f(int c) { int t = 64; if (c) { t = 128; } k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        // Passed to a call that may take it by reference (and keep it: a
        // later call may write through it, even after an assignment), or its
        // address taken.
        let l = one("void f() { int t = 64; parse(t); t = 32; k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f() { int t = 64; t = 32; parse(t); k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f() { int t = 64; int *p = &t; t = 32; *p = 8; k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f() { int t = 64; int &r = t; t = 32; r = 8; k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        // A lambda may run later; a goto may skip the assignment; a static
        // keeps the value of an earlier call.
        let l = one("void f() { int t = 64; auto go = [&]() { k<<<1, t>>>(); }; t = 32; go(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f(int c) { int t = 64; if (c) goto x; t = 32; x: k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f() { static int t = 64; k<<<1, t>>>(); t = 32; }");
        assert_eq!(l.block[0], None);
        // An inner declaration hides the outer one.
        let l = one("void f() { int t = 64; t = 16; { float *t; k<<<1, 32>>>(t); } }");
        assert_eq!(l.args, vec![None]);
        let l = one("void f() { int t = 64; t = 16; for (int t = 0; t < 4; t++) k<<<1, t>>>(); }");
        assert_eq!(l.block[0], None);
        // A loop without braces ends with its statement: later writes do not count.
        let l = one("void f() { dim3 b; b = dim3(64); for (int i = 0; i < 9; i++) k<<<1, b>>>(); b = dim3(32); }");
        assert_eq!(l.block[0], Some(64));
        let l = one("void f(int c) { int t = 8; t = 64; while (c) if (c > 1) c--; else k<<<1, t>>>(); t = 4; }");
        assert_eq!(l.block[0], Some(64));
        let l = one("void f(int c) { int t = 8; t = 64; while (c) if (c > 1) t++; else k<<<1, t>>>(); t = 4; }");
        assert_eq!(l.block[0], None);
        // A switch label may jump past the assignment.
        let l =
            one("void f(int c) { switch (c) { case 0: int t; t = 4; case 1: k<<<1, t>>>(); } }");
        assert_eq!(l.block[0], None);
        // do-while condition writes count as the loop's.
        let l = one("void f() { int t = 64; t = 8; do { k<<<1, t>>>(); } while (t++ < 99); }");
        assert_eq!(l.block[0], None);
    }

    #[test]
    fn api_launches_and_device_launches() {
        let l = one("void f() { dim3 g(4), b(128); cudaLaunchCooperativeKernel((void*)red, g, b, args, 0, s); }");
        assert_eq!(l.kernel, "red");
        assert_eq!(
            (l.grid_dim(), l.block_dim()),
            (Some([4, 1, 1]), Some([128, 1, 1]))
        );
        let l = one("__global__ void parent() { child<<<1, 32>>>(); }");
        assert_eq!((l.kernel.as_str(), l.block_dim()), ("child", None));
    }

    #[test]
    fn casts_sizeof_min_and_shifts() {
        let l = one("const unsigned N = 1 << 20; void f() { k<<<(int)((N + 255) / 256), std::min(256, 1024), 256 * sizeof(float)>>>(N); }");
        assert_eq!(l.grid[0], Some(4096));
        assert_eq!(l.block[0], Some(256));
        assert_eq!(l.args, vec![Some(1 << 20)]);
        // Not launches: shifts and comparisons.
        assert!(scan_launches(&["int a = b << c; bool x = a < b > c;"]).is_empty());
        // Unterminated launch: nothing, no panic.
        assert!(scan_launches(&["k<<<1, 2"]).is_empty());
        assert!(scan_launches(&["<<<>>>();"]).is_empty());
    }

    #[test]
    fn floor_and_ceil_of_integer_quotients() {
        let l = one("const int N = (1000); void f() { k<<<floorf(N/256.f) + 1, 256>>>(); }");
        assert_eq!(l.grid, [Some(4), Some(1), Some(1)]);
        let l = one("void f() { const int n = 1000; dim3 g(ceil(n / 16.0), std::ceil((n - 2) / 16.f)); k<<<g, 16>>>(); }");
        assert_eq!(l.grid, [Some(63), Some(63), Some(1)]);
        // Not one integer division, or too large to be exact: unknown.
        let l = one("void f() { const int n = 1000; k<<<floorf(n / 2.5f), 1>>>(); }");
        assert_eq!(l.grid[0], None);
        let l = one("void f() { const int n = 1000; k<<<floorf(n + 7 / 8.f), 1>>>(); }");
        assert_eq!(l.grid[0], None);
        let l = one("void f() { const long n = 1L << 40; k<<<ceilf(n / 256.f), 1>>>(); }");
        assert_eq!(l.grid[0], None);
    }

    #[test]
    fn power_of_two_multiples_of_integer_arguments() {
        let l = one(
            "int main(int argc, char **argv) { int pages = atoi(argv[1]); const int n = pages * 1024; \
             size_t bytes = (size_t)n * sizeof(float) + 64 * n; int h = argc; \
             k<<<n / 256, 256>>>(n, bytes, n << 2, -n, argc ? n : 512, n + 1, n / 2, h * 6, pages); }",
        );
        assert_eq!(l.arg_pow2, vec![10, 12, 12, 10, 9, 0, 0, 1, 0]);
        // A floating-point factor (0.5 * 1024 = 512), a pointer, a name
        // declared twice or a call of unknown result type give nothing.
        let l = one(
            "void f(float s, double *d, int a, int b) { int m = s * 1024; int q = g(a) * 1024; \
             k<<<1, 256>>>(m, 0.5 * 1024, q, d[0] * 8, a * b * 4); }",
        );
        assert_eq!(l.arg_pow2, vec![0, 0, 0, 0, 2]);
    }

    #[test]
    fn values_that_may_be_dim3_are_unknown_in_every_dimension() {
        let l = one("void f() { auto b = dim3(8, 4); k<<<grid_of(n), b>>>(); }");
        assert_eq!((l.grid, l.block_dim()), ([None; 3], Some([8, 4, 1])));
        let l = one("void f(Params p) { k<<<p.blocks, 64>>>(); }");
        assert_eq!(l.grid, [None; 3]);
        // An `int` of unknown value: one dimension.
        let l = one("int a = b; int b = a; void f(int n) { k<<<a, 64>>>(); }");
        assert_eq!(l.grid, [None, Some(1), Some(1)]);
        let l = one("void f(int n) { k<<<(n + 63) / 64, 64>>>(); }");
        assert_eq!(l.grid, [None, Some(1), Some(1)]);
    }

    #[test]
    fn other_uses_of_a_kernel_name_are_unknown_launches() {
        let scan = scan_translation(&["__global__ void k(int *o, int w) {}\nint main() {\n  k<<<1, 64>>>(o, 64);\n  void (*f)(int *, int) = k;\n  cudaFuncSetAttribute(k, attr, 0);\n  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, 64, 0);\n  cudaLaunchKernelEx(&cfg, k, o, 32);\n}\n"]);
        let sizes: Vec<_> = scan
            .launches
            .iter()
            .map(|l| (l.block[0], l.args.clone()))
            .collect();
        assert_eq!(
            sizes,
            vec![
                (Some(64), vec![None, Some(64)]),
                (None, vec![None, Some(32)]),
                (None, vec![])
            ]
        );
        assert!(scan.local_kernels.is_empty());
        let scan = scan_translation(&["namespace {\n__global__ void a() {}\n}\nstatic __global__ void b() {}\n__global__ void c() {}\n"]);
        let local: Vec<_> = scan.local_kernels.iter().map(|l| l.0.as_str()).collect();
        assert_eq!(local, vec!["a", "b"]);
        let scan = scan_translation(&["__global__ void d(int *);\n__global__ void e(int *p) {}\ntemplate __global__ void f<1>(int *);\n"]);
        let defined: Vec<_> = scan.defined_kernels.iter().map(|l| l.0.as_str()).collect();
        assert_eq!(defined, vec!["e"]);
    }

    #[test]
    fn launches_through_variables_holding_kernels() {
        // `auto k = kern<T, N>;` then `k<<<...>>>`: a launch of `kern<T, N>`;
        // the kernel's name in the definition is not another launch while
        // every other use of `k` only sets attributes.
        let kernel = "template <typename T, int N> __global__ void kern(T *o, int w) {}\n";
        let scan = scan_translation(&[&format!(
            "{kernel}void run(int *o) {{\n  constexpr int fill = 256;\n  auto k = kern<int, fill>;\n  cudaFuncSetAttribute(k, attr, 0);\n  k<<<2, fill + 32>>>(o, 7);\n}}\n"
        )]);
        let found: Vec<_> = scan
            .launches
            .iter()
            .map(|l| {
                (
                    l.kernel.as_str(),
                    l.template_values.clone(),
                    l.block[0],
                    l.args.clone(),
                )
            })
            .collect();
        assert_eq!(
            found,
            vec![(
                "kern",
                vec![None, Some(256)],
                Some(288),
                vec![None, Some(7)]
            )]
        );
        // `&kern` and `ns::kern`, through `cudaLaunchKernel` too.
        let scan = scan_translation(&["namespace ns { __global__ void kern(int *o) {} }\nvoid run(int *o) {\n  auto k = &ns::kern;\n  void *args[] = {&o};\n  cudaLaunchKernel(k, 4, 64, args, 0, 0);\n}\n"]);
        let found: Vec<_> = scan
            .launches
            .iter()
            .map(|l| (l.kernel.as_str(), l.block[0]))
            .collect();
        assert_eq!(found, vec![("kern", Some(64))]);
        // Assigned another kernel before the launch: the launch is of that
        // one, and both kernels may also run in ways unknown (the
        // assignment is another use of the variable).
        let two = "__global__ void a(int *o) {}\n__global__ void b(int *o) {}\n";
        let scan = scan_translation(&[&format!(
            "{two}void run(int *o) {{\n  auto k = a;\n  k = b;\n  k<<<1, 32>>>(o);\n}}\n"
        )]);
        let found: Vec<_> = scan
            .launches
            .iter()
            .map(|l| (l.kernel.as_str(), l.block[0]))
            .collect();
        assert_eq!(found, vec![("b", Some(32)), ("a", None), ("b", None)]);
        // Passed to a wrapper: unknown launches; chosen at run time among
        // kernels (`c ? a : b`): a launch of each.
        let scan = scan_translation(&[&format!(
            "{two}void run(int *o, bool c) {{\n  auto k = a;\n  wrap(k);\n  k<<<1, 32>>>(o);\n  auto m = c ? a : b;\n  m<<<1, 32>>>(o);\n}}\n"
        )]);
        let found: Vec<_> = scan
            .launches
            .iter()
            .map(|l| (l.kernel.as_str(), l.block[0]))
            .collect();
        assert_eq!(
            found,
            vec![
                ("k", Some(32)),
                ("a", Some(32)),
                ("b", Some(32)),
                ("a", None)
            ]
        );
    }

    #[test]
    fn casts_to_arithmetic_types_are_reads() {
        // `(size_t)w` reads `w`; `(int &)w` may bind a reference to it.
        let l = one("void f() { int w = 16; const size_t b = (size_t)w; k<<<1, b>>>(); }");
        assert_eq!(l.block[0], Some(16));
        let l = one("void f() { int w = 16; long b = (unsigned long)w * 2; k<<<1, b>>>(); }");
        assert_eq!(l.block[0], Some(32));
        let l = one("void f() { int w = 16; int &r = (int &)w; r = 3; k<<<1, w>>>(); }");
        assert_eq!(l.block[0], None);
        let l = one("void f() { int w = 16; g((int *)&w); k<<<1, w>>>(); }");
        assert_eq!(l.block[0], None);
    }

    #[test]
    fn elements_of_arrays_never_written() {
        let l = one("void f() { size_t l[2] = {16, 8}; k<<<1, dim3(l[0], l[1])>>>(); }");
        assert_eq!(l.block, [Some(16), Some(8), Some(1)]);
        let l = one("static const int sizes[] = {64, 128};\nvoid f() { dim3 b(sizes[1]); k<<<sizes[0] / 2, b>>>(); }");
        assert_eq!((l.grid[0], l.block[0]), (Some(32), Some(128)));
        // Any mention that may write an element, or alias the array.
        for body in [
            "l[0]++;",
            "g(l);",
            "int *p = &l[0]; *p = 2;",
            "scale(l[0]);",
            "int *p = l + 1;",
            "std::cin >> l[0];",
        ] {
            let l = one(&format!(
                "void f() {{ size_t l[2] = {{16, 8}}; {body} k<<<1, l[0]>>>(); }}"
            ));
            assert_eq!(l.block[0], None, "{body}");
        }
        // Not a plain array initializer.
        let l = one("void f() { int l[2][2] = {{1, 2}, {3, 4}}; k<<<1, l[1][0]>>>(); }");
        assert_eq!(l.block[0], None);
    }

    #[test]
    fn elements_of_arrays_assigned_with_literal_subscripts() {
        let l = one(
            "void f(int n) { size_t b[2]; int o[2]; size_t w = 256;\n  for (int s = 0; s < n; s++) {\n    b[0] = 32; b[1] = w / b[0]; o[0] = s; o[1] = 0;\n    printf(\"%zu\", b[1]); log_line(\"%d\", o[1], n ? o[1] * 2 : 0);\n    k<<<1, dim3(b[0], b[1])>>>(o[0], o[1]);\n  }\n}\nint log_line(const char *f, ...);\n",
        );
        assert_eq!(l.block, [Some(32), Some(8), Some(1)]);
        assert_eq!(l.args, vec![None, Some(0)]);
        // An initialized array with one element assigned: the others keep
        // their initializers.
        let l = one(
            "void f() { size_t l[2] = {16, 8}; l[0] = 32; l[1]++; k<<<1, dim3(l[0], l[1])>>>(); }",
        );
        assert_eq!(l.block, [Some(32), None, Some(1)]);
        // A write the launch may see after the definition, a computed
        // subscript, an alias, a mention in a lambda: unknown.
        for body in [
            "b[0] = 16; if (c) b[0] = 32;",
            "b[0] = 16; if (c) { b[0] = 32; }",
            "b[0] = 16; b[c] = 32;",
            "b[0] = 16; size_t *p = b; p[0] = 32;",
            "b[0] = 16; g(b[0]);",
            "b[0] = 16; auto h = [&]() { b[0] = 32; }; h();",
            "b[0] = 16; size_t &r = b[0]; r = 32;",
            "if (c) b[0] = 16;",
        ] {
            let l = one(&format!(
                "void g(size_t &v);\nvoid f(int c) {{ size_t b[2]; {body} k<<<1, b[0]>>>(); }}"
            ));
            assert_eq!(l.block[0], None, "{body}");
        }
        // A `case` label may jump past the definition.
        let l = one("void f(int c) { size_t b[2]; switch (c) { case 1: b[0] = 16; default: k<<<1, b[0]>>>(); } }");
        assert_eq!(l.block[0], None);
        let l = one("void f(int n) { int o[1]; o[0] = 0; for (int i = 0; i < n; i++) { k<<<1, 1>>>(o[0]); o[0] = i; } }");
        assert_eq!(l.args, vec![None]);
    }

    #[test]
    fn launches_in_lambdas_use_the_lambdas_own_locals() {
        let l = one("void f(P p) { auto go = [&]() { int t = p.n; dim3 b(t, t); int w = 8; k<<<w, b>>>(); }; go(); }");
        assert!(l.block_square);
        assert_eq!(l.grid[0], Some(8));
        // A variable of the enclosing function mentioned in the lambda, or a
        // lambda's local written in a nested lambda: unknown.
        let l = one("void f(int t) { int w = 8; auto go = [&]() { dim3 b(t, t); k<<<w, b>>>(); }; w = 4; go(); }");
        assert_eq!(l.grid[0], None);
        let l = one("void f() { auto go = [&]() { int w = 8; auto s = [&]() { w = 2; }; s(); k<<<w, 1>>>(); }; go(); }");
        assert_eq!(l.grid[0], None);
    }

    #[test]
    fn square_launch_sizes() {
        let squares = |body: &str| {
            let l = one(&format!("void f(int t, int n) {{ {body} }}"));
            (l.grid_square, l.block_square)
        };
        assert_eq!(
            squares("dim3 b(t, t); k<<<dim3(n / 16, n / 16), b>>>();"),
            (true, true)
        );
        assert_eq!(squares("dim3 b(t, t, 4); k<<<n, b>>>();"), (false, true));
        // Different values, calls, a component written after, a 1-D size.
        assert_eq!(squares("dim3 b(t, t + 1); k<<<n, b>>>();"), (false, false));
        assert_eq!(
            squares("k<<<dim3(g(), g()), dim3(t++, t++)>>>();"),
            (false, false)
        );
        assert_eq!(
            squares("dim3 b(t, t); b.y = 2; k<<<n, b>>>();"),
            (false, false)
        );
        assert_eq!(
            squares("dim3 b(t, t); scale(b); k<<<n, b>>>();"),
            (false, false)
        );
        assert_eq!(squares("k<<<n, t>>>();"), (false, false));
    }

    #[test]
    fn host_arithmetic_follows_c_types() {
        let l = one(
            "void f() { unsigned n = 16; int w = (n - 48u) / 2 > 100 ? 32 : 64; k<<<1, 64>>>(w); }",
        );
        assert_eq!(l.args, vec![None]);
        let l = one("void f() { k<<<1, 64>>>(static_cast<signed char>(224), (unsigned char)288, (int)7, (float)3); }");
        assert_eq!(l.args, vec![None, None, Some(7), None]);
        let l = one("void f() { unsigned n = 16; k<<<1, 64>>>(n * 2 + 1u, -n); }");
        assert_eq!(l.args, vec![Some(33), None]);
        let l = one("void f() { short s = 40000; int i = 3000000000; k<<<1, 64>>>(s, i); }");
        assert_eq!(l.args, vec![None, None]);
    }

    #[test]
    fn enumerators_are_the_constants_they_initialize() {
        // The innermost declaration of the name wins, as for variables; an
        // enumerator may read an earlier one.
        let l = one("const int W = 64; void f(float *o) { enum { PARTS = 1024, W = PARTS / 4 }; k<<<W / 32, W>>>(o, PARTS); }");
        assert_eq!(l.block, [Some(256), Some(1), Some(1)]);
        assert_eq!(l.grid, [Some(8), Some(1), Some(1)]);
        assert_eq!(l.args, vec![None, Some(1024)]);
        let l = one(
            "enum Sizes { TILE = 16, ROWS = 8 }; void f() { k<<<1, dim3(TILE, ROWS)>>>(TILE); }",
        );
        assert_eq!(l.block, [Some(16), Some(8), Some(1)]);
        assert_eq!(l.args, vec![Some(16)]);
    }

    #[test]
    fn names_the_scanner_cannot_follow_are_unknown() {
        for text in [
            "void f() { int w = 64; int &r = w; r = 32; k<<<1, 64>>>(w); }",
            "void f() { int w = 64; (w) = 32; k<<<1, 64>>>(w); }",
            "void f() { int w = 64, o = 32; std::swap(w, o); k<<<1, 64>>>(w); }",
            "void f() { int w; auto g = [&] { w /= 2; }; w = 64; g(); k<<<1, 64>>>(w); }",
            "void run(int *d, int w = 64) { k<<<1, 64>>>(w); }",
            "const int W = 64; template <int W> void run() { k<<<1, 64>>>(W); }",
            "const int W = 64; void f() { auto [W, H] = g(); k<<<1, 64>>>(W); }",
            // Enumerators whose value is not followed: implicit, of a
            // scoped enumeration or one with a fixed underlying type, or
            // not an `int`.
            "const int W = 64; void f() { enum { V = 8, W }; k<<<1, 64>>>(W); }",
            "const int W = 64; void f() { enum : long { W = 32 }; k<<<1, 64>>>(W); }",
            "const int W = 64; void f() { enum E : int { W = 32 }; k<<<1, 64>>>(W); }",
            "void f() { enum { W = 1L << 40 }; k<<<1, 64>>>(W); }",
            "template <int B> void f() { enum { W = B * 2 }; k<<<1, 64>>>(W); }",
            "const int W = 64; void f() { decltype(W + 0) W = 32; k<<<1, 64>>>(W); }",
            "struct R { int w = 64; R(int v) : w(v) {} void run() { k<<<1, 64>>>(w); } };",
            "int w = 64; void f() { k<<<1, 64>>>(w); }",
            "void f(int c) { int w = 32; switch (c) { case 1: { w = 64; case 2: k<<<1, 64>>>(w); } } }",
            // Aliases a token scanner sees only as the mention's context: a
            // member passed by reference, a reference bound through
            // parentheses or a braced list, a lambda however written.
            "void f() { dim3 g(4, 8); scale(g.x); k<<<1, 64>>>(g.x); }",
            "void f() { dim3 g(4, 8); std::swap(g.x, g.y); k<<<1, 64>>>(g.x); }",
            "void f() { int w = 64; int &r = (w); r = 32; k<<<1, 64>>>(w); }",
            "void f() { int w = 64; Cfg c{w}; c.w = 32; k<<<1, 64>>>(w); }",
            "void f() { int w = 64; int *p = std::addressof(w); *p = 32; k<<<1, 64>>>(w); }",
            "void f() { int w; auto g = [&]() -> std::pair<int, int> { w = 8; return {0, 0}; }; w = 64; g(); k<<<1, 64>>>(w); }",
            "void f() { int w; auto g = [&]() noexcept(true) { w = 8; }; w = 64; g(); k<<<1, 64>>>(w); }",
            "void f(bool c) { int w = 64, o = 1; (c ? w : o) = 32; k<<<1, 64>>>(w); }",
            "static int w = 64; void g() { int &r = (w); r = 8; } void f() { k<<<1, 64>>>(w); }",
        ] {
            assert_eq!(one(text).args, vec![None], "{text}");
        }
        // Mentions that leave the value: a copy, a `printf` argument, a read
        // in an operand, and aliases made after the use.
        for text in [
            "void f() { dim3 g(64, 8); unsigned h = g.x * 2; k<<<1, 64>>>(g.x); }",
            "void f() { int w = 64; printf(\"%d\", w); k<<<1, 64>>>(w); }",
            "void f() { int w = 64; int y = w + 1; k<<<1, 64>>>(w); int &r = (w); r = 2; }",
            "static int w = 64; void f() { std::cout << w; k<<<1, 64>>>(w); }",
        ] {
            assert_eq!(one(text).args, vec![Some(64)], "{text}");
        }
        let l = one("void f(dim3 g) { dim3 b; k<<<g, b>>>(); }");
        assert_eq!((l.grid, l.block), ([None; 3], [None; 3]));
        // Loop counters: read into, passed by reference, or narrow.
        for text in [
            "void f() { for (int t = 0; t < 4; t++) { std::cin >> t; k<<<1, 1>>>(t); } }",
            "void f() { for (int t = 0; t < 4; t++) { shift(t, -1); k<<<1, 1>>>(t); } }",
            "void f() { for (short t = 0; t < 30000; t++) k<<<1, 1>>>(t); }",
        ] {
            assert_eq!(one(text).arg_lower_bounds, vec![None], "{text}");
        }
    }

    #[test]
    fn sizes_shifted_by_an_argument_are_relations() {
        let show = |r: &Option<SizeExpr>| {
            r.as_ref().map(|r| {
                r.display(&|leaf| match leaf {
                    SizeExpr::Arg(k, _) => format!("a{k}"),
                    _ => format!("t{leaf:?}"),
                })
            })
        };
        let l = one(
            "void f(float *d, int m, int log2n) { int n = 1 << log2n; k<<<m, n / 4>>>(d, log2n); }",
        );
        assert_eq!(show(&l.block_relation[0]), Some("(1 << a1) / 4".into()));
        // The amount keeps its own type; the shifted value the left one's.
        let l = one("void f(long s, unsigned m) { k<<<4u << s, 64>>>(s); }");
        let Some(SizeExpr::Binary(SizeOp::Shl, lhs, amount, ty)) = l.grid_relation[0].clone()
        else {
            panic!("{l:?}");
        };
        assert_eq!(
            (lhs.ty(), amount.ty(), ty),
            (
                HostIntTy::UINT,
                HostIntTy {
                    bits: 64,
                    signed: true
                },
                HostIntTy::UINT
            )
        );
        // The amount written before the launch: no relation.
        let l = one(
            "void f(int m, int log2n) { int n = 1 << log2n; log2n--; k<<<m, n / 4>>>(log2n); }",
        );
        assert_eq!(l.block_relation[0], None);
    }

    /// The grid relation of the only launch, as text over `a0`, `a1`, ...
    fn grid_relation(text: &str) -> [Option<String>; 3] {
        let l = one(text);
        l.grid_relation.map(|r| {
            r.map(|r| {
                r.display(&|leaf| match leaf {
                    SizeExpr::Arg(k, _) => format!("a{k}"),
                    _ => format!("t{leaf:?}"),
                })
            })
        })
    }

    #[test]
    fn captured_sizes_of_a_launching_lambda_are_relations() {
        let x = |t: &str| grid_relation(t)[0].clone();
        let s = |v: &str| Some(v.to_string());
        let header = "void read(int &r, int &c); void g();";
        // Written before the lambda is made (by reference), read in it.
        assert_eq!(
            x(&format!("{header} int main() {{ int r, c; read(r, c); auto go = [&]() {{ dim3 g((c - 2) / 16); k<<<g, 16>>>(r, c); }}; go(); }}")),
            s("(a1 - 2) / 16")
        );
        // A plain read in another lambda does not matter.
        assert_eq!(
            x(&format!("{header} int main() {{ int r, c; read(r, c); auto h = [&]() {{ return c + 1; }}; auto go = [&]() {{ k<<<c / 64, 64>>>(c); }}; go(); }}")),
            s("a0 / 64")
        );
        // Written after the lambda is made, in a loop around it, in another
        // lambda or inside it; a call between the size and the launch; a
        // `goto` in the function: no relation.
        for body in [
            "int c; read(c, c); auto go = [&]() { k<<<c / 64, 64>>>(c); }; c = 4; go();",
            "int c = 1; for (;;) { c++; auto go = [&]() { k<<<c / 64, 64>>>(c); }; go(); }",
            "int c = 1; auto w = [&]() { c = 2; }; auto go = [&]() { k<<<c / 64, 64>>>(c); }; go();",
            "int c = 1; auto go = [&]() { int n = c / 64; c = 2; k<<<n, 64>>>(c); }; go();",
            "int c = 1; auto go = [&]() { int n = c / 64; g(); k<<<n, 64>>>(c); }; go();",
            "int c = 1; int *p = &c; auto go = [&]() { int n = c / 64; memcpy(p, q, 4); k<<<n, 64>>>(c); }; go();",
            "int c = 1; auto go = [&]() { int n = c / 64; [&]() { }(); k<<<n, 64>>>(c); }; go();",
            "int c = 1; auto go = [&]() { k<<<c / 64, 64>>>(c); }; go(); again: goto again;",
            "static int c = 1; auto go = [&]() { k<<<c / 64, 64>>>(c); }; go();",
        ] {
            assert_eq!(x(&format!("{header} int main() {{ {body} }}")), None, "{body}");
        }
    }

    #[test]
    fn grids_divided_by_the_block_variable_are_relations_over_the_extent() {
        let rel = |t: &str| {
            let l = one(t);
            let show = |r: &Option<SizeExpr>| {
                r.as_ref().map(|r| {
                    r.display(&|leaf| match leaf {
                        SizeExpr::Arg(k, _) => format!("a{k}"),
                        _ => format!("t{leaf:?}"),
                    })
                })
            };
            (
                show(&l.grid_relation[0]),
                l.arg_relations.iter().map(show).collect::<Vec<_>>(),
            )
        };
        let s = |v: &str| Some(v.to_string());
        // A dim3 block, an integer block, a parameter, an argument.
        assert_eq!(
            rel("void f(int c, P p) { int t = p.t; dim3 g((c - 2) / t); dim3 b(t, t); k<<<g, b>>>(c); }").0,
            s("(a0 - 2) / blockDim.x")
        );
        assert_eq!(
            rel("void f(int n, int b) { k<<<n / b, b>>>(n); }").0,
            s("a0 / blockDim.x")
        );
        assert_eq!(
            rel("void f(int n, int b) { k<<<n, b>>>(n, b * 2); }").1,
            vec![None, s("blockDim.x * 2")]
        );
        // The y component names the same variable: either extent.
        assert_eq!(
            rel("void f(int n, int u, int t) { k<<<n / t, dim3(u, t)>>>(n); }").0,
            s("a0 / blockDim.y")
        );
        // Written between the grid and the block, after the block, in the
        // launch; 64 bits wide; a different variable; an expression.
        for text in [
            "void f(int n, int b) { dim3 g(n / b); b *= 2; dim3 k2(b); k<<<g, k2>>>(n); }",
            "void f(int n, int b) { dim3 g(n / b); dim3 k2(b); b *= 2; k<<<g, k2>>>(n); }",
            "void f(int n, int b) { k<<<n / b, b>>>(n, b++); }",
            "void f(int n, long b) { k<<<n / b, b>>>(n); }",
            "void f(int n, int b, int c) { k<<<n / b, c>>>(n); }",
            "void f(int n, int b) { k<<<n / b, b + 0>>>(n); }",
        ] {
            assert_eq!(rel(text).0, None, "{text}");
        }
    }

    #[test]
    fn grids_computed_from_passed_sizes_are_relations() {
        let x = |t: &str| grid_relation(t)[0].clone();
        // A dim3, a scalar variable, inline arithmetic, a parameter.
        assert_eq!(
            grid_relation("void f(int nx, int ny) { dim3 g(nx / 64, ny / 4); k<<<g, dim3(64, 4)>>>(nx, ny); }"),
            [Some("a0 / 64".into()), Some("a1 / 4".into()), None]
        );
        assert_eq!(
            x("void f(int *a) { int n = read(); int b = (n + 255) / 256; k<<<b, 256>>>(a, n); }"),
            Some("(a1 + 255) / 256".into())
        );
        assert_eq!(
            x("void f(int n) { k<<<n >> 6, 64>>>(n); }"),
            Some("a0 >> 6".into())
        );
        // A loop counter, evaluated at the launch itself.
        assert_eq!(
            x("void f(int n) { for (int t = 1; t < n; t *= 2) k<<<t, 64>>>(t); }"),
            Some("a0".into())
        );
        // Unsigned arithmetic: the relation keeps the C types.
        let l = one("void f(int n) { k<<<(n + 255u) / 256u, 256>>>(n); }");
        let rel = l.grid_relation[0].clone().expect("relation");
        let SizeExpr::Binary(SizeOp::Div, lhs, _, ty) = &rel else {
            panic!("{rel:?}");
        };
        assert_eq!(*ty, HostIntTy::UINT);
        assert!(
            matches!(**lhs, SizeExpr::Binary(SizeOp::Add, ref a, _, HostIntTy::UINT)
            if matches!(**a, SizeExpr::Convert(HostIntTy::UINT, _))),
            "{rel:?}"
        );
        // Passed by value to functions declared in view, read around.
        assert_eq!(
            x(
                "void init(float *h, int n); template <int B> void t(int m) {}\n\
               void f(float *h, int n) { init(h, n); t<4>(n); printf(\"%d\", n);\n\
               for (int i = 0; i < n; i++) h[i] = i * n; k<<<n / 64, 64>>>(n); }"
            ),
            Some("a0 / 64".into())
        );
        // Also between the size's definition and the launch: the callee
        // gets a copy (a C ellipsis too); not through a reference parameter
        // or a callee with no declaration in view.
        assert_eq!(
            x(
                "void init(float *h, int n); int log_line(const char *f, ...);\n\
               void f(float *h, int n) { int b = n / 64; init(h, n); log_line(\"%d\", n); k<<<b, 64>>>(n); }"
            ),
            Some("a0 / 64".into())
        );
        for callee in [
            "void init(float *h, int &n);",
            "template <class... T> void init(float *h, T &&...n);",
            "",
        ] {
            let l = one(&format!(
                "{callee}\nvoid f(float *h, int n) {{ int b = n / 64; init(h, n); k<<<b, 64>>>(n); }}"
            ));
            assert!(l.grid_relation[0].is_none(), "{callee}: {l:?}");
        }
        // A lambda of that name shadows the function declared in view.
        let l = one("void init(float *h, int n);\nvoid f(float *h, int n) { int b = n / 64; auto init = [](float *p, int &m) { m = 1; }; init(h, n); k<<<b, 64>>>(n); }");
        assert!(l.grid_relation[0].is_none(), "{l:?}");
        // A block computed from an argument.
        let l = one("void f(int c) { k<<<4, c>>>(c); }");
        assert!(l.block_relation[0].is_some(), "{l:?}");
        // The mentions in a configuration with shared memory and a stream
        // are by value too.
        let l = one("void f(int c) { k<<<4, c, 64>>>(c); }");
        assert!(l.block_relation[0].is_some(), "{l:?}");
        let l = one("void f(int c, cudaStream_t s) { dim3 b(c); k<<<4, b, (c + 1) * 4, s>>>(c); }");
        assert!(l.block_relation[0].is_some(), "{l:?}");
        // Not a whole element: the call may take it by reference.
        let l = one("void f(int c) { k<<<4, c, g(c), 0>>>(c); }");
        assert!(l.block_relation[0].is_none(), "{l:?}");
        // A template parameter of the launching function, passed as the
        // kernel's template argument; not one of another function.
        let l = one("template <int BS> void f(int n) { k<BS><<<n / BS, BS>>>(n); }");
        assert!(
            matches!(&l.block_relation[0], Some(SizeExpr::Convert(_, t)) if matches!(**t, SizeExpr::Template(0, _))),
            "{l:?}"
        );
        assert_eq!(
            x("template <int BS> void f(int n) { k<BS><<<n / BS, BS>>>(n); }"),
            Some("a0 / tTemplate(0, HostIntTy { bits: 32, signed: true })".into())
        );
        let l = one(
            "template <int BS> void g(); int BS = 64; void f(int n) { k<BS><<<n / BS, BS>>>(n); }",
        );
        assert_eq!(
            (l.grid_relation[0].clone(), l.block_relation[0].clone()),
            (None, None)
        );
        let l = one("template <int BS> void g() {} void f(int n) { k<BS><<<n / BS, BS>>>(n); }");
        assert_eq!(
            (l.grid_relation[0].clone(), l.block_relation[0].clone()),
            (None, None)
        );
    }

    #[test]
    fn arguments_computed_from_other_arguments_are_relations() {
        let rel = |text: &str| -> Vec<Option<String>> {
            one(text)
                .arg_relations
                .into_iter()
                .map(|r| {
                    r.map(|r| {
                        r.display(&|leaf| match leaf {
                            SizeExpr::Arg(k, _) => format!("a{k}"),
                            _ => "?".into(),
                        })
                    })
                })
                .collect()
        };
        assert_eq!(
            rel("void f(int nx) { const int pitch = nx; k<<<1, 1>>>(nx, pitch); }"),
            vec![None, Some("a0".into())]
        );
        assert_eq!(
            rel("void f(int nx, int ny) { k<<<1, 1>>>(nx, ny, nx * ny); }"),
            vec![None, None, Some("a0 * a1".into())]
        );
        for text in [
            // The argument is the name itself, or a constant.
            "void f(int nx) { k<<<1, 1>>>(nx, 4); }",
            // Read and written by one statement: `m + n` is the old `m`.
            "void f(int n, int m) { m = m + n; k<<<1, 1>>>(n, m); }",
            "void f(int n, int m) { m = n; n = n + 1; k<<<1, 1>>>(n, m); }",
            "void f(int n) { int m = n; k<<<1, 1>>>(n++, m); }",
            // Written by a later argument (arguments are unsequenced).
            "void f(int n) { int m = n; k<<<1, 1>>>(n, m, m--); }",
        ] {
            let l = one(text);
            assert!(l.arg_relations.iter().all(Option::is_none), "{text}: {l:?}");
        }
    }

    #[test]
    fn sizes_whose_names_may_change_before_the_launch_are_not_relations() {
        for text in [
            // Written between the grid and the launch.
            "void f(int n) { dim3 g(n / 64); n = n / 2; k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); n++; k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); std::cin >> n; k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); shift(n, 1); k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); if (n > 9) n = 9; k<<<g, 64>>>(n); }",
            // Written after the launch in a loop that runs it again.
            "void f(int n) { dim3 g(n / 64); for (int i = 0; i < 4; i++) { k<<<g, 64>>>(n); n *= 2; } }",
            "void f(int n) { dim3 g(n / 64); while (n > 1) { k<<<g, 64>>>(n); n /= 2; } }",
            // Its address taken, a reference to it, a lambda that writes it.
            "void f(int n) { int *p = &n; dim3 g(n / 64); *p = 1; k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); int &r = n; r = 1; k<<<g, 64>>>(n); }",
            "void f(int n) { auto h = [&] { n = 1; }; dim3 g(n / 64); h(); k<<<g, 64>>>(n); }",
            // A reference parameter, a file-scope or static variable (another
            // function may write it), a member.
            "void f(int &n) { dim3 g(n / 64); touch(); k<<<g, 64>>>(n); }",
            "int n; void f() { dim3 g(n / 64); touch(); k<<<g, 64>>>(n); }",
            "void f() { static int n = read(); dim3 g(n / 64); k<<<g, 64>>>(n); }",
            "struct S { int n; void f() { dim3 g(n / 64); k<<<g, 64>>>(n); } };",
            // The grid from another variable, or the argument not the plain name.
            "void f(int n, int m) { dim3 g(m / 64); k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); k<<<g, 64>>>(n + 0); }",
            "void f(int n) { k<<<n / 64, 64>>>(n++); }",
            // A static grid: computed at the first call only.
            "void f(int n) { static dim3 g(n / 64); k<<<g, 64>>>(n); }",
            "void f(int n) { static const int b = n / 64; k<<<b, 64>>>(n); }",
            // A goto may skip the definition; a later definition in a branch.
            "void f(int n) { dim3 g(n / 64); goto l; l: k<<<g, 64>>>(n); }",
            "void f(int n, int c) { dim3 g(n / 64); if (c) g = dim3(c); k<<<g, 64>>>(n); }",
            // A name declared in an inner scope hides the one passed.
            "void f(int n) { { int n = 7; dim3 g(n / 64); } dim3 g(1); k<<<g, 64>>>(n); }",
            // Floating point, calls, members, comparisons.
            "void f(int n) { k<<<ceil(n / 64.0), 64>>>(n); }",
            "void f(int n) { k<<<blocks(n), 64>>>(n); }",
            "void f(int n) { k<<<n > 64 ? n / 64 : 1, 64>>>(n); }",
            "void f(float n) { k<<<n / 64, 64>>>(n); }",
            // In a kernel (dynamic parallelism).
            "__global__ void p(int n) { k<<<n / 64, 64>>>(n); }",
            // Aliases the scanner cannot follow (review of this work): a
            // reference returned by a call, a reference member, a pointer
            // from a call, writes through `?:`, a reference to `(n)`, a
            // reference kept by a callee, a grid member passed by reference.
            "int &alias(int &v); void f(int n) { int &m = alias(n); dim3 g(n / 64); m = 1; k<<<g, 64>>>(n); }",
            "struct C { int &s; }; void f(int n) { C c{n}; dim3 g(n / 64); c.s /= 2; k<<<g, 64>>>(n); }",
            "void f(int n) { int *p = std::addressof(n); dim3 g(n / 64); *p = 1; k<<<g, 64>>>(n); }",
            "void f(int n, int m, int c) { dim3 g(n / 64); (c ? n : m) /= 2; k<<<g, 64>>>(n); }",
            "void f(int n, int m, int c) { dim3 g(n / 64); shrink(c ? n : m); k<<<g, 64>>>(n); }",
            "void f(int n) { int &r = (n); dim3 g(n / 64); r /= 2; k<<<g, 64>>>(n); }",
            "void f(int n) { track(n); dim3 g(n / 64); shrink(); k<<<g, 64>>>(n); }",
            "void f(int n, int m, int c) { int b = n / 64; (c ? b : m) *= 2; k<<<b, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); scale(g.x); k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); std::swap(g.x, g.y); k<<<g, 64>>>(n); }",
            // Passed to a function taking a reference, or to one not in view.
            "void init(int &n); void f(int n) { init(n); dim3 g(n / 64); k<<<g, 64>>>(n); }",
            "void init(int n); void init(int &n, int m); void f(int n) { init(n, 1); k<<<n / 64, 64>>>(n); }",
            "void f(int n) { init(n); k<<<n / 64, 64>>>(n); }",
            // Writes that are lvalues a reference binds; a typedef'd parameter.
            "void f(int n) { int &r = ++n; dim3 g(n / 64); r /= 2; k<<<g, 64>>>(n); }",
            "void f(int n, int m) { int &r = (n = m); dim3 g(n / 64); r /= 2; k<<<g, 64>>>(n); }",
            "typedef int &iref; void track(iref v); void f(int n) { track(n); k<<<n / 64, 64>>>(n); }",
            // Lambdas however written: the write runs when it is called.
            "void f(int n) { auto h = [&]() noexcept(true) { n /= 2; }; dim3 g(n / 64); h(); k<<<g, 64>>>(n); }",
            "void f(int n) { dim3 g(n / 64); auto go = [&]() -> std::pair<int, int> { k<<<g, 64>>>(n); return {0, 0}; }; n /= 2; go(); }",
            // Volatile: may change between two reads.
            "void f(volatile int n) { dim3 g(n / 64); k<<<g, 64>>>(n); }",
            "void f(int n) { volatile int b = n / 64; k<<<b, 64>>>(n); }",
            // Written by the statement that computes the size.
            "void f(int n) { int b = n / 64 + (n = 2); k<<<b, 64>>>(n); }",
        ] {
            let launches = scan_launches(&[text]);
            let l = launches
                .iter()
                .find(|l| l.kernel == "k" && !l.args.is_empty())
                .unwrap_or_else(|| panic!("{text}: {launches:?}"));
            assert_eq!(l.grid_relation, [None, None, None], "{text}");
        }
    }
}

#[cfg(test)]
mod paren_and_dead_branch_tests {
    use super::*;

    /// A launch's grid, block and argument values.
    type Sizes = ([Option<u32>; 3], [Option<u32>; 3], Vec<Option<i128>>);

    fn sizes(text: &str) -> Vec<Sizes> {
        scan_launches(&[text])
            .into_iter()
            .map(|l| (l.grid, l.block, l.args))
            .collect()
    }

    /// The launches of `text` after preprocessing, as `ide::file` scans a
    /// unit (the scanner reads preprocessed text: on raw text a macro such as
    /// `N` is an unknown name).
    fn expanded(text: &str) -> Vec<HostLaunch> {
        let pre = crate::syntax::preprocess::preprocess(
            text,
            std::path::Path::new("t.cu"),
            &crate::syntax::preprocess::Options {
                expand: true,
                includes: None,
                prelude: "",
            },
        );
        let texts: Vec<&str> = pre.units.iter().map(|u| u.text.as_str()).collect();
        scan_launches(&texts)
    }

    #[test]
    fn macro_sizes_through_parentheses() {
        let macros = "#define N 4096\n#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))\n";
        for launch in [
            "dim3 grid(((N) + 15) / 16); dim3 block(16); k<<<grid, block>>>(N);",
            "k<<<CEIL_DIV(N, 16), 16>>>((N));",
            "const int n = N; k<<<CEIL_DIV(n, 16), 16>>>(n);",
            "constexpr int n = N; k<<<(n + 15) / 16, 16>>>(n);",
            "static const int n = N; k<<<(int)(n) / 16, 16>>>((int)(N));",
            "k<<<(N + 15) / 16, 16, N * sizeof(float)>>>(int(N));",
        ] {
            let text = format!("{macros}int main() {{ {launch} }}");
            let l = expanded(&text);
            assert_eq!(l.len(), 1, "{text}");
            assert_eq!(l[0].args, vec![Some(4096)], "{text}");
            assert_eq!(l[0].grid, [Some(256), Some(1), Some(1)], "{text}");
            assert_eq!(l[0].block, [Some(16), Some(1), Some(1)], "{text}");
        }
    }

    #[test]
    fn parenthesized_dim3_and_functional_casts_keep_their_values() {
        let one = |text: &str| {
            let l = sizes(text);
            assert_eq!(l.len(), 1, "{text}");
            l.into_iter().next().unwrap()
        };
        let (g, b, _) = one("void f() { dim3 grid(256); k<<<(grid), ((16))>>>(); }");
        assert_eq!(
            (g, b),
            ([Some(256), Some(1), Some(1)], [Some(16), Some(1), Some(1)])
        );
        let (g, _, _) = one("void f() { dim3 grid(8, 4); dim3 g2 = (grid); k<<<g2, 1>>>(); }");
        assert_eq!(g, [Some(8), Some(4), Some(1)]);
        let (g, _, _) = one("void f() { dim3 grid(8, 4); dim3 g2(grid); k<<<g2, 1>>>(); }");
        assert_eq!(g, [Some(8), Some(4), Some(1)]);
        // The copy has the value the source has where it is made.
        let (g, _, _) = one(
            "void f(int m) { dim3 grid(8, 4); dim3 g2 = grid; grid = dim3(m); k<<<g2, 1>>>(); }",
        );
        assert_eq!(g, [Some(8), Some(4), Some(1)]);
        let (g, _, _) = one("void f(int m) { dim3 grid(m); dim3 g2 = (grid); k<<<g2, 1>>>(); }");
        assert_eq!(g[0], None);
        let (_, _, a) =
            one("void f() { const int n = int(4096); k<<<1, 1>>>(n, unsigned(n), size_t{n}); }");
        assert_eq!(a, vec![Some(4096); 3]);
        // A functional cast converts like a C cast: out of range is unknown.
        let (_, _, a) = one("void f() { k<<<1, 1>>>(char(300), float(2), unsigned(-1)); }");
        assert_eq!(a, vec![None, None, None]);
    }

    #[test]
    fn launches_in_branches_a_constant_never_takes_are_dropped() {
        let blocks = |text: &str| -> Vec<Option<u32>> {
            sizes(text).into_iter().map(|(_, b, _)| b[0]).collect()
        };
        let pick = "const int bs = 32;\nvoid f() {\n  if (bs == 16) k<<<1, 16>>>(); else k<<<1, 32>>>();\n}";
        assert_eq!(blocks(pick), vec![Some(32)]);
        let pick = "#define BS 16\nvoid f() {\n  if (BS == 16) { k<<<1, 16>>>(); } else { k<<<1, 32>>>(); }\n}";
        let b: Vec<_> = expanded(pick).into_iter().map(|l| l.block[0]).collect();
        assert_eq!(b, vec![Some(16)]);
        // Nested: the inner `if` is dead only through the outer one.
        let nested = "constexpr int a = 1, b = 0;\nvoid f() {\n  if (a) { if (b) k<<<1, 1>>>(); else k<<<1, 2>>>(); } else k<<<1, 3>>>();\n}";
        assert_eq!(blocks(nested), vec![Some(2)]);
        let constexpr_if = "template <int B> void f() { if constexpr (B > 16) k<<<1, B>>>(); else k<<<1, 16>>>(); }\nvoid g() { f<32>(); }";
        assert_eq!(blocks(constexpr_if), vec![Some(32)]);
        // A dead launch is no other use of the kernel's name either.
        let all_dead = "void f() { if (0) k<<<1, 64>>>(); }";
        assert!(blocks(all_dead).is_empty());
        // Conditions that do not evaluate keep both launches.
        for text in [
            "void f(int bs) {\n  if (bs == 16) k<<<1, 16>>>(); else k<<<1, 32>>>();\n}",
            "int bs = 32;\nvoid f() {\n  if (bs == 16) k<<<1, 16>>>(); else k<<<1, 32>>>();\n}",
            "void f() { int bs = 32; std::cin >> bs;\n  if (bs == 16) k<<<1, 16>>>(); else k<<<1, 32>>>();\n}",
            "void f() { const int bs = 32;\n  if (int x = bs; x == 16) k<<<1, 16>>>(); else k<<<1, 32>>>();\n}",
        ] {
            assert_eq!(blocks(text), vec![Some(16), Some(32)], "{text}");
        }
        // A branch that may be entered through a label keeps its launch.
        for text in [
            "void f() { const int bs = 32; goto w;\n  if (bs == 16) { w: k<<<1, 16>>>(); } else k<<<1, 32>>>();\n}",
            "void f(int m) { const int bs = 32; switch (m) { case 0:\n  if (bs == 16) { case 1: k<<<1, 16>>>(); } else k<<<1, 32>>>(); }\n}",
        ] {
            assert_eq!(blocks(text), vec![Some(16), Some(32)], "{text}");
        }
        // A condition on a wrapper's parameter (a value the calls in this
        // unit pass, which calls in other units may not) keeps both.
        let wrapper = "void run(int bs) {\n  if (bs == 16) k<<<1, 16>>>(); else k<<<1, 32>>>();\n}\nvoid g() { run(32); }";
        assert_eq!(blocks(wrapper), vec![Some(16), Some(32)]);
        // Device code (dynamic parallelism) is not judged.
        let device = "__global__ void p() { const int bs = 32; if (bs == 16) k<<<1, 16>>>(); }";
        assert_eq!(sizes(device).len(), 1);
    }
}

#[cfg(test)]
mod aggregate_tests {
    use super::*;

    fn scan(class: &str, kernel_param: &str, body: &str) -> HostLaunch {
        let text = format!("{class}\n__global__ void k({kernel_param}) {{}}\nvoid run(float *d, int batch, int hidden, int heads) {{ {body} dim3 grid(p.words); dim3 block(p.sph / 4, p.heads, 3); k<<<grid, block>>>(p); }}\nint main() {{ float *d; run(d, 64, 768, 12); }}\n");
        let l = scan_launches(&[&text]);
        assert_eq!(l.len(), 1, "{l:?}");
        l.into_iter().next().unwrap()
    }

    const CLASS: &str = "struct Param { float *tgt; const int words; const int heads; const int sph; const int hidden; };";

    #[test]
    fn const_members_of_aggregate_initialized_objects_have_their_elements() {
        for body in [
            "Param p{d, 64, 12, 64, 768};",
            "int sph = hidden / heads; Param p{d, batch, heads, sph, heads * sph};",
            "Param p = {d, batch, 12, 64, 768};",
        ] {
            let l = scan(CLASS, "Param p", body);
            assert_eq!(l.grid, [Some(64), Some(1), Some(1)], "{body}");
            assert_eq!(l.block, [Some(16), Some(12), Some(3)], "{body}");
            let fields: Vec<(String, i128)> =
                [("words", 64), ("heads", 12), ("sph", 64), ("hidden", 768)]
                    .into_iter()
                    .map(|(n, v)| (n.to_string(), v))
                    .collect();
            assert_eq!(l.arg_fields, vec![fields], "{body}");
        }
        // A class template without specializations.
        let l = scan(
            "template <typename T> struct Param { T *tgt; const int words; const int heads; const int sph; const int hidden; };",
            "Param<float> p",
            "Param<float> p{d, batch, 12, 64, 768};",
        );
        assert_eq!(l.block, [Some(16), Some(12), Some(3)]);
        assert_eq!(l.arg_fields[0].len(), 4);
    }

    #[test]
    fn members_c_plus_plus_does_not_fix_are_unknown() {
        let unknown = |class: &str, param: &str, body: &str| {
            let l = scan(class, param, body);
            assert_eq!(l.block[..2], [None, None], "{class} {body}");
            assert!(l.arg_fields.iter().all(Vec::is_empty), "{class} {body}");
        };
        // Members that are not const may be assigned.
        unknown(
            "struct Param { float *tgt; int words; int heads; int sph; int hidden; };",
            "Param p",
            "Param p{d, 64, 12, 64, 768}; p.sph = 128;",
        );
        // A constructor decides the members.
        unknown(
            "struct Param { float *tgt; const int words; const int heads; const int sph; const int hidden; Param(float *t, int a, int b, int c, int e) : tgt(t), words(e), heads(a), sph(b), hidden(c) {} };",
            "Param p",
            "Param p{d, 64, 12, 64, 768};",
        );
        // A member of class type may take several elements (brace elision).
        unknown(
            "struct Pair { int a; int b; };\nstruct Param { Pair pad; const int words; const int heads; const int sph; const int hidden; };",
            "Param p",
            "Param p{1, 2, 64, 12, 64, 768};",
        );
        // A specialization is another definition.
        unknown(
            "template <typename T> struct Param { T *tgt; const int words; const int heads; const int sph; const int hidden; };\ntemplate <> struct Param<int> { int *tgt; const int heads; const int words; const int sph; const int hidden; };",
            "Param<float> p",
            "Param<float> p{d, 64, 12, 64, 768};",
        );
        // Its address taken: bytes may be copied into it.
        unknown(
            CLASS,
            "Param p",
            "Param p{d, 64, 12, 64, 768}; memcpy(&p, d, sizeof(p));",
        );
        // Designated initializers are not followed.
        unknown(
            CLASS,
            "Param p",
            "Param p{.tgt = d, .words = 64, .heads = 12, .sph = 64, .hidden = 768};",
        );
        // The kernel takes another type: the fields are not bound.
        let l = scan(CLASS, "const Param *p", "Param p{d, 64, 12, 64, 768};");
        assert!(l.arg_fields.iter().all(Vec::is_empty));
    }

    /// The step bound of a running sum `h[i] = h[i - 1] + E` the launch's
    /// first argument states, for each `E`.
    #[test]
    fn running_sum_steps_are_bounded_as_c_groups_them() {
        let max_step = |step: &str| {
            let text = format!(
                "int main(int argc, char **argv) {{\n  int n = atoi(argv[1]);\n  int *h = (int *)malloc((n + 1) * sizeof(int));\n  h[0] = 0;\n  for (int i = 1; i <= n; i++)\n    h[i] = h[i - 1] + {step};\n  int *d;\n  cudaMalloc(&d, (n + 1) * sizeof(int));\n  cudaMemcpy(d, h, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);\n  k<<<n, 128>>>(d);\n  return 0;\n}}\n"
            );
            let launches = scan_launches(&[text.as_str()]);
            assert_eq!(launches.len(), 1, "{launches:?}");
            launches[0].arg_non_decreasing[0].map(|p| p.max_step)
        };
        assert_eq!(max_step("(rand() % 64 + 1)"), Some(64));
        // `%` binds tighter than `+`: 1 + (rand() % 64), 1000000 + (7 % 5).
        assert_eq!(max_step("1 + rand() % 64"), Some(64));
        // `7 % 5` is bounded by the divisor less one, 4 (not its value 2).
        assert_eq!(max_step("1000000 + 7 % 5"), Some(1000004));
        assert_eq!(max_step("rand() % 10 * 3 + 2"), Some(29));
        assert_eq!(max_step("2 * 3 % 4"), Some(3));
        assert_eq!(max_step("8 / 2 + 5 % 3"), Some(6));
        // May pass INT_MAX, a non-literal or octal divisor, a `-`: refused.
        assert_eq!(max_step("rand() + 1"), None);
        assert_eq!(max_step("1 + rand()"), None);
        assert_eq!(max_step("rand() % 64 * 64 * 1048576"), None);
        assert_eq!(max_step("rand() % 010"), None);
        assert_eq!(max_step("rand() / (2)"), None);
        assert_eq!(max_step("rand() % 64 - 1"), None);
    }
}

#[cfg(test)]
mod outside_counter_tests {
    use super::*;

    fn one(text: &str) -> HostLaunch {
        let launches = scan_launches(&[text]);
        assert_eq!(launches.len(), 1, "{launches:?}");
        launches.into_iter().next().unwrap()
    }

    #[test]
    fn counters_declared_before_their_loop_bound_arguments() {
        let l = one("void f(float *m, int n) {\n  int i = 0;\n  for (i = 0; i < n - 16; i += 16) {\n    k<<<1, 16>>>(m, n, i);\n  }\n}\n");
        assert_eq!(l.arg_lower_bounds, vec![None, None, Some(0)]);
        assert_eq!(
            one("void f(float *m, int n) {\n  int j, i;\n  for (i = 2; i < n; i++)\n    k<<<1, 16>>>(m, n, i);\n}\n")
                .arg_lower_bounds,
            vec![None, None, Some(2)]
        );
        // An alias may write it between the condition and the launch: a
        // pointer, a reference, a lambda; not a plain local: a `static`, an
        // unsigned or a parameter; written in the body.
        for text in [
            "void f(float *m, int n) {\n  int i = 0;\n  int *p = &i;\n  for (i = 0; i < n; i++) { *p = -5; k<<<1, 16>>>(m, n, i); }\n}\n",
            "void f(float *m, int n) {\n  int i = 0;\n  int &r = i;\n  for (i = 0; i < n; i++) { r = -5; k<<<1, 16>>>(m, n, i); }\n}\n",
            "void f(float *m, int n) {\n  int i = 0;\n  auto g = [&]() { i = -5; };\n  for (i = 0; i < n; i++) { g(); k<<<1, 16>>>(m, n, i); }\n}\n",
            "void f(float *m, int n) {\n  static int i;\n  for (i = 0; i < n; i++) k<<<1, 16>>>(m, n, i);\n}\n",
            "void f(float *m, int n) {\n  unsigned i;\n  for (i = 0; i < n; i++) k<<<1, 16>>>(m, n, i);\n}\n",
            "void f(float *m, int n, int i) {\n  for (i = 0; i < n; i++) k<<<1, 16>>>(m, n, i);\n}\n",
            "void f(float *m, int n) {\n  int i;\n  for (i = 0; i < n; i++) { k<<<1, 16>>>(m, n, i); i -= 3; }\n}\n",
            // A jump into the body skips the header's assignment.
            "void f(float *m, int n) {\n  int i = -n;\n  if (n > 1) goto inside;\n  for (i = 0; i < 4; i++) {\n  inside:\n    k<<<1, 16>>>(m, n, i);\n  }\n}\n",
            "void f(float *m, int n) {\n  int i = -n;\n  switch (n) {\n  case 0:\n    for (i = 0; i < 4; i++) {\n    case 2:\n      k<<<1, 16>>>(m, n, i);\n    }\n  }\n}\n",
            "void f(float *m, int n) {\n  int i = 0;\n  for (i = 0; i < 4; i++) {\n  inside:\n    k<<<1, 16>>>(m, n, i);\n  }\n  if (n > 7) { i = -n; goto inside; }\n}\n",
        ] {
            assert_eq!(one(text).arg_lower_bounds, vec![None, None, None], "{text}");
        }
    }
}
