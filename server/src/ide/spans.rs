//! Position-independent kernel keys: spans of the main file made relative to the
//! kernel's start, so that edits elsewhere in the file (another kernel, lines
//! added above) leave the key, and the cached results, unchanged.

use std::hash::{DefaultHasher, Hash, Hasher};

use crate::check::{KernelReport, Race};
use crate::config::CheckOptions;
use crate::ir::{Block, FileId, Kernel, Span, StmtKind};
use crate::synth::{BarrierInfo, KernelRepair, TextEdit};

/// A change of main-file span positions: to/from kernel-relative offsets
/// (wrapping, so that spans before the kernel's start, e.g. of an inlined
/// device function defined above it, survive the round trip unchanged), or the
/// effect of a text splice on spans outside the spliced region.
#[derive(Clone, Copy, Debug)]
pub enum Shift {
    /// Subtract the kernel start.
    Relative(u32),
    /// Add the kernel start.
    Absolute(u32),
    /// Spans starting at or after `at` move by `delta` bytes; others stay.
    Splice {
        /// First byte after the replaced region, in the old text.
        at: u32,
        /// New length minus old length.
        delta: i64,
    },
}

impl Shift {
    /// Makes spans relative to `base`.
    pub fn to_relative(base: u32) -> Shift {
        Shift::Relative(base)
    }

    /// Makes relative spans absolute again with `base` as the kernel start.
    pub fn to_absolute(base: u32) -> Shift {
        Shift::Absolute(base)
    }

    /// Applies the shift to the access spans of a bank report.
    pub fn banks(self, report: &mut crate::check::banks::BankReport) {
        for a in &mut report.accesses {
            self.span(&mut a.span);
        }
    }

    /// Applies the shift to one span.
    pub fn span(self, span: &mut Span) {
        if span.file != FileId(0) {
            return;
        }
        match self {
            Shift::Absolute(base) => {
                span.start = span.start.wrapping_add(base);
                span.end = span.end.wrapping_add(base);
            }
            Shift::Relative(base) => {
                span.start = span.start.wrapping_sub(base);
                span.end = span.end.wrapping_sub(base);
            }
            Shift::Splice { at, delta } => {
                if span.start >= at {
                    span.start = (span.start as i64 + delta).clamp(0, u32::MAX as i64) as u32;
                    span.end = (span.end as i64 + delta).clamp(0, u32::MAX as i64) as u32;
                }
            }
        }
    }

    fn block(self, block: &mut Block) {
        if let Some(braces) = block.braces.as_mut() {
            self.span(braces);
        }
        for stmt in &mut block.stmts {
            self.span(&mut stmt.span);
            self.span(&mut stmt.stmt_span);
            if let Some(at) = stmt.inlined_at.as_mut() {
                self.span(at);
            }
            match &mut stmt.kind {
                StmtKind::If { then_, else_, .. } => {
                    self.block(then_);
                    self.block(else_);
                }
                StmtKind::Loop {
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    self.block(cond_prelude);
                    self.block(body);
                    self.block(step);
                }
                _ => {}
            }
        }
    }

    /// Shifts every span of a kernel.
    pub fn kernel(self, kernel: &mut Kernel) {
        self.span(&mut kernel.name_span);
        self.span(&mut kernel.span);
        for array in &mut kernel.arrays {
            self.span(&mut array.span);
        }
        for var in &mut kernel.vars {
            self.span(&mut var.span);
        }
        for (span, _) in &mut kernel.notes {
            self.span(span);
        }
        self.block(&mut kernel.body);
    }

    fn race(self, race: &mut Race) {
        self.span(&mut race.first_span);
        self.span(&mut race.second_span);
    }

    /// Shifts every span of a report.
    pub fn report(self, report: &mut KernelReport) {
        self.span(&mut report.name_span);
        for race in &mut report.races {
            self.race(race);
        }
        for finding in &mut report.findings {
            self.span(&mut finding.span);
            for (span, _) in &mut finding.related {
                self.span(span);
            }
            if let Some(race) = finding.race.as_mut() {
                self.race(race);
            }
            if let Some(div) = finding.divergence.as_mut() {
                self.span(&mut div.span);
                if let Some(cause) = div.cause_span.as_mut() {
                    self.span(cause);
                }
            }
        }
    }

    fn edits(self, edits: &mut [TextEdit]) {
        for edit in edits {
            self.span(&mut edit.span);
        }
    }

    /// Shifts every span of a repair.
    pub fn repair(self, repair: &mut KernelRepair) {
        self.edits(&mut repair.edits);
        for fix in &mut repair.fixes {
            self.edits(&mut fix.edits);
            for span in &mut fix.addresses {
                self.span(span);
            }
        }
    }

    /// Shifts every span of barrier descriptions.
    pub fn barriers(self, infos: &mut [BarrierInfo]) {
        for info in infos {
            self.span(&mut info.span);
            for race in &mut info.orders {
                self.race(race);
            }
        }
    }
}

/// Feeds serialized bytes into a hasher without building the string.
struct HashWriter(DefaultHasher);

impl std::io::Write for HashWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Key of a kernel's check result: its IR with relative spans, plus the options.
pub fn kernel_key(kernel: &Kernel, options: &CheckOptions) -> u64 {
    let mut relative = kernel.clone();
    Shift::to_relative(kernel.span.start).kernel(&mut relative);
    let mut writer = HashWriter(DefaultHasher::new());
    let ok = serde_json::to_writer(&mut writer, &relative).is_ok()
        && serde_json::to_writer(&mut writer, options).is_ok();
    if !ok {
        // Never share a key when the IR could not be hashed: a unique key means no cache hit.
        static UNIQUE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        UNIQUE
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            .hash(&mut writer.0);
        "unhashable".hash(&mut writer.0);
    }
    writer.0.finish()
}

/// Combines a key with more hashable data (e.g. the cost model, the kernel's text).
pub fn extend_key(key: u64, extra: impl Hash) -> u64 {
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    extra.hash(&mut hasher);
    hasher.finish()
}

fn block_spans(block: &Block, f: &mut dyn FnMut(Span)) {
    if let Some(braces) = block.braces {
        f(braces);
    }
    for stmt in &block.stmts {
        f(stmt.span);
        f(stmt.stmt_span);
        if let Some(at) = stmt.inlined_at {
            f(at);
        }
        match &stmt.kind {
            StmtKind::If { then_, else_, .. } => {
                block_spans(then_, f);
                block_spans(else_, f);
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                block_spans(cond_prelude, f);
                block_spans(body, f);
                block_spans(step, f);
            }
            _ => {}
        }
    }
}

/// Calls `f` with every span of a kernel (the same spans [`Shift::kernel`] moves).
pub fn for_each_span(kernel: &Kernel, f: &mut dyn FnMut(Span)) {
    f(kernel.name_span);
    f(kernel.span);
    for array in &kernel.arrays {
        f(array.span);
    }
    for var in &kernel.vars {
        f(var.span);
    }
    for (span, _) in &kernel.notes {
        f(*span);
    }
    block_spans(&kernel.body, f);
}

/// Whether `splice` moves all of the kernel's main-file spans or none of them,
/// so that its kernel-relative IR, and therefore its key, stays the same.
pub fn moves_uniformly(kernel: &Kernel, splice_at: u32) -> bool {
    let (mut before, mut after) = (false, false);
    for_each_span(kernel, &mut |span| {
        if span.file == FileId(0) {
            if span.start >= splice_at {
                after = true;
            } else {
                before = true;
            }
        }
    });
    !(before && after)
}
