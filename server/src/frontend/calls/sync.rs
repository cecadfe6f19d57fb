//! Synchronisation calls: barriers, group syncs, fences and collectives.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::GroupKind;
use crate::ir::{BarrierScope, BinOp, Builtin, Expr, ScalarTy, StmtKind, VarId};

impl<'c, 't> Lowerer<'c, 't> {
    /// A work-group collective (`async_work_group_copy`, `wait_group_events`)
    /// that all threads of a block must reach together with the same
    /// `uniform_args`; returns its result (an event) when `result` is given.
    pub(crate) fn collective(
        &mut self,
        name: &str,
        uniform_args: Vec<Expr>,
        result: Option<ScalarTy>,
        at: Node,
    ) -> Option<VarId> {
        let dest = result.map(|t| self.tmp(t, at));
        self.push(
            StmtKind::Collective {
                name: name.to_string(),
                uniform_args,
                dest,
            },
            at,
        );
        dest
    }

    /// An OpenCL work-group or sub-group function (`work_group_reduce_add`,
    /// `work_group_broadcast`, `sub_group_reduce_add`, `sub_group_scan_*`,
    /// `sub_group_barrier`, `intel_sub_group_shuffle`, ...): "must be
    /// encountered by all work-items in a work-group (sub-group) executing
    /// the kernel" (OpenCL C 3.0, 6.15.14 and 6.15.16), a broadcast with the
    /// same local id in all of them. Lowered as a [`StmtKind::Collective`]
    /// of the block, so checked for divergence like a barrier, arguments
    /// included. Which work-items form a sub-group, and how many, is
    /// implementation-defined: any work-items with one `get_sub_group_id()`
    /// (an unknown function of the ids, [`crate::ir::sub_group_id`]), so
    /// the checker asks two such work-items to agree (`sdv`'s
    /// `WarpRelation::SameSubGroup` scenario): what a sub-group of any
    /// shape asks. None of them orders memory
    /// (`sub_group_barrier` does only within its sub-group, whose members
    /// are unknown: taken as ordering nothing). A work-group reduction,
    /// broadcast, `all` or `any` gives every work-item the same result (the
    /// collective's `dest`); a scan's, and every sub-group function's, is
    /// unknown per work-item. A sub-group function with pointer arguments
    /// (`intel_sub_group_block_read`) also has the effects of unknown code
    /// on the memory they reach. None for the functions allowed in
    /// divergent code (`sub_group_non_uniform_*`, `sub_group_elect`: the
    /// cl_khr_subgroup_non_uniform_* extensions), left to unknown code.
    pub(crate) fn group_function(
        &mut self,
        n: Node<'t>,
        name: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        if name.contains("non_uniform") || name == "sub_group_elect" {
            return Ok(None);
        }
        let vals = self.eval_args(args)?;
        let mut uniform_args = Vec::new();
        if matches!(name, "work_group_broadcast" | "sub_group_broadcast") {
            for v in vals.iter().skip(1) {
                self.uniform_parts(v, n, &mut uniform_args);
            }
        }
        let ty = match vals.first() {
            Some(Val::Scalar(_, t)) => *t,
            _ => ScalarTy::INT,
        };
        let uniform_result = name.starts_with("work_group_reduce")
            || matches!(
                name,
                "work_group_broadcast" | "work_group_all" | "work_group_any"
            );
        let lane = uniform_args.clone();
        let dest = self.collective(name, uniform_args, uniform_result.then_some(ty), n);
        if let Some(d) = dest {
            return Ok(Some(Val::Scalar(Expr::Var(d), ty)));
        }
        let scalars = vals.iter().all(|v| matches!(v, Val::Scalar(..)));
        if name == "sub_group_broadcast" && vals.len() == 2 && scalars {
            // One value in the sub-group that runs it together (see
            // `Uniformity::compute_within_sub_groups`).
            let v = self.havoc(ty, n);
            if let Some(id) = self.last_havoc() {
                self.kernel.sub_group_broadcasts.push((id, lane));
            }
            return Ok(Some(Val::Scalar(v, ty)));
        }
        if vals.iter().any(|v| matches!(v, Val::Ptr { .. })) {
            return self
                .unknown_effects(n, &format!("function `{name}`"), vals)
                .map(Some);
        }
        if name.ends_with("barrier") {
            return Ok(Some(Val::Void));
        }
        Ok(Some(Val::Scalar(self.havoc(ty, n), ty)))
    }

    /// The scalars a collective argument consists of, for the check that all
    /// threads pass the same: a pointer into an array is its offset (and the
    /// selector when it may target several arrays). Per-thread memory is
    /// never the same object in two threads: a fresh per-thread value.
    pub(crate) fn uniform_parts(&mut self, v: &Val, at: Node, out: &mut Vec<Expr>) {
        match v {
            Val::Scalar(e, _) => out.push(e.clone()),
            Val::Ptr { target, offset, .. } => match target {
                Target::Array(_) => out.push(offset.clone()),
                Target::Choice(_, sel) => {
                    out.push(Expr::Var(*sel));
                    out.push(offset.clone());
                }
                // An unassigned pointer's address is indeterminate.
                Target::Local(_) | Target::Locals | Target::Private | Target::Unset => {
                    let h = self.havoc(ScalarTy::LONG, at);
                    out.push(h);
                }
                Target::Null => out.push(offset.clone()),
            },
            Val::Agg(_, parts) => {
                for p in parts {
                    self.uniform_parts(p, at, out);
                }
            }
            Val::Group(_) | Val::Void => {}
        }
    }

    pub(crate) fn barrier(
        &mut self,
        n: Node,
        scope: BarrierScope,
        global_fence: bool,
        local_fence: bool,
    ) {
        for pending in &mut self.pending_copies {
            pending.1 = true;
        }
        self.push(
            StmtKind::Barrier {
                scope,
                global_fence,
                local_fence,
            },
            n,
        );
        self.async_land();
    }

    /// A register exchange among the threads of each tile of `size`
    /// threads whose lanes are in `lanes` (`__shfl_*_sync`, a vote,
    /// `cg::reduce` on a tile): every one of them must execute it ("all
    /// non-exited threads named in mask must execute the same intrinsic
    /// with the same mask, or the result is undefined", CUDA Programming
    /// Guide, Warp Shuffle and Warp Vote Functions; cooperative groups build
    /// their tile collectives on these with the tile's mask). It orders no
    /// memory: a barrier of scope `Tile` without fences, checked only for
    /// divergence (a call from a lane outside `lanes`, as with an empty
    /// mask, is an error too); asynchronous copies in flight are not waited
    /// for.
    pub(crate) fn tile_exchange(&mut self, n: Node, size: u32, lanes: u32) {
        self.push(
            StmtKind::Barrier {
                scope: BarrierScope::Tile { size, lanes },
                global_fence: false,
                local_fence: false,
            },
            n,
        );
    }

    /// The lanes a warp mask names when it is a constant (`0xffffffff`: all
    /// 32); None for a mask computed at run time.
    pub(crate) fn constant_lanes(mask: Option<&Val>) -> Option<u32> {
        match mask {
            Some(Val::Scalar(Expr::Int(k, _), _)) => Some((*k & 0xffff_ffff) as u32),
            _ => None,
        }
    }

    /// The lanes whose taking part in warp intrinsic `name` with mask
    /// `mask` is checked: a constant's; all 32 for a mask computed at run
    /// time otherwise (a constant in a local, `~0u`, a parameter, a value
    /// read: checking that every lane takes part is stronger than checking
    /// those of any mask, so sound). None (nothing to check) for the value
    /// of `__activemask()` taken by the same threads that make the call
    /// (see [`Self::same_threads_since`]): they are the lanes it names.
    /// Any other mask made of a lane set computed at run time (a ballot, an
    /// active mask taken elsewhere) names lanes not known here: the kernel
    /// is unsupported.
    pub(crate) fn warp_mask_lanes(
        &mut self,
        n: Node,
        name: &str,
        mask: Option<&Val>,
    ) -> R<Option<u32>> {
        if let Some(lanes) = Self::constant_lanes(mask) {
            return Ok(Some(lanes));
        }
        let mut origins = Vec::new();
        if let Some(Val::Scalar(e, _)) = mask {
            crate::ir::walk::for_each_expr(e, &mut |e| {
                if let Expr::Var(v) = e {
                    if let Some(o) = self.lane_sets.get(v) {
                        origins.push(*o);
                    }
                }
            });
        }
        if origins.is_empty() {
            return Ok(Some(u32::MAX));
        }
        let exact = matches!(mask, Some(Val::Scalar(Expr::Var(_), _)))
            && origins.iter().all(|o| {
                o.is_some_and(|o| self.active_mask_stmts.contains(&o) && self.same_threads_since(o))
            });
        if exact {
            return Ok(None);
        }
        self.unsup(
            n,
            format!("`{name}` with a mask made of lanes computed at run time (a ballot, or `__activemask()` taken where other threads may run): which lanes must execute it is not known"),
        )
    }

    /// Whether every thread that ran statement `origin` (of the current
    /// statement list) reaches the current point, unless it exited: no
    /// `break` or `continue` follows `origin` in the list (at any depth),
    /// and the list is the one being lowered (the point is in no branch or
    /// loop that `origin` is outside of). Then the threads running the
    /// point together are those that ran `origin` together, less the
    /// exited (which a warp intrinsic does not await).
    pub(crate) fn same_threads_since(&self, origin: crate::ir::StmtId) -> bool {
        let Some(at) = self.cur.iter().position(|s| s.id == origin) else {
            return false;
        };
        let mut escapes = false;
        for s in &self.cur[at + 1..] {
            escapes |= matches!(s.kind, StmtKind::Break | StmtKind::Continue);
            for b in crate::ir::walk::child_blocks(s) {
                crate::ir::walk::for_each_stmt(b, &mut |t| {
                    escapes |= matches!(t.kind, StmtKind::Break | StmtKind::Continue);
                });
            }
        }
        !escapes
    }

    /// The register exchange `what` (`cg::reduce`, `tile.shfl_down`) among
    /// the threads of group `g`: for a tile of known size every thread of
    /// the tile must take part (see [`Self::tile_exchange`]). A coalesced
    /// group is the threads that made it together: nothing to check where
    /// exactly they reach the call ([`Self::same_threads_since`]), else the
    /// kernel is unsupported, as on a tile of unknown size: which threads
    /// must take part is not known.
    pub(crate) fn group_exchange(&mut self, n: Node, g: GroupKind, what: &str) -> R<()> {
        match g {
            GroupKind::Block => self.barrier(n, BarrierScope::Block, false, false),
            GroupKind::Tile(Some(size), _) => self.tile_exchange(n, size, u32::MAX),
            // The group is the threads that made it together: when exactly
            // they (less the exited) reach this point, all of them take part.
            GroupKind::Coalesced(Some(origin)) if self.same_threads_since(origin) => {}
            GroupKind::Coalesced(_) => {
                return self.unsup(
                    n,
                    format!("`{what}` on a coalesced group made where other threads may run (which threads must take part is not known)"),
                )
            }
            GroupKind::Tile(None, _) | GroupKind::Grid => {
                return self.unsup(
                    n,
                    format!("`{what}` on a group of unknown size (which threads must take part is not known)"),
                )
            }
        }
        Ok(())
    }

    /// The group an expression evaluates to (`cg::tiled_partition<16>(b)`),
    /// None when it is not a group.
    pub(crate) fn group_value(&mut self, e: Node<'t>) -> R<Option<GroupKind>> {
        Ok(match self.rvalue(e)? {
            Val::Group(g) => Some(g),
            _ => None,
        })
    }

    pub(crate) fn group_sync(&mut self, n: Node, g: GroupKind) {
        match g {
            GroupKind::Block => self.barrier(n, BarrierScope::Block, true, true),
            GroupKind::Grid => self.barrier(n, BarrierScope::Grid, true, true),
            // A tile of the 32 threads of a warp (a tile of a thread block
            // starts at a multiple of its size in thread-rank order, which
            // is warp order): its sync is `__syncwarp()`.
            GroupKind::Tile(Some(32), _) => self.barrier(n, BarrierScope::Warp, true, true),
            // Another tile's sync orders nothing here (taken as no
            // barrier), but all of the tile's threads must reach it.
            GroupKind::Tile(Some(size), _) => {
                self.tile_exchange(n, size, u32::MAX);
                self.note(n, "tile/coalesced-group sync is not a block barrier".into())
            }
            GroupKind::Tile(None, _) | GroupKind::Coalesced(_) => {
                self.note(n, "tile/coalesced-group sync is not a block barrier".into())
            }
        }
    }

    pub(crate) fn linear_tid(&self) -> Expr {
        let t = |d| Expr::Builtin(Builtin::ThreadIdx(d));
        let b = |d| Expr::Builtin(Builtin::BlockDim(d));
        let u = ScalarTy::UINT;
        bin(
            BinOp::Add,
            bin(BinOp::Add, t(0), bin(BinOp::Mul, t(1), b(0), u), u),
            bin(BinOp::Mul, t(2), bin(BinOp::Mul, b(0), b(1), u), u),
            u,
        )
    }

    pub(crate) fn fence_flags(&self, args: &[Node]) -> (bool, bool) {
        let Some(a) = args.first() else {
            return (true, true);
        };
        match self
            .cx
            .types
            .const_eval(*a, self.src(), 0)
            .or_else(|| self.ocl_flag_eval(*a))
        {
            Some(v) => (v & 2 != 0, v & 1 != 0),
            // Flags known only at run time (and maybe different per thread): the
            // barrier is not assumed to order any memory.
            None => (false, false),
        }
    }

    pub(crate) fn ocl_flag_eval(&self, n: Node) -> Option<i128> {
        match n.kind() {
            "identifier" => ocl_constant(self.txt(n)),
            "parenthesized_expression" => n.named_child(0).and_then(|c| self.ocl_flag_eval(c)),
            "binary_expression" => {
                let a = self.ocl_flag_eval(n.child_by_field_name("left")?)?;
                let b = self.ocl_flag_eval(n.child_by_field_name("right")?)?;
                match n.child_by_field_name("operator").map(|o| self.txt(o))? {
                    "|" | "+" => Some(a | b),
                    "&" => Some(a & b),
                    _ => None,
                }
            }
            _ => self.cx.types.const_eval(n, self.src(), 0),
        }
    }
}

/// For a masked warp intrinsic called with the full mask by all 32 lanes
/// of a warp: the expressions that, when the same in all lanes, make its
/// result the same in all lanes too; None when its result may differ
/// between lanes. A vote (`__ballot_sync`, `__any_sync`, `__all_sync`,
/// `__uni_sync`) and a reduction (`__reduce_add_sync`, ...) are "returned to
/// every participating thread" (CUDA Programming Guide, Warp Vote and Warp
/// Reduce Functions): none. `__shfl_sync(m, v, src)` returns `v` of lane
/// `src % 32` (width 32, the default): the source lane. With a narrower
/// width each segment reads its own lane; the other shuffles and
/// `__match_any_sync` give lane-dependent results.
pub(crate) fn warp_broadcast_keys(name: &str, vals: &[Val]) -> Option<Vec<Expr>> {
    match name {
        "__ballot_sync" | "__any_sync" | "__all_sync" | "__uni_sync" => Some(Vec::new()),
        _ if name.starts_with("__reduce_") => Some(Vec::new()),
        "__shfl_sync" => {
            let full_width = match vals.get(3) {
                None => true,
                Some(Val::Scalar(Expr::Int(32, _), _)) => true,
                Some(_) => false,
            };
            match vals.get(2) {
                Some(Val::Scalar(src, _)) if full_width && vals.len() <= 4 => {
                    Some(vec![src.clone()])
                }
                _ => None,
            }
        }
        _ => None,
    }
}
