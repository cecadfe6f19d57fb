// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Qualified lookup of `a::put` follows inline namespaces ([namespace.qual]/2):
// `a::v1::put(int *, int)` is the exact match for an `int` argument, so
// every thread writes out[0].
namespace a {
inline namespace v1 {
__device__ void put(int *p, int i) { p[0] = i; } //~ race write-write
}
__device__ void put(int *p, long i) { p[i] = (int)i; }
}
__global__ void k(int *out) { a::put(out, (int)threadIdx.x); }
