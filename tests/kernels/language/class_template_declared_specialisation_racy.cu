// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of class_template_declared_primary.cu: `Put<int, 1>` is an explicit
// specialisation declared here and defined elsewhere, not the primary
// (whose `put` is race-free): the instance is opaque.

template <typename T, int N> struct Put {
  __device__ void put(T *p) { p[threadIdx.x * N] = N; }
};

template <> struct Put<int, 1>;

__global__ void k(int *out) {
  Put<int, 1> s;
  s.put(out); //~ race read-write, race write-write
}
