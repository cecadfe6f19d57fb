//! Placement constraints of AutoSync (Section III-B): which candidate
//! locations separate the two accesses of a race.
//!
//! A label interval [l1, l2) is the set of points after l1 and before l2 in
//! program text order whose block encloses l1 or l2 (both threads pass through
//! it between the two accesses).

use crate::base::HashSet;

use crate::ir::walk::{BlockSlot, ProgramPoint};
use crate::ir::StmtId;

use super::candidates::CandidateSet;

/// The two accesses of a race in program text order.
pub fn ordered(cs: &CandidateSet, a: StmtId, b: StmtId) -> Option<(StmtId, StmtId)> {
    let pa = *cs.layout.pre.get(&a)?;
    let pb = *cs.layout.pre.get(&b)?;
    Some(if pa <= pb { (a, b) } else { (b, a) })
}

/// Candidates in `[l, l2)`: the intra-iteration (or simple race) option.
pub fn intra_clause(cs: &CandidateSet, l: StmtId, l2: StmtId) -> Vec<usize> {
    let (Some(&after), Some(&before)) = (cs.layout.post.get(&l), cs.layout.pre.get(&l2)) else {
        return Vec::new();
    };
    let blocks: HashSet<BlockSlot> = cs
        .layout
        .blocks_of(l)
        .into_iter()
        .chain(cs.layout.blocks_of(l2))
        .collect();
    // Candidates are in text order: only those strictly between are scanned.
    let from = cs.cands.partition_point(|c| c.pos <= after);
    let to = cs.cands.partition_point(|c| c.pos < before).max(from);
    (from..to)
        .filter(|&i| encloses(&blocks, &cs.cands[i].runs_with))
        .collect()
}

/// Whether a barrier at candidate `c` runs on every path through the part
/// of `blocks` (blocks enclosing an access) that contains it: `c` is in one
/// of them, or in the first iteration of a loop every thread enters whose
/// statement is in one of them, directly or through further entered loops
/// (Match-style tiles: a barrier inside `for (p = 0; p < N; p += 16)`,
/// N > 0 constant, also orders a store before the loop against a load after
/// it; see `Candidate::runs_with`). Without the second case the clause would
/// miss such points and the least-cost placement would need a barrier
/// outside the loop the author did without.
fn encloses(blocks: &HashSet<BlockSlot>, runs_with: &[(BlockSlot, bool)]) -> bool {
    runs_with.iter().any(|(b, _)| blocks.contains(b))
}

/// [`intra_clause`] with the joint options (barriers in both arms of an
/// `if` between the two, variables `cs.cands.len() + k`; see
/// `candidates::JointOption`): the clause of the MaxSAT problem.
pub fn intra_options(cs: &CandidateSet, l: StmtId, l2: StmtId) -> Vec<usize> {
    let mut out = intra_clause(cs, l, l2);
    let (Some(&after), Some(&before)) = (cs.layout.post.get(&l), cs.layout.pre.get(&l2)) else {
        return out;
    };
    let blocks: HashSet<BlockSlot> = cs
        .layout
        .blocks_of(l)
        .into_iter()
        .chain(cs.layout.blocks_of(l2))
        .collect();
    out.extend(
        cs.joint
            .iter()
            .enumerate()
            .filter(|(_, j)| j.pre > after && j.post < before && encloses(&blocks, &j.runs_with))
            .map(|(k, _)| cs.cands.len() + k),
    );
    out
}

/// [`inter_clause`] with the joint options (see [`intra_options`]).
pub fn inter_options(cs: &CandidateSet, l: StmtId, l2: StmtId, depth: u32) -> Option<Vec<usize>> {
    let window = InterWindow::new(cs, l, l2, depth)?;
    let mut out = window.candidates(cs);
    out.extend(
        cs.joint
            .iter()
            .enumerate()
            .filter(|(_, j)| window.admits(&j.runs_with, j.pre, j.post))
            .map(|(k, _)| cs.cands.len() + k),
    );
    Some(out)
}

/// Candidates in `[l_s^j, l) U [l2, l^j)` where `l^j` is the common loop at
/// `depth` (1 = outermost): the inter-iteration option. None when the two
/// statements share fewer than `depth` loops.
pub fn inter_clause(cs: &CandidateSet, l: StmtId, l2: StmtId, depth: u32) -> Option<Vec<usize>> {
    Some(InterWindow::new(cs, l, l2, depth)?.candidates(cs))
}

/// The two stretches of the common loop at some depth where a point orders
/// `l2` of one iteration before `l` of the next: from the body's start to
/// `l`, and from `l2` to the loop's end.
struct InterWindow {
    body_start: usize,
    loop_end: usize,
    before_l: usize,
    after_l2: usize,
    blocks_l: HashSet<BlockSlot>,
    blocks_l2: HashSet<BlockSlot>,
}

impl InterWindow {
    fn new(cs: &CandidateSet, l: StmtId, l2: StmtId, depth: u32) -> Option<InterWindow> {
        let common = cs.layout.tree.common_loops(l, l2);
        let loop_id = *common.get((depth as usize).checked_sub(1)?)?;
        Some(InterWindow {
            body_start: *cs.layout.point_pos.get(&ProgramPoint {
                block: BlockSlot::LoopBody(loop_id),
                index: 0,
            })?,
            loop_end: *cs.layout.post.get(&loop_id)?,
            before_l: *cs.layout.pre.get(&l)?,
            after_l2: *cs.layout.post.get(&l2)?,
            blocks_l: cs.layout.blocks_of(l).into_iter().collect(),
            blocks_l2: cs.layout.blocks_of(l2).into_iter().collect(),
        })
    }

    /// Whether an option running with `runs_with` over positions
    /// `pre..=post` lies in one of the stretches.
    fn admits(&self, runs_with: &[(BlockSlot, bool)], pre: usize, post: usize) -> bool {
        (encloses(&self.blocks_l, runs_with) && pre >= self.body_start && post < self.before_l)
            || (encloses(&self.blocks_l2, runs_with) && pre > self.after_l2 && post < self.loop_end)
    }

    /// The candidate points in the stretches.
    fn candidates(&self, cs: &CandidateSet) -> Vec<usize> {
        cs.cands
            .iter()
            .enumerate()
            .filter(|(_, c)| self.admits(&c.runs_with, c.pos, c.pos))
            .map(|(i, _)| i)
            .collect()
    }
}

/// Number of loops the two statements share.
pub fn common_depth(cs: &CandidateSet, l: StmtId, l2: StmtId) -> u32 {
    cs.layout.tree.common_loops(l, l2).len() as u32
}
