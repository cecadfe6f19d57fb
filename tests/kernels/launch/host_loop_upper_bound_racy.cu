// expect-verdict: racy
// The kernel of host_loop_upper_bound.cu under loops whose condition does
// not keep the columns below n: with n = 1 and d = 2, block 0 writes
// m[16 + t] (row 16) and block 1 writes m[0 * 1 + 16 + t] (row 0, column
// 16 + t), the same elements.
#define BODY                              \
    int b = blockIdx.x;                   \
    int row = 16 * (d - 1 - b);           \
    int col = 16 * b + threadIdx.x;       \
    m[row * n + col] = b;

// The bound is a value the kernel is not given: nothing bounds d.
__global__ void unrelated_bound(int *m, int n, int d) {
    BODY //~ race write-write
}
// The bound holds, but allows d = 2 with n = 1.
__global__ void weaker_bound(int *m, int n, int d) {
    BODY //~ race write-write
}
// The bound's variable changes between the condition and the launch.
__global__ void bound_written_before_launch(int *m, int n, int d) {
    BODY //~ race write-write
}

void sweep(int *m, int n, int w) {
    for (int d = 1; d <= w; d++)
        unrelated_bound<<<d, 16>>>(m, n, d);
    for (int d = 1; d <= n + 1; d++)
        weaker_bound<<<d, 16>>>(m, n, d);
    int width = (n - 1) / 16;
    for (int d = 1; d <= width; d++) {
        width = w;
        bound_written_before_launch<<<d, 16>>>(m, n, d);
    }
}
