// expect-verdict: race-free
//--blockDim=[256] --gridDim=[64]
// Tree reductions whose counter is only bounded by its own assignments
// (started at `blockDim.x >> 1` or `blockDim.x / 2`, then only halved: it
// stays in [0, 512]), with no test proving it non-negative (`while (i !=
// 0)`), read as `t + i` in unsigned arithmetic and written back at `t + i`
// (a max-reduction keeping the loser's slot): in one round thread t < i
// touches t and t + i only, no other thread touches them. A barrier
// separates the rounds.

__global__ void argmax_unsigned(float *out, const float *in) {
    __shared__ float vals[512];
    const unsigned int t = threadIdx.x;
    vals[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    unsigned int i = blockDim.x >> 1;
    while (i != 0) {
        if (t < i) {
            if (vals[t + i] > vals[t]) {
                float lost = vals[t];
                vals[t] = vals[t + i];
                vals[t + i] = lost;
            }
        }
        __syncthreads();
        i >>= 1;
    }
    if (t == 0)
        out[blockIdx.x] = vals[0];
}

__global__ void argmax_signed(float *out, const float *in) {
    __shared__ float vals[512];
    vals[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (threadIdx.x < i) {
            if (vals[threadIdx.x + i] > vals[threadIdx.x])
                vals[threadIdx.x] = vals[threadIdx.x + i];
            else
                vals[threadIdx.x + i] = vals[threadIdx.x];
        }
        __syncthreads();
        i = i / 2;
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = vals[0];
}
