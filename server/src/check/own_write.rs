//! Reads of bytes the reading thread itself wrote just before: the ground of
//! the write-read benign race ([`own_writes`]).
//!
//! Theorem. Let a thread T store value `v` with a plain write W to bytes `x`
//! of an array, and later (in program order, no barrier of any kind between,
//! no other write or atomic that may touch the array between) read the same
//! bytes `x` with a read R of the same width. A read returns the value of a
//! write to its bytes that is not ordered after it and is not followed,
//! before it, by another write the reader is ordered after (per-location
//! coherence, which a thread's own program order respects: R cannot return
//! a value older than W). So R returns either W's value or the value of a
//! write by another thread that W does not order before R. Such a write is
//! either unordered with R (it races with R) or ordered before R but not
//! before W, which needs a synchronisation of T between W and R: there is
//! none. Hence if every write that races with R stores exactly `v` at
//! exactly `x` (same width), R returns `v` in every schedule: the race does
//! not change what the program computes, as for GPUVerify's write-write
//! benign race of equal values (README, `benign-race`). The checker asks
//! this per racing pair ([`super::sdv`]): the reader's W is enabled, at R's
//! offset, and the racing write stores W's value at R's offset; unsat of the
//! negation means it holds in every execution of the pair.
//!
//! The shape is kept narrow so that the symbolic execution's record of W is
//! the write R follows: W and R are in one statement list, W first, R
//! either in it or nested in a later statement of it (inside `if`s or
//! loops); W is therefore in every loop around R and runs in the same
//! iteration of each, and the statements from W up to the one holding R
//! (that one entirely, so every iteration of a loop around R is covered)
//! contain no barrier, named barrier, collective and no write or atomic on
//! an array that may be W's. Arrays reached through pointers of unknown
//! target (`may_alias_all`) and kernels with asynchronous copies are left
//! out.

use crate::base::HashMap;

use super::sdv::may_alias;
use crate::ir::walk::{child_blocks, for_each_stmt};
use crate::ir::{Block, Kernel, Stmt, StmtId, StmtKind};

/// For each read that follows its thread's own write of the same array and
/// width as the module comment describes, that write.
pub fn own_writes(kernel: &Kernel) -> HashMap<StmtId, StmtId> {
    let mut out = HashMap::default();
    // An asynchronous copy may land at any point until its wait, between a
    // thread's own store and its read too: such kernels are left out.
    if kernel.asyncs.accesses.is_empty() {
        visit(kernel, &kernel.body, &mut out);
    }
    out
}

fn visit(kernel: &Kernel, block: &Block, out: &mut HashMap<StmtId, StmtId>) {
    for (i, stmt) in block.stmts.iter().enumerate() {
        if let StmtKind::Write { access, .. } = &stmt.kind {
            let array = access.array.0 as usize;
            if kernel.arrays.get(array).is_some_and(|d| !d.may_alias_all) {
                for later in &block.stmts[i + 1..] {
                    if disturbs(kernel, later, array) {
                        break;
                    }
                    each_nested(later, &mut |s| {
                        if let StmtKind::Read { access: r, .. } = &s.kind {
                            if r.array == access.array && r.size == access.size {
                                out.insert(s.id, stmt.id);
                            }
                        }
                    });
                }
            }
        }
        for child in child_blocks(stmt) {
            visit(kernel, child, out);
        }
    }
}

/// Calls `f` on `stmt` and every statement nested in it.
fn each_nested<'a>(stmt: &'a Stmt, f: &mut dyn FnMut(&'a Stmt)) {
    f(stmt);
    for child in child_blocks(stmt) {
        for_each_stmt(child, f);
    }
}

/// Whether `stmt` (with everything nested in it) synchronises or may
/// write `array`: then a read after it may return another value.
fn disturbs(kernel: &Kernel, stmt: &Stmt, array: usize) -> bool {
    let mut found = false;
    each_nested(stmt, &mut |s| {
        found |= match &s.kind {
            StmtKind::Write { access, .. } | StmtKind::Atomic { access, .. } => {
                may_alias(kernel, access.array.0 as usize, array)
            }
            StmtKind::Barrier { .. }
            | StmtKind::NamedBarrier { .. }
            | StmtKind::Collective { .. }
            | StmtKind::DeviceFence => true,
            _ => false,
        };
    });
    found
}
