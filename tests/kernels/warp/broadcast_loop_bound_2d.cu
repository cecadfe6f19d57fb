// expect-verdict: race-free
//--blockDim=[16,8] --gridDim=4
// A warp spans two rows of this block, yet a shuffle from lane 0 is one
// value in all of its 32 lanes: the loop it bounds runs as often in each.

__global__ void two_rows_per_warp(const int *in, int *out) {
    int t = threadIdx.y * 16 + threadIdx.x;
    int x = in[blockIdx.x * 128 + t];
    int n = __shfl_sync(0xffffffff, x, 0);
    for (int i = 0; i < n; i++)
        x += __shfl_xor_sync(0xffffffff, x, 1);
    out[blockIdx.x * 128 + t] = x;
}
