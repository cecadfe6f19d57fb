// expect-verdict: racy
// The twin of block_rows_apart.cu whose blocks each take one row more than
// their share (`r <= blockIdx.x * per_block + per_block`): the last row of
// block b is the first row of block b + 1.

__global__ void fill_block_rows_overlap(const int width, const int per_block, float *table) {
    int c = threadIdx.x;
    while (c < width) {
        for (int r = blockIdx.x * per_block; r <= blockIdx.x * per_block + per_block; r += 1) {
            table[r * width + c] = (float)blockIdx.x; //~ race write-write
        }
        c += blockDim.x;
    }
}
