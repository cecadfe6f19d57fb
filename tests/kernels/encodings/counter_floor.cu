// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// A block-stride counter that starts at the thread index and only grows by
// the (non-negative) block size is never negative, so `i % 32` is never
// negative and the write under `i % 32 < 0` never runs (symexec's
// `counter_floor`: the remainder is encoded on the plain dividend).

__global__ void floor_rem(int n, int *buf, int *out) {
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        if (i % 32 < 0)
            buf[0] = i;
        out[i] = i / 32;
    }
}
