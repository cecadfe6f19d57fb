// expect-verdict(two_roles_write_then_arrive): race-free
//--blockDim=128 --gridDim=1
// Warps 0 and 1 fill the two halves of a tile from different branches,
// each before arriving at named barrier 1; warps 2-3 wait at it and read
// the whole tile. Every write precedes an arrival of its thread in the
// generation every reader waits for: ordered in every pair of threads,
// whatever the offsets.

__device__ void named_sync(int id, int n) {
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__device__ void named_arrive(int id, int n) {
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__global__ void two_roles_write_then_arrive(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp == 0) {
        tile[threadIdx.x] = in[threadIdx.x];
        named_arrive(1, 128);
    } else if (warp == 1) {
        tile[threadIdx.x] = 2.0f * in[threadIdx.x];
        named_arrive(1, 128);
    } else {
        named_sync(1, 128);
        out[threadIdx.x] = tile[threadIdx.x - 64] + tile[(threadIdx.x * 7) % 64];
    }
}
