//! Bulk and asynchronous copies and waiting for them.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::builtins;
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{Access, ArrayId, BinOp, Builtin, Expr, MemSpace, ScalarTy, Stmt, StmtKind};

impl<'c, 't> Lowerer<'c, 't> {
    /// The values `wait_group_events(num, list)` must get equal in every
    /// thread: the count and each event of the list.
    pub(crate) fn wait_events_args(&mut self, vals: &[Val], at: Node<'t>) -> R<Vec<Expr>> {
        /// Longest event list compared element by element.
        const MAX_EVENTS: i128 = 16;
        let mut out = Vec::new();
        let count = match vals.first() {
            Some(Val::Scalar(e, _)) => {
                out.push(e.clone());
                match e {
                    Expr::Int(k, _) => Some(*k),
                    _ => None,
                }
            }
            _ => None,
        };
        match (count, vals.get(1)) {
            (
                Some(k @ 0..=MAX_EVENTS),
                Some(Val::Ptr {
                    target,
                    offset,
                    pointee,
                }),
            ) => {
                let size = self.size_of(pointee).max(1) as i128;
                for i in 0..k {
                    let off = bin(
                        BinOp::Add,
                        offset.clone(),
                        int(i * size, ScalarTy::LONG),
                        ScalarTy::LONG,
                    );
                    let lv = self.deref(target.clone(), off, pointee.clone(), at);
                    let event = self.load(lv, at)?;
                    self.uniform_parts(&event, at, &mut out);
                }
            }
            _ => {
                // An unknown number of events: they cannot be shown equal.
                let h = self.havoc(ScalarTy::INT, at);
                out.push(h);
            }
        }
        Ok(out)
    }

    /// Block copies (`memcpy`, `memset`, `async_work_group_copy`): one element at an
    /// unknown position `k` of the range: `dst[k] = src[k]` (an over-approximation
    /// of every element of the copy).
    pub(crate) fn copy_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        self.copy_vals(n, name, vals)
    }

    /// [`Self::copy_call`] on evaluated arguments.
    pub(crate) fn copy_vals(&mut self, n: Node<'t>, name: &str, vals: Vec<Val>) -> R<Val> {
        let is_set = name.contains("memset");
        let bytewise = name.contains("mem");
        let elem_of = |s: &Self, v: Option<&Val>| -> (u32, ScalarTy) {
            match v {
                Some(Val::Ptr {
                    pointee: Ty::Scalar(st),
                    ..
                }) if !bytewise => (crate::frontend::types::scalar_size(*st) as u32, *st),
                Some(Val::Ptr { pointee, .. }) if !bytewise => {
                    (s.size_of(pointee).max(1) as u32, ScalarTy::INT)
                }
                _ => (
                    1,
                    ScalarTy::Int {
                        bits: 8,
                        signed: false,
                    },
                ),
            }
        };
        let (mut esz, mut ety) = elem_of(self, vals.first());
        // The element is within the copied range: k mod count (count = elements of
        // `async_work_group_copy`, bytes of `memcpy`/`memset`).
        let count_at = (name.starts_with("async_work_group_copy") || bytewise).then_some(2);
        let count = count_at.and_then(|i| match vals.get(i) {
            Some(Val::Scalar(e, t)) => Some(conv(e.clone(), *t, ScalarTy::ULONG)),
            _ => None,
        });
        // A copy of 1, 2, 4 or 8 bytes (`cp.async` of a word, `memcpy` of a
        // scalar) is one access of that many bytes: exactly the bytes it
        // touches, with no unknown position (the race check compares byte
        // ranges of any size).
        let whole = count
            .as_ref()
            .filter(|_| bytewise && !is_set)
            .and_then(|c| crate::ir::eval::eval_expr(c, &|_| None))
            .map(|v| v.bits)
            .filter(|c| matches!(c, 1 | 2 | 4 | 8));
        if let Some(c) = whole {
            esz = c as u32;
            ety = ScalarTy::Int {
                bits: (8 * c) as u8,
                signed: false,
            };
        }
        // 32-bit arithmetic: copies are far below 4 GiB and the solver is faster.
        let k = match count {
            _ if whole.is_some() => int(0, ScalarTy::LONG),
            Some(c) => {
                let k32 = self.havoc(ScalarTy::UINT, n);
                conv(
                    bin(
                        BinOp::Rem,
                        k32,
                        conv(c, ScalarTy::ULONG, ScalarTy::UINT),
                        ScalarTy::UINT,
                    ),
                    ScalarTy::UINT,
                    ScalarTy::LONG,
                )
            }
            None => self.havoc(ScalarTy::LONG, n),
        };
        let first_access = self.cur.len();
        let at_k = |off: Expr| element_offset(off, &k, esz);
        let value = if is_set {
            match vals.get(1) {
                Some(Val::Scalar(e, t)) => conv(e.clone(), *t, ety),
                _ => self.havoc(ety, n),
            }
        } else {
            match vals.get(1) {
                Some(Val::Ptr {
                    target: src @ (Target::Array(_) | Target::Choice(..)),
                    offset,
                    ..
                }) => self.copy_source_value(n, name, src, at_k(offset.clone()), esz, ety)?,
                _ => self.havoc(ety, n),
            }
        };
        match vals.first() {
            Some(Val::Ptr {
                target: Target::Array(dst),
                offset,
                ..
            }) => {
                let access = Access {
                    array: *dst,
                    offset: at_k(offset.clone()),
                    size: esz,
                    ty: ety,
                    volatile: false,
                };
                self.push(StmtKind::Write { access, value }, n);
            }
            Some(Val::Ptr {
                target: Target::Choice(list, sel),
                offset,
                ..
            }) => {
                let (list, sel, dst_offset) = (list.clone(), *sel, at_k(offset.clone()));
                self.split_by_choice(&list, sel, n, &mut |s, a| {
                    let access = Access {
                        array: a,
                        offset: dst_offset.clone(),
                        size: esz,
                        ty: ety,
                        volatile: false,
                    };
                    s.push(
                        StmtKind::Write {
                            access,
                            value: value.clone(),
                        },
                        n,
                    );
                    Ok(())
                })?;
            }
            Some(Val::Ptr {
                target: Target::Local(slot),
                ..
            }) => {
                let slot = (**slot).clone();
                self.havoc_slot(&slot, n);
            }
            _ => {}
        }
        if is_async_copy(name) {
            if let Some(event) = self.defer_async_copy(n, name, &vals, first_access) {
                return Ok(event);
            }
        }
        if whole.is_none() {
            self.note(
                n,
                format!(
                    "`{name}` modelled as one element at an unknown position of the copied range"
                ),
            );
        }
        Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT))
    }

    /// The value an element copy stores: read from the source arrays (`src`
    /// at `src_offset`); for a work-group copy, a function of the source
    /// element that all threads agree on.
    fn copy_source_value(
        &mut self,
        n: Node<'t>,
        name: &str,
        src: &Target,
        src_offset: Expr,
        esz: u32,
        ety: ScalarTy,
    ) -> R<Expr> {
        let dest = self.tmp(ety, n);
        let (list, which) = match src {
            Target::Array(a) => (vec![*a], int(a.0 as i128, ScalarTy::UINT)),
            Target::Choice(list, sel) => (list.clone(), Expr::Var(*sel)),
            _ => (Vec::new(), int(0, ScalarTy::UINT)),
        };
        let sel = match src {
            Target::Choice(_, sel) => Some(*sel),
            _ => None,
        };
        let read = |s: &mut Self, a: ArrayId| {
            let access = Access {
                array: a,
                offset: src_offset.clone(),
                size: esz,
                ty: ety,
                volatile: false,
            };
            s.push(StmtKind::Read { dest, access }, n);
            Ok(())
        };
        match sel {
            Some(sel) => self.split_by_choice(&list, sel, n, &mut { read })?,
            None => {
                for a in &list {
                    read(self, *a)?;
                }
            }
        }
        let value = if is_async_copy(name) || name == "cg::memcpy_async" {
            // The work-group copies collectively: threads that copy the
            // same element store the same value, a function of its source.
            let mut key = vec![which, src_offset];
            if list
                .iter()
                .any(|a| self.space_of(&Target::Array(*a)) == Some(MemSpace::Shared))
            {
                // Each block has its own copy of a shared array.
                key.extend((0..3).map(|d| Expr::Builtin(Builtin::BlockIdx(d))));
            }
            Expr::Apply(name.to_string(), key, ety)
        } else {
            Expr::Var(dest)
        };
        Ok(value)
    }

    /// A work-group copy: its accesses since `first_access` are repeated at
    /// the wait; returns the event of the collective, if it has one.
    fn defer_async_copy(
        &mut self,
        n: Node<'t>,
        name: &str,
        vals: &[Val],
        first_access: usize,
    ) -> Option<Val> {
        // The copy may happen at any time until `wait_group_events`: its
        // accesses are repeated there.
        let stmts: Vec<Stmt> = self.cur[first_access..]
            .iter()
            .filter(|s| {
                matches!(
                    s.kind,
                    StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::If { .. }
                )
            })
            .cloned()
            .collect();
        self.pending_copies
            .extend(stmts.into_iter().map(|k| (k, false)));
        let mut uniform_args = Vec::new();
        for v in vals {
            self.uniform_parts(v, n, &mut uniform_args);
        }
        let event_ty = ScalarTy::Int {
            bits: 32,
            signed: false,
        };
        self.note(
            n,
            format!("`{name}` modelled as one element at an unknown position of the copied range"),
        );
        self.collective(name, uniform_args, Some(event_ty), n)
            .map(|event| Val::Scalar(Expr::Var(event), event_ty))
    }
}

/// Byte offset of the `k`-th element of size `esz` from `off`.
/// Whether `name` is an asynchronous work-group copy (the table's `AsyncCopy`).
fn is_async_copy(name: &str) -> bool {
    builtins::classify(name) == Some(builtins::BuiltinKind::AsyncCopy)
}

fn element_offset(off: Expr, k: &Expr, esz: u32) -> Expr {
    bin(
        BinOp::Add,
        off,
        bin(
            BinOp::Mul,
            k.clone(),
            int(esz as i128, ScalarTy::LONG),
            ScalarTy::LONG,
        ),
        ScalarTy::LONG,
    )
}
