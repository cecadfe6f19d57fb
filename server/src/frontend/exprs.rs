//! Expressions: rvalues, assignments and updates, the conditional operator.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::builtins;
use crate::frontend::lowerer::*;
use crate::frontend::types::{GroupKind, Ty};
use crate::ir::{BinOp, Block, Builtin, Expr, MemSpace, ScalarTy, StmtKind};

/// The expression inside any number of parentheses.
pub(crate) fn strip_parens(n: Node) -> Node {
    let mut n = n;
    for _ in 0..64 {
        match (n.kind(), crate::frontend::types::inner_expr(n)) {
            ("parenthesized_expression", Some(inner)) => n = inner,
            _ => break,
        }
    }
    n
}

/// Components named by a swizzle (`x`, `xy`, `s01`, `lo`, `hi`, `even`, `odd`).
pub(crate) fn swizzle(name: &str, count: u8) -> Option<Vec<usize>> {
    let n = count as usize;
    let half = n.div_ceil(2);
    match name {
        "lo" => return Some((0..half).collect()),
        "hi" => return Some((half..n.max(half * 2)).filter(|k| *k < n).collect()),
        "even" => return Some((0..n).step_by(2).collect()),
        "odd" => return Some((1..n).step_by(2).collect()),
        _ => {}
    }
    let idx: Option<Vec<usize>> =
        if let Some(hex) = name.strip_prefix('s').or_else(|| name.strip_prefix('S')) {
            hex.chars()
                .map(|c| c.to_digit(16).map(|d| d as usize))
                .collect()
        } else {
            name.chars()
                .map(|c| match c {
                    'x' | 'r' => Some(0),
                    'y' | 'g' => Some(1),
                    'z' | 'b' => Some(2),
                    'w' | 'a' => Some(3),
                    _ => None,
                })
                .collect()
        };
    idx.filter(|v| !v.is_empty() && v.iter().all(|k| *k < n))
}

pub(crate) fn flatten_comma<'t>(n: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut cur = n;
    let mut rights = Vec::new();
    let mut steps = 0;
    while cur.kind() == "comma_expression" && steps < 64 {
        steps += 1;
        if let Some(r) = cur.child_by_field_name("right") {
            rights.push(r);
        }
        match cur.child_by_field_name("left") {
            Some(l) => cur = l,
            None => break,
        }
    }
    // tree-sitter's comma expression nests to the right: left is a single item.
    out.push(cur);
    for r in rights.into_iter().rev() {
        flatten_comma(r, out);
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    /// Lowers an expression whose value is not used.
    /// The type `sizeof` / `alignof` measures: a type operand, or the type
    /// of an expression operand, found without evaluating it (the lowering
    /// is undone). An array object is the whole array, also when it is a
    /// member, an element or a dereference (`sizeof(s.v)`, `sizeof(m[0])`).
    /// None when the type is not known.
    fn operand_type(&mut self, n: Node<'t>) -> R<Option<Ty>> {
        if let Some(t) = n.child_by_field_name("type") {
            return Ok(Some(self.cx.types.type_descriptor(
                t,
                self.src(),
                &self.type_overrides,
            )));
        }
        let Some(v) = n.child_by_field_name("value") else {
            return Ok(None);
        };
        if let Some(ty) = self
            .declared_array_type(v)
            .or_else(|| self.type_name(strip_parens(v)))
        {
            return Ok(Some(ty));
        }
        let inner = strip_parens(v);
        if matches!(inner.kind(), "string_literal" | "concatenated_string") {
            // `sizeof("abc")`: the characters and the null.
            let len = self.string_initializer_length(inner);
            return Ok(Some(Ty::Array(
                Box::new(Ty::Scalar(ScalarTy::Int {
                    bits: 8,
                    signed: true,
                })),
                len,
            )));
        }
        if inner.kind() == "identifier" {
            // A reference names its object (`int (&a)[4]`: the array).
            if let Some(Binding::Ref(lv)) = self.lookup(self.txt(inner)) {
                return Ok(Some(self.lval_type(lv)));
            }
        }
        let saved = std::mem::take(&mut self.cur);
        let saved_vars = self.kernel.vars.len();
        let saved_id = self.kernel.next_stmt_id;
        let object = matches!(
            inner.kind(),
            "field_expression" | "subscript_expression" | "pointer_expression"
        ) && !(inner.kind() == "pointer_expression"
            && inner
                .child_by_field_name("operator")
                .is_some_and(|o| self.txt(o) == "&"));
        let ty = if object {
            // Not an object the front end follows: its type is not known.
            Ok(self.lvalue(inner).ok().map(|lv| self.lval_type(&lv)))
        } else {
            self.rvalue(v).map(|val| match val {
                Val::Scalar(_, t) => Some(Ty::Scalar(t)),
                Val::Agg(t, _) => Some(t),
                Val::Ptr { pointee, .. } => Some(Ty::Ptr(Box::new(pointee))),
                _ => None,
            })
        };
        self.cur = saved;
        self.kernel.vars.truncate(saved_vars);
        self.lane_sets.retain(|v, _| (v.0 as usize) < saved_vars);
        self.coalesced_roles
            .retain(|v, _| (v.0 as usize) < saved_vars);
        self.kernel.next_stmt_id = saved_id;
        ty
    }

    pub(crate) fn discard(&mut self, n: Node<'t>) -> R<()> {
        if let Some((name, value)) = self.misparsed_group_declaration(n) {
            let v = self.rvalue(value)?;
            let slot = Slot::Group(match v {
                Val::Group(g) => g,
                _ => GroupKind::Tile(None, false),
            });
            self.bind(name, Binding::Slot(slot));
            return Ok(());
        }
        match n.kind() {
            "update_expression" => {
                self.update(n, false)?;
            }
            "comma_expression" => {
                if let Some(l) = n.child_by_field_name("left") {
                    self.discard(l)?;
                }
                if let Some(r) = n.child_by_field_name("right") {
                    self.discard(r)?;
                }
            }
            "parenthesized_expression" => {
                if let Some(i) = crate::frontend::types::inner_expr(n) {
                    self.discard(i)?;
                }
            }
            _ => {
                self.rvalue(n)?;
            }
        }
        Ok(())
    }

    /// Lowers an expression to a value (memory reads become `Read` statements).
    pub(crate) fn rvalue(&mut self, n: Node<'t>) -> R<Val> {
        self.enter(n)?;
        let r = self.rvalue_inner(n);
        self.depth -= 1;
        r
    }

    /// Lowers the left operand of a binary expression. A binary left operand
    /// continues a flat chain (`a + b + c` parses as `(a + b) + c`): unrolled
    /// code is long, not deep, so it counts against its own, larger limit
    /// instead of the nesting depth.
    pub(crate) fn rvalue_left(&mut self, n: Node<'t>) -> R<Val> {
        if n.kind() != "binary_expression" {
            return self.rvalue(n);
        }
        self.chain_links += 1;
        if self.chain_links > MAX_CHAIN_LINKS {
            self.chain_links -= 1;
            return self.unsup(
                n,
                format!("expression with more than {MAX_CHAIN_LINKS} chained operators"),
            );
        }
        let r = self.rvalue_inner(n);
        self.chain_links -= 1;
        r
    }

    pub(crate) fn rvalue_inner(&mut self, n: Node<'t>) -> R<Val> {
        if n.is_error() || n.is_missing() {
            return self.syntax_error(n);
        }
        match n.kind() {
            "number_literal" => self.number(n),
            "char_literal" => {
                let v = self.cx.types.const_eval(n, self.src(), 0).unwrap_or(0);
                Ok(Val::Scalar(int(v, ScalarTy::INT), ScalarTy::INT))
            }
            "true" => Ok(Val::Scalar(int(1, ScalarTy::Bool), ScalarTy::Bool)),
            "false" => Ok(Val::Scalar(int(0, ScalarTy::Bool), ScalarTy::Bool)),
            "null" | "nullptr" => Ok(Val::Ptr {
                target: Target::Null,
                offset: int(0, ScalarTy::LONG),
                pointee: Ty::Void,
            }),
            "string_literal" | "concatenated_string" | "raw_string_literal" => Ok(Val::Ptr {
                target: Target::Private,
                offset: int(0, ScalarTy::LONG),
                pointee: Ty::Scalar(ScalarTy::Int {
                    bits: 8,
                    signed: true,
                }),
            }),
            "parenthesized_expression" => match crate::frontend::types::inner_expr(n) {
                Some(i) => self.rvalue(i),
                None => self.unsup(n, "empty parentheses"),
            },
            // An element `a[i]` of `T x(a[i]);` read as a prototype.
            "parameter_declaration" if self.vexing_subscript(n).is_some() => {
                let lv = self.lvalue(n)?;
                self.load(lv, n)
            }
            // A variable the parser took for a type (`T x(a, b);` read as a prototype).
            "type_identifier" if self.lookup(self.txt(n)).is_some() => {
                if let Some(Binding::Value(v)) = self.lookup(self.txt(n)) {
                    return Ok(v.clone());
                }
                let lv = self.lvalue(n)?;
                self.load(lv, n)
            }
            "identifier" | "field_expression" | "subscript_expression" | "qualified_identifier" => {
                if let Some(v) = self.atomic_ref_var(n) {
                    // `int v = r;`, `r + 1`, `if (r)`: `operator T()` is
                    // `load()`. Where the object itself may be meant (a copy
                    // made by `auto q = r;`, an argument, a returned or
                    // braced value: the copy refers to the same element),
                    // the use is refused.
                    if !self.atomic_ref_value_use(n) {
                        return self.unsup(
                            n,
                            "a `cuda::atomic_ref` copied (to a variable, an argument or a result)",
                        );
                    }
                    return self.atomic_ref_method(n, v, "load", &[]);
                }
                if n.kind() == "identifier" {
                    if let Some(Binding::Value(v)) = self.lookup(self.txt(n)) {
                        if let Some(k) = self.accessor_of_val(v) {
                            return self.accessor_escape(k, n);
                        }
                        return Ok(v.clone());
                    }
                }
                if let Some(v) = self.builtin_value(n)? {
                    return Ok(v);
                }
                if n.kind() == "qualified_identifier" {
                    // `Kind::A`, `ns::N`: an enumerator or constant (scoped enums
                    // and namespaces do not change its value).
                    // A static constant member of a class (`Policy::BLOCK`,
                    // the policy a template parameter is bound to).
                    if let Some((v, t)) =
                        self.cx
                            .types
                            .member_const(n, self.src(), &self.type_overrides)
                    {
                        return Ok(Val::Scalar(int(v, t), t));
                    }
                    // The bare name's file-scope constant is not what
                    // `T::NAME` reads when `T` is a template parameter or
                    // another name declared around the use (a class the
                    // member was not found in above, or opaque).
                    let scope_declared = n.child_by_field_name("scope").is_some_and(|s| {
                        matches!(s.kind(), "namespace_identifier" | "type_identifier")
                            && crate::frontend::class_templates::declared_around(
                                n,
                                self.txt(s),
                                self.src(),
                            )
                    });
                    let name = n
                        .child_by_field_name("name")
                        .map(|c| self.txt(c))
                        .filter(|_| !scope_declared);
                    if let Some(&(v, t)) = name
                        .filter(|nm| self.lookup(nm).is_none())
                        .and_then(|nm| self.cx.types.consts.get(nm))
                    {
                        return Ok(Val::Scalar(int(v, t), t));
                    }
                    if let Some(v) = builtins::library_enumerator(self.txt(n)) {
                        return Ok(Val::Scalar(int(v, ScalarTy::INT), ScalarTy::INT));
                    }
                    if let Some(v) = self.template_member_constant(n) {
                        return Ok(v);
                    }
                }
                let lv = self.lvalue(n)?;
                self.load(lv, n)
            }
            "pointer_expression" => {
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.txt(o))
                    .unwrap_or("");
                let Some(arg) = n.child_by_field_name("argument") else {
                    return self.unsup(n, "malformed pointer expression");
                };
                if op == "&" {
                    let lv = self.lvalue(arg)?;
                    self.address_of(lv, arg)
                } else {
                    let lv = self.lvalue(n)?;
                    self.load(lv, n)
                }
            }
            "unary_expression" => self.unary(n),
            "binary_expression" => self.binary(n),
            "update_expression" => self.update(n, true),
            "assignment_expression" => match self.misparsed_greater_equal(n)? {
                Some(v) => Ok(v),
                None => self.assignment(n),
            },
            "conditional_expression" => self.conditional(n),
            "comma_expression" => {
                if let Some(l) = n.child_by_field_name("left") {
                    self.discard(l)?;
                }
                match n.child_by_field_name("right") {
                    Some(r) => self.rvalue(r),
                    None => Ok(Val::Void),
                }
            }
            "cast_expression" => self.cast(n),
            "call_expression" => self.call(n),
            "sizeof_expression" | "alignof_expression" => {
                let sizeof = n.kind() == "sizeof_expression";
                if let Some(size) = self.opaque_sizeof(n) {
                    return Ok(Val::Scalar(size, ScalarTy::ULONG));
                }
                let ty = self.operand_type(n)?;
                // An expression of an opaque type parameter's data (`sizeof(*a)`,
                // `sizeof(a[0])` for `T *a`) has `T`'s size, but `T` is lowered
                // as `int`, so an `int` leaf in the operand's type may be a `T`:
                // its size is unknown (`sizeof(T)` when it is exactly one such
                // leaf and the kernel has one opaque type, else any value).
                if n.child_by_field_name("value").is_some() && !self.opaque_type_names.is_empty()
                {
                    if let Some(t) = ty.as_ref().filter(|t| self.may_be_opaque_data(t, 0)) {
                        let size = match (t, self.opaque_type_names.len()) {
                            (Ty::Scalar(_), 1) if sizeof => {
                                let name = self.opaque_type_names.iter().next().cloned();
                                name.map(|name| self.opaque_size(name))
                            }
                            _ => None,
                        };
                        let size = size.unwrap_or_else(|| self.havoc(ScalarTy::ULONG, n));
                        return Ok(Val::Scalar(size, ScalarTy::ULONG));
                    }
                }
                // An array whose length the front end does not know (`char
                // s[] = ...` with an initializer it does not count) has no
                // known size: unknown, not the size of one element.
                let size = match ty {
                    Some(ty) if sizeof && !self.cx.types.has_unknown_layout(&ty) => {
                        Some(self.size_of(&ty))
                    }
                    Some(ty) if !sizeof => Some(self.cx.types.align(&ty)),
                    _ => None,
                };
                Ok(Val::Scalar(
                    match size {
                        Some(size) => int(size as i128, ScalarTy::ULONG),
                        None => self.havoc(ScalarTy::ULONG, n),
                    },
                    ScalarTy::ULONG,
                ))
            }
            "compound_literal_expression" => {
                // `(T){..}` has a type descriptor; C++ `T{..}` a bare type
                // name (`int2{0, 5}` is an int2, not an int).
                let ty = match n.child_by_field_name("type") {
                    Some(t) if t.kind() == "type_descriptor" => {
                        self.cx
                            .types
                            .type_descriptor(t, self.src(), &self.type_overrides)
                    }
                    Some(t) => self.resolve_type(t),
                    None => Ty::Scalar(ScalarTy::INT),
                };
                match n.child_by_field_name("value") {
                    Some(v) => self.init_list(v, &ty),
                    None => Ok(self.zero(&ty)),
                }
            }
            "initializer_list" => {
                let mut c = n.walk();
                let items: Vec<Node<'t>> = n
                    .named_children(&mut c)
                    .filter(|i| i.kind() != "comment")
                    .collect();
                let mut vals = Vec::new();
                for i in items {
                    vals.push(self.rvalue(i)?);
                }
                Ok(vals.into_iter().next().unwrap_or(Val::Void))
            }
            "extension_expression" => match n.named_child(0) {
                Some(i) => self.rvalue(i),
                None => Ok(Val::Void),
            },
            "this" => match self.lookup("this") {
                Some(Binding::Value(v)) => Ok(v.clone()),
                _ => self.unsup(n, "`this` outside a member function"),
            },
            "lambda_expression" => self.unsup(
                n,
                "a lambda used as a value (only a lambda held in a local and called, or called where it is written, is modelled)",
            ),
            "compound_statement" => self.statement_expression(n),
            "new_expression" | "delete_expression" => {
                self.unsup(n, "`new`/`delete` is not supported")
            }
            "gnu_asm_expression" => self.asm_stmt(n).map(|_| Val::Void),
            k => self.unsup(n, format!("unsupported expression `{k}`")),
        }
    }

    pub(crate) fn update(&mut self, n: Node<'t>, want: bool) -> R<Val> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("++");
        let Some(arg) = n.child_by_field_name("argument") else {
            return self.unsup(n, "malformed increment");
        };
        let prefix = n
            .child(0)
            .is_some_and(|c| c.kind() == "++" || c.kind() == "--");
        if let Some(v) = self.atomic_ref_var(arg) {
            let op = op.to_string();
            return self.atomic_ref_update(n, v, &op, prefix);
        }
        let lv = self.lvalue(arg)?;
        if let Ty::Struct(k) = self.lval_type(&lv) {
            // `++w`, `w++` on an object of a class: its `operator++`
            // (member or not; postfix with a dummy `int`, [over.inc]).
            let op = op.to_string();
            if let Some(v) = self.class_operator_call(n, &op, (arg, lv, k), &[], !prefix)? {
                return Ok(v);
            }
            return self.unsup(
                n,
                format!("`{op}` on an object of a class without a visible `operator{op}`"),
            );
        }
        let old = self.load(lv.clone(), arg)?;
        // Keep the old value when it is used after the update.
        let old = match (&old, want && !prefix) {
            (Val::Scalar(Expr::Var(_), t), true) if matches!(lv, LVal::Slot(_)) => {
                let t = *t;
                let tv = self.tmp(t, arg);
                let (e, _) = self.scalar(old.clone(), arg)?;
                self.push(StmtKind::Assign { var: tv, value: e }, arg);
                Val::Scalar(Expr::Var(tv), t)
            }
            (
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                },
                true,
            ) => {
                let tv = self.tmp(ScalarTy::LONG, arg);
                self.push(
                    StmtKind::Assign {
                        var: tv,
                        value: offset.clone(),
                    },
                    arg,
                );
                Val::Ptr {
                    target: target.clone(),
                    offset: Expr::Var(tv),
                    pointee: pointee.clone(),
                }
            }
            _ => old,
        };
        let one = Val::Scalar(int(1, ScalarTy::INT), ScalarTy::INT);
        let bop = if op == "--" { BinOp::Sub } else { BinOp::Add };
        let new = self.apply_binop(bop, old.clone(), one, n)?;
        self.store(lv.clone(), new.clone(), n)?;
        if prefix {
            return match lv {
                LVal::Slot(s) => Ok(self.load_slot(&s)),
                _ => Ok(new),
            };
        }
        Ok(old)
    }

    pub(crate) fn assignment(&mut self, n: Node<'t>) -> R<Val> {
        let (lv, value) = self.assign(n, false)?;
        Ok(match lv {
            LVal::Slot(s) => self.load_slot(&s),
            _ => value,
        })
    }

    /// Lowers an assignment; returns the assigned object (its address fixed
    /// before the store when `pin`: the object is used again) and the value.
    pub(crate) fn assign(&mut self, n: Node<'t>, pin: bool) -> R<(LVal, Val)> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("=");
        let (Some(l), Some(r)) = (
            n.child_by_field_name("left"),
            n.child_by_field_name("right"),
        ) else {
            return self.unsup(n, "malformed assignment");
        };
        if let Some(v) = self.atomic_ref_var(l) {
            if pin {
                return self.unsup(n, "an assignment to a `cuda::atomic_ref` used as an object");
            }
            let op = op.to_string();
            let value = self.atomic_ref_assign(n, v, &op, r)?;
            // The expression's value (a prvalue, [atomics.ref.int]) in a
            // fresh local the caller reads back.
            let Val::Scalar(e, t) = value else {
                return self.unsup(n, "a `cuda::atomic_ref` assignment of a non-scalar value");
            };
            let tv = self.tmp(t, n);
            self.push(
                StmtKind::Assign {
                    var: tv,
                    value: e.clone(),
                },
                n,
            );
            return Ok((LVal::Slot(Slot::Var(tv, t)), Val::Scalar(e, t)));
        }
        let lv = self.lvalue(l)?;
        let lv = if pin { self.pin_lvalue(lv, l) } else { lv };
        if op == "=" {
            if let Ty::Struct(k) = self.lval_type(&lv) {
                // A user assignment operator of the class (`operator=`),
                // copy or other, runs on the object ([over.ass]).
                let tag = self.struct_name(k);
                let defs = self
                    .cx
                    .functions
                    .get(&format!("{tag}::operator="))
                    .cloned()
                    .unwrap_or_default();
                if defs.iter().any(|d| d.has_body) {
                    self.call_among(n, &defs, &[r], None, Some(lv.clone()))?;
                    // The expression's value is the object (not read here).
                    let value = self.havoc_val(&Ty::Struct(k), n);
                    return Ok((lv, value));
                }
                if self.member_declared_only(k, "operator=")
                    || self.implicit_copy_runs_code(k, true)
                {
                    return self.unsup(
                        n,
                        format!("the assignment of a `{tag}` runs a user `operator=` (of a member or base, or declared without a body in view) that is not modelled"),
                    );
                }
            }
        }
        if op != "=" {
            if let Ty::Struct(k) = self.lval_type(&lv) {
                // `w += t` on an object of a class: its `operator+=`
                // (member or not) runs ([over.match.oper]).
                let rv = self.rvalue(r)?;
                let op = op.to_string();
                let obj = (l, lv.clone(), k);
                if let Some(v) = self.class_operator_call(n, &op, obj, &[(r, rv)], false)? {
                    return Ok((lv, v));
                }
                return self.unsup(
                    n,
                    format!("`{op}` on an object of a class without a visible `operator{op}`"),
                );
            }
        }
        let rhs = if r.kind() == "initializer_list" {
            let ty = self.lval_type(&lv);
            self.init_list(r, &ty)?
        } else {
            let v = self.rvalue(r)?;
            if op == "=" {
                // `w = t` with `w` of a class: `t` converts to it by its
                // converting constructor before the copy assignment.
                let ty = self.lval_type(&lv);
                match self.converted_value(r, &v, &ty, false)? {
                    Some(c) => c,
                    // `x = w` storing an object of a class to a scalar:
                    // its conversion operator runs ([class.conv.fct]).
                    None if matches!(ty, Ty::Scalar(_)) => self.class_to_scalar(v, r)?,
                    None => v,
                }
            } else {
                v
            }
        };
        let value = if op == "=" {
            rhs
        } else {
            let Some(bop) = Self::binop_of(op.trim_end_matches('=')) else {
                return self.unsup(n, format!("unsupported operator `{op}`"));
            };
            let old = self.load(lv.clone(), l)?;
            self.apply_binop(bop, old, rhs, n)?
        };
        // The stored value, converted to the target type, is the expression's value.
        let value = match (self.lval_type(&lv), value) {
            (Ty::Scalar(t), Val::Scalar(e, vt)) => Val::Scalar(conv(e, vt, t), t),
            (_, v) => v,
        };
        self.store(lv.clone(), value.clone(), n)?;
        Ok((lv, value))
    }

    pub(crate) fn conditional(&mut self, n: Node<'t>) -> R<Val> {
        let (Some(c), Some(a), Some(b)) = (
            n.child_by_field_name("condition"),
            n.child_by_field_name("consequence"),
            n.child_by_field_name("alternative"),
        ) else {
            return self.unsup(n, "malformed conditional expression");
        };
        let cv = self.rvalue(c)?;
        let cond = self.truth(cv, c)?;
        self.branch_values(cond, n, (a, |s| s.rvalue(a)), (b, |s| s.rvalue(b)))
    }

    /// The value of `cond ? then : else_` where each arm is lowered by its
    /// function (its node anchors the arm's statements): both arms'
    /// statements run only on their side, and their values meet in a
    /// temporary (or a select when neither arm makes statements). `n` is
    /// the whole expression. Arms of no value (`void` calls) give `Void`.
    pub(crate) fn branch_values(
        &mut self,
        cond: Expr,
        n: Node<'t>,
        then: (Node<'t>, impl FnOnce(&mut Self) -> R<Val>),
        else_: (Node<'t>, impl FnOnce(&mut Self) -> R<Val>),
    ) -> R<Val> {
        let ((a, lower_a), (b, lower_b)) = (then, else_);
        let mut va = Val::Void;
        let mut vb = Val::Void;
        // Pointer targets set on one side hold only there (like `if_stmt`).
        let before = self.ptrs.targets.clone();
        let sa = self.with_block(|s| {
            va = lower_a(s)?;
            Ok(())
        })?;
        let after_a = self.ptrs.replace_targets(before);
        let sb = self.with_block(|s| {
            vb = lower_b(s)?;
            Ok(())
        })?;
        let after_b = self.ptrs.replace_targets(after_a.clone());
        if matches!((&va, &vb), (Val::Void, Val::Void)) {
            self.merge_states(after_a, after_b, n)?;
            if !(sa.is_empty() && sb.is_empty()) {
                self.push(
                    StmtKind::If {
                        cond,
                        then_: Block {
                            stmts: sa,
                            braces: None,
                        },
                        else_: Block {
                            stmts: sb,
                            braces: None,
                        },
                    },
                    n,
                );
            }
            return Ok(Val::Void);
        }
        if sa.is_empty() && sb.is_empty() {
            self.merge_states(after_a, after_b, n)?;
            return self.select(cond, va, vb, n);
        }
        // Reads on a side: the branches become an `if`.
        let ty = match (&va, &vb) {
            (Val::Scalar(_, x), Val::Scalar(_, y)) => Ty::Scalar(common(*x, *y)),
            (v, _) => self.type_of_val(v),
        };
        let slot = self.make_slot(&ty, &format!("$t{}", self.next_tmp), n);
        self.next_tmp += 1;
        // A temporary that an earlier round found to take several arrays
        // starts as a choice (`init_choice`); both arms' states must know it,
        // or their stores would be strong updates that never set its selector
        // and every access through it would go to one arm's array.
        let (mut after_a, mut after_b) = (after_a, after_b);
        for (off, target) in self.ptrs.targets.iter() {
            if after_a.get(off) != Some(target) {
                after_a.insert(*off, target.clone());
                after_b.insert(*off, target.clone());
            }
        }
        let mut then_stmts = sa;
        let mut else_stmts = sb;
        let saved = std::mem::take(&mut self.cur);
        self.ptrs.targets = after_a;
        self.store(LVal::Slot(slot.clone()), va, a)?;
        then_stmts.append(&mut self.cur);
        let after_then = self.ptrs.replace_targets(after_b);
        self.store(LVal::Slot(slot.clone()), vb, b)?;
        else_stmts.append(&mut self.cur);
        let after_else = std::mem::take(&mut self.ptrs.targets);
        self.cur = saved;
        self.merge_states(after_then, after_else, n)?;
        self.push(
            StmtKind::If {
                cond,
                then_: Block {
                    stmts: then_stmts,
                    braces: None,
                },
                else_: Block {
                    stmts: else_stmts,
                    braces: None,
                },
            },
            n,
        );
        Ok(self.load_slot(&slot))
    }

    pub(crate) fn select(&mut self, cond: Expr, a: Val, b: Val, at: Node) -> R<Val> {
        if let Expr::Int(v, ScalarTy::Bool) = cond {
            return Ok(if v != 0 { a } else { b });
        }
        Ok(match (a, b) {
            (
                Val::Ptr {
                    target: ta,
                    offset: oa,
                    pointee,
                },
                Val::Ptr {
                    target: tb,
                    offset: ob,
                    ..
                },
            ) => {
                let (ta, tb) = (
                    self.materialise_unset(ta, at),
                    self.materialise_unset(tb, at),
                );
                let target = if ta == tb || tb == Target::Null {
                    ta
                } else if ta == Target::Null {
                    tb
                } else if let (Target::Array(a), Target::Array(b)) = (&ta, &tb) {
                    // One of two arrays, selected by the condition.
                    let sel = self.tmp(ScalarTy::UINT, at);
                    let value = Expr::Select(
                        Box::new(cond.clone()),
                        Box::new(int(0, ScalarTy::UINT)),
                        Box::new(int(1, ScalarTy::UINT)),
                        ScalarTy::UINT,
                    );
                    self.push(StmtKind::Assign { var: sel, value }, at);
                    Target::Choice(vec![*a, *b], sel)
                } else if self.space_of(&ta).is_none() && self.space_of(&tb).is_none() {
                    // Two per-thread objects (`c ? &x : &y`): like `merge_target`.
                    let per_local = |t: &Target| matches!(t, Target::Local(_) | Target::Locals);
                    if per_local(&ta) || per_local(&tb) {
                        for t in [&ta, &tb] {
                            if let Target::Local(slot) = t {
                                if !self.ptrs.addr_slots.contains(slot) {
                                    self.ptrs.addr_slots.push((**slot).clone());
                                }
                            }
                        }
                        self.note(at, "pointer may target several locals: reads through it are havocked, writes havoc every local whose address is taken".into());
                        Target::Locals
                    } else {
                        Target::Private
                    }
                } else if matches!(ta, Target::Local(_) | Target::Locals)
                    || matches!(tb, Target::Local(_) | Target::Locals)
                {
                    return self.unsup(at, "pointer may target a local variable or memory");
                } else {
                    // Every array either side may target (a nested `?:` gives
                    // a choice): the alias stands for arrays of one space
                    // only, so arrays of two spaces cannot be merged into it.
                    let mut spaces = Vec::new();
                    for t in [&ta, &tb] {
                        let arrays = match t {
                            Target::Array(a) => vec![*a],
                            Target::Choice(l, _) => l.clone(),
                            _ => Vec::new(),
                        };
                        for a in arrays {
                            if let Some(sp) = self.space_of(&Target::Array(a)) {
                                if !spaces.contains(&sp) {
                                    spaces.push(sp);
                                }
                            }
                        }
                    }
                    if spaces.len() > 1 {
                        return self.unsup(at, "pointer may point into different memory spaces");
                    }
                    let space = spaces.first().copied().unwrap_or(MemSpace::Global);
                    self.note(at, "pointer may target several arrays: accesses through it may touch any of them".into());
                    Target::Array(self.alias_array(space, at))
                };
                Val::Ptr {
                    target,
                    offset: Expr::Select(
                        Box::new(cond),
                        Box::new(oa),
                        Box::new(ob),
                        ScalarTy::LONG,
                    ),
                    pointee,
                }
            }
            (Val::Agg(ty, pa), Val::Agg(_, pb)) if pa.len() == pb.len() => {
                let mut out = Vec::new();
                for (x, y) in pa.into_iter().zip(pb) {
                    out.push(self.select(cond.clone(), x, y, at)?);
                }
                Val::Agg(ty, out)
            }
            (Val::Group(g), _) => Val::Group(g),
            (a, b) => {
                let (ea, ta) = self.scalar(a, at)?;
                let (eb, tb) = self.scalar(b, at)?;
                let t = common(ta, tb);
                let t = if ta == ScalarTy::Bool && tb == ScalarTy::Bool {
                    ScalarTy::Bool
                } else {
                    t
                };
                Val::Scalar(
                    Expr::Select(
                        Box::new(cond),
                        Box::new(conv(ea, ta, t)),
                        Box::new(conv(eb, tb, t)),
                        t,
                    ),
                    t,
                )
            }
        })
    }

    /// GNU statement expression `({ s1; ...; e; })`: the statements in their
    /// own scope, then the value of the last expression statement (`void`
    /// when the last statement is not an expression).
    fn statement_expression(&mut self, n: Node<'t>) -> R<Val> {
        let mut c = n.walk();
        let items: Vec<Node<'t>> = n
            .named_children(&mut c)
            .filter(|x| x.kind() != "comment")
            .collect();
        self.scopes.push(crate::base::HashMap::default());
        let saved_aliases = self.type_overrides.clone();
        let r = (|| {
            let Some((last, init)) = items.split_last() else {
                return Ok(Val::Void);
            };
            self.stmt_list(init)?;
            match last.kind() {
                "expression_statement" => match last.named_child(0) {
                    Some(e) => self.rvalue(e),
                    None => Ok(Val::Void),
                },
                _ => {
                    self.stmt(*last)?;
                    Ok(Val::Void)
                }
            }
        })();
        self.type_overrides = saved_aliases;
        self.scopes.pop();
        r
    }

    pub(crate) fn builtin_value(&mut self, n: Node<'t>) -> R<Option<Val>> {
        let ctor = |f: fn(u8) -> Builtin, d: u8| Val::Scalar(Expr::Builtin(f(d)), ScalarTy::UINT);
        match n.kind() {
            "identifier" => {
                let name = self.txt(n);
                if self.lookup(name).is_some() {
                    return Ok(None);
                }
                let f: fn(u8) -> Builtin = match name {
                    // The warp size of every CUDA device is 32 (CUDA
                    // Programming Guide, "Compute Capabilities"): a constant,
                    // so `threadIdx.x / warpSize` is as warp-uniform as
                    // `threadIdx.x / 32`.
                    "warpSize" => {
                        return Ok(Some(Val::Scalar(int(32, ScalarTy::INT), ScalarTy::INT)))
                    }
                    "threadIdx" => Builtin::ThreadIdx,
                    "blockIdx" => Builtin::BlockIdx,
                    "blockDim" => Builtin::BlockDim,
                    "gridDim" => Builtin::GridDim,
                    _ => {
                        if let Some(&(v, t)) = self.cx.types.consts.get(name) {
                            return Ok(Some(Val::Scalar(int(v, t), t)));
                        }
                        if let Some(v) = ocl_constant(name) {
                            return Ok(Some(Val::Scalar(int(v, ScalarTy::INT), ScalarTy::INT)));
                        }
                        if self.cx.globals.contains_key(name) {
                            return Ok(None);
                        }
                        if let Some(v) = float_constant(name) {
                            return Ok(Some(Val::Scalar(
                                Expr::Float(v.to_bits(), ScalarTy::FLOAT),
                                ScalarTy::FLOAT,
                            )));
                        }
                        if let Some((v, t)) = int_limit(name) {
                            return Ok(Some(Val::Scalar(int(v, t), t)));
                        }
                        if self.cx.functions.contains_key(name) {
                            return self.unsup(n, format!("function `{name}` used as a value (function pointers are not supported)"));
                        }
                        self.note(n, format!("unknown identifier `{name}`: value havocked"));
                        return Ok(Some(Val::Scalar(
                            self.havoc(ScalarTy::INT, n),
                            ScalarTy::INT,
                        )));
                    }
                };
                Ok(Some(Val::Agg(
                    Ty::Vector(ScalarTy::UINT, 3),
                    (0..3).map(|d| ctor(f, d)).collect(),
                )))
            }
            "field_expression" => {
                let (Some(arg), Some(field)) = (
                    n.child_by_field_name("argument"),
                    n.child_by_field_name("field"),
                ) else {
                    return Ok(None);
                };
                if arg.kind() != "identifier" {
                    return Ok(None);
                }
                let name = self.txt(arg);
                if self.lookup(name).is_some() {
                    return Ok(None);
                }
                let f: fn(u8) -> Builtin = match name {
                    "threadIdx" => Builtin::ThreadIdx,
                    "blockIdx" => Builtin::BlockIdx,
                    "blockDim" => Builtin::BlockDim,
                    "gridDim" => Builtin::GridDim,
                    _ => return Ok(None),
                };
                let d = match self.txt(field) {
                    "x" => 0,
                    "y" => 1,
                    "z" => 2,
                    other => {
                        return self
                            .unsup(field, format!("unknown component `{other}` of `{name}`"))
                    }
                };
                Ok(Some(ctor(f, d)))
            }
            _ => Ok(None),
        }
    }

    pub(crate) fn eval_args(&mut self, args: &[Node<'t>]) -> R<Vec<Val>> {
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.rvalue(*a)?);
        }
        Ok(vals)
    }
}

/// Whether `ty` is or contains an array of unknown length (its size is not
/// known).
pub(crate) fn has_unknown_length(ty: &Ty) -> bool {
    match ty {
        Ty::Array(_, None) => true,
        Ty::Array(e, Some(_)) => has_unknown_length(e),
        _ => false,
    }
}
