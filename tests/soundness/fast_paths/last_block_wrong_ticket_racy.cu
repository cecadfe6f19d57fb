// Claimed race: the "last block" test compares the ticket with gridDim.x - 2, so the reading block
// is not the last one: it reads partial[b] of a block that may not have written it yet.
__device__ unsigned int count = 0;
__global__ void last_block_wrong_ticket(float *partial, float *result) {
  __shared__ bool isLast;
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = (float)blockIdx.x;
    __threadfence();
    unsigned int value = atomicInc(&count, gridDim.x);
    isLast = (value == (gridDim.x - 2));
  }
  __syncthreads();
  if (isLast && threadIdx.x == 0) {
    float s = 0;
    for (int b = 0; b < gridDim.x; b++) s += partial[b];
    result[0] = s;
    count = 0;
  }
}
