// expect-verdict: racy
//--blockDim=256 --gridDim=64
// The buggy twin: the barrier inside the reduction loop is missing, so a
// thread reads a partial sum another thread is still writing.

template <typename T> struct DynamicShared {
  __device__ operator T *() {
    extern __shared__ int raw[];
    return (T *)raw;
  }
};

__global__ void block_sums(const float *in, float *out, unsigned n) {
  float *partial = DynamicShared<float>();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  partial[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      partial[tid] += partial[tid + s]; //~ race
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}
