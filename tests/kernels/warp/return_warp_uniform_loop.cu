// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// Whole warps return before the loop (the row is the warp's index), so every
// lane that is still running counts the same loop iterations and reaches
// each __syncwarp() of the shuffle reduction together.

__global__ void row_sums(const float *in, float *out, int rows) {
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + warp;
    if (row >= rows)
        return;
    float v = in[row * 32 + lane];
    for (int offset = 16; offset > 0; offset >>= 1) {
        __syncwarp();
        v += __shfl_down_sync(0xffffffff, v, offset);
    }
    if (lane == 0)
        out[row] = v;
}
