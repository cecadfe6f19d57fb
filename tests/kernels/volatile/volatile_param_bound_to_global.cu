// expect-verdict: divergent
//--blockDim=64 --gridDim=4
// The divergent twin of volatile_param_bound_to_shared.cu: the helper's
// `volatile` parameter is given the global array `rounds`, which the host
// may change while the kernel runs, so two warps may read two trip counts.

__device__ int peek(volatile int *p) {
    return *p;
}

__global__ void poll_rounds(const int *rounds, int *out) {
    __shared__ int r[64];
    unsigned t = threadIdx.x;
    r[t] = (int)t;
    int n = peek(rounds);
    for (int k = 0; k < n; ++k) {
        __syncthreads(); //~ divergence
        int x = r[63 - t];
        __syncthreads(); //~ divergence
        r[t] = x + k;
    }
    out[blockIdx.x * 64 + t] = r[t];
}
