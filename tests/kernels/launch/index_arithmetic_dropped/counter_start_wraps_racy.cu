// expect-verdict: racy
// The kernels of ../index_arithmetic_counter_start.cu with the
// index-arithmetic assumption dropped (syncwright.toml): the product that
// starts each block's rows may wrap modulo 2^32, so two blocks' rows meet.

__global__ void block_rows(float *out, const float *in, int cols, int rows) {
    for (int col = threadIdx.x; col < cols; col += blockDim.x) {
        for (int row = blockIdx.x * rows; row < blockIdx.x * rows + rows; row += 1) {
            out[row * cols + col] = in[col]; //~ race write-write
        }
    }
}
