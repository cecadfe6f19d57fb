//! The address space an idle `syncwright lsp` reserves, with stated bounds:
//! after `initialize`, [`AFTER_INITIALIZE_MIB`]; idle after checking a file
//! (its analysis thread still alive), [`AFTER_CHECK_MIB`]. An earlier server
//! reserved 1.5-2.3 GB idle (ten runtime threads with 256 MB stacks); the
//! runtime's threads now have small stacks, the analyses run on pooled
//! threads that exit when idle, and the allocator's arenas are capped.
//! Linux only (`/proc/PID/status`).

#![cfg(target_os = "linux")]

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[path = "common/framing.rs"]
mod framing;

/// Bound on the address space (VmSize) after `initialize`.
const AFTER_INITIALIZE_MIB: u64 = 512;
/// Bound on the address space of an idle server after a check.
const AFTER_CHECK_MIB: u64 = 1024;

struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
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
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(body) = framing::read_body(&mut reader) {
                let Ok(value) = serde_json::from_slice::<Value>(&body) else {
                    continue;
                };
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
        }
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.stdin
            .write_all(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes())
            .expect("write to server");
        self.stdin.flush().expect("flush");
    }

    /// The first message `wanted` accepts, within `limit`.
    fn wait_for(&self, limit: Duration, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self
                .messages
                .recv_timeout(left)
                .expect("the awaited message comes in time");
            if wanted(&message) {
                return message;
            }
        }
    }

    /// A field of `/proc/PID/status`, in KiB.
    fn status_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("the field is there")
    }
}

const URI: &str = "file:///idle-memory-test/k.cu";
/// A racy kernel: its check runs the solver (a Z3 context on an analysis thread).
const KERNEL: &str = "//--blockDim=64 --gridDim=2\n\
__global__ void shift_left(int *out) {\n\
    __shared__ int A[65];\n\
    unsigned tid = threadIdx.x;\n\
    int x = A[tid + 1];\n\
    A[tid] = x;\n\
    out[tid] = x;\n\
}\n";

#[test]
fn an_idle_server_reserves_a_bounded_address_space() {
    let mut server = Server::start();
    server.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "capabilities": {}, "initializationOptions": {"debounceMs": 0}}}),
    );
    server.wait_for(Duration::from_secs(60), |m| m["id"] == 1);
    server.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    std::thread::sleep(Duration::from_millis(500));
    let initialized = server.status_kib("VmSize:");

    server.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "cuda", "version": 1, "text": KERNEL}}}),
    );
    let published = server.wait_for(Duration::from_secs(120), |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| !d.is_empty())
    });
    let text = published.to_string();
    assert!(text.contains("\"race\""), "the race is found: {text}");
    // Idle: nothing pending, the analysis done.
    std::thread::sleep(Duration::from_secs(1));
    let checked = server.status_kib("VmSize:");
    let resident = server.status_kib("VmRSS:");
    eprintln!(
        "address space: {} MiB after initialize, {} MiB idle after a check (RSS {} MiB)",
        initialized / 1024,
        checked / 1024,
        resident / 1024
    );
    assert!(
        initialized <= AFTER_INITIALIZE_MIB * 1024,
        "after initialize: {} MiB reserved, bound {AFTER_INITIALIZE_MIB} MiB",
        initialized / 1024
    );
    assert!(
        checked <= AFTER_CHECK_MIB * 1024,
        "idle after a check: {} MiB reserved, bound {AFTER_CHECK_MIB} MiB",
        checked / 1024
    );

    server.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    server.wait_for(Duration::from_secs(60), |m| m["id"] == 2);
    server.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let deadline = Instant::now() + Duration::from_secs(30);
    let code = loop {
        if let Ok(Some(status)) = server.child.try_wait() {
            break status.code();
        }
        assert!(Instant::now() < deadline, "the server exits");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(code, Some(0));
}
