// expect-verdict: race-free
// known-gap: named-barrier operations inside loops get no generation number in the two-thread encoding, so they order nothing there (sound, reported racy); the deadlock check unrolls the loop and is clean
//--blockDim=64 --gridDim=1
// The producer warp fills a buffer each iteration and signals barrier 1; the
// consumer warp reads it and hands it back on barrier 2.

__global__ void pingpong(const float *in, float *out, int steps) {
    __shared__ float buf[32];
    int lane = threadIdx.x % 32;
    for (int i = 0; i < 4; i++) {
        if (threadIdx.x < 32) {
            buf[lane] = in[i * 32 + lane];
            asm volatile("bar.arrive 1, 64;" ::: "memory");
            asm volatile("bar.sync 2, 64;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 64;" ::: "memory");
            out[i * 32 + lane] = buf[31 - lane];
            asm volatile("bar.arrive 2, 64;" ::: "memory");
        }
    }
}
