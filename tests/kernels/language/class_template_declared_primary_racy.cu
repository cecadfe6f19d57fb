// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of class_template_declared_primary.cu: `Put<SHARED, 0>` selects the
// specialisation in which every thread writes the same items.

enum Algo { DIRECT, SHARED };

template <Algo A, int D> struct Put;

template <int D> struct Put<DIRECT, D> {
  int tid;
  __device__ Put(int t) : tid(t) {}
  __device__ void store(float *p, float (&items)[4]) {
    for (int i = 0; i < 4; i++) p[tid * 4 + i] = items[i];
  }
};

template <int D> struct Put<SHARED, D> {
  int tid;
  __device__ Put(int t) : tid(t) {}
  __device__ void store(float *p, float (&items)[4]) {
    for (int i = 0; i < 4; i++) p[i] = items[i]; //~ race write-write
  }
};

__global__ void k(float *out) {
  float v[4];
  for (int i = 0; i < 4; i++) v[i] = i;
  Put<SHARED, 0> s(threadIdx.x);
  s.store(out + blockIdx.x * 256, v);
}
