// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): an undecided argument is not the kernel's template parameter of the same name
template <int N> struct Store {
  int *p;
  __device__ void put(int v) { p[threadIdx.x * N] = v; } //~ race write-write
};
template <int N, int M> __global__ void k(int *p) {
  Store<M> a;
  a.p = p;
  a.put(threadIdx.x);
}
template __global__ void k<1, 0>(int *);
