// expect-verdict: divergent
//--blockDim=128 --gridDim=4
// The lanes past `cols` return, the rest of their warp runs the loop: its
// __syncwarp() with the full mask is not reached by every lane of the warp.

__global__ void row_sums_ragged(const float *in, float *out, int rows, int cols) {
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + warp;
    if (row >= rows || lane >= cols)
        return;
    float v = in[row * 32 + lane];
    for (int offset = 16; offset > 0; offset >>= 1) {
        __syncwarp(); //~ divergence
        v += __shfl_down_sync(0xffffffff, v, offset);
    }
    if (lane == 0)
        out[row] = v;
}
