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
//! and objects passed by reference get unknown values; the direct and
//! vectorised loads and stores of a one-dimensional block move exactly each
//! thread's own items (`Lowerer::cub_blocked_move`). `WarpReduce` and
//! `WarpScan` of a whole warp exchange through shuffles only: a warp barrier
//! without fences (every lane must reach it; it orders no memory) and no
//! access to the storage.

use tree_sitter::Node;

use crate::base::HashSet;
use crate::frontend::arith::*;
use crate::frontend::cub::{cub_direct_function, CubClass, CubSync, DirectLayout};
use crate::frontend::exprs::strip_parens;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::ir::{ArrayId, BarrierScope, BinOp, Builtin, Expr, ScalarTy, StmtKind};

/// The extent expression of the one-dimensional local array `name` that the
/// use `at` sees: the last declaration of `name` before `at` in the
/// innermost enclosing block that declares it (C++'s block scope). None when
/// that declaration is not `T name[extent]` (a scalar, a two-dimensional
/// array, a parameter) or none is found before the enclosing function.
fn local_array_extent<'t>(at: Node<'t>, name: &str, src: &str) -> Option<Node<'t>> {
    // The name a declarator declares (under array, pointer and reference
    // declarators).
    let declared = |mut d: Node<'t>| {
        for _ in 0..16 {
            if d.kind() == "identifier" {
                return Some(text(d, src));
            }
            d = match d.child_by_field_name("declarator") {
                Some(inner) => inner,
                // A reference declarator has no field name.
                None => d.named_child(0)?,
            };
        }
        None
    };
    let mut cur = at;
    while let Some(parent) = cur.parent() {
        if parent.kind() == "function_definition" {
            return None;
        }
        if parent.kind() == "compound_statement" {
            let mut found: Option<Option<Node<'t>>> = None;
            let mut c = parent.walk();
            for stmt in parent.named_children(&mut c) {
                if stmt.start_byte() >= cur.start_byte() {
                    break;
                }
                if stmt.kind() != "declaration" {
                    continue;
                }
                for d in stmt.children_by_field_name("declarator", &mut stmt.walk()) {
                    let d = match d.kind() {
                        "init_declarator" => match d.child_by_field_name("declarator") {
                            Some(inner) => inner,
                            None => continue,
                        },
                        _ => d,
                    };
                    if declared(d) != Some(name) {
                        continue;
                    }
                    found = Some(
                        (d.kind() == "array_declarator")
                            .then(|| d.child_by_field_name("declarator"))
                            .flatten()
                            .filter(|i| i.kind() == "identifier")
                            .and_then(|_| d.child_by_field_name("size")),
                    );
                }
            }
            if let Some(extent) = found {
                return extent;
            }
        }
        cur = parent;
    }
    None
}

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
        if class.blocked
            && matches!(method, "Load" | "Store")
            && self.cub_move(n, loads, &vals, args, None, DirectLayout::Blocked)?
        {
            // Only `items` is taken by reference (by a load).
            if loads {
                self.havoc_ref_args(&args[1..2], None)?;
            }
            return Ok(Some(Val::Scalar(self.havoc(result_ty, n), result_ty)));
        }
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

    /// cub's free data-movement functions (`cub::LoadDirectBlocked(tid,
    /// ptr, items)`, see [`cub_direct_function`]): thread `linear_tid` reads
    /// or writes its items at the layout's offsets; None when `function` is
    /// not one, or its arguments are not a pointer to scalars and a local
    /// array (then it is an unknown function).
    pub(crate) fn cub_direct_call(
        &mut self,
        n: Node<'t>,
        function: Node<'t>,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        if !self.cx.types.has_cub() || args.len() < 3 {
            return Ok(None);
        }
        let Some((load, layout)) = cub_direct_function(function, self.src()) else {
            return Ok(None);
        };
        let vals = self.eval_args(args)?;
        let (tid, t) = self.scalar(vals[0].clone(), args[0])?;
        let tid = conv(tid, t, ScalarTy::LONG);
        if !self.cub_move(n, load, &vals[1..], &args[1..], Some(tid), layout)? {
            // Not modelled: what an unknown function may do (the arguments
            // are evaluated already).
            let v = self.unknown_effects(n, &format!("function `{}`", self.txt(function)), vals)?;
            self.havoc_ref_args(args, None)?;
            return Ok(Some(v));
        }
        if load {
            self.havoc_ref_args(&args[2..3], None)?;
        }
        Ok(Some(Val::Void))
    }

    /// Thread `linear_tid` (`threadIdx.x` when None: a
    /// [`CubClass::blocked`] `BlockLoad`/`BlockStore` of a one-dimensional
    /// block, whose `Load(block_itr, items, ..)`/`Store(..)` is the blocked
    /// layout) reads (`load`) or writes `block_itr[f(linear_tid, j)]` for
    /// some `j` in `[0, ITEMS)` (one access standing for each of its
    /// items), `f` the layout's offset and `ITEMS` the extent of `items`
    /// (a reference to an array of `ITEMS_PER_THREAD` elements binds only to
    /// an array of exactly that length). The guarded forms (`valid_items`)
    /// move a subset of those: over-approximated by all. `vals`/`args` start
    /// at `block_itr`. False (nothing lowered) when `block_itr` is not a
    /// pointer to scalars or the extent of `items` is not known: the caller
    /// keeps the unknown-offset model.
    fn cub_move(
        &mut self,
        n: Node<'t>,
        load: bool,
        vals: &[Val],
        args: &[Node<'t>],
        linear_tid: Option<Expr>,
        layout: DirectLayout<'t>,
    ) -> R<bool> {
        let (Some(ptr @ Val::Ptr { pointee, .. }), Some(items)) = (vals.first(), args.get(1))
        else {
            return Ok(false);
        };
        let l = ScalarTy::LONG;
        // A striped layout's `BLOCK_THREADS`: a constant, or a name bound to
        // a value (a template parameter; `<BLOCK>` parses as a type).
        let stride = match layout {
            DirectLayout::Striped(threads) => {
                let name = match threads.kind() {
                    "type_descriptor" if threads.named_child_count() == 1 => threads
                        .child_by_field_name("type")
                        .filter(|t| t.kind() == "type_identifier"),
                    "identifier" => Some(threads),
                    _ => None,
                };
                let bound = name.and_then(|x| match self.lookup(self.txt(x)) {
                    Some(Binding::Value(Val::Scalar(e, t))) => Some(conv(e.clone(), *t, l)),
                    _ => None,
                });
                match bound.or_else(|| self.template_arg_value(threads).map(|v| int(v, l))) {
                    Some(e) => Some(e),
                    None => return Ok(false),
                }
            }
            _ => None,
        };
        let Ty::Scalar(st) = pointee.clone() else {
            return Ok(false);
        };
        let items = strip_parens(*items);
        if items.kind() != "identifier" {
            return Ok(false);
        }
        let count = match self.lookup(self.txt(items)).cloned() {
            Some(Binding::Slot(slot @ (Slot::PrivArray(_) | Slot::Cells(..)))) => {
                match self.lval_type(&LVal::Slot(slot)) {
                    // A zero-length array (a GNU extension) has no items:
                    // `j` below would have no value (no execution).
                    Ty::Array(_, Some(c)) if c > 0 => Some(int(i128::from(c), l)),
                    // `T items[ITEMS]` with `ITEMS` a template parameter:
                    // the extent as declared.
                    Ty::Array(_, None) => {
                        match local_array_extent(items, self.txt(items), self.src()) {
                            Some(size) => {
                                let v = self.rvalue(size)?;
                                let (e, t) = self.scalar(v, size)?;
                                Some(conv(e, t, l))
                            }
                            None => None,
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(count) = count else {
            return Ok(false);
        };
        // An array's extent is greater than zero ([dcl.array]): executions
        // where a symbolic one is not are of no well-formed program.
        let item = self.havoc(l, n);
        let in_range = bin(
            BinOp::And,
            bin(BinOp::Ge, item.clone(), int(0, l), ScalarTy::Bool),
            bin(BinOp::Lt, item.clone(), count.clone(), ScalarTy::Bool),
            ScalarTy::Bool,
        );
        self.push(StmtKind::Assume { cond: in_range }, n);
        let tid = linear_tid
            .unwrap_or_else(|| conv(Expr::Builtin(Builtin::ThreadIdx(0)), ScalarTy::UINT, l));
        let index = match layout {
            DirectLayout::Blocked => bin(BinOp::Add, bin(BinOp::Mul, tid, count, l), item, l),
            DirectLayout::Striped(_) => {
                let stride = stride.unwrap_or_else(|| int(1, l));
                bin(BinOp::Add, tid, bin(BinOp::Mul, item, stride, l), l)
            }
            DirectLayout::WarpStriped => {
                let warp = int(32, l);
                let warp_offset = bin(
                    BinOp::Mul,
                    bin(BinOp::Div, tid.clone(), warp.clone(), l),
                    bin(BinOp::Mul, warp.clone(), count, l),
                    l,
                );
                let lane = bin(BinOp::Rem, tid, warp.clone(), l);
                let within = bin(BinOp::Add, lane, bin(BinOp::Mul, item, warp, l), l);
                bin(BinOp::Add, warp_offset, within, l)
            }
        };
        let Val::Ptr {
            target,
            offset,
            pointee,
        } = self.ptr_add(ptr.clone(), Val::Scalar(index, l), false, n)?
        else {
            return Ok(false);
        };
        let lv = self.deref(target, offset, pointee, n);
        if load {
            self.load(lv, n)?;
        } else {
            let value = self.havoc(st, n);
            self.store(lv, Val::Scalar(value, st), n)?;
        }
        Ok(true)
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
