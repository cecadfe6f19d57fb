//! Candidate barrier locations: program points every thread of a block reaches
//! together (uniform), that map to a place in the user's text where a barrier
//! statement can be written (never inside macro expansions or a loop header;
//! inside an inlined device function's body only as a line in the function,
//! see [`Candidate::shared`]).

use crate::base::HashMap;

use crate::analysis::Uniformity;
use crate::config::CostModel;
use crate::frontend::builtins::{classify, BuiltinKind};
use crate::ir::walk::{child_blocks, BlockSlot, LabelTree, ProgramPoint};
use crate::ir::{Block, Kernel, ScalarTy, SourceFileInfo, Span, Stmt, StmtId, StmtKind};

use super::cost::cost;
use super::edits::{indent_of_line, indent_unit, insertion_offset_after, Render, SplitPlan};

/// Linear layout of a kernel's label tree: positions of program points and of
/// statement entries/exits in program text order, and the block hierarchy.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Label tree index.
    pub tree: LabelTree,
    /// Position of each statement's entry (before its children).
    pub pre: HashMap<StmtId, usize>,
    /// Position of each statement's exit (after its children).
    pub post: HashMap<StmtId, usize>,
    /// Position of each program point.
    pub point_pos: HashMap<ProgramPoint, usize>,
    /// Parent block of each nested block.
    pub parent: HashMap<BlockSlot, BlockSlot>,
    /// Number of statements in each block.
    pub block_len: HashMap<BlockSlot, usize>,
}

impl Layout {
    /// Computes the layout.
    pub fn new(kernel: &Kernel) -> Layout {
        let mut layout = Layout {
            tree: LabelTree::new(kernel),
            ..Layout::default()
        };
        let mut counter = 0usize;
        layout.visit(&kernel.body, BlockSlot::Body, &mut counter);
        layout
    }

    fn visit(&mut self, block: &Block, slot: BlockSlot, counter: &mut usize) {
        self.block_len.insert(slot, block.stmts.len());
        for (index, stmt) in block.stmts.iter().enumerate() {
            self.point_pos
                .insert(ProgramPoint { block: slot, index }, *counter);
            *counter += 1;
            self.pre.insert(stmt.id, *counter);
            *counter += 1;
            for (child_slot, child) in child_slots(stmt) {
                self.parent.insert(child_slot, slot);
                self.visit(child, child_slot, counter);
            }
            self.post.insert(stmt.id, *counter);
            *counter += 1;
        }
        self.point_pos.insert(
            ProgramPoint {
                block: slot,
                index: block.stmts.len(),
            },
            *counter,
        );
        *counter += 1;
    }

    /// Blocks enclosing a statement, innermost first (`blks(l)`).
    pub fn blocks_of(&self, id: StmtId) -> Vec<BlockSlot> {
        let mut out = Vec::new();
        if let Some(place) = self.tree.place(id) {
            let mut slot = place.block;
            out.push(slot);
            while let Some(p) = self.parent.get(&slot) {
                slot = *p;
                out.push(slot);
            }
        }
        out
    }

    /// `(|loops|, |conds|)` of a point in `slot`.
    pub fn nesting(&self, slot: BlockSlot) -> (u32, u32) {
        let owner = match slot {
            BlockSlot::Body => return (0, 0),
            BlockSlot::Then(id) | BlockSlot::Else(id) => (id, false),
            BlockSlot::LoopBody(id) | BlockSlot::LoopStep(id) | BlockSlot::LoopCond(id) => {
                (id, true)
            }
        };
        let loops = self.tree.loops(owner.0).len() as u32 + u32::from(owner.1);
        let conds = self.tree.conds(owner.0).len() as u32 + u32::from(!owner.1);
        (loops, conds)
    }
}

/// The blocks nested in a statement with their slots.
pub fn child_slots(stmt: &Stmt) -> Vec<(BlockSlot, &Block)> {
    match &stmt.kind {
        StmtKind::If { then_, else_, .. } => {
            vec![
                (BlockSlot::Then(stmt.id), then_),
                (BlockSlot::Else(stmt.id), else_),
            ]
        }
        StmtKind::Loop {
            cond_prelude,
            body,
            step,
            ..
        } => vec![
            (BlockSlot::LoopCond(stmt.id), cond_prelude),
            (BlockSlot::LoopBody(stmt.id), body),
            (BlockSlot::LoopStep(stmt.id), step),
        ],
        _ => {
            debug_assert!(child_blocks(stmt).is_empty());
            Vec::new()
        }
    }
}

/// A candidate barrier location.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The point in the (barrier-free) base kernel.
    pub point: ProgramPoint,
    /// Position in program text order.
    pub pos: usize,
    /// |loops(l)|.
    pub loops: u32,
    /// |conds(l)|.
    pub conds: u32,
    /// C(l).
    pub cost: f64,
    /// How to write a new barrier here; None when only an existing barrier can stay here.
    pub render: Option<Render>,
    /// For a point the uniformity analysis calls divergent only because of
    /// an earlier thread-dependent `return`: that return's cause. The checker
    /// decides such a barrier's divergence (it knows the launch: a `return`
    /// of the threads past a multiple of the block size leaves whole blocks);
    /// a candidate placement with a divergent barrier here is rejected and
    /// its points excluded (AutoSync's Algorithm 1, line 25).
    pub after_return: Option<StmtId>,
    /// The blocks a barrier here runs in whenever they run, innermost first
    /// (see [`runs_with`]): its own block, then, through the first iteration
    /// of each loop every thread enters (see
    /// `analysis::intervals::surely_entered_loops`) and that reaches it (no
    /// `break`, `continue` or `return` before it in the body), the block the
    /// loop statement is in, and so on outwards through nested entered loops.
    /// A barrier here orders two accesses whose every path passes through one
    /// of these blocks at its position (see `constraints::encloses`). Each
    /// block comes with whether every path through it reaches the position
    /// (no jump before it in that block).
    pub runs_with: Vec<(BlockSlot, bool)>,
    /// For a point inside an inlined device function's body: the offset of
    /// its line in the function's text. Every point with the same offset (the
    /// copies of the function, one per call) gets a barrier from that one
    /// line, so their variables are tied (all or none: blocking clauses in `repairs`),
    /// and none is a candidate unless all are.
    pub shared: Option<u32>,
}

/// Barriers in both arms of an `if` whose arms both hold candidates (so its
/// condition is uniform: every thread of the block takes the same arm): one
/// barrier runs whichever arm the threads take, so together they order two
/// accesses on either side of the `if` like one barrier at the `if` would.
/// A MaxSAT variable of its own that implies a barrier in each arm (see
/// `maxsat::Problem::joint`); without it the least-cost placement could
/// never reuse barriers the arms need anyway.
#[derive(Clone, Debug)]
pub struct JointOption {
    /// The `if` statement.
    pub stmt: StmtId,
    /// Positions of the statement's entry and exit in program text order.
    pub pre: usize,
    /// See `pre`.
    pub post: usize,
    /// The blocks the pair runs in whenever they run (as
    /// [`Candidate::runs_with`], from the block holding the `if`).
    pub runs_with: Vec<(BlockSlot, bool)>,
    /// For each arm, the variables (candidate indices, or `cands.len() + k`
    /// for joint option k, always an inner one) of which one runs whenever
    /// the arm runs.
    pub arms: [Vec<usize>; 2],
}

/// The blocks a barrier at `index` of `slot` runs in whenever they run
/// (see [`Candidate::runs_with`]).
fn runs_with(
    base: &Kernel,
    layout: &Layout,
    entered: &crate::base::HashSet<StmtId>,
    slot: BlockSlot,
    index: usize,
) -> Vec<(BlockSlot, bool)> {
    let mut out = Vec::new();
    let (mut slot, mut index) = (slot, index);
    loop {
        let clean = crate::ir::walk::block_ref(base, slot)
            .is_some_and(|b| !b.stmts[..index.min(b.stmts.len())].iter().any(jumps));
        out.push((slot, clean));
        let BlockSlot::LoopBody(id) = slot else { break };
        if !clean || !entered.contains(&id) {
            break;
        }
        let Some(place) = layout.tree.place(id) else {
            break;
        };
        (slot, index) = (place.block, place.index);
    }
    out
}

/// Most joint options of a kernel (each a variable of every MaxSAT round).
const MAX_JOINT_OPTIONS: usize = 512;

/// The range of the kernel-level source statement a KPL statement belongs to:
/// for inlined statements, the statement containing the outermost call.
pub fn anchor(stmt: &Stmt, text: &str) -> Option<Span> {
    let span = match stmt.inlined_at {
        Some(call) => enclosing_statement(text, call)?,
        None => stmt.stmt_span,
    };
    (span.start <= span.end && (span.end as usize) <= text.len()).then_some(span)
}

/// Expands a call expression to the statement around it: back to the previous
/// `;`, `{` or `}` and forward to the `;` that closes it.
fn enclosing_statement(text: &str, call: Span) -> Option<Span> {
    let bytes = text.as_bytes();
    let mut start = call.start as usize;
    if start > bytes.len() || call.end as usize > bytes.len() {
        return None;
    }
    let mut depth = 0i32;
    while start > 0 {
        let c = bytes[start - 1];
        match c {
            b')' | b']' => depth += 1,
            b'(' | b'[' => depth -= 1,
            b';' | b'{' | b'}' if depth <= 0 => break,
            _ => {}
        }
        start -= 1;
    }
    while start < bytes.len() && bytes[start].is_ascii_whitespace() {
        start += 1;
    }
    let mut end = call.end as usize;
    let mut depth = 0i32;
    while end < bytes.len() {
        match bytes[end] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b';' if depth <= 0 => {
                return Some(Span {
                    file: call.file,
                    start: start as u32,
                    end: end as u32 + 1,
                })
            }
            _ => {}
        }
        end += 1;
    }
    None
}

/// Everything candidate enumeration needs.
pub struct CandidateSet {
    /// Candidates by point.
    pub cands: Vec<Candidate>,
    /// Index of each candidate point.
    pub index: HashMap<ProgramPoint, usize>,
    /// The layout of the base kernel.
    pub layout: Layout,
    /// Barriers in both arms of an `if`, as MaxSAT variables `cands.len() + k`.
    pub joint: Vec<JointOption>,
}

impl CandidateSet {
    /// Enumerates the candidate points of `base` (a kernel without the barriers
    /// under synthesis). `keep` are points with an existing barrier, kept as
    /// candidates even when no new barrier could be written there.
    pub fn new(
        base: &Kernel,
        files: &[SourceFileInfo],
        model: &CostModel,
        keep: &[ProgramPoint],
    ) -> CandidateSet {
        let layout = Layout::new(base);
        let uniformity = Uniformity::compute(base);
        let text = files
            .get(base.span.file.0 as usize)
            .map(|f| f.text.as_str())
            .unwrap_or("");
        let mut points: Vec<(ProgramPoint, usize)> =
            layout.point_pos.iter().map(|(p, pos)| (*p, *pos)).collect();
        points.sort_by_key(|(_, pos)| *pos);
        let in_flight = copies_in_flight(base, &layout);
        let waits: Vec<Span> = base
            .asyncs
            .completions
            .iter()
            .filter_map(|&(span, inlined_at)| match inlined_at {
                Some(call) => enclosing_statement(text, call),
                None => Some(span),
            })
            .filter(|w| w.file == base.span.file && w.start < w.end)
            .collect();
        let entered = crate::analysis::intervals::surely_entered_loops(base);
        let mut cands = Vec::new();
        let mut index = HashMap::default();
        // Lines in a device function some copy of which is no candidate.
        let mut unusable_lines: crate::base::HashSet<u32> = crate::base::HashSet::default();
        for (point, pos) in points {
            let Some(block) = crate::ir::walk::block_ref(base, point.block) else {
                continue;
            };
            let shared = shared_line(block, point, text, base.span.file);
            let after_return = uniformity.after_return_cause(point);
            if (!uniformity.is_uniform_point(point) && after_return.is_none())
                || in_flight.iter().any(|&(from, to)| pos > from && pos < to)
                || matches!(point.block, BlockSlot::LoopStep(_) | BlockSlot::LoopCond(_))
            {
                unusable_lines.extend(shared);
                continue;
            }
            let render = render_point(block, point, text, base.span.file)
                .filter(|r| !wraps_part_of_its_statement(base, point.block, r, text))
                .map(|r| after_waits(r, block, point, text, &waits));
            if render.is_none() && !keep.contains(&point) {
                continue;
            }
            let (loops, conds) = layout.nesting(point.block);
            let runs_with = runs_with(base, &layout, &entered, point.block, point.index);
            index.insert(point, cands.len());
            cands.push(Candidate {
                point,
                pos,
                loops,
                conds,
                cost: cost(model, loops, conds),
                render,
                after_return,
                runs_with,
                shared,
            });
        }
        // A barrier written in a device function runs in every copy of it: a
        // line one copy cannot hold (a call in a thread-dependent branch,
        // where it would diverge) holds no barrier at all.
        for c in &mut cands {
            if c.shared.is_some_and(|line| unusable_lines.contains(&line)) {
                c.render = None;
            }
        }
        let joint = joint_options(base, &layout, &entered, &cands);
        CandidateSet {
            cands,
            index,
            layout,
            joint,
        }
    }
}

/// The joint options of `base`'s `if` statements, inner ones first (an
/// outer arm may use an inner option).
fn joint_options(
    base: &Kernel,
    layout: &Layout,
    entered: &crate::base::HashSet<StmtId>,
    cands: &[Candidate],
) -> Vec<JointOption> {
    let mut ifs: Vec<(usize, StmtId)> = Vec::new();
    crate::ir::walk::for_each_stmt(&base.body, &mut |s| {
        if matches!(s.kind, StmtKind::If { .. }) {
            ifs.push((layout.blocks_of(s.id).len(), s.id));
        }
    });
    // Deepest first; then by position, for a deterministic order.
    ifs.sort_by_key(|&(depth, id)| (std::cmp::Reverse(depth), layout.pre.get(&id).copied()));
    // The variables each block runs on every path through it (see `arm`).
    let mut on_every_path: HashMap<BlockSlot, Vec<usize>> = HashMap::default();
    for (i, c) in cands.iter().enumerate() {
        for &(slot, clean) in &c.runs_with {
            if clean {
                on_every_path.entry(slot).or_default().push(i);
            }
        }
    }
    let mut joint: Vec<JointOption> = Vec::new();
    for (_, id) in ifs {
        if joint.len() >= MAX_JOINT_OPTIONS {
            break;
        }
        let (Some(&pre), Some(&post), Some(place)) = (
            layout.pre.get(&id),
            layout.post.get(&id),
            layout.tree.place(id),
        ) else {
            continue;
        };
        // A variable runs whenever an arm runs when the arm is one of its
        // blocks and every path through the arm reaches it.
        let arm = |slot: BlockSlot| on_every_path.get(&slot).cloned().unwrap_or_default();
        let arms = [arm(BlockSlot::Then(id)), arm(BlockSlot::Else(id))];
        if arms.iter().any(Vec::is_empty) {
            continue;
        }
        let with = runs_with(base, layout, entered, place.block, place.index);
        let k = cands.len() + joint.len();
        for &(slot, clean) in &with {
            if clean {
                on_every_path.entry(slot).or_default().push(k);
            }
        }
        joint.push(JointOption {
            stmt: id,
            pre,
            post,
            runs_with: with,
            arms,
        });
    }
    joint
}

/// Whether `stmt` contains a `break`, `continue` or `return` (at any depth).
fn jumps(stmt: &Stmt) -> bool {
    let mut found = false;
    let mut visit = |s: &Stmt| {
        found |= matches!(
            s.kind,
            StmtKind::Break | StmtKind::Continue | StmtKind::Return
        );
    };
    visit(stmt);
    for child in child_blocks(stmt) {
        crate::ir::walk::for_each_stmt(child, &mut visit);
    }
    found
}

/// Text-order ranges `(after the copy, before its wait)` in which an OpenCL
/// `async_work_group_copy` may still be running. The copy happens at any time
/// until `wait_group_events` (OpenCL C 6.13.10), so a barrier written in that
/// range orders none of its accesses: the front end repeats them at the wait
/// when it sees such a barrier, while the barrier-free base kernel has them only
/// at the call. Such points are no candidates, so the placement the synthesizer
/// checks is the one the re-lowered text has.
fn copies_in_flight(base: &Kernel, layout: &Layout) -> Vec<(usize, usize)> {
    let mut copies = Vec::new();
    let mut waits = Vec::new();
    crate::ir::walk::for_each_stmt(&base.body, &mut |s| {
        if let StmtKind::Collective { name, .. } = &s.kind {
            match classify(name) {
                Some(BuiltinKind::AsyncCopy) => copies.extend(layout.post.get(&s.id).copied()),
                Some(BuiltinKind::AsyncWait) => waits.extend(layout.pre.get(&s.id).copied()),
                _ => {}
            }
        }
    });
    copies
        .into_iter()
        .map(|from| {
            // Without a later wait the copy is in flight to the end of the kernel.
            let to = waits
                .iter()
                .copied()
                .filter(|&w| w > from)
                .min()
                .unwrap_or(usize::MAX);
            (from, to)
        })
        .collect()
}

/// `render` moved past the waits of asynchronous copies written between the
/// point's statements. A CUDA wait (`__pipeline_wait_prior`, `cp.async.wait_group`)
/// lowers to no statement, so one point of the kernel stands for the text
/// before and after it; but a barrier written before the wait while the copy
/// is in flight gets the copy's landing after it (see `frontend::calls::named`)
/// where the checked kernel has none, and the re-check of the text fails. After
/// the wait the text lowers to the checked kernel.
fn after_waits(
    render: Render,
    block: &Block,
    point: ProgramPoint,
    text: &str,
    waits: &[Span],
) -> Render {
    let Render::Line { offset, indent } = render else {
        return render;
    };
    let next = block.stmts.get(point.index).and_then(|s| anchor(s, text));
    let limit = match next {
        Some(a) => a.start,
        None => block.braces.map_or(u32::MAX, |b| b.end),
    };
    let last_wait = waits
        .iter()
        .filter(|w| w.start >= offset && w.end <= limit)
        .max_by_key(|w| w.end);
    match last_wait {
        Some(w) => Render::Line {
            offset: insertion_offset_after(text, w.end, next.map(|a| a.start)),
            indent: indent_of_line(text, w.start),
        },
        None => Render::Line { offset, indent },
    }
}

/// Whether `render` wraps the statements of an unbraced branch that starts
/// where the `if` or loop it belongs to starts: a branch the front end made
/// inside one source statement (`float x = c ? s[i] : s[j];` lowers to an
/// `if`), whose braces would put the declaration, and so the variable, in a
/// scope of its own. A branch written as such starts after its `if (...)`,
/// `else` or loop header.
fn wraps_part_of_its_statement(
    base: &Kernel,
    slot: BlockSlot,
    render: &Render,
    text: &str,
) -> bool {
    let Render::Wrap { open, .. } = render else {
        return false;
    };
    let owner = match slot {
        BlockSlot::Then(id)
        | BlockSlot::Else(id)
        | BlockSlot::LoopBody(id)
        | BlockSlot::LoopStep(id)
        | BlockSlot::LoopCond(id) => id,
        BlockSlot::Body => return false,
    };
    crate::ir::walk::find_stmt(&base.body, owner)
        .and_then(|s| anchor(s, text))
        .is_none_or(|a| a.start >= *open)
}

/// How a barrier at `point` would be written, or None when it cannot be.
pub(crate) fn render_point(
    block: &Block,
    point: ProgramPoint,
    text: &str,
    file: crate::ir::FileId,
) -> Option<Render> {
    let k = point.index;
    let prev = k.checked_sub(1).and_then(|i| block.stmts.get(i));
    let next = block.stmts.get(k);
    if let Some(call) = inlined_call(prev, next) {
        return render_in_callee(block, prev, next, call, text, file);
    }
    let anchor_of = |s: &Stmt| anchor(s, text).filter(|a| a.file == file && a.start < a.end);
    let ap = match prev {
        Some(s) => Some(anchor_of(s)?),
        None => None,
    };
    let an = match next {
        Some(s) => Some(anchor_of(s)?),
        None => None,
    };
    if let (Some(a), Some(b)) = (ap, an) {
        if a == b {
            return plan_split(block, k, a, text).map(Render::Split);
        }
        if a.end > b.start {
            return None;
        }
    }
    let braced = block
        .braces
        .filter(|b| b.file == file && text.as_bytes().get(b.start as usize) == Some(&b'{'));
    match braced {
        None if point.block == BlockSlot::Body => {
            let a = ap?;
            let offset = insertion_offset_after(text, a.end, an.map(|s| s.start));
            Some(Render::Line {
                offset,
                indent: indent_of_line(text, a.start),
            })
        }
        None => {
            // Unbraced branch or loop body: only the two ends, by wrapping.
            let first = anchor_of(block.stmts.first()?)?;
            let last = anchor_of(block.stmts.last()?)?;
            if k == 0 {
                Some(Render::Wrap {
                    open: first.start,
                    close: last.end,
                    before: true,
                })
            } else if k == block.stmts.len() {
                Some(Render::Wrap {
                    open: first.start,
                    close: last.end,
                    before: false,
                })
            } else {
                None
            }
        }
        Some(braces) => {
            if let Some(a) = ap {
                if a.start < braces.start || a.end > braces.end {
                    return None;
                }
                let offset = insertion_offset_after(text, a.end, an.map(|s| s.start));
                return Some(Render::Line {
                    offset,
                    indent: indent_of_line(text, a.start),
                });
            }
            let open = braces.start + 1;
            if let Some(b) = an {
                if b.start < open {
                    return None;
                }
            }
            let offset = insertion_offset_after(text, open, an.map(|s| s.start));
            let indent = match an {
                Some(b) if line_start(text, b.start) > braces.start => {
                    indent_of_line(text, b.start)
                }
                _ => format!(
                    "{}{}",
                    indent_of_line(text, braces.start),
                    indent_unit(text)
                ),
            };
            Some(Render::Line { offset, indent })
        }
    }
}

/// The call both neighbours of a point were inlined from (the outermost
/// call, see [`Stmt::inlined_at`]), when every neighbour is such a statement
/// and none comes from a macro expansion: the point is inside the body of a
/// device function, and a barrier there is written in that function.
fn inlined_call(prev: Option<&Stmt>, next: Option<&Stmt>) -> Option<Span> {
    let mut call = None;
    for s in [prev, next].into_iter().flatten() {
        if s.in_macro {
            return None;
        }
        let at = s.inlined_at?;
        if call.is_some_and(|c| c != at) {
            return None;
        }
        call = Some(at);
    }
    call
}

/// How a barrier at a point inside an inlined device function's body is
/// written: as a line of its own in the function's text, between the two
/// source statements around the point (their `stmt_span`s, in the function),
/// only when both are whole statements of the same file as the kernel, one
/// right after the other in the text (nothing but blanks and comments
/// between them, so the line runs exactly between the two: not at the end of
/// a nested callee's body standing for the point after its call); at the
/// start or end of a block, inside the block's braces, which must be the
/// function's own. A split of a statement, a wrapped unbraced body, or a
/// point at the edge of the spliced top-level body (its block is the
/// caller's) is not written. The line is in the function, so
/// every inlined copy of the point (every call, in every kernel) gets the
/// barrier: see [`Candidate::shared`].
fn render_in_callee(
    block: &Block,
    prev: Option<&Stmt>,
    next: Option<&Stmt>,
    call: Span,
    text: &str,
    file: crate::ir::FileId,
) -> Option<Render> {
    let whole = |s: &Stmt| {
        let a = s.stmt_span;
        (a.file == file && a.start < a.end && (a.end as usize) <= text.len()).then_some(a)
    };
    let ap = match prev {
        Some(s) => Some(whole(s)?),
        None => None,
    };
    let an = match next {
        Some(s) => Some(whole(s)?),
        None => None,
    };
    // The call itself is in the kernel: a statement "of the function" whose
    // range covers the call is the kernel's statement, not the function's.
    let inside_call = |a: Span| a.start <= call.start && call.end <= a.end;
    if ap.is_some_and(inside_call) || an.is_some_and(inside_call) {
        return None;
    }
    // The top-level statements of the function's body are spliced into the
    // caller's list, whose braces are the caller's: a point between two of
    // them is still written between them (two statements one right after
    // the other in the text are in one statement list), but the edges of
    // that list need the function's own braces.
    let braces = block
        .braces
        .filter(|b| b.file == file && text.as_bytes().get(b.start as usize) == Some(&b'{'));
    let within = |a: Span| braces.is_some_and(|b| a.start > b.start && a.end <= b.end);
    let both = ap.is_some() && an.is_some();
    if !both && (!ap.is_none_or(within) || !an.is_none_or(within)) {
        return None;
    }
    // A line after a `return`, `break` or `continue` of the function would
    // never run.
    let jumps_away = |a: Span| {
        text.get(a.start as usize..a.end as usize)
            .map(str::trim_start)
            .is_some_and(|t| {
                ["return", "break", "continue", "goto"].iter().any(|k| {
                    t.strip_prefix(k)
                        .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
                })
            })
    };
    if ap.is_some_and(jumps_away) {
        return None;
    }
    match (ap, an) {
        (Some(a), Some(b)) => {
            if a == b || a.end > b.start || !only_blanks(text, a.end, b.start) {
                return None;
            }
            Some(Render::Line {
                offset: insertion_offset_after(text, a.end, Some(b.start)),
                indent: indent_of_line(text, a.start),
            })
        }
        (Some(a), None) => {
            let braces = braces?;
            if !only_blanks(text, a.end, braces.end.saturating_sub(1)) {
                return None;
            }
            Some(Render::Line {
                offset: insertion_offset_after(text, a.end, None),
                indent: indent_of_line(text, a.start),
            })
        }
        (None, Some(b)) => {
            let open = braces?.start + 1;
            if !only_blanks(text, open, b.start) {
                return None;
            }
            Some(Render::Line {
                offset: insertion_offset_after(text, open, Some(b.start)),
                indent: indent_of_line(text, b.start),
            })
        }
        (None, None) => None,
    }
}

/// The line a barrier at `point` would be written on when the point is
/// inside an inlined device function's body (see [`Candidate::shared`]).
fn shared_line(
    block: &Block,
    point: ProgramPoint,
    text: &str,
    file: crate::ir::FileId,
) -> Option<u32> {
    let prev = point.index.checked_sub(1).and_then(|i| block.stmts.get(i));
    let next = block.stmts.get(point.index);
    let call = inlined_call(prev, next)?;
    match render_in_callee(block, prev, next, call, text, file)? {
        Render::Line { offset, .. } => Some(offset),
        _ => None,
    }
}

/// Whether `text[from..to]` holds only whitespace and comments.
fn only_blanks(text: &str, from: u32, to: u32) -> bool {
    let Some(mut rest) = text.get(from as usize..to as usize) else {
        return false;
    };
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return true;
        }
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(r) = rest.strip_prefix("/*") {
            match r.split_once("*/") {
                Some((_, after)) => rest = after,
                None => return false,
            }
        } else {
            return false;
        }
    }
}

fn line_start(text: &str, offset: u32) -> u32 {
    let upto = &text.as_bytes()[..(offset as usize).min(text.len())];
    upto.iter()
        .rposition(|&c| c == b'\n')
        .map(|i| i as u32 + 1)
        .unwrap_or(0)
}

/// Plans splitting the source statement `anchor` at KPL index `k` of `block`.
fn plan_split(block: &Block, k: usize, anchor: Span, text: &str) -> Option<SplitPlan> {
    block.braces?;
    let mut g0 = k;
    while g0 > 0
        && block
            .stmts
            .get(g0 - 1)
            .is_some_and(|s| s.stmt_span == anchor && s.inlined_at.is_none())
    {
        g0 -= 1;
    }
    let mut g1 = k;
    while block
        .stmts
        .get(g1)
        .is_some_and(|s| s.stmt_span == anchor && s.inlined_at.is_none())
    {
        g1 += 1;
    }
    let before = block.stmts.get(g0..k)?;
    let after = block.stmts.get(k..g1)?;
    if before.is_empty() || after.is_empty() {
        return None;
    }
    if before
        .iter()
        .chain(after)
        .any(|s| s.in_macro || s.inlined_at.is_some())
    {
        return None;
    }
    let stmt_text = text.get(anchor.start as usize..anchor.end as usize)?.trim();
    let first_word: String = stmt_text
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    // An `if` whose condition reads what its branches write: the condition's
    // reads go to temporaries before the `if`, where every thread of the block
    // still is, and the barrier follows them. Only a plain condition: with
    // `&&`, `||` or `?:` a read may not be evaluated at all, and a condition
    // with side effects would change order (`if_condition_text` says which).
    let split_condition = first_word == "if"
        && after
            .last()
            .is_some_and(|s| matches!(s.kind, StmtKind::If { .. }))
        && super::repairs::if_condition_text(text, anchor)
            .is_some_and(|c| !c.contains("&&") && !c.contains("||") && !c.contains('?'));
    if !split_condition
        && (!stmt_text.ends_with(';')
            || matches!(
                first_word.as_str(),
                "if" | "for" | "while" | "do" | "switch" | "return" | "else" | "case"
            ))
    {
        return None;
    }
    let write_spans: Vec<Span> = after
        .iter()
        .filter(|s| matches!(s.kind, StmtKind::Write { .. } | StmtKind::Atomic { .. }))
        .map(|s| s.span)
        .collect();
    if write_spans.is_empty() && !split_condition {
        return None;
    }
    let mut reads: Vec<(Span, ScalarTy)> = Vec::new();
    for s in before {
        match &s.kind {
            StmtKind::Read { access, .. } => {
                let overlaps_write = write_spans.iter().any(|w| overlaps(*w, s.span));
                if overlaps_write {
                    continue;
                }
                if s.span.start < anchor.start
                    || s.span.end > anchor.end
                    || s.span.start >= s.span.end
                {
                    return None;
                }
                reads.push((s.span, access.ty));
            }
            StmtKind::Assign { .. } | StmtKind::Havoc { .. } => {}
            _ => return None,
        }
    }
    if reads.is_empty() {
        return None;
    }
    for (i, a) in reads.iter().enumerate() {
        if reads.iter().skip(i + 1).any(|b| overlaps(a.0, b.0)) {
            return None;
        }
    }
    Some(SplitPlan {
        stmt_start: anchor.start,
        indent: indent_of_line(text, anchor.start),
        reads,
    })
}

fn overlaps(a: Span, b: Span) -> bool {
    a.start < b.end && b.start < a.end
}
