//! Calls: dispatch to builtins, methods, inlined definitions or unknown code.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::builtins;
use crate::frontend::exprs::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, GroupKind, Ty};
use crate::frontend::FnDef;
use crate::ir::{BarrierScope, BinOp, Builtin, Expr, ParamDecl, ParamId, ScalarTy, StmtKind};

pub(super) mod aggregated;
pub(super) mod atomics;
pub(super) mod copies;
pub(super) mod cub;
pub(super) mod math;
pub(super) mod named;
pub(super) mod object_const;
pub(super) mod ordering;
pub(super) mod specialisations;
pub(super) mod sync;

/// Most candidates of an unresolved overloaded call checked as arms of a
/// branch ([`Lowerer::call_one_of`]); more: unsupported.
const MAX_OVERLOAD_ARMS: usize = 8;

/// What overload resolution tells of a call.
enum Overload<'t> {
    /// No candidate with a body and the call's arity.
    None,
    /// The function C++ calls.
    One(FnDef<'t>),
    /// Several viable candidates, none surely the best.
    Ambiguous(Vec<FnDef<'t>>),
}

/// The argument expressions of the call `n` (comments skipped).
pub(crate) fn call_arguments(n: Node<'_>) -> Vec<Node<'_>> {
    match n.child_by_field_name("arguments") {
        Some(a) => {
            let mut c = a.walk();
            a.named_children(&mut c)
                .filter(|c| c.kind() != "comment")
                .collect()
        }
        None => Vec::new(),
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    pub(crate) fn call(&mut self, n: Node<'t>) -> R<Val> {
        let Some(f) = n.child_by_field_name("function") else {
            return self.unsup(n, "malformed call");
        };
        let args = call_arguments(n);
        // Functional casts `float(x)`, `int(x)`, `uint(x)`, `T(x)` of a type
        // name that is neither a local nor a function: C++ gives them the
        // meaning of the C cast `(T)x` (a vector type builds a vector).
        if let Some(ty) = self.functional_cast_type(f) {
            if self.cx.types.is_dim3(self.txt(f)) {
                return self.dim3_literal(&args, n);
            }
            if let Ty::Vector(..) = ty {
                return self.vector_literal(ty, &args, n);
            }
            let Some(a) = args.first() else {
                return Ok(self.zero(&ty));
            };
            let v = self.rvalue(*a)?;
            return self.convert_val(ty, v, n);
        }
        if let Some(v) = self.temporary_object(n, f, &args)? {
            return Ok(v);
        }
        // The namespace a qualified callee names (`b::put`: "b"; `::put`: "").
        let mut qualifier: Option<String> = None;
        let (name, tpl_args) = match f.kind() {
            "identifier" => (self.txt(f).to_string(), None),
            "qualified_identifier" => {
                if let Some(defs) = self.static_member(f, args.len()) {
                    let tpl = f
                        .child_by_field_name("name")
                        .filter(|x| x.kind() == "template_function")
                        .and_then(|x| x.child_by_field_name("arguments"));
                    if let Some(v) = self.call_among(n, &defs, &args, tpl, None)? {
                        return Ok(v);
                    }
                }
                let mut inner = f;
                let mut steps = 0;
                let mut scopes: Vec<String> = Vec::new();
                while inner.kind() == "qualified_identifier" && steps < 16 {
                    steps += 1;
                    if let Some(scope) = inner.child_by_field_name("scope") {
                        scopes.push(self.txt(scope).split_whitespace().collect());
                    }
                    match inner.child_by_field_name("name") {
                        Some(x) => inner = x,
                        None => break,
                    }
                }
                qualifier = Some(scopes.join("::"));
                if inner.kind() == "template_function" {
                    let nm = inner
                        .child_by_field_name("name")
                        .map(|x| self.txt(x).to_string())
                        .unwrap_or_default();
                    (nm, inner.child_by_field_name("arguments"))
                } else {
                    (self.txt(inner).to_string(), None)
                }
            }
            "template_function" => {
                let nm = f
                    .child_by_field_name("name")
                    .map(|x| self.txt(x).to_string())
                    .unwrap_or_default();
                (nm, f.child_by_field_name("arguments"))
            }
            "field_expression" => return self.method_call(n, f, &args),
            "lambda_expression" => {
                // `[&] { .. }()`: made and called at once.
                let lam = self.define_lambda(f)?;
                return self.inline_lambda(n, &lam, &args);
            }
            "parenthesized_expression" => {
                // `(float4)(a, b)` parses as a call: a cast to a type name.
                if let Some(ty) = f.named_child(0).and_then(|t| self.type_name(t)) {
                    if let Ty::Vector(..) = ty {
                        return self.vector_literal(ty, &args, n);
                    }
                    let Some(a) = args.first() else {
                        return Ok(self.zero(&ty));
                    };
                    let v = self.rvalue(*a)?;
                    return self.convert_val(ty, v, n);
                }
                return self.unsup(n, "call through a function pointer is not supported");
            }
            _ => return self.unsup(n, "call through a function pointer is not supported"),
        };
        // C++ casts: `static_cast<T>(x)` and friends.
        if matches!(
            name.as_str(),
            "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast"
        ) {
            let ty = tpl_args
                .and_then(|a| a.named_child(0))
                .filter(|t| t.kind() == "type_descriptor")
                .map(|t| {
                    self.cx
                        .types
                        .type_descriptor(t, self.src(), &self.type_overrides)
                });
            let (Some(ty), Some(a)) = (ty, args.first()) else {
                return self.unsup(n, format!("malformed `{name}`"));
            };
            self.no_cast_to_unknown_row(&ty, n)?;
            let v = self.rvalue(*a)?;
            if let Some(t) = tpl_args.and_then(|a| a.named_child(0)) {
                self.no_opaque_reinterpretation(t, &ty, &v, n)?;
            }
            return self.convert_val(ty, v, n);
        }
        // Local names shadow functions.
        if let Some(b) = self.lookup(&name).cloned() {
            if let Binding::Lambda(lam) = b {
                return self.inline_lambda(n, &lam, &args);
            }
            // A function object: its `operator()` runs on it.
            let obj = match b {
                Binding::Slot(s) => Some(LVal::Slot(s)),
                Binding::Ref(lv) => Some(lv),
                // A function object passed by value (a kernel's functor
                // parameter): it gets a local, so a non-const `operator()`
                // changes that copy as C++ does.
                Binding::Value(Val::Agg(..)) => Some(self.lvalue(f)?),
                _ => None,
            };
            if let Some(obj) = obj {
                if let Ty::Struct(k) = self.lval_type(&obj) {
                    let tag = self.struct_name(k);
                    let defs: Vec<FnDef<'t>> = self
                        .cx
                        .functions
                        .get(&format!("{tag}::operator()"))
                        .map(|defs| {
                            defs.iter()
                                .filter(|d| d.accepts(args.len()))
                                .cloned()
                                .collect()
                        })
                        .unwrap_or_default();
                    if let Some(v) = self.call_among(n, &defs, &args, None, Some(obj))? {
                        return Ok(v);
                    }
                }
            }
            return self.unsup(
                n,
                format!("call of a local `{name}` (function pointers are not supported)"),
            );
        }
        // CUDA's `make_float2(x, y)` (and the other vector constructors of
        // `vector_functions.h`, one argument per component) is called where
        // the program's own overloads of that name take another number of
        // arguments (`make_float2(float s) { return make_float2(s, 0.f); }`):
        // C++ cannot call an overload whose arity does not accept the call,
        // so the builtin is, not the program's function (taken before for
        // a recursive call, whose result was havocked).
        let vector_ctor_arity = name
            .strip_prefix("make_")
            .and_then(crate::frontend::types::vector_named)
            .map(|(_, k)| usize::from(k));
        let builtin_vector_ctor = vector_ctor_arity == Some(args.len())
            && self
                .cx
                .functions
                .get(&name)
                .is_some_and(|defs| !defs.iter().any(|d| d.accepts(args.len())));
        if let Some(mut defs) = self
            .cx
            .functions
            .get(&name)
            .filter(|_| !builtin_vector_ctor)
            .cloned()
        {
            // `cg::this_thread()` through an alias of (or naming)
            // `cooperative_groups`: qualified lookup finds only that
            // namespace's members ([namespace.qual]), so the program's
            // functions of the same name elsewhere (`util::this_thread`)
            // are not candidates: the call is the library's, modelled below.
            // Only where the program has no namespace of the qualifier's
            // name holding such a function (an alias found in a comment or
            // in another scope must not hide the program's `cg::sync`).
            // Unqualified calls keep every program function of the name as
            // a candidate (using-declarations, inline namespaces and
            // out-of-line definitions make lookup hard to bound here): the
            // program's code then runs, as C++ may pick it.
            let cg_qualified = qualifier.as_deref().is_some_and(|q| {
                self.names_cg_namespace(q)
                    && !defs
                        .iter()
                        .any(|d| self.declared_in_namespace(d, q.trim_start_matches("::")))
            });
            if cg_qualified {
                defs.retain(|d| self.declared_in_namespace(d, "cooperative_groups"));
            } else if qualifier.is_none() && builtins::is_cg_modelled_name(&name) {
                // An unqualified call of a name the checker models for
                // cooperative groups, where the program also defines one in a
                // namespace unqualified lookup may not reach from here: it
                // may be the library's (through `using namespace
                // cooperative_groups;`) or the program's (through a
                // using-declaration, an inline namespace, ...), which order
                // differently: refused rather than guessed.
                let here = crate::frontend::types::namespace_path(n, self.src());
                if defs.iter().any(|d| !self.visible_unqualified(d, &here)) {
                    return self.unsup(
                        n,
                        format!("`{name}` may be cooperative_groups' or the program's function of that name"),
                    );
                }
            }
            if let Some(q) = qualifier
                .as_ref()
                .filter(|_| !cg_qualified && self.lexical_namespace_lookup(&name))
            {
                // Qualified lookup finds only the named namespace's
                // functions ([namespace.qual]); when none of the known
                // definitions is there (a library namespace, an alias),
                // or a using-declaration or inline namespace may bring
                // others in, they are kept as before.
                let in_scope: Vec<FnDef<'t>> = defs
                    .iter()
                    .filter(|d| self.declared_in_namespace(d, q))
                    .cloned()
                    .collect();
                if !in_scope.is_empty() {
                    defs = in_scope;
                }
            }
            if let Some(v) = self.call_specialised(n, &defs, &args, tpl_args)? {
                return Ok(v);
            }
            if let Some(v) = self.call_among(n, &defs, &args, tpl_args, None)? {
                return Ok(v);
            }
        }
        // No definition of `name` was inlined: a tracked `volatile`
        // helper it may run would go unseen.
        self.note_call_not_inlined(&name);
        if args.is_empty() {
            if let Some(v) = self.pointer_proxy(n, &name)? {
                return Ok(v);
            }
        }
        self.builtin_call(n, &name, &args)
    }

    /// Whether the functions a qualified call of `name` finds are those
    /// lexically inside the named namespace: no unit has an inline
    /// namespace or a using-declaration of `name` (`using b::put;`), which
    /// add the members of another namespace to qualified lookup
    /// ([namespace.qual]/2, [namespace.udecl]).
    fn lexical_namespace_lookup(&self, name: &str) -> bool {
        let suffix = format!("::{name}");
        self.cx.units.iter().all(|u| {
            let src = u.text.as_str();
            if src.contains("inline namespace") {
                return false;
            }
            !src.match_indices("using").any(|(at, _)| {
                let rest = &src[at + "using".len()..];
                let statement: String = rest
                    .split(';')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect();
                statement.ends_with(&suffix)
            })
        })
    }

    /// Whether the qualifier of a call (`cg`, `cooperative_groups`,
    /// `::cooperative_groups`) names namespace `cooperative_groups`: itself,
    /// or an alias some unit defines for it (`namespace cg =
    /// cooperative_groups;`).
    fn names_cg_namespace(&self, q: &str) -> bool {
        let q = q.trim_start_matches("::");
        if q == "cooperative_groups" {
            return true;
        }
        if q.is_empty() || q.contains("::") {
            return false;
        }
        let alias = format!("namespace{q}=cooperative_groups;");
        let alias_global = format!("namespace{q}=::cooperative_groups;");
        self.cx.units.iter().any(|u| {
            let compact: String = u.text.split_whitespace().collect();
            compact.contains(&alias) || compact.contains(&alias_global)
        })
    }

    /// Whether unqualified lookup from namespace `here` (as
    /// [`crate::frontend::types::namespace_path`] gives it) may find the
    /// definition `d`: it is at global scope, in a namespace enclosing
    /// `here`, or in a namespace some unit names in a using-directive
    /// (`using namespace util;`, taken wherever it stands: more candidates
    /// than C++ may see, as before this check).
    fn visible_unqualified(&self, d: &FnDef<'t>, here: &str) -> bool {
        let src = &self.cx.units[d.unit].text;
        if d.name_node
            .parent()
            .is_some_and(|p| p.kind() == "qualified_identifier")
        {
            // An out-of-line definition (`util::f`): kept, as before.
            return true;
        }
        let path = crate::frontend::types::namespace_path(d.node, src);
        if path.is_empty() || here == path || here.starts_with(&format!("{path}::")) {
            return true;
        }
        let directive = format!("usingnamespace{path};");
        let last = path.rsplit("::").next().unwrap_or(&path);
        let directive_last = format!("usingnamespace{last};");
        self.cx.units.iter().any(|u| {
            let compact: String = u.text.split_whitespace().collect();
            compact.contains(&directive) || compact.contains(&directive_last)
        })
    }

    /// Whether the definition `d` is in the namespace `q` as a qualified
    /// call names it (`b`, `a::b`, or "" for `::f`): its enclosing
    /// namespaces and the qualifier of an out-of-line name (`b::f`) end
    /// with `q`.
    fn declared_in_namespace(&self, d: &FnDef<'t>, q: &str) -> bool {
        let src = &self.cx.units[d.unit].text;
        let mut path = crate::frontend::types::namespace_path(d.node, src);
        if let Some(declared) = d
            .name_node
            .parent()
            .filter(|p| p.kind() == "qualified_identifier")
        {
            if let Some(scope) = declared.child_by_field_name("scope") {
                let scope: String = text(scope, src).split_whitespace().collect();
                path = if path.is_empty() {
                    scope
                } else {
                    format!("{path}::{scope}")
                };
            }
        }
        if q.is_empty() {
            return path.is_empty();
        }
        path == q || path.ends_with(&format!("::{q}"))
    }

    /// Runs on the object in `slot` (of struct `k`) the constructor C++
    /// picks for `args` among the overloads of struct `k`'s constructors
    /// ([`Self::call_among`]); `fallback` (one accepting as many arguments)
    /// when resolution finds none with a body.
    pub(crate) fn construct_with(
        &mut self,
        n: Node<'t>,
        k: usize,
        fallback: &FnDef<'t>,
        args: &[Node<'t>],
        slot: &Slot,
    ) -> R<()> {
        let tag = self.struct_name(k);
        let ctors = self
            .cx
            .functions
            .get(&format!("{tag}::{tag}"))
            .cloned()
            .unwrap_or_default();
        let this = Some(LVal::Slot(slot.clone()));
        if self
            .call_among(n, &ctors, args, None, this.clone())?
            .is_none()
        {
            self.inline_call_this(n, fallback, args, None, this)?;
        }
        Ok(())
    }

    /// The value `v` of the expression `arg` converted implicitly to the
    /// type `target` (argument passing, copy-initialisation, `return`,
    /// assignment, a default argument): when `target` is a class and `v` is
    /// not of it (nor of a class derived from it), C++ runs the non-explicit
    /// converting constructor overload resolution picks among those taking
    /// one argument ([over.match.copy], [class.conv.ctor]); its body's
    /// accesses are made here, on a temporary whose value is the result.
    /// Copy and move constructors are not candidates (they would need a
    /// second user-defined conversion, [over.best.ics]/4). A class without
    /// such a constructor converts nothing (`v` is returned, as before:
    /// a scalar standing for an opaque template type's value). Where the
    /// front end cannot tell which function runs (overloads it cannot rank,
    /// a conversion operator of the argument's class, alone or competing
    /// with a constructor, a constructor without a body) the kernel is
    /// `unsupported`: skipping the call would drop its accesses.
    pub(crate) fn convert_implicitly(&mut self, arg: Node<'t>, v: Val, target: &Ty) -> R<Val> {
        Ok(match self.converted_value(arg, &v, target, true)? {
            Some(c) => c,
            None => v,
        })
    }

    /// [`Self::convert_implicitly`]'s converted value, `None` when no
    /// constructor runs (`v` is then the value as it is).
    pub(crate) fn converted_value(
        &mut self,
        arg: Node<'t>,
        v: &Val,
        target: &Ty,
        copies: bool,
    ) -> R<Option<Val>> {
        let Ty::Struct(k) = target else {
            return Ok(None);
        };
        let from = match v {
            Val::Scalar(..) | Val::Agg(..) => self.type_of_val(v),
            // An object too large to track loads as its per-thread memory.
            Val::Ptr {
                target: Target::Private,
                pointee: pointee @ Ty::Struct(_),
                ..
            } => pointee.clone(),
            Val::Ptr { .. } => self.type_of_val(v),
            Val::Void | Val::Group(_) => return Ok(None),
        };
        if let Ty::Struct(a) = from {
            if self.derives_from(a, *k) {
                return if copies {
                    self.implicit_copy(arg, v, *k)
                } else {
                    Ok(None)
                };
            }
        }
        let tag = self.struct_name(*k);
        let ctor_name = self.constructor_key(*k);
        let ctors: Vec<FnDef<'t>> = self
            .cx
            .functions
            .get(&ctor_name)
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|d| d.accepts(1) && !self.declared_explicit(d) && !self.copies_class(d, *k))
            .collect();
        let operator = matches!(from, Ty::Struct(a) if self.has_conversion_operator(a));
        if operator {
            return self.unsup(
                arg,
                format!(
                    "implicit conversion to `{tag}` through a conversion operator (not modelled)"
                ),
            );
        }
        if ctors.is_empty() {
            return Ok(None);
        }
        let def = match self.resolve_overload(arg, &ctors, &[arg], false)? {
            Overload::One(d) => d,
            Overload::None => {
                return self.unsup(
                    arg,
                    format!("implicit conversion to `{tag}` by a converting constructor whose body is not in view"),
                )
            }
            Overload::Ambiguous(_) => {
                return self.unsup(
                    arg,
                    format!("implicit conversion to `{tag}`: the argument's type does not single out one converting constructor"),
                )
            }
        };
        let slot = self.make_slot(target, "$converted", arg);
        self.havoc_slot(&slot, arg);
        let this = Some(LVal::Slot(slot.clone()));
        self.inline_call_evaluated(arg, &def, &[arg], vec![v.clone()], None, this, false)?;
        self.load(LVal::Slot(slot), arg).map(Some)
    }

    /// The value `v` used where a scalar is wanted: when it is an object of
    /// a class with a conversion operator (`operator int()`), C++ runs the
    /// operator ([class.conv.fct]) and its body's accesses are made here,
    /// on a copy of the object (a `const` operator, as they are written,
    /// does not change it), its statements attributed to its definition.
    /// Several conversion operators (the one C++ picks
    /// depends on the wanted type, not followed here) make the kernel
    /// `unsupported`. Other values are returned as they are.
    pub(crate) fn class_to_scalar(&mut self, v: Val, at: Node) -> R<Val> {
        let Val::Agg(Ty::Struct(k), _) = &v else {
            return Ok(v);
        };
        let k = *k;
        if !self.has_conversion_operator(k) {
            return Ok(v);
        }
        let mut ops: Vec<FnDef<'t>> = Vec::new();
        for c in self.class_and_bases(k) {
            let tag = self.struct_name(c);
            if let Some(defs) = self.cx.functions.get(&format!("{tag}::operator cast")) {
                ops.extend(defs.iter().filter(|d| d.param_count == 0).cloned());
            }
        }
        let tag = self.struct_name(k);
        let with_body: Vec<&FnDef<'t>> = ops.iter().filter(|d| d.has_body).collect();
        let def = match with_body.as_slice() {
            [one] if ops.iter().all(|d| d.has_body) => (*one).clone(),
            _ => {
                return self.unsup(
                    at,
                    format!("a `{tag}` converted by one of several conversion operators, or one whose body is not in view"),
                )
            }
        };
        // The operator runs on a copy of the object: a change it makes
        // (`return i++;`, through a class operator, a constructor, a
        // `mutable` member or a cast of `this`; `const` proves nothing)
        // would not reach the object. Only a body that reads its members
        // and computes on scalars runs so; any other is unsupported.
        if !self.reads_only_scalar_members(&def, k) {
            return self.unsup(
                at,
                format!("a `{tag}` converted by a conversion operator that may change it (not modelled: it runs on a copy)"),
            );
        }
        let ty = Ty::Struct(k);
        let slot = self.make_slot(&ty, "$converted", at);
        self.store(LVal::Slot(slot.clone()), v, at)?;
        let this = Some(LVal::Slot(slot));
        // The call has no syntax of its own: the operator's definition
        // stands for its call site.
        self.inline_call_evaluated(def.node, &def, &[], Vec::new(), None, this, false)
    }

    /// `l op r` (`n`, the operands' values `a` and `b` already lowered)
    /// with an operand of a class type when the program defines `operator
    /// op`: C++ calls the operator function overload resolution picks
    /// among the non-member ones taking the two operands and the left
    /// operand's class's members taking the right one ([over.match.oper]),
    /// inlined here with its accesses (a member runs on the left operand
    /// itself). `None` when no operand is of a class, or no operator
    /// function is viable for the operands' types (the built-in operator
    /// then applies, as before). Member and non-member candidates both
    /// viable, or several that the types do not rank, make the kernel
    /// `unsupported`.
    pub(crate) fn class_binary_operator(
        &mut self,
        n: Node<'t>,
        op: &str,
        (l, a): (Node<'t>, &Val),
        (r, b): (Node<'t>, &Val),
    ) -> R<Option<Val>> {
        let class_of = |v: &Val| match v {
            Val::Agg(Ty::Struct(k), _) => Some(*k),
            Val::Ptr {
                target: Target::Private,
                pointee: Ty::Struct(k),
                ..
            } => Some(*k),
            _ => None,
        };
        let (ka, kb) = (class_of(a), class_of(b));
        if ka.is_none() && kb.is_none() {
            return Ok(None);
        }
        let name = format!("operator{op}");
        let operand_classes: Vec<usize> = [ka, kb].into_iter().flatten().collect();
        self.operator_followed(n, &name, &operand_classes, ka)?;
        let keys = self.operator_keys(&name);
        if keys.is_empty() {
            return Ok(None);
        }
        let ty_of = |s: &Self, v: &Val, k: Option<usize>| match k {
            Some(k) => Ty::Struct(k),
            None => s.type_of_val(v),
        };
        let (ta, tb) = (ty_of(self, a, ka), ty_of(self, b, kb));
        // Whether `d` may take arguments of the types `args` (a parameter
        // of unknown type may).
        let viable = |s: &Self, d: &FnDef<'t>, args: &[&Ty]| {
            d.has_body
                && d.accepts(args.len())
                && s.param_types(d).is_none_or(|ps| {
                    args.iter().enumerate().all(|(i, a)| match ps.get(i) {
                        Some(Some(ParamTy::Known(p, _))) => s.conversion_rank(a, p).is_some(),
                        _ => true,
                    })
                })
        };
        let left_tag = ka.map(|k| self.struct_name(k));
        let (free, member) = self.operator_candidates(
            &keys,
            |s, d| viable(s, d, &[&ta, &tb]),
            |class| left_tag.as_deref() == Some(class),
            |s, d| viable(s, d, &[&tb]),
        );
        let (defs, arg_nodes, vals, this) = match (free.is_empty(), member.is_empty()) {
            (true, true) => return Ok(None),
            (false, false) => {
                return self.unsup(
                    n,
                    format!("`{name}` with both member and non-member candidates (their ranking is not followed)"),
                )
            }
            (false, true) => (free, vec![l, r], vec![a.clone(), b.clone()], None),
            (true, false) => {
                // The member runs on the left operand (its address only:
                // its value was read already).
                let this = self.ref_arg(l, a.clone())?;
                (member, vec![r], vec![b.clone()], Some(this))
            }
        };
        let def = match defs.as_slice() {
            [one] => one.clone(),
            _ => match self.resolve_overload(n, &defs, &arg_nodes, false)? {
                Overload::One(d) => d,
                Overload::None => return Ok(None),
                Overload::Ambiguous(_) => {
                    return self.unsup(
                        n,
                        format!("`{name}`: the operands' types do not single out one overload"),
                    )
                }
            },
        };
        self.inline_call_evaluated(n, &def, &arg_nodes, vals, None, this, false)
            .map(Some)
    }

    /// `unsupported` when the operator function `name` is one the front end
    /// does not follow: a friend defined in the class template of one of
    /// `friend_classes`, or a member `member_class` declares without a body.
    fn operator_followed(
        &mut self,
        n: Node<'t>,
        name: &str,
        friend_classes: &[usize],
        member_class: Option<usize>,
    ) -> R<()> {
        if let Some(&k) = friend_classes
            .iter()
            .find(|&&k| self.template_friend_defined(k, name))
        {
            let tag = self.struct_name(k);
            return self.unsup(
                n,
                format!(
                    "`{name}` defined as a friend in the class template of `{tag}` (not followed)"
                ),
            );
        }
        if let Some(k) = member_class.filter(|&k| self.member_declared_only(k, name)) {
            let tag = self.struct_name(k);
            return self.unsup(
                n,
                format!("`{tag}` declares `{name}` without a body in view (defined in another translation unit?)"),
            );
        }
        Ok(())
    }

    /// The operator functions of `keys` split into the non-member
    /// candidates passing `free_ok` and the members of a class
    /// `member_class` accepts (by its qualified name) passing `member_ok`.
    fn operator_candidates(
        &self,
        keys: &[String],
        free_ok: impl Fn(&Self, &FnDef<'t>) -> bool,
        member_class: impl Fn(&str) -> bool,
        member_ok: impl Fn(&Self, &FnDef<'t>) -> bool,
    ) -> (Vec<FnDef<'t>>, Vec<FnDef<'t>>) {
        let mut free: Vec<FnDef<'t>> = Vec::new();
        let mut member: Vec<FnDef<'t>> = Vec::new();
        for key in keys {
            let Some(defs) = self.cx.functions.get(key) else {
                continue;
            };
            match key.rsplit_once("::") {
                None => free.extend(
                    defs.iter()
                        .filter(|d| {
                            // An out-of-line member is also known by its bare name.
                            d.name_node
                                .parent()
                                .is_none_or(|p| p.kind() != "qualified_identifier")
                                && free_ok(self, d)
                        })
                        .cloned(),
                ),
                Some((class, _)) if member_class(class) => {
                    member.extend(defs.iter().filter(|d| member_ok(self, d)).cloned())
                }
                Some(_) => {}
            }
        }
        (free, member)
    }

    /// The program's operator functions named `name` (`operator+=`, no
    /// spaces): their keys in `cx.functions` (built at the first use).
    fn operator_keys(&mut self, name: &str) -> Vec<String> {
        if self.operator_functions.is_none() {
            let mut by_name: crate::base::HashMap<String, Vec<String>> = Default::default();
            for key in self.cx.functions.keys() {
                let last = key.rsplit("::").next().unwrap_or(key);
                if last.starts_with("operator") {
                    let norm: String = last.split_whitespace().collect();
                    by_name.entry(norm).or_default().push(key.clone());
                }
            }
            self.operator_functions = Some(by_name);
        }
        self.operator_functions
            .as_ref()
            .and_then(|m| m.get(name))
            .cloned()
            .unwrap_or_default()
    }

    /// `op a`, `++a`, `a++` or `a op= b` (`n`) where the operand `obj` (its
    /// node and the object) is of class `k`: C++ calls the operator function
    /// overload resolution picks among the members of `k` and its bases
    /// taking the other operands `rest`, and the non-member ones (friends
    /// defined in a class body included) taking `obj` first
    /// ([over.match.oper]); a postfix `++`/`--` passes a dummy `int` more
    /// ([over.inc]). The operator is inlined with its accesses, a member on
    /// the object itself. `None` when no operator function of the name has
    /// a body (the built-in operator applies, as before); member and
    /// non-member candidates both viable, or several that the front end
    /// does not rank, make the kernel `unsupported`.
    pub(crate) fn class_operator_call(
        &mut self,
        n: Node<'t>,
        op: &str,
        (obj_node, obj, k): (Node<'t>, LVal, usize),
        rest: &[(Node<'t>, Val)],
        postfix: bool,
    ) -> R<Option<Val>> {
        let name = format!("operator{op}");
        self.operator_followed(n, &name, &[k], Some(k))?;
        let keys = self.operator_keys(&name);
        if keys.is_empty() {
            return Ok(None);
        }
        let dummy = usize::from(postfix);
        let member_arity = rest.len() + dummy;
        // The classes whose members are candidates: `k` and its bases.
        let tags: Vec<String> = self
            .class_and_bases(k)
            .into_iter()
            .map(|c| self.struct_name(c))
            .collect();
        let (free, member) = self.operator_candidates(
            &keys,
            |_, d| d.has_body && d.accepts(1 + member_arity),
            // `ns::W::operator-` defined out of line in a namespace.
            |class| {
                tags.iter()
                    .any(|t| t == class || class.rsplit("::").next() == Some(t.as_str()))
            },
            |_, d| d.has_body && d.accepts(member_arity),
        );
        let rest_nodes: Vec<Node<'t>> = rest.iter().map(|(a, _)| *a).collect();
        let (defs, arg_nodes, mut vals, this) = match (free.is_empty(), member.is_empty()) {
            (true, true) => return Ok(None),
            (false, false) => {
                return self.unsup(
                    n,
                    format!("`{name}` with both member and non-member candidates (their ranking is not followed)"),
                )
            }
            (false, true) => {
                let v = self.load(obj, obj_node)?;
                let mut nodes = vec![obj_node];
                nodes.extend(rest_nodes);
                let mut vals = vec![v];
                vals.extend(rest.iter().map(|(_, v)| v.clone()));
                (free, nodes, vals, None)
            }
            (true, false) => {
                let vals = rest.iter().map(|(_, v)| v.clone()).collect();
                (member, rest_nodes, vals, Some(obj))
            }
        };
        let def = match defs.as_slice() {
            [one] => one.clone(),
            // A postfix operator's dummy argument has no node to rank by.
            _ if postfix => {
                return self.unsup(
                    n,
                    format!("postfix `{name}` with several candidates (not ranked)"),
                )
            }
            _ => match self.resolve_overload(n, &defs, &arg_nodes, false)? {
                Overload::One(d) => d,
                Overload::None => return Ok(None),
                Overload::Ambiguous(_) => {
                    return self.unsup(
                        n,
                        format!("`{name}`: the operands' types do not single out one overload"),
                    )
                }
            },
        };
        if postfix {
            vals.push(Val::Scalar(int(0, ScalarTy::INT), ScalarTy::INT));
        }
        self.inline_call_evaluated(n, &def, &arg_nodes, vals, None, this, false)
            .map(Some)
    }

    /// A copy of the lvalue `arg` (of class `k` or derived from it, its
    /// value `v`) initialising a `k` (passed by value, `W b = a;`, `return
    /// a;`): the class's user copy constructor runs on the new object, with
    /// `arg` bound to its parameter ([class.copy.ctor]); a `return` the
    /// compiler may elide is run too (more accesses, never fewer). A
    /// prvalue initialises the object directly (C++17), and a class without
    /// a user copy constructor copies member by member: `None` then.
    fn implicit_copy(&mut self, arg: Node<'t>, v: &Val, k: usize) -> R<Option<Val>> {
        // An xvalue (`std::move(a)`, `static_cast<W &&>(a)`) initialises
        // by the move constructor, else (none declared) the copy
        // constructor taking `const W &` ([over.match.ctor]); its operand
        // is bound to the parameter.
        let moved = xvalue_operand(arg, self.src());
        let stripped = strip_parens(arg);
        let copied_inside = match stripped.kind() {
            // `c ? a : a2` (an lvalue, or a prvalue copied from one branch)
            // and `static_cast<W>(a)`/`(W)a` (a prvalue copied from `a`).
            "conditional_expression" | "cast_expression" => true,
            "call_expression" => stripped
                .child_by_field_name("function")
                .is_some_and(|f| self.txt(f).trim_start().starts_with("static_cast")),
            _ => false,
        };
        if moved.is_none() && copied_inside && self.copy_runs_code(k) {
            let tag = self.struct_name(k);
            return self.unsup(
                arg,
                format!("a copy of a `{tag}` made by a conditional expression or a cast (its copy or move constructor is not followed)"),
            );
        }
        if moved.is_none() && !is_lvalue(stripped) {
            // A call of a function returning a reference is an lvalue or
            // an xvalue: copying it runs a copy or move constructor, not
            // followed here.
            if self.may_return_reference(arg) && self.copy_runs_code(k) {
                let tag = self.struct_name(k);
                return self.unsup(
                    arg,
                    format!("a copy of a `{tag}` a function returns by reference (its copy or move constructor is not followed)"),
                );
            }
            return Ok(None);
        }
        let tag = self.struct_name(k);
        let ctor_name = self.constructor_key(k);
        let ctors: Vec<FnDef<'t>> = self
            .cx
            .functions
            .get(&ctor_name)
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|d| d.accepts(1) && !self.declared_explicit(d))
            .collect();
        let binds = |this: &Self, d: &FnDef<'t>, kinds: &[RefKind]| {
            matches!(
                this.param_types(d).as_ref().and_then(|p| p.first()),
                Some(Some(ParamTy::Known(Ty::Struct(p), r))) if *p == k && kinds.contains(r)
            )
        };
        // A constructor template `template <class U> W(U &)` (or `U &&`)
        // binds a non-const source exactly and outranks `W(const W &)`
        // ([over.ics.rank]p3.2.6); its choice over the copy constructor is
        // not ranked here. (`const U &` ties and loses to the
        // non-template; a by-value `U` is never instantiated as `W(W)`:
        // [class.copy.ctor]p5.)
        let template_ctor = self
            .cx
            .functions
            .get(&ctor_name)
            .into_iter()
            .flatten()
            .filter(|d| d.accepts(1))
            .any(|d| {
                matches!(
                    self.param_types(d).as_ref().and_then(|p| p.first()),
                    Some(Some(ParamTy::Generic {
                        pointer: false,
                        refkind: RefKind::Lvalue | RefKind::Rvalue,
                        ..
                    }))
                )
            });
        if template_ctor {
            return self.unsup(
                arg,
                format!("a copy of a `{tag}`, which has a constructor template (its ranking against the copy constructor is not followed)"),
            );
        }
        let movers: Vec<&FnDef<'t>> = ctors
            .iter()
            .filter(|d| binds(self, d, &[RefKind::Rvalue]))
            .collect();
        // A const xvalue binds `const W &`, never `W &&` ([dcl.init.ref]p5):
        // it is copied. Whether the moved object is const is read from its
        // cast or its declaration; unknown, a move is taken only where no
        // copy constructor could be chosen instead.
        let constness = moved.map(|inner| xvalue_is_const(arg, inner, self.src()));
        let has_const_copy = ctors
            .iter()
            .any(|d| d.has_body && binds(self, d, &[RefKind::Const]));
        let (kinds, what): (&[RefKind], &str) = match constness {
            Some(Some(true)) => (&[RefKind::Const], "copy"),
            Some(None) if !movers.is_empty() && has_const_copy => {
                return self.unsup(
                    arg,
                    format!("a move of a `{tag}` object whose constness is not known (it selects the copy or the move constructor)"),
                )
            }
            Some(_) if !movers.is_empty() => (&[RefKind::Rvalue], "move"),
            Some(_) => (&[RefKind::Const], "copy"),
            None => (&[RefKind::Const, RefKind::Lvalue], "copy"),
        };
        let copies: Vec<FnDef<'t>> = ctors
            .iter()
            .filter(|d| d.has_body && binds(self, d, kinds))
            .cloned()
            .collect();
        let (arg, v) = match moved {
            Some(inner) => (inner, self.rvalue(inner)?),
            None => (arg, v.clone()),
        };
        let def = match copies.as_slice() {
            [] if self.implicit_copy_runs_code(k, false) => {
                return self.unsup(
                    arg,
                    format!("the implicit {what} constructor of `{tag}` runs a member's or base's user copy or move constructor (not modelled)"),
                )
            }
            [] => return Ok(None),
            [one] => one.clone(),
            _ => {
                return self.unsup(
                    arg,
                    format!("a copy of a `{tag}` with several copy constructors (not ranked)"),
                )
            }
        };
        let target = Ty::Struct(k);
        let slot = self.make_slot(&target, "$copy", arg);
        self.havoc_slot(&slot, arg);
        let this = Some(LVal::Slot(slot.clone()));
        self.inline_call_evaluated(arg, &def, &[arg], vec![v], None, this, false)?;
        self.load(LVal::Slot(slot), arg).map(Some)
    }

    /// Whether the expression `a` is a call of a function (or member
    /// function) of which some definition of its name returns a
    /// reference.
    fn may_return_reference(&self, a: Node<'t>) -> bool {
        let a = strip_parens(a);
        if a.kind() != "call_expression" {
            return false;
        }
        let Some(f) = a.child_by_field_name("function") else {
            return false;
        };
        let name_node = match f.kind() {
            "field_expression" => f.child_by_field_name("field"),
            "template_function" => f.child_by_field_name("name"),
            _ => Some(f),
        };
        let Some(name_node) = name_node else {
            return false;
        };
        let written = self.txt(name_node);
        let last = written.rsplit("::").next().unwrap_or(written).trim();
        if last.split('<').next().map(str::trim) == Some("forward") {
            // `std::forward<T>(x)` returns `T &&`: an lvalue or an xvalue.
            return true;
        }
        let suffix = format!("::{last}");
        self.cx.functions.iter().any(|(key, ds)| {
            (key == last || key.ends_with(&suffix))
                && ds.iter().any(|d| self.def_returns_ref(d.node))
        })
    }

    /// Whether copying an object of class `k` runs code: a copy (or move)
    /// constructor with a body, or an implicit one that runs a member's
    /// or base's.
    pub(crate) fn copy_runs_code(&mut self, k: usize) -> bool {
        let tag = self.struct_name(k);
        let bare = tag.split('<').next().unwrap_or(&tag).trim().to_string();
        let user = self
            .cx
            .functions
            .get(&format!("{tag}::{bare}"))
            .cloned()
            .unwrap_or_default()
            .iter()
            .any(|d| d.has_body && d.accepts(1) && self.copies_class(d, k));
        user || self.implicit_copy_runs_code(k, false)
    }

    /// Whether the implicit copy constructor (`assign`: copy assignment)
    /// of class `k` runs user code: a base or member (array element) of a
    /// class with a user copy constructor (`operator=`), or whose own
    /// implicit one does ([class.copy.ctor]/14, [class.copy.assign]/12).
    pub(crate) fn implicit_copy_runs_code(&mut self, k: usize, assign: bool) -> bool {
        let mut stack = vec![k];
        let mut seen = Vec::new();
        while let Some(c) = stack.pop() {
            if seen.contains(&c) || seen.len() > 256 {
                continue;
            }
            seen.push(c);
            let Some(sd) = self.cx.types.structs.get(c).cloned() else {
                continue;
            };
            let mut parts: Vec<usize> = sd.bases.clone();
            for f in &sd.fields {
                let mut t = &f.ty;
                while let Ty::Array(e, _) = t {
                    t = e;
                }
                if let Ty::Struct(m) = t {
                    parts.push(*m);
                }
            }
            for m in parts {
                if m == k || seen.contains(&m) {
                    continue;
                }
                let tag = self.struct_name(m);
                let user = if assign {
                    self.cx
                        .functions
                        .get(&format!("{tag}::operator="))
                        .is_some_and(|ds| ds.iter().any(|d| d.has_body))
                } else {
                    let bare = tag.split('<').next().unwrap_or(&tag).trim().to_string();
                    self.cx
                        .functions
                        .get(&format!("{tag}::{bare}"))
                        .cloned()
                        .unwrap_or_default()
                        .iter()
                        .any(|d| d.has_body && d.accepts(1) && self.copies_class(d, m))
                };
                if user {
                    return true;
                }
                stack.push(m);
            }
        }
        false
    }

    /// Whether the member function `def` of class `k` surely changes
    /// nothing: its body only returns arithmetic on names and literals
    /// (member reads, no calls, stores, casts, `this` or declarations),
    /// and no member of `k` is of a class (whose operators could run) or
    /// `mutable`.
    fn reads_only_scalar_members(&self, def: &FnDef<'t>, k: usize) -> bool {
        let Some(body) = def.node.child_by_field_name("body") else {
            return false;
        };
        let src = &self.cx.units[def.unit].text;
        let plain_fields = self.cx.types.structs.get(k).is_some_and(|sd| {
            sd.fields.iter().all(|f| {
                let mut t = &f.ty;
                while let Ty::Array(e, _) = t {
                    t = e;
                }
                !matches!(t, Ty::Struct(_))
            })
        });
        if !plain_fields || self.class_text_has(k, "mutable") {
            return false;
        }
        // A store through a subscript of a name that is not a member
        // (`g_s[v] = v;`) or through a pointer (`*p = v`) writes memory,
        // which a copy shares with the object: it changes no member.
        let members = self.part_names(&Ty::Struct(k));
        let contains_this = |n: Node| {
            let mut stack = vec![n];
            while let Some(x) = stack.pop() {
                if x.kind() == "this" {
                    return true;
                }
                stack.extend(x.children(&mut x.walk()));
            }
            false
        };
        let store_to_memory = |target: Option<Node>| {
            target.is_some_and(|t| match t.kind() {
                "subscript_expression" => t.child_by_field_name("argument").is_some_and(|a| {
                    a.kind() == "identifier" && !members.iter().any(|m| m == text(a, src))
                }),
                "pointer_expression" => {
                    t.child_by_field_name("operator")
                        .is_some_and(|o| text(o, src) == "*")
                        && !contains_this(t)
                }
                _ => false,
            })
        };
        let mut stack = vec![body];
        while let Some(x) = stack.pop() {
            if x.kind() == "expression_statement" {
                stack.extend(x.named_children(&mut x.walk()));
                continue;
            }
            if x.kind() == "assignment_expression" && store_to_memory(x.child_by_field_name("left"))
            {
                // The target's index and the value are checked as reads.
                if let Some(l) = x.child_by_field_name("left") {
                    stack.extend(l.named_children(&mut l.walk()));
                }
                stack.extend(x.child_by_field_name("right"));
                continue;
            }
            let allowed = matches!(
                x.kind(),
                "compound_statement"
                    | "return_statement"
                    | "identifier"
                    | "field_identifier"
                    | "number_literal"
                    | "char_literal"
                    | "true"
                    | "false"
                    | "binary_expression"
                    | "unary_expression"
                    | "parenthesized_expression"
                    | "conditional_expression"
                    | "subscript_expression"
                    | "subscript_argument_list"
                    | "comment"
            ) || x.kind() == "field_expression"
                && x.child_by_field_name("operator")
                    .is_some_and(|o| text(o, src) == ".");
            if !allowed {
                return false;
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
        true
    }

    /// Whether a unit defining class `k`'s tag holds the word `word`
    /// anywhere (a cheap over-approximation of "its definition does").
    fn class_text_has(&self, k: usize, word: &str) -> bool {
        let tag = self.struct_name(k);
        let tag = tag.split('<').next().unwrap_or(&tag).trim();
        self.cx.units.iter().any(|unit| {
            unit.text.contains(tag)
                && unit
                    .text
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|w| w == word)
        })
    }

    /// Whether the constructor `def` is declared `explicit` in its
    /// definition (an out-of-line definition does not repeat it: taken as
    /// converting, which runs a constructor C++ would not, never one less).
    fn declared_explicit(&self, def: &FnDef<'t>) -> bool {
        def.node
            .children(&mut def.node.walk())
            .any(|c| c.kind() == "explicit_function_specifier")
    }

    /// Whether the constructor `def` of class `k` is a copy or move
    /// constructor: its first parameter is (a reference to) `k` itself.
    fn copies_class(&self, def: &FnDef<'t>, k: usize) -> bool {
        matches!(
            self.param_types(def).as_ref().and_then(|p| p.first()),
            Some(Some(ParamTy::Known(Ty::Struct(p), _))) if *p == k
        )
    }

    /// A call of one of `defs` (the functions of one name, or the member
    /// functions of one name of the receiver `this`'s class) with `args`:
    /// the candidate overload resolution picks, inlined; each candidate that
    /// may be the one C++ calls in an arm ([`Self::call_one_of`]) when the
    /// types the front end knows do not decide. `None` when no definition
    /// has a body.
    pub(crate) fn call_among(
        &mut self,
        n: Node<'t>,
        defs: &[FnDef<'t>],
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
        this: Option<LVal>,
    ) -> R<Option<Val>> {
        // A reference return is honoured for one known callee only (the
        // arms' values are merged as values).
        let want_ref = std::mem::take(&mut self.ref_return);
        // In a kernel with a type parameter modelled as opaque data, an
        // argument's type may be that parameter's, which resolution reads
        // as `int`: no candidate is surely the one an instantiation calls
        // (`k<float>` calls `put(float *, float)` where `int` picks
        // `put(int *, int)`), so each that the call's argument count makes
        // viable runs as an arm; more than the arms allowed is reported
        // rather than resolved as if the parameter were `int`.
        if self.opaque_type_params {
            let viable: Vec<FnDef<'t>> = defs
                .iter()
                .filter(|d| d.has_body && d.accepts(args.len()))
                .filter(|d| tpl_args.is_none() || d.template.is_some())
                .cloned()
                .collect();
            if viable.len() > MAX_OVERLOAD_ARMS {
                return self.ambiguous_call(n);
            }
            if viable.len() >= 2 {
                if want_ref {
                    return self.ambiguous_object_call(n);
                }
                return self.call_one_of(n, &viable, args, tpl_args, this).map(Some);
            }
        }
        let def = match self.resolve_overload(n, defs, args, tpl_args.is_some())? {
            Overload::One(d) => Some(d),
            Overload::None => None,
            Overload::Ambiguous(_) if want_ref => return self.ambiguous_object_call(n),
            Overload::Ambiguous(viable) if (2..=MAX_OVERLOAD_ARMS).contains(&viable.len()) => {
                return self.call_one_of(n, &viable, args, tpl_args, this).map(Some);
            }
            Overload::Ambiguous(_) => return self.ambiguous_call(n),
        }
        .or_else(|| defs.iter().find(|d| d.has_body).cloned());
        let Some(def) = def else {
            return Ok(None);
        };
        self.ref_return = want_ref;
        self.inline_call_this(n, &def, args, tpl_args, this)
            .map(Some)
    }

    /// The definition with a body among `defs` (the functions of one name)
    /// that C++ overload resolution picks for `args` at the call `n`, as far
    /// as the types the front end knows tell ([over.match.best]). Each
    /// argument's implicit conversion to each candidate's parameter gets a
    /// rank ([`Self::conversion_rank`]: exact match, promotion, standard
    /// conversion, user-defined conversion, or not viable); a parameter
    /// whose type names a template parameter is taken as deduced exactly
    /// (unless its shape cannot be deduced from the argument), and an
    /// argument or parameter of unknown type may have any rank. A viable
    /// candidate is picked only when no other viable candidate could be
    /// better than it under any of those possibilities (including the
    /// tie-breakers: a non-template beats a template, and templates are
    /// ordered by specialisation, which is not modelled); otherwise the call
    /// is unsupported rather than guessed, since a wrong guess may drop the
    /// accesses of the function C++ calls. With one candidate of the right
    /// arity no argument is looked at.
    fn choose_overload(
        &mut self,
        n: Node<'t>,
        defs: &[FnDef<'t>],
        args: &[Node<'t>],
        explicit_template_args: bool,
    ) -> R<Option<FnDef<'t>>> {
        match self.resolve_overload(n, defs, args, explicit_template_args)? {
            Overload::One(d) => Ok(Some(d)),
            Overload::None => Ok(None),
            Overload::Ambiguous(_) => self.ambiguous_call(n),
        }
    }

    /// `unsupported` for the call `n`, whose overload resolution leaves
    /// several candidates and none surely the best.
    fn ambiguous_call<T>(&self, n: Node<'t>) -> R<T> {
        let name = self.txt(n.child_by_field_name("function").unwrap_or(n));
        self.unsup(
            n,
            format!("ambiguous overloaded call `{name}` (the argument types do not single out one candidate)"),
        )
    }

    /// Overload resolution as [`Self::choose_overload`] describes, with the
    /// viable candidates when none is surely the best.
    fn resolve_overload(
        &mut self,
        _n: Node<'t>,
        defs: &[FnDef<'t>],
        args: &[Node<'t>],
        explicit_template_args: bool,
    ) -> R<Overload<'t>> {
        let mut candidates: Vec<&FnDef<'t>> = defs
            .iter()
            .filter(|d| d.has_body && d.accepts(args.len()))
            .collect();
        if candidates.len() <= 1 {
            return Ok(match candidates.first() {
                Some(d) => Overload::One((*d).clone()),
                None => Overload::None,
            });
        }
        let mut arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.arg_type(*a)).collect();
        // Enumerations are lowered as `int`, but an argument of enumeration
        // type matches a parameter of that type exactly and `int` only by
        // promotion. Where some candidate's parameter has a type the front
        // end does not know (an enumeration among them), an `int` argument
        // that may be of enumeration type (not a literal nor an arithmetic
        // result, which are `int`) is ranked as of unknown type.
        let mut param_lists: Vec<Option<Vec<Option<ParamTy>>>> =
            candidates.iter().map(|d| self.param_types(d)).collect();
        // One function defined in several units (a header read twice, the
        // same inline function in sibling files: one entity by the
        // one-definition rule, same namespace and parameter types) is one
        // candidate: keep the first.
        let mut k = 0;
        while k < candidates.len() {
            let namespace = |d: &FnDef<'t>| {
                crate::frontend::types::namespace_path(d.node, &self.cx.units[d.unit].text)
            };
            // The declarator as written (parameter cv-qualifiers and a
            // member's trailing `const` included, which the front end's
            // types drop): `f(const float *)` and `f(float *)` are two
            // functions.
            let declarator = |d: &FnDef<'t>| {
                let src = &self.cx.units[d.unit].text;
                let params = d.params.map(|p| text(p, src)).unwrap_or("");
                let after: String = d
                    .params
                    .and_then(|p| p.parent())
                    .map(|f| {
                        src.get(d.params.map_or(f.end_byte(), |p| p.end_byte())..f.end_byte())
                            .unwrap_or("")
                            .to_string()
                    })
                    .unwrap_or_default();
                format!("{params}{after}")
                    .split_whitespace()
                    .collect::<String>()
            };
            let same_as_earlier = (0..k).any(|j| {
                namespace(candidates[j]) == namespace(candidates[k])
                    && declarator(candidates[j]) == declarator(candidates[k])
                    && candidates[j].template.is_none()
                    && candidates[k].template.is_none()
                    && param_lists[j].is_some()
                    && param_lists[j] == param_lists[k]
                    && param_lists[k]
                        .iter()
                        .flatten()
                        .all(|p| matches!(p, Some(ParamTy::Known(..))))
            });
            if same_as_earlier {
                candidates.remove(k);
                param_lists.remove(k);
            } else {
                k += 1;
            }
        }
        if candidates.len() == 1 {
            return Ok(Overload::One(candidates[0].clone()));
        }
        for (i, (arg, ty)) in args.iter().zip(arg_types.iter_mut()).enumerate() {
            let unknown_param = param_lists.iter().any(|l| {
                l.as_ref()
                    .is_none_or(|l| matches!(l.get(i), None | Some(None)))
            });
            let may_be_enum = !matches!(
                strip_parens(*arg).kind(),
                "number_literal" | "binary_expression" | "unary_expression" | "char_literal"
            );
            if unknown_param
                && may_be_enum
                && !self.cx.types.enum_names.is_empty()
                && *ty == Some(Ty::Scalar(ScalarTy::INT))
            {
                *ty = None;
            }
        }
        // An enumerator or a file-scope constant is an rvalue, not a variable.
        let arg_lvalues: Vec<bool> = args
            .iter()
            .map(|a| {
                let inner = strip_parens(*a);
                is_lvalue(inner)
                    && !(inner.kind() == "identifier"
                        && self.lookup(self.txt(inner)).is_none()
                        && self.cx.types.consts.contains_key(self.txt(inner)))
            })
            .collect();
        // The viable candidates with, per argument, its parameter's type (if
        // known) and the rank range of the argument's conversion; and whether
        // the candidate is surely viable (a template whose deduction is not
        // followed may not be).
        let mut viable: Vec<Ranked<'_, 't>> = Vec::new();
        let mut surely_viable: Vec<bool> = Vec::new();
        // Per viable candidate: its template parameters' deduced types.
        let mut deductions: Vec<crate::base::HashMap<String, Ty>> = Vec::new();
        'candidates: for (ci, def) in candidates.iter().copied().enumerate() {
            // Explicit template arguments (`f<float>(..)`) name a template.
            if explicit_template_args && def.template.is_none() {
                continue;
            }
            let params = param_lists[ci].clone();
            let mut ranks = Vec::new();
            let mut sure = params.is_some();
            let mut deduced: crate::base::HashMap<String, Ty> = Default::default();
            for (i, arg) in arg_types.iter().enumerate() {
                let param = params.as_ref().and_then(|p| p.get(i).cloned()).flatten();
                let lvalue = arg_lvalues[i];
                let range = match (&param, arg) {
                    (Some(ParamTy::Known(p, r)), Some(a)) => {
                        let rank = match r {
                            // A non-const lvalue reference binds only an
                            // lvalue of its type or of a derived class
                            // ([dcl.init.ref]): no temporary is made.
                            RefKind::Lvalue => match (a, p) {
                                _ if !lvalue => None,
                                _ if a == p => Some(Rank::Exact),
                                (Ty::Struct(a), Ty::Struct(p)) if self.derives_from(*a, *p) => {
                                    Some(Rank::Conversion)
                                }
                                _ => None,
                            },
                            RefKind::Value | RefKind::Const => self.conversion_rank(a, p),
                            // An rvalue reference binds rvalues and
                            // temporaries: not followed.
                            RefKind::Rvalue => {
                                sure = false;
                                ranks.push((None, RankRange::ANY));
                                continue;
                            }
                        };
                        match rank {
                            Some(r) => RankRange::exactly(r),
                            None => continue 'candidates,
                        }
                    }
                    (Some(ParamTy::Generic { .. }), _) if explicit_template_args => {
                        sure = false;
                        RankRange::ANY
                    }
                    (
                        Some(ParamTy::Generic {
                            pointer,
                            class,
                            deduces,
                            refkind,
                        }),
                        Some(a),
                    ) => {
                        // Deduction from a pointer parameter (`T *`) needs
                        // a pointer or array argument, from a class template
                        // (`V<T> &`) a class argument, and a non-const
                        // lvalue reference (`T &`) an lvalue
                        // ([temp.deduct.call]).
                        let is_ptr = matches!(a, Ty::Ptr(_) | Ty::Array(..));
                        if (*pointer && !is_ptr)
                            || (*class && !matches!(a, Ty::Struct(_)))
                            || (*refkind == RefKind::Lvalue && !lvalue)
                        {
                            continue 'candidates;
                        }
                        // One template parameter deduced from several
                        // arguments must get one type, or deduction fails.
                        match deduces {
                            Some(name) => {
                                let t = match (a, *pointer) {
                                    (Ty::Ptr(e) | Ty::Array(e, _), true) => (**e).clone(),
                                    (Ty::Array(e, _), false) if *refkind == RefKind::Value => {
                                        Ty::Ptr(e.clone())
                                    }
                                    (a, _) => a.clone(),
                                };
                                match deduced.get(name) {
                                    Some(prev) if *prev != t => continue 'candidates,
                                    _ => {
                                        deduced.insert(name.clone(), t);
                                    }
                                }
                            }
                            None => sure = false,
                        }
                        RankRange::exactly(Rank::Exact)
                    }
                    (Some(ParamTy::Generic { .. }), None) => {
                        sure = false;
                        RankRange::exactly(Rank::Exact)
                    }
                    _ => RankRange::ANY,
                };
                let known = match param {
                    Some(ParamTy::Known(p, r)) => Some((p, r)),
                    _ => None,
                };
                ranks.push((known, range));
            }
            viable.push((def, ranks));
            surely_viable.push(sure);
            deductions.push(deduced);
        }
        // For templates that tie, partial ordering decides
        // ([over.match.best]/2.5): it needs each parameter's shape, and
        // applies only when both candidates convert every argument to the
        // same parameter type (otherwise [over.ics.rank]'s finer rules,
        // qualification adjustments and reference bindings among them,
        // which the ranks above do not tell apart, may decide first).
        let shapes: Vec<Option<Vec<Option<ordering::Shape>>>> = viable
            .iter()
            .map(|(d, _)| {
                if explicit_template_args {
                    None
                } else {
                    self.param_shapes(d)
                }
            })
            .collect();
        let nargs = args.len();
        let same_conversions = |i: usize, j: usize| -> bool {
            let (Some(si), Some(sj)) = (&shapes[i], &shapes[j]) else {
                return false;
            };
            (0..nargs).all(|k| {
                let (Some(Some(x)), Some(Some(y))) = (si.get(k), sj.get(k)) else {
                    return false;
                };
                let (Some(tx), Some(ty)) =
                    (x.substituted(&deductions[i]), y.substituted(&deductions[j]))
                else {
                    return false;
                };
                // A concrete type is compared by its text too (`long` and
                // `long long` resolve alike); a deduced one comes from the
                // same argument in both.
                tx == ty && x.concrete_text() == y.concrete_text()
            })
        };
        let more_specialised = |i: usize, j: usize| -> bool {
            match (&shapes[i], &shapes[j]) {
                (Some(si), Some(sj)) => {
                    same_conversions(i, j) && self.more_specialised(si, sj, nargs)
                }
                _ => false,
            }
        };
        // Whether `b` (the `bi`-th viable candidate) could be a better
        // candidate than `a` (the `ai`-th) ([over.match.best]): a conversion
        // that may be better and, when every conversion may be the same, a
        // tie-breaker: a non-template beats a template, and of two
        // templates the more specialised wins ([temp.func.order]).
        type Ranked<'a, 't> = (&'a FnDef<'t>, Vec<(Option<(Ty, RefKind)>, RankRange)>);
        let could_beat = |bi: usize, ai: usize| -> bool {
            let (b, a) = (&viable[bi], &viable[ai]);
            let mut may_tie = true;
            for ((pb, rb), (pa, ra)) in b.1.iter().zip(&a.1) {
                if pa.is_some() && pa == pb {
                    // Same parameter type: same conversion, whatever the argument.
                    continue;
                }
                if rb.best < ra.worst {
                    return true;
                }
                if rb.best != ra.worst {
                    may_tie = false;
                }
            }
            may_tie
                && a.0.template.is_some()
                && !(b.0.template.is_some() && more_specialised(ai, bi))
        };
        // A candidate that may not be viable is picked only when it is the
        // only one left (otherwise C++ may call another).
        let best: Vec<&FnDef<'t>> = (0..viable.len())
            .filter(|&ai| {
                (surely_viable[ai] || viable.len() == 1)
                    && (0..viable.len()).all(|bi| bi == ai || !could_beat(bi, ai))
            })
            .map(|ai| viable[ai].0)
            .collect();
        if let [one] = best.as_slice() {
            return Ok(Overload::One((*one).clone()));
        }
        // Every candidate C++ may call is viable here (a candidate is
        // dropped only for an argument whose type rules it out), except in
        // a kernel with a type parameter modelled as opaque data: there an
        // argument's type may be that parameter's, which the front end
        // reads as `int`, so any candidate of the call's arity may be the
        // one an instantiation calls.
        if self.opaque_type_params {
            return Ok(Overload::Ambiguous(
                candidates
                    .iter()
                    .filter(|d| !explicit_template_args || d.template.is_some())
                    .map(|d| (*d).clone())
                    .collect(),
            ));
        }
        Ok(Overload::Ambiguous(
            viable.iter().map(|(d, _)| (*d).clone()).collect(),
        ))
    }

    /// A call used as an object (`g.at(i) = v`) whose callee overload
    /// resolution leaves open: the arms' results merge as values, so a store
    /// through one candidate's reference would go to a temporary and be
    /// lost (`float &at(int)` beside `float at(int) const`, which the
    /// object's constness picks): unsupported rather than a missed write.
    fn ambiguous_object_call<T>(&self, n: Node<'t>) -> R<T> {
        let name = self.txt(n.child_by_field_name("function").unwrap_or(n));
        self.unsup(
            n,
            format!(
                "call `{name}` used as an object: overload resolution depends on what the front end does not know (the object's constness, argument types), and a candidate returns a reference"
            ),
        )
    }

    /// A call that overload resolution leaves to one of `defs` (the
    /// viable candidates): C++ picks one at compile time, for the kernel's
    /// instantiation (types the front end models as opaque data, arguments
    /// of types it does not know), the same for every thread of a launch.
    /// Each candidate runs in an arm of a branch on an unknown value that is
    /// the same in all threads (a kernel parameter), so every candidate's
    /// accesses are checked and no thread mixes two of them.
    fn call_one_of(
        &mut self,
        n: Node<'t>,
        defs: &[FnDef<'t>],
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
        this: Option<LVal>,
    ) -> R<Val> {
        let name = self
            .txt(n.child_by_field_name("function").unwrap_or(n))
            .to_string();
        let id = ParamId(self.kernel.params.len() as u32);
        self.kernel.params.push(ParamDecl {
            name: format!("overload of `{name}`"),
            ty: ScalarTy::INT,
            position: u32::MAX,
        });
        self.note(
            n,
            format!(
                "call `{name}`: overload resolution depends on types the front end does not know; \
                 each of the {} candidates it may call is checked, one per launch",
                defs.len()
            ),
        );
        self.overload_arms(n, Expr::Param(id), defs, 0, args, tpl_args, this)
    }

    /// The arms of [`Self::call_one_of`] from the `k`-th candidate on.
    #[allow(clippy::too_many_arguments)]
    fn overload_arms(
        &mut self,
        n: Node<'t>,
        choice: Expr,
        defs: &[FnDef<'t>],
        k: usize,
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
        this: Option<LVal>,
    ) -> R<Val> {
        if k + 1 >= defs.len() {
            return self.inline_call_this(n, &defs[k], args, tpl_args, this);
        }
        let cond = bin(
            BinOp::Eq,
            choice.clone(),
            int(k as i128, ScalarTy::INT),
            ScalarTy::Bool,
        );
        let def = defs[k].clone();
        let this_here = this.clone();
        self.branch_values(
            cond,
            n,
            (n, |s: &mut Self| {
                s.inline_call_this(n, &def, args, tpl_args, this_here)
            }),
            (n, |s: &mut Self| {
                s.overload_arms(n, choice, defs, k + 1, args, tpl_args, this)
            }),
        )
    }

    /// The rank of the implicit conversion of an argument of type `arg` to
    /// a parameter of (referent) type `param` ([over.ics.rank]), as far as
    /// the front end's types tell; `None` when there is none. Identical
    /// types (and array-to-pointer decay) are exact; integral promotion of
    /// narrower integers and `bool` to `int`, and `float` to `double`, are
    /// promotions; other arithmetic conversions, pointer to `void *` or to
    /// a base class, pointer to `bool`, and an integer to a pointer (a null
    /// pointer constant, kept viable as an over-approximation) are
    /// conversions. A pointer never converts to a pointer to another
    /// unrelated type ([conv.ptr]). A struct converts to a struct it derives
    /// from (a reference binds to the base subobject: a conversion), a class
    /// with a converting constructor is reached by a user-defined
    /// conversion, and a struct converts to a scalar or pointer only through
    /// its conversion operator; vectors convert only to themselves.
    fn conversion_rank(&self, arg: &Ty, param: &Ty) -> Option<Rank> {
        if arg == param {
            return Some(Rank::Exact);
        }
        match (arg, param) {
            (Ty::Array(e, _), Ty::Ptr(_)) => self.conversion_rank(&Ty::Ptr(e.clone()), param),
            (Ty::Struct(a), Ty::Struct(p)) => {
                if self.derives_from(*a, *p) {
                    Some(Rank::Conversion)
                } else {
                    self.has_converting_constructor(*p, arg)
                        .then_some(Rank::UserDefined)
                }
            }
            (_, Ty::Struct(p)) => self
                .has_converting_constructor(*p, arg)
                .then_some(Rank::UserDefined),
            (Ty::Struct(a), _) => self
                .has_conversion_operator(*a)
                .then_some(Rank::UserDefined),
            (_, Ty::Vector(..)) | (Ty::Vector(..), _) => None,
            (Ty::Scalar(a), Ty::Scalar(p)) => Some(arithmetic_rank(*a, *p)),
            (Ty::Ptr(a), Ty::Ptr(p)) => match (a.as_ref(), p.as_ref()) {
                (_, Ty::Void) => Some(Rank::Conversion),
                // A `void *` argument does not convert to another pointer in
                // C++; the front end may however have lost a pointee type
                // as `void`, so the candidate stays viable.
                (Ty::Void, _) => Some(Rank::Conversion),
                (Ty::Struct(a), Ty::Struct(p)) if self.derives_from(*a, *p) => {
                    Some(Rank::Conversion)
                }
                _ => None,
            },
            (Ty::Ptr(_) | Ty::Array(..), Ty::Scalar(ScalarTy::Bool)) => Some(Rank::Conversion),
            (Ty::Ptr(_) | Ty::Array(..), Ty::Scalar(_)) => None,
            (Ty::Scalar(ScalarTy::Int { .. } | ScalarTy::Bool), Ty::Ptr(_)) => {
                Some(Rank::Conversion)
            }
            (Ty::Scalar(_), Ty::Ptr(_)) => None,
            _ => Some(Rank::Conversion),
        }
    }

    /// Whether struct `derived` is `base` or derives from it, directly or
    /// through its bases.
    pub(crate) fn derives_from(&self, derived: usize, base: usize) -> bool {
        self.class_and_bases(derived).contains(&base)
    }

    /// Whether struct `k` (or one of its bases) declares a conversion
    /// operator (`operator int()`), through which it converts to scalars.
    pub(crate) fn has_conversion_operator(&self, k: usize) -> bool {
        self.class_and_bases(k).into_iter().any(|c| {
            let tag = self.struct_name(c);
            self.cx
                .functions
                .contains_key(&format!("{tag}::operator cast"))
        })
    }

    /// Whether struct `k` has a constructor with one parameter that an
    /// argument of type `arg` converts to (a parameter of unknown or
    /// template type is taken to accept it; only standard conversions are
    /// considered for the argument, so no chain of user conversions).
    fn has_converting_constructor(&self, k: usize, arg: &Ty) -> bool {
        let tag = self.struct_name(k);
        let Some(defs) = self.cx.functions.get(&format!("{tag}::{tag}")) else {
            return false;
        };
        defs.iter().filter(|d| d.param_count == 1).any(|d| {
            let Some(params) = self.param_types(d) else {
                return true;
            };
            match params.first() {
                Some(Some(ParamTy::Known(p, _))) => {
                    p == arg
                        || match (arg, p) {
                            (Ty::Struct(a), Ty::Struct(b)) => self.derives_from(*a, *b),
                            (Ty::Struct(_) | Ty::Vector(..), _)
                            | (_, Ty::Struct(_) | Ty::Vector(..)) => false,
                            _ => true,
                        }
                }
                _ => true,
            }
        })
    }

    /// The declared types of a definition's parameters, resolved in its own
    /// unit (references to their referent type); [`ParamTy::Generic`] for a
    /// parameter whose type mentions one of the definition's template
    /// parameters, `None` for arrays (whose bounds may be deduced) and
    /// parameters without a type. `None` overall when the parameter list is
    /// missing.
    fn param_types(&self, def: &FnDef<'t>) -> Option<Vec<Option<ParamTy>>> {
        let params = def.params?;
        let src = &self.cx.units[def.unit].text;
        let mut generic: Vec<&str> = Vec::new();
        if let Some(tpl) = def.template {
            let mut stack = vec![tpl];
            while let Some(x) = stack.pop() {
                if matches!(x.kind(), "identifier" | "type_identifier") {
                    generic.push(text(x, src));
                }
                stack.extend(x.named_children(&mut x.walk()));
            }
        }
        let no_overrides = crate::base::HashMap::default();
        let mut out = Vec::new();
        for p in params.named_children(&mut params.walk()) {
            if !p.kind().contains("parameter_declaration") {
                continue;
            }
            let Some(tn) = p.child_by_field_name("type") else {
                out.push(None);
                continue;
            };
            let mut mentions_generic = false;
            let mut stack = vec![tn];
            while let Some(x) = stack.pop() {
                if matches!(x.kind(), "identifier" | "type_identifier")
                    && generic.contains(&text(x, src))
                {
                    mentions_generic = true;
                }
                stack.extend(x.named_children(&mut x.walk()));
            }
            let declarator = p.child_by_field_name("declarator");
            let refkind = ref_kind(p, src);
            if mentions_generic {
                let mut pointer = false;
                let mut depth = 0;
                let mut array = false;
                let mut stack: Vec<Node<'t>> = declarator.into_iter().collect();
                while let Some(x) = stack.pop() {
                    if x.kind().contains("array_declarator") {
                        array = true;
                    }
                    if x.kind().contains("pointer_declarator") {
                        pointer = true;
                        depth += 1;
                    }
                    stack.extend(x.named_children(&mut x.walk()));
                }
                // `T (&a)[N]` / `T a[]`: deduced from arrays and pointers alike.
                let pointer = pointer && !array;
                let class = tn.kind() == "template_type";
                // `T`, `T &`, `const T &`, `T *`: the deduced type is followed.
                let deduces = (tn.kind() == "type_identifier" && !array && depth <= 1)
                    .then(|| text(tn, src).to_string());
                out.push(Some(ParamTy::Generic {
                    pointer,
                    class,
                    deduces,
                    refkind,
                }));
                continue;
            }
            if !self.cx.types.knows_type(tn, src) {
                // An enum or a name the front end does not know: resolved
                // to `int`, which would match an `int` argument exactly
                // (no implicit conversion int -> enum exists).
                out.push(None);
                continue;
            }
            let base = self.cx.types.resolve_base(tn, src, &no_overrides);
            let info = self.cx.types.apply_declarator(base, declarator, src);
            out.push(
                (!matches!(info.ty, Ty::Array(..))).then_some(ParamTy::Known(info.ty, refkind)),
            );
        }
        Some(out)
    }

    /// The type of a call argument, found without keeping its lowering
    /// (the statements and temporaries it makes are undone); `None` when
    /// it is not known.
    pub(crate) fn arg_type(&mut self, a: Node<'t>) -> Option<Ty> {
        let inner = strip_parens(a);
        // A character literal has type `char` in C++ ([lex.ccon]), not the
        // `int` it is lowered as; prefixed ones (`L'x'`, `u'x'`) are not followed.
        if inner.kind() == "char_literal" {
            return self
                .txt(inner)
                .starts_with('\'')
                .then_some(Ty::Scalar(ScalarTy::Int {
                    bits: 8,
                    signed: true,
                }));
        }
        if inner.kind() == "identifier" {
            match self.lookup(self.txt(inner)) {
                Some(Binding::Slot(s)) => return Some(self.lval_type(&LVal::Slot(s.clone()))),
                Some(Binding::Ref(lv)) => return Some(self.lval_type(lv)),
                Some(Binding::Value(v)) => return Some(self.type_of_val(v)),
                Some(Binding::Array { ty, .. }) => return Some(ty.clone()),
                _ => {}
            }
        }
        let saved = std::mem::take(&mut self.cur);
        let saved_vars = self.kernel.vars.len();
        let saved_id = self.kernel.next_stmt_id;
        let saved_calls = self.inlined_calls;
        let ty = self.rvalue(a).ok().map(|v| self.type_of_val(&v));
        self.cur = saved;
        self.kernel.vars.truncate(saved_vars);
        self.lane_sets.retain(|v, _| (v.0 as usize) < saved_vars);
        self.coalesced_roles
            .retain(|v, _| (v.0 as usize) < saved_vars);
        self.kernel.next_stmt_id = saved_id;
        self.inlined_calls = saved_calls;
        ty
    }

    /// The definition a call `S::f(..)` names when `S` is a struct (or a
    /// template parameter bound to one) and `f` is a static member function
    /// defined in it. C++ calls exactly that function, with no receiver, so
    /// it is inlined like a free function. Non-static members (`Base::f()`
    /// inside a member function needs `this`) and anything else give `None`.
    fn static_member(&self, f: Node<'t>, arity: usize) -> Option<Vec<FnDef<'t>>> {
        let scope = f.child_by_field_name("scope")?;
        let name_node = f.child_by_field_name("name")?;
        let name_node = if name_node.kind() == "template_function" {
            name_node.child_by_field_name("name")?
        } else {
            name_node
        };
        if name_node.kind() != "identifier" {
            return None;
        }
        let k = match scope.kind() {
            "namespace_identifier" | "type_identifier" => {
                let tag = self.txt(scope);
                match self.type_overrides.get(tag) {
                    Some(Ty::Struct(k)) => *k,
                    Some(_) => return None,
                    None => *self.cx.types.struct_names.get(tag)?,
                }
            }
            "template_type" => match self.resolve_type(scope) {
                Ty::Struct(k) => k,
                _ => return None,
            },
            _ => return None,
        };
        let tag = self.struct_name(k);
        let defs = self
            .cx
            .functions
            .get(&format!("{tag}::{}", self.txt(name_node)))?;
        let is_static = |def: &FnDef<'t>| {
            def.node.children(&mut def.node.walk()).any(|c| {
                c.kind() == "storage_class_specifier"
                    && text(c, &self.cx.units[def.unit].text) == "static"
            })
        };
        // Every overload of the name is a candidate ([over.match.call]);
        // the call is taken as static only when each one with a body that
        // the argument count makes viable is.
        let viable: Vec<&FnDef<'t>> = defs
            .iter()
            .filter(|d| d.has_body && d.accepts(arity))
            .collect();
        (!viable.is_empty() && viable.iter().all(|d| is_static(d))).then(|| defs.clone())
    }

    /// `SharedMemory<T>()`: a temporary of a struct whose conversion operator
    /// returns a pointer (the CUDA samples' proxy for `extern __shared__`
    /// memory), used where a pointer is wanted. Its value is what the
    /// operator returns, inlined (with no receiver: an operator that reads
    /// the object's fields makes the lowering fail and the call is taken as
    /// unknown code, as before).
    fn pointer_proxy(&mut self, n: Node<'t>, tag: &str) -> R<Option<Val>> {
        let Some(def) = self
            .cx
            .functions
            .get(&format!("{tag}::operator cast"))
            .and_then(|defs| defs.iter().find(|d| d.has_body && d.param_count == 0))
            .cloned()
        else {
            return Ok(None);
        };
        if !matches!(self.inline_return_type(&def), Ty::Ptr(_)) {
            return Ok(None);
        }
        let mut value = None;
        let lowered = self.with_block(|l| {
            value = Some(l.inline_call_this(n, &def, &[], None, None)?);
            Ok(())
        });
        match (lowered, value) {
            (Ok(stmts), Some(v @ Val::Ptr { .. })) => {
                self.cur.extend(stmts);
                Ok(Some(v))
            }
            _ => Ok(None),
        }
    }

    /// `T(args)` with `T` naming a class (directly, through a typedef or
    /// alias, or as a template instance) that has a constructor of that
    /// many parameters: a temporary object (C++ [expr.type.conv]), its
    /// fields unknown until the constructor's body runs on it, as for a
    /// local `T x(args);`. Its value is the constructed object. `None` when
    /// the callee is not such a type name (a local or function of that
    /// name comes first, as in C++ name lookup).
    fn temporary_object(&mut self, n: Node<'t>, f: Node<'t>, args: &[Node<'t>]) -> R<Option<Val>> {
        match self.temporary_object_slot(n, f, args)? {
            Some(slot) => self.load(LVal::Slot(slot), n).map(Some),
            None => Ok(None),
        }
    }

    /// Pointers to what the reference members of an object of type `ty`
    /// (also of its member objects) may be bound to, for code the front end
    /// cannot see: such a method reaches its referents as surely as those
    /// of pointer members, but the object's value holds the referent's
    /// value, not its address (see `Lowerer::member_lvalue`), so any array
    /// of the spaces a reference can be bound to (`cuda::atomic_ref`-like
    /// `struct Ref { int &x; void store(int); }`: the store was lost).
    fn reference_member_referents(&mut self, ty: &Ty, n: Node<'t>) -> Vec<Val> {
        let mut out = Vec::new();
        let mut stack = vec![ty.clone()];
        let mut seen = 0;
        while let Some(t) = stack.pop() {
            seen += 1;
            if seen > 64 {
                break;
            }
            match t {
                Ty::Array(e, _) => stack.push(*e),
                Ty::Struct(k) => {
                    let Some(sd) = self.cx.types.structs.get(k) else {
                        continue;
                    };
                    for f in &sd.fields {
                        if sd.reference_fields.contains(&f.name) {
                            out.push(f.ty.clone());
                        } else {
                            stack.push(f.ty.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        out.into_iter()
            .map(|pointee| Val::Ptr {
                target: self.unknown_target(n),
                offset: int(0, ScalarTy::LONG),
                pointee,
            })
            .collect()
    }

    /// The receiver `obj` of a member call when it is a temporary object
    /// (`T(args).f()`, see [`Self::temporary_object`]): the constructed
    /// object itself, not a copy of its value. An object too large to track
    /// field by field loads as per-thread memory, whose copy has no class
    /// type: the member function was then not found, and the call lowered
    /// as an unknown method that could not reach what the object refers to
    /// (a reference member bound to `__shared__` storage), so its accesses
    /// there were lost.
    fn temporary_receiver(&mut self, obj: Node<'t>) -> R<Option<LVal>> {
        let obj = strip_parens(obj);
        if obj.kind() != "call_expression" {
            return Ok(None);
        }
        let Some(f) = obj.child_by_field_name("function") else {
            return Ok(None);
        };
        let args = call_arguments(obj);
        Ok(self.temporary_object_slot(obj, f, &args)?.map(LVal::Slot))
    }

    /// [`Self::temporary_object`]'s object, constructed in a local.
    fn temporary_object_slot(
        &mut self,
        n: Node<'t>,
        f: Node<'t>,
        args: &[Node<'t>],
    ) -> R<Option<Slot>> {
        let ty = match f.kind() {
            "identifier" | "type_identifier" => {
                let name = self.txt(f);
                if self.lookup(name).is_some() || self.cx.functions.contains_key(name) {
                    return Ok(None);
                }
                match self.type_name(f) {
                    Some(t) => t,
                    None => match self.cx.types.struct_names.get(name) {
                        Some(&k) => Ty::Struct(k),
                        None => return Ok(None),
                    },
                }
            }
            "template_type" => self.resolve_type(f),
            // `S<float>(args)` parses as a call of a function template; a
            // class template instance (else the template, its parameters
            // opaque, as for a type) unless a function has that name.
            "template_function" => {
                let Some(name) = f.child_by_field_name("name").map(|x| self.txt(x)) else {
                    return Ok(None);
                };
                if self.lookup(name).is_some() || self.cx.functions.contains_key(name) {
                    return Ok(None);
                }
                let key = crate::frontend::types::TypeEnv::template_key(f, self.src());
                let primary = (!self.cx.types.specialised_templates.contains(name))
                    .then(|| self.cx.types.struct_names.get(name))
                    .flatten();
                match self.cx.types.struct_names.get(&key).or(primary) {
                    Some(&k) => Ty::Struct(k),
                    None => return Ok(None),
                }
            }
            _ => return Ok(None),
        };
        let Ty::Struct(k) = ty else {
            return Ok(None);
        };
        let tag = self.struct_name(k);
        let Some(ctor) = self
            .struct_method(k, &tag, Some(args.len()))
            .filter(|c| c.accepts(args.len()))
        else {
            // `S()` of a class that declares no constructor: value
            // initialisation ([dcl.init]/8), over-approximated by unknown
            // members.
            if args.is_empty()
                && self.struct_method(k, &tag, None).is_none()
                && self.trivially_constructed(k)
            {
                let slot = self.make_slot(&ty, "$temporary", n);
                self.havoc_slot(&slot, n);
                return Ok(Some(slot));
            }
            // `S()` of a class without constructors whose initialisation
            // runs code (a member's constructor, a default member
            // initializer): value-initialisation runs it ([dcl.init]/9).
            if args.is_empty()
                && self.struct_method(k, &tag, None).is_none()
                && !self.has_conversion_operator(k)
                && (self.class_members_construct(k) || self.implicit_init_runs_code(k))
            {
                let slot = self.make_slot(&ty, "$temporary", n);
                self.havoc_slot(&slot, n);
                self.value_initialise(LVal::Slot(slot.clone()), &ty, n)?;
                return Ok(Some(slot));
            }
            return Ok(None);
        };
        let slot = self.make_slot(&ty, "$temporary", n);
        self.havoc_slot(&slot, n);
        self.construct_with(n, k, &ctor, args, &slot)?;
        Ok(Some(slot))
    }

    /// Whether constructing a `k` runs no code: it declares no constructor
    /// and no default member initializer (nor do its bases), has no base
    /// class and no member of class type (whose constructors might).
    fn trivially_constructed(&self, k: usize) -> bool {
        // A class with a conversion operator is left to the callers that
        // model the proxy idiom (`SharedMemory<T>()` converts to a pointer).
        if self.has_conversion_operator(k) {
            return false;
        }
        self.cx.types.structs.get(k).is_some_and(|sd| {
            !sd.not_plain_aggregate
                && sd.bases.is_empty()
                && sd.fields.iter().all(|f| {
                    let mut t = &f.ty;
                    while let Ty::Array(inner, _) = t {
                        t = inner;
                    }
                    !matches!(t, Ty::Struct(_))
                })
        })
    }

    /// The type of a call's callee written as a scalar or vector type name
    /// (`float`, `unsigned`, a typedef of one): a functional cast.
    fn functional_cast_type(&self, f: Node<'t>) -> Option<Ty> {
        let ty = match f.kind() {
            "primitive_type" | "type_identifier" => self.type_name(f)?,
            "sized_type_specifier" => Ty::Scalar(crate::frontend::types::sized_type(f, self.src())),
            "identifier" if !self.cx.functions.contains_key(self.txt(f)) => self.type_name(f)?,
            _ => return None,
        };
        matches!(ty, Ty::Scalar(_) | Ty::Vector(..)).then_some(ty)
    }

    pub(crate) fn method_call(&mut self, n: Node<'t>, f: Node<'t>, args: &[Node<'t>]) -> R<Val> {
        let want_ref = std::mem::take(&mut self.ref_return);
        let (Some(obj), Some(method)) = (
            f.child_by_field_name("argument"),
            f.child_by_field_name("field"),
        ) else {
            return self.unsup(n, "malformed method call");
        };
        let m = self.txt(method).to_string();
        if let Some(v) = self.accessor_method(n, obj, &m, args)? {
            return Ok(v);
        }
        if let Some(v) = self.cub_collective(n, obj, &m, args)? {
            return Ok(v);
        }
        let arrow = f
            .child_by_field_name("operator")
            .is_some_and(|o| self.txt(o) == "->");
        if let (false, Some(v)) = (arrow, self.atomic_ref_var(obj)) {
            return self.atomic_ref_method(n, v, &m, args);
        }
        let recv_lv = if arrow {
            match self.rvalue(obj)? {
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                } => self.deref(target, offset, pointee, obj),
                _ => return self.unsup(n, format!("`->{m}` on a non-pointer")),
            }
        } else if let Some(object) = self.temporary_receiver(obj)? {
            object
        } else {
            self.lvalue(obj)?
        };
        let recv_ty = self.lval_type(&recv_lv);
        if let Ty::Struct(k) = recv_ty {
            // A member function of the receiver's struct, chosen among the
            // overloads of its name as for a free function: inlined with
            // the receiver's fields in scope.
            let tag = self.struct_name(k);
            if let Some(defs) = self.cx.functions.get(&format!("{tag}::{m}")).cloned() {
                // `const` and non-const overloads: the object's constness
                // picks ([over.match.funcs]; see `object_const`).
                let defs = self.members_for_object(&defs, obj, arrow, k);
                self.ref_return = want_ref;
                if let Some(v) = self.call_among(n, &defs, args, None, Some(recv_lv.clone()))? {
                    return Ok(v);
                }
                self.ref_return = false;
            }
        }
        if let Some(v) = self.warp_specialized_method(n, obj, &recv_lv, &m, args)? {
            return Ok(v);
        }
        let recv = self.load(recv_lv.clone(), obj)?;
        if !matches!(recv, Val::Group(_)) {
            // Unknown method: it may touch whatever the receiver and arguments
            // reach, change the receiver and objects passed by reference.
            let mut vals = vec![recv];
            vals.extend(self.reference_member_referents(&recv_ty, n));
            if let LVal::Slot(Slot::Var(v, _)) = &recv_lv {
                vals.extend(self.constructed_from.get(v).cloned().unwrap_or_default());
            }
            vals.extend(self.eval_args(args)?);
            let v = self.unknown_effects(n, &format!("method `{m}`"), vals)?;
            self.havoc_ref_args(args, None)?;
            self.havoc_receiver(recv_lv, n)?;
            return Ok(v);
        }
        let vals = self.eval_args(args)?;
        if let Val::Group(GroupKind::Tile(Some(size), fixed)) = recv {
            if let Some(v) = self.tile_member(size, fixed, &m) {
                return Ok(v);
            }
        }
        if let Val::Group(g) = recv {
            if builtins::is_group_exchange_method(&m) {
                // `tile.shfl_down(v, d)`, `tile.ballot(p)`: a register
                // exchange every thread of the group must take part in.
                self.group_exchange(n, g, &m)?;
                let ty = match (m.starts_with("shfl"), vals.first()) {
                    (true, Some(Val::Scalar(_, t))) => *t,
                    _ => ScalarTy::UINT,
                };
                let v = self.havoc(ty, n);
                if let (true, [Val::Scalar(value, _), Val::Scalar(lane, _)]) =
                    (m == "shfl", &vals[..])
                {
                    self.aggregated_increment(n, g, value, lane, &v);
                }
                if let (Expr::Var(v), true) = (
                    &v,
                    matches!(m.as_str(), "ballot" | "match_any" | "match_all"),
                ) {
                    let origin = self.cur.last().map(|s| s.id);
                    self.lane_sets.insert(*v, origin);
                }
                // On a tile of a whole warp, `shfl(v, src)` from a
                // warp-uniform source lane, `ballot`, `any` and `all` give
                // every lane the same value (as the `__*_sync` intrinsics
                // with the full mask they are built on).
                if matches!(g, GroupKind::Tile(Some(32), _)) {
                    let keys = match (m.as_str(), vals.get(1)) {
                        ("shfl", Some(Val::Scalar(src, _))) if vals.len() == 2 => {
                            Some(vec![src.clone()])
                        }
                        ("ballot" | "any" | "all", _) => Some(Vec::new()),
                        _ => None,
                    };
                    if let Some(keys) = keys {
                        self.warp_broadcast(keys);
                    }
                }
                return Ok(Val::Scalar(v, ty));
            }
            return Ok(match m.as_str() {
                "sync" | "barrier_wait" => {
                    self.group_sync(n, g);
                    Val::Void
                }
                "thread_rank" if g == GroupKind::Block => {
                    Val::Scalar(self.linear_tid(), ScalarTy::UINT)
                }
                "thread_rank" | "size" | "num_threads" | "block_rank" | "num_blocks"
                    if g == GroupKind::Grid =>
                {
                    Val::Scalar(grid_member(&m, self.linear_tid()), ScalarTy::ULONG)
                }
                "size" | "num_threads" if g == GroupKind::Block => {
                    let b = |d| Expr::Builtin(Builtin::BlockDim(d));
                    let e = bin(
                        BinOp::Mul,
                        bin(BinOp::Mul, b(0), b(1), ScalarTy::UINT),
                        b(2),
                        ScalarTy::UINT,
                    );
                    Val::Scalar(e, ScalarTy::UINT)
                }
                "thread_index" if g == GroupKind::Block => Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3)
                        .map(|d| Val::Scalar(Expr::Builtin(Builtin::ThreadIdx(d)), ScalarTy::UINT))
                        .collect(),
                ),
                "group_index" if g == GroupKind::Block => Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3)
                        .map(|d| Val::Scalar(Expr::Builtin(Builtin::BlockIdx(d)), ScalarTy::UINT))
                        .collect(),
                ),
                "group_dim" | "dim_threads" if g == GroupKind::Block => Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3)
                        .map(|d| Val::Scalar(Expr::Builtin(Builtin::BlockDim(d)), ScalarTy::UINT))
                        .collect(),
                ),
                _ => {
                    let v = self.havoc(ScalarTy::UINT, n);
                    self.note_coalesced_member(g, &m, &v);
                    Val::Scalar(v, ScalarTy::UINT)
                }
            });
        }
        Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT))
    }

    pub(crate) fn builtin_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        use builtins::BuiltinKind as K;
        if let ([arg], true) = (args, builtins::is_precondition(name)) {
            if let Some(v) = self.precondition(n, name, *arg)? {
                return Ok(v);
            }
        }
        if let ("move" | "forward", [arg]) = (name, args) {
            // `std::move(x)`, `std::forward<T>(x)` (<utility>, not in view):
            // casts of `x` to a reference, of `x`'s value. A copy or move
            // they initialise runs the constructor `implicit_copy` selects.
            return self.rvalue(*arg);
        }
        let kind = builtins::classify(name);
        if let Some(v) = self.synchronizing_builtin(n, name, kind, args)? {
            return Ok(v);
        }
        if let Some(v) = self.warp_specialized_call(n, name, args)? {
            return Ok(v);
        }
        // The other builtins, by what the table says they are. An arm that
        // does not recognise the call's shape (an image call without a
        // pointer, `__ldg` of a non-pointer) leaves it to the unknown-code
        // path below.
        match kind {
            Some(K::WorkItem) => return self.work_item(n, name, args),
            Some(K::Atomic) => return self.atomic(n, name, args),
            Some(K::Random) => return self.curand(n, name, args),
            Some(K::Image) => {
                if let Some(v) = self.image_call(n, name, args)? {
                    return Ok(v);
                }
            }
            Some(K::Annotation) => {
                // Arguments are not evaluated: they are predicates over the state.
                return Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT));
            }
            Some(K::Fence) if matches!(name, "__threadfence" | "__threadfence_system") => {
                // A device-scope fence: kept in the IR for the last-block
                // idiom (`check::last_block`); it orders no pair on its own.
                let _ = self.eval_args(args)?;
                self.push(StmtKind::DeviceFence, n);
                return Ok(Val::Void);
            }
            Some(K::Fence | K::Ignored) => {
                // Fences, printf, assert: no effect here, but their arguments may read memory.
                let _ = self.eval_args(args)?;
                return Ok(Val::Void);
            }
            Some(K::CachedLoad) => {
                let vals = self.eval_args(args)?;
                if let Some(Val::Ptr {
                    target,
                    offset,
                    pointee,
                }) = vals.into_iter().next()
                {
                    if matches!(name, "__ldcv" | "__ldcg") {
                        // Cache-volatile / L2-only loads are how a kernel
                        // polls memory another agent (the host, another
                        // grid or block) writes while it runs: the array's
                        // reads are volatile (`Lowerer::mark_volatile_reads`).
                        match &target {
                            Target::Array(a) => {
                                self.volatile_arrays.insert(*a);
                            }
                            Target::Choice(arrays, _) => self.volatile_arrays.extend(arrays),
                            _ => {}
                        }
                    }
                    let lv = self.deref(target, offset, pointee, n);
                    return self.load(lv, n);
                }
            }
            Some(K::Vector) => {
                if let Some(v) = self.vector_builtin(n, name, args)? {
                    return Ok(v);
                }
            }
            Some(K::IntegerMath | K::PureMath) => return self.math(n, name, args),
            Some(K::BlockCopy | K::AsyncCopy) => return self.copy_call(n, name, args),
            // Textures are read-only: a value, no effect on memory. Opaque
            // intrinsics likewise (they exchange registers, not memory).
            Some(K::OpaqueValue) if builtins::is_masked_warp_intrinsic(name) => {
                let vals = self.eval_args(args)?;
                // Every lane the mask names must execute it (see
                // `tile_exchange`, `warp_mask_lanes`).
                let lanes = self.warp_mask_lanes(n, name, vals.first())?;
                if let Some(lanes) = lanes {
                    self.tile_exchange(n, 32, lanes);
                }
                let v = self.warp_value(n, name);
                // With the constant full mask all 32 lanes take part (a
                // computed mask may name fewer, whose calls from the other
                // lanes are not checked).
                if Self::constant_lanes(vals.first()) == Some(u32::MAX) {
                    if let Some(keys) = sync::warp_broadcast_keys(name, &vals) {
                        self.warp_broadcast(keys);
                    }
                }
                return Ok(v);
            }
            Some(K::OpaqueValue) if builtins::is_lane_set_intrinsic(name) => {
                let _ = self.eval_args(args)?;
                return Ok(self.warp_value(n, name));
            }
            Some(K::OpaqueValue) if name == "get_sub_group_id" => {
                let _ = self.eval_args(args)?;
                return Ok(Val::Scalar(crate::ir::sub_group_id(), ScalarTy::UINT));
            }
            Some(K::Texture | K::OpaqueValue) => {
                let _ = self.eval_args(args)?;
                return Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT));
            }
            _ => {}
        }
        if let Some(v) = self.group_collective(n, name, args)? {
            return Ok(v);
        }
        self.unknown_call(n, name, args)
    }

    /// Barriers, collectives, group handles and `get_work_dim`, by the
    /// table's `kind` of `name`; None for a call left to the other builtins
    /// (a free `barrier_wait`, `sync` of no group, the other kinds).
    fn synchronizing_builtin(
        &mut self,
        n: Node<'t>,
        name: &str,
        kind: Option<builtins::BuiltinKind>,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        use builtins::BuiltinKind as K;
        match kind {
            Some(K::BlockBarrier) if name == "__barrier_sync_count" && args.len() == 2 => {
                // `bar.sync id, count`: a named barrier that `count` threads
                // of the block meet at (see `check/named.rs`), as its inline
                // PTX form.
                let vals = self.eval_args(args)?;
                let scalar = |v: &Val| match v {
                    Val::Scalar(e, t) => Some(conv(e.clone(), *t, ScalarTy::INT)),
                    _ => None,
                };
                let (Some(id), Some(count)) = (scalar(&vals[0]), scalar(&vals[1])) else {
                    return self.unsup(n, "`__barrier_sync_count` operands are not numbers");
                };
                self.named_barrier(n, crate::ir::NamedOp::Sync, id, Some(count), None);
                return Ok(Some(Val::Void));
            }
            Some(K::BlockBarrier) if matches!(name, "__syncthreads" | "__barrier_sync") => {
                // `__barrier_sync(id)` is `bar.sync id` without a thread
                // count: every thread of the block takes part, as in
                // `__syncthreads()` (`bar.sync 0`), whatever the id.
                let _ = self.eval_args(args)?;
                self.barrier(n, BarrierScope::Block, true, true);
                return Ok(Some(Val::Void));
            }
            Some(K::BlockBarrierReduction) => {
                let _ = self.eval_args(args)?;
                self.barrier(n, BarrierScope::Block, true, true);
                // The block-wide count/and/or is the same in every thread (a
                // collective result), so loops on it are uniform.
                return Ok(Some(
                    match self.collective(name, Vec::new(), Some(ScalarTy::INT), n) {
                        Some(v) => Val::Scalar(Expr::Var(v), ScalarTy::INT),
                        None => Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT),
                    },
                ));
            }
            Some(K::BlockBarrier) => {
                let (mut g, mut l) = self.fence_flags(args);
                if let Some(scope) = args.get(1) {
                    // A memory scope narrower than the work-group (or unknown)
                    // orders nothing between the work-items: still a barrier
                    // all must reach, without fences.
                    let scope_name = self.txt(strip_parens(*scope));
                    if !matches!(
                        scope_name,
                        "memory_scope_work_group"
                            | "memory_scope_device"
                            | "memory_scope_all_svm_devices"
                            | "memory_scope_all_devices"
                    ) {
                        g = false;
                        l = false;
                        self.note(
                            n,
                            format!("barrier with memory scope `{scope_name}` orders no memory between work-items"),
                        );
                    }
                }
                self.barrier(n, BarrierScope::Block, g, l);
                return Ok(Some(Val::Void));
            }
            Some(K::WarpBarrier) => {
                let vals = self.eval_args(args)?;
                // With the full mask (the default) it orders the 32 threads of
                // a warp.
                let full = match vals.first() {
                    None => true,
                    Some(Val::Scalar(Expr::Int(k, _), _)) => k & 0xffff_ffff == 0xffff_ffff,
                    Some(_) => false,
                };
                if full {
                    self.barrier(n, BarrierScope::Warp, true, true);
                } else if let Some(lanes) = self.warp_mask_lanes(n, name, vals.first())? {
                    // Any other mask but an active mask taken by the threads
                    // making the call (None: nothing to check, nothing
                    // ordered): a barrier of the lanes the mask names. It
                    // orders two threads of a warp whose lanes are both in
                    // it where the checker knows the mask's value, the same
                    // in every thread of the block (`BarrierScope::WarpMask`,
                    // `analysis::warp_masks`), and every lane it names must
                    // reach it (all 32 when the mask is not known).
                    if let Some(Val::Scalar(e, t)) = vals.first() {
                        let index = self.kernel.warp_masks.len() as u32;
                        self.kernel
                            .warp_masks
                            .push(conv(e.clone(), *t, ScalarTy::UINT));
                        self.barrier(n, BarrierScope::WarpMask { mask: index }, true, true);
                    } else {
                        self.tile_exchange(n, 32, lanes);
                        self.note(
                            n,
                            "__syncwarp with a mask that is not a number is taken to order nothing"
                                .into(),
                        );
                    }
                } else {
                    self.note(
                        n,
                        "__syncwarp with a mask computed from the active lanes is taken to order nothing"
                            .into(),
                    );
                }
                return Ok(Some(Val::Void));
            }
            Some(K::GroupHandle) if name == "this_thread_block" => {
                return Ok(Some(Val::Group(GroupKind::Block)))
            }
            Some(K::GroupHandle) if name == "this_grid" => {
                return Ok(Some(Val::Group(GroupKind::Grid)))
            }
            // `cooperative_groups::this_thread()`: the group of the calling
            // thread alone, a tile of one (rank 0, size 1; its sync and its
            // collective copies involve no other thread).
            Some(K::GroupHandle) if name == "this_thread" => {
                return Ok(Some(Val::Group(GroupKind::Tile(Some(1), true))))
            }
            Some(K::GroupHandle)
                if matches!(
                    name,
                    "coalesced_threads" | "binary_partition" | "labeled_partition"
                ) =>
            {
                let _ = self.eval_args(args)?;
                // `coalesced_threads()` is the threads running it: its point
                // is marked (an unused unknown value) for
                // `same_threads_since`; the partitions split a group by
                // values not modelled.
                let origin = if name == "coalesced_threads" {
                    let _ = self.havoc(ScalarTy::INT, n);
                    self.cur.last().map(|s| s.id)
                } else {
                    None
                };
                return Ok(Some(Val::Group(GroupKind::Coalesced(origin))));
            }
            Some(K::GroupHandle) => {
                let vals = self.eval_args(args)?;
                let (size, fixed) = self.block_tile_size(n, name, &vals);
                return Ok(Some(Val::Group(GroupKind::Tile(size, fixed))));
            }
            // Free `barrier_wait(b, token)`: not lowered, taken as unknown code.
            Some(K::GroupBarrier) if matches!(name, "sync" | "synchronize") => {
                let vals = self.eval_args(args)?;
                if let Some(Val::Group(g)) = vals.first() {
                    self.group_sync(n, *g);
                    return Ok(Some(Val::Void));
                }
            }
            Some(K::Collective) => {
                if let Some(v) = self.group_function(n, name, args)? {
                    return Ok(Some(v));
                }
            }
            Some(K::AsyncWait) => {
                let vals = self.eval_args(args)?;
                let uniform_args = self.wait_events_args(&vals, n)?;
                self.collective(name, uniform_args, None, n);
                // Without a barrier in between, the wait is in the same barrier
                // interval as the call: the accesses there already cover it.
                for (mut stmt, crossed) in std::mem::take(&mut self.pending_copies) {
                    if crossed {
                        self.renumber(&mut stmt);
                        self.cur.push(stmt);
                    }
                }
                return Ok(Some(Val::Void));
            }
            Some(K::WorkDim) => {
                let id = match self.work_dim {
                    Some(id) => id,
                    None => {
                        let id = ParamId(self.kernel.params.len() as u32);
                        self.kernel.params.push(ParamDecl {
                            name: "get_work_dim()".into(),
                            ty: ScalarTy::UINT,
                            position: u32::MAX,
                        });
                        self.work_dim = Some(id);
                        id
                    }
                };
                return Ok(Some(Val::Scalar(Expr::Param(id), ScalarTy::UINT)));
            }
            _ => {}
        }
        Ok(None)
    }

    /// Records the `Havoc` just lowered as a warp broadcast whose value is
    /// the same in all lanes of a warp that run it together when `keys`
    /// are (see [`crate::ir::Kernel::warp_broadcasts`]).
    fn warp_broadcast(&mut self, keys: Vec<Expr>) {
        if let Some(id) = self.last_havoc() {
            self.kernel.warp_broadcasts.push((id, keys));
        }
    }

    /// The label of the statement just lowered when it is a `Havoc`.
    pub(crate) fn last_havoc(&self) -> Option<crate::ir::StmtId> {
        self.cur
            .last()
            .filter(|s| matches!(s.kind, StmtKind::Havoc { .. }))
            .map(|s| s.id)
    }

    /// The unknown result of warp intrinsic `name`; a lane set (a ballot's)
    /// is remembered as one (see `warp_mask_lanes`).
    fn warp_value(&mut self, n: Node<'t>, name: &str) -> Val {
        let v = self.havoc(ScalarTy::INT, n);
        if let (Expr::Var(var), true) = (&v, builtins::is_lane_set_intrinsic(name)) {
            let origin = self.cur.last().map(|s| s.id);
            if let (Some(o), "__activemask") = (origin, name) {
                self.active_mask_stmts.insert(o);
            }
            self.lane_sets.insert(*var, origin);
        }
        Val::Scalar(v, ScalarTy::INT)
    }

    /// `cg::reduce(g, v, op)`, `cg::inclusive_scan(g, v, op)`,
    /// `cg::exclusive_scan(g, v, op)` on a cooperative group: the threads of
    /// the group exchange values through registers and touch no memory; the
    /// result (unknown here) may differ between threads. None when the first
    /// argument is not a group handle (another function of that name).
    fn group_collective(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Option<Val>> {
        if !matches!(name, "reduce" | "inclusive_scan" | "exclusive_scan") {
            return Ok(None);
        }
        let (Some(group), Some(value)) = (args.first(), args.get(1)) else {
            return Ok(None);
        };
        // Whatever expression names the group (a handle, a call making
        // one, a member holding one).
        let group_kind = match strip_parens(*group).kind() {
            "identifier" => match self.lookup(self.txt(strip_parens(*group))) {
                Some(Binding::Slot(Slot::Group(g))) => Some(*g),
                _ => None,
            },
            "call_expression" | "field_expression" | "subscript_expression" => {
                match self.group_value(*group)? {
                    Some(g) => Some(g),
                    None => return Ok(None),
                }
            }
            _ => None,
        };
        let Some(group_kind) = group_kind else {
            return Ok(None);
        };
        // The operator object (`cg::plus<float>()`) only names the operation.
        let ty = match self.rvalue(*value)? {
            Val::Scalar(_, t) => t,
            _ => ScalarTy::INT,
        };
        // Every thread of the group must take part (the exchange is a
        // collective, `__shfl_*_sync` over the group's mask): checked for
        // divergence, orders no memory (the values move through registers).
        self.group_exchange(n, group_kind, &format!("cg::{name}"))?;
        let v = self.havoc(ty, n);
        // A reduction over a tile of a whole warp gives every lane the same
        // value (a scan does not).
        if name == "reduce" && matches!(group_kind, GroupKind::Tile(Some(32), _)) {
            self.warp_broadcast(Vec::new());
        }
        Ok(Some(Val::Scalar(v, ty)))
    }

    /// The size of the tile `tiled_partition<N>(block)` or
    /// `tiled_partition(block, N)` makes, when it partitions a thread block
    /// into tiles of a constant power-of-two size (as CUDA requires of a
    /// tile); None for other groups (tiles of tiles, coalesced groups).
    /// The flag: the size is the template argument (`tiled_partition<N>`
    /// makes a `thread_block_tile<N>`, whose `size()` is the constant `N`).
    fn block_tile_size(&mut self, n: Node<'t>, name: &str, vals: &[Val]) -> (Option<u32>, bool) {
        let size = self.block_tile_size_of(n, name, vals);
        (size, size.is_some() && vals.len() == 1)
    }

    /// The size of [`Self::block_tile_size`].
    fn block_tile_size_of(&mut self, n: Node<'t>, name: &str, vals: &[Val]) -> Option<u32> {
        // A tile of a tile of `m` threads (which starts at a multiple of
        // `m`) cuts it into consecutive tiles of its own size: a tile of
        // the block of that size, when it is at most `m`.
        let parent = match vals.first() {
            Some(Val::Group(GroupKind::Block)) => u32::MAX,
            Some(Val::Group(GroupKind::Tile(Some(m), _))) => *m,
            _ => return None,
        };
        if name != "tiled_partition" {
            return None;
        }
        let size = match vals.get(1) {
            Some(Val::Scalar(Expr::Int(k, _), _)) => Some(*k),
            Some(_) => None,
            None => {
                // The template argument of `tiled_partition<N>(block)`.
                let f = n.child_by_field_name("function")?;
                let tf = if f.kind() == "qualified_identifier" {
                    f.child_by_field_name("name")?
                } else {
                    f
                };
                let arg = tf.child_by_field_name("arguments")?.named_child(0)?;
                let arg = if arg.kind() == "type_descriptor" {
                    arg.named_child(0)?
                } else {
                    arg
                };
                let mut value = None;
                let lowered = self.with_block(|l| {
                    value = Some(l.rvalue(arg)?);
                    Ok(())
                });
                match (lowered, value) {
                    (Ok(stmts), Some(Val::Scalar(Expr::Int(k, _), _))) if stmts.is_empty() => {
                        Some(k)
                    }
                    _ => None,
                }
            }
        }?;
        u32::try_from(size)
            .ok()
            .filter(|s| s.is_power_of_two() && *s <= 1024 && *s <= parent)
    }

    /// A member of a tile of `size` threads of a thread block. The block's
    /// threads in `thread_rank` order (its linear thread id) are cut into
    /// consecutive tiles: a thread's rank in its tile is its linear id modulo
    /// `size`, the tile's rank among the block's tiles (`meta_group_rank`) the
    /// quotient, and there are `ceil(threads / size)` tiles; the last one has
    /// the threads left over when `size` does not divide the block, and its
    /// `size()` says so unless `fixed` (see [`GroupKind::Tile`]). None for
    /// other members (their value is unknown).
    fn tile_member(&mut self, size: u32, fixed: bool, member: &str) -> Option<Val> {
        let u = ScalarTy::UINT;
        let k = |v: u32| Expr::Int(i128::from(v), u);
        let b = |d| Expr::Builtin(Builtin::BlockDim(d));
        let threads = bin(BinOp::Mul, bin(BinOp::Mul, b(0), b(1), u), b(2), u);
        let tid = self.linear_tid();
        // A tile of one thread may be `this_thread()`, whose meta group is
        // the thread alone (rank 0 of 1), not the block's tiles of one as for
        // `tiled_partition<1>(block)`: unknown.
        if size == 1 && member.starts_with("meta_group") {
            return None;
        }
        if fixed && matches!(member, "size" | "num_threads") {
            // `thread_block_tile<N>::size()` is a static constexpr member:
            // `N` in every tile, the same value in every thread.
            return Some(Val::Scalar(k(size), u));
        }
        Some(Val::Scalar(
            match member {
                "thread_rank" => bin(BinOp::Rem, tid, k(size), u),
                "meta_group_rank" => bin(BinOp::Div, tid, k(size), u),
                "meta_group_size" => bin(
                    BinOp::Div,
                    bin(BinOp::Add, threads, k(size - 1), u),
                    k(size),
                    u,
                ),
                "size" | "num_threads" => {
                    // min(size, threads - first rank of this tile)
                    let first = bin(BinOp::Mul, bin(BinOp::Div, tid, k(size), u), k(size), u);
                    let left = bin(BinOp::Sub, threads, first, u);
                    Expr::Select(
                        Box::new(bin(BinOp::Lt, left.clone(), k(size), ScalarTy::Bool)),
                        Box::new(left),
                        Box::new(k(size)),
                        u,
                    )
                }
                _ => return None,
            },
            u,
        ))
    }

    /// `__requires(e)`, `__assume(e)`, `__builtin_assume(e)`, `assert(e)`:
    /// the programmer states that `e` holds whenever a thread reaches the call,
    /// so executions where it does not are left out (an `assert` that fails
    /// ends the program). None when `e` cannot be taken as an assumption: the
    /// call is then lowered as before (an annotation or an ignored call).
    fn precondition(&mut self, n: Node<'t>, name: &str, arg: Node<'t>) -> R<Option<Val>> {
        let mut cond = None;
        let lowered = self.with_block(|l| {
            let v = l.rvalue(arg)?;
            cond = Some(l.truth(v, arg)?);
            Ok(())
        });
        let (Ok(stmts), Some(cond)) = (lowered, cond) else {
            return Ok(None);
        };
        // `assert` evaluates its argument at run time: its reads are accesses.
        // The others' arguments are never evaluated, so they may only compute
        // from values already known (no memory access, no control flow).
        let evaluated = name == "assert";
        let pure = stmts
            .iter()
            .all(|s| matches!(s.kind, StmtKind::Assign { .. } | StmtKind::Havoc { .. }));
        if !evaluated && !pure {
            return Ok(None);
        }
        self.cur.extend(stmts);
        self.push(StmtKind::Assume { cond }, n);
        Ok(Some(Val::Void))
    }

    pub(crate) fn unknown_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        if let Some(f) = n.child_by_field_name("function") {
            if let Some(v) = self.cub_direct_call(n, f, args)? {
                return Ok(v);
            }
        }
        let vals = self.eval_args(args)?;
        let v = self.unknown_effects(n, &format!("function `{name}`"), vals)?;
        // Which parameters are non-const references, if a declaration says.
        let mut flags: Option<Vec<bool>> = None;
        let decls = self
            .cx
            .prototypes
            .get(name)
            .into_iter()
            .flatten()
            .filter(|f| f.len() == args.len());
        for f in decls {
            let all = flags.get_or_insert_with(|| vec![false; f.len()]);
            for (a, b) in all.iter_mut().zip(f) {
                *a |= *b;
            }
        }
        self.havoc_ref_args(args, flags.as_deref())?;
        Ok(v)
    }
}

/// A parameter's type as overload resolution sees it.
#[derive(Clone, Debug, PartialEq)]
enum ParamTy {
    /// A type the front end resolved (a reference's referent type), and
    /// how the parameter binds.
    Known(Ty, RefKind),
    /// A type naming a template parameter of the function, deduced from
    /// the argument; `pointer` when it is declared a pointer (`T *`),
    /// `class` when it is a class template specialisation (`V<T>`),
    /// `deduces` the template parameter deduced from the argument alone
    /// when the type is `T` or `T *` (cv and references aside).
    Generic {
        pointer: bool,
        class: bool,
        deduces: Option<String>,
        refkind: RefKind,
    },
}

/// How a parameter binds its argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefKind {
    /// By value.
    Value,
    /// `const T &`: binds anything a by-value parameter takes.
    Const,
    /// `T &`: binds an lvalue of its type (or a derived class) only.
    Lvalue,
    /// `T &&`.
    Rvalue,
}

/// How the parameter declaration `p` binds its argument.
fn ref_kind(p: Node, src: &str) -> RefKind {
    let Some(d) = p.child_by_field_name("declarator") else {
        return RefKind::Value;
    };
    if d.kind() != "reference_declarator" {
        return RefKind::Value;
    }
    if text(d, src).trim_start().starts_with("&&") {
        return RefKind::Rvalue;
    }
    let mut c = p.walk();
    let is_const = p
        .children(&mut c)
        .chain(
            p.child_by_field_name("type")
                .into_iter()
                .flat_map(|t| t.children(&mut t.walk()).collect::<Vec<_>>()),
        )
        .any(|k| k.kind() == "type_qualifier" && text(k, src) == "const");
    if is_const {
        RefKind::Const
    } else {
        RefKind::Lvalue
    }
}

/// Whether the expression `a` is an lvalue ([basic.lval]) as far as its
/// form tells: a name, a subscript, a member, a dereference (in
/// parentheses or not). Anything else is taken as an rvalue.
fn is_lvalue(a: Node) -> bool {
    let a = strip_parens(a);
    match a.kind() {
        "identifier" | "subscript_expression" | "field_expression" | "qualified_identifier" => true,
        "pointer_expression" => a
            .child_by_field_name("operator")
            .is_some_and(|o| o.kind() == "*"),
        _ => false,
    }
}

/// The operand of an xvalue made of an lvalue (`std::move(a)`,
/// `move(a)`, `static_cast<W &&>(a)`), when `a` is one by its form.
/// (`std::forward` is an lvalue or an xvalue by its template argument: not
/// followed.)
pub(crate) fn xvalue_operand<'t>(a: Node<'t>, src: &str) -> Option<Node<'t>> {
    let a = strip_parens(a);
    if a.kind() == "cast_expression" {
        // `(W &&)a`: a C-style cast to an rvalue reference.
        let ty = a.child_by_field_name("type")?;
        let written: String = text(ty, src).split_whitespace().collect();
        let inner = a.child_by_field_name("value")?;
        return (written.ends_with("&&") && is_lvalue(inner)).then_some(inner);
    }
    if a.kind() != "call_expression" {
        return None;
    }
    let f = a.child_by_field_name("function")?;
    let written: String = text(f, src).split_whitespace().collect();
    let head = written.split('<').next().unwrap_or(&written);
    let last = head.rsplit("::").next().unwrap_or(head);
    let xvalue = match last {
        "move" => true,
        "static_cast" => written.ends_with("&&>"),
        _ => false,
    };
    let args = call_arguments(a);
    let [inner] = args.as_slice() else {
        return None;
    };
    (xvalue && is_lvalue(*inner)).then_some(*inner)
}

/// Whether the xvalue `a` of the object `operand` (see [`xvalue_operand`])
/// is const: `Some(true)` when its cast's type says so or every
/// declaration of the operand's variable in the enclosing function does,
/// `Some(false)` when each of them is declared without `const`, `None` when
/// not known (a member, a global, a capture, declarations that differ).
fn xvalue_is_const(a: Node, operand: Node, src: &str) -> Option<bool> {
    let says_const = |t: &str| {
        t.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == "const" || w == "constexpr")
    };
    let a = strip_parens(a);
    let cast_type = match a.kind() {
        "cast_expression" => a.child_by_field_name("type").map(|t| text(t, src)),
        _ => a.child_by_field_name("function").map(|f| text(f, src)),
    };
    if cast_type.is_some_and(|t| t.contains('<') || a.kind() == "cast_expression")
        && cast_type.is_some_and(|t| says_const(t.split_once('<').map_or(t, |(_, r)| r)))
    {
        return Some(true);
    }
    // The variable the operand's object belongs to (`a`, `a.w`, `a[i]`,
    // `*p`, `p->w`): a pointer's `const` (`const W *p`) counts.
    let mut base = strip_parens(operand);
    while matches!(
        base.kind(),
        "field_expression" | "subscript_expression" | "pointer_expression"
    ) {
        base = strip_parens(base.child_by_field_name("argument")?);
    }
    if base.kind() != "identifier" {
        return None;
    }
    let name = text(base, src);
    let mut scope = base.parent();
    while let Some(s) = scope {
        if matches!(s.kind(), "function_definition" | "lambda_expression") {
            break;
        }
        scope = s.parent();
    }
    let mut found: Option<bool> = None;
    let mut stack = vec![scope?];
    let mut steps = 0;
    while let Some(n) = stack.pop() {
        steps += 1;
        if steps > 20_000 {
            return None;
        }
        if matches!(
            n.kind(),
            "declaration" | "parameter_declaration" | "optional_parameter_declaration"
        ) {
            let mut c = n.walk();
            for d in n.children_by_field_name("declarator", &mut c) {
                let declarator = match d.kind() {
                    "init_declarator" => d.child_by_field_name("declarator").unwrap_or(d),
                    _ => d,
                };
                let written = text(declarator, src);
                let declared = written
                    .trim_start_matches(['&', '*', ' '])
                    .split(['[', '=', ' ', '(', ')', '&', '*'])
                    .find(|w| !w.is_empty() && *w != "const")
                    == Some(name);
                if declared {
                    let ty = n.child_by_field_name("type").map_or("", |t| text(t, src));
                    let qualified = n
                        .children(&mut n.walk())
                        .any(|q| q.kind() == "type_qualifier" && says_const(text(q, src)));
                    let is_const = qualified || says_const(ty) || says_const(written);
                    if found.is_some_and(|f| f != is_const) {
                        return None;
                    }
                    found = Some(is_const);
                }
            }
        }
        stack.extend(n.named_children(&mut n.walk()));
    }
    found
}

/// The rank of an implicit conversion sequence ([over.ics.rank]), best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    /// Identity, array-to-pointer, qualification adjustment.
    Exact,
    /// Integral or floating-point promotion.
    Promotion,
    /// Any other standard conversion.
    Conversion,
    /// A conversion through a constructor or conversion operator.
    UserDefined,
}

/// The ranks an argument's conversion may have when types are not all known.
#[derive(Clone, Copy, Debug)]
struct RankRange {
    /// The best rank it may have.
    best: Rank,
    /// The worst rank it may have.
    worst: Rank,
}

impl RankRange {
    /// Any rank (an argument or parameter of unknown type).
    const ANY: RankRange = RankRange {
        best: Rank::Exact,
        worst: Rank::UserDefined,
    };

    /// Exactly the rank `r`.
    fn exactly(r: Rank) -> RankRange {
        RankRange { best: r, worst: r }
    }
}

/// The rank of the conversion of an arithmetic `arg` to `param` (distinct
/// types): `bool` and integers narrower than `int` promote to `int`
/// ([conv.prom]), `float` to `double` ([conv.fpprom]); the rest are
/// conversions.
fn arithmetic_rank(arg: ScalarTy, param: ScalarTy) -> Rank {
    match (arg, param) {
        (ScalarTy::Bool, p) if p == ScalarTy::INT => Rank::Promotion,
        (ScalarTy::Int { bits, .. }, p) if bits < 32 && p == ScalarTy::INT => Rank::Promotion,
        (ScalarTy::Float { bits: 32 }, ScalarTy::Float { bits: 64 }) => Rank::Promotion,
        _ => Rank::Conversion,
    }
}

/// The value of `grid_group::<member>()` (`this_grid()`), by the definitions
/// of the CUDA Programming Guide (Cooperative Groups, "Grid Group"): blocks
/// are ranked x first (`block_rank = blockIdx.x + gridDim.x * (blockIdx.y +
/// gridDim.y * blockIdx.z)`), `thread_rank = block_rank * block size +
/// the thread's rank in its block`, `num_blocks` is the product of the grid
/// extents and `size`/`num_threads` the number of threads of the grid, all
/// `unsigned long long`. `linear_tid` is the thread's rank in its block.
/// Computed in 64-bit unsigned arithmetic, as the header does; every
/// dimension is named, so no extent is assumed to be 1 by this value. Used
/// to be an unknown value per call: a grid-stride loop over
/// `thread_rank()`/`size()` was then a race of every thread with itself.
fn grid_member(member: &str, linear_tid: Expr) -> Expr {
    let u = ScalarTy::ULONG;
    let c = |b: Builtin| conv(Expr::Builtin(b), ScalarTy::UINT, u);
    let mul = |a, b| bin(BinOp::Mul, a, b, u);
    let add = |a, b| bin(BinOp::Add, a, b, u);
    let block_size = mul(
        mul(c(Builtin::BlockDim(0)), c(Builtin::BlockDim(1))),
        c(Builtin::BlockDim(2)),
    );
    let num_blocks = mul(
        mul(c(Builtin::GridDim(0)), c(Builtin::GridDim(1))),
        c(Builtin::GridDim(2)),
    );
    let block_rank = add(
        c(Builtin::BlockIdx(0)),
        mul(
            c(Builtin::GridDim(0)),
            add(
                c(Builtin::BlockIdx(1)),
                mul(c(Builtin::GridDim(1)), c(Builtin::BlockIdx(2))),
            ),
        ),
    );
    match member {
        "block_rank" => block_rank,
        "num_blocks" => num_blocks,
        "thread_rank" => add(
            mul(block_rank, block_size),
            conv(linear_tid, ScalarTy::UINT, u),
        ),
        _ => mul(num_blocks, block_size),
    }
}
