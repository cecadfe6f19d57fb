// expect-verdict: racy
// The kernel of host_loop_decreasing_counter.cu under loops whose start
// does not keep d <= w - 1: block 0's tile bx = w - d is then below 1 and
// all its threads write m[0].
#define BODY                   \
    int b = blockIdx.x;        \
    int bx = b + w - d;        \
    if (bx < 1)                \
        m[0] = b;              \
    else                       \
        m[16 * bx + threadIdx.x] = b;

// Starts above w - 1.
__global__ void start_too_high(int *m, int w, int d) {
    BODY //~ race write-write
}
// The start's variable changes after the launch, in the loop: a later
// launch's d is not below the w it passes (d = v0 - 2 with v = v0 - 2).
__global__ void start_written_in_loop(int *m, int w, int d) {
    BODY //~ race write-write
}

void sweep(int *m, int n) {
    const int w = (n - 1) / 16;
    for (int d = w + 2; d >= 1; d--)
        start_too_high<<<d, 16>>>(m, w, d);
    int v = (n - 1) / 16;
    for (int d = v - 1; d >= 1; d--) {
        start_written_in_loop<<<d, 16>>>(m, v, d);
        v = v - 2;
    }
}
