//! End-to-end tests of the `syncwright` binary: formats and exit codes.

mod common {
    pub mod sarif_schema;
}

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the binary from the repository root.
fn syncwright(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_syncwright"))
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("the syncwright binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited normally")
}

/// A fresh directory for generated inputs, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("syncwright-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    fn write(&self, name: &str, contents: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write scratch file");
        path.display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const RACY: &str = "tests/kernels/autosync/straight_line.cu";
const CLEAN: &str = "tests/kernels/autosync/straight_line_fixed.cu";

#[test]
fn racy_kernel_text_is_gcc_style_and_exits_1() {
    let out = syncwright(&["check", RACY]);
    assert_eq!(code(&out), 1, "stderr: {}", stderr(&out));
    let text = stdout(&out);
    let race_line = text
        .lines()
        .find(|l| l.contains("[race]"))
        .unwrap_or_else(|| panic!("no race diagnostic in:\n{text}"));
    // path:line:col: warning: message [race], on one of the two racing lines.
    let mut parts = race_line.splitn(4, ':');
    assert_eq!(parts.next(), Some(RACY));
    let line: u32 = parts
        .next()
        .and_then(|l| l.parse().ok())
        .expect("line number");
    assert!([9, 10].contains(&line), "{race_line}");
    assert!(
        parts.next().and_then(|c| c.parse::<u32>().ok()).is_some(),
        "{race_line}"
    );
    assert!(
        parts
            .next()
            .is_some_and(|rest| rest.starts_with(" warning: ")),
        "{race_line}"
    );
    assert!(
        text.contains("    witness: blockDim (64,1,1), gridDim (1,1,1)"),
        "{text}"
    );
    assert!(text.contains(": note: "), "{text}");
    assert!(text
        .lines()
        .last()
        .is_some_and(|l| l.starts_with("syncwright: 1 file, 1 kernel: 0 race-free, 1 racy")));
}

#[test]
fn clean_kernel_exits_0() {
    let out = syncwright(&["check", CLEAN]);
    assert_eq!(
        code(&out),
        0,
        "stdout: {}\nstderr: {}",
        stdout(&out),
        stderr(&out)
    );
    assert!(stdout(&out).contains("1 race-free"));
}

#[test]
fn json_output_has_lsp_positions() {
    let out = syncwright(&["check", "--format", "json", RACY, CLEAN]);
    assert_eq!(code(&out), 1);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let files = doc["files"].as_array().expect("files");
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["path"], RACY);
    let kernel = &files[0]["kernels"][0];
    assert_eq!(kernel["name"], "shift_left");
    assert_eq!(kernel["verdict"], "racy");
    assert!(kernel["time_ms"].as_f64().is_some());
    let d = kernel["diagnostics"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["kind"] == "race"))
        .expect("a race diagnostic");
    assert_eq!(d["severity"], "warning");
    assert!(d["message"].as_str().is_some_and(|m| !m.is_empty()));
    // 0-based: the racing accesses are on lines 9 and 10 (1-based).
    let line = d["range"]["start"]["line"].as_u64().expect("line");
    assert!([8, 9].contains(&line), "{d}");
    assert!(d["range"]["end"]["character"].as_u64().is_some());
    assert!(!d["related"].as_array().expect("related").is_empty());
    assert!(
        d["witness"]["threads"]
            .as_array()
            .is_some_and(|t| t.len() == 2),
        "{d}"
    );
    assert_eq!(files[1]["kernels"][0]["verdict"], "race-free");
}

#[test]
fn sarif_output_is_valid() {
    let out = syncwright(&["check", "--format", "sarif", RACY, CLEAN]);
    assert_eq!(code(&out), 1);
    let log: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    common::sarif_schema::validate(&log).expect("valid SARIF");
    let results = log["runs"][0]["results"].as_array().expect("results");
    let race = results
        .iter()
        .find(|r| r["ruleId"] == "race")
        .expect("a race result");
    assert_eq!(
        race["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        RACY
    );
}

#[test]
fn folders_are_searched_and_sorted() {
    let out = syncwright(&["check", "--format", "json", "tests/kernels/autosync"]);
    assert_eq!(code(&out), 1);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let paths: Vec<&str> = doc["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter_map(|f| f["path"].as_str())
        .collect();
    assert!(paths.len() >= 10, "{paths:?}");
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted);
    assert!(paths
        .iter()
        .all(|p| p.ends_with(".cu") || p.ends_with(".cl")));
}

/// Text output with the timing-free parts only.
fn findings_text(out: &Output) -> String {
    stdout(out)
}

#[test]
fn parallel_check_output_matches_sequential_and_single_files() {
    let folder = "tests/kernels/autosync";
    let one = syncwright(&["check", "-j", "1", folder]);
    let two = syncwright(&["check", "--jobs", "2", folder]);
    assert_eq!(code(&one), 1);
    assert_eq!(findings_text(&one), findings_text(&two));
    // A file's report (its witnesses) does not depend on the files checked
    // before it: each file alone gives the lines it has in the folder run.
    let whole = findings_text(&one);
    let mut files: Vec<_> = std::fs::read_dir(repo_root().join(folder))
        .expect("fixture folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu" || e == "cl"))
        .collect();
    files.sort();
    for file in files.iter().rev().take(4) {
        let shown = format!(
            "{folder}/{}",
            file.file_name().and_then(|n| n.to_str()).unwrap_or("")
        );
        let alone = syncwright(&["check", &shown]);
        for line in findings_text(&alone)
            .lines()
            .filter(|l| l.starts_with(&shown))
        {
            assert!(whole.contains(line), "{line} missing from the folder run");
        }
    }
    let zero = syncwright(&["check", "-j", "0", folder]);
    assert_eq!(code(&zero), 2, "-j 0 is a usage error");
}

#[test]
fn warp_sync_flag_switches_semantics() {
    let legacy = "tests/kernels/warp/lockstep_legacy.cu";
    assert_eq!(code(&syncwright(&["check", legacy])), 1);
    let out = syncwright(&["check", "--warp-sync", legacy]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
}

#[test]
fn launch_priority_flags_over_header_over_project_file() {
    let dir = Scratch::new("launch");
    // Threads t and t+64 write the same slot only when the block has more than 64 threads.
    let body = b"__global__ void fold(int *out) {\n    __shared__ int s[64];\n    s[threadIdx.x % 64] = (int)threadIdx.x;\n    __syncthreads();\n    out[threadIdx.x] = s[threadIdx.x % 64];\n}\n";
    let plain = dir.write("fold.cu", body);
    let mut with_header = b"//--blockDim=128 --gridDim=1\n".to_vec();
    with_header.extend_from_slice(body);
    let headed = dir.write("fold_header.cu", &with_header);
    dir.write(
        "syncwright.toml",
        b"[launch]\nblock_dim = 64\ngrid_dim = 1\n",
    );

    assert_eq!(
        code(&syncwright(&["check", &plain])),
        0,
        "the project file's 64 threads cannot race"
    );
    assert_eq!(
        code(&syncwright(&["check", "--block-dim", "128", &plain])),
        1,
        "flags beat the project file"
    );
    assert_eq!(
        code(&syncwright(&["check", &headed])),
        1,
        "the header beats the project file"
    );
    assert_eq!(
        code(&syncwright(&["check", "--block-dim", "32", &headed])),
        0,
        "flags beat the header"
    );
}

#[test]
fn invalid_project_file_exits_2_naming_it() {
    let dir = Scratch::new("badconfig");
    let kernel = dir.write(
        "k.cu",
        b"__global__ void k(int *a) { a[threadIdx.x] = 1; }\n",
    );
    dir.write("syncwright.toml", b"[launch]\nblock_dim = [0]\n");
    let out = syncwright(&["check", &kernel]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("syncwright.toml"), "{}", stderr(&out));
}

#[test]
fn usage_errors_and_unreadable_inputs_exit_2() {
    let out = syncwright(&["check", "tests/kernels/does-not-exist.cu"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("does-not-exist.cu"),
        "{}",
        stderr(&out)
    );
    assert_eq!(code(&syncwright(&["check"])), 2);
    assert_eq!(code(&syncwright(&["check", "--format", "xml", CLEAN])), 2);
    assert_eq!(code(&syncwright(&["check", "--block-dim", "0", CLEAN])), 2);
    assert_eq!(code(&syncwright(&["frobnicate"])), 2);
    // Unreadable input among good ones: the good ones are still reported.
    let out = syncwright(&["check", "--format", "json", CLEAN, "nope.cl"]);
    assert_eq!(code(&out), 2);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(doc["files"][0]["kernels"][0]["verdict"], "race-free");
    assert!(doc["files"][1]["error"].as_str().is_some());
}

#[test]
fn bad_input_is_reported_not_crashed_on() {
    let dir = Scratch::new("junk");
    let junk = dir.write(
        "junk.cu",
        &[0xff, 0xfe, 0x00, b'{', b'(', 0x80, b'\n', b'}', b'}'],
    );
    let unclosed = dir.write(
        "unclosed.cl",
        b"__kernel void k(__global int *a) { a[get_local_id(0)] = (1 + ;\n",
    );
    let deep = "(".repeat(20_000);
    let nested = dir.write(
        "nested.cu",
        format!("__global__ void k(int *a) {{ a[0] = {deep}; }}\n").as_bytes(),
    );
    let recursive = dir.write(
        "macro.cu",
        b"#define A B\n#define B A\n__global__ void k(int *a) { a[threadIdx.x] = A; }\n",
    );
    for path in [&junk, &unclosed, &nested, &recursive] {
        let out = syncwright(&["check", "--format", "json", path]);
        assert!(
            matches!(code(&out), 0 | 1),
            "{path}: exit {:?}, stderr: {}",
            out.status,
            stderr(&out)
        );
        let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
        assert_eq!(doc["files"][0]["path"], path.as_str());
    }
    // A kernel the tool cannot handle is never dropped silently.
    let out = syncwright(&["check", "--format", "json", &unclosed]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let kernels = doc["files"][0]["kernels"].as_array().expect("kernels");
    let reported = kernels.len()
        + doc["files"][0]["diagnostics"]
            .as_array()
            .map_or(0, Vec::len);
    assert!(reported > 0, "{doc}");
}

#[test]
fn empty_folder_is_fine() {
    let dir = Scratch::new("empty");
    let out = syncwright(&["check", &dir.0.display().to_string()]);
    assert_eq!(code(&out), 0);
    assert!(stderr(&out).contains("no .cu"), "{}", stderr(&out));
}

#[test]
fn shipped_examples_are_racy() {
    let out = syncwright(&[
        "check",
        "--format",
        "json",
        "examples/block_sum.cu",
        "examples/block_sum.cl",
    ]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    for file in doc["files"].as_array().expect("files") {
        let kernel = &file["kernels"][0];
        assert_eq!(kernel["verdict"], "racy", "{file}");
        let race = kernel["diagnostics"]
            .as_array()
            .and_then(|ds| ds.iter().find(|d| d["kind"] == "race"))
            .expect("a race diagnostic");
        // The load and the first reduction step race (0-based lines).
        let expected: [u64; 2] = if file["path"] == "examples/block_sum.cu" {
            [9, 12]
        } else {
            [7, 10]
        };
        let mut lines = [
            race["range"]["start"]["line"].as_u64().expect("line"),
            race["related"][0]["range"]["start"]["line"]
                .as_u64()
                .expect("related line"),
        ];
        lines.sort();
        assert_eq!(lines, expected, "{race}");
    }
}

#[test]
fn fix_output_rechecks_race_free() {
    let dir = Scratch::new("fix");
    for example in ["examples/block_sum.cu", "examples/block_sum.cl"] {
        let out = syncwright(&["fix", example]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert!(stderr(&out).contains("repaired"), "{}", stderr(&out));
        let name = Path::new(example)
            .file_name()
            .and_then(|n| n.to_str())
            .expect("file name");
        let fixed = dir.write(name, &out.stdout);
        let check = syncwright(&["check", &fixed]);
        assert_eq!(code(&check), 0, "{}", stdout(&check));
    }
}

#[test]
fn fix_applies_the_warp_specialized_quick_fixes() {
    let dir = Scratch::new("fixsync");
    for (fixture, wanted) in [
        (
            "tests/kernels/warpspecialized/pipeline_missing_wait.cu",
            "__pipeline_wait_prior(0);",
        ),
        (
            "tests/kernels/warpspecialized/cp_async_early_read.cu",
            "cp.async.wait_all",
        ),
        (
            "tests/kernels/warpspecialized/named_count_mismatch.cu",
            "bar.arrive 1, 128;",
        ),
        // Moves of an existing barrier: the arrival after the producers'
        // last store, the `__syncwarp()` after the second store, and the
        // order inversion (a deadlock) reordered.
        (
            "tests/kernels/warpspecialized/named_arrive_early.cu",
            "b[threadIdx.x] = in[64 + threadIdx.x];\n        asm volatile(\"bar.arrive 1, 128;\"",
        ),
        (
            "tests/kernels/warp/syncwarp_one_early.cu",
            "t[i] = in[64 + i];\n    __syncwarp();\n    out[i]",
        ),
        // A `cuda::barrier` wait written after the read it should order
        // moves before the read (still after the arrival of its token).
        (
            "tests/kernels/warpspecialized/split_barrier_wait_late.cu",
            "auto token = bar.arrive();\n    float mine = in[128 + threadIdx.x] * 2.0f;\n    bar.wait(std::move(token));\n    out[threadIdx.x] = s[127 - threadIdx.x] + mine; //~ race read-write\n}",
        ),
        // The missing wait of a `cuda::barrier` token, of a copy's phase on
        // the barrier, of a thread's own pipeline stage and of a
        // cooperative-groups copy; a barrier wait moved before the read of
        // the copy it completes.
        (
            "tests/kernels/warpspecialized/split_barrier_missing_wait.cu",
            "    auto token = bar.arrive();\n    float mine = in[128 + threadIdx.x] * 2.0f;\n    bar.wait(std::move(token));\n    out[threadIdx.x] = s[127 - threadIdx.x] + mine; //~ race read-write\n}",
        ),
        (
            "tests/kernels/warpspecialized/split_barrier_missing_wait.cu",
            "    bar.arrive_and_wait();\n    __syncthreads();\n    out[threadIdx.x] = buf[127 - threadIdx.x]; //~ async-copy read-write",
        ),
        (
            "tests/kernels/warpspecialized/pipeline_thread_missing_wait.cu",
            "    pipe.producer_commit();\n    pipe.consumer_wait();\n    __syncthreads();\n    out[threadIdx.x] = a[63 - threadIdx.x]; //~ async-copy read-write",
        ),
        (
            "tests/kernels/warpspecialized/cg_memcpy_async.cu",
            "    cg::wait(block);\n    block.sync();\n    out[threadIdx.x] = tile[63 - threadIdx.x]; //~ async-copy",
        ),
        (
            "tests/kernels/warpspecialized/barrier_memcpy_async.cu",
            "    auto token = bar.arrive();\n    bar.wait(std::move(token));\n    out[threadIdx.x] = buf[63 - threadIdx.x]; //~ async-copy read-write",
        ),
        // A barrier object's expected count set to the threads of the roles
        // that arrive.
        (
            "tests/kernels/warpspecialized/split_barrier_role_count.cu",
            "    if (threadIdx.x == 0) {\n        init(&bar, 128);\n    }",
        ),
        (
            "tests/kernels/warpspecialized/named_order_inversion.cu",
            "asm volatile(\"bar.sync 2, 64;\" ::: \"memory\");\n        asm volatile(\"bar.sync 1, 64;\" ::: \"memory\"); //~ barrier-deadlock\n    } else {",
        ),
    ] {
        let out = syncwright(&["fix", fixture]);
        assert_eq!(code(&out), 0, "{fixture}: {}", stderr(&out));
        assert!(stderr(&out).contains("repaired"), "{}", stderr(&out));
        let fixed_text = stdout(&out);
        assert!(fixed_text.contains(wanted), "{fixture}: {fixed_text}");
        let name = Path::new(fixture)
            .file_name()
            .and_then(|n| n.to_str())
            .expect("file name");
        let fixed = dir.write(name, &out.stdout);
        let check = syncwright(&["check", &fixed]);
        assert_eq!(code(&check), 0, "{fixture}: {}", stdout(&check));
    }
}

#[test]
fn fix_does_not_move_a_barrier_statement_that_assigns_the_callers_variables() {
    // Moving the statement below the store orders the race but changes the
    // value stored: fix inserts a barrier instead. A helper assigning only
    // its by-value parameter moves.
    let fixture = "tests/kernels/warp/syncwarp_helper_assigns_caller.cu";
    let out = syncwright(&["fix", fixture]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let fixed_text = stdout(&out);
    for wanted in [
        "    warp_step(phase);\n    s[threadIdx.x] = phase; //~ race write-read\n    __syncthreads();",
        "    __syncwarp(), k++;\n    s[threadIdx.x] = k; //~ race write-read\n    __syncthreads();",
        "    s[threadIdx.x] = phase; //~ race write-read\n    warp_step_copy(phase);\n    out",
    ] {
        assert!(fixed_text.contains(wanted), "{wanted}: {fixed_text}");
    }
    let dir = Scratch::new("fixassigns");
    let fixed = dir.write("syncwarp_helper_assigns_caller.cu", &out.stdout);
    let check = syncwright(&["check", &fixed]);
    assert_eq!(code(&check), 0, "{}", stdout(&check));
}

#[test]
fn fix_never_calls_a_thread_with_its_own_copy_in_flight_race_free() {
    // A thread's own asynchronous copy in flight at its access is no race
    // between threads: the synthesis used to see nothing to order and call
    // both kernels already race-free. A reissue before the wait of the
    // previous copy on a thread's own pipeline gets
    // `pipeline_consumer_wait_prior<0>` (its `consumer_wait` waits for the
    // oldest stage only); a producer writing the source of its last copy on
    // a block pipeline cannot wait for it: unrepairable, saying what would.
    let kernels = |fixture: &str| -> Vec<(String, String, String)> {
        let out = syncwright(&["fix", "--format", "json", fixture]);
        let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
        doc["files"][0]["kernels"]
            .as_array()
            .expect("kernels")
            .iter()
            .map(|k| {
                (
                    k["name"].as_str().unwrap_or_default().to_string(),
                    k["status"].as_str().unwrap_or_default().to_string(),
                    k["reason"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    let status = |all: &[(String, String, String)], name: &str| {
        all.iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, s, r)| (s.clone(), r.clone()))
            .unwrap_or_default()
    };
    let reissue = kernels("tests/kernels/warpspecialized/memcpy_async_reissue_carried.cu");
    let (s, r) = status(&reissue, "pipe_reissue_before_wait");
    assert_eq!(s, "repaired", "{r}");
    let out = syncwright(&[
        "fix",
        "tests/kernels/warpspecialized/memcpy_async_reissue_carried.cu",
    ]);
    let fixed_text = stdout(&out);
    assert_eq!(
        fixed_text
            .matches("cuda::pipeline_consumer_wait_prior<0>(pipe);")
            .count(),
        4,
        "{fixed_text}"
    );
    let dir = Scratch::new("fixownreissue");
    let fixed = dir.write("memcpy_async_reissue_carried.cu", &out.stdout);
    let check = syncwright(&["check", "--format", "json", &fixed]);
    let doc: Value = serde_json::from_slice(&check.stdout).expect("valid JSON");
    let rechecked = doc["files"][0]["kernels"]
        .as_array()
        .expect("kernels")
        .iter()
        .find(|k| k["name"] == "pipe_reissue_before_wait")
        .map(|k| k["verdict"].clone());
    assert_eq!(rechecked, Some(Value::from("race-free")), "{fixed_text}");
    let roles = kernels("tests/kernels/warpspecialized/pipeline_roles_loop_racy.cu");
    let (s, r) = status(&roles, "producer_writes_source");
    assert_eq!(s, "unrepairable", "{r}");
    assert!(r.contains("line 80") && r.contains("consumer_wait"), "{r}");
    // A wait and a barrier: the synthesis continues from the text with the
    // wait (it used to start again from the text as written, and its
    // placement re-checked racy: the copy was still in flight).
    let fixture = "tests/synth/kernels/async_wait_and_barrier.cu";
    let both = kernels(fixture);
    let (s, r) = status(&both, "wait_and_barrier");
    assert_eq!(s, "repaired", "{r}");
    let out = syncwright(&["fix", fixture]);
    let fixed_text = stdout(&out);
    let read = fixed_text.find("out[t] =").unwrap_or(0);
    let before_read = |what: &str| fixed_text.find(what).is_some_and(|at| at < read);
    assert!(
        before_read("__pipeline_wait_prior(0);") && before_read("__syncthreads();"),
        "{fixed_text}"
    );
    let fixed = dir.write("async_wait_and_barrier.cu", &out.stdout);
    let check = syncwright(&["check", &fixed]);
    assert_eq!(code(&check), 0, "{}", stdout(&check));
}

#[test]
fn fix_does_not_claim_a_repair_while_a_named_barrier_deadlock_remains() {
    // A barrier object initialised for half the warps: its count is set to
    // the warps that arrive, which removes both findings.
    let fixture = "tests/kernels/warpspecialized/split_barrier_runtime_count.cu";
    let out = syncwright(&["fix", fixture]);
    let err = stderr(&out);
    assert!(err.contains("count_half_the_warps: repaired"), "{err}");
    assert!(stdout(&out).contains("init(&bar, 64);"), "{}", stdout(&out));
    // Half the block's count on one element of a barrier array indexed at
    // run time: no count is set (the element's `init` is not the arrival's
    // object as written), and a block barrier removes the race but the
    // kernel would still hang.
    let fixture = "tests/kernels/warpspecialized/split_barrier_ping_pong.cu";
    let out = syncwright(&["fix", fixture]);
    let err = stderr(&out);
    assert!(err.contains("ping_pong_half_count: unrepairable"), "{err}");
    assert!(err.contains("`barrier-deadlock` remains"), "{err}");
    let original = std::fs::read_to_string(repo_root().join(fixture)).expect("fixture");
    let kernel = |text: &str| {
        let from = text.find("void ping_pong_half_count").expect("kernel");
        text[from..].to_string()
    };
    assert_eq!(kernel(&stdout(&out)), kernel(&original));
    // The consumers hand back on a barrier the producers do not wait at: no
    // move of a named barrier (and no count) repairs that, so the text stays.
    let fixture = "tests/kernels/warpspecialized/named_wrong_id.cu";
    let out = syncwright(&["fix", fixture]);
    let err = stderr(&out);
    assert!(err.contains("producer_consumer: unrepairable"), "{err}");
    let original = std::fs::read_to_string(repo_root().join(fixture)).expect("fixture");
    assert_eq!(stdout(&out), original);
}

#[test]
fn fix_write_replaces_the_file_and_json_lists_edits() {
    let dir = Scratch::new("fixwrite");
    let original =
        std::fs::read(repo_root().join("tests/kernels/autosync/loop_inter_iteration.cu"))
            .expect("kernel");
    let path = dir.write("loop.cu", &original);
    let out = syncwright(&["fix", "--format", "json", &path]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let kernel = &doc["files"][0]["kernels"][0];
    assert_eq!(kernel["status"], "repaired");
    assert!(
        kernel["barriers_after"].as_u64() > kernel["barriers_before"].as_u64(),
        "{kernel}"
    );
    // The time split: checker calls and MaxSAT solves within the whole.
    let ms = |field: &str| kernel[field].as_f64().unwrap_or(-1.0);
    assert!(ms("checker_ms") > 0.0 && ms("maxsat_ms") > 0.0, "{kernel}");
    assert!(
        ms("checker_ms") + ms("maxsat_ms") <= ms("time_ms"),
        "{kernel}"
    );
    let edit = &kernel["edits"][0];
    assert!(
        edit["new_text"]
            .as_str()
            .is_some_and(|t| t.contains("__syncthreads()")),
        "{edit}"
    );
    assert!(edit["range"]["start"]["line"].as_u64().is_some(), "{edit}");
    assert_eq!(
        std::fs::read(&path).expect("unchanged"),
        original,
        "without --write nothing is written"
    );

    let out = syncwright(&["fix", "--write", &path]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("repaired"), "{}", stdout(&out));
    assert_ne!(std::fs::read(&path).expect("written"), original);
    assert_eq!(code(&syncwright(&["check", &path])), 0);
    // Fixing again finds nothing to do.
    let again = syncwright(&["fix", "--write", "--keep-existing", &path]);
    assert_eq!(code(&again), 0, "{}", stdout(&again));
}

#[test]
fn fix_usage_errors_exit_2() {
    assert_eq!(code(&syncwright(&["fix"])), 2);
    assert_eq!(code(&syncwright(&["fix", "--loop-cost", "-3", CLEAN])), 2);
    assert_eq!(code(&syncwright(&["fix", "missing.cu"])), 2);
}

/// A racy shared-memory shift: the store (line 6) and the neighbour's load (line 7) lack a barrier.
const SHIFT: &str = "//--blockDim=256 --gridDim=4
__global__ void shift_left(const int *in, int *out)
{
    __shared__ int tile[257];
    unsigned int t = threadIdx.x;
    tile[t] = in[blockIdx.x * blockDim.x + t];
    out[blockIdx.x * blockDim.x + t] = tile[t + 1];
}
";

#[test]
fn explain_prints_the_interleaving_and_json_has_the_same_steps() {
    let scratch = Scratch::new("explain");
    let path = scratch.write("shift.cu", SHIFT.as_bytes());
    let out = syncwright(&["check", "--explain", &path]);
    assert_eq!(code(&out), 1, "stderr: {}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "    interleaving:")
        .unwrap_or_else(|| panic!("no interleaving in:\n{text}"));
    let steps: Vec<&str> = lines[start + 1..start + 7]
        .iter()
        .map(|l| l.strip_prefix("      ").expect("indented step"))
        .collect();
    assert_eq!(steps[0], "launch: blockDim 256, gridDim 4", "{text}");
    assert!(steps[1].starts_with("thread A is thread "), "{text}");
    assert!(steps[2].starts_with("thread B is thread "), "{text}");
    // Source order: the store on line 6, then the load on line 7, at one address.
    assert!(
        steps[3].starts_with("1. line 6: thread ")
            && steps[3].contains(" writes tile[")
            && steps[3].ends_with("`tile[t] = in[blockIdx.x * blockDim.x + t];`"),
        "{text}"
    );
    assert!(
        steps[4].starts_with("2. line 7: thread ")
            && steps[4].contains(" reads tile[")
            && steps[4].contains("(the same address)"),
        "{text}"
    );
    assert!(
        steps[5].contains("reaches between line 6 and line 7"),
        "{text}"
    );
    // Without --explain the interleaving is not printed.
    let plain = stdout(&syncwright(&["check", &path]));
    assert!(!plain.contains("interleaving:"), "{plain}");

    let json = syncwright(&["check", "--format", "json", &path]);
    let doc: Value = serde_json::from_str(&stdout(&json)).expect("JSON");
    let diagnostic = &doc["files"][0]["kernels"][0]["diagnostics"][0];
    let json_steps = diagnostic["witness"]["steps"]
        .as_array()
        .expect("witness.steps");
    let kinds: Vec<&str> = json_steps
        .iter()
        .map(|s| s["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(
        kinds,
        ["launch", "thread", "thread", "access", "access", "barrier"]
    );
    let texts: Vec<&str> = json_steps
        .iter()
        .map(|s| s["text"].as_str().expect("text"))
        .collect();
    assert_eq!(texts, steps, "JSON and --explain differ");
}

#[test]
fn exit_zero_and_severity_thresholds() {
    let scratch = Scratch::new("thresholds");
    let racy = scratch.write("shift.cu", SHIFT.as_bytes());
    let syntax = scratch.write("broken.cu", b"__global__ void k(int *p) { p[0] = ; }\n");
    // Every thread stores the same value: a benign race (information).
    let benign = scratch.write(
        "benign.cu",
        b"//--blockDim=64 --gridDim=1\n__global__ void k(int *p)\n{\n    p[0] = 1;\n}\n",
    );
    let exit = |args: &[&str]| {
        let out = syncwright(args);
        (code(&out), stdout(&out))
    };
    // --exit-zero: findings still printed, exit 0; usage errors stay 2.
    let (c, text) = exit(&["check", "--exit-zero", &racy]);
    assert_eq!(c, 0);
    assert!(text.contains("[race]"), "{text}");
    assert_eq!(exit(&["check", "--exit-zero", "/no/such/file.cu"]).0, 2);
    // --severity error: races are warnings and no longer fail; a syntax error does.
    let (c, text) = exit(&["check", "--severity", "error", &racy]);
    assert_eq!(c, 0);
    assert!(text.contains("[race]"), "{text}");
    assert_eq!(exit(&["check", "--severity", "error", &syntax]).0, 1);
    assert_eq!(exit(&["check", "--severity", "warning", &racy]).0, 1);
    // The benign race is information: below the default threshold, at `information`.
    let (c, text) = exit(&["check", &benign]);
    assert_eq!(c, 0, "{text}");
    assert!(text.contains("[benign-race]"), "{text}");
    assert_eq!(exit(&["check", "--severity", "information", &benign]).0, 1);
    assert_eq!(exit(&["check", "--severity", "hint", &benign]).0, 1);
    assert_eq!(
        exit(&["check", "--severity", "information", "--exit-zero", &benign]).0,
        0
    );
    assert_eq!(exit(&["check", "--severity", "fatal", &racy]).0, 2);
}
