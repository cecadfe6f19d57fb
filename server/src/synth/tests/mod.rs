//! Synthesizer tests on our own kernels (`tests/synth/kernels`): AutoSync's
//! micro-benchmarks, nested loops, SDK-style reductions and scans, and the
//! repairs beyond insertion. Every repaired text is re-lowered and re-checked,
//! and compiled with `g++ -fsyntax-only` against a stub header.

mod e2e;
mod mini;

use std::path::Path;

use super::*;
use crate::check::{KernelReport, Verdict};
use crate::config::CostModel;
use crate::ir::Lang;
use mini::Launch;

const KERNELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/synth/kernels");
const INCLUDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/synth/include");

fn source(name: &str) -> String {
    std::fs::read_to_string(format!("{KERNELS}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn lang_of(name: &str) -> Lang {
    Lang::from_path(Path::new(name))
}

fn opts() -> SynthOptions {
    SynthOptions {
        check: CheckOptions::default(),
        cost: CostModel::default(),
        keep_existing: false,
    }
}

thread_local! {
    /// Whether the current test case runs against the real checker.
    static REAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs a test case with the test interpreter, then with the real SDV checker.
fn both(case: impl Fn()) {
    REAL.with(|r| r.set(false));
    case();
    REAL.with(|r| r.set(true));
    case();
}

/// The checker of the current test case: the concrete interpreter on `l`, or
/// the SDV checker with `l`'s launch dimensions (parameters symbolic).
fn oracle_check(k: &Kernel, l: &Launch) -> KernelReport {
    if REAL.with(|r| r.get()) {
        let opts = CheckOptions {
            launch: crate::config::LaunchConfig {
                block_dim: Some([l.block_dim, 1, 1]),
                grid_dim: Some([l.grid_dim, 1, 1]),
                ..Default::default()
            },
            ..CheckOptions::default()
        };
        crate::check::check_kernel(k, &opts)
    } else {
        mini::interpret(k, l)
    }
}

fn launch(block_dim: u32, grid_dim: u32, params: &[i128]) -> Launch {
    Launch {
        block_dim,
        grid_dim,
        params: params.to_vec(),
    }
}

struct Outcome {
    text: String,
    repair: KernelRepair,
    fixed: String,
    after: KernelReport,
}

fn fix_with(name: &str, l: &Launch, o: &SynthOptions, config: RepairConfig) -> Outcome {
    let text = source(name);
    let lang = lang_of(name);
    let kernel = mini::lower(&text, lang);
    let files = vec![SourceFileInfo {
        path: name.to_string(),
        text: text.clone(),
    }];
    let mut oracle = |k: &Kernel| oracle_check(k, l);
    let repair = repair_kernel_with(&kernel, &files, o, &mut oracle, config);
    let fixed = apply_edits(&text, &repair.edits).expect("edits apply");
    let after = oracle_check(&mini::lower(&fixed, lang), l);
    Outcome {
        text,
        repair,
        fixed,
        after,
    }
}

fn fix(name: &str, l: &Launch) -> Outcome {
    fix_with(name, l, &opts(), RepairConfig::default())
}

fn barriers(text: &str) -> usize {
    text.matches("__syncthreads();").count() + text.matches("barrier(CLK_").count()
}

/// `g++ -fsyntax-only` of a kernel text with the stub header.
fn assert_compiles(name: &str, text: &str) {
    let dir = std::env::temp_dir().join(format!("syncwright-synth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("{name}.cpp"));
    std::fs::write(&file, text).expect("write");
    let out = std::process::Command::new("g++")
        .args([
            "-fsyntax-only",
            "-x",
            "c++",
            "-I",
            INCLUDE,
            "-include",
            &format!("{INCLUDE}/cuda_stub.h"),
        ])
        .arg(&file)
        .output()
        .expect("run g++");
    assert!(
        out.status.success(),
        "{name} does not compile:\n{}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn assert_repaired(o: &Outcome) {
    assert_eq!(
        o.repair.status,
        RepairStatus::Repaired,
        "{:?}\n{}",
        o.repair.reason,
        o.fixed
    );
    assert_eq!(
        o.after.verdict,
        Verdict::RaceFree,
        "re-check of:\n{}\n{:?}",
        o.fixed,
        o.after.findings
    );
    assert_eq!(
        barriers(&o.fixed) as u32,
        o.repair.barriers_after,
        "{}",
        o.fixed
    );
}

/// Index of the line containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no `{needle}` in\n{text}"))
}

fn barrier_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.contains("__syncthreads();") || l.contains("barrier(CLK_"))
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn fig2_gets_one_barrier_between_read_and_write() {
    both(|| {
        let o = fix("fig2.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 1);
        assert_eq!(o.repair.cost_after, 1.0);
        assert!(
            o.fixed
                .contains("    int x = A[tid + 1];\n    __syncthreads();\n    A[tid] = x;"),
            "{}",
            o.fixed
        );
        assert_eq!(
            o.repair
                .fixes
                .iter()
                .filter(|f| f.kind == FixKind::InsertBarrier)
                .count(),
            1
        );
        assert_compiles("fig2", &o.fixed);
    });
}

#[test]
fn a_barrier_in_a_loop_every_thread_enters_orders_the_accesses_around_it() {
    both(|| {
        let o = fix("tiles_entered_loop.cu", &launch(64, 1, &[]));
        assert_repaired(&o);
        assert!(o.repair.optimal);
        // Within an iteration, across iterations (both in the loop), and
        // between the store after the loop and the load: the in-loop
        // barriers of the first iteration order the store before the loop
        // against the store after it.
        assert_eq!(o.repair.barriers_after, 3, "{}", o.fixed);
        assert_eq!(o.repair.cost_after, 201.0, "{}", o.fixed);
        let start = line_of(&o.fixed, "for (");
        let end = line_of(&o.fixed, "keep[63 - t] = acc;");
        let lines = barrier_lines(&o.fixed);
        assert_eq!(
            lines.iter().filter(|&&l| l > start && l < end).count(),
            2,
            "{}",
            o.fixed
        );
        assert_compiles("tiles_entered_loop", &o.fixed);
    });
}

#[test]
fn a_barrier_in_nested_loops_every_thread_enters_orders_the_accesses_around_them() {
    both(|| {
        let o = fix("tiles_nested_entered_loops.cu", &launch(64, 1, &[]));
        assert_repaired(&o);
        assert!(o.repair.optimal);
        // Two barriers in the inner loop (within and across its iterations)
        // and one after the loops: the inner loop's first iteration runs
        // whenever the outer loop statement does, so its barriers order the
        // store before the loops against the store after them.
        assert_eq!(o.repair.barriers_after, 3, "{}", o.fixed);
        assert_eq!(o.repair.cost_after, 20001.0, "{}", o.fixed);
        let start = line_of(&o.fixed, "for (int q");
        assert!(
            barrier_lines(&o.fixed).iter().all(|&l| l > start),
            "{}",
            o.fixed
        );
        assert_compiles("tiles_nested_entered_loops", &o.fixed);
    });
}

#[test]
fn barriers_in_both_arms_of_a_uniform_if_order_the_accesses_around_it() {
    both(|| {
        let o = fix("both_arms_uniform_if.cu", &launch(64, 1, &[1]));
        assert_repaired(&o);
        assert!(o.repair.optimal);
        // One barrier per arm (each arm's own exchange through `u`), which
        // together also order `s` across the `if`: no third barrier.
        assert_eq!(o.repair.barriers_after, 2, "{}", o.fixed);
        assert_eq!(o.repair.cost_after, 1.0, "{}", o.fixed);
        let start = line_of(&o.fixed, "if (mode > 0)");
        let end = line_of(&o.fixed, "out[64 + t]");
        assert!(
            barrier_lines(&o.fixed)
                .iter()
                .all(|&l| l > start && l < end),
            "{}",
            o.fixed
        );
        assert_compiles("both_arms_uniform_if", &o.fixed);
    });
}

#[test]
fn a_barrier_in_the_only_arm_of_an_if_does_not_order_the_accesses_around_it() {
    // The real checker only: the interpreter runs one concrete `mode`.
    REAL.with(|r| r.set(true));
    let o = fix("one_arm_if.cu", &launch(64, 1, &[1]));
    assert_repaired(&o);
    // The arm: from its `if` to its last statement (its closing brace next).
    let start = line_of(&o.fixed, "if (mode > 0)");
    let end = line_of(&o.fixed, "out[t] = u[63 - t];");
    let lines = barrier_lines(&o.fixed);
    // The arm's own barrier, and one that runs whether or not the arm does
    // (before the `if`, or after it: before the load it orders).
    assert_eq!(o.repair.barriers_after, 2, "{}", o.fixed);
    assert_eq!(o.repair.cost_after, 1.5, "{}", o.fixed);
    assert_eq!(
        lines.iter().filter(|&&l| l < start || l > end).count(),
        1,
        "{}",
        o.fixed
    );
    assert_compiles("one_arm_if", &o.fixed);
}

#[test]
fn a_loop_that_may_run_no_iteration_needs_a_barrier_outside_it() {
    // The real checker only: the interpreter runs one concrete `n`.
    REAL.with(|r| r.set(true));
    let o = fix("tiles_maybe_skipped_loop.cu", &launch(64, 1, &[256]));
    assert_repaired(&o);
    assert_eq!(o.repair.barriers_after, 4, "{}", o.fixed);
    assert_eq!(o.repair.cost_after, 202.0, "{}", o.fixed);
    // The loop: from its header to its last statement; a barrier at the end
    // of its body would be on the next line (before the closing brace), one
    // after the loop past that brace.
    let start = line_of(&o.fixed, "for (");
    let end = line_of(&o.fixed, "acc += tile[63 - t];") + 1;
    let lines = barrier_lines(&o.fixed);
    assert_eq!(
        lines.iter().filter(|&&l| l < start || l > end).count(),
        2,
        "{}",
        o.fixed
    );
}

#[test]
fn fig4_needs_an_intra_and_an_inter_iteration_barrier() {
    both(|| {
        let o = fix("fig4.cu", &launch(8, 1, &[3]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 2);
        assert_eq!(o.repair.cost_after, 200.0);
        let read = line_of(&o.fixed, "int x = A[tid + 1];");
        let write = line_of(&o.fixed, "A[tid] += x;");
        let lines = barrier_lines(&o.fixed);
        assert_eq!(
            lines.iter().filter(|&&l| l > read && l < write).count(),
            1,
            "{}",
            o.fixed
        );
        assert!(
            lines.iter().all(|&l| l > line_of(&o.fixed, "for (")),
            "{}",
            o.fixed
        );
        assert_compiles("fig4", &o.fixed);
    });
}

#[test]
fn fig4_with_tabs_keeps_indentation_and_comments() {
    both(|| {
        let o = fix("fig4_tabs.cu", &launch(8, 1, &[3]));
        assert_repaired(&o);
        assert_eq!(o.repair.cost_after, 200.0);
        for l in o.fixed.lines().filter(|l| l.contains("__syncthreads")) {
            assert_eq!(l, "\t\t__syncthreads();", "{}", o.fixed);
        }
        assert!(
            o.fixed.contains("int x = A[tid + 1]; // neighbour\n"),
            "{}",
            o.fixed
        );
    });
}

#[test]
fn fig6_places_the_barrier_between_the_conditionals() {
    both(|| {
        let o = fix("fig6.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 1);
        assert_eq!(o.repair.cost_after, 1.0);
        let lines = barrier_lines(&o.fixed);
        let first_if_end = line_of(&o.fixed, "x = A[tid + 2];") + 1;
        let second_if = line_of(&o.fixed, "if (tid % 6 == 0)");
        assert!(
            lines[0] > first_if_end && lines[0] < second_if,
            "{}",
            o.fixed
        );
        assert_compiles("fig6", &o.fixed);
    });
}

#[test]
fn fig7_fixes_two_races_with_one_barrier() {
    both(|| {
        let o = fix("fig7.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 1);
        assert!(
            o.fixed
                .contains("int y = B[tid + 1];\n    __syncthreads();\n    A[tid] = x + y;"),
            "{}",
            o.fixed
        );
        assert_compiles("fig7", &o.fixed);
    });
}

#[test]
fn nested_loops_intra_only() {
    both(|| {
        let o = fix("nested_intra.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert_compiles("nested_intra", &o.fixed);
        if REAL.with(|r| r.get()) {
            // The SDV checker loses `base` across iterations and reports
            // inter-iteration races that cannot happen; the repair stays sound
            // but needs the extra inter-iteration barrier.
            assert!(o.repair.cost_after >= 10_000.0 && o.repair.barriers_after <= 2);
            return;
        }
        assert_eq!(o.repair.barriers_after, 1);
        assert_eq!(o.repair.cost_after, 10_000.0);
        let lines = barrier_lines(&o.fixed);
        assert!(
            lines[0] > line_of(&o.fixed, "int x = A[")
                && lines[0] < line_of(&o.fixed, "A[base + tid] = x;")
        );
        assert_compiles("nested_intra", &o.fixed);
    });
}

#[test]
fn nested_loops_inter_inner_only() {
    both(|| {
        let o = fix("nested_inter_inner.cu", &launch(8, 1, &[2, 4]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 1);
        assert_eq!(o.repair.cost_after, 10_000.0);
        let b = barrier_lines(&o.fixed)[0];
        let read = line_of(&o.fixed, "int x = A[");
        let write = line_of(&o.fixed, "A[(i * m + j) * 16 + tid] = x;");
        assert!(
            b < read || b > write,
            "inter-iteration barrier must not sit between:\n{}",
            o.fixed
        );
        assert!(b > line_of(&o.fixed, "for (int j"), "{}", o.fixed);
    });
}

#[test]
fn nested_loops_inter_outer_only_goes_to_the_outer_body() {
    both(|| {
        let o = fix("nested_inter_outer.cu", &launch(8, 1, &[3, 2]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 1);
        assert_eq!(o.repair.cost_after, 100.0);
        assert_compiles("nested_inter_outer", &o.fixed);
    });
}

#[test]
fn nested_loops_both_kinds() {
    both(|| {
        let o = fix("nested_both.cu", &launch(8, 1, &[2, 3]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 2);
        assert_eq!(o.repair.cost_after, 20_000.0);
        assert_compiles("nested_both", &o.fixed);
    });
}

#[test]
fn algorithm1_without_relations_finds_the_same_optimum() {
    both(|| {
        let cfg = RepairConfig {
            relation_guided: false,
            ..RepairConfig::default()
        };
        for (name, params) in [
            ("fig4.cu", vec![3]),
            ("nested_both.cu", vec![2, 3]),
            ("nested_inter_inner.cu", vec![2, 4]),
        ] {
            let l = launch(8, 1, &params);
            let guided = fix(name, &l);
            let blind = fix_with(name, &l, &opts(), cfg);
            assert_repaired(&blind);
            if REAL.with(|r| r.get()) {
                // Algorithm 1 is optimal only relative to an oracle that accepts
                // every placement within one option; the SDV checker can reject
                // one of two equivalent ones, so only soundness is guaranteed.
                assert!(
                    blind.repair.cost_after >= guided.repair.cost_after,
                    "{name}"
                );
                continue;
            }
            assert_eq!(blind.repair.cost_after, guided.repair.cost_after, "{name}");
            assert_eq!(
                blind.repair.barriers_after, guided.repair.barriers_after,
                "{name}"
            );
            assert!(
                blind.repair.oracle_calls >= guided.repair.oracle_calls,
                "{name}"
            );
        }
    });
}

/// Strips every barrier line of an SDK-style kernel; `fix` must restore
/// race-freedom with no more barriers and no higher cost than the original.
fn restores(name: &str, l: &Launch) {
    let text = source(name);
    let original = fix(name, l);
    assert_ne!(
        original.repair.status,
        RepairStatus::Unrepairable,
        "{name}: {:?}",
        original.repair
    );
    let stripped: String = text
        .lines()
        .filter(|l| !l.contains("__syncthreads();"))
        .map(|l| format!("{l}\n"))
        .collect();
    let lang = lang_of(name);
    let kernel = mini::lower(&stripped, lang);
    let files = vec![SourceFileInfo {
        path: name.into(),
        text: stripped.clone(),
    }];
    let mut oracle = |k: &Kernel| oracle_check(k, l);
    assert_eq!(
        oracle(&kernel).verdict,
        Verdict::Racy,
        "{name} stripped should race"
    );
    let repair = repair_kernel_with(
        &kernel,
        &files,
        &opts(),
        &mut oracle,
        RepairConfig::default(),
    );
    let fixed = apply_edits(&stripped, &repair.edits).expect("apply");
    assert_eq!(
        repair.status,
        RepairStatus::Repaired,
        "{name}: {:?}",
        repair.reason
    );
    assert_eq!(
        oracle_check(&mini::lower(&fixed, lang), l).verdict,
        Verdict::RaceFree,
        "{fixed}"
    );
    assert!(
        repair.barriers_after <= original.repair.barriers_before,
        "{name}: {fixed}"
    );
    assert!(
        repair.cost_after <= original.repair.cost_before,
        "{name}: {} > {}\n{fixed}",
        repair.cost_after,
        original.repair.cost_before
    );
    assert_compiles(name, &fixed);
}

#[test]
fn reductions_and_scans_are_restored_without_extra_cost() {
    both(|| {
        restores("reduce_interleaved.cu", &launch(8, 1, &[]));
        restores("reduce_sequential.cu", &launch(8, 1, &[]));
        restores("reduce_first_add.cu", &launch(8, 1, &[]));
        restores("scan_double_buffer.cu", &launch(8, 1, &[]));
        restores("scan_single_buffer.cu", &launch(8, 1, &[8]));
    });
}

#[test]
fn divergent_barrier_moves_out_of_the_branch() {
    both(|| {
        let o = fix("divergent_barrier.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_after, 1);
        let b = barrier_lines(&o.fixed)[0];
        assert!(b < line_of(&o.fixed, "if (tid < 4)"), "{}", o.fixed);
        assert!(o
            .repair
            .fixes
            .iter()
            .any(|f| f.kind == FixKind::MoveBarrier));
        assert_compiles("divergent_barrier", &o.fixed);
    });
}

#[test]
fn single_statement_split_assign() {
    both(|| {
        let o = fix("split_assign.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert!(
            o.fixed
                .contains("    int sw_tmp = A[i + 1];\n    __syncthreads();\n    A[i] = sw_tmp;"),
            "{}",
            o.fixed
        );
        assert!(o
            .repair
            .fixes
            .iter()
            .any(|f| f.kind == FixKind::SplitStatement));
        assert_compiles("split_assign", &o.fixed);
    });
}

#[test]
fn single_statement_split_compound() {
    both(|| {
        let o = fix("split_compound.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert!(
            o.fixed
                .contains("float sw_tmp = s[t + 1];\n    __syncthreads();\n    s[t] += sw_tmp;"),
            "{}",
            o.fixed
        );
        // The last barrier only separated each thread's own accesses: it goes.
        assert_eq!(o.repair.barriers_after, 2);
        assert_compiles("split_compound", &o.fixed);
    });
}

#[test]
fn reads_are_hoisted_out_of_thread_dependent_branches() {
    both(|| {
        let o = fix("hoist_branches.cu", &launch(8, 1, &[6]));
        assert_repaired(&o);
        assert!(o.fixed.contains(
            "    unsigned int sw_tmp = 0;\n    if ((my_index < num_elements) && !(my_index % 2 == 1)) sw_tmp = input_array[my_index + 1];\n    __syncthreads();\n    if (my_index < num_elements) {"
        ), "{}", o.fixed);
        assert!(
            o.fixed.contains("input_array[my_index] = sw_tmp;"),
            "{}",
            o.fixed
        );
        assert!(o.repair.fixes.iter().any(|f| f.kind == FixKind::HoistReads));
        assert_compiles("hoist_branches", &o.fixed);
    });
}

#[test]
fn a_needed_barrier_is_kept_and_a_redundant_one_removed() {
    both(|| {
        let o = fix("redundant_barrier.cu", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_before, 2);
        assert_eq!(o.repair.barriers_after, 1);
        // The needed barrier stays where it was: the only edit is the removal.
        assert_eq!(o.repair.edits.len(), 1);
        assert!(o.repair.edits[0].new_text.is_empty());
        assert!(
            o.fixed.contains(
                "s[tid] = tid;\n    __syncthreads();\n    out[tid] = s[tid + 1];\n    out[tid + 64]"
            ),
            "{}",
            o.fixed
        );
        assert!(o
            .repair
            .fixes
            .iter()
            .any(|f| f.kind == FixKind::RemoveBarrier));

        let kept = fix_with(
            "redundant_barrier.cu",
            &launch(8, 1, &[]),
            &SynthOptions {
                keep_existing: true,
                ..opts()
            },
            RepairConfig::default(),
        );
        assert_eq!(kept.repair.status, RepairStatus::AlreadyRaceFree);
        assert!(kept.repair.edits.is_empty());
    });
}

/// Correct kernels stay race-free; a barrier is only ever removed on its own
/// when that alone keeps the kernel race-free, and a moved placement is cheaper.
#[test]
fn needed_barriers_of_correct_kernels_are_never_removed() {
    both(|| {
        for (name, params) in [
            ("reduce_interleaved.cu", vec![]),
            ("reduce_sequential.cu", vec![]),
            ("reduce_first_add.cu", vec![]),
            ("scan_single_buffer.cu", vec![8]),
            ("scan_double_buffer.cu", vec![]),
            ("redundant_barrier.cu", vec![]),
        ] {
            let l = launch(8, 1, &params);
            let o = fix(name, &l);
            assert_eq!(o.after.verdict, Verdict::RaceFree, "{name}: {}", o.fixed);
            match o.repair.status {
                RepairStatus::AlreadyRaceFree => assert_eq!(o.fixed, o.text),
                RepairStatus::Repaired => {
                    assert!(o.repair.cost_after < o.repair.cost_before, "{name}")
                }
                other => panic!("{name}: {other:?}"),
            }
            for f in o
                .repair
                .fixes
                .iter()
                .filter(|f| f.kind == FixKind::RemoveBarrier)
            {
                let alone = apply_edits(&o.text, &f.edits).expect("apply");
                let report = oracle_check(&mini::lower(&alone, Lang::Cuda), &l);
                assert_eq!(
                    report.verdict,
                    Verdict::RaceFree,
                    "{name}: removing alone:\n{alone}"
                );
            }
        }
    });
}

#[test]
fn barrier_infos_report_orders_and_redundancy() {
    both(|| {
        let text = source("redundant_barrier.cu");
        let kernel = mini::lower(&text, Lang::Cuda);
        let l = launch(8, 1, &[]);
        let mut oracle = |k: &Kernel| oracle_check(k, &l);
        let infos = barrier_infos_with(&kernel, &opts(), &mut oracle);
        assert_eq!(infos.len(), 2);
        assert!(!infos[0].redundant);
        assert_eq!(infos[0].orders.len(), 1);
        assert_eq!(infos[0].orders[0].array, "s");
        assert!(infos[1].redundant);
        assert_eq!(infos[1].cost, 1.0);
    });
}

#[test]
fn a_write_racing_with_itself_is_unrepairable() {
    both(|| {
        let o = fix("self_write.cu", &launch(8, 1, &[]));
        assert_eq!(o.repair.status, RepairStatus::Unrepairable);
        assert!(
            o.repair
                .reason
                .as_deref()
                .unwrap_or("")
                .contains("races with itself"),
            "{:?}",
            o.repair.reason
        );
        assert!(o.repair.edits.is_empty());
    });
}

#[test]
fn inter_block_races_get_a_cooperative_grid_barrier_fix() {
    both(|| {
        let o = fix("grid_race.cu", &launch(8, 2, &[]));
        assert_eq!(
            o.repair.status,
            RepairStatus::Unrepairable,
            "{:?}",
            o.repair
        );
        assert!(
            o.repair
                .reason
                .as_deref()
                .unwrap_or("")
                .contains("cooperative"),
            "{:?}",
            o.repair.reason
        );
        let grid = o
            .repair
            .fixes
            .iter()
            .find(|f| f.kind == FixKind::GridBarrier)
            .expect("grid fix");
        assert!(!grid.safe);
        assert!(grid.title.contains("cooperative"));
        let fixed = apply_edits(&o.text, &grid.edits).expect("apply");
        assert!(
            fixed.starts_with("#include <cooperative_groups.h>\n")
                || fixed.contains("\n#include <cooperative_groups.h>\n"),
            "{fixed}"
        );
        assert!(
            fixed.contains("cooperative_groups::this_grid().sync();"),
            "{fixed}"
        );
        assert_compiles("grid_race", &fixed);
    });
}

#[test]
fn opencl_local_and_global_fences() {
    both(|| {
        let o = fix("fig2.cl", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert!(
            o.fixed.contains(
                "int x = A[tid + 1];\n    barrier(CLK_LOCAL_MEM_FENCE);\n    A[tid] = x;"
            ),
            "{}",
            o.fixed
        );
        assert_compiles("fig2_cl", &o.fixed);
        let o = fix("global_exchange.cl", &launch(8, 1, &[]));
        assert_repaired(&o);
        assert!(
            o.fixed.contains("barrier(CLK_GLOBAL_MEM_FENCE);"),
            "{}",
            o.fixed
        );
        assert_compiles("global_exchange", &o.fixed);
    });
}

#[test]
fn cost_model_is_configurable() {
    both(|| {
        // With loops as cheap as straight-line code and conditionals expensive,
        // the same kernels still get valid placements with the reported costs.
        let o = fix_with(
            "fig4.cu",
            &launch(8, 1, &[3]),
            &SynthOptions {
                cost: CostModel {
                    loop_cost: 2.0,
                    cond_cost: 0.25,
                },
                ..opts()
            },
            RepairConfig::default(),
        );
        assert_repaired(&o);
        assert_eq!(o.repair.cost_after, 4.0);
    });
}

fn program_of(text: &str, lang: Lang) -> crate::ir::Program {
    crate::ir::Program {
        files: vec![SourceFileInfo {
            path: "k".into(),
            text: text.to_string(),
        }],
        kernels: vec![mini::lower(text, lang)],
        unsupported: vec![],
        diagnostics: vec![],
    }
}

#[test]
fn fix_report_rechecks_and_uses_the_contract_names() {
    both(|| {
        let text = source("fig7.cu");
        let l = launch(8, 1, &[]);
        let program = program_of(&text, Lang::Cuda);
        let mut repair = |k: &Kernel, files: &[SourceFileInfo]| {
            let mut oracle = |k: &Kernel| oracle_check(k, &l);
            repair_kernel_with(k, files, &opts(), &mut oracle, RepairConfig::default())
        };
        let mut rechecks = 0;
        let mut check = |k: &Kernel, _spent: std::time::Duration| {
            rechecks += 1;
            (oracle_check(k, &l), 0)
        };
        let mut relower = |t: &str| program_of(t, Lang::Cuda);
        let r = report::fix_program("fig7.cu", &program, &mut repair, &mut check, &mut relower);
        // The re-lowered text is the kernel the synthesizer's checker proved
        // race-free, and it is checked again all the same (as `check` would).
        assert_eq!(rechecks, 1);
        assert!(r.changed());
        assert_eq!(r.kernels[0].status, RepairStatus::Repaired);
        let json = serde_json::to_value(report::FixReportJson {
            files: vec![r.to_json()],
        })
        .expect("json");
        let k = &json["files"][0]["kernels"][0];
        assert_eq!(json["files"][0]["path"], "fig7.cu");
        assert_eq!(k["name"], "fig7");
        assert_eq!(k["status"], "repaired");
        assert_eq!(k["barriers_before"], 0);
        assert_eq!(k["barriers_after"], 1);
        assert_eq!(k["cost_after"], 1.0);
        assert!(k["oracle_calls"].as_u64().unwrap_or(0) >= 2);
        assert!(k["time_ms"].is_number());
        assert_eq!(k["edits"][0]["new_text"], "\n    __syncthreads();");
        assert_eq!(k["edits"][0]["range"]["start"]["line"], 6);
        assert!(k["reason"].is_null());
        assert!(
            r.summary()[0].contains("fig7: repaired: barriers 0 -> 1"),
            "{:?}",
            r.summary()
        );
    });
}

#[test]
fn a_repair_the_synthesis_proved_stands_only_if_the_written_text_rechecks() {
    let text = source("fig2.cu");
    let l = launch(8, 1, &[]);
    let program = program_of(&text, Lang::Cuda);
    let o = opts();
    let mut repair = |k: &Kernel, files: &[SourceFileInfo]| {
        let mut oracle = |k: &Kernel| oracle_check(k, &l);
        let r = repair_kernel_with(k, files, &o, &mut oracle, RepairConfig::default());
        // The synthesis proved its placement race-free and kept that kernel.
        assert_eq!(r.status, RepairStatus::Repaired);
        assert!(r.verified.is_some());
        r
    };
    // A check of the repaired text that runs out of its budget (as `check`
    // of the written text may, where the synthesis's checks shared their
    // caches between candidates): the repair is not reported.
    let mut rechecks = 0;
    let mut check = |k: &Kernel, _spent: std::time::Duration| {
        rechecks += 1;
        let mut r = oracle_check(k, &l);
        r.verdict = Verdict::Inconclusive;
        (r, 0)
    };
    let mut relower = |t: &str| program_of(t, Lang::Cuda);
    let r = report::fix_program("fig2.cu", &program, &mut repair, &mut check, &mut relower);
    assert_eq!(rechecks, 1);
    assert!(!r.changed());
    assert_eq!(r.kernels[0].status, RepairStatus::Inconclusive);
    assert_eq!(
        r.kernels[0].reason.as_deref(),
        Some("the repaired text re-checks as inconclusive")
    );
}

#[test]
fn a_budget_spent_beyond_its_end_leaves_1_ms_never_the_default() {
    let mut o = opts();
    o.check.kernel_budget_ms = 1_000;
    assert_eq!(
        report::remaining_budget(&o.check, std::time::Duration::from_millis(900)).kernel_budget_ms,
        100
    );
    assert_eq!(
        report::remaining_budget(&o.check, std::time::Duration::from_secs(5)).kernel_budget_ms,
        1
    );
}

#[test]
fn fix_report_drops_repairs_that_do_not_recheck() {
    both(|| {
        // A checker that never accepts anything: the repair must not be applied.
        let text = source("fig2.cu");
        let l = launch(8, 1, &[]);
        let program = program_of(&text, Lang::Cuda);
        let mut repair = |k: &Kernel, files: &[SourceFileInfo]| {
            let mut oracle = |k: &Kernel| oracle_check(k, &l);
            repair_kernel_with(k, files, &opts(), &mut oracle, RepairConfig::default())
        };
        let mut check = |k: &Kernel, _spent: std::time::Duration| {
            let mut r = oracle_check(k, &l);
            r.verdict = Verdict::Racy;
            (r, 0)
        };
        let mut relower = |t: &str| program_of(t, Lang::Cuda);
        let r = report::fix_program("fig2.cu", &program, &mut repair, &mut check, &mut relower);
        assert!(!r.changed());
        assert_eq!(r.kernels[0].status, RepairStatus::Inconclusive);
        assert!(r.kernels[0]
            .reason
            .as_deref()
            .unwrap_or("")
            .contains("re-checks as racy"));
    });
}

#[test]
fn write_atomically_replaces_the_file() {
    both(|| {
        let dir = std::env::temp_dir().join(format!("syncwright-write-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let f = dir.join("k.cu");
        std::fs::write(&f, "old").expect("write");
        report::write_atomically(&f, "new text").expect("atomic write");
        assert_eq!(std::fs::read_to_string(&f).expect("read"), "new text");
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .expect("ls")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name() != "k.cu")
            .collect();
        assert!(leftovers.is_empty());
    });
}

#[test]
fn keep_existing_only_inserts() {
    both(|| {
        let o = fix_with(
            "split_compound.cu",
            &launch(8, 1, &[]),
            &SynthOptions {
                keep_existing: true,
                ..opts()
            },
            RepairConfig::default(),
        );
        assert_repaired(&o);
        assert_eq!(o.repair.barriers_before, 2);
        assert_eq!(o.repair.barriers_after, 3);
        assert!(o.repair.edits.iter().all(|e| !e.new_text.is_empty()));
        assert!(
            o.fixed
                .contains("    s[t] += sw_tmp;\n    __syncthreads();\n    out[t] = s[t];"),
            "{}",
            o.fixed
        );
    });
}

#[test]
fn synthesis_stops_at_its_time_budget() {
    let text = source("fig4.cu");
    let kernel = mini::lower(&text, Lang::Cuda);
    let files = vec![SourceFileInfo {
        path: "fig4.cu".into(),
        text,
    }];
    let l = launch(8, 1, &[3]);
    // The budget's time is CPU time (`base::clock`): a slow check spins.
    let spin = |ms: u64| {
        let watch = crate::base::clock::Stopwatch::start();
        while watch.elapsed() < std::time::Duration::from_millis(ms) {
            std::hint::black_box(0u64);
        }
    };
    let mut slow = |k: &Kernel| {
        spin(3);
        mini::interpret(k, &l)
    };
    let mut o = opts();
    // 1 ms (0 would be the checker's default budget, as for `check`).
    o.check.kernel_budget_ms = 1;
    let r = repair_kernel_with(&kernel, &files, &o, &mut slow, RepairConfig::default());
    assert_eq!(r.status, RepairStatus::Inconclusive);
    assert!(
        r.reason.as_deref().unwrap_or("").contains("budget"),
        "{:?}",
        r.reason
    );
    assert!(r.edits.is_empty());
    // Each check takes 30 ms: a 40 ms budget allows at most the check of the
    // kernel and of one placement (a check never starts after the deadline).
    let mut slower = |k: &Kernel| {
        spin(30);
        mini::interpret(k, &l)
    };
    o.check.kernel_budget_ms = 40;
    let r = repair_kernel_with(&kernel, &files, &o, &mut slower, RepairConfig::default());
    assert!(r.oracle_calls <= 2, "{} calls", r.oracle_calls);
    if r.status == RepairStatus::Inconclusive {
        assert!(r.reason.as_deref().unwrap_or("").contains("budget"));
    }
    // With time enough the same kernel is repaired, proven least-cost.
    o.check.kernel_budget_ms = 10_000;
    let r = repair_kernel_with(&kernel, &files, &o, &mut slower, RepairConfig::default());
    assert_eq!(r.status, RepairStatus::Repaired, "{:?}", r.reason);
    assert!(r.optimal);
}

#[test]
fn a_synthesis_leaves_the_end_of_its_budget_to_the_re_check() {
    // `fix` runs a kernel within its budget end to end (issue 14): the
    // synthesis stops at `SYNTH_TIME_PERCENT` of it, the re-check of the
    // repaired text at the budget itself. Not timed: both deadlines have
    // passed when they are made (their budget is spent already).
    let text = source("fig4.cu");
    let kernel = mini::lower(&text, Lang::Cuda);
    let files = vec![SourceFileInfo {
        path: "fig4.cu".into(),
        text,
    }];
    let l = launch(8, 1, &[3]);
    let spent = crate::synth::synth_time_ms(1_000);
    assert!(spent < 1_000);
    let budget =
        crate::synth::SynthBudget::after_spent(1_000, std::time::Duration::from_millis(spent));
    assert!(budget.exhausted());
    let mut oracle = |k: &Kernel| mini::interpret(k, &l);
    let r = repairs::repair_within(
        &kernel,
        &files,
        &opts(),
        &mut oracle,
        RepairConfig::default(),
        &budget,
    );
    assert_eq!(r.status, RepairStatus::Inconclusive);
    let reason = r.reason.as_deref().unwrap_or("");
    assert!(reason.contains("budget of 1000 ms"), "{reason}");
    assert!(reason.contains("re-check"), "{reason}");
    assert!(r.edits.is_empty());
    // The re-check's backstop is the budget, without the checker's margin.
    let mut o = opts();
    o.check.kernel_budget_ms = 1_000;
    let recheck = crate::check::KernelBudget::ending_at_budget(
        &o.check,
        std::time::Duration::from_millis(1_000),
    );
    assert!(recheck.deadline().passed());
    // With the budget's time left, the same synthesis repairs the kernel.
    let budget = crate::synth::SynthBudget::after_spent(1_000, std::time::Duration::ZERO);
    let r = repairs::repair_within(
        &kernel,
        &files,
        &opts(),
        &mut oracle,
        RepairConfig::default(),
        &budget,
    );
    assert_eq!(r.status, RepairStatus::Repaired, "{:?}", r.reason);
}

#[test]
fn the_synthesis_spends_work_units_not_time() {
    // Its checks' and solves' Z3 work is counted against the kernel's
    // budget: the same synthesis spends the same work, whatever the load.
    let text = source("fig4.cu");
    let kernel = mini::lower(&text, Lang::Cuda);
    let files = vec![SourceFileInfo {
        path: "fig4.cu".into(),
        text,
    }];
    let o = opts();
    let first = repair_kernel_configured(&kernel, &files, &o, RepairConfig::default());
    let again = repair_kernel_configured(&kernel, &files, &o, RepairConfig::default());
    assert_eq!(first.status, RepairStatus::Repaired, "{:?}", first.reason);
    assert!(first.work_units > 0);
    assert!(first.work_units <= o.check.kernel_budget_ms * crate::check::sdv::WORK_UNITS_PER_MS);
    assert_eq!(first.work_units, again.work_units);
    assert_eq!(first.edits, again.edits);
    assert_eq!(first.oracle_calls, again.oracle_calls);
}

#[test]
fn the_real_checker_shares_the_kernel_budget() {
    // A budget too small for one check: the synthesis stops with the
    // checker's inconclusive verdict instead of running past its budget.
    let text = source("fig4.cu");
    let kernel = mini::lower(&text, Lang::Cuda);
    let files = vec![SourceFileInfo {
        path: "fig4.cu".into(),
        text,
    }];
    let mut o = opts();
    o.check.kernel_budget_ms = 1;
    let started = std::time::Instant::now();
    let r = repair_kernel_configured(&kernel, &files, &o, RepairConfig::default());
    let elapsed = started.elapsed().as_millis();
    assert!(
        matches!(
            r.status,
            RepairStatus::Inconclusive | RepairStatus::Repaired
        ),
        "{:?}",
        r.status
    );
    if r.status == RepairStatus::Inconclusive {
        assert!(r.edits.is_empty());
    }
    // The checker's solver watchdog allows a query 20 ms past its timeout.
    assert!(elapsed < 2_000, "{elapsed} ms");
}

#[test]
fn unbraced_uniform_branch_gets_braces() {
    both(|| {
        let o = fix("unbraced_branch.cu", &launch(8, 1, &[1]));
        assert_repaired(&o);
        assert_compiles("unbraced_branch", &o.fixed);
        // The SDV checker accepts the barrier inside the uniform branch too:
        // its interval analysis knows both threads take the same branch.
        assert_eq!(o.repair.cost_after, 0.5);
        assert!(
            o.fixed
                .contains("    if (n > 0)\n        { x = A[tid + 1]; __syncthreads(); }\n"),
            "{}",
            o.fixed
        );
        assert_compiles("unbraced_branch", &o.fixed);
    });
}

#[test]
fn a_check_of_the_synthesizer_ends_within_what_is_left_of_its_budget() {
    use crate::check::sdv::{budget_within_ms, BACKSTOP_MARGIN_PERCENT};
    // The check's wall-clock backstop (its budget plus the margin) must not
    // outlast the synthesis deadline the budget was derived from.
    for wall in [0, 1, 20, 999, 9_820, 10_000, u64::MAX / 200] {
        let budget = budget_within_ms(wall);
        assert!(budget >= 1);
        let backstop = budget + budget * BACKSTOP_MARGIN_PERCENT / 100;
        assert!(backstop <= wall.max(1), "{wall}: {budget} -> {backstop}");
    }
}

#[test]
fn the_repair_time_is_split_into_checker_calls_and_maxsat() {
    let text = source("fig4.cu");
    let kernel = mini::lower(&text, Lang::Cuda);
    let files = vec![SourceFileInfo {
        path: "fig4.cu".into(),
        text,
    }];
    let l = launch(8, 1, &[3]);
    // Each check takes at least 5 ms: the checker's share counts every call.
    let mut slow = |k: &Kernel| {
        std::thread::sleep(std::time::Duration::from_millis(5));
        mini::interpret(k, &l)
    };
    let r = repair_kernel_with(&kernel, &files, &opts(), &mut slow, RepairConfig::default());
    assert_eq!(r.status, RepairStatus::Repaired, "{:?}", r.reason);
    assert!(r.oracle_calls >= 2);
    assert!(
        r.times.checker_ms >= 5.0 * f64::from(r.oracle_calls),
        "{:?} for {} calls",
        r.times,
        r.oracle_calls
    );
    // At least one MaxSAT solve ran, and the parts fit in the whole.
    assert!(r.times.maxsat_ms > 0.0, "{:?}", r.times);
    assert!(
        r.times.checker_ms + r.times.maxsat_ms <= r.time_ms,
        "{:?} of {} ms",
        r.times,
        r.time_ms
    );
}

#[test]
fn a_report_of_the_kernel_checked_just_before_stands_for_its_first_check() {
    let lower = |text: &str| {
        crate::frontend::lower_source(Path::new("k.cu"), text, &crate::frontend::FsIncludes)
    };
    let mut o = opts();
    o.check.launch.block_dim = Some([64, 1, 1]);
    o.check.launch.grid_dim = Some([1, 1, 1]);
    // A report that says "race-free" for a racy kernel tells which check
    // the synthesis took it for.
    let claim = |k: &Kernel| {
        let mut report = crate::check::check_kernel(k, &o.check);
        assert_eq!(report.verdict, Verdict::Racy);
        report.verdict = Verdict::RaceFree;
        report.findings.clear();
        report.races.clear();
        report
    };
    // No barrier: the synthesis's first check is of the kernel itself.
    let racy = lower(
        "__global__ void k(int *a) {\n  __shared__ int s[64];\n  s[threadIdx.x] = a[threadIdx.x];\n  a[threadIdx.x] = s[63 - threadIdx.x];\n}\n",
    );
    let kernel = &racy.kernels[0];
    let r = repair_kernel_checked(
        kernel,
        &racy.files,
        &o,
        RepairConfig::default(),
        Some(claim(kernel)),
    );
    assert_eq!(r.status, RepairStatus::AlreadyRaceFree, "{:?}", r.reason);
    assert_eq!(r.oracle_calls, 1);
    // A barrier under synthesis: the first check is of the kernel without
    // it, for which the report says nothing, so it is checked and the
    // barrier stays.
    let ordered = lower(
        "__global__ void k(int *a) {\n  __shared__ int s[64];\n  s[threadIdx.x] = a[threadIdx.x];\n  __syncthreads();\n  a[threadIdx.x] = s[63 - threadIdx.x];\n}\n",
    );
    let kernel = &ordered.kernels[0];
    let mut without_barrier = kernel.clone();
    crate::ir::walk::remove_stmt(&mut without_barrier, block_barriers_of(kernel)[0]);
    let r = repair_kernel_checked(
        kernel,
        &ordered.files,
        &o,
        RepairConfig::default(),
        Some(claim(&without_barrier)),
    );
    assert_eq!(r.barriers_after, 1, "{:?}: {:?}", r.status, r.reason);
    assert!(
        matches!(
            r.status,
            RepairStatus::Repaired | RepairStatus::AlreadyRaceFree
        ),
        "{:?}",
        r.reason
    );
}

fn block_barriers_of(k: &Kernel) -> Vec<crate::ir::StmtId> {
    let mut out = Vec::new();
    crate::ir::walk::for_each_stmt(&k.body, &mut |s| {
        if matches!(s.kind, crate::ir::StmtKind::Barrier { .. }) {
            out.push(s.id);
        }
    });
    out
}

#[test]
fn pairs_the_checker_cannot_decide_are_ordered_as_races_and_the_result_is_checked() {
    use crate::check::{DiagnosticKind, Finding};
    let lower = |text: &str| {
        crate::frontend::lower_source(Path::new("k.cu"), text, &crate::frontend::FsIncludes)
    };
    let mut o = opts();
    o.check.launch.block_dim = Some([64, 1, 1]);
    o.check.launch.grid_dim = Some([1, 1, 1]);
    // The real checker, except that every race it finds is reported as a
    // pair the solver answered unknown on (the kernel inconclusive).
    let undecided = |k: &Kernel| {
        let mut report = crate::check::check_kernel(k, &o.check);
        if report.verdict != Verdict::Racy {
            return report;
        }
        report.findings = report
            .races
            .iter()
            .map(|r| Finding {
                kind: DiagnosticKind::Inconclusive,
                message: "could not decide whether these accesses race: solver answered unknown (canceled)".into(),
                span: r.first_span,
                related: vec![(r.second_span, "the other access".into())],
                race: None,
                divergence: None,
            })
            .collect();
        report.races.clear();
        report.verdict = Verdict::Inconclusive;
        report
    };
    // Ordering the pair makes the kernel race-free: repaired, with one
    // barrier, not claimed least-cost.
    let program = lower(
        "__global__ void k(int *a) {\n  __shared__ int s[64];\n  s[threadIdx.x] = a[threadIdx.x];\n  a[threadIdx.x] = s[63 - threadIdx.x];\n}\n",
    );
    let kernel = &program.kernels[0];
    let mut oracle = |k: &Kernel| undecided(k);
    let r = repair_kernel_with(
        kernel,
        &program.files,
        &o,
        &mut oracle,
        RepairConfig::default(),
    );
    assert_eq!(r.status, RepairStatus::Repaired, "{:?}", r.reason);
    assert_eq!(r.barriers_after, 1);
    assert!(!r.optimal);
    let fixed = apply_edits(&program.files[0].text, &r.edits).expect("edits apply");
    let again = lower(&fixed);
    assert_eq!(
        crate::check::check_kernel(&again.kernels[0], &o.check).verdict,
        Verdict::RaceFree,
        "{fixed}"
    );
    // A pair no barrier orders (between blocks) stays undecided: never
    // repaired, never called unrepairable.
    let mut two_blocks = o.clone();
    two_blocks.check.launch.grid_dim = Some([2, 1, 1]);
    let program =
        lower("__global__ void k(int *a) {\n  a[threadIdx.x] = 1;\n  a[threadIdx.x + 1] = 2;\n}\n");
    let kernel = &program.kernels[0];
    let mut oracle = |k: &Kernel| {
        let mut report = crate::check::check_kernel(k, &two_blocks.check);
        if report.verdict == Verdict::Racy {
            report.findings = report
                .races
                .iter()
                .map(|r| Finding {
                    kind: DiagnosticKind::Inconclusive,
                    message: "could not decide whether these accesses race: solver answered unknown (canceled)".into(),
                    span: r.first_span,
                    related: vec![(r.second_span, "the other access".into())],
                    race: None,
                    divergence: None,
                })
                .collect();
            report.races.clear();
            report.verdict = Verdict::Inconclusive;
        }
        report
    };
    let r = repair_kernel_with(
        kernel,
        &program.files,
        &two_blocks,
        &mut oracle,
        RepairConfig::default(),
    );
    assert_eq!(r.status, RepairStatus::Inconclusive, "{:?}", r.reason);
    assert!(r.edits.is_empty());
}

#[test]
fn an_undecided_pair_waits_until_the_proven_races_are_ordered() {
    use crate::check::{DiagnosticKind, Finding};
    use crate::ir::StmtKind;
    let mut o = opts();
    o.check.launch.block_dim = Some([64, 1, 1]);
    o.check.launch.grid_dim = Some([1, 1, 1]);
    // `s` races (the write, then another thread's read); each thread's
    // read-modify-write of `b[tid]` does not. The oracle below answers
    // "unknown" on the `b` pair while the kernel has no barrier, as the
    // solver does on a butterfly's in-place update until a barrier cuts
    // the interleavings it gave up on.
    let program = crate::frontend::lower_source(
        Path::new("k.cu"),
        "__global__ void k(int *a, int *b) {\n  __shared__ int s[64];\n  s[threadIdx.x] = a[threadIdx.x];\n  int x = s[63 - threadIdx.x];\n  int y = b[threadIdx.x];\n  b[threadIdx.x] = y + x;\n}\n",
        &crate::frontend::FsIncludes,
    );
    let kernel = &program.kernels[0];
    let b_spans = |k: &Kernel| {
        let b = k.arrays.iter().position(|a| a.name == "b");
        let mut read = None;
        let mut write = None;
        crate::ir::walk::for_each_stmt(&k.body, &mut |s| match &s.kind {
            StmtKind::Read { access, .. } if Some(access.array.0 as usize) == b => {
                read = Some(s.span)
            }
            StmtKind::Write { access, .. } if Some(access.array.0 as usize) == b => {
                write = Some(s.span)
            }
            _ => {}
        });
        read.zip(write)
    };
    let mut oracle = |k: &Kernel| {
        let mut report = crate::check::check_kernel(k, &o.check);
        if block_barriers_of(k).is_empty() {
            let (read, write) = b_spans(k).expect("the accesses of b");
            report.findings.push(Finding {
                kind: DiagnosticKind::Inconclusive,
                message: "could not decide whether these accesses race: solver answered unknown (canceled)".into(),
                span: read,
                related: vec![(write, "the other access".into())],
                race: None,
                divergence: None,
            });
        }
        report
    };
    let r = repair_kernel_with(
        kernel,
        &program.files,
        &o,
        &mut oracle,
        RepairConfig::default(),
    );
    // Assumed at once, the `b` pair would cost a second barrier between its
    // read and its write.
    assert_eq!(r.status, RepairStatus::Repaired, "{:?}", r.reason);
    assert_eq!(r.barriers_after, 1, "{:?}", r.edits);
    assert!(r.optimal);
}

#[test]
fn a_declaration_is_never_wrapped_in_braces() {
    // The `?:` lowers to an `if` whose branches are the declaration itself:
    // braces around them would end the scope of `x` before its use (review
    // finding; tests/kernels/language/decl_ternary_racy.cu).
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/kernels/language/decl_ternary_racy.cu"
    ))
    .expect("fixture");
    let mut o = opts();
    o.check.launch.block_dim = Some([64, 1, 1]);
    o.check.launch.grid_dim = Some([1, 1, 1]);
    let fixed = crate::synth::report::fix_source(
        Path::new("decl_ternary.cu"),
        &text,
        &o,
        &crate::frontend::FsIncludes,
    );
    let k = &fixed.kernels[0];
    assert_eq!(k.status, RepairStatus::Repaired, "{k:?}");
    assert!(
        !fixed.fixed.contains("{ __syncthreads(); float x"),
        "{}",
        fixed.fixed
    );
    assert!(
        !fixed
            .fixed
            .contains("float x = flag ? s[(t + 1) % 64] : s[t]; }"),
        "{}",
        fixed.fixed
    );
    assert_compiles("decl_ternary", &fixed.fixed);
    let again = crate::frontend::lower_source(
        Path::new("decl_ternary.cu"),
        &fixed.fixed,
        &crate::frontend::FsIncludes,
    );
    assert!(
        again.kernels[0].notes.is_empty(),
        "{:?}",
        again.kernels[0].notes
    );
    assert_eq!(
        crate::check::check_kernel(&again.kernels[0], &o.check).verdict,
        Verdict::RaceFree
    );
}
