//! Barrier intervals: which pairs of statements two threads of a block can
//! execute between the same two barrier instances.
//!
//! In SDV with non-divergent barriers, all threads of a block execute the same
//! sequence of barriers. Thread 1 at `a` and thread 2 at `b` are then in the same
//! barrier interval iff the last barrier instance each executed is the same one:
//! some node `p` (a barrier or the kernel entry) reaches both `a` and `b` along
//! control-flow paths that pass no barrier. Loop iterations are told apart by
//! back edges: in the same iteration of a common loop the paths must not cross
//! its back edge; in different iterations of the common loop at depth `j`, the
//! path to the later access crosses that loop's back edge at least once.
//!
//! A loop `L` around only one of the accesses (`x` inside, `y` after it) needs
//! care: loops are uniform (a thread-dependent loop with a barrier is reported
//! as divergence), so if thread 2 left `L` through its final test after `m`
//! back edges from `p`, thread 1 inside `L` has crossed fewer than `m` (it is
//! in an iteration that exists). The backward searches count back-edge
//! crossings of such loops (0, 1, "2 or more") and the meeting point must be
//! consistent.
//!
//! A branch on a block-uniform condition with a barrier inside needs care
//! too (`if (n >= 256) { s[t] += ...; __syncthreads(); }` then a read after
//! it): a path into the branch and a path around it cannot both be taken at
//! the same dynamic instance of the `if`. Both threads start from the same
//! barrier instance `p`; if neither path crosses a back edge of a loop around
//! the `if` between `p` and the `if`, both reach the first instance of the
//! `if` after `p`, which is one dynamic instance (same iteration of every
//! loop around it), where a uniform condition has one value in every thread
//! of the block. The backward searches record the branch each path took at
//! such an `if` and the meeting point must agree. The condition test of a
//! loop every iteration of which runs a barrier is recorded the same way,
//! at its first instance after the meeting point (both threads reach that
//! one instance, and a thread entering an iteration the other leaves at
//! would run a barrier the other never reaches: see
//! `Cfg::reached_loop_tests`). So a thread that left an inner loop for the
//! next iteration of an outer loop does not meet one still inside the inner
//! loop after the same barrier. Everything else is path-insensitive, so the
//! analysis over-approximates the pairs that can meet.

use crate::base::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use crate::ir::eval::{eval_expr, Value};
use crate::ir::walk::LabelTree;
use crate::ir::{Block, Kernel, MemSpace, StmtId, StmtKind};

/// Which barriers separate accesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocking {
    /// Block barriers ordering shared/local memory (and grid barriers).
    Shared,
    /// Block barriers ordering global memory (and grid barriers), threads of one block.
    Global,
    /// Only grid barriers (threads of different blocks).
    GridOnly,
    /// Like `Shared`, for two threads of one warp: warp barriers count too.
    SharedInWarp,
    /// Like `Global`, for two threads of one warp: warp barriers count too.
    GlobalInWarp,
    /// Like `SharedInWarp`, for two threads of one warp whose lanes are
    /// both in the warp masks of the classes in the bit set (see
    /// [`Cfg::warp_mask_classes`]): the `__syncwarp(mask)` barriers of those
    /// masks count too.
    SharedInWarpMasks(u8),
    /// Like `GlobalInWarp`, with the masked warp barriers of the classes in
    /// the bit set (as `SharedInWarpMasks`).
    GlobalInWarpMasks(u8),
}

impl Blocking {
    /// The blocking mode for accesses to memory of `space` by threads of one block.
    pub fn for_space(space: MemSpace) -> Blocking {
        match space {
            MemSpace::Shared => Blocking::Shared,
            MemSpace::Global | MemSpace::Constant => Blocking::Global,
        }
    }

    /// The same mode for two threads of one warp.
    pub fn in_warp(self) -> Blocking {
        match self {
            Blocking::Shared => Blocking::SharedInWarp,
            Blocking::Global => Blocking::GlobalInWarp,
            other => other,
        }
    }

    /// The same mode for two threads of one warp whose lanes are both in
    /// the masks of the classes in `classes` (and in no other).
    pub fn in_warp_masks(self, classes: u8) -> Blocking {
        match self {
            Blocking::Shared | Blocking::SharedInWarp => Blocking::SharedInWarpMasks(classes),
            Blocking::Global | Blocking::GlobalInWarp => Blocking::GlobalInWarpMasks(classes),
            other => other,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    Normal,
    /// The back edge of a loop (latch to the loop's condition).
    Back(StmtId),
    /// A loop's condition test failing: header to the code after the loop.
    Exit(StmtId),
    /// A `break` leaving a loop.
    Break(StmtId),
    /// From an `if` into its then (true) or else (false) branch.
    Branch(StmtId, bool),
    /// A loop's condition test passing: header (or first test) to the body.
    Enter(StmtId),
}

#[derive(Clone, Copy, Debug, Default)]
struct BarrierNode {
    grid: bool,
    warp: bool,
    /// For a `__syncwarp(mask)` of a resolved mask: its class (see
    /// [`Cfg::warp_mask_classes`]).
    mask: Option<u8>,
    local: bool,
    global: bool,
}

/// The control-flow graph of a kernel at statement granularity.
#[derive(Clone, Debug)]
pub struct Cfg {
    preds: Vec<Vec<(usize, Edge)>>,
    /// `if`s on a block-uniform condition with a barrier in a branch.
    uniform_ifs: HashSet<StmtId>,
    /// `if`s on a block-uniform condition with a `break` or `continue` in a
    /// branch and no access-enclosing role: tracked for every pair (see
    /// [`Cfg::tracked_ifs`]).
    jump_ifs: Vec<StmtId>,
    node_of: HashMap<StmtId, usize>,
    barrier: Vec<Option<BarrierNode>>,
    tree: LabelTree,
    /// Loops whose first condition test is true in every execution (see
    /// `surely_entered_loops`).
    entered: HashSet<StmtId>,
    /// Results of [`Cfg::back_reach`] by its arguments: pair enumeration
    /// asks the same search for every pair an access is part of.
    reach_memo: ReachMemo,
    /// Interval starts per mode (see [`Cfg::may_share_interval`]), computed
    /// on first use.
    starts_memo: StartsMemo,
    /// A grid-level barrier exists (asked for every pair: kept, not searched).
    grid_barrier: bool,
    /// A warp-level barrier exists.
    warp_barrier: bool,
    /// The class of each entry of `Kernel::warp_masks` whose mask is
    /// resolved (see [`crate::analysis::warp_masks::resolved`]): equal
    /// resolved masks share one.
    mask_class: Vec<Option<u8>>,
    /// The resolved mask of each class.
    mask_classes: Vec<crate::ir::Expr>,
    /// Barrier-complete loops (see [`Cfg::reached_loop_tests`]), innermost
    /// first: for threads of one block (block or grid barriers), and for
    /// threads of different blocks (grid barriers only).
    complete_loops: Vec<LoopTests>,
    grid_complete_loops: Vec<LoopTests>,
    /// The nodes of every loop, recorded while the graph is built.
    loop_shapes: Vec<LoopShape>,
    /// The nodes of the kernel's `return` statements.
    returns: Vec<usize>,
    /// CUDA only: the nodes from which a path reaches a `return` passing no
    /// barrier (see [`Cfg::may_exit_unsynced`]).
    exit_unsynced: HashSet<usize>,
}

/// Where a loop lies in the graph.
#[derive(Clone, Debug)]
struct LoopShape {
    id: StmtId,
    /// Its condition tests (header, and the first test when surely entered).
    tests: Vec<usize>,
    body_entry: usize,
    latch: usize,
    /// The nodes built for the loop (header, body, step, condition
    /// statements, latch) are `nodes.0..nodes.1`.
    nodes: (usize, usize),
}

/// Remembered backward searches, and how many search states they hold
/// (bounded by [`REACH_MEMO_STATES`]). A clone starts empty.
#[derive(Debug, Default)]
struct ReachMemo(Mutex<(HashMap<ReachKey, Arc<Reach>>, usize)>);

impl Clone for ReachMemo {
    fn clone(&self) -> ReachMemo {
        ReachMemo::default()
    }
}

/// Nodes (with search states) a backward search reaches.
type Reach = HashMap<usize, HashSet<u64>>;

/// Per node, the interval starts that reach it without passing a barrier
/// (sorted), or None when there are more than [`MAX_STARTS`] (then it may
/// share an interval with anything).
type Starts = Vec<Option<Vec<u32>>>;

/// Most interval starts a node's set keeps.
const MAX_STARTS: usize = 64;

/// Remembered [`Starts`] by mode. A clone starts empty.
#[derive(Debug, Default)]
struct StartsMemo(Mutex<HashMap<Blocking, Arc<Starts>>>);

impl Clone for StartsMemo {
    fn clone(&self) -> StartsMemo {
        StartsMemo::default()
    }
}

/// The arguments of one [`Cfg::back_reach`] (a tracked `if` is its id: the
/// loops around it follow from the id).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ReachKey {
    target: usize,
    forbidden: Vec<StmtId>,
    cross: Option<StmtId>,
    mode: Blocking,
    tracked: Vec<(StmtId, usize, bool)>,
    ifs: Vec<StmtId>,
}

/// Most search states the memo of one graph keeps (about 50 bytes each):
/// past it searches are answered but no longer remembered.
const REACH_MEMO_STATES: usize = 4_000_000;

const ENTRY: usize = 0;
const EXIT: usize = 1;

struct LoopTargets {
    id: StmtId,
    break_to: usize,
    continue_to: usize,
}

/// Role of a loop that encloses exactly one of the two accesses.
#[derive(Clone, Copy, Debug)]
struct Tracked {
    loop_id: StmtId,
    /// Loops enclosing `loop_id`: crossing their back edges loses the instance.
    outer_depth: usize,
}

/// An `if` whose branch a search records (see the module comment), or the
/// condition test of a barrier-complete loop (see [`Cfg::reached_loop_tests`]).
#[derive(Clone, Debug)]
struct TrackedIf {
    id: StmtId,
    /// Loops around the `if` (or strictly around the loop): crossing their
    /// back edges loses the instance.
    loops_around: Vec<StmtId>,
    /// A loop's condition test, recorded at its first instance after the
    /// meeting point (1 = entered the body, 2 = left the loop).
    loop_test: bool,
}

/// The nodes of a loop that take its condition test: the header, and the
/// first test of a surely entered loop (see [`Cfg::block`]).
#[derive(Clone, Debug)]
struct LoopTests {
    id: StmtId,
    tests: Vec<usize>,
}

// Per tracked if, 2 bits above the loops' bits: 0 = not passed, 1 = took the
// then branch, 2 = took the else branch, 3 = unknown instance.
const IF_SHIFT: usize = 24;
const MAX_TRACKED_IFS: usize = 19;
/// Most `if`s with a jump (see [`Cfg::reached_jump_ifs`]) one pair's
/// searches record: each multiplies the states a node can hold by up to 4.
const MAX_TRACKED_JUMP_IFS: usize = 3;
/// Most loop tests (see [`Cfg::reached_loop_tests`]) one pair's searches
/// record, for the same reason.
const MAX_TRACKED_TESTS: usize = 3;

fn get_if(state: u64, i: usize) -> u64 {
    (state >> (IF_SHIFT + 2 * i)) & 3
}

fn put_if(state: u64, i: usize, v: u64) -> u64 {
    (state & !(3 << (IF_SHIFT + 2 * i))) | (v << (IF_SHIFT + 2 * i))
}

// Per tracked loop, 3 bits of search state.
// For the access inside the loop: back edges crossed (0, 1, 2 = two or more), 3 = unknown.
// For the access outside: 0 = has not left the loop; 1..=3 = left through the
// final test after m = 0, 1, 2+ back edges; 4..=6 = left by `break` after
// m = 0, 1, 2+; 7 = unknown.
const UNKNOWN_INSIDE: u32 = 3;
const UNKNOWN_OUTSIDE: u32 = 7;
const CROSSED_BIT: u64 = 1 << 63;
const MAX_TRACKED: usize = 8;

fn get(state: u64, i: usize) -> u32 {
    ((state >> (3 * i)) & 7) as u32
}

fn put(state: u64, i: usize, v: u32) -> u64 {
    (state & !(7 << (3 * i))) | (u64::from(v) << (3 * i))
}

/// Whether inside-state `c` and outside-state `o` of one loop describe one execution.
fn compatible(c: u32, o: u32) -> bool {
    match o {
        0 | UNKNOWN_OUTSIDE => true,
        _ if c == UNKNOWN_INSIDE => true,
        1..=3 => {
            let m = o - 1;
            m == 2 || c < m
        }
        _ => {
            let m = o - 4;
            m == 2 || c <= m
        }
    }
}

impl Cfg {
    /// Builds the graph.
    pub fn new(kernel: &Kernel) -> Cfg {
        Cfg::with_uniformity(
            kernel,
            &crate::analysis::Uniformity::compute(kernel),
            &KnownExtents::default(),
        )
    }

    /// Builds the graph, with the block-uniform conditions `uniformity` knows
    /// and the launch extents `extents` of every execution considered (loops
    /// they make surely entered: see [`surely_entered_loops_under`]).
    pub fn with_uniformity(
        kernel: &Kernel,
        uniformity: &crate::analysis::Uniformity,
        extents: &KnownExtents,
    ) -> Cfg {
        let tree = LabelTree::new(kernel);
        let mut loop_stmts: HashMap<StmtId, &crate::ir::Stmt> = HashMap::default();
        crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
            if matches!(s.kind, StmtKind::Loop { .. }) {
                loop_stmts.insert(s.id, s);
            }
        });
        let mut uniform_ifs = HashSet::default();
        let mut jump_ifs = Vec::new();
        crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
            if let StmtKind::If { cond, then_, else_ } = &s.kind {
                // Uniform in every instance (flow-insensitively), or at this
                // `if`: every thread of the block that runs this instance
                // runs it together and evaluates the condition to one value
                // (the uniformity analysis's program point at the start of
                // the then branch).
                let uniform = uniformity.is_uniform_expr(cond)
                    || uniformity.is_uniform_point(crate::ir::walk::ProgramPoint {
                        block: crate::ir::walk::BlockSlot::Then(s.id),
                        index: 0,
                    });
                if !uniform {
                    return;
                }
                if has_barrier(then_) || has_barrier(else_) {
                    uniform_ifs.insert(s.id);
                } else if (has_escaping_jump(then_) || has_escaping_jump(else_))
                    && tree
                        .loops(s.id)
                        .last()
                        .and_then(|l| loop_stmts.get(l))
                        .is_some_and(|l| {
                            crate::ir::walk::child_blocks(l)
                                .into_iter()
                                .any(has_barrier)
                        })
                {
                    // A `continue` or `break` leaving the branch skips
                    // barriers of the innermost loop around the `if` (the
                    // loop it jumps in): the branch taken decides which
                    // barriers a path passes, as a barrier in the branch
                    // would. Without a barrier in that loop (a
                    // `do { .. } while (0)` of early exits, say) both paths
                    // pass the same barriers and nothing is gained.
                    jump_ifs.push(s.id);
                }
            }
        });
        let (mask_class, mask_classes) = crate::analysis::warp_masks::classes(kernel);
        let mut cfg = Cfg {
            uniform_ifs,
            jump_ifs,
            preds: vec![Vec::new(), Vec::new()],
            node_of: HashMap::default(),
            barrier: vec![None, None],
            tree,
            entered: surely_entered_loops_under(kernel, extents),
            reach_memo: ReachMemo::default(),
            starts_memo: StartsMemo::default(),
            grid_barrier: false,
            warp_barrier: false,
            mask_class,
            mask_classes,
            complete_loops: Vec::new(),
            grid_complete_loops: Vec::new(),
            loop_shapes: Vec::new(),
            returns: Vec::new(),
            exit_unsynced: HashSet::default(),
        };
        let first = cfg.block(&kernel.body, EXIT, None);
        cfg.edge(ENTRY, first, Edge::Normal);
        cfg.grid_barrier = cfg.barrier.iter().flatten().any(|b| b.grid);
        cfg.warp_barrier = cfg.barrier.iter().flatten().any(|b| b.warp);
        cfg.complete_loops = cfg.barrier_complete_loops(false);
        cfg.grid_complete_loops = cfg.barrier_complete_loops(true);
        if kernel.lang == crate::ir::Lang::Cuda {
            cfg.exit_unsynced = cfg.exit_unsynced_nodes();
        }
        cfg
    }

    /// The nodes from which some path reaches a `return` without passing a
    /// barrier node (a backward search from the returns).
    fn exit_unsynced_nodes(&self) -> HashSet<usize> {
        let mut seen: HashSet<usize> = self.returns.iter().copied().collect();
        let mut work = self.returns.clone();
        while let Some(x) = work.pop() {
            for (p, _) in &self.preds[x] {
                if self.barrier[*p].is_none() && seen.insert(*p) {
                    work.push(*p);
                }
            }
        }
        seen
    }

    /// Whether a thread that runs statement `a` may then exit (run a
    /// kernel `return`) before it reaches any barrier (CUDA). A full-mask
    /// `__syncwarp()` does not await a lane that has exited (CUDA
    /// Programming Guide: "all non-exited threads named in mask must
    /// execute a corresponding __syncwarp()"), but it "guarantees memory
    /// ordering among threads participating in the barrier" only (PTX
    /// `bar.warp.sync`): the exited lane does not take part, so its accesses
    /// since its last barrier are ordered with no access another lane of its
    /// warp makes after the warp barriers it skips. Such an access is paired
    /// with the accesses of the other lanes of its warp across warp
    /// barriers (`check::sdv::pair_scenarios`).
    pub fn may_exit_unsynced(&self, a: StmtId) -> bool {
        self.node_of
            .get(&a)
            .is_some_and(|n| self.exit_unsynced.contains(n))
    }

    /// For a thread at `a` that then exits before any barrier (see
    /// [`Cfg::may_exit_unsynced`]): whether another thread of its warp may
    /// run `b` after warp barriers the first never reaches. The first
    /// thread's last barrier before `a` is one of `a`'s interval starts in
    /// `mode.in_warp()` (warp barriers count); the other thread then runs
    /// from that start to `b` passing no barrier that blocks in `mode`
    /// (block barriers; the warp barriers it passes do not order the exited
    /// lane). Plain forward reachability from each start (back edges
    /// included): an over-approximation. Pairs where `b` comes before the
    /// warp barrier that precedes `a` are ordered by it, which the first
    /// thread did take part in.
    pub fn exit_meets(&self, a: StmtId, b: StmtId, mode: Blocking) -> bool {
        let (Some(na), Some(nb)) = (self.node_of_stmt(a), self.node_of_stmt(b)) else {
            return true;
        };
        let starts = self.starts(mode.in_warp());
        let Some(from) = &starts[na] else {
            return true;
        };
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); self.preds.len()];
        for (to, preds) in self.preds.iter().enumerate() {
            for &(p, _) in preds {
                succs[p].push(to);
            }
        }
        let mut seen: HashSet<usize> = from.iter().map(|&x| x as usize).collect();
        let mut work: Vec<usize> = seen.iter().copied().collect();
        while let Some(x) = work.pop() {
            if x == nb {
                return true;
            }
            for &y in &succs[x] {
                if y == nb {
                    return true;
                }
                if !self.blocks(y, mode) && seen.insert(y) {
                    work.push(y);
                }
            }
        }
        false
    }

    fn node(&mut self) -> usize {
        self.preds.push(Vec::new());
        self.barrier.push(None);
        self.preds.len() - 1
    }

    fn edge(&mut self, from: usize, to: usize, e: Edge) {
        self.preds[to].push((from, e));
    }

    /// Adds the block's statements; returns the block's entry node.
    fn block(&mut self, block: &Block, next: usize, targets: Option<&LoopTargets>) -> usize {
        let mut cur = next;
        for stmt in block.stmts.iter().rev() {
            let n = self.node();
            self.node_of.insert(stmt.id, n);
            match &stmt.kind {
                StmtKind::If { then_, else_, .. } => {
                    let t = self.block(then_, cur, targets);
                    let e = self.block(else_, cur, targets);
                    self.edge(n, t, Edge::Branch(stmt.id, true));
                    self.edge(n, e, Edge::Branch(stmt.id, false));
                    cur = n;
                }
                StmtKind::Loop {
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    let exit = cur;
                    let latch = self.node();
                    let step_entry = self.block(step, latch, targets);
                    let inner = LoopTargets {
                        id: stmt.id,
                        break_to: exit,
                        continue_to: step_entry,
                    };
                    let body_entry = self.block(body, step_entry, Some(&inner));
                    self.edge(n, body_entry, Edge::Enter(stmt.id));
                    self.edge(n, exit, Edge::Exit(stmt.id));
                    let prelude_entry = self.block(cond_prelude, n, targets);
                    self.edge(latch, prelude_entry, Edge::Back(stmt.id));
                    cur = prelude_entry;
                    if self.entered.contains(&stmt.id) {
                        // The first test is true in every execution: control
                        // arriving from before the loop enters the body, and
                        // the exit edge is taken only after a back edge.
                        // Dropping an infeasible edge keeps the graph an
                        // over-approximation of the executions.
                        let first_test = self.node();
                        self.edge(first_test, body_entry, Edge::Enter(stmt.id));
                        cur = first_test;
                    }
                    let mut tests = vec![n];
                    if cur != prelude_entry {
                        tests.push(cur);
                    }
                    self.loop_shapes.push(LoopShape {
                        id: stmt.id,
                        tests,
                        body_entry,
                        latch,
                        nodes: (n, self.preds.len()),
                    });
                }
                StmtKind::Break => {
                    match targets {
                        Some(t) => self.edge(n, t.break_to, Edge::Break(t.id)),
                        None => self.edge(n, EXIT, Edge::Normal),
                    }
                    cur = n;
                }
                StmtKind::Continue => {
                    let to = targets.map(|t| t.continue_to).unwrap_or(EXIT);
                    self.edge(n, to, Edge::Normal);
                    cur = n;
                }
                StmtKind::Return => {
                    self.edge(n, EXIT, Edge::Normal);
                    self.returns.push(n);
                    cur = n;
                }
                // A register exchange of a tile orders no memory: an
                // ordinary statement here (its divergence is checked apart).
                StmtKind::Barrier {
                    scope,
                    global_fence,
                    local_fence,
                } if !matches!(scope, crate::ir::BarrierScope::Tile { .. }) => {
                    let mask = match scope {
                        crate::ir::BarrierScope::WarpMask { mask } => {
                            self.mask_class.get(*mask as usize).copied().flatten()
                        }
                        _ => None,
                    };
                    // A masked warp barrier whose mask is not resolved
                    // orders nothing: an ordinary statement, like a tile's.
                    if !matches!(scope, crate::ir::BarrierScope::WarpMask { .. }) || mask.is_some()
                    {
                        self.barrier[n] = Some(BarrierNode {
                            grid: *scope == crate::ir::BarrierScope::Grid,
                            warp: matches!(
                                scope,
                                crate::ir::BarrierScope::Warp
                                    | crate::ir::BarrierScope::WarpMask { .. }
                            ),
                            mask,
                            local: *local_fence,
                            global: *global_fence,
                        });
                    }
                    self.edge(n, cur, Edge::Normal);
                    cur = n;
                }
                _ => {
                    self.edge(n, cur, Edge::Normal);
                    cur = n;
                }
            }
        }
        cur
    }

    /// The statements from which a path reaches barrier `x` (first), and the
    /// statements a path from `x` reaches (second), along paths that pass no
    /// barrier blocking in every mode of `modes`, except those of `passable`
    /// (`x` among them). None when `x` is not a statement of the graph.
    /// Plain graph reachability (no iteration or branch bookkeeping): an
    /// over-approximation of the executions, as the graph is. For the reuse
    /// of pair decisions across barrier placements (`check::reuse`).
    pub fn around_barrier(
        &self,
        x: StmtId,
        modes: &[Blocking],
        passable: &HashSet<StmtId>,
    ) -> Option<(HashSet<StmtId>, HashSet<StmtId>)> {
        let start = *self.node_of.get(&x)?;
        let mut stmt_of: Vec<Option<StmtId>> = vec![None; self.preds.len()];
        for (id, &n) in &self.node_of {
            stmt_of[n] = Some(*id);
        }
        let blocked = |n: usize| {
            !stmt_of[n].is_some_and(|id| passable.contains(&id))
                && modes.iter().all(|m| self.blocks(n, *m))
        };
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); self.preds.len()];
        for (to, preds) in self.preds.iter().enumerate() {
            for (from, _) in preds {
                succs[*from].push(to);
            }
        }
        let search = |next: &dyn Fn(usize) -> Vec<usize>| {
            let mut seen = vec![false; self.preds.len()];
            let mut stack = next(start);
            let mut found = HashSet::default();
            while let Some(n) = stack.pop() {
                if std::mem::replace(&mut seen[n], true) {
                    continue;
                }
                if let Some(id) = stmt_of[n] {
                    found.insert(id);
                }
                if !blocked(n) {
                    stack.extend(next(n));
                }
            }
            found
        };
        let before = search(&|n| self.preds[n].iter().map(|(p, _)| *p).collect());
        let after = search(&|n| succs[n].clone());
        Some((before, after))
    }

    fn blocks(&self, n: usize, mode: Blocking) -> bool {
        match (self.barrier[n], mode) {
            (None, _) => false,
            (Some(b), Blocking::GridOnly) => b.grid,
            (Some(b), Blocking::Shared) => b.grid || (!b.warp && b.local),
            (Some(b), Blocking::Global) => b.grid || (!b.warp && b.global),
            (Some(b), Blocking::SharedInWarp) => b.grid || (b.mask.is_none() && b.local),
            (Some(b), Blocking::GlobalInWarp) => b.grid || (b.mask.is_none() && b.global),
            // A masked warp barrier orders the two threads when both their
            // lanes are in its mask (`BarrierScope::WarpMask`).
            (Some(b), Blocking::SharedInWarpMasks(c)) => {
                b.grid || (b.mask.is_none_or(|k| c >> k & 1 == 1) && b.local)
            }
            (Some(b), Blocking::GlobalInWarpMasks(c)) => {
                b.grid || (b.mask.is_none_or(|k| c >> k & 1 == 1) && b.global)
            }
        }
    }

    /// Nodes (with search states) from which `target` is reachable without
    /// passing a barrier, with the back edges of `forbidden` loops removed.
    /// With `cross = Some(l)`, the crossed bit records crossing `l`'s back edge.
    /// `tracked[i].1` says whether `target` is inside tracked loop `i`.
    /// The search is a function of its arguments and the graph, so it is
    /// remembered (see [`Cfg::reach_memo`]).
    fn back_reach(
        &self,
        target: usize,
        forbidden: &[StmtId],
        cross: Option<StmtId>,
        mode: Blocking,
        tracked: &[(Tracked, bool)],
        ifs: &[TrackedIf],
    ) -> Arc<Reach> {
        let key = ReachKey {
            target,
            forbidden: forbidden.to_vec(),
            cross,
            mode,
            tracked: tracked
                .iter()
                .map(|(t, inside)| (t.loop_id, t.outer_depth, *inside))
                .collect(),
            ifs: ifs.iter().map(|t| t.id).collect(),
        };
        if let Some(known) = self
            .reach_memo
            .0
            .lock()
            .ok()
            .and_then(|memo| memo.0.get(&key).cloned())
        {
            return known;
        }
        let reach = Arc::new(self.search_back(target, forbidden, cross, mode, tracked, ifs));
        let states: usize = reach.values().map(HashSet::len).sum();
        if let Ok(mut memo) = self.reach_memo.0.lock() {
            if memo.1 + states <= REACH_MEMO_STATES {
                memo.1 += states;
                memo.0.insert(key, reach.clone());
            }
        }
        reach
    }

    /// [`Cfg::back_reach`] without the memo.
    fn search_back(
        &self,
        target: usize,
        forbidden: &[StmtId],
        cross: Option<StmtId>,
        mode: Blocking,
        tracked: &[(Tracked, bool)],
        ifs: &[TrackedIf],
    ) -> Reach {
        let mut seen: HashMap<usize, HashSet<u64>> = HashMap::default();
        let mut stack = vec![(target, 0u64)];
        seen.entry(target).or_default().insert(0);
        while let Some((x, state)) = stack.pop() {
            // The access itself is expanded; barrier nodes start intervals.
            if x != target && self.blocks(x, mode) {
                continue;
            }
            for &(p, e) in &self.preds[x] {
                let mut s = state;
                match e {
                    Edge::Back(l) => {
                        if forbidden.contains(&l) {
                            continue;
                        }
                        if Some(l) == cross {
                            s |= CROSSED_BIT;
                        }
                        for (i, t) in ifs.iter().enumerate() {
                            // A recorded branch of an `if` inside `l` belongs
                            // to a later instance than the first after `p`.
                            if get_if(s, i) != 0 && t.loops_around.contains(&l) {
                                s = put_if(s, i, 3);
                            }
                        }
                        for (i, (t, inside)) in tracked.iter().enumerate() {
                            let v = get(s, i);
                            if t.loop_id == l {
                                let next = if *inside {
                                    if v == UNKNOWN_INSIDE {
                                        v
                                    } else {
                                        (v + 1).min(2)
                                    }
                                } else {
                                    match v {
                                        1..=2 => v + 1,
                                        4..=5 => v + 1,
                                        _ => v,
                                    }
                                };
                                s = put(s, i, next);
                            } else if self
                                .tree
                                .loops(t.loop_id)
                                .get(..t.outer_depth)
                                .is_some_and(|o| o.contains(&l))
                                && (*inside || v != 0)
                            {
                                // Another instance of the tracked loop: counts are lost.
                                // Not for the access outside the loop before
                                // its search has met the loop's exit: in
                                // execution order that crossing comes after
                                // the thread left the loop, so the exit it
                                // will record (if any) is still in the first
                                // instance after the meeting point, the one
                                // the other thread (whose search loses its
                                // count at any such crossing) is in when
                                // its count is known. Structured control
                                // flow enters an instance of a loop only
                                // from the code before it, so between two
                                // instances a back edge of a loop around it
                                // is crossed.
                                s = put(
                                    s,
                                    i,
                                    if *inside {
                                        UNKNOWN_INSIDE
                                    } else {
                                        UNKNOWN_OUTSIDE
                                    },
                                );
                            }
                        }
                    }
                    Edge::Exit(l) | Edge::Break(l) => {
                        for (i, (t, inside)) in tracked.iter().enumerate() {
                            if t.loop_id == l && !*inside && get(s, i) == 0 {
                                s = put(s, i, if matches!(e, Edge::Exit(_)) { 1 } else { 4 });
                            }
                        }
                        if matches!(e, Edge::Exit(_)) {
                            s = Self::record_test(s, ifs, l, 2);
                        }
                    }
                    Edge::Enter(l) => s = Self::record_test(s, ifs, l, 1),
                    Edge::Branch(id, then) => {
                        for (i, t) in ifs.iter().enumerate() {
                            if t.id == id && !t.loop_test && get_if(s, i) == 0 {
                                s = put_if(s, i, if then { 1 } else { 2 });
                            }
                        }
                    }
                    Edge::Normal => {}
                }
                let states = seen.entry(p).or_default();
                if states.insert(s) {
                    stack.push((p, s));
                }
            }
        }
        seen
    }

    /// `state` after a backward search passes a condition test of loop
    /// `l` with outcome `v` (1 = entered, 2 = left): the record of each
    /// tracked test of `l` is overwritten, so that at the meeting point it
    /// holds the first test after it in execution order (the backward
    /// search meets the tests last to first). A back edge of a loop around
    /// `l` crossed since (in execution order, before that test) makes it
    /// unknown again, as for `if`s (see `search_back`).
    fn record_test(state: u64, ifs: &[TrackedIf], l: StmtId, v: u64) -> u64 {
        let mut s = state;
        for (i, t) in ifs.iter().enumerate() {
            if t.loop_test && t.id == l {
                s = put_if(s, i, v);
            }
        }
        s
    }

    fn node_of_stmt(&self, id: StmtId) -> Option<usize> {
        self.node_of.get(&id).copied()
    }

    /// Loops around exactly one of `a`, `b` (outside `common`); flag: around `a`.
    fn tracked(&self, a: StmtId, b: StmtId, common: &[StmtId]) -> Vec<(Tracked, bool)> {
        let mut out = Vec::new();
        for (access, other) in [(a, b), (b, a)] {
            let other_loops = self.tree.loops(other);
            for (depth, l) in self.tree.loops(access).iter().enumerate() {
                if !common.contains(l) && !other_loops.contains(l) && out.len() < MAX_TRACKED {
                    out.push((
                        Tracked {
                            loop_id: *l,
                            outer_depth: depth,
                        },
                        access == a,
                    ));
                }
            }
        }
        out
    }

    /// Uniform `if`s with a barrier around exactly one of `a`, `b` (these
    /// are the ones a path into and a path around can disagree on), for
    /// searches in `mode` (uniform means within a block: none across blocks).
    fn tracked_ifs(&self, a: StmtId, b: StmtId, mode: Blocking) -> Vec<TrackedIf> {
        if mode == Blocking::GridOnly {
            return Vec::new();
        }
        let mut out: Vec<TrackedIf> = Vec::new();
        for (access, other) in [(a, b), (b, a)] {
            let other_ifs = self.tree.conds(other);
            for id in self.tree.conds(access).iter().rev() {
                if self.uniform_ifs.contains(id)
                    && !other_ifs.contains(id)
                    && out.len() < MAX_TRACKED_IFS
                    && !out.iter().any(|t| t.id == *id)
                {
                    out.push(TrackedIf {
                        id: *id,
                        loops_around: self.tree.loops(*id).to_vec(),
                        loop_test: false,
                    });
                }
            }
        }
        out
    }

    /// Uniform `if`s whose branch jumps out of it (`if (sum == 0) continue;`
    /// before a loop with barriers) that both backward searches `ra`, `rb`
    /// reach, at most [`MAX_TRACKED_JUMP_IFS`] and not among `ifs`: a path
    /// through the jump and a path around it pass different barriers even
    /// when neither access is in the branch. Only an `if` both searches pass
    /// can be recorded by both at a meeting point, and the nodes a search
    /// reaches do not depend on the `if`s it records (recording never cuts a
    /// path), so the searches without them decide which ones can matter.
    /// Leaving one out (over the cap) only keeps paths the recording would
    /// have told apart: an over-approximation, and the number of search
    /// states per node stays bounded (at most 4 per tracked `if`).
    fn reached_jump_ifs(
        &self,
        a: StmtId,
        b: StmtId,
        mode: Blocking,
        ifs: &[TrackedIf],
        ra: &Reach,
        rb: &Reach,
    ) -> Vec<TrackedIf> {
        if mode == Blocking::GridOnly {
            return Vec::new();
        }
        let (conds_a, conds_b) = (self.tree.conds(a), self.tree.conds(b));
        let room = MAX_TRACKED_IFS
            .saturating_sub(ifs.len())
            .min(MAX_TRACKED_JUMP_IFS);
        self.jump_ifs
            .iter()
            .filter(|id| {
                let around_both = conds_a.contains(id) && conds_b.contains(id);
                !around_both
                    && !ifs.iter().any(|t| t.id == **id)
                    && self
                        .node_of_stmt(**id)
                        .is_some_and(|n| ra.contains_key(&n) && rb.contains_key(&n))
            })
            .take(room)
            .map(|id| TrackedIf {
                id: *id,
                loops_around: self.tree.loops(*id).to_vec(),
                loop_test: false,
            })
            .collect()
    }

    /// The condition tests of barrier-complete loops that both backward
    /// searches `ra`, `rb` pass (at most [`MAX_TRACKED_TESTS`], innermost
    /// loops first, within the room `ifs` leaves), for searches in `mode`.
    ///
    /// A loop is *barrier-complete* when every path from its body's entry
    /// to its latch or out of it (`break`, `return`, a jump of the step)
    /// passes a block or grid barrier: every iteration that starts runs
    /// one (threads terminate). Theorem: two threads of one block whose
    /// last barrier instances are the same one, `p`, and that both pass a
    /// test of such a loop `L` after `p` with no back edge of a loop
    /// around `L` crossed between `p` and their first such test, take the
    /// same outcome at that first test. Proof: the dynamic instance of a
    /// test of `L` is the iteration of each loop around `L` and the count
    /// of `L`'s own iterations. From `p`, without crossing a back edge of a
    /// loop around `L`, the loops around `L` keep the iteration they have
    /// at `p` (those around `p`) or are entered afresh and not left and
    /// re-entered (re-entering needs a back edge of a loop around them,
    /// which is around `L`); and the first test of `L` is test 0 of the
    /// instance entered (`p` not in `L`) or the test right after the first
    /// back edge of `L` (`p` in `L`: the header is only reached through the
    /// latch from within). So both threads' first test is one dynamic
    /// instance, fixed by `p`'s. If one thread entered the body there and
    /// the other left `L`, the first runs a barrier in that iteration of
    /// that instance of `L` (the loop is barrier-complete), which the other
    /// never reaches (it left the instance at the test that starts the
    /// iteration): barrier divergence, which the checker reports (the
    /// divergence check asks, for every barrier, whether one thread
    /// reaches it and another of the block does not in the same iteration
    /// of every loop around it). Grid barriers are reached by every thread
    /// of the grid, so by every thread of the block, and count too; warp
    /// barriers do not (exited threads are excused, and only a warp
    /// waits). So the meeting point rejects disagreeing outcomes recorded
    /// there (see [`Cfg::record_test`]), as for a uniform `if`. For threads
    /// of different blocks (`GridOnly`: `p` is a grid barrier instance) the
    /// same holds of loops each of whose iterations runs a grid barrier:
    /// every thread of the grid reaches each of its instances (the
    /// divergence check asks that of two threads of different blocks in the
    /// same iteration of every loop around it).
    fn reached_loop_tests(
        &self,
        mode: Blocking,
        ifs: &[TrackedIf],
        ra: &Reach,
        rb: &Reach,
    ) -> Vec<TrackedIf> {
        let complete = if mode == Blocking::GridOnly {
            &self.grid_complete_loops
        } else {
            &self.complete_loops
        };
        let room = MAX_TRACKED_IFS
            .saturating_sub(ifs.len())
            .min(MAX_TRACKED_TESTS);
        let passes = |r: &Reach, l: &LoopTests| l.tests.iter().any(|n| r.contains_key(n));
        complete
            .iter()
            .filter(|l| passes(ra, l) && passes(rb, l))
            .take(room)
            .map(|l| TrackedIf {
                id: l.id,
                loops_around: self.tree.loops(l.id).to_vec(),
                loop_test: true,
            })
            .collect()
    }

    /// The barrier-complete loops (see [`Cfg::reached_loop_tests`]),
    /// innermost first, counting grid barriers only with `grid_only`.
    fn barrier_complete_loops(&self, grid_only: bool) -> Vec<LoopTests> {
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); self.preds.len()];
        for (to, preds) in self.preds.iter().enumerate() {
            for (from, _) in preds {
                succs[*from].push(to);
            }
        }
        // Block and grid barriers, whatever their fences: every thread of a
        // block reaches each of their instances (or divergence is reported);
        // every thread of the grid each instance of a grid barrier.
        let synchronizes =
            |n: usize| self.barrier[n].is_some_and(|b| if grid_only { b.grid } else { !b.warp });
        let mut out: Vec<LoopTests> = Vec::new();
        for shape in &self.loop_shapes {
            let (lo, hi) = shape.nodes;
            let mut seen = vec![false; self.preds.len()];
            let mut stack = vec![shape.body_entry];
            let mut escapes = false;
            while let Some(x) = stack.pop() {
                if std::mem::replace(&mut seen[x], true) {
                    continue;
                }
                // Leaving the iteration first (a barrier after the loop that
                // a `break` reaches is not one of the iteration).
                if x == shape.latch || x < lo || x >= hi {
                    escapes = true;
                    break;
                }
                if !synchronizes(x) {
                    stack.extend(succs[x].iter().copied());
                }
            }
            if !escapes {
                out.push(LoopTests {
                    id: shape.id,
                    tests: shape.tests.clone(),
                });
            }
        }
        out.sort_by_key(|l| std::cmp::Reverse(self.tree.loops(l.id).len()));
        out
    }

    /// The branches the searches `ra`, `rb` (recording `ifs`) should
    /// record too: the `if`s with a jump ([`Cfg::reached_jump_ifs`]) and
    /// the tests of barrier-complete loops ([`Cfg::reached_loop_tests`])
    /// both pass. Recording never cuts a path, so the searches without them
    /// tell which ones both pass.
    fn reached_branches(
        &self,
        a: StmtId,
        b: StmtId,
        mode: Blocking,
        ifs: &[TrackedIf],
        ra: &Reach,
        rb: &Reach,
    ) -> Vec<TrackedIf> {
        let mut out = self.reached_jump_ifs(a, b, mode, ifs, ra, rb);
        let taken: Vec<TrackedIf> = ifs.iter().chain(&out).cloned().collect();
        out.extend(self.reached_loop_tests(mode, &taken, ra, rb));
        out
    }

    /// Whether the two searches meet in one consistent execution.
    fn meet(
        ra: &HashMap<usize, HashSet<u64>>,
        rb: &HashMap<usize, HashSet<u64>>,
        tracked: &[(Tracked, bool)],
        ifs: usize,
        need_crossed_b: bool,
    ) -> bool {
        // Walks the smaller search and looks nodes up in the other (lazily:
        // the first consistent meeting ends the walk).
        let (small, large, small_is_a) = if ra.len() <= rb.len() {
            (ra, rb, true)
        } else {
            (rb, ra, false)
        };
        let mut common_nodes = small.iter().filter_map(|(node, s)| {
            let other = large.get(node)?;
            Some(if small_is_a { (s, other) } else { (other, s) })
        });
        common_nodes.any(|(sa, sb)| {
            sa.iter().any(|&x| {
                sb.iter().any(|&y| {
                    if need_crossed_b && y & CROSSED_BIT == 0 {
                        return false;
                    }
                    // One dynamic instance of a uniform `if`: one branch.
                    let branches_differ = (0..ifs).any(|i| {
                        let (p, q) = (get_if(x, i), get_if(y, i));
                        (p == 1 && q == 2) || (p == 2 && q == 1)
                    });
                    if branches_differ {
                        return false;
                    }
                    tracked.iter().enumerate().all(|(i, (_, around_a))| {
                        let (inside, outside) = if *around_a {
                            (get(x, i), get(y, i))
                        } else {
                            (get(y, i), get(x, i))
                        };
                        compatible(inside, outside)
                    })
                })
            })
        })
    }

    /// Whether threads can execute `a` and `b` in the same barrier interval in
    /// the same iteration of every loop in `common` (the loops enclosing both).
    pub fn same_iteration(&self, a: StmtId, b: StmtId, common: &[StmtId], mode: Blocking) -> bool {
        let (Some(na), Some(nb)) = (self.node_of_stmt(a), self.node_of_stmt(b)) else {
            return true;
        };
        let tracked = self.tracked(a, b, common);
        let ta: Vec<(Tracked, bool)> = tracked.clone();
        let tb: Vec<(Tracked, bool)> = tracked
            .iter()
            .map(|(t, around_a)| (*t, !around_a))
            .collect();
        let mut ifs = self.tracked_ifs(a, b, mode);
        let mut ra = self.back_reach(na, common, None, mode, &ta, &ifs);
        let mut rb = self.back_reach(nb, common, None, mode, &tb, &ifs);
        let extra = self.reached_branches(a, b, mode, &ifs, &ra, &rb);
        if !extra.is_empty() {
            ifs.extend(extra);
            ra = self.back_reach(na, common, None, mode, &ta, &ifs);
            rb = self.back_reach(nb, common, None, mode, &tb, &ifs);
        }
        Self::meet(&ra, &rb, &tracked, ifs.len(), false)
    }

    /// Whether threads can execute `a` and `b` in the same barrier interval in
    /// different iterations of `common[depth - 1]` and the same iteration of
    /// the loops outside it.
    pub fn different_iterations(
        &self,
        a: StmtId,
        b: StmtId,
        common: &[StmtId],
        depth: usize,
        mode: Blocking,
    ) -> bool {
        let (Some(na), Some(nb)) = (self.node_of_stmt(a), self.node_of_stmt(b)) else {
            return true;
        };
        let Some(&lj) = common.get(depth.wrapping_sub(1)) else {
            return false;
        };
        let outer = &common[..depth - 1];
        let within = &common[..depth];
        // Loops inside the common loop at `depth`, around one access only, keep
        // their tracking; loops between depth and the common set are not tracked
        // (their instances differ between iterations of `lj`).
        let tracked = self.tracked(a, b, common);
        let ifs = self.tracked_ifs(a, b, mode);
        let flip = |t: &[(Tracked, bool)]| -> Vec<(Tracked, bool)> {
            t.iter().map(|(x, f)| (*x, !f)).collect()
        };
        let earlier_then_later = |first: usize, second: usize, first_is_a: bool| {
            let t_first = if first_is_a {
                tracked.clone()
            } else {
                flip(&tracked)
            };
            let t_second = flip(&t_first);
            let mut ifs = ifs.clone();
            let mut r1 = self.back_reach(first, within, None, mode, &t_first, &ifs);
            let mut r2 = self.back_reach(second, outer, Some(lj), mode, &t_second, &ifs);
            let extra = self.reached_branches(a, b, mode, &ifs, &r1, &r2);
            if !extra.is_empty() {
                ifs.extend(extra);
                r1 = self.back_reach(first, within, None, mode, &t_first, &ifs);
                r2 = self.back_reach(second, outer, Some(lj), mode, &t_second, &ifs);
            }
            // `meet` wants (around-first) flags relative to its first argument.
            Self::meet(&r1, &r2, &t_first, ifs.len(), true)
        };
        earlier_then_later(na, nb, true) || earlier_then_later(nb, na, false)
    }

    /// Whether threads can execute `a` and `b` in one barrier interval of
    /// `mode` in some scenario at all: a cheap necessary condition for
    /// [`Cfg::same_iteration`] and [`Cfg::different_iterations`], so that
    /// pair enumeration skips their searches for pairs in different
    /// intervals (most pairs of a kernel with many barriers).
    ///
    /// Both searches need a node `p` from which `a` and `b` are reached
    /// along paths whose nodes after `p` are not barriers of `mode`, with
    /// back edges allowed or not: a subset of the paths of the whole
    /// graph. Call an *interval start* a barrier of `mode` or a node with no
    /// predecessor (the entry, code after a `return`). If `p` is a start, it
    /// is a common start of `a` and `b`. Otherwise the starts that reach `p`
    /// without passing a barrier reach `a` and `b` the same way, and there
    /// is one: going back from `p`, a path meets a barrier or a node with no
    /// predecessor, or else `p` only has cyclic, start-free ancestry, and
    /// such a node is made a start of its own below. So `a` and `b` share a
    /// start whenever the searches can meet.
    pub fn may_share_interval(&self, a: StmtId, b: StmtId, mode: Blocking) -> bool {
        let (Some(na), Some(nb)) = (self.node_of_stmt(a), self.node_of_stmt(b)) else {
            return true;
        };
        let starts = self.starts(mode);
        match (&starts[na], &starts[nb]) {
            (Some(x), Some(y)) => {
                let (mut i, mut j) = (0, 0);
                while i < x.len() && j < y.len() {
                    match x[i].cmp(&y[j]) {
                        std::cmp::Ordering::Equal => return true,
                        std::cmp::Ordering::Less => i += 1,
                        std::cmp::Ordering::Greater => j += 1,
                    }
                }
                false
            }
            _ => true,
        }
    }

    /// The [`Starts`] of `mode`, computed once.
    fn starts(&self, mode: Blocking) -> Arc<Starts> {
        if let Some(s) = self
            .starts_memo
            .0
            .lock()
            .ok()
            .and_then(|m| m.get(&mode).cloned())
        {
            return s;
        }
        let starts = Arc::new(self.compute_starts(mode));
        if let Ok(mut memo) = self.starts_memo.0.lock() {
            memo.insert(mode, starts.clone());
        }
        starts
    }

    /// A forward fixpoint: a node's set is its own id when it is an
    /// interval start, and otherwise the union of what its predecessors
    /// pass on (a barrier passes only itself). A node whose set stays empty
    /// (cyclic ancestry with no start) becomes a start of its own and the
    /// fixpoint runs on.
    fn compute_starts(&self, mode: Blocking) -> Starts {
        let n = self.preds.len();
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (to, preds) in self.preds.iter().enumerate() {
            for &(from, _) in preds {
                succs[from].push(to);
            }
        }
        let mut sets: Starts = vec![Some(Vec::new()); n];
        let mut own: Vec<bool> = (0..n)
            .map(|x| self.preds[x].is_empty() || self.blocks(x, mode))
            .collect();
        loop {
            let mut work: Vec<usize> = (0..n).collect();
            while let Some(x) = work.pop() {
                let mut set: Option<Vec<u32>> = Some(Vec::new());
                if own[x] {
                    set = Some(vec![x as u32]);
                }
                for &(p, _) in &self.preds[x] {
                    // What `p` passes on: itself if a barrier, its set otherwise.
                    let passed = if self.blocks(p, mode) {
                        Some(vec![p as u32])
                    } else {
                        sets[p].clone()
                    };
                    set = match (set, passed) {
                        (Some(mut s), Some(q)) => {
                            s.extend(q);
                            s.sort_unstable();
                            s.dedup();
                            (s.len() <= MAX_STARTS).then_some(s)
                        }
                        _ => None,
                    };
                }
                if set != sets[x] {
                    sets[x] = set;
                    work.extend(succs[x].iter().copied());
                }
            }
            let empty: Vec<usize> = (0..n)
                .filter(|&x| sets[x].as_ref().is_some_and(Vec::is_empty))
                .collect();
            match empty.first() {
                Some(&x) => own[x] = true,
                None => return sets,
            }
        }
    }

    /// Whether any grid-level barrier exists.
    pub fn has_grid_barrier(&self) -> bool {
        self.grid_barrier
    }

    /// Whether any warp-level barrier exists.
    pub fn has_warp_barrier(&self) -> bool {
        self.warp_barrier
    }

    /// The resolved masks of the kernel's `__syncwarp(mask)` barriers that
    /// order memory, one per class (bit `k` of a `*InWarpMasks` mode is
    /// class `k`).
    pub fn warp_mask_classes(&self) -> &[crate::ir::Expr] {
        &self.mask_classes
    }
}

/// Whether `block` contains a barrier (at any depth).
fn has_barrier(block: &Block) -> bool {
    let mut found = false;
    crate::ir::walk::for_each_stmt(block, &mut |s| {
        found |= matches!(s.kind, StmtKind::Barrier { .. });
    });
    found
}

/// Whether `block` contains a `break` or `continue` that leaves it: one not
/// inside a loop of the block (those jump within that loop).
fn has_escaping_jump(block: &Block) -> bool {
    block.stmts.iter().any(|s| match &s.kind {
        StmtKind::Break | StmtKind::Continue => true,
        StmtKind::If { then_, else_, .. } => has_escaping_jump(then_) || has_escaping_jump(else_),
        _ => false,
    })
}

/// The launch extents (`blockDim`, `gridDim`, by dimension) every execution
/// a check considers has: the launch's, and 1 in a dimension an assumption
/// fixes (None: unknown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnownExtents {
    /// `blockDim.x`, `.y`, `.z`.
    pub block: [Option<u32>; 3],
    /// `gridDim.x`, `.y`, `.z`.
    pub grid: [Option<u32>; 3],
}

/// [`surely_entered_loops_under`] any launch.
pub(crate) fn surely_entered_loops(kernel: &Kernel) -> HashSet<StmtId> {
    surely_entered_loops_under(kernel, &KnownExtents::default())
}

/// Loops whose condition is true at its first test in every execution: a
/// loop without condition statements whose condition evaluates to true from
/// the constants that straight-line assignments of the same block (before the
/// loop, not overwritten in between) give its locals, as in
/// `for (int i = 0; i < N; i += 16)` with a constant `N > 0`, and from the
/// launch extents `extents` fixes in every execution considered, as in a
/// reduction's `for (int d = blockDim.x / 2; d > 0; d /= 2)` under a launch
/// of 256 threads (`blockDim.x` is 256 wherever it is read), and from the
/// parameters the entry assumptions fix (`d = n >> 1` where every launch
/// passes `n = 512`; see [`crate::ir::walk::entry_param_values`]). Statements of a
/// block run in order (the IR has no jumps into a block), so those locals hold
/// exactly these values when the loop is reached.
pub(crate) fn surely_entered_loops_under(
    kernel: &Kernel,
    extents: &KnownExtents,
) -> HashSet<StmtId> {
    // CUDA's builtin vectors are `unsigned int`; OpenCL's work-item
    // functions return `size_t` (as `eval::Assignment::leaf`).
    let index_ty = match kernel.lang {
        crate::ir::Lang::Cuda => crate::ir::ScalarTy::UINT,
        crate::ir::Lang::OpenCl => crate::ir::ScalarTy::ULONG,
    };
    let extent = |known: &[Option<u32>; 3], d: u8| {
        known
            .get(usize::from(d))
            .copied()
            .flatten()
            .and_then(|n| Value::new(i128::from(n), index_ty))
    };
    // Parameters the entry assumptions fix (the launches' values, a
    // `__requires(n == 512)`): that value in every execution considered.
    let params = crate::ir::walk::entry_param_values(kernel);
    let param = |p: &crate::ir::ParamId| {
        let c = params.get(p.0 as usize).copied().flatten()?;
        Value::new(c, kernel.params.get(p.0 as usize)?.ty)
    };
    let mut entered = HashSet::default();
    let mut blocks = vec![&kernel.body];
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        blocks.extend(crate::ir::walk::child_blocks(s));
    });
    for block in blocks {
        let mut known: HashMap<crate::ir::VarId, Value> = HashMap::default();
        for stmt in &block.stmts {
            let eval = |e: &crate::ir::Expr, known: &HashMap<crate::ir::VarId, Value>| {
                eval_expr(e, &|leaf| match leaf {
                    crate::ir::Expr::Var(v) => known.get(v).copied(),
                    crate::ir::Expr::Builtin(crate::ir::Builtin::BlockDim(d)) => {
                        extent(&extents.block, *d)
                    }
                    crate::ir::Expr::Builtin(crate::ir::Builtin::GridDim(d)) => {
                        extent(&extents.grid, *d)
                    }
                    crate::ir::Expr::Param(p) => param(p),
                    _ => None,
                })
            };
            match &stmt.kind {
                StmtKind::Loop {
                    cond, cond_prelude, ..
                } if cond_prelude.stmts.is_empty()
                    && eval(cond, &known).is_some_and(|v| v.truthy()) =>
                {
                    entered.insert(stmt.id);
                }
                StmtKind::Assign { var, value } => {
                    // Only a value of the local's own type is kept (the front
                    // end converts on assignment; anything else is unknown).
                    let ty = kernel.vars.get(var.0 as usize).map(|d| d.ty);
                    match eval(value, &known).filter(|v| Some(v.ty) == ty) {
                        Some(v) => known.insert(*var, v),
                        None => known.remove(var),
                    };
                    continue;
                }
                _ => {}
            }
            // Anything else may assign locals (directly or in nested blocks).
            if let Some(var) = crate::ir::walk::assigned_var(stmt) {
                known.remove(&var);
            }
            for child in crate::ir::walk::child_blocks(stmt) {
                crate::ir::walk::for_each_stmt(child, &mut |s| {
                    if let Some(var) = crate::ir::walk::assigned_var(s) {
                        known.remove(&var);
                    }
                });
            }
        }
    }
    entered
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::frontend::{lower_source, NoIncludes};

    /// How many loops of the only kernel of `text` are surely entered under
    /// `extents`.
    fn entered(text: &str, extents: &KnownExtents) -> usize {
        let program = lower_source(Path::new("t.cu"), text, &NoIncludes);
        surely_entered_loops_under(&program.kernels[0], extents).len()
    }

    /// How many loops of the only kernel of `text` are barrier-complete
    /// for threads of one block.
    fn complete(text: &str) -> usize {
        let program = lower_source(Path::new("t.cu"), text, &NoIncludes);
        Cfg::new(&program.kernels[0]).complete_loops.len()
    }

    #[test]
    fn a_loop_is_barrier_complete_only_when_every_iteration_passes_a_barrier() {
        let wrap = |body: &str| {
            format!(
                "__global__ void k(int *s, int n) {{ for (int j = 0; j < n; j++) {{ {body} }} }}"
            )
        };
        assert_eq!(complete(&wrap("s[j] = 1; __syncthreads();")), 1);
        assert_eq!(
            complete(&wrap("__syncthreads(); if (n > 2) continue; s[j] = 1;")),
            1
        );
        assert_eq!(
            complete(&wrap("s[j] = 1; if (j == 3) continue; __syncthreads();")),
            0
        );
        assert_eq!(
            complete(&wrap("s[j] = 1; if (j == 3) break; __syncthreads();")),
            0
        );
        assert_eq!(
            complete(&wrap("s[j] = 1; if (j == 3) return; __syncthreads();")),
            0
        );
        assert_eq!(complete(&wrap("s[j] = 1; if (j < 3) __syncthreads();")), 0);
        assert_eq!(complete(&wrap("s[j] = 1; __syncwarp();")), 0);
        // A `break` to a barrier right after the loop leaves the iteration
        // without one.
        let text = "__global__ void k(int *s, int n) { for (int j = 0; j < n; j++) { if (j == 3) break; __syncthreads(); } __syncthreads(); }";
        assert_eq!(complete(text), 0);
        // An inner loop that may not run makes the outer one incomplete; a
        // surely entered one does not.
        let text = "__global__ void k(int *s, int n) { for (int k = 0; k < n; k++) { for (int j = 0; j < n; j++) { __syncthreads(); } } }";
        assert_eq!(complete(text), 1);
        let text = "__global__ void k(int *s, int n) { for (int k = 0; k < n; k++) { for (int j = 0; j < 4; j++) { __syncthreads(); } } }";
        assert_eq!(complete(text), 2);
    }

    #[test]
    fn a_loop_from_a_launch_extent_is_entered_only_under_that_launch() {
        let text = "__global__ void k(float *s) {\n\
                      for (unsigned d = blockDim.x / 2; d > 0; d /= 2) { __syncthreads(); s[d] = 0; }\n\
                      for (unsigned g = gridDim.x - 64; g > 0; g--) { __syncthreads(); s[g] = 1; }\n\
                    }";
        let launch = |block: u32, grid: u32| KnownExtents {
            block: [Some(block), Some(1), Some(1)],
            grid: [Some(grid), Some(1), Some(1)],
        };
        // Unknown extents: a block of one thread never enters the first.
        assert_eq!(entered(text, &KnownExtents::default()), 0);
        assert_eq!(entered(text, &launch(256, 64)), 1);
        assert_eq!(entered(text, &launch(256, 65)), 2);
        assert_eq!(entered(text, &launch(1, 65)), 1);
        assert_eq!(entered(text, &launch(1, 64)), 0);
    }
}
