// Claimed race: start is reassigned inside the loop (not uniform); thread 0 and 1 collide.
__global__ void offset_reassign(int *out, int *offs, int n) {
  int start = offs[blockIdx.x];
  for (int s = 0; s < n; s += blockDim.x) {
    out[start + s + threadIdx.x] = threadIdx.x;
    start = threadIdx.x;
  }
}
