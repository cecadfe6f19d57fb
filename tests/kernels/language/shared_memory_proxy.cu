// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// A struct whose conversion operator returns the `extern __shared__` array
// (the CUDA samples' `SharedMemory<T>` idiom): the pointer it yields is the
// dynamic shared memory, so a barrier-separated tree reduction through it is
// race-free and no global array is taken to alias it.

template <typename T> struct DynamicShared {
  __device__ operator T *() {
    extern __shared__ int raw[];
    return (T *)raw;
  }
  __device__ operator const T *() const {
    extern __shared__ int raw[];
    return (const T *)raw;
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
      partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}
