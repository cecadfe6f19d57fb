// Claimed race: no __threadfence() before the ticket: the last block may read partial[b] before
// the other block's store is visible (unordered write/read across blocks).
__device__ unsigned int count2 = 0;
__global__ void last_block_no_fence(float *partial, float *result) {
  __shared__ bool isLast;
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = (float)blockIdx.x;
    unsigned int value = atomicInc(&count2, gridDim.x);
    isLast = (value == (gridDim.x - 1));
  }
  __syncthreads();
  if (isLast && threadIdx.x == 0) {
    float s = 0;
    for (int b = 0; b < gridDim.x; b++) s += partial[b];
    result[0] = s;
    count2 = 0;
  }
}
