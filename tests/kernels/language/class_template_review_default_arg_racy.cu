// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): a default argument selects the specialisation
// Default argument selects the specialisation: S<int> is S<int, 0>.
template <class T, int N = 0> struct S {
  __device__ static void put(T *p, T v) { p[threadIdx.x] = v; }
};
template <class T> struct S<T, 0> {
  __device__ static void put(T *p, T v) { p[0] = v; } //~ race write-write
};
__global__ void k(int *p) {
  S<int>::put(p, threadIdx.x);
}
