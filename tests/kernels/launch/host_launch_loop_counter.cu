// expect-verdict: race-free
// Launched once per step `t = 0, 1, ...` of a host loop: `t` is at least 0 at
// every launch. Thread g writes row g + t + 1 of column t; with a negative t
// (say -3 and n = 0) two threads would write the same element.
__global__ void eliminate(float *m, const float *a, int n, int t) {
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g < n - 1 - t)
        m[n * (g + t + 1) + t] = a[n * (g + t + 1) + t] / a[n * t + t];
}

void solve(float *m, const float *a, int n) {
    for (int t = 0; t < n - 1; t++) {
        eliminate<<<(n + 255) / 256, 256>>>(m, a, n, t);
    }
}
