//! Lambdas in device code: `auto f = [=](int i) { .. }; f(k);` and
//! `[&] { .. }()`.
//!
//! A lambda that is only called (never copied or passed on) behaves as its
//! body inlined at the call, with two differences that the lowering keeps:
//! the body sees the names in scope where the lambda is written (not where it
//! is called), and a variable captured by copy is the value it had when the
//! lambda was written ([expr.prim.lambda.capture]: the closure's member is
//! initialised when the lambda expression is evaluated). So the definition
//! records the scopes visible there, with a copy of every variable captured by
//! copy made at that point; a variable captured by reference stays the
//! caller's object. A lambda used any other way (passed to a function, copied,
//! returned) is unsupported, with the reason.

use crate::base::{HashMap, HashSet};
use std::rc::Rc;

use tree_sitter::Node;

use crate::frontend::inline::{INLINING_BUDGET_REASON, INLINING_DEPTH_REASON};
use crate::frontend::lowerer::*;
use crate::frontend::FnDef;

/// Whether a local can change after a lambda copies it (fixed pointers,
/// per-thread arrays whose reads are havocked and group handles cannot).
fn holds_state(s: &Slot) -> bool {
    matches!(
        s,
        Slot::Var(..) | Slot::Ptr { .. } | Slot::Agg(..) | Slot::Cells(..)
    )
}

/// How a lambda captures a name it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Capture {
    /// `[=]`, `[x]`: a copy made when the lambda is written.
    Copy,
    /// `[&]`, `[&x]`: the enclosing object itself.
    Ref,
    /// Not captured (no default and not listed): only names that need no
    /// capture (constants, globals, other lambdas) may be used.
    None,
}

/// The capture list of a lambda: its default and the names listed.
struct Captures {
    default: Capture,
    listed: HashMap<String, Capture>,
}

/// A lambda's capture list, for code outside this module.
pub(crate) struct CaptureModes(Captures);

impl CaptureModes {
    /// Whether `name` is captured by reference (`[&]`, `[&x]`).
    pub(crate) fn by_reference(&self, name: &str) -> bool {
        self.0.of(name) == Capture::Ref
    }
}

impl Captures {
    fn of(&self, name: &str) -> Capture {
        self.listed.get(name).copied().unwrap_or(self.default)
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    /// The lambda a `lambda_expression` makes here: its captures by copy are
    /// copied now, and the names in scope recorded for its calls.
    pub(crate) fn define_lambda(&mut self, n: Node<'t>) -> R<Rc<LambdaDef>> {
        let captures = self.lambda_captures(n)?;
        let Some(body) = n.child_by_field_name("body") else {
            return self.unsup(n, "lambda without a body");
        };
        let mut copies: HashMap<String, Binding> = HashMap::default();
        for (name, at) in self.names_used(body) {
            let mode = captures.of(&name);
            let Some(b) = self.lookup(&name).cloned() else {
                continue;
            };
            if let (Capture::Copy, Binding::Slot(Slot::Var(v, _))) = (mode, &b) {
                if self.atomic_refs.contains_key(v) {
                    // The closure's copy refers to the same element; its
                    // operators would be lowered on a plain copy.
                    return self.unsup(at, "a `cuda::atomic_ref` captured by copy");
                }
            }
            match (mode, b) {
                (Capture::Copy, Binding::Slot(s)) if holds_state(&s) => {
                    let v = self.load_slot(&s);
                    let ty = self.lval_type(&LVal::Slot(s));
                    // The closure's member is copy-initialised: a user
                    // copy constructor runs ([expr.prim.lambda.capture]/15).
                    let v = self.converted_value(at, &v, &ty, true)?.unwrap_or(v);
                    let copy = self.make_slot(&ty, &name, at);
                    self.store(LVal::Slot(copy.clone()), v, at)?;
                    copies.insert(name, Binding::Slot(copy));
                }
                (Capture::Copy, Binding::Ref(_)) if self.lookup("this").is_some() => {
                    // In a member function a member is bound as a reference
                    // too, but `[=]` captures `this`, not the member: uses go
                    // to the object. Which bindings are members is not
                    // recorded, so neither reading is taken.
                    return self.unsup(
                        at,
                        format!("a by-copy lambda in a member function using the member or reference `{name}` is not supported"),
                    );
                }
                (Capture::Copy, Binding::Ref(lv)) => {
                    // A reference captured by copy copies the object it names.
                    let ty = self.lval_type(&lv);
                    let v = self.load(lv, at)?;
                    let v = self.converted_value(at, &v, &ty, true)?.unwrap_or(v);
                    let copy = self.make_slot(&ty, &name, at);
                    self.store(LVal::Slot(copy.clone()), v, at)?;
                    copies.insert(name, Binding::Slot(copy));
                }
                (Capture::Ref, Binding::Value(_)) => {
                    // A by-reference capture of a value binding: give the value
                    // a local now, so that a later write through another name
                    // (a reference argument) is seen by the lambda too.
                    self.lvalue(at)?;
                }
                _ => {}
            }
        }
        let mut scopes = self.scopes.clone();
        scopes.push(copies);
        Ok(Rc::new(LambdaDef {
            unit: self.unit,
            range: (n.start_byte(), n.end_byte()),
            scopes: Rc::new(scopes),
        }))
    }

    /// Reads the capture list of a lambda; init-captures and packs are
    /// unsupported.
    fn lambda_captures(&self, n: Node<'t>) -> R<Captures> {
        let mut caps = Captures {
            default: Capture::None,
            listed: HashMap::default(),
        };
        let Some(spec) = n.child_by_field_name("captures") else {
            return Ok(caps);
        };
        let mut by_ref_next = false;
        let mut c = spec.walk();
        for ch in spec.children(&mut c) {
            match ch.kind() {
                "lambda_default_capture" => {
                    caps.default = if self.txt(ch).trim() == "&" {
                        Capture::Ref
                    } else {
                        Capture::Copy
                    };
                }
                "&" => by_ref_next = true,
                "identifier" => {
                    let mode = if by_ref_next {
                        Capture::Ref
                    } else {
                        Capture::Copy
                    };
                    caps.listed.insert(self.txt(ch).to_string(), mode);
                    by_ref_next = false;
                }
                // `[*this]` (C++17) copies the object: its members are not
                // the caller's, which the member bindings would say.
                "*" => {
                    return self.unsup(
                        ch,
                        "a lambda capturing `*this` (a copy of the object) is not supported",
                    )
                }
                "this" | "[" | "]" | "," | "comment" => by_ref_next = false,
                "lambda_capture_initializer" => {
                    return self.unsup(ch, "lambda init-capture (`[x = e]`) is not supported")
                }
                k => {
                    return self.unsup(ch, format!("lambda capture `{k}` is not supported"));
                }
            }
        }
        Ok(caps)
    }

    /// The capture list of the lambda `n`, asked by name (see
    /// `deduce::closure_binding`).
    pub(crate) fn lambda_capture_modes(&self, n: Node<'t>) -> R<CaptureModes> {
        Ok(CaptureModes(self.lambda_captures(n)?))
    }

    /// The identifiers a lambda body uses, each with its first occurrence.
    pub(crate) fn names_used(&self, body: Node<'t>) -> Vec<(String, Node<'t>)> {
        let mut seen = HashSet::default();
        let mut out = Vec::new();
        let mut stack = vec![body];
        while let Some(x) = stack.pop() {
            if x.kind() == "identifier" && seen.insert(self.txt(x).to_string()) {
                out.push((self.txt(x).to_string(), x));
            }
            let mut c = x.walk();
            stack.extend(x.children(&mut c));
        }
        out.sort_by_key(|(_, x)| x.start_byte());
        out
    }

    /// Inlines a call of a lambda: the arguments are evaluated in the
    /// caller's scopes, the body in the scopes of its definition.
    pub(crate) fn inline_lambda(
        &mut self,
        n: Node<'t>,
        lam: &LambdaDef,
        args: &[Node<'t>],
    ) -> R<Val> {
        let Some(node) = self.cx.units[lam.unit]
            .tree
            .root_node()
            .descendant_for_byte_range(lam.range.0, lam.range.1)
            .filter(|x| x.kind() == "lambda_expression")
        else {
            return self.unsup(n, "call of a lambda whose definition was not found");
        };
        let params = node
            .child_by_field_name("declarator")
            .and_then(|d| d.child_by_field_name("parameters"));
        let param_count = params.map_or(0, |p| {
            let mut c = p.walk();
            p.named_children(&mut c)
                .filter(|x| x.kind().contains("parameter_declaration"))
                .count()
        });
        if param_count != args.len() {
            return self.unsup(
                n,
                format!(
                    "call of a lambda with {} arguments for {param_count} parameters",
                    args.len()
                ),
            );
        }
        let vals = self.eval_args(args)?;
        self.inlined_calls += 1;
        if self.call_stack.len() > MAX_INLINE_DEPTH {
            return self.unsup(n, INLINING_DEPTH_REASON);
        }
        if self.inlined_calls > MAX_INLINED_CALLS {
            return self.unsup(n, INLINING_BUDGET_REASON);
        }
        let name = format!("lambda@{}", lam.range.0);
        let def = FnDef {
            unit: lam.unit,
            node,
            template: None,
            name: name.clone(),
            name_node: node,
            params,
            param_count,
            required_params: param_count,
            variadic: false,
            has_body: true,
            is_kernel: false,
            inherited_by: None,
        };
        let trailing = node
            .child_by_field_name("declarator")
            .and_then(|d| {
                let mut c = d.walk();
                let t = d
                    .named_children(&mut c)
                    .find(|x| x.kind() == "trailing_return_type");
                t
            })
            .and_then(|t| t.named_child(0));
        // A lambda returning a reference (`-> T &`, `-> auto &&`,
        // `-> decltype(auto)`) gives an lvalue its caller may write through;
        // the inlining below returns a copy, so it is refused. Without a
        // trailing return type a lambda returns by value (deduction decays).
        if let Some(t) = trailing {
            let written = self.cx.units[lam.unit]
                .text
                .get(t.start_byte()..t.end_byte())
                .unwrap_or("&");
            if written.contains('&') || written.contains("decltype") {
                return self.unsup(
                    n,
                    "a lambda returning a reference (its result may be written through) is not supported",
                );
            }
        }
        let ret_ty = trailing.map(|t| {
            self.cx
                .types
                .type_descriptor(t, &self.cx.units[lam.unit].text, &self.type_overrides)
        });
        let call_site = self.span(n);
        let saved_unit = self.unit;
        let saved_scopes = std::mem::replace(&mut self.scopes, (*lam.scopes).clone());
        let saved_site = self.inline_site;
        let saved_signaled = std::mem::take(&mut self.signaled);
        let saved_stmt_span = self.stmt_span;
        let arg_nodes: Vec<Node<'t>> = args.to_vec();
        self.unit = lam.unit;
        if self.inline_site.is_none() {
            self.inline_site = Some(call_site);
        }
        self.call_stack.push(name);
        self.scopes.push(HashMap::default());
        let result = (|| -> R<Val> {
            self.bind_inline_params(&def, &vals, &arg_nodes, saved_unit, &saved_scopes)?;
            self.inlined_body(n, &def, ret_ty.as_ref(), false)
        })();
        self.call_stack.pop();
        self.unit = saved_unit;
        self.scopes = saved_scopes;
        self.inline_site = saved_site;
        self.signaled = saved_signaled;
        self.stmt_span = saved_stmt_span;
        result
    }
}
