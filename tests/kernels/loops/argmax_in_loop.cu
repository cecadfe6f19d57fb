// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// `best` is 7 or a value of `k` (0..6) at the head of every iteration of the
// inner loop (an inductive invariant `0 <= best <= 7` the checker finds), so
// after it each thread increments a slot of its own row of 8. The inner loop
// is nested in another one, so its exit value is not computed from its last
// iteration; with `best` unknown after it, thread i could hit row i + 1.

__global__ void argmax_rows(const float *w, float *counts, int rounds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int m = 0; m < rounds; ++m) {
        int best = 7;
        float bestv = w[i * 8 + 7];
        for (int k = 0; k < 7; ++k) {
            if (w[i * 8 + k] > bestv) {
                best = k;
                bestv = w[i * 8 + k];
            }
        }
        counts[i * 8 + best] += 1.0f;
    }
}
