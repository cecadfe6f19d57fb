// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A partial specialisation written with a qualified name, outside the
// template's namespace: `a::S<float, 3>` is an instance of it (every thread
// stores to element 0), not of the primary template.

namespace a {
template <typename T, int N>
struct S {
  __device__ void put(T *p) { p[threadIdx.x] = N; }
};
} // namespace a

template <int N>
struct a::S<float, N> {
  __device__ void put(float *p) { p[0] = threadIdx.x + N; }
};

__global__ void k(float *out) {
  a::S<float, 3> w;
  w.put(out); //~ race read-write, race write-write
}
