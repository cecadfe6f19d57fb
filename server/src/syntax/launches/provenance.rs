//! Where a pointer argument of a launch may point: the allocations (roots)
//! it may be a view of, with its element offset from each. Two pointer
//! parameters whose arguments share a root may be one array (the
//! distinct-parameters assumption does not hold for them); those with no
//! shared root keep it.
//!
//! Flow-insensitive and over-approximating: a host variable may hold the
//! value of any of its definitions (its initializer, every plain assignment
//! `p = e;`), a move (`p += k`, `p++`) makes its offsets unknown, either arm
//! of a `?:` may be taken, and a parameter of a host function defined at
//! namespace scope may hold what any call of it in the unit passes. Each
//! declared variable is also a root of its own (its value from somewhere the
//! scanner does not follow: an allocation call, a reference, another unit),
//! so a name passed twice is always one array. An expression the scanner
//! does not follow (a call, a member) is a root named by its text: two
//! text-equal arguments (`raw_pointer_cast(v.data())` twice) may be one
//! array. What no such evidence relates keeps the assumption.

use super::{DeclScope, Eval, MAX_EVAL_DEPTH};

mod addresses;
mod objects;
use addresses::AddressUse;

/// Most views kept for one argument (a chain of wrappers with many calls
/// each); past it the argument's views are those found so far plus its own
/// text as a root.
const MAX_VIEWS: usize = 64;

/// One thing a pointer argument may be: `root + offset` elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointerView {
    /// The allocation: `decl:N` for the variable declared at token N,
    /// `expr:TEXT` for an expression not followed.
    pub root: String,
    /// The offset from the root in elements of the argument's pointee type;
    /// None when not a known constant (a symbolic offset, or one applied to
    /// a pointer of another type behind a cast).
    pub offset: Option<i128>,
    /// The calls of wrapper functions this view was followed through (the
    /// launch's innermost first): two views of one launch are of one
    /// execution only when one's list is a prefix of the other's.
    pub context: Vec<usize>,
    /// Set when the argument names a member of a clean [`SwapGroup`]
    /// (directly, or as a wrapper's parameter): `(group, member key, the
    /// context it was named in)`. Two members of one clean group named in
    /// one context are two allocations: the rotations only permute them.
    pub member_of: Option<(usize, usize, Vec<usize>)>,
    /// Set on the views of an entry `t[e]` of a pointer table whose entries
    /// hold distinct allocations ([`TableShape::Clean`] with `distinct`):
    /// `KEY#INDEX` (the table's declaration token, the read's
    /// [`TableIndex::encode`]). Two views tagged with one table at indices
    /// that always differ are of two entries, so of two allocations, even
    /// when both may be any of the values stored into the table.
    pub entry: Option<String>,
}

/// The root prefix of an element of a pointer table, `table[i]`: the root
/// is `table:NAME#INDEX` (see [`TableIndex::encode`]).
const TABLE_ROOT: &str = "table:";

/// The root of a value the scan cannot bound: a parameter of a host
/// function whose calls it cannot all read (`ops::run(d, d)`, a default
/// argument, a function pointer taken of it), a range-`for` variable. It
/// may be a view of any allocation, at any offset: it meets every view.
pub(super) const ANY_ROOT: &str = "any:";

/// The root prefix of a value another translation unit passes to a
/// wrapper (`elsewhere:run#0#1`): one allocation the calls there pass as
/// both arguments `0` and `1`.
const ELSEWHERE_ROOT: &str = "elsewhere:";

/// The index of a pointer-table element read as a launch argument, in terms
/// of one base expression `X` written the same in both arguments of a
/// launch (no call, no side effect: it has one value in one launch).
#[derive(Clone, Debug, PartialEq, Eq)]
enum TableIndex {
    /// `op(X, c)`; a constant index has an empty base.
    Of(String, IndexOp, i128),
    /// An index of another form.
    Unknown,
}

/// The shape of a [`TableIndex`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IndexOp {
    /// `X + c`.
    Add,
    /// `X ^ c`.
    Xor,
    /// `c - X`.
    SubFrom,
    /// `!X`.
    Not,
}

impl TableIndex {
    fn encode(&self) -> String {
        match self {
            TableIndex::Of(base, op, c) => format!("{op:?}#{c}#{base}"),
            TableIndex::Unknown => "?".to_string(),
        }
    }

    fn decode(text: &str) -> TableIndex {
        let mut parts = text.splitn(3, '#');
        let op = match parts.next() {
            Some("Add") => IndexOp::Add,
            Some("Xor") => IndexOp::Xor,
            Some("SubFrom") => IndexOp::SubFrom,
            Some("Not") => IndexOp::Not,
            _ => return TableIndex::Unknown,
        };
        let Some(c) = parts.next().and_then(|c| c.parse().ok()) else {
            return TableIndex::Unknown;
        };
        TableIndex::Of(parts.next().unwrap_or("").to_string(), op, c)
    }

    /// Whether the two indices differ at every value of their base (then
    /// the elements are two table entries; that distinct entries hold
    /// distinct allocations is the assumption, as for two variables).
    fn always_differ(&self, other: &TableIndex) -> bool {
        use IndexOp::*;
        let (TableIndex::Of(b1, o1, c1), TableIndex::Of(b2, o2, c2)) = (self, other) else {
            return false;
        };
        if b1.is_empty() || b2.is_empty() {
            // Two constants differ when their values do.
            return b1.is_empty() && b2.is_empty() && c1 != c2;
        }
        if b1 != b2 {
            return false;
        }
        match (*o1, *o2) {
            // X + c1 = X + c2 and X ^ c1 = X ^ c2 only when c1 = c2.
            (Add, Add) | (Xor, Xor) => c1 != c2,
            // X ^ c = X only when c = 0.
            (Add, Xor) if *c1 == 0 => *c2 != 0,
            (Xor, Add) if *c2 == 0 => *c1 != 0,
            // c - X = X needs 2X = c: never for an odd c.
            (Add, SubFrom) if *c1 == 0 => c2 % 2 != 0,
            (SubFrom, Add) if *c2 == 0 => c1 % 2 != 0,
            // !X is 0 or 1, and 1 only for X = 0: never X itself.
            (Add, Not) if *c1 == 0 => true,
            (Not, Add) if *c2 == 0 => true,
            _ => false,
        }
    }
}

/// Whether views `a` and `b` (of two arguments of one launch, compatible)
/// may be of one allocation: the same root, or two elements of one pointer
/// table whose indices may be equal (`k(bufs[i], bufs[j])` over all `i`,
/// `j` passes one entry twice; `bufs[i - 1]`, `bufs[i]` never do).
pub fn views_may_meet(a: &PointerView, b: &PointerView) -> bool {
    if a.root == ANY_ROOT || b.root == ANY_ROOT {
        return true;
    }
    if let (Some((g1, m1, c1)), Some((g2, m2, c2))) = (&a.member_of, &b.member_of) {
        if g1 == g2 && m1 != m2 && c1 == c2 {
            return false;
        }
    }
    // Two entries of one table whose entries hold distinct allocations, at
    // indices that always differ: two allocations.
    let split = |t: &Option<String>| {
        let (key, index) = t.as_deref()?.split_once('#')?;
        Some((key.to_string(), TableIndex::decode(index)))
    };
    if let (Some((k1, i1)), Some((k2, i2))) = (split(&a.entry), split(&b.entry)) {
        if k1 == k2 && indices_apart(&i1, &i2, a.context == b.context) {
            return false;
        }
    }
    if a.root == b.root {
        return true;
    }
    // A member of one object and the member of any object (see
    // [`objects`]).
    if objects::object_roots_meet(&a.root, &b.root) {
        return true;
    }
    let table = |v: &PointerView| {
        let rest = v.root.strip_prefix(TABLE_ROOT)?;
        let (name, index) = rest.split_once('#')?;
        Some((name.to_string(), TableIndex::decode(index)))
    };
    match (table(a), table(b)) {
        (Some((n1, i1)), Some((n2, i2))) if n1 == n2 => {
            !indices_apart(&i1, &i2, a.context == b.context)
        }
        _ => false,
    }
}

/// Whether two launches' argument views are one up to a renaming of the
/// token positions they name (declarations `decl:N`, wrapper calls `@M`,
/// objects `|obj:O`, contexts, table keys, swap-group members) and of the
/// swap groups. Two host passes over one launch (a kernel file's pass, which
/// reads its includer after the file's own tokens, and the includer's own
/// pass) number the tokens differently. What the checker reads of views
/// ([`views_may_meet`], [`PointerView::compatible`]) is equality of roots,
/// of table keys and of group members, and element-wise equality of
/// contexts, all of which a one-to-one renaming keeps; offsets and table
/// indices are compared as they are.
pub fn views_equivalent(a: &[Vec<PointerView>], b: &[Vec<PointerView>]) -> bool {
    a == b || (a.len() == b.len() && canonical_views(a) == canonical_views(b))
}

/// `args` with every position replaced by the order of its first mention
/// and every swap group by the order of its first use, each argument's
/// views taken in the order of their text with the positions left out (two
/// passes may number the tokens in different orders: the kernel file's
/// pass reads its includer after it, the includer's pass reads it after the
/// includer). Views alike but for their positions keep their order, so two
/// numberings of one launch may still give two forms (the launch is then
/// kept twice: a cost, never a lost launch).
fn canonical_views(args: &[Vec<PointerView>]) -> Vec<Vec<PointerView>> {
    let erased = |v: &PointerView| rename_view(v, &mut |_| 0, &mut |_| 0);
    let mut positions: Vec<usize> = Vec::new();
    let mut groups: Vec<usize> = Vec::new();
    let first = |seen: &mut Vec<usize>, x: usize| match seen.iter().position(|&y| y == x) {
        Some(i) => i,
        None => {
            seen.push(x);
            seen.len() - 1
        }
    };
    args.iter()
        .map(|views| {
            let mut ordered: Vec<(PointerView, &PointerView)> =
                views.iter().map(|v| (erased(v), v)).collect();
            ordered.sort_by(|(x, _), (y, _)| {
                (&x.root, x.offset, &x.context, &x.member_of, &x.entry).cmp(&(
                    &y.root,
                    y.offset,
                    &y.context,
                    &y.member_of,
                    &y.entry,
                ))
            });
            ordered
                .into_iter()
                .map(|(_, v)| {
                    rename_view(v, &mut |p| first(&mut positions, p), &mut |g| {
                        first(&mut groups, g)
                    })
                })
                .collect()
        })
        .collect()
}

/// `v` with its positions mapped by `position` and its swap group by
/// `group` (see [`views_equivalent`]).
fn rename_view(
    v: &PointerView,
    position: &mut dyn FnMut(usize) -> usize,
    group: &mut dyn FnMut(usize) -> usize,
) -> PointerView {
    fn context(c: &[usize], position: &mut dyn FnMut(usize) -> usize) -> Vec<usize> {
        c.iter().map(|&p| position(p)).collect()
    }
    let root = rename_root(&v.root, position);
    let own_context = context(&v.context, position);
    let member_of = v
        .member_of
        .as_ref()
        .map(|(g, m, c)| (group(*g), position(*m), context(c, position)));
    let entry = v.entry.as_ref().map(|e| match e.split_once('#') {
        Some((key, index)) => match key.parse::<usize>() {
            Ok(k) => format!("{}#{index}", position(k)),
            Err(_) => e.clone(),
        },
        None => e.clone(),
    });
    PointerView {
        root,
        offset: v.offset,
        context: own_context,
        member_of,
        entry,
    }
}

/// `root` with the positions it names mapped by `position`: `decl:N`, a
/// call suffix `@M` of a `decl:`/`expr:` root, an object suffix `|obj:O`,
/// and the table name of `table:NAME#INDEX`; any other text as it is.
fn rename_root(root: &str, position: &mut dyn FnMut(usize) -> usize) -> String {
    let number = |t: &str| -> Option<usize> {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    if let Some(rest) = root.strip_prefix(TABLE_ROOT) {
        return match rest.split_once('#') {
            Some((name, index)) => format!("{TABLE_ROOT}{}#{index}", rename_root(name, position)),
            None => root.to_string(),
        };
    }
    let (base, object) = match root.rsplit_once(objects::OBJECT_MARK) {
        Some((b, o)) if number(o).is_some() => (b, number(o)),
        _ => (root, None),
    };
    let named = base.starts_with("decl:") || base.starts_with("expr:");
    let (base, call) = match base.rsplit_once('@') {
        Some((b, m)) if named && number(m).is_some() => (b, number(m)),
        _ => (base, None),
    };
    let mut out = match base.strip_prefix("decl:").and_then(number) {
        Some(n) => format!("decl:{}", position(n)),
        None => base.to_string(),
    };
    if let Some(m) = call {
        out.push_str(&format!("@{}", position(m)));
    }
    if let Some(o) = object {
        out.push_str(&format!("{}{}", objects::OBJECT_MARK, position(o)));
    }
    out
}

/// Whether two indices of one table name two entries: they differ at every
/// value of their base (read in one statement that writes nothing, see
/// [`Eval::quiet_statement`]). Indices written in two calls' contexts are
/// apart only when both are constants.
fn indices_apart(i1: &TableIndex, i2: &TableIndex, same_context: bool) -> bool {
    let constant = |i: &TableIndex| matches!(i, TableIndex::Of(b, _, _) if b.is_empty());
    i1.always_differ(i2) && (same_context || (constant(i1) && constant(i2)))
}

/// What the host code does with a pointer table (an array of pointers
/// whose entries are launch arguments).
#[derive(Clone, Debug)]
pub(super) enum TableShape {
    /// A local or global array `T *t[N]` whose name appears only as an
    /// entry read `t[e]` (not bound to a reference, not passed to a
    /// parameter that may be one), a store `t[e] = v` or an initializer
    /// `{v0, v1, ..}`, the out-parameter of an allocation call
    /// (`cudaMalloc(&t[e], ..)`: a fresh allocation in that entry) and
    /// under `sizeof`: every value in it comes from those stores and
    /// allocations.
    Clean {
        /// The declaration token.
        key: usize,
        /// The stores: (constant index, or None; the value's range).
        stores: Vec<(Option<i128>, usize, usize)>,
        /// Every store has a constant index and no two stores at different
        /// indices may be one allocation, nor any stored value an entry of
        /// the table: distinct entries hold distinct allocations.
        distinct: bool,
    },
    /// Anything else (a pointer `T **t`, a parameter, a class member, a
    /// table copied, offset, passed to a call, its address or an entry's
    /// taken other than by an allocation call, an entry moved): any two
    /// entries may be one allocation, and hold any value stored through
    /// any name that may be the table.
    Open,
}

/// Allocation calls whose first argument `&t[e]` receives a fresh
/// allocation.
const ALLOCATION_CALLS: [&str; 13] = [
    "cudaMalloc",
    "cudaMallocManaged",
    "cudaMallocHost",
    "cudaHostAlloc",
    "cudaMallocPitch",
    "cudaMallocAsync",
    "cudaMallocFromPoolAsync",
    "hipMalloc",
    "hipMallocManaged",
    "hipHostMalloc",
    "hipHostAlloc",
    "hipMallocPitch",
    "hipMallocAsync",
];

/// Calls that write no variable of the program (a statement calling only
/// these may read a table's index twice: both reads see one value).
const QUIET_CALLS: [&str; 11] = [
    "dim3",
    "make_uint3",
    "make_int3",
    "sizeof",
    "alignof",
    "decltype",
    "raw_pointer_cast",
    "cudaLaunchKernel",
    "cudaLaunchKernelEx",
    "cudaLaunchCooperativeKernel",
    "hipLaunchKernelGGL",
];

/// C math functions: a call of one (unqualified or `std::`) writes no
/// variable of the program.
const MATH_CALLS: [&str; 22] = [
    "pow", "powf", "sqrt", "sqrtf", "exp", "expf", "exp2", "log", "logf", "log2", "log10", "fabs",
    "fabsf", "abs", "ceil", "ceilf", "floor", "floorf", "fmin", "fmax", "round", "cbrt",
];

/// Words of a cast to a built-in type, `(unsigned int)(e)`.
const BUILTIN_TYPE_WORDS: [&str; 13] = [
    "unsigned", "signed", "int", "long", "short", "char", "float", "double", "bool", "const",
    "size_t", "*", "void",
];

/// A key on the stack of variables followed that no declaration token has:
/// the stores of the table declared at `key` are being followed.
fn table_mark(key: usize) -> usize {
    (1usize << (usize::BITS - 2)) | key
}

/// A key on the stack of variables followed that no declaration token has:
/// the `return` expressions of the function named at `at` are being followed.
fn function_mark(at: usize) -> usize {
    (1usize << (usize::BITS - 3)) | at
}

/// What [`Eval::definition_views`] found for one variable.
struct Definitions {
    /// The values of its definitions.
    views: Vec<PointerView>,
    /// A move (`p += k`, `p++`) makes its offsets unknown.
    moved: bool,
    /// How many definitions it has.
    count: usize,
    /// Where each definition is (its declaration for an initializer or a
    /// parameter).
    at: Vec<usize>,
}

/// Pointer variables whose values the unit permutes: a rotation of
/// consecutive statements `t = a; a = b; b = t;` (`T *t = a;` too, and
/// longer chains `t = a; a = b; b = c; c = t;`) or a call `swap(a, b)`,
/// `std::swap(a, b)` (when the unit defines no `swap` of its own). Members of
/// rotations that share a variable form one group.
#[derive(Default)]
pub(super) struct SwapGroups {
    /// The group of each member (by its key: its declaration token, or a
    /// class member's key; see [`Eval::variable_key`]).
    pub(super) group_of: crate::base::HashMap<usize, usize>,
    /// The groups.
    groups: Vec<SwapGroup>,
    /// The left-hand names of the rotations' assignments `a = b;` (they
    /// only permute the group's values: no definition of the member).
    rotation_lhs: crate::base::HashSet<usize>,
}

/// One group of [`SwapGroups`].
struct SwapGroup {
    /// Its members.
    members: Vec<SwapMember>,
    /// The first token of its first rotation.
    first_rotation: usize,
    /// The loop bodies (`{`, `}`) around its rotations.
    loops: Vec<(usize, usize)>,
    /// Whether its members may be kept apart, as far as the rotations and
    /// declarations tell: every member is a non-static local or a
    /// parameter of the function the rotations are in (its definitions are
    /// all in view; see [`Eval::member_views`] for the rest), and no
    /// rotation is in a lambda body (which may run at any later point).
    clean: bool,
}

/// One member of a [`SwapGroup`].
struct SwapMember {
    /// Its key.
    key: usize,
    /// A token naming it.
    mention: usize,
}

/// Words before `(` that are no function's name.
const NOT_CALLS: [&str; 10] = [
    "if", "for", "while", "switch", "return", "sizeof", "catch", "decltype", "alignof", "do",
];

/// How the calls of a host function whose parameter a launch argument is
/// are found.
#[derive(Clone, Copy, Debug)]
enum WrapperKind {
    /// By its name: a function at namespace scope, a lambda stored in a
    /// variable.
    Function,
    /// `x.f(..)`, `p->f(..)`, `f(..)`: a member function.
    Member,
    /// `v(..)` for variables `v` of the class whose body opens here.
    CallOperator(usize),
    /// A constructor of the class whose body opens here: `S x(..)`, `S
    /// x{..}`, `S(..)`, `new S(..)`, a derived class's `: S(..)`.
    Constructor(usize),
}

impl PointerView {
    /// Whether `self` and `other` can hold at one execution of the launch.
    pub fn compatible(&self, other: &PointerView) -> bool {
        let n = self.context.len().min(other.context.len());
        self.context[..n] == other.context[..n]
    }
}

impl Eval<'_, '_> {
    /// The views the pointer expression `[s, e)` may be (see the module
    /// comment).
    pub(super) fn pointer_views(&self, s: usize, e: usize) -> Vec<PointerView> {
        let mut out = Vec::new();
        let mut visiting = Vec::new();
        self.views_into(s, e, 0, true, &[], &mut visiting, &mut out);
        out.sort_by(|a, b| (&a.root, a.offset, &a.context).cmp(&(&b.root, b.offset, &b.context)));
        out.dedup();
        out
    }

    /// The text of `[s, e)` with single spaces.
    fn text_of(&self, s: usize, e: usize) -> String {
        (s..e)
            .map(|i| self.unit.text(i))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[allow(clippy::too_many_arguments)]
    fn views_into(
        &self,
        s: usize,
        e: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let u = self.unit;
        let opaque = |out: &mut Vec<PointerView>| {
            out.push(PointerView {
                root: format!("expr:{}", self.text_of(s, e)),
                offset: Some(0),
                context: context.to_vec(),
                member_of: None,
                entry: None,
            })
        };
        if s >= e {
            return;
        }
        // A null pointer (`0`, `NULL`, `nullptr`) points into no allocation:
        // two of them share nothing a kernel may access.
        if e == s + 1 && matches!(u.text(s), "NULL" | "nullptr" | "0") {
            return;
        }
        if depth > MAX_EVAL_DEPTH || out.len() > MAX_VIEWS {
            opaque(out);
            return;
        }
        // `?:` at the top level: either arm.
        if let Some((q, c)) = self.top_ternary(s, e) {
            self.views_into(q + 1, c, depth + 1, typed, context, visiting, out);
            self.views_into(c + 1, e, depth + 1, typed, context, visiting, out);
            return;
        }
        // `base + k`, `base - k` at the top level (the rightmost such
        // operator: `a + i + 1` is `(a + i) + 1`).
        if let Some(op) = self.top_additive(s, e) {
            let k = self.expr(op + 1, e, 0);
            let k = if u.text(op) == "-" { k.map(|k| -k) } else { k };
            let mut inner = Vec::new();
            self.views_into(s, op, depth + 1, typed, context, visiting, &mut inner);
            out.extend(inner.into_iter().map(|mut v| {
                v.offset = match (v.offset, k) {
                    (Some(o), Some(k)) if typed => o.checked_add(k),
                    _ => None,
                };
                v
            }));
            return;
        }
        // Parentheses, and casts `(T *)x`, `static_cast<T *>(x)`,
        // `reinterpret_cast<T *>(x)`: offsets inside are in another type.
        if u.text(s) == "(" {
            let close = u.matching(s, e);
            if close + 1 == e {
                return self.views_into(s + 1, close, depth + 1, typed, context, visiting, out);
            }
            let cast = (s + 1..close)
                .all(|i| u.is_ident(i) || matches!(u.text(i), "*" | "::" | "const" | "volatile"));
            if cast && close + 1 < e {
                return self.views_into(close + 1, e, depth + 1, false, context, visiting, out);
            }
        }
        if matches!(
            u.text(s),
            "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast"
        ) && u.text(s + 1) == "<"
        {
            if let Some(gt) = u.template_close(s + 1) {
                if u.text(gt + 1) == "(" && u.matching(gt + 1, e) + 1 == e {
                    let keep = typed && u.text(s) == "const_cast";
                    return self.views_into(gt + 2, e - 1, depth + 1, keep, context, visiting, out);
                }
            }
        }
        // `&base[k]`.
        if u.text(s) == "&" && u.text(e - 1) == "]" {
            let open = (s + 1..e).find(|&i| u.text(i) == "[" && u.matching(i, e) == e - 1);
            if let Some(open) = open {
                let k = self.expr(open + 1, e - 1, 0);
                let mut inner = Vec::new();
                self.views_into(s + 1, open, depth + 1, typed, context, visiting, &mut inner);
                out.extend(inner.into_iter().map(|mut v| {
                    v.offset = match (v.offset, k) {
                        (Some(o), Some(k)) if typed => o.checked_add(k),
                        _ => None,
                    };
                    v
                }));
                return;
            }
        }
        if s + 1 == e && u.is_ident(s) {
            return self.name_views(s, depth, typed, context, visiting, out);
        }
        // `this->m` is the data member `m` ([expr.prim.this]): its
        // assignments and mem-initializers are followed by its spelling
        // (before session 57 it was an opaque text root, so `next_ =
        // this->cur_` left the two members apart). Only when no local or
        // parameter named `m` is in scope there (it would be found instead).
        if s + 3 == e
            && u.text(s) == "this"
            && u.text(s + 1) == "->"
            && u.is_ident(s + 2)
            && self.class_member(u.text(s + 2))
            && self
                .scopes
                .visible(u, u.text(s + 2), s + 2)
                .is_none_or(|(d, _)| self.in_class_body(d.at))
        {
            return self.name_views(s + 2, depth, typed, context, visiting, out);
        }
        // A data member reached through an object, `s.m`, `p->m`, `v[i].m`,
        // `f().m`: the member `m` of any object, keyed by its name (see
        // [`Eval::accessed_member_views`]). Before session 59 it was an
        // opaque text root per spelling, so `s.a` and `s.b` given one
        // buffer were two allocations.
        if let Some(m) = self.member_access(s, e) {
            // `o.m` of a local object nothing else reaches (or a reference
            // parameter bound to such objects): its own roots (session 60;
            // see [`objects`]).
            if e == s + 3 && u.text(s + 1) == "." {
                let mut chain = Vec::new();
                if let Some(views) =
                    self.object_member_views(s, m, depth, typed, context, visiting, &mut chain)
                {
                    out.extend(views);
                    return;
                }
            }
            return self.accessed_member_views(m, depth, typed, context, visiting, out);
        }
        // `table[e]`: an element of a pointer table (see [`TableIndex`]).
        if s + 3 < e && u.is_ident(s) && u.text(s + 1) == "[" && u.matching(s + 1, e) == e - 1 {
            return self.entry_views(s, e, depth, typed, context, visiting, out);
        }
        // A call `f(..)`, `ns::f(..)`, `x.f(..)`, `p->f(..)` of a function
        // the unit defines may return any of its `return` expressions
        // (before session 58 only its opaque text: `pick(d, e)` and `d` were
        // two allocations although `pick` returns its first argument).
        if u.text(e - 1) == ")" {
            let open = (s + 1..e - 1).find(|&i| u.text(i) == "(" && u.matching(i, e) == e - 1);
            // `f<T>(..)` names a specialization of the function template
            // `f`, whose `return` expressions are every specialization's
            // (before session 59 it stayed an opaque text root).
            let name_at = open.and_then(|o| {
                if u.is_ident(o - 1) {
                    return Some(o - 1);
                }
                if u.text(o - 1) != ">" {
                    return None;
                }
                let lt = self.template_open(o - 1, s)?;
                (lt > s && u.is_ident(lt - 1)).then_some(lt - 1)
            });
            if let Some(name_at) = name_at {
                self.returned_views(name_at, depth, typed, context, visiting, out);
            }
        }
        opaque(out);
    }

    /// The values that a call of the function named at `name_at` may
    /// return: the views of the `return` expressions of every function of
    /// that name defined in the unit (overloads, members of any class:
    /// more values, never fewer). A name declared in one of those functions
    /// (a local, a parameter's own root) is a root per call (`a =
    /// alloc(n); b = alloc(n);` are two allocations, as two variables are),
    /// unless it is `static` (one variable for every call).
    #[allow(clippy::too_many_arguments)]
    fn returned_views(
        &self,
        name_at: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let name = u.text(name_at);
        if NOT_CALLS.contains(&name) || depth > MAX_EVAL_DEPTH {
            return;
        }
        for d in self.mentions_of(name) {
            if d == name_at
                || u.text(d + 1) != "("
                || (d > 0 && matches!(u.text(d - 1), "." | "->"))
            {
                continue;
            }
            let close = u.matching(d + 1, n);
            let mut body = close + 1;
            while matches!(
                u.text(body),
                "const" | "noexcept" | "override" | "final" | "&" | "&&"
            ) {
                body += 1;
            }
            if u.text(body) == "->" {
                while body < n && !matches!(u.text(body), "{" | ";" | "}") {
                    body += 1;
                }
            }
            if u.text(body) != "{" {
                continue;
            }
            // A definition at namespace or class scope (not a call followed
            // by a block, `if (f(x)) {`).
            let definition_scope = match scopes.block_of(d) {
                None => true,
                Some(o) => matches!(
                    scopes.kinds.get(&o),
                    Some(super::BlockKind::Namespace | super::BlockKind::Opaque)
                ),
            };
            let mark = function_mark(d);
            if !definition_scope || visiting.contains(&mark) {
                continue;
            }
            let body_close = u.matching(body, n);
            visiting.push(mark);
            let mut found = Vec::new();
            for r in body + 1..body_close {
                if u.text(r) == "return" && u.text(r + 1) != ";" {
                    let end = self.initializer_end(r + 1);
                    self.views_into(r + 1, end, depth + 1, typed, context, visiting, &mut found);
                }
            }
            visiting.pop();
            for mut v in found {
                // An opaque text in the function (`p.bufs[k]`) may stand for
                // another value at each call (its parameters differ): a root
                // per call, as before session 58 the call's own text was
                // (two text-equal calls still meet through that text).
                // Not a name alone (`expr:m`: a member keyed by its name, or
                // a variable out of view: one for every call).
                if v.root.starts_with("expr:") && v.root.contains(' ') {
                    v.root = format!("{}@{}", v.root, name_at + 1);
                }
                let inside = v
                    .root
                    .strip_prefix("decl:")
                    .and_then(|k| k.parse::<usize>().ok())
                    .filter(|&k| d < k && k < body_close);
                if let Some(k) = inside {
                    let statement = (k.saturating_sub(8)..k)
                        .rev()
                        .take_while(|&j| !matches!(u.text(j), ";" | "{" | "}" | "("));
                    if !statement.clone().any(|j| u.text(j) == "static") {
                        v.root = format!("{}@{}", v.root, name_at + 1);
                    }
                }
                v.member_of = None;
                v.entry = None;
                out.push(v);
            }
        }
    }

    /// The views of the table entry `t[e]` at `[s, e)`: the entry itself
    /// (a root per table and index) and every value stored into it (see
    /// [`TableShape`]).
    #[allow(clippy::too_many_arguments)]
    fn entry_views(
        &self,
        s: usize,
        e: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let index = self.table_index(s + 2, e - 1);
        let constant = match &index {
            TableIndex::Of(b, IndexOp::Add, c) if b.is_empty() => Some(*c),
            _ => None,
        };
        match self.table_shape(s) {
            TableShape::Clean {
                key,
                stores,
                distinct,
            } => {
                // Without distinct entries any two entries may be one.
                let index = if distinct { index } else { TableIndex::Unknown };
                let mut found = vec![PointerView {
                    root: format!("{TABLE_ROOT}decl:{key}#{}", index.encode()),
                    offset: Some(0),
                    context: context.to_vec(),
                    member_of: None,
                    entry: None,
                }];
                if !visiting.contains(&table_mark(key)) {
                    visiting.push(table_mark(key));
                    // Entry `c` holds only what is stored at `c` or at an
                    // index that is not a constant.
                    for (j, vs, ve) in stores {
                        if matches!((constant, j), (Some(c), Some(j)) if c != j) {
                            continue;
                        }
                        self.views_into(vs, ve, depth + 1, typed, context, visiting, &mut found);
                    }
                    visiting.pop();
                }
                let tag = distinct.then(|| format!("{key}#{}", index.encode()));
                for v in &mut found {
                    v.member_of = None;
                    v.entry = tag.clone();
                }
                out.extend(found);
            }
            TableShape::Open => {
                // The tables `t` may be: an entry of each, at an unknown
                // offset from its root (it may hold any pointer).
                let mut tables = Vec::new();
                self.views_into(s, s + 1, depth + 1, false, context, visiting, &mut tables);
                let mut roots: Vec<String> = tables.into_iter().map(|v| v.root).collect();
                roots.sort_unstable();
                roots.dedup();
                let mut found: Vec<PointerView> = roots
                    .iter()
                    .map(|r| PointerView {
                        root: format!("{TABLE_ROOT}{r}#?"),
                        offset: None,
                        context: context.to_vec(),
                        member_of: None,
                        entry: None,
                    })
                    .collect();
                let mark = table_mark(self.variable_key(s).unwrap_or(s));
                if !visiting.contains(&mark) {
                    visiting.push(mark);
                    self.open_table_stores(&roots, depth, typed, context, visiting, &mut found);
                    visiting.pop();
                }
                for v in &mut found {
                    v.member_of = None;
                    v.entry = None;
                }
                out.extend(found);
            }
        }
    }

    /// The values stored (`x[e] = v`, `T *x[] = {v, ..}`) into any table
    /// `x` whose roots meet `roots`.
    #[allow(clippy::too_many_arguments)]
    fn open_table_stores(
        &self,
        roots: &[String],
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let u = self.unit;
        let n = u.toks.len();
        for i in 0..n.saturating_sub(1) {
            if !u.is_ident(i) || u.text(i + 1) != "[" {
                continue;
            }
            if i > 0 && matches!(u.text(i - 1), "." | "->" | "::") {
                continue;
            }
            let close = u.matching(i + 1, n);
            if u.text(close + 1) != "=" || close + 2 >= n {
                continue;
            }
            let key = self.variable_key(i).unwrap_or(i);
            let known = self.store_roots.borrow().get(&key).cloned();
            let target = match known {
                Some(r) => r,
                None => {
                    let mut views = Vec::new();
                    self.views_into(i, i + 1, depth + 1, false, &[], visiting, &mut views);
                    let r: Vec<String> = views.into_iter().map(|v| v.root).collect();
                    self.store_roots.borrow_mut().insert(key, r.clone());
                    r
                }
            };
            if !target.iter().any(|r| roots.contains(r)) {
                continue;
            }
            let vs = close + 2;
            let values = if u.text(vs) == "{" {
                u.split_commas(vs + 1, u.matching(vs, n))
            } else {
                vec![(vs, self.initializer_end(vs))]
            };
            for (a, b) in values {
                self.views_into(a, b, depth + 1, typed, context, visiting, out);
            }
        }
    }

    /// The [`TableShape`] of the table named at `at` (in `at[e]`).
    fn table_shape(&self, at: usize) -> TableShape {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        if at > 0 && matches!(u.text(at - 1), "." | "->" | "::") {
            return TableShape::Open;
        }
        let Some((decl, scope)) = scopes.visible(u, name, at) else {
            return TableShape::Open;
        };
        let key = decl.at;
        if !matches!(scope, DeclScope::Block(_))
            || (u.text(key + 1) != "[" && !self.vector_declaration(key))
        {
            return TableShape::Open;
        }
        if let Some(known) = self.table_shapes.borrow().get(&key) {
            // None: being found (a store reads the table): no claim.
            return known.clone().unwrap_or(TableShape::Open);
        }
        self.table_shapes.borrow_mut().insert(key, None);
        let shape = self.find_table_shape(key);
        self.table_shapes
            .borrow_mut()
            .insert(key, Some(shape.clone()));
        shape
    }

    /// [`Eval::table_shape`] of the array declared at `key`.
    fn find_table_shape(&self, key: usize) -> TableShape {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let name = u.text(key);
        let null = |s: usize, e: usize| {
            s >= e || (e == s + 1 && matches!(u.text(s), "NULL" | "nullptr" | "0"))
        };
        let vector = u.text(key + 1) != "[";
        let dims_close = if vector { key } else { u.matching(key + 1, n) };
        // An array of arrays: not followed.
        if u.text(dims_close + 1) == "[" {
            return TableShape::Open;
        }
        let mut stores: Vec<(Option<i128>, usize, usize)> = Vec::new();
        let mut k = dims_close + 1;
        if u.text(k) == "=" {
            k += 1;
        }
        if vector {
            // `std::vector<T *> v;`, `v(n)`: no entry, or `n` null entries
            // (see [`Eval::vector_declaration`]).
        } else if u.text(k) == "{" {
            let close = u.matching(k, n);
            for (j, (es, ee)) in u.split_commas(k + 1, close).into_iter().enumerate() {
                if matches!(u.text(es), "[" | ".") {
                    return TableShape::Open;
                }
                if !null(es, ee) {
                    stores.push((Some(j as i128), es, ee));
                }
            }
        } else if !matches!(u.text(k), ";" | ",") {
            return TableShape::Open;
        }
        for i in self.mentions_of(name) {
            if i == key || (i > 0 && matches!(u.text(i - 1), "." | "->" | "::")) {
                continue;
            }
            if scopes.visible(u, name, i).map(|(d, _)| d.at) != Some(key) {
                continue;
            }
            let prev = if i > 0 { u.text(i - 1) } else { "" };
            if u.text(i + 1) != "[" {
                // `sizeof t`, `sizeof(t)`: no access.
                if prev == "sizeof" || (prev == "(" && i >= 2 && u.text(i - 2) == "sizeof") {
                    continue;
                }
                // A vector's members that neither expose its entries nor
                // copy them: its size, capacity, `clear`, `pop_back` (drop
                // entries), `resize(n)`/`reserve(n)` (new entries are null),
                // and `push_back(v)`/`emplace_back(v)`, a store of `v` into
                // a new entry (at an index not known here). Any other
                // mention (`data()`, iterators, a copy, the vector passed
                // on) may write or duplicate an entry: open.
                if vector && u.text(i + 1) == "." && u.text(i + 3) == "(" {
                    let close = u.matching(i + 3, n);
                    let args = u.split_arguments(i + 4, close);
                    match u.text(i + 2) {
                        "size" | "empty" | "capacity" | "clear" | "pop_back" if args.is_empty() => {
                            continue
                        }
                        "resize" | "reserve" if args.len() == 1 => continue,
                        "push_back" | "emplace_back" if args.len() == 1 => {
                            let (vs, ve) = args[0];
                            if !null(vs, ve) {
                                stores.push((None, vs, ve));
                            }
                            continue;
                        }
                        _ => {}
                    }
                }
                return TableShape::Open;
            }
            let close = u.matching(i + 1, n);
            let after = u.text(close + 1);
            if prev == "&" {
                if after == "," && self.allocation_out_parameter(i - 1) {
                    continue;
                }
                return TableShape::Open;
            }
            if matches!(prev, "++" | "--")
                || matches!(
                    after,
                    "++" | "--"
                        | "+="
                        | "-="
                        | "*="
                        | "/="
                        | "%="
                        | "&="
                        | "|="
                        | "^="
                        | "<<="
                        | ">>="
                        | ">>"
                )
            {
                return TableShape::Open;
            }
            if after == "=" {
                let end = self.initializer_end(close + 2);
                if !null(close + 2, end) {
                    stores.push((self.expr(i + 2, close, 0), close + 2, end));
                }
                continue;
            }
            // `T *&r = t[e]`: writes through `r` are not seen.
            let reference_bound = matches!(prev, "=" | "{" | "(")
                && i >= 3
                && matches!(u.text(i - 3), "&" | "&&")
                && u.is_ident(i - 2);
            if reference_bound {
                return TableShape::Open;
            }
            if matches!(prev, "(" | ",") && matches!(after, ")" | ",") && self.may_take_reference(i)
            {
                return TableShape::Open;
            }
        }
        // Distinct entries: constant indices, and no two values stored at
        // two indices may be one allocation, nor any an entry of this table.
        let own = format!("{TABLE_ROOT}decl:{key}#");
        let mut distinct = stores
            .iter()
            .all(|&(j, vs, ve)| j.is_some() || self.fresh_allocation_store(vs, ve));
        let mut values: Vec<(Option<i128>, Vec<PointerView>)> = Vec::new();
        if distinct {
            for &(j, vs, ve) in &stores {
                let mut views = Vec::new();
                let mut visiting = vec![table_mark(key)];
                self.views_into(vs, ve, 0, true, &[], &mut visiting, &mut views);
                if views.iter().any(|v| v.root.starts_with(&own)) {
                    distinct = false;
                    break;
                }
                values.push((j, views));
            }
        }
        if distinct {
            'pairs: for (x, (j1, v1)) in values.iter().enumerate() {
                for (j2, v2) in &values[x + 1..] {
                    // Two stores at one constant index fill one entry (the
                    // later overwrites); any other two may fill two.
                    if j1.is_some() && j1 == j2 {
                        continue;
                    }
                    if v1
                        .iter()
                        .any(|a| v2.iter().any(|b| a.compatible(b) && views_may_meet(a, b)))
                    {
                        distinct = false;
                        break 'pairs;
                    }
                }
            }
        }
        TableShape::Clean {
            key,
            stores,
            distinct,
        }
    }

    /// Whether the name declared at `key` is a `std::vector<..>` (or
    /// `vector<..>`) declared alone as `v;` or `v(n);`: it starts with no
    /// entry or with `n` null pointers (not `v(n, p)`, which fills every
    /// entry with one value, nor a copy `v(w)`, `v = w`, `v{..}`).
    fn vector_declaration(&self, key: usize) -> bool {
        let u = self.unit;
        if key == 0 || u.text(key - 1) != ">" {
            return false;
        }
        let Some(lt) = u.template_open(key - 1, key.saturating_sub(64), 64, &[";", "{", "}"])
        else {
            return false;
        };
        if lt == 0 || u.text(lt - 1) != "vector" {
            return false;
        }
        if lt >= 3 && u.text(lt - 2) == "::" && u.text(lt - 3) != "std" {
            return false;
        }
        match u.text(key + 1) {
            ";" => true,
            "(" => {
                let close = u.matching(key + 1, u.toks.len());
                let args = u.split_arguments(key + 2, close);
                // One argument, a count: a constant or a name declared as
                // an integer (a vector name there would be a copy of its
                // entries, which may repeat).
                let count = |(a, b): (usize, usize)| {
                    self.expr(a, b, 0).is_some() || (b == a + 1 && self.integer_variable(a))
                };
                u.text(close + 1) == ";" && args.len() == 1 && count(args[0])
            }
            _ => false,
        }
    }

    /// Whether the name at `at` is declared with an integer type (so a
    /// vector constructed from it is given a count, not copied).
    fn integer_variable(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let Some((decl, _)) = scopes.visible(u, u.text(at), at) else {
            return false;
        };
        decl.at > 0
            && matches!(
                u.text(decl.at - 1),
                "int"
                    | "unsigned"
                    | "long"
                    | "short"
                    | "size_t"
                    | "int64_t"
                    | "uint64_t"
                    | "int32_t"
                    | "uint32_t"
            )
            && u.text(decl.at + 1) != "["
    }

    /// Whether the store of `[vs, ve)` into a table entry (at an index not
    /// known to be one constant: `t[i] = p` in a loop, `v.push_back(p)`)
    /// stores a fresh allocation at each execution: the value is a name `p`
    /// declared (without a value, or null) in a block that the store is in
    /// with no loop between them (so each execution of the store sees a new
    /// `p`), given its value by an allocation call `cudaMalloc(&p, ..)` that
    /// is a statement of that block before the store (run every time before
    /// the store: not under a condition), and never written otherwise
    /// (assigned, moved, its address taken, passed by reference, in a later
    /// lambda). Then distinct executions of the store store distinct
    /// allocations; two such stores of one `p` (in two entries) are two
    /// stores whose values meet, which the caller's pairwise check rejects.
    fn fresh_allocation_store(&self, vs: usize, ve: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        if ve != vs + 1 || !u.is_ident(vs) {
            return false;
        }
        let name = u.text(vs);
        let Some((decl, DeclScope::Block(Some(block)))) = scopes.visible(u, name, vs) else {
            return false;
        };
        let d = decl.at;
        let after = u.text(d + 1);
        let declared_empty = matches!(after, ";" | ",")
            || (after == "="
                && matches!(u.text(d + 2), "NULL" | "nullptr" | "0")
                && matches!(u.text(d + 3), ";" | ","));
        if !declared_empty
            || scopes.block_of(d) != Some(block)
            || !scopes.loops_between(u, d, vs).is_empty()
            || scopes.in_lambda_after(vs, d)
        {
            return false;
        }
        let mut allocations = 0;
        for m in self.mentions_of(name) {
            if m == d || m == vs {
                continue;
            }
            if scopes.visible(u, name, m).map(|(x, _)| x.at) != Some(d) {
                continue;
            }
            if m > 0 && matches!(u.text(m - 1), "." | "->" | "::") {
                continue;
            }
            if m > 0 && u.text(m - 1) == "&" && self.allocation_out_parameter(m - 1) {
                // The call `cudaMalloc(` (behind a cast `(void **)`), a
                // statement of the block, before the store.
                let Some(open) = scopes.enclosing.get(m - 1).copied().flatten() else {
                    return false;
                };
                let Some(open) = (if u.text(open) == "(" && open > 0 && u.is_ident(open - 1) {
                    Some(open)
                } else {
                    scopes.enclosing.get(open).copied().flatten()
                }) else {
                    return false;
                };
                let callee = open.wrapping_sub(1);
                let statement = callee > 0 && matches!(u.text(callee - 1), ";" | "{" | "}");
                if !statement || scopes.block_of(callee) != Some(block) || m > vs {
                    return false;
                }
                allocations += 1;
                continue;
            }
            if scopes.may_write(u, m) {
                return false;
            }
        }
        allocations == 1
    }

    /// Whether the `&` at `amp` starts the first argument of an allocation
    /// call (`cudaMalloc(&x, ..)`, `cudaMalloc((void **)&x, ..)`).
    fn allocation_out_parameter(&self, amp: usize) -> bool {
        let u = self.unit;
        let mut open = amp.wrapping_sub(1);
        if u.text(open) == ")" {
            // A cast `(void **)`.
            let Some(cast_open) = super::matching_back(u, open, 16) else {
                return false;
            };
            let cast =
                (cast_open + 1..open).all(|i| u.is_ident(i) || matches!(u.text(i), "*" | "const"));
            if !cast {
                return false;
            }
            open = cast_open.wrapping_sub(1);
        }
        u.text(open) == "("
            && open >= 1
            && ALLOCATION_CALLS.contains(&u.text(open - 1))
            && !(open >= 2 && matches!(u.text(open - 2), "." | "->"))
    }

    /// Whether the whole argument at `i` (a call's `f(.., t[e], ..)`) may be
    /// bound to a reference: a `swap`, or a function of that name defined
    /// in the unit with a reference parameter there (or anywhere, when its
    /// parameters cannot be matched).
    fn may_take_reference(&self, i: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let Some(open) = scopes.enclosing.get(i).copied().flatten() else {
            return false;
        };
        if u.text(open) != "(" || open == 0 || !u.is_ident(open - 1) {
            return false;
        }
        let callee = u.text(open - 1);
        if NOT_CALLS.contains(&callee) || QUIET_CALLS.contains(&callee) {
            return false;
        }
        if matches!(callee, "swap" | "iter_swap" | "exchange" | "tie" | "ref") {
            return true;
        }
        let args = u.split_commas(open + 1, scopes.closing.get(&open).copied().unwrap_or(n));
        let k = args.iter().position(|&(s, _)| s == i);
        for f in self.mentions_of(callee) {
            if f == open - 1 || u.text(f + 1) != "(" {
                continue;
            }
            let pclose = u.matching(f + 1, n);
            let mut body = pclose + 1;
            while matches!(u.text(body), "const" | "noexcept" | "override" | "final") {
                body += 1;
            }
            if u.text(body) != "{" {
                continue;
            }
            let params = u.split_commas(f + 2, pclose);
            let in_param = |(s, e): (usize, usize)| (s..e).any(|t| matches!(u.text(t), "&" | "&&"));
            let reference = match k.and_then(|k| params.get(k)) {
                Some(&p) if params.len() == args.len() => in_param(p),
                _ => params.iter().any(|&p| in_param(p)),
            };
            if reference {
                return true;
            }
        }
        false
    }

    /// The first token of the statement holding the table read at `at`
    /// when no evaluation in that statement may write a variable: no
    /// increment, compound or plain assignment (other than a declarator's
    /// initializer), `>>`, address taken of a name of the index base
    /// `base`, and no call other than [`QUIET_CALLS`], the launch itself
    /// and the call whose argument list holds the read (its body runs after
    /// its arguments are evaluated). Then the base has one value at every
    /// read of it in that statement: two entries read there at indices that
    /// differ at every value of the base are two entries. Reads in two
    /// statements (a variable assigned `t[i + 1]`, then `i` incremented, then
    /// another assigned `t[i]`) are never compared.
    fn quiet_statement(&self, at: usize, base: (usize, usize)) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        // The outermost bracket around `at` within its block.
        let mut top = at;
        let mut block = None;
        let mut cur = scopes.enclosing.get(at).copied().flatten();
        while let Some(o) = cur {
            if u.text(o) == "{" && scopes.kinds.get(&o) != Some(&super::BlockKind::Opaque) {
                block = Some(o);
                break;
            }
            top = o;
            cur = scopes.enclosing.get(o).copied().flatten();
        }
        let (mut i, limit) = match block {
            Some(b) => (b + 1, scopes.closing.get(&b).copied()?),
            None => (0, n),
        };
        let mut start = i;
        loop {
            if i >= limit || i > top {
                return None;
            }
            let t = u.text(i);
            if matches!(t, "for" | "while" | "if" | "switch") && u.text(i + 1) == "(" {
                let c = u.matching(i + 1, limit);
                if c >= top {
                    return None;
                }
                i = c + 1;
                start = i;
            } else if matches!(t, "else" | "do" | ";" | "}") {
                i += 1;
                start = i;
            } else if matches!(t, "(" | "[" | "{") {
                let c = u.matching(i, limit);
                if i <= top && top <= c {
                    break;
                }
                // After a block (not an initializer list or a lambda body
                // inside an expression), a statement starts.
                let block = t == "{"
                    && !matches!(
                        scopes.kinds.get(&i),
                        None | Some(super::BlockKind::Opaque | super::BlockKind::Lambda)
                    );
                i = c + 1;
                if block {
                    start = i;
                }
            } else if i == top {
                break;
            } else {
                i += 1;
            }
        }
        let mut end = i;
        while end < limit && u.text(end) != ";" {
            if matches!(u.text(end), "(" | "[" | "{") {
                end = u.matching(end, limit);
            }
            end += 1;
        }
        let base_names: Vec<&str> = (base.0..base.1)
            .filter(|&k| u.is_ident(k))
            .map(|k| u.text(k))
            .collect();
        let declarator = |k: usize| {
            u.is_ident(k)
                && scopes
                    .decls
                    .get(u.text(k))
                    .is_some_and(|ds| ds.iter().any(|d| d.at == k))
        };
        for k in start..end {
            match u.text(k) {
                "++" | "--" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<="
                | ">>=" => return None,
                ">>" if u.text(k + 1) != ">" => return None,
                "=" => {
                    let ok = k > 0 && declarator(k - 1)
                        || (u.text(k - 1) == "]"
                            && super::matching_back(u, k - 1, 64)
                                .is_some_and(|o| o > 0 && declarator(o - 1)));
                    if !ok {
                        return None;
                    }
                }
                "&" if base_names.contains(&u.text(k + 1)) => return None,
                "(" if k != top && k > 0 => {
                    let prev = u.text(k - 1);
                    let ok = if u.is_ident(k - 1) {
                        // A C math function (`pow`, `std::pow`; not a
                        // member, nor of another namespace): it reads its
                        // arguments by value and writes no variable of the
                        // program (the names are reserved to the C and C++
                        // libraries, which no program may define).
                        let math = MATH_CALLS.contains(&prev)
                            && match u.text(k.saturating_sub(2)) {
                                "." | "->" => false,
                                "::" => k >= 3 && u.text(k - 3) == "std",
                                _ => true,
                            };
                        (QUIET_CALLS.contains(&prev) || NOT_CALLS.contains(&prev) || math)
                            && !declarator(k - 1)
                    } else if prev == ")" {
                        // A cast to a built-in type `(unsigned int)(e)`
                        // (no function is named by those words); a call of
                        // what a bracket gives (`(*f)(x)`) is not quiet.
                        super::matching_back(u, k - 1, 16).is_some_and(|o| {
                            o + 1 < k - 1
                                && (o + 1..k - 1).all(|t| BUILTIN_TYPE_WORDS.contains(&u.text(t)))
                        })
                    } else if prev == ">" {
                        // The launch `k<<<..>>>(..)`, or a cast
                        // `static_cast<T>(..)`.
                        (k >= 2 && u.text(k - 2) == ">>")
                            || u.template_open(k - 1, start, 64, &[";", "{", "}"])
                                .is_some_and(|o| {
                                    o > 0
                                        && matches!(
                                            u.text(o - 1),
                                            "static_cast"
                                                | "reinterpret_cast"
                                                | "const_cast"
                                                | "dynamic_cast"
                                        )
                                })
                    } else {
                        // A grouping or a cast `(T *)`, unless it calls
                        // what a bracket gives (`(*f)(x)`, `f[i](x)`).
                        !matches!(prev, ")" | "]")
                    };
                    if !ok {
                        return None;
                    }
                }
                _ => {}
            }
        }
        Some(start)
    }

    /// The index `[s, e)` of a pointer-table element (see [`TableIndex`]).
    fn table_index(&self, s: usize, e: usize) -> TableIndex {
        let u = self.unit;
        if let Some(c) = self.expr(s, e, 0) {
            return TableIndex::Of(String::new(), IndexOp::Add, c);
        }
        // A base with a side effect or a call may differ between the two
        // arguments: unknown.
        let plain = |s: usize, e: usize| {
            s < e
                && (s..e).all(|i| {
                    u.is_ident(i)
                        || u.text(i).chars().all(|c| c.is_ascii_digit())
                        || matches!(u.text(i), "." | "->" | "::" | "*" | "+" | "-" | "/" | "%")
                })
        };
        let text = |s: usize, e: usize| self.text_of(s, e);
        let lit = |i: usize| u.text(i).parse::<i128>().ok();
        // `X + c`, `X - c`, `X ^ c`.
        if e >= s + 3 {
            if let Some(c) = lit(e - 1) {
                let op = match u.text(e - 2) {
                    "+" => Some((IndexOp::Add, c)),
                    "-" => Some((IndexOp::Add, -c)),
                    "^" => Some((IndexOp::Xor, c)),
                    _ => None,
                };
                if let Some((op, c)) = op {
                    if plain(s, e - 2) {
                        return self.based(text(s, e - 2), (s, e - 2), op, c);
                    }
                }
            }
        }
        // `c - X`.
        if e >= s + 3 && u.text(s + 1) == "-" {
            if let Some(c) = lit(s) {
                if plain(s + 2, e) && !(s + 2..e).any(|i| matches!(u.text(i), "+" | "-")) {
                    return self.based(text(s + 2, e), (s + 2, e), IndexOp::SubFrom, c);
                }
            }
        }
        // `!X`, for one operand `X` (`!i / 2` is `(!i) / 2`, which may equal
        // `i / 2`).
        let operand = |s: usize, e: usize| {
            s < e && (s..e).all(|i| u.is_ident(i) || matches!(u.text(i), "." | "->" | "::"))
        };
        if u.text(s) == "!" && operand(s + 1, e) {
            return self.based(text(s + 1, e), (s + 1, e), IndexOp::Not, 0);
        }
        if plain(s, e) {
            return self.based(text(s, e), (s, e), IndexOp::Add, 0);
        }
        TableIndex::Unknown
    }

    /// The index `op(X, c)` for the base `X` (its text and range): `X`
    /// stands for its value in the statement it is read in (the text gets
    /// `@` and that statement's first token), when that statement writes
    /// nothing (see [`Eval::quiet_statement`]); otherwise unknown.
    fn based(&self, text: String, base: (usize, usize), op: IndexOp, c: i128) -> TableIndex {
        match self.quiet_statement(base.0, base) {
            Some(start) => TableIndex::Of(format!("{text}@{start}"), op, c),
            None => TableIndex::Unknown,
        }
    }

    /// The views of the name at `at`: its declaration's root, and the values
    /// of its definitions (see the module comment).
    fn name_views(
        &self,
        at: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        let resolved = scopes.visible(u, name, at);
        if resolved.is_none() && !self.class_member(name) {
            // A name whose declaration the scanner does not see (`float *a,
            // *b;` declares `b` out of its view): its definitions are not
            // followed, so a variable given several values one of which is
            // this name is not followed either (see below).
            self.unresolved.set(true);
            out.push(PointerView {
                root: format!("expr:{name}"),
                offset: Some(0),
                context: context.to_vec(),
                member_of: None,
                entry: None,
            });
            return;
        }
        // A class data member (`relax<<<..>>>(cur_, next_)` in a member
        // function; the scanner sees no declaration in scope): its plain
        // assignments anywhere in the unit (`next_ = cur_;` in a
        // constructor, a mem-initializer `next_(cur_)`) are followed by
        // its spelling: more values, never fewer. Its key on the stack of
        // variables followed is apart from every declaration's.
        let (decl_at, scope) = match resolved {
            Some((decl, scope)) => (decl.at, Some(scope)),
            None => (
                usize::MAX - self.mentions_of(name).into_iter().min().unwrap_or(at),
                None,
            ),
        };
        let root = if resolved.is_some() {
            format!("decl:{decl_at}")
        } else {
            format!("expr:{name}")
        };
        self.variable_views(
            name, decl_at, scope, at, root, depth, typed, context, visiting, out,
        );
    }

    /// The views of the variable `name` declared at `decl_at` (a class
    /// member followed by spelling: a key apart from every declaration's,
    /// `scope` None) read at `at`: the values of its definitions and its own
    /// `root`.
    #[allow(clippy::too_many_arguments)]
    fn variable_views(
        &self,
        name: &str,
        decl_at: usize,
        scope: Option<DeclScope>,
        at: usize,
        root: String,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let root_view = PointerView {
            root,
            offset: Some(0),
            context: context.to_vec(),
            member_of: None,
            entry: None,
        };
        if visiting.contains(&decl_at) {
            // A cycle of definitions back to a variable being followed: its
            // values are those found where it is followed.
            out.push(root_view);
            return;
        }
        if let Some(group) = self.swap_groups().group_of.get(&decl_at).copied() {
            return self.member_views(group, decl_at, depth, typed, context, visiting, out);
        }
        let outer_unresolved = self.unresolved.replace(false);
        visiting.push(decl_at);
        let defs = self.definition_views(
            name, decl_at, scope, at, true, depth, typed, context, visiting,
        );
        visiting.pop();
        // A name whose declaration and assignments are not seen holds a
        // value from somewhere unknown: its own root (the assumption).
        let unresolved = self.unresolved.get() || (scope.is_none() && defs.count == 0);
        self.unresolved.set(outer_unresolved || unresolved);
        let mut found = defs.views;
        found.push(root_view);
        if defs.moved {
            for v in &mut found {
                v.offset = None;
            }
        }
        out.extend(found);
    }

    /// The views of `member` of the swap group `group` (see [`SwapGroups`]):
    /// at any point it may hold the value of any definition of any member
    /// other than the rotations (which only permute the members' values),
    /// or any member's own root. When the group is clean, the views are
    /// tagged: two members named in one context are two allocations.
    #[allow(clippy::too_many_arguments)]
    fn member_views(
        &self,
        group: usize,
        member: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let (u, scopes) = (self.unit, self.scopes);
        let groups = self.swap_groups();
        let info = &groups.groups[group];
        let frame = visiting.len();
        visiting.extend(info.members.iter().map(|m| m.key));
        let mut all = Vec::new();
        let mut per_member = Vec::new();
        let mut moved = false;
        let mut clean = info.clean;
        let rotation_in_constructor = self.in_constructor(info.first_rotation);
        for m in &info.members {
            let name = u.text(m.mention);
            let resolved = scopes.visible(u, name, m.mention);
            let scope = resolved.map(|(_, s)| s);
            let defs = self.definition_views(
                name, m.key, scope, m.key, true, depth, typed, context, visiting,
            );
            moved |= defs.moved;
            // Every definition runs before the group's first rotation and
            // outside every loop around a rotation: then each runs before
            // the rotations start, and the members enter them as distinct
            // allocations (see the checks on their views below).
            // A class data member's definitions are all in constructors
            // (mem-initializers or bodies) and no rotation is: each object's
            // constructor runs once, before any member function.
            // A data member declared in its class body (in scope in its
            // member functions) is defined in member functions that run
            // in any order too: the same rule.
            let data_member = resolved.is_none() || self.in_class_body(m.key);
            clean &= defs.at.iter().all(|&d| {
                if data_member {
                    self.in_constructor(d) && !rotation_in_constructor
                } else {
                    d < info.first_rotation && info.loops.iter().all(|&(o, c)| !(o < d && d < c))
                }
            });
            let mut own = defs.views;
            own.push(PointerView {
                root: if resolved.is_some() {
                    format!("decl:{}", m.key)
                } else {
                    format!("expr:{name}")
                },
                offset: Some(0),
                context: context.to_vec(),
                member_of: None,
                entry: None,
            });
            per_member.push(own);
        }
        visiting.truncate(frame);
        // Members whose values may be one allocation (`b = a`, `a = x; b =
        // x;`) are not apart.
        for (i, a) in per_member.iter().enumerate() {
            for b in &per_member[i + 1..] {
                if a.iter()
                    .any(|x| b.iter().any(|y| x.compatible(y) && views_may_meet(x, y)))
                {
                    clean = false;
                }
            }
        }
        for own in per_member {
            all.extend(own);
        }
        for v in &mut all {
            if moved {
                v.offset = None;
            }
            v.member_of = clean.then(|| (group, member, context.to_vec()));
        }
        out.extend(all);
    }

    /// The values of the definitions of the variable `name` declared at
    /// `decl_at` (a class member: a key apart from every declaration's) other
    /// than the mention `at` and the rotations of swap groups: its
    /// initializer, what calls of its function pass (a wrapper's
    /// parameter), its plain assignments and mem-initializers; a move makes
    /// offsets unknown, its address taken is a value from elsewhere (its
    /// own root). Tags of members named in a definition are dropped (the
    /// variable holds that member's value of another moment); those of a
    /// wrapper's call arguments are kept (the parameters hold the values
    /// of one moment, the call).
    #[allow(clippy::too_many_arguments)]
    fn definition_views(
        &self,
        name: &str,
        decl_at: usize,
        scope: Option<DeclScope>,
        at: usize,
        follow_calls: bool,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
    ) -> Definitions {
        let (u, scopes) = (self.unit, self.scopes);
        let resolved = scope.is_some();
        let mut found = Vec::new();
        let mut from_calls = Vec::new();
        let mut moved = false;
        let mut definitions = 0usize;
        let mut def_at = Vec::new();
        // The initializer `T *p = e;` (not `T *p[] = {..}`).
        let null = |s: usize, e: usize| e == s + 1 && matches!(u.text(s), "NULL" | "nullptr" | "0");
        // Also a `for` or condition variable's, a default argument (a call
        // without the argument passes it), an init-capture: values all.
        if scope.is_some()
            && u.text(decl_at + 1) == "="
            && !null(decl_at + 2, self.initializer_end(decl_at + 2))
        {
            definitions += 1;
            def_at.push(decl_at);
            let mut end = self.initializer_end(decl_at + 2);
            // `T *p = {e};` copy-list-initializes from `e` ([dcl.init.list]):
            // the value is `e`'s (before session 57 the braces made it an
            // opaque text root, a distinct allocation).
            let mut start = decl_at + 2;
            if u.text(start) == "{" && u.matching(start, end) + 1 == end {
                let close = end - 1;
                if u.split_commas(start + 1, close).len() == 1 {
                    start += 1;
                    end = close;
                }
            }
            self.views_into(start, end, depth + 1, typed, context, visiting, &mut found);
        }
        // A direct- or list-initialized pointer `T *p(e);`, `T *p{e};`,
        // `auto p(e);` ([dcl.init]: the value of the single initializer `e`).
        // Before session 57 only `T *p = e` was read, so `float *b(d)` was its
        // own allocation. A local prototype `T *f(int n);` read the same way
        // only adds values.
        if let Some(DeclScope::Block(_)) = scope {
            let open = decl_at + 1;
            let pointer_like = decl_at > 0 && matches!(u.text(decl_at - 1), "*" | "auto");
            if pointer_like && matches!(u.text(open), "(" | "{") {
                let close = u.matching(open, u.toks.len());
                if close < u.toks.len()
                    && close > open + 1
                    && u.split_commas(open + 1, close).len() == 1
                    && !null(open + 1, close)
                {
                    definitions += 1;
                    def_at.push(decl_at);
                    self.views_into(
                        open + 1,
                        close,
                        depth + 1,
                        typed,
                        context,
                        visiting,
                        &mut found,
                    );
                }
            }
        }
        // A parameter of a host function: what its calls in the unit pass
        // (each call's own context keeps the calls apart).
        if let (true, Some(DeclScope::Unknown(open, _))) = (follow_calls, scope) {
            // A parameter of a function (or lambda) with a body whose calls
            // the scan cannot all read, or a range-`for` variable: any value
            // (before session 56 it kept only its own root, so `ops::run(d,
            // d)`, `run(d, d)` with a defaulted third parameter, or `f =
            // run; f(d, d)` left the launch's parameters distinct).
            let wildcard = || PointerView {
                root: ANY_ROOT.to_string(),
                offset: None,
                context: context.to_vec(),
                member_of: None,
                entry: None,
            };
            let wrapper = self.pointer_wrapper_parameter(open, decl_at);
            if wrapper.is_none() && self.unfollowed_parameter(open, decl_at) {
                definitions += 1;
                def_at.push(decl_at);
                from_calls.push(wildcard());
            }
            if let Some((function_at, k, params, kind)) = wrapper {
                let args = match kind {
                    WrapperKind::Function => self.wrapper_call_arguments(function_at, k, params),
                    WrapperKind::Member => self.member_call_arguments(function_at, k, params),
                    WrapperKind::CallOperator(body) => {
                        self.call_operator_arguments(body, k, params)
                    }
                    WrapperKind::Constructor(body) => {
                        self.constructor_call_arguments(body, function_at, k, params)
                    }
                };
                // A function other units call too (see `excluded_callers`):
                // their calls may pass any pointers, which are not followed
                // here (a wrapper called `run(a, b)` here and `run(d, d)`
                // in another file).
                let called_elsewhere = matches!(kind, WrapperKind::Function)
                    && self
                        .excluded_callers
                        .iter()
                        .any(|f| f == u.text(function_at));
                if matches!(kind, WrapperKind::Function) && !called_elsewhere {
                    // The file layer asks whether other units call it
                    // (then excludes it: the branch below).
                    self.pointer_callers
                        .borrow_mut()
                        .push(u.text(function_at).to_string());
                }
                if called_elsewhere {
                    // What those calls pass, as far as their units show it
                    // (`OtherCall::aliased`): this parameter meets another
                    // one or any pointer.
                    let name = u.text(function_at);
                    let before = from_calls.len();
                    // Calls there the scan could not read (no entry): the
                    // file layer also drops a launch's values and reads its
                    // arguments as unread (`HostLaunch::args_unread`) when
                    // it relied on this function's values.
                    // No entry: calls there the walk could not read
                    // (`values_elsewhere` gave up): they may pass any
                    // pointer (FINDINGS.md H9).
                    if !self.other_calls.contains_key(name) {
                        from_calls.push(wildcard());
                    }
                    if let Some(other) = self.other_calls.get(name) {
                        for &(p, q) in &other.aliased {
                            if p == k && q == k {
                                from_calls.push(wildcard());
                            } else if p == k || q == k {
                                from_calls.push(PointerView {
                                    root: format!("{ELSEWHERE_ROOT}{name}#{p}#{q}"),
                                    offset: None,
                                    context: context.to_vec(),
                                    member_of: None,
                                    entry: None,
                                });
                            }
                        }
                    }
                    if from_calls.len() > before {
                        definitions += 1;
                        def_at.push(decl_at);
                    }
                }
                if let Ok(args) = args {
                    definitions += 1;
                    def_at.push(decl_at);
                    self.callers_in_progress.borrow_mut().push(function_at);
                    for (cs, ce) in args {
                        // The call is named by its `(` (every argument of
                        // one call shares it).
                        let call = scopes.enclosing.get(cs).copied().flatten().unwrap_or(cs);
                        let mut inner = context.to_vec();
                        inner.push(call);
                        self.views_into(
                            cs,
                            ce,
                            depth + 1,
                            typed,
                            &inner,
                            visiting,
                            &mut from_calls,
                        );
                    }
                    self.callers_in_progress.borrow_mut().pop();
                } else {
                    definitions += 1;
                    def_at.push(decl_at);
                    from_calls.push(wildcard());
                }
            }
        }
        let rotations = &self.swap_groups().rotation_lhs;
        // A data member declared in the class body that is in scope at the
        // mention being followed (a member function defined in its class):
        // its mem-initializers and the assignments in out-of-class member
        // functions (where no declaration is in scope) define it too, as
        // for a member followed by spelling. Before session 58 neither was
        // read, so `S(float *a, float *b) : x(a), y(b) {}`, `S s(d, d)` left
        // `x` and `y` apart.
        let member_decl = resolved && self.in_class_body(decl_at);
        // Every other mention of the same variable: plain assignments give
        // values, moves make the offsets unknown.
        for i in self.mentions_of(name) {
            if i == decl_at || i == at || rotations.contains(&i) {
                continue;
            }
            // `this->m` is the member `m` itself.
            // Also when the member's declaration is in scope (a member
            // function defined in its class body); not when `m` names a
            // local or parameter there (the member is another variable).
            let this_member = i >= 2
                && u.text(i - 1) == "->"
                && u.text(i - 2) == "this"
                && (!resolved || self.in_class_body(decl_at));
            if i > 0 && matches!(u.text(i - 1), "." | "->" | "::") && !this_member {
                continue;
            }
            // A mem-initializer `: m(e)`, `, m{e}` names the member even
            // where a parameter `m` hides it ([class.base.init]).
            let mem_initializer = (!resolved || member_decl)
                && i > 0
                && matches!(u.text(i - 1), ":" | ",")
                && matches!(u.text(i + 1), "(" | "{")
                && u.split_commas(i + 2, u.matching(i + 1, u.toks.len())).len() == 1;
            // `this->m` names the member even where a parameter `m` hides
            // it (`this->cur_ = cur_;` in a constructor).
            let same = this_member
                || mem_initializer
                || match scope {
                    Some(_) => {
                        let visible = scopes.visible(u, name, i).map(|(d, _)| d.at);
                        visible == Some(decl_at) || (member_decl && visible.is_none())
                    }
                    None => scopes.visible(u, name, i).is_none(),
                };
            if !same {
                continue;
            }
            let next = u.text(i + 1);
            let prev = if i > 0 && !this_member {
                u.text(i - 1)
            } else {
                ""
            };
            if mem_initializer {
                let close = u.matching(i + 1, u.toks.len());
                if !null(i + 2, close) {
                    definitions += 1;
                    def_at.push(i);
                    self.views_into(
                        i + 2,
                        close,
                        depth + 1,
                        typed,
                        context,
                        visiting,
                        &mut found,
                    );
                }
            } else if next == "=" && !matches!(prev, "*" | "&" | "&&") {
                let end = self.initializer_end(i + 2);
                if null(i + 2, end) {
                    continue;
                }
                definitions += 1;
                def_at.push(i);
                self.views_into(i + 2, end, depth + 1, typed, context, visiting, &mut found);
            } else if matches!(next, "+=" | "-=" | "++" | "--") || matches!(prev, "++" | "--") {
                moved = true;
            } else if prev == "&" {
                // Its address taken: an allocation (`cudaMalloc(&d, ..)`,
                // its own root), a store through it the scan follows
                // (`float **pp = &p; *pp = q;`), or anything (the
                // wildcard). See `addresses.rs` (before session 60 every
                // `&p` was an allocation).
                match self.address_use(i, depth, typed, context, visiting) {
                    AddressUse::Read => {}
                    AddressUse::Allocation => {
                        definitions += 1;
                        def_at.push(i);
                    }
                    AddressUse::Stores(views, m) => {
                        definitions += 1;
                        def_at.push(i);
                        moved |= m;
                        found.extend(views);
                    }
                }
            } else if let Some(r) = self.reference_binding(i) {
                // A reference bound to it (`float *&r = p;`, `auto &r(p)`):
                // what is stored through the reference is stored in it
                // (before session 60 `r = q;` left `p` alone).
                if !visiting.contains(&r) {
                    visiting.push(r);
                    let scope = scopes.decl_scope(u, r);
                    let defs = self.definition_views(
                        u.text(r),
                        r,
                        Some(scope),
                        r,
                        false,
                        depth + 1,
                        typed,
                        context,
                        visiting,
                    );
                    visiting.pop();
                    definitions += defs.count;
                    def_at.extend(defs.at);
                    moved |= defs.moved;
                    found.extend(defs.views);
                }
            } else if matches!(prev, "(" | ",") && matches!(next, "," | ")") {
                // Passed to a reference parameter of a function in view
                // (`void alias(float *&p, float *q) { p = q; }`): what the
                // function assigns to it.
                if let Some(views) =
                    self.reference_parameter_views(i, depth, typed, context, visiting)
                {
                    definitions += 1;
                    def_at.push(i);
                    found.extend(views);
                } else if let Some(views) =
                    self.library_reference_views(i, depth, typed, context, visiting)
                {
                    // `std::tie(a, b) = ..`, `std::exchange(a, v)`: see
                    // `addresses.rs` (before session 60 not followed).
                    definitions += 1;
                    def_at.push(i);
                    found.extend(views);
                }
            }
        }
        // A class data member (or a member of a class out of view) is also
        // defined through any object: `s.m = e`, `p->m = e`, an aggregate
        // initializer (see [`Eval::outside_member_definitions`]).
        if !resolved || member_decl {
            definitions += self.outside_member_definitions(
                name,
                member_decl.then_some(decl_at),
                at,
                depth,
                typed,
                context,
                visiting,
                &mut found,
                &mut def_at,
                &mut moved,
            );
        }
        for v in &mut found {
            v.member_of = None;
        }
        found.extend(from_calls);
        Definitions {
            views: found,
            moved,
            count: definitions,
            at: def_at,
        }
    }

    /// When the argument at `i` (a name alone) is passed to a parameter
    /// declared as a reference to non-const (`T *&p`) of a function of that
    /// name defined in the unit (any of them, of the argument count): the
    /// values that parameter may hold (its definitions, its own root), which
    /// the function may leave in the caller's variable. None when no such
    /// parameter is in view.
    fn reference_parameter_views(
        &self,
        i: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
    ) -> Option<Vec<PointerView>> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let open = scopes.enclosing.get(i).copied().flatten()?;
        if u.text(open) != "(" || open == 0 || !u.is_ident(open - 1) {
            return None;
        }
        let close = scopes.closing.get(&open).copied()?;
        let args = u.split_commas(open + 1, close);
        let k = args.iter().position(|&(s, e)| s == i && e == i + 1)?;
        let callee = u.text(open - 1);
        let mut out = Vec::new();
        let mut any = false;
        if NOT_CALLS.contains(&callee) {
            return None;
        }
        for f in self.mentions_of(callee) {
            // A function defined at namespace or class scope, not a call.
            let definition_scope = match scopes.block_of(f) {
                None => true,
                Some(o) => matches!(
                    scopes.kinds.get(&o),
                    Some(super::BlockKind::Namespace | super::BlockKind::Opaque)
                ),
            };
            if f == open - 1
                || u.text(f + 1) != "("
                || !definition_scope
                || (f > 0 && matches!(u.text(f - 1), "." | "->"))
            {
                continue;
            }
            let popen = f + 1;
            let pclose = u.matching(popen, n);
            let mut body = pclose + 1;
            while matches!(u.text(body), "const" | "noexcept" | "override" | "final") {
                body += 1;
            }
            if u.text(body) != "{" {
                continue;
            }
            let params = u.split_commas(popen + 1, pclose);
            if params.len() != args.len() {
                continue;
            }
            // `T *&p`: the name right after the reference declarator.
            let (ps, pe) = params[k];
            let pn = pe - 1;
            let reference = pn > ps + 1
                && u.is_ident(pn)
                && matches!(u.text(pn - 1), "&" | "&&")
                && u.text(pn - 2) != "const";
            if !reference || visiting.contains(&pn) || depth > MAX_EVAL_DEPTH {
                continue;
            }
            any = true;
            visiting.push(pn);
            let scope = scopes.decl_scope(u, pn);
            // What the function assigns to the parameter, not what other
            // calls pass in (this call passes the caller's own variable).
            let defs = self.definition_views(
                u.text(pn),
                pn,
                Some(scope),
                pn,
                false,
                depth + 1,
                typed,
                context,
                visiting,
            );
            visiting.pop();
            out.extend(defs.views.into_iter().map(|mut v| {
                v.member_of = None;
                if defs.moved {
                    v.offset = None;
                }
                v
            }));
            // A value the function gets from somewhere not followed (an
            // allocation `cudaMalloc(&p, ..)`): one root per call, as each
            // declared variable is its own root (the distinct-allocations
            // assumption; `alloc(x); alloc(y);` gives two allocations).
            out.push(PointerView {
                root: format!("decl:{pn}@{open}"),
                offset: Some(0),
                context: context.to_vec(),
                member_of: None,
                entry: None,
            });
        }
        any.then_some(out)
    }

    /// The key of the variable named at `at` when the scan follows it: its
    /// declaration token, or for a class data member a key apart from
    /// every token (see [`Eval::name_views`]).
    fn variable_key(&self, at: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        match scopes.visible(u, name, at) {
            Some((decl, _)) => Some(decl.at),
            None if self.class_member(name) => {
                Some(usize::MAX - self.mentions_of(name).into_iter().min().unwrap_or(at))
            }
            None => None,
        }
    }

    /// The unit's swap groups, found on first use.
    pub(super) fn swap_groups(&self) -> std::cell::Ref<'_, SwapGroups> {
        if self.swap_groups.borrow().is_none() {
            let found = self.find_swap_groups();
            *self.swap_groups.borrow_mut() = Some(found);
        }
        std::cell::Ref::map(self.swap_groups.borrow(), |g| {
            g.as_ref().expect("swap groups were just computed")
        })
    }

    /// Whether token `at` is in a constructor: in a mem-initializer list
    /// or in the body of a function named as a class of the unit.
    fn in_constructor(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        // `at` names the member of a mem-initializer `: m(e)`: the body's
        // `{` follows the list.
        if at > 0 && matches!(u.text(at - 1), ":" | ",") && matches!(u.text(at + 1), "(" | "{") {
            let mut j = u.matching(at + 1, n) + 1;
            while j + 2 < n
                && u.text(j) == ","
                && u.is_ident(j + 1)
                && matches!(u.text(j + 2), "(" | "{")
            {
                j = u.matching(j + 2, n) + 1;
            }
            return j < n && u.text(j) == "{" && self.constructor_header(j) == Some(true);
        }
        // The innermost block around `at` that is a function's body.
        let mut block = scopes.block_of(at);
        while let Some(o) = block {
            if let Some(constructor) = self.constructor_header(o) {
                return constructor;
            }
            block = scopes.block_of(o);
        }
        false
    }

    /// For the `{` at `open`: Some(true) when it opens a constructor's body
    /// (`C(..) : m(e), .. {`, `C::C(..) {`), Some(false) when another
    /// function's, None when no function's (a statement, a class body).
    fn constructor_header(&self, open: usize) -> Option<bool> {
        let u = self.unit;
        let mut k = open;
        // Back from the body's `{` over the mem-initializers to the
        // parameter list and the function's name.
        loop {
            k = k.checked_sub(1)?;
            if !matches!(u.text(k), ")" | "}") {
                // `) const {`, `) override {`: a member function, no
                // constructor; anything else: no function.
                return (u.text(k) != "=" && u.is_ident(k) && k > 0 && u.text(k - 1) == ")")
                    .then_some(false);
            }
            let open_paren = super::matching_back(u, k, 4096)?;
            if open_paren < 2 || !u.is_ident(open_paren - 1) {
                return None;
            }
            let before = u.text(open_paren - 2);
            // `) : m(e)` and `, m(e)`: a mem-initializer.
            let mem_initializer =
                before == "," || before == ":" && open_paren >= 3 && u.text(open_paren - 3) == ")";
            if mem_initializer {
                k = open_paren - 2;
                continue;
            }
            if u.text(open_paren) != "(" {
                return None;
            }
            let name = u.text(open_paren - 1);
            if matches!(name, "if" | "for" | "while" | "switch" | "catch") {
                return None;
            }
            let class = self
                .mentions_of(name)
                .into_iter()
                .any(|m| m > 0 && matches!(u.text(m - 1), "class" | "struct"));
            return Some(class && before != "~");
        }
    }

    /// Scans the unit for rotations and swap calls (see [`SwapGroups`]).
    fn find_swap_groups(&self) -> SwapGroups {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        // `a = b ;` at `i`: (lhs, rhs) tokens.
        let copy = |i: usize| -> Option<(usize, usize)> {
            (i + 3 < n
                && u.is_ident(i)
                && u.text(i + 1) == "="
                && u.is_ident(i + 2)
                && u.text(i + 3) == ";"
                && !(i > 0 && matches!(u.text(i - 1), "." | "->" | "::"))
                && !matches!(u.text(i + 2), "NULL" | "nullptr"))
            .then_some((i, i + 2))
        };
        let statement_start = |i: usize| i == 0 || matches!(u.text(i - 1), ";" | "{" | "}");
        let user_swap = self.mentions_of("swap").into_iter().any(|m| {
            u.text(m + 1) == "("
                && u.text(u.matching(m + 1, n) + 1) == "{"
                && !(m > 0 && matches!(u.text(m - 1), "." | "->" | "::"))
        });
        // Each rotation: (its first token, its members' mentions, the
        // rotation assignments' left-hand tokens).
        let mut rotations: Vec<(usize, Vec<usize>, Vec<usize>)> = Vec::new();
        for i in 0..n {
            // `t = a1;` (or `T *t = a1;`), `a1 = a2;` .. `ak = t;`.
            if let Some((t, a1)) = copy(i) {
                // `T *t = a1;` declares `t` (a name is not in scope at its
                // own declarator).
                let declares = scopes
                    .decls
                    .get(u.text(t))
                    .is_some_and(|ds| ds.iter().any(|d| d.at == t));
                if !(statement_start(i) || declares) {
                    continue;
                }
                let tk = if declares {
                    Some(t)
                } else {
                    self.variable_key(t)
                };
                let (Some(tk), Some(mut want)) = (tk, self.variable_key(a1)) else {
                    continue;
                };
                let mut members = vec![a1];
                let mut keys = vec![want];
                let mut lhs = Vec::new();
                let mut at = i + 4;
                let mut closed = false;
                while members.len() <= 8 {
                    let Some((l, r)) = copy(at).filter(|_| statement_start(at)) else {
                        break;
                    };
                    let (Some(lk), Some(rk)) = (self.variable_key(l), self.variable_key(r)) else {
                        break;
                    };
                    if lk != want {
                        break;
                    }
                    lhs.push(l);
                    if rk == tk {
                        closed = members.len() >= 2;
                        break;
                    }
                    if keys.contains(&rk) {
                        break;
                    }
                    members.push(r);
                    keys.push(rk);
                    want = rk;
                    at += 4;
                }
                if closed && !keys.contains(&tk) {
                    rotations.push((i, members, lhs));
                }
            }
            // `swap_ptrs(&a, &b)` of a function swapping through its two
            // pointer-to-pointer parameters (session 60).
            if i + 1 < n && u.text(i + 1) == "(" && self.pointer_swap_call(i + 1) {
                rotations.push((i, vec![i + 3, i + 6], Vec::new()));
            }
            // `swap(a, b)`, `std::swap(a, b)`.
            if !user_swap
                && u.text(i) == "swap"
                && i + 5 < n
                && u.text(i + 1) == "("
                && u.is_ident(i + 2)
                && u.text(i + 3) == ","
                && u.is_ident(i + 4)
                && u.text(i + 5) == ")"
                && !(i > 0 && matches!(u.text(i - 1), "." | "->"))
            {
                let (Some(a), Some(b)) = (self.variable_key(i + 2), self.variable_key(i + 4))
                else {
                    continue;
                };
                if a != b {
                    rotations.push((i, vec![i + 2, i + 4], Vec::new()));
                }
            }
        }
        // Groups: rotations sharing a member.
        let mut out = SwapGroups::default();
        let mut parts: Vec<Vec<usize>> = Vec::new();
        for (r, (_, members, _)) in rotations.iter().enumerate() {
            let keys: Vec<usize> = members
                .iter()
                .filter_map(|&m| self.variable_key(m))
                .collect();
            let mut joined: Vec<usize> = (0..parts.len())
                .filter(|&p| {
                    parts[p].iter().any(|&q| {
                        rotations[q]
                            .1
                            .iter()
                            .any(|&m| keys.contains(&self.variable_key(m).unwrap_or(usize::MAX)))
                    })
                })
                .collect();
            let mut part = vec![r];
            joined.sort_unstable();
            for p in joined.into_iter().rev() {
                part.extend(parts.remove(p));
            }
            parts.push(part);
        }
        for part in parts {
            let g = out.groups.len();
            let mut members: Vec<SwapMember> = Vec::new();
            let mut first_rotation = usize::MAX;
            let mut loops = Vec::new();
            let mut clean = true;
            for &r in &part {
                let (start, mentions, lhs) = &rotations[r];
                first_rotation = first_rotation.min(*start);
                out.rotation_lhs.extend(lhs.iter().copied());
                for &m in mentions {
                    let Some(key) = self.variable_key(m) else {
                        continue;
                    };
                    if !members.iter().any(|x| x.key == key) {
                        members.push(SwapMember { key, mention: m });
                    }
                }
                let mut block = scopes.block_of(*start);
                while let Some(o) = block {
                    match scopes.kinds.get(&o) {
                        Some(super::BlockKind::Loop) => {
                            loops.push((o, scopes.closing.get(&o).copied().unwrap_or(n)));
                        }
                        Some(super::BlockKind::Lambda) => clean = false,
                        _ => {}
                    }
                    if scopes.kinds.get(&o) == Some(&super::BlockKind::Function) {
                        break;
                    }
                    block = scopes.block_of(o);
                }
            }
            for m in &members {
                let name = u.text(m.mention);
                let local = match scopes.visible(u, name, m.mention) {
                    Some((decl, DeclScope::Block(Some(_)))) => !decl.is_static,
                    Some((decl, DeclScope::Unknown(open, _))) => {
                        self.pointer_wrapper_parameter(open, decl.at).is_some()
                    }
                    // A class data member: see [`Eval::member_views`].
                    None => true,
                    _ => false,
                };
                clean &= local;
                out.group_of.insert(m.key, g);
            }
            out.groups.push(SwapGroup {
                members,
                first_rotation,
                loops,
                clean,
            });
        }
        out
    }

    /// Whether the token at `at` is directly in a class body
    /// (`struct S { .. }`).
    fn in_class_body(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let Some(o) = scopes.block_of(at) else {
            return false;
        };
        scopes.kinds.get(&o) == Some(&super::BlockKind::Opaque)
            && u.text(o) == "{"
            && (o.saturating_sub(16)..o).any(|i| matches!(u.text(i), "struct" | "class"))
    }

    /// The name of the class whose body opens at `open` (`struct S {`,
    /// `class S : public B {`, `template <class T> struct S {`).
    fn class_name(&self, open: usize) -> Option<&str> {
        let u = self.unit;
        let head = (open.saturating_sub(16)..open)
            .rev()
            .find(|&i| matches!(u.text(i), "struct" | "class"))?;
        u.is_ident(head + 1).then(|| u.text(head + 1))
    }

    /// The `<` opening the template argument list that the `>` at `gt`
    /// closes (`f<T, U<V>>`), not before `floor`; None when not found in
    /// one expression.
    fn template_open(&self, gt: usize, floor: usize) -> Option<usize> {
        let u = self.unit;
        let mut depth = 0usize;
        let mut j = gt;
        loop {
            match u.text(j) {
                ">" => depth += 1,
                ">>" => depth += 2,
                "<" => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                ")" | "]" => j = super::matching_back(u, j, 4096)?,
                ";" | "{" | "}" | "(" | "[" | "=" | "&&" | "||" => return None,
                _ => {}
            }
            if j <= floor {
                return None;
            }
            j -= 1;
        }
    }

    /// When `[s, e)` is a member access `X.m` or `X->m` whose object `X` is
    /// a postfix expression (`s`, `a.b`, `p->q`, `v[i]`, `f(..)`, `(*p)`,
    /// `ns::x`): the token of `m`.
    fn member_access(&self, s: usize, e: usize) -> Option<usize> {
        let u = self.unit;
        if e < s + 3 || !u.is_ident(e - 1) || !matches!(u.text(e - 2), "." | "->") {
            return None;
        }
        let object_end = e - 2;
        let mut i = s;
        match u.text(s) {
            "(" => {}
            "this" => i += 1,
            "::" => {}
            _ if u.is_ident(s) => i += 1,
            _ => return None,
        }
        while i < object_end {
            match u.text(i) {
                "(" | "[" => {
                    let close = u.matching(i, object_end);
                    if close >= object_end {
                        return None;
                    }
                    i = close + 1;
                }
                "." | "->" | "::" if i + 1 < object_end && u.is_ident(i + 1) => i += 2,
                _ => return None,
            }
        }
        Some(e - 1)
    }

    /// The first token of the object expression of the member access whose
    /// `.`/`->` is at `dot` (see [`Eval::member_access`]); None when it is
    /// not a postfix expression the scan reads.
    fn object_start(&self, dot: usize) -> Option<usize> {
        let u = self.unit;
        let mut j = dot.checked_sub(1)?;
        loop {
            match u.text(j) {
                ")" | "]" => {
                    j = super::matching_back(u, j, 4096)?;
                    // A call `f(..)` or an index `v[..]`: its callee or array.
                    if j > 0 && (u.is_ident(j - 1) || matches!(u.text(j - 1), ")" | "]")) {
                        j -= 1;
                        continue;
                    }
                }
                "this" => {}
                _ if u.is_ident(j) => {}
                _ => return None,
            }
            if j >= 2 && matches!(u.text(j - 1), "." | "->" | "::") {
                j -= 2;
                continue;
            }
            return Some(j);
        }
    }

    /// Whether the token at `at` declares a data member directly in a
    /// class body (`struct S { float *cur_, *next_; .. }`), not a member
    /// function's parameter.
    fn data_member_declaration(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        self.in_class_body(at)
            && scopes.enclosing.get(at).copied().flatten() == scopes.block_of(at)
            && at > 0
            && (u.text(at - 1) == "*" || u.is_ident(at - 1))
            && matches!(u.text(at + 1), ";" | "," | "=" | "{" | "[" | ":")
    }

    /// The views of the data member named at `m_at` reached through an
    /// object (`s.m`, `p->m`): the member of any object of any class
    /// declaring it, keyed by its name, as a member function of its class
    /// reads it. Through each in-class declaration (root `decl:N`, as in a
    /// member function defined in the class body) and by spelling (root
    /// `expr:m`, as in an out-of-class member function, or a member of a
    /// class out of view such as `std::pair`'s `first`). Each defines it
    /// also through every object (see [`Eval::outside_member_definitions`]):
    /// more values, never fewer. Two objects' members of one name are not
    /// told apart (sound, a false alarm at worst).
    #[allow(clippy::too_many_arguments)]
    fn accessed_member_views(
        &self,
        m_at: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(m_at);
        let decls: Vec<(usize, DeclScope)> = scopes
            .decls
            .get(name)
            .map(|ds| {
                ds.iter()
                    .filter(|d| self.data_member_declaration(d.at))
                    .map(|d| (d.at, scopes.decl_scope(u, d.at)))
                    .collect()
            })
            .unwrap_or_default();
        for (d, scope) in decls {
            let root = format!("decl:{d}");
            self.variable_views(
                name,
                d,
                Some(scope),
                m_at,
                root,
                depth + 1,
                typed,
                context,
                visiting,
                out,
            );
        }
        let key = usize::MAX - self.mentions_of(name).into_iter().min().unwrap_or(m_at);
        let root = format!("expr:{name}");
        self.variable_views(
            name,
            key,
            None,
            m_at,
            root,
            depth + 1,
            typed,
            context,
            visiting,
            out,
        );
    }

    /// The definitions of the data member `name` through any object, for
    /// the member declared at `decl` (in a class body of the unit) or, when
    /// None, followed by spelling: every `X.m = e`, `X->m = e` (`X` any
    /// object but `this`, whose accesses are the member itself); `X.m += k`
    /// moves it; `&X.m` passed to a call is a value from elsewhere (its own
    /// root). An object constructed from a braced or parenthesized list
    /// without a user constructor (an aggregate, `S s{d, d}`, `S s = {d,
    /// d}`, `S{d, d}`) gives the member the element at its position, or any
    /// element when the position is not certain; a class that may be
    /// constructed out of view gives it any value. A member of a class out
    /// of view (`std::pair<float *, float *> pr(d, d)`, `pr.first`): every
    /// element of the lists of the objects it is read from, and what is
    /// assigned to them. Adds the views to `found` and where each is to
    /// `def_at`, returns how many there are. Before session 59 only `m = e`
    /// and `this->m = e` were read (FINDINGS H7 b/c).
    #[allow(clippy::too_many_arguments)]
    fn outside_member_definitions(
        &self,
        name: &str,
        decl: Option<usize>,
        at: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        found: &mut Vec<PointerView>,
        def_at: &mut Vec<usize>,
        moved: &mut bool,
    ) -> usize {
        let (u, scopes) = (self.unit, self.scopes);
        let null = |s: usize, e: usize| e == s + 1 && matches!(u.text(s), "NULL" | "nullptr" | "0");
        let before = def_at.len();
        for i in self.mentions_of(name) {
            if i == at || i < 2 || !matches!(u.text(i - 1), "." | "->") {
                continue;
            }
            if u.text(i - 1) == "->" && u.text(i - 2) == "this" {
                continue;
            }
            let Some(start) = self.object_start(i - 1) else {
                continue;
            };
            let prefix = if start > 0 { u.text(start - 1) } else { "" };
            let next = u.text(i + 1);
            if next == "=" && !matches!(prefix, "*" | "&" | "&&") {
                let end = self.initializer_end(i + 2);
                if null(i + 2, end) {
                    continue;
                }
                def_at.push(i);
                self.views_into(i + 2, end, depth + 1, typed, context, visiting, found);
            } else if matches!(next, "+=" | "-=" | "++" | "--") || matches!(prefix, "++" | "--") {
                *moved = true;
            } else if prefix == "&"
                && start >= 2
                && matches!(u.text(start - 2), "(" | "," | ")" | "=" | "{")
            {
                def_at.push(i);
            }
        }
        let wildcard = || PointerView {
            root: ANY_ROOT.to_string(),
            offset: None,
            context: context.to_vec(),
            member_of: None,
            entry: None,
        };
        // The class bodies declaring the member.
        let members: Vec<usize> = match decl {
            Some(d) => vec![d],
            // Found by their tokens: a declaration after an access
            // specifier (`public: float *a;`) is not among the scopes'.
            None => self
                .mentions_of(name)
                .into_iter()
                .filter(|&d| self.data_member_declaration(d))
                .collect(),
        };
        // The elements `[s, e)` of a list that may initialize the member.
        let mut elements: Vec<(usize, usize, usize)> = Vec::new();
        for &d in &members {
            let Some(body) = scopes.block_of(d) else {
                continue;
            };
            match self.aggregate_lists(body) {
                Err(()) => {
                    def_at.push(d);
                    found.push(wildcard());
                }
                Ok(lists) => {
                    let position = self.member_position(body, d);
                    for (open, close) in lists {
                        self.list_elements(open, close, name, position, &mut elements);
                    }
                }
            }
        }
        if members.is_empty() && !self.class_member(name) {
            for (open, close) in self.out_of_view_lists(name) {
                self.list_elements(open, close, name, None, &mut elements);
            }
        }
        for (s, e, open) in elements {
            if null(s, e) {
                continue;
            }
            def_at.push(open);
            self.views_into(s, e, depth + 1, typed, context, visiting, found);
        }
        def_at.len() - before
    }

    /// The elements of the list `{..}`/`(..)` opened at `open` that may
    /// initialize the member `name` at `position` (None: any element, and
    /// the leaves of nested lists): a designated `.name = e`, the element at
    /// the position (`{e}` is `e`). Pushes `(start, end, open)`.
    fn list_elements(
        &self,
        open: usize,
        close: usize,
        name: &str,
        position: Option<usize>,
        out: &mut Vec<(usize, usize, usize)>,
    ) {
        let u = self.unit;
        let parts = u.split_commas(open + 1, close);
        let designated = parts
            .iter()
            .any(|&(s, e)| e > s + 2 && u.text(s) == "." && u.is_ident(s + 1));
        if designated {
            for (s, e) in parts {
                if e > s + 3 && u.text(s) == "." && u.text(s + 1) == name && u.text(s + 2) == "=" {
                    out.push((s + 3, e, open));
                } else if !(e > s + 2 && u.text(s) == "." && u.is_ident(s + 1)) {
                    // A positional element among designated ones: any.
                    out.push((s, e, open));
                }
            }
            return;
        }
        let leaves = |s: usize, e: usize, out: &mut Vec<(usize, usize, usize)>| {
            let mut stack = vec![(s, e)];
            while let Some((s, e)) = stack.pop() {
                if s < e && u.text(s) == "{" && u.matching(s, e) + 1 == e {
                    stack.extend(u.split_commas(s + 1, e - 1));
                } else if s < e {
                    out.push((s, e, open));
                }
            }
        };
        match position {
            Some(k) => {
                if let Some(&(s, e)) = parts.get(k) {
                    leaves(s, e, out);
                }
            }
            None => {
                for (s, e) in parts {
                    leaves(s, e, out);
                }
            }
        }
    }

    /// The position of the data member declared at `decl` among the
    /// non-static data members of the class whose body opens at `body`, when
    /// it is the index of its element in an aggregate initializer: no base
    /// class, and every member before it a scalar (a pointer or a built-in
    /// arithmetic type, not an array or a class: brace elision would let it
    /// take several elements). None when not certain.
    fn member_position(&self, body: usize, decl: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let close = scopes.closing.get(&body).copied()?;
        // `struct S : B {`: the bases' elements come first.
        let head = (body.saturating_sub(16)..body)
            .rev()
            .find(|&i| matches!(u.text(i), "struct" | "class"))?;
        if (head..body).any(|i| u.text(i) == ":") {
            return None;
        }
        let scalar_word = |w: &str| {
            BUILTIN_TYPE_WORDS.contains(&w)
                || matches!(w, "volatile" | "std" | "::" | "__restrict__")
                || w.ends_with("_t")
        };
        let mut position = 0usize;
        let mut i = body + 1;
        let mut start = i;
        while i < close {
            match u.text(i) {
                "(" | "[" => i = u.matching(i, close),
                "{" => {
                    let c = u.matching(i, close);
                    let nested = (start..i)
                        .any(|k| matches!(u.text(k), "struct" | "class" | "union" | "enum"));
                    if nested {
                        // A nested type; one declaring members too (`struct
                        // {..} x;`) takes elements of its own.
                        if u.text(c + 1) != ";" {
                            return None;
                        }
                        start = c + 1;
                    } else if !(u.is_ident(i - 1) && (start..i).all(|k| u.text(k) != "(")) {
                        // A member function's body (not a default member
                        // initializer `T *m{..}`).
                        start = c + 1;
                    }
                    i = c;
                }
                ":" if i == start + 1
                    && matches!(u.text(start), "public" | "private" | "protected") =>
                {
                    start = i + 1;
                }
                ";" => {
                    let first = u.text(start);
                    let skip = matches!(
                        first,
                        "static"
                            | "using"
                            | "typedef"
                            | "friend"
                            | "enum"
                            | "template"
                            | "struct"
                            | "class"
                            | "union"
                    ) || (start..i).any(|k| u.text(k) == "(");
                    // A pointer to function `T (*f)(..);` is a data member.
                    if (start..i).any(|k| u.text(k) == "(" && u.text(k + 1) == "*") {
                        return None;
                    }
                    if !skip && start < i {
                        for (ds, de) in u.split_commas(start, i) {
                            // The declared name: the last identifier before
                            // an initializer, an array bound or a bit-field.
                            let stop = (ds..de)
                                .find(|&k| matches!(u.text(k), "=" | "{" | "[" | ":"))
                                .unwrap_or(de);
                            let name_at = (ds..stop).rev().find(|&k| u.is_ident(k))?;
                            if name_at == decl {
                                return Some(position);
                            }
                            let array = (name_at..de).any(|k| u.text(k) == "[");
                            let pointer = (ds..name_at).any(|k| u.text(k) == "*");
                            let builtin = (start..name_at).all(|k| scalar_word(u.text(k)));
                            if array || !(pointer || builtin) {
                                return None;
                            }
                            position += 1;
                        }
                    }
                    start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// The lists that may initialize an object of the class whose body
    /// opens at `body` without a constructor of its own: `S x{..}`, `S x =
    /// {..}`, `S x(..)`, `S{..}`, `new S{..}`, the elements `{..}` of `S
    /// x[N] = {{..}, ..}`, `struct S {..} x = {..};`. Empty when it has a
    /// user constructor (its parameters are followed, see
    /// [`WrapperKind::Constructor`]). Err when an object of it may be
    /// initialized out of view: the class has no name, it is named other
    /// than in those forms and pointers (a template argument, a function
    /// returning it, an alias), or an object of it may be given a braced
    /// list elsewhere ([`Eval::braced_expressions`]).
    fn aggregate_lists(&self, body: usize) -> Result<Vec<(usize, usize)>, ()> {
        let (u, scopes) = (self.unit, self.scopes);
        let close = scopes.closing.get(&body).copied().ok_or(())?;
        let braced = std::cell::Cell::new(None);
        let braced_object = || -> Result<(), ()> {
            let b = braced.get().unwrap_or_else(|| self.braced_expressions());
            braced.set(Some(b));
            if b {
                Err(())
            } else {
                Ok(())
            }
        };
        let mut names: Vec<&str> = self.class_name(body).into_iter().collect();
        let mut out = Vec::new();
        let typedef = (body.saturating_sub(16)..body).any(|i| u.text(i) == "typedef");
        if u.is_ident(close + 1) {
            if typedef {
                // `typedef struct {..} S;` names it after its body.
                names.push(u.text(close + 1));
            } else {
                // `struct S {..} x = {..};` declares objects.
                self.aggregate_declarators(close + 1, false, &braced_object, &mut out)?;
            }
        }
        if names.is_empty() {
            return Err(());
        }
        for class in names {
            for i in self.mentions_of(class) {
                let prev = if i > 0 { u.text(i - 1) } else { "" };
                let next = u.text(i + 1);
                // A constructor declared in the body: no aggregate.
                if next == "(" && scopes.block_of(i) == Some(body) && prev != "~" {
                    return Ok(Vec::new());
                }
                // The head, a forward declaration, a typedef's name after the
                // body, a member access, `S::`.
                if matches!(prev, "class" | "struct" | "union" | "~" | "." | "->" | "}")
                    || next == "::"
                    || self.in_base_clause(i)
                    || prev == "sizeof"
                    || (prev == "(" && i >= 2 && u.text(i - 2) == "sizeof")
                {
                    continue;
                }
                let mut j = i + 1;
                if u.text(j) == "<" {
                    j = u.template_close(j).ok_or(())? + 1;
                }
                match u.text(j) {
                    "(" | "{" => out.push((j, u.matching(j, u.toks.len()))),
                    "*" => {}
                    "[" if prev == "new" => {}
                    "&" | "&&" => braced_object()?,
                    _ if u.is_ident(j) => {
                        let in_parens = scopes
                            .enclosing
                            .get(i)
                            .copied()
                            .flatten()
                            .is_some_and(|o| u.text(o) == "(");
                        self.aggregate_declarators(j, in_parens, &braced_object, &mut out)?;
                    }
                    _ => return Err(()),
                }
            }
        }
        Ok(out)
    }

    /// The lists of the declarators of an aggregate from `j` on (`x(..),
    /// y{..}, z = {..}, w[2] = {{..}, {..}}, *p;`; one when `in_parens`, a
    /// parameter): see [`Eval::aggregate_lists`].
    fn aggregate_declarators(
        &self,
        j: usize,
        in_parens: bool,
        braced_object: &dyn Fn() -> Result<(), ()>,
        out: &mut Vec<(usize, usize)>,
    ) -> Result<(), ()> {
        let u = self.unit;
        let n = u.toks.len();
        let mut d = j;
        loop {
            while matches!(u.text(d), "*" | "&" | "&&" | "const") {
                d += 1;
            }
            if !u.is_ident(d) {
                return Err(());
            }
            let pointer = d > j && u.text(d - 1) == "*";
            let mut after = d + 1;
            let array = u.text(after) == "[";
            while u.text(after) == "[" {
                after = u.matching(after, n) + 1;
            }
            let list_at = match u.text(after) {
                "{" | "(" => Some(after),
                "=" if u.text(after + 1) == "{" => Some(after + 1),
                _ => None,
            };
            let end = if let Some(open) = list_at {
                let c = u.matching(open, n);
                // `S make(..) {`: a function returning an `S`.
                if u.text(open) == "(" && matches!(u.text(c + 1), "{" | "const" | "->" | "noexcept")
                {
                    return Err(());
                }
                if pointer {
                    // `S *p{..}`: a pointer's value.
                } else if array {
                    for (s, e) in u.split_commas(open + 1, c) {
                        if u.text(s) == "{" && u.matching(s, e) + 1 == e {
                            out.push((s, e - 1));
                        } else {
                            return Err(());
                        }
                    }
                } else {
                    out.push((open, c));
                }
                c + 1
            } else if u.text(after) == "=" {
                // A copy of another object (its members are defined where
                // that one's are), or a pointer.
                self.initializer_end(after + 1)
            } else if matches!(u.text(after), ";" | "," | ")") {
                if !pointer {
                    braced_object()?;
                }
                after
            } else {
                return Err(());
            };
            if in_parens || u.text(end) != "," {
                return Ok(());
            }
            d = end + 1;
        }
    }

    /// For a member `name` of no class of the unit (`std::pair`'s `first`,
    /// a struct of a header out of view): the lists that may initialize the
    /// objects it is read from (`X.name` for a variable `X`), as any
    /// element of them may be its value. Those objects' declarations
    /// `T x(..)`, `T x{..}`, `T x = {..}`, `T *p = new T(..)`, and the
    /// assignments `x = {..}`; an object copied from another (`T x = y`, `x
    /// = y`, `T *p = &y`) adds the other's.
    fn out_of_view_lists(&self, name: &str) -> Vec<(usize, usize)> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let mut work: Vec<usize> = Vec::new();
        for i in self.mentions_of(name) {
            if i >= 2
                && matches!(u.text(i - 1), "." | "->")
                && u.is_ident(i - 2)
                && !(i >= 3 && matches!(u.text(i - 3), "." | "->" | "::"))
            {
                if let Some((d, _)) = scopes.visible(u, u.text(i - 2), i - 2) {
                    work.push(d.at);
                }
            }
        }
        let mut seen: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        // The value `[s, e)` given to an object: a list, `new T(..)`, a
        // copy `y` or `&y` of another object.
        let value = |s: usize, e: usize, work: &mut Vec<usize>, out: &mut Vec<(usize, usize)>| {
            let mut s = s;
            if u.text(s) == "new" {
                s += 1;
                while s < e && !matches!(u.text(s), "(" | "{") {
                    s += 1;
                }
            }
            if s < e && matches!(u.text(s), "(" | "{") && u.matching(s, e) + 1 == e {
                out.push((s, e - 1));
            }
            let mut y = s;
            if u.text(y) == "&" {
                y += 1;
            }
            if y + 1 == e && u.is_ident(y) {
                if let Some((d, _)) = scopes.visible(u, u.text(y), y) {
                    work.push(d.at);
                }
            }
        };
        while let Some(d) = work.pop() {
            if seen.contains(&d) || seen.len() > 64 {
                continue;
            }
            seen.push(d);
            match u.text(d + 1) {
                "(" | "{" => {
                    let c = u.matching(d + 1, n);
                    if !matches!(u.text(c + 1), "{" | "const" | "->" | "noexcept") {
                        out.push((d + 1, c));
                    }
                }
                "=" => {
                    let end = self.initializer_end(d + 2);
                    value(d + 2, end, &mut work, &mut out);
                }
                _ => {}
            }
            let var = u.text(d);
            for i in self.mentions_of(var) {
                if i == d || u.text(i + 1) != "=" || (i > 0 && matches!(u.text(i - 1), "." | "->"))
                {
                    continue;
                }
                if scopes.visible(u, var, i).map(|(x, _)| x.at) != Some(d) {
                    continue;
                }
                let end = self.initializer_end(i + 2);
                value(i + 2, end, &mut work, &mut out);
            }
        }
        out
    }

    /// Whether `name` is declared as a data member in a class body of the
    /// unit (`struct S { float *cur_; .. }`).
    fn class_member(&self, name: &str) -> bool {
        let u = self.unit;
        self.mentions_of(name).into_iter().any(|m| {
            self.in_class_body(m)
                && m > 0
                && (u.text(m - 1) == "*" || u.is_ident(m - 1))
                && matches!(u.text(m + 1), ";" | "," | "=" | "{" | "[")
        })
    }

    /// End of the expression starting at `s`: the first `,`, `;` or closing
    /// bracket at its own depth.
    fn initializer_end(&self, s: usize) -> usize {
        let u = self.unit;
        let n = u.toks.len();
        let mut i = s;
        while i < n {
            match u.text(i) {
                "(" | "[" | "{" => i = u.matching(i, n),
                "," | ";" | ")" | "]" | "}" => return i,
                _ => {}
            }
            i += 1;
        }
        n
    }

    /// For a mention at `i` of a host function (with `params` parameters) used as a value, `f`, `f<..>` or `&f`,
    /// passed as a whole argument of a call `g(..)` of a function `g`
    /// defined once in the unit (a driver, `RunTest(.., run_gmem<T>)`): the
    /// `k`th argument of every call of `f` through `g`'s parameter, `p(..)`,
    /// `(*p)(..)` or `(p)(..)` in `g`'s body. None (the caller keeps the
    /// wrapper's parameters unbounded) unless every mention of that
    /// parameter in `g`'s body is such a call with `params` arguments: then
    /// the value never leaves `g` (not copied, stored, passed on or
    /// returned), so those calls are the only ones this mention gives, and
    /// each passes its arguments as `g`'s body evaluates them (followed
    /// there as any value, `g`'s parameters through `g`'s calls). Calls of
    /// `g` passing other functions only add values.
    pub(super) fn function_value_calls(
        &self,
        i: usize,
        k: usize,
        params: usize,
    ) -> Option<Vec<(usize, usize)>> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let s = if i > 0 && u.text(i - 1) == "&" {
            i - 1
        } else {
            i
        };
        let e = if u.text(i + 1) == "<" {
            let close = u.template_close(i + 1)?;
            if u.text(close) != ">" {
                return None;
            }
            close + 1
        } else {
            i + 1
        };
        if s == 0 || !matches!(u.text(s - 1), "(" | ",") || !matches!(u.text(e), "," | ")") {
            return None;
        }
        // The call `g(..)` or `g<..>(..)` whose argument it is.
        let open = scopes.enclosing.get(s).copied().flatten()?;
        if u.text(open) != "(" || open == 0 {
            return None;
        }
        let mut g = open - 1;
        if u.text(g) == ">" {
            g = u
                .template_open(g, 0, 64, &[";", "{", "}"])?
                .checked_sub(1)?;
        }
        if !u.is_ident(g)
            || NOT_CALLS.contains(&u.text(g))
            || (g > 0 && matches!(u.text(g - 1), "." | "->" | "::"))
        {
            return None;
        }
        let close = *scopes.closing.get(&open)?;
        let args = u.split_arguments(open + 1, close);
        let p = args.iter().position(|&(a, b)| a == s && b == e)?;
        // `g`'s one definition (with another of that name, an overload or a
        // member of some class, either may be the one called: not followed;
        // a definition with another parameter count is not this call's).
        let mut definitions = Vec::new();
        for m in self.mentions_of(u.text(g)) {
            if u.text(m + 1) != "(" || (m > 0 && matches!(u.text(m - 1), "." | "->")) {
                continue;
            }
            let pclose = u.matching(m + 1, n);
            let mut body = pclose + 1;
            while matches!(u.text(body), "const" | "noexcept" | "override" | "final") {
                body += 1;
            }
            if u.text(body) == "{" {
                definitions.push((m + 1, pclose, body));
            }
        }
        let [(popen, pclose, body)] = definitions[..] else {
            return None;
        };
        let list = u.split_arguments(popen + 1, pclose);
        if list.len() != args.len() || (popen..pclose).any(|t| matches!(u.text(t), "..." | "=")) {
            return None;
        }
        // The parameter's name: `R (*f)(..)`, `R (&f)(..)`, or the last
        // word of `F f`, `const F &f`.
        let (ps, pe) = list[p];
        let name_at = (ps..pe)
            .find(|&t| {
                u.text(t) == "("
                    && matches!(u.text(t + 1), "*" | "&")
                    && u.is_ident(t + 2)
                    && u.text(t + 3) == ")"
            })
            .map(|t| t + 2)
            .or_else(|| (pe > ps + 1 && u.is_ident(pe - 1)).then(|| pe - 1))?;
        let body_close = *scopes.closing.get(&body)?;
        let mut out = Vec::new();
        for m in self.mentions_of(u.text(name_at)) {
            if m <= body || m >= body_close {
                continue;
            }
            if matches!(u.text(m - 1), "." | "->" | "::") {
                continue;
            }
            // `p(..)`, or `(*p)(..)`, `(p)(..)`.
            let call_open = if u.text(m + 1) == "(" {
                m + 1
            } else if u.text(m + 1) == ")"
                && u.text(m + 2) == "("
                && (u.text(m - 1) == "(" || (u.text(m - 1) == "*" && u.text(m - 2) == "("))
            {
                m + 2
            } else {
                return None;
            };
            let call_close = u.matching(call_open, n);
            let call_args = u.split_arguments(call_open + 1, call_close);
            if call_args.len() != params {
                return None;
            }
            out.push(call_args[k]);
        }
        Some(out)
    }

    /// Tokens naming `name` (an identifier), in order.
    fn mentions_of(&self, name: &str) -> Vec<usize> {
        let u = self.unit;
        let mut index = self.mention_index.borrow_mut();
        let index = index.get_or_insert_with(|| {
            let mut m: crate::base::HashMap<String, Vec<usize>> = Default::default();
            for i in 0..u.toks.len() {
                if u.is_ident(i) {
                    m.entry(u.text(i).to_string()).or_default().push(i);
                }
            }
            m
        });
        index.get(name).cloned().unwrap_or_default()
    }

    /// `(` of a `?` and its `:` at the top level of `[s, e)`.
    pub(super) fn top_ternary(&self, s: usize, e: usize) -> Option<(usize, usize)> {
        let u = self.unit;
        let mut i = s;
        let mut q = None;
        let mut nested = 0usize;
        while i < e {
            match u.text(i) {
                "(" | "[" | "{" => i = u.matching(i, e),
                "?" if q.is_none() => q = Some(i),
                "?" => nested += 1,
                ":" if q.is_some() && nested == 0 => return q.map(|q| (q, i)),
                ":" => nested = nested.saturating_sub(1),
                "=" | "," => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// The rightmost binary `+` or `-` at the top level of `[s, e)`, when
    /// nothing of lower precedence is there.
    fn top_additive(&self, s: usize, e: usize) -> Option<usize> {
        let u = self.unit;
        let mut i = s;
        let mut found = None;
        while i < e {
            match u.text(i) {
                "(" | "[" | "{" => i = u.matching(i, e),
                "<" => {
                    // A template argument list (`static_cast<T *>`) or a
                    // comparison: either way not pointer arithmetic here.
                    match u.template_close(i) {
                        Some(c) if c < e => i = c,
                        _ => return None,
                    }
                }
                "+" | "-" if i > s => {
                    let prev = u.text(i - 1);
                    let binary = u.is_ident(i - 1)
                        || matches!(prev, ")" | "]")
                        || u.kind(i - 1).is_some_and(|k| k != super::TokKind::Punct);
                    if binary {
                        found = Some(i);
                    }
                }
                "<<" | ">>" | "<=" | ">=" | "==" | "!=" | "&&" | "||" | "|" | "^" | "?" | ":"
                | "=" | "," | ">" => return None,
                "&" if i > s => return None,
                _ => {}
            }
            i += 1;
        }
        found
    }

    /// For the parameter declared at `decl_at` in the list opened at
    /// `open`: `(function name token, index, parameter count, kind)` when
    /// that list is of a function whose calls the scan can find (see
    /// [`WrapperKind`]) and the parameter is a plain pointer or
    /// pointer-like value (no reference: a call could then move the
    /// caller's variable too, which its own mentions show).
    fn pointer_wrapper_parameter(
        &self,
        open: usize,
        decl_at: usize,
    ) -> Option<(usize, usize, usize, WrapperKind)> {
        let (u, scopes) = (self.unit, self.scopes);
        if u.text(open) != "(" {
            return None;
        }
        let close = *scopes.closing.get(&open)?;
        let mut body = close + 1;
        while matches!(
            u.text(body),
            "const" | "noexcept" | "override" | "final" | "mutable"
        ) {
            body += 1;
        }
        // A constructor's mem-initializers `: m(a), n(b)` before its body.
        if u.text(body) == ":" {
            body = u.mem_initializers_body(body)?;
        }
        if u.text(body) != "{" {
            return None;
        }
        let mut function_at = open.checked_sub(1)?;
        let kind = if u.text(function_at) == "]" {
            // A lambda stored in a variable, `auto f = [..](..) {..}`: its
            // calls are the calls of that variable's name.
            let intro = (0..function_at)
                .rev()
                .find(|&i| u.text(i) == "[" && u.matching(i, open) == function_at)?;
            if intro < 3
                || u.text(intro - 1) != "="
                || !u.is_ident(intro - 2)
                || !matches!(u.text(intro - 3), "auto" | "const")
            {
                return None;
            }
            function_at = intro - 2;
            WrapperKind::Function
        } else if u.text(function_at) == ")"
            && function_at >= 2
            && u.text(function_at - 1) == "("
            && u.text(function_at - 2) == "operator"
        {
            // `operator()` of a class: called through its objects.
            function_at -= 2;
            let o = scopes.block_of(function_at)?;
            if scopes.kinds.get(&o) != Some(&super::BlockKind::Opaque) || u.text(o) != "{" {
                return None;
            }
            WrapperKind::CallOperator(o)
        } else {
            if !u.is_ident(function_at)
                || (function_at > 0 && matches!(u.text(function_at - 1), "::" | "." | "->" | "~"))
            {
                return None;
            }
            match scopes
                .block_of(function_at)
                .map(|o| (o, scopes.kinds.get(&o)))
            {
                None | Some((_, Some(&super::BlockKind::Namespace))) => WrapperKind::Function,
                // A constructor defined in its class (`struct S { S(float
                // *a) : m(a) {} }`): called by the declarations and
                // expressions that construct an `S` (see
                // [`Eval::constructor_call_arguments`]).
                Some((o, Some(&super::BlockKind::Opaque)))
                    if u.text(o) == "{" && self.class_name(o) == Some(u.text(function_at)) =>
                {
                    WrapperKind::Constructor(o)
                }
                // A member function defined in its class (`struct S { void
                // run(..) {..} }`): called as `x.run(..)`.
                Some((o, Some(&super::BlockKind::Opaque))) if u.text(o) == "{" => {
                    WrapperKind::Member
                }
                _ => return None,
            }
        };
        if self.callers_in_progress.borrow().contains(&function_at) {
            return None;
        }
        let params = u.split_arguments(open + 1, close);
        let k = params
            .iter()
            .position(|&(s, e)| s <= decl_at && decl_at < e)?;
        let (ps, pe) = params[k];
        let variadic = (open + 1..close).any(|i| u.text(i) == "...");
        // A reference parameter holds the caller's variable on entry: what
        // the call passes, as for a value (its writes back to the caller's
        // variable are followed there: see [`Eval::reference_parameter_views`]).
        if variadic || (ps..pe).any(|i| u.text(i) == "=") {
            return None;
        }
        Some((function_at, k, params.len(), kind))
    }

    /// Whether the name declared at `decl_at` in the parenthesis opened at
    /// `open` may hold a value the scan does not follow although it is not
    /// a wrapper parameter ([`Eval::pointer_wrapper_parameter`] gave None):
    /// a parameter of a function or lambda with a body (`{`, possibly after
    /// qualifiers or a trailing return type) other than one whose calls are
    /// being followed (a recursive call: its values are those the outer
    /// calls give), or the variable of a range `for` (`for (T *p : v)`:
    /// any element).
    fn unfollowed_parameter(&self, open: usize, decl_at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        if u.text(open) != "(" {
            return false;
        }
        let Some(&close) = scopes.closing.get(&open) else {
            return false;
        };
        if open > 0 && u.text(open - 1) == "for" {
            // `for (T *p : v)`: the declaration is followed by `:`.
            let mut i = decl_at + 1;
            while i < close && u.text(i) == "[" {
                i = u.matching(i, close) + 1;
            }
            return u.text(i) == ":";
        }
        if matches!(
            u.text(open.saturating_sub(1)),
            "if" | "while" | "switch" | "catch"
        ) {
            return false;
        }
        let mut body = close + 1;
        while matches!(
            u.text(body),
            "const" | "noexcept" | "override" | "final" | "mutable" | "volatile" | "&" | "&&"
        ) {
            body += 1;
        }
        // A constructor's mem-initializers (an out-of-class `C::C(float *a)
        // : m(a) {`): a parameter with a body.
        if u.text(body) == ":" {
            body = u.mem_initializers_body(body).unwrap_or(body);
        }
        if u.text(body) == "->" {
            // A trailing return type, up to the body.
            while body < u.toks.len() && !matches!(u.text(body), "{" | ";" | "}") {
                body += 1;
            }
        }
        if u.text(body) != "{" {
            return false;
        }
        // The function being followed through its calls (recursion).
        let name_at = open.saturating_sub(1);
        !(u.is_ident(name_at) && self.callers_in_progress.borrow().contains(&name_at))
    }

    /// The `k`th argument of every call of the member function named at
    /// `function_at` with `params` parameters: each `x.f(..)`, `p->f(..)`,
    /// `f(..)` in the unit, of any class (more values, never fewer). Err
    /// when a mention is not such a call (a member pointer `&S::f`) or a
    /// call has another count of arguments.
    fn member_call_arguments(
        &self,
        function_at: usize,
        k: usize,
        params: usize,
    ) -> Result<Vec<(usize, usize)>, usize> {
        let u = self.unit;
        let function = u.text(function_at);
        let mut out = Vec::new();
        for i in self.mentions_of(function) {
            if i == function_at {
                continue;
            }
            let call_open = if u.text(i + 1) == "<" {
                u.template_close(i + 1).map_or(i + 1, |c| c + 1)
            } else {
                i + 1
            };
            if u.text(call_open) != "(" {
                return Err(out.len());
            }
            let call_close = u.matching(call_open, u.toks.len());
            // A declaration (`void run(float *a);`, another class's
            // definition `void run(..) {`): no call.
            if i > 0 && super::PROTOTYPE_RETURN_TYPES.contains(&u.text(i - 1)) {
                continue;
            }
            let args = u.split_arguments(call_open + 1, call_close);
            match args.get(k).filter(|_| args.len() == params) {
                Some(&arg) => out.push(arg),
                None => return Err(out.len() + 1),
            }
        }
        Ok(out)
    }

    /// The `k`th argument of every call of the constructor named at
    /// `function_at` (with `params` parameters, no default, not variadic)
    /// of the class whose body opens at `body`: every mention of the class
    /// that constructs one with `params` arguments, `S x(..)`, `S x{..}`,
    /// `S x = {..}`, `S(..)`, `S{..}`, `new S(..)`, a derived class's
    /// mem-initializer `: S(..)`; another count of arguments calls another
    /// constructor. Mentions that construct none: the class head, the
    /// constructors' and destructor's declarations, a qualifier `S::`,
    /// `sizeof(S)`, a pointer or non-const reference `S *p`, `S &r`, a
    /// base-class clause. Err on any other mention: one that may construct
    /// an `S` out of view of its name (`std::vector<S>` with
    /// `emplace_back(..)`, `make_unique<S>(..)`, a function returning `S`
    /// by value with `return {..}`, an alias `using T = S`, inherited
    /// constructors), an `S` object, by-value or `const S &` parameter
    /// when the unit has a braced list in an expression (`run({d, d})`, `s
    /// = {d, d}`: no name of the class there), and any conversion when the
    /// constructor takes one argument and is not `explicit`.
    fn constructor_call_arguments(
        &self,
        body: usize,
        function_at: usize,
        k: usize,
        params: usize,
    ) -> Result<Vec<(usize, usize)>, usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let class = u.text(function_at);
        let explicit = function_at > 0 && u.text(function_at - 1) == "explicit";
        if params == 1 && !explicit {
            // `S s = d;`, `run(d)` for `run(S s)`: implicit conversions.
            return Err(0);
        }
        let mut out = Vec::new();
        // The arguments of the list opened at `open`, when `params` many.
        let read = |open: usize, out: &mut Vec<(usize, usize)>| {
            let close = u.matching(open, n);
            let args = u.split_arguments(open + 1, close);
            if args.len() == params {
                out.push(args[k]);
            }
        };
        // An object that may be given a braced list elsewhere.
        let braced_object = || -> Result<(), usize> {
            if self.braced_expressions() {
                Err(0)
            } else {
                Ok(())
            }
        };
        for i in self.mentions_of(class) {
            if i == function_at {
                continue;
            }
            let prev = if i > 0 { u.text(i - 1) } else { "" };
            let next = u.text(i + 1);
            // `using Base::Base;` in a derived class: its objects are
            // constructed by ours under the derived class's name.
            if prev == "::" && i >= 3 && u.text(i - 2) == class && u.text(i - 3) == "using" {
                return Err(out.len());
            }
            // The head, a forward declaration, `friend class S`, the
            // destructor, a member access, `S::` (the out-of-class `S::S(`
            // itself is a definition: its second `S` follows `S ::`).
            if matches!(prev, "class" | "struct" | "~" | "." | "->")
                || next == "::"
                || (prev == "::" && i >= 2 && u.text(i - 2) == class)
            {
                continue;
            }
            // Another constructor's declaration in the class body.
            if next == "(" && scopes.block_of(i) == Some(body) {
                continue;
            }
            // A base-class clause `class D : public S {`.
            if self.in_base_clause(i) {
                continue;
            }
            if prev == "sizeof" || (prev == "(" && i >= 2 && u.text(i - 2) == "sizeof") {
                continue;
            }
            let mut j = i + 1;
            if u.text(j) == "<" {
                j = u.template_close(j).ok_or(out.len())? + 1;
            }
            match u.text(j) {
                // `S(..)`, `S{..}`, `new S(..)`, `: S(..)`.
                "(" | "{" => read(j, &mut out),
                "*" => {}
                "&" if prev != "const" => {}
                "&" | "&&" => braced_object()?,
                _ if u.is_ident(j) => {
                    // Declarators `S x(..), y{..}, z = {..}, w;`.
                    let in_parens = scopes
                        .enclosing
                        .get(i)
                        .copied()
                        .flatten()
                        .is_some_and(|o| u.text(o) == "(");
                    let mut d = j;
                    loop {
                        while matches!(u.text(d), "*" | "&" | "&&") {
                            d += 1;
                        }
                        if !u.is_ident(d) {
                            return Err(out.len());
                        }
                        let after = d + 1;
                        let end = match u.text(after) {
                            "(" => {
                                let close = u.matching(after, n);
                                // `S make(..) {`: a function returning an
                                // `S` (its `return {..}` is out of view).
                                if matches!(u.text(close + 1), "{" | "const" | "->" | "noexcept") {
                                    return Err(out.len());
                                }
                                read(after, &mut out);
                                close + 1
                            }
                            "{" => {
                                read(after, &mut out);
                                u.matching(after, n) + 1
                            }
                            "=" if u.text(after + 1) == "{" => {
                                read(after + 1, &mut out);
                                u.matching(after + 1, n) + 1
                            }
                            // A copy (another `S`, or `S(..)` read at its
                            // own mention).
                            "=" => self.initializer_end(after + 1),
                            ";" | "," | ")" => {
                                braced_object()?;
                                after
                            }
                            _ => return Err(out.len()),
                        };
                        if in_parens || u.text(end) != "," {
                            break;
                        }
                        d = end + 1;
                    }
                }
                _ => return Err(out.len()),
            }
        }
        Ok(out)
    }

    /// Whether the name at `i` is in a base-class clause `class D : public
    /// B<T>, S {`: back from it only base specifiers up to `: ` after the
    /// class's name.
    fn in_base_clause(&self, i: usize) -> bool {
        let u = self.unit;
        let mut j = i;
        while j > 0 && i - j < 64 {
            j -= 1;
            match u.text(j) {
                ":" => {
                    let mut h = j.saturating_sub(1);
                    if u.text(h) == "final" {
                        h = h.saturating_sub(1);
                    }
                    return h > 0 && u.is_ident(h) && matches!(u.text(h - 1), "class" | "struct");
                }
                "," | "::" | "<" | ">" | "public" | "private" | "protected" | "virtual" => {}
                _ if u.is_ident(j) => {}
                _ => return false,
            }
        }
        false
    }

    /// Whether the unit has a braced list where an object of a class may be
    /// initialized from it with no mention of the class's name: an argument
    /// `f({..})`, `f(x, {..})`, `return {..}`, an element of another list
    /// `{{..}, ..}`, or the right side of an assignment `x = {..}` (not a
    /// declaration's `T x = {..}`, `T *x[N] = {..}`).
    fn braced_expressions(&self) -> bool {
        let u = self.unit;
        (1..u.toks.len()).any(|b| {
            if u.text(b) != "{" {
                return false;
            }
            match u.text(b - 1) {
                "(" | "," | "{" | "return" => !matches!(
                    self.scopes.kinds.get(&b),
                    Some(
                        super::BlockKind::Function
                            | super::BlockKind::Lambda
                            | super::BlockKind::Loop
                            | super::BlockKind::Switch
                            | super::BlockKind::Statement
                            | super::BlockKind::Namespace
                    )
                ),
                "=" => {
                    // `T x = {`, `T *x = {`, `T x[N] = {`: a declaration.
                    let mut l = b.saturating_sub(2);
                    if u.text(l) == "]" {
                        while l > 0 && u.text(l) != "[" {
                            l -= 1;
                        }
                        l = l.saturating_sub(1);
                    }
                    !(l > 0
                        && u.is_ident(l)
                        && (u.is_ident(l - 1) || matches!(u.text(l - 1), "*" | "&" | ">")))
                }
                _ => false,
            }
        })
    }

    /// The `k`th argument of every call of the `operator()` with `params`
    /// parameters of the class whose body opens at `body`: each `v(..)` for
    /// a variable `v` declared of that class (`S v;`, `S<T> v{..}`). Err when
    /// the class is named elsewhere (a temporary `S{}(..)`, a copy into a
    /// variable of another type, a template argument) or a mention of such a
    /// variable is not a call with `params` arguments.
    fn call_operator_arguments(
        &self,
        body: usize,
        k: usize,
        params: usize,
    ) -> Result<Vec<(usize, usize)>, usize> {
        let u = self.unit;
        // `struct NAME`, `struct NAME : base`, `class NAME final`.
        let head = (body.saturating_sub(16)..body)
            .rev()
            .find(|&i| matches!(u.text(i), "struct" | "class"))
            .ok_or(0usize)?;
        if !u.is_ident(head + 1) {
            return Err(0);
        }
        let class = u.text(head + 1);
        let mut out = Vec::new();
        for i in self.mentions_of(class) {
            if i == head + 1 {
                continue;
            }
            // `S v ..` or `S<..> v ..`, not after `.`/`::` (another entity).
            let mut j = i + 1;
            if u.text(j) == "<" {
                j = u.template_close(j).ok_or(out.len())? + 1;
            }
            let declares = u.is_ident(j)
                && matches!(u.text(j + 1), ";" | "(" | "{" | "=" | ",")
                && !(i > 0 && matches!(u.text(i - 1), "." | "->" | "::"));
            if !declares {
                return Err(out.len());
            }
            let var = u.text(j);
            for m in self.mentions_of(var) {
                if m == j {
                    continue;
                }
                if u.text(m + 1) != "(" || (m > 0 && matches!(u.text(m - 1), "." | "->" | "::")) {
                    return Err(out.len());
                }
                let close = u.matching(m + 1, u.toks.len());
                let args = u.split_commas(m + 2, close);
                match args.get(k).filter(|_| args.len() == params) {
                    Some(&arg) => out.push(arg),
                    None => return Err(out.len() + 1),
                }
            }
        }
        Ok(out)
    }

    /// The views of the kernel arguments of `cudaLaunchKernel(k, g, b,
    /// args, ..)` whose `args` names a local array initialized with the
    /// arguments' addresses (`void *args[] = {&x, &y, &n};`): `&x` passes
    /// `x`. None when that is not the form.
    pub(super) fn launch_array_views(&self, args_at: usize) -> Option<Vec<Vec<PointerView>>> {
        let (u, scopes) = (self.unit, self.scopes);
        if !u.is_ident(args_at) {
            return None;
        }
        let (decl, _) = scopes.visible(u, u.text(args_at), args_at)?;
        if u.text(decl.at + 1) != "[" {
            return None;
        }
        let (elements, _) = super::array_initializer(u, decl.at + 1)?;
        Some(
            elements
                .into_iter()
                .map(|(s, e)| {
                    // `&x`, `(void *)&x`.
                    let mut s = s;
                    if u.text(s) == "(" {
                        let close = u.matching(s, e);
                        s = close + 1;
                    }
                    if s + 2 == e && u.text(s) == "&" && u.is_ident(s + 1) {
                        self.pointer_views(s + 1, e)
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{views_equivalent, views_may_meet, PointerView};

    fn entry(table: &str, index: &str, context: &[usize]) -> PointerView {
        PointerView {
            root: format!("table:{table}#{index}"),
            offset: Some(0),
            context: context.to_vec(),
            member_of: None,
            entry: None,
        }
    }

    #[test]
    fn table_entries_meet_unless_their_indices_always_differ() {
        let meet = |a: &str, b: &str| views_may_meet(&entry("t", a, &[]), &entry("t", b, &[]));
        // Apart at every value of the base: X-1 vs X, X vs X^1, X vs 1-X,
        // X vs !X, two different constants.
        assert!(!meet("Add#-1#i", "Add#0#i"));
        assert!(!meet("Add#0#cur", "Xor#1#cur"));
        assert!(!meet("Add#0#cur", "SubFrom#1#cur"));
        assert!(!meet("Not#0#f", "Add#0#f"));
        assert!(!meet("Add#0#", "Add#1#"));
        // May be equal: other bases, 2-X at X = 1, X^0, unknown forms,
        // a constant and a variable.
        assert!(meet("Add#0#i", "Add#0#j"));
        assert!(meet("Add#0#cur", "SubFrom#2#cur"));
        assert!(meet("Add#0#cur", "Xor#0#cur"));
        assert!(meet("?", "Add#1#i"));
        assert!(meet("Add#0#", "Add#0#i"));
        assert!(meet("Add#3#i", "Add#3#i"));
        // Entries of two tables are two variables (the assumption).
        assert!(!views_may_meet(
            &entry("t", "Add#0#i", &[]),
            &entry("u", "Add#0#i", &[])
        ));
        // Bases written in two calls of a wrapper may be two variables.
        assert!(views_may_meet(
            &entry("t", "Add#-1#i", &[1]),
            &entry("t", "Add#0#i", &[2])
        ));
        assert!(!views_may_meet(
            &entry("t", "Add#0#", &[1]),
            &entry("t", "Add#1#", &[2])
        ));
    }

    /// Whether the first two arguments of the launch of `k` in `main`'s
    /// body `body` (tables `t`, `u` of cudaMalloc'd entries, a buffer `p`,
    /// an index `i`) may be one allocation.
    fn first_two_meet(prelude: &str, body: &str) -> bool {
        let src = format!(
            "__global__ void k(float *a, float *b) {{ a[threadIdx.x] = b[threadIdx.x + 1]; }}\n\
             {prelude}\n\
             int main(int argc, char **argv) {{\n\
             float *p, *t[3], *u[3];\n\
             cudaMalloc(&p, 64);\n\
             for (int j = 0; j < 3; j++) {{ cudaMalloc(&t[j], 64); cudaMalloc(&u[j], 64); }}\n\
             int i = argc % 2;\n\
             {body}\n\
             return 0; }}\n"
        );
        let launches = super::super::scan_launches(&[&src]);
        let l = launches
            .iter()
            .find(|l| l.kernel == "k")
            .expect("a launch of k");
        let (a, b) = (&l.arg_views[0], &l.arg_views[1]);
        a.iter()
            .any(|x| b.iter().any(|y| x.compatible(y) && views_may_meet(x, y)))
    }

    #[test]
    fn members_reached_through_objects_are_keyed_by_name() {
        let bufs = "struct Bufs { float *a; float *b; };";
        // One buffer stored in both members, through any object.
        assert!(first_two_meet(
            bufs,
            "Bufs s; s.a = p; s.b = p; k<<<1, 32>>>(s.a, s.b);"
        ));
        assert!(first_two_meet(
            bufs,
            "Bufs s; Bufs *q = &s; q->a = p; q->b = p; k<<<1, 32>>>(s.a, s.b);"
        ));
        assert!(first_two_meet(
            bufs,
            "Bufs s{p, p}; k<<<1, 32>>>(s.a, s.b);"
        ));
        assert!(first_two_meet(
            bufs,
            "Bufs s = {.a = p, .b = p}; k<<<1, 32>>>(s.a, s.b);"
        ));
        assert!(first_two_meet(
            "",
            "std::pair<float *, float *> r(p, p); k<<<1, 32>>>(r.first, r.second);"
        ));
        // Two allocations by position, or allocated in place.
        assert!(!first_two_meet(
            bufs,
            "Bufs s{p, t[0]}; k<<<1, 32>>>(s.a, s.b);"
        ));
        assert!(!first_two_meet(
            bufs,
            "Bufs s; cudaMalloc(&s.a, 64); cudaMalloc(&s.b, 64); k<<<1, 32>>>(s.a, s.b);"
        ));
        // A member before `b` that may take several elements: any element.
        assert!(first_two_meet(
            "struct W { float *a; int d[2]; float *b; };",
            "W s{p, 1, 2, t[0]}; k<<<1, 32>>>(s.a, s.b);"
        ));
    }

    #[test]
    fn table_entries_kept_apart_in_one_quiet_statement() {
        assert!(!first_two_meet("", "k<<<1, 32>>>(t[i], t[i ^ 1]);"));
        assert!(!first_two_meet("", "k<<<1, 32>>>(t[i + 1], t[i]);"));
        assert!(!first_two_meet("", "k<<<1, 32>>>(t[0], t[1]);"));
        assert!(!first_two_meet(
            "",
            "float *x = t[1 - i], *y = t[i]; k<<<1, 32>>>(x, y);"
        ));
        assert!(!first_two_meet(
            "",
            "k<<<dim3(1), dim3(32)>>>(t[i], t[!i]);"
        ));
        // Distinct values stored at distinct indices.
        assert!(!first_two_meet(
            "",
            "float *q; cudaMalloc(&q, 64); float *v[2] = {p, q}; k<<<1, 32>>>(v[i], v[i ^ 1]);"
        ));
        assert!(!first_two_meet("", "u[1] = p; k<<<1, 32>>>(u[0], u[1]);"));
    }

    #[test]
    fn table_index_base_written_between_reads_may_meet() {
        let cases = [
            "float *x = t[i + 1]; i = i + 1; float *y = t[i]; k<<<1, 32>>>(x, y);",
            "float *x = t[i + 1]; i++; float *y = t[i]; k<<<1, 32>>>(x, y);",
            "float *x = t[i + 1]; i += 1; float *y = t[i]; k<<<1, 32>>>(x, y);",
            "float *x = t[i + 1]; bump(&i); float *y = t[i]; k<<<1, 32>>>(x, y);",
            "int &r = i; float *x = t[i + 1]; r++; float *y = t[i]; k<<<1, 32>>>(x, y);",
            "float *x = t[i ^ 1]; float *y = t[i]; for (int s = 0; s < 4; s++) { x = t[i ^ 1]; i ^= 1; y = t[i]; } k<<<1, 32>>>(x, y);",
            "k<<<1, 32>>>(t[i], t[i + 1 + (i++ - i)]);",
            "k<<<1, 32>>>(t[i], t[next(&i) + i + 1]);",
            "k<<<1, 32>>>(t[i / 2], t[!i / 2]);",
        ];
        for body in cases {
            assert!(
                first_two_meet("void bump(int *v) { *v += 1; }", body),
                "{body}"
            );
        }
    }

    #[test]
    fn stores_into_a_table_are_followed() {
        let cases = [
            "t[0] = p; t[1] = p; k<<<1, 32>>>(t[0], t[1]);",
            "float *v[2] = {p, p}; k<<<1, 32>>>(v[0], v[1]);",
            "u[1] = t[0]; k<<<1, 32>>>(t[0], u[1]);",
            "float **q = t + 1; k<<<1, 32>>>(t[1], q[0]);",
            "float **q = t; k<<<1, 32>>>(t[0], q[0]);",
            "float *s[3] = {p, p, p}; memcpy(t, s, sizeof t); k<<<1, 32>>>(t[0], t[1]);",
            "u[1] = u[0]; k<<<1, 32>>>(u[0], u[1]);",
            "for (int j = 0; j < 3; j++) t[j] = p; k<<<1, 32>>>(t[i], t[i ^ 1]);",
            "t[0] = p; k<<<1, 32>>>(t[0], p);",
            "float **q = t; q[0] = p; k<<<1, 32>>>(t[0], p);",
            "float *&r = t[1]; r = t[0]; k<<<1, 32>>>(t[0], t[1]);",
            "float **e = &t[1]; *e = t[0]; k<<<1, 32>>>(t[0], t[1]);",
            "p = t[0]; std::swap(t[1], p); k<<<1, 32>>>(t[0], t[1]);",
        ];
        for body in cases {
            assert!(first_two_meet("", body), "{body}");
        }
    }

    fn rooted(root: &str, context: &[usize]) -> PointerView {
        PointerView {
            root: root.to_string(),
            offset: Some(0),
            context: context.to_vec(),
            member_of: None,
            entry: None,
        }
    }

    #[test]
    fn views_numbered_apart_by_two_passes_are_one_launch() {
        // The kernel file's pass reads 41 tokens before the includer's.
        let own = vec![
            vec![
                rooted("decl:48", &[]),
                rooted("table:decl:60#Add#1#", &[70]),
            ],
            vec![rooted("decl:51", &[]), rooted("decl:9|obj:55", &[])],
        ];
        // Sorted by root text, the includer's views come in another order.
        let other = vec![
            vec![rooted("decl:7", &[]), rooted("table:decl:19#Add#1#", &[29])],
            vec![rooted("decl:10", &[]), rooted("decl:3|obj:14", &[])],
        ];
        assert!(views_equivalent(&own, &other));
        // The includer's pass reads the kernel file after the includer: the
        // numbering does not keep the order (a wrapper's parameter `a` at
        // 46 and main's `a` at 80, called at 101; main's at 7, called at 28,
        // and the parameter at 84).
        let own = vec![
            vec![rooted("decl:46", &[]), rooted("decl:80", &[101])],
            vec![rooted("decl:49", &[]), rooted("decl:83", &[101])],
        ];
        let other = vec![
            vec![rooted("decl:7", &[28]), rooted("decl:84", &[])],
            vec![rooted("decl:10", &[28]), rooted("decl:87", &[])],
        ];
        assert!(views_equivalent(&own, &other));
        // The same, but main passes one pointer twice in the second pass.
        let twice = vec![
            vec![rooted("decl:7", &[28]), rooted("decl:84", &[])],
            vec![rooted("decl:7", &[28]), rooted("decl:87", &[])],
        ];
        assert!(!views_equivalent(&own, &twice));
    }

    #[test]
    fn views_that_alias_otherwise_are_two_launches() {
        let apart = vec![vec![rooted("decl:48", &[])], vec![rooted("decl:51", &[])]];
        let one = vec![vec![rooted("decl:7", &[])], vec![rooted("decl:7", &[])]];
        assert!(!views_equivalent(&apart, &one));
        // Table indices and offsets are compared as written.
        let first = vec![vec![rooted("table:decl:60#Add#1#", &[])]];
        let second = vec![vec![rooted("table:decl:19#Add#2#", &[])]];
        assert!(!views_equivalent(&first, &second));
        let mut moved = apart.clone();
        moved[1][0].offset = Some(4);
        assert!(!views_equivalent(&apart, &moved));
        // A text root is not renamed.
        let texts = vec![vec![rooted("expr:a.data()", &[])]];
        let others = vec![vec![rooted("expr:b.data()", &[])]];
        assert!(!views_equivalent(&texts, &others));
    }
}
