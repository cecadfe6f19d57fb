// Claimed race: start = offs[blockIdx.x] is uniform in a block only, but the loop is a grid-stride
// loop (blocks differ): blocks 0 and 1 with offs[0] = blockDim.x, offs[1] = 0 collide.
__global__ void offset_ro_blockidx_grid(int *out, const int *offs, int n) {
  int start = offs[blockIdx.x];
  for (int s = 0; s < n; s += blockDim.x * gridDim.x)
    out[start + s + blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
