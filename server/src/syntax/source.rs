//! Line index: byte offsets <-> (line, character) in UTF-8 or UTF-16 code units.
//!
//! Lines end at `\n`, `\r\n` or a lone `\r` (as LSP counts them). Characters are
//! counted from the line start; an offset inside a multi-byte character is
//! clamped to the start of that character.

/// A multi-byte character on a line: where it starts (bytes from the line start) and its widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WideChar {
    /// Byte offset from the start of the line.
    start: u32,
    /// Length in UTF-8 bytes.
    utf8_len: u8,
    /// Length in UTF-16 code units (1 or 2).
    utf16_len: u8,
}

/// Maps byte offsets of one text to line/character positions and back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset of the start of each line.
    line_starts: Vec<u32>,
    /// Byte offset of the end of each line's content (before its line break).
    line_ends: Vec<u32>,
    /// Multi-byte characters per line, sorted by start (only lines that have some).
    wide: Vec<Vec<WideChar>>,
    /// Total length of the text in bytes.
    len: u32,
}

/// A 0-based line and character position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineCol {
    /// 0-based line.
    pub line: u32,
    /// 0-based character in the unit of the conversion (UTF-8 bytes or UTF-16 code units).
    pub col: u32,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0u32];
        let mut line_ends = Vec::new();
        let mut wide: Vec<Vec<WideChar>> = vec![Vec::new()];
        let mut i = 0usize;
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'\n' || b == b'\r' {
                line_ends.push(i as u32);
                let next = if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    i + 2
                } else {
                    i + 1
                };
                line_starts.push(next as u32);
                wide.push(Vec::new());
                i = next;
                continue;
            }
            if b >= 0x80 {
                // Only valid UTF-8 reaches here (`&str`), so the char decodes.
                let ch = text[i..].chars().next().unwrap_or('\u{FFFD}');
                let utf8_len = ch.len_utf8();
                let line_start = line_starts.last().copied().unwrap_or(0);
                if let Some(line) = wide.last_mut() {
                    line.push(WideChar {
                        start: i as u32 - line_start,
                        utf8_len: utf8_len as u8,
                        utf16_len: ch.len_utf16() as u8,
                    });
                }
                i += utf8_len;
                continue;
            }
            i += 1;
        }
        line_ends.push(bytes.len() as u32);
        LineIndex {
            line_starts,
            line_ends,
            wide,
            len: bytes.len() as u32,
        }
    }

    /// Number of lines (a text without line breaks has one).
    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }

    /// Line containing byte `offset` (clamped to the text).
    fn line_of(&self, offset: u32) -> usize {
        let offset = offset.min(self.len);
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next.saturating_sub(1),
        }
    }

    /// Byte offset -> line and UTF-8 byte column. Offsets inside a line break map to the line end.
    pub fn line_col_utf8(&self, offset: u32) -> LineCol {
        let line = self.line_of(offset);
        let start = self.line_starts[line];
        let end = self.line_ends[line];
        let mut col = offset.min(end).saturating_sub(start);
        // Clamp into a character boundary.
        for w in &self.wide[line] {
            if col > w.start && col < w.start + w.utf8_len as u32 {
                col = w.start;
            }
        }
        LineCol {
            line: line as u32,
            col,
        }
    }

    /// Byte offset -> line and UTF-16 code-unit column (LSP's default encoding).
    pub fn line_col_utf16(&self, offset: u32) -> LineCol {
        let LineCol { line, col } = self.line_col_utf8(offset);
        let mut col16 = col;
        for w in &self.wide[line as usize] {
            if w.start >= col {
                break;
            }
            col16 = col16 - w.utf8_len as u32 + w.utf16_len as u32;
        }
        LineCol { line, col: col16 }
    }

    /// Line and UTF-8 byte column -> byte offset (columns past the line end clamp to it;
    /// lines past the end give the text length).
    pub fn offset_utf8(&self, pos: LineCol) -> u32 {
        let Some(&start) = self.line_starts.get(pos.line as usize) else {
            return self.len;
        };
        let end = self.line_ends[pos.line as usize];
        (start + pos.col).min(end)
    }

    /// Line and UTF-16 column -> byte offset (a column inside a surrogate pair maps
    /// to the start of the character; past the line end clamps to it).
    pub fn offset_utf16(&self, pos: LineCol) -> u32 {
        let Some(&start) = self.line_starts.get(pos.line as usize) else {
            return self.len;
        };
        let end = self.line_ends[pos.line as usize];
        let mut remaining16 = pos.col;
        let mut byte_col = 0u32;
        for w in &self.wide[pos.line as usize] {
            let ascii_run = w.start - byte_col;
            if remaining16 <= ascii_run {
                return (start + byte_col + remaining16).min(end);
            }
            remaining16 -= ascii_run;
            if remaining16 < w.utf16_len as u32 {
                return (start + w.start).min(end);
            }
            remaining16 -= w.utf16_len as u32;
            byte_col = w.start + w.utf8_len as u32;
        }
        (start + byte_col + remaining16).min(end)
    }

    /// 1-based "line:column" (UTF-8 columns) for messages.
    pub fn describe(&self, offset: u32) -> String {
        let p = self.line_col_utf8(offset);
        format!("{}:{}", p.line + 1, p.col + 1)
    }
}

/// The range where `old` and `new` differ: (start, end in `old`, end in `new`),
/// after their longest common prefix and then their longest common suffix.
pub fn changed_range(old: &str, new: &str) -> (usize, usize, usize) {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let max = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max)
        .take_while(|(x, y)| x == y)
        .count();
    (prefix, a.len() - suffix, b.len() - suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_crlf() {
        let idx = LineIndex::new("ab\r\ncd\nef\rg");
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.line_col_utf8(0), LineCol { line: 0, col: 0 });
        assert_eq!(idx.line_col_utf8(2), LineCol { line: 0, col: 2 });
        assert_eq!(idx.line_col_utf8(3), LineCol { line: 0, col: 2 });
        assert_eq!(idx.line_col_utf8(4), LineCol { line: 1, col: 0 });
        assert_eq!(idx.line_col_utf8(8), LineCol { line: 2, col: 1 });
        assert_eq!(idx.line_col_utf8(10), LineCol { line: 3, col: 0 });
        assert_eq!(idx.offset_utf8(LineCol { line: 1, col: 1 }), 5);
        assert_eq!(idx.offset_utf8(LineCol { line: 0, col: 9 }), 2);
        assert_eq!(idx.offset_utf8(LineCol { line: 9, col: 0 }), 11);
    }

    #[test]
    fn non_ascii_utf16() {
        // "é" is 2 bytes / 1 unit, "😀" 4 bytes / 2 units.
        let text = "xé😀y\nz";
        let idx = LineIndex::new(text);
        let y = text.find('y').unwrap() as u32;
        assert_eq!(idx.line_col_utf8(y), LineCol { line: 0, col: 7 });
        assert_eq!(idx.line_col_utf16(y), LineCol { line: 0, col: 4 });
        assert_eq!(idx.offset_utf16(LineCol { line: 0, col: 4 }), y);
        assert_eq!(idx.offset_utf16(LineCol { line: 0, col: 3 }), 3);
        // Inside the surrogate pair: clamps to the emoji start.
        assert_eq!(idx.line_col_utf8(4), LineCol { line: 0, col: 3 });
        let z = text.find('z').unwrap() as u32;
        assert_eq!(idx.line_col_utf16(z), LineCol { line: 1, col: 0 });
        assert_eq!(idx.offset_utf16(LineCol { line: 1, col: 0 }), z);
        assert_eq!(idx.describe(y), "1:8");
    }
}
