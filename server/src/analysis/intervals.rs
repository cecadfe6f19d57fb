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
//! This is path-insensitive and so over-approximates the pairs that can meet.

use std::collections::HashMap;

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
}

impl Blocking {
    /// The blocking mode for accesses to memory of `space` by threads of one block.
    pub fn for_space(space: MemSpace) -> Blocking {
        match space {
            MemSpace::Shared => Blocking::Shared,
            MemSpace::Global | MemSpace::Constant => Blocking::Global,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    Normal,
    Back(StmtId),
}

#[derive(Clone, Copy, Debug, Default)]
struct BarrierNode {
    grid: bool,
    local: bool,
    global: bool,
}

/// The control-flow graph of a kernel at statement granularity.
#[derive(Clone, Debug)]
pub struct Cfg {
    preds: Vec<Vec<(usize, Edge)>>,
    node_of: HashMap<StmtId, usize>,
    barrier: Vec<Option<BarrierNode>>,
}

const ENTRY: usize = 0;
const EXIT: usize = 1;

struct LoopTargets {
    break_to: usize,
    continue_to: usize,
}

impl Cfg {
    /// Builds the graph.
    pub fn new(kernel: &Kernel) -> Cfg {
        let mut cfg = Cfg {
            preds: vec![Vec::new(), Vec::new()],
            node_of: HashMap::new(),
            barrier: vec![None, None],
        };
        let first = cfg.block(&kernel.body, EXIT, None);
        cfg.edge(ENTRY, first, Edge::Normal);
        cfg
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
                    self.edge(n, t, Edge::Normal);
                    self.edge(n, e, Edge::Normal);
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
                        break_to: exit,
                        continue_to: step_entry,
                    };
                    let body_entry = self.block(body, step_entry, Some(&inner));
                    self.edge(n, body_entry, Edge::Normal);
                    self.edge(n, exit, Edge::Normal);
                    let prelude_entry = self.block(cond_prelude, n, targets);
                    self.edge(latch, prelude_entry, Edge::Back(stmt.id));
                    cur = prelude_entry;
                }
                StmtKind::Break => {
                    let to = targets.map(|t| t.break_to).unwrap_or(EXIT);
                    self.edge(n, to, Edge::Normal);
                    cur = n;
                }
                StmtKind::Continue => {
                    let to = targets.map(|t| t.continue_to).unwrap_or(EXIT);
                    self.edge(n, to, Edge::Normal);
                    cur = n;
                }
                StmtKind::Return => {
                    self.edge(n, EXIT, Edge::Normal);
                    cur = n;
                }
                StmtKind::Barrier {
                    scope,
                    global_fence,
                    local_fence,
                } => {
                    self.barrier[n] = Some(BarrierNode {
                        grid: *scope == crate::ir::BarrierScope::Grid,
                        local: *local_fence,
                        global: *global_fence,
                    });
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

    fn blocks(&self, n: usize, mode: Blocking) -> bool {
        match (self.barrier[n], mode) {
            (None, _) => false,
            (Some(b), Blocking::GridOnly) => b.grid,
            (Some(b), Blocking::Shared) => b.grid || b.local,
            (Some(b), Blocking::Global) => b.grid || b.global,
        }
    }

    /// Nodes from which `target` is reachable without passing a barrier, with
    /// the back edges of `forbidden` loops removed. With `cross = Some(l)`, only
    /// nodes whose path crosses the back edge of `l` at least once count.
    fn back_reach(
        &self,
        target: usize,
        forbidden: &[StmtId],
        cross: Option<StmtId>,
        mode: Blocking,
    ) -> Vec<bool> {
        let n = self.preds.len();
        // State: (node, crossed); crossed only matters with `cross`.
        let mut seen = vec![[false; 2]; n];
        let start_crossed = usize::from(cross.is_none());
        let mut stack = vec![(target, start_crossed)];
        seen[target][start_crossed] = true;
        while let Some((x, crossed)) = stack.pop() {
            // The access itself is expanded; other barrier nodes start intervals.
            if x != target && self.blocks(x, mode) {
                continue;
            }
            for &(p, e) in &self.preds[x] {
                let mut c = crossed;
                if let Edge::Back(l) = e {
                    if forbidden.contains(&l) {
                        continue;
                    }
                    if Some(l) == cross {
                        c = 1;
                    }
                }
                if !seen[p][c] {
                    seen[p][c] = true;
                    stack.push((p, c));
                }
            }
        }
        seen.into_iter().map(|s| s[1]).collect()
    }

    fn node_of_stmt(&self, id: StmtId) -> Option<usize> {
        self.node_of.get(&id).copied()
    }

    /// Whether threads can execute `a` and `b` in the same barrier interval in
    /// the same iteration of every loop in `common` (the loops enclosing both).
    pub fn same_iteration(&self, a: StmtId, b: StmtId, common: &[StmtId], mode: Blocking) -> bool {
        let (Some(na), Some(nb)) = (self.node_of_stmt(a), self.node_of_stmt(b)) else {
            return true;
        };
        let ra = self.back_reach(na, common, None, mode);
        let rb = self.back_reach(nb, common, None, mode);
        ra.iter().zip(&rb).any(|(x, y)| *x && *y)
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
        let earlier_then_later = |first: usize, second: usize| {
            let r1 = self.back_reach(first, within, None, mode);
            let r2 = self.back_reach(second, outer, Some(lj), mode);
            r1.iter().zip(&r2).any(|(x, y)| *x && *y)
        };
        earlier_then_later(na, nb) || earlier_then_later(nb, na)
    }

    /// Whether any grid-level barrier exists.
    pub fn has_grid_barrier(&self) -> bool {
        self.barrier.iter().flatten().any(|b| b.grid)
    }
}
