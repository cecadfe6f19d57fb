//! Device functions taken from another file of the program (`frontend::siblings`),
//! checked end to end on folders written for each test.

use crate::check::{DiagnosticKind, Verdict};
use crate::ide::{analyze_file, FileAnalysis, Settings};

/// A folder of files written for one test, removed afterwards.
pub(super) struct Folder(pub(super) std::path::PathBuf);

impl Folder {
    /// Writes `files` into a fresh folder named after `tag`.
    pub(super) fn new(tag: &str, files: &[(&str, &str)]) -> Folder {
        let dir =
            std::env::temp_dir().join(format!("syncwright-siblings-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        for (name, text) in files {
            let path = dir.join(name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).expect("scratch subfolder");
            }
            std::fs::write(path, text).expect("scratch file");
        }
        Folder(dir)
    }

    /// The analysis of the file `name` of the folder.
    pub(super) fn check(&self, name: &str) -> FileAnalysis {
        let path = self.0.join(name);
        let text = std::fs::read_to_string(&path).expect("scratch file");
        analyze_file(&path, &text, &Settings::default())
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const KERNEL: &str = "#include \"state.cuh\"\n\
    __global__ void k(float *out) {\n\
        int gid = blockIdx.x * blockDim.x + threadIdx.x;\n\
        out[gid] = 1.0f;\n\
        note(gid);\n\
    }\n";

/// An unknown call without pointer arguments was taken to touch only the
/// module-scope memory the kernel names: the definition in the other file
/// writes a `__device__` variable of its own, a race every thread takes part in.
#[test]
fn a_definition_writing_its_files_state_races() {
    let folder = Folder::new(
        "state",
        &[
            ("state.cuh", "__device__ void note(int i);\n"),
            (
                "state.cu",
                "#include \"state.cuh\"\n__device__ int last_seen;\n__device__ void note(int i) { last_seen = i; }\n",
            ),
            ("kernel.cu", KERNEL),
        ],
    );
    let analysis = folder.check("kernel.cu");
    let report = &analysis.kernels[0].report;
    assert_eq!(report.verdict, Verdict::Racy, "{:?}", report.findings);
    let race = report
        .findings
        .iter()
        .find(|f| f.kind == DiagnosticKind::Race)
        .expect("a race");
    let file = &analysis.program.files[race.span.file.0 as usize].path;
    assert!(file.ends_with("state.cu"), "race in {file}");
}

/// A definition that cannot be the one linked stays unused: other parameter
/// types (another overload), internal linkage, or a name the checked unit
/// defines too. The call is then unknown (no accesses to other memory).
#[test]
fn definitions_that_may_not_be_linked_are_not_used() {
    let variants = [
        "__device__ int last_seen;\n__device__ void note(long i) { last_seen = i; }\n",
        "__device__ int last_seen;\nstatic __device__ void note(int i) { last_seen = i; }\n",
        "__device__ int k;\n__device__ void note(int i) { k = i; }\n",
    ];
    for (n, state) in variants.iter().enumerate() {
        let state = format!("#include \"state.cuh\"\n{state}");
        let folder = Folder::new(
            &format!("unlinked{n}"),
            &[
                ("state.cuh", "__device__ void note(int i);\n"),
                ("state.cu", &state),
                ("kernel.cu", KERNEL),
            ],
        );
        let analysis = folder.check("kernel.cu");
        let report = &analysis.kernels[0].report;
        assert_eq!(
            report.verdict,
            Verdict::RaceFree,
            "{state}: {:?}",
            report.findings
        );
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.message.contains("unknown function `note`")),
            "{state}: {:?}",
            report.findings
        );
    }
}

/// Review finding 10: the other file is compiled with its own flags
/// (`compile_commands.json`), not the checked file's `-DSAFE`; a file the
/// database does not list while it lists the checked one has unknown flags.
#[test]
fn the_other_file_is_preprocessed_with_its_own_flags() {
    let slots = "#include \"slots.cuh\"\n__device__ void bump(int *c) {\n#ifdef SAFE\n    atomicAdd(c, 1);\n#else\n    *c = *c + 1;\n#endif\n}\n";
    let kernel = "//--blockDim=64 --gridDim=1\n#include \"slots.cuh\"\n__global__ void k(int *count) {\n    bump(&count[0]);\n}\n";
    for (n, listed_slots) in [true, false].into_iter().enumerate() {
        let folder = Folder::new(
            &format!("flags{n}"),
            &[
                ("slots.cuh", "__device__ void bump(int *c);\n"),
                ("slots.cu", slots),
                ("kernel.cu", kernel),
            ],
        );
        let dir = folder.0.display().to_string();
        let mut entries = vec![format!(
            "{{\"directory\": \"{dir}\", \"file\": \"kernel.cu\", \"command\": \"nvcc -rdc=true -DSAFE -c kernel.cu\"}}"
        )];
        if listed_slots {
            entries.push(format!(
                "{{\"directory\": \"{dir}\", \"file\": \"slots.cu\", \"command\": \"nvcc -rdc=true -c slots.cu\"}}"
            ));
        }
        std::fs::write(
            folder.0.join("compile_commands.json"),
            format!("[{}]", entries.join(",")),
        )
        .expect("database");
        let analysis = folder.check("kernel.cu");
        let report = &analysis.kernels[0].report;
        assert_eq!(report.verdict, Verdict::Racy, "{n}: {:?}", report.findings);
        let taken = analysis
            .program
            .diagnostics
            .iter()
            .any(|d| d.message.contains("that definition is used"));
        assert_eq!(
            taken, listed_slots,
            "{n}: {:?}",
            analysis.program.diagnostics
        );
    }
}

/// The definition's own calls are linked the same way, to a third file.
#[test]
fn definitions_are_followed_to_further_files() {
    let folder = Folder::new(
        "chain",
        &[
            (
                "state.cuh",
                "__device__ void note(int i);\n__device__ int twice(int i);\n",
            ),
            (
                "state.cu",
                "#include \"state.cuh\"\n__device__ void note(int i) { }\n",
            ),
            (
                "kernel.cu",
                "#include \"state.cuh\"\n__global__ void k(int *out) {\n    int gid = blockIdx.x * blockDim.x + threadIdx.x;\n    out[twice(gid)] = gid;\n}\n",
            ),
            (
                "twice.cu",
                "#include \"state.cuh\"\n__device__ int half(int i);\n__device__ int twice(int i) { return 2 * half(i); }\n",
            ),
            ("half.cu", "__device__ int half(int i) { return i / 2; }\n"),
        ],
    );
    let analysis = folder.check("kernel.cu");
    let report = &analysis.kernels[0].report;
    // 2 * (i / 2): threads 0 and 1 write out[0].
    assert_eq!(report.verdict, Verdict::Racy, "{:?}", report.findings);
    assert!(
        report
            .findings
            .iter()
            .all(|f| !f.message.contains("unknown function")),
        "{:?}",
        report.findings
    );
}
