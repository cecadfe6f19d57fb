//--blockDim=64 --gridDim=1
// expect-verdict: race-free
// `delta` doubles once per round of a loop counted by `j`: at the exit it is
// exactly 2^rounds (at most 16), so `a[t + delta + 1]` stays below `x`. The
// value set of `delta` alone (any power of two) would let thread 31 read
// `sh[64]`, the `x[0]` thread 0 writes.
__global__ void doubling_exit_counter(float *out, int iterations) {
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
    delta *= 2;
    __syncthreads();
  }
  if (t < delta)
    x[t] = a[t + delta + 1];
  __syncthreads();
  out[t] = x[t];
}
