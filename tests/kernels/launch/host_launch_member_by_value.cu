// expect-verdict: race-free
// The twin of host_launch_member_by_reference_racy.cu whose helper takes
// the member by value: grid.x stays 4, x < 256 = n, and rows do not meet.

__global__ void rows_copied(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = (float)blockIdx.x;
}

static unsigned int scaled(unsigned int v) { return v * 2; }

void run(float *a) {
    dim3 grid(4, 8);
    unsigned int wide = scaled(grid.x);
    rows_copied<<<grid, 64>>>(a, 256);
    (void)wide;
}
