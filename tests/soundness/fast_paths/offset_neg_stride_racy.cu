// Claimed race: start differs per thread (threadIdx.x-dependent), so the offset form is not a function of V.
__global__ void offset_nonuniform(int *out, int n) {
  int start = threadIdx.x & 1;
  for (int s = 0; s < n; s += blockDim.x)
    out[start + s + threadIdx.x] = threadIdx.x;
}
