// expect-verdict: race-free
//--blockDim=128 --gridDim=16
// `T(args).method(..)` builds a temporary object with T's constructor and
// calls the method on it, also when `T` is a typedef or alias (at file
// scope or local to the kernel, naming a class template instance under
// the kernel's template arguments). Here the constructor records each
// thread's own slot (through its member initializers), so every store
// goes to a distinct element.

template <typename T>
class Striped {
public:
  __device__ Striped(T *base, int slot) : base_(base), slot_{slot * 4} {}
  __device__ void Put(const T (&items)[4]) {
    for (int k = 0; k < 4; k++)
      base_[slot_ + k] = items[k];
  }

private:
  T *base_;
  int slot_;
};

struct Cursor {
  int at;
  __device__ Cursor(int i) : at(i) {}
};
using Position = Cursor;

template <int N>
__global__ void spread(const float *in, float *out) {
  typedef Striped<float> StoreT;
  using Source = Striped<float>;
  float v[N];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; k++)
    v[k] = in[t * N + k];
  StoreT(out, Position(t).at).Put(v);
  Source(out + 16 * 128 * N, t).Put(v);
}

template __global__ void spread<4>(const float *, float *);
