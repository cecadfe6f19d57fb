//! Well-synchronization of named and split barriers (WEFT, PLDI'15): deadlock
//! freedom and safe barrier recycling.
//!
//! Like WEFT, the check is concrete: with a known block size, every thread's
//! sequence of barrier operations is computed by running its control flow
//! (which must depend only on thread ids, launch sizes and constants), then
//! the barriers' operational semantics is simulated: an arrival adds the
//! thread to the barrier's pending generation, which completes when the
//! expected count is reached; `sync`/`wait` block until then. `__syncthreads()`
//! is `bar.sync 0` with every thread of the block.
//!
//! Findings: a state where threads wait and nothing can move (count mismatch,
//! inconsistent order between roles, a wait no arrival completes) is
//! `barrier-deadlock`; a thread arriving twice in one pending generation, or
//! arrivals with different expected counts in one generation, is
//! `barrier-recycling`. Two schedules are simulated (lowest thread first,
//! highest first, each running as far as it can) for readable messages; the
//! recycling check then covers every schedule by happens-before (see
//! `happens_before`), and with well-formed generations whether
//! threads get stuck does not depend on the schedule, so like WEFT the
//! result holds for all schedules of the simulated control flow.

use crate::base::HashMap;
use std::collections::BTreeMap;

use super::diagnostic::DiagnosticKind;
use super::report::Finding;
use crate::config::CheckOptions;
use crate::ir::eval::{eval_expr, Value};
use crate::ir::{Block, Builtin, Expr, Kernel, NamedOp, ScalarTy, Span, StmtId, StmtKind, VarId};

/// Largest block simulated thread by thread.
const MAX_THREADS: u64 = 1024;
/// Statements one thread may execute before its trace is given up.
const MAX_STEPS: usize = 20_000;
/// Id given to `__syncthreads()` (`bar.sync 0`).
const SYNCTHREADS_ID: i128 = 0;

/// What the well-synchronization check concluded.
#[derive(Clone, Debug, Default)]
pub struct NamedOutcome {
    /// `barrier-deadlock` and `barrier-recycling` findings.
    pub findings: Vec<Finding>,
    /// Whether the barriers were shown well synchronized (every generation
    /// completes and takes each participant once), which the race check's
    /// use of named barriers relies on.
    pub well_synchronized: bool,
    /// Why the check could not run, when it could not.
    pub skipped: Option<String>,
    /// Generations of operations inside loops as functions of the loops'
    /// iteration numbers, where the concrete runs show one.
    pub generations: GenerationTable,
}

/// The generation of each named operation as an affine function of its
/// thread's iteration numbers (see [`GenerationFit`]), and the loops' trip
/// counts, read off the concrete runs of every thread of the block.
#[derive(Clone, Debug, Default)]
pub struct GenerationTable {
    /// By statement (operations whose every execution fits).
    pub fits: HashMap<StmtId, GenerationFit>,
    /// Loops around barrier operations whose trip count is the same every
    /// time any thread runs them.
    pub trips: HashMap<StmtId, u64>,
    /// By memory access: the generations of each barrier that complete
    /// before it (transitively, through any threads and barriers), where
    /// every thread that runs it agrees (see [`SeenFit`]).
    pub seen: HashMap<StmtId, SeenFit>,
    /// Pairs of accesses (both orders) run outside loops that the concrete
    /// happens-before order orders in every pair of distinct threads of the
    /// block that run them (see [`ordered_pairs`]).
    pub ordered: crate::base::HashSet<(StmtId, StmtId)>,
}

/// For an access in at most one loop (around barrier operations): per
/// barrier, the latest generation that completes before the access in
/// iteration `k`, `stride * (k / modulus) + table[k % modulus]`, the same
/// in every thread that runs the access (which runs it in every iteration).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenFit {
    /// The loop around the access, if any.
    pub in_loop: Option<StmtId>,
    /// (barrier id, its latest completed generation), barriers with one only.
    pub per_barrier: Vec<(i128, PeriodicFit)>,
}

/// `value(k) = stride * (k / modulus) + table[k % modulus]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicFit {
    /// Period.
    pub modulus: u64,
    /// Added per period.
    pub stride: i128,
    /// Values in the first period.
    pub table: Vec<i128>,
}

/// The periodic fit of `values` (one per iteration), period at most 8.
fn fit_periodic(values: &[i128]) -> Option<PeriodicFit> {
    let n = values.len() as u64;
    (1..=8u64.min(n.max(1))).find_map(|m| {
        let table: Vec<i128> = values.iter().take(m as usize).copied().collect();
        let stride = values
            .get(m as usize)
            .zip(values.first())
            .map_or(0, |(a, b)| a - b);
        let ok = values.iter().enumerate().all(|(k, v)| {
            let k = k as u64;
            table.get((k % m) as usize).copied() == Some(*v - stride * i128::from(k / m))
        });
        ok.then_some(PeriodicFit {
            modulus: m,
            stride,
            table,
        })
    })
}

/// Whether some thread's accesses were not all recorded (the record limit
/// was hit): such a thread could run an access none of its records show,
/// so nothing fitted or ordered from the records is trusted.
fn records_truncated(traces: &Traces) -> bool {
    traces
        .accesses
        .iter()
        .flatten()
        .any(|a| a.stmt.0 == u32::MAX)
}

/// Fits, per access, the generations that complete before it (see [`SeenFit`]).
fn fit_seen(
    traces: &Traces,
    hb: &HappensBefore,
    trips: &HashMap<StmtId, u64>,
) -> HashMap<StmtId, SeenFit> {
    // stmt -> thread -> (iteration, seen vector)
    /// (thread, its iteration of the loop around, what completed before).
    type Run<'a> = (usize, Option<(StmtId, u64)>, &'a Vec<i128>);
    let mut tainted: crate::base::HashSet<u32> = crate::base::HashSet::default();
    let mut by_stmt: BTreeMap<u32, Vec<Run>> = BTreeMap::new();
    for (t, list) in traces.accesses.iter().enumerate() {
        for a in list {
            if a.stmt.0 == u32::MAX || a.iters.len() > 1 || a.after_events == usize::MAX {
                tainted.insert(a.stmt.0);
                continue;
            }
            let Some(seen) = hb.seen.get(t).and_then(|s| s.get(a.after_events)) else {
                continue;
            };
            by_stmt
                .entry(a.stmt.0)
                .or_default()
                .push((t, a.iters.first().copied(), seen));
        }
    }
    let mut out = HashMap::default();
    if records_truncated(traces) {
        return out;
    }
    'stmts: for (stmt, runs) in by_stmt {
        if tainted.contains(&stmt) {
            continue;
        }
        let Some(first) = runs.first() else { continue };
        let in_loop = first.1.map(|(l, _)| l);
        let trip = match in_loop {
            Some(l) => match trips.get(&l) {
                Some(t) => *t,
                None => continue,
            },
            None => 1,
        };
        // Per iteration, the seen vector every thread must agree on; each
        // thread runs the access once per iteration.
        let mut at: Vec<Option<&Vec<i128>>> = vec![None; trip as usize];
        let mut per_thread: HashMap<usize, u64> = HashMap::default();
        for (t, it, seen) in &runs {
            if it.map(|(l, _)| l) != in_loop {
                continue 'stmts;
            }
            let k = it.map_or(0, |(_, k)| k) as usize;
            match at.get_mut(k) {
                Some(slot @ None) => *slot = Some(seen),
                Some(Some(v)) if *v == *seen => {}
                _ => continue 'stmts,
            }
            *per_thread.entry(*t).or_insert(0) += 1;
        }
        if per_thread.values().any(|n| *n != trip) {
            continue;
        }
        let Some(vectors) = at.into_iter().collect::<Option<Vec<_>>>() else {
            continue;
        };
        let mut per_barrier = Vec::new();
        for (b, id) in hb.barriers.iter().enumerate() {
            let values: Vec<i128> = vectors
                .iter()
                .map(|v| v.get(b).copied().unwrap_or(-1))
                .collect();
            if values.iter().all(|v| *v < 0) {
                continue;
            }
            if let Some(fit) = fit_periodic(&values) {
                per_barrier.push((*id, fit));
            }
        }
        if !per_barrier.is_empty() {
            out.insert(
                StmtId(stmt),
                SeenFit {
                    in_loop,
                    per_barrier,
                },
            );
        }
    }
    out
}

/// Thread classes of one access statement: (per barrier, the generation of
/// the thread's first arrival after the access; per barrier, the latest
/// generation completed before it) with the threads of each class.
type AccessClasses = BTreeMap<(Vec<i128>, Vec<i128>), Vec<usize>>;

/// Pairs of memory accesses (both orders) that WEFT's happens-before order
/// of the concrete runs orders in every pair of distinct threads that run
/// them (in any iterations of the loops around them): for threads t1
/// running `a` and t2 running `b`, some barrier's
/// generation that t1 arrives at after `a` completes before `b` in t2 (or
/// the other way round). Such a generation needs t1's arrival (each
/// generation takes each participant once, which `barrier-recycling`
/// checks), and `seen` holds every generation completed before `b` through
/// any threads and barriers, so `a` happens before `b`: the two never race
/// within a block, whatever their offsets. Every execution counts (each
/// iteration of a loop is one, with the generations of that point of the
/// run). Only accesses whose every execution the runs followed (a branch or
/// loop on data taints the accesses inside) and that are no asynchronous
/// copy's (a landing is not ordered by program order alone).
fn ordered_pairs(
    kernel: &Kernel,
    traces: &Traces,
    hb: &HappensBefore,
) -> crate::base::HashSet<(StmtId, StmtId)> {
    /// Class pairs compared at most (beyond, the remaining pairs are left
    /// to the solver).
    const MAX_COMPARISONS: usize = 200_000;
    let mut out = crate::base::HashSet::default();
    if records_truncated(traces) {
        return out;
    }
    let excluded: crate::base::HashSet<StmtId> = kernel
        .asyncs
        .accesses
        .iter()
        .chain(&kernel.asyncs.probes)
        .copied()
        .collect();
    let nb = hb.barriers.len();
    let mut tainted: crate::base::HashSet<StmtId> = excluded.clone();
    let mut classes: BTreeMap<u32, AccessClasses> = BTreeMap::new();
    for (t, list) in traces.accesses.iter().enumerate() {
        for a in list {
            if tainted.contains(&a.stmt) {
                continue;
            }
            let seen = hb.seen.get(t).and_then(|s| s.get(a.after_events));
            let (Some(seen), Some(events)) = (seen, traces.events.get(t)) else {
                tainted.insert(a.stmt);
                continue;
            };
            let mut first = vec![i128::MAX; nb];
            for e in events
                .iter()
                .skip(a.after_events)
                .filter(|e| e.op.arrives())
            {
                if let Ok(i) = hb.barriers.binary_search(&e.barrier) {
                    if first[i] == i128::MAX {
                        first[i] = e.generation;
                    }
                }
            }
            let threads = classes
                .entry(a.stmt.0)
                .or_default()
                .entry((first, seen.clone()))
                .or_default();
            // Threads in run order: one entry per thread (its iterations
            // with the same generations are one class member).
            if threads.last() != Some(&t) {
                threads.push(t);
            }
        }
    }
    classes.retain(|s, _| !tainted.contains(&StmtId(*s)));
    // x's access before y's: a generation x arrives at after its access
    // completed before y's.
    let before = |x: &(Vec<i128>, Vec<i128>), y: &(Vec<i128>, Vec<i128>)| {
        x.0.iter().zip(&y.1).any(|(arrival, seen)| arrival <= seen)
    };
    let stmts: Vec<(&u32, &AccessClasses)> = classes.iter().collect();
    let mut comparisons = 0usize;
    for (i, (sa, ca)) in stmts.iter().enumerate() {
        for (sb, cb) in &stmts[i..] {
            comparisons += ca.len() * cb.len();
            if comparisons > MAX_COMPARISONS {
                return out;
            }
            let all_ordered = ca.iter().all(|(x, tx)| {
                cb.iter().all(|(y, ty)| {
                    let distinct = tx.len() > 1 || ty.len() > 1 || tx.first() != ty.first();
                    !distinct || before(x, y) || before(y, x)
                })
            });
            if all_ordered {
                out.insert((StmtId(**sa), StmtId(**sb)));
                out.insert((StmtId(**sb), StmtId(**sa)));
            }
        }
    }
    out
}

/// `generation = base + sum(stride_L * (iteration_L / modulus_L) +
/// offsets_L[iteration_L % modulus_L])` and
/// `barrier = barrier_base + sum(barrier_stride_L * (iteration_L % modulus_L))`
/// over the loops around the operation (outermost first), in every thread
/// that executes it: with modulus 1 the barrier is the same in every
/// iteration and the generation grows linearly; with modulus S it cycles
/// through S barriers (stage-indexed barriers of an S-stage pipeline), each
/// used every S-th iteration, and the offsets say where within the cycle
/// each barrier's generation moves on (a pipeline whose commits are one
/// stage ahead of the loop: commit k + 1 in iteration k). The operation is *regular*: a thread that
/// executes it once executes it in every iteration of every loop around it,
/// so whether it runs does not depend on the iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerationFit {
    /// Generation in the first iteration of every loop.
    pub base: i128,
    /// Barrier id in the first iteration of every loop.
    pub barrier_base: i128,
    /// One per loop around the operation, outermost first.
    pub loops: Vec<LoopFit>,
}

/// How one loop's iteration number enters a [`GenerationFit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopFit {
    /// The loop.
    pub stmt: StmtId,
    /// Iterations per barrier cycle (1: the same barrier every iteration).
    pub modulus: u64,
    /// Generation added per full cycle.
    pub stride: i128,
    /// Barrier id added per iteration within a cycle.
    pub barrier_stride: i128,
    /// Generation added at each position within a cycle (empty: none).
    pub offsets: Vec<i128>,
    /// Barrier id added at each position within a cycle (empty: none), for
    /// stage-indexed barriers not affine in the position (a pipeline whose
    /// commits run ahead of the loop: stages 2, 0, 1 of three).
    pub barrier_offsets: Vec<i128>,
}

impl LoopFit {
    /// The generation added at position `r` of a cycle.
    pub fn offset(&self, r: u64) -> i128 {
        usize::try_from(r)
            .ok()
            .and_then(|r| self.offsets.get(r))
            .copied()
            .unwrap_or(0)
    }

    /// The barrier id added at position `r` of a cycle.
    pub fn barrier_offset(&self, r: u64) -> i128 {
        let listed = usize::try_from(r)
            .ok()
            .and_then(|r| self.barrier_offsets.get(r))
            .copied()
            .unwrap_or(0);
        listed + self.barrier_stride * i128::from(r)
    }
}

impl GenerationFit {
    /// (generation, barrier) at iteration numbers `iters` (one per loop).
    fn at(&self, iters: &[u64]) -> Option<(i128, i128)> {
        if iters.len() != self.loops.len() {
            return None;
        }
        let mut generation = self.base;
        let mut barrier = self.barrier_base;
        for (l, k) in self.loops.iter().zip(iters) {
            let m = l.modulus.max(1);
            generation = generation.checked_add(l.stride.checked_mul(i128::from(k / m))?)?;
            generation = generation.checked_add(l.offset(k % m))?;
            barrier = barrier.checked_add(l.barrier_offset(k % m))?;
        }
        Some((generation, barrier))
    }
}

/// One barrier operation of a thread.
#[derive(Clone, Debug)]
struct Event {
    stmt: StmtId,
    span: Span,
    op: NamedOp,
    barrier: i128,
    count: Option<i128>,
    /// For a wait: the generation index of the token (its arrival's).
    token: Option<i128>,
    /// From a named-barrier statement (not `__syncthreads()`).
    named: bool,
    /// The thread's iteration number of every loop around it (outermost first).
    iters: Vec<(StmtId, u64)>,
    /// For an arrival, how many arrivals of this thread at the same barrier
    /// precede it; for a wait, its token's.
    generation: i128,
    /// A wait by phase parity (`NamedOp::WaitParity`), recorded as a wait
    /// for `generation` (see [`parity_generation`]); sound only when the
    /// barrier cannot complete the next generation before the wait returns,
    /// which [`happens_before`] checks.
    parity: bool,
}

/// Every thread's barrier operations and the trip counts its loops ran.
struct Traces {
    events: Vec<Vec<Event>>,
    /// Per thread, the memory accesses it ran.
    accesses: Vec<Vec<AccessAt>>,
    /// Loop -> trip counts seen (any thread, any entry).
    trips: HashMap<StmtId, std::collections::BTreeSet<u64>>,
}

/// Whether the kernel uses named or split barriers.
pub fn has_named_barriers(kernel: &Kernel) -> bool {
    let mut found = false;
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        found |= matches!(s.kind, StmtKind::NamedBarrier { .. });
    });
    found
}

/// Checks the kernel's named barriers; `well_synchronized` is true for a
/// kernel without any.
pub fn check_named(kernel: &Kernel, opts: &CheckOptions) -> NamedOutcome {
    if !has_named_barriers(kernel) {
        return NamedOutcome {
            well_synchronized: true,
            ..Default::default()
        };
    }
    let skip = |why: String| NamedOutcome {
        findings: Vec::new(),
        well_synchronized: false,
        skipped: Some(why),
        generations: GenerationTable::default(),
    };
    let (traces, accesses, mut generations) = match traces(kernel, opts) {
        Ok(t) => {
            let generations = fit_generations(&t);
            (t.events, t.accesses, generations)
        }
        Err(why) => return skip(why),
    };
    let total = traces.len() as i128;
    // The race check counts generations of named operations only; a named
    // barrier 0 shared with `__syncthreads()` would be counted differently.
    let zero = |named: bool| {
        traces
            .iter()
            .flatten()
            .any(|e| e.barrier == SYNCTHREADS_ID && e.named == named)
    };
    if zero(true) && zero(false) {
        return skip("barrier 0 is used both by `__syncthreads()` and by named operations".into());
    }
    let mut findings: Vec<Finding> = count_mismatch(&traces).into_iter().collect();
    for reverse in [false, true] {
        if !findings.is_empty() {
            break;
        }
        if let Some(f) = simulate(&traces, reverse, total) {
            findings.push(f);
            break;
        }
    }
    if findings.is_empty() {
        match happens_before(&traces) {
            Ok(HappensBefore {
                recycling: Some(f), ..
            }) => findings.push(f),
            Ok(hb) => {
                let all = Traces {
                    events: traces.clone(),
                    accesses,
                    trips: HashMap::default(),
                };
                generations.seen = fit_seen(&all, &hb, &generations.trips);
                generations.ordered = ordered_pairs(kernel, &all, &hb);
            }
            Err(why) => return skip(why),
        }
    }
    NamedOutcome {
        well_synchronized: findings.is_empty(),
        findings,
        skipped: None,
        generations,
    }
}

/// Fits every operation's generations (see [`GenerationFit`]); operations
/// that do not fit are left out (they then order nothing in the race check).
fn fit_generations(traces: &Traces) -> GenerationTable {
    let trips: HashMap<StmtId, u64> = traces
        .trips
        .iter()
        .filter_map(
            |(l, seen)| match seen.iter().collect::<Vec<_>>().as_slice() {
                [only] => Some((*l, **only)),
                _ => None,
            },
        )
        .collect();
    let mut by_stmt: BTreeMap<u32, Vec<&Event>> = BTreeMap::new();
    for e in traces.events.iter().flatten() {
        by_stmt.entry(e.stmt.0).or_default().push(e);
    }
    let mut fits = HashMap::default();
    for (stmt, events) in by_stmt {
        if let Some(fit) = fit_one(&traces.events, StmtId(stmt), &events, &trips) {
            fits.insert(StmtId(stmt), fit);
        }
    }
    GenerationTable {
        fits,
        trips,
        seen: HashMap::default(),
        ordered: Default::default(),
    }
}

/// The fit of one operation's generations and barriers (see
/// [`GenerationFit`]), if every execution by every thread agrees with it and
/// the operation is regular.
fn fit_one(
    all: &[Vec<Event>],
    stmt: StmtId,
    events: &[&Event],
    trips: &HashMap<StmtId, u64>,
) -> Option<GenerationFit> {
    /// Largest number of stages tried.
    const MAX_MODULUS: u64 = 8;
    let first = events.first()?;
    let loops: Vec<StmtId> = first.iters.iter().map(|(l, _)| *l).collect();
    // Regularity: each executing thread runs it once per iteration vector
    // (a statement runs at most once per iteration of its innermost loop),
    // so the number of executions is the product of uniform trip counts.
    let mut per_iteration: u64 = 1;
    for l in &loops {
        per_iteration = per_iteration.checked_mul(*trips.get(l)?)?;
    }
    for trace in all {
        let n = trace.iter().filter(|e| e.stmt == stmt).count() as u64;
        if n != 0 && n != per_iteration {
            return None;
        }
    }
    // (generation, barrier) of the execution at an iteration vector (any thread).
    let at = |vector: &dyn Fn(usize) -> u64| {
        events
            .iter()
            .find(|e| {
                e.iters
                    .iter()
                    .enumerate()
                    .all(|(i, (_, k))| *k == vector(i))
            })
            .map(|e| (e.generation, e.barrier))
    };
    let (base, barrier_base) = at(&|_| 0)?;
    let mut fits = Vec::new();
    for (d, l) in loops.iter().enumerate() {
        let trip = *trips.get(l)?;
        // Along this loop alone (the others at their first iteration), the
        // smallest number of stages that explains every iteration.
        let line: Vec<(i128, i128)> = (0..trip)
            .map(|k| at(&|i| if i == d { k } else { 0 }))
            .collect::<Option<_>>()?;
        let chosen = (1..=MAX_MODULUS.min(trip.max(1))).find_map(|m| {
            let stride = match line.get(m as usize) {
                Some((g, _)) => g - base,
                None => 0,
            };
            let mut barrier_stride = match line.get(1) {
                Some((_, b)) if m > 1 => b - barrier_base,
                _ => 0,
            };
            // Not affine in the position: the first cycle's barriers.
            let affine = line
                .iter()
                .take(m as usize)
                .enumerate()
                .all(|(r, (_, b))| *b == barrier_base + barrier_stride * r as i128);
            let barrier_offsets: Vec<i128> = if affine {
                Vec::new()
            } else {
                barrier_stride = 0;
                line.iter()
                    .take(m as usize)
                    .map(|(_, b)| b - barrier_base)
                    .collect()
            };
            // The first cycle's generations, relative to the first.
            let offsets: Vec<i128> = if m > 1 {
                line.iter()
                    .take(m as usize)
                    .map(|(g, _)| g - base)
                    .collect()
            } else {
                Vec::new()
            };
            let fit = LoopFit {
                stmt: *l,
                modulus: m,
                stride,
                barrier_stride,
                offsets,
                barrier_offsets,
            };
            let ok = line.iter().enumerate().all(|(k, (g, b))| {
                let k = k as u64;
                *g == base + stride * i128::from(k / m) + fit.offset(k % m)
                    && *b == barrier_base + fit.barrier_offset(k % m)
            });
            ok.then_some(fit)
        })?;
        fits.push(chosen);
    }
    let fit = GenerationFit {
        base,
        barrier_base,
        loops: fits,
    };
    let all_fit = events.iter().all(|e| {
        let iters: Vec<u64> = e.iters.iter().map(|(_, k)| *k).collect();
        e.iters.iter().map(|(l, _)| *l).eq(loops.iter().copied())
            && fit.at(&iters) == Some((e.generation, e.barrier))
    });
    all_fit.then_some(fit)
}

/// The threads of a block that execute statement `stmt` (a barrier
/// operation), when the block size is known and their control flow can be
/// followed; for hovers.
pub fn reaching_threads(kernel: &Kernel, opts: &CheckOptions, stmt: StmtId) -> Option<Vec<usize>> {
    let traces = traces(kernel, opts).ok()?;
    Some(
        traces
            .events
            .iter()
            .enumerate()
            .filter(|(_, tr)| tr.iter().any(|e| e.stmt == stmt))
            .map(|(t, _)| t)
            .collect(),
    )
}

/// Every thread's barrier operations, or why they cannot be computed.
fn traces(kernel: &Kernel, opts: &CheckOptions) -> Result<Traces, String> {
    let Some(dim) = opts.launch.block_dim else {
        return Err("the block size is not known (give `--blockDim` or a launch)".into());
    };
    let total: u64 = dim.iter().map(|d| u64::from(*d)).product();
    if total == 0 || total > MAX_THREADS {
        return Err(format!("a block of {total} threads is not simulated"));
    }
    let mut traces = Vec::new();
    let mut trips: HashMap<StmtId, std::collections::BTreeSet<u64>> = HashMap::default();
    // Expected counts computed at run time (`init(&bar, n)`): one value per
    // barrier object for the whole block, set by the thread that initialises
    // it. Threads are run in order, so a thread before the initialising one
    // does not see it and the check gives up (sound).
    let counts: Vec<VarId> = kernel
        .vars
        .iter()
        .enumerate()
        .filter(|(_, d)| d.name.starts_with(crate::ir::BARRIER_COUNT_VAR))
        .map(|(i, _)| VarId(i as u32))
        .collect();
    let mut shared: HashMap<VarId, Value> = pipeline_producers(kernel, dim, total)?;
    let mut accesses = Vec::new();
    for t in 0..total {
        let mut run = ThreadRun::new(kernel, dim, t);
        for (v, value) in &shared {
            run.env.insert(*v, *value);
        }
        run.block(&kernel.body);
        if let Some((_, why)) = run.unknown {
            return Err(format!("thread {t}: {why}"));
        }
        for v in &counts {
            match (run.env.get(v), shared.get(v)) {
                (Some(mine), Some(theirs)) if mine.bits != theirs.bits => {
                    return Err(format!(
                        "threads initialise a barrier object with different counts ({} and {})",
                        theirs.bits, mine.bits
                    ));
                }
                (Some(mine), _) => {
                    shared.insert(*v, *mine);
                }
                _ => {}
            }
        }
        for (l, seen) in run.trips {
            trips.entry(l).or_default().extend(seen);
        }
        traces.push(run.events);
        accesses.push(run.accesses);
    }
    Ok(Traces {
        events: traces,
        trips,
        accesses,
    })
}

/// The number of producer threads of each block pipeline (see
/// [`crate::ir::PIPELINE_PRODUCERS_VAR`]): one value for the whole block,
/// counted over a first run of every thread (with the counts at 0: they
/// are only expected counts, so control flow does not depend on them). A
/// thread that never makes the pipeline is not a producer (libcu++ counts
/// the producers that make it); one whose role is not known stops the check.
fn pipeline_producers(
    kernel: &Kernel,
    dim: [u32; 3],
    total: u64,
) -> Result<HashMap<VarId, Value>, String> {
    let var = |prefix: &str, suffix: &str| {
        kernel
            .vars
            .iter()
            .position(|d| d.name.strip_prefix(prefix) == Some(suffix))
            .map(|i| VarId(i as u32))
    };
    // (count, role flag) by pipeline.
    let pipelines: Vec<(VarId, VarId)> = kernel
        .vars
        .iter()
        .filter_map(|d| d.name.strip_prefix(crate::ir::PIPELINE_PRODUCERS_VAR))
        .filter_map(|suffix| {
            Some((
                var(crate::ir::PIPELINE_PRODUCERS_VAR, suffix)?,
                var(crate::ir::PIPELINE_ROLE_VAR, suffix)?,
            ))
        })
        .collect();
    let mut counts = HashMap::default();
    if pipelines.is_empty() {
        return Ok(counts);
    }
    let (Some(zero), Some(unset)) = (Value::new(0, ScalarTy::INT), Value::new(-1, ScalarTy::INT))
    else {
        return Err("internal: pipeline counts".into());
    };
    let mut producers = vec![0i128; pipelines.len()];
    for t in 0..total {
        let mut run = ThreadRun::new(kernel, dim, t);
        for (count, flag) in &pipelines {
            run.env.insert(*count, zero);
            run.env.insert(*flag, unset);
        }
        run.block(&kernel.body);
        if let Some((_, why)) = run.unknown {
            return Err(format!("thread {t}: {why}"));
        }
        for (k, (_, flag)) in pipelines.iter().enumerate() {
            match run.env.get(flag).map(|v| v.bits) {
                Some(1) => producers[k] += 1,
                Some(_) => {}
                None => return Err(format!("thread {t}: its pipeline role is not known")),
            }
        }
    }
    for ((count, _), n) in pipelines.iter().zip(producers) {
        if let Some(v) = Value::new(n, ScalarTy::INT) {
            counts.insert(*count, v);
        }
    }
    Ok(counts)
}

/// Warps as a compact list, for messages.
pub fn warps_of(threads: &[usize]) -> String {
    warp_list(threads)
}

/// A concrete run of one thread's control flow, collecting its barrier operations.
struct ThreadRun<'k> {
    kernel: &'k Kernel,
    tid: [u64; 3],
    dim: [u32; 3],
    total: i128,
    env: HashMap<VarId, Value>,
    events: Vec<Event>,
    /// Arrivals so far per barrier (token values).
    arrivals: HashMap<i128, i128>,
    /// Per barrier, how many of its first generations this thread knows to
    /// have completed (by its own syncs and waits): a lower bound on the
    /// barrier's current phase whenever the thread runs (see
    /// [`parity_generation`]).
    completed_known: HashMap<i128, i128>,
    steps: usize,
    returned: bool,
    broke: bool,
    continued: bool,
    unknown: Option<(Span, String)>,
    /// Iteration numbers of the loops being run (outermost first).
    iters: Vec<(StmtId, u64)>,
    /// Trip counts of the loops around barrier operations.
    trips: HashMap<StmtId, std::collections::BTreeSet<u64>>,
    /// Memory accesses run: (statement, iteration numbers, barrier
    /// operations run before it).
    accesses: Vec<AccessAt>,
}

/// One execution of a memory access by a thread of the concrete runs.
#[derive(Clone, Debug)]
struct AccessAt {
    stmt: StmtId,
    iters: Vec<(StmtId, u64)>,
    /// Barrier operations the thread ran before it.
    after_events: usize,
}

impl<'k> ThreadRun<'k> {
    /// Thread `t` (linear index) of a block of `dim`, before it runs.
    fn new(kernel: &'k Kernel, dim: [u32; 3], t: u64) -> Self {
        let tid = [
            t % u64::from(dim[0]),
            (t / u64::from(dim[0])) % u64::from(dim[1]),
            t / (u64::from(dim[0]) * u64::from(dim[1])),
        ];
        let total: u64 = dim.iter().map(|d| u64::from(*d)).product();
        ThreadRun {
            kernel,
            tid,
            dim,
            total: total as i128,
            env: HashMap::default(),
            events: Vec::new(),
            arrivals: HashMap::default(),
            completed_known: HashMap::default(),
            steps: 0,
            returned: false,
            broke: false,
            continued: false,
            unknown: None,
            iters: Vec::new(),
            trips: HashMap::default(),
            accesses: Vec::new(),
        }
    }
}

impl ThreadRun<'_> {
    fn eval(&self, e: &Expr) -> Option<Value> {
        let index_ty = match self.kernel.lang {
            crate::ir::Lang::Cuda => ScalarTy::UINT,
            crate::ir::Lang::OpenCl => ScalarTy::ULONG,
        };
        eval_expr(e, &|leaf| match leaf {
            Expr::Var(v) => self.env.get(v).copied(),
            Expr::Builtin(Builtin::ThreadIdx(d)) => {
                Value::new(i128::from(*self.tid.get(usize::from(*d))?), index_ty)
            }
            Expr::Builtin(Builtin::BlockDim(d)) => {
                Value::new(i128::from(*self.dim.get(usize::from(*d))?), index_ty)
            }
            _ => None,
        })
    }

    fn stop(&self) -> bool {
        self.returned || self.broke || self.continued || self.unknown.is_some()
    }

    fn give_up(&mut self, span: Span, why: &str) {
        if self.unknown.is_none() {
            self.unknown = Some((span, why.to_string()));
        }
    }

    fn block(&mut self, block: &Block) {
        for s in &block.stmts {
            if self.stop() {
                return;
            }
            self.steps += 1;
            if self.steps > MAX_STEPS {
                self.give_up(s.span, "too many steps to simulate");
                return;
            }
            match &s.kind {
                StmtKind::Assign { var, value } => match self.eval(value) {
                    Some(v) => {
                        let ty = self.kernel.vars.get(var.0 as usize).map(|d| d.ty);
                        match ty.and_then(|t| Value::new(v.bits, t)) {
                            Some(v) => {
                                self.env.insert(*var, v);
                            }
                            None => {
                                self.env.remove(var);
                            }
                        }
                    }
                    None => {
                        self.env.remove(var);
                    }
                },
                StmtKind::Havoc { var } => {
                    self.env.remove(var);
                }
                StmtKind::Read { dest: var, .. } => {
                    self.env.remove(var);
                    self.record_access(s.id);
                }
                StmtKind::Atomic { dest, .. } => {
                    self.record_access(s.id);
                    if let Some(d) = dest {
                        self.env.remove(d);
                    }
                }
                StmtKind::Collective { dest, .. } => {
                    if let Some(d) = dest {
                        self.env.remove(d);
                    }
                }
                StmtKind::Write { .. } => self.record_access(s.id),
                StmtKind::Assume { .. } | StmtKind::DeviceFence => {}
                StmtKind::Barrier { scope, .. } => {
                    if *scope == crate::ir::BarrierScope::Block {
                        let generation = *self.arrivals.get(&SYNCTHREADS_ID).unwrap_or(&0);
                        *self.arrivals.entry(SYNCTHREADS_ID).or_insert(0) += 1;
                        self.events.push(Event {
                            stmt: s.id,
                            span: s.inlined_at.unwrap_or(s.span),
                            op: NamedOp::Sync,
                            barrier: SYNCTHREADS_ID,
                            count: Some(self.total),
                            token: None,
                            named: false,
                            iters: self.iters.clone(),
                            generation,
                            parity: false,
                        });
                    }
                }
                StmtKind::NamedBarrier {
                    op,
                    barrier,
                    count,
                    token,
                } => {
                    let Some(id) = self.eval(barrier) else {
                        self.give_up(s.span, "barrier id not known");
                        return;
                    };
                    let count = match count {
                        Some(c) => match self.eval(c) {
                            Some(v) => Some(v.bits),
                            None => {
                                self.give_up(
                                    s.span,
                                    "barrier thread count not known (an `init` count this thread has not seen, or one depending on parameters or memory)",
                                );
                                return;
                            }
                        },
                        None => None,
                    };
                    let mut wait_token = None;
                    let mut generation = 0;
                    let mut op = *op;
                    let parity = op == NamedOp::WaitParity;
                    if parity {
                        let known = *self.completed_known.get(&id.bits).unwrap_or(&0);
                        let p = token.and_then(|t| self.env.get(&t)).map(|v| v.bits);
                        match p.and_then(|p| parity_generation(known, p)) {
                            Some(g) => {
                                wait_token = Some(g);
                                op = NamedOp::Wait;
                            }
                            None => {
                                self.give_up(
                                    s.span,
                                    "a wait by phase parity whose parity is not known (or not 0 or 1)",
                                );
                                return;
                            }
                        }
                    } else if op.arrives() {
                        let k = self.arrivals.entry(id.bits).or_insert(0);
                        generation = *k;
                        if let Some(t) = token {
                            if let Some(v) = Value::new(*k, ScalarTy::INT) {
                                self.env.insert(*t, v);
                            }
                        }
                        *k += 1;
                    } else if let Some(t) = token {
                        wait_token = self.env.get(t).map(|v| v.bits);
                    }
                    if op == NamedOp::Wait && wait_token.is_none() {
                        self.give_up(s.span, "wait without a known token");
                        return;
                    }
                    let generation = wait_token.unwrap_or(generation);
                    if op.waits() {
                        // Once the wait returns, `generation` completed, and
                        // generations complete in order.
                        let known = self.completed_known.entry(id.bits).or_insert(0);
                        *known = (*known).max(generation + 1);
                    }
                    self.events.push(Event {
                        stmt: s.id,
                        span: s.inlined_at.unwrap_or(s.span),
                        op,
                        barrier: id.bits,
                        count,
                        token: wait_token,
                        named: true,
                        iters: self.iters.clone(),
                        generation,
                        parity,
                    });
                }
                StmtKind::If { cond, then_, else_ } => match self.eval(cond) {
                    Some(c) if c.truthy() => self.block(then_),
                    Some(_) => self.block(else_),
                    None => {
                        // A condition this thread cannot evaluate matters only
                        // when a branch holds barrier operations.
                        if has_sync(then_) || has_sync(else_) {
                            self.give_up(
                                s.span,
                                "a branch around barriers depends on unknown values",
                            );
                        } else if may_jump_out(then_) || may_jump_out(else_) {
                            // A `break`/`continue`/`return` taken or not on
                            // unknown values changes which barrier operations
                            // run after it (a skipped wait, a shorter loop):
                            // the concrete run would no longer be exact, and
                            // every fit and generation rests on it.
                            self.give_up(
                                s.span,
                                "a branch that may leave a loop around barriers, or the kernel, depends on unknown values",
                            );
                        } else {
                            forget_assigned(then_, &mut self.env);
                            forget_assigned(else_, &mut self.env);
                            // Accesses in them may run or not: not fitted.
                            self.taint_accesses(then_);
                            self.taint_accesses(else_);
                        }
                    }
                },
                StmtKind::Loop {
                    cond,
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    if !has_sync(body) && !has_sync(step) && !has_sync(cond_prelude) {
                        // A barrier-free loop is not run; its `break`s and
                        // `continue`s stay inside it, but a `return` ends the
                        // thread before the barrier operations after it.
                        if [cond_prelude, body, step].iter().any(|b| has_return(b)) {
                            self.give_up(
                                s.span,
                                "a loop without barriers may return from the kernel on unknown values",
                            );
                            return;
                        }
                        forget_assigned(cond_prelude, &mut self.env);
                        forget_assigned(body, &mut self.env);
                        forget_assigned(step, &mut self.env);
                        // Accesses in a loop not run here: not fitted.
                        self.taint_accesses(cond_prelude);
                        self.taint_accesses(body);
                        self.taint_accesses(step);
                        continue;
                    }
                    self.iters.push((s.id, 0));
                    let trip = self.run_loop(s, cond, cond_prelude, body, step);
                    self.iters.pop();
                    // A thread leaving by `return` ran a partial last
                    // iteration: its trip count differs from the others'.
                    self.trips.entry(s.id).or_default().insert(trip);
                    if self.stop() {
                        return;
                    }
                }
                StmtKind::Break => self.broke = true,
                StmtKind::Continue => self.continued = true,
                StmtKind::Return => self.returned = true,
            }
        }
    }
}

impl ThreadRun<'_> {
    /// Marks the accesses of a block this run does not follow: whether and
    /// how often they run is not known, so no fit may rest on them.
    fn taint_accesses(&mut self, block: &Block) {
        crate::ir::walk::for_each_stmt(block, &mut |s| {
            if matches!(
                s.kind,
                StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::Atomic { .. }
            ) {
                self.accesses.push(AccessAt {
                    stmt: s.id,
                    iters: Vec::new(),
                    after_events: usize::MAX,
                });
            }
        });
    }

    /// Records an access with the barrier operations run before it.
    fn record_access(&mut self, stmt: StmtId) {
        /// Accesses recorded per thread at most (beyond, none are fitted).
        const MAX_ACCESSES: usize = 4096;
        if self.accesses.len() < MAX_ACCESSES {
            self.accesses.push(AccessAt {
                stmt,
                iters: self.iters.clone(),
                after_events: self.events.len(),
            });
        } else {
            self.accesses.push(AccessAt {
                stmt: StmtId(u32::MAX),
                iters: Vec::new(),
                after_events: 0,
            });
            self.accesses.truncate(MAX_ACCESSES + 1);
        }
    }

    /// Runs a loop around barrier operations; the number of iterations started.
    fn run_loop(
        &mut self,
        s: &crate::ir::Stmt,
        cond: &Expr,
        cond_prelude: &Block,
        body: &Block,
        step: &Block,
    ) -> u64 {
        let mut trip = 0u64;
        loop {
            if let Some(last) = self.iters.last_mut() {
                last.1 = trip;
            }
            self.block(cond_prelude);
            if self.stop() {
                return trip;
            }
            match self.eval(cond) {
                Some(c) if c.truthy() => {}
                Some(_) => return trip,
                None => {
                    self.give_up(s.span, "a loop around barriers has an unknown trip count");
                    return trip;
                }
            }
            trip += 1;
            self.block(body);
            if self.broke {
                self.broke = false;
                return trip;
            }
            self.continued = false;
            if self.stop() {
                return trip;
            }
            self.block(step);
            if self.stop() {
                return trip;
            }
        }
    }
}

fn has_sync(block: &Block) -> bool {
    let mut found = false;
    crate::ir::walk::for_each_stmt(block, &mut |s| {
        found |= matches!(
            s.kind,
            StmtKind::NamedBarrier { .. } | StmtKind::Barrier { .. }
        );
    });
    found
}

/// Whether the block holds a `return`, at any depth.
fn has_return(block: &Block) -> bool {
    let mut found = false;
    crate::ir::walk::for_each_stmt(block, &mut |s| {
        found |= matches!(s.kind, StmtKind::Return);
    });
    found
}

/// Whether running the block may leave it by a jump: a `return` at any depth,
/// or a `break`/`continue` that is not inside a loop of the block (so it
/// targets a loop around the block).
fn may_jump_out(block: &Block) -> bool {
    block.stmts.iter().any(|s| match &s.kind {
        StmtKind::Break | StmtKind::Continue | StmtKind::Return => true,
        StmtKind::If { then_, else_, .. } => may_jump_out(then_) || may_jump_out(else_),
        StmtKind::Loop {
            cond_prelude,
            body,
            step,
            ..
        } => has_return(cond_prelude) || has_return(body) || has_return(step),
        _ => false,
    })
}

fn forget_assigned(block: &Block, env: &mut HashMap<VarId, Value>) {
    crate::ir::walk::for_each_stmt(block, &mut |s| match &s.kind {
        StmtKind::Assign { var, .. }
        | StmtKind::Havoc { var }
        | StmtKind::Read { dest: var, .. } => {
            env.remove(var);
        }
        StmtKind::Atomic { dest: Some(v), .. } | StmtKind::Collective { dest: Some(v), .. } => {
            env.remove(v);
        }
        _ => {}
    });
}

/// WEFT's count check: generation `k` of a barrier is made of the `k`-th
/// arrivals of the threads that arrive at it at least `k + 1` times; their
/// number must be the expected count, else generations mix arrivals of
/// different uses (or never complete), depending on the schedule.
fn count_mismatch(traces: &[Vec<Event>]) -> Option<Finding> {
    // barrier -> generation -> (thread, event)
    let mut gens: BTreeMap<i128, Vec<Vec<(usize, usize)>>> = BTreeMap::new();
    for (t, trace) in traces.iter().enumerate() {
        let mut seen: HashMap<i128, usize> = HashMap::default();
        for (i, e) in trace.iter().enumerate() {
            if !e.op.arrives() {
                continue;
            }
            let k = seen.entry(e.barrier).or_insert(0);
            let list = gens.entry(e.barrier).or_default();
            if list.len() <= *k {
                list.resize(*k + 1, Vec::new());
            }
            list[*k].push((t, i));
            *k += 1;
        }
    }
    for (b, list) in &gens {
        let users = traces
            .iter()
            .filter(|tr| tr.iter().any(|x| x.barrier == *b))
            .count() as i128;
        let mut dropped = 0i128;
        for (k, members) in list.iter().enumerate() {
            let &(t0, i0) = members.first()?;
            let first = &traces[t0][i0];
            let expected = first.count.unwrap_or(users) - dropped;
            let other = members
                .iter()
                .map(|(t, i)| &traces[*t][*i])
                .find(|e| e.count.unwrap_or(users) - dropped != expected);
            if let Some(other) = other {
                return Some(recycling(
                    other,
                    first,
                    format!(
                        "{} is used with {} threads here but with {expected} threads at its other arrivals in generation {k}",
                        barrier_name(*b),
                        other.count.unwrap_or(users) - dropped
                    ),
                ));
            }
            let arrived = members.len() as i128;
            if arrived != expected {
                let threads: Vec<usize> = members.iter().map(|(t, _)| *t).collect();
                let spans: Vec<Span> = {
                    let mut v: Vec<Span> =
                        members.iter().map(|(t, i)| traces[*t][*i].span).collect();
                    v.dedup();
                    v
                };
                return Some(Finding {
                    kind: DiagnosticKind::BarrierDeadlock,
                    message: format!(
                        "count mismatch: {} expects {expected} threads, but {arrived} threads (warps {}) arrive at use {k} of it; {}",
                        barrier_name(*b),
                        warp_list(&threads),
                        if arrived < expected {
                            "the generation never completes and its waiters deadlock".to_string()
                        } else {
                            format!("a generation completes with any {expected} of them, so the rest meet a generation of their own and are ordered with nothing they were meant to wait for")
                        }
                    ),
                    span: first.span,
                    related: spans
                        .into_iter()
                        .filter(|s| *s != first.span)
                        .take(3)
                        .map(|s| (s, "another arrival at the same generation".to_string()))
                        .collect(),
                    race: None,
                    divergence: None,
                });
            }
            dropped += members
                .iter()
                .filter(|(t, i)| traces[*t][*i].op == NamedOp::ArriveAndDrop)
                .count() as i128;
        }
    }
    None
}

/// A barrier's pending generation.
#[derive(Clone, Debug, Default)]
struct Generation {
    /// Completed generations so far.
    completed: i128,
    /// Threads arrived in the pending one, with where they arrived.
    arrived: Vec<(usize, usize)>,
    /// The expected count of the pending generation, set by its first arrival.
    expected: Option<i128>,
    /// Threads that dropped out (completed generations).
    dropped: i128,
    /// Threads dropping out in the pending generation (from the next on).
    dropping: i128,
}

/// Warps as a compact list: `0-3, 6`.
fn warp_list(threads: &[usize]) -> String {
    let mut warps: Vec<usize> = threads.iter().map(|t| t / 32).collect();
    warps.sort_unstable();
    warps.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < warps.len() {
        let mut j = i;
        while j + 1 < warps.len() && warps[j + 1] == warps[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            format!("{}", warps[i])
        } else {
            format!("{}-{}", warps[i], warps[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

fn barrier_name(id: i128) -> String {
    if id >= 16 {
        format!("barrier object #{}", id - 16)
    } else if id == SYNCTHREADS_ID {
        "barrier 0 (`__syncthreads()`)".into()
    } else {
        format!("named barrier {id}")
    }
}

/// Runs the barriers' semantics over the threads' traces; the first problem found.
fn simulate(traces: &[Vec<Event>], reverse: bool, total: i128) -> Option<Finding> {
    let n = traces.len();
    let mut pc = vec![0usize; n];
    // What a thread is blocked on: (barrier, generation it waits to complete).
    let mut blocked: Vec<Option<(i128, i128)>> = vec![None; n];
    let mut bars: BTreeMap<i128, Generation> = BTreeMap::new();
    let order: Vec<usize> = if reverse {
        (0..n).rev().collect()
    } else {
        (0..n).collect()
    };
    loop {
        let mut progressed = false;
        for &t in &order {
            loop {
                if let Some((b, g)) = blocked[t] {
                    // Generation -1: the phase before the first (a wait by
                    // parity on a fresh barrier, see `parity_generation`).
                    if g < 0 || bars.get(&b).is_some_and(|s| s.completed > g) {
                        blocked[t] = None;
                    } else {
                        break;
                    }
                }
                let Some(e) = traces[t].get(pc[t]) else { break };
                pc[t] += 1;
                progressed = true;
                let state = bars.entry(e.barrier).or_default();
                if e.op == NamedOp::Wait {
                    blocked[t] = e.token.map(|g| (e.barrier, g));
                    continue;
                }
                // Arrival. Split barriers without a stated count expect
                // every thread that ever uses them, less those dropped.
                // Threads that dropped out lower the count of later phases.
                let count = e.count.unwrap_or_else(|| {
                    traces
                        .iter()
                        .filter(|tr| tr.iter().any(|x| x.barrier == e.barrier))
                        .count() as i128
                }) - state.dropped;
                if let Some((other, at)) = state.arrived.iter().find(|(o, _)| *o == t) {
                    let first = &traces[*other][*at];
                    return Some(recycling(
                        e,
                        first,
                        format!(
                            "thread {t} (warp {}) arrives at {} again while the generation it arrived in is still pending ({} of {} threads): the second arrival is counted in the same generation",
                            t / 32,
                            barrier_name(e.barrier),
                            state.arrived.len(),
                            state.expected.unwrap_or(count)
                        ),
                    ));
                }
                match state.expected {
                    Some(x) if x != count => {
                        let (o, at) = state.arrived[0];
                        let first = &traces[o][at];
                        return Some(recycling(
                            e,
                            first,
                            format!(
                                "{} is used with {count} threads here while its pending generation expects {x}",
                                barrier_name(e.barrier)
                            ),
                        ));
                    }
                    _ => state.expected = Some(count),
                }
                state.arrived.push((t, pc[t] - 1));
                if e.op == NamedOp::ArriveAndDrop {
                    state.dropping += 1;
                }
                let generation = state.completed;
                if state.arrived.len() as i128 >= count {
                    state.completed += 1;
                    state.arrived.clear();
                    state.expected = None;
                    state.dropped += std::mem::take(&mut state.dropping);
                }
                if e.op == NamedOp::Sync && state.completed == generation {
                    blocked[t] = Some((e.barrier, generation));
                }
            }
        }
        if !progressed {
            break;
        }
    }
    // Stuck: some thread waits for a generation that never completes.
    let waiting: Vec<usize> = (0..n).filter(|t| blocked[*t].is_some()).collect();
    let &first = waiting.first()?;
    let (b, g) = blocked[first]?;
    let on_b: Vec<usize> = waiting
        .iter()
        .copied()
        .filter(|t| blocked[*t].map(|x| x.0) == Some(b))
        .collect();
    let state = bars.get(&b).cloned().unwrap_or_default();
    let at = &traces[first][pc[first] - 1];
    let elsewhere: Vec<String> = waiting
        .iter()
        .filter_map(|t| blocked[*t].filter(|x| x.0 != b).map(|x| (*t, x.0)))
        .fold(BTreeMap::<i128, Vec<usize>>::new(), |mut m, (t, bb)| {
            m.entry(bb).or_default().push(t);
            m
        })
        .into_iter()
        .map(|(bb, ts)| format!("warps {} wait at {}", warp_list(&ts), barrier_name(bb)))
        .collect();
    let finished: Vec<usize> = (0..n)
        .filter(|t| blocked[*t].is_none() && pc[*t] >= traces[*t].len())
        .collect();
    let arrived: Vec<usize> = state.arrived.iter().map(|(t, _)| *t).collect();
    let mut message = format!(
        "deadlock: warps {} wait at {} for generation {g}, which {}",
        warp_list(&on_b),
        barrier_name(b),
        match state.expected {
            Some(x) => format!(
                "expects {x} threads but only {} (warps {}) arrive",
                arrived.len(),
                warp_list(&arrived)
            ),
            None => "no thread ever arrives at".into(),
        }
    );
    if !elsewhere.is_empty() {
        message.push_str(&format!("; meanwhile {}", elsewhere.join(", ")));
    }
    if !finished.is_empty() && (finished.len() as i128) < total {
        message.push_str(&format!("; warps {} have finished", warp_list(&finished)));
    }
    Some(Finding {
        kind: DiagnosticKind::BarrierDeadlock,
        message,
        span: at.span,
        related: Vec::new(),
        race: None,
        divergence: None,
    })
}

/// WEFT's recycling check over every schedule, by happens-before: with
/// generation `k` of a barrier made of its participants' `k`-th arrivals,
/// generations are well formed in every schedule iff each arrival of
/// generation `k >= 1` happens after generation `k - 1` completed (else some
/// schedule runs it while `k - 1` is pending, and it is counted there).
/// Happens-before: program order, an arrival before its generation's
/// completion, a completion before whatever follows the syncs and waits for
/// it. Nodes are visited in topological order, each knowing the latest
/// completed generation of every barrier that happens before it (by
/// induction, the checks already passed make earlier generations of a
/// barrier complete before later ones, so the latest one stands for all).
/// Err when the graph has a cycle (some wait can never return: a deadlock
/// the simulation would have reported).
#[cfg(test)]
fn recycling_in_any_schedule(traces: &[Vec<Event>]) -> Result<Option<Finding>, String> {
    happens_before(traces).map(|hb| hb.recycling)
}

/// What the happens-before pass found.
struct HappensBefore {
    /// The first arrival that can be counted in an earlier generation.
    recycling: Option<Finding>,
    /// The barrier ids, in the order of the vectors below.
    barriers: Vec<i128>,
    /// `seen[t][p][b]`: the latest generation of barrier `b` that completes
    /// before thread `t` goes on after its first `p` operations (-1: none).
    seen: Vec<Vec<Vec<i128>>>,
}

/// WEFT's recycling check over every schedule (see the doc above, kept with
/// the test helper `recycling_in_any_schedule`), and what completes before
/// each point of each thread.
fn happens_before(traces: &[Vec<Event>]) -> Result<HappensBefore, String> {
    let mut barriers: Vec<i128> = traces.iter().flatten().map(|e| e.barrier).collect();
    barriers.sort_unstable();
    barriers.dedup();
    let slot = |b: i128| barriers.binary_search(&b).ok();
    let nb = barriers.len();
    let mut offset = Vec::with_capacity(traces.len());
    let mut events = 0usize;
    for trace in traces {
        offset.push(events);
        events += trace.len();
    }
    // Completion nodes after the event nodes.
    let mut completions: HashMap<(i128, i128), usize> = HashMap::default();
    for e in traces.iter().flatten() {
        let next = events + completions.len();
        completions.entry((e.barrier, e.generation)).or_insert(next);
    }
    let nodes = events + completions.len();
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for (t, trace) in traces.iter().enumerate() {
        for (i, e) in trace.iter().enumerate() {
            let me = offset[t] + i;
            let next = (i + 1 < trace.len()).then_some(me + 1);
            if let Some(n) = next {
                succ[me].push(n);
            }
            let Some(&c) = completions.get(&(e.barrier, e.generation)) else {
                continue;
            };
            if e.op.arrives() {
                succ[me].push(c);
            }
            if let (true, Some(n)) = (e.op.waits(), next) {
                succ[c].push(n);
            }
        }
    }
    let mut indegree = vec![0usize; nodes];
    for list in &succ {
        for n in list {
            indegree[*n] += 1;
        }
    }
    // Latest completed generation of each barrier before the node (-1: none).
    let mut seen = vec![-1i128; nodes * nb];
    let mut ready: Vec<usize> = (0..nodes).filter(|n| indegree[*n] == 0).collect();
    let mut visited = 0usize;
    let node_event = |n: usize| -> Option<(usize, &Event)> {
        let t = offset.partition_point(|o| *o <= n).checked_sub(1)?;
        traces[t].get(n - offset[t]).map(|e| (t, e))
    };
    let completion_of: HashMap<usize, (i128, i128)> =
        completions.iter().map(|(k, v)| (*v, *k)).collect();
    while let Some(n) = ready.pop() {
        visited += 1;
        if n < events {
            if let Some((t, e)) = node_event(n) {
                if e.op.arrives() && e.generation >= 1 {
                    let known = slot(e.barrier).map_or(-1, |b| seen[n * nb + b]);
                    if known < e.generation - 1 {
                        let finding = Finding {
                            kind: DiagnosticKind::BarrierRecycling,
                            message: format!(
                                "thread {t} (warp {}) arrives at {} for generation {} without waiting for generation {} to complete: in some schedule this arrival is counted in generation {} instead, which then completes early",
                                t / 32,
                                barrier_name(e.barrier),
                                e.generation,
                                e.generation - 1,
                                e.generation - 1
                            ),
                            span: e.span,
                            related: Vec::new(),
                            race: None,
                            divergence: None,
                        };
                        return Ok(HappensBefore {
                            recycling: Some(finding),
                            barriers,
                            seen: Vec::new(),
                        });
                    }
                }
            }
        } else if let Some((b, g)) = completion_of.get(&n) {
            if let Some(b) = slot(*b) {
                let cell = &mut seen[n * nb + b];
                *cell = (*cell).max(*g);
            }
        }
        for &m in &succ[n] {
            for b in 0..nb {
                let v = seen[n * nb + b];
                let cell = &mut seen[m * nb + b];
                *cell = (*cell).max(v);
            }
            indegree[m] -= 1;
            if indegree[m] == 0 {
                ready.push(m);
            }
        }
    }
    if visited < nodes {
        return Err("the barrier operations' happens-before order has a cycle".into());
    }
    if let Some(why) = parity_lapped(traces, &offset, &completions, &succ) {
        return Err(why);
    }
    // After operation i: what happened before it, and the generation it
    // waited for.
    let seen_after: Vec<Vec<Vec<i128>>> = traces
        .iter()
        .enumerate()
        .map(|(t, trace)| {
            let mut out = vec![vec![-1i128; nb]];
            for (i, e) in trace.iter().enumerate() {
                let me = offset[t] + i;
                let mut v: Vec<i128> = seen[me * nb..(me + 1) * nb].to_vec();
                if e.op.waits() {
                    if let Some(&c) = completions.get(&(e.barrier, e.generation)) {
                        for (x, y) in v.iter_mut().zip(&seen[c * nb..(c + 1) * nb]) {
                            *x = (*x).max(*y);
                        }
                    }
                }
                out.push(v);
            }
            out
        })
        .collect();
    Ok(HappensBefore {
        recycling: None,
        barriers,
        seen: seen_after,
    })
}

/// The generation a wait for phase parity `parity` waits for, in a thread
/// that knows the barrier's first `known` generations complete: `known`
/// when its parity is `parity`, else `known - 1` (already complete: -1 for
/// the phase before the first, which the wait treats as complete); None for
/// a parity other than 0 and 1.
///
/// PTX ISA (`mbarrier.test_wait`/`try_wait`, `.parity`): the operand is the
/// parity of the current phase or of the one just before it, and the test
/// succeeds once the phase of that parity completed, i.e. while the
/// barrier's current (pending) phase `c` has the other parity. Generations
/// complete in order, so `c >= known` whenever the thread tests. With
/// `known % 2 == parity`, a test that succeeds sees `c % 2 != parity` and
/// `c >= known`, so `c >= known + 1`: generation `known` completed, and the
/// wait returns only after that (what the race check relies on). Until
/// generation `known + 1` completes, `c <= known + 1`, so the wait returns
/// as soon as `known` completes, like `wait` for that generation (what the
/// deadlock simulation assumes; [`parity_lapped`] checks the premise).
/// With the other parity (`known - 1`'s), the test succeeds at once while
/// `c == known`, which holds until generation `known` completes: under the
/// same premise (for `known - 1 + 1`) the wait returns at once, a wait for
/// the completed generation `known - 1` (it orders what that generation
/// orders, which completed before). The initial phase before generation 0
/// is the producer-start idiom (wait for parity 1 on a fresh barrier).
fn parity_generation(known: i128, parity: i128) -> Option<i128> {
    if !matches!(parity, 0 | 1) {
        return None;
    }
    Some(if known.rem_euclid(2) == parity {
        known
    } else {
        known - 1
    })
}

/// Most targets (generations) whose predecessors [`parity_lapped`] walks.
const MAX_PARITY_TARGETS: usize = 4096;

/// Why a wait by phase parity may not be the wait for its recorded
/// generation `g` (see [`parity_generation`]): generation `g + 1` of its
/// barrier may complete before it returns, which holds unless an arrival
/// of that generation happens after the wait (program order, arrivals and
/// completed waits: the graph of [`happens_before`], where a wait's only
/// successor is the thread's next operation) or it has no arrival at all.
/// Otherwise the barrier may go on to generation `g + 2` of the same
/// parity while the thread sleeps, and the wait then waits for that one.
fn parity_lapped(
    traces: &[Vec<Event>],
    offset: &[usize],
    completions: &HashMap<(i128, i128), usize>,
    succ: &[Vec<usize>],
) -> Option<String> {
    if !traces.iter().flatten().any(|e| e.parity) {
        return None;
    }
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); succ.len()];
    for (n, list) in succ.iter().enumerate() {
        for &m in list {
            pred[m].push(n);
        }
    }
    // Per completion node: the nodes from which it can be reached.
    let mut reaches: HashMap<usize, Vec<bool>> = HashMap::default();
    for (t, trace) in traces.iter().enumerate() {
        for (i, e) in trace.iter().enumerate().filter(|(_, e)| e.parity) {
            let Some(&next) = completions.get(&(e.barrier, e.generation + 1)) else {
                continue;
            };
            if pred[next].is_empty() {
                // No arrival of that generation: it never completes.
                continue;
            }
            if !reaches.contains_key(&next) && reaches.len() >= MAX_PARITY_TARGETS {
                return Some("too many waits by phase parity to check".into());
            }
            let from = reaches.entry(next).or_insert_with(|| {
                let mut seen = vec![false; succ.len()];
                let mut stack = vec![next];
                seen[next] = true;
                while let Some(n) = stack.pop() {
                    for &p in &pred[n] {
                        if !seen[p] {
                            seen[p] = true;
                            stack.push(p);
                        }
                    }
                }
                seen
            });
            if !from[offset[t] + i] {
                return Some(format!(
                    "thread {t} (warp {}) waits by phase parity for generation {} of {}, but generation {} may complete before it returns (no arrival of it is ordered after the wait), and the wait would then wait for generation {} too",
                    t / 32,
                    e.generation,
                    barrier_name(e.barrier),
                    e.generation + 1,
                    e.generation + 2
                ));
            }
        }
    }
    None
}

fn recycling(e: &Event, first: &Event, message: String) -> Finding {
    let _ = (e.stmt, first.stmt);
    Finding {
        kind: DiagnosticKind::BarrierRecycling,
        message,
        span: e.span,
        related: if first.span == e.span {
            Vec::new()
        } else {
            vec![(
                first.span,
                "the pending generation's earlier arrival".into(),
            )]
        },
        race: None,
        divergence: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(op: NamedOp, barrier: i128, count: i128) -> Event {
        Event {
            stmt: StmtId(0),
            span: Span::default(),
            op,
            barrier,
            count: Some(count),
            token: None,
            named: true,
            iters: Vec::new(),
            generation: 0,
            parity: false,
        }
    }

    #[test]
    fn parity_waits_name_the_generation_their_thread_knows_next() {
        // Parity of the first phase not known complete: that phase.
        assert_eq!(parity_generation(0, 0), Some(0));
        assert_eq!(parity_generation(3, 1), Some(3));
        // The other parity: the phase before it (already complete), -1
        // before the first.
        assert_eq!(parity_generation(0, 1), Some(-1));
        assert_eq!(parity_generation(3, 0), Some(2));
        assert_eq!(parity_generation(2, 2), None);
    }

    #[test]
    fn a_parity_wait_the_barrier_may_lap_is_reported() {
        // Thread 0 arrives at barrier 16 (count 1), waits for that
        // generation and arrives again; thread 1 waits by parity for
        // generation 0: nothing orders generation 1's arrival after its
        // wait.
        let arrive = |g| Event {
            generation: g,
            ..ev(NamedOp::Arrive, 16, 1)
        };
        let wait = Event {
            parity: true,
            token: Some(0),
            ..ev(NamedOp::Wait, 16, 1)
        };
        let own_wait = Event {
            token: Some(0),
            ..ev(NamedOp::Wait, 16, 1)
        };
        let lapped = vec![vec![arrive(0), own_wait, arrive(1)], vec![wait.clone()]];
        assert!(happens_before(&lapped).is_err());
        // With generation 1 arriving only after the wait (thread 1 itself
        // arrives for it), the wait is exact.
        let ordered = vec![
            vec![arrive(0)],
            vec![
                wait,
                Event {
                    generation: 1,
                    ..ev(NamedOp::Arrive, 16, 1)
                },
            ],
        ];
        assert!(happens_before(&ordered).is_ok());
    }

    #[test]
    fn matched_counts_complete() {
        let traces = vec![
            vec![ev(NamedOp::Arrive, 1, 2)],
            vec![ev(NamedOp::Sync, 1, 2)],
        ];
        assert!(simulate(&traces, false, 2).is_none());
        assert!(simulate(&traces, true, 2).is_none());
    }

    #[test]
    fn short_count_deadlocks() {
        let traces = vec![vec![ev(NamedOp::Sync, 1, 3)], vec![ev(NamedOp::Sync, 1, 3)]];
        let f = simulate(&traces, false, 2).expect("deadlock");
        assert_eq!(f.kind, DiagnosticKind::BarrierDeadlock);
        assert!(
            f.message.contains("expects 3 threads but only 2"),
            "{}",
            f.message
        );
    }

    #[test]
    fn crossed_order_deadlocks() {
        let traces = vec![
            vec![ev(NamedOp::Sync, 1, 2), ev(NamedOp::Sync, 2, 2)],
            vec![ev(NamedOp::Sync, 2, 2), ev(NamedOp::Sync, 1, 2)],
        ];
        let f = simulate(&traces, false, 2).expect("deadlock");
        assert_eq!(f.kind, DiagnosticKind::BarrierDeadlock);
    }

    #[test]
    fn double_arrival_is_recycling() {
        let traces = vec![
            vec![ev(NamedOp::Arrive, 1, 2), ev(NamedOp::Arrive, 1, 2)],
            vec![ev(NamedOp::Sync, 1, 2), ev(NamedOp::Sync, 1, 2)],
        ];
        let f = simulate(&traces, false, 2).expect("recycling");
        assert_eq!(f.kind, DiagnosticKind::BarrierRecycling);
    }

    fn at(stmt: u32, generation: i128, iters: &[(u32, u64)]) -> Event {
        Event {
            stmt: StmtId(stmt),
            generation,
            iters: iters.iter().map(|(l, k)| (StmtId(*l), *k)).collect(),
            ..ev(NamedOp::Sync, 1, 2)
        }
    }

    #[test]
    fn pipeline_commits_ahead_of_the_loop_fit_with_offsets() {
        // Commit k + 2 of a three-stage pipeline in iteration k: stage
        // (k + 2) % 3 (barriers 18, 16, 17, ...), phase (k + 2) / 3.
        let trips: HashMap<StmtId, u64> = [(StmtId(9), 9)].into_iter().collect();
        let one: Vec<Event> = (0..9u64)
            .map(|k| Event {
                barrier: 16 + i128::from((k + 2) % 3),
                ..at(5, i128::from(k.div_ceil(3)), &[(9, k)])
            })
            .collect();
        let all = vec![one.clone(), one.clone()];
        let events: Vec<&Event> = all.iter().flatten().collect();
        let fit = fit_one(&all, StmtId(5), &events, &trips).expect("fits");
        assert_eq!((fit.base, fit.barrier_base), (0, 18));
        let l = &fit.loops[0];
        assert_eq!((l.modulus, l.stride), (3, 1));
        assert_eq!(l.offsets, vec![0, 1, 1]);
        assert_eq!(l.barrier_offsets, vec![0, -2, -1]);
        for k in 0..9u64 {
            let expected = (i128::from(k.div_ceil(3)), 16 + i128::from((k + 2) % 3));
            assert_eq!(fit.at(&[k]), Some(expected));
        }
        // One thread a phase behind in the last iteration: no fit.
        let mut late = one.clone();
        late[8].generation += 1;
        let skewed = vec![one, late];
        let events: Vec<&Event> = skewed.iter().flatten().collect();
        assert!(fit_one(&skewed, StmtId(5), &events, &trips).is_none());
    }

    #[test]
    fn loop_generations_fit_when_affine_and_regular() {
        let trips: HashMap<StmtId, u64> = [(StmtId(9), 3)].into_iter().collect();
        // Two threads, one arrival per iteration after one before the loop.
        let one: Vec<Event> = (0..3).map(|k| at(5, 1 + k as i128, &[(9, k)])).collect();
        let all = vec![one.clone(), one.clone()];
        let events: Vec<&Event> = all.iter().flatten().collect();
        let fit = fit_one(&all, StmtId(5), &events, &trips).expect("fits");
        assert_eq!(fit.base, 1);
        assert_eq!(
            fit.loops,
            vec![LoopFit {
                stmt: StmtId(9),
                modulus: 1,
                stride: 1,
                barrier_stride: 0,
                offsets: Vec::new(),
                barrier_offsets: Vec::new(),
            }]
        );
        // Skipped in the last iteration by one thread: not regular.
        let short = vec![one.clone(), one[..2].to_vec()];
        let events: Vec<&Event> = short.iter().flatten().collect();
        assert!(fit_one(&short, StmtId(5), &events, &trips).is_none());
        // Generations 0, 1, 3: not affine, but a cycle of two with offsets
        // gives exactly the generation of every iteration that runs.
        let bent = vec![vec![
            at(5, 0, &[(9, 0)]),
            at(5, 1, &[(9, 1)]),
            at(5, 3, &[(9, 2)]),
        ]];
        let events: Vec<&Event> = bent.iter().flatten().collect();
        let fit = fit_one(&bent, StmtId(5), &events, &trips).expect("fits");
        for e in &bent[0] {
            assert_eq!(fit.at(&[e.iters[0].1]), Some((e.generation, e.barrier)));
        }
        // Different bases in two threads: no common function.
        let other: Vec<Event> = (0..3).map(|k| at(5, k as i128, &[(9, k)])).collect();
        let mixed = vec![one, other];
        let events: Vec<&Event> = mixed.iter().flatten().collect();
        assert!(fit_one(&mixed, StmtId(5), &events, &trips).is_none());
    }

    fn gen(op: NamedOp, barrier: i128, generation: i128) -> Event {
        Event {
            generation,
            token: (op == NamedOp::Wait).then_some(generation),
            ..ev(op, barrier, 2)
        }
    }

    #[test]
    fn recycling_in_a_schedule_neither_simulation_runs_is_found() {
        // Thread 0 arrives at barrier 1 twice with only a sync on barrier 2
        // (which thread 2 completes) in between: if thread 2 runs first,
        // thread 0's second arrival comes before thread 1's first one.
        let traces = vec![
            vec![
                gen(NamedOp::Arrive, 1, 0),
                gen(NamedOp::Sync, 2, 0),
                gen(NamedOp::Arrive, 1, 1),
            ],
            vec![gen(NamedOp::Sync, 1, 0), gen(NamedOp::Sync, 1, 1)],
            vec![gen(NamedOp::Arrive, 2, 0)],
        ];
        assert!(count_mismatch(&traces).is_none());
        assert!(simulate(&traces, false, 3).is_none());
        assert!(simulate(&traces, true, 3).is_none());
        let f = recycling_in_any_schedule(&traces)
            .expect("acyclic")
            .expect("recycling");
        assert_eq!(f.kind, DiagnosticKind::BarrierRecycling);
        // Waiting at barrier 1 in between makes every schedule safe.
        let safe = vec![
            vec![gen(NamedOp::Sync, 1, 0), gen(NamedOp::Sync, 1, 1)],
            vec![gen(NamedOp::Sync, 1, 0), gen(NamedOp::Arrive, 1, 1)],
        ];
        assert!(recycling_in_any_schedule(&safe).expect("acyclic").is_none());
    }

    #[test]
    fn stage_indexed_barriers_fit_with_a_modulus() {
        let trips: HashMap<StmtId, u64> = [(StmtId(9), 6)].into_iter().collect();
        // Barrier 1 + k % 2, generation k / 2: a two-stage pipeline.
        let one: Vec<Event> = (0..6u64)
            .map(|k| Event {
                barrier: 1 + i128::from(k % 2),
                ..at(5, i128::from(k / 2), &[(9, k)])
            })
            .collect();
        let all = vec![one];
        let events: Vec<&Event> = all.iter().flatten().collect();
        let fit = fit_one(&all, StmtId(5), &events, &trips).expect("fits");
        assert_eq!(fit.loops[0].modulus, 2);
        assert_eq!(fit.at(&[5]), Some((2, 2)));
    }

    #[test]
    fn periodic_values_fit() {
        // floor((k + 1) / 2) - 1: the other stage of a two-stage pipeline.
        let values = [-1, 0, 0, 1, 1, 2];
        let fit = fit_periodic(&values).expect("fits");
        assert_eq!((fit.modulus, fit.stride), (2, 1));
        assert_eq!(fit.table, vec![-1, 0]);
        assert!(fit_periodic(&[0, 1, 3, 7, 15, 31, 63, 127, 255, 511]).is_none());
    }

    #[test]
    fn warps_are_listed_compactly() {
        assert_eq!(warp_list(&[0, 31, 32, 64, 160]), "0-2, 5");
    }
}
