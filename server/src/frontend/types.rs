//! C types as the lowering sees them: scalars, vectors, structs, pointers, arrays,
//! their layout (natural alignment) and their resolution from syntax nodes.

use crate::base::HashMap;

use tree_sitter::Node;

use crate::ir::{Lang, ScalarTy};

/// Kind of a cooperative-groups handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GroupKind {
    /// `thread_block`.
    Block,
    /// `grid_group`.
    Grid,
    /// Tiles, coalesced groups: their `sync` is not a block barrier.
    /// `Some(n)`: a tile of `n` threads of a thread block
    /// (`tiled_partition<n>(block)`): the block's threads in order of
    /// `thread_rank`, cut into consecutive groups of `n`. The flag: a
    /// `thread_block_tile<n>` made by `tiled_partition<n>`, whose `size()`
    /// and `num_threads()` are the constant `n` (static members of the
    /// class), not the threads of a partial last tile.
    Tile(Option<u32>, bool),
    /// `coalesced_threads()`, `binary_partition`, `labeled_partition`: the
    /// threads of a warp that run the call together (or a part of them).
    /// `Some(s)`: made by `coalesced_threads()` at statement `s` (a marker
    /// of the point, see `Lowerer::same_threads_since`).
    Coalesced(Option<crate::ir::StmtId>),
}

/// A C type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ty {
    /// `void`.
    Void,
    /// A scalar.
    Scalar(ScalarTy),
    /// A vector (`float4`, `uint2`, `dim3`): element type and count.
    Vector(ScalarTy, u8),
    /// A struct or union (index into [`TypeEnv::structs`]).
    Struct(usize),
    /// A pointer to the type.
    Ptr(Box<Ty>),
    /// An array of the type (length if known).
    Array(Box<Ty>, Option<u64>),
    /// A cooperative-groups handle.
    Group(GroupKind),
}

/// A struct field.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Field {
    /// Name.
    pub name: String,
    /// Type.
    pub ty: Ty,
    /// Byte offset in the struct.
    pub offset: u64,
}

/// A struct or union layout.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StructDef {
    /// Tag or typedef name.
    pub name: String,
    /// Fields in declaration order.
    pub fields: Vec<Field>,
    /// Size in bytes.
    pub size: u64,
    /// Alignment in bytes.
    pub align: u64,
    /// A union: every member at offset 0, sharing the storage.
    pub is_union: bool,
    /// Has bit-field members (laid out here as whole fields).
    pub has_bitfields: bool,
    /// Declares a constructor or a default member initializer (also in a
    /// base): a braced list does not give its members positionally, zero
    /// where it has no item.
    pub not_plain_aggregate: bool,
    /// The structs it derives from directly (C++ base classes).
    pub bases: Vec<usize>,
    /// Those of `bases` declared `virtual` (constructed first, by the most
    /// derived class: [class.base.init]/13.1).
    pub virtual_bases: Vec<usize>,
    /// A base class that does not resolve to a laid-out class (a class
    /// template instance not laid out, a base of an unknown type): its
    /// members and construction are missing.
    pub unresolved_base: bool,
    /// Names of the members declared as references (`Storage &st;`, also
    /// in a base): laid out as the referred type, but their referent is
    /// elsewhere (see `Lowerer::member_lvalue`).
    pub reference_fields: Vec<String>,
}

/// Types known in a program: structs, typedefs and integer constants.
#[derive(Clone, Debug, Default)]
pub(crate) struct TypeEnv {
    /// Struct layouts.
    pub structs: Vec<StructDef>,
    /// Struct tags and typedef names of structs.
    pub struct_names: HashMap<String, usize>,
    /// Typedefs (and `using` aliases) by unqualified name; the last one seen
    /// when several namespaces define the name (see `scoped_typedefs`).
    pub typedefs: HashMap<String, Ty>,
    /// Every file-scope typedef of a name with the namespace it is declared
    /// in (`a::b`, empty for the global namespace).
    pub scoped_typedefs: HashMap<String, Vec<(String, Ty)>>,
    /// Typedef and alias names of `dim3` (whose constructor defaults missing
    /// components to 1, unlike the other vector types).
    pub dim3_aliases: crate::base::HashSet<String>,
    /// For each file-scope typedef or alias name, what each of its
    /// definitions names as a `cuda::atomic_ref` type (see
    /// `decls::atomic_ref_scope`; None: not an `atomic_ref`), in order.
    pub atomic_ref_aliases: HashMap<String, Vec<Option<Option<&'static str>>>>,
    /// While a class template instance is laid out: its non-type template
    /// parameters whose arguments are integer literals (or arithmetic on
    /// them), with their values (see `instantiate_struct_templates`).
    pub instance_values: Vec<(String, i128)>,
    /// The byte range of that instance's template parameter list.
    pub instance_params: Option<(usize, usize)>,
    /// While a class nested in a class template instance is laid out: the
    /// enclosing instance's constant members declared before it, with
    /// their values in that instance (`ITEMS_PER_TILE` in cub's
    /// `union _TempStorage { T items[ITEMS_PER_TILE]; }`).
    pub instance_members: Vec<(String, i128)>,
    /// The scopes defining a struct tag (with a body): its namespaces and
    /// enclosing classes ([`tag_scope`]).
    pub struct_namespaces: HashMap<String, Vec<String>>,
    /// The scope of the definition that `struct_names` holds under a bare
    /// tag, and whether it is nested in a class. A definition of the tag in
    /// another class is laid out apart under `scope::tag` (see
    /// [`TypeEnv::nested_class_ty`]).
    pub bare_tag_scopes: HashMap<String, (String, bool)>,
    /// The namespaces defining a struct tag outside any class.
    pub tag_namespaces: HashMap<String, Vec<String>>,
    /// Struct tags defined in several namespaces: `struct_names` keeps one
    /// of them, so a kernel using the tag is unsupported (see
    /// [`take_ambiguous_typedef`]).
    pub ambiguous_structs: crate::base::HashSet<String>,
    /// Names of enumeration types (tags and typedefs), resolved to `int`.
    pub enum_names: crate::base::HashSet<String>,
    /// Enumerators and file-scope integer constants.
    pub consts: HashMap<String, (i128, ScalarTy)>,
    /// Dialect (sizes of 3-vectors differ).
    pub lang: Option<Lang>,
    /// Structs named before their definition (empty until it is seen).
    pub incomplete: crate::base::HashSet<usize>,
    /// Names of class templates with a partial or explicit specialisation:
    /// an instance of one not laid out (its definition undecided) is
    /// opaque, never the primary template.
    pub specialised_templates: crate::base::HashSet<String>,
    /// Member typedefs, aliases and named nested classes of laid-out
    /// classes, by struct index and member name (`typedef Impl<0> Internal;`
    /// in a class body): what `S::Internal` names ([class.member.lookup]).
    pub member_types: HashMap<(usize, String), Ty>,
    /// Typedef and alias names (any scope, by unqualified name) declared as
    /// reference types somewhere in the program (see `ref_types`).
    pub ref_aliases: crate::base::HashSet<String>,
    /// Typedef and alias names declared as non-reference types somewhere: a
    /// name in both sets may be either.
    pub value_aliases: crate::base::HashSet<String>,
    /// Static constant integer data members of laid-out classes whose
    /// initializer is a constant of the same value wherever the class is
    /// used (`static constexpr int BLOCK = 256;`), by struct index and name:
    /// what `S::BLOCK` reads.
    pub member_consts: HashMap<(usize, String), (i128, ScalarTy)>,
}

thread_local! {
    /// The first typedef name whose use [`TypeEnv::typedef_at`] could not
    /// resolve to one of its definitions since the last
    /// [`take_ambiguous_typedef`] on this thread.
    static AMBIGUOUS_TYPEDEF: std::cell::RefCell<Option<String>> =
        const { std::cell::RefCell::new(None) };
}

/// Records a use of the struct tag `name` when several namespaces define it.
fn note_ambiguous_struct(env: &TypeEnv, name: &str) {
    if env.ambiguous_structs.contains(name) {
        AMBIGUOUS_TYPEDEF.with(|a| {
            a.borrow_mut().get_or_insert_with(|| name.to_string());
        });
    }
}

/// Takes (and clears) the type name recorded as ambiguous on this thread.
pub(crate) fn take_ambiguous_typedef() -> Option<String> {
    AMBIGUOUS_TYPEDEF.with(|a| a.borrow_mut().take())
}

/// The namespaces enclosing a node, outermost first, joined by `::`
/// (empty at global scope).
pub(crate) fn namespace_path(n: Node, src: &str) -> String {
    let mut names = Vec::new();
    let mut cur = n.parent();
    while let Some(p) = cur {
        if p.kind() == "namespace_definition" {
            if let Some(name) = p.child_by_field_name("name") {
                names.push(text(name, src).split_whitespace().collect::<String>());
            }
        }
        cur = p.parent();
    }
    names.reverse();
    names.join("::")
}

/// The classes enclosing a node, up to the nearest enclosing function body
/// or namespace, outermost first, joined by `::` (empty when the node is
/// not nested in a class; a type local to a function keeps its
/// function's scope, as before).
pub(crate) fn class_path(n: Node, src: &str) -> String {
    let mut names = Vec::new();
    let mut cur = n.parent();
    while let Some(p) = cur {
        match p.kind() {
            "function_definition"
            | "compound_statement"
            | "namespace_definition"
            | "translation_unit" => break,
            "struct_specifier" | "class_specifier" | "union_specifier" => {
                if let Some(name) = p.child_by_field_name("name") {
                    names.push(text(name, src).split_whitespace().collect::<String>());
                }
            }
            _ => {}
        }
        cur = p.parent();
    }
    names.reverse();
    names.join("::")
}

/// The function whose body defines the local type `n` (its declarator's
/// name as written, then `()`), None for a type outside function bodies.
fn local_function_scope(n: Node, src: &str) -> Option<String> {
    let mut cur = n.parent();
    while let Some(p) = cur {
        match p.kind() {
            "namespace_definition" | "translation_unit" => return None,
            "function_definition" => {
                let name = super::function_declarator(p)
                    .and_then(|f| f.child_by_field_name("declarator"))
                    .map_or("", |x| text(x, src));
                let name: String = name.split_whitespace().collect();
                return Some(format!("{name}()"));
            }
            _ => {}
        }
        cur = p.parent();
    }
    None
}

/// Whether the type definition `n` is in a function body.
pub(crate) fn is_local_type(n: Node, src: &str) -> bool {
    local_function_scope(n, src).is_some()
}

/// The scope a struct tag's definition `n` is in: its namespaces, then the
/// classes it is nested in (`ns::Outer` for `ns::Outer::Store`); a type
/// defined in a function body is in that function's scope (`ns::k()`), so
/// two functions' local classes of one name, or one and a namespace's,
/// make the bare name ambiguous.
pub(crate) fn tag_scope(n: Node, src: &str) -> String {
    let mut ns = namespace_path(n, src);
    if let Some(f) = local_function_scope(n, src) {
        ns = if ns.is_empty() {
            f
        } else {
            format!("{ns}::{f}")
        };
    }
    let classes = class_path(n, src);
    match (ns.is_empty(), classes.is_empty()) {
        (_, true) => ns,
        (true, false) => classes,
        (false, false) => format!("{ns}::{classes}"),
    }
}

/// The namespace `path` and the namespaces enclosing it, outermost (the
/// global namespace, "") first.
fn enclosing_prefixes(path: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    if !path.is_empty() {
        let parts: Vec<&str> = path.split("::").collect();
        for i in 1..=parts.len() {
            out.push(parts[..i].join("::"));
        }
    }
    out
}

/// Size of a scalar in bytes.
pub(crate) fn scalar_size(t: ScalarTy) -> u64 {
    match t {
        ScalarTy::Bool => 1,
        ScalarTy::Int { bits, .. } | ScalarTy::Float { bits } => (bits as u64).div_ceil(8),
    }
}

/// Scalar type of a builtin type name (`int`, `uint`, `size_t`, ...).
pub(crate) fn scalar_named(name: &str) -> Option<ScalarTy> {
    let int = |bits: u8, signed: bool| ScalarTy::Int { bits, signed };
    Some(match name {
        "bool" | "_Bool" => ScalarTy::Bool,
        "char" | "signed char" | "int8_t" | "char1" => int(8, true),
        "uchar" | "unsigned char" | "uint8_t" | "uchar1" => int(8, false),
        "short" | "int16_t" | "short1" => int(16, true),
        "ushort" | "uint16_t" | "ushort1" => int(16, false),
        "int" | "int32_t" | "signed" | "int1" | "cl_int" => int(32, true),
        "uint" | "unsigned" | "uint32_t" | "uint1" | "cl_uint" => int(32, false),
        "long" | "int64_t" | "ptrdiff_t" | "intptr_t" | "ssize_t" | "longlong" | "long1"
        | "cl_long" => int(64, true),
        "ulong" | "uint64_t" | "size_t" | "uintptr_t" | "ulonglong" | "ulong1" | "cl_ulong" => {
            int(64, false)
        }
        "half" | "__half" | "__nv_bfloat16" | "nv_bfloat16" | "__bf16" => {
            ScalarTy::Float { bits: 16 }
        }
        "float" | "float1" | "cl_float" => ScalarTy::FLOAT,
        "double" | "double1" => ScalarTy::Float { bits: 64 },
        // Opaque OpenCL handles and events: plain uniform values.
        "sampler_t" | "event_t" | "cl_mem_fence_flags" => int(32, false),
        _ => return None,
    })
}

/// Enumeration and handle types of the CUDA runtime and libcu++ that kernels
/// compare and pass around (`cuda::pipeline_role`, `cudaError_t`): integers,
/// where another unknown type name is data of unknown arithmetic.
fn is_library_enum(name: &str) -> bool {
    matches!(
        name,
        "pipeline_role"
            | "thread_scope"
            | "memory_order"
            | "cudaError_t"
            | "cudaError"
            | "CUresult"
            | "cudaMemcpyKind"
            | "cudaStream_t"
            | "cudaEvent_t"
            | "__mbarrier_t"
            | "__mbarrier_token_t"
            | "arrival_token"
    )
}

/// Vector type of a name like `float4`, `uint2`, `dim3`, `longlong2`.
pub(crate) fn vector_named(name: &str) -> Option<(ScalarTy, u8)> {
    if name == "dim3" {
        return Some((ScalarTy::UINT, 3));
    }
    if matches!(name, "__nv_bfloat162" | "nv_bfloat162") {
        return Some((ScalarTy::Float { bits: 16 }, 2));
    }
    let digits_at = name.find(|c: char| c.is_ascii_digit())?;
    let (base, n) = name.split_at(digits_at);
    let n: u8 = n.parse().ok()?;
    if !matches!(n, 2 | 3 | 4 | 8 | 16) {
        return None;
    }
    let elem = match base {
        "longlong" => ScalarTy::LONG,
        "ulonglong" => ScalarTy::ULONG,
        _ => scalar_named(base)?,
    };
    if elem == ScalarTy::Bool {
        return None;
    }
    Some((elem, n))
}

impl TypeEnv {
    /// How many of struct `sd`'s leading fields its bases contribute (the
    /// bases' fields come first in the layout).
    pub(crate) fn inherited_field_count(&self, sd: &StructDef) -> usize {
        sd.bases
            .iter()
            .filter_map(|b| self.structs.get(*b))
            .map(|b| b.fields.len())
            .sum()
    }

    /// Size in bytes of a type.
    pub fn size(&self, ty: &Ty) -> u64 {
        match ty {
            Ty::Void => 1,
            Ty::Scalar(s) => scalar_size(*s),
            Ty::Vector(e, n) => {
                let n = if *n == 3 && self.lang == Some(Lang::OpenCl) {
                    4
                } else {
                    *n as u64
                };
                scalar_size(*e) * n
            }
            Ty::Struct(k) => self.structs.get(*k).map_or(4, |s| s.size),
            Ty::Ptr(_) => 8,
            Ty::Array(e, n) => self.size(e).saturating_mul(n.unwrap_or(1)),
            Ty::Group(_) => 4,
        }
    }

    /// Alignment in bytes of a type.
    pub fn align(&self, ty: &Ty) -> u64 {
        match ty {
            Ty::Vector(e, n) => {
                let es = scalar_size(*e);
                if *n == 3 && self.lang != Some(Lang::OpenCl) {
                    es
                } else {
                    self.size(ty).min(16).max(es)
                }
            }
            Ty::Struct(k) => self.structs.get(*k).map_or(4, |s| s.align),
            Ty::Array(e, _) => self.align(e),
            _ => self.size(ty).clamp(1, 16),
        }
    }

    /// Leaves of an aggregate type in order (fields / components with their byte offsets).
    pub fn parts(&self, ty: &Ty) -> Vec<(u64, Ty)> {
        match ty {
            Ty::Vector(e, n) => (0..*n as u64)
                .map(|k| (k * scalar_size(*e), Ty::Scalar(*e)))
                .collect(),
            Ty::Struct(k) => self
                .structs
                .get(*k)
                .map(|s| s.fields.iter().map(|f| (f.offset, f.ty.clone())).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Whether the layout of `ty` depends on an array length the type
    /// environment could not evaluate (a member `T a[N];` of a class
    /// template instantiated with a template parameter of the kernel): its
    /// size and its members' offsets here would be wrong.
    pub fn has_unknown_class_layout(&self, ty: &Ty) -> bool {
        let mut t = ty;
        while let Ty::Array(e, _) | Ty::Ptr(e) = t {
            t = e;
        }
        matches!(t, Ty::Struct(_)) && self.has_unknown_layout(t)
    }

    /// Whether the size of `ty` depends on an array length the type
    /// environment could not evaluate (see `has_unknown_class_layout`).
    pub fn has_unknown_layout(&self, ty: &Ty) -> bool {
        self.unknown_layout_at(ty, 0)
    }

    fn unknown_layout_at(&self, ty: &Ty, depth: usize) -> bool {
        if depth > 16 {
            return true;
        }
        match ty {
            Ty::Array(_, None) => true,
            Ty::Array(e, Some(_)) => self.unknown_layout_at(e, depth + 1),
            // A member `T d[];` (flexible) cannot be told from `T d[N];` with
            // `N` not evaluated: either way the size is not known.
            Ty::Struct(k) => self.structs.get(*k).is_some_and(|s| {
                s.fields
                    .iter()
                    .any(|f| self.unknown_layout_at(&f.ty, depth + 1))
            }),
            _ => false,
        }
    }

    /// Number of scalar leaves of a type (capped to avoid blow-ups).
    pub fn leaf_count(&self, ty: &Ty, depth: usize) -> usize {
        if depth > 8 {
            return usize::MAX / 4;
        }
        match ty {
            Ty::Vector(_, n) => *n as usize,
            Ty::Struct(_) => self
                .parts(ty)
                .iter()
                .map(|(_, t)| self.leaf_count(t, depth + 1))
                .fold(0, usize::saturating_add),
            Ty::Array(e, n) => self
                .leaf_count(e, depth + 1)
                .saturating_mul(n.unwrap_or(1) as usize),
            _ => 1,
        }
    }

    /// Defines a struct from its field list, returns its index.
    pub fn add_struct(&mut self, name: String, fields: Vec<(String, Ty)>, is_union: bool) -> usize {
        let mut offset = 0u64;
        let mut align = 1u64;
        let mut size = 0u64;
        let mut laid = Vec::new();
        let count = fields.len();
        for (k, (fname, ty)) in fields.into_iter().enumerate() {
            let a = self.align(&ty).max(1);
            // A flexible array member (`T d[];`, last) adds no size (C11
            // 6.7.2.1p18), not one element.
            let s = if k + 1 == count && matches!(ty, Ty::Array(_, None)) {
                0
            } else {
                self.size(&ty)
            };
            align = align.max(a);
            if is_union {
                laid.push(Field {
                    name: fname,
                    ty,
                    offset: 0,
                });
                size = size.max(s);
            } else {
                offset = offset.div_ceil(a).saturating_mul(a);
                laid.push(Field {
                    name: fname,
                    ty,
                    offset,
                });
                offset = offset.saturating_add(s);
                size = offset;
            }
        }
        let size = size.div_ceil(align).saturating_mul(align);
        let idx = self.structs.len();
        self.structs.push(StructDef {
            name: name.clone(),
            fields: laid,
            size,
            align,
            is_union,
            has_bitfields: false,
            not_plain_aggregate: false,
            bases: Vec::new(),
            virtual_bases: Vec::new(),
            unresolved_base: false,
            reference_fields: Vec::new(),
        });
        if !name.is_empty() {
            self.struct_names.insert(name, idx);
        }
        idx
    }
}

/// Text of a node.
pub(crate) fn text<'s>(n: Node, src: &'s str) -> &'s str {
    src.get(n.byte_range()).unwrap_or("")
}

/// Scalar type of a `sized_type_specifier` (`unsigned long long int`, ...).
pub(crate) fn sized_type(n: Node, src: &str) -> ScalarTy {
    let mut unsigned = false;
    let mut longs = 0;
    let mut short = false;
    let mut base: Option<&str> = None;
    let mut cursor = n.walk();
    for c in n.children(&mut cursor) {
        match text(c, src) {
            "unsigned" => unsigned = true,
            "signed" => {}
            "long" => longs += 1,
            "short" => short = true,
            t => base = Some(t),
        }
    }
    match base {
        Some("char") => ScalarTy::Int {
            bits: 8,
            signed: !unsigned,
        },
        Some("double") => ScalarTy::Float { bits: 64 },
        Some("float") => ScalarTy::FLOAT,
        _ if short => ScalarTy::Int {
            bits: 16,
            signed: !unsigned,
        },
        _ if longs > 0 => ScalarTy::Int {
            bits: 64,
            signed: !unsigned,
        },
        _ => ScalarTy::Int {
            bits: 32,
            signed: !unsigned,
        },
    }
}

/// A declarator applied to a base type.
#[derive(Clone, Debug)]
pub(crate) struct DeclInfo<'t> {
    /// Declared type.
    pub ty: Ty,
    /// The declared name.
    pub name: Option<Node<'t>>,
    /// Initializer expression.
    pub init: Option<Node<'t>>,
    /// Whether it is a C++ reference.
    pub is_ref: bool,
    /// Whether it declares a function (a prototype).
    pub is_fn: bool,
}

/// Whether a type name is an OpenCL image type (`image2d_t`, ...).
pub(crate) fn is_image_type(name: &str) -> bool {
    name.starts_with("image") && name.ends_with("_t")
}

/// An image is memory: a global array of float4 pixels, addressed by
/// `x + y * 2^16 + z * 2^32` (exact for images up to 65536 wide and high).
pub(crate) fn image_ty() -> Ty {
    Ty::Ptr(Box::new(Ty::Vector(ScalarTy::FLOAT, 4)))
}

/// Group kind of a cooperative-groups type name.
pub(crate) fn group_named(name: &str) -> Option<GroupKind> {
    Some(match name {
        "thread_block" => GroupKind::Block,
        "grid_group" => GroupKind::Grid,
        "thread_block_tile" | "thread_group" | "cluster_group" => GroupKind::Tile(None, false),
        "coalesced_group" => GroupKind::Coalesced(None),
        _ => return None,
    })
}

impl TypeEnv {
    /// Type named by a type-specifier node; `overrides` maps template type parameters.
    pub fn resolve_base(&self, n: Node, src: &str, overrides: &HashMap<String, Ty>) -> Ty {
        if self.has_cub()
            && matches!(
                n.kind(),
                "qualified_identifier" | "template_type" | "dependent_type"
            )
        {
            let alias = |name: &str, at: Node| {
                overrides
                    .get(name)
                    .cloned()
                    .or_else(|| self.typedef_at(name, None, at, src))
            };
            if let Some(t) = self.cub_type(n, src, &alias) {
                return t;
            }
        }
        match n.kind() {
            "primitive_type" | "type_identifier" => {
                let name = text(n, src);
                if let Some(t) = overrides.get(name) {
                    return t.clone();
                }
                if name == "void" {
                    return Ty::Void;
                }
                if let Some(t) = self.typedef_at(name, None, n, src) {
                    return t;
                }
                if let Some(t) = self.enclosing_nested_class(n, name, src) {
                    return t;
                }
                if let Some(t) = self.namespace_tag_outside_classes(n, name) {
                    return t;
                }
                if let Some(&k) = self.struct_names.get(name) {
                    note_ambiguous_struct(self, name);
                    return Ty::Struct(k);
                }
                if let Some(s) = scalar_named(name) {
                    return Ty::Scalar(s);
                }
                if let Some((e, k)) = vector_named(name) {
                    return Ty::Vector(e, k);
                }
                if let Some(g) = group_named(name) {
                    return Ty::Group(g);
                }
                if is_image_type(name) {
                    return image_ty();
                }
                // Unknown type names (a typedef or macro of a header not
                // found, a template parameter never instantiated, an opaque
                // library type): 4-byte data of unknown arithmetic. Most are
                // floating types (`real`, `fp`, `scalar_t`), and reading one
                // as `int` is unsound: `f / kb / t` truncates to 0, and the
                // division by it that follows is assumed not to happen (UB),
                // which makes the whole path dead and hides its races. Float
                // arithmetic is uninterpreted, an over-approximation of any
                // type's. Enumerations (the program's, whose enumerators are
                // known constants, and those of the CUDA libraries the
                // checker models without their headers) and handles are
                // integers.
                if self.enum_names.contains(name) || is_library_enum(name) {
                    return Ty::Scalar(ScalarTy::INT);
                }
                Ty::Scalar(ScalarTy::FLOAT)
            }
            "sized_type_specifier" => Ty::Scalar(sized_type(n, src)),
            "struct_specifier" | "union_specifier" | "class_specifier" => {
                if let Some(name) = n.child_by_field_name("name") {
                    let name = text(name, src);
                    if let Some(&k) = self.struct_names.get(name) {
                        note_ambiguous_struct(self, name);
                        return Ty::Struct(k);
                    }
                }
                self.anon_struct(n)
                    .map_or(Ty::Scalar(ScalarTy::INT), Ty::Struct)
            }
            "qualified_identifier" => match n.child_by_field_name("name") {
                // `thrust::device_ptr<T>` wraps a `T *` to device memory; its
                // subscript, arithmetic and dereference are the pointer's.
                Some(inner)
                    if n.child_by_field_name("scope").map(|s| text(s, src)) == Some("thrust")
                        && inner.kind() == "template_type"
                        && inner.child_by_field_name("name").map(|c| text(c, src))
                            == Some("device_ptr") =>
                {
                    let pointee = inner
                        .child_by_field_name("arguments")
                        .and_then(|a| a.named_child(0))
                        .filter(|a| a.kind() == "type_descriptor")
                        .map(|a| self.type_descriptor(a, src, overrides));
                    match pointee {
                        Some(t) => Ty::Ptr(Box::new(t)),
                        None => Ty::Scalar(ScalarTy::INT),
                    }
                }
                Some(inner) => {
                    if let Some(t) = self.member_type(n, src, overrides) {
                        return t;
                    }
                    if inner.kind() == "type_identifier"
                        && !overrides.contains_key(text(inner, src))
                    {
                        let scope = n.child_by_field_name("scope").map(|s| text(s, src));
                        if let Some(t) = self.typedef_at(text(inner, src), scope, n, src) {
                            return t;
                        }
                    }
                    self.resolve_base(inner, src, overrides)
                }
                None => Ty::Scalar(ScalarTy::INT),
            },
            "template_type" => {
                let name = n
                    .child_by_field_name("name")
                    .map(|c| text(c, src))
                    .unwrap_or("");
                if let Some(g) = group_named(name) {
                    return Ty::Group(g);
                }
                // An instance of a struct template (see
                // `instantiate_struct_templates`), else the template itself
                // with its parameters opaque.
                let primary = (!self.specialised_templates.contains(name))
                    .then(|| self.struct_names.get(name))
                    .flatten();
                if let Some(&k) = self
                    .struct_names
                    .get(&Self::template_key(n, src))
                    .or(primary)
                {
                    return Ty::Struct(k);
                }
                Ty::Scalar(ScalarTy::INT)
            }
            // `typename S::T`: a member type of a class we laid out; any
            // other dependent name stays opaque, as before.
            "dependent_type" => n
                .named_child(0)
                .filter(|q| q.kind() == "qualified_identifier")
                .and_then(|q| self.member_type(q, src, overrides))
                .unwrap_or(Ty::Scalar(ScalarTy::INT)),
            _ => Ty::Scalar(ScalarTy::INT),
        }
    }

    /// The member type `T` that the qualified name `S::T` (`n`) names when
    /// its scope `S` resolves to a class we laid out, which (or one of its
    /// bases) declares a member typedef, alias or nested class `T`
    /// ([class.member.lookup]); None otherwise (a namespace, an unknown or
    /// opaque class), leaving the name to the other lookups.
    fn member_type(&self, n: Node, src: &str, overrides: &HashMap<String, Ty>) -> Option<Ty> {
        let inner = n.child_by_field_name("name")?;
        if inner.kind() != "type_identifier" {
            return None;
        }
        let k = self.scope_class(n, src, overrides)?;
        self.member_type_of(k, text(inner, src), 0)
    }

    /// The value of `S::NAME` (`n`, a qualified identifier) when its scope
    /// resolves to a class we laid out that (or a base of which) declares a
    /// static constant integer member `NAME` ([`TypeEnv::member_consts`]).
    pub fn member_const(
        &self,
        n: Node,
        src: &str,
        overrides: &HashMap<String, Ty>,
    ) -> Option<(i128, ScalarTy)> {
        let inner = n.child_by_field_name("name")?;
        if inner.kind() != "identifier" {
            return None;
        }
        let k = self.scope_class(n, src, overrides)?;
        self.member_const_of(k, text(inner, src), 0)
    }

    fn member_const_of(&self, k: usize, name: &str, depth: usize) -> Option<(i128, ScalarTy)> {
        if let Some(&c) = self.member_consts.get(&(k, name.to_string())) {
            return Some(c);
        }
        if depth > 8 {
            return None;
        }
        self.structs
            .get(k)?
            .bases
            .iter()
            .find_map(|&b| self.member_const_of(b, name, depth + 1))
    }

    /// The laid-out class the scope of the qualified name `n` (`S::x`)
    /// names, with template type parameters bound by `overrides`.
    fn scope_class(&self, n: Node, src: &str, overrides: &HashMap<String, Ty>) -> Option<usize> {
        let scope = n.child_by_field_name("scope")?;
        let class = match scope.kind() {
            "namespace_identifier" | "type_identifier" => {
                let name = text(scope, src);
                overrides
                    .get(name)
                    .cloned()
                    .or_else(|| self.typedef_at(name, None, scope, src))
                    .or_else(|| {
                        let k = *self.struct_names.get(name)?;
                        // A tag several namespaces define: the kernel is unsupported.
                        note_ambiguous_struct(self, name);
                        Some(Ty::Struct(k))
                    })
            }
            "template_type" | "qualified_identifier" | "dependent_type" => {
                Some(self.resolve_base(scope, src, overrides))
            }
            _ => None,
        };
        let Some(Ty::Struct(k)) = class else {
            return None;
        };
        Some(k)
    }

    /// The struct a named class definition `t` nested in a class or local
    /// to a function lays out: the one registered under its scope
    /// (`Outer::Store`), or the bare tag's when that is this scope's
    /// definition. None when `t` is not such a definition or was not
    /// registered.
    pub(crate) fn nested_class_ty(&self, t: Node, src: &str) -> Option<Ty> {
        if !matches!(
            t.kind(),
            "struct_specifier" | "class_specifier" | "union_specifier"
        ) || t.child_by_field_name("body").is_none()
            || class_path(t, src).is_empty() && !is_local_type(t, src)
        {
            return None;
        }
        let name = text(t.child_by_field_name("name")?, src);
        let scope = tag_scope(t, src);
        if let Some(&k) = self.struct_names.get(&format!("{scope}::{name}")) {
            return Some(Ty::Struct(k));
        }
        match self.bare_tag_scopes.get(name) {
            Some((s, _)) if *s == scope => self.struct_names.get(name).map(|&k| Ty::Struct(k)),
            _ => None,
        }
    }

    /// The class the bare tag `name` names where `at` uses it, when several
    /// scopes define the tag: C++ looks the name up in the blocks and
    /// classes enclosing the use first ([basic.lookup.unqual]), so a class
    /// of that name defined earlier in an enclosing block of a function
    /// body, or nested in an enclosing class (its member functions defined
    /// in its body included). None otherwise (the other lookups decide).
    fn enclosing_nested_class(&self, at: Node, name: &str, src: &str) -> Option<Ty> {
        if !self.ambiguous_structs.contains(name) {
            return None;
        }
        let mut cur = at.parent();
        let mut steps = 0;
        while let Some(p) = cur {
            steps += 1;
            if steps > 256 {
                return None;
            }
            if p.kind() == "compound_statement" {
                let local = p
                    .named_children(&mut p.walk())
                    .filter(|c| c.start_byte() < at.start_byte())
                    .filter_map(|c| {
                        if matches!(
                            c.kind(),
                            "struct_specifier" | "class_specifier" | "union_specifier"
                        ) {
                            Some(c)
                        } else {
                            c.child_by_field_name("type")
                        }
                    })
                    .filter(|t| {
                        t.child_by_field_name("body").is_some()
                            && t.child_by_field_name("name")
                                .is_some_and(|x| text(x, src) == name)
                    })
                    .last();
                if let Some(t) = local {
                    return self.nested_class_ty(t, src);
                }
            }
            if matches!(
                p.kind(),
                "struct_specifier" | "class_specifier" | "union_specifier"
            ) {
                if let Some(body) = p.child_by_field_name("body") {
                    let found = body
                        .named_children(&mut body.walk())
                        .filter(|m| m.kind() == "field_declaration")
                        .filter_map(|m| m.child_by_field_name("type"))
                        .find(|t| {
                            t.child_by_field_name("body").is_some()
                                && t.child_by_field_name("name")
                                    .is_some_and(|x| text(x, src) == name)
                        });
                    if let Some(t) = found {
                        return self.nested_class_ty(t, src);
                    }
                }
            }
            cur = p.parent();
        }
        None
    }

    /// The tag `name` used at `at` outside any class (not in a class body,
    /// nor in a member function defined out of line, where a base's
    /// nested class could be found first) when one namespace-scope
    /// definition of it exists and the other definitions are nested in
    /// classes: unqualified lookup there never finds a nested class, so
    /// it is that definition, which the bare tag holds. None otherwise.
    fn namespace_tag_outside_classes(&self, at: Node, name: &str) -> Option<Ty> {
        if !self.ambiguous_structs.contains(name)
            || self.tag_namespaces.get(name).is_none_or(|n| n.len() != 1)
            || self
                .bare_tag_scopes
                .get(name)
                .is_none_or(|(_, nested)| *nested)
        {
            return None;
        }
        let mut cur = at.parent();
        while let Some(p) = cur {
            match p.kind() {
                "struct_specifier" | "class_specifier" | "union_specifier" => return None,
                "function_definition" => {
                    // `void D::f() {..}`: a member function's scope.
                    let qualified = super::function_declarator(p)
                        .and_then(|f| f.child_by_field_name("declarator"))
                        .is_some_and(|x| x.kind() == "qualified_identifier");
                    if qualified {
                        return None;
                    }
                }
                _ => {}
            }
            cur = p.parent();
        }
        self.struct_names.get(name).map(|&k| Ty::Struct(k))
    }

    /// The member type `name` of struct `k` or of its bases (depth-bounded).
    /// The field indices leading from struct `k` to its member `name`: one
    /// index for a direct member, more through an anonymous union or struct
    /// member ([class.union.anon]: its members are members of the enclosing
    /// class, stored in the unnamed member object). None when absent.
    pub fn member_path(&self, k: usize, name: &str, depth: usize) -> Option<Vec<usize>> {
        let sd = self.structs.get(k)?;
        if let Some(i) = sd.fields.iter().position(|f| f.name == name) {
            return Some(vec![i]);
        }
        if depth > 8 {
            return None;
        }
        sd.fields.iter().enumerate().find_map(|(i, f)| match f.ty {
            Ty::Struct(inner) if f.name.is_empty() => {
                let mut path = self.member_path(inner, name, depth + 1)?;
                path.insert(0, i);
                Some(path)
            }
            _ => None,
        })
    }

    fn member_type_of(&self, k: usize, name: &str, depth: usize) -> Option<Ty> {
        if let Some(t) = self.member_types.get(&(k, name.to_string())) {
            return Some(t.clone());
        }
        if depth > 8 {
            return None;
        }
        self.structs
            .get(k)?
            .bases
            .iter()
            .find_map(|&b| self.member_type_of(b, name, depth + 1))
    }

    /// The type the typedef `name` names where the node `at` uses it, as
    /// `scope::name` when `scope` is given. When namespaces define the name
    /// as different types, C++ name lookup decides ([basic.lookup.unqual],
    /// [namespace.qual]): a qualified name takes the typedef of the named
    /// namespace (written relative to the global or an enclosing one), an
    /// unqualified one the typedef of the innermost namespace enclosing the
    /// use. When that does not single out one type (a using-directive, a
    /// struct scope) the name is recorded as ambiguous (see
    /// [`take_ambiguous_typedef`]: the kernel is then unsupported) rather
    /// than taken as the last definition seen.
    pub fn typedef_at(&self, name: &str, scope: Option<&str>, at: Node, src: &str) -> Option<Ty> {
        let last = self.typedefs.get(name)?;
        let Some(defs) = self.scoped_typedefs.get(name) else {
            return scope.is_none().then(|| last.clone());
        };
        if defs.iter().all(|(_, t)| t == last) {
            return Some(last.clone());
        }
        let enclosing = namespace_path(at, src);
        let chosen: Vec<&Ty> = match scope {
            Some(scope) => {
                let scope: String = scope.split_whitespace().collect();
                let scope = scope.trim_start_matches("::");
                // `scope` names the namespace itself, or one nested in an
                // enclosing namespace of the use.
                let mut prefixes = enclosing_prefixes(&enclosing);
                prefixes.reverse();
                prefixes
                    .iter()
                    .map(|p| {
                        if p.is_empty() {
                            scope.to_string()
                        } else {
                            format!("{p}::{scope}")
                        }
                    })
                    .map(|full| {
                        defs.iter()
                            .filter(|(ns, _)| *ns == full)
                            .map(|(_, t)| t)
                            .collect::<Vec<_>>()
                    })
                    .find(|found| !found.is_empty())
                    .unwrap_or_default()
            }
            None => enclosing_prefixes(&enclosing)
                .iter()
                .rev()
                .map(|p| {
                    defs.iter()
                        .filter(|(ns, _)| ns == p)
                        .map(|(_, t)| t)
                        .collect::<Vec<_>>()
                })
                .find(|found| !found.is_empty())
                .unwrap_or_default(),
        };
        match chosen.first() {
            Some(t) if chosen.iter().all(|c| c == t) => Some((*t).clone()),
            _ => {
                AMBIGUOUS_TYPEDEF.with(|a| {
                    a.borrow_mut().get_or_insert_with(|| name.to_string());
                });
                Some(last.clone())
            }
        }
    }

    /// Whether the type name `name` is `dim3` or a typedef of it: the IR's
    /// 3-vector of unsigned does not tell `dim3` from `uint3`.
    pub fn is_dim3(&self, name: &str) -> bool {
        let name = name.trim();
        name == "dim3" || self.dim3_aliases.contains(name)
    }

    /// Whether the type specifier `n` names a type the front end knows
    /// as itself: not an enumeration nor an unknown name (both resolve to
    /// `int`, see [`Self::resolve_base`]).
    pub fn knows_type(&self, n: Node, src: &str) -> bool {
        match n.kind() {
            "primitive_type" | "sized_type_specifier" => true,
            "type_identifier" => {
                let name = text(n, src);
                !self.enum_names.contains(name)
                    && (name == "void"
                        || self.typedefs.contains_key(name)
                        || self.struct_names.contains_key(name)
                        || scalar_named(name).is_some()
                        || vector_named(name).is_some()
                        || group_named(name).is_some()
                        || is_image_type(name))
            }
            "struct_specifier" | "union_specifier" | "class_specifier" => n
                .child_by_field_name("name")
                .is_some_and(|k| self.struct_names.contains_key(text(k, src))),
            "qualified_identifier" => n
                .child_by_field_name("name")
                .is_some_and(|inner| self.knows_type(inner, src)),
            "template_type" => {
                let name = n
                    .child_by_field_name("name")
                    .map(|c| text(c, src))
                    .unwrap_or("");
                group_named(name).is_some()
                    || self.struct_names.contains_key(&Self::template_key(n, src))
            }
            _ => false,
        }
    }

    /// Struct defined by an anonymous specifier node (registered by the collector).
    fn anon_struct(&self, n: Node) -> Option<usize> {
        self.struct_names
            .get(&format!("<anon@{}>", n.start_byte()))
            .copied()
    }

    /// Key under which an instance `S<A, B>` of a struct template is
    /// registered: its text without blanks.
    pub fn template_key(n: Node, src: &str) -> String {
        text(n, src).split_whitespace().collect()
    }

    /// Key under which an anonymous struct specifier is registered.
    pub fn anon_key(n: Node) -> String {
        format!("<anon@{}>", n.start_byte())
    }

    /// Applies a declarator to `base`.
    pub fn apply_declarator<'t>(&self, base: Ty, d: Option<Node<'t>>, src: &str) -> DeclInfo<'t> {
        self.apply_declarator_with(base, d, &|s| self.const_eval(s, src, 0))
    }

    /// Applies a declarator to `base`, array extents valued by `extent`
    /// (the names a class body binds, in a member declaration).
    pub fn apply_declarator_with<'t>(
        &self,
        base: Ty,
        d: Option<Node<'t>>,
        extent: &dyn Fn(Node) -> Option<i128>,
    ) -> DeclInfo<'t> {
        let mut info = DeclInfo {
            ty: base,
            name: None,
            init: None,
            is_ref: false,
            is_fn: false,
        };
        let mut cur = d;
        // Array dimensions apply innermost-last; collect them, then wrap.
        let mut dims: Vec<Option<u64>> = Vec::new();
        let mut steps = 0;
        while let Some(n) = cur {
            steps += 1;
            if steps > 64 {
                break;
            }
            match n.kind() {
                "identifier"
                | "field_identifier"
                | "qualified_identifier"
                | "type_identifier"
                | "operator_name"
                | "destructor_name" => {
                    info.name = Some(n);
                    cur = None;
                }
                "init_declarator" => {
                    info.init = n.child_by_field_name("value");
                    cur = n.child_by_field_name("declarator");
                }
                "pointer_declarator" | "abstract_pointer_declarator" => {
                    info.ty = wrap_dims(info.ty, &mut dims);
                    info.ty = Ty::Ptr(Box::new(info.ty));
                    cur = n.child_by_field_name("declarator");
                }
                "reference_declarator" | "abstract_reference_declarator" => {
                    info.is_ref = true;
                    cur = n.named_child(0);
                }
                "array_declarator" | "abstract_array_declarator" => {
                    let size = n.child_by_field_name("size").and_then(extent);
                    dims.push(size.and_then(|v| u64::try_from(v).ok()));
                    cur = n.child_by_field_name("declarator");
                }
                "function_declarator" | "abstract_function_declarator" => {
                    info.is_fn = true;
                    cur = n.child_by_field_name("declarator");
                }
                "parenthesized_declarator"
                | "attributed_declarator"
                | "abstract_parenthesized_declarator" => {
                    cur = n
                        .named_children(&mut n.walk())
                        .find(|c| c.kind() != "attribute_declaration");
                }
                _ => cur = None,
            }
        }
        info.ty = wrap_dims(info.ty, &mut dims);
        info
    }

    /// Value of an integer constant expression, if it is one.
    pub fn const_eval(&self, n: Node, src: &str, depth: usize) -> Option<i128> {
        self.const_eval_in(n, src, depth, &[])
    }

    /// Value of an integer constant expression in which the names `binds`
    /// (non-type template parameters of a class template instance) have
    /// the given values, if it is one.
    pub fn const_eval_in(
        &self,
        n: Node,
        src: &str,
        depth: usize,
        binds: &[(String, i128)],
    ) -> Option<i128> {
        self.const_eval_hooked(n, src, depth, binds, &|_, _, _| None)
    }

    /// [`TypeEnv::const_eval_in`] where a qualified name (`S<A>::NAME`) has
    /// the value `qualified` gives it (called with the binds and depth).
    pub fn const_eval_hooked(
        &self,
        n: Node,
        src: &str,
        depth: usize,
        binds: &[(String, i128)],
        qualified: ConstHook,
    ) -> Option<i128> {
        if depth > 64 {
            return None;
        }
        let sub = |c: Option<Node>| {
            c.and_then(|c| self.const_eval_hooked(c, src, depth + 1, binds, qualified))
        };
        match n.kind() {
            "number_literal" => {
                // tree-sitter folds a sign into some literals (`-1`): the
                // value of `FULL` in `enum { FULL = -1 };` is -1, not unknown.
                let t = text(n, src).trim();
                match t.strip_prefix('-') {
                    Some(rest) => {
                        crate::syntax::preprocess::parse_int_literal(rest.trim()).map(|v| -v)
                    }
                    None => crate::syntax::preprocess::parse_int_literal(
                        t.trim_start_matches('+').trim(),
                    ),
                }
            }
            "char_literal" => {
                let t = text(n, src).trim_matches('\'');
                t.chars().next().map(|c| c as i128)
            }
            "true" => Some(1),
            "false" => Some(0),
            "identifier" => {
                let name = text(n, src);
                match binds.iter().find(|(b, _)| b == name) {
                    Some((_, v)) => Some(*v),
                    None => self.consts.get(name).map(|c| c.0),
                }
            }
            "parenthesized_expression" => sub(inner_expr(n)),
            "cast_expression" => {
                // `(N) + (M) * 2` with `N` a constant: the parser's cast of
                // `+(M)` to a type `N` is the sum (see
                // `Lowerer::misparsed_cast`); not folded here.
                if cast_of_lone_name(n)
                    .is_some_and(|(name, _)| self.consts.contains_key(text(name, src)))
                {
                    return None;
                }
                sub(n.child_by_field_name("value"))
            }
            "unary_expression" => {
                let v = sub(n.child_by_field_name("argument"))?;
                match n.child_by_field_name("operator").map(|o| text(o, src)) {
                    Some("-") => Some(v.wrapping_neg()),
                    Some("~") => Some(!v),
                    Some("!") => Some((v == 0) as i128),
                    _ => Some(v),
                }
            }
            "qualified_identifier" => qualified(n, binds, depth + 1),
            "binary_expression" => {
                let a = sub(n.child_by_field_name("left"))?;
                // `&&` and `||` do not evaluate their right operand when the
                // left one decides ([expr.log.and], [expr.log.or]): the value
                // is known without it.
                match n.child_by_field_name("operator").map(|o| text(o, src)) {
                    Some("&&") if a == 0 => return Some(0),
                    Some("||") if a != 0 => return Some(1),
                    _ => {}
                }
                let b = sub(n.child_by_field_name("right"))?;
                Some(
                    match n.child_by_field_name("operator").map(|o| text(o, src))? {
                        "+" => a.wrapping_add(b),
                        "-" => a.wrapping_sub(b),
                        "*" => a.wrapping_mul(b),
                        "/" => a.checked_div(b)?,
                        "%" => a.checked_rem(b)?,
                        "<<" => a.checked_shl(u32::try_from(b).ok()?)?,
                        ">>" => a.checked_shr(u32::try_from(b).ok()?)?,
                        "&" => a & b,
                        "|" => a | b,
                        "^" => a ^ b,
                        "&&" => ((a != 0) && (b != 0)) as i128,
                        "||" => ((a != 0) || (b != 0)) as i128,
                        "==" => (a == b) as i128,
                        "!=" => (a != b) as i128,
                        "<" => (a < b) as i128,
                        "<=" => (a <= b) as i128,
                        ">" => (a > b) as i128,
                        ">=" => (a >= b) as i128,
                        _ => return None,
                    },
                )
            }
            "conditional_expression" => {
                let c = sub(n.child_by_field_name("condition"))?;
                if c != 0 {
                    sub(n.child_by_field_name("consequence"))
                } else {
                    sub(n.child_by_field_name("alternative"))
                }
            }
            "sizeof_expression" => {
                let t = n.child_by_field_name("type")?;
                let ty = self.type_descriptor(t, src, &HashMap::default());
                Some(self.size(&ty) as i128)
            }
            _ => None,
        }
    }

    /// Type of a `type_descriptor` node.
    pub fn type_descriptor(&self, n: Node, src: &str, overrides: &HashMap<String, Ty>) -> Ty {
        let Some(base) = n.child_by_field_name("type") else {
            return Ty::Scalar(ScalarTy::INT);
        };
        let base = self.resolve_base(base, src, overrides);
        self.apply_declarator(base, n.child_by_field_name("declarator"), src)
            .ty
    }
}

/// How [`TypeEnv::const_eval_hooked`] values a qualified name: the node,
/// the names bound where it is written, the depth.
pub type ConstHook<'h> = &'h dyn Fn(Node, &[(String, i128)], usize) -> Option<i128>;

fn wrap_dims(mut ty: Ty, dims: &mut Vec<Option<u64>>) -> Ty {
    // `a[2][3]`: the declarator chain visits [3] first; the last visited is outermost.
    for d in dims.drain(..) {
        ty = Ty::Array(Box::new(ty), d);
    }
    ty
}

/// A cast `(name)` applied to a unary `+`, `-` or `*` expression, with
/// `name` a lone type identifier: the parser's reading of `(x) + (y)`,
/// `(x) - (y)` or `(x) * (y)` written with parenthesized operands, which it
/// cannot tell from a cast without knowing whether `x` names a type. The
/// name and the unary expression.
pub(crate) fn cast_of_lone_name(n: Node<'_>) -> Option<(Node<'_>, Node<'_>)> {
    if n.kind() != "cast_expression" {
        return None;
    }
    let t = n.child_by_field_name("type")?;
    let v = n.child_by_field_name("value")?;
    if t.named_child_count() != 1 {
        return None;
    }
    let name = t.named_child(0)?;
    if name.kind() != "type_identifier"
        || !matches!(v.kind(), "unary_expression" | "pointer_expression")
    {
        return None;
    }
    Some((name, v))
}

/// The expression inside parentheses, skipping comments (tree-sitter puts
/// them among the named children: `( /* note */ 0 )`).
pub(crate) fn inner_expr(n: Node) -> Option<Node> {
    let mut cursor = n.walk();
    let inner = n
        .named_children(&mut cursor)
        .find(|c| c.kind() != "comment");
    inner
}
