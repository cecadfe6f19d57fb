// expect-verdict(full_mask_warp_uniform_branch): race-free
// expect-verdict(full_mask_lane_branch): divergent
//--blockDim=[32,4] --gridDim=4
// threadIdx.y is the same in every lane of a warp when blockDim.x is a
// multiple of 32: a full-mask shuffle under a branch on it is reached by
// all lanes of a warp or by none.

__global__ void full_mask_warp_uniform_branch(const int *in, int *out) {
    int t = threadIdx.y * 32 + threadIdx.x;
    int x = in[blockIdx.x * 128 + t];
    if (threadIdx.y % 2 == 0) x = __shfl_xor_sync(0xffffffff, x, 1);
    out[blockIdx.x * 128 + t] = x;
}

__global__ void full_mask_lane_branch(const int *in, int *out) {
    int t = threadIdx.y * 32 + threadIdx.x;
    int x = in[blockIdx.x * 128 + t];
    if (threadIdx.x % 2 == 0) {
        x = __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    }
    out[blockIdx.x * 128 + t] = x;
}
