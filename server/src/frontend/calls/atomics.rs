//! Atomic operations.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::builtins;
use crate::frontend::exprs::strip_parens;
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{AtomicOp, BinOp, Expr, ScalarTy, StmtKind};

impl<'c, 't> Lowerer<'c, 't> {
    pub(crate) fn atomic(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let mut op_name = name.to_string();
        let mut args = args;
        if let Some(values) = builtins::memory_order_atomic(name) {
            // `__nv_atomic_fetch_add(p, v, order, scope)`: the order does not
            // matter to races (every atomic is one indivisible access); the
            // scope does. Block scope is atomic only among the threads of one
            // block (like `atomicAdd_block`); thread scope is atomic for no
            // other thread, so the call is taken as unknown code touching `p`
            // (plain accesses). Cluster, device and system scopes, and the
            // GCC builtins (no scope argument), are atomic device-wide.
            let scope = args.get(values + 1).map(|a| self.txt(strip_parens(*a)));
            match scope {
                Some(s) if s.contains("SCOPE_THREAD") => return self.unknown_call(n, name, args),
                Some(s) if s.contains("SCOPE_BLOCK") => op_name.push_str("_block"),
                _ => {}
            }
            args = &args[..values.min(args.len())];
        }
        let name = op_name.as_str();
        let vals = self.eval_args(args)?;
        // The value operand: the last argument of compare-and-swap, else the second
        // (OpenCL 2.0 `_explicit` forms add memory-order arguments after it).
        let operand_at = if name.contains("CAS")
            || name.contains("cmpxchg")
            || name.contains("compare_exchange")
        {
            2
        } else {
            1
        };
        let operand = vals.get(operand_at).cloned();
        let Some(Val::Ptr {
            target,
            offset,
            pointee,
        }) = vals.into_iter().next()
        else {
            return self.unsup(n, format!("`{name}` on something that is not a pointer"));
        };
        let st = match pointee {
            Ty::Scalar(s) => s,
            _ => ScalarTy::INT,
        };
        let operand = match operand {
            Some(Val::Scalar(e, t)) => Some(conv(e, t, st)),
            _ => None,
        };
        let target = self.materialise_unset(target, n);
        match target {
            Target::Array(array) => {
                let dest = self.tmp(st, n);
                let access = self.access(array, offset, st);
                self.push(
                    StmtKind::Atomic {
                        dest: Some(dest),
                        access,
                        op: AtomicOp {
                            name: name.to_string(),
                            operand,
                        },
                    },
                    n,
                );
                Ok(Val::Scalar(Expr::Var(dest), st))
            }
            Target::Local(slot) => {
                // Atomics on a local: a read-modify-write nobody else can see.
                let old = match self.local_part(&slot, &offset, &Ty::Scalar(st)) {
                    Some(part @ Slot::Var(..)) => self.load_slot(&part),
                    _ => Val::Scalar(self.havoc(st, n), st),
                };
                self.havoc_slot(&slot, n);
                Ok(old)
            }
            Target::Private => Ok(Val::Scalar(self.havoc(st, n), st)),
            Target::Locals => {
                self.havoc_addressed_locals(n);
                Ok(Val::Scalar(self.havoc(st, n), st))
            }
            Target::Null | Target::Unset => {
                self.note(n, "access through a null or unassigned pointer dropped (the kernel would fault there)".into());
                Ok(Val::Scalar(self.havoc(st, n), st))
            }
            Target::Choice(list, sel) => {
                let dest = self.tmp(st, n);
                self.split_by_choice(&list, sel, n, &mut |s, a| {
                    let access = s.access(a, offset.clone(), st);
                    let op = AtomicOp {
                        name: name.to_string(),
                        operand: operand.clone(),
                    };
                    s.push(
                        StmtKind::Atomic {
                            dest: Some(dest),
                            access,
                            op,
                        },
                        n,
                    );
                    Ok(())
                })?;
                Ok(Val::Scalar(Expr::Var(dest), st))
            }
        }
    }

    /// The `cuda::atomic_ref` local (see `Lowerer::atomic_refs`) the
    /// expression `n` names, if it is one.
    pub(crate) fn atomic_ref_var(&self, n: Node<'t>) -> Option<crate::ir::VarId> {
        let n = strip_parens(n);
        if n.kind() != "identifier" {
            return None;
        }
        match self.lookup(self.txt(n)) {
            Some(Binding::Slot(Slot::Var(v, _))) if self.atomic_refs.contains_key(v) => Some(*v),
            _ => None,
        }
    }

    /// Whether the `cuda::atomic_ref` named by `n` is used for its value
    /// there (its conversion to `T`, a load) rather than as an object that
    /// could be copied: an operand of an arithmetic, logical or comparison
    /// operator, a condition, a cast, the right side of an assignment, or
    /// the initializer of a variable of a builtin arithmetic type.
    pub(crate) fn atomic_ref_value_use(&self, n: Node<'t>) -> bool {
        let mut at = n;
        let mut parent = n.parent();
        while let Some(p) = parent.filter(|p| p.kind() == "parenthesized_expression") {
            at = p;
            parent = p.parent();
        }
        let Some(p) = parent else { return false };
        match p.kind() {
            "binary_expression"
            | "unary_expression"
            | "cast_expression"
            | "condition_clause"
            | "expression_statement"
            | "subscript_argument_list" => true,
            "subscript_expression" => p.child_by_field_name("index") == Some(at),
            "assignment_expression" => p.child_by_field_name("right") == Some(at),
            "conditional_expression" => p.child_by_field_name("condition") == Some(at),
            "init_declarator" => {
                p.child_by_field_name("value") == Some(at)
                    && p.parent()
                        .and_then(|d| d.child_by_field_name("type"))
                        .is_some_and(|t| {
                            matches!(t.kind(), "primitive_type" | "sized_type_specifier")
                        })
            }
            _ => false,
        }
    }

    /// The atomic `base` (a builtin's name: `atomicAdd`, ...) of the
    /// `cuda::atomic_ref` local `v` on its referent, with the value
    /// `operand`: its result (the old value) and type. Unsupported for an
    /// `atomic_ref` whose referent or scope the front end does not model.
    pub(crate) fn atomic_ref_op(
        &mut self,
        n: Node<'t>,
        v: crate::ir::VarId,
        base: &str,
        operand: Option<Val>,
    ) -> R<(Expr, ScalarTy)> {
        let modelled = self.atomic_refs.get(&v).copied().flatten();
        let referent = self.constructed_from.get(&v).map(|a| a.as_slice());
        let (
            Some(scope),
            Some(
                [Val::Ptr {
                    target: Target::Array(array),
                    offset,
                    pointee: Ty::Scalar(st),
                }],
            ),
        ) = (modelled, referent)
        else {
            return self.unsup(
                n,
                "a `cuda::atomic_ref` not bound to one array element at device, system or block scope",
            );
        };
        let (array, offset, st) = (*array, offset.clone(), *st);
        let operand = match operand {
            Some(Val::Scalar(e, t)) => Some(conv(e, t, st)),
            Some(_) => {
                return self.unsup(n, "a `cuda::atomic_ref` operation on a non-scalar value")
            }
            None => None,
        };
        // An 8- or 16-bit counter wraps after 256 or 65536 increments, which
        // real launches reach: its old values are not distinct tickets
        // (`AtomicOp::direction` ignores wrap-around, which only 32-bit and
        // wider counters may), so the increment keeps no direction.
        let base = match base {
            "atomicAdd" | "atomicSub" if st.bits() < 32 => "atomic_ref_narrow_update",
            _ => base,
        };
        let dest = self.tmp(st, n);
        let access = self.access(array, offset, st);
        self.push(
            StmtKind::Atomic {
                dest: Some(dest),
                access,
                op: AtomicOp {
                    name: format!("{base}{scope}"),
                    operand,
                },
            },
            n,
        );
        Ok((Expr::Var(dest), st))
    }

    /// A method `m` of the `cuda::atomic_ref` local `v`: the atomic
    /// operation of the same effect on its referent ([atomics.ref.ops]: each
    /// of these is one atomic read-modify-write, read or write of the
    /// referent, of the object's scope). `load` (and `wait`, which loads
    /// until the value changes) is taken as an atomic access too (an
    /// over-approximation: it conflicts with plain writes as a read does,
    /// and also with plain reads). Any other method is unsupported.
    pub(crate) fn atomic_ref_method(
        &mut self,
        n: Node<'t>,
        v: crate::ir::VarId,
        m: &str,
        args: &[Node<'t>],
    ) -> R<Val> {
        // The builtin each method does, and where its value operand is.
        let (base, operand_at) = match m {
            "load" | "wait" => ("atomic_ref_load", None),
            "store" | "exchange" => ("atomicExch", Some(0)),
            "fetch_add" => ("atomicAdd", Some(0)),
            "fetch_sub" => ("atomicSub", Some(0)),
            "fetch_and" => ("atomicAnd", Some(0)),
            "fetch_or" => ("atomicOr", Some(0)),
            "fetch_xor" => ("atomicXor", Some(0)),
            "fetch_min" => ("atomicMin", Some(0)),
            "fetch_max" => ("atomicMax", Some(0)),
            "compare_exchange_strong" | "compare_exchange_weak" => ("atomicCAS", Some(1)),
            // No access of the referent: a wake-up, or a property of the type.
            "notify_one" | "notify_all" => return Ok(Val::Void),
            "is_lock_free" => {
                return Ok(Val::Scalar(self.havoc(ScalarTy::Bool, n), ScalarTy::Bool));
            }
            _ => {
                return self.unsup(n, format!("method `{m}` of a `cuda::atomic_ref`"));
            }
        };
        let vals = self.eval_args(args)?;
        let operand = operand_at.and_then(|i| vals.get(i)).cloned();
        let (old, st) = self.atomic_ref_op(n, v, base, operand)?;
        if base == "atomicCAS" {
            // `compare_exchange_*(expected, desired)` writes the value it
            // found into `expected` when it fails, and returns a bool.
            self.havoc_ref_args(&args[..1.min(args.len())], None)?;
            return Ok(Val::Scalar(self.havoc(ScalarTy::Bool, n), ScalarTy::Bool));
        }
        if matches!(m, "store" | "wait") {
            return Ok(Val::Void);
        }
        Ok(Val::Scalar(old, st))
    }

    /// `r = x`, `r += x`, ... on the `cuda::atomic_ref` local `v`
    /// ([atomics.ref.int]: `operator=` is `store`, `operator op=` is
    /// `fetch_op` and yields the new value): the value of the expression.
    pub(crate) fn atomic_ref_assign(
        &mut self,
        n: Node<'t>,
        v: crate::ir::VarId,
        op: &str,
        rhs: Node<'t>,
    ) -> R<Val> {
        let (base, bop) = match op {
            "=" => ("atomicExch", None),
            "+=" => ("atomicAdd", Some(BinOp::Add)),
            "-=" => ("atomicSub", Some(BinOp::Sub)),
            "&=" => ("atomicAnd", Some(BinOp::BitAnd)),
            "|=" => ("atomicOr", Some(BinOp::BitOr)),
            "^=" => ("atomicXor", Some(BinOp::BitXor)),
            _ => return self.unsup(n, format!("`{op}` on a `cuda::atomic_ref`")),
        };
        let value = self.rvalue(rhs)?;
        let (old, st) = self.atomic_ref_op(n, v, base, Some(value.clone()))?;
        match bop {
            None => {
                let Val::Scalar(e, t) = value else {
                    return self.unsup(n, "a `cuda::atomic_ref` store of a non-scalar value");
                };
                Ok(Val::Scalar(conv(e, t, st), st))
            }
            // `fetch_op(x) op x` converted back to `T` ([atomics.ref.int]).
            Some(bop) => self.atomic_ref_result(bop, old, st, value, n),
        }
    }

    /// `++r`, `r--`, ... on the `cuda::atomic_ref` local `v`: `fetch_add(1)`
    /// or `fetch_sub(1)`; the prefix forms yield the new value.
    pub(crate) fn atomic_ref_update(
        &mut self,
        n: Node<'t>,
        v: crate::ir::VarId,
        op: &str,
        prefix: bool,
    ) -> R<Val> {
        let (base, bop) = if op == "--" {
            ("atomicSub", BinOp::Sub)
        } else {
            ("atomicAdd", BinOp::Add)
        };
        let one = Val::Scalar(int(1, ScalarTy::INT), ScalarTy::INT);
        let (old, st) = self.atomic_ref_op(n, v, base, Some(one.clone()))?;
        if prefix {
            self.atomic_ref_result(bop, old, st, one, n)
        } else {
            Ok(Val::Scalar(old, st))
        }
    }

    /// `old op value` in the referent's type `st`: the value of `r op= x`
    /// and `++r` is `T` ([atomics.ref.int]: `fetch_op(x) op x`, computed in
    /// `T`), which wraps where the promoted arithmetic would not.
    fn atomic_ref_result(
        &mut self,
        bop: BinOp,
        old: Expr,
        st: ScalarTy,
        value: Val,
        n: Node<'t>,
    ) -> R<Val> {
        match self.apply_binop(bop, Val::Scalar(old, st), value, n)? {
            Val::Scalar(e, t) => Ok(Val::Scalar(conv(e, t, st), st)),
            other => Ok(other),
        }
    }
}
