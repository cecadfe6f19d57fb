// expect-verdict: race-free
// Each block owns `per_block` rows of a table of `width` columns, rows
// [blockIdx.x * per_block, blockIdx.x * per_block + per_block), and its
// threads stride over the columns (the shape of HeCBench sampling's
// exact_rows_kernel): the row-major offset `r * width + c` with `c < width`
// tells the rows apart, and two blocks' rows are apart because a row `r`
// with `0 <= r - b * per_block < per_block` has one `b` (the band lemma,
// `Encoder::band_lemmas`; without it the solver needs non-linear reasoning
// about `b1 * per_block` and `b2 * per_block` and runs out of budget).

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
