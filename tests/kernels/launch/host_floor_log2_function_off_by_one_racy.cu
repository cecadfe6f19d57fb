// expect-verdict: racy
// As host_floor_log2_function.cu, but the loop runs while `n > 0`: one more
// than the floor (log2(1) is 1 here), so delta may reach n and `a[t + delta]`
// reaches into `x`, which other threads write.

int log2(int n) {
  int res = 0;
  while (n > 0) {
    n >>= 1;
    res++;
  }
  return res;
}

__global__ void off_by_one_rounds(float *d, int n, int rounds) {
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
    x[t] = a[t + delta]; //~ race
    x[t + delta] = a[t];
  }
  __syncthreads();
  d[t + blockIdx.x * n] = x[t];
}

void run(float *d, int n, int systems) {
  int rounds = log2(n / 2);
  off_by_one_rounds<<<systems, n, (n + 1) * 2 * sizeof(float)>>>(d, n, rounds);
}
