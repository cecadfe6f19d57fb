// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Twins of overload_review_qualified_racy.cu and
// overload_review_static_member_racy.cu: a qualified call considers only
// the named namespace's functions (the global `put`, which stores to one
// element, is not a candidate), and a static member call is resolved among
// the class's overloads by the argument types.

__device__ void put(int *p, int i) { p[0] = i; }
namespace b {
__device__ void put(int *p, long i) { p[i] = 1; }
}

struct W {
  static __device__ void put(int *p, int i) { p[0] = i; }
  static __device__ void put(int *p, unsigned i) { p[i] = 1; }
};

__global__ void qualified(int *out) {
  int t = threadIdx.x;
  b::put(out, t);
}

__global__ void static_member(int *out) {
  unsigned t = threadIdx.x;
  W::put(out, t);
}
