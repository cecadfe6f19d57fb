//! Lvalues: names, subscripts, fields, components, dereferences and references.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::exprs::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::ir::{ArrayId, BinOp, Block, Expr, ScalarTy, Stmt, StmtKind};

/// Whether a function definition returns a reference (`T &f(...)`).
pub(crate) fn returns_ref(def: Node) -> bool {
    let mut d = def.child_by_field_name("declarator");
    for _ in 0..16 {
        match d {
            Some(x) if x.kind() == "reference_declarator" => return true,
            Some(x) if x.kind() == "function_declarator" => return false,
            Some(x) => {
                d = x
                    .child_by_field_name("declarator")
                    .or_else(|| x.named_child(0))
            }
            None => return false,
        }
    }
    false
}

impl<'c, 't> Lowerer<'c, 't> {
    /// `c ? a : b` as an object: both sides' addresses, selected by `c`.
    pub(crate) fn conditional_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let (Some(c), Some(a), Some(b)) = (
            n.child_by_field_name("condition"),
            n.child_by_field_name("consequence"),
            n.child_by_field_name("alternative"),
        ) else {
            return self.unsup(n, "malformed conditional expression");
        };
        let cv = self.rvalue(c)?;
        let cond = self.truth(cv, c)?;
        // The sides may change what the condition reads: keep its value.
        let cond = match cond {
            Expr::Int(..) => cond,
            e => {
                let v = self.tmp(ScalarTy::Bool, c);
                self.push(StmtKind::Assign { var: v, value: e }, c);
                Expr::Var(v)
            }
        };
        let before = self.ptrs.targets.clone();
        let mut la = None;
        let sa = self.with_block(|s| {
            let lv = s.lvalue(a)?;
            la = Some(s.pin_lvalue(lv, a));
            Ok(())
        })?;
        let after_a = self.ptrs.replace_targets(before);
        let mut lb = None;
        let sb = self.with_block(|s| {
            let lv = s.lvalue(b)?;
            lb = Some(s.pin_lvalue(lv, b));
            Ok(())
        })?;
        let after_b = std::mem::take(&mut self.ptrs.targets);
        self.merge_states(after_a, after_b, n)?;
        let (Some(la), Some(lb)) = (la, lb) else {
            return self.unsup(n, "internal: conditional lvalue");
        };
        if !sa.is_empty() || !sb.is_empty() {
            self.push(
                StmtKind::If {
                    cond: cond.clone(),
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
        if matches!(la, LVal::Slot(_)) != matches!(lb, LVal::Slot(_)) {
            return self.unsup(
                n,
                "conditional object that may be a local variable or memory",
            );
        }
        let pa = self.address_of(la, a)?;
        let pb = self.address_of(lb, b)?;
        match self.select(cond, pa, pb, n)? {
            Val::Ptr {
                target,
                offset,
                pointee,
            } => Ok(self.deref(target, offset, pointee, n)),
            _ => self.unsup(n, "internal: conditional lvalue"),
        }
    }

    /// `x[i]` on a struct: its `operator[]`, inlined; one that returns a
    /// reference (the object written through) is not supported.
    pub(crate) fn struct_subscript(
        &mut self,
        n: Node<'t>,
        base: Node<'t>,
        k: usize,
        idx: Node<'t>,
    ) -> R<LVal> {
        let tag = self.struct_name(k);
        // A class may overload `operator[]` on the object's constness
        // (`T &operator[](int)` and `const T &operator[](int) const`): the
        // object's constness drops the definitions C++ cannot call on it
        // where the syntax tells it (see `calls::object_const`); one is
        // taken only when every definition left has the same body (usually
        // so), else the subscript is reported rather than resolved by the
        // first definition.
        let all = self
            .cx
            .functions
            .get(&format!("{tag}::operator[]"))
            .cloned()
            .unwrap_or_default();
        let body_texts = |defs: &[crate::frontend::FnDef<'t>]| -> crate::base::HashSet<String> {
            defs.iter()
                .filter_map(|d| {
                    let body = d.node.child_by_field_name("body")?;
                    let src = &self.cx.units[d.unit].text;
                    Some(
                        crate::frontend::types::text(body, src)
                            .split_whitespace()
                            .collect(),
                    )
                })
                .collect()
        };
        let mut chosen = None;
        if body_texts(&all).len() > 1 {
            let kept = self.members_for_object(&all, base, false, k);
            if body_texts(&kept).len() > 1 {
                return self.unsup(
                    n,
                    format!("`{tag}::operator[]` is overloaded with different bodies (the object's constness picks one)"),
                );
            }
            chosen = kept.into_iter().find(|d| d.has_body);
        }
        let def = chosen.or_else(|| self.struct_method(k, "operator[]", None));
        let Some(def) = def else {
            return self.unsup(
                n,
                format!("subscript of struct `{tag}` without a visible `operator[]`"),
            );
        };
        let recv = self.lvalue(base)?;
        let by_ref = returns_ref(def.node);
        self.ref_return = by_ref;
        let v = self.inline_call_this(n, &def, &[idx], None, Some(recv));
        self.ref_return = false;
        match v? {
            // A reference: the object it refers to.
            Val::Ptr {
                target,
                offset,
                pointee,
            } if by_ref => Ok(self.deref(target, offset, pointee, n)),
            v if !by_ref => self.temp_lval(v, n),
            _ => self.unsup(
                n,
                format!("`{tag}::operator[]` returns a reference the front end cannot follow"),
            ),
        }
    }

    /// The name of the function `call` (a call expression) calls when its
    /// definition returns a reference (for member functions: any of that name).
    pub(crate) fn call_returns_ref(&self, call: Node) -> Option<String> {
        let f = call.child_by_field_name("function")?;
        let (name, method) = match f.kind() {
            "identifier" => (self.txt(f).to_string(), false),
            "qualified_identifier" | "template_function" => {
                let mut inner = f;
                for _ in 0..16 {
                    match inner.child_by_field_name("name") {
                        Some(x)
                            if matches!(
                                inner.kind(),
                                "qualified_identifier" | "template_function"
                            ) =>
                        {
                            inner = x
                        }
                        _ => break,
                    }
                }
                (self.txt(inner).to_string(), false)
            }
            "field_expression" => (self.txt(f.child_by_field_name("field")?).to_string(), true),
            _ => return None,
        };
        if !method && self.function_object(&name) {
            // A function object's call `op(i) = v`: its `operator()` may
            // return a reference (`T &operator()(int i) { return d[i]; }`),
            // which the store must go through (a bodiless one: see
            // `ref_call_lvalue`).
            let found = self
                .cx
                .functions
                .iter()
                .filter(|(k, _)| k.ends_with("::operator()"))
                .flat_map(|(_, d)| d.iter())
                .any(|d| returns_ref(d.node));
            return found.then_some(name);
        }
        let suffix = format!("::{name}");
        let found = if method {
            self.cx
                .functions
                .iter()
                .filter(|(k, _)| k.ends_with(&suffix))
                .flat_map(|(_, d)| d.iter())
                .any(|d| d.has_body && returns_ref(d.node))
        } else {
            self.lookup(&name).is_none()
                && (self
                    .cx
                    .functions
                    .get(&name)
                    .is_some_and(|d| d.iter().any(|d| d.has_body && returns_ref(d.node)))
                    || self.cx.ref_prototypes.contains(&name))
        };
        found.then_some(name)
    }

    /// Whether `name` is a local object (not a lambda) that a call
    /// `name(..)` would run the `operator()` of.
    fn function_object(&self, name: &str) -> bool {
        matches!(
            self.lookup(name),
            Some(Binding::Slot(_) | Binding::Ref(_) | Binding::Value(Val::Agg(..)))
        )
    }

    pub(crate) fn lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        self.enter(n)?;
        let r = self.lvalue_inner(n);
        self.depth -= 1;
        r
    }

    pub(crate) fn lvalue_inner(&mut self, n: Node<'t>) -> R<LVal> {
        match n.kind() {
            // A `cuda::atomic_ref` as an object (its address taken, bound to
            // a reference, passed on): its uses could no longer be told
            // apart from the front end's own lowering of them.
            "identifier" if self.atomic_ref_var(n).is_some() => self.unsup(
                n,
                "a `cuda::atomic_ref` used other than through its methods and operators",
            ),
            "identifier" | "qualified_identifier" => self.name_lvalue(n),
            // A variable the parser took for a type (see `vexing_constructor_args`).
            "type_identifier" if self.lookup(self.txt(n)).is_some() => self.name_lvalue(n),
            // An element `a[i]` the parser took for a parameter `a[i]` (see
            // `vexing_element_arg`).
            "parameter_declaration" => match self.vexing_subscript(n) {
                Some((base, index)) => self.subscript_parts(n, base, index),
                None => self.unsup(n, "a parameter declaration used as an expression"),
            },
            "parenthesized_expression" => match crate::frontend::types::inner_expr(n) {
                Some(i) => self.lvalue(i),
                None => self.unsup(n, "empty parentheses"),
            },
            "subscript_expression" => self.subscript_lvalue(n),
            "pointer_expression" => self.pointer_lvalue(n),
            "field_expression" => self.field_lvalue(n),
            "cast_expression" => {
                // `(T)x = ...` is not C; `*(T*)p` goes through pointer_expression.
                let v = self.rvalue(n)?;
                let ty = self.type_of_val(&v);
                Ok(LVal::Discard(ty))
            }
            "conditional_expression" => self.conditional_lvalue(n),
            "assignment_expression" => {
                let (lv, _) = self.assign(n, true)?;
                Ok(lv)
            }
            "comma_expression" => {
                if let Some(l) = n.child_by_field_name("left") {
                    self.discard(l)?;
                }
                match n.child_by_field_name("right") {
                    Some(r) => self.lvalue(r),
                    None => self.unsup(n, "malformed comma expression"),
                }
            }
            "update_expression"
                if n.child(0)
                    .is_some_and(|c| c.kind() == "++" || c.kind() == "--") =>
            {
                // `++x` is the object itself (C++).
                let Some(arg) = n.child_by_field_name("argument") else {
                    return self.unsup(n, "malformed increment");
                };
                let lv = self.lvalue(arg)?;
                let lv = self.pin_lvalue(lv, arg);
                let old = self.load(lv.clone(), arg)?;
                let bop = if n.child(0).is_some_and(|c| c.kind() == "--") {
                    BinOp::Sub
                } else {
                    BinOp::Add
                };
                let one = Val::Scalar(int(1, ScalarTy::INT), ScalarTy::INT);
                let new = self.apply_binop(bop, old, one, n)?;
                self.store(lv.clone(), new, n)?;
                Ok(lv)
            }
            "call_expression" if self.call_returns_ref(n).is_some() => self.ref_call_lvalue(n),
            "call_expression" | "update_expression" => {
                // An rvalue used where an lvalue is expected (C++ references): a temporary.
                let v = self.rvalue(n)?;
                if let Val::Ptr { .. } = v {
                    let ty = self.type_of_val(&v);
                    let slot = self.make_slot(&ty, "$ref", n);
                    self.store(LVal::Slot(slot.clone()), v, n)?;
                    return Ok(LVal::Slot(slot));
                }
                let ty = self.type_of_val(&v);
                let slot = self.make_slot(&ty, "$tmp", n);
                self.store(LVal::Slot(slot.clone()), v, n)?;
                Ok(LVal::Slot(slot))
            }
            _ => self.unsup(
                n,
                format!("unsupported assignment target `{}`", self.txt(n)),
            ),
        }
    }

    pub(crate) fn global_lvalue(&mut self, name: &str, n: Node<'t>) -> R<LVal> {
        if let Some(&id) = self.globals.get(name) {
            let ty = self
                .cx
                .globals
                .get(name)
                .map(|g| g.ty.clone())
                .unwrap_or(Ty::Scalar(ScalarTy::INT));
            return Ok(LVal::Mem {
                target: Target::Array(id),
                offset: int(0, ScalarTy::LONG),
                ty,
                site: self.span_of(n),
            });
        }
        if let Some(g) = self.cx.globals.get(name).filter(|g| g.dynamic_shared) {
            let (ty, unit, decl) = (g.ty.clone(), g.unit, g.name_node);
            let saved = self.unit;
            self.unit = unit;
            let id = self.dynamic_shared_array(name, &ty, decl);
            self.unit = saved;
            self.globals.insert(name.to_string(), id);
            return Ok(LVal::Mem {
                target: Target::Array(id),
                offset: int(0, ScalarTy::LONG),
                ty,
                site: self.span_of(n),
            });
        }
        if let Some(g) = self.cx.globals.get(name) {
            let ty = g.ty.clone();
            let space = g.space;
            let id = ArrayId(self.kernel.arrays.len() as u32);
            let dims_ty = ty.clone();
            let saved = self.unit;
            self.unit = g.unit;
            let decl = g.name_node;
            let aid = self.add_array(name, space, &dims_ty, None, decl);
            self.unit = saved;
            debug_assert_eq!(aid, id);
            self.globals.insert(name.to_string(), aid);
            if let Some(values) = &g.const_init {
                self.const_inits.insert(aid, values.clone());
            }
            return Ok(LVal::Mem {
                target: Target::Array(aid),
                offset: int(0, ScalarTy::LONG),
                ty,
                site: self.span_of(n),
            });
        }
        self.unsup(n, format!("unknown identifier `{name}`"))
    }

    pub(crate) fn field_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let (Some(arg), Some(field)) = (
            n.child_by_field_name("argument"),
            n.child_by_field_name("field"),
        ) else {
            return self.unsup(n, "malformed field access");
        };
        let arrow = n
            .child_by_field_name("operator")
            .is_some_and(|o| self.txt(o) == "->");
        let fname = self.txt(field);
        let base = if arrow {
            match self.rvalue(arg)? {
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                } => self.deref(target, offset, pointee, n),
                _ => return self.unsup(n, format!("`->` on a non-pointer `{}`", self.txt(arg))),
            }
        } else {
            self.lvalue(arg)?
        };
        let ty = self.lval_type(&base);
        match &ty {
            Ty::Struct(k) => {
                let Some(sd) = self.cx.types.structs.get(*k) else {
                    return self.unsup(n, "unknown struct");
                };
                if sd.has_bitfields {
                    // Adjacent bit-fields are one memory location (C11
                    // 3.14): writes to two of them race. The layout here
                    // gives each its own storage, which would hide that.
                    return self.unsup(
                        n,
                        format!(
                            "member of `{}`, which has bit-fields (not modelled)",
                            sd.name
                        ),
                    );
                }
                let Some(path) = self.cx.types.member_path(*k, fname, 0) else {
                    return self.unsup(
                        field,
                        format!("unknown field `{fname}` of struct `{}`", sd.name),
                    );
                };
                if path.len() > 1 {
                    // A member of an anonymous union or struct member: the
                    // hops go through its unnamed field, laid out where
                    // the enclosing class places it (union members all at
                    // the union's offset), so two members share exactly
                    // the storage they share on the device.
                    let mut outer = *k;
                    for &i in &path[..path.len() - 1] {
                        let inner = self
                            .cx
                            .types
                            .structs
                            .get(outer)
                            .and_then(|sd| sd.fields.get(i));
                        match inner.map(|f| &f.ty) {
                            Some(Ty::Struct(s)) => outer = *s,
                            _ => return self.unsup(field, "malformed anonymous member"),
                        }
                        if self
                            .cx
                            .types
                            .structs
                            .get(outer)
                            .is_some_and(|sd| sd.has_bitfields)
                        {
                            return self.unsup(
                                n,
                                "member of an anonymous class with bit-fields (not modelled)",
                            );
                        }
                    }
                }
                if self.cx.types.has_unknown_layout(&ty) {
                    // Offsets past an array of unknown length are not known.
                    return self.unsup(
                        n,
                        format!(
                            "member of `{}`, whose layout depends on an array length that is not a known constant",
                            sd.name
                        ),
                    );
                }
                let mut lv = base;
                let mut cur = ty.clone();
                for &idx in &path {
                    lv = self.member_lvalue(lv, idx, &cur, n);
                    cur = self.lval_type(&lv);
                }
                Ok(lv)
            }
            Ty::Vector(e, count) => {
                let comps = swizzle(fname, *count);
                match comps {
                    Some(c) if c.len() == 1 => Ok(self.component(base, c[0], &ty, n)),
                    Some(c) => {
                        let parts = c
                            .iter()
                            .map(|k| self.component(base.clone(), *k, &ty, n))
                            .collect();
                        Ok(LVal::Parts(Ty::Vector(*e, c.len() as u8), parts))
                    }
                    None => self.unsup(field, format!("unknown vector component `{fname}`")),
                }
            }
            Ty::Scalar(_) if matches!(fname, "x" | "s0") => Ok(base),
            _ => self.unsup(
                n,
                format!("field `{fname}` of a value that is not a struct or vector"),
            ),
        }
    }

    /// The `k`-th member of a struct lvalue as the program sees it: the
    /// component, or for a member declared as a reference (`Storage &st;`)
    /// the memory it refers to. The object stores no referent here (a
    /// reference is bound, not assigned, and the layout gives the member
    /// the referred type's own storage), so that memory is unknown: any
    /// shared or global memory at an unknown offset, which
    /// over-approximates every referent (a per-thread one cannot race).
    /// Taken as the object's own per-thread storage, accesses through the
    /// member were dropped and their races hidden.
    pub(crate) fn member_lvalue(&mut self, base: LVal, k: usize, ty: &Ty, at: Node<'t>) -> LVal {
        let reference = match ty {
            Ty::Struct(s) => self.cx.types.structs.get(*s).and_then(|sd| {
                sd.fields
                    .get(k)
                    .filter(|f| sd.reference_fields.contains(&f.name))
                    .map(|f| f.ty.clone())
            }),
            _ => None,
        };
        let Some(referred) = reference else {
            return self.component(base, k, ty, at);
        };
        let target = self.unknown_target(at);
        let offset = self.tmp(ScalarTy::LONG, at);
        self.push(StmtKind::Havoc { var: offset }, at);
        LVal::Mem {
            target,
            offset: Expr::Var(offset),
            ty: referred,
            site: self.span_of(at),
        }
    }

    /// The `k`-th field or component of an aggregate lvalue.
    pub(crate) fn component(&mut self, base: LVal, k: usize, ty: &Ty, _at: Node) -> LVal {
        let at_site = true;
        let parts = self.cx.types.parts(ty);
        let Some((off, pt)) = parts.get(k).cloned() else {
            return LVal::Discard(Ty::Scalar(ScalarTy::INT));
        };
        match base {
            LVal::Slot(Slot::Agg(_, slots)) => match slots.into_iter().nth(k) {
                Some(s) => LVal::Slot(s),
                None => LVal::Discard(pt),
            },
            LVal::Mem {
                target,
                offset,
                site,
                ..
            } => {
                let site = if at_site { self.span_of(_at) } else { site };
                LVal::Mem {
                    target,
                    offset: bin(
                        BinOp::Add,
                        offset,
                        int(off as i128, ScalarTy::LONG),
                        ScalarTy::LONG,
                    ),
                    ty: pt,
                    site,
                }
            }
            LVal::Parts(_, parts) => parts.into_iter().nth(k).unwrap_or(LVal::Discard(pt)),
            _ => LVal::Discard(pt),
        }
    }

    /// The lvalue a reference parameter binds to.
    pub(crate) fn ref_arg(&mut self, a: Node<'t>, val: Val) -> R<LVal> {
        let inner = if a.kind() == "parenthesized_expression" {
            crate::frontend::types::inner_expr(a).unwrap_or(a)
        } else {
            a
        };
        match inner.kind() {
            "identifier"
            | "field_expression"
            | "subscript_expression"
            | "pointer_expression"
            | "qualified_identifier" => {
                if inner.kind() == "pointer_expression"
                    && inner
                        .child_by_field_name("operator")
                        .is_some_and(|o| self.txt(o) == "&")
                {
                    return self.temp_lval(val, a);
                }
                // Re-evaluating the lvalue repeats its reads; keep the address only.
                let saved = std::mem::take(&mut self.cur);
                let saved_vars = self.kernel.vars.len();
                let lv = self.lvalue(inner);
                let extra = std::mem::replace(&mut self.cur, saved);
                // Drop the duplicate reads; their values are already in `val`.
                let keep_assigns: Vec<Stmt> = extra
                    .into_iter()
                    .filter(|s| matches!(s.kind, StmtKind::Assign { .. }))
                    .collect();
                self.cur.extend(keep_assigns);
                let _ = saved_vars;
                let lv = lv?;
                Ok(self.pin_lvalue(lv, a))
            }
            "call_expression" if self.call_returns_ref(inner).is_some() => {
                let f = self.call_returns_ref(inner).unwrap_or_default();
                self.unsup(
                    inner,
                    format!("the reference `{f}` returns is passed by reference (not supported)"),
                )
            }
            _ => self.temp_lval(val, a),
        }
    }

    pub(crate) fn temp_lval(&mut self, val: Val, at: Node) -> R<LVal> {
        let ty = self.type_of_val(&val);
        let slot = self.make_slot(&ty, "$ref", at);
        self.store(LVal::Slot(slot.clone()), val, at)?;
        Ok(LVal::Slot(slot))
    }

    /// `a[i]`: an element of an array, pointer, vector, tracked private array
    /// or of a struct with `operator[]`.
    fn subscript_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let Some(base) = n.child_by_field_name("argument") else {
            return self.unsup(n, "malformed subscript");
        };
        let idx_node = n
            .child_by_field_name("indices")
            .and_then(|i| i.named_child(0))
            .or_else(|| n.child_by_field_name("index"));
        let Some(idx_node) = idx_node else {
            return self.unsup(n, "malformed subscript");
        };
        self.subscript_parts(n, base, idx_node)
    }

    /// The element `base[idx_node]` (`n` is the whole subscript, or what
    /// stands for it).
    pub(crate) fn subscript_parts(
        &mut self,
        n: Node<'t>,
        base: Node<'t>,
        idx_node: Node<'t>,
    ) -> R<LVal> {
        if let Some(lv) = self.accessor_subscript(n, base, idx_node)? {
            return Ok(lv);
        }
        let base_start = self.cur.len();
        let b = self.rvalue(base)?;
        let base_end = self.cur.len();
        if let Val::Agg(Ty::Struct(k), _) = &b {
            return self.struct_subscript(n, base, *k, idx_node);
        }
        let i = self.rvalue(idx_node)?;
        let (b, i) = match (&b, &i) {
            (Val::Scalar(..), Val::Ptr { .. }) => (i, b), // `i[p]`
            _ => (b, i),
        };
        match b {
            Val::Ptr { .. } => {
                let Val::Ptr {
                    target,
                    offset,
                    pointee,
                } = self.ptr_add(b, i, false, n)?
                else {
                    return self.unsup(n, "internal: subscript");
                };
                Ok(self.deref(target, offset, pointee, n))
            }
            Val::Agg(ty, parts) => {
                // Vector indexing `v[i]` with a constant index.
                let (e, et) = self.scalar(i, idx_node)?;
                match e {
                    Expr::Int(k, _) if (k as usize) < parts.len() => {
                        // The vector's value was not needed: drop its reads.
                        self.cur.drain(base_start..base_end);
                        let lv = self.lvalue(base)?;
                        Ok(self.component(lv, k as usize, &ty, n))
                    }
                    e => {
                        let _ = parts;
                        let st = match ty {
                            Ty::Vector(st, _) => st,
                            _ => ScalarTy::INT,
                        };
                        // A computed component: in memory, an element
                        // at that offset; in a local, any component
                        // may change (havocked, reads any value).
                        self.cur.drain(base_start..base_end);
                        match self.lvalue(base)? {
                            LVal::Mem {
                                target,
                                offset,
                                site,
                                ..
                            } => {
                                let size = crate::frontend::types::scalar_size(st) as i128;
                                let scaled = bin(
                                    BinOp::Mul,
                                    conv(e, et, ScalarTy::LONG),
                                    int(size, ScalarTy::LONG),
                                    ScalarTy::LONG,
                                );
                                Ok(LVal::Mem {
                                    target,
                                    offset: bin(BinOp::Add, offset, scaled, ScalarTy::LONG),
                                    ty: Ty::Scalar(st),
                                    site,
                                })
                            }
                            LVal::Slot(slot) => {
                                self.havoc_slot(&slot, n);
                                Ok(LVal::Discard(Ty::Scalar(st)))
                            }
                            _ => Ok(LVal::Discard(Ty::Scalar(st))),
                        }
                    }
                }
            }
            _ => {
                let reason = match self.unmodelled_declared_type(base) {
                    Some((name, ty)) => format!(
                        "subscript of `{}`: `{name}` has type `{ty}`, which the front end \
                         does not model (no definition is visible, or a template form not \
                         followed: alias templates, partial specialisations)",
                        self.txt(base)
                    ),
                    None => format!("subscript of a non-pointer `{}`", self.txt(base)),
                };
                self.unsup(n, reason)
            }
        }
    }

    /// For an expression rooted in a name (`m`, `m.data()`, `m[i]`) declared
    /// in the kernel with a type the front end does not know (a class from
    /// a header it cannot read, say): the name and the type as written.
    fn unmodelled_declared_type(&self, base: Node<'t>) -> Option<(String, String)> {
        let mut root = strip_parens(base);
        for _ in 0..16 {
            root = match root.kind() {
                "call_expression" => root.child_by_field_name("function")?,
                "field_expression" | "subscript_expression" => root
                    .child_by_field_name("argument")
                    .or_else(|| root.named_child(0))?,
                "identifier" => break,
                _ => return None,
            };
        }
        if root.kind() != "identifier" {
            return None;
        }
        let name = self.txt(root);
        let (unit, kernel) = self.kernel_root?;
        // Names of the kernel's own body only (not of an inlined callee).
        if unit != self.unit || self.call_stack.len() > 1 {
            return None;
        }
        let src = self.src();
        let mut stack = vec![kernel];
        while let Some(x) = stack.pop() {
            if matches!(x.kind(), "parameter_declaration" | "declaration") {
                let mut d = x.child_by_field_name("declarator");
                while let Some(k) = d {
                    if k.kind() == "identifier" {
                        break;
                    }
                    d = k
                        .child_by_field_name("declarator")
                        .or_else(|| k.named_child(0));
                }
                let ty = x.child_by_field_name("type");
                if let (Some(d), Some(ty)) = (d, ty) {
                    if text(d, src) == name && !self.cx.types.knows_type(ty, src) {
                        let written: Vec<&str> = text(ty, src).split_whitespace().collect();
                        return Some((name.to_string(), written.join(" ")));
                    }
                }
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
        None
    }

    /// A call of a function returning a reference: the object it returns.
    fn ref_call_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let f = self.call_returns_ref(n).unwrap_or_default();
        let function = n.child_by_field_name("function");
        let object_call =
            function.is_some_and(|x| x.kind() == "identifier") && self.function_object(&f);
        if object_call
            && self
                .cx
                .functions
                .iter()
                .filter(|(k, _)| k.ends_with("::operator()"))
                .flat_map(|(_, d)| d.iter())
                .any(|d| !d.has_body && returns_ref(d.node))
        {
            // A declared-only `operator()` returning a reference may be the
            // one called: what it refers to is unknown.
            return self.unsup(
                n,
                format!("the reference `{f}(..)` returns is used as an object (not supported)"),
            );
        }
        let defined = object_call
            || function.is_some_and(|x| x.kind() == "field_expression")
            || self
                .cx
                .functions
                .get(&f)
                .is_some_and(|d| d.iter().any(|d| d.has_body));
        if !defined {
            // Only declared: what the reference refers to is unknown.
            return self.unsup(
                n,
                format!("the reference `{f}` returns is used as an object (not supported)"),
            );
        }
        self.ref_return = true;
        self.ref_returned = false;
        let v = self.call(n);
        self.ref_return = false;
        let v = v?;
        if !std::mem::take(&mut self.ref_returned) {
            // The callee chosen returns a value (another overload or
            // member of that name): a temporary, as for any call.
            return self.temp_lval(v, n);
        }
        match v {
            Val::Ptr {
                target,
                offset,
                pointee,
            } => Ok(self.deref(target, offset, pointee, n)),
            _ => self.unsup(
                n,
                format!("the reference `{f}` returns is used as an object (not supported)"),
            ),
        }
    }

    /// A name: a local, parameter, reference or module-scope array.
    fn name_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let name = if n.kind() == "qualified_identifier" {
            n.child_by_field_name("name")
                .map(|c| self.txt(c))
                .unwrap_or("")
        } else {
            self.txt(n)
        };
        match self.lookup(name).cloned() {
            Some(Binding::Slot(s)) => Ok(LVal::Slot(s)),
            Some(Binding::Array { id, ty }) => Ok(LVal::Mem {
                target: Target::Array(id),
                offset: int(0, ScalarTy::LONG),
                ty,
                site: self.span_of(n),
            }),
            Some(Binding::Ref(lv)) => Ok(lv),
            Some(Binding::Lambda(_)) => self.unsup(
                n,
                format!("lambda `{name}` used as a value (only calls of a lambda are modelled)"),
            ),
            Some(Binding::Value(v)) => {
                if let Some(k) = self.accessor_of_val(&v) {
                    return self.accessor_escape(k, n);
                }
                // A value (parameter) used as an lvalue: give it a local.
                let ty = self.type_of_val(&v);
                let slot = self.make_slot_within(&ty, name, n, MAX_PARAM_LEAVES);
                self.store(LVal::Slot(slot.clone()), v, n)?;
                self.bind(name, Binding::Slot(slot.clone()));
                Ok(LVal::Slot(slot))
            }
            None => self.global_lvalue(name, n),
        }
    }

    /// `*p`: what a pointer points to.
    fn pointer_lvalue(&mut self, n: Node<'t>) -> R<LVal> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("");
        let Some(arg) = n.child_by_field_name("argument") else {
            return self.unsup(n, "malformed pointer expression");
        };
        if op != "*" {
            return self.unsup(n, "address-of is not an lvalue");
        }
        match self.rvalue(arg)? {
            Val::Ptr {
                target,
                offset,
                pointee,
            } => Ok(self.deref(target, offset, pointee, n)),
            _ => self.unsup(
                n,
                format!("dereference of a non-pointer `{}`", self.txt(arg)),
            ),
        }
    }
}
