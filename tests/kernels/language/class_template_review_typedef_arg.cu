// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): a typedef argument (undecided: the call
// is opaque, and may write any element of `p`; the specialisation chosen,
// S<unsigned, 5>, does write p[5] in every thread: racy). It was
// `unsupported` only because `threadIdx.x` passed to the opaque call was
// taken for an object it may change.
// Specialisation on a type: S<unsigned, N> differs from the primary.
template <class T, int N> struct S {
  __device__ static void put(int *p, T v) { p[threadIdx.x] = (int)v; }
};
template <int N> struct S<unsigned, N> {
  __device__ static void put(int *p, unsigned v) { p[N] = (int)v; }
};
typedef unsigned int uint_t;
__global__ void k(int *p) {
  S<uint_t, 5>::put(p, threadIdx.x); //~ race, race
}
