// expect-verdict: race-free
// As host_log2_rounds.cu, but the rounds come from the program's own integer
// log2, the floor of log2 of a positive int (`while (n > 1) { n >>= 1;
// res++; }`): 2^rounds <= n / 2 as with the C library's.
#include <math.h>

int log2(int n) {
  int res = 0;
  while (n > 1) {
    n >>= 1;
    res++;
  }
  return res;
}

__global__ void floor_log2_rounds(float *d, int n, int rounds) {
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
  int rounds = log2(n / 2);
  floor_log2_rounds<<<systems, n, (n + 1) * 2 * sizeof(float)>>>(d, n, rounds);
}
