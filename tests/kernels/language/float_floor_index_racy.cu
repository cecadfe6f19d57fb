// expect-verdict: racy
// Twins of float_floor_index.cu: with `x <= n`, floor(x) may be n, the
// first cell of the next thread's row; without `x >= 0`, floor(x) may be
// -1, the last cell of the previous row; ceil(x) of x < n may be n.

__global__ void bound_included(const float *xs, int *count, int n) {
    int t = threadIdx.x;
    float x = xs[t];
    int c = floorf(x);
    if (x >= 0 && x <= n)
        count[t * n + c] = t; //~ race write-write
}

__global__ void no_lower_bound(const float *xs, int *count, int n) {
    int t = threadIdx.x;
    float x = xs[t];
    int c = floorf(x);
    if (x < n)
        count[t * n + c] = t; //~ race write-write
}

__global__ void ceiling(const float *xs, int *count, int n) {
    int t = threadIdx.x;
    float x = xs[t];
    int c = ceilf(x);
    if (x >= 0 && x < n)
        count[t * n + c] = t; //~ race write-write
}

void run(const float *xs, int *count, int n) {
    bound_included<<<1, 64>>>(xs, count, n);
    no_lower_bound<<<1, 64>>>(xs, count, n);
    ceiling<<<1, 64>>>(xs, count, n);
}
