// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of class_template_member_specialisation.cu: the enclosing `ITEMS`
// is 4, and each thread writes 4 items 3 apart: neighbours overlap.

enum StoreAlgo { STORE_DIRECT, STORE_SHARED };

template <typename T, int ITEMS, StoreAlgo ALGO = STORE_DIRECT>
class Storer {
  template <StoreAlgo A, int D> struct Internal;

  template <int D> struct Internal<STORE_DIRECT, D> {
    int tid;
    __device__ Internal(int t) : tid(t) {}
    __device__ void store(T *p, T (&items)[ITEMS]) {
      for (int i = 0; i < ITEMS; i++) p[tid * (ITEMS - 1) + i] = items[i]; //~ race write-write
    }
  };

  template <int D> struct Internal<STORE_SHARED, D> {
    int tid;
    __device__ Internal(int t) : tid(t) {}
    __device__ void store(T *p, T (&items)[ITEMS]) {
      for (int i = 0; i < ITEMS; i++) p[i] = items[i];
    }
  };

  typedef Internal<ALGO, 0> InternalStore;
  int tid;

public:
  __device__ Storer() : tid(threadIdx.x) {}
  __device__ void store(T *p, T (&items)[ITEMS]) {
    InternalStore(tid).store(p, items);
  }
};

__global__ void k(float *out) {
  float v[4];
  for (int i = 0; i < 4; i++) v[i] = i;
  typedef Storer<float, 4> S;
  S().store(out + blockIdx.x * 256, v);
}
