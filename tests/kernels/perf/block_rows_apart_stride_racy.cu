// expect-verdict: racy
// The twin of block_rows_apart.cu whose blocks start `per_block - 1` rows
// apart but still take `per_block` rows each: neighbouring blocks share a
// row.

__global__ void fill_block_rows_stride(const int width, const int per_block, float *table) {
    int c = threadIdx.x;
    while (c < width) {
        for (int r = blockIdx.x * (per_block - 1); r < blockIdx.x * (per_block - 1) + per_block; r += 1) {
            table[r * width + c] = (float)blockIdx.x; //~ race write-write
        }
        c += blockDim.x;
    }
}
