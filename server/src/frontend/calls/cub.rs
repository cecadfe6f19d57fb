//! Calls of cub's block and warp collectives (`BlockReduce(temp).Sum(x)`),
//! modelled from their documented contract, without cub's header.
//!
//! A method call `C(temp_storage).m(args)` of a collective class `C` (see
//! `frontend/cub.rs`) whose calls exchange values between threads is:
//!
//! 1. every thread writes its own slot of `temp_storage` (slot `tid + j *
//!    threads` for an unknown j >= 0 of a block collective, whose storage
//!    size is unknown; its lane of a warp's storage for a warp collective),
//! 2. a barrier of the block (of the warp for a warp collective), which
//!    every thread of the block (warp) must reach: a call under a
//!    thread-dependent condition is barrier divergence,
//! 3. every thread reads any slot of `temp_storage` (of its warp's part for
//!    a warp collective),
//!
//! and its result is an unknown value, per thread (a reduction's result is
//! valid only in thread 0). A second use of the same storage without a
//! barrier in between thus races with the first (cub: "a subsequent
//! `__syncthreads()` ... should be invoked after calling this method if the
//! collective's temporary storage is to be reused or repurposed"); distinct
//! storages, and storages reused after a barrier, do not. Memory the
//! arguments point to is read (`BlockLoad`, `WarpLoad`: before the
//! exchange) or read and written (the others: after it) at unknown offsets,
//! and objects passed by reference get unknown values. `WarpReduce` and
//! `WarpScan` of a whole warp exchange through shuffles only: a warp barrier
//! without fences (every lane must reach it; it orders no memory) and no
//! access to the storage.

use tree_sitter::Node;

use crate::base::HashSet;
use crate::frontend::arith::*;
use crate::frontend::cub::{CubClass, CubSync};
use crate::frontend::exprs::strip_parens;
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{ArrayId, BarrierScope, BinOp, Expr, ScalarTy};

/// Bytes of one slot of a collective's temporary storage.
const SLOT_BYTES: i128 = 4;

impl<'c, 't> Lowerer<'c, 't> {
    /// The method call `n` (`obj.method(args)`) when `obj` constructs a cub
    /// collective (`C(temp_storage)`), lowered as the module comment says;
    /// None when `obj` is not a cub collective.
    pub(crate) fn cub_collective(
        &mut self,
        n: Node<'t>,
        obj: Node<'t>,
        method: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        if !self.cx.types.has_cub() {
            return Ok(None);
        }
        let obj = strip_parens(obj);
        let (class, ctor_args) = match obj.kind() {
            "call_expression" => {
                let Some(class) = obj
                    .child_by_field_name("function")
                    .and_then(|f| self.cub_class_of(f))
                else {
                    return Ok(None);
                };
                (class, super::call_arguments(obj))
            }
            "identifier" => {
                let lv = match self.lookup(self.txt(obj)).cloned() {
                    Some(Binding::Slot(s)) => LVal::Slot(s),
                    Some(Binding::Ref(lv)) => lv,
                    _ => return Ok(None),
                };
                if let Ty::Struct(k) = self.lval_type(&lv) {
                    if let Some(class) = self.cx.types.cub_class(k) {
                        return self.unsup(
                            n,
                            format!(
                                "cub `{}` object held in a variable (supported: `{}(temp_storage).{method}(..)`)",
                                class.name, class.name
                            ),
                        );
                    }
                }
                return Ok(None);
            }
            _ => return Ok(None),
        };
        if class.sync == CubSync::SubWarp {
            return self.unsup(
                n,
                format!(
                    "cub `{}` of a logical warp other than 32 threads (its partial-warp synchronisation is not modelled)",
                    class.name
                ),
            );
        }
        if class.sync == CubSync::Unmodelled {
            return self.unsup(
                n,
                format!(
                    "cub `{}` with an algorithm not written as a direct, striped, vectorised or block-transposing one of cub's names (whether it synchronises the block is not known; warp-transposing exchanges are not modelled)",
                    class.name
                ),
            );
        }
        let Some(storage_arg) = ctor_args.first() else {
            return self.unsup(
                n,
                format!(
                    "cub `{}` with its private temporary storage (constructed without `temp_storage`)",
                    class.name
                ),
            );
        };
        let storage = self.lvalue(*storage_arg)?;
        let _ = self.eval_args(&ctor_args[1..])?;
        let vals = self.eval_args(args)?;
        let result_ty = match vals.first() {
            Some(Val::Scalar(_, t)) => *t,
            _ => ScalarTy::INT,
        };
        let loads = matches!(class.name.as_str(), "BlockLoad" | "WarpLoad");
        if loads {
            // Loads read their input before the exchange.
            let read_only = pointed_arrays(&vals);
            self.touch_reachable_except(n, vals.clone(), &read_only);
        }
        // `InitHistogram` only zeroes each thread's bins: no exchange.
        let exchanges = !(class.name == "BlockHistogram" && method == "InitHistogram");
        match class.sync {
            // The atomic histogram's `Histogram()` is `InitHistogram()`,
            // `__syncthreads()`, `Composite()`: a barrier, no exchange.
            CubSync::None if class.name == "BlockHistogram" && method == "Histogram" => {
                self.barrier(n, BarrierScope::Block, true, true)
            }
            CubSync::None | CubSync::SubWarp => {}
            _ if !exchanges => {}
            // Every lane must reach the shuffles; they order no memory.
            CubSync::Shuffle => self.barrier(n, BarrierScope::Warp, false, false),
            _ => self.cub_exchange(n, &class, storage)?,
        }
        if !loads {
            // Outputs (a store's items, a histogram's bins) are written
            // after the exchange.
            self.touch_reachable(n, vals);
        }
        // Reductions take their input by value; the other methods write
        // their outputs through references (`ExclusiveSum(in, out)`).
        if !matches!(method, "Sum" | "Reduce") {
            self.havoc_ref_args(args, None)?;
        }
        Ok(Some(Val::Scalar(self.havoc(result_ty, n), result_ty)))
    }

    /// The cub collective class the callee `f` of `C(temp_storage)` names.
    fn cub_class_of(&self, f: Node<'t>) -> Option<CubClass> {
        let alias = |name: &str, at: Node| {
            if self.lookup(name).is_some() {
                return None;
            }
            self.type_overrides
                .get(name)
                .cloned()
                .or_else(|| self.cx.types.typedef_at(name, None, at, self.src()))
        };
        match self.cx.types.cub_type(f, self.src(), &alias)? {
            Ty::Struct(k) => self.cx.types.cub_class(k),
            _ => None,
        }
    }

    /// Steps 1-3 of the module comment on the temporary storage `storage`.
    fn cub_exchange(&mut self, n: Node<'t>, class: &CubClass, storage: LVal) -> R<()> {
        let LVal::Mem {
            target,
            offset: base,
            ..
        } = storage
        else {
            return self.unsup(
                n,
                format!("cub `{}` with temporary storage not in memory", class.name),
            );
        };
        let u = ScalarTy::UINT;
        let l = ScalarTy::LONG;
        let tid = self.linear_tid();
        let lane = bin(BinOp::BitAnd, tid.clone(), int(31, u), u);
        let any_lane = {
            let h = self.havoc(u, n);
            bin(BinOp::BitAnd, h, int(31, u), u)
        };
        let (write_slot, read_slot, scope) = match class.sync {
            // A per-warp storage (`temp[warp]`) of `WARP_SLOTS` slots.
            CubSync::Warp => (conv(lane, u, l), conv(any_lane, u, l), BarrierScope::Warp),
            _ => {
                // The storage's real size is unknown (items per thread,
                // padding): a thread writes slot `tid + j * threads` for
                // some j >= 0 (distinct between the threads of one call)
                // and reads any slot from the storage's start on.
                let b = |d| Expr::Builtin(crate::ir::Builtin::BlockDim(d));
                let threads = bin(BinOp::Mul, bin(BinOp::Mul, b(0), b(1), u), b(2), u);
                let j = self.havoc(u, n);
                let write = bin(
                    BinOp::Add,
                    conv(tid, u, l),
                    bin(BinOp::Mul, conv(j, u, l), conv(threads, u, l), l),
                    l,
                );
                let any = self.havoc(u, n);
                (write, conv(any, u, l), BarrierScope::Block)
            }
        };
        let site = self.span_of(n);
        let slot_lval = |slot: Expr| LVal::Mem {
            target: target.clone(),
            offset: bin(
                BinOp::Add,
                base.clone(),
                bin(BinOp::Mul, slot, int(SLOT_BYTES, l), l),
                l,
            ),
            ty: Ty::Scalar(u),
            site,
        };
        let written = Val::Scalar(self.havoc(u, n), u);
        self.store(slot_lval(write_slot), written, n)?;
        self.barrier(n, scope, true, true);
        let _ = self.load(slot_lval(read_slot), n)?;
        Ok(())
    }
}

/// The arrays the pointer values among `vals` may point into.
fn pointed_arrays(vals: &[Val]) -> HashSet<ArrayId> {
    let mut out = HashSet::default();
    let mut stack: Vec<&Val> = vals.iter().collect();
    while let Some(v) = stack.pop() {
        match v {
            Val::Ptr {
                target: Target::Array(a),
                ..
            } => {
                out.insert(*a);
            }
            Val::Ptr {
                target: Target::Choice(list, _),
                ..
            } => out.extend(list.iter().copied()),
            Val::Agg(_, parts) => stack.extend(parts.iter()),
            _ => {}
        }
    }
    out
}
