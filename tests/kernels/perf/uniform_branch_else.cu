// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// The two branches of a block-uniform condition: one dynamic instance of the
// `if` sends every thread of the block the same way, and the barrier of the
// then branch ends the interval of its write.

__global__ void one_way(float *out, int mode) {
    __shared__ float s[257];
    unsigned t = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    if (mode > 0) {
        s[t] = mode;
        __syncthreads();
    }
    out[blockIdx.x * 256 + t] = s[t + 1];
}
