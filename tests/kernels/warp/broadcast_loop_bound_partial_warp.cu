// expect-verdict: divergent
//--blockDim=[16,3] --gridDim=4
// 48 threads: the second warp has 16 lanes, so the full-mask shuffle's
// source lane and the loop's trip count are not known to be one value in it.

__global__ void partial_warp(const int *in, int *out) {
    int t = threadIdx.y * 16 + threadIdx.x;
    int x = in[blockIdx.x * 48 + t];
    int n = __shfl_sync(0xffffffff, x, 0);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1); //~ divergence
    out[blockIdx.x * 48 + t] = x;
}
