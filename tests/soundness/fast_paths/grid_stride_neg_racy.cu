// Claimed race: a signed grid-stride loop with a negative start offset -1 for thread 0 only
// (start = gid - (gid == 0)) collides with... thread 0 writes out[-1 + 0] and then iteration k; simpler:
// index gid / 2 inside a grid-stride loop: threads 0 and 1 both write out[0].
__global__ void grid_stride_half(int *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i / 2] = threadIdx.x;
}
