// Claimed race: tickets are distinct within a block only: thread 0 of block 0 and thread 0 of
// block 1 both take ticket 0 and write out[0] (the loop end n + threadIdx.x is not block-uniform either).
__global__ void tickets_nonuniform_end(int *out, int n) {
  __shared__ int found;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n + threadIdx.x; i += blockDim.x) {
    int r = atomicAdd(&found, 1);
    out[r] = threadIdx.x;
  }
}
