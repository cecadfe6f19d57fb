//! `#define` macros, `#if`/`#ifdef`, `#include "..."` of neighbouring headers.
//!
//! The preprocessor works on text: it produces, per file, the text tree-sitter
//! parses (directive lines and inactive `#if` branches blanked with spaces, macro
//! invocations replaced by their expansion) and a [`SourceMap`] from that text
//! back to what the user wrote. Expanding on text rather than on tree fragments
//! also covers macros that are not syntactic units (type and qualifier macros,
//! loop headers); every byte of an expansion maps to the whole invocation, so IR
//! nodes built from it carry the invocation's range and `in_macro`.

use crate::base::HashMap;
use std::path::{Path, PathBuf};

use crate::base::{FileId, Span};

/// Longest chain of nested macro expansions before giving up.
const MAX_EXPANSION_DEPTH: usize = 64;
/// Most tokens one top-level invocation may expand to.
const MAX_EXPANSION_TOKENS: usize = 200_000;
/// Most bytes all expansions of one run may produce.
const MAX_EXPANDED_BYTES: usize = 64 << 20;
/// Deepest `#include` nesting followed.
const MAX_INCLUDE_DEPTH: usize = 16;
/// Deepest parenthesis nesting in `#if` expressions.
const MAX_IF_EXPR_DEPTH: usize = 200;

/// Kind of a lexical token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokKind {
    /// Identifier or keyword.
    Ident,
    /// Preprocessing number.
    Number,
    /// String literal.
    Str,
    /// Character literal.
    Char,
    /// Operator or punctuation.
    Punct,
    /// `//` or `/* */` comment.
    Comment,
    /// Spaces, tabs, line continuations.
    Space,
    /// A line break.
    Newline,
}

/// A token: kind and byte range in the lexed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tok {
    /// Kind.
    pub kind: TokKind,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

const PUNCTS3: [&str; 4] = ["<<=", ">>=", "...", "->*"];
const PUNCTS2: [&str; 22] = [
    "##", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "::", ".*",
];

/// Whether `rest` starts with the bytes of `p`, compared byte by byte: the
/// lexer asks this up to 26 times per punctuation token, and a `memcmp` call
/// each time was the largest single cost of lexing.
fn starts_with_bytes(rest: &[u8], p: &str) -> bool {
    let p = p.as_bytes();
    rest.len() >= p.len() && p.iter().zip(rest).all(|(a, b)| a == b)
}

/// Splits `text` into tokens (never fails: unknown bytes become one-byte punctuation).
pub(crate) fn lex(text: &str) -> Vec<Tok> {
    let mut toks = Vec::with_capacity(text.len() / 3);
    toks.extend(Lexer::new(text));
    toks
}

/// The tokens of a text one at a time, as [`lex`] gives them: for scans that
/// keep only a few (a 5 MB text has about two million tokens).
pub(crate) struct Lexer<'t> {
    text: &'t str,
    /// Start of the next token.
    at: usize,
    /// Offset at which the caller's interrupt is polled next.
    next_poll: usize,
}

impl<'t> Lexer<'t> {
    /// A lexer at the start of `text`.
    pub(crate) fn new(text: &'t str) -> Lexer<'t> {
        Lexer {
            text,
            at: 0,
            next_poll: 1 << 16,
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Tok;

    fn next(&mut self) -> Option<Tok> {
        let text = self.text;
        let b = text.as_bytes();
        let mut i = self.at;
        if i >= b.len() {
            return None;
        }
        if i >= self.next_poll {
            // A long text: the caller's interrupt may stop it here.
            self.next_poll = i + (1 << 16);
            crate::base::interrupt::stop_if_requested();
        }
        let start = i;
        let c = b[i];
        let kind = if c == b'\n' || c == b'\r' {
            i += if c == b'\r' && b.get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            TokKind::Newline
        } else if c == b'\\' && matches!(b.get(i + 1), Some(b'\n') | Some(b'\r')) {
            i += 1;
            i += if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            TokKind::Space
        } else if c == b' ' || c == b'\t' || c == 0x0b || c == 0x0c {
            while i < b.len() && matches!(b[i], b' ' | b'\t' | 0x0b | 0x0c) {
                i += 1;
            }
            TokKind::Space
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
                // A backslash-newline continues a line comment.
                if b[i] == b'\\' && matches!(b.get(i + 1), Some(b'\n')) {
                    i += 2;
                    continue;
                }
                i += 1;
            }
            TokKind::Comment
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                i += 1;
            }
            i = (i + 2).min(b.len());
            TokKind::Comment
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
            TokKind::Ident
        } else if c.is_ascii_digit()
            || (c == b'.' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            i += 1;
            while i < b.len() {
                let d = b[i];
                let exponent_sign =
                    (d == b'+' || d == b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                if !(exponent_sign
                    || d.is_ascii_alphanumeric()
                    || d == b'.'
                    || d == b'_'
                    || d == b'\'')
                {
                    break;
                }
                i += 1;
            }
            TokKind::Number
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
            if c == b'"' {
                TokKind::Str
            } else {
                TokKind::Char
            }
        } else {
            let rest = &text.as_bytes()[i..];
            let len = if PUNCTS3.iter().any(|p| starts_with_bytes(rest, p)) {
                3
            } else if PUNCTS2.iter().any(|p| starts_with_bytes(rest, p)) {
                2
            } else {
                // Step over a whole UTF-8 character.
                let mut l = 1;
                while i + l < b.len() && (b[i + l] & 0xC0) == 0x80 {
                    l += 1;
                }
                l
            };
            i += len;
            TokKind::Punct
        };
        // Never split inside a UTF-8 character.
        while i < b.len() && !text.is_char_boundary(i) {
            i += 1;
        }
        // Every branch consumed at least one byte, so the lexer advances.
        self.at = i.min(b.len());
        Some(Tok {
            kind,
            start,
            end: self.at,
        })
    }
}

/// A macro definition.
#[derive(Clone, Debug, PartialEq)]
pub struct MacroDef {
    /// Name.
    pub name: String,
    /// Parameter names for function-like macros (None: object-like).
    pub params: Option<Vec<String>>,
    /// Whether the last parameter is `...` (`__VA_ARGS__`).
    pub variadic: bool,
    /// Replacement tokens (texts).
    pub body: Vec<String>,
    /// Where it is defined.
    pub span: Span,
}

/// One piece of the source map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seg {
    /// Start in the preprocessed text.
    out_start: u32,
    /// End in the preprocessed text.
    out_end: u32,
    /// Start in the original text.
    src_start: u32,
    /// End in the original text.
    src_end: u32,
    /// True for a macro expansion (every byte maps to the whole invocation).
    is_macro: bool,
}

/// Maps byte ranges of a preprocessed text back to the file the user wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// File of the original text.
    pub file: FileId,
    segs: Vec<Seg>,
}

impl SourceMap {
    fn seg_at(&self, pos: u32) -> Option<&Seg> {
        let i = self.segs.partition_point(|s| s.out_end <= pos);
        self.segs.get(i).or_else(|| self.segs.last())
    }

    /// Maps a range of the preprocessed text to the user's text; the flag is true
    /// when either end lies in a macro expansion.
    pub fn map(&self, start: u32, end: u32) -> (Span, bool) {
        let (s, s_macro) = match self.seg_at(start) {
            Some(seg) if seg.is_macro => (seg.src_start, true),
            Some(seg) => (
                (seg.src_start + start.saturating_sub(seg.out_start)).min(seg.src_end),
                false,
            ),
            None => (start, false),
        };
        let last = if end > start { end - 1 } else { end };
        let (e, e_macro) = match self.seg_at(last) {
            Some(seg) if seg.is_macro => (seg.src_end, true),
            Some(seg) => (
                (seg.src_start + end.saturating_sub(seg.out_start)).min(seg.src_end),
                false,
            ),
            None => (end, false),
        };
        (
            Span {
                file: self.file,
                start: s,
                end: e.max(s),
            },
            s_macro || e_macro,
        )
    }

    /// Whether the map is the identity (no macro was expanded).
    pub fn is_identity(&self) -> bool {
        self.segs
            .iter()
            .all(|s| !s.is_macro && s.out_start == s.src_start)
    }
}

/// A file after preprocessing.
#[derive(Clone, Debug)]
pub struct Unit {
    /// Which file.
    pub file: FileId,
    /// Path of the file.
    pub path: PathBuf,
    /// Text tree-sitter parses.
    pub text: String,
    /// Map back to the file's text.
    pub map: SourceMap,
}

/// A preprocessing problem.
#[derive(Clone, Debug, PartialEq)]
pub struct PreprocDiagnostic {
    /// Where (in the user's text).
    pub span: Span,
    /// Message.
    pub message: String,
    /// Error or warning.
    pub is_error: bool,
}

/// Result of preprocessing a file and its headers.
#[derive(Clone, Debug)]
pub struct Preprocessed {
    /// `units[0]` is the main file, followed by included headers in inclusion order.
    pub units: Vec<Unit>,
    /// Texts of every file by `FileId` (0 is the main file).
    pub files: Vec<(PathBuf, String)>,
    /// Problems found.
    pub diagnostics: Vec<PreprocDiagnostic>,
    /// Macros defined at the end of the main file.
    pub macros: HashMap<String, MacroDef>,
    /// Whether some code (not just directive lines) was blanked as inactive.
    pub has_inactive_code: bool,
    /// How many units after the main one are the context of the file's
    /// includer ([`preprocess_in_context`]): not part of the file itself.
    pub context_units: usize,
    /// How many units at the end are the includer's text after its
    /// `#include` of the file (and the headers it includes): the rest of the
    /// translation unit, not part of the file itself.
    pub trailing_units: usize,
    /// With an includer context: whether the units hold the whole
    /// translation unit of the chain's outermost file (each includer's text
    /// after its `#include` was read too, see `preprocess_in_context`).
    pub whole_unit: bool,
}

/// Reads the text of `#include "name"` included from a file: (resolved path, text).
pub type IncludeReader<'a> = dyn Fn(&Path, &str) -> Result<(PathBuf, String), String> + 'a;

/// Options of a preprocessing run.
pub struct Options<'a> {
    /// Whether macro invocations are expanded (false: only directives and inactive code are blanked).
    pub expand: bool,
    /// Header reader; None skips every include.
    pub includes: Option<&'a IncludeReader<'a>>,
    /// Directives run before the file (predefined macros of the dialect).
    pub prelude: &'a str,
}

/// Predefined macros of CUDA device compilation for the default target
/// ([`CudaTarget::default`]: CUDA 12.8, `sm_90`); `__align__` only affects
/// layout padding, which does not change which bytes two threads may share.
pub const CUDA_PRELUDE: &str = "#define __CUDACC__ 1\n#define __NVCC__ 1\n#define __CUDACC_VER_MAJOR__ 12\n#define __CUDACC_VER_MINOR__ 8\n#define __CUDACC_VER_BUILD__ 0\n#define CUDA_VERSION 12080\n#define CUDART_VERSION 12080\n#define __CUDA_API_VERSION 12080\n#define __CUDA_ARCH__ 900\n#define __align__(n)\n#define __typeof__ decltype\n#define __typeof decltype\n";

/// The CUDA toolkit version and GPU architecture a file is compiled for, as
/// nvcc's predefined macros and the CUDA headers tell the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CudaTarget {
    /// Toolkit major version (`__CUDACC_VER_MAJOR__`).
    pub major: u32,
    /// Toolkit minor version (`__CUDACC_VER_MINOR__`).
    pub minor: u32,
    /// Compute capability times 10, e.g. 90 for `sm_90` (`__CUDA_ARCH__` is 10 times this).
    pub arch: u32,
}

impl Default for CudaTarget {
    /// CUDA 12.8 for `sm_90`: keep in step with [`CUDA_PRELUDE`] and the README.
    fn default() -> Self {
        CudaTarget {
            major: 12,
            minor: 8,
            arch: 90,
        }
    }
}

impl CudaTarget {
    /// Parses a version such as `12.8` (or `12`).
    pub fn parse_version(text: &str) -> Option<(u32, u32)> {
        let mut parts = text.trim().split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = parts.next().map_or(Some(0), |m| m.parse().ok())?;
        (parts.next().is_none() && major > 0 && minor < 100).then_some((major, minor))
    }

    /// Parses an architecture: `90`, `sm_90`, `compute_80`, `sm_90a`.
    pub fn parse_arch(text: &str) -> Option<u32> {
        let t = text.trim();
        let t = t
            .strip_prefix("sm_")
            .or_else(|| t.strip_prefix("compute_"))
            .unwrap_or(t);
        let t = t.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        t.parse().ok().filter(|a| (10..1000).contains(a))
    }

    /// The predefined macros: `__CUDACC__`, `__NVCC__`, the version macros,
    /// `CUDA_VERSION`/`CUDART_VERSION` (from the CUDA headers nvcc includes),
    /// and `__CUDA_ARCH__` when `device` (nvcc's device pass; the host pass
    /// leaves it undefined).
    pub fn prelude(&self, device: bool) -> String {
        let version = self.major * 1000 + self.minor * 10;
        let mut text = format!(
            "#define __CUDACC__ 1\n#define __NVCC__ 1\n#define __CUDACC_VER_MAJOR__ {}\n#define __CUDACC_VER_MINOR__ {}\n#define __CUDACC_VER_BUILD__ 0\n#define CUDA_VERSION {version}\n#define CUDART_VERSION {version}\n#define __CUDA_API_VERSION {version}\n",
            self.major, self.minor
        );
        if device {
            text.push_str(&format!("#define __CUDA_ARCH__ {}\n", self.arch * 10));
        }
        text.push_str("#define __align__(n)\n");
        // GNU `__typeof__(e)` is C++ `decltype(e)` for the expressions it is
        // used on (macro temporaries); the parser knows only the latter.
        text.push_str("#define __typeof__ decltype\n#define __typeof decltype\n");
        text
    }
}

/// `#define` lines for `-D` definitions (`NAME`, `NAME=VALUE`, `NAME(a)=body`).
pub fn define_lines(defines: &[String]) -> String {
    let mut text = String::new();
    for d in defines {
        let (name, value) = d.split_once('=').unwrap_or((d.as_str(), "1"));
        let name = name.trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            continue;
        }
        text.push_str(&format!("#define {name} {}\n", value.replace('\n', " ")));
    }
    text
}

/// Predefined macros of OpenCL C 1.2.
pub const OPENCL_PRELUDE: &str = "#define __OPENCL_VERSION__ 120\n#define __OPENCL_C_VERSION__ 120\n#define CL_VERSION_1_0 100\n#define CL_VERSION_1_1 110\n#define CL_VERSION_1_2 120\n#define __ENDIAN_LITTLE__ 1\n#define __IMAGE_SUPPORT__ 1\n#define __kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1)))\n";

/// The file that includes a file checked alone: its path, its text and the
/// byte offset of the `#include` line (the text before it is the context).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Includer {
    /// Path of the including file.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Where its `#include` of the checked file starts.
    pub at: usize,
    /// The file that includes this includer, when it is itself included (a
    /// chain `main.cu` -> `wrap.h` -> the checked file): the outer file's
    /// text before its `#include` is read first, as the compiler reads it.
    pub outer: Option<Box<Includer>>,
}

impl Includer {
    /// The includers from the outermost (the file the compiler is given) to
    /// this one (the checked file's own includer).
    pub fn chain(&self) -> Vec<&Includer> {
        let mut chain = vec![self];
        while let Some(outer) = chain.last().and_then(|i| i.outer.as_deref()) {
            chain.push(outer);
        }
        chain.reverse();
        chain
    }
}

/// Every program that compiles a file checked alone inside other files: one
/// includer chain per `#include` of it (see [`Includer::outer`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IncluderContexts {
    /// The includer chains found (none: the file is compiled on its own).
    pub chains: Vec<Includer>,
    /// Why further programs may compile the file unseen (a bound of the
    /// search, an unreadable folder or file): None when every one was read.
    pub unread: Option<String>,
}

/// Preprocesses `text` (the file at `path`).
pub fn preprocess(text: &str, path: &Path, opts: &Options) -> Preprocessed {
    preprocess_in_context(text, path, opts, None)
}

/// Like [`preprocess`], as the file is included by `includer`: the includer's
/// text before its `#include` is preprocessed first (its macros and the
/// headers it includes apply, its own declarations become a unit), as the
/// compiler reads the file. The context's units come right after the main
/// unit ([`Preprocessed::context_units`] of them); the context's own
/// preprocessing problems are not the file's and are dropped. When the
/// context reads the file itself (through another header), it is not used.
pub fn preprocess_in_context(
    text: &str,
    path: &Path,
    opts: &Options,
    includer: Option<&Includer>,
) -> Preprocessed {
    if let Some(includer) = includer {
        if let Some(done) = preprocess_with_includer(text, path, opts, includer) {
            return done;
        }
    }
    preprocess_alone(text, path, opts)
}

fn preprocess_with_includer(
    text: &str,
    path: &Path,
    opts: &Options,
    includer: &Includer,
) -> Option<Preprocessed> {
    let chain = includer.chain();
    let mut pp = Pre::new(text, path, opts);
    // An includer that read the file before this `#include` (an X-macro
    // file included twice) read it as any header, under its own number: the
    // checked file's number 0 is the copy this context compiles.
    let main_path = std::mem::take(&mut pp.files[0].0);
    // Each includer's text before its `#include`, outermost first: the
    // macros and declarations the compiler has read when it reaches the file.
    let mut ids = Vec::with_capacity(chain.len());
    let mut stack: Vec<PathBuf> = Vec::new();
    for level in &chain {
        let prefix = level.text.get(..level.at)?;
        let id = FileId(pp.files.len() as u32);
        ids.push(id);
        pp.files.push((level.path.clone(), level.text.clone()));
        stack.push(level.path.clone());
        pp.include_stack = stack.clone();
        let unit = pp.run_file(prefix, id, &level.path);
        if pp.units.iter().any(|u| u.file == FileId(0)) {
            return None;
        }
        pp.units.push(unit);
    }
    pp.files[0].0 = main_path;
    pp.diagnostics.clear();
    pp.has_inactive_code = false;
    pp.include_stack = vec![path.to_path_buf()];
    let context_units = pp.units.len();
    let main = pp.run_file(text, FileId(0), path);
    let has_inactive_code = pp.has_inactive_code;
    let diagnostics = std::mem::take(&mut pp.diagnostics);
    // The rest of the translation unit, read with the macros in force after
    // the file, as the compiler goes on: a function the file declares may
    // be defined there ([basic.def.odr]: a call binds to the function,
    // wherever its definition is). Only when the `#include` is outside any
    // `#if` group (the text after it is then read from a clean condition
    // state) and the rest does not read the file again; for a chain, the
    // innermost includer's rest first, then each outer one's, as long as
    // each is so.
    let mut trailing = Vec::new();
    let mut whole_unit = true;
    for (depth, (level, id)) in chain.iter().zip(&ids).enumerate().rev() {
        let Some(rest) = includer_rest(&level.text, level.at) else {
            whole_unit = false;
            break;
        };
        let before = pp.units.len();
        pp.include_stack = stack[..=depth].to_vec();
        let unit = pp.run_file(&rest, *id, &level.path);
        let mut read = pp.units.split_off(before);
        read.push(unit);
        if read.iter().any(|u| u.file == FileId(0) || u.path == path) {
            whole_unit = false;
            break;
        }
        trailing.append(&mut read);
    }
    pp.diagnostics = diagnostics;
    pp.has_inactive_code = has_inactive_code;
    let mut units = vec![main];
    units.append(&mut pp.units);
    let trailing_units = trailing.len();
    units.append(&mut trailing);
    Some(Preprocessed {
        units,
        files: pp.files,
        diagnostics: pp.diagnostics,
        macros: pp.macros,
        has_inactive_code: pp.has_inactive_code,
        context_units,
        trailing_units,
        whole_unit,
    })
}

/// Whether the physical line starting `text` begins with an include
/// directive (`#include`, `#import`, `%:` for `#`, blanks around it).
fn is_include_directive_line(text: &str) -> bool {
    let line = text.trim_start_matches([' ', '\t']);
    line.strip_prefix('#')
        .or_else(|| line.strip_prefix("%:"))
        .map(|rest| rest.trim_start_matches([' ', '\t']))
        .is_some_and(|rest| rest.starts_with("include") || rest.starts_with("import"))
}

/// The logical lines of `text` as the preprocessor reads directives, after
/// translation phases 1-3: backslash-newline spliced (phase 2, anywhere: `#inc\`
/// newline `lude`), and each comment one space (phase 3: a `/* ... */` over
/// several lines joins them into one line, `# /* a` newline `b */ include`),
/// each with the byte offset of its first physical line. Comment markers
/// inside a quoted string or character literal are not comments.
pub fn logical_lines(text: &str) -> Vec<(usize, String)> {
    // Byte by byte: every character the scanner acts on is ASCII, and no
    // byte of a multi-byte UTF-8 character is, so each such character is
    // copied or skipped whole, and every line is valid UTF-8. Runs of bytes
    // no rule looks at are copied (or skipped) at once: the includer search
    // scans every file of two folders with this.
    #[derive(PartialEq, Clone, Copy)]
    enum State {
        Code,
        Quoted(u8),
        LineComment,
        BlockComment,
    }
    /// The length of the run at the start of `bytes` of bytes not in
    /// `stops`, at least 1 (the first byte is one no rule acts on).
    fn run(bytes: &[u8], stops: &[u8]) -> usize {
        bytes
            .iter()
            .position(|b| stops.contains(b))
            .unwrap_or(bytes.len())
            .max(1)
    }
    fn into_text(line: Vec<u8>) -> String {
        String::from_utf8(line)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut state = State::Code;
    let mut line_start = 0;
    let mut current: Vec<u8> = Vec::new();
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        let rest = &bytes[i + 1..];
        // Phase 2: a backslash at the end of a physical line joins it to the
        // next, whatever the state.
        if c == b'\\' && (rest.starts_with(b"\n") || rest.starts_with(b"\r\n")) {
            i += if rest.starts_with(b"\n") { 2 } else { 3 };
            continue;
        }
        if c == b'\r' && rest.starts_with(b"\n") {
            i += 1;
            continue;
        }
        if c == b'\n' {
            // A physical line that reads as an include directive ends a block
            // comment: the scanner may have opened that comment by mistake
            // (a `/*` after a digit separator `1'000` or inside a raw
            // string), and an include taken for one more than there is only
            // adds an includer context, never hides one.
            let next_line = text.get(i + 1..).unwrap_or("");
            i += 1;
            if state == State::BlockComment && !is_include_directive_line(next_line) {
                continue;
            }
            lines.push((line_start, into_text(std::mem::take(&mut current))));
            line_start = i;
            state = State::Code;
            continue;
        }
        match state {
            State::Code => {
                if c == b'/' && rest.starts_with(b"*") {
                    current.push(b' ');
                    state = State::BlockComment;
                    i += 2;
                } else if c == b'/' && rest.starts_with(b"/") {
                    current.push(b' ');
                    state = State::LineComment;
                    i += 2;
                } else if c == b'"' || c == b'\'' {
                    current.push(c);
                    state = State::Quoted(c);
                    i += 1;
                } else {
                    let n = run(&bytes[i..], b"\\\n\r/\"'");
                    current.extend_from_slice(&bytes[i..i + n]);
                    i += n;
                }
            }
            State::Quoted(quote) => {
                if c == quote {
                    current.push(c);
                    state = State::Code;
                    i += 1;
                } else if c == b'\\' {
                    // An escaped character (not a splice: handled above).
                    current.push(c);
                    i += 1;
                    if let Some(&next) = bytes.get(i) {
                        if next != b'\n' && next != b'\r' {
                            current.push(next);
                            i += 1;
                        }
                    }
                } else {
                    let n = run(&bytes[i..], &[b'\\', b'\n', b'\r', quote]);
                    current.extend_from_slice(&bytes[i..i + n]);
                    i += n;
                }
            }
            State::LineComment => i += run(&bytes[i..], b"\\\n\r"),
            State::BlockComment => {
                if c == b'*' && rest.starts_with(b"/") {
                    state = State::Code;
                    i += 2;
                } else {
                    i += run(&bytes[i..], b"\\\n\r*");
                }
            }
        }
    }
    if !current.is_empty() || line_start < text.len() {
        lines.push((line_start, into_text(current)));
    }
    lines
}

/// The includer's text after the `#include` line at `at`, everything up to
/// the end of that line blanked (byte offsets stay those of the includer), or
/// `None` when the `#include` is inside an `#if` group: the directives after
/// it would close a group the blanked text opened.
fn includer_rest(text: &str, at: usize) -> Option<String> {
    let prefix = text.get(..at)?;
    let mut depth: i64 = 0;
    for line in prefix.lines() {
        let Some(directive) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let word = directive.trim_start();
        if word.starts_with("if") {
            depth += 1;
        } else if word.starts_with("endif") {
            depth -= 1;
        }
    }
    if depth != 0 {
        return None;
    }
    // The whole `#include` directive: a logical line may span physical
    // lines (a splice, a block comment).
    let end = logical_lines(text)
        .iter()
        .find(|(start, _)| *start > at)
        .map_or(text.len(), |(start, _)| start - 1);
    let blanked: String = text[..end]
        .bytes()
        .map(|b| if b == b'\n' { '\n' } else { ' ' })
        .collect();
    Some(blanked + &text[end..])
}

fn preprocess_alone(text: &str, path: &Path, opts: &Options) -> Preprocessed {
    Pre::new(text, path, opts).finish(text, path)
}

impl<'a> Pre<'a> {
    /// A preprocessor for the main file `text` at `path`, the prelude's
    /// macros defined.
    fn new(text: &str, path: &Path, opts: &Options<'a>) -> Pre<'a> {
        let mut pp = Pre {
            macros: HashMap::default(),
            files: vec![(path.to_path_buf(), text.to_string())],
            units: Vec::new(),
            diagnostics: Vec::new(),
            include_stack: vec![path.to_path_buf()],
            expand: opts.expand,
            includes: opts.includes,
            has_inactive_code: false,
            expanded_bytes: 0,
        };
        if !opts.prelude.is_empty() {
            // Macros of the prelude; its (blank) output is dropped.
            let _ = pp.run_file(opts.prelude, FileId(u32::MAX), Path::new("<prelude>"));
        }
        pp
    }

    /// Preprocesses the main file; the units read so far come first.
    fn finish(mut self, text: &str, path: &Path) -> Preprocessed {
        let main = self.run_file(text, FileId(0), path);
        let mut units = vec![main];
        units.append(&mut self.units);
        Preprocessed {
            units,
            files: self.files,
            diagnostics: self.diagnostics,
            macros: self.macros,
            has_inactive_code: self.has_inactive_code,
            context_units: 0,
            trailing_units: 0,
            whole_unit: false,
        }
    }
}

/// A token of a macro body or argument: its text and kind.
#[derive(Clone, Debug, PartialEq)]
struct PTok {
    text: String,
    kind: TokKind,
}

/// State of one `#if` group.
struct CondFrame {
    /// Whether the enclosing region is active.
    parent_active: bool,
    /// Whether the current branch is active.
    active: bool,
    /// Whether some branch was taken already.
    taken: bool,
}

struct Pre<'a> {
    macros: HashMap<String, MacroDef>,
    files: Vec<(PathBuf, String)>,
    units: Vec<Unit>,
    diagnostics: Vec<PreprocDiagnostic>,
    include_stack: Vec<PathBuf>,
    expand: bool,
    includes: Option<&'a IncludeReader<'a>>,
    has_inactive_code: bool,
    expanded_bytes: usize,
}

/// Builder of the preprocessed text and its map.
struct Out {
    text: String,
    segs: Vec<Seg>,
}

impl Out {
    fn identity(&mut self, s: &str, src_start: usize) {
        if s.is_empty() {
            return;
        }
        let out_start = self.text.len() as u32;
        self.text.push_str(s);
        let out_end = self.text.len() as u32;
        let src_start = src_start as u32;
        if let Some(last) = self.segs.last_mut() {
            if !last.is_macro && last.out_end == out_start && last.src_end == src_start {
                last.out_end = out_end;
                last.src_end = src_start + (out_end - out_start);
                return;
            }
        }
        self.segs.push(Seg {
            out_start,
            out_end,
            src_start,
            src_end: src_start + (out_end - out_start),
            is_macro: false,
        });
    }

    fn blank(&mut self, s: &str, src_start: usize) {
        let blanked: String = s
            .chars()
            .map(|c| if c == '\n' || c == '\r' { c } else { ' ' })
            .collect();
        // Multi-byte chars become one space; keep byte length identical with padding.
        let mut padded = String::with_capacity(s.len());
        for (c, orig) in blanked.chars().zip(s.chars()) {
            padded.push(c);
            for _ in 1..orig.len_utf8() {
                padded.push(' ');
            }
        }
        self.identity(&padded, src_start);
    }

    fn expansion(&mut self, s: &str, src_start: usize, src_end: usize) {
        let out_start = self.text.len() as u32;
        self.text.push_str(s);
        // Keep at least one byte so the invocation maps somewhere.
        if s.is_empty() {
            self.text.push(' ');
        }
        self.segs.push(Seg {
            out_start,
            out_end: self.text.len() as u32,
            src_start: src_start as u32,
            src_end: src_end as u32,
            is_macro: true,
        });
    }
}

fn significant(t: &Tok) -> bool {
    !matches!(t.kind, TokKind::Space | TokKind::Comment | TokKind::Newline)
}

impl<'a> Pre<'a> {
    fn diag(&mut self, file: FileId, start: usize, end: usize, message: String, is_error: bool) {
        self.diagnostics.push(PreprocDiagnostic {
            span: Span {
                file,
                start: start as u32,
                end: end as u32,
            },
            message,
            is_error,
        });
    }

    fn run_file(&mut self, text: &str, file: FileId, path: &Path) -> Unit {
        let toks = lex(text);
        let mut out = Out {
            text: String::with_capacity(text.len()),
            segs: Vec::new(),
        };
        let mut conds: Vec<CondFrame> = Vec::new();
        let mut i = 0;
        let mut chunk_start = 0; // token index where the current active code run starts
        let mut at_line_start = true;
        while i < toks.len() {
            let t = toks[i];
            let is_hash = t.kind == TokKind::Punct && &text[t.start..t.end] == "#";
            if at_line_start && is_hash {
                // Flush active code before the directive.
                self.flush(text, &toks[chunk_start..i], file, &mut out, active(&conds));
                let mut j = i + 1;
                while j < toks.len() && toks[j].kind != TokKind::Newline {
                    j += 1;
                }
                let line_end = toks.get(j).map_or(text.len(), |t| t.start);
                let was_active = active(&conds);
                let directive: Vec<Tok> =
                    toks[i + 1..j].iter().copied().filter(significant).collect();
                // Blank the directive before processing it: an include emits its own unit.
                out.blank(&text[t.start..line_end], t.start);
                self.directive(
                    text, &directive, t.start, line_end, file, path, &mut conds, was_active,
                );
                i = j;
                chunk_start = j;
                continue;
            }
            match t.kind {
                TokKind::Newline => at_line_start = true,
                TokKind::Space | TokKind::Comment => {}
                _ => at_line_start = false,
            }
            i += 1;
        }
        self.flush(text, &toks[chunk_start..], file, &mut out, active(&conds));
        if !conds.is_empty() {
            self.diag(
                file,
                text.len(),
                text.len(),
                "unterminated #if".into(),
                false,
            );
        }
        Unit {
            file,
            path: path.to_path_buf(),
            text: out.text,
            map: SourceMap {
                file,
                segs: out.segs,
            },
        }
    }

    /// Emits a run of code tokens: blanked when inactive, else with macros expanded.
    fn flush(&mut self, text: &str, toks: &[Tok], file: FileId, out: &mut Out, is_active: bool) {
        let (Some(first), Some(last)) = (toks.first(), toks.last()) else {
            return;
        };
        if !is_active {
            self.has_inactive_code |= toks.iter().any(significant);
            out.blank(&text[first.start..last.end], first.start);
            return;
        }
        if !self.expand || self.macros.is_empty() {
            out.identity(&text[first.start..last.end], first.start);
            return;
        }
        let mut copy_from = first.start;
        let mut i = 0;
        while i < toks.len() {
            let t = toks[i];
            if t.kind != TokKind::Ident {
                i += 1;
                continue;
            }
            let name = &text[t.start..t.end];
            let Some(def) = self.macros.get(name).cloned() else {
                i += 1;
                continue;
            };
            // Function-like macros need a following '('.
            let (args, next) = if def.params.is_some() {
                let mut j = i + 1;
                while j < toks.len() && !significant(&toks[j]) {
                    j += 1;
                }
                if j >= toks.len() || &text[toks[j].start..toks[j].end] != "(" {
                    i += 1;
                    continue;
                }
                match collect_args(text, toks, j) {
                    Some((args, close)) => (Some(args), close + 1),
                    None => {
                        self.diag(
                            file,
                            t.start,
                            t.end,
                            format!("unterminated invocation of macro `{name}`"),
                            true,
                        );
                        i += 1;
                        continue;
                    }
                }
            } else {
                (None, i + 1)
            };
            let inv_end = toks[next - 1].end;
            if self.expanded_bytes > MAX_EXPANDED_BYTES {
                self.diag(file, t.start, inv_end, format!("macro `{name}`: expansions of this file exceed {MAX_EXPANDED_BYTES} bytes; left unexpanded"), true);
                i += 1;
                continue;
            }
            let mut budget = MAX_EXPANSION_TOKENS;
            let mut disabled = vec![name.to_string()];
            let result = self.substitute(&def, args.as_deref(), &mut disabled, 0, &mut budget);
            match result {
                Ok(expanded) => {
                    out.identity(&text[copy_from..t.start], copy_from);
                    let joined = join_tokens(&expanded);
                    self.expanded_bytes += joined.len();
                    out.expansion(&joined, t.start, inv_end);
                    copy_from = inv_end;
                    i = next;
                }
                Err(msg) => {
                    self.diag(
                        file,
                        t.start,
                        inv_end,
                        format!("macro `{name}`: {msg}; left unexpanded"),
                        true,
                    );
                    i += 1;
                }
            }
        }
        out.identity(&text[copy_from..last.end], copy_from);
    }

    /// Replaces the parameters of `def` by `args` and rescans.
    fn substitute(
        &self,
        def: &MacroDef,
        args: Option<&[Vec<PTok>]>,
        disabled: &mut Vec<String>,
        depth: usize,
        budget: &mut usize,
    ) -> Result<Vec<PTok>, String> {
        if depth > MAX_EXPANSION_DEPTH {
            return Err(format!(
                "expansion nested deeper than {MAX_EXPANSION_DEPTH} levels"
            ));
        }
        let body: Vec<PTok> = def
            .body
            .iter()
            .map(|t| PTok {
                kind: classify(t),
                text: t.clone(),
            })
            .collect();
        let replaced = match (&def.params, args) {
            (Some(params), Some(args)) => {
                let arg_of = |name: &str| -> Option<Vec<PTok>> {
                    if def.variadic && name == "__VA_ARGS__" {
                        let fixed = params.len();
                        let mut v = Vec::new();
                        for (k, a) in args.iter().enumerate().skip(fixed) {
                            if k > fixed {
                                v.push(PTok {
                                    text: ",".into(),
                                    kind: TokKind::Punct,
                                });
                            }
                            v.extend(a.iter().cloned());
                        }
                        return Some(v);
                    }
                    let k = params.iter().position(|p| p == name)?;
                    Some(args.get(k).cloned().unwrap_or_default())
                };
                let mut outv: Vec<PTok> = Vec::new();
                let mut k = 0;
                while k < body.len() {
                    let tok = &body[k];
                    if tok.text == "#" && def.params.is_some() {
                        if let Some(next) = body.get(k + 1) {
                            if let Some(a) = arg_of(&next.text) {
                                outv.push(PTok {
                                    text: stringize(&a),
                                    kind: TokKind::Str,
                                });
                                k += 2;
                                continue;
                            }
                        }
                    }
                    if tok.text == "##" {
                        let rhs = match body.get(k + 1) {
                            Some(next) => arg_of(&next.text).unwrap_or_else(|| vec![next.clone()]),
                            None => Vec::new(),
                        };
                        let mut rhs = rhs.into_iter();
                        if let (Some(lhs), Some(first)) = (outv.last_mut(), rhs.next()) {
                            lhs.text.push_str(&first.text);
                            lhs.kind = classify(&lhs.text);
                        }
                        outv.extend(rhs);
                        k += 2;
                        continue;
                    }
                    if let Some(a) = arg_of(&tok.text) {
                        let next_is_paste = body.get(k + 1).is_some_and(|n| n.text == "##");
                        if next_is_paste {
                            outv.extend(a);
                        } else {
                            outv.extend(self.expand_list(&a, disabled, depth + 1, budget)?);
                        }
                        k += 1;
                        continue;
                    }
                    outv.push(tok.clone());
                    k += 1;
                }
                outv
            }
            _ => body,
        };
        disabled.push(def.name.clone());
        let result = self.expand_list(&replaced, disabled, depth + 1, budget);
        disabled.pop();
        result
    }

    /// Expands the macros in a token list (cpp rescanning, `disabled` names painted blue).
    fn expand_list(
        &self,
        toks: &[PTok],
        disabled: &mut Vec<String>,
        depth: usize,
        budget: &mut usize,
    ) -> Result<Vec<PTok>, String> {
        if depth > MAX_EXPANSION_DEPTH {
            return Err(format!(
                "expansion nested deeper than {MAX_EXPANSION_DEPTH} levels"
            ));
        }
        let mut outv = Vec::with_capacity(toks.len());
        let mut i = 0;
        while i < toks.len() {
            let before = outv.len();
            let t = &toks[i];
            let def = if t.kind == TokKind::Ident && !disabled.iter().any(|d| d == &t.text) {
                self.macros.get(&t.text)
            } else {
                None
            };
            match def {
                Some(def) if def.params.is_none() => {
                    outv.extend(self.substitute(def, None, disabled, depth + 1, budget)?);
                    i += 1;
                }
                Some(def) if toks.get(i + 1).is_some_and(|n| n.text == "(") => {
                    let (args, close) =
                        collect_ptok_args(toks, i + 1).ok_or("unterminated invocation")?;
                    outv.extend(self.substitute(def, Some(&args), disabled, depth + 1, budget)?);
                    i = close + 1;
                }
                _ => {
                    outv.push(t.clone());
                    i += 1;
                }
            }
            // Every token produced at every level counts, so blow-ups stop early.
            let produced = outv.len() - before;
            if produced > *budget {
                return Err(format!(
                    "expansion larger than {MAX_EXPANSION_TOKENS} tokens"
                ));
            }
            *budget -= produced;
        }
        Ok(outv)
    }

    #[allow(clippy::too_many_arguments)]
    fn directive(
        &mut self,
        text: &str,
        toks: &[Tok],
        start: usize,
        end: usize,
        file: FileId,
        path: &Path,
        conds: &mut Vec<CondFrame>,
        was_active: bool,
    ) {
        let Some(first) = toks.first() else { return };
        let word = &text[first.start..first.end];
        let rest = &toks[1..];
        match word {
            "if" | "ifdef" | "ifndef" => {
                let value = if !was_active {
                    false
                } else if word == "if" {
                    self.eval_if(text, rest, file, start, end)
                } else {
                    let defined = rest
                        .first()
                        .is_some_and(|t| self.macros.contains_key(&text[t.start..t.end]));
                    defined == (word == "ifdef")
                };
                conds.push(CondFrame {
                    parent_active: was_active,
                    active: value,
                    taken: value,
                });
            }
            "elif" | "elifdef" | "elifndef" => {
                let Some(frame) = conds.last() else {
                    self.diag(file, start, end, "#elif without #if".into(), false);
                    return;
                };
                let (parent_active, taken) = (frame.parent_active, frame.taken);
                let value = if !parent_active || taken {
                    false
                } else if word == "elif" {
                    self.eval_if(text, rest, file, start, end)
                } else {
                    let defined = rest
                        .first()
                        .is_some_and(|t| self.macros.contains_key(&text[t.start..t.end]));
                    defined == (word == "elifdef")
                };
                if let Some(frame) = conds.last_mut() {
                    frame.active = value;
                    frame.taken |= value;
                }
            }
            "else" => match conds.last_mut() {
                Some(frame) => {
                    frame.active = frame.parent_active && !frame.taken;
                    frame.taken = true;
                }
                None => self.diag(file, start, end, "#else without #if".into(), false),
            },
            "endif" if conds.pop().is_none() => {
                self.diag(file, start, end, "#endif without #if".into(), false);
            }
            "endif" => {}
            _ if !was_active => {}
            "define" => self.define(text, rest, file, start, end),
            "undef" => {
                if let Some(t) = rest.first() {
                    self.macros.remove(&text[t.start..t.end]);
                }
            }
            // GCC's `#import` (accepted by nvcc's host pass) is an include
            // read once; reading it again is the include's over-approximation.
            "include" | "import" => self.include(text, rest, path, file, start, end),
            "error" => self.diag(
                file,
                start,
                end,
                format!("#error{}", &text[first.end..end]),
                false,
            ),
            _ => {} // #pragma, #line, #warning: no effect on the analysis.
        }
    }

    fn define(&mut self, text: &str, toks: &[Tok], file: FileId, start: usize, end: usize) {
        let Some(name_tok) = toks.first().filter(|t| t.kind == TokKind::Ident) else {
            self.diag(
                file,
                start,
                end,
                "#define without a macro name".into(),
                false,
            );
            return;
        };
        let name = text[name_tok.start..name_tok.end].to_string();
        let mut body_from = 1;
        let mut params = None;
        let mut variadic = false;
        // Function-like only when '(' immediately follows the name.
        if let Some(open) = toks.get(1) {
            if open.start == name_tok.end && &text[open.start..open.end] == "(" {
                let mut names = Vec::new();
                let mut k = 2;
                let mut closed = false;
                while let Some(t) = toks.get(k) {
                    let s = &text[t.start..t.end];
                    k += 1;
                    match s {
                        ")" => {
                            closed = true;
                            break;
                        }
                        "," => {}
                        "..." => variadic = true,
                        _ if t.kind == TokKind::Ident => names.push(s.to_string()),
                        _ => {}
                    }
                }
                if !closed {
                    self.diag(
                        file,
                        start,
                        end,
                        format!("malformed parameter list of macro `{name}`"),
                        false,
                    );
                    return;
                }
                params = Some(names);
                body_from = k;
            }
        }
        let body = toks
            .get(body_from..)
            .unwrap_or(&[])
            .iter()
            .map(|t| text[t.start..t.end].to_string())
            .collect();
        let def = MacroDef {
            name: name.clone(),
            params,
            variadic,
            body,
            span: Span {
                file,
                start: start as u32,
                end: end as u32,
            },
        };
        self.macros.insert(name, def);
    }

    fn include(
        &mut self,
        text: &str,
        toks: &[Tok],
        from: &Path,
        file: FileId,
        start: usize,
        end: usize,
    ) {
        let Some(t) = toks.first() else { return };
        // Only "quoted" includes are looked up; <system> headers are skipped silently.
        if t.kind != TokKind::Str {
            return;
        }
        let quoted = text.get(t.start..t.end).unwrap_or("");
        let name = quoted
            .trim_start_matches('"')
            .trim_end_matches('"')
            .to_string();
        let Some(reader) = self.includes else { return };
        let (path, header) = match reader(from, &name) {
            Ok(found) => found,
            Err(reason) => {
                // Not an error of the file: its declarations are unknown, which
                // the front end models as arbitrary behaviour.
                self.diag(
                    file,
                    start,
                    end,
                    format!("cannot read #include \"{name}\": {reason}"),
                    false,
                );
                return;
            }
        };
        if self.include_stack.len() > MAX_INCLUDE_DEPTH {
            self.diag(
                file,
                start,
                end,
                format!("#include \"{name}\" nested too deeply; skipped"),
                false,
            );
            return;
        }
        if self.include_stack.contains(&path) {
            return; // Include cycle without guards: the definitions are already known.
        }
        let id = match self.files.iter().position(|(p, _)| p == &path) {
            Some(k) => FileId(k as u32),
            None => {
                self.files.push((path.clone(), header.clone()));
                FileId(self.files.len() as u32 - 1)
            }
        };
        self.include_stack.push(path.clone());
        let unit = self.run_file(&header, id, &path);
        self.include_stack.pop();
        self.units.push(unit);
    }

    fn eval_if(
        &mut self,
        text: &str,
        toks: &[Tok],
        file: FileId,
        start: usize,
        end: usize,
    ) -> bool {
        // `defined X` / `defined(X)` before expansion.
        let mut ptoks: Vec<PTok> = Vec::new();
        let mut k = 0;
        while k < toks.len() {
            let s = &text[toks[k].start..toks[k].end];
            if s == "defined" {
                let (name, skip) = match toks.get(k + 1).map(|t| &text[t.start..t.end]) {
                    Some("(") => (toks.get(k + 2).map(|t| &text[t.start..t.end]), 4),
                    Some(n) => (Some(n), 2),
                    None => (None, 1),
                };
                let v = name.is_some_and(|n| self.macros.contains_key(n));
                ptoks.push(PTok {
                    text: if v { "1".into() } else { "0".into() },
                    kind: TokKind::Number,
                });
                k += skip;
                continue;
            }
            ptoks.push(PTok {
                text: s.to_string(),
                kind: toks[k].kind,
            });
            k += 1;
        }
        let mut budget = MAX_EXPANSION_TOKENS;
        let expanded = match self.expand_list(&ptoks, &mut Vec::new(), 0, &mut budget) {
            Ok(e) => e,
            Err(msg) => {
                self.diag(
                    file,
                    start,
                    end,
                    format!("#if: {msg}; treated as false"),
                    false,
                );
                return false;
            }
        };
        let mut ev = IfEval {
            toks: &expanded,
            pos: 0,
            depth: 0,
        };
        match ev.ternary() {
            Ok(v) if ev.pos == expanded.len() => v != 0,
            Ok(_) | Err(_) => {
                self.diag(
                    file,
                    start,
                    end,
                    "cannot evaluate #if expression; treated as false".into(),
                    false,
                );
                false
            }
        }
    }
}

fn active(conds: &[CondFrame]) -> bool {
    conds.last().is_none_or(|c| c.active && c.parent_active)
}

fn classify(s: &str) -> TokKind {
    match s.as_bytes().first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => TokKind::Ident,
        Some(c) if c.is_ascii_digit() => TokKind::Number,
        Some(b'"') => TokKind::Str,
        Some(b'\'') => TokKind::Char,
        _ => TokKind::Punct,
    }
}

fn stringize(toks: &[PTok]) -> String {
    let mut s = String::from("\"");
    for (k, t) in toks.iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        for c in t.text.chars() {
            if c == '"' || c == '\\' {
                s.push('\\');
            }
            s.push(c);
        }
    }
    s.push('"');
    s
}

fn join_tokens(toks: &[PTok]) -> String {
    let mut s = String::new();
    let mut open_launches = 0usize;
    for (k, t) in toks.iter().enumerate() {
        // CUDA's launch chevrons `<<<`/`>>>` lex as `<<` `<` and `>>` `>`:
        // written without the blank between them the two tokens are the
        // same (maximal munch reads `<<` first either way), and a launch
        // written in a macro body (`#define LAUNCH(k, n) k<<<g, b>>>(..)`)
        // keeps the spelling the launch scanner reads as chevrons. `>>` `>`
        // is glued only to close such a `<<<`: a template's `C<D<int>> >`
        // keeps its blank (a parser may read `>>>` as a launch's end).
        let pair = (k > 0).then(|| (toks[k - 1].text.as_str(), t.text.as_str()));
        let glued = match pair {
            Some(("<<", "<")) => {
                open_launches += 1;
                true
            }
            Some((">>", ">")) if open_launches > 0 => {
                open_launches -= 1;
                true
            }
            _ => false,
        };
        if k > 0 && !glued {
            s.push(' ');
        }
        s.push_str(&t.text);
    }
    s
}

/// Arguments of an invocation whose '(' is `toks[open]`: (significant tokens per argument, index of ')').
fn collect_args(text: &str, toks: &[Tok], open: usize) -> Option<(Vec<Vec<PTok>>, usize)> {
    let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
    let mut depth = 0usize;
    let mut k = open + 1;
    while k < toks.len() {
        let t = toks[k];
        if significant(&t) {
            let s = &text[t.start..t.end];
            match s {
                "(" | "[" | "{" => depth += 1,
                ")" if depth == 0 => {
                    if args.len() == 1 && args[0].is_empty() {
                        args.clear();
                    }
                    return Some((args, k));
                }
                ")" | "]" | "}" => depth = depth.saturating_sub(1),
                "," if depth == 0 => {
                    args.push(Vec::new());
                    k += 1;
                    continue;
                }
                _ => {}
            }
            if let Some(a) = args.last_mut() {
                a.push(PTok {
                    text: s.to_string(),
                    kind: t.kind,
                });
            }
        }
        k += 1;
    }
    None
}

/// Like [`collect_args`] on already-extracted tokens.
fn collect_ptok_args(toks: &[PTok], open: usize) -> Option<(Vec<Vec<PTok>>, usize)> {
    let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open + 1) {
        match t.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" if depth == 0 => {
                if args.len() == 1 && args[0].is_empty() {
                    args.clear();
                }
                return Some((args, k));
            }
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "," if depth == 0 => {
                args.push(Vec::new());
                continue;
            }
            _ => {}
        }
        if let Some(a) = args.last_mut() {
            a.push(t.clone());
        }
    }
    None
}

/// Integer constant of a preprocessor or C literal (suffixes ignored), None if not integral.
pub fn parse_int_literal(s: &str) -> Option<i128> {
    let s = s.replace('\'', "");
    let body = s.trim_end_matches(['u', 'U', 'l', 'L']);
    if body.is_empty() {
        return None;
    }
    let (digits, radix) =
        if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            (h, 16)
        } else if let Some(b) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
            (b, 2)
        } else if body.len() > 1 && body.starts_with('0') {
            (&body[1..], 8)
        } else {
            (body, 10)
        };
    u128::from_str_radix(digits, radix).ok().map(|v| v as i128)
}

/// Recursive-descent evaluator of `#if` expressions (identifiers are 0).
struct IfEval<'t> {
    toks: &'t [PTok],
    pos: usize,
    depth: usize,
}

impl IfEval<'_> {
    fn peek(&self) -> Option<&str> {
        self.toks.get(self.pos).map(|t| t.text.as_str())
    }

    fn ternary(&mut self) -> Result<i128, ()> {
        self.depth += 1;
        if self.depth > MAX_IF_EXPR_DEPTH {
            return Err(());
        }
        let c = self.binary(0)?;
        let r = if self.peek() == Some("?") {
            self.pos += 1;
            let a = self.ternary()?;
            if self.peek() != Some(":") {
                return Err(());
            }
            self.pos += 1;
            let b = self.ternary()?;
            if c != 0 {
                a
            } else {
                b
            }
        } else {
            c
        };
        self.depth -= 1;
        Ok(r)
    }

    fn binary(&mut self, min_prec: u8) -> Result<i128, ()> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.peek() {
            let prec = match op {
                "||" => 1,
                "&&" => 2,
                "|" => 3,
                "^" => 4,
                "&" => 5,
                "==" | "!=" => 6,
                "<" | ">" | "<=" | ">=" => 7,
                "<<" | ">>" => 8,
                "+" | "-" => 9,
                "*" | "/" | "%" => 10,
                _ => break,
            };
            if prec < min_prec || prec == 0 {
                break;
            }
            let op = op.to_string();
            self.pos += 1;
            let rhs = self.binary(prec + 1)?;
            lhs = match op.as_str() {
                "||" => ((lhs != 0) || (rhs != 0)) as i128,
                "&&" => ((lhs != 0) && (rhs != 0)) as i128,
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => (lhs == rhs) as i128,
                "!=" => (lhs != rhs) as i128,
                "<" => (lhs < rhs) as i128,
                ">" => (lhs > rhs) as i128,
                "<=" => (lhs <= rhs) as i128,
                ">=" => (lhs >= rhs) as i128,
                "<<" => lhs.checked_shl(rhs.clamp(0, 127) as u32).unwrap_or(0),
                ">>" => lhs >> rhs.clamp(0, 127),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" => lhs.checked_div(rhs).ok_or(())?,
                _ => lhs.checked_rem(rhs).ok_or(())?,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<i128, ()> {
        self.depth += 1;
        if self.depth > MAX_IF_EXPR_DEPTH {
            return Err(());
        }
        let tok = self.toks.get(self.pos).ok_or(())?.clone();
        self.pos += 1;
        let v = match tok.text.as_str() {
            "!" => (self.unary()? == 0) as i128,
            "~" => !self.unary()?,
            "-" => self.unary()?.wrapping_neg(),
            "+" => self.unary()?,
            "(" => {
                let v = self.ternary()?;
                if self.peek() != Some(")") {
                    return Err(());
                }
                self.pos += 1;
                v
            }
            "true" => 1,
            _ if tok.kind == TokKind::Ident => 0,
            _ if tok.kind == TokKind::Number => parse_int_literal(&tok.text).ok_or(())?,
            _ if tok.kind == TokKind::Char => {
                let inner = tok.text.trim_matches('\'');
                inner.chars().next().map(|c| c as i128).ok_or(())?
            }
            _ => return Err(()),
        };
        self.depth -= 1;
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scanner as it was before it worked on byte runs: the oracle of
    /// `logical_lines_matches_the_char_scanner`.
    fn reference_logical_lines(text: &str) -> Vec<(usize, String)> {
        #[derive(PartialEq)]
        enum State {
            Code,
            Quoted(char),
            LineComment,
            BlockComment,
        }
        let mut lines = Vec::new();
        let mut state = State::Code;
        let mut line_start = 0;
        let mut current = String::new();
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let rest = &text[i + c.len_utf8()..];
            // Phase 2: a backslash at the end of a physical line joins it to the
            // next, whatever the state.
            if c == '\\' && (rest.starts_with('\n') || rest.starts_with("\r\n")) {
                let skip = if rest.starts_with('\n') { 1 } else { 2 };
                for _ in 0..skip {
                    chars.next();
                }
                continue;
            }
            if c == '\r' && rest.starts_with('\n') {
                continue;
            }
            if c == '\n' {
                // A physical line that reads as an include directive ends a block
                // comment: the scanner may have opened that comment by mistake
                // (a `/*` after a digit separator `1'000` or inside a raw
                // string), and an include taken for one more than there is only
                // adds an includer context, never hides one.
                if state == State::BlockComment && !is_include_directive_line(rest) {
                    continue;
                }
                lines.push((line_start, std::mem::take(&mut current)));
                line_start = i + 1;
                state = State::Code;
                continue;
            }
            match state {
                State::Code => {
                    if c == '/' && rest.starts_with('*') {
                        chars.next();
                        current.push(' ');
                        state = State::BlockComment;
                    } else if c == '/' && rest.starts_with('/') {
                        current.push(' ');
                        state = State::LineComment;
                    } else {
                        if c == '"' || c == '\'' {
                            state = State::Quoted(c);
                        }
                        current.push(c);
                    }
                }
                State::Quoted(quote) => {
                    current.push(c);
                    if c == quote {
                        state = State::Code;
                    } else if c == '\\' {
                        // An escaped character (not a splice: handled above).
                        if let Some(&(_, next)) = chars.peek() {
                            if next != '\n' && next != '\r' {
                                current.push(next);
                                chars.next();
                            }
                        }
                    }
                }
                State::LineComment => {}
                State::BlockComment => {
                    if c == '*' && rest.starts_with('/') {
                        chars.next();
                        state = State::Code;
                    }
                }
            }
        }
        if !current.is_empty() || line_start < text.len() {
            lines.push((line_start, current));
        }
        lines
    }

    /// A deterministic pseudo-random text over the characters the scanner
    /// acts on, ordinary ASCII and multi-byte characters.
    fn scanner_text(seed: u64, len: usize) -> String {
        const PIECES: [&str; 22] = [
            "a",
            " ",
            "\\",
            "\n",
            "\r",
            "\r\n",
            "/",
            "*",
            "\"",
            "'",
            "#",
            "include",
            "é",
            "→",
            "😀",
            "/*",
            "*/",
            "//",
            "\\\n",
            "#include \"x.h\"\n",
            "%:import",
            "\t",
        ];
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut text = String::new();
        for _ in 0..len {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            text.push_str(PIECES[(state >> 33) as usize % PIECES.len()]);
        }
        text
    }

    #[test]
    fn logical_lines_matches_the_char_scanner() {
        let fixed = [
            "",
            "#include \"a.h\"\nint x; // c\n",
            "a /* b\n#include \"c.h\"\n */ d\n",
            "s = \"/* not\\\" a comment\"; '\\''\n#inc\\\nlude <x>\r\n",
            "\"é\\é\" /* → */ 😀 // ü\\\n still comment\nnext",
            "\"unterminated\\\r\nx\\",
        ];
        for text in fixed {
            assert_eq!(
                logical_lines(text),
                reference_logical_lines(text),
                "{text:?}"
            );
        }
        for seed in 0..3000 {
            let text = scanner_text(seed, (seed % 60) as usize);
            assert_eq!(
                logical_lines(&text),
                reference_logical_lines(&text),
                "{text:?}"
            );
        }
    }

    fn run(text: &str) -> Preprocessed {
        preprocess(
            text,
            Path::new("k.cu"),
            &Options {
                expand: true,
                includes: None,
                prelude: "",
            },
        )
    }

    #[test]
    fn cuda_target_macros() {
        let t = CudaTarget::default();
        assert_eq!(t.prelude(true), CUDA_PRELUDE);
        let host = CudaTarget {
            major: 11,
            minor: 4,
            arch: 80,
        }
        .prelude(false);
        let p = preprocess(
            "#if CUDA_VERSION >= 11040 && __CUDACC_VER_MINOR__ == 4 && !defined(__CUDA_ARCH__) && defined(__NVCC__)\nint host;\n#endif\n",
            Path::new("k.cu"),
            &Options {
                expand: true,
                includes: None,
                prelude: &host,
            },
        );
        assert!(p.units[0].text.contains("int host;"), "{}", p.units[0].text);
        assert_eq!(CudaTarget::parse_version("12.8"), Some((12, 8)));
        assert_eq!(CudaTarget::parse_version("13"), Some((13, 0)));
        assert_eq!(CudaTarget::parse_version("x"), None);
        assert_eq!(CudaTarget::parse_arch("sm_90a"), Some(90));
        assert_eq!(CudaTarget::parse_arch("compute_80"), Some(80));
        assert_eq!(CudaTarget::parse_arch("75"), Some(75));
        assert_eq!(CudaTarget::parse_arch("sm_"), None);
        assert_eq!(
            define_lines(&["N=4".into(), "DEBUG".into(), "".into()]),
            "#define N 4\n#define DEBUG 1\n"
        );
    }

    #[test]
    fn object_and_function_macros() {
        let src = "#define N 64\n#define IDX(a, b) ((a) * N + (b))\nint x = IDX(i, j);\n";
        let p = run(src);
        let text = &p.units[0].text;
        assert!(text.contains("( ( i ) * 64 + ( j ) )"), "{text}");
        let at = text.find("( (").unwrap() as u32;
        let (span, in_macro) = p.units[0].map.map(at, at + 3);
        assert!(in_macro);
        assert_eq!(&src[span.start as usize..span.end as usize], "IDX(i, j)");
        // Text outside the expansion maps to itself.
        let x = text.find("int x").unwrap() as u32;
        let (span, in_macro) = p.units[0].map.map(x, x + 5);
        assert!(!in_macro);
        assert_eq!(&src[span.start as usize..span.end as usize], "int x");
    }

    #[test]
    fn recursive_macros_terminate() {
        let p = run("#define A A + B\n#define B A * 2\nint y = A;\n");
        assert!(p.units[0].text.contains("A + A * 2"), "{}", p.units[0].text);
        // Exponential growth hits the size limit and gives a diagnostic.
        let mut src = String::from("#define M0 x x x x x x x x\n");
        for k in 1..20 {
            src.push_str(&format!("#define M{k} M{} M{}\n", k - 1, k - 1));
        }
        src.push_str("int z = M19;\n");
        let p = run(&src);
        assert!(
            p.diagnostics
                .iter()
                .any(|d| d.message.contains("larger than")),
            "{:?}",
            p.diagnostics
        );
    }

    #[test]
    fn stringize_paste_variadic() {
        let p = run("#define S(x) #x\n#define P(a, b) a ## b\n#define V(f, ...) f(__VA_ARGS__)\nS(hi) P(ab, cd) V(g, 1, 2)\n");
        let t = &p.units[0].text;
        assert!(t.contains("\"hi\""), "{t}");
        assert!(t.contains("abcd"), "{t}");
        assert!(t.contains("g ( 1 , 2 )"), "{t}");
    }

    #[test]
    fn conditionals() {
        let src = "#define X 2\n#if X > 1 && defined(X)\nint a;\n#elif 1\nint b;\n#else\nint c;\n#endif\n#ifdef Y\nint d;\n#endif\n#if UNKNOWN\nint e;\n#endif\n";
        let p = run(src);
        let t = &p.units[0].text;
        assert_eq!(t.len(), src.len());
        assert!(
            t.contains("int a;")
                && !t.contains("int b;")
                && !t.contains("int c;")
                && !t.contains("int d;")
                && !t.contains("int e;"),
            "{t}"
        );
    }

    #[test]
    fn includes_are_units_with_file_ids() {
        let reader = |_: &Path, name: &str| -> Result<(PathBuf, String), String> {
            (name == "h.h")
                .then(|| {
                    (
                        PathBuf::from("h.h"),
                        "#define W 3\n__device__ int f(int a) { return a + W; }\n".to_string(),
                    )
                })
                .ok_or_else(|| "no such file".to_string())
        };
        let p = preprocess(
            "#include \"h.h\"\n#include <cuda.h>\n#include \"missing.h\"\nint v = W;\n",
            Path::new("k.cu"),
            &Options {
                expand: true,
                includes: Some(&reader),
                prelude: "",
            },
        );
        assert_eq!(p.units.len(), 2);
        assert_eq!(p.units[1].file, FileId(1));
        assert!(p.units[1].text.contains("a + 3"));
        assert!(p.units[0].text.contains("int v = 3"));
        // The missing quoted include is a note at its line; <system> headers are not.
        assert_eq!(p.diagnostics.len(), 1, "{:?}", p.diagnostics);
        let note = &p.diagnostics[0];
        assert!(!note.is_error);
        assert!(note.message.contains("missing.h") && note.message.contains("no such file"));
        assert_eq!(
            note.span.start as usize,
            "#include \"h.h\"\n#include <cuda.h>\n".len()
        );
    }

    #[test]
    fn lexer_handles_junk() {
        let junk = "\u{0}\u{7f}é#\\\n\"unterminated\n'x";
        let toks = lex(junk);
        assert_eq!(toks.last().map(|t| t.end), Some(junk.len()));
        let _ = run(junk);
    }

    #[test]
    fn the_includers_text_after_the_include_is_read_only_outside_if_groups() {
        let text = "#define N 4\n#include \"k.cuh\"\nint f(int x) { return x; }\n";
        let at = text.find("#include").unwrap_or(0);
        let rest = includer_rest(text, at).unwrap_or_default();
        assert_eq!(rest.len(), text.len());
        assert!(rest.trim_start().starts_with("int f(int x)"));
        assert_eq!(rest.matches('\n').count(), text.matches('\n').count());
        let guarded =
            "#ifndef G\n#define G\n#include \"k.cuh\"\nint f(int x) { return x; }\n#endif\n";
        let at = guarded.find("#include").unwrap_or(0);
        assert_eq!(includer_rest(guarded, at), None);
    }
}
