// expect-verdict: racy
//--blockDim=64 --gridDim=4
// The tile width is the instance's argument: 4 items per thread with a
// stride of 2 overlap the next thread's.

template <int STRIDE, int ITEMS>
class Tile {
public:
  __device__ void store(float *out, float v) {
    for (int i = 0; i < ITEMS; i++)
      out[blockIdx.x * 1024 + threadIdx.x * STRIDE + i] = v + i; //~ race write-write
  }
};

__global__ void k(float *out) { Tile<2, 4>().store(out, 1.0f); }
