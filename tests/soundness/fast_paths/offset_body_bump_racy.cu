// Claimed race: the counter is bumped in the body for some threads, so V is no longer tid + k*S:
// thread 0 (bumped by 1) and thread 1 both write out[start + 1].
__global__ void offset_body_bump(int *out, const int *offs, int n) {
  int start = offs[blockIdx.x];
  for (int s = 0; s < n; s += blockDim.x) {
    if (threadIdx.x == 0) s += 1;
    out[start + s + threadIdx.x] = threadIdx.x;
  }
}
