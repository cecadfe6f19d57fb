//! Range-based `for` over a C array: `for (int v : arr)`, `for (auto &x : s)`.
//!
//! For an array `a` of `N` elements, [stmt.ranged] defines the loop as
//!
//! ```text
//! { auto &&__range = a; auto __begin = __range; auto __end = __range + N;
//!   for (; __begin != __end; ++__begin) { decl = *__begin; body } }
//! ```
//!
//! which, since `__begin` only ever steps by one element from the array's
//! start and nothing else can name it, is exactly the index loop
//! `for (__i = 0; __i < N; ++__i) { decl = a[__i]; body }` with `a`
//! evaluated once before the loop. That loop is what is lowered: the loop
//! variable is declared afresh at the top of each iteration (a copy of the
//! element for `T v`, the element itself for `T &v` / `auto &&v`), the body
//! sees it in its own scope, and the hidden index is written by nothing but
//! the step. A range whose `begin()`/`end()` are members or functions of a
//! class (containers, spans, `cooperative_groups` ranges), an array of unknown
//! size, a braced list and an init-statement are refused with the reason:
//! their iteration is not visible.

use crate::frontend::arith::{bin, int};
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{BinOp, Block, Expr, LoopForm, ScalarTy, StmtKind};
use tree_sitter::Node;

impl<'c, 't> Lowerer<'c, 't> {
    /// Lowers a `for_range_loop` over a C array of constant size as its
    /// index loop (see the module comment).
    pub(crate) fn range_for(&mut self, n: Node<'t>) -> R<()> {
        if n.child_by_field_name("initializer").is_some() {
            return self.unsup(
                n,
                "range-based `for` with an init-statement is not supported",
            );
        }
        let (Some(tnode), Some(decl), Some(range)) = (
            n.child_by_field_name("type"),
            n.child_by_field_name("declarator"),
            n.child_by_field_name("right"),
        ) else {
            return self.unsup(n, "malformed range-based `for`");
        };
        let (elem, len) = match self.declared_array_type(range) {
            Some(Ty::Array(elem, Some(len))) if !matches!(*elem, Ty::Array(..)) => (*elem, len),
            Some(Ty::Array(_, Some(_))) => {
                return self.unsup(
                    range,
                    "range-based `for` over a multi-dimensional array is not supported",
                )
            }
            _ => {
                return self.unsup(
                    range,
                    format!(
                        "range-based `for` over `{}`: only a C array of constant size named \
                         directly is modelled (a class's begin()/end() are not followed)",
                        self.txt(range)
                    ),
                )
            }
        };
        let len = i128::from(len);
        let src = self.src();
        let is_auto = self.txt(tnode).trim() == "auto";
        if tnode.kind() == "placeholder_type_specifier" && !is_auto {
            return self.unsup(
                tnode,
                "range-based `for` with a `decltype(auto)` variable (a reference or a copy)",
            );
        }
        // A type name may stand for a reference (`typedef int &IR;`,
        // `using R = T &;`, `decltype(a[0])`, a template argument `int &`),
        // which binds the element itself: only a builtin type written as
        // such, or `auto`, is surely a copy when no `&` is written.
        let names_reference = if is_auto {
            Ok(false)
        } else {
            self.names_reference(tnode)
        };
        let base = if is_auto {
            elem.clone()
        } else {
            self.resolve_type(tnode)
        };
        let mut info = self.cx.types.apply_declarator(base, Some(decl), src);
        let Some(name_node) = info.name else {
            return self.unsup(decl, "range-based `for` without a variable name");
        };
        let name = self.txt(name_node).to_string();
        match names_reference {
            Ok(r) => info.is_ref |= r,
            Err(_) if info.is_ref => {}
            Err(why) => {
                return self.unsup(tnode, format!("range-based `for` variable: {why}"));
            }
        }
        let var_ty = if is_auto {
            elem.clone()
        } else {
            info.ty.clone()
        };
        // A reference binds the element itself only when its type is the
        // element's; a `const T &` of another type binds a temporary
        // initialised from the element ([dcl.init.ref]): a copy.
        let by_ref = info.is_ref && var_ty == elem;
        // `auto &&__range = a;`: the array decays to a pointer to its
        // first element once, before the loop.
        let first = self.rvalue(range)?;
        if !matches!(first, Val::Ptr { .. }) {
            return self.unsup(range, "range-based `for` over a value that is not an array");
        }
        // A `long` index: no array's element count wraps it.
        let idx = self.new_var("__range_index", ScalarTy::LONG, n);
        self.push(
            StmtKind::Assign {
                var: idx,
                value: int(0, ScalarTy::LONG),
            },
            n,
        );
        let cond = bin(
            BinOp::Lt,
            Expr::Var(idx),
            int(len, ScalarTy::LONG),
            ScalarTy::Bool,
        );
        let body_node = n.child_by_field_name("body");
        let mut declare = |s: &mut Self| -> R<()> {
            let Val::Ptr {
                target,
                offset,
                pointee,
            } = s.ptr_add(
                first.clone(),
                Val::Scalar(Expr::Var(idx), ScalarTy::LONG),
                false,
                range,
            )?
            else {
                return s.unsup(range, "internal: range-based `for` element");
            };
            let element = s.deref(target, offset, pointee, range);
            if by_ref {
                let element = s.pin_lvalue(element, range);
                s.bind(&name, Binding::Ref(element));
            } else {
                let v = s.load(element, range)?;
                let v = if matches!(var_ty, Ty::Struct(_)) {
                    s.convert_implicitly(range, v, &var_ty)?
                } else {
                    s.convert_val(var_ty.clone(), v, range)?
                };
                let slot = s.make_slot(&var_ty, &name, name_node);
                s.store(LVal::Slot(slot.clone()), v, decl)?;
                s.bind(&name, Binding::Slot(slot));
            }
            Ok(())
        };
        let body = self.loop_body_with(body_node, Some(&mut declare))?;
        let step = self.with_block(|s| {
            s.push(
                StmtKind::Assign {
                    var: idx,
                    value: bin(
                        BinOp::Add,
                        Expr::Var(idx),
                        int(1, ScalarTy::LONG),
                        ScalarTy::LONG,
                    ),
                },
                n,
            );
            Ok(())
        })?;
        self.push(
            StmtKind::Loop {
                cond,
                cond_prelude: Block::default(),
                body,
                step: Block {
                    stmts: step,
                    braces: None,
                },
                form: LoopForm::For,
            },
            n,
        );
        Ok(())
    }
}
