//! `syncwright fix` as a library: repair every kernel of a file, merge the
//! edits, re-check the edited text, and describe the result with the JSON
//! names of the CLI contract.

use std::path::Path;
use std::time::Duration;

use serde::Serialize;

use super::{apply_edits, map_offset, KernelRepair, RepairStatus, SynthOptions, TextEdit};
use crate::base::Span;
use crate::check::{KernelReport, Verdict};
use crate::config::CheckOptions;
use crate::frontend::{lower_source, FsIncludes, IncludeResolver};
use crate::ir::{Kernel, Program, SourceFileInfo};

/// A position as 0-based line and UTF-16 column (LSP convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Position {
    /// 0-based line.
    pub line: u32,
    /// 0-based column in UTF-16 code units.
    pub character: u32,
}

/// A range of the original text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Range {
    /// Start.
    pub start: Position,
    /// End.
    pub end: Position,
    /// Byte offset of the start.
    pub start_offset: u32,
    /// Byte offset of the end.
    pub end_offset: u32,
}

/// One edit in the JSON report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditJson {
    /// Range replaced in the original text.
    pub range: Range,
    /// Replacement.
    pub new_text: String,
}

/// One kernel in the JSON report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelFixJson {
    /// Kernel name.
    pub name: String,
    /// `repaired`, `already-race-free`, `unrepairable` or `inconclusive`.
    pub status: RepairStatus,
    /// Barriers as written.
    pub barriers_before: u32,
    /// Barriers after the repair.
    pub barriers_after: u32,
    /// Cost as written.
    pub cost_before: f64,
    /// Cost after.
    pub cost_after: f64,
    /// Checker calls.
    pub oracle_calls: u32,
    /// Synthesis time, the re-check of the repaired text included.
    pub time_ms: f64,
    /// Of `time_ms`, milliseconds in checker calls (the re-check included).
    pub checker_ms: f64,
    /// Of `time_ms`, milliseconds in MaxSAT solves.
    pub maxsat_ms: f64,
    /// Solver work units of the synthesis (its checks and MaxSAT solves;
    /// the re-check of the repaired text aside), counted against the
    /// kernel's budget.
    pub work_units: u64,
    /// Edits of the original text.
    pub edits: Vec<EditJson>,
    /// Why unrepairable or inconclusive.
    pub reason: Option<String>,
    /// Whether the placement is proven least-cost.
    pub optimal: bool,
}

/// One file in the JSON report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FileFixJson {
    /// Path as given.
    pub path: String,
    /// Kernels in source order.
    pub kernels: Vec<KernelFixJson>,
}

/// The whole JSON report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FixReportJson {
    /// Files in the order given.
    pub files: Vec<FileFixJson>,
}

/// Result of fixing one file.
#[derive(Clone, Debug)]
pub struct FileFix {
    /// Path as given.
    pub path: String,
    /// Original text.
    pub original: String,
    /// Text with every kernel's repair applied.
    pub fixed: String,
    /// Per-kernel repairs (after the re-check of the fixed text).
    pub kernels: Vec<KernelRepair>,
}

impl FileFix {
    /// Whether the fixed text differs from the original.
    pub fn changed(&self) -> bool {
        self.fixed != self.original
    }

    /// The JSON view.
    pub fn to_json(&self) -> FileFixJson {
        FileFixJson {
            path: self.path.clone(),
            kernels: self
                .kernels
                .iter()
                .map(|k| KernelFixJson {
                    name: k.name.clone(),
                    status: k.status,
                    barriers_before: k.barriers_before,
                    barriers_after: k.barriers_after,
                    cost_before: k.cost_before,
                    cost_after: k.cost_after,
                    oracle_calls: k.oracle_calls,
                    time_ms: k.time_ms,
                    checker_ms: k.times.checker_ms,
                    maxsat_ms: k.times.maxsat_ms,
                    work_units: k.work_units,
                    edits: k
                        .edits
                        .iter()
                        .map(|e| edit_json(&self.original, e))
                        .collect(),
                    reason: k.reason.clone(),
                    optimal: k.optimal,
                })
                .collect(),
        }
    }

    /// One summary line per kernel, for text output.
    pub fn summary(&self) -> Vec<String> {
        self.kernels
            .iter()
            .map(|k| {
                let status = serde_json::to_value(k.status)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                let mut line = format!(
                    "{}: {}: {}: barriers {} -> {}, cost {} -> {}, {} checker calls, {:.1} ms",
                    self.path,
                    k.name,
                    status,
                    k.barriers_before,
                    k.barriers_after,
                    super::repairs::fmt_cost(k.cost_before),
                    super::repairs::fmt_cost(k.cost_after),
                    k.oracle_calls,
                    k.time_ms
                );
                if let Some(r) = &k.reason {
                    line.push_str(&format!(" ({r})"));
                }
                line
            })
            .collect()
    }
}

fn position(text: &str, offset: u32) -> Position {
    let at = crate::base::position_of(text, offset);
    Position {
        line: at.line,
        character: at.utf16,
    }
}

fn edit_json(text: &str, e: &TextEdit) -> EditJson {
    EditJson {
        range: Range {
            start: position(text, e.span.start),
            end: position(text, e.span.end),
            start_offset: e.span.start,
            end_offset: e.span.end,
        },
        new_text: e.new_text.clone(),
    }
}

/// What an edit of a kernel claims to achieve; [`accept`] holds it to that.
#[derive(Clone, Copy, Debug)]
pub struct Claim<'a> {
    /// Ranges (in the text before the edit) of the findings it addresses: no
    /// race or divergence may remain there, unless it is a `removal`.
    pub addresses: &'a [Span],
    /// It removes or moves barriers for cost: no finding goes away, but none
    /// may appear.
    pub removal: bool,
    /// It claims to make the kernel race-free (a whole-kernel repair).
    pub race_free: bool,
}

/// The one acceptance rule for repairs, shared by `fix` and the editor's code
/// actions. `before` is the number of defects (`DiagnosticKind::is_defect`)
/// of the kernel as written, when known; `after` the kernel's report once the
/// edited text was lowered and checked again; `edits` the edits (to map the
/// addressed ranges). A race-free claim needs a race-free verdict; otherwise
/// the addressed findings must be gone and the defects fewer (removals: not
/// more). Without `before`, only a race-free claim can be judged.
pub fn accept(
    before: Option<usize>,
    after: &KernelReport,
    edits: &[TextEdit],
    claim: Claim,
) -> Result<(), String> {
    if claim.race_free && after.verdict != Verdict::RaceFree {
        return Err(format!(
            "the kernel is still {} after the edit",
            after.verdict.as_str()
        ));
    }
    let mapped: Vec<Span> = claim
        .addresses
        .iter()
        .map(|s| Span {
            file: s.file,
            start: map_offset(s.start, edits),
            end: map_offset(s.end, edits),
        })
        .collect();
    let overlaps = |a: Span, b: Span| a.file == b.file && a.start <= b.end && b.start <= a.end;
    let still_there = after.findings.iter().any(|f| {
        matches!(
            f.kind,
            crate::check::DiagnosticKind::Race | crate::check::DiagnosticKind::Divergence
        ) && (mapped.iter().any(|a| overlaps(*a, f.span))
            || f.related
                .iter()
                .any(|(r, _)| mapped.iter().any(|a| overlaps(*a, *r))))
    });
    if still_there && !claim.removal {
        return Err("a finding the fix addresses remains".into());
    }
    let after_defects = after.defects();
    match before {
        Some(before) => {
            if after_defects > before || (!claim.removal && after_defects == before && before > 0) {
                return Err(format!("defects {before} -> {after_defects}"));
            }
        }
        None if claim.race_free => {}
        None => return Err("no report of the kernel before the edit to compare with".into()),
    }
    Ok(())
}

/// Syntax errors the front end reported for a program.
pub fn syntax_errors(program: &Program) -> usize {
    program.diagnostics.iter().filter(|d| d.is_error).count()
}

/// The kernel named `name` of `program` nearest byte `start` of the main file
/// (the kernel an edit was made to, found again in the edited text).
pub fn find_kernel<'p>(program: &'p Program, name: &str, start: u32) -> Option<&'p Kernel> {
    program
        .kernels
        .iter()
        .filter(|k| k.name == name)
        .min_by_key(|k| (i64::from(k.span.start) - i64::from(start)).abs())
}

/// Repairs every kernel of `program` with `repair` and `check` (the checker
/// used to re-check the edited text, which `relower` turns into a program).
/// Edits of kernels whose repaired text does not re-check race-free are
/// dropped and the kernel is reported inconclusive.
///
/// `check` is the checker `check` runs on the written text, with its solver
/// work units (not what the synthesis left of the kernel's), given the time
/// the kernel already spent (its synthesis and earlier re-checks), which
/// counts against the wall-clock backstop only: a kernel is reported
/// repaired only when a check of the repaired text finds it race-free, even
/// when the synthesis proved the same kernel race-free already (that check
/// may reuse the pairs the synthesis's checks proved race-free, each a
/// proof, but none of their solver caches: see `ide::fix`). The re-check's
/// time is added to the kernel's `time_ms`.
pub fn fix_program(
    path: &str,
    program: &Program,
    repair: &mut dyn FnMut(&Kernel, &[SourceFileInfo]) -> KernelRepair,
    check: &mut dyn FnMut(&Kernel, Duration) -> (KernelReport, u64),
    relower: &mut dyn FnMut(&str) -> Program,
) -> FileFix {
    let original = program
        .files
        .first()
        .map(|f| f.text.clone())
        .unwrap_or_default();
    let mut kernels: Vec<KernelRepair> = program
        .kernels
        .iter()
        // Kernels of included headers are fixed when their own file is.
        .filter(|k| k.span.file.0 == 0)
        .map(|k| repair(k, &program.files))
        .collect();
    for u in &program.unsupported {
        kernels.push(KernelRepair::inconclusive(
            &u.name,
            format!("unsupported kernel: {}", u.reason),
        ));
    }
    // Apply, re-check, and drop the repairs that do not hold up (at most once per kernel).
    for _ in 0..=kernels.len() {
        let mut edits: Vec<TextEdit> = Vec::new();
        for e in kernels
            .iter()
            .flat_map(|k| k.edits.iter().filter(|e| e.span.file.0 == 0))
        {
            // Two kernels calling one device function may write the same
            // barrier line in it: it is written once.
            if !edits.contains(e) {
                edits.push(e.clone());
            }
        }
        // Kernels whose edits are outside their own text: a barrier written
        // in a device function, which every kernel calling it runs.
        let outside_own = |k: &KernelRepair| {
            program
                .kernels
                .iter()
                .find(|o| o.name == k.name && o.span.file.0 == 0)
                .is_some_and(|o| super::writes_outside(o.span, &k.edits))
        };
        let shared_edits = kernels.iter().any(outside_own);
        let fixed = match apply_edits(&original, &edits) {
            Ok(t) => t,
            Err(why) => {
                for k in kernels.iter_mut().filter(|k| !k.edits.is_empty()) {
                    demote(k, &format!("its edits could not be applied: {why}"));
                }
                continue;
            }
        };
        if edits.is_empty() {
            return FileFix {
                path: path.to_string(),
                original: original.clone(),
                fixed,
                kernels,
            };
        }
        let reprogram = relower(&fixed);
        let mut failed = false;
        if syntax_errors(&reprogram) > syntax_errors(program) {
            for k in kernels.iter_mut().filter(|k| !k.edits.is_empty()) {
                demote(k, "the repaired text does not parse");
            }
            continue;
        }
        for k in kernels.iter_mut().filter(|k| !k.edits.is_empty()) {
            let original = program.kernels.iter().find(|o| o.name == k.name);
            let start = original.map_or(0, |o| map_offset(o.span.start, &edits));
            let Some(new_kernel) = find_kernel(&reprogram, &k.name, start) else {
                demote(k, "the repaired kernel could not be re-read");
                failed = true;
                continue;
            };
            // An edit that leaves a name out of its scope (a declaration
            // wrapped in braces) changes what the program means, and the
            // front end reads such a name as an unknown value: more unknown
            // names than the kernel as written had is a failed repair.
            let unknown_names = |k: &Kernel| {
                k.notes
                    .iter()
                    .filter(|(_, m)| m.starts_with("unknown identifier"))
                    .count()
            };
            if original.is_some_and(|o| unknown_names(new_kernel) > unknown_names(o)) {
                demote(k, "the repaired text names a variable outside its scope");
                failed = true;
                continue;
            }
            // A `repaired` kernel claims race-freedom; other edits (cost only)
            // must not add defects to the kernel as written.
            let race_free = k.status == RepairStatus::Repaired;
            // The re-checks' backstop counts the repair's time on the budget
            // clock (CPU time on the command line: the load does not count).
            let started = crate::base::clock::Stopwatch::start();
            // The re-checks' solver work counts in the kernel's `work_units`.
            let (report, work) = check(new_kernel, k.budget_spent);
            k.work_units = k.work_units.saturating_add(work);
            let before = match original {
                Some(o) if !race_free => {
                    let (before, work) = check(o, k.budget_spent + started.elapsed());
                    k.work_units = k.work_units.saturating_add(work);
                    Some(before.defects())
                }
                _ => None,
            };
            let recheck_ms = started.wall_elapsed().as_secs_f64() * 1000.0;
            k.time_ms += recheck_ms;
            k.times.checker_ms += recheck_ms;
            let claim = Claim {
                addresses: &[],
                removal: true,
                race_free,
            };
            if let Err(why) = accept(before, &report, &edits, claim) {
                let why = if race_free && report.verdict != Verdict::RaceFree {
                    format!("the repaired text re-checks as {}", report.verdict.as_str())
                } else {
                    why
                };
                demote(k, &why);
                failed = true;
            }
        }
        // A barrier written in a device function also runs in the other
        // kernels that call it: none of them may get a defect it did not
        // have (a barrier in a thread-dependent branch of one of them
        // diverges), else the kernels that wrote outside their own text give
        // up their edits.
        if shared_edits && !failed {
            for o in program.kernels.iter().filter(|o| o.span.file.0 == 0) {
                if kernels
                    .iter()
                    .any(|k| k.name == o.name && !k.edits.is_empty())
                {
                    continue;
                }
                let start = map_offset(o.span.start, &edits);
                let worse = match find_kernel(&reprogram, &o.name, start) {
                    Some(new_kernel) => {
                        let (before, _) = check(o, Duration::ZERO);
                        let (after, _) = check(new_kernel, Duration::ZERO);
                        // Fewer races but a new divergence is no better: a
                        // kind of defect it did not have, more defects, or
                        // another verdict (other than race-free) is worse.
                        let new_kind = after.findings.iter().any(|f| {
                            f.kind.is_defect() && !before.findings.iter().any(|b| b.kind == f.kind)
                        });
                        new_kind
                            || after.defects() > before.defects()
                            || (after.verdict != before.verdict
                                && after.verdict != Verdict::RaceFree)
                    }
                    None => true,
                };
                if worse {
                    let why = format!(
                        "a barrier it writes in a device function changes kernel `{}`, which calls the function too",
                        o.name
                    );
                    for k in kernels.iter_mut().filter(|k| outside_own(k)) {
                        demote(k, &why);
                    }
                    failed = true;
                    break;
                }
            }
        }
        if !failed {
            return FileFix {
                path: path.to_string(),
                original: original.clone(),
                fixed,
                kernels,
            };
        }
    }
    FileFix {
        path: path.to_string(),
        fixed: original.clone(),
        original,
        kernels,
    }
}

fn demote(k: &mut KernelRepair, why: &str) {
    k.status = RepairStatus::Inconclusive;
    k.reason = Some(why.to_string());
    k.edits.clear();
    k.barriers_after = k.barriers_before;
    k.cost_after = k.cost_before;
}

/// Reads, repairs and re-checks one file with the real front end and checker.
pub fn fix_source(
    path: &Path,
    text: &str,
    opts: &SynthOptions,
    includes: &dyn IncludeResolver,
) -> FileFix {
    let program = lower_source(path, text, includes);
    let check_opts = opts.check.clone();
    let mut repair = |k: &Kernel, files: &[SourceFileInfo]| super::repair_kernel(k, files, opts);
    // `check`'s work units, behind what is left of the kernel's backstop.
    let mut check = |k: &Kernel, spent: Duration| {
        let mut budget = crate::check::KernelBudget::after_front_end(&check_opts, spent);
        let work_at_start = budget.work_left();
        let report = crate::check::check_kernel_within(k, &check_opts, &mut budget);
        (report, work_at_start.saturating_sub(budget.work_left()))
    };
    let mut relower = |t: &str| lower_source(path, t, includes);
    fix_program(
        &path.display().to_string(),
        &program,
        &mut repair,
        &mut check,
        &mut relower,
    )
}

/// `opts` with the per-kernel budget reduced by `spent` (at least 1 ms, so
/// that an exhausted budget gives an inconclusive check, never a default one).
pub fn remaining_budget(opts: &CheckOptions, spent: Duration) -> CheckOptions {
    let budget = if opts.kernel_budget_ms == 0 {
        CheckOptions::default().kernel_budget_ms
    } else {
        opts.kernel_budget_ms
    };
    CheckOptions {
        kernel_budget_ms: budget.saturating_sub(spent.as_millis() as u64).max(1),
        ..opts.clone()
    }
}

/// [`fix_source`] reading the file and its includes from disk.
pub fn fix_path(path: &Path, opts: &SynthOptions) -> std::io::Result<FileFix> {
    let bytes = std::fs::read(path)?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Ok(fix_source(path, &text, opts, &FsIncludes))
}

/// Writes `text` to `path` atomically: a temporary file in the same directory, then a rename.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.syncwright-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
