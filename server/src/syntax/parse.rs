//! tree-sitter parsing of CUDA and OpenCL (OpenCL qualifiers blanked to keep offsets).
//!
//! tree-sitter-cuda does not know OpenCL's address-space and kernel qualifiers and
//! turns them into ERROR nodes. They are replaced by spaces of the same length in
//! a copy of the text before parsing, so every byte offset stays the same (and
//! incremental re-parsing after `Tree::edit` keeps working); a [`Qualifier`] table
//! remembers where each was. Preprocessor directive lines and inactive `#if`
//! branches are blanked the same way so the tree is plain C/C++.

use std::path::Path;

use crate::base::Lang;
use crate::syntax::preprocess::{self, lex, TokKind};

/// An OpenCL qualifier that was blanked before parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QualifierKind {
    /// `__kernel` / `kernel`.
    Kernel,
    /// `__global` / `global`.
    Global,
    /// `__local` / `local`.
    Local,
    /// `__constant` / `constant`.
    Constant,
    /// `__private` / `private`.
    Private,
    /// `__read_only`, `__write_only`, `__read_write` (image access).
    Access,
    /// `__generic` / `generic`.
    Generic,
}

/// Where a blanked qualifier was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Qualifier {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
    /// Which qualifier.
    pub kind: QualifierKind,
}

/// A parsed source file: the user's text and its tree-sitter tree.
pub struct ParsedSource {
    /// The text as the user wrote it.
    pub text: String,
    /// Dialect.
    pub lang: Lang,
    /// The syntax tree (of the text with OpenCL qualifiers blanked out, same offsets).
    pub tree: tree_sitter::Tree,
    /// The text tree-sitter parsed: `text` with directives, inactive `#if`
    /// branches and OpenCL qualifiers blanked (same length and offsets).
    pub parse_text: String,
    /// Blanked OpenCL qualifiers, sorted by position.
    pub qualifiers: Vec<Qualifier>,
}

impl ParsedSource {
    /// Qualifiers that lie inside `start..end`.
    pub fn qualifiers_in(&self, start: usize, end: usize) -> &[Qualifier] {
        qualifiers_in(&self.qualifiers, start, end)
    }
}

/// The qualifiers of a sorted table that lie inside `start..end`.
pub fn qualifiers_in(table: &[Qualifier], start: usize, end: usize) -> &[Qualifier] {
    let from = table.partition_point(|q| (q.start as usize) < start);
    let to = table.partition_point(|q| (q.end as usize) <= end).max(from);
    &table[from..to]
}

/// Start of the text that may hold blanked qualifiers of `n`: tree-sitter starts
/// the node after the blanked words, so look back to the previous sibling.
pub fn qualifier_head_start(n: tree_sitter::Node) -> usize {
    let mut cur = n;
    // Walk up while the node is a first child: the parent may start after the blanks too.
    for _ in 0..64 {
        match (cur.prev_sibling(), cur.parent()) {
            (Some(p), _) => return p.end_byte(),
            (None, Some(parent)) => cur = parent,
            (None, None) => return 0,
        }
    }
    cur.start_byte()
}

/// Which OpenCL qualifier a word is, if any.
fn qualifier_kind(word: &str) -> Option<QualifierKind> {
    Some(match word {
        "__kernel" | "kernel" => QualifierKind::Kernel,
        "__global" | "global" => QualifierKind::Global,
        "__local" | "local" => QualifierKind::Local,
        "__constant" | "constant" => QualifierKind::Constant,
        "__private" | "private" => QualifierKind::Private,
        "__generic" | "generic" => QualifierKind::Generic,
        "__read_only" | "read_only" | "__write_only" | "write_only" | "__read_write"
        | "read_write" => QualifierKind::Access,
        _ => return None,
    })
}

/// Blanks OpenCL qualifiers in `text` (only whole identifier tokens outside comments
/// and strings); returns the new text and the qualifier table.
pub fn blank_opencl_qualifiers(text: &str) -> (String, Vec<Qualifier>) {
    let mut out = text.as_bytes().to_vec();
    let mut table = Vec::new();
    for tok in lex(text) {
        if tok.kind != TokKind::Ident {
            continue;
        }
        if let Some(kind) = qualifier_kind(&text[tok.start..tok.end]) {
            // ASCII identifiers only, so byte replacement keeps UTF-8 valid.
            out[tok.start..tok.end].fill(b' ');
            table.push(Qualifier {
                start: tok.start as u32,
                end: tok.end as u32,
                kind,
            });
        }
    }
    // Only ASCII bytes were replaced by ASCII spaces.
    let out = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (out, table)
}

/// Prepares a text for tree-sitter: OpenCL qualifiers blanked for OpenCL.
pub fn prepare(text: &str, lang: Lang) -> (String, Vec<Qualifier>) {
    match lang {
        Lang::OpenCl => blank_opencl_qualifiers(text),
        Lang::Cuda => (text.to_string(), Vec::new()),
    }
}

/// Parses prepared text with tree-sitter-cuda.
pub fn parse_prepared(text: &str, old: Option<&tree_sitter::Tree>) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    // The grammar is compiled in, so its ABI matches; a failure leaves the parser
    // without a language and `parse` returns None, handled below.
    let _ = parser.set_language(&tree_sitter_cuda::LANGUAGE.into());
    // The caller's interrupt (deadline, newer text) stops a long parse.
    let mut progress = |_: &tree_sitter::ParseState| {
        if crate::base::interrupt::poll().is_some() {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let bytes = text.as_bytes();
    let parsed = parser.parse_with_options(
        &mut |offset, _| bytes.get(offset..).unwrap_or_default(),
        old,
        Some(tree_sitter::ParseOptions::new().progress_callback(&mut progress)),
    );
    match parsed {
        Some(tree) => tree,
        None => {
            // Stopped by the interrupt: unwind with its reason.
            crate::base::interrupt::stop_if_requested();
            // Only possible without a language or on cancellation: parse nothing
            // rather than fail (the caller sees an empty translation unit).
            let mut fallback = tree_sitter::Parser::new();
            let _ = fallback.set_language(&tree_sitter_cuda::LANGUAGE.into());
            fallback.parse("", None).unwrap_or_else(unreachable_tree)
        }
    }
}

#[cold]
fn unreachable_tree() -> tree_sitter::Tree {
    // tree-sitter only returns None without a language, which was set above.
    panic!("tree-sitter-cuda grammar failed to load")
}

/// Parses `text`; `old` is the previous parse after `Tree::edit`, for incremental re-parse.
pub fn parse(text: &str, lang: Lang, old: Option<&tree_sitter::Tree>) -> ParsedSource {
    // Directives and inactive branches (file-local macros only) blanked, no expansion.
    let prelude = match lang {
        Lang::Cuda => preprocess::CUDA_PRELUDE,
        Lang::OpenCl => preprocess::OPENCL_PRELUDE,
    };
    let pre = preprocess::preprocess(
        text,
        Path::new(""),
        &preprocess::Options {
            expand: false,
            includes: None,
            prelude,
        },
    );
    let has_inactive = pre.has_inactive_code;
    let stripped = pre
        .units
        .into_iter()
        .next()
        .map(|u| u.text)
        .unwrap_or_default();
    let (parse_text, qualifiers) = prepare(&stripped, lang);
    // When `#if` blanking changes far from an edit, an old tree would be stale:
    // only reuse it when no branch is inactive (directive lines are edits themselves).
    let tree = parse_prepared(&parse_text, if has_inactive { None } else { old });
    ParsedSource {
        text: text.to_string(),
        lang,
        tree,
        parse_text,
        qualifiers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opencl_qualifiers_blanked_with_same_offsets() {
        let src = "__kernel void k(__global float *a, local int *l, int global_id) {\n  // __local in a comment\n  a[0] = \"__local\"[0];\n}\n";
        let p = parse(src, Lang::OpenCl, None);
        assert_eq!(p.parse_text.len(), src.len());
        let kinds: Vec<_> = p.qualifiers.iter().map(|q| q.kind).collect();
        assert_eq!(
            kinds,
            vec![
                QualifierKind::Kernel,
                QualifierKind::Global,
                QualifierKind::Local
            ]
        );
        assert!(p.parse_text.contains("global_id"));
        assert!(p.parse_text.contains("// __local in a comment"));
        assert!(
            !p.tree.root_node().has_error(),
            "{}",
            p.tree.root_node().to_sexp()
        );
    }

    #[test]
    fn cuda_untouched_and_incremental() {
        let src = "__global__ void k(int *a) { a[threadIdx.x] = 1; }\n";
        let p = parse(src, Lang::Cuda, None);
        assert!(p.qualifiers.is_empty());
        let mut old = p.tree.clone();
        let new_src = "__global__ void k(int *a) { a[threadIdx.x] = 12; }\n";
        let at = src.find("1;").unwrap();
        old.edit(&tree_sitter::InputEdit {
            start_byte: at,
            old_end_byte: at + 1,
            new_end_byte: at + 2,
            start_position: tree_sitter::Point::new(0, at),
            old_end_position: tree_sitter::Point::new(0, at + 1),
            new_end_position: tree_sitter::Point::new(0, at + 2),
        });
        let p2 = parse(new_src, Lang::Cuda, Some(&old));
        assert!(!p2.tree.root_node().has_error());
        assert_eq!(p2.tree.root_node().end_byte(), new_src.len());
    }
}
