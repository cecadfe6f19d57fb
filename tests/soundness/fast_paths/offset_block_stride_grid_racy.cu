// Claimed race: global index but only a block stride: thread 0 of block 1 (index blockDim.x)
// and thread 0 of block 0 in iteration 1 both write out[blockDim.x].
__global__ void offset_block_stride_grid(int *out, int n) {
  int start = 0;
  for (int s = 0; s < n; s += blockDim.x)
    out[start + s + blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
