//! Class templates: which definition an instance `S<A, B>` uses (the primary
//! template or one of its partial or explicit specialisations,
//! [temp.spec.partial.match]) and the values of its non-type template
//! parameters inside its member functions.
//!
//! The choice is made once per instance text, before lowering, so it must
//! not depend on where the text is written: an argument counts only when its
//! value is the same at every use (literals, and enumerators or file-scope
//! constants no enclosing template or function redeclares). When some
//! specialisation may or may not match, the instance is left opaque (no
//! layout, no member functions: calls of its methods have unknown effects),
//! never taken for the primary.

use crate::base::HashMap;

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::frontend::{Ctx, FnDef};
use crate::ir::{Expr, ParamDecl, ParamId, ScalarTy};

/// A partial or explicit specialisation of a class template
/// (`template <int N> struct S<float, N> {..}`, `template <> struct S<int>`).
#[derive(Clone, Copy)]
pub(crate) struct ClassSpecialisation<'t> {
    /// Unit it is in.
    pub unit: usize,
    /// The struct/class specifier (with its body).
    pub spec: Node<'t>,
    /// Its own template parameter list (empty for an explicit one).
    pub params: Node<'t>,
    /// The argument list written after its name (`<float, N>`).
    pub pattern: Node<'t>,
    /// Its name is qualified (`struct ns::S<int>`).
    pub qualified: bool,
}

/// The definition an instance of a class template was laid out from and
/// what its template parameters are bound to, for its member functions.
#[derive(Clone)]
pub(crate) struct ClassInstance<'t> {
    /// The specifier whose body holds the member functions (the primary's
    /// or a specialisation's).
    pub spec: Node<'t>,
    /// Unit of the specifier.
    pub unit: usize,
    /// Every use of the instance's text: its unit and, for each parameter
    /// of the specifier's template parameter list (by position), the
    /// argument bound to it there.
    pub uses: Vec<(usize, Vec<Option<Node<'t>>>)>,
}

/// What an instance text resolves to.
pub(crate) enum Choice<'t> {
    /// The primary template (no specialisation matches).
    Primary,
    /// This specialisation, with each of its parameters' arguments.
    Specialisation(ClassSpecialisation<'t>, Vec<Option<Node<'t>>>),
    /// Not decided from the text alone.
    Unknown,
}

/// A template argument's value when it is the same wherever the text is
/// written: an integer, or a fundamental type.
#[derive(Clone, PartialEq, Eq, Debug)]
enum ArgValue {
    Int(i128),
    /// The canonical spelling of a fundamental type: types are compared as
    /// C++ distinguishes them ([basic.fundamental]: `char`, `signed char`
    /// and `unsigned char` are three types, `long` and `long long` two,
    /// whatever their sizes).
    Type(String),
}

/// The canonical spelling of a fundamental type written with these words
/// (`unsigned`, `long long int`, `signed char`, `float`), or `None`.
fn fundamental_type(words: &[&str]) -> Option<String> {
    let count = |w: &str| words.iter().filter(|x| **x == w).count();
    let (signed, unsigned, longs, shorts) = (
        count("signed"),
        count("unsigned"),
        count("long"),
        count("short"),
    );
    let rest: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !matches!(*w, "signed" | "unsigned" | "long" | "short" | "int"))
        .collect();
    if signed + unsigned > 1
        || (shorts > 0 && longs > 0)
        || shorts > 1
        || longs > 2
        || count("int") > 1
    {
        return None;
    }
    match rest.as_slice() {
        ["char"] if longs + shorts + count("int") == 0 => Some(match (signed, unsigned) {
            (1, _) => "signed char".into(),
            (_, 1) => "unsigned char".into(),
            _ => "char".into(),
        }),
        [] => {
            let size = match (shorts, longs) {
                (1, _) => "short",
                (_, 1) => "long",
                (_, 2) => "long long",
                _ => "int",
            };
            Some(if unsigned == 1 {
                format!("unsigned {size}")
            } else {
                size.to_string()
            })
        }
        ["double"] if longs == 1 && words.len() == 2 => Some("long double".into()),
        [single] if words.len() == 1 => Some(single.to_string()),
        _ => None,
    }
}

/// Whether an enclosing template or function of `at` declares `name` (a
/// template parameter, a parameter or a local may shadow a file-scope
/// constant of that name).
pub(crate) fn declared_around(at: Node, name: &str, src: &str) -> bool {
    let mut cur = at.parent();
    while let Some(p) = cur {
        let scope = match p.kind() {
            "template_declaration" => p.child_by_field_name("parameters"),
            "function_definition"
            | "lambda_expression"
            | "class_specifier"
            | "struct_specifier" => Some(p),
            _ => None,
        };
        if scope.is_some_and(|s| declares_within(s, name, src)) {
            return true;
        }
        cur = p.parent();
    }
    false
}

/// Whether a declaration anywhere in `root`'s subtree declares `name`.
pub(crate) fn declares_within(root: Node, name: &str, src: &str) -> bool {
    let mut stack = vec![root];
    while let Some(x) = stack.pop() {
        if matches!(
            x.kind(),
            "identifier" | "type_identifier" | "field_identifier"
        ) && text(x, src) == name
            && x.parent().is_some_and(|q| declares(q, x))
        {
            return true;
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    false
}

/// Whether `x` is the name `q` declares (a variable, parameter, field,
/// enumerator or template parameter), not a use of it.
fn declares(q: Node, x: Node) -> bool {
    match q.kind() {
        "type_parameter_declaration"
        | "optional_type_parameter_declaration"
        | "variadic_type_parameter_declaration" => true,
        "init_declarator"
        | "declaration"
        | "field_declaration"
        | "parameter_declaration"
        | "optional_parameter_declaration"
        | "variadic_parameter_declaration"
        | "pointer_declarator"
        | "reference_declarator"
        | "array_declarator"
        | "function_declarator" => q.child_by_field_name("declarator") == Some(x),
        "enumerator" => q.child_by_field_name("name") == Some(x),
        "structured_binding_declarator" => true,
        _ => false,
    }
}

/// The value of a template argument `a` written at `a` (a use) when it does
/// not depend on where it is written; `None` otherwise (a name counts only
/// when no enclosing template, class or function may redeclare it).
fn arg_value(cx: &Ctx, a: Node, src: &str) -> Option<ArgValue> {
    arg_value_at(cx, a, src, 0)
}

/// [`arg_value`], `depth` enclosing-parameter lookups deep.
fn arg_value_at(cx: &Ctx, a: Node, src: &str, depth: u32) -> Option<ArgValue> {
    // A lone name that is a non-type parameter of an enclosing class
    // template (`Internal<ALGO, 0>` in the body of `Storer<T, N, ALGO>`).
    let lone = match a.kind() {
        "identifier" => Some(a),
        "type_descriptor" if a.named_child_count() == 1 => a
            .child_by_field_name("type")
            .filter(|t| t.kind() == "type_identifier"),
        _ => None,
    };
    if let Some(v) = lone.and_then(|n| enclosing_class_param_value(cx, a, text(n, src), src, depth))
    {
        return Some(ArgValue::Int(v));
    }
    if a.kind() == "type_descriptor" {
        if a.child_by_field_name("declarator").is_some() {
            return None;
        }
        let t = a.child_by_field_name("type")?;
        let only_type = a
            .named_children(&mut a.walk())
            .all(|c| c == t || c.kind() == "comment");
        if !only_type {
            // `const T`, `volatile T`: not compared.
            return None;
        }
        return match t.kind() {
            "primitive_type" | "sized_type_specifier" => {
                let words: Vec<&str> = text(t, src).split_whitespace().collect();
                fundamental_type(&words).map(ArgValue::Type)
            }
            // `S<N>` with `N` a value: the parser reads a name as a type.
            "type_identifier" => {
                let name = text(t, src);
                let v = cx.types.consts.get(name)?.0;
                let known_type = cx.types.struct_names.contains_key(name)
                    || cx.types.typedefs.contains_key(name)
                    || cx.types.enum_names.contains(name);
                (!known_type && !declared_around(a, name, src)).then_some(ArgValue::Int(v))
            }
            _ => None,
        };
    }
    // Every name in the expression must be a file-scope constant that no
    // enclosing scope redeclares.
    let mut stack = vec![a];
    while let Some(x) = stack.pop() {
        match x.kind() {
            "identifier" => {
                let name = text(x, src);
                if !cx.types.consts.contains_key(name) || declared_around(a, name, src) {
                    return None;
                }
            }
            "qualified_identifier"
            | "field_identifier"
            | "type_identifier"
            | "call_expression"
            | "sizeof_expression"
            | "template_function" => return None,
            _ => {}
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    cx.types.const_eval(a, src, 0).map(ArgValue::Int)
}

/// The value of `name`, written at `a`, when it is a non-type template
/// parameter of the primary class template `C` whose body encloses `a` (no
/// nearer scope declaring that name) and every instance of `C` the program
/// writes gives it the same value (see [`class_param_value`]).
///
/// Sound because the text at `a` is only instantiated as part of an
/// instance of `C` ([temp.inst]: a member of a class template is
/// instantiated with its class), where the parameter has that instance's
/// argument; when all instances agree, that is the value wherever the text
/// is instantiated.
fn enclosing_class_param_value(
    cx: &Ctx,
    a: Node,
    name: &str,
    src: &str,
    depth: u32,
) -> Option<i128> {
    if depth > 4 {
        return None;
    }
    let mut cur = a.parent();
    while let Some(p) = cur {
        match p.kind() {
            "template_declaration" => {
                let params = p.child_by_field_name("parameters")?;
                let items = list_items(params);
                if let Some(i) = items.iter().position(|q| param_name(*q, src) == Some(name)) {
                    let class = p
                        .named_children(&mut p.walk())
                        .find(|c| matches!(c.kind(), "struct_specifier" | "class_specifier"))?;
                    // A member of a base class may hide the parameter's
                    // name ([temp.local]): not looked up.
                    if class
                        .named_children(&mut class.walk())
                        .any(|c| c.kind() == "base_class_clause")
                    {
                        return None;
                    }
                    let class_name = class
                        .child_by_field_name("name")
                        .filter(|n| n.kind() == "type_identifier")?;
                    return class_param_value(cx, text(class_name, src), params, i, src, depth);
                }
            }
            "function_definition"
            | "lambda_expression"
            | "class_specifier"
            | "struct_specifier"
            | "union_specifier" => {
                // A member of a base class of a class around the use may
                // hide the parameter's name ([temp.local]): not looked up.
                if p.named_children(&mut p.walk())
                    .any(|c| c.kind() == "base_class_clause")
                {
                    return None;
                }
                if declares_within(p, name, src) {
                    return None;
                }
            }
            _ => {}
        }
        cur = p.parent();
    }
    None
}

/// The value the non-type parameter `index` of the class template named
/// `class` (template parameter list `params`, in a unit whose text is
/// `src`) has in every instance the program writes: each use `class<..>`
/// (recorded in `Ctx::class_template_uses`, None when the name also occurs
/// where it may instantiate the template unseen, e.g. as a template template
/// argument) passes the same value there, or leaves it to the default
/// argument of `params`, which then has that value. Uses of other templates
/// of that name count too (a superset of the instances).
pub(crate) fn class_param_value(
    cx: &Ctx,
    class: &str,
    params: Node,
    index: usize,
    src: &str,
    depth: u32,
) -> Option<i128> {
    let items = list_items(params);
    let param = items.get(index)?;
    if !matches!(
        param.kind(),
        "parameter_declaration" | "optional_parameter_declaration"
    ) || items.iter().any(|p| p.kind().starts_with("variadic"))
    {
        return None;
    }
    let uses = cx.class_template_uses.get(class)?.as_ref()?;
    let mut value = None;
    for &(u, t) in uses {
        let usrc = cx.units[u].text.as_str();
        let written = t
            .child_by_field_name("arguments")
            .map(list_items)
            .unwrap_or_default();
        if written.len() > items.len() {
            return None;
        }
        let v = match written.get(index) {
            Some(&w) => arg_value_at(cx, w, usrc, depth + 1)?,
            None => arg_value_at(
                cx,
                param.child_by_field_name("default_value")?,
                src,
                depth + 1,
            )?,
        };
        let ArgValue::Int(v) = v else { return None };
        if value.is_some_and(|w| w != v) {
            return None;
        }
        value = Some(v);
    }
    value
}

/// The name of a type parameter declaration, or of a non-type one.
pub(crate) fn param_name<'s>(p: Node, src: &'s str) -> Option<&'s str> {
    match p.kind() {
        "type_parameter_declaration"
        | "optional_type_parameter_declaration"
        | "variadic_type_parameter_declaration" => p
            .child_by_field_name("name")
            .or_else(|| {
                p.named_children(&mut p.walk())
                    .find(|c| c.kind() == "type_identifier")
            })
            .map(|n| text(n, src)),
        "parameter_declaration" | "optional_parameter_declaration" => {
            let mut d = p.child_by_field_name("declarator")?;
            for _ in 0..8 {
                if d.kind() == "identifier" {
                    return Some(text(d, src));
                }
                d = d
                    .child_by_field_name("declarator")
                    .or_else(|| d.named_child(0))?;
            }
            None
        }
        _ => None,
    }
}

/// The named children of an argument or parameter list, comments aside.
pub(crate) fn list_items(n: Node) -> Vec<Node> {
    n.named_children(&mut n.walk())
        .filter(|c| c.kind() != "comment")
        .collect()
}

/// Whether the specialisation matches the use's arguments (`Some(true)`,
/// with each of its parameters' arguments), does not (`Some(false)`), or
/// may either way (`None`).
#[allow(clippy::type_complexity)]
fn matches<'t>(
    cx: &Ctx<'t>,
    s: &ClassSpecialisation<'t>,
    use_args: &[Option<Node<'t>>],
    use_src: &str,
    primary_defaults: &[Option<Node<'t>>],
    primary_src: &str,
) -> Option<(bool, Vec<Option<Node<'t>>>)> {
    let src = cx.units[s.unit].text.as_str();
    let params = list_items(s.params);
    let names: Vec<Option<&str>> = params.iter().map(|p| param_name(*p, src)).collect();
    let pattern = list_items(s.pattern);
    if pattern.len() != use_args.len() {
        return None;
    }
    let mut bound: Vec<Option<Node<'t>>> = vec![None; params.len()];
    let mut undecided = false;
    for (i, p) in pattern.iter().enumerate() {
        // The use's argument, or the primary's default for it (read in the
        // template's definition context).
        let (arg, arg_src, scope_free) = match use_args[i] {
            Some(a) => (Some(a), use_src, false),
            None => (
                primary_defaults.get(i).copied().flatten(),
                primary_src,
                true,
            ),
        };
        // A pattern that is one of the specialisation's own parameters
        // matches any argument (deduction); written twice, not compared.
        let wildcard = match p.kind() {
            "type_descriptor" => p
                .child_by_field_name("type")
                .filter(|t| t.kind() == "type_identifier" && p.named_child_count() == 1)
                .map(|t| text(t, src)),
            "identifier" => Some(text(*p, src)),
            _ => None,
        }
        .and_then(|w| names.iter().position(|n| *n == Some(w)));
        if let Some(k) = wildcard {
            if bound[k].is_some() {
                undecided = true;
            }
            // A default argument is read in another unit than the use's
            // arguments: such a binding is left unknown.
            bound[k] = if scope_free { None } else { arg };
            if arg.is_none() {
                undecided = true;
            }
            continue;
        }
        let want = arg_value(cx, *p, src);
        let have = arg.and_then(|a| arg_value(cx, a, arg_src));
        match (want, have) {
            (Some(w), Some(h)) if w == h => {}
            (Some(ArgValue::Int(_)), Some(ArgValue::Int(_)))
            | (Some(ArgValue::Type(_)), Some(ArgValue::Type(_))) => {
                return Some((false, Vec::new()))
            }
            _ => undecided = true,
        }
    }
    if undecided {
        return None;
    }
    Some((true, bound))
}

/// Which definition the instance `use_node` (a `template_type` in unit
/// `use_unit`) of the class template with parameters `primary_params`
/// (unit `primary_unit`) uses, given its specialisations.
pub(crate) fn choose<'t>(
    cx: &Ctx<'t>,
    use_node: Node<'t>,
    use_unit: usize,
    primary_params: Node<'t>,
    primary_unit: usize,
    specs: &[ClassSpecialisation<'t>],
) -> Choice<'t> {
    let use_src = cx.units[use_unit].text.as_str();
    let primary_src = cx.units[primary_unit].text.as_str();
    let pparams = list_items(primary_params);
    if pparams.iter().any(|p| {
        p.kind().starts_with("variadic") || p.kind() == "template_template_parameter_declaration"
    }) {
        return if specs.is_empty() {
            Choice::Primary
        } else {
            Choice::Unknown
        };
    }
    let written: Vec<Node<'t>> = use_node
        .child_by_field_name("arguments")
        .map(list_items)
        .unwrap_or_default();
    if written.len() > pparams.len() {
        return Choice::Unknown;
    }
    let use_args: Vec<Option<Node<'t>>> = (0..pparams.len())
        .map(|i| written.get(i).copied())
        .collect();
    let defaults: Vec<Option<Node<'t>>> = pparams
        .iter()
        .map(|p| {
            p.child_by_field_name("default_value")
                .or_else(|| p.child_by_field_name("default_type"))
        })
        .collect();
    // Specialisations are keyed by the template's unqualified name: one
    // written with a qualified name or in another namespace than this
    // primary may belong to another template of that name (or to this
    // one): not decided.
    let primary_ns = crate::frontend::types::namespace_path(primary_params, primary_src);
    if specs.iter().any(|s| {
        s.qualified
            || crate::frontend::types::namespace_path(s.spec, cx.units[s.unit].text.as_str())
                != primary_ns
    }) {
        return Choice::Unknown;
    }
    let mut found: Option<Choice<'t>> = None;
    for s in specs {
        match matches(cx, s, &use_args, use_src, &defaults, primary_src) {
            None => return Choice::Unknown,
            Some((false, _)) => {}
            Some((true, bound)) => {
                if found.is_some() {
                    // Several match: partial ordering ([temp.spec.partial.order]) is not modelled.
                    return Choice::Unknown;
                }
                found = Some(Choice::Specialisation(*s, bound));
            }
        }
    }
    found.unwrap_or(Choice::Primary)
}

/// The class (or struct) specifier whose body directly defines the member
/// function `def`, and the template parameter list of that class.
fn enclosing_class<'t>(def: Node<'t>) -> Option<(Node<'t>, Option<Node<'t>>)> {
    let mut p = def.parent()?;
    if p.kind() == "template_declaration" {
        p = p.parent()?;
    }
    if p.kind() != "field_declaration_list" {
        return None;
    }
    let class = p.parent()?;
    let tpl = class
        .parent()
        .filter(|t| t.kind() == "template_declaration")
        .and_then(|t| t.child_by_field_name("parameters"));
    Some((class, tpl))
}

impl<'c, 't> Lowerer<'c, 't> {
    /// Binds the non-type template parameters of the class template whose
    /// body defines the member function `def`, called on an object of type
    /// `recv`: each to the instance's argument when its value does not
    /// depend on where the instance is written, else to its default
    /// argument (read in the class's scope, the earlier parameters bound),
    /// else to an unknown constant (a template argument is a constant
    /// expression: the same value in every thread). Before, such a name was
    /// an unknown identifier with a fresh value at each read.
    pub(crate) fn bind_class_template_params(&mut self, def: &FnDef<'t>, recv: &Ty) {
        let Some((class, Some(params))) = enclosing_class(def.node) else {
            return;
        };
        let instance = match recv {
            Ty::Struct(k) => self
                .cx
                .class_instances
                .get(k)
                .filter(|i| i.spec == class && i.unit == def.unit)
                .cloned(),
            _ => None,
        };
        let src = self.cx.units[def.unit].text.as_str();
        // The parameters of the class templates around the class (a member
        // class template's methods use them: `ITEMS` in `Internal<A, D>` in
        // the body of `Storer<T, ITEMS, ALGO>`), outermost first so that an
        // inner parameter of the same name hides it: each the value every
        // instance of that template gives it, else an unknown constant.
        let mut outer = Vec::new();
        let mut at = class;
        while let Some((c, p)) = enclosing_class(at) {
            if outer.len() > 8 {
                break;
            }
            outer.push((c, p));
            at = c;
        }
        for (c, p) in outer.into_iter().rev() {
            let Some(p) = p else { continue };
            let name = c
                .child_by_field_name("name")
                .filter(|n| n.kind() == "type_identifier")
                .map(|n| text(n, src));
            let label = c
                .child_by_field_name("name")
                .map(|n| text(n, src))
                .and_then(|n| n.split('<').next())
                .unwrap_or("class")
                .trim()
                .to_string();
            for (i, q) in list_items(p).into_iter().enumerate() {
                if !matches!(
                    q.kind(),
                    "parameter_declaration" | "optional_parameter_declaration"
                ) {
                    continue;
                }
                let Some(pname) = param_name(q, src).map(str::to_string) else {
                    continue;
                };
                let st = match q.child_by_field_name("type").map(|t| self.resolve_type(t)) {
                    Some(Ty::Scalar(s)) => s,
                    _ => ScalarTy::INT,
                };
                let known = name.and_then(|n| class_param_value(self.cx, n, p, i, src, 0));
                let value = match known {
                    Some(v) => conv(int(v, ScalarTy::LONG), ScalarTy::LONG, st),
                    None => self.unknown_template_constant(&label, &pname, st),
                };
                self.bind(&pname, Binding::Value(Val::Scalar(value, st)));
            }
        }
        let class_name = class
            .child_by_field_name("name")
            .map(|n| text(n, src))
            .and_then(|n| n.split('<').next())
            .unwrap_or("class")
            .trim()
            .to_string();
        for (i, p) in list_items(params).into_iter().enumerate() {
            if !matches!(
                p.kind(),
                "parameter_declaration" | "optional_parameter_declaration"
            ) {
                continue;
            }
            let Some(name) = param_name(p, src).map(str::to_string) else {
                continue;
            };
            let st = match p.child_by_field_name("type").map(|t| self.resolve_type(t)) {
                Some(Ty::Scalar(s)) => s,
                _ => ScalarTy::INT,
            };
            // The value written at every use of the instance's text, when
            // they all agree.
            let values: Option<Vec<Option<i128>>> = instance.as_ref().map(|inst| {
                inst.uses
                    .iter()
                    .map(|(u, args)| {
                        let a = args.get(i).copied().flatten()?;
                        let asrc = self.cx.units[*u].text.as_str();
                        match arg_value(self.cx, a, asrc)? {
                            ArgValue::Int(v) => Some(v),
                            ArgValue::Type(_) => None,
                        }
                    })
                    .collect()
            });
            let written = values.as_ref().and_then(|vs| {
                vs.first()
                    .copied()
                    .flatten()
                    .filter(|v| vs.iter().all(|w| *w == Some(*v)))
            });
            let defaulted = instance.as_ref().is_some_and(|inst| {
                !inst.uses.is_empty()
                    && inst
                        .uses
                        .iter()
                        .all(|(_, args)| args.get(i).copied().flatten().is_none())
            });
            let value = match written {
                Some(v) => Some(conv(int(v, ScalarTy::LONG), ScalarTy::LONG, st)),
                None if !defaulted && instance.is_some() => instance
                    .as_ref()
                    .and_then(|inst| self.kernel_template_arg(inst, i))
                    .map(|(e, from)| conv(e, from, st)),
                None if defaulted => {
                    // No argument written: the default, in the class's scope.
                    p.child_by_field_name("default_value").and_then(|d| {
                        let src = self.cx.units[def.unit].text.as_str();
                        arg_value(self.cx, d, src).and_then(|v| match v {
                            ArgValue::Int(v) => {
                                Some(conv(int(v, ScalarTy::LONG), ScalarTy::LONG, st))
                            }
                            ArgValue::Type(_) => None,
                        })
                    })
                }
                None => None,
            };
            let value =
                value.unwrap_or_else(|| self.unknown_template_constant(&class_name, &name, st));
            self.bind(&name, Binding::Value(Val::Scalar(value, st)));
        }
    }

    /// The value of the kernel's own non-type template parameter `X` when
    /// every use of the instance passes `X` (its lone name) as argument
    /// `index`, each use written in the kernel's definition, which declares
    /// no other `X` (a local, a parameter, a member of a local class).
    ///
    /// Sound because such a use names the kernel's parameter ([temp.local]),
    /// and the kernel is lowered once for all its instantiations with `X` a
    /// uniform symbolic parameter: in each instantiation the instance's
    /// argument is that instantiation's `X`, which is the parameter's value.
    fn kernel_template_arg(
        &self,
        inst: &ClassInstance<'t>,
        index: usize,
    ) -> Option<(Expr, ScalarTy)> {
        let (kunit, knode) = self.kernel_root?;
        let src = self.cx.units[kunit].text.as_str();
        let mut found: Option<&str> = None;
        let mut at: Vec<Node<'t>> = Vec::new();
        for (u, args) in &inst.uses {
            if *u != kunit {
                return None;
            }
            let a = args.get(index).copied().flatten()?;
            let lone = match a.kind() {
                "identifier" => Some(a),
                "type_descriptor" if a.named_child_count() == 1 => a
                    .child_by_field_name("type")
                    .filter(|t| t.kind() == "type_identifier"),
                _ => None,
            }?;
            let name = text(lone, src);
            let inside = knode.start_byte() <= a.start_byte() && a.end_byte() <= knode.end_byte();
            if !inside || found.is_some_and(|f| f != name) {
                return None;
            }
            found = Some(name);
            at.push(a);
        }
        let name = found?;
        // Any other declaration of the name in the kernel's definition may
        // be the one the use sees: not looked up.
        if declares_within(knode, name, src) {
            return self.kernel_const_alias(knode, name, &at, src);
        }
        self.kernel_template_values.get(name).cloned()
    }

    /// The value of `name` at the template arguments `uses` when the
    /// kernel's definition declares it exactly once, as a block-scope
    /// `const`/`constexpr` integer initialised with the lone name of one of
    /// the kernel's own non-type template parameters that the definition
    /// does not redeclare (`constexpr int threads = BLOCK;`, as CUB-style
    /// kernels write before `BlockLoad<T, threads, ..>`), and every use
    /// comes after that declaration in its block.
    ///
    /// Sound because such a use names that local (the only declaration of
    /// the name in the kernel, in scope there: [basic.scope.block]), whose
    /// value, fixed at its initialisation, is the template parameter's
    /// converted to its declared type ([dcl.init]); the caller converts it
    /// on to the class parameter's type. Any other shape stays unknown.
    fn kernel_const_alias(
        &self,
        knode: Node<'t>,
        name: &str,
        uses: &[Node<'t>],
        src: &str,
    ) -> Option<(Expr, ScalarTy)> {
        let mut decls = Vec::new();
        let mut stack = vec![knode];
        while let Some(x) = stack.pop() {
            if matches!(
                x.kind(),
                "identifier" | "type_identifier" | "field_identifier"
            ) && text(x, src) == name
                && x.parent().is_some_and(|q| declares(q, x))
            {
                decls.push(x);
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
        let [d] = decls[..] else {
            return None;
        };
        // A using-declaration (`using N::threads;`, `using ::threads;`,
        // `using enum E;`) or an alias/typedef of the name may bring another
        // entity of the name into an inner block, hiding the local there
        // ([namespace.udecl]): refused, except using-directives (`using
        // namespace N;`), whose names a block-scope local hides.
        let mut stack = vec![knode];
        while let Some(x) = stack.pop() {
            let hides = match x.kind() {
                "using_declaration" => !text(x, src).trim_start().starts_with("using namespace"),
                // One that declares the name (`using threads = ..;`,
                // `typedef .. threads;`); a use of it in one is fine.
                "alias_declaration" | "namespace_alias_definition" => x
                    .child_by_field_name("name")
                    .is_none_or(|n| text(n, src) == name),
                "type_definition" => {
                    let mut declared = Vec::new();
                    let mut c = x.walk();
                    for d in x.children_by_field_name("declarator", &mut c) {
                        let mut d = d;
                        while let Some(inner) = d.child_by_field_name("declarator") {
                            d = inner;
                        }
                        declared.push(text(d, src).to_string());
                    }
                    declared.is_empty() || declared.iter().any(|d| d == name)
                }
                _ => false,
            };
            if hides {
                return None;
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
        let init = d.parent().filter(|p| p.kind() == "init_declarator")?;
        let decl = init.parent().filter(|p| p.kind() == "declaration")?;
        let block = decl.parent().filter(|p| p.kind() == "compound_statement")?;
        let constant = decl
            .children(&mut decl.walk())
            .any(|c| c.kind() == "type_qualifier" && matches!(text(c, src), "const" | "constexpr"));
        let volatile = decl
            .children(&mut decl.walk())
            .any(|c| c.kind() == "type_qualifier" && text(c, src) == "volatile");
        if !constant || volatile {
            return None;
        }
        let value = init
            .child_by_field_name("value")
            .filter(|v| v.kind() == "identifier")?;
        let param = text(value, src);
        if declares_within(knode, param, src) {
            return None;
        }
        let (e, from) = self.kernel_template_values.get(param).cloned()?;
        // A built-in type only (`int`, `unsigned int`): its meaning does not
        // depend on the scope the class's methods are lowered in.
        let ty = decl
            .child_by_field_name("type")
            .filter(|t| matches!(t.kind(), "primitive_type" | "sized_type_specifier"))?;
        let Ty::Scalar(st @ ScalarTy::Int { .. }) =
            self.cx.types.resolve_base(ty, src, &HashMap::default())
        else {
            return None;
        };
        let in_scope = uses
            .iter()
            .all(|a| decl.end_byte() <= a.start_byte() && a.end_byte() <= block.end_byte());
        if !in_scope {
            return None;
        }
        Some((conv(e, from, st), st))
    }

    /// A fresh kernel parameter for the template parameter `name` of class
    /// `class_name` whose value is not known: a template argument is a
    /// constant expression, the same value in every thread. Named
    /// `Class.N`: a launch binds a template parameter by name (the kernel's
    /// own `N` is another parameter), and skips names with a dot.
    /// `S<A..>::NAME` where the primary class template `S` (no
    /// specialisations, so its body is the one the instance uses) declares
    /// `NAME` as an enumerator of an unscoped enum or a `static
    /// const`/`constexpr` integer member with an initializer, and the
    /// instance was not laid out with its value (an argument that is a
    /// parameter of the function template being lowered:
    /// `PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE` in a function template,
    /// cub's idiom). The value is the initializer's, evaluated with the
    /// parameters bound to the arguments' values when they are known
    /// constants here (a non-type template argument is a constant
    /// expression, and narrowing is not allowed in it, [temp.arg.nontype]),
    /// else an unknown constant: the same value in every thread, as a
    /// compile-time constant is. None when `n` is not such a name.
    pub(crate) fn template_member_constant(&mut self, n: Node<'t>) -> Option<Val> {
        let cx = self.cx;
        let r = TemplateMemberRef::of(cx, n, self.src())?;
        let (scope, tsrc, args) = (r.scope, r.tsrc, &r.args);
        let member = self.txt(r.member).to_string();
        // The arguments' values where known constants here.
        let mut binds: Vec<(String, i128)> = Vec::new();
        let mut all_known = true;
        for (i, q) in list_items(r.params).into_iter().enumerate() {
            let Some(pname) = param_name(q, tsrc) else {
                all_known = false;
                continue;
            };
            if !matches!(
                q.kind(),
                "parameter_declaration" | "optional_parameter_declaration"
            ) {
                continue;
            }
            let value = match args.get(i) {
                Some(&a) => self.template_arg_value(a),
                // The default argument, read in the class's scope with the
                // earlier parameters bound.
                None => q
                    .child_by_field_name("default_value")
                    .filter(|d| !names_declared_around(*d, tsrc, &binds))
                    .and_then(|d| self.cx.types.const_eval_in(d, tsrc, 0, &binds)),
            };
            match value {
                Some(v) => binds.push((pname.to_string(), v)),
                None => all_known = false,
            }
        }
        let label = self.txt(scope).to_string();
        let st = r.st;
        let value = if all_known {
            r.value(binds, |v, b| cx.types.const_eval_in(v, tsrc, 0, b))
        } else {
            None
        };
        // An array extent keeps its own treatment of names it cannot
        // evaluate (a symbolic extent of the instantiation, which every
        // index is assumed to fit: `t[BS][Padded<BS>::Row]`).
        let in_extent = std::iter::successors(n.parent(), |p| p.parent())
            .take(16)
            .any(|p| p.kind() == "array_declarator");
        if value.is_none() && in_extent {
            return None;
        }
        let e = match value {
            Some(v) => int(v, st),
            None => {
                self.note(
                    n,
                    format!("value of `{label}::{member}` not known: an unknown constant"),
                );
                self.unknown_template_constant(&label, &member, st)
            }
        };
        Some(Val::Scalar(e, st))
    }

    /// The value of a non-type template argument `a` written in the
    /// function being lowered, when it is an integer constant here: a name
    /// bound to a constant (a parameter of the function template, a file
    /// constant) or arithmetic on such names and literals.
    pub(crate) fn template_arg_value(&self, a: Node<'t>) -> Option<i128> {
        let mut binds = Vec::new();
        let mut stack = vec![a];
        while let Some(x) = stack.pop() {
            if matches!(x.kind(), "identifier" | "type_identifier") {
                let name = self.txt(x);
                match self.lookup(name) {
                    Some(Binding::Value(Val::Scalar(Expr::Int(v, _), _))) => {
                        binds.push((name.to_string(), *v));
                    }
                    Some(_) => return None,
                    None => {}
                }
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
        // `S<N>` parses its argument as a type name.
        if a.kind() == "type_descriptor" {
            let t = a
                .child_by_field_name("type")
                .filter(|t| t.kind() == "type_identifier" && a.named_child_count() == 1)?;
            let name = self.txt(t);
            return match binds.iter().find(|(b, _)| b == name) {
                Some(&(_, v)) => Some(v),
                None => self.cx.types.consts.get(name).map(|c| c.0),
            };
        }
        self.cx.types.const_eval_in(a, self.src(), 0, &binds)
    }

    fn unknown_template_constant(&mut self, class_name: &str, name: &str, st: ScalarTy) -> Expr {
        let id = ParamId(self.kernel.params.len() as u32);
        self.kernel.params.push(ParamDecl {
            name: format!("{class_name}.{name}"),
            ty: st,
            position: u32::MAX,
        });
        Expr::Param(id)
    }
}

/// The value of `S<A..>::NAME` (`n`, written in unit text `src` where the
/// names `binds` have values: a class template instance's parameters and
/// constant members while it is laid out) when the primary class template
/// `S` (no specialisations: its body is the one every instance uses)
/// declares `NAME` as an enumerator of an unscoped enum or a `static
/// const`/`constexpr` integer member, and every argument and the member's
/// initializer are constants here (the parameters bound to the arguments'
/// values, as in [`Lowerer::template_member_constant`]). None otherwise:
/// never a guess.
pub(crate) fn template_member_value(
    cx: &Ctx,
    n: Node,
    src: &str,
    binds: &[(String, i128)],
    depth: usize,
) -> Option<i128> {
    if depth > 32 {
        return None;
    }
    let r = TemplateMemberRef::of(cx, n, src)?;
    let (tsrc, args) = (r.tsrc, &r.args);
    let hook = |q: Node, b: &[(String, i128)], d: usize| template_member_value(cx, q, src, b, d);
    let mut tb: Vec<(String, i128)> = Vec::new();
    for (i, q) in list_items(r.params).into_iter().enumerate() {
        let pname = param_name(q, tsrc)?;
        if !matches!(
            q.kind(),
            "parameter_declaration" | "optional_parameter_declaration"
        ) {
            continue;
        }
        let value = match args.get(i) {
            // `S<N>` parses a lone name as a type.
            Some(&a) if a.kind() == "type_descriptor" => {
                let t = a
                    .child_by_field_name("type")
                    .filter(|t| t.kind() == "type_identifier" && a.named_child_count() == 1)?;
                let name = text(t, src);
                binds
                    .iter()
                    .rev()
                    .find(|(b, _)| b == name)
                    .map(|&(_, v)| v)
                    .or_else(|| cx.types.consts.get(name).map(|c| c.0))
            }
            Some(&a) => cx.types.const_eval_hooked(a, src, depth + 1, binds, &hook),
            // The default argument, read in the class's scope with the
            // earlier parameters bound.
            None => {
                let thook = |q: Node, b: &[(String, i128)], d: usize| {
                    template_member_value(cx, q, tsrc, b, d)
                };
                q.child_by_field_name("default_value")
                    .filter(|d| !names_declared_around(*d, tsrc, &tb))
                    .and_then(|d| cx.types.const_eval_hooked(d, tsrc, depth + 1, &tb, &thook))
            }
        };
        tb.push((pname.to_string(), value?));
    }
    let thook = |q: Node, b: &[(String, i128)], d: usize| template_member_value(cx, q, tsrc, b, d);
    r.value(tb, |v, b| {
        cx.types.const_eval_hooked(v, tsrc, depth + 1, b, &thook)
    })
}

/// `S<A..>::NAME` read as a constant member `NAME` of the primary class
/// template `S` (no specialisations: its body is the one every instance
/// uses): where the member is declared and the arguments written.
struct TemplateMemberRef<'t, 's> {
    /// `S<A..>`, as written at the use.
    scope: Node<'t>,
    /// `NAME`, as written at the use.
    member: Node<'t>,
    /// Text of the unit defining `S`.
    tsrc: &'s str,
    /// `S`'s template parameter list.
    params: Node<'t>,
    /// The template arguments written (`A..`).
    args: Vec<Node<'t>>,
    /// The member's name node in `S`, its initializer and its type.
    decl: Node<'t>,
    init: Option<Node<'t>>,
    st: ScalarTy,
    /// The enumerators before it in its enum, with their initializers.
    earlier: Vec<(Node<'t>, Option<Node<'t>>)>,
}

impl<'t, 's> TemplateMemberRef<'t, 's> {
    /// Splits `n` (a qualified identifier written in `src`); None when it is
    /// not `S<A..>::NAME` with `NAME` a constant member of a primary template.
    fn of(cx: &'s Ctx<'t>, n: Node<'t>, src: &str) -> Option<Self> {
        let scope = n
            .child_by_field_name("scope")
            .filter(|s| s.kind() == "template_type")?;
        let member = n
            .child_by_field_name("name")
            .filter(|m| m.kind() == "identifier")?;
        let tname = text(scope.child_by_field_name("name")?, src);
        if cx.types.specialised_templates.contains(tname) {
            return None;
        }
        let &(u, spec, params) = cx.class_template_defs.get(tname)?;
        let tsrc = cx.units[u].text.as_str();
        let (decl, init, st, earlier) = constant_member(spec, text(member, src), tsrc)?;
        let args = scope
            .child_by_field_name("arguments")
            .map(list_items)
            .unwrap_or_default();
        Some(TemplateMemberRef {
            scope,
            member,
            tsrc,
            params,
            args,
            decl,
            init,
            st,
            earlier,
        })
    }

    /// The member's value, its initializer evaluated by `eval` with the
    /// template's parameters bound in `binds` and the enumerators before it
    /// binding their names (one without an initializer is the previous one
    /// + 1). None when an initializer is not known: never a guess.
    fn value(
        &self,
        mut binds: Vec<(String, i128)>,
        eval: impl Fn(Node<'t>, &[(String, i128)]) -> Option<i128>,
    ) -> Option<i128> {
        let tsrc = self.tsrc;
        let decl = self.decl;
        let mut value = None;
        let mut next = Some(0i128);
        for (e, v) in self
            .earlier
            .iter()
            .chain(std::iter::once(&(decl, self.init)))
        {
            if let Some(v) = v {
                next = (!names_declared_around(*v, tsrc, &binds))
                    .then(|| eval(*v, &binds))
                    .flatten();
            }
            let x = next?;
            let ename = text(*e, tsrc);
            binds.retain(|(b, _)| b != ename);
            binds.push((ename.to_string(), x));
            value = (e.id() == decl.id()).then_some(x);
            next = x.checked_add(1);
        }
        // An enumerator's type is wider than `int` when its value does not
        // fit; a static member's initializer is converted to its type.
        match self.st {
            _ if decl.kind() != "field_identifier" => value.filter(|v| i32::try_from(*v).is_ok()),
            ScalarTy::Bool => value.map(|v| i128::from(v != 0)),
            _ => value.map(|v| wrap_int(v, self.st)),
        }
    }
}

/// The specialisations of class templates defined in a unit, by the
/// template's name.
pub(crate) type Specialisations<'t> = HashMap<String, Vec<ClassSpecialisation<'t>>>;

/// Whether a name in `x` (not one of `binds`) is declared in a class,
/// function or template around it: a member may hide a file-scope constant
/// of its name, so the value read is not known from the text alone.
fn names_declared_around(x: Node, src: &str, binds: &[(String, i128)]) -> bool {
    let mut stack = vec![x];
    while let Some(y) = stack.pop() {
        if matches!(y.kind(), "identifier" | "type_identifier") {
            let name = text(y, src);
            if !binds.iter().any(|(b, _)| b == name) && declared_around(x, name, src) {
                return true;
            }
        }
        stack.extend(y.named_children(&mut y.walk()));
    }
    false
}

/// The constant member `name` the class template body `spec` declares:
/// an enumerator of an unscoped enum (with the enumerators before it in
/// that enum, for implicit values) or a `static const`/`constexpr` integer
/// member with an initializer: (its name node, its initializer, its type,
/// the earlier enumerators with their initializers). None for anything
/// else (a static member that is not constant is memory).
#[allow(clippy::type_complexity)]
fn constant_member<'t>(
    spec: Node<'t>,
    name: &str,
    src: &str,
) -> Option<(
    Node<'t>,
    Option<Node<'t>>,
    ScalarTy,
    Vec<(Node<'t>, Option<Node<'t>>)>,
)> {
    let body = spec.child_by_field_name("body")?;
    for m in list_items(body) {
        if m.kind() != "field_declaration" {
            continue;
        }
        let Some(ft) = m.child_by_field_name("type") else {
            continue;
        };
        if ft.kind() == "enum_specifier" {
            let scoped = ft
                .children(&mut ft.walk())
                .any(|c| matches!(c.kind(), "class" | "struct"));
            let Some(eb) = ft.child_by_field_name("body").filter(|_| !scoped) else {
                continue;
            };
            let mut earlier = Vec::new();
            for e in list_items(eb)
                .into_iter()
                .filter(|e| e.kind() == "enumerator")
            {
                let Some(en) = e.child_by_field_name("name") else {
                    continue;
                };
                let init = e.child_by_field_name("value");
                if text(en, src) == name {
                    return Some((en, init, ScalarTy::INT, earlier));
                }
                earlier.push((en, init));
            }
            continue;
        }
        let words: Vec<&str> = m
            .children(&mut m.walk())
            .filter(|c| matches!(c.kind(), "storage_class_specifier" | "type_qualifier"))
            .map(|c| text(c, src))
            .collect();
        if !words.contains(&"static") || !words.iter().any(|w| matches!(*w, "const" | "constexpr"))
        {
            continue;
        }
        let decls: Vec<Node> = m
            .children_by_field_name("declarator", &mut m.walk())
            .collect();
        let [d] = decls[..] else { continue };
        if d.kind() != "field_identifier" || text(d, src) != name {
            continue;
        }
        let init = m.child_by_field_name("default_value")?;
        let st = match text(ft, src) {
            "int" | "signed" | "signed int" => ScalarTy::INT,
            "unsigned" | "unsigned int" => ScalarTy::UINT,
            "long" | "long long" | "ptrdiff_t" => ScalarTy::LONG,
            "unsigned long" | "unsigned long long" | "size_t" => ScalarTy::ULONG,
            "bool" => ScalarTy::Bool,
            _ => return None,
        };
        return Some((d, Some(init), st, Vec::new()));
    }
    None
}
