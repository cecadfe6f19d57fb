// expect-verdict: racy
// The twin of block_row_bands.cu whose second band takes one row more than
// its share (`r <= (2b + 1) * per_band + per_band`): the last row of block
// b's second band is the first row of block b + 1's first band.

__global__ void fill_row_bands_overlap(const int width, const int per_band, float *table) {
    int c = threadIdx.x;
    while (c < width) {
        for (int r = 2 * blockIdx.x * per_band; r < 2 * blockIdx.x * per_band + per_band; r += 1) {
            table[r * width + c] = 0.0f; //~ race write-write
        }
        for (int r = (2 * blockIdx.x + 1) * per_band;
             r <= (2 * blockIdx.x + 1) * per_band + per_band; r += 1) {
            table[r * width + c] = 1.0f; //~ race write-write
        }
        c += blockDim.x;
    }
}
