// expect-verdict: racy
// The twin of block_rows_apart.cu whose column loop runs one column past
// the width (`c <= width`): column `width` of a block's last row is column
// 0 of the next block's first row.

__global__ void fill_block_rows_wide(const int width, const int per_block, float *table) {
    int c = threadIdx.x;
    while (c <= width) {
        for (int r = blockIdx.x * per_block; r < blockIdx.x * per_block + per_block; r += 1) {
            table[r * width + c] = (float)blockIdx.x; //~ race write-write
        }
        c += blockDim.x;
    }
}
