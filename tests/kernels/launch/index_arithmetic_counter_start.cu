// expect-verdict: race-free
// The first value of a loop counter is index arithmetic too (the default
// index-arithmetic assumption): each block walks its own rows
// [blockIdx.x * rows, blockIdx.x * rows + rows), which needs the product
// `blockIdx.x * rows` (unsigned: `blockIdx.x` is) to fit and its conversion
// to the `int` counter to keep its value. With the product wrapping, a late
// block's first row would fall among an early block's rows (the twin under
// index_arithmetic_dropped/ checks the same kernels without the assumption).

__global__ void block_rows(float *out, const float *in, int cols, int rows) {
    for (int col = threadIdx.x; col < cols; col += blockDim.x) {
        for (int row = blockIdx.x * rows; row < blockIdx.x * rows + rows; row += 1) {
            out[row * cols + col] = in[col];
        }
    }
}
