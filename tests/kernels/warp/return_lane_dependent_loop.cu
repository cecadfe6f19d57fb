// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// The lanes past `cols` return, the rest of their warp runs the loop. Its
// __syncwarp() with the full mask awaits only the lanes that have not exited:
// "all non-exited threads named in mask must execute a corresponding
// __syncwarp()" (CUDA Programming Guide, Synchronization Functions), so the
// lanes that returned do not make it divergent. The twins, where the other
// lanes are still running when they skip it, are in
// skip_lane_dependent_loop.cu.

__global__ void row_sums_ragged(const float *in, float *out, int rows, int cols) {
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + warp;
    if (row >= rows || lane >= cols)
        return;
    float v = in[row * 32 + lane];
    for (int offset = 16; offset > 0; offset >>= 1) {
        __syncwarp();
        v += __shfl_down_sync(0xffffffff, v, offset);
    }
    if (lane == 0)
        out[row] = v;
}
