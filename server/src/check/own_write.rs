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
//! target (`may_alias_all`), volatile reads (`Access::volatile`: another
//! agent, such as the host, may store in between with no race in the
//! kernel) and kernels with asynchronous copies are left out.

use crate::base::HashMap;

use super::sdv::may_alias;
use crate::ir::walk::{child_blocks, for_each_stmt};
use crate::ir::{Access, Block, Kernel, ScalarTy, Stmt, StmtId, StmtKind};

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
                            // Not a volatile read: an agent outside the
                            // kernel (the host) may store between W and R
                            // with no race the checker could report.
                            if r.array == access.array && r.size == access.size && !r.volatile {
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

/// For each read that repeats earlier reads of its own thread, those
/// earlier reads (each): same array, byte width and type (into locals of one type),
/// the earlier one first in one statement list and the later one in it or
/// nested in a later statement (through `if` branches, or anywhere in a
/// loop), with nothing between them in program order that synchronises
/// (barrier of any scope, named barrier, collective, fence) or is a write or
/// atomic of the thread on an array that may be the read's.
///
/// Theorem (the equality [`super::symexec`] assumes when both reads run at
/// one byte offset: they return the same value). Take an execution with a
/// race the checker reports, and in an interleaving of it the race whose
/// later access comes first (the first race). Suppose two such reads R1,
/// R2 of thread T come before that access and return different values.
/// Then a write W of another thread to their bytes comes between them (a
/// read returns the latest value in the interleaving; T itself writes
/// nothing there in between). W and R1 are in one barrier interval: a
/// barrier after R1 that W follows would need T to arrive there, after R2;
/// and T makes no synchronisation between R1 and R2 that could order W
/// after R1 (no atomic, fence, named barrier either). So W races with R1,
/// and that race ends at W, before the first race: a contradiction. Hence
/// every execution's first race happens in an execution where the
/// equalities hold up to it, and the accesses' enabling conditions only
/// read values from before them: asserting the equalities loses no race.
/// The argument needs every ordering the checker knows to be one of
/// barriers and atomics: not with `--warp-sync` (lockstep orders threads of
/// a warp with no barrier) nor with adversarial reads (whose contract is
/// that every read is arbitrary), which the caller checks. Arrays of
/// unknown target (`may_alias_all`: two reads of one such array may be of
/// different memory), volatile reads (`Access::volatile`: an agent outside
/// the kernel may store between R1 and R2, with no race W) and kernels with
/// asynchronous copies (which land at any point until their wait) are left
/// out.
pub fn repeated_reads(kernel: &Kernel) -> HashMap<StmtId, Vec<StmtId>> {
    let mut out: HashMap<StmtId, Vec<StmtId>> = HashMap::default();
    let mut reads = 0;
    for_each_stmt(&kernel.body, &mut |s| {
        reads += usize::from(matches!(s.kind, StmtKind::Read { .. }))
    });
    if kernel.asyncs.accesses.is_empty() && reads <= MAX_READS {
        visit_reads(kernel, &kernel.body, &mut out);
    }
    // The nearest earlier reads only (links are pushed in program order).
    for earlier in out.values_mut() {
        let extra = earlier.len().saturating_sub(MAX_LINKS_PER_READ);
        earlier.drain(..extra);
    }
    out
}

/// Most reads in a kernel whose repeats are linked: the search and the
/// equalities it adds grow quadratically with the reads (an unrolled kernel
/// of thousands of reads ran Z3 out of memory). Fewer links only assume
/// less: the check stays sound, just less precise.
const MAX_READS: usize = 512;

/// Most earlier reads one read is linked to (the nearest ones).
const MAX_LINKS_PER_READ: usize = 4;

fn visit_reads(kernel: &Kernel, block: &Block, out: &mut HashMap<StmtId, Vec<StmtId>>) {
    for (i, stmt) in block.stmts.iter().enumerate() {
        if let StmtKind::Read { dest, access } = &stmt.kind {
            let array = access.array.0 as usize;
            // A volatile read may return another agent's new value each
            // time (see the theorem's last sentence).
            if !access.volatile && kernel.arrays.get(array).is_some_and(|d| !d.may_alias_all) {
                let first = FirstRead {
                    id: stmt.id,
                    access,
                    dest_ty: kernel.vars.get(dest.0 as usize).map(|d| d.ty),
                };
                repeats_in(kernel, &block.stmts[i + 1..], &first, out);
            }
        }
        for child in child_blocks(stmt) {
            visit_reads(kernel, child, out);
        }
    }
}

/// The earlier read of a chain of repeated reads.
struct FirstRead<'a> {
    id: StmtId,
    access: &'a Access,
    dest_ty: Option<ScalarTy>,
}

impl FirstRead<'_> {
    /// Whether `stmt` reads what this read reads, into a local of its type.
    fn repeated_by(&self, kernel: &Kernel, stmt: &Stmt) -> bool {
        match &stmt.kind {
            StmtKind::Read { dest, access } => {
                !access.volatile
                    && access.array == self.access.array
                    && access.size == self.access.size
                    && access.ty == self.access.ty
                    && self.dest_ty.is_some()
                    && kernel.vars.get(dest.0 as usize).map(|d| d.ty) == self.dest_ty
            }
            _ => false,
        }
    }
}

/// Records the reads of `stmts` (in order, nested ones included) that
/// repeat `first` until something disturbs its bytes; whether nothing did
/// on any path through `stmts`.
fn repeats_in(
    kernel: &Kernel,
    stmts: &[Stmt],
    first: &FirstRead,
    out: &mut HashMap<StmtId, Vec<StmtId>>,
) -> bool {
    let array = first.access.array.0 as usize;
    for stmt in stmts {
        match &stmt.kind {
            StmtKind::If { then_, else_, .. } => {
                // Each branch continues the chain up to its first
                // disturbance; after the `if` only when neither had one.
                let then_clear = repeats_in(kernel, &then_.stmts, first, out);
                let else_clear = repeats_in(kernel, &else_.stmts, first, out);
                if !(then_clear && else_clear) {
                    return false;
                }
            }
            _ => {
                // A loop (every iteration of it) or any other statement
                // must not disturb as a whole.
                if disturbs(kernel, stmt, array) {
                    return false;
                }
                each_nested(stmt, &mut |s| {
                    if first.repeated_by(kernel, s) {
                        out.entry(s.id).or_default().push(first.id);
                    }
                });
            }
        }
    }
    true
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The source lines of the reads `repeated_reads` pairs, (later, earlier).
    fn repeat_lines(text: &str) -> Vec<(u32, u32)> {
        let k = super::super::reuse::tests::lower(text);
        let mut line = HashMap::default();
        for_each_stmt(&k.body, &mut |s| {
            let before = &text[..s.span.start as usize];
            line.insert(s.id, before.matches('\n').count() as u32 + 1);
        });
        let mut out: Vec<(u32, u32)> = repeated_reads(&k)
            .iter()
            .flat_map(|(later, firsts)| firsts.iter().map(|f| (line[later], line[f])))
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn repeats_follow_branches_and_stop_at_synchronisation_and_writes() {
        // Lines: 2 first read; 3 repeat in a branch; 4 a store in the other
        // branch ends the chain after the `if`; 5 not a repeat of line 2.
        let text = "__global__ void k(int *a, int *o) {\n  int x = a[threadIdx.x];\n  if (x > 0) { o[0] = a[1]; } else { a[2] = 0; }\n  o[1] = a[3];\n}\n";
        assert_eq!(repeat_lines(text), vec![(3, 2)]);
        // A barrier ends it; a store to another array does not.
        let text = "__global__ void k(int *a, int *o) {\n  __shared__ int s[64];\n  int x = s[threadIdx.x];\n  o[threadIdx.x] = x;\n  int y = s[0];\n  __syncthreads();\n  o[0] = s[1] + x + y;\n}\n";
        assert_eq!(repeat_lines(text), vec![(5, 3)]);
        // A loop that stores into the array ends it, as a whole; one that
        // does not carries it into every iteration.
        let text = "__global__ void k(int *a, int *o, int n) {\n  int x = a[0];\n  for (int i = 0; i < n; i++) { o[i] = a[i]; }\n  for (int i = 0; i < n; i++) { a[i] = a[i + 1]; }\n  o[0] = a[0] + x;\n}\n";
        assert_eq!(repeat_lines(text), vec![(3, 2)]);
        // Another width is no repeat.
        let text = "__global__ void k(int *a, int *o) {\n  int x = a[0];\n  o[0] = ((char *)a)[0] + x;\n}\n";
        assert_eq!(repeat_lines(text), vec![]);
    }
}
