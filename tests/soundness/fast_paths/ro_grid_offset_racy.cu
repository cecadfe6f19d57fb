// Claimed race: grid-stride offset loop with start read from offs[threadIdx.x] (not uniform across threads).
__global__ void ro_grid_offset(int *out, const int *offs, int n) {
  int start = offs[threadIdx.x % 2];
  for (int s = 0; s < n; s += blockDim.x * gridDim.x)
    out[start + s + blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}
