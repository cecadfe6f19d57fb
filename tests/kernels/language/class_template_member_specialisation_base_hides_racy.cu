// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of class_template_member_specialisation.cu: a member `ALGO` of the
// non-dependent base `Base` hides the template parameter `ALGO` in the
// class's body ([temp.local]), so `Internal<ALGO, 0>` there is
// `Internal<STORE_SHARED, 0>`, whatever the instance's argument: the
// enclosing parameter's value is not used.

enum StoreAlgo { STORE_DIRECT, STORE_SHARED };

struct Base {
  static const StoreAlgo ALGO = STORE_SHARED;
};

template <typename T, int ITEMS, StoreAlgo ALGO = STORE_DIRECT>
class Storer : public Base {
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

__global__ void k(float *out) {
  float v[4];
  for (int i = 0; i < 4; i++) v[i] = i;
  Storer<float, 4>().store(out + blockIdx.x * 256, v);
}
