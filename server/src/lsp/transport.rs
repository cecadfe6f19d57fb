//! A tolerant LSP transport in front of tower-lsp.
//!
//! tower-lsp 0.20 stops reading at the first message its codec cannot decode
//! (tokio-util's `FramedRead` ends after an error), so one bad message from a
//! client would end the server. Here stdin is framed by [`Framer`], which
//! accepts header names in any case, `Content-Type` with or without a charset,
//! LF or CRLF header lines, and answers a malformed message with its JSON-RPC
//! error (`-32700` parse error, `-32600` invalid request) before reading on
//! from the next header. Only well-formed messages reach tower-lsp, re-framed
//! canonically; only end of input (or `exit`, seen by the service) ends it.
//!
//! Resynchronisation rests on one fact: no valid JSON text has a line that
//! starts with `Content-Length:` or `Content-Type:` (JSON strings cannot hold a
//! raw newline, and no JSON token starts with `C`). So a header found inside a
//! body means the body was shorter than announced: it ends there, and a too-long
//! `Content-Length` never swallows the next message.

use std::io::{Read, Write};
use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower_lsp::jsonrpc::{Error, Id, Request, Response};

/// Largest message body accepted; a larger `Content-Length` is answered with a
/// parse error and skipped (a 10 MB document change is well inside it).
pub const MAX_BODY_BYTES: usize = 256 * 1024 * 1024;
/// Largest header block (all header lines of one message).
const MAX_HEADER_BYTES: usize = 16 * 1024;
/// With a body still short of its `Content-Length` and no input for this long,
/// a body that already holds one complete message is taken as it is (the
/// client announced too many bytes and now waits for the answer).
pub const IDLE_COMPLETE: Duration = Duration::from_millis(500);

/// What the framer found next in the input.
#[derive(Debug, PartialEq)]
pub enum Frame {
    /// A well-formed JSON-RPC message (request, notification or response).
    Message(Vec<u8>),
    /// A malformed message: answer `response`; `reason` says what was wrong.
    Malformed {
        /// The JSON-RPC error response to send.
        response: Response,
        /// What was wrong, for the log.
        reason: String,
    },
    /// Bytes that were not part of any message were skipped.
    Skipped {
        /// How many bytes.
        bytes: usize,
    },
}

/// A JSON-RPC message as tower-lsp decodes it (its own `Message` is private).
#[derive(Deserialize)]
#[serde(untagged)]
enum Incoming {
    #[allow(dead_code)] // Only the shape is checked.
    Response(Response),
    #[allow(dead_code)]
    Request(Request),
}

/// Splits a byte stream into LSP messages, tolerantly (see the module doc).
#[derive(Default)]
pub struct Framer {
    buffer: Vec<u8>,
    /// Body bytes of the current message already searched for a header
    /// (a large body arrives in many pieces: search each byte once).
    body_searched: usize,
}

impl Framer {
    /// A framer with an empty buffer.
    pub fn new() -> Framer {
        Framer::default()
    }

    /// Appends input bytes.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buffer.extend_from_slice(bytes);
    }

    /// Bytes held but not yet framed.
    pub fn pending(&self) -> usize {
        self.buffer.len()
    }

    /// The next frame, or `None` when more input is needed. With `idle` (no
    /// input for a while) a short body that is one complete message is taken;
    /// with `eof` (no more input will come) whatever is left is reported.
    pub fn next_frame(&mut self, idle: bool, eof: bool) -> Option<Frame> {
        if self.buffer.is_empty() {
            return None;
        }
        // Anything before the first header is not part of a message.
        match find_header_anywhere(&self.buffer) {
            Some(0) => {}
            Some(start) => return Some(self.skip(start)),
            None => {
                // Keep a tail that may be the start of a header name.
                let keep = if eof { 0 } else { LONGEST_HEADER_NAME - 1 };
                let skip = self.buffer.len().saturating_sub(keep);
                return (skip > 0).then(|| self.skip(skip));
            }
        }
        let Some((header_end, headers)) = split_headers(&self.buffer) else {
            if self.buffer.len() > MAX_HEADER_BYTES || eof {
                return Some(self.malformed_skip("header block never ends"));
            }
            return None;
        };
        let length = match parse_headers(&headers) {
            Ok(length) => length,
            Err(reason) => {
                // No usable length: drop the first header line; the search for
                // the next header then skips the rest (the body, unframed).
                let first_line = self
                    .buffer
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(header_end, |i| i + 1);
                self.consume(first_line);
                return Some(malformed(Id::Null, Error::parse_error(), reason));
            }
        };
        // A header inside the (partial) body: the body ended early.
        let available = self.buffer.len() - header_end;
        let (found, searched) =
            find_header_in_body(&self.buffer[header_end..], length, self.body_searched);
        self.body_searched = searched;
        if found == Some(None) && !eof {
            // A header name inside the body whose line has not ended yet:
            // whether the body ends there is decided by bytes still to come.
            return None;
        }
        if let Some(Some(next)) = found {
            let body = self.buffer[header_end..header_end + next].to_vec();
            self.consume(header_end + next);
            let reason = format!(
                "body of {} bytes, shorter than its Content-Length {length}",
                body.len()
            );
            return Some(self.judge(body, Some(reason)));
        }
        if available < length {
            let partial = &self.buffer[header_end..];
            if idle && serde_json::from_slice::<Value>(partial).is_ok() {
                let body = partial.to_vec();
                self.consume(self.buffer.len());
                return Some(self.judge(body, None));
            }
            if eof {
                let body = self.buffer[header_end..].to_vec();
                self.consume(self.buffer.len());
                let reason = format!("input ended inside a body of Content-Length {length}");
                return Some(self.judge(body, Some(reason)));
            }
            return None;
        }
        let body = self.buffer[header_end..header_end + length].to_vec();
        self.consume(header_end + length);
        Some(self.judge(body, None))
    }

    fn consume(&mut self, bytes: usize) {
        self.buffer.drain(..bytes);
        self.body_searched = 0;
    }

    fn skip(&mut self, bytes: usize) -> Frame {
        self.consume(bytes);
        Frame::Skipped { bytes }
    }

    fn malformed_skip(&mut self, reason: &str) -> Frame {
        // Drop the header name so the search for the next header moves on.
        self.consume(1.min(self.buffer.len()));
        malformed(Id::Null, Error::parse_error(), reason.to_string())
    }

    /// Checks a body: JSON, then a JSON-RPC message. `cut` says why the body
    /// is suspect even if it parses (it is then still answered as malformed
    /// only when it does not parse).
    fn judge(&self, body: Vec<u8>, cut: Option<String>) -> Frame {
        let value = match serde_json::from_slice::<Value>(&body) {
            Ok(value) => value,
            Err(err) => {
                let reason = match cut {
                    Some(cut) => format!("{cut}; {err}"),
                    None => format!("body is not JSON: {err}"),
                };
                return malformed(Id::Null, Error::parse_error(), reason);
            }
        };
        if serde_json::from_value::<Incoming>(value.clone()).is_ok() {
            return Frame::Message(body);
        }
        // Answer with the request's id when it has a usable one.
        let id = value
            .get("id")
            .and_then(|id| serde_json::from_value::<Id>(id.clone()).ok())
            .unwrap_or(Id::Null);
        malformed(
            id,
            Error::invalid_request(),
            "not a JSON-RPC 2.0 request, notification or response".to_string(),
        )
    }
}

fn malformed(id: Id, error: Error, reason: String) -> Frame {
    Frame::Malformed {
        response: Response::from_error(id, error),
        reason,
    }
}

/// Header names the framer resynchronises on (lower case).
const HEADER_NAMES: [&[u8]; 2] = [b"content-length:", b"content-type:"];
/// Length of the longest of [`HEADER_NAMES`].
const LONGEST_HEADER_NAME: usize = 15;

/// Positions where a header name (any case) starts.
fn header_names_at(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    (0..bytes.len()).filter(move |&at| {
        matches!(bytes[at], b'c' | b'C')
            && HEADER_NAMES.iter().any(|name| {
                bytes.len() - at >= name.len()
                    && bytes[at..at + name.len()].eq_ignore_ascii_case(name)
            })
    })
}

/// The first header name anywhere in bytes that belong to no message.
fn find_header_anywhere(bytes: &[u8]) -> Option<usize> {
    header_names_at(bytes).next()
}

/// The first header inside a body of `length` bytes, searching `bytes` (all
/// that has arrived after the header block) from `from`: a header name
/// starting inside the body whose line ends (raw LF, possibly beyond the
/// body) before any `"`. Valid JSON never holds one: outside strings no token
/// starts with a letter `c`, and a string ends with `"` before any raw line
/// break. `Some(Some(at))`: found; `Some(None)`: a candidate whose line has
/// not ended yet; `None`: none. Also returns where the next search may start.
fn find_header_in_body(bytes: &[u8], length: usize, from: usize) -> (Option<Option<usize>>, usize) {
    let window = bytes.len().min(length);
    let from = from.min(window);
    let names = header_names_at(&bytes[from..]).map(|at| at + from);
    for at in names.take_while(|&at| at < window) {
        match bytes[at..].iter().find(|&&b| b == b'\n' || b == b'"') {
            Some(b'\n') => return (Some(Some(at)), at),
            Some(_) => {}
            // Undecided until the line ends: search again from here.
            None => return (Some(None), at),
        }
    }
    // A header name cut off by the end of what has arrived is undecided too.
    let tail_start = bytes
        .len()
        .saturating_sub(LONGEST_HEADER_NAME - 1)
        .max(from);
    for at in tail_start..window {
        let rest = &bytes[at..];
        let is_prefix = HEADER_NAMES
            .iter()
            .any(|name| rest.len() < name.len() && name[..rest.len()].eq_ignore_ascii_case(rest));
        if is_prefix {
            return (Some(None), at);
        }
    }
    let searched = window.saturating_sub(LONGEST_HEADER_NAME - 1).max(from);
    (None, searched)
}

/// The end of the header block (after its empty line) and its lines, when the
/// whole block has arrived. Lines end in LF or CRLF.
fn split_headers(buffer: &[u8]) -> Option<(usize, Vec<String>)> {
    let mut lines = Vec::new();
    let mut start = 0;
    while let Some(offset) = buffer[start..].iter().position(|&b| b == b'\n') {
        let line = &buffer[start..start + offset];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        start += offset + 1;
        if line.is_empty() {
            return Some((start, lines));
        }
        lines.push(String::from_utf8_lossy(line).into_owned());
    }
    None
}

/// The `Content-Length` of a header block, or why there is none usable.
/// `Content-Type` is accepted with any value (the body is decoded as UTF-8,
/// which the JSON check verifies); unknown headers are ignored.
fn parse_headers(lines: &[String]) -> Result<usize, String> {
    let mut length = None;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(format!("not a header line: {:?}", clip(line)));
        };
        let name_is_token =
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !name_is_token {
            return Err(format!("not a header line: {:?}", clip(line)));
        }
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            match value.parse::<usize>() {
                Ok(n) if n <= MAX_BODY_BYTES => length = Some(n),
                Ok(n) => {
                    return Err(format!(
                        "Content-Length {n} over the limit {MAX_BODY_BYTES}"
                    ))
                }
                Err(_) => return Err(format!("Content-Length is not a number: {:?}", clip(value))),
            }
        }
    }
    length.ok_or_else(|| "no Content-Length header".to_string())
}

fn clip(text: &str) -> String {
    text.chars().take(60).collect()
}

/// One framed message: `Content-Length` header and body.
pub fn framed(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// Serves `service` (tower-lsp) on stdin/stdout through the tolerant framer;
/// returns at end of input or when `stop` completes (after `exit`).
pub async fn serve_stdio<S>(
    service: S,
    socket: tower_lsp::ClientSocket,
    stop: impl std::future::Future<Output = ()>,
) where
    S: tower_service::Service<Request, Response = Option<Response>> + Send + 'static,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    S::Future: Send,
{
    // Stdin on a thread of its own: a blocking read that never returns must
    // not hold up the runtime's shutdown, and channel receives are cancel-safe.
    let (chunks_tx, chunks) = tokio::sync::mpsc::channel::<Vec<u8>>(16);
    std::thread::Builder::new()
        .name("syncwright-lsp-stdin".into())
        .spawn(move || {
            let mut stdin = std::io::stdin().lock();
            let mut chunk = vec![0u8; 64 * 1024];
            loop {
                match stdin.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => {
                        if chunks_tx.blocking_send(chunk[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(err) => {
                        eprintln!("syncwright lsp: cannot read standard input: {err}");
                        break;
                    }
                }
            }
        })
        .ok();
    // Stdout written by one task so messages never interleave.
    let (out_tx, mut out_rx) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
    let writer = tokio::spawn(async move {
        let mut stdout = std::io::stdout();
        while let Some(message) = out_rx.recv().await {
            if stdout
                .write_all(&message)
                .and_then(|()| stdout.flush())
                .is_err()
            {
                break;
            }
        }
    });
    serve(service, socket, chunks, out_tx, stop).await;
    let _ = writer.await;
}

/// Serves `service` on input chunks and output messages (framed bytes).
pub async fn serve<S>(
    service: S,
    socket: tower_lsp::ClientSocket,
    mut chunks: tokio::sync::mpsc::Receiver<Vec<u8>>,
    out: tokio::sync::mpsc::UnboundedSender<Vec<u8>>,
    stop: impl std::future::Future<Output = ()>,
) where
    S: tower_service::Service<Request, Response = Option<Response>> + Send + 'static,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    S::Future: Send,
{
    let (server_in, mut to_server) = tokio::io::duplex(1 << 20);
    let (server_out, mut from_server) = tokio::io::duplex(1 << 20);
    let server = tower_lsp::Server::new(server_in, server_out, socket).serve(service);

    // tower-lsp's output is well-formed: re-frame it onto the shared writer.
    let server_out_tx = out.clone();
    let forward_output = async move {
        let mut framer = Framer::new();
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            match from_server.read(&mut chunk).await {
                Ok(0) | Err(_) => break,
                Ok(n) => framer.push(&chunk[..n]),
            }
            while let Some(frame) = framer.next_frame(false, false) {
                if let Frame::Message(body) = frame {
                    let _ = server_out_tx.send(framed(&body));
                }
            }
        }
    };

    let read_input = async move {
        let mut framer = Framer::new();
        let mut eof = false;
        loop {
            let mut idle = false;
            if !eof {
                let next = if framer.pending() > 0 {
                    match tokio::time::timeout(IDLE_COMPLETE, chunks.recv()).await {
                        Ok(next) => next,
                        Err(_) => {
                            idle = true;
                            None
                        }
                    }
                } else {
                    chunks.recv().await
                };
                match next {
                    Some(chunk) => framer.push(&chunk),
                    None if !idle => eof = true,
                    None => {}
                }
            }
            while let Some(frame) = framer.next_frame(idle, eof) {
                match frame {
                    Frame::Message(body) => {
                        if to_server.write_all(&framed(&body)).await.is_err() {
                            return;
                        }
                    }
                    Frame::Malformed { response, reason } => {
                        eprintln!("syncwright lsp: malformed message ({reason}); reading on");
                        if let Ok(body) = serde_json::to_vec(&response) {
                            let _ = out.send(framed(&body));
                        }
                    }
                    Frame::Skipped { bytes } => {
                        eprintln!("syncwright lsp: skipped {bytes} bytes outside any message");
                    }
                }
            }
            if eof {
                // Closing the pipe ends tower-lsp's read loop.
                let _ = to_server.shutdown().await;
                return;
            }
        }
    };

    tokio::select! {
        _ = async { futures::join!(server, forward_output, read_input) } => {}
        _ = stop => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Frame> {
        let mut framer = Framer::new();
        framer.push(input);
        let mut out = Vec::new();
        while let Some(frame) = framer.next_frame(false, true) {
            out.push(frame);
        }
        out
    }

    fn kinds(frames: &[Frame]) -> Vec<String> {
        frames
            .iter()
            .map(|frame| match frame {
                Frame::Message(body) => format!("ok {}", String::from_utf8_lossy(body)),
                Frame::Malformed { response, .. } => {
                    let value = serde_json::to_value(response).unwrap();
                    format!("err {} id {}", value["error"]["code"], value["id"])
                }
                Frame::Skipped { bytes } => format!("skip {bytes}"),
            })
            .collect()
    }

    const PING: &str = r#"{"jsonrpc":"2.0","method":"ping","id":7}"#;

    fn msg(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn well_formed_messages_pass_in_order() {
        let input = format!("{}{}", msg(PING), msg(r#"{"jsonrpc":"2.0","method":"x"}"#));
        assert_eq!(
            kinds(&frames(input.as_bytes())),
            vec![
                format!("ok {PING}"),
                r#"ok {"jsonrpc":"2.0","method":"x"}"#.to_string()
            ]
        );
    }

    #[test]
    fn header_names_any_case_content_type_any_charset_lf_lines() {
        let input = format!(
            "content-length: {n}\r\nCONTENT-TYPE: application/vscode-jsonrpc\r\n\r\n{PING}\
             Content-Type: application/vscode-jsonrpc; charset=UTF-8\nContent-length:{n}\n\n{PING}",
            n = PING.len()
        );
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(got, vec![format!("ok {PING}"), format!("ok {PING}")]);
    }

    #[test]
    fn body_not_json_is_a_parse_error_and_the_next_message_is_read() {
        let input = format!("Content-Length: 5\r\n\r\nhello{}", msg(PING));
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(
            got,
            vec!["err -32700 id null".to_string(), format!("ok {PING}")]
        );
    }

    #[test]
    fn json_that_is_not_json_rpc_is_an_invalid_request_with_its_id() {
        let input = format!("{}{}{}", msg(r#"{"foo":1}"#), msg(r#"{"id":3}"#), msg(PING));
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(
            got,
            vec![
                "err -32600 id null".to_string(),
                "err -32600 id 3".to_string(),
                format!("ok {PING}")
            ]
        );
    }

    #[test]
    fn invalid_utf8_in_a_body_is_a_parse_error() {
        let mut input = b"Content-Length: 6\r\n\r\n\"a\xff\xfeb\"".to_vec();
        input.extend_from_slice(msg(PING).as_bytes());
        let got = kinds(&frames(&input));
        assert_eq!(
            got,
            vec!["err -32700 id null".to_string(), format!("ok {PING}")]
        );
    }

    #[test]
    fn too_long_content_length_does_not_swallow_the_next_message() {
        let input = format!(
            "Content-Length: 500\r\n\r\n{{\"jsonrpc\":\"2.0\"{}",
            msg(PING)
        );
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(
            got,
            vec!["err -32700 id null".to_string(), format!("ok {PING}")]
        );
    }

    #[test]
    fn a_header_line_ending_beyond_a_too_long_content_length_is_found() {
        // The declared 30 bytes end inside the next message's header line.
        let input = format!(
            "Content-Length: 30\r\n\r\n{{\"jsonrpc\":\"2.0\"{}",
            msg(PING)
        );
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(
            got,
            vec!["err -32700 id null".to_string(), format!("ok {PING}")]
        );
        // The same, arriving byte by byte.
        let mut framer = Framer::new();
        let mut got = Vec::new();
        for byte in input.as_bytes() {
            framer.push(&[*byte]);
            while let Some(frame) = framer.next_frame(false, false) {
                got.push(frame);
            }
        }
        assert_eq!(
            kinds(&got),
            vec!["err -32700 id null".to_string(), format!("ok {PING}")]
        );
    }

    #[test]
    fn too_short_content_length_answers_once_and_skips_the_rest() {
        let input = format!("Content-Length: 10\r\n\r\n{PING}{}", msg(PING));
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(got[0], "err -32700 id null");
        assert!(got[1].starts_with("skip "), "{got:?}");
        assert_eq!(got[2], format!("ok {PING}"));
    }

    #[test]
    fn missing_or_bad_content_length_is_a_parse_error_then_resync() {
        for header in [
            "Content-Type: application/vscode-jsonrpc",
            "Content-Length: abc",
            "Content-Length: -4",
        ] {
            let input = format!("{header}\r\n\r\n{PING}{}", msg(PING));
            let got = kinds(&frames(input.as_bytes()));
            assert_eq!(got[0], "err -32700 id null", "{header}");
            assert_eq!(
                got.last().unwrap(),
                &format!("ok {PING}"),
                "{header}: {got:?}"
            );
        }
    }

    #[test]
    fn huge_content_length_is_refused_without_allocating() {
        let input = format!("Content-Length: 99999999999999\r\n\r\n{PING}{}", msg(PING));
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(got[0], "err -32700 id null");
        assert_eq!(got.last().unwrap(), &format!("ok {PING}"));
    }

    #[test]
    fn junk_between_messages_is_skipped() {
        let input = format!("garbage\r\nmore{}", msg(PING));
        let got = kinds(&frames(input.as_bytes()));
        assert_eq!(got, vec!["skip 13".to_string(), format!("ok {PING}")]);
    }

    #[test]
    fn a_message_split_into_bytes_is_reassembled() {
        let input = format!("{}{}", msg(PING), msg(PING));
        let mut framer = Framer::new();
        let mut got = Vec::new();
        for byte in input.as_bytes() {
            framer.push(&[*byte]);
            while let Some(frame) = framer.next_frame(false, false) {
                got.push(frame);
            }
        }
        assert_eq!(
            kinds(&got),
            vec![format!("ok {PING}"), format!("ok {PING}")]
        );
    }

    #[test]
    fn a_short_body_that_is_complete_json_is_taken_when_input_is_idle() {
        let input = format!("Content-Length: 200\r\n\r\n{PING}");
        let mut framer = Framer::new();
        framer.push(input.as_bytes());
        assert_eq!(framer.next_frame(false, false), None);
        let got = framer.next_frame(true, false).map(|f| kinds(&[f]));
        assert_eq!(got, Some(vec![format!("ok {PING}")]));
    }

    #[test]
    fn a_header_split_across_reads_is_not_skipped() {
        let mut framer = Framer::new();
        framer.push(b"Content-Len");
        assert_eq!(framer.next_frame(false, false), None);
        framer.push(format!("gth: {}\r\n\r\n{PING}", PING.len()).as_bytes());
        let got = framer.next_frame(false, false).map(|f| kinds(&[f]));
        assert_eq!(got, Some(vec![format!("ok {PING}")]));
    }
}
