//! End to end: real front end, real SDV checker, `fix` as the CLI runs it.
//! `report::fix_source` re-lowers and re-checks every repaired text itself (a
//! repair that does not re-check is reported inconclusive); these tests check
//! again, and compile every output.

use std::path::Path;

use super::{assert_compiles, barriers, source, KERNELS};
use crate::check::{check_kernel, Verdict};
use crate::config::{CheckOptions, CostModel, LaunchConfig};
use crate::frontend::{lower_source, FsIncludes};
use crate::synth::report::{fix_source, FileFix};
use crate::synth::{RepairStatus, SynthOptions};

fn options(grid: u32) -> SynthOptions {
    SynthOptions {
        check: CheckOptions {
            launch: LaunchConfig {
                block_dim: Some([8, 1, 1]),
                grid_dim: Some([grid, 1, 1]),
                ..LaunchConfig::default()
            },
            ..CheckOptions::default()
        },
        cost: CostModel::default(),
        keep_existing: false,
    }
}

fn fix_text(name: &str, text: &str, grid: u32) -> FileFix {
    let path = Path::new(KERNELS).join(name);
    fix_source(&path, text, &options(grid), &FsIncludes)
}

/// Re-lowers and re-checks a fixed text independently of `fix_source`.
fn recheck(name: &str, text: &str, grid: u32) {
    let path = Path::new(KERNELS).join(name);
    let program = lower_source(&path, text, &FsIncludes);
    assert!(
        !program.kernels.is_empty(),
        "{name}: no kernel after the fix"
    );
    for k in &program.kernels {
        let report = check_kernel(k, &options(grid).check);
        assert_eq!(
            report.verdict,
            Verdict::RaceFree,
            "{name}:\n{text}\n{:?}",
            report.findings
        );
    }
}

#[test]
fn autosync_micro_benchmarks_get_optimal_placements() {
    // (file, barriers after, cost after)
    let expected: [(&str, u32, f64); 10] = [
        ("fig2.cu", 1, 1.0),
        ("fig4.cu", 2, 200.0),
        ("fig4_tabs.cu", 2, 200.0),
        ("fig6.cu", 1, 1.0),
        ("fig7.cu", 1, 1.0),
        ("nested_both.cu", 2, 20_000.0),
        ("nested_inter_inner.cu", 1, 10_000.0),
        ("nested_inter_outer.cu", 1, 100.0),
        ("fig2.cl", 1, 1.0),
        ("global_exchange.cl", 1, 1.0),
    ];
    for (name, count, cost) in expected {
        let text = source(name);
        let r = fix_text(name, &text, 1);
        let k = &r.kernels[0];
        assert_eq!(k.status, RepairStatus::Repaired, "{name}: {:?}", k.reason);
        assert_eq!(
            (k.barriers_after, k.cost_after),
            (count, cost),
            "{name}:\n{}",
            r.fixed
        );
        assert_eq!(barriers(&r.fixed) as u32, count, "{name}");
        recheck(name, &r.fixed, 1);
        assert_compiles(name, &r.fixed);
    }
}

#[test]
fn repairs_beyond_insertion_recheck_and_compile() {
    for (name, count) in [
        ("divergent_barrier.cu", 1),
        ("split_assign.cu", 2),
        ("split_compound.cu", 2),
        ("split_condition.cu", 2),
        ("hoist_branches.cu", 1),
        ("redundant_barrier.cu", 1),
        ("nested_intra.cu", 2),
    ] {
        let text = source(name);
        let r = fix_text(name, &text, 1);
        let k = &r.kernels[0];
        assert_eq!(k.status, RepairStatus::Repaired, "{name}: {:?}", k.reason);
        assert!(k.barriers_after <= count, "{name}:\n{}", r.fixed);
        recheck(name, &r.fixed, 1);
        assert_compiles(name, &r.fixed);
    }
}

#[test]
fn unrepairable_kernels_say_why() {
    let r = fix_text("self_write.cu", &source("self_write.cu"), 1);
    assert_eq!(r.kernels[0].status, RepairStatus::Unrepairable);
    assert!(!r.changed());
    // A read behind `&&` is not hoisted out of the condition: the kernel
    // does not read there in every thread.
    let name = "split_condition_short_circuit.cu";
    let r = fix_text(name, &source(name), 1);
    assert_eq!(r.kernels[0].status, RepairStatus::Unrepairable);
    assert!(!r.changed());
    let r = fix_text("grid_race.cu", &source("grid_race.cu"), 2);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Unrepairable, "{:?}", k);
    assert!(k.reason.as_deref().unwrap_or("").contains("cooperative"));
    assert!(k
        .fixes
        .iter()
        .any(|f| f.kind == crate::synth::FixKind::GridBarrier && !f.safe));
}

/// `text` without its lines that call `__syncthreads()`.
fn without_barrier_lines(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("__syncthreads();"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn stripped_sdk_kernels_are_restored_without_extra_cost() {
    for name in [
        "reduce_interleaved.cu",
        "reduce_sequential.cu",
        "reduce_first_add.cu",
        "scan_double_buffer.cu",
        "scan_single_buffer.cu",
    ] {
        let text = source(name);
        let original = fix_text(name, &text, 1);
        let before = &original.kernels[0];
        let stripped = without_barrier_lines(&text);
        let r = fix_text(name, &stripped, 1);
        let k = &r.kernels[0];
        assert_eq!(k.status, RepairStatus::Repaired, "{name}: {:?}", k.reason);
        assert!(
            k.barriers_after <= before.barriers_before,
            "{name}:\n{}",
            r.fixed
        );
        assert!(k.cost_after <= before.cost_before, "{name}:\n{}", r.fixed);
        recheck(name, &r.fixed, 1);
        assert_compiles(name, &r.fixed);
    }
}

#[test]
fn candidates_are_lowered_with_the_block_aggregated_tickets_their_barriers_allow() {
    // The stripped compaction: its three barriers make the ghost tickets of
    // the front end apply (no race between blocks); before, the candidate
    // kept the stripped kernel's lowering and the store raced across blocks.
    let name = "block_tickets_stripped.cu";
    let r = fix_text(name, &source(name), 4);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Repaired, "{name}: {:?}", k.reason);
    assert_eq!(k.barriers_after, 3, "{name}:\n{}", r.fixed);
    assert_eq!(barriers(&r.fixed), 3, "{name}");
    recheck(name, &r.fixed, 4);
    assert_compiles(name, &r.fixed);
    // Its near miss (the store forgets the block's base) races across
    // blocks whatever the barriers: no block barrier repairs it.
    let name = "block_tickets_no_base.cu";
    let r = fix_text(name, &source(name), 4);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Unrepairable, "{name}: {k:?}");
    assert!(
        k.reason
            .as_deref()
            .unwrap_or("")
            .contains("different blocks"),
        "{:?}",
        k.reason
    );
    assert!(!r.changed());
}

#[test]
fn candidates_inherit_the_loop_invariants_of_the_stripped_kernel() {
    // (file, barriers as written and after the repair of the stripped text)
    for (name, count) in [
        ("loop_invariant_grows.cu", 1),
        ("loop_invariant_falls.cu", 2),
    ] {
        let text = source(name);
        let stripped = without_barrier_lines(&text);
        let r = fix_text(name, &stripped, 1);
        let k = &r.kernels[0];
        assert_eq!(k.status, RepairStatus::Repaired, "{name}: {:?}", k.reason);
        assert_eq!(k.barriers_after, count, "{name}:\n{}", r.fixed);
        assert_eq!(barriers(&r.fixed), count as usize, "{name}");
        recheck(name, &r.fixed, 1);
        assert_compiles(name, &r.fixed);
    }
}

#[test]
fn an_unbraced_barrier_body_is_removed_as_an_empty_block() {
    // (file, the unbraced `if` as the fix leaves it, the statement after it).
    // Main deleted the line of the first one, making `out[1 + tid] = s;` the
    // `if`'s body, and re-checked that as race-free.
    for (name, emptied, after) in [
        (
            "unbraced_barrier_line.cu",
            "if (s > 2)\n      {}\n",
            "out[1 + tid] = s;",
        ),
        ("unbraced_barrier_inline.cu", "if (s > 2) {}\n", "}"),
    ] {
        let r = fix_text(name, &source(name), 1);
        let k = &r.kernels[0];
        assert_eq!(k.status, RepairStatus::Repaired, "{name}: {:?}", k.reason);
        assert!(r.fixed.contains(emptied), "{name}:\n{}", r.fixed);
        // The statement after the `if` stays outside it.
        let tail = r.fixed.split(emptied).nth(1).unwrap_or_default();
        assert!(tail.trim_start().starts_with(after), "{name}:\n{}", r.fixed);
        recheck(name, &r.fixed, 1);
        assert_compiles(name, &r.fixed);
    }
}

#[test]
fn macros_and_device_functions_are_never_edited_inside() {
    let r = fix_text("macro_boundary.cu", &source("macro_boundary.cu"), 1);
    assert_eq!(
        r.kernels[0].status,
        RepairStatus::Repaired,
        "{:?}",
        r.kernels[0].reason
    );
    assert!(
        r.fixed
            .contains("    STORE_OWN(tid);\n    __syncthreads();\n    out[tid]"),
        "{}",
        r.fixed
    );
    assert!(
        r.fixed.contains("#define STORE_OWN(i) A[(i)] = (i) * 2\n"),
        "{}",
        r.fixed
    );
    recheck("macro_boundary.cu", &r.fixed, 1);
    assert_compiles("macro_boundary", &r.fixed);

    let r = fix_text("device_call.cu", &source("device_call.cu"), 1);
    assert_eq!(
        r.kernels[0].status,
        RepairStatus::Repaired,
        "{:?}",
        r.kernels[0].reason
    );
    assert!(
        r.fixed
            .contains("    store(A, tid);\n    __syncthreads();\n"),
        "{}",
        r.fixed
    );
    assert!(
        r.fixed
            .contains("__device__ void store(int *buf, int i) {\n    buf[i] = i;\n}"),
        "{}",
        r.fixed
    );
    recheck("device_call.cu", &r.fixed, 1);
    assert_compiles("device_call", &r.fixed);

    let r = fix_text("macro_inside.cu", &source("macro_inside.cu"), 1);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Unrepairable);
    assert!(
        k.reason.as_deref().unwrap_or("").contains("macro"),
        "{:?}",
        k.reason
    );
    assert!(!r.changed());
}

#[test]
fn barriers_are_written_inside_device_functions_for_every_call() {
    // Both barriers of the scan go inside the function's loop, once in the
    // text for its two calls; the kernel's own text is unchanged.
    let name = "device_function_scan.cu";
    let original = source(name);
    let r = fix_text(name, &original, 1);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Repaired, "{:?}", k.reason);
    assert_eq!(barriers(&r.fixed), 2, "{}", r.fixed);
    assert!(
        r.fixed.contains(
            "<<= 1) {\n        __syncthreads();\n        unsigned int t = buf[pos] + buf[pos - offset];\n        __syncthreads();\n        buf[pos] = t;\n    }"
        ),
        "{}",
        r.fixed
    );
    let kernel_text = |t: &str| t[t.find("__global__").expect("kernel")..].to_string();
    assert_eq!(kernel_text(&r.fixed), kernel_text(&original));
    recheck(name, &r.fixed, 1);
    assert_compiles("device_function_scan", &r.fixed);

    // Between two top-level statements of the function (its body is in
    // the kernel's statement list): still written in the function.
    let name = "device_function_top_level.cu";
    let r = fix_text(name, &source(name), 1);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Repaired, "{:?}", k.reason);
    assert!(
        r.fixed.contains(
            "    buf[threadIdx.x] = v;\n    __syncthreads();\n    int w = buf[(threadIdx.x + 1) % blockDim.x];\n"
        ),
        "{}",
        r.fixed
    );
    assert_eq!(barriers(&r.fixed), 1, "{}", r.fixed);
    recheck(name, &r.fixed, 1);
    assert_compiles("device_function_top_level", &r.fixed);

    // One call in a thread-dependent branch: a barrier in the function
    // would diverge there, so no copy gets one.
    let name = "device_function_divergent_call.cu";
    let r = fix_text(name, &source(name), 1);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Unrepairable, "{}", r.fixed);
    assert!(
        k.reason.as_deref().unwrap_or("").contains("every call"),
        "{:?}",
        k.reason
    );
    assert!(!r.changed());

    // Another kernel calls the function in a thread-dependent branch: the
    // barriers the first kernel needs would diverge in it, so the first
    // kernel's repair is withdrawn.
    let name = "device_function_other_kernel.cu";
    let r = fix_text(name, &source(name), 1);
    let all = r
        .kernels
        .iter()
        .find(|k| k.name == "scan_all")
        .expect("scan_all");
    assert_eq!(all.status, RepairStatus::Inconclusive, "{:?}", all.reason);
    assert!(
        all.reason.as_deref().unwrap_or("").contains("scan_some"),
        "{:?}",
        all.reason
    );
    assert!(!r.changed(), "{}", r.fixed);
}

#[test]
fn barriers_order_an_async_copy_only_after_its_wait() {
    let name = "async_copy.cl";
    let r = fix_text(name, &source(name), 1);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Repaired, "{:?}", k.reason);
    assert_eq!(k.barriers_after, 1, "{}", r.fixed);
    let wait = r.fixed.find("wait_group_events").expect("wait kept");
    let barrier = r.fixed.find("barrier(").expect("a barrier");
    assert!(barrier > wait, "{}", r.fixed);
    recheck(name, &r.fixed, 1);
}

#[test]
fn barriers_follow_the_wait_of_a_pipeline_copy() {
    let name = "pipeline_copy.cu";
    let r = fix_text(name, &source(name), 1);
    let k = &r.kernels[0];
    assert_eq!(
        k.status,
        RepairStatus::Repaired,
        "{:?}\n{}",
        k.reason,
        r.fixed
    );
    assert_eq!(k.barriers_after, 1, "{}", r.fixed);
    let wait = r.fixed.find("__pipeline_wait_prior").expect("wait kept");
    let barrier = r.fixed.find("__syncthreads();").expect("a barrier");
    assert!(barrier > wait, "{}", r.fixed);
    recheck(name, &r.fixed, 1);
    assert_compiles(name, &r.fixed);
}

/// The repaired text of `name` with `config`, re-checked race-free.
fn fix_configured(
    name: &str,
    text: &str,
    config: crate::synth::RepairConfig,
) -> (crate::synth::KernelRepair, String) {
    let path = Path::new(KERNELS).join(name);
    let program = lower_source(&path, text, &FsIncludes);
    let kernel = program.kernels.first().expect("a kernel");
    let repair =
        crate::synth::repair_kernel_configured(kernel, &program.files, &options(2), config);
    let fixed = crate::synth::apply_edits(text, &repair.edits).expect("edits apply");
    (repair, fixed)
}

#[test]
fn grid_barriers_repair_inter_block_races_when_asked_or_implied() {
    // Not asked: unrepairable, and the reason names the flag.
    let text = source("grid_race.cu");
    let r = fix_text("grid_race.cu", &text, 2);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Unrepairable, "{k:?}");
    assert!(
        k.reason
            .as_deref()
            .unwrap_or("")
            .contains("--grid-barriers"),
        "{:?}",
        k.reason
    );
    // Asked: a grid barrier between the write and the read, with the include.
    let config = crate::synth::RepairConfig {
        grid_barriers: true,
        ..crate::synth::RepairConfig::default()
    };
    let (repair, fixed) = fix_configured("grid_race.cu", &text, config);
    assert_eq!(repair.status, RepairStatus::Repaired, "{:?}", repair.reason);
    assert_eq!(repair.barriers_after, 1, "{fixed}");
    assert!(
        fixed.starts_with("#include <cooperative_groups.h>\n"),
        "{fixed}"
    );
    let write = fixed.find("A[i] = i;").expect("write kept");
    let sync = fixed
        .find("cooperative_groups::this_grid().sync();")
        .expect("grid barrier");
    let read = fixed.find("int x = A[i + 1];").expect("read kept");
    assert!(write < sync && sync < read, "{fixed}");
    recheck("grid_race.cu", &fixed, 2);
    assert_compiles("grid_race", &fixed);
    // Implied by `this_grid()` in the kernel and by a cooperative launch in the file.
    for name in ["grid_cooperative.cu", "grid_launch.cu"] {
        let r = fix_text(name, &source(name), 2);
        let k = &r.kernels[0];
        assert_eq!(k.status, RepairStatus::Repaired, "{name}: {:?}", k.reason);
        assert_eq!(
            r.fixed.matches("this_grid().sync();").count(),
            1,
            "{}",
            r.fixed
        );
        recheck(name, &r.fixed, 2);
    }
    // Not implied when the file also launches the kernel with `<<<>>>`.
    let r = fix_text("grid_launch_mixed.cu", &source("grid_launch_mixed.cu"), 2);
    let k = &r.kernels[0];
    assert_eq!(k.status, RepairStatus::Unrepairable, "{:?}", k.reason);
    assert!(
        k.reason
            .as_deref()
            .unwrap_or("")
            .contains("--grid-barriers"),
        "{:?}",
        k.reason
    );
}

#[test]
fn candidate_checks_stop_at_their_first_race_and_find_the_same_repair() {
    // The checks of candidate placements stop at their first race (the
    // default) or after 8: the same optimal repair either way, for fewer
    // solver work units when each rejected candidate costs one race.
    let text = source("two_gathers.cu");
    let first_race = crate::synth::RepairConfig::default();
    assert_eq!(first_race.candidate_race_limit, 1);
    let eight_races = crate::synth::RepairConfig {
        candidate_race_limit: crate::synth::INPUT_RACE_LIMIT,
        ..crate::synth::RepairConfig::default()
    };
    let (one, fixed_one) = fix_configured("two_gathers.cu", &text, first_race);
    let (eight, fixed_eight) = fix_configured("two_gathers.cu", &text, eight_races);
    assert_eq!(one.status, RepairStatus::Repaired, "{:?}", one.reason);
    assert_eq!(eight.status, RepairStatus::Repaired, "{:?}", eight.reason);
    assert_eq!(one.barriers_after, 2, "{fixed_one}");
    assert_eq!(fixed_one, fixed_eight);
    assert_eq!(one.cost_after, eight.cost_after);
    assert!(
        one.work_units < eight.work_units,
        "limit 1: {} units in {} calls; limit 8: {} units in {} calls",
        one.work_units,
        one.oracle_calls,
        eight.work_units,
        eight.oracle_calls
    );
    recheck("two_gathers.cu", &fixed_one, 2);
}

#[test]
fn skipping_pairs_that_share_an_access_with_a_race_finds_the_same_repair() {
    // `fix`'s checks skip a pair that shares its first or its second
    // access with a race they found (each store of a gather races with
    // each load): the same optimal repair, for fewer solver work units.
    let text = source("two_gathers.cu");
    let asking = crate::synth::RepairConfig::default();
    assert!(!asking.skip_shared_access);
    let skipping = crate::synth::RepairConfig {
        skip_shared_access: true,
        ..crate::synth::RepairConfig::default()
    };
    let (all, fixed_all) = fix_configured("two_gathers.cu", &text, asking);
    let (some, fixed_some) = fix_configured("two_gathers.cu", &text, skipping);
    assert_eq!(all.status, RepairStatus::Repaired, "{:?}", all.reason);
    assert_eq!(some.status, RepairStatus::Repaired, "{:?}", some.reason);
    assert_eq!(some.barriers_after, 2, "{fixed_some}");
    assert_eq!(fixed_all, fixed_some);
    assert_eq!(all.cost_after, some.cost_after);
    assert!(
        some.work_units < all.work_units,
        "skipping: {} units in {} calls; asking: {} units in {} calls",
        some.work_units,
        some.oracle_calls,
        all.work_units,
        all.oracle_calls
    );
    recheck("two_gathers.cu", &fixed_some, 2);
}
