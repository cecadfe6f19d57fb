// expect-verdict: racy
//--blockDim=[16,16] --gridDim=[4,4]
// As row_major_local.cu with `x <= W`: column W of row y is column 0 of
// row y + 1.

__global__ void fill_2d_local_overlapping(float *a, int W, int H) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x <= W && y < H) {
        int idx = y * W + x;
        a[idx] = x; //~ race write-write
    }
}
