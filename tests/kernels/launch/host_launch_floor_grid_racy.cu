// expect-verdict: racy
// As host_launch_floor_grid.cu, but the id is built from a fixed 4 blocks
// per row while the grid has 63 blocks in x: blocks (4, 0) and (0, 1)
// compute the same id.

#define N (1000)
#define M (500)
#define ROW_ID (((4) * (blockIdx.y) + (blockIdx.x)) * (blockDim.x) + (threadIdx.x))

__global__ void scale(float *a, const float *b) {
    if (ROW_ID < (M - 2) * N)
        a[ROW_ID] = a[ROW_ID] * b[ROW_ID]; //~ race write-write, race write-read
}

void run(float *a, const float *b) {
    dim3 grid(ceil(N / 16.0), floorf((M - 2) / 16.f) + 1), block(256);
    scale<<<grid, block>>>(a, b);
}
