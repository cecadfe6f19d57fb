// expect-verdict(pingpong): race-free
// expect-verdict(early_handback): racy
//--blockDim=64 --gridDim=1
// The producer warp fills a buffer each iteration and signals barrier 1; the
// consumer warp reads it and hands it back on barrier 2. Iteration i of the
// producer's store is ordered before the consumer's read of iteration j >= i
// by barrier 1 (generation i <= j), and the read of iteration j before the
// store of iteration i > j by barrier 2 (the producer's sync in iteration
// i - 1 waits for generation i - 1 >= j). In `early_handback` the consumer
// hands the buffer back before reading it: the producer's next store races
// with the read.

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

__global__ void early_handback(const float *in, float *out, int steps) {
    __shared__ float buf[32];
    int lane = threadIdx.x % 32;
    for (int i = 0; i < 4; i++) {
        if (threadIdx.x < 32) {
            buf[lane] = in[i * 32 + lane]; //~ race write-read
            asm volatile("bar.arrive 1, 64;" ::: "memory");
            asm volatile("bar.sync 2, 64;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 64;" ::: "memory");
            asm volatile("bar.arrive 2, 64;" ::: "memory");
            out[i * 32 + lane] = buf[31 - lane]; //~ race read-write
        }
    }
}
