//! The front end: lowering of the syntax tree into KPL (`crate::ir`), macros
//! expanded, device functions inlined, pointers resolved to arrays and byte
//! offsets. Sits between `syntax` and the consumers of `ir`; `ir` never imports it.
//!
//! Pipeline: the preprocessor expands macros on text with a source map (see
//! `syntax::preprocess`); each file (main file and `#include "..."` headers) is
//! parsed; structs, typedefs, constants, globals and functions of every file are
//! collected; then every kernel of the main file is lowered by [`lowerer::Lowerer`]
//! (one file per concern: `stmts`, `exprs`, `lvalues`, `arith`, `memory`, `calls`, ...).
//! Those modules are private to the front end, so their `pub(crate)` items are
//! visible only here; [`builtins`] is public plain data for hover and synthesis.
//!
//! Assumption shared with GPUVerify: distinct pointer parameters of a kernel
//! point to distinct arrays (they never alias).

mod accessors;
mod arith;
pub(crate) mod block_tickets;
pub mod builtins;
mod calls;
mod class_templates;
mod cub;
mod decls;
mod deduce;
mod effects;
mod exprs;
mod implicit_init;
mod inline;
mod kernel;
mod lambdas;
mod lowerer;
mod lvalues;
mod memory;
mod opaque_types;
mod pointers;
mod range_for;
mod ref_types;
mod siblings;
mod stmts;
mod types;
mod volatile_params;

use crate::base::HashMap;
use std::path::{Path, PathBuf};

use tree_sitter::Node;

use crate::ir::{
    FrontendDiagnostic, Kernel, Lang, MemSpace, Program, ScalarTy, SourceFileInfo, Span,
    UnsupportedKernel,
};
use crate::syntax::parse::{
    self, qualifier_head_start, qualifiers_in, ParsedSource, Qualifier, QualifierKind,
};
use crate::syntax::preprocess::{self, lex, SourceMap, TokKind};
use crate::syntax::source::LineIndex;
use types::{text, Ty, TypeEnv};

/// Finds the text of `#include "name"` files.
pub trait IncludeResolver {
    /// Returns the resolved path and text of `name` included from `from`, or None.
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)>;

    /// The predefined macros of CUDA device compilation when the translation
    /// unit is configured differently from the default (another CUDA version
    /// or architecture, `-D` flags); None keeps [`preprocess::CUDA_PRELUDE`].
    fn cuda_prelude(&self) -> Option<String> {
        None
    }

    /// The one file that includes the file at `path` when it is checked alone
    /// (a header, or a `.cu` file included by another): its macros and
    /// declarations before the `#include` apply, as they do when the
    /// compiler reads the file. None checks the file on its own.
    fn includer(&self, _path: &Path) -> Option<preprocess::Includer> {
        None
    }

    /// Every includer chain that compiles the file at `path` (several when
    /// several programs include it, each under its own macros), and why
    /// others may exist unseen; by default the one of [`IncludeResolver::includer`].
    fn includer_contexts(&self, path: &Path) -> preprocess::IncluderContexts {
        preprocess::IncluderContexts {
            chains: self.includer(path).into_iter().collect(),
            unread: None,
        }
    }

    /// Like [`IncludeResolver::read`], with the reason when the header cannot
    /// be read (it becomes a diagnostic at the `#include` line).
    fn read_or_reason(&self, from: &Path, name: &str) -> Result<(PathBuf, String), String> {
        self.read(from, name)
            .ok_or_else(|| "no such file".to_string())
    }

    /// How another file of the program at `path` is compiled (its own
    /// include folders and macros), when known; None when not (its device
    /// functions are then never taken, see `siblings`).
    fn for_other_file(&self, _path: &Path) -> Option<Box<dyn IncludeResolver>> {
        None
    }
}

/// Resolves includes relative to the including file's directory on disk.
pub struct FsIncludes;

impl IncludeResolver for FsIncludes {
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)> {
        self.read_or_reason(from, name).ok()
    }

    /// Only regular files within `max-source-bytes` are read (`#include
    /// "/dev/zero"` or a FIFO must neither hang nor eat memory), decoded like a
    /// main file (line ends, BOM, UTF-16, invalid UTF-8).
    fn read_or_reason(&self, from: &Path, name: &str) -> Result<(PathBuf, String), String> {
        let path = from.parent().unwrap_or(Path::new(".")).join(name);
        let bytes = crate::syntax::files::read_regular(&path)?;
        Ok((path, crate::syntax::files::decode(&bytes).text))
    }
}

/// Resolves no include at all (for text without a file system).
pub struct NoIncludes;

impl IncludeResolver for NoIncludes {
    fn read(&self, _from: &Path, _name: &str) -> Option<(PathBuf, String)> {
        None
    }
}

/// A preprocessed and parsed file.
pub(crate) struct UnitSyntax {
    /// Text tree-sitter parsed (expanded, blanked).
    pub text: String,
    /// Its tree.
    pub tree: tree_sitter::Tree,
    /// Blanked OpenCL qualifiers (positions in `text`).
    pub qualifiers: Vec<Qualifier>,
    /// Map back to the user's text.
    pub map: SourceMap,
}

/// A function declaration without a body: its arity bounds and where its
/// parameter list is (for the default arguments it gives).
#[derive(Clone, Copy)]
pub(crate) struct DeclaredArity<'t> {
    /// Number of parameters.
    pub count: usize,
    /// Parameters a call must give.
    pub required: usize,
    /// Whether it has an ellipsis or a parameter pack.
    pub variadic: bool,
    /// Unit of the declaration.
    pub unit: usize,
    /// Its parameter list.
    pub params: Node<'t>,
}

/// A function definition.
#[derive(Clone)]
pub(crate) struct FnDef<'t> {
    /// Unit it is in.
    pub unit: usize,
    /// The `function_definition` node.
    pub node: Node<'t>,
    /// Template parameter list, for templates.
    pub template: Option<Node<'t>>,
    /// Function name.
    pub name: String,
    /// The name node.
    pub name_node: Node<'t>,
    /// Parameter list.
    pub params: Option<Node<'t>>,
    /// Number of parameters.
    pub param_count: usize,
    /// Number of parameters a call must give: those without a default
    /// argument here or in a declaration of the name ([dcl.fct.default]),
    /// and not a parameter pack.
    pub required_params: usize,
    /// Whether a call may pass more arguments than it declares (an
    /// ellipsis `...` or a function parameter pack).
    pub variadic: bool,
    /// Whether it has a body.
    pub has_body: bool,
    /// Whether it is a kernel.
    pub is_kernel: bool,
    /// For a constructor inherited by `using B::B;` in the body of class
    /// `D`: `D`'s tag (the constructor also initialises `D`'s other bases
    /// and own members); None otherwise.
    pub inherited_by: Option<String>,
}

impl FnDef<'_> {
    /// Whether a call with `nargs` arguments may call it: C++ viability by
    /// the number of arguments ([over.match.viable]/2), default arguments
    /// and an ellipsis or parameter pack included.
    pub fn accepts(&self, nargs: usize) -> bool {
        nargs >= self.required_params && (nargs <= self.param_count || self.variadic)
    }
}

/// The arity bounds of a parameter list: how many of its parameters a call
/// must give (those without a default argument, packs aside) and whether
/// it takes more than it declares (an ellipsis or a parameter pack).
fn arity_bounds(params: Node, src: &str) -> (usize, bool) {
    let declared = declared_params(params, src);
    let required = declared
        .iter()
        .filter(|p| p.kind() == "parameter_declaration")
        .count();
    let variadic = declared
        .iter()
        .any(|p| p.kind() == "variadic_parameter_declaration")
        || params
            .children(&mut params.walk())
            .any(|c| c.kind() == "...");
    (required, variadic)
}

/// A file-scope variable (memory object).
pub(crate) struct GlobalDef<'t> {
    /// Unit it is in.
    pub unit: usize,
    /// Type.
    pub ty: Ty,
    /// Memory space.
    pub space: MemSpace,
    /// Its name node.
    pub name_node: Node<'t>,
    /// Element values of a constant-memory integer array with a constant
    /// initializer (missing elements are 0), for reads of known values.
    pub const_init: Option<Vec<i128>>,
    /// `extern __shared__`: the kernel's dynamic shared memory.
    pub dynamic_shared: bool,
    /// Device code may write it: OpenCL program-scope variables, CUDA ones
    /// declared `__device__`, `__shared__` or `__managed__` (not constants,
    /// host variables or textures).
    pub device_writable: bool,
}

/// Everything known about the program while lowering kernels.
pub(crate) struct Ctx<'t> {
    /// Parsed files (0 is the main file).
    pub units: &'t [UnitSyntax],
    /// Whether the main file is a translation unit of its own (a `.cu`
    /// file): a template it defines is instantiated only in the units seen.
    pub main_is_tu: bool,
    /// Types and constants.
    pub types: TypeEnv,
    /// Functions by name.
    pub functions: HashMap<String, Vec<FnDef<'t>>>,
    /// File-scope memory objects.
    pub globals: HashMap<String, GlobalDef<'t>>,
    /// Function prototypes (declared, maybe never defined) by name: for each,
    /// which parameters are non-const references.
    pub prototypes: HashMap<String, Vec<Vec<bool>>>,
    /// Names of function prototypes that return a reference.
    pub ref_prototypes: crate::base::HashSet<String>,
    /// Parameter types of the function prototypes by name, one list per
    /// prototype ([`param_signature`]).
    pub prototype_signatures: HashMap<String, Vec<Vec<String>>>,
    /// Function declarations without a body (file-scope prototypes and
    /// member declarations in a class), by unqualified name, whose default
    /// arguments a later definition of the name inherits ([dcl.fct.default]/4).
    pub declared_arities: HashMap<String, Vec<DeclaredArity<'t>>>,
    /// Line indexes of the user's files.
    pub lines: Vec<LineIndex>,
    /// Function bodies by unqualified name (`S::f` also as `f`): the index of
    /// the closure scans over callees, built once after collection.
    pub bodies_by_name: HashMap<String, Vec<(usize, Node<'t>)>>,
    /// What each function definition's own text reaches, by (unit, start
    /// byte): the per-definition pass of the closure scans, run once per
    /// definition on first need (a pass over every definition up front costs
    /// each lowering, the language server's after every edit included).
    pub body_facts: std::cell::RefCell<HashMap<(usize, usize), std::rc::Rc<effects::BodyFacts>>>,
    /// Instances of class templates by struct index: the definition each
    /// was laid out from and its template arguments.
    pub class_instances: HashMap<usize, class_templates::ClassInstance<'t>>,
    /// Every use `C<..>` of each class template name `C` in the units (its
    /// unit and `template_type` node), or None when the name also occurs
    /// where it is neither such a use nor `C`'s own declaration or body
    /// (`f<C>`: an instance may be written unseen).
    pub class_template_uses: HashMap<String, Option<Vec<(usize, Node<'t>)>>>,
    /// Each class template's definition (else its first declaration) by
    /// name: unit, specifier and template parameter list.
    pub class_template_defs: HashMap<String, StructTemplate<'t>>,
}

impl Ctx<'_> {
    /// "line:col" (1-based) of a span start for messages.
    pub fn describe(&self, span: Span) -> String {
        match self.lines.get(span.file.0 as usize) {
            Some(idx) => idx.describe(span.start),
            None => format!("byte {}", span.start),
        }
    }
}

/// Lowers an already parsed file.
pub fn lower_parsed(parsed: &ParsedSource, path: &Path, includes: &dyn IncludeResolver) -> Program {
    lower_parsed_incremental(parsed, path, includes, None).0
}

/// The main file as the front end last saw it, kept by a caller that lowers the
/// same document again after an edit (see [`lower_parsed_incremental`]).
#[derive(Clone)]
pub struct MainUnitState {
    /// Dialect.
    lang: Lang,
    /// Preprocessed (expanded, blanked) text of the main file.
    text: String,
    /// Syntax tree of `text`.
    tree: tree_sitter::Tree,
    /// Paths and preprocessed texts of the included files, in unit order.
    headers: Vec<(PathBuf, String)>,
}

/// An earlier lowering of the same document.
pub struct Earlier<'a> {
    /// What the front end saw then.
    pub state: &'a MainUnitState,
    /// Called for each kernel of the main file when the front end has proven
    /// that everything the kernel's lowering depends on (its definition, the
    /// declarations of every file, the functions it may call) is unchanged
    /// except for positions: (name, main-file span of the definition) ->
    /// the earlier lowering of the kernel at that span with its spans moved to
    /// the new text, or None to lower it.
    pub reuse: &'a (dyn Fn(&str, Span) -> Option<Kernel> + Sync),
}

/// Lowers an already parsed file, taking over kernels of an `earlier` lowering
/// when the edit since then lies strictly inside the body of one function that
/// nothing else refers to (everything else is lowered as by [`lower_parsed`],
/// so the result is the same). The main file is re-parsed incrementally from
/// the earlier tree when macro expansion makes its text differ from the parse.
/// Also returns the state for the next call.
pub fn lower_parsed_incremental(
    parsed: &ParsedSource,
    path: &Path,
    includes: &dyn IncludeResolver,
    earlier: Option<Earlier>,
) -> (Program, MainUnitState) {
    let reader = |from: &Path, name: &str| includes.read_or_reason(from, name);
    let configured = includes.cuda_prelude();
    let prelude = match parsed.lang {
        Lang::Cuda => configured.as_deref().unwrap_or(preprocess::CUDA_PRELUDE),
        Lang::OpenCl => preprocess::OPENCL_PRELUDE,
    };
    let includer = includes.includer(path);
    let pre = preprocess::preprocess_in_context(
        &parsed.text,
        path,
        &preprocess::Options {
            expand: true,
            includes: Some(&reader),
            prelude,
        },
        includer.as_ref(),
    );
    let context_units = pre.context_units;
    let trailing_units = pre.trailing_units;
    let whole_unit = pre.whole_unit;
    let mut unit_paths: Vec<PathBuf> = pre.units.iter().map(|u| u.path.clone()).collect();
    let mut units = Vec::with_capacity(pre.units.len());
    let mut specifier_notes = Vec::new();
    for (k, unit) in pre.units.into_iter().enumerate() {
        let lang = if k == 0 {
            parsed.lang
        } else {
            Lang::from_path(&unit.path)
        };
        let lang = if parsed.lang == Lang::OpenCl {
            Lang::OpenCl
        } else {
            lang
        };
        // Notes for the checked file and what it includes, not the includer
        // a header is checked in.
        let noted = k == 0 || k > context_units;
        for (start, end, name) in parse::unknown_specifier_macros(&unit.text)
            .into_iter()
            .filter(|_| noted)
        {
            specifier_notes.push(FrontendDiagnostic {
                span: unit.map.map(start as u32, end as u32).0,
                message: format!(
                    "`{name}(..)` names no macro the checker can see; before a function's \
                     execution-space specifier it is read as a declaration specifier or \
                     attribute (it cannot change what the function accesses; a launch bound \
                     it may set is not used)"
                ),
                is_error: false,
            });
        }
        let (text, qualifiers) = siblings::parse_unit(&unit.text, lang);
        // The main file's tree is reusable when nothing was expanded, and
        // else re-parsed from the earlier tree.
        let tree = if k == 0 && text == parsed.parse_text {
            parsed.tree.clone()
        } else if let Some(state) = earlier
            .as_ref()
            .map(|e| e.state)
            .filter(|s| k == 0 && s.lang == parsed.lang)
        {
            let mut old = state.tree.clone();
            old.edit(&text_edit(&state.text, &text));
            parse::parse_prepared(&text, Some(&old))
        } else {
            parse::parse_prepared(&text, None)
        };
        units.push(UnitSyntax {
            text,
            tree,
            qualifiers,
            map: unit.map,
        });
    }
    let mut unit_files = pre.files;
    // Device functions the unit declares and another file of the program defines.
    let siblings = if parsed.lang == Lang::Cuda {
        siblings::append_definitions(path, &mut units, &mut unit_paths, &mut unit_files, includes)
    } else {
        siblings::Siblings {
            first: units.len(),
            taken: Vec::new(),
        }
    };
    let files: Vec<SourceFileInfo> = unit_files
        .iter()
        .map(|(p, t)| SourceFileInfo {
            path: p.to_string_lossy().into_owned(),
            text: t.clone(),
        })
        .collect();
    let mut diagnostics: Vec<FrontendDiagnostic> = pre
        .diagnostics
        .iter()
        .map(|d| FrontendDiagnostic {
            span: d.span,
            message: d.message.clone(),
            is_error: d.is_error,
        })
        .chain(specifier_notes)
        .collect();
    if let Some(includer) = includer.as_ref().filter(|_| context_units > 0) {
        let line = includer.text[..includer.at.min(includer.text.len())]
            .matches('\n')
            .count()
            + 1;
        diagnostics.push(FrontendDiagnostic {
            span: Span::new(0, 0),
            message: format!(
                "checked as included from {}:{line}: the macros and declarations before that `#include` apply",
                includer.path.display()
            ),
            is_error: false,
        });
    }
    let lines: Vec<LineIndex> = files.iter().map(|f| LineIndex::new(&f.text)).collect();
    let mut program = Program {
        files,
        kernels: Vec::new(),
        unsupported: Vec::new(),
        diagnostics: Vec::new(),
    };
    // Lowering recurses along the syntax tree (bounded by the nesting limit); a
    // dedicated thread gives it a stack that does not depend on the caller's.
    let lang = parsed.lang;
    let headers: Vec<(PathBuf, String)> = unit_paths
        .into_iter()
        .zip(&units)
        .skip(1)
        .map(|(path, u)| (path, u.text.clone()))
        .collect();
    let reuse = earlier.as_ref().and_then(|e| {
        let unit = units.first()?;
        let edited = edited_function(e.state, lang, &headers, &unit.text, &unit.tree)?;
        Some(Reuse {
            edited,
            reuse: e.reuse,
        })
    });
    // A `.cu` file another file includes is part of that translation unit.
    // A file checked within an includer chain whose outermost file is a
    // source file (a translation unit the compiler is given) and whose
    // units hold that whole unit (each includer's text after its
    // `#include` read too): the templates it defines are instantiated, in
    // this program, only in these units. Other programs that include it
    // are other chains, each checked on its own (a file whose includers
    // were not all read has its race-free verdicts withdrawn, see
    // `ide::file::analyze_file_with`).
    let in_whole_unit = context_units > 0
        && whole_unit
        && includer.as_ref().is_some_and(|i| {
            i.chain().first().is_some_and(|outer| {
                outer
                    .path
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| {
                        ["cu", "cpp", "cc", "cxx", "c", "hip"]
                            .iter()
                            .any(|s| e.eq_ignore_ascii_case(s))
                    })
            })
        });
    let tu_local =
        (path.extension().is_some_and(|e| e == "cu") && context_units == 0) || in_whole_unit;
    let interrupt = crate::base::interrupt::current();
    let spawned = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("syncwright-lower".into())
            .stack_size(LOWERING_STACK)
            .spawn_scoped(scope, || {
                let mut program = program.clone();
                let mut diagnostics = diagnostics.clone();
                crate::base::interrupt::with(interrupt, || {
                    lower_units(
                        &units,
                        (context_units, tu_local, trailing_units),
                        &siblings,
                        lang,
                        lines.clone(),
                        reuse.as_ref(),
                        &mut program,
                        &mut diagnostics,
                    )
                });
                (program, diagnostics)
            });
        worker.ok().map(|h| h.join())
    });
    match spawned {
        Some(Ok((p, d))) => {
            program = p;
            diagnostics = d;
        }
        // An interruption (deadline, newer text) carries its reason to the
        // caller's guard, which reports every kernel of the file with it.
        Some(Err(payload)) if payload.is::<crate::base::interrupt::Interrupted>() => {
            std::panic::resume_unwind(payload)
        }
        Some(Err(_)) => diagnostics.push(FrontendDiagnostic {
            span: Span::default(),
            message: "internal error in the front end; the file was not analysed".into(),
            is_error: true,
        }),
        None => lower_units(
            &units,
            (context_units, tu_local, trailing_units),
            &siblings,
            lang,
            lines,
            reuse.as_ref(),
            &mut program,
            &mut diagnostics,
        ),
    }
    program.diagnostics = diagnostics;
    set_explicit_instantiations(&mut program, &units[..siblings.first], path);
    let state = match units.into_iter().next() {
        Some(unit) => MainUnitState {
            lang,
            text: unit.text,
            tree: unit.tree,
            headers,
        },
        None => MainUnitState {
            lang,
            text: parsed.parse_text.clone(),
            tree: parsed.tree.clone(),
            headers,
        },
    };
    (program, state)
}

/// Records on each kernel template defined in the analysed file the integer
/// template arguments of its explicit instantiations in the translation unit
/// (reused kernels included: the list is computed afresh on every lowering).
/// Only for a `.cu` file: a template defined in a header (or in a file some
/// other file includes) may be instantiated anywhere. An instantiation the
/// query cannot read (a qualified name, say) makes every list empty: the
/// values then stay symbolic, never bound to a partial set.
fn set_explicit_instantiations(program: &mut Program, units: &[UnitSyntax], path: &Path) {
    let tu_local = path.extension().is_some_and(|e| e == "cu");
    let found: Vec<crate::syntax::queries::Instantiation> = if tu_local {
        units
            .iter()
            .flat_map(|u| crate::syntax::queries::explicit_instantiations(&u.tree, &u.text))
            .collect()
    } else {
        Vec::new()
    };
    let readable = found.iter().all(|i| !i.name.is_empty());
    for kernel in &mut program.kernels {
        kernel.explicit_instantiations = if readable
            && !kernel.template_params.is_empty()
            && kernel.span.file == crate::ir::FileId(0)
        {
            found
                .iter()
                .filter(|i| i.name == kernel.name)
                .map(|i| {
                    i.arguments
                        .iter()
                        .map(|a| preprocess::parse_int_literal(a.trim()))
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
    }
}

/// The tree-sitter edit that turns `old` into `new` (one replaced range:
/// common prefix and suffix kept).
fn text_edit(old: &str, new: &str) -> tree_sitter::InputEdit {
    let (start, old_end, new_end) = crate::syntax::source::changed_range(old, new);
    let point = |text: &str, at: usize| {
        let before = &text.as_bytes()[..at];
        let row = before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        tree_sitter::Point {
            row,
            column: at - line_start,
        }
    };
    tree_sitter::InputEdit {
        start_byte: start,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: point(old, start),
        old_end_position: point(old, old_end),
        new_end_position: point(new, new_end),
    }
}

/// Kernels of an earlier lowering that may be taken over.
struct Reuse<'a> {
    /// Byte range (in the main unit's preprocessed text) of the only function
    /// definition whose text changed; None when no text changed.
    edited: Option<(usize, usize)>,
    /// The caller's lookup of earlier kernels.
    reuse: &'a (dyn Fn(&str, Span) -> Option<Kernel> + Sync),
}

/// When the main unit's preprocessed text changed since `state` only strictly
/// inside the body of one top-level function definition whose name appears
/// nowhere else, with the same headers and the same top-level structure
/// around it: Some(byte range of that definition, or None without change).
/// Then every other definition, and every declaration a kernel's lowering
/// reads, is the same text at moved positions. None otherwise.
fn edited_function(
    state: &MainUnitState,
    lang: Lang,
    headers: &[(PathBuf, String)],
    text: &str,
    tree: &tree_sitter::Tree,
) -> Option<Option<(usize, usize)>> {
    if state.lang != lang || state.headers != headers {
        return None;
    }
    let (start, old_end, new_end) = crate::syntax::source::changed_range(&state.text, text);
    if start == old_end && start == new_end {
        return Some(None);
    }
    let delta = new_end as i64 - old_end as i64;
    let (old_root, new_root) = (state.tree.root_node(), tree.root_node());
    if old_root.child_count() != new_root.child_count() {
        return None;
    }
    let mut edited = None;
    let mut old_cursor = old_root.walk();
    let mut new_cursor = new_root.walk();
    let pairs = old_root
        .children(&mut old_cursor)
        .zip(new_root.children(&mut new_cursor));
    for (old, new) in pairs {
        if old.kind_id() != new.kind_id() {
            return None;
        }
        let moved = |at: usize| {
            if at > start {
                at as i64 + delta
            } else {
                at as i64
            }
        };
        if moved(old.start_byte()) != new.start_byte() as i64
            || moved(old.end_byte()) != new.end_byte() as i64
        {
            return None;
        }
        if old.end_byte() <= start || old.start_byte() >= old_end {
            continue;
        }
        // The node that holds the change: a function whose body strictly
        // contains it, in both trees.
        let inside = |node: Node, end: usize| {
            node.kind() == "function_definition"
                && node.child_by_field_name("body").is_some_and(|body| {
                    body.kind() == "compound_statement"
                        && body.start_byte() < start
                        && end < body.end_byte()
                })
        };
        if edited.is_some() || !inside(old, old_end) || !inside(new, new_end) {
            return None;
        }
        edited = Some(new);
    }
    let def = edited?;
    let (def_start, def_end) = (def.start_byte(), def.end_byte());
    // Nothing outside the definition may refer to it (a call would inline it).
    let name = function_name(def, text)?;
    let outside = [text.get(..def_start)?, text.get(def_end..)?];
    if outside.iter().any(|part| mentions_identifier(part, name))
        || headers.iter().any(|(_, h)| mentions_identifier(h, name))
    {
        return None;
    }
    Some(Some((def_start, def_end)))
}

/// The `function_declarator` of a function definition or declaration (below
/// pointer, reference and attribute declarators).
fn function_declarator(n: Node) -> Option<Node> {
    let mut d = n.child_by_field_name("declarator")?;
    for _ in 0..16 {
        if d.kind() == "function_declarator" {
            return Some(d);
        }
        d = d
            .child_by_field_name("declarator")
            .or_else(|| d.named_child(0))?;
    }
    Some(d)
}

/// The identifier a function definition declares (the last one of a qualified name).
fn function_name<'s>(def: Node, src: &'s str) -> Option<&'s str> {
    let d = function_declarator(def)?;
    let mut name = d.child_by_field_name("declarator")?;
    for _ in 0..16 {
        if !matches!(
            name.kind(),
            "qualified_identifier" | "template_function" | "parenthesized_declarator"
        ) {
            break;
        }
        name = name
            .child_by_field_name("name")
            .or_else(|| name.named_child(0))?;
    }
    let name = src.get(name.start_byte()..name.end_byte())?;
    (!name.is_empty()).then_some(name)
}

/// Whether `name` occurs in `text` as a whole identifier (conservatively
/// also inside comments and strings).
fn mentions_identifier(text: &str, name: &str) -> bool {
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    let bytes = text.as_bytes();
    text.match_indices(name).any(|(at, _)| {
        let before = at.checked_sub(1).and_then(|i| bytes.get(i));
        let after = bytes.get(at + name.len());
        !before.is_some_and(|&b| ident(b)) && !after.is_some_and(|&b| ident(b))
    })
}

/// Parses and lowers `text`, the contents of `path`.
pub fn lower_source(path: &Path, text: &str, includes: &dyn IncludeResolver) -> Program {
    let parsed = crate::syntax::parse::parse(text, Lang::from_path(path), None);
    if text.len() < FREE_ELSEWHERE_BYTES {
        return lower_parsed(&parsed, path, includes);
    }
    // The tree of a long text is freed off this thread, also when the
    // lowering stops at its deadline.
    let parsed = crate::base::DropElsewhere::new(parsed);
    lower_parsed(&parsed, path, includes)
}

/// Texts from this long on have their syntax tree freed on another thread.
const FREE_ELSEWHERE_BYTES: usize = 1 << 20;

/// Stack of the lowering thread (virtual memory: only touched pages are used).
const LOWERING_STACK: usize = 256 << 20;

/// Most syntax errors reported per file.
const MAX_SYNTAX_DIAGNOSTICS: usize = 20;
/// Most attempts at lowering a kernel while pointer targets are being discovered.
const MAX_ATTEMPTS: usize = 8;

/// Lowers the kernels of `units` (0 is the main file; units `1..=context`
/// are the includer's context: their declarations are used, their kernels
/// and syntax errors belong to the includer's own check).
#[allow(clippy::too_many_arguments)]
fn lower_units(
    units: &[UnitSyntax],
    (context, main_is_tu, trailing): (usize, bool, usize),
    siblings: &siblings::Siblings,
    lang: Lang,
    lines: Vec<LineIndex>,
    reuse: Option<&Reuse>,
    program: &mut Program,
    diags: &mut Vec<FrontendDiagnostic>,
) {
    let mut cx = Ctx {
        units,
        main_is_tu,
        types: TypeEnv {
            lang: Some(lang),
            ..TypeEnv::default()
        },
        functions: HashMap::default(),
        globals: HashMap::default(),
        prototypes: HashMap::default(),
        ref_prototypes: Default::default(),
        prototype_signatures: HashMap::default(),
        declared_arities: HashMap::default(),
        lines,
        bodies_by_name: HashMap::default(),
        body_facts: Default::default(),
        class_instances: HashMap::default(),
        class_template_uses: HashMap::default(),
        class_template_defs: HashMap::default(),
    };
    if lang == Lang::Cuda {
        declare_curand_states(&mut cx.types);
        // cub's collectives are known by name (its header is not needed):
        // declared when some unit names cub's or hipcub's namespace.
        if cx.units.iter().any(|u| {
            u.text.contains("cub::")
                || u.text.contains("using namespace cub")
                || u.text.contains("= cub;")
                || u.text.contains("= hipcub;")
        }) {
            cub::declare_cub_types(&mut cx.types);
        }
    }
    // Headers first: their declarations precede the main file's uses. The
    // includer's text after the file (the last `trailing` units of the
    // translation unit) only supplies definitions of functions declared
    // before. Units of other files of the program (device functions this
    // unit only declares) come last: they add definitions, never replace one.
    let first_sibling = siblings.first.min(units.len());
    let rest = first_sibling.saturating_sub(trailing).max(1);
    let order: Vec<usize> = (1..rest)
        .chain(std::iter::once(0))
        .chain(first_sibling..units.len())
        .collect();
    let (refs, values) = ref_types::scan_aliases(
        cx.units
            .iter()
            .map(|u| (u.tree.root_node(), u.text.as_str())),
    );
    cx.types.ref_aliases = refs;
    cx.types.value_aliases = values;
    let mut templates = HashMap::default();
    let mut specialisations = class_templates::Specialisations::default();
    for &u in &order {
        for (name, spec, params) in collect_unit(&mut cx, u, &mut specialisations) {
            // The first definition, else the first declaration.
            let defines = spec.child_by_field_name("body").is_some();
            match templates.entry(name) {
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert((u, spec, params));
                }
                std::collections::hash_map::Entry::Occupied(mut e) => {
                    let (_, old, _): &StructTemplate = e.get();
                    if defines && old.child_by_field_name("body").is_none() {
                        e.insert((u, spec, params));
                    }
                }
            }
        }
        if u == 0 || (u > context && u < first_sibling) {
            syntax_diagnostics(&cx, u, diags);
        }
    }
    collect_later_definitions(&mut cx, rest..first_sibling);
    let taken = drop_mismatched_definitions(&mut cx, first_sibling, siblings, diags);
    note_taken_definitions(&taken, diags);
    cx.types
        .specialised_templates
        .extend(specialisations.keys().cloned());
    cx.class_template_defs = templates.clone();
    instantiate_struct_templates(&mut cx, &order, &templates, &specialisations);
    inherit_declared_defaults(&mut cx);
    register_inherited_constructors(&mut cx);
    cx.bodies_by_name = effects::index_bodies(&cx.functions);
    // Kernels of the translation unit: the main file's and those of the
    // headers it includes (checked under the macros in force at the include,
    // findings pointing into the header), in source order, each definition
    // once even when a header without include guard is read twice.
    let name_span = |d: &FnDef| {
        let span = def_name_span(&cx, d);
        (span.file, span.start, span.end, d.name.clone())
    };
    let mut kernel_defs: Vec<FnDef> = cx
        .functions
        .values()
        .flatten()
        .filter(|d| d.is_kernel && (d.unit == 0 || d.unit > context) && d.unit < first_sibling)
        .cloned()
        .collect();
    kernel_defs.sort_by_key(|d| (name_span(d), d.unit, d.node.start_byte()));
    kernel_defs.dedup_by_key(|d| name_span(d));
    // Launches name kernels unqualified: each kernel knows its own arity and
    // those of the other definitions of its name (`Kernel::rivals`).
    let arity_of = |d: &FnDef| crate::ir::Arity {
        params: d.param_count,
        variadic: d.variadic,
        template: d.template.is_some(),
    };
    let with_arity = |mut k: Kernel, def: &FnDef| {
        k.arity = arity_of(def);
        k.rivals = kernel_defs
            .iter()
            .filter(|d| d.name == def.name && name_span(d) != name_span(def))
            .map(arity_of)
            .collect();
        k.rivals
            .extend(declared_rivals(&cx, &kernel_defs, &def.name, |u| {
                (u == 0 || u > context) && u < first_sibling
            }));
        k
    };
    for def in &kernel_defs {
        // A kernel template's type parameters are bound from the program's
        // instantiations, which an edit elsewhere may change: lowered afresh.
        let reusable = reuse.filter(|r| {
            def.unit == 0
                && def.template.is_none()
                && r.edited != Some((def.node.start_byte(), def.node.end_byte()))
        });
        if let Some(r) = reusable {
            let (_, span) = kernel_spans(&cx, def);
            if let Some(kernel) = (r.reuse)(&def.name, span) {
                program.kernels.push(with_arity(kernel, def));
                continue;
            }
        }
        // A bug in the lowering of one kernel must not lose the others.
        let lowered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            lower_kernel(&cx, def, lang)
        }));
        let lowered = lowered.map_err(|payload| {
            let (name_span, _) = kernel_spans(&cx, def);
            // Work the lowering calls (parsing a unit, a scan) stops by
            // unwinding when the deadline passes: that is the budget, not a bug.
            let reason = match payload.downcast_ref::<crate::base::interrupt::Interrupted>() {
                Some(crate::base::interrupt::Interrupted(why)) => {
                    format!("lowering stopped: {why}")
                }
                None => "internal error in the front end while lowering this kernel".into(),
            };
            vec![Err(UnsupportedKernel {
                name: def.name.clone(),
                name_span,
                reason,
                span: name_span,
            })]
        });
        for lowered in lowered.unwrap_or_else(|e| e) {
            match lowered {
                Ok(k) => program.kernels.push(with_arity(k, def)),
                Err(u) => program.unsupported.push(u),
            }
        }
    }
    // Anything that looks like a kernel but was not parsed as one is reported.
    for (name, name_span, at) in orphan_kernels(&cx, &kernel_defs, lang) {
        // Its arity is unknown: any launch of its name may be of it.
        for k in program.kernels.iter_mut().filter(|k| k.name == name) {
            k.rivals.push(crate::ir::Arity::ANY);
        }
        let (reason, span) = match first_error_after(&cx, at) {
            Some(e) => (
                format!(
                    "syntax error at {}: the kernel definition could not be parsed",
                    cx.describe(e)
                ),
                e,
            ),
            None => (
                "kernel definition not recognised by the parser".to_string(),
                name_span,
            ),
        };
        program.unsupported.push(UnsupportedKernel {
            name,
            name_span,
            reason,
            span,
        });
    }
}

/// The kernels of the unit named `name` that are only declared (a prototype
/// `__global__ void k(int *);` of an overload, or `namespace ns {
/// __global__ void k(float *); }`, defined in another unit): a prototype
/// that declares none of the unit's kernel definitions of the name (same
/// namespaces, template or not, same parameter types) is another kernel a
/// launch of `name` may be of. `in_unit` says which units belong to the
/// translation unit.
fn declared_rivals(
    cx: &Ctx,
    defs: &[FnDef],
    name: &str,
    in_unit: impl Fn(usize) -> bool,
) -> Vec<crate::ir::Arity> {
    let Some(declared) = cx.declared_arities.get(name) else {
        return Vec::new();
    };
    let entity = |u: usize, params: Node| {
        let (_, namespaces, template) = declaration_context(cx, u, params);
        (namespaces, template, link_signature(cx, u, params))
    };
    let defined: Vec<_> = defs
        .iter()
        .filter(|d| d.name == name)
        .filter_map(|d| d.params.map(|p| entity(d.unit, p)))
        .collect();
    declared
        .iter()
        .filter(|d| in_unit(d.unit))
        .filter_map(|d| {
            let (decl, _, template) = declaration_context(cx, d.unit, d.params);
            let kernel = decl?
                .children(&mut decl?.walk())
                .any(|x| x.kind() == "__global__");
            (kernel && !defined.contains(&entity(d.unit, d.params))).then_some(crate::ir::Arity {
                params: d.count,
                variadic: d.variadic,
                template,
            })
        })
        .collect()
}

/// Where the function declaration with parameter list `params` (of unit `u`)
/// stands: its declaration or definition node, the names of the namespaces
/// around it (innermost first; an anonymous one is empty), and whether it is
/// a template.
fn declaration_context<'t>(
    cx: &Ctx<'t>,
    u: usize,
    params: Node<'t>,
) -> (Option<Node<'t>>, Vec<String>, bool) {
    let src = cx.units[u].text.as_str();
    let mut decl = params.parent();
    while let Some(d) = decl.filter(|d| d.kind().ends_with("declarator")) {
        decl = d.parent();
    }
    let template = decl
        .and_then(|d| d.parent())
        .is_some_and(|t| t.kind() == "template_declaration");
    let mut namespaces = Vec::new();
    let mut up = decl.and_then(|d| d.parent());
    while let Some(n) = up {
        if n.kind() == "namespace_definition" {
            namespaces.push(
                n.child_by_field_name("name")
                    .map_or(String::new(), |x| text(x, src).to_string()),
            );
        }
        up = n.parent();
    }
    (decl, namespaces, template)
}

/// One parameter as far as linking tells them apart: its type (arrays
/// decayed to pointers), whether it is a reference, and the spelling of a type
/// name the front end does not know (unknown names all read as `int`).
type LinkParam = (Ty, bool, Option<String>);

/// The parameters of a parameter list, for comparing declarations.
fn link_signature(cx: &Ctx, u: usize, params: Node) -> Vec<LinkParam> {
    let src = cx.units[u].text.as_str();
    let no_overrides = HashMap::default();
    declared_params(params, src)
        .into_iter()
        .map(|p| {
            let Some(tn) = p.child_by_field_name("type") else {
                return (Ty::Void, false, Some(text(p, src).to_string()));
            };
            let base = cx.types.resolve_base(tn, src, &no_overrides);
            let spelled: String = text(tn, src).split_whitespace().collect();
            let unknown =
                (base == Ty::Scalar(ScalarTy::INT) && spelled != "int").then_some(spelled);
            let info = cx
                .types
                .apply_declarator(base, p.child_by_field_name("declarator"), src);
            let ty = match info.ty {
                Ty::Array(elem, _) => Ty::Ptr(elem),
                t => t,
            };
            (ty, info.is_ref, unknown)
        })
        .collect()
}

/// Keeps a definition taken from another file of the program (see
/// `siblings`) only when it has the parameter types of every declaration of
/// the function (C++ links a call to a definition of the same signature; a
/// different one is another overload, defined elsewhere): otherwise the call
/// stays unknown.
fn drop_mismatched_definitions(
    cx: &mut Ctx,
    first_sibling: usize,
    siblings: &siblings::Siblings,
    diags: &mut Vec<FrontendDiagnostic>,
) -> Vec<(String, PathBuf)> {
    let mut kept = Vec::new();
    for (name, file) in &siblings.taken {
        let Some(defs) = cx.functions.get(name) else {
            continue;
        };
        let taken: Vec<&FnDef> = defs
            .iter()
            .filter(|d| d.unit >= first_sibling && d.has_body)
            .collect();
        let fits = match taken[..] {
            [def] => def.params.is_some_and(|p| {
                let own = link_signature(cx, def.unit, p);
                siblings::declarations(cx.units, name)
                    .into_iter()
                    .all(|(u, q)| link_signature(cx, u, q) == own)
            }),
            _ => false,
        };
        if fits {
            kept.push((name.clone(), file.clone()));
            continue;
        }
        if let Some(defs) = cx.functions.get_mut(name) {
            defs.retain(|d| d.unit < first_sibling);
        }
        diags.push(FrontendDiagnostic {
            span: Span::new(0, 0),
            message: format!(
                "the definition of `{name}` in {} has other parameter types than its declaration here: it is not used",
                file.display()
            ),
            is_error: false,
        });
    }
    kept
}

/// A note for each file whose definitions are used, naming them.
fn note_taken_definitions(taken: &[(String, PathBuf)], diagnostics: &mut Vec<FrontendDiagnostic>) {
    let mut by_file: Vec<(&PathBuf, Vec<&str>)> = Vec::new();
    for (name, file) in taken {
        match by_file.iter_mut().find(|(f, _)| *f == file) {
            Some((_, names)) => names.push(name),
            None => by_file.push((file, vec![name])),
        }
    }
    for (file, names) in by_file {
        let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        diagnostics.push(FrontendDiagnostic {
            span: Span::new(0, 0),
            message: format!(
                "device function{} {} declared here and defined in {}, the only file of this folder that defines {}: that definition is used",
                if names.len() == 1 { "" } else { "s" },
                names.join(", "),
                file.display(),
                if names.len() == 1 { "it" } else { "them" },
            ),
            is_error: false,
        });
    }
}

/// Source span of a definition's name.
fn def_name_span(cx: &Ctx, def: &FnDef) -> Span {
    let (start, end) = (def.name_node.start_byte(), def.name_node.end_byte());
    cx.units[def.unit].map.map(start as u32, end as u32).0
}

/// Source spans of a kernel's name and of its whole definition.
fn kernel_spans(cx: &Ctx, def: &FnDef) -> (Span, Span) {
    let map = &cx.units[def.unit].map;
    let name_span = def_name_span(cx, def);
    // OpenCL qualifiers before the definition (`__kernel`) belong to it.
    let quals = qualifiers_in(
        &cx.units[def.unit].qualifiers,
        qualifier_head_start(def.node),
        def.node.start_byte(),
    );
    let start = quals
        .first()
        .map_or(def.node.start_byte() as u32, |q| q.start);
    (name_span, map.map(start, def.node.end_byte() as u32).0)
}

/// Lowers the kernel `def`: once, or, for a template the program
/// instantiates with several distinct known type arguments (see
/// `Lowerer::bind_instantiated_types`), once per instantiation, in the
/// order the units first mention each (each is a function of its own,
/// [temp.inst]; together they cover every instantiation performed).
fn lower_kernel(cx: &Ctx, def: &FnDef, lang: Lang) -> Vec<Result<Kernel, UnsupportedKernel>> {
    let mut instances = Vec::new();
    let first = lower_kernel_instance(cx, def, lang, None, &mut instances);
    if instances.len() < 2 {
        return vec![first];
    }
    instances
        .iter()
        .enumerate()
        .map(|(i, (label, foreign))| {
            let mut ignored = Vec::new();
            let named = |name: &str| format!("{name}<{label}>");
            match lower_kernel_instance(cx, def, lang, Some(i), &mut ignored) {
                Ok(mut k) => {
                    k.instance = Some(label.clone());
                    k.other_instances = foreign.clone();
                    Ok(k)
                }
                Err(mut u) => {
                    u.name = named(&u.name);
                    Err(u)
                }
            }
        })
        .collect()
}

/// Lowers the kernel `def`, as its `instance`-th type instantiation when
/// given; the labels of its distinct type instantiations, when several,
/// go to `instances` (each with the written template arguments of the
/// launches that run only the others).
fn lower_kernel_instance(
    cx: &Ctx,
    def: &FnDef,
    lang: Lang,
    instance: Option<usize>,
    instances: &mut Vec<(String, Vec<String>)>,
) -> Result<Kernel, UnsupportedKernel> {
    let map = &cx.units[def.unit].map;
    let (name_span, span) = kernel_spans(cx, def);
    if def.node.has_error() {
        let err = first_error_in(def.node).unwrap_or(def.node);
        let espan = map.map(err.start_byte() as u32, err.end_byte() as u32).0;
        return Err(UnsupportedKernel {
            name: def.name.clone(),
            name_span,
            reason: format!("syntax error at {}", cx.describe(espan)),
            span: espan,
        });
    }
    let src = cx.units[def.unit].text.as_str();
    let launch_bounds = {
        let mut c = def.node.walk();
        let lb = def
            .node
            .children(&mut c)
            .find(|n| n.kind() == "launch_bounds");
        lb.and_then(|lb| lb.named_child(0))
            .and_then(|e| cx.types.const_eval(e, src, 0))
            .and_then(|v| u32::try_from(v).ok())
            .or_else(|| reqd_work_group_size(src, def).map(|[x, y, z]| x * y * z))
    };
    let required_block = reqd_work_group_size(src, def);
    let mut conflicted = lowerer::PointerConflicts::default();
    // Rounds lowered again for other pointer conflicts, and for pointer
    // cells only (see `Lowerer::pointer_cell_target`): past CELL_ROUNDS of
    // the latter, cells are no longer followed (loads of them target any
    // array, as when their targets are unknown).
    let (mut rounds, mut cell_rounds) = (0, 0);
    loop {
        let kernel = Kernel {
            name_span,
            span,
            launch_bounds,
            required_block,
            is_template: def.template.is_some(),
            ..Kernel::new(def.name.clone(), lang)
        };
        let frozen = conflicted.clone();
        let mut lw = lowerer::Lowerer::new(cx, def, &frozen, kernel);
        lw.instance = instance;
        types::take_ambiguous_typedef();
        let mut result = lw.lower_kernel(def);
        instances.clone_from(&lw.instances);
        if let (Ok(()), Some(name)) = (&result, types::take_ambiguous_typedef()) {
            result = Err(lowerer::Unsup {
                reason: format!(
                    "type name `{name}` is defined in different namespaces or classes and the front end does not resolve which one this kernel uses"
                ),
                span: name_span,
            });
        }
        if let Err(u) = result {
            return Err(UnsupportedKernel {
                name: def.name.clone(),
                name_span,
                reason: u.reason,
                span: u.span,
            });
        }
        if !lw.ptrs.has_new_conflicts() {
            let braces = def.node.child_by_field_name("body").map_or(span, |b| {
                map.map(b.start_byte() as u32, b.end_byte() as u32).0
            });
            lw.finish(braces);
            let failed = pointer_cells_hold(&lw.kernel, &lw.ptrs);
            if failed.is_empty() {
                return Ok(lw.kernel);
            }
            // Lowered again with loads of those cells targeting any array.
            for cell in failed {
                conflicted.cell_targets.insert(cell, None);
            }
            cell_rounds += 1;
            conflicted.cells_off |= cell_rounds >= CELL_ROUNDS;
            continue;
        }
        if lw.ptrs.has_other_conflicts() {
            rounds += 1;
            if rounds >= MAX_ATTEMPTS {
                return Err(UnsupportedKernel {
                    name: def.name.clone(),
                    name_span,
                    reason: "pointer targets could not be resolved".into(),
                    span,
                });
            }
        } else {
            cell_rounds += 1;
            conflicted.cells_off |= cell_rounds >= CELL_ROUNDS;
        }
        lw.ptrs.drain_conflicts_into(&mut conflicted);
    }
}

/// Most lowering rounds spent on pointer cells alone (see
/// `Lowerer::pointer_cell_target`).
const CELL_ROUNDS: usize = 3;

/// The premises of the pointer-cell targets the loads of `kernel` took
/// (see `Lowerer::pointer_cell_target`), checked on the finished kernel: no
/// write through an unresolved pointer (it may reach the cell), every write
/// or atomic on the cell is a store whose targets were recorded, and every
/// load's read comes after a store of its block (theorem at
/// `ir::broadcast`). The cells for which they fail.
fn pointer_cells_hold(kernel: &Kernel, ptrs: &pointers::PointerState) -> Vec<lowerer::ArrayKey> {
    use crate::ir::walk::for_each_stmt;
    if ptrs.cell_loads.is_empty() {
        return Vec::new();
    }
    let mut wild = false;
    let mut stray: crate::base::HashSet<crate::ir::ArrayId> = Default::default();
    for_each_stmt(&kernel.body, &mut |s| {
        let access = match &s.kind {
            crate::ir::StmtKind::Write { access, .. }
            | crate::ir::StmtKind::Atomic { access, .. } => access,
            _ => return,
        };
        let decl = kernel.arrays.get(access.array.0 as usize);
        wild |= decl.is_none_or(|d| d.may_alias_all);
        let recorded = ptrs
            .cell_store_stmts
            .get(&access.array)
            .is_some_and(|ids| ids.contains(&s.id));
        if !recorded {
            stray.insert(access.array);
        }
    });
    let initialised = crate::ir::broadcast::initialised_cells(kernel);
    let mut failed = Vec::new();
    for (read, array, cell) in &ptrs.cell_loads {
        let stored_first = initialised
            .get(read)
            .is_some_and(|cells| cells.contains(&(*array, 0, 8)));
        if (wild || stray.contains(array) || !stored_first) && !failed.contains(cell) {
            failed.push(cell.clone());
        }
    }
    failed
}

/// OpenCL `__attribute__((reqd_work_group_size(X, Y, Z)))`: the block
/// shape, each extent at least 1 and at most 1024 threads in all (a larger
/// one no device runs: not taken).
fn reqd_work_group_size(src: &str, def: &FnDef) -> Option<[u32; 3]> {
    let head = src.get(qualifier_head_start(def.node)..def.name_node.start_byte())?;
    let at = head.find("reqd_work_group_size")?;
    let args = head[at..].split_once('(')?.1.split_once(')')?.0;
    let mut dims = Vec::new();
    for a in args.split(',') {
        let v = preprocess::parse_int_literal(a.trim())?;
        dims.push(u32::try_from(v).ok().filter(|v| (1..=1024).contains(v))?);
    }
    let dims: [u32; 3] = dims.try_into().ok()?;
    (dims.iter().map(|d| u64::from(*d)).product::<u64>() <= 1024).then_some(dims)
}

/// First ERROR or MISSING node in a subtree.
fn first_error_in(n: Node) -> Option<Node> {
    let mut stack = vec![n];
    while let Some(x) = stack.pop() {
        crate::base::interrupt::stop_if_polled();
        if x.is_error() || x.is_missing() {
            return Some(x);
        }
        if x.has_error() {
            let mut c = x.walk();
            let kids: Vec<Node> = x.children(&mut c).collect();
            stack.extend(kids.into_iter().rev());
        }
    }
    None
}

fn first_error_after(cx: &Ctx, at: usize) -> Option<Span> {
    let unit = cx.units.first()?;
    let root = unit.tree.root_node();
    let mut stack = vec![root];
    while let Some(x) = stack.pop() {
        if x.end_byte() <= at {
            continue;
        }
        if (x.is_error() || x.is_missing()) && x.start_byte() >= at.saturating_sub(1) {
            return Some(unit.map.map(x.start_byte() as u32, x.end_byte() as u32).0);
        }
        if x.has_error() {
            let mut c = x.walk();
            let kids: Vec<Node> = x.children(&mut c).collect();
            stack.extend(kids.into_iter().rev());
        }
    }
    None
}

fn syntax_diagnostics(cx: &Ctx, u: usize, diags: &mut Vec<FrontendDiagnostic>) {
    let unit = &cx.units[u];
    let root = unit.tree.root_node();
    if !root.has_error() {
        return;
    }
    let mut stack = vec![root];
    let mut count = 0;
    while let Some(x) = stack.pop() {
        if x.is_error() || x.is_missing() {
            count += 1;
            if count > MAX_SYNTAX_DIAGNOSTICS {
                break;
            }
            let span = unit.map.map(x.start_byte() as u32, x.end_byte() as u32).0;
            let what = if x.is_missing() {
                format!("missing `{}`", x.kind())
            } else {
                "unexpected text".into()
            };
            let host_only = lang_of_unit_is_cuda(cx) && in_host_code(x, &unit.text);
            let message = if host_only {
                format!(
                    "syntax error in host code at {}: {what}; host code is not checked, the file's kernels are",
                    cx.describe(span)
                )
            } else {
                format!("syntax error at {}: {what}", cx.describe(span))
            };
            diags.push(FrontendDiagnostic {
                span,
                message,
                is_error: !host_only,
            });
            continue;
        }
        if x.has_error() {
            let mut c = x.walk();
            let kids: Vec<Node> = x.children(&mut c).collect();
            stack.extend(kids.into_iter().rev());
        }
    }
}

/// Whether the translation unit is CUDA (in OpenCL every function is device code).
fn lang_of_unit_is_cuda(cx: &Ctx) -> bool {
    cx.types.lang == Some(Lang::Cuda)
}

/// CUDA words that mark device code (or code that may be device code).
const DEVICE_WORDS: [&str; 6] = [
    "__global__",
    "__device__",
    "__shared__",
    "__constant__",
    "__launch_bounds__",
    "__managed__",
];

/// Whether a syntax error at `err` lies in CUDA host-only code: inside a
/// function definition, or a top-level declaration, whose text names no
/// device qualifier. Host code is never checked, so such an error cannot hide
/// anything the checker would analyse: a kernel or device function is a
/// separate definition (a kernel swallowed by the error is still reported,
/// as an orphan kernel keyword), and a declaration a kernel needs from the
/// broken text is then unknown where the kernel uses it (an `unsupported`
/// kernel or a havocked value, never a silent precision gain).
fn in_host_code(err: Node, text: &str) -> bool {
    let mentions_device = |n: Node| {
        text.get(n.start_byte()..n.end_byte())
            .is_some_and(|t| DEVICE_WORDS.iter().any(|w| mentions_identifier(t, w)))
    };
    let mut item = err;
    let mut cur = err;
    while let Some(parent) = cur.parent() {
        if cur.kind() == "function_definition" {
            // The innermost function (a member function of a class, a
            // function in a namespace) decides, with everything around it
            // that may qualify it (`template <...>`, an ERROR prefix).
            item = cur;
            break;
        }
        if matches!(parent.kind(), "translation_unit" | "declaration_list") {
            item = cur;
            break;
        }
        item = parent;
        cur = parent;
    }
    // Qualifiers may precede the node (tree-sitter starts it after them).
    let head_start = qualifier_head_start(item);
    let head = text.get(head_start.min(item.start_byte())..item.start_byte());
    !mentions_device(item)
        && !head.is_some_and(|h| DEVICE_WORDS.iter().any(|w| mentions_identifier(h, w)))
}

/// Kernel keywords in the main file's text that belong to no parsed kernel
/// definition (and are not prototypes): (name, name span, byte position).
/// A scan of the tokens rather than a query: these are the definitions the
/// parser could not read, which no tree pattern matches.
fn orphan_kernels(cx: &Ctx, defs: &[FnDef], lang: Lang) -> Vec<(String, Span, usize)> {
    let Some(unit) = cx.units.first() else {
        return Vec::new();
    };
    let src = unit.text.as_str();
    let covered = |pos: usize| {
        defs.iter().any(|d| {
            qualifier_head_start(d.node).min(d.node.start_byte()) <= pos && pos < d.node.end_byte()
        })
    };
    let mut positions: Vec<usize> = Vec::new();
    let toks = lex(src);
    match lang {
        Lang::Cuda => positions.extend(
            toks.iter()
                .filter(|t| t.kind == TokKind::Ident && &src[t.start..t.end] == "__global__")
                .map(|t| t.end),
        ),
        Lang::OpenCl => positions.extend(
            unit.qualifiers
                .iter()
                .filter(|q| q.kind == QualifierKind::Kernel)
                .map(|q| q.end as usize),
        ),
    }
    let mut out = Vec::new();
    for pos in positions {
        if covered(pos) {
            continue;
        }
        // The first identifier followed by '(' is the name; a ';' before '{' means a prototype.
        let start = toks.partition_point(|t| t.start < pos);
        let sig: Vec<_> = toks[start..]
            .iter()
            .filter(|t| !matches!(t.kind, TokKind::Space | TokKind::Newline | TokKind::Comment))
            .take(4096)
            .collect();
        let mut name: Option<(usize, usize)> = None;
        let mut depth = 0i32;
        let mut is_proto = false;
        let mut saw_body = false;
        for (k, t) in sig.iter().enumerate() {
            let s = &src[t.start..t.end];
            match s {
                "(" => {
                    if depth == 0 && name.is_none() && k > 0 && sig[k - 1].kind == TokKind::Ident {
                        name = Some((sig[k - 1].start, sig[k - 1].end));
                    }
                    depth += 1;
                }
                ")" => depth -= 1,
                ";" if depth <= 0 => {
                    is_proto = true;
                    break;
                }
                "{" if depth <= 0 => {
                    saw_body = true;
                    break;
                }
                _ => {}
            }
        }
        if is_proto || !saw_body && name.is_none() {
            continue;
        }
        let (ns, ne) = name.unwrap_or((pos, pos));
        let name_span = unit.map.map(ns as u32, ne as u32).0;
        let name_text = src.get(ns..ne).unwrap_or("<kernel>").to_string();
        if out
            .iter()
            .any(|(_, s, _): &(String, Span, usize)| *s == name_span)
        {
            continue;
        }
        out.push((
            if name_text.is_empty() {
                "<kernel>".into()
            } else {
                name_text
            },
            name_span,
            pos,
        ));
    }
    out
}

/// A struct template: its unit, specifier and template parameter list.
/// A class template: unit, specifier and template parameter list.
pub(crate) type StructTemplate<'t> = (usize, Node<'t>, Node<'t>);

/// Registers each use `S<A, B>` of a struct template in unit `u` as a struct
/// of its own, with the template's type parameters bound to the arguments
/// (`Params<float, int>` has `float *` fields where `Params<double, int>` has
/// `double *`). Arguments that are not types (values, unknown names) leave
/// their parameter opaque, as in the template itself.
fn instantiate_struct_templates<'t>(
    cx: &mut Ctx<'t>,
    order: &[usize],
    templates: &HashMap<String, StructTemplate<'t>>,
    specialisations: &class_templates::Specialisations<'t>,
) {
    if templates.is_empty() {
        return;
    }
    // Every use of each instance text, over all units: the same text may
    // mean different instances where its names mean different things, so
    // a choice or an argument value counts only when all its uses agree.
    let mut keys: Vec<String> = Vec::new();
    let mut uses: HashMap<String, Vec<(usize, Node<'t>)>> = HashMap::default();
    for &u in order {
        let unit: &'t UnitSyntax = &cx.units[u];
        let src: &'t str = unit.text.as_str();
        let mut stack = vec![unit.tree.root_node()];
        let mut found = Vec::new();
        while let Some(x) = stack.pop() {
            if matches!(x.kind(), "identifier" | "type_identifier")
                && templates.contains_key(text(x, src))
            {
                note_class_template_name(cx, u, x, src);
            }
            // `S<A>(..)` in an expression parses as a call of a function
            // template: an instance too when `S` is a class template.
            if x.kind() == "template_type"
                || (x.kind() == "template_function"
                    && x.child_by_field_name("name")
                        .is_some_and(|n| templates.contains_key(text(n, src))))
            {
                found.push(x);
            }
            let mut c = x.walk();
            stack.extend(x.named_children(&mut c));
        }
        // Inner uses first: `A<B<int>>` needs `B<int>` before `A`'s fields.
        found.reverse();
        for t in found {
            let Some(name) = t.child_by_field_name("name").map(|n| text(n, src)) else {
                continue;
            };
            if !templates.contains_key(name) {
                continue;
            }
            let key = TypeEnv::template_key(t, src);
            let entry = uses.entry(key.clone()).or_default();
            if entry.is_empty() {
                keys.push(key);
            }
            entry.push((u, t));
        }
    }
    for key in keys {
        let Some(all) = uses.get(&key) else { continue };
        let Some(&(u, t)) = all.first() else { continue };
        let src: &'t str = cx.units[u].text.as_str();
        let Some(name) = t.child_by_field_name("name").map(|n| text(n, src)) else {
            continue;
        };
        let Some(&(tu, spec, params)) = templates.get(name) else {
            continue;
        };
        if cx.types.struct_names.contains_key(&key) || cx.types.structs.len() > 4096 {
            continue;
        }
        // A template with specialisations: the one the arguments select at
        // every use, or none (an opaque type) when they do not decide it.
        let specs = specialisations.get(name).map(Vec::as_slice).unwrap_or(&[]);
        if !specs.is_empty() {
            let mut chosen: Option<class_templates::Choice<'t>> = None;
            let mut agreed = true;
            for &(uu, tt) in all {
                let c = class_templates::choose(cx, tt, uu, params, tu, specs);
                agreed &= match (&chosen, &c) {
                    (_, class_templates::Choice::Unknown) => false,
                    (None, _) => true,
                    (Some(class_templates::Choice::Primary), class_templates::Choice::Primary) => {
                        true
                    }
                    (
                        Some(class_templates::Choice::Specialisation(a, _)),
                        class_templates::Choice::Specialisation(b, _),
                    ) => a.spec == b.spec,
                    _ => false,
                };
                if chosen.is_none() {
                    chosen = Some(c);
                }
                if !agreed {
                    break;
                }
            }
            if !agreed {
                continue;
            }
            if let Some(class_templates::Choice::Specialisation(s, _)) = chosen {
                instantiate_specialisation(cx, all, key, &s, params, tu, specs);
                continue;
            }
        }
        let mut overrides = HashMap::default();
        let args: Vec<Node> = t
            .child_by_field_name("arguments")
            .map(|a| a.named_children(&mut a.walk()).collect())
            .unwrap_or_default();
        let mut pc = params.walk();
        for (k, p) in params.named_children(&mut pc).enumerate() {
            if !matches!(
                p.kind(),
                "type_parameter_declaration" | "optional_type_parameter_declaration"
            ) {
                continue;
            }
            let tu_src = cx.units[tu].text.as_str();
            let pname = p
                .named_children(&mut p.walk())
                .find(|c| c.kind() == "type_identifier")
                .map(|n| text(n, tu_src).to_string());
            let arg = args.get(k).filter(|a| a.kind() == "type_descriptor");
            if let (Some(pname), Some(a)) = (pname, arg) {
                let ty = cx.types.type_descriptor(*a, src, &HashMap::default());
                overrides.insert(pname, ty);
            }
        }
        // The non-type parameters given literal arguments (`Tiles<32>`):
        // their values in this instance, for the static constant members
        // computed from them (`static constexpr int Size = 2 * B;`). An
        // argument naming anything (a constant, a parameter) is left out:
        // the same text may name different values where the instance is
        // used.
        let mut values = Vec::new();
        for (k, p) in params.named_children(&mut params.walk()).enumerate() {
            if !matches!(
                p.kind(),
                "parameter_declaration" | "optional_parameter_declaration"
            ) {
                continue;
            }
            let tu_src = cx.units[tu].text.as_str();
            let Some(pname) = p
                .child_by_field_name("declarator")
                .filter(|d| d.kind() == "identifier")
                .map(|d| text(d, tu_src).to_string())
            else {
                continue;
            };
            let Some(a) = args.get(k).filter(|a| a.kind() != "type_descriptor") else {
                continue;
            };
            let mut named = false;
            let mut stack = vec![*a];
            while let Some(x) = stack.pop() {
                named |= matches!(
                    x.kind(),
                    "identifier" | "type_identifier" | "qualified_identifier" | "field_identifier"
                );
                stack.extend(x.named_children(&mut x.walk()));
            }
            if named {
                continue;
            }
            if let Some(v) = cx.types.const_eval(*a, src, 0) {
                values.push((pname, v));
            }
        }
        let tu_src: &'t str = cx.units[tu].text.as_str();
        let outer = std::mem::replace(&mut cx.types.instance_values, values);
        let outer_params = cx
            .types
            .instance_params
            .replace((params.start_byte(), params.end_byte()));
        register_struct(
            cx,
            spec,
            tu_src,
            name.to_string(),
            Some(key.clone()),
            &overrides,
        );
        cx.types.instance_values = outer;
        cx.types.instance_params = outer_params;
        if let Some(&k) = cx.types.struct_names.get(&key) {
            let n = class_templates::list_items(params).len();
            let uses = all
                .iter()
                .map(|&(uu, tt)| {
                    let written: Vec<Node<'t>> = tt
                        .child_by_field_name("arguments")
                        .map(class_templates::list_items)
                        .unwrap_or_default();
                    (uu, (0..n).map(|i| written.get(i).copied()).collect())
                })
                .collect();
            cx.class_instances.insert(
                k,
                class_templates::ClassInstance {
                    spec,
                    unit: tu,
                    uses,
                },
            );
        }
    }
}

/// Records the occurrence `x` (in unit `u`) of the name of a class template
/// in `Ctx::class_template_uses`: a use `C<..>` (the name of a
/// `template_type`), or the name of `C`'s declaration or a mention inside
/// its own body or a specialisation's (the injected class name, constructor
/// names: the current instance), or anything else, which may instantiate
/// `C` where no use is written (the entry becomes None).
fn note_class_template_name<'t>(cx: &mut Ctx<'t>, u: usize, x: Node<'t>, src: &str) {
    let name = text(x, src);
    let parent = x.parent();
    // `struct S<int> {..}` declares a specialisation: not a use.
    let is_use = parent.is_some_and(|p| {
        matches!(p.kind(), "template_type" | "template_function")
            && p.child_by_field_name("name") == Some(x)
            && !p.parent().is_some_and(|q| {
                matches!(
                    q.kind(),
                    "struct_specifier" | "class_specifier" | "union_specifier"
                ) && q.child_by_field_name("name") == Some(p)
            })
    });
    let is_class = |c: Node| {
        matches!(
            c.kind(),
            "struct_specifier" | "class_specifier" | "union_specifier"
        ) && c.child_by_field_name("name").is_some_and(|n| {
            let base = if n.kind() == "template_type" {
                n.child_by_field_name("name")
            } else {
                Some(n)
            };
            base.is_some_and(|b| text(b, src) == name)
        })
    };
    // As a whole template argument (`Use<C>`, a template template argument,
    // even the injected class name in `C`'s body: [temp.local]) or
    // qualified (`ns::C`, maybe another template's), it is not the current
    // instance.
    let argument = parent.is_some_and(|p| {
        matches!(p.kind(), "template_argument_list" | "qualified_identifier")
            || (p.kind() == "type_descriptor"
                && p.parent()
                    .is_some_and(|q| q.kind() == "template_argument_list"))
    });
    let own = !argument && {
        let mut cur = parent;
        let mut found = false;
        while let Some(c) = cur {
            if is_class(c) {
                found = true;
                break;
            }
            cur = c.parent();
        }
        found
    };
    let entry = cx
        .class_template_uses
        .entry(name.to_string())
        .or_insert_with(|| Some(Vec::new()));
    match (is_use, own) {
        (true, _) => {
            if let (Some(list), Some(p)) = (entry.as_mut(), parent) {
                list.push((u, p));
            }
        }
        (false, true) => {}
        (false, false) => *entry = None,
    }
}

/// Lays out an instance (key `key`, written at `all`) of a class template
/// from the specialisation `s` its arguments select at every use, with the
/// specialisation's type parameters bound to the first use's deduced
/// arguments, named by the specialisation's own tag so that its member
/// functions are the ones found.
fn instantiate_specialisation<'t>(
    cx: &mut Ctx<'t>,
    all: &[(usize, Node<'t>)],
    key: String,
    s: &class_templates::ClassSpecialisation<'t>,
    primary_params: Node<'t>,
    primary_unit: usize,
    specs: &[class_templates::ClassSpecialisation<'t>],
) {
    let spec_src: &'t str = cx.units[s.unit].text.as_str();
    let mut uses = Vec::new();
    for &(u, t) in all {
        if let class_templates::Choice::Specialisation(_, bound) =
            class_templates::choose(cx, t, u, primary_params, primary_unit, specs)
        {
            uses.push((u, bound));
        }
    }
    let Some((u, bound)) = uses.first().cloned() else {
        return;
    };
    let src: &'t str = cx.units[u].text.as_str();
    let mut overrides = HashMap::default();
    for (p, a) in class_templates::list_items(s.params).iter().zip(&bound) {
        let is_type = matches!(
            p.kind(),
            "type_parameter_declaration" | "optional_type_parameter_declaration"
        );
        if let (true, Some(name), Some(a)) = (is_type, class_templates::param_name(*p, spec_src), a)
        {
            if a.kind() == "type_descriptor" {
                let ty = cx.types.type_descriptor(*a, src, &HashMap::default());
                overrides.insert(name.to_string(), ty);
            }
        }
    }
    let Some(tag) = s
        .spec
        .child_by_field_name("name")
        .map(|n| text(n, spec_src).to_string())
    else {
        return;
    };
    register_struct(cx, s.spec, spec_src, tag, Some(key.clone()), &overrides);
    if let Some(&k) = cx.types.struct_names.get(&key) {
        cx.class_instances.insert(
            k,
            class_templates::ClassInstance {
                spec: s.spec,
                unit: s.unit,
                uses,
            },
        );
    }
}

/// Collects structs, typedefs, constants, globals and functions of a unit;
/// returns the struct templates it defines (by name).
fn collect_unit<'t>(
    cx: &mut Ctx<'t>,
    u: usize,
    specialisations: &mut class_templates::Specialisations<'t>,
) -> Vec<(String, Node<'t>, Node<'t>)> {
    let mut templates = Vec::new();
    let unit: &'t UnitSyntax = &cx.units[u];
    let src: &'t str = unit.text.as_str();
    let root = unit.tree.root_node();
    // (node, enclosing template parameter list)
    let mut stack: Vec<(Node<'t>, Option<Node<'t>>)> = vec![(root, None)];
    let mut items: Vec<(Node<'t>, Option<Node<'t>>)> = Vec::new();
    while let Some((n, tpl)) = stack.pop() {
        match n.kind() {
            "translation_unit"
            | "declaration_list"
            | "linkage_specification"
            | "namespace_definition"
            | "ERROR"
            | "preproc_if"
            | "preproc_ifdef"
            | "preproc_else"
            | "preproc_elif"
            | "export_declaration" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.children(&mut c).collect();
                if stack.len() + kids.len() < 1_000_000 {
                    stack.extend(kids.into_iter().rev().map(|k| (k, None)));
                }
            }
            "template_declaration" => {
                let params = n.child_by_field_name("parameters");
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n
                    .named_children(&mut c)
                    .filter(|k| Some(*k) != params)
                    .collect();
                stack.extend(kids.into_iter().rev().map(|k| (k, params)));
            }
            "function_definition"
            | "declaration"
            | "type_definition"
            | "alias_declaration"
            | "struct_specifier"
            | "union_specifier"
            | "class_specifier"
            | "enum_specifier" => items.push((n, tpl)),
            _ => {}
        }
    }
    let mut next = 0;
    while let Some(&(n, tpl)) = items.get(next) {
        next += 1;
        // Member class templates (`template <A, D> struct Internal;` and its
        // specialisations in a class's body) are class templates too, after
        // the file-scope items.
        if matches!(n.kind(), "struct_specifier" | "class_specifier") && items.len() < 100_000 {
            items.extend(member_class_templates(n));
        }
        match n.kind() {
            "function_definition" => {
                register_types_in(cx, n.child_by_field_name("type"), src);
                register_local_types(cx, n.child_by_field_name("body"), src);
                if let Some(def) = function_def(cx, u, n, tpl) {
                    // Out-of-line member functions (`S::f`) are also known by their qualified name.
                    if let Some(q) = qualified_name(n, src) {
                        let mut member = def.clone();
                        member.name = q;
                        cx.functions
                            .entry(member.name.clone())
                            .or_default()
                            .push(member);
                    }
                    cx.functions.entry(def.name.clone()).or_default().push(def);
                }
            }
            "type_definition" => {
                let Some(t) = n.child_by_field_name("type") else {
                    continue;
                };
                register_types_in(cx, Some(t), src);
                register_methods(cx, u, t);
                declare_struct_tag(cx, t, src);
                let base = cx.types.resolve_base(t, src, &HashMap::default());
                let mut c = n.walk();
                let decls: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
                for d in decls {
                    let info = cx.types.apply_declarator(base.clone(), Some(d), src);
                    if let Some(name) = info.name {
                        if t.kind() == "enum_specifier" && d.kind() == "type_identifier" {
                            cx.types.enum_names.insert(text(name, src).to_string());
                        }
                        if d.kind() == "type_identifier" && cx.types.is_dim3(text(t, src)) {
                            cx.types.dim3_aliases.insert(text(name, src).to_string());
                        }
                        let atomic_ref = (d.kind() == "type_identifier")
                            .then(|| decls::atomic_ref_scope(text(t, src)))
                            .flatten();
                        cx.types
                            .atomic_ref_aliases
                            .entry(text(name, src).to_string())
                            .or_default()
                            .push(atomic_ref);
                        add_typedef(cx, n, text(name, src), info.ty, src);
                    }
                }
            }
            // `using Name = type;` is `typedef type Name;` (C++ [dcl.typedef]p2).
            // An alias template (`template <..> using`) is not a type by itself.
            "alias_declaration" if tpl.is_none() => {
                let (Some(name), Some(t)) =
                    (n.child_by_field_name("name"), n.child_by_field_name("type"))
                else {
                    continue;
                };
                if let Some(spec) = t.child_by_field_name("type") {
                    register_types_in(cx, Some(spec), src);
                    register_methods(cx, u, spec);
                }
                let ty = cx.types.type_descriptor(t, src, &HashMap::default());
                let plain = t.child_by_field_name("declarator").is_none();
                if plain
                    && t.child_by_field_name("type")
                        .is_some_and(|spec| cx.types.is_dim3(text(spec, src)))
                {
                    cx.types.dim3_aliases.insert(text(name, src).to_string());
                }
                let atomic_ref = plain
                    .then(|| {
                        t.child_by_field_name("type")
                            .and_then(|spec| decls::atomic_ref_scope(text(spec, src)))
                    })
                    .flatten();
                cx.types
                    .atomic_ref_aliases
                    .entry(text(name, src).to_string())
                    .or_default()
                    .push(atomic_ref);
                add_typedef(cx, n, text(name, src), ty, src);
            }
            "struct_specifier" | "union_specifier" | "class_specifier" | "enum_specifier" => {
                register_types_in(cx, Some(n), src);
                register_methods(cx, u, n);
                // Declarations without a body count too: a primary only
                // declared (`template <int A> struct S;`, defined for some
                // arguments by specialisations) lets an instance choose its
                // specialisation, and a specialisation only declared keeps
                // its instances from being taken for the primary's. An
                // instance of a definition that is not in view stays opaque
                // (`register_struct` lays out nothing without a body).
                if let (Some(params), Some(name), false) = (
                    tpl,
                    n.child_by_field_name("name"),
                    n.kind() == "enum_specifier",
                ) {
                    // `template <..> struct S<A, B> {..}`: a partial (or, with
                    // no parameters, explicit) specialisation of `S`.
                    // `struct ns::S<A>` names `S` through its namespace.
                    let mut name = name;
                    let mut qualified = false;
                    while name.kind() == "qualified_identifier" {
                        let Some(inner) = name.child_by_field_name("name") else {
                            break;
                        };
                        name = inner;
                        qualified = true;
                    }
                    let pattern = (name.kind() == "template_type")
                        .then(|| {
                            Some((
                                name.child_by_field_name("name")?,
                                name.child_by_field_name("arguments")?,
                            ))
                        })
                        .flatten();
                    match pattern {
                        Some((base, pattern)) => specialisations
                            .entry(text(base, src).to_string())
                            .or_default()
                            .push(class_templates::ClassSpecialisation {
                                unit: u,
                                spec: n,
                                params,
                                pattern,
                                qualified,
                            }),
                        None if qualified => {}
                        None => templates.push((text(name, src).to_string(), n, params)),
                    }
                }
            }
            "declaration" => {
                // `template <> void f<1>(..);`: an explicit specialisation
                // defined in another translation unit. Known without a body,
                // so a call of `f<1>` is not taken for the primary's.
                let explicit_specialisation = tpl.is_some_and(|t| {
                    t.named_children(&mut t.walk())
                        .all(|c| c.kind() == "comment")
                });
                if explicit_specialisation {
                    if let Some(def) = function_def(cx, u, n, tpl).filter(|d| {
                        d.name_node
                            .parent()
                            .is_some_and(|p| p.kind() == "template_function")
                    }) {
                        cx.functions.entry(def.name.clone()).or_default().push(def);
                    }
                }
                global_declaration(cx, u, n, src);
                if let Some(t) = n.child_by_field_name("type") {
                    register_methods(cx, u, t);
                }
            }
            _ => {}
        }
    }
    templates
}

/// The member class templates a class body declares, each with its template
/// parameter list: `template <int D> struct Internal<DIRECT, D> {..}` in the
/// body of `class Storer`.
fn member_class_templates<'t>(class: Node<'t>) -> Vec<(Node<'t>, Option<Node<'t>>)> {
    let Some(body) = class.child_by_field_name("body") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in body.named_children(&mut body.walk()) {
        if m.kind() != "template_declaration" {
            continue;
        }
        let params = m.child_by_field_name("parameters");
        out.extend(
            m.named_children(&mut m.walk())
                .filter(|c| {
                    matches!(
                        c.kind(),
                        "struct_specifier" | "class_specifier" | "union_specifier"
                    )
                })
                .map(|c| (c, params)),
        );
    }
    out
}

/// Records the file-scope typedef `name` declared by `n`, with its namespace.
fn add_typedef(cx: &mut Ctx, n: Node, name: &str, ty: Ty, src: &str) {
    let ns = types::namespace_path(n, src);
    cx.types
        .scoped_typedefs
        .entry(name.to_string())
        .or_default()
        .push((ns, ty.clone()));
    cx.types.typedefs.insert(name.to_string(), ty);
}

/// Registers the definitions in the units `later` (the translation unit after
/// the checked file) of the functions declared before them and defined
/// nowhere else: a call binds to the function a prototype declares, and its
/// body may come later in the translation unit ([basic.def.odr]). Only when
/// the binding is certain: the name has exactly one prototype signature, no
/// definition before, and exactly one later definition, a plain
/// (non-template, non-member, non-kernel) function whose parameter types
/// are written as the prototype's. Anything else (overloads, templates, a
/// signature written differently) leaves the call unknown, as before.
fn collect_later_definitions<'t>(cx: &mut Ctx<'t>, later: std::ops::Range<usize>) {
    let mut found: HashMap<String, Vec<FnDef<'t>>> = HashMap::default();
    for u in later {
        let src: &'t str = cx.units[u].text.as_str();
        let mut stack: Vec<Node<'t>> = vec![cx.units[u].tree.root_node()];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "translation_unit"
                | "declaration_list"
                | "linkage_specification"
                | "namespace_definition" => {
                    let mut c = n.walk();
                    let kids: Vec<Node<'t>> = n.children(&mut c).collect();
                    if stack.len() + kids.len() < 1_000_000 {
                        stack.extend(kids);
                    }
                }
                "function_definition" if qualified_name(n, src).is_none() => {
                    let Some(def) = function_def(cx, u, n, None) else {
                        continue;
                    };
                    if def.is_kernel || !def.has_body {
                        continue;
                    }
                    let signature = function_declarator(n)
                        .and_then(|d| d.child_by_field_name("parameters"))
                        .map(|p| param_signature(p, src));
                    let declared = cx.prototype_signatures.get(&def.name);
                    let matches = match (declared.map(Vec::as_slice), signature) {
                        (Some([first, others @ ..]), Some(sig)) => {
                            *first == sig && others.iter().all(|o| *o == sig)
                        }
                        _ => false,
                    };
                    // A non-matching definition of the name still counts: it
                    // makes the name's binding uncertain.
                    let entry = found.entry(def.name.clone()).or_default();
                    if matches {
                        entry.push(def);
                    } else {
                        entry.clear();
                        entry.push(FnDef {
                            has_body: false,
                            ..def
                        });
                    }
                }
                _ => {}
            }
        }
    }
    for (name, defs) in found {
        if let [def] = defs.as_slice() {
            if def.has_body && !cx.functions.contains_key(&name) {
                cx.functions.insert(name, vec![def.clone()]);
            }
        }
    }
}

/// Records the arity bounds of a declaration without a body of the
/// function `name` (unqualified) whose parameter list is `params`.
fn record_declared_arity<'t>(cx: &mut Ctx<'t>, u: usize, name: String, params: Node<'t>) {
    let src = cx.units[u].text.as_str();
    let count = declared_params(params, src).len();
    let (required, variadic) = arity_bounds(params, src);
    cx.declared_arities
        .entry(name)
        .or_default()
        .push(DeclaredArity {
            count,
            required,
            variadic,
            unit: u,
            params,
        });
}

/// Default arguments given in a declaration hold for the definition too
/// ([dcl.fct.default]/4): each definition takes the fewest required
/// parameters of the declarations of its unqualified name with as many
/// parameters. Matching by name and count alone may give a definition
/// defaults that belong to another overload or class; that only makes it
/// viable for more calls (more candidates are checked), never fewer.
fn inherit_declared_defaults(cx: &mut Ctx) {
    if cx.declared_arities.is_empty() {
        return;
    }
    let declared = &cx.declared_arities;
    for def in cx.functions.values_mut().flatten() {
        let last = def.name.rsplit("::").next().unwrap_or(&def.name);
        let Some(decls) = declared.get(last) else {
            continue;
        };
        for d in decls {
            if d.count == def.param_count {
                def.required_params = def.required_params.min(d.required);
                def.variadic |= d.variadic;
            }
        }
    }
}

/// The parameter types of a parameter list as written, spaces, parameter
/// names and default arguments left out (`const float *a = 0` -> `constfloat*`).
fn param_signature(params: Node, src: &str) -> Vec<String> {
    let mut c = params.walk();
    params
        .named_children(&mut c)
        .filter(|p| p.kind() != "comment")
        .map(|p| {
            let end = p
                .child_by_field_name("default_value")
                .and_then(|_| p.child_by_field_name("declarator"))
                .map_or(p.end_byte(), |d| d.end_byte());
            let mut name = p.child_by_field_name("declarator");
            for _ in 0..16 {
                match name {
                    Some(d) if d.kind() != "identifier" => {
                        name = d.child_by_field_name("declarator");
                    }
                    _ => break,
                }
            }
            let text = |a: usize, b: usize| src.get(a..b).unwrap_or("").to_string();
            let written = match name {
                Some(id) if id.kind() == "identifier" && id.end_byte() <= end => {
                    text(p.start_byte(), id.start_byte()) + &text(id.end_byte(), end)
                }
                _ => text(p.start_byte(), end),
            };
            written.split_whitespace().collect()
        })
        .collect()
}

/// `S::f` of a function definition whose name is qualified.
fn qualified_name(n: Node, src: &str) -> Option<String> {
    let d = function_declarator(n)?;
    let name = d.child_by_field_name("declarator")?;
    (name.kind() == "qualified_identifier").then(|| text(name, src).split_whitespace().collect())
}

/// Registers the member functions defined in a struct/class body as `Tag::name`.
fn register_methods<'t>(cx: &mut Ctx<'t>, u: usize, spec: Node<'t>) {
    if !matches!(
        spec.kind(),
        "struct_specifier" | "class_specifier" | "union_specifier"
    ) {
        return;
    }
    let src: &'t str = cx.units[u].text.as_str();
    let (Some(name), Some(body)) = (
        spec.child_by_field_name("name"),
        spec.child_by_field_name("body"),
    ) else {
        return;
    };
    let tag = text(name, src).to_string();
    let mut c = body.walk();
    let members: Vec<(Node<'t>, Option<Node<'t>>)> = body
        .named_children(&mut c)
        .filter_map(|m| match m.kind() {
            "function_definition" => Some((m, None)),
            "template_declaration" => {
                let params = m.child_by_field_name("parameters");
                let mut c2 = m.walk();
                let f = m
                    .named_children(&mut c2)
                    .find(|x| x.kind() == "function_definition");
                f.map(|f| (f, params))
            }
            _ => None,
        })
        .collect();
    // Member functions declared in the class and defined out of line keep
    // the default arguments of the declaration.
    let declarations: Vec<Node<'t>> = body
        .named_children(&mut body.walk())
        .filter(|m| m.kind() == "field_declaration")
        .collect();
    for m in declarations {
        let mut c = m.walk();
        let decls: Vec<Node<'t>> = m.children_by_field_name("declarator", &mut c).collect();
        for d in decls {
            let mut f = d;
            for _ in 0..16 {
                if f.kind() == "function_declarator" {
                    break;
                }
                match f.child_by_field_name("declarator") {
                    Some(x) => f = x,
                    None => break,
                }
            }
            if f.kind() != "function_declarator" {
                continue;
            }
            let (Some(name), Some(params)) = (
                f.child_by_field_name("declarator"),
                f.child_by_field_name("parameters"),
            ) else {
                continue;
            };
            let name = qualified_last(name, src);
            record_declared_arity(cx, u, name, params);
        }
    }
    // A friend function defined in the class body (`friend W operator+(W a,
    // W b) {..}`) is not a member: a namespace-scope function found by
    // argument-dependent lookup ([class.friend]/7, [basic.lookup.argdep]),
    // known here by its bare name like a free function (visible to
    // ordinary lookup too: it may run where C++ would not find it, never
    // the other way).
    let friends: Vec<(Node<'t>, Option<Node<'t>>)> = body
        .named_children(&mut body.walk())
        .filter(|m| m.kind() == "friend_declaration")
        .filter_map(|m| {
            m.named_children(&mut m.walk())
                .find_map(|x| match x.kind() {
                    "function_definition" => Some((x, None)),
                    "template_declaration" => x
                        .named_children(&mut x.walk())
                        .find(|f| f.kind() == "function_definition")
                        .map(|f| (f, x.child_by_field_name("parameters"))),
                    _ => None,
                })
        })
        .collect();
    for (f, tpl) in friends {
        register_local_types(cx, f.child_by_field_name("body"), src);
        if let Some(mut def) = function_def(cx, u, f, tpl) {
            def.is_kernel = false;
            cx.functions.entry(def.name.clone()).or_default().push(def);
        }
    }
    for (m, tpl) in members {
        // Types a method defines in its body (`union { float f; int i; } u;`)
        // are known like those of free functions.
        register_local_types(cx, m.child_by_field_name("body"), src);
        if let Some(mut def) = function_def(cx, u, m, tpl) {
            def.is_kernel = false;
            def.name = format!("{tag}::{}", def.name);
            cx.functions.entry(def.name.clone()).or_default().push(def);
        }
    }
}

/// `struct Outer::Store {..};`: a nested class declared in `Outer`'s body
/// and defined outside it ([class.nest]/3). Laid out under `Outer::Store`
/// and made `Outer`'s member type `Store`, which `Outer::Store` (and
/// `Store` in `Outer`'s members) names, not a namespace's `Store`. An
/// enclosing class that is not laid out, or a second definition, leaves
/// the name as the lookup finds it.
fn register_out_of_class_nested(cx: &mut Ctx, t: Node, src: &str) {
    let Some(q) = t.child_by_field_name("name") else {
        return;
    };
    let written: String = text(q, src).split_whitespace().collect();
    let Some((scope, last)) = written.rsplit_once("::") else {
        return;
    };
    let outer = scope.rsplit("::").next().unwrap_or(scope);
    if cx.types.struct_names.contains_key(&written) {
        return;
    }
    let Some(&ko) = cx.types.struct_names.get(outer) else {
        // Laid out under its qualified name, as any other tag.
        register_struct(cx, t, src, written, None, &HashMap::default());
        return;
    };
    if cx.types.struct_names.contains_key(&written) {
        return;
    }
    register_struct(
        cx,
        t,
        src,
        last.to_string(),
        Some(written.clone()),
        &HashMap::default(),
    );
    if let Some(&k) = cx.types.struct_names.get(&written) {
        cx.types
            .member_types
            .insert((ko, last.to_string()), Ty::Struct(k));
    }
}

/// Constructors inherited by `using B::B;` in the body of a class `D`
/// ([namespace.udecl]/16, [class.inhctor.init]): `B`'s constructors are
/// also `D`'s, registered under `D::D` (keeping their own name `B::B`, by
/// which the lowering tells them inherited and runs `D`'s own member
/// initialisation too). Copy and move constructors are not inherited, but
/// a `B` argument converting through one runs a constructor C++ would not,
/// never one less.
fn register_inherited_constructors(cx: &mut Ctx) {
    let mut inherited: Vec<(String, String)> = Vec::new();
    for unit in cx.units.iter() {
        let src = unit.text.as_str();
        if !src.contains("using") {
            continue;
        }
        let mut stack = vec![unit.tree.root_node()];
        while let Some(x) = stack.pop() {
            if inherited.len() > 1024 {
                break;
            }
            match x.kind() {
                // Classes are at namespace scope or in class bodies (a
                // local class cannot inherit constructors of interest).
                "compound_statement" | "parameter_list" => continue,
                "using_declaration" => {
                    let spec = x
                        .parent()
                        .and_then(|b| b.parent())
                        .filter(|c| matches!(c.kind(), "struct_specifier" | "class_specifier"));
                    let (Some(spec), Some(q)) = (
                        spec,
                        x.named_children(&mut x.walk())
                            .find(|c| c.kind() == "qualified_identifier"),
                    ) else {
                        continue;
                    };
                    let written = text(q, src);
                    let mut parts = written.rsplit("::");
                    let (Some(last), Some(scope)) = (parts.next(), parts.next()) else {
                        continue;
                    };
                    let scope = scope.split('<').next().unwrap_or(scope).trim();
                    if scope != last.trim() {
                        continue;
                    }
                    if let Some(d) = spec.child_by_field_name("name") {
                        inherited.push((text(d, src).to_string(), scope.to_string()));
                    }
                    continue;
                }
                _ => {}
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
    }
    for (derived, base) in inherited {
        let Some(defs) = cx.functions.get(&format!("{base}::{base}")).cloned() else {
            continue;
        };
        cx.functions
            .entry(format!("{derived}::{derived}"))
            .or_default()
            .extend(defs.into_iter().map(|d| FnDef {
                inherited_by: Some(derived.clone()),
                ..d
            }));
    }
}

/// cuRAND generator states (from `curand_kernel.h`, which is not read): layouts
/// with the library's sizes, so that states in arrays have the right stride.
fn declare_curand_states(types: &mut TypeEnv) {
    let words = |n: u64| {
        vec![(
            "s".to_string(),
            Ty::Array(Box::new(Ty::Scalar(ScalarTy::UINT)), Some(n)),
        )]
    };
    for (tag, size_words, aliases) in [
        (
            "curandStateXORWOW",
            12,
            &["curandState", "curandState_t", "curandStateXORWOW_t"][..],
        ),
        ("curandStateMRG32k3a", 12, &["curandStateMRG32k3a_t"][..]),
        (
            "curandStatePhilox4_32_10",
            16,
            &["curandStatePhilox4_32_10_t"][..],
        ),
        ("curandStateMtgp32", 1, &["curandStateMtgp32_t"][..]),
    ] {
        let k = types.add_struct(tag.to_string(), words(size_words), false);
        for a in aliases {
            types.typedefs.insert(a.to_string(), Ty::Struct(k));
        }
    }
}

/// Registers the structs, unions and enums defined inside a function body
/// (`struct { float sum; int count; } acc;`), so that local declarations of
/// them have their layout.
fn register_local_types(cx: &mut Ctx, body: Option<Node>, src: &str) {
    let Some(body) = body else { return };
    // A type definition's node starts with its keyword (`struct`, `union`,
    // `class`, `enum`: the grammar's first token of each specifier), so a
    // body whose text names none of them defines no type and needs no walk
    // (the walk over every node of every function ran on every keystroke).
    // A body with a syntax error may hold specifiers without their keyword
    // token (a parser-inserted missing token): walked as before.
    let body_text = src.get(body.start_byte()..body.end_byte()).unwrap_or(src);
    let names_a_type = ["struct", "union", "class", "enum"]
        .iter()
        .any(|k| body_text.contains(k));
    if !names_a_type && !body.has_error() {
        return;
    }
    let mut stack = vec![body];
    let mut found = Vec::new();
    while let Some(x) = stack.pop() {
        // A whole-body scan (every node of a 100,000-statement kernel): the
        // front end's deadline may stop it.
        crate::base::interrupt::stop_if_polled();
        match x.kind() {
            "struct_specifier" | "union_specifier" | "class_specifier" | "enum_specifier"
                if x.child_by_field_name("body").is_some() =>
            {
                found.push(x)
            }
            // Lambdas and nested functions are walked too: their types are local as well.
            _ => {}
        }
        if found.len() > 256 {
            break;
        }
        let mut c = x.walk();
        stack.extend(x.named_children(&mut c));
    }
    for t in found {
        register_types_in(cx, Some(t), src);
    }
}

/// `struct S` named before its definition (`typedef struct S S;`, a field
/// `struct S *next;`): an empty struct for now, completed in place by the
/// definition, so that names bound earlier refer to the complete layout.
fn declare_struct_tag(cx: &mut Ctx, t: Node, src: &str) {
    if !matches!(
        t.kind(),
        "struct_specifier" | "class_specifier" | "union_specifier"
    ) {
        return;
    }
    let Some(name) = t.child_by_field_name("name").map(|n| text(n, src)) else {
        return;
    };
    if name.contains('<') || cx.types.struct_names.contains_key(name) {
        return;
    }
    let k = cx.types.add_struct(name.to_string(), Vec::new(), false);
    cx.types.incomplete.insert(k);
}

/// Lays out the struct a specifier with a body defines, under `overrides`
/// (template type parameters), as `name`, registered under `key` (default:
/// the name).
fn register_struct(
    cx: &mut Ctx,
    t: Node,
    src: &str,
    name: String,
    key: Option<String>,
    overrides: &HashMap<String, Ty>,
) {
    let Some(body) = t.child_by_field_name("body") else {
        return;
    };
    if key.is_none() {
        // Fields may point to the struct itself: its tag is known from here on.
        declare_struct_tag(cx, t, src);
    }
    let mut fields = Vec::new();
    let mut reference_fields = Vec::new();
    let mut not_plain_aggregate = false;
    let mut base_structs = Vec::new();
    // C++ base classes come first in the layout.
    let mut c0 = t.walk();
    let bases: Vec<Node> = t
        .named_children(&mut c0)
        .filter(|x| x.kind() == "base_class_clause")
        .collect();
    let mut virtual_structs = Vec::new();
    let mut unresolved_base = false;
    for b in bases {
        let mut c1 = b.walk();
        // Each base name with whether `virtual` precedes it in its
        // base-specifier (`virtual public B`, `public virtual B`).
        let mut names: Vec<(Node, bool)> = Vec::new();
        let mut virtual_seen = false;
        for x in b.children(&mut c1) {
            match x.kind() {
                "virtual" => virtual_seen = true,
                "," => virtual_seen = false,
                "type_identifier" | "qualified_identifier" | "template_type" => {
                    names.push((x, virtual_seen));
                    virtual_seen = false;
                }
                _ => {}
            }
        }
        for (nm, is_virtual) in names {
            let resolved = match cx.types.resolve_base(nm, src, overrides) {
                Ty::Struct(k) => cx.types.structs.get(k).map(|_| k),
                _ => None,
            };
            unresolved_base |= resolved.is_none();
            if let Some(k) = resolved {
                if let Some(sd) = cx.types.structs.get(k) {
                    fields.extend(sd.fields.iter().map(|f| (f.name.clone(), f.ty.clone())));
                    reference_fields.extend(sd.reference_fields.iter().cloned());
                    not_plain_aggregate |= sd.not_plain_aggregate;
                    base_structs.push(k);
                    if is_virtual {
                        virtual_structs.push(k);
                    }
                }
            }
        }
    }
    let mut c = body.walk();
    let members: Vec<Node> = body.named_children(&mut c).collect();
    let mut has_bitfields = false;
    // The class's member typedefs and aliases name types in the member
    // declarations after them ([basic.scope.class]: `typedef Impl<0>
    // Internal; Internal::Storage &s;`), and `S::Internal` outside.
    let mut overrides = overrides.clone();
    let mut member_types: Vec<(String, Ty)> = Vec::new();
    let mut member_consts: Vec<(String, (i128, ScalarTy))> = Vec::new();
    // Nested classes laid out for this instance (below).
    let mut per_instance: Vec<String> = Vec::new();
    for m in members {
        // A constructor (declared or defined in the body): braces call it.
        not_plain_aggregate |= declares_constructor(m, src, &name);
        match m.kind() {
            "type_definition" => {
                if let Some(t) = m.child_by_field_name("type") {
                    let base = cx.types.resolve_base(t, src, &overrides);
                    let mut c4 = m.walk();
                    let decls: Vec<Node> =
                        m.children_by_field_name("declarator", &mut c4).collect();
                    for d in decls {
                        let info = cx.types.apply_declarator(base.clone(), Some(d), src);
                        if let Some(nm) = info.name {
                            overrides.insert(text(nm, src).to_string(), info.ty.clone());
                            member_types.push((text(nm, src).to_string(), info.ty));
                        }
                    }
                }
                continue;
            }
            "alias_declaration" => {
                if let (Some(nm), Some(t)) =
                    (m.child_by_field_name("name"), m.child_by_field_name("type"))
                {
                    let ty = cx.types.type_descriptor(t, src, &overrides);
                    overrides.insert(text(nm, src).to_string(), ty.clone());
                    member_types.push((text(nm, src).to_string(), ty));
                }
                continue;
            }
            "field_declaration" => {}
            _ => continue,
        }
        // A default member initializer (`int n = 4;`) gives a member
        // without an item its value, not zero.
        not_plain_aggregate |= m.child_by_field_name("default_value").is_some();
        let Some(ft) = m.child_by_field_name("type") else {
            continue;
        };
        // The class's own layout of a nested class (the bare tag's) is not
        // this instance's: laid out with no instance bound (the instance's
        // own is below).
        let instance = (
            std::mem::take(&mut cx.types.instance_values),
            cx.types.instance_params.take(),
            std::mem::take(&mut cx.types.instance_members),
        );
        register_types_in(cx, Some(ft), src);
        (
            cx.types.instance_values,
            cx.types.instance_params,
            cx.types.instance_members,
        ) = instance;
        // The class's constant members declared so far, by value.
        let earlier: Vec<(String, i128)> = member_consts
            .iter()
            .map(|(nm, (v, _))| (nm.clone(), *v))
            .collect();
        if ft.kind() == "enum_specifier" {
            member_consts.extend(member_enumerators(cx, m, ft, src, &earlier));
        }
        // A named nested class (`struct TempStorage {..};`) is a member type,
        // and names its own layout in the member declarations after it
        // (another class's or the namespace's tag of that name may hold
        // the bare name).
        let mut nested_ty = cx.types.nested_class_ty(ft, src);
        // In a class template instance a nested class is a class of each
        // instance ([temp.mem.class]): its members' array extents and bases
        // may name the instance's parameters, constant members and nested
        // classes (`union _TempStorage { T items[ITEMS_PER_TILE]; }`). One
        // that names any of them with a value here is laid out under
        // `Instance<..>::Tag` with them bound; the others keep the class's
        // own layout, as before.
        let instance_named = |x: Node| {
            let mut stack = vec![x];
            while let Some(y) = stack.pop() {
                if matches!(y.kind(), "identifier" | "type_identifier") {
                    let t = text(y, src);
                    if cx.types.instance_values.iter().any(|(b, _)| b == t)
                        || earlier.iter().any(|(b, _)| b == t)
                        || per_instance.iter().any(|b| b == t)
                    {
                        return true;
                    }
                }
                stack.extend(y.named_children(&mut y.walk()));
            }
            false
        };
        if let (Some(ikey), Some(tag), true) = (
            key.as_ref().filter(|_| cx.types.instance_params.is_some()),
            ft.child_by_field_name("name")
                .filter(|t| t.kind() == "type_identifier"),
            matches!(
                ft.kind(),
                "struct_specifier" | "class_specifier" | "union_specifier"
            ) && ft.child_by_field_name("body").is_some()
                && instance_named(ft),
        ) {
            let nkey = format!("{ikey}::{}", text(tag, src));
            per_instance.push(text(tag, src).to_string());
            if !cx.types.struct_names.contains_key(&nkey) {
                let mut members = cx.types.instance_members.clone();
                members.retain(|(b, _)| !earlier.iter().any(|(e, _)| e == b));
                members.extend(earlier.iter().cloned());
                let outer_members = std::mem::replace(&mut cx.types.instance_members, members);
                register_struct(
                    cx,
                    ft,
                    src,
                    text(tag, src).to_string(),
                    Some(nkey.clone()),
                    &overrides,
                );
                cx.types.instance_members = outer_members;
            }
            if let Some(&k) = cx.types.struct_names.get(&nkey) {
                nested_ty = Some(Ty::Struct(k));
            }
        }
        if matches!(
            ft.kind(),
            "struct_specifier" | "class_specifier" | "union_specifier"
        ) && ft.child_by_field_name("body").is_some()
        {
            if let Some(tag) = ft
                .child_by_field_name("name")
                .filter(|t| t.kind() == "type_identifier")
            {
                let ty = nested_ty
                    .clone()
                    .unwrap_or_else(|| cx.types.resolve_base(ft, src, &overrides));
                if matches!(ty, Ty::Struct(_)) {
                    overrides.insert(text(tag, src).to_string(), ty.clone());
                    member_types.push((text(tag, src).to_string(), ty));
                }
            }
        }
        let mut c3 = m.walk();
        let children: Vec<Node> = m.children(&mut c3).collect();
        // A `static` member is not stored in the object.
        if children
            .iter()
            .any(|c| c.kind() == "storage_class_specifier" && text(*c, src) == "static")
        {
            if let Some(c) = static_member_const(cx, m, ft, src, &overrides, &earlier) {
                member_consts.push(c);
            }
            continue;
        }
        has_bitfields |= children.iter().any(|c| c.kind() == "bitfield_clause");
        let base = nested_ty.unwrap_or_else(|| cx.types.resolve_base(ft, src, &overrides));
        let mut c2 = m.walk();
        let decls: Vec<Node> = m.children_by_field_name("declarator", &mut c2).collect();
        if decls.is_empty() {
            // Only an unnamed struct or union is a member without a
            // declarator (its fields are the parent's, approximated as one
            // field); a nested type or enum definition is not stored.
            let anonymous = matches!(ft.kind(), "struct_specifier" | "union_specifier")
                && ft.child_by_field_name("name").is_none();
            if anonymous {
                fields.push((String::new(), base));
            }
            continue;
        }
        for d in decls {
            // An extent may name the instance's parameters and the class's
            // constant members declared before it (`T items[N * W + 1];`);
            // otherwise it is what it is anywhere.
            let extent = |x: Node| {
                instance_const_value(cx, m, x, src, &earlier)
                    .or_else(|| cx.types.const_eval(x, src, 0))
            };
            let info = cx
                .types
                .apply_declarator_with(base.clone(), Some(d), &extent);
            if info.is_fn {
                continue;
            }
            if let Some(nm) = info.name {
                // A member `IR m;` with `typedef int &IR;` is a reference
                // member too (see `ref_types`).
                let last = text(ft, src).rsplit("::").next().unwrap_or("").trim();
                if info.is_ref || cx.types.ref_aliases.contains(last) {
                    reference_fields.push(text(nm, src).to_string());
                }
                fields.push((text(nm, src).to_string(), info.ty));
            }
        }
    }
    let is_union = t.kind() == "union_specifier";
    let record_members = |types: &mut TypeEnv, k: usize| {
        for (nm, ty) in member_types {
            types.member_types.insert((k, nm), ty);
        }
        for (nm, c) in member_consts {
            types.member_consts.insert((k, nm), c);
        }
    };
    match key {
        Some(key) => {
            let k = cx.types.add_struct(String::new(), fields, is_union);
            record_members(&mut cx.types, k);
            if let Some(sd) = cx.types.structs.get_mut(k) {
                sd.name = name;
                sd.has_bitfields = has_bitfields;
                sd.not_plain_aggregate = not_plain_aggregate;
                sd.bases = base_structs;
                sd.virtual_bases = virtual_structs;
                sd.unresolved_base = unresolved_base;
                sd.reference_fields = reference_fields;
            }
            cx.types.struct_names.insert(key, k);
        }
        None => {
            let placeholder = cx
                .types
                .struct_names
                .get(&name)
                .copied()
                .filter(|k| cx.types.incomplete.contains(k));
            let k = cx.types.add_struct(name.clone(), fields, is_union);
            if let Some(sd) = cx.types.structs.get_mut(k) {
                sd.has_bitfields = has_bitfields;
                sd.not_plain_aggregate = not_plain_aggregate;
                sd.bases = base_structs;
                sd.virtual_bases = virtual_structs;
                sd.unresolved_base = unresolved_base;
                sd.reference_fields = reference_fields;
            }
            if let Some(p) = placeholder {
                // Complete the forward-declared struct in place.
                if let Some(def) = cx.types.structs.pop() {
                    debug_assert_eq!(cx.types.structs.len(), k);
                    cx.types.structs[p] = def;
                }
                cx.types.incomplete.remove(&p);
                cx.types.struct_names.insert(name, p);
                record_members(&mut cx.types, p);
            } else {
                record_members(&mut cx.types, k);
            }
        }
    }
}

/// Whether the class member `m` declares or defines a constructor of the
/// class `name` (`S(int a);`, `__device__ S(int a) : n(a) {}`).
fn declares_constructor(m: Node, src: &str, name: &str) -> bool {
    if name.is_empty()
        || !matches!(
            m.kind(),
            "function_definition" | "declaration" | "field_declaration"
        )
    {
        return false;
    }
    // `Vec<float>` is constructed by `Vec(...)`.
    let tag = name.split('<').next().unwrap_or(name).trim();
    let mut stack = vec![m];
    while let Some(n) = stack.pop() {
        if n.kind() == "function_declarator" {
            return n
                .child_by_field_name("declarator")
                .is_some_and(|d| text(d, src) == tag);
        }
        if let Some(d) = n.child_by_field_name("declarator") {
            stack.push(d);
        }
    }
    false
}

/// Registers struct/union/enum definitions in a type node (nested first).
fn register_types_in(cx: &mut Ctx, t: Option<Node>, src: &str) {
    let Some(t) = t else { return };
    match t.kind() {
        "struct_specifier" | "union_specifier" | "class_specifier"
            if t.child_by_field_name("body").is_some()
                && t.child_by_field_name("name")
                    .is_some_and(|n| n.kind() == "qualified_identifier") =>
        {
            register_out_of_class_nested(cx, t, src);
        }
        "struct_specifier" | "union_specifier" | "class_specifier" => {
            let name = t
                .child_by_field_name("name")
                .map(|n| text(n, src).to_string())
                .unwrap_or_else(|| TypeEnv::anon_key(t));
            let complete = cx
                .types
                .struct_names
                .get(&name)
                .is_some_and(|k| !cx.types.incomplete.contains(k));
            let defined = t.child_by_field_name("body").is_some() && !name.starts_with("<anon@");
            let scope = types::tag_scope(t, src);
            // Nested in a class, or local to a function body: not the
            // namespace's tag of that name.
            let nested = !types::class_path(t, src).is_empty() || types::is_local_type(t, src);
            if defined {
                // Tags are keyed unqualified: a second definition in another
                // namespace or class makes the bare name ambiguous (see
                // `TypeEnv::ambiguous_structs`); `Outer::Store` is looked up
                // as a member type of `Outer` instead.
                let seen = cx.types.struct_namespaces.entry(name.clone()).or_default();
                if !seen.contains(&scope) {
                    seen.push(scope.clone());
                }
                if seen.len() > 1 {
                    cx.types.ambiguous_structs.insert(name.clone());
                }
                if !nested {
                    let namespaces = cx.types.tag_namespaces.entry(name.clone()).or_default();
                    if !namespaces.contains(&scope) {
                        namespaces.push(scope.clone());
                    }
                }
            }
            if complete && !name.starts_with("<anon@") {
                let bare = cx.types.bare_tag_scopes.get(&name).cloned();
                let same = bare.as_ref().is_none_or(|(s, _)| *s == scope);
                if !defined || same {
                    return;
                }
                if nested {
                    // Another class's nested tag of the same name: its own
                    // layout, under its scope (`Outer::Store`), reached
                    // through its class's member types.
                    let key = format!("{scope}::{name}");
                    if !cx.types.struct_names.contains_key(&key) {
                        register_struct(cx, t, src, name, Some(key), &HashMap::default());
                    }
                } else if bare.is_some_and(|(_, was_nested)| was_nested) {
                    // A namespace-scope tag after a nested one of its name:
                    // the bare name is this one (the nested class keeps its
                    // layout as its class's member type).
                    cx.types
                        .bare_tag_scopes
                        .insert(name.clone(), (scope, false));
                    register_struct(cx, t, src, name.clone(), Some(name), &HashMap::default());
                }
                return;
            }
            if defined {
                cx.types
                    .bare_tag_scopes
                    .insert(name.clone(), (scope, nested));
            }
            register_struct(cx, t, src, name, None, &HashMap::default());
        }
        "enum_specifier" => {
            if let Some(name) = t.child_by_field_name("name") {
                cx.types.enum_names.insert(text(name, src).to_string());
            }
            let Some(body) = t.child_by_field_name("body") else {
                return;
            };
            enumerator_values(body, src, |name, init, implicit| {
                let value = match init {
                    Some(v) => cx.types.const_eval(v, src, 0),
                    None => implicit,
                };
                match value {
                    Some(v) => {
                        cx.types.consts.insert(name.to_string(), (v, ScalarTy::INT));
                    }
                    None => {
                        cx.types.consts.remove(name);
                    }
                }
                value
            });
        }
        _ => {}
    }
}

fn function_def<'t>(
    cx: &Ctx<'t>,
    u: usize,
    n: Node<'t>,
    tpl: Option<Node<'t>>,
) -> Option<FnDef<'t>> {
    let unit = &cx.units[u];
    let src = unit.text.as_str();
    // Find the function declarator under pointer/reference declarators.
    let mut d = n.child_by_field_name("declarator")?;
    if d.kind() == "operator_cast" {
        return conversion_operator_def(cx, u, n, d, tpl);
    }
    let mut steps = 0;
    while d.kind() != "function_declarator" {
        steps += 1;
        if steps > 16 {
            return None;
        }
        d = d
            .child_by_field_name("declarator")
            .or_else(|| d.named_child(0))?;
    }
    let mut name_node = d.child_by_field_name("declarator")?;
    // `ns::f`, `f<T>`, operator names: use the last identifier.
    let mut steps = 0;
    while matches!(
        name_node.kind(),
        "qualified_identifier" | "template_function" | "parenthesized_declarator"
    ) {
        steps += 1;
        if steps > 16 {
            break;
        }
        name_node = match name_node
            .child_by_field_name("name")
            .or_else(|| name_node.named_child(0))
        {
            Some(x) => x,
            None => break,
        };
    }
    let name = text(name_node, src).to_string();
    let params = d.child_by_field_name("parameters");
    let param_count = params.map_or(0, |p| declared_params(p, src).len());
    let (required_params, variadic) = params.map_or((0, false), |p| arity_bounds(p, src));
    Some(FnDef {
        unit: u,
        node: n,
        template: tpl,
        name,
        name_node,
        params,
        param_count,
        required_params,
        variadic,
        has_body: n.child_by_field_name("body").is_some(),
        is_kernel: is_kernel_head(cx, u, n),
        inherited_by: None,
    })
}

/// Whether the definition `n` of unit `u` is a kernel, by the pattern of
/// `queries/kernels.scm` (`__global__` in CUDA; a blanked `__kernel` in the
/// head in OpenCL, the main file's dialect). The query runs on `n` alone (start
/// depth 0), so the collection pays only for the heads it visits.
fn is_kernel_head(cx: &Ctx, u: usize, n: Node) -> bool {
    let unit = &cx.units[u];
    let lang = cx.types.lang.unwrap_or(Lang::Cuda);
    crate::syntax::queries::defines_kernel(n, &unit.text, &unit.qualifiers, lang)
}

/// A conversion operator (`operator T *() { ... }`), known as `operator cast`
/// (a member registers it as `Tag::operator cast`).
fn conversion_operator_def<'t>(
    cx: &Ctx<'t>,
    u: usize,
    n: Node<'t>,
    cast: Node<'t>,
    tpl: Option<Node<'t>>,
) -> Option<FnDef<'t>> {
    let src = cx.units[u].text.as_str();
    let mut params = None;
    let mut d = cast.child_by_field_name("declarator");
    for _ in 0..16 {
        let Some(x) = d else { break };
        if x.kind() == "abstract_function_declarator" {
            params = x.child_by_field_name("parameters");
            break;
        }
        d = x.child_by_field_name("declarator");
    }
    let param_count = params.map_or(0, |p| declared_params(p, src).len());
    let (required_params, variadic) = params.map_or((0, false), |p| arity_bounds(p, src));
    Some(FnDef {
        unit: u,
        node: n,
        template: tpl,
        name: "operator cast".into(),
        name_node: cast,
        params,
        param_count,
        required_params,
        variadic,
        has_body: n.child_by_field_name("body").is_some(),
        is_kernel: false,
        inherited_by: None,
    })
}

/// The parameter list of a function declarator (under pointer/reference declarators).
fn function_parameters(d: Node) -> Option<Node> {
    let mut d = d;
    for _ in 0..16 {
        if d.kind() == "function_declarator" {
            return d.child_by_field_name("parameters");
        }
        d = d
            .child_by_field_name("declarator")
            .or_else(|| d.named_child(0))?;
    }
    None
}

/// The last name of a possibly qualified name (`std::swap` -> `swap`).
fn qualified_last(n: Node, src: &str) -> String {
    let mut n = n;
    for _ in 0..16 {
        match n.kind() {
            "qualified_identifier" | "template_function" => match n.child_by_field_name("name") {
                Some(x) => n = x,
                None => break,
            },
            _ => break,
        }
    }
    text(n, src).to_string()
}

/// The parameter declarations of a parameter list (`(void)` has none).
fn declared_params<'t>(params: Node<'t>, src: &str) -> Vec<Node<'t>> {
    let mut c = params.walk();
    params
        .named_children(&mut c)
        .filter(|p| p.kind().contains("parameter_declaration"))
        .filter(|p| text(*p, src).trim() != "void")
        .collect()
}

/// For each parameter of a parameter list: whether it is a non-const
/// reference (a callee may write the caller's object through it).
pub(crate) fn mut_ref_params(params: Node, src: &str) -> Vec<bool> {
    declared_params(params, src)
        .into_iter()
        .map(|p| {
            let Some(d) = p.child_by_field_name("declarator") else {
                return false;
            };
            if !matches!(
                d.kind(),
                "reference_declarator" | "abstract_reference_declarator"
            ) {
                return false;
            }
            // `const T &` cannot be written; `const T *&` can (the pointer).
            let mut pc = p.walk();
            let is_const = p
                .children(&mut pc)
                .any(|q| q.kind() == "type_qualifier" && text(q, src) == "const");
            let through_pointer = d.named_child(0).is_some_and(|x| {
                matches!(
                    x.kind(),
                    "pointer_declarator" | "abstract_pointer_declarator"
                )
            });
            !is_const || through_pointer
        })
        .collect()
}

fn global_declaration<'t>(cx: &mut Ctx<'t>, u: usize, n: Node<'t>, src: &'t str) {
    let Some(t) = n.child_by_field_name("type") else {
        return;
    };
    register_types_in(cx, Some(t), src);
    let base = cx.types.resolve_base(t, src, &HashMap::default());
    let first_decl = n
        .child_by_field_name("declarator")
        .map_or(n.end_byte(), |d| d.start_byte());
    let head = src.get(n.start_byte()..first_decl).unwrap_or("");
    let head_toks: Vec<&str> = lex(head)
        .iter()
        .filter(|t| t.kind == TokKind::Ident)
        .map(|t| &head[t.start..t.end])
        .collect();
    let quals = qualifiers_in(&cx.units[u].qualifiers, qualifier_head_start(n), first_decl);
    let space = if head_toks.contains(&"__shared__")
        || quals.iter().any(|q| q.kind == QualifierKind::Local)
    {
        MemSpace::Shared
    } else if head_toks.contains(&"__constant__")
        || quals.iter().any(|q| q.kind == QualifierKind::Constant)
    {
        MemSpace::Constant
    } else {
        MemSpace::Global
    };
    let is_const = head_toks
        .iter()
        .any(|t| matches!(*t, "const" | "constexpr"));
    let mut c = n.walk();
    let decls: Vec<Node<'t>> = n.children_by_field_name("declarator", &mut c).collect();
    for d in decls {
        let info = cx.types.apply_declarator(base.clone(), Some(d), src);
        if info.is_fn {
            if let (Some(name), Some(params)) = (info.name, function_parameters(d)) {
                let name = qualified_last(name, src);
                if d.kind() == "reference_declarator" {
                    cx.ref_prototypes.insert(name.clone());
                }
                cx.prototype_signatures
                    .entry(name.clone())
                    .or_default()
                    .push(param_signature(params, src));
                record_declared_arity(cx, u, name.clone(), params);
                cx.prototypes
                    .entry(name)
                    .or_default()
                    .push(mut_ref_params(params, src));
            }
            continue;
        }
        let Some(name) = info.name else { continue };
        let name_s = text(name, src).to_string();
        if let (Ty::Scalar(st @ ScalarTy::Int { .. }), true, Some(init)) =
            (&info.ty, is_const, info.init)
        {
            if let Some(v) = cx.types.const_eval(init, src, 0) {
                cx.types.consts.insert(name_s, (v, *st));
                continue;
            }
        }
        if matches!(info.ty, Ty::Group(_)) {
            continue;
        }
        // Only OpenCL constants are fixed: CUDA `__constant__` memory may be
        // rewritten by the host (`cudaMemcpyToSymbol`) before a launch.
        let const_init = match (space, &info.ty, info.init) {
            (MemSpace::Constant, Ty::Array(elem, Some(len)), Some(init))
                if cx.types.lang == Some(Lang::OpenCl)
                    && matches!(**elem, Ty::Scalar(ScalarTy::Int { .. }))
                    && init.kind() == "initializer_list"
                    && *len <= 4096 =>
            {
                let mut c = init.walk();
                let items: Vec<Node> = init
                    .named_children(&mut c)
                    .filter(|x| x.kind() != "comment")
                    .collect();
                let mut values: Option<Vec<i128>> = items
                    .iter()
                    .map(|x| cx.types.const_eval(*x, src, 0))
                    .collect();
                if let Some(v) = values.as_mut() {
                    v.resize((*len as usize).max(v.len()), 0);
                }
                values
            }
            _ => None,
        };
        cx.globals.entry(name_s).or_insert(GlobalDef {
            unit: u,
            ty: info.ty,
            space,
            name_node: name,
            const_init,
            dynamic_shared: space == MemSpace::Shared && head_toks.contains(&"extern"),
            device_writable: space != MemSpace::Constant
                && (cx.types.lang == Some(Lang::OpenCl)
                    || head_toks
                        .iter()
                        .any(|t| matches!(*t, "__device__" | "__shared__" | "__managed__"))),
        });
    }
}

#[cfg(test)]
mod tests;

/// Whether `name` used in the member `m` is a parameter of the template
/// whose parameter list spans the bytes `params`: the innermost enclosing
/// declaration of `name` is in that list (no function, lambda or class
/// around `m` declares it first).
fn instance_parameter(m: Node, name: &str, src: &str, params: (usize, usize)) -> bool {
    use crate::frontend::class_templates::declares_within;
    let mut cur = m.parent();
    while let Some(p) = cur {
        match p.kind() {
            "template_declaration" => {
                if let Some(ps) = p
                    .child_by_field_name("parameters")
                    .filter(|ps| declares_within(*ps, name, src))
                {
                    return (ps.start_byte(), ps.end_byte()) == params;
                }
            }
            "function_definition"
            | "lambda_expression"
            | "class_specifier"
            | "struct_specifier"
            | "union_specifier"
                if declares_within(p, name, src) =>
            {
                return false;
            }
            _ => {}
        }
        cur = p.parent();
    }
    false
}

/// The name and value of the static constant integer member `m` (a field
/// declaration, `static constexpr int BLOCK = 256;` with base type `ft`) when
/// its initializer is an integer constant expression in the class being
/// laid out: see [`instance_const_value`] (`earlier`: the class's constant
/// members declared before `m`). The value is converted to the member's
/// type.
fn static_member_const(
    cx: &Ctx,
    m: Node,
    ft: Node,
    src: &str,
    overrides: &HashMap<String, Ty>,
    earlier: &[(String, i128)],
) -> Option<(String, (i128, ScalarTy))> {
    let is_const = m
        .children(&mut m.walk())
        .any(|c| c.kind() == "type_qualifier" && matches!(text(c, src), "const" | "constexpr"));
    if !is_const {
        return None;
    }
    let mut c = m.walk();
    let decls: Vec<Node> = m.children_by_field_name("declarator", &mut c).collect();
    let [d] = decls[..] else {
        return None;
    };
    if d.kind() != "field_identifier" {
        return None;
    }
    let Ty::Scalar(st @ (ScalarTy::Int { .. } | ScalarTy::Bool)) =
        cx.types.resolve_base(ft, src, overrides)
    else {
        return None;
    };
    let init = m.child_by_field_name("default_value")?;
    let v = instance_const_value(cx, m, init, src, earlier)?;
    let v = match st {
        ScalarTy::Bool => i128::from(v != 0),
        _ => crate::frontend::arith::wrap_int(v, st),
    };
    Some((text(d, src).to_string(), (v, st)))
}

/// Value of the constant expression `init` of the member `m` in the class
/// instance being laid out, `earlier` (the enumerators before it in its
/// enum, or the class's constant members before it) bound too. The
/// instance's own non-type parameters (`B` in `2 * B`) have their
/// argument's value in this instance's layout: the name in the class body
/// refers to the template parameter ([temp.local]), unless a member or
/// local of the class redeclares it (then declared_around below finds that
/// declaration in the class and the value is not known, as a parameter can
/// be hidden only by such a declaration). In a class nested in the
/// instance, the enclosing instance's earlier constant members
/// ([`TypeEnv::instance_members`]) are bound as well, hidden by the nested
/// class's own. `S<A>::NAME` is valued by
/// [`class_templates::template_member_value`]. A name declared around `m`
/// and not bound makes the value unknown (None).
fn instance_const_value(
    cx: &Ctx,
    m: Node,
    init: Node,
    src: &str,
    earlier: &[(String, i128)],
) -> Option<i128> {
    let mut binds = cx.types.instance_values.clone();
    let outer = &cx.types.instance_members;
    let mut stack = vec![init];
    while let Some(x) = stack.pop() {
        if matches!(x.kind(), "identifier" | "type_identifier") {
            let name = text(x, src);
            let bound = binds.iter().any(|(b, _)| b == name)
                && cx
                    .types
                    .instance_params
                    .is_some_and(|at| instance_parameter(m, name, src, at));
            let member = earlier.iter().chain(outer.iter()).any(|(b, _)| b == name);
            if !bound && !member && crate::frontend::class_templates::declared_around(m, name, src)
            {
                return None;
            }
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    // A member hides a template parameter of its name, and a nested
    // class's member the enclosing class's ([basic.scope.class]):
    // innermost last, each name once (const_eval_in finds the first).
    for layer in [outer.as_slice(), earlier] {
        binds.retain(|(b, _)| !layer.iter().any(|(e, _)| e == b));
        binds.extend(layer.iter().cloned());
    }
    let hook = |q: Node, b: &[(String, i128)], d: usize| {
        crate::frontend::class_templates::template_member_value(cx, q, src, b, d)
    };
    cx.types.const_eval_hooked(init, src, 0, &binds, &hook)
}

/// The enumerators of an unscoped enum that the member declaration `m` of
/// a class body defines (`enum { VALUE = (N & (N - 1)) == 0 };`, cub's
/// `PowerOfTwo<N>`), with their values in the instance being laid out:
/// they are the class's constant members (`S<4>::VALUE`). An enumerator
/// whose value is not known here, and the implicit ones after it, are left
/// out (never the previous value + 1), as are values that do not fit in
/// `int` (the enumeration's type is then wider). A scoped enum's
/// enumerators are named through the enum (`S::E::A`), not the class.
fn member_enumerators(
    cx: &Ctx,
    m: Node,
    ft: Node,
    src: &str,
    members: &[(String, i128)],
) -> Vec<(String, (i128, ScalarTy))> {
    let scoped = ft
        .children(&mut ft.walk())
        .any(|c| matches!(c.kind(), "class" | "struct"));
    let Some(body) = ft.child_by_field_name("body").filter(|_| !scoped) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // The class's earlier constant members, then this enum's enumerators.
    let mut earlier: Vec<(String, i128)> = members.to_vec();
    enumerator_values(body, src, |name, init, implicit| {
        let value = match init {
            Some(v) => instance_const_value(cx, m, v, src, &earlier),
            None => implicit,
        }
        .filter(|v| i32::try_from(*v).is_ok());
        if let Some(v) = value {
            out.push((name.to_string(), (v, ScalarTy::INT)));
            earlier.retain(|(b, _)| b != name);
            earlier.push((name.to_string(), v));
        }
        value
    });
    out
}

/// Walks the enumerators of the enum body `body` in order: `settle` gets
/// each one's name, its initializer and its implicit value (the previous
/// one + 1) and returns the value it settled on. `None` once a value is not
/// known (`H = BS + 1` in a class template): the implicit ones after it
/// have values not known either, never the previous value + 1.
fn enumerator_values<'t>(
    body: Node<'t>,
    src: &str,
    mut settle: impl FnMut(&str, Option<Node<'t>>, Option<i128>) -> Option<i128>,
) {
    let mut next = Some(0i128);
    let mut c = body.walk();
    let items: Vec<Node> = body
        .named_children(&mut c)
        .filter(|e| e.kind() == "enumerator")
        .collect();
    for e in items {
        let Some(name) = e.child_by_field_name("name") else {
            continue;
        };
        next = settle(text(name, src), e.child_by_field_name("value"), next)
            .and_then(|v| v.checked_add(1));
    }
}
