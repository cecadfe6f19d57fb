// expect-verdict: race-free
// known-gap: the different-blocks queries need `b1 < b2 -> b1 * per_block + per_block <= b2 * per_block`, non-linear; Z3 leaves them unknown within the budget (the shape of HeCBench sampling exact_rows_kernel)
// Each block owns `per_block` rows of a table of `width` columns, rows
// [blockIdx.x * per_block, blockIdx.x * per_block + per_block), and its
// threads stride over the columns: two blocks' rows are apart because
// `b1 < b2` gives `b1 * per_block + per_block <= b2 * per_block`, which the
// solver reaches only through non-linear reasoning (given that lemma, on
// the products of the two threads' block indices by `per_block`, Z3 decides
// the query in about 75,000 work units); the row-major offset
// `r * width + c` with `c < width` then tells the rows apart.

__global__ void fill_block_rows(const float *pick, const int width, const float *fill,
                                const int per_block, float *table, const float *ones) {
    int c = threadIdx.x;
    while (c < width) {
        int from_fill = (int)pick[blockIdx.x * width + c];
        for (int r = blockIdx.x * per_block; r < blockIdx.x * per_block + per_block; r += 1) {
            if (from_fill == 0) {
                table[r * width + c] = fill[(r % per_block) * width + c];
            } else {
                table[r * width + c] = ones[c];
            }
        }
        c += blockDim.x;
    }
}
