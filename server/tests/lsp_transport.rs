//! End-to-end: the `syncwright lsp` process survives every malformed message a
//! client can send, answers each with its JSON-RPC error, and still answers the
//! valid request that follows; `shutdown` + `exit` end it with code 0.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

#[path = "common/framing.rs"]
mod framing;

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
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn syncwright lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let Some(body) = framing::read_body(&mut reader) else {
                    return;
                };
                let value: Value = serde_json::from_slice(&body).expect("server sends JSON");
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

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write to server");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    /// The next response (skipping server-to-client notifications and requests).
    fn response(&mut self) -> Value {
        loop {
            let message = self
                .messages
                .recv_timeout(Duration::from_secs(30))
                .expect("the server answers within 30 s");
            if message.get("method").is_none() {
                return message;
            }
        }
    }
}

const URI: &str = "file:///transport-test/k.cu";
const KERNEL: &str = "__global__ void k(int *a) {\n  a[threadIdx.x] = 1;\n}\n";

fn hover(id: i64) -> Value {
    request(
        id,
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 3}}),
    )
}

fn request(id: i64, method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

#[test]
fn every_malformed_message_is_answered_and_the_server_reads_on() {
    let mut server = Server::start();
    server.send(&request(1, "initialize", json!({"capabilities": {}})));
    assert_eq!(server.response()["id"], 1);
    server.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));

    server.send(
        &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "cuda", "version": 1, "text": KERNEL}}}),
    );
    let ping = |id: i64| hover(id).to_string();
    // (what is sent, the error code expected, or None when a well-formed but
    // differently framed message is answered normally with its id)
    let cases: Vec<(&str, Vec<u8>, Option<i64>)> = vec![
        ("body not JSON", b"Content-Length: 5\r\n\r\nhello".to_vec(), Some(-32700)),
        (
            "JSON but not JSON-RPC",
            b"Content-Length: 9\r\n\r\n{\"foo\":1}".to_vec(),
            Some(-32600),
        ),
        (
            "invalid UTF-8 in a body",
            b"Content-Length: 6\r\n\r\n\"a\xff\xfeb\"".to_vec(),
            Some(-32700),
        ),
        (
            "cut-off body (Content-Length too long)",
            format!("Content-Length: 400\r\n\r\n{}", &ping(99)[..20]).into_bytes(),
            Some(-32700),
        ),
        (
            "Content-Length too short",
            format!("Content-Length: 10\r\n\r\n{}", ping(98)).into_bytes(),
            Some(-32700),
        ),
        (
            "missing Content-Length",
            format!("Content-Type: application/vscode-jsonrpc\r\n\r\n{}", ping(97)).into_bytes(),
            Some(-32700),
        ),
        (
            "Content-Length not a number",
            format!("Content-Length: many\r\n\r\n{}", ping(96)).into_bytes(),
            Some(-32700),
        ),
        (
            "lower-case content-length",
            format!("content-length: {}\r\n\r\n{}", ping(10).len(), ping(10)).into_bytes(),
            None,
        ),
        (
            "Content-Type without charset",
            format!(
                "Content-Length: {}\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n{}",
                ping(11).len(),
                ping(11)
            )
            .into_bytes(),
            None,
        ),
        (
            "Content-Type with charset=UTF-8 first",
            format!(
                "Content-Type: application/vscode-jsonrpc; charset=UTF-8\r\nContent-Length: {}\r\n\r\n{}",
                ping(12).len(),
                ping(12)
            )
            .into_bytes(),
            None,
        ),
        (
            "LF-only header lines",
            format!("Content-Length: {}\n\n{}", ping(13).len(), ping(13)).into_bytes(),
            None,
        ),
        (
            "unknown method",
            request(14, "syncwright/noSuchMethod", json!({})).to_string().into_bytes(),
            Some(-32601),
        ),
        (
            "request with missing params",
            json!({"jsonrpc": "2.0", "id": 15, "method": "textDocument/hover"})
                .to_string()
                .into_bytes(),
            Some(-32602),
        ),
    ];
    for (what, bytes, expected) in cases {
        let bytes = if bytes.starts_with(b"{") {
            format!("Content-Length: {}\r\n\r\n", bytes.len())
                .into_bytes()
                .into_iter()
                .chain(bytes)
                .collect()
        } else {
            bytes
        };
        server.send_raw(&bytes);
        // A valid request after each: it must be answered.
        server.send(&hover(1000));
        let first = server.response();
        match expected {
            Some(code) => assert_eq!(first["error"]["code"], code, "{what}: {first}"),
            None => assert!(first.get("result").is_some(), "{what}: {first}"),
        }
        let second = if first["id"] == 1000 {
            first
        } else {
            server.response()
        };
        assert_eq!(second["id"], 1000, "{what}: the next request is answered");
        assert!(second.get("result").is_some(), "{what}: {second}");
    }

    server.send(&request(2, "shutdown", Value::Null));
    assert_eq!(server.response()["id"], 2);
    server.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let status = wait(&mut server.child, Duration::from_secs(10));
    assert_eq!(status, Some(0), "shutdown then exit ends with 0");
    let mut stderr = String::new();
    let _ = server
        .child
        .stderr
        .take()
        .map(|mut e| e.read_to_string(&mut stderr));
    assert!(
        stderr.contains("malformed message"),
        "the log names what was wrong: {stderr}"
    );
}

#[test]
fn end_of_input_ends_the_server() {
    let mut server = Server::start();
    server.send(&request(1, "initialize", json!({"capabilities": {}})));
    assert_eq!(server.response()["id"], 1);
    server.send_raw(b"Content-Length: 3\r\n\r\n{{{");
    assert_eq!(server.response()["error"]["code"], -32700);
    let Server {
        mut child, stdin, ..
    } = server;
    drop(stdin);
    // No shutdown before the end: exit code 1, but it ends.
    assert_eq!(wait(&mut child, Duration::from_secs(10)), Some(1));
}

fn wait(child: &mut Child, limit: Duration) -> Option<i32> {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if let Ok(Some(status)) = child.try_wait() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    None
}
