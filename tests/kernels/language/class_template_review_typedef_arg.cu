// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): a typedef argument (undecided: opaque)
// Specialisation on a type: S<unsigned, N> differs from the primary.
template <class T, int N> struct S {
  __device__ static void put(int *p, T v) { p[threadIdx.x] = (int)v; }
};
template <int N> struct S<unsigned, N> {
  __device__ static void put(int *p, unsigned v) { p[N] = (int)v; }
};
typedef unsigned int uint_t;
__global__ void k(int *p) {
  S<uint_t, 5>::put(p, threadIdx.x);
}
