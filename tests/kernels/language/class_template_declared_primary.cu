// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The primary template is only declared; the class is defined for some
// arguments by specialisations (cub's `LoadInternal<ALGORITHM, DUMMY>`
// shape): `Put<DIRECT, 0>` is the partial specialisation `Put<DIRECT, D>`,
// in which each thread writes its own items. A primary declared before its
// definition (`Scale`) uses the definition.

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
    for (int i = 0; i < 4; i++) p[i] = items[i];
  }
};

template <int N> struct Scale;

template <int N> struct Scale {
  __device__ void put(float *p) { p[threadIdx.x * N] = N; }
};

__global__ void k(float *out, float *other) {
  float v[4];
  for (int i = 0; i < 4; i++) v[i] = i;
  Put<DIRECT, 0> s(threadIdx.x);
  s.store(out + blockIdx.x * 256, v);
  Scale<2> t;
  t.put(other);
}
