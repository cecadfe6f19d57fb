// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The twin of temporary_object.cu: the temporary's constructor is given
// the same slot in every thread, so the method's stores collide.

template <typename T>
class Striped {
public:
  __device__ Striped(T *base, int slot) : base_(base), slot_{slot * 4} {}
  __device__ void Put(const T (&items)[4]) {
    for (int k = 0; k < 4; k++)
      base_[slot_ + k] = items[k]; //~ race write-write
  }

private:
  T *base_;
  int slot_;
};

template <int N>
__global__ void gather(const float *in, float *out) {
  typedef Striped<float> StoreT;
  float v[N];
  for (int k = 0; k < N; k++)
    v[k] = in[threadIdx.x * N + k];
  StoreT(out, (int)blockIdx.x).Put(v);
}

template __global__ void gather<4>(const float *, float *);
