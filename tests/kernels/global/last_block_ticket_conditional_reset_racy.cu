//--blockDim=64 --gridDim=8
// expect-verdict: racy
// Reviewer's near miss of the last-block idiom: the counter is reset only
// when in[0] > 0, so a later launch may start from a non-zero count and its
// "last" block reads partial results other blocks are still writing.
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
      if (in[0] > 0) count = 0; //~ benign-race
    }
  }
}
