// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Race-free twin of named_recycling.cu: each stage has its own barrier id, so
// no generation can take two arrivals of the producer warp.

__global__ void two_ids(const float *in, float *out) {
    __shared__ float stage[2][32];
    int lane = threadIdx.x % 32;
    if (threadIdx.x < 32) {
        stage[0][lane] = in[lane];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        stage[1][lane] = in[32 + lane];
        asm volatile("bar.arrive 2, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        float a = stage[0][31 - lane];
        asm volatile("bar.sync 2, 64;" ::: "memory");
        out[lane] = a + stage[1][31 - lane];
    }
}
