// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): an explicit specialisation
// Explicit (full) specialisation.
template <class T, int N> struct S {
  T *p;
  __device__ void put(T v) { p[threadIdx.x] = v; }
};
template <> struct S<int, 3> {
  int *p;
  __device__ void put(int v) { p[0] = v; } //~ race write-write
};
__global__ void k(int *p) {
  S<int, 3> s;
  s.p = p;
  s.put(threadIdx.x);
}
