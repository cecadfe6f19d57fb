// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twin of argmax_in_loop.cu where the search stops at the first large value
// with `best = k + 8`, a slot of the next row: `0 <= best <= 7` holds at the
// head of every iteration but not at the `break`, so it says nothing about
// `best` after the loop.

__global__ void argmax_rows_break(const float *w, float *counts, int rounds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int m = 0; m < rounds; ++m) {
        int best = 7;
        for (int k = 0; k < 7; ++k) {
            if (w[i * 8 + k] > 100.0f) {
                best = k + 8;
                break;
            }
        }
        counts[i * 8 + best] += 1.0f; //~ race read-write, race write-write
    }
}
