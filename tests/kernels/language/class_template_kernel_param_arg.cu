// expect-verdict: race-free
// A class template's non-type parameter given by the kernel's own template
// parameter (`Tile<T, BLOCK>` in `tile_blocks<BLOCK>`) has that parameter's value in
// its member functions: each block stores its own `BLOCK` elements.

template <typename T, int BLOCK>
struct Tile {
  __device__ void store(T *out, T v) { out[blockIdx.x * BLOCK + threadIdx.x] = v; }
};

template <int BLOCK>
__global__ void tile_blocks(float *out) {
  typedef Tile<float, BLOCK> TileT;
  TileT t;
  t.store(out, (float)threadIdx.x);
}

int main() {
  float *out;
  tile_blocks<64><<<4, 64>>>(out);
}
