// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of class_template_member_specialisation.cu: `Storer` is also
// named as a template template argument, through which instances may be
// written that no use `Storer<..>` shows: `ALGO` is not known, the
// nested instance is opaque.

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
    InternalStore(tid).store(p, items); //~ race read-write, race write-write
  }
};

template <template <typename, int, StoreAlgo> class C> struct Use {
  __device__ static void store(float *p, float (&v)[4]) { C<float, 4, STORE_SHARED>().store(p, v); }
};
typedef Use<Storer> U;

__global__ void k(float *out) {
  float v[4];
  for (int i = 0; i < 4; i++) v[i] = i;
  Storer<float, 4>().store(out + blockIdx.x * 256, v);
}
