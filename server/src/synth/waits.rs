//! Repairs of warp-specialized synchronisation: insert the wait an
//! asynchronous copy is missing (`async-copy`) or a `cuda::barrier` arrival
//! whose token nobody waits for (`race`), and set a named barrier's thread
//! count or a barrier object's expected count to the threads that reach it
//! (`barrier-deadlock` count mismatch). Edits touch the user's text only; callers validate them by
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

/// Splits the text of a call's arguments (what is between its outer
/// parentheses) at its top-level commas.
fn call_args(call: &str) -> Option<(&str, Vec<&str>)> {
    let open = call.find('(')?;
    let close = call.rfind(')')?;
    let inner = call.get(open + 1..close)?;
    let mut args = Vec::new();
    let (mut depth, mut from) = (0i32, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            ',' if depth == 0 => {
                args.push(inner[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
    }
    args.push(inner[from..].trim());
    Some((call[..open].trim(), args))
}

/// Whether `s` is a plain object expression (a name, with member accesses or
/// constant indexing), safe to repeat in an inserted statement.
fn is_object_expr(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '[' | ']' | ' '))
}

/// The text of the kernel before `at` declares `name` as a `cuda::pipeline`
/// (its declaration statement mentions `pipeline`).
fn declared_as_pipeline(text: &str, kernel: Span, at: usize, name: &str) -> bool {
    declares_such(text, kernel, at, name, |stmt| stmt.contains("pipeline"))
}

/// Some statement of the kernel's text before `at` declares `name` and
/// satisfies `such`.
fn declares_such(
    text: &str,
    kernel: Span,
    at: usize,
    name: &str,
    such: impl Fn(&str) -> bool,
) -> bool {
    let from = (kernel.start as usize).min(at);
    let Some(body) = text.get(from..at) else {
        return false;
    };
    body.split(';').any(|stmt| {
        let declares = stmt
            .match_indices(name)
            .any(|(i, _)| is_declared_name(stmt, i, name));
        declares && such(stmt)
    })
}

/// `name` at byte `i` of `stmt` is a whole identifier followed by `=`, `(`,
/// `{` or the end of the statement (a declarator).
fn is_declared_name(stmt: &str, i: usize, name: &str) -> bool {
    let before = stmt[..i].chars().next_back();
    let after = stmt[i + name.len()..].trim_start().chars().next();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    !before.is_some_and(ident)
        && before.is_some_and(|c| c.is_whitespace() || c == '>' || c == '&' || c == '*')
        && after.is_none_or(|c| matches!(c, '=' | '(' | '{'))
}

/// The wait statement matching the copy written at `copy` in `text`.
fn wait_for(text: &str, kernel: Span, copy: Span) -> Option<String> {
    let call = text.get(copy.start as usize..copy.end as usize)?;
    if call.contains("__pipeline_memcpy_async") {
        return Some("__pipeline_wait_prior(0);".into());
    }
    if call.contains("cp.async") || call.contains("asm") {
        return Some("asm volatile(\"cp.async.wait_all;\\n\" ::: \"memory\");".into());
    }
    let (callee, args) = call_args(call)?;
    let prefix = callee.strip_suffix("memcpy_async")?;
    let [first, _, _, last] = args.as_slice() else {
        return None;
    };
    let group_form = prefix.contains("cg::")
        || prefix.contains("cooperative_groups::")
        || (!prefix.contains("cuda::") && !first.starts_with('&'));
    if group_form {
        // `cooperative_groups::memcpy_async(group, dst, src, size)`: the
        // group's `wait` completes every copy it issued.
        return is_object_expr(first).then(|| format!("{prefix}wait({first});"));
    }
    // `cuda::memcpy_async(dst, src, size, sync)`: a pipeline's stage is
    // completed by `consumer_wait`, a barrier's phase by a wait of the phase
    // the copy joined (`arrive_and_wait`).
    let (object, member) = match last.strip_prefix('*') {
        Some(pointer) => (pointer.trim(), "->"),
        None => (*last, "."),
    };
    if !is_object_expr(object) {
        return None;
    }
    if declared_as_pipeline(text, kernel, copy.start as usize, object) {
        Some(format!("{object}{member}consumer_wait();"))
    } else {
        Some(format!("{object}{member}arrive_and_wait();"))
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
    if let Some(edit) = missing_token_wait(kernel, finding, text) {
        // A copy on a `cuda::barrier` whose phase the thread arrived at:
        // waiting for that arrival's token completes it.
        return Some(edit);
    }
    let wait = wait_for(text, kernel.span, copy_stmt.span)
        .or_else(|| wait_for(text, kernel.span, copy_site))?;
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

/// [`missing_wait`], then, when that wait is `pipe.consumer_wait()` on a
/// thread's own pipeline (`cuda::make_pipeline()`), the same insertion of
/// `cuda::pipeline_consumer_wait_prior<0>(pipe)`: `consumer_wait` waits for
/// the oldest stage not released, which is not the copy's when the loop
/// commits more stages than it waits for (a reissue before the wait of the
/// previous copy), while `wait_prior<0>` (`cp.async.wait_group 0`)
/// completes every copy the thread committed. libcu++ has it for thread
/// pipelines only, so a block pipeline gets the first edit alone. Callers
/// keep an edit only if the edited text checks with fewer defects.
pub fn missing_waits(kernel: &Kernel, finding: &Finding, text: &str) -> Vec<SyncEdit> {
    let Some(first) = missing_wait(kernel, finding, text) else {
        return Vec::new();
    };
    let all = first.edits.first().and_then(|e| {
        let wait = e.new_text.trim();
        let (object, deref) = match wait.strip_suffix(".consumer_wait();") {
            Some(object) => (object, ""),
            None => (wait.strip_suffix("->consumer_wait();")?, "*"),
        };
        let at = e.span.start as usize;
        if !is_object_expr(object) || !declared_as_thread_pipeline(text, kernel.span, at, object) {
            return None;
        }
        let all = format!("cuda::pipeline_consumer_wait_prior<0>({deref}{object});");
        Some(SyncEdit {
            title: format!("Insert `{all}` to complete the asynchronous copy"),
            edits: vec![TextEdit {
                span: e.span,
                new_text: e.new_text.replacen(wait, &all, 1),
            }],
        })
    });
    std::iter::once(first).chain(all).collect()
}

/// The text of the kernel before `at` declares `name` as a thread's own
/// pipeline: its declaration statement calls `make_pipeline()` without
/// arguments (a block pipeline takes the group and its shared state).
fn declared_as_thread_pipeline(text: &str, kernel: Span, at: usize, name: &str) -> bool {
    declares_such(text, kernel, at, name, |stmt| {
        let compact: String = stmt.chars().filter(|c| !c.is_whitespace()).collect();
        compact.contains("make_pipeline()")
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

/// The object expression ending at byte `end` of `text` (a name with member
/// accesses and balanced indexing, `bars[k % 2]`), and where it starts.
fn object_before(text: &str, end: usize) -> Option<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut i = end;
    let mut depth = 0i32;
    while i > 0 {
        let c = bytes[i - 1];
        match c {
            b']' => depth += 1,
            b'[' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            b'_' | b'.' => {}
            _ if c.is_ascii_alphanumeric() => {}
            _ => break,
        }
        i -= 1;
    }
    let object = text.get(i..end)?;
    (depth == 0 && is_object_start(object)).then_some((i, object))
}

fn is_object_start(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Whether `word` occurs in `s` as a whole identifier.
fn has_word(s: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    s.match_indices(word).any(|(i, _)| {
        !s[..i].chars().next_back().is_some_and(ident)
            && !s[i + word.len()..].chars().next().is_some_and(ident)
    })
}

/// The last `token = bar.arrive(..)` of the kernel's text before `at` whose
/// token no `wait(..)` of the kernel names and whose scope is still open at
/// `at` (the braces between never close below its level): `(bar, token)`.
fn unwaited_arrival(text: &str, kernel: Span, at: usize) -> Option<(String, String)> {
    let start = kernel.start as usize;
    let body = text.get(start..at)?;
    let whole = text.get(start..(kernel.end as usize).max(at))?;
    for (i, _) in body.rmatch_indices(".arrive(") {
        let Some((bar_at, bar)) = object_before(body, i) else {
            continue;
        };
        let Some(lhs) = body[..bar_at].trim_end().strip_suffix('=') else {
            continue;
        };
        let lhs = lhs.trim_end();
        let Some((_, token)) = object_before(lhs, lhs.len()) else {
            continue;
        };
        if !token.chars().all(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let mut depth = 0i32;
        let scoped = body[i..].chars().all(|c| {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            depth >= 0
        });
        let waited = whole[i..].match_indices("wait(").any(|(w, _)| {
            let call = &whole[i + w..];
            let call = &call[..call.find(';').unwrap_or(call.len())];
            has_word(call, token)
        });
        // The arrival's statement ends before the line of `at` (the wait is
        // inserted at the start of that line).
        let (line, _) = line_start(text, at);
        let ends_before = body[i..]
            .find(';')
            .is_some_and(|semi| start + i + semi < line);
        if scoped && !waited && ends_before {
            return Some((bar.to_string(), token.to_string()));
        }
        // An earlier arrival's token is not the one this access needs.
        return None;
    }
    None
}

/// For a race (or a copy on a `cuda::barrier`) whose later access follows
/// a `token = bar.arrive()` with no wait of that token anywhere: insert
/// `bar.wait(std::move(token));` before the access, so the thread waits for
/// the phase it arrived at (the other thread's access before its arrival
/// then happens before). A wait written later is the move's case
/// (`moves.rs`), not this one.
pub fn missing_token_wait(kernel: &Kernel, finding: &Finding, text: &str) -> Option<SyncEdit> {
    if !matches!(
        finding.kind,
        DiagnosticKind::Race | DiagnosticKind::AsyncCopy
    ) || kernel.span.file.0 != 0
    {
        return None;
    }
    let race = finding.race.as_ref()?;
    let mut sites: Vec<Span> = [race.first, race.second]
        .iter()
        .filter_map(|id| stmt(kernel, *id))
        .map(|s| s.inlined_at.unwrap_or(s.stmt_span))
        .filter(|s| s.file.0 == 0 && s.start >= kernel.span.start && s.end <= kernel.span.end)
        .collect();
    sites.sort_by_key(|s| std::cmp::Reverse(s.start));
    sites.dedup();
    let site = sites.first()?;
    let (bar, token) = unwaited_arrival(text, kernel.span, site.start as usize)?;
    let (at, indent) = line_start(text, site.start as usize);
    let wait = format!("{bar}.wait(std::move({token}));");
    Some(SyncEdit {
        title: format!("Insert `{wait}` to wait for the phase the thread arrived at"),
        edits: vec![TextEdit {
            span: Span {
                file: site.file,
                start: at as u32,
                end: at as u32,
            },
            new_text: format!("{indent}{wait}\n"),
        }],
    })
}

/// For a count-mismatch `barrier-deadlock` of a barrier object
/// (`cuda::barrier`, `mbarrier`) initialised once in the kernel's text
/// (`init(&bar, count)`, `__mbarrier_init(&bar, count)`): set the count to
/// the threads that arrive at the generation (stated in the finding, from
/// the concrete runs of the roles).
pub fn fix_barrier_init_count(kernel: &Kernel, finding: &Finding, text: &str) -> Option<SyncEdit> {
    if finding.kind != DiagnosticKind::BarrierDeadlock || kernel.span.file.0 != 0 {
        return None;
    }
    // "count mismatch: barrier object #N expects X threads, but Y threads (warps W) arrive ..."
    let rest = finding
        .message
        .strip_prefix("count mismatch: barrier object #")?;
    let (_, rest) = rest.split_once(" expects ")?;
    let (_, rest) = rest.split_once(" threads, but ")?;
    let (arrived, rest) = rest.split_once(" threads (warps ")?;
    let (warps, _) = rest.split_once(')')?;
    let arrived: i64 = arrived.parse().ok()?;
    if arrived <= 0 || finding.span.file.0 != 0 {
        return None;
    }
    // The object the arrival names: `bar.arrive..()` or `f(&bar, ..)`.
    let op = text.get(finding.span.start as usize..finding.span.end as usize)?;
    let object = if let Some(dot) = op.find(".arrive").or_else(|| op.find(".wait")) {
        object_before(op, dot)?.1.to_string()
    } else {
        let (_, args) = call_args(op)?;
        args.first()?.strip_prefix('&')?.trim().to_string()
    };
    if !is_object_expr(&object) {
        return None;
    }
    let start = kernel.span.start as usize;
    let body = text.get(start..kernel.span.end as usize)?;
    let mut inits = body.match_indices("init(").filter_map(|(i, _)| {
        let open = i + "init".len();
        let args = body.get(open + 1..matching_paren(body, open)?)?;
        let (first, rest) = split_top_comma(args)?;
        // A completion function may follow the count.
        let count = split_top_comma(rest).map_or(rest, |(c, _)| c);
        let named = first.trim().strip_prefix('&')?.trim() == object;
        let lead = count.len() - count.trim_start().len();
        let count_at = open + 1 + first.len() + 1 + lead;
        named.then_some((count_at, count.trim().len()))
    });
    let (count_at, len) = inits.next()?;
    if inits.next().is_some() || len == 0 {
        return None;
    }
    let count_start = (start + count_at) as u32;
    Some(SyncEdit {
        title: format!(
            "Set the expected count of `{object}` to {arrived} (the threads of warps {warps}, which arrive)"
        ),
        edits: vec![TextEdit {
            span: Span {
                file: kernel.span.file,
                start: count_start,
                end: count_start + len as u32,
            },
            new_text: arrived.to_string(),
        }],
    })
}

/// The byte of the `)` matching the `(` at byte `open` of `s`.
fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.get(open..)?.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `args` split at its first top-level comma.
fn split_top_comma(args: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (i, c) in args.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return Some((&args[..i], &args[i + 1..])),
            _ => {}
        }
    }
    None
}
