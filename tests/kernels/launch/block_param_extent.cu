// expect-verdict: race-free
// A kernel parameter that is the block extent: the host assigns the system
// size to a `size_t` local declared without an initializer (`szLocal = n;`,
// the definition that reaches `dim3 lws(szLocal)` on every path), the
// launches sit in the arms of an if/else and in a loop, and each passes `n`:
// every launch gives blockDim.x = (unsigned)(size_t)n, so n == blockDim.x
// (a negative n converts to at least 2^31, never a block extent) and n is in
// [1, 1024]. The kernels rely on it: `b = &a[n]` starts past the threads'
// `a[t]` (splitrows_exact), and a mask `(t + delta) & (n - 1)` stays below n, so reading
// `a[(t + delta) & (n - 1)]` while writing `b[t]` never meets; the halving
// loop `for (s = n / 2; s > 0; s >>= 1)` reads `sh[(t + s) & (n - 1)]` while
// writing `w[t] = sh[n + t]`.
#include <cmath>

__global__ void ringmask_cyclic(const float *in, float *out, const int n, const int rounds) {
    extern __shared__ float a[];
    float *b = &a[n];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * n + t];
    int delta = 1;
    __syncthreads();
    for (int j = 0; j < rounds; j++) {
        int r = (t + delta) & (n - 1);
        int l = (t - delta) & (n - 1);
        b[t] = a[l] + a[r];
        __syncthreads();
        a[t] = b[t] * 0.5f;
        delta *= 2;
        __syncthreads();
    }
    out[blockIdx.x * n + t] = a[t];
}

__global__ void halvings_cyclic(float *data, const int n) {
    extern __shared__ float sh[];
    float *w = &sh[n];
    int t = threadIdx.x;
    sh[t] = data[blockIdx.x * n + t];
    __syncthreads();
    for (int s = n / 2; s > 0; s >>= 1) {
        w[t] = sh[(t + s) & (n - 1)] + sh[t];
        __syncthreads();
        sh[t] = w[t];
        __syncthreads();
    }
    data[blockIdx.x * n + t] = sh[t];
}

__global__ void splitrows_exact(const float *in, float *out, const int n) {
    extern __shared__ float a[];
    float *b = &a[n];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * n + t];
    b[t] = 0.f;
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t];
}

double run_systems(const float *in, float *out, float *data, int n, int systems, int id) {
    size_t szLocal;
    size_t szGlobal;
    int rounds = log2(n / 2);
    szLocal = n;
    szGlobal = systems;
    dim3 gws(szGlobal);
    dim3 lws(szLocal);
    if (id == 0)
        ringmask_cyclic<<<gws, lws, 2 * n * sizeof(float)>>>(in, out, n, rounds);
    else
        halvings_cyclic<<<gws, lws, 2 * n * sizeof(float)>>>(data, n);
    for (int i = 0; i < 10; i++) {
        if (id == 0)
            ringmask_cyclic<<<gws, lws, 2 * n * sizeof(float)>>>(in, out, n, rounds);
        else
            halvings_cyclic<<<gws, lws, 2 * n * sizeof(float)>>>(data, n);
    }
    splitrows_exact<<<gws, lws, 2 * n * sizeof(float)>>>(in, out, n);
    return 0.0;
}
