// expect-verdict: racy
// As host_log2_rounds.cu, but `log2` is the program's own function, which
// returns its argument: `rounds = n / 2`, and `delta` runs far past `a`.
static int log2(int v) { return v; }

__global__ void log2_shadowed_racy(float *d, int n, int rounds) {
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
  log2_shadowed_racy<<<systems, n, (n + 1) * 2 * sizeof(float)>>>(d, n, rounds);
}
