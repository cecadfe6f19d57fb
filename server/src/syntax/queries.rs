//! The tree-sitter queries of `queries/` (repository root): what syncwright
//! finds by pattern (kernels, shared declarations, synchronisation calls,
//! launches, template instantiations, includes). Statement and expression
//! lowering stay in Rust; these are for the places that only need to find
//! things. Every query is compiled against the tree-sitter-cuda grammar; OpenCL
//! text goes through the same grammar after its qualifiers are blanked, so
//! OpenCL kernels and `__local` declarations are the matches with a blanked
//! qualifier in front (see [`kernels`]).

use std::sync::OnceLock;

use tree_sitter::{Node, Query, QueryCursor, StreamingIterator, Tree};

use super::parse::{
    parse_prepared, qualifier_head_start, qualifiers_in, ParsedSource, Qualifier, QualifierKind,
};
use crate::base::{Lang, Span};

/// One query file of `queries/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryKind {
    /// `kernels.scm`: kernel and function definitions.
    Kernels,
    /// `shared.scm`: `__shared__` (and, after blanking, all) declarations.
    Shared,
    /// `barriers.scm`: barriers, warp barriers, fences, cooperative-groups `sync`.
    Barriers,
    /// `launches.scm`: `kernel<<<...>>>(...)`.
    Launches,
    /// `templates.scm`: explicit instantiations and template arguments.
    Templates,
    /// `includes.scm`: `#include` directives.
    Includes,
}

impl QueryKind {
    /// Every query.
    pub const ALL: [QueryKind; 6] = [
        QueryKind::Kernels,
        QueryKind::Shared,
        QueryKind::Barriers,
        QueryKind::Launches,
        QueryKind::Templates,
        QueryKind::Includes,
    ];

    /// File name under `queries/`.
    pub fn file_name(self) -> &'static str {
        match self {
            QueryKind::Kernels => "kernels.scm",
            QueryKind::Shared => "shared.scm",
            QueryKind::Barriers => "barriers.scm",
            QueryKind::Launches => "launches.scm",
            QueryKind::Templates => "templates.scm",
            QueryKind::Includes => "includes.scm",
        }
    }

    /// The query's source, compiled into the binary.
    pub fn source(self) -> &'static str {
        match self {
            QueryKind::Kernels => include_str!("../../../queries/kernels.scm"),
            QueryKind::Shared => include_str!("../../../queries/shared.scm"),
            QueryKind::Barriers => include_str!("../../../queries/barriers.scm"),
            QueryKind::Launches => include_str!("../../../queries/launches.scm"),
            QueryKind::Templates => include_str!("../../../queries/templates.scm"),
            QueryKind::Includes => include_str!("../../../queries/includes.scm"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Compiles a query against the grammar; the error names the file and position.
pub fn compile(kind: QueryKind) -> Result<Query, String> {
    Query::new(&tree_sitter_cuda::LANGUAGE.into(), kind.source())
        .map_err(|e| format!("queries/{}: {e}", kind.file_name()))
}

/// The compiled query (compiled once; None if it does not compile, which the
/// tests rule out).
fn query(kind: QueryKind) -> Option<&'static Query> {
    static QUERIES: [OnceLock<Option<Query>>; 6] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    QUERIES[kind.index()]
        .get_or_init(|| compile(kind).ok())
        .as_ref()
}

/// One captured node: the capture's name and the node's byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Capture name without `@`, e.g. `kernel.name`.
    pub name: &'static str,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

/// One match: which pattern of the file (0-based) and its captures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryMatch {
    /// Index of the pattern in the query file.
    pub pattern: usize,
    /// Captures in pattern order.
    pub captures: Vec<Capture>,
}

impl QueryMatch {
    /// The range of the capture called `name`.
    pub fn get(&self, name: &str) -> Option<(u32, u32)> {
        self.captures
            .iter()
            .find(|c| c.name == name)
            .map(|c| (c.start, c.end))
    }
}

/// Calls `f` with each match of `kind` under `root` (of a tree parsed from
/// `text`, which the predicates read): the pattern index and the captured
/// nodes with their capture names, in pattern order.
fn for_each_match<'t>(
    kind: QueryKind,
    root: Node<'t>,
    text: &str,
    f: impl FnMut(usize, &[(&'static str, Node<'t>)]),
) {
    run_query(kind, root, None, text, f);
}

/// Calls `f` with each match of `kind` that starts at `node` itself (the
/// cursor's start depth is 0, so the query reads only `node`'s own children
/// that the pattern names: what the front end asks of each definition and
/// declaration it visits, at a cost independent of the file's size).
fn for_each_match_at<'t>(
    kind: QueryKind,
    node: Node<'t>,
    text: &str,
    f: impl FnMut(usize, &[(&'static str, Node<'t>)]),
) {
    run_query(kind, node, Some(0), text, f);
}

/// Runs `kind` on `node`'s subtree, matches starting at most `max_start_depth`
/// below it (None: anywhere).
fn run_query<'t>(
    kind: QueryKind,
    node: Node<'t>,
    max_start_depth: Option<u32>,
    text: &str,
    mut f: impl FnMut(usize, &[(&'static str, Node<'t>)]),
) {
    let Some(query) = query(kind) else {
        return;
    };
    let names = query.capture_names();
    let mut cursor = QueryCursor::new();
    cursor.set_max_start_depth(max_start_depth);
    let mut iter = cursor.matches(query, node, text.as_bytes());
    let mut captures = Vec::new();
    while let Some(m) = iter.next() {
        captures.clear();
        captures.extend(m.captures().iter().map(|c| {
            let name = names.get(c.index as usize).copied().unwrap_or("");
            (name, c.node)
        }));
        f(m.pattern_index, &captures);
    }
}

/// Whether the `function_definition` `def` (of a tree parsed from `text`,
/// whose blanked OpenCL qualifiers are `qualifiers`) is a kernel by
/// `queries/kernels.scm`: CUDA `__global__` (pattern 0); in OpenCL a
/// definition (pattern 1) with a blanked `__kernel` in its head, before the
/// function declarator.
///
/// The two patterns are matched at `def` by hand ([`kernel_pattern_at`],
/// [`function_pattern_at`]): compiling a query against the grammar analyses
/// its parse states, about 500 million instructions for `kernels.scm` and
/// 280 million for `shared.scm`, 99% of a one-file `check` (whose preprocessing,
/// parsing, lowering and solving take about 5 million). A test runs the
/// compiled queries on every definition and declaration of samples and
/// fixtures and requires the same answers.
pub fn defines_kernel(def: Node, _text: &str, qualifiers: &[Qualifier], lang: Lang) -> bool {
    match lang {
        Lang::Cuda => kernel_pattern_at(def),
        Lang::OpenCl => function_pattern_at(def).is_some_and(|d| {
            qualifiers_in(qualifiers, qualifier_head_start(def), d.start_byte())
                .iter()
                .any(|q| q.kind == QualifierKind::Kernel)
        }),
    }
}

/// The children of `node` in field `field`.
fn field_children<'t>(node: Node<'t>, field: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(field, &mut cursor).collect()
}

/// Whether `node` has a named child in field `field` (a query's
/// `field: (_)`).
fn has_named_field_child(node: Node, field: &str) -> bool {
    field_children(node, field).iter().any(|c| c.is_named())
}

/// `kernels.scm` pattern 1 at `def`: `(function_definition declarator:
/// (function_declarator declarator: (_)))`; the function declarator.
fn function_pattern_at(def: Node) -> Option<Node> {
    if def.kind() != "function_definition" {
        return None;
    }
    field_children(def, "declarator")
        .into_iter()
        .find(|d| d.kind() == "function_declarator" && has_named_field_child(*d, "declarator"))
}

/// `kernels.scm` pattern 0 at `def`: pattern 1 with an anonymous
/// `"__global__"` child before the declarator (a query's sibling steps match
/// in order, other siblings between them).
fn kernel_pattern_at(def: Node) -> bool {
    let Some(declarator) = function_pattern_at(def) else {
        return false;
    };
    let mut cursor = def.walk();
    let children: Vec<Node> = def.children(&mut cursor).collect();
    children
        .iter()
        .take_while(|c| c.id() != declarator.id())
        .any(|c| !c.is_named() && c.kind() == "__global__")
}

/// `shared.scm` pattern 0 at `decl`: a qualifier, storage class or
/// attribute child whose text contains `__shared__`, before a named
/// `declarator:` child.
fn shared_pattern_at(decl: Node, text: &str) -> bool {
    if decl.kind() != "declaration" {
        return false;
    }
    let mut cursor = decl.walk();
    let declarators: Vec<usize> = decl
        .children_by_field_name("declarator", &mut cursor)
        .filter(|c| c.is_named())
        .map(|c| c.id())
        .collect();
    let mut cursor = decl.walk();
    let mut qualified = false;
    for child in decl.children(&mut cursor) {
        if qualified && declarators.contains(&child.id()) {
            return true;
        }
        qualified |= matches!(
            child.kind(),
            "type_qualifier"
                | "storage_class_specifier"
                | "attribute_specifier"
                | "attribute_declaration"
        ) && child.is_named()
            && text
                .get(child.start_byte()..child.end_byte())
                .is_some_and(|t| t.contains("__shared__"));
    }
    false
}

/// `shared.scm` pattern 1 at `decl`: `(declaration declarator: (_))`.
fn declaration_pattern_at(decl: Node) -> bool {
    decl.kind() == "declaration" && has_named_field_child(decl, "declarator")
}

/// Whether the `declaration` `decl` declares block-shared memory by
/// `queries/shared.scm`: CUDA `__shared__` among its own specifiers (pattern
/// 0); in OpenCL a declaration (pattern 1) with a blanked `__local` in its
/// head, before its first declarator. Matched by hand, as [`defines_kernel`].
pub fn declares_shared(decl: Node, text: &str, qualifiers: &[Qualifier], lang: Lang) -> bool {
    match lang {
        Lang::Cuda => shared_pattern_at(decl, text),
        Lang::OpenCl => {
            declaration_pattern_at(decl) && {
                let first = decl
                    .child_by_field_name("declarator")
                    .map_or(decl.end_byte(), |d| d.start_byte());
                qualifiers_in(qualifiers, qualifier_head_start(decl), first)
                    .iter()
                    .any(|q| q.kind == QualifierKind::Local)
            }
        }
    }
}

/// [`defines_kernel`] by the compiled query (the oracle of the tests).
#[cfg(test)]
fn defines_kernel_by_query(def: Node, text: &str, qualifiers: &[Qualifier], lang: Lang) -> bool {
    let mut found = false;
    for_each_match_at(QueryKind::Kernels, def, text, |pattern, captures| {
        found |= match (lang, pattern) {
            (Lang::Cuda, 0) => captured(captures, "kernel") == Some(def),
            (Lang::OpenCl, 1) => captured(captures, "function.declarator").is_some_and(|d| {
                qualifiers_in(qualifiers, qualifier_head_start(def), d.start_byte())
                    .iter()
                    .any(|q| q.kind == QualifierKind::Kernel)
            }),
            _ => false,
        };
    });
    found
}

/// [`declares_shared`] by the compiled query (the oracle of the tests).
#[cfg(test)]
fn declares_shared_by_query(decl: Node, text: &str, qualifiers: &[Qualifier], lang: Lang) -> bool {
    let mut found = false;
    for_each_match_at(QueryKind::Shared, decl, text, |pattern, captures| {
        found |= match (lang, pattern) {
            (Lang::Cuda, 0) => captured(captures, "shared") == Some(decl),
            (Lang::OpenCl, 1) => {
                let first = decl
                    .child_by_field_name("declarator")
                    .map_or(decl.end_byte(), |d| d.start_byte());
                qualifiers_in(qualifiers, qualifier_head_start(decl), first)
                    .iter()
                    .any(|q| q.kind == QualifierKind::Local)
            }
            _ => false,
        };
    });
    found
}

/// The node captured as `name` in a match.
fn captured<'t>(captures: &[(&'static str, Node<'t>)], name: &str) -> Option<Node<'t>> {
    captures
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, node)| *node)
}

/// Every match of `kind` in `tree`, parsed from `text` (predicates read it).
pub fn matches(kind: QueryKind, tree: &Tree, text: &str) -> Vec<QueryMatch> {
    let mut found = Vec::new();
    for_each_match(kind, tree.root_node(), text, |pattern, captures| {
        found.push(QueryMatch {
            pattern,
            captures: captures
                .iter()
                .map(|(name, node)| Capture {
                    name,
                    start: node.start_byte() as u32,
                    end: node.end_byte() as u32,
                })
                .collect(),
        });
    });
    found
}

/// What is found by pattern in one parsed file: its kernel definitions and
/// its block-shared declarations, as node byte ranges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Patterns {
    /// `function_definition` ranges of kernels, sorted.
    kernels: Vec<(usize, usize)>,
    /// `declaration` ranges of `__shared__`/`__local` declarations, sorted.
    shared: Vec<(usize, usize)>,
}

impl Patterns {
    /// Runs `kernels.scm` and `shared.scm` on `tree`, parsed from the prepared
    /// `text` whose blanked OpenCL qualifiers are `qualifiers`. CUDA kernels and
    /// `__shared__` declarations are what the patterns match; for OpenCL every
    /// definition (declaration) is a candidate and the qualifier table tells
    /// which have a `__kernel` (`__local`) in their head, before the function
    /// declarator (the first declarator).
    pub fn find(tree: &Tree, text: &str, qualifiers: &[Qualifier], lang: Lang) -> Patterns {
        let root = tree.root_node();
        let range = |n: Node| (n.start_byte(), n.end_byte());
        // Pattern 1 of each file matches every candidate (every definition,
        // every declaration); the per-node checks apply the dialect's rule.
        let mut kernels = Vec::new();
        for_each_match(QueryKind::Kernels, root, text, |pattern, captures| {
            let found = captured(captures, "function")
                .filter(|&n| pattern == 1 && defines_kernel(n, text, qualifiers, lang));
            kernels.extend(found.map(range));
        });
        let mut shared = Vec::new();
        for_each_match(QueryKind::Shared, root, text, |pattern, captures| {
            let found = captured(captures, "declaration")
                .filter(|&n| pattern == 1 && declares_shared(n, text, qualifiers, lang));
            shared.extend(found.map(range));
        });
        for list in [&mut kernels, &mut shared] {
            list.sort_unstable();
            list.dedup();
        }
        Patterns { kernels, shared }
    }

    /// Whether `node` (a `function_definition`) defines a kernel.
    pub fn is_kernel(&self, node: Node) -> bool {
        self.kernels
            .binary_search(&(node.start_byte(), node.end_byte()))
            .is_ok()
    }

    /// Whether `node` (a `declaration`) declares block-shared memory
    /// (`__shared__`, or `__local` in its head).
    pub fn declares_shared(&self, node: Node) -> bool {
        self.shared
            .binary_search(&(node.start_byte(), node.end_byte()))
            .is_ok()
    }
}

/// A definition found by pattern: its name and ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Name as written.
    pub name: String,
    /// Range of the name.
    pub name_span: Span,
    /// Range of the whole definition.
    pub span: Span,
}

/// The kernel definitions of a parsed file, in source order: CUDA `__global__`
/// functions; OpenCL functions with a (blanked) `__kernel`/`kernel` in their head.
pub fn kernels(parsed: &ParsedSource) -> Vec<Found> {
    let patterns = Patterns::find(
        &parsed.tree,
        &parsed.parse_text,
        &parsed.qualifiers,
        parsed.lang,
    );
    let mut kernels = Vec::new();
    let root = parsed.tree.root_node();
    for_each_match(
        QueryKind::Kernels,
        root,
        &parsed.parse_text,
        |pattern, captures| {
            // Pattern 1 matches every definition (kernels too), once each.
            let (1, Some(def), Some(name)) = (
                pattern,
                captured(captures, "function"),
                captured(captures, "function.name"),
            ) else {
                return;
            };
            if !patterns.is_kernel(def) {
                return;
            }
            let Some(written) = parsed.text.get(name.start_byte()..name.end_byte()) else {
                return;
            };
            kernels.push(Found {
                name: written.to_string(),
                name_span: Span::new(name.start_byte() as u32, name.end_byte() as u32),
                span: Span::new(def.start_byte() as u32, def.end_byte() as u32),
            });
        },
    );
    kernels
}

/// An explicit instantiation of a function template
/// (`template __global__ void k<float, 16>(float *);`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instantiation {
    /// The function's name as written (unqualified).
    pub name: String,
    /// Each template argument's text, in order.
    pub arguments: Vec<String>,
}

/// The explicit instantiations of function templates at the top level of
/// `tree` (parsed from `text`), through namespaces and `extern "C++"` blocks:
/// `queries/templates.scm` asked of each top-level node (they cannot stand in
/// a function body), so the cost is that of the top level. One the pattern
/// cannot read has an empty name.
pub fn explicit_instantiations(tree: &Tree, text: &str) -> Vec<Instantiation> {
    let mut found = Vec::new();
    let mut stack = vec![(tree.root_node(), 0u32)];
    while let Some((node, depth)) = stack.pop() {
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "template_instantiation" => {
                    let before = found.len();
                    for_each_match_at(QueryKind::Templates, child, text, |_, captures| {
                        let (Some(name), Some(arguments)) = (
                            captured(captures, "instantiation.name"),
                            captured(captures, "instantiation.arguments"),
                        ) else {
                            return;
                        };
                        let mut args = arguments.walk();
                        found.push(Instantiation {
                            name: text
                                .get(name.start_byte()..name.end_byte())
                                .unwrap_or("")
                                .to_string(),
                            arguments: arguments
                                .named_children(&mut args)
                                .filter(|a| a.kind() != "comment")
                                .map(|a| {
                                    text.get(a.start_byte()..a.end_byte())
                                        .unwrap_or("")
                                        .to_string()
                                })
                                .collect(),
                        });
                    });
                    // One the pattern does not read (a qualified name, an
                    // operator): named "" so that callers know the list is
                    // incomplete.
                    if found.len() == before {
                        found.push(Instantiation {
                            name: String::new(),
                            arguments: Vec::new(),
                        });
                    }
                }
                "namespace_definition" | "linkage_specification" | "declaration_list"
                    if depth < 32 =>
                {
                    stack.push((child, depth + 1))
                }
                _ => {}
            }
        }
    }
    found
}

/// An `#include` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Include {
    /// The file named, without quotes or angle brackets.
    pub path: String,
    /// `<...>` rather than `"..."`.
    pub system: bool,
    /// Range of the directive.
    pub span: Span,
}

/// The `#include` directives of `text`. The analysis tree blanks directive
/// lines, so the query runs on a tree of the directive lines alone (other
/// lines blanked, offsets kept).
pub fn includes(text: &str) -> Vec<Include> {
    let mut directives = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('#') {
            directives.push_str(line);
        } else {
            // One space per byte, so offsets stay those of `text`.
            directives.extend(line.bytes().map(|b| if b == b'\n' { '\n' } else { ' ' }));
        }
    }
    let tree = parse_prepared(&directives, None);
    matches(QueryKind::Includes, &tree, &directives)
        .iter()
        .filter_map(|m| {
            let (start, end) = m.get("include")?;
            let (path_start, path_end) = m.get("include.path")?;
            let written = directives.get(path_start as usize..path_end as usize)?;
            Some(Include {
                path: written
                    .trim_matches(|c| c == '"' || c == '<' || c == '>')
                    .to_string(),
                system: written.starts_with('<'),
                span: Span::new(start, end),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse;

    const CUDA: &str = r#"#include "common.cuh"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <int N> __device__ int load(const int *p) { return p[N]; }

__global__ void __launch_bounds__(256) reduce(int *out) {
    __shared__ int s[256];
    extern __shared__ float dyn[];
    int local = 0;
    s[threadIdx.x] = load<1>(out);
    __syncthreads();
    __syncwarp();
    cg::thread_block block = cg::this_thread_block();
    block.sync();
    cg::sync(block);
    __threadfence();
    out[threadIdx.x] = s[0] + local;
}

template <typename T> __global__ void fill(T *p) { p[threadIdx.x] = T(); }
template __global__ void fill<float>(float *);

void host(int *d) {
    reduce<<<1, 256>>>(d);
    fill<float><<<dim3(2), 64, 0>>>((float *)d);
}
"#;

    const OPENCL: &str = r#"#include "defs.h"
__kernel void scale(__global float *p, __local float *tmp) {
    __local float tile[64];
    float x = 1.0f;
    tile[get_local_id(0)] = p[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    mem_fence(CLK_LOCAL_MEM_FENCE);
    p[get_global_id(0)] = tile[0] * x;
}

float helper(float v) { return v; }

kernel void
other(global int *q) { q[0] = 1; }
"#;

    fn texts(parsed: &ParsedSource, kind: QueryKind, capture: &str) -> Vec<String> {
        matches(kind, &parsed.tree, &parsed.parse_text)
            .iter()
            .filter_map(|m| m.get(capture))
            .map(|(s, e)| parsed.text[s as usize..e as usize].to_string())
            .collect()
    }

    /// The hand-matched patterns of `defines_kernel` and `declares_shared`
    /// answer as the compiled queries on every node of the samples and of
    /// the fixture kernels (definitions, declarations and everything else).
    #[test]
    fn hand_matched_patterns_agree_with_the_queries() {
        let mut sources: Vec<(String, Lang)> = vec![
            (CUDA.to_string(), Lang::Cuda),
            (OPENCL.to_string(), Lang::OpenCl),
            // Heads the patterns must tell apart.
            (
                "__global__ int *f(int *p) { return p; }\n__device__ __global__ void g() {}\nstatic __global__ void h(void) { extern __shared__ float d[]; __shared__ int a, b; int __shared__ c; const int k = 1; }\n__attribute__((global)) void x() {}\n".to_string(),
                Lang::Cuda,
            ),
            (
                "__kernel __attribute__((reqd_work_group_size(64,1,1))) void k(__global int *p) { __local int t[4], u; local float *q; int z; }\nkernel void *m(void) { return 0; }\nvoid n(void) {}\n".to_string(),
                Lang::OpenCl,
            ),
        ];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
        // `SYNCWRIGHT_PATTERN_CORPUS`: more folders to compare on (a corpus).
        let mut folders = vec![root];
        if let Some(extra) = std::env::var_os("SYNCWRIGHT_PATTERN_CORPUS") {
            folders.extend(std::env::split_paths(&extra));
        }
        while let Some(dir) = folders.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for path in entries.flatten().map(|e| e.path()) {
                let lang = match path.extension().and_then(|e| e.to_str()) {
                    Some("cu" | "cuh") => Lang::Cuda,
                    Some("cl") => Lang::OpenCl,
                    _ if path.is_dir() => {
                        folders.push(path);
                        continue;
                    }
                    _ => continue,
                };
                if let Ok(text) = std::fs::read_to_string(&path) {
                    sources.push((text, lang));
                }
            }
        }
        assert!(sources.len() > 20, "the fixtures are read");
        let (mut kernels, mut shared) = (0, 0);
        for (text, lang) in &sources {
            let parsed = parse(text, *lang, None);
            let text = &parsed.parse_text;
            let mut stack = vec![parsed.tree.root_node()];
            while let Some(node) = stack.pop() {
                let q = &parsed.qualifiers;
                let by_hand = defines_kernel(node, text, q, *lang);
                assert_eq!(
                    by_hand,
                    defines_kernel_by_query(node, text, q, *lang),
                    "{}",
                    node.to_sexp()
                );
                kernels += usize::from(by_hand);
                let by_hand = declares_shared(node, text, q, *lang);
                assert_eq!(
                    by_hand,
                    declares_shared_by_query(node, text, q, *lang),
                    "{}",
                    node.to_sexp()
                );
                shared += usize::from(by_hand);
                let mut cursor = node.walk();
                stack.extend(node.children(&mut cursor));
            }
        }
        assert!(
            kernels > 20 && shared > 10,
            "{kernels} kernels, {shared} shared"
        );
    }

    #[test]
    fn every_query_compiles_against_the_grammar() {
        for kind in QueryKind::ALL {
            let query = compile(kind).unwrap_or_else(|e| panic!("{e}"));
            assert!(query.pattern_count() > 0, "{}", kind.file_name());
            // Each file states its captures in its own namespace.
            assert!(!query.capture_names().is_empty(), "{}", kind.file_name());
        }
    }

    #[test]
    fn every_query_runs_on_both_dialects() {
        for (text, lang) in [(CUDA, Lang::Cuda), (OPENCL, Lang::OpenCl)] {
            let parsed = parse(text, lang, None);
            for kind in QueryKind::ALL {
                // Runs (no panic); what each finds is checked below.
                let _ = matches(kind, &parsed.tree, &parsed.parse_text);
            }
        }
    }

    #[test]
    fn kernels_are_found_in_both_dialects() {
        let cuda = parse(CUDA, Lang::Cuda, None);
        let names: Vec<String> = kernels(&cuda).into_iter().map(|k| k.name).collect();
        assert_eq!(names, ["reduce", "fill"]);
        let opencl = parse(OPENCL, Lang::OpenCl, None);
        let found = kernels(&opencl);
        let names: Vec<&str> = found.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, ["scale", "other"]);
        let k = &found[1];
        assert_eq!(
            &OPENCL[k.name_span.start as usize..k.name_span.end as usize],
            "other"
        );
    }

    #[test]
    fn shared_declarations_barriers_launches_and_templates() {
        let cuda = parse(CUDA, Lang::Cuda, None);
        assert_eq!(
            texts(&cuda, QueryKind::Shared, "shared.declarator"),
            ["s[256]", "dyn[]"]
        );
        assert_eq!(
            texts(&cuda, QueryKind::Barriers, "sync.name"),
            [
                "__syncthreads",
                "__syncwarp",
                "sync",
                "sync",
                "__threadfence"
            ]
        );
        assert_eq!(
            texts(&cuda, QueryKind::Launches, "launch.kernel"),
            ["reduce", "fill<float>"]
        );
        assert_eq!(
            texts(&cuda, QueryKind::Launches, "launch.config"),
            ["<<<1, 256>>>", "<<<dim3(2), 64, 0>>>"]
        );
        assert_eq!(
            texts(&cuda, QueryKind::Templates, "template.name"),
            ["load", "fill", "fill"]
        );
        assert_eq!(texts(&cuda, QueryKind::Templates, "instantiation").len(), 1);
        assert_eq!(
            explicit_instantiations(&cuda.tree, &cuda.parse_text),
            vec![Instantiation {
                name: "fill".into(),
                arguments: vec!["float".into()],
            }]
        );

        let opencl = parse(OPENCL, Lang::OpenCl, None);
        assert_eq!(
            texts(&opencl, QueryKind::Barriers, "sync.name"),
            ["barrier", "work_group_barrier", "mem_fence"]
        );
        assert!(texts(&opencl, QueryKind::Launches, "launch").is_empty());
        // `__local` is blanked: every declaration is a candidate, the table tells.
        let patterns = Patterns::find(
            &opencl.tree,
            &opencl.parse_text,
            &opencl.qualifiers,
            Lang::OpenCl,
        );
        let locals: Vec<&str> = matches(QueryKind::Shared, &opencl.tree, &opencl.parse_text)
            .iter()
            .filter(|m| m.pattern == 1)
            .filter_map(|m| {
                let (start, end) = m.get("declaration")?;
                let node = opencl
                    .tree
                    .root_node()
                    .descendant_for_byte_range(start as usize, end as usize)?;
                patterns
                    .declares_shared(node)
                    .then(|| m.get("declaration.declarator"))?
            })
            .map(|(s, e)| &OPENCL[s as usize..e as usize])
            .collect();
        assert_eq!(locals, ["tile[64]"]);
    }

    /// The `declaration` nodes of a parsed file whose text starts with `prefix`.
    fn declarations<'t>(parsed: &'t ParsedSource, prefix: &str) -> Vec<Node<'t>> {
        let mut found = Vec::new();
        let mut stack = vec![parsed.tree.root_node()];
        while let Some(n) = stack.pop() {
            let written = &parsed.text[n.start_byte()..n.end_byte()];
            if n.kind() == "declaration" && written.starts_with(prefix) {
                found.push(n);
            }
            stack.extend(n.children(&mut n.walk()));
        }
        found
    }

    /// For each (prefix, shared): the one declaration starting with the
    /// prefix is a shared declaration or not.
    fn assert_declares_shared(parsed: &ParsedSource, patterns: &Patterns, cases: &[(&str, bool)]) {
        for &(prefix, shared) in cases {
            let nodes = declarations(parsed, prefix);
            assert_eq!(nodes.len(), 1, "{prefix}");
            assert_eq!(patterns.declares_shared(nodes[0]), shared, "{prefix}");
        }
    }

    #[test]
    fn patterns_tell_shared_declarations_by_node() {
        let cuda = parse(CUDA, Lang::Cuda, None);
        let patterns = Patterns::find(&cuda.tree, &cuda.parse_text, &cuda.qualifiers, Lang::Cuda);
        let cases = [
            ("__shared__ int s", true),
            ("extern __shared__", true),
            ("int local", false),
        ];
        assert_declares_shared(&cuda, &patterns, &cases);
        // OpenCL: `__local` in the head, whatever the declarator.
        let text = "kernel void k(global int *g) {\n  local int tile[8];\n  local int *p = tile;\n  int *q = (local int *)0;\n  int x;\n}\n";
        let opencl = parse(text, Lang::OpenCl, None);
        let patterns = Patterns::find(
            &opencl.tree,
            &opencl.parse_text,
            &opencl.qualifiers,
            Lang::OpenCl,
        );
        let cases = [
            ("int tile", true),
            ("int *p", true),
            ("int *q", false),
            ("int x", false),
        ];
        assert_declares_shared(&opencl, &patterns, &cases);
        // A CUDA file read as OpenCL has no `__kernel`: no kernel.
        let as_opencl = parse("__global__ void k() {}", Lang::OpenCl, None);
        assert!(kernels(&as_opencl).is_empty());
    }

    #[test]
    fn includes_are_found_on_directive_lines() {
        let found = includes(CUDA);
        let paths: Vec<(&str, bool)> = found.iter().map(|i| (i.path.as_str(), i.system)).collect();
        assert_eq!(
            paths,
            [("common.cuh", false), ("cooperative_groups.h", true)]
        );
        assert_eq!(
            found[1].span.start as usize,
            CUDA.find("#include <").unwrap_or(0)
        );
        let opencl: Vec<String> = includes(OPENCL).into_iter().map(|i| i.path).collect();
        assert_eq!(opencl, ["defs.h"]);
        let text = "// #include \"no.h\"\nint \u{e9}t\u{e9} = 1;\n  #include \"yes.h\"\n";
        let found = includes(text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].path, "yes.h");
        assert_eq!(
            found[0].span.start as usize,
            text.find("#include \"yes").unwrap_or(0)
        );
    }
}
