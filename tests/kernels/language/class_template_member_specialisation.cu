// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// A member class template specialised inside its class (cub's
// `StoreInternal<ALGORITHM, 0>` in `BlockStore`): the enclosing class's
// parameter `ALGO` has the same value (its default) in every instance of
// `Storer` the program writes, so `Internal<ALGO, 0>` is the specialisation
// `Internal<STORE_DIRECT, D>`, whose method uses the enclosing `ITEMS`.

enum StoreAlgo { STORE_DIRECT, STORE_SHARED };

template <typename T, int ITEMS, StoreAlgo ALGO = STORE_DIRECT>
class Storer {
  template <StoreAlgo A, int D> struct Internal;

  template <int D> struct Internal<STORE_DIRECT, D> {
    int tid;
    __device__ Internal(int t) : tid(t) {}
    __device__ void store(T *p, T (&items)[ITEMS]) {
      for (int i = 0; i < ITEMS; i++) p[tid * ITEMS + i] = items[i];
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
