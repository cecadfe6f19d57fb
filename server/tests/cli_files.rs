//! End-to-end: the user's files stay theirs, and files come as they are.
//! `fix --write` through symlinks, read-only files, line-end styles, non-UTF-8
//! files in every format; special files (FIFOs, devices, directories) never
//! hang or stop the other inputs; CR, CRLF, BOM, UTF-16 text.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the binary; kills it and fails after `limit` (a hang is a failure).
fn syncwright_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_syncwright"))
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the syncwright binary runs");
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Ok(Some(_)) = child.try_wait() {
            return child.wait_with_output().expect("output");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("syncwright {args:?} did not finish within {limit:?}");
}

fn syncwright(args: &[&str]) -> Output {
    syncwright_within(args, Duration::from_secs(120))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("syncwright-files-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    fn write(&self, name: &str, contents: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write scratch file");
        path.display().to_string()
    }

    fn leftovers(&self) -> Vec<String> {
        std::fs::read_dir(&self.0)
            .expect("scratch dir")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".syncwright-"))
            .collect()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A racy kernel whose repair inserts one barrier (between the read and the write).
const RACY: &str = "//--blockDim=64 --gridDim=1\n\
__global__ void shift_left(int *out) {\n\
    __shared__ int A[65];\n\
    unsigned tid = threadIdx.x;\n\
    int x = A[tid + 1];\n\
    A[tid] = x;\n\
    out[tid] = x;\n\
}\n";

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("valid JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[cfg(unix)]
#[test]
fn fix_write_goes_through_a_symlink_to_its_target() {
    let dir = Scratch::new("symlink");
    let real = dir.write("real.cu", RACY.as_bytes());
    let link = dir.0.join("k.cu");
    std::os::unix::fs::symlink(&real, &link).expect("symlink");
    let link = link.display().to_string();
    let out = syncwright(&["fix", "--write", &link]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let meta = std::fs::symlink_metadata(&link).expect("link");
    assert!(meta.file_type().is_symlink(), "the link stays a link");
    let fixed = std::fs::read_to_string(&real).expect("target");
    assert!(
        fixed.contains("__syncthreads()"),
        "the target is repaired: {fixed}"
    );
    assert!(dir.leftovers().is_empty(), "{:?}", dir.leftovers());
}

#[cfg(unix)]
#[test]
fn fix_write_refuses_a_read_only_file_unless_forced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("readonly");
    let path = dir.write("k.cu", RACY.as_bytes());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = syncwright(&["fix", "--write", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("read-only"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), RACY);
    let out = syncwright(&["fix", "--write", "--force", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&path)
        .expect("file")
        .contains("__syncthreads()"));
    let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o444, "the mode is kept");
    assert!(dir.leftovers().is_empty());
}

/// Every line break of `text` is `style`.
fn only_line_ends(text: &str, style: &str) -> bool {
    let without = text.replace(style, "");
    !without.contains('\n') && !without.contains('\r')
}

#[test]
fn fix_keeps_the_line_end_style_of_the_file() {
    let dir = Scratch::new("lineends");
    for (name, style) in [("crlf.cu", "\r\n"), ("cr.cu", "\r"), ("lf.cu", "\n")] {
        let text = RACY.replace('\n', style);
        let path = dir.write(name, text.as_bytes());
        let out = syncwright(&["fix", &path]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let fixed = String::from_utf8(out.stdout.clone()).expect("UTF-8");
        assert!(fixed.contains("__syncthreads()"), "{name}: {fixed:?}");
        assert!(
            only_line_ends(&fixed, style),
            "{name}: mixed line ends: {fixed:?}"
        );
        assert_eq!(fixed.matches(style).count(), RACY.matches('\n').count() + 1);
        let out = syncwright(&["fix", "--write", &path]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let written = std::fs::read_to_string(&path).expect("written");
        assert_eq!(written, fixed, "{name}");
        let check = syncwright(&["check", &path]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{name}: repaired file re-checks clean"
        );
    }
}

#[test]
fn cr_only_and_crlf_files_are_checked_with_right_positions() {
    let dir = Scratch::new("positions");
    for (name, style) in [("cr.cu", "\r"), ("crlf.cu", "\r\n"), ("bom.cu", "\n")] {
        let mut text = RACY.replace('\n', style);
        if name == "bom.cu" {
            text.insert(0, '\u{FEFF}');
        }
        let path = dir.write(name, text.as_bytes());
        let out = syncwright(&["check", "--format", "json", &path]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        let doc = json(&out);
        let kernel = &doc["files"][0]["kernels"][0];
        assert_eq!(kernel["verdict"], "racy", "{name}: {doc}");
        // The race is on `A[tid + 1]` (line 4, 0-based) and `A[tid] = x` (line 5).
        let diagnostic = &kernel["diagnostics"][0];
        let line = diagnostic["range"]["start"]["line"].as_u64();
        assert!(matches!(line, Some(4 | 5)), "{name}: {diagnostic}");
        let character = diagnostic["range"]["start"]["character"].as_u64();
        assert!(matches!(character, Some(4..=12)), "{name}: {diagnostic}");
        let text_out = syncwright(&["check", &path]);
        let first = String::from_utf8_lossy(&text_out.stdout).into_owned();
        assert!(
            first.contains(&format!("{path}:5:")) || first.contains(&format!("{path}:6:")),
            "{name}: {first}"
        );
        let sarif = syncwright(&["check", "--format", "sarif", &path]);
        let sarif = json(&sarif);
        let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
        assert!(
            matches!(region["startLine"].as_u64(), Some(5 | 6)),
            "{name}: {region}"
        );
    }
}

#[test]
fn fix_reports_a_non_utf8_file_in_every_format() {
    let dir = Scratch::new("nonutf8");
    let mut bytes = b"// caf\xe9\n".to_vec();
    bytes.extend_from_slice(RACY.as_bytes());
    let bad = dir.write("latin1.cu", &bytes);
    let good = dir.write("good.cu", RACY.as_bytes());
    let out = syncwright(&["fix", "--format", "json", &bad, &good]);
    assert_eq!(out.status.code(), Some(2));
    let doc = json(&out);
    let files = doc["files"].as_array().expect("files");
    assert_eq!(files.len(), 2, "{doc}");
    assert_eq!(files[0]["path"], bad.as_str());
    assert!(
        files[0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("UTF-8")),
        "{doc}"
    );
    assert_eq!(files[1]["kernels"][0]["status"], "repaired", "{doc}");
    let out = syncwright(&["fix", &bad, &good]);
    assert!(stderr(&out).contains("latin1.cu"), "{}", stderr(&out));
    // `check` reads it lossily and says so.
    let out = syncwright(&["check", "--format", "json", &bad]);
    let doc = json(&out);
    let notes = doc["files"][0]["diagnostics"].to_string();
    assert!(notes.contains("not valid UTF-8"), "{doc}");
    assert_eq!(doc["files"][0]["kernels"][0]["verdict"], "racy", "{doc}");
}

#[test]
fn utf16_files_are_named_as_such_and_checked() {
    let dir = Scratch::new("utf16");
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(RACY.encode_utf16().flat_map(|u| u.to_le_bytes()));
    let path = dir.write("wide.cu", &bytes);
    let out = syncwright(&["check", "--format", "json", &path]);
    let doc = json(&out);
    assert!(
        doc["files"][0]["diagnostics"]
            .to_string()
            .contains("UTF-16LE"),
        "{doc}"
    );
    assert_eq!(doc["files"][0]["kernels"][0]["verdict"], "racy", "{doc}");
    let out = syncwright(&["fix", "--format", "json", &path]);
    let doc = json(&out);
    assert!(
        doc["files"][0]["error"].to_string().contains("UTF-16"),
        "{doc}"
    );
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_without_hanging_and_others_still_reported() {
    let dir = Scratch::new("special");
    let good = dir.write("good.cu", RACY.as_bytes());
    let fifo = dir.0.join("pipe.cu");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let mut inputs = vec!["/dev/zero".to_string(), "/dev/null".to_string()];
    if made.is_ok_and(|s| s.success()) {
        inputs.push(fifo.display().to_string());
    }
    inputs.push(good.clone());
    for command in ["check", "fix"] {
        let mut args = vec![command, "--format", "json"];
        args.extend(inputs.iter().map(String::as_str));
        let out = syncwright_within(&args, Duration::from_secs(60));
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        let doc = json(&out);
        let files = doc["files"].as_array().expect("files");
        assert_eq!(
            files.len(),
            inputs.len(),
            "{command}: every input reported: {doc}"
        );
        for (file, input) in files.iter().zip(&inputs) {
            assert_eq!(file["path"], input.as_str());
            if input == &good {
                assert!(file.get("error").is_none(), "{command}: {file}");
            } else {
                let error = file["error"].as_str().unwrap_or_default();
                assert!(
                    error.contains("not a regular file"),
                    "{command}: {input}: {file}"
                );
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn unreadable_includes_are_notes_at_their_line_and_never_hang() {
    let dir = Scratch::new("includes");
    let fifo = dir.0.join("pipe.h");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let mut includes = vec!["/dev/zero", ".", "nope.h"];
    let fifo_made = made.is_ok_and(|s| s.success());
    if fifo_made {
        includes.push("pipe.h");
    }
    // The launch header comment stays first.
    let (header, body) = RACY.split_once('\n').expect("two lines");
    let mut text = format!("{header}\n");
    for name in &includes {
        text.push_str(&format!("#include \"{name}\"\n"));
    }
    text.push_str(body);
    let path = dir.write("k.cu", text.as_bytes());
    for command in ["check", "fix"] {
        let out = syncwright_within(
            &[command, "--format", "json", &path],
            Duration::from_secs(60),
        );
        let doc = json(&out);
        if command == "fix" {
            // A FIFO of the folder may be an includer no one can read: as
            // `check` would not call the repaired kernel race-free, `fix`
            // writes nothing.
            let kernel = &doc["files"][0]["kernels"][0];
            if fifo_made {
                assert_eq!(kernel["status"], "inconclusive", "{doc}");
                assert!(
                    kernel["reason"]
                        .as_str()
                        .is_some_and(|r| r.contains("cannot be verified")),
                    "{doc}"
                );
            } else {
                assert_eq!(kernel["status"], "repaired", "{doc}");
            }
            continue;
        }
        let notes = doc["files"][0]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for (line, name) in includes.iter().enumerate() {
            let note = notes
                .iter()
                .find(|n| {
                    n["message"]
                        .as_str()
                        .is_some_and(|m| m.contains(&format!("\"{name}\"")))
                })
                .unwrap_or_else(|| panic!("a note for #include \"{name}\": {doc}"));
            assert_eq!(note["range"]["start"]["line"], line as u64 + 1, "{note}");
            assert_eq!(note["kind"], "imprecision", "{note}");
        }
        assert_eq!(doc["files"][0]["kernels"][0]["verdict"], "racy", "{doc}");
    }
}

/// `partial[tid] = in[i + 0] + ... + in[i + (terms - 1)];` in a race-free kernel.
fn flat_sum_kernel(terms: usize) -> String {
    let sum: Vec<String> = (0..terms).map(|k| format!("in[i + {k}]")).collect();
    format!(
        "//--blockDim=64 --gridDim=1\n\
         __global__ void unrolled(const int *in, int *partial) {{\n\
         \x20   unsigned tid = threadIdx.x;\n\
         \x20   unsigned i = tid * {terms};\n\
         \x20   partial[tid] = {};\n\
         }}\n",
        sum.join(" + ")
    )
}

#[test]
fn a_flat_sum_is_long_not_deep() {
    let dir = Scratch::new("flat");
    let path = dir.write("sum.cu", flat_sum_kernel(1_000).as_bytes());
    let out = syncwright(&["check", "--format", "json", &path]);
    let doc = json(&out);
    assert_eq!(
        doc["files"][0]["kernels"][0]["verdict"], "race-free",
        "{doc}"
    );
    // Past the chain limit: unsupported, naming the limit, never a crash.
    let path = dir.write("huge.cu", flat_sum_kernel(10_050).as_bytes());
    let out = syncwright(&["check", "--format", "json", &path]);
    let doc = json(&out);
    let text = doc.to_string();
    assert!(
        text.contains("more than 10000 chained operators"),
        "{text:.2000}"
    );
}

/// Starts `fix --write path` paused half-way through writing its temporary
/// file, waits until that half is on disk, and sends `signal`. Returns the
/// signal the process died of and the temporary file's name.
#[cfg(unix)]
fn kill_fix_write_mid_write(dir: &Scratch, path: &str, signal: i32) -> (Option<i32>, String) {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(env!("CARGO_BIN_EXE_syncwright"))
        .args(["fix", "--write", path])
        .env("SYNCWRIGHT_TEST_WRITE_PAUSE_MS", "120000")
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the syncwright binary runs");
    let temp = format!(".k.cu.syncwright-{}.tmp", child.id());
    let started = Instant::now();
    // Half of the repaired text is in the temporary file: the write is under way.
    let half_written = loop {
        let size = std::fs::metadata(dir.0.join(&temp)).map_or(0, |m| m.len());
        if size > 0 {
            break true;
        }
        if started.elapsed() > Duration::from_secs(120) || matches!(child.try_wait(), Ok(Some(_))) {
            break false;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    if !half_written {
        let _ = child.kill();
        let _ = child.wait();
        panic!("`fix --write` never started writing {temp}");
    }
    let written = std::fs::read(dir.0.join(&temp)).expect("temporary file");
    assert!(
        written.len() < RACY.len(),
        "the temporary file is half written when the signal comes ({} bytes)",
        written.len()
    );
    // SAFETY: `kill` sends a signal to the child this test started.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, signal) };
    assert_eq!(sent, 0, "signal sent");
    let status = child.wait().expect("the process ends");
    (status.signal(), temp)
}

#[cfg(unix)]
#[test]
fn fix_write_killed_mid_write_by_a_catchable_signal_leaves_the_file_and_no_temporary() {
    for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        let dir = Scratch::new(&format!("signal{signal}"));
        let path = dir.write("k.cu", RACY.as_bytes());
        let (died_of, temp) = kill_fix_write_mid_write(&dir, &path, signal);
        // The handler removes the temporary file, then dies of the signal
        // itself (the parent sees the signal, not an exit code).
        assert_eq!(died_of, Some(signal), "ended by signal {signal}");
        assert_eq!(
            std::fs::read_to_string(&path).expect("file"),
            RACY,
            "the file is as it was (signal {signal})"
        );
        assert!(
            dir.leftovers().is_empty(),
            "no temporary file after signal {signal}: {:?} (was {temp})",
            dir.leftovers()
        );
        // A later run repairs it.
        let out = syncwright(&["fix", "--write", &path]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(std::fs::read_to_string(&path)
            .expect("file")
            .contains("__syncthreads()"));
        assert!(dir.leftovers().is_empty(), "{:?}", dir.leftovers());
    }
}

#[cfg(unix)]
#[test]
fn fix_write_killed_mid_write_by_sigkill_leaves_the_file_intact() {
    let dir = Scratch::new("sigkill");
    let path = dir.write("k.cu", RACY.as_bytes());
    let (died_of, temp) = kill_fix_write_mid_write(&dir, &path, libc::SIGKILL);
    assert_eq!(died_of, Some(libc::SIGKILL));
    // SIGKILL cannot be caught: the half-written temporary file stays, but
    // the user's file was never opened for writing.
    assert_eq!(std::fs::read_to_string(&path).expect("file"), RACY);
    assert_eq!(dir.leftovers(), vec![temp.clone()]);
    let out = syncwright(&["fix", "--write", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let fixed = std::fs::read_to_string(&path).expect("file");
    assert!(fixed.contains("__syncthreads()"), "{fixed}");
    // The next run's temporary file (its own process id) is gone again.
    assert_eq!(dir.leftovers(), vec![temp]);
}

/// A header defining a kernel and the wrapper launching it: 32 threads per
/// call of `run<1>`; `run<2>` launches 64, and threads 0 and 32 both write
/// `s[0]`.
const WRAPPER_HEADER: &str = "#pragma once\n\
__global__ void k(int *out) {\n\
    __shared__ int s[32];\n\
    s[threadIdx.x % 32] = threadIdx.x;\n\
    __syncthreads();\n\
    out[threadIdx.x] = s[threadIdx.x % 32];\n\
}\n\
template <int B> void run(int *d) { k<<<1, B * 32>>>(d); }\n";

/// The verdict of the header's kernel `k` in a scratch project `p/q/` whose
/// `main.cpp` includes it and calls `run<1>`, with `other` (a file of
/// `p/q/sub/` calling `run<2>`) and `database` (`p/q/compile_commands.json`,
/// `{sub}` standing for the absolute path of `p/q/sub`) when given.
fn header_wrapper_verdict(tag: &str, other: Option<&str>, database: Option<&str>) -> Value {
    let files: Vec<(&str, &str)> = other.map(|o| ("sub/other.cpp", o)).into_iter().collect();
    header_verdict(tag, WRAPPER_HEADER, "run<1>(d)", &files, database)
}

/// [`header_wrapper_verdict`] with another header text, whose wrapper
/// `main.cpp` calls as `call`, and other `files` (path under `p/q/`, text).
fn header_verdict(
    tag: &str,
    header: &str,
    call: &str,
    files: &[(&str, &str)],
    database: Option<&str>,
) -> Value {
    let dir = Scratch::new(tag);
    let q = dir.0.join("p").join("q");
    let sub = q.join("sub");
    std::fs::create_dir_all(&sub).expect("create scratch folders");
    std::fs::write(q.join("hist.cuh"), header).expect("write header");
    std::fs::write(
        q.join("main.cpp"),
        format!("#include \"hist.cuh\"\nint main() {{ int *d; {call}; return 0; }}\n"),
    )
    .expect("write main");
    for (name, text) in files {
        std::fs::write(q.join(name), text).expect("write another file");
    }
    if let Some(db) = database {
        let db = db.replace("{sub}", &sub.display().to_string());
        std::fs::write(q.join("compile_commands.json"), db).expect("write database");
    }
    let header = q.join("hist.cuh").display().to_string();
    let out = syncwright(&["check", "--format", "json", &header]);
    let doc = json(&out);
    doc["files"][0]["kernels"][0]["verdict"].clone()
}

#[test]
fn a_header_another_program_includes_unseen_keeps_its_wrapper_unknown() {
    let calls_wide = "int main() { int *d; run<2>(d); return 0; }\n";
    // No other program: the one caller's 32 threads.
    assert_eq!(header_wrapper_verdict("hdr-alone", None, None), "race-free");
    // A program that does not include the header is no caller of its wrapper.
    assert_eq!(
        header_wrapper_verdict("hdr-unrelated", Some(calls_wide), None),
        "race-free"
    );
    // Included through a name pasted together in a computed include.
    let stringized = format!(
        "#define STR2(x) #x\n#define STR(x) STR2(x)\n#define HDR(n) STR(../n.cuh)\n#include HDR(hist)\n{calls_wide}"
    );
    assert_eq!(
        header_wrapper_verdict("hdr-stringized", Some(&stringized), None),
        "racy"
    );
    // Force-included by compile_commands.json.
    let forced = r#"[{"directory": "{sub}", "file": "other.cpp",
        "arguments": ["nvcc", "-include", "../hist.cuh", "-c", "other.cpp"]}]"#;
    assert_eq!(
        header_wrapper_verdict("hdr-forced", Some(calls_wide), Some(forced)),
        "racy"
    );
    // Named by a `-D` value the file includes.
    let named = r#"[{"directory": "{sub}", "file": "other.cpp",
        "arguments": ["nvcc", "-DHDR=\"../hist.cuh\"", "-c", "other.cpp"]}]"#;
    assert_eq!(
        header_wrapper_verdict(
            "hdr-named",
            Some(&format!("#include HDR\n{calls_wide}")),
            Some(named)
        ),
        "racy"
    );
    // Spelled `--include=`, as GCC and clang also take it.
    let dashes = r#"[{"directory": "{sub}", "file": "other.cpp",
        "arguments": ["nvcc", "--include=../hist.cuh", "-c", "other.cpp"]}]"#;
    assert_eq!(
        header_wrapper_verdict("hdr-dashes", Some(calls_wide), Some(dashes)),
        "racy"
    );
    // Included by an `.icc` file another program includes.
    let icc = [
        (
            "sub/prog.cu",
            "#include \"impl.icc\"\nint main() { return 0; }\n",
        ),
        (
            "sub/impl.icc",
            "#include \"../hist.cuh\"\nvoid go(int *d) { run<2>(d); }\n",
        ),
    ];
    assert_eq!(
        header_verdict("hdr-icc", WRAPPER_HEADER, "run<1>(d)", &icc, None),
        "racy"
    );
    // A wrapper with external linkage: another unit may declare it and call
    // it without including the header; an inline one it must include.
    let plain = WRAPPER_HEADER.replace(
        "template <int B> void run(int *d) { k<<<1, B * 32>>>(d); }",
        "void run_n(int *d, int n) { k<<<1, n>>>(d); }",
    );
    assert_eq!(
        header_verdict("hdr-extern", &plain, "run_n(d, 32)", &[], None),
        "racy"
    );
    let commented = plain.replace("void run_n", "void /* not static */ run_n");
    assert_eq!(
        header_verdict("hdr-comment", &commented, "run_n(d, 32)", &[], None),
        "racy"
    );
    // An explicit specialization is an ordinary function.
    let specialized = WRAPPER_HEADER.replace(
        "template <int B> void run(int *d) { k<<<1, B * 32>>>(d); }",
        "template <int B> void run(int *d, int n);\ntemplate <> void run<0>(int *d, int n) { k<<<1, n>>>(d); }",
    );
    assert_eq!(
        header_verdict("hdr-spec", &specialized, "run<0>(d, 32)", &[], None),
        "racy"
    );
    let inline = plain.replace("void run_n", "inline void run_n");
    assert_eq!(
        header_verdict("hdr-inline", &inline, "run_n(d, 32)", &[], None),
        "race-free"
    );
    // An unreadable response file may hold either.
    let unknown = r#"[{"directory": "{sub}", "file": "other.cpp",
        "arguments": ["nvcc", "@missing.rsp", "-c", "other.cpp"]}]"#;
    assert_eq!(
        header_wrapper_verdict("hdr-unknown", Some(calls_wide), Some(unknown)),
        "racy"
    );
}

#[test]
fn fix_quotes_accesses_of_a_header_function_from_the_header() {
    let dir = Scratch::new("fix-header-text");
    dir.write(
        "stage.cuh",
        b"#pragma once\n__device__ void stage(int *s, int t) {\n  s[t] = t;\n  int x = s[(t + 1) % 64];\n  s[t] = x + 1;\n}\n",
    );
    let kernel = dir.write(
        "a.cu",
        b"#include \"stage.cuh\"\n__global__ void ka(int *out) {\n  __shared__ int s[64];\n  int t = threadIdx.x;\n  if (t < 32) stage(s, t);\n  out[t] = s[t];\n}\n",
    );
    let out = syncwright(&["fix", "--format", "json", "--block-dim", "64", &kernel]);
    let doc = json(&out);
    let reason = doc["files"][0]["kernels"][0]["reason"]
        .as_str()
        .unwrap_or("");
    // The accesses as written in the header, not text cut from `a.cu` at
    // the header's offsets.
    assert!(
        reason.contains("`s[t]`") && reason.contains("`s[(t + 1) % 64]`"),
        "{doc}"
    );
}

/// A kernel whose race is ordered only by a barrier inside the device
/// function `stage` it calls (between the write of `s[t]` and the read of
/// its neighbour's element).
const STAGE_FILE: &str = "__device__ void stage(int *s, int *out) {\n\
    int t = threadIdx.x;\n\
    s[t] = t;\n\
    out[blockIdx.x * blockDim.x + t] = s[(t + 1) % blockDim.x];\n\
}\n\
__global__ void ka(int *out) {\n\
    __shared__ int s[1024];\n\
    stage(s, out);\n\
}\n";

/// Whether `fix --write` writes the barrier into `stage` of `a_text` (file
/// `p/q/a.cu` of a scratch project) beside `others` (path under `p/q/`,
/// text); `{q}` in a text stands for the absolute path of `p/q`.
fn writes_into_stage(tag: &str, a_text: &str, others: &[(&str, &str)]) -> bool {
    let dir = Scratch::new(tag);
    let q = dir.0.join("p").join("q");
    std::fs::create_dir_all(q.join("sub")).expect("create scratch folders");
    let a = q.join("a.cu");
    std::fs::write(&a, a_text).expect("write a.cu");
    for (name, text) in others {
        let text = text.replace("{q}", &q.display().to_string());
        std::fs::write(q.join(name), text).expect("write another file");
    }
    let a = a.display().to_string();
    let out = syncwright(&["fix", "--write", &a]);
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "{tag}: {}",
        stderr(&out)
    );
    let written = std::fs::read_to_string(&a).expect("read a.cu");
    let into_stage = match (written.find("__syncthreads();"), written.find("__global__")) {
        (Some(barrier), Some(kernel)) => barrier < kernel,
        _ => false,
    };
    // Either the barrier in `stage`, or nothing at all.
    assert!(into_stage || written == a_text, "{tag}: {written}");
    into_stage
}

#[test]
fn fix_writes_into_a_device_function_only_when_no_other_file_may_call_it() {
    // Alone, and beside files whose kernels cannot call `stage`: another
    // kernel file, a program including `a.cu` that never names it.
    assert!(writes_into_stage("stage-alone", STAGE_FILE, &[]));
    let other_kernel = "__global__ void kb(int *o) { o[threadIdx.x] = 1; }\n";
    assert!(writes_into_stage(
        "stage-other",
        STAGE_FILE,
        &[("b.cu", other_kernel)]
    ));
    let includer = "#include \"a.cu\"\n__global__ void kb(int *o) { o[threadIdx.x] = 1; }\nint main() { ka<<<1, 64>>>(0); kb<<<1, 64>>>(0); }\n";
    assert!(writes_into_stage(
        "stage-includer",
        STAGE_FILE,
        &[("main.cu", includer)]
    ));
    // Another unit calling it (separate compilation), or a subfolder's.
    let extern_call = "extern __device__ void stage(int *s, int *out);\n__global__ void kb(int *o) {\n    __shared__ int s[1024];\n    if (threadIdx.x < 32) stage(s, o);\n}\n";
    assert!(!writes_into_stage(
        "stage-extern",
        STAGE_FILE,
        &[("b.cu", extern_call)]
    ));
    assert!(!writes_into_stage(
        "stage-sub",
        STAGE_FILE,
        &[("sub/b.cu", extern_call)]
    ));
    // A name pasted together: `sta##ge`.
    let pasted = "#define CAT(a, b) a##b\nextern __device__ void stage(int *, int *);\n__global__ void kb(int *o) {\n    __shared__ int s[1024];\n    if (threadIdx.x < 32) CAT(sta, ge)(s, o);\n}\n";
    assert!(!writes_into_stage(
        "stage-pasted",
        STAGE_FILE,
        &[(
            "b.cu",
            &pasted.replace("extern __device__ void stage(int *, int *);\n", "")
        )]
    ));
    // A macro of `a.cu` calling it from an includer's kernel.
    let with_macro = format!("{STAGE_FILE}#define RUN(s, o) stage(s, o)\n");
    let macro_user = "#include \"a.cu\"\n__global__ void kb(int *o) {\n    __shared__ int s[1024];\n    if (threadIdx.x < 32) RUN(s, o);\n}\n";
    assert!(!writes_into_stage(
        "stage-macro",
        &with_macro,
        &[("main.cu", macro_user)]
    ));
    // Its address taken: a pointer may call it anywhere.
    let pointer = format!("{STAGE_FILE}__device__ void (*hook)(int *, int *) = stage;\n");
    assert!(!writes_into_stage("stage-pointer", &pointer, &[]));
    // Called through another device function of `a.cu` that another unit calls.
    let wrapped = STAGE_FILE
        .replace(
            "__global__",
            "__device__ void wrap(int *s, int *o) { stage(s, o); }\n__global__",
        )
        .replace("stage(s, out);", "wrap(s, out);");
    assert!(wrapped.contains("wrap(s, out);") && wrapped.contains("void wrap"));
    let wrap_call = extern_call.replace("stage", "wrap");
    assert!(!writes_into_stage(
        "stage-wrapped",
        &wrapped,
        &[("b.cu", &wrap_call)]
    ));
    // Named in another unit's `-D` flags.
    let database = r#"[{"directory": "{q}", "file": "b.cu",
        "arguments": ["nvcc", "-DSTEP=stage", "-c", "b.cu"]}]"#;
    assert!(!writes_into_stage(
        "stage-flags",
        STAGE_FILE,
        &[("b.cu", other_kernel), ("compile_commands.json", database)]
    ));
}

#[test]
fn fix_writes_nothing_it_cannot_verify_under_every_build_of_the_file() {
    // Built twice, the second time with the call under `if (t < 32)`: a
    // barrier in `stage` would diverge there, and `fix` checks one build.
    let racy = "#ifndef PRE\n#define PRE\n#endif\n\
__device__ void stage(int *s, int t) {\n\
    s[t] = t;\n\
    int x = s[(t + 1) % 64];\n\
    s[t] = x + 1;\n\
}\n\
__global__ void ka(int *out) {\n\
    __shared__ int s[64];\n\
    int t = threadIdx.x;\n\
    PRE stage(s, t);\n\
    out[t] = s[t];\n\
}\n\
int main() { int *d; ka<<<1, 64>>>(d); return 0; }\n";
    // In `p/q/`: a scratch folder right under the temporary folder has a
    // project tree (the temporary folder's) too large to search.
    let dir = Scratch::new("two-builds");
    let q = dir.0.join("p").join("q");
    std::fs::create_dir_all(&q).expect("create scratch folders");
    let a = q.join("a.cu").display().to_string();
    std::fs::write(&a, racy).expect("write a.cu");
    let plain = syncwright(&["fix", "--write", &a]);
    assert!(
        matches!(plain.status.code(), Some(0) | Some(1)),
        "{}",
        stderr(&plain)
    );
    assert!(
        std::fs::read_to_string(&a)
            .expect("read")
            .contains("__syncthreads"),
        "one build: repaired"
    );
    std::fs::write(&a, racy).expect("restore");
    let database = format!(
        r#"[{{"directory": "{d}", "file": "a.cu", "arguments": ["nvcc", "-c", "a.cu"]}},
 {{"directory": "{d}", "file": "a.cu", "arguments": ["nvcc", "-DPRE=if(threadIdx.x<32)", "-c", "a.cu"]}}]"#,
        d = q.display()
    );
    std::fs::write(q.join("compile_commands.json"), database).expect("write database");
    let out = syncwright(&["fix", "--write", "--format", "json", &a]);
    assert!(
        matches!(out.status.code(), Some(0) | Some(1)),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&a).expect("read"), racy);
    let doc = json(&out);
    let kernel = &doc["files"][0]["kernels"][0];
    assert_eq!(kernel["status"], "inconclusive", "{doc}");
    assert!(
        kernel["reason"]
            .as_str()
            .is_some_and(|r| r.contains("several entries")),
        "{doc}"
    );
}
