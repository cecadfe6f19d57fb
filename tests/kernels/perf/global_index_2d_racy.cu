// expect-verdict: racy
//--blockDim=[16,16] --gridDim=[4,4]
// As global_index_2d.cu with `x <= W`: column W of row y is column 0 of
// row y + 1.

__global__ void fill_2d_overlapping(float *a, int W, int H) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x <= W && y < H)
        a[y * W + x] = x; //~ race write-write
}
