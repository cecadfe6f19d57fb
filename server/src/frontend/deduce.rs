//! Template argument deduction at kernel launches: `apply<<<g, b>>>(out, in,
//! n, s)` with `template <typename F> __global__ void apply(float *, const
//! float *, int, F f)` and `Shift s{3};` instantiates `apply<Shift>`
//! ([temp.deduct.call]).
//!
//! Only the two shapes of a kernel parameter that real kernels use are
//! followed: `T x` (by value: `T` is the argument's type after decay and
//! without top-level qualifiers, [temp.deduct.call]/2) and `T *x` (`T` is the
//! pointee of the argument's pointer type, /4). A parameter whose type
//! mentions `T` any other way (`S<T>`, `T &`, `T **`) is skipped: a program
//! that compiles deduces the same `T` from every parameter, so the ones read
//! give it. The argument's type is taken only where it is certain:
//!
//! - a name with exactly one declaration in the launching function (counting
//!   every declaration of the name anywhere in it, nested blocks included,
//!   so no shadowing can pick another; only the parameters and locals of a
//!   lambda that does not contain the use are out of scope), else exactly one in the
//!   whole translation unit, at namespace scope; never in a template (its
//!   types depend on the instantiation) and never `auto`;
//! - a temporary of a class named directly: `Shift{1}`, `Shift()`, `Shift(3)`
//!   (a class with no function of that name);
//! - a C cast `(float *)p`.
//!
//! Anything else (an expression, a call, a literal) deduces nothing and the
//! parameter keeps the project's sound fallback (opaque data; a call through
//! it is refused).

use tree_sitter::Node;

use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::frontend::FnDef;

/// Kinds a declaration of a local is written in whose `declarator` field
/// may name it (the `value` of an `init_declarator`, a `for`'s range or an
/// array bound are uses, not declarations).
const DECLARATOR_PARENTS: &[&str] = &[
    "init_declarator",
    "declaration",
    "parameter_declaration",
    "optional_parameter_declaration",
    "variadic_parameter_declaration",
    "pointer_declarator",
    "reference_declarator",
    "array_declarator",
    "function_declarator",
    "parenthesized_declarator",
    "attributed_declarator",
    "for_range_loop",
    "field_declaration",
];

impl<'c, 't> Lowerer<'c, 't> {
    /// The type a kernel launch deduces for the template type parameter
    /// `name` of `def` from its arguments `args` (unit `u`), when some
    /// parameter of shape `T x` / `T *x` is given an argument whose type
    /// is certain (see the module comment); None otherwise.
    pub(crate) fn deduce_from_launch(
        &self,
        def: &FnDef<'t>,
        name: &str,
        u: usize,
        args: Node<'t>,
    ) -> Option<Ty> {
        let ksrc = self.cx.units[def.unit].text.as_str();
        let (params, args) = parameters_and_arguments(def, args)?;
        if params.len() != args.len() || params.iter().any(|p| p.kind() != "parameter_declaration")
        {
            return None;
        }
        let mut deduced: Option<Ty> = None;
        for (p, a) in params.iter().zip(&args) {
            let Some(t) = p.child_by_field_name("type") else {
                continue;
            };
            if t.kind() != "type_identifier" || text(t, ksrc) != name {
                continue;
            }
            let Some(d) = p.child_by_field_name("declarator") else {
                continue;
            };
            let pointer = match d.kind() {
                "identifier" => false,
                "pointer_declarator"
                    if d.child_by_field_name("declarator")
                        .is_some_and(|i| i.kind() == "identifier") =>
                {
                    true
                }
                _ => continue,
            };
            let Some(at) = self.launch_arg_type(u, *a) else {
                continue;
            };
            // Decay ([conv.array]): an array argument is a pointer to its
            // first element.
            let at = match at {
                Ty::Array(e, _) => Ty::Ptr(e),
                t => t,
            };
            let ty = if pointer {
                match at {
                    Ty::Ptr(e) => *e,
                    _ => continue,
                }
            } else {
                at
            };
            if matches!(ty, Ty::Void) && !pointer {
                return None;
            }
            match &deduced {
                // Two parameters deducing different types: the program
                // does not compile as read; deduce nothing.
                Some(d) if *d != ty => return None,
                _ => deduced = Some(ty),
            }
        }
        deduced
    }

    /// The lambda expression a launch passes (unit `u`, arguments `args`)
    /// for a parameter `F f` of `def` (by value) whose type is the template
    /// type parameter `name`: `F` is deduced as its closure type.
    pub(crate) fn deduce_closure(
        &self,
        def: &FnDef<'t>,
        name: &str,
        u: usize,
        args: Node<'t>,
    ) -> Option<(usize, Node<'t>)> {
        let ksrc = self.cx.units[def.unit].text.as_str();
        let (params, args) = parameters_and_arguments(def, args)?;
        if params.len() != args.len() {
            return None;
        }
        let mut found = None;
        for (p, a) in params.iter().zip(&args) {
            let named = p
                .child_by_field_name("type")
                .is_some_and(|t| t.kind() == "type_identifier" && text(t, ksrc) == name);
            let mut a = *a;
            while a.kind() == "parenthesized_expression" {
                a = a.named_child(0)?;
            }
            if named && a.kind() == "identifier" {
                // A local holding a lambda (`auto f = [] __device__ (..) {..};
                // k<<<..>>>(.., f)`): its type is that lambda's closure type
                // ([dcl.type.auto.deduct]: `auto` from the prvalue closure),
                // which no assignment can change (another lambda has another
                // type), so the argument is a copy of that closure.
                match lambda_held_by(a, &self.cx.units[u].text) {
                    Some(lam) => a = lam,
                    None => continue,
                }
            }
            // A lambda in a template has a type per instantiation, and its
            // body's types may depend on the template's parameters.
            if named && a.kind() == "lambda_expression" && !in_template(a) {
                if found.is_some() {
                    // Two lambdas for one parameter type: different types.
                    return None;
                }
                found = Some((u, a));
            }
        }
        found
    }

    /// Binds the kernel parameter `param` (at `position`, declared at `p`)
    /// whose type is the closure type of the lambda at `(unit, start, end)`
    /// passed by the launch: a call of it runs the lambda's body
    /// ([expr.prim.lambda.closure]/7: the closure's `operator()`), which sees
    /// its own parameters and locals, the captured variables, and the
    /// program's namespace-scope names, never the kernel's names.
    ///
    /// Every thread receives the same copy of the closure (kernel
    /// arguments are copied to the device once per launch), so a variable
    /// captured by copy is a value the host computed: unknown, the same in
    /// every thread, like a scalar kernel parameter. A captured pointer
    /// holds an address the host passed, which may be that of any array a
    /// kernel argument points into (the lambda often captures the very
    /// pointer the kernel is given): it targets any global array at a
    /// uniform unknown offset. A variable captured by reference is a host
    /// reference, invalid in device code: a scalar one reads an unknown
    /// value that may differ between threads; any other is refused. A
    /// `mutable` lambda (its body may change its copies) and a capture whose
    /// host declaration is not certain (see `declared_type`) are refused.
    pub(crate) fn declare_closure_param(
        &mut self,
        param: &str,
        (unit, start, end): (usize, usize, usize),
        position: u32,
        p: Node<'t>,
    ) -> R<()> {
        let Some(node) = self.cx.units[unit]
            .tree
            .root_node()
            .descendant_for_byte_range(start, end)
            .filter(|x| x.kind() == "lambda_expression")
        else {
            return self.unsup(p, "the lambda passed to the kernel was not found");
        };
        let saved_unit = self.unit;
        self.unit = unit;
        let r = self.closure_binding(param, node, position, p);
        self.unit = saved_unit;
        let lam = r?;
        self.bind(param, Binding::Lambda(lam));
        Ok(())
    }

    /// The lambda a kernel parameter of closure type holds (see
    /// [`Self::declare_closure_param`]); lowered in the lambda's unit.
    fn closure_binding(
        &mut self,
        param: &str,
        node: Node<'t>,
        position: u32,
        p: Node<'t>,
    ) -> R<std::rc::Rc<LambdaDef>> {
        let Some(body) = node.child_by_field_name("body") else {
            return self.unsup(node, "lambda without a body");
        };
        let src = self.cx.units[self.unit].text.as_str();
        let head = &src[node.start_byte()..body.start_byte()];
        if head
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|w| w == "mutable")
        {
            return self.unsup(
                node,
                "a `mutable` lambda passed to a kernel (its body may change its captured copies) is not supported",
            );
        }
        // The body is lowered under the kernel's template bindings: a type
        // of the host's that has the name of a kernel template parameter
        // would be read as that parameter's type.
        let mut stack = vec![body];
        while let Some(x) = stack.pop() {
            if x.kind() == "type_identifier"
                && self
                    .kernel
                    .template_params
                    .iter()
                    .any(|t| t == text(x, src))
            {
                return self.unsup(
                    x,
                    "a lambda passed to a kernel naming a type that is also a template parameter of the kernel is not supported",
                );
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
        let captures = self.lambda_capture_modes(node)?;
        let Some(func) = ({
            let mut f = node.parent();
            while let Some(x) = f.filter(|x| x.kind() != "function_definition") {
                f = x.parent();
            }
            f
        }) else {
            return self.unsup(node, "a lambda passed to a kernel outside a function");
        };
        // In a member function `[=]` captures `this`, and a member used in
        // the body is the object's: members are not followed.
        let member = func
            .parent()
            .is_some_and(|p| p.kind() == "field_declaration_list")
            || func
                .child_by_field_name("declarator")
                .and_then(|d| d.child_by_field_name("declarator"))
                .is_some_and(|d| d.kind() == "qualified_identifier");
        if member {
            return self.unsup(
                node,
                "a lambda passed to a kernel from a member function (its captures may be members) is not supported",
            );
        }
        let mut copies: crate::base::HashMap<String, Binding> = Default::default();
        for (name, at) in self.names_used(body) {
            let src = self.cx.units[self.unit].text.as_str();
            let all: Vec<Node<'t>> = declarations_of(func, &name, src)
                .into_iter()
                .filter(|d| visible_from(*d, at))
                .collect();
            let inside = all
                .iter()
                .filter(|d| d.start_byte() >= node.start_byte() && d.end_byte() <= node.end_byte())
                .count();
            let outside = all.len() - inside;
            match (inside, outside) {
                // A name of the program (a function, a `__device__` or
                // `__constant__` variable, a type): looked up as usual.
                (_, 0) => continue,
                (0, _) => {}
                _ => {
                    return self.unsup(
                        at,
                        format!("`{name}` is declared both inside a lambda passed to a kernel and around it"),
                    )
                }
            }
            let Some(ty) = self.declared_type(self.unit, at) else {
                return self.unsup(
                    at,
                    format!("capture `{name}` of a lambda passed to a kernel: its host declaration is not certain"),
                );
            };
            let field = format!("{param}.{name}");
            let v = if captures.by_reference(&name) {
                match ty {
                    Ty::Scalar(st) => {
                        let slot = self.make_slot(&Ty::Scalar(st), &field, at);
                        self.havoc_slot(&slot, at);
                        copies.insert(name, Binding::Slot(slot));
                        continue;
                    }
                    _ => {
                        return self.unsup(
                            at,
                            format!("capture of `{name}` by reference in a lambda passed to a kernel (a host reference) is not supported"),
                        )
                    }
                }
            } else {
                self.closure_value(&field, &ty, position, 0, p)
            };
            copies.insert(name, Binding::Value(v));
        }
        Ok(std::rc::Rc::new(LambdaDef {
            unit: self.unit,
            range: (node.start_byte(), node.end_byte()),
            scopes: std::rc::Rc::new(vec![copies]),
        }))
    }

    /// The value of a variable of type `ty` captured by copy in a closure
    /// passed to a kernel: uniform unknown scalars (kernel parameters), and
    /// pointers to any global array at a uniform unknown offset.
    fn closure_value(
        &mut self,
        name: &str,
        ty: &Ty,
        position: u32,
        depth: usize,
        at: Node<'t>,
    ) -> Val {
        match ty {
            Ty::Ptr(pointee) => {
                let array = self.alias_array(crate::ir::MemSpace::Global, at);
                let offset = match self.param_val(
                    &format!("{name}.offset"),
                    &Ty::Scalar(crate::ir::ScalarTy::LONG),
                    position,
                    depth,
                    at,
                ) {
                    Val::Scalar(e, _) => e,
                    _ => crate::frontend::arith::int(0, crate::ir::ScalarTy::LONG),
                };
                Val::Ptr {
                    target: Target::Array(array),
                    offset,
                    pointee: (**pointee).clone(),
                }
            }
            Ty::Vector(..) | Ty::Struct(_) if depth < 8 => {
                let parts = self.cx.types.parts(ty);
                let names = self.part_names(ty);
                let vals = parts
                    .iter()
                    .zip(names)
                    .map(|((_, t), n)| {
                        self.closure_value(&format!("{name}.{n}"), t, position, depth + 1, at)
                    })
                    .collect();
                Val::Agg(ty.clone(), vals)
            }
            _ => self.param_val(name, ty, position, depth, at),
        }
    }

    /// The type of a launch argument `a` of unit `u` when it is certain
    /// (see the module comment).
    fn launch_arg_type(&self, u: usize, a: Node<'t>) -> Option<Ty> {
        let src = self.cx.units[u].text.as_str();
        let mut a = a;
        while a.kind() == "parenthesized_expression" {
            a = a.named_child(0)?;
        }
        if in_template(a) {
            return None;
        }
        let types = &self.cx.types;
        let no_overrides = crate::base::HashMap::default();
        match a.kind() {
            "identifier" => self.declared_type(u, a),
            "compound_literal_expression" => {
                let t = a.child_by_field_name("type")?;
                (types.knows_type(t, src) && !local_type(t, a, src))
                    .then(|| types.resolve_base(t, src, &no_overrides))
                    .filter(|t| matches!(t, Ty::Struct(_)))
            }
            "call_expression" => {
                let f = a.child_by_field_name("function")?;
                if f.kind() != "identifier" {
                    return None;
                }
                let tag = text(f, src);
                let k = *types.struct_names.get(tag)?;
                (!self.cx.functions.contains_key(tag)
                    && self.declared_type(u, f).is_none()
                    && !local_type(f, a, src))
                .then_some(Ty::Struct(k))
            }
            "cast_expression" => {
                let t = a.child_by_field_name("type")?;
                let base = t.child_by_field_name("type")?;
                (types.knows_type(base, src) && !local_type(base, a, src))
                    .then(|| types.type_descriptor(t, src, &no_overrides))
            }
            _ => None,
        }
    }

    /// The declared type of the variable the identifier `n` (unit `u`)
    /// names, when it has exactly one declaration in its function (else,
    /// with none there, exactly one at namespace scope in the whole
    /// translation unit), written with a type the front end knows.
    fn declared_type(&self, u: usize, n: Node<'t>) -> Option<Ty> {
        let name = text(n, &self.cx.units[u].text);
        let mut func = n.parent();
        while let Some(f) = func {
            if f.kind() == "function_definition" {
                break;
            }
            func = f.parent();
        }
        let func = func?;
        let local: Vec<Node<'t>> = declarations_of(func, name, &self.cx.units[u].text)
            .into_iter()
            .filter(|d| visible_from(*d, n))
            .collect();
        let (du, decl) = match local.as_slice() {
            // The one declaration must be in scope at the use: before it,
            // in a block (or the parameter list) around it. One in a block
            // already closed leaves the name to an outer declaration.
            [one] if in_scope_at(*one, n) => (u, *one),
            [_] => return None,
            [] => {
                let mut all = Vec::new();
                for (k, unit) in self.cx.units.iter().enumerate() {
                    for d in declarations_of(unit.tree.root_node(), name, &unit.text) {
                        all.push((k, d));
                    }
                }
                match all.as_slice() {
                    [(k, d)] if at_namespace_scope(*d) => (*k, *d),
                    _ => return None,
                }
            }
            _ => return None,
        };
        let src = self.cx.units[du].text.as_str();
        // Up the declarators to the declaration.
        let mut top = decl;
        let mut owner = decl.parent()?;
        while !matches!(owner.kind(), "declaration" | "parameter_declaration") {
            if !matches!(
                owner.kind(),
                "init_declarator" | "pointer_declarator" | "array_declarator"
            ) {
                return None;
            }
            top = owner;
            owner = owner.parent()?;
        }
        if owner.child_by_field_name("declarator") != Some(top)
            && !owner
                .children_by_field_name("declarator", &mut owner.walk())
                .any(|d| d == top)
        {
            return None;
        }
        let t = owner.child_by_field_name("type")?;
        if in_template(owner) || !self.cx.types.knows_type(t, src) || local_type(t, owner, src) {
            return None;
        }
        let base = self
            .cx
            .types
            .resolve_base(t, src, &crate::base::HashMap::default());
        let info = self.cx.types.apply_declarator(base, Some(top), src);
        (!info.is_ref && !info.is_fn).then_some(info.ty)
    }
}

/// Every identifier in `root` that declares `name` (the declarator of a
/// declaration, parameter, structured binding or init-capture).
fn declarations_of<'t>(root: Node<'t>, name: &str, src: &str) -> Vec<Node<'t>> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(x) = stack.pop() {
        if x.kind() == "identifier" && text(x, src) == name {
            if let Some(p) = x.parent() {
                let declares = (DECLARATOR_PARENTS.contains(&p.kind())
                    && p.children_by_field_name("declarator", &mut p.walk())
                        .any(|d| d == x))
                    || matches!(
                        p.kind(),
                        "structured_binding_declarator" | "lambda_capture_initializer"
                    );
                if declares {
                    out.push(x);
                }
            }
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    out
}

/// Whether the declaration `d` may be what a use at `at` names: a
/// declaration inside a lambda (its parameters and locals) is out of scope
/// everywhere outside that lambda's expression.
fn visible_from(d: Node, at: Node) -> bool {
    let mut cur = d.parent();
    while let Some(p) = cur {
        if p.kind() == "lambda_expression"
            && !(p.start_byte() <= at.start_byte() && at.end_byte() <= p.end_byte())
        {
            return false;
        }
        cur = p.parent();
    }
    true
}

/// Whether the declaration `d` is in scope at the use `at` of the same
/// function: written before it, and the block, loop or function that
/// holds it encloses the use.
fn in_scope_at(d: Node, at: Node) -> bool {
    if d.start_byte() >= at.start_byte() {
        return false;
    }
    let mut cur = d.parent();
    while let Some(p) = cur {
        if matches!(
            p.kind(),
            "compound_statement"
                | "for_statement"
                | "for_range_loop"
                | "if_statement"
                | "while_statement"
                | "switch_statement"
                | "catch_clause"
                | "lambda_expression"
                | "function_definition"
        ) {
            return p.start_byte() <= at.start_byte() && at.end_byte() <= p.end_byte();
        }
        cur = p.parent();
    }
    false
}

/// Whether `n` is inside a template (its types may depend on the
/// instantiation).
/// The lambda expression the local named at `used` was declared with, as
/// `auto name = [..](..) {..};` (or `const auto`), when that declaration is
/// the one in scope there (see `declaration_in_scope`).
fn lambda_held_by<'t>(used: Node<'t>, src: &str) -> Option<Node<'t>> {
    let (d, shape) = crate::frontend::calls::object_const::declaration_in_scope(used, src)?;
    if d.kind() != "declaration" || !shape.is_empty() {
        return None;
    }
    let ty = d.child_by_field_name("type")?;
    if text(ty, src).trim() != "auto" {
        return None;
    }
    let init = d
        .children_by_field_name("declarator", &mut d.walk())
        .find(|x| {
            x.kind() == "init_declarator"
                && x.child_by_field_name("declarator")
                    .is_some_and(|n| n.kind() == "identifier" && text(n, src) == text(used, src))
        })?;
    let mut value = init.child_by_field_name("value")?;
    while value.kind() == "parenthesized_expression" {
        value = value.named_child(0)?;
    }
    (value.kind() == "lambda_expression").then_some(value)
}

fn in_template(n: Node) -> bool {
    let mut cur = n.parent();
    while let Some(p) = cur {
        if p.kind() == "template_declaration" {
            return true;
        }
        cur = p.parent();
    }
    false
}

/// Whether the declaration of `n` is at namespace scope (no function,
/// lambda or class around it).
fn at_namespace_scope(n: Node) -> bool {
    let mut cur = n.parent();
    while let Some(p) = cur {
        if matches!(
            p.kind(),
            "function_definition" | "lambda_expression" | "field_declaration_list"
        ) {
            return false;
        }
        cur = p.parent();
    }
    true
}

/// Whether the type `t` (used at `at`) names a type declared in an
/// enclosing function, lambda or class (a local struct or alias of the
/// host function, which may shadow a namespace-scope one of that name).
fn local_type(t: Node, at: Node, src: &str) -> bool {
    let mut names = Vec::new();
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        if matches!(x.kind(), "type_identifier" | "identifier") {
            names.push(text(x, src));
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    let mut cur = at.parent();
    while let Some(p) = cur {
        if matches!(p.kind(), "function_definition" | "lambda_expression") {
            let mut stack = vec![p];
            while let Some(x) = stack.pop() {
                let declared = match x.kind() {
                    "struct_specifier" | "class_specifier" | "union_specifier"
                    | "enum_specifier"
                        if x.child_by_field_name("body").is_some() =>
                    {
                        x.child_by_field_name("name")
                    }
                    "type_definition" => x.child_by_field_name("declarator"),
                    "alias_declaration" => x.child_by_field_name("name"),
                    _ => None,
                };
                if declared.is_some_and(|d| names.contains(&text(d, src))) {
                    return true;
                }
                stack.extend(x.named_children(&mut x.walk()));
            }
        }
        cur = p.parent();
    }
    false
}

/// The parameter declarations of `def` and the argument nodes of a call's
/// list `args`, comments left out.
fn parameters_and_arguments<'t>(
    def: &FnDef<'t>,
    args: Node<'t>,
) -> Option<(Vec<Node<'t>>, Vec<Node<'t>>)> {
    let params = def.params?;
    let params = params
        .named_children(&mut params.walk())
        .filter(|p| p.kind() != "comment")
        .collect();
    let args = args
        .named_children(&mut args.walk())
        .filter(|a| a.kind() != "comment")
        .collect();
    Some((params, args))
}
