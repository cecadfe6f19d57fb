// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// Warp specialization: warps 0-1 produce a tile, warps 2-3 consume it. Named
// barrier 1 (128 threads: producers arrive, consumers wait) publishes the
// tile; named barrier 2 (consumers arrive, producers wait) hands it back.

__device__ void named_sync(int id, int n) {
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__device__ void named_arrive(int id, int n) {
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__global__ void producer_consumer(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp < 2) {
        tile[threadIdx.x] = in[threadIdx.x];
        named_arrive(1, 128);
        named_sync(2, 128);
        tile[threadIdx.x] = 0.0f;
    } else {
        named_sync(1, 128);
        out[threadIdx.x] = tile[threadIdx.x - 64] + tile[127 - threadIdx.x];
        named_arrive(2, 128);
    }
}
