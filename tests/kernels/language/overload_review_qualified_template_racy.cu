// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 12): qualified call `b::put(..)` of a template
// loses to a non-template of another namespace
namespace a { __device__ void put(int *p, int i) { p[i] = 1; } }
namespace b { template <class T> __device__ void put(T *p, T i) { p[0] = i; } } //~ race write-write
__global__ void k(int *out) {
  int t = threadIdx.x;
  b::put(out, t);
}
