//! Pair decisions reused across the checks of one barrier synthesis.
//!
//! The synthesizer checks a kernel, then candidate placements that are the
//! same kernel with block barriers inserted. Inserting a block barrier never
//! creates a race: drop the barrier events from an execution of the kernel
//! with the barrier and what is left is an execution of the kernel without
//! it (a barrier has no effect on a thread's locals or on memory, it only
//! constrains the schedule), and two accesses that no barrier orders there
//! are ordered by none of the fewer barriers here. So a pair of accesses a
//! check proved race-free stays race-free in every kernel that only adds
//! block barriers to the one checked, under the same options; the check of
//! such a kernel skips the pair. A new barrier that diverges is still found:
//! the divergence check is not skipped. Kernels with asynchronous copies or
//! named barriers are not recorded (their barriers also complete copies and
//! count arrivals). A check may also rest on repeated reads returning one
//! value (`own_write::repeated_reads`): an inserted barrier between two of
//! them ends that, so such a kernel does not reuse the pairs (see
//! [`known_race_free`]).
//!
//! A candidate that also drops some of the checked kernel's block barriers
//! (the synthesizer moves barriers from round to round) reuses a pair
//! `(a, b)` when no dropped barrier can stand between the two accesses
//! within one of the candidate's barrier intervals ([`carried_over`]).
//! Theorem: let `K1` (block barriers `B1`) be checked with no divergence
//! and pair `p = (a, b)` proved race-free, and `K2` (block barriers `B2`)
//! have the same statements, options and repeated reads. If `K2` has a
//! race, the check of `K2` does not call it race-free. Take an execution of
//! `K2` with a race, and its first race (the one whose later access comes
//! first), on pair `q`. Before that access the execution is race-free:
//! every two conflicting accesses are ordered by barriers of `B2`, so every
//! schedule that keeps those orders gives each read the same value, and
//! the prefix runs in `K1` too (its barriers, aligned as the divergence
//! check proved, only add orders; a barrier changes no thread's state):
//! the same paths, values and addresses. (The checker's facts that rest
//! on barriers, such as the tickets of an `atomicAdd` on a counter a
//! barrier zeroed first, rest on the absence of an earlier race, so they
//! hold in that prefix in both kernels.) If no barrier of `B1` ran between
//! the two accesses of `q`, they race in `K1` as well, after a race-free
//! prefix: the check of `K1` did not prove `q` race-free. Otherwise a
//! barrier `x` of `B1` ran between them, not one of `B2` (that would order
//! them): `x` is in `D = B1 \ B2`, and, say `a` first, the thread of `a`
//! went from `a` to `x` and the thread of `b` from `x` to `b`, each without
//! passing a barrier of `B2` (none ran between the accesses): control-flow
//! paths `a -> x` and `x -> b` in `K2` with `x` inserted that pass no
//! barrier of `B2` (one that orders the pair's memory). A pair of `K1` is
//! carried over only if no such paths exist, in either order, for any `x`
//! of `D`; then no `x` ran between the accesses of `q`, the first case,
//! which is excluded. So `q` is not carried over: the check of `K2` asks
//! it, after a race-free prefix, and finds the race (or leaves it
//! undecided). A new barrier-dependent fact of the checker must keep this
//! property (it may assume only the absence of earlier races). (A barrier
//! of `K1` where `K2` has one of the same kind is taken as in `B2`: a
//! barrier next to it orders nothing more.) The divergence of `B2` is still
//! checked (a divergent candidate is not race-free whatever its pairs), and
//! `K1`'s check must have found none (the replay assumes aligned barriers).
//!
//! A pair that races in one scenario (same block or not, the loops whose
//! same iteration both threads are in, the warp relation: see
//! `symexec::Scenario`) may be proven race-free in its others; those
//! scenarios are reused too ([`known_race_free_scenarios`]), in a kernel
//! that only adds block barriers to the checked one (not across dropped
//! barriers, not from kept decisions). Theorem: let `K2` be `K1` with block
//! barriers inserted, and the race query of pair `(a, b)` in scenario `S`
//! unsatisfiable in the check of `K1`. A scenario is a set of pairs of
//! dynamic instances of `a` and `b` (their threads' blocks and warps, the
//! iterations of the loops they are in), fixed by the two instances alone.
//! Take an execution of `K2` with a race of `(a, b)` in `S`, and its first
//! race, on pair `q`: as in the theorem above, its race-free prefix runs in
//! `K1` with the same paths, values and instances, and no barrier of `K1`
//! (all of them `K2`'s) ran between the two accesses of `q`, so they race
//! in `K1` as well. If `q` is `(a, b)` in `S`, the query of `K1` was
//! satisfiable, excluded; otherwise the check of `K2` asks `q` (or reuses
//! only what is proven by these theorems) and finds that first race. So
//! skipping `(a, b)` in `S` never hides a race of `K2`: some race is still
//! reported. The symbolic execution and every fact of the query but those
//! that order the accesses by barriers are the same in both kernels (a
//! block barrier changes no variable and assumes nothing), and `K2`'s
//! barriers only add orders. An unsatisfiability that rests on the
//! last-block idiom (an assumption the report states) is not recorded.
//!
//! The loop-head invariants a check's searches proved (or gave up on) are
//! reused too ([`known_invariants`]): in the symbolic execution a block
//! barrier changes no variable and assumes nothing, so in a kernel that
//! differs only in its block barriers (same statements, options and
//! repeated reads) a loop's entry and step formulas are the ones the search
//! decided.
//!
//! The decisions of a synthesis's scope are kept for the re-check of the
//! text it writes ([`with_pair_reuse_kept`], [`with_kept_decisions`]). That
//! text is lowered again, so its statements have other labels and source
//! ranges: a kept kernel is matched to a checked one by pairing their
//! statements other than block barriers in order ([`relabeled`]), renamed,
//! and then compared as above.

use crate::base::HashSet;
use std::cell::RefCell;

use super::symexec::InvariantMemo;

use crate::analysis::intervals::Blocking;
use crate::config::CheckOptions;
use crate::ir::{BarrierScope, Block, Kernel, MemSpace, Stmt, StmtId, StmtKind};

/// A pair of accesses, the smaller label first.
pub(crate) type PairKey = (StmtId, StmtId);

/// The pair key of two accesses in either order.
pub(crate) fn pair_key(a: StmtId, b: StmtId) -> PairKey {
    if a.0 <= b.0 {
        (a, b)
    } else {
        (b, a)
    }
}

/// A pair's scenario: its two accesses (the first thread's, the second's)
/// and the executions of the two threads the query considered.
pub(crate) type ScenarioKey = (StmtId, StmtId, super::symexec::Scenario);

/// Most kernels a scope keeps (the oldest is dropped first).
const MAX_ENTRIES: usize = 16;

/// Largest kernel (in statements) a scope records: comparing and cloning
/// stay a small share of a check.
const MAX_STATEMENTS: usize = 20_000;

/// A checked kernel, the pairs its check proved race-free and the results
/// of its loop-invariant searches.
#[derive(Clone)]
struct Entry {
    kernel: Kernel,
    opts: CheckOptions,
    race_free: HashSet<PairKey>,
    /// Scenarios of pairs whose race query it found unsatisfiable.
    race_free_scenarios: HashSet<ScenarioKey>,
    invariants: InvariantMemo,
    /// The check found no barrier divergence (and left none undecided).
    aligned: bool,
    /// Kept from a closed scope (see [`with_kept_decisions`]): its kernel
    /// comes from another lowering, and is matched to a checked kernel
    /// through [`relabeled`].
    foreign: bool,
}

/// The decisions of the checks of a closed scope (see
/// [`with_pair_reuse_kept`]), for the checks of [`with_kept_decisions`].
#[derive(Default)]
pub struct KeptDecisions(Vec<Entry>);

impl KeptDecisions {
    /// Adds `other`'s decisions.
    pub fn extend(&mut self, other: KeptDecisions) {
        self.0.extend(other.0);
    }

    /// How many checked kernels it holds.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

thread_local! {
    static SCOPE: RefCell<Option<Vec<Entry>>> = const { RefCell::new(None) };
}

/// Runs `f` with the checks it makes on this thread reusing each other's
/// race-free pairs (see the module's documentation). Nested scopes share
/// the outermost one.
pub fn with_pair_reuse<R>(f: impl FnOnce() -> R) -> R {
    /// Ends the scope (also when `f` panics).
    struct Scope;
    impl Drop for Scope {
        fn drop(&mut self) {
            SCOPE.with(|s| s.borrow_mut().take());
        }
    }
    let opened = SCOPE.with(|s| {
        let mut scope = s.borrow_mut();
        let fresh = scope.is_none();
        if fresh {
            *scope = Some(Vec::new());
        }
        fresh
    });
    #[allow(clippy::unnecessary_lazy_evaluations)]
    let _scope = opened.then(|| Scope);
    f()
}

/// [`with_pair_reuse`], also returning the decisions its checks recorded
/// (none when a scope was open already: they stay in that one).
pub fn with_pair_reuse_kept<R>(f: impl FnOnce() -> R) -> (R, KeptDecisions) {
    let opens = SCOPE.with(|s| s.borrow().is_none());
    with_pair_reuse(|| {
        let result = f();
        let kept = if opens {
            SCOPE.with(|s| s.borrow_mut().as_mut().map(std::mem::take))
        } else {
            None
        };
        (result, KeptDecisions(kept.unwrap_or_default()))
    })
}

/// Runs `f` in a reuse scope that starts with `kept`, the decisions of the
/// checks of another scope (a synthesis, whose kernels come from another
/// lowering of the text: the re-check of the text it writes). A check in
/// it reuses such a decision only in a kernel that is the decided one but
/// for statement labels, source ranges and block barriers (see
/// [`relabeled`]), by the module's theorems. Nested in an open scope, `f`
/// runs in that one and `kept` is not used.
pub fn with_kept_decisions<R>(kept: &KeptDecisions, f: impl FnOnce() -> R) -> R {
    let opens = SCOPE.with(|s| s.borrow().is_none());
    with_pair_reuse(|| {
        if opens {
            SCOPE.with(|s| {
                if let Some(entries) = s.borrow_mut().as_mut() {
                    entries.extend(kept.0.iter().map(|e| Entry {
                        foreign: true,
                        ..e.clone()
                    }));
                }
            });
        }
        f()
    })
}

/// Whether a check of `kernel` may record or reuse pair decisions.
fn eligible(kernel: &Kernel) -> bool {
    if !kernel.asyncs.accesses.is_empty() || super::named::has_named_barriers(kernel) {
        return false;
    }
    let mut count = 0usize;
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |_| count += 1);
    count <= MAX_STATEMENTS
}

/// Calls `f` on each entry of the open scope whose kernel differs from
/// `kernel` only in its block barriers, under the same options (none
/// without a scope).
fn for_each_base(kernel: &Kernel, opts: &CheckOptions, mut f: impl FnMut(&Entry)) {
    SCOPE.with(|s| {
        let scope = s.borrow();
        let Some(entries) = scope.as_ref() else {
            return;
        };
        if entries.is_empty() || !eligible(kernel) {
            return;
        }
        let repeats = super::own_write::repeated_reads(kernel);
        for e in entries {
            let relabeled_entry;
            let e = if e.foreign {
                match relabeled(e, kernel, opts) {
                    Some(r) => {
                        relabeled_entry = r;
                        &relabeled_entry
                    }
                    None => continue,
                }
            } else {
                e
            };
            // A pair proved race-free may rest on the equal values of
            // repeated reads (`own_write::repeated_reads`); a barrier the
            // kernel adds between two such reads lets another thread's write
            // change the value without a race there, so the proof carries
            // over only when every repeat of the checked kernel is one here.
            // (The same holds of an invariant: the reads' values enter the
            // loop's formulas.)
            if e.opts == *opts
                && same_but_block_barriers(&e.kernel, kernel)
                && super::own_write::repeated_reads(&e.kernel) == repeats
            {
                f(e);
            }
        }
    })
}

/// The pairs that checks of the open scope proved race-free in kernels
/// that differ from `kernel` only in block barriers, under the same
/// options, and that stay race-free in `kernel`: all of them where
/// `kernel` only adds barriers, else those [`carried_over`] keeps (empty
/// without a scope).
pub(crate) fn known_race_free(kernel: &Kernel, opts: &CheckOptions) -> HashSet<PairKey> {
    let mut known = HashSet::default();
    for_each_base(kernel, opts, |e| {
        if adds_only_block_barriers(&e.kernel, kernel) {
            known.extend(e.race_free.iter().copied());
        } else if e.aligned {
            known.extend(carried_over(e, kernel));
        }
    });
    known
}

/// The scenarios of pairs that checks of the open scope found
/// unsatisfiable in kernels of which `kernel` only adds block barriers,
/// under the same options (see the module's documentation; empty without a
/// scope, and from kept decisions).
pub(crate) fn known_race_free_scenarios(
    kernel: &Kernel,
    opts: &CheckOptions,
) -> HashSet<ScenarioKey> {
    let mut known = HashSet::default();
    for_each_base(kernel, opts, |e| {
        if !e.race_free_scenarios.is_empty() && adds_only_block_barriers(&e.kernel, kernel) {
            known.extend(e.race_free_scenarios.iter().cloned());
        }
    });
    known
}

/// The pairs of `e` that stay race-free in `kernel`, which has the same
/// statements as `e`'s kernel but not all its block barriers: those that
/// no barrier of `e`'s kernel missing in `kernel` can stand between (see
/// the module's documentation).
fn carried_over(e: &Entry, kernel: &Kernel) -> Vec<PairKey> {
    let (union, dropped) = with_barriers_of(kernel, &e.kernel);
    if dropped.is_empty() {
        return e.race_free.iter().copied().collect();
    }
    let cfg = crate::analysis::intervals::Cfg::new(&union);
    let spaces = access_spaces(kernel);
    // Statements before and after each dropped barrier, per blocking modes.
    let mut around: crate::base::HashMap<(StmtId, Vec<Blocking>), Option<Around>> =
        crate::base::HashMap::default();
    let mut kept = Vec::new();
    for &(a, b) in &e.race_free {
        let (Some(sa), Some(sb)) = (spaces.get(&a), spaces.get(&b)) else {
            continue;
        };
        // A barrier blocks the pair's paths only if it orders the memory of
        // both accesses.
        let mut modes = vec![Blocking::for_space(*sa), Blocking::for_space(*sb)];
        modes.sort_by_key(|m| matches!(m, Blocking::Global));
        modes.dedup();
        let separated = dropped.iter().all(|&x| {
            let sets = around
                .entry((x, modes.clone()))
                .or_insert_with(|| cfg.around_barrier(x, &modes, &dropped));
            let Some((before, after)) = sets else {
                return false;
            };
            let between =
                |first: &StmtId, second: &StmtId| before.contains(first) && after.contains(second);
            !between(&a, &b) && !between(&b, &a)
        });
        if separated {
            kept.push((a, b));
        }
    }
    kept
}

/// The statements before a barrier (a path from them reaches it) and after
/// it (a path from it reaches them), see `Cfg::around_barrier`.
type Around = (HashSet<StmtId>, HashSet<StmtId>);

/// The memory space of each access of `kernel`, by label.
fn access_spaces(kernel: &Kernel) -> crate::base::HashMap<StmtId, MemSpace> {
    let mut out = crate::base::HashMap::default();
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        if let StmtKind::Read { access, .. }
        | StmtKind::Write { access, .. }
        | StmtKind::Atomic { access, .. } = &s.kind
        {
            if let Some(d) = kernel.arrays.get(access.array.0 as usize) {
                out.insert(s.id, d.space);
            }
        }
    });
    out
}

/// The results of the loop-invariant searches of checks of the open scope
/// in kernels of which `kernel` only adds block barriers, under the same
/// options (empty without a scope); where two give one loop different
/// results, the first that proved any candidate (each is a proof about
/// `kernel`'s loop, see the module's documentation).
pub(crate) fn known_invariants(kernel: &Kernel, opts: &CheckOptions) -> InvariantMemo {
    let mut known = InvariantMemo::default();
    for_each_base(kernel, opts, |e| {
        for (key, found) in &e.invariants {
            match known.get(key) {
                Some((_, proven)) if !proven.is_empty() || found.1.is_empty() => {}
                _ => {
                    known.insert(*key, found.clone());
                }
            }
        }
    });
    known
}

/// Records, in the open scope, that a check of `kernel` under `opts`
/// proved the pairs `race_free` race-free and the pairs' scenarios
/// `race_free_scenarios` unsatisfiable, and the results `invariants` of
/// its loop-invariant searches; `aligned` when it found no barrier
/// divergence.
pub(crate) fn remember_check(
    kernel: &Kernel,
    opts: &CheckOptions,
    race_free: HashSet<PairKey>,
    race_free_scenarios: HashSet<ScenarioKey>,
    invariants: InvariantMemo,
    aligned: bool,
) {
    let open = SCOPE.with(|s| s.borrow().is_some());
    let nothing = race_free.is_empty() && race_free_scenarios.is_empty() && invariants.is_empty();
    if !open || nothing || !eligible(kernel) {
        return;
    }
    SCOPE.with(|s| {
        if let Some(entries) = s.borrow_mut().as_mut() {
            if entries.len() >= MAX_ENTRIES {
                entries.remove(0);
            }
            entries.push(Entry {
                kernel: kernel.clone(),
                opts: opts.clone(),
                race_free,
                race_free_scenarios,
                invariants,
                aligned,
                foreign: false,
            });
        }
    });
}

/// Whether `big` is `small` with block barriers inserted, and nothing else
/// changed: the same statements with the same labels in the same structure,
/// the same declarations. Source ranges are not compared (they only name
/// statements in messages); the labels of barriers are not either (a pair
/// decision is keyed by its accesses' labels).
pub fn adds_only_block_barriers(small: &Kernel, big: &Kernel) -> bool {
    same_declarations(small, big) && block_adds_barriers(&small.body, &big.body)
}

/// Whether `a` and `b` are the same kernel but for their block barriers:
/// the same other statements with the same labels in the same structure,
/// the same declarations (source ranges and barrier labels aside).
pub fn same_but_block_barriers(a: &Kernel, b: &Kernel) -> bool {
    same_declarations(a, b) && same_block_but_barriers(&a.body, &b.body)
}

/// Every field of two kernels but the body (and the next free label, which
/// inserting barriers moves) is equal.
fn same_declarations(small: &Kernel, big: &Kernel) -> bool {
    // Every field but the body (and the next free label, which inserting
    // barriers moves) must be equal; listed in full so that a new field
    // is considered here.
    let Kernel {
        name,
        lang,
        name_span: _,
        span: _,
        params,
        arrays,
        vars,
        body: _,
        launch_bounds,
        required_block,
        is_template,
        notes: _,
        next_stmt_id: _,
        asyncs,
        template_params,
        explicit_instantiations,
        uses_volatile,
        layout_assumption,
        warp_broadcasts,
        warp_masks,
        sub_group_broadcasts,
        // How launches are matched to the kernel: not read by the checker.
        arity: _,
        rivals: _,
        non_decreasing,
        // Which entry facts race queries defer: the same answers either
        // way (a deferred fact joins every query not unsat without it).
        deferred_assumes: _,
        instance,
        // Which launches are the instance's: not read by the checker.
        other_instances: _,
        // How the front end merged struct fields, for the launch plan to
        // undo: not read by the checker (the body shows the merge).
        field_aliases: _,
        field_origins: _,
    } = small;
    *name == big.name
        && *lang == big.lang
        && *params == big.params
        && *arrays == big.arrays
        && *vars == big.vars
        && *launch_bounds == big.launch_bounds
        && *required_block == big.required_block
        && *is_template == big.is_template
        && *asyncs == big.asyncs
        && *template_params == big.template_params
        && *explicit_instantiations == big.explicit_instantiations
        && *uses_volatile == big.uses_volatile
        && *layout_assumption == big.layout_assumption
        && *warp_broadcasts == big.warp_broadcasts
        && *warp_masks == big.warp_masks
        && *sub_group_broadcasts == big.sub_group_broadcasts
        && *non_decreasing == big.non_decreasing
        && *instance == big.instance
}

/// `e` (kept from another lowering) restated in the labels of `kernel`,
/// when its kernel is `kernel` but for statement labels, source ranges and
/// block barriers: the statements other than block barriers pair up in
/// order with the same kinds and structure, and the declarations are equal
/// but for their source ranges (None otherwise, and for kernels with
/// asynchronous copies). The result's kernel has `e`'s statements under
/// their counterparts' labels (its block barriers under fresh ones) and
/// `kernel`'s declarations, and its decisions are renamed the same way.
/// Its options must be `opts` but for the kernel budget (a synthesis runs
/// with what the front end left of it), which bounds the solver's work
/// only: a pair proven race-free under any budget is race-free. Of its
/// loop-invariant searches only those that proved candidates are kept (a
/// search that gave up under the synthesis's smaller share of work is
/// made again).
///
/// Sound: labels and source ranges name statements, they are no part of
/// what a kernel does (the checker's formulas are built from statement
/// kinds, expressions and declarations), so a kernel and its renaming have
/// the same executions, and a pair one check proved race-free in `e`'s
/// kernel is race-free in the renamed one; from there the module's
/// theorems carry it to `kernel` as for a kernel of the same lowering
/// (`for_each_base` compares the renamed kernel as it does any other).
fn relabeled(e: &Entry, kernel: &Kernel, opts: &CheckOptions) -> Option<Entry> {
    let from = &e.kernel;
    let same_options = CheckOptions {
        kernel_budget_ms: opts.kernel_budget_ms,
        ..e.opts.clone()
    } == *opts;
    if !same_options || !same_declarations_but_ranges(from, kernel) {
        return None;
    }
    let mut map: crate::base::HashMap<StmtId, StmtId> = crate::base::HashMap::default();
    if !pair_blocks(&from.body, &kernel.body, &mut map) {
        return None;
    }
    // Kernel-level lists that name statements must name counterparts.
    let broadcasts = |list: &[(StmtId, Vec<crate::ir::Expr>)]| -> Option<Vec<_>> {
        list.iter()
            .map(|(id, x)| Some((*map.get(id)?, x.clone())))
            .collect()
    };
    if broadcasts(&from.warp_broadcasts)? != kernel.warp_broadcasts
        || broadcasts(&from.sub_group_broadcasts)? != kernel.sub_group_broadcasts
    {
        return None;
    }
    let swaps: Option<Vec<crate::ir::StmtSwap>> = from
        .layout_assumption
        .iter()
        .map(|(id, a, b)| Some((*map.get(id)?, a.clone(), b.clone())))
        .collect();
    if swaps? != kernel.layout_assumption {
        return None;
    }
    let mut next = kernel.next_stmt_id;
    let mut body = from.body.clone();
    relabel_block(&mut body, &map, &mut next);
    let renamed = Kernel {
        body,
        next_stmt_id: next,
        ..kernel.clone()
    };
    let race_free = e
        .race_free
        .iter()
        .filter_map(|(a, b)| Some(pair_key(*map.get(a)?, *map.get(b)?)))
        .collect();
    let invariants = e
        .invariants
        .iter()
        .filter(|(_, (_, proven))| !proven.is_empty())
        .filter_map(|((id, thread), found)| Some(((*map.get(id)?, *thread), found.clone())))
        .collect();
    Some(Entry {
        kernel: renamed,
        opts: opts.clone(),
        race_free,
        // Reused only in the checks of the synthesis that proved them.
        race_free_scenarios: HashSet::default(),
        invariants,
        aligned: e.aligned,
        foreign: false,
    })
}

/// The declarations of two kernels are equal but for source ranges (see
/// [`same_declarations`]); neither has asynchronous copies.
fn same_declarations_but_ranges(a: &Kernel, b: &Kernel) -> bool {
    let arrays = |k: &Kernel| -> Vec<crate::ir::ArrayDecl> {
        k.arrays
            .iter()
            .map(|d| crate::ir::ArrayDecl {
                span: crate::ir::Span::default(),
                ..d.clone()
            })
            .collect()
    };
    let vars = |k: &Kernel| -> Vec<(String, crate::ir::ScalarTy)> {
        k.vars.iter().map(|v| (v.name.clone(), v.ty)).collect()
    };
    let no_asyncs = |k: &Kernel| k.asyncs == crate::ir::AsyncInfo::default();
    a.name == b.name
        && a.lang == b.lang
        && a.params == b.params
        && arrays(a) == arrays(b)
        && vars(a) == vars(b)
        && a.launch_bounds == b.launch_bounds
        && a.required_block == b.required_block
        && a.is_template == b.is_template
        && no_asyncs(a)
        && no_asyncs(b)
        && a.template_params == b.template_params
        && a.explicit_instantiations == b.explicit_instantiations
        && a.uses_volatile == b.uses_volatile
        // The bodies' masked warp barriers name these by index.
        && a.warp_masks == b.warp_masks
}

/// The statements of `a` and `b` other than block barriers pair up (same
/// kinds and structure, labels aside); `map` gets each label of `a`'s
/// paired to its counterpart's.
fn pair_blocks(a: &Block, b: &Block, map: &mut crate::base::HashMap<StmtId, StmtId>) -> bool {
    PairedLabels(map).blocks(a, b)
}

/// Renames the statements of `block` by `map`; those it does not name (the
/// block barriers) get fresh labels from `next` on.
fn relabel_block(block: &mut Block, map: &crate::base::HashMap<StmtId, StmtId>, next: &mut u32) {
    for s in &mut block.stmts {
        s.id = match map.get(&s.id) {
            Some(&id) => id,
            None => {
                let id = StmtId(*next);
                *next += 1;
                id
            }
        };
        match &mut s.kind {
            StmtKind::If { then_, else_, .. } => {
                relabel_block(then_, map, next);
                relabel_block(else_, map, next);
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                relabel_block(cond_prelude, map, next);
                relabel_block(body, map, next);
                relabel_block(step, map, next);
            }
            _ => {}
        }
    }
}

fn is_block_barrier(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::Barrier {
            scope: BarrierScope::Block,
            ..
        }
    )
}

/// `big` is `small` with block barriers inserted.
fn block_adds_barriers(small: &Block, big: &Block) -> bool {
    AddsBarriers.blocks(small, big)
}

/// The statements of `a` and `b` other than block barriers pair up (see
/// [`same_but_block_barriers`]).
fn same_block_but_barriers(a: &Block, b: &Block) -> bool {
    SameLabels.blocks(a, b)
}

/// How two statements must relate to count as the same one: their labels
/// (equal, or paired up) and the blocks of an `if` or a loop (the same
/// statements with or without block barriers). One walk of the statement
/// kinds ([`same_shape`]) serves each relation.
trait StmtRelation {
    /// Whether label `a` may stand for label `b`.
    fn labels(&mut self, a: StmtId, b: StmtId) -> bool;
    /// Whether block `a` relates to block `b`.
    fn blocks(&mut self, a: &Block, b: &Block) -> bool;
}

/// The same labels, block barriers ignored.
struct SameLabels;

/// The same labels; the second block may have more block barriers.
struct AddsBarriers;

/// Labels paired up (recorded in the map), block barriers ignored.
struct PairedLabels<'m>(&'m mut crate::base::HashMap<StmtId, StmtId>);

/// Whether the statements of `a` and `b` other than block barriers relate
/// one to one, in order.
fn zip_but_barriers(a: &Block, b: &Block, rel: &mut impl StmtRelation) -> bool {
    let mut a = a.stmts.iter().filter(|s| !is_block_barrier(s));
    let mut b = b.stmts.iter().filter(|s| !is_block_barrier(s));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if same_shape(x, y, rel) => {}
            _ => return false,
        }
    }
}

impl StmtRelation for SameLabels {
    fn labels(&mut self, a: StmtId, b: StmtId) -> bool {
        a == b
    }
    fn blocks(&mut self, a: &Block, b: &Block) -> bool {
        zip_but_barriers(a, b, self)
    }
}

impl StmtRelation for PairedLabels<'_> {
    fn labels(&mut self, a: StmtId, b: StmtId) -> bool {
        self.0.insert(a, b).is_none()
    }
    fn blocks(&mut self, a: &Block, b: &Block) -> bool {
        zip_but_barriers(a, b, self)
    }
}

impl StmtRelation for AddsBarriers {
    fn labels(&mut self, a: StmtId, b: StmtId) -> bool {
        a == b
    }
    /// Greedy: barriers of the same kind are interchangeable, so matching
    /// the first one is as good as any.
    fn blocks(&mut self, small: &Block, big: &Block) -> bool {
        let mut rest = small.stmts.iter().peekable();
        for s in &big.stmts {
            match rest.peek() {
                Some(t) if stmt_adds_barriers(t, s) => {
                    rest.next();
                }
                _ if is_block_barrier(s) => {}
                _ => return false,
            }
        }
        rest.next().is_none()
    }
}

/// Whether `a` and `b` are the same statement under `rel`: related labels,
/// the same kind and expressions, and related blocks of an `if` or a loop
/// (the same condition and form).
fn same_shape(a: &Stmt, b: &Stmt, rel: &mut impl StmtRelation) -> bool {
    if !rel.labels(a.id, b.id) {
        return false;
    }
    match (&a.kind, &b.kind) {
        (
            StmtKind::If {
                cond: c1,
                then_: t1,
                else_: e1,
            },
            StmtKind::If {
                cond: c2,
                then_: t2,
                else_: e2,
            },
        ) => c1 == c2 && rel.blocks(t1, t2) && rel.blocks(e1, e2),
        (
            StmtKind::Loop {
                cond: c1,
                cond_prelude: p1,
                body: b1,
                step: s1,
                form: f1,
            },
            StmtKind::Loop {
                cond: c2,
                cond_prelude: p2,
                body: b2,
                step: s2,
                form: f2,
            },
        ) => c1 == c2 && f1 == f2 && rel.blocks(p1, p2) && rel.blocks(b1, b2) && rel.blocks(s1, s2),
        (k1, k2) => k1 == k2,
    }
}

/// `kernel` (of the same statements as `other`, see
/// [`same_but_block_barriers`]) with the block barriers of `other` that it
/// lacks inserted where they stand in `other`, under fresh labels: the
/// union of their barrier placements, and the labels of the inserted
/// barriers.
fn with_barriers_of(kernel: &Kernel, other: &Kernel) -> (Kernel, HashSet<StmtId>) {
    let mut union = kernel.clone();
    let mut next = kernel.next_stmt_id.max(other.next_stmt_id);
    let mut added = HashSet::default();
    merge_barriers(&mut union.body, &other.body, &mut next, &mut added);
    union.next_stmt_id = next;
    (union, added)
}

/// Inserts into `block` a copy of each block barrier of `other` at the
/// point (between two other statements) where it stands, unless `block`
/// has a barrier of the same kind (scope and fences) there, recursively.
fn merge_barriers(block: &mut Block, other: &Block, next: &mut u32, added: &mut HashSet<StmtId>) {
    // The block barriers of `other` before each of its other statements
    // (the last entry: after the last one).
    let mut gaps: Vec<Vec<&Stmt>> = vec![Vec::new()];
    let mut others: Vec<&Stmt> = Vec::new();
    for s in &other.stmts {
        if is_block_barrier(s) {
            gaps.last_mut().expect("a gap per statement").push(s);
        } else {
            others.push(s);
            gaps.push(Vec::new());
        }
    }
    let old = std::mem::take(&mut block.stmts);
    let mut gap = 0;
    // The kinds of `block`'s barriers at the current point.
    let mut here: Vec<StmtKind> = Vec::new();
    for mut s in old {
        if is_block_barrier(&s) {
            here.push(s.kind.clone());
            block.stmts.push(s);
            continue;
        }
        insert_missing(&mut block.stmts, gaps.get(gap), &here, next, added);
        here.clear();
        if let Some(o) = others.get(gap) {
            merge_children(&mut s, o, next, added);
        }
        gap += 1;
        block.stmts.push(s);
    }
    insert_missing(&mut block.stmts, gaps.get(gap), &here, next, added);
}

/// Appends to `out` a copy, under a fresh label, of each barrier of
/// `barriers` whose kind is not among `present`.
fn insert_missing(
    out: &mut Vec<Stmt>,
    barriers: Option<&Vec<&Stmt>>,
    present: &[StmtKind],
    next: &mut u32,
    added: &mut HashSet<StmtId>,
) {
    for b in barriers.into_iter().flatten() {
        if present.contains(&b.kind) {
            continue;
        }
        let mut copy = (*b).clone();
        copy.id = StmtId(*next);
        *next += 1;
        added.insert(copy.id);
        out.push(copy);
    }
}

/// [`merge_barriers`] into the blocks of `s` from those of `o` (the same
/// statement of the other kernel).
fn merge_children(s: &mut Stmt, o: &Stmt, next: &mut u32, added: &mut HashSet<StmtId>) {
    match (&mut s.kind, &o.kind) {
        (
            StmtKind::If { then_, else_, .. },
            StmtKind::If {
                then_: t2,
                else_: e2,
                ..
            },
        ) => {
            merge_barriers(then_, t2, next, added);
            merge_barriers(else_, e2, next, added);
        }
        (
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            },
            StmtKind::Loop {
                cond_prelude: p2,
                body: b2,
                step: s2,
                ..
            },
        ) => {
            merge_barriers(cond_prelude, p2, next, added);
            merge_barriers(body, b2, next, added);
            merge_barriers(step, s2, next, added);
        }
        _ => {}
    }
}

fn stmt_adds_barriers(small: &Stmt, big: &Stmt) -> bool {
    match (&small.kind, &big.kind) {
        (StmtKind::Barrier { .. }, StmtKind::Barrier { .. }) => small.kind == big.kind,
        _ => same_shape(small, big, &mut AddsBarriers),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::check::Verdict;
    use crate::config::LaunchConfig;

    /// The first kernel of a CUDA source text.
    pub(crate) fn lower(text: &str) -> Kernel {
        let program = crate::frontend::lower_source(
            std::path::Path::new("k.cu"),
            text,
            &crate::frontend::FsIncludes,
        );
        program.kernels[0].clone()
    }

    /// The kernel of `text` (one barrier) and the same kernel with the
    /// barrier removed (the other labels kept, as the synthesizer's base).
    fn with_and_without_barrier(text: &str) -> (Kernel, Kernel) {
        let with = lower(text);
        let mut barrier = None;
        crate::ir::walk::for_each_stmt(&with.body, &mut |s| {
            if is_block_barrier(s) {
                barrier = Some(s.id);
            }
        });
        let mut without = with.clone();
        crate::ir::walk::remove_stmt(&mut without, barrier.expect("a barrier"));
        (with, without)
    }

    fn opts() -> CheckOptions {
        CheckOptions {
            launch: LaunchConfig {
                block_dim: Some([64, 1, 1]),
                grid_dim: Some([1, 1, 1]),
                ..Default::default()
            },
            ..CheckOptions::default()
        }
    }

    /// `opts` with a grid of two blocks.
    fn with_two_blocks(opts: &CheckOptions) -> CheckOptions {
        CheckOptions {
            launch: LaunchConfig {
                grid_dim: Some([2, 1, 1]),
                ..opts.launch.clone()
            },
            ..opts.clone()
        }
    }

    const ORDERED: &str = "__global__ void k(int *a, int n) {\n  __shared__ int s[64];\n  if (n > 0) {\n    s[(threadIdx.x * 5) % 64] = a[threadIdx.x];\n    __syncthreads();\n    a[threadIdx.x] = s[63 - threadIdx.x];\n  }\n}\n";
    /// The same statements, but two threads write `s[0]`, `s[1]`, ...
    const HALVED: &str = "__global__ void k(int *a, int n) {\n  __shared__ int s[64];\n  if (n > 0) {\n    s[(threadIdx.x * 5) % 64 / 2] = a[threadIdx.x];\n    __syncthreads();\n    a[threadIdx.x] = s[63 - threadIdx.x];\n  }\n}\n";

    #[test]
    fn only_inserted_block_barriers_count_as_an_extension() {
        let (with, without) = with_and_without_barrier(ORDERED);
        assert!(adds_only_block_barriers(&without, &with));
        assert!(adds_only_block_barriers(&without, &without));
        // Removing a barrier is not an extension.
        assert!(!adds_only_block_barriers(&with, &without));
        // Nor is changing an access, whatever the barriers.
        let (halved, _) = with_and_without_barrier(HALVED);
        assert!(!adds_only_block_barriers(&without, &halved));
        // Nor a barrier of another kind (a warp barrier orders less).
        let warp = lower(&ORDERED.replace("__syncthreads", "__syncwarp"));
        assert!(!adds_only_block_barriers(&without, &warp));
    }

    /// Thread t stores its cell only when it reads 0 and then non-zero: race-free
    /// only because both reads return one value (`own_write::repeated_reads`).
    const REREAD: &str = "__global__ void k(int *a) {\n  __shared__ int s[64];\n  unsigned t = threadIdx.x;\n  s[t] = a[t];\n  for (unsigned k = 0; k < 64; ++k) {\n    __syncthreads();\n    if (s[t] == 0) {\n      __syncthreads();\n      if (s[k] != 0) {\n        s[t] = 1;\n      }\n    }\n  }\n}\n";

    #[test]
    fn a_barrier_between_repeated_reads_stops_the_reuse() {
        // The base (without the barrier between the reads) proves pairs
        // with the reads' equality; the candidate does not have it.
        let with = lower(REREAD);
        let mut between = None;
        crate::ir::walk::for_each_stmt(&with.body, &mut |s| {
            if let StmtKind::If { then_, .. } = &s.kind {
                if let Some(b) = then_.stmts.iter().find(|b| is_block_barrier(b)) {
                    between = Some(b.id);
                }
            }
        });
        let mut without = with.clone();
        crate::ir::walk::remove_stmt(&mut without, between.expect("the inner barrier"));
        assert!(adds_only_block_barriers(&without, &with));
        assert!(!super::super::own_write::repeated_reads(&without).is_empty());
        assert!(super::super::own_write::repeated_reads(&with).is_empty());
        let opts = opts();
        with_pair_reuse(|| {
            let base = crate::check::check_kernel(&without, &opts);
            assert_eq!(base.verdict, Verdict::RaceFree, "{base:?}");
            assert!(known_race_free(&with, &opts).is_empty());
            assert!(known_invariants(&with, &opts).is_empty());
            // A kernel that keeps the repeats does reuse them.
            assert!(!known_race_free(&without, &opts).is_empty());
        });
    }

    /// `j` only grows in the loop (by `a[i] & 3`, not a counter): its
    /// invariant `j >= t` (Houdini's `v >= v0`) makes the store under
    /// `j < t` dead.
    const GROWS: &str = "__global__ void k(const int *a, int *out, int n) {\n  __shared__ int s[64];\n  int t = threadIdx.x;\n  int j = t;\n  for (int i = 0; i < n; ++i) {\n    if (a[i] > 0) {\n      j = j + (a[i] & 3);\n    }\n  }\n  s[t] = a[t];\n  if (j < t) {\n    s[(t + 1) % 64] = 0;\n  }\n  __syncthreads();\n  out[t] = s[63 - t];\n}\n";

    #[test]
    fn a_candidate_inherits_the_loop_invariants_of_its_base() {
        let (with, without) = with_and_without_barrier(GROWS);
        let opts = opts();
        with_pair_reuse(|| {
            assert!(known_invariants(&with, &opts).is_empty());
            let base = crate::check::check_kernel(&without, &opts);
            assert_eq!(base.verdict, Verdict::Racy, "{base:?}");
            // The base's search proved `j >= t` for the loop, for each thread.
            let known = known_invariants(&with, &opts);
            assert_eq!(known.len(), 2, "{known:?}");
            assert!(known.values().all(|(_, proven)| !proven.is_empty()));
            let candidate = crate::check::check_kernel(&with, &opts);
            assert_eq!(candidate.verdict, Verdict::RaceFree, "{candidate:?}");
            // Not for a kernel that changes a statement (the store is live
            // once `j` may fall below `t`), nor under other options.
            let falls = lower(&GROWS.replace("j + (a[i] & 3)", "j - (a[i] & 3)"));
            assert!(known_invariants(&falls, &opts).is_empty());
            let racy = crate::check::check_kernel(&falls, &opts);
            assert_eq!(racy.verdict, Verdict::Racy, "{racy:?}");
            let two_blocks = with_two_blocks(&opts);
            assert!(known_invariants(&with, &two_blocks).is_empty());
        });
        // Without a scope nothing is kept.
        assert!(known_invariants(&with, &opts).is_empty());
    }

    /// A double buffer without its barrier: the read of one half races
    /// with the next iteration's store to it, never with this iteration's
    /// store (to the other half). A barrier at the end of the body orders
    /// the iterations; one after the loop does not.
    const DOUBLE_BUFFER: &str = "__global__ void k(const int *a, int *b, int n) {\n  __shared__ int s[128];\n  int t = threadIdx.x;\n  for (int i = 0; i < n; ++i) {\n    b[i * 64 + t] = s[((i + 1) % 2) * 64 + (t + 1) % 64];\n    s[(i % 2) * 64 + t] = a[i * 64 + t];\n    __syncthreads();\n  }\n}\n";
    /// Its racy twin: the barrier after the loop.
    const DOUBLE_BUFFER_AFTER: &str = "__global__ void k(const int *a, int *b, int n) {\n  __shared__ int s[128];\n  int t = threadIdx.x;\n  for (int i = 0; i < n; ++i) {\n    b[i * 64 + t] = s[((i + 1) % 2) * 64 + (t + 1) % 64];\n    s[(i % 2) * 64 + t] = a[i * 64 + t];\n  }\n  __syncthreads();\n}\n";

    #[test]
    fn a_candidate_reuses_the_scenarios_its_base_proved_race_free() {
        let opts = opts();
        let (with, without) = with_and_without_barrier(DOUBLE_BUFFER);
        with_pair_reuse(|| {
            let base = crate::check::check_kernel(&without, &opts);
            assert_eq!(base.verdict, Verdict::Racy, "{base:?}");
            // The read against the store races across iterations only: the
            // scenario in one iteration is proven, the pair is not.
            let read = access(&without, "s", false);
            let store = access(&without, "s", true);
            let known = known_race_free_scenarios(&with, &opts);
            assert!(
                known.iter().any(|(x, y, s)| {
                    pair_key(*x, *y) == pair_key(read, store) && !s.shared_loops.is_empty()
                }),
                "{known:?}"
            );
            assert!(!known_race_free(&with, &opts).contains(&pair_key(read, store)));
            let candidate = crate::check::check_kernel(&with, &opts);
            assert_eq!(candidate.verdict, Verdict::RaceFree, "{candidate:?}");
            // Not under other options, nor for a kernel that changes a
            // statement.
            assert!(known_race_free_scenarios(&with, &with_two_blocks(&opts)).is_empty());
            let other = lower(&DOUBLE_BUFFER.replace("(t + 1) % 64", "(t + 2) % 64"));
            assert!(known_race_free_scenarios(&other, &opts).is_empty());
        });
        // The racy twin: its candidate reuses the same scenarios and is
        // still racy (the race across iterations is asked again).
        let (after, without_after) = with_and_without_barrier(DOUBLE_BUFFER_AFTER);
        with_pair_reuse(|| {
            let base = crate::check::check_kernel(&without_after, &opts);
            assert_eq!(base.verdict, Verdict::Racy, "{base:?}");
            assert!(!known_race_free_scenarios(&after, &opts).is_empty());
            let candidate = crate::check::check_kernel(&after, &opts);
            assert_eq!(candidate.verdict, Verdict::Racy, "{candidate:?}");
        });
        // Without a scope nothing is kept.
        assert!(known_race_free_scenarios(&with, &opts).is_empty());
    }

    /// Two phases, each a store and a read of a shared array, with a
    /// barrier point after each store.
    /// The store of `s` against itself needs the solver (`(5t) % 64` is
    /// one-to-one on 64 threads), so the checks record their pairs.
    const PHASES: &str = "__global__ void k(const int *a, const int *c, int *b) {\n  __shared__ int s[64];\n  __shared__ int r[64];\n  int t = threadIdx.x;\n  s[(t * 5) % 64] = a[t];\n  __syncthreads();\n  b[t] = s[63 - t];\n  r[t] = c[t] + 1;\n  __syncthreads();\n  b[t + 64] = r[63 - t];\n}\n";

    /// The label of the access of `kernel` to array `name`, write or read.
    fn access(kernel: &Kernel, name: &str, write: bool) -> StmtId {
        let mut found = None;
        crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| match &s.kind {
            StmtKind::Write { access, .. } | StmtKind::Read { access, .. }
                if kernel.arrays[access.array.0 as usize].name == name
                    && matches!(s.kind, StmtKind::Write { .. }) == write =>
            {
                found = Some(s.id)
            }
            _ => {}
        });
        found.unwrap_or_else(|| panic!("no access to {name}"))
    }

    /// `kernel` (two block barriers) with only its first barrier, and with
    /// only its second.
    fn each_barrier_alone(kernel: &Kernel) -> (Kernel, Kernel) {
        let mut barriers = Vec::new();
        crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
            if is_block_barrier(s) {
                barriers.push(s.id);
            }
        });
        let [first, second] = barriers[..] else {
            panic!("two barriers: {barriers:?}")
        };
        let mut first_only = kernel.clone();
        crate::ir::walk::remove_stmt(&mut first_only, second);
        let mut second_only = kernel.clone();
        crate::ir::walk::remove_stmt(&mut second_only, first);
        (first_only, second_only)
    }

    #[test]
    fn a_moved_barrier_keeps_the_pairs_it_did_not_order() {
        let both = lower(PHASES);
        let (early, late) = each_barrier_alone(&both);
        assert!(same_but_block_barriers(&early, &late));
        assert!(!adds_only_block_barriers(&early, &late));
        let store_s = access(&both, "s", true);
        let load_s = access(&both, "s", false);
        let opts = opts();
        with_pair_reuse(|| {
            // The first barrier only: the second phase races.
            let checked = crate::check::check_kernel(&early, &opts);
            assert_eq!(checked.verdict, Verdict::Racy, "{checked:?}");
            let known = known_race_free(&late, &opts);
            // `s[(5t) % 64]` against itself needs no barrier: kept.
            assert!(known.contains(&pair_key(store_s, store_s)), "{known:?}");
            // The store and the read of `s` were ordered by the dropped
            // barrier, which stands between them: checked again, racy.
            assert!(!known.contains(&pair_key(store_s, load_s)), "{known:?}");
            let moved = crate::check::check_kernel(&late, &opts);
            assert_eq!(moved.verdict, Verdict::Racy, "{moved:?}");
            assert!(
                moved
                    .races
                    .iter()
                    .any(|r| pair_key(r.first, r.second) == pair_key(store_s, load_s)),
                "{moved:?}"
            );
            let fixed = crate::check::check_kernel(&both, &opts);
            assert_eq!(fixed.verdict, Verdict::RaceFree, "{fixed:?}");
        });
    }

    /// A loop whose body stores and reads `s`: a barrier at the top of the
    /// body orders the read of one iteration against the store of the next.
    const LOOPED: &str = "__global__ void k(int *a, int n) {\n  __shared__ int s[64];\n  int t = threadIdx.x;\n  for (int i = 0; i < n; ++i) {\n    __syncthreads();\n    s[(t * 5) % 64] = a[t + i];\n    __syncthreads();\n    a[t + i] = s[63 - t];\n  }\n}\n";

    #[test]
    fn a_dropped_barrier_in_a_loop_stands_between_the_iterations() {
        let both = lower(LOOPED);
        let (top_only, middle_only) = each_barrier_alone(&both);
        let store_s = access(&both, "s", true);
        let load_s = access(&both, "s", false);
        let opts = opts();
        assert!(same_but_block_barriers(&top_only, &middle_only));
        with_pair_reuse(|| {
            let checked = crate::check::check_kernel(&both, &opts);
            assert_eq!(checked.verdict, Verdict::RaceFree, "{checked:?}");
            // Without the top barrier the read of one iteration and the
            // store of the next race; that barrier stands between them
            // (through the back edge, past no other barrier): not carried
            // over. The store against itself is: every path from the store
            // to the top barrier passes the middle one.
            let known = known_race_free(&middle_only, &opts);
            assert!(!known.contains(&pair_key(store_s, load_s)), "{known:?}");
            assert!(known.contains(&pair_key(store_s, store_s)), "{known:?}");
            let racy = crate::check::check_kernel(&middle_only, &opts);
            assert_eq!(racy.verdict, Verdict::Racy, "{racy:?}");
        });
    }

    #[test]
    fn a_candidate_skips_the_pairs_its_base_proved_race_free() {
        let (with, without) = with_and_without_barrier(ORDERED);
        let (halved, _) = with_and_without_barrier(HALVED);
        let opts = opts();
        // Alone, the ordered kernel needs the solver: `(5 * tid) % 64` is
        // one-to-one on 64 threads.
        let alone = crate::check::check_kernel(&with, &opts);
        assert_eq!(alone.verdict, Verdict::RaceFree, "{alone:?}");
        assert!(alone.solver_queries > 0, "{alone:?}");
        with_pair_reuse(|| {
            let base = crate::check::check_kernel(&without, &opts);
            assert_eq!(base.verdict, Verdict::Racy);
            // The base proved `s[(5 * tid) % 64]` against itself and the
            // global pairs race-free; the barrier orders the racy pair: no
            // query left.
            let candidate = crate::check::check_kernel(&with, &opts);
            assert_eq!(candidate.verdict, Verdict::RaceFree);
            assert_eq!(candidate.solver_queries, 0, "{candidate:?}");
            // A kernel that changes an access is checked in full: two
            // threads write each `s[i]`.
            let racy = crate::check::check_kernel(&halved, &opts);
            assert_eq!(racy.verdict, Verdict::Racy, "{racy:?}");
            // So is one under other options: with two blocks, both write
            // `a[threadIdx.x]` (a pair the one-block base proved race-free).
            let two_blocks = with_two_blocks(&opts);
            let between_blocks = crate::check::check_kernel(&with, &two_blocks);
            assert_eq!(between_blocks.verdict, Verdict::Racy, "{between_blocks:?}");
        });
    }

    /// Two phases as in `PHASES`, each store one-to-one but not trivially
    /// so (the solver decides each store against itself).
    const WRITTEN: &str = "__global__ void k(const int *a, const int *c, int *b) {\n  __shared__ int s[64];\n  __shared__ int r[64];\n  int t = threadIdx.x;\n  s[(t * 5) % 64] = a[t];\n  __syncthreads();\n  b[t] = s[63 - t];\n  r[(t * 3) % 64] = c[t] + 1;\n  __syncthreads();\n  b[t + 64] = r[63 - t];\n}\n";

    #[test]
    fn kept_decisions_carry_to_the_text_written_with_its_barriers() {
        let opts = opts();
        // The synthesis's base: the text without its barriers (labels and
        // source ranges after each barrier differ from the written text's).
        let stripped = lower(&WRITTEN.replace("  __syncthreads();\n", ""));
        let written = lower(WRITTEN);
        assert_ne!(access(&stripped, "r", true), access(&written, "r", true));
        let (report, kept) = with_pair_reuse_kept(|| crate::check::check_kernel(&stripped, &opts));
        assert_eq!(report.verdict, Verdict::Racy, "{report:?}");
        assert!(!kept.is_empty());
        // Without them the written kernel reuses nothing.
        assert!(known_race_free(&written, &opts).is_empty());
        let r = access(&written, "r", true);
        with_kept_decisions(&kept, || {
            let known = known_race_free(&written, &opts);
            assert!(known.contains(&pair_key(r, r)), "{known:?}");
            let recheck = crate::check::check_kernel(&written, &opts);
            assert_eq!(recheck.verdict, Verdict::RaceFree, "{recheck:?}");
            // Not under other options, but under another budget (a
            // synthesis runs with what the front end left of it).
            assert!(known_race_free(&written, &with_two_blocks(&opts)).is_empty());
            let longer = CheckOptions {
                kernel_budget_ms: opts.kernel_budget_ms + 1,
                ..opts.clone()
            };
            assert!(known_race_free(&written, &longer).contains(&pair_key(r, r)));
        });
        // Nested in an open scope, the kept decisions are not used.
        with_pair_reuse(|| {
            with_kept_decisions(&kept, || {
                assert!(known_race_free(&written, &opts).is_empty())
            })
        });
    }

    #[test]
    fn kept_decisions_skip_a_text_whose_statements_changed() {
        let opts = opts();
        let stripped = lower(&WRITTEN.replace("  __syncthreads();\n", ""));
        let (_, kept) = with_pair_reuse_kept(|| crate::check::check_kernel(&stripped, &opts));
        // Two threads store each `r[x]`: the store races with itself, and a
        // decision of the text above must not hide it.
        let halved = lower(&WRITTEN.replace("r[(t * 3) % 64] =", "r[(t * 3) % 64 / 2] ="));
        with_kept_decisions(&kept, || {
            assert!(known_race_free(&halved, &opts).is_empty());
            let report = crate::check::check_kernel(&halved, &opts);
            assert_eq!(report.verdict, Verdict::Racy, "{report:?}");
        });
        // Nor with a statement added before the stores.
        let renamed =
            lower(&WRITTEN.replace("int t = threadIdx.x;", "int u = threadIdx.x; int t = u;"));
        with_kept_decisions(&kept, || {
            assert!(known_race_free(&renamed, &opts).is_empty())
        });
    }
}
