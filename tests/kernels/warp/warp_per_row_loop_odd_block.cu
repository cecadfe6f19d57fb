// expect-verdict(warp_per_row_shfl_48): divergent
//--blockDim=48 --gridDim=64
// The warp-per-row loop of warp_per_row_loop.cu in blocks of 48 threads:
// the second warp of a block is its threads 32..47 only, and
// `(blockIdx.x * blockDim.x + threadIdx.x) / 32` differs between them in
// odd blocks (block 1: ids 48..63 give 1, 64..79 give 2), so two lanes of
// one warp run different numbers of iterations: divergent.

__global__ void warp_per_row_shfl_48(const float *a, float *y, int n) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int nw = (gridDim.x * blockDim.x) / 32;
    for (int r = warp; r < n; r += nw) {
        float s = a[r * 32 + threadIdx.x % 32];
        s += __shfl_xor_sync(0xffffffff, s, 16); //~ divergence
        if (threadIdx.x % 32 == 0) y[r] = s; //~ race
    }
}
