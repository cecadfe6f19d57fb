//! `volatile` pointer parameters of device helpers whose reach the front end
//! sees exactly (the classic `warpReduce(volatile T *s, ...)` idiom), so that
//! naming them does not make every global read of the program volatile.
//!
//! A `volatile` lvalue exists only where a volatile-qualified type is named or
//! deduced. When every `volatile` the program spells (the word, after macro
//! expansion) qualifies the pointee of a plain pointer parameter `p` of a
//! free `__device__` function `f` (see [`tracked_volatile_params`]), and `p`
//! is used only as `p[i]` or `*p` in positions that neither deduce a type from
//! the lvalue, take its address, bind a reference to it, nor return it, then
//! the only volatile lvalues are `p[i]`/`*p` (and `?:`, assignment or
//! parentheses around them), all of which designate memory of the arrays the
//! argument bound to `p` targets (distinct arrays do not alias, the
//! documented assumption). When moreover every call of `f`, and
//! transitively of each function calling it, is a direct call of a free
//! function outside any lambda up to a kernel, every execution of `f`'s body
//! is an inlining the kernel's lowering performs, which records the
//! argument's arrays; a call it does not inline makes the lowering fall back
//! to the coarse rule. Only when a single kernel calls them (see
//! [`TrackedParams::roots`]) and only in that kernel: another kernel's plain
//! parameter may be the buffer the helper polls, under another name.

use crate::base::{HashMap, HashSet};
use tree_sitter::Node;

use super::UnitSyntax;

/// The tracked `volatile` parameters of a program.
#[derive(Default)]
pub(crate) struct TrackedParams {
    /// (unit, start byte of the `function_definition`) to the indices of
    /// its tracked `volatile T *p` parameters.
    pub params: HashMap<(usize, usize), Vec<usize>>,
    /// Names of the functions that have them and of every function calling
    /// one, transitively (kernels left out): a call of such a name the
    /// lowering does not inline hides an argument.
    pub functions: HashSet<String>,
    /// The kernels (unit, start byte) that call one of those functions.
    pub roots: HashSet<(usize, usize)>,
}

/// Positions of the `volatile` keywords of `text` (not `asm volatile`); `None`
/// when it names a volatile type without the word (type traits) or a
/// cache-volatile load, which are not tracked.
pub(crate) fn volatile_words(text: &str) -> Option<Vec<(usize, usize)>> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let whole = |at: usize, name: &str| {
        !text[..at].ends_with(word) && !text[at + name.len()..].starts_with(word)
    };
    for name in [
        "__ldcv",
        "__ldcg",
        "add_volatile",
        "add_volatile_t",
        "add_cv",
        "add_cv_t",
    ] {
        if text.match_indices(name).any(|(at, _)| whole(at, name)) {
            return None;
        }
    }
    let mut out = Vec::new();
    for name in ["volatile", "__volatile__", "__volatile"] {
        for (at, _) in text.match_indices(name) {
            let before = text[..at].trim_end();
            let after_asm = ["asm", "__asm__", "__asm"].iter().any(|a| {
                before
                    .strip_suffix(a)
                    .is_some_and(|rest| !rest.ends_with(word))
            });
            if whole(at, name) && !after_asm {
                out.push((at, at + name.len()));
            }
        }
    }
    Some(out)
}

fn node_text<'a>(n: Node, src: &'a str) -> &'a str {
    src.get(n.start_byte()..n.end_byte()).unwrap_or("")
}

fn is_field(parent: Node, field: &str, child: Node) -> bool {
    parent
        .child_by_field_name(field)
        .is_some_and(|c| c.id() == child.id())
}

/// Whether `text` has `w` as a whole word.
fn has_word(text: &str, w: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(w)
        .any(|(at, _)| !text[..at].ends_with(word) && !text[at + w.len()..].starts_with(word))
}

/// The free function `def` (a `function_definition` at file scope, maybe a
/// template) with a plain name: its name node and whether it is a kernel.
/// `None` for members, lambdas, qualified or operator names, host functions.
fn free_device_function<'t>(def: Node<'t>, src: &str) -> Option<(Node<'t>, bool)> {
    let mut up = def.parent()?;
    if up.kind() == "template_declaration" {
        up = up.parent()?;
    }
    if up.kind() != "translation_unit" {
        return None;
    }
    let decl = def.child_by_field_name("declarator")?;
    if decl.kind() != "function_declarator" {
        return None;
    }
    let name = decl.child_by_field_name("declarator")?;
    if name.kind() != "identifier" {
        return None;
    }
    let specs = src.get(def.start_byte()..decl.start_byte())?;
    let kernel = has_word(specs, "__global__");
    if has_word(specs, "__host__") || !(kernel || has_word(specs, "__device__")) {
        return None;
    }
    Some((name, kernel))
}

/// Whether the volatile lvalue `e` is used only as a value or assigned to:
/// no type is deduced from it, no address taken, no reference bound, not
/// returned.
fn lvalue_use_ok(e: Node, src: &str) -> bool {
    let Some(q) = e.parent() else { return false };
    match q.kind() {
        "parenthesized_expression" | "update_expression" => lvalue_use_ok(q, src),
        "conditional_expression" => is_field(q, "condition", e) || lvalue_use_ok(q, src),
        "assignment_expression" => !is_field(q, "left", e) || lvalue_use_ok(q, src),
        "comma_expression" => !is_field(q, "right", e) || lvalue_use_ok(q, src),
        "binary_expression"
        | "unary_expression"
        | "condition_clause"
        | "expression_statement"
        | "cast_expression"
        | "subscript_argument_list" => true,
        "subscript_expression" => !is_field(q, "argument", e),
        "init_declarator" => {
            // `T x = p[i]` copies the value (`auto` drops the top-level
            // qualifier); a reference or `decltype(auto)` would not.
            is_field(q, "value", e)
                && q.child_by_field_name("declarator")
                    .is_some_and(|d| d.kind() == "identifier")
                && q.parent()
                    .and_then(|d| d.child_by_field_name("type"))
                    .is_some_and(|t| !node_text(t, src).contains("decltype"))
        }
        _ => false,
    }
}

/// Whether every use of the parameter `name` in `body` is `name[i]` or
/// `*name` used as by [`lvalue_use_ok`].
fn param_uses_ok(body: Node, name: &str, src: &str) -> bool {
    let mut ok = true;
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        if !ok {
            break;
        }
        if n.kind() == "identifier" && node_text(n, src) == name {
            let Some(p) = n.parent() else {
                ok = false;
                continue;
            };
            ok = match p.kind() {
                "subscript_expression" => is_field(p, "argument", n) && lvalue_use_ok(p, src),
                "pointer_expression" => {
                    p.child_by_field_name("operator")
                        .is_some_and(|o| node_text(o, src) == "*")
                        && lvalue_use_ok(p, src)
                }
                _ => false,
            };
            continue;
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    ok
}

/// The `volatile T *p` parameter the keyword at `node` qualifies, as (the
/// `function_definition`, parameter index, name); `None` in any other
/// position.
fn tracked_param<'t>(word: Node<'t>, src: &str) -> Option<(Node<'t>, usize, String)> {
    let mut q = word;
    while q.kind() != "type_qualifier" {
        q = q.parent()?;
        if q.start_byte() != word.start_byte() {
            return None;
        }
    }
    let decl = q.parent()?;
    if decl.kind() != "parameter_declaration" {
        return None;
    }
    let ptr = decl.child_by_field_name("declarator")?;
    if ptr.kind() != "pointer_declarator" {
        return None;
    }
    let name = ptr.child_by_field_name("declarator")?;
    if name.kind() != "identifier" {
        return None;
    }
    let list = decl.parent()?;
    let fdecl = list.parent()?;
    let def = fdecl.parent()?;
    if list.kind() != "parameter_list"
        || fdecl.kind() != "function_declarator"
        || def.kind() != "function_definition"
        || !is_field(def, "declarator", fdecl)
    {
        return None;
    }
    let (_, kernel) = free_device_function(def, src)?;
    if kernel {
        return None;
    }
    let mut c = list.walk();
    let index = list
        .named_children(&mut c)
        .filter(|p| p.kind().contains("parameter_declaration"))
        .position(|p| p.id() == decl.id())?;
    Some((def, index, node_text(name, src).to_string()))
}

/// Whether `n` is part of a comment or a string or character literal (the
/// word there qualifies no type).
fn in_comment_or_literal(n: Node) -> bool {
    let mut up = Some(n);
    while let Some(u) = up {
        if matches!(
            u.kind(),
            "comment" | "string_literal" | "raw_string_literal" | "char_literal"
        ) {
            return true;
        }
        up = u.parent();
    }
    false
}

/// The enclosing function definition of a call, if no lambda is between.
fn caller_of(n: Node) -> Option<Node> {
    let mut up = n.parent();
    while let Some(u) = up {
        match u.kind() {
            "lambda_expression" => return None,
            "function_definition" => return Some(u),
            _ => up = u.parent(),
        }
    }
    None
}

/// Whether every use of the function name `name` in `units` is a direct
/// call (or a function declarator); the free functions making the calls are
/// pushed to `callers`.
fn direct_calls_only<'t>(
    units: &'t [UnitSyntax],
    name: &str,
    callers: &mut Vec<(usize, Node<'t>)>,
) -> bool {
    for (u, unit) in units.iter().enumerate() {
        let src = unit.text.as_str();
        if !src.contains(name) {
            continue;
        }
        let mut stack = vec![unit.tree.root_node()];
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" && node_text(n, src) == name {
                let Some(p) = n.parent() else { return false };
                let callee = match p.kind() {
                    "function_declarator" if is_field(p, "declarator", n) => continue,
                    "call_expression" if is_field(p, "function", n) => p,
                    "template_function" if is_field(p, "name", n) => match p.parent() {
                        Some(c) if c.kind() == "call_expression" && is_field(c, "function", p) => c,
                        _ => return false,
                    },
                    _ => return false,
                };
                match caller_of(callee) {
                    Some(def) => callers.push((u, def)),
                    None => return false,
                }
                continue;
            }
            let mut c = n.walk();
            stack.extend(n.children(&mut c));
        }
    }
    true
}

/// The tracked `volatile` parameters of the program, or `None` when some
/// `volatile` is in a position whose reach is not tracked (see the module
/// comment): then every global read is volatile.
pub(crate) fn tracked_volatile_params(units: &[UnitSyntax]) -> Option<TrackedParams> {
    let mut tracked = TrackedParams::default();
    let mut functions: Vec<(usize, Node)> = Vec::new();
    for (u, unit) in units.iter().enumerate() {
        let src = unit.text.as_str();
        for (at, end) in volatile_words(src)? {
            let word = unit.tree.root_node().descendant_for_byte_range(at, end)?;
            if in_comment_or_literal(word) {
                continue;
            }
            let (def, index, name) = tracked_param(word, src)?;
            let body = def.child_by_field_name("body")?;
            if !param_uses_ok(body, &name, src) {
                return None;
            }
            tracked
                .params
                .entry((u, def.start_byte()))
                .or_default()
                .push(index);
            functions.push((u, def));
        }
    }
    // Every function whose body may run a tracked function is reached only
    // by direct calls, up to the kernels.
    let mut seen: HashSet<(usize, usize)> = HashSet::default();
    while let Some((u, def)) = functions.pop() {
        if !seen.insert((u, def.start_byte())) {
            continue;
        }
        let src = units.get(u)?.text.as_str();
        let (name, kernel) = free_device_function(def, src)?;
        if kernel {
            tracked.roots.insert((u, def.start_byte()));
            continue;
        }
        let mut callers = Vec::new();
        tracked.functions.insert(node_text(name, src).to_string());
        if !direct_calls_only(units, node_text(name, src), &mut callers) {
            return None;
        }
        functions.extend(callers);
    }
    Some(tracked)
}
