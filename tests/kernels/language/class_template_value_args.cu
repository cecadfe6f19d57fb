// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A class template's non-type parameters are bound to the instance's
// arguments in its member functions (constructor included): each thread
// stores `ITEMS` consecutive elements of its block's tile.

template <typename T, int ITEMS, int BLOCK = 64>
class Tile {
  int first;

public:
  __device__ Tile(int base) : first(base + blockIdx.x * BLOCK * ITEMS + threadIdx.x * ITEMS) {}
  __device__ void store(T *out, T v) {
    for (int i = 0; i < ITEMS; i++)
      out[first + i] = v;
  }
};

__global__ void k(float *out) {
  Tile<float, 4> t(0);
  t.store(out, 1.0f);
  Tile<float, 2>(1024).store(out, 2.0f);
}
