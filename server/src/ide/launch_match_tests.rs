//! Launches matched to kernels: a launch names its kernel unqualified, so
//! kernels of one name (overloads, namespaces, templates) and folders with
//! more files than are read are matched soundly (`launches_of`,
//! `sibling_launches`), checked end to end on folders written for each test.

use super::sibling_tests::Folder;
use crate::check::Verdict;

/// Each kernel's verdict, in source order.
fn verdicts(folder: &Folder, file: &str) -> Vec<Verdict> {
    folder
        .check(file)
        .kernels
        .iter()
        .map(|k| k.report.verdict)
        .collect()
}

/// Rows of 32 threads, each block its own row: race-free only with at most
/// 32 threads per block (`+=`: overlapping rows write different values).
const ROW: &str = "d[blockIdx.x * 32 + threadIdx.x] += 1.0f;";

#[test]
fn a_launch_of_one_overload_leaves_the_other_symbolic() {
    // Both overloads take one argument: the launch may be of either, so
    // neither is checked under its sizes alone.
    let folder = Folder::new(
        "overload-same-arity",
        &[(
            "k.cu",
            &format!(
                "__global__ void k(float *d) {{ {ROW} }}\n\
                 __global__ void k(int *d) {{ d[blockIdx.x * blockDim.x + threadIdx.x] = 2; }}\n\
                 int main() {{ int *d; cudaMalloc(&d, 4096); k<<<4, 32>>>(d); return 0; }}\n"
            ),
        )],
    );
    assert_eq!(
        verdicts(&folder, "k.cu"),
        vec![Verdict::Racy, Verdict::RaceFree]
    );
}

#[test]
fn a_launch_is_matched_to_the_overload_its_argument_count_allows() {
    // Two arguments: only the two-parameter overload accepts the launch,
    // which it is checked under (race-free); the other is launched nowhere.
    let folder = Folder::new(
        "overload-arity",
        &[(
            "k.cu",
            &format!(
                "__global__ void k(float *d, int n) {{ {ROW} }}\n\
                 __global__ void k(float *d) {{ {ROW} }}\n\
                 int main() {{ float *d; cudaMalloc(&d, 4096); k<<<4, 32>>>(d, 8); return 0; }}\n"
            ),
        )],
    );
    assert_eq!(
        verdicts(&folder, "k.cu"),
        vec![Verdict::RaceFree, Verdict::Racy]
    );
}

#[test]
fn kernels_of_other_namespaces_do_not_take_each_others_launches() {
    let folder = Folder::new(
        "namespace",
        &[(
            "k.cu",
            &format!(
                "__global__ void k(float *d) {{ {ROW} }}\n\
                 namespace ns {{ __global__ void k(float *d) {{ {ROW} }} }}\n\
                 int main() {{ float *d; cudaMalloc(&d, 4096); ns::k<<<4, 32>>>(d); return 0; }}\n"
            ),
        )],
    );
    let analysis = folder.check("k.cu");
    let global = &analysis.kernels[0].report;
    assert_eq!(global.verdict, Verdict::Racy);
    assert!(
        global.findings[0]
            .message
            .contains("which may be of another kernel named `k`"),
        "{}",
        global.findings[0].message
    );
}

#[test]
fn explicit_template_arguments_launch_only_the_template() {
    // `k<32>` names the template: the non-template `k` is launched nowhere;
    // the template is checked with B = 32 and its launch's sizes.
    let folder = Folder::new(
        "template",
        &[(
            "k.cu",
            &format!(
                "__global__ void k(float *d) {{ {ROW} }}\n\
                 template <int B> __global__ void k(float *d) {{ d[blockIdx.x * B + threadIdx.x] += 1.0f; }}\n\
                 int main() {{ float *d; cudaMalloc(&d, 4096); k<32><<<4, 32>>>(d); return 0; }}\n"
            ),
        )],
    );
    assert_eq!(
        verdicts(&folder, "k.cu"),
        vec![Verdict::Racy, Verdict::RaceFree]
    );
}

#[test]
fn an_argument_with_a_template_comma_leaves_the_count_unknown() {
    // `Pair<int, 4>{}` is one argument; counted by commas it would be two
    // and make the launch look like one of the two-parameter overload.
    let folder = Folder::new(
        "template-comma",
        &[(
            "k.cu",
            &format!(
                "template <class A, int B> struct Pair {{ A a; }};\n\
                 __global__ void k(Pair<int, 4> p) {{ }}\n\
                 __global__ void k(float *d, int n) {{ {ROW} }}\n\
                 int main() {{ k<<<4, 32>>>(Pair<int, 4>{{}}); return 0; }}\n"
            ),
        )],
    );
    assert_eq!(verdicts(&folder, "k.cu")[1], Verdict::Racy);
}

#[test]
fn a_launch_in_a_file_beyond_those_read_is_not_lost() {
    // 64 files that name the kernel are read before `z_launch.cu`, whose
    // launch of 64 threads per block makes the rows overlap: that file is
    // not scanned, but its use of the name still counts as a launch.
    let mut files: Vec<(String, String)> = vec![
        (
            "k.cu".into(),
            format!("__global__ void rowk(float *d) {{ {ROW} }}\n"),
        ),
        (
            "a_launch.cu".into(),
            "__global__ void rowk(float *d);\nvoid a(float *d) { rowk<<<4, 32>>>(d); }\n".into(),
        ),
        (
            "z_launch.cu".into(),
            "__global__ void rowk(float *d);\nvoid z(float *d) { rowk<<<4, 64>>>(d); }\n".into(),
        ),
    ];
    for i in 0..64 {
        files.push((
            format!("b_{i:02}.cu"),
            format!("// calls rowk through a.cu\nvoid b{i}() {{}}\n"),
        ));
    }
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let folder = Folder::new("beyond-read", &refs);
    assert_eq!(verdicts(&folder, "k.cu"), vec![Verdict::Racy]);
}

#[test]
fn an_includer_among_more_files_than_are_read_is_not_lost() {
    // `sub/narrow.cpp` includes `k.cu` with 32 threads per block; the
    // parent folder's `z_wide.cpp` includes it too with 64 (rows overlap).
    // With `fillers` files before it, the parent folder holds more files
    // than the includer search reads: the launches become unknown instead
    // of `narrow.cpp`'s only.
    for (fillers, wide, expected) in [
        (300, 64, Verdict::Racy),
        (8, 64, Verdict::Racy),
        (8, 32, Verdict::RaceFree),
    ] {
        let mut files: Vec<(String, String)> = vec![
            (
                "sub/k.cu".into(),
                format!("__global__ void rowk(float *d) {{ {ROW} }}\n"),
            ),
            (
                "sub/narrow.cpp".into(),
                "#include \"k.cu\"\nvoid n(float *d) { rowk<<<4, 32>>>(d); }\n".into(),
            ),
            (
                "z_wide.cpp".into(),
                format!("#include \"sub/k.cu\"\nvoid z(float *d) {{ rowk<<<4, {wide}>>>(d); }}\n"),
            ),
        ];
        for i in 0..fillers {
            files.push((format!("a_{i:03}.cpp"), format!("void a{i}() {{}}\n")));
        }
        let refs: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let folder = Folder::new(&format!("includer-cap-{fillers}-{wide}"), &refs);
        assert_eq!(
            verdicts(&folder, "sub/k.cu"),
            vec![expected],
            "{fillers} files, {wide} threads"
        );
    }
}

#[test]
fn a_launch_of_a_kernel_only_declared_here_is_not_given_to_the_one_defined() {
    // `ns::k` and the overload `k(int *)` are defined in another unit; the
    // launch is of one of them, while this unit's `k(float *)` may be
    // launched nowhere. A prototype of the defined kernel itself is no rival.
    for (tag, declared, launch) in [
        (
            "proto-ns",
            "namespace ns { __global__ void k(float *d); }",
            "ns::k<<<4, 32>>>(d)",
        ),
        (
            "proto-overload",
            "__global__ void k(int *d);",
            "k<<<4, 32>>>((int *)d)",
        ),
    ] {
        let folder = Folder::new(
            tag,
            &[(
                "k.cu",
                &format!(
                    "__global__ void k(float *d);\n{declared}\n\
                     __global__ void k(float *d) {{ {ROW} }}\n\
                     int main() {{ float *d; cudaMalloc(&d, 4096); {launch}; return 0; }}\n"
                ),
            )],
        );
        assert_eq!(verdicts(&folder, "k.cu"), vec![Verdict::Racy], "{tag}");
    }
    let folder = Folder::new(
        "proto-own",
        &[(
            "k.cu",
            &format!(
                "__global__ void k(float *out);\n\
                 __global__ void k(float *d) {{ {ROW} }}\n\
                 int main() {{ float *d; cudaMalloc(&d, 4096); k<<<4, 32>>>(d); return 0; }}\n"
            ),
        )],
    );
    assert_eq!(verdicts(&folder, "k.cu"), vec![Verdict::RaceFree]);
}
