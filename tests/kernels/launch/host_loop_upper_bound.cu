// expect-verdict: race-free
// Launched once per anti-diagonal `d = 1 .. (n - 1) / 16` of a host loop,
// with d blocks of 16 threads: at every launch d <= (n - 1) / 16 (the loop's
// condition, true in the iteration that launches) and d >= 1. Block b writes
// columns 16*b .. 16*b + 15 of row 16*(d - 1 - b); with d <= (n - 1) / 16
// every column is below n, so the rows of different blocks do not meet.
__global__ void diagonal(int *m, int n, int d) {
    int b = blockIdx.x;
    int row = 16 * (d - 1 - b);
    int col = 16 * b + threadIdx.x;
    m[row * n + col] = b;
}

void sweep(int *m, int n) {
    const int width = (n - 1) / 16;
    size_t blocks;
    for (int d = 1; d <= width; d++) {
        blocks = d;
        diagonal<<<blocks, 16>>>(m, n, d);
    }
}
