//! Warp-specialized synchronisation: named barriers (`bar.sync`/`bar.arrive`
//! in inline PTX), split arrive/wait barriers (`cuda::barrier`) and
//! asynchronous copies (`cp.async`, `__pipeline_memcpy_async`,
//! `cuda::memcpy_async`, `cooperative_groups::memcpy_async`).
//!
//! An asynchronous copy's accesses (a read of the source, a write of the
//! destination) may happen at any time until the wait that completes it. They
//! are lowered where the copy is issued and repeated ("landings") right after
//! every barrier the issuing thread passes before that wait: one landing per
//! barrier interval the copy may still be in flight in, which is what the
//! interval-based race check needs. Landings use snapshots of the offsets'
//! variables taken at the issue, so they touch the bytes the copy touches.

use crate::base::{HashMap, HashSet};

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::text;
use crate::ir::{BinOp, Block, Expr, NamedOp, ScalarTy, Stmt, StmtKind, VarId};

mod pipeline;

/// Most iterations a copy carried out of a loop body is followed for, with
/// the values of its issuing iteration (a pipeline of up to this many stages
/// in flight); beyond, it lands with arbitrary values.
const MAX_CARRIED_ITERATIONS: i64 = 8;

/// First number given to `cuda::barrier` objects (hardware ids are 0..15).
const OBJECT_BARRIER_BASE: i128 = 16;

/// An asynchronous copy not yet known to be complete.
#[derive(Clone, Debug)]
pub(crate) struct PendingAsync {
    /// The copy's accesses over snapshot variables, repeated at each landing.
    stmts: Vec<Stmt>,
    /// Commit group (`__pipeline_commit`, `cp.async.commit_group`), once committed.
    group: Option<i64>,
    /// The barrier object it completes on (`cuda::memcpy_async(.., bar)`).
    barrier: Option<String>,
    /// Branches (ifs and loop bodies) the copy was issued in: a wait completes
    /// it only when the wait's own branches are a prefix of these (the wait
    /// runs on every path the copy was issued on).
    path: Vec<u32>,
    /// Issue order, to tell copies issued inside a loop body.
    serial: u32,
    /// Where the copy is issued.
    site: (crate::ir::Span, bool),
    /// Arrivals on the copy's barrier made after its issue: the copy joined
    /// their phase or an earlier one, so it lands before their phase
    /// completes (see [`crate::ir::AsyncInfo::before_arrival`]).
    tied_arrivals: Vec<crate::ir::StmtId>,
    /// For a copy committed on a block `cuda::pipeline`: the pipeline's
    /// marker and the commit's ordinal (commits of that pipeline lowered
    /// before it), so a `consumer_wait` of a later iteration can be matched
    /// to the stage (see [`Lowerer::stage_completion`]).
    stage: Option<(String, i64)>,
    /// (snapshot variable, the variable it copies at the issue).
    snapshots: Vec<(VarId, VarId)>,
}

/// The flag of a copy issued inside a branch (an `if` arm, a loop body):
/// set at the issue and cleared before every branch construct around it, so
/// the copy's landings run only on paths that issued it in the current
/// iteration (otherwise they would touch the offsets of snapshots left from
/// an earlier iteration, or never assigned).
#[derive(Clone, Debug)]
struct IssueFlag {
    serial: u32,
    var: VarId,
    site: (crate::ir::Span, bool),
}

/// State of the asynchronous-copy model during lowering.
#[derive(Clone, Debug, Default)]
pub(crate) struct AsyncState {
    /// Thread pipelines (`cuda::pipeline` objects, by their text) that
    /// committed or waited so far.
    thread_pipes: HashSet<String>,
    /// A group was committed other than by a thread pipeline's
    /// `producer_commit` (`__pipeline_commit`, `cp.async.commit_group`,
    /// `cg::wait`).
    raw_commits: bool,
    pending: Vec<PendingAsync>,
    committed: i64,
    path: Vec<u32>,
    next_branch: u32,
    next_serial: u32,
    /// Group waits seen, in program order: (branch path at the wait, commits
    /// before it, `n` of `wait_prior(n)`, first statement id after it).
    waits: Vec<(Vec<u32>, i64, u32, u32)>,
    /// `cuda::barrier` objects by the text naming them.
    barriers: HashMap<String, i128>,
    /// Expected counts from `init(&bar, n)`, when `n` is thread-independent
    /// and made of constants and launch sizes.
    counts: HashMap<i128, Expr>,
    /// The memory of barrier objects `init` was seen on (at constant offsets).
    objects: HashMap<i128, (crate::ir::ArrayId, Expr)>,
    /// Barrier objects initialised so far (by their numbers).
    initialised: crate::base::HashSet<i128>,
    /// Tokens of `cuda::barrier` arrivals by the variable holding them: the
    /// issue serial at the arrival (copies issued before it belong to its
    /// phase or an earlier one) and the branch path of the last assignment.
    tokens: HashMap<VarId, (u32, Vec<u32>)>,
    /// Flags of copies issued inside branches, in issue order.
    flags: Vec<IssueFlag>,
    /// `cuda::pipeline` stages waited for so far (`consumer_wait`), in the
    /// frame of `committed`: the next `consumer_wait` completes the groups
    /// numbered up to this.
    consumed: i64,
    /// Loops around the statement being lowered.
    pub(crate) loops: u32,
    /// The accesses of copies where they are issued (not their landings):
    /// a copy carried into a later iteration meets the thread's next issue
    /// of a copy there (see [`Lowerer::carried_probe`]).
    issues: HashSet<crate::ir::StmtId>,
    /// Block pipelines (`make_pipeline(block, &state, ..)`) by the variable
    /// holding them.
    pipelines: HashMap<String, pipeline::BlockPipeline>,
    /// Set by a block pipeline's `producer_commit` for its arrival: the
    /// pending copies whose `barrier` is the first string are tied to the
    /// arrival and get the second (see `block_pipeline_method`).
    committing: Option<(String, String, i64)>,
    /// Copies pending before the last branch lowered and completed inside
    /// it (put back in flight for the paths that skip it), by serial.
    completed_in_branch: Vec<u32>,
    /// Completions by both arms of an `if`/`else`: (branch path after the
    /// `if`, serial of the copy, first statement id after the `if`).
    both_arms: Vec<(Vec<u32>, u32, u32)>,
    /// `if`/`else` statements: (branch path at the `if`, the then arm's
    /// branch id, the else arm's, first statement id after the `if`).
    if_arms: Vec<(Vec<u32>, u32, u32, u32)>,
    /// Block pipeline `consumer_wait`s seen, in program order: (pipeline
    /// marker, branch path at the wait, release ordinal at the wait, first
    /// statement id after it).
    stage_waits: Vec<(String, Vec<u32>, i64, u32)>,
    /// Block pipeline commits and releases seen, in program order:
    /// (pipeline marker, branch path).
    stage_ops: Vec<(String, Vec<u32>)>,
    /// Set by a `for` loop just before its body is lowered (see
    /// [`LoopStep`]).
    pub(crate) next_step: Option<LoopStep>,
    /// Landings made by [`Lowerer::async_land`]: (serial of the copy, the
    /// landing statement), so a loop can bound those of copies issued
    /// before it to the iterations the copy may still be in flight in.
    landings: Vec<(u32, crate::ir::StmtId)>,
    /// Branch paths of the commits seen (`__pipeline_commit`,
    /// `commit_group`, a thread's own `producer_commit`), in program order,
    /// with the first statement id after each.
    commit_paths: Vec<(Vec<u32>, u32)>,
    /// `consumer_wait`s of a thread's own `cuda::pipeline` inside loops:
    /// (branch path, groups committed before it, the stage it waits for,
    /// first statement id after it). See [`Lowerer::thread_pipeline_waits`].
    pipe_waits: Vec<(Vec<u32>, i64, i64, u32)>,
}

impl AsyncState {
    /// Whether no copy is in flight.
    pub(crate) fn is_idle(&self) -> bool {
        self.pending.is_empty()
    }

    /// The variables flagging that a copy was issued (`$issuedN`).
    pub(crate) fn issue_flags(&self) -> HashSet<VarId> {
        self.flags.iter().map(|f| f.var).collect()
    }

    /// Follows arrival tokens through assignments (`auto t = bar.arrive();`
    /// lowers to a temporary copied into `t`): a statement defining `var`
    /// from a token variable makes `var` that token; any other definition
    /// forgets it. The path recorded is the assignment's, so a wait uses the
    /// token only when no branch between may have reassigned it.
    pub(crate) fn track_token(&mut self, kind: &StmtKind) {
        if self.tokens.is_empty() {
            return;
        }
        let (var, from) = match kind {
            StmtKind::Assign { var, value } => (
                *var,
                match value {
                    Expr::Var(v) => self.tokens.get(v).map(|t| t.0),
                    _ => None,
                },
            ),
            StmtKind::Havoc { var } => (*var, None),
            StmtKind::Read { dest, .. } => (*dest, None),
            StmtKind::Atomic { dest: Some(d), .. } | StmtKind::Collective { dest: Some(d), .. } => {
                (*d, None)
            }
            _ => return,
        };
        match from {
            Some(serial) => {
                self.tokens.insert(var, (serial, self.path.clone()));
            }
            None => {
                self.tokens.remove(&var);
            }
        }
    }
}

/// Commit counts saved before a branch that may not run.
#[derive(Clone, Debug)]
pub(crate) struct AsyncFrame {
    committed: i64,
    consumed: i64,
    groups: HashMap<u32, Option<i64>>,
}

/// The asynchronous-copy state at the start of a loop body.
#[derive(Clone, Debug)]
pub(crate) struct AsyncLoopEntry {
    /// The serial the body's first copy gets.
    serial: u32,
    /// The body's branch path (as its waits record it).
    path: Vec<u32>,
    /// Groups committed before the body.
    committed: i64,
    /// The first statement id allocated in the body.
    first_id: u32,
    /// Block pipelines by marker: (commit ordinal, release ordinal, whether
    /// the ordinals are the thread's real counts, i.e. every earlier commit
    /// and release ran once, outside loops and branches).
    pipelines: HashMap<String, (i64, i64, bool)>,
    /// Length of `stage_ops` at the body's start.
    stage_ops: usize,
    /// What the loop's condition and update assign, when known.
    step: Option<LoopStep>,
    /// The loop's condition or update (lowered outside the body, for a
    /// do-while after it) calls a function, which may be a block barrier.
    pub(crate) calls_outside_body: bool,
    /// The loop's counter, a variable holding its value on entry (assigned
    /// just before the loop) and the constant step, when copies are in
    /// flight at the entry: at the head of iteration `j` the counter is
    /// `entry + j * step`, as long as only the update assigns it.
    base: Option<(VarId, VarId, i128)>,
}

/// What a `for` loop assigns outside its body: its update is empty or one
/// counter update `k += c` (`++k`, `k++`, `k = k + c`, their `-` forms),
/// and its condition assigns `condition_defs`.
#[derive(Clone, Debug, Default)]
pub(crate) struct LoopStep {
    /// The counter and the constant its update adds.
    pub(crate) counter: Option<(VarId, i128)>,
    /// Variables the condition's statements assign.
    pub(crate) condition_defs: HashSet<VarId>,
}

/// One instruction of an inline-PTX template.
#[derive(Clone, Debug, PartialEq)]
enum Ptx {
    /// `bar.sync`/`barrier.sync`/`bar.arrive`/`barrier.arrive` with operands.
    Bar { arrive: bool, operands: Vec<String> },
    /// `cp.async.{ca,cg}.shared.global [dst], [src], size{, src-size}`.
    CpAsync { operands: Vec<String> },
    /// `cp.async.commit_group`.
    Commit,
    /// `cp.async.wait_group n` (None: `cp.async.wait_all`, which also commits).
    WaitGroup(Option<String>),
    /// `mbarrier.init [addr], count`.
    MbarInit { operands: Vec<String> },
    /// `mbarrier.arrive{.expect_tx} state, [addr]{, tx}` (`drop`:
    /// `mbarrier.arrive_drop`; `tx`: `.expect_tx`, whose third operand is a
    /// transaction count, else it is an arrival count).
    MbarArrive {
        drop: bool,
        tx: bool,
        operands: Vec<String>,
    },
    /// `mbarrier.test_wait`/`try_wait{.parity} p, [addr], state`.
    MbarWait { parity: bool, operands: Vec<String> },
    /// An instruction without effect on memory or the barriers' phases
    /// (`mbarrier.expect_tx`, which only delays the phase; `mbarrier.inval`).
    Nop,
    /// A label or a branch (`L:`, `@p bra L`), as in a spin-wait loop.
    Jump,
}

/// The instructions of a PTX template, or the first one not understood.
fn parse_ptx(template: &str) -> Result<Vec<Ptx>, String> {
    let mut out = Vec::new();
    for raw in template.split([';', '\n']) {
        let mut inst = raw.trim();
        if inst.is_empty() || inst == "{" || inst == "}" || inst.starts_with("//") {
            continue;
        }
        // Register declarations (`.reg .pred p`) and labels (`L:`).
        if inst.starts_with(".reg") {
            continue;
        }
        if let Some((label, rest)) = inst.split_once(':') {
            if !label.contains(char::is_whitespace) && !label.contains('.') {
                out.push(Ptx::Jump);
                inst = rest.trim();
                if inst.is_empty() {
                    continue;
                }
            }
        }
        // A guard predicate (`@p bra L`).
        if let Some(rest) = inst.strip_prefix('@') {
            inst = rest
                .split_once(char::is_whitespace)
                .map_or("", |(_, i)| i.trim());
        }
        let (op, rest) = match inst.split_once(char::is_whitespace) {
            Some((op, rest)) => (op, rest.trim()),
            None => (inst, ""),
        };
        let operands: Vec<String> = rest
            .split(',')
            .map(|s| {
                s.trim()
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .trim()
                    .to_string()
            })
            .filter(|s| !s.is_empty())
            .collect();
        let parts: Vec<&str> = op.split('.').collect();
        match parts.as_slice() {
            ["bar" | "barrier", kind, ..] if matches!(*kind, "sync" | "arrive") => {
                out.push(Ptx::Bar {
                    arrive: *kind == "arrive",
                    operands,
                })
            }
            // `bar.sync` is `bar.sync.aligned`; `bar` alone is `bar.sync`.
            ["bar"] => out.push(Ptx::Bar {
                arrive: false,
                operands,
            }),
            ["cp", "async", "commit_group"] => out.push(Ptx::Commit),
            ["cp", "async", "wait_group"] => out.push(Ptx::WaitGroup(Some(
                operands.first().cloned().unwrap_or_default(),
            ))),
            ["cp", "async", "wait_all"] => out.push(Ptx::WaitGroup(None)),
            ["bra", ..] => out.push(Ptx::Jump),
            ["mbarrier", "init", ..] => out.push(Ptx::MbarInit { operands }),
            ["mbarrier", kind @ ("arrive" | "arrive_drop"), rest @ ..]
                if !rest.contains(&"noComplete") =>
            {
                out.push(Ptx::MbarArrive {
                    drop: *kind == "arrive_drop",
                    tx: rest.contains(&"expect_tx"),
                    operands,
                })
            }
            ["mbarrier", "test_wait" | "try_wait", rest @ ..] => out.push(Ptx::MbarWait {
                parity: rest.contains(&"parity"),
                operands,
            }),
            ["mbarrier", "expect_tx" | "inval", ..] => out.push(Ptx::Nop),
            ["cp", "async", "ca" | "cg", "shared", "global", ..]
            | ["cp", "async", "ca" | "cg", "shared::cta", "global", ..] => {
                out.push(Ptx::CpAsync { operands })
            }
            _ => return Err(inst.to_string()),
        }
    }
    Ok(out)
}

/// Why an arrival with a count update is `unsupported`: it stands for that
/// many arrivals of one thread (`barrier::arrive(n)`, `mbarrier.arrive`
/// with a count), which the per-thread generations cannot express (taken
/// as one arrival, the phase would seem to wait for more threads than it
/// does, and order them).
const ARRIVAL_COUNT_UNSUPPORTED: &str =
    "an arrival with a count other than 1 (several arrivals at once) is not modelled";

/// Whether an arrival count is absent or the constant 1.
fn is_unit(count: Option<&Expr>) -> bool {
    let Some(mut e) = count else { return true };
    while let Expr::Cast(_, inner) = e {
        e = inner;
    }
    matches!(e, Expr::Int(1, _))
}

/// The contents of the string literals of an asm template, concatenated.
fn template_text(code: &str) -> String {
    let mut out = String::new();
    let mut chars = code.chars();
    let mut inside = false;
    while let Some(c) = chars.next() {
        match (inside, c) {
            (false, '"') => inside = true,
            (true, '"') => inside = false,
            (true, '\\') => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            },
            (true, c) => out.push(c),
            (false, _) => {}
        }
    }
    out
}

/// Replaces variables by their snapshots. An integer divisor `y` becomes
/// `y == 0 ? 1 : y`: the landing copy is replayed where the copy's guards no
/// longer hold (after a barrier, outside the `if` that issued it), and the
/// checker assumes that an evaluated division has a non-zero divisor, which
/// there would hide executions in which the copy was never issued. Where it was
/// issued, its division ran with a non-zero divisor, so the value is the same.
fn subst_expr(e: &Expr, map: &HashMap<VarId, VarId>) -> Expr {
    subst_vars(e, &|v| Expr::Var(*map.get(&v).unwrap_or(&v)))
}

/// Replaces each variable `v` of `e` by the expression `value(v)`, guarding
/// integer divisors as [`subst_expr`] does (the replaced expression is
/// evaluated where the division it stands for may not have run).
fn subst_vars(e: &Expr, value: &impl Fn(VarId) -> Expr) -> Expr {
    match e {
        Expr::Var(v) => value(*v),
        Expr::Int(..) | Expr::Float(..) | Expr::Param(_) | Expr::Builtin(_) => e.clone(),
        Expr::Unary(op, x, t) => Expr::Unary(*op, Box::new(subst_vars(x, value)), *t),
        Expr::Binary(op @ (BinOp::Div | BinOp::Rem), x, y, t @ ScalarTy::Int { .. }) => {
            let y = subst_vars(y, value);
            if let Expr::Int(c, _) = y {
                if c != 0 {
                    // A non-zero constant divisor needs no guard (and stays a
                    // constant for the checker: a linear `/` or `%`).
                    return Expr::Binary(*op, Box::new(subst_vars(x, value)), Box::new(y), *t);
                }
            }
            let zero = Expr::Binary(
                BinOp::Eq,
                Box::new(y.clone()),
                Box::new(Expr::Int(0, *t)),
                ScalarTy::Bool,
            );
            let divisor = Expr::Select(Box::new(zero), Box::new(Expr::Int(1, *t)), Box::new(y), *t);
            Expr::Binary(*op, Box::new(subst_vars(x, value)), Box::new(divisor), *t)
        }
        Expr::Binary(op, x, y, t) => Expr::Binary(
            *op,
            Box::new(subst_vars(x, value)),
            Box::new(subst_vars(y, value)),
            *t,
        ),
        Expr::Cast(t, x) => Expr::Cast(*t, Box::new(subst_vars(x, value))),
        Expr::Select(c, x, y, t) => Expr::Select(
            Box::new(subst_vars(c, value)),
            Box::new(subst_vars(x, value)),
            Box::new(subst_vars(y, value)),
            *t,
        ),
        Expr::Apply(f, args, t) => Expr::Apply(
            f.clone(),
            args.iter().map(|a| subst_vars(a, value)).collect(),
            *t,
        ),
    }
}

/// Whether `e` is made of constants and block sizes only (the same in every
/// thread and known to the deadlock check).
fn launch_constant(e: &Expr) -> bool {
    use crate::ir::Builtin;
    match e {
        Expr::Int(..) => true,
        Expr::Builtin(Builtin::BlockDim(_)) => true,
        Expr::Unary(_, x, _) | Expr::Cast(_, x) => launch_constant(x),
        Expr::Binary(_, x, y, _) => launch_constant(x) && launch_constant(y),
        _ => false,
    }
}

fn expr_vars(e: &Expr, out: &mut Vec<VarId>) {
    match e {
        Expr::Var(v) => out.push(*v),
        Expr::Int(..) | Expr::Float(..) | Expr::Param(_) | Expr::Builtin(_) => {}
        Expr::Unary(_, x, _) | Expr::Cast(_, x) => expr_vars(x, out),
        Expr::Binary(_, x, y, _) => {
            expr_vars(x, out);
            expr_vars(y, out);
        }
        Expr::Select(c, x, y, _) => {
            expr_vars(c, out);
            expr_vars(x, out);
            expr_vars(y, out);
        }
        Expr::Apply(_, args, _) => args.iter().for_each(|a| expr_vars(a, out)),
    }
}

/// The copy's own accesses (and ifs choosing among arrays) with their
/// variables replaced by snapshots; collects the variables read.
fn landing_stmts(stmts: &[Stmt], map: &HashMap<VarId, VarId>) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in stmts {
        let kind = match &s.kind {
            StmtKind::Read { dest, access } => {
                let mut access = access.clone();
                access.offset = subst_expr(&access.offset, map);
                StmtKind::Read {
                    dest: *dest,
                    access,
                }
            }
            StmtKind::Write { access, value } => {
                let mut access = access.clone();
                access.offset = subst_expr(&access.offset, map);
                StmtKind::Write {
                    access,
                    value: subst_expr(value, map),
                }
            }
            StmtKind::If { cond, then_, else_ } => StmtKind::If {
                cond: subst_expr(cond, map),
                then_: Block {
                    stmts: landing_stmts(&then_.stmts, map),
                    braces: None,
                },
                else_: Block {
                    stmts: landing_stmts(&else_.stmts, map),
                    braces: None,
                },
            },
            _ => continue,
        };
        out.push(Stmt { kind, ..s.clone() });
    }
    out
}

/// Removes the statements `ids` from `block` (at any depth).
fn remove_stmts(block: &mut Block, ids: &HashSet<crate::ir::StmtId>) {
    if ids.is_empty() {
        return;
    }
    block.stmts.retain(|s| !ids.contains(&s.id));
    for s in &mut block.stmts {
        match &mut s.kind {
            StmtKind::If { then_, else_, .. } => {
                remove_stmts(then_, ids);
                remove_stmts(else_, ids);
            }
            StmtKind::Loop {
                body,
                step,
                cond_prelude,
                ..
            } => {
                remove_stmts(cond_prelude, ids);
                remove_stmts(body, ids);
                remove_stmts(step, ids);
            }
            _ => {}
        }
    }
}

/// The variable statement `s` itself assigns (not those of nested blocks).
fn assigned_var(s: &Stmt) -> Option<VarId> {
    match &s.kind {
        StmtKind::Assign { var, .. } | StmtKind::Havoc { var } => Some(*var),
        StmtKind::Read { dest, .. } => Some(*dest),
        StmtKind::Atomic { dest: Some(d), .. } | StmtKind::Collective { dest: Some(d), .. } => {
            Some(*d)
        }
        StmtKind::NamedBarrier { token: Some(t), .. } => Some(*t),
        _ => None,
    }
}

/// What a loop body keeps of its variables across iterations (see
/// [`Lowerer::value_back`]).
struct LoopFacts<'b> {
    /// The loop body.
    body: &'b Block,
    /// Variables the body or the loop's condition assign.
    assigned: &'b HashSet<VarId>,
    /// The counter only the loop's update `k += c` assigns, with `c`.
    counter: Option<(VarId, i128)>,
}

/// How many iterations back [`Lowerer::value_back`] looks: a constant, or
/// the value of a variable (at least 1, at most the iterations run so far:
/// the checker asserts that range, see
/// [`crate::ir::AsyncInfo::carried_back_vars`]).
#[derive(Clone, Copy)]
enum IterationsBack {
    Fixed(i128),
    Var(VarId),
}

/// Where a copy's issue read the original of its snapshot `v`: the
/// top-level statement of `body` holding the snapshot's assignment.
fn snapshot_at(body: &Block, v: VarId) -> Option<usize> {
    body.stmts.iter().position(|s| {
        assigned_var(s) == Some(v)
            || crate::ir::walk::child_blocks(s)
                .into_iter()
                .any(|b| assigned_vars(b).contains(&v))
    })
}

/// The ids of the memory accesses among `stmts` (anywhere inside).
fn access_ids(stmts: &[Stmt]) -> Vec<crate::ir::StmtId> {
    let block = Block {
        stmts: stmts.to_vec(),
        braces: None,
    };
    let mut ids = Vec::new();
    crate::ir::walk::for_each_stmt(&block, &mut |x| {
        if matches!(x.kind, StmtKind::Read { .. } | StmtKind::Write { .. }) {
            ids.push(x.id);
        }
    });
    ids
}

/// The variables `block` assigns (anywhere inside).
fn assigned_vars(block: &Block) -> HashSet<VarId> {
    let mut out = HashSet::default();
    crate::ir::walk::for_each_stmt(block, &mut |s| {
        out.extend(assigned_var(s));
    });
    out
}

fn stmt_vars(stmts: &[Stmt], reads: &mut Vec<VarId>, defs: &mut HashSet<VarId>) {
    for s in stmts {
        match &s.kind {
            StmtKind::Read { dest, access } => {
                expr_vars(&access.offset, reads);
                defs.insert(*dest);
            }
            StmtKind::Write { access, value } => {
                expr_vars(&access.offset, reads);
                expr_vars(value, reads);
            }
            StmtKind::If { cond, then_, else_ } => {
                expr_vars(cond, reads);
                stmt_vars(&then_.stmts, reads, defs);
                stmt_vars(&else_.stmts, reads, defs);
            }
            _ => {}
        }
    }
}

/// Removes the landings of asynchronous copies at points no issue of the
/// copy reaches: a landing is replayed as `if ($issuedN) { .. }` wherever
/// the copy may still be in flight by position (after every named barrier
/// operation, in both arms of an `if` after the copy's arm), and where no
/// `$issuedN = true` reaches the replay on any path, the flag is false in
/// every execution (it is a thread-local variable assigned only the
/// literals the model writes), so its body never runs: dropping it changes
/// no execution, only the number of pairs to decide (the other role's arm
/// of a producer/consumer `if` replays every copy of the producers' arm).
pub(crate) fn prune_unissued_landings(stmts: &mut Vec<Stmt>, flags: &HashSet<VarId>) {
    if flags.is_empty() {
        return;
    }
    let mut walk = FlagWalk {
        flags,
        breaks: Vec::new(),
        continues: Vec::new(),
    };
    walk.block(stmts, HashSet::default(), true);
}

/// May-be-true analysis of the issue flags over the structured body (see
/// [`prune_unissued_landings`]); the empty set also stands for "no path
/// reaches here", which only makes more code removable where it is dead.
struct FlagWalk<'a> {
    flags: &'a HashSet<VarId>,
    /// Per enclosing loop: the flags that may be true at a `break`.
    breaks: Vec<HashSet<VarId>>,
    /// Per enclosing loop: the flags that may be true at a `continue`.
    continues: Vec<HashSet<VarId>>,
}

impl FlagWalk<'_> {
    /// The flags that may be true after `stmts`, entered with `state`;
    /// with `prune`, removes the landings under a flag that is surely false
    /// (only once the state is final: loops iterate to a fixpoint first).
    fn block(
        &mut self,
        stmts: &mut Vec<Stmt>,
        mut state: HashSet<VarId>,
        prune: bool,
    ) -> HashSet<VarId> {
        let mut i = 0;
        while i < stmts.len() {
            let dead = match &stmts[i].kind {
                StmtKind::If {
                    cond: Expr::Var(v),
                    else_,
                    ..
                } => self.flags.contains(v) && !state.contains(v) && else_.stmts.is_empty(),
                _ => false,
            };
            if dead {
                if prune {
                    stmts.remove(i);
                } else {
                    i += 1;
                }
                continue;
            }
            state = self.stmt(&mut stmts[i], state, prune);
            i += 1;
        }
        state
    }

    fn stmt(&mut self, s: &mut Stmt, mut state: HashSet<VarId>, prune: bool) -> HashSet<VarId> {
        match &mut s.kind {
            StmtKind::Assign { var, value } if self.flags.contains(var) => {
                // The model assigns its flags the literals 0 and 1 only;
                // anything else may be true.
                if matches!(value, Expr::Int(0, _)) {
                    state.remove(var);
                } else {
                    state.insert(*var);
                }
            }
            StmtKind::Havoc { var } | StmtKind::Read { dest: var, .. }
                if self.flags.contains(var) =>
            {
                state.insert(*var);
            }
            StmtKind::Atomic {
                dest: Some(var), ..
            } if self.flags.contains(var) => {
                state.insert(*var);
            }
            StmtKind::If { then_, else_, .. } => {
                let after_then = self.block(&mut then_.stmts, state.clone(), prune);
                let after_else = self.block(&mut else_.stmts, state, prune);
                state = after_then;
                state.extend(after_else);
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                // Iterate to a fixpoint on the state at the loop head (the
                // sets only grow and are bounded by `flags`), then prune
                // once with the final head state.
                let mut head = state;
                loop {
                    let (_, next_head) = self.loop_round(cond_prelude, body, step, &head, false);
                    if next_head.is_subset(&head) {
                        break;
                    }
                    head.extend(next_head);
                }
                let (exit, _) = self.loop_round(cond_prelude, body, step, &head, prune);
                state = exit;
            }
            StmtKind::Break => {
                if let Some(b) = self.breaks.last_mut() {
                    b.extend(state);
                }
                state = HashSet::default();
            }
            StmtKind::Continue => {
                if let Some(c) = self.continues.last_mut() {
                    c.extend(state);
                }
                state = HashSet::default();
            }
            StmtKind::Return => state = HashSet::default(),
            _ => {}
        }
        state
    }

    /// One pass over a loop from the head state `head`: (the state at the
    /// loop's exit, the state back at the head after the step).
    fn loop_round(
        &mut self,
        cond_prelude: &mut Block,
        body: &mut Block,
        step: &mut Block,
        head: &HashSet<VarId>,
        prune: bool,
    ) -> (HashSet<VarId>, HashSet<VarId>) {
        let tested = self.block(&mut cond_prelude.stmts, head.clone(), prune);
        self.breaks.push(HashSet::default());
        self.continues.push(HashSet::default());
        let mut end = self.block(&mut body.stmts, tested.clone(), prune);
        let breaks = self.breaks.pop().unwrap_or_default();
        end.extend(self.continues.pop().unwrap_or_default());
        let next = self.block(&mut step.stmts, end, prune);
        let mut exit = tested;
        exit.extend(breaks);
        (exit, next)
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    /// Runs `f` as a branch of its own (an `if` arm or a loop body) for the
    /// asynchronous-copy model: waits inside complete only copies issued there.
    pub(crate) fn in_async_branch<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let id = self.asyncs.next_branch;
        self.asyncs.next_branch += 1;
        self.asyncs.path.push(id);
        let entry = self.asyncs.pending.clone();
        let first_serial = self.asyncs.next_serial;
        let r = f(self);
        self.asyncs.path.pop();
        // Copies issued inside are issued only on the paths that run the
        // branch, this time round: their flags are cleared just before the
        // branch construct (the statements pushed now precede it).
        let issued: Vec<IssueFlag> = self
            .asyncs
            .flags
            .iter()
            .filter(|f| f.serial >= first_serial)
            .cloned()
            .collect();
        for flag in issued {
            self.push_site(
                StmtKind::Assign {
                    var: flag.var,
                    value: int(0, ScalarTy::Bool),
                },
                flag.site,
            );
        }
        // A wait inside completed copies issued before the branch only for
        // the rest of the branch: the paths that skip it (an untaken arm, a
        // loop running zero times) still have them in flight.
        let live: HashSet<u32> = self.asyncs.pending.iter().map(|p| p.serial).collect();
        self.asyncs.completed_in_branch.clear();
        for p in entry {
            if !live.contains(&p.serial) {
                self.asyncs.completed_in_branch.push(p.serial);
                self.asyncs.pending.push(p);
            }
        }
        // A copy issued inside and still pending may also be pending on the
        // paths that skip the branch: a wait after the branch completes it
        // (over-approximating the paths on which it was never issued).
        let depth = self.asyncs.path.len();
        for p in &mut self.asyncs.pending {
            if p.path.len() > depth && p.path.get(depth) == Some(&id) {
                p.path.truncate(depth);
            }
        }
        r
    }

    /// Runs `f` as an `if`/`switch` arm (or statements guarded by an earlier
    /// jump): like [`Self::in_async_branch`], and commits inside count only
    /// on the path that runs them. After the arm the commit count and the
    /// groups of copies pending before it are those of the path that skips
    /// it: fewer commits make `wait_prior(n)` complete fewer groups, so the
    /// copies stay in flight at least as long as on any path (sound). Copies
    /// committed inside exist only on the arm's path: their groups move down
    /// by the arm's commits, into the restored frame. Later commits are
    /// numbered from the restored count on both paths alike (on the arm's
    /// path all groups are that many higher), so `g + n < committed` decides
    /// every copy as on the paths it exists on.
    pub(crate) fn in_async_arm<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let frame = self.async_commit_frame();
        let r = self.in_async_branch(f);
        self.async_restore_frame(frame);
        r
    }

    /// The commit count, stage count and groups of the pending copies
    /// before a branch that may not run (see [`Self::async_restore_frame`]).
    pub(crate) fn async_commit_frame(&self) -> AsyncFrame {
        AsyncFrame {
            committed: self.asyncs.committed,
            consumed: self.asyncs.consumed,
            groups: self
                .asyncs
                .pending
                .iter()
                .map(|p| (p.serial, p.group))
                .collect(),
        }
    }

    /// After a branch that some paths skip (an `if` arm, a loop body, which
    /// runs zero times on some path): the commit counts of the skipping path
    /// (see [`Self::in_async_arm`]). For a loop that ran `N >= 1` times, a
    /// copy of its last iteration is `d` groups below the count before the
    /// loop plus the `N d` groups committed, as in the frame restored here.
    pub(crate) fn async_restore_frame(&mut self, frame: AsyncFrame) {
        let AsyncFrame {
            committed,
            consumed,
            groups,
        } = frame;
        let inside = self.asyncs.committed.max(committed) - committed;
        if self.asyncs.committed != committed {
            // On the path that runs the arm, `inside` more groups were
            // committed than the restored count says: a copy issued and
            // committed inside the arm (it exists only on that path) has its
            // group moved down by as many, so `g + n < committed` later
            // decides `wait_prior(n)` exactly as on that path.
            for p in &mut self.asyncs.pending {
                match groups.get(&p.serial) {
                    Some(g) => p.group = *g,
                    None => p.group = p.group.map(|g| g - inside),
                }
            }
            self.asyncs.committed = committed;
        }
        // Stages waited for inside count only on the arm's path (fewer
        // waits complete fewer stages), and on that path the groups were
        // numbered `inside` higher: the count moves down with them, so a
        // copy committed inside is decided as on its path, and the others
        // no less strictly than on either path.
        self.asyncs.consumed = self.asyncs.consumed.min(consumed) - inside;
    }

    /// The copies pending before the last branch that it completed.
    pub(crate) fn async_completed_in_branch(&self) -> Vec<u32> {
        self.asyncs.completed_in_branch.clone()
    }

    /// The branch id the next branch lowered gets.
    pub(crate) fn async_next_branch(&self) -> u32 {
        self.asyncs.next_branch
    }

    /// Records an `if`/`else` whose arms got branch ids `then_` and `else_`.
    pub(crate) fn async_if_else(&mut self, then_: u32, else_: u32) {
        let entry = (
            self.asyncs.path.clone(),
            then_,
            else_,
            self.kernel.next_stmt_id,
        );
        self.asyncs.if_arms.push(entry);
    }

    /// After an `if` with both arms: copies that each arm completed are
    /// complete on every path through the `if`. `next_id` is the first
    /// statement id after it.
    pub(crate) fn async_both_arms_completed(&mut self, then_: &[u32], else_: &[u32]) {
        let both: Vec<u32> = then_
            .iter()
            .copied()
            .filter(|s| else_.contains(s))
            .collect();
        if both.is_empty() {
            return;
        }
        let next_id = self.kernel.next_stmt_id;
        for serial in &both {
            let entry = (self.asyncs.path.clone(), *serial, next_id);
            self.asyncs.both_arms.push(entry);
        }
        self.async_complete(|p| both.contains(&p.serial));
    }

    /// A loop body was lowered: copies issued in it and still pending at its
    /// end may land in the next iteration, anywhere before the wait that
    /// completes them. Soundly taken as landing after every barrier of the body.
    pub(crate) fn async_loop_carried(&mut self, body: &mut Block, entry: &AsyncLoopEntry) {
        let end_id = self.kernel.next_stmt_id;
        self.thread_pipeline_waits(entry, end_id);
        let carried: Vec<PendingAsync> = self
            .asyncs
            .pending
            .iter()
            .filter(|p| p.serial >= entry.serial)
            .cloned()
            .collect();
        if carried.is_empty() {
            self.async_preloop(body, entry, end_id);
            return;
        }
        let mut skips = false;
        let mut has_block_barrier = false;
        crate::ir::walk::for_each_stmt(body, &mut |s| {
            skips |= matches!(s.kind, StmtKind::Continue);
            has_block_barrier |= matches!(
                s.kind,
                StmtKind::Barrier { .. } | StmtKind::Collective { .. }
            );
        });
        let mut prelude = Vec::new();
        let mut probes = Vec::new();
        let mut carried_landings = Vec::new();
        let mut carried_backs = Vec::new();
        let committed_end = self.asyncs.committed;
        let (body_path, committed_entry) = (&entry.path, entry.committed);
        for p in &carried {
            // `m` iterations later a wait sees `committed - committed_entry`
            // more groups than at the body's end, plus `m - 1` bodies' worth.
            let completes_at = |path: &Vec<u32>, m: i64| {
                let later = (m - 1) * (committed_end - committed_entry);
                // The earliest such wait (waits of a thread's own pipeline
                // are recorded after the body's other waits).
                p.group.and_then(|g| {
                    self.asyncs
                        .waits
                        .iter()
                        .filter(|(wpath, committed, n, _)| {
                            wpath == path
                                && g + i64::from(*n)
                                    < committed_end + later + (committed - committed_entry)
                        })
                        .map(|w| w.3)
                        .min()
                })
            };
            // The wait that completes the copy `m` iterations after its issue.
            // Only a wait the body runs on every path surely completes the
            // copy: one not inside an `if` or an inner loop of the body, an
            // `if`/`else` of the body each of whose arms has one, or the
            // thread's own `consumer_wait` for the copy's stage of a block
            // pipeline (see `stage_completion`). A `continue` may skip the
            // wait: then no wait surely completes the copy.
            let cutoff_at = |m: i64| {
                if skips {
                    return None;
                }
                let direct = completes_at(body_path, m);
                let by_arms = self
                    .asyncs
                    .if_arms
                    .iter()
                    .filter(|(path, ..)| path == body_path)
                    .filter(|(path, then_, else_, _)| {
                        let mut t = path.clone();
                        t.push(*then_);
                        let mut e = path.clone();
                        e.push(*else_);
                        completes_at(&t, m).is_some() && completes_at(&e, m).is_some()
                    })
                    .map(|w| w.3)
                    .min();
                let by_stage = p
                    .stage
                    .as_ref()
                    .and_then(|stage| self.stage_completion(stage, entry, m));
                direct.into_iter().chain(by_arms).chain(by_stage).min()
            };
            // How many iterations the copy may stay in flight: the first
            // `m` whose body surely completes it (it is then complete at the
            // top of the iteration after, and so is every older copy).
            let cutoffs: Vec<Option<u32>> = (1..=MAX_CARRIED_ITERATIONS).map(cutoff_at).collect();
            let depth = cutoffs
                .iter()
                .position(Option::is_some)
                .map(|i| i as i64 + 1);
            let template = p.stmts.clone();
            let inputs = self.copy_inputs(&template);
            let tied = p.tied_arrivals.clone();
            // A copy committed on a block pipeline in its issuing
            // iteration, in a body without block barriers: checked at its
            // issue only (see `mark_stage_bound`).
            let stage_bound = p.stage.is_some()
                && !tied.is_empty()
                && !has_block_barrier
                && !entry.calls_outside_body;
            let Some(depth) = depth else {
                if stage_bound {
                    // A producer's copy on a block pipeline, never waited
                    // for by its own thread here (see `mark_stage_bound`).
                    self.mark_stage_bound(body, p, entry, end_id);
                    // The thread's own later accesses still meet the copy
                    // of an earlier iteration: with the operands of the
                    // iteration `$back` back when the loop keeps them
                    // (tied to that iteration's commit, which orders it
                    // through the consumers' waits and releases), else
                    // arbitrary ones.
                    if let Some((map, back)) =
                        self.inputs_any_iteration_back(body, p, entry, &inputs, &mut prelude)
                    {
                        let landing = landing_stmts(&template, &map);
                        let probe = self.carried_probe(body, &landing, entry, None, false);
                        for x in access_ids(&probe) {
                            for a in &tied {
                                self.kernel.asyncs.before_arrival.push((x, *a));
                            }
                            carried_backs.push((x, back));
                        }
                        probes.extend(probe);
                        continue;
                    }
                    let mut map = HashMap::default();
                    for (v, ty) in &inputs {
                        let name = format!("$prev{}", self.kernel.vars.len());
                        let prev = self.new_var_at(&name, *ty, p.site);
                        prelude.push(self.stmt_at(StmtKind::Havoc { var: prev }, p.site));
                        map.insert(*v, prev);
                    }
                    let landing = landing_stmts(&template, &map);
                    probes.extend(self.carried_probe(body, &landing, entry, None, false));
                    continue;
                }
                // No wait completes it within a few iterations: a copy of
                // any earlier iteration may land, with arbitrary values. A
                // copy on a `cuda::barrier` is tied to every later arrival
                // of the thread on its barrier (it joined the phase current
                // at its issue, or an earlier one), so a copy of any earlier
                // iteration precedes the previous iteration's arrivals made
                // after the issue.
                let mut map = HashMap::default();
                for (v, ty) in &inputs {
                    let name = format!("$prev{}", self.kernel.vars.len());
                    let prev = self.new_var_at(&name, *ty, p.site);
                    prelude.push(self.stmt_at(StmtKind::Havoc { var: prev }, p.site));
                    map.insert(*v, prev);
                }
                let landing = landing_stmts(&template, &map);
                probes.extend(self.carried_probe(body, &landing, entry, None, false));
                let mut landed = Vec::new();
                self.insert_after_barriers(body, &landing, None, &tied, &mut landed);
                let on_barrier_object = p.stage.is_none()
                    && p.barrier
                        .as_ref()
                        .is_some_and(|b| !b.starts_with("$pipeline"));
                if !tied.is_empty() && on_barrier_object {
                    carried_landings.extend(landed.into_iter().map(|l| (l, 1)));
                }
                continue;
            };
            // The copy of the iteration `m` back (1 <= m <= depth) lands with
            // that iteration's values (and only if it issued the copy): its
            // snapshots and flag are saved at the top of the body, each
            // level from the one before, before this iteration's issue
            // overwrites them. It lands after every barrier of the body, up
            // to the wait that completes it at level `depth`, and precedes
            // the arrivals it is tied to in its issuing iteration, `m` back.
            let mut levels: Vec<HashMap<VarId, VarId>> = Vec::new();
            for _ in 0..depth {
                let mut map = HashMap::default();
                for (v, ty) in &inputs {
                    // Names are unique: witnesses name locals.
                    let name = format!("$prev{}", self.kernel.vars.len());
                    let prev = self.new_var_at(&name, *ty, p.site);
                    map.insert(*v, prev);
                }
                levels.push(map);
            }
            // A snapshot of a variable the body and step never assign is
            // that variable in every iteration; one of the loop's counter,
            // which only its update `k += c` assigns, was `k - m c` in the
            // iteration `m` back (the same value, tied to the iteration
            // number); one of a body local assigned once, before the
            // issue, from such values is its defining expression over them
            // (see `value_back`). All stay exact where the loop abstraction
            // forgets saved values.
            let mut assigned = assigned_vars(body);
            let origin: HashMap<VarId, VarId> = p.snapshots.iter().copied().collect();
            let counter = entry.step.as_ref().and_then(|s| s.counter);
            if let Some(step) = &entry.step {
                assigned.extend(step.condition_defs.iter().copied());
            }
            let loop_facts = LoopFacts {
                body,
                assigned: &assigned,
                counter,
            };
            // Levels whose operands are all the issuing iteration's (issue
            // flags aside): a probe of them meeting the thread's next issue
            // is a witness; otherwise it may be an artefact of the loop
            // abstraction (`AsyncInfo::inexact_reissues`).
            let flags = self.asyncs.issue_flags();
            let mut exact_levels = vec![true; levels.len()];
            for m in (0..levels.len()).rev() {
                for (v, _) in &inputs {
                    let exact = origin.get(v).and_then(|orig| {
                        entry.step.as_ref()?;
                        let at = snapshot_at(body, *v)?;
                        self.value_back(
                            &loop_facts,
                            *orig,
                            at,
                            IterationsBack::Fixed(m as i128 + 1),
                            4,
                        )
                    });
                    if exact.is_none() && !flags.contains(v) {
                        exact_levels[m] = false;
                    }
                    let value = match (exact, m) {
                        (Some(e), _) => e,
                        (None, 0) => Expr::Var(*v),
                        (None, _) => Expr::Var(levels[m - 1][v]),
                    };
                    let kind = StmtKind::Assign {
                        var: levels[m][v],
                        value,
                    };
                    prelude.push(self.stmt_at(kind, p.site));
                }
            }
            if stage_bound {
                self.mark_stage_bound(body, p, entry, end_id);
            }
            for (index, map) in levels.iter().enumerate() {
                let m = index as i64 + 1;
                let cutoff = if m == depth { cutoffs[index] } else { None };
                let landing = landing_stmts(&template, map);
                // The thread's own accesses of a later iteration before the
                // wait meet the copy still in flight: recorded against a
                // probe of the copy at the top of the body.
                let exact = exact_levels[index];
                probes.extend(self.carried_probe(body, &landing, entry, cutoff, exact));
                if stage_bound {
                    // Other threads meet the copy at its issue only.
                    continue;
                }
                let mut landed = Vec::new();
                self.insert_after_barriers(body, &landing, cutoff, &tied, &mut landed);
                if !tied.is_empty() {
                    carried_landings.extend(landed.into_iter().map(|l| (l, m as u32)));
                }
            }
        }
        for (k, s) in prelude.into_iter().chain(probes).enumerate() {
            body.stmts.insert(k, s);
        }
        if let Some(marker) = body.stmts.first().map(|s| s.id) {
            for (landing, back) in carried_landings {
                self.kernel
                    .asyncs
                    .carried_ties
                    .push((landing, marker, back));
            }
            for (probe, back) in carried_backs {
                self.kernel
                    .asyncs
                    .carried_back_vars
                    .push((probe, marker, back));
            }
        }
        // After the prelude: the body's first statement marks the loop.
        self.async_preloop(body, entry, end_id);
    }

    /// For a copy `p` of a stage-bound producer (see `mark_stage_bound`),
    /// never waited for by its own thread in the loop: a fresh `$back` and,
    /// for each input of the copy, a variable holding the value it had in
    /// the iteration `$back` iterations before the current one (so a probe
    /// of the copy over them stands for the copy of any earlier iteration,
    /// with that iteration's operands), assigned in `prelude`. Issue flags
    /// are arbitrary (whether that iteration issued the copy). None, and
    /// nothing added, when the loop does not keep every other input exactly
    /// ([`Self::value_back`]).
    fn inputs_any_iteration_back(
        &mut self,
        body: &Block,
        p: &PendingAsync,
        entry: &AsyncLoopEntry,
        inputs: &[(VarId, ScalarTy)],
        prelude: &mut Vec<Stmt>,
    ) -> Option<(HashMap<VarId, VarId>, VarId)> {
        let step = entry.step.as_ref()?;
        let flags = self.asyncs.issue_flags();
        let origin: HashMap<VarId, VarId> = p.snapshots.iter().copied().collect();
        let mut assigned = assigned_vars(body);
        assigned.extend(step.condition_defs.iter().copied());
        let facts = LoopFacts {
            body,
            assigned: &assigned,
            counter: step.counter,
        };
        let read_at = |v: VarId| Some((*origin.get(&v)?, snapshot_at(body, v)?));
        let reads: Vec<Option<(VarId, usize)>> = inputs.iter().map(|(v, _)| read_at(*v)).collect();
        // `value_back` fails alike for a constant and a variable number of
        // iterations (only the counter's offset differs).
        for ((v, _), read) in inputs.iter().zip(&reads) {
            let exact = read.and_then(|(orig, at)| {
                self.value_back(&facts, orig, at, IterationsBack::Fixed(1), 4)
            });
            if exact.is_none() && !flags.contains(v) {
                return None;
            }
        }
        let name = format!("$back{}", self.kernel.vars.len());
        let back = self.new_var_at(&name, ScalarTy::INT, p.site);
        let mut values = Vec::new();
        for ((v, ty), read) in inputs.iter().zip(&reads) {
            let value = match read {
                Some((orig, at)) if !flags.contains(v) => {
                    self.value_back(&facts, *orig, *at, IterationsBack::Var(back), 4)
                }
                _ => None,
            };
            values.push((*v, *ty, value));
        }
        prelude.push(self.stmt_at(StmtKind::Havoc { var: back }, p.site));
        let mut map = HashMap::default();
        for (v, ty, value) in values {
            let name = format!("$prev{}", self.kernel.vars.len());
            let prev = self.new_var_at(&name, ty, p.site);
            let kind = match value {
                Some(value) => StmtKind::Assign { var: prev, value },
                None => StmtKind::Havoc { var: prev },
            };
            prelude.push(self.stmt_at(kind, p.site));
            map.insert(v, prev);
        }
        Some((map, back))
    }

    /// The value `v` had at the top-level statement `at` of the loop body
    /// in the iteration `back` iterations before the current one, as an
    /// expression over values at the top of the current iteration, when
    /// the loop keeps it exactly (None otherwise): a variable the body (and
    /// the loop's condition) never assigns has one value in every iteration;
    /// the counter that only its update `k += c` assigns was `k - back c`;
    /// a variable the body assigns exactly once, by a top-level `v = e`
    /// before `at`, holds there the value of `e` evaluated at that
    /// assignment in the same iteration (every path from the body's top to
    /// statement `at` runs the top-level statements before it, and nothing
    /// else assigns `v`), so `e` with each of its variables replaced by its
    /// own value at the assignment (recursively, `depth` levels).
    fn value_back(
        &self,
        facts: &LoopFacts<'_>,
        v: VarId,
        at: usize,
        back: IterationsBack,
        depth: u32,
    ) -> Option<Expr> {
        if !facts.assigned.contains(&v) {
            return match facts.counter {
                Some((k, step)) if k == v => {
                    let ty = self.kernel.vars.get(k.0 as usize)?.ty;
                    let delta = match back {
                        IterationsBack::Fixed(m) => int(step.checked_mul(m)?, ty),
                        // `back * step` in the counter's type: the counter's
                        // earlier values were computed in it too (a wrap of
                        // an unsigned counter is the same wrap).
                        IterationsBack::Var(b) => bin(
                            BinOp::Mul,
                            Expr::Cast(ty, Box::new(Expr::Var(b))),
                            int(step, ty),
                            ty,
                        ),
                    };
                    Some(bin(BinOp::Sub, Expr::Var(k), delta, ty))
                }
                _ => Some(Expr::Var(v)),
            };
        }
        if depth == 0 {
            return None;
        }
        let mut defs = 0;
        crate::ir::walk::for_each_stmt(facts.body, &mut |s| {
            defs += usize::from(assigned_var(s) == Some(v));
        });
        if defs != 1 {
            return None;
        }
        let (def_at, value) =
            facts.body.stmts[..at]
                .iter()
                .enumerate()
                .find_map(|(i, s)| match &s.kind {
                    StmtKind::Assign { var, value } if *var == v => Some((i, value)),
                    _ => None,
                })?;
        let mut reads = Vec::new();
        expr_vars(value, &mut reads);
        let mut values = HashMap::default();
        for u in reads {
            let e = self.value_back(facts, u, def_at, back, depth - 1)?;
            values.insert(u, e);
        }
        Some(subst_vars(value, &|u| values[&u].clone()))
    }

    /// A copy `p` issued in the loop body `body` and committed on a block
    /// pipeline in the same iteration (tied to that commit's arrival), in a
    /// body without block barriers. It lands after its issue and before
    /// the phase of that commit completes (a produced phase completes only
    /// once the copies committed with it landed), whatever the thread does
    /// meanwhile. Its issue access checked with exactly these two bounds
    /// (`AsyncInfo::stage_bound`: ordered after what precedes the issue,
    /// before what follows the phase) covers every landing time; with no
    /// block barrier in the body (nor a call in the loop's condition or
    /// update) no barrier interval separates the issue from a landing in a
    /// later iteration. Its landings after this body's
    /// named operations are redundant for other threads: dropped (the
    /// thread's own accesses are checked against probes).
    fn mark_stage_bound(
        &mut self,
        body: &mut Block,
        p: &PendingAsync,
        entry: &AsyncLoopEntry,
        end_id: u32,
    ) {
        let block = Block {
            stmts: p.stmts.clone(),
            braces: None,
        };
        let mut issue = Vec::new();
        crate::ir::walk::for_each_stmt(&block, &mut |x| {
            if matches!(x.kind, StmtKind::Read { .. } | StmtKind::Write { .. }) {
                issue.push(x.id);
            }
        });
        self.kernel.asyncs.stage_bound.extend(issue);
        let dropped: HashSet<crate::ir::StmtId> = self
            .asyncs
            .landings
            .iter()
            .filter(|(s, id)| *s == p.serial && (entry.first_id..end_id).contains(&id.0))
            .map(|(_, id)| *id)
            .collect();
        remove_stmts(body, &dropped);
    }

    /// A loop body was lowered (after [`Self::async_loop_carried`]): a copy
    /// issued in it and still pending stands, after the loop, for the copy
    /// of the last iteration only (its snapshots hold that iteration's
    /// operands), yet the copies of earlier iterations may be in flight too
    /// when no wait of the body completed them. Each gets a twin with
    /// arbitrary operands (and issue flag) for them, one body's commits
    /// older than the copy: the copy of iteration `N - 1 - j` is `j d`
    /// groups older (`d` the commits every path of the body runs), so it
    /// is complete whenever that of `N - 2` is. The twin is tied to no
    /// arrival (the arrivals it could precede are those of its own,
    /// unknown, iteration).
    pub(crate) fn async_loop_exit(&mut self, entry: &AsyncLoopEntry, at: Node<'t>) {
        let per_iteration = self.asyncs.committed - entry.committed;
        let issued: Vec<PendingAsync> = self
            .asyncs
            .pending
            .iter()
            .filter(|p| p.serial >= entry.serial)
            .cloned()
            .collect();
        for p in issued {
            let mut map = HashMap::default();
            for (v, ty) in self.copy_inputs(&p.stmts) {
                let name = format!("$older{}", self.kernel.vars.len());
                let older = self.new_var(&name, ty, at);
                self.push(StmtKind::Havoc { var: older }, at);
                map.insert(v, older);
            }
            let serial = self.asyncs.next_serial;
            self.asyncs.next_serial += 1;
            let mut stmts = landing_stmts(&p.stmts, &map);
            if !self.asyncs.path.is_empty() {
                // Issued only on the paths that reach the loop: like a copy
                // issued in a branch (`issue_async`), the twin is flagged and
                // the flag is cleared before every branch construct around
                // it, so another arm (a consumer role) gets no landing of it.
                stmts = self.flag_issued(serial, stmts, p.site, at);
            }
            self.asyncs.pending.push(PendingAsync {
                stmts,
                group: p.group.map(|g| g - per_iteration),
                serial,
                tied_arrivals: Vec::new(),
                stage: None,
                snapshots: Vec::new(),
                ..p
            });
        }
    }

    /// A probe of a copy carried into the next iteration (`template`, over
    /// the saved values), for the thread's own accesses of `body` made
    /// before the wait `cutoff` (every access without one): the pairs go to
    /// `same_thread`, the probe's accesses to `probes` (not checked against
    /// other threads: the landings after barriers cover those). The body's
    /// issues of copies are paired too (a copy of this iteration writing
    /// bytes the carried copy is still writing or reading, or writing bytes
    /// it reads); the landings of copies are not (they are copies already
    /// issued, met by the probes of their own issue). `exact`: the probe's
    /// operands are those of the iteration that issued the copy.
    fn carried_probe(
        &mut self,
        body: &Block,
        template: &[Stmt],
        entry: &AsyncLoopEntry,
        cutoff: Option<u32>,
        exact: bool,
    ) -> Vec<Stmt> {
        let end = cutoff.unwrap_or(u32::MAX);
        let mut accesses = Vec::new();
        crate::ir::walk::for_each_stmt(body, &mut |s| {
            let in_range = s.id.0 >= entry.first_id && s.id.0 < end;
            let landing =
                self.kernel.asyncs.accesses.contains(&s.id) && !self.asyncs.issues.contains(&s.id);
            if !in_range || landing {
                return;
            }
            match &s.kind {
                StmtKind::Read { access, .. } => accesses.push((s.id, access.array, false)),
                StmtKind::Write { access, .. } | StmtKind::Atomic { access, .. } => {
                    accesses.push((s.id, access.array, true))
                }
                _ => {}
            }
        });
        let mut probe: Vec<Stmt> = template.to_vec();
        for s in &mut probe {
            self.renumber(s);
        }
        let block = Block {
            stmts: probe.clone(),
            braces: None,
        };
        let mut pairs = Vec::new();
        let mut ids = Vec::new();
        crate::ir::walk::for_each_stmt(&block, &mut |x| {
            let (array, copy_writes) = match &x.kind {
                StmtKind::Write { access, .. } => (access.array, true),
                StmtKind::Read { access, .. } => (access.array, false),
                _ => return,
            };
            ids.push(x.id);
            for (id, a, write) in &accesses {
                if *a == array && (copy_writes || *write) {
                    pairs.push((x.id, *id));
                }
            }
        });
        if pairs.is_empty() {
            return Vec::new();
        }
        if !exact {
            let issues = &self.asyncs.issues;
            let reissues = pairs.iter().filter(|(_, id)| issues.contains(id));
            self.kernel.asyncs.inexact_reissues.extend(reissues);
        }
        self.kernel.asyncs.same_thread.extend(pairs);
        self.kernel.asyncs.probes.extend(ids);
        probe
    }

    /// The first `consumer_wait` of a loop body (the statement id from which
    /// on it is done) that completes, `later` iterations on, the thread's
    /// copy committed on a block pipeline as commit `stage.1` of the
    /// lowering. Needs the pipeline's commits and releases before the loop
    /// to be the thread's real counts, and the body to commit and release
    /// the pipeline the same number of times `d` per iteration, each on
    /// every path (none inside an `if` or inner loop of the body): then the
    /// commit of ordinal `c` in iteration `i` is the thread's commit
    /// `c + i d`, and a wait made after `r` releases in iteration
    /// `i + later` waits for commit `r + later d + i d`. A thread's k-th `consumer_wait`
    /// returns once the phase of its k-th commit completed, which needs the
    /// copies committed with it to have landed; its own earlier copies on
    /// the same slot belong to earlier phases of the same barrier, which
    /// complete in order (as for straight-line code, `block_pipeline_method`).
    fn stage_completion(
        &self,
        stage: &(String, i64),
        entry: &AsyncLoopEntry,
        later: i64,
    ) -> Option<u32> {
        let (marker, ordinal) = stage;
        let &(commits0, releases0, exact) = entry.pipelines.get(marker)?;
        let p = self
            .asyncs
            .pipelines
            .values()
            .find(|p| &p.marker == marker)?;
        let per_iteration = p.ordinal_commits - commits0;
        if !exact || per_iteration <= 0 || p.ordinal_releases - releases0 != per_iteration {
            return None;
        }
        let regular = self.asyncs.stage_ops[entry.stage_ops.min(self.asyncs.stage_ops.len())..]
            .iter()
            .filter(|(m, _)| m == marker)
            .all(|(_, path)| *path == entry.path);
        if !regular {
            return None;
        }
        let stages = i64::try_from(p.stages).ok()?;
        self.asyncs
            .stage_waits
            .iter()
            .filter(|(m, path, _, id)| m == marker && *path == entry.path && *id >= entry.first_id)
            .find(|(_, _, released, _)| {
                let waited = released + later * per_iteration;
                waited >= *ordinal && (waited - ordinal) % stages == 0
            })
            .map(|w| w.3)
    }

    /// A loop body whose commits and `consumer_wait`s of a thread's own
    /// `cuda::pipeline` all run on every path (at the body's top level,
    /// none in an `if` or inner loop), `c` of each per iteration: the wait
    /// that waits for stage `s` in the first iteration waits for `s + n c`
    /// in iteration `n`, while the groups committed before it grow from
    /// `g` to `g + n c`. It completes the groups up to that stage (stages
    /// complete in order), which is `wait_prior(g - 1 - s)` in every
    /// iteration: recorded as such, so loop-carried and pre-loop copies are
    /// completed by it like by `__pipeline_wait_prior`. A wait for a stage
    /// not committed before it, or a body that waits and commits unequally
    /// often, completes nothing (as before: sound, may over-report).
    fn thread_pipeline_waits(&mut self, entry: &AsyncLoopEntry, end_id: u32) {
        let in_body = |id: u32| (entry.first_id..=end_id).contains(&id);
        let waits: Vec<(Vec<u32>, i64, i64, u32)> = self
            .asyncs
            .pipe_waits
            .iter()
            .filter(|w| in_body(w.3))
            .cloned()
            .collect();
        // The whole body is lowered: a group source after the wait (a
        // helper's pipeline, `__pipeline_commit`) runs before it in the
        // next iteration (see `thread_pipe_counts_shared`).
        if waits.is_empty() || self.asyncs.raw_commits || self.asyncs.thread_pipes.len() > 1 {
            return;
        }
        let regular = waits.iter().all(|w| w.0 == entry.path)
            && self
                .asyncs
                .commit_paths
                .iter()
                .filter(|c| in_body(c.1))
                .all(|c| c.0 == entry.path);
        let per_iteration = self.asyncs.committed - entry.committed;
        if !regular || per_iteration != waits.len() as i64 {
            return;
        }
        for (path, committed, stage, next) in waits {
            if let Ok(n) = u32::try_from(committed - 1 - stage) {
                self.asyncs.waits.push((path, committed, n, next));
            }
        }
    }

    /// Copies in flight when the loop is entered (issued before it) that a
    /// wait of the body surely completes (one the body runs on every path,
    /// or an `if`/`else` each of whose arms has one; no `continue`, which
    /// could skip it): the first iteration `m` (0: the first, up to
    /// `MAX_CARRIED_ITERATIONS`) whose wait completes the copy, counting the
    /// groups the body commits on every path per iteration (fewer than run:
    /// `wait_prior` then completes less, so `m` is never too early). The
    /// copy has landed once that wait returned: its landings in the body
    /// (after barriers) happen only in iterations up to `m` (before the
    /// wait) or before `m` (after it), and so do the thread's own accesses
    /// that meet it. The landings are guarded by the loop counter, which at
    /// the head of iteration `j` is its entry value plus `j` steps (only
    /// the loop's update assigns it); without such a counter they stay
    /// unguarded. The own accesses are bounded by the checker through the
    /// loop's counters (see [`crate::ir::AsyncInfo::first_iteration`]).
    fn async_preloop(&mut self, body: &mut Block, entry: &AsyncLoopEntry, end_id: u32) {
        let Some(marker) = body.stmts.first().map(|s| s.id) else {
            return;
        };
        let mut skips = false;
        crate::ir::walk::for_each_stmt(body, &mut |s| {
            skips |= matches!(s.kind, StmtKind::Continue);
        });
        let per_iteration = self.asyncs.committed - entry.committed;
        if skips || per_iteration < 0 {
            return;
        }
        let counter = entry.base.filter(|(k, ..)| {
            let mut assigned = assigned_vars(body);
            if let Some(step) = &entry.step {
                assigned.extend(step.condition_defs.iter().copied());
            }
            !assigned.contains(k)
        });
        let completes_at = |path: &Vec<u32>, m: i64, g: i64| {
            self.asyncs
                .waits
                .iter()
                .filter(|(wpath, committed, n, _)| {
                    wpath == path && g + i64::from(*n) < committed + m * per_iteration
                })
                .map(|w| w.3)
                .min()
        };
        let mut bounds = Vec::new();
        for p in self
            .asyncs
            .pending
            .iter()
            .filter(|p| p.serial < entry.serial)
        {
            let found = (0..=MAX_CARRIED_ITERATIONS).find_map(|m| {
                let direct = p.group.and_then(|g| completes_at(&entry.path, m, g));
                let by_arms = p.group.and_then(|g| {
                    self.asyncs
                        .if_arms
                        .iter()
                        .filter(|(path, ..)| *path == entry.path)
                        .filter(|(path, then_, else_, _)| {
                            let mut t = path.clone();
                            t.push(*then_);
                            let mut e = path.clone();
                            e.push(*else_);
                            completes_at(&t, m, g).is_some() && completes_at(&e, m, g).is_some()
                        })
                        .map(|w| w.3)
                        .min()
                });
                // Completed by both arms of an `if` of the body in the
                // first iteration (any completion: a group wait or a
                // `cuda::barrier` wait).
                let by_both = self
                    .asyncs
                    .both_arms
                    .iter()
                    .filter(|(path, serial, _)| {
                        m == 0 && *path == entry.path && *serial == p.serial
                    })
                    .map(|w| w.2)
                    .min();
                direct
                    .into_iter()
                    .chain(by_arms)
                    .chain(by_both)
                    .min()
                    .map(|cutoff| (m, cutoff))
            });
            if let Some((m, cutoff)) = found {
                bounds.push((p.serial, p.stmts.clone(), m, cutoff));
            }
        }
        let mut marked = Vec::new();
        let mut done = Vec::new();
        for (serial, stmts, m, cutoff) in bounds {
            // The last iteration an event at statement `id` of the body can
            // meet the copy in: `m` before the wait, `m - 1` after it.
            let last = |id: u32| if id < cutoff { m } else { m - 1 };
            if let Some((k, base, step)) = counter {
                let guards: HashMap<crate::ir::StmtId, Expr> = self
                    .asyncs
                    .landings
                    .iter()
                    .filter(|(s, id)| *s == serial && (entry.first_id..end_id).contains(&id.0))
                    .map(|(_, id)| (*id, self.iteration_at_most(k, base, step, last(id.0))))
                    .collect();
                if !guards.is_empty() {
                    self.guard_landings(body, &guards);
                }
            }
            let mut copy_ids = HashSet::default();
            let copy = Block {
                stmts,
                braces: None,
            };
            crate::ir::walk::for_each_stmt(&copy, &mut |s| {
                copy_ids.insert(s.id);
            });
            for (copy, access) in &self.kernel.asyncs.same_thread {
                let in_body = (entry.first_id..end_id).contains(&access.0);
                if copy_ids.contains(copy) && in_body {
                    match u32::try_from(last(access.0)) {
                        Ok(last) => marked.push((*copy, *access, marker, last)),
                        // After the wait that completes the copy in the
                        // first iteration (a wait that completes nothing
                        // while lowering, e.g. a thread's own pipeline's in
                        // a loop): the copy has landed in every iteration.
                        Err(_) => done.push((*copy, *access)),
                    }
                }
            }
        }
        self.kernel
            .asyncs
            .same_thread
            .retain(|pair| !done.contains(pair));
        for m in marked {
            let known = self
                .kernel
                .asyncs
                .first_iteration
                .iter()
                .any(|(c, a, ..)| (*c, *a) == (m.0, m.1));
            if !known {
                self.kernel.asyncs.first_iteration.push(m);
            }
        }
    }

    /// `k` is its entry value `base` plus `j` steps for some `0 <= j <= last`
    /// (in `k`'s type, as the program computes it); false when `last < 0`.
    fn iteration_at_most(&self, k: VarId, base: VarId, step: i128, last: i64) -> Expr {
        let ty = self
            .kernel
            .vars
            .get(k.0 as usize)
            .map_or(ScalarTy::INT, |d| d.ty);
        let mut guard = int(0, ScalarTy::Bool);
        for j in 0..=last {
            let moved = step.checked_mul(i128::from(j)).map_or_else(
                || bin(BinOp::Mul, int(step, ty), int(i128::from(j), ty), ty),
                |v| int(v, ty),
            );
            let value = bin(BinOp::Add, Expr::Var(base), moved, ty);
            let at = bin(BinOp::Eq, Expr::Var(k), value, ScalarTy::Bool);
            guard = if j == 0 {
                at
            } else {
                bin(BinOp::Or, guard, at, ScalarTy::Bool)
            };
        }
        guard
    }

    /// Puts each statement of `block` (at any depth) that `guards` names
    /// under its guard.
    fn guard_landings(&mut self, block: &mut Block, guards: &HashMap<crate::ir::StmtId, Expr>) {
        for s in &mut block.stmts {
            match &mut s.kind {
                StmtKind::If { then_, else_, .. } => {
                    self.guard_landings(then_, guards);
                    self.guard_landings(else_, guards);
                }
                StmtKind::Loop {
                    body,
                    step,
                    cond_prelude,
                    ..
                } => {
                    self.guard_landings(cond_prelude, guards);
                    self.guard_landings(body, guards);
                    self.guard_landings(step, guards);
                }
                _ => {}
            }
            if let Some(cond) = guards.get(&s.id) {
                let id = self.kernel.fresh_stmt_id();
                let landing = s.clone();
                s.id = id;
                s.kind = StmtKind::If {
                    cond: cond.clone(),
                    then_: Block {
                        stmts: vec![landing],
                        braces: None,
                    },
                    else_: Block::default(),
                };
            }
        }
    }

    /// Lands `template` after every barrier of `block` whose id is below
    /// `cutoff` (after every barrier when None).
    /// The landings' accesses are added to `landed`.
    fn insert_after_barriers(
        &mut self,
        block: &mut Block,
        template: &[Stmt],
        cutoff: Option<u32>,
        tied: &[crate::ir::StmtId],
        landed: &mut Vec<crate::ir::StmtId>,
    ) {
        let mut i = 0;
        while i < block.stmts.len() {
            let is_barrier = matches!(
                block.stmts[i].kind,
                StmtKind::Barrier { .. } | StmtKind::NamedBarrier { .. }
            );
            match &mut block.stmts[i].kind {
                StmtKind::If { then_, else_, .. } => {
                    self.insert_after_barriers(then_, template, cutoff, tied, landed);
                    self.insert_after_barriers(else_, template, cutoff, tied, landed);
                }
                StmtKind::Loop {
                    body,
                    step,
                    cond_prelude,
                    ..
                } => {
                    self.insert_after_barriers(cond_prelude, template, cutoff, tied, landed);
                    self.insert_after_barriers(body, template, cutoff, tied, landed);
                    self.insert_after_barriers(step, template, cutoff, tied, landed);
                }
                _ => {}
            }
            let before_cutoff = cutoff.is_none_or(|c| block.stmts[i].id.0 < c);
            if is_barrier && before_cutoff {
                for (k, s) in template.iter().enumerate() {
                    let mut s = s.clone();
                    self.renumber(&mut s);
                    self.record_async(&s);
                    self.record_ties(&s, tied);
                    let one = Block {
                        stmts: vec![s.clone()],
                        braces: None,
                    };
                    crate::ir::walk::for_each_stmt(&one, &mut |x| {
                        if matches!(x.kind, StmtKind::Read { .. } | StmtKind::Write { .. }) {
                            landed.push(x.id);
                        }
                    });
                    block.stmts.insert(i + 1 + k, s);
                }
                i += template.len();
            }
            i += 1;
        }
    }

    /// Records that a landing's accesses precede the arrivals `tied` (made
    /// after the copy's issue on the barrier it completes on).
    fn record_ties(&mut self, s: &Stmt, tied: &[crate::ir::StmtId]) {
        if tied.is_empty() {
            return;
        }
        let block = Block {
            stmts: vec![s.clone()],
            braces: None,
        };
        let mut ids = Vec::new();
        crate::ir::walk::for_each_stmt(&block, &mut |x| {
            if matches!(x.kind, StmtKind::Read { .. } | StmtKind::Write { .. }) {
                ids.push(x.id);
            }
        });
        for id in ids {
            for a in tied {
                self.kernel.asyncs.before_arrival.push((id, *a));
            }
        }
    }

    /// Adds a landing's accesses to the kernel's list of async-copy accesses.
    fn record_async(&mut self, s: &Stmt) {
        let mut ids = Vec::new();
        let block = Block {
            stmts: vec![s.clone()],
            braces: None,
        };
        crate::ir::walk::for_each_stmt(&block, &mut |x| {
            if matches!(x.kind, StmtKind::Read { .. } | StmtKind::Write { .. }) {
                ids.push(x.id);
            }
        });
        self.kernel.asyncs.accesses.extend(ids);
    }

    /// A new access `id` of `array` by the thread: while a copy of its own
    /// to or from that array may be in flight, they must not overlap (a
    /// write must not touch the copy's source either).
    pub(crate) fn async_same_thread(&mut self, id: crate::ir::StmtId, kind: &StmtKind) {
        let (array, write) = match kind {
            StmtKind::Read { access, .. } => (access.array, false),
            StmtKind::Write { access, .. } | StmtKind::Atomic { access, .. } => {
                (access.array, true)
            }
            _ => return,
        };
        let mut pairs = Vec::new();
        for p in &self.asyncs.pending {
            let block = Block {
                stmts: p.stmts.clone(),
                braces: None,
            };
            crate::ir::walk::for_each_stmt(&block, &mut |x| match &x.kind {
                StmtKind::Write { access, .. } if access.array == array => pairs.push((x.id, id)),
                StmtKind::Read { access, .. } if write && access.array == array => {
                    pairs.push((x.id, id))
                }
                _ => {}
            });
        }
        self.kernel.asyncs.same_thread.extend(pairs);
    }

    /// The copies still in flight land here (called right after a barrier).
    pub(crate) fn async_land(&mut self) {
        let stmts: Vec<(Stmt, Vec<crate::ir::StmtId>, u32)> = self
            .asyncs
            .pending
            .iter()
            .flat_map(|p| {
                p.stmts
                    .iter()
                    .map(|s| (s.clone(), p.tied_arrivals.clone(), p.serial))
            })
            .collect();
        for (mut s, tied, serial) in stmts {
            self.renumber(&mut s);
            self.record_async(&s);
            self.record_ties(&s, &tied);
            if self.asyncs.loops > 0 {
                self.asyncs.landings.push((serial, s.id));
            }
            self.cur.push(s);
        }
    }

    /// The variables a copy's statements read and do not define, once each,
    /// with their types: what its landing needs snapshots of.
    fn copy_inputs(&self, stmts: &[Stmt]) -> Vec<(VarId, ScalarTy)> {
        let mut reads = Vec::new();
        let mut defs = HashSet::default();
        stmt_vars(stmts, &mut reads, &mut defs);
        let mut seen = HashSet::default();
        reads
            .into_iter()
            .filter(|v| !defs.contains(v) && seen.insert(*v))
            .map(|v| {
                let ty = self
                    .kernel
                    .vars
                    .get(v.0 as usize)
                    .map_or(ScalarTy::LONG, |d| d.ty);
                (v, ty)
            })
            .collect()
    }

    /// Guards `stmts` (the landing of copy `serial`, issued at `site`) by a
    /// flag set here: the copy lands only on paths that issued it, since the
    /// flag is cleared before every branch construct around the issue.
    fn flag_issued(
        &mut self,
        serial: u32,
        stmts: Vec<Stmt>,
        site: (crate::ir::Span, bool),
        at: Node<'t>,
    ) -> Vec<Stmt> {
        let name = format!("$issued{}", self.kernel.vars.len());
        let var = self.new_var(&name, ScalarTy::Bool, at);
        self.push(
            StmtKind::Assign {
                var,
                value: int(1, ScalarTy::Bool),
            },
            at,
        );
        self.asyncs.flags.push(IssueFlag { serial, var, site });
        let guard = self.stmt_at(
            StmtKind::If {
                cond: Expr::Var(var),
                then_: Block {
                    stmts,
                    braces: None,
                },
                else_: Block::default(),
            },
            site,
        );
        vec![guard]
    }

    /// Makes the accesses lowered since `first` (a copy) asynchronous.
    fn issue_async(&mut self, first: usize, barrier: Option<String>, at: Node<'t>) {
        let copy: Vec<Stmt> = self.cur[first..].to_vec();
        let mut map = HashMap::default();
        let mut snapshots = Vec::new();
        for (v, ty) in self.copy_inputs(&copy) {
            let snap = self.tmp(ty, at);
            snapshots.push((snap, v));
            self.push(
                StmtKind::Assign {
                    var: snap,
                    value: Expr::Var(v),
                },
                at,
            );
            map.insert(v, snap);
        }
        for s in &copy {
            self.record_async(s);
            let one = Block {
                stmts: vec![s.clone()],
                braces: None,
            };
            crate::ir::walk::for_each_stmt(&one, &mut |x| {
                if matches!(x.kind, StmtKind::Read { .. } | StmtKind::Write { .. }) {
                    self.asyncs.issues.insert(x.id);
                }
            });
        }
        let mut stmts = landing_stmts(&copy, &map);
        let serial = self.asyncs.next_serial;
        self.asyncs.next_serial += 1;
        let site = self.span_of(at);
        if !self.asyncs.path.is_empty() {
            stmts = self.flag_issued(serial, stmts, site, at);
        }
        self.asyncs.pending.push(PendingAsync {
            stmts,
            group: None,
            barrier,
            path: self.asyncs.path.clone(),
            serial,
            site,
            tied_arrivals: Vec::new(),
            stage: None,
            snapshots,
        });
    }

    /// The asynchronous-copy state at the start of a loop body.
    pub(crate) fn async_loop_entry(&mut self) -> AsyncLoopEntry {
        let step = self.asyncs.next_step.take();
        // The counter's entry value, for bounding the landings of copies
        // in flight at the entry (see `async_preloop`): pushed just before
        // the loop statement.
        let base = match (
            step.as_ref().and_then(|s| s.counter),
            self.asyncs.pending.first(),
        ) {
            (Some((k, c)), Some(p)) if c != 0 => {
                let site = p.site;
                let ty = self.kernel.vars.get(k.0 as usize).map(|d| d.ty);
                ty.filter(|t| *t != ScalarTy::Bool).map(|ty| {
                    let name = format!("$entry{}", self.kernel.vars.len());
                    let var = self.new_var_at(&name, ty, site);
                    let assign = self.stmt_at(
                        StmtKind::Assign {
                            var,
                            value: Expr::Var(k),
                        },
                        site,
                    );
                    self.cur.push(assign);
                    (k, var, c)
                })
            }
            _ => None,
        };
        let mut path = self.asyncs.path.clone();
        path.push(self.asyncs.next_branch);
        let pipelines = self
            .asyncs
            .pipelines
            .values()
            .map(|p| {
                let exact = p.commits.is_some() && p.releases.is_some();
                (
                    p.marker.clone(),
                    (p.ordinal_commits, p.ordinal_releases, exact),
                )
            })
            .collect();
        AsyncLoopEntry {
            serial: self.asyncs.next_serial,
            path,
            committed: self.asyncs.committed,
            first_id: self.kernel.next_stmt_id,
            pipelines,
            stage_ops: self.asyncs.stage_ops.len(),
            base,
            step,
            calls_outside_body: false,
        }
    }

    fn async_commit(&mut self) {
        self.asyncs.raw_commits = true;
        let at = (self.asyncs.path.clone(), self.kernel.next_stmt_id);
        self.asyncs.commit_paths.push(at);
        let group = self.asyncs.committed;
        let mut any = false;
        for p in &mut self.asyncs.pending {
            if p.group.is_none() && p.barrier.is_none() {
                p.group = Some(group);
                any = true;
            }
        }
        // An empty group still counts for `wait_prior`.
        let _ = any;
        self.asyncs.committed += 1;
    }

    /// Removes the pending copies `done` selects that this wait surely completes.
    /// Copies issued before the wait's branch are completed only for the rest
    /// of that branch (see [`Self::in_async_branch`]).
    fn async_complete(&mut self, done: impl Fn(&PendingAsync) -> bool) {
        let before = self.asyncs.pending.len();
        self.asyncs.pending.retain(|p| !done(p));
        if self.asyncs.pending.len() < before && self.stmt_span != crate::ir::Span::default() {
            let completion = (self.stmt_span, self.inline_site);
            if !self.kernel.asyncs.completions.contains(&completion) {
                self.kernel.asyncs.completions.push(completion);
            }
        }
    }

    /// A read of the `cuda::barrier` object `barrier` stands for (when it is
    /// one `init` stored to): arrivals, waits and copies tied to the barrier
    /// use the object, so one not ordered after its `init` races with it.
    fn read_barrier_object(&mut self, barrier: &Expr, n: Node<'t>) {
        let object = match barrier {
            Expr::Int(k, _) => self.asyncs.objects.get(k).cloned(),
            // A number chosen by offset: the object at that offset, when
            // every element chosen from is an initialised object of one
            // array at the offset compared (else no read, as for an
            // unknown barrier).
            other => Self::offset_choices(other).and_then(|(offset, choices)| {
                let mut array = None;
                for (at, id) in &choices {
                    let (a, o) = self.asyncs.objects.get(id)?;
                    if array.is_some_and(|x| x != *a) || self.folded(o, 2) != Some(*at) {
                        return None;
                    }
                    array = Some(*a);
                }
                Some((array?, offset))
            }),
        };
        if let Some((array, offset)) = object {
            let dest = self.tmp(ScalarTy::ULONG, n);
            let access = self.access(array, offset, ScalarTy::ULONG);
            self.push(StmtKind::Read { dest, access }, n);
        }
    }

    /// `wait_prior(n)` / `cp.async.wait_group n`: all but the `n` most recent
    /// committed groups are complete. An unknown `n` completes nothing.
    fn async_wait_prior(&mut self, n: Option<u32>) {
        let Some(n) = n else { return };
        let committed = self.asyncs.committed;
        let next_id = self.kernel.next_stmt_id;
        self.asyncs
            .waits
            .push((self.asyncs.path.clone(), committed, n, next_id));
        self.async_complete(|p| p.group.is_some_and(|g| g + i64::from(n) < committed));
    }

    /// The value of `v` when it is a constant expression of literals
    /// (`S - 1` with a template parameter or macro `S`, `(int)(N) / 2`),
    /// evaluated with C's semantics of its types; None when it reads any
    /// variable, parameter or builtin, or is negative or too large (an
    /// unknown wait count completes nothing, which is sound).
    fn const_u32(&self, v: &Val) -> Option<u32> {
        match v {
            Val::Scalar(e, _) => {
                let value = crate::ir::eval::eval_expr(e, &|_| None)?;
                u32::try_from(value.bits).ok()
            }
            _ => None,
        }
    }

    /// Inline assembly: named barriers and `cp.async`; anything else is unsupported.
    pub(crate) fn asm_stmt(&mut self, n: Node<'t>) -> R<()> {
        let Some(code) = n.child_by_field_name("assembly_code") else {
            return self.unsup(n, "inline assembly without a template");
        };
        let template = template_text(self.txt(code));
        let insts = match parse_ptx(&template) {
            Ok(i) => i,
            Err(inst) => {
                return self.unsup(
                    n,
                    format!("inline assembly `{inst}` is not supported (only bar/barrier.sync/arrive, cp.async and mbarrier init/arrive/test_wait/try_wait)"),
                )
            }
        };
        // Operands are numbered outputs first, then inputs.
        let mut operands: Vec<Node<'t>> = Vec::new();
        for field in ["output_operands", "input_operands"] {
            if let Some(list) = n.child_by_field_name(field) {
                let mut c = list.walk();
                for op in list.named_children(&mut c) {
                    if let Some(v) = op.child_by_field_name("value") {
                        operands.push(v);
                    }
                }
            }
        }
        let outputs = n.child_by_field_name("output_operands").map_or(0, |o| {
            let mut c = o.walk();
            o.named_children(&mut c)
                .filter(|x| x.child_by_field_name("value").is_some())
                .count()
        });
        // Only `mbarrier` instructions write outputs we model (the state of
        // an arrival, the answer of a test); branches only in a spin-wait loop.
        let mbarrier_only = insts.iter().all(|i| {
            matches!(
                i,
                Ptx::MbarInit { .. }
                    | Ptx::MbarArrive { .. }
                    | Ptx::MbarWait { .. }
                    | Ptx::Nop
                    | Ptx::Jump
            )
        });
        if outputs > 0 && !mbarrier_only {
            return self.unsup(n, "inline assembly with output operands is not supported");
        }
        let spins = insts.iter().any(|i| matches!(i, Ptx::Jump));
        let waits = insts.iter().any(|i| matches!(i, Ptx::MbarWait { .. }));
        if spins && !waits {
            return self.unsup(
                n,
                "branches in inline assembly are not supported (except an mbarrier spin-wait loop)",
            );
        }
        let is_output = |op: &str| {
            op.strip_prefix('%')
                .and_then(|k| k.parse::<usize>().ok())
                .is_some_and(|k| k < outputs)
        };
        for inst in insts {
            match inst {
                Ptx::Bar {
                    arrive,
                    operands: ops,
                } => {
                    let id = self.ptx_scalar(ops.first(), &operands, n)?;
                    let count = match ops.get(1) {
                        Some(c) => Some(self.ptx_scalar(Some(c), &operands, n)?),
                        None => None,
                    };
                    let Some(id) = id else {
                        return self.unsup(n, "`bar` without a barrier id");
                    };
                    match (count, arrive) {
                        // Without a count every thread of the block takes
                        // part: `__syncthreads()` (for any id).
                        (None, false) => {
                            self.barrier(n, crate::ir::BarrierScope::Block, true, true)
                        }
                        (None, true) => return self.unsup(n, "`bar.arrive` needs a thread count"),
                        (Some(count), arrive) => {
                            let op = if arrive {
                                NamedOp::Arrive
                            } else {
                                NamedOp::Sync
                            };
                            self.named_barrier(n, op, id, count, None);
                        }
                    }
                }
                Ptx::CpAsync { operands: ops } => {
                    let (Some(dst), Some(src), Some(size)) = (ops.first(), ops.get(1), ops.get(2))
                    else {
                        return self.unsup(n, "`cp.async` needs destination, source and size");
                    };
                    let dst = self.ptx_pointer(dst, &operands, n)?;
                    let src = self.ptx_pointer(src, &operands, n)?;
                    let size = match self.ptx_scalar(Some(size), &operands, n)? {
                        Some(s) => s,
                        None => return self.unsup(n, "`cp.async` size not understood"),
                    };
                    let first = self.cur.len();
                    // A byte copy (`memcpy`-like: the size is in bytes).
                    self.copy_vals(
                        n,
                        "cp.async (a memcpy)",
                        vec![dst, src, Val::Scalar(size, ScalarTy::ULONG)],
                    )?;
                    self.issue_async(first, None, n);
                }
                Ptx::Commit => self.async_commit(),
                Ptx::WaitGroup(Some(k)) => {
                    let v = self.ptx_scalar(Some(&k), &operands, n)?;
                    let v = v.map(|e| Val::Scalar(e, ScalarTy::UINT));
                    let k = v.as_ref().and_then(|v| self.const_u32(v));
                    self.async_wait_prior(k);
                }
                Ptx::WaitGroup(None) => {
                    self.async_commit();
                    self.async_wait_prior(Some(0));
                }
                Ptx::Nop | Ptx::Jump => {}
                Ptx::MbarInit { operands: ops } => {
                    let (Some(addr), Some(count)) = (ops.first(), ops.get(1)) else {
                        return self.unsup(n, "`mbarrier.init` needs an address and a count");
                    };
                    let obj = self.ptx_operand_node(addr, &operands, n)?;
                    let count = self
                        .ptx_scalar(Some(count), &operands, n)?
                        .map(|e| Val::Scalar(e, ScalarTy::INT));
                    let id = self.mbarrier_object(obj, n)?;
                    self.barrier_init(n, id, obj, count)?;
                }
                Ptx::MbarArrive {
                    drop,
                    tx,
                    operands: ops,
                } => {
                    let (Some(state), Some(addr)) = (ops.first(), ops.get(1)) else {
                        return self.unsup(n, "`mbarrier.arrive` needs a state and an address");
                    };
                    let obj = self.ptx_operand_node(addr, &operands, n)?;
                    if let Some(extra) = ops.get(2) {
                        let extra = self.ptx_scalar(Some(extra), &operands, n)?;
                        // A transaction count only delays the phase; an
                        // arrival count other than 1 counts as that many
                        // arrivals, which is not modelled.
                        if !tx && !is_unit(extra.as_ref()) {
                            return self.unsup(n, ARRIVAL_COUNT_UNSUPPORTED);
                        }
                    }
                    let op = if drop {
                        NamedOp::ArriveAndDrop
                    } else {
                        NamedOp::Arrive
                    };
                    let token = self.mbarrier_arrive(n, obj, op)?;
                    if is_output(state) {
                        let dest = self.ptx_operand_node(state, &operands, n)?;
                        let lv = self.lvalue(dest)?;
                        self.store(lv, token, n)?;
                    }
                }
                Ptx::MbarWait {
                    parity,
                    operands: ops,
                } => {
                    let (Some(answer), Some(addr), Some(third)) =
                        (ops.first(), ops.get(1), ops.get(2))
                    else {
                        let form = if parity {
                            "`mbarrier.try_wait.parity` needs a predicate, an address and a parity"
                        } else {
                            "`mbarrier.test_wait` needs a predicate, an address and a state"
                        };
                        return self.unsup(n, form);
                    };
                    let obj = self.ptx_operand_node(addr, &operands, n)?;
                    if parity {
                        // `try_wait.parity p, [addr], parity`.
                        let Some(bit) = self.ptx_scalar(Some(third), &operands, n)? else {
                            return self
                                .unsup(n, "`mbarrier.try_wait.parity` parity not understood");
                        };
                        if spins {
                            self.mbarrier_parity_wait(n, obj, bit)?;
                            continue;
                        }
                    } else {
                        let state = self.ptx_operand_node(third, &operands, n)?;
                        if spins {
                            // A loop back to the test until it succeeds: a wait.
                            self.mbarrier_wait(n, obj, Some(state))?;
                            continue;
                        }
                        let _ = self.rvalue(state)?;
                    }
                    // One test: its answer is unknown and orders nothing.
                    if is_output(answer) {
                        let dest = self.ptx_operand_node(answer, &operands, n)?;
                        let lv = self.lvalue(dest)?;
                        let v = Val::Scalar(self.havoc(ScalarTy::Bool, n), ScalarTy::Bool);
                        self.store(lv, v, n)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The C++ expression an operand `%k` stands for.
    fn ptx_operand_node(&mut self, op: &str, operands: &[Node<'t>], n: Node<'t>) -> R<Node<'t>> {
        match op
            .strip_prefix('%')
            .and_then(|k| k.parse::<usize>().ok())
            .and_then(|k| operands.get(k).copied())
        {
            Some(node) => Ok(node),
            None => self.unsup(n, format!("asm operand `{op}` not understood")),
        }
    }

    /// A PTX operand: `%k` (an input operand, evaluated) or an integer literal.
    fn ptx_scalar(
        &mut self,
        op: Option<&String>,
        inputs: &[Node<'t>],
        n: Node<'t>,
    ) -> R<Option<Expr>> {
        let Some(op) = op else { return Ok(None) };
        if let Some(k) = op.strip_prefix('%') {
            let Some(node) = k.parse::<usize>().ok().and_then(|k| inputs.get(k)) else {
                return self.unsup(n, format!("asm operand `{op}` not understood"));
            };
            return match self.rvalue(*node)? {
                Val::Scalar(e, t) => Ok(Some(conv(e, t, ScalarTy::INT))),
                _ => self.unsup(n, format!("asm operand `{op}` is not a number")),
            };
        }
        let lit = op.trim();
        let parsed = if let Some(hex) = lit.strip_prefix("0x") {
            i128::from_str_radix(hex, 16).ok()
        } else {
            lit.parse::<i128>().ok()
        };
        match parsed {
            Some(v) => Ok(Some(int(v, ScalarTy::INT))),
            None => self.unsup(n, format!("asm operand `{op}` not understood")),
        }
    }

    /// A PTX address operand `[%k]`: the pointer passed, seen through casts
    /// and `__cvta_generic_to_shared`.
    fn ptx_pointer(&mut self, op: &str, inputs: &[Node<'t>], n: Node<'t>) -> R<Val> {
        let Some(mut node) = op
            .strip_prefix('%')
            .and_then(|k| k.parse::<usize>().ok())
            .and_then(|k| inputs.get(k).copied())
        else {
            return self.unsup(n, format!("asm address `{op}` not understood"));
        };
        node = self.address_node(node);
        match self.rvalue(node)? {
            v @ Val::Ptr { .. } => Ok(v),
            _ => self.unsup(
                n,
                format!("asm address `{op}` is not traceable to an array (pass the pointer, e.g. `__cvta_generic_to_shared(&s[i])`)"),
            ),
        }
    }

    /// Lowers a named-barrier operation.
    pub(crate) fn named_barrier(
        &mut self,
        n: Node<'t>,
        op: NamedOp,
        barrier: Expr,
        count: Option<Expr>,
        token: Option<VarId>,
    ) {
        if op.waits() {
            let name = self.barrier_name_of(&barrier);
            // A copy tied to the barrier joins the phase current when it is
            // issued. `arrive_and_wait` completes every copy issued before
            // it (the thread's own arrival is still missing, so the phase
            // current at the issue is this one or an earlier one). `wait(t)`
            // completes only copies issued before the arrival `t` was taken
            // at: a later copy may belong to the next phase (the thread has
            // already arrived, so the phase can complete without it). An
            // untraceable token, or one assigned in another branch than the
            // wait's, completes nothing.
            let issued_before = match (op, token) {
                (NamedOp::Wait, Some(t)) => match self.asyncs.tokens.get(&t) {
                    Some((serial, path)) if *path == self.asyncs.path => Some(*serial),
                    _ => Some(0),
                },
                (NamedOp::Wait, None) => Some(0),
                // Which phase a wait by parity waits for is known only to
                // the concrete runs (`check/named.rs`): it completes no copy
                // here (sound: they stay in flight).
                (NamedOp::WaitParity, _) => Some(0),
                _ => None,
            };
            self.async_complete(|p| {
                p.barrier.is_some()
                    && p.barrier == name
                    && issued_before.is_none_or(|serial| p.serial < serial)
            });
        }
        let barrier_for_ties = barrier.clone();
        self.push(
            StmtKind::NamedBarrier {
                op,
                barrier,
                count,
                token,
            },
            n,
        );
        if op.arrives() {
            let arrival = crate::ir::StmtId(self.kernel.next_stmt_id - 1);
            let name = self.barrier_name_of(&barrier_for_ties);
            let commit = self.asyncs.committing.take();
            for p in &mut self.asyncs.pending {
                if p.barrier.is_some() && p.barrier == name {
                    p.tied_arrivals.push(arrival);
                } else if let Some((marker, committed, ordinal)) = &commit {
                    if p.barrier.as_ref() == Some(marker) {
                        p.tied_arrivals.push(arrival);
                        p.barrier = Some(committed.clone());
                        p.stage = Some((marker.clone(), *ordinal));
                        // The issue's own accesses too (the same thread's
                        // later accesses are checked against them).
                        let block = Block {
                            stmts: p.stmts.clone(),
                            braces: None,
                        };
                        crate::ir::walk::for_each_stmt(&block, &mut |x| {
                            if matches!(x.kind, StmtKind::Read { .. } | StmtKind::Write { .. }) {
                                self.kernel.asyncs.before_arrival.push((x.id, arrival));
                            }
                        });
                    }
                }
            }
        }
        if let (NamedOp::Arrive, Some(t)) = (op, token) {
            let entry = (self.asyncs.next_serial, self.asyncs.path.clone());
            self.asyncs.tokens.insert(t, entry);
        }
        // An arrival publishes the thread's earlier accesses, but a copy in
        // flight may land after it: it lands after every operation.
        self.async_land();
    }

    fn barrier_name_of(&self, barrier: &Expr) -> Option<String> {
        let Expr::Int(k, _) = barrier else {
            return None;
        };
        self.asyncs
            .barriers
            .iter()
            .find(|(_, v)| **v == *k)
            .map(|(name, _)| name.clone())
    }

    /// The number of the `cuda::barrier` object `obj` (the object itself,
    /// not its address) denotes, by its memory (see [`Self::barrier_at`]).
    fn barrier_object(&mut self, obj: Node<'t>) -> R<Expr> {
        let lv = self.lvalue(obj)?;
        Ok(self.barrier_of_lvalue(lv, obj))
    }

    /// The number of the barrier object stored at `lv` (see [`Self::barrier_at`]).
    pub(crate) fn barrier_of_lvalue(&mut self, lv: LVal, n: Node<'t>) -> Expr {
        match lv {
            LVal::Mem {
                target: crate::frontend::lowerer::Target::Array(array),
                offset,
                ..
            } => self.barrier_at(array, &offset, n),
            _ => self.unknown_barrier(n),
        }
    }

    /// The number of the barrier object at `offset` in `array`: one per
    /// element, whatever names reach it (a reference, a pointer, a helper's
    /// parameter), so two names for one object are one barrier and one name
    /// for several objects (`bars[i]`) is not taken for a single barrier. An
    /// offset that is not a constant gives an unknown barrier.
    fn barrier_at(&mut self, array: crate::ir::ArrayId, offset: &Expr, n: Node<'t>) -> Expr {
        let Some(k) = self.folded(offset, 8) else {
            return self.barrier_by_offset(array, offset, n);
        };
        let key = format!("@{}:{}", array.0, k);
        let next = OBJECT_BARRIER_BASE + self.asyncs.barriers.len() as i128;
        let id = *self.asyncs.barriers.entry(key).or_insert(next);
        int(id, ScalarTy::INT)
    }

    /// The number of the barrier object at a run-time `offset` in `array`
    /// (`bar[k % 2]` in a ping-pong loop): the number of the element of
    /// `array` already named at that offset (by `init` or a constant index),
    /// chosen by comparing the offset with each such element's, and an
    /// unknown barrier for any other offset. Exact: an element is one object
    /// whatever expression reaches it (see [`Self::barrier_at`]), so where
    /// the offset is a known function of the thread and iteration (the
    /// concrete runs of the well-synchronization check evaluate it per
    /// iteration) the operation is on that object, and where it is not
    /// known, or names an element never named before, the check gives up
    /// as for any unknown barrier (named barriers then order nothing).
    fn barrier_by_offset(&mut self, array: crate::ir::ArrayId, offset: &Expr, n: Node<'t>) -> Expr {
        let prefix = format!("@{}:", array.0);
        let mut elements: Vec<(i128, i128)> = self
            .asyncs
            .barriers
            .iter()
            .filter_map(|(key, id)| Some((key.strip_prefix(&prefix)?.parse().ok()?, *id)))
            .collect();
        let unknown = self.unknown_barrier(n);
        elements.sort_unstable();
        elements.into_iter().rev().fold(unknown, |rest, (at, id)| {
            Expr::Select(
                Box::new(bin(
                    BinOp::Eq,
                    offset.clone(),
                    int(at, ScalarTy::LONG),
                    ScalarTy::Bool,
                )),
                Box::new(int(id, ScalarTy::INT)),
                Box::new(rest),
                ScalarTy::INT,
            )
        })
    }

    /// The elements of a barrier number made by [`Self::barrier_by_offset`]:
    /// the offset compared and, per element, its offset and number (None for
    /// any other expression).
    fn offset_choices(barrier: &Expr) -> Option<(Expr, Vec<(i128, i128)>)> {
        let mut choices = Vec::new();
        let mut offset: Option<Expr> = None;
        let mut e = barrier;
        while let Expr::Select(cond, then_, rest, _) = e {
            let (Expr::Binary(BinOp::Eq, x, at, _), Expr::Int(id, _)) = (&**cond, &**then_) else {
                return None;
            };
            let Expr::Int(at, _) = **at else { return None };
            if offset.as_ref().is_some_and(|o| o != &**x) {
                return None;
            }
            offset = Some((**x).clone());
            choices.push((at, *id));
            e = rest;
        }
        Some((offset?, choices))
    }

    /// The expected count of the barrier `barrier` denotes: the count of its
    /// `init` (for a number chosen by offset, the count of the element
    /// chosen, when every element has one).
    fn barrier_count(&self, barrier: &Expr) -> Option<Expr> {
        if let Expr::Int(k, _) = barrier {
            return self.asyncs.counts.get(k).cloned();
        }
        let (offset, choices) = Self::offset_choices(barrier)?;
        let counts: Vec<(i128, Expr)> = choices
            .iter()
            .map(|(at, id)| Some((*at, self.asyncs.counts.get(id)?.clone())))
            .collect::<Option<_>>()?;
        // Past the last comparison the barrier itself is unknown, so the
        // check has given up before it needs the count: the last element's.
        let (_, last) = counts.last()?.clone();
        Some(
            counts
                .into_iter()
                .rev()
                .skip(1)
                .fold(last, |rest, (at, count)| {
                    Expr::Select(
                        Box::new(bin(
                            BinOp::Eq,
                            offset.clone(),
                            int(at, ScalarTy::LONG),
                            ScalarTy::Bool,
                        )),
                        Box::new(count),
                        Box::new(rest),
                        ScalarTy::INT,
                    )
                }),
        )
    }

    /// A barrier whose object is not known: a havocked number, so the
    /// well-synchronization check gives up and named barriers order nothing
    /// (sound: it might be any object).
    fn unknown_barrier(&mut self, n: Node<'t>) -> Expr {
        let unknown = self.tmp(ScalarTy::INT, n);
        self.push(StmtKind::Havoc { var: unknown }, n);
        Expr::Var(unknown)
    }

    /// Calls of the async-copy and split-barrier APIs; None when `name` is not one.
    pub(crate) fn warp_specialized_call(
        &mut self,
        n: Node<'t>,
        name: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        match name {
            "__pipeline_memcpy_async" => {
                let vals = self.eval_args(args)?;
                let first = self.cur.len();
                self.copy_vals(n, name, vals.into_iter().take(3).collect())?;
                self.issue_async(first, None, n);
                Ok(Some(Val::Void))
            }
            // A pipeline handle: a block pipeline's barriers, or (a
            // thread's own pipeline) its state is the copy tracking.
            "make_pipeline" => {
                if let Some(v) = self.make_block_pipeline(n, args)? {
                    return Ok(Some(v));
                }
                // A thread's own pipeline under a name a block pipeline had.
                self.forget_block_pipeline(n);
                if self.asyncs.loops > 0 {
                    // A new pipeline each iteration: another group source
                    // for the waits of the next (see
                    // `thread_pipe_counts_shared`).
                    self.asyncs.raw_commits = true;
                }
                let _ = self.eval_args(args)?;
                Ok(Some(Val::Scalar(int(0, ScalarTy::INT), ScalarTy::INT)))
            }
            "__pipeline_commit" => {
                self.async_commit();
                Ok(Some(Val::Void))
            }
            "__pipeline_wait_prior" => {
                let vals = self.eval_args(args)?;
                let k = vals.first().and_then(|v| self.const_u32(v));
                self.async_wait_prior(k);
                Ok(Some(Val::Void))
            }
            "pipeline_consumer_wait_prior" => {
                // `cuda::pipeline_consumer_wait_prior<N>(pipe)` on a thread's
                // own pipeline is `cp.async.wait_group N` (libcu++): all but
                // the N most recent groups the thread committed are
                // complete. Its commits are the thread's (every pipeline's
                // and `__pipeline_commit`'s), as `committed` counts them. A
                // block pipeline or an N that is not a constant completes
                // nothing (sound).
                let n_prior = self.call_template_int(n)?;
                let on_block = args
                    .first()
                    .is_some_and(|a| self.block_pipeline(*a).is_some());
                let _ = self.eval_args(args)?;
                let k = n_prior
                    .filter(|_| !on_block)
                    .and_then(|v| u32::try_from(v).ok());
                self.async_wait_prior(k);
                Ok(Some(Val::Void))
            }
            "memcpy_async" => {
                // `cuda::memcpy_async(dst, src, size, barrier_or_pipeline)`,
                // `cooperative_groups::memcpy_async(group, dst, src, size)`,
                // libcu++'s group form `cuda::memcpy_async(group, dst, src,
                // size, barrier_or_pipeline)` or cg's layout form
                // `cooperative_groups::memcpy_async(group, dst, dst_size,
                // src, src_size)` (it writes `dst_size` bytes of `dst`).
                let group_form =
                    matches!(args.len(), 4 | 5) && matches!(self.rvalue(args[0])?, Val::Group(_));
                let synced = args.len() == 5
                    && (self.is_barrier_object(args[4])
                        || self.block_pipeline(args[4]).is_some()
                        || self.is_pipeline_object(args[4]));
                let (copy_args, sync) = match (group_form, args) {
                    (true, [_, dst, src, size, sync]) if synced => {
                        (vec![*dst, *src, *size], Some(*sync))
                    }
                    (true, [_, dst, dst_size, src, _]) => (vec![*dst, *src, *dst_size], None),
                    (true, [_, dst, src, size]) => (vec![*dst, *src, *size], None),
                    _ => (args[..args.len().min(3)].to_vec(), args.get(3).copied()),
                };
                let vals = self.eval_args(&copy_args)?;
                let barrier = match sync {
                    Some(b) if self.block_pipeline(b).is_some() => self.block_pipeline_marker(b),
                    Some(b) if self.is_barrier_object(b) => {
                        let e = self.barrier_object(b)?;
                        // The copy updates the barrier object (its pending
                        // count), like an arrival.
                        self.read_barrier_object(&e, n);
                        self.barrier_name_of(&e)
                    }
                    _ => None,
                };
                let first = self.cur.len();
                // The group form copies collectively (see `copy_source_value`).
                let what = if group_form { "cg::memcpy_async" } else { name };
                self.copy_vals(n, what, vals)?;
                self.issue_async(first, barrier, n);
                Ok(Some(Val::Void))
            }
            "wait" | "wait_prior" if args.len() == 1 => {
                // `cooperative_groups::wait(group)`: all copies of the group;
                // `wait_prior<N>` is taken as waiting for nothing (sound).
                // A program's own `wait` (even only declared) is what C++
                // overload resolution picks over cooperative groups'
                // template: not this collective.
                if self.cx.functions.get(name).is_some_and(|d| !d.is_empty())
                    || self.cx.prototypes.contains_key(name)
                {
                    return Ok(None);
                }
                let Val::Group(group) = self.rvalue(args[0])? else {
                    return Ok(None);
                };
                if name == "wait" {
                    self.async_commit();
                    self.async_wait_prior(Some(0));
                }
                // Both are collectives that end with `group.sync()`
                // (cooperative_groups' `wait_prior<N>(g)` is
                // `__pipeline_wait_prior(N); g.sync();`, `wait(g)` the same with
                // 0): each thread waits for its own part of the group's copies,
                // then the sync makes every part visible to the whole group
                // (and all of the group's threads must reach it).
                self.group_sync(n, group);
                Ok(Some(Val::Void))
            }
            "init" if args.len() == 2 => {
                // `init(&bar, count)`: the barrier's expected count.
                if !self.is_barrier_object(args[0]) {
                    return Ok(None);
                }
                let vals = self.eval_args(&args[1..])?;
                let id = self.mbarrier_object(args[0], n)?;
                self.barrier_init(n, id, args[0], vals.into_iter().next())?;
                Ok(Some(Val::Void))
            }
            _ => self.mbarrier_call(n, name, args),
        }
    }

    /// `init(&bar, count)` of a `cuda::barrier` or an `mbarrier` object
    /// (`obj` names it): its expected count, and a store to its memory.
    fn barrier_init(&mut self, n: Node<'t>, id: Expr, obj: Node<'t>, count: Option<Val>) -> R<()> {
        // A second initialisation restarts the object's phases at 0, while
        // the checks count each thread's arrivals and waits from the
        // kernel's start: not modelled (a parity wait would name the wrong
        // phase, tokens of two lives would compare).
        if let Expr::Int(k, _) = &id {
            if self.asyncs.loops > 0 || !self.asyncs.initialised.insert(*k) {
                return self.unsup(
                    n,
                    "a barrier object initialised again (a second `init`, or one in a loop) restarts its phases, which is not modelled",
                );
            }
        }
        let vals: Vec<Val> = count.into_iter().collect();
        {
            // The object's memory: `init` stores to it; arrivals and
            // waits read it (their own updates are atomic, so they do not
            // race with each other), so a use not ordered after the
            // initialisation is a race on the object.
            let obj = self.address_node(obj);
            let object = match self.rvalue(obj)? {
                Val::Ptr {
                    target: crate::frontend::lowerer::Target::Array(array),
                    offset,
                    ..
                } => match offset {
                    Expr::Int(..) => Some((array, offset)),
                    other => self
                        .folded(&other, 8)
                        .map(|k| (array, int(k, ScalarTy::LONG))),
                },
                _ => None,
            };
            if let (Expr::Int(k, _), Some((array, offset))) = (&id, object) {
                let access = self.access(array, offset.clone(), ScalarTy::ULONG);
                self.push(
                    StmtKind::Write {
                        access,
                        value: int(0, ScalarTy::ULONG),
                    },
                    n,
                );
                self.asyncs.objects.insert(*k, (array, offset));
            }
            let Expr::Int(k, _) = id else {
                return Ok(());
            };
            match vals.first() {
                Some(Val::Scalar(count, t)) if launch_constant(count) => {
                    self.asyncs
                        .counts
                        .insert(k, conv(count.clone(), *t, ScalarTy::INT));
                }
                other => {
                    // A count computed at run time: the initialising
                    // thread's value, kept in a variable every thread's
                    // operations on the object read (the well-synchronization
                    // check shares it across the block; without a value it
                    // is not checked, never assumed to match).
                    let var = self.new_var(
                        &format!(
                            "{}{}",
                            crate::ir::BARRIER_COUNT_VAR,
                            k - OBJECT_BARRIER_BASE
                        ),
                        ScalarTy::INT,
                        n,
                    );
                    match other {
                        Some(Val::Scalar(count, t)) => self.push(
                            StmtKind::Assign {
                                var,
                                value: conv(count.clone(), *t, ScalarTy::INT),
                            },
                            n,
                        ),
                        _ => self.push(StmtKind::Havoc { var }, n),
                    }
                    self.asyncs.counts.insert(k, Expr::Var(var));
                }
            }
            Ok(())
        }
    }

    /// The arguments of an `mbarrier` wrapper that are not `cuda::ptx` tags
    /// (`sem_release`, `scope_cta`, `space_shared`, ...).
    fn untagged(&self, args: &[Node<'t>]) -> Vec<Node<'t>> {
        args.iter()
            .copied()
            .filter(|a| {
                let t = self.txt(*a);
                let last = t.rsplit("::").next().unwrap_or(t);
                !(t.contains("ptx::")
                    || last.starts_with("sem_")
                    || last.starts_with("scope_")
                    || last.starts_with("space_"))
            })
            .collect()
    }

    /// An `mbarrier` arrival on the object `obj` (`__mbarrier_arrive`,
    /// `cuda::ptx::mbarrier_arrive`, `mbarrier.arrive` in PTX): an arrival
    /// of a split barrier whose token (the state) is returned.
    fn mbarrier_arrive(&mut self, n: Node<'t>, obj: Node<'t>, op: NamedOp) -> R<Val> {
        let barrier = self.mbarrier_object(obj, n)?;
        let token = self.tmp(ScalarTy::ULONG, n);
        let count = self.barrier_count(&barrier);
        self.read_barrier_object(&barrier, n);
        match op {
            NamedOp::Arrive => {
                self.named_barrier(n, op, barrier, count, Some(token));
            }
            _ => {
                // `arrive_and_drop`'s state is not tracked: a wait on it
                // has no known token, so it orders nothing.
                self.named_barrier(n, op, barrier, count, None);
                self.push(StmtKind::Havoc { var: token }, n);
            }
        }
        Ok(Val::Scalar(Expr::Var(token), ScalarTy::ULONG))
    }

    /// The number of the barrier object (`mbarrier` or `cuda::barrier`) at
    /// the address `obj` (seen through casts and `__cvta_generic_to_shared`),
    /// by its memory (see [`Self::barrier_at`]).
    fn mbarrier_object(&mut self, obj: Node<'t>, n: Node<'t>) -> R<Expr> {
        let node = self.address_node(obj);
        if let Val::Ptr {
            target: crate::frontend::lowerer::Target::Array(array),
            offset,
            ..
        } = self.rvalue(node)?
        {
            return Ok(self.barrier_at(array, &offset, n));
        }
        Ok(self.unknown_barrier(n))
    }

    /// The constant value of `e`, following locals to their last assignment
    /// in the block being lowered (the parameters of an inlined helper are
    /// assigned right before its body) and folding + - *.
    fn folded(&self, e: &Expr, depth: u32) -> Option<i128> {
        if depth == 0 {
            return None;
        }
        match e {
            Expr::Int(k, _) => Some(*k),
            Expr::Cast(_, x) => self.folded(x, depth - 1),
            Expr::Var(v) => {
                // The last definition of `v` in this block, if any: only an
                // assignment (a definition by anything else is unknown).
                let last = self.cur.iter().rev().find(|s| match &s.kind {
                    StmtKind::Assign { var, .. } | StmtKind::Havoc { var } => var == v,
                    StmtKind::Read { dest, .. } => dest == v,
                    // Control flow may assign it on some path.
                    StmtKind::If { .. } | StmtKind::Loop { .. } => true,
                    _ => false,
                })?;
                match &last.kind {
                    StmtKind::Assign { value, .. } => self.folded(value, depth - 1),
                    _ => None,
                }
            }
            Expr::Binary(op, x, y, _) => {
                let (a, b) = (self.folded(x, depth - 1)?, self.folded(y, depth - 1)?);
                match op {
                    crate::ir::BinOp::Add => a.checked_add(b),
                    crate::ir::BinOp::Sub => a.checked_sub(b),
                    crate::ir::BinOp::Mul => a.checked_mul(b),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `node` without casts and `__cvta_generic_to_*` conversions.
    fn address_node(&self, mut node: Node<'t>) -> Node<'t> {
        for _ in 0..8 {
            match node.kind() {
                "cast_expression" => match node.child_by_field_name("value") {
                    Some(v) => node = v,
                    None => break,
                },
                "parenthesized_expression" => match node.named_child(0) {
                    Some(v) => node = v,
                    None => break,
                },
                "call_expression" => {
                    let f = node
                        .child_by_field_name("function")
                        .map(|f| self.txt(f))
                        .unwrap_or_default();
                    let arg = node
                        .child_by_field_name("arguments")
                        .and_then(|a| a.named_child(0));
                    match arg {
                        Some(a)
                            if f.contains("cvta_generic_to")
                                || f.ends_with("_cast")
                                || f.contains("static_cast") =>
                        {
                            node = a
                        }
                        _ => break,
                    }
                }
                _ => break,
            }
        }
        node
    }

    /// A blocking `mbarrier` wait for the phase of `state` (a spin loop on
    /// `try_wait`/`test_wait`): a split-barrier wait on that token.
    fn mbarrier_wait(&mut self, n: Node<'t>, obj: Node<'t>, state: Option<Node<'t>>) -> R<()> {
        let barrier = self.mbarrier_object(obj, n)?;
        let token = match state.map(|x| self.rvalue(x)).transpose()? {
            Some(Val::Scalar(Expr::Var(v), _)) => Some(v),
            Some(Val::Scalar(Expr::Cast(_, inner), _)) => match *inner {
                Expr::Var(v) => Some(v),
                _ => None,
            },
            _ => None,
        };
        let count = self.barrier_count(&barrier);
        self.read_barrier_object(&barrier, n);
        self.named_barrier(n, NamedOp::Wait, barrier, count, token);
        Ok(())
    }

    /// A blocking wait by phase parity on `mbarrier` object `obj` (a spin
    /// loop on `try_wait.parity`): which generation it waits for is decided
    /// by the concrete runs (`check/named.rs`, `parity_generation`).
    fn mbarrier_parity_wait(&mut self, n: Node<'t>, obj: Node<'t>, parity: Expr) -> R<()> {
        let barrier = self.mbarrier_object(obj, n)?;
        self.parity_wait(n, barrier, parity);
        Ok(())
    }

    /// A blocking wait for the phase of parity `parity` of `barrier`: the
    /// parity in a temporary, the wait's token.
    fn parity_wait(&mut self, n: Node<'t>, barrier: Expr, parity: Expr) {
        let bit = self.tmp(ScalarTy::INT, n);
        self.push(
            StmtKind::Assign {
                var: bit,
                value: parity,
            },
            n,
        );
        let count = self.barrier_count(&barrier);
        self.read_barrier_object(&barrier, n);
        self.named_barrier(n, NamedOp::WaitParity, barrier, count, Some(bit));
    }

    /// `mbarrier` wrappers (`__mbarrier_*` of `cuda_awbarrier_primitives.h`,
    /// `cuda::ptx::mbarrier_*`); None when `name` is not one.
    fn mbarrier_call(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Option<Val>> {
        let args = self.untagged(args);
        match (name, args.as_slice()) {
            ("__mbarrier_init" | "mbarrier_init", [obj, count]) => {
                let count = self.rvalue(*count)?;
                let id = self.mbarrier_object(*obj, n)?;
                self.barrier_init(n, id, *obj, Some(count))?;
                Ok(Some(Val::Void))
            }
            (
                "__mbarrier_arrive" | "mbarrier_arrive" | "mbarrier_arrive_no_complete",
                [obj, count, ..],
            ) => {
                // `cuda::ptx::mbarrier_arrive(addr, count)`: `count`
                // arrivals at once, not modelled unless 1.
                let count = self.rvalue(*count)?;
                if !is_unit(match &count {
                    Val::Scalar(e, _) => Some(e),
                    _ => None,
                }) {
                    return self.unsup(n, ARRIVAL_COUNT_UNSUPPORTED);
                }
                Ok(Some(self.mbarrier_arrive(n, *obj, NamedOp::Arrive)?))
            }
            (
                "__mbarrier_arrive"
                | "mbarrier_arrive"
                | "mbarrier_arrive_no_complete"
                | "mbarrier_arrive_expect_tx",
                [obj, rest @ ..],
            ) => {
                // A transaction count (`expect_tx`) only delays the phase
                // (until copies we do not model deliver their bytes): taking
                // the phase as complete once the threads arrived orders no
                // more than the hardware does.
                let _ = self.eval_args(rest)?;
                Ok(Some(self.mbarrier_arrive(n, *obj, NamedOp::Arrive)?))
            }
            ("__mbarrier_arrive_and_drop" | "mbarrier_arrive_drop", [obj, ..]) => Ok(Some(
                self.mbarrier_arrive(n, *obj, NamedOp::ArriveAndDrop)?,
            )),
            (
                "__mbarrier_test_wait"
                | "__mbarrier_try_wait"
                | "mbarrier_test_wait"
                | "mbarrier_try_wait"
                | "__mbarrier_test_wait_parity"
                | "__mbarrier_try_wait_parity"
                | "mbarrier_test_wait_parity"
                | "mbarrier_try_wait_parity",
                [_, rest @ ..],
            ) => {
                // A test outside a spin loop: its answer is unknown and it
                // orders nothing (a spin loop `while (!try_wait(..));` is a
                // wait, by parity for the `_parity` forms: see
                // `mbarrier_spin_wait`).
                let _ = self.eval_args(rest)?;
                Ok(Some(Val::Scalar(
                    self.havoc(ScalarTy::Bool, n),
                    ScalarTy::Bool,
                )))
            }
            ("__mbarrier_inval" | "mbarrier_inval", [_]) => Ok(Some(Val::Void)),
            // TMA bulk copies (`cuda::device::memcpy_async_tx`,
            // `cuda::device::experimental::cp_async_bulk_*`,
            // `cuda::ptx::cp_async_bulk*`, bulk reductions) land their bytes
            // asynchronously, before the completion of the mbarrier phase
            // whose transaction count they complete (or a bulk group wait);
            // as unknown calls they would act at the call, synchronously,
            // and a read after `__syncthreads()` alone would seem ordered.
            // Their transaction-count arrivals go with them. Not modelled.
            _ if name == "memcpy_async_tx"
                || name == "barrier_arrive_tx"
                || name == "barrier_expect_tx"
                || name.starts_with("cp_async_bulk")
                || name.starts_with("cp_reduce_async_bulk") =>
            {
                self.unsup(
                    n,
                    format!("`{name}`: TMA bulk copies and transaction counts are not modelled"),
                )
            }
            _ => Ok(None),
        }
    }

    /// `while (!try_wait(&bar, state));` (or `test_wait`, `do {} while`, an
    /// empty body): a blocking wait for the phase of `state`. Returns false
    /// when `cond` and `body` are not such a loop.
    pub(crate) fn mbarrier_spin_wait(
        &mut self,
        n: Node<'t>,
        cond: Option<Node<'t>>,
        body: Option<Node<'t>>,
    ) -> R<bool> {
        let empty = match body {
            None => true,
            Some(b) => {
                b.named_child_count() == 0
                    && matches!(b.kind(), "compound_statement" | "expression_statement")
            }
        };
        let Some(mut c) = cond else { return Ok(false) };
        if !empty {
            return Ok(false);
        }
        while matches!(c.kind(), "parenthesized_expression" | "condition_clause") {
            match c.named_child(0) {
                Some(x) => c = x,
                None => return Ok(false),
            }
        }
        if c.kind() != "unary_expression"
            || c.child_by_field_name("operator").map(|o| self.txt(o)) != Some("!")
        {
            return Ok(false);
        }
        let Some(mut call) = c.child_by_field_name("argument") else {
            return Ok(false);
        };
        while call.kind() == "parenthesized_expression" {
            match call.named_child(0) {
                Some(x) => call = x,
                None => return Ok(false),
            }
        }
        if call.kind() != "call_expression" {
            return Ok(false);
        }
        let name = call
            .child_by_field_name("function")
            .map(|f| {
                self.txt(f)
                    .rsplit("::")
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_string()
            })
            .unwrap_or_default();
        let parity = matches!(
            name.as_str(),
            "__mbarrier_test_wait_parity"
                | "__mbarrier_try_wait_parity"
                | "mbarrier_test_wait_parity"
                | "mbarrier_try_wait_parity"
        );
        if !parity
            && !matches!(
                name.as_str(),
                "__mbarrier_test_wait"
                    | "__mbarrier_try_wait"
                    | "mbarrier_test_wait"
                    | "mbarrier_try_wait"
            )
        {
            return Ok(false);
        }
        let mut args = Vec::new();
        if let Some(list) = call.child_by_field_name("arguments") {
            let mut w = list.walk();
            args.extend(
                list.named_children(&mut w)
                    .filter(|a| a.kind() != "comment"),
            );
        }
        let args = self.untagged(&args);
        let Some(obj) = args.first().copied() else {
            return Ok(false);
        };
        // Further arguments (a sleep hint) have no effect on memory.
        if let Some(rest) = args.get(2..) {
            let _ = self.eval_args(rest)?;
        }
        if parity {
            let Some(bit) = args.get(1).copied() else {
                return Ok(false);
            };
            let bit = match self.rvalue(bit)? {
                Val::Scalar(e, t) => conv(e, t, ScalarTy::INT),
                _ => return self.unsup(n, format!("`{name}`: parity is not a number")),
            };
            self.mbarrier_parity_wait(n, obj, bit)?;
        } else {
            self.mbarrier_wait(n, obj, args.get(1).copied())?;
        }
        Ok(true)
    }

    /// Whether `obj` names a `cuda::barrier` (by its declared type's text).
    fn is_barrier_object(&self, obj: Node<'t>) -> bool {
        self.object_type(obj)
            .is_some_and(|t| t.contains("barrier") && !t.contains("grid"))
    }

    /// Whether `obj` names a `cuda::pipeline`.
    fn is_pipeline_object(&self, obj: Node<'t>) -> bool {
        let name = self.txt(obj).trim_start_matches('&').trim();
        let base = name.split(['[', '.', ' ']).next().unwrap_or(name);
        let Some(ty) = self.decl_type_node(base) else {
            return false;
        };
        let src = self.src();
        // `auto pipe = cuda::make_pipeline(..);` has the type its
        // initialiser returns, a `cuda::pipeline`.
        text(ty, src).contains("pipeline")
            || (text(ty, src).trim() == "auto"
                && ty
                    .parent()
                    .is_some_and(|d| text(d, src).contains("make_pipeline(")))
    }

    /// Whether the thread's commit and wait counts may include another
    /// group source than the thread pipeline `name`: another pipeline
    /// object, `__pipeline_commit`, `cp.async.commit_group` or `cg::wait`
    /// lowered so far, or written anywhere in the kernel's text (a loop may
    /// run them before this wait in a later iteration). A pipeline's
    /// `consumer_wait` waits for its own oldest stage only (none when it
    /// has none), so the shared counts are exact only for a lone pipeline.
    fn thread_pipe_counts_shared(&self, name: &str) -> bool {
        if self.asyncs.raw_commits || self.asyncs.thread_pipes.iter().any(|p| p != name) {
            return true;
        }
        let Some((_, root)) = self.kernel_root else {
            return true;
        };
        let body = text(root, self.src());
        let raw = [
            "__pipeline_commit",
            "commit_group",
            "pipeline_producer_commit",
            "pipeline_consumer_wait_prior",
            "::wait(",
        ];
        // Two pipelines of the kernel's text may share a name (block
        // scopes): count every `make_pipeline` as its own object.
        if raw.iter().any(|r| body.contains(r)) || body.matches("make_pipeline(").count() > 1 {
            return true;
        }
        ["producer_commit(", "consumer_wait("].iter().any(|m| {
            body.match_indices(m).any(|(i, _)| {
                let before = body[..i].trim_end();
                let receiver = before
                    .strip_suffix('.')
                    .or_else(|| before.strip_suffix("->"))
                    .map(|r| {
                        let start = r
                            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .map_or(0, |j| j + 1);
                        &r[start..]
                    });
                receiver != Some(name)
            })
        })
    }

    /// The declared type text of the variable `obj` names.
    fn object_type(&self, obj: Node<'t>) -> Option<String> {
        let text = self.txt(obj).trim_start_matches('&').trim();
        let base = text.split(['[', '.', ' ']).next().unwrap_or(text);
        self.barrier_decl_type(base)
    }

    /// The declared type text of the variable `name`, searched in the kernel's source.
    fn barrier_decl_type(&self, name: &str) -> Option<String> {
        self.decl_type_node(name)
            .map(|t| text(t, self.src()).to_string())
    }

    /// The type node of the declaration of the variable `name`, searched in the kernel's source.
    fn decl_type_node(&self, name: &str) -> Option<Node<'t>> {
        let (_, root) = self.kernel_root?;
        let src = self.src();
        let mut stack = vec![root];
        let mut steps = 0;
        while let Some(node) = stack.pop() {
            steps += 1;
            if steps > 20_000 {
                return None;
            }
            if node.kind() == "declaration" {
                let mut c = node.walk();
                let declarators: Vec<Node> =
                    node.children_by_field_name("declarator", &mut c).collect();
                let declares = declarators.iter().any(|d| {
                    // References and pointers (`T &r = b;`, `T *p = &b;`) too.
                    let t = text(*d, src).trim_start_matches(['&', '*', ' ']);
                    t.split(['[', '=', ' ', '(']).next() == Some(name)
                });
                if declares {
                    return node.child_by_field_name("type");
                }
            }
            let mut c = node.walk();
            stack.extend(node.named_children(&mut c));
        }
        None
    }

    /// Methods of `cuda::barrier` and `cuda::pipeline`; None when `obj` is neither.
    pub(crate) fn warp_specialized_method(
        &mut self,
        n: Node<'t>,
        obj: Node<'t>,
        recv: &LVal,
        method: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        if let Some(p) = self.block_pipeline(obj) {
            let name = self.txt(obj).trim().to_string();
            return self.block_pipeline_method(n, &name, p, method, args);
        }
        if self.is_pipeline_object(obj) {
            // A name is one pipeline only in the kernel's own text: one
            // used inside an inlined helper (a parameter, a local) may be
            // another object, so it counts as another group source.
            // (The stack starts with the kernel itself.)
            let name = match self.call_stack.get(1..).and_then(|c| c.last()) {
                None => self.txt(obj).trim().to_string(),
                Some(callee) => format!("$in {callee}: {}", self.txt(obj).trim()),
            };
            if matches!(method, "producer_commit" | "consumer_wait") {
                self.asyncs.thread_pipes.insert(name.clone());
            }
            match method {
                // Commits the copies issued since the last commit as one stage.
                "producer_commit" => {
                    let raw = self.asyncs.raw_commits;
                    self.async_commit();
                    self.asyncs.raw_commits = raw;
                }
                // Waits for the oldest committed stage.
                // Waits for the oldest stage not waited for yet: the groups
                // committed before it (an empty commit is a stage too). In a
                // loop the stages committed and waited for per iteration
                // may differ, so the stage waited for is not known: nothing
                // is completed (sound; the copies stay in flight).
                "consumer_wait" => {
                    let stage = self.asyncs.consumed;
                    if self.thread_pipe_counts_shared(&name) {
                        // The commit and wait counts are the thread's, not
                        // this pipeline's: its oldest stage is not known,
                        // so nothing is completed (sound).
                    } else if self.asyncs.loops == 0 {
                        self.async_complete(|p| {
                            p.barrier.is_none() && p.group.is_some_and(|g| g <= stage)
                        });
                    } else {
                        let wait = (
                            self.asyncs.path.clone(),
                            self.asyncs.committed,
                            stage,
                            self.kernel.next_stmt_id,
                        );
                        self.asyncs.pipe_waits.push(wait);
                    }
                    self.asyncs.consumed += 1;
                }
                "producer_acquire" | "consumer_release" => {}
                _ => return Ok(None),
            }
            let _ = self.eval_args(args)?;
            return Ok(Some(Val::Void));
        }
        if !self.is_barrier_object(obj) {
            return Ok(None);
        }
        let op = match method {
            "arrive" => NamedOp::Arrive,
            "arrive_and_wait" => NamedOp::Sync,
            "arrive_and_drop" => NamedOp::ArriveAndDrop,
            "wait" => NamedOp::Wait,
            "wait_parity" => NamedOp::WaitParity,
            _ => return Ok(None),
        };
        if op == NamedOp::Arrive {
            // `arrive(n)`: `n` arrivals at once, not modelled unless 1.
            if let Some(update) = args.first() {
                let update = self.rvalue(*update)?;
                if !is_unit(match &update {
                    Val::Scalar(e, _) => Some(e),
                    _ => None,
                }) {
                    return self.unsup(n, ARRIVAL_COUNT_UNSUPPORTED);
                }
            }
        }
        let barrier = self.barrier_of_lvalue(recv.clone(), obj);
        if op == NamedOp::WaitParity {
            let [bit] = args else {
                return self.unsup(n, "`wait_parity` takes one parity");
            };
            let bit = match self.rvalue(*bit)? {
                Val::Scalar(e, t) => conv(e, t, ScalarTy::INT),
                _ => return self.unsup(n, "`wait_parity`: the parity is not a number"),
            };
            self.parity_wait(n, barrier, bit);
            return Ok(Some(Val::Void));
        }
        let token = match op {
            NamedOp::Arrive => Some(self.tmp(ScalarTy::INT, n)),
            NamedOp::Wait => {
                // `wait(std::move(t))`: the token variable.
                let mut node = args.first().copied();
                for _ in 0..4 {
                    match node {
                        Some(x) if x.kind() == "call_expression" => {
                            node = x
                                .child_by_field_name("arguments")
                                .and_then(|a| a.named_child(0))
                        }
                        Some(x) if x.kind() == "parenthesized_expression" => {
                            node = x.named_child(0)
                        }
                        _ => break,
                    }
                }
                match node.map(|x| self.rvalue(x)).transpose()? {
                    Some(Val::Scalar(Expr::Var(v), _)) => Some(v),
                    _ => None,
                }
            }
            _ => None,
        };
        let count = self.barrier_count(&barrier);
        self.read_barrier_object(&barrier, n);
        self.named_barrier(n, op, barrier, count, token);
        Ok(Some(match (op, token) {
            (NamedOp::Arrive, Some(t)) => Val::Scalar(Expr::Var(t), ScalarTy::INT),
            _ => Val::Void,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ptx_templates() {
        assert_eq!(
            parse_ptx("bar.sync %0, %1;"),
            Ok(vec![Ptx::Bar {
                arrive: false,
                operands: vec!["%0".into(), "%1".into()]
            }])
        );
        assert_eq!(
            parse_ptx("barrier.arrive.aligned 1, 64;\n"),
            Ok(vec![Ptx::Bar {
                arrive: true,
                operands: vec!["1".into(), "64".into()]
            }])
        );
        assert_eq!(
            parse_ptx("cp.async.cg.shared.global [%0], [%1], 16;\ncp.async.commit_group;"),
            Ok(vec![
                Ptx::CpAsync {
                    operands: vec!["%0".into(), "%1".into(), "16".into()]
                },
                Ptx::Commit
            ])
        );
        assert_eq!(
            parse_ptx("cp.async.wait_all;"),
            Ok(vec![Ptx::WaitGroup(None)])
        );
        assert!(parse_ptx("mov.u32 %0, %laneid;").is_err());
        assert_eq!(
            parse_ptx("LAB: mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n@!P1 bra LAB;"),
            Ok(vec![
                Ptx::Jump,
                Ptx::MbarWait {
                    parity: true,
                    operands: vec!["P1".into(), "%0".into(), "%1".into()]
                },
                Ptx::Jump
            ])
        );
        assert_eq!(
            parse_ptx(".reg .pred p;\nmbarrier.arrive.expect_tx.shared.b64 %0, [%1], 128;"),
            Ok(vec![Ptx::MbarArrive {
                drop: false,
                tx: true,
                operands: vec!["%0".into(), "%1".into(), "128".into()]
            }])
        );
        assert!(parse_ptx("mbarrier.arrive.noComplete.shared.b64 %0, [%1], 1;").is_err());
        assert_eq!(
            template_text(r#""bar.sync 1, " "64;\n""#),
            "bar.sync 1, 64;\n"
        );
    }
}
