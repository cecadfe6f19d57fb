// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): an argument expression equal to the pattern
// Partial specialisation S<T, 0> is selected by S<int, 1 - 1>: it writes p[0]
// in every thread (racy); the primary writes p[threadIdx.x].
template <class T, int N> struct S {
  __device__ static void put(T *p, T v) { p[threadIdx.x] = v; }
};
template <class T> struct S<T, 0> {
  __device__ static void put(T *p, T v) { p[0] = v; } //~ race write-write
};
__global__ void k(int *p) {
  S<int, 1 - 1>::put(p, threadIdx.x);
}
