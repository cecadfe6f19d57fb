// Claimed race: the counter starts at threadIdx.x and the index adds threadIdx.x again:
// thread 0 in iteration 1 and thread blockDim.x/2 in iteration 0 both write out[blockDim.x].
__global__ void offset_double_tid(int *out, int n) {
  for (int s = threadIdx.x; s < n; s += blockDim.x)
    out[s + threadIdx.x] = threadIdx.x;
}
