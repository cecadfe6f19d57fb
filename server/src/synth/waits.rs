//! Repairs of warp-specialized synchronisation: insert the wait an
//! asynchronous copy is missing (`async-copy`), and set a named barrier's
//! thread count to the threads that reach it (`barrier-deadlock` count
//! mismatch). Edits touch the user's text only; callers validate them by
//! checking the edited text again.

use crate::base::Span;
use crate::check::{DiagnosticKind, Finding};
use crate::ir::walk::{for_each_stmt, LabelTree};
use crate::ir::{BarrierScope, Kernel, StmtId, StmtKind};

use super::TextEdit;

/// A repair: its title and edits.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncEdit {
    /// Menu title.
    pub title: String,
    /// Edits of the main file.
    pub edits: Vec<TextEdit>,
}

/// The wait statement matching the copy written at `copy` in `text`.
fn wait_for(text: &str, copy: Span) -> Option<&'static str> {
    let call = text.get(copy.start as usize..copy.end as usize)?;
    if call.contains("__pipeline_memcpy_async") {
        Some("__pipeline_wait_prior(0);")
    } else if call.contains("cp.async") || call.contains("asm") {
        Some("asm volatile(\"cp.async.wait_all;\\n\" ::: \"memory\");")
    } else {
        None
    }
}

/// Byte offset of the start of the line holding `at`, and that line's indentation.
fn line_start(text: &str, at: usize) -> (usize, String) {
    let start = text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let indent: String = text[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    (start, indent)
}

/// Inserts the missing wait for an `async-copy` finding: before the last
/// block barrier between the copy and the access when there is one (so the
/// barrier publishes the landed data), else right before the access.
pub fn missing_wait(kernel: &Kernel, finding: &Finding, text: &str) -> Option<SyncEdit> {
    if finding.kind != DiagnosticKind::AsyncCopy {
        return None;
    }
    let is_async = |id: StmtId| kernel.asyncs.accesses.contains(&id);
    // (copy statement, the other access)
    let (copy, access) = match &finding.race {
        Some(r) if is_async(r.first) => (r.first, r.second),
        Some(r) if is_async(r.second) => (r.second, r.first),
        Some(_) => return None,
        None => {
            let access = kernel
                .asyncs
                .same_thread
                .iter()
                .find(|(_, x)| stmt(kernel, *x).is_some_and(|s| s.span == finding.span))?;
            *access
        }
    };
    // The call site in the kernel (copies inlined from helpers sit at their call).
    let copy_stmt = stmt(kernel, copy)?;
    let access_stmt = stmt(kernel, access)?;
    let copy_site = copy_stmt.inlined_at.unwrap_or(copy_stmt.span);
    let wait = wait_for(text, copy_stmt.span).or_else(|| wait_for(text, copy_site))?;
    let tree = LabelTree::new(kernel);
    let pos = |id: StmtId| tree.position(id);
    let access_pos = pos(access)?;
    // The issue: the earliest copy access with this span (landings come later).
    let mut issue_pos = None;
    for_each_stmt(&kernel.body, &mut |s| {
        if kernel.asyncs.accesses.contains(&s.id) && s.span == copy_stmt.span && issue_pos.is_none()
        {
            issue_pos = pos(s.id);
        }
    });
    let issue_pos = issue_pos?;
    let mut barrier = None;
    for_each_stmt(&kernel.body, &mut |s| {
        if let StmtKind::Barrier {
            scope: BarrierScope::Block,
            ..
        } = s.kind
        {
            if let Some(p) = pos(s.id) {
                if p > issue_pos && p < access_pos {
                    barrier = Some(s.inlined_at.unwrap_or(s.stmt_span));
                }
            }
        }
    });
    let before = barrier.unwrap_or(access_stmt.inlined_at.unwrap_or(access_stmt.stmt_span));
    if before.file.0 != 0 {
        return None;
    }
    let (at, indent) = line_start(text, before.start as usize);
    Some(SyncEdit {
        title: format!("Insert `{wait}` to complete the asynchronous copy"),
        edits: vec![TextEdit {
            span: Span {
                file: before.file,
                start: at as u32,
                end: at as u32,
            },
            new_text: format!("{indent}{wait}\n"),
        }],
    })
}

fn stmt(kernel: &Kernel, id: StmtId) -> Option<&crate::ir::Stmt> {
    crate::ir::walk::find_stmt(&kernel.body, id)
}

/// For a count-mismatch `barrier-deadlock`: the named barrier's count is a
/// literal in the PTX text of each operation of the generation; replace it
/// by the number of threads that arrive (stated in the finding).
pub fn fix_barrier_count(finding: &Finding, text: &str) -> Option<SyncEdit> {
    if finding.kind != DiagnosticKind::BarrierDeadlock {
        return None;
    }
    // "count mismatch: named barrier B expects X threads, but Y threads ..."
    let rest = finding
        .message
        .strip_prefix("count mismatch: named barrier ")?;
    let (id, rest) = rest.split_once(" expects ")?;
    let (expected, rest) = rest.split_once(" threads, but ")?;
    let (arrived, _) = rest.split_once(" threads")?;
    let (id, expected, arrived): (i64, i64, i64) = (
        id.parse().ok()?,
        expected.parse().ok()?,
        arrived.parse().ok()?,
    );
    if arrived <= 0 || arrived % 32 != 0 {
        // PTX counts must be multiples of the warp size.
        return None;
    }
    let spans = std::iter::once(finding.span).chain(finding.related.iter().map(|(s, _)| *s));
    let mut edits = Vec::new();
    for span in spans {
        if span.file.0 != 0 {
            return None;
        }
        let op = text.get(span.start as usize..span.end as usize)?;
        let pattern = format!("{id}, {expected}");
        let found: Vec<usize> = op.match_indices(&pattern).map(|(i, _)| i).collect();
        let [i] = found.as_slice() else { return None };
        let start = span.start as usize + i + format!("{id}, ").len();
        edits.push(TextEdit {
            span: Span {
                file: span.file,
                start: start as u32,
                end: (start + expected.to_string().len()) as u32,
            },
            new_text: arrived.to_string(),
        });
    }
    Some(SyncEdit {
        title: format!(
            "Set the thread count of named barrier {id} to {arrived} (the threads that reach it)"
        ),
        edits,
    })
}
