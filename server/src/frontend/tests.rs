//! Tests of the front end: kernels written for these tests, lowered and checked
//! through the pretty printer, spans and the IR structure.

use std::path::{Path, PathBuf};

use super::{lower_source, IncludeResolver, NoIncludes};
use crate::ir::pretty::pretty_kernel;
use crate::ir::{BarrierScope, Block, FileId, Kernel, MemSpace, Program, Span, Stmt, StmtKind};
use crate::syntax::source::{LineCol, LineIndex};

fn lower(name: &str, text: &str) -> Program {
    lower_source(Path::new(name), text, &NoIncludes)
}

fn kernel<'p>(p: &'p Program, name: &str) -> &'p Kernel {
    match p.kernels.iter().find(|k| k.name == name) {
        Some(k) => k,
        None => panic!(
            "kernel {name} not lowered: {:?} {:?}",
            p.unsupported, p.diagnostics
        ),
    }
}

fn all_stmts(b: &Block) -> Vec<&Stmt> {
    let mut out = Vec::new();
    fn walk<'a>(b: &'a Block, out: &mut Vec<&'a Stmt>) {
        for s in &b.stmts {
            out.push(s);
            match &s.kind {
                StmtKind::If { then_, else_, .. } => {
                    walk(then_, out);
                    walk(else_, out);
                }
                StmtKind::Loop {
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    walk(cond_prelude, out);
                    walk(body, out);
                    walk(step, out);
                }
                _ => {}
            }
        }
    }
    walk(b, &mut out);
    out
}

fn text_of(src: &str, span: Span) -> &str {
    &src[span.start as usize..span.end as usize]
}

fn count(k: &Kernel, f: impl Fn(&StmtKind) -> bool) -> usize {
    all_stmts(&k.body)
        .into_iter()
        .filter(|s| f(&s.kind))
        .count()
}

fn assert_unique_ids(k: &Kernel) {
    let mut ids: Vec<u32> = all_stmts(&k.body).iter().map(|s| s.id.0).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate statement ids");
    assert!(ids.last().is_none_or(|m| *m < k.next_stmt_id));
}

const CUDA_REDUCE: &str = r#"
#define N 128
__global__ void reduce(float *in, float *out, unsigned int n) {
  __shared__ float s[N];
  unsigned int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned int d = blockDim.x / 2; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
"#;

const OPENCL_REDUCE: &str = r#"
#define N 128
__kernel void reduce(__global float *in, __global float *out, unsigned int n) {
  __local float s[N];
  unsigned int t = get_local_id(0);
  s[t] = in[get_group_id(0) * get_local_size(0) + t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned int d = get_local_size(0) / 2; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) out[get_group_id(0)] = s[0];
}
"#;

#[test]
fn cuda_and_opencl_twins_have_the_same_shape() {
    let cu = lower("r.cu", CUDA_REDUCE);
    let cl = lower("r.cl", OPENCL_REDUCE);
    let (kc, kl) = (kernel(&cu, "reduce"), kernel(&cl, "reduce"));
    for k in [kc, kl] {
        assert_unique_ids(k);
        assert_eq!(k.params.len(), 1, "{}", pretty_kernel(k));
        assert_eq!(k.params[0].name, "n");
        assert_eq!(k.params[0].position, 2);
        let s = k.arrays.iter().find(|a| a.name == "s").expect("shared s");
        assert_eq!(
            (s.space, s.elem_size, s.dims.clone()),
            (MemSpace::Shared, 4, vec![128])
        );
        let input = k.arrays.iter().find(|a| a.name == "in").expect("in");
        assert_eq!((input.space, input.param), (MemSpace::Global, Some(0)));
        assert_eq!(
            count(k, |s| matches!(s, StmtKind::Read { .. })),
            4,
            "{}",
            pretty_kernel(k)
        );
        assert_eq!(count(k, |s| matches!(s, StmtKind::Write { .. })), 3);
        assert_eq!(count(k, |s| matches!(s, StmtKind::Barrier { .. })), 2);
        assert_eq!(count(k, |s| matches!(s, StmtKind::Loop { .. })), 1);
    }
    // CUDA barriers fence everything; OpenCL's here only local memory.
    let fences = |k: &Kernel| {
        all_stmts(&k.body)
            .into_iter()
            .filter_map(|s| match s.kind {
                StmtKind::Barrier {
                    global_fence,
                    local_fence,
                    ..
                } => Some((global_fence, local_fence)),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(fences(kc), vec![(true, true), (true, true)]);
    assert_eq!(fences(kl), vec![(false, true), (false, true)]);
    // Compound assignment: a read then a write of the same offset.
    let text = pretty_kernel(kc);
    assert!(
        text.contains("$t2 = read s[((i64)t) * 4:i64]:f32"),
        "{text}"
    );
    assert!(
        text.contains("write s[((i64)t) * 4:i64]:f32 = $t2 + $t1"),
        "{text}"
    );
}

#[test]
fn spans_point_at_accesses_statements_and_braces() {
    let p = lower("r.cu", CUDA_REDUCE);
    let k = kernel(&p, "reduce");
    let idx = LineIndex::new(CUDA_REDUCE);
    let stmts = all_stmts(&k.body);
    let first_write = stmts
        .iter()
        .find(|s| matches!(s.kind, StmtKind::Write { .. }))
        .expect("write");
    assert_eq!(text_of(CUDA_REDUCE, first_write.span), "s[t]");
    assert_eq!(
        text_of(CUDA_REDUCE, first_write.stmt_span),
        "s[t] = in[blockIdx.x * blockDim.x + t];"
    );
    assert_eq!(
        idx.line_col_utf8(first_write.span.start),
        LineCol { line: 5, col: 2 }
    );
    let barrier = stmts
        .iter()
        .find(|s| matches!(s.kind, StmtKind::Barrier { .. }))
        .expect("barrier");
    assert_eq!(text_of(CUDA_REDUCE, barrier.span), "__syncthreads()");
    assert_eq!(text_of(CUDA_REDUCE, barrier.stmt_span), "__syncthreads();");
    let lp = stmts
        .iter()
        .find(|s| matches!(s.kind, StmtKind::Loop { .. }))
        .expect("loop");
    assert!(text_of(CUDA_REDUCE, lp.span).starts_with("for (unsigned int d"));
    let StmtKind::Loop { body, .. } = &lp.kind else {
        unreachable!()
    };
    let braces = body.braces.expect("braces");
    assert!(
        text_of(CUDA_REDUCE, braces).starts_with('{')
            && text_of(CUDA_REDUCE, braces).ends_with('}')
    );
    assert_eq!(text_of(CUDA_REDUCE, k.name_span), "reduce");
    assert!(stmts.iter().all(|s| !s.in_macro && s.inlined_at.is_none()));
}

#[test]
fn macros_expand_with_invocation_spans() {
    let src = r#"
#define TID threadIdx.x
#define SYNC __syncthreads()
#define STORE(a, i, v) do { (a)[(i)] = (v); } while (0)
#define REC REC + 1
#define CAT(a, b) a ## b
#define STR(x) #x
__global__ void k(int *g) {
  __shared__ int buf[64];
  int CAT(my, idx) = TID;
  STORE(buf, myidx, 1);
  SYNC;
  g[myidx] = buf[63 - myidx];
}
__global__ void rec(int *g) {
  int REC = 0;
  g[0] = 1;
}
"#;
    let p = lower("m.cu", src);
    let k = kernel(&p, "k");
    let stmts = all_stmts(&k.body);
    let w = stmts
        .iter()
        .find(|s| matches!(&s.kind, StmtKind::Write { access, .. } if k.arrays[access.array.0 as usize].name == "buf"))
        .expect("write to buf");
    assert!(w.in_macro);
    assert_eq!(text_of(src, w.span), "STORE(buf, myidx, 1)");
    let b = stmts
        .iter()
        .find(|s| matches!(s.kind, StmtKind::Barrier { .. }))
        .expect("barrier");
    assert!(b.in_macro);
    assert_eq!(text_of(src, b.span), "SYNC");
    let text = pretty_kernel(k);
    assert!(text.contains("myidx = (i32)threadIdx.x"), "{text}");
    // The do-while(0) of the macro is just its body.
    assert!(!text.contains("loop"), "{text}");
    // `REC` expands once (no re-expansion inside itself) and then fails to parse
    // as a declaration: the kernel is reported, never dropped.
    assert!(
        p.kernels.iter().any(|k| k.name == "rec") || p.unsupported.iter().any(|u| u.name == "rec")
    );
}

#[test]
fn recursive_and_huge_macros_do_not_hang() {
    let mut src = String::from("#define A0 x x x x\n");
    for i in 1..30 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str(
        "#define SELF SELF\n__global__ void k(int *g) { int x = 0; g[x] = SELF; int y = A29; }\n",
    );
    let p = lower("h.cu", &src);
    assert!(
        p.diagnostics
            .iter()
            .any(|d| d.message.contains("macro `A29`")),
        "{:?}",
        p.diagnostics
    );
    assert_eq!(p.kernels.len() + p.unsupported.len(), 1);
}

struct MapIncludes(Vec<(String, String)>);

impl IncludeResolver for MapIncludes {
    fn read(&self, from: &Path, name: &str) -> Option<(PathBuf, String)> {
        let dir = from.parent().unwrap_or(Path::new("."));
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(n, t)| (dir.join(n), t.clone()))
    }
}

#[test]
fn includes_next_to_the_file_from_a_temp_dir() {
    let dir = std::env::temp_dir().join(format!("syncwright-inc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let header = "#pragma once\n#define WIDTH 32\n__device__ void store(float *p, int i, float v) { p[i] = v; }\n";
    std::fs::write(dir.join("util.cuh"), header).expect("write header");
    let src = "#include \"util.cuh\"\n#include <cuda.h>\n#include \"absent.h\"\n__global__ void k(float *a) {\n  __shared__ float s[WIDTH];\n  store(s, threadIdx.x, 1.0f);\n  a[threadIdx.x] = s[0];\n}\n";
    let main = dir.join("k.cu");
    std::fs::write(&main, src).expect("write kernel");
    let p = lower_source(&main, src, &super::FsIncludes);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(p.files.len(), 2);
    assert!(p.files[1].path.ends_with("util.cuh"));
    let k = kernel(&p, "k");
    let s = k.arrays.iter().find(|a| a.name == "s").expect("s");
    assert_eq!(s.dims, vec![32]);
    let stmts = all_stmts(&k.body);
    let w = stmts
        .iter()
        .find(|st| matches!(&st.kind, StmtKind::Write { access, .. } if access.array == crate::ir::ArrayId(k.arrays.iter().position(|a| a.name == "s").unwrap_or(0) as u32)))
        .expect("inlined write");
    assert_eq!(w.span.file, FileId(1));
    assert_eq!(text_of(header, w.span), "p[i]");
    let site = w.inlined_at.expect("inlined_at");
    assert_eq!(text_of(src, site), "store(s, threadIdx.x, 1.0f)");
    // The missing quoted header is a note (not an error) at its line.
    assert_eq!(p.diagnostics.len(), 1, "{:?}", p.diagnostics);
    assert!(!p.diagnostics[0].is_error);
    assert!(p.diagnostics[0].message.contains("\"absent.h\""));
    // The same through an in-memory resolver.
    let mem = MapIncludes(vec![("util.cuh".into(), header.into())]);
    let p2 = lower_source(Path::new("k.cu"), src, &mem);
    assert_eq!(kernel(&p2, "k").body, k.body);
}

#[test]
fn templates_are_generic() {
    let src = r#"
template <int BLOCK, typename T>
__global__ void tk(T *data) {
  __shared__ T tile[BLOCK];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = tile[BLOCK - 1 - threadIdx.x];
}
"#;
    let p = lower("t.cu", src);
    let k = kernel(&p, "tk");
    assert!(k.is_template);
    let block = k
        .params
        .iter()
        .find(|p| p.name == "BLOCK")
        .expect("BLOCK param");
    assert_eq!(block.position, u32::MAX);
    let tile = k.arrays.iter().find(|a| a.name == "tile").expect("tile");
    assert_eq!(tile.elem_size, 4);
    assert!(tile.dims.is_empty());
    let text = pretty_kernel(k);
    assert!(text.contains("BLOCK - 1"), "{text}");
}

#[test]
fn device_function_with_early_return_is_inlined() {
    let src = r#"
__device__ int find(int *a, int x) {
  if (x < 0) return -1;
  for (int i = 0; i < 8; i++) {
    if (a[i] == x) return i;
  }
  return 8;
}
__global__ void k(int *a, int *out) {
  int r = find(a, threadIdx.x);
  out[threadIdx.x] = r;
}
"#;
    let p = lower("d.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    assert!(text.contains("find.done = false"), "{text}");
    assert!(text.contains("if !find.done {"), "{text}");
    assert!(text.contains("find.ret = i"), "{text}");
    assert!(text.contains("r = find.ret"), "{text}");
    // The return inside the loop leaves the loop.
    assert!(text.contains("break  [inlined]"), "{text}");
    assert_eq!(count(k, |s| matches!(s, StmtKind::Return)), 0);
    assert_unique_ids(k);
}

#[test]
fn recursion_is_cut_and_unknown_callees_havoc_their_memory() {
    let src = r#"
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ void opaque(float *p);
__global__ void k(float *a, int *b) {
  b[threadIdx.x] = fact(threadIdx.x);
  opaque(a + 4);
}
"#;
    let p = lower("r.cu", src);
    let k = kernel(&p, "k");
    assert!(
        k.notes
            .iter()
            .any(|(_, n)| n.contains("recursive call to `fact`")),
        "{:?}",
        k.notes
    );
    assert!(
        k.notes
            .iter()
            .any(|(_, n)| n.contains("unknown function `opaque`")),
        "{:?}",
        k.notes
    );
    let a = k.arrays.iter().position(|x| x.name == "a").expect("a") as u32;
    let touches_a = |s: &&Stmt| match &s.kind {
        StmtKind::Read { access, .. } | StmtKind::Write { access, .. } => access.array.0 == a,
        _ => false,
    };
    assert_eq!(
        all_stmts(&k.body)
            .into_iter()
            .filter(|s| touches_a(s))
            .count(),
        2,
        "{}",
        pretty_kernel(k)
    );
}

#[test]
fn pointers_into_arrays_are_resolved() {
    let src = r#"
__global__ void k(float *g, int c) {
  __shared__ float s[256];
  __shared__ float t[256];
  float *p = s + threadIdx.x;
  p += 4;
  p[1] = 2.0f;
  float *q = &s[8];
  *q = 1.0f;
  float *r = c ? s : t;
  r[threadIdx.x] = 0.0f;
  ((char *)g)[threadIdx.x] = 0;
}
"#;
    let p = lower("p.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    assert!(
        text.contains("p.offset = ((i64)threadIdx.x) * 4:i64"),
        "{text}"
    );
    assert!(text.contains("p.offset = p.offset + 16:i64"), "{text}");
    assert!(text.contains("write s[p.offset + 4:i64]:f32"), "{text}");
    assert!(text.contains("q.offset = 32:i64"), "{text}");
    assert!(text.contains("write s[q.offset]:f32"), "{text}");
    // `r` may be `s` or `t`: the access is split on which one it is.
    assert!(text.contains("$t0 = (c != 0) ? 0:u32 : 1:u32"), "{text}");
    assert!(
        text.contains("if $t0 == 0:u32 {\n    7: write s[r.offset"),
        "{text}"
    );
    assert!(text.contains("} else {\n    8: write t[r.offset"), "{text}");
    assert!(!text.contains("may-alias-all"), "{text}");
    // Byte-sized access through a char cast.
    assert!(
        text.contains("write g[((i64)threadIdx.x) * 1:i64]:i8")
            || text.contains("write g[(i64)threadIdx.x]:i8"),
        "{text}"
    );
}

#[test]
fn vectors_structs_and_multi_dimensional_arrays() {
    let src = r#"
struct Particle { float x; double m; int id[3]; };
__global__ void k(float4 *v, Particle *ps) {
  __shared__ float tile[16][17];
  float4 a = v[threadIdx.x];
  tile[threadIdx.y][threadIdx.x] = a.z;
  ps[threadIdx.x].id[2] = 7;
  ps[threadIdx.x].m = a.w;
}
"#;
    let p = lower("v.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    let ps = k.arrays.iter().find(|a| a.name == "ps").expect("ps");
    assert_eq!(ps.elem_size, 32, "struct layout with natural alignment");
    assert!(
        text.contains("read v[(((i64)threadIdx.x) * 16:i64) + 8:i64]:f32"),
        "{text}"
    );
    assert!(
        text.contains(
            "write tile[(((i64)threadIdx.y) * 68:i64) + (((i64)threadIdx.x) * 4:i64)]:f32 = a.z"
        ),
        "{text}"
    );
    assert!(
        text.contains("write ps[((((i64)threadIdx.x) * 32:i64) + 16:i64) + 8:i64]:i32 = 7"),
        "{text}"
    );
    assert!(
        text.contains("write ps[(((i64)threadIdx.x) * 32:i64) + 8:i64]:f64"),
        "{text}"
    );
}

#[test]
fn atomics_in_both_dialects() {
    let cu = lower(
        "a.cu",
        "__global__ void k(int *c, unsigned *u) { int old = atomicAdd(&c[threadIdx.x % 4], 1); atomicCAS_block(u, 0u, 1u); atomicExch_system(c, old); }",
    );
    let k = kernel(&cu, "k");
    let names: Vec<String> = all_stmts(&k.body)
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Atomic { op, .. } => Some(op.name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        names,
        vec!["atomicAdd", "atomicCAS_block", "atomicExch_system"]
    );
    let cl = lower(
        "a.cl",
        "__kernel void k(__global int *c, __local int *l) { atomic_inc(&c[0]); atom_add(l, 2); atomic_fetch_add_explicit(c + 1, 1, 0); int x = atomic_cmpxchg(l + 1, 0, 1); }",
    );
    let k = kernel(&cl, "k");
    assert_eq!(
        count(k, |s| matches!(s, StmtKind::Atomic { .. })),
        4,
        "{}",
        pretty_kernel(k)
    );
    let l = k.arrays.iter().find(|a| a.name == "l").expect("l");
    assert_eq!(l.space, MemSpace::Shared);
}

#[test]
fn every_barrier_spelling() {
    let src = r#"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *g) {
  __syncthreads();
  int n = __syncthreads_count(g[0] > 0);
  __syncthreads_and(1);
  __syncthreads_or(0);
  cg::this_thread_block().sync();
  cg::thread_block block = cg::this_thread_block();
  block.sync();
  cg::sync(block);
  auto grid = cg::this_grid();
  grid.sync();
  cg::this_grid().sync();
  __syncwarp();
  __syncwarp(0xffffffff);
  __syncwarp(0x0000ffff);
  __threadfence();
  __threadfence_block();
}
"#;
    let p = lower("b.cu", src);
    let k = kernel(&p, "k");
    let scopes: Vec<BarrierScope> = all_stmts(&k.body)
        .iter()
        .filter_map(|s| match s.kind {
            StmtKind::Barrier { scope, .. } => Some(scope),
            _ => None,
        })
        .collect();
    use BarrierScope::{Block as B, Grid as G, Warp as W};
    // Fences are not barriers; `__syncwarp` with a partial mask is a
    // barrier of the lanes it names, its mask kept aside.
    let half = BarrierScope::WarpMask { mask: 0 };
    assert_eq!(
        scopes,
        vec![B, B, B, B, B, B, B, G, G, W, W, half],
        "{}",
        pretty_kernel(k)
    );
    assert_eq!(
        k.warp_masks,
        vec![crate::ir::Expr::Int(0xffff, crate::ir::ScalarTy::UINT)]
    );
    let cl = lower(
        "b.cl",
        "kernel void k(global int *g) { barrier(CLK_GLOBAL_MEM_FENCE); work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); mem_fence(CLK_LOCAL_MEM_FENCE); }",
    );
    let k = kernel(&cl, "k");
    let fences: Vec<(bool, bool)> = all_stmts(&k.body)
        .iter()
        .filter_map(|s| match s.kind {
            StmtKind::Barrier {
                global_fence,
                local_fence,
                ..
            } => Some((global_fence, local_fence)),
            _ => None,
        })
        .collect();
    assert_eq!(fences, vec![(true, false), (true, true)]);
}

#[test]
fn builtins_of_opencl() {
    let p = lower(
        "w.cl",
        "kernel void k(global uint *o, int d) { o[get_global_id(0)] = get_global_size(1) + get_work_dim(); o[0] = get_local_id(d); }",
    );
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    assert!(
        text.contains(
            "(((u64)blockIdx.x) * ((u64)blockDim.x)) + ((u64)threadIdx.x)) + ((u64)globalOffset.x)"
        ),
        "{text}"
    );
    assert!(
        text.contains("((u64)gridDim.y) * ((u64)blockDim.y)"),
        "{text}"
    );
    assert!(text.contains("get_work_dim()"), "{text}");
    assert!(text.contains("(d == 0) ? ((u64)threadIdx.x)"), "{text}");
}

#[test]
fn switch_becomes_if_chain_and_forward_goto() {
    let src = r#"
__global__ void sw(int *g, int m) {
  switch (m) {
    case 0:
    case 1: g[0] = 1;
    case 2: g[1] = 2; break;
    default: g[2] = 3;
  }
}
__global__ void jump(int *g) {
  for (int i = 0; i < 4; i++) {
    if (g[i] == threadIdx.x) goto out;
  }
  g[0] = 1;
out:
  g[1] = 2;
}
__global__ void back(int *g) {
again:
  g[0] = 1;
  if (threadIdx.x) goto again;
}
"#;
    let p = lower("s.cu", src);
    let k = kernel(&p, "sw");
    let text = pretty_kernel(k);
    // Fallthrough: cases 0 and 1 also run case 2.
    assert!(text.contains("if ($t0 == 0) || ($t0 == 1) {"), "{text}");
    assert_eq!(
        count(k, |s| matches!(s, StmtKind::Write { .. })),
        4,
        "{text}"
    );
    // A forward goto: a flag, `break` out of the loop, the skipped code guarded.
    let text = pretty_kernel(kernel(&p, "jump"));
    assert!(text.contains("goto.out = true"), "{text}");
    assert!(text.contains(": break\n"), "{text}");
    assert!(text.contains("if !goto.out {\n    "), "{text}");
    let u = p
        .unsupported
        .iter()
        .find(|u| u.name == "back")
        .expect("backward goto unsupported");
    assert!(u.reason.contains("goto again"), "{}", u.reason);
    assert_eq!(text_of(src, u.span), "goto again;");
}

#[test]
fn short_circuit_reads_are_conditional() {
    let p = lower("c.cu", "__global__ void k(int *a, int *b) { if (threadIdx.x < 4 && a[threadIdx.x] > 0) b[0] = a[1] ? 1 : b[1]; }");
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    // The read of a[threadIdx.x] is inside an `if` on the left operand.
    assert!(text.contains("$t1 = threadIdx.x < 4:u32"), "{text}");
    assert!(text.contains("if $t1 {\n    0: $t0 = read a["), "{text}");
    // `?:` with a read on one side is an if/else.
    assert!(text.contains("} else {"), "{text}");
}

#[test]
fn unsigned_types_and_conversions() {
    let p = lower("u.cu", "__global__ void k(int *a, size_t n, unsigned char c, long long q) { uint64_t x = n; int64_t y = q; a[0] = (c + 1) < n; a[1] = -1 < 1u; }");
    let k = kernel(&p, "k");
    let ty = |n: &str| {
        k.params
            .iter()
            .find(|p| p.name == n)
            .map(|p| crate::ir::pretty::ty_name(p.ty))
    };
    assert_eq!(ty("n").as_deref(), Some("u64"));
    assert_eq!(ty("c").as_deref(), Some("u8"));
    assert_eq!(ty("q").as_deref(), Some("i64"));
    let text = pretty_kernel(k);
    // `c + 1` is int; compared with size_t it converts to u64.
    assert!(text.contains("((u64)(((i32)c) + 1)) < n"), "{text}");
    // -1 < 1u compares as unsigned.
    assert!(text.contains("4294967295:u32 < 1:u32"), "{text}");
}

#[test]
fn private_arrays_and_locals() {
    let p = lower(
        "l.cu",
        "__global__ void k(float *a) { float tmp[4]; float big[64]; tmp[threadIdx.x % 4] = a[0]; \
         a[1] = tmp[2]; big[3] = 1.0f; a[2] = big[3]; }",
    );
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    // Only the global stores are memory accesses: private arrays cannot race.
    assert_eq!(
        count(k, |s| matches!(s, StmtKind::Write { .. })),
        2,
        "{text}"
    );
    // A small array of scalars keeps its elements: the computed index selects
    // the element it updates, and `tmp[2]` is read back from its local.
    assert!(text.contains("tmp[2] = ("), "{text}");
    assert!(text.contains("= tmp[2]"), "{text}");
    // A large one is not tracked: its reads are havocked.
    assert!(k
        .notes
        .iter()
        .any(|(_, n)| n.contains("private array `big`")));
    assert!(!k
        .notes
        .iter()
        .any(|(_, n)| n.contains("private array `tmp`")));
}

#[test]
fn opencl_qualifiers_give_spaces() {
    let src = "constant float coef[4] = {1, 2, 3, 4};\nkernel void k(global float *g, local float *l, constant float *c, __global const float4 *v) {\n  local float buf[8];\n  local float *pl = buf;\n  private float x = coef[1];\n  pl[get_local_id(0)] = l[0] + c[0] + x + v[0].w;\n  g[0] = buf[1];\n}\n";
    let p = lower("q.cl", src);
    let k = kernel(&p, "k");
    let space = |n: &str| k.arrays.iter().find(|a| a.name == n).map(|a| a.space);
    assert_eq!(space("g"), Some(MemSpace::Global));
    assert_eq!(space("l"), Some(MemSpace::Shared));
    assert_eq!(space("c"), Some(MemSpace::Constant));
    assert_eq!(space("buf"), Some(MemSpace::Shared));
    assert_eq!(space("coef"), Some(MemSpace::Constant));
    assert_eq!(space("pl"), None, "a local pointer is not an array");
    let text = pretty_kernel(k);
    assert!(text.contains("write buf["), "{text}");
    assert!(text.contains("read v[12:i64]:f32"), "{text}");
}

#[test]
fn junk_and_syntax_errors_never_panic_or_drop_kernels() {
    let junk: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let text = String::from_utf8_lossy(&junk).into_owned();
    let _ = lower("junk.cu", &text);
    let _ = lower("junk.cl", &text);
    let src = "__global__ void broken(int *a) {\n  a[0] = ) 3;\n}\n__global__ void fine(int *a) { a[0] = 1; }\n";
    let p = lower("e.cu", src);
    let u = p
        .unsupported
        .iter()
        .find(|u| u.name == "broken")
        .expect("broken is unsupported");
    assert!(u.reason.starts_with("syntax error at 2:"), "{}", u.reason);
    assert!(p.kernels.iter().any(|k| k.name == "fine"));
    assert!(p
        .diagnostics
        .iter()
        .any(|d| d.is_error && d.message.contains("syntax error")));
    // A kernel whose head does not parse at all is still reported.
    let p = lower("e2.cu", "__global__ void (int *a { a[0] = 1; }\n");
    assert_eq!(
        p.kernels.len() + p.unsupported.len(),
        1,
        "{:?}",
        p.unsupported
    );
    let p = lower("e3.cl", "__kernel void k(__global int *a) { a[0] = 1 }\n");
    assert_eq!(p.kernels.len() + p.unsupported.len(), 1);
}

#[test]
fn huge_file_is_lowered() {
    let mut src = String::from("__global__ void big(int *a) {\n");
    for i in 0..100_000 {
        src.push_str(&format!("  a[{}] = {};\n", i % 97, i));
    }
    src.push_str("}\n");
    let p = lower("big.cu", &src);
    let k = kernel(&p, "big");
    assert_eq!(k.body.stmts.len(), 100_000);
}

#[test]
fn deep_nesting_is_unsupported_not_a_crash() {
    let mut src = String::from("__global__ void deep(int *a) {\n");
    for _ in 0..10_000 {
        src.push_str("if (a[0]) {\n");
    }
    for _ in 0..10_000 {
        src.push('}');
    }
    src.push_str("\n}\n__global__ void parens(int *a) { a[0] = ");
    for _ in 0..10_000 {
        src.push('(');
    }
    src.push('1');
    for _ in 0..10_000 {
        src.push(')');
    }
    src.push_str("; }\n");
    // Run on a thread with a modest stack, like a worker thread.
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || lower("deep.cu", &src))
        .expect("spawn");
    let p = handle.join().expect("no stack overflow");
    for name in ["deep", "parens"] {
        let u = p
            .unsupported
            .iter()
            .find(|u| u.name == name)
            .unwrap_or_else(|| panic!("{name}: {:?}", p.kernels.len()));
        assert!(u.reason.contains("nested deeper"), "{}", u.reason);
    }
}

#[test]
fn sizeof_launch_bounds_and_work_group_size() {
    let p = lower(
        "z.cu",
        "__global__ void __launch_bounds__(256) k(int *a) { __shared__ float s[64]; a[0] = sizeof(s) / sizeof(s[0]); a[1] = sizeof(float4); }",
    );
    let k = kernel(&p, "k");
    assert_eq!(k.launch_bounds, Some(256));
    let text = pretty_kernel(k);
    assert!(text.contains("256:u64 / 4:u64"), "{text}");
    assert!(
        text.contains("(i32)16:u64") || text.contains("= 16"),
        "{text}"
    );
    let p = lower(
        "z.cl",
        "__kernel __attribute__((reqd_work_group_size(16, 4, 1))) void k(__global int *a) { a[0] = 1; }\n#include \"\u{e9}",
    );
    let k = kernel(&p, "k");
    assert_eq!(k.launch_bounds, Some(64));
    assert!(text_of(&p.files[0].text, k.span).starts_with("__kernel __attribute__"));
}

#[test]
fn exponential_call_trees_are_cut() {
    let mut src = String::from("__device__ void f20(int *a) { a[threadIdx.x] = 1; }\n");
    for i in (0..20).rev() {
        src.push_str(&format!(
            "__device__ void f{i}(int *a) {{ f{}(a); f{}(a + 1); }}\n",
            i + 1,
            i + 1
        ));
    }
    src.push_str("__global__ void k(int *a) { f0(a); }\n");
    let p = lower("bomb.cu", &src);
    let k = kernel(&p, "k");
    assert!(
        k.notes.iter().any(|(_, n)| n.contains("inlining budget")),
        "{:?}",
        k.notes
    );
}

#[test]
fn member_functions_are_inlined_and_unknown_methods_havoc() {
    let src = r#"
struct Acc {
  float *buf;
  int base;
  __device__ void put(int i, float v) { buf[base + i] = v; this->base = i; }
  __device__ float get(int i);
};
__device__ float Acc::get(int i) { return buf[base + i]; }
struct Opaque { int *p; __device__ void poke(); };
__global__ void k(Acc a, Opaque o, float *out) {
  a.put(threadIdx.x, 1.0f);
  out[threadIdx.x] = a.get(threadIdx.x + 1);
  o.poke();
}
"#;
    let p = lower("m.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    assert!(text.contains("global a.buf[] elem 4 param 0"), "{text}");
    // The struct fields' pointers may be `out` (the host may store it
    // there): one array with it, named `out`.
    assert!(
        text.contains("write out[a.buf.offset + (((i64)(a.base + i)) * 4:i64)]:f32 = v"),
        "{text}"
    );
    assert!(text.contains("read out[a.buf.offset"), "{text}");
    assert!(text.contains("a.base = i  [inlined]"), "{text}");
    // `poke` has no body: the memory behind `o.p` may be read and written.
    assert!(text.contains("write out[$t"), "{text}");
    assert!(
        k.notes
            .iter()
            .any(|(_, n)| n.contains("unknown method `poke`")),
        "{:?}",
        k.notes
    );
}

#[test]
fn constant_arrays_with_initializers_have_known_values() {
    let src = "__constant int Z[8] = { };\n__constant int T[3] = { 1, 2, 3 };\n__kernel void k(__global int *p) {\n  int a = Z[get_local_id(0)];\n  int b = T[get_local_id(0) % 3];\n  p[a + b] = 0;\n}\n";
    let p = lower("c.cl", src);
    let text = pretty_kernel(kernel(&p, "k"));
    assert!(text.contains("a = 0\n"), "{text}");
    assert!(text.contains("? 1 : ("), "{text}");
}

#[test]
fn curand_calls_update_their_state() {
    let src = "__global__ void k(curandState *s, curandStateMtgp32_t *m, float *a) {\n  curand_init(7, threadIdx.x, 0, &s[threadIdx.x]);\n  a[threadIdx.x] = curand_uniform(&s[threadIdx.x]) + curand(m);\n}\n";
    let p = lower("r.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    let s = k.arrays.iter().find(|a| a.name == "s").expect("s");
    assert_eq!(s.elem_size, 48, "XORWOW state size");
    assert!(
        text.contains("read s[((i64)threadIdx.x) * 48:i64]"),
        "{text}"
    );
    assert!(
        text.contains("write s[((i64)threadIdx.x) * 48:i64]"),
        "{text}"
    );
    // MTGP32: threads of a block store a function of the block.
    assert!(text.contains("write m[0:i64]:u32 = ("), "{text}");
    assert!(!text.contains("read m["), "{text}");
}

#[test]
fn opencl_images_are_memory() {
    let src = "__kernel void k(__write_only image2d_t dst, __read_only image2d_t src, sampler_t s) {\n  int2 c = (int2)(get_global_id(0), get_global_id(1));\n  write_imagef(dst, c, read_imagef(src, s, c));\n}\n";
    let p = lower("i.cl", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    assert!(text.contains("global dst[] elem 16 param 0"), "{text}");
    assert!(
        text.contains("read src[(((i64)c.x) + (((i64)c.y) * 65536:i64)) * 16:i64]:f32"),
        "{text}"
    );
    assert_eq!(
        count(k, |s| matches!(s, StmtKind::Write { .. })),
        4,
        "{text}"
    );
    assert_eq!(k.params.len(), 1, "the sampler is a scalar parameter");
}

#[test]
fn pointers_assigned_on_several_paths_select_their_array() {
    let src = r#"
__global__ void k(float *g, int c) {
  __shared__ float s[64];
  float *p;
  if (c > 4) p = g; else p = s + 1;
  for (int i = 0; i < 4; i++) {
    p[threadIdx.x] = 1.0f;
    atomicAdd(p, 1.0f);
  }
}
"#;
    let p = lower("sel.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    assert!(text.contains("p.target = 0:u32"), "{text}");
    assert!(text.contains("p.target = 1:u32"), "{text}");
    assert!(text.contains("if p.target == 0:u32 {"), "{text}");
    assert!(text.contains("write g[p.offset"), "{text}");
    assert!(text.contains("write s[p.offset"), "{text}");
    assert!(text.contains("atomic atomicAdd g["), "{text}");
    assert!(text.contains("atomic atomicAdd s["), "{text}");
    assert!(!text.contains("may-alias-all"), "{text}");
}

#[test]
fn extern_shared_declarations_are_one_array() {
    let src = r#"
extern __shared__ char raw[];
__device__ void f(int i) { extern __shared__ int inner[]; inner[i] = 1; }
__global__ void k(float *out) {
  extern __shared__ float vals[];
  vals[threadIdx.x] = 2.0f;
  raw[threadIdx.x] = 3;
  f(threadIdx.x);
}
"#;
    let p = lower("ext.cu", src);
    let k = kernel(&p, "k");
    let shared: Vec<_> = k
        .arrays
        .iter()
        .filter(|a| a.space == MemSpace::Shared)
        .collect();
    assert_eq!(shared.len(), 1, "{}", pretty_kernel(k));
    assert_eq!(shared[0].elem_size, 1, "mixed element sizes: bytes");
    assert_eq!(
        count(
            k,
            |s| matches!(s, StmtKind::Write { access, .. } if access.array.0 as usize == k.arrays.iter().position(|a| a.space == MemSpace::Shared).unwrap_or(usize::MAX))
        ),
        3
    );
}

#[test]
fn conditional_objects_are_written() {
    let src = r#"
__global__ void k(int c) {
  __shared__ int s[64];
  __shared__ int t[64];
  (c ? s[1] : s[2]) = 5;
  (c ? s[3] : t[4]) = 6;
  (s[7] = 0) = 8;
}
"#;
    let p = lower("cond.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    // Same array: one write at a selected offset; two arrays: split by target.
    assert!(text.contains("? 4:i64 : 8:i64]:i32 = 5"), "{text}");
    assert!(text.contains("write s[28:i64]:i32 = 8"), "{text}");
    assert!(text.contains("write t["), "{text}");
    assert_eq!(
        count(k, |s| matches!(s, StmtKind::Write { .. })),
        5,
        "{text}"
    );
}

/// Why the kernel `name` of `p` is unsupported (empty when it is not).
fn unsupported_reason(p: &Program, name: &str) -> String {
    p.unsupported
        .iter()
        .find(|u| u.name == name)
        .map(|u| u.reason.clone())
        .unwrap_or_default()
}

#[test]
fn calls_not_inlined_that_may_synchronize_are_unsupported() {
    let src = r#"
__device__ int table[4];
__device__ void sync_down(int n) { if (n) sync_down(n - 1); else __syncthreads(); }
__device__ void fill_down(int n) { if (n) fill_down(n - 1); else table[n] = 1; }
__device__ int pure_down(int n) { return n ? pure_down(n - 1) : 0; }
__global__ void a() { sync_down(2); }
__global__ void b() { fill_down(2); }
__global__ void c(int *out) { out[threadIdx.x] = pure_down(2); }
"#;
    let p = lower("rec.cu", src);
    let reason = |name: &str| unsupported_reason(&p, name);
    assert!(
        reason("a").contains("may synchronize"),
        "{:?}",
        p.unsupported
    );
    assert!(reason("b").contains("`table`"), "{:?}", p.unsupported);
    kernel(&p, "c");
}

#[test]
fn the_hazard_of_a_callee_not_inlined_goes_through_the_functions_it_calls() {
    // The recursive callee's own text is harmless; what it calls is not.
    let src = r#"
__device__ int table[4];
__device__ void wait_all() { __syncwarp(); }
__device__ void store(int n) { table[n] = n; }
__device__ void stage(int n) { __shared__ int s[32]; s[n] = n; }
__device__ void a_down(int n) { if (n) a_down(n - 1); else wait_all(); }
__device__ void b_down(int n) { if (n) b_down(n - 1); else store(n); }
__device__ void c_down(int n) { if (n) c_down(n - 1); else stage(n); }
__global__ void a() { a_down(2); }
__global__ void b() { b_down(2); }
__global__ void c() { c_down(2); }
"#;
    let p = lower("closure.cu", src);
    let reason = |name: &str| unsupported_reason(&p, name);
    assert!(
        reason("a").contains("may synchronize (`__syncwarp`)"),
        "{}",
        reason("a")
    );
    assert!(
        reason("b").contains("module-scope memory `table`"),
        "{}",
        reason("b")
    );
    assert!(
        reason("c").contains("declares `__shared__` memory"),
        "{}",
        reason("c")
    );
}

#[test]
fn objects_passed_to_unknown_functions_get_unknown_values() {
    let src = r#"
__device__ void by_ref(int &a);
__device__ void by_value(int a, const int &b);
__global__ void k() {
  __shared__ int s[64];
  by_ref(s[threadIdx.x]);
  by_value(s[threadIdx.x], s[threadIdx.x]);
  undeclared(s[threadIdx.x]);
}
"#;
    let p = lower("unk.cu", src);
    let k = kernel(&p, "k");
    let text = pretty_kernel(k);
    // `by_ref` and `undeclared` may write their argument; `by_value` may not.
    assert_eq!(
        count(k, |s| matches!(s, StmtKind::Write { .. })),
        2,
        "{text}"
    );
}

#[test]
fn work_item_scope_barriers_have_no_fences() {
    let src = r#"
__kernel void k(__global int *out) {
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_item);
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
}
"#;
    let p = lower("scope.cl", src);
    let k = kernel(&p, "k");
    let fences: Vec<(bool, bool)> = all_stmts(&k.body)
        .into_iter()
        .filter_map(|s| match s.kind {
            StmtKind::Barrier {
                global_fence,
                local_fence,
                ..
            } => Some((global_fence, local_fence)),
            _ => None,
        })
        .collect();
    assert_eq!(fences, vec![(false, false), (true, false)]);
}

#[test]
fn syntax_errors_in_host_code_are_notes_and_errors_in_device_code_stay() {
    // Host-only code that does not parse is not checked: a note, not an error.
    let host = "int main() {\n  int **g = new int*[16];\n  return 0;\n}\n__global__ void k(int *a) { a[threadIdx.x] = 1; }\n";
    let p = lower("h.cu", host);
    assert_eq!(p.kernels.len(), 1, "{:?}", p.unsupported);
    assert!(!p.diagnostics.is_empty(), "the host error is reported");
    assert!(
        p.diagnostics
            .iter()
            .all(|d| !d.is_error && d.message.contains("host code")),
        "{:?}",
        p.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    // The same text in a device function stays an error.
    let device = "__device__ int f() {\n  int **g = new int*[16];\n  return 0;\n}\n__global__ void k(int *a) { a[threadIdx.x] = f(); }\n";
    let p = lower("d.cu", device);
    assert!(p.diagnostics.iter().any(|d| d.is_error));
    // And in OpenCL every function is device code.
    let cl = "int f(int x) {\n  int y = ) x;\n  return y;\n}\n__kernel void k(__global int *a) { a[get_global_id(0)] = 1; }\n";
    let p = lower("o.cl", cl);
    assert!(p.diagnostics.iter().any(|d| d.is_error));
}

/// The limits named in their reasons agree with the constants.
#[test]
fn inlining_reasons_name_their_limits() {
    use crate::frontend::lowerer::{MAX_INLINED_CALLS, MAX_INLINE_DEPTH};
    assert!(super::inline::INLINING_BUDGET_REASON
        .contains(&format!("{MAX_INLINED_CALLS} inlined copies")));
    assert!(super::inline::INLINING_DEPTH_REASON
        .contains(&format!("more than {MAX_INLINE_DEPTH} levels")));
}

/// Inlined copies that add up past the IR statement limit make the kernel
/// unsupported with the limit named, not a process out of memory.
#[test]
fn ir_statement_limit_is_reached_and_named() {
    use crate::frontend::lowerer::MAX_STMTS;
    let mut src = String::from("__device__ void leaf(int *a) {\n");
    for i in 0..140 {
        src.push_str(&format!("  a[threadIdx.x + {i}] = {i};\n"));
    }
    src.push_str("}\n__device__ void middle(int *a) {\n");
    for _ in 0..60 {
        src.push_str("  leaf(a);\n");
    }
    src.push_str("}\n__global__ void k(int *a) {\n");
    for _ in 0..60 {
        src.push_str("  middle(a);\n");
    }
    src.push_str("}\n");
    // 3,660 inlined calls (under their limit), 504,000 leaf statements.
    const { assert!(60 * 60 * 140 > MAX_STMTS) };
    let p = lower("copies.cu", &src);
    assert!(p.kernels.is_empty(), "{:?}", p.kernels.len());
    let k = p.unsupported.iter().find(|k| k.name == "k").expect("k");
    assert!(
        k.reason
            .contains(&format!("IR statement limit of {MAX_STMTS}")),
        "{}",
        k.reason
    );
}

#[test]
fn subscript_of_an_unmodelled_class_names_its_type() {
    let src = r#"
__global__ void a(Accessor<float, 2> m, float *o) { o[threadIdx.x] = m[threadIdx.x][0]; }
__global__ void b(Tensor t, float *o) { o[threadIdx.x] = t.data()[threadIdx.x]; }
__global__ void c(int x, float *o) { o[threadIdx.x] = x[0]; }
"#;
    let p = lower("acc.cu", src);
    let reason = |name: &str| unsupported_reason(&p, name);
    assert!(
        reason("a")
            .contains("`m` has type `Accessor<float, 2>`, which the front end does not model"),
        "{}",
        reason("a")
    );
    assert!(
        reason("b").contains("`t` has type `Tensor`"),
        "{}",
        reason("b")
    );
    // A known type keeps the plain reason.
    assert_eq!(reason("c"), "subscript of a non-pointer `x`");
}

#[test]
fn accessor_uses_other_than_subscripts_name_the_construct() {
    let src = r#"
__global__ void partial(at::PackedTensorAccessor32<float, 2, at::RestrictPtrTraits> m, float *o) {
  auto row = m[threadIdx.x];
  o[threadIdx.x] = row[0];
}
__global__ void passed(at::PackedTensorAccessor32<float, 1, at::RestrictPtrTraits> m, float *o) {
  o[threadIdx.x] = helper(m);
}
__global__ void method(at::PackedTensorAccessor32<float, 1, at::RestrictPtrTraits> m, float *o) {
  o[threadIdx.x] = m.transpose(0, 0).size(0);
}
__global__ void ok(at::PackedTensorAccessor32<float, 1, at::RestrictPtrTraits> m, float *o) {
  if (threadIdx.x < m.size(0)) o[threadIdx.x] = m[threadIdx.x];
}
"#;
    let p = lower("acc.cu", src);
    let reason = |name: &str| unsupported_reason(&p, name);
    assert!(
        reason("partial").contains("partial subscript"),
        "{}",
        reason("partial")
    );
    assert!(
        reason("passed").contains("PyTorch accessor `m` used as a value"),
        "{}",
        reason("passed")
    );
    assert!(
        reason("method").contains("method `transpose`"),
        "{}",
        reason("method")
    );
    let k = kernel(&p, "ok");
    // The data, size and stride of `m`, the layout's statements recorded.
    assert!(k.params.iter().any(|q| q.name == "m.size(0)"));
    assert!(!k.layout_assumption.is_empty());
}

/// Memory writes in `block`, counted through nested blocks.
fn writes_in(block: &Block) -> usize {
    let mut n = 0;
    crate::ir::walk::for_each_stmt(block, &mut |s| {
        if matches!(&s.kind, StmtKind::Write { .. }) {
            n += 1;
        }
    });
    n
}

#[test]
fn landings_no_issue_reaches_are_dropped() {
    // The consumers' arm of a producer/consumer `if` is after the producers'
    // copy by position but never runs it: its replayed landings go.
    let src = r#"
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void roles(const float *in, float *out) {
    __shared__ float buf[64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
    auto block = cg::this_thread_block();
    const cuda::pipeline_role role =
        threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    auto pipe = cuda::make_pipeline(block, &state, role);
    if (role == cuda::pipeline_role::producer) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
        pipe.producer_commit();
    } else {
        pipe.consumer_wait();
        out[threadIdx.x] = buf[63 - threadIdx.x];
        pipe.consumer_release();
    }
}
"#;
    let p = lower("roles.cu", src);
    let k = kernel(&p, "roles");
    let arms: Vec<&Stmt> = all_stmts(&k.body)
        .into_iter()
        .filter(|s| matches!(&s.kind, StmtKind::If { else_, .. } if !else_.stmts.is_empty()))
        .collect();
    let StmtKind::If { then_, else_, .. } = &arms.last().expect("the role if").kind else {
        unreachable!()
    };
    // The consumer arm keeps only its own store to `out`; the producers'
    // arm keeps the copy and its landings.
    assert_eq!(writes_in(else_), 1, "{}", pretty_kernel(k));
    assert!(writes_in(then_) >= 2, "{}", pretty_kernel(k));
}

#[test]
fn cub_collectives_are_barriers_on_their_temp_storage_without_the_header() {
    let src = r#"
#include <cub/cub.cuh>
typedef cub::BlockReduce<int, 128> BR;
__device__ int reduce_down(int n, int v, BR::TempStorage &ts) {
    return n ? reduce_down(n - 1, v, ts) : BR(ts).Sum(v);
}
__global__ void direct(int *out) {
    __shared__ BR::TempStorage ts;
    out[threadIdx.x] = BR(ts).Sum(out[threadIdx.x]);
}
__global__ void warp(float *out) {
    using WR = hipcub::WarpReduce<float>;
    __shared__ typename WR::TempStorage ts[4];
    out[threadIdx.x] = WR(ts[threadIdx.x / 32]).Sum(out[threadIdx.x]);
}
__global__ void direct_load(const int *in, int *out) {
    typedef cub::BlockLoad<int, 128, 4> L;
    __shared__ typename L::TempStorage ts;
    int items[4];
    L(ts).Load(in, items);
    out[threadIdx.x] = items[0];
}
__global__ void atomic_histogram(const unsigned char *in) {
    typedef cub::BlockHistogram<unsigned char, 128, 4, 256, cub::BLOCK_HISTO_ATOMIC> H;
    __shared__ typename H::TempStorage ts;
    __shared__ unsigned int hist[256];
    unsigned char items[4];
    H(ts).Histogram(items, hist);
    H(ts).Composite(items, hist);
}
__global__ void named(int *out) {
    __shared__ BR::TempStorage ts;
    BR r(ts);
    out[threadIdx.x] = r.Sum(out[threadIdx.x]);
}
__global__ void private_storage(int *out) {
    out[threadIdx.x] = BR().Sum(out[threadIdx.x]);
}
__global__ void half_warps(float *out) {
    typedef cub::WarpReduce<float, 16> WR;
    __shared__ typename WR::TempStorage ts[8];
    out[threadIdx.x] = WR(ts[threadIdx.x / 16]).Sum(out[threadIdx.x]);
}
__global__ void recursive(int *out) {
    __shared__ BR::TempStorage ts;
    out[threadIdx.x] = reduce_down(2, out[threadIdx.x], ts);
}
"#;
    let p = lower("cub.cu", src);
    let barriers = |name: &str, scope: BarrierScope| {
        count(
            kernel(&p, name),
            |s| matches!(s, StmtKind::Barrier { scope: sc, .. } if *sc == scope),
        )
    };
    let shared_accesses = |name: &str| {
        let k = kernel(&p, name);
        count(k, |s| match s {
            StmtKind::Read { access, .. } | StmtKind::Write { access, .. } => {
                k.arrays[access.array.0 as usize].space == MemSpace::Shared
            }
            _ => false,
        })
    };
    assert_eq!(barriers("direct", BarrierScope::Block), 1);
    assert_eq!(shared_accesses("direct"), 2);
    // A whole-warp WarpReduce is shuffles: a barrier every lane must
    // reach, which orders no memory, and no storage access.
    assert_eq!(barriers("warp", BarrierScope::Warp), 1);
    assert_eq!(
        count(kernel(&p, "warp"), |s| matches!(
            s,
            StmtKind::Barrier {
                global_fence: false,
                local_fence: false,
                ..
            }
        )),
        1
    );
    assert_eq!(shared_accesses("warp"), 0);
    // The default (direct) load exchanges nothing.
    assert_eq!(barriers("direct_load", BarrierScope::Block), 0);
    assert_eq!(shared_accesses("direct_load"), 0);
    // The atomic histogram: `Histogram()` has its barrier, `Composite()` none.
    assert_eq!(barriers("atomic_histogram", BarrierScope::Block), 1);
    let reason = |name: &str| unsupported_reason(&p, name);
    assert!(
        reason("named").contains("held in a variable"),
        "{}",
        reason("named")
    );
    assert!(
        reason("private_storage").contains("private temporary storage"),
        "{}",
        reason("private_storage")
    );
    assert!(
        reason("half_warps").contains("logical warp"),
        "{}",
        reason("half_warps")
    );
    assert!(
        reason("recursive").contains("may synchronize"),
        "{}",
        reason("recursive")
    );
}

#[test]
fn a_program_s_own_block_reduce_is_not_cub_s() {
    // The program defines `BlockReduce` itself (a copy of cub's code): its
    // methods are inlined, not modelled.
    let src = r#"
namespace cub { struct Sum {}; }
typedef cub::Sum SumOp;
struct BlockReduce {
    int *s;
    __device__ BlockReduce(int *p) : s(p) {}
    __device__ int Sum(int v) { s[threadIdx.x] = v; return v; }
};
__global__ void own(int *out) {
    __shared__ int buf[128];
    out[threadIdx.x] = BlockReduce(buf).Sum(1);
}
"#;
    let p = lower("own.cu", src);
    let k = kernel(&p, "own");
    assert_eq!(count(k, |s| matches!(s, StmtKind::Barrier { .. })), 0);
}

/// Which reads are volatile (`Access::volatile`): global reads when the
/// program names a `volatile` type, the arrays `__ldcv` reads, never shared
/// memory; `asm volatile` does not count.
#[test]
fn volatile_reads_are_marked() {
    let volatile_arrays = |src: &str| -> Vec<String> {
        let p = lower("v.cu", src);
        let k = kernel(&p, "k");
        let mut out: Vec<String> = all_stmts(&k.body)
            .into_iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Read { access, .. } if access.volatile => {
                    Some(k.arrays[access.array.0 as usize].name.clone())
                }
                _ => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    };
    let flag = "__global__ void k(volatile int *stop, const int *in, int *out) {
        __shared__ int s[64];
        s[threadIdx.x] = in[threadIdx.x];
        __syncthreads();
        if (*stop) out[threadIdx.x] = s[63 - threadIdx.x];
    }";
    assert_eq!(volatile_arrays(flag), ["in", "stop"]);
    let ldcv = "__global__ void k(const int *stop, const int *in, int *out) {
        if (__ldcv(stop) + stop[1]) out[threadIdx.x] = in[threadIdx.x];
    }";
    assert_eq!(volatile_arrays(ldcv), ["in", "stop"]);
    let asm = "__global__ void k(const int *stop, int *out) {
        asm volatile(\"bar.sync 1, 64;\");
        if (*stop) out[threadIdx.x] = 1;
    }";
    assert!(volatile_arrays(asm).is_empty());
    assert!(!crate::frontend::lowerer::names_volatile(
        "asm  volatile(\"\"); __asm__ __volatile__(\"\");"
    ));
    assert!(crate::frontend::lowerer::names_volatile(
        "typedef volatile int vint;"
    ));
    assert!(!crate::frontend::lowerer::names_volatile(
        "int nonvolatile_x; int volatile_y;"
    ));
}

// Block broadcasts (`ir::broadcast`), on lowered kernels.
/// How many reads of the only kernel of `text` get block-invariant values.
fn broadcast_reads(text: &str) -> usize {
    let program = crate::frontend::lower_source(
        std::path::Path::new("t.cu"),
        text,
        &crate::frontend::NoIncludes,
    );
    crate::ir::broadcast::block_invariant_reads(&program.kernels[0]).len()
}

#[test]
fn a_read_after_thread0_store_and_barrier_is_a_broadcast() {
    let k = |guard: &str, barrier: &str, value: &str| {
        format!(
            "__global__ void k(float *p) {{ __shared__ int off;\n\
             if ({guard}) off = {value};\n{barrier};\n\
             p[off + threadIdx.x] = 0; }}"
        )
    };
    let b = "blockIdx.x * 256";
    assert_eq!(
        broadcast_reads(&k("threadIdx.x == 0", "__syncthreads()", b)),
        1
    );
    // Thread 0 does not store; a warp barrier; no barrier.
    assert_eq!(
        broadcast_reads(&k("threadIdx.x == 1", "__syncthreads()", b)),
        0
    );
    assert_eq!(
        broadcast_reads(&k("threadIdx.x == 0", "__syncwarp()", b)),
        0
    );
    assert_eq!(broadcast_reads(&k("threadIdx.x == 0", "(void)0", b)), 0);
    // Values that differ between threads, or come from memory.
    assert_eq!(
        broadcast_reads(&k("threadIdx.x == 0", "__syncthreads()", "threadIdx.x")),
        0
    );
    assert_eq!(
        broadcast_reads(&k("threadIdx.x == 0", "__syncthreads()", "(int)p[0]")),
        0
    );
    // Every thread stores: its own store comes first.
    let own = "__global__ void k(float *p) { __shared__ int off;\n\
         off = blockIdx.x * 256;\np[off + threadIdx.x] = 0; }";
    assert_eq!(broadcast_reads(own), 1);
}

#[test]
fn another_write_to_the_cell_or_an_early_return_disqualifies() {
    let thread_store = "__global__ void k(float *p) { __shared__ int off;\n\
         if (threadIdx.x == 0) off = blockIdx.x;\n__syncthreads();\n\
         p[off + threadIdx.x] = 0;\n__syncthreads();\n\
         if (threadIdx.x == 3) off = threadIdx.x; }";
    assert_eq!(broadcast_reads(thread_store), 0);
    let atomic = "__global__ void k(float *p) { __shared__ int off;\n\
         if (threadIdx.x == 0) off = blockIdx.x;\n__syncthreads();\n\
         p[off + threadIdx.x] = 0;\n__syncthreads();\n\
         atomicAdd(&off, 1); }";
    assert_eq!(broadcast_reads(atomic), 0);
    let early_return = "__global__ void k(float *p, int n) { __shared__ int off;\n\
         if (threadIdx.x >= n) return;\n\
         if (threadIdx.x == 0) off = blockIdx.x;\n__syncthreads();\n\
         p[off + threadIdx.x] = 0; }";
    assert_eq!(broadcast_reads(early_return), 0);
}
