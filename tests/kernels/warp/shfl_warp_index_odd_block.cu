// expect-verdict: divergent
//--blockDim=[48,2] --gridDim=4
// The twin of shfl_warp_index.cu with blockDim.x = 48, not a multiple of
// 32: warp 1 is threads 32-47 of row 0 and threads 0-15 of row 1, so
// threadIdx.x / 32 differs within it.

__global__ void warp_index_branch_odd(const int *in, int *out) {
    unsigned t = threadIdx.y * 48 + threadIdx.x;
    int x = in[blockIdx.x * 96 + t];
    if (threadIdx.x / 32 == 1) {
        x = __shfl_sync(0xffffffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 96 + t] = x;
}
