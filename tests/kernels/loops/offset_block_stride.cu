// expect-verdict: race-free
// A tile loop whose counter starts at a block-uniform value and steps by
// blockDim.x, the thread adding its own id in the body (`i = s + threadIdx.x`),
// here into a segment whose start is read from an array the kernel never
// writes: two threads of a block have different `s + threadIdx.x` modulo
// blockDim.x, so they never store to the same element of `seg`. Decided by the
// offset stride-loop theorem (check::grid_stride), without the solver.

__global__ void segment_scale(float *out, const int *__restrict__ offsets, float k) {
    __shared__ float seg[4096];
    const int start = offsets[blockIdx.x];
    const int len = offsets[blockIdx.x + 1] - start;
    for (int s = 0; s < len; s += blockDim.x) {
        int i = s + threadIdx.x;
        if (i < len && start + i < 4096) {
            seg[start + i] = k * (float)i;
        }
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = seg[threadIdx.x];
}
