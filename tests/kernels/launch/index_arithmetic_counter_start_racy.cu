// expect-verdict: racy
// Near misses of index_arithmetic_counter_start.cu whose races do not need
// a wrapped product: the assumption about the counter's first value keeps
// them.

// The next block's first row is this block's last: `rows + 1` rows each.
__global__ void block_rows_overlap(float *out, const float *in, int cols, int rows) {
    for (int col = threadIdx.x; col < cols; col += blockDim.x) {
        for (int row = blockIdx.x * rows; row <= blockIdx.x * rows + rows; row += 1) {
            out[row * cols + col] = in[col]; //~ race write-write
        }
    }
}

// The start does not depend on the block: every block walks the same rows.
__global__ void block_rows_same_start(float *out, const float *in, int cols, int rows) {
    for (int col = threadIdx.x; col < cols; col += blockDim.x) {
        for (int row = rows; row < rows + rows; row += 1) {
            out[row * cols + col] = in[col]; //~ race write-write
        }
    }
}

// A counter whose first value is a difference (not index arithmetic): the
// threads of a block start one apart and walk two cells each.
__global__ void chunk_minus_one(float *out, unsigned int chunk) {
    for (unsigned int i = blockIdx.x * chunk + threadIdx.x - 1u; i < blockIdx.x * chunk + threadIdx.x + 1u; i += 1u) {
        out[i] = (float)threadIdx.x; //~ race write-write
    }
}
