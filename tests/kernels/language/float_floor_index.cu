// expect-verdict: race-free
// A float `x` with `x >= 0` and `x < n` (n an int converted to float) has
// floor(x), trunc(x) and (int)x in [0, n - 1] (IEEE 754: floor(x) <= x,
// and every float below (float)n is below n even where the conversion of n
// rounds up), so each thread's cell `t * n + c` is in its own row of n
// cells. The twins in float_floor_index_racy.cu change one bound.

__global__ void floor_cells(const float *xs, int *count, int n) {
    int t = threadIdx.x;
    float x = xs[t];
    int c = floorf(x);
    if (x >= 0 && x < n)
        count[t * n + c] = t;
}

__global__ void trunc_cells(const float *xs, int *count, int n) {
    int t = threadIdx.x;
    float x = xs[t];
    if (n > x && x >= 0.0f) {
        int c = (int)truncf(x);
        count[t * n + c] = t;
    }
}

__global__ void converted_cells(const float *xs, int *count, int n) {
    int t = threadIdx.x;
    float x = xs[t];
    if (x >= 0 && x < n) {
        int c = (int)x;
        count[t * n + c] = t;
    }
}

void run(const float *xs, int *count, int n) {
    floor_cells<<<1, 64>>>(xs, count, n);
    trunc_cells<<<1, 64>>>(xs, count, n);
    converted_cells<<<1, 64>>>(xs, count, n);
}
