//! Atomic operations.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::builtins;
use crate::frontend::exprs::strip_parens;
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{AtomicOp, Expr, ScalarTy, StmtKind};

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

    /// A method `m` of the `cuda::atomic_ref` local `v` (see
    /// `Lowerer::atomic_refs`) bound to one element of an array: the atomic
    /// operation of the same effect on that element ([atomics.ref.ops]: each
    /// of these is one atomic read-modify-write, read or write of the
    /// referent, of the object's scope). `load` is taken as an atomic
    /// access too (an over-approximation: it conflicts with plain writes as
    /// a read does, and also with plain reads). None for any other method
    /// or referent: the caller keeps the opaque object then.
    pub(crate) fn atomic_ref_method(
        &mut self,
        n: Node<'t>,
        v: crate::ir::VarId,
        m: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        let Some(scope) = self.atomic_refs.get(&v).copied() else {
            return Ok(None);
        };
        let Some(
            [Val::Ptr {
                target: Target::Array(array),
                offset,
                pointee,
            }],
        ) = self.constructed_from.get(&v).map(|a| a.as_slice())
        else {
            return Ok(None);
        };
        let (array, offset) = (*array, offset.clone());
        let st = match pointee {
            Ty::Scalar(s) => *s,
            _ => return Ok(None),
        };
        // The builtin each method does, and where its value operand is.
        let (base, operand_at) = match m {
            "load" => ("atomic_ref_load", None),
            "store" | "exchange" => ("atomicExch", Some(0)),
            "fetch_add" => ("atomicAdd", Some(0)),
            "fetch_sub" => ("atomicSub", Some(0)),
            "fetch_and" => ("atomicAnd", Some(0)),
            "fetch_or" => ("atomicOr", Some(0)),
            "fetch_xor" => ("atomicXor", Some(0)),
            "fetch_min" => ("atomicMin", Some(0)),
            "fetch_max" => ("atomicMax", Some(0)),
            "compare_exchange_strong" | "compare_exchange_weak" => ("atomicCAS", Some(1)),
            _ => return Ok(None),
        };
        let vals = self.eval_args(args)?;
        let operand = match operand_at.and_then(|i| vals.get(i)) {
            Some(Val::Scalar(e, t)) => Some(conv(e.clone(), *t, st)),
            _ => None,
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
        if base == "atomicCAS" {
            // `compare_exchange_*(expected, desired)` writes the value it
            // found into `expected` when it fails, and returns a bool.
            self.havoc_ref_args(&args[..1.min(args.len())], None)?;
            return Ok(Some(Val::Scalar(
                self.havoc(ScalarTy::Bool, n),
                ScalarTy::Bool,
            )));
        }
        if m == "store" {
            return Ok(Some(Val::Void));
        }
        Ok(Some(Val::Scalar(Expr::Var(dest), st)))
    }
}
