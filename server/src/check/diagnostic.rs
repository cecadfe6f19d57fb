//! Every diagnostic kind in one place: its code, severity, title and explanation.

use serde::Serialize;

/// Severity of a diagnostic, LSP-style.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize, PartialOrd, Ord,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A definite defect.
    Error,
    /// A likely defect or an undecided case.
    Warning,
    /// Information.
    Information,
    /// A hint (faded text, e.g. a redundant barrier).
    Hint,
}

impl Severity {
    /// Lower-case spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "information",
            Severity::Hint => "hint",
        }
    }
}

/// Kinds of diagnostics syncwright reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum DiagnosticKind {
    /// Two threads may access the same location, one writing, with no barrier between.
    Race,
    /// A write-write race where both threads store the same value.
    BenignRace,
    /// A barrier that not all threads of a block reach.
    Divergence,
    /// A barrier that orders no race.
    RedundantBarrier,
    /// The checker could not decide.
    Inconclusive,
    /// The kernel uses a construct the checker does not model.
    Unsupported,
    /// The file could not be parsed or preprocessed.
    SyntaxError,
    /// A sound over-approximation the front end had to make.
    Imprecision,
    /// Lanes of one warp access different words of one shared-memory bank
    /// (performance; reported with `--perf`).
    BankConflict,
    /// A file mentions kernels but defines none to check here.
    NoKernel,
    /// Named or split barriers that some threads wait at forever.
    BarrierDeadlock,
    /// A named or split barrier reused while its previous generation is pending.
    BarrierRecycling,
    /// An access that races with an asynchronous copy still in flight.
    AsyncCopy,
    /// A race-free verdict that holds only because the kernel's assumptions
    /// leave no thread reaching a memory access.
    Vacuous,
    /// A race-free verdict that rests on a stated assumption about memory
    /// when the kernel starts (the last-block idiom's counter is 0).
    Assumption,
    /// A grid barrier in a kernel the program launches without a
    /// cooperative launch (`k<<<..>>>`): undefined behaviour, and no
    /// ordering between blocks.
    NonCooperativeLaunch,
}

impl DiagnosticKind {
    /// All kinds, for documentation.
    pub const ALL: [DiagnosticKind; 16] = [
        DiagnosticKind::Race,
        DiagnosticKind::BenignRace,
        DiagnosticKind::Divergence,
        DiagnosticKind::RedundantBarrier,
        DiagnosticKind::Inconclusive,
        DiagnosticKind::Unsupported,
        DiagnosticKind::SyntaxError,
        DiagnosticKind::Imprecision,
        DiagnosticKind::BankConflict,
        DiagnosticKind::NoKernel,
        DiagnosticKind::BarrierDeadlock,
        DiagnosticKind::BarrierRecycling,
        DiagnosticKind::AsyncCopy,
        DiagnosticKind::Vacuous,
        DiagnosticKind::Assumption,
        DiagnosticKind::NonCooperativeLaunch,
    ];

    /// Stable code used in JSON, SARIF rule ids and LSP diagnostic codes.
    pub fn code(self) -> &'static str {
        match self {
            DiagnosticKind::Race => "race",
            DiagnosticKind::BenignRace => "benign-race",
            DiagnosticKind::Divergence => "divergence",
            DiagnosticKind::RedundantBarrier => "redundant-barrier",
            DiagnosticKind::Inconclusive => "inconclusive",
            DiagnosticKind::Unsupported => "unsupported",
            DiagnosticKind::SyntaxError => "syntax-error",
            DiagnosticKind::Imprecision => "imprecision",
            DiagnosticKind::BankConflict => "bank-conflict",
            DiagnosticKind::NoKernel => "no-kernel",
            DiagnosticKind::BarrierDeadlock => "barrier-deadlock",
            DiagnosticKind::BarrierRecycling => "barrier-recycling",
            DiagnosticKind::AsyncCopy => "async-copy",
            DiagnosticKind::Vacuous => "vacuous",
            DiagnosticKind::Assumption => "assumption",
            DiagnosticKind::NonCooperativeLaunch => "non-cooperative-launch",
        }
    }

    /// Default severity.
    pub fn severity(self) -> Severity {
        match self {
            DiagnosticKind::Race
            | DiagnosticKind::Divergence
            | DiagnosticKind::BarrierDeadlock
            | DiagnosticKind::BarrierRecycling
            | DiagnosticKind::AsyncCopy
            | DiagnosticKind::Vacuous
            | DiagnosticKind::NonCooperativeLaunch => Severity::Warning,
            DiagnosticKind::SyntaxError => Severity::Error,
            DiagnosticKind::Inconclusive | DiagnosticKind::Unsupported => Severity::Warning,
            DiagnosticKind::BenignRace
            | DiagnosticKind::Imprecision
            | DiagnosticKind::NoKernel
            | DiagnosticKind::Assumption => Severity::Information,
            DiagnosticKind::RedundantBarrier => Severity::Hint,
            DiagnosticKind::BankConflict => Severity::Information,
        }
    }

    /// Whether a finding of this kind makes a kernel wrong or undecided (what
    /// a repair must not add and a fix must remove): races, divergence,
    /// inconclusive and unsupported kernels.
    pub fn is_defect(self) -> bool {
        matches!(
            self,
            DiagnosticKind::Race
                | DiagnosticKind::Divergence
                | DiagnosticKind::BarrierDeadlock
                | DiagnosticKind::BarrierRecycling
                | DiagnosticKind::AsyncCopy
                | DiagnosticKind::Inconclusive
                | DiagnosticKind::Unsupported
        )
    }

    /// Short title.
    pub fn title(self) -> &'static str {
        match self {
            DiagnosticKind::Race => "data race",
            DiagnosticKind::BenignRace => "benign data race",
            DiagnosticKind::Divergence => "barrier divergence",
            DiagnosticKind::RedundantBarrier => "redundant barrier",
            DiagnosticKind::Inconclusive => "inconclusive",
            DiagnosticKind::Unsupported => "unsupported construct",
            DiagnosticKind::SyntaxError => "syntax error",
            DiagnosticKind::Imprecision => "imprecise model",
            DiagnosticKind::BankConflict => "shared-memory bank conflict",
            DiagnosticKind::NoKernel => "no kernel defined",
            DiagnosticKind::BarrierDeadlock => "barrier deadlock",
            DiagnosticKind::BarrierRecycling => "barrier recycling",
            DiagnosticKind::AsyncCopy => "race with an asynchronous copy",
            DiagnosticKind::Vacuous => "vacuous verdict",
            DiagnosticKind::Assumption => "verdict rests on an assumption",
            DiagnosticKind::NonCooperativeLaunch => "grid barrier without a cooperative launch",
        }
    }

    /// Where this kind is documented: its section of the README in the
    /// crate's repository (the `repository` key of `server/Cargo.toml`).
    pub fn docs_url(self) -> String {
        format!(
            "{}/blob/main/README.md#diagnostic-{}",
            env!("CARGO_PKG_REPOSITORY"),
            self.code()
        )
    }

    /// Longer explanation shown on hover and in documentation.
    pub fn explanation(self) -> &'static str {
        match self {
            DiagnosticKind::Race => "Two threads can access the same memory location between the same pair of barriers, and at least one access is a write (or one is atomic and the other not). The result depends on scheduling. Put a barrier (`__syncthreads()` / `barrier(CLK_LOCAL_MEM_FENCE)`) between the accesses, at a point all threads of the block reach. Races between threads of one warp are races too: since Volta, threads of a warp are not guaranteed to run in lockstep; use `__syncwarp()` or a barrier.",
            DiagnosticKind::BenignRace => "Several threads write the same location without synchronization, but every write stores the same value, so the result does not depend on scheduling. GPUVerify tolerates such races by default; so does syncwright. A read racing with such a write is benign too when the reading thread stored the same value there itself just before: it reads that value in every schedule.",
            DiagnosticKind::Divergence => "A barrier must be reached by all threads of a block or by none (`__syncwarp()`: by all threads of the warp). Here some threads may skip it (a thread-dependent branch, a loop with a thread-dependent trip count, or an earlier thread-dependent return), which is undefined behaviour and usually a deadlock. Move the barrier to a point every thread reaches. OpenCL work-group collectives (`async_work_group_copy`, `wait_group_events`) follow the same rule and also need the same arguments (pointers, sizes, events) in every work-item; so do the work-group and sub-group functions (`work_group_reduce_add`, `sub_group_broadcast`, ...: sub-groups are implementation-defined, so every work-item of the work-group must reach a sub-group function, except under conditions on `get_sub_group_id()` alone).",
            DiagnosticKind::RedundantBarrier => "Removing this barrier leaves the kernel race-free: it orders no pair of conflicting accesses. Every barrier stalls the whole block.",
            DiagnosticKind::Inconclusive => "The checker could not decide within its budget or the solver answered unknown. Treat the kernel as possibly racy.",
            DiagnosticKind::Unsupported => "The kernel uses a construct the checker does not model, so no verdict is given.",
            DiagnosticKind::SyntaxError => "The file could not be parsed; kernels around the error may be analysed imprecisely or not at all.",
            DiagnosticKind::BankConflict => "Shared memory is split into 32 banks of 4-byte words (word w is in bank w mod 32). When lanes of one warp access different words of the same bank in one instruction, the access is replayed once per word: an N-way conflict costs N times a conflict-free one. Lanes reading the same word are served together (broadcast). 8-byte accesses are served per half-warp and 16-byte accesses per quarter-warp. Pad the array (`[N][M]` to `[N][M + 1]`) or remap the index (`i + i / 32`); `syncwright fix --bank-conflicts` chooses the smallest padding that removes the conflicts. Reported only with `check --perf`, and in editors with the `perf` setting (diagnostics, hovers, a padding quick fix).",
            DiagnosticKind::Imprecision => "The checker replaced something it cannot see (an unknown function, a recursive call) by arbitrary behaviour. Results stay sound but may report races that cannot happen.",
            DiagnosticKind::BarrierDeadlock => "Named barriers (`bar.sync id, n` / `bar.arrive id, n`) and split barriers (`cuda::barrier`) complete a generation when the expected number of threads has arrived. Here some threads wait forever: fewer threads than the count arrive, roles meet the barriers in different orders, or a wait has no arrival that could complete it. The witness says which warps wait at which barrier. Make the count equal the threads (warps x 32) of the roles that arrive, and use the barriers in the same order in every role.",
            DiagnosticKind::BarrierRecycling => "A named or split barrier is used again while its previous generation is still pending: a thread arrives twice before the generation completes (its second arrival is counted in the first generation), or threads use one barrier id with different counts. Synchronization then depends on scheduling. Use a different barrier id for the second use, or wait for the first generation (`bar.sync`) before arriving again.",
            DiagnosticKind::AsyncCopy => "An asynchronous copy (`cp.async`, `__pipeline_memcpy_async`, `cuda::memcpy_async`) may write its destination (and read its source) at any time until the wait that completes it (`cp.async.wait_group`, `__pipeline_wait_prior`, the barrier's `wait`). This access can meet the copy in flight: a read of the destination before the wait, an overwrite of a buffer still being copied, or a write of the source being copied. Wait for the copy (and then synchronize the threads) before the access.",
            DiagnosticKind::Vacuous => "The kernel is race-free only vacuously: under its stated preconditions (`__requires`, `__assume`, `__builtin_assume`, `assert`) and its launch configuration, no thread reaches any memory access (with an in-range offset), so no pair of accesses was ever compared. The preconditions contradict each other or the launch; correct them, or the verdict says nothing about the kernel.",
            DiagnosticKind::Assumption => "The kernel is race-free only if memory holds what the checker assumes when the kernel starts: the counter of the last-block idiom (`atomicInc(&count, ..)`/`atomicAdd(&count, 1)` after `__threadfence()`) is 0 at the first launch. The kernel's own reset keeps it 0 for later launches; the host must zero it once (`cudaMemset`, or a `__device__` variable initialised to 0). If it does not, the tickets may never reach `gridDim.x - 1`, or reach it too early, and the race the idiom excludes is possible.",
            DiagnosticKind::NonCooperativeLaunch => "A grid barrier (`this_grid().sync()`, `cg::sync(grid)`) synchronizes the whole grid only when the kernel is launched with `cudaLaunchCooperativeKernel` (or `cudaLaunchKernelEx` with the cooperative attribute), with no more blocks than can be resident at once. The program launches this kernel with `<<<..>>>` (or `cudaLaunchKernel`): there the grid barrier is undefined behaviour (it may hang or trap), and it orders nothing between blocks. The checker reports the races of such a launch as if the grid barrier ordered only the threads of one block. Launch the kernel cooperatively, or split it into two kernels at the grid barrier.",
            DiagnosticKind::NoKernel => "The file mentions kernels (`__global__`, `__kernel`) but defines none the checker could find: it only declares them (their definitions are checked with the files that define them), or the definitions are in inactive preprocessor branches. Nothing in this file was checked.",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DiagnosticKind;

    /// The links editors and SARIF viewers follow must land on a section.
    #[test]
    fn readme_documents_every_code_at_its_link() {
        let readme = include_str!("../../../README.md");
        for kind in DiagnosticKind::ALL {
            let code = kind.code();
            let url = kind.docs_url();
            let anchor = url.rsplit('#').next().unwrap_or_default();
            assert!(
                readme.contains(&format!("<a id=\"{anchor}\"></a>")),
                "README lacks the anchor of {url}"
            );
            let heading = format!("### `{code}` ({})", kind.severity().as_str());
            assert!(readme.contains(&heading), "README lacks `{heading}`");
        }
    }
}
