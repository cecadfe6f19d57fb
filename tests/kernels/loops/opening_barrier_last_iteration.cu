// expect-verdict: race-free
// Loops whose body opens with a barrier: an access in the body meets an
// access after the loop only in the loop's last iteration, since every
// other iteration is followed by the next one's barrier (`LoopExit` in
// `check/symexec.rs`). Thread 255 stores `s[255]` only while `d` is 256; the
// last iteration has `d == 1`, where only thread 0 works.

__global__ void halving_then_clear(float *out) {
    __shared__ float s[256];
    int t = threadIdx.x;
    s[t] = out[blockIdx.x * 256 + t];
    for (int d = 256; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d)
            s[t] += 1.0f;
    }
    if (t == 0)
        s[255] = 0.0f;
}

// The up-sweep of a work-efficient scan: `offset` doubles as `d` halves,
// so the last iteration (`d == 1`) has `offset == n / 2` and only thread 0
// stores, at `n - 1`; the loop is entered since every launch passes
// `n = 512` (the store before the loop is ordered by its first barrier).
__global__ void up_sweep_then_root(float *g, int n) {
    __shared__ float temp[512];
    int t = threadIdx.x;
    temp[2 * t] = g[2 * t];
    temp[2 * t + 1] = g[2 * t + 1];
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (t == 0)
        temp[n - 1] = 0.0f;
}

// A counted loop: iteration `i` stores `s[i * 64 + t]`; the last one
// (`i == 3`) is the only one that shares an interval with the reads after it.
__global__ void counted_rows_then_read(float *out) {
    __shared__ float s[256];
    int t = threadIdx.x;
    for (int i = 0; i < 4; i++) {
        __syncthreads();
        s[i * 64 + t] = (float)(i + t);
    }
    out[blockIdx.x * 64 + t] = s[(t + 1) % 64];
}

void run(float *f) {
    halving_then_clear<<<4, 256>>>(f);
    up_sweep_then_root<<<4, 256>>>(f, 512);
    counted_rows_then_read<<<4, 64>>>(f);
}
