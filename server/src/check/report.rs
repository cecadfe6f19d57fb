//! Results of checking one kernel: plain data for the front doors.

use serde::Serialize;

use super::diagnostic::DiagnosticKind;
use crate::ir::{Span, StmtId};

/// Overall verdict of a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// No race and no barrier divergence is possible.
    RaceFree,
    /// At least one data race (and no divergence).
    Racy,
    /// At least one barrier can be reached by some threads of a block but not others.
    Divergent,
    /// The checker could not decide (budget, solver unknown); the reason is a diagnostic.
    Inconclusive,
    /// The kernel uses something the front end cannot model; the reason is a diagnostic.
    Unsupported,
}

impl Verdict {
    /// The JSON/CLI spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::RaceFree => "race-free",
            Verdict::Racy => "racy",
            Verdict::Divergent => "divergent",
            Verdict::Inconclusive => "inconclusive",
            Verdict::Unsupported => "unsupported",
        }
    }
}

/// Which accesses of a race write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RaceKind {
    /// Both write.
    WriteWrite,
    /// First reads, second writes.
    ReadWrite,
    /// First writes, second reads.
    WriteRead,
    /// One access is atomic, the other plain.
    AtomicPlain,
}

impl RaceKind {
    /// The JSON/CLI spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            RaceKind::WriteWrite => "write-write",
            RaceKind::ReadWrite => "read-write",
            RaceKind::WriteRead => "write-read",
            RaceKind::AtomicPlain => "atomic-vs-plain",
        }
    }
}

/// How the two racing accesses relate to their common loops (what the
/// synthesizer needs to build a placement constraint).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum LoopRelation {
    /// No common loop separates the threads (both in the same iteration of
    /// every common loop, or no common loop): a barrier between the two
    /// statements in program order orders them.
    IntraIteration,
    /// The threads are in different iterations of the common loop at depth
    /// `depth` (1 = outermost common loop) and in the same iteration of the
    /// loops outside it.
    InterIteration {
        /// Loop depth, 1-based from the outermost common loop.
        depth: u32,
    },
    /// The threads are in different blocks: no block barrier can order them.
    InterBlock,
}

/// One thread's coordinates in a witness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThreadCoords {
    /// threadIdx x, y, z.
    pub thread: [u64; 3],
    /// blockIdx x, y, z.
    pub block: [u64; 3],
}

/// A named value in a witness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedValue {
    /// Name (parameter, loop variable, launch dimension).
    pub name: String,
    /// Value as a signed integer.
    pub value: i128,
}

/// A concrete execution exhibiting a race, read off the Z3 model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RaceWitness {
    /// The two threads, first the one executing the first access.
    pub threads: [ThreadCoords; 2],
    /// blockDim and gridDim used (relevant when symbolic).
    pub block_dim: [u64; 3],
    /// Grid dimensions.
    pub grid_dim: [u64; 3],
    /// Values of scalar parameters.
    pub params: Vec<NamedValue>,
    /// Values of the locals (loop counters, temporaries) that each access's
    /// offset expression uses, per thread: with `params`, the launch builtins and
    /// `ir::eval`, they reproduce `byte_offsets`.
    pub locals: [Vec<NamedValue>; 2],
    /// Array accessed.
    pub array: String,
    /// Labels of the two accesses (first thread's, second thread's).
    pub accesses: [StmtId; 2],
    /// Byte offset of each thread's access.
    pub byte_offsets: [i128; 2],
    /// Element index of each access (byte offset / element size).
    pub indices: [i128; 2],
}

/// A data race between two accesses.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Race {
    /// Read/write combination.
    pub kind: RaceKind,
    /// Array name.
    pub array: String,
    /// Label of the first thread's access.
    pub first: StmtId,
    /// Label of the second thread's access.
    pub second: StmtId,
    /// Range of the first access.
    pub first_span: Span,
    /// Range of the second access.
    pub second_span: Span,
    /// Loop relation of the two accesses.
    pub relation: LoopRelation,
    /// Both threads provably store the same value (GPUVerify's benign race).
    pub benign: bool,
    /// The race disappears if threads of one warp run in lockstep
    /// (legacy warp-synchronous code).
    pub warp_sync_only: bool,
    /// Concrete values from the model.
    pub witness: Option<RaceWitness>,
}

/// A barrier that some threads of a block may reach while others do not.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Divergence {
    /// Label of the barrier.
    pub barrier: StmtId,
    /// Its range.
    pub span: Span,
    /// Thread-dependent conditions, loops or returns that make it divergent.
    pub cause: String,
    /// Range of the cause, when known.
    pub cause_span: Option<Span>,
    /// Two threads (same block) of which only the first reaches it (both,
    /// when `both_reach`).
    pub witness: Option<[ThreadCoords; 2]>,
    /// Both threads reach it, with different arguments (a work-group
    /// collective such as `async_work_group_copy`).
    pub both_reach: bool,
    /// A warp barrier (`__syncwarp()`): the threads are in one warp.
    pub warp: bool,
    /// The first thread calls this warp exchange from a lane outside its
    /// constant mask (the mask): "each calling thread must have its own bit
    /// set in the mask" (the second thread of the witness plays no part).
    pub outside_mask: Option<u32>,
    /// The first thread calls this `__syncwarp(mask)` from a lane outside
    /// the mask as it computes it (a mask not known to the checker).
    pub outside_unknown_mask: bool,
}

/// A diagnostic about a kernel, ready for any front door.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// What kind of problem.
    pub kind: DiagnosticKind,
    /// One-line message (includes the witness in short form for races).
    pub message: String,
    /// Main range.
    pub span: Span,
    /// Related ranges with a short message each (the other access of a race).
    pub related: Vec<(Span, String)>,
    /// Race details, for race findings.
    pub race: Option<Race>,
    /// Divergence details, for divergence findings.
    pub divergence: Option<Divergence>,
}

/// Result of checking one kernel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelReport {
    /// Kernel name.
    pub name: String,
    /// Range of the name.
    pub name_span: Span,
    /// Verdict.
    pub verdict: Verdict,
    /// Findings, most severe first.
    pub findings: Vec<Finding>,
    /// Every (pair, loop relation) race found, benign ones included: one pair
    /// can race both within an iteration and across iterations, and the
    /// synthesizer needs each (`findings` shows one per pair).
    pub races: Vec<Race>,
    /// Wall time spent checking, in milliseconds.
    pub time_ms: f64,
    /// Number of solver queries made.
    pub solver_queries: u32,
}

impl KernelReport {
    /// Number of findings that make the kernel wrong or undecided
    /// ([`DiagnosticKind::is_defect`](super::DiagnosticKind::is_defect)).
    pub fn defects(&self) -> usize {
        self.findings.iter().filter(|f| f.kind.is_defect()).count()
    }
}
