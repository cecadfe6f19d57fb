//! Open documents: text in a rope, LSP positions <-> byte offsets in the
//! negotiated encoding, and incremental edits mirrored into the syntax tree.

use std::sync::Arc;

use ropey::Rope;
use tower_lsp::lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use tree_sitter::{InputEdit, Point};

use crate::ir::Lang;
use crate::syntax::parse::ParsedSource;

/// Unit of `Position::character`, negotiated at initialization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionEncoding {
    /// Bytes of UTF-8.
    Utf8,
    /// UTF-16 code units (the LSP default).
    Utf16,
}

/// Why a position or an edit was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Byte offset of `pos` in `rope`. A line past the end is an error; a character
/// past the end of its line is clamped to the line end (as the LSP specifies);
/// a UTF-8 offset inside a character is an error.
pub fn offset_of(
    rope: &Rope,
    pos: Position,
    enc: PositionEncoding,
) -> Result<usize, PositionError> {
    let line = pos.line as usize;
    if line >= rope.len_lines() {
        // The position just after a final newline is line == len_lines() - 1 in ropey,
        // so anything beyond is out of range.
        return Err(PositionError(format!(
            "line {} is out of range (the document has {} lines)",
            pos.line,
            rope.len_lines()
        )));
    }
    let line_start_char = rope.line_to_char(line);
    let line_slice = rope.line(line);
    // Line content without its terminator: positions never point past it.
    let mut line_chars = line_slice.len_chars();
    while line_chars > 0 {
        let c = line_slice.char(line_chars - 1);
        if c == '\n' || c == '\r' {
            line_chars -= 1;
        } else {
            break;
        }
    }
    let character = pos.character as usize;
    let char_in_line = match enc {
        PositionEncoding::Utf8 => {
            let line_bytes = line_slice.char_to_byte(line_chars);
            let byte = character.min(line_bytes);
            let char_idx = line_slice.byte_to_char(byte);
            if line_slice.char_to_byte(char_idx) != byte {
                return Err(PositionError(format!(
                    "character {} of line {} is inside a multi-byte character",
                    pos.character, pos.line
                )));
            }
            char_idx
        }
        PositionEncoding::Utf16 => {
            let line_units = line_slice.char_to_utf16_cu(line_chars);
            let unit = character.min(line_units);
            // A position between the two halves of a surrogate pair rounds down.
            line_slice.utf16_cu_to_char(unit)
        }
    };
    Ok(rope.char_to_byte(line_start_char + char_in_line))
}

/// LSP position of byte offset `offset` (clamped to the text; an offset inside a
/// character maps to that character's start).
pub fn position_of(rope: &Rope, offset: usize, enc: PositionEncoding) -> Position {
    let offset = offset.min(rope.len_bytes());
    let line = rope.byte_to_line(offset);
    let line_start_char = rope.line_to_char(line);
    let char_idx = rope.byte_to_char(offset);
    let character = match enc {
        PositionEncoding::Utf8 => rope.char_to_byte(char_idx) - rope.line_to_byte(line),
        PositionEncoding::Utf16 => {
            rope.char_to_utf16_cu(char_idx) - rope.char_to_utf16_cu(line_start_char)
        }
    };
    Position {
        line: line as u32,
        character: character as u32,
    }
}

/// LSP range of the byte range `start..end`.
pub fn range_of(rope: &Rope, start: usize, end: usize, enc: PositionEncoding) -> Range {
    Range {
        start: position_of(rope, start, enc),
        end: position_of(rope, end.max(start), enc),
    }
}

/// Byte range of an LSP range.
pub fn byte_range(
    rope: &Rope,
    range: Range,
    enc: PositionEncoding,
) -> Result<(usize, usize), PositionError> {
    let start = offset_of(rope, range.start, enc)?;
    let end = offset_of(rope, range.end, enc)?;
    if end < start {
        return Err(PositionError(format!(
            "range end {:?} is before its start {:?}",
            range.end, range.start
        )));
    }
    Ok((start, end))
}

/// tree-sitter point (row, byte column) of a byte offset.
fn point_of(rope: &Rope, offset: usize) -> Point {
    let line = rope.byte_to_line(offset);
    Point {
        row: line,
        column: offset - rope.line_to_byte(line),
    }
}

/// A process-wide fresh generation number.
fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// An open document.
pub struct Document {
    /// Text.
    pub rope: Rope,
    /// Version given by the client.
    pub version: i32,
    /// Dialect (from the file extension or language id).
    pub lang: Lang,
    /// Latest syntax tree, with every edit since the last parse applied by
    /// `Tree::edit` (None before the first successful parse).
    pub tree: Option<tree_sitter::Tree>,
    /// Latest parse of the current text, when parsing succeeded.
    pub parsed: Option<Arc<ParsedSource>>,
    /// Changes on every edit and is unique across documents (a reopened
    /// document never matches an analysis of its previous incarnation);
    /// analyses of other generations are stale.
    pub generation: u64,
}

impl Document {
    /// A freshly opened document (not parsed yet).
    pub fn new(text: &str, version: i32, lang: Lang) -> Document {
        Document {
            rope: Rope::from_str(text),
            version,
            lang,
            tree: None,
            parsed: None,
            generation: next_generation(),
        }
    }

    /// Gives the document a new generation without changing its text (a
    /// header it includes changed), so earlier analyses are stale.
    pub fn touch(&mut self) {
        self.generation = next_generation();
    }

    /// Applies the changes of one `didChange` in order. All or nothing: on an
    /// invalid change the document is left as it was.
    pub fn apply_changes(
        &mut self,
        changes: &[TextDocumentContentChangeEvent],
        enc: PositionEncoding,
    ) -> Result<(), PositionError> {
        let mut rope = self.rope.clone();
        let mut tree = self.tree.clone();
        for change in changes {
            match change.range {
                None => {
                    rope = Rope::from_str(&change.text);
                    tree = None;
                }
                Some(range) => {
                    let (start, old_end) = byte_range(&rope, range, enc)?;
                    let start_position = point_of(&rope, start);
                    let old_end_position = point_of(&rope, old_end);
                    let start_char = rope.byte_to_char(start);
                    let old_end_char = rope.byte_to_char(old_end);
                    rope.remove(start_char..old_end_char);
                    rope.insert(start_char, &change.text);
                    let new_end = start + change.text.len();
                    let edit = InputEdit {
                        start_byte: start,
                        old_end_byte: old_end,
                        new_end_byte: new_end,
                        start_position,
                        old_end_position,
                        new_end_position: point_of(&rope, new_end),
                    };
                    if let Some(tree) = tree.as_mut() {
                        tree.edit(&edit);
                    }
                }
            }
        }
        self.rope = rope;
        self.tree = tree;
        self.parsed = None;
        self.generation = next_generation();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn positions_round_trip_in_both_encodings_on_non_ascii_text() {
        // 'é' is 2 bytes / 1 UTF-16 unit, '𝄞' is 4 bytes / 2 UTF-16 units.
        let rope = Rope::from_str("a\u{e9}b\n\u{1d11e}x = s[t];\r\nlast");
        let x = "a\u{e9}b\n\u{1d11e}".len();
        assert_eq!(offset_of(&rope, pos(1, 2), PositionEncoding::Utf16), Ok(x));
        assert_eq!(offset_of(&rope, pos(1, 4), PositionEncoding::Utf8), Ok(x));
        assert_eq!(position_of(&rope, x, PositionEncoding::Utf16), pos(1, 2));
        assert_eq!(position_of(&rope, x, PositionEncoding::Utf8), pos(1, 4));
        assert_eq!(offset_of(&rope, pos(0, 2), PositionEncoding::Utf16), Ok(3));
        assert_eq!(offset_of(&rope, pos(0, 3), PositionEncoding::Utf8), Ok(3));
        // Inside a multi-byte character (UTF-8) is rejected.
        assert!(offset_of(&rope, pos(0, 2), PositionEncoding::Utf8).is_err());
        // Past the line end clamps before the line terminator; past the last line errors.
        let line1_end = "a\u{e9}b\n\u{1d11e}x = s[t];".len();
        assert_eq!(
            offset_of(&rope, pos(1, 999), PositionEncoding::Utf16),
            Ok(line1_end)
        );
        assert_eq!(
            offset_of(&rope, pos(2, 4), PositionEncoding::Utf8),
            Ok(rope.len_bytes())
        );
        assert!(offset_of(&rope, pos(3, 0), PositionEncoding::Utf8).is_err());
    }

    #[test]
    fn lines_end_only_where_the_lsp_says() {
        // `\n`, `\r\n` and a lone `\r` end lines; U+2028, U+0085 and form
        // feeds do not (they are ordinary characters in LSP positions).
        let rope = Rope::from_str("a\rb\r\nc\u{2028}d\u{85}e\u{c}f\ng");
        assert_eq!(rope.len_lines(), 4);
        let f = "a\rb\r\nc\u{2028}d\u{85}e\u{c}".len();
        assert_eq!(position_of(&rope, f, PositionEncoding::Utf16), pos(2, 6));
        assert_eq!(offset_of(&rope, pos(2, 6), PositionEncoding::Utf16), Ok(f));
        assert_eq!(offset_of(&rope, pos(1, 0), PositionEncoding::Utf8), Ok(2));
        // Past the end of a lone-CR line clamps before the `\r`.
        assert_eq!(offset_of(&rope, pos(0, 9), PositionEncoding::Utf8), Ok(1));
        assert_eq!(
            offset_of(&rope, pos(3, 1), PositionEncoding::Utf8),
            Ok(rope.len_bytes())
        );
    }

    #[test]
    fn incremental_changes_edit_text_and_reject_bad_ranges() {
        let mut doc = Document::new("int \u{e9} = 1;\nfoo();\n", 1, Lang::Cuda);
        let opened = doc.generation;
        let change = |l0, c0, l1, c1, text: &str| TextDocumentContentChangeEvent {
            range: Some(Range {
                start: pos(l0, c0),
                end: pos(l1, c1),
            }),
            range_length: None,
            text: text.to_string(),
        };
        doc.apply_changes(
            &[change(0, 8, 0, 9, "2"), change(1, 0, 1, 0, "  ")],
            PositionEncoding::Utf16,
        )
        .expect("valid changes");
        assert_eq!(doc.rope.to_string(), "int \u{e9} = 2;\n  foo();\n");
        let generation = doc.generation;
        assert_ne!(generation, opened);
        let before = doc.rope.to_string();
        // The first change is valid but the second is not: nothing is applied.
        let bad = [change(0, 0, 0, 1, "I"), change(9, 0, 9, 1, "x")];
        assert!(doc.apply_changes(&bad, PositionEncoding::Utf16).is_err());
        assert!(doc
            .apply_changes(&[change(1, 3, 1, 1, "")], PositionEncoding::Utf16)
            .is_err());
        assert_eq!(doc.rope.to_string(), before);
        assert_eq!(doc.generation, generation);
    }
}
