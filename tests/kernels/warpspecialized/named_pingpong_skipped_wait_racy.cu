// expect-verdict(hands_back_early_once): racy
//--blockDim=64 --gridDim=1
// Twin of named_pingpong_loop.cu: the consumer warp hands the buffer back
// before reading it in iteration 0 only (after the read in the others).
// One read statement, ordered before the producer's next store in every
// iteration but the first: the store of iteration 1 races with the read
// of iteration 0.

__global__ void hands_back_early_once(const float *in, float *out) {
    __shared__ float buf[32];
    int lane = threadIdx.x % 32;
    for (int i = 0; i < 4; i++) {
        if (threadIdx.x < 32) {
            buf[lane] = in[i * 32 + lane]; //~ race write-read
            asm volatile("bar.arrive 1, 64;" ::: "memory");
            asm volatile("bar.sync 2, 64;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 64;" ::: "memory");
            if (i == 0)
                asm volatile("bar.arrive 2, 64;" ::: "memory");
            out[i * 32 + lane] = buf[31 - lane]; //~ race read-write
            if (i != 0)
                asm volatile("bar.arrive 2, 64;" ::: "memory");
        }
    }
}
