//! Calls of function templates that have explicit specialisations
//! ([temp.expl.spec]): `f<V>(..)` runs the specialisation written for the
//! template argument value `V`, or the primary template for any other.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::namespace_path;
use crate::frontend::FnDef;
use crate::ir::{BinOp, Expr, ScalarTy};

/// Whether `def` is an explicit specialisation: a definition under
/// `template <>`.
fn is_explicit_specialisation(def: &FnDef<'_>) -> bool {
    def.template.is_some_and(|t| {
        t.named_children(&mut t.walk())
            .all(|c| c.kind() == "comment")
    })
}

/// The template argument list written after the name of a specialisation
/// (`f<A, B>` in its declarator).
fn written_arguments<'t>(def: &FnDef<'t>) -> Option<Node<'t>> {
    let parent = def.name_node.parent()?;
    (parent.kind() == "template_function")
        .then(|| parent.child_by_field_name("arguments"))
        .flatten()
}

/// Whether a definition's name is qualified (`ns::f<1>`, `S::f`).
fn qualified_name(def: &FnDef<'_>) -> bool {
    let mut cur = def.name_node.parent();
    while let Some(p) = cur {
        match p.kind() {
            "qualified_identifier" => return true,
            "template_function" => cur = p.parent(),
            _ => return false,
        }
    }
    false
}

/// Whether a template argument's value is computed from a type: it holds
/// `sizeof`/`alignof`, a type written inside it, or a member of a class
/// template (`Traits<T>::value`).
fn depends_on_a_type(a: Node<'_>) -> bool {
    let mut stack: Vec<Node<'_>> = a.named_children(&mut a.walk()).collect();
    if a.kind() != "type_descriptor" {
        stack.push(a);
    }
    while let Some(x) = stack.pop() {
        if matches!(
            x.kind(),
            "sizeof_expression"
                | "alignof_expression"
                | "type_descriptor"
                | "template_type"
                | "template_function"
                | "template_argument_list"
        ) {
            return true;
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    false
}

/// The non-comment children of a template argument or parameter list.
fn items<'t>(list: Node<'t>) -> Vec<Node<'t>> {
    list.named_children(&mut list.walk())
        .filter(|c| c.kind() != "comment")
        .collect()
}

impl<'c, 't> Lowerer<'c, 't> {
    /// A call `f<A..>(args)` where the function template `f` has explicit
    /// specialisations: overload resolution picks among the primary
    /// templates only (specialisations are not candidates, [temp.expl.spec]/
    /// [temp.over]); then the specialisation whose template arguments equal
    /// the call's runs, or the primary for any other value. With values
    /// known at lowering the choice is made here; with symbolic ones (a
    /// kernel template's value parameter) each specialisation runs under the
    /// condition that its arguments equal the call's, the primary under
    /// none. Only templates whose parameters are all non-type parameters,
    /// given explicitly, are followed: None otherwise (the caller resolves
    /// the call as before).
    pub(super) fn call_specialised(
        &mut self,
        n: Node<'t>,
        defs: &[FnDef<'t>],
        args: &[Node<'t>],
        tpl_args: Option<Node<'t>>,
    ) -> R<Option<Val>> {
        let Some(tpl_args) = tpl_args else {
            return Ok(None);
        };
        let arity = |d: &&FnDef<'t>| d.has_body && d.accepts(args.len());
        // A specialisation only declared here is defined elsewhere (another
        // translation unit): it is still not the primary, and runs as an
        // unknown callee. A declaration of one defined here is dropped.
        let written_text = |d: &FnDef<'t>| {
            written_arguments(d).map(|a| {
                let src = &self.cx.units[d.unit].text;
                crate::frontend::types::text(a, src)
                    .split_whitespace()
                    .collect::<String>()
            })
        };
        let all_specs: Vec<&FnDef<'t>> = defs
            .iter()
            .filter(|d| d.accepts(args.len()) && is_explicit_specialisation(d))
            .collect();
        let specs: Vec<FnDef<'t>> = all_specs
            .iter()
            .filter(|d| {
                d.has_body
                    || !all_specs
                        .iter()
                        .any(|o| o.has_body && written_text(o) == written_text(d))
            })
            .map(|d| (*d).clone())
            .collect();
        if specs.is_empty() {
            return Ok(None);
        }
        let primaries: Vec<FnDef<'t>> = defs
            .iter()
            .filter(|d| !is_explicit_specialisation(d))
            .cloned()
            .collect();
        let Some(primary) = self.choose_overload(n, &primaries, args, true)? else {
            return Ok(None);
        };
        let Some(params) = primary.template.map(items) else {
            return Ok(None);
        };
        let call_args = items(tpl_args);
        let non_type = params.iter().all(|p| p.kind() == "parameter_declaration");
        if !non_type || params.len() != call_args.len() {
            return Ok(None);
        }
        // One primary of this arity: a specialisation then belongs to it.
        let same_arity = primaries.iter().filter(arity).count();
        if same_arity != 1 {
            return Ok(None);
        }
        // A specialisation defined in another namespace (or under a
        // qualified name) may specialise another template: not guessed.
        let namespace = |d: &FnDef<'t>| namespace_path(d.node, &self.cx.units[d.unit].text);
        let primary_ns = namespace(&primary);
        if specs
            .iter()
            .any(|s| namespace(s) != primary_ns || qualified_name(s))
        {
            return self.unsup(
                n,
                "explicit specialisation outside its template's namespace not followed",
            );
        }
        // The call's template argument values, in the caller's scope.
        let mut values = Vec::new();
        for a in &call_args {
            let Some(v) = self.template_argument_value(*a)? else {
                return self.unsup(
                    *a,
                    "template argument of a call to a specialised function template not understood",
                );
            };
            // A value computed from a type (`sizeof(T)`, a trait of `T`) may
            // come from a type parameter modelled as opaque data (its
            // instantiations differ): it selects no arm by itself. Every
            // arm may run, under an unknown value the same in all threads.
            // In a kernel with such a parameter a constant may carry it
            // through a name (`constexpr int n = sizeof(T); f<n>(..)`).
            if depends_on_a_type(*a) || self.opaque_type_params {
                let id = crate::ir::ParamId(self.kernel.params.len() as u32);
                self.kernel.params.push(crate::ir::ParamDecl {
                    name: self.txt(*a).to_string(),
                    ty: v.1,
                    position: u32::MAX,
                });
                self.note(
                    *a,
                    format!(
                        "template argument `{}` may depend on a type modelled as opaque data: \
                         every explicit specialisation it may select is checked",
                        self.txt(*a)
                    ),
                );
                values.push((Expr::Param(id), v.1));
                continue;
            }
            values.push(v);
        }
        // Each specialisation's condition: its written arguments (constants
        // at namespace scope, read in its unit without the caller's names)
        // equal the call's.
        let mut arms: Vec<(Expr, FnDef<'t>)> = Vec::new();
        for spec in specs {
            let Some(written) = written_arguments(&spec).map(items) else {
                return self.unsup(
                    n,
                    "explicit specialisation without written template arguments not followed",
                );
            };
            if written.len() != values.len() {
                return self.unsup(
                    n,
                    "explicit specialisation with a different number of template arguments",
                );
            }
            let saved_unit = std::mem::replace(&mut self.unit, spec.unit);
            let saved_scopes = std::mem::take(&mut self.scopes);
            let mut cond = Expr::Int(1, ScalarTy::Bool);
            let mut failed = false;
            for (w, (v, vt)) in written.iter().zip(&values) {
                match self.template_argument_value(*w) {
                    Ok(Some((Expr::Int(c, ct), _))) => {
                        let t = common(*vt, ct);
                        let eq = match v {
                            Expr::Int(x, _) => Expr::Int(
                                (wrap_int(*x, t) == wrap_int(c, t)) as i128,
                                ScalarTy::Bool,
                            ),
                            _ => bin(
                                BinOp::Eq,
                                conv(v.clone(), *vt, t),
                                Expr::Int(wrap_int(c, t), t),
                                ScalarTy::Bool,
                            ),
                        };
                        cond = match (cond, eq) {
                            (Expr::Int(1, _), e) | (e, Expr::Int(1, _)) => e,
                            (Expr::Int(0, _), _) | (_, Expr::Int(0, _)) => {
                                Expr::Int(0, ScalarTy::Bool)
                            }
                            (x, y) => bin(BinOp::And, x, y, ScalarTy::Bool),
                        };
                    }
                    Ok(_) => failed = true,
                    Err(e) => {
                        self.unit = saved_unit;
                        self.scopes = saved_scopes;
                        return Err(e);
                    }
                }
            }
            self.unit = saved_unit;
            self.scopes = saved_scopes;
            if failed {
                return self.unsup(
                    n,
                    "template argument of an explicit specialisation is not a constant the front end knows",
                );
            }
            arms.push((cond, spec));
        }
        self.specialised_arms(n, &arms, &primary, args, tpl_args)
            .map(Some)
    }

    /// Runs the first arm whose condition holds, else `primary`: folded
    /// where conditions are constants, branches otherwise.
    fn specialised_arms(
        &mut self,
        n: Node<'t>,
        arms: &[(Expr, FnDef<'t>)],
        primary: &FnDef<'t>,
        args: &[Node<'t>],
        tpl_args: Node<'t>,
    ) -> R<Val> {
        let Some(((cond, spec), rest)) = arms.split_first() else {
            return self.inline_call(n, primary, args, Some(tpl_args));
        };
        match cond {
            Expr::Int(0, _) => self.specialised_arms(n, rest, primary, args, tpl_args),
            Expr::Int(_, _) => self.call_specialisation(n, spec, args, tpl_args),
            _ => self.branch_values(
                cond.clone(),
                n,
                (n, |s: &mut Self| {
                    s.call_specialisation(n, spec, args, tpl_args)
                }),
                (n, |s: &mut Self| {
                    s.specialised_arms(n, rest, primary, args, tpl_args)
                }),
            ),
        }
    }

    /// Calls the specialisation `spec`: inlined when defined, else an
    /// unknown callee (it may read and write what its arguments reach).
    fn call_specialisation(
        &mut self,
        n: Node<'t>,
        spec: &FnDef<'t>,
        args: &[Node<'t>],
        tpl_args: Node<'t>,
    ) -> R<Val> {
        if spec.has_body {
            return self.inline_call(n, spec, args, Some(tpl_args));
        }
        let vals = self.eval_args(args)?;
        let written = written_arguments(spec)
            .map(|a| crate::frontend::types::text(a, &self.cx.units[spec.unit].text))
            .unwrap_or_default();
        let what = format!(
            "explicit specialisation `{}{written}` defined elsewhere",
            spec.name
        );
        let v = self.unknown_effects(n, &what, vals)?;
        // Its declaration says which parameters are non-const references.
        let src = &self.cx.units[spec.unit].text;
        let flags: Vec<bool> = spec
            .params
            .map(|ps| {
                ps.named_children(&mut ps.walk())
                    .filter(|p| p.kind().contains("parameter_declaration"))
                    .map(|p| super::ref_kind(p, src) == super::RefKind::Lvalue)
                    .collect()
            })
            .unwrap_or_default();
        let flags = (flags.len() == args.len()).then_some(flags);
        self.havoc_ref_args(args, flags.as_deref())?;
        Ok(v)
    }

    /// The value of a non-type template argument (an expression, or a
    /// name the parser took for a type), as a scalar expression; None when
    /// it is not a value.
    fn template_argument_value(&mut self, a: Node<'t>) -> R<Option<(Expr, ScalarTy)>> {
        let v = if a.kind() == "type_descriptor" {
            match self.template_value_arg(a)? {
                Some(v) => v,
                None => return Ok(None),
            }
        } else {
            self.rvalue(a)?
        };
        match v {
            Val::Scalar(..) => Ok(Some(self.scalar(v, a)?)),
            _ => Ok(None),
        }
    }
}
