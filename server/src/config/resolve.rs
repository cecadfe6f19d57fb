//! Launch configuration resolution: CLI flags > header comment > syncwright.toml >
//! host launch > `__launch_bounds__` > symbolic.
//!
//! Each launch dimension is taken from the highest-priority source that gives it,
//! independently of the others. The header comment is GPUVerify's: a leading `//`
//! line made only of `-` flags (`//--blockDim=64 --gridDim=[4,4]`). Any other
//! leading comment line, in particular an expected-outcome line (`//pass`,
//! `//xfail:...`) or an expected-output regex, is never read: the checker decides alone.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{CheckOptions, CostModel, LaunchConfig};

/// Name of the project configuration file, looked up from the analysed file upward.
pub const PROJECT_CONFIG_FILE: &str = "syncwright.toml";

/// Where a resolved setting came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// CLI flag or editor setting.
    Explicit,
    /// GPUVerify-style header comment in the file.
    Header,
    /// `syncwright.toml`.
    ProjectFile,
    /// A launch of the kernel in the host code of the translation unit.
    HostLaunch,
    /// `__launch_bounds__`.
    LaunchBounds,
    /// OpenCL `reqd_work_group_size(X, Y, Z)`.
    RequiredSize,
    /// Nothing given: any value allowed.
    Symbolic,
    /// Built-in default.
    Default,
}

impl Source {
    /// Human-readable spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Explicit => "explicit",
            Source::Header => "header",
            Source::ProjectFile => "project-file",
            Source::HostLaunch => "host-launch",
            Source::LaunchBounds => "launch-bounds",
            Source::RequiredSize => "reqd-work-group-size",
            Source::Symbolic => "symbolic",
            Source::Default => "default",
        }
    }
}

/// An invalid `syncwright.toml` (or an unreadable one), with its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The offending file.
    pub path: PathBuf,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for ConfigError {}

/// Settings given explicitly (CLI flags, editor settings): the highest priority.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Explicit {
    /// `--block-dim`.
    pub block_dim: Option<[u32; 3]>,
    /// `--grid-dim`.
    pub grid_dim: Option<[u32; 3]>,
    /// `--warp-sync` (can only switch warp-synchronous semantics on).
    pub warp_sync: bool,
    /// `--budget-ms`.
    pub kernel_budget_ms: Option<u64>,
    /// `--loop-cost` / `--cond-cost`.
    pub cost: Option<CostModel>,
    /// `--no-assume-unused-dims`.
    pub no_assume_unused_dims: bool,
    /// `--no-assume-index-fits`.
    pub no_assume_index_fits: bool,
    /// `--no-assume-index-arithmetic-fits`.
    pub no_assume_index_arithmetic_fits: bool,
    /// `--no-assume-offsets-from-base`.
    pub no_assume_offsets_from_base: bool,
    /// `--no-assume-counter-fits`.
    pub no_assume_counter_fits: bool,
    /// `--no-assume-accessor-layout`.
    pub no_assume_accessor_layout: bool,
}

/// Launch settings read from a GPUVerify-style header comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeaderConfig {
    /// `--blockDim=` / `--local_size=`.
    pub block_dim: Option<[u32; 3]>,
    /// `--gridDim=` / `--num_groups=` (or `--global_size=` divided by the local size).
    pub grid_dim: Option<[u32; 3]>,
    /// `--global_offset=`.
    pub global_offset: Option<[u32; 3]>,
    /// `--warp-sync` / `--warp-sync=32`.
    pub warp_sync: Option<bool>,
    /// `--no-benign-tolerance` gives `Some(false)`.
    pub benign_tolerance: Option<bool>,
    /// `--adversarial-abstraction` gives `Some(true)`.
    pub adversarial_abstraction: Option<bool>,
    /// Header flags that were recognised but could not be used, with the reason.
    pub notes: Vec<String>,
}

/// Parses a dimension list: `64`, `[4,4]`, `1,10`, `[64, 64, 64]`; missing
/// trailing dimensions are 1. `allow_zero` admits 0 entries (offsets).
pub fn parse_dims(text: &str, allow_zero: bool) -> Result<[u32; 3], String> {
    let inner = text.trim();
    let inner = inner.strip_prefix('[').unwrap_or(inner);
    let inner = inner.strip_suffix(']').unwrap_or(inner);
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!(
            "expected 1 to 3 comma-separated numbers, got `{text}`"
        ));
    }
    let mut dims = [1u32; 3];
    for (slot, part) in dims.iter_mut().zip(&parts) {
        let value: u32 = part
            .parse()
            .map_err(|_| format!("`{part}` is not a non-negative integer (in `{text}`)"))?;
        if value == 0 && !allow_zero {
            return Err(format!("dimensions must be at least 1 (in `{text}`)"));
        }
        *slot = value;
    }
    if allow_zero && parts.len() < 3 {
        for slot in dims.iter_mut().skip(parts.len()) {
            *slot = 0;
        }
    }
    Ok(dims)
}

/// Reads the GPUVerify-style flags from the first leading `//` comment line
/// that consists of flags only.
pub fn parse_header(text: &str) -> HeaderConfig {
    let mut header = HeaderConfig::default();
    let mut local_size = None;
    let mut global_size = None;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some(body) = line.strip_prefix("//") else {
            break;
        };
        let tokens: Vec<&str> = body.split_whitespace().collect();
        // Only a line made entirely of flags is a command line; the expected-outcome
        // line and expected-output regexes never are.
        if tokens.is_empty() || !tokens.iter().all(|t| t.starts_with('-')) {
            continue;
        }
        for token in tokens {
            let (flag, value) = match token.split_once('=') {
                Some((flag, value)) => (flag, Some(value)),
                None => (token, None),
            };
            let mut dims = |allow_zero: bool| -> Option<[u32; 3]> {
                // `*` leaves the dimension unconstrained, as in GPUVerify.
                let value = value.filter(|v| *v != "*");
                if value.is_none() && token.ends_with("=*") {
                    return None;
                }
                let Some(value) = value else {
                    header
                        .notes
                        .push(format!("header flag `{flag}` needs a value; ignored"));
                    return None;
                };
                match parse_dims(value, allow_zero) {
                    Ok(d) => Some(d),
                    Err(e) => {
                        header
                            .notes
                            .push(format!("header flag `{flag}` ignored: {e}"));
                        None
                    }
                }
            };
            match flag {
                "--blockDim" => header.block_dim = dims(false).or(header.block_dim),
                "--gridDim" | "--num_groups" => header.grid_dim = dims(false).or(header.grid_dim),
                "--local_size" => local_size = dims(false).or(local_size),
                "--global_size" => global_size = dims(false).or(global_size),
                "--global_offset" => header.global_offset = dims(true).or(header.global_offset),
                "--warp-sync" => match value.map(str::parse::<u32>) {
                    None | Some(Ok(32)) => header.warp_sync = Some(true),
                    // A smaller or larger warp than the 32 threads the checker
                    // models: keep the sound default (no lockstep assumption).
                    Some(_) => header.notes.push(format!(
                        "header flag `{token}` ignored: only warp-synchronous execution with 32-thread warps is modelled"
                    )),
                },
                "--no-benign-tolerance" => header.benign_tolerance = Some(false),
                "--adversarial-abstraction" => header.adversarial_abstraction = Some(true),
                _ => {}
            }
        }
        // GPUVerify reads one command line; later comment lines are not flags.
        break;
    }
    if let Some(local) = local_size {
        header.block_dim = Some(local);
    }
    if let Some(global) = global_size {
        match header.block_dim {
            Some(local) if global.iter().zip(&local).all(|(g, l)| g % l == 0) => {
                let groups = [
                    global[0] / local[0],
                    global[1] / local[1],
                    global[2] / local[2],
                ];
                header.grid_dim = header.grid_dim.or(Some(groups));
            }
            Some(_) => header.notes.push(
                "header flag `--global_size` ignored: not a multiple of the local size".to_string(),
            ),
            None => header.notes.push(
                "header flag `--global_size` ignored: no `--local_size` to divide it by"
                    .to_string(),
            ),
        }
    }
    header
}

/// A dimension in `syncwright.toml`: `256` or `[16, 16]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum DimSpec {
    /// One number (x; y and z are 1).
    Scalar(u32),
    /// One to three numbers.
    List(Vec<u32>),
}

impl DimSpec {
    fn to_dims(&self) -> Result<[u32; 3], String> {
        let list = match self {
            DimSpec::Scalar(x) => vec![*x],
            DimSpec::List(list) => list.clone(),
        };
        if list.is_empty() || list.len() > 3 {
            return Err(format!("expected 1 to 3 dimensions, got {}", list.len()));
        }
        if list.contains(&0) {
            return Err("dimensions must be at least 1".to_string());
        }
        let mut dims = [1u32; 3];
        dims[..list.len()].copy_from_slice(&list);
        Ok(dims)
    }
}

/// `[launch]` of `syncwright.toml`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaunchSection {
    /// Threads per block.
    pub block_dim: Option<DimSpec>,
    /// Blocks per grid.
    pub grid_dim: Option<DimSpec>,
}

/// `[cost]` of `syncwright.toml`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostSection {
    /// LC.
    pub loop_cost: Option<f64>,
    /// IC.
    pub cond_cost: Option<f64>,
}

/// Contents of `syncwright.toml`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProjectFile {
    /// Warp-synchronous semantics.
    pub warp_sync: Option<bool>,
    /// Per-kernel budget in milliseconds.
    pub kernel_budget_ms: Option<u64>,
    /// Tolerate write-write races that store equal values (default true).
    pub benign_tolerance: Option<bool>,
    /// Never assume equal reads of one uniform address (default false).
    pub adversarial_abstraction: Option<bool>,
    /// A kernel never reading y/z of its ids is launched with extent 1 there (default true).
    pub assume_unused_dims: Option<bool>,
    /// Global indices fit a signed 32-bit int: gridDim * blockDim <= 2^31 (default true).
    pub assume_index_fits: Option<bool>,
    /// Index arithmetic of ids, launch sizes and integer parameters does not wrap (default true).
    pub assume_index_arithmetic_fits: Option<bool>,
    /// Accesses through pointer parameters and into declared arrays are at
    /// non-negative offsets from their start (default true).
    pub assume_offsets_from_base: Option<bool>,
    /// A loop counter bounded by the loop condition in the direction of its
    /// step does not wrap (default true).
    pub assume_counter_fits: Option<bool>,
    /// PyTorch accessors' layouts do not overlap and their subscripts are in bounds (default true).
    pub assume_accessor_layout: Option<bool>,
    /// CUDA toolkit version the code is compiled with, e.g. "12.8".
    pub cuda_version: Option<String>,
    /// GPU architecture, e.g. "sm_80".
    pub cuda_arch: Option<String>,
    /// Folders searched for quoted includes after the including file's folder
    /// (relative to the folder of `syncwright.toml`).
    #[serde(default)]
    pub include_dirs: Vec<String>,
    /// Macros defined before the file, as `-D` does: "NAME" or "NAME=VALUE".
    #[serde(default)]
    pub defines: Vec<String>,
    /// Launch configuration.
    #[serde(default)]
    pub launch: LaunchSection,
    /// Cost model.
    #[serde(default)]
    pub cost: CostSection,
}

/// A validated `syncwright.toml`.
#[derive(Clone, Debug, PartialEq)]
pub struct ProjectConfig {
    /// Where it was found.
    pub path: PathBuf,
    /// Threads per block.
    pub block_dim: Option<[u32; 3]>,
    /// Blocks per grid.
    pub grid_dim: Option<[u32; 3]>,
    /// Warp-synchronous semantics.
    pub warp_sync: Option<bool>,
    /// Per-kernel budget in milliseconds.
    pub kernel_budget_ms: Option<u64>,
    /// Tolerate write-write races that store equal values.
    pub benign_tolerance: Option<bool>,
    /// Never assume equal reads of one uniform address.
    pub adversarial_abstraction: Option<bool>,
    /// `assume_unused_dims`.
    pub assume_unused_dims: Option<bool>,
    /// `assume_index_fits`.
    pub assume_index_fits: Option<bool>,
    /// `assume_index_arithmetic_fits`.
    pub assume_index_arithmetic_fits: Option<bool>,
    /// `assume_offsets_from_base`.
    pub assume_offsets_from_base: Option<bool>,
    /// `assume_counter_fits`.
    pub assume_counter_fits: Option<bool>,
    /// `assume_accessor_layout`.
    pub assume_accessor_layout: Option<bool>,
    /// CUDA version (major, minor).
    pub cuda_version: Option<(u32, u32)>,
    /// Architecture (compute capability times 10).
    pub cuda_arch: Option<u32>,
    /// Include folders, absolute.
    pub include_dirs: Vec<PathBuf>,
    /// `-D`-style definitions.
    pub defines: Vec<String>,
    /// Cost model (unset fields keep their defaults).
    pub cost: Option<CostModel>,
}

/// Parses and validates the text of a `syncwright.toml` found at `path`.
pub fn parse_project_config(path: &Path, text: &str) -> Result<ProjectConfig, ConfigError> {
    let error = |message: String| ConfigError {
        path: path.to_path_buf(),
        message,
    };
    let file: ProjectFile =
        toml::from_str(text).map_err(|e| error(e.to_string().trim_end().to_string()))?;
    let dims = |spec: &Option<DimSpec>, key: &str| -> Result<Option<[u32; 3]>, ConfigError> {
        spec.as_ref()
            .map(|s| s.to_dims().map_err(|e| error(format!("launch.{key}: {e}"))))
            .transpose()
    };
    let cuda_version = file
        .cuda_version
        .as_deref()
        .map(|v| {
            crate::syntax::preprocess::CudaTarget::parse_version(v).ok_or_else(|| {
                error(format!(
                    "cuda_version: `{v}` is not a version such as \"12.8\""
                ))
            })
        })
        .transpose()?;
    let cuda_arch = file
        .cuda_arch
        .as_deref()
        .map(|a| {
            crate::syntax::preprocess::CudaTarget::parse_arch(a).ok_or_else(|| {
                error(format!(
                    "cuda_arch: `{a}` is not an architecture such as \"sm_80\""
                ))
            })
        })
        .transpose()?;
    let block_dim = dims(&file.launch.block_dim, "block_dim")?;
    let grid_dim = dims(&file.launch.grid_dim, "grid_dim")?;
    for (key, value) in [
        ("loop_cost", file.cost.loop_cost),
        ("cond_cost", file.cost.cond_cost),
    ] {
        if let Some(v) = value {
            if !v.is_finite() || v <= 0.0 {
                return Err(error(format!(
                    "cost.{key}: must be a positive number, got {v}"
                )));
            }
        }
    }
    let cost = (file.cost.loop_cost.is_some() || file.cost.cond_cost.is_some()).then(|| {
        let default = CostModel::default();
        CostModel {
            loop_cost: file.cost.loop_cost.unwrap_or(default.loop_cost),
            cond_cost: file.cost.cond_cost.unwrap_or(default.cond_cost),
        }
    });
    Ok(ProjectConfig {
        path: path.to_path_buf(),
        block_dim,
        grid_dim,
        warp_sync: file.warp_sync,
        kernel_budget_ms: file.kernel_budget_ms,
        benign_tolerance: file.benign_tolerance,
        adversarial_abstraction: file.adversarial_abstraction,
        assume_unused_dims: file.assume_unused_dims,
        assume_index_fits: file.assume_index_fits,
        assume_index_arithmetic_fits: file.assume_index_arithmetic_fits,
        assume_offsets_from_base: file.assume_offsets_from_base,
        assume_counter_fits: file.assume_counter_fits,
        assume_accessor_layout: file.assume_accessor_layout,
        cuda_version,
        cuda_arch,
        include_dirs: file
            .include_dirs
            .iter()
            .map(|d| path.parent().unwrap_or(Path::new(".")).join(d))
            .collect(),
        defines: file.defines,
        cost,
    })
}

/// Finds the nearest `syncwright.toml` in the directory of `file` or above and parses it.
pub fn find_project_config(file: &Path) -> Result<Option<ProjectConfig>, ConfigError> {
    // Taken once per file when the files are frozen: every file of a folder
    // asks for each of its siblings' settings (their launches).
    static MEMO: std::sync::OnceLock<
        crate::base::Memo<PathBuf, Result<Option<ProjectConfig>, ConfigError>>,
    > = std::sync::OnceLock::new();
    if crate::base::files_frozen() {
        return MEMO
            .get_or_init(Default::default)
            .get_or_compute(file.to_path_buf(), || read_project_config(file));
    }
    read_project_config(file)
}

/// [`find_project_config`], read off the disk.
fn read_project_config(file: &Path) -> Result<Option<ProjectConfig>, ConfigError> {
    let absolute = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    for dir in absolute.ancestors().skip(1) {
        let candidate = dir.join(PROJECT_CONFIG_FILE);
        if !candidate.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&candidate).map_err(|e| ConfigError {
            path: candidate.clone(),
            message: format!("cannot read: {e}"),
        })?;
        return parse_project_config(&candidate, &text).map(Some);
    }
    Ok(None)
}

/// Compilation flags of one file from the nearest `compile_commands.json`
/// (clang's compilation database): `-I`, `-D`/`-U`, forced includes and the
/// GPU architecture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompileFlags {
    /// `-I`/`-isystem`/`--include-path` folders, absolute.
    pub include_dirs: Vec<PathBuf>,
    /// `-D` definitions in force after every `-U` (each `-D`/`-U` applies in
    /// command-line order, as the compiler reads them).
    pub defines: Vec<String>,
    /// Names a `-U` leaves undefined (no later `-D` defines them again).
    pub undefines: Vec<String>,
    /// Files `-include`/`--pre-include`/`-imacros` read before the file
    /// (absolute: relative ones from the entry's folder).
    pub pre_includes: Vec<PathBuf>,
    /// `-arch=sm_XX` / `--gpu-architecture=...` / `--cuda-gpu-arch=...`.
    pub arch: Option<u32>,
    /// Why the file's macros are not known: the database lists it in several
    /// entries with different flags (one object per configuration), or a
    /// command line that cannot be split (an unbalanced quote).
    pub unknown: Option<String>,
}

impl CompileFlags {
    /// The flags' macros as preprocessor lines: `#undef` of each
    /// [`undefines`](Self::undefines) name (a predefined macro), the
    /// `-D` definitions, then an `#include` of each forced include.
    pub fn macro_lines(&self) -> String {
        let mut text: String = self
            .undefines
            .iter()
            .map(|name| format!("#undef {name}\n"))
            .collect();
        text.push_str(&crate::syntax::preprocess::define_lines(&self.defines));
        for file in &self.pre_includes {
            text.push_str(&format!("#include \"{}\"\n", file.display()));
        }
        text
    }
}

/// The flags `compile_commands.json` (in the file's folder or above, or in a
/// `build/` folder there) gives `file`, if it lists it. Unreadable or malformed
/// databases are ignored: they only refine the defaults. A file listed by
/// several entries with different flags has the first entry's flags and
/// [`CompileFlags::unknown`] says so.
pub fn find_compile_flags(file: &Path) -> Option<CompileFlags> {
    // Taken once per file when the files are frozen: every file of a folder
    // asks for each of its siblings' flags (their launches), and the
    // includer search for each includer's.
    static MEMO: std::sync::OnceLock<crate::base::Memo<PathBuf, Option<CompileFlags>>> =
        std::sync::OnceLock::new();
    if crate::base::files_frozen() {
        return MEMO
            .get_or_init(Default::default)
            .get_or_compute(file.to_path_buf(), || read_compile_flags(file));
    }
    read_compile_flags(file)
}

/// The parsed entries of the compilation database at `path`; None when it
/// does not exist or cannot be read. Outer None: the file is there but is
/// not a JSON array (then it does not refine anything). Parsed once per
/// process when the files are frozen: a database of a large project is
/// megabytes, and each file checked asks for several files' flags (the
/// editor reads it again each time: it may change meanwhile).
#[allow(clippy::type_complexity)]
fn compile_database(path: &Path) -> Option<Option<std::sync::Arc<Vec<serde_json::Value>>>> {
    type Entries = Option<Option<std::sync::Arc<Vec<serde_json::Value>>>>;
    static MEMO: std::sync::OnceLock<crate::base::Memo<PathBuf, Entries>> =
        std::sync::OnceLock::new();
    let read = || -> Entries {
        if !std::fs::metadata(path).ok()?.is_file() {
            return None;
        }
        let text = std::fs::read_to_string(path).ok()?;
        Some(
            serde_json::from_str::<Vec<serde_json::Value>>(&text)
                .ok()
                .map(std::sync::Arc::new),
        )
    };
    if crate::base::files_frozen() {
        return MEMO
            .get_or_init(Default::default)
            .get_or_compute(path.to_path_buf(), read);
    }
    read()
}

/// [`find_compile_flags`], read off the disk (through [`compile_database`]).
fn read_compile_flags(file: &Path) -> Option<CompileFlags> {
    let absolute = std::path::absolute(file).ok()?;
    for dir in absolute.ancestors().skip(1) {
        for candidate in [
            dir.join("compile_commands.json"),
            dir.join("build").join("compile_commands.json"),
        ] {
            let Some(entries) = compile_database(&candidate) else {
                continue;
            };
            let entries = entries?;
            let mut listed = entries
                .iter()
                .filter_map(|e| compile_entry_flags(e, &absolute));
            let mut first = listed.next()?;
            let differs = |other: &CompileFlags| {
                (&other.include_dirs, &other.defines, &other.undefines)
                    != (&first.include_dirs, &first.defines, &first.undefines)
                    || other.pre_includes != first.pre_includes
                    || other.arch != first.arch
            };
            if first.unknown.is_none() && listed.any(|other| differs(&other)) {
                first.unknown = Some(format!(
                    "{} lists {} in several entries with different flags",
                    candidate.display(),
                    file.display()
                ));
            }
            return Some(first);
        }
    }
    None
}

fn compile_entry_flags(entry: &serde_json::Value, file: &Path) -> Option<CompileFlags> {
    let directory = PathBuf::from(entry.get("directory")?.as_str()?);
    let listed = directory.join(entry.get("file")?.as_str()?);
    let same = |a: &Path, b: &Path| {
        std::fs::canonicalize(a)
            .ok()
            .zip(std::fs::canonicalize(b).ok())
            .is_some_and(|(x, y)| x == y)
            || a == b
    };
    if !same(&listed, file) {
        return None;
    }
    let mut flags = CompileFlags::default();
    let args: Vec<String> = match entry.get("arguments").and_then(|a| a.as_array()) {
        Some(list) => list
            .iter()
            .filter_map(|a| a.as_str().map(str::to_string))
            .collect(),
        // `command` is one shell command line: quotes and backslashes
        // group and escape as the shell's do (`"-DM=128"` is `-DM=128`).
        None => {
            let command = entry.get("command")?.as_str()?;
            shlex::split(command).unwrap_or_else(|| {
                flags.unknown = Some(format!(
                    "the compile command of {} cannot be split (an unbalanced quote)",
                    file.display()
                ));
                command.split_whitespace().map(str::to_string).collect()
            })
        }
    };
    let args = expand_response_files(args, &directory, &mut flags.unknown);
    // Folders searched after every other (`-idirafter`).
    let mut after_dirs: Vec<PathBuf> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        // Options of another tool (the host compiler, the assembler, the
        // linker): their value is that tool's, not the device front end's.
        if let Some(tool) = PASS_THROUGH_OPTIONS
            .iter()
            .find(|o| arg == **o || arg.strip_prefix(**o).is_some_and(|r| r.starts_with('=')))
        {
            let value = match arg.split_once('=') {
                Some((_, v)) if arg != *tool => Some(v.to_string()),
                _ => {
                    i += 1;
                    args.get(i).cloned()
                }
            };
            // A macro or include folder given to the host compiler
            // (`-Xcompiler -DM=1`): whether the device pass's preprocessing
            // sees it depends on the driver, so the file's macros are not
            // known (a `#if M` may choose the code checked).
            let sets_macros = value.as_deref().is_some_and(|v| {
                v.split([',', ' ', '\t']).any(|opt| {
                    [
                        "-D",
                        "-U",
                        "-I",
                        "-include",
                        "-imacros",
                        "-isystem",
                        "-iquote",
                        "-idirafter",
                    ]
                    .iter()
                    .any(|p| opt.starts_with(p))
                })
            });
            if sets_macros && flags.unknown.is_none() {
                flags.unknown = Some(format!(
                    "the compile command of {} gives macros or include folders through `{tool}` (the host compiler's options), which the device code may or may not see",
                    file.display()
                ));
            }
            i += 1;
            continue;
        }
        // GCC's and clang's double-dash spellings, taken whole
        // (`--include-path` is nvcc's `-I`, not `--include` of `-path`).
        let double_dash = |name: &str| arg == name || arg.starts_with(&format!("{name}="));
        if double_dash("--include") || double_dash("--imacros") {
            let header = joined_or_next(arg, &args, &mut i);
            flags.pre_includes.extend(header.map(|h| directory.join(h)));
            i += 1;
            continue;
        }
        if double_dash("--include-directory") || double_dash("--include-directory-after") {
            let dir = joined_or_next(arg, &args, &mut i);
            let after = arg.starts_with("--include-directory-after");
            if let Some(dir) = dir.map(|d| directory.join(d)) {
                if after {
                    after_dirs.push(dir);
                } else {
                    flags.include_dirs.push(dir);
                }
            }
            i += 1;
            continue;
        }
        // Include folders made of a prefix and a name: not followed.
        if [
            "-iprefix",
            "-iwithprefix",
            "--include-prefix",
            "--include-with-prefix",
        ]
        .iter()
        .any(|o| arg.starts_with(o))
            && flags.unknown.is_none()
        {
            flags.unknown = Some(format!(
                "the compile command of {} gives include folders through `{arg}`, which is not followed",
                file.display()
            ));
        }
        let mut value = |prefixes: &[&str]| -> Option<String> {
            for p in prefixes {
                if arg == *p {
                    i += 1;
                    return args.get(i).cloned();
                }
                if let Some(v) = arg.strip_prefix(p) {
                    return Some(v.trim_start_matches('=').to_string());
                }
            }
            None
        };
        // The longer spellings first: `-include` is not `-I nclude`.
        if let Some(header) = value(&["-include", "--pre-include", "-imacros"]) {
            flags.pre_includes.push(directory.join(header));
        } else if let Some(dir) = value(&["-idirafter"]) {
            after_dirs.push(directory.join(dir));
        } else if let Some(dir) = value(&["-I", "-isystem", "-iquote", "--include-path"]) {
            flags.include_dirs.push(directory.join(dir));
        } else if let Some(def) = value(&["-D", "--define-macro"]) {
            let name = macro_name(&def).to_string();
            flags.undefines.retain(|u| *u != name);
            flags.defines.retain(|d| macro_name(d) != name);
            flags.defines.push(def);
        } else if let Some(undef) = value(&["-U", "--undefine-macro"]) {
            let name = undef.trim().to_string();
            flags.defines.retain(|d| macro_name(d) != name);
            if !flags.undefines.contains(&name) {
                flags.undefines.push(name);
            }
        } else if let Some(arch) = value(&["-arch", "--gpu-architecture", "--cuda-gpu-arch"]) {
            flags.arch = flags
                .arch
                .or_else(|| crate::syntax::preprocess::CudaTarget::parse_arch(&arch));
        }
        i += 1;
    }
    flags.include_dirs.extend(after_dirs);
    // A forced include is looked for in the working folder first, then
    // along the include path, as `#include "..."` is ([gcc: -include]).
    for header in &mut flags.pre_includes {
        if !header.is_file() {
            let Some(name) = header.strip_prefix(&directory).ok().map(Path::to_path_buf) else {
                continue;
            };
            if let Some(found) = flags
                .include_dirs
                .iter()
                .map(|dir| dir.join(&name))
                .find(|p| p.is_file())
            {
                *header = found;
            }
        }
    }
    Some(flags)
}

/// The value of the option `arg` (the `i`-th of `args`): after its `=`, or
/// the next argument (then `i` moves to it).
fn joined_or_next(arg: &str, args: &[String], i: &mut usize) -> Option<String> {
    match arg.split_once('=') {
        Some((_, v)) => Some(v.to_string()),
        None => {
            *i += 1;
            args.get(*i).cloned()
        }
    }
}

/// Options whose value goes to another tool than the device front end
/// (nvcc's `-Xcompiler`/`--compiler-options` to the host compiler, the
/// assembler's, the linker's; clang's `-Xclang`, `-Xarch_*` spelled alone).
const PASS_THROUGH_OPTIONS: [&str; 17] = [
    "-Xcompiler",
    "--compiler-options",
    "-Xcudafe",
    "-Xptxas",
    "--ptxas-options",
    "-Xlinker",
    "--linker-options",
    "-Xnvlink",
    "--nvlink-options",
    "-Xarchive",
    "--archive-options",
    "-Xfatbin",
    "--fatbin-options",
    "-Xclang",
    "-Xcuda-ptxas",
    "-Xcuda-fatbinary",
    "-Xassembler",
];

/// Most arguments a compile command expands to through response files.
const MAX_COMMAND_ARGS: usize = 100_000;

/// Most response files read for one compile command.
const MAX_RESPONSE_FILES: usize = 64;

/// `args` with each response file spliced in where it is named (`@file`,
/// nvcc's `--options-file file`/`-optf file`), relative to `directory`,
/// itself split by shell rules and expanded in turn (at most 8 deep, at
/// most [`MAX_RESPONSE_FILES`] files). Only regular files are read, within
/// the source size limit (a FIFO or `/dev/zero` named as a response file
/// must not hang the run). A response file that cannot be read, or one past
/// the limits, sets `unknown`: its flags may define the file's macros.
fn expand_response_files(
    args: Vec<String>,
    directory: &Path,
    unknown: &mut Option<String>,
) -> Vec<String> {
    fn expand(
        args: Vec<String>,
        directory: &Path,
        depth: usize,
        out: &mut Vec<String>,
        reads: &mut usize,
        unknown: &mut Option<String>,
    ) {
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let named = if let Some(file) = arg.strip_prefix('@') {
                Some(file.to_string())
            } else if arg == "--options-file" || arg == "-optf" {
                args.next()
            } else if let Some(file) = arg.strip_prefix("--options-file=") {
                Some(file.to_string())
            } else {
                out.push(arg);
                continue;
            };
            let Some(named) = named else { continue };
            let path = directory.join(&named);
            *reads += 1;
            let read = (depth < 8 && *reads <= MAX_RESPONSE_FILES)
                .then(|| crate::syntax::files::read_regular(&path).ok())
                .flatten()
                .and_then(|bytes| shlex::split(&String::from_utf8_lossy(&bytes)));
            match read {
                Some(inner) if out.len() + inner.len() <= MAX_COMMAND_ARGS => {
                    expand(inner, directory, depth + 1, out, reads, unknown)
                }
                _ => {
                    unknown.get_or_insert_with(|| {
                        format!(
                            "the response file {} of a compile command cannot be read (not a regular file, over the size limit, or past {MAX_RESPONSE_FILES} response files or 8 levels)",
                            path.display()
                        )
                    });
                }
            }
        }
    }
    let mut out = Vec::with_capacity(args.len());
    expand(args, directory, 0, &mut out, &mut 0, unknown);
    out
}

/// The macro a `-D` value defines (`N` of `N=8`, of `N(x)=x`, of `N`).
fn macro_name(define: &str) -> &str {
    let name = define.split_once('=').map_or(define, |(name, _)| name);
    name.split_once('(').map_or(name, |(name, _)| name).trim()
}

/// Options of one kernel with the source of each launch setting.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedOptions {
    /// The options to check with.
    pub options: CheckOptions,
    /// Where `block_dim` came from.
    pub block_dim_source: Source,
    /// Where `grid_dim` came from.
    pub grid_dim_source: Source,
}

/// The launch sizes of one host launch of a kernel (None: not a constant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct HostLaunchDims {
    /// Threads per block.
    pub block_dim: Option<[u32; 3]>,
    /// Blocks per grid.
    pub grid_dim: Option<[u32; 3]>,
    /// Threads per block in the dimensions that are constants.
    pub partial_block_dim: [Option<u32>; 3],
    /// Blocks per grid in the dimensions that are constants.
    pub partial_grid_dim: [Option<u32>; 3],
}

/// Everything a file contributes to its kernels' options: its header comment and
/// the project file above it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FileConfig {
    /// The header comment.
    pub header: HeaderConfig,
    /// The nearest `syncwright.toml`, if any and valid.
    pub project: Option<ProjectConfig>,
}

impl FileConfig {
    /// Reads the header of `text` and the project file above `path`. An invalid
    /// project file is returned as an error next to a config without it, so
    /// analysis can go on with the remaining (sound) sources.
    pub fn load(path: &Path, text: &str) -> (FileConfig, Option<ConfigError>) {
        let header = parse_header(text);
        match find_project_config(path) {
            Ok(project) => (FileConfig { header, project }, None),
            Err(e) => (
                FileConfig {
                    header,
                    project: None,
                },
                Some(e),
            ),
        }
    }

    /// Options of a kernel with `launch_bounds` (its `__launch_bounds__`, if any).
    pub fn resolve(&self, explicit: &Explicit, launch_bounds: Option<u32>) -> ResolvedOptions {
        self.resolve_launch(explicit, &HostLaunchDims::default(), launch_bounds, None)
    }

    /// Options of a kernel launched with `host` (the block and grid of one
    /// launch in host code, each known or not), below the file's own settings.
    /// `required_block`: the kernel's own `reqd_work_group_size`, the shape
    /// of every launch that runs it (a launch with another local size fails
    /// to enqueue), so it comes before the host launch's.
    pub fn resolve_launch(
        &self,
        explicit: &Explicit,
        host: &HostLaunchDims,
        launch_bounds: Option<u32>,
        required_block: Option<[u32; 3]>,
    ) -> ResolvedOptions {
        let project = self.project.as_ref();
        let pick = |explicit: Option<[u32; 3]>,
                    header: Option<[u32; 3]>,
                    project: Option<[u32; 3]>,
                    required: Option<[u32; 3]>,
                    host: Option<[u32; 3]>| {
            [
                (explicit, Source::Explicit),
                (header, Source::Header),
                (project, Source::ProjectFile),
                (required, Source::RequiredSize),
                (host, Source::HostLaunch),
            ]
            .into_iter()
            .find_map(|(value, source)| value.map(|v| (Some(v), source)))
            .unwrap_or((None, Source::Symbolic))
        };
        let (block_dim, mut block_dim_source) = pick(
            explicit.block_dim,
            self.header.block_dim,
            project.and_then(|p| p.block_dim),
            required_block,
            host.block_dim,
        );
        let (grid_dim, grid_dim_source) = pick(
            explicit.grid_dim,
            self.header.grid_dim,
            project.and_then(|p| p.grid_dim),
            None,
            host.grid_dim,
        );
        if block_dim.is_none() && launch_bounds.is_some() {
            block_dim_source = Source::LaunchBounds;
        }
        let warp_sync = explicit.warp_sync
            || self
                .header
                .warp_sync
                .or(project.and_then(|p| p.warp_sync))
                .unwrap_or(false);
        let defaults = CheckOptions::default();
        let kernel_budget_ms = explicit
            .kernel_budget_ms
            .or(project.and_then(|p| p.kernel_budget_ms))
            .unwrap_or(defaults.kernel_budget_ms);
        ResolvedOptions {
            options: CheckOptions {
                launch: LaunchConfig {
                    block_dim,
                    grid_dim,
                    max_threads_per_block: launch_bounds,
                    global_offset: self.header.global_offset,
                    // Dimensions a host launch gives when the whole shape is not constant.
                    partial_block_dim: if block_dim.is_none() {
                        host.partial_block_dim
                    } else {
                        [None; 3]
                    },
                    partial_grid_dim: if grid_dim.is_none() {
                        host.partial_grid_dim
                    } else {
                        [None; 3]
                    },
                    no_unused_dims_assumption: explicit.no_assume_unused_dims
                        || project.and_then(|p| p.assume_unused_dims) == Some(false),
                    no_index_fit_assumption: explicit.no_assume_index_fits
                        || project.and_then(|p| p.assume_index_fits) == Some(false),
                    no_index_arithmetic_assumption: explicit.no_assume_index_arithmetic_fits
                        || project.and_then(|p| p.assume_index_arithmetic_fits) == Some(false),
                    no_offsets_from_base_assumption: explicit.no_assume_offsets_from_base
                        || project.and_then(|p| p.assume_offsets_from_base) == Some(false),
                    offset_params_moved: Vec::new(),
                    params_sharing_pointer: Vec::new(),
                    no_counter_fit_assumption: explicit.no_assume_counter_fits
                        || project.and_then(|p| p.assume_counter_fits) == Some(false),
                    no_accessor_layout_assumption: explicit.no_assume_accessor_layout
                        || project.and_then(|p| p.assume_accessor_layout) == Some(false),
                },
                warp_sync,
                kernel_budget_ms,
                benign_tolerance: self
                    .header
                    .benign_tolerance
                    .or(project.and_then(|p| p.benign_tolerance))
                    .unwrap_or(defaults.benign_tolerance),
                adversarial_abstraction: self
                    .header
                    .adversarial_abstraction
                    .or(project.and_then(|p| p.adversarial_abstraction))
                    .unwrap_or(defaults.adversarial_abstraction),
            },
            block_dim_source,
            grid_dim_source,
        }
    }

    /// The cost model: explicit, else the project file's, else the default.
    pub fn cost(&self, explicit: &Explicit) -> CostModel {
        explicit
            .cost
            .or(self.project.as_ref().and_then(|p| p.cost))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh empty directory under the system temp dir, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(tag: &str) -> TempDir {
            use std::sync::atomic::{AtomicU32, Ordering};
            static COUNTER: AtomicU32 = AtomicU32::new(0);
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!(
                "syncwright-resolve-{tag}-{}-{n}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn dims_parse_all_header_forms() {
        assert_eq!(parse_dims("64", false), Ok([64, 1, 1]));
        assert_eq!(parse_dims("[4,4]", false), Ok([4, 4, 1]));
        assert_eq!(parse_dims("1,10", false), Ok([1, 10, 1]));
        assert_eq!(parse_dims("[64, 64, 64]", false), Ok([64, 64, 64]));
        assert_eq!(parse_dims("[1,2]", true), Ok([1, 2, 0]));
        assert!(parse_dims("0", false).is_err());
        assert!(parse_dims("[1,2,3,4]", false).is_err());
        assert!(parse_dims("abc", false).is_err());
        assert!(parse_dims("", false).is_err());
    }

    #[test]
    fn cuda_header_is_read_and_expectation_lines_are_not() {
        let text = "//xfail:NOT_ALL_VERIFIED\n//--blockDim=64 --gridDim=[4,4] --no-inline\n//possible write-read race on --blockDim=2\n\n__global__ void k() {}\n// --gridDim=9\n";
        let h = parse_header(text);
        assert_eq!(h.block_dim, Some([64, 1, 1]));
        assert_eq!(h.grid_dim, Some([4, 4, 1]));
        assert_eq!(h.warp_sync, None);
        assert!(h.notes.is_empty(), "{:?}", h.notes);
    }

    #[test]
    fn opencl_header_with_num_groups_or_global_size() {
        let h = parse_header("//pass\n//--local_size=[16,8] --num_groups=[4,2]\n");
        assert_eq!(
            (h.block_dim, h.grid_dim),
            (Some([16, 8, 1]), Some([4, 2, 1]))
        );
        let h = parse_header(
            "//PASS\n//--global_size=[256,256] --local_size=[16,16] --global_offset=64\n",
        );
        assert_eq!(
            (h.block_dim, h.grid_dim),
            (Some([16, 16, 1]), Some([16, 16, 1]))
        );
        assert_eq!(h.global_offset, Some([64, 0, 0]));
        let h = parse_header("//--local_size=48 --global_size=100\n");
        assert_eq!(h.grid_dim, None);
        assert_eq!(h.notes.len(), 1);
        let h = parse_header("//--global_size=100\n");
        assert_eq!(h.grid_dim, None);
        assert_eq!(h.notes.len(), 1);
    }

    #[test]
    fn warp_sync_flag_and_bad_values() {
        assert_eq!(
            parse_header("//--warp-sync=32 --blockDim=32\n").warp_sync,
            Some(true)
        );
        assert_eq!(parse_header("//--warp-sync\n").warp_sync, Some(true));
        let h = parse_header("//--no-benign-tolerance --adversarial-abstraction\n");
        assert_eq!(
            (h.benign_tolerance, h.adversarial_abstraction),
            (Some(false), Some(true))
        );
        let h = parse_header("//--warp-sync=16 --blockDim=abc --gridDim\n");
        assert_eq!(h.warp_sync, None);
        assert_eq!(h.block_dim, None);
        assert_eq!(h.grid_dim, None);
        assert_eq!(h.notes.len(), 3, "{:?}", h.notes);
    }

    #[test]
    fn header_scan_stops_at_code_and_skips_prose() {
        let h = parse_header(
            "\u{feff}// Copyright: see --blockDim=8 in docs\n#include <x.h>\n//--blockDim=8\n",
        );
        assert_eq!(h, HeaderConfig::default());
        let h = parse_header("/* --blockDim=8 */\n");
        assert_eq!(h, HeaderConfig::default());
        let h = parse_header("// expect-verdict: racy\n//--blockDim=[16,16] -DN=3\n");
        assert_eq!(h.block_dim, Some([16, 16, 1]));
        // Only the first command line counts.
        let h = parse_header(
            "//xfail\n//--local_size=64 --num_groups=8\n//\n\n//pass\n//--local_size=1024\n",
        );
        assert_eq!(
            (h.block_dim, h.grid_dim),
            (Some([64, 1, 1]), Some([8, 1, 1]))
        );
        // `*` is unconstrained.
        let h = parse_header("//pass\n//--local_size=* --global_size=1024\n");
        assert_eq!((h.block_dim, h.grid_dim), (None, None));
        assert_eq!(h.notes.len(), 1, "{:?}", h.notes);
    }

    #[test]
    fn project_file_parses_and_validates() {
        let path = Path::new("/p/syncwright.toml");
        let cfg = parse_project_config(
            path,
            "warp_sync = true\nkernel_budget_ms = 500\n[launch]\nblock_dim = [16, 16]\ngrid_dim = 8\n[cost]\nloop_cost = 10\n",
        )
        .unwrap();
        assert_eq!(cfg.block_dim, Some([16, 16, 1]));
        assert_eq!(cfg.grid_dim, Some([8, 1, 1]));
        assert_eq!(cfg.warp_sync, Some(true));
        assert_eq!(cfg.kernel_budget_ms, Some(500));
        assert_eq!(
            cfg.cost,
            Some(CostModel {
                loop_cost: 10.0,
                cond_cost: 0.5
            })
        );

        let cfg = parse_project_config(
            path,
            "cuda_version = \"11.4\"\ncuda_arch = \"sm_80\"\ninclude_dirs = [\"inc\"]\ndefines = [\"N=4\"]\n",
        )
        .unwrap();
        assert_eq!((cfg.cuda_version, cfg.cuda_arch), (Some((11, 4)), Some(80)));
        assert_eq!(cfg.include_dirs, vec![PathBuf::from("/p/inc")]);
        assert_eq!(cfg.defines, vec!["N=4".to_string()]);
        for bad in [
            "cuda_version = \"twelve\"\n",
            "cuda_arch = \"gfx90a\"\n",
            "[launch]\nblock_dim = [0]\n",
            "[launch]\nblock_dim = [1,2,3,4]\n",
            "[launch]\nblockdim = 3\n",
            "[cost]\nloop_cost = -1\n",
            "warp_sync = 3\n",
            "[launch\n",
        ] {
            let err = parse_project_config(path, bad).unwrap_err();
            assert_eq!(err.path, path);
            assert!(err.to_string().starts_with("/p/syncwright.toml: "), "{err}");
        }
    }

    #[test]
    fn compile_commands_give_includes_defines_and_arch() {
        let tmp = TempDir::new("ccdb");
        let file = tmp.0.join("k.cu");
        std::fs::write(&file, "").unwrap();
        let db = serde_json::json!([
            {"directory": tmp.0, "file": "other.cu", "command": "nvcc -DX other.cu"},
            {"directory": tmp.0, "file": "k.cu",
             "arguments": ["nvcc", "-Iinc", "-I", "/abs", "-DN=8", "-D", "M", "-arch=sm_75", "-c", "k.cu"]}
        ]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        let flags = find_compile_flags(&file).unwrap();
        assert_eq!(
            flags.include_dirs,
            vec![tmp.0.join("inc"), PathBuf::from("/abs")]
        );
        assert_eq!(flags.defines, vec!["N=8".to_string(), "M".to_string()]);
        assert_eq!(flags.arch, Some(75));
        assert_eq!(find_compile_flags(&tmp.0.join("absent.cu")), None);
    }

    #[test]
    fn compile_commands_apply_undefines_in_order_quoting_and_forced_includes() {
        let tmp = TempDir::new("ccdb_order");
        let file = tmp.0.join("k.cu");
        std::fs::write(&file, "").unwrap();
        let db = serde_json::json!([
            {"directory": tmp.0, "file": "k.cu",
             "command": "nvcc -DM=256 -UM -DN=1 -U N -DN=2 \"-DQ=a b\" -UP -include cfg.h -c k.cu"}
        ]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        let flags = find_compile_flags(&file).unwrap();
        assert_eq!(flags.defines, vec!["N=2".to_string(), "Q=a b".to_string()]);
        assert_eq!(flags.undefines, vec!["M".to_string(), "P".to_string()]);
        assert_eq!(flags.pre_includes, vec![tmp.0.join("cfg.h")]);
        assert_eq!(flags.include_dirs, Vec::<PathBuf>::new());
        assert_eq!(flags.unknown, None);
        let lines = flags.macro_lines();
        assert!(
            lines.starts_with("#undef M\n#undef P\n#define N 2\n#define Q a b\n"),
            "{lines}"
        );
        assert!(lines.ends_with(&format!("#include \"{}\"\n", tmp.0.join("cfg.h").display())));
    }

    #[test]
    fn compile_commands_read_double_dash_forced_includes_and_folders() {
        let tmp = TempDir::new("ccdb_dashdash");
        let file = tmp.0.join("k.cu");
        std::fs::write(&file, "").unwrap();
        let db = serde_json::json!([{"directory": tmp.0, "file": "k.cu",
            "arguments": ["nvcc", "--include=a.h", "--include", "b.h", "--imacros=m.h",
                "--include-directory=inc", "--include-directory-after", "late",
                "--include-path", "p", "-c", "k.cu"]}]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        let flags = find_compile_flags(&file).unwrap();
        assert_eq!(
            flags.pre_includes,
            vec![tmp.0.join("a.h"), tmp.0.join("b.h"), tmp.0.join("m.h")]
        );
        assert_eq!(
            flags.include_dirs,
            vec![tmp.0.join("inc"), tmp.0.join("p"), tmp.0.join("late")]
        );
        assert_eq!(flags.unknown, None);
        let db = serde_json::json!([{"directory": tmp.0, "file": "k.cu",
            "arguments": ["nvcc", "-iprefix", "pre/", "-iwithprefix", "x", "-c", "k.cu"]}]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        assert!(find_compile_flags(&file).unwrap().unknown.is_some());
    }

    #[test]
    fn compile_commands_read_response_files_and_leave_other_tools_options() {
        let tmp = TempDir::new("ccdb_rsp");
        let file = tmp.0.join("k.cu");
        std::fs::write(&file, "").unwrap();
        std::fs::create_dir_all(tmp.0.join("inc")).unwrap();
        std::fs::write(tmp.0.join("inc/cfg.h"), "#define M 1\n").unwrap();
        std::fs::write(tmp.0.join("flags.rsp"), "-DN=4 \"-DQ=a b\" @more.rsp").unwrap();
        std::fs::write(tmp.0.join("more.rsp"), "-idirafter late -iquote q").unwrap();
        std::fs::write(tmp.0.join("self.rsp"), "@self.rsp ".repeat(200)).unwrap();
        let db = serde_json::json!([{"directory": tmp.0, "file": "k.cu",
            "command": "nvcc @flags.rsp -Xcompiler -fPIC,-Wall --compiler-options=-O3 -Iinc -include cfg.h -c k.cu"}]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        let flags = find_compile_flags(&file).unwrap();
        assert_eq!(flags.defines, vec!["N=4".to_string(), "Q=a b".to_string()]);
        assert_eq!(
            flags.include_dirs,
            vec![tmp.0.join("q"), tmp.0.join("inc"), tmp.0.join("late")]
        );
        // Found along the include path, as `#include "cfg.h"` would be.
        assert_eq!(flags.pre_includes, vec![tmp.0.join("inc/cfg.h")]);
        assert_eq!(flags.unknown, None);
        // A macro given to the host compiler only, a response file missing:
        // the device code's macros are not known.
        for command in [
            "nvcc -Xcompiler -fPIC,-DM=2 -c k.cu",
            "nvcc --compiler-options=\"-O2 -UX\" -c k.cu",
            "nvcc --options-file absent.rsp -c k.cu",
            "nvcc @absent.rsp -c k.cu",
            // Referring to itself: bounded, never a hang.
            "nvcc @self.rsp -c k.cu",
            "nvcc @/dev/zero -c k.cu",
        ] {
            let db = serde_json::json!([{"directory": tmp.0, "file": "k.cu", "command": command}]);
            std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
            let flags = find_compile_flags(&file).unwrap();
            assert!(flags.unknown.is_some(), "{command}");
            assert!(flags.defines.is_empty(), "{command}: {:?}", flags.defines);
        }
    }

    #[test]
    fn a_file_listed_twice_with_other_flags_has_unknown_macros() {
        let tmp = TempDir::new("ccdb_twice");
        let file = tmp.0.join("k.cu");
        std::fs::write(&file, "").unwrap();
        let entry = |define: &str, out: &str| {
            serde_json::json!({"directory": tmp.0, "file": "k.cu",
                "command": format!("nvcc {define} -c k.cu -o {out}")})
        };
        let db = serde_json::json!([entry("-DM=256", "a.o"), entry("-DM=256", "b.o")]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        assert_eq!(find_compile_flags(&file).unwrap().unknown, None);
        let db = serde_json::json!([entry("-DM=256", "a.o"), entry("-DM=128", "b.o")]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        let flags = find_compile_flags(&file).unwrap();
        assert_eq!(flags.defines, vec!["M=256".to_string()]);
        assert!(flags.unknown.unwrap().contains("several entries"));
        let db = serde_json::json!([{"directory": tmp.0, "file": "k.cu",
            "command": "nvcc \"-DM=128 -c k.cu"}]);
        std::fs::write(tmp.0.join("compile_commands.json"), db.to_string()).unwrap();
        assert!(find_compile_flags(&file)
            .unwrap()
            .unknown
            .unwrap()
            .contains("unbalanced"));
    }

    #[test]
    fn project_file_is_found_upward() {
        let tmp = TempDir::new("upward");
        let nested = tmp.0.join("a/b");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(
            tmp.0.join(PROJECT_CONFIG_FILE),
            "[launch]\nblock_dim = 128\n",
        )
        .unwrap();
        let kernel = nested.join("k.cu");
        let found = find_project_config(&kernel).unwrap().unwrap();
        assert_eq!(found.path, tmp.0.join(PROJECT_CONFIG_FILE));
        assert_eq!(found.block_dim, Some([128, 1, 1]));

        // A nearer file wins, and its errors name it.
        std::fs::write(
            nested.join(PROJECT_CONFIG_FILE),
            "[launch]\nblock_dim = \"x\"\n",
        )
        .unwrap();
        let (config, err) = FileConfig::load(&kernel, "");
        assert_eq!(config.project, None);
        assert_eq!(err.unwrap().path, nested.join(PROJECT_CONFIG_FILE));
    }

    #[test]
    fn priorities_per_dimension() {
        let project = ProjectConfig {
            path: PathBuf::from("/p/syncwright.toml"),
            block_dim: Some([256, 1, 1]),
            grid_dim: Some([2, 1, 1]),
            warp_sync: Some(true),
            kernel_budget_ms: Some(50),
            benign_tolerance: Some(false),
            adversarial_abstraction: None,
            assume_unused_dims: None,
            assume_index_fits: Some(false),
            assume_index_arithmetic_fits: Some(false),
            assume_offsets_from_base: None,
            assume_counter_fits: Some(false),
            assume_accessor_layout: None,
            cuda_version: None,
            cuda_arch: None,
            include_dirs: Vec::new(),
            defines: Vec::new(),
            cost: Some(CostModel {
                loop_cost: 7.0,
                cond_cost: 0.25,
            }),
        };
        let config = FileConfig {
            header: parse_header("//--blockDim=64\n"),
            project: Some(project),
        };
        let r = config.resolve(&Explicit::default(), Some(128));
        assert_eq!(r.options.launch.block_dim, Some([64, 1, 1]));
        assert_eq!(r.block_dim_source, Source::Header);
        assert_eq!(r.options.launch.grid_dim, Some([2, 1, 1]));
        assert_eq!(r.grid_dim_source, Source::ProjectFile);
        assert_eq!(r.options.launch.max_threads_per_block, Some(128));
        assert!(r.options.warp_sync);
        assert!(!r.options.benign_tolerance);
        assert!(!r.options.adversarial_abstraction);
        assert!(r.options.launch.no_index_fit_assumption);
        assert!(r.options.launch.no_index_arithmetic_assumption);
        assert!(r.options.launch.no_counter_fit_assumption);
        assert!(!r.options.launch.no_unused_dims_assumption);
        assert_eq!(r.options.kernel_budget_ms, 50);
        assert_eq!(config.cost(&Explicit::default()).loop_cost, 7.0);

        let explicit = Explicit {
            block_dim: Some([32, 2, 1]),
            kernel_budget_ms: Some(9),
            cost: Some(CostModel::default()),
            ..Explicit::default()
        };
        let r = config.resolve(&explicit, None);
        assert_eq!(r.options.launch.block_dim, Some([32, 2, 1]));
        assert_eq!(r.block_dim_source, Source::Explicit);
        assert_eq!(r.options.kernel_budget_ms, 9);
        assert_eq!(config.cost(&explicit), CostModel::default());
    }

    #[test]
    fn host_launch_ranks_below_project_file_and_above_launch_bounds() {
        let host = HostLaunchDims {
            block_dim: Some([8, 8, 4]),
            grid_dim: Some([50, 50, 1]),
            ..HostLaunchDims::default()
        };
        let config = FileConfig::default();
        let r = config.resolve_launch(&Explicit::default(), &host, Some(1024), None);
        assert_eq!(r.options.launch.block_dim, Some([8, 8, 4]));
        assert_eq!(
            (r.block_dim_source, r.grid_dim_source),
            (Source::HostLaunch, Source::HostLaunch)
        );
        let config = FileConfig {
            header: parse_header("//--blockDim=64\n"),
            project: None,
        };
        let r = config.resolve_launch(&Explicit::default(), &host, None, None);
        assert_eq!(r.options.launch.block_dim, Some([64, 1, 1]));
        assert_eq!(r.block_dim_source, Source::Header);
        assert_eq!(r.options.launch.grid_dim, Some([50, 50, 1]));
        // An unknown grid stays symbolic.
        let r = config.resolve_launch(
            &Explicit::default(),
            &HostLaunchDims {
                block_dim: None,
                grid_dim: None,
                partial_grid_dim: [None, Some(4), Some(1)],
                ..HostLaunchDims::default()
            },
            None,
            None,
        );
        assert_eq!(r.grid_dim_source, Source::Symbolic);
        assert_eq!(r.options.launch.partial_grid_dim, [None, Some(4), Some(1)]);
    }

    #[test]
    fn required_work_group_size_fixes_the_block_above_a_host_launch() {
        let config = FileConfig::default();
        let host = HostLaunchDims {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([4, 1, 1]),
            ..HostLaunchDims::default()
        };
        let r = config.resolve_launch(&Explicit::default(), &host, Some(64), Some([8, 8, 1]));
        assert_eq!(r.options.launch.block_dim, Some([8, 8, 1]));
        assert_eq!(r.block_dim_source, Source::RequiredSize);
        assert_eq!(r.options.launch.grid_dim, Some([4, 1, 1]));
        let explicit = Explicit {
            block_dim: Some([16, 1, 1]),
            ..Explicit::default()
        };
        let r = config.resolve_launch(&explicit, &host, Some(64), Some([8, 8, 1]));
        assert_eq!(r.options.launch.block_dim, Some([16, 1, 1]));
    }

    #[test]
    fn nothing_given_is_symbolic_with_launch_bounds() {
        let config = FileConfig::default();
        let r = config.resolve(&Explicit::default(), None);
        assert_eq!(r.options, CheckOptions::default());
        assert_eq!(
            (r.block_dim_source, r.grid_dim_source),
            (Source::Symbolic, Source::Symbolic)
        );
        let r = config.resolve(&Explicit::default(), Some(256));
        assert_eq!(r.options.launch.block_dim, None);
        assert_eq!(r.options.launch.max_threads_per_block, Some(256));
        assert_eq!(r.block_dim_source, Source::LaunchBounds);
    }
}
