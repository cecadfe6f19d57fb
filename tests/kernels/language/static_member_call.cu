// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// `S::f()` calls the static member function `f` of struct `S`, also when `S`
// is a template parameter (here through its default): the call is inlined,
// so the thread index it returns is exact and each thread writes its own
// element.

struct Block1D {
  static __device__ int Tid() { return threadIdx.x; }
  static __device__ int Warps() { return blockDim.x / 32; }
};

template <typename T, typename B = Block1D>
__device__ void store_own(T *shared, T v) {
  shared[B::Tid()] = v;
  __syncthreads();
  if (B::Tid() < B::Warps())
    shared[B::Tid()] = shared[B::Tid() * 32];
}

__global__ void per_thread(float *out) {
  __shared__ float buf[256];
  store_own(buf, 1.0f);
  out[blockIdx.x * blockDim.x + Block1D::Tid()] = buf[Block1D::Tid()];
}
