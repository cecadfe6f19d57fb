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
}
