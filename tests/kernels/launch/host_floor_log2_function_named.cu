// expect-verdict: race-free
// As host_floor_log2_function.cu with another name and spelling of the same
// function (`n /= 2` first, `++r`, `n >= 2`, `unsigned` result).

unsigned ilog2(int v) {
  int r = 0;
  while (v >= 2) {
    v /= 2;
    ++r;
  }
  return r;
}

__global__ void ilog2_rounds(float *d, int n, int rounds) {
  extern __shared__ float sh[];
  float *a = sh;
  float *x = &a[n + 1];
  int t = threadIdx.x;
  a[t] = d[t + blockIdx.x * n];
  __syncthreads();
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
  if (t < delta) {
    x[t] = a[t + delta];
    x[t + delta] = a[t];
  }
  __syncthreads();
  d[t + blockIdx.x * n] = x[t];
}

void run(float *d, int n, int systems) {
  int rounds = ilog2(n / 2);
  ilog2_rounds<<<systems, n, (n + 1) * 2 * sizeof(float)>>>(d, n, rounds);
}
