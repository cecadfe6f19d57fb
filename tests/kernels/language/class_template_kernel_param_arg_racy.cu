// expect-verdict: racy
// Racy twin: the block of 64 threads stores 64 elements 32 apart:
// blocks overlap. A class template's non-type parameter given by the kernel's own template
// parameter (`Tile<T, BLOCK>` in `tile_blocks_overlap<BLOCK>`) has that parameter's value in
// its member functions: each block stores its own `BLOCK` elements.

template <typename T, int BLOCK>
struct Tile {
  __device__ void store(T *out, T v) { out[blockIdx.x * BLOCK + threadIdx.x] = v; } //~ race write-write
};

template <int BLOCK>
__global__ void tile_blocks_overlap(float *out) {
  typedef Tile<float, BLOCK> TileT;
  TileT t;
  t.store(out, (float)threadIdx.x);
}

int main() {
  float *out;
  tile_blocks_overlap<32><<<4, 64>>>(out);
}
