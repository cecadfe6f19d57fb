// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of class_template_declared_primary.cu: no specialisation matches
// `Put<SHARED, 0>` and the primary is only declared (its definition is not
// in view): the instance is opaque, its method may write anywhere through
// its pointer argument.

enum Algo { DIRECT, SHARED };

template <Algo A, int D> struct Put;

template <int D> struct Put<DIRECT, D> {
  int tid;
  __device__ Put(int t) : tid(t) {}
  __device__ void store(float *p, float (&items)[4]) {
    for (int i = 0; i < 4; i++) p[tid * 4 + i] = items[i];
  }
};

__global__ void k(float *out) {
  float v[4];
  for (int i = 0; i < 4; i++) v[i] = i;
  Put<SHARED, 0> s(threadIdx.x);
  s.store(out + blockIdx.x * 256, v); //~ race read-write, race write-write
}
