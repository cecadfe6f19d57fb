// expect-verdict: racy
// `scale(grid.x)` passes a member of the grid to a reference parameter: it
// doubles grid.x, so 8 blocks of 64 threads run with n = 256 and x reaches
// 511: row y's last blocks write row y + 1. The grid's declaration is not
// the value at the launch.

__global__ void rows_scaled(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = (float)blockIdx.x; //~ race write-write
}

static void scale(unsigned int &v) { v *= 2; }

void run(float *a) {
    dim3 grid(4, 8);
    scale(grid.x);
    rows_scaled<<<grid, 64>>>(a, 256);
}
