//! Member overloads told apart by the object's constness (`float &at(int)`
//! beside `float at(int) const`). A member's implicit object parameter is
//! `X &` for a member without cv-qualifier and `const X &` for a `const`
//! member ([over.match.funcs]/4), and an object expression binds it like a
//! reference argument:
//! - a const object cannot bind `X &`: it never calls a non-const,
//!   non-static member;
//! - a non-const object binds both, and of two reference bindings that
//!   differ only in the referred type's top-level cv-qualifiers the less
//!   qualified is the better conversion ([over.ics.rank]/3.2.6): of two
//!   members with the same parameter-type-list (so the same conversions for
//!   every argument) it calls the non-const one.
//!
//! Dropping candidates C++ never calls leaves the rest of overload
//! resolution as it was. The object's constness is read from the syntax only
//! where it is sure: a name declared in the enclosing function (or lambda)
//! with the class's own name as its type (not an alias, a template
//! parameter, `auto`), or `this` in a member function; anything else (a
//! member, a global, a capture, a subscript) is not known and keeps every
//! candidate.

use tree_sitter::Node;

use crate::frontend::exprs::strip_parens;
use crate::frontend::lowerer::*;
use crate::frontend::types::text;
use crate::frontend::FnDef;

/// Most nodes of a function looked at for the declarations of a name.
const MAX_SCAN: usize = 50_000;

/// What an `identifier` node is, for the declarations of its name.
enum Role<'t> {
    /// A use of the name (or a part of a declaration that is not its name).
    Use,
    /// The name a declaration (`declaration`, a parameter, a range-for
    /// variable) declares, with the declarator kinds between the name and
    /// the declaration (`reference_declarator`, `pointer_declarator`).
    Declares(Node<'t>, Vec<&'static str>),
    /// A declaration the rules here do not read (a structured binding, a
    /// capture, a function declarator): the name's constness is not known.
    Unknown,
}

/// The role of the identifier `id` ([`Role`]).
fn role(id: Node<'_>) -> Role<'_> {
    let mut top = id;
    let mut shape: Vec<&'static str> = Vec::new();
    for _ in 0..64 {
        let Some(p) = top.parent() else {
            return Role::Use;
        };
        let is_field = |field: &str| {
            p.children_by_field_name(field, &mut p.walk())
                .any(|c| c.id() == top.id())
        };
        match p.kind() {
            "init_declarator" | "array_declarator" | "pointer_declarator" => {
                // A name in the initializer or the bound is a use.
                if !is_field("declarator") {
                    return Role::Use;
                }
                match p.kind() {
                    "pointer_declarator" => shape.push("pointer_declarator"),
                    "array_declarator" => shape.push("array_declarator"),
                    _ => {}
                }
            }
            "reference_declarator" => shape.push("reference_declarator"),
            "parenthesized_declarator" | "attributed_declarator" => {}
            "function_declarator" => {
                if !is_field("declarator") {
                    return Role::Use;
                }
                return Role::Unknown;
            }
            "declaration"
            | "parameter_declaration"
            | "optional_parameter_declaration"
            | "for_range_loop" => {
                return if is_field("declarator") {
                    Role::Declares(p, shape)
                } else {
                    Role::Use
                };
            }
            "structured_binding_declarator"
            | "lambda_capture_specifier"
            | "lambda_capture_initializer"
            | "variadic_declarator" => return Role::Unknown,
            // The name sits in an expression (or a declaration form not
            // above, reached through a declarator: not read).
            _ if shape.is_empty() && top.id() == id.id() => return Role::Use,
            _ => return Role::Unknown,
        }
        top = p;
    }
    Role::Unknown
}

/// Whether `outer` contains `inner` (by byte range).
fn contains(outer: Node, inner: Node) -> bool {
    outer.start_byte() <= inner.start_byte() && inner.end_byte() <= outer.end_byte()
}

/// The scope of the declaration `d` (see [`Role::Declares`]) of the name
/// used at `used` when that use is in it (the block or statement the
/// declaration is in, after the declaration), in the function or lambda
/// `root`; Some(None) when the use is not in it; None when its scope is not
/// read (a declaration under a `case` label, whose scope runs on into the
/// next labels, a parameter of a function type or of a `catch`).
fn scope_at<'t>(d: Node<'t>, used: Node, root: Node<'t>) -> Option<Option<Node<'t>>> {
    let scope = match d.kind() {
        "declaration" => {
            let mut scope = d.parent()?;
            if matches!(scope.kind(), "condition_clause" | "init_statement") {
                scope = scope.parent()?;
            }
            if !matches!(
                scope.kind(),
                "compound_statement"
                    | "for_statement"
                    | "if_statement"
                    | "while_statement"
                    | "switch_statement"
            ) {
                return None;
            }
            scope
        }
        "for_range_loop" => d,
        _ => {
            // A parameter: of the function or lambda whose declarator
            // holds its parameter list.
            let list = d.parent().filter(|l| l.kind() == "parameter_list")?;
            let mut up = list
                .parent()
                .filter(|f| matches!(f.kind(), "function_declarator" | "lambda_declarator"))?;
            let mut owner = None;
            for _ in 0..16 {
                up = up.parent()?;
                match up.kind() {
                    "function_definition" | "lambda_expression" => {
                        owner = Some(up);
                        break;
                    }
                    "reference_declarator"
                    | "pointer_declarator"
                    | "parenthesized_declarator"
                    | "attributed_declarator" => {}
                    _ => return None,
                }
            }
            let owner = owner?;
            return Some((owner.id() == root.id()).then_some(owner));
        }
    };
    let visible = if d.kind() == "for_range_loop" {
        d.child_by_field_name("body")
            .is_some_and(|b| contains(b, used))
    } else {
        contains(scope, used) && d.end_byte() <= used.start_byte()
    };
    Some(visible.then_some(scope))
}

/// The innermost function definition or lambda expression around `n`.
fn enclosing_function(n: Node<'_>) -> Option<Node<'_>> {
    let mut up = n.parent();
    while let Some(x) = up {
        if matches!(x.kind(), "function_definition" | "lambda_expression") {
            return Some(x);
        }
        up = x.parent();
    }
    None
}

/// The function declarator of the function definition `f` (through the
/// pointer and reference declarators of its return type).
fn function_declarator(f: Node<'_>) -> Option<Node<'_>> {
    let mut d = f.child_by_field_name("declarator")?;
    for _ in 0..16 {
        match d.kind() {
            "function_declarator" => return Some(d),
            "pointer_declarator"
            | "reference_declarator"
            | "parenthesized_declarator"
            | "attributed_declarator" => {
                d = d.child_by_field_name("declarator").or_else(|| {
                    d.named_children(&mut d.walk())
                        .find(|c| c.kind() != "attribute_declaration")
                })?;
            }
            _ => return None,
        }
    }
    None
}

/// The cv- and ref-qualifiers of a member's function declarator `fd`:
/// Some(true) for `const`, Some(false) for none, None for `volatile` or a
/// ref-qualifier (which the rules here do not read).
fn declarator_const(fd: Node, src: &str) -> Option<bool> {
    let mut is_const = false;
    for c in fd.children(&mut fd.walk()) {
        match c.kind() {
            "ref_qualifier" => return None,
            "type_qualifier" => match text(c, src) {
                "const" => is_const = true,
                "volatile" => return None,
                _ => {}
            },
            _ => {}
        }
    }
    Some(is_const)
}

/// The constness of `this` at `at`: that of the member function whose
/// body holds it; None inside a lambda (a `[*this]` capture copies it).
fn this_constness(at: Node, src: &str) -> Option<bool> {
    let f = enclosing_function(at)?;
    if f.kind() != "function_definition" {
        return None;
    }
    declarator_const(function_declarator(f)?, src)
}

/// Whether a template declaration around `n` has a parameter spelt `name`
/// (word match on its parameter list: an over-approximation).
fn template_parameter_around(n: Node, name: &str, src: &str) -> bool {
    let mut up = n.parent();
    while let Some(x) = up {
        if x.kind() == "template_declaration"
            && x.child_by_field_name("parameters").is_some_and(|p| {
                text(p, src)
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|w| w == name)
            })
        {
            return true;
        }
        up = x.parent();
    }
    false
}

/// The parameter-type-list of `def` as written, each parameter's text with
/// its name cut out and whitespace normalised; None when a parameter has a
/// default argument or is a pack (whose calls the rules here do not compare).
fn parameter_texts(def: &FnDef<'_>, src: &str) -> Option<Vec<String>> {
    let params = def.params?;
    let mut out = Vec::new();
    for p in params.named_children(&mut params.walk()) {
        match p.kind() {
            "comment" => continue,
            "parameter_declaration" => {}
            _ => return None,
        }
        // The declared name: the innermost declarator.
        let mut name = p.child_by_field_name("declarator");
        for _ in 0..16 {
            match name {
                Some(d) if d.kind() != "identifier" => {
                    name = d.child_by_field_name("declarator").or_else(|| {
                        d.named_children(&mut d.walk())
                            .find(|c| c.kind().ends_with("declarator") || c.kind() == "identifier")
                    });
                }
                _ => break,
            }
        }
        let whole = text(p, src);
        let written = match name.filter(|d| d.kind() == "identifier") {
            Some(id) => {
                let (a, b) = (
                    id.start_byte() - p.start_byte(),
                    id.end_byte() - p.start_byte(),
                );
                format!("{} {}", whole.get(..a)?, whole.get(b..)?)
            }
            None => whole.to_string(),
        };
        out.push(written.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    Some(out)
}

/// The CUDA execution-space words among the specifiers of `def`
/// (`__host__`, `__device__`, `__global__`), as a bit set.
fn execution_spaces(def: &FnDef<'_>, src: &str) -> u8 {
    let end = def
        .node
        .child_by_field_name("declarator")
        .map_or(def.node.start_byte(), |d| d.start_byte());
    let specs = src.get(def.node.start_byte()..end).unwrap_or("");
    let mut bits = 0;
    for w in specs.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        bits |= match w {
            "__host__" => 1,
            "__device__" => 2,
            "__global__" => 4,
            _ => 0,
        };
    }
    bits
}

impl<'c, 't> Lowerer<'c, 't> {
    /// The constness of the object a member call `obj.m(..)` (`obj->m(..)`
    /// when `arrow`) of class `k` runs on: Some(true) const, Some(false)
    /// not, None when the syntax does not surely tell (see the module doc).
    fn object_constness(&self, obj: Node<'t>, arrow: bool, k: usize) -> Option<bool> {
        let src = self.src();
        let obj = strip_parens(obj);
        let derefs_this = obj.kind() == "pointer_expression"
            && obj
                .child_by_field_name("operator")
                .is_some_and(|o| text(o, src) == "*")
            && obj
                .child_by_field_name("argument")
                .is_some_and(|a| strip_parens(a).kind() == "this");
        if (arrow && obj.kind() == "this") || (!arrow && derefs_this) {
            return this_constness(obj, src);
        }
        if obj.kind() != "identifier" {
            return None;
        }
        // The declarations in scope at the use: the innermost one is the
        // name's ([basic.scope.block]); two in one scope (not valid C++
        // for a local) must agree.
        let declarations = innermost_declarations(obj, src)?;
        let mut constness = None;
        for (d, shape) in &declarations {
            let c = self.declared_constness(*d, shape, arrow, k)?;
            if constness.is_some_and(|fc| fc != c) {
                return None;
            }
            constness = Some(c);
        }
        constness
    }

    /// The constness of the object named by the declaration `d` (a
    /// reference's referent, a pointer's pointee when `arrow`), whose name
    /// sits under the declarator kinds `shape`; None unless its type is
    /// class `k` by its own name and the shape is a plain object or
    /// reference (`.`) or a one-level pointer (`->`).
    fn declared_constness(
        &self,
        d: Node<'t>,
        shape: &[&str],
        arrow: bool,
        k: usize,
    ) -> Option<bool> {
        let src = self.src();
        let fits = match shape {
            [] | ["reference_declarator"] => !arrow,
            ["pointer_declarator"] => arrow,
            _ => false,
        };
        if !fits || !self.names_class_itself(d.child_by_field_name("type")?, k) {
            return None;
        }
        let mut is_const = false;
        for q in d
            .children(&mut d.walk())
            .filter(|q| q.kind() == "type_qualifier")
        {
            match text(q, src) {
                "const" | "constexpr" => is_const = true,
                // A volatile object calls only volatile members.
                "volatile" => return None,
                _ => {}
            }
        }
        Some(is_const)
    }

    /// Whether the type node `t` names class `k` itself: its tag, not a
    /// typedef or alias (which may add `const` or make it a pointer or
    /// reference), nor a template parameter that may be bound to `const X`.
    fn names_class_itself(&self, t: Node<'t>, k: usize) -> bool {
        let src = self.src();
        let tag = self.struct_name(k);
        let head = tag.split('<').next().unwrap_or(&tag).trim();
        let bare = head.rsplit("::").next().unwrap_or(head);
        let mut t = t;
        for _ in 0..16 {
            if t.kind() != "qualified_identifier" {
                break;
            }
            match t.child_by_field_name("name") {
                Some(x) => t = x,
                None => return false,
            }
        }
        let name_node = match t.kind() {
            "type_identifier" => Some(t),
            "template_type" => t.child_by_field_name("name"),
            "struct_specifier" | "class_specifier" if t.child_by_field_name("body").is_none() => t
                .child_by_field_name("name")
                .filter(|x| x.kind() == "type_identifier"),
            _ => None,
        };
        let Some(name_node) = name_node.filter(|x| x.kind() == "type_identifier") else {
            return false;
        };
        let name = text(name_node, src);
        let types = &self.cx.types;
        !bare.is_empty()
            && name == bare
            && !types.typedefs.contains_key(name)
            && !types.scoped_typedefs.contains_key(name)
            && !types.ref_aliases.contains(name)
            && !types.value_aliases.contains(name)
            && !types.member_types.keys().any(|(_, m)| m == name)
            && !self.type_overrides.contains_key(name)
            && !template_parameter_around(t, name, src)
    }

    /// How member `def` of class `k` binds its object: Some(true) a `const`
    /// member, Some(false) a member without cv- or ref-qualifier that is
    /// surely not static (`static` is not repeated on an out-of-line
    /// definition: then only when `static_ok`, or when no unit defining the
    /// class says `static`), None otherwise.
    fn member_cv(&self, def: &FnDef<'t>, k: usize, static_ok: bool) -> Option<bool> {
        let src = &self.cx.units[def.unit].text;
        let fd = def
            .params?
            .parent()
            .filter(|f| f.kind() == "function_declarator")?;
        if declarator_const(fd, src)? {
            return Some(true);
        }
        let says_static = |n: Node| {
            n.children(&mut n.walk())
                .any(|c| c.kind() == "storage_class_specifier" && text(c, src) == "static")
        };
        if says_static(def.node) {
            return None;
        }
        let in_class = def.node.parent().is_some_and(|p| {
            p.kind() == "field_declaration_list"
                || p.kind() == "template_declaration"
                    && p.parent()
                        .is_some_and(|q| q.kind() == "field_declaration_list")
        });
        if !in_class && !static_ok && self.class_text_has(k, "static") {
            return None;
        }
        Some(false)
    }

    /// Whether members `a` and `b` have the same parameter-type-list (as
    /// written, and as the front end resolves it), neither a template.
    fn same_parameters(&self, a: &FnDef<'t>, b: &FnDef<'t>) -> bool {
        if a.template.is_some()
            || b.template.is_some()
            || a.variadic
            || b.variadic
            || a.param_count != b.param_count
        {
            return false;
        }
        let (Some(ta), Some(tb)) = (
            parameter_texts(a, &self.cx.units[a.unit].text),
            parameter_texts(b, &self.cx.units[b.unit].text),
        ) else {
            return false;
        };
        ta == tb && self.param_types(a) == self.param_types(b)
    }

    /// The member functions among `defs` (of class `k`) that a call on the
    /// object `obj` (`obj->` when `arrow`) may run (see the module doc); all
    /// of them when its constness is not known or none would be left. The
    /// object is looked at only when `defs` mix `const` and other members.
    pub(crate) fn members_for_object(
        &self,
        defs: &[FnDef<'t>],
        obj: Node<'t>,
        arrow: bool,
        k: usize,
    ) -> Vec<FnDef<'t>> {
        let consts = defs
            .iter()
            .filter(|d| self.member_cv(d, k, true) == Some(true))
            .count();
        if consts == 0 || consts == defs.len() {
            return defs.to_vec();
        }
        let kept: Vec<FnDef<'t>> = match self.object_constness(obj, arrow, k) {
            None => return defs.to_vec(),
            // A const object binds no `X &`.
            Some(true) => defs
                .iter()
                .filter(|d| self.member_cv(d, k, false) != Some(false))
                .cloned()
                .collect(),
            // A non-const object prefers the member without `const` of the
            // same parameters; a static member cannot have the same
            // parameters as a non-static one ([over.load]/2), so an
            // out-of-line one counts. Both must be declared for the same
            // execution spaces (CUDA compilers may rank a call across
            // spaces first).
            Some(false) => defs
                .iter()
                .filter(|c| {
                    !(self.member_cv(c, k, true) == Some(true)
                        && defs.iter().any(|d| {
                            d.has_body
                                && self.member_cv(d, k, true) == Some(false)
                                && execution_spaces(d, &self.cx.units[d.unit].text)
                                    == execution_spaces(c, &self.cx.units[c.unit].text)
                                && self.same_parameters(c, d)
                        }))
                })
                .cloned()
                .collect(),
        };
        if kept.iter().any(|d| d.has_body) {
            kept
        } else {
            defs.to_vec()
        }
    }
}

/// The declaration (see [`Role::Declares`]) that the name `used` (an
/// identifier) refers to: the innermost one in scope there in the enclosing
/// function or lambda, with the declarator kinds around the name; None when
/// there is none (a member, a global, a capture), it is not unique in its
/// scope, or some declaration of the name is of a form not read.
pub(crate) fn declaration_in_scope<'t>(
    used: Node<'t>,
    src: &str,
) -> Option<(Node<'t>, Vec<&'static str>)> {
    let declarations = innermost_declarations(used, src)?;
    match <[_; 1]>::try_from(declarations) {
        Ok([one]) => Some(one),
        Err(_) => None,
    }
}

/// The declarations of the name `used` (an identifier) in the innermost
/// scope that declares it in the enclosing function or lambda, with the
/// declarator kinds around each name: one for valid C++, several when one
/// scope declares it twice, none when no scope there does (a member, a
/// global, a capture). None when the function is too large to scan or some
/// declaration of the name is of a form not read.
fn innermost_declarations<'t>(
    used: Node<'t>,
    src: &str,
) -> Option<Vec<(Node<'t>, Vec<&'static str>)>> {
    let name = text(used, src);
    let root = enclosing_function(used)?;
    let width = |s: Node| s.end_byte() - s.start_byte();
    let mut innermost: Option<Node<'t>> = None;
    let mut found: Vec<(Node<'t>, Vec<&'static str>)> = Vec::new();
    let mut stack = vec![root];
    let mut steps = 0;
    while let Some(x) = stack.pop() {
        steps += 1;
        if steps > MAX_SCAN {
            return None;
        }
        if x.kind() == "identifier" && x.id() != used.id() && text(x, src) == name {
            match role(x) {
                Role::Use => {}
                Role::Unknown => return None,
                Role::Declares(d, shape) => {
                    if let Some(scope) = scope_at(d, used, root)? {
                        match innermost {
                            Some(f) if width(f) < width(scope) => {}
                            Some(f) if width(f) == width(scope) => found.push((d, shape)),
                            _ => {
                                innermost = Some(scope);
                                found = vec![(d, shape)];
                            }
                        }
                    }
                }
            }
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    Some(found)
}
