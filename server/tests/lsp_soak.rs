//! LSP soak: a scripted client opens 20 files and sends many random
//! incremental edits (invalid ranges, reversed ranges, positions past the end,
//! a large change included), interleaved with hovers, code actions, malformed
//! JSON-RPC, unknown methods and requests without params. At the end the
//! server is alive, its RSS is bounded, the diagnostics of every file equal a
//! fresh `syncwright check` of the final text, and shutdown/exit returns 0.
//!
//! CI runs the short version (`SYNCWRIGHT_SOAK_EDITS`, default 1500); the long
//! one is the benchmark:
//! `SYNCWRIGHT_SOAK_EDITS=10000 cargo test --release --test lsp_soak -- --nocapture`.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use syncwright::base::HashMap;

use serde_json::{json, Value};

#[path = "common/framing.rs"]
mod framing;

/// Per-kernel budget of the server and of the reference `check`.
const BUDGET_MS: u64 = 3_000;

/// SplitMix64, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// What the server has sent, collected by a reader thread.
#[derive(Default)]
struct Inbox {
    /// Last `publishDiagnostics` per URI: (version, diagnostics).
    diagnostics: HashMap<String, (i64, Vec<Value>)>,
    /// Ids of the responses received.
    answered: Vec<Value>,
    /// `window/logMessage` texts.
    log: Vec<String>,
}

struct Server {
    child: Child,
    stdin: ChildStdin,
    inbox: Arc<Mutex<Inbox>>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_syncwright"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn syncwright lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let inbox = Arc::new(Mutex::new(Inbox::default()));
        let sink = inbox.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let Some(body) = framing::read_body(&mut reader) else {
                    return;
                };
                let Ok(message) = serde_json::from_slice::<Value>(&body) else {
                    continue;
                };
                let mut inbox = sink.lock().expect("inbox");
                if message["method"] == "textDocument/publishDiagnostics" {
                    let params = &message["params"];
                    let uri = params["uri"].as_str().unwrap_or_default().to_string();
                    let version = params["version"].as_i64().unwrap_or(-1);
                    let list = params["diagnostics"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                    if std::env::var("SOAK_TRACE").is_ok() {
                        eprintln!("publish {uri} v{version}");
                    }
                    inbox.diagnostics.insert(uri, (version, list));
                } else if message["method"] == "window/logMessage" {
                    let text = message["params"]["message"].as_str().unwrap_or_default();
                    inbox.log.push(text.chars().take(300).collect());
                } else if message.get("method").is_none() {
                    inbox.answered.push(message["id"].clone());
                }
            }
        });
        Server {
            child,
            stdin,
            inbox,
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.stdin
            .write_all(bytes)
            .expect("the server reads its input");
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    /// Waits until `count` responses in all have come.
    fn wait_answers(&self, count: usize, limit: Duration) {
        let deadline = Instant::now() + limit;
        while self.inbox.lock().expect("inbox").answered.len() < count {
            assert!(Instant::now() < deadline, "requests left unanswered");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }
}

/// The client's copy of a document, with the server's rules for changes: a
/// line past the end or a reversed range rejects the whole change, a
/// character past its line's end is clamped to it (positions are UTF-16; the
/// texts are ASCII).
struct Doc {
    uri: String,
    path: PathBuf,
    text: String,
    version: i64,
}

impl Doc {
    fn line_starts(&self) -> Vec<usize> {
        std::iter::once(0)
            .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
            .collect()
    }

    fn offset(&self, line: usize, character: usize) -> Option<usize> {
        let starts = self.line_starts();
        let start = *starts.get(line)?;
        let end = starts
            .get(line + 1)
            .map_or(self.text.len(), |next| next - 1);
        Some((start + character).min(end))
    }

    fn position(&self, offset: usize) -> (usize, usize) {
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset) - 1;
        (line, offset - starts[line])
    }
}

const SNIPPETS: [&str; 14] = [
    "__syncthreads();\n",
    "int t = threadIdx.x;\n",
    "s[threadIdx.x] = 1;\n",
    "x",
    " + 1",
    ";",
    "{",
    "}",
    "if (threadIdx.x == 0) ",
    "for (int i = 0; i < 4; ++i) ",
    "\n",
    "  ",
    "barrier(CLK_LOCAL_MEM_FENCE);\n",
    "// comment\n",
];

const MALFORMED: [&[u8]; 6] = [
    b"Content-Length: 5\r\n\r\nhello",
    b"Content-Length: 9\r\n\r\n{\"foo\":1}",
    b"content-length: 4\r\n\r\n[1,]",
    b"Content-Length: 6\r\n\r\n\"\xff\xfe\xfd\"",
    b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}",
    b"Content-Length: 30\r\n\r\n{\"jsonrpc\":\"2.0\"",
];

fn kernels(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if matches!(path.extension().and_then(|e| e.to_str()), Some("cu" | "cl")) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &mut out);
    out.sort();
    out
}

/// (code, line, character) of each diagnostic, sorted.
fn summary(diagnostics: &[Value]) -> Vec<(String, u64, u64)> {
    let mut out: Vec<(String, u64, u64)> = diagnostics
        .iter()
        .filter(|d| d.get("path").is_none())
        .map(|d| {
            let code = d["code"]
                .as_str()
                .or_else(|| d["kind"].as_str())
                .unwrap_or_default()
                .to_string();
            let start = &d["range"]["start"];
            (
                code,
                start["line"].as_u64().unwrap_or(0),
                start["character"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn soak_random_edits_then_diagnostics_equal_a_fresh_check() {
    let edits: usize = std::env::var("SYNCWRIGHT_SOAK_EDITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::temp_dir().join(format!("syncwright-soak-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let sources = kernels(&root.join("tests/kernels"));
    assert!(sources.len() >= 20, "20 seed kernels");
    let step = sources.len() / 20;
    let mut docs: Vec<Doc> = (0..20)
        .map(|i| {
            let source = &sources[i * step];
            let text = std::fs::read_to_string(source)
                .expect("kernel")
                .replace('\r', "");
            let ext = source.extension().and_then(|e| e.to_str()).unwrap_or("cu");
            let path = dir.join(format!("f{i:02}.{ext}"));
            std::fs::write(&path, &text).expect("write");
            let uri = format!("file://{}", path.display());
            Doc {
                uri,
                path,
                text,
                version: 1,
            }
        })
        .collect();

    let mut server = Server::start();
    server.send(
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "capabilities": {}, "rootUri": format!("file://{}", dir.display()),
        "initializationOptions": {"kernelBudgetMs": BUDGET_MS, "debounceMs": 50}}}),
    );
    server.wait_answers(1, Duration::from_secs(60));
    server.send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    for doc in &docs {
        let language = if doc.uri.ends_with(".cl") {
            "opencl"
        } else {
            "cuda"
        };
        server.send(json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": doc.uri, "languageId": language, "version": 1, "text": doc.text}}}));
    }
    std::thread::sleep(Duration::from_secs(2));
    let rss_start = server.rss_kib();
    let started = Instant::now();

    let mut rng = Rng(0x50A4 ^ edits as u64);
    let mut next_id = 1;
    let mut requests = 0;
    let mut rejected = 0;
    let large = if edits >= 10_000 { 10 << 20 } else { 256 << 10 };
    for step in 0..edits {
        if step == edits / 2 {
            // One large change (a long one-line expression), a hover while it
            // is being checked, and the change undone.
            let mut big = String::from("int q = 0");
            while big.len() < large {
                big.push_str(" + 1");
            }
            big.push_str(";\n");
            let doc = &mut docs[0];
            for (range, text) in [
                (
                    json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}),
                    big.clone(),
                ),
                (
                    json!({"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}),
                    String::new(),
                ),
            ] {
                doc.version += 1;
                server.send(
                    json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": doc.uri, "version": doc.version},
                    "contentChanges": [{"range": range, "text": text}]}}),
                );
                server.send(
                    json!({"jsonrpc": "2.0", "id": next_id, "method": "textDocument/hover",
                    "params": {"textDocument": {"uri": doc.uri},
                               "position": {"line": 0, "character": 3}}}),
                );
                next_id += 1;
                requests += 1;
                std::thread::sleep(Duration::from_millis(500));
            }
        }
        let doc = &mut docs[rng.below(20)];
        let lines = doc.line_starts().len();
        // A random range; some invalid on purpose.
        let (mut l1, mut c1) = (rng.below(lines), rng.below(60));
        let (mut l2, mut c2) = ((l1 + rng.below(3)).min(lines - 1), rng.below(60));
        if l2 == l1 && c2 < c1 {
            std::mem::swap(&mut c1, &mut c2);
        }
        match rng.below(20) {
            0 => l2 = lines + rng.below(5), // past the last line: rejected
            1 => {
                // Reversed: rejected (unless both clamp to one place).
                std::mem::swap(&mut l1, &mut l2);
                std::mem::swap(&mut c1, &mut c2);
            }
            2 => c1 = 10_000, // past the line end: clamped
            _ => {}
        }
        let text = SNIPPETS[rng.below(SNIPPETS.len())].to_string();
        let start = doc.offset(l1, c1);
        let end = doc.offset(l2, c2);
        let valid = matches!((start, end), (Some(s), Some(e)) if s <= e);
        doc.version += 1;
        server.send(
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": doc.uri, "version": doc.version},
            "contentChanges": [{"range": {"start": {"line": l1, "character": c1},
                                          "end": {"line": l2, "character": c2}},
                                "text": text}]}}),
        );
        if std::env::var("SOAK_TRACE").is_ok() {
            eprintln!(
                "{} v{} ({l1},{c1})-({l2},{c2}) valid={valid}",
                doc.uri, doc.version
            );
        }
        if let (true, Some(s), Some(e)) = (valid, start, end) {
            doc.text.replace_range(s..e, &text);
        } else {
            // The server keeps the document (and its version) as it was.
            doc.version -= 1;
            rejected += 1;
        }
        // Interleaved requests and noise.
        match rng.below(40) {
            0..=2 => {
                let (line, character) = doc.position(rng.below(doc.text.len() + 1));
                server.send(
                    json!({"jsonrpc": "2.0", "id": next_id, "method": "textDocument/hover",
                    "params": {"textDocument": {"uri": doc.uri},
                               "position": {"line": line, "character": character}}}),
                );
                next_id += 1;
                requests += 1;
            }
            3 => {
                let (line, _) = doc.position(rng.below(doc.text.len() + 1));
                server.send(
                    json!({"jsonrpc": "2.0", "id": next_id, "method": "textDocument/codeAction",
                    "params": {"textDocument": {"uri": doc.uri},
                               "range": {"start": {"line": line, "character": 0},
                                         "end": {"line": line + 1, "character": 0}},
                               "context": {"diagnostics": []}}}),
                );
                next_id += 1;
                requests += 1;
            }
            4 => {
                let bad = MALFORMED[rng.below(MALFORMED.len())];
                server.raw(bad);
            }
            5 => {
                server.send(json!({"jsonrpc": "2.0", "id": next_id, "method": "soak/unknownMethod", "params": {}}));
                next_id += 1;
                requests += 1;
            }
            6 => {
                server
                    .send(json!({"jsonrpc": "2.0", "id": next_id, "method": "textDocument/hover"}));
                next_id += 1;
                requests += 1;
            }
            _ => {}
        }
        if step % 500 == 0 && std::env::var_os("SOAK_RSS_TRACE").is_some() {
            eprintln!("soak: edit {step}: RSS {} MiB", server.rss_kib() / 1024);
        }
        if step % 50 == 0 {
            // A typing pace: let the server breathe now and then.
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let edit_time = started.elapsed();

    // Wait until every document's last diagnostics are of its final version.
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        let done = {
            let inbox = server.inbox.lock().expect("inbox");
            docs.iter().all(|doc| {
                inbox
                    .diagnostics
                    .get(&doc.uri)
                    .is_some_and(|(version, _)| *version == doc.version)
            })
        };
        if done {
            break;
        }
        assert!(
            server.child.try_wait().ok().flatten().is_none(),
            "the server died during the soak"
        );
        if Instant::now() > deadline {
            let inbox = server.inbox.lock().expect("inbox");
            let lagging: Vec<String> = docs
                .iter()
                .map(|doc| {
                    let got = inbox.diagnostics.get(&doc.uri).map(|(v, _)| *v);
                    format!("{} v{} got {got:?}", doc.uri, doc.version)
                })
                .collect();
            let invalid: Vec<&String> = inbox
                .log
                .iter()
                .filter(|l| l.contains("invalid change"))
                .collect();
            eprintln!(
                "server rejected {} changes, the client model {rejected}: {invalid:#?}",
                invalid.len()
            );
            let log: Vec<&String> = inbox
                .log
                .iter()
                .filter(|l| !l.contains("invalid change"))
                .collect();
            panic!("final diagnostics never came: {lagging:#?}\nserver log: {log:#?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    // Every request was answered.
    server.wait_answers(requests + 1, Duration::from_secs(120));
    let rss_end = server.rss_kib();

    // Equality with a fresh check of each final text.
    let mut mismatches = Vec::new();
    for doc in &docs {
        std::fs::write(&doc.path, &doc.text).expect("write final text");
        let out = Command::new(env!("CARGO_BIN_EXE_syncwright"))
            .args([
                "check",
                "--format",
                "json",
                "--budget-ms",
                &BUDGET_MS.to_string(),
            ])
            .arg(&doc.path)
            .output()
            .expect("check runs");
        let report: Value = serde_json::from_slice(&out.stdout).expect("check JSON");
        let file = &report["files"][0];
        let mut expected: Vec<Value> = file["diagnostics"].as_array().cloned().unwrap_or_default();
        for kernel in file["kernels"].as_array().into_iter().flatten() {
            expected.extend(
                kernel["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default(),
            );
        }
        let inbox = server.inbox.lock().expect("inbox");
        let got = &inbox.diagnostics[&doc.uri].1;
        // Inconclusive results depend on timing: compare the rest.
        let timing = |d: &(String, u64, u64)| d.0 != "inconclusive";
        let expected: Vec<_> = summary(&expected).into_iter().filter(timing).collect();
        let got: Vec<_> = summary(got).into_iter().filter(timing).collect();
        if expected != got {
            mismatches.push(format!(
                "{}:\n  check: {expected:?}\n  lsp:   {got:?}",
                doc.path.display()
            ));
        }
    }

    server.send(json!({"jsonrpc": "2.0", "id": next_id, "method": "shutdown"}));
    server.wait_answers(requests + 2, Duration::from_secs(60));
    server.send(json!({"jsonrpc": "2.0", "method": "exit"}));
    let exit_deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Ok(Some(status)) = server.child.try_wait() {
            break status.code();
        }
        if Instant::now() > exit_deadline {
            let _ = server.child.kill();
            let _ = server.child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let summary_line = format!(
        "soak: {edits} edits ({rejected} rejected as invalid), {requests} requests, \
         edits sent in {:.1} s; RSS {} MiB at start, {} MiB at end; {} of 20 files differ",
        edit_time.as_secs_f64(),
        rss_start / 1024,
        rss_end / 1024,
        mismatches.len()
    );
    println!("{summary_line}");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        mismatches.is_empty(),
        "{summary_line}\n{}",
        mismatches.join("\n")
    );
    // Bound: the documents are small again at the end, and memory freed by a
    // large text (its analysis, syntax tree, a superseded analysis) is handed
    // back: the start plus 256 MiB for caches and the allocator's retention,
    // not growth with the edit count or the 10 MB change's peak (~1.7 GB).
    let bound = rss_start + 256 * 1024;
    assert!(
        rss_end <= bound,
        "{summary_line}: RSS over {} MiB",
        bound / 1024
    );
    assert_eq!(status, Some(0), "shutdown then exit returns 0");
}
