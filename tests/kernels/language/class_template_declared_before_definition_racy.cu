// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of class_template_declared_primary.cu: the primary declared before
// its definition uses the definition, here one where every thread writes
// the same element.

template <int N> struct Scale;

template <int N> struct Scale {
  __device__ void put(float *p) { p[N] = threadIdx.x; } //~ race write-write
};

__global__ void k(float *other) {
  Scale<2> t;
  t.put(other);
}
