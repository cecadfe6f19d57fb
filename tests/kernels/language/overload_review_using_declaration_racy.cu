// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): qualified lookup of `a::put` also finds
// the `put` a using-declaration brings into `a` ([namespace.udecl]); for an
// `int` argument `b::put` is the exact match: every thread writes out[0].
namespace b {
__device__ void put(int *p, int i) { p[0] = i; } //~ race write-write
}
namespace a {
using b::put;
__device__ void put(int *p, long i) { p[i] = (int)i; }
}
__global__ void k(int *out) { a::put(out, (int)threadIdx.x); }
