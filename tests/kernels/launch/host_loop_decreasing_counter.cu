// expect-verdict: race-free
// Launched for d = w - 1 down to 1 (a host loop that only counts down, to
// its condition d >= 1), with d blocks of 16 threads: at every launch
// 1 <= d <= w - 1, so block b's tile bx = b + w - d is at least 1 and no
// block takes the `m[0]` branch; the tiles of different blocks differ.
__global__ void lower(int *m, int w, int d) {
    int b = blockIdx.x;
    int bx = b + w - d;
    if (bx < 1)
        m[0] = b;
    else
        m[16 * bx + threadIdx.x] = b;
}

void sweep(int *m, int n) {
    const int w = (n - 1) / 16;
    for (int d = w - 1; d >= 1; d--)
        lower<<<d, 16>>>(m, w, d);
}
