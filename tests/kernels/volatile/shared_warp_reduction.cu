// expect-verdict: race-free
//--blockDim=64 --gridDim=4 --warp-sync
// A classic warp-synchronous reduction through a `volatile` pointer to
// shared memory. Only the threads of the block write shared memory, so the
// total read back after the barrier is one value in every thread: the loop
// it bounds, with a barrier inside, is not divergent.

__device__ void warp_reduce(volatile int *s, unsigned t) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
}

__global__ void reduce_then_rounds(const int *in, int *out) {
    __shared__ int s[64];
    __shared__ int r[64];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 64 + t];
    __syncthreads();
    if (t < 32)
        warp_reduce(s, t);
    __syncthreads();
    int rounds = s[0] & 7;
    r[t] = 0;
    for (int k = 0; k < rounds; ++k) {
        __syncthreads();
        int x = r[63 - t];
        __syncthreads();
        r[t] = x + k;
    }
    out[blockIdx.x * 64 + t] = r[t];
}
