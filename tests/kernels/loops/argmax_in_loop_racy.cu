// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twin of argmax_in_loop.cu where the index is off by one: `best = k - 1`
// is -1 for k = 0, so thread i + 1 increments counts[8 * i + 7], the slot
// thread i increments when its initial `best = 7` stays.

__global__ void argmax_rows_off(const float *w, float *counts, int rounds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int m = 0; m < rounds; ++m) {
        int best = 7;
        float bestv = w[i * 8 + 7];
        for (int k = 0; k < 7; ++k) {
            if (w[i * 8 + k] > bestv) {
                best = k - 1;
                bestv = w[i * 8 + k];
            }
        }
        counts[i * 8 + best] += 1.0f; //~ race read-write, race write-write
    }
}
