// expect-verdict(one_warp_writes_after_arriving): racy
//--blockDim=128 --gridDim=1
// Twin of named_ordered_roles.cu: one write statement run by two warps,
// warp 0 before its arrival at named barrier 1 and warp 1 after it. The
// readers waiting at barrier 1 are ordered after warp 0's writes only:
// warp 1's writes race with them.

__device__ void named_sync(int id, int n) {
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__device__ void named_arrive(int id, int n) {
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__global__ void one_warp_writes_after_arriving(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp < 2) {
        if (warp == 1)
            named_arrive(1, 128);
        tile[threadIdx.x] = in[threadIdx.x]; //~ race write-read
        if (warp == 0)
            named_arrive(1, 128);
    } else {
        named_sync(1, 128);
        out[threadIdx.x] = tile[threadIdx.x - 64] + tile[(threadIdx.x * 7) % 64]; //~ race read-write
    }
}
