// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Reviewer's kernel (session 13): the argument is a kernel template parameter (undecided: opaque)
// N bound from a kernel template argument: k<0> uses the specialisation.
template <class T, int N> struct S {
  T *p;
  __device__ void put(T v) { p[threadIdx.x] = v; }
};
template <class T> struct S<T, 0> {
  T *p;
  __device__ void put(T v) { p[0] = v; }
};
template <int M> __global__ void k(int *p) {
  S<int, M> s;
  s.p = p;
  s.put(threadIdx.x);
}
template __global__ void k<1>(int *);
template __global__ void k<0>(int *);
