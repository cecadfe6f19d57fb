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
    /// How long preprocessing and parsing took (a front door that parses
    /// ahead of the analysis counts it against the kernels' budget).
    pub parse_time: std::time::Duration,
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

/// The tokens of `text` that are code: no spaces, line breaks or comments.
fn code_tokens(text: &str) -> Vec<preprocess::Tok> {
    lex(text)
        .into_iter()
        .filter(|t| !matches!(t.kind, TokKind::Space | TokKind::Newline | TokKind::Comment))
        .collect()
}

/// `text` with the blanks of `out` (a copy of its bytes in which ASCII
/// identifiers were replaced by ASCII spaces), or `text` when none was made.
fn blanked_text(out: Option<Vec<u8>>, text: &str) -> String {
    match out {
        Some(buf) => String::from_utf8(buf)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        None => text.to_string(),
    }
}

/// Prepares a text for tree-sitter: OpenCL qualifiers blanked for OpenCL.
pub fn prepare(text: &str, lang: Lang) -> (String, Vec<Qualifier>) {
    match lang {
        Lang::OpenCl => blank_opencl_qualifiers(text),
        Lang::Cuda => (text.to_string(), Vec::new()),
    }
}

/// Blanks the parentheses of `(x)`, `(p[i])`, `(s.f)` when `&&` follows them
/// and they do not follow a name, `)`, `]` or `>` (so they are not a call's
/// or a cast's own parentheses). Macro-expanded code is full of these
/// (`#define IN_RANGE(x, lo, hi) ((x)>=(lo) && (x)<=(hi))`), and
/// tree-sitter's C++ grammar may read `(lo) && (x)` as the cast `(lo)`
/// applied to `& &(x)`, which regroups the whole condition. An operand that is
/// one name, literal or postfix expression means the same with or without
/// its parentheses, and a cast cannot be meant: `&&` after a cast would take
/// the address of a label (a GNU extension that device code cannot use).
/// Same length, so every byte offset stays the same. Only the lowering's
/// parse uses it: whether a parenthesis is blanked depends on tokens around
/// it, so an editor tree re-parsed incrementally from the user's edit ranges
/// would miss blankings that change outside them (the lowering re-parses
/// from an edit computed between whole prepared texts).
pub fn blank_misleading_parentheses(text: &str) -> String {
    let toks = code_tokens(text);
    let tx = |i: usize| toks.get(i).map_or("", |t| &text[t.start..t.end]);
    let kind = |i: usize| toks.get(i).map(|t| t.kind);
    let mut blank = Vec::new();
    for open in 0..toks.len() {
        if tx(open) != "(" {
            continue;
        }
        if let Some(before) = open.checked_sub(1) {
            let prev = tx(before);
            let opaque = match kind(before) {
                Some(TokKind::Ident) => prev != "return",
                Some(TokKind::Punct) => matches!(prev, ")" | "]" | ">"),
                _ => true,
            };
            if opaque {
                continue;
            }
        }
        // A postfix expression: a name or literal, then `[..]`, `(..)`,
        // `.name`, `->name`, `::name`.
        if !matches!(
            kind(open + 1),
            Some(TokKind::Ident | TokKind::Number | TokKind::Char)
        ) {
            continue;
        }
        let mut i = open + 2;
        let close = loop {
            match tx(i) {
                ")" => break Some(i),
                "[" | "(" => {
                    let mut depth = 0usize;
                    while i < toks.len() {
                        match tx(i) {
                            "[" | "(" => depth += 1,
                            "]" | ")" => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                    i += 1;
                }
                "." | "->" | "::" if kind(i + 1) == Some(TokKind::Ident) => i += 2,
                _ => break None,
            }
        };
        if let Some(close) = close.filter(|&c| tx(c + 1) == "&&") {
            blank.push(toks[open].start);
            blank.push(toks[close].start);
        }
    }
    // `row < (a) && col > (b)`: tree-sitter reads `row<(a) && col>(b)` as a
    // call of a template `row` with the argument `(a) && col`. A template
    // argument list with a top-level `&&`/`||` is not what C++ code means
    // (such an argument is parenthesized), so the `>` is a comparison; its
    // right operand `(b)` loses its parentheses when they change nothing: it
    // has no operator that binds looser than `>` and is followed by one that
    // binds looser than `>` (`&&`, `||`, `?`, `)`, `;`).
    for gt in 1..toks.len() {
        if tx(gt) != ">" || kind(gt - 1) != Some(TokKind::Ident) || tx(gt + 1) != "(" {
            continue;
        }
        let mut depth = 0usize;
        let mut logical = false;
        let mut k = gt - 1;
        let opener = loop {
            match tx(k) {
                ")" | "]" => depth += 1,
                "(" | "[" if depth == 0 => break None,
                "(" | "[" => depth -= 1,
                "&&" | "||" if depth == 0 => logical = true,
                "<" if depth == 0 => break Some(k),
                ";" | "{" | "}" | ">" | "" => break None,
                _ => {}
            }
            match k.checked_sub(1) {
                Some(prev) => k = prev,
                None => break None,
            }
        };
        let named = opener.is_some_and(|o| o > 0 && kind(o - 1) == Some(TokKind::Ident));
        if !named || !logical {
            continue;
        }
        let open = gt + 1;
        let mut depth = 0usize;
        let mut i = open;
        let close = loop {
            match tx(i) {
                "(" | "[" => depth += 1,
                ")" | "]" => {
                    depth -= 1;
                    if depth == 0 {
                        break Some(i);
                    }
                }
                "<" | ">" | "<=" | ">=" | "==" | "!=" | "&" | "^" | "|" | "&&" | "||" | "?"
                | ":" | "," | ";" | "{" | "}" | "="
                    if depth == 1 =>
                {
                    break None
                }
                t if depth == 1 && t.len() >= 2 && t.ends_with('=') => break None,
                "" => break None,
                _ => {}
            }
            i += 1;
        };
        if let Some(close) = close.filter(|&c| matches!(tx(c + 1), "&&" | "||" | "?" | ")" | ";")) {
            blank.push(toks[open].start);
            blank.push(toks[close].start);
        }
    }
    if blank.is_empty() {
        return text.to_string();
    }
    let mut out = text.as_bytes().to_vec();
    for at in blank {
        out[at] = b' ';
    }
    // Only ASCII parentheses were replaced by ASCII spaces.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// CUDA function qualifiers that may be written between a function's return
/// type and its name.
const FUNCTION_QUALIFIERS: [&str; 5] = [
    "__device__",
    "__host__",
    "__forceinline__",
    "__noinline__",
    "__inline__",
];

/// Blanks CUDA function qualifiers written after the return type, as in
/// `T const & __device__ __host__ max(const T &a, const T &b)` (nvcc accepts
/// them anywhere among the declaration's specifiers; tree-sitter's grammar
/// only before the type, and turns the whole definition into an error). A
/// run of them is blanked when a type ends right before it (`&`, `&&`, `*`,
/// `>` or a name) and a function name and `(` follow. They only say where a
/// function may run, which the checker does not need for a function a kernel
/// calls. Same length, so every byte offset stays the same; like
/// [`blank_misleading_parentheses`], only the lowering's parse uses it.
pub fn blank_trailing_function_qualifiers(text: &str) -> String {
    if !FUNCTION_QUALIFIERS.iter().any(|q| text.contains(q)) {
        return text.to_string();
    }
    let toks = code_tokens(text);
    let tx = |i: usize| toks.get(i).map_or("", |t| &text[t.start..t.end]);
    let is_qual = |i: usize| FUNCTION_QUALIFIERS.contains(&tx(i));
    let mut out: Option<Vec<u8>> = None;
    let mut i = 1;
    while i < toks.len() {
        if !is_qual(i) || is_qual(i - 1) {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        while is_qual(end) {
            end += 1;
        }
        let prev = tx(start - 1);
        // Words that may precede a function's qualifiers without being
        // its return type.
        let not_a_type = matches!(
            prev,
            "static"
                | "inline"
                | "extern"
                | "explicit"
                | "virtual"
                | "constexpr"
                | "friend"
                | "template"
                | "typename"
                | "return"
                | "else"
                | "do"
                | "case"
                | "default"
                | "public"
                | "private"
                | "protected"
        );
        let type_ends = match toks[start - 1].kind {
            TokKind::Ident => !not_a_type,
            TokKind::Punct => matches!(prev, "&" | "&&" | "*" | ">"),
            _ => false,
        };
        // The declarator: a name (possibly qualified) and its `(`.
        let mut k = end;
        let mut names_fn = false;
        while toks.get(k).is_some_and(|t| t.kind == TokKind::Ident) {
            match tx(k + 1) {
                "(" => {
                    names_fn = true;
                    break;
                }
                "::" => k += 2,
                _ => break,
            }
        }
        if type_ends && names_fn {
            let buf = out.get_or_insert_with(|| text.as_bytes().to_vec());
            for t in &toks[start..end] {
                buf[t.start..t.end].fill(b' ');
            }
        }
        i = end;
    }
    blanked_text(out, text)
}

/// Blanks the execution-space specifiers of CUDA extended lambdas,
/// `[=] __device__ (int i) { .. }` and `[] __host__ __device__ () { .. }`
/// (nvcc's `--extended-lambda`, used by thrust, CUB and ATen's `GPU_LAMBDA`):
/// tree-sitter's grammar has no place for them between the capture list and
/// the parameters, and turns the whole lambda into an error. A run of them is
/// blanked when a `]` comes right before it and a lambda's parameters, body,
/// trailing return type or `mutable` right after; after an array subscript
/// they cannot appear. They only say where the lambda may run. Same length,
/// so every byte offset stays the same; like [`blank_misleading_parentheses`],
/// only the lowering's parse uses it.
pub fn blank_lambda_execution_spaces(text: &str) -> String {
    const SPACES: [&str; 2] = ["__device__", "__host__"];
    if !SPACES.iter().any(|q| text.contains(q)) {
        return text.to_string();
    }
    let toks = code_tokens(text);
    let tx = |i: usize| toks.get(i).map_or("", |t| &text[t.start..t.end]);
    let mut out: Option<Vec<u8>> = None;
    let mut i = 1;
    while i < toks.len() {
        if !SPACES.contains(&tx(i)) || tx(i - 1) != "]" {
            i += 1;
            continue;
        }
        let mut end = i;
        while SPACES.contains(&tx(end)) {
            end += 1;
        }
        if matches!(
            tx(end),
            "(" | "{" | "->" | "mutable" | "constexpr" | "noexcept"
        ) {
            let buf = out.get_or_insert_with(|| text.as_bytes().to_vec());
            for t in &toks[i..end] {
                buf[t.start..t.end].fill(b' ');
            }
        }
        i = end;
    }
    blanked_text(out, text)
}

/// The invocations `NAME(args)` of a name that is not a macro (the text is
/// preprocessed: a macro would have been expanded) written right before a
/// CUDA execution-space specifier at the start of a declaration, as
/// `C10_LAUNCH_BOUNDS_1(256) __global__ void k(..)` where the macro's header
/// was not found: by byte range (name to closing parenthesis) and name.
/// Whatever the macro expands to, a definition that follows stays valid only
/// if it is a sequence of declaration specifiers or attributes, and none of
/// those changes what a function's body accesses (`__launch_bounds__` only
/// restricts the launch, so ignoring it over-approximates).
pub fn unknown_specifier_macros(text: &str) -> Vec<(usize, usize, String)> {
    const SPACES: [&str; 3] = ["__global__", "__device__", "__host__"];
    if !SPACES.iter().any(|q| text.contains(q)) {
        return Vec::new();
    }
    let toks = code_tokens(text);
    let tx = |i: usize| toks.get(i).map_or("", |t| &text[t.start..t.end]);
    let mut found = Vec::new();
    let mut i = 0;
    while i + 1 < toks.len() {
        let name = tx(i);
        let candidate = toks[i].kind == TokKind::Ident
            && tx(i + 1) == "("
            && !name.starts_with("__")
            && !matches!(
                name,
                "alignas" | "decltype" | "sizeof" | "alignof" | "noexcept" | "static_assert"
            );
        // A declaration starts here: after a template header, a statement
        // or block end, `extern "C"`, or at the top.
        let starts = i == 0
            || matches!(
                tx(i - 1),
                ";" | "}" | "{" | ">" | "static" | "inline" | "extern"
            )
            || toks[i - 1].kind == TokKind::Str;
        if !(candidate && starts) {
            i += 1;
            continue;
        }
        let mut depth = 0usize;
        let mut close = None;
        for (k, t) in toks.iter().enumerate().skip(i + 1) {
            match &text[t.start..t.end] {
                "(" => depth += 1,
                ")" => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(k);
                        break;
                    }
                }
                ";" | "{" | "}" => break,
                _ => {}
            }
        }
        match close {
            Some(c) if SPACES.contains(&tx(c + 1)) => {
                found.push((toks[i].start, toks[c].end, name.to_string()));
                i = c + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// Blanks the invocations [`unknown_specifier_macros`] finds (line breaks
/// kept, so every byte offset and line stays the same); only the lowering's
/// parse uses it, like [`blank_misleading_parentheses`].
pub fn blank_unknown_specifier_macros(text: &str) -> String {
    let found = unknown_specifier_macros(text);
    if found.is_empty() {
        return text.to_string();
    }
    let mut buf = text.as_bytes().to_vec();
    for (start, end, _) in found {
        for b in &mut buf[start..end] {
            if !matches!(*b, b'\n' | b'\r') {
                *b = b' ';
            }
        }
    }
    // Only ASCII and whatever the arguments held were replaced by ASCII
    // spaces, byte by byte: a multi-byte character becomes spaces too.
    String::from_utf8(buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
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
            // Stopped by the interrupt. The parser still holds the partial
            // parse of a long text, whose release takes a good part of a
            // second under load: it is freed on another thread, not on the
            // one whose deadline has just passed.
            drop(crate::base::DropElsewhere::when(
                parser,
                text.len() >= FREE_PARSER_ELSEWHERE_BYTES,
            ));
            // Unwind with the interrupt's reason.
            crate::base::interrupt::stop_if_requested();
            // Only possible without a language or on cancellation: parse nothing
            // rather than fail (the caller sees an empty translation unit).
            let mut fallback = tree_sitter::Parser::new();
            let _ = fallback.set_language(&tree_sitter_cuda::LANGUAGE.into());
            fallback.parse("", None).unwrap_or_else(unreachable_tree)
        }
    }
}

/// Texts from this long on have the parser of an interrupted parse freed on
/// another thread (as `frontend::lower_source` does with finished trees).
const FREE_PARSER_ELSEWHERE_BYTES: usize = 1 << 20;

#[cold]
fn unreachable_tree() -> tree_sitter::Tree {
    // tree-sitter only returns None without a language, which was set above.
    panic!("tree-sitter-cuda grammar failed to load")
}

/// Parses `text`; `old` is the previous parse after `Tree::edit`, for incremental re-parse.
pub fn parse(text: &str, lang: Lang, old: Option<&tree_sitter::Tree>) -> ParsedSource {
    let started = std::time::Instant::now();
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
        parse_time: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_macros_before_execution_space_specifiers_are_found() {
        let text = "template <int N>\nBOUNDS(N, (2)) __global__ void k(int *a) { f(1); }\n\
                    extern \"C\" B(1)\n__device__ int g();\nint x = h(2) + 1;\n\
                    __device__ void m() { q(3) ; }\nint y = __launch_bounds__(1) __global__;";
        let found: Vec<String> = unknown_specifier_macros(text)
            .into_iter()
            .map(|(s, e, n)| format!("{n}={}", &text[s..e]))
            .collect();
        assert_eq!(found, ["BOUNDS=BOUNDS(N, (2))", "B=B(1)"]);
        let blanked = blank_unknown_specifier_macros(text);
        assert_eq!(blanked.len(), text.len());
        assert!(blanked.contains("               __global__ void k"));
        assert_eq!(blanked.lines().count(), text.lines().count());
    }

    #[test]
    fn function_qualifiers_after_the_return_type_are_blanked() {
        let cases = [
            (
                "T const &\n__device__ __host__ mx(T a) { return a; }",
                "T const &\n                    mx(T a) { return a; }",
            ),
            ("int __device__ f(int a);", "int            f(int a);"),
            (
                "float * __forceinline__ S::g()",
                "float *                 S::g()",
            ),
            // Before the type, or not before a function name: kept.
            ("__device__ int f();", "__device__ int f();"),
            ("static __device__ int f();", "static __device__ int f();"),
            (
                "template <int N> __device__ T f();",
                "template <int N> __device__ T f();",
            ),
            (
                "struct P { __device__ P() {} };",
                "struct P { __device__ P() {} };",
            ),
            ("__device__ int counter;", "__device__ int counter;"),
            ("int __device__ x;", "int __device__ x;"),
        ];
        for (text, want) in cases {
            let got = blank_trailing_function_qualifiers(text);
            assert_eq!(got, want, "{text}");
            assert_eq!(got.len(), text.len());
        }
    }

    #[test]
    fn lambda_execution_spaces_blanked_and_others_kept() {
        let cases = [
            (
                "auto f = [=] __device__ (int i) { return i; };",
                "auto f = [=]            (int i) { return i; };",
            ),
            (
                "g([] __host__ __device__ { return 1; });",
                "g([]                     { return 1; });",
            ),
            (
                "auto f = [&] __device__ () -> int { return 0; };",
                "auto f = [&]            () -> int { return 0; };",
            ),
            // Not a lambda's specifiers: kept.
            ("int a[4] __device__;", "int a[4] __device__;"),
            ("__device__ int x[2];", "__device__ int x[2];"),
        ];
        for (text, want) in cases {
            let got = blank_lambda_execution_spaces(text);
            assert_eq!(got, want, "{text}");
            assert_eq!(got.len(), text.len());
        }
    }

    #[test]
    fn misleading_parentheses_blanked_and_others_kept() {
        let cases = [
            (
                "v = ((x)>=(lo) && (x)<=(hi));",
                "v = ((x)>= lo  && (x)<=(hi));",
            ),
            (
                "v = 'A' <= (p[i]) && (p[i]) <= 'Z';",
                "v = 'A' <=  p[i]  && (p[i]) <= 'Z';",
            ),
            (
                "if (r < (a) && c > (b-1) && d) x;",
                "if (r <  a  && c >  b-1  && d) x;",
            ),
            // Calls, casts, `sizeof`, template arguments and looser operands stay.
            ("v = f(x) && g(y);", "v = f(x) && g(y);"),
            ("v = (float)(x) && y;", "v = (float)(x) && y;"),
            ("v = sizeof(x) && y;", "v = sizeof(x) && y;"),
            (
                "v = static_cast<int>(x) && y;",
                "v = static_cast<int>(x) && y;",
            ),
            ("v = (a + b) && c;", "v = (a + b) && c;"),
            ("v = r < (a) && c > (b) * 2;", "v = r <  a  && c > (b) * 2;"),
            (
                "v = r < (a) && c > (b || d) && e;",
                "v = r <  a  && c > (b || d) && e;",
            ),
        ];
        for (text, want) in cases {
            let got = blank_misleading_parentheses(text);
            assert_eq!(got, want, "{text}");
            assert_eq!(got.len(), text.len());
        }
    }

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
