//--blockDim=64 --gridDim=1
// expect-verdict: racy
// As doubling_exit_counter.cu with up to 5 rounds: `delta` reaches 32 and
// thread 31 reads `sh[64]`, the `x[0]` that thread 0 writes.
__global__ void doubling_exit_one_more_racy(float *out, int iterations) {
  __shared__ float sh[128];
  float *a = sh;
  float *x = sh + 64;
  int t = threadIdx.x;
  a[t] = out[t];
  __syncthreads();
  int rounds = iterations < 5 ? iterations : 5;
  int delta = 1;
  for (int j = 0; j < rounds; j++) {
    float v = a[t];
    if (t >= delta)
      v += a[t - delta];
    __syncthreads();
    a[t] = v;
    delta *= 2;
    __syncthreads();
  }
  if (t < delta)
    x[t] = a[t + delta + 1]; //~ race
  __syncthreads();
  out[t] = x[t];
}
