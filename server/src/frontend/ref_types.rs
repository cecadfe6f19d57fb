//! Whether a type as written stands for a reference: `typedef int &IR;`,
//! `using R = int &;`, `decltype(a[0])`, a template parameter bound to
//! `int &`. A declaration `IR x = s[i];` (or a parameter `IR x`) with such a
//! type binds `x` to `s[i]` itself ([dcl.ref]): lowered as a copy, a write
//! through `x` would be lost (a missed race), and a read of `x` after a
//! barrier would read the value before it. Where the front end cannot tell
//! (a `decltype` of an expression it does not classify, a name declared a
//! reference in one place and a value in another), the declaration is
//! `unsupported`, never a silent copy.

use tree_sitter::Node;

use crate::base::HashSet;
use crate::frontend::lowerer::{Binding, Lowerer};
use crate::frontend::types::text;

/// Key in `Lowerer::type_overrides` marking a type name in scope (a local
/// alias, a template parameter) as a reference type; its value is unused.
pub(crate) fn ref_key(name: &str) -> String {
    format!("&{name}")
}

/// Key marking a type name in scope whose reference-ness is not known.
pub(crate) fn unknown_ref_key(name: &str) -> String {
    format!("&?{name}")
}

/// Whether a declarator chain (`&x`, `(&x)[4]`, `*&p`) declares a
/// reference at its outermost level that applies to the name.
fn declarator_is_reference(d: Option<Node>) -> bool {
    let mut cur = d;
    let mut steps = 0;
    while let Some(n) = cur {
        steps += 1;
        if steps > 64 {
            return false;
        }
        match n.kind() {
            "reference_declarator" | "abstract_reference_declarator" => return true,
            "init_declarator"
            | "pointer_declarator"
            | "abstract_pointer_declarator"
            | "array_declarator"
            | "abstract_array_declarator"
            | "function_declarator"
            | "abstract_function_declarator" => cur = n.child_by_field_name("declarator"),
            "parenthesized_declarator"
            | "attributed_declarator"
            | "abstract_parenthesized_declarator" => {
                cur = n
                    .named_children(&mut n.walk())
                    .find(|c| c.kind() != "attribute_declaration")
            }
            _ => cur = None,
        }
    }
    false
}

/// The reference-ness of `decltype(e)` read from `e` alone: an
/// unparenthesized name or member access is its declared type (Ok(None):
/// the caller looks the name up), an lvalue expression (`a[i]`, `*p`,
/// `(x)`, `++x`, an assignment) gives `T &` ([dcl.type.decltype]p1),
/// arithmetic and literals a value; anything else is not known.
fn decltype_of(e: Node, src: &str) -> Result<Option<bool>, String> {
    match e.kind() {
        "identifier" | "field_expression" | "qualified_identifier" => Ok(None),
        "subscript_expression" | "parenthesized_expression" | "assignment_expression" => {
            Ok(Some(true))
        }
        "pointer_expression" => Ok(Some(
            e.child_by_field_name("operator")
                .is_some_and(|o| text(o, src) == "*"),
        )),
        "update_expression" => Ok(Some(
            e.child(0).is_some_and(|c| matches!(c.kind(), "++" | "--")),
        )),
        "number_literal" | "binary_expression" | "unary_expression" | "true" | "false"
        | "char_literal" | "sizeof_expression" => Ok(Some(false)),
        _ => Err(format!(
            "`{}`: a `decltype` of an expression whose value category the front end does not classify (a reference or a copy)",
            text(e, src)
        )),
    }
}

/// The names declared by typedefs and aliases anywhere in `units` that are
/// reference types (`ref`) and those that are not (`value`); a name in both
/// is not known. A member alias of a class template whose type is a template
/// parameter (`typedef T R;`) is a reference when some template argument in
/// the program is (`H<int &>`): then counted in both.
pub(crate) fn scan_aliases<'a>(
    trees: impl Iterator<Item = (Node<'a>, &'a str)> + Clone,
) -> (HashSet<String>, HashSet<String>) {
    let mut refs_out: HashSet<String> = HashSet::default();
    let mut values_out: HashSet<String> = HashSet::default();
    // Whether some template argument list in the program names a reference.
    let mut reference_arg = false;
    let mut decls: Vec<(Node<'a>, &'a str)> = Vec::new();
    for (root, src) in trees.clone() {
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "type_definition" | "alias_declaration" => decls.push((n, src)),
                "template_argument_list" => {
                    reference_arg |= n.named_children(&mut n.walk()).any(|a| {
                        a.kind() == "type_descriptor"
                            && declarator_is_reference(a.child_by_field_name("declarator"))
                    });
                }
                _ => {}
            }
            stack.extend(n.named_children(&mut n.walk()));
        }
    }
    // Names of the template type parameters enclosing `n`.
    let template_params = |mut n: Node<'a>, src: &str| -> HashSet<String> {
        let mut out = HashSet::default();
        while let Some(p) = n.parent() {
            if p.kind() == "template_declaration" {
                if let Some(ps) = p.child_by_field_name("parameters") {
                    for tp in ps.named_children(&mut ps.walk()) {
                        if let Some(name) = tp.child_by_field_name("name").or_else(|| {
                            tp.named_children(&mut tp.walk())
                                .find(|c| c.kind() == "type_identifier")
                        }) {
                            out.insert(text(name, src).to_string());
                        }
                    }
                }
            }
            n = p;
        }
        out
    };
    // Aliases of aliases: each round classifies every alias with what the
    // round before found of the names it uses, to a fixpoint (bounded; not
    // reached, every name of the last round is taken as not known).
    let mut settled = false;
    for _ in 0..8 {
        let (prev_refs, prev_values) = (&refs_out, &values_out);
        let (mut refs, mut values) = (HashSet::default(), HashSet::default());
        for &(n, src) in &decls {
            let (names, base, is_ref): (Vec<Node>, Option<Node>, bool) = if n.kind()
                == "alias_declaration"
            {
                let t = n.child_by_field_name("type");
                (
                    n.child_by_field_name("name").into_iter().collect(),
                    t.and_then(|t| t.child_by_field_name("type")),
                    t.is_some_and(|t| declarator_is_reference(t.child_by_field_name("declarator"))),
                )
            } else {
                let base = n.child_by_field_name("type");
                let ds: Vec<Node> = n
                    .children_by_field_name("declarator", &mut n.walk())
                    .collect();
                for d in ds {
                    let is_ref = declarator_is_reference(Some(d));
                    let mut leaf = d;
                    while let Some(inner) = leaf.child_by_field_name("declarator").or_else(|| {
                        leaf.named_child(0)
                            .filter(|_| leaf.kind().contains("declarator"))
                    }) {
                        leaf = inner;
                    }
                    classify(
                        text(leaf, src),
                        base,
                        is_ref,
                        src,
                        &template_params(n, src),
                        reference_arg,
                        (prev_refs, prev_values),
                        &mut refs,
                        &mut values,
                    );
                }
                continue;
            };
            for name in names {
                classify(
                    text(name, src),
                    base,
                    is_ref,
                    src,
                    &template_params(n, src),
                    reference_arg,
                    (prev_refs, prev_values),
                    &mut refs,
                    &mut values,
                );
            }
        }
        if &refs == prev_refs && &values == prev_values {
            settled = true;
            break;
        }
        (refs_out, values_out) = (refs, values);
    }
    if !settled {
        let all: HashSet<String> = refs_out.union(&values_out).cloned().collect();
        return (all.clone(), all);
    }
    (refs_out, values_out)
}

/// Records `name` (an alias of `base`, with a `&` of its own when `is_ref`)
/// as a reference, a value, or both when not known.
#[allow(clippy::too_many_arguments)]
fn classify(
    name: &str,
    base: Option<Node>,
    is_ref: bool,
    src: &str,
    tparams: &HashSet<String>,
    reference_arg: bool,
    prev: (&HashSet<String>, &HashSet<String>),
    refs: &mut HashSet<String>,
    values: &mut HashSet<String>,
) {
    let last = |t: Node| -> String {
        let mut t = t;
        while let Some(n) = t.child_by_field_name("name") {
            t = n;
        }
        text(t, src).to_string()
    };
    let (is_ref, unknown) = if is_ref {
        (true, false)
    } else {
        match base {
            Some(b) if b.kind() == "decltype" => match b.named_child(0) {
                Some(e) => match decltype_of(e, src) {
                    Ok(Some(r)) => (r, false),
                    Ok(None) => (false, false),
                    Err(_) => (false, true),
                },
                None => (false, true),
            },
            Some(b) if b.kind() == "placeholder_type_specifier" => (false, true),
            Some(b)
                if matches!(
                    b.kind(),
                    "type_identifier" | "qualified_identifier" | "template_type" | "dependent_type"
                ) =>
            {
                let base_name = last(b);
                let dependent = tparams.contains(&base_name) && reference_arg;
                let named_ref = prev.0.contains(&base_name);
                let named_both = named_ref && prev.1.contains(&base_name);
                (named_ref && !named_both, dependent || named_both)
            }
            _ => (false, false),
        }
    };
    if is_ref || unknown {
        refs.insert(name.to_string());
    }
    if !is_ref || unknown {
        values.insert(name.to_string());
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    /// Whether the type written `tnode` (of a declaration or parameter) is a
    /// reference type; `Err` with the reason when it cannot be told.
    pub(crate) fn names_reference(&self, tnode: Node<'t>) -> Result<bool, String> {
        let src = self.src();
        let global = |name: &str| -> Result<bool, String> {
            let r = self.cx.types.ref_aliases.contains(name);
            let v = self.cx.types.value_aliases.contains(name);
            if r && v {
                Err(format!(
                    "type `{name}` may be a reference (declared a reference in one place and not in another, or an alias of a template parameter some instantiation binds to a reference)"
                ))
            } else {
                Ok(r)
            }
        };
        match tnode.kind() {
            "type_identifier" => {
                let name = text(tnode, src);
                if self.type_overrides.contains_key(&ref_key(name)) {
                    return Ok(true);
                }
                if self.type_overrides.contains_key(&unknown_ref_key(name)) {
                    return Err(format!(
                        "type `{name}` may be a reference (its template argument or alias is not resolved)"
                    ));
                }
                if self.type_overrides.contains_key(name) {
                    return Ok(false);
                }
                global(name)
            }
            "qualified_identifier" | "template_type" | "dependent_type" => {
                let mut t = tnode;
                let mut steps = 0;
                while let Some(n) = t
                    .child_by_field_name("name")
                    .or_else(|| t.named_child(0).filter(|_| t.kind() == "dependent_type"))
                {
                    steps += 1;
                    if steps > 32 {
                        break;
                    }
                    t = n;
                }
                global(text(t, src))
            }
            "decltype" => {
                let Some(e) = tnode.named_child(0) else {
                    return Err("`decltype` without an operand".to_string());
                };
                match decltype_of(e, src)? {
                    Some(r) => Ok(r),
                    None if e.kind() == "identifier" => {
                        Ok(matches!(self.lookup(text(e, src)), Some(Binding::Ref(_))))
                    }
                    // A member's declared type: a reference member makes
                    // its class unsupported elsewhere.
                    None => Ok(false),
                }
            }
            "placeholder_type_specifier" if text(tnode, src).trim() != "auto" => {
                Err("`decltype(auto)` (a reference or a copy)".to_string())
            }
            _ => Ok(false),
        }
    }

    /// Whether the function defined by `def` returns a reference: `T &f()`,
    /// or a return type that names one (`IR f()`); one that may (see
    /// [`Self::names_reference`]) is taken as a reference, whose object a
    /// caller reads when it uses it.
    pub(crate) fn def_returns_ref(&self, def: Node<'t>) -> bool {
        crate::frontend::lvalues::returns_ref(def)
            || def
                .child_by_field_name("type")
                .is_some_and(|t| self.names_reference(t) != Ok(false))
    }

    /// Records in the type bindings in force whether the type name `name`
    /// (a local alias or a template parameter just bound) is a reference.
    pub(crate) fn mark_reference_type(&mut self, name: &str, kind: Result<bool, String>) {
        self.type_overrides.remove(&ref_key(name));
        self.type_overrides.remove(&unknown_ref_key(name));
        match kind {
            Ok(true) => {
                self.type_overrides
                    .insert(ref_key(name), crate::frontend::types::Ty::Void);
            }
            Ok(false) => {}
            Err(_) => {
                self.type_overrides
                    .insert(unknown_ref_key(name), crate::frontend::types::Ty::Void);
            }
        }
    }
}

/// Whether the declarator `d` declares a reference (for callers outside
/// this module).
pub(crate) fn declares_reference(d: Option<Node>) -> bool {
    declarator_is_reference(d)
}
