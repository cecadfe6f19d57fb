//! Data-driven checks of every kernel under `tests/kernels/`.
//!
//! Expectations live in the kernels as comments:
//! - `// expect-verdict: racy` applies to every kernel of the file;
//!   `// expect-verdict(name): race-free` to the kernel `name`.
//! - `//~ race write-read` on a line: one access of a race is on this line, and
//!   the kind is read from that access's point of view (this line's access
//!   first), so the same race may be reported in either order. `//~ race` leaves
//!   the kind open; `//~ benign-race` and `//~ divergence` (on the barrier) work
//!   alike; several items are separated by commas.
//! - Launch configuration comes from GPUVerify-style header lines (`//--blockDim=64`).
//! - `// known-gap: reason` marks a file whose (correct) expectations the tool
//!   does not meet yet: it is reported, not failed, and fails once it passes.
//!
//! Every expectation must be met by some finding and every race, benign-race or
//! divergence finding must be expected (`//~ barrier-deadlock`, `//~ barrier-recycling`,
//! `//~ vacuous` and `//~ assumption` on the finding's line and `//~ async-copy`, read like `race`, likewise). Each race witness is replayed: both
//! accesses' offsets are evaluated with `ir::eval` under the witness values and
//! must equal the reported offsets and overlap.
//!
//! `fix` is held to `check` on the same files: a kernel `check` reports racy or
//! divergent is never `already-race-free` for `fix`, and the text of a kernel
//! `fix` calls `repaired` never checks racy or divergent.

use std::path::{Path, PathBuf};
use syncwright::base::HashMap;

use syncwright::check::banks::{AccessBanks, BankWitness, Degree};
use syncwright::check::interleaving::{race_steps, SourceLine, StepKind};
use syncwright::check::{DiagnosticKind, Finding, Race, RaceKind, RaceWitness, Verdict};
use syncwright::config::CheckOptions;
use syncwright::ide::fix::{fix_file, FixSettings};
use syncwright::ide::{analyze_file, position_of, FileAnalysis, KernelAnalysis, Settings};
use syncwright::ir::eval::Assignment;
use syncwright::ir::walk::find_stmt;
use syncwright::ir::{Access, Kernel, MemSpace, Span, Stmt, StmtId, StmtKind};
use syncwright::synth::padding::Padding;
use syncwright::synth::RepairStatus;

/// One `//~` item.
#[derive(Clone, Debug, PartialEq)]
struct Expected {
    line: u32,
    kind: DiagnosticKind,
    race_kind: Option<RaceKind>,
    /// Conflict degree of a `bank-conflict` item.
    degree: Option<u32>,
}

/// The expectations of one file.
#[derive(Debug, Default)]
struct Expectations {
    all_kernels: Option<Verdict>,
    per_kernel: HashMap<String, Verdict>,
    items: Vec<Expected>,
    /// `// known-gap: reason`: the expectations are right but not met yet; the
    /// file must then fail, and passing is reported so the marker gets removed.
    known_gap: Option<String>,
}

fn parse_verdict(text: &str) -> Result<Verdict, String> {
    Ok(match text.trim() {
        "race-free" => Verdict::RaceFree,
        "racy" => Verdict::Racy,
        "divergent" => Verdict::Divergent,
        "inconclusive" => Verdict::Inconclusive,
        "unsupported" => Verdict::Unsupported,
        other => return Err(format!("unknown verdict `{other}`")),
    })
}

fn parse_race_kind(text: &str) -> Result<RaceKind, String> {
    Ok(match text {
        "write-write" => RaceKind::WriteWrite,
        "read-write" => RaceKind::ReadWrite,
        "write-read" => RaceKind::WriteRead,
        "atomic-vs-plain" => RaceKind::AtomicPlain,
        other => return Err(format!("unknown race kind `{other}`")),
    })
}

fn parse_expectations(text: &str) -> Result<Expectations, String> {
    let mut e = Expectations::default();
    for (index, line) in text.lines().enumerate() {
        let line_no = index as u32 + 1;
        if let Some(reason) = line.trim().strip_prefix("// known-gap:") {
            e.known_gap = Some(reason.trim().to_string());
        }
        if let Some(rest) = line.trim().strip_prefix("// expect-verdict") {
            if let Some(verdict) = rest.strip_prefix(':') {
                e.all_kernels = Some(parse_verdict(verdict)?);
            } else if let Some((name, verdict)) =
                rest.strip_prefix('(').and_then(|r| r.split_once("):"))
            {
                e.per_kernel
                    .insert(name.trim().to_string(), parse_verdict(verdict)?);
            } else {
                return Err(format!("line {line_no}: malformed expect-verdict"));
            }
        }
        let Some((_, items)) = line.split_once("//~") else {
            continue;
        };
        for item in items.split(',') {
            let words: Vec<&str> = item.split_whitespace().collect();
            let (kind, race_kind, degree) = match words.as_slice() {
                ["race"] => (DiagnosticKind::Race, None, None),
                ["race", k] => (DiagnosticKind::Race, Some(parse_race_kind(k)?), None),
                ["benign-race"] => (DiagnosticKind::BenignRace, None, None),
                ["divergence"] => (DiagnosticKind::Divergence, None, None),
                ["barrier-deadlock"] => (DiagnosticKind::BarrierDeadlock, None, None),
                ["barrier-recycling"] => (DiagnosticKind::BarrierRecycling, None, None),
                ["vacuous"] => (DiagnosticKind::Vacuous, None, None),
                ["assumption"] => (DiagnosticKind::Assumption, None, None),
                ["non-cooperative-launch"] => (DiagnosticKind::NonCooperativeLaunch, None, None),
                ["async-copy"] => (DiagnosticKind::AsyncCopy, None, None),
                ["async-copy", k] => (DiagnosticKind::AsyncCopy, Some(parse_race_kind(k)?), None),
                ["bank-conflict", d] => match d.parse::<u32>() {
                    Ok(d) if d > 1 => (DiagnosticKind::BankConflict, None, Some(d)),
                    _ => return Err(format!("line {line_no}: bad conflict degree `{d}`")),
                },
                _ => return Err(format!("line {line_no}: malformed expectation `{item}`")),
            };
            e.items.push(Expected {
                line: line_no,
                kind,
                race_kind,
                degree,
            });
        }
    }
    Ok(e)
}

fn mirror(kind: RaceKind) -> RaceKind {
    match kind {
        RaceKind::ReadWrite => RaceKind::WriteRead,
        RaceKind::WriteRead => RaceKind::ReadWrite,
        other => other,
    }
}

fn access_of(stmt: &Stmt) -> Option<&Access> {
    match &stmt.kind {
        StmtKind::Read { access, .. }
        | StmtKind::Write { access, .. }
        | StmtKind::Atomic { access, .. } => Some(access),
        _ => None,
    }
}

/// 1-based lines a statement is attributed to: its own span and its call site.
fn stmt_lines(text: &str, kernel: Option<&Kernel>, id: StmtId, span: Span) -> Vec<u32> {
    let mut lines = vec![line_of(text, span)];
    if let Some(site) = kernel
        .and_then(|k| find_stmt(&k.body, id))
        .and_then(|s| s.inlined_at)
    {
        lines.push(line_of(text, site));
    }
    lines
}

fn line_of(text: &str, span: Span) -> u32 {
    position_of(text, span.start).line + 1
}

/// Whether `finding` meets `expected`.
fn meets(text: &str, kernel: Option<&Kernel>, finding: &Finding, expected: &Expected) -> bool {
    if finding.kind != expected.kind || expected.kind == DiagnosticKind::BankConflict {
        return false;
    }
    match &finding.race {
        Some(race) => {
            let first = stmt_lines(text, kernel, race.first, race.first_span);
            let second = stmt_lines(text, kernel, race.second, race.second_span);
            let kind_ok = |k: RaceKind| expected.race_kind.is_none_or(|e| e == k);
            (first.contains(&expected.line) && kind_ok(race.kind))
                || (second.contains(&expected.line) && kind_ok(mirror(race.kind)))
        }
        None => line_of(text, finding.span) == expected.line,
    }
}

/// Replays a race witness; returns what is wrong with it.
fn check_witness(
    kernel: &Kernel,
    options: &CheckOptions,
    race: &Race,
    w: &RaceWitness,
) -> Result<(), String> {
    // The kernel the checker saw: parameters a launch passes one pointer
    // are one array.
    let groups: Vec<Vec<(u32, i64, Option<u32>)>> = options
        .launch
        .params_sharing_pointer
        .iter()
        .map(|g| g.iter().map(|m| (m.param, m.shift, m.symbol)).collect())
        .collect();
    let merged = kernel.with_params_merged(&groups);
    let kernel = merged.as_ref().unwrap_or(kernel);
    if w.accesses != [race.first, race.second] {
        return Err(format!(
            "witness accesses {:?} are not the race's {:?}",
            w.accesses,
            [race.first, race.second]
        ));
    }
    if w.threads[0] == w.threads[1] {
        return Err("witness uses the same thread twice".into());
    }
    if let Some(b) = options.launch.block_dim {
        if w.block_dim != b.map(u64::from) {
            return Err(format!(
                "witness blockDim {:?} differs from the launch {:?}",
                w.block_dim, b
            ));
        }
    }
    if let Some(g) = options.launch.grid_dim {
        if w.grid_dim != g.map(u64::from) {
            return Err(format!(
                "witness gridDim {:?} differs from the launch {:?}",
                w.grid_dim, g
            ));
        }
    }
    let mut ranges = Vec::new();
    for i in 0..2 {
        let t = &w.threads[i];
        for d in 0..3 {
            if t.thread[d] >= w.block_dim[d] || t.block[d] >= w.grid_dim[d] {
                return Err(format!("witness thread {i} {t:?} outside the launch"));
            }
        }
        let stmt = find_stmt(&kernel.body, w.accesses[i])
            .ok_or(format!("no statement {:?}", w.accesses[i]))?;
        let access =
            access_of(stmt).ok_or(format!("statement {:?} is not an access", w.accesses[i]))?;
        let array = kernel
            .arrays
            .get(access.array.0 as usize)
            .ok_or("unknown array")?;
        if array.name != w.array && !array.may_alias_all {
            return Err(format!(
                "witness array `{}` but access {i} touches `{}`",
                w.array, array.name
            ));
        }
        if array.space == MemSpace::Shared && w.threads[0].block != w.threads[1].block {
            return Err("shared-memory race between different blocks".into());
        }
        let assignment = Assignment {
            thread: t.thread,
            block: t.block,
            block_dim: w.block_dim,
            grid_dim: w.grid_dim,
            global_offset: options
                .launch
                .global_offset
                .map_or([0; 3], |o| o.map(u64::from)),
            params: w.params.iter().map(|p| (p.name.clone(), p.value)).collect(),
            locals: w.locals[i]
                .iter()
                .map(|v| (v.name.clone(), v.value))
                .collect(),
        };
        let offset = assignment
            .eval(kernel, &access.offset)
            .ok_or(format!(
                "offset of access {i} cannot be evaluated with the witness values: {:?}",
                access.offset
            ))?
            .bits;
        if offset != w.byte_offsets[i] {
            return Err(format!(
                "access {i}: offset evaluates to {offset}, witness says {}",
                w.byte_offsets[i]
            ));
        }
        // Through an alias of any array: a byte an array of its space can
        // have (2^40 bounds the global memory of any GPU).
        if array.may_alias_all && !(0..1i128 << 40).contains(&offset) {
            return Err(format!(
                "access {i} through `{}` at byte offset {offset}, in no array",
                array.name
            ));
        }
        ranges.push((offset, offset + i128::from(access.size)));
    }
    let (a, b) = (ranges[0], ranges[1]);
    if a.0 < b.1 && b.0 < a.1 {
        Ok(())
    } else {
        Err(format!("accesses do not overlap: bytes {a:?} and {b:?}"))
    }
}

/// Bank conflicts of a kernel analysed with `perf`: every access with a
/// degree above 1 is expected on its line with that degree, and its witness
/// replays (both lanes' offsets evaluate as reported, in one bank group, in
/// different units).
fn check_banks(
    text: &str,
    k: &KernelAnalysis,
    expectations: &Expectations,
    met: &mut [bool],
    problems: &mut Vec<String>,
) {
    let (Some(banks), Some(kernel)) = (&k.banks, &k.kernel) else {
        return;
    };
    for a in &banks.accesses {
        let line = line_of(text, a.span);
        if let Degree::Unknown(why) = &a.degree {
            problems.push(format!("line {line}: bank degree unknown: {why}"));
            continue;
        }
        if !a.degree.conflicts() {
            continue;
        }
        let mut expected = false;
        for (i, e) in expectations.items.iter().enumerate() {
            if e.kind == DiagnosticKind::BankConflict
                && e.line == line
                && Degree::Exact(e.degree.unwrap_or(0)) == a.degree
            {
                met[i] = true;
                expected = true;
            }
        }
        if !expected {
            problems.push(format!(
                "line {line}: unexpected {} bank conflict on `{}`",
                a.degree.describe(),
                a.array_name
            ));
        }
        let reported = k
            .report
            .findings
            .iter()
            .any(|f| f.kind == DiagnosticKind::BankConflict && f.span == a.span);
        if !reported {
            problems.push(format!("line {line}: bank conflict without a finding"));
        }
        match &a.witness {
            Some(w) => {
                if let Err(e) = replay_bank_witness(kernel, &k.options, a, w) {
                    problems.push(format!("line {line}: bad bank witness: {e}"));
                }
            }
            None => problems.push(format!("line {line}: bank conflict without a witness")),
        }
    }
    let _ = &mut *met;
}

fn replay_bank_witness(
    kernel: &Kernel,
    options: &CheckOptions,
    a: &AccessBanks,
    w: &BankWitness,
) -> Result<(), String> {
    let stmt = find_stmt(&kernel.body, a.stmt).ok_or("no such statement")?;
    let access = access_of(stmt).ok_or("not an access")?;
    if let Some(b) = options.launch.block_dim {
        if w.block_dim != b.map(u64::from) {
            return Err(format!(
                "blockDim {:?} is not the launch's {b:?}",
                w.block_dim
            ));
        }
    }
    let mut units = Vec::new();
    for i in 0..2 {
        let t = w.threads[i];
        let linear = t[0] + w.block_dim[0] * (t[1] + w.block_dim[1] * t[2]);
        if linear / 32 != w.warp || linear % 32 != u64::from(w.lanes[i]) {
            return Err(format!(
                "thread {t:?} is not lane {} of warp {}",
                w.lanes[i], w.warp
            ));
        }
        let assignment = Assignment {
            thread: t,
            block: w.block,
            block_dim: w.block_dim,
            grid_dim: w.grid_dim,
            global_offset: [0; 3],
            params: w.params.iter().map(|p| (p.name.clone(), p.value)).collect(),
            locals: w.locals[i]
                .iter()
                .map(|v| (v.name.clone(), v.value))
                .collect(),
        };
        let offset = assignment
            .eval(kernel, &access.offset)
            .ok_or("offset cannot be evaluated with the witness values")?
            .bits;
        if offset != w.byte_offsets[i] {
            return Err(format!(
                "lane {}: offset evaluates to {offset}, witness says {}",
                w.lanes[i], w.byte_offsets[i]
            ));
        }
        let unit = i128::from(access.size.max(4));
        units.push(offset.div_euclid(unit));
    }
    let groups = i128::from(128 / access.size.max(4));
    let phase = 32 / (access.size.max(4) / 4);
    if units[0] == units[1]
        || units[0].rem_euclid(groups) != units[1].rem_euclid(groups)
        || w.lanes[0] / phase != w.lanes[1] / phase
    {
        return Err(format!(
            "lanes {:?} at units {units:?} do not conflict",
            w.lanes
        ));
    }
    Ok(())
}

/// Checks the "Show interleaving" steps of a race against its witness and the source: launch,
/// two threads, the two accesses in source order on their own lines with the witness's indices,
/// then the barrier step.
fn check_interleaving(analysis: &FileAnalysis, race: &Race, w: &RaceWitness) -> Result<(), String> {
    let steps = race_steps(race, &|span| SourceLine::of(&analysis.program.files, span));
    let kinds: Vec<StepKind> = steps.iter().map(|s| s.kind).collect();
    let expected = [
        StepKind::Launch,
        StepKind::Thread,
        StepKind::Thread,
        StepKind::Access,
        StepKind::Access,
        StepKind::Barrier,
    ];
    if kinds != expected {
        return Err(format!("steps {kinds:?}, expected {expected:?}"));
    }
    let dims = |d: [u64; 3]| match d {
        [x, 1, 1] => x.to_string(),
        [x, y, 1] => format!("({x},{y})"),
        [x, y, z] => format!("({x},{y},{z})"),
    };
    let launch = format!(
        "launch: blockDim {}, gridDim {}",
        dims(w.block_dim),
        dims(w.grid_dim)
    );
    if !steps[0].text.starts_with(&launch) {
        return Err(format!(
            "launch step `{}` is not the witness's `{launch}`",
            steps[0].text
        ));
    }
    let spans = [steps[3].span, steps[4].span];
    let [Some(first), Some(second)] = spans else {
        return Err("access steps without ranges".into());
    };
    if (first.file, first.start) > (second.file, second.start) {
        return Err(format!(
            "accesses not in source order: {first:?} after {second:?}"
        ));
    }
    for (step, span) in [(&steps[3], first), (&steps[4], second)] {
        let thread = usize::from(step.text.contains(": thread B "));
        let line =
            SourceLine::of(&analysis.program.files, span).ok_or("access span off the files")?;
        let place = match &line.header {
            Some(path) => format!("{path}:{}", line.line),
            None => format!("line {}", line.line),
        };
        let index = format!("{}[{}]", w.array, w.indices[thread]);
        if !step.text.contains(&place) || !step.text.contains(&index) {
            return Err(format!(
                "access step `{}` lacks `{place}` or `{index}`",
                step.text
            ));
        }
    }
    if !steps[4].text.contains("(the same address)") {
        return Err(format!(
            "second access does not say it shares the address: {}",
            steps[4].text
        ));
    }
    Ok(())
}

/// `// expect-padding(name): columns +P | remap / S | none`: what
/// `fix --bank-conflicts` does to array `name`; the padded source must be
/// verified (same verdicts, predicted degrees) and conflict-free.
fn check_padding(path: &Path, text: &str, problems: &mut Vec<String>) {
    let expected: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// expect-padding("))
        .filter_map(|r| r.split_once("):"))
        .map(|(n, p)| (n.trim().to_string(), p.trim().to_string()))
        .collect();
    if expected.is_empty() {
        return;
    }
    let outcome = syncwright::ide::padding::pad_text(path, text, &Settings::default());
    problems.extend(outcome.problems.iter().map(|p| format!("padding: {p}")));
    for (name, want) in &expected {
        let plan = outcome.plans.iter().find(|p| &p.array == name);
        let got = match plan.map(|p| p.padding) {
            None => "none".to_string(),
            Some(Padding::Columns { extra }) => format!("columns +{extra}"),
            Some(Padding::Remap { stride }) => format!("remap / {stride}"),
        };
        if &got != want {
            problems.push(format!("padding of `{name}`: expected {want}, got {got}"));
        }
        if plan.is_some_and(|p| !p.conflict_free) {
            problems.push(format!("padding of `{name}` is not conflict-free"));
        }
    }
}

/// Checks one file; returns its problems.
fn check_file(path: &Path, analysis: &FileAnalysis, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let expectations = match parse_expectations(text) {
        Ok(e) => e,
        Err(e) => return vec![e],
    };
    for f in &analysis.file_findings {
        if f.kind == DiagnosticKind::SyntaxError {
            problems.push(format!(
                "line {}: syntax error: {}",
                line_of(text, f.span),
                f.message
            ));
        }
    }
    if analysis.kernels.is_empty() {
        problems.push("no kernel found".into());
    }
    let mut met = vec![false; expectations.items.len()];
    for k in &analysis.kernels {
        let report = &k.report;
        let expected = expectations
            .per_kernel
            .get(&report.name)
            .copied()
            .or(expectations.all_kernels);
        match expected {
            None => problems.push(format!("kernel `{}` has no expect-verdict", report.name)),
            Some(v) if v != report.verdict => problems.push(format!(
                "kernel `{}`: expected {}, got {}; findings: {:?}",
                report.name,
                v.as_str(),
                report.verdict.as_str(),
                report
                    .findings
                    .iter()
                    .map(|f| (f.kind.code(), line_of(text, f.span), &f.message))
                    .collect::<Vec<_>>()
            )),
            Some(_) => {}
        }
        for finding in &report.findings {
            if !matches!(
                finding.kind,
                DiagnosticKind::Race
                    | DiagnosticKind::BenignRace
                    | DiagnosticKind::Divergence
                    | DiagnosticKind::BarrierDeadlock
                    | DiagnosticKind::BarrierRecycling
                    | DiagnosticKind::AsyncCopy
                    | DiagnosticKind::Vacuous
                    | DiagnosticKind::Assumption
                    | DiagnosticKind::NonCooperativeLaunch
            ) {
                continue;
            }
            let at = line_of(text, finding.span);
            if finding.span.file.0 != 0 {
                problems.push(format!(
                    "{} finding outside the file: {:?}",
                    finding.kind.code(),
                    finding.span
                ));
            }
            let mut expected_somewhere = false;
            for (i, e) in expectations.items.iter().enumerate() {
                if meets(text, k.kernel.as_ref(), finding, e) {
                    met[i] = true;
                    expected_somewhere = true;
                }
            }
            if !expected_somewhere {
                problems.push(format!(
                    "unexpected {} at line {at}: {}",
                    finding.kind.code(),
                    finding.message
                ));
            }
            if let Some(race) = &finding.race {
                let on_an_access = [race.first_span, race.second_span].contains(&finding.span)
                    || [
                        line_of(text, race.first_span),
                        line_of(text, race.second_span),
                    ]
                    .contains(&at);
                if !on_an_access {
                    problems.push(format!(
                        "race at line {at}: main range is on neither access"
                    ));
                }
                match (&race.witness, k.kernel.as_ref()) {
                    (Some(w), Some(kernel)) => {
                        if let Err(e) = check_witness(kernel, &k.options, race, w) {
                            problems.push(format!("race at line {at}: bad witness: {e}"));
                        }
                        if let Err(e) = check_interleaving(analysis, race, w) {
                            problems.push(format!("race at line {at}: bad interleaving: {e}"));
                        }
                    }
                    (None, _)
                        if matches!(
                            finding.kind,
                            DiagnosticKind::Race | DiagnosticKind::AsyncCopy
                        ) =>
                    {
                        problems.push(format!("race at line {at} has no witness"))
                    }
                    _ => {}
                }
            } else if !matches!(
                finding.kind,
                DiagnosticKind::Divergence
                    | DiagnosticKind::BarrierDeadlock
                    | DiagnosticKind::BarrierRecycling
                    | DiagnosticKind::AsyncCopy
                    | DiagnosticKind::Vacuous
                    | DiagnosticKind::Assumption
                    | DiagnosticKind::NonCooperativeLaunch
            ) {
                problems.push(format!(
                    "{} at line {at} without race details",
                    finding.kind.code()
                ));
            }
        }
    }
    for k in &analysis.kernels {
        check_banks(text, k, &expectations, &mut met, &mut problems);
    }
    for (e, met) in expectations.items.iter().zip(met) {
        if !met {
            problems.push(format!(
                "line {}: expected {} {:?} not reported",
                e.line,
                e.kind.code(),
                e.race_kind
            ));
        }
    }
    check_padding(path, text, &mut problems);
    problems
}

/// `fix` never claims a race-freedom `check` denies: when the file's check
/// reports a kernel racy or divergent, `fix` (as the command line runs it)
/// does not call that kernel `already-race-free`, and the text it writes
/// for a kernel it calls `repaired` does not check racy or divergent.
/// Files whose kernels all check race-free or inconclusive are not fixed.
fn fix_disagreements(
    path: &Path,
    text: &str,
    settings: &Settings,
    analysis: &FileAnalysis,
) -> Vec<String> {
    let denied = |v: Verdict| matches!(v, Verdict::Racy | Verdict::Divergent);
    if !analysis.kernels.iter().any(|k| denied(k.report.verdict)) {
        return Vec::new();
    }
    let (fixed, _) = fix_file(path, text, settings, FixSettings::default());
    let mut problems = Vec::new();
    let mut recheck: Option<FileAnalysis> = None;
    for k in &fixed.kernels {
        match k.status {
            RepairStatus::AlreadyRaceFree => {
                for c in analysis
                    .kernels
                    .iter()
                    .filter(|c| c.report.name == k.name && denied(c.report.verdict))
                {
                    problems.push(format!(
                        "`fix` says kernel `{}` is already race-free, `check` says {}",
                        k.name,
                        c.report.verdict.as_str()
                    ));
                }
            }
            RepairStatus::Repaired => {
                let again =
                    recheck.get_or_insert_with(|| analyze_file(path, &fixed.fixed, settings));
                for c in again
                    .kernels
                    .iter()
                    .filter(|c| c.report.name == k.name && denied(c.report.verdict))
                {
                    problems.push(format!(
                        "`fix` repaired kernel `{}`, but `check` of the repaired text says {}",
                        k.name,
                        c.report.verdict.as_str()
                    ));
                }
            }
            RepairStatus::Unrepairable | RepairStatus::Inconclusive => {}
        }
    }
    problems
}

fn kernel_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            kernel_files(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("cu" | "cuh" | "cl")
        ) {
            out.push(path);
        }
    }
}

/// Re-analyses of a file with an inconclusive kernel (solver limits hit under load).
const INCONCLUSIVE_RETRIES: usize = 3;

fn kernels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels")
}

#[test]
fn expectation_syntax_parses() {
    let e = parse_expectations(
        "// expect-verdict: racy\n// expect-verdict(k2): race-free\nx = s[t]; //~ race write-read, benign-race\nbarrier(); //~ divergence\n",
    )
    .unwrap();
    assert_eq!(e.all_kernels, Some(Verdict::Racy));
    assert_eq!(e.per_kernel["k2"], Verdict::RaceFree);
    assert_eq!(
        e.items,
        [
            Expected {
                line: 3,
                kind: DiagnosticKind::Race,
                race_kind: Some(RaceKind::WriteRead),
                degree: None
            },
            Expected {
                line: 3,
                kind: DiagnosticKind::BenignRace,
                race_kind: None,
                degree: None
            },
            Expected {
                line: 4,
                kind: DiagnosticKind::Divergence,
                race_kind: None,
                degree: None
            },
        ]
    );
    assert!(parse_expectations("//~ race sideways\n").is_err());
    assert_eq!(
        parse_expectations("s[t] = 0; //~ bank-conflict 4\n")
            .unwrap()
            .items[0]
            .degree,
        Some(4)
    );
    assert!(parse_expectations("//~ bank-conflict 1\n").is_err());
    assert!(parse_expectations("// expect-verdict: maybe\n").is_err());
}

#[test]
fn every_kernel_meets_its_expectations() {
    let mut files = Vec::new();
    kernel_files(&kernels_dir(), &mut files);
    assert!(
        files.len() >= 40,
        "expected the kernel collection, found {} files",
        files.len()
    );
    let filter = std::env::var("SYNCWRIGHT_FIXTURE").unwrap_or_default();
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in files
        .iter()
        .filter(|p| p.to_string_lossy().contains(&filter))
    {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        // Headers without expectations are included by kernels, not checked alone.
        if path.extension().is_some_and(|e| e == "cuh") && !text.contains("// expect-verdict") {
            continue;
        }
        // Kernels under `banks/` are analysed for bank conflicts too.
        let settings = Settings {
            perf: path.components().any(|c| c.as_os_str() == "banks"),
            ..Settings::default()
        };
        let mut analysis = analyze_file(path, &text, &settings);
        // Solver calls have wall-clock limits; on a loaded machine a kernel can
        // come out inconclusive. Timing is for benchmarks, not tests: retry,
        // with a longer budget (the wall-clock backstop is the budget + 5%,
        // and a machine shared by several builds runs Z3 several times slower).
        // The budget is also a count of Z3 work units (250 per ms): the
        // largest fixtures (a three-stage pipeline loop) need about 13 million.
        let retry_settings = Settings {
            kernel_budget_ms: 60_000,
            perf: settings.perf,
            ..Settings::default()
        };
        for _ in 0..INCONCLUSIVE_RETRIES {
            let inconclusive = analysis
                .kernels
                .iter()
                .any(|k| k.report.verdict == Verdict::Inconclusive);
            if !inconclusive || text.contains("expect-verdict: inconclusive") {
                break;
            }
            analysis = analyze_file(path, &text, &retry_settings);
        }
        checked += 1;
        let shown = path.strip_prefix(kernels_dir()).unwrap_or(path);
        let problems = check_file(path, &analysis, &text);
        // Whatever the file's expectations, `fix` must agree with `check`.
        failures.extend(
            fix_disagreements(path, &text, &settings, &analysis)
                .into_iter()
                .map(|p| format!("{}: {p}", shown.display())),
        );
        let known_gap = parse_expectations(&text).ok().and_then(|e| e.known_gap);
        match known_gap {
            Some(reason) if problems.is_empty() => failures.push(format!(
                "{}: known gap `{reason}` is fixed: remove the known-gap line",
                shown.display()
            )),
            Some(reason) => eprintln!(
                "known gap in {}: {reason} ({} problem(s), first: {})",
                shown.display(),
                problems.len(),
                problems[0]
            ),
            None => {
                for problem in problems {
                    failures.push(format!("{}: {problem}", shown.display()));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problem(s) in {checked} files:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
