//! Reading source files as they come: only regular files, within a size
//! limit, and bytes decoded to text the front end can parse without moving
//! any position the user sees.

use std::io::Read;
use std::path::Path;

/// Largest source or include file read (`max-source-bytes`): a file or an
/// `#include "/dev/zero"` must not eat the machine's memory.
pub const MAX_SOURCE_BYTES: u64 = 64 * 1024 * 1024;

/// Reads the file at `path` if it is a regular file (after symlinks) of at
/// most [`MAX_SOURCE_BYTES`]; the error names the path's kind or the limit.
/// FIFOs, devices, sockets and directories are refused before they are
/// opened, so reading never blocks on them.
pub fn read_regular(path: &Path) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    check_kind(&meta)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        // Should the path become a FIFO between the check and the open, the
        // open must not wait for a writer.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    check_kind(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len().min(MAX_SOURCE_BYTES) as usize);
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(over_limit());
    }
    Ok(bytes)
}

fn over_limit() -> String {
    format!(
        "larger than the limit max-source-bytes ({} MiB)",
        MAX_SOURCE_BYTES / (1024 * 1024)
    )
}

fn check_kind(meta: &std::fs::Metadata) -> Result<(), String> {
    let kind = meta.file_type();
    if kind.is_file() {
        if meta.len() > MAX_SOURCE_BYTES {
            return Err(over_limit());
        }
        return Ok(());
    }
    if kind.is_dir() {
        return Err("is a directory, not a source file".to_string());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let what = if kind.is_fifo() {
            "a FIFO (named pipe)"
        } else if kind.is_char_device() {
            "a character device"
        } else if kind.is_block_device() {
            "a block device"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "not a regular file"
        };
        Err(format!("is {what}, not a regular file; not read"))
    }
    #[cfg(not(unix))]
    Err("is not a regular file; not read".to_string())
}

/// Line-end style of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// `\n` (Unix).
    Lf,
    /// `\r\n` (Windows).
    CrLf,
    /// `\r` alone (classic Mac OS).
    Cr,
}

impl LineEnd {
    /// The characters.
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnd::Lf => "\n",
            LineEnd::CrLf => "\r\n",
            LineEnd::Cr => "\r",
        }
    }

    /// The style most lines of `text` end with (LF when there are none).
    pub fn dominant(text: &str) -> LineEnd {
        let bytes = text.as_bytes();
        let (mut lf, mut crlf, mut cr) = (0usize, 0usize, 0usize);
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    crlf += 1;
                    i += 1;
                }
                b'\r' => cr += 1,
                b'\n' => lf += 1,
                _ => {}
            }
            i += 1;
        }
        if crlf > lf && crlf >= cr {
            LineEnd::CrLf
        } else if cr > lf && cr > crlf {
            LineEnd::Cr
        } else {
            LineEnd::Lf
        }
    }

    /// `text` (whose line breaks are `\n`, maybe some `\r\n`) with every bare
    /// `\n` written in this style.
    pub fn apply(self, text: &str) -> String {
        if self == LineEnd::Lf || !text.contains('\n') {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len() + text.len() / 16);
        let mut previous = '\0';
        for c in text.chars() {
            if c == '\n' && previous != '\r' {
                out.push_str(self.as_str());
            } else {
                out.push(c);
            }
            previous = c;
        }
        out
    }
}

/// Something about the bytes of a file worth telling the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeNote {
    /// Byte offset in the decoded text.
    pub offset: u32,
    /// What was found and what was done.
    pub message: String,
}

/// A file's bytes decoded for the front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodedSource {
    /// The text: lone `\r` line ends read as `\n` and NUL bytes as spaces (both
    /// one byte for one, so offsets and lines do not move), without a BOM.
    pub text: String,
    /// Whether a UTF-8 byte-order mark was dropped.
    pub bom: bool,
    /// Whether `text` plus the BOM is exactly the file as UTF-8, line ends
    /// aside (no invalid bytes replaced, no NUL, not UTF-16): only then may a
    /// repaired text be written back.
    pub exact: bool,
    /// The file's line-end style.
    pub line_end: LineEnd,
    /// What the user should know.
    pub notes: Vec<DecodeNote>,
}

/// `text` with every lone `\r` line end read as `\n`, one byte for one (offsets
/// and LSP lines do not move): the preprocessor and the parser end lines and
/// `//` comments at `\n` only. Used for editor documents, which keep the
/// user's line ends.
pub fn lone_cr_as_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    // One ASCII byte replaced by another: still UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Decodes a source file's bytes (see [`DecodedSource`]).
pub fn decode(bytes: &[u8]) -> DecodedSource {
    let mut notes = Vec::new();
    let mut exact = true;
    let mut bom = false;
    let mut text = if let Some(encoding) = utf16_encoding(bytes) {
        exact = false;
        let (big_endian, with_bom) = encoding;
        let body = if with_bom { &bytes[2..] } else { bytes };
        let units: Vec<u16> = body
            .chunks(2)
            .map(|pair| {
                let (a, b) = (pair[0], pair.get(1).copied().unwrap_or(0));
                if big_endian {
                    u16::from_be_bytes([a, b])
                } else {
                    u16::from_le_bytes([a, b])
                }
            })
            .collect();
        let name = if big_endian { "UTF-16BE" } else { "UTF-16LE" };
        let how = if with_bom {
            "has a UTF-16 byte-order mark"
        } else {
            "looks like UTF-16 (every other byte is NUL)"
        };
        notes.push(DecodeNote {
            offset: 0,
            message: format!(
                "the file is encoded in {name} (it {how}); it was read as {name}, \
                 but `fix` only writes UTF-8 files: convert it to UTF-8"
            ),
        });
        String::from_utf16_lossy(&units)
    } else {
        let body = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => {
                bom = true;
                rest
            }
            None => bytes,
        };
        match std::str::from_utf8(body) {
            Ok(text) => text.to_string(),
            Err(err) => {
                exact = false;
                let text = String::from_utf8_lossy(body).into_owned();
                let valid = err.valid_up_to();
                let line = body[..valid].iter().filter(|&&b| b == b'\n').count() + 1;
                notes.push(DecodeNote {
                    offset: valid as u32,
                    message: format!(
                        "bytes that are not valid UTF-8 (the first on line {line}) were read \
                         as U+FFFD; the file is not UTF-8"
                    ),
                });
                text
            }
        }
    };
    let line_end = LineEnd::dominant(&text);
    if text.bytes().any(|b| b == b'\r' || b == 0) {
        let mut bytes = std::mem::take(&mut text).into_bytes();
        let mut first_nul = None;
        for i in 0..bytes.len() {
            match bytes[i] {
                // A lone CR ends a line (as in editors); as LF the
                // preprocessor and the parser see the same lines.
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => bytes[i] = b'\n',
                0 => {
                    first_nul.get_or_insert(i);
                    bytes[i] = b' ';
                }
                _ => {}
            }
        }
        if let Some(offset) = first_nul {
            exact = false;
            notes.push(DecodeNote {
                offset: offset as u32,
                message: "NUL bytes in the file were read as spaces".to_string(),
            });
        }
        // One ASCII byte replaced by another: still UTF-8.
        text = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    }
    DecodedSource {
        text,
        bom,
        exact,
        line_end,
        notes,
    }
}

/// `(big_endian, has_bom)` when `bytes` look like UTF-16: a UTF-16 byte-order
/// mark, or (without one) NUL in most high bytes of ASCII-range code units.
fn utf16_encoding(bytes: &[u8]) -> Option<(bool, bool)> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some((false, true)),
        [0xFE, 0xFF, ..] => return Some((true, true)),
        _ => {}
    }
    let pairs = bytes.len() / 2;
    if pairs < 2 {
        return None;
    }
    let sample = &bytes[..bytes.len().min(4096) & !1];
    let (mut le, mut be) = (0, 0);
    for pair in sample.chunks(2) {
        match (pair[0], pair[1]) {
            (a, 0) if a != 0 => le += 1,
            (0, b) if b != 0 => be += 1,
            _ => {}
        }
    }
    let total = sample.len() / 2;
    if le * 10 >= total * 9 {
        Some((false, false))
    } else if be * 10 >= total * 9 {
        Some((true, false))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_are_recognised_and_lone_cr_read_as_lf() {
        assert_eq!(LineEnd::dominant("a\nb\n"), LineEnd::Lf);
        assert_eq!(LineEnd::dominant("a\r\nb\r\nc\n"), LineEnd::CrLf);
        assert_eq!(LineEnd::dominant("a\rb\rc"), LineEnd::Cr);
        let d = decode(b"// c\r__global__ void k() {}\r");
        assert_eq!(d.text, "// c\n__global__ void k() {}\n");
        assert_eq!(d.line_end, LineEnd::Cr);
        assert!(d.exact && d.notes.is_empty());
        let d = decode(b"a\r\nb\r\n");
        assert_eq!(d.text, "a\r\nb\r\n");
        assert_eq!(d.line_end, LineEnd::CrLf);
    }

    #[test]
    fn line_end_style_is_applied_to_bare_newlines_only() {
        assert_eq!(LineEnd::CrLf.apply("x;\n  y;\r\n"), "x;\r\n  y;\r\n");
        assert_eq!(LineEnd::Cr.apply("x;\n  y;\n"), "x;\r  y;\r");
        assert_eq!(LineEnd::Lf.apply("x;\n"), "x;\n");
    }

    #[test]
    fn bom_is_dropped_and_remembered() {
        let d = decode(b"\xEF\xBB\xBFint x;\n");
        assert_eq!(d.text, "int x;\n");
        assert!(d.bom && d.exact);
    }

    #[test]
    fn invalid_utf8_is_read_lossily_with_a_note_naming_the_line() {
        let d = decode(b"int a;\n// caf\xe9\nint b;\n");
        assert!(!d.exact);
        assert!(d.text.contains('\u{FFFD}'));
        assert_eq!(d.notes.len(), 1);
        assert!(d.notes[0].message.contains("line 2"), "{:?}", d.notes);
        assert_eq!(d.notes[0].offset, 13);
    }

    #[test]
    fn nul_bytes_become_spaces_with_a_note() {
        let d = decode(b"int\0a;\n");
        assert_eq!(d.text, "int a;\n");
        assert_eq!(d.notes[0].offset, 3);
        assert!(!d.exact);
    }

    #[test]
    fn utf16_is_named_and_decoded() {
        let source = "__global__ void k() {}\n";
        let mut le = vec![0xFF, 0xFE];
        le.extend(source.encode_utf16().flat_map(|u| u.to_le_bytes()));
        let d = decode(&le);
        assert_eq!(d.text, source);
        assert!(d.notes[0].message.contains("UTF-16LE"), "{:?}", d.notes);
        let be: Vec<u8> = source
            .encode_utf16()
            .flat_map(|u| u.to_be_bytes())
            .collect();
        let d = decode(&be);
        assert_eq!(d.text, source);
        assert!(d.notes[0].message.contains("UTF-16BE"), "{:?}", d.notes);
        assert!(!d.exact);
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read() {
        let dir = std::env::temp_dir().join(format!("syncwright-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let err = read_regular(&dir).unwrap_err();
        assert!(err.contains("directory"), "{err}");
        let err = read_regular(Path::new("/dev/zero")).unwrap_err();
        assert!(err.contains("character device"), "{err}");
        let fifo = dir.join("pipe.cu");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = read_regular(&fifo).unwrap_err();
            assert!(err.contains("FIFO"), "{err}");
        }
        let file = dir.join("k.cu");
        std::fs::write(&file, "int x;").unwrap();
        assert_eq!(read_regular(&file).unwrap(), b"int x;");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
