// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `Tile<W>` names the file-scope constant `W` (4) in `spread_wide` but the
// function template's parameter `W` (1 here) in `spread`: the same text is
// not read as the constant there.

const int W = 4;

template <int STRIDE>
class Tile {
public:
  __device__ void store(float *out, float v) {
    for (int i = 0; i < 4; i++)
      out[threadIdx.x * STRIDE + i] = v + i; //~ race write-write
  }
};

__device__ void spread_wide(float *out) { Tile<W>().store(out, 1.0f); }

template <int W>
__device__ void spread(float *out) { Tile<W>().store(out, 1.0f); }

__global__ void k(float *out) { spread<1>(out); }
