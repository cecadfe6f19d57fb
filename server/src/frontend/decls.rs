//! Declarations of locals: their storage (slots), initialisers, and locals whose address is taken.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::ir::{Expr, Lang, MemSpace, ScalarTy, StmtKind};
use crate::syntax::queries;

/// Whether a declaration's own storage class is `extern`.
fn declares_extern(n: Node, src: &str) -> bool {
    let mut cursor = n.walk();
    let found = n
        .children(&mut cursor)
        .any(|c| c.kind() == "storage_class_specifier" && text(c, src) == "extern");
    found
}

/// Whether a declaration's own storage class is `static` and its object may
/// be written: neither `const` nor `constexpr` qualifies it, or it is a
/// pointer (`static const int *p` is itself writable).
fn declares_writable_static(n: Node, src: &str, ty: &Ty) -> bool {
    let mut cursor = n.walk();
    let mut is_static = false;
    let mut is_const = false;
    for c in n.children(&mut cursor) {
        match (c.kind(), text(c, src)) {
            ("storage_class_specifier", "static") => is_static = true,
            ("type_qualifier", "const" | "constexpr") => is_const = true,
            _ => {}
        }
    }
    is_static && (!is_const || matches!(ty, Ty::Ptr(_)))
}

/// Items of a braced initializer list being consumed in order.
struct InitCursor<'t> {
    /// The list's items.
    items: Vec<Node<'t>>,
    /// The next item.
    pos: usize,
    /// The value of the item at `pos`, when already evaluated (a scalar
    /// that starts an elided sub-aggregate).
    evaluated: Option<Val>,
}

impl<'c, 't> Lowerer<'c, 't> {
    pub(crate) fn declaration(&mut self, n: Node<'t>) -> R<()> {
        let src = self.src();
        let Some(tnode) = n.child_by_field_name("type") else {
            return Ok(());
        };
        let is_extern = declares_extern(n, src);
        // Which declarations are block-shared is `queries/shared.scm`'s
        // pattern, asked of this declaration alone.
        let unit = &self.cx.units[self.unit];
        let declares_shared =
            queries::declares_shared(n, &unit.text, &unit.qualifiers, self.kernel.lang);
        // OpenCL `local int *p` is a private pointer to local memory; only
        // non-pointer objects declared `local` live in local memory.
        let (is_shared, ocl_local) = match self.kernel.lang {
            Lang::Cuda => (declares_shared, false),
            Lang::OpenCl => (false, declares_shared),
        };
        // `decltype(e) x = e2;` (also GNU `__typeof__`): the type of `e` when it
        // names a local, else that of the initializer, as for `auto`.
        let decl_of = (tnode.kind() == "decltype")
            .then(|| tnode.named_child(0))
            .flatten()
            .filter(|e| e.kind() == "identifier")
            .and_then(|e| match self.lookup(self.txt(e)) {
                Some(Binding::Slot(s)) => Some(self.lval_type(&LVal::Slot(s.clone()))),
                Some(Binding::Value(v)) => Some(self.type_of_val(v)),
                _ => None,
            });
        let is_auto = tnode.kind() == "placeholder_type_specifier"
            || text(tnode, src) == "auto"
            || tnode.kind() == "decltype" && decl_of.is_none();
        let base = decl_of.unwrap_or_else(|| self.resolve_type(tnode));
        if let Ty::Struct(k) = base {
            if let Some(class) = self.cx.types.cub_class(k) {
                return self.unsup(
                    n,
                    format!(
                        "cub `{}` object held in a variable (supported: `{}(temp_storage).method(..)`)",
                        class.name, class.name
                    ),
                );
            }
        }
        let mut cursor = n.walk();
        let decls: Vec<Node<'t>> = n
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for d in decls {
            let info = self.cx.types.apply_declarator(base.clone(), Some(d), src);
            let Some(name_node) = info.name else { continue };
            let name = self.txt(name_node).to_string();
            let mut vexing_init = None;
            if info.is_fn {
                // `Window w(p, i);` reads as a prototype with parameter types
                // `p` and `i`; when those are variables in scope it is an
                // object built by its constructor.
                if let Some(args) = self.vexing_constructor_args(d, &info.ty) {
                    self.construct(&name, name_node, d, &info.ty, &args)?;
                } else if let Some(element) = self.vexing_element_arg(d, &info.ty) {
                    // `P q(p[i]);` reads as a prototype taking an array `p`
                    // of `i` elements; with `p` a variable in scope it is
                    // `q` built from the element `p[i]`.
                    self.construct(&name, name_node, d, &info.ty, &[element])?;
                } else if let Some(element) = self
                    .vexing_scalar_element_arg(d, &info.ty)
                    .filter(|_| self.atomic_ref_type(tnode).is_some())
                {
                    // The same for a `cuda::atomic_ref` (kept as a scalar):
                    // `cuda::atomic_ref<int, cuda::thread_scope_device>
                    // r(flag[3]);`. `flag` names a variable, so C++ reads an
                    // object `r` initialised from the expression `flag[3]`
                    // ([dcl.ambig.res]: a prototype needs `flag` to be a
                    // type), lowered as `T r(flag[3])` with an argument list.
                    // Only for a type known to be an `atomic_ref`: another
                    // class the front end does not know may keep a reference
                    // that its operators write through, so its name stays
                    // unbound (and its uses unsupported).
                    vexing_init = Some(element);
                }
                if vexing_init.is_none() {
                    continue; // a local function prototype
                }
            }
            let is_shared = is_shared || ocl_local && !matches!(info.ty, Ty::Ptr(_));
            if is_shared || is_extern && matches!(info.ty, Ty::Array(..)) {
                let space = if is_shared {
                    MemSpace::Shared
                } else {
                    MemSpace::Global
                };
                // One object per declaration, however often its function is inlined.
                let key = (self.unit, name_node.start_byte());
                let id = if is_shared && is_extern {
                    self.dynamic_shared_array(&name, &info.ty, name_node)
                } else {
                    match self.shared_decls.get(&key) {
                        Some(&id) => id,
                        None => {
                            let id = self.add_array(&name, space, &info.ty, None, name_node);
                            self.shared_decls.insert(key, id);
                            id
                        }
                    }
                };
                // `__shared__ T s[64]` of an unbound type parameter: its
                // data is of unknown size, as a `T *` parameter's
                // (see `opaque_types`).
                if self.mentions_opaque_type(tnode).is_some() {
                    self.opaque_arrays.insert(id);
                }
                if crate::frontend::exprs::has_unknown_length(&info.ty) {
                    let extents = self.declared_extents(d);
                    // One object per declaration: inlined again with other
                    // extents (another instantiation of its function), its
                    // strides are not known.
                    let extents = match self.array_extents.get(&id) {
                        Some((ty, old)) if *old != extents || *ty != info.ty => {
                            vec![None; extents.len()]
                        }
                        _ => extents,
                    };
                    self.array_extents.insert(id, (info.ty.clone(), extents));
                }
                self.bind(
                    &name,
                    Binding::Array {
                        id,
                        ty: info.ty.clone(),
                    },
                );
                if let Some(init) = info.init {
                    // `__shared__` variables cannot be initialised in CUDA; evaluate for effects.
                    self.discard(init)?;
                }
                continue;
            }
            // A `static` local of device code is one object for the whole
            // program (CUDA Programming Guide, "Static Variables within
            // Function"), shared by every thread of every block: modelling it
            // per thread would miss the races on it. A read-only one (`const`)
            // holds the same values in every thread, so per-thread copies are
            // exact for it.
            if declares_writable_static(n, src, &info.ty) {
                return self.unsup(
                    d,
                    format!(
                        "static local `{name}`: one object shared by every thread of the program (not modelled)"
                    ),
                );
            }
            if let Some(init) = info.init.filter(|i| i.kind() == "lambda_expression") {
                let lam = self.define_lambda(init)?;
                self.bind(&name, Binding::Lambda(lam));
                continue;
            }
            // `IR x = s[i];` with `typedef int &IR;` binds a reference too
            // (see `ref_types`); not known, it is no silent copy.
            let is_ref = match self.names_reference(tnode) {
                Ok(r) => info.is_ref || r,
                Err(_) if info.is_ref => true,
                Err(why) => return self.unsup(tnode, why),
            };
            if is_ref {
                let Some(init) = info.init else {
                    return self.unsup(d, "reference without initializer");
                };
                let lv = self.lvalue(init)?;
                let lv = self.pin_lvalue(lv, init);
                self.bind(&name, Binding::Ref(lv));
                continue;
            }
            if let (Some(init), Ty::Struct(k)) = (info.init, &info.ty) {
                // `T x(a, b)`, and `T x = {a, b}` / `T x{a, b}` of a class
                // with a constructor (list initialisation calls it).
                let constructed = init.kind() == "argument_list"
                    || init.kind() == "initializer_list"
                        && self
                            .cx
                            .types
                            .structs
                            .get(*k)
                            .is_some_and(|sd| sd.not_plain_aggregate);
                let found = self
                    .struct_method(*k, &self.struct_name(*k), None)
                    .is_some();
                if constructed && !found && self.constructor_out_of_view(*k) {
                    let tag = self.struct_name(*k);
                    return self.unsup(
                        d,
                        format!("a constructor of `{tag}` is declared in its class without a definition the front end finds (out of line in a namespace, class template or enclosing class, or in another translation unit)"),
                    );
                }
                if constructed && found {
                    let mut c = init.walk();
                    let args: Vec<Node<'t>> = init
                        .named_children(&mut c)
                        .filter(|a| a.kind() != "comment")
                        .collect();
                    self.construct(&name, name_node, d, &info.ty, &args)?;
                    continue;
                }
            }
            if let (None, Ty::Struct(k)) = (info.init, &info.ty) {
                // `W w;` runs `W`'s default constructor ([dcl.init]p7).
                let tag = self.struct_name(*k);
                if self
                    .struct_method(*k, &tag, Some(0))
                    .is_some_and(|c| c.accepts(0) && c.has_body)
                {
                    self.construct(&name, name_node, d, &info.ty, &[])?;
                    continue;
                }
                // An implicit default constructor default-initialises the
                // bases and members (their default constructors, default
                // member initializers); a default constructor declared
                // without a definition found makes it `unsupported`.
                if self.implicit_init_runs_code(*k) || self.constructor_out_of_view(*k) {
                    let slot = self.make_slot(&info.ty, &name, name_node);
                    self.havoc_slot(&slot, d);
                    self.default_construct(*k, LVal::Slot(slot.clone()), d)?;
                    self.bind(&name, Binding::Slot(slot));
                    continue;
                }
            }
            if let Some(slot) =
                self.construct_class_array(&name, name_node, d, &info.ty, info.init)?
            {
                self.bind(&name, Binding::Slot(slot));
                continue;
            }
            let mut ty = info.ty.clone();
            if crate::frontend::exprs::has_unknown_length(&ty) {
                ty = self.constant_extents(ty, d);
            }
            if let (Ty::Array(elem, None), Some(init)) = (&ty, info.init) {
                // `char s[] = "abc"` (or `{"abc"}`): the characters and the
                // terminating null (C11 6.7.9p14, p22).
                if let Some(len) = self.string_initializer_length(init) {
                    ty = Ty::Array(elem.clone(), Some(len));
                }
            }
            if let (Ty::Array(elem, None), Some(init)) = (&ty, info.init) {
                // `int tab[] = {1, 2, 3}`: the length is the number of items.
                if init.kind() == "initializer_list" {
                    let mut c = init.walk();
                    let items: Vec<Node<'t>> = init
                        .named_children(&mut c)
                        .filter(|i| i.kind() != "comment")
                        .collect();
                    let positional = items.iter().all(|i| {
                        !matches!(
                            i.kind(),
                            "initializer_pair"
                                | "string_literal"
                                | "concatenated_string"
                                | "raw_string_literal"
                                | "parameter_pack_expansion"
                        )
                    });
                    if positional {
                        ty = Ty::Array(elem.clone(), Some(items.len() as u64));
                    }
                }
            }
            let is_dim3 = matches!(ty, Ty::Vector(..)) && self.cx.types.is_dim3(text(tnode, src));
            // `cuda::atomic_ref<T, scope> r(x)`: see `atomic_ref_scope`.
            let atomic_ref = match ty {
                Ty::Scalar(_) => self.atomic_ref_type(tnode),
                _ => None,
            };
            let atomic_ref_init = |k: Node<'t>| k.kind() == "initializer_list";
            let init_val = match info.init {
                None if vexing_init.is_some() => match vexing_init {
                    Some(element) => {
                        Some(self.constructed_from_memory(element, atomic_ref.is_some())?)
                    }
                    None => None,
                },
                // `dim3 v{x}` / `dim3 v = {x, y}` call dim3's constructor
                // ([dcl.init.list]p3.7): missing components are 1; and so
                // does `dim3 v;` (default arguments 1, 1, 1).
                Some(init) if init.kind() == "initializer_list" && is_dim3 => {
                    let items: Vec<Node<'t>> = init
                        .named_children(&mut init.walk())
                        .filter(|a| a.kind() != "comment")
                        .collect();
                    Some(self.dim3_literal(&items, init)?)
                }
                None if is_dim3 && !is_auto => Some(self.dim3_literal(&[], name_node)?),
                // `auto b{a};` deduces `b`'s type from the single item and
                // copies it, as `auto b = a;` does ([dcl.type.auto.deduct]p2,
                // C++17); `auto b = {a, c};` makes a std::initializer_list.
                Some(init) if is_auto && init.kind() == "initializer_list" => {
                    let items: Vec<Node<'t>> = init
                        .named_children(&mut init.walk())
                        .filter(|a| a.kind() != "comment")
                        .collect();
                    let [item] = items.as_slice() else {
                        return self.unsup(
                            init,
                            "`auto` deduced from a braced list of several items (a std::initializer_list)",
                        );
                    };
                    Some(self.copy_initialised(*item, &ty, is_auto)?)
                }
                // `cuda::atomic_ref<T> r{a[i]};`: the same constructor as
                // `r(a[i])` ([dcl.init.list]p3.7: list-initialisation of a
                // class with a constructor from one argument).
                Some(init) if atomic_ref.is_some() && atomic_ref_init(init) => {
                    let items: Vec<Node<'t>> = init
                        .named_children(&mut init.walk())
                        .filter(|a| a.kind() != "comment")
                        .collect();
                    match items.as_slice() {
                        [item] => Some(self.constructed_from_memory(*item, true)?),
                        _ => None,
                    }
                }
                Some(init) if init.kind() == "initializer_list" => Some(self.init_list(init, &ty)?),
                Some(init) if init.kind() == "argument_list" && matches!(ty, Ty::Vector(..)) => {
                    // `dim3 x(a, b, c)`: direct-initialisation calls the same
                    // constructor as the functional cast `dim3(a, b, c)`
                    // (C++ [dcl.init]p17.6.2), so each argument is its own
                    // component (one argument is splatted, as in the cast).
                    let mut c = init.walk();
                    let args: Vec<Node<'t>> = init
                        .named_children(&mut c)
                        .filter(|a| a.kind() != "comment")
                        .collect();
                    match args.len() {
                        _ if self.cx.types.is_dim3(text(tnode, src)) => {
                            Some(self.dim3_literal(&args, init)?)
                        }
                        0 => None,
                        _ => Some(self.vector_literal(ty.clone(), &args, init)?),
                    }
                }
                Some(init) if init.kind() == "argument_list" => {
                    // `T x(a)`: constructor syntax.
                    match init.named_child(0) {
                        Some(a) if matches!(ty, Ty::Scalar(_)) => {
                            Some(self.constructed_from_memory(a, atomic_ref.is_some())?)
                        }
                        Some(a) => Some(self.rvalue(a)?),
                        None => None,
                    }
                }
                // `dim3 v = x;` converts through the same constructor as
                // `dim3(x)` ([dcl.init]p17.6.3): the other components are 1.
                Some(init)
                    if matches!(ty, Ty::Vector(..))
                        && self.cx.types.is_dim3(text(tnode, src))
                        && init.kind() != "initializer_list" =>
                {
                    match self.rvalue(init)? {
                        v @ Val::Agg(..) => Some(v),
                        _ => Some(self.dim3_literal(&[init], init)?),
                    }
                }
                Some(init) => Some(self.copy_initialised(init, &ty, is_auto)?),
                None => None,
            };
            if is_auto {
                if let Some(v) = &init_val {
                    ty = self.type_of_val(v);
                }
            }
            if let (Ty::Group(_), Some(Val::Group(g))) = (&ty, &init_val) {
                // `thread_block_tile<32> t = tiled_partition<32>(block)`: the
                // handle is what the initializer made (its tile size).
                ty = Ty::Group(*g);
            }
            if let (Ty::Scalar(_), Some(Val::Ptr { pointee, .. })) = (&ty, &init_val) {
                // An unknown type name holding a pointer (e.g. a typedef of a pointer from a missing header).
                ty = Ty::Ptr(Box::new(pointee.clone()));
            }
            let table = match (&ty, info.init) {
                (Ty::Array(elem, Some(len)), Some(init)) => {
                    init.kind() == "initializer_list"
                        && matches!(**elem, Ty::Scalar(_))
                        && (MAX_CELLS + 1..=MAX_TABLE_CELLS).contains(len)
                }
                _ => false,
            };
            let slot = if table {
                self.table_slot(&ty, &name, name_node)
            } else {
                self.make_slot(&ty, &name, name_node)
            };
            match init_val {
                Some(v) => self.store(LVal::Slot(slot.clone()), v, d)?,
                None => {
                    self.havoc_slot(&slot, d);
                    self.unset_pointers(&slot, d);
                }
            }
            if let Slot::PrivArray(_) = slot {
                self.note(
                    name_node,
                    format!(
                        "private array `{name}`: per-thread, cannot race; its reads are havocked"
                    ),
                );
            }
            let address = self.pending_constructed_from.take();
            if let (Some(kind), Slot::Var(v, _)) = (atomic_ref, &slot) {
                // Modelled only when bound to one scalar element of an array
                // at a known scope; any other `atomic_ref` is refused at its
                // first use (`atomic_ref_op`).
                let modelled = matches!(
                    &address,
                    Some(Val::Ptr {
                        target: Target::Array(_),
                        pointee: Ty::Scalar(_),
                        ..
                    })
                );
                self.atomic_refs.insert(*v, kind.filter(|_| modelled));
            }
            if let (Some(address), Slot::Var(v, _)) = (address, &slot) {
                self.constructed_from.entry(*v).or_default().push(address);
            }
            self.bind(&name, Binding::Slot(slot));
        }
        Ok(())
    }

    /// The extents of the array declarator `d` (outermost first, in
    /// elements), evaluated in the lowering's scope: a length the type
    /// environment cannot evaluate may be a template parameter (`t[BS][BS]`),
    /// a constant expression ([dcl.array]), so the same value in every thread
    /// and a launch constant of the instantiation. `None` for a length that
    /// evaluates to anything else (or has effects).
    fn declared_extents(&mut self, d: Node<'t>) -> Vec<Option<Expr>> {
        let mut sizes = Vec::new();
        let mut cur = Some(d);
        let mut steps = 0;
        while let Some(n) = cur {
            steps += 1;
            if steps > 64 {
                break;
            }
            cur = match n.kind() {
                "init_declarator" | "array_declarator" | "parenthesized_declarator" => {
                    if n.kind() == "array_declarator" {
                        sizes.push(n.child_by_field_name("size"));
                    }
                    n.child_by_field_name("declarator").or_else(|| {
                        n.named_child(0)
                            .filter(|_| n.kind() == "parenthesized_declarator")
                    })
                }
                _ => None,
            };
        }
        // The declarator chain visits the innermost extent first.
        sizes.reverse();
        let src = self.src();
        sizes
            .into_iter()
            .map(|s| {
                let s = s?;
                if let Some(v) = self.cx.types.const_eval(s, src, 0) {
                    return Some(int(v, ScalarTy::LONG));
                }
                let mark = self.cur.len();
                let noted = self.kernel.notes.len();
                let val = self.rvalue(s);
                let clean = self.cur.len() == mark;
                self.cur.truncate(mark);
                self.kernel.notes.truncate(noted);
                match val {
                    Ok(Val::Scalar(e, st)) if clean && launch_constant(&e) => {
                        Some(conv(e, st, ScalarTy::LONG))
                    }
                    _ => None,
                }
            })
            .collect()
    }

    /// `ty`, the type of the local array declared by `d`, with each length
    /// the type environment left unknown replaced by its value when the
    /// lowering evaluates it to an integer constant in the current scope:
    /// `T buf[P::kTile]` (a static constant member of the class a template
    /// parameter is bound to), `float s[Cfg::N]`, `int v[Tiles<32>::Size]`.
    /// The length of an automatic array is a converted constant expression
    /// of type `std::size_t` ([dcl.array]p1; a variable-length array is not
    /// C++, and nvcc refuses one in device code), so in this instantiation
    /// it has exactly the value its expression evaluates to; a length whose
    /// lowering is not an integer constant built without statements (a
    /// parameter, a kernel template parameter kept symbolic, a local) stays
    /// unknown, and the array's reads stay havocked as before.
    fn constant_extents(&mut self, ty: Ty, d: Node<'t>) -> Ty {
        let extents = self.declared_extents(d);
        let mut elems = Vec::new();
        let mut cur = ty.clone();
        for e in &extents {
            let Ty::Array(inner, len) = cur else {
                return ty;
            };
            let len = len.or_else(|| {
                let v = crate::ir::eval::eval_expr(e.as_ref()?, &|_| None)?;
                u64::try_from(v.bits).ok().filter(|&n| n > 0)
            });
            elems.push(len);
            cur = *inner;
        }
        for len in elems.into_iter().rev() {
            cur = Ty::Array(Box::new(cur), len);
        }
        cur
    }

    /// What the declared type `tnode` names as a `cuda::atomic_ref` (see
    /// [`atomic_ref_scope`]): written out, or through a file-scope typedef
    /// or alias (`using block_ref = cuda::atomic_ref<int,
    /// cuda::thread_scope_block>;`), which names the same type
    /// ([dcl.typedef]p2). A name is taken for an `atomic_ref` only when
    /// every typedef and alias of that name in the program names an
    /// `atomic_ref` of the same scope: any other definition may be the one
    /// in force at the use, and then the object stays an unknown class (its
    /// methods unknown code) as before.
    fn atomic_ref_type(&self, tnode: Node<'t>) -> Option<Option<&'static str>> {
        let src = self.src();
        if let Some(scope) = atomic_ref_scope(text(tnode, src)) {
            return Some(scope);
        }
        let name = text(tnode, src);
        // A local typedef or template parameter of that name, or a member
        // type of some class (which a member function's body may see),
        // may be the type meant instead.
        if tnode.kind() != "type_identifier"
            || self.type_overrides.contains_key(name)
            || self.cx.types.member_types.keys().any(|(_, m)| m == name)
        {
            return None;
        }
        let defs = self.cx.types.atomic_ref_aliases.get(name)?;
        let first = (*defs.first()?)?;
        defs.iter().all(|d| *d == Some(first)).then_some(first)
    }

    /// The value of `T x(a)` for a scalar `T`, which is also how an object
    /// of a class the front end does not know is kept: when `a` names
    /// memory (`*p`, `p[i]`, `s.f` in memory), its address is remembered
    /// for the declared local (`pending_constructed_from`, moved to
    /// `constructed_from` once the local exists), since such a constructor
    /// may bind a reference to it (`cuda::std::atomic_ref<int> r(*flag)`),
    /// and a method the front end cannot see may then write it.
    /// `address_only`: the constructor only takes the address (an
    /// `atomic_ref` keeps a pointer to its referent, [atomics.ref.generic]),
    /// so the referent is not read; the local's own value is unknown.
    fn constructed_from_memory(&mut self, a: Node<'t>, address_only: bool) -> R<Val> {
        let a = crate::frontend::exprs::strip_parens(a);
        // A parameter declaration `a[i]` is the element `a[i]` of a
        // declaration the parser read as a prototype
        // (`vexing_scalar_element_arg`); `lvalue` resolves it as such.
        let names_memory = matches!(
            a.kind(),
            "pointer_expression" | "subscript_expression" | "field_expression"
        ) && (a.kind() != "pointer_expression"
            || a.child_by_field_name("operator")
                .is_some_and(|o| self.txt(o) == "*"))
            || a.kind() == "parameter_declaration" && self.vexing_subscript(a).is_some();
        if !names_memory {
            return self.rvalue(a);
        }
        // Not every such expression is an lvalue the front end resolves
        // (`threadIdx.x` is a builtin value): then the plain value.
        let mut resolved = None;
        let Ok(stmts) = self.with_block(|l| {
            resolved = Some(l.lvalue(a)?);
            Ok(())
        }) else {
            return self.rvalue(a);
        };
        let Some(lv) = resolved else {
            return self.rvalue(a);
        };
        self.cur.extend(stmts);
        if let LVal::Mem {
            target, offset, ty, ..
        } = &lv
        {
            // The constructor takes the address once, at the declaration
            // ([dcl.init]): later changes of the index's variables do not
            // move the object's referent, so the offset is pinned in a local.
            let offset = match offset {
                Expr::Int(..) => offset.clone(),
                _ => {
                    let pinned = self.tmp(ScalarTy::LONG, a);
                    self.push(
                        StmtKind::Assign {
                            var: pinned,
                            value: offset.clone(),
                        },
                        a,
                    );
                    Expr::Var(pinned)
                }
            };
            self.pending_constructed_from = Some(Val::Ptr {
                target: target.clone(),
                offset,
                pointee: ty.clone(),
            });
            if address_only {
                let st = match ty {
                    Ty::Scalar(st) => *st,
                    _ => ScalarTy::INT,
                };
                return Ok(Val::Scalar(self.havoc(st, a), st));
            }
        }
        self.load(lv, a)
    }

    /// The value of a variable of type `ty` copy-initialised from `init`
    /// (`W w = t;`): `W`'s converting constructor runs; with `auto`, `t` an
    /// object of a class is copied (its copy constructor).
    fn copy_initialised(&mut self, init: Node<'t>, ty: &Ty, is_auto: bool) -> R<Val> {
        let v = self.rvalue(init)?;
        let target = match self.type_of_val(&v) {
            t @ Ty::Struct(_) if is_auto => t,
            _ => ty.clone(),
        };
        self.convert_implicitly(init, v, &target)
    }

    /// A local array of a class (`W a[4];`, `W a[2] = {t, u};`) whose
    /// elements' construction runs code: each element is constructed in
    /// order, an item by the constructor it selects (copy-initialisation:
    /// [dcl.init.aggr]/4), the elements without an item by the default
    /// constructor. None (nothing done) for other declarations.
    fn construct_class_array(
        &mut self,
        name: &str,
        name_node: Node<'t>,
        d: Node<'t>,
        ty: &Ty,
        init: Option<Node<'t>>,
    ) -> R<Option<Slot>> {
        let Ty::Array(elem, bound) = ty else {
            return Ok(None);
        };
        // The class under the array's dimensions (`W a[2][3]`).
        let mut inner = &**elem;
        while let Ty::Array(e, _) = inner {
            inner = e;
        }
        let Ty::Struct(k) = *inner else {
            return Ok(None);
        };
        let tag = self.struct_name(k);
        let (has_ctors, aggregate_code) = self.element_construction(k);
        let items: Vec<Node<'t>> = match init {
            None if self.default_construction_runs_code(k) => Vec::new(),
            Some(i) if i.kind() == "initializer_list" && (has_ctors || aggregate_code) => i
                .named_children(&mut i.walk())
                .filter(|c| c.kind() != "comment")
                .collect(),
            _ => return Ok(None),
        };
        if matches!(**elem, Ty::Array(..)) {
            // A multi-dimensional array: default construction only.
            if bound.is_none() || init.is_some() {
                return self.unsup(
                    d,
                    format!("a multi-dimensional array of `{tag}` initialised by a list, whose construction runs code (not modelled)"),
                );
            }
            let slot = self.make_slot(ty, name, name_node);
            self.havoc_slot(&slot, d);
            self.default_initialise(LVal::Slot(slot.clone()), d)?;
            return Ok(Some(slot));
        }
        // `W a[] = {..}`: as many elements as items.
        let (len, ty) = match bound {
            Some(n) => (*n, ty.clone()),
            None if !items.is_empty()
                && items
                    .iter()
                    .all(|i| !matches!(i.kind(), "initializer_pair" | "parameter_pack_expansion")) =>
            {
                let n = items.len() as u64;
                (n, Ty::Array(elem.clone(), Some(n)))
            }
            None => {
                return self.unsup(
                    d,
                    format!("an array of `{tag}` of unknown bound whose construction runs code (not modelled)"),
                )
            }
        };
        let len = &len;
        let ty = &ty;
        if items
            .iter()
            .any(|i| matches!(i.kind(), "initializer_pair" | "parameter_pack_expansion"))
        {
            return self.unsup(
                d,
                format!("an array of `{tag}` initialised with designators, whose construction runs code (not modelled)"),
            );
        }
        if *len > 64 || items.len() as u64 > *len {
            return self.unsup(
                d,
                format!("an array of `{tag}` whose construction runs code, too long to construct element by element (or with more items than elements)"),
            );
        }
        let slot = self.make_slot(ty, name, name_node);
        self.havoc_slot(&slot, d);
        self.construct_elements(LVal::Slot(slot.clone()), elem, *len, &items, d)?;
        Ok(Some(slot))
    }

    /// Whether class `k`'s body declares constructors without a body while
    /// none with a body is found under its key: what they run is unknown.
    pub(crate) fn constructor_out_of_view(&mut self, k: usize) -> bool {
        let tag = self.struct_name(k);
        let bare = tag.split('<').next().unwrap_or(&tag).trim();
        let bare = bare.rsplit("::").next().unwrap_or(bare).to_string();
        self.struct_method(k, &tag, None).is_none() && !self.member_prototypes(k, &bare).is_empty()
    }

    /// Whether constructing or copying an object of class `k` runs code.
    pub(crate) fn class_construction_runs_code(&mut self, k: usize) -> bool {
        let (has_ctors, aggregate_code) = self.element_construction(k);
        has_ctors
            || aggregate_code
            || self.default_construction_runs_code(k)
            || self.copy_runs_code(k)
    }

    /// Whether class `k` has constructors with a body, and whether it is
    /// an aggregate whose initialisation runs code (a default member
    /// initializer, a member with a constructor): its array elements are
    /// then constructed one by one.
    pub(crate) fn element_construction(&mut self, k: usize) -> (bool, bool) {
        let tag = self.struct_name(k);
        let has_ctors = self
            .cx
            .functions
            .get(&format!(
                "{tag}::{}",
                tag.split('<').next().unwrap_or(&tag).trim()
            ))
            .is_some_and(|ds| ds.iter().any(|d| d.has_body));
        let aggregate_code = !has_ctors
            && !self.has_user_constructor(k)
            && (self.implicit_init_runs_code(k) || self.class_members_construct(k));
        (has_ctors, aggregate_code)
    }

    /// Initialises the `len` elements of the array `arr` (of class `elem`,
    /// one dimension) from the braced `items` ([dcl.init.aggr]): an
    /// element with an item by the constructor it selects (a copy by the
    /// copy constructor), one without by value-initialisation (an
    /// aggregate) or its default constructor.
    pub(crate) fn construct_elements(
        &mut self,
        arr: LVal,
        elem: &Ty,
        len: u64,
        items: &[Node<'t>],
        d: Node<'t>,
    ) -> R<()> {
        let Ty::Struct(k) = *elem else {
            return self.unsup(
                d,
                "an array whose elements are not of a class, constructed element by element",
            );
        };
        let tag = self.struct_name(k);
        let (_, aggregate_code) = self.element_construction(k);
        for i in 0..len {
            let e = self.element_lvalue(arr.clone(), i, d)?;
            match items.get(i as usize) {
                // Elements without an item are value-initialised from `{}`
                // ([dcl.init.aggr]/5).
                None if aggregate_code => self.value_initialise(e, elem, d)?,
                None => self.default_construct(k, e, d)?,
                Some(item) if aggregate_code => {
                    if item.kind() == "initializer_list" {
                        let v = self.init_list(*item, elem)?;
                        if matches!(v, Val::Void) {
                            self.havoc_lvalue(e, *item)?;
                        } else {
                            self.store(e, v, *item)?;
                        }
                    } else {
                        let v = self.rvalue(*item)?;
                        // A copy of an element runs the copy constructor
                        // (`W a[2] = {h, h}`).
                        let v = self.converted_value(*item, &v, elem, true)?.unwrap_or(v);
                        if self.type_of_val(&v) != *elem {
                            return self.unsup(
                                *item,
                                format!("an array of `{tag}` initialised with brace elision, whose construction runs code (not modelled)"),
                            );
                        }
                        self.store(e, v, *item)?;
                    }
                }
                Some(item) if item.kind() == "initializer_list" => {
                    let args: Vec<Node<'t>> = item
                        .named_children(&mut item.walk())
                        .filter(|c| c.kind() != "comment")
                        .collect();
                    self.construct_on(k, e, &args, *item)?;
                }
                Some(item) => {
                    let v = self.rvalue(*item)?;
                    let v = self.convert_implicitly(*item, v, elem)?;
                    self.store(e, v, *item)?;
                }
            }
        }
        Ok(())
    }

    /// The arguments of `T x(a, b);` that the parser read as a prototype
    /// `x(a, b)` with parameter types `a`, `b`: each parameter a bare name bound
    /// in scope, and `T` a struct with a constructor.
    fn vexing_constructor_args(&self, d: Node<'t>, ty: &Ty) -> Option<Vec<Node<'t>>> {
        let Ty::Struct(k) = ty else { return None };
        self.struct_method(*k, &self.struct_name(*k), None)?;
        let params = prototype_parameters(d)?;
        let mut c = params.walk();
        let mut args = Vec::new();
        for p in params.named_children(&mut c) {
            if p.kind() == "comment" {
                continue;
            }
            if p.kind() != "parameter_declaration" || p.child_by_field_name("declarator").is_some()
            {
                return None;
            }
            let t = p.child_by_field_name("type")?;
            if t.kind() != "type_identifier" || self.lookup(self.txt(t)).is_none() {
                return None;
            }
            args.push(t);
        }
        Some(args)
    }

    /// The one parameter of `T x(a[i]);`, which the parser read as a
    /// prototype `x(a[i])` with a parameter of type `a` and array size `i`,
    /// when it is an element `a[i]` (see [`Self::vexing_subscript`]) and `T` a
    /// struct.
    fn vexing_element_arg(&self, d: Node<'t>, ty: &Ty) -> Option<Node<'t>> {
        let Ty::Struct(_) = ty else { return None };
        self.vexing_single_element(d)
    }

    /// The one parameter of `T x(a[i]);` read as a prototype (see
    /// [`Self::vexing_element_arg`]) when `T` is a scalar type (or a class
    /// the front end does not know, which it keeps as a scalar).
    fn vexing_scalar_element_arg(&self, d: Node<'t>, ty: &Ty) -> Option<Node<'t>> {
        let Ty::Scalar(_) = ty else { return None };
        self.vexing_single_element(d)
    }

    /// The only parameter of the prototype `d` when it is an element `a[i]`
    /// (see [`Self::vexing_subscript`]).
    fn vexing_single_element(&self, d: Node<'t>) -> Option<Node<'t>> {
        let params = prototype_parameters(d)?;
        let mut c = params.walk();
        let ps: Vec<Node<'t>> = params
            .named_children(&mut c)
            .filter(|p| p.kind() != "comment")
            .collect();
        let [p] = ps.as_slice() else { return None };
        self.vexing_subscript(*p)?;
        Some(*p)
    }

    /// The array and index of a parameter declaration `a[i]` of a prototype
    /// the parser made of `T x(a[i]);`: `a` a name bound in scope (so not a
    /// type) and `i` the array size.
    pub(crate) fn vexing_subscript(&self, p: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
        let t = p.child_by_field_name("type")?;
        let decl = p.child_by_field_name("declarator")?;
        if p.kind() != "parameter_declaration"
            || t.kind() != "type_identifier"
            || self.lookup(self.txt(t)).is_none()
            || decl.kind() != "abstract_array_declarator"
            || decl.child_by_field_name("declarator").is_some()
        {
            return None;
        }
        Some((t, decl.child_by_field_name("size")?))
    }

    /// A local struct `name` initialised with a copy of `v`: C++'s implicit
    /// copy constructor copies member by member, which is what a store of
    /// the whole value does. Only when `v` is of the struct's own type and
    /// the struct declares no constructor with one parameter (which would be
    /// the copy constructor, or could be picked over it).
    fn copy_construct(
        &mut self,
        name: &str,
        name_node: Node<'t>,
        at: Node<'t>,
        ty: &Ty,
        v: Val,
    ) -> R<()> {
        let Ty::Struct(k) = ty else {
            return self.unsup(at, "copy construction of a non-struct");
        };
        let tag = self.struct_name(*k);
        let declares_one_param = self
            .struct_method(*k, &tag, Some(1))
            .is_some_and(|c| c.accepts(1));
        if declares_one_param || self.type_of_val(&v) != *ty {
            return self.unsup(
                at,
                format!("construction of `{tag}` from one argument that is not an implicit copy"),
            );
        }
        let slot = self.make_slot(ty, name, name_node);
        self.store(LVal::Slot(slot.clone()), v, at)?;
        self.bind(name, Binding::Slot(slot));
        Ok(())
    }

    /// A local struct `name` built by its constructor with `args`: the
    /// fields start unknown, then the constructor's body runs on the object.
    fn construct(
        &mut self,
        name: &str,
        name_node: Node<'t>,
        at: Node<'t>,
        ty: &Ty,
        args: &[Node<'t>],
    ) -> R<()> {
        let Ty::Struct(k) = ty else {
            return self.unsup(at, "constructor call of a non-struct");
        };
        let tag = self.struct_name(*k);
        let Some(ctor) = self.struct_method(*k, &tag, Some(args.len())) else {
            return self.unsup(at, format!("no visible constructor of `{tag}`"));
        };
        if let [a] = args {
            if crate::frontend::calls::xvalue_operand(*a, self.src()).is_some() {
                // `W b(std::move(a))`, `W b{(W &&)a}`: the copy or move
                // constructor is selected as for `W b = std::move(a);`.
                let v = self.rvalue(*a)?;
                let v = self.convert_implicitly(*a, v, ty)?;
                let slot = self.make_slot(ty, name, name_node);
                self.store(LVal::Slot(slot.clone()), v, at)?;
                self.bind(name, Binding::Slot(slot));
                return Ok(());
            }
        }
        if let ([a], true) = (args, !ctor.accepts(1)) {
            // No constructor with one parameter: `T x(y)` is the implicit
            // copy constructor when `y` is a `T`.
            let v = self.rvalue(*a)?;
            return self.copy_construct(name, name_node, at, ty, v);
        }
        if !ctor.accepts(args.len()) {
            return self.unsup(
                at,
                format!("no constructor of `{tag}` with {} arguments", args.len()),
            );
        }
        let slot = self.make_slot(ty, name, name_node);
        self.havoc_slot(&slot, at);
        self.construct_with(at, *k, &ctor, args, &slot)?;
        self.bind(name, Binding::Slot(slot));
        Ok(())
    }

    /// The cells of a local array of scalars whose initializer list gives
    /// its values (up to `MAX_TABLE_CELLS` elements, more than `new_slot`
    /// tracks for arrays without one).
    fn table_slot(&mut self, ty: &Ty, name: &str, at: Node) -> Slot {
        let Ty::Array(elem, Some(len)) = ty else {
            return self.make_slot(ty, name, at);
        };
        let Ty::Scalar(st) = **elem else {
            return self.make_slot(ty, name, at);
        };
        let cells = (0..*len)
            .map(|i| self.new_var(&format!("{name}[{i}]"), st, at))
            .collect();
        let slot = Slot::Cells(ty.clone(), st, cells);
        // Cells are always recorded for address-taking (as `make_slot` does).
        self.ptrs.addr_slots.push(slot.clone());
        slot
    }

    pub(crate) fn make_slot(&mut self, ty: &Ty, name: &str, at: Node) -> Slot {
        self.note_destructor(ty, at);
        self.make_slot_within(ty, name, at, MAX_LEAVES)
    }

    /// Records an object of type `ty` made at `at` (a local, a parameter, a
    /// temporary, a return value) when destroying it runs a user
    /// destructor with statements ([`Self::runs_destructor`]): destructors
    /// are not lowered at the end of an object's lifetime, so their
    /// accesses would be missed; the kernel is `unsupported` instead
    /// (checked once the kernel is lowered).
    fn note_destructor(&mut self, ty: &Ty, at: Node) {
        if self.destroyed_object.is_some() {
            return;
        }
        if let Some(tag) = self.runs_destructor(ty, 0) {
            self.destroyed_object = Some((self.span(at), tag));
        }
    }

    /// The class whose user destructor with a non-empty body destroying an
    /// object of type `ty` runs: its own, an array element's, a member's
    /// or a base's ([class.dtor]p13: members and bases are destroyed after
    /// the body). An empty body (`~W() {}`) does nothing.
    pub(crate) fn runs_destructor(&self, ty: &Ty, depth: usize) -> Option<String> {
        let mut t = ty;
        while let Ty::Array(inner, _) = t {
            t = inner;
        }
        let Ty::Struct(k) = t else { return None };
        if depth > 16 {
            return None;
        }
        let tag = self.struct_name(*k);
        let base_name = tag
            .split_once('<')
            .map_or(tag.as_str(), |(b, _)| b.trim_end());
        let short = base_name.rsplit("::").next().unwrap_or(base_name);
        let has_statements = |d: &crate::frontend::FnDef<'t>| {
            d.node.child_by_field_name("body").is_some_and(|b| {
                b.named_children(&mut b.walk())
                    .any(|c| c.kind() != "comment")
            })
        };
        if self
            .cx
            .functions
            .get(&format!("{tag}::~{short}"))
            .is_some_and(|defs| defs.iter().any(has_statements))
        {
            return Some(tag);
        }
        let sd = self.cx.types.structs.get(*k)?;
        sd.bases
            .iter()
            .find_map(|b| self.runs_destructor(&Ty::Struct(*b), depth + 1))
            .or_else(|| {
                sd.fields
                    .iter()
                    .find_map(|f| self.runs_destructor(&f.ty, depth + 1))
            })
    }

    /// [`Self::make_slot`] for an aggregate of at most `max_leaves` leaves
    /// (a by-value kernel parameter may be larger than a local aggregate).
    pub(crate) fn make_slot_within(
        &mut self,
        ty: &Ty,
        name: &str,
        at: Node,
        max_leaves: usize,
    ) -> Slot {
        let slot = self.new_slot_within(ty, name, at, max_leaves);
        if self.ptrs.addr_names.contains(name) || matches!(slot, Slot::Cells(..)) {
            self.ptrs.addr_slots.push(slot.clone());
        }
        slot
    }

    /// Records the names of locals whose address `node` takes anywhere in it
    /// (an explicit stack: the tree may be deeply nested).
    pub(crate) fn scan_address_taken(&mut self, node: Node<'t>) {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            // A whole-kernel scan: the front end's deadline may stop it.
            crate::base::interrupt::stop_if_polled();
            if n.kind() == "pointer_expression"
                && n.child_by_field_name("operator")
                    .is_some_and(|o| self.txt(o) == "&")
            {
                let mut base = n.child_by_field_name("argument");
                while let Some(b) = base {
                    match b.kind() {
                        "identifier" => {
                            let name = self.txt(b).to_string();
                            self.ptrs.addr_names.insert(name);
                            break;
                        }
                        "parenthesized_expression" => base = crate::frontend::types::inner_expr(b),
                        "field_expression" => base = b.child_by_field_name("argument"),
                        "subscript_expression" => base = b.child_by_field_name("argument"),
                        _ => break,
                    }
                }
            }
            let mut cursor = n.walk();
            stack.extend(n.children(&mut cursor));
        }
    }

    /// Havocs what a write through a `Target::Locals` pointer may change.
    pub(crate) fn havoc_addressed_locals(&mut self, at: Node) {
        for slot in self.ptrs.addr_slots.clone() {
            self.havoc_slot(&slot, at);
        }
    }

    pub(crate) fn new_slot(&mut self, ty: &Ty, name: &str, at: Node) -> Slot {
        self.new_slot_within(ty, name, at, MAX_LEAVES)
    }

    /// [`Self::new_slot`] split field by field up to `max_leaves` leaves.
    fn new_slot_within(&mut self, ty: &Ty, name: &str, at: Node, max_leaves: usize) -> Slot {
        match ty {
            Ty::Scalar(s) => Slot::Var(self.new_var(name, *s, at), *s),
            Ty::Ptr(p) => {
                let off = self.new_var(&format!("{name}.offset"), ScalarTy::LONG, at);
                self.ptrs.names.insert(off, name.to_string());
                self.init_choice(off, name, at);
                Slot::Ptr {
                    off,
                    pointee: (**p).clone(),
                    name: name.to_string(),
                }
            }
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(ty, 0) <= max_leaves => {
                let parts = self.cx.types.parts(ty);
                let names = self.part_names(ty);
                let slots = parts
                    .iter()
                    .zip(names)
                    .map(|((_, t), n)| self.new_slot(t, &format!("{name}.{n}"), at))
                    .collect();
                Slot::Agg(ty.clone(), slots)
            }
            Ty::Array(elem, Some(len)) if *len <= MAX_CELLS && matches!(**elem, Ty::Scalar(_)) => {
                let Ty::Scalar(st) = **elem else {
                    return Slot::PrivArray(ty.clone());
                };
                let cells = (0..*len)
                    .map(|i| self.new_var(&format!("{name}[{i}]"), st, at))
                    .collect();
                Slot::Cells(ty.clone(), st, cells)
            }
            Ty::Array(..) => Slot::PrivArray(ty.clone()),
            Ty::Group(g) => Slot::Group(*g),
            Ty::Void => Slot::Var(self.new_var(name, ScalarTy::INT, at), ScalarTy::INT),
            // Huge aggregates: a private blob that cannot race.
            _ => Slot::PrivArray(ty.clone()),
        }
    }

    pub(crate) fn havoc_slot(&mut self, slot: &Slot, at: Node) {
        match slot {
            Slot::Var(v, _) => self.push(StmtKind::Havoc { var: *v }, at),
            Slot::Agg(_, parts) => {
                for p in parts {
                    self.havoc_slot(p, at);
                }
            }
            Slot::Cells(_, _, cells) => {
                for v in cells {
                    self.push(StmtKind::Havoc { var: *v }, at);
                }
            }
            _ => {}
        }
    }

    pub(crate) fn init_list(&mut self, n: Node<'t>, ty: &Ty) -> R<Val> {
        let mut cursor = n.walk();
        let items: Vec<Node<'t>> = n
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        // `S s = {t}` (`S s{t}`) with `t` an `S`: a copy ([dcl.init.list]/3.2,
        // /3.7), which runs the copy constructor when copying runs code.
        if let (Ty::Struct(k), [one]) = (ty, items.as_slice()) {
            if one.kind() != "initializer_list"
                && matches!(self.arg_type(*one), Some(Ty::Struct(a)) if self.derives_from(a, *k))
                && self.copy_runs_code(*k)
            {
                let v = self.rvalue(*one)?;
                if let Some(c) = self.converted_value(*one, &v, ty, true)? {
                    return Ok(c);
                }
                if self.type_of_val(&v) == *ty {
                    return Ok(v);
                }
                return self.unsup(
                    *one,
                    "a braced copy of an object of a derived class (not modelled)",
                );
            }
        }
        if let Some(v) = self.list_constructed(n, ty, &items)? {
            return Ok(v);
        }
        if let Some(v) = self.aggregate_with_code(n, ty, &items)? {
            return Ok(v);
        }
        match ty {
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(ty, 0) <= MAX_LEAVES => {
                let mut cur = InitCursor {
                    items,
                    pos: 0,
                    evaluated: None,
                };
                match self.braced_aggregate(ty, &mut cur)? {
                    Some(v) => Ok(v),
                    None => {
                        // Not followed: the items not evaluated yet are
                        // evaluated for their effects (their reads are
                        // accesses), and the object is unknown.
                        let from = cur.pos + usize::from(cur.evaluated.is_some());
                        for &i in cur.items.get(from..).unwrap_or_default() {
                            self.discard(i)?;
                        }
                        Ok(Val::Void)
                    }
                }
            }
            Ty::Scalar(_) => match items.first() {
                Some(i) => self.rvalue(*i),
                None => Ok(self.zero(ty)),
            },
            // A small local array of scalars (kept as cells, see `new_slot`
            // and `table_slot`) gets its initial values: `int tab[6] = {0, 768, ...}` is a
            // lookup table whose elements are known. Elements without an
            // item are zero (C11 6.7.9p21). Designators and surplus items
            // keep the unknown values (the items are evaluated for effects).
            Ty::Array(elem, Some(len))
                if *len <= MAX_TABLE_CELLS
                    && matches!(**elem, Ty::Scalar(_))
                    && items.len() as u64 <= *len
                    && items.iter().all(|i| {
                        !matches!(i.kind(), "initializer_pair" | "parameter_pack_expansion")
                    }) =>
            {
                let mut vals = Vec::new();
                for k in 0..*len as usize {
                    let v = match items.get(k) {
                        Some(item) if item.kind() == "initializer_list" => {
                            self.init_list(*item, elem)?
                        }
                        Some(item) => self.rvalue(*item)?,
                        None => self.zero(elem),
                    };
                    vals.push(v);
                }
                // Only scalar items give the elements: a string (`{"abc"}`)
                // or anything else leaves them unknown.
                if vals.iter().any(|v| !matches!(v, Val::Scalar(..))) {
                    return Ok(Val::Void);
                }
                Ok(Val::Agg(ty.clone(), vals))
            }
            _ => {
                // Private arrays and huge aggregates: evaluate the items for their effects.
                for i in items {
                    self.discard(i)?;
                }
                Ok(Val::Void)
            }
        }
    }

    /// A braced list initialising an aggregate class whose initialisation
    /// runs code ([dcl.init.aggr]): a default member initializer, a member
    /// of a class with a constructor or whose default initialisation runs
    /// code. Made on a temporary whose value is the result; `None` for
    /// other types (the value is built from the items alone).
    fn aggregate_with_code(&mut self, n: Node<'t>, ty: &Ty, items: &[Node<'t>]) -> R<Option<Val>> {
        let Ty::Struct(k) = ty else { return Ok(None) };
        let k = *k;
        if self.is_union(ty)
            || self.has_user_constructor(k)
            || !(self.not_plain_aggregate(ty) || self.class_members_construct(k))
        {
            return Ok(None);
        }
        // `S s = {t}` with `t` an `S` copies it ([dcl.init.list]p3.2).
        if let [one] = items {
            if one.kind() != "initializer_list"
                && matches!(self.arg_type(*one), Some(Ty::Struct(a)) if self.derives_from(a, k))
            {
                return Ok(None);
            }
        }
        let slot = self.make_slot(ty, "$aggregate", n);
        self.havoc_slot(&slot, n);
        self.aggregate_initialise(LVal::Slot(slot.clone()), k, items, n)?;
        self.load(LVal::Slot(slot), n).map(Some)
    }

    /// Whether one of class `k`'s own members (or its array elements) is
    /// of a class with a constructor or whose default initialisation runs
    /// code (then its aggregate initialisation runs code).
    pub(crate) fn class_members_construct(&mut self, k: usize) -> bool {
        let Some(sd) = self.cx.types.structs.get(k).cloned() else {
            return false;
        };
        let inherited = self.cx.types.inherited_field_count(&sd);
        sd.fields.iter().skip(inherited).any(|f| {
            let mut t = &f.ty;
            while let Ty::Array(e, _) = t {
                t = e;
            }
            // A member whose copy runs code: an item copying an object
            // into it runs that code.
            match t {
                Ty::Struct(m) if *m != k => {
                    self.has_user_constructor(*m)
                        || self.default_construction_runs_code(*m)
                        || self.copy_runs_code(*m)
                }
                _ => false,
            }
        })
    }

    /// Aggregate initialisation of the object `lv` of class `k` from the
    /// braced `items` ([dcl.init.aggr]/4-5), member by member in
    /// declaration order: a member with an item is copy-initialised from
    /// it (a class member by its constructor, a braced item by list
    /// initialisation), one without takes its default member initializer,
    /// else is value-initialised (a class member by its default
    /// constructor or, for an aggregate, the same rules; a scalar is
    /// zero). Bases, designators, brace elision, reference members and
    /// more items than members are `unsupported` here.
    pub(crate) fn aggregate_initialise(
        &mut self,
        lv: LVal,
        k: usize,
        items: &[Node<'t>],
        at: Node<'t>,
    ) -> R<()> {
        let tag = self.struct_name(k);
        let ty = Ty::Struct(k);
        let unsupported =
            |why: &str| format!("aggregate initialisation of `{tag}` {why} (not modelled)");
        if !self.struct_bases(k).is_empty() {
            return self.unsup(
                at,
                unsupported("with base classes, whose initialisation runs code"),
            );
        }
        if self
            .cx
            .types
            .structs
            .get(k)
            .is_some_and(|sd| !sd.reference_fields.is_empty())
        {
            return self.unsup(at, unsupported("with reference members"));
        }
        if items.iter().any(|i| {
            matches!(
                i.kind(),
                "initializer_pair" | "parameter_pack_expansion" | "field_designator"
            )
        }) {
            return self.unsup(
                at,
                unsupported("with designators, whose initialisation runs code"),
            );
        }
        let Some((unit, decls)) = self.own_member_declarations(k) else {
            return self.unsup(at, unsupported("whose definition is not found"));
        };
        if items.len() > decls.len() {
            return self.unsup(at, unsupported("with more items than members"));
        }
        let names = self.part_names(&ty);
        if !items.is_empty() && names.iter().any(String::is_empty) {
            // The items' positions count an anonymous union or struct as
            // one element, which the declarations above do not list.
            return self.unsup(at, unsupported("with an anonymous union or struct member"));
        }
        for (i, (field, default)) in decls.iter().enumerate() {
            let member = match names.iter().position(|x| x == field) {
                Some(index) => self.component(lv.clone(), index, &ty, at),
                None => match self.anonymous_member(&lv, field, at, 0) {
                    // Only default member initializers are listed there.
                    Some(m) if items.is_empty() => m,
                    _ => return self.unsup(at, unsupported("with a member not laid out")),
                },
            };
            let mty = self.lval_type(&member);
            match items.get(i) {
                Some(item) => self.aggregate_member_item(member, &mty, *item, &unsupported)?,
                None => match default {
                    Some(value) => self.default_member_initializer(member, *value, unit, at)?,
                    None => self.value_initialise(member, &mty, at)?,
                },
            }
        }
        Ok(())
    }

    /// Copy-initialises the member `member` (of type `mty`) of an
    /// aggregate from its item `item`.
    fn aggregate_member_item(
        &mut self,
        member: LVal,
        mty: &Ty,
        item: Node<'t>,
        unsupported: &dyn Fn(&str) -> String,
    ) -> R<()> {
        let braced = item.kind() == "initializer_list";
        match mty {
            Ty::Struct(mk) if self.has_user_constructor(*mk) && braced => {
                let args: Vec<Node<'t>> = item
                    .named_children(&mut item.walk())
                    .filter(|c| c.kind() != "comment")
                    .collect();
                self.construct_on(*mk, member, &args, item)
            }
            Ty::Array(elem, Some(len))
                if braced
                    && matches!(**elem, Ty::Struct(ek) if self.class_construction_runs_code(ek)) =>
            {
                // An array of a class whose construction or copy runs
                // code: element by element.
                let items: Vec<Node<'t>> = item
                    .named_children(&mut item.walk())
                    .filter(|c| c.kind() != "comment")
                    .collect();
                let plain = items
                    .iter()
                    .all(|i| !matches!(i.kind(), "initializer_pair" | "parameter_pack_expansion"));
                if !plain || *len > 64 || items.len() as u64 > *len {
                    return self.unsup(
                        item,
                        unsupported(
                            "with an array member initialised by a list that is not followed",
                        ),
                    );
                }
                self.havoc_lvalue(member.clone(), item)?;
                self.construct_elements(member, elem, *len, &items, item)
            }
            Ty::Struct(_) | Ty::Array(..) if braced => {
                let v = self.init_list(item, mty)?;
                if matches!(v, Val::Void) {
                    if let Ty::Array(..) = mty {
                        // The elements' construction is not followed.
                        self.default_initialise(member.clone(), item)?;
                    }
                    self.havoc_lvalue(member, item)
                } else {
                    self.store(member, v, item)
                }
            }
            Ty::Struct(mk) => {
                // One item for the whole member: a copy, or a conversion
                // by a converting constructor; anything else would be
                // brace elision.
                let v = self.rvalue(item)?;
                let v = match self.converted_value(item, &v, mty, true)? {
                    Some(c) => c,
                    None => v,
                };
                let same =
                    matches!(self.type_of_val(&v), Ty::Struct(a) if self.derives_from(a, *mk));
                if !same {
                    return self.unsup(item, unsupported("with brace elision"));
                }
                self.store(member, v, item)
            }
            Ty::Array(..) => self.unsup(item, unsupported("with brace elision")),
            _ => {
                let v = self.rvalue(item)?;
                let v = self.convert_implicitly(item, v, mty)?;
                let v = match (mty, v) {
                    (Ty::Scalar(t), Val::Scalar(e, vt)) => Val::Scalar(conv(e, vt, *t), *t),
                    (_, v) => v,
                };
                self.store(member, v, item)
            }
        }
    }

    /// Value-initialises the object `lv` of type `ty` ([dcl.init]/9): a
    /// class with a user constructor by its default constructor, an
    /// aggregate member by member, an array element by element, a scalar
    /// to zero.
    pub(crate) fn value_initialise(&mut self, lv: LVal, ty: &Ty, at: Node<'t>) -> R<()> {
        match ty {
            Ty::Struct(k) if self.has_user_constructor(*k) => self.default_construct(*k, lv, at),
            // A class without a user constructor is zeroed, then its
            // implicit default constructor runs ([dcl.init]/9): the
            // members' constructors and default member initializers.
            Ty::Struct(k)
                if !self.is_union(ty)
                    && (self.not_plain_aggregate(ty)
                        || self.class_members_construct(*k)
                        || self.implicit_init_runs_code(*k)) =>
            {
                self.aggregate_initialise(lv, *k, &[], at)
            }
            Ty::Array(..) => {
                let z = self.zero(ty);
                if matches!(z, Val::Void) {
                    self.havoc_lvalue(lv.clone(), at)?;
                } else {
                    self.store(lv.clone(), z, at)?;
                }
                self.default_initialise(lv, at)
            }
            _ => {
                let z = self.zero(ty);
                if matches!(z, Val::Void) {
                    self.havoc_lvalue(lv, at)
                } else {
                    self.store(lv, z, at)
                }
            }
        }
    }

    /// A braced list `{a, b}` initialising a class with a constructor
    /// (`take({t})`, `w = {t}`, a member's braces): list-initialisation
    /// calls the constructor overload resolution picks for the items
    /// ([dcl.init.list]p3.7), run here on a temporary whose value is the
    /// result. `None` for other types, a class without a constructor
    /// accepting that many items, or one item of the class itself (a copy).
    fn list_constructed(&mut self, n: Node<'t>, ty: &Ty, items: &[Node<'t>]) -> R<Option<Val>> {
        let Ty::Struct(k) = ty else { return Ok(None) };
        if !self.not_plain_aggregate(ty) || self.is_union(ty) {
            return Ok(None);
        }
        let tag = self.struct_name(*k);
        let Some(ctor) = self
            .struct_method(*k, &tag, Some(items.len()))
            .filter(|c| c.accepts(items.len()))
        else {
            return Ok(None);
        };
        if let [one] = items {
            if one.kind() != "initializer_list"
                && self
                    .arg_type(*one)
                    .is_some_and(|t| matches!(t, Ty::Struct(a) if self.derives_from(a, *k)))
            {
                return Ok(None);
            }
        }
        let slot = self.make_slot(ty, "$braced", n);
        self.havoc_slot(&slot, n);
        self.construct_with(n, *k, &ctor, items, &slot)?;
        self.load(LVal::Slot(slot), n).map(Some)
    }

    /// The value of a struct or vector `ty` from its braced list (C11
    /// 6.7.9p17-20, C++ [dcl.init.aggr]): items initialise the members in
    /// order; a designator `.f = v` (or GNU `f: v`) moves to member `f`, and
    /// the items after it continue with the next member; a member that is
    /// itself an aggregate takes a braced item whole, or else (brace
    /// elision) as many items as it has leaves; members without an item are
    /// zero. None when the list is not followed (a union, whose members
    /// share storage; an array designator; a nested designator).
    fn braced_aggregate(&mut self, ty: &Ty, cur: &mut InitCursor<'t>) -> R<Option<Val>> {
        let parts: Vec<Ty> = self
            .cx
            .types
            .parts(ty)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        if self.is_union(ty) || self.not_plain_aggregate(ty) {
            return Ok(None);
        }
        // `S s = {t}` with `t` an `S` copies it ([dcl.init.list]p3.2).
        if let [one] = cur.items.as_slice() {
            if !matches!(one.kind(), "initializer_list" | "initializer_pair") {
                let v = self.rvalue(*one)?;
                if matches!(&v, Val::Agg(t, _) if t == ty) {
                    cur.pos = 1;
                    return Ok(Some(v));
                }
                cur.evaluated = Some(v);
            }
        }
        let names = self.part_names(ty);
        let mut vals: Vec<Option<Val>> = vec![None; parts.len()];
        let mut member = 0;
        while cur.pos < cur.items.len() {
            let item = cur.items[cur.pos];
            if cur.evaluated.is_none() && item.kind() == "initializer_pair" {
                let Some((k, value)) = self.designated_member(item, &names) else {
                    return Ok(None);
                };
                // `.v = 1, 2` would continue an elided sub-aggregate: only
                // a braced value or a value of the member's own type.
                let whole = matches!(parts[k], Ty::Scalar(_) | Ty::Ptr(_))
                    || value.kind() == "initializer_list";
                if !whole {
                    return Ok(None);
                }
                let mut one = InitCursor {
                    items: vec![value],
                    pos: 0,
                    evaluated: None,
                };
                let Some(v) = self.elided_value(&parts[k], &mut one, 0)? else {
                    return Ok(None);
                };
                vals[k] = Some(v);
                member = k + 1;
                cur.pos += 1;
                continue;
            }
            let Some(pt) = parts.get(member) else {
                // Surplus items (ill-formed): evaluated for their effects.
                if cur.evaluated.take().is_none() {
                    self.discard(item)?;
                }
                cur.pos += 1;
                continue;
            };
            let Some(v) = self.elided_value(pt, cur, 0)? else {
                return Ok(None);
            };
            vals[member] = Some(v);
            member += 1;
        }
        let vals = vals
            .into_iter()
            .zip(&parts)
            .map(|(v, t)| v.unwrap_or_else(|| self.without_item(t, cur.items.first().copied())))
            .collect();
        Ok(Some(Val::Agg(ty.clone(), vals)))
    }

    /// The value of a member that its braced list gives no item: zero
    /// (C11 6.7.9p21), except a class with a constructor or a default
    /// member initializer, whose value is not followed (unknown).
    fn without_item(&mut self, ty: &Ty, at: Option<Node<'t>>) -> Val {
        match ty {
            Ty::Struct(_) if self.not_plain_aggregate(ty) || self.is_union(ty) => match at {
                Some(at) => self.havoc_val(ty, at),
                None => Val::Void,
            },
            Ty::Struct(_) | Ty::Vector(..) => {
                let parts: Vec<Ty> = self
                    .cx
                    .types
                    .parts(ty)
                    .into_iter()
                    .map(|(_, t)| t)
                    .collect();
                let vals = parts.iter().map(|t| self.without_item(t, at)).collect();
                Val::Agg(ty.clone(), vals)
            }
            Ty::Array(elem, Some(len)) if *len <= MAX_TABLE_CELLS => {
                let elem = (**elem).clone();
                Val::Agg(
                    ty.clone(),
                    (0..*len).map(|_| self.without_item(&elem, at)).collect(),
                )
            }
            _ => self.zero(ty),
        }
    }

    /// Whether `ty` is a class with a constructor or a default member
    /// initializer (see [`crate::frontend::types::StructDef`]).
    fn not_plain_aggregate(&self, ty: &Ty) -> bool {
        let Ty::Struct(k) = ty else { return false };
        self.cx
            .types
            .structs
            .get(*k)
            .is_some_and(|s| s.not_plain_aggregate)
    }

    /// The value of an object of type `ty` taken from the items at the
    /// cursor, in a list whose braces may be elided: a braced item is the
    /// whole object; a scalar item for an aggregate is its first leaf, and
    /// the next items fill the rest. None when not followed.
    fn elided_value(&mut self, ty: &Ty, cur: &mut InitCursor<'t>, depth: usize) -> R<Option<Val>> {
        let Some(&item) = cur.items.get(cur.pos) else {
            return Ok(Some(self.without_item(ty, cur.items.first().copied())));
        };
        if depth > 8 {
            return Ok(None);
        }
        if cur.evaluated.is_none() {
            match item.kind() {
                "initializer_list" => {
                    cur.pos += 1;
                    return self.init_list(item, ty).map(Some);
                }
                "initializer_pair" => return Ok(None),
                _ => {}
            }
        }
        let v = match cur.evaluated.take() {
            Some(v) => v,
            None => self.rvalue(item)?,
        };
        let leaves: Vec<Ty> = match ty {
            Ty::Struct(_) | Ty::Vector(..) => self
                .cx
                .types
                .parts(ty)
                .into_iter()
                .map(|(_, t)| t)
                .collect(),
            Ty::Array(elem, Some(len)) if *len <= MAX_TABLE_CELLS => {
                vec![(**elem).clone(); *len as usize]
            }
            Ty::Array(..) => {
                // Not tracked element by element: unknown, and the items
                // it would take cannot be counted.
                return Ok(None);
            }
            _ => {
                cur.pos += 1;
                return Ok(Some(v));
            }
        };
        if !matches!(v, Val::Scalar(..)) {
            // A whole value: a struct, or a string for a char array (whose
            // characters are not followed: unknown).
            cur.pos += 1;
            return Ok(Some(if matches!(ty, Ty::Array(..)) {
                Val::Void
            } else {
                v
            }));
        }
        if self.is_union(ty) || self.not_plain_aggregate(ty) {
            return Ok(None);
        }
        // Brace elision: the scalar is the first leaf.
        cur.evaluated = Some(v);
        let mut vals = Vec::new();
        for t in leaves {
            if cur.pos >= cur.items.len() {
                vals.push(self.without_item(&t, cur.items.first().copied()));
                continue;
            }
            match self.elided_value(&t, cur, depth + 1)? {
                Some(v) => vals.push(v),
                None => return Ok(None),
            }
        }
        Ok(Some(Val::Agg(ty.clone(), vals)))
    }

    /// The member index and value of a designated item `.f = v` / `f: v`
    /// naming one member of the aggregate.
    fn designated_member(&self, item: Node<'t>, names: &[String]) -> Option<(usize, Node<'t>)> {
        let mut c = item.walk();
        let designators: Vec<Node<'t>> =
            item.children_by_field_name("designator", &mut c).collect();
        let [d] = designators.as_slice() else {
            return None;
        };
        let field = match d.kind() {
            "field_identifier" => *d,
            "field_designator" => d.named_child(0)?,
            _ => return None,
        };
        let name = self.txt(field);
        let k = names.iter().position(|n| n == name)?;
        Some((k, item.child_by_field_name("value")?))
    }

    /// The number of `char` elements a string initializer (`"ab\n"`,
    /// `"a" "b"`, `{"ab"}`) gives an array of unknown length: its characters
    /// and the null. None when not a plain narrow string the front end can
    /// count (a prefix, a raw string, a universal character name, a macro).
    pub(crate) fn string_initializer_length(&self, init: Node<'t>) -> Option<u64> {
        let mut n = init;
        if n.kind() == "initializer_list" {
            let mut c = n.walk();
            let items: Vec<Node<'t>> = n
                .named_children(&mut c)
                .filter(|i| i.kind() != "comment")
                .collect();
            let [one] = items.as_slice() else {
                return None;
            };
            n = *one;
        }
        let pieces: Vec<Node<'t>> = match n.kind() {
            "string_literal" => vec![n],
            "concatenated_string" => {
                let mut c = n.walk();
                let all: Vec<Node<'t>> = n.named_children(&mut c).collect();
                if all.iter().any(|p| p.kind() != "string_literal") {
                    return None;
                }
                all
            }
            _ => return None,
        };
        let mut len = 1u64;
        for p in pieces {
            if !self.txt(p).starts_with('"') {
                return None;
            }
            let mut c = p.walk();
            for part in p.named_children(&mut c) {
                match part.kind() {
                    "string_content" => len += self.txt(part).len() as u64,
                    // One character each, except a universal character
                    // name (several UTF-8 bytes).
                    "escape_sequence"
                        if !matches!(self.txt(part).get(..2), Some("\\u" | "\\U")) =>
                    {
                        len += 1
                    }
                    _ => return None,
                }
            }
        }
        Some(len)
    }

    /// Whether `ty` is a union.
    fn is_union(&self, ty: &Ty) -> bool {
        let Ty::Struct(k) = ty else { return false };
        self.cx.types.structs.get(*k).is_some_and(|s| s.is_union)
    }

    pub(crate) fn zero(&mut self, ty: &Ty) -> Val {
        match ty {
            Ty::Scalar(s @ ScalarTy::Float { .. }) => {
                Val::Scalar(Expr::Float(0f64.to_bits(), *s), *s)
            }
            Ty::Scalar(s) => Val::Scalar(int(0, *s), *s),
            Ty::Vector(..) | Ty::Struct(_) => {
                let parts = self.cx.types.parts(ty);
                Val::Agg(
                    ty.clone(),
                    parts.iter().map(|(_, t)| self.zero(t)).collect(),
                )
            }
            Ty::Ptr(p) => Val::Ptr {
                target: Target::Null,
                offset: int(0, ScalarTy::LONG),
                pointee: (**p).clone(),
            },
            // An array member without an item (kept as cells when small).
            Ty::Array(elem, Some(len)) if *len <= MAX_TABLE_CELLS => {
                let elem = (**elem).clone();
                Val::Agg(ty.clone(), (0..*len).map(|_| self.zero(&elem)).collect())
            }
            _ => Val::Void,
        }
    }

    /// `cg::thread_block_tile<32> t = ...;` that tree-sitter read as
    /// `(cg::thread_block_tile < 32) > (t = ...)`: the declared name and value.
    pub(crate) fn misparsed_group_declaration(&self, n: Node<'t>) -> Option<(&'t str, Node<'t>)> {
        if n.kind() != "binary_expression" || self.txt(n.child_by_field_name("operator")?) != ">" {
            return None;
        }
        let lt = n.child_by_field_name("left")?;
        if lt.kind() != "binary_expression" || self.txt(lt.child_by_field_name("operator")?) != "<"
        {
            return None;
        }
        let ty = lt.child_by_field_name("left")?;
        let ty_name = match ty.kind() {
            "qualified_identifier" => self.txt(ty.child_by_field_name("name")?),
            "identifier" => self.txt(ty),
            _ => return None,
        };
        crate::frontend::types::group_named(ty_name)?;
        let asg = n.child_by_field_name("right")?;
        if asg.kind() != "assignment_expression" {
            return None;
        }
        let name = asg
            .child_by_field_name("left")
            .filter(|l| l.kind() == "identifier")?;
        Some((self.txt(name), asg.child_by_field_name("right")?))
    }

    /// The declared array type of an identifier naming an array object.
    pub(crate) fn declared_array_type(&self, n: Node) -> Option<Ty> {
        let mut n = n;
        while n.kind() == "parenthesized_expression" {
            n = crate::frontend::types::inner_expr(n)?;
        }
        if n.kind() != "identifier" {
            return None;
        }
        let name = self.txt(n);
        match self.lookup(name) {
            Some(Binding::Array { ty, .. })
            | Some(Binding::Slot(Slot::PrivArray(ty)))
            | Some(Binding::Slot(Slot::Cells(ty, ..))) => Some(ty.clone()),
            Some(_) => None,
            None => self
                .cx
                .globals
                .get(name)
                .map(|g| g.ty.clone())
                .filter(|t| matches!(t, Ty::Array(..))),
        }
    }

    /// The type an identifier names, if it is a type name and not a variable.
    pub(crate) fn type_name(&self, n: Node) -> Option<Ty> {
        if !matches!(
            n.kind(),
            "identifier" | "type_identifier" | "primitive_type"
        ) {
            return None;
        }
        let name = self.txt(n);
        if self.lookup(name).is_some() {
            return None;
        }
        if let Some(t) = self.type_overrides.get(name) {
            return Some(t.clone());
        }
        if let Some(t) = self.cx.types.typedef_at(name, None, n, self.src()) {
            return Some(t);
        }
        if let Some((e, k)) = crate::frontend::types::vector_named(name) {
            return Some(Ty::Vector(e, k));
        }
        crate::frontend::types::scalar_named(name).map(Ty::Scalar)
    }

    pub(crate) fn is_template_type(&self, tn: Node) -> bool {
        self.type_overrides.contains_key(self.txt(tn))
    }
}

/// The parameter list of the declarator `d` read as a prototype: the first
/// `function_declarator` within 8 nested declarators (or the 8th one).
fn prototype_parameters(d: Node<'_>) -> Option<Node<'_>> {
    let mut f = d;
    for _ in 0..8 {
        if f.kind() == "function_declarator" {
            break;
        }
        f = f.child_by_field_name("declarator")?;
    }
    f.child_by_field_name("parameters")
}

/// Whether `e` is built from constants, kernel parameters and launch
/// builtins only: the same value in every thread for the whole kernel.
fn launch_constant(e: &Expr) -> bool {
    match e {
        Expr::Int(..) | Expr::Param(_) => true,
        Expr::Builtin(b) => matches!(
            b,
            crate::ir::Builtin::BlockDim(_)
                | crate::ir::Builtin::GridDim(_)
                | crate::ir::Builtin::GlobalOffset(_)
        ),
        Expr::Unary(_, a, _) | Expr::Cast(_, a) => launch_constant(a),
        Expr::Binary(_, a, b, _) => launch_constant(a) && launch_constant(b),
        Expr::Select(c, a, b, _) => launch_constant(c) && launch_constant(a) && launch_constant(b),
        Expr::Float(..) | Expr::Var(_) | Expr::Apply(..) => false,
    }
}

/// Whether `t` names a `cuda::atomic_ref<T, S>` (or `cuda::std::` or
/// `std::atomic_ref<T>`) type, and then the scope suffix of its atomics:
/// `Some("")` for device or system scope (also the default,
/// `thread_scope_system`, when `S` is not written), `Some("_block")` for
/// block scope (atomic only among the threads of one block, like
/// `atomicAdd_block`), `None` for thread scope (atomic for no other thread)
/// and for a scope the text does not name (a template parameter).
pub(crate) fn atomic_ref_scope(t: &str) -> Option<Option<&'static str>> {
    let t: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.strip_prefix("::").unwrap_or(&t);
    if matches!(
        t,
        "cuda::std::atomic_ref" | "cuda::atomic_ref" | "std::atomic_ref"
    ) {
        // Class template argument deduction: the default scope, system.
        return Some(Some(""));
    }
    let args = t
        .strip_prefix("cuda::std::atomic_ref<")
        .or_else(|| t.strip_prefix("cuda::atomic_ref<"))
        .or_else(|| t.strip_prefix("std::atomic_ref<"))?
        .strip_suffix('>')?;
    // The scope is the second template argument; the first (the value
    // type) may itself hold commas only inside brackets.
    let mut depth = 0i32;
    let mut split = None;
    for (i, c) in args.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                split = Some(i);
                break;
            }
            _ => {}
        }
    }
    let Some(i) = split else {
        return Some(Some(""));
    };
    let scope = &args[i + 1..];
    let scope = scope
        .strip_prefix("cuda::std::")
        .or_else(|| scope.strip_prefix("cuda::"))
        .unwrap_or(scope);
    Some(match scope {
        "thread_scope_device" | "thread_scope_system" => Some(""),
        "thread_scope_block" => Some("_block"),
        _ => None,
    })
}
