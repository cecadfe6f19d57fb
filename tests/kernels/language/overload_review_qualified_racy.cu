// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): qualified call `b::put(..)` resolved over
// every namespace's `put` (exact match elsewhere wins)
__device__ void put(int *p, int i) { p[i] = 1; }
namespace b { __device__ void put(int *p, long i) { p[0] = (int)i; } } //~ race write-write
__global__ void k(int *out) {
  int t = threadIdx.x;
  b::put(out, t);
}
