// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The twin of class_member_typedef.cu: the helper named by the member
// typedef is given the block's index, the same for every thread of it.

struct Direct {
  float *out;
  int tid;
  __device__ Direct(float *o, int t) : out(o), tid(t) {}
  __device__ void put(float v) { out[tid] = v; } //~ race write-write
};

template <typename T>
class Collective {
  typedef Direct Internal;
  float *out_;

public:
  __device__ Collective(float *o) : out_(o) {}
  template <typename V>
  __device__ void Store(V v) {
    Internal(out_, blockIdx.x).put(v);
  }
};

__global__ void store_all(float *out) {
  Collective<float>(out).Store(1.0f * threadIdx.x);
}
