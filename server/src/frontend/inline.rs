//! Inlining calls to functions defined in the program.

use crate::base::HashMap;

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, GroupKind, Ty};
use crate::frontend::FnDef;
use crate::ir::{ScalarTy, StmtKind};

/// Why a call is not inlined once the kernel has inlined its limit of calls
/// (each an inlined copy of the callee's body).
pub(crate) const INLINING_BUDGET_REASON: &str = concat!(
    "inlining budget exhausted (the limit of ",
    4096,
    " inlined copies of function bodies per kernel) at call"
);

/// Why a call is not inlined below the inlining depth limit.
pub(crate) const INLINING_DEPTH_REASON: &str = concat!(
    "calls nested too deeply (more than ",
    16,
    " levels of inlining)"
);

/// Whether a subtree contains a node of `kind` (not looking into nested functions).
/// Whether `name` (`W::W`, `ns::S<T>::S`) names a constructor.
fn is_constructor_name(name: &str) -> bool {
    let Some((class, last)) = name.rsplit_once("::") else {
        return false;
    };
    let class_last = class.rsplit("::").next().unwrap_or(class);
    class_last.split('<').next().unwrap_or(class_last).trim() == last
}

/// The items of a constructor's mem-initializer list (`: a(x), B(y)`).
pub(crate) fn field_initializers(ctor: Node) -> Vec<Node> {
    ctor.named_children(&mut ctor.walk())
        .filter(|c| c.kind() == "field_initializer_list")
        .flat_map(|list| {
            list.named_children(&mut list.walk())
                .filter(|c| c.kind() == "field_initializer")
                .collect::<Vec<_>>()
        })
        .collect()
}

pub(crate) fn contains_kind(n: Option<Node>, kind: &str) -> bool {
    let Some(n) = n else { return false };
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        if x.kind() == kind {
            return true;
        }
        if x.kind() == "lambda_expression" {
            continue;
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a subtree contains `goto label`.
pub(crate) fn contains_goto_to(n: Node, label: &str, src: &str) -> bool {
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        if x.kind() == "goto_statement"
            && x.child_by_field_name("label")
                .is_some_and(|l| text(l, src) == label)
        {
            return true;
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a loop body has a `break` or `continue` for that loop.
pub(crate) fn has_loop_jump(n: Option<Node>) -> bool {
    let Some(n) = n else { return false };
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        match x.kind() {
            "break_statement" | "continue_statement" => return true,
            "for_statement" | "while_statement" | "do_statement" | "for_range_loop" => continue,
            _ => {}
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a statement contains a `break` that leaves the enclosing switch.
pub(crate) fn contains_switch_break(n: Node) -> bool {
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        match x.kind() {
            "break_statement" => return true,
            "for_statement" | "while_statement" | "do_statement" | "switch_statement"
            | "for_range_loop" => continue,
            _ => {}
        }
        let mut c = x.walk();
        stack.extend(x.children(&mut c));
    }
    false
}

/// Whether a function body has a `return` other than as its last statement.
pub(crate) fn has_early_return(body: Node) -> bool {
    let mut c = body.walk();
    let children: Vec<Node> = body
        .named_children(&mut c)
        .filter(|c| c.kind() != "comment")
        .collect();
    for (k, ch) in children.iter().enumerate() {
        let last = k + 1 == children.len();
        if ch.kind() == "return_statement" {
            if !last {
                return true;
            }
            continue;
        }
        if contains_kind(Some(*ch), "return_statement") {
            return true;
        }
    }
    false
}

/// The name at the root of `a` when `a` names an object without computing
/// anything: a name, or a `.` member of one (no subscript, call or pointer
/// dereference, which may run an overloaded operator or read memory).
fn names_object<'t>(a: Node<'t>, src: &str) -> Option<Node<'t>> {
    match a.kind() {
        "identifier" => Some(a),
        "field_expression" => {
            if a.child_by_field_name("operator")
                .is_some_and(|o| text(o, src) == ".")
            {
                names_object(a.child_by_field_name("argument")?, src)
            } else {
                None
            }
        }
        "parenthesized_expression" => names_object(a.named_child(0)?, src),
        _ => None,
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    /// Inlines a call of a device function.
    pub(crate) fn inline_call(
        &mut self,
        n: Node<'t>,
        def: &FnDef<'t>,
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
    ) -> R<Val> {
        self.inline_call_this(n, def, args, tpl_args, None)
    }

    /// Inlines a call; `this` is the receiver of a member function.
    pub(crate) fn inline_call_this(
        &mut self,
        n: Node<'t>,
        def: &FnDef<'t>,
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
        this: Option<LVal>,
    ) -> R<Val> {
        // Asked for the object a reference-returning callee returns (taken
        // before the arguments, whose calls must not see the request).
        let by_ref = std::mem::take(&mut self.ref_return) && self.def_returns_ref(def.node);
        let vals = self.eval_inline_args(def, args)?;
        self.inline_call_evaluated(n, def, args, vals, tpl_args, this, by_ref)
    }

    /// [`Self::inline_call_this`] with the arguments' values `vals` already
    /// computed (`args` are still re-lowered as lvalues for reference
    /// parameters); `by_ref`: the caller wants the object a reference
    /// return designates.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn inline_call_evaluated(
        &mut self,
        n: Node<'t>,
        def: &FnDef<'t>,
        args: &[Node<'t>],
        vals: Vec<Val>,
        tpl_args: Option<Node<'t>>,
        this: Option<LVal>,
        by_ref: bool,
    ) -> R<Val> {
        self.inlined_calls += 1;
        if self.recursive_call(def)
            || self.call_stack.len() > MAX_INLINE_DEPTH
            || self.inlined_calls > MAX_INLINED_CALLS
        {
            return self.not_inlined(n, def, args, vals, this, by_ref);
        }
        let call_site = self.span(n);
        let saved_unit = self.unit;
        let saved_scopes = std::mem::take(&mut self.scopes);
        let saved_overrides = self.type_overrides.clone();
        let saved_site = self.inline_site;
        let saved_assigned = std::mem::take(&mut self.ptrs.assigned);
        let saved_signaled = std::mem::take(&mut self.signaled);
        let saved_stmt_span = self.stmt_span;
        // Parameters and template arguments are bound in the callee's unit.
        let arg_nodes: Vec<Node<'t>> = args.to_vec();
        self.unit = def.unit;
        if self.inline_site.is_none() {
            self.inline_site = Some(call_site);
        }
        self.call_stack.push(def.name.clone());
        let ctor_key = is_constructor_name(&def.name).then(|| (def.unit, def.node.start_byte()));
        self.inlined_ctors.extend(ctor_key);
        // Only the kernel-level scope (globals) stays visible: keep an empty scope for the callee.
        self.scopes = vec![HashMap::default()];
        let has_receiver = this.is_some();
        let recv_ty = this.as_ref().map(|r| self.lval_type(r));
        let recv_lv = this.clone();
        let result = (|| -> R<Val> {
            // The receiver's members by name (a parameter of the same name
            // hides them in the body, not in a mem-initializer-id).
            let mut members: HashMap<String, LVal> = HashMap::default();
            if let Some(recv) = this {
                // Members are in scope in a member function.
                let ty = self.lval_type(&recv);
                let names = self.part_names(&ty);
                for (k, name) in names.iter().enumerate() {
                    // Mem-initializers bind the storage; the body sees a
                    // reference member's referent.
                    let lv = self.component(recv.clone(), k, &ty, n);
                    members.insert(name.clone(), lv);
                    let seen = self.member_lvalue(recv.clone(), k, &ty, n);
                    self.bind(name, Binding::Ref(seen));
                }
                let this_ptr = self.address_of(recv, n)?;
                self.bind("this", Binding::Value(this_ptr));
            }
            self.collect_assigned(def.node);
            self.scan_address_taken(def.node);
            if let Some(ty) = &recv_ty {
                self.bind_class_template_params(def, ty);
            }
            if let Some(tpl) = def.template {
                // Explicit template arguments are nodes of the caller's unit.
                let tpl_unit_ok = saved_unit == def.unit;
                self.bind_template_params(
                    tpl,
                    if tpl_unit_ok { tpl_args } else { None },
                    Some(&saved_scopes),
                )?;
            }
            self.class_type_aliases(def.node);
            // A constructor first initialises the bases and members its
            // mem-initializer list does not name (their default
            // constructors, default member initializers), before its
            // parameters are in scope ([class.base.init]/9).
            let ctor_classes = match (&recv_ty, &recv_lv) {
                (Some(Ty::Struct(rk)), Some(_)) => self.constructor_classes(def, *rk),
                _ => None,
            };
            // The scope of default member initializers: the members, not
            // the constructor's parameters.
            let member_scopes = ctor_classes.map(|_| self.scopes.clone());
            let ret_ty = self.inline_return_type(def);
            self.bind_inline_params(def, &vals, &arg_nodes, saved_unit, &saved_scopes)?;
            if let Some(tpl) = def.template {
                let explicit = match tpl_args {
                    Some(a) if saved_unit == def.unit => {
                        crate::frontend::class_templates::list_items(a).len()
                    }
                    _ => 0,
                };
                self.deduce_array_extents(def, tpl, explicit);
            }
            // A constructor initialises its bases and members before its
            // body; one inherited by `using B::B;` initialises the
            // derived class's bases before `B` first, `B` by its own
            // initializers and body, then the bases after `B` and the
            // derived class's own members ([class.inhctor.init]).
            let mut after_body = None;
            match (ctor_classes, &recv_lv, member_scopes) {
                (Some((named, defining)), Some(recv), Some(scopes)) => {
                    let bases = self.struct_bases(named);
                    let split = if named == defining {
                        None
                    } else {
                        bases.iter().position(|b| *b == defining)
                    };
                    if named != defining && split.is_none() {
                        return self.unsup(
                            n,
                            "an inherited constructor of a class that is not a direct base",
                        );
                    }
                    if let Some(at) = split {
                        self.constructor_initialisation(
                            named,
                            None,
                            recv,
                            &members,
                            &scopes,
                            &bases[..at],
                            false,
                            n,
                        )?;
                        after_body = Some((named, bases[at + 1..].to_vec(), scopes.clone()));
                    }
                    let own_bases = self.struct_bases(defining);
                    self.constructor_initialisation(
                        defining,
                        Some(def),
                        recv,
                        &members,
                        &scopes,
                        &own_bases,
                        true,
                        n,
                    )?;
                }
                _ if has_receiver => {
                    let ctor = ctor_classes.zip(recv_lv.clone());
                    self.member_initializers(def.node, &members, ctor)?;
                }
                _ => {}
            }
            let v = self.inlined_body(n, def, Some(&ret_ty), by_ref)?;
            if let (Some((named, rest, scopes)), Some(recv)) = (after_body, &recv_lv) {
                self.constructor_initialisation(
                    named, None, recv, &members, &scopes, &rest, true, n,
                )?;
            }
            Ok(v)
        })();
        self.call_stack.pop();
        if ctor_key.is_some() {
            self.inlined_ctors.pop();
        }
        self.unit = saved_unit;
        self.scopes = saved_scopes;
        self.type_overrides = saved_overrides;
        self.inline_site = saved_site;
        self.ptrs.assigned = saved_assigned;
        self.signaled = saved_signaled;
        self.stmt_span = saved_stmt_span;
        result
    }

    /// The values of a call's arguments, read as [`Self::eval_args`] reads
    /// them, except that an argument naming an object (a name or a `.`
    /// member of one) bound to a reference parameter of a callee that will
    /// be inlined is not read: binding a reference accesses no memory
    /// ([dcl.init.ref]), and the inlined body accesses the object through
    /// the bound lvalue where it reads or writes it. Its value is unknown,
    /// of the object's type (only its type is looked at before the
    /// parameter is bound to the lvalue). A callee that is not inlined
    /// reads the arguments: then every argument is read.
    fn eval_inline_args(&mut self, def: &FnDef<'t>, args: &[Node<'t>]) -> R<Vec<Val>> {
        // Each reference parameter's declaration (None: not a reference).
        let ref_params: Vec<Option<Node<'t>>> = match def.params {
            Some(params) => params
                .named_children(&mut params.walk())
                .filter(|p| p.kind().contains("parameter_declaration"))
                .map(|p| {
                    p.child_by_field_name("declarator")
                        .is_some_and(|d| {
                            matches!(
                                d.kind(),
                                "reference_declarator" | "abstract_reference_declarator"
                            )
                        })
                        .then_some(p)
                })
                .collect(),
            None => Vec::new(),
        };
        // Arguments without calls inline nothing: the budget is as now.
        let no_calls = args
            .iter()
            .all(|a| !contains_kind(Some(*a), "call_expression"));
        let inlined = no_calls
            && !self.recursive_call(def)
            && self.call_stack.len() <= MAX_INLINE_DEPTH
            && self.inlined_calls < MAX_INLINED_CALLS;
        if !inlined || ref_params.iter().all(Option::is_none) {
            return self.eval_args(args);
        }
        let mut vals = Vec::new();
        let mut unread = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let root = names_object(*a, self.src()).and_then(|r| self.lookup(self.txt(r)));
            let param = ref_params.get(k).copied().flatten();
            if param.is_some()
                && matches!(
                    root,
                    Some(Binding::Slot(_) | Binding::Ref(_) | Binding::Array { .. })
                )
            {
                let lv = self.lvalue(*a)?;
                let ty = self.lval_type(&lv);
                if matches!(ty, Ty::Scalar(_) | Ty::Struct(_) | Ty::Vector(..))
                    && param.is_some_and(|p| self.binds_directly(def, p, &ty))
                {
                    unread.push(k);
                    vals.push(self.havoc_val(&ty, *a));
                    continue;
                }
            }
            vals.push(self.rvalue(*a)?);
        }
        // An overloaded operator in an argument may have been inlined and
        // spent the last of the budget: the callee is then not inlined, and
        // the arguments are read after all.
        if self.inlined_calls >= MAX_INLINED_CALLS {
            for k in unread {
                vals[k] = self.rvalue(args[k])?;
            }
        }
        Ok(vals)
    }

    /// Whether a reference parameter declared by `param` (of `def`) binds
    /// directly to an lvalue of type `ty`: its referenced type is a class
    /// named directly, and `ty` is that class (cv aside). Otherwise
    /// ([dcl.init.ref]/5) a `const float &` given an `int`, a `const long
    /// long &` given a `long`, a class with a converting constructor: a
    /// temporary is initialised from the argument at the call, which reads
    /// it there. A type named by a template parameter (deduced, or given
    /// explicitly), a typedef, or a name that does not resolve is not
    /// known.
    fn binds_directly(&mut self, def: &FnDef<'t>, param: Node<'t>, ty: &Ty) -> bool {
        let Some(type_node) = param.child_by_field_name("type") else {
            return false;
        };
        let src = self.cx.units[def.unit].text.as_str();
        let name = text(type_node, src);
        if let Some(tpl) = def.template {
            if text(tpl, src).contains(name) {
                return false;
            }
        }
        // Only a class named directly: distinct arithmetic types share one
        // model (`long` and `long long`, `char` and `signed char`, an enum
        // and `int`), and binding one to a reference to the other makes a
        // temporary; a class is its own type.
        let known = type_node.kind() == "type_identifier"
            && self.cx.types.struct_names.contains_key(name)
            && matches!(ty, Ty::Struct(_));
        if !known {
            return false;
        }
        // The parameter's type is read in the callee's unit.
        let saved_unit = self.unit;
        self.unit = def.unit;
        let declared = self.resolve_type(type_node);
        self.unit = saved_unit;
        declared == *ty
    }

    /// Binds each non-type template parameter `N` of `def` that no explicit
    /// argument gives (the first `explicit` parameters have one) and that is
    /// the extent of a reference-to-array parameter (`T (&items)[N]`) to the
    /// extent of the array the argument binds, as deduction does
    /// ([temp.deduct.call]: `P` = `T[N]`, `A` = `U[n]` deduces `N` = `n`).
    /// Run after the parameters are bound, before the body is lowered;
    /// before, `N` was an unknown constant.
    fn deduce_array_extents(&mut self, def: &FnDef<'t>, tpl: Node<'t>, explicit: usize) {
        let Some(params) = def.params else { return };
        let src = self.cx.units[def.unit].text.as_str();
        let tparams = crate::frontend::class_templates::list_items(tpl);
        let mut deducible: Vec<(&str, ScalarTy)> = Vec::new();
        for q in tparams.iter().skip(explicit) {
            if !matches!(
                q.kind(),
                "parameter_declaration" | "optional_parameter_declaration"
            ) {
                continue;
            }
            let Some(name) = crate::frontend::class_templates::param_name(*q, src) else {
                continue;
            };
            let st = match q.child_by_field_name("type").map(|t| self.resolve_type(t)) {
                Some(Ty::Scalar(s)) => s,
                _ => continue,
            };
            deducible.push((name, st));
        }
        if deducible.is_empty() || tparams.iter().any(|q| q.kind().starts_with("variadic")) {
            return;
        }
        let mut deduced: HashMap<String, Option<u64>> = HashMap::default();
        for p in params
            .named_children(&mut params.walk())
            .filter(|p| p.kind().contains("parameter_declaration"))
        {
            // `(&items)[N]`: an array declarator whose size is the lone
            // name `N` around a parenthesised reference to the name.
            let Some(d) = p
                .child_by_field_name("declarator")
                .filter(|d| d.kind() == "array_declarator")
            else {
                continue;
            };
            let Some(size) = d
                .child_by_field_name("size")
                .filter(|z| z.kind() == "identifier")
            else {
                continue;
            };
            let size_name = text(size, src);
            if !deducible.iter().any(|(n, _)| *n == size_name) {
                continue;
            }
            let mut inner = d.child_by_field_name("declarator");
            if inner.is_some_and(|i| i.kind() == "parenthesized_declarator") {
                inner = inner.and_then(|i| i.named_child(0));
            }
            let Some(name) = inner
                .filter(|i| i.kind() == "reference_declarator")
                .and_then(|r| r.named_child(0))
                .filter(|x| x.kind() == "identifier")
            else {
                continue;
            };
            let extent = match self.lookup(text(name, src)) {
                Some(Binding::Ref(lv)) => match self.lval_type(lv) {
                    Ty::Array(_, Some(n)) => Some(n),
                    _ => None,
                },
                _ => None,
            };
            // Two parameters deducing different extents: not a valid call.
            let e = deduced.entry(size_name.to_string()).or_insert(extent);
            if *e != extent {
                *e = None;
            }
        }
        for (name, st) in deducible {
            if let Some(Some(n)) = deduced.get(name) {
                let v = conv(int(*n as i128, ScalarTy::LONG), ScalarTy::LONG, st);
                self.bind(name, Binding::Value(Val::Scalar(v, st)));
            }
        }
    }

    /// A constructor's member initializers (`: p(a), n{b}`), run in the
    /// list's order before its body with the parameters in scope: used for
    /// a delegating constructor (one item) and for a constructor whose
    /// class the front end does not resolve; a constructor of a known
    /// class runs them in declaration order
    /// ([`Self::constructor_initialisation`]).
    pub(crate) fn member_initializers(
        &mut self,
        def: Node<'t>,
        members: &HashMap<String, LVal>,
        ctor: Option<((usize, usize), LVal)>,
    ) -> R<()> {
        for init in field_initializers(def) {
            self.member_initializer(def, init, members, ctor.clone())?;
        }
        Ok(())
    }

    /// One member initializer `init` of the constructor `def` (C++
    /// [class.base.init]), as the assignment `p = a` to the member (a
    /// scalar or pointer member, or a struct member copied from a value
    /// of its type; braces with one value are the same); a member of a
    /// class with a constructor runs the constructor overload resolution
    /// picks (a copy from an lvalue of its class runs its user copy
    /// constructor), `m()` and `m{}` its default initialisation.
    /// Initializers the front end does not lower make what they may set
    /// unknown (a base-class initializer: every member; a reference
    /// member or shapes not lowered: that member), never unassigned:
    /// accesses through an unassigned pointer are dropped because the
    /// kernel would fault there, which an initializer we cannot see may
    /// well avoid. The mem-initializer-id names a member of the class
    /// (`members`, by name), looked up in the class even when a parameter
    /// has its name (`data(data)`); the expression is in the constructor's
    /// scope, where the parameter hides the member (C++
    /// [class.base.init]p2, p15).
    pub(crate) fn member_initializer(
        &mut self,
        def: Node<'t>,
        init: Node<'t>,
        members: &HashMap<String, LVal>,
        ctor: Option<((usize, usize), LVal)>,
    ) -> R<()> {
        let member = init
            .named_child(0)
            .filter(|f| f.kind() == "field_identifier")
            .and_then(|f| members.get(self.txt(f)).cloned());
        let Some(member) = member else {
            // A base-class initializer (`: Base(p)`) or a delegating
            // one (`: W(p, 0)`): that class's constructor runs on the
            // object with the arguments ([class.base.init]/6, /7).
            if let Some(((_, defining), recv)) = &ctor {
                if self.run_base_initializer(init, *defining, recv.clone())? {
                    return Ok(());
                }
            }
            // A name we do not resolve: the constructor it runs may
            // set any member the object has, so each becomes unknown.
            // Left unassigned, an accessed pointer member would be
            // dropped as a fault.
            return self.havoc_members(members, init);
        };
        let field = self.txt(init.named_child(0).unwrap_or(init)).to_string();
        let args = init
            .named_children(&mut init.walk())
            .find(|c| matches!(c.kind(), "argument_list" | "initializer_list"));
        let (Some(args), false) = (
            args,
            self.reference_member(
                def,
                &field,
                ctor.as_ref().map(|((_, defining), _)| *defining),
            ),
        ) else {
            return self.havoc_lvalue(member, init);
        };
        let values: Vec<Node<'t>> = args
            .named_children(&mut args.walk())
            .filter(|c| c.kind() != "comment")
            .collect();
        let ty = self.lval_type(&member);
        if let Ty::Array(elem, bound) = &ty {
            let mut inner = &**elem;
            while let Ty::Array(e, _) = inner {
                inner = e;
            }
            if let Ty::Struct(ek) = *inner {
                let (has_ctors, aggregate_code) = self.element_construction(ek);
                if has_ctors || aggregate_code || self.default_construction_runs_code(ek) {
                    // The elements are initialised one by one, from the
                    // braced items (`: w{W(1), W(2)}`), else
                    // value-initialised (`: w()`, `: w{}`).
                    let listed = args.kind() == "initializer_list" || values.is_empty();
                    let plain = values.iter().all(|v| {
                        !matches!(v.kind(), "initializer_pair" | "parameter_pack_expansion")
                    });
                    return match (bound, &**elem) {
                        (Some(len), Ty::Struct(_))
                            if listed && plain && *len <= 64 && values.len() as u64 <= *len =>
                        {
                            self.havoc_lvalue(member.clone(), init)?;
                            self.construct_elements(member, elem, *len, &values, init)
                        }
                        _ => self.unsup(
                            init,
                            format!("the mem-initializer of the array member `{field}`, whose elements' construction runs code (not modelled)"),
                        ),
                    };
                }
            }
        }
        if let Ty::Struct(mk) = ty {
            if values.is_empty() {
                // `m()` / `m{}`: value-initialisation, which runs the
                // default constructor or the default member initializers
                // ([dcl.init]/9); the scalars it zeroes are left unknown.
                self.havoc_lvalue(member.clone(), init)?;
                return self.default_construct(mk, member, init);
            }
            if self.has_user_constructor(mk) {
                if let [v] = values.as_slice() {
                    if matches!(self.arg_type(*v), Some(Ty::Struct(a)) if self.derives_from(a, mk))
                    {
                        // A copy: the user copy constructor runs on an
                        // lvalue (a prvalue initialises the member itself).
                        let val = self.rvalue(*v)?;
                        let val = self.converted_value(*v, &val, &ty, true)?.unwrap_or(val);
                        return if self.type_of_val(&val) == ty {
                            self.store(member, val, init)
                        } else {
                            self.havoc_lvalue(member, init)
                        };
                    }
                }
                self.havoc_lvalue(member.clone(), init)?;
                return self.construct_on(mk, member, &values, init);
            }
        }
        let value = match (values.as_slice(), &ty) {
            ([], Ty::Scalar(_) | Ty::Ptr(_)) => Some(self.zero(&ty)),
            ([v], Ty::Scalar(t)) => Some(match self.rvalue(*v)? {
                Val::Scalar(e, vt) => Val::Scalar(conv(e, vt, *t), *t),
                other => other,
            }),
            ([v], Ty::Ptr(_)) => Some(self.rvalue(*v)?),
            ([v], Ty::Struct(_) | Ty::Vector(..)) => {
                let val = self.rvalue(*v)?;
                (self.type_of_val(&val) == ty).then_some(val)
            }
            _ => None,
        };
        match value {
            Some(value) => self.store(member, value, init),
            // Shapes we do not lower: the member's value is unknown, not
            // unassigned.
            None => self.havoc_lvalue(member, init),
        }
    }

    /// Runs the base-class or delegating initializer `init` (`B(a, b)`,
    /// `B{a}`) of a constructor of class `k` on the object `recv`: the
    /// constructor of the class it names (`k` itself or one of its bases)
    /// that overload resolution picks. False when the name is not such a
    /// class or no constructor with a body is found (the caller makes the
    /// members unknown, as before).
    fn run_base_initializer(&mut self, init: Node<'t>, k: usize, recv: LVal) -> R<bool> {
        let Some(name) = init.named_child(0) else {
            return Ok(false);
        };
        let written = self.txt(name).to_string();
        let last = written.rsplit("::").next().unwrap_or(&written);
        let last = last.split('<').next().unwrap_or(last).trim().to_string();
        let bases = self.struct_bases(k);
        let target = std::iter::once(k).chain(bases.iter().copied()).find(|c| {
            let tag = self.struct_name(*c);
            tag.split('<').next().unwrap_or(&tag).trim() == last
        });
        // A base (or the class itself) named through a type alias
        // (`using Base = B<int>; .. : Base(1)`).
        let target = target.or_else(|| {
            self.initializer_alias_class(init)
                .filter(|t| *t == k || bases.contains(t))
        });
        let Some(target) = target else {
            return Ok(false);
        };
        let ctors = self
            .cx
            .functions
            .get(&self.constructor_key(target))
            .cloned()
            .unwrap_or_default();
        let args: Vec<Node<'t>> = init
            .named_children(&mut init.walk())
            .find(|c| matches!(c.kind(), "argument_list" | "initializer_list"))
            .map(|a| {
                a.named_children(&mut a.walk())
                    .filter(|c| c.kind() != "comment")
                    .collect()
            })
            .unwrap_or_default();
        if args.is_empty() {
            self.default_construct(target, recv, init)?;
            return Ok(true);
        }
        Ok(self
            .call_among(init, &ctors, &args, None, Some(recv))?
            .is_some())
    }

    /// Every member of the object under construction becomes unknown (what
    /// a base-class constructor we do not lower may store into them).
    fn havoc_members(&mut self, members: &HashMap<String, LVal>, at: Node<'t>) -> R<()> {
        let mut names: Vec<&String> = members.keys().collect();
        names.sort();
        for name in names {
            if let Some(lv) = members.get(name) {
                self.havoc_lvalue(lv.clone(), at)?;
            }
        }
        Ok(())
    }

    /// The member typedefs and aliases of the class whose body defines the
    /// member function `def` (`typedef Impl<T> Internal;`): in scope in its
    /// body (C++ [basic.scope.class]), resolved under the bindings in force.
    fn class_type_aliases(&mut self, def: Node<'t>) {
        // A member template (`template <..> void f(..)`) sits in a
        // template declaration in the class body.
        let parent = def
            .parent()
            .filter(|p| p.kind() != "template_declaration")
            .or_else(|| def.parent().and_then(|p| p.parent()));
        let Some(body) = parent.filter(|p| p.kind() == "field_declaration_list") else {
            return;
        };
        let aliases: Vec<Node<'t>> = body
            .named_children(&mut body.walk())
            .filter(|c| matches!(c.kind(), "type_definition" | "alias_declaration"))
            .collect();
        for a in aliases {
            self.local_type_alias(a);
        }
        // The class's nested classes: in its member functions their bare
        // name is the nested class ([basic.scope.class]), whichever other
        // class or namespace also defines the tag.
        let src = self.src();
        let nested: Vec<(String, Ty)> = body
            .named_children(&mut body.walk())
            .filter(|c| c.kind() == "field_declaration")
            .filter_map(|c| c.child_by_field_name("type"))
            .filter_map(|t| {
                let name = t.child_by_field_name("name")?;
                let ty = self.cx.types.nested_class_ty(t, src)?;
                Some((text(name, src).to_string(), ty))
            })
            .collect();
        for (name, ty) in nested {
            self.type_overrides.insert(name, ty);
        }
    }

    /// Whether `field` is declared as a reference member in the class whose
    /// constructor is `def` (a reference is bound, not assigned: the front
    /// end keeps such members as it found them).
    fn reference_member(&mut self, def: Node<'t>, field: &str, class: Option<usize>) -> bool {
        let mut body = def.parent();
        while let Some(c) = body {
            if c.kind() == "field_declaration_list" {
                break;
            }
            body = c.parent();
        }
        let mut unit = self.unit;
        if body.is_none() {
            // An out-of-line constructor (`S::S(..) : ..`): its class body
            // is the definition of the class it constructs; not found, the
            // member counts as a possible reference.
            let Some((u, spec)) = class.and_then(|k| self.class_definition(k)) else {
                return true;
            };
            unit = u;
            body = spec.child_by_field_name("body");
        }
        let Some(body) = body else {
            return true;
        };
        let src = self.cx.units[unit].text.as_str();
        body.named_children(&mut body.walk())
            .filter(|d| d.kind() == "field_declaration")
            .any(|d| {
                d.children_by_field_name("declarator", &mut d.walk())
                    .any(|decl| {
                        let mut cur = Some(decl);
                        let mut is_ref = false;
                        while let Some(x) = cur {
                            match x.kind() {
                                "reference_declarator" => {
                                    is_ref = true;
                                    cur = x.named_child(0);
                                }
                                "field_identifier" => return is_ref && text(x, src) == field,
                                _ => {
                                    cur = x
                                        .child_by_field_name("declarator")
                                        .or_else(|| x.named_child(0))
                                }
                            }
                        }
                        false
                    })
            })
    }

    /// A call that is not inlined (recursion, depth or budget): unsupported if
    /// the callee may do what a havoc does not cover, else its effects
    /// through arguments and receiver are havocked.
    /// Whether inlining `def` now recurses: a function being inlined by
    /// its name, a constructor by its definition (a delegating
    /// constructor runs another constructor of its own name).
    pub(crate) fn recursive_call(&self, def: &FnDef<'t>) -> bool {
        if is_constructor_name(&def.name) {
            self.inlined_ctors
                .contains(&(def.unit, def.node.start_byte()))
        } else {
            self.call_stack.contains(&def.name)
        }
    }

    fn not_inlined(
        &mut self,
        n: Node<'t>,
        def: &FnDef<'t>,
        args: &[Node<'t>],
        vals: Vec<Val>,
        this: Option<LVal>,
        by_ref: bool,
    ) -> R<Val> {
        // The callee may run a tracked `volatile` helper whose argument is
        // then not seen: fall back to the coarse rule.
        if self
            .volatile_params
            .as_ref()
            .is_some_and(|t| !t.params.is_empty())
        {
            self.volatile_unresolved = true;
        }
        let why = if self.recursive_call(def) {
            "recursive call"
        } else if self.inlined_calls > MAX_INLINED_CALLS {
            INLINING_BUDGET_REASON
        } else {
            INLINING_DEPTH_REASON
        };
        // The havoc below covers what the callee does through its
        // arguments; anything else it might do (synchronize, touch
        // module-scope or its own `__shared__` memory) is not modelled.
        let key = (def.unit, def.node.start_byte());
        let hazard = match self.hazards.get(&key) {
            Some(h) => h.clone(),
            None => {
                let h = self.callee_hazard(def);
                self.hazards.insert(key, h.clone());
                h
            }
        };
        if let Some(h) = hazard {
            return self.unsup(n, format!("{why} to `{}` is not inlined and {h}", def.name));
        }
        if by_ref {
            return self.unsup(
                n,
                format!("{why} to `{}` is not inlined and the reference it returns is used as an object", def.name),
            );
        }
        self.note(
            n,
            format!(
                "{why} to `{}` not inlined: result havocked, pointer and reference arguments havocked",
                def.name
            ),
        );
        // The `const T *__restrict__` assumption of `unknown_effects` holds
        // for a callee that is not inlined as for one without a body: its
        // writes are unchecked either way, and a write through such a
        // parameter's data is undefined behaviour (C11 6.7.3.1p4) by any
        // code, visible or not.
        let readonly = std::mem::take(&mut self.readonly_arrays);
        self.touch_reachable_except(n, vals, &readonly);
        self.readonly_arrays = readonly;
        let flags = def
            .params
            .map(|p| super::mut_ref_params(p, &self.cx.units[def.unit].text));
        self.havoc_ref_args(args, flags.as_deref())?;
        if let Some(recv) = this {
            self.havoc_receiver(recv, n)?;
        }
        Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT))
    }

    /// The type an inlined function returns (`auto` taken as `int`).
    pub(crate) fn inline_return_type(&self, def: &FnDef<'t>) -> Ty {
        if def.name_node.kind() == "operator_cast" {
            // `operator T *()`: the type is the operator's own.
            let base = def
                .name_node
                .child_by_field_name("type")
                .map_or(Ty::Void, |t| self.resolve_type(t));
            return self
                .cx
                .types
                .apply_declarator(
                    base,
                    def.name_node.child_by_field_name("declarator"),
                    self.src(),
                )
                .ty;
        }
        let ret_ty = match def.node.child_by_field_name("type") {
            Some(t) => {
                let base = self.resolve_type(t);
                let info = self.cx.types.apply_declarator(
                    base,
                    def.node.child_by_field_name("declarator"),
                    self.src(),
                );
                // The declarator chain ends in the function declarator: strip it back.
                info.ty
            }
            None => Ty::Void,
        };
        if self.txt(def.node.child_by_field_name("type").unwrap_or(def.node)) == "auto" {
            Ty::Scalar(ScalarTy::INT)
        } else {
            ret_ty
        }
    }

    /// The default argument of the `k`-th parameter of `def` given in a
    /// declaration of it without a body ([dcl.fct.default]/4), with the
    /// declaration's unit. Declarations are matched by unqualified name and
    /// parameter count, which may take in another overload's: the default
    /// is used only when every such declaration that gives one gives the
    /// same text (otherwise the parameter stays unknown).
    fn declared_default(&self, def: &FnDef<'t>, k: usize) -> Option<(usize, Node<'t>)> {
        let last = def.name.rsplit("::").next().unwrap_or(&def.name);
        let decls = self.cx.declared_arities.get(last)?;
        let mut found: Option<(usize, Node<'t>, String)> = None;
        for d in decls.iter().filter(|d| d.count == def.param_count) {
            let src = self.cx.units[d.unit].text.as_str();
            let param = d
                .params
                .named_children(&mut d.params.walk())
                .filter(|p| p.kind().contains("parameter_declaration"))
                .nth(k);
            let Some(value) = param.and_then(|p| p.child_by_field_name("default_value")) else {
                continue;
            };
            let written = text(value, src).to_string();
            match &found {
                Some((_, _, w)) if *w != written => return None,
                Some(_) => {}
                None => found = Some((d.unit, value, written)),
            }
        }
        found.map(|(u, v, _)| (u, v))
    }

    /// Whether an argument value `arg` bound to a parameter of type `param`
    /// can only be a value of a template type parameter the front end models
    /// as opaque data: the kernel has such a parameter, `arg` is a scalar,
    /// and `param` is a vector type or a struct without a converting
    /// constructor, while no class of the program declares a conversion
    /// operator (so no conversion from another type reaches `param`).
    fn opaque_argument_of(&self, param: &Ty, arg: &Val) -> bool {
        if !self.opaque_type_params || !matches!(arg, Val::Scalar(..)) {
            return false;
        }
        let only_itself = match param {
            Ty::Vector(..) => true,
            Ty::Struct(k) => {
                let tag = self.struct_name(*k);
                self.cx
                    .functions
                    .get(&format!("{tag}::{tag}"))
                    .is_none_or(|ctors| !ctors.iter().any(|c| c.accepts(1)))
            }
            _ => false,
        };
        only_itself
            && !self
                .cx
                .functions
                .keys()
                .any(|f| f.ends_with("operator cast"))
    }

    /// Binds the parameters of an inlined function to the argument values
    /// `vals` (reference parameters to the caller's lvalues, re-lowered from
    /// `arg_nodes` in the caller's unit and scopes).
    pub(crate) fn bind_inline_params(
        &mut self,
        def: &FnDef<'t>,
        vals: &[Val],
        arg_nodes: &[Node<'t>],
        saved_unit: usize,
        saved_scopes: &[HashMap<String, Binding>],
    ) -> R<()> {
        let Some(params) = def.params else {
            return Ok(());
        };
        let mut c = params.walk();
        let pnodes: Vec<Node<'t>> = params
            .named_children(&mut c)
            .filter(|p| p.kind().contains("parameter_declaration"))
            .collect();
        for (k, p) in pnodes.iter().enumerate() {
            self.note_volatile_param(def, k, vals.get(k));
            let Some(tn) = p.child_by_field_name("type") else {
                continue;
            };
            let base = self.resolve_type(tn);
            let mut info = self.cx.types.apply_declarator(
                base,
                p.child_by_field_name("declarator"),
                self.src(),
            );
            // A parameter `IR x` with `typedef int &IR;` (or a template
            // parameter bound to `int &`) binds the argument itself.
            match self.names_reference(tn) {
                Ok(r) => info.is_ref |= r,
                Err(_) if info.is_ref => {}
                Err(why) => return self.unsup(*p, why),
            }
            let Some(name_node) = info.name else { continue };
            let name = self.txt(name_node).to_string();
            let arg_val = match vals.get(k) {
                // `f({a, b})`: the braces build a value of the parameter's type
                // (evaluated again in the caller; its reads were already made).
                Some(_)
                    if matches!(info.ty, Ty::Struct(_) | Ty::Vector(..))
                        && arg_nodes
                            .get(k)
                            .is_some_and(|a| a.kind() == "initializer_list") =>
                {
                    let callee_unit = self.unit;
                    self.unit = saved_unit;
                    let caller_scopes = std::mem::replace(&mut self.scopes, saved_scopes.to_vec());
                    let v = match arg_nodes.get(k) {
                        Some(a) => self.init_list(*a, &info.ty),
                        None => Ok(Val::Void),
                    };
                    self.scopes = caller_scopes;
                    self.unit = callee_unit;
                    v?
                }
                Some(v) => v.clone(),
                None => match p.child_by_field_name("default_value") {
                    Some(d) => self.rvalue(d)?,
                    None => match self.declared_default(def, k) {
                        // A default given in a declaration of the function
                        // (a prototype or the class's member declaration),
                        // read where it is written.
                        Some((unit, d)) => {
                            let callee_unit = std::mem::replace(&mut self.unit, unit);
                            let v = self.rvalue(d);
                            self.unit = callee_unit;
                            v?
                        }
                        None => self.havoc_val(&info.ty, *p),
                    },
                },
            };
            // A class parameter given a value of another type is
            // initialised by a converting constructor, run at the call: in
            // the caller's scope for an argument, in the callee's for a
            // default argument (its names are looked up where it is
            // declared). A template parameter's type is deduced from the
            // argument: nothing converts, but a by-value parameter of the
            // argument's class is a copy, which runs its copy constructor.
            // (The front end does not deduce `T` from the arguments: a
            // plain `T f` given an object of a class is taken as that
            // class.)
            let deduced_class = match self.type_of_val(&arg_val) {
                Ty::Struct(a)
                    if self.is_template_type(tn)
                        && !info.is_ref
                        && p.child_by_field_name("declarator")
                            .is_some_and(|d| d.kind() == "identifier") =>
                {
                    Some(Ty::Struct(a))
                }
                _ => None,
            };
            let converts = match (&info.ty, &deduced_class) {
                (Ty::Struct(k), _) if self.is_template_type(tn) => {
                    !info.is_ref
                        && matches!(self.type_of_val(&arg_val), Ty::Struct(a) if self.derives_from(a, *k))
                }
                (Ty::Struct(_), _) => true,
                (_, Some(_)) => true,
                _ => false,
            };
            let target = deduced_class
                .filter(|_| !matches!(info.ty, Ty::Struct(_)))
                .unwrap_or_else(|| info.ty.clone());
            let converted = if !converts {
                None
            } else if let Some(a) = arg_nodes.get(k).filter(|_| vals.get(k).is_some()) {
                let callee_unit = self.unit;
                self.unit = saved_unit;
                let caller_scopes = std::mem::replace(&mut self.scopes, saved_scopes.to_vec());
                // A reference binds the object itself: no copy.
                let v = self.converted_value(*a, &arg_val, &target, !info.is_ref);
                self.scopes = caller_scopes;
                self.unit = callee_unit;
                v?
            } else if let Some((unit, d)) = p
                .child_by_field_name("default_value")
                .map(|d| (self.unit, d))
                .or_else(|| self.declared_default(def, k))
            {
                let callee_unit = std::mem::replace(&mut self.unit, unit);
                let v = self.converted_value(d, &arg_val, &target, !info.is_ref);
                self.unit = callee_unit;
                v?
            } else {
                None
            };
            let (arg_val, converted) = match converted {
                Some(v) => (v, true),
                None => (arg_val, false),
            };
            if converted && info.is_ref {
                // A `const W &` bound to the converted temporary.
                let lv = self.temp_lval(arg_val, *p)?;
                self.bind(&name, Binding::Ref(lv));
                continue;
            }
            if vals.get(k).is_some()
                && !self.cx.types.is_dim3(self.txt(tn))
                && self.opaque_argument_of(&info.ty, &arg_val)
            {
                // The parameter is a vector or struct that only a value of
                // its own type converts to, and the argument a scalar: in
                // C++ the argument is then of the parameter's type (a type
                // parameter the front end models as opaque data, and the
                // call compiles only for instantiations where it is this
                // type). Its value is unknown, of the parameter's type. A
                // reference binds a local of the caller: the local becomes
                // unknown too (the callee may write it); a reference to
                // memory keeps the caller's lvalue (its accesses count).
                let fresh = self.havoc_val(&info.ty, *p);
                if info.is_ref {
                    let callee_unit = self.unit;
                    self.unit = saved_unit;
                    let caller_scopes = std::mem::replace(&mut self.scopes, saved_scopes.to_vec());
                    let lv = match arg_nodes.get(k) {
                        Some(a) => self.ref_arg(*a, arg_val.clone()).map(Some),
                        None => Ok(None),
                    };
                    self.scopes = caller_scopes;
                    self.unit = callee_unit;
                    match lv? {
                        Some(lv @ LVal::Slot(_)) => self.havoc_lvalue(lv, *p)?,
                        Some(lv) => {
                            self.bind(&name, Binding::Ref(lv));
                            continue;
                        }
                        None => {}
                    }
                }
                let slot = self.make_slot(&info.ty, &name, name_node);
                self.store(LVal::Slot(slot.clone()), fresh, *p)?;
                self.bind(&name, Binding::Slot(slot));
                continue;
            }
            if info.is_ref {
                // Bind the caller's lvalue: re-lower the argument as an lvalue in the caller's unit.
                let callee_unit = self.unit;
                self.unit = saved_unit;
                let caller_scopes = std::mem::replace(&mut self.scopes, saved_scopes.to_vec());
                let lv = match arg_nodes.get(k) {
                    Some(a) => self.ref_arg(*a, arg_val.clone()),
                    None => Ok(LVal::Discard(info.ty.clone())),
                };
                self.scopes = caller_scopes;
                self.unit = callee_unit;
                self.bind(&name, Binding::Ref(lv?));
                continue;
            }
            let mut ty = info.ty.clone();
            if let (Ty::Scalar(_), Val::Ptr { pointee, .. }) = (&ty, &arg_val) {
                ty = Ty::Ptr(Box::new(pointee.clone()));
            }
            if let (
                Ty::Ptr(_) | Ty::Array(..),
                Val::Ptr {
                    target, pointee, ..
                },
            ) = (&ty, &arg_val)
            {
                // Pointer parameters keep the argument's target.
                let pointee_ty = match &ty {
                    Ty::Ptr(p) | Ty::Array(p, _) => (**p).clone(),
                    _ => pointee.clone(),
                };
                let pointee_ty = if matches!(pointee_ty, Ty::Scalar(ScalarTy::INT))
                    && !matches!(pointee, Ty::Scalar(ScalarTy::INT))
                    && self.is_template_type(tn)
                {
                    pointee.clone()
                } else {
                    pointee_ty
                };
                let off = self.new_var(&format!("{name}.offset"), ScalarTy::LONG, name_node);
                self.ptrs.names.insert(off, name.clone());
                self.init_choice(off, &name, *p);
                self.set_target(off, &name, target.clone(), *p)?;
                let Val::Ptr { offset, .. } = &arg_val else {
                    continue;
                };
                self.push(
                    StmtKind::Assign {
                        var: off,
                        value: offset.clone(),
                    },
                    *p,
                );
                self.bind(
                    &name,
                    Binding::Slot(Slot::Ptr {
                        off,
                        pointee: pointee_ty,
                        name: name.clone(),
                    }),
                );
                continue;
            }
            if self.txt(tn) == "auto" {
                // A generic lambda's `auto` parameter takes the argument's type.
                ty = self.type_of_val(&arg_val);
            }
            let mut group_arg = None;
            if let (Ty::Group(_), Val::Group(g)) = (&ty, &arg_val) {
                // A group parameter (`cg::thread_block_tile<16> g`, or a
                // `thread_group`) is a copy of the caller's handle: the same
                // group of threads, so the same ranks, size and members to
                // synchronise (the type written does not tell the tile size
                // when it is a template parameter or `thread_group`). Only a
                // `thread_block_tile` keeps the static `size()` of its class;
                // converted to another group type, `size()` counts the
                // threads present (a partial last tile), so the flag drops.
                let mut g = *g;
                if let GroupKind::Tile(n, true) = g {
                    if !self.txt(tn).contains("thread_block_tile") {
                        g = GroupKind::Tile(n, false);
                    }
                }
                ty = Ty::Group(g);
                // The handle stored is that group (its flag dropped too), not
                // another group the tile check would reject.
                group_arg = Some(Val::Group(g));
            }
            if let (Ty::Scalar(ScalarTy::INT), Val::Scalar(_, at)) = (&ty, &arg_val) {
                if self.is_template_type(tn) {
                    ty = Ty::Scalar(*at);
                }
            }
            if let (Ty::Scalar(ScalarTy::INT), Val::Agg(aty, _)) = (&ty, &arg_val) {
                if self.is_template_type(tn) {
                    ty = aty.clone();
                }
            }
            // A scalar argument converts to a `dim3` parameter through its
            // constructor: `(x, 1, 1)`.
            let arg_val = group_arg.unwrap_or(arg_val);
            let arg_val = match arg_val {
                Val::Scalar(..)
                    if matches!(ty, Ty::Vector(..)) && self.cx.types.is_dim3(self.txt(tn)) =>
                {
                    self.dim3_of(vec![arg_val], *p)?
                }
                other => other,
            };
            let slot = self.make_slot(&ty, &name, name_node);
            self.store(LVal::Slot(slot.clone()), arg_val, *p)?;
            self.bind(&name, Binding::Slot(slot));
        }
        Ok(())
    }

    /// Lowers the body of an inlined function into the current block, with
    /// its return value in a fresh slot (an address when `by_ref`), and
    /// returns that value. `ret_ty` None: the type is deduced from the
    /// first `return` lowered (C++ requires every `return` of a lambda
    /// without a trailing return type to deduce the same type).
    pub(crate) fn inlined_body(
        &mut self,
        n: Node<'t>,
        def: &FnDef<'t>,
        ret_ty: Option<&Ty>,
        by_ref: bool,
    ) -> R<Val> {
        let ret_slot = match ret_ty {
            None | Some(Ty::Void) => None,
            // A reference: the address of the object returned.
            Some(t) if by_ref => Some(self.make_slot(
                &Ty::Ptr(Box::new(t.clone())),
                &format!("{}.ret", def.name),
                def.node,
            )),
            Some(t) => Some(self.make_slot(t, &format!("{}.ret", def.name), def.node)),
        };
        let body = def.node.child_by_field_name("body");
        let needs_done = body.is_some_and(|b| has_early_return(b));
        self.frames.push(Frame {
            ret: ret_slot,
            by_ref,
            deduce: ret_ty.is_none(),
            returns_reference: self.def_returns_ref(def.node),
        });
        let frame = self.frames.len();
        if needs_done {
            let d = self.new_var(&format!("{}.done", def.name), ScalarTy::Bool, def.node);
            self.push(
                StmtKind::Assign {
                    var: d,
                    value: int(0, ScalarTy::Bool),
                },
                n,
            );
            self.exits.push(Exit {
                flag: d,
                loops: 0,
                label: None,
                frame,
            });
        }
        let r = match body {
            Some(b) => self.compound_into(b),
            None => Ok(()),
        };
        self.exits.retain(|e| e.frame != frame);
        let ret_slot = self.frames.pop().and_then(|f| f.ret);
        r?;
        self.ref_returned = by_ref;
        Ok(match ret_slot {
            Some(s) => self.load_slot(&s),
            None => Val::Void,
        })
    }
}
