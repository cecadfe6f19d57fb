// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// A class's member typedef names its type in the class's member functions
// (here the helper class a collective delegates to, built as a temporary):
// each thread stores through the helper to its own element.

struct Direct {
  float *out;
  int tid;
  __device__ Direct(float *o, int t) : out(o), tid(t) {}
  __device__ void put(float v) { out[tid] = v; }
};

template <typename T>
class Collective {
  typedef Direct Internal;
  float *out_;

public:
  __device__ Collective(float *o) : out_(o) {}
  template <typename V>
  __device__ void Store(V v) {
    Internal(out_, blockIdx.x * blockDim.x + threadIdx.x).put(v);
  }
};

__global__ void store_all(float *out) {
  Collective<float>(out).Store(1.0f * threadIdx.x);
}
