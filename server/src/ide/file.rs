//! Whole-file analysis for the command line: lower a file, resolve each
//! kernel's launch configuration, check every kernel. A panic in a lower layer
//! never escapes: it becomes an `unsupported` (front end) or `inconclusive`
//! (checker) report carrying the panic message, so one bug cannot take down a
//! whole run.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::guard::{failure_reason, guarded, panic_message};
use super::relations::{assume_relations, launch_relations};
use super::Settings;
use crate::base::clock::{Deadline, Stopwatch};
use crate::base::{position_of, FileId, Lang, LineStarts, Position, Span};
use crate::check::{
    check_kernel_within, DiagnosticKind, Finding, KernelBudget, KernelReport, Verdict,
};
use crate::config::resolve::{
    ConfigError, Explicit, FileConfig, HostLaunchDims, ResolvedOptions, Source,
};
use crate::config::{CheckOptions, CostModel, LaunchConfig};
use crate::frontend::{lower_parsed, lower_source, FsIncludes, IncludeResolver};
use crate::ir::{ArrayId, FrontendDiagnostic, Kernel, Program, SourceFileInfo, UnsupportedKernel};
use crate::syntax::launches::{
    ArgBound, HostLaunch, MemberViews, OtherCall, PointerView, SizeExpr,
};
use crate::syntax::parse::ParsedSource;
use crate::syntax::preprocess::{self, CudaTarget};

/// One kernel's analysis: its IR (None when unsupported), the options it was
/// checked with, and the report.
#[derive(Clone, Debug)]
pub struct KernelAnalysis {
    /// The lowered kernel.
    pub kernel: Option<Kernel>,
    /// The options it was checked with (resolved launch configuration).
    pub options: CheckOptions,
    /// Where the block dimensions came from.
    pub block_dim_source: Source,
    /// Where the grid dimensions came from.
    pub grid_dim_source: Source,
    /// The report.
    pub report: KernelReport,
    /// The host launches of the kernel whose sizes it was checked under (empty
    /// when no launch was found or a higher-priority setting decided).
    pub launches: Vec<LaunchSite>,
    /// Bank conflicts of its shared accesses, when performance analyses are on.
    pub banks: Option<crate::check::banks::BankReport>,
}

/// A launch of a kernel in the host code of the translation unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LaunchSite {
    /// Kernel name.
    pub kernel: String,
    /// `path:line` of the launch.
    pub location: String,
    /// The launch as written (`k<<<grid, block>>>`), shortened.
    pub text: String,
    /// Threads per block, when every dimension is a constant.
    pub block_dim: Option<[u32; 3]>,
    /// Blocks per grid, when every dimension is a constant.
    pub grid_dim: Option<[u32; 3]>,
    /// Threads per block per dimension (None: not a constant).
    #[serde(skip)]
    pub partial_block_dim: [Option<u32>; 3],
    /// Blocks per grid per dimension (None: not a constant).
    #[serde(skip)]
    pub partial_grid_dim: [Option<u32>; 3],
    /// Integer-constant kernel arguments (None: not a constant).
    #[serde(skip)]
    pub args: Vec<Option<i128>>,
    /// How many arguments the launch passes (None: not known; see
    /// `HostLaunch::arity`).
    #[serde(skip)]
    pub arity: Option<usize>,
    /// Integer-constant explicit template arguments (None: not a constant).
    #[serde(skip)]
    pub template_values: Vec<Option<i128>>,
    /// Lower bounds of arguments that are counters of enclosing counting loops.
    #[serde(skip)]
    pub arg_lower_bounds: Vec<Option<i128>>,
    /// Bounds of arguments that are counters of enclosing loops, over the
    /// other arguments (see `HostLaunch::arg_loop_bounds`).
    #[serde(skip)]
    pub arg_loop_bounds: Vec<Vec<ArgBound>>,
    /// For each argument, a power-of-two exponent `k`: the argument is a
    /// multiple of 2^k (0: nothing known).
    #[serde(skip)]
    pub arg_pow2: Vec<u32>,
    /// For each argument, whether it passes a host pointer with no visible
    /// arithmetic (see `HostLaunch::arg_whole`); None for a site that is not
    /// a launch (an explicit instantiation).
    #[serde(skip)]
    pub arg_whole: Option<Vec<bool>>,
    /// For each argument, the host name it passes when it is one name (see
    /// `HostLaunch::arg_names`).
    #[serde(skip)]
    pub arg_names: Vec<Option<String>>,
    /// For each argument, what it may point into (see
    /// `HostLaunch::arg_views`).
    #[serde(skip)]
    pub arg_views: Vec<Vec<crate::syntax::launches::PointerView>>,
    /// The launch passes the kernel to a launch API whose argument array is
    /// not read (see `HostLaunch::args_unread`): its pointer parameters of
    /// one element size may be one array.
    #[serde(skip)]
    pub args_unread: bool,
    /// For each argument passing an aggregate-initialized object, its
    /// constant `const` integer members by name (see
    /// `HostLaunch::arg_fields`).
    #[serde(skip)]
    pub arg_fields: Vec<Vec<(String, i128)>>,
    /// For each argument passing a clean local object to a parameter of its
    /// class, what each pointer member may point into (see
    /// `HostLaunch::arg_member_views`); None: not known.
    #[serde(skip)]
    pub arg_member_views: Vec<Option<MemberViews>>,
    /// For each pointer argument, the `int` argument bounding the identity
    /// its array holds (see `HostLaunch::arg_identity`).
    #[serde(skip)]
    pub arg_identity: Vec<Option<usize>>,
    /// For each pointer argument, the prefix on which its array is
    /// non-decreasing (see `HostLaunch::arg_non_decreasing`).
    #[serde(skip)]
    pub arg_non_decreasing: Vec<Option<crate::syntax::launches::PrefixBound>>,
    /// Grid extents the host computes from the kernel's arguments (see
    /// `syntax::launches::relations`), per dimension.
    #[serde(skip)]
    pub grid_relation: [Option<SizeExpr>; 3],
    /// Block extents computed from the kernel's arguments, per dimension.
    #[serde(skip)]
    pub block_relation: [Option<SizeExpr>; 3],
    /// Arguments computed from the other arguments, per argument.
    #[serde(skip)]
    pub arg_relations: Vec<Option<SizeExpr>>,
    /// The grid's y extent equals its x extent (`dim3 grid(n, n)`).
    #[serde(skip)]
    pub grid_square: bool,
    /// The block's y extent equals its x extent (`dim3 block(t, t)`).
    #[serde(skip)]
    pub block_square: bool,
    /// Per block dimension, a power-of-two exponent `k`: the extent is a
    /// multiple of 2^k (0: nothing known; see `HostLaunch::block_pow2`).
    #[serde(skip)]
    pub block_pow2: [u32; 3],
    /// The files of the launching translation unit's own definitions of the
    /// kernel's name (any linkage): when there are any, the launch is of one
    /// of them only (one definition per program).
    #[serde(skip)]
    pub definitions: Vec<PathBuf>,
    /// The launch may be of another kernel of the same name (see
    /// `launches_of`): its sizes and arguments are not used.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub may_be_another_kernel: bool,
}

impl LaunchSite {
    /// Whether the launch is `cudaLaunchCooperativeKernel`, the launch a
    /// grid barrier requires.
    pub fn is_cooperative(&self) -> bool {
        self.text.starts_with("cudaLaunchCooperativeKernel")
    }

    /// Whether the launch surely runs this kernel without the cooperative
    /// attribute: `k<<<..>>>` or `cudaLaunchKernel` (a grid barrier needs
    /// `cudaLaunchCooperativeKernel`, or `cudaLaunchKernelEx` and graph
    /// nodes with the cooperative attribute, which are not read).
    pub fn is_plain(&self) -> bool {
        let api = self.text.starts_with("cudaLaunchKernel")
            && !self.text.starts_with("cudaLaunchKernelEx");
        !self.may_be_another_kernel && (self.text.contains("<<<") || api)
    }
}

/// The grid barriers of `kernel` (`this_grid().sync()`), in text order.
fn grid_barriers(kernel: &Kernel) -> Vec<&crate::ir::Stmt> {
    let mut found = Vec::new();
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        if let crate::ir::StmtKind::Barrier {
            scope: crate::ir::BarrierScope::Grid,
            ..
        } = s.kind
        {
            found.push(s);
        }
    });
    found
}

/// `kernel` with its grid barriers ordering only the threads of one block:
/// what they order under a plain launch ([`LaunchSite::is_plain`]). There a
/// grid barrier is undefined behaviour (the grid group is not valid); no
/// ordering between blocks may be assumed from it, while the block's own
/// threads all reach it (or diverge, which the block barrier's check
/// reports), so keeping the block-level ordering hides no race the launch
/// can show that the `non-cooperative-launch` warning does not name.
fn demote_grid_barriers(kernel: &mut Kernel) {
    crate::ir::walk::for_each_stmt_mut(&mut kernel.body.stmts, &mut |s| {
        if let crate::ir::StmtKind::Barrier { scope, .. } = &mut s.kind {
            if *scope == crate::ir::BarrierScope::Grid {
                *scope = crate::ir::BarrierScope::Block;
            }
        }
        true
    });
}

/// The `non-cooperative-launch` warnings of `kernel` under `plan`: one per
/// grid barrier when a run of the plan has a plain launch, naming it.
fn non_cooperative_findings(kernel: &Kernel, plan: &LaunchPlan) -> Vec<Finding> {
    let Some(site) = plan
        .runs
        .iter()
        .flat_map(|r| &r.sites)
        .find(|s| s.is_plain())
    else {
        return Vec::new();
    };
    grid_barriers(kernel)
        .into_iter()
        .map(|b| {
            plain_finding(
                DiagnosticKind::NonCooperativeLaunch,
                format!(
                    "grid barrier in kernel `{}`, which the program launches without a cooperative launch at {} `{}`: undefined behaviour there, and no ordering between blocks (use `cudaLaunchCooperativeKernel`)",
                    kernel.name, site.location, site.text
                ),
                b.span,
            )
        })
        .collect()
}

/// Most distinct launch configurations one kernel is checked under; beyond, the
/// sizes that differ between launches are symbolic.
const MAX_LAUNCH_CONFIGS: usize = 4;

/// The launches in the host code of `text` (the file at `path`) and the headers
/// it includes, preprocessed as nvcc's host pass sees them. OpenCL files have
/// no host code.
pub fn host_launches(path: &Path, text: &str, includes: &dyn IncludeResolver) -> Vec<LaunchSite> {
    host_scan(path, text, includes).sites
}

/// A file's host pass (preprocessed as nvcc's host compilation sees it) and
/// its launch scan.
struct HostPass {
    pre: preprocess::Preprocessed,
    scan: crate::syntax::launches::HostScan,
}

/// The include reads one host pass made: the including file, the name, and
/// what the resolver answered.
type IncludeReads = Vec<(PathBuf, String, Result<(PathBuf, String), String>)>;

/// The last host pass of a file, with everything it was computed from.
struct HostPassEntry {
    text: String,
    prelude: String,
    includer: Option<preprocess::Includer>,
    reads: IncludeReads,
    pass: std::sync::Arc<HostPass>,
}

/// Files whose last host pass [`host_pass`] keeps (beyond, it starts over).
const MAX_HOST_PASSES: usize = 256;

/// The host pass of `text` (the file at `path`) under `prelude`, reading
/// includes through `reader`, as `includer` includes the file when it has
/// one (its macros and declarations before the `#include` apply, as in the
/// device pass: see `frontend::lower_parsed_incremental`). The editor asks for it on every keystroke,
/// and preprocessing and scanning the whole file were a tenth of a
/// keystroke's time: the last pass of each file is kept and reused when the
/// text and prelude are the same and every include read it made gives the
/// same answer again (the preprocessor's only inputs; the reads are made
/// again, the lexing and scanning are not). A pass cut short by the front
/// end's deadline is not kept.
fn host_pass(
    path: &Path,
    text: &str,
    prelude: &str,
    includer: Option<&preprocess::Includer>,
    reader: &preprocess::IncludeReader<'_>,
) -> std::sync::Arc<HostPass> {
    use crate::base::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    static PASSES: OnceLock<Mutex<HashMap<PathBuf, HostPassEntry>>> = OnceLock::new();
    let passes = PASSES.get_or_init(|| Mutex::new(HashMap::default()));
    let kept = passes.lock().ok().and_then(|map| {
        map.get(path)
            .filter(|e| e.text == text && e.prelude == prelude && e.includer.as_ref() == includer)
            .map(|e| (e.reads.clone(), e.pass.clone()))
    });
    if let Some((reads, pass)) = kept {
        if reads
            .iter()
            .all(|(from, name, answer)| reader(from, name) == *answer)
        {
            return pass;
        }
    }
    let reads = std::cell::RefCell::new(IncludeReads::new());
    let recording = |from: &Path, name: &str| {
        let answer = reader(from, name);
        reads
            .borrow_mut()
            .push((from.to_path_buf(), name.to_string(), answer.clone()));
        answer
    };
    let pre = preprocess::preprocess_in_context(
        text,
        path,
        &preprocess::Options {
            expand: true,
            includes: Some(&recording),
            prelude,
        },
        includer,
    );
    let texts: Vec<&str> = pre.units.iter().map(|u| u.text.as_str()).collect();
    let scan = crate::syntax::launches::scan_translation(&texts);
    let pass = Arc::new(HostPass { pre, scan });
    if crate::base::interrupt::reason().is_none() {
        if let Ok(mut map) = passes.lock() {
            if map.len() >= MAX_HOST_PASSES {
                map.clear();
            }
            map.insert(
                path.to_path_buf(),
                HostPassEntry {
                    text: text.to_string(),
                    prelude: prelude.to_string(),
                    includer: includer.cloned(),
                    reads: reads.into_inner(),
                    pass: pass.clone(),
                },
            );
        }
    }
    pass
}

/// What [`host_scan`] finds in a file's translation unit.
#[derive(Default)]
struct HostScanned {
    /// The launches.
    sites: Vec<LaunchSite>,
    /// Kernels defined with internal linkage, with the file of each definition.
    local: Vec<(String, PathBuf)>,
    /// Every kernel definition, with its file.
    defined: Vec<(String, PathBuf)>,
}

/// [`host_launches`], and the kernels the translation unit defines.
fn host_scan(path: &Path, text: &str, includes: &dyn IncludeResolver) -> HostScanned {
    if crate::ir::Lang::from_path(path) != crate::ir::Lang::Cuda {
        return HostScanned::default();
    }
    let scanned = catch_unwind(AssertUnwindSafe(|| {
        let reader = |from: &Path, name: &str| includes.read_or_reason(from, name);
        // nvcc's host pass: the device macros without `__CUDA_ARCH__`.
        let device = includes
            .cuda_prelude()
            .unwrap_or_else(|| CudaTarget::default().prelude(true));
        let prelude: String = device
            .lines()
            .filter(|l| !l.starts_with("#define __CUDA_ARCH__"))
            .map(|l| format!("{l}\n"))
            .collect();
        // A file another includes (a `.cu` included by a sibling `.cu`) is
        // compiled there: the macros of that file's earlier includes size
        // its launches as they size its kernels.
        let includer = includes.includer(path);
        let pass = host_pass(path, text, &prelude, includer.as_ref(), &reader);
        let (pre, scan) = (&pass.pre, &pass.scan);
        let files_of = |kernels: &[(String, usize, usize)]| -> Vec<(String, PathBuf)> {
            kernels
                .iter()
                .filter_map(|(name, text, offset)| {
                    let unit = pre.units.get(*text)?;
                    let (span, _) = unit.map.map(*offset as u32, *offset as u32 + 1);
                    let file = if span.file == FileId(0) {
                        path.to_path_buf()
                    } else {
                        pre.files.get(span.file.0 as usize)?.0.clone()
                    };
                    Some((name.clone(), file))
                })
                .collect()
        };
        let local = files_of(&scan.local_kernels);
        let defined = files_of(&scan.defined_kernels);
        // The files whose whole text the unit reads: a call of a wrapper in
        // them is one the scan saw (see `called_elsewhere`).
        // An includer that is itself included is compiled in another program
        // too, under that program's macros, and is not wholly read here.
        let unit_files: Vec<&Path> = std::iter::once(path)
            .chain(
                includer
                    .as_ref()
                    .filter(|i| !is_included(&i.path, includes))
                    .map(|i| i.path.as_path()),
            )
            .collect();
        let host_unit = HostUnit {
            files: &unit_files,
            pre,
            includes,
        };
        let others = OtherUnits {
            prelude: &prelude,
            includes,
            scans: std::cell::Cell::new(0),
        };
        let (launches, accounted) = launches_for_other_callers(&host_unit, pass.as_ref(), &others);
        let sites = launches
            .into_iter()
            .filter_map(|mut l| {
                let unit = pre.units.get(l.text)?;
                let (span, _) = unit.map.map(l.start as u32, l.end as u32);
                let (file_path, file_text) = pre.files.get(span.file.0 as usize)?;
                let written = file_text
                    .get(span.start as usize..span.end as usize)
                    .unwrap_or("");
                let mut written = written.split_whitespace().collect::<Vec<_>>().join(" ");
                if written.len() > 80 {
                    let mut cut = 77;
                    while !written.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    written.truncate(cut);
                    written.push_str("...");
                }
                let line = position_of(file_text, span.start).line + 1;
                let name = if span.file == FileId(0) {
                    path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    )
                } else {
                    file_path.display().to_string()
                };
                // The calls of an accounted wrapper in the other units are
                // part of its values already.
                let relied: Vec<String> = l
                    .callers
                    .iter()
                    .filter(|f| !accounted.contains(f))
                    .cloned()
                    .collect();
                if !relied.is_empty() && called_elsewhere(&host_unit, &relied) {
                    // Another unit may call the wrapper with other values,
                    // and the scan without its calls' values still relied
                    // on such a wrapper: the launch's sizes and arguments
                    // are unknown: its pointer arguments too (same-size
                    // pointer parameters may alias).
                    l = HostLaunch::unknown(l.kernel, l.template_args, (l.start, l.end, l.text));
                    l.args_unread = true;
                }
                Some(LaunchSite {
                    block_dim: l.block_dim(),
                    grid_dim: l.grid_dim(),
                    partial_block_dim: l.block,
                    partial_grid_dim: l.grid,
                    location: format!("{name}:{line}"),
                    text: written,
                    args: l.args,
                    arity: l.arity,
                    template_values: l.template_values,
                    arg_lower_bounds: l.arg_lower_bounds,
                    arg_loop_bounds: l.arg_loop_bounds,
                    arg_pow2: l.arg_pow2,
                    arg_whole: Some(l.arg_whole),
                    arg_names: l.arg_names,
                    arg_views: l.arg_views,
                    args_unread: l.args_unread,
                    arg_fields: l.arg_fields,
                    arg_member_views: l.arg_member_views,
                    arg_identity: l.arg_identity,
                    arg_non_decreasing: l.arg_non_decreasing,
                    grid_relation: l.grid_relation,
                    block_relation: l.block_relation,
                    arg_relations: l.arg_relations,
                    grid_square: l.grid_square,
                    block_square: l.block_square,
                    block_pow2: l.block_pow2,
                    definitions: defined
                        .iter()
                        .filter(|(k, _)| *k == l.kernel)
                        .map(|(_, f)| f.clone())
                        .collect(),
                    may_be_another_kernel: false,
                    kernel: l.kernel,
                })
            })
            .collect::<Vec<_>>();
        HostScanned {
            sites,
            local,
            defined,
        }
    }));
    // A scanner bug costs the launch information, never the analysis.
    scanned.unwrap_or_default()
}

/// Most scans of one unit by [`launches_for_other_callers`].
const MAX_CALLER_RESCANS: usize = 4;

/// The launches of `pass` as they hold for every call of the host
/// functions another file of `path`'s folder may call: when a launch's
/// values rest on the constants the unit's calls pass to such a wrapper
/// (`HostLaunch::callers`), the unit is scanned again with those wrappers'
/// parameters given no value ([`scan_translation_excluding`]), so that the
/// launch keeps what does not depend on them (a constant block next to a
/// grid computed from the wrapper's parameter) instead of losing
/// everything. Values a scan computes with fewer caller constants hold on
/// more executions, never fewer. A launch that still rests on such a
/// wrapper after [`MAX_CALLER_RESCANS`] scans is made unknown by the caller.
/// A wrapper whose calls in the other units all pass one constant for a
/// parameter ([`values_elsewhere`]) keeps that value when the unit's own
/// calls pass it too; such wrappers are returned (accounted for: their
/// other callers are in the values).
///
/// [`scan_translation_excluding`]: crate::syntax::launches::scan_translation_excluding
fn launches_for_other_callers(
    unit: &HostUnit,
    pass: &HostPass,
    others: &OtherUnits,
) -> (Vec<HostLaunch>, Vec<String>) {
    let mut launches = pass.scan.launches.clone();
    let mut excluded: Vec<String> = Vec::new();
    let mut accounted: Vec<String> = Vec::new();
    let mut other_calls = crate::syntax::launches::OtherCalls::default();
    let mut elsewhere: crate::base::HashMap<String, bool> = crate::base::HashMap::default();
    for _ in 0..MAX_CALLER_RESCANS {
        let mut more: Vec<String> = Vec::new();
        for f in launches
            .iter()
            .flat_map(|l| l.callers.iter().chain(&l.wanted).chain(&l.pointer_callers))
        {
            if excluded.contains(f) || more.contains(f) {
                continue;
            }
            let called = *elsewhere
                .entry(f.clone())
                .or_insert_with(|| called_elsewhere(unit, std::slice::from_ref(f)));
            if called {
                more.push(f.clone());
            }
        }
        if more.is_empty() {
            break;
        }
        for f in &more {
            if let Some(values) = values_elsewhere(unit, f, others, 1) {
                other_calls.insert(f.clone(), values);
                accounted.push(f.clone());
            }
        }
        excluded.extend(more);
        let texts: Vec<&str> = pass.pre.units.iter().map(|u| u.text.as_str()).collect();
        launches = crate::syntax::launches::scan_translation_with(&texts, &excluded, &other_calls)
            .launches;
    }
    (launches, accounted)
}

/// What [`values_elsewhere`] needs to read the program's other units.
struct OtherUnits<'a> {
    /// The host pass's prelude (the same build for every unit of the folder).
    prelude: &'a str,
    /// How includes resolve.
    includes: &'a dyn IncludeResolver,
    /// Units scanned so far for one file's launches (at most
    /// [`MAX_OTHER_UNIT_SCANS`]).
    scans: std::cell::Cell<usize>,
}

/// Most levels of units [`values_elsewhere`] follows (a wrapper of another
/// unit whose values come from a wrapper of a third, ...).
const MAX_OTHER_UNIT_DEPTH: usize = 4;

/// Most scans of other units for one file's launches.
const MAX_OTHER_UNIT_SCANS: usize = 24;

/// For each parameter of the host function `function`, the integer
/// constant every call of it outside `unit` passes (None: unknown or not
/// always the same; an empty list: no call outside), or None when the calls
/// cannot all be read. The program is the folder, as for
/// [`called_elsewhere`], whose walk finds every file that may call the
/// function: each must be a translation unit of the folder (a source that
/// no file includes, scanned on its own with [`call_arguments`], its own
/// wrappers' callers in other units followed in turn, up to
/// [`MAX_OTHER_UNIT_DEPTH`] levels), a file that only declares it
/// (`void f(..);` in a header: [`only_declares`]), or a header the unit
/// reads for every program that compiles it ([`read_for_every_program`]).
/// A mention that is not a plain call (a function pointer) makes every
/// argument unknown ([`call_arguments`]).
///
/// [`call_arguments`]: crate::syntax::launches::call_arguments
/// [`only_declares`]: crate::syntax::launches::only_declares
fn values_elsewhere(
    unit: &HostUnit,
    function: &str,
    others: &OtherUnits,
    depth: usize,
) -> Option<OtherCall> {
    if depth > MAX_OTHER_UNIT_DEPTH {
        return None;
    }
    let functions = [function.to_string()];
    let mentions = mentions_elsewhere(unit, &functions)?;
    let mut sources: Vec<(&PathBuf, &str)> = Vec::new();
    for (file, text) in &mentions.found {
        let in_folder = mentions.folder_files.contains(file);
        if in_folder
            && is_host_source(file)
            && !is_header_file(file)
            && !is_included(file, others.includes)
        {
            sources.push((file, text.as_str()));
        } else {
            // A header's definition is no call either when only its
            // includers can call it (a template, `static`, `inline`): their
            // calls are mentions the walk reads in their own files.
            let definitions = !is_header_file(file) || callable_only_by_includers(text, &functions);
            let seen = crate::syntax::launches::only_declares(text, function, definitions)
                || (in_folder
                    && read_for_every_program(
                        unit,
                        &mentions.in_unit,
                        file,
                        text,
                        &mentions.folder_files,
                        &functions,
                    ));
            if !seen {
                return None;
            }
        }
    }
    let mut values: Option<Vec<Option<i128>>> = None;
    let mut aliased: Vec<(usize, usize)> = Vec::new();
    for (file, text) in sources {
        let call = unit_call_arguments(file, text, function, others, depth)?;
        aliased.extend(call.aliased);
        let args = call.values;
        if args.is_empty() {
            continue;
        }
        values = Some(match values {
            None => args,
            Some(v) if v.len() == args.len() => v
                .iter()
                .zip(&args)
                .map(|(a, b)| a.filter(|a| Some(*a) == *b))
                .collect(),
            Some(_) => return None,
        });
    }
    aliased.sort_unstable();
    aliased.dedup();
    Some(OtherCall {
        values: values.unwrap_or_default(),
        aliased,
    })
}

/// The arguments every call of `function` in the translation unit of
/// `path` (a source no file includes, with its text `text`) passes, as
/// [`launches_for_other_callers`] finds launch values: a wrapper the unit's
/// calls rely on that other units call too gets their values
/// ([`values_elsewhere`]) or none. None when unknown.
fn unit_call_arguments(
    path: &Path,
    text: &str,
    function: &str,
    others: &OtherUnits,
    depth: usize,
) -> Option<OtherCall> {
    let scans = others.scans.get() + 1;
    if scans > MAX_OTHER_UNIT_SCANS {
        return None;
    }
    others.scans.set(scans);
    let includes = others.includes;
    let reader = |from: &Path, name: &str| includes.read_or_reason(from, name);
    let pass = host_pass(path, text, others.prelude, None, &reader);
    let files = [path];
    let unit = HostUnit {
        files: &files,
        pre: &pass.pre,
        includes,
    };
    let texts: Vec<&str> = pass.pre.units.iter().map(|u| u.text.as_str()).collect();
    let mut excluded: Vec<String> = Vec::new();
    let mut other_calls = crate::syntax::launches::OtherCalls::default();
    for _ in 0..=MAX_CALLER_RESCANS {
        let found =
            crate::syntax::launches::call_arguments(&texts, function, &excluded, &other_calls);
        let args = OtherCall {
            values: found.args?,
            aliased: found.aliased,
        };
        let mut more: Vec<String> = found
            .callers
            .into_iter()
            .chain(found.wanted)
            .chain(found.pointer_callers)
            .filter(|f| !excluded.contains(f))
            .collect();
        more.sort();
        more.dedup();
        more.retain(|f| called_elsewhere(&unit, std::slice::from_ref(f)));
        if more.is_empty() {
            return Some(args);
        }
        for f in more {
            if let Some(values) = values_elsewhere(&unit, &f, others, depth + 1) {
                other_calls.insert(f.clone(), values);
            }
            excluded.push(f);
        }
    }
    None
}

/// One host pass's translation unit, as [`called_elsewhere`] needs it.
struct HostUnit<'a> {
    /// The checked file, then its includer when the pass read the file
    /// inside it and no file includes the includer (see [`host_scan`]).
    files: &'a [&'a Path],
    /// The preprocessed unit: every file it read, and their active text.
    pre: &'a preprocess::Preprocessed,
    /// How includes resolve (to find the includers of a header).
    includes: &'a dyn IncludeResolver,
}

/// Whether a host source file of the folder of `unit.files[0]` (the checked
/// file) other than `unit.files` (at most [`MAX_FOLDER_FILES`]; an
/// unreadable folder or file counts as mentioning them) mentions one of
/// `functions` as a word: it may call them. `unit.files` are the checked
/// file and the file that includes it when the host pass read it inside
/// that includer (`find_includer`: its one includer) and no file includes
/// the includer: the unit holds the whole text of both, preprocessed as
/// their one program compiles them (the includer's own compilation), so
/// every call there is one the scan saw and checked. Counting the includer as another caller
/// made the same launch come out with its wrapper's values in the
/// includer's pass and without them in the included file's, two launches
/// where the program has one. A header the unit read is no other caller
/// either when [`read_for_every_program`] holds (the header defining the
/// wrapper, scanned as part of the `.cu` including it).
fn called_elsewhere(unit: &HostUnit, functions: &[String]) -> bool {
    let Some(mentions) = mentions_elsewhere(unit, functions) else {
        return true;
    };
    mentions.found.iter().any(|(file, text)| {
        !(mentions.folder_files.contains(file)
            && read_for_every_program(
                unit,
                &mentions.in_unit,
                file,
                text,
                &mentions.folder_files,
                functions,
            ))
    })
}

/// The files outside a unit that mention functions, as
/// [`mentions_elsewhere`] finds them.
struct Mentions {
    /// The unit's files, canonical.
    in_unit: Vec<PathBuf>,
    /// The other host sources of the checked file's folder.
    folder_files: Vec<PathBuf>,
    /// Each file (of the folder, or included by one in turn) whose text
    /// names one of the functions as a word, with that text.
    found: Vec<(PathBuf, String)>,
}

/// The walk of [`called_elsewhere`]: the files other than `unit.files` of
/// the checked file's folder, and what they include in turn, that mention
/// one of `functions` (as a word, or a name a `##` there may build), less
/// the files of other programs ([`OtherProgram`]). None when one may not be
/// read (an unreadable folder or file, more than [`MAX_FOLDER_FILES`]
/// files in the folder or [`MAX_CALLER_FILES`] in all): it may mention
/// them.
fn mentions_elsewhere(unit: &HostUnit, functions: &[String]) -> Option<Mentions> {
    let path = unit.files.first()?;
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let in_unit: Vec<PathBuf> = unit.files.iter().map(|p| canonical(p)).collect();
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let entries = std::fs::read_dir(folder).ok()?;
    let own = path.file_name();
    let files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name() != own)
        .filter(|p| is_host_source(p) || is_included_text(p))
        .collect();
    if files.len() > MAX_FOLDER_FILES {
        return None;
    }
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|p| !in_unit.contains(&canonical(p)))
        .collect();
    let other_program = OtherProgram::of(unit, functions);
    // The other files and, in turn, what they include (any extension, any
    // folder: `wrapper.cpp` including `impl.icc` or `../lib/calls.h`): a
    // call written there runs in another program.
    let folder_files = files.clone();
    let mut pending: Vec<PathBuf> = files;
    let mut seen: Vec<PathBuf> = pending.iter().map(|p| canonical(p)).collect();
    let mut found = Vec::new();
    let mut read = 0;
    while let Some(file) = pending.pop() {
        read += 1;
        if read > MAX_CALLER_FILES {
            return None;
        }
        let bytes = crate::syntax::files::read_regular(&file).ok()?;
        let text = crate::syntax::files::decode(&bytes).text;
        let from = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut computed = false;
        let mut includes: Vec<PathBuf> = Vec::new();
        for (_, line) in preprocess::logical_lines(&text) {
            let name = match include_form(&line) {
                None => continue,
                // A computed include may name any file: one of the
                // folder's, which the walk reads anyway (its mentions are
                // found there), or one found only through include folders,
                // passed over as a named one is (below). Only whether the
                // file belongs to another program is asked first.
                Some(IncludeForm::Computed) => {
                    computed = true;
                    continue;
                }
                Some(IncludeForm::Quoted(name) | IncludeForm::Angle(name)) => name,
            };
            // Found next to the includer; a name found only through include
            // folders (a system or library header) is passed over.
            let included = from.join(name);
            if !included.is_file() {
                continue;
            }
            let key = canonical(&included);
            if in_unit.contains(&key) || seen.contains(&key) {
                continue;
            }
            includes.push(included);
        }
        // A name a macro may paste together (`#define ENTRY(x) run_##x`)
        // counts as mentioned: its calls are only in the expanded text.
        let pasted = pasted_names(&text);
        let built = |f: &String| {
            pasted
                .iter()
                .any(|pieces| pieces.iter().all(|p| f.contains(p.as_str())))
        };
        let mentions = functions.iter().any(|f| names_word(&text, f) || built(f))
            && !refers_only_to_its_own(&file, &text, functions);
        // Every program holding this file's text is another program than
        // the unit's (see `OtherProgram`): nothing it or its includes call
        // runs with the unit's functions.
        if (mentions || computed || !includes.is_empty()) && other_program.holds(&text) {
            continue;
        }
        for included in includes {
            let key = canonical(&included);
            if !seen.contains(&key) {
                seen.push(key);
                pending.push(included);
            }
        }
        if mentions {
            found.push((file, text.to_string()));
        }
    }
    Some(Mentions {
        in_unit,
        folder_files,
        found,
    })
}

/// Whether the mentions of `functions` in `header` (a file of the checked
/// file's folder, with its text `text` on disk) are all calls the unit's
/// scan saw, so that the header calls them in no other program: the header
/// is only ever included (a header extension), the unit read it as it is on
/// disk, every mention of the functions in it is in text the unit kept
/// active (in one of its inclusions; a mention inside a directive, such as
/// a macro body, or in a branch of `#if` the unit left out, is not), and
/// every file that may include it (one [`inclusions_of`] finds, or one
/// spelling its name in a directive line where that searches) is a file of the unit, or a header the
/// unit read whose own includers are so in turn. Another program including
/// it compiles its text under that program's macros, with other values
/// maybe; it is then another caller.
fn read_for_every_program(
    unit: &HostUnit,
    in_unit: &[PathBuf],
    header: &Path,
    text: &str,
    folder_files: &[PathBuf],
    functions: &[String],
) -> bool {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let read: Vec<PathBuf> = unit.pre.files.iter().map(|(p, _)| canonical(p)).collect();
    let own = canonical(header);
    if !is_header_file(header) {
        return false;
    }
    let Some(id) = read.iter().position(|p| *p == own) else {
        return false;
    };
    if unit.pre.files.get(id).is_none_or(|(_, t)| t != text) {
        return false;
    }
    // The source offsets of the mentions the unit kept, by their own
    // spelling (not produced by a macro expansion).
    let mut active: Vec<u32> = Vec::new();
    for u in unit.pre.units.iter().filter(|u| u.file.0 as usize == id) {
        for f in functions {
            for (at, _) in word_matches(&u.text, f) {
                let (span, from_macro) = u.map.map(at as u32, (at + f.len()) as u32);
                if !from_macro && text.get(span.start as usize..span.end as usize) == Some(f) {
                    active.push(span.start);
                }
            }
        }
    }
    let all_active = functions
        .iter()
        .all(|f| word_matches(text, f).all(|(at, _)| active.contains(&(at as u32))));
    if !all_active || !callable_only_by_includers(text, functions) {
        return false;
    }
    // Every program compiling the header is the unit's.
    let mut queue: Vec<PathBuf> = vec![header.to_path_buf()];
    let mut visited: Vec<PathBuf> = vec![own];
    while let Some(file) = queue.pop() {
        if visited.len() > MAX_SIBLING_FILES {
            return false;
        }
        let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
            return false;
        };
        let Some(found) = inclusions_of(&file, unit.includes, MAX_SIBLING_FILES) else {
            return false;
        };
        if found.len() >= MAX_SIBLING_FILES {
            return false;
        }
        let mut includers: Vec<PathBuf> = found.into_iter().map(|(p, _)| p).collect();
        // A file spelling the name in a directive may include it in a way
        // the quoted-include search does not resolve (`<k.h>` through a
        // `-I`, `#define HEADER "../k.h"` then `#include HEADER` in another
        // folder): searched where includers are searched.
        let Some(spelling) = directive_spellers(&file, name, folder_files, &[]) else {
            return false;
        };
        includers.extend(spelling);
        for includer in includers {
            let key = canonical(&includer);
            if in_unit.contains(&key) || visited.contains(&key) {
                continue;
            }
            if !is_header_file(&includer) || !read.contains(&key) {
                return false;
            }
            visited.push(key);
            queue.push(includer);
        }
    }
    true
}

/// Every function definition of `parsed` (whose text is `text`), with its
/// innermost function declarator and the name that declares (qualifiers
/// dropped: `ns::f` is `f`), in no particular order.
fn function_definitions<'t>(
    parsed: &'t crate::syntax::parse::ParsedSource,
    text: &'t str,
) -> Vec<(tree_sitter::Node<'t>, tree_sitter::Node<'t>, &'t str)> {
    let mut found = Vec::new();
    let mut stack = vec![parsed.tree.root_node()];
    while let Some(node) = stack.pop() {
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
        if node.kind() != "function_definition" {
            continue;
        }
        let mut declarator = node.child_by_field_name("declarator");
        while let Some(d) = declarator {
            if d.kind() == "function_declarator" {
                break;
            }
            declarator = d.child_by_field_name("declarator");
        }
        let Some(function) = declarator else {
            continue;
        };
        let Some(name) = function
            .child_by_field_name("declarator")
            .and_then(|n| text.get(n.start_byte()..n.end_byte()))
            .map(|n| n.rsplit("::").next().unwrap_or(n).trim())
        else {
            continue;
        };
        found.push((node, function, name));
    }
    found
}

/// Whether each of `functions` that `text` (a header) names is defined there, and every
/// definition there can be called only by a unit that includes it: a
/// function template, a member defined in its class, or a function declared
/// `static`, `inline` (`__forceinline__`, `__inline__`, `constexpr`) or in an
/// anonymous namespace. A function with external linkage may be declared
/// and called by another unit that never includes the header, so no
/// includer search can find all its callers.
fn callable_only_by_includers(text: &str, functions: &[String]) -> bool {
    let parsed = crate::syntax::parse::parse(text, crate::ir::Lang::Cuda, None);
    let mut defined = vec![false; functions.len()];
    for (node, function, name) in function_definitions(&parsed, text) {
        let Some(k) = functions.iter().position(|f| f == name) else {
            continue;
        };
        defined[k] = true;
        // The definition's own specifiers (a comment saying `static` is
        // none; a specifier the parse blanked is missed: external then).
        let mut cursor = node.walk();
        let specified = node
            .children(&mut cursor)
            .filter(|c| c.end_byte() <= function.start_byte() && c.kind() != "comment")
            .any(|c| {
                matches!(
                    text.get(c.start_byte()..c.end_byte()).unwrap_or(""),
                    "static"
                        | "inline"
                        | "__inline"
                        | "__inline__"
                        | "__forceinline"
                        | "__forceinline__"
                        | "constexpr"
                )
            });
        let mut enclosing = node.parent();
        let mut internal = specified;
        while let Some(e) = enclosing {
            // `template <>` declares an explicit specialization: an ordinary
            // function, external unless declared otherwise.
            let primary_template = e.kind() == "template_declaration"
                && e.child_by_field_name("parameters")
                    .is_some_and(|p| p.named_child_count() > 0);
            internal |= primary_template
                || e.kind() == "field_declaration_list"
                || (e.kind() == "namespace_definition" && e.child_by_field_name("name").is_none());
            enclosing = e.parent();
        }
        if !internal {
            return false;
        }
    }
    // A function the header never names is none of its business.
    defined
        .iter()
        .zip(functions)
        .all(|(d, f)| *d || !names_word(text, f))
}

/// The files that may include `file` (whose file name is `name`) in a way
/// the quoted-include search does not resolve, among `folder_files`, the
/// files of any extension of `file`'s folder, its parent's and the widest
/// project root's tree (where [`inclusions_of`] searches): one spelling `name` in a directive
/// line; one with a computed `#include` (`#include HDR(hist)` may paste any
/// name together); one whose `compile_commands.json` flags force-include
/// `file`, spell `name` in a `-D` value (`-DHDR="../k.h"`, then `#include
/// HDR`), or are unknown (an unreadable response file may hold either).
/// None when one cannot be read or there are over
/// [`MAX_INCLUDER_CANDIDATES`] of them.
fn directive_spellers(
    file: &Path,
    name: &str,
    folder_files: &[PathBuf],
    words: &[&str],
) -> Option<Vec<PathBuf>> {
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut candidates: Vec<PathBuf> = folder_files.to_vec();
    let mut dirs = vec![folder.clone()];
    if let Some(parent) = std::fs::canonicalize(&folder)
        .ok()
        .and_then(|f| f.parent().map(Path::to_path_buf))
    {
        dirs.push(parent);
    }
    // Files of any extension: `prog.cu` may include `impl.icc`, `impl.tpp`
    // or an extensionless `launch_impl` that includes the header.
    for dir in dirs {
        let entries = std::fs::read_dir(&dir).ok()?;
        candidates.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
        if candidates.len() > MAX_INCLUDER_CANDIDATES {
            return None;
        }
    }
    // The widest project root's whole tree, or no answer: a program
    // anywhere under the build files may include the header (a narrower
    // root's listing, taken when the widest is over the bounds, would miss it).
    let widest = project_roots(&folder).into_iter().next()?;
    candidates.extend(every_file_of(&widest)?.iter().cloned());
    candidates.sort();
    candidates.dedup();
    if candidates.len() > MAX_INCLUDER_CANDIDATES + MAX_PROJECT_FILES {
        return None;
    }
    let mut bytes = 0usize;
    let mut found = Vec::new();
    for candidate in candidates {
        let meta = std::fs::metadata(&candidate).ok()?;
        if meta.is_dir() {
            continue;
        }
        if not_source_text(&candidate)? {
            continue;
        }
        let size = usize::try_from(meta.len()).unwrap_or(usize::MAX);
        bytes = bytes.saturating_add(size);
        if bytes > MAX_SPELLER_BYTES {
            return None;
        }
        if size > MAX_SPELLER_TEXT_BYTES {
            // A large file (a dataset) is searched as bytes, not decoded or
            // kept: spelling `include`, the name or a word at all makes it a
            // possible includer.
            let mut needles: Vec<&[u8]> = vec![b"include".as_slice(), name.as_bytes()];
            needles.extend(words.iter().map(|w| w.as_bytes()));
            if bytes_mention(&candidate, &needles)? {
                found.push(candidate);
            }
            continue;
        }
        let cached = cached_file(&candidate)?;
        let by_directive = cached.directives().iter().any(|(_, line)| {
            let start = skip_blanks(line);
            start.contains(name) || matches!(include_form(start), Some(IncludeForm::Computed))
        });
        let by_word = words.iter().any(|w| cached.text.contains(w));
        let by_flags = || {
            crate::config::resolve::find_compile_flags(&candidate).is_some_and(|flags| {
                flags.unknown.is_some()
                    || flags
                        .defines
                        .iter()
                        .any(|d| d.contains(name) || words.iter().any(|w| d.contains(w)))
                    || flags.pre_includes.iter().any(|p| {
                        p.file_name() == file.file_name()
                            || (file_id(p).is_some() && file_id(p) == file_id(file))
                    })
            })
        };
        if by_directive || by_word || by_flags() {
            found.push(candidate);
        }
    }
    Some(found)
}

/// The functions `fix` writes a barrier into, and what else in their file
/// runs them, or why that cannot be known.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum FunctionCallers {
    /// The device functions of the file holding the edits, and the file's
    /// device functions that call them (transitively, by name): no other
    /// code of the file can run the barriers. The file's kernels are not in
    /// it: a kernel of the file is checked by `fix` wherever it is launched.
    Named(Vec<String>),
    /// Why the file's own text does not tell who runs them.
    Unknown(String),
}

/// The functions of `text` (the text of the file `fix` writes) that run a
/// barrier written at one of `offsets`, by name: each function definition
/// holding an offset, then every non-kernel function of `text` whose
/// definition names one of them, until none is added. `Unknown` when an
/// offset is in no function definition (a macro-generated function), when
/// one of them is an operator, conversion or destructor (called without its
/// name being written), when a `#define` line names one (a macro may call it
/// from a kernel anywhere the file is included), or when one is named other
/// than in a call, definition or declaration (its address taken: a function
/// pointer may call it from anywhere).
pub(crate) fn functions_running(text: &str, offsets: &[usize]) -> FunctionCallers {
    struct Definition {
        name: String,
        start: usize,
        end: usize,
        kernel: bool,
        named_implicitly: bool,
    }
    let parsed = crate::syntax::parse::parse(text, crate::ir::Lang::Cuda, None);
    let mut definitions = Vec::new();
    for (node, function, name) in function_definitions(&parsed, text) {
        let name = name.split('<').next().unwrap_or(name).trim().to_string();
        let named_implicitly = name.is_empty()
            || name.starts_with('~')
            || name.starts_with("operator")
            || !name.chars().all(|c| c.is_alphanumeric() || c == '_');
        let head = text
            .get(node.start_byte()..function.start_byte())
            .unwrap_or("");
        let kernel = names_word(head, "__global__") || names_word(head, "__kernel");
        definitions.push(Definition {
            name,
            start: node.start_byte(),
            end: node.end_byte(),
            kernel,
            named_implicitly,
        });
    }
    let mut running: Vec<String> = Vec::new();
    for &offset in offsets {
        // The innermost definition holding the offset.
        let Some(holder) = definitions
            .iter()
            .filter(|d| d.start < offset && offset < d.end)
            .min_by_key(|d| d.end - d.start)
        else {
            return FunctionCallers::Unknown(
                "the barrier would be written outside any function definition the file spells out (a macro may generate the function)".to_string(),
            );
        };
        if holder.kernel {
            continue;
        }
        if holder.named_implicitly {
            return FunctionCallers::Unknown(format!(
                "`{}` is called without its name being written (an operator, conversion or destructor)",
                holder.name
            ));
        }
        if !running.contains(&holder.name) {
            running.push(holder.name.clone());
        }
    }
    // Callers within the file, by name: a device function calling one of
    // them runs its barrier too, and so do that function's callers.
    loop {
        let before = running.len();
        for d in &definitions {
            if d.kernel || running.contains(&d.name) {
                continue;
            }
            let body = text.get(d.start..d.end).unwrap_or("");
            if running.iter().any(|f| names_word(body, f)) {
                if d.named_implicitly {
                    return FunctionCallers::Unknown(format!(
                        "`{}` calls it and is called without its name being written (an operator, conversion or destructor)",
                        d.name
                    ));
                }
                running.push(d.name.clone());
            }
        }
        if running.len() == before {
            break;
        }
    }
    for (_, line) in preprocess::logical_lines(text) {
        let start = skip_blanks(&line);
        if (start.starts_with('#') || start.starts_with("%:"))
            && running.iter().any(|f| names_word(start, f))
        {
            return FunctionCallers::Unknown(
                "a `#define` of the file names a function the barrier runs in (the macro may call it from a kernel of any file including this one)".to_string(),
            );
        }
    }
    // Every mention (outside comments and literals) must be a call, a
    // definition or a declaration: the name followed by `(` (or by template
    // arguments). Anything else (`&f`, `f` as an argument, `decltype(f)`)
    // may hand the function to code elsewhere. Outside every function
    // definition, only a declaration may name it: a call in a namespace-scope
    // lambda or initializer runs from wherever that is used.
    let root = parsed.tree.root_node();
    for f in &running {
        for (at, _) in word_matches(text, f) {
            let Some(node) = root.descendant_for_byte_range(at, at + f.len()) else {
                continue;
            };
            if matches!(
                node.kind(),
                "comment"
                    | "string_literal"
                    | "raw_string_literal"
                    | "char_literal"
                    | "string_content"
            ) {
                continue;
            }
            let after = text[at + f.len()..].trim_start();
            if !(after.starts_with('(') || after.starts_with('<')) {
                return FunctionCallers::Unknown(format!(
                    "`{f}` is named other than in a call (its address may be taken and called from elsewhere)"
                ));
            }
            if definitions.iter().any(|d| d.start <= at && at < d.end) {
                continue;
            }
            let mut ancestor = node.parent();
            while let Some(a) = ancestor {
                if !matches!(
                    a.kind(),
                    "identifier"
                        | "field_identifier"
                        | "qualified_identifier"
                        | "namespace_identifier"
                        | "template_function"
                        | "function_declarator"
                        | "pointer_declarator"
                        | "reference_declarator"
                        | "declaration"
                        | "field_declaration"
                        | "field_declaration_list"
                        | "class_specifier"
                        | "struct_specifier"
                        | "template_declaration"
                        | "template_instantiation"
                        | "linkage_specification"
                        | "declaration_list"
                        | "namespace_definition"
                        | "preproc_if"
                        | "preproc_ifdef"
                        | "preproc_else"
                        | "preproc_elif"
                        | "translation_unit"
                ) {
                    return FunctionCallers::Unknown(format!(
                        "`{f}` is named outside a function definition other than in a declaration"
                    ));
                }
                ancestor = a.parent();
            }
        }
    }
    FunctionCallers::Named(running)
}

/// A file of `path`'s project other than `path` (its folder, its parent and
/// the widest project root's tree, of any extension) that may run one of
/// `functions` (device functions of `path`, see [`functions_running`]): one
/// that names one of them (a call, an `extern` declaration for separate
/// compilation, a macro), one with a token-pasting `#define` (`a##b` may
/// paste a name together), one whose compile flags are unknown or name one
/// in a `-D` value, or one too large to read; the folder itself when the
/// project cannot be searched whole. A file that only includes `path` runs
/// its kernels (which `fix` checks) and, not naming the functions, calls
/// them only through those kernels or through macros of `path`, which
/// [`functions_running`] rules out.
pub(crate) fn other_caller(path: &Path, functions: &[String]) -> Option<PathBuf> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Some(folder);
    };
    let mut words: Vec<&str> = functions.iter().map(String::as_str).collect();
    words.push("##");
    words.push("%:%:");
    let Some(found) = directive_spellers(path, name, &[], &words) else {
        return Some(folder);
    };
    let own = file_id(path);
    for other in found {
        if own.is_some() && file_id(&other) == own {
            continue;
        }
        if let Some(flags) = crate::config::resolve::find_compile_flags(&other) {
            if flags.unknown.is_some()
                || flags
                    .defines
                    .iter()
                    .any(|d| functions.iter().any(|f| names_word(d, f)) || d.contains("##"))
            {
                return Some(other);
            }
        }
        let small = std::fs::metadata(&other)
            .is_ok_and(|m| usize::try_from(m.len()).is_ok_and(|n| n <= MAX_SPELLER_TEXT_BYTES));
        let Some(text) = small.then(|| cached_text(&other)).flatten() else {
            return Some(other);
        };
        if functions.iter().any(|f| names_word(&text, f)) {
            return Some(other);
        }
        let pastes = preprocess::logical_lines(&text).iter().any(|(_, line)| {
            let start = skip_blanks(line);
            (start.starts_with('#') || start.starts_with("%:"))
                && (start.contains("##") || start.contains("%:%:"))
        });
        if pastes {
            return Some(other);
        }
    }
    None
}

/// Most bytes [`directive_spellers`] reads (the files of a project tree, of
/// any extension); beyond, it gives no answer.
const MAX_SPELLER_BYTES: usize = 256 << 20;

/// Largest file [`directive_spellers`] decodes and reads by lines; a larger
/// text file is only searched as bytes ([`bytes_mention`]).
const MAX_SPELLER_TEXT_BYTES: usize = 4 << 20;

/// Whether `path` starts with the magic number of an executable, object,
/// archive or compressed file (ELF, `!<arch>`, Mach-O, gzip, zip, zstd,
/// xz): text no C or C++ front end compiles (a stray `\177` or control
/// byte is an error), so no program includes it. None when it cannot be read
/// as a regular file (a FIFO is never opened).
fn not_source_text(path: &Path) -> Option<bool> {
    use std::io::Read;
    const MAGIC: [&[u8]; 8] = [
        b"\x7fELF",
        b"!<arch>\n",
        b"\xcf\xfa\xed\xfe",
        b"\xce\xfa\xed\xfe",
        b"\x1f\x8b",
        b"PK\x03\x04",
        b"\x28\xb5\x2f\xfd",
        b"\xfd7zXZ\x00",
    ];
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let mut head = [0u8; 8];
    let mut file = std::fs::File::open(path).ok()?;
    let mut filled = 0;
    while filled < head.len() {
        match file.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(_) => return None,
        }
    }
    Some(MAGIC.iter().any(|m| head[..filled].starts_with(m)))
}

/// Whether the regular file at `path` contains one of `needles` (read in
/// blocks, never whole); None when it cannot be read.
fn bytes_mention(path: &Path, needles: &[&[u8]]) -> Option<bool> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).ok()?;
    let longest = needles.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut window: Vec<u8> = Vec::new();
    let mut block = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut block).ok()?;
        if n == 0 {
            return Some(false);
        }
        window.extend_from_slice(&block[..n]);
        if needles
            .iter()
            .any(|needle| !needle.is_empty() && window.windows(needle.len()).any(|w| w == *needle))
        {
            return Some(true);
        }
        // Keep the tail a needle may straddle.
        let keep = longest.saturating_sub(1).min(window.len());
        window.drain(..window.len() - keep);
    }
}

/// Every regular file of `root`'s tree, of any extension (an includer may be
/// `impl.icc` or have no extension), skipping the folders [`tree_files`]
/// skips; None over [`MAX_PROJECT_FILES`] files or [`MAX_PROJECT_FOLDERS`]
/// folders, or when a folder cannot be listed. Taken once per root when the
/// files are frozen.
fn every_file_of(root: &Path) -> Option<std::sync::Arc<Vec<PathBuf>>> {
    static MEMO: std::sync::OnceLock<
        crate::base::Memo<PathBuf, Option<std::sync::Arc<Vec<PathBuf>>>>,
    > = std::sync::OnceLock::new();
    let list = || walk_tree(root, &|_| true).1.map(std::sync::Arc::new);
    if crate::base::files_frozen() {
        return MEMO
            .get_or_init(Default::default)
            .get_or_compute(root.to_path_buf(), list);
    }
    list()
}

/// The places where `name` appears in `text` as a whole identifier.
fn word_matches<'t>(text: &'t str, name: &'t str) -> impl Iterator<Item = (usize, &'t str)> + 't {
    text.match_indices(name).filter(move |(at, _)| {
        let before = text[..*at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

/// Most files [`called_elsewhere`] reads (the folder's other files and what
/// they include); past it, the function counts as called elsewhere.
const MAX_CALLER_FILES: usize = 2048;

/// Whether the mentions of `functions` in `file` (C++ or CUDA, with its
/// text `text`) name only what that file's own translation unit declares
/// ([`crate::syntax::launches::refers_only_to_its_own`]) and nothing it
/// includes, in turn, mentions them: then no call there is a call of the
/// unit's functions (a C file may call a function it never declared; a
/// header may be compiled as C: both may).
fn refers_only_to_its_own(file: &Path, text: &str, functions: &[String]) -> bool {
    const CXX_SOURCES: [&str; 5] = ["cu", "cpp", "cc", "cxx", "c++"];
    let cxx = file
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| CXX_SOURCES.iter().any(|x| e.eq_ignore_ascii_case(x)));
    if !cxx
        || !pasted_names(text).is_empty()
        || !functions
            .iter()
            .all(|f| crate::syntax::launches::refers_only_to_its_own(text, f))
    {
        return false;
    }
    // What the file includes, found next to each includer (a header found
    // only through include folders is a library's: it declares none of the
    // program's functions, as `mentions_elsewhere` passes such names over).
    let mut pending: Vec<(PathBuf, String)> = vec![(file.to_path_buf(), text.to_string())];
    let mut seen: Vec<PathBuf> = Vec::new();
    while let Some((from_file, from_text)) = pending.pop() {
        let from = match from_file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        for (_, line) in preprocess::logical_lines(&from_text) {
            let name = match include_form(&line) {
                None => continue,
                Some(IncludeForm::Computed) => return false,
                Some(IncludeForm::Quoted(name) | IncludeForm::Angle(name)) => name,
            };
            let included = from.join(name);
            if !included.is_file() {
                continue;
            }
            let key = std::fs::canonicalize(&included).unwrap_or_else(|_| included.clone());
            if seen.contains(&key) {
                continue;
            }
            if seen.len() >= MAX_SIBLING_FILES {
                return false;
            }
            seen.push(key);
            let Ok(bytes) = crate::syntax::files::read_regular(&included) else {
                return false;
            };
            let text = crate::syntax::files::decode(&bytes).text.to_string();
            if functions.iter().any(|f| names_word(&text, f)) || !pasted_names(&text).is_empty() {
                return false;
            }
            pending.push((included, text));
        }
    }
    true
}

/// Most host sources in the checked file's folder that [`mentions_elsewhere`]
/// reads (a folder of many small programs, each with its `main`, is read
/// whole: [`OtherProgram`] sets most of them apart cheaply).
const MAX_FOLDER_FILES: usize = 1024;

/// The definitions by which another file is known to belong to another
/// program than a unit: the unit defines `main`, or defines one of the
/// functions asked about with external linkage and a signature written
/// with builtin types only ([`external_definitions`]). A file that defines
/// `main` too, or the same function with the same signature, in every
/// program compiling it, is never linked with the unit (the One Definition
/// Rule: a program has one `main` and one definition of each such
/// function), so its calls never reach the unit's functions.
///
/// [`external_definitions`]: crate::syntax::launches::external_definitions
struct OtherProgram {
    /// Whether the unit's files define `main` in every program.
    main: bool,
    /// Each function asked about and the unit's signatures of it.
    signatures: Vec<(String, Vec<Vec<String>>)>,
}

impl OtherProgram {
    /// What the files of `unit` define (read as written).
    fn of(unit: &HostUnit, functions: &[String]) -> OtherProgram {
        let texts: Vec<String> = unit
            .files
            .iter()
            .filter_map(|p| crate::syntax::files::read_regular(p).ok())
            .map(|b| crate::syntax::files::decode(&b).text.to_string())
            .collect();
        let defined = |name: &str| -> Vec<Option<Vec<String>>> {
            texts
                .iter()
                .filter(|t| names_word(t, name))
                .filter_map(|t| crate::syntax::launches::external_definitions(t, name))
                .flatten()
                .collect()
        };
        OtherProgram {
            main: !defined("main").is_empty(),
            signatures: functions
                .iter()
                .map(|f| {
                    (
                        f.clone(),
                        defined(f).into_iter().flatten().collect::<Vec<_>>(),
                    )
                })
                .filter(|(_, s)| !s.is_empty())
                .collect(),
        }
    }

    /// Whether every program compiling `text` is another program.
    fn holds(&self, text: &str) -> bool {
        let defines = |name: &str| {
            names_word(text, name)
                .then(|| crate::syntax::launches::external_definitions(text, name))
                .flatten()
                .unwrap_or_default()
        };
        (self.main && !defines("main").is_empty())
            || self.signatures.iter().any(|(f, own)| {
                defines(f)
                    .iter()
                    .flatten()
                    .any(|signature| own.contains(signature))
            })
    }
}

/// Whether `name` appears in `text` as a whole identifier.
fn names_word(text: &str, name: &str) -> bool {
    word_matches(text, name).next().is_some()
}

/// Most other files of a folder read when looking for launches of kernels
/// their own file never launches.
const MAX_SIBLING_FILES: usize = 64;

/// Extensions of the files searched for host launches next to a kernel file.
const HOST_EXTENSIONS: [&str; 15] = [
    "cu", "cuh", "cpp", "cc", "cxx", "c", "h", "hpp", "hh", "hip", "c++", "cp", "hxx", "h++", "ipp",
];

/// Extensions of files only ever included into host code (inline and
/// template definitions, X-macro lists) beyond [`HOST_EXTENSIONS`].
const INCLUDED_TEXT_EXTENSIONS: [&str; 7] = ["inl", "inc", "tcc", "tpp", "txx", "cuinc", "def"];

/// Whether `path` has one of [`INCLUDED_TEXT_EXTENSIONS`] (in any case): a
/// call of a wrapper written there runs in the program including it.
fn is_included_text(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        INCLUDED_TEXT_EXTENSIONS
            .iter()
            .any(|h| e.eq_ignore_ascii_case(h))
    })
}

/// Whether `path` may be a host source file: one of [`HOST_EXTENSIONS`] in
/// any case (`main.CPP`, `main.C` are compiled as C++ as well).
fn is_host_source(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| HOST_EXTENSIONS.iter().any(|h| e.eq_ignore_ascii_case(h)))
}

/// The launches of a file's kernels: those in its own translation unit, and
/// those in the other source files of its folder (a kernel defined in
/// `kernels.h` or `kernels.cu` and launched from `main.cu`, as clangd finds
/// references), searched even when the own unit launches the kernel too (a
/// warm-up launch here does not make the other file's launches go away). A
/// launch in another file counts when it can be of the same kernel: a kernel
/// with internal linkage (`static`, anonymous namespace) is launched only in
/// the units that include its definition. The launches of the program as
/// written are the only executions of a kernel; a kernel launched nowhere
/// keeps a symbolic launch.
pub fn translation_launches(
    path: &Path,
    text: &str,
    includes: &dyn IncludeResolver,
    kernels: &[&str],
) -> Vec<LaunchSite> {
    let HostScanned {
        sites: mut launches,
        local,
        defined,
    } = host_scan(path, text, includes);
    if !kernels.is_empty() && crate::ir::Lang::from_path(path) == crate::ir::Lang::Cuda {
        let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        let own = canonical(path);
        // The file's own includes the host pass does not read may launch
        // its kernels too (`#include <run.h>` through `-I`).
        let hidden = kernels_named(path, text, kernels, includes).hidden;
        launches.extend(hidden.iter().map(|k| unread_include_site(k, path)));
        for site in sibling_launches(path, kernels, includes) {
            let own_is_local = local.iter().any(|(k, _)| *k == site.kernel);
            let same_kernel = if site.definitions.is_empty() {
                // A kernel the other unit only declares: ours unless ours
                // is internal.
                !own_is_local
            } else {
                // The other unit's own definition (internal or external),
                // which is ours only when it is one of our unit's
                // definitions (that unit includes this file or the header
                // defining it).
                site.definitions.iter().any(|def| {
                    let def = canonical(def);
                    def == own
                        || defined
                            .iter()
                            .any(|(k, f)| *k == site.kernel && canonical(f) == def)
                })
            };
            if same_kernel && !launches.iter().any(|own| same_launch(own, &site)) {
                launches.push(site);
            }
        }
    }
    launches
}

/// Whether `a` and `b` are one launch found twice: by a file's own host pass
/// (which reads the rest of its includer) and by the includer's. Their
/// locations name the same file (by its name: one pass names it by the path
/// it was included by) and line, their definitions the same files (each
/// pass names them by the path it reached them by: `Scan_kernels.cu` and
/// `./Scan_kernels.cu`), their argument views the same up to the passes'
/// token numbering ([`crate::syntax::launches::views_equivalent`]), and
/// everything else is equal.
fn same_launch(a: &LaunchSite, b: &LaunchSite) -> bool {
    let canonical = |p: &PathBuf| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
    let files = |l: &LaunchSite| -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = l.definitions.iter().map(canonical).collect();
        files.sort();
        files
    };
    let place = |l: &str| {
        l.rsplit_once(':').map(|(file, line)| {
            (
                Path::new(file).file_name().map(|n| n.to_owned()),
                line.to_string(),
            )
        })
    };
    place(&a.location) == place(&b.location)
        && files(a) == files(b)
        && crate::syntax::launches::views_equivalent(&a.arg_views, &b.arg_views)
        && LaunchSite {
            location: b.location.clone(),
            definitions: b.definitions.clone(),
            arg_views: b.arg_views.clone(),
            ..a.clone()
        } == *b
}

/// Launches of `kernels` in the other host source files of `path`'s folder,
/// in the order of their names, then in the files that include one of the
/// files read, searched as [`find_includer`] searches (in that file's folder
/// and its parent), transitively: the programs compiling a file that names
/// a kernel are the files including it, wherever in those folders they are
/// (`sub/k.cu` included by `../A.cu`, which launches `k` and which
/// `sub/B.cu` includes under its own macros). A file is read when it or a
/// file it includes names one of the kernels (see [`kernels_named`]). At
/// most [`MAX_SIBLING_FILES`] such files are scanned; a further one, one of
/// over [`MAX_SIBLING_FILES`] includers of a file, or any file of a folder
/// of more than [`MAX_LISTED_FILES`] host files, may launch them in a way
/// not read: it gives the kernels it may launch a launch with unknown sizes
/// and arguments (a symbolic run), so that a program's launches are never
/// reduced to those that happen to be read.
fn sibling_launches(
    path: &Path,
    kernels: &[&str],
    includes: &dyn IncludeResolver,
) -> Vec<LaunchSite> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let own = path.file_name();
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name() != own)
        .filter(|p| is_host_source(p))
        .take(MAX_LISTED_FILES + 1)
        .collect();
    let unknown_all = |why: &str| -> Vec<LaunchSite> {
        kernels
            .iter()
            .map(|k| unknown_site(k, folder.display().to_string(), why.replace("{}", k)))
            .collect()
    };
    if files.len() > MAX_LISTED_FILES {
        return unknown_all(&format!(
            "a use of `{{}}` in a folder of over {MAX_LISTED_FILES} files, not read"
        ));
    }
    files.sort();
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut seen: Vec<PathBuf> = std::iter::once(canonical(path))
        .chain(files.iter().map(|f| canonical(f)))
        .collect();
    // The files whose includers are looked for, each with the kernels it or
    // its includes name: the checked file first (it names every kernel),
    // then the folder's files naming one, then the includers found, in the
    // order found. All but the first are scanned for launches.
    let mut named: Vec<(PathBuf, Vec<&str>)> = vec![(path.to_path_buf(), kernels.to_vec())];
    // Launches the scans cannot see: unknown sizes and arguments.
    let mut unsearched: Vec<LaunchSite> = Vec::new();
    let unseen = |file: &Path, hidden: &[&str], out: &mut Vec<LaunchSite>| {
        out.extend(hidden.iter().map(|k| unread_include_site(k, file)));
    };
    for file in files {
        let Some(text) = cached_text(&file) else {
            continue;
        };
        let found = kernels_named(&file, &text, kernels, includes);
        unseen(&file, &found.hidden, &mut unsearched);
        if !found.named.is_empty() {
            named.push((file, found.named));
        }
    }
    let mut searched = 0;
    while searched < named.len() {
        if crate::base::interrupt::reason().is_some() {
            // Past the deadline: the kernels' checks say so.
            break;
        }
        if searched > MAX_SIBLING_FILES {
            // The includers of the rest are not looked for: each of their
            // kernels may be launched by a program not read.
            for (file, mentioned) in &named[searched..] {
                unsearched.extend(mentioned.iter().map(|k| {
                    let why = format!(
                        "a use of `{k}` in a file including {} not read (more than {MAX_SIBLING_FILES} files name this folder's kernels)",
                        file.display()
                    );
                    unknown_site(k, file.display().to_string(), why)
                }));
            }
            break;
        }
        let of = named[searched].0.clone();
        searched += 1;
        let Some(inclusions) = inclusions_of(&of, includes, MAX_SIBLING_FILES) else {
            return unknown_all(&format!(
                "a use of `{{}}` in a file including {} among more than {MAX_INCLUDER_CANDIDATES} files of a folder, not read",
                of.display()
            ));
        };
        if inclusions.len() >= MAX_SIBLING_FILES {
            return unknown_all(&format!(
                "a use of `{{}}` in one of over {MAX_SIBLING_FILES} files including {}, not read",
                of.display()
            ));
        }
        for (file, _) in inclusions {
            let key = canonical(&file);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let Some(text) = cached_text(&file) else {
                continue;
            };
            let found = kernels_named(&file, &text, kernels, includes);
            unseen(&file, &found.hidden, &mut unsearched);
            if !found.named.is_empty() {
                named.push((file, found.named));
            }
        }
    }
    let mut out = Vec::new();
    for (scanned, (file, mentioned)) in named.into_iter().skip(1).enumerate() {
        if crate::base::interrupt::reason().is_some() {
            break;
        }
        if scanned >= MAX_SIBLING_FILES {
            out.extend(mentioned.iter().map(|k| {
                let why = format!(
                    "a use of `{k}` not read (more than {MAX_SIBLING_FILES} files name this folder's kernels)"
                );
                unknown_site(k, file.display().to_string(), why)
            }));
            continue;
        }
        let Some(text) = cached_text(&file) else {
            continue;
        };
        let found: Vec<LaunchSite> = host_launches(&file, &text, includes)
            .into_iter()
            .filter(|l| kernels.contains(&l.kernel.as_str()))
            .collect();
        // A launch by name whose argument array the scan did not read (no
        // `cuLaunchKernel` of a handle `cuModuleGetFunction` gives this
        // literal name with a read array) may pass one buffer twice.
        let read_by_name = |k: &str| {
            found
                .iter()
                .any(|l| l.kernel == k && !l.args_unread && !l.arg_views.is_empty())
        };
        let by_name: Vec<LaunchSite> = mentioned
            .iter()
            .filter(|k| launched_by_name(&text, k))
            .map(|k| {
                let why = format!(
                    "a launch of `{k}` by its name through the driver API (`\"{k}\"` with cuModuleGetFunction or the like), with sizes the host pass cannot see"
                );
                LaunchSite {
                    args_unread: !read_by_name(k),
                    ..unknown_site(k, file.display().to_string(), why)
                }
            })
            .collect();
        out.extend(found);
        out.extend(by_name);
    }
    out.extend(unsearched);
    out
}

/// Driver-API calls that find a kernel by its name (an `extern "C"` kernel
/// of a module or library loaded at run time): the launch that follows
/// (`cuLaunchKernel(f, ...)`) names no kernel the host pass can match.
const LAUNCH_BY_NAME_CALLS: [&str; 4] = [
    "cuModuleGetFunction",
    "hipModuleGetFunction",
    "cuLibraryGetKernel",
    "cudaLibraryGetKernel",
];

/// Whether `text` may launch `kernel` by name: it calls one of
/// [`LAUNCH_BY_NAME_CALLS`] and holds the string literal `"kernel"`.
fn launched_by_name(text: &str, kernel: &str) -> bool {
    LAUNCH_BY_NAME_CALLS.iter().any(|call| text.contains(call))
        && text.contains(&format!("\"{kernel}\""))
}

/// Most files [`kernels_named`] reads following one file's includes.
const MAX_NAMING_FILES: usize = 256;

/// A launch of `kernel` with unknown sizes and arguments for a use of it in
/// a file `file` reaches through an include the host pass does not read.
fn unread_include_site(kernel: &str, file: &Path) -> LaunchSite {
    let why = format!(
        "a use of `{kernel}` through an include the host pass does not read (`#include <...>` or `#include MACRO`)"
    );
    unknown_site(kernel, file.display().to_string(), why)
}

/// The kernels a file names (see [`kernels_named`]).
struct NamedKernels<'k> {
    /// Those named by the file or a file it includes, in `kernels`' order.
    named: Vec<&'k str>,
    /// Those of `named` named only in files reached through an include the
    /// host pass does not read (`#include <...>` resolving to a project
    /// file, or any `#include MACRO`): the scan cannot see what the program
    /// does with them.
    hidden: Vec<&'k str>,
}

/// How an `#include` line names its file.
enum IncludeForm<'a> {
    /// `#include "name"`: read by the host pass.
    Quoted(&'a str),
    /// `#include <name>`: not read by the host pass.
    Angle(&'a str),
    /// `#include MACRO`, or a spelling this search does not read
    /// (`#include /* c */ "k.cu"`, a continued line): any file.
    Computed,
}

/// The form of an `#include` line; None for other lines.
fn include_form(line: &str) -> Option<IncludeForm<'_>> {
    if let Some(name) = quoted_include(line) {
        return Some(IncludeForm::Quoted(name));
    }
    let start = skip_blanks(line);
    let rest = start
        .strip_prefix('#')
        .or_else(|| start.strip_prefix("%:"))?;
    let rest = include_keyword(skip_blanks(rest))?;
    // `#include_next` and the like are other directives.
    if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let rest = rest.trim_start();
    if let Some((name, _)) = rest.strip_prefix('<').and_then(|a| a.split_once('>')) {
        return Some(IncludeForm::Angle(name));
    }
    // A macro, a comment or a line continuation before the name, or
    // anything else: a file this search cannot tell.
    Some(IncludeForm::Computed)
}

/// The kernels of `kernels` whose name appears (as any substring: a cheap
/// filter before preprocessing) in `text`, the file at `file`, or in a file
/// it includes, followed from file to file as the includes resolve: a
/// program launches a kernel only where its translation unit names it (a
/// graph node's `p.func = (void *)k` included), and the unit is the file and
/// what it includes (`main.cu` including `run.cu`, which launches `k`, need
/// not name `k` itself). Every `#include` line counts, taken or not by its
/// `#if`; a name that does not resolve is not followed (a program reading
/// it cannot be compiled from the files on disk). The host pass reads only
/// quoted includes: a kernel named (as a word) in a file reached otherwise
/// (`#include <run.h>` found through `-I`), and every kernel when a file has an
/// `#include MACRO`, is also `hidden`. All of `kernels`, hidden, when more
/// than [`MAX_NAMING_FILES`] files are reached.
fn kernels_named<'k>(
    file: &Path,
    text: &str,
    kernels: &[&'k str],
    includes: &dyn IncludeResolver,
) -> NamedKernels<'k> {
    let everything = || NamedKernels {
        named: kernels.to_vec(),
        hidden: kernels.to_vec(),
    };
    let mut named: Vec<&'k str> = Vec::new();
    let mut hidden: Vec<&'k str> = Vec::new();
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    // The file's own `-I` folders (compile_commands.json): `main.cu` built
    // with `-Iinc` reads `<macros.h>` from `inc/` whatever the checked
    // file's flags say, and so does every file it includes.
    let unit_dirs = crate::config::resolve::find_compile_flags(file)
        .map(|flags| flags.include_dirs)
        .unwrap_or_default();
    let resolve = |from: &Path, name: &str| {
        includes.read(from, name).or_else(|| {
            unit_dirs.iter().find_map(|dir| {
                let path = dir.join(name);
                let text = cached_text(&path)?;
                Some((path, text.to_string()))
            })
        })
    };
    // Files reached, each with whether only through an include not read.
    let mut visited: Vec<(PathBuf, bool)> = vec![(canonical(file), false)];
    let mut queue: Vec<(PathBuf, String, bool)> =
        vec![(file.to_path_buf(), text.to_string(), false)];
    while let Some((from, text, unread)) = queue.pop() {
        let pasted = pasted_names(&text);
        for &k in kernels {
            let built = pasted
                .iter()
                .any(|pieces| pieces.iter().all(|p| k.contains(p)));
            if text.contains(k) || built {
                if !named.contains(&k) {
                    named.push(k);
                }
                // Hidden only as a word (or a name a macro may paste): a
                // hidden use costs the launch.
                if unread && !hidden.contains(&k) && (built || names_word(&text, k)) {
                    hidden.push(k);
                }
            }
        }
        for (_, line) in preprocess::logical_lines(&text) {
            let (name, unread) = match include_form(&line) {
                None => continue,
                Some(IncludeForm::Computed) => return everything(),
                Some(IncludeForm::Quoted(name)) => (name, unread),
                Some(IncludeForm::Angle(name)) => (name, true),
            };
            let Some((resolved, included)) = resolve(&from, name) else {
                continue;
            };
            let key = canonical(&resolved);
            // Reached through a read include already, or the same way.
            if visited
                .iter()
                .any(|(seen, seen_unread)| *seen == key && (!seen_unread || *seen_unread == unread))
            {
                continue;
            }
            if visited.len() >= MAX_NAMING_FILES {
                return everything();
            }
            visited.push((key, unread));
            // Its own includes resolve from where it was found, as the
            // preprocessor resolves them (not from a symbolic link's target).
            queue.push((resolved, included, unread));
        }
    }
    // In the order of `kernels`, as the filter it replaces kept them.
    let ordered = |of: &[&str]| -> Vec<&'k str> {
        kernels.iter().copied().filter(|k| of.contains(k)).collect()
    };
    NamedKernels {
        named: ordered(&named),
        hidden: ordered(&hidden),
    }
}

/// The names `text`'s macros may build by token pasting: for each `##` of a
/// `#define` (`name##_kernel`, `CAT(a, b) a##b`), its operands that are not
/// the macro's parameters. A name it builds contains each of them (none: any
/// name), so a kernel whose name does not cannot be named through it
/// ([cpp.concat]: the result is the operands' spellings joined).
fn pasted_names(text: &str) -> Vec<Vec<String>> {
    if !text.contains("##") {
        return Vec::new();
    }
    let mut chains = Vec::new();
    for (_, line) in preprocess::logical_lines(text) {
        let start = skip_blanks(&line);
        let Some(rest) = start.strip_prefix('#').or_else(|| start.strip_prefix("%:")) else {
            continue;
        };
        let Some(rest) = skip_blanks(rest).strip_prefix("define") else {
            continue;
        };
        if !rest.contains("##") {
            continue;
        }
        let rest = skip_blanks(rest);
        let name_end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let (params, body) = match rest[name_end..].strip_prefix('(') {
            Some(after) => match after.split_once(')') {
                Some((params, body)) => (
                    params
                        .split(',')
                        .map(|p| p.trim().trim_end_matches("...").trim().to_string())
                        .chain(["__VA_ARGS__".to_string()])
                        .collect::<Vec<_>>(),
                    body,
                ),
                // Parameters not closed on the line: any operand.
                None => (Vec::new(), "##"),
            },
            None => (Vec::new(), &rest[name_end..]),
        };
        // Each `##` with the identifier-like runs on its two sides: a name
        // pasted by a chain `a##b##c` contains the operands of each of its
        // `##` (it may contain more: the requirement is weaker, never wrong).
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        let pieces: Vec<&str> = body.split("##").collect();
        for pair in pieces.windows(2) {
            let left = pair[0]
                .trim_end()
                .rsplit(|c: char| !is_word(c))
                .next()
                .unwrap_or("");
            let right = pair[1]
                .trim_start()
                .split(|c: char| !is_word(c))
                .next()
                .unwrap_or("");
            let chain: Vec<String> = [left, right]
                .into_iter()
                .filter(|w| !w.is_empty() && !params.iter().any(|p| p == w))
                .map(str::to_string)
                .collect();
            chains.push(chain);
        }
    }
    chains
}

/// Most host files of a folder listed when looking for launches in the
/// other files of a kernel's folder.
const MAX_LISTED_FILES: usize = 4096;

/// A launch of `kernel` at `location`, described by `text`, with its sizes
/// and arguments unknown.
fn unknown_site(kernel: &str, location: String, text: String) -> LaunchSite {
    LaunchSite {
        kernel: kernel.to_string(),
        location,
        text,
        block_dim: None,
        grid_dim: None,
        partial_block_dim: [None; 3],
        partial_grid_dim: [None; 3],
        args: Vec::new(),
        arity: None,
        template_values: Vec::new(),
        arg_lower_bounds: Vec::new(),
        arg_loop_bounds: Vec::new(),
        arg_pow2: Vec::new(),
        // Arguments unknown: they may be anything (see `offset_params_moved`).
        arg_whole: Some(Vec::new()),
        arg_names: Vec::new(),
        arg_views: Vec::new(),
        args_unread: false,
        arg_fields: Vec::new(),
        arg_member_views: Vec::new(),
        arg_identity: Vec::new(),
        arg_non_decreasing: Vec::new(),
        grid_relation: Default::default(),
        block_relation: Default::default(),
        arg_relations: Vec::new(),
        grid_square: false,
        block_square: false,
        block_pow2: [0; 3],
        definitions: Vec::new(),
        may_be_another_kernel: false,
    }
}

/// The distinct launch sizes of `kernel` among `sites`, each with its launches;
/// empty when it has none.
pub fn launch_configs<'s>(
    kernel: &str,
    sites: &'s [LaunchSite],
) -> Vec<(HostLaunchDims, Vec<&'s LaunchSite>)> {
    let mut configs: Vec<(HostLaunchDims, Vec<&LaunchSite>)> = Vec::new();
    for site in sites.iter().filter(|s| s.kernel == kernel) {
        let dims = HostLaunchDims {
            block_dim: site.block_dim,
            grid_dim: site.grid_dim,
            partial_block_dim: site.partial_block_dim,
            partial_grid_dim: site.partial_grid_dim,
        };
        match configs.iter_mut().find(|(d, _)| *d == dims) {
            Some((_, list)) => list.push(site),
            None => configs.push((dims, vec![site])),
        }
    }
    if configs.len() > MAX_LAUNCH_CONFIGS {
        // Too many to check each: one configuration keeping what all agree on.
        let dims = common_dims(configs.iter().map(|(d, _)| d));
        let all = configs.into_iter().flat_map(|(_, l)| l).collect();
        return vec![(dims, all)];
    }
    configs
}

/// Most runs one kernel is checked in when its launches instantiate it with
/// different template arguments.
const MAX_INSTANTIATIONS: usize = 8;

/// A file's analysis.
#[derive(Clone, Debug)]
pub struct FileAnalysis {
    /// Path of the file.
    pub path: PathBuf,
    /// Front-end output.
    pub program: Program,
    /// Per-kernel results in source order (unsupported kernels included).
    pub kernels: Vec<KernelAnalysis>,
    /// File-level findings (syntax errors, include problems, ignored header flags,
    /// an invalid `syncwright.toml`).
    pub file_findings: Vec<Finding>,
    /// The file's header comment and project file.
    pub config: FileConfig,
    /// An invalid or unreadable `syncwright.toml` (also among `file_findings`);
    /// analysis went on without it.
    pub config_error: Option<ConfigError>,
    /// Cost model for the synthesizer (explicit > `syncwright.toml` > default).
    pub cost: CostModel,
    /// Wall time of the whole file (front end and all kernels), in milliseconds.
    pub time_ms: f64,
    /// Line index of each of `program.files`, built on first use by [`FileAnalysis::locate`].
    pub line_starts: std::sync::OnceLock<Vec<LineStarts>>,
    /// Severity of `bank-conflict` findings chosen by the settings (None: default).
    pub perf_severity: Option<crate::check::diagnostic::Severity>,
}

impl FileAnalysis {
    /// Severity of a finding of `kind` in this analysis: the kind's default,
    /// or the configured one for `bank-conflict`.
    pub fn severity(&self, kind: DiagnosticKind) -> crate::check::diagnostic::Severity {
        match (kind, self.perf_severity) {
            (DiagnosticKind::BankConflict, Some(s)) => s,
            _ => kind.severity(),
        }
    }

    /// Whether everything is fine: every kernel race-free and no error or
    /// warning at file level (what decides the CLI's exit code).
    pub fn is_clean(&self) -> bool {
        self.kernels
            .iter()
            .all(|k| k.report.verdict == Verdict::RaceFree)
            && self.file_findings.iter().all(|f| {
                !matches!(
                    f.kind.severity(),
                    crate::check::diagnostic::Severity::Error
                        | crate::check::diagnostic::Severity::Warning
                )
            })
            && self.kernels.iter().all(|k| {
                // Bank conflicts count only when configured as errors or warnings.
                k.report.findings.iter().all(|f| {
                    f.kind != DiagnosticKind::BankConflict
                        || !matches!(
                            self.severity(f.kind),
                            crate::check::diagnostic::Severity::Error
                                | crate::check::diagnostic::Severity::Warning
                        )
                })
            })
    }
}

/// Analyses the file at `path` with contents `text`; includes are read from
/// disk (the including file's folder, then the include folders of
/// `syncwright.toml` and `compile_commands.json`).
pub fn analyze_file(path: &Path, text: &str, settings: &Settings) -> FileAnalysis {
    analyze_file_with(path, text, settings, &TranslationEnv::for_file(path))
}

/// How a file is compiled: include folders and predefined macros from
/// `syncwright.toml` (`cuda_version`, `cuda_arch`, `include_dirs`, `defines`)
/// and `compile_commands.json` (`-I`, `-D`/`-U`, `-include`, `-arch`), the
/// project file first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TranslationEnv {
    /// Folders searched for quoted includes after the including file's own.
    pub include_dirs: Vec<PathBuf>,
    /// Device-pass predefined macros, when not the default.
    pub prelude: Option<String>,
    /// `compile_commands.json` lists the file (its flags are the file's own).
    pub listed: bool,
    /// Why the file's macros are not known (see [`CompileFlags::unknown`]):
    /// no kernel of it is then reported race-free.
    ///
    /// [`CompileFlags::unknown`]: crate::config::resolve::CompileFlags::unknown
    pub unknown_flags: Option<String>,
}

impl TranslationEnv {
    /// The environment of the file at `path` (an invalid project file is
    /// reported by the analysis itself and ignored here).
    pub fn for_file(path: &Path) -> TranslationEnv {
        let project = crate::config::resolve::find_project_config(path)
            .ok()
            .flatten();
        let listed = crate::config::resolve::find_compile_flags(path);
        let is_listed = listed.is_some();
        let flags = listed.unwrap_or_default();
        let mut include_dirs = project
            .as_ref()
            .map(|p| p.include_dirs.clone())
            .unwrap_or_default();
        include_dirs.extend(flags.include_dirs.iter().cloned());
        let project_defines = project
            .as_ref()
            .map(|p| p.defines.clone())
            .unwrap_or_default();
        let macro_lines = flags.macro_lines() + &preprocess::define_lines(&project_defines);
        let default = CudaTarget::default();
        let (major, minor) = project
            .as_ref()
            .and_then(|p| p.cuda_version)
            .unwrap_or((default.major, default.minor));
        let arch = project
            .as_ref()
            .and_then(|p| p.cuda_arch)
            .or(flags.arch)
            .unwrap_or(default.arch);
        let target = CudaTarget { major, minor, arch };
        let prelude = (target != default || !macro_lines.is_empty())
            .then(|| target.prelude(true) + &macro_lines);
        TranslationEnv {
            include_dirs,
            prelude,
            listed: is_listed,
            unknown_flags: flags.unknown,
        }
    }
}

impl IncludeResolver for TranslationEnv {
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)> {
        FsIncludes.read(from, name).or_else(|| {
            self.include_dirs.iter().find_map(|dir| {
                let path = dir.join(name);
                let text = std::fs::read(&path).ok()?;
                Some((path, String::from_utf8_lossy(&text).into_owned()))
            })
        })
    }

    fn cuda_prelude(&self) -> Option<String> {
        self.prelude.clone()
    }

    /// The other file's own environment, when `compile_commands.json` lists
    /// both files or neither (then both have the project-wide settings of
    /// `syncwright.toml` only): a file it does not list while it lists this
    /// one is compiled with flags nobody knows.
    fn for_other_file(&self, path: &Path) -> Option<Box<dyn IncludeResolver>> {
        let other = TranslationEnv::for_file(path);
        (other.listed == self.listed).then(|| Box::new(other) as Box<dyn IncludeResolver>)
    }

    fn includer(&self, path: &Path) -> Option<preprocess::Includer> {
        find_includer(path, self)
    }

    fn includer_contexts(&self, path: &Path) -> preprocess::IncluderContexts {
        let mut contexts = includer_contexts(path, self);
        if contexts.unread.is_none() {
            contexts.unread.clone_from(&self.unknown_flags);
        }
        // An includer whose own flags are not known (listed twice with
        // different flags, a command line that cannot be split) compiles
        // the file under macros nobody knows.
        if contexts.unread.is_none() {
            contexts.unread = contexts
                .chains
                .iter()
                .find_map(|chain| TranslationEnv::for_file(&chain.chain()[0].path).unknown_flags);
        }
        contexts
    }
}

/// Most files read per folder while looking for a file's includer.
const MAX_INCLUDER_CANDIDATES: usize = 1024;

/// Extensions of files that are only ever included.
const HEADER_EXTENSIONS: [&str; 5] = ["h", "hpp", "hh", "cuh", "inl"];

/// Whether `path` has one of [`HEADER_EXTENSIONS`] (in any case).
fn is_header_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| HEADER_EXTENSIONS.iter().any(|h| e.eq_ignore_ascii_case(h)))
}

/// The one includer chain of `path` (see [`includer_contexts`]); None when
/// no file includes it, when several programs do (each compiles it under its
/// own macros: a launch size `BINS` may be 64 in one program and 128 in the
/// other, so the first one's context would hide the other's executions;
/// [`analyze_file_with`] checks the file under each), and when the search
/// did not read every file that may include it.
pub fn find_includer(path: &Path, includes: &dyn IncludeResolver) -> Option<preprocess::Includer> {
    let contexts = includer_contexts(path, includes);
    match <[preprocess::Includer; 1]>::try_from(contexts.chains) {
        Ok([one]) if contexts.unread.is_none() => Some(one),
        _ => None,
    }
}

/// Most includer chains one file is checked under.
const MAX_INCLUDER_CONTEXTS: usize = 4;

/// Longest includer chain followed (`main.cu` -> `wrap.h` -> ... -> the file).
const MAX_INCLUDER_DEPTH: usize = 8;

/// Every includer chain of `path`: each quoted `#include` of it in the files
/// [`inclusions_of`] searches, each followed outward through the includers'
/// own includers (a chain `main.cu` -> `wrap.h` -> `kern.cu` compiles
/// `kern.cu` under `main.cu`'s macros as well as `wrap.h`'s). A file that
/// includes it twice gives two chains (an X-macro file read under other
/// macros each time). Past [`MAX_INCLUDER_CONTEXTS`] chains, a chain deeper
/// than [`MAX_INCLUDER_DEPTH`], or a search that could not read every
/// candidate, `unread` says why: further programs may compile the file
/// under macros nobody read.
pub fn includer_contexts(
    path: &Path,
    includes: &dyn IncludeResolver,
) -> preprocess::IncluderContexts {
    let mut unread = None;
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut chain = vec![canonical(path)];
    let chains = includer_chains(path, includes, &mut chain, &mut unread);
    preprocess::IncluderContexts { chains, unread }
}

/// The includer chains ending at `path` (see [`includer_contexts`]);
/// `chain` holds the canonical files already on the chain (an include cycle
/// stops there: the include guard that makes it compile leaves the outer
/// copy out).
fn includer_chains(
    path: &Path,
    includes: &dyn IncludeResolver,
    chain: &mut Vec<PathBuf>,
    unread: &mut Option<String>,
) -> Vec<preprocess::Includer> {
    let Some(found) = inclusions_of(path, includes, MAX_INCLUDER_CONTEXTS + 1) else {
        unread.get_or_insert_with(|| {
            format!(
                "a file that may include {} was not read (a folder of over {MAX_INCLUDER_CANDIDATES} files or a project of over {MAX_PROJECT_FILES}, or an unreadable file)",
                path.display()
            )
        });
        return Vec::new();
    };
    let mut chains = Vec::new();
    for (file, at) in found {
        let Some(text) = cached_text(&file) else {
            unread.get_or_insert_with(|| format!("{} was not read", file.display()));
            continue;
        };
        let key = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
        let outers = if chain.contains(&key) {
            Vec::new()
        } else if chain.len() > MAX_INCLUDER_DEPTH {
            unread.get_or_insert_with(|| {
                format!("an includer chain deeper than {MAX_INCLUDER_DEPTH} files")
            });
            Vec::new()
        } else {
            chain.push(key);
            let outers = includer_chains(&file, includes, chain, unread);
            chain.pop();
            outers
        };
        let level = |outer: Option<preprocess::Includer>| preprocess::Includer {
            path: file.clone(),
            text: text.to_string(),
            at,
            outer: outer.map(Box::new),
        };
        // An includer that is a source file (`Scan.cu`, not a header) is
        // also a program of its own: compiled alone, under its own macros
        // only, it may launch the kernel otherwise than any file including
        // it does (another program may link it).
        if outers.is_empty() || !is_header_file(&file) {
            chains.push(level(None));
        }
        chains.extend(outers.into_iter().map(Some).map(level));
        if chains.len() > MAX_INCLUDER_CONTEXTS {
            chains.truncate(MAX_INCLUDER_CONTEXTS);
            unread.get_or_insert_with(|| {
                format!(
                    "{} is compiled in more than {MAX_INCLUDER_CONTEXTS} includer contexts",
                    path.display()
                )
            });
            break;
        }
    }
    chains
}

/// Whether a file of the project may include `path` with a quoted
/// `#include` (searched as [`find_includer`] searches; a folder or file that
/// cannot be read may).
fn is_included(path: &Path, includes: &dyn IncludeResolver) -> bool {
    inclusions_of(path, includes, 1).is_none_or(|found| !found.is_empty())
}

/// A file's identity on disk: the same for every path to it (a symbolic
/// link, `sub/../k.cu`, a hard link), from one `stat` (resolving a path
/// component by component to compare canonical paths costs a `readlink`
/// per component).
type DiskId = (u64, u64);

/// Takes each file's facts on disk once for the rest of the process (see
/// [`crate::base::files_frozen`]): the includer search of n files of one
/// project then costs n, not n x n, `stat` calls; for a run that reads a
/// snapshot of the disk.
pub fn freeze_file_facts() {
    crate::base::freeze_files();
}

/// What the includer search and the file caches read of a path's metadata
/// (following links).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DiskFacts {
    /// Device and inode (unix; None elsewhere).
    id: Option<DiskId>,
    /// Modification time and length: a cached reading of the file is reused
    /// while they stay the same.
    stamp: (Option<std::time::SystemTime>, u64),
}

/// The [`DiskFacts`] of `path`, None when it cannot be read; memoised per
/// process once the files are frozen ([`freeze_file_facts`]).
fn disk_facts(path: &Path) -> Option<DiskFacts> {
    use crate::base::HashMap;
    use std::sync::{Mutex, OnceLock};
    static MEMO: OnceLock<Mutex<HashMap<PathBuf, Option<DiskFacts>>>> = OnceLock::new();
    /// Paths remembered at most (beyond, the memo starts over).
    const MAX_MEMO_PATHS: usize = 65_536;
    let read = || {
        std::fs::metadata(path).ok().map(|m| {
            #[cfg(unix)]
            let id = {
                use std::os::unix::fs::MetadataExt;
                Some((m.dev(), m.ino()))
            };
            #[cfg(not(unix))]
            let id = None;
            DiskFacts {
                id,
                stamp: (m.modified().ok(), m.len()),
            }
        })
    };
    if !crate::base::files_frozen() {
        return read();
    }
    let memo = MEMO.get_or_init(|| Mutex::new(HashMap::default()));
    if let Some(known) = memo.lock().ok().and_then(|m| m.get(path).copied()) {
        return known;
    }
    let facts = read();
    if let Ok(mut m) = memo.lock() {
        if m.len() >= MAX_MEMO_PATHS {
            m.clear();
        }
        m.insert(path.to_path_buf(), facts);
    }
    facts
}

/// The [`DiskId`] of the file at `path` (following links); None when it
/// cannot be read.
#[cfg(unix)]
fn file_id(path: &Path) -> Option<DiskId> {
    disk_facts(path)?.id
}

/// The [`DiskId`] of the file at `path`: its canonical path's hash where
/// there are no inode numbers.
#[cfg(not(unix))]
fn file_id(path: &Path) -> Option<DiskId> {
    use std::hash::BuildHasher;
    let canonical = std::fs::canonicalize(path).ok()?;
    Some((0, foldhash::fast::FixedState::default().hash_one(canonical)))
}

/// The quoted `#include`s of `path` (the including file and the offset of
/// the line) in `path`'s folder and its parent, resolved like any include
/// (next to the includer, then the include folders), at most `limit` of
/// them; None when `path` has no file name, or fewer than `limit` were found
/// and a file that may include it was not read (a folder of over
/// [`MAX_INCLUDER_CANDIDATES`] such files, an unreadable folder or file).
fn inclusions_of(
    path: &Path,
    includes: &dyn IncludeResolver,
    limit: usize,
) -> Option<Vec<(PathBuf, usize)>> {
    let name = path.file_name()?.to_str()?;
    let Some(own) = file_id(path) else {
        // Not on disk (an editor buffer not saved yet): no program on disk
        // can compile it.
        return Some(Vec::new());
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut folders = vec![folder.clone()];
    if let Some(parent) = std::fs::canonicalize(&folder)
        .ok()
        .and_then(|f| f.parent().map(Path::to_path_buf))
    {
        folders.push(parent);
    }
    let mut candidates: Vec<PathBuf> = Vec::new();
    let mut truncated = false;
    for (k, dir) in folders.iter().enumerate() {
        // The file's own folder is read whole or the search is incomplete;
        // the parent (a home or temporary folder, often) only up to the
        // cap, like the project tree past its bounds (README: a limit).
        let own_folder = k == 0;
        let Ok(entries) = std::fs::read_dir(dir) else {
            // Unreadable: any of its files may include it.
            truncated |= own_folder;
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                is_host_source(p)
                    || p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
                        e.eq_ignore_ascii_case("cl") || e.eq_ignore_ascii_case("inl")
                    })
            })
            .collect();
        files.sort();
        // Past the cap an includer may be among the files not read.
        truncated |= own_folder && files.len() > MAX_INCLUDER_CANDIDATES;
        files.truncate(MAX_INCLUDER_CANDIDATES);
        candidates.extend(files);
    }
    // The project's other folders (an includer's includer in a sibling
    // folder: `other/B.cu` including `../A.cu`, which includes `sub/k.cu`).
    // A tree over the bounds (a file in a home or temporary folder without
    // build files, a very large repository) gives None: its other folders
    // are not searched, as before the tree was; the file's folder and its
    // parent still are (README: a limit). Taking every kernel of such a file
    // as inconclusive would make the checker useless there.
    // Each candidate's identity, taken once (one `stat` each).
    let mut ids: Vec<Option<DiskId>> = candidates.iter().map(|p| file_id(p)).collect();
    // Every name the file has among the candidates (a hard link `hl.cuh`,
    // a symbolic link): an include of any of them includes it.
    let mut names: Vec<String> = vec![name.to_string()];
    let mut add_name = |other: &Path| {
        if let Some(n) = other.file_name().and_then(|n| n.to_str()) {
            if !names.iter().any(|known| known == n) {
                names.push(n.to_string());
            }
        }
    };
    for (other, id) in candidates.iter().zip(&ids) {
        if *id == Some(own) {
            add_name(other);
        }
    }
    let project = project_files(&folder);
    if let Some(project) = &project {
        let index = crate::base::files_frozen().then(|| project.index());
        // Each file's identity, one `stat` each, when there is no index.
        let project_ids: Vec<Option<DiskId>> = match index {
            Some(_) => Vec::new(),
            None => project.files.iter().map(|p| file_id(p)).collect(),
        };
        match index {
            Some(index) => {
                for &i in index.by_id.get(&own).into_iter().flatten() {
                    add_name(&project.files[i]);
                }
            }
            None => {
                for (p, id) in project.files.iter().zip(&project_ids) {
                    if *id == Some(own) {
                        add_name(p);
                    }
                }
            }
        }
        // The folders' files (named as the checked file was) are not listed
        // twice.
        let listed: crate::base::HashSet<DiskId> = ids.iter().flatten().copied().collect();
        let mut add = |p: &PathBuf, id: Option<DiskId>| {
            if id.is_none_or(|id| !listed.contains(&id)) {
                candidates.push(p.clone());
                ids.push(id);
            }
        };
        match index {
            // Only the files that may include it (below, a file is passed
            // over unless one of its includes names it), and those whose
            // includes cannot be read, in the listing's order: the same
            // files the loop below would keep of the whole listing.
            Some(index) => {
                let mut picked: Vec<usize> = index
                    .spellings
                    .iter()
                    .filter(|(quoted, _)| names.iter().any(|n| quoted.contains(n.as_str())))
                    .flat_map(|(_, files)| files.iter().copied())
                    .chain(index.unreadable.iter().copied())
                    .collect();
                picked.sort_unstable();
                picked.dedup();
                for i in picked {
                    add(&project.files[i], index.ids[i]);
                }
            }
            None => {
                for (p, id) in project.files.iter().zip(project_ids) {
                    add(p, id);
                }
            }
        }
    }
    let mut candidates: Vec<(PathBuf, Option<DiskId>)> = candidates.into_iter().zip(ids).collect();
    let names_it = |quoted: &str| names.iter().any(|n| quoted.contains(n.as_str()));
    candidates.sort_by_key(|(p, _)| is_header_file(p));
    let mut found_all: Vec<(PathBuf, usize)> = Vec::new();
    for (file, id) in candidates {
        let Some(found) = quoted_includes_of(&file) else {
            // A file of the file's own folder that cannot be read (a special
            // file, one removed meanwhile) may be its includer; elsewhere
            // (the parent, the project tree) it is passed over, like the
            // files past their bounds (README: a limit).
            truncated |= file.parent() == Some(folder.as_path());
            continue;
        };
        // Cheap filter before resolving: an include of this file names it
        // (by one of its names).
        if !found.iter().any(|(q, _)| names_it(q)) {
            continue;
        }
        if id == Some(own) {
            continue;
        }
        // The includer's own `-I` folders (compile_commands.json): an
        // `app/main.cu` built with `-I../k` includes `k/kern.cu` as
        // "kern.cu" or <kern.cu>, whatever the checked file's own flags say.
        let own_dirs = crate::config::resolve::find_compile_flags(&file)
            .map(|flags| flags.include_dirs)
            .unwrap_or_default();
        for (quoted, at) in found.iter().filter(|(q, _)| names_it(q)) {
            let through_dirs = || own_dirs.iter().find_map(|dir| file_id(&dir.join(quoted)));
            let resolved = includes
                .read(&file, quoted)
                .and_then(|(p, _)| file_id(&p))
                .filter(|id| *id == own)
                .or_else(through_dirs);
            if resolved.as_ref() == Some(&own) {
                found_all.push((file.clone(), *at));
                if found_all.len() >= limit {
                    return Some(found_all);
                }
            }
        }
    }
    (!truncated).then_some(found_all)
}

/// Files whose presence marks a project's root folder.
const PROJECT_MARKERS: [&str; 4] = [
    ".git",
    "compile_commands.json",
    "CMakeLists.txt",
    "Makefile",
];

/// Most candidate includer files of one project tree (beyond, its includers
/// are not all read: see [`includer_contexts`]).
const MAX_PROJECT_FILES: usize = 4096;

/// Most folders of one project tree listed.
const MAX_PROJECT_FOLDERS: usize = 1024;

/// The folders whose trees may hold the files that include a file of
/// `folder`, widest first: the highest ancestor holding a project marker
/// ([`PROJECT_MARKERS`]: a program is built from anywhere under its build
/// files, `app/main.cu` including `../src/kern/k.cu`), the grandparent (a
/// project without build files: `a/x/main.cu` including `../b/c/k.cu`, or
/// a marker only in the kernel's own folder that `../other/main.cu` still
/// reaches), then, narrower, `folder` itself when it holds a marker, else
/// its parent. The filesystem root is never a grandparent root (a kernel in
/// `/tmp/x/` would list the whole machine). [`project_files`] takes the
/// widest one within its bounds.
fn project_roots(folder: &Path) -> Vec<PathBuf> {
    let folder = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    let marked = |dir: &Path| PROJECT_MARKERS.iter().any(|m| dir.join(m).exists());
    let ancestors: Vec<&Path> = folder.ancestors().collect();
    let mut roots: Vec<&Path> = Vec::new();
    roots.extend(ancestors.iter().rev().find(|dir| marked(dir)).copied());
    // The grandparent, unless it is the filesystem root.
    if ancestors.len() > 3 {
        roots.push(ancestors[2]);
    }
    roots.push(if marked(&folder) {
        &folder
    } else {
        ancestors.get(1).copied().unwrap_or(&folder)
    });
    // Widest first: fewer components is higher up.
    roots.sort_by_key(|r| r.components().count());
    roots.dedup();
    roots.into_iter().map(Path::to_path_buf).collect()
}

/// The files of the project tree of `folder` that may include another (host
/// sources, `.cl`, `.inl`), sorted: those of the widest of
/// [`project_roots`] whose tree has at most [`MAX_PROJECT_FILES`] of them in
/// at most [`MAX_PROJECT_FOLDERS`] folders, all listable; None when no root
/// does. Linked folders are followed once each; a `.git` folder and a folder
/// holding a `CACHEDIR.TAG` (a build cache such as cargo's `target/`, by the
/// cache-directory convention) are not listed: no build reads its sources
/// from them, and their size would put a project over the bounds.
fn project_files(folder: &Path) -> Option<std::sync::Arc<ProjectTree>> {
    project_roots(folder)
        .iter()
        .find_map(|root| tree_files(root))
}

/// The files of `root`'s tree as [`project_files`] lists them; None over the
/// bounds. Cached per root, and listed again when a folder of it changed
/// (its modification time: a file added or removed).
fn tree_files(root: &Path) -> Option<std::sync::Arc<ProjectTree>> {
    use crate::base::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Listing = (FolderStamps, Option<Arc<ProjectTree>>);
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Listing>>> = OnceLock::new();
    let root = root.to_path_buf();
    let stamp = |dir: &Path| disk_facts(dir).and_then(|f| f.stamp.0);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::default()));
    if let Ok(map) = cache.lock() {
        if let Some((stamps, files)) = map.get(&root) {
            // Frozen files (one snapshot of the disk) need no second look.
            if crate::base::files_frozen()
                || stamps
                    .iter()
                    .all(|(dir, seen)| seen.is_some() && stamp(dir) == *seen)
            {
                return files.clone();
            }
        }
    }
    let (stamps, files) = walk_tree(&root, &|p: &Path| {
        is_host_source(p)
            || p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("cl") || e.eq_ignore_ascii_case("inl"))
    });
    let files = files.map(|files| {
        Arc::new(ProjectTree {
            files,
            index: OnceLock::new(),
        })
    });
    if let Ok(mut map) = cache.lock() {
        map.insert(root, (stamps, files.clone()));
    }
    files
}

/// Folders [`walk_tree`] listed, each with its modification time.
type FolderStamps = Vec<(PathBuf, Option<std::time::SystemTime>)>;

/// The files of `root`'s tree that `keep` accepts, sorted, with the folders
/// listed; no files over [`MAX_PROJECT_FILES`] of them or
/// [`MAX_PROJECT_FOLDERS`] folders, or when a folder cannot be listed.
/// Linked folders are followed once each; a `.git` folder and a folder
/// holding a `CACHEDIR.TAG` are not listed (see [`project_files`]).
fn walk_tree(root: &Path, keep: &dyn Fn(&Path) -> bool) -> (FolderStamps, Option<Vec<PathBuf>>) {
    let stamp = |dir: &Path| disk_facts(dir).and_then(|f| f.stamp.0);
    let mut stamps: FolderStamps = Vec::new();
    let mut files = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        if stamps.len() >= MAX_PROJECT_FOLDERS {
            return (stamps, None);
        }
        let canonical = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone());
        if stamps.iter().any(|(d, _)| *d == canonical) {
            continue;
        }
        stamps.push((canonical, stamp(&dir)));
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return (stamps, None);
        };
        for entry in entries.filter_map(Result::ok) {
            let p = entry.path();
            // The entry's type from the listing itself (no `stat`), a link's
            // from its target.
            let is_dir = match entry.file_type() {
                Ok(t) if !t.is_symlink() => t.is_dir(),
                _ => p.is_dir(),
            };
            if is_dir {
                if entry.file_name() != ".git" && !p.join("CACHEDIR.TAG").exists() {
                    pending.push(p);
                }
            } else if keep(&p) {
                files.push(p);
            }
        }
        if files.len() > MAX_PROJECT_FILES {
            return (stamps, None);
        }
    }
    files.sort();
    (stamps, Some(files))
}

/// The files of one project tree (see [`project_files`]), sorted, with the
/// index the includer search reads once the files are frozen.
struct ProjectTree {
    /// The files that may include another, sorted.
    files: Vec<PathBuf>,
    /// Built on first use, only when the files are frozen (their includes
    /// cannot change while the process runs).
    index: std::sync::OnceLock<IncludeIndex>,
}

/// What the includer search asks of every file of a project tree, read
/// once: without it, each checked file looks at every file of its project
/// (n x n for the n files of a tree, each a few hash lookups of a path).
struct IncludeIndex {
    /// Each file's disk identity, by position in [`ProjectTree::files`].
    ids: Vec<Option<DiskId>>,
    /// The files of each disk identity (the names of a hard-linked file).
    by_id: crate::base::HashMap<DiskId, Vec<usize>>,
    /// Each distinct include spelling (`"../k/kern.cu"`, `<kern.cu>`'s
    /// `kern.cu`) with the files that have it, in file order.
    spellings: Vec<(String, Vec<usize>)>,
    /// The files whose includes cannot be read.
    unreadable: Vec<usize>,
}

impl ProjectTree {
    /// The tree's [`IncludeIndex`], built on first use.
    fn index(&self) -> &IncludeIndex {
        self.index.get_or_init(|| {
            use crate::base::HashMap;
            let ids: Vec<Option<DiskId>> = self.files.iter().map(|p| file_id(p)).collect();
            let mut by_id: HashMap<DiskId, Vec<usize>> = HashMap::default();
            for (i, id) in ids.iter().enumerate() {
                if let Some(id) = id {
                    by_id.entry(*id).or_default().push(i);
                }
            }
            let mut positions: HashMap<String, usize> = HashMap::default();
            let mut spellings: Vec<(String, Vec<usize>)> = Vec::new();
            let mut unreadable = Vec::new();
            for (i, file) in self.files.iter().enumerate() {
                let Some(found) = quoted_includes_of(file) else {
                    unreadable.push(i);
                    continue;
                };
                for (quoted, _) in found.iter() {
                    let at = *positions.entry(quoted.clone()).or_insert_with(|| {
                        spellings.push((quoted.clone(), Vec::new()));
                        spellings.len() - 1
                    });
                    let files = &mut spellings[at].1;
                    if files.last() != Some(&i) {
                        files.push(i);
                    }
                }
            }
            IncludeIndex {
                ids,
                by_id,
                spellings,
                unreadable,
            }
        })
    }
}

/// A file's quoted `#include` names with the byte offset of their line.
type QuotedIncludes = std::sync::Arc<Vec<(String, usize)>>;

/// The quoted includes of `file`, cached per process by the file's
/// modification time and length: the includer search runs on every analysis
/// (every keystroke in the editor) over the files of two folders, which must
/// not mean reading them all each time.
fn quoted_includes_of(file: &Path) -> Option<QuotedIncludes> {
    use crate::base::HashMap;
    use std::sync::{Mutex, OnceLock};
    type Stamp = (Option<std::time::SystemTime>, u64);
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, (Stamp, QuotedIncludes)>>> = OnceLock::new();
    /// Files remembered at most (beyond, the cache starts over).
    const MAX_CACHED_FILES: usize = 16_384;
    let stamp: Stamp = disk_facts(file)?.stamp;
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::default()));
    if let Ok(map) = cache.lock() {
        if let Some((seen, found)) = map.get(file) {
            if *seen == stamp && stamp.0.is_some() {
                return Some(found.clone());
            }
        }
    }
    let cached = cached_file(file)?;
    let mut found = Vec::new();
    // An include is a directive line: the others cannot be one.
    for (line_start, line) in cached.directives() {
        // `<name>` too: found through an `-I` folder, it includes a
        // project file as "name" does.
        if let Some(IncludeForm::Quoted(name) | IncludeForm::Angle(name)) = include_form(line) {
            found.push((name.to_string(), *line_start));
        }
    }
    let found = std::sync::Arc::new(found);
    if let Ok(mut map) = cache.lock() {
        if map.len() >= MAX_CACHED_FILES {
            map.clear();
        }
        map.insert(file.to_path_buf(), (stamp, found.clone()));
    }
    Some(found)
}

/// The decoded text of `file`, cached per process by the file's modification
/// time and length (as [`quoted_includes_of`]): every file of a folder scans
/// its sibling files for launches, which must not mean reading a folder of
/// n files n times. Files larger than [`MAX_CACHED_TEXT_BYTES`] / 16 are
/// read each time; past that total the cache starts over.
fn cached_text(file: &Path) -> Option<std::sync::Arc<str>> {
    cached_file(file).map(|f| f.text.clone())
}

/// A file's decoded text and, computed on first use, its directive lines.
struct CachedFile {
    /// The decoded text.
    text: std::sync::Arc<str>,
    /// The logical lines whose first non-blank is `#` or `%:` (see
    /// [`CachedFile::directives`]).
    directives: std::sync::OnceLock<Vec<(usize, String)>>,
}

impl CachedFile {
    /// The file's directive lines: its logical lines (continuations joined,
    /// comments blanked) that start with `#` or `%:` after blanks, in order,
    /// each with its byte offset.
    /// The includer search asks each file of a project tree for them once
    /// per header name; splitting the text into logical lines each time was
    /// most of a header's check (a folder of headers meant every header
    /// re-splitting every file of the tree).
    fn directives(&self) -> &[(usize, String)] {
        self.directives.get_or_init(|| {
            preprocess::logical_lines(&self.text)
                .into_iter()
                .filter(|(_, line)| {
                    let start = skip_blanks(line);
                    start.starts_with('#') || start.starts_with("%:")
                })
                .collect()
        })
    }
}

/// The [`CachedFile`] of `file` (see [`cached_text`] for what is cached).
fn cached_file(file: &Path) -> Option<std::sync::Arc<CachedFile>> {
    use crate::base::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Stamp = (Option<std::time::SystemTime>, u64);
    type FileCache = (usize, HashMap<PathBuf, (Stamp, Arc<CachedFile>)>);
    static CACHE: OnceLock<Mutex<FileCache>> = OnceLock::new();
    let stamp: Stamp = disk_facts(file)?.stamp;
    let cache = CACHE.get_or_init(|| Mutex::new((0, HashMap::default())));
    if let Ok(guard) = cache.lock() {
        if let Some((seen, cached)) = guard.1.get(file) {
            if *seen == stamp && stamp.0.is_some() {
                return Some(cached.clone());
            }
        }
    }
    let bytes = crate::syntax::files::read_regular(file).ok()?;
    let text: Arc<str> = crate::syntax::files::decode(&bytes).text.into();
    let cached = Arc::new(CachedFile {
        text,
        directives: OnceLock::new(),
    });
    let len = cached.text.len();
    if stamp.0.is_some() && len <= MAX_CACHED_TEXT_BYTES / 16 {
        if let Ok(mut guard) = cache.lock() {
            if guard.0 + len > MAX_CACHED_TEXT_BYTES {
                *guard = (0, HashMap::default());
            }
            guard.0 += len;
            if let Some((_, old)) = guard.1.insert(file.to_path_buf(), (stamp, cached.clone())) {
                guard.0 -= old.text.len();
            }
        }
    }
    Some(cached)
}

/// The most bytes of source text [`cached_text`] keeps.
const MAX_CACHED_TEXT_BYTES: usize = 64 << 20;

/// `text` after leading blanks and `/* ... */` comments (as the
/// preprocessor reads a directive: a comment is one space).
fn skip_blanks(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        match text.strip_prefix("/*").and_then(|r| r.split_once("*/")) {
            Some((_, rest)) => text = rest,
            None => return text,
        }
    }
}

/// `text` after a leading `include` or `import` (GCC's and so nvcc's host
/// pass's `#import`, an include read once).
fn include_keyword(text: &str) -> Option<&str> {
    text.strip_prefix("include")
        .or_else(|| text.strip_prefix("import"))
}

/// The name of a `#include "name"` (or `#import "name"`) line, spelled in any way the
/// preprocessor accepts on one logical line: blanks and comments around the
/// `#` and `include`, the digraph `%:` for `#`.
fn quoted_include(line: &str) -> Option<&str> {
    let start = skip_blanks(line);
    let rest = start
        .strip_prefix('#')
        .or_else(|| start.strip_prefix("%:"))?;
    let rest = include_keyword(skip_blanks(rest))?;
    let rest = skip_blanks(rest).strip_prefix('"')?;
    rest.split_once('"').map(|(name, _)| name)
}

/// Like [`analyze_file`], with a custom include resolver (open editor
/// buffers). A file several programs compile (several includer chains, see
/// [`includer_contexts`]) is checked under each: each kernel's verdict is
/// its worst over them (see [`merge_contexts`]).
pub fn analyze_file_with(
    path: &Path,
    text: &str,
    settings: &Settings,
    includes: &dyn IncludeResolver,
) -> FileAnalysis {
    let contexts = includes.includer_contexts(path);
    if contexts.unread.is_none() {
        match contexts.chains.as_slice() {
            [] => return analyze_file_in_context(path, text, settings, includes),
            [chain] => {
                let pinned = InContext::new(includes, path, Some(chain));
                return analyze_file_in_context(path, text, settings, &pinned);
            }
            _ => {}
        }
    }
    let started = Instant::now();
    // No chain: the file is also checked alone (its includers were not all
    // read, so it may be compiled on its own as well).
    let alone = contexts.chains.is_empty().then_some(None);
    let mut analyses: Vec<FileAnalysis> = Vec::new();
    let mut lowered: Vec<(Program, Vec<LaunchSite>)> = Vec::new();
    let mut places = Vec::new();
    for chain in contexts.chains.iter().map(Some).chain(alone) {
        let pinned = InContext::new(includes, path, chain);
        let started = Stopwatch::start();
        let (program, launches) = crate::base::interrupt::with(
            front_end_deadline(settings, Duration::ZERO, CLI_BUDGET),
            || {
                let program = lower_guarded(path, text, &pinned);
                let launches = translation_launches(path, text, &pinned, &kernel_names(&program));
                (program, launches)
            },
        );
        if let Some(chain) = chain {
            places.push(context_place(chain));
        }
        // A context the file reads the same way (same kernels, same
        // launches) has the same executions: one check covers both.
        if lowered.iter().any(|(p, l)| {
            p.kernels == program.kernels && p.unsupported == program.unsupported && *l == launches
        }) {
            continue;
        }
        lowered.push((program.clone(), launches.clone()));
        analyses.push(finish(path, text, program, settings, &launches, &started));
    }
    let mut merged = merge_contexts(analyses);
    // With no chain read the file was checked on its own: no contexts to name.
    if !places.is_empty() {
        merged.file_findings.push(plain_finding(
            DiagnosticKind::Imprecision,
            format!(
                "compiled in {} includer contexts ({}); each kernel was checked under each \
                 context whose macros and launches differ, and its verdict is the worst of them",
                places.len(),
                places.join(", ")
            ),
            Span::new(0, 0),
        ));
    }
    if let Some(why) = &contexts.unread {
        // Programs not read may compile the kernels under other macros: no
        // verdict may rest on the contexts that happen to be read.
        for kernel in &mut merged.kernels {
            if kernel.report.verdict == Verdict::RaceFree {
                kernel.report.verdict = Verdict::Inconclusive;
                kernel.report.findings.push(plain_finding(
                    DiagnosticKind::Inconclusive,
                    format!(
                        "not decided: {why}, so a program may compile this kernel under \
                         macros not read"
                    ),
                    kernel.report.name_span,
                ));
            }
        }
    }
    merged.time_ms = started.elapsed().as_secs_f64() * 1000.0;
    merged
}

/// `path:line` of the `#include` an includer chain reaches the file by, with
/// the outermost file of the chain when it is another.
fn context_place(chain: &preprocess::Includer) -> String {
    let line = chain.text[..chain.at.min(chain.text.len())]
        .matches('\n')
        .count()
        + 1;
    let outermost = chain.chain()[0];
    if std::ptr::eq(outermost, chain) {
        format!("{}:{line}", chain.path.display())
    } else {
        format!(
            "{}:{line} in {}",
            chain.path.display(),
            outermost.path.display()
        )
    }
}

/// An include resolver that compiles the file at `path` within one
/// includer chain (or alone): every other question goes to `inner`.
struct InContext<'a> {
    inner: &'a dyn IncludeResolver,
    path: &'a Path,
    includer: Option<&'a preprocess::Includer>,
    /// The flags `compile_commands.json` gives the chain's outermost file,
    /// when it lists it: that file is the translation unit the compiler is
    /// given, so its `-D`/`-U`/`-include` and `-I` are the unit's.
    unit_flags: Option<TranslationEnv>,
}

impl<'a> InContext<'a> {
    /// The file at `path` compiled within `includer` (None: alone).
    fn new(
        inner: &'a dyn IncludeResolver,
        path: &'a Path,
        includer: Option<&'a preprocess::Includer>,
    ) -> InContext<'a> {
        // The includer's own flags even when `compile_commands.json` does
        // not list it: `nvcc main.cu` then compiles the included text with
        // no `-D` of the checked file's own entry.
        let unit_flags = includer.map(|chain| TranslationEnv::for_file(&chain.chain()[0].path));
        InContext {
            inner,
            path,
            includer,
            unit_flags,
        }
    }
}

impl IncludeResolver for InContext<'_> {
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)> {
        self.inner
            .read(from, name)
            .or_else(|| self.unit_flags.as_ref()?.read(from, name))
    }

    fn read_or_reason(&self, from: &Path, name: &str) -> Result<(PathBuf, String), String> {
        self.inner.read_or_reason(from, name).or_else(|reason| {
            self.unit_flags
                .as_ref()
                .and_then(|unit| unit.read(from, name))
                .ok_or(reason)
        })
    }

    fn cuda_prelude(&self) -> Option<String> {
        match &self.unit_flags {
            Some(unit) => unit.cuda_prelude(),
            None => self.inner.cuda_prelude(),
        }
    }

    fn for_other_file(&self, path: &Path) -> Option<Box<dyn IncludeResolver>> {
        self.inner.for_other_file(path)
    }

    fn includer(&self, path: &Path) -> Option<preprocess::Includer> {
        if path == self.path {
            self.includer.cloned()
        } else {
            self.inner.includer(path)
        }
    }
}

/// One analysis of a file from the analyses of its includer contexts: the
/// first, where each kernel takes the report of the context in which its
/// verdict is worst (its findings' file numbers moved to the first
/// analysis's list of files, which gains the files it lacks), and every
/// file-level finding of each.
fn merge_contexts(analyses: Vec<FileAnalysis>) -> FileAnalysis {
    let mut analyses = analyses.into_iter();
    let Some(mut merged) = analyses.next() else {
        unreachable!("a file has at least one context")
    };
    for other in analyses {
        let mut ids: Vec<FileId> = Vec::with_capacity(other.program.files.len());
        for file in &other.program.files {
            let at = match merged
                .program
                .files
                .iter()
                .position(|f| f.path == file.path)
            {
                Some(at) => at,
                None => {
                    merged.program.files.push(file.clone());
                    merged.program.files.len() - 1
                }
            };
            ids.push(FileId(at as u32));
        }
        merged.line_starts = std::sync::OnceLock::new();
        let moved = |span: &mut Span| {
            if let Some(id) = ids.get(span.file.0 as usize) {
                span.file = *id;
            }
        };
        for finding in other.file_findings {
            let mut finding = finding;
            move_finding(&mut finding, &moved);
            if !merged.file_findings.contains(&finding) {
                merged.file_findings.push(finding);
            }
        }
        for mut kernel in other.kernels {
            move_report(&mut kernel.report, &moved);
            let same = merged.kernels.iter_mut().find(|k| {
                k.report.name == kernel.report.name && k.report.name_span == kernel.report.name_span
            });
            match same {
                Some(same) => {
                    if worse(same.report.verdict, kernel.report.verdict) != same.report.verdict {
                        *same = kernel;
                    }
                }
                None => merged.kernels.push(kernel),
            }
        }
    }
    merged
        .kernels
        .sort_by_key(|k| (k.report.name_span.file, k.report.name_span.start));
    merged
}

/// Moves every span of a kernel report with `moved`.
fn move_report(report: &mut KernelReport, moved: &dyn Fn(&mut Span)) {
    moved(&mut report.name_span);
    for finding in &mut report.findings {
        move_finding(finding, moved);
    }
    for race in &mut report.races {
        moved(&mut race.first_span);
        moved(&mut race.second_span);
    }
}

/// Moves every span of a finding with `moved`.
fn move_finding(finding: &mut Finding, moved: &dyn Fn(&mut Span)) {
    moved(&mut finding.span);
    for (span, _) in &mut finding.related {
        moved(span);
    }
    if let Some(race) = &mut finding.race {
        moved(&mut race.first_span);
        moved(&mut race.second_span);
    }
    if let Some(divergence) = &mut finding.divergence {
        moved(&mut divergence.span);
        if let Some(cause) = &mut divergence.cause_span {
            moved(cause);
        }
    }
}

/// [`analyze_file_with`] in the one context `includes` gives the file.
fn analyze_file_in_context(
    path: &Path,
    text: &str,
    settings: &Settings,
    includes: &dyn IncludeResolver,
) -> FileAnalysis {
    let started = Stopwatch::start();
    // Lowering and the launch scans run under the kernels' deadline.
    let (program, launches) = crate::base::interrupt::with(
        front_end_deadline(settings, Duration::ZERO, CLI_BUDGET),
        || {
            let program = lower_guarded(path, text, includes);
            let launches = translation_launches(path, text, includes, &kernel_names(&program));
            (program, launches)
        },
    );
    finish(path, text, program, settings, &launches, &started)
}

/// The front end of one file (preprocessing, parsing, lowering every kernel)
/// runs within one kernel budget: past it, the kernels not yet lowered are
/// `unsupported` with the limit's name, never a hang. (Lowering takes
/// milliseconds per kernel on real programs; only generated kernels of
/// hundreds of thousands of statements come near it.) `setting` names the
/// option that sets the budget in the front door's terms; `spent` of it was
/// spent before (on the budget clock, see `base::clock`).
pub(crate) fn front_end_deadline(
    settings: &Settings,
    spent: Duration,
    setting: &str,
) -> crate::base::interrupt::Interrupt {
    let budget_ms = match settings.kernel_budget_ms {
        0 => crate::check::sdv::DEFAULT_KERNEL_BUDGET_MS,
        ms => ms,
    };
    crate::base::interrupt::Interrupt {
        deadline: Some((
            Deadline::after_spent(Duration::from_millis(budget_ms), spent),
            format!("the kernel budget of {budget_ms} ms ({setting})"),
        )),
        cancel: None,
    }
}

/// How the command line sets the kernel budget (named when it is reached).
pub(crate) const CLI_BUDGET: &str = "`--budget-ms`";

/// The editor's [`front_end_deadline`] (named by its setting).
pub fn editor_front_end_deadline(
    settings: &Settings,
    spent: Duration,
) -> crate::base::interrupt::Interrupt {
    front_end_deadline(settings, spent, "setting `syncwright.kernelBudgetMs`")
}

/// The names of a program's kernels, checked or not.
fn kernel_names(program: &Program) -> Vec<&str> {
    program
        .kernels
        .iter()
        .map(|k| k.name.as_str())
        .chain(program.unsupported.iter().map(|k| k.name.as_str()))
        .collect()
}

/// Lowers `text`; a front-end panic becomes `unsupported` kernels (or a
/// file-level error) carrying the panic message.
pub fn lower_guarded(path: &Path, text: &str, includes: &dyn IncludeResolver) -> Program {
    // The kernels of a long text are found before the front end, not after it
    // stopped at its deadline: the scan (tens of milliseconds for 5 MB, a
    // second under heavy load) then counts within the budget, not past it.
    let long_text_names = (text.len() > MAX_PARSED_NAME_SCAN)
        .then(|| lexical_kernel_names(text, Lang::from_path(path)));
    catch_unwind(AssertUnwindSafe(|| lower_source(path, text, includes))).unwrap_or_else(|panic| {
        let reason = failure_reason("the front end", &*panic);
        match long_text_names {
            Some(names) => program_of_unsupported(path, text, names, reason),
            None => front_end_panic_program(path, text, &reason),
        }
    })
}

/// Analyses an already parsed file (the LSP's incremental parse).
pub fn analyze_parsed(
    path: &Path,
    parsed: &ParsedSource,
    settings: &Settings,
    includes: &dyn IncludeResolver,
) -> FileAnalysis {
    let started = Stopwatch::start();
    let lowered = catch_unwind(AssertUnwindSafe(|| lower_parsed(parsed, path, includes)));
    let program = lowered.unwrap_or_else(|panic| {
        front_end_panic_program(
            path,
            &parsed.text,
            &failure_reason("the front end", &*panic),
        )
    });
    let launches = translation_launches(path, &parsed.text, includes, &kernel_names(&program));
    finish(path, &parsed.text, program, settings, &launches, &started)
}

/// Checks every kernel of an already lowered `program` of the file at `path`.
pub fn analyze_program(path: &Path, program: Program, settings: &Settings) -> FileAnalysis {
    let started = Stopwatch::start();
    let text = program
        .files
        .first()
        .map(|f| f.text.clone())
        .unwrap_or_default();
    let launches = translation_launches(path, &text, &FsIncludes, &kernel_names(&program));
    finish(path, &text, program, settings, &launches, &started)
}

fn finish(
    path: &Path,
    text: &str,
    program: Program,
    settings: &Settings,
    launches: &[LaunchSite],
    started: &Stopwatch,
) -> FileAnalysis {
    // Each kernel's one deadline counts what the file's front end (reading,
    // preprocessing, parsing, lowering, launch scans) took before its check,
    // on the budget clock.
    let front_end = started.elapsed();
    let (config, config_error) = FileConfig::load(path, text);
    let explicit = settings.explicit();
    let mut file_findings = config_findings(text, &config, config_error.as_ref());
    file_findings.extend(program.diagnostics.iter().map(frontend_finding));

    let mut kernels: Vec<KernelAnalysis> = program
        .kernels
        .iter()
        .map(|kernel| {
            let mut analysis = check_launches(kernel, &config, &explicit, launches, front_end);
            // `check` without `--perf` does no bank work at all.
            if settings.perf {
                analysis.banks = banks_guarded(kernel, &analysis.options, &mut analysis.report);
            }
            analysis
        })
        .collect();
    for unsupported in &program.unsupported {
        let resolved = config.resolve(&explicit, None);
        kernels.push(KernelAnalysis {
            kernel: None,
            options: resolved.options,
            block_dim_source: resolved.block_dim_source,
            grid_dim_source: resolved.grid_dim_source,
            report: unsupported_report(unsupported),
            launches: Vec::new(),
            banks: None,
        });
    }
    kernels.sort_by_key(|k| (k.report.name_span.file, k.report.name_span.start));
    if kernels.is_empty() {
        file_findings.extend(no_kernel_finding(text));
    }

    FileAnalysis {
        path: path.to_path_buf(),
        cost: config.cost(&explicit),
        program,
        kernels,
        file_findings,
        config,
        config_error,
        time_ms: started.wall_elapsed().as_secs_f64() * 1000.0,
        line_starts: std::sync::OnceLock::new(),
        perf_severity: settings.perf_severity,
    }
}

/// The launch sizes all of `dims` agree on (the rest unknown).
fn common_dims<'d>(mut dims: impl Iterator<Item = &'d HostLaunchDims>) -> HostLaunchDims {
    let Some(first) = dims.next() else {
        return HostLaunchDims::default();
    };
    let mut common = *first;
    for d in dims {
        if d.block_dim != common.block_dim {
            common.block_dim = None;
        }
        if d.grid_dim != common.grid_dim {
            common.grid_dim = None;
        }
        for k in 0..3 {
            if d.partial_block_dim[k] != common.partial_block_dim[k] {
                common.partial_block_dim[k] = None;
            }
            if d.partial_grid_dim[k] != common.partial_grid_dim[k] {
                common.partial_grid_dim[k] = None;
            }
        }
    }
    common
}

/// One check of a kernel: one launch configuration of the program (or the
/// file's settings when the host code gives none).
#[derive(Clone, Debug)]
pub struct LaunchRun {
    /// The kernel with the parameters that every launch of this run passes
    /// as one constant bound to it; None: the kernel as lowered.
    pub bound: Option<Kernel>,
    /// Those parameters and what every launch passes.
    pub bindings: Vec<(crate::ir::ParamId, Bound)>,
    /// Options of this run.
    pub resolved: ResolvedOptions,
    /// The launches this run stands for.
    pub sites: Vec<LaunchSite>,
    /// Which launches and values, appended to race and divergence messages
    /// (None when no host launch is used).
    pub label: Option<String>,
}

/// How a kernel is checked: its runs, and the options shown for it (the
/// launch sizes the runs agree on; the others symbolic). Both front doors
/// check a kernel through its plan, so they give the same verdicts.
#[derive(Clone, Debug)]
pub struct LaunchPlan {
    /// At least one run.
    pub runs: Vec<LaunchRun>,
    /// Options shown (hover, reports, repairs).
    pub shown: ResolvedOptions,
}

impl LaunchPlan {
    /// One run of the kernel as lowered under `resolved` (no host launch used).
    pub fn single(resolved: ResolvedOptions) -> LaunchPlan {
        LaunchPlan {
            runs: vec![LaunchRun {
                bound: None,
                bindings: Vec::new(),
                resolved: resolved.clone(),
                sites: Vec::new(),
                label: None,
            }],
            shown: resolved,
        }
    }
}

impl LaunchRun {
    /// The kernel this run checks.
    pub fn kernel<'k>(&'k self, lowered: &'k Kernel) -> &'k Kernel {
        self.bound.as_ref().unwrap_or(lowered)
    }
}

/// The launches among `launches` that may be of `kernel`. A launch names
/// its kernel unqualified, and a translation unit may define several kernels
/// of one name (overloads, kernels of other namespaces, specializations): a
/// launch whose shape `kernel` cannot accept (`Arity::may_accept`) is of
/// another one and dropped; a launch another definition may accept too is of
/// one of them, which one is not known, so for `kernel` it becomes a launch
/// with unknown sizes and arguments (a symbolic run), never one that stands
/// in for its symbolic launch: `kernel` may be launched nowhere. Likewise
/// when the launching unit defines the name more often than ours (a
/// sibling file's own `ns::k` next to our `k` it includes).
fn launches_of<'l>(
    kernel: &Kernel,
    launches: &'l [LaunchSite],
) -> std::borrow::Cow<'l, [LaunchSite]> {
    let ours = |s: &LaunchSite| s.kernel == kernel.name;
    let explicit = |s: &LaunchSite| !s.template_values.is_empty();
    let rejected = |s: &LaunchSite| !kernel.arity.may_accept(s.arity, explicit(s));
    let ambiguous = |s: &LaunchSite| {
        kernel
            .rivals
            .iter()
            .any(|r| r.may_accept(s.arity, explicit(s)))
            || s.definitions.len() > 1 + kernel.rivals.len()
    };
    if !launches
        .iter()
        .any(|s| ours(s) && (rejected(s) || ambiguous(s)))
    {
        return std::borrow::Cow::Borrowed(launches);
    }
    let unknown = |s: &LaunchSite| LaunchSite {
        definitions: s.definitions.clone(),
        may_be_another_kernel: true,
        ..unknown_site(&s.kernel, s.location.clone(), s.text.clone())
    };
    launches
        .iter()
        .filter(|s| !ours(s) || !rejected(s))
        .map(|s| {
            if ours(s) && ambiguous(s) {
                unknown(s)
            } else {
                s.clone()
            }
        })
        .collect()
}

/// The plan of `kernel`: each distinct configuration of its host launches (or
/// once, with the file's settings, when it has none).
pub fn launch_plan(
    kernel: &Kernel,
    config: &FileConfig,
    explicit: &Explicit,
    launches: &[LaunchSite],
) -> LaunchPlan {
    let launches = &*launches_of(kernel, launches);
    // A kernel template the program never launches in view runs only as one
    // of its explicit instantiations (the front end records them only where
    // no other file can instantiate the template): one site each, with its
    // template arguments and unknown sizes.
    let instantiated: Vec<LaunchSite>;
    let launches = if launch_configs(&kernel.name, launches).is_empty()
        && !kernel.explicit_instantiations.is_empty()
    {
        instantiated = kernel
            .explicit_instantiations
            .iter()
            .map(|values| LaunchSite {
                template_values: values.clone(),
                // Not a launch: it moves no pointer parameter (see `offset_params_moved`).
                arg_whole: None,
                ..unknown_site(
                    &kernel.name,
                    "explicit instantiation".into(),
                    format!(
                        "template {}<{}>",
                        kernel.name,
                        values
                            .iter()
                            .map(|v| v.map_or("?".to_string(), |v| v.to_string()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })
            .collect();
        instantiated.as_slice()
    } else {
        launches
    };
    let configs = instantiations(launch_configs(&kernel.name, launches));
    let mut runs: Vec<(ResolvedOptions, Vec<&LaunchSite>)> = Vec::new();
    for (dims, sites) in configs {
        let resolved =
            config.resolve_launch(explicit, &dims, kernel.launch_bounds, kernel.required_block);
        // Every launch is an execution, also one whose sizes and arguments
        // are all unknown: it becomes a symbolic run (dropping it would let
        // the other launches' sizes and values stand for it).
        let same_instance = |list: &[&LaunchSite]| {
            list.first().map(|s| &s.template_values) == sites.first().map(|s| &s.template_values)
        };
        match runs
            .iter_mut()
            .find(|(r, list)| r.options == resolved.options && same_instance(list))
        {
            Some((_, list)) => list.extend(sites),
            None => runs.push((resolved, sites)),
        }
    }
    if runs.is_empty() {
        return LaunchPlan::single(config.resolve_launch(
            explicit,
            &crate::config::resolve::HostLaunchDims::default(),
            kernel.launch_bounds,
            kernel.required_block,
        ));
    }
    // Checked under a set of launches: the sizes that differ are not one value.
    let mut shown = runs[0].0.clone();
    let launch = &mut shown.options.launch;
    for (resolved, _) in &runs[1..] {
        if resolved.options.launch.block_dim != launch.block_dim {
            launch.block_dim = None;
        }
        if resolved.options.launch.grid_dim != launch.grid_dim {
            launch.grid_dim = None;
        }
        for k in 0..3 {
            if resolved.options.launch.partial_block_dim[k] != launch.partial_block_dim[k] {
                launch.partial_block_dim[k] = None;
            }
            if resolved.options.launch.partial_grid_dim[k] != launch.partial_grid_dim[k] {
                launch.partial_grid_dim[k] = None;
            }
        }
    }
    shown.options.launch.offset_params_moved = offset_params_moved(
        kernel,
        runs.iter().flat_map(|(_, sites)| sites.iter().copied()),
    );
    shown.options.launch.params_sharing_pointer = params_sharing_pointer(
        kernel,
        runs.iter().flat_map(|(_, sites)| sites.iter().copied()),
    );
    let lowered = kernel;
    let runs = runs
        .into_iter()
        .map(|(mut resolved, sites)| {
            // Struct fields this run's launches show apart from the other
            // pointers they were merged with: the kernel without those merges.
            let apart = lowered.with_field_aliases_dropped(&field_aliases_apart(lowered, &sites));
            let unmerged = apart.is_some();
            let kernel = apart.as_ref().unwrap_or(lowered);
            resolved.options.launch.offset_params_moved =
                offset_params_moved(kernel, sites.iter().copied());
            resolved.options.launch.params_sharing_pointer =
                params_sharing_pointer(kernel, sites.iter().copied());
            let bindings = launch_bindings(kernel, &sites);
            let mut label = launch_label(&sites);
            if !bindings.is_empty() {
                let values: Vec<String> = bindings
                    .iter()
                    .filter_map(|(p, b)| {
                        let name = &kernel.params.get(p.0 as usize)?.name;
                        Some(match b {
                            Bound::Equal(v) => format!("{name}={v}"),
                            Bound::AtLeast(v) => format!("{name}>={v}"),
                            Bound::MultipleOf(m) => format!("{name} a multiple of {m}"),
                        })
                    })
                    .collect();
                label.push_str(&format!(", which passes {}", values.join(", ")));
            }
            let relations = launch_relations(kernel, &resolved, &sites);
            let loop_bounds = super::hostfacts::loop_bound_facts(kernel, &sites);
            let identities = super::hostfacts::identity_facts(kernel, &sites);
            let sorted = super::hostfacts::non_decreasing_facts(kernel, &sites);
            if !relations.is_empty()
                || !loop_bounds.is_empty()
                || !identities.is_empty()
                || !sorted.is_empty()
            {
                let texts: Vec<&str> = relations
                    .iter()
                    .map(|r| r.text.as_str())
                    .chain(loop_bounds.iter().map(|f| f.text.as_str()))
                    .chain(identities.iter().map(|f| f.text.as_str()))
                    .chain(sorted.iter().map(|f| f.text.as_str()))
                    .collect();
                label.push_str(&format!(", where {}", texts.join(", ")));
            }
            // A plain launch does not make the grid barriers order blocks.
            let plain_site = sites.iter().find(|s| s.is_plain());
            let plain = plain_site.is_some() && !grid_barriers(kernel).is_empty();
            if let (true, Some(site)) = (plain, plain_site) {
                label.push_str(&format!(
                    ", with the launch at {} not cooperative",
                    site.location
                ));
            }
            let assumed = !bindings.is_empty()
                || !relations.is_empty()
                || !loop_bounds.is_empty()
                || !identities.is_empty()
                || !sorted.is_empty();
            let bound = (assumed || plain || unmerged).then(|| {
                let mut bound = bind_params(kernel, &bindings);
                assume_relations(&mut bound, &relations);
                super::hostfacts::assume_facts(&mut bound, &loop_bounds);
                super::hostfacts::assume_identity(&mut bound, &identities);
                super::hostfacts::assume_non_decreasing(&mut bound, &sorted);
                if plain {
                    demote_grid_barriers(&mut bound);
                }
                bound
            });
            LaunchRun {
                bound,
                bindings,
                resolved,
                sites: sites.into_iter().cloned().collect(),
                label: Some(label),
            }
        })
        .collect();
    LaunchPlan { runs, shown }
}

/// The pairs of [`Kernel::field_aliases`] that every one of `sites` shows
/// apart: the launch passes the struct by value as a clean local object
/// whose pointer member's views (`HostLaunch::arg_member_views`) meet none
/// of the other pointer's views there (the other parameter's argument, or
/// another member of a clean object), as two pointer arguments whose views
/// do not meet keep the distinct-parameters assumption (see
/// [`params_sharing_pointer`]). The field's pointer is the value the host
/// object's member holds at the launch (the parameter is a copy of it), so
/// this is the rule for `k<<<..>>>(o.m, d)`. A pair stays when any site
/// reads no views for it (an unknown launch, an argument array not read, a
/// member of a nested member or an array member, an object that is not
/// clean), so a kernel with no launch in view keeps every pair.
fn field_aliases_apart(kernel: &Kernel, sites: &[&LaunchSite]) -> Vec<(ArrayId, ArrayId)> {
    if kernel.field_aliases.is_empty() || sites.is_empty() {
        return Vec::new();
    }
    // The views of the array `a` at `site`, when read there.
    let views_of = |site: &LaunchSite, a: ArrayId| -> Option<Vec<PointerView>> {
        let decl = kernel.arrays.get(a.0 as usize)?;
        let position = decl.param? as usize;
        // The member views are read only at a launch that wrote its
        // arguments out on the host, so are the other arguments' views.
        let members = site.arg_member_views.get(position)?.as_ref();
        match decl.name.split_once('.') {
            Some((_, member)) => {
                let members = members?;
                if member.contains(['.', '[']) {
                    return None;
                }
                members
                    .iter()
                    .find(|(m, _)| m == member)
                    .map(|(_, views)| views.clone())
            }
            None => {
                // Some pointer field of the kernel has views at this
                // launch: its arguments were read one by one.
                let read = site.arg_member_views.iter().any(Option::is_some);
                read.then(|| site.arg_views.get(position).cloned())?
            }
        }
    };
    kernel
        .field_aliases
        .iter()
        .filter(|alias| {
            sites.iter().all(|site| {
                if site.args_unread || site.may_be_another_kernel {
                    return false;
                }
                let (Some(a), Some(b)) = (views_of(site, alias.field), views_of(site, alias.other))
                else {
                    return false;
                };
                !a.iter().any(|x| {
                    b.iter()
                        .any(|y| x.compatible(y) && crate::syntax::launches::views_may_meet(x, y))
                })
            })
        })
        .map(|alias| (alias.field, alias.other))
        .collect()
}

/// Positions of the pointer parameters of `kernel` to which one of `sites`
/// passes something other than a host pointer with no visible arithmetic
/// (see `HostLaunch::arg_whole`; a launch whose arguments are unknown passes
/// anything): the offsets-from-base assumption does not hold for them.
fn offset_params_moved<'s>(
    kernel: &Kernel,
    sites: impl Iterator<Item = &'s LaunchSite> + Clone,
) -> Vec<u32> {
    let mut moved: Vec<u32> = kernel
        .arrays
        .iter()
        .filter_map(|a| a.param)
        .filter(|&p| {
            sites.clone().any(|s| {
                s.arg_whole
                    .as_ref()
                    .is_some_and(|w| w.get(p as usize) != Some(&true))
            })
        })
        .collect();
    moved.sort_unstable();
    moved.dedup();
    moved
}

/// Groups of pointer parameters of `kernel` to which one of `sites` may pass
/// views of one allocation (see `syntax::launches::provenance`: the same
/// host name, copies of it, either arm of a `?:`, `d` and `d + 1`, the
/// arguments of a wrapper's call): the distinct-parameters assumption does
/// not hold for them, they point into one array. Each member gets its
/// pointer's difference from the group's first in bytes: a constant where
/// every site that relates the two gives the same one, else an unknown
/// value (symbolic, so the solver finds the overlapping placements). The
/// merged array has every behaviour the distinct ones have (each access
/// keeps its offset relative to its own parameter's pointer), so a pair that
/// only may alias (`dst = c ? a : b`) is sound as one array too.
fn params_sharing_pointer<'s>(
    kernel: &Kernel,
    sites: impl Iterator<Item = &'s LaunchSite>,
) -> Vec<Vec<crate::config::SharedParam>> {
    let pointers: Vec<(u32, u32)> = kernel
        .arrays
        .iter()
        .filter(|a| !a.name.contains('.'))
        .filter_map(|a| a.param.map(|p| (p, a.elem_size)))
        .collect();
    // Byte offset of a view passed to a parameter whose pointee has
    // `size` bytes (a `void *` parameter: unknown).
    let bytes = |offset: Option<i128>, size: u32| -> Option<i128> {
        match offset {
            Some(0) => Some(0),
            Some(k) if size > 0 => k.checked_mul(i128::from(size)),
            _ => None,
        }
    };
    // (p, q, q's pointer minus p's in bytes, None: unknown), p < q.
    let mut edges: Vec<(u32, u32, Option<i128>)> = Vec::new();
    for site in sites {
        // A launch API whose argument array is not read may pass one buffer
        // to several parameters: each two pointer parameters of one element
        // size may be one array, at an unknown distance (a parameter pair of
        // different element types stays distinct: passing one buffer as both
        // is type punning the kernel's accesses would not survive).
        if site.args_unread {
            for (i, &(p, p_size)) in pointers.iter().enumerate() {
                for &(q, q_size) in &pointers[i + 1..] {
                    if p_size == q_size {
                        edges.push((p, q, None));
                    }
                }
            }
        }
        for (i, &(p, p_size)) in pointers.iter().enumerate() {
            let p_views = site.arg_views.get(p as usize);
            let p_name = site.arg_names.get(p as usize).cloned().flatten();
            for &(q, q_size) in &pointers[i + 1..] {
                // One host name passed twice: one pointer.
                if p_name.is_some() && site.arg_names.get(q as usize) == Some(&p_name) {
                    edges.push((p, q, Some(0)));
                }
                let (Some(pv), Some(qv)) = (p_views, site.arg_views.get(q as usize)) else {
                    continue;
                };
                for a in pv {
                    // Same root, or two entries of one pointer table at indices
                    // that may be equal (`syntax::launches::views_may_meet`).
                    let meets = |b: &&crate::syntax::launches::PointerView| {
                        a.compatible(b) && crate::syntax::launches::views_may_meet(a, b)
                    };
                    for b in qv.iter().filter(meets) {
                        let delta = bytes(b.offset, q_size)
                            .zip(bytes(a.offset, p_size))
                            .and_then(|(y, x)| y.checked_sub(x));
                        edges.push((p, q, delta));
                    }
                }
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    if edges.is_empty() {
        return Vec::new();
    }
    // Components over all edges; within each, potentials over the known
    // edges (a cluster), from its smallest member.
    let mut params: Vec<u32> = edges.iter().flat_map(|&(p, q, _)| [p, q]).collect();
    params.sort_unstable();
    params.dedup();
    let index = |p: u32| params.binary_search(&p).unwrap_or(0);
    let mut component: Vec<usize> = (0..params.len()).collect();
    let mut cluster: Vec<usize> = (0..params.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for &(p, q, d) in &edges {
        let (a, b) = (
            find(&mut component, index(p)),
            find(&mut component, index(q)),
        );
        component[a.max(b)] = a.min(b);
        if d.is_some() {
            let (a, b) = (find(&mut cluster, index(p)), find(&mut cluster, index(q)));
            cluster[a.max(b)] = a.min(b);
        }
    }
    // Potential of each member relative to its cluster's smallest member,
    // relaxed along the known edges; a cluster whose edges disagree, or
    // that an unknown edge joins to itself, is conflicted.
    let mut potential: Vec<Option<i128>> = (0..params.len())
        .map(|i| (find(&mut cluster, i) == i).then_some(0))
        .collect();
    let mut conflicted = vec![false; params.len()];
    for _ in 0..params.len() {
        for &(p, q, d) in &edges {
            let Some(d) = d else { continue };
            let (x, y) = (index(p), index(q));
            match (potential[x], potential[y]) {
                (Some(a), None) => potential[y] = a.checked_add(d),
                (None, Some(b)) => potential[x] = b.checked_sub(d),
                (Some(a), Some(b)) if a.checked_add(d) != Some(b) => {
                    let c = find(&mut cluster, x);
                    conflicted[c] = true;
                }
                _ => {}
            }
        }
    }
    for &(p, q, d) in &edges {
        let (x, y) = (index(p), index(q));
        if d.is_none() && find(&mut cluster, x) == find(&mut cluster, y) {
            let c = find(&mut cluster, x);
            conflicted[c] = true;
        }
    }
    let mut groups: Vec<Vec<crate::config::SharedParam>> = Vec::new();
    let mut symbols = 0u32;
    let mut cluster_symbol: crate::base::HashMap<usize, u32> = Default::default();
    for root in 0..params.len() {
        if find(&mut component, root) != root {
            continue;
        }
        let root_cluster = find(&mut cluster, root);
        let mut group = Vec::new();
        for m in 0..params.len() {
            if find(&mut component, m) != root {
                continue;
            }
            let c = find(&mut cluster, m);
            let known = potential[m].filter(|_| !conflicted[c]);
            let (shift, symbol) = match known {
                _ if m == root => (Some(0), None),
                Some(k) if c == root_cluster => (Some(k), None),
                // Known within its own cluster: one unknown difference
                // for the cluster.
                Some(k) => {
                    let s = *cluster_symbol.entry(c).or_insert_with(|| {
                        symbols += 1;
                        symbols - 1
                    });
                    (Some(k), Some(s))
                }
                None => {
                    symbols += 1;
                    (Some(0), Some(symbols - 1))
                }
            };
            let shift = shift.and_then(|k| i64::try_from(k).ok());
            let (shift, symbol) = match shift {
                Some(k) => (k, symbol),
                None => {
                    symbols += 1;
                    (0, Some(symbols - 1))
                }
            };
            group.push(crate::config::SharedParam {
                param: params[m],
                shift,
                symbol,
            });
        }
        groups.push(group);
    }
    groups
}

/// Merges the reports of a plan's runs (in run order) into the kernel's
/// report: the worst verdict, the times and queries summed, each finding once
/// (a race or divergence names the launch it was found under).
pub fn merge_run_reports(
    runs: &[LaunchRun],
    reports: impl IntoIterator<Item = KernelReport>,
) -> Option<KernelReport> {
    let mut merged: Option<KernelReport> = None;
    for (run, mut report) in runs.iter().zip(reports) {
        if let Some(label) = &run.label {
            for finding in &mut report.findings {
                if finding.race.is_some() || finding.divergence.is_some() {
                    finding.message.push_str(&format!(" [{label}]"));
                }
            }
        }
        merged = Some(match merged {
            None => report,
            Some(mut m) => {
                m.verdict = worse(m.verdict, report.verdict);
                m.time_ms += report.time_ms;
                m.solver_queries += report.solver_queries;
                for f in report.findings {
                    let seen = m.findings.iter().any(|g| {
                        g.kind == f.kind
                            && g.span == f.span
                            && g.race.as_ref().map(|r| (r.first, r.second))
                                == f.race.as_ref().map(|r| (r.first, r.second))
                    });
                    if !seen {
                        m.findings.push(f);
                    }
                }
                m.races.extend(report.races);
                m
            }
        });
    }
    merged
}

/// Checks `kernel` through its [`launch_plan`], all runs within one kernel
/// budget.
fn check_launches(
    kernel: &Kernel,
    config: &FileConfig,
    explicit: &Explicit,
    launches: &[LaunchSite],
    front_end: std::time::Duration,
) -> KernelAnalysis {
    let own: Vec<LaunchSite>;
    let launches = if kernel.other_instances.is_empty() {
        launches
    } else {
        own = launches
            .iter()
            .filter(|s| !names_other_instance(kernel, s))
            .cloned()
            .collect();
        &own
    };
    let plan = launch_plan(kernel, config, explicit, launches);
    let mut report = check_plan(kernel, &plan, front_end);
    // One instantiation of a kernel template checked apart: named by its
    // type arguments (its launches are those of the template's name).
    if let Some(instance) = &kernel.instance {
        report.name = format!("{}<{instance}>", kernel.name);
    }
    KernelAnalysis {
        kernel: Some(kernel.clone()),
        options: plan.shown.options,
        block_dim_source: plan.shown.block_dim_source,
        grid_dim_source: plan.shown.grid_dim_source,
        report,
        launches: plan.runs.into_iter().flat_map(|r| r.sites).collect(),
        banks: None,
    }
}

/// Whether the launch `site` is written `k<A><<<..>>>` with template
/// arguments `A` spelled exactly as launches that run only other
/// instantiations of the kernel template checked apart (see
/// `Kernel::other_instances`). A launch spelled any other way stays with
/// every instantiation.
fn names_other_instance(kernel: &Kernel, site: &LaunchSite) -> bool {
    let Some(rest) = site
        .text
        .strip_prefix(kernel.name.as_str())
        .and_then(|r| r.strip_prefix('<'))
    else {
        return false;
    };
    let Some(args) = rest
        .split_once("<<<")
        .and_then(|(a, _)| a.trim_end().strip_suffix('>'))
    else {
        return false;
    };
    let args = args.split_whitespace().collect::<Vec<_>>().join(" ");
    site.kernel == kernel.name && kernel.other_instances.contains(&args)
}

/// Checks `kernel` through `plan` as `check` does: one budget for the
/// kernel, whatever the number of its launch configurations (each check
/// spends from what the earlier ones left), the front end's time counted
/// against its deadline. `fix` re-checks a repaired kernel with this too,
/// so that it calls repaired exactly what `check` of the written text calls
/// race-free (the wall-clock backstop aside).
pub(super) fn check_plan(
    kernel: &Kernel,
    plan: &LaunchPlan,
    front_end: std::time::Duration,
) -> KernelReport {
    check_plan_counted(kernel, plan, front_end).0
}

/// [`check_plan`] with the solver work units the checks spent.
pub(super) fn check_plan_counted(
    kernel: &Kernel,
    plan: &LaunchPlan,
    front_end: std::time::Duration,
) -> (KernelReport, u64) {
    let budget = KernelBudget::after_front_end(&plan.runs[0].resolved.options, front_end);
    check_plan_in(kernel, plan, budget)
}

/// [`check_plan_counted`] as `fix` re-checks a repaired kernel: with the
/// solver work units of `check`, behind a backstop that ends at the
/// kernel's budget (`spent`: the front end and the repair before it), not
/// past it by the checker's margin (see `KernelBudget::ending_at_budget`).
pub(super) fn recheck_plan_counted(
    kernel: &Kernel,
    plan: &LaunchPlan,
    spent: std::time::Duration,
) -> (KernelReport, u64) {
    let budget = KernelBudget::ending_at_budget(&plan.runs[0].resolved.options, spent);
    check_plan_in(kernel, plan, budget)
}

/// [`check_plan_counted`] within `budget`.
fn check_plan_in(
    kernel: &Kernel,
    plan: &LaunchPlan,
    mut budget: KernelBudget,
) -> (KernelReport, u64) {
    let work_at_start = budget.work_left();
    let reports: Vec<KernelReport> = plan
        .runs
        .iter()
        .map(|run| check_guarded_within(run.kernel(kernel), &run.resolved.options, &mut budget))
        .collect();
    let mut report = merge_run_reports(&plan.runs, reports)
        .unwrap_or_else(|| check_guarded_within(kernel, &plan.shown.options, &mut budget));
    report
        .findings
        .extend(non_cooperative_findings(kernel, plan));
    (report, work_at_start.saturating_sub(budget.work_left()))
}

/// `configs` with each configuration's launches split by their constant
/// template arguments, so that each instantiation (`k<2>`, `k<4>`) is
/// checked with its own values, as long as that makes at most
/// [`MAX_INSTANTIATIONS`] runs (else as given: the values that differ stay
/// symbolic).
fn instantiations(
    configs: Vec<(HostLaunchDims, Vec<&LaunchSite>)>,
) -> Vec<(HostLaunchDims, Vec<&LaunchSite>)> {
    let mut split: Vec<(HostLaunchDims, Vec<&LaunchSite>)> = Vec::new();
    for (dims, sites) in &configs {
        let mut groups: Vec<Vec<&LaunchSite>> = Vec::new();
        for site in sites {
            match groups
                .iter_mut()
                .find(|g| g[0].template_values == site.template_values)
            {
                Some(g) => g.push(site),
                None => groups.push(vec![site]),
            }
        }
        split.extend(groups.into_iter().map(|g| (*dims, g)));
    }
    if split.len() > MAX_INSTANTIATIONS {
        return configs;
    }
    split
}

/// The scalar parameters of `kernel` that every launch in `sites` gives the
/// same integer constant (an argument, or an explicit template argument for
/// a value template parameter), with that constant. Those launches are the
/// kernel's executions in the program as written, so the parameter has that
/// value in every execution checked (the finding names the launch and the
/// value).
fn launch_bindings(kernel: &Kernel, sites: &[&LaunchSite]) -> Vec<(crate::ir::ParamId, Bound)> {
    use crate::ir::{ParamId, ScalarTy};
    if sites.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (index, param) in kernel.params.iter().enumerate() {
        if matches!(param.ty, ScalarTy::Float { .. }) {
            continue;
        }
        if let Some((_, member)) = param.name.split_once('.') {
            // A member of a struct passed by value: the constant every
            // launch's aggregate-initialized object gives it (see
            // `HostLaunch::arg_fields`); not a member of a nested member.
            if member.contains('.') || param.position == u32::MAX {
                continue;
            }
            let at = param.position as usize;
            let field = |site: &LaunchSite| -> Option<i128> {
                site.arg_fields
                    .get(at)?
                    .iter()
                    .find(|(name, _)| name == member)
                    .map(|&(_, v)| v)
            };
            if let Some(first) = field(sites[0]) {
                if fits_type(param.ty, first) && sites.iter().all(|s| field(s) == Some(first)) {
                    out.push((ParamId(index as u32), Bound::Equal(first)));
                }
            }
            continue;
        }
        let value_at = |site: &LaunchSite| -> Option<i128> {
            if param.position == u32::MAX {
                let k = kernel
                    .template_params
                    .iter()
                    .position(|n| *n == param.name)?;
                *site.template_values.get(k)?
            } else {
                *site.args.get(param.position as usize)?
            }
        };
        let Some(first) = value_at(sites[0]) else {
            // A multiple of 2^k at every launch (see `pow2_exponent` in
            // `syntax::launches`): still one after the conversion to the
            // parameter's type, which reduces modulo 2^bits.
            if let (true, ScalarTy::Int { bits, signed }) = (param.position != u32::MAX, param.ty) {
                let at = param.position as usize;
                let k = sites
                    .iter()
                    .map(|s| s.arg_pow2.get(at).copied().unwrap_or(0))
                    .min()
                    .unwrap_or(0)
                    // The modulus stays a value of the parameter's type.
                    .min(u32::from(bits).saturating_sub(if signed { 2 } else { 1 }))
                    .min(62);
                if k > 0 {
                    out.push((ParamId(index as u32), Bound::MultipleOf(1i128 << k)));
                }
            }
            // A loop counter passed at every launch: at least the smallest
            // first value (the counter only grows within its loop).
            // The parameter holds every value of an `int` counter (at least
            // 32 bits): the conversion at the call keeps the bound.
            let wide = matches!(param.ty, ScalarTy::Int { bits, .. } if bits >= 32);
            if param.position != u32::MAX && wide {
                let lower = |site: &LaunchSite| -> Option<i128> {
                    let at = param.position as usize;
                    site.args
                        .get(at)
                        .copied()
                        .flatten()
                        .or_else(|| site.arg_lower_bounds.get(at).copied().flatten())
                };
                let bounds: Option<Vec<i128>> = sites.iter().map(|s| lower(s)).collect();
                if let Some(min) = bounds.and_then(|b| b.into_iter().min()) {
                    if fits_type(param.ty, min) {
                        out.push((ParamId(index as u32), Bound::AtLeast(min)));
                    }
                }
            }
            continue;
        };
        if fits_type(param.ty, first) && sites.iter().all(|s| value_at(s) == Some(first)) {
            out.push((ParamId(index as u32), Bound::Equal(first)));
        }
    }
    out
}

/// What the launches say about a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Every launch passes this value.
    Equal(i128),
    /// Every launch passes at least this value.
    AtLeast(i128),
    /// Every launch passes a multiple of this (a power of two).
    MultipleOf(i128),
}

/// Whether `ty` holds `v` (a constant it cannot hold is converted at the
/// call: left unbound rather than converted here).
fn fits_type(ty: crate::ir::ScalarTy, v: i128) -> bool {
    use crate::ir::ScalarTy;
    match ty {
        ScalarTy::Bool => (0..=1).contains(&v),
        ScalarTy::Int { bits, signed } => {
            let b = u32::from(bits.clamp(1, 64));
            if signed {
                -(1i128 << (b - 1)) <= v && v < (1i128 << (b - 1))
            } else {
                0 <= v && v < (1i128 << b)
            }
        }
        _ => false,
    }
}

/// `kernel` with each of `bindings` stated at its entry (`assume(p == v)`,
/// `assume(p >= v)`).
pub fn bind_params(kernel: &Kernel, bindings: &[(crate::ir::ParamId, Bound)]) -> Kernel {
    use crate::ir::{BinOp, Expr};
    let mut bound = kernel.clone();
    let mut conds = Vec::new();
    // Multiples of a power of two: deferred (see `Kernel::deferred_assumes`);
    // bwt's `k % 2 == 0` doubled the time of every query it did not decide.
    let mut multiples = Vec::new();
    for &(p, stated) in bindings {
        let Some(decl) = kernel.params.get(p.0 as usize) else {
            continue;
        };
        let param = || Box::new(Expr::Param(p));
        let int = |v: i128| Box::new(Expr::Int(v, decl.ty));
        let (op, lhs, v) = match stated {
            Bound::Equal(v) => (BinOp::Eq, param(), v),
            Bound::AtLeast(v) => (BinOp::Ge, param(), v),
            // p % m == 0 (C's remainder: also for negative p).
            Bound::MultipleOf(m) => (
                BinOp::Eq,
                Box::new(Expr::Binary(BinOp::Rem, param(), int(m), decl.ty)),
                0,
            ),
        };
        let cond = Expr::Binary(op, lhs, int(v), crate::ir::ScalarTy::Bool);
        if matches!(stated, Bound::MultipleOf(_)) {
            multiples.push(cond);
        } else {
            conds.push(cond);
        }
    }
    bound.assume_at_entry(conds);
    bound.assume_at_entry_deferred(multiples);
    bound
}

/// `launch at main.cu:57 (k<<<grid, block>>>)`, or the first of several.
fn launch_label(sites: &[&LaunchSite]) -> String {
    match sites {
        [] => "host launch".to_string(),
        [one] if one.may_be_another_kernel => format!(
            "launch at {} `{}`, which may be of another kernel named `{}` (its sizes are not used)",
            one.location, one.text, one.kernel
        ),
        [one] => format!("launch at {} `{}`", one.location, one.text),
        [first, rest @ ..] => format!(
            "launch at {} `{}` and {} more with the same sizes",
            first.location,
            first.text,
            rest.len()
        ),
    }
}

/// The more severe of two verdicts.
fn worse(a: Verdict, b: Verdict) -> Verdict {
    let rank = |v: Verdict| match v {
        Verdict::Divergent => 0,
        Verdict::Racy => 1,
        Verdict::Inconclusive => 2,
        Verdict::Unsupported => 3,
        Verdict::RaceFree => 4,
    };
    if rank(b) < rank(a) {
        b
    } else {
        a
    }
}

/// Each kernel's [`LaunchPlan`] for the file at `path` with contents `text`
/// (settings > header comment > `syncwright.toml` > host launches >
/// `__launch_bounds__` > symbolic), for front doors that lower and check
/// kernels themselves (the LSP), with the file-level findings about the launch
/// configuration (an invalid `syncwright.toml`, ignored header flags) as
/// [`analyze_program`] reports them. The command line checks through the same
/// plans, so both give the same verdicts.
pub fn kernel_plans_with_findings(
    path: &Path,
    text: &str,
    settings: &Settings,
    kernels: &[Kernel],
) -> (Vec<LaunchPlan>, Vec<Finding>) {
    kernel_plans_with_includes(path, text, settings, kernels, &FsIncludes)
}

/// [`kernel_plans_with_findings`] with the launch scans reading includes
/// through `includes` (the command line's [`TranslationEnv`], for a front
/// door that must plan exactly as `check` does: the profile).
pub fn kernel_plans_with_includes(
    path: &Path,
    text: &str,
    settings: &Settings,
    kernels: &[Kernel],
    includes: &dyn IncludeResolver,
) -> (Vec<LaunchPlan>, Vec<Finding>) {
    let (config, error) = FileConfig::load(path, text);
    let explicit = settings.explicit();
    let names: Vec<&str> = kernels.iter().map(|k| k.name.as_str()).collect();
    let launches = translation_launches(path, text, includes, &names);
    let plans = kernels
        .iter()
        .map(|k| launch_plan(k, &config, &explicit, &launches))
        .collect();
    (plans, config_findings(text, &config, error.as_ref()))
}

/// Findings about a file's launch configuration.
fn config_findings(text: &str, config: &FileConfig, error: Option<&ConfigError>) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Some(error) = error {
        findings.push(plain_finding(
            DiagnosticKind::SyntaxError,
            format!("invalid configuration file {error}; using the remaining launch settings"),
            Span::new(0, 0),
        ));
    }
    for note in &config.header.notes {
        findings.push(plain_finding(
            DiagnosticKind::Imprecision,
            note.clone(),
            header_span(text),
        ));
    }
    findings
}

/// Checks one kernel; a checker panic becomes an `inconclusive` report with the
/// panic message. Kernel notes the checker did not report become `imprecision`
/// findings.
pub fn check_guarded(kernel: &Kernel, options: &CheckOptions) -> KernelReport {
    check_guarded_within(kernel, options, &mut KernelBudget::new(options))
}

/// [`check_guarded`] within what is left of a kernel's `budget`.
pub fn check_guarded_within(
    kernel: &Kernel,
    options: &CheckOptions,
    budget: &mut KernelBudget,
) -> KernelReport {
    let started = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        check_kernel_within(kernel, options, budget)
    }));
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut report = match outcome {
        Ok(report) => report,
        Err(panic) => KernelReport {
            name: kernel.name.clone(),
            name_span: kernel.name_span,
            verdict: Verdict::Inconclusive,
            findings: vec![plain_finding(
                DiagnosticKind::Inconclusive,
                format!(
                    "internal error in the checker: {}; treat kernel `{}` as possibly racy",
                    panic_message(&*panic),
                    kernel.name
                ),
                kernel.name_span,
            )],
            time_ms: elapsed_ms,
            solver_queries: 0,
            races: Vec::new(),
        },
    };
    if report.time_ms <= 0.0 {
        report.time_ms = elapsed_ms;
    }
    for (span, note) in &kernel.notes {
        let already = report
            .findings
            .iter()
            .any(|f| f.kind == DiagnosticKind::Imprecision && f.span == *span);
        if !already {
            report.findings.push(plain_finding(
                DiagnosticKind::Imprecision,
                note.clone(),
                *span,
            ));
        }
    }
    report
}

/// Bank-conflict analysis of one kernel (`--perf`): its `bank-conflict`
/// findings go into `report`; an analysis panic becomes an `imprecision` note.
pub fn banks_guarded(
    kernel: &Kernel,
    options: &CheckOptions,
    report: &mut KernelReport,
) -> Option<crate::check::banks::BankReport> {
    match catch_unwind(AssertUnwindSafe(|| {
        crate::check::banks::analyze_banks(kernel, options)
    })) {
        Ok(banks) => {
            report
                .findings
                .extend(crate::check::banks::findings(&banks));
            Some(banks)
        }
        Err(panic) => {
            report.findings.push(plain_finding(
                DiagnosticKind::Imprecision,
                format!(
                    "internal error in the bank-conflict analysis: {}",
                    panic_message(&*panic)
                ),
                kernel.name_span,
            ));
            None
        }
    }
}

/// The report of a kernel the front end could not lower.
pub fn unsupported_report(kernel: &UnsupportedKernel) -> KernelReport {
    let mut finding = plain_finding(
        DiagnosticKind::Unsupported,
        format!("kernel `{}` not checked: {}", kernel.name, kernel.reason),
        kernel.span,
    );
    if kernel.span != kernel.name_span {
        finding.related.push((
            kernel.name_span,
            format!("kernel `{}` declared here", kernel.name),
        ));
    }
    KernelReport {
        name: kernel.name.clone(),
        name_span: kernel.name_span,
        verdict: Verdict::Unsupported,
        findings: vec![finding],
        time_ms: 0.0,
        solver_queries: 0,
        races: Vec::new(),
    }
}

/// The finding of a front-end diagnostic: an error is a `syntax-error`, anything
/// else an `imprecision` (severity from `check::diagnostic`, like every kind).
pub fn frontend_finding(diagnostic: &FrontendDiagnostic) -> Finding {
    let kind = if diagnostic.is_error {
        DiagnosticKind::SyntaxError
    } else {
        DiagnosticKind::Imprecision
    };
    plain_finding(kind, diagnostic.message.clone(), diagnostic.span)
}

/// A finding without race or divergence details.
pub fn plain_finding(kind: DiagnosticKind, message: String, span: Span) -> Finding {
    Finding {
        kind,
        message,
        span,
        related: Vec::new(),
        race: None,
        divergence: None,
    }
}

/// The note for a file that mentions kernels but defines none the checker
/// found (the CLI and the editor both report it).
pub(crate) fn no_kernel_finding(text: &str) -> Option<Finding> {
    first_kernel_mention(text).map(|span| {
        plain_finding(
            DiagnosticKind::NoKernel,
            "no kernel defined in this file: kernels are only declared here (their definitions are checked with the files that define them) or defined in inactive preprocessor branches".to_string(),
            span,
        )
    })
}

/// The first `__global__`/`__kernel` (or OpenCL `kernel void`) token outside
/// comments and strings.
fn first_kernel_mention(text: &str) -> Option<Span> {
    use crate::syntax::preprocess::{lex, TokKind};
    let toks: Vec<_> = lex(text)
        .into_iter()
        .filter(|t| !matches!(t.kind, TokKind::Space | TokKind::Newline | TokKind::Comment))
        .collect();
    toks.iter().enumerate().find_map(|(i, t)| {
        let word = text.get(t.start..t.end)?;
        let next = toks.get(i + 1).and_then(|n| text.get(n.start..n.end));
        let mentions = t.kind == TokKind::Ident
            && (matches!(word, "__global__" | "__kernel")
                || (word == "kernel" && next == Some("void")));
        mentions.then(|| Span::new(t.start as u32, t.end as u32))
    })
}

/// Range of the leading comment block (where header flags live), or empty at 0.
fn header_span(text: &str) -> Span {
    let end = text
        .lines()
        .take_while(|l| l.trim_start().starts_with("//"))
        .map(|l| l.len() + 1)
        .sum::<usize>();
    let end = end.min(text.len()).saturating_sub(1);
    Span::new(0, u32::try_from(end).unwrap_or(u32::MAX))
}

/// The program reported when the front end panicked: every kernel a textual scan
/// can find is reported unsupported with the panic message, so none is
/// silently dropped; without any, the error is a file-level diagnostic.
/// `reason`: see [`failure_reason`].
pub(crate) fn front_end_panic_program(path: &Path, text: &str, reason: &str) -> Program {
    // Found even when the front end was stopped by its deadline: no kernel
    // is dropped silently (this scan parses without the interrupt).
    let names = crate::base::interrupt::with(Default::default(), || {
        scan_kernel_names(text, Lang::from_path(path))
    });
    program_of_unsupported(path, text, names, reason.to_string())
}

/// The program of a file whose front end failed or stopped: each of `names`
/// (its kernels, found by a scan) unsupported with `reason`; without any, the
/// reason is a file-level error.
fn program_of_unsupported(
    path: &Path,
    text: &str,
    names: Vec<(String, Span)>,
    reason: String,
) -> Program {
    let unsupported: Vec<UnsupportedKernel> = names
        .into_iter()
        .map(|(name, span)| UnsupportedKernel {
            name,
            name_span: span,
            reason: reason.clone(),
            span,
        })
        .collect();
    let diagnostics = if unsupported.is_empty() {
        vec![FrontendDiagnostic {
            span: Span::new(0, 0),
            message: reason,
            is_error: true,
        }]
    } else {
        Vec::new()
    };
    Program {
        files: vec![SourceFileInfo {
            path: path.display().to_string(),
            text: text.to_string(),
        }],
        kernels: Vec::new(),
        unsupported,
        diagnostics,
    }
}

/// Kernel definitions found by pattern (`queries/kernels.scm`), each name
/// with its span; only a fallback for when the real front end failed. A panic
/// of the parser here too gives none (the caller then reports a file error).
pub(crate) fn scan_kernel_names(text: &str, lang: Lang) -> Vec<(String, Span)> {
    if text.len() > MAX_PARSED_NAME_SCAN {
        return lexical_kernel_names(text, lang);
    }
    guarded("the parser", || {
        let parsed = crate::syntax::parse::parse(text, lang, None);
        crate::syntax::queries::kernels(&parsed)
            .into_iter()
            .map(|k| (k.name, k.name_span))
            .collect()
    })
    .unwrap_or_default()
}

/// Longest text whose kernels are found by parsing it again after the front
/// end failed; a longer one is scanned token by token (parsing 5 MB takes
/// seconds, and the front end may have stopped at its deadline).
const MAX_PARSED_NAME_SCAN: usize = 256 << 10;

/// Kernel definitions found token by token: a kernel qualifier (`__global__`;
/// OpenCL `__kernel`, `kernel`), then a name before `(`, its parameter list,
/// and a `{` before any `;`, the head (qualifier to the parameter list's end)
/// within [`MAX_KERNEL_HEAD_TOKENS`]. Linear in the text (times that bound: a
/// text of unclosed parentheses or qualifiers without a `;` cannot make it
/// quadratic); the tokens are read one at a time and only those from the
/// current one on are kept (materialising the two million tokens of a 5 MB
/// text cost more than a second of page faults under load).
pub(crate) fn lexical_kernel_names(text: &str, lang: Lang) -> Vec<(String, Span)> {
    use crate::syntax::preprocess::TokKind;
    // The lexer polls the interrupt: this scan runs without it.
    crate::base::interrupt::with(Default::default(), || {
        let mut toks = TokenWindow::new(text);
        let is_qualifier = |w: &str| match lang {
            Lang::Cuda => w == "__global__",
            Lang::OpenCl => w == "__kernel" || w == "kernel",
        };
        // The index just past the parenthesis closing the one at `open`,
        // before `limit`.
        let close = |toks: &mut TokenWindow, open: usize, limit: usize| {
            let mut depth = 0usize;
            let mut j = open;
            while let Some(w) = toks.word(j).filter(|_| j < limit) {
                match w {
                    "(" => depth += 1,
                    ")" => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        };
        fn word<'t>(toks: &mut TokenWindow<'t>, i: usize) -> &'t str {
            toks.word(i).unwrap_or("")
        }
        let mut found = Vec::new();
        let mut i = 0;
        while let Some(first) = toks.word(i) {
            // Nothing before `i` is read again.
            toks.forget_before(i);
            if !is_qualifier(first) {
                i += 1;
                continue;
            }
            let limit = i.saturating_add(MAX_KERNEL_HEAD_TOKENS);
            let mut j = i + 1;
            let mut name = None;
            while j < limit
                && toks
                    .word(j)
                    .is_some_and(|w| !matches!(w, ";" | "{" | "}" | ")"))
            {
                let w = word(&mut toks, j);
                if w == "(" {
                    match name {
                        Some(n)
                            if !matches!(
                                word(&mut toks, n),
                                "__launch_bounds__" | "__attribute__" | "__declspec"
                            ) =>
                        {
                            break
                        }
                        _ => {
                            name = None;
                            j = close(&mut toks, j, limit).unwrap_or(TokenWindow::END);
                            continue;
                        }
                    }
                }
                name = (toks.kind(j) == Some(TokKind::Ident)).then_some(j);
                j += 1;
            }
            let after = if j < limit && word(&mut toks, j) == "(" {
                close(&mut toks, j, limit)
            } else {
                None
            };
            let (Some(n), Some(after)) = (name, after) else {
                i += 1;
                continue;
            };
            let mut k = after;
            while toks.word(k).is_some_and(|w| !matches!(w, ";" | "{" | "}")) {
                k += 1;
            }
            if word(&mut toks, k) == "{" {
                if let Some(t) = toks.get(n) {
                    found.push((
                        text[t.start..t.end].to_string(),
                        Span::new(t.start as u32, t.end as u32),
                    ));
                }
            }
            i = k.max(i + 1);
        }
        found
    })
}

/// Most significant tokens from a kernel qualifier to the end of the kernel's
/// parameter list for [`lexical_kernel_names`] (a real head has tens).
pub(crate) const MAX_KERNEL_HEAD_TOKENS: usize = 512;

/// The significant tokens of a text (no spaces, comments or line breaks),
/// indexed from the first, lexed on demand and forgotten once passed.
struct TokenWindow<'t> {
    text: &'t str,
    lexer: crate::syntax::preprocess::Lexer<'t>,
    /// Tokens from index `first` on, as far as read.
    kept: std::collections::VecDeque<crate::syntax::preprocess::Tok>,
    first: usize,
}

impl<'t> TokenWindow<'t> {
    /// An index past every token.
    const END: usize = usize::MAX;

    fn new(text: &'t str) -> TokenWindow<'t> {
        TokenWindow {
            text,
            lexer: crate::syntax::preprocess::Lexer::new(text),
            kept: std::collections::VecDeque::new(),
            first: 0,
        }
    }

    /// The token at `index`; None past the end (or before the kept ones).
    fn get(&mut self, index: usize) -> Option<crate::syntax::preprocess::Tok> {
        use crate::syntax::preprocess::TokKind;
        let offset = index.checked_sub(self.first)?;
        while self.kept.len() <= offset {
            let tok = self.lexer.next()?;
            if !matches!(
                tok.kind,
                TokKind::Space | TokKind::Comment | TokKind::Newline
            ) {
                self.kept.push_back(tok);
            }
        }
        self.kept.get(offset).copied()
    }

    /// The text of the token at `index`.
    fn word(&mut self, index: usize) -> Option<&'t str> {
        let text = self.text;
        self.get(index).and_then(|t| text.get(t.start..t.end))
    }

    /// The kind of the token at `index`.
    fn kind(&mut self, index: usize) -> Option<crate::syntax::preprocess::TokKind> {
        self.get(index).map(|t| t.kind)
    }

    /// Drops the tokens before `index`.
    fn forget_before(&mut self, index: usize) {
        while self.first < index && self.kept.pop_front().is_some() {
            self.first += 1;
        }
    }
}

/// A resolved source range: the file's path and both ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    /// Path of the file the range is in (the analysed file or a header).
    pub path: String,
    /// Whether it is the analysed file itself.
    pub in_main_file: bool,
    /// Start.
    pub start: Position,
    /// End (exclusive).
    pub end: Position,
}

impl FileAnalysis {
    /// Resolves `span` against the program's files (the main file when the span's
    /// file is unknown, e.g. the front end failed).
    pub fn locate(&self, span: Span) -> Location {
        let main = self.path.display().to_string();
        let index = span.file.0 as usize;
        let file = self.program.files.get(index);
        let (path, text, in_main_file) = match file {
            Some(f) if span.file != FileId(0) => (f.path.clone(), f.text.as_str(), false),
            Some(f) => (main, f.text.as_str(), true),
            None => (main, "", true),
        };
        let indexes = self.line_starts.get_or_init(|| {
            self.program
                .files
                .iter()
                .map(|f| LineStarts::new(&f.text))
                .collect()
        });
        let fallback = LineStarts::default();
        let lines = if file.is_some() {
            indexes.get(index).unwrap_or(&fallback)
        } else {
            &fallback
        };
        Location {
            path,
            in_main_file,
            start: lines.position(text, span.start),
            end: lines.position(text, span.end),
        }
    }

    /// The kernel analysis whose report is `name` (first one if overloaded).
    pub fn kernel(&self, name: &str) -> Option<&KernelAnalysis> {
        self.kernels.iter().find(|k| k.report.name == name)
    }
}

/// The launch configuration as data for output (None fields are symbolic).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LaunchSummary {
    /// Threads per block.
    pub block_dim: Option<[u32; 3]>,
    /// Where it came from.
    pub block_dim_source: Source,
    /// Blocks per grid.
    pub grid_dim: Option<[u32; 3]>,
    /// Where it came from.
    pub grid_dim_source: Source,
    /// `__launch_bounds__` maximum.
    pub max_threads_per_block: Option<u32>,
    /// Warp-synchronous semantics.
    pub warp_sync: bool,
    /// The default modelling assumptions in force (README "Modelling
    /// assumptions"): `unused-dims`, `index-fits`, `index-arithmetic-fits`,
    /// `offsets-from-base`, `counter-fits`, `accessor-layout`.
    pub assumptions: Vec<&'static str>,
    /// The host launches whose sizes were used.
    pub launches: Vec<LaunchSite>,
}

impl KernelAnalysis {
    /// What launch configuration the kernel was checked under.
    pub fn launch_summary(&self) -> LaunchSummary {
        let LaunchConfig {
            block_dim,
            grid_dim,
            max_threads_per_block,
            no_unused_dims_assumption,
            no_index_fit_assumption,
            no_index_arithmetic_assumption,
            no_offsets_from_base_assumption,
            no_counter_fit_assumption,
            no_accessor_layout_assumption,
            ..
        } = self.options.launch;
        let assumptions = [
            (no_unused_dims_assumption, "unused-dims"),
            (no_index_fit_assumption, "index-fits"),
            (no_index_arithmetic_assumption, "index-arithmetic-fits"),
            (no_offsets_from_base_assumption, "offsets-from-base"),
            (no_counter_fit_assumption, "counter-fits"),
            (no_accessor_layout_assumption, "accessor-layout"),
        ]
        .into_iter()
        .filter(|(dropped, _)| !dropped)
        .map(|(_, name)| name)
        .collect();
        LaunchSummary {
            block_dim,
            block_dim_source: self.block_dim_source,
            grid_dim,
            grid_dim_source: self.grid_dim_source,
            max_threads_per_block,
            warp_sync: self.options.warp_sync,
            assumptions,
            launches: self.launches.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::LaunchOverrides;

    #[test]
    fn kernel_names_are_scanned_as_fallback() {
        let cuda = "__global__ void k1(int *a) {}\n// __global__ void commented(int *a) {}\nvoid kernel_helper(int kernel) {}\n";
        let names: Vec<String> = scan_kernel_names(cuda, Lang::Cuda)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(names, ["k1"]);
        let (name, span) = &scan_kernel_names(cuda, Lang::Cuda)[0];
        assert_eq!(&cuda[span.start as usize..span.end as usize], name);
        let opencl = "__kernel void k2(__global int *a) {}\nkernel void\nk3 () {}\nvoid kernel_helper(int kernel) {}\n";
        let names: Vec<String> = scan_kernel_names(opencl, Lang::OpenCl)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(names, ["k2", "k3"]);
        assert!(scan_kernel_names("__global__", Lang::Cuda).is_empty());
        assert!(scan_kernel_names("\u{ff}\u{fe} kernel \u{0}(", Lang::OpenCl).is_empty());
    }

    #[test]
    fn kernel_mentions_skip_comments_and_strings() {
        let text = "// __global__ void a();\n/* __kernel */ const char *s = \"__global__\";\n__global__ void k(int *p);\n";
        let span = first_kernel_mention(text).unwrap();
        assert_eq!(&text[span.start as usize..span.end as usize], "__global__");
        assert_eq!(span.start as usize, text.rfind("__global__").unwrap());
        assert_eq!(first_kernel_mention("// __global__\nint kernel;\n"), None);
        assert!(first_kernel_mention("kernel void f(global int *p);").is_some());
    }

    #[test]
    fn declaration_only_header_is_a_no_kernel_note() {
        let a = analyze_file(
            Path::new("/nonexistent-dir/k.h"),
            "__global__ void k(int *p);\n",
            &Settings::default(),
        );
        assert!(a.kernels.is_empty());
        assert_eq!(a.file_findings.len(), 1, "{:?}", a.file_findings);
        assert_eq!(a.file_findings[0].kind, DiagnosticKind::NoKernel);
        assert!(a.is_clean());
        let a = analyze_file(
            Path::new("/nonexistent-dir/h.h"),
            "int f();\n",
            &Settings::default(),
        );
        assert!(a.file_findings.is_empty());
    }

    #[test]
    fn kernels_of_included_headers_are_checked_under_the_includers_macros() {
        let dir =
            std::env::temp_dir().join(format!("syncwright-inc-header-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let header = "#ifdef USE_SHARED\n__global__ void scale(float *a) {\n  __shared__ float s[64];\n  s[threadIdx.x] = a[threadIdx.x];\n  a[threadIdx.x] = s[threadIdx.x + 1];\n}\n#else\n__global__ void scale(float *a) { a[threadIdx.x] *= 2.0f; }\n#endif\n";
        std::fs::write(dir.join("common.h"), header).unwrap();
        let racy =
            "#define USE_SHARED\n#include \"common.h\"\nvoid run() { scale<<<1, 64>>>(0); }\n";
        let a = analyze_file(&dir.join("a.cu"), racy, &Settings::default());
        assert_eq!(a.kernels.len(), 1);
        assert_eq!(a.kernels[0].report.verdict, Verdict::Racy);
        let race = &a.kernels[0].report.findings[0];
        let at = a.locate(race.span);
        assert!(!at.in_main_file && at.path.ends_with("common.h"), "{at:?}");
        assert!(matches!(at.start.line, 3 | 4), "{at:?}");
        let clean = "#include \"common.h\"\nvoid run() { scale<<<1, 64>>>(0); }\n";
        let a = analyze_file(&dir.join("b.cu"), clean, &Settings::default());
        assert_eq!(a.kernels.len(), 1);
        assert_eq!(a.kernels[0].report.verdict, Verdict::RaceFree);
        // The header alone is still checked (symbolic launch: blocks collide).
        let a = analyze_file(&dir.join("common.h"), header, &Settings::default());
        assert_eq!(a.kernels.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn project_include_dirs_defines_and_cuda_target_reach_the_front_end() {
        let dir = std::env::temp_dir().join(format!("syncwright-env-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("inc")).unwrap();
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("syncwright.toml"),
            "cuda_version = \"11.0\"\ncuda_arch = \"sm_70\"\ninclude_dirs = [\"inc\"]\ndefines = [\"SHIFT=1\"]\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("inc/k.cuh"),
            "__global__ void k(int *a) {\n#if CUDA_VERSION < 12000 && __CUDA_ARCH__ == 700\n  a[threadIdx.x] = a[threadIdx.x + SHIFT];\n#else\n  a[threadIdx.x] = 1;\n#endif\n}\n",
        )
        .unwrap();
        let main = dir.join("src/main.cu");
        let env = TranslationEnv::for_file(&main);
        assert_eq!(env.include_dirs, vec![dir.join("inc")]);
        let a = analyze_file(&main, "#include \"k.cuh\"\n", &Settings::default());
        assert_eq!(a.kernels.len(), 1, "{:?}", a.file_findings);
        // CUDA 11.0 for sm_70 with SHIFT=1: the racy branch is compiled.
        assert_eq!(a.kernels[0].report.verdict, Verdict::Racy);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn includers_are_found_across_the_project_through_include_folders_with_their_flags() {
        let dir = std::env::temp_dir().join(format!("syncwright-roots-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        // Racy with WG 512 (threads t and t + 256 write s[t]), race-free with 256.
        let kernel = "#ifndef WG\n#define WG 256\n#endif\n__global__ void scale(float *d) {\n  __shared__ float s[256];\n  s[threadIdx.x % 256] = d[threadIdx.x];\n  __syncthreads();\n  d[threadIdx.x] = s[threadIdx.x % 256];\n}\nvoid run(float *d) { scale<<<1, WG>>>(d); }\n";
        let write = |rel: &str, text: &str| {
            let path = dir.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
            path
        };
        let verdict = |path: &Path| {
            let text = std::fs::read_to_string(path).unwrap();
            let a = analyze_file(path, &text, &Settings::default());
            assert_eq!(a.kernels.len(), 1, "{:?}", a.file_findings);
            a.kernels[0].report.verdict
        };
        // The project root is the marker two folders up: `app/` is a cousin.
        write("far/CMakeLists.txt", "");
        let far = write("far/src/kern/k.cu", kernel);
        assert_eq!(verdict(&far), Verdict::RaceFree);
        write(
            "far/app/main.cu",
            "#define WG 512\n#include \"../src/kern/k.cu\"\nint main() { run(0); }\n",
        );
        assert_eq!(verdict(&far), Verdict::Racy);
        // Found only through the includer's own `-I` (compile_commands.json).
        let via = write("via/k/kern.cu", kernel);
        write(
            "via/app/main.cu",
            "#define WG 512\n#include <kern.cu>\nint main() { run(0); }\n",
        );
        assert_eq!(verdict(&via), Verdict::RaceFree);
        let db = serde_json::json!([{"directory": dir.join("via/app"), "file": "main.cu",
            "command": "nvcc -I../k -c main.cu"}]);
        write("via/compile_commands.json", &db.to_string());
        assert_eq!(verdict(&via), Verdict::Racy);
        // The includer's own `-D` is the translation unit's.
        let flags = write("flags/kern.cu", kernel);
        write(
            "flags/main.cu",
            "#include \"kern.cu\"\nint main() { run(0); }\n",
        );
        assert_eq!(verdict(&flags), Verdict::RaceFree);
        let db = serde_json::json!([{"directory": dir.join("flags"), "file": "main.cu",
            "command": "nvcc '-DWG=512' -c main.cu"}]);
        write("flags/compile_commands.json", &db.to_string());
        assert_eq!(verdict(&flags), Verdict::Racy);
        // A hard link is the same file under another name.
        let linked = write("link/kern.cu", kernel);
        std::fs::hard_link(&linked, dir.join("link/hl.cuh")).unwrap();
        write(
            "link/main.cu",
            "#define WG 512\n#include \"hl.cuh\"\nint main() { run(0); }\n",
        );
        assert_eq!(verdict(&linked), Verdict::Racy);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn project_roots_go_from_the_highest_marker_down_to_the_parent() {
        let dir = std::env::temp_dir().join(format!("syncwright-marks-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("p/q/r/s")).unwrap();
        let dir = std::fs::canonicalize(&dir).unwrap();
        std::fs::write(dir.join("p/Makefile"), "").unwrap();
        std::fs::write(dir.join("p/q/r/CMakeLists.txt"), "").unwrap();
        // The highest marker, the grandparent, then the parent.
        assert_eq!(
            project_roots(&dir.join("p/q/r/s")),
            vec![dir.join("p"), dir.join("p/q"), dir.join("p/q/r")]
        );
        // A marked folder is its own narrowest root.
        assert_eq!(
            project_roots(&dir.join("p/q/r")),
            vec![dir.join("p"), dir.join("p/q/r")]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn host_launch_sizes_reach_the_check_and_name_the_launch() {
        let text = "__global__ void k(int *a) { a[threadIdx.x] = blockIdx.x; }\nvoid run(int *a) {\n  dim3 b(32);\n  k<<<1, b>>>(a);\n  k<<<3, b>>>(a);\n}\n";
        let a = analyze_file(
            Path::new("/nonexistent-dir/l.cu"),
            text,
            &Settings::default(),
        );
        let k = &a.kernels[0];
        assert_eq!(k.launches.len(), 2);
        assert_eq!(k.launches[1].location, "l.cu:5");
        assert_eq!(k.options.launch.block_dim, Some([32, 1, 1]));
        // Checked under both grids: the set leaves the grid open.
        assert_eq!(k.options.launch.grid_dim, None);
        assert_eq!(k.report.verdict, Verdict::Racy);
        let race = &k.report.findings[0];
        assert!(
            race.message.contains("launch at l.cu:5"),
            "{}",
            race.message
        );
        // An explicit setting outranks the host launch.
        let settings = Settings {
            launch: LaunchOverrides {
                grid_dim: Some([1, 1, 1]),
                ..LaunchOverrides::default()
            },
            ..Settings::default()
        };
        let a = analyze_file(Path::new("/nonexistent-dir/l.cu"), text, &settings);
        assert_eq!(a.kernels[0].report.verdict, Verdict::RaceFree);
        assert_eq!(a.kernels[0].grid_dim_source, Source::Explicit);
        assert_eq!(a.kernels[0].block_dim_source, Source::HostLaunch);
    }

    #[test]
    fn a_sibling_files_launch_is_read_again_after_it_changes() {
        // The sibling texts are cached by modification time and length: an
        // edit of the launching file reaches the next analysis.
        let dir = std::env::temp_dir().join(format!("syncwright-sibling-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kernel = "__global__ void k(int *a) { a[threadIdx.x % 32] = threadIdx.x; }\n";
        std::fs::write(dir.join("k.cu"), kernel).unwrap();
        let launch = |block: &str| {
            std::fs::write(
                dir.join("main.cu"),
                format!(
                    "__global__ void k(int *a);\nvoid run(int *a) {{ k<<<1, {block}>>>(a); }}\n"
                ),
            )
            .unwrap();
            analyze_file(&dir.join("k.cu"), kernel, &Settings::default()).kernels[0]
                .report
                .verdict
        };
        assert_eq!(launch("32"), Verdict::RaceFree);
        assert_eq!(launch("128"), Verdict::Racy);
        assert_eq!(launch("16"), Verdict::RaceFree);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_launch_read_by_two_host_passes_is_listed_once() {
        // The header's pass reads main.cu after the header's tokens, and
        // main.cu's own pass reads the header after its own: one launch,
        // numbered two ways, through a wrapper (views with call contexts;
        // `static`: an external wrapper may have callers outside the
        // folder, which the includer's pass counts and the header's not).
        let dir = std::env::temp_dir().join(format!("syncwright-twopass-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kernel = "__global__ void k(float *a, float *b) { a[threadIdx.x] = b[threadIdx.x]; }\n\
                      static void run(float *a, float *b) { k<<<1, 64>>>(a, b); }\n";
        std::fs::write(dir.join("k.h"), kernel).unwrap();
        std::fs::write(
            dir.join("main.cu"),
            "#include \"k.h\"\nint main() { float *a, *b;\n cudaMalloc(&a, 256); cudaMalloc(&b, 256);\n run(a, b);\n k<<<2, 32>>>(b, a);\n}\n",
        )
        .unwrap();
        let analysis = analyze_file(&dir.join("k.h"), kernel, &Settings::default());
        let mut places: Vec<String> = analysis.kernels[0]
            .launches
            .iter()
            .map(|l| {
                l.location
                    .rsplit('/')
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        places.sort();
        assert_eq!(
            places,
            ["k.h:2", "main.cu:5"],
            "{:?}",
            analysis.kernels[0].launches
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_front_end_over_the_budget_reports_the_kernel_with_the_limit() {
        // 40,000 statements lower in far more than 1 ms on any machine.
        let mut text = String::from("__global__ void long_kernel(int *o) {\n  int a = 0;\n");
        for i in 0..40_000 {
            text.push_str(&format!("  a = a + o[{i}];\n"));
        }
        text.push_str("  o[threadIdx.x] = a;\n}\n");
        let settings = Settings {
            kernel_budget_ms: 1,
            ..Settings::default()
        };
        let analysis = analyze_file(Path::new("long.cu"), &text, &settings);
        assert_eq!(
            analysis.kernels.len(),
            1,
            "the kernel is reported, not dropped"
        );
        let report = &analysis.kernels[0].report;
        assert_eq!(report.verdict, Verdict::Unsupported);
        let message = &report.findings[0].message;
        assert!(message.contains("the kernel budget of 1 ms"), "{message}");
    }

    #[test]
    fn front_end_panic_reports_every_kernel_unsupported() {
        let program = front_end_panic_program(Path::new("a.cu"), "__global__ void k(){}", "boom");
        assert_eq!(program.unsupported.len(), 1);
        assert!(program.unsupported[0].reason.contains("boom"));
        let program = front_end_panic_program(Path::new("a.cu"), "int x;", "boom");
        assert_eq!(program.diagnostics.len(), 1);
        assert!(program.diagnostics[0].is_error);
    }

    #[test]
    fn kernel_options_follow_settings_header_and_launch_bounds() {
        use crate::ide::LaunchOverrides;
        let kernel = |bounds| Kernel {
            launch_bounds: bounds,
            ..Kernel::new("k".into(), crate::ir::Lang::Cuda)
        };
        let settings = Settings {
            launch: LaunchOverrides {
                block_dim: None,
                grid_dim: Some([2, 1, 1]),
                ..LaunchOverrides::default()
            },
            ..Settings::default()
        };
        let (plans, findings) = kernel_plans_with_findings(
            Path::new("/nonexistent-dir/k.cu"),
            "//pass\n//--blockDim=32 --gridDim=8\n",
            &settings,
            &[kernel(None), kernel(Some(128))],
        );
        assert!(findings.is_empty(), "{findings:?}");
        let options: Vec<&CheckOptions> = plans.iter().map(|p| &p.shown.options).collect();
        assert_eq!(options.len(), 2);
        assert_eq!(options[0].launch.block_dim, Some([32, 1, 1]));
        assert_eq!(options[0].launch.grid_dim, Some([2, 1, 1]));
        assert_eq!(options[1].launch.max_threads_per_block, Some(128));
    }
}
