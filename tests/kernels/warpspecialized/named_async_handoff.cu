// expect-verdict(handoff_after_wait): race-free
// expect-verdict(handoff_before_wait): racy
//--blockDim=64 --gridDim=1
// A producer warp fetches a tile with cp.async and hands it to the consumer
// warp on named barrier 1. The arrival publishes the tile only if the copy
// completed before it: arriving first lets the copy land after the handoff.

__device__ void fetch(float *dst, const float *src) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n"
                 :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(src));
}

__global__ void handoff_after_wait(const float *in, float *out) {
    __shared__ float tile[32];
    int lane = threadIdx.x % 32;
    if (threadIdx.x < 32) {
        fetch(&tile[lane], &in[lane]);
        asm volatile("cp.async.wait_all;\n" ::);
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[lane] = tile[31 - lane];
    }
}

__global__ void handoff_before_wait(const float *in, float *out) {
    __shared__ float tile[32];
    int lane = threadIdx.x % 32;
    if (threadIdx.x < 32) {
        fetch(&tile[lane], &in[lane]);
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        asm volatile("cp.async.wait_all;\n" ::);
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[lane] = tile[31 - lane]; //~ async-copy read-write
    }
}
