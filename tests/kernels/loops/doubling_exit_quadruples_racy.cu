//--blockDim=64 --gridDim=1
// expect-verdict: racy
// As doubling_exit_counter.cu with `delta *= 4`: after 3 rounds `delta` is
// 64, and thread 31 reads `sh[96]`, the `x[32]` that thread 32 writes.
__global__ void doubling_exit_quadruples_racy(float *out, int iterations) {
  __shared__ float sh[128];
  float *a = sh;
  float *x = sh + 64;
  int t = threadIdx.x;
  a[t] = out[t];
  __syncthreads();
  int rounds = iterations < 4 ? iterations : 4;
  int delta = 1;
  for (int j = 0; j < rounds; j++) {
    float v = a[t];
    if (t >= delta)
      v += a[t - delta];
    __syncthreads();
    a[t] = v;
    delta *= 4;
    __syncthreads();
  }
  if (t < delta)
    x[t] = a[t + delta + 1]; //~ race
  __syncthreads();
  out[t] = x[t];
}
