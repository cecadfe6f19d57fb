// Claimed race: after an early return for odd threads, even threads write out[tid / 4]: tids 0 and 2 collide.
__global__ void early_return(int *out) {
  if (threadIdx.x & 1) return;
  out[threadIdx.x / 4] = threadIdx.x;
}
