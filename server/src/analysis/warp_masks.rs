//! The masks of `__syncwarp(mask)` barriers (scope
//! [`crate::ir::BarrierScope::WarpMask`]) whose value is the same in every
//! thread of a block and at every instance of the barrier, as expressions of
//! launch values only.
//!
//! Such a mask orders memory between two threads of one warp whose lanes are
//! both in it: PTX `bar.warp.sync membermask` requires "the executing thread
//! must be in membermask" and "all non-exited threads named in membermask
//! must execute the same bar.warp.sync" (the divergence check makes sure of
//! both), and it "guarantees memory ordering among threads participating in
//! the barrier" (PTX ISA, bar.warp.sync; CUDA Programming Guide,
//! Synchronization Functions, `__syncwarp`). A mask that depends on the
//! thread (`__activemask()`, a ballot, `threadIdx`) or that the checker
//! cannot express is left unresolved: the barrier then orders nothing.

use crate::base::HashMap;
use crate::ir::walk::{for_each_stmt, top_level_single_defs};
use crate::ir::{BarrierScope, Builtin, Expr, Kernel, StmtKind, VarId};

/// At most this many distinct resolved masks order memory in one kernel
/// (the race scenarios enumerate their subsets); barriers of further masks
/// order nothing, soundly.
pub const CLASSES: usize = 4;

/// How many locals deep a mask is followed through their definitions.
const DEPTH: u32 = 8;

/// For each entry of `kernel.warp_masks`: the mask as an expression of
/// constants, scalar parameters and launch builtins other than `threadIdx`
/// (the same in every thread of a block: the scenarios that use it are of
/// two threads of one block), or None when it reads anything else.
///
/// A local the mask reads is replaced by its value when it is assigned
/// exactly once in the kernel, by a statement at the top level of the body
/// that comes before the top-level statement holding every barrier with
/// this mask ([`top_level_single_defs`]): the top level runs once, in order,
/// so wherever such a barrier runs the local holds that value, itself
/// resolved the same way at its own position. Parameters are the values the
/// launch passes (`Expr::Param` is never reassigned: an assigned parameter
/// is a local in the IR), and launch builtins do not change while the kernel
/// runs, so the result is one value for the whole block.
pub fn resolved(kernel: &Kernel) -> Vec<Option<Expr>> {
    if kernel.warp_masks.is_empty() {
        return Vec::new();
    }
    // The first top-level statement (by index) holding a barrier of each mask.
    let mut first_at: HashMap<u32, usize> = HashMap::default();
    for (index, top) in kernel.body.stmts.iter().enumerate() {
        let mut visit = |s: &crate::ir::Stmt| {
            if let StmtKind::Barrier {
                scope: BarrierScope::WarpMask { mask },
                ..
            } = &s.kind
            {
                first_at.entry(*mask).or_insert(index);
            }
        };
        visit(top);
        for b in crate::ir::walk::child_blocks(top) {
            for_each_stmt(b, &mut visit);
        }
    }
    let defs = top_level_single_defs(kernel);
    kernel
        .warp_masks
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let at = *first_at.get(&(i as u32))?;
            launch_value(e, at, &defs, DEPTH)
        })
        .collect()
}

/// `e` read at top-level position `at`, with the locals it reads replaced
/// by their single top-level definitions before `at`; None when it reads
/// `threadIdx`, an unknown function, or a local without such a definition.
fn launch_value(
    e: &Expr,
    at: usize,
    defs: &HashMap<VarId, (usize, &Expr)>,
    depth: u32,
) -> Option<Expr> {
    let go = |x: &Expr| launch_value(x, at, defs, depth);
    Some(match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => e.clone(),
        Expr::Builtin(Builtin::ThreadIdx(_)) => return None,
        Expr::Builtin(_) => e.clone(),
        Expr::Var(v) => {
            let (index, value) = defs.get(v)?;
            if *index >= at || depth == 0 {
                return None;
            }
            launch_value(value, *index, defs, depth - 1)?
        }
        Expr::Unary(op, a, ty) => Expr::Unary(*op, Box::new(go(a)?), *ty),
        Expr::Binary(op, a, b, ty) => Expr::Binary(*op, Box::new(go(a)?), Box::new(go(b)?), *ty),
        Expr::Cast(ty, a) => Expr::Cast(*ty, Box::new(go(a)?)),
        Expr::Select(c, a, b, ty) => {
            Expr::Select(Box::new(go(c)?), Box::new(go(a)?), Box::new(go(b)?), *ty)
        }
        // An unknown function may stand for a value of the thread
        // (`get_sub_group_id()`): not taken as uniform.
        Expr::Apply(..) => return None,
    })
}

/// The class of each entry of `kernel.warp_masks` (equal resolved masks
/// share one; unresolved masks and those past [`CLASSES`] distinct ones
/// have none), and the resolved mask of each class.
pub fn classes(kernel: &Kernel) -> (Vec<Option<u8>>, Vec<Expr>) {
    let mut classes: Vec<Expr> = Vec::new();
    let of = resolved(kernel)
        .into_iter()
        .map(|m| {
            let m = m?;
            if let Some(k) = classes.iter().position(|c| *c == m) {
                return Some(k as u8);
            }
            if classes.len() == CLASSES {
                return None;
            }
            classes.push(m);
            Some((classes.len() - 1) as u8)
        })
        .collect();
    (of, classes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::{lower_source, NoIncludes};
    use crate::ir::pretty::pretty_kernel;
    use std::path::Path;

    #[test]
    fn warp_masks_resolve_only_to_launch_values() {
        let src = r#"
    __global__ void k(int *g, unsigned m, int flag) {
      unsigned warps = blockDim.x / 32;
      unsigned a = (unsigned)((1ull << warps) - 1);
      unsigned b = m;
      if (flag) b = 0xffffffffu;
      unsigned c = 0xffffffffu >> (threadIdx.x / 64);
      __syncwarp(a);
      __syncwarp(b);
      __syncwarp(c);
      __syncwarp(m);
      __syncwarp(0xff);
    }
    "#;
        let p = lower_source(Path::new("m.cu"), src, &NoIncludes);
        let k = p.kernels.iter().find(|k| k.name == "k").expect("kernel k");
        let r = resolved(k);
        let known: Vec<bool> = r.iter().map(|m| m.is_some()).collect();
        // A local of launch values assigned once before: known; one assigned
        // twice, one of threadIdx: not; a parameter and a constant: known.
        assert_eq!(
            known,
            vec![true, false, false, true, true],
            "{}",
            pretty_kernel(k)
        );
        assert!(!format!("{:?}", r[0]).contains("Var"));
        let (of, classes) = classes(k);
        assert_eq!(of, vec![Some(0), None, None, Some(1), Some(2)]);
        assert_eq!(classes.len(), 3);
    }
}
