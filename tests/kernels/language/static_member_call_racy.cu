// expect-verdict: racy
//--blockDim=256 --gridDim=4
// A static member function is inlined, not taken for an unknown pure
// function with the same result in both threads: `Lane::Id()` differs
// between threads, so `Lane::Id() / 2` sends two threads to one element.

struct Lane {
  static __device__ int Id() { return threadIdx.x % 32; }
};

template <typename B = Lane>
__device__ void store_pair(float *shared, float v) {
  shared[B::Id() / 2] = v; //~ race write-write
}

__global__ void pairs(float *out) {
  __shared__ float buf[32];
  store_pair(buf, (float)threadIdx.x);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x % 16];
}
