// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// Tree reduction whose loop starts at `blockDim.x / 2`: under the launch's
// 256 threads its first test is true, so its first barrier separates the
// stores to `t` from the read of t[1] after the loop.

__global__ void reduce_launch(const float *in, float *out) {
    __shared__ float s[256];
    __shared__ float t[256];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid];
    t[tid] = 2.0f * in[blockIdx.x * blockDim.x + tid];
    for (unsigned d = blockDim.x / 2; d > 0; d /= 2) {
        __syncthreads();
        if (tid < d && tid + d < 256)
            s[tid] += s[tid + d];
    }
    if (tid == 0)
        out[blockIdx.x] = s[0] + t[1];
}
