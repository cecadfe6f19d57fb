// expect-verdict(two_stage_pipeline): race-free
// expect-verdict(two_stage_early_release): racy
//--blockDim=128 --gridDim=1
// A two-stage producer/consumer pipeline on stage-indexed named barriers:
// stage s = k % 2 is "full" on barrier 1 + s and "empty" on barrier 3 + s.
// Each barrier is used every other iteration, so the generation of an
// operation in iteration k is k / 2 on barrier base + k % 2. The consumers
// release both stages once before the loop and the producers drain them after
// it, so every generation completes. In the buggy twin the consumers release
// a stage before reading it: the producers refill it while it is being read.

__global__ void two_stage_pipeline(const float *in, float *out) {
    __shared__ float buf[2][64];
    int warp = threadIdx.x / 32;
    float acc = 0.0f;
    if (warp >= 2) {
        asm volatile("bar.arrive 3, 128;" ::: "memory");
        asm volatile("bar.arrive 4, 128;" ::: "memory");
    }
    for (int k = 0; k < 8; k++) {
        int s = k % 2;
        if (warp < 2) {
            asm volatile("bar.sync %0, 128;" :: "r"(3 + s) : "memory");
            buf[s][threadIdx.x] = in[k * 64 + threadIdx.x];
            asm volatile("bar.arrive %0, 128;" :: "r"(1 + s) : "memory");
        } else {
            asm volatile("bar.sync %0, 128;" :: "r"(1 + s) : "memory");
            acc += buf[s][127 - threadIdx.x];
            asm volatile("bar.arrive %0, 128;" :: "r"(3 + s) : "memory");
        }
    }
    if (warp < 2) {
        asm volatile("bar.sync 3, 128;" ::: "memory");
        asm volatile("bar.sync 4, 128;" ::: "memory");
    } else {
        out[threadIdx.x - 64] = acc;
    }
}

__global__ void two_stage_early_release(const float *in, float *out) {
    __shared__ float buf[2][64];
    int warp = threadIdx.x / 32;
    float acc = 0.0f;
    if (warp >= 2) {
        asm volatile("bar.arrive 3, 128;" ::: "memory");
        asm volatile("bar.arrive 4, 128;" ::: "memory");
    }
    for (int k = 0; k < 8; k++) {
        int s = k % 2;
        if (warp < 2) {
            asm volatile("bar.sync %0, 128;" :: "r"(3 + s) : "memory");
            buf[s][threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
            asm volatile("bar.arrive %0, 128;" :: "r"(1 + s) : "memory");
        } else {
            asm volatile("bar.sync %0, 128;" :: "r"(1 + s) : "memory");
            asm volatile("bar.arrive %0, 128;" :: "r"(3 + s) : "memory");
            acc += buf[s][127 - threadIdx.x]; //~ race read-write
        }
    }
    if (warp < 2) {
        asm volatile("bar.sync 3, 128;" ::: "memory");
        asm volatile("bar.sync 4, 128;" ::: "memory");
    } else {
        out[threadIdx.x - 64] = acc;
    }
}
