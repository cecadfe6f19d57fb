//! cub's (and hipcub's) block and warp collectives as types, without the
//! library's header: `cub::BlockReduce<int, 128>`, its `TempStorage`, and
//! what a call of one of its methods synchronises (see
//! `calls/cub.rs` for the memory model of a call).
//!
//! The classes are recognised by name only: a name qualified by `cub::` or
//! `hipcub::` or an alias of them (or unqualified under `using namespace
//! cub;` or `using cub::C;`) that no struct
//! of the program defines. Each class is one opaque struct of the type
//! environment per synchronisation variant (the variant is read from the
//! template arguments as written), and each class has one `TempStorage`
//! struct: an array of [`BLOCK_SLOTS`] (block classes) or [`WARP_SLOTS`]
//! (warp classes) 4-byte slots, one per thread of a block (of a warp).

use tree_sitter::Node;

use crate::frontend::types::{text, Ty, TypeEnv};
use crate::ir::ScalarTy;

/// Slots of a block collective's temporary storage: one per thread of the
/// largest block (1024 threads).
pub(crate) const BLOCK_SLOTS: u64 = 1024;
/// Slots of a warp collective's temporary storage: one per lane.
pub(crate) const WARP_SLOTS: u64 = 32;

/// What one call of a collective's method synchronises, as cub implements it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CubSync {
    /// Every thread of the block takes part; the threads exchange values
    /// through the temporary storage across a block barrier.
    Block,
    /// Every thread of a warp takes part; exchange across a warp barrier.
    Warp,
    /// No exchange: `BlockLoad`/`BlockStore` with the direct, vectorised or
    /// striped algorithms (the default) only move each thread's own items.
    None,
    /// A warp collective of a logical warp narrower than 32 threads: its
    /// synchronisation (of part of a warp) is not modelled.
    SubWarp,
    /// `WarpReduce`/`WarpScan` of a whole warp: cub exchanges through
    /// `__shfl_*_sync` only, which every lane must reach but which orders
    /// no memory (and the temporary storage is not used).
    Shuffle,
    /// `BlockLoad`/`BlockStore` with an algorithm not written as one of
    /// cub's names (a constant, a template parameter: it may be a direct
    /// one, which synchronises nothing, or a transposing one) or a
    /// warp-transposing one (per-warp regions of the storage): not modelled.
    Unmodelled,
}

/// A cub collective class, as the struct it is lowered to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CubClass {
    /// The class name (`BlockReduce`).
    pub name: String,
    /// What its calls synchronise.
    pub sync: CubSync,
    /// `BlockLoad`/`BlockStore` of a one-dimensional block (no
    /// `BLOCK_DIM_Y`/`BLOCK_DIM_Z` written) with a direct or vectorised
    /// algorithm: thread `threadIdx.x` moves exactly the items
    /// `[threadIdx.x * ITEMS, (threadIdx.x + 1) * ITEMS)` of the tile (cub's
    /// "blocked arrangement"; `RowMajorTid` is `threadIdx.x` there).
    pub blocked: bool,
}

/// cub's block collectives (all threads of a block take part).
const BLOCK_CLASSES: &[&str] = &[
    "BlockReduce",
    "BlockScan",
    "BlockLoad",
    "BlockStore",
    "BlockExchange",
    "BlockRadixSort",
    "BlockHistogram",
    "BlockDiscontinuity",
    "BlockAdjacentDifference",
    "BlockShuffle",
    "BlockMergeSort",
    "BlockRunLengthDecode",
];

/// cub's warp collectives (all threads of a warp take part).
const WARP_CLASSES: &[&str] = &[
    "WarpReduce",
    "WarpScan",
    "WarpLoad",
    "WarpStore",
    "WarpExchange",
    "WarpMergeSort",
];

/// The struct name of class `name` in variant `sync` (and
/// [`CubClass::blocked`]).
fn class_key(name: &str, sync: CubSync, blocked: bool) -> String {
    if blocked {
        format!("cub::{name}#{sync:?}#blocked")
    } else {
        format!("cub::{name}#{sync:?}")
    }
}

/// The struct name of class `name`'s temporary storage.
fn storage_key(name: &str) -> String {
    format!("cub::{name}::TempStorage")
}

/// Whether a namespace qualifier (as written) names cub's namespace: `cub`,
/// `hipcub`, or an alias of one that `src` declares (`namespace cb = cub;`).
fn is_cub_scope(scope: &str, src: &str) -> bool {
    let scope: String = scope.split_whitespace().collect();
    let scope = scope.trim_start_matches("::");
    matches!(scope, "cub" | "hipcub")
        || ["cub", "hipcub", "::cub", "::hipcub"]
            .iter()
            .any(|ns| src.contains(&format!("namespace {scope} = {ns};")))
}

/// Whether `src` makes cub's class `name` visible unqualified: `using
/// namespace cub;` (or hipcub) or `using cub::name;`.
fn cub_names_visible(name: &str, src: &str) -> bool {
    src.contains("using namespace cub;")
        || src.contains("using namespace hipcub;")
        || src.contains(&format!("using cub::{name};"))
        || src.contains(&format!("using hipcub::{name};"))
}

/// Whether `BlockLoad`/`BlockStore` instantiated with the template
/// arguments `args` (their text) moves each thread's items in the blocked
/// arrangement of a one-dimensional block ([`CubClass::blocked`]): the
/// algorithm (fourth argument) is absent (direct is the default) or direct
/// or vectorised, and no fifth or sixth argument (the block's `y`/`z`
/// extents) is written. Arguments are split at commas: a type argument with
/// commas of its own (`pair<int, int>`) shifts them, and the answer is then
/// `false` (the unknown-offset model), never a wrong layout.
fn blocked_layout(name: &str, args: Option<&str>) -> bool {
    if !matches!(name, "BlockLoad" | "BlockStore") {
        return false;
    }
    let args: String = args.unwrap_or("").split_whitespace().collect();
    let inner = args.trim_start_matches('<').trim_end_matches('>');
    if inner.contains(['<', '>', '(', ')']) {
        return false;
    }
    let parts: Vec<&str> = inner.split(',').collect();
    match parts.as_slice() {
        [_, _, _] => true,
        [_, _, _, algorithm] => matches!(
            algorithm.rsplit("::").next().unwrap_or(""),
            "BLOCK_LOAD_DIRECT"
                | "BLOCK_LOAD_VECTORIZE"
                | "BLOCK_STORE_DIRECT"
                | "BLOCK_STORE_VECTORIZE"
        ),
        _ => false,
    }
}

/// The synchronisation of class `name` instantiated with the template
/// arguments `args` (their text, `None` when not written).
fn variant(name: &str, args: Option<&str>) -> CubSync {
    let args: String = args.unwrap_or("").split_whitespace().collect();
    if WARP_CLASSES.contains(&name) {
        // `WarpReduce<T>` or `WarpReduce<T, 32>`: a whole warp; any other
        // (or unknown) logical warp width is a part of a warp.
        let width = args
            .trim_start_matches('<')
            .trim_end_matches('>')
            .split(',')
            .nth(1)
            .map(str::to_string);
        return match width.as_deref() {
            None | Some("32") if matches!(name, "WarpReduce" | "WarpScan") => CubSync::Shuffle,
            None | Some("32") => CubSync::Warp,
            Some(_) => CubSync::SubWarp,
        };
    }
    let arg = |k: usize| {
        args.trim_start_matches('<')
            .trim_end_matches('>')
            .split(',')
            .nth(k)
            .map(str::to_string)
    };
    if matches!(name, "BlockLoad" | "BlockStore") {
        // The algorithm (fourth argument): the direct, vectorised and
        // striped ones (direct is the default) move only each thread's own
        // items; the transposing ones exchange through the temporary
        // storage (the warp-time-sliced one across block barriers, the warp
        // one within each warp: its per-warp regions are not modelled). An
        // algorithm not written as one of cub's names (a constant, a
        // template parameter) may be any: neither a block barrier (a direct
        // load has none, so one would hide races on other memory) nor its
        // absence (a transposing one exchanges) can be assumed.
        let Some(algorithm) = arg(3) else {
            return CubSync::None;
        };
        let last = algorithm.rsplit("::").next().unwrap_or("").to_string();
        return match last.as_str() {
            "BLOCK_LOAD_DIRECT"
            | "BLOCK_LOAD_STRIPED"
            | "BLOCK_LOAD_VECTORIZE"
            | "BLOCK_STORE_DIRECT"
            | "BLOCK_STORE_STRIPED"
            | "BLOCK_STORE_VECTORIZE" => CubSync::None,
            "BLOCK_LOAD_TRANSPOSE"
            | "BLOCK_STORE_TRANSPOSE"
            | "BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED"
            | "BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED" => CubSync::Block,
            _ => CubSync::Unmodelled,
        };
    }
    if name == "BlockHistogram" && args.contains("BLOCK_HISTO_ATOMIC") {
        // Atomic updates of the bins: no exchange, no barrier.
        return CubSync::None;
    }
    CubSync::Block
}

/// Declares the structs of cub's collectives (called when the program
/// mentions `cub::` or `hipcub::`).
pub(crate) fn declare_cub_types(types: &mut TypeEnv) {
    let classes = BLOCK_CLASSES
        .iter()
        .map(|c| (*c, BLOCK_SLOTS))
        .chain(WARP_CLASSES.iter().map(|c| (*c, WARP_SLOTS)));
    for (name, slots) in classes {
        for sync in [
            CubSync::Block,
            CubSync::Warp,
            CubSync::None,
            CubSync::SubWarp,
            CubSync::Shuffle,
            CubSync::Unmodelled,
        ] {
            types.add_struct(class_key(name, sync, false), Vec::new(), false);
        }
        if matches!(name, "BlockLoad" | "BlockStore") {
            types.add_struct(class_key(name, CubSync::None, true), Vec::new(), false);
        }
        let slots = vec![(
            "slots".to_string(),
            Ty::Array(Box::new(Ty::Scalar(ScalarTy::UINT)), Some(slots)),
        )];
        types.add_struct(storage_key(name), slots, false);
    }
}

impl TypeEnv {
    /// Whether cub's types are declared (the program mentions cub).
    pub(crate) fn has_cub(&self) -> bool {
        self.struct_names.contains_key(&storage_key("BlockReduce"))
    }

    /// The struct of the cub class `name` (qualified by `scope` as written,
    /// `None` when unqualified) with template arguments `args`, when it is
    /// one of cub's collectives and the program defines no struct of that
    /// name (its own class, as some programs carry a copy of cub's code).
    pub(crate) fn cub_class_named(
        &self,
        scope: Option<&str>,
        name: &str,
        args: Option<&str>,
        src: &str,
    ) -> Option<usize> {
        if !BLOCK_CLASSES.contains(&name) && !WARP_CLASSES.contains(&name) {
            return None;
        }
        if self.struct_names.contains_key(name) {
            return None;
        }
        let qualified = match scope {
            Some(s) => is_cub_scope(s, src),
            None => cub_names_visible(name, src),
        };
        if !qualified {
            return None;
        }
        self.struct_names
            .get(&class_key(
                name,
                variant(name, args),
                blocked_layout(name, args),
            ))
            .copied()
    }

    /// The cub class the struct `k` stands for.
    pub(crate) fn cub_class(&self, k: usize) -> Option<CubClass> {
        let name = self.structs.get(k)?.name.strip_prefix("cub::")?;
        let (name, sync) = name.split_once('#')?;
        let (sync, blocked) = match sync.strip_suffix("#blocked") {
            Some(sync) => (sync, true),
            None => (sync, false),
        };
        let sync = match sync {
            "Block" => CubSync::Block,
            "Warp" => CubSync::Warp,
            "None" => CubSync::None,
            "Shuffle" => CubSync::Shuffle,
            "Unmodelled" => CubSync::Unmodelled,
            _ => CubSync::SubWarp,
        };
        Some(CubClass {
            name: name.to_string(),
            sync,
            blocked,
        })
    }

    /// Whether the struct `k` is the temporary storage of a cub class.
    pub(crate) fn is_cub_storage(&self, k: usize) -> bool {
        self.structs
            .get(k)
            .is_some_and(|s| s.name.starts_with("cub::") && s.name.ends_with("::TempStorage"))
    }

    /// The cub type a type node names (`cub::BlockReduce<int, 128>`,
    /// `BlockReduce::TempStorage` of an alias `BlockReduce` of one,
    /// `typename ...`), resolving aliases with `alias`; None for any
    /// other type.
    pub(crate) fn cub_type(
        &self,
        n: Node,
        src: &str,
        alias: &dyn Fn(&str, Node) -> Option<Ty>,
    ) -> Option<Ty> {
        match n.kind() {
            "dependent_type" => n
                .named_child(0)
                .and_then(|inner| self.cub_type(inner, src, alias)),
            "type_identifier" | "namespace_identifier" | "identifier" => {
                match alias(text(n, src), n) {
                    Some(Ty::Struct(k))
                        if self.cub_class(k).is_some() || self.is_cub_storage(k) =>
                    {
                        Some(Ty::Struct(k))
                    }
                    _ => None,
                }
            }
            "template_type" | "template_function" => {
                let name = text(n.child_by_field_name("name")?, src);
                let args = n.child_by_field_name("arguments").map(|a| text(a, src));
                self.cub_class_named(None, name, args, src).map(Ty::Struct)
            }
            "qualified_identifier" | "qualified_type_identifier" => {
                let scope = n.child_by_field_name("scope");
                let name = n.child_by_field_name("name")?;
                if name.kind() == "type_identifier" && text(name, src) == "TempStorage" {
                    // `C::TempStorage` of a cub class `C`.
                    let cname = match scope {
                        Some(s) if s.kind() == "template_type" => {
                            // `C<..>::TempStorage`: qualified by an
                            // enclosing `cub::` (the parser nests
                            // `cub::C<..>::TempStorage` as
                            // `cub::(C<..>::TempStorage)`) or under
                            // `using namespace cub;`.
                            let c = text(s.child_by_field_name("name")?, src);
                            let known = BLOCK_CLASSES.contains(&c) || WARP_CLASSES.contains(&c);
                            let in_cub = enclosed_in_cub_scope(n, src) || cub_names_visible(c, src);
                            if !known || !in_cub || self.struct_names.contains_key(c) {
                                return None;
                            }
                            c.to_string()
                        }
                        Some(s) => match self.cub_type(s, src, alias) {
                            Some(Ty::Struct(k)) => self.cub_class(k)?.name,
                            _ => return None,
                        },
                        None => return None,
                    };
                    return self
                        .struct_names
                        .get(&storage_key(&cname))
                        .map(|k| Ty::Struct(*k));
                }
                let scope_text = scope.map(|s| text(s, src)).unwrap_or("");
                match name.kind() {
                    "template_type" | "template_function" if is_cub_scope(scope_text, src) => {
                        let cname = text(name.child_by_field_name("name")?, src);
                        let args = name.child_by_field_name("arguments").map(|a| text(a, src));
                        self.cub_class_named(Some(scope_text), cname, args, src)
                            .map(Ty::Struct)
                    }
                    "type_identifier" | "identifier" if is_cub_scope(scope_text, src) => self
                        .cub_class_named(Some(scope_text), text(name, src), None, src)
                        .map(Ty::Struct),
                    "qualified_identifier" | "qualified_type_identifier"
                        if is_cub_scope(scope_text, src) =>
                    {
                        self.cub_type(name, src, alias)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Where one of cub's free data-movement functions puts item `j` of thread
/// `linear_tid` (cub/block/block_load.cuh, block_store.cuh).
#[derive(Clone, Copy, Debug)]
pub(crate) enum DirectLayout<'t> {
    /// `LoadDirectBlocked`, `StoreDirectBlocked` and their vectorised forms:
    /// `linear_tid * ITEMS + j`.
    Blocked,
    /// `LoadDirectStriped<BLOCK_THREADS>`, `StoreDirectStriped<..>`:
    /// `linear_tid + j * BLOCK_THREADS` (the template argument's node).
    Striped(Node<'t>),
    /// `LoadDirectWarpStriped`, `StoreDirectWarpStriped`: `(linear_tid / 32)
    /// * 32 * ITEMS + linear_tid % 32 + j * 32`.
    WarpStriped,
}

/// The call's callee `function` when it names one of cub's free
/// data-movement functions (qualified by `cub::`/`hipcub::` or an alias, or
/// unqualified where cub's names are visible): whether it loads, and its
/// layout. None for anything else (and for a striped one whose
/// `BLOCK_THREADS` is not written).
pub(crate) fn cub_direct_function<'t>(
    function: Node<'t>,
    src: &str,
) -> Option<(bool, DirectLayout<'t>)> {
    let (scope, name) = match function.kind() {
        "qualified_identifier" => (
            Some(text(function.child_by_field_name("scope")?, src)),
            function.child_by_field_name("name")?,
        ),
        _ => (None, function),
    };
    let (base, targs) = match name.kind() {
        "template_function" => (
            text(name.child_by_field_name("name")?, src),
            name.child_by_field_name("arguments"),
        ),
        "identifier" => (text(name, src), None),
        _ => return None,
    };
    let visible = match scope {
        Some(s) => is_cub_scope(s, src),
        None => cub_names_visible(base, src),
    };
    if !visible {
        return None;
    }
    let first_targ = || targs.and_then(|a| a.named_child(0));
    Some(match base {
        "LoadDirectBlocked" | "LoadDirectBlockedVectorized" => (true, DirectLayout::Blocked),
        "StoreDirectBlocked" | "StoreDirectBlockedVectorized" => (false, DirectLayout::Blocked),
        "LoadDirectStriped" => (true, DirectLayout::Striped(first_targ()?)),
        "StoreDirectStriped" => (false, DirectLayout::Striped(first_targ()?)),
        "LoadDirectWarpStriped" => (true, DirectLayout::WarpStriped),
        "StoreDirectWarpStriped" => (false, DirectLayout::WarpStriped),
        _ => return None,
    })
}

/// Whether the qualified name `n` is the `name` part of a name qualified by
/// `cub::` or `hipcub::` (`cub::C<..>::TempStorage` parses as `cub` scoping
/// `C<..>::TempStorage`).
fn enclosed_in_cub_scope(n: Node, src: &str) -> bool {
    n.parent()
        .filter(|p| {
            matches!(
                p.kind(),
                "qualified_identifier" | "qualified_type_identifier"
            )
        })
        .and_then(|p| p.child_by_field_name("scope"))
        .is_some_and(|s| is_cub_scope(text(s, src), src))
}
