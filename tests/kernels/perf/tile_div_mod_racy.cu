// expect-verdict: racy
//--blockDim=[16,16]
// As tile_div_mod.cu with the column tile taken from the quotient too
// (`blockIdx.z / tiles_x` for both): blocks z and z + 1 of one tile row
// store the same elements.

__global__ void tiles_nchw_same_column(float *out, int C, int H, int W, int tiles_x) {
    int b = blockIdx.x;
    int c = blockIdx.y;
    int row = blockIdx.z / tiles_x * 16 + threadIdx.y;
    int col = blockIdx.z / tiles_x * 16 + threadIdx.x;
    if (c < C && row < H && col < W) {
        out[((b * C + c) * H + row) * W + col] = blockIdx.z; //~ race write-write
    }
}
