//! Hover texts (Markdown): kernel names, barriers, memory accesses, findings.

use std::fmt::Write as _;

use ropey::Rope;

use super::host::{AnalysisHost, DocAnalysis, KernelResult};
use super::Settings;
use crate::base::{FileId, Span};
use crate::check::{Race, Verdict};
use crate::ir::{Block, Stmt, StmtKind};
use crate::synth::repairs::fmt_cost;
use crate::synth::BarrierInfo;

/// Whether the hover at `offset` needs blocking work: a barrier's needs the
/// synthesizer (see [`AnalysisHost::barriers`]); every other hover (bank
/// degrees included: they come with the analysis) is read off it at once.
pub fn needs_blocking(analysis: &DocAnalysis, offset: u32) -> bool {
    analysis.kernel_at(offset as usize).is_some_and(|kernel| {
        let name = kernel.kernel.name_span;
        !(name.start <= offset && offset <= name.end)
            && stmt_at(&kernel.kernel.body, offset, &is_barrier).is_some()
    })
}

/// The shared array whose declaration contains `offset`.
fn shared_array_at(kernel: &KernelResult, offset: u32) -> Option<crate::ir::ArrayId> {
    kernel
        .kernel
        .arrays
        .iter()
        .position(|a| {
            a.space == crate::ir::MemSpace::Shared
                && a.span.file == FileId(0)
                && a.span.start <= offset
                && offset <= a.span.end
        })
        .map(|i| crate::ir::ArrayId(i as u32))
}

/// The hover at byte `offset` of an analysed document, as Markdown: the
/// kernel's verdict on its name, what a barrier orders, what an access may
/// race with, then the findings there. None when there is nothing to say.
pub fn hover(
    host: &AnalysisHost,
    settings: &Settings,
    analysis: &DocAnalysis,
    offset: u32,
) -> Result<Option<String>, String> {
    let mut sections = Vec::new();
    if let Some(kernel) = analysis.kernel_at(offset as usize) {
        let name = kernel.kernel.name_span;
        if name.start <= offset && offset <= name.end {
            sections.push(kernel_hover(kernel));
        } else if let Some(named) = stmt_at(&kernel.kernel.body, offset, &is_named_barrier) {
            sections.push(named_barrier_hover(&analysis.rope, kernel, named));
        } else if let Some(barrier) = stmt_at(&kernel.kernel.body, offset, &is_barrier) {
            let infos = host.barriers(settings, kernel)?;
            if let Some(info) = infos.iter().find(|i| i.stmt == barrier.id) {
                sections.push(barrier_hover(&analysis.rope, settings, info));
            }
        } else if let Some(access) = stmt_at(&kernel.kernel.body, offset, &is_access) {
            sections.push(access_hover(&analysis.rope, kernel, access));
            // Bank degrees only with `perf` (the analysis ran with the check).
            if let Some(banks) = kernel.banks.as_deref().filter(|_| settings.perf) {
                sections.extend(crate::check::banks::access_hover(banks, access.id));
            }
        } else if let Some(array) = shared_array_at(kernel, offset).filter(|_| settings.perf) {
            if let Some(banks) = kernel.banks.as_deref() {
                let line = |span: Span| line_of(&analysis.rope, span) as u32;
                sections.extend(crate::check::banks::array_hover(banks, array, &line));
            }
        }
    }
    // What a builtin called there is, from the builtin table (barriers have
    // their own section above, read off the checked kernel).
    if analysis.kernel_at(offset as usize).is_some() {
        sections.extend(builtin_hover(&analysis.rope, offset));
    }
    sections.extend(findings_hover(analysis, offset));
    Ok((!sections.is_empty()).then(|| sections.join("\n---\n\n")))
}

/// Hover of a call of a builtin whose name holds `offset`: its kind and how
/// the analysis models it ([`crate::frontend::builtins::classify`]). None for
/// names the table does not know and for synchronising builtins.
fn builtin_hover(rope: &Rope, offset: u32) -> Option<String> {
    let at = rope.try_byte_to_char(offset as usize).ok()?;
    let from = at.saturating_sub(64);
    let to = (at + 64).min(rope.len_chars());
    let window: Vec<char> = rope.get_slice(from..to)?.chars().collect();
    let cursor = at - from;
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let start = window[..cursor]
        .iter()
        .rposition(|&c| !ident(c))
        .map_or(0, |i| i + 1);
    let end = window[cursor..]
        .iter()
        .position(|&c| !ident(c))
        .map_or(window.len(), |i| cursor + i);
    let name: String = window.get(start..end)?.iter().collect();
    let called = window[end..].iter().find(|c| !c.is_whitespace()) == Some(&'(');
    let preceded = window[..start].iter().rev().find(|c| !c.is_whitespace());
    if name.is_empty() || !called || preceded.is_some_and(|&c| c == '.') {
        return None;
    }
    let kind = crate::frontend::builtins::classify(&name).filter(|k| !k.synchronizes())?;
    Some(format!(
        "**{}** `{name}`\n\n{}\n",
        kind.title(),
        kind.summary()
    ))
}

/// The innermost statement of `block` whose span contains `offset`, if it satisfies `want`.
pub fn stmt_at<'k>(
    block: &'k Block,
    offset: u32,
    want: &dyn Fn(&StmtKind) -> bool,
) -> Option<&'k Stmt> {
    for stmt in &block.stmts {
        let inner = match &stmt.kind {
            StmtKind::If { then_, else_, .. } => {
                stmt_at(then_, offset, want).or_else(|| stmt_at(else_, offset, want))
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => stmt_at(cond_prelude, offset, want)
                .or_else(|| stmt_at(body, offset, want))
                .or_else(|| stmt_at(step, offset, want)),
            _ => None,
        };
        if inner.is_some() {
            return inner;
        }
        if stmt.span.file == FileId(0)
            && stmt.span.start <= offset
            && offset < stmt.span.end.max(stmt.span.start + 1)
            && want(&stmt.kind)
        {
            return Some(stmt);
        }
    }
    None
}

/// Whether a statement is a barrier.
pub fn is_barrier(kind: &StmtKind) -> bool {
    matches!(kind, StmtKind::Barrier { .. })
}

/// Whether a statement is a named or split barrier operation.
pub fn is_named_barrier(kind: &StmtKind) -> bool {
    matches!(kind, StmtKind::NamedBarrier { .. })
}

/// Hover of a named or split barrier operation: what it does, its id and
/// count, and which warps reach it.
pub fn named_barrier_hover(rope: &Rope, kernel: &KernelResult, stmt: &Stmt) -> String {
    let StmtKind::NamedBarrier {
        op, barrier, count, ..
    } = &stmt.kind
    else {
        return String::new();
    };
    let k = &kernel.kernel;
    let mut md = String::new();
    let which = match barrier {
        crate::ir::Expr::Int(id, _) if *id >= 16 => format!("split barrier object #{}", id - 16),
        crate::ir::Expr::Int(id, _) => format!("named barrier {id}"),
        other => format!(
            "named barrier `{}`",
            crate::ir::pretty::pretty_expr(k, other)
        ),
    };
    let _ = writeln!(
        md,
        "**{which}** `{}`
",
        snippet(rope, stmt.span)
    );
    let what = match op {
        crate::ir::NamedOp::Sync => "Arrives and waits until the generation completes (`bar.sync`, `arrive_and_wait`): orders what every participant did before its arrival before what this thread does next.",
        crate::ir::NamedOp::Arrive => "Arrives without waiting (`bar.arrive`, `arrive()`): publishes this thread's earlier accesses to the threads that wait for this generation; orders nothing after it for this thread.",
        crate::ir::NamedOp::ArriveAndDrop => "Arrives without waiting and leaves the barrier: later phases expect one thread less.",
        crate::ir::NamedOp::Wait => "Waits for the generation of the token's arrival (`wait(token)`).",
        crate::ir::NamedOp::WaitParity => "Waits for the phase of the given parity (`try_wait.parity`, `wait_parity`): the first phase this thread does not yet know complete, when its parity matches; otherwise it may return at once.",
    };
    let _ = writeln!(
        md,
        "{what}
"
    );
    if let Some(c) = count {
        let _ = writeln!(
            md,
            "Expected threads per generation: `{}`.
",
            crate::ir::pretty::pretty_expr(k, c)
        );
    }
    match crate::check::named::reaching_threads(k, &kernel.options, stmt.id) {
        Some(threads) if !threads.is_empty() => {
            let _ = writeln!(
                md,
                "Reached by {} thread{} (warps {}).",
                threads.len(),
                if threads.len() == 1 { "" } else { "s" },
                crate::check::named::warps_of(&threads)
            );
        }
        Some(_) => md.push_str("Reached by no thread.\n"),
        None => {
            md.push_str("Which warps reach it is not known (block size or control flow unknown).\n")
        }
    }
    md
}

/// Whether a statement is a shared/global memory access.
pub fn is_access(kind: &StmtKind) -> bool {
    matches!(
        kind,
        StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::Atomic { .. }
    )
}

/// Source text of a main-file span, shortened.
pub fn snippet(rope: &Rope, span: Span) -> String {
    if span.file != FileId(0) {
        return "(in a header)".into();
    }
    let text = rope
        .get_byte_slice(span.start as usize..span.end as usize)
        .map(|s| s.to_string())
        .unwrap_or_default();
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 60 {
        let cut: String = one_line.chars().take(57).collect();
        format!("{cut}...")
    } else {
        one_line
    }
}

/// 1-based line of a main-file span.
pub fn line_of(rope: &Rope, span: Span) -> usize {
    rope.byte_to_line((span.start as usize).min(rope.len_bytes())) + 1
}

fn race_line(rope: &Rope, race: &Race) -> String {
    format!(
        "{} race on `{}`: `{}` (line {}) and `{}` (line {})",
        race.kind.as_str(),
        race.array,
        snippet(rope, race.first_span),
        line_of(rope, race.first_span),
        snippet(rope, race.second_span),
        line_of(rope, race.second_span)
    )
}

/// Hover of a barrier from its description.
pub fn barrier_hover(rope: &Rope, settings: &Settings, info: &BarrierInfo) -> String {
    let mut md = String::new();
    if info.scope == crate::ir::BarrierScope::Warp {
        let _ = writeln!(md, "**warp barrier** `{}`\n", snippet(rope, info.span));
        md.push_str(
            "Orders the memory accesses of the threads of each 32-thread warp; threads of different warps stay unordered. Every thread of a warp must reach it.\n\n",
        );
    } else {
        let _ = writeln!(md, "**barrier** `{}`\n", snippet(rope, info.span));
    }
    if info.scope == crate::ir::BarrierScope::Block {
        let _ = writeln!(
            md,
            "Cost **{}** = LC^loops x IC^conds = {}^{} x {}^{} ({} enclosing loop{}, {} enclosing conditional{}).\n",
            fmt_cost(info.cost),
            fmt_cost(settings.cost.loop_cost),
            info.loops,
            fmt_cost(settings.cost.cond_cost),
            info.conds,
            info.loops,
            if info.loops == 1 { "" } else { "s" },
            info.conds,
            if info.conds == 1 { "" } else { "s" },
        );
    }
    if info.redundant {
        md.push_str("**Redundant**: the kernel stays race-free without it.\n");
    } else if info.orders.is_empty() {
        md.push_str("Removing it alone introduces no race, but other barriers depend on it.\n");
    } else {
        let _ = writeln!(
            md,
            "Orders {} race{} (they appear without it):\n",
            info.orders.len(),
            if info.orders.len() == 1 { "" } else { "s" }
        );
        for race in info.orders.iter().take(10) {
            let _ = writeln!(md, "- {}", race_line(rope, race));
        }
        if info.orders.len() > 10 {
            let _ = writeln!(md, "- ... and {} more", info.orders.len() - 10);
        }
    }
    md
}

/// Hover of a memory access from the kernel's report.
pub fn access_hover(rope: &Rope, kernel: &KernelResult, access: &Stmt) -> String {
    let mut md = String::new();
    let what = match &access.kind {
        StmtKind::Read { .. } => "read",
        StmtKind::Write { .. } => "write",
        _ => "atomic access",
    };
    let array = match &access.kind {
        StmtKind::Read { access, .. }
        | StmtKind::Write { access, .. }
        | StmtKind::Atomic { access, .. } => kernel
            .kernel
            .arrays
            .get(access.array.0 as usize)
            .map(|a| a.name.clone())
            .unwrap_or_default(),
        _ => String::new(),
    };
    let _ = writeln!(
        md,
        "**{what}** of `{array}`: `{}`\n",
        snippet(rope, access.span)
    );
    let mut races: Vec<&Race> = Vec::new();
    // `races` has every (pair, loop relation); show each pair once.
    for race in kernel.report.races.iter().chain(
        kernel
            .report
            .findings
            .iter()
            .filter_map(|f| f.race.as_ref()),
    ) {
        let involved = race.first == access.id || race.second == access.id;
        if involved
            && !races
                .iter()
                .any(|r| (r.first, r.second) == (race.first, race.second))
        {
            races.push(race);
        }
    }
    if !races.is_empty() {
        let _ = writeln!(md, "May race with:\n");
        for race in races.iter().take(10) {
            let other = if race.first == access.id {
                race.second_span
            } else {
                race.first_span
            };
            let benign = if race.benign {
                " (benign: same value written)"
            } else {
                ""
            };
            let _ = writeln!(
                md,
                "- `{}` (line {}): {}{benign}",
                snippet(rope, other),
                line_of(rope, other),
                race.kind.as_str()
            );
        }
        return md;
    }
    match kernel.report.verdict {
        Verdict::Inconclusive | Verdict::Unsupported => {
            let _ = writeln!(md, "Not decided: the kernel is {}.", kernel.report.verdict.as_str());
        }
        _ => md.push_str("**Proven race-free**: no other thread can access the same location between the same barriers.\n"),
    }
    md
}

/// Hover of the findings at `offset` (kind title, message, explanation).
pub fn findings_hover(analysis: &DocAnalysis, offset: u32) -> Option<String> {
    let mut md = String::new();
    for kernel in &analysis.kernels {
        for finding in &kernel.report.findings {
            let s = finding.span;
            if s.file == FileId(0) && s.start <= offset && offset <= s.end {
                let _ = writeln!(
                    md,
                    "**{}** (`{}`): {}\n\n{}\n",
                    finding.kind.title(),
                    finding.kind.code(),
                    finding.message,
                    finding.kind.explanation()
                );
            }
        }
    }
    (!md.is_empty()).then_some(md)
}

/// Hover of a kernel name: verdict, time, and the launch configuration used.
pub fn kernel_hover(kernel: &KernelResult) -> String {
    let report = &kernel.report;
    let count = |kind| report.findings.iter().filter(|f| f.kind == kind).count();
    let dims = |d: Option<[u32; 3]>| match d {
        Some([x, y, z]) => format!("[{x}, {y}, {z}]"),
        None => "symbolic".to_string(),
    };
    let launch = &kernel.options.launch;
    let mut md = format!(
        "**kernel** `{}`: **{}**\n\n",
        report.name,
        report.verdict.as_str()
    );
    let _ = writeln!(
        md,
        "{} race{}, {} divergent barrier{}, checked in {:.1} ms with {} solver quer{}.\n",
        count(crate::check::DiagnosticKind::Race),
        if count(crate::check::DiagnosticKind::Race) == 1 {
            ""
        } else {
            "s"
        },
        count(crate::check::DiagnosticKind::Divergence),
        if count(crate::check::DiagnosticKind::Divergence) == 1 {
            ""
        } else {
            "s"
        },
        report.time_ms,
        report.solver_queries,
        if report.solver_queries == 1 {
            "y"
        } else {
            "ies"
        },
    );
    let _ = writeln!(
        md,
        "blockDim {}, gridDim {}{}",
        dims(launch.block_dim),
        dims(launch.grid_dim),
        if kernel.options.warp_sync {
            ", warp-synchronous semantics"
        } else {
            ""
        }
    );
    md
}
