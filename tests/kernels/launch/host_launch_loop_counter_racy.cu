// expect-verdict: racy
// The loop also moves its counter backwards in the body: nothing bounds the
// argument, and with t = -3, n = 0 two threads write one element, m[5]
// (with t >= 0 no thread passes the guard when n = 0). (The grid is not
// computed from `n`: `(n + 255) / 256` blocks would rule out n = 0.)
__global__ void eliminate_any(float *m, const float *a, int n, int t) {
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g < n - 1 - t)
        m[n * (g + t + 1) + t + 8] = a[n * (g + t + 1) + t] / a[n * t + t]; //~ race write-write
}

void solve(float *m, const float *a, int n, int back, int blocks) {
    for (int t = 0; t < n - 1; t++) {
        eliminate_any<<<blocks, 256>>>(m, a, n, t);
        t -= back;
    }
}
