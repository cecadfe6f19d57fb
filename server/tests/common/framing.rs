//! LSP base-protocol framing for the tests that drive `syncwright lsp` as a child process.

use std::io::BufRead;

/// Reads one message body from the server's output: header lines up to the
/// empty line, then `Content-Length` bytes. None at end of output; a missing
/// length reads an empty body.
pub fn read_body(reader: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length.unwrap_or(0)];
    reader.read_exact(&mut body).ok()?;
    Some(body)
}
