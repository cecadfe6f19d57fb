// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twin of argmax_in_loop.cu where a `continue` leaves an out-of-row value
// (`best = k + 8`) for the next iteration: the iteration's state at the
// `continue` must keep the invariant too, so `best <= 7` is not one.

__global__ void argmax_rows_continue(const float *w, float *counts, int rounds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int m = 0; m < rounds; ++m) {
        int best = 7;
        for (int k = 0; k < 7; ++k) {
            if (w[i * 8 + k] > 100.0f) {
                best = k + 8;
                continue;
            }
            if (w[i * 8 + k] < 0.0f)
                best = k;
        }
        counts[i * 8 + best] += 1.0f; //~ race read-write, race write-write
    }
}
