//! Moving an existing `__syncwarp()`, named barrier (`bar.sync`/`bar.arrive`
//! in inline PTX, or a helper wrapping it) or `cuda::barrier` wait
//! (`bar.wait(std::move(token))`) to another point of its own statement
//! list, for a race it is misplaced to order (a barrier one statement too
//! early, a producer's arrival before its last store, a wait written after
//! the read it should order) or a `barrier-deadlock` from roles meeting
//! barriers in different orders.
//!
//! The candidates are one edit pair of the user's text each (delete the
//! barrier's statement, write the same text at the new point), never of
//! macro-expanded text; the block barrier synthesizer's renderer places the
//! new line ([`super::candidates::render_point`]). Nothing here is trusted:
//! callers lower and check the edited text and keep a move only under
//! [`move_accepted`].

use std::collections::BTreeSet;

use crate::analysis::loops::mentions_any;
use crate::base::Span;
use crate::check::{DiagnosticKind, Finding, KernelReport, LoopRelation, Verdict};
use crate::ir::walk::{block_ref, BlockSlot, LabelTree, ProgramPoint};
use crate::ir::{BarrierScope, Block, Expr, Kernel, Stmt, StmtId, StmtKind, VarId};

use super::candidates::{anchor, render_point};
use super::edits::{removal_edit, Render};
use super::waits::SyncEdit;
use super::TextEdit;

/// Most moves proposed for one finding (nearest first): each costs a check.
pub const MAX_MOVES: usize = 4;

/// One source statement of a block: the run of consecutive IR statements
/// lowered from it.
#[derive(Clone, Copy, Debug)]
struct Group {
    first: usize,
    last: usize,
    anchor: Span,
}

/// What kind of barrier a group is, when it is a movable one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Movable {
    /// `__syncwarp()`.
    Warp,
    /// A named barrier operation (no token: not a `cuda::barrier` split arrival).
    Named,
    /// A `cuda::barrier` wait for the token in the variable: it may move
    /// only where that variable holds the same arrival's token.
    Wait(VarId),
}

/// The source statements of `block`, in order.
fn groups(block: &Block, text: &str) -> Option<Vec<Group>> {
    let mut out: Vec<Group> = Vec::new();
    for (i, s) in block.stmts.iter().enumerate() {
        let a = anchor(s, text)?;
        match out.last_mut() {
            Some(g) if g.anchor == a && g.last + 1 == i => g.last = i,
            _ => out.push(Group {
                first: i,
                last: i,
                anchor: a,
            }),
        }
    }
    Some(out)
}

/// Whether the statement `group` of `block` is exactly one barrier the user
/// wrote (not in a macro), possibly through a helper whose own locals
/// (parameters, temporaries) are assigned around it, and nothing else (no
/// memory access, no control flow, no write to a variable of the caller).
fn movable(block: &Block, group: &Group, kernel: &Kernel) -> Option<Movable> {
    let stmts = block.stmts.get(group.first..=group.last)?;
    let mut found = None;
    let mut assigned: BTreeSet<VarId> = BTreeSet::new();
    let mut object_reads = 0;
    for s in stmts {
        if s.in_macro {
            return None;
        }
        match &s.kind {
            StmtKind::NamedBarrier {
                op: crate::ir::NamedOp::Wait,
                token: Some(token),
                ..
            } if found.is_none() => found = Some(Movable::Wait(*token)),
            // A `cuda::barrier` operation reads the barrier object (see
            // `read_barrier_object`) into a temporary of its own.
            StmtKind::Read { dest, .. } => {
                object_reads += 1;
                assigned.insert(*dest);
            }
            StmtKind::Barrier {
                scope: BarrierScope::Warp,
                ..
            } if found.is_none() => found = Some(Movable::Warp),
            StmtKind::NamedBarrier {
                op, token: None, ..
            } if found.is_none()
                && matches!(op, crate::ir::NamedOp::Sync | crate::ir::NamedOp::Arrive) =>
            {
                found = Some(Movable::Named)
            }
            // Only a helper's body may assign: an assignment lowered from
            // the statement itself is a side effect written next to the
            // barrier (`__syncwarp(), k++;`, `f(k++);`).
            StmtKind::Assign { var, .. } | StmtKind::Havoc { var } if s.inlined_at.is_some() => {
                assigned.insert(*var);
            }
            _ => return None,
        }
    }
    if object_reads > 0 && !matches!(found, Some(Movable::Wait(_))) {
        return None;
    }
    // The move re-runs the whole statement elsewhere, and the re-check
    // compares findings, not values: a variable the statement assigns must
    // be the helper's own, used by no other statement of the kernel (a
    // by-reference parameter assigns the caller's variable; moving that
    // assignment changes what the program computes).
    if !assigned.is_empty() {
        let ids: Vec<StmtId> = stmts.iter().map(|s| s.id).collect();
        let mut live_outside = false;
        crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
            live_outside |= !ids.contains(&s.id) && stmt_mentions(s, &assigned);
        });
        if live_outside {
            return None;
        }
    }
    let inside = group.anchor.file == kernel.span.file
        && group.anchor.file.0 == 0
        && group.anchor.start >= kernel.span.start
        && group.anchor.end <= kernel.span.end;
    found.filter(|_| inside)
}

/// Whether statement `s` itself (not the blocks nested in it) reads or
/// assigns any of `vars`.
fn stmt_mentions(s: &Stmt, vars: &BTreeSet<VarId>) -> bool {
    let is = |v: &VarId| vars.contains(v);
    let reads = |e: &Expr| mentions_any(e, vars);
    match &s.kind {
        StmtKind::Assign { var, value } => is(var) || reads(value),
        StmtKind::Havoc { var } => is(var),
        StmtKind::Read { dest, access } => is(dest) || reads(&access.offset),
        StmtKind::Write { access, value } => reads(&access.offset) || reads(value),
        StmtKind::Atomic { dest, access, op } => {
            dest.as_ref().is_some_and(is)
                || reads(&access.offset)
                || op.operand.as_ref().is_some_and(reads)
        }
        StmtKind::If { cond, .. } | StmtKind::Loop { cond, .. } | StmtKind::Assume { cond } => {
            reads(cond)
        }
        StmtKind::Collective {
            uniform_args, dest, ..
        } => dest.as_ref().is_some_and(is) || uniform_args.iter().any(reads),
        StmtKind::NamedBarrier {
            barrier,
            count,
            token,
            ..
        } => reads(barrier) || count.as_ref().is_some_and(reads) || token.as_ref().is_some_and(is),
        StmtKind::Barrier { .. }
        | StmtKind::DeviceFence
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Return => false,
    }
}

/// Whether a wait for the token in `token`, moved from group `from` of
/// `block` to the point before group `to`, waits for the same arrival: no
/// statement it moves across assigns the variable (moving earlier, the
/// arrival that defined it stays before the new point; moving later, no
/// new arrival replaces it).
fn token_kept(block: &Block, groups: &[Group], from: usize, to: usize, token: VarId) -> bool {
    let assigns = |g: &Group| {
        block.stmts.get(g.first..=g.last).is_some_and(|stmts| {
            stmts.iter().any(|s| {
                let mut hit = false;
                let one = Block {
                    stmts: vec![s.clone()],
                    braces: None,
                };
                crate::ir::walk::for_each_stmt(&one, &mut |x| {
                    hit |= match &x.kind {
                        StmtKind::Assign { var, .. } | StmtKind::Havoc { var } => *var == token,
                        StmtKind::Read { dest, .. } => *dest == token,
                        _ => false,
                    };
                });
                hit
            })
        })
    };
    let crossed = if to < from { to..from } else { from + 1..to };
    groups
        .get(crossed)
        .is_some_and(|gs| !gs.iter().any(assigns))
}

/// Whether the statement `group` of `block` holds any barrier operation.
fn has_barrier(block: &Block, group: &Group) -> bool {
    block
        .stmts
        .get(group.first..=group.last)
        .is_some_and(|stmts| {
            stmts.iter().any(|s| {
                matches!(
                    s.kind,
                    StmtKind::Barrier { .. } | StmtKind::NamedBarrier { .. }
                )
            })
        })
}

/// The statement of `slot` that is or contains `id`: its index there.
fn index_in(tree: &LabelTree, mut id: StmtId, slot: BlockSlot) -> Option<usize> {
    loop {
        let place = tree.place(id)?;
        if place.block == slot {
            return Some(place.index);
        }
        id = match place.block {
            BlockSlot::Body => return None,
            BlockSlot::Then(x)
            | BlockSlot::Else(x)
            | BlockSlot::LoopBody(x)
            | BlockSlot::LoopStep(x)
            | BlockSlot::LoopCond(x) => x,
        };
    }
}

/// Line number (1-based) of `offset` in `text`.
fn line_of(text: &str, offset: u32) -> usize {
    text.get(..offset as usize)
        .map_or(0, |t| t.matches('\n').count() + 1)
}

/// A candidate move: the barrier statement `from` of `slot`, to the point
/// before group `to` (or after the last group when `to == groups.len()`).
struct Candidate {
    slot: BlockSlot,
    from: usize,
    to: usize,
    distance: usize,
    kind: Movable,
}

/// The edit pair of a move, when the new point can be written as a line of
/// its own (not by wrapping an unbraced block or splitting a statement).
fn render(kernel: &Kernel, c: &Candidate, text: &str) -> Option<SyncEdit> {
    let block = block_ref(kernel, c.slot)?;
    // Only a braced block (or the body) can lose a statement without
    // leaving a dangling `if (..)`.
    if block.braces.is_none() && c.slot != BlockSlot::Body {
        return None;
    }
    let groups = groups(block, text)?;
    let from = groups.get(c.from)?;
    let index = match groups.get(c.to) {
        Some(g) => g.first,
        None => block.stmts.len(),
    };
    let point = ProgramPoint {
        block: c.slot,
        index,
    };
    let Some(Render::Line { offset, indent }) = render_point(block, point, text, kernel.span.file)
    else {
        return None;
    };
    let (removal, statement) = removal_with_comment(text, from.anchor)?;
    // The insertion must lie outside the deleted range.
    if offset > removal.span.start && offset < removal.span.end {
        return None;
    }
    let name = match c.kind {
        Movable::Warp => "`__syncwarp()`".to_string(),
        Movable::Named => "the named barrier".to_string(),
        Movable::Wait(_) => "the `cuda::barrier` wait".to_string(),
    };
    let (side, neighbour) = if c.to > c.from {
        ("after", groups.get(c.to - 1)?.anchor)
    } else {
        ("before", groups.get(c.to)?.anchor)
    };
    Some(SyncEdit {
        title: format!(
            "Move {name} from line {} to {side} line {}",
            line_of(text, from.anchor.start),
            line_of(text, neighbour.start)
        ),
        edits: vec![
            removal,
            TextEdit {
                span: Span {
                    file: from.anchor.file,
                    start: offset,
                    end: offset,
                },
                new_text: format!("\n{indent}{statement}"),
            },
        ],
    })
}

/// The edit deleting the statement at `span` and the text to write at the
/// new place: the statement, with the `//` comment that ends its line when
/// nothing else shares the line (the comment goes with it rather than stay
/// behind on a line of its own).
fn removal_with_comment(text: &str, span: Span) -> Option<(TextEdit, String)> {
    let statement = text.get(span.start as usize..span.end as usize)?;
    let line_start = text
        .get(..span.start as usize)?
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let rest = text.get(span.end as usize..)?;
    let line_end = span.end as usize + rest.find('\n').unwrap_or(rest.len());
    let before = text.get(line_start..span.start as usize)?;
    let after = text
        .get(span.end as usize..line_end)?
        .trim_end_matches('\r');
    if before.trim().is_empty() && after.trim_start().starts_with("//") && line_end < text.len() {
        let removal = TextEdit {
            span: Span {
                file: span.file,
                start: line_start as u32,
                end: line_end as u32 + 1,
            },
            new_text: String::new(),
        };
        return Some((removal, format!("{statement}{}", after.trim_end())));
    }
    Some((removal_edit(text, span), statement.to_string()))
}

/// Every movable barrier of the kernel: (block, its groups' index, kind).
fn movable_barriers(kernel: &Kernel, text: &str) -> Vec<(BlockSlot, usize, Movable)> {
    let tree = LabelTree::new(kernel);
    let mut slots: Vec<BlockSlot> = Vec::new();
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        if matches!(
            s.kind,
            StmtKind::Barrier {
                scope: BarrierScope::Warp,
                ..
            } | StmtKind::NamedBarrier { .. }
        ) {
            if let Some(p) = tree.place(s.id) {
                if !slots.contains(&p.block) {
                    slots.push(p.block);
                }
            }
        }
    });
    let mut out = Vec::new();
    for slot in slots {
        let Some(block) = block_ref(kernel, slot) else {
            continue;
        };
        let Some(groups) = groups(block, text) else {
            continue;
        };
        for (g, group) in groups.iter().enumerate() {
            if let Some(kind) = movable(block, group, kernel) {
                out.push((slot, g, kind));
            }
        }
    }
    out
}

/// Moves of an existing `__syncwarp()` or named barrier that may remove
/// `finding` (a race or a `barrier-deadlock`), nearest first, at most
/// [`MAX_MOVES`]. For a race: a barrier in a statement list holding (or
/// enclosing) one of the accesses moves just past that access's statement,
/// so the access ends up on the other side of it. For a deadlock: a named
/// barrier moves past the neighbouring barrier operation of its list (the
/// order in which roles meet barriers).
pub fn barrier_moves(kernel: &Kernel, finding: &Finding, text: &str) -> Vec<SyncEdit> {
    let tree = LabelTree::new(kernel);
    let mut candidates: Vec<Candidate> = Vec::new();
    let barriers = movable_barriers(kernel, text);
    match finding.kind {
        DiagnosticKind::Race | DiagnosticKind::AsyncCopy => {
            let Some(race) = &finding.race else {
                return Vec::new();
            };
            // Copies' landings are placed by the front end, not written:
            // for a copy only a `cuda::barrier` wait moves, to before the
            // thread's access (the copy joined a phase that wait completes).
            let is_copy = |id: StmtId| kernel.asyncs.accesses.contains(&id);
            let copy = is_copy(race.first) || is_copy(race.second);
            if copy != (finding.kind == DiagnosticKind::AsyncCopy) {
                return Vec::new();
            }
            for &(slot, from, kind) in &barriers {
                if copy && !matches!(kind, Movable::Wait(_)) {
                    continue;
                }
                let Some(block) = block_ref(kernel, slot) else {
                    continue;
                };
                let Some(groups) = groups(block, text) else {
                    continue;
                };
                let group_of = |access: StmtId| {
                    let index = index_in(&tree, access, slot)?;
                    groups
                        .iter()
                        .position(|g| g.first <= index && index <= g.last)
                };
                let written = |id: StmtId| if is_copy(id) { None } else { group_of(id) };
                let places = [written(race.first), written(race.second)];
                for (which, at) in places.iter().enumerate() {
                    let Some(at) = *at else { continue };
                    if copy && at > from {
                        // A wait after the access already follows it.
                        continue;
                    }
                    let (to, distance) = if at > from {
                        (at + 1, at - from)
                    } else if at < from {
                        (at, from - at)
                    } else {
                        continue;
                    };
                    // Within one iteration the barrier must end up between
                    // the two accesses: when the other one is in this list
                    // too, the new point must separate them (none does when
                    // both are in one statement).
                    let other = places[1 - which];
                    if race.relation == LoopRelation::IntraIteration {
                        if let Some(other) = other {
                            let (lo, hi) = (at.min(other), at.max(other));
                            if !(lo < to && to <= hi) {
                                continue;
                            }
                        }
                    }
                    if let Movable::Wait(token) = kind {
                        if !token_kept(block, &groups, from, to, token) {
                            continue;
                        }
                    }
                    candidates.push(Candidate {
                        slot,
                        from,
                        to,
                        distance,
                        kind,
                    });
                }
            }
        }
        DiagnosticKind::BarrierDeadlock => {
            for &(slot, from, kind) in &barriers {
                if kind != Movable::Named {
                    continue;
                }
                let Some(block) = block_ref(kernel, slot) else {
                    continue;
                };
                let Some(groups) = groups(block, text) else {
                    continue;
                };
                let next = (from + 1..groups.len()).find(|&g| has_barrier(block, &groups[g]));
                let prev = (0..from).rev().find(|&g| has_barrier(block, &groups[g]));
                if let Some(n) = next {
                    candidates.push(Candidate {
                        slot,
                        from,
                        to: n + 1,
                        distance: n - from,
                        kind,
                    });
                }
                if let Some(p) = prev {
                    candidates.push(Candidate {
                        slot,
                        from,
                        to: p,
                        distance: from - p,
                        kind,
                    });
                }
            }
        }
        _ => return Vec::new(),
    }
    candidates.sort_by_key(|c| c.distance);
    let mut out: Vec<SyncEdit> = Vec::new();
    for c in &candidates {
        if out.len() >= MAX_MOVES {
            break;
        }
        if let Some(edit) = render(kernel, c, text) {
            if !out.iter().any(|e| e.edits == edit.edits) {
                out.push(edit);
            }
        }
    }
    out
}

/// Whether the check of the moved kernel (`after`) accepts a move made for
/// a finding of `kind` in `before`: no finding of that kind is left (the
/// kernel is race-free, or deadlock-free), no deadlock, recycling or
/// divergence appeared, and there are fewer defects.
pub fn move_accepted(before: &KernelReport, after: &KernelReport, kind: DiagnosticKind) -> bool {
    if matches!(after.verdict, Verdict::Inconclusive | Verdict::Unsupported) {
        return false;
    }
    let count =
        |r: &KernelReport, k: DiagnosticKind| r.findings.iter().filter(|f| f.kind == k).count();
    let worse = [
        DiagnosticKind::BarrierDeadlock,
        DiagnosticKind::BarrierRecycling,
        DiagnosticKind::Divergence,
    ]
    .into_iter()
    .any(|k| count(after, k) > count(before, k));
    count(after, kind) == 0 && !worse && after.defects() < before.defects()
}

/// Whether a move whose edited kernel checked as `after` is safe: the
/// kernel is race-free with every named barrier checked for deadlock (the
/// check did not give up on them), so the move cannot make it hang or race.
pub fn move_is_safe(after: &KernelReport) -> bool {
    after.verdict == Verdict::RaceFree
        && !after.findings.iter().any(|f| {
            f.kind == DiagnosticKind::Imprecision
                && f.message.contains("deadlock freedom is not checked")
        })
}

/// The title of an accepted move: what it does and what the re-check found.
pub fn move_title(edit: &SyncEdit, after: &KernelReport) -> String {
    if move_is_safe(after) {
        format!("{} (re-checked: race-free and deadlock-free)", edit.title)
    } else {
        format!(
            "{} (re-checked: this finding is gone; {} other defect(s) remain, not safe on its own)",
            edit.title,
            after.defects()
        )
    }
}
