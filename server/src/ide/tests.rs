//! Fixture tests of the editor features as plain data: each fixture is kernel
//! text with a cursor marker `$0` (or a selection `$0...$0`), analysed by the
//! real layers through an [`AnalysisHost`]; the expectations say what the
//! hover Markdown contains and which code actions come, in rank order.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use ropey::Rope;

use super::actions::{code_actions, Action, ActionKind};
use super::host::{
    AnalysisContext, AnalysisError, AnalysisHost, AnalysisInput, DocAnalysis, Engine, Syncwright,
};
use super::hover::hover;
use super::{LaunchOverrides, LaunchPlan, Settings};
use crate::base::Lang;
use crate::check::{DiagnosticKind, Finding, KernelReport, Verdict};
use crate::config::CheckOptions;
use crate::frontend::{IncludeResolver, NoIncludes};
use crate::ir::{Kernel, Program, SourceFileInfo};
use crate::syntax::parse::ParsedSource;
use crate::synth::{BarrierInfo, KernelRepair, SynthOptions};

/// The cursor marker.
const CURSOR: &str = "$0";

/// Launch configuration of every fixture: one block of 64 threads.
fn settings() -> Settings {
    Settings {
        launch: LaunchOverrides {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([1, 1, 1]),
            ..LaunchOverrides::default()
        },
        ..Settings::default()
    }
}

/// The fixture's text without markers, and the marked range (start, end).
fn split_markers(fixture: &str) -> (String, u32, u32) {
    let first = fixture.find(CURSOR).expect("fixture has a cursor marker");
    let text = fixture.replacen(CURSOR, "", 1);
    let second = text.find(CURSOR);
    let text = text.replacen(CURSOR, "", 1);
    let start = first as u32;
    (text, start, second.map_or(start, |s| s as u32))
}

/// Version `generation` of the fixture document with contents `text`.
fn input(text: &str, generation: u64) -> AnalysisInput {
    AnalysisInput {
        generation,
        version: generation as i32,
        rope: Rope::from_str(text),
        parsed: None,
        lang: Lang::Cuda,
        path: PathBuf::from("/nonexistent/syncwright-ide-fixture/k.cu"),
        prev: None,
    }
}

fn analyse(host: &AnalysisHost, text: &str, generation: u64) -> Arc<DocAnalysis> {
    analyse_with(host, text, generation, &settings())
}

/// Version `generation` of `text`, analysed by `host` under `settings`.
fn analyse_with(
    host: &AnalysisHost,
    text: &str,
    generation: u64,
    settings: &Settings,
) -> Arc<DocAnalysis> {
    let input = input(text, generation);
    let context = AnalysisContext {
        settings,
        includes: &NoIncludes,
        is_stale: &|| false,
        progress: &|_, _| {},
    };
    host.analysis("k.cu", generation, &context, |_| Some(input))
        .expect("analysis")
}

/// The hover at the fixture's cursor.
fn hover_at(fixture: &str) -> Option<String> {
    let (text, offset, _) = split_markers(fixture);
    let host = AnalysisHost::new(Arc::new(Syncwright));
    let analysis = analyse(&host, &text, 1);
    hover(&host, &settings(), &analysis, offset).expect("hover")
}

/// Asserts that the hover at the cursor contains every one of `expected`.
fn check_hover(fixture: &str, expected: &[&str]) {
    let markdown = hover_at(fixture).unwrap_or_else(|| panic!("no hover in\n{fixture}"));
    for part in expected {
        assert!(
            markdown.contains(part),
            "hover lacks {part:?}:\n{markdown}\n--- fixture:\n{fixture}"
        );
    }
}

/// The code actions for the fixture's cursor or selection, and the text.
fn actions_at(fixture: &str) -> (Vec<Action>, String, AnalysisHost) {
    let (text, start, end) = split_markers(fixture);
    let host = AnalysisHost::new(Arc::new(Syncwright));
    let analysis = analyse(&host, &text, 1);
    let actions =
        code_actions(&host, &settings(), &NoIncludes, &analysis, start, end).expect("actions");
    (actions, text, host)
}

/// Verdict of the only kernel of `text`.
fn verdict_of(host: &AnalysisHost, text: &str, generation: u64) -> Verdict {
    let analysis = analyse(host, text, generation);
    assert_eq!(analysis.kernels.len(), 1, "{text}");
    analysis.kernels[0].report.verdict
}

const RACY: &str = r#"__global__ void shift(int *out) {
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = out[t];
    out[t] = s[(t + 1) % 64];
}
"#;

const SYNCED: &str = r#"__global__ void shift(int *out) {
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = out[t];
    __syncthreads();
    out[t] = s[(t + 1) % 64];
}
"#;

/// Each thread reads what it wrote itself: the barrier orders nothing.
const REDUNDANT: &str = r#"__global__ void own(int *out) {
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = out[t];
    $0__syncthreads();
    out[t] = s[t];
}
"#;

fn at(text: &str, anchor: &str) -> String {
    let i = text.find(anchor).expect("anchor in fixture");
    format!("{}{CURSOR}{}", &text[..i], &text[i..])
}

#[test]
fn hover_on_a_kernel_name_gives_verdict_and_launch() {
    check_hover(
        &at(RACY, "shift("),
        &[
            "**kernel** `shift`: **racy**",
            "1 race,",
            "blockDim [64, 1, 1]",
        ],
    );
    check_hover(&at(SYNCED, "shift("), &["**race-free**", "0 races"]);
}

#[test]
fn hover_on_a_racy_access_names_the_other_access() {
    check_hover(
        &at(RACY, "s[t] = out"),
        &[
            "**write** of `s`",
            "May race with:",
            "`s[(t + 1) % 64]` (line 5)",
        ],
    );
}

#[test]
fn hover_on_a_barrier_says_what_it_orders() {
    check_hover(
        &at(SYNCED, "__syncthreads"),
        &[
            "**barrier** `__syncthreads()`",
            "Cost **1**",
            "Orders 1 race",
            "on `s`",
        ],
    );
}

#[test]
fn hover_on_a_named_barrier_says_who_reaches_it() {
    check_hover(
        r#"__global__ void k(float *out) {
    __shared__ float s[32];
    if (threadIdx.x < 32) {
        s[threadIdx.x] = 1.0f;
        asm volatile("bar.arrive 1, 64;");
    } else {
        $0asm volatile("bar.sync 1, 64;");
        out[threadIdx.x] = s[threadIdx.x - 32];
    }
}
"#,
        &[
            "**named barrier 1**",
            "Arrives and waits",
            "Expected threads per generation: `64`",
            "Reached by 32 threads (warps 1)",
        ],
    );
}

#[test]
fn hover_on_a_redundant_barrier_says_so() {
    check_hover(REDUNDANT, &["**barrier**", "**Redundant**"]);
}

#[test]
fn hover_on_a_proven_access_and_on_findings() {
    check_hover(&at(SYNCED, "s[t] = out"), &["**Proven race-free**"]);
    // The race finding's own range: its kind, code and explanation.
    check_hover(
        &at(RACY, "s[t] = out"),
        &["**write** of `s`", "---", "(`race`)"],
    );
}

const BUILTINS: &str = r#"__device__ float helper(float x) { return x; }
__global__ void count(int *hits, float *out) {
    int t = threadIdx.x;
    atomicAdd(&hits[0], 1);
    __threadfence();
    out[t] = helper(sqrtf((float)t));
}
"#;

#[test]
fn hover_on_a_builtin_call_says_what_the_table_makes_of_it() {
    check_hover(
        &at(BUILTINS, "atomicAdd"),
        &["**atomic** `atomicAdd`", "races only with non-atomic"],
    );
    check_hover(
        &at(BUILTINS, "dfence"),
        &["**memory fence** `__threadfence`", "does not synchronise"],
    );
    check_hover(&at(BUILTINS, "sqrtf"), &["**math** `sqrtf`"]);
    // A device function of the file is no builtin; nor is a barrier described
    // twice (its own hover says what it orders).
    let helper = hover_at(&at(BUILTINS, "helper(sqrtf")).unwrap_or_default();
    assert!(!helper.contains("`helper`"), "{helper}");
    let barrier = hover_at(&at(SYNCED, "__syncthreads")).unwrap_or_default();
    assert_eq!(barrier.matches("**barrier**").count(), 1, "{barrier}");
}

#[test]
fn no_hover_outside_kernels() {
    assert_eq!(hover_at(&format!("{CURSOR}\n{RACY}")), None);
}

#[test]
fn code_actions_rank_a_validated_barrier_first() {
    let (actions, text, host) = actions_at(&at(RACY, "s[t] = out"));
    let first = actions.first().expect("an action for the race");
    assert_eq!(first.kind, ActionKind::QuickFix);
    assert!(first.preferred, "{actions:?}");
    assert!(first.title.contains("__syncthreads()"), "{}", first.title);
    assert!(actions.iter().skip(1).all(|a| !a.preferred), "{actions:?}");
    // Every action offered passed the acceptance rule: applied, the kernel is race-free.
    for (i, action) in actions.iter().enumerate() {
        let fixed = crate::synth::apply_edits(&text, &action.edits).expect("edits apply");
        assert_eq!(
            verdict_of(&host, &fixed, 10 + i as u64),
            Verdict::RaceFree,
            "{fixed}"
        );
    }
}

#[test]
fn code_actions_insert_the_missing_wait_of_an_async_copy() {
    let (actions, text, host) = actions_at(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ float buf[64];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __syncthreads();
    out[threadIdx.x] = $0buf[63 - threadIdx.x];
}
"#,
    );
    let wait = actions
        .iter()
        .find(|a| a.title.contains("__pipeline_wait_prior(0)"))
        .unwrap_or_else(|| panic!("no wait inserted: {actions:?}"));
    let fixed = crate::synth::apply_edits(&text, &wait.edits).expect("edits apply");
    assert!(
        fixed.contains("    __pipeline_wait_prior(0);\n    __syncthreads();"),
        "{fixed}"
    );
    assert_eq!(verdict_of(&host, &fixed, 30), Verdict::RaceFree, "{fixed}");
}

#[test]
fn code_actions_insert_the_missing_wait_of_a_split_barrier_token() {
    let (actions, text, host) = actions_at(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    auto token = bar.arrive();
    out[threadIdx.x] = $0s[63 - threadIdx.x];
}
"#,
    );
    let wait = actions
        .iter()
        .find(|a| a.title.contains("bar.wait(std::move(token))"))
        .unwrap_or_else(|| panic!("no wait inserted: {actions:?}"));
    let fixed = crate::synth::apply_edits(&text, &wait.edits).expect("edits apply");
    assert!(
        fixed.contains("    auto token = bar.arrive();\n    bar.wait(std::move(token));\n    out"),
        "{fixed}"
    );
    assert_eq!(verdict_of(&host, &fixed, 31), Verdict::RaceFree, "{fixed}");
}

#[test]
fn code_actions_insert_the_wait_of_a_copy_on_a_barrier() {
    let (actions, text, host) = actions_at(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), bar);
    __syncthreads();
    out[threadIdx.x] = $0buf[63 - threadIdx.x];
}
"#,
    );
    let wait = actions
        .iter()
        .find(|a| a.title.contains("bar.arrive_and_wait()"))
        .unwrap_or_else(|| panic!("no wait inserted: {actions:?}"));
    let fixed = crate::synth::apply_edits(&text, &wait.edits).expect("edits apply");
    assert!(
        fixed.contains("    bar.arrive_and_wait();\n    __syncthreads();\n    out"),
        "{fixed}"
    );
    assert_eq!(verdict_of(&host, &fixed, 32), Verdict::RaceFree, "{fixed}");
}

#[test]
fn code_actions_set_a_barrier_objects_count_to_the_roles_that_arrive() {
    let (actions, text, host) = actions_at(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float tile[32];
    int warp = threadIdx.x / 32;
    if (threadIdx.x == 0) {
        init(&bar, (blockDim.x / 32 - 1) * 32);
    }
    __syncthreads();
    if (warp == 0) {
        tile[threadIdx.x] = in[threadIdx.x];
        auto token = bar.arrive();
    } else {
        $0bar.arrive_and_wait();
        out[threadIdx.x] = tile[31 - threadIdx.x % 32];
    }
}
"#,
    );
    let count = actions
        .iter()
        .find(|a| a.title.contains("expected count of `bar` to 64"))
        .unwrap_or_else(|| panic!("no count fix: {actions:?}"));
    let fixed = crate::synth::apply_edits(&text, &count.edits).expect("edits apply");
    assert!(fixed.contains("init(&bar, 64);"), "{fixed}");
    assert_eq!(verdict_of(&host, &fixed, 33), Verdict::RaceFree, "{fixed}");
}

#[test]
fn code_actions_set_a_named_barrier_count_to_the_threads_that_reach_it() {
    let (actions, text, host) = actions_at(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ float tile[32];
    if (threadIdx.x < 32) {
        tile[threadIdx.x] = in[threadIdx.x];
        asm volatile("bar.arrive 1, 32;" ::: "memory");
    } else {
        $0asm volatile("bar.sync 1, 32;" ::: "memory");
        out[threadIdx.x] = tile[threadIdx.x - 32];
    }
}
"#,
    );
    let count = actions
        .iter()
        .find(|a| a.title.contains("thread count of named barrier 1 to 64"))
        .unwrap_or_else(|| panic!("no count fix: {actions:?}"));
    let fixed = crate::synth::apply_edits(&text, &count.edits).expect("edits apply");
    assert!(
        fixed.contains("bar.arrive 1, 64;") && fixed.contains("bar.sync 1, 64;"),
        "{fixed}"
    );
    assert_eq!(verdict_of(&host, &fixed, 40), Verdict::RaceFree, "{fixed}");
}

/// The code action moving a barrier, applied: the fixed text (which must
/// check race-free) and the action.
fn apply_move(fixture: &str, version: u64) -> (String, Action) {
    let (actions, text, host) = actions_at(fixture);
    let moved = actions
        .iter()
        .find(|a| a.title.starts_with("Move "))
        .unwrap_or_else(|| panic!("no move in {actions:?}"))
        .clone();
    assert_eq!(moved.kind, ActionKind::QuickFix);
    // One edit pair of the user's text: delete at the old place, insert at the new.
    assert_eq!(moved.edits.len(), 2, "{moved:?}");
    let fixed = crate::synth::apply_edits(&text, &moved.edits).expect("edits apply");
    assert_eq!(
        verdict_of(&host, &fixed, version),
        Verdict::RaceFree,
        "{fixed}"
    );
    (fixed, moved)
}

#[test]
fn code_actions_move_a_split_barrier_wait_written_after_the_read() {
    let (fixed, moved) = apply_move(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    $0s[threadIdx.x] = in[threadIdx.x];
    auto token = bar.arrive();
    out[threadIdx.x] = s[63 - threadIdx.x];
    bar.wait(std::move(token));
}
"#,
        51,
    );
    assert!(
        fixed.contains(
            "    auto token = bar.arrive();\n    bar.wait(std::move(token));\n    out[threadIdx.x]"
        ),
        "{fixed}"
    );
    assert!(
        moved
            .title
            .contains("the `cuda::barrier` wait from line 11 to before line 10"),
        "{}",
        moved.title
    );
}

#[test]
fn code_actions_move_a_syncwarp_written_one_statement_too_early() {
    let (fixed, moved) = apply_move(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ float s[64];
    __shared__ float t[64];
    int i = threadIdx.x;
    s[i] = in[i];
    __syncwarp();
    t[i] = in[64 + i];
    out[i] = s[i ^ 31] + $0t[i ^ 31];
}
"#,
        50,
    );
    assert!(
        fixed.contains("    t[i] = in[64 + i];\n    __syncwarp();\n    out[i]"),
        "{fixed}"
    );
    assert_eq!(fixed.matches("__syncwarp").count(), 1, "{fixed}");
    assert!(
        moved
            .title
            .contains("`__syncwarp()` from line 6 to after line 7"),
        "{}",
        moved.title
    );
    assert!(
        moved.title.contains("race-free and deadlock-free"),
        "{}",
        moved.title
    );
    assert!(moved.preferred, "{moved:?}");
}

#[test]
fn code_actions_move_a_named_arrival_after_the_producers_last_store() {
    let (fixed, moved) = apply_move(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ float a[32];
    __shared__ float b[32];
    if (threadIdx.x < 32) {
        a[threadIdx.x] = in[threadIdx.x];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        b[threadIdx.x] = in[32 + threadIdx.x];
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        int i = threadIdx.x - 32;
        out[i] = a[31 - i] + $0b[31 - i];
    }
}
"#,
        60,
    );
    assert!(
        fixed.contains(
            "b[threadIdx.x] = in[32 + threadIdx.x];\n        asm volatile(\"bar.arrive 1, 64;\" ::: \"memory\");\n    } else"
        ),
        "{fixed}"
    );
    assert!(moved.title.contains("the named barrier"), "{}", moved.title);
}

#[test]
fn code_actions_move_a_named_barrier_written_through_a_helper() {
    // The helper's call statement moves (its body stays as written).
    let (fixed, _) = apply_move(
        r#"__device__ void named_arrive(int id, int n) {
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__global__ void k(const float *in, float *out) {
    __shared__ float a[32];
    __shared__ float b[32];
    if (threadIdx.x < 32) {
        a[threadIdx.x] = in[threadIdx.x];
        named_arrive(1, 64);
        b[threadIdx.x] = in[32 + threadIdx.x];
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[threadIdx.x - 32] = $0b[63 - threadIdx.x] + a[63 - threadIdx.x];
    }
}
"#,
        80,
    );
    assert!(
        fixed.contains(
            "b[threadIdx.x] = in[32 + threadIdx.x];\n        named_arrive(1, 64);\n    }"
        ),
        "{fixed}"
    );
    assert!(
        fixed.contains("asm volatile(\"bar.arrive %0, %1;\""),
        "{fixed}"
    );
}

#[test]
fn code_actions_reorder_named_barriers_that_deadlock() {
    // WEFT's order inversion: the second role meets barrier 2 first.
    let (fixed, _) = apply_move(
        r#"__global__ void k(float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = threadIdx.x;
    if (threadIdx.x < 32) {
        $0asm volatile("bar.sync 1, 64;" ::: "memory");
        asm volatile("bar.sync 2, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 2, 64;" ::: "memory");
        asm volatile("bar.sync 1, 64;" ::: "memory");
    }
    out[threadIdx.x] = s[63 - threadIdx.x];
}
"#,
        70,
    );
    assert_eq!(fixed.matches("bar.sync").count(), 4, "{fixed}");
}

#[test]
fn code_actions_offer_no_move_that_does_not_order_every_race() {
    // One barrier between a store and a read, a write-back after the read:
    // moving the barrier past the read un-orders the store.
    let (actions, _, _) = actions_at(
        r#"__global__ void k(const float *in, float *out) {
    __shared__ float s[64];
    int i = threadIdx.x;
    s[i] = in[i];
    __syncwarp();
    float y = $0s[i ^ 1];
    s[i] = y + 1.0f;
    out[i] = y;
}
"#,
    );
    assert!(
        actions.iter().all(|a| !a.title.starts_with("Move ")),
        "{actions:?}"
    );
}

/// A racy kernel whose barrier statement `step` comes one statement before
/// the store `s[threadIdx.x] = phase;` (the cursor on the read of the
/// neighbouring lane, so a `__syncwarp()` below the store orders it).
fn warp_step_kernel(helper: &str, step: &str) -> String {
    format!(
        r#"{helper}
__global__ void k(float *out) {{
    __shared__ float s[1024];
    int phase = 0;
    {step}
    s[threadIdx.x] = phase;
    out[threadIdx.x] = $0s[threadIdx.x ^ 1];
}}
"#
    )
}

#[test]
fn code_actions_offer_no_move_of_a_barrier_statement_assigning_the_callers_variables() {
    // Moving the statement below the store would order the race but store
    // 0 instead of 1: the helper assigns `phase` by reference, or the
    // statement increments it next to the barrier.
    for text in [
        warp_step_kernel(
            "__device__ void warp_step(int &phase) { phase += 1; __syncwarp(); }",
            "warp_step(phase);",
        ),
        warp_step_kernel("", "__syncwarp(), phase++;"),
    ] {
        let (actions, _, _) = actions_at(&text);
        assert!(
            actions.iter().all(|a| !a.title.starts_with("Move ")),
            "{text}: {actions:?}"
        );
        // The race is still repaired, by a new barrier.
        assert!(
            actions.iter().any(|a| a.kind == ActionKind::QuickFix),
            "{text}: {actions:?}"
        );
    }
}

#[test]
fn code_actions_move_a_helper_that_assigns_only_its_own_parameter() {
    let (fixed, _) = apply_move(
        &warp_step_kernel(
            "__device__ void warp_step(int phase) { phase += 1; __syncwarp(); }",
            "warp_step(phase);",
        ),
        90,
    );
    assert!(
        fixed.contains("s[threadIdx.x] = phase;\n    warp_step(phase);\n    out"),
        "{fixed}"
    );
}

#[test]
fn code_actions_offer_removing_a_redundant_barrier_as_a_rewrite() {
    let (actions, text, host) = actions_at(REDUNDANT);
    let removal = actions
        .iter()
        .find(|a| a.title.to_lowercase().contains("remove"))
        .unwrap_or_else(|| panic!("no removal in {actions:?}"));
    assert_eq!(removal.kind, ActionKind::Rewrite);
    let fixed = crate::synth::apply_edits(&text, &removal.edits).expect("edits apply");
    assert!(!fixed.contains("__syncthreads"), "{fixed}");
    assert_eq!(verdict_of(&host, &fixed, 20), Verdict::RaceFree);
}

/// A 32x32 tile read by column: 32 lanes of a warp in one bank.
const COLUMN_READ: &str = "__global__ void transpose(float *out, const float *in) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
";

/// Settings with performance analyses on and a 32x32 block.
fn perf_settings() -> Settings {
    Settings {
        perf: true,
        launch: LaunchOverrides {
            block_dim: Some([32, 32, 1]),
            grid_dim: Some([1, 1, 1]),
            ..LaunchOverrides::default()
        },
        ..Settings::default()
    }
}

#[test]
fn perf_publishes_bank_conflicts_hovers_them_and_offers_a_verified_padding() {
    let fixture = at(COLUMN_READ, "tile[threadIdx.x][threadIdx.y]");
    let (text, offset, _) = split_markers(&fixture);
    let host = AnalysisHost::new(Arc::new(Syncwright));
    let settings = perf_settings();
    let context = AnalysisContext {
        settings: &settings,
        includes: &NoIncludes,
        is_stale: &|| false,
        progress: &|_, _| {},
    };
    let analysis = host
        .analysis("k.cu", 1, &context, |_| Some(input(&text, 1)))
        .expect("analysis");
    let kernel = &analysis.kernels[0];
    let conflicts: Vec<&Finding> = kernel
        .report
        .findings
        .iter()
        .filter(|f| f.kind == DiagnosticKind::BankConflict)
        .collect();
    assert_eq!(conflicts.len(), 1, "{:?}", kernel.report.findings);
    assert!(
        conflicts[0].message.contains("32-way"),
        "{}",
        conflicts[0].message
    );
    let markdown = hover(&host, &settings, &analysis, offset)
        .expect("hover")
        .expect("a hover on the access");
    assert!(markdown.contains("32"), "{markdown}");
    let actions =
        code_actions(&host, &settings, &NoIncludes, &analysis, offset, offset).expect("actions");
    let pad = actions
        .iter()
        .find(|a| a.title.contains("Pad `tile`"))
        .unwrap_or_else(|| panic!("no padding in {actions:?}"));
    let fixed = crate::synth::apply_edits(&text, &pad.edits).expect("edits apply");
    assert!(fixed.contains("tile[32][32 + 1]"), "{fixed}");
    // Without perf nothing of this is computed.
    let plain = analyse(&host, &text, 2);
    assert!(plain.kernels[0].banks.is_none());
    assert!(plain.kernels[0]
        .report
        .findings
        .iter()
        .all(|f| f.kind != DiagnosticKind::BankConflict));
}

#[test]
fn no_code_actions_outside_kernels() {
    let (actions, _, _) = actions_at(&format!("{CURSOR}\n{RACY}"));
    assert!(actions.is_empty(), "{actions:?}");
}

#[test]
fn front_end_notes_are_imprecision_information_for_every_front_door() {
    let host = AnalysisHost::new(Arc::new(Syncwright));
    let text = format!("#endif\n{SYNCED}");
    let analysis = analyse(&host, &text, 1);
    let findings = analysis.findings();
    let notes: Vec<&Finding> = findings
        .iter()
        .map(|f| &f.finding)
        .filter(|f| f.message.contains("#endif"))
        .collect();
    assert_eq!(notes.len(), 1, "{findings:?}");
    assert_eq!(notes[0].kind, DiagnosticKind::Imprecision);
    // The command line sees the same finding.
    let file = super::analyze_file(
        std::path::Path::new("/nonexistent/k.cu"),
        &text,
        &settings(),
    );
    assert!(file.file_findings.iter().any(|f| f == notes[0]));
}

/// The real layers, with checks that wait at a gate and are counted.
struct GatedEngine {
    open: AtomicBool,
    checks: AtomicUsize,
}

impl Engine for GatedEngine {
    fn parse(&self, text: &str, lang: Lang, old: Option<&tree_sitter::Tree>) -> ParsedSource {
        Syncwright.parse(text, lang, old)
    }
    fn lower(
        &self,
        parsed: &ParsedSource,
        path: &std::path::Path,
        includes: &dyn IncludeResolver,
    ) -> Program {
        Syncwright.lower(parsed, path, includes)
    }
    fn launch_plans(
        &self,
        settings: &Settings,
        program: &Program,
        kernels: &[Kernel],
        path: &std::path::Path,
    ) -> (Vec<LaunchPlan>, Vec<Finding>) {
        Syncwright.launch_plans(settings, program, kernels, path)
    }
    fn check(&self, kernel: &Kernel, options: &CheckOptions) -> KernelReport {
        self.checks.fetch_add(1, Ordering::SeqCst);
        while !self.open.load(Ordering::SeqCst) {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        Syncwright.check(kernel, options)
    }
    fn repair(
        &self,
        kernel: &Kernel,
        files: &[SourceFileInfo],
        options: &SynthOptions,
    ) -> KernelRepair {
        Syncwright.repair(kernel, files, options)
    }
    fn barrier_infos(&self, kernel: &Kernel, options: &SynthOptions) -> Vec<BarrierInfo> {
        Syncwright.barrier_infos(kernel, options)
    }
}

/// Waits until `done` holds (at most ten seconds).
fn eventually(done: impl Fn() -> bool) {
    for _ in 0..5_000 {
        if done() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("condition not reached");
}

#[test]
fn one_analysis_per_version_and_stale_versions_stop() {
    let engine = Arc::new(GatedEngine {
        open: AtomicBool::new(false),
        checks: AtomicUsize::new(0),
    });
    let host = Arc::new(AnalysisHost::new(engine.clone()));
    let current = Arc::new(AtomicUsize::new(1));
    let request = |generation: u64, text: &'static str| {
        let (host, current) = (host.clone(), current.clone());
        std::thread::spawn(move || {
            let input = input(text, generation);
            let is_stale = || current.load(Ordering::SeqCst) as u64 != generation;
            let context = AnalysisContext {
                settings: &settings(),
                includes: &NoIncludes,
                is_stale: &is_stale,
                progress: &|_, _| {},
            };
            host.analysis("k.cu", generation, &context, |_| Some(input))
        })
    };
    // Version 1 is being checked (held at the gate); a hover and a code
    // action for the same version wait for it instead of starting their own.
    let first = request(1, RACY);
    eventually(|| engine.checks.load(Ordering::SeqCst) == 1);
    let hover = request(1, RACY);
    let action = request(1, RACY);
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert_eq!(host.analyses_started(), 1);
    engine.open.store(true, Ordering::SeqCst);
    let results: Vec<_> = [first, hover, action]
        .into_iter()
        .map(|t| t.join().expect("thread").expect("analysis"))
        .collect();
    assert!(results.iter().all(|r| Arc::ptr_eq(r, &results[0])));
    assert_eq!(host.analyses_started(), 1);
    assert_eq!(engine.checks.load(Ordering::SeqCst), 1);

    // Version 2 is pending when version 3 arrives: 2 stops (superseded) at
    // its next kernel, 3 is analysed.
    engine.open.store(false, Ordering::SeqCst);
    current.store(2, Ordering::SeqCst);
    let two = request(2, SYNCED);
    eventually(|| engine.checks.load(Ordering::SeqCst) == 2);
    current.store(3, Ordering::SeqCst);
    let three = request(3, SYNCED);
    engine.open.store(true, Ordering::SeqCst);
    assert_eq!(
        two.join().expect("thread").err(),
        Some(AnalysisError::Superseded)
    );
    let three = three.join().expect("thread").expect("analysis");
    assert_eq!(three.generation, 3);
    assert_eq!(host.latest("k.cu").map(|a| a.generation), Some(3));
}

#[test]
fn one_finding_per_pair_of_accesses_for_every_front_door() {
    // The store in `put` races with itself from both calls, within a block
    // and between blocks: one finding, the other relation a related note.
    let text = "__device__ void put(int *a, int i, int v) { a[i] = v; }\n\
                __global__ void k(int *out) {\n\
                    put(out, threadIdx.x / 2, threadIdx.x);\n\
                    put(out, threadIdx.x / 2 + 1000, threadIdx.x);\n\
                }\n";
    let blocks = Settings {
        launch: LaunchOverrides {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([4, 1, 1]),
            ..LaunchOverrides::default()
        },
        ..Settings::default()
    };
    let analysis = analyse_with(&AnalysisHost::new(Arc::new(Syncwright)), text, 1, &blocks);
    let races: Vec<Finding> = analysis
        .findings()
        .into_iter()
        .map(|f| f.finding)
        .filter(|f| f.kind == DiagnosticKind::Race)
        .collect();
    assert_eq!(races.len(), 1, "{races:#?}");
    assert!(races[0].message.contains("write-write race on `out`:"));
    assert!(
        races[0]
            .related
            .iter()
            .any(|(_, m)| m == "the same accesses also race between threads of different blocks"),
        "{:?}",
        races[0].related
    );
    // Every pair and relation is still there for the repair.
    assert!(analysis.kernels[0].report.races.len() >= 2);
    // The command line shows the same finding.
    let file = super::analyze_file(std::path::Path::new("/nonexistent/k.cu"), text, &blocks);
    let cli: Vec<&Finding> = file.kernels[0]
        .report
        .findings
        .iter()
        .filter(|f| f.kind == DiagnosticKind::Race)
        .collect();
    assert_eq!(cli.len(), 1);
    assert_eq!(cli[0].related, races[0].related);
}

/// The token scan used on long texts after the front end failed finds the
/// kernel definitions the parsed scan finds (and no declaration or comment).
#[test]
fn lexical_kernel_scan_agrees_with_the_parsed_scan() {
    use super::file::{lexical_kernel_names, scan_kernel_names};
    let cuda = "\
__global__ void plain(int *x) { x[0] = 1; }
__global__ void __launch_bounds__(256) bounded(float *y) {
  y[threadIdx.x] = 0;
}
__global__ void declared_only(int *z);
// __global__ void in_comment(int *w) { }
template <int N> __global__ void templated(int *p) { p[N] = 0; }
static __global__ void
  split_lines(const int *a,
              int *b)
{ b[0] = a[0]; }
void host(int *x) { plain<<<1, 1>>>(x); }
";
    let opencl = "\
__kernel void first(__global int *a) { a[0] = 1; }
kernel void second(global float *b) { b[1] = 2.0f; }
void helper(int x) { }
";
    for (text, lang) in [(cuda, Lang::Cuda), (opencl, Lang::OpenCl)] {
        let lexical = lexical_kernel_names(text, lang);
        assert_eq!(lexical, scan_kernel_names(text, lang), "{text}");
        assert!(!lexical.is_empty());
    }
    let names: Vec<String> = lexical_kernel_names(cuda, Lang::Cuda)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names, ["plain", "bounded", "templated", "split_lines"]);
}

/// The token scan as it was written over a materialised token list: the
/// reference for the streaming [`super::file::lexical_kernel_names`].
fn materialised_kernel_scan(text: &str, lang: Lang) -> Vec<(String, crate::base::Span)> {
    use crate::syntax::preprocess::{lex, TokKind};
    let toks: Vec<_> = lex(text)
        .into_iter()
        .filter(|t| !matches!(t.kind, TokKind::Space | TokKind::Comment | TokKind::Newline))
        .collect();
    let word = |i: usize| toks.get(i).map_or("", |t| &text[t.start..t.end]);
    let is_qualifier = |w: &str| match lang {
        Lang::Cuda => w == "__global__",
        Lang::OpenCl => w == "__kernel" || w == "kernel",
    };
    let close = |open: usize, limit: usize| {
        let mut depth = 0usize;
        for j in open..toks.len().min(limit) {
            match word(j) {
                "(" => depth += 1,
                ")" => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(j + 1);
                    }
                }
                _ => {}
            }
        }
        None
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if !is_qualifier(word(i)) {
            i += 1;
            continue;
        }
        let limit = i + super::file::MAX_KERNEL_HEAD_TOKENS;
        let mut j = i + 1;
        let mut name = None;
        while j < toks.len().min(limit) && !matches!(word(j), ";" | "{" | "}" | ")") {
            if word(j) == "(" {
                match name {
                    Some(n)
                        if !matches!(
                            word(n),
                            "__launch_bounds__" | "__attribute__" | "__declspec"
                        ) =>
                    {
                        break
                    }
                    _ => {
                        name = None;
                        j = close(j, limit).unwrap_or(toks.len());
                        continue;
                    }
                }
            }
            name = (toks[j].kind == TokKind::Ident).then_some(j);
            j += 1;
        }
        let after = (j < limit && word(j) == "(")
            .then(|| close(j, limit))
            .flatten();
        let (Some(n), Some(after)) = (name, after) else {
            i += 1;
            continue;
        };
        let mut k = after;
        while k < toks.len() && !matches!(word(k), ";" | "{" | "}") {
            k += 1;
        }
        if word(k) == "{" {
            let t = &toks[n];
            found.push((
                word(n).to_string(),
                crate::base::Span::new(t.start as u32, t.end as u32),
            ));
        }
        i = k.max(i + 1);
    }
    found
}

/// The streaming token scan (tokens read on demand, the passed ones
/// forgotten) finds what the scan over the whole token list finds: on every
/// test kernel of the repository, on each cut at every 97th byte of them
/// (unbalanced parentheses and braces, a qualifier at the end), and on
/// hand-written edge cases.
#[test]
fn streaming_kernel_scan_equals_the_materialised_one() {
    use super::file::lexical_kernel_names;
    let mut texts: Vec<(String, Lang)> = vec![
        ("__global__".into(), Lang::Cuda),
        ("__global__ void k(".into(), Lang::Cuda),
        (
            "__global__ void k((int a) { }\n__global__ void m(int *p) { }".into(),
            Lang::Cuda,
        ),
        (
            "__global__ __global__ void k(int a) { } ) __global__ void m() {".into(),
            Lang::Cuda,
        ),
        (
            "__global__ void __attribute__((x)) __launch_bounds__(64) k(int a) {}".into(),
            Lang::Cuda,
        ),
        (
            "kernel void a(global int *p) { } __kernel void b() ; kernel".into(),
            Lang::OpenCl,
        ),
        (
            "/* __global__ void c() { } */ __global__ void d() { }".into(),
            Lang::Cuda,
        ),
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("test kernels").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                texts.push((text, Lang::from_path(&path)));
            }
        }
    }
    assert!(texts.len() > 100, "the test kernels are read");
    let mut compared = 0;
    for (text, lang) in &texts {
        let cuts = (97..text.len())
            .step_by(97)
            .filter(|&c| text.is_char_boundary(c));
        for end in cuts.chain(std::iter::once(text.len())) {
            let piece = &text[..end];
            assert_eq!(
                lexical_kernel_names(piece, *lang),
                materialised_kernel_scan(piece, *lang),
                "{piece}"
            );
            compared += 1;
        }
    }
    assert!(compared > 1000);
    // Unclosed heads one after another: bounded work per qualifier, not a
    // scan to the end of the text from each (quadratic: minutes).
    let hostile = "__global__ void k(".repeat(20_000);
    let started = std::time::Instant::now();
    assert!(lexical_kernel_names(&hostile, Lang::Cuda).is_empty());
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

/// A long file whose front end runs out of the kernel budget: every kernel
/// is reported, `unsupported` with the budget named, and the report comes
/// back soon after the deadline (the kernels are then found by a token scan,
/// not by parsing the file again).
#[test]
fn front_end_past_the_budget_reports_every_kernel_with_the_limit() {
    let mut text = String::new();
    for k in 0..2 {
        text.push_str(&format!(
            "__global__ void long_kernel_{k}(int *out, const int *in) {{\n  int t = threadIdx.x;\n"
        ));
        for i in 0..6_000 {
            text.push_str(&format!("  out[t] = in[(t + {i}) % 256] * {k} + {i};\n"));
        }
        text.push_str("}\n");
    }
    assert!(text.len() > 256 << 10);
    let settings = Settings {
        kernel_budget_ms: 1,
        ..settings()
    };
    let started = std::time::Instant::now();
    let analysis = super::analyze_file(std::path::Path::new("long.cu"), &text, &settings);
    let elapsed = started.elapsed();
    let reports: Vec<(&str, Verdict)> = analysis
        .kernels
        .iter()
        .map(|k| (k.report.name.as_str(), k.report.verdict))
        .collect();
    assert_eq!(reports.len(), 2, "{reports:?}");
    for k in &analysis.kernels {
        assert!(
            matches!(
                k.report.verdict,
                Verdict::Unsupported | Verdict::Inconclusive
            ),
            "{:?}",
            k.report
        );
        assert!(
            k.report.findings.iter().any(|f| f.message.contains("1 ms")),
            "{:#?}",
            k.report.findings
        );
    }
    // Generous for an unoptimised build on a loaded machine; parsing the
    // file again (the old fallback) alone took longer than the lowering.
    assert!(elapsed < std::time::Duration::from_secs(20), "{elapsed:?}");
}

#[test]
fn launch_bindings_are_the_same_for_every_front_door() {
    // `n` is 2 at the program's only launch: `a[tid * n]` is injective there,
    // and racy for n = 0. Both front doors check the program as written.
    let text = "__global__ void k(int *a, int n) { a[threadIdx.x * n] = threadIdx.x; }\n\
                int main() { int *d = 0; k<<<1, 64>>>(d, 2); return 0; }\n";
    let settings = Settings::default();
    let analysis = analyse_with(&AnalysisHost::new(Arc::new(Syncwright)), text, 1, &settings);
    let file = super::analyze_file(std::path::Path::new("/nonexistent/k.cu"), text, &settings);
    assert_eq!(file.kernels[0].report.verdict, Verdict::RaceFree);
    assert_eq!(analysis.kernels[0].report.verdict, Verdict::RaceFree);
}

/// A kernel whose threads past `n` return before a shared-memory exchange,
/// launched with `n` as given.
fn returning_kernel(n: u32) -> String {
    format!(
        "__global__ void k(float *out, const float *in, int n) {{\n\
         \x20 __shared__ float tile[64];\n\
         \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
         \x20 if (i >= n) return;\n\
         \x20 tile[threadIdx.x] = in[i];\n\
         \x20 out[i] = tile[(threadIdx.x + 1) % 64];\n\
         }}\n\
         int main() {{ float *o = 0, *p = 0; k<<<4, 64>>>(o, p, {n}); return 0; }}\n"
    )
}

#[test]
fn fix_places_barriers_after_a_return_the_launch_makes_block_uniform() {
    // Launched with n = 4 * 64, no thread returns: the checker proves a barrier
    // after the `return` non-divergent, and `fix` places it there.
    let text = returning_kernel(256);
    let path = std::path::Path::new("/nonexistent/syncwright-ide-fix/ret.cu");
    let settings = Settings::default();
    let (fixed, _) = super::fix::fix_file(path, &text, &settings, Default::default());
    let k = &fixed.kernels[0];
    assert_eq!(k.status, crate::synth::RepairStatus::Repaired, "{k:?}");
    assert_eq!(k.barriers_after, 1, "{k:?}");
    assert!(fixed.fixed.contains("__syncthreads()"), "{}", fixed.fixed);
    let again = super::analyze_file(path, &fixed.fixed, &settings);
    assert_eq!(again.kernels[0].report.verdict, Verdict::RaceFree);
}

#[test]
fn fix_does_not_place_a_barrier_after_a_return_some_threads_of_a_block_take() {
    // Launched with n = 200, threads 200..255 of block 3 return: a barrier
    // after the `return` diverges, and there is no other place for one.
    let text = returning_kernel(200);
    let path = std::path::Path::new("/nonexistent/syncwright-ide-fix/ret.cu");
    let settings = Settings::default();
    let (fixed, _) = super::fix::fix_file(path, &text, &settings, Default::default());
    let k = &fixed.kernels[0];
    assert_eq!(k.status, crate::synth::RepairStatus::Unrepairable, "{k:?}");
    let reason = k.reason.as_deref().unwrap_or_default();
    assert!(
        reason.contains("after a `return` some threads take"),
        "{reason}"
    );
    assert_eq!(fixed.fixed, text);
}

#[test]
fn fix_repairs_under_the_launches_check_uses() {
    // Launched with one block, the race is between threads of that block and
    // a barrier repairs it; under a symbolic launch it would also race between
    // blocks, which no barrier orders.
    let text = "__global__ void k(int *a) {\n\
                    a[threadIdx.x] = threadIdx.x;\n\
                    a[64 + threadIdx.x] = a[(threadIdx.x + 1) % 64];\n\
                }\n\
                int main() { int *d = 0; k<<<1, 64>>>(d); return 0; }\n";
    let path = std::path::Path::new("/nonexistent/syncwright-ide-fix/k.cu");
    let settings = Settings::default();
    let file = super::analyze_file(path, text, &settings);
    assert_eq!(file.kernels[0].report.verdict, Verdict::Racy);
    let (fixed, _) = super::fix::fix_file(path, text, &settings, Default::default());
    assert_eq!(
        fixed.kernels[0].status,
        crate::synth::RepairStatus::Repaired,
        "{:?}",
        fixed.kernels[0]
    );
    assert!(fixed.fixed.contains("__syncthreads()"), "{}", fixed.fixed);
    let again = super::analyze_file(path, &fixed.fixed, &settings);
    assert_eq!(again.kernels[0].report.verdict, Verdict::RaceFree);
    // The editor offers the same repair as a quick fix.
    let host = AnalysisHost::new(Arc::new(Syncwright));
    let analysis = analyse_with(&host, text, 1, &settings);
    let at = text.find("a[64").expect("racy line") as u32;
    let actions = code_actions(&host, &settings, &NoIncludes, &analysis, at, at).expect("actions");
    let barrier = actions
        .iter()
        .find(|a| {
            a.edits
                .iter()
                .any(|e| e.new_text.contains("__syncthreads()"))
        })
        .unwrap_or_else(|| panic!("no barrier quick fix in {actions:?}"));
    let edited = crate::synth::apply_edits(text, &barrier.edits).expect("edits apply");
    let after = super::analyze_file(path, &edited, &settings);
    assert_eq!(after.kernels[0].report.verdict, Verdict::RaceFree);
}

#[test]
fn launch_relations_reach_every_front_door_and_only_the_programs_launches() {
    // `nx / 64` blocks of 64 threads: x < nx, so the rows `y * nx + x` never
    // overlap. Racy where the relation does not hold.
    let kernel = "__global__ void k(float *o, int nx) {\n\
                      int x = blockIdx.x * blockDim.x + threadIdx.x;\n\
                      int y = blockIdx.y;\n\
                      o[y * nx + x] = x;\n\
                  }\n";
    let verdict = |host: &str, settings: &Settings| {
        let text = format!("{kernel}{host}");
        let path = std::path::Path::new("/nonexistent/syncwright-ide-relations/k.cu");
        let file = super::analyze_file(path, &text, settings);
        let analysis = analyse_with(&AnalysisHost::new(Arc::new(Syncwright)), &text, 1, settings);
        assert_eq!(
            file.kernels[0].report.verdict, analysis.kernels[0].report.verdict,
            "{host}"
        );
        file.kernels[0].report.verdict
    };
    let default = Settings::default();
    let related = "void run(float *o, int nx) { dim3 g(nx / 64, 8); k<<<g, 64>>>(o, nx); }\n";
    assert_eq!(verdict(related, &default), Verdict::RaceFree);
    // A flag giving the grid checks that launch, not the program's.
    let mut flagged = Settings::default();
    flagged.launch.grid_dim = Some([4, 8, 1]);
    assert_eq!(verdict(related, &flagged), Verdict::Racy);
    // A `long` size converted to the `int` parameter: not the value passed.
    let long = "void run(float *o, long nx) { dim3 g(nx / 64, 8); k<<<g, 64>>>(o, nx); }\n";
    assert_eq!(verdict(long, &default), Verdict::Racy);
    // A second launch without the relation, or a use of the kernel's name
    // that may launch it with any grid.
    let second = "void run(float *o, int nx, int b) {\n\
                      k<<<dim3(nx / 64, 8), 64>>>(o, nx);\n\
                      k<<<dim3(b, 8), 64>>>(o, nx);\n\
                  }\n";
    assert_eq!(verdict(second, &default), Verdict::Racy);
    let pointer = "void run(float *o, int nx) {\n\
                       k<<<dim3(nx / 64, 8), 64>>>(o, nx);\n\
                       void (*p)(float *, int) = k; launch(p);\n\
                   }\n";
    assert_eq!(verdict(pointer, &default), Verdict::Racy);
}

#[test]
fn fix_repairs_each_launch_configuration_when_their_shared_sizes_race() {
    // Two launches with C = 2 and C = 4: under the sizes they share (C
    // symbolic) two blocks' slices of `out` overlap, which no barrier
    // repairs; each launch alone needs one barrier between the loops.
    let programs = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/synth/programs"
    ));
    let fix = |folder: &str| {
        let path = programs.join(folder).join("parts.cu");
        let text = std::fs::read_to_string(&path).expect("fixture");
        let (fixed, _) =
            super::fix::fix_file(&path, &text, &Settings::default(), Default::default());
        (path, fixed)
    };
    let (path, fixed) = fix("per_launch");
    let k = &fixed.kernels[0];
    assert_eq!(
        k.status,
        crate::synth::RepairStatus::Repaired,
        "{:?}",
        k.reason
    );
    assert_eq!((k.barriers_after, k.cost_after), (1, 1.0), "{k:?}");
    assert!(k.optimal, "{k:?}");
    assert_eq!(
        fixed.fixed.matches("__syncthreads();").count(),
        1,
        "{}",
        fixed.fixed
    );
    let again = super::analyze_file(&path, &fixed.fixed, &Settings::default());
    assert_eq!(again.kernels[0].report.verdict, Verdict::RaceFree);
    // The launches need barriers at different points: the union of both
    // repairs, its cost counted on the written text, not claimed least-cost.
    let path = programs.join("per_launch_union").join("phases.cu");
    let text = std::fs::read_to_string(&path).expect("fixture");
    let (union, _) = super::fix::fix_file(&path, &text, &Settings::default(), Default::default());
    let k = &union.kernels[0];
    assert_eq!(
        k.status,
        crate::synth::RepairStatus::Repaired,
        "{:?}",
        k.reason
    );
    assert_eq!((k.barriers_after, k.optimal), (2, false), "{k:?}");
    assert_eq!(
        union.fixed.matches("__syncthreads();").count(),
        2,
        "{}",
        union.fixed
    );
    let again = super::analyze_file(&path, &union.fixed, &Settings::default());
    assert_eq!(again.kernels[0].report.verdict, Verdict::RaceFree);
    // A third launch with C = 8 makes the slices overlap: no repair.
    let (_, overlap) = fix("per_launch_overlap");
    let k = &overlap.kernels[0];
    assert_eq!(k.status, crate::synth::RepairStatus::Unrepairable, "{k:?}");
    assert!(k.edits.is_empty() && overlap.fixed == overlap.original);
}

#[test]
fn a_cooperative_launch_in_another_file_of_the_program_implies_grid_barriers() {
    // `fix` as the command line runs it on a file without host code: the
    // launch in the folder's other source file decides.
    let programs = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/synth/programs"
    ));
    let fix = |folder: &str| {
        let path = programs.join(folder).join("shift.cu");
        let text = std::fs::read_to_string(&path).expect("fixture");
        let settings = Settings::default();
        let (fixed, _) = super::fix::fix_file(&path, &text, &settings, Default::default());
        (path, fixed)
    };
    let (path, fixed) = fix("cooperative_sibling");
    let k = &fixed.kernels[0];
    assert_eq!(
        k.status,
        crate::synth::RepairStatus::Repaired,
        "{:?}",
        k.reason
    );
    assert_eq!(
        fixed.fixed.matches("this_grid().sync();").count(),
        1,
        "{}",
        fixed.fixed
    );
    let settings = Settings::default();
    let again = super::analyze_file(&path, &fixed.fixed, &settings);
    assert_eq!(again.kernels[0].report.verdict, Verdict::RaceFree);
    // Launched with `<<<>>>` (also besides a cooperative launch): not
    // repaired, and the reason names the flag.
    for folder in ["plain_sibling", "mixed_sibling"] {
        let (_, plain) = fix(folder);
        let k = &plain.kernels[0];
        assert_eq!(
            k.status,
            crate::synth::RepairStatus::Unrepairable,
            "{folder}: {k:?}"
        );
        assert!(
            k.reason
                .as_deref()
                .unwrap_or("")
                .contains("--grid-barriers"),
            "{folder}: {:?}",
            k.reason
        );
        assert!(!plain.fixed.contains("this_grid"), "{}", plain.fixed);
    }
}

#[test]
fn fix_repairs_a_kernel_launched_with_two_block_sizes_for_both() {
    // Two launch configurations: the repair and its re-check hold for both
    // (a race between neighbours of one block, whatever its size).
    let text = "__global__ void k(int *a) {\n\
                    __shared__ int s[256];\n\
                    s[threadIdx.x] = a[blockIdx.x * blockDim.x + threadIdx.x];\n\
                    a[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];\n\
                }\n\
                int main() { int *d = 0; k<<<4, 64>>>(d); k<<<2, 128>>>(d); return 0; }\n";
    let path = std::path::Path::new("/nonexistent/syncwright-ide-fix/two_sizes.cu");
    let settings = Settings::default();
    let file = super::analyze_file(path, text, &settings);
    assert_eq!(file.kernels[0].report.verdict, Verdict::Racy);
    let (fixed, _) = super::fix::fix_file(path, text, &settings, Default::default());
    let k = &fixed.kernels[0];
    assert_eq!(k.status, crate::synth::RepairStatus::Repaired, "{k:?}");
    assert_eq!(k.barriers_after, 1, "{k:?}");
    let again = super::analyze_file(path, &fixed.fixed, &settings);
    assert_eq!(again.kernels[0].report.verdict, Verdict::RaceFree);
    assert_eq!(again.kernels[0].launches.len(), 2);
}
