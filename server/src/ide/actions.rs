//! Code actions as plain data: the validated fixes of the kernel under the
//! cursor that touch the selection, ranked (safe first, then cheapest), and
//! the kernel's whole optimal placement when it improves anything.

use super::host::{AnalysisHost, DocAnalysis};
use super::Settings;
use crate::base::Span;
use crate::check::Verdict;
use crate::frontend::IncludeResolver;
use crate::synth::repairs::fmt_cost;
use crate::synth::{FixKind, TextEdit};

/// What kind of change an action is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// Removes a defect (race, divergence).
    QuickFix,
    /// Changes a race-free kernel for cost (removes or moves barriers).
    Rewrite,
}

/// One code action.
#[derive(Clone, Debug, PartialEq)]
pub struct Action {
    /// Title for the menu.
    pub title: String,
    /// Kind.
    pub kind: ActionKind,
    /// Edits of the document (absolute byte spans of the main file).
    pub edits: Vec<TextEdit>,
    /// Ranges of the findings it addresses.
    pub addresses: Vec<Span>,
    /// Whether the editor should offer it first (apply with one key).
    pub preferred: bool,
}

/// The code actions for the byte range `start..end` of an analysed document,
/// best first. Every fix offered passed the acceptance rule.
pub fn code_actions(
    host: &AnalysisHost,
    settings: &Settings,
    includes: &dyn IncludeResolver,
    analysis: &DocAnalysis,
    start: u32,
    end: u32,
) -> Result<Vec<Action>, String> {
    let Some(kernel) = analysis.kernel_at(start as usize) else {
        return Ok(Vec::new());
    };
    let repair = host.repair(settings, includes, analysis, kernel)?;
    let cursor = Span::new(start, end);
    let touches =
        |s: &Span| s.file == cursor.file && s.start <= cursor.end && cursor.start <= s.end;
    let mut relevant: Vec<&crate::synth::Fix> = repair
        .fixes
        .iter()
        .map(|checked| &checked.fix)
        .filter(|fix| {
            fix.addresses.iter().any(touches) || fix.edits.iter().any(|e| touches(&e.span))
        })
        .collect();
    relevant.sort_by(|a, b| {
        (!a.safe, a.cost_after)
            .partial_cmp(&(!b.safe, b.cost_after))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let race_free = kernel.report.verdict == Verdict::RaceFree;
    let mut actions: Vec<Action> = relevant
        .iter()
        .enumerate()
        .map(|(rank, fix)| Action {
            title: fix.title.clone(),
            kind: match fix.kind {
                FixKind::RemoveBarrier | FixKind::MoveBarrier if race_free => ActionKind::Rewrite,
                _ => ActionKind::QuickFix,
            },
            edits: fix.edits.clone(),
            addresses: fix.addresses.clone(),
            preferred: rank == 0 && fix.safe,
        })
        .collect();
    let sync = sync_actions(includes, analysis, kernel, &touches);
    // One preferred action: a safe move of the user's own barrier (the
    // kernel re-checks race-free and deadlock-free with no barrier added)
    // before a new barrier of the synthesizer.
    if let Some(first) = sync.iter().position(|a| a.preferred) {
        actions.iter_mut().for_each(|a| a.preferred = false);
        let mut sync = sync;
        sync.iter_mut()
            .enumerate()
            .for_each(|(i, a)| a.preferred = i == first);
        sync.extend(actions);
        actions = sync;
    } else {
        actions.extend(sync);
    }
    // Bank-conflict paddings (performance analyses on): offered where the
    // cursor touches a conflicting access of the array or its declaration.
    if settings.perf {
        if let Some(banks) = kernel.banks.as_deref() {
            for plan in host.paddings(settings, includes, analysis, kernel)? {
                let conflicts: Vec<Span> = banks
                    .accesses
                    .iter()
                    .filter(|a| a.array_name == plan.array && a.degree.conflicts())
                    .map(|a| a.span)
                    .collect();
                let near =
                    conflicts.iter().any(touches) || plan.edits.iter().any(|e| touches(&e.span));
                if !near {
                    continue;
                }
                actions.push(Action {
                    title: format!(
                        "Pad `{}` against bank conflicts: {} (total degree {} -> {})",
                        plan.array,
                        plan.padding.describe(),
                        plan.total_before,
                        plan.total_after
                    ),
                    kind: ActionKind::QuickFix,
                    edits: plan.edits.clone(),
                    addresses: conflicts,
                    preferred: false,
                });
            }
        }
    }
    let whole = &repair.repair;
    if repair.optimize_all_ok && (whole.cost_after < whole.cost_before || !race_free) {
        actions.push(Action {
            title: format!(
                "Optimize all barriers in this kernel (cost {} -> {})",
                fmt_cost(whole.cost_before),
                fmt_cost(whole.cost_after)
            ),
            kind: if race_free {
                ActionKind::Rewrite
            } else {
                ActionKind::QuickFix
            },
            edits: whole.edits.clone(),
            addresses: Vec::new(),
            preferred: relevant.is_empty(),
        });
    }
    Ok(actions)
}

/// Most checks of moved barriers one code-action request makes.
const MAX_MOVE_CHECKS: usize = 4;

/// Quick fixes of warp-specialized synchronisation (`synth::waits`,
/// `synth::moves`): a missing wait for an asynchronous copy, a named
/// barrier's thread count, a `__syncwarp()` or named barrier moved to where
/// it orders the race (or no longer deadlocks). Each is offered only if the
/// edited text, lowered and checked again, no longer has a finding of that
/// kind and has fewer defects (a move: [`crate::synth::moves::move_accepted`];
/// its title says whether the re-checked kernel is race-free and
/// deadlock-free, and only such a move is preferred).
fn sync_actions(
    includes: &dyn IncludeResolver,
    analysis: &DocAnalysis,
    kernel: &super::host::KernelResult,
    touches: &dyn Fn(&Span) -> bool,
) -> Vec<Action> {
    use crate::check::DiagnosticKind;
    let text = analysis.rope.to_string();
    let defects =
        |r: &crate::check::KernelReport| r.findings.iter().filter(|f| f.kind.is_defect()).count();
    let recheck = |edits: &[TextEdit]| -> Option<crate::check::KernelReport> {
        let edited = crate::synth::apply_edits(&text, edits).ok()?;
        let program = super::lower_guarded(&analysis.path, &edited, includes);
        let fixed = program
            .kernels
            .iter()
            .find(|k| k.name == kernel.kernel.name)?;
        Some(super::check_guarded(fixed, &kernel.options))
    };
    let mut out: Vec<Action> = Vec::new();
    // The re-check of each move offered, by its edits: a move found again for
    // another finding addresses it only if that re-check has no finding of
    // its kind either.
    let mut move_reports: Vec<(Vec<TextEdit>, crate::check::KernelReport)> = Vec::new();
    let mut move_checks = 0usize;
    for finding in &kernel.report.findings {
        let addressed = std::iter::once(&finding.span)
            .chain(finding.related.iter().map(|(s, _)| s))
            .any(touches);
        if !addressed {
            continue;
        }
        let edit = match finding.kind {
            DiagnosticKind::AsyncCopy => {
                crate::synth::waits::missing_wait(&kernel.kernel, finding, &text)
            }
            DiagnosticKind::BarrierDeadlock => {
                crate::synth::waits::fix_barrier_count(finding, &text).or_else(|| {
                    crate::synth::waits::fix_barrier_init_count(&kernel.kernel, finding, &text)
                })
            }
            DiagnosticKind::Race => {
                crate::synth::waits::missing_token_wait(&kernel.kernel, finding, &text)
            }
            _ => None,
        };
        if let Some(edit) = edit.filter(|e| !out.iter().any(|a| a.edits == e.edits)) {
            if let Some(report) = recheck(&edit.edits) {
                let gone = !report.findings.iter().any(|f| f.kind == finding.kind);
                if gone && defects(&report) < defects(&kernel.report) {
                    out.push(Action {
                        title: edit.title,
                        kind: ActionKind::QuickFix,
                        edits: edit.edits,
                        addresses: vec![finding.span],
                        preferred: false,
                    });
                    continue;
                }
            }
        }
        for moved in crate::synth::moves::barrier_moves(&kernel.kernel, finding, &text) {
            if move_checks >= MAX_MOVE_CHECKS {
                break;
            }
            if let Some((_, report)) = move_reports.iter().find(|(e, _)| *e == moved.edits) {
                if !report.findings.iter().any(|f| f.kind == finding.kind) {
                    if let Some(a) = out.iter_mut().find(|a| a.edits == moved.edits) {
                        a.addresses.push(finding.span);
                    }
                    break;
                }
                continue;
            }
            move_checks += 1;
            let Some(report) = recheck(&moved.edits) else {
                continue;
            };
            if crate::synth::moves::move_accepted(&kernel.report, &report, finding.kind) {
                out.push(Action {
                    title: crate::synth::moves::move_title(&moved, &report),
                    kind: ActionKind::QuickFix,
                    edits: moved.edits.clone(),
                    addresses: vec![finding.span],
                    preferred: crate::synth::moves::move_is_safe(&report),
                });
                move_reports.push((moved.edits, report));
                break;
            }
        }
    }
    out
}
