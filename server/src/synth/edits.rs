//! Rendering synthesis results as minimal text edits of the user's source, in
//! the file's own indentation style, and applying edits to a text.

use crate::base::HashSet;

use crate::ir::{FileId, Lang, ScalarTy, Span};

use super::TextEdit;

/// Leading whitespace of the line containing `offset`.
pub fn indent_of_line(text: &str, offset: u32) -> String {
    let offset = (offset as usize).min(text.len());
    let start = text.as_bytes()[..offset]
        .iter()
        .rposition(|&c| c == b'\n')
        .map(|i| i + 1)
        .unwrap_or(0);
    text.get(start..)
        .unwrap_or_default()
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// One level of indentation as the file uses it (a tab, or the smallest
/// non-zero space indentation, default four spaces).
pub fn indent_unit(text: &str) -> String {
    let mut tabs = 0usize;
    let mut min_spaces = usize::MAX;
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with('\t') {
            tabs += 1;
        } else {
            let n = line.chars().take_while(|c| *c == ' ').count();
            if n > 0 {
                min_spaces = min_spaces.min(n);
            }
        }
    }
    if tabs > 0 && min_spaces == usize::MAX {
        "\t".to_string()
    } else if min_spaces == usize::MAX {
        "    ".to_string()
    } else {
        " ".repeat(min_spaces.min(8))
    }
}

/// Where to insert a new line after the construct ending at `end`: at the end
/// of its line when only whitespace or a `//` comment follows (and the next
/// statement, starting at `next_start`, is not on that line), else right at `end`.
pub fn insertion_offset_after(text: &str, end: u32, next_start: Option<u32>) -> u32 {
    let end_us = (end as usize).min(text.len());
    let Some(rest) = text.get(end_us..) else {
        return end;
    };
    let line_len = rest.find('\n').unwrap_or(rest.len());
    let mut line = &rest[..line_len];
    if line.ends_with('\r') {
        line = &line[..line.len() - 1];
    }
    let trimmed = line.trim();
    let line_end = (end_us + line.len()) as u32;
    let next_on_line = next_start.is_some_and(|n| n < line_end);
    if !next_on_line && (trimmed.is_empty() || trimmed.starts_with("//")) {
        line_end
    } else {
        end
    }
}

/// Which memories a new barrier must order (OpenCL fences).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fences {
    /// Shared/local memory.
    pub local: bool,
    /// Global memory.
    pub global: bool,
}

/// The barrier statement text for a dialect.
pub fn barrier_text(lang: Lang, fences: Fences) -> String {
    match lang {
        Lang::Cuda => "__syncthreads();".to_string(),
        Lang::OpenCl => match (fences.local, fences.global) {
            (_, false) => "barrier(CLK_LOCAL_MEM_FENCE);".to_string(),
            (false, true) => "barrier(CLK_GLOBAL_MEM_FENCE);".to_string(),
            (true, true) => "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);".to_string(),
        },
    }
}

/// C spelling of a scalar type in a dialect.
pub fn c_type(lang: Lang, ty: ScalarTy) -> &'static str {
    match (lang, ty) {
        (_, ScalarTy::Bool) => "bool",
        (_, ScalarTy::Float { bits: 16 }) => match lang {
            Lang::Cuda => "__half",
            Lang::OpenCl => "half",
        },
        (_, ScalarTy::Float { bits: 64 }) => "double",
        (_, ScalarTy::Float { .. }) => "float",
        (
            _,
            ScalarTy::Int {
                bits: 8,
                signed: true,
            },
        ) => "signed char",
        (
            Lang::Cuda,
            ScalarTy::Int {
                bits: 8,
                signed: false,
            },
        ) => "unsigned char",
        (
            Lang::OpenCl,
            ScalarTy::Int {
                bits: 8,
                signed: false,
            },
        ) => "uchar",
        (
            _,
            ScalarTy::Int {
                bits: 16,
                signed: true,
            },
        ) => "short",
        (
            Lang::Cuda,
            ScalarTy::Int {
                bits: 16,
                signed: false,
            },
        ) => "unsigned short",
        (
            Lang::OpenCl,
            ScalarTy::Int {
                bits: 16,
                signed: false,
            },
        ) => "ushort",
        (
            Lang::Cuda,
            ScalarTy::Int {
                bits: 64,
                signed: true,
            },
        ) => "long long",
        (
            Lang::Cuda,
            ScalarTy::Int {
                bits: 64,
                signed: false,
            },
        ) => "unsigned long long",
        (
            Lang::OpenCl,
            ScalarTy::Int {
                bits: 64,
                signed: true,
            },
        ) => "long",
        (
            Lang::OpenCl,
            ScalarTy::Int {
                bits: 64,
                signed: false,
            },
        ) => "ulong",
        (_, ScalarTy::Int { signed: true, .. }) => "int",
        (Lang::Cuda, ScalarTy::Int { signed: false, .. }) => "unsigned int",
        (Lang::OpenCl, ScalarTy::Int { signed: false, .. }) => "uint",
    }
}

/// Fresh identifiers that do not occur in a file.
pub struct TempNames {
    used: HashSet<String>,
    next: usize,
}

impl TempNames {
    /// Names fresh for `text`.
    pub fn new(text: &str) -> TempNames {
        let used = text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with("sw_tmp"))
            .map(str::to_string)
            .collect();
        TempNames { used, next: 0 }
    }

    /// Marks a name as taken.
    pub fn reserve(&mut self, name: &str) {
        self.used.insert(name.to_string());
    }

    /// The next fresh name.
    pub fn fresh(&mut self) -> String {
        loop {
            let name = if self.next == 0 {
                "sw_tmp".to_string()
            } else {
                format!("sw_tmp{}", self.next)
            };
            self.next += 1;
            if self.used.insert(name.clone()) {
                return name;
            }
        }
    }
}

/// Edits that write `barrier` at a candidate rendered as `render`.
pub fn render_insertion(
    render: &Render,
    barrier: &str,
    file: crate::ir::FileId,
    text: &str,
    lang: Lang,
    names: &mut TempNames,
) -> Vec<TextEdit> {
    let at = |offset: u32| Span {
        file,
        start: offset,
        end: offset,
    };
    match render {
        Render::Line { offset, indent } => {
            vec![TextEdit {
                span: at(*offset),
                new_text: format!("\n{indent}{barrier}"),
            }]
        }
        Render::Wrap {
            open,
            close,
            before,
        } => {
            if *before {
                vec![
                    TextEdit {
                        span: at(*open),
                        new_text: format!("{{ {barrier} "),
                    },
                    TextEdit {
                        span: at(*close),
                        new_text: " }".to_string(),
                    },
                ]
            } else {
                vec![
                    TextEdit {
                        span: at(*open),
                        new_text: "{ ".to_string(),
                    },
                    TextEdit {
                        span: at(*close),
                        new_text: format!(" {barrier} }}"),
                    },
                ]
            }
        }
        Render::Split(plan) => render_split(plan, barrier, file, text, lang, names),
    }
}

fn render_split(
    plan: &SplitPlan,
    barrier: &str,
    file: crate::ir::FileId,
    text: &str,
    lang: Lang,
    names: &mut TempNames,
) -> Vec<TextEdit> {
    let mut prefix = String::new();
    let mut edits = Vec::new();
    for (span, ty) in &plan.reads {
        let name = names.fresh();
        let read_text = text
            .get(span.start as usize..span.end as usize)
            .unwrap_or_default();
        prefix.push_str(&format!(
            "{} {name} = {read_text};\n{}",
            c_type(lang, *ty),
            plan.indent
        ));
        edits.push(TextEdit {
            span: *span,
            new_text: name,
        });
    }
    prefix.push_str(&format!("{barrier}\n{}", plan.indent));
    edits.insert(
        0,
        TextEdit {
            span: Span {
                file,
                start: plan.stmt_start,
                end: plan.stmt_start,
            },
            new_text: prefix,
        },
    );
    edits
}

/// The edit deleting a statement: its whole line when nothing else is on it.
pub fn removal_edit(text: &str, span: Span) -> TextEdit {
    let bytes = text.as_bytes();
    let (s, e) = (
        (span.start as usize).min(text.len()),
        (span.end as usize).min(text.len()),
    );
    let line_start = bytes[..s]
        .iter()
        .rposition(|&c| c == b'\n')
        .map(|i| i + 1)
        .unwrap_or(0);
    let line_end = bytes[e..]
        .iter()
        .position(|&c| c == b'\n')
        .map(|i| e + i)
        .unwrap_or(text.len());
    let (Some(before), Some(after)) = (text.get(line_start..s), text.get(e..line_end)) else {
        return TextEdit {
            span,
            new_text: String::new(),
        };
    };
    let before_blank = before.trim().is_empty();
    let after = after.trim();
    if before_blank && after.is_empty() && line_end < text.len() {
        return TextEdit {
            span: Span {
                file: span.file,
                start: line_start as u32,
                end: line_end as u32 + 1,
            },
            new_text: String::new(),
        };
    }
    if before_blank && after.is_empty() && line_start > 0 {
        // Last line without a newline: take the preceding newline instead.
        return TextEdit {
            span: Span {
                file: span.file,
                start: line_start as u32 - 1,
                end: line_end as u32,
            },
            new_text: String::new(),
        };
    }
    TextEdit {
        span,
        new_text: String::new(),
    }
}

/// How a new barrier at a candidate is written into the source.
#[derive(Clone, Debug, PartialEq)]
pub enum Render {
    /// Insert `"\n" + indent + barrier` at `offset`.
    Line {
        /// Byte offset of the insertion.
        offset: u32,
        /// Indentation of the new line.
        indent: String,
    },
    /// The block has no braces: wrap its statements as `{ barrier stmts }` or
    /// `{ stmts barrier }`.
    Wrap {
        /// Start of the first statement of the block.
        open: u32,
        /// End of the last statement of the block.
        close: u32,
        /// Barrier goes before the statements (else after).
        before: bool,
    },
    /// The point lies inside one source statement: hoist its reads into
    /// temporaries, then the barrier, then the statement with the reads replaced.
    Split(SplitPlan),
}

/// A single-statement split: `T tmp = <read>; barrier; <stmt with tmp>`.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitPlan {
    /// Start of the statement.
    pub stmt_start: u32,
    /// Indentation of the statement's line.
    pub indent: String,
    /// Reads to hoist: source range and value type.
    pub reads: Vec<(Span, ScalarTy)>,
}

/// Applies edits of one file to its text. Edits must not overlap; insertions
/// at the same offset keep their order.
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> Result<String, String> {
    let mut sorted: Vec<(usize, &TextEdit)> = edits.iter().enumerate().collect();
    sorted.sort_by_key(|(i, e)| (e.span.start, e.span.end, *i));
    let mut out = String::with_capacity(text.len() + 64);
    let mut cursor = 0usize;
    for (_, edit) in sorted {
        let (s, e) = (edit.span.start as usize, edit.span.end as usize);
        if edit.span.file != FileId(0) {
            return Err(format!("edit at {s}..{e} is outside the main file"));
        }
        if s < cursor
            || e < s
            || e > text.len()
            || !text.is_char_boundary(s)
            || !text.is_char_boundary(e)
        {
            return Err(format!(
                "edit at {}..{} overlaps another edit or lies outside the file",
                s, e
            ));
        }
        out.push_str(&text[cursor..s]);
        out.push_str(&edit.new_text);
        cursor = e;
    }
    out.push_str(&text[cursor..]);
    Ok(out)
}

/// Maps a byte offset of the original text through `edits` (insertions at the
/// offset push it right; edits of other files are ignored).
pub fn map_offset(offset: u32, edits: &[TextEdit]) -> u32 {
    let delta: i64 = edits
        .iter()
        .filter(|e| e.span.file == FileId(0) && e.span.end <= offset)
        .map(|e| e.new_text.len() as i64 - (e.span.end - e.span.start) as i64)
        .sum();
    (offset as i64 + delta).max(0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_goes_to_line_end_before_comments() {
        let t = "  x = 1; // c\n  y = 2;\n";
        assert_eq!(insertion_offset_after(t, 8, Some(16)), 13);
        let t = "  x = 1; y = 2;\n";
        assert_eq!(insertion_offset_after(t, 8, Some(9)), 8);
    }

    #[test]
    fn removal_takes_the_whole_line() {
        let t = "a;\n    __syncthreads();\nb;\n";
        let e = removal_edit(t, Span::new(7, 23));
        assert_eq!(apply_edits(t, &[e]).unwrap(), "a;\nb;\n");
    }

    #[test]
    fn apply_keeps_insertion_order_and_rejects_overlap() {
        let t = "abc";
        let ins = |o, s: &str| TextEdit {
            span: Span::new(o, o),
            new_text: s.into(),
        };
        assert_eq!(
            apply_edits(t, &[ins(1, "X"), ins(1, "Y")]).unwrap(),
            "aXYbc"
        );
        let rep = |s, e| TextEdit {
            span: Span::new(s, e),
            new_text: String::new(),
        };
        assert!(apply_edits(t, &[rep(0, 2), rep(1, 3)]).is_err());
    }

    #[test]
    fn indent_unit_detects_tabs_and_spaces() {
        assert_eq!(indent_unit("a\n\tb\n"), "\t");
        assert_eq!(indent_unit("a\n  b\n    c\n"), "  ");
    }
}
