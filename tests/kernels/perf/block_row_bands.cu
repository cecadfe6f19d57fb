// expect-verdict: race-free
// Each block owns two bands of `per_band` rows of a table of `width`
// columns, rows [2b * per_band, 2b * per_band + per_band) and
// [(2b + 1) * per_band, (2b + 1) * per_band + per_band), written by two
// loops (the shape of HeCBench sampling's sampled_rows_kernel): a row `r`
// with `0 <= r - a * per_band < per_band` has one `a` (the band lemma,
// `Encoder::band_lemmas`), and `2 * b1 == 2 * b2 + 1` has no solution.

__global__ void fill_row_bands(const int width, const int per_band, float *table) {
    int c = threadIdx.x;
    while (c < width) {
        for (int r = 2 * blockIdx.x * per_band; r < 2 * blockIdx.x * per_band + per_band; r += 1) {
            table[r * width + c] = 0.0f;
        }
        for (int r = (2 * blockIdx.x + 1) * per_band;
             r < (2 * blockIdx.x + 1) * per_band + per_band; r += 1) {
            table[r * width + c] = 1.0f;
        }
        c += blockDim.x;
    }
}
