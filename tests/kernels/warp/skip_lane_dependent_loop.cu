// expect-verdict: divergent
//--blockDim=128 --gridDim=4
// The twins of return_lane_dependent_loop.cu: the lanes past `cols` have not
// exited when the others reach the __syncwarp() and the shuffle with the
// full mask.
// - `skip_loop`: they skip the loop and go on running.
// - `return_later`: they skip the loop and return only after it.

__global__ void skip_loop(const float *in, float *out, int rows, int cols) {
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + warp;
    if (row >= rows)
        return;
    float v = 0.0f;
    if (lane < cols) {
        v = in[row * 32 + lane];
        for (int offset = 16; offset > 0; offset >>= 1) {
            __syncwarp(); //~ divergence
            v += __shfl_down_sync(0xffffffff, v, offset); //~ divergence
        }
    }
    if (lane == 0)
        out[row] = v;
}

__global__ void return_later(const float *in, float *out, int rows, int cols) {
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int row = blockIdx.x * (blockDim.x / 32) + warp;
    if (row >= rows)
        return;
    float v = in[row * 32 + lane];
    if (lane < cols) {
        for (int offset = 16; offset > 0; offset >>= 1) {
            __syncwarp(); //~ divergence
            v += __shfl_down_sync(0xffffffff, v, offset); //~ divergence
        }
    }
    if (lane >= cols)
        return;
    if (lane == 0)
        out[row] = v;
}
