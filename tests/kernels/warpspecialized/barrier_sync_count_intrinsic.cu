// expect-verdict(count_roles): race-free
// expect-verdict(count_roles_too_few): divergent
// expect-verdict(count_roles_early_read): racy
//--blockDim=128 --gridDim=1
// `__barrier_sync_count(id, n)` is `bar.sync id, n` (the intrinsic the
// cooperative-groups headers use): a named barrier `n` threads meet at. Warps
// 0-1 write a tile and warps 2-3 read it after both roles meet at barrier 1
// (128 threads). With a count of 64 any 64 threads complete a generation,
// perhaps the producers alone; a read before the barrier races.

__global__ void count_roles(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp < 2) {
        tile[threadIdx.x] = in[threadIdx.x];
        __barrier_sync_count(1, 128);
    } else {
        __barrier_sync_count(1, 128);
        out[threadIdx.x] = tile[threadIdx.x - 64];
    }
}

__global__ void count_roles_too_few(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp < 2) {
        tile[threadIdx.x] = in[threadIdx.x]; //~ race write-read
        __barrier_sync_count(1, 64); //~ barrier-deadlock
    } else {
        __barrier_sync_count(1, 64);
        out[threadIdx.x] = tile[threadIdx.x - 64];
    }
}

__global__ void count_roles_early_read(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp < 2) {
        tile[threadIdx.x] = in[threadIdx.x]; //~ race write-read
        __barrier_sync_count(1, 128);
    } else {
        out[threadIdx.x] = tile[threadIdx.x - 64];
        __barrier_sync_count(1, 128);
    }
}
