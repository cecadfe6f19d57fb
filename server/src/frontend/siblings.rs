//! Device functions defined in another translation unit of the program.
//!
//! A CUDA program built with relocatable device code (`nvcc -rdc`) may call a
//! `__device__` function that its own translation unit only declares (in a
//! header) and that another `.cu` file of the program defines. The linker
//! binds the call to the one external definition of that name and signature in
//! the program (C++'s one-definition rule; two would not link). The program's
//! files are taken to be the source files of the checked file's folder (the
//! folder searched for launches too): when exactly one of them defines the
//! function, with external linkage, that definition is the one the program
//! runs, and it is lowered like one in the file itself. Anything less certain
//! keeps the call unknown (its effects over-approximated), never a guess:
//! several definers (say two variants of a program in one folder), a
//! definition with internal linkage or in a template, a different parameter
//! count or types, or a file whose top-level names clash with the checked
//! unit's (its definitions would be looked up among the wrong declarations).
//!
//! The other file is preprocessed on its own (its own macros and includes) and
//! its units are appended after the checked unit's: the headers both include
//! with the same preprocessed text are read once (the checked unit's copy);
//! every other top-level name the file defines must be new to the checked unit.

use crate::base::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use tree_sitter::Node;

use super::{IncludeResolver, UnitSyntax};
use crate::ir::FileId;
use crate::syntax::parse;
use crate::syntax::preprocess::{self, lex, TokKind};

/// Extensions of the files that may be translation units of the program.
const UNIT_EXTENSIONS: [&str; 4] = ["cu", "cpp", "cc", "cxx"];

/// Most files of a folder looked at (sorted by name).
const MAX_FOLDER_FILES: usize = 64;

/// Most other translation units whose definitions are taken.
const MAX_SIBLING_UNITS: usize = 8;

/// Most rounds of search (a taken definition may call functions defined in
/// yet another file).
const MAX_ROUNDS: usize = 4;

/// What the checked unit takes from other translation units.
#[derive(Default)]
pub(super) struct Siblings {
    /// Index of the first appended unit (units before it are the checked
    /// translation unit).
    pub first: usize,
    /// Each function whose definition comes from another file, with that file.
    pub taken: Vec<(String, PathBuf)>,
}

/// A function definition at file scope.
struct FnHead {
    /// Unqualified name.
    name: String,
    /// Declared in a template.
    template: bool,
    /// Internal linkage: `static` or inside an anonymous namespace.
    internal: bool,
    /// Callable from device code (`__device__`).
    device: bool,
    /// Defined with a qualified name (`S::f`): a member, not a free function.
    member: bool,
    /// Number of parameters.
    params: usize,
}

/// The top-level names of some units.
#[derive(Default)]
struct TopLevel {
    /// Every name the units define (functions with a body, variables that are
    /// not `extern` declarations, types, typedefs, enumerators).
    defined: HashSet<String>,
    /// Parameter counts of the `__device__` prototypes, by name.
    device_prototypes: HashMap<String, Vec<usize>>,
    /// Function definitions.
    functions: Vec<FnHead>,
}

impl TopLevel {
    /// Device functions declared and defined nowhere in these units.
    fn missing(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .device_prototypes
            .keys()
            .filter(|n| !self.functions.iter().any(|f| &f.name == *n))
            .cloned()
            .collect();
        out.sort();
        out
    }

    fn absorb(&mut self, other: TopLevel) {
        self.defined.extend(other.defined);
        for (name, counts) in other.device_prototypes {
            self.device_prototypes
                .entry(name)
                .or_default()
                .extend(counts);
        }
        self.functions.extend(other.functions);
    }
}

/// Text of a node.
fn text<'s>(n: Node, src: &'s str) -> &'s str {
    src.get(n.start_byte()..n.end_byte()).unwrap_or("")
}

/// Identifier tokens of `src[start..end]`.
fn words(src: &str, start: usize, end: usize) -> Vec<&str> {
    let head = src.get(start..end).unwrap_or("");
    lex(head)
        .into_iter()
        .filter(|t| t.kind == TokKind::Ident)
        .filter_map(|t| head.get(t.start..t.end))
        .collect()
}

/// The function declarator under a declarator (pointer, reference,
/// parenthesised), if it declares a function.
fn function_declarator(d: Node) -> Option<Node> {
    let mut d = d;
    for _ in 0..16 {
        match d.kind() {
            "function_declarator" => return Some(d),
            "pointer_declarator"
            | "reference_declarator"
            | "parenthesized_declarator"
            | "attributed_declarator" => {
                d = d
                    .child_by_field_name("declarator")
                    .or_else(|| d.named_child(0))?;
            }
            _ => return None,
        }
    }
    None
}

/// The declared name of a declarator: (last identifier, whether qualified).
fn declarator_name<'s>(d: Node, src: &'s str) -> Option<(&'s str, bool)> {
    let mut d = d;
    let mut qualified = false;
    for _ in 0..32 {
        match d.kind() {
            "identifier" | "field_identifier" | "type_identifier" | "operator_name"
            | "destructor_name" => {
                let name = text(d, src);
                return (!name.is_empty()).then_some((name, qualified));
            }
            "qualified_identifier" => {
                qualified = true;
                d = d.child_by_field_name("name")?;
            }
            "template_function" => d = d.child_by_field_name("name")?,
            _ => {
                d = d
                    .child_by_field_name("declarator")
                    .or_else(|| d.named_child(0))?;
            }
        }
    }
    None
}

/// Number of declared parameters of a parameter list (`(void)` has none).
fn param_count(params: Option<Node>, src: &str) -> usize {
    let Some(params) = params else { return 0 };
    let mut c = params.walk();
    let n = params
        .named_children(&mut c)
        .filter(|p| p.kind().contains("parameter_declaration"))
        .filter(|p| text(*p, src).trim() != "void")
        .count();
    n
}

/// Records the names a type specifier defines (a named struct, class, union
/// or enum with a body, and an enum's enumerators).
fn specifier_names(t: Node, src: &str, out: &mut TopLevel) {
    if !matches!(
        t.kind(),
        "struct_specifier" | "class_specifier" | "union_specifier" | "enum_specifier"
    ) {
        return;
    }
    let Some(body) = t.child_by_field_name("body") else {
        return;
    };
    if let Some(name) = t.child_by_field_name("name") {
        out.defined.insert(text(name, src).to_string());
    }
    if t.kind() == "enum_specifier" {
        let mut c = body.walk();
        for e in body.named_children(&mut c) {
            if let Some(name) = e.child_by_field_name("name") {
                out.defined.insert(text(name, src).to_string());
            }
        }
    }
}

/// The top-level names of a unit.
fn scan_unit(unit: &UnitSyntax, out: &mut TopLevel) {
    let src = unit.text.as_str();
    // (node, inside a template, inside an anonymous namespace)
    let mut stack: Vec<(Node, bool, bool)> = vec![(unit.tree.root_node(), false, false)];
    let mut steps = 0usize;
    while let Some((n, tpl, anon)) = stack.pop() {
        steps += 1;
        if steps > 1_000_000 {
            break;
        }
        match n.kind() {
            "translation_unit"
            | "declaration_list"
            | "linkage_specification"
            | "ERROR"
            | "preproc_if"
            | "preproc_ifdef"
            | "preproc_else"
            | "preproc_elif"
            | "export_declaration" => {
                let mut c = n.walk();
                let kids: Vec<Node> = n.children(&mut c).collect();
                stack.extend(kids.into_iter().rev().map(|k| (k, tpl, anon)));
            }
            // Inside any namespace (review finding 12): `b::put` is not the
            // `put` or `a::put` a call names, and calls are resolved by their
            // last name, so nothing declared or defined in one is taken.
            "namespace_definition" => {
                let anon = true;
                if let Some(body) = n.child_by_field_name("body") {
                    stack.push((body, tpl, anon));
                }
            }
            "template_declaration" => {
                let mut c = n.walk();
                let kids: Vec<Node> = n.named_children(&mut c).collect();
                stack.extend(kids.into_iter().rev().map(|k| (k, true, anon)));
            }
            "function_definition" => {
                let Some(d) = n.child_by_field_name("declarator") else {
                    continue;
                };
                let Some((name, member)) = declarator_name(d, src) else {
                    continue;
                };
                let head = words(src, n.start_byte(), d.start_byte());
                out.defined.insert(name.to_string());
                out.functions.push(FnHead {
                    name: name.to_string(),
                    template: tpl,
                    internal: anon || head.contains(&"static"),
                    device: head.contains(&"__device__"),
                    member,
                    params: param_count(
                        function_declarator(d).and_then(|f| f.child_by_field_name("parameters")),
                        src,
                    ),
                });
            }
            "declaration" => {
                if let Some(t) = n.child_by_field_name("type") {
                    specifier_names(t, src, out);
                }
                let first = n
                    .child_by_field_name("declarator")
                    .map_or(n.end_byte(), |d| d.start_byte());
                let head = words(src, n.start_byte(), first);
                let mut c = n.walk();
                let decls: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
                for d in decls {
                    let Some((name, member)) = declarator_name(d, src) else {
                        continue;
                    };
                    if let Some(f) = function_declarator(d) {
                        if head.contains(&"__device__") && !member && !tpl {
                            out.device_prototypes
                                .entry(name.to_string())
                                .or_default()
                                .push(if anon {
                                    usize::MAX
                                } else {
                                    param_count(f.child_by_field_name("parameters"), src)
                                });
                        }
                        continue;
                    }
                    let is_declaration_only =
                        head.contains(&"extern") && d.kind() != "init_declarator";
                    if !is_declaration_only {
                        out.defined.insert(name.to_string());
                    }
                }
            }
            "type_definition" => {
                if let Some(t) = n.child_by_field_name("type") {
                    specifier_names(t, src, out);
                }
                let mut c = n.walk();
                let decls: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
                for d in decls {
                    if let Some((name, _)) = declarator_name(d, src) {
                        out.defined.insert(name.to_string());
                    }
                }
            }
            "alias_declaration" => {
                if let Some(name) = n.child_by_field_name("name") {
                    out.defined.insert(text(name, src).to_string());
                }
            }
            "struct_specifier" | "class_specifier" | "union_specifier" | "enum_specifier" => {
                specifier_names(n, src, out)
            }
            _ => {}
        }
    }
}

/// Parses a preprocessed text as the front end parses every unit.
pub(super) fn parse_unit(text: &str, lang: crate::ir::Lang) -> (String, Vec<parse::Qualifier>) {
    let (text, qualifiers) = parse::prepare(text, lang);
    let text = parse::blank_misleading_parentheses(&text);
    let text = parse::blank_trailing_function_qualifiers(&text);
    let text = parse::blank_lambda_execution_spaces(&text);
    let text = parse::blank_unknown_specifier_macros(&text);
    (text, qualifiers)
}

/// Another file of the folder, preprocessed and parsed.
struct Candidate {
    /// Its path.
    path: PathBuf,
    /// Its texts by file id (0 is the file itself).
    files: Vec<(PathBuf, String)>,
    /// Its units the checked unit does not already have, with their paths.
    units: Vec<(PathBuf, UnitSyntax)>,
    /// What those units declare and define.
    top: TopLevel,
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Preprocesses and parses `file`, dropping the headers `known` already has
/// with the same text (canonical path -> prepared text).
fn read_candidate(
    file: &Path,
    raw: &str,
    includes: &dyn IncludeResolver,
    prelude: &str,
    known: &HashMap<PathBuf, Vec<String>>,
) -> Candidate {
    let reader = |from: &Path, name: &str| includes.read_or_reason(from, name);
    let pre = preprocess::preprocess(
        raw,
        file,
        &preprocess::Options {
            expand: true,
            includes: Some(&reader),
            prelude,
        },
    );
    let mut units = Vec::new();
    let mut top = TopLevel::default();
    for (k, unit) in pre.units.into_iter().enumerate() {
        let (text, qualifiers) = parse_unit(&unit.text, crate::ir::Lang::Cuda);
        let seen = known
            .get(&canonical(&unit.path))
            .is_some_and(|texts| texts.contains(&text));
        if k > 0 && seen {
            continue;
        }
        let tree = parse::parse_prepared(&text, None);
        let syntax = UnitSyntax {
            text,
            tree,
            qualifiers,
            map: unit.map,
        };
        scan_unit(&syntax, &mut top);
        units.push((unit.path, syntax));
    }
    Candidate {
        path: file.to_path_buf(),
        files: pre.files,
        units,
        top,
    }
}

/// A file whose preprocessing is not known, as a definer of every name in
/// `names` that fits no call (so that no other file's definition of them is
/// taken as the only one).
fn opaque_candidate(file: &Path, names: &[&String]) -> Candidate {
    let functions = names
        .iter()
        .map(|n| FnHead {
            name: n.to_string(),
            template: true,
            internal: true,
            device: false,
            member: false,
            params: usize::MAX,
        })
        .collect();
    Candidate {
        path: file.to_path_buf(),
        files: Vec::new(),
        units: Vec::new(),
        top: TopLevel {
            functions,
            ..TopLevel::default()
        },
    }
}

/// The other files of `path`'s folder that may be translation units of the
/// program, sorted, without those already read as part of the checked unit.
fn folder_files(path: &Path, own_units: &HashSet<PathBuf>) -> Vec<PathBuf> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let own = canonical(path);
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| UNIT_EXTENSIONS.contains(&e))
        })
        .filter(|p| {
            let c = canonical(p);
            c != own && !own_units.contains(&c)
        })
        .collect();
    files.sort();
    files.truncate(MAX_FOLDER_FILES);
    files
}

/// Appends to `units` (the checked translation unit, `paths` their paths,
/// `files` its texts by file id) the units of the other files of the folder
/// that define device functions it declares without defining, as described in
/// the module documentation.
pub(super) fn append_definitions(
    path: &Path,
    units: &mut Vec<UnitSyntax>,
    paths: &mut Vec<PathBuf>,
    files: &mut Vec<(PathBuf, String)>,
    includes: &dyn IncludeResolver,
) -> Siblings {
    let mut siblings = Siblings {
        first: units.len(),
        taken: Vec::new(),
    };
    let mut top = TopLevel::default();
    for unit in units.iter() {
        scan_unit(unit, &mut top);
    }
    let mut missing = top.missing();
    if missing.is_empty() {
        return siblings;
    }
    let mut known: HashMap<PathBuf, Vec<String>> = HashMap::default();
    for (p, u) in paths.iter().zip(units.iter()) {
        known.entry(canonical(p)).or_default().push(u.text.clone());
    }
    let own_units: HashSet<PathBuf> = known.keys().cloned().collect();
    let folder = folder_files(path, &own_units);
    let raws: Vec<(PathBuf, String)> = folder
        .into_iter()
        .filter_map(|f| {
            let bytes = crate::syntax::files::read_regular(&f).ok()?;
            Some((f, crate::syntax::files::decode(&bytes).text))
        })
        .collect();
    let mut read: HashMap<PathBuf, Candidate> = HashMap::default();
    let mut taken_files: Vec<PathBuf> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        if missing.is_empty() || taken_files.len() >= MAX_SIBLING_UNITS {
            break;
        }
        // Read the files that mention a missing name (a cheap filter first).
        for (file, raw) in &raws {
            if read.contains_key(file) || taken_files.contains(file) {
                continue;
            }
            if crate::base::interrupt::reason().is_some() {
                break;
            }
            let mentioned: Vec<&String> = missing
                .iter()
                .filter(|m| super::mentions_identifier(raw, m))
                .collect();
            if mentioned.is_empty() {
                continue;
            }
            let c = match includes.for_other_file(file) {
                Some(env) => {
                    let prelude = env.cuda_prelude();
                    let prelude = prelude.as_deref().unwrap_or(preprocess::CUDA_PRELUDE);
                    read_candidate(file, raw, env.as_ref(), prelude, &known)
                }
                // Compiled with flags not known: it may define any function
                // it names, and none of its definitions can be taken.
                None => opaque_candidate(file, &mentioned),
            };
            read.insert(file.clone(), c);
        }
        // Each missing name's definers among the files read.
        let definers = |m: &str| -> Vec<&PathBuf> {
            let mut out: Vec<&PathBuf> = read
                .iter()
                .filter(|(_, c)| c.top.functions.iter().any(|f| f.name == m))
                .map(|(p, _)| p)
                .collect();
            out.sort();
            out
        };
        // The one file that may be linked to the checked unit's calls of `m`.
        let resolves_to = |m: &str| -> Option<PathBuf> {
            let [file] = definers(m)[..] else {
                return None;
            };
            let c = read.get(file)?;
            let defs: Vec<&FnHead> = c.top.functions.iter().filter(|f| f.name == m).collect();
            let [def] = defs[..] else { return None };
            let counts = top.device_prototypes.get(m)?;
            let fits = !def.template
                && !def.internal
                && !def.member
                && def.device
                && counts.iter().all(|&k| k == def.params);
            fits.then(|| file.clone())
        };
        let mut chosen: Vec<PathBuf> = Vec::new();
        for m in &missing {
            if let Some(f) = resolves_to(m) {
                if !chosen.contains(&f) {
                    chosen.push(f);
                }
            }
        }
        chosen.sort();
        // Every missing name a file defines must be linked to it, and it must
        // define no name the checked unit (or a file taken) defines.
        let mut accepted: Vec<PathBuf> = Vec::new();
        let mut defined_now: HashSet<&String> = HashSet::default();
        for file in chosen {
            if taken_files.len() + accepted.len() >= MAX_SIBLING_UNITS {
                break;
            }
            let Some(c) = read.get(&file) else { continue };
            let consistent = missing.iter().all(|m| {
                !c.top.functions.iter().any(|f| &f.name == m)
                    || resolves_to(m).as_ref() == Some(&file)
            });
            let clash = c
                .top
                .defined
                .iter()
                .any(|n| top.defined.contains(n) || defined_now.contains(n));
            if consistent && !clash {
                defined_now.extend(c.top.defined.iter());
                accepted.push(file);
            }
        }
        let progress = !accepted.is_empty();
        for file in accepted {
            let Some(c) = read.remove(&file) else {
                continue;
            };
            for m in &missing {
                if c.top.functions.iter().any(|f| &f.name == m) {
                    siblings.taken.push((m.clone(), c.path.clone()));
                }
            }
            let offset = files.len() as u32;
            files.extend(c.files);
            for (p, mut unit) in c.units {
                unit.map.file = FileId(unit.map.file.0 + offset);
                known
                    .entry(canonical(&p))
                    .or_default()
                    .push(unit.text.clone());
                units.push(unit);
                paths.push(p);
            }
            top.absorb(c.top);
            taken_files.push(file);
        }
        if !progress {
            break;
        }
        missing = top.missing();
        // Files read against the earlier headers are read again.
        read.clear();
    }
    siblings
}

/// The parameter lists of the function declarations of `name` (prototypes
/// and definitions) at file scope in `units`, with their unit index.
pub(super) fn declarations<'t>(units: &'t [UnitSyntax], name: &str) -> Vec<(usize, Node<'t>)> {
    let mut out = Vec::new();
    for (u, unit) in units.iter().enumerate() {
        let src = unit.text.as_str();
        if !super::mentions_identifier(src, name) {
            continue;
        }
        let mut stack: Vec<Node<'t>> = vec![unit.tree.root_node()];
        let mut steps = 0usize;
        while let Some(n) = stack.pop() {
            steps += 1;
            if steps > 1_000_000 {
                break;
            }
            match n.kind() {
                "translation_unit"
                | "declaration_list"
                | "linkage_specification"
                | "ERROR"
                | "preproc_if"
                | "preproc_ifdef"
                | "preproc_else"
                | "preproc_elif"
                | "export_declaration"
                | "template_declaration" => {
                    let mut c = n.walk();
                    stack.extend(n.named_children(&mut c));
                }
                "namespace_definition" => stack.extend(n.child_by_field_name("body")),
                "function_definition" | "declaration" => {
                    let mut c = n.walk();
                    let decls: Vec<Node<'t>> =
                        n.children_by_field_name("declarator", &mut c).collect();
                    for d in decls {
                        let named = declarator_name(d, src).is_some_and(|(x, q)| x == name && !q);
                        if let (true, Some(f)) = (named, function_declarator(d)) {
                            out.extend(f.child_by_field_name("parameters").map(|p| (u, p)));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}
