//! `fix` for the command line: every kernel of a file repaired under its own
//! launch plan (flags > header comment > syncwright.toml > host launches >
//! `__launch_bounds__`, as `check` resolves it), the edits merged and the
//! edited text lowered and checked again, through the same plan, under the one
//! acceptance rule (`synth::report::accept`, the rule the editor's code
//! actions follow too).

use std::path::Path;

use super::file::{check_guarded_within, launch_plan, recheck_plan_counted, translation_launches};
use super::guard::guarded;
use super::{lower_guarded, Settings, TranslationEnv};
use crate::check::{DiagnosticKind, KernelBudget, Verdict};
use crate::config::resolve::{ConfigError, Explicit, FileConfig};
use crate::config::{CheckOptions, CostModel};
use crate::frontend::IncludeResolver;
use crate::ir::{Kernel, SourceFileInfo};
use crate::synth::report::{fix_program, remaining_budget, FileFix};
use crate::synth::{
    apply_edits, repair_kernel_after, KernelRepair, RepairConfig, RepairStatus, SyncSpent,
    SynthOptions, TextEdit,
};

/// What `fix` may do besides the launch configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FixSettings {
    /// Cost factor of each enclosing loop (None: `syncwright.toml` or default).
    pub loop_cost: Option<f64>,
    /// Cost factor of each enclosing conditional (None: as above).
    pub cond_cost: Option<f64>,
    /// Keep every existing barrier; only insert.
    pub keep_existing: bool,
    /// Repair races between blocks with grid barriers (`fix --grid-barriers`).
    pub grid_barriers: bool,
}

/// Repairs every kernel of the file at `path` with contents `text`; also
/// returns an invalid `syncwright.toml` the repair went on without.
pub fn fix_file(
    path: &Path,
    text: &str,
    settings: &Settings,
    fix: FixSettings,
) -> (FileFix, Option<ConfigError>) {
    // The checks of the repairs and re-checks run one after another on this
    // thread: each one's Z3 context is made on a helper thread ahead of it,
    // the first while the front end runs (see `with_spare_contexts`; a
    // fresh context configured alike either way, so no verdict changes).
    crate::check::sdv::with_spare_contexts(|| fix_file_in(path, text, settings, fix))
}

/// [`fix_file`] with the spare contexts' scope open.
fn fix_file_in(
    path: &Path,
    text: &str,
    settings: &Settings,
    fix: FixSettings,
) -> (FileFix, Option<ConfigError>) {
    let explicit = Explicit {
        cost: None,
        ..settings.explicit()
    };
    // The whole file's time on this thread (the front end's is counted apart).
    let whole = crate::base::clock::Stopwatch::start();
    // The front end runs under the kernels' deadline (as in `check`), on an
    // account of its own: its thread's time, not that of Z3's set-up, which
    // runs here meanwhile (see below).
    let budget_ms = match settings.kernel_budget_ms {
        0 => crate::check::sdv::DEFAULT_KERNEL_BUDGET_MS,
        ms => ms,
    };
    let (front_end_deadline, started) =
        crate::base::clock::working_for(&crate::base::clock::Account::new(), || {
            (
                super::file::front_end_deadline(
                    settings,
                    std::time::Duration::ZERO,
                    super::file::CLI_BUDGET,
                ),
                crate::base::clock::Stopwatch::start(),
            )
        });
    // The file is read as `check` reads it: the project's include folders and
    // macros, and a header under the macros and declarations of the file that
    // includes it (a header's kernel whose types come from its includer was
    // unsupported in `fix` while `check` proved it race-free).
    let env = TranslationEnv::for_file(path);
    // `check` decides a file several programs compile (or that programs not
    // read may compile, or whose compile flags are unknown) under each of
    // them, and calls no kernel race-free when one was not read; `fix`
    // lowers and re-checks the file under one reading only, so it writes no
    // edit it cannot verify under all of them.
    let unverifiable = {
        use crate::frontend::IncludeResolver as _;
        let contexts = env.includer_contexts(path);
        match contexts.unread {
            Some(why) => Some(format!(
                "its repair cannot be verified: {why}, so a program may compile this kernel under macros not read"
            )),
            None if contexts.chains.len() > 1 => Some(format!(
                "its repair cannot be verified: the file is compiled in {} includer contexts, and `fix` checks it in one",
                contexts.chains.len()
            )),
            None => None,
        }
    };
    let front_end = || {
        crate::base::interrupt::with(front_end_deadline.clone(), || {
            let program = lower_guarded(path, text, &env);
            // The launches of the program as written (`fix` edits kernels,
            // never the host code, so they hold for the repaired text too).
            let names: Vec<&str> = program.kernels.iter().map(|k| k.name.as_str()).collect();
            let launches = translation_launches(path, text, &env, &names);
            (program, launches)
        })
    };
    // The front end runs on a second thread while this one, where the
    // checks and MaxSAT solves will run, does Z3's one-time set-up.
    let (program, launches) = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("syncwright-front-end".into())
            .stack_size(super::guard::ANALYSIS_STACK_BYTES)
            .spawn_scoped(scope, front_end);
        crate::check::sdv::warm_up_solver();
        crate::synth::maxsat::warm_up();
        match worker {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No second thread: the front end runs here, after the set-up.
            Err(_) => front_end(),
        }
    });
    // The IR of a long text (140 MB for 100,000 statements) is freed on
    // another thread once the repair is done, not on the one whose deadline
    // the repair ran under.
    let program = crate::base::DropElsewhere::when(program, text.len() >= 1 << 20);
    let front_end = started.elapsed();
    // Each kernel's budget counts the front end's time when it is a
    // noticeable share (a generated kernel of 100,000 statements); below 1%
    // the budget, and so the deterministic work limit, stays as given.
    let front_end_counted = (front_end.as_millis() as u64 > budget_ms / 100).then_some(front_end);
    let (config, config_error) = FileConfig::load(path, text);
    let resolved_cost = config.cost(&explicit);
    let cost = CostModel {
        loop_cost: fix.loop_cost.unwrap_or(resolved_cost.loop_cost),
        cond_cost: fix.cond_cost.unwrap_or(resolved_cost.cond_cost),
    };
    let plan_for = |k: &Kernel| launch_plan(k, &config, &explicit, &launches);
    // The budget of a kernel's options, less the front end's share when counted.
    let after_front_end = |options: CheckOptions| match front_end_counted {
        Some(spent) => remaining_budget(&options, spent),
        None => options,
    };
    // The pair decisions of every synthesis's checks, for the re-checks of
    // the text they write (see `check` below).
    let kept = std::cell::RefCell::new(crate::check::reuse::KeptDecisions::default());
    let mut repair = |k: &Kernel, files: &[SourceFileInfo]| {
        // One launch configuration: the kernel as `check` checks it (its
        // launch-bound parameters substituted; the edits are of the same
        // source ranges). Several: the sizes they share, the others symbolic,
        // so the repair holds for every launch.
        let plan = plan_for(k);
        // Borrowed, not copied: the IR of a generated kernel of 100,000
        // statements is about 140 MB, and the synthesizer makes its own base.
        let (k, check) = match plan.runs.as_slice() {
            [one] => (one.kernel(k), one.resolved.options.clone()),
            _ => (k, plan.shown.options.clone()),
        };
        let check = after_front_end(check);
        let opts = SynthOptions {
            check,
            cost,
            keep_existing: fix.keep_existing,
        };
        // A grid barrier is valid only under a cooperative launch: when the
        // program (this file or another source file of its folder) launches
        // the kernel only with `cudaLaunchCooperativeKernel`, that implies
        // `--grid-barriers`, as such a launch in its own file does (see
        // `grid_barriers_allowed`).
        let mut own_launches = launches.iter().filter(|l| l.kernel == k.name).peekable();
        let cooperative = own_launches.peek().is_some() && own_launches.all(|l| l.is_cooperative());
        let config = RepairConfig {
            grid_barriers: fix.grid_barriers || cooperative,
            // Its answer is the edits, not quick fixes naming findings.
            skip_shared_access: true,
            ..RepairConfig::default()
        };
        // Warp-specialized synchronisation first: its clear fixes (the
        // editor's quick fixes) when they make the kernel race-free.
        let sync_started = crate::base::clock::Stopwatch::start();
        let mut attempt = SyncAttempt::default();
        // Its checks and the synthesizer's share their unsatisfiable
        // queries (see `with_unsat_cache`) and race-free pairs (see
        // `check::reuse`); every kernel is still checked.
        let (repaired, decisions) = crate::check::reuse::with_pair_reuse_kept(|| {
            crate::check::sdv::with_unsat_cache(|| {
                if let Some(repaired) = guarded("the synchronisation repair", || {
                    sync_repair(path, &env, k, files, &opts.check, &cost, &mut attempt)
                })
                .ok()
                .flatten()
                {
                    return repaired;
                }
                // Its solver work counts against the kernel's budget (its time
                // against the wall-clock backstop, and in the kernel's time); its
                // check of the kernel as given is not made a second time.
                let sync_spent = sync_started.wall_elapsed();
                let mut repaired = guarded("the synthesizer", || {
                    let mut spent = SyncSpent {
                        started: sync_started.clone(),
                        work: attempt.work_units,
                    };
                    // Waits kept but races between threads left: barriers
                    // for those, placed in the text with the waits.
                    if let Some(partial) = attempt.partial.take() {
                        match repair_after_waits(
                            path, text, &env, k, *partial, &opts, config, &spent,
                        ) {
                            Ok(repaired) => return repaired,
                            Err(work) => spent.work = work,
                        }
                    }
                    repair_kernel_after(k, files, &opts, config, attempt.first.take(), spent)
                })
                .unwrap_or_else(|message| KernelRepair::inconclusive(&k.name, message));
                // Several launch configurations: the synthesis above ran under
                // the sizes they share, the others symbolic, where sizes no
                // launch passes together can make races no launch has (slices
                // of an output that overlap for an unknown channel count).
                // Then each launch configuration is repaired under its own
                // sizes (see `repair_each_run`).
                if plan.runs.len() > 1
                    && matches!(
                        repaired.status,
                        RepairStatus::Unrepairable | RepairStatus::Inconclusive
                    )
                {
                    let stats =
                        |edits: &[TextEdit]| edited_placement(path, text, &env, k, edits, &cost);
                    if let Some(each) = guarded("the synthesizer", || {
                        repair_each_run(
                            k,
                            &plan.runs,
                            files,
                            &opts,
                            config,
                            &repaired,
                            &sync_started,
                            &after_front_end,
                            &stats,
                        )
                    })
                    .ok()
                    .flatten()
                    {
                        repaired = each;
                    }
                }
                // A barrier written in a device function runs in every kernel
                // calling it; `fix_program` re-checks this file's kernels, but
                // not those of another file that may call the function.
                if crate::synth::writes_outside(k.span, &repaired.edits) {
                    if let Some(reason) = other_runner(path, text, k.span, &repaired.edits) {
                        repaired.status = crate::synth::RepairStatus::Inconclusive;
                        repaired.reason = Some(reason);
                        repaired.edits.clear();
                        repaired.barriers_after = repaired.barriers_before;
                        repaired.cost_after = repaired.cost_before;
                    }
                }
                if let Some(why) = &unverifiable {
                    if !repaired.edits.is_empty() {
                        repaired.status = crate::synth::RepairStatus::Inconclusive;
                        repaired.reason = Some(why.clone());
                        repaired.edits.clear();
                        repaired.barriers_after = repaired.barriers_before;
                        repaired.cost_after = repaired.cost_before;
                    }
                }
                repaired.time_ms += sync_spent.as_secs_f64() * 1000.0;
                repaired.budget_spent = sync_started.elapsed();
                repaired.times.checker_ms += attempt.checker_ms;
                repaired
            })
        });
        kept.borrow_mut().extend(decisions);
        repaired
    };
    // The re-check of a repaired kernel is `check`'s check of the repaired
    // text: through its launch plan, with the solver work units `check`
    // gives a kernel (whatever the synthesis spent), in none of the
    // synthesis's caches, but reusing the pairs its checks proved race-free
    // in kernels of which the text's is the same but for statement labels,
    // source ranges and block barriers (`check::reuse::with_kept_decisions`:
    // each such reuse is a proof, by the theorems of `check::reuse`; a
    // re-check asks the rest, the pairs the synthesis did not prove, the
    // divergence of every barrier, of the solver). So `fix` calls a kernel
    // repaired only when the text it writes is proven race-free; a fresh
    // `check` of that text decides the same pairs again and agrees, unless
    // its work units run out on pairs the reuse spared (then it says
    // inconclusive). The work units, and so the verdict, do not depend on
    // the load. Only the time backstop counts what the kernel spent
    // before (the front end's share and its synthesis), and it ends at the
    // budget itself, not past it by the checker's margin: the synthesis
    // stops at `synth::SYNTH_TIME_PERCENT` of the budget, and the rest is
    // this re-check's, so that `fix` never runs a kernel past its budget
    // (issues 13, 14); past it the re-check is inconclusive, and so is the
    // kernel.
    let mut check = |k: &Kernel, spent: std::time::Duration| {
        crate::check::reuse::with_kept_decisions(&kept.borrow(), || {
            recheck_plan_counted(k, &plan_for(k), front_end + spent)
        })
    };
    // Lowering the repaired text again ends with the file's budgets (one per
    // kernel, counted from the start): past it, the repair is not verified.
    let kernels = (program.kernels.len() + program.unsupported.len()).max(1) as u64;
    let file_deadline = crate::base::interrupt::Interrupt {
        deadline: Some((
            crate::base::clock::Deadline::after_spent(
                std::time::Duration::from_millis(budget_ms.saturating_mul(kernels)),
                whole.elapsed() + front_end,
            ),
            format!("the kernel budget of {budget_ms} ms (`--budget-ms`)"),
        )),
        cancel: None,
    };
    let mut relower = |t: &str| {
        crate::base::interrupt::with(file_deadline.clone(), || lower_guarded(path, t, &env))
    };
    let fixed = fix_program(
        &path.display().to_string(),
        &program,
        &mut repair,
        &mut check,
        &mut relower,
    );
    (fixed, config_error)
}

/// Most quick fixes applied one after another by [`sync_repair`].
const MAX_SYNC_FIXES: usize = 8;

/// Most checks of moved barriers [`sync_repair`] makes for one kernel.
const MAX_SYNC_MOVE_CHECKS: usize = 8;

/// Whether the kernel has a `__syncwarp()` (a barrier a move may repair).
fn has_warp_barriers(kernel: &Kernel) -> bool {
    let mut found = false;
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        found |= matches!(
            s.kind,
            crate::ir::StmtKind::Barrier {
                scope: crate::ir::BarrierScope::Warp,
                ..
            }
        );
    });
    found
}

/// What [`sync_repair`] leaves to the barrier synthesizer when it does not
/// repair the kernel.
#[derive(Default)]
struct SyncAttempt {
    /// Its check of the kernel as given, when no quick fix applied to it
    /// (the synthesizer's first check, already made).
    first: Option<crate::check::KernelReport>,
    /// The text its kept quick fixes left, when they left the kernel with
    /// fewer defects but not race-free (see [`repair_after_waits`]).
    partial: Option<Box<SyncPartial>>,
    /// Milliseconds it spent in checker calls.
    checker_ms: f64,
    /// Solver work units its checks spent.
    work_units: u64,
}

/// Repairs `async-copy`, `barrier-deadlock` and race findings with the
/// editor's quick fixes (`synth::waits`: insert the missing wait, set a named
/// barrier's count to the threads that reach it; `synth::moves`: move a
/// `__syncwarp()` or named barrier), one at a time, each kept only if the
/// edited text, lowered and checked again, has fewer defects (the code
/// actions' rule; a move under `moves::move_accepted`). The result counts only if the kernel then
/// checks race-free; None otherwise (and for kernels without named barriers
/// or asynchronous copies), so the barrier synthesizer takes over.
fn sync_repair(
    path: &Path,
    includes: &dyn IncludeResolver,
    kernel: &Kernel,
    files: &[SourceFileInfo],
    options: &CheckOptions,
    model: &CostModel,
    attempt: &mut SyncAttempt,
) -> Option<KernelRepair> {
    if kernel.asyncs.accesses.is_empty()
        && !crate::check::named::has_named_barriers(kernel)
        && !has_warp_barriers(kernel)
    {
        return None;
    }
    let started = crate::base::clock::Stopwatch::start();
    let original = files.first()?.text.clone();
    // A plain check's work units, behind the synthesis's time backstop
    // (counted from here, as the synthesis after it counts its own): the
    // re-check keeps the rest of the kernel's budget.
    let budget_ms = match options.kernel_budget_ms {
        0 => crate::check::sdv::DEFAULT_KERNEL_BUDGET_MS,
        ms => ms,
    };
    let mut budget = KernelBudget::sharing(
        budget_ms,
        budget_ms.saturating_mul(crate::check::sdv::WORK_UNITS_PER_MS),
        crate::base::clock::Deadline::after(std::time::Duration::from_millis(
            crate::synth::synth_time_ms(budget_ms),
        )),
    );
    let work_at_start = budget.work_left();
    let mut text = original.clone();
    let mut current = kernel.clone();
    let mut checker_ms = 0.0;
    let mut timed_check = |k: &Kernel, budget: &mut KernelBudget| {
        let t = std::time::Instant::now();
        let report = check_guarded_within(k, options, budget);
        checker_ms += t.elapsed().as_secs_f64() * 1000.0;
        report
    };
    let mut report = timed_check(&current, &mut budget);
    let mut checks = 1u32;
    let fixable = |kind: DiagnosticKind| {
        matches!(
            kind,
            DiagnosticKind::AsyncCopy | DiagnosticKind::BarrierDeadlock | DiagnosticKind::Race
        )
    };
    let mut move_checks = 0usize;
    if !report.findings.iter().any(|f| fixable(f.kind)) {
        *attempt = SyncAttempt {
            first: Some(report),
            partial: None,
            checker_ms,
            work_units: work_at_start.saturating_sub(budget.work_left()),
        };
        return None;
    }
    for _ in 0..MAX_SYNC_FIXES {
        if report.verdict == Verdict::RaceFree {
            break;
        }
        let mut improved = false;
        'findings: for finding in report.findings.iter().filter(|f| fixable(f.kind)) {
            // The one clear edit of the finding (a wait, a count), then the
            // moves of an existing `__syncwarp()` or named barrier, nearest
            // first, within the kernel's share of move checks.
            // A copy's wait may come in two forms (`missing_waits`), tried
            // in order.
            let edit: Vec<crate::synth::waits::SyncEdit> = match finding.kind {
                DiagnosticKind::AsyncCopy => {
                    crate::synth::waits::missing_waits(&current, finding, &text)
                }
                DiagnosticKind::BarrierDeadlock => {
                    crate::synth::waits::fix_barrier_count(finding, &text)
                        .or_else(|| {
                            crate::synth::waits::fix_barrier_init_count(&current, finding, &text)
                        })
                        .into_iter()
                        .collect()
                }
                DiagnosticKind::Race => {
                    crate::synth::waits::missing_token_wait(&current, finding, &text)
                        .into_iter()
                        .collect()
                }
                _ => Vec::new(),
            };
            let moves = crate::synth::moves::barrier_moves(&current, finding, &text);
            let tries = edit
                .into_iter()
                .map(|e| (e, false))
                .chain(moves.into_iter().map(|e| (e, true)));
            for (edit, is_move) in tries {
                if is_move {
                    if move_checks >= MAX_SYNC_MOVE_CHECKS {
                        break;
                    }
                    move_checks += 1;
                }
                let Ok(edited) = apply_edits(&text, &edit.edits) else {
                    continue;
                };
                let program = lower_guarded(path, &edited, includes);
                let Some(fixed) =
                    crate::synth::report::find_kernel(&program, &current.name, current.span.start)
                        .cloned()
                else {
                    continue;
                };
                let after = timed_check(&fixed, &mut budget);
                checks += 1;
                let accepted = if is_move {
                    crate::synth::moves::move_accepted(&report, &after, finding.kind)
                } else {
                    after.defects() < report.defects()
                };
                if accepted {
                    (text, current, report) = (edited, fixed, after);
                    improved = true;
                    break 'findings;
                }
            }
        }
        if !improved {
            break;
        }
    }
    if report.verdict != Verdict::RaceFree || text == original {
        // No quick fix kept: the report is still that of the kernel as given.
        let (first, partial) = if text == original {
            (Some(report), None)
        } else {
            let partial = SyncPartial {
                text,
                kernel: current,
                report,
            };
            (None, Some(Box::new(partial)))
        };
        *attempt = SyncAttempt {
            first,
            partial,
            checker_ms,
            work_units: work_at_start.saturating_sub(budget.work_left()),
        };
        return None;
    }
    // The fixes add waits, change counts and move warp or named barriers,
    // never block barriers.
    let (barriers, cost) = barrier_cost(kernel, model);
    Some(KernelRepair {
        name: kernel.name.clone(),
        status: RepairStatus::Repaired,
        barriers_before: barriers,
        barriers_after: barriers,
        cost_before: cost,
        cost_after: cost,
        oracle_calls: checks,
        time_ms: started.wall_elapsed().as_secs_f64() * 1000.0,
        times: crate::synth::SynthTimes {
            checker_ms,
            maxsat_ms: 0.0,
        },
        edits: vec![whole_difference(&original, &text)],
        reason: None,
        fixes: Vec::new(),
        optimal: false,
        work_units: work_at_start.saturating_sub(budget.work_left()),
        budget_spent: started.elapsed(),
        verified: Some(Box::new(current)),
    })
}

/// The kernel as the quick fixes [`sync_repair`] kept left it: fewer
/// defects, not race-free.
struct SyncPartial {
    /// The edited text of the file.
    text: String,
    /// The kernel lowered from it.
    kernel: Kernel,
    /// Its check under the kernel's options.
    report: crate::check::KernelReport,
}

/// The barrier synthesis of `kernel` continued from the text the kept quick
/// fixes left (`partial`: a wait inserted for an asynchronous copy, races
/// between threads left), so that a kernel needing both a wait and a
/// barrier is repaired. The synthesis runs on that text's kernel (its first
/// check is `partial`'s); its edits apply to that text, and the repair is
/// the one edit of `original` from the first to the last difference with
/// the fully edited text, kept only inside the kernel's own text (else, or
/// when the synthesis does not repair it, `Err` with the work spent so far,
/// and the synthesis starts again from the kernel as written). Sound as any
/// repair: `fix_program` checks the written text and keeps it only race-free.
#[allow(clippy::too_many_arguments)]
fn repair_after_waits(
    path: &Path,
    original: &str,
    env: &TranslationEnv,
    kernel: &Kernel,
    partial: SyncPartial,
    opts: &SynthOptions,
    config: RepairConfig,
    spent: &SyncSpent,
) -> Result<KernelRepair, u64> {
    let program = lower_guarded(path, &partial.text, env);
    let Some(edited) =
        crate::synth::report::find_kernel(&program, &kernel.name, partial.kernel.span.start)
    else {
        return Err(spent.work);
    };
    let checked = (*edited == partial.kernel).then_some(partial.report);
    let mut r = repair_kernel_after(edited, &program.files, opts, config, checked, spent.clone());
    if r.status != RepairStatus::Repaired || r.edits.iter().any(|e| e.span.file.0 != 0) {
        return Err(r.work_units);
    }
    let Ok(fixed) = apply_edits(&partial.text, &r.edits) else {
        return Err(r.work_units);
    };
    let edit = whole_difference(original, &fixed);
    if edit.span.start < kernel.span.start || edit.span.end > kernel.span.end {
        return Err(r.work_units);
    }
    r.edits = vec![edit];
    // Its quick fixes and proof are of the edited text's offsets and kernel;
    // the placement is least-cost given the waits, which the cost model
    // does not count.
    r.fixes.clear();
    r.verified = None;
    r.optimal = false;
    Ok(r)
}

/// The kernel's block barriers and their cost under `model` (as the
/// synthesizer counts them: `__syncwarp()` is outside the cost model).
fn barrier_cost(kernel: &Kernel, model: &CostModel) -> (u32, f64) {
    let tree = crate::ir::walk::LabelTree::new(kernel);
    let mut count = 0u32;
    let mut total = 0.0;
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        if matches!(
            s.kind,
            crate::ir::StmtKind::Barrier {
                scope: crate::ir::BarrierScope::Block,
                ..
            }
        ) {
            count += 1;
            total += crate::synth::cost::cost(
                model,
                tree.loops(s.id).len() as u32,
                tree.conds(s.id).len() as u32,
            );
        }
    });
    (count, total)
}

/// One edit turning `before` into `after`: the span between their common
/// prefix and common suffix (on character boundaries).
fn whole_difference(before: &str, after: &str) -> TextEdit {
    let prefix = before
        .char_indices()
        .zip(after.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(after.len()), |((i, _), _)| i);
    let max_suffix = before.len().min(after.len()) - prefix;
    let suffix = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .scan(0usize, |sum, n| {
            *sum += n;
            Some(*sum)
        })
        .take_while(|sum| *sum <= max_suffix)
        .last()
        .unwrap_or(0);
    TextEdit {
        span: crate::base::Span {
            file: crate::base::FileId(0),
            start: prefix as u32,
            end: (before.len() - suffix) as u32,
        },
        new_text: after[prefix..after.len() - suffix].to_string(),
    }
}

/// Why a barrier `edits` write in a device function of `path` (whose text is
/// `text`), outside `kernel`, may run in a kernel `fix` does not check; None
/// when only this file's kernels can run it (see
/// [`crate::ide::file::functions_running`] and
/// [`crate::ide::file::other_caller`]).
fn other_runner(
    path: &Path,
    text: &str,
    kernel: crate::base::Span,
    edits: &[crate::synth::TextEdit],
) -> Option<String> {
    use crate::ide::file::FunctionCallers;
    let offsets: Vec<usize> = edits
        .iter()
        .filter(|e| e.span.file.0 == 0 && (e.span.start < kernel.start || e.span.end > kernel.end))
        .filter(|e| !e.new_text.trim_start().starts_with("#include"))
        .map(|e| e.span.start as usize)
        .collect();
    let functions = match crate::ide::file::functions_running(text, &offsets) {
        FunctionCallers::Named(functions) => functions,
        FunctionCallers::Unknown(why) => {
            return Some(format!(
                "it needs a barrier in a device function, and who else calls that function is unknown: {why}"
            ))
        }
    };
    let other = crate::ide::file::other_caller(path, &functions)?;
    let names = functions
        .iter()
        .map(|f| format!("`{f}`"))
        .collect::<Vec<_>>()
        .join(", ");
    Some(format!(
        "it needs a barrier in device function {names}, and `{}` may call it too (it names it, pastes tokens, has unknown compile flags or could not be read; its kernels are not checked here)",
        other.display()
    ))
}

/// The barriers and their cost once the given edits are written (see
/// [`edited_placement`]).
type EditedPlacement<'a> = dyn Fn(&[TextEdit]) -> Option<(u32, f64)> + 'a;

/// Repairs `kernel` under each of its launch configurations `runs` (after
/// `merged`, the synthesis under the sizes they share, failed), each with
/// what is left of the kernel's one budget, and takes the union of their
/// edits. Why the union is a repair: every run's edits make that run
/// race-free, and the edits of the other runs only add barriers at other
/// points (a barrier orders more, it never adds a race; it may add
/// divergence, and the removal of a barrier another run needs may add a
/// race: `fix_program` re-checks the written text under every run and drops
/// the repair then). None when a run is not repaired (the merged result
/// stands, with its reason).
#[allow(clippy::too_many_arguments)]
fn repair_each_run(
    kernel: &Kernel,
    runs: &[super::file::LaunchRun],
    files: &[SourceFileInfo],
    opts: &SynthOptions,
    config: RepairConfig,
    merged: &KernelRepair,
    started: &crate::base::clock::Stopwatch,
    budget: &dyn Fn(CheckOptions) -> CheckOptions,
    stats: &EditedPlacement,
) -> Option<KernelRepair> {
    let mut work = merged.work_units;
    let mut each: Vec<KernelRepair> = Vec::with_capacity(runs.len());
    for run in runs {
        let run_opts = SynthOptions {
            check: budget(run.resolved.options.clone()),
            ..opts.clone()
        };
        let spent = SyncSpent {
            started: started.clone(),
            work,
        };
        let r = repair_kernel_after(run.kernel(kernel), files, &run_opts, config, None, spent);
        work = r.work_units;
        if !matches!(
            r.status,
            RepairStatus::Repaired | RepairStatus::AlreadyRaceFree
        ) {
            return None;
        }
        each.push(r);
    }
    let mut union: Vec<TextEdit> = Vec::new();
    for e in each.iter().flat_map(|r| r.edits.iter()) {
        if !union.contains(e) {
            union.push(e.clone());
        }
    }
    // The run whose edits are the union, if one is: its placement is the
    // result, and it is least-cost when that run's is, since a placement
    // that makes every run race-free makes that run race-free too, so
    // costs at least that run's least cost.
    let covering = each
        .iter()
        .position(|r| r.edits.len() == union.len() && union.iter().all(|e| r.edits.contains(e)));
    let mut result = match covering {
        Some(i) => each[i].clone(),
        None => {
            let (barriers_after, cost_after) = stats(&union)?;
            let mut r = each[0].clone();
            r.edits = union;
            r.barriers_after = barriers_after;
            r.cost_after = cost_after;
            r.optimal = false;
            r.fixes = each.iter().flat_map(|r| r.fixes.iter().cloned()).collect();
            r.verified = None;
            r
        }
    };
    if !result.edits.is_empty() {
        result.status = RepairStatus::Repaired;
        result.reason = None;
    }
    result.work_units = work;
    result.oracle_calls = merged.oracle_calls + each.iter().map(|r| r.oracle_calls).sum::<u32>();
    result.time_ms = merged.time_ms + each.iter().map(|r| r.time_ms).sum::<f64>();
    result.times.checker_ms =
        merged.times.checker_ms + each.iter().map(|r| r.times.checker_ms).sum::<f64>();
    result.times.maxsat_ms =
        merged.times.maxsat_ms + each.iter().map(|r| r.times.maxsat_ms).sum::<f64>();
    Some(result)
}

/// The block barriers and their cost in `kernel` once `edits` are applied
/// to the file's text (None when they do not apply or the kernel is not
/// found again).
fn edited_placement(
    path: &Path,
    text: &str,
    env: &TranslationEnv,
    kernel: &Kernel,
    edits: &[TextEdit],
    cost: &CostModel,
) -> Option<(u32, f64)> {
    let own: Vec<TextEdit> = edits
        .iter()
        .filter(|e| e.span.file.0 == 0)
        .cloned()
        .collect();
    let edited = apply_edits(text, &own).ok()?;
    let program = lower_guarded(path, &edited, env);
    let start = crate::synth::map_offset(kernel.span.start, &own);
    let found = crate::synth::report::find_kernel(&program, &kernel.name, start)?;
    Some(crate::synth::placement_cost(found, cost))
}
