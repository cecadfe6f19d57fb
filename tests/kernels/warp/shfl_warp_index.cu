// expect-verdict(warp_index_branch): race-free
// expect-verdict(first_two_warps): race-free
// expect-verdict(shifted_warp_index): race-free
// expect-verdict(last_lane_boundary): race-free
// expect-verdict(warp_index_of_local): race-free
// expect-verdict(boundary_mid_warp): divergent
// expect-verdict(local_not_only_tid): divergent
// expect-verdict(half_warp_index): divergent
// expect-verdict(boundary_off_by_one): divergent
//--blockDim=128 --gridDim=4
// With blockDim.x a multiple of 32, a warp is 32 consecutive values of
// threadIdx.x starting at a multiple of 32: threadIdx.x / 32, >> 5, and
// comparisons with a multiple of 32 are the same in all of its lanes, so a
// full-mask shuffle under a branch on them is reached by a whole warp or by
// none of it. Boundaries inside a warp split it.

__global__ void warp_index_branch(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x / 32 == 1)
        for (int o = 16; o > 0; o /= 2) x += __shfl_down_sync(0xffffffff, x, o);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void first_two_warps(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x < 64)
        for (int o = 16; o > 0; o /= 2) x += __shfl_down_sync(0xffffffff, x, o);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void shifted_warp_index(const int *in, int *out) {
    int warp = (int)threadIdx.x >> 5;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (warp % 2 == 0) x = __shfl_sync(0xffffffff, x, 0);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void last_lane_boundary(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (95 < threadIdx.x) x = __shfl_sync(0xffffffff, x, 0);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void boundary_mid_warp(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x < 48) {
        x = __shfl_sync(0xffffffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void half_warp_index(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x / 16 == 1) {
        x = __shfl_sync(0xffffffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void boundary_off_by_one(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x > 32) {
        x = __shfl_sync(0xffffffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void warp_index_of_local(const int *in, int *out) {
    int tid = threadIdx.x;
    int wid = tid / 32;
    int x = in[blockIdx.x * 128 + tid];
    if (wid == 0)
        for (int o = 16; o > 0; o /= 2) x += __shfl_down_sync(0xffffffff, x, o);
    out[blockIdx.x * 128 + tid] = x;
}

__global__ void local_not_only_tid(const int *in, int *out) {
    int t = threadIdx.x;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (x > 0) t = threadIdx.x + 16;
    if (t / 32 == 0) {
        x = __shfl_sync(0xffffffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}
