//--blockDim=64 --gridDim=8
// expect-verdict: racy
// Reviewer's near miss of the last-block idiom: the region resets the counter
// and then adds 3, so the next launch starts from 3 and its fifth block takes
// the "last" ticket.
__device__ unsigned count = 0;
__global__ void sum(float *result, float *out, const float *in, int n) {
  __shared__ bool isLast;
  
  if (threadIdx.x == 0) {
    result[blockIdx.x] = in[blockIdx.x]; //~ race
    __threadfence();
    unsigned value = atomicInc(&count, gridDim.x); //~ race
    
    isLast = (value == (gridDim.x - 1));
  }
  __syncthreads();
  if (isLast) {
    if (threadIdx.x == 0) {
      float s = 0;
      for (int i = 0; i < gridDim.x; i++) s += result[i];
      out[0] = s; //~ race
      count = 0; atomicAdd(&count, 3); //~ race, benign-race
    }
  }
}
